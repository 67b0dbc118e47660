/* unit/func.c - functions and calls (gen/50-ir/func.c): a call gives the values and gradients of the same
 * computation built inline, bit for bit; gradients of gradients; nested calls; the errors.
 * Included by unit/main.c (uses CHECK/FAILF). */

/* the cell the tests call: h' = tanh(h * w + x), s = sum(h) */
static void fn_cell(gir_graph *g, const gir_node *in, gir_node *out) {
    gir_node hw = gir_mul(g, in[0], in[2]);
    gir_node z = gir_add(g, hw, in[1]);
    out[0] = gir_tanh(g, z);
    out[1] = gir_sum(g, in[0], gir_ints0(), 0);
}
static gir_func *fn_cell_func(gir_graph *b, gir_dtype dt, int n) {
    gir_node p[3], r[2];
    int k;
    for (k = 0; k < 3; ++k) p[k] = gir_input(b, dt, gir_shape1(n));
    fn_cell(b, p, r);
    return gir_func_new(b, "cell", 3, p, 2, r);
}
/* two steps of the cell and a loss, through calls of f (f non-NULL) or inline; ins: the three inputs */
static gir_node fn_two_steps(gir_graph *g, gir_func *f, const gir_node *ins) {
    gir_node o1[2], o2[2], a2[3], sq, s;
    if (f) gir_func_call(g, f, 3, ins, 2, o1);
    else fn_cell(g, ins, o1);
    a2[0] = o1[0];
    a2[1] = ins[1];
    a2[2] = ins[2];
    if (f) gir_func_call(g, f, 3, a2, 2, o2);
    else fn_cell(g, a2, o2);
    sq = gir_mul(g, o2[0], o2[0]);
    s = gir_sum(g, sq, gir_ints0(), 0);
    return gir_add(g, s, gir_mul(g, o1[1], o2[1]));
}
/* the plan of outs[0..n) with the three inputs bound to vals, run; NULL on failure */
static gir_plan *fn_run(gir_graph *g, const gir_node *ins, int n, const gir_node *outs, void *const *vals) {
    gir_plan *p = NULL;
    int k;
    if (gir_plan_compile(g, n, outs, NULL, &p) != GIR_OK) return NULL;
    for (k = 0; k < 3; ++k) gir_plan_bind(p, ins[k], vals[k]);
    if (gir_plan_run(p) != GIR_OK) {
        gir_plan_free(p);
        return NULL;
    }
    return p;
}
static double fn_at(const void *d, gir_dtype dt, int i) {
    return dt == GIR_DTYPE_F32 ? (double)((const float *)d)[i] : ((const double *)d)[i];
}
/* loss, its gradient and (hvp) the gradient of <grad, v>, through calls and inline: the same bits (hvp: to
   rounding) */
static int fn_check(gir_dtype dt, int hvp) {
    enum { N = 5 };
    double hv[N] = {0.1, -0.2, 0.3, 0.5, -0.7}, xv[N] = {1, 2, -1, 0.5, 0.25}, wv[N] = {0.7, -0.3, 0.2, 1.1, -0.9};
    float hf[N], xf[N], wf[N];
    void *vals[3];
    gir_graph *B = gir_graph_new(NULL), *G[2];
    gir_plan *p[2];
    gir_func *f = fn_cell_func(B, dt, N);
    size_t es = gir_dtype_size(dt);
    /* a gradient of a gradient sums the messages of a call's VJP in another order than the inline graph's sweep:
       equal to rounding (first order: the same bits) */
    double tol = dt == GIR_DTYPE_F32 ? 4e-7 : 1e-15;
    int k, v, i;
    for (k = 0; k < N; ++k) { hf[k] = (float)hv[k]; xf[k] = (float)xv[k]; wf[k] = (float)wv[k]; }
    vals[0] = dt == GIR_DTYPE_F32 ? (void *)hf : (void *)hv;
    vals[1] = dt == GIR_DTYPE_F32 ? (void *)xf : (void *)xv;
    vals[2] = dt == GIR_DTYPE_F32 ? (void *)wf : (void *)wv;
    CHECK(f != NULL, "func_new: %s", gir_graph_message(B));
    for (v = 0; v < 2; ++v) {
        gir_node ins[3], outs[4], loss, gr[3];
        G[v] = gir_graph_new(NULL);
        for (k = 0; k < 3; ++k) ins[k] = gir_input(G[v], dt, gir_shape1(N));
        loss = fn_two_steps(G[v], v ? NULL : f, ins);
        CHECK(gir_grad(G[v], loss, 3, ins, gr) == GIR_OK, "grad: %s", gir_graph_message(G[v]));
        outs[0] = loss; outs[1] = gr[0]; outs[2] = gr[1]; outs[3] = gr[2];
        if (hvp) {                       /* d/d(ins) of sum(grad_w * x): reverse over reverse through the calls */
            gir_node dot = gir_sum(G[v], gir_mul(G[v], gr[2], ins[1]), gir_ints0(), 0);
            CHECK(gir_grad(G[v], dot, 3, ins, gr) == GIR_OK, "grad of grad: %s", gir_graph_message(G[v]));
            outs[1] = gr[0]; outs[2] = gr[1]; outs[3] = gr[2];
        }
        p[v] = fn_run(G[v], ins, 4, outs, vals);
        CHECK(p[v] != NULL, "%s: compile or run: %s", v ? "inline" : "calls", gir_graph_message(G[v]));
        for (k = 0; k < 4; ++k) {
            static const void *first[4];
            const void *d = gir_plan_data(p[v], outs[k]);
            if (!v) { first[k] = d; continue; }
            for (i = 0; i < (k ? N : 1); ++i)
                CHECK(hvp ? fabs(fn_at(first[k], dt, i) - fn_at(d, dt, i)) <= tol * (1 + fabs(fn_at(d, dt, i)))
                          : !memcmp((const char *)first[k] + i * es, (const char *)d + i * es, es),
                      "%s output %d element %d: %.17g through calls, %.17g inline", gir_dtype_name(dt), k, i,
                      fn_at(first[k], dt, i), fn_at(d, dt, i));
        }
    }
    CHECK(gir_graph_node_count(G[0]) < gir_graph_node_count(G[1]) || hvp, "the calls' graph (%u nodes) is not "
          "smaller than the inline one (%u)", (unsigned)gir_graph_node_count(G[0]),
          (unsigned)gir_graph_node_count(G[1]));
    for (v = 0; v < 2; ++v) {
        gir_plan_free(p[v]);
        gir_graph_free(G[v]);
    }
    gir_graph_free(B);
    return 1;
}
static int test_call_equals_inline(void) { return fn_check(GIR_DTYPE_F64, 0) && fn_check(GIR_DTYPE_F32, 0); }
static int test_call_grad_of_grad(void) { return fn_check(GIR_DTYPE_F64, 1) && fn_check(GIR_DTYPE_F32, 1); }

/* forward mode through calls (two reverse sweeps, the second through the VJP's call): the inline graph's values */
static int test_call_jvp(void) {
    double h[4] = {0.3, -0.6, 0.1, 0.8}, x[4] = {-1, 0.5, 2, 0.25}, w[4] = {0.4, 1.2, -0.7, 0.1};
    double th[4] = {1, 0, -1, 0.5}, tx[4] = {0.2, 0.2, 0.2, 0.2}, tw[4] = {0, 1, 0, -1};
    void *vals[3], *tv[3];
    gir_graph *B = gir_graph_new(NULL), *G[2];
    gir_func *f = fn_cell_func(B, GIR_DTYPE_F64, 4);
    gir_plan *p[2];
    gir_node ins[2][3], outs[2][1];
    int v, k;
    vals[0] = h; vals[1] = x; vals[2] = w;
    tv[0] = th; tv[1] = tx; tv[2] = tw;
    for (v = 0; v < 2; ++v) {
        gir_node t[3], loss;
        G[v] = gir_graph_new(NULL);
        for (k = 0; k < 3; ++k) ins[v][k] = gir_input(G[v], GIR_DTYPE_F64, gir_shape1(4));
        for (k = 0; k < 3; ++k) t[k] = gir_constant(G[v], GIR_DTYPE_F64, gir_shape1(4), tv[k]);
        loss = fn_two_steps(G[v], v ? NULL : f, ins[v]);
        CHECK(gir_jvp(G[v], 1, &loss, 3, ins[v], t, outs[v]) == GIR_OK, "jvp: %s", gir_graph_message(G[v]));
        p[v] = fn_run(G[v], ins[v], 1, outs[v], vals);
        CHECK(p[v] != NULL, "compile or run: %s", gir_graph_message(G[v]));
    }
    {
        double a = *(const double *)gir_plan_data(p[0], outs[0][0]), b = *(const double *)gir_plan_data(p[1], outs[1][0]);
        CHECK(fabs(a - b) <= 1e-15 * (1 + fabs(b)), "jvp %.17g through calls, %.17g inline", a, b);
    }
    for (v = 0; v < 2; ++v) {
        gir_plan_free(p[v]);
        gir_graph_free(G[v]);
    }
    gir_graph_free(B);
    return 1;
}
/* a function whose body calls another: outer(h, x, w) = cell(cell(h, x, w).h', x, w).h' */
static int test_call_nested(void) {
    gir_graph *B = gir_graph_new(NULL), *O = gir_graph_new(NULL), *G = gir_graph_new(NULL), *U = gir_graph_new(NULL);
    gir_func *f = fn_cell_func(B, GIR_DTYPE_F64, 3), *outer;
    gir_node p[3], r1[2], a2[3], r2[2], ins[3], o[1], gr[3], uins[3], u1[2], u2[2], ugr[3], outs[4], uouts[4];
    double h[3] = {0.2, -0.1, 0.4}, x[3] = {0.5, 1.5, -0.5}, w[3] = {0.9, 0.3, -0.6};
    void *vals[3];
    gir_plan *pc, *pu;
    int k, i;
    vals[0] = h; vals[1] = x; vals[2] = w;
    for (k = 0; k < 3; ++k) p[k] = gir_input(O, GIR_DTYPE_F64, gir_shape1(3));
    gir_func_call(O, f, 3, p, 2, r1);
    a2[0] = r1[0]; a2[1] = p[1]; a2[2] = p[2];
    gir_func_call(O, f, 3, a2, 2, r2);
    outer = gir_func_new(O, "outer", 3, p, 1, r2);
    CHECK(outer != NULL, "func_new: %s", gir_graph_message(O));
    for (k = 0; k < 3; ++k) ins[k] = gir_input(G, GIR_DTYPE_F64, gir_shape1(3));
    gir_func_call(G, outer, 3, ins, 1, o);
    o[0] = gir_sum(G, o[0], gir_ints0(), 0);
    CHECK(gir_grad(G, o[0], 3, ins, gr) == GIR_OK, "grad: %s", gir_graph_message(G));
    for (k = 0; k < 3; ++k) uins[k] = gir_input(U, GIR_DTYPE_F64, gir_shape1(3));
    fn_cell(U, uins, u1);
    a2[0] = u1[0]; a2[1] = uins[1]; a2[2] = uins[2];
    fn_cell(U, a2, u2);
    u2[0] = gir_sum(U, u2[0], gir_ints0(), 0);
    gir_grad(U, u2[0], 3, uins, ugr);
    outs[0] = o[0]; uouts[0] = u2[0];
    for (k = 0; k < 3; ++k) { outs[k + 1] = gr[k]; uouts[k + 1] = ugr[k]; }
    pc = fn_run(G, ins, 4, outs, vals);
    pu = fn_run(U, uins, 4, uouts, vals);
    CHECK(pc && pu, "compile or run: %s / %s", gir_graph_message(G), gir_graph_message(U));
    for (k = 0; k < 4; ++k)
        for (i = 0; i < (k ? 3 : 1); ++i) {
            double a = ((const double *)gir_plan_data(pc, outs[k]))[i], b = ((const double *)gir_plan_data(pu, uouts[k]))[i];
            CHECK(a == b, "output %d element %d: %.17g through nested calls, %.17g inline", k, i, a, b);
        }
    gir_plan_free(pc); gir_plan_free(pu);
    gir_graph_free(G); gir_graph_free(U);
    gir_graph_free(B);                       /* called by O: freed with it */
    gir_graph_free(O);
    return 1;
}

/* bad functions and calls are errors with messages; the calling graph stays usable */
static int test_call_errors(void) {
    gir_graph *B = gir_graph_new(NULL), *G = gir_graph_new(NULL);
    gir_func *f = fn_cell_func(B, GIR_DTYPE_F64, 4);
    gir_node in[3], res[2], v, p[1], r[1], out;
    unsigned char buf[64];
    size_t len = 0;
    gir_plan *pl = NULL;
    int k;
    CHECK(f != NULL, "func_new: %s", gir_graph_message(B));
    for (k = 0; k < 3; ++k) in[k] = gir_input(G, GIR_DTYPE_F64, gir_shape1(k == 2 ? 5 : 4));
    CHECK(gir_func_call(G, f, 3, in, 2, res) == GIR_ERR_SHAPE && !res[0].id, "status %s", gir_graph_message(G));
    CHECK(strstr(gir_graph_message(G), "argument 2 (node 3) is f64 [5] but parameter 2 of 'cell' is f64 [4]"),
          "message: %s", gir_graph_message(G));
    gir_graph_clear_error(G);
    in[2] = gir_input(G, GIR_DTYPE_F64, gir_shape1(4));
    CHECK(gir_func_call(G, f, 2, in, 2, res) == GIR_ERR_INVALID_ARG, "two arguments: %s", gir_graph_message(G));
    gir_graph_clear_error(G);
    CHECK(gir_func_call(G, f, 3, in, 2, res) == GIR_OK, "a good call after errors: %s", gir_graph_message(G));
    out = gir_sum(G, res[0], gir_ints0(), 0);
    CHECK(gir_plan_compile(G, 1, &out, NULL, &pl) == GIR_OK, "compile: %s", gir_graph_message(G));
    CHECK(gir_plan_write_image(pl, 3, in, 1, &out, buf, sizeof buf, &len) == GIR_ERR_INVALID_ARG &&
          strstr(gir_plan_message(pl), "the plan of 'cell' fuses"), "image: %s", gir_plan_message(pl));
    gir_plan_free(pl);
    /* a variable in the body, an input that is not a parameter, a parameter that is not an input */
    v = gir_variable(B, GIR_DTYPE_F64, gir_shape1(4), NULL);
    p[0] = gir_input(B, GIR_DTYPE_F64, gir_shape1(4));
    r[0] = gir_mul(B, p[0], v);
    CHECK(!gir_func_new(B, "bad", 1, p, 1, r) && gir_graph_status(B) == GIR_ERR_INVALID_ARG &&
          strstr(gir_graph_message(B), "variable"), "variable: %s", gir_graph_message(B));
    gir_graph_clear_error(B);
    CHECK(!gir_func_new(B, "bad", 1, r, 1, p) && strstr(gir_graph_message(B), "not an input"), "param: %s",
          gir_graph_message(B));
    gir_graph_clear_error(B);
    /* a graph cannot call its own function */
    CHECK(gir_func_call(B, f, 3, in, 2, res) != GIR_OK, "foreign handles or recursion: %s", gir_graph_message(B));
    gir_graph_clear_error(B);
    {
        gir_node q[3];
        for (k = 0; k < 3; ++k) q[k] = gir_input(B, GIR_DTYPE_F64, gir_shape1(4));
        CHECK(gir_func_call(B, f, 3, q, 2, res) == GIR_ERR_INVALID_ARG && strstr(gir_graph_message(B), "recurse"),
              "recursion: %s", gir_graph_message(B));
    }
    gir_graph_free(G);
    gir_graph_free(B);
    return 1;
}

/* cond: then(x) = 2 log x (NaN below 0), else(x) = x * x; the value, the gradient and the gradient of the
   gradient follow the branch the predicate picks, and the other branch's NaN reaches nothing */
static gir_func *fn_branch(gir_graph *b, int which) {
    gir_node x = gir_input(b, GIR_DTYPE_F64, gir_shape1(3)), r;
    r = which ? gir_mul(b, gir_log(b, x), gir_scalar(b, GIR_DTYPE_F64, 2.0)) : gir_mul(b, x, x);
    return gir_func_new(b, which ? "twolog" : "square", 1, &x, 1, &r);
}
static int test_cond(void) {
    gir_graph *B = gir_graph_new(NULL), *G = gir_graph_new(NULL);
    gir_func *t = fn_branch(B, 1), *e = fn_branch(B, 0);
    gir_node pred = gir_input(G, GIR_DTYPE_B8, gir_shape0()), x = gir_input(G, GIR_DTYPE_F64, gir_shape1(3));
    gir_node r[1], y, gx, dot, hx, w, wy, wgx, outs[5];
    double xs[2][3] = {{0.5, 1.5, 3.0}, {-1.0, 0.0, 2.0}}, v[3] = {1, -1, 0.5};
    uint8_t pv[2] = {1, 0};
    gir_plan *p = NULL;
    int run, i;
    CHECK(t && e, "func_new: %s", gir_graph_message(B));
    CHECK(gir_cond(G, pred, t, e, 1, &x, 1, r) == GIR_OK, "cond: %s", gir_graph_message(G));
    y = gir_sum(G, r[0], gir_ints0(), 0);
    CHECK(gir_grad(G, y, 1, &x, &gx) == GIR_OK, "grad: %s", gir_graph_message(G));
    dot = gir_sum(G, gir_mul(G, gx, gir_constant(G, GIR_DTYPE_F64, gir_shape1(3), v)), gir_ints0(), 0);
    CHECK(gir_grad(G, dot, 1, &x, &hx) == GIR_OK, "grad of grad: %s", gir_graph_message(G));
    w = gir_where(G, pred, gir_mul(G, gir_log(G, x), gir_scalar(G, GIR_DTYPE_F64, 2.0)), gir_mul(G, x, x));
    wy = gir_sum(G, w, gir_ints0(), 0);
    CHECK(gir_grad(G, wy, 1, &x, &wgx) == GIR_OK, "where's grad: %s", gir_graph_message(G));
    outs[0] = y; outs[1] = gx; outs[2] = hx; outs[3] = wy; outs[4] = wgx;
    CHECK(gir_plan_compile(G, 5, outs, NULL, &p) == GIR_OK, "compile: %s", gir_graph_message(G));
    for (run = 0; run < 2; ++run) {
        const double *yv, *g, *h, *wg;
        double want = 0;
        gir_plan_bind(p, pred, &pv[run]);
        gir_plan_bind(p, x, xs[run]);
        CHECK(gir_plan_run(p) == GIR_OK, "run: %s", gir_plan_message(p));
        yv = (const double *)gir_plan_data(p, y);
        g = (const double *)gir_plan_data(p, gx);
        h = (const double *)gir_plan_data(p, hx);
        wg = (const double *)gir_plan_data(p, wgx);
        for (i = 0; i < 3; ++i) {
            double xi = xs[run][i], gw = run ? 2 * xi : 2 / xi, hw = run ? 2 * v[i] : -2 * v[i] / (xi * xi);
            want += run ? xi * xi : 2 * log(xi);
            CHECK(fabs(g[i] - gw) <= 1e-14 * fabs(gw), "run %d: gradient %d is %.17g, want %.17g", run, i, g[i], gw);
            CHECK(fabs(h[i] - hw) <= 1e-14 * fabs(hw), "run %d: second %d is %.17g, want %.17g", run, i, h[i], hw);
        }
        CHECK(fabs(*yv - want) <= 1e-14 * fabs(want), "run %d: value %.17g, want %.17g", run, *yv, want);
        /* where computes both sides: the untaken log's adjoint at 0 is 0 / 0, a NaN in the gradient (cond's reason) */
        CHECK(!run || (wg[1] != wg[1]), "run %d: where's gradient %.17g was expected NaN", run, wg[1]);
    }
    gir_plan_free(p);
    gir_graph_free(G);
    gir_graph_free(B);
    return 1;
}
/* cond's errors: a predicate that is not a b8 scalar, functions of two signatures */
static int test_cond_errors(void) {
    gir_graph *B = gir_graph_new(NULL), *C = gir_graph_new(NULL), *G = gir_graph_new(NULL);
    gir_func *t = fn_branch(B, 1), *e;
    gir_node x = gir_input(G, GIR_DTYPE_F64, gir_shape1(3)), pf = gir_input(G, GIR_DTYPE_F32, gir_shape0()), r[1];
    gir_node pb = gir_input(G, GIR_DTYPE_B8, gir_shape0()), cx = gir_input(C, GIR_DTYPE_F64, gir_shape1(3)), cr;
    cr = gir_sum(C, cx, gir_ints0(), 0);
    e = gir_func_new(C, "total", 1, &cx, 1, &cr);
    CHECK(gir_cond(G, pf, t, t, 1, &x, 1, r) == GIR_ERR_DTYPE && strstr(gir_graph_message(G), "b8 scalar"),
          "f32 predicate: %s", gir_graph_message(G));
    gir_graph_clear_error(G);
    CHECK(gir_cond(G, pb, t, e, 1, &x, 1, r) == GIR_ERR_SHAPE &&
          strstr(gir_graph_message(G), "result 0 of 'twolog' is f64 [3], of 'total' f64 []"), "signatures: %s",
          gir_graph_message(G));
    gir_graph_clear_error(G);
    CHECK(gir_cond(G, pb, t, NULL, 1, &x, 1, r) == GIR_ERR_INVALID_ARG, "no else: %s", gir_graph_message(G));
    gir_graph_free(G);
    gir_graph_free(C);
    gir_graph_free(B);
    return 1;
}

/* scan: an RNN-like cell h' = tanh(h * w + x_t), y_t = h' * h', over T steps (forward or reverse): the final carry,
   the stacked outputs and the gradients of a loss of both equal the unrolled graph's, bit for bit */
static gir_func *fn_rnn_cell(gir_graph *b, gir_dtype dt, int n) {
    gir_node p[3], r[2];
    p[0] = gir_input(b, dt, gir_shape1(n));
    p[1] = gir_input(b, dt, gir_shape1(n));
    p[2] = gir_input(b, dt, gir_shape1(n));
    r[0] = gir_tanh(b, gir_add(b, gir_mul(b, p[0], p[2]), p[1]));
    r[1] = gir_mul(b, r[0], r[0]);
    return gir_func_new(b, "rnn", 3, p, 2, r);
}
static int fn_scan_check(gir_dtype dt, int T, int reverse) {
    enum { N = 3 };
    gir_graph *B = gir_graph_new(NULL), *G[2];
    gir_func *f = fn_rnn_cell(B, dt, N);
    double h0[N] = {0.1, -0.4, 0.7}, w[N] = {0.9, -0.5, 1.3}, xs[64 * N];
    float h0f[N], wf[N], xsf[64 * N];
    void *vals[3];
    gir_plan *p[2];
    gir_node outs[2][5];
    size_t es = gir_dtype_size(dt);
    int v, k, i, t;
    for (k = 0; k < T * N; ++k) { xs[k] = 0.5 * sin(0.7 * k + 0.3); xsf[k] = (float)xs[k]; }
    for (k = 0; k < N; ++k) { h0f[k] = (float)h0[k]; wf[k] = (float)w[k]; }
    vals[0] = dt == GIR_DTYPE_F32 ? (void *)h0f : (void *)h0;
    vals[1] = dt == GIR_DTYPE_F32 ? (void *)xsf : (void *)xs;
    vals[2] = dt == GIR_DTYPE_F32 ? (void *)wf : (void *)w;
    CHECK(f && T <= 64, "func_new: %s", gir_graph_message(B));
    for (v = 0; v < 2; ++v) {
        gir_node in[3], r[2], ys, loss, gr[3];
        G[v] = gir_graph_new(NULL);
        in[0] = gir_input(G[v], dt, gir_shape1(N));
        in[1] = gir_input(G[v], dt, gir_shape2(T, N));
        in[2] = gir_input(G[v], dt, gir_shape1(N));
        if (!v) {
            gir_scan_desc d;
            d.length = T; d.n_carry = 1; d.n_xs = 1; d.reverse = reverse; d.checkpoint = 0;
            CHECK(gir_scan(G[v], f, &d, 3, in, 2, r) == GIR_OK, "scan: %s", gir_graph_message(G[v]));
            ys = r[1];
        } else {                                  /* the same steps written out, outputs joined in step order */
            gir_node h = in[0], y[64];
            for (t = 0; t < T; ++t) {
                int ts = reverse ? T - 1 - t : t;
                gir_node xt = gir_reshape(G[v], gir_slice(G[v], in[1], 0, ts, ts + 1, 1), gir_shape1(N));
                h = gir_tanh(G[v], gir_add(G[v], gir_mul(G[v], h, in[2]), xt));
                y[ts] = gir_reshape(G[v], gir_mul(G[v], h, h), gir_shape2(1, N));
            }
            r[0] = h;
            ys = gir_concat(G[v], T, y, 0);
        }
        loss = gir_add(G[v], gir_sum(G[v], gir_mul(G[v], ys, ys), gir_ints0(), 0), gir_sum(G[v], r[0], gir_ints0(), 0));
        CHECK(gir_grad(G[v], loss, 3, in, gr) == GIR_OK, "grad: %s", gir_graph_message(G[v]));
        outs[v][0] = loss; outs[v][1] = ys; outs[v][2] = gr[0]; outs[v][3] = gr[1]; outs[v][4] = gr[2];
        p[v] = fn_run(G[v], in, 5, outs[v], vals);
        CHECK(p[v] != NULL, "%s: compile or run: %s", v ? "unrolled" : "scan", gir_graph_message(G[v]));
    }
    for (k = 0; k < 5; ++k) {
        const char *a = (const char *)gir_plan_data(p[0], outs[0][k]), *b = (const char *)gir_plan_data(p[1], outs[1][k]);
        int64_t cnt = gir_node_numel(G[1], outs[1][k]);
        for (i = 0; i < cnt; ++i)
            CHECK(!memcmp(a + i * es, b + i * es, es), "%s T=%d%s output %d element %d: %.17g by scan, %.17g unrolled",
                  gir_dtype_name(dt), T, reverse ? " reverse" : "", k, i, fn_at(a, dt, i), fn_at(b, dt, i));
    }
    for (v = 0; v < 2; ++v) {
        gir_plan_free(p[v]);
        gir_graph_free(G[v]);
    }
    gir_graph_free(B);
    return 1;
}
/* the gradient of <grad_w, v> through the scan (reverse over reverse: a scan of the scan's step VJP) against the
   unrolled graph's, and a scan with no per-step input (a recurrence) and one with no carry (a map) */
static int fn_scan_hvp(int T) {
    enum { N = 2 };
    gir_graph *B = gir_graph_new(NULL), *G[2];
    gir_func *f = fn_rnn_cell(B, GIR_DTYPE_F64, N);
    double h0[N] = {0.3, -0.2}, w[N] = {0.8, -1.1}, xs[16 * N], vv[N] = {1.0, -0.5};
    void *vals[3];
    gir_plan *p[2];
    gir_node outs[2][3];
    int v, k, i, t;
    for (k = 0; k < T * N; ++k) xs[k] = 0.4 * cos(1.3 * k);
    vals[0] = h0; vals[1] = xs; vals[2] = w;
    for (v = 0; v < 2; ++v) {
        gir_node in[3], r[2], ys, loss, gr[3], dot, hv[3];
        G[v] = gir_graph_new(NULL);
        in[0] = gir_input(G[v], GIR_DTYPE_F64, gir_shape1(N));
        in[1] = gir_input(G[v], GIR_DTYPE_F64, gir_shape2(T, N));
        in[2] = gir_input(G[v], GIR_DTYPE_F64, gir_shape1(N));
        if (!v) {
            gir_scan_desc d;
            d.length = T; d.n_carry = 1; d.n_xs = 1; d.reverse = 0; d.checkpoint = 0;
            gir_scan(G[v], f, &d, 3, in, 2, r);
            ys = r[1];
        } else {
            gir_node h = in[0], y[16];
            for (t = 0; t < T; ++t) {
                gir_node xt = gir_reshape(G[v], gir_slice(G[v], in[1], 0, t, t + 1, 1), gir_shape1(N));
                h = gir_tanh(G[v], gir_add(G[v], gir_mul(G[v], h, in[2]), xt));
                y[t] = gir_reshape(G[v], gir_mul(G[v], h, h), gir_shape2(1, N));
            }
            r[0] = h;
            ys = gir_concat(G[v], T, y, 0);
        }
        loss = gir_add(G[v], gir_sum(G[v], ys, gir_ints0(), 0), gir_sum(G[v], r[0], gir_ints0(), 0));
        CHECK(gir_grad(G[v], loss, 3, in, gr) == GIR_OK, "grad: %s", gir_graph_message(G[v]));
        dot = gir_sum(G[v], gir_mul(G[v], gr[2], gir_constant(G[v], GIR_DTYPE_F64, gir_shape1(N), vv)), gir_ints0(), 0);
        CHECK(gir_grad(G[v], dot, 3, in, hv) == GIR_OK, "grad of grad: %s", gir_graph_message(G[v]));
        outs[v][0] = hv[0]; outs[v][1] = hv[1]; outs[v][2] = hv[2];
        p[v] = fn_run(G[v], in, 3, outs[v], vals);
        CHECK(p[v] != NULL, "%s: compile or run: %s", v ? "unrolled" : "scan", gir_graph_message(G[v]));
    }
    for (k = 0; k < 3; ++k) {
        const double *a = (const double *)gir_plan_data(p[0], outs[0][k]), *b = (const double *)gir_plan_data(p[1], outs[1][k]);
        for (i = 0; i < (int)gir_node_numel(G[1], outs[1][k]); ++i)
            CHECK(fabs(a[i] - b[i]) <= 1e-14 * (1 + fabs(b[i])), "T=%d hvp %d element %d: %.17g by scan, %.17g unrolled",
                  T, k, i, a[i], b[i]);
    }
    for (v = 0; v < 2; ++v) {
        gir_plan_free(p[v]);
        gir_graph_free(G[v]);
    }
    gir_graph_free(B);
    return 1;
}
static int test_scan_hvp(void) { return fn_scan_hvp(1) && fn_scan_hvp(9); }
static int test_scan(void) {
    return fn_scan_check(GIR_DTYPE_F64, 1, 0) && fn_scan_check(GIR_DTYPE_F64, 32, 0) &&
           fn_scan_check(GIR_DTYPE_F32, 32, 0) && fn_scan_check(GIR_DTYPE_F64, 7, 1);
}

/* while: Newton's square root, carries (x, a), until |x^2 - a| <= 1e-12 a; without max_trip it stops and has no
   gradient (the error says what to do), with max_trip it gives the same value and d sqrt(a) / da */
static gir_func *fn_newton(gir_graph *b, int cond) {
    gir_node p[2], r[2];
    p[0] = gir_input(b, GIR_DTYPE_F64, gir_shape0());
    p[1] = gir_input(b, GIR_DTYPE_F64, gir_shape0());
    if (cond) {
        gir_node e = gir_abs(b, gir_sub(b, gir_mul(b, p[0], p[0]), p[1]));
        r[0] = gir_gt(b, e, gir_mul(b, p[1], gir_scalar(b, GIR_DTYPE_F64, 1e-12)));
        return gir_func_new(b, "unconverged", 2, p, 1, r);
    }
    r[0] = gir_mul(b, gir_add(b, p[0], gir_div(b, p[1], p[0])), gir_scalar(b, GIR_DTYPE_F64, 0.5));
    r[1] = p[1];
    return gir_func_new(b, "newton", 2, p, 2, r);
}
static int test_while(void) {
    gir_graph *B = gir_graph_new(NULL), *G = gir_graph_new(NULL);
    gir_func *cf = fn_newton(B, 1), *bf = fn_newton(B, 0);
    gir_node init[2], r0[2], r1[2], gx, outs[3];
    double x0 = 1.0, av = 7.0;
    gir_plan *p = NULL;
    const double *v0, *v1, *g;
    CHECK(cf && bf, "func_new: %s", gir_graph_message(B));
    init[0] = gir_input(G, GIR_DTYPE_F64, gir_shape0());
    init[1] = gir_input(G, GIR_DTYPE_F64, gir_shape0());
    CHECK(gir_while(G, cf, bf, 0, 2, init, r0) == GIR_OK, "while: %s", gir_graph_message(G));
    CHECK(gir_grad(G, r0[0], 1, &init[1], &gx) == GIR_ERR_NO_ADJOINT &&
          strstr(gir_graph_message(G), "give gir_while a max_trip (a masked scan) or use gir_scan"),
          "grad without max_trip: %s", gir_graph_message(G));
    gir_graph_clear_error(G);
    CHECK(gir_while(G, cf, bf, 30, 2, init, r1) == GIR_OK, "while, max_trip: %s", gir_graph_message(G));
    CHECK(gir_grad(G, r1[0], 1, &init[1], &gx) == GIR_OK, "grad: %s", gir_graph_message(G));
    outs[0] = r0[0]; outs[1] = r1[0]; outs[2] = gx;
    CHECK(gir_plan_compile(G, 3, outs, NULL, &p) == GIR_OK, "compile: %s", gir_graph_message(G));
    gir_plan_bind(p, init[0], &x0);
    gir_plan_bind(p, init[1], &av);
    CHECK(gir_plan_run(p) == GIR_OK, "run: %s", gir_plan_message(p));
    v0 = (const double *)gir_plan_data(p, r0[0]);
    v1 = (const double *)gir_plan_data(p, r1[0]);
    g = (const double *)gir_plan_data(p, gx);
    CHECK(fabs(*v0 - sqrt(7.0)) <= 1e-12 * sqrt(7.0), "sqrt(7) %.17g, want %.17g", *v0, sqrt(7.0));
    CHECK(*v0 == *v1, "masked scan %.17g, while %.17g", *v1, *v0);
    CHECK(fabs(*g - 0.5 / sqrt(7.0)) <= 1e-9, "d sqrt(a)/da %.17g, want %.17g", *g, 0.5 / sqrt(7.0));
    gir_plan_free(p);
    gir_graph_free(G);
    gir_graph_free(B);
    return 1;
}

/* x <- sqrt(x - 1) while x > 1.2, from 10: 3, sqrt 2, 0.6436 and stop. The masked scan's later steps hold 0.6436,
   where sqrt(x - 1) is NaN: they run nothing of the body, so the gradient is the product of the three steps' */
static int test_while_masked_nan_free(void) {
    gir_graph *B = gir_graph_new(NULL), *G = gir_graph_new(NULL);
    gir_node bx = gir_input(B, GIR_DTYPE_F64, gir_shape0());
    gir_node nx = gir_sqrt(B, gir_sub(B, bx, gir_scalar(B, GIR_DTYPE_F64, 1.0)));
    gir_node go = gir_gt(B, bx, gir_scalar(B, GIR_DTYPE_F64, 1.2));
    gir_func *bf = gir_func_new(B, "drop", 1, &bx, 1, &nx), *cf = gir_func_new(B, "above", 1, &bx, 1, &go);
    gir_node x0 = gir_input(G, GIR_DTYPE_F64, gir_shape0()), r, gx, outs[2];
    double xv = 10, x1 = 3, x2 = sqrt(2.0), x3 = sqrt(x2 - 1), want = 1 / (8 * x1 * x2 * x3);
    gir_plan *p = NULL;
    double v, g;
    CHECK(bf && cf, "func_new: %s", gir_graph_message(B));
    CHECK(gir_while(G, cf, bf, 10, 1, &x0, &r) == GIR_OK && gir_grad(G, r, 1, &x0, &gx) == GIR_OK, "while: %s",
          gir_graph_message(G));
    outs[0] = r;
    outs[1] = gx;
    CHECK(gir_plan_compile(G, 2, outs, NULL, &p) == GIR_OK, "compile: %s", gir_graph_message(G));
    gir_plan_bind(p, x0, &xv);
    CHECK(gir_plan_run(p) == GIR_OK, "run: %s", gir_plan_message(p));
    v = gir_plan_scalar(p, r);
    g = gir_plan_scalar(p, gx);
    CHECK(v == x3, "value %.17g, want %.17g", v, x3);
    CHECK(fabs(g - want) <= 1e-15, "gradient %.17g, want %.17g", g, want);
    gir_plan_free(p);
    gir_graph_free(G);
    gir_graph_free(B);
    return 1;
}
/* scan's errors name the node, the function and both shapes; the graph stays usable */
static int test_scan_errors(void) {
    gir_graph *B = gir_graph_new(NULL), *G = gir_graph_new(NULL);
    gir_func *f = fn_rnn_cell(B, GIR_DTYPE_F32, 16);
    gir_node in[3], r[2], bad[3];
    gir_scan_desc d;
    d.length = 5; d.n_carry = 1; d.n_xs = 1; d.reverse = 0; d.checkpoint = 0;
    in[0] = gir_input(G, GIR_DTYPE_F32, gir_shape1(16));
    in[1] = gir_input(G, GIR_DTYPE_F32, gir_shape2(5, 16));
    in[2] = gir_input(G, GIR_DTYPE_F32, gir_shape1(16));
    bad[0] = gir_input(G, GIR_DTYPE_F32, gir_shape1(32));
    bad[1] = in[1];
    bad[2] = in[2];
    CHECK(gir_scan(G, f, &d, 3, bad, 2, r) == GIR_ERR_SHAPE &&
          strstr(gir_graph_message(G), "scan: node 5: argument 0 (node 4) is f32 [32] but 'rnn' needs f32 [16]"),
          "carry: %s", gir_graph_message(G));
    gir_graph_clear_error(G);
    bad[0] = in[0];
    bad[1] = gir_input(G, GIR_DTYPE_F32, gir_shape2(4, 16));
    CHECK(gir_scan(G, f, &d, 3, bad, 2, r) == GIR_ERR_SHAPE && strstr(gir_graph_message(G), "per-step input 1") &&
          strstr(gir_graph_message(G), "f32 [5,16]"), "xs: %s", gir_graph_message(G));
    gir_graph_clear_error(G);
    d.n_carry = 2;
    CHECK(gir_scan(G, f, &d, 3, in, 2, r) != GIR_OK && strstr(gir_graph_message(G), "scan: node"),
          "two carries: %s", gir_graph_message(G));
    gir_graph_clear_error(G);
    d.n_carry = 1;
    d.length = 0;
    CHECK(gir_scan(G, f, &d, 3, in, 2, r) == GIR_ERR_INVALID_ARG && strstr(gir_graph_message(G), "length >= 1"),
          "length 0: %s", gir_graph_message(G));
    gir_graph_clear_error(G);
    d.length = 5;
    CHECK(gir_scan(G, f, &d, 3, in, 2, r) == GIR_OK, "a good scan after errors: %s", gir_graph_message(G));
    gir_graph_free(G);
    gir_graph_free(B);
    return 1;
}

static void suite_func(void) {
    RUN("func/call_equals_inline_f64_f32", test_call_equals_inline());
    RUN("func/grad_of_grad_through_calls", test_call_grad_of_grad());
    RUN("func/jvp_through_calls", test_call_jvp());
    RUN("func/nested_calls", test_call_nested());
    RUN("func/errors", test_call_errors());
    RUN("func/cond_runs_the_picked_branch_only", test_cond());
    RUN("func/cond_errors", test_cond_errors());
    RUN("func/scan_equals_unrolled", test_scan());
    RUN("func/scan_grad_of_grad", test_scan_hvp());
    RUN("func/scan_errors", test_scan_errors());
    RUN("func/while_newton", test_while());
    RUN("func/while_masked_nan_free", test_while_masked_nan_free());
}
