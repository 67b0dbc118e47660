/* unit/threads.c - threads (GIR_THREADS): a plan with a parallel-for hook gives bit for bit the results of the
   same plan on one thread (GEMM: odd shapes, row and column slices, batched, transposed operands, f32 and
   f64; elementwise: flat and broadcast, long and short), whatever the hook: the built-in pool with 2, 3 and 7
   threads, a hook that runs the tasks in reverse order on one thread, a hook that counts its calls (which
   proves the parallel paths are taken, and not taken for small work). Also the pool itself and the hook
   API's errors. Built only when the runner is compiled with -DGIR_THREADS (tests/run_all.sh does, with
   -pthread, and once under ThreadSanitizer); otherwise the suite is empty. Included by unit/main.c. */
#if defined(GIR_THREADS)

typedef struct th_count { int calls, tasks, most; } th_count;
/* a hook that runs the tasks in order on this thread and counts what it was given */
static void th_counting_hook(void *user, int ntasks, gir_task_fn task, void *ctx) {
    th_count *c = (th_count *)user;
    int i;
    ++c->calls;
    c->tasks += ntasks;
    if (ntasks > c->most) c->most = ntasks;
    for (i = 0; i < ntasks; ++i) task(ctx, i);
}
/* a hook that runs the tasks last to first: any order must give the same results */
static void th_reverse_hook(void *user, int ntasks, gir_task_fn task, void *ctx) {
    int i;
    (void)user;
    for (i = ntasks - 1; i >= 0; --i) task(ctx, i);
}

#if defined(GIR_HAVE_POOL)
static gir_pool *th_pools[3];            /* 2, 3 and 7 threads */
static const int th_pool_sizes[3] = {2, 3, 7};
#endif

static uint32_t th_seed = 777u;
static double th_rand(void) {
    th_seed = th_seed * 1664525u + 1013904223u;
    return (double)(th_seed >> 8) / 8388608.0 - 1.0;
}
/* a variable of random values in [-1, 1) */
static gir_node th_var(gir_graph *g, gir_dtype dt, gir_shape s) {
    gir_node v = gir_variable(g, dt, s, NULL);
    int64_t i, n = gir_node_numel(g, v);
    void *d = gir_node_data(g, v);
    for (i = 0; d && i < n; ++i) {
        if (dt == GIR_DTYPE_F32) ((float *)d)[i] = (float)th_rand();
        else ((double *)d)[i] = th_rand();
    }
    return v;
}

/* compiles out once without a hook and once per hook (counting with 4 threads, reverse with 5, the pools);
   every hooked run must give the bytes of the one-thread run. *calls: the counting hook's calls. */
static int th_same_all_hooks(gir_graph *g, gir_node out, const char *what, th_count *cnt) {
    gir_plan *ref = NULL, *p = NULL;
    size_t bytes;
    int v, nv = 2;
    CHECK(gir_graph_status(g) == GIR_OK, "%s: %s", what, gir_graph_message(g));
    CHECK(gir_plan_compile(g, 1, &out, NULL, &ref) == GIR_OK, "%s: compile: %s", what, gir_graph_message(g));
    CHECK(gir_plan_run(ref) == GIR_OK && gir_plan_threads(ref) == 1, "%s: run: %s", what, gir_plan_message(ref));
    bytes = (size_t)gir_node_numel(g, out) * gir_dtype_size(gir_node_dtype(g, out));
    memset(cnt, 0, sizeof *cnt);
#if defined(GIR_HAVE_POOL)
    nv += 3;
#endif
    for (v = 0; v < nv; ++v) {
        gir_status s;
        int nt = v == 0 ? 4 : v == 1 ? 5 : 0;
        if (gir_plan_compile(g, 1, &out, NULL, &p) != GIR_OK) { gir_plan_free(ref); FAILF("%s: compile: %s", what, gir_graph_message(g)); }
        if (v == 0) s = gir_plan_set_parallel(p, th_counting_hook, cnt, nt);
        else if (v == 1) s = gir_plan_set_parallel(p, th_reverse_hook, NULL, nt);
#if defined(GIR_HAVE_POOL)
        else { nt = th_pool_sizes[v - 2]; s = gir_plan_set_parallel(p, gir_pool_parallel, th_pools[v - 2], nt); }
#else
        else s = GIR_ERR_INVALID_ARG;
#endif
        if (s != GIR_OK || gir_plan_threads(p) != nt || gir_plan_run(p) != GIR_OK ||
            memcmp(gir_plan_data(p, out), gir_plan_data(ref, out), bytes) != 0) {
            const char *msg = gir_plan_message(p);
            snprintf(why, sizeof why, "%s: %s with %d threads: %s", what,
                     v == 0 ? "counting hook" : v == 1 ? "reverse-order hook" : "pool", nt,
                     s != GIR_OK || *msg ? msg : "results differ from one thread");
            gir_plan_free(p); gir_plan_free(ref);
            return 0;
        }
        gir_plan_free(p);
    }
    gir_plan_free(ref);
    return 1;
}

/* matmul of [batch..., m, k] x [batch..., k, n] (ta/tb: the operand is built transposed and read through mT) */
static int th_matmul_case(gir_dtype dt, int rank, int32_t batch, int32_t m, int32_t n, int32_t k, int ta, int tb,
                          int want_split) {
    gir_graph *g = gir_graph_new(NULL);
    gir_node a, b, c;
    th_count cnt;
    char what[128];
    int ok;
    int32_t ad[3], bd[3];
    ad[0] = bd[0] = batch;
    ad[rank - 2] = ta ? k : m; ad[rank - 1] = ta ? m : k;
    bd[rank - 2] = tb ? n : k; bd[rank - 1] = tb ? k : n;
    a = th_var(g, dt, gir_shapev(rank, ad));
    b = th_var(g, dt, gir_shapev(rank, bd));
    if (ta) a = gir_permute_last2(g, a);
    if (tb) b = gir_permute_last2(g, b);
    c = gir_matmul(g, a, b);
    snprintf(what, sizeof what, "%s batch %d %dx%d * %dx%d%s%s", gir_dtype_name(dt), rank == 3 ? (int)batch : 0,
             (int)m, (int)k, (int)k, (int)n, ta ? " A^T" : "", tb ? " B^T" : "");
    ok = th_same_all_hooks(g, c, what, &cnt);
    gir_graph_free(g);
    if (!ok) return 0;
    if (want_split) CHECK(cnt.calls >= 1 && cnt.most >= 2 && cnt.most <= 4, "%s: the parallel path was not taken "
                          "(%d hook calls, at most %d tasks)", what, cnt.calls, cnt.most);
    else CHECK(cnt.calls == 0, "%s: %d hook calls for a product below the threshold", what, cnt.calls);
    return 1;
}

/* GEMM through matmul: tall (row slices), wide with few rows (column slices), odd sizes at every block edge,
   transposed operands, batched (whole products per thread, or each product split when the batch is small) */
static int test_threads_matmul_bitwise_f32(void) {
    return th_matmul_case(GIR_DTYPE_F32, 2, 1, 515, 77, 301, 0, 0, 1) &&
           th_matmul_case(GIR_DTYPE_F32, 2, 1, 37, 1031, 257, 0, 0, 1) &&
           th_matmul_case(GIR_DTYPE_F32, 2, 1, 203, 149, 611, 1, 0, 1) &&
           th_matmul_case(GIR_DTYPE_F32, 2, 1, 181, 190, 133, 0, 1, 1) &&
           th_matmul_case(GIR_DTYPE_F32, 2, 1, 129, 256, 1100, 1, 1, 1) &&
           th_matmul_case(GIR_DTYPE_F32, 3, 6, 61, 70, 95, 0, 0, 1) &&
           th_matmul_case(GIR_DTYPE_F32, 3, 2, 150, 161, 170, 0, 1, 1) &&
           th_matmul_case(GIR_DTYPE_F32, 3, 3, 40, 300, 300, 0, 0, 1) &&
           th_matmul_case(GIR_DTYPE_F32, 2, 1, 13, 7, 5, 0, 0, 0) &&
           th_matmul_case(GIR_DTYPE_F32, 2, 1, 1, 1, 1, 0, 0, 0);
}
static int test_threads_matmul_bitwise_f64(void) {
    return th_matmul_case(GIR_DTYPE_F64, 2, 1, 301, 99, 127, 0, 0, 1) &&
           th_matmul_case(GIR_DTYPE_F64, 2, 1, 23, 517, 203, 0, 1, 1) &&
           th_matmul_case(GIR_DTYPE_F64, 2, 1, 167, 133, 401, 1, 0, 1) &&
           th_matmul_case(GIR_DTYPE_F64, 3, 5, 47, 91, 103, 1, 1, 1) &&
           th_matmul_case(GIR_DTYPE_F64, 3, 2, 140, 133, 150, 0, 0, 1) &&
           th_matmul_case(GIR_DTYPE_F64, 2, 1, 7, 13, 5, 0, 0, 0);
}

/* gir__gemm itself with a hook: accumulation into C (acc) and a C whose rows are longer than n, which matmul
   never asks for; against the same call on one thread, bit for bit, and the padding of C untouched */
static int th_gemm_direct(int dtype, int64_t m, int64_t n, int64_t k, int acc, int nt) {
    const gir__gemm_cfg *g = gir__gemm_cfg_for(dtype);
    int es = g->es;
    int64_t ldc = n + 3, i;
    size_t sb = gir__gemm_scratch_par(g, m, n, k, nt);
    void *a = malloc((size_t)(m * k) * es), *b = malloc((size_t)(k * n) * es);
    char *c1 = (char *)malloc((size_t)(m * ldc) * es), *c2 = (char *)malloc((size_t)(m * ldc) * es);
    unsigned char *raw = (unsigned char *)malloc(sb + 64);
    th_count cnt;
    gir__par par;
    int ok;
    memset(&cnt, 0, sizeof cnt);
    par.fn = th_counting_hook; par.user = &cnt; par.nt = nt;
    CHECK(a && b && c1 && c2 && raw, "out of memory");
    for (i = 0; i < m * k; ++i) gm_set(a, es, i, th_rand());
    for (i = 0; i < k * n; ++i) gm_set(b, es, i, th_rand());
    for (i = 0; i < m * ldc; ++i) gm_set(c1, es, i, i % ldc >= n ? 555.0 : th_rand());
    memcpy(c2, c1, (size_t)(m * ldc) * es);
    gir__gemm(g, m, n, k, a, k, 1, b, n, 1, c1, ldc, acc, raw + (64 - (uintptr_t)raw % 64) % 64, NULL);
    gir__gemm(g, m, n, k, a, k, 1, b, n, 1, c2, ldc, acc, raw + (64 - (uintptr_t)raw % 64) % 64, &par);
    ok = memcmp(c1, c2, (size_t)(m * ldc) * es) == 0 && cnt.calls == 1;
    for (i = 0; i < m * ldc && ok; ++i)
        if (i % ldc >= n && gm_get(c2, es, i) != 555.0) ok = 0;
    free(a); free(b); free(c1); free(c2); free(raw);
    CHECK(ok, "%s %dB %ldx%ld * %ldx%ld acc=%d, %d threads: differs from one thread, or padding written, or "
          "%d hook calls", g->isa, es, (long)m, (long)k, (long)k, (long)n, acc, nt, cnt.calls);
    return 1;
}
static int test_threads_gemm_accumulate_strided(void) {
    return th_gemm_direct(GIR_DTYPE_F32, 333, 129, 517, 1, 2) && th_gemm_direct(GIR_DTYPE_F32, 19, 901, 300, 1, 3) &&
           th_gemm_direct(GIR_DTYPE_F64, 251, 75, 390, 1, 7) && th_gemm_direct(GIR_DTYPE_F64, 200, 200, 200, 0, 2);
}

/* elementwise: the long loops are split, the short ones are not; flat, broadcast along rows and columns, a
   rank-3 broadcast, and add_n (which accumulates into its own output) */
static int th_ew_case(gir_dtype dt, int which, gir_shape sx, gir_shape sy, int want_split) {
    gir_graph *g = gir_graph_new(NULL);
    gir_node x = th_var(g, dt, sx), y = th_var(g, dt, sy), out, xs[3];
    th_count cnt;
    char what[96];
    int ok;
    switch (which) {
    case 0: out = gir_tanh(g, gir_add(g, gir_mul(g, x, y), y)); break;
    case 1: out = gir_exp(g, x); break;
    default: xs[0] = x; xs[1] = gir_sin(g, x); xs[2] = gir_cos(g, x); out = gir_add_n(g, 3, xs); break;
    }
    snprintf(what, sizeof what, "%s %s, %ld elements", gir_dtype_name(dt), which == 0 ? "tanh(x*y + y)" :
             which == 1 ? "exp(x)" : "add_n", (long)gir_node_numel(g, out));
    ok = th_same_all_hooks(g, out, what, &cnt);
    gir_graph_free(g);
    if (!ok) return 0;
    if (want_split) CHECK(cnt.calls >= 1 && cnt.most >= 2, "%s: the parallel path was not taken", what);
    else CHECK(cnt.calls == 0, "%s: %d hook calls below the threshold", what, cnt.calls);
    return 1;
}
static int test_threads_elementwise_bitwise(void) {
    return th_ew_case(GIR_DTYPE_F32, 1, gir_shape1(100003), gir_shape0(), 1) &&
           th_ew_case(GIR_DTYPE_F64, 1, gir_shape2(257, 509), gir_shape0(), 1) &&
           th_ew_case(GIR_DTYPE_F32, 0, gir_shape2(301, 517), gir_shape1(517), 1) &&
           th_ew_case(GIR_DTYPE_F64, 0, gir_shape2(1031, 67), gir_shape2(1031, 1), 1) &&
           th_ew_case(GIR_DTYPE_F32, 0, gir_shape3(3, 250, 111), gir_shape3(3, 1, 111), 1) &&
           th_ew_case(GIR_DTYPE_F32, 0, gir_shape2(70000, 1), gir_shape1(1), 1) &&
           th_ew_case(GIR_DTYPE_F32, 2, gir_shape1(65599), gir_shape0(), 1) &&
           th_ew_case(GIR_DTYPE_F64, 2, gir_shape2(5, 100), gir_shape0(), 0) &&
           th_ew_case(GIR_DTYPE_F32, 1, gir_shape1(65535), gir_shape0(), 0);
}

/* the hook API: no hook means one thread; fn NULL or nthreads 1 detach it; bad counts are errors that keep the
   old hook; a detached hook is not called again */
static int test_threads_hook_api(void) {
    gir_graph *g = gir_graph_new(NULL);
    gir_node a = th_var(g, GIR_DTYPE_F32, gir_shape2(200, 200)), c = gir_matmul(g, a, a);
    gir_plan *p = NULL;
    th_count cnt;
    int ok = 0;
    memset(&cnt, 0, sizeof cnt);
    if (gir_plan_compile(g, 1, &c, NULL, &p) != GIR_OK) { gir_graph_free(g); FAILF("compile: %s", gir_graph_message(g)); }
    do {
        if (gir_plan_threads(p) != 1 || gir_plan_threads(NULL) != 1) { snprintf(why, sizeof why, "no hook: threads != 1"); break; }
        if (gir_plan_set_parallel(NULL, th_counting_hook, &cnt, 2) != GIR_ERR_INVALID_ARG) { snprintf(why, sizeof why, "NULL plan accepted"); break; }
        if (gir_plan_set_parallel(p, th_counting_hook, &cnt, 3) != GIR_OK || gir_plan_threads(p) != 3) { snprintf(why, sizeof why, "set 3: %s", gir_plan_message(p)); break; }
        if (gir_plan_set_parallel(p, th_counting_hook, &cnt, 0) != GIR_ERR_INVALID_ARG || !strstr(gir_plan_message(p), "nthreads 0")) {
            snprintf(why, sizeof why, "nthreads 0: '%s'", gir_plan_message(p)); break;
        }
        if (gir_plan_set_parallel(p, th_counting_hook, &cnt, GIR_MAX_THREADS + 1) != GIR_ERR_INVALID_ARG || gir_plan_threads(p) != 3) {
            snprintf(why, sizeof why, "nthreads %d accepted, or the old hook lost", GIR_MAX_THREADS + 1); break;
        }
        if (gir_plan_run(p) != GIR_OK || cnt.calls != 1 || cnt.most != 3) { snprintf(why, sizeof why, "3 threads: %d calls, %d tasks", cnt.calls, cnt.most); break; }
        if (gir_plan_set_parallel(p, th_counting_hook, &cnt, 1) != GIR_OK || gir_plan_threads(p) != 1 || gir_plan_run(p) != GIR_OK || cnt.calls != 1) {
            snprintf(why, sizeof why, "nthreads 1: the hook was called (%d calls)", cnt.calls); break;
        }
        if (gir_plan_set_parallel(p, NULL, NULL, 4) != GIR_OK || gir_plan_threads(p) != 1 || gir_plan_run(p) != GIR_OK || cnt.calls != 1) {
            snprintf(why, sizeof why, "fn NULL: threads %d, %d calls", gir_plan_threads(p), cnt.calls); break;
        }
        ok = 1;
    } while (0);
    gir_plan_free(p);
    gir_graph_free(g);
    return ok;
}

/* a hook that runs every task but the last; and one that runs the plan again from inside a task's turn */
static void th_skipping_hook(void *user, int ntasks, gir_task_fn task, void *ctx) {
    int i;
    (void)user;
    for (i = 0; i + 1 < ntasks; ++i) task(ctx, i);
}
typedef struct th_reenter { gir_plan *p; gir_status got; int calls; } th_reenter;
static void th_reentering_hook(void *user, int ntasks, gir_task_fn task, void *ctx) {
    th_reenter *r = (th_reenter *)user;
    int i;
    if (r->calls++ == 0) r->got = gir_plan_run(r->p);
    for (i = 0; i < ntasks; ++i) task(ctx, i);
}
/* a hook that skips a task fails the step (it returned with a part of the output unwritten); a plan run while it
   runs is GIR_ERR_BUSY, and the running call finishes with the right result */
static int test_threads_hook_mistakes(void) {
    gir_graph *g = gir_graph_new(NULL);
    gir_node a = th_var(g, GIR_DTYPE_F32, gir_shape2(200, 200)), c = gir_matmul(g, a, a);
    gir_plan *p = NULL, *ref = NULL;
    th_reenter r;
    CHECK(gir_plan_compile(g, 1, &c, NULL, &p) == GIR_OK && gir_plan_compile(g, 1, &c, NULL, &ref) == GIR_OK &&
          gir_plan_run(ref) == GIR_OK, "compile: %s", gir_graph_message(g));
    CHECK(gir_plan_set_parallel(p, th_skipping_hook, NULL, 4) == GIR_OK, "set: %s", gir_plan_message(p));
    CHECK(gir_plan_run(p) == GIR_ERR_INVALID_ARG && strstr(gir_plan_message(p), "1 of its tasks not run") &&
          strstr(gir_plan_message(p), "matmul"), "a skipped task: '%s'", gir_plan_message(p));
    memset(&r, 0, sizeof r);
    r.p = p;
    r.got = GIR_OK;
    CHECK(gir_plan_set_parallel(p, th_reentering_hook, &r, 4) == GIR_OK, "set: %s", gir_plan_message(p));
    CHECK(gir_plan_run(p) == GIR_OK && r.calls >= 1 && r.got == GIR_ERR_BUSY, "re-entered: status %d, calls %d",
          (int)r.got, r.calls);
    CHECK(!memcmp(gir_plan_data(p, c), gir_plan_data(ref, c), 200 * 200 * sizeof(float)), "wrong result");
    CHECK(gir_plan_run(p) == GIR_OK, "the flag stayed set: %s", gir_plan_message(p));
    gir_plan_free(p);
    gir_plan_free(ref);
    gir_graph_free(g);
    return 1;
}
/* an allocator that fails once told to: gir_plan_set_parallel out of memory keeps the old hook and scratch */
static int th_fail_now;
static void *th_alloc(size_t n, void *user) { (void)user; return th_fail_now ? NULL : malloc(n); }
static void th_free(void *p, void *user) { (void)user; free(p); }
static int test_threads_set_parallel_out_of_memory(void) {
    gir_graph_desc d;
    gir_graph *g;
    gir_node a, c;
    gir_plan *p = NULL, *ref = NULL;
    th_count cnt;
    int ok = 0;
    memset(&d, 0, sizeof d);
    memset(&cnt, 0, sizeof cnt);
    d.allocator.alloc_fn = th_alloc;
    d.allocator.free_fn = th_free;
    th_fail_now = 0;
    g = gir_graph_new(&d);
    CHECK(g != NULL, "graph");
    a = th_var(g, GIR_DTYPE_F32, gir_shape2(300, 310));
    c = gir_matmul(g, a, gir_permute_last2(g, a));
    if (gir_plan_compile(g, 1, &c, NULL, &p) == GIR_OK && gir_plan_compile(g, 1, &c, NULL, &ref) == GIR_OK && gir_plan_run(ref) == GIR_OK) {
        th_fail_now = 1;
        if (gir_plan_set_parallel(p, th_counting_hook, &cnt, 4) == GIR_ERR_OUT_OF_MEMORY &&
            strstr(gir_plan_message(p), "out of memory") && gir_plan_threads(p) == 1 && gir_plan_run(p) == GIR_OK &&
            cnt.calls == 0 && memcmp(gir_plan_data(p, c), gir_plan_data(ref, c), 300 * 300 * 4) == 0)
            ok = 1;
        th_fail_now = 0;
        ok = ok && gir_plan_set_parallel(p, th_counting_hook, &cnt, 4) == GIR_OK && gir_plan_run(p) == GIR_OK &&
             cnt.calls == 1 && memcmp(gir_plan_data(p, c), gir_plan_data(ref, c), 300 * 300 * 4) == 0;
    }
    th_fail_now = 0;
    gir_plan_free(p); gir_plan_free(ref);
    gir_graph_free(g);
    CHECK(ok, "set_parallel without memory: not GIR_ERR_OUT_OF_MEMORY, or the plan changed, or (with memory "
          "again) the hook was not used");
    return 1;
}

#if defined(GIR_HAVE_POOL)
typedef struct th_slots { int hits[64]; gir_pool *pool; int nested; } th_slots;
static void th_slot_task(void *ctx, int i) { ((th_slots *)ctx)->hits[i] += 1; }
/* a task that calls the busy pool again: that inner job runs on this thread */
static void th_nested_task(void *ctx, int i) {
    th_slots *s = (th_slots *)ctx;
    th_slots inner;
    int j, ok = 1;
    memset(&inner, 0, sizeof inner);
    gir_pool_parallel(s->pool, 8, th_slot_task, &inner);
    for (j = 0; j < 8; ++j) ok &= inner.hits[j] == 1;
    s->hits[i] = ok ? 1 : 100;
}
/* the pool runs each task exactly once for 1..64 tasks, nested calls run inline, sizes are checked */
static int test_threads_pool_runs_each_task_once(void) {
    th_slots s;
    int k, n, i;
    gir_pool *one = gir_pool_new(1);
    CHECK(gir_pool_new(0) == NULL && gir_pool_new(GIR_MAX_THREADS + 1) == NULL, "bad sizes gave a pool");
    CHECK(one && gir_pool_threads(one) == 1 && gir_pool_threads(NULL) == 0, "pool of 1");
    memset(&s, 0, sizeof s);
    gir_pool_parallel(one, 5, th_slot_task, &s);
    gir_pool_free(one);
    gir_pool_free(NULL);
    for (i = 0; i < 5; ++i) CHECK(s.hits[i] == 1, "pool of 1: task %d ran %d times", i, s.hits[i]);
    for (k = 0; k < 3; ++k) {
        CHECK(th_pools[k] && gir_pool_threads(th_pools[k]) == th_pool_sizes[k], "pool %d", th_pool_sizes[k]);
        for (n = 0; n <= 64; n += n < 9 ? 1 : 11) {
            memset(&s, 0, sizeof s);
            gir_pool_parallel(th_pools[k], n, th_slot_task, &s);
            for (i = 0; i < 64; ++i)
                CHECK(s.hits[i] == (i < n), "pool of %d, %d tasks: task %d ran %d times", th_pool_sizes[k], n, i, s.hits[i]);
        }
        memset(&s, 0, sizeof s);
        s.pool = th_pools[k];
        gir_pool_parallel(th_pools[k], 6, th_nested_task, &s);
        for (i = 0; i < 6; ++i) CHECK(s.hits[i] == 1, "pool of %d: nested call in task %d: %d", th_pool_sizes[k], i, s.hits[i]);
    }
    return 1;
}

#include <pthread.h>
typedef struct th_runner { gir_plan *p; int ok, reps; } th_runner;
static void *th_run_plan(void *arg) {
    th_runner *r = (th_runner *)arg;
    int k;
    for (k = 0; k < r->reps; ++k) r->ok &= gir_plan_run(r->p) == GIR_OK;
    return NULL;
}
/* two plans that share one pool, run from two threads at once: the one that finds the pool busy runs on its own
   thread; both give the one-thread results */
static int test_threads_two_plans_share_a_pool(void) {
    gir_graph *g = gir_graph_new(NULL);
    gir_node a = th_var(g, GIR_DTYPE_F32, gir_shape2(160, 170)), b = th_var(g, GIR_DTYPE_F32, gir_shape2(170, 150));
    gir_node c = gir_matmul(g, a, b), e = gir_exp(g, th_var(g, GIR_DTYPE_F32, gir_shape1(80000)));
    gir_plan *ref1 = NULL, *ref2 = NULL, *p1 = NULL, *p2 = NULL;
    th_runner r1, r2;
    pthread_t t1, t2;
    int ok = 0;
    if (gir_plan_compile(g, 1, &c, NULL, &ref1) == GIR_OK && gir_plan_compile(g, 1, &e, NULL, &ref2) == GIR_OK &&
        gir_plan_compile(g, 1, &c, NULL, &p1) == GIR_OK && gir_plan_compile(g, 1, &e, NULL, &p2) == GIR_OK &&
        gir_plan_set_parallel(p1, gir_pool_parallel, th_pools[0], 2) == GIR_OK &&
        gir_plan_set_parallel(p2, gir_pool_parallel, th_pools[0], 2) == GIR_OK &&
        gir_plan_run(ref1) == GIR_OK && gir_plan_run(ref2) == GIR_OK) {
        r1.p = p1; r2.p = p2; r1.ok = r2.ok = 1; r1.reps = r2.reps = 20;
        if (pthread_create(&t1, NULL, th_run_plan, &r1) == 0) {
            if (pthread_create(&t2, NULL, th_run_plan, &r2) == 0) {
                pthread_join(t2, NULL);
                ok = 1;
            }
            pthread_join(t1, NULL);
        }
        ok = ok && r1.ok && r2.ok && memcmp(gir_plan_data(p1, c), gir_plan_data(ref1, c), 160 * 150 * 4) == 0 &&
             memcmp(gir_plan_data(p2, e), gir_plan_data(ref2, e), 80000 * 4) == 0;
    }
    gir_plan_free(ref1); gir_plan_free(ref2); gir_plan_free(p1); gir_plan_free(p2);
    gir_graph_free(g);
    CHECK(ok, "two plans on one pool from two threads: a run failed or the results differ from one thread");
    return 1;
}

/* graphs built, differentiated, compiled, run and freed on four threads at once: each takes and gives back blocks
   of the default allocator's cache (gen/30-base/config.c) while the others do, and one empties it now and then;
   every graph gets the values of the same graph built on this thread first */
typedef struct th_builder { int reps, release, ok; double y, dy; } th_builder;
static int th_chain(int n, double *y, double *dy) {
    gir_graph *g = gir_graph_new(NULL);
    gir_node x0 = gir_input(g, GIR_DTYPE_F64, gir_shape0()), x = x0, outs[2];
    gir_node a = gir_scalar(g, GIR_DTYPE_F64, 1.001), b = gir_scalar(g, GIR_DTYPE_F64, 0.5);
    gir_plan *p = NULL;
    double xv = 0.5;
    int i, ok;
    for (i = 0; i < n; ++i) x = gir_add(g, gir_mul(g, x, a), b);
    outs[0] = x;
    ok = gir_grad(g, x, 1, &x0, &outs[1]) == GIR_OK && gir_plan_compile(g, 2, outs, NULL, &p) == GIR_OK &&
         gir_plan_bind(p, x0, &xv) == GIR_OK && gir_plan_run(p) == GIR_OK;
    if (ok) { *y = gir_plan_scalar(p, outs[0]); *dy = gir_plan_scalar(p, outs[1]); }
    gir_plan_free(p);
    gir_graph_free(g);
    return ok;
}
static void *th_build(void *arg) {
    th_builder *t = (th_builder *)arg;
    int k;
    double y, dy;
    for (k = 0; k < t->reps; ++k) {
        t->ok &= th_chain(1500, &y, &dy) && y == t->y && dy == t->dy;
        if (t->release && k % 3 == 2) gir_release_caches();
    }
    return NULL;
}
static int test_threads_graphs_share_the_allocator(void) {
    th_builder t[4];
    pthread_t id[4];
    int k, started = 0;
    double y, dy;
    CHECK(th_chain(1500, &y, &dy), "the graph on this thread failed");
    for (k = 0; k < 4; ++k) { t[k].reps = 6; t[k].release = k == 3; t[k].ok = 1; t[k].y = y; t[k].dy = dy; }
    for (k = 0; k < 4; ++k) started += pthread_create(&id[k], NULL, th_build, &t[k]) == 0;
    for (k = 0; k < started; ++k) pthread_join(id[k], NULL);
    CHECK(started == 4, "only %d threads started", started);
    for (k = 0; k < 4; ++k) CHECK(t[k].ok, "thread %d: a graph failed or its values differ", k);
    gir_release_caches();
    return 1;
}
#endif

static void suite_threads(void) {
#if defined(GIR_HAVE_POOL)
    int k;
    for (k = 0; k < 3; ++k) th_pools[k] = gir_pool_new(th_pool_sizes[k]);
#endif
    RUN("threads/matmul_bitwise_f32", test_threads_matmul_bitwise_f32());
    RUN("threads/matmul_bitwise_f64", test_threads_matmul_bitwise_f64());
    RUN("threads/gemm_accumulate_strided", test_threads_gemm_accumulate_strided());
    RUN("threads/elementwise_bitwise", test_threads_elementwise_bitwise());
    RUN("threads/hook_api", test_threads_hook_api());
    RUN("threads/hook_mistakes_skipped_task_and_reentry", test_threads_hook_mistakes());
    RUN("threads/set_parallel_out_of_memory", test_threads_set_parallel_out_of_memory());
#if defined(GIR_HAVE_POOL)
    RUN("threads/pool_runs_each_task_once", test_threads_pool_runs_each_task_once());
    RUN("threads/two_plans_share_a_pool", test_threads_two_plans_share_a_pool());
    RUN("threads/graphs_share_the_allocator", test_threads_graphs_share_the_allocator());
    for (k = 0; k < 3; ++k) gir_pool_free(th_pools[k]);
#endif
}
#else
static void suite_threads(void) {}
#endif
