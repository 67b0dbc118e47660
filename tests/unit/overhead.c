/* unit/overhead.c - graph-building overhead: nodes keep their attributes out of line (an attribute store of
 * blocks that never move), plans unpack their steps' attributes once, arrays grow geometrically. Included by
 * unit/main.c (it sees gir.h's internals). */

/* an allocator that counts calls, can fail the k-th one, and counts live blocks */
typedef struct ov_count { long calls, fail_at, live; } ov_count;
static void *ov_alloc(size_t n, void *u) {
    ov_count *c = (ov_count *)u;
    void *p;
    if (++c->calls == c->fail_at) return NULL;
    p = malloc(n);
    if (p) ++c->live;
    return p;
}
static void *ov_realloc(void *p, size_t o, size_t n, void *u) {
    ov_count *c = (ov_count *)u;
    (void)o;
    if (++c->calls == c->fail_at) return NULL;
    if (!p) ++c->live;
    return realloc(p, n);
}
static void ov_free(void *p, void *u) { if (p) { --((ov_count *)u)->live; free(p); } }
static gir_graph *ov_graph(ov_count *c) {
    gir_graph_desc d;
    memset(&d, 0, sizeof d);
    d.allocator.alloc_fn = ov_alloc; d.allocator.realloc_fn = ov_realloc; d.allocator.free_fn = ov_free;
    d.allocator.user = c;
    return gir_graph_new(&d);
}
static long ov_entries(const gir_graph *g) {              /* entries used in the attribute store */
    long n = 0;
    size_t k;
    for (k = 1; k < g->nnodes; ++k) n += g->nodes[k].attr != 0;
    return n;
}
static uint32_t ov_blocks(const gir_graph *g) {           /* blocks of the attribute store */
    const gir__sblk *b;
    uint32_t n = 0;
    for (b = g->attrs.head; b; b = b->next) ++n;
    return n;
}

/* The layout itself: a node without attributes is a few dozen bytes, a step a few words, and a chain of
   x*a + b (no attributes) puts nothing in the attribute store; a node with attributes gets exactly one entry. */
static int test_ov_layout_small(void) {
    gir_graph *g = gir_graph_new(NULL);
    gir_node x = gir_input(g, GIR_DTYPE_F64, gir_shape0()), a = gir_scalar(g, GIR_DTYPE_F64, 2.0), s;
    long before;
    int i;
    CHECK(sizeof(gir__node) <= 64, "gir__node is %d bytes", (int)sizeof(gir__node));
    CHECK(sizeof(gir__step) <= 32, "gir__step is %d bytes", (int)sizeof(gir__step));
    before = ov_entries(g);
    CHECK(before == 2, "the input (dtype, shape) and the scalar (a fill) should have one entry each, got %ld", before);
    for (i = 0; i < 500; ++i) x = gir_add(g, gir_mul(g, x, a), a);
    CHECK(ov_entries(g) == before, "a chain without attributes used %ld store entries", ov_entries(g) - before);
    CHECK(g->nodes[x.id].attr == 0, "a node without attributes does not share the zero attributes");
    s = gir_input(g, GIR_DTYPE_F32, gir_shape2(2, 3));
    before = ov_entries(g);
    s = gir_sum(g, s, gir_ints1(1), 1);
    CHECK(ov_entries(g) == before + 1 && g->nodes[s.id].attr != 0, "sum's axes: %ld entries",
          ov_entries(g) - before);
    gir_graph_free(g);
    return 1;
}

/* Attribute bytes are kept as given, even where a test on values would lose them: -0.0 (equal to 0.0), and the
   attributes a caller passes to an op whose row has none (gir_node_attr gives them back). */
static int test_ov_attr_bytes_kept(void) {
    gir_graph *g = gir_graph_new(NULL);
    gir_node z = gir_fill(g, GIR_DTYPE_F64, gir_shape0(), -0.0), one = gir_scalar(g, GIR_DTYPE_F64, 1.0), q, in[2], y, y0;
    gir_plan *p = NULL;
    gir_attr junk, got;
    q = gir_div(g, one, z);
    CHECK(gir_plan_compile(g, 1, &q, NULL, &p) == GIR_OK && gir_plan_run(p) == GIR_OK, "%s", gir_graph_message(g));
    CHECK(isinf(*(const double *)gir_plan_data(p, q)) && *(const double *)gir_plan_data(p, q) < 0,
          "1 / fill(-0.0) = %g, want -inf", *(const double *)gir_plan_data(p, q));
    got = gir_node_attr(g, z);
    CHECK(got.f[0] == 0 && signbit(got.f[0]), "fill's value lost its sign");
    gir_attr_zero(&junk);
    junk.f[2] = 3.5; junk.i[4] = 7; junk.l[2].n = 1; junk.l[2].v[0] = 9; junk.seed = 42;
    in[0] = one; in[1] = one;
    y = gir_op_build(g, GIR_OP_ADD, 2, in, &junk);
    y0 = gir_op_build(g, GIR_OP_ADD, 2, in, NULL);
    got = gir_node_attr(g, y);
    CHECK(y.id && got.f[2] == 3.5 && got.i[4] == 7 && got.l[2].n == 1 && got.l[2].v[0] == 9 && got.seed == 42,
          "attributes given to add were not kept");
    got = gir_node_attr(g, y0);
    junk = gir__no_attr;
    CHECK(!memcmp(&got, &junk, sizeof got), "NULL attributes are not all zeros");
    gir_plan_free(p);
    gir_graph_free(g);
    return 1;
}

/* Every op of the table (its first golden case), all built in ONE graph between filler nodes, so the node and
   input arrays are reallocated many times and the attribute store fills several blocks; then one plan for all
   of them. Each node's attributes equal those of the same case built alone (byte for byte), each output equals
   the oracle's; then the graph grows by thousands more nodes while the plan lives, and the plan runs again with
   the same results (the steps' attributes stay valid; ASan sees any stale pointer). */
typedef struct ov_slot { const gcase *c; gir_node y, in[8]; void *buf[8], *data; } ov_slot;
static int ov_check_outputs(gir_plan *p, gir_graph *g, const ov_slot *sl, int n, const char *when) {
    int j;
    int64_t k;
    for (j = 0; j < n; ++j) {
        const gcase *c = sl[j].c;
        int dt = gir_node_dtype(g, sl[j].y);
        const void *out = gir_plan_data(p, sl[j].y);
        double rtol = c->has_tol ? c->rtol : dt == GIR_DTYPE_F32 ? 2e-6 : 1e-12;
        double atol = c->has_tol ? c->atol : dt == GIR_DTYPE_F32 ? 1e-6 : 1e-12;
        CHECK(out || c->out.n == 0, "%s: %s: no output", when, c->op);
        for (k = 0; k < c->out.n; ++k) {
            double got = getv(out, dt, k);
            CHECK(close_enough(got, c->out.v[k], is_float(dt) ? rtol : 0, is_float(dt) ? atol : 0),
                  "%s: %s/%s element %lld: got %.9g, oracle %.9g", when, c->op, c->label, (long long)k, got, c->out.v[k]);
        }
    }
    return 1;
}
static int ov_every_op_body(gir_graph *g, ov_slot *sl, int *pn, gir_plan **pp) {
    gir_node outs[GIR_OP__COUNT], f = gir_input(g, GIR_DTYPE_F32, gir_shape1(3));
    int op, k, j, n = 0;
    for (op = 1; op < GIR_OP__COUNT; ++op) {
        const gcase *c = NULL;
        built ref;
        gir_attr a, ga, ra;
        for (k = 0; k < ncases && !c; ++k)
            if ((int)gir_op_from_name(cases[k].op) == op && cases[k].has_out) c = &cases[k];
        if (!c || op == GIR_OP_INPUT || op == GIR_OP_ASSIGN) continue;   /* assign needs a variable (build_case) */
        for (k = 0; k < 37 + op; ++k)                       /* filler: moves the arrays, and sum adds store entries */
            f = k % 3 ? gir_neg(g, f) : gir_sum(g, f, gir_ints1(0), 1);
        sl[n].c = c;
        a = c->attr;
        for (k = 0; k < c->nin; ++k) {
            sl[n].buf[k] = to_bytes(c->in[k].v, c->in[k].n, c->in[k].dt);
            sl[n].in[k] = gir_input(g, (gir_dtype)c->in[k].dt, c->in[k].s);
        }
        if (c->has_data) { sl[n].data = to_bytes(c->data, c->ndata, a.dtype); a.data = sl[n].data; }
        sl[n].y = gir_op_build(g, (gir_op)op, c->nin, sl[n].in, &a);
        CHECK(sl[n].y.id, "%s: %s", c->op, gir_graph_message(g));
        if (!build_case(c, 0, &ref)) { built_free(&ref); return 0; }
        ga = gir_node_attr(g, sl[n].y);
        ra = gir_node_attr(ref.g, ref.y);
        j = memcmp(&ga, &ra, sizeof ga);
        built_free(&ref);
        CHECK(!j, "%s: attributes differ from the same case built alone", c->op);
        outs[n] = sl[n].y;
        ++n;
    }
    *pn = n;
    CHECK(n > 80, "only %d ops have golden cases", n);
    CHECK(ov_entries(g) > 8 + 16 + 32 && ov_blocks(g) >= 4, "the store did not cross blocks (%u)", (unsigned)ov_blocks(g));
    CHECK(gir_plan_compile(g, n, outs, NULL, pp) == GIR_OK, "%s", gir_graph_message(g));
    for (j = 0; j < n; ++j)
        for (k = 0; k < sl[j].c->nin; ++k) CHECK(gir_plan_bind(*pp, sl[j].in[k], sl[j].buf[k]) == GIR_OK, "bind");
    CHECK(gir_plan_run(*pp) == GIR_OK, "run: %s", gir_plan_message(*pp));
    if (!ov_check_outputs(*pp, g, sl, n, "first run")) return 0;
    {   /* grow everything while the plan lives: nodes, inputs and attribute store */
        size_t cap = g->cap, inscap = g->inscap;
        uint32_t nb = ov_blocks(g);
        for (k = 0; k < 20000; ++k) f = k % 2 ? gir_neg(g, f) : gir_sum(g, f, gir_ints1(0), 1);
        CHECK(g->cap > cap && g->inscap > inscap && ov_blocks(g) > nb, "the graph did not grow its arrays");
    }
    for (j = 0; j < 3; ++j) {
        CHECK(gir_plan_run(*pp) == GIR_OK, "run after growth: %s", gir_plan_message(*pp));
        if (!ov_check_outputs(*pp, g, sl, n, "after growth")) return 0;
    }
    return 1;
}
static int test_ov_every_op_one_graph(void) {
    static ov_slot sl[GIR_OP__COUNT];
    gir_graph *g = gir_graph_new(NULL);
    gir_plan *p = NULL;
    int n = 0, ok, j, k;
    memset(sl, 0, sizeof sl);
    ok = ov_every_op_body(g, sl, &n, &p);
    gir_plan_free(p);
    gir_graph_free(g);
    for (j = 0; j < GIR_OP__COUNT; ++j) {
        for (k = 0; k < 8; ++k) free(sl[j].buf[k]);
        free(sl[j].data);
    }
    return ok;
}

/* A chain x = x*a + b of 6000 ops: handles taken at every step stay valid across the reallocations of the node
   and input arrays (op, inputs, shape read back), and the values equal a plain C loop's. */
static int test_ov_chain_across_reallocs(void) {
    enum { N = 6000 };
    gir_graph *g = gir_graph_new(NULL);
    static gir_node xs[N + 1];
    gir_node a = gir_scalar(g, GIR_DTYPE_F64, 1.0001), b = gir_scalar(g, GIR_DTYPE_F64, 0.0001), dx, outs[3];
    gir_plan *p = NULL;
    double xv = 0.5, want = 0.5, dwant = 1.0, got;
    size_t cap = g->cap;
    int i, moves = 0;
    xs[0] = gir_input(g, GIR_DTYPE_F64, gir_shape0());
    for (i = 1; i <= N; ++i) {
        gir_node m = gir_mul(g, xs[i - 1], a);
        xs[i] = gir_add(g, m, b);
        if (g->cap != cap) {                                 /* the node array moved: check every earlier handle */
            int j;
            cap = g->cap;
            ++moves;
            for (j = 1; j < i; ++j) {
                gir_node mj = gir_node_input(g, xs[j], 0);
                CHECK(gir_node_op(g, xs[j]) == GIR_OP_ADD && gir_node_op(g, mj) == GIR_OP_MUL &&
                      gir_node_input(g, mj, 0).id == xs[j - 1].id && gir_node_input(g, mj, 1).id == a.id &&
                      gir_node_input(g, xs[j], 1).id == b.id && gir_node_shape(g, xs[j]).rank == 0,
                      "node %d wrong after the array moved (%d moves)", j, moves);
            }
        }
    }
    CHECK(moves >= 6, "the node array moved only %d times", moves);
    CHECK(gir_grad(g, xs[N], 1, &xs[0], &dx) == GIR_OK, "%s", gir_graph_message(g));
    outs[0] = xs[N]; outs[1] = dx; outs[2] = xs[N / 2];
    CHECK(gir_plan_compile(g, 3, outs, NULL, &p) == GIR_OK, "%s", gir_graph_message(g));
    CHECK(gir_plan_query_stats(p).steps - gir_plan_query_stats(p).fused_groups + gir_plan_query_stats(p).fused_nodes >= 3 * N,
          "%d steps, %d fused groups of %d nodes", gir_plan_query_stats(p).steps, gir_plan_query_stats(p).fused_groups,
          gir_plan_query_stats(p).fused_nodes);
    gir_plan_bind(p, xs[0], &xv);
    CHECK(gir_plan_run(p) == GIR_OK, "%s", gir_plan_message(p));
    for (i = 0; i < N; ++i) { want = want * 1.0001 + 0.0001; dwant *= 1.0001; }
    got = *(const double *)gir_plan_data(p, xs[N]);
    CHECK(fabs(got - want) <= 1e-12 * fabs(want), "x: %.17g vs %.17g", got, want);
    got = *(const double *)gir_plan_data(p, dx);
    CHECK(fabs(got - dwant) <= 1e-12 * fabs(dwant), "dx: %.17g vs %.17g", got, dwant);
    gir_plan_free(p);
    gir_graph_free(g);
    return 1;
}

/* build, differentiate, compile and run a chain of n ops with a counting (maybe failing) allocator */
static gir_status ov_chain_all(ov_count *c, int n, int *done, uint32_t *nodes_after_fail) {
    gir_graph *g = ov_graph(c);
    gir_node x0, x, a, b, dx, outs[2];
    gir_plan *p = NULL;
    double xv = 1.0;
    gir_status s = GIR_OK;
    int i;
    *done = 0;
    if (!g) return GIR_ERR_OUT_OF_MEMORY;
    x0 = gir_input(g, GIR_DTYPE_F64, gir_shape0());
    a = gir_scalar(g, GIR_DTYPE_F64, 1.5);
    b = gir_sum(g, gir_fill(g, GIR_DTYPE_F64, gir_shape1(2), 0.25), gir_ints1(0), 0);   /* an attributed node */
    x = x0;
    for (i = 0; i < n && x.id && a.id && b.id; ++i) {
        uint32_t before = gir_graph_node_count(g);
        gir_node m = gir_mul(g, x, a);
        if (m.id) x = gir_add(g, m, b);
        if (!m.id || !x.id) {                /* a failed builder leaves the graph as it was before that builder */
            *nodes_after_fail = gir_graph_node_count(g) - before - (m.id ? 1u : 0u);
            x = m.id ? x : m;
        }
    }
    if (!x.id || !a.id || !b.id || !x0.id) s = gir_graph_status(g);
    if (!s) s = gir_grad(g, x, 1, &x0, &dx);
    if (!s) { outs[0] = x; outs[1] = dx; s = gir_plan_compile(g, 2, outs, NULL, &p); }
    if (!s) { gir_plan_bind(p, x0, &xv); s = gir_plan_run(p); *done = s == GIR_OK; }
    gir_plan_free(p);
    gir_graph_free(g);
    return s;
}
/* OOM at every allocation of build, grad and compile of a chain: each is OUT_OF_MEMORY, nothing leaks, a
   failed builder adds no node */
static int test_ov_oom_every_allocation_chain(void) {
    ov_count c;
    long k, total;
    int done;
    uint32_t extra = 0;
    memset(&c, 0, sizeof c);
    CHECK(ov_chain_all(&c, 700, &done, &extra) == GIR_OK && done && c.live == 0, "clean run: %ld leaked", c.live);
    total = c.calls;
    CHECK(total > 20, "only %ld allocations", total);
    for (k = 1; k <= total; ++k) {
        gir_status s;
        memset(&c, 0, sizeof c);
        c.fail_at = k;
        extra = 0;
        s = ov_chain_all(&c, 700, &done, &extra);
        CHECK(s == GIR_ERR_OUT_OF_MEMORY, "allocation %ld of %ld: %s", k, total, gir_status_name(s));
        CHECK(c.live == 0, "allocation %ld: %ld blocks leaked", k, c.live);
        CHECK(extra == 0, "allocation %ld: the failed builder left %u node(s)", k, (unsigned)extra);
    }
    return 1;
}
/* Geometric growth: the allocations for build + grad + compile + run of an n-op chain grow with log n, not n */
static int test_ov_allocations_logarithmic(void) {
    ov_count c;
    long cnt[3];
    int n[3] = {1000, 8000, 64000}, j, done;
    uint32_t extra;
    for (j = 0; j < 3; ++j) {
        memset(&c, 0, sizeof c);
        CHECK(ov_chain_all(&c, n[j], &done, &extra) == GIR_OK && done, "chain of %d", n[j]);
        cnt[j] = c.calls;
    }
    CHECK(cnt[0] < 60, "%ld allocations for 1000 ops", cnt[0]);
    CHECK(cnt[1] - cnt[0] <= 12 && cnt[2] - cnt[1] <= 12, "allocations %ld, %ld, %ld for 1000, 8000, 64000 ops",
          cnt[0], cnt[1], cnt[2]);
    return 1;
}

static void suite_overhead(void) {
    RUN("overhead/layout_nodes_and_steps_small", test_ov_layout_small());
    RUN("overhead/attr_bytes_kept_negzero_and_attrless_ops", test_ov_attr_bytes_kept());
    RUN("overhead/attrs_every_op_one_graph_plan_outlives_growth", test_ov_every_op_one_graph());
    RUN("overhead/chain_handles_valid_across_reallocs", test_ov_chain_across_reallocs());
    RUN("overhead/oom_every_allocation_chain_build_grad_compile", test_ov_oom_every_allocation_chain());
    RUN_MIB(48, "overhead/allocations_grow_logarithmically", test_ov_allocations_logarithmic());
}
