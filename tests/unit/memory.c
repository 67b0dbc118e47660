/* unit/memory.c - the default allocator's cache of large blocks (gen/30-base/config.c, >>memory): a freed block
   of GIR__CACHE_MIN bytes or more is kept and handed to the request it fits best (at most twice over); the cache
   never holds more than GIR__CACHE_SLOTS blocks or GIR__CACHE_BYTES, the oldest going first; a realloc within a
   block keeps it, one into a kept block copies and keeps the old one; a failed malloc and gir_release_caches
   empty it; a graph built, differentiated, compiled and freed takes its large blocks from it the second time.
   The threads suite builds graphs on several threads at once (under ThreadSanitizer in make test). Without the
   cache (GIR_NO_ALLOC_CACHE, GIR_MALLOC, GIR_NO_MALLOC, a compiler without GCC's atomics) the suite is one skip.
   Included by unit/main.c (it sees gir.h's internals). */
#if defined(GIR__CACHE)

/* the cache's own account agrees with its blocks */
static int mem_consistent(void) {
    size_t bytes = 0;
    unsigned k;
    for (k = 0; k < gir__cache.n; ++k) bytes += gir__cache.blk[k]->n;
    return gir__cache.n <= GIR__CACHE_SLOTS && bytes == gir__cache.bytes && bytes <= GIR__CACHE_BYTES;
}
/* block p (a pointer the default allocator gave) is kept */
static int mem_kept(const void *p) {
    unsigned k;
    for (k = 0; k < gir__cache.n; ++k)
        if ((const void *)(gir__cache.blk[k] + 1) == p) return 1;
    return 0;
}

/* reuse: the best fit at most twice over; small and huge blocks are not kept; the capacity stays with a block */
static int test_mem_cache_reuse(void) {
    void *a, *b, *c, *d[3];
    gir_release_caches();
    a = gir__default_alloc(100000, NULL);
    CHECK(a != NULL, "alloc");
    memset(a, 1, 100000);
    gir__default_free(a, NULL);
    CHECK(gir__cache.n == 1 && gir__cache.bytes == 100000 && mem_kept(a), "a freed block of 100000 bytes is kept");
    b = gir__default_alloc(60000, NULL);
    CHECK(b == a && gir__cache.n == 0 && gir__cache.bytes == 0, "a request of 60000 bytes takes it");
    gir__default_free(b, NULL);
    CHECK(gir__cache.n == 1 && gir__cache.bytes == 100000, "freed again it keeps its 100000 bytes");
    c = gir__default_alloc(40000, NULL);
    CHECK(c != a && gir__cache.n == 1, "a request of less than half the block leaves it");
    gir__default_free(c, NULL);
    CHECK(gir__cache.n == 2, "40000 bytes are kept too");
    c = gir__default_alloc(100001, NULL);
    CHECK(c != a && gir__cache.n == 2, "a request larger than every kept block takes none");
    gir__default_free(c, NULL);
    gir_release_caches();
    c = gir__default_alloc(GIR__CACHE_MIN - 1, NULL);
    gir__default_free(c, NULL);
    c = gir__default_alloc(GIR__CACHE_BYTES / 4 + 1, NULL);
    gir__default_free(c, NULL);
    CHECK(gir__cache.n == 0, "blocks under GIR__CACHE_MIN or over a quarter of GIR__CACHE_BYTES are freed");
    d[0] = gir__default_alloc(200000, NULL);
    d[1] = gir__default_alloc(120000, NULL);
    d[2] = gir__default_alloc(150000, NULL);
    gir__default_free(d[0], NULL);
    gir__default_free(d[1], NULL);
    gir__default_free(d[2], NULL);
    c = gir__default_alloc(110000, NULL);
    CHECK(c == d[1] && gir__cache.n == 2 && mem_kept(d[0]) && mem_kept(d[2]), "the best fit is taken");
    gir__default_free(c, NULL);
    CHECK(mem_consistent(), "account");
    gir_release_caches();
    CHECK(gir__cache.n == 0 && gir__cache.bytes == 0, "gir_release_caches empties the cache");
    return 1;
}

/* bounds: at most GIR__CACHE_SLOTS blocks and GIR__CACHE_BYTES, the oldest going first */
static int test_mem_cache_bounds(void) {
    void *p[GIR__CACHE_SLOTS + 8], *big[5];
    unsigned k;
    gir_release_caches();
    for (k = 0; k < GIR__CACHE_SLOTS + 8; ++k) CHECK((p[k] = gir__default_alloc(8192, NULL)) != NULL, "alloc");
    for (k = 0; k < GIR__CACHE_SLOTS + 8; ++k) gir__default_free(p[k], NULL);
    CHECK(gir__cache.n == GIR__CACHE_SLOTS && mem_consistent(), "%u blocks kept", gir__cache.n);
    for (k = 0; k < 8; ++k) CHECK(!mem_kept(p[k]), "block %u, among the oldest, is still kept", k);
    for (k = 8; k < GIR__CACHE_SLOTS + 8; ++k) CHECK(mem_kept(p[k]), "block %u, among the newest, is not kept", k);
    for (k = 0; k < 5; ++k) CHECK((big[k] = gir__default_alloc(GIR__CACHE_BYTES / 4, NULL)) != NULL, "alloc");
    for (k = 0; k < 5; ++k) {
        gir__default_free(big[k], NULL);
        CHECK(mem_consistent() && mem_kept(big[k]), "after large block %u: %u blocks, %lu bytes", k, gir__cache.n,
              (unsigned long)gir__cache.bytes);
    }
    CHECK(gir__cache.n == 4 && gir__cache.bytes == GIR__CACHE_BYTES && !mem_kept(big[0]),
          "four blocks of a quarter of the bytes are kept, the oldest went: %u blocks", gir__cache.n);
    gir_release_caches();
    CHECK(gir__cache.n == 0 && gir__cache.bytes == 0, "gir_release_caches empties the cache");
    return 1;
}

/* realloc: within the block it stays; into a kept block it copies, and the old block is kept */
static int test_mem_cache_realloc(void) {
    unsigned char *p, *q, *r;
    int k;
    gir_release_caches();
    p = (unsigned char *)gir__default_realloc(NULL, 0, 5000, NULL);
    CHECK(p != NULL, "realloc of NULL allocates");
    for (k = 0; k < 5000; ++k) p[k] = (unsigned char)(k * 7);
    CHECK(gir__default_realloc(p, 5000, 4000, NULL) == p, "a smaller size keeps the block");
    q = (unsigned char *)gir__default_alloc(20000, NULL);
    gir__default_free(q, NULL);
    r = (unsigned char *)gir__default_realloc(p, 4000, 16000, NULL);
    CHECK(r == q && gir__cache.n == 1 && mem_kept(p), "growing into the kept block keeps the old one");
    for (k = 0; k < 4000; ++k) CHECK(r[k] == (unsigned char)(k * 7), "byte %d was not copied", k);
    CHECK(gir__default_realloc(r, 16000, 20000, NULL) == r, "growing within the block keeps it");
    memset(r, 0, 20000);
    gir__default_free(r, NULL);
    CHECK(mem_consistent() && gir__cache.n == 2, "account");
    gir_release_caches();
    return 1;
}

/* a malloc that fails empties the cache before it gives up (not under AddressSanitizer, whose malloc stops the
   program on a request this large unless told otherwise) */
static int test_mem_cache_oom(void) {
#if !defined(GIR__ASAN)
    void *p;
    if (sizeof(size_t) < 8) return 1;
    gir_release_caches();
    gir__default_free(gir__default_alloc(50000, NULL), NULL);
    CHECK(gir__cache.n == 1, "kept");
    p = gir__default_alloc(((size_t)-1) / 2 - 4096, NULL);
    CHECK(p == NULL, "a request of half the address space was met");
    CHECK(gir__cache.n == 0 && gir__cache.bytes == 0, "the failed malloc left %u blocks in the cache", gir__cache.n);
#endif
    return 1;
}

/* the bench's chain: n steps of x * a + b and its gradient, compiled and run; *y and *dx its values */
static gir_plan *mem_chain(int n, gir_graph **pg, double *y, double *dx) {
    gir_graph *g = *pg = gir_graph_new(NULL);
    gir_node x0 = gir_input(g, GIR_DTYPE_F64, gir_shape0()), x = x0, outs[2];
    gir_node a = gir_scalar(g, GIR_DTYPE_F64, 1.0001), b = gir_scalar(g, GIR_DTYPE_F64, 0.25);
    gir_plan *p = NULL;
    double xv = 1.0;
    int i;
    for (i = 0; i < n; ++i) x = gir_add(g, gir_mul(g, x, a), b);
    outs[0] = x;
    *y = *dx = 0;
    if (gir_grad(g, x, 1, &x0, &outs[1]) == GIR_OK && gir_plan_compile(g, 2, outs, NULL, &p) == GIR_OK &&
        gir_plan_bind(p, x0, &xv) == GIR_OK && gir_plan_run(p) == GIR_OK) {
        *y = gir_plan_scalar(p, outs[0]);
        *dx = gir_plan_scalar(p, outs[1]);
    }
    return p;
}
/* graphs: the second graph takes the blocks the first one gave back, and gets the same values */
static int test_mem_cache_graphs(void) {
    double y0, y1, d0, d1;
    gir_graph *g;
    gir_plan *p;
    unsigned kept, left;
    gir_release_caches();
    p = mem_chain(2000, &g, &y0, &d0);
    gir_plan_free(p);
    gir_graph_free(g);
    kept = gir__cache.n;
    CHECK(kept >= 4 && mem_consistent(), "a freed graph and plan left %u blocks", kept);
    p = mem_chain(2000, &g, &y1, &d1);
    left = gir__cache.n;
    gir_plan_free(p);
    gir_graph_free(g);
    CHECK(y0 > 500 && y0 == y1 && d0 > 1 && d0 == d1, "values: %g %g, %g %g", y0, y1, d0, d1);
    CHECK(left + 4 <= kept, "the second graph took %u of the %u blocks kept", kept - left, kept);
    CHECK(gir__cache.n >= kept && mem_consistent(), "%u blocks kept after the second graph", gir__cache.n);
    gir_release_caches();
    CHECK(gir__cache.n == 0, "released");
    return 1;
}

static void suite_memory(void) {
    RUN("memory/cache_reuse", test_mem_cache_reuse());
    RUN("memory/cache_bounds", test_mem_cache_bounds());
    RUN("memory/cache_realloc", test_mem_cache_realloc());
    RUN("memory/cache_oom", test_mem_cache_oom());
    RUN("memory/cache_graphs", test_mem_cache_graphs());
}
#else
static void suite_memory(void) {
    skip_test("memory/cache", "this build has no allocator cache (GIR_NO_ALLOC_CACHE, GIR_MALLOC, GIR_NO_MALLOC, or no "
              "atomic builtins)");
}
#endif
