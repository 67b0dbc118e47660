/* unit/train.c - training inside the plan: assign nodes and their order, the optimizers against torch.optim,
 * gradient clipping, learning-rate schedules, train and eval plans (batch norm with running statistics, dropout).
 * Oracle: tests/oracles/golden_train.txt, written by tests/oracles/make_golden_train.py (PyTorch). */

/* -- tests/oracles/golden_train.txt -------------------------------------------------------------------------------- */
static char **tg_line;
static int tg_n;
static int tg_load(void) {
    FILE *f;
    char buf[1 << 16];
    int cap = 0;
    if (tg_line) return 1;
    if (!(f = fopen("tests/oracles/golden_train.txt", "rb"))) return 0;
    while (fgets(buf, sizeof buf, f)) {
        size_t n = strlen(buf);
        if (tg_n == cap) tg_line = (char **)realloc(tg_line, (size_t)(cap = cap ? cap * 2 : 256) * sizeof(char *));
        tg_line[tg_n] = (char *)malloc(n + 1);
        memcpy(tg_line[tg_n++], buf, n + 1);
    }
    fclose(f);
    return 1;
}
/* the values after " : " in line l, at most cap of them; returns how many */
static int tg_vals(int l, double *v, int cap) {
    const char *s = strstr(tg_line[l], " : ");
    char *end;
    int n = 0;
    if (!s) return 0;
    s += 3;
    while (n < cap) {
        double x = strtod(s, &end);
        if (end == s) break;
        v[n++] = x;
        s = end;
    }
    return n;
}
/* the first line at or after from that starts with prefix, or -1 */
static int tg_find(int from, const char *prefix) {
    size_t n = strlen(prefix);
    for (; from < tg_n; ++from)
        if (!strncmp(tg_line[from], prefix, n)) return from;
    return -1;
}
static int tg_rel_ok(double got, double want, double rtol, double atol) {
    return fabs(got - want) <= atol + rtol * fabs(want);
}

/* -- assign ------------------------------------------------------------------------------------------------ */
/* one run writes the variable; the assign node's value and the variable both hold the new value */
static int test_assign_basic(void) {
    gir_graph *g = gir_graph_new(NULL);
    double w0[3] = {1, 2, 3};
    gir_node w = gir_variable(g, GIR_DTYPE_F64, gir_shape1(3), w0);
    gir_node a = gir_assign(g, w, gir_add(g, gir_mul(g, w, gir_scalar(g, GIR_DTYPE_F64, 2)), gir_scalar(g, GIR_DTYPE_F64, 1)));
    gir_plan *p = NULL;
    int r, i;
    CHECK(a.id && gir_node_op(g, a) == GIR_OP_ASSIGN, "%s", gir_graph_message(g));
    CHECK(!gir_op_differentiable(GIR_OP_ASSIGN) && strlen(gir_op_no_adjoint_reason(GIR_OP_ASSIGN)) > 10, "no reason");
    CHECK(gir_plan_compile(g, 1, &a, NULL, &p) == GIR_OK, "%s", gir_graph_message(g));
    for (r = 1; r <= 3; ++r) {
        const double *av, *wv = (const double *)gir_node_data(g, w);
        double want[3];
        for (i = 0; i < 3; ++i) want[i] = wv[i] * 2 + 1;
        CHECK(gir_plan_run(p) == GIR_OK, "%s", gir_plan_message(p));
        av = (const double *)gir_plan_data(p, a);
        wv = (const double *)gir_node_data(g, w);
        for (i = 0; i < 3; ++i)
            if (av[i] != want[i] || wv[i] != want[i]) {
                gir_plan_free(p); gir_graph_free(g);
                FAILF("run %d element %d: assign %g variable %g, want %g", r, i, av[i], wv[i], want[i]);
            }
    }
    gir_plan_free(p);
    gir_graph_free(g);
    return 1;
}

/* a reader of w built after the assign (a larger node id) still reads the old value; a node that uses the
   assign node reads the new one; the hook lists the reader before the assign */
static int test_assign_order_readers_first(void) {
    int fuse;
    for (fuse = 0; fuse < 3; ++fuse) {       /* 0, 1: unfused and fused, the update in place; 2: an assign step */
        gir_graph *g = gir_graph_new(NULL);
        double w0[4] = {1, -2, 3, 0.5};
        gir_node w = gir_variable(g, GIR_DTYPE_F64, gir_shape1(4), w0);
        gir_node a = gir_assign(g, w, gir_add(g, w, gir_scalar(g, GIR_DTYPE_F64, 10)));
        gir_node y = gir_mul(g, w, gir_scalar(g, GIR_DTYPE_F64, 3));        /* built after the assign */
        gir_node z = gir_mul(g, a, gir_scalar(g, GIR_DTYPE_F64, 2));        /* uses the new value */
        gir_node s = gir_sum(g, gir_exp(g, w), gir_ints0(), 0);            /* a reduction reading w */
        gir_node outs[4];
        gir_compile_desc cd;
        gir_plan *p = NULL;
        uint32_t k, before[16], nb = 0, ai = 0, yi = 0, si = 0;
        const double *yv, *zv, *sv;
        double es = 0;
        int i;
        memset(&cd, 0, sizeof cd);
        cd.flags = fuse == 1 ? 0 : fuse == 0 ? GIR_COMPILE_NO_FUSION : GIR_COMPILE_NO_FUSION | GIR_COMPILE_NO_INPLACE;
        outs[0] = a; outs[1] = y; outs[2] = z; outs[3] = s;
        CHECK(gir_plan_compile(g, 4, outs, &cd, &p) == GIR_OK, "%s", gir_graph_message(g));
        for (k = 0; k < p->nsteps; ++k) {
            uint32_t node = p->vals[p->steps[k].val].node;
            if (node == a.id || p->vals[p->steps[k].val].kind == GIR__VAL_INVAR) ai = k;   /* the write of w */
            if (node == y.id) yi = k;
            if (node == s.id) si = k;
        }
        for (k = 0; k < p->nsteps; ++k)
            if (p->steps[k].op == GIR_OP_ASSIGN || p->vals[p->steps[k].val].kind == GIR__VAL_INVAR)
                nb = gir__assign_before(p, k, before);
        CHECK(nb >= 2 && yi < ai && si < ai && (fuse == 2) == (p->vals[p->map[a.id] - 1].kind != GIR__VAL_INVAR), "fuse %d: assign at step %u, readers at %u and %u (%u listed)", fuse,
              (unsigned)ai, (unsigned)yi, (unsigned)si, (unsigned)nb);
        for (k = 0; k < nb; ++k) CHECK(before[k] < ai, "fuse %d: listed step %u after the assign", fuse, (unsigned)before[k]);
        CHECK(gir_plan_run(p) == GIR_OK, "%s", gir_plan_message(p));
        yv = (const double *)gir_plan_data(p, y);
        zv = (const double *)gir_plan_data(p, z);
        sv = (const double *)gir_plan_data(p, s);
        for (i = 0; i < 4; ++i) {
            es += exp(w0[i]);
            CHECK(yv[i] == 3 * w0[i], "fuse %d: y[%d] = %g read the new value (want %g)", fuse, i, yv[i], 3 * w0[i]);
            CHECK(zv[i] == 2 * (w0[i] + 10), "fuse %d: z[%d] = %g, want %g", fuse, i, zv[i], 2 * (w0[i] + 10));
        }
        CHECK(fabs(sv[0] - es) < 1e-12 * es, "fuse %d: sum exp(w) %g, want %g (old w)", fuse, sv[0], es);
        gir_plan_free(p);
        gir_graph_free(g);
    }
    return 1;
}

/* fusion would run m = w * 2 at its group's root r = m + v_new, after the assign of w: it must stay apart */
static int test_assign_fusion_keeps_old_read(void) {
    gir_graph *g = gir_graph_new(NULL);
    double w0[5] = {1, 2, 3, 4, 5}, x0[5] = {0.5, 0.25, -1, 2, 3};
    gir_node w = gir_variable(g, GIR_DTYPE_F64, gir_shape1(5), w0);
    gir_node x = gir_input(g, GIR_DTYPE_F64, gir_shape1(5));
    gir_node m = gir_mul(g, w, gir_scalar(g, GIR_DTYPE_F64, 2));
    gir_node a = gir_assign(g, w, gir_add(g, x, gir_scalar(g, GIR_DTYPE_F64, 100)));
    gir_node r = gir_add(g, m, a);                                        /* 2 * old + new */
    gir_plan *p = NULL;
    const double *rv;
    int i;
    CHECK(gir_plan_compile(g, 1, &r, NULL, &p) == GIR_OK, "%s", gir_graph_message(g));
    gir_plan_bind(p, x, x0);
    CHECK(gir_plan_run(p) == GIR_OK, "%s", gir_plan_message(p));
    rv = (const double *)gir_plan_data(p, r);
    for (i = 0; i < 5; ++i)
        CHECK(rv[i] == 2 * w0[i] + x0[i] + 100, "r[%d] = %g, want %g (m read w after the write)", i, rv[i],
              2 * w0[i] + x0[i] + 100);
    CHECK(((const double *)gir_node_data(g, w))[4] == x0[4] + 100, "w not written");
    gir_plan_free(p);
    gir_graph_free(g);
    return 1;
}

/* a whole SGD step in one plan: forward, backward (both read w) and the fused update w - lr * dw; fused and
   unfused plans give the same bits, and the update was fused */
static int test_assign_fused_sgd_step(void) {
    double res[2][2][37], loss[2][2];
    int fuse, r, i;
    for (fuse = 0; fuse < 2; ++fuse) {
        gir_graph *g = gir_graph_new(NULL);
        double w0[37], x0[37], lr = 0.05;
        gir_node w, x, lrn, y, l, dw, upd, outs[2];
        gir_compile_desc cd;
        gir_plan *p = NULL;
        for (i = 0; i < 37; ++i) { w0[i] = sin(i + 1.0); x0[i] = cos(0.3 * i); }
        w = gir_variable(g, GIR_DTYPE_F64, gir_shape1(37), w0);
        x = gir_input(g, GIR_DTYPE_F64, gir_shape1(37));
        lrn = gir_input(g, GIR_DTYPE_F64, gir_shape0());
        y = gir_tanh(g, gir_add(g, gir_mul(g, w, x), gir_square(g, w)));
        l = gir_sum(g, gir_square(g, gir_sub(g, y, gir_scalar(g, GIR_DTYPE_F64, 0.3))), gir_ints0(), 0);
        CHECK(gir_grad(g, l, 1, &w, &dw) == GIR_OK, "%s", gir_graph_message(g));
        upd = gir_assign(g, w, gir_sub(g, w, gir_mul(g, lrn, dw)));
        outs[0] = l; outs[1] = upd;
        memset(&cd, 0, sizeof cd);
        cd.flags = fuse ? 0 : GIR_COMPILE_NO_FUSION;
        CHECK(gir_plan_compile(g, 2, outs, &cd, &p) == GIR_OK, "%s", gir_graph_message(g));
        CHECK(fuse ? gir_plan_query_stats(p).fused_groups > 0 : gir_plan_query_stats(p).fused_groups == 0, "fusion %d: %d groups", fuse,
              gir_plan_query_stats(p).fused_groups);
        gir_plan_bind(p, x, x0);
        gir_plan_bind(p, lrn, &lr);
        for (r = 0; r < 2; ++r) {
            CHECK(gir_plan_run(p) == GIR_OK, "%s", gir_plan_message(p));
            loss[fuse][r] = *(const double *)gir_plan_data(p, l);
            memcpy(res[fuse][r], gir_node_data(g, w), sizeof res[fuse][r]);
        }
        /* the first step by hand */
        for (i = 0; i < 37; ++i) {
            double u = w0[i] * x0[i] + w0[i] * w0[i], t = tanh(u);
            double d = 2 * (t - 0.3) * (1 - t * t) * (x0[i] + 2 * w0[i]);
            CHECK(fabs(res[fuse][0][i] - (w0[i] - lr * d)) < 1e-14, "fuse %d: element %d: %.17g vs %.17g", fuse, i,
                  res[fuse][0][i], w0[i] - lr * d);
        }
        gir_plan_free(p);
        gir_graph_free(g);
    }
    CHECK(!memcmp(res[0], res[1], sizeof res[0]) && loss[0][1] == loss[1][1], "fused and unfused steps differ");
    CHECK(loss[0][1] < loss[0][0], "the loss did not go down: %g then %g", loss[0][0], loss[0][1]);
    return 1;
}

static int test_assign_errors(void) {
    gir_graph *g = gir_graph_new(NULL), *h = gir_graph_new(NULL);
    gir_node w = gir_variable(g, GIR_DTYPE_F64, gir_shape1(3), NULL), in = gir_input(g, GIR_DTYPE_F64, gir_shape1(3));
    gir_node c = gir_zeros(g, GIR_DTYPE_F64, gir_shape1(3)), hw = gir_variable(h, GIR_DTYPE_F64, gir_shape1(3), NULL);
    gir_node a1, a2, y, outs[2];
    gir_plan *p = NULL;
    char want[64];
    /* not a variable */
    CHECK(!gir_assign(g, in, c).id && gir_graph_status(g) == GIR_ERR_INVALID_ARG && msg_has(g, "variable") &&
          msg_has(g, "assign"), "input as var: %s", gir_graph_message(g));
    CHECK(still_usable(g), "graph unusable");
    gir_graph_clear_error(g);
    CHECK(!gir_assign(g, c, c).id && gir_graph_status(g) == GIR_ERR_INVALID_ARG, "constant as var: %s", gir_graph_message(g));
    gir_graph_clear_error(g);
    /* dtype and shape, naming both nodes */
    CHECK(!gir_assign(g, w, gir_zeros(g, GIR_DTYPE_F32, gir_shape1(3))).id && gir_graph_status(g) == GIR_ERR_DTYPE &&
          msg_has(g, "f32") && msg_has(g, "f64"), "dtype: %s", gir_graph_message(g));
    gir_graph_clear_error(g);
    CHECK(!gir_assign(g, w, gir_zeros(g, GIR_DTYPE_F64, gir_shape1(4))).id && gir_graph_status(g) == GIR_ERR_SHAPE &&
          msg_has(g, "[4]") && msg_has(g, "[3]"), "shape: %s", gir_graph_message(g));
    gir_graph_clear_error(g);
    CHECK(!gir_assign(g, w, gir_zeros(g, GIR_DTYPE_F64, gir_shape2(1, 3))).id && gir_graph_status(g) == GIR_ERR_SHAPE,
          "broadcastable shape accepted: %s", gir_graph_message(g));
    gir_graph_clear_error(g);
    /* another graph's variable */
    CHECK(!gir_assign(g, hw, c).id && gir_graph_status(g) == GIR_ERR_HANDLE, "foreign: %s", gir_graph_message(g));
    gir_graph_clear_error(g);
    /* two assigns of one variable in one plan: both named; each alone compiles */
    a1 = gir_assign(g, w, c);
    a2 = gir_assign(g, w, gir_add(g, w, c));
    outs[0] = a1; outs[1] = a2;
    CHECK(gir_plan_compile(g, 2, outs, NULL, &p) == GIR_ERR_INVALID_ARG && !p, "duplicate assign compiled");
    snprintf(want, sizeof want, "%u and %u", (unsigned)a1.id, (unsigned)a2.id);
    CHECK(msg_has(g, want) && msg_has(g, "both write"), "duplicate: %s", gir_graph_message(g));
    CHECK(still_usable(g), "graph unusable");
    gir_graph_clear_error(g);
    CHECK(gir_plan_compile(g, 1, &a2, NULL, &p) == GIR_OK, "%s", gir_graph_message(g));
    gir_plan_free(p);
    p = NULL;
    /* a step that reads w and depends on w's assign cannot be ordered */
    y = gir_add(g, w, a2);
    CHECK(gir_plan_compile(g, 1, &y, NULL, &p) == GIR_ERR_INVALID_ARG && !p && msg_has(g, "old value"), "cycle: %s",
          gir_graph_message(g));
    CHECK(still_usable(g), "graph unusable");
    gir_graph_free(g);
    gir_graph_free(h);
    return 1;
}

/* -- optimizers against torch.optim ------------------------------------------------------------------------ */
typedef struct tg_model {
    gir_graph *g;
    gir_node w, b, lr, loss, upd[GIR_OPTIM_MAX_UPDATES(2) + 1];   /* the updates and the loss */
    int nupd;
    gir_plan *p;
} tg_model;
static int tg_data(const char *name, double *v, int cap) {
    char pre[32];
    int l;
    snprintf(pre, sizeof pre, "data %s ", name);
    l = tg_find(0, pre);
    return l < 0 ? 0 : tg_vals(l, v, cap);
}
/* the optimizers' step_dtype in tg_build (0: the default, f64) */
static gir_dtype tg_step_dtype;
/* the model of make_golden_train.py in dtype dt, with the optimizer of the opt line l */
static int tg_build(tg_model *m, int l, int dt) {
    double X[12], Y[8], W0[6], B0[2], mom, damp, wd, b1, b2, eps, clip;
    float f[12];
    int nest, ams, steps, i;
    char name[64], kind[16];
    gir_optim_desc d;
    gir_node x, y, pred, grads[2], params[2];
    gir_graph *g;
    CHECK(tg_data("X", X, 12) == 12 && tg_data("Y", Y, 8) == 8 && tg_data("W0", W0, 6) == 6 && tg_data("B0", B0, 2) == 2,
          "golden_train.txt: data lines");
    CHECK(sscanf(tg_line[l], "opt %63s %15s %lf %lf %d %lf %lf %lf %lf %d %lf %d", name, kind, &mom, &damp, &nest, &wd,
                 &b1, &b2, &eps, &ams, &clip, &steps) == 12, "bad opt line %d", l + 1);
    memset(m, 0, sizeof *m);
    memset(&d, 0, sizeof d);
    d.kind = !strcmp(kind, "sgd") ? GIR_OPTIM_SGD : !strcmp(kind, "adam") ? GIR_OPTIM_ADAM : GIR_OPTIM_ADAMW;
    d.momentum = mom; d.dampening = damp; d.nesterov = nest; d.weight_decay = wd; d.amsgrad = ams;
    if (d.kind != GIR_OPTIM_SGD) { d.beta1 = b1; d.beta2 = b2; d.eps = eps; }
    d.step_dtype = tg_step_dtype;
    m->g = g = gir_graph_new(NULL);
#define TG_NODE(dst, fn, arr, n, shp) do { if (dt == GIR_DTYPE_F32) { for (i = 0; i < n; ++i) f[i] = (float)arr[i]; \
        dst = fn(g, (gir_dtype)dt, shp, f); } else dst = fn(g, (gir_dtype)dt, shp, arr); } while (0)
    TG_NODE(x, gir_constant, X, 12, gir_shape2(4, 3));
    TG_NODE(y, gir_constant, Y, 8, gir_shape2(4, 2));
    TG_NODE(m->w, gir_variable, W0, 6, gir_shape2(3, 2));
    TG_NODE(m->b, gir_variable, B0, 2, gir_shape1(2));
#undef TG_NODE
    m->lr = gir_input(g, GIR_DTYPE_F64, gir_shape0());
    pred = gir_tanh(g, gir_add(g, gir_matmul(g, x, m->w), m->b));
    m->loss = gir_div(g, gir_sum(g, gir_square(g, gir_sub(g, pred, y)), gir_ints0(), 0), gir_scalar(g, (gir_dtype)dt, 4));
    params[0] = m->w; params[1] = m->b;
    CHECK(gir_grad(g, m->loss, 2, params, grads) == GIR_OK, "%s", gir_graph_message(g));
    if (clip > 0) CHECK(gir_clip_grad_norm(g, 2, grads, clip, grads).id, "clip: %s", gir_graph_message(g));
    m->nupd = gir_optim_updates(g, &d, 2, params, grads, m->lr, m->upd);
    CHECK(m->nupd > 0, "%s: %s", name, gir_graph_message(g));
    m->upd[m->nupd] = m->loss;
    CHECK(gir_plan_compile(g, m->nupd + 1, m->upd, NULL, &m->p) == GIR_OK, "%s", gir_graph_message(g));
    return steps;
}
static void tg_free(tg_model *m) { gir_plan_free(m->p); gir_graph_free(m->g); memset(m, 0, sizeof *m); }
static double tg_get(const void *p, int dt, int i) {
    return dt == GIR_DTYPE_F32 ? (double)((const float *)p)[i] : ((const double *)p)[i];
}
/* every opt case: steps with the golden learning rates; loss and parameters after each step within tol */
static int tg_run_opts(int dt, double rtol, double atol) {
    int l = -1, cases = 0;
    CHECK(tg_load(), "cannot open tests/oracles/golden_train.txt (run from the repository root; make golden)");
    while ((l = tg_find(l + 1, "opt ")) >= 0) {
        tg_model m;
        double lrs[16], want[6], loss;
        int steps, k, i, nl, lw, nw, nb;
        char name[64];
        sscanf(tg_line[l], "opt %63s", name);
        if (!(steps = tg_build(&m, l, dt))) { tg_free(&m); return 0; }
        nl = tg_vals(tg_find(l, "lr : "), lrs, 16);
        CHECK(nl == steps, "%s: %d learning rates for %d steps", name, nl, steps);
        gir_plan_bind(m.p, m.lr, &loss);
        for (k = 0; k < steps; ++k) {
            char pre[32];
            const void *wv = gir_node_data(m.g, m.w), *bv;
            loss = lrs[k];
            if (gir_plan_run(m.p) != GIR_OK) { snprintf(why, sizeof why, "%s", gir_plan_message(m.p)); tg_free(&m); return 0; }
            snprintf(pre, sizeof pre, "loss %d ", k);
            lw = tg_find(l, pre);
            want[0] = strtod(tg_line[lw] + strlen(pre), NULL);
            if (!tg_rel_ok(tg_get(gir_plan_data(m.p, m.loss), dt, 0), want[0], rtol, atol)) {
                snprintf(why, sizeof why, "%s (%s) step %d: loss %.17g, torch %.17g", name, gir_dtype_name((gir_dtype)dt),
                         k, tg_get(gir_plan_data(m.p, m.loss), dt, 0), want[0]);
                tg_free(&m);
                return 0;
            }
            snprintf(pre, sizeof pre, "w %d : ", k);
            nw = tg_vals(tg_find(l, pre), want, 6);
            wv = gir_node_data(m.g, m.w);
            for (i = 0; i < nw; ++i)
                if (!tg_rel_ok(tg_get(wv, dt, i), want[i], rtol, atol)) {
                    snprintf(why, sizeof why, "%s (%s) step %d: w[%d] %.17g, torch %.17g", name,
                             gir_dtype_name((gir_dtype)dt), k, i, tg_get(wv, dt, i), want[i]);
                    tg_free(&m);
                    return 0;
                }
            snprintf(pre, sizeof pre, "b %d : ", k);
            nb = tg_vals(tg_find(l, pre), want, 2);
            bv = gir_node_data(m.g, m.b);
            for (i = 0; i < nb; ++i)
                if (!tg_rel_ok(tg_get(bv, dt, i), want[i], rtol, atol)) {
                    snprintf(why, sizeof why, "%s (%s) step %d: b[%d] %.17g, torch %.17g", name,
                             gir_dtype_name((gir_dtype)dt), k, i, tg_get(bv, dt, i), want[i]);
                    tg_free(&m);
                    return 0;
                }
            if (nw != 6 || nb != 2) { tg_free(&m); FAILF("%s: golden lines of step %d", name, k); }
        }
        tg_free(&m);
        ++cases;
    }
    CHECK(cases >= 12, "only %d optimizer cases in tests/oracles/golden_train.txt", cases);
    return 1;
}
static int test_optim_torch_f64(void) { return tg_run_opts(GIR_DTYPE_F64, 1e-12, 1e-15); }
static int test_optim_f32_close(void) { return tg_run_opts(GIR_DTYPE_F32, 2e-4, 2e-5); }
/* step_dtype f32: the step count and bias corrections in f32 stay as close to torch's f64 run as the f32 model */
static int test_optim_f32_steps_close(void) {
    int ok;
    tg_step_dtype = GIR_DTYPE_F32;
    ok = tg_run_opts(GIR_DTYPE_F32, 2e-4, 2e-5);
    tg_step_dtype = (gir_dtype)0;
    return ok;
}
/* step_dtype f32 on f32 parameters with an f32 rate: every node Adam (and AdamW, SGD with momentum) builds is f32
   or a b8 test, none f64 (an f32 training image then opens in a GIR_ONLY_F32 build); the step variable is f32 */
static int test_optim_step_dtype_f32(void) {
    static const gir_optim_kind kinds[3] = {GIR_OPTIM_ADAM, GIR_OPTIM_ADAMW, GIR_OPTIM_SGD};
    gir_graph *g = gir_graph_new(NULL);
    gir_node w = gir_variable(g, GIR_DTYPE_F32, gir_shape2(2, 3), NULL), lr = gir_input(g, GIR_DTYPE_F32, gir_shape0());
    gir_node gw = gir_ones_like(g, w), u[GIR_OPTIM_MAX_UPDATES(1)];
    gir_optim_desc d;
    uint32_t before, i;
    int k, n;
    for (k = 0; k < 3; ++k) {
        d = gir_optim_defaults(kinds[k]);
        d.momentum = kinds[k] == GIR_OPTIM_SGD ? 0.9 : 0;
        d.step_dtype = GIR_DTYPE_F32;
        before = (uint32_t)gir_graph_node_count(g);
        n = gir_optim_updates(g, &d, 1, &w, &gw, lr, u);
        CHECK(n > 1, "kind %d: %s", k, gir_graph_message(g));
        CHECK(gir_node_dtype(g, gir_node_input(g, u[n - 1], 0)) == GIR_DTYPE_F32, "kind %d: the step count is not f32", k);
        for (i = before + 1; i <= (uint32_t)gir_graph_node_count(g); ++i) {
            gir_node x = w;
            x.id = i;
            CHECK(gir_node_dtype(g, x) == GIR_DTYPE_F32 || gir_node_dtype(g, x) == GIR_DTYPE_B8, "kind %d: node %u (%s) "
                  "is %s", k, (unsigned)i, gir_op_name(gir_node_op(g, x)), gir_dtype_name(gir_node_dtype(g, x)));
        }
    }
    gir_graph_free(g);
    return 1;
}

/* the update list's layout: per parameter its assign and its state in the documented order, the step last */
static int test_optim_update_layout(void) {
    gir_graph *g = gir_graph_new(NULL);
    gir_node w = gir_variable(g, GIR_DTYPE_F64, gir_shape2(2, 3), NULL), b = gir_variable(g, GIR_DTYPE_F32, gir_shape1(3), NULL);
    gir_node ps[2], gs[2], lr = gir_input(g, GIR_DTYPE_F32, gir_shape1(1)), u[GIR_OPTIM_MAX_UPDATES(2)];
    gir_optim_desc d;
    int n, k;
    ps[0] = w; ps[1] = b;
    gs[0] = gir_ones_like(g, w); gs[1] = gir_ones_like(g, b);
    memset(&d, 0, sizeof d);
    CHECK(gir_optim_updates(g, &d, 2, ps, gs, lr, u) == 2, "plain SGD: %s", gir_graph_message(g));
    CHECK(gir_node_input(g, u[0], 0).id == w.id && gir_node_input(g, u[1], 0).id == b.id, "SGD layout");
    d.momentum = 0.5;
    CHECK(gir_optim_updates(g, &d, 2, ps, gs, lr, u) == 5, "momentum: %s", gir_graph_message(g));
    CHECK(gir_node_input(g, u[0], 0).id == w.id && gir_node_input(g, u[2], 0).id == b.id, "momentum layout");
    d = gir_optim_defaults(GIR_OPTIM_ADAMW);
    CHECK(d.kind == GIR_OPTIM_ADAMW && d.beta1 == 0.9 && d.beta2 == 0.999 && d.eps == 1e-8 && d.weight_decay == 0.01 &&
          !d.amsgrad && !d.momentum, "AdamW defaults");
    d.amsgrad = 1;
    n = gir_optim_updates(g, &d, 2, ps, gs, lr, u);
    CHECK(n == GIR_OPTIM_MAX_UPDATES(2), "amsgrad: %d updates: %s", n, gir_graph_message(g));
    CHECK(gir_node_input(g, u[0], 0).id == w.id && gir_node_input(g, u[4], 0).id == b.id, "adam layout");
    for (k = 0; k < n; ++k) {
        gir_node v = gir_node_input(g, u[k], 0);
        gir_shape s = gir_node_shape(g, v), want = k == n - 1 ? gir_shape0() : k < 4 ? gir_shape2(2, 3) : gir_shape1(3);
        CHECK(gir_node_op(g, u[k]) == GIR_OP_ASSIGN && gir_node_op(g, v) == GIR_OP_VARIABLE, "update %d", k);
        CHECK(s.rank == want.rank && !memcmp(s.dim, want.dim, sizeof(int32_t) * (size_t)s.rank), "update %d shape", k);
        CHECK(gir_node_dtype(g, v) == (k == n - 1 ? GIR_DTYPE_F64 : k < 4 ? GIR_DTYPE_F64 : GIR_DTYPE_F32), "update %d dtype", k);
    }
    gir_graph_free(g);
    return 1;
}

/* plain SGD with an f32 learning rate on f32 parameters builds no f64 node (the rate was cast to f64 and back: two
   steps and soft double on a Cortex-M); the rate is cast once to an f64 parameter's dtype */
static int test_optim_sgd_lr_dtype(void) {
    gir_graph *g = gir_graph_new(NULL);
    gir_node w = gir_variable(g, GIR_DTYPE_F32, gir_shape2(2, 3), NULL), v = gir_variable(g, GIR_DTYPE_F64, gir_shape1(3), NULL);
    gir_node lr = gir_input(g, GIR_DTYPE_F32, gir_shape0()), gw = gir_ones_like(g, w), gv = gir_ones_like(g, v), u[2];
    gir_optim_desc d;
    uint32_t before, i, casts = 0;
    memset(&d, 0, sizeof d);
    before = (uint32_t)gir_graph_node_count(g);
    CHECK(gir_optim_updates(g, &d, 1, &w, &gw, lr, u) == 1, "SGD: %s", gir_graph_message(g));
    for (i = before + 1; i <= (uint32_t)gir_graph_node_count(g); ++i) {
        gir_node n = w;
        n.id = i;
        CHECK(gir_node_dtype(g, n) == GIR_DTYPE_F32, "node %u (%s) is not f32", (unsigned)i, gir_op_name(gir_node_op(g, n)));
    }
    before = (uint32_t)gir_graph_node_count(g);
    CHECK(gir_optim_updates(g, &d, 1, &v, &gv, lr, u) == 1, "SGD f64: %s", gir_graph_message(g));
    for (i = before + 1; i <= (uint32_t)gir_graph_node_count(g); ++i) {
        gir_node n = w;
        n.id = i;
        casts += gir_node_op(g, n) == GIR_OP_CAST;
    }
    CHECK(casts == 1, "%u casts of the rate for an f64 parameter", (unsigned)casts);
    gir_graph_free(g);
    return 1;
}
static int test_optim_errors(void) {
    gir_graph *g = gir_graph_new(NULL), *h = gir_graph_new(NULL);
    gir_node w = gir_variable(g, GIR_DTYPE_F64, gir_shape1(3), NULL), x = gir_input(g, GIR_DTYPE_F64, gir_shape1(3));
    gir_node lr = gir_input(g, GIR_DTYPE_F64, gir_shape0()), ps[2], gs[2], u[16], hlr = gir_input(h, GIR_DTYPE_F64, gir_shape0());
    gir_optim_desc d;
    struct { const char *what; int code; const char *msg; } cases[] = {
        {"nesterov without momentum", GIR_ERR_ATTR, "Nesterov"},
        {"negative weight decay", GIR_ERR_ATTR, "weight_decay"},
        {"beta1 1", GIR_ERR_ATTR, "betas"},
        {"unknown kind", GIR_ERR_ATTR, "kind"},
        {"input as parameter", GIR_ERR_INVALID_ARG, "params[0]"},
        {"gradient shape", GIR_ERR_SHAPE, "grads[0]"},
        {"gradient dtype", GIR_ERR_DTYPE, "grads[0]"},
        {"lr not a scalar", GIR_ERR_SHAPE, "lr"},
        {"lr an integer", GIR_ERR_DTYPE, "lr"},
        {"lr of another graph", GIR_ERR_HANDLE, "lr"},
        {"duplicate parameter", GIR_ERR_INVALID_ARG, "same variable"},
        {"n = 0", GIR_ERR_INVALID_ARG, "n"},
        {"invalid gradient handle", GIR_ERR_HANDLE, "grads[0]"},
        {"step_dtype i32", GIR_ERR_DTYPE, "step_dtype"},
    };
    int k, n;
    for (k = 0; k < (int)(sizeof cases / sizeof cases[0]); ++k) {
        gir_node l = lr;
        int np = 1;
        memset(&d, 0, sizeof d);
        ps[0] = w; gs[0] = gir_ones_like(g, w);
        switch (k) {
        case 0: d.nesterov = 1; break;
        case 1: d.weight_decay = -1; break;
        case 2: d.kind = GIR_OPTIM_ADAM; d.beta1 = 1; break;
        case 3: d.kind = (gir_optim_kind)7; break;
        case 4: ps[0] = x; break;
        case 5: gs[0] = gir_ones(g, GIR_DTYPE_F64, gir_shape1(4)); break;
        case 6: gs[0] = gir_ones(g, GIR_DTYPE_F32, gir_shape1(3)); break;
        case 7: l = gir_input(g, GIR_DTYPE_F64, gir_shape1(2)); break;
        case 8: l = gir_input(g, GIR_DTYPE_I32, gir_shape0()); break;
        case 9: l = hlr; break;
        case 10: ps[1] = w; gs[1] = gs[0]; np = 2; break;
        case 11: np = 0; break;
        case 12: gs[0].id = 0; gs[0].tag = 0; break;
        case 13: d.kind = GIR_OPTIM_ADAM; d.step_dtype = GIR_DTYPE_I32; break;
        }
        n = gir_optim_updates(g, &d, np, ps, gs, l, u);
        CHECK(n == 0 && (int)gir_graph_status(g) == cases[k].code && msg_has(g, cases[k].msg) && msg_has(g, "optim_updates"),
              "%s: n %d, %s: '%s'", cases[k].what, n, gir_status_name(gir_graph_status(g)), gir_graph_message(g));
        CHECK(still_usable(g), "%s: graph unusable", cases[k].what);
        gir_graph_clear_error(g);
    }
    /* clipping and schedules */
    gs[0] = gir_ones_like(g, w);
    CHECK(!gir_clip_grad_norm(g, 1, gs, -1, gs).id && gir_graph_status(g) == GIR_ERR_ATTR, "clip max_norm");
    gir_graph_clear_error(g);
    gs[1] = gir_input(g, GIR_DTYPE_I32, gir_shape1(3));
    CHECK(!gir_clip_grad_norm(g, 2, gs, 1, u).id && gir_graph_status(g) == GIR_ERR_DTYPE && msg_has(g, "grads[1]"),
          "clip dtype: %s", gir_graph_message(g));
    gir_graph_clear_error(g);
    CHECK(!gir_lr_step_decay(g, lr, 0.1, 0, 0.5).id && gir_graph_status(g) == GIR_ERR_ATTR, "step_size 0");
    gir_graph_clear_error(g);
    CHECK(!gir_lr_cosine(g, x, 0.1, 0, 5).id && gir_graph_status(g) == GIR_ERR_SHAPE, "cosine of a vector");
    gir_graph_clear_error(g);
    CHECK(still_usable(g), "graph unusable");
    gir_graph_free(g);
    gir_graph_free(h);
    return 1;
}

/* clip_grad_norm_: the total norm and the scaled gradients, below and above max_norm */
static int test_clip_grad_norm_values(void) {
    gir_graph *g = gir_graph_new(NULL);
    double a[3] = {3, -4, 1}, b[2] = {2, 0.5}, tot = sqrt(9 + 16 + 1 + 4 + 0.25);
    gir_node gs[2], cl[2], t, outs[3];
    gir_plan *p = NULL;
    int pass, i;
    for (pass = 0; pass < 2; ++pass) {
        double mx = pass ? 100.0 : 2.0, coef = mx / (tot + 1e-6);
        const double *c0, *c1;
        if (coef > 1) coef = 1;
        gs[0] = gir_constant(g, GIR_DTYPE_F64, gir_shape1(3), a);
        gs[1] = gir_constant(g, GIR_DTYPE_F64, gir_shape1(2), b);
        t = gir_clip_grad_norm(g, 2, gs, mx, cl);
        outs[0] = t; outs[1] = cl[0]; outs[2] = cl[1];
        CHECK(gir_plan_compile(g, 3, outs, NULL, &p) == GIR_OK && gir_plan_run(p) == GIR_OK, "%s", gir_graph_message(g));
        c0 = (const double *)gir_plan_data(p, cl[0]);
        c1 = (const double *)gir_plan_data(p, cl[1]);
        CHECK(fabs(*(const double *)gir_plan_data(p, t) - tot) < 1e-14, "total %g, want %g", *(const double *)gir_plan_data(p, t), tot);
        for (i = 0; i < 3; ++i) CHECK(fabs(c0[i] - a[i] * coef) < 1e-15, "max_norm %g: clipped a[%d] %g", mx, i, c0[i]);
        for (i = 0; i < 2; ++i) CHECK(fabs(c1[i] - b[i] * coef) < 1e-15, "max_norm %g: clipped b[%d] %g", mx, i, c1[i]);
        gir_plan_free(p);
        p = NULL;
    }
    gir_graph_free(g);
    return 1;
}

/* StepLR and CosineAnnealingLR, from a bound step count */
static int test_lr_schedules_torch(void) {
    int l = -1, n = 0;
    CHECK(tg_load(), "cannot open tests/oracles/golden_train.txt");
    while ((l = tg_find(l + 1, "sched ")) >= 0) {
        char name[32];
        double a0, a1, a2, want[16];
        int32_t step;
        gir_graph *g = gir_graph_new(NULL);
        gir_node s = gir_input(g, GIR_DTYPE_I32, gir_shape0()), lr;
        gir_plan *p = NULL;
        int k, nv;
        CHECK(sscanf(tg_line[l], "sched %31s %lf %lf %lf", name, &a0, &a1, &a2) == 4, "bad sched line");
        lr = !strcmp(name, "step_decay") ? gir_lr_step_decay(g, s, a0, (int)a1, a2) : gir_lr_cosine(g, s, a0, a1, (int)a2);
        CHECK(gir_plan_compile(g, 1, &lr, NULL, &p) == GIR_OK, "%s: %s", name, gir_graph_message(g));
        gir_plan_bind(p, s, &step);
        nv = tg_vals(l, want, 16);
        for (k = 0; k < nv; ++k) {
            double got;
            step = k;
            gir_plan_run(p);
            got = *(const double *)gir_plan_data(p, lr);
            CHECK(tg_rel_ok(got, want[k], 1e-12, 0), "%s step %d: %.17g, torch %.17g", name, k, got, want[k]);
        }
        gir_plan_free(p);
        gir_graph_free(g);
        ++n;
    }
    CHECK(n == 2, "%d schedules in the golden file", n);
    return 1;
}

/* -- train and eval ---------------------------------------------------------------------------------------- */
/* nn.BatchNorm1d / 2d: training steps (outputs and running statistics), then an eval forward; an eval plan
   leaves the running statistics alone and runs no assign */
static int test_batch_norm_running_torch(void) {
    int l = -1, cases = 0;
    CHECK(tg_load(), "cannot open tests/oracles/golden_train.txt");
    while ((l = tg_find(l + 1, "bn ")) >= 0) {
        char name[16], pre[32];
        double mom, eps, gam[8], bet[8], xv[64], want[64], rs[8];
        int rank, dims[4], k, i, n = 1, c, end = tg_find(l, "end");
        gir_graph *g = gir_graph_new(NULL);
        gir_node x, y, run[2], gm, bt;
        gir_plan *tp = NULL, *ep = NULL;
        gir_compile_desc cd;
        CHECK(sscanf(tg_line[l], "bn %15s %lf %lf %d %d %d %d %d", name, &mom, &eps, &rank, &dims[0], &dims[1], &dims[2],
                     &dims[3]) >= 6, "bad bn line");
        for (k = 0; k < rank; ++k) n *= dims[k];
        c = dims[1];
        tg_vals(tg_find(l, "gamma"), gam, 8);
        tg_vals(tg_find(l, "beta"), bet, 8);
        x = gir_input(g, GIR_DTYPE_F64, gir_shapev(rank, (const int32_t *)dims));
        gm = gir_variable(g, GIR_DTYPE_F64, gir_shape1(c), gam);
        bt = gir_variable(g, GIR_DTYPE_F64, gir_shape1(c), bet);
        y = gir_batch_norm_running(g, x, gm, bt, mom, eps, run);
        CHECK(y.id && run[0].id && run[1].id, "%s", gir_graph_message(g));
        CHECK(gir_plan_compile(g, 1, &y, NULL, &tp) == GIR_OK, "%s", gir_graph_message(g));
        memset(&cd, 0, sizeof cd);
        cd.flags = GIR_COMPILE_EVAL;
        CHECK(gir_plan_compile(g, 1, &y, &cd, &ep) == GIR_OK, "%s", gir_graph_message(g));
        for (k = 0; k < (int)ep->nsteps; ++k) CHECK(ep->steps[k].op != GIR_OP_ASSIGN, "eval plan runs an assign");
        gir_plan_bind(tp, x, xv);
        gir_plan_bind(ep, x, xv);
        for (k = 0; ; ++k) {
            const double *got;
            snprintf(pre, sizeof pre, "x %d ", k);
            i = tg_find(l, pre);
            if (i < 0 || i > end) break;
            CHECK(tg_vals(i, xv, 64) == n, "%s: x %d", name, k);
            CHECK(gir_plan_run(tp) == GIR_OK, "%s", gir_plan_message(tp));
            got = (const double *)gir_plan_data(tp, y);
            snprintf(pre, sizeof pre, "y %d ", k);
            tg_vals(tg_find(l, pre), want, 64);
            for (i = 0; i < n; ++i) CHECK(tg_rel_ok(got[i], want[i], 1e-12, 1e-13), "%s step %d y[%d] %.17g torch %.17g", name, k, i, got[i], want[i]);
            snprintf(pre, sizeof pre, "rm %d ", k);
            tg_vals(tg_find(l, pre), rs, 8);
            got = (const double *)gir_node_data(g, run[0]);
            for (i = 0; i < c; ++i) CHECK(tg_rel_ok(got[i], rs[i], 1e-12, 1e-15), "%s step %d running_mean[%d] %.17g torch %.17g", name, k, i, got[i], rs[i]);
            snprintf(pre, sizeof pre, "rv %d ", k);
            tg_vals(tg_find(l, pre), rs, 8);
            got = (const double *)gir_node_data(g, run[1]);
            for (i = 0; i < c; ++i) CHECK(tg_rel_ok(got[i], rs[i], 1e-12, 1e-15), "%s step %d running_var[%d] %.17g torch %.17g", name, k, i, got[i], rs[i]);
        }
        CHECK(k >= 3, "%s: %d training steps", name, k);
        memcpy(rs, gir_node_data(g, run[1]), (size_t)c * sizeof(double));
        tg_vals(tg_find(l, "xe "), xv, 64);
        tg_vals(tg_find(l, "ye "), want, 64);
        for (k = 0; k < 2; ++k) {
            const double *got;
            CHECK(gir_plan_run(ep) == GIR_OK, "%s", gir_plan_message(ep));
            got = (const double *)gir_plan_data(ep, y);
            for (i = 0; i < n; ++i) CHECK(tg_rel_ok(got[i], want[i], 1e-12, 1e-13), "%s eval y[%d] %.17g torch %.17g", name, i, got[i], want[i]);
            CHECK(!memcmp(rs, gir_node_data(g, run[1]), (size_t)c * sizeof(double)), "%s: eval changed running_var", name);
        }
        gir_plan_free(tp);
        gir_plan_free(ep);
        gir_graph_free(g);
        ++cases;
    }
    CHECK(cases == 2, "%d batch norm cases", cases);
    return 1;
}

/* dropout: the identity in eval plans (bit for bit, gradient too); in training plans about p of the elements are
   zero, the rest scaled by 1 / (1 - p), with a new mask each run */
static int test_dropout_train_eval(void) {
    enum { N = 20000 };
    static double xv[N];
    gir_graph *g = gir_graph_new(NULL);
    gir_node x = gir_input(g, GIR_DTYPE_F64, gir_shape1(N)), y = gir_dropout(g, x, 0.3, 77), l, dx, outs[2];
    gir_plan *tp = NULL, *ep = NULL;
    gir_compile_desc cd;
    double first = 0;
    int i, r;
    for (i = 0; i < N; ++i) xv[i] = 1.0 + i % 7;
    l = gir_sum(g, gir_mul(g, y, x), gir_ints0(), 0);
    CHECK(gir_grad(g, l, 1, &x, &dx) == GIR_OK, "%s", gir_graph_message(g));
    outs[0] = y; outs[1] = dx;
    memset(&cd, 0, sizeof cd);
    cd.flags = GIR_COMPILE_EVAL;
    CHECK(gir_plan_compile(g, 2, outs, &cd, &ep) == GIR_OK && gir_plan_compile(g, 2, outs, NULL, &tp) == GIR_OK, "%s", gir_graph_message(g));
    gir_plan_bind(ep, x, xv);
    gir_plan_bind(tp, x, xv);
    CHECK(gir_plan_run(ep) == GIR_OK, "%s", gir_plan_message(ep));
    CHECK(!memcmp(gir_plan_data(ep, y), xv, sizeof xv), "eval dropout is not the identity");
    for (i = 0; i < N; ++i) CHECK(((const double *)gir_plan_data(ep, dx))[i] == 2 * xv[i], "eval gradient %d", i);
    for (r = 0; r < 2; ++r) {
        const double *yv;
        int zeros = 0;
        double sum0 = 0;
        CHECK(gir_plan_run(tp) == GIR_OK, "%s", gir_plan_message(tp));
        yv = (const double *)gir_plan_data(tp, y);
        for (i = 0; i < N; ++i) {
            if (yv[i] == 0) ++zeros;
            else CHECK(yv[i] == xv[i] / 0.7 || fabs(yv[i] - xv[i] / 0.7) <= 1e-15 * yv[i], "kept %d: %g", i, yv[i]);
            sum0 += yv[i] * (i + 1);
        }
        CHECK(fabs(zeros / (double)N - 0.3) < 0.015, "run %d: %d of %d zeroed for p 0.3", r, zeros, N);
        if (r == 0) first = sum0;
        else CHECK(sum0 != first, "the mask did not change between runs");
    }
    gir_plan_free(tp);
    gir_plan_free(ep);
    gir_graph_free(g);
    return 1;
}

/* train_eval: values and gradients follow the plan's mode; updates run only in training plans */
static int test_train_eval_select(void) {
    gir_graph *g = gir_graph_new(NULL);
    double a0 = 1.5, c0 = 0;
    gir_node a = gir_input(g, GIR_DTYPE_F64, gir_shape0()), cnt = gir_variable(g, GIR_DTYPE_F64, gir_shape0(), &c0);
    gir_node xs[3], s, l, da, outs[2];
    gir_plan *tp = NULL, *ep = NULL;
    gir_compile_desc cd;
    xs[0] = gir_mul(g, a, gir_scalar(g, GIR_DTYPE_F64, 2));
    xs[1] = gir_square(g, a);
    xs[2] = gir_assign(g, cnt, gir_add(g, cnt, gir_scalar(g, GIR_DTYPE_F64, 1)));
    s = gir_train_eval(g, 3, xs);
    l = gir_mul(g, s, a);
    CHECK(gir_grad(g, l, 1, &a, &da) == GIR_OK, "%s", gir_graph_message(g));
    outs[0] = l; outs[1] = da;
    memset(&cd, 0, sizeof cd);
    cd.flags = GIR_COMPILE_EVAL;
    CHECK(gir_plan_compile(g, 2, outs, NULL, &tp) == GIR_OK && gir_plan_compile(g, 2, outs, &cd, &ep) == GIR_OK, "%s", gir_graph_message(g));
    gir_plan_bind(tp, a, &a0);
    gir_plan_bind(ep, a, &a0);
    CHECK(gir_plan_run(tp) == GIR_OK && gir_plan_run(tp) == GIR_OK, "%s", gir_plan_message(tp));
    CHECK(*(const double *)gir_plan_data(tp, l) == 2 * a0 * a0 && *(const double *)gir_plan_data(tp, da) == 4 * a0,
          "train: %g %g", *(const double *)gir_plan_data(tp, l), *(const double *)gir_plan_data(tp, da));
    CHECK(*(const double *)gir_node_data(g, cnt) == 2, "training runs did not update: %g", *(const double *)gir_node_data(g, cnt));
    CHECK(gir_plan_run(ep) == GIR_OK, "%s", gir_plan_message(ep));
    CHECK(*(const double *)gir_plan_data(ep, l) == a0 * a0 * a0 && *(const double *)gir_plan_data(ep, da) == 3 * a0 * a0,
          "eval: %g %g", *(const double *)gir_plan_data(ep, l), *(const double *)gir_plan_data(ep, da));
    CHECK(*(const double *)gir_node_data(g, cnt) == 2, "the eval run updated");
    gir_plan_free(tp);
    gir_plan_free(ep);
    /* errors */
    CHECK(!gir_train_eval2(g, a, gir_input(g, GIR_DTYPE_F32, gir_shape0())).id && gir_graph_status(g) == GIR_ERR_DTYPE,
          "dtype: %s", gir_graph_message(g));
    gir_graph_clear_error(g);
    CHECK(!gir_train_eval2(g, a, gir_input(g, GIR_DTYPE_F64, gir_shape1(2))).id && gir_graph_status(g) == GIR_ERR_SHAPE,
          "shape: %s", gir_graph_message(g));
    gir_graph_clear_error(g);
    xs[2] = a;
    CHECK(!gir_train_eval(g, 3, xs).id && gir_graph_status(g) == GIR_ERR_INVALID_ARG && msg_has(g, "assign"),
          "update not an assign: %s", gir_graph_message(g));
    gir_graph_clear_error(g);
    CHECK(!gir_train_eval(g, 1, xs).id && gir_graph_status(g) == GIR_ERR_INVALID_ARG, "one input: %s", gir_graph_message(g));
    gir_graph_clear_error(g);
    CHECK(!gir_batch_norm_running(g, gir_input(g, GIR_DTYPE_F64, gir_shape2(4, 3)), gir_ones(g, GIR_DTYPE_F64, gir_shape1(3)),
                                  gir_zeros(g, GIR_DTYPE_F64, gir_shape1(3)), 1.5, 1e-5, NULL).id &&
          gir_graph_status(g) == GIR_ERR_ATTR, "momentum 1.5: %s", gir_graph_message(g));
    gir_graph_clear_error(g);
    CHECK(!gir_batch_norm_running(g, gir_input(g, GIR_DTYPE_F64, gir_shape2(4, 3)), gir_ones(g, GIR_DTYPE_F64, gir_shape1(2)),
                                  gir_zeros(g, GIR_DTYPE_F64, gir_shape1(3)), 0.1, 1e-5, NULL).id &&
          gir_graph_status(g) == GIR_ERR_SHAPE && msg_has(g, "batch_norm_running"), "gamma [2]: %s", gir_graph_message(g));
    CHECK(still_usable(g), "graph unusable");
    gir_graph_free(g);
    return 1;
}

/* a training step with every builder of this suite (Adam with amsgrad, clipping, a schedule, batch norm with
   running statistics, dropout), built, compiled and run with an allocator that fails allocation fail_at */
static gir_status tr_small_step(const gir_allocator *al, int *done) {
    gir_graph_desc d;
    gir_graph *g;
    gir_node x, w, gm, bt, h, l, ps[3], gs[3], u[GIR_OPTIM_MAX_UPDATES(3) + 1], lr, step;
    gir_optim_desc od;
    gir_plan *p = NULL;
    gir_status s;
    double xv[12] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
    int32_t sv = 3;
    int n;
    *done = 0;
    memset(&d, 0, sizeof d);
    d.allocator = *al;
    if (!(g = gir_graph_new(&d))) return GIR_ERR_OUT_OF_MEMORY;
    x = gir_input(g, GIR_DTYPE_F64, gir_shape2(4, 3));
    step = gir_input(g, GIR_DTYPE_I32, gir_shape0());
    w = gir_variable(g, GIR_DTYPE_F64, gir_shape2(3, 3), NULL);
    gm = gir_variable(g, GIR_DTYPE_F64, gir_shape1(3), NULL);
    bt = gir_variable(g, GIR_DTYPE_F64, gir_shape1(3), NULL);
    h = gir_dropout(g, gir_batch_norm_running(g, gir_matmul(g, x, w), gm, bt, 0.1, 1e-5, NULL), 0.2, 5);
    l = gir_sum(g, gir_square(g, h), gir_ints0(), 0);
    ps[0] = w; ps[1] = gm; ps[2] = bt;
    lr = gir_lr_cosine(g, step, 0.1, 0.0, 10);
    memset(&od, 0, sizeof od);
    od.kind = GIR_OPTIM_ADAM;
    od.amsgrad = 1;
    n = 0;
    if (gir_grad(g, l, 3, ps, gs) == GIR_OK && gir_clip_grad_norm(g, 3, gs, 1.0, gs).id)
        n = gir_optim_updates(g, &od, 3, ps, gs, lr, u);
    if (!n) {
        s = gir_graph_status(g);
        gir_graph_free(g);
        return s;
    }
    u[n] = l;
    s = gir_plan_compile(g, n + 1, u, NULL, &p);
    if (s == GIR_OK) {
        gir_plan_bind(p, x, xv);
        gir_plan_bind(p, step, &sv);
        s = gir_plan_run(p);
        *done = s == GIR_OK;
    }
    gir_plan_free(p);
    gir_graph_free(g);
    return s;
}
/* every allocation of it failing in turn: GIR_ERR_OUT_OF_MEMORY each time, nothing leaks */
static int test_train_oom_injection(void) { return oom_sweep(tr_small_step); }

static void suite_train(void) {
    RUN("train/assign_basic", test_assign_basic());
    RUN("train/assign_order_readers_first", test_assign_order_readers_first());
    RUN("train/assign_fusion_keeps_old_read", test_assign_fusion_keeps_old_read());
    RUN("train/assign_fused_sgd_step", test_assign_fused_sgd_step());
    RUN("train/assign_errors", test_assign_errors());
    RUN("train/optim_torch_f64", test_optim_torch_f64());
    RUN("train/optim_f32_close_to_torch_f64", test_optim_f32_close());
    RUN("train/optim_f32_steps_close_to_torch_f64", test_optim_f32_steps_close());
    RUN("train/optim_step_dtype_f32", test_optim_step_dtype_f32());
    RUN("train/optim_update_layout", test_optim_update_layout());
    RUN("train/optim_sgd_lr_dtype", test_optim_sgd_lr_dtype());
    RUN("train/optim_errors", test_optim_errors());
    RUN("train/clip_grad_norm_values", test_clip_grad_norm_values());
    RUN("train/lr_schedules_torch", test_lr_schedules_torch());
    RUN("train/batch_norm_running_torch", test_batch_norm_running_torch());
    RUN("train/dropout_train_eval", test_dropout_train_eval());
    RUN("train/train_eval_select", test_train_eval_select());
    RUN("train/oom_injection_optimizer_step", test_train_oom_injection());
}
