/* unit/plan_calls.c - the memory of plans with calls, ifs and loops (gen/80-plan/compile.c): a function's plan is
 * nested in the calling plan, its records in the caller's memory and its arena in the caller's scratch, so
 * gir_plan_compile_size counts it and an if takes the larger branch, not both; compiling into a buffer of that
 * size calls no allocator; one byte less fails and leaves the bodies usable; every allocation failing in turn;
 * eval mode reaches the bodies; a pool's larger scratch moves the nested plans with it.
 * Included by unit/main.c (uses CHECK/FAILF). */

/* big(x) = sum(exp(x) * tanh(x) + x * x), several f64 [n] temporaries; small(x) = sum(x) */
static gir_func *pc_branch(gir_graph *b, int big, int n) {
    gir_node x = gir_input(b, GIR_DTYPE_F64, gir_shape1(n)), r;
    if (big) {
        gir_node e = gir_exp(b, x);
        gir_node t = gir_tanh(b, x);
        gir_node s = gir_add(b, gir_mul(b, e, t), gir_mul(b, x, x));
        r = gir_sum(b, s, gir_ints0(), 0);
    } else {
        r = gir_sum(b, x, gir_ints0(), 0);
    }
    return gir_func_new(b, big ? "big" : "small", 1, &x, 1, &r);
}
/* the plan of r = f(x) (a call) or r = cond(pred, t, e, x), with fusion off so the temporaries are many */
static gir_plan *pc_plan(gir_graph *g, gir_func *t, gir_func *e, int n) {
    gir_node x = gir_input(g, GIR_DTYPE_F64, gir_shape1(n)), r;
    gir_compile_desc d;
    gir_plan *p = NULL;
    if (e) gir_cond(g, gir_input(g, GIR_DTYPE_B8, gir_shape0()), t, e, 1, &x, 1, &r);
    else gir_func_call(g, t, 1, &x, 1, &r);
    memset(&d, 0, sizeof d);
    d.flags = GIR_COMPILE_NO_FUSION;
    if (gir_graph_status(g) == GIR_OK) gir_plan_compile(g, 1, &r, &d, &p);
    return p;
}
/* an if's plan takes the arena of the larger branch, not of both: its scratch is the larger of the two calls' */
static int test_cond_takes_the_larger_branch(void) {
    enum { N = 1024 };
    gir_graph *B = gir_graph_new(NULL), *G[3];
    gir_func *big = pc_branch(B, 1, N), *small = pc_branch(B, 0, N);
    gir_plan *p[3];
    gir_plan_stats s[3];
    int k;
    CHECK(big && small, "func_new: %s", gir_graph_message(B));
    for (k = 0; k < 3; ++k) {
        G[k] = gir_graph_new(NULL);
        p[k] = pc_plan(G[k], k == 1 ? small : big, k == 2 ? small : NULL, N);
        CHECK(p[k], "plan %d: %s", k, gir_graph_message(G[k]));
        s[k] = gir_plan_query_stats(p[k]);
    }
    CHECK(s[0].scratch_bytes >= 2 * N * sizeof(double), "the big branch's scratch %zu bytes", s[0].scratch_bytes);
    CHECK(s[0].scratch_bytes > s[1].scratch_bytes, "big %zu, small %zu", s[0].scratch_bytes, s[1].scratch_bytes);
    CHECK(s[2].scratch_bytes == s[0].scratch_bytes, "cond's scratch %zu bytes, the larger branch's %zu",
          s[2].scratch_bytes, s[0].scratch_bytes);
    CHECK(s[2].arena_bytes == s[0].arena_bytes, "cond's arena %zu bytes, a call's %zu", s[2].arena_bytes,
          s[0].arena_bytes);
    say("cond: arena %zu + scratch %zu bytes; the branches alone: %zu and %zu of scratch\n", s[2].arena_bytes,
        s[2].scratch_bytes, s[0].scratch_bytes, s[1].scratch_bytes);
    for (k = 0; k < 3; ++k) {
        gir_plan_free(p[k]);
        gir_graph_free(G[k]);
    }
    gir_graph_free(B);
    return 1;
}
/* a branch that returns its parameter as it is: the if's result is the argument's value even when the
   argument's memory is reused before the result is read */
static int test_cond_branch_returning_its_argument(void) {
    gir_graph *B = gir_graph_new(NULL), *G = gir_graph_new(NULL);
    gir_node bx = gir_input(B, GIR_DTYPE_F64, gir_shape1(4)), sq = gir_mul(B, bx, bx);
    gir_func *same = gir_func_new(B, "same", 1, &bx, 1, &bx), *square = gir_func_new(B, "square", 1, &bx, 1, &sq);
    gir_node pred = gir_input(G, GIR_DTYPE_B8, gir_shape0()), x = gir_input(G, GIR_DTYPE_F64, gir_shape1(4));
    gir_node arg = gir_add(G, x, gir_scalar(G, GIR_DTYPE_F64, 1.0)), r, later, out;
    double xv[4] = {0.5, -2, 3, 4};
    uint8_t pv;
    gir_plan *p = NULL;
    int i;
    CHECK(same && square, "func_new: %s", gir_graph_message(B));
    CHECK(gir_cond(G, pred, same, square, 1, &arg, 1, &r) == GIR_OK, "cond: %s", gir_graph_message(G));
    later = gir_exp(G, gir_mul(G, x, gir_scalar(G, GIR_DTYPE_F64, 3.0)));   /* may take arg's place */
    out = gir_add(G, gir_mul(G, later, gir_scalar(G, GIR_DTYPE_F64, 0.0)), r);
    CHECK(gir_plan_compile(G, 1, &out, NULL, &p) == GIR_OK, "compile: %s", gir_graph_message(G));
    for (pv = 0; pv < 2; ++pv) {
        const double *o;
        gir_plan_bind(p, pred, &pv);
        gir_plan_bind(p, x, xv);
        CHECK(gir_plan_run(p) == GIR_OK, "run: %s", gir_plan_message(p));
        o = (const double *)gir_plan_data(p, out);
        for (i = 0; i < 4; ++i) {
            double a = xv[i] + 1, want = pv ? a : a * a;
            CHECK(o[i] == want, "pred %d: element %d is %.17g, want %.17g", pv, i, o[i], want);
        }
    }
    gir_plan_free(p);
    gir_graph_free(G);
    gir_graph_free(B);
    return 1;
}
/* h' = tanh(h * w + x_t), y_t = h' * h': the scan, its loss and gradients (a second scan and a reverse one) */
typedef struct pc_scan { gir_graph *b, *g; gir_node in[3], outs[3]; } pc_scan;
static int pc_scan_ck(pc_scan *s, const gir_allocator *al, int T, int n, int ck, int reverse) {
    gir_graph_desc gd;
    gir_node p[3], r[2], res[2];
    gir_func *f;
    gir_scan_desc d;
    memset(&gd, 0, sizeof gd);
    if (al) gd.allocator = *al;
    s->g = NULL;
    if (!(s->b = gir_graph_new(&gd))) return 0;
    p[0] = gir_input(s->b, GIR_DTYPE_F64, gir_shape1(n));
    p[1] = gir_input(s->b, GIR_DTYPE_F64, gir_shape1(n));
    p[2] = gir_input(s->b, GIR_DTYPE_F64, gir_shape1(n));
    r[0] = gir_tanh(s->b, gir_add(s->b, gir_mul(s->b, p[0], p[2]), p[1]));
    r[1] = gir_mul(s->b, r[0], r[0]);
    if (!(f = gir_func_new(s->b, "rnn", 3, p, 2, r))) return 0;
    if (!(s->g = gir_graph_new(&gd))) return 0;
    s->in[0] = gir_input(s->g, GIR_DTYPE_F64, gir_shape1(n));
    s->in[1] = gir_input(s->g, GIR_DTYPE_F64, gir_shape2(T, n));
    s->in[2] = gir_input(s->g, GIR_DTYPE_F64, gir_shape1(n));
    d.length = T; d.n_carry = 1; d.n_xs = 1; d.reverse = reverse; d.checkpoint = ck;
    if (gir_scan(s->g, f, &d, 3, s->in, 2, res) != GIR_OK) return 0;
    s->outs[0] = gir_add(s->g, gir_sum(s->g, res[1], gir_ints0(), 0), gir_sum(s->g, res[0], gir_ints0(), 0));
    return gir_grad(s->g, s->outs[0], 2, &s->in[1], &s->outs[1]) == GIR_OK;
}
static int pc_scan_build(pc_scan *s, const gir_allocator *al, int T, int n) { return pc_scan_ck(s, al, T, n, 0, 0); }
static void pc_scan_free(pc_scan *s) {
    gir_graph_free(s->g);
    gir_graph_free(s->b);
}
static void pc_scan_bind(gir_plan *p, const pc_scan *s, void *const *v) {
    int k;
    for (k = 0; k < 3; ++k) gir_plan_bind(p, s->in[k], v[k]);
}
/* gir_plan_compile_size counts the nested plans: a buffer of that size compiles a scan and its gradient with no
   allocator call (the body's graph's included) and gives the ordinary plan's bits; one byte less fails with
   the size, and the body, the graph and the plan stay usable */
static int test_scan_in_a_buffer_of_the_size_given(void) {
    enum { T = 12, N = 8 };
    plan_count pc = {0};
    gir_allocator al;
    pc_scan s;
    gir_plan *p = NULL, *q = NULL, *bp = NULL;
    gir_compile_desc d;
    double h[N], xs[T * N], w[N];
    void *v[3];
    size_t need = 0;
    unsigned char *buf;
    long calls;
    char text[40];
    int k, j;
    al.alloc_fn = pc_alloc; al.realloc_fn = pc_realloc; al.free_fn = pc_free; al.user = &pc;
    for (k = 0; k < N; ++k) { h[k] = 0.1 * k - 0.3; w[k] = 0.9 - 0.15 * k; }
    for (k = 0; k < T * N; ++k) xs[k] = 0.05 * (k % 11) - 0.2;
    v[0] = h; v[1] = xs; v[2] = w;
    CHECK(pc_scan_build(&s, &al, T, N), "build: %s", s.g ? gir_graph_message(s.g) : gir_graph_message(s.b));
    CHECK(gir_plan_compile_size(s.g, 3, s.outs, NULL, &need) == GIR_OK, "size: %s", gir_graph_message(s.g));
    CHECK(gir_plan_compile(s.g, 3, s.outs, NULL, &p) == GIR_OK, "compile: %s", gir_graph_message(s.g));
    CHECK(need > gir_plan_query_stats(p).arena_bytes + gir_plan_query_stats(p).scratch_bytes, "size %zu", need);
    pc_scan_bind(p, &s, v);
    CHECK(gir_plan_run(p) == GIR_OK, "run: %s", gir_plan_message(p));
    buf = (unsigned char *)malloc(need);
    memset(&d, 0, sizeof d);
    d.buffer = buf;
    d.buffer_bytes = need - 1;
    CHECK(gir_plan_compile(s.g, 3, s.outs, &d, &q) == GIR_ERR_OUT_OF_MEMORY && !q, "one byte less compiles");
    snprintf(text, sizeof text, "needs %zu bytes", need);
    CHECK(strstr(gir_graph_message(s.g), text) != NULL, "message: %s (want '%s')", gir_graph_message(s.g), text);
    gir_graph_clear_error(s.g);
    CHECK(gir_graph_status(s.b) == GIR_OK, "the body holds an error: %s", gir_graph_message(s.b));
    d.buffer_bytes = need;
    calls = pc.calls;
    CHECK(gir_plan_compile(s.g, 3, s.outs, &d, &q) == GIR_OK, "exact size: %s", gir_graph_message(s.g));
    pc_scan_bind(q, &s, v);
    CHECK(gir_plan_run(q) == GIR_OK, "run in the buffer: %s", gir_plan_message(q));
    CHECK(pc.calls == calls, "the buffer's compile and run called the allocator %ld times", pc.calls - calls);
    for (k = 0; k < 3; ++k) {
        const double *a = (const double *)gir_plan_data(p, s.outs[k]), *b = (const double *)gir_plan_data(q, s.outs[k]);
        int n = k == 0 ? 1 : k == 1 ? T * N : N;
        for (j = 0; j < n; ++j) CHECK(a[j] == b[j], "output %d [%d]: %.17g, in the buffer %.17g", k, j, a[j], b[j]);
    }
    gir_plan_free(q);
    CHECK(pc.calls == calls, "gir_plan_free called the allocator");
    CHECK(gir_plan_compile(s.b, 1, s.in, NULL, &bp) == GIR_ERR_HANDLE, "a foreign handle compiled in the body");
    gir_plan_free(bp);
    gir_plan_free(p);
    pc_scan_free(&s);
    free(buf);
    return 1;
}
/* every allocation of building, measuring and compiling a scan with its gradient failing in turn */
static gir_status pc_oom_job(const gir_allocator *al, int *done) {
    pc_scan s;
    gir_plan *p = NULL, *q = NULL;
    gir_compile_desc d;
    size_t need = 0;
    void *buf = NULL;
    gir_status st;
    *done = 0;
    if (!pc_scan_build(&s, al, 5, 4)) {
        st = s.g ? gir_graph_status(s.g) : s.b ? gir_graph_status(s.b) : GIR_ERR_OUT_OF_MEMORY;
        pc_scan_free(&s);
        return st == GIR_OK ? GIR_ERR_OUT_OF_MEMORY : st;
    }
    st = gir_plan_compile_size(s.g, 3, s.outs, NULL, &need);
    if (st == GIR_OK) st = gir_plan_compile(s.g, 3, s.outs, NULL, &p);
    if (st == GIR_OK && !(buf = malloc(need))) st = GIR_ERR_INVALID_ARG;
    if (st == GIR_OK) {
        memset(&d, 0, sizeof d);
        d.buffer = buf;
        d.buffer_bytes = need;
        st = gir_plan_compile(s.g, 3, s.outs, &d, &q);
    }
    *done = st == GIR_OK;
    gir_plan_free(q);
    gir_plan_free(p);
    free(buf);
    pc_scan_free(&s);
    return st;
}
static int test_plan_calls_oom_sweep(void) { return oom_sweep(pc_oom_job); }
/* a body's dropout is the identity in an eval plan, as it is outside a body */
static int test_eval_reaches_the_body(void) {
    gir_graph *B = gir_graph_new(NULL), *G = gir_graph_new(NULL);
    gir_node bx = gir_input(B, GIR_DTYPE_F32, gir_shape1(64)), dr = gir_dropout(B, bx, 0.5f, 7), r[1];
    gir_func *f = gir_func_new(B, "drop", 1, &bx, 1, &dr);
    gir_node x = gir_input(G, GIR_DTYPE_F32, gir_shape1(64));
    gir_compile_desc d;
    gir_plan *p = NULL;
    float xv[64];
    const float *o;
    int i;
    CHECK(f && gir_func_call(G, f, 1, &x, 1, r) == GIR_OK, "call: %s", gir_graph_message(G));
    for (i = 0; i < 64; ++i) xv[i] = (float)i + 1;
    memset(&d, 0, sizeof d);
    d.flags = GIR_COMPILE_EVAL;
    CHECK(gir_plan_compile(G, 1, r, &d, &p) == GIR_OK, "compile: %s", gir_graph_message(G));
    gir_plan_bind(p, x, xv);
    CHECK(gir_plan_run(p) == GIR_OK, "run: %s", gir_plan_message(p));
    o = (const float *)gir_plan_data(p, r[0]);
    for (i = 0; i < 64; ++i) CHECK(o[i] == xv[i], "eval dropout changed element %d: %g", i, (double)o[i]);
    gir_plan_free(p);
    gir_graph_free(G);
    gir_graph_free(B);
    return 1;
}
#if defined(GIR_THREADS) && !defined(GIR_NO_POOL)
/* a pool's hook may give the plan a larger scratch: the nested plans move with it and give the same bits */
static int test_pool_moves_the_nested_plans(void) {
    enum { T = 6, N = 300 };
    pc_scan s;
    gir_plan *p = NULL, *q = NULL;
    gir_pool *pool = gir_pool_new(2);
    static double h[N], xs[T * N], w[N];
    void *v[3];
    int k, j;
    for (k = 0; k < N; ++k) { h[k] = 0.01 * k - 0.3; w[k] = 0.9 - 0.002 * k; }
    for (k = 0; k < T * N; ++k) xs[k] = 0.05 * (k % 11) - 0.2;
    v[0] = h; v[1] = xs; v[2] = w;
    CHECK(pool && pc_scan_build(&s, NULL, T, N), "build: %s", s.g ? gir_graph_message(s.g) : "no pool");
    CHECK(gir_plan_compile(s.g, 3, s.outs, NULL, &p) == GIR_OK && gir_plan_compile(s.g, 3, s.outs, NULL, &q) == GIR_OK,
          "compile: %s", gir_graph_message(s.g));
    CHECK(gir_plan_set_parallel(q, gir_pool_parallel, pool, 2) == GIR_OK, "pool: %s", gir_plan_message(q));
    pc_scan_bind(p, &s, v);
    pc_scan_bind(q, &s, v);
    CHECK(gir_plan_run(p) == GIR_OK && gir_plan_run(q) == GIR_OK, "run: %s", gir_plan_message(q));
    for (k = 0; k < 3; ++k) {
        const double *a = (const double *)gir_plan_data(p, s.outs[k]), *b = (const double *)gir_plan_data(q, s.outs[k]);
        for (j = 0; j < (k == 0 ? 1 : k == 1 ? T * N : N); ++j)
            CHECK(a[j] == b[j], "output %d [%d]: %.17g, with the pool %.17g", k, j, a[j], b[j]);
    }
    gir_plan_free(q);
    gir_plan_free(p);
    pc_scan_free(&s);
    gir_pool_free(pool);
    return 1;
}
#endif

/* the gradients with the carries kept every k steps (k = 1, 2, 3, 4, 6, 12 and auto) are the bits of keeping
   every step's, forward and reverse; a checkpoint that does not divide the length is an error, and the graph
   stays usable */
static int test_checkpoint_same_bits(void) {
    enum { T = 12, N = 5 };
    static const int ks[] = {1, 2, 3, 4, 6, 12, GIR_SCAN_CHECKPOINT_AUTO};
    double h[N], xs[T * N], w[N], ref[3][T * N];
    void *v[3];
    int rev, k, j, o;
    for (k = 0; k < N; ++k) { h[k] = 0.2 * k - 0.4; w[k] = 0.8 - 0.25 * k; }
    for (k = 0; k < T * N; ++k) xs[k] = 0.07 * (k % 13) - 0.3;
    v[0] = h; v[1] = xs; v[2] = w;
    for (rev = 0; rev < 2; ++rev)
        for (k = -1; k < (int)(sizeof ks / sizeof ks[0]); ++k) {
            pc_scan s;
            gir_plan *p = NULL;
            CHECK(pc_scan_ck(&s, NULL, T, N, k < 0 ? 0 : ks[k], rev), "build, checkpoint %d: %s", k < 0 ? 0 : ks[k],
                  s.g ? gir_graph_message(s.g) : "no graph");
            CHECK(gir_plan_compile(s.g, 3, s.outs, NULL, &p) == GIR_OK, "compile: %s", gir_graph_message(s.g));
            pc_scan_bind(p, &s, v);
            CHECK(gir_plan_run(p) == GIR_OK, "run: %s", gir_plan_message(p));
            for (o = 0; o < 3; ++o) {
                const double *a = (const double *)gir_plan_data(p, s.outs[o]);
                for (j = 0; j < (o == 0 ? 1 : o == 1 ? T * N : N); ++j) {
                    if (k < 0) ref[o][j] = a[j];
                    else CHECK(a[j] == ref[o][j], "reverse %d, checkpoint %d: output %d [%d] %.17g, every step %.17g",
                               rev, ks[k], o, j, a[j], ref[o][j]);
                }
            }
            gir_plan_free(p);
            pc_scan_free(&s);
        }
    {
        pc_scan s;
        CHECK(!pc_scan_ck(&s, NULL, T, N, 5, 0) && s.g &&
              strstr(gir_graph_message(s.g), "checkpoint 5 is not a divisor of the length 12"), "checkpoint 5: %s",
              s.g ? gir_graph_message(s.g) : "no graph");
        pc_scan_free(&s);
    }
    return 1;
}
/* a many-to-one LSTM (carries h, c: f64 [8, 32]; x_t [8, 1]) over 1,000 steps and the gradients of its weights:
   the size gir_plan_compile_size gives before anything is allocated, keeping every step's carries, every k
   steps and k chosen; the chosen k (25: 1000 / k + k = 65) needs at least 5x less, with the same bits */
/* one LSTM step in b: p = h, c, x, w_x, w_h, bias; r = the next h and c */
static void pc_lstm_step(gir_graph *b, const gir_node *p, gir_node *r) {
    gir_node z, g4[4];
    z = gir_add(b, gir_add(b, gir_matmul(b, p[2], p[3]), gir_matmul(b, p[0], p[4])), p[5]);
    gir_split(b, z, 1, 4, g4);
    r[1] = gir_add(b, gir_mul(b, gir_sigmoid(b, g4[1]), p[1]), gir_mul(b, gir_sigmoid(b, g4[0]), gir_tanh(b, g4[2])));
    r[0] = gir_mul(b, gir_sigmoid(b, g4[3]), gir_tanh(b, r[1]));
}
static gir_func *pc_lstm_cell(gir_graph *b, int B, int I, int H) {
    gir_node p[6], r[2];
    p[0] = gir_input(b, GIR_DTYPE_F64, gir_shape2(B, H));
    p[1] = gir_input(b, GIR_DTYPE_F64, gir_shape2(B, H));
    p[2] = gir_input(b, GIR_DTYPE_F64, gir_shape2(B, I));
    p[3] = gir_input(b, GIR_DTYPE_F64, gir_shape2(I, 4 * H));
    p[4] = gir_input(b, GIR_DTYPE_F64, gir_shape2(H, 4 * H));
    p[5] = gir_input(b, GIR_DTYPE_F64, gir_shape1(4 * H));
    pc_lstm_step(b, p, r);
    return gir_func_new(b, "lstm", 6, p, 2, r);
}
/* the scan of that cell in g over T steps, carries from zeros, checkpoint ck: its arguments in a (x, w_x, w_h and b
   the inputs a[2..5]), its two carries after the last step in r */
static gir_status pc_lstm_scan(gir_graph *g, gir_func *f, int T, int B, int I, int H, int ck, gir_node *a,
                               gir_node *r) {
    gir_scan_desc d;
    memset(&d, 0, sizeof d);
    a[0] = a[1] = gir_zeros(g, GIR_DTYPE_F64, gir_shape2(B, H));
    a[2] = gir_input(g, GIR_DTYPE_F64, gir_shape3(T, B, I));
    a[3] = gir_input(g, GIR_DTYPE_F64, gir_shape2(I, 4 * H));
    a[4] = gir_input(g, GIR_DTYPE_F64, gir_shape2(H, 4 * H));
    a[5] = gir_input(g, GIR_DTYPE_F64, gir_shape1(4 * H));
    d.length = T; d.n_carry = 2; d.n_xs = 1; d.checkpoint = ck;
    return gir_scan(g, f, &d, 6, a, 2, r);
}
/* the call of p whose function's name ends in suffix (and, length > 0, a scan of that length), NULL if none */
static const gir__call *pc_call_named(const gir_plan *p, const char *suffix, int32_t length) {
    uint32_t k;
    size_t n = strlen(suffix);
    for (k = 0; k < p->ncalls; ++k) {
        const gir__call *c = &p->calls[k];
        size_t m = strlen(c->f->name);
        gir_attr a;
        if (m < n || strcmp(c->f->name + m - n, suffix)) continue;
        gir__attr_load(p->g, &p->g->nodes[c->node], &a);
        if (!length || (gir__op_is(p->g->nodes[c->node].op, GIR__F_LOOP) && a.i[1] == length)) return c;
    }
    return NULL;
}
/* the LSTM of the checkpoint tests over T = 1000 steps (h and c f64 [8, 32]) through a scan with checkpoint ck, or
   with its steps written out (unroll), the squared norms of its weights' gradients as outputs: the plan's bytes
   before allocation in *need and the graph's nodes in *nodes; with sq, the plan run and the three norms in sq (the
   plan of GIR_SCAN_CHECKPOINT_AUTO must keep every 20 steps' carries) */
enum { CK_T = 1000, CK_B = 8, CK_I = 1, CK_H = 32 };
static int pc_lstm_case(int ck, int unroll, size_t *need, uint32_t *nodes, double *sq) {
    static double xv[CK_T * CK_B * CK_I], wv[3][CK_H * 4 * CK_H];
    gir_graph *cb = gir_graph_new(NULL), *g = gir_graph_new(NULL);
    gir_func *f = pc_lstm_cell(cb, CK_B, CK_I, CK_H);
    gir_node a[6], r[2], gr[3], o[4], p6[6];
    gir_plan *p = NULL;
    int j;
    for (j = 0; j < CK_T * CK_B * CK_I; ++j) xv[j] = sin(0.01 * j);
    for (j = 0; j < CK_H * 4 * CK_H; ++j) wv[0][j] = wv[1][j] = wv[2][j] = 0.05 * cos(0.37 * j);
    CHECK(f && pc_lstm_scan(g, f, CK_T, CK_B, CK_I, CK_H, ck, a, r) == GIR_OK, "scan: %s", gir_graph_message(g));
    memcpy(p6, a, sizeof p6);
    for (j = 0; unroll && j < CK_T; ++j) {                /* the scan's results unused: the same steps written out */
        p6[2] = gir_reshape(g, gir_slice(g, a[2], 0, j, j + 1, 1), gir_shape2(CK_B, CK_I));
        pc_lstm_step(g, p6, r);
        p6[0] = r[0];
        p6[1] = r[1];
    }
    o[0] = gir_sum(g, gir_mul(g, r[0], r[0]), gir_ints0(), 0);
    CHECK(gir_grad(g, o[0], 3, a + 3, gr) == GIR_OK, "grad: %s", gir_graph_message(g));
    for (j = 0; j < 3; ++j) o[1 + j] = gir_sum(g, gir_mul(g, gr[j], gr[j]), gir_ints0(), 0);
    CHECK(gir_plan_compile_size(g, 4, o, NULL, need) == GIR_OK, "size: %s", gir_graph_message(g));
    *nodes = gir_graph_node_count(g);
    if (sq) {
        CHECK(gir_plan_compile(g, 4, o, NULL, &p) == GIR_OK, "compile: %s", gir_graph_message(g));
        CHECK(ck != GIR_SCAN_CHECKPOINT_AUTO || pc_call_named(p, "_segments", CK_T / 20),
              "the chosen checkpoint is not every 20 steps");
        gir_plan_bind(p, a[2], xv);
        for (j = 0; j < 3; ++j) gir_plan_bind(p, a[3 + j], wv[j]);
        CHECK(gir_plan_run(p) == GIR_OK, "run: %s", gir_plan_message(p));
        for (j = 0; j < 3; ++j) sq[j] = *(const double *)gir_plan_data(p, o[1 + j]);
        gir_plan_free(p);
    }
    gir_graph_free(g);
    gir_graph_free(cb);
    return 1;
}
/* GIR_SCAN_CHECKPOINT_AUTO on that LSTM: the cell's residuals are 3x its carries (12,352 bytes a step against
   4,096), so the chosen k is near sqrt(1000 x 4096 / 12352) = 18, the divisor 20 (50 x 4096 + 20 x 12352 bytes
   kept): a plan no larger than any other divisor's (8, 10, 25, 40 and 100 measured), 5x smaller than keeping every
   step, with the same bits as every step, 10 and 100 */
static int test_checkpoint_lstm_memory(void) {
    enum { NK = 8 };
    static const int ks[NK] = {0, 10, 100, GIR_SCAN_CHECKPOINT_AUTO, 8, 20, 25, 40};
    double ref[3], sq[3];
    size_t need[NK];
    uint32_t nodes;
    int j, k;
    for (k = 0; k < NK; ++k) {
        if (!pc_lstm_case(ks[k], 0, &need[k], &nodes, k < 4 ? (k ? sq : ref) : NULL)) return 0;
        for (j = 0; k && k < 4 && j < 3; ++j)
            CHECK(sq[j] == ref[j], "checkpoint %d: |grad %d|^2 %.17g, every step %.17g", ks[k], j, sq[j], ref[j]);
    }
    say("LSTM over %d steps, plan bytes: every step %zu, every 10 %zu, 100 %zu, chosen %zu (%.1fx less); every 8 "
        "%zu, 20 %zu, 25 %zu, 40 %zu\n", CK_T, need[0], need[1], need[2], need[3], (double)need[0] / (double)need[3],
        need[4], need[5], need[6], need[7]);
    CHECK(need[3] * 5 <= need[0], "the chosen checkpoint needs %zu bytes, every step %zu", need[3], need[0]);
    for (k = 1; k < NK; ++k)
        CHECK(need[3] <= need[k], "chosen %zu bytes, every %d steps %zu", need[3], ks[k], need[k]);
    return 1;
}
/* the same LSTM unrolled (about 66,000 nodes, a 21 MB plan): the same bits as the scan keeping every step, in more
   memory than it */
static int test_checkpoint_lstm_unrolled(void) {
    double ref[3], sq[3];
    size_t need[2];
    uint32_t nodes[2];
    int j;
    if (!pc_lstm_case(0, 0, &need[0], &nodes[0], ref) || !pc_lstm_case(0, 1, &need[1], &nodes[1], sq)) return 0;
    for (j = 0; j < 3; ++j) CHECK(sq[j] == ref[j], "unrolled: |grad %d|^2 %.17g, by the scan %.17g", j, sq[j], ref[j]);
    say("LSTM over %d steps, plan bytes: as a scan keeping every step %zu (%u nodes), unrolled %zu (%u nodes)\n",
        CK_T, need[0], (unsigned)nodes[0], need[1], (unsigned)nodes[1]);
    CHECK(need[0] < need[1], "every step's residuals %zu bytes, unrolled %zu", need[0], need[1]);
    return 1;
}

/* the memory of a checkpointed scan, to the byte: the LSTM above at T = 1000, k = 25. The forward scan of segments
   keeps q = T / k starts of the carries, [q] deep in its call's value; each segment's gradient scans k steps of
   the cell forward again, keeping k steps of residuals (what the cell's VJP reads of a step, gir__scan_rhist:
   the results of f->rhist past f's own) in its own value; the
   bodies' temporaries lie in nested arenas. Each value holds the carries' two slots and its stacks, every one at a
   multiple of 16 bytes (gir__call_layout) */
static size_t pc_a16(size_t n) { return (n + 15u) & ~(size_t)15u; }
static int test_checkpoint_memory_formula(void) {
    enum { T = 1000, B = 8, I = 1, H = 32, K = 25, Q = T / K };
    const size_t carry = (size_t)B * H * 8, slot = 2 * pc_a16(carry);
    gir_graph *cb = gir_graph_new(NULL), *g = gir_graph_new(NULL);
    gir_func *f = pc_lstm_cell(cb, B, I, H);
    gir_node a[6], r[2], gr[3], loss;
    gir_plan *p = NULL;
    const gir__call *seg, *vjp, *res;
    size_t want_ckpt = slot + 2 * pc_a16((size_t)Q * carry) + slot;
    size_t want_res = 2 * slot, per_step = 0;
    int j;
    CHECK(f && pc_lstm_scan(g, f, T, B, I, H, K, a, r) == GIR_OK, "scan: %s", gir_graph_message(g));
    loss = gir_sum(g, gir_mul(g, r[0], r[0]), gir_ints0(), 0);
    CHECK(gir_grad(g, loss, 3, a + 3, gr) == GIR_OK, "grad: %s", gir_graph_message(g));
    CHECK(gir_plan_compile(g, 3, gr, NULL, &p) == GIR_OK, "compile: %s", gir_graph_message(g));
    seg = pc_call_named(p, "_segments", Q);
    vjp = pc_call_named(p, "_segments_vjp", Q);
    res = vjp ? pc_call_named(vjp->plan, "", K) : NULL;
    CHECK(seg && vjp && res, "the scans of segments (%d), of their gradients (%d) and of a segment's %d steps (%d)",
          seg != NULL, vjp != NULL, K, res != NULL);
    CHECK(seg->k.bytes == want_ckpt, "checkpoints: %zu bytes, the formula %zu (2 x %d x %zu + the carries' two slots)",
          seg->k.bytes, want_ckpt, Q, carry);
    CHECK(f->rhist && f->rhist->nresults > f->nresults, "the cell's gradient keeps no residuals");
    for (j = f->nresults; j < f->rhist->nresults; ++j) {
        const gir__node *d = &cb->nodes[f->rhist->results[j]];
        size_t one = (size_t)gir__numel(gir__nshape(cb, d)) * gir__dtype_sizes[d->dtype];
        want_res += pc_a16((size_t)K * one);
        per_step += one;
    }
    CHECK(res->k.bytes == want_res, "a segment's residuals: %zu bytes, the formula %zu (%d steps x %zu bytes of %d "
          "residuals + two slots)", res->k.bytes, want_res, K, per_step, f->rhist->nresults - f->nresults);
    say("LSTM T=%d, checkpoint %d: checkpoints %zu B (%d x 2 x %zu + slots), residuals %zu B (%d steps of %d "
        "residuals, %zu B), the segment gradient's body arena %zu B, the plan's arena %zu B + scratch %zu B\n", T, K,
        seg->k.bytes, Q, carry, res->k.bytes, K, f->rhist->nresults - f->nresults, per_step, vjp->plan->arena_bytes,
        p->arena_bytes, p->scratch_bytes);
    gir_plan_free(p);
    gir_graph_free(g);
    gir_graph_free(cb);
    return 1;
}
/* the gradient of a scan of f scans f->fhist on the same arguments: the plan runs that scan alone, f's results
   read from its first ones (gen/80-plan/passes.c), with the bits of the plan without passes, which runs both */
static int pc_count_scans(const gir_plan *p) {
    uint32_t k;
    int n = 0;
    for (k = 0; k < p->nsteps; ++k) n += gir__op_is(p->steps[k].op, GIR__F_LOOP) ? 1 : 0;
    return n;
}
/* an LSTM scan of T = 7 steps, the loss sum(h * c) and its gradients with respect to the three weights (o: the
   loss and the gradients), compiled by default (p[0]) and with the flags given (p[1]) */
enum { PC_T = 7, PC_B = 3, PC_I = 2, PC_H = 4 };
typedef struct pc_lstm_grads {
    gir_graph *cb, *g;
    gir_node   a[6], o[4];
    gir_plan  *p[2];
} pc_lstm_grads;
static int pc_lstm_grads_compile(pc_lstm_grads *t, unsigned flags) {
    gir_func *f;
    gir_node r[2], gr[3], loss;
    gir_compile_desc cd;
    t->cb = gir_graph_new(NULL);
    t->g = gir_graph_new(NULL);
    t->p[0] = t->p[1] = NULL;
    f = pc_lstm_cell(t->cb, PC_B, PC_I, PC_H);
    CHECK(f && pc_lstm_scan(t->g, f, PC_T, PC_B, PC_I, PC_H, 0, t->a, r) == GIR_OK, "scan: %s",
          gir_graph_message(t->g));
    loss = gir_sum(t->g, gir_mul(t->g, r[0], r[1]), gir_ints0(), 0);
    CHECK(gir_grad(t->g, loss, 3, t->a + 3, gr) == GIR_OK, "grad: %s", gir_graph_message(t->g));
    t->o[0] = loss; t->o[1] = gr[0]; t->o[2] = gr[1]; t->o[3] = gr[2];
    memset(&cd, 0, sizeof cd);
    cd.flags = flags;
    CHECK(gir_plan_compile(t->g, 4, t->o, NULL, &t->p[0]) == GIR_OK &&
          gir_plan_compile(t->g, 4, t->o, &cd, &t->p[1]) == GIR_OK, "compile: %s", gir_graph_message(t->g));
    return 1;
}
/* both plans run twice on the same inputs and give the same bits; everything freed */
static int pc_lstm_grads_same(pc_lstm_grads *t, const char *what) {
    static double xv[PC_T * PC_B * PC_I], wv[3][PC_H * 4 * PC_H];
    static const size_t n[4] = {8, 8 * PC_I * 4 * PC_H, 8 * PC_H * 4 * PC_H, 8 * 4 * PC_H};
    int j, k, ok = 1;
    for (j = 0; j < PC_T * PC_B * PC_I; ++j) xv[j] = sin(0.3 * j);
    for (j = 0; j < PC_H * 4 * PC_H; ++j) wv[0][j] = wv[1][j] = wv[2][j] = 0.2 * cos(0.37 * j);
    for (k = 0; k < 2 && ok; ++k) {
        gir_plan_bind(t->p[k], t->a[2], xv);
        for (j = 0; j < 3; ++j) gir_plan_bind(t->p[k], t->a[3 + j], wv[j]);
        if (gir_plan_run(t->p[k]) != GIR_OK || gir_plan_run(t->p[k]) != GIR_OK) {
            snprintf(why, sizeof why, "run: %s", gir_plan_message(t->p[k]));
            ok = 0;
        }
    }
    for (j = 0; j < 4 && ok; ++j)
        if (memcmp(gir_plan_data(t->p[0], t->o[j]), gir_plan_data(t->p[1], t->o[j]), n[j])) {
            snprintf(why, sizeof why, "output %d differs %s", j, what);
            ok = 0;
        }
    gir_plan_free(t->p[0]);
    gir_plan_free(t->p[1]);
    gir_graph_free(t->g);
    gir_graph_free(t->cb);
    return ok;
}
static int test_scan_merged_with_its_gradient_scan(void) {
    pc_lstm_grads t;
    if (!pc_lstm_grads_compile(&t, GIR_COMPILE_NO_CSE)) return 0;
    CHECK(pc_count_scans(t.p[0]) == 2 && pc_count_scans(t.p[1]) == 3, "scans run: %d with the passes (want 2: "
          "forward, reverse), %d without (want 3)", pc_count_scans(t.p[0]), pc_count_scans(t.p[1]));
    return pc_lstm_grads_same(&t, "between the merged scan and the two scans");
}
/* the gradient's reverse scan of an LSTM keeps every carry in one slot: each step's results are written where
   they go (GIR__PUT_AT), the carries over their own slots (GIR__PUT_OWN), the weight gradients added by the GEMM
   into the sums the carries hold; the bits are those of the plan without accumulating GEMMs */
static int test_scan_gradient_sums_in_place(void) {
    pc_lstm_grads t;
    uint32_t k, s;
    int j, own = 0, acc = 0;
    if (!pc_lstm_grads_compile(&t, GIR_COMPILE_NO_ACCUM)) return 0;
    for (k = 0; k < t.p[0]->ncalls; ++k) {
        const gir__call *c = &t.p[0]->calls[k];
        const gir_plan *b = c->plan;
        int all = c->k.puts && c->k.nr > 2;
        for (j = 0; all && j < c->k.nr - 1; ++j) all = (c->k.puts[j] & GIR__PUT_OWN) != 0;
        if (!all) continue;
        own = 1;
        CHECK(c->k.puts[c->k.nr - 1] == GIR__PUT_AT, "the reverse scan's stacked result: puts %d",
              c->k.puts[c->k.nr - 1]);
        for (s = 0; s < b->nsteps; ++s) acc += b->steps[s].op == GIR_OP_MATMUL && b->steps[s].nin == 3;
    }
    CHECK(own && acc == 2, "no scan keeps all its carries in place (%d), or its body has %d accumulating GEMMs "
          "(want 2: the input and the recurrent weights')", own, acc);
    return pc_lstm_grads_same(&t, "with GIR_COMPILE_NO_ACCUM");
}
static void suite_plan_calls(void) {
    RUN("plan_calls/cond_takes_the_larger_branch", test_cond_takes_the_larger_branch());
    RUN("plan_calls/cond_branch_returning_its_argument", test_cond_branch_returning_its_argument());
    RUN("plan_calls/scan_in_a_buffer_of_the_size_given", test_scan_in_a_buffer_of_the_size_given());
    RUN("plan_calls/oom_sweep", test_plan_calls_oom_sweep());
    RUN("plan_calls/eval_reaches_the_body", test_eval_reaches_the_body());
    RUN("plan_calls/checkpoint_same_bits", test_checkpoint_same_bits());
    RUN("plan_calls/checkpoint_lstm_memory", test_checkpoint_lstm_memory());
    RUN_MIB(64, "plan_calls/checkpoint_lstm_unrolled", test_checkpoint_lstm_unrolled());
    RUN("plan_calls/checkpoint_memory_formula", test_checkpoint_memory_formula());
    RUN("plan_calls/scan_merged_with_its_gradient_scan", test_scan_merged_with_its_gradient_scan());
    RUN("plan_calls/scan_gradient_sums_in_place", test_scan_gradient_sums_in_place());
#if defined(GIR_THREADS) && !defined(GIR_NO_POOL)
    RUN("plan_calls/pool_moves_the_nested_plans", test_pool_moves_the_nested_plans());
#endif
}
