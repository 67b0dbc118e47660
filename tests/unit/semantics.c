/* unit/semantics.c - semantics a NumPy / PyTorch user expects (included by unit/main.c).
 *
 * Values the op table can check come from tests/oracles/golden.txt (NumPy/PyTorch); these tests pin what the golden
 * cases cannot: errors, messages, gradients of non-finite results, and the composed builders (checked against
 * golden cases of the ops they are made of, or against the Python rule they follow).
 */

/* a node of another graph, whose id lies beyond every node of g: a handle that is not g's */
static gir_node sem_foreign(gir_graph *other, int depth) {
    gir_node n = gir_scalar(other, GIR_DTYPE_F64, 1.0);
    int k;
    for (k = 0; k < depth; ++k) n = gir_neg(other, n);
    return n;
}
static int sem_starts(gir_graph *g, const char *prefix) {
    return strncmp(gir_graph_message(g), prefix, strlen(prefix)) == 0;
}
/* compile and run one output of a graph whose inputs are bound in order: the plan, or NULL */
static gir_plan *sem_run(gir_graph *g, gir_node y, int n, const gir_node *ins, void *const *bufs) {
    gir_plan *p = NULL;
    int k;
    if (gir_plan_compile(g, 1, &y, NULL, &p) != GIR_OK) return NULL;
    for (k = 0; k < n; ++k) gir_plan_bind(p, ins[k], bufs[k]);
    if (gir_plan_run(p) != GIR_OK) { gir_plan_free(p); return NULL; }
    return p;
}
static const gcase *sem_case(const char *op, const char *label) {
    int k;
    for (k = 0; k < ncases; ++k)
        if (!strcmp(cases[k].op, op) && !strcmp(cases[k].label, label)) return &cases[k];
    return NULL;
}

/* 1. var with ddof >= n divides by max(0, n - ddof) = 0, as np.var and torch.var: inf, nan for equal values;
   the gradient 2 (x - mean) / max(0, n - ddof) follows (torch gives [-inf, -inf, inf] for ddof = n here, but
   for ddof > n its backward divides by n - ddof unclamped: [2.67, 0.67, -3.33] for ddof 4; gir.h keeps the
   derivative of its own forward, as README and var's DOC say) */
static int test_var_ddof_at_least_n(void) {
    gir_graph *g = gir_graph_new(NULL);
    double xv[3] = {1, 2, 4}, cv[3] = {1.5, 1.5, 1.5};
    gir_node x = gir_input(g, GIR_DTYPE_F64, gir_shape1(3)), c = gir_input(g, GIR_DTYPE_F64, gir_shape1(3));
    int ddof;
    for (ddof = 3; ddof <= 5; ++ddof) {
        gir_node v = gir_var(g, x, gir_ints0(), 0, ddof), vc = gir_var(g, c, gir_ints0(), 0, ddof), d[2], outs[4], wrt[2];
        gir_plan *p = NULL;
        const double *dx, *dc;
        wrt[0] = x; wrt[1] = c;
        CHECK(gir_grad(g, gir_add(g, v, vc), 2, wrt, d) == GIR_OK, "grad: %s", gir_graph_message(g));
        outs[0] = v; outs[1] = vc; outs[2] = d[0]; outs[3] = d[1];
        CHECK(gir_plan_compile(g, 4, outs, NULL, &p) == GIR_OK, "compile: %s", gir_graph_message(g));
        gir_plan_bind(p, x, xv);
        gir_plan_bind(p, c, cv);
        CHECK(gir_plan_run(p) == GIR_OK, "run: %s", gir_plan_message(p));
        dx = (const double *)gir_plan_data(p, d[0]);
        dc = (const double *)gir_plan_data(p, d[1]);
        if (!(isinf(*(const double *)gir_plan_data(p, v)) && *(const double *)gir_plan_data(p, v) > 0) ||
            !isnan(*(const double *)gir_plan_data(p, vc)) || !(isinf(dx[0]) && dx[0] < 0 && isinf(dx[1]) && dx[1] < 0 &&
            isinf(dx[2]) && dx[2] > 0) || !isnan(dc[0]) || !isnan(dc[1]) || !isnan(dc[2])) {
            snprintf(why, sizeof why, "ddof %d: var %g (want inf), var of equal values %g (want nan), grad %g %g %g "
                     "(want -inf -inf inf), grad of equal values %g (want nan)", ddof,
                     *(const double *)gir_plan_data(p, v), *(const double *)gir_plan_data(p, vc), dx[0], dx[1], dx[2], dc[0]);
            gir_plan_free(p);
            gir_graph_free(g);
            return 0;
        }
        gir_plan_free(p);
    }
    gir_graph_free(g);
    return 1;
}

/* 2. clamp with lo > hi is an attribute error naming both bounds; lo == hi is fine */
static int test_clamp_lo_above_hi_rejected(void) {
    gir_graph *g = gir_graph_new(NULL);
    gir_node x = gir_input(g, GIR_DTYPE_F32, gir_shape1(4)), y;
    y = gir_clamp(g, x, 2.0, 1.0);
    CHECK(y.id == 0 && gir_graph_status(g) == GIR_ERR_ATTR, "clamp(2, 1) built or wrong status: '%s'", gir_graph_message(g));
    CHECK(msg_has(g, "clamp: node") && msg_has(g, "lo 2") && msg_has(g, "hi 1"), "message: %s", gir_graph_message(g));
    CHECK(still_usable(g), "graph unusable after the error");
    gir_graph_clear_error(g);
    CHECK(gir_clamp(g, x, 1.5, 1.5).id != 0, "clamp(1.5, 1.5): %s", gir_graph_message(g));
    CHECK(gir_clamp(g, gir_input(g, GIR_DTYPE_I32, gir_shape1(2)), 3, -3).id == 0 && gir_graph_status(g) == GIR_ERR_ATTR,
          "integer clamp(3, -3) accepted");
    gir_graph_free(g);
    return 1;
}

/* 3. gather / scatter_add (torch): build errors, and indices out of range at run time (checked before any write) */
static int test_gather_build_errors(void) {
    gir_graph *g = gir_graph_new(NULL);
    gir_node x = gir_input(g, GIR_DTYPE_F32, gir_shape2(3, 4)), i1 = gir_input(g, GIR_DTYPE_I32, gir_shape1(2));
    gir_node big = gir_input(g, GIR_DTYPE_I32, gir_shape2(4, 2)), fi = gir_input(g, GIR_DTYPE_F32, gir_shape2(3, 2));
    gir_node src = gir_input(g, GIR_DTYPE_F32, gir_shape2(3, 3)), ok = gir_input(g, GIR_DTYPE_I32, gir_shape2(3, 2));
    CHECK(gir_gather(g, x, i1, 1).id == 0 && gir_graph_status(g) == GIR_ERR_SHAPE && msg_has(g, "gather: node") &&
          msg_has(g, "index [2]") && msg_has(g, "index_select"), "index of another rank: '%s'", gir_graph_message(g));
    gir_graph_clear_error(g);
    CHECK(gir_gather(g, x, big, 1).id == 0 && gir_graph_status(g) == GIR_ERR_SHAPE && msg_has(g, "larger than x [3,4] on axis 0"),
          "index longer than x off the axis: '%s'", gir_graph_message(g));
    gir_graph_clear_error(g);
    CHECK(gir_gather(g, x, fi, 1).id == 0 && gir_graph_status(g) == GIR_ERR_DTYPE && msg_has(g, "index (input 1) must be i32"),
          "float index: '%s'", gir_graph_message(g));
    gir_graph_clear_error(g);
    CHECK(gir_scatter_add(g, x, ok, src, 1).id == 0 && gir_graph_status(g) == GIR_ERR_SHAPE &&
          msg_has(g, "scatter_add: node") && msg_has(g, "src [3,3]"), "src of another shape: '%s'", gir_graph_message(g));
    gir_graph_clear_error(g);
    /* inputs are counted in builder order (index is input 1 of scatter_add, src input 2) */
    CHECK(gir_scatter_add(g, x, fi, fi, 1).id == 0 && gir_graph_status(g) == GIR_ERR_DTYPE &&
          msg_has(g, "scatter_add: node") && msg_has(g, "index (input 1) must be i32"), "float index: '%s'", gir_graph_message(g));
    gir_graph_clear_error(g);
    {
        gir_graph *other = gir_graph_new(NULL);
        CHECK(gir_scatter_add(g, x, ok, sem_foreign(other, 60), 1).id == 0 && gir_graph_status(g) == GIR_ERR_HANDLE &&
              msg_has(g, "src (input 2, id 61) belongs to another graph"), "foreign src: '%s'", gir_graph_message(g));
        gir_graph_free(other);
    }
    gir_graph_clear_error(g);
    CHECK(gir_gather(g, x, ok, 2).id == 0 && gir_graph_status(g) == GIR_ERR_ATTR, "axis 2 of a matrix");
    gir_graph_clear_error(g);
    CHECK(gir_gather(g, x, ok, -1).id && gir_index_select(g, x, i1, 1).id, "valid gather / index_select: %s", gir_graph_message(g));
    CHECK(still_usable(g), "graph unusable");
    gir_graph_free(g);
    return 1;
}
static int test_gather_scatter_index_out_of_range(void) {
    gir_graph *g = gir_graph_new(NULL);
    gir_node x = gir_input(g, GIR_DTYPE_F64, gir_shape2(3, 4)), ix = gir_input(g, GIR_DTYPE_I32, gir_shape2(2, 4));
    gir_node src = gir_input(g, GIR_DTYPE_F64, gir_shape2(2, 4)), ga, sa;
    double xv[12], sv[8];
    int32_t bad[3][8] = {{0, 1, 2, 3, 0, 1, 2, 4}, {0, 1, 2, 3, -5, 0, 0, 0}, {2147483647, 0, 0, 0, 0, 0, 0, 0}};
    int32_t good[8] = {0, 1, 2, 3, -1, -2, -3, -4};
    gir_plan *p = NULL;
    int k, which;
    for (k = 0; k < 12; ++k) xv[k] = k;
    for (k = 0; k < 8; ++k) sv[k] = 100 + k;
    ga = gir_gather(g, x, ix, 1);
    sa = gir_scatter_add(g, x, ix, src, 1);
    for (which = 0; which < 2; ++which) {
        gir_node y = which ? sa : ga;
        CHECK(gir_plan_compile(g, 1, &y, NULL, &p) == GIR_OK, "compile: %s", gir_graph_message(g));
        for (k = 0; k < 3; ++k) {
            gir_status st;
            char want[32];
            gir_plan_bind(p, x, xv);
            gir_plan_bind(p, src, sv);
            gir_plan_bind(p, ix, bad[k]);
            st = gir_plan_run(p);
            snprintf(want, sizeof want, "index %d", (int)(k == 0 ? 4 : k == 1 ? -5 : 2147483647));
            if (st != GIR_ERR_INDEX || !strstr(gir_plan_message(p), want) ||
                !strstr(gir_plan_message(p), which ? "scatter_add: node" : "gather: node") ||
                !strstr(gir_plan_message(p), "length 4")) {
                snprintf(why, sizeof why, "%s, bad index set %d: status %s, message '%s'", which ? "scatter_add" : "gather",
                         k, gir_status_name(st), gir_plan_message(p));
                gir_plan_free(p);
                gir_graph_free(g);
                return 0;
            }
        }
        gir_plan_bind(p, ix, good);
        if (gir_plan_run(p) != GIR_OK) { gir_plan_free(p); gir_graph_free(g); FAILF("run after the error failed"); }
        gir_plan_free(p);
    }
    gir_graph_free(g);
    return 1;
}

/* 5. slice: step 0 rejected; the stored (normalised) bounds slice the same way again, which the adjoint uses */
static int test_slice_negative_step_bounds(void) {
    gir_graph *g = gir_graph_new(NULL);
    gir_node x = gir_input(g, GIR_DTYPE_F64, gir_shape1(7)), ins[1];
    void *bufs[1];
    double xv[7] = {0, 1, 2, 3, 4, 5, 6};
    /* start, stop, step and the Python result list(range(7))[start:stop:step] (None = GIR_SLICE_NONE) */
    static const struct { int32_t a, e, s; int n; int v[7]; } t[] = {
        {GIR_SLICE_NONE, GIR_SLICE_NONE, -1, 7, {6, 5, 4, 3, 2, 1, 0}}, {GIR_SLICE_NONE, GIR_SLICE_NONE, -3, 3, {6, 3, 0}},
        {5, GIR_SLICE_NONE, -2, 3, {5, 3, 1}}, {-2, -7, -1, 5, {5, 4, 3, 2, 1}}, {100, -100, -4, 2, {6, 2}},
        {2, 5, -1, 0, {0}}, {-8, 3, -1, 0, {0}}, {GIR_SLICE_NONE, 4, 2, 2, {0, 2}}, {3, GIR_SLICE_NONE, 1, 4, {3, 4, 5, 6}},
        {0, 0, -1, 0, {0}}};
    unsigned k;
    int j;
    ins[0] = x; bufs[0] = xv;
    CHECK(gir_slice(g, x, 0, 0, 7, 0).id == 0 && gir_graph_status(g) == GIR_ERR_ATTR && msg_has(g, "step must not be 0"),
          "step 0: '%s'", gir_graph_message(g));
    gir_graph_clear_error(g);
    for (k = 0; k < sizeof t / sizeof t[0]; ++k) {
        gir_node y = gir_slice(g, x, 0, t[k].a, t[k].e, t[k].s), y2;
        gir_attr at = gir_node_attr(g, y);
        gir_plan *p;
        CHECK(y.id, "slice %u: %s", k, gir_graph_message(g));
        CHECK(gir_node_shape(g, y).dim[0] == t[k].n, "slice %u: %d elements, Python gives %d", k,
              (int)gir_node_shape(g, y).dim[0], t[k].n);
        y2 = gir_slice(g, x, 0, at.i[1], at.i[2], at.i[3]);
        CHECK(gir_node_shape(g, y2).dim[0] == t[k].n && gir_node_attr(g, y2).i[1] == at.i[1] &&
              gir_node_attr(g, y2).i[2] == at.i[2], "slice %u: the stored bounds %d:%d do not slice the same again", k,
              (int)at.i[1], (int)at.i[2]);
        if (!t[k].n) continue;
        p = sem_run(g, y, 1, ins, bufs);
        CHECK(p, "slice %u: run failed", k);
        for (j = 0; j < t[k].n; ++j)
            if (((const double *)gir_plan_data(p, y))[j] != t[k].v[j]) {
                snprintf(why, sizeof why, "slice %u element %d: %g, Python gives %d", k, j,
                         ((const double *)gir_plan_data(p, y))[j], t[k].v[j]);
                gir_plan_free(p);
                gir_graph_free(g);
                return 0;
            }
        gir_plan_free(p);
    }
    gir_graph_free(g);
    return 1;
}

/* 7. split_sizes (torch.split with a list): lengths must be >= 0 and add up to the axis */
static int test_split_sizes(void) {
    gir_graph *g = gir_graph_new(NULL);
    gir_node x = gir_input(g, GIR_DTYPE_F64, gir_shape2(2, 7)), parts[4], ins[1];
    double xv[14];
    void *bufs[1];
    int32_t sizes[3] = {2, 0, 5}, neg[2] = {8, -1}, short_[2] = {3, 3};
    int k, j, r;
    for (k = 0; k < 14; ++k) xv[k] = k;
    ins[0] = x; bufs[0] = xv;
    CHECK(gir_split_sizes(g, x, -1, 3, sizes, parts) == 3, "split_sizes: %s", gir_graph_message(g));
    for (k = 0, j = 0; k < 3; j += sizes[k++]) {
        gir_shape s = gir_node_shape(g, parts[k]);
        gir_plan *p;
        CHECK(s.rank == 2 && s.dim[0] == 2 && s.dim[1] == sizes[k], "part %d shape", k);
        if (!sizes[k]) continue;
        p = sem_run(g, parts[k], 1, ins, bufs);
        CHECK(p, "part %d: run failed", k);
        for (r = 0; r < 2 * sizes[k]; ++r)
            if (((const double *)gir_plan_data(p, parts[k]))[r] != xv[(r / sizes[k]) * 7 + j + r % sizes[k]]) {
                gir_plan_free(p);
                gir_graph_free(g);
                FAILF("part %d element %d differs from x[:, %d:%d]", k, r, j, (int)(j + sizes[k]));
            }
        gir_plan_free(p);
    }
    CHECK(gir_split_sizes(g, x, 1, 2, short_, parts) == 0 && gir_graph_status(g) == GIR_ERR_SHAPE &&
          sem_starts(g, "split_sizes: sizes add up to 6, but axis 1 of x [2,7] has length 7"), "sum: '%s'", gir_graph_message(g));
    gir_graph_clear_error(g);
    CHECK(gir_split_sizes(g, x, 1, 2, neg, parts) == 0 && gir_graph_status(g) == GIR_ERR_ATTR &&
          sem_starts(g, "split_sizes: sizes[1] = -1"), "negative: '%s'", gir_graph_message(g));
    gir_graph_clear_error(g);
    CHECK(gir_split_sizes(g, x, 2, 3, sizes, parts) == 0 && sem_starts(g, "split_sizes: axis 2 out of range for x [2,7]"),
          "axis: '%s'", gir_graph_message(g));
    gir_graph_clear_error(g);
    CHECK(gir_split_sizes(g, x, 1, 0, sizes, parts) == 0 && gir_graph_status(g) == GIR_ERR_INVALID_ARG, "n = 0");
    gir_graph_clear_error(g);
    CHECK(still_usable(g), "graph unusable");
    gir_graph_free(g);
    return 1;
}

/* 8. conv2d_bias: the torch conv2d golden cases plus bias[k] on channel k; gradients reach the bias */
static int test_conv2d_bias(void) {
    const char *labels[2] = {"plain", "dil2_groups2_f64"};
    int li;
    for (li = 0; li < 2; ++li) {
        const gcase *c = sem_case("conv2d", labels[li]);
        gir_graph *g = gir_graph_new(NULL);
        gir_node x, w, b, y, loss, wn, ins[3];
        void *bufs[3];
        double *xv, *wv, bv[8], *lw;
        gir_plan *p;
        int64_t n, k, per;
        int K;
        CHECK(c && c->nin == 2, "no conv2d golden case %s", labels[li]);
        K = c->in[1].s.dim[0];
        per = c->out.n / (c->out.s.dim[0] * K);
        xv = c->in[0].v; wv = c->in[1].v;
        for (k = 0; k < K; ++k) bv[k] = 0.25 * (double)k - 0.6;
        x = gir_input(g, GIR_DTYPE_F64, c->in[0].s);
        w = gir_input(g, GIR_DTYPE_F64, c->in[1].s);
        b = gir_input(g, GIR_DTYPE_F64, gir_shape1(K));
        y = gir_conv2d_bias(g, x, w, b, c->attr.l[0], c->attr.l[1], c->attr.l[2], c->attr.i[0]);
        ins[0] = x; ins[1] = w; ins[2] = b;
        bufs[0] = xv; bufs[1] = wv; bufs[2] = bv;
        p = sem_run(g, y, 3, ins, bufs);
        if (!p) { snprintf(why, sizeof why, "%s: %s", labels[li], gir_graph_message(g)); gir_graph_free(g); return 0; }
        n = gir_node_numel(g, y);
        for (k = 0; k < n; ++k) {
            double want = c->out.v[k] + bv[(k / per) % K], got = ((const double *)gir_plan_data(p, y))[k];
            if (fabs(got - want) > 2e-5 * (1 + fabs(want))) {
                snprintf(why, sizeof why, "%s element %lld: %g, torch conv2d + bias %g", labels[li], (long long)k, got, want);
                gir_plan_free(p);
                gir_graph_free(g);
                return 0;
            }
        }
        gir_plan_free(p);
        lw = (double *)malloc((size_t)n * sizeof(double));
        for (k = 0; k < n; ++k) lw[k] = 0.1 * (double)(k % 7) - 0.3;
        wn = gir_constant(g, GIR_DTYPE_F64, gir_node_shape(g, y), lw);
        free(lw);
        loss = gir_sum(g, gir_mul(g, y, wn), gir_ints0(), 0);
        /* d loss / d bias against differences, with x and w bound through a plan of their own */
        {
            gir_node db, outs[2];
            int kk;
            CHECK(gir_grad(g, loss, 1, &b, &db) == GIR_OK, "grad: %s", gir_graph_message(g));
            outs[0] = loss; outs[1] = db;
            CHECK(gir_plan_compile(g, 2, outs, NULL, &p) == GIR_OK, "compile: %s", gir_graph_message(g));
            gir_plan_bind(p, x, xv); gir_plan_bind(p, w, wv); gir_plan_bind(p, b, bv);
            gir_plan_run(p);
            for (kk = 0; kk < K; ++kk) {
                double an = ((const double *)gir_plan_data(p, db))[kk], lp, lm, b0 = bv[kk];
                bv[kk] = b0 + 1e-6; gir_plan_run(p); lp = *(const double *)gir_plan_data(p, loss);
                bv[kk] = b0 - 1e-6; gir_plan_run(p); lm = *(const double *)gir_plan_data(p, loss);
                bv[kk] = b0;
                if (fabs((lp - lm) / 2e-6 - an) > 1e-5 * (1 + fabs(an))) {
                    snprintf(why, sizeof why, "%s: d loss / d bias[%d] %g, differences %g", labels[li], kk, an, (lp - lm) / 2e-6);
                    gir_plan_free(p);
                    gir_graph_free(g);
                    return 0;
                }
            }
            gir_plan_free(p);
        }
        gir_graph_free(g);
    }
    {   /* a bias of the wrong length is named; an error of the conv itself names the builder */
        gir_graph *g = gir_graph_new(NULL);
        gir_node x = gir_input(g, GIR_DTYPE_F32, gir_shape4(1, 2, 5, 5)), w = gir_input(g, GIR_DTYPE_F32, gir_shape4(3, 2, 3, 3));
        gir_node b4 = gir_input(g, GIR_DTYPE_F32, gir_shape1(4)), b3 = gir_input(g, GIR_DTYPE_F32, gir_shape1(3));
        gir_node x3 = gir_input(g, GIR_DTYPE_F32, gir_shape3(2, 5, 5));
        CHECK(gir_conv2d_bias(g, x, w, b4, gir_ints0(), gir_ints0(), gir_ints0(), 1).id == 0 && gir_graph_status(g) == GIR_ERR_SHAPE &&
              sem_starts(g, "conv2d_bias: bias [4] must be [3]"), "bias: '%s'", gir_graph_message(g));
        gir_graph_clear_error(g);
        CHECK(gir_conv2d_bias(g, x3, w, b3, gir_ints0(), gir_ints0(), gir_ints0(), 1).id == 0 &&
              sem_starts(g, "conv2d_bias: conv2d: node") && msg_has(g, "[2,5,5]"), "conv error: '%s'", gir_graph_message(g));
        gir_graph_clear_error(g);
        CHECK(still_usable(g), "graph unusable");
        gir_graph_free(g);
    }
    return 1;
}

/* 9. flatten follows torch.flatten(x, start_dim, end_dim) */
static int test_flatten_like_torch(void) {
    gir_graph *g = gir_graph_new(NULL);
    gir_node x = gir_input(g, GIR_DTYPE_F32, gir_shape4(2, 3, 4, 5)), s = gir_input(g, GIR_DTYPE_F32, gir_shape0());
    static const struct { int a, e, rank; int32_t d[4]; } t[] = {
        {1, 2, 3, {2, 12, 5}}, {0, -1, 1, {120}}, {-2, -1, 3, {2, 3, 20}}, {2, 2, 4, {2, 3, 4, 5}}, {0, 1, 3, {6, 4, 5}}};
    unsigned k;
    int j;
    for (k = 0; k < sizeof t / sizeof t[0]; ++k) {
        gir_node y = gir_flatten(g, x, t[k].a, t[k].e);
        gir_shape sh = gir_node_shape(g, y);
        CHECK(y.id && sh.rank == t[k].rank, "flatten(%d, %d): %s", t[k].a, t[k].e, gir_graph_message(g));
        for (j = 0; j < sh.rank; ++j) CHECK(sh.dim[j] == t[k].d[j], "flatten(%d, %d): axis %d is %d", t[k].a, t[k].e, j, (int)sh.dim[j]);
    }
    CHECK(gir_node_shape(g, gir_flatten(g, s, 0, -1)).rank == 1 && gir_node_shape(g, gir_flatten(g, s, 0, -1)).dim[0] == 1,
          "a rank-0 tensor flattens to [1]");
    CHECK(gir_flatten(g, x, 2, 1).id == 0 && gir_graph_status(g) == GIR_ERR_ATTR &&
          sem_starts(g, "flatten: start_dim 2 comes after end_dim 1 in x [2,3,4,5]"), "order: '%s'", gir_graph_message(g));
    gir_graph_clear_error(g);
    CHECK(gir_flatten(g, x, 0, 4).id == 0 && sem_starts(g, "flatten: end_dim 4 out of range for x [2,3,4,5]"),
          "range: '%s'", gir_graph_message(g));
    gir_graph_clear_error(g);
    CHECK(gir_flatten(g, x, -5, 1).id == 0 && sem_starts(g, "flatten: start_dim -5 out of range"), "range: '%s'", gir_graph_message(g));
    gir_graph_clear_error(g);
    CHECK(still_usable(g), "graph unusable");
    gir_graph_free(g);
    return 1;
}

/* 10. comparisons take b8 operands (and b8 against numbers), as NumPy; approx_eq has no b8 kernel: an error
   when it is built, not when it runs */
static int test_compare_b8(void) {
    gir_graph *g = gir_graph_new(NULL);
    gir_node a = gir_input(g, GIR_DTYPE_B8, gir_shape1(4)), b = gir_input(g, GIR_DTYPE_B8, gir_shape1(4)), e, ins[2];
    uint8_t av[4] = {0, 0, 1, 1}, bv[4] = {0, 1, 0, 1};
    void *bufs[2];
    gir_plan *p;
    int k;
    ins[0] = a; ins[1] = b; bufs[0] = av; bufs[1] = bv;
    e = gir_ne(g, a, b);
    CHECK(e.id && gir_node_dtype(g, e) == GIR_DTYPE_B8, "ne(b8, b8): %s", gir_graph_message(g));
    p = sem_run(g, e, 2, ins, bufs);
    CHECK(p, "run");
    for (k = 0; k < 4; ++k)
        if (((const uint8_t *)gir_plan_data(p, e))[k] != (av[k] != bv[k])) { gir_plan_free(p); gir_graph_free(g); FAILF("ne element %d", k); }
    gir_plan_free(p);
    CHECK(gir_approx_eq(g, a, b, 0.1, 0.1).id == 0 && gir_graph_status(g) == GIR_ERR_DTYPE &&
          msg_has(g, "approx_eq: node") && msg_has(g, "b8"), "approx_eq(b8, b8): '%s'", gir_graph_message(g));
    gir_graph_clear_error(g);
    CHECK(still_usable(g), "graph unusable");
    gir_graph_free(g);
    return 1;
}

/* 11. a rank-0 integer constant adapts to the other operand's dtype only when its value fits (NumPy 2 raises
   OverflowError for u8 + 300); comparisons compare the true values instead (u8 == 300 is false) */
static int test_weak_scalar_must_fit(void) {
    gir_graph *g = gir_graph_new(NULL);
    gir_node u = gir_input(g, GIR_DTYPE_U8, gir_shape1(3)), bo = gir_input(g, GIR_DTYPE_B8, gir_shape1(2)), y, ins[2];
    int32_t big = 300;
    uint8_t uv[3] = {0, 44, 255}, bv[2] = {1, 0};
    void *bufs[2];
    gir_plan *p;
    y = gir_add(g, u, gir_scalar(g, GIR_DTYPE_I32, 300));
    CHECK(y.id == 0 && gir_graph_status(g) == GIR_ERR_DTYPE && msg_has(g, "add: node") && msg_has(g, "300") &&
          msg_has(g, "u8"), "u8 + 300: '%s'", gir_graph_message(g));
    gir_graph_clear_error(g);
    CHECK(gir_sub(g, u, gir_scalar(g, GIR_DTYPE_I32, -1)).id == 0 && gir_graph_status(g) == GIR_ERR_DTYPE, "u8 - (-1)");
    gir_graph_clear_error(g);
    CHECK(gir_maximum(g, gir_constant(g, GIR_DTYPE_I32, gir_shape0(), &big), u).id == 0 && gir_graph_status(g) == GIR_ERR_DTYPE &&
          msg_has(g, "input 0"), "maximum(300 as a rank-0 constant, u8): '%s'", gir_graph_message(g));
    gir_graph_clear_error(g);
    y = gir_add(g, u, gir_scalar(g, GIR_DTYPE_I32, 255));
    CHECK(y.id && gir_node_dtype(g, y) == GIR_DTYPE_U8, "u8 + 255 stays u8: %s", gir_graph_message(g));
    CHECK(gir_node_dtype(g, gir_add(g, u, gir_scalar(g, GIR_DTYPE_F64, 2.5))) == GIR_DTYPE_F32, "u8 + 2.5 is f32");
    /* comparisons: u8 == 300 false, u8 < 300 true; b8 == 2 compares as integers (false), as NumPy */
    ins[0] = u; ins[1] = bo; bufs[0] = uv; bufs[1] = bv;
    {
        gir_node eq = gir_eq(g, u, gir_scalar(g, GIR_DTYPE_I32, 300)), lt = gir_lt(g, u, gir_scalar(g, GIR_DTYPE_I32, 300));
        gir_node be = gir_eq(g, bo, gir_scalar(g, GIR_DTYPE_I32, 2)), three[3], all;
        int k;
        three[0] = eq; three[1] = lt; three[2] = be;
        all = gir_concat(g, 3, three, 0);
        static const uint8_t want[8] = {0, 0, 0, 1, 1, 1, 0, 0};
        CHECK(all.id, "comparisons with out-of-range scalars: %s", gir_graph_message(g));
        p = sem_run(g, all, 2, ins, bufs);
        CHECK(p, "run");
        for (k = 0; k < 8; ++k)
            if (((const uint8_t *)gir_plan_data(p, all))[k] != want[k]) { gir_plan_free(p); gir_graph_free(g); FAILF("comparison element %d", k); }
        gir_plan_free(p);
    }
    gir_graph_free(g);
    return 1;
}

/* 12. composed builders: messages name the builder and the argument, never an op inside them */
static int test_composed_builder_messages(void) {
    gir_graph *g = gir_graph_new(NULL), *other = gir_graph_new(NULL);
    gir_node x = gir_input(g, GIR_DTYPE_F32, gir_shape2(4, 10)), g32 = gir_input(g, GIR_DTYPE_F32, gir_shape1(32));
    gir_node g10 = gir_input(g, GIR_DTYPE_F32, gir_shape1(10)), img = gir_input(g, GIR_DTYPE_F32, gir_shape4(2, 3, 4, 4));
    gir_node c5 = gir_input(g, GIR_DTYPE_F32, gir_shape1(5)), c3 = gir_input(g, GIR_DTYPE_F32, gir_shape1(3));
    gir_node xi = gir_input(g, GIR_DTYPE_I32, gir_shape2(4, 10)), far = sem_foreign(other, 40), parts[4];
    gir_node cond3 = gir_input(g, GIR_DTYPE_B8, gir_shape1(3)), condf = gir_input(g, GIR_DTYPE_F32, gir_shape1(10));
    struct { int ok; gir_status st; const char *start; } t[24];
    int n = 0;
#define SEM_EXPECT(call, status, prefix) do { gir_graph_clear_error(g); t[n].ok = (call); t[n].st = (status); \
        t[n].start = (prefix); if (!t[n].ok || gir_graph_status(g) != t[n].st || !sem_starts(g, t[n].start) || \
        msg_has(g, ": node ") != !!strstr(t[n].start, ": node")) FAILF("case %d: status %s, message '%s', want '%s...'", n, \
        gir_status_name(gir_graph_status(g)), gir_graph_message(g), t[n].start); ++n; } while (0)
    SEM_EXPECT(gir_layer_norm(g, x, g32, g10, -1, 1e-5).id == 0, GIR_ERR_SHAPE,
               "layer_norm: gamma [32] does not match the normalized shape [10] of x [4,10]");
    SEM_EXPECT(gir_layer_norm(g, x, g10, g32, 1, 1e-5).id == 0, GIR_ERR_SHAPE, "layer_norm: beta [32]");
    SEM_EXPECT(gir_layer_norm(g, xi, g10, g10, 1, 1e-5).id == 0, GIR_ERR_DTYPE, "layer_norm: x must be f32 or f64, got i32");
    SEM_EXPECT(gir_layer_norm(g, x, g10, g10, 2, 1e-5).id == 0, GIR_ERR_ATTR, "layer_norm: axis 2 out of range for x [4,10]");
    SEM_EXPECT(gir_layer_norm(g, x, g10, g10, 1, -1).id == 0, GIR_ERR_ATTR, "layer_norm: eps -1");
    SEM_EXPECT(gir_layer_norm(g, x, far, g10, 1, 1e-5).id == 0, GIR_ERR_HANDLE, "layer_norm: gamma (id 41) belongs to another graph");
    SEM_EXPECT(gir_batch_norm(g, img, c5, c3, 1e-5).id == 0, GIR_ERR_SHAPE,
               "batch_norm: gamma [5] does not match the 3 channels of x [2,3,4,4]");
    SEM_EXPECT(gir_batch_norm(g, c3, c3, c3, 1e-5).id == 0, GIR_ERR_SHAPE, "batch_norm: x must have rank >= 2");
    SEM_EXPECT(gir_split(g, x, -1, 3, parts) == 0, GIR_ERR_SHAPE, "split: cannot split axis -1 of x [4,10] (length 10) into 3");
    SEM_EXPECT(gir_split(g, x, 0, 0, parts) == 0, GIR_ERR_INVALID_ARG, "split: parts 0 must be >= 1");
    SEM_EXPECT(gir_expand_dims(g, x, 5).id == 0, GIR_ERR_ATTR, "expand_dims: axis 5 out of range for x [4,10]");
    SEM_EXPECT(gir_squeeze(g, x, -1).id == 0, GIR_ERR_ATTR, "squeeze: axis -1 of x [4,10] has length 10, not 1");
    SEM_EXPECT(gir_where(g, cond3, x, x).id == 0, GIR_ERR_SHAPE, "where: node");
    CHECK(msg_has(g, "cond [3], a [4,10] and b [4,10]"), "where shapes: '%s'", gir_graph_message(g));
    SEM_EXPECT(gir_where(g, condf, x, x).id == 0, GIR_ERR_DTYPE, "where: node");
    CHECK(msg_has(g, "cond must be b8, got f32 [10]"), "where dtype: '%s'", gir_graph_message(g));
    SEM_EXPECT(gir_where(g, far, x, x).id == 0, GIR_ERR_HANDLE, "where: node");
    CHECK(msg_has(g, "where: node") && msg_has(g, "cond (input 0, id 41) belongs to another graph"), "where names cond: '%s'", gir_graph_message(g));
    SEM_EXPECT(gir_scalar(g, (gir_dtype)99, 1.0).id == 0, GIR_ERR_ATTR, "scalar: fill: node");
    SEM_EXPECT(gir_zeros_like(g, far).id == 0, GIR_ERR_HANDLE, "zeros_like: x (id 41) belongs to another graph");
#undef SEM_EXPECT
    gir_graph_clear_error(g);
    CHECK(gir_layer_norm(g, x, g10, g10, -1, 1e-5).id && gir_batch_norm(g, img, c3, c3, 1e-5).id, "valid norms: %s",
          gir_graph_message(g));
    CHECK(still_usable(g), "graph unusable");
    gir_graph_free(other);
    gir_graph_free(g);
    return 1;
}

/* 13. max, min, argmax and argmin have no identity: an empty reduced axis is an error, as np.max, np.argmax,
   torch.amax and torch.argmax; other axes may be empty (f64[0,3] over axis 1 is [0], as is its gradient's domain) */
static int test_empty_max_argmax(void) {
    gir_graph *g = gir_graph_new(NULL);
    gir_node x = gir_input(g, GIR_DTYPE_F64, gir_shape2(0, 3)), z = gir_input(g, GIR_DTYPE_F64, gir_shape2(0, 0));
    gir_node m = gir_max(g, x, gir_ints1(1), 0), n = gir_min(g, x, gir_ints1(-1), 1), a = gir_argmax(g, x, 1, 0);
    gir_node d, outs[4];
    gir_plan *p = NULL;
    double buf[1] = {0};
    CHECK(m.id && n.id && a.id, "empty results rejected: %s", gir_graph_message(g));
    CHECK(gir_node_shape(g, m).rank == 1 && gir_node_shape(g, m).dim[0] == 0 && gir_node_shape(g, n).rank == 2 &&
          gir_node_shape(g, n).dim[1] == 1 && gir_node_numel(g, a) == 0, "shapes");
    CHECK(gir_grad(g, gir_sum(g, gir_add(g, m, gir_sum(g, n, gir_ints1(1), 0)), gir_ints0(), 0), 1, &x, &d) == GIR_OK,
          "grad: %s", gir_graph_message(g));
    outs[0] = m; outs[1] = n; outs[2] = a; outs[3] = d;
    CHECK(gir_plan_compile(g, 4, outs, NULL, &p) == GIR_OK, "compile: %s", gir_graph_message(g));
    gir_plan_bind(p, x, buf);
    if (gir_plan_run(p) != GIR_OK) { snprintf(why, sizeof why, "run: %s", gir_plan_message(p)); gir_plan_free(p); return 0; }
    gir_plan_free(p);
    /* an empty reduced axis: [0,3] over axis 0, over all axes, [0,0] over axis 1 (an empty result too) */
    CHECK(gir_max(g, x, gir_ints1(0), 0).id == 0 && gir_graph_status(g) == GIR_ERR_SHAPE &&
          msg_has(g, "max: node") && msg_has(g, "empty axis 0 in [0,3]"), "max axis 0: '%s'", gir_graph_message(g));
    gir_graph_clear_error(g);
    CHECK(gir_min(g, x, gir_ints0(), 1).id == 0 && gir_graph_status(g) == GIR_ERR_SHAPE, "min of all: '%s'",
          gir_graph_message(g));
    gir_graph_clear_error(g);
    CHECK(gir_max(g, z, gir_ints1(1), 0).id == 0 && gir_graph_status(g) == GIR_ERR_SHAPE &&
          msg_has(g, "empty axis 1 in [0,0]"), "max of [0,0] axis 1: '%s'", gir_graph_message(g));
    gir_graph_clear_error(g);
    CHECK(gir_argmax(g, x, 0, 0).id == 0 && gir_graph_status(g) == GIR_ERR_SHAPE && msg_has(g, "argmax: node") &&
          msg_has(g, "empty axis 0 in [0,3]"), "argmax axis 0: '%s'", gir_graph_message(g));
    gir_graph_clear_error(g);
    CHECK(gir_argmin(g, z, 1, 1).id == 0 && gir_graph_status(g) == GIR_ERR_SHAPE, "argmin of [0,0] axis 1: '%s'",
          gir_graph_message(g));
    gir_graph_clear_error(g);
    CHECK(still_usable(g), "graph unusable");
    gir_graph_free(g);
    return 1;
}

/* 14. maximum and minimum split a tie's gradient in half between a and b, as torch.maximum's backward (and as the
   max reduction shares it between tied elements); -0.0 and 0.0 tie. Expected values are torch's. */
static int test_maximum_minimum_tie_gradient(void) {
    static const double av[5] = {1, 2, 3, -0.0, 0.5}, bv[5] = {1, 1, 3, 0.0, 0.75}, wv[5] = {2, 4, 6, 8, 10};
    static const double a3v[3] = {2, 2, 1}, b1v[1] = {2};
    static const double want[2][16] = {
        {1, 4, 3, 4, 0, 1, 0, 3, 4, 10, 0.5, 0.5, 0, 2},      /* torch.maximum */
        {1, 0, 3, 4, 10, 1, 4, 3, 4, 0, 0.5, 0.5, 1, 1}};     /* torch.minimum */
    int f, k, j, at;
    for (f = 0; f < 2; ++f) {
        gir_graph *g = gir_graph_new(NULL);
        gir_node a = gir_input(g, GIR_DTYPE_F64, gir_shape1(5)), b = gir_input(g, GIR_DTYPE_F64, gir_shape1(5));
        gir_node a3 = gir_input(g, GIR_DTYPE_F64, gir_shape1(3)), b1 = gir_input(g, GIR_DTYPE_F64, gir_shape1(1));
        gir_node w = gir_constant(g, GIR_DTYPE_F64, gir_shape1(5), wv), wrt[4], d[4], y, dd;
        const double *bufs[4];
        gir_plan *p = NULL;
        y = f ? gir_minimum(g, a, b) : gir_maximum(g, a, b);
        y = gir_sum(g, gir_mul(g, y, w), gir_ints0(), 0);
        y = gir_add(g, y, gir_sum(g, f ? gir_minimum(g, a3, b1) : gir_maximum(g, a3, b1), gir_ints0(), 0));
        wrt[0] = a; wrt[1] = b; wrt[2] = a3; wrt[3] = b1;
        bufs[0] = av; bufs[1] = bv; bufs[2] = a3v; bufs[3] = b1v;
        CHECK(gir_grad(g, y, 4, wrt, d) == GIR_OK, "grad: %s", gir_graph_message(g));
        /* the adjoint is made of graph nodes: a second order gradient builds (the kink's second derivative is 0) */
        CHECK(gir_grad(g, gir_sum(g, gir_mul(g, d[0], d[0]), gir_ints0(), 0), 1, &a, &dd) == GIR_OK, "grad of grad: %s",
              gir_graph_message(g));
        CHECK(gir_plan_compile(g, 4, d, NULL, &p) == GIR_OK, "compile: %s", gir_graph_message(g));
        for (k = 0; k < 4; ++k) gir_plan_bind(p, wrt[k], (void *)bufs[k]);
        if (gir_plan_run(p) != GIR_OK) { snprintf(why, sizeof why, "run: %s", gir_plan_message(p)); gir_plan_free(p); return 0; }
        for (k = 0, at = 0; k < 4; ++k)
            for (j = 0; j < (int)gir_node_numel(g, d[k]); ++j, ++at)
                if (((const double *)gir_plan_data(p, d[k]))[j] != want[f][at]) {
                    snprintf(why, sizeof why, "%s: gradient %d element %d is %g, torch gives %g", f ? "minimum" : "maximum",
                             k, j, ((const double *)gir_plan_data(p, d[k]))[j], want[f][at]);
                    gir_plan_free(p);
                    gir_graph_free(g);
                    return 0;
                }
        gir_plan_free(p);
        gir_graph_free(g);
    }
    return 1;
}

/* the same number, or both NaN, or within a relative 1e-12 */
static int sem_same(double got, double want) {
    if (want != want) return got != got;
    if (isinf(want) || want == 0) return got == want;
    return fabs(got - want) <= 1e-12 * fabs(want);
}
/* run a graph of inputs a and b with the given values and compare outputs outs[0..n) with want (concatenated) */
static int sem_check_ab(gir_graph *g, gir_node a, gir_node b, const double *av, const double *bv, int n,
                        const gir_node *outs, const double *want, const char *what) {
    gir_plan *p = NULL;
    int k, j, at = 0;
    CHECK(gir_plan_compile(g, n, outs, NULL, &p) == GIR_OK, "%s: compile: %s", what, gir_graph_message(g));
    gir_plan_bind(p, a, (void *)av);
    gir_plan_bind(p, b, (void *)bv);
    if (gir_plan_run(p) != GIR_OK) { snprintf(why, sizeof why, "%s: run: %s", what, gir_plan_message(p)); gir_plan_free(p); return 0; }
    for (k = 0; k < n; ++k)
        for (j = 0; j < (int)gir_node_numel(g, outs[k]); ++j, ++at)
            if (!sem_same(((const double *)gir_plan_data(p, outs[k]))[j], want[at])) {
                snprintf(why, sizeof why, "%s: output %d element %d (a %g, b %g) is %.17g, torch gives %.17g", what, k, j,
                         av[j], bv[j], ((const double *)gir_plan_data(p, outs[k]))[j], want[at]);
                gir_plan_free(p);
                return 0;
            }
    gir_plan_free(p);
    return 1;
}

/* 15. pow's gradients at base 0 follow torch: d/da is 0 where b == 0, d/db is 0 where a == 0 and b >= 0 (so
   pow(0, 0) has gradients 0 and 0, not nan and -inf); second order gradients against torch's (create_graph) */
static int test_pow_gradient_at_zero(void) {
    static const double av[10] = {0, 0, 0, 0, 0, 0, 2, -2, -2, 3}, bv[10] = {0, 1, 2, -1, 0.5, -0.0, 0, 2, 0.5, 0};
    static const double a2[4] = {2, 3, 1.5, 0.5}, b2[4] = {0, 0, 2, -1}, wv[4] = {0.5, -1, 2, 1.25};
    static const double want1[20] = {0, 1, 0, -INFINITY, INFINITY, 0, 0, -4, NAN, 0,
                                     0, 0, 0, -INFINITY, 0, 0, 0.6931471805599453, NAN, NAN, 1.0986122886681098};
    static const double want2[16] = {0, 0, 6, -5, 0.34657359027997264, -1.0986122886681098, 1.8245929864867398,
                                     -1.7328679513998633, 0.17328679513998632, 0.7324081924454066, 67.82526342915138,
                                     -229.34000486195364, 0.16651232599446472, 2.651937920287815, 67.89318765213152,
                                     -88.82016717785889};
    gir_graph *g = gir_graph_new(NULL);
    gir_node a = gir_input(g, GIR_DTYPE_F64, gir_shape1(10)), b = gir_input(g, GIR_DTYPE_F64, gir_shape1(10));
    gir_node wrt[2], d[2], d2[2], outs[4], s;
    int ok;
    wrt[0] = a; wrt[1] = b;
    CHECK(gir_grad(g, gir_sum(g, gir_pow(g, a, b), gir_ints0(), 0), 2, wrt, d) == GIR_OK, "grad: %s", gir_graph_message(g));
    ok = sem_check_ab(g, a, b, av, bv, 2, d, want1, "first order");
    gir_graph_free(g);
    if (!ok) return 0;
    g = gir_graph_new(NULL);
    a = gir_input(g, GIR_DTYPE_F64, gir_shape1(4));
    b = gir_input(g, GIR_DTYPE_F64, gir_shape1(4));
    wrt[0] = a; wrt[1] = b;
    s = gir_sum(g, gir_mul(g, gir_constant(g, GIR_DTYPE_F64, gir_shape1(4), wv), gir_pow(g, a, b)), gir_ints0(), 0);
    CHECK(gir_grad(g, s, 2, wrt, d) == GIR_OK, "grad: %s", gir_graph_message(g));
    s = gir_add(g, gir_sum(g, gir_mul(g, d[0], d[0]), gir_ints0(), 0), gir_sum(g, gir_mul(g, d[1], d[1]), gir_ints0(), 0));
    CHECK(gir_grad(g, s, 2, wrt, d2) == GIR_OK, "grad of grad: %s", gir_graph_message(g));
    outs[0] = d[0]; outs[1] = d[1]; outs[2] = d2[0]; outs[3] = d2[1];
    ok = sem_check_ab(g, a, b, a2, b2, 4, outs, want2, "second order");
    gir_graph_free(g);
    return ok;
}

/* 16. integer sum, prod and trace stay in the input's dtype and wrap; NumPy and torch widen them to int64 (README:
   "Integer arithmetic") */
static int test_integer_reductions_wrap(void) {
    static const int32_t iv[4] = {2147483647, 1, 65537, 65537}, tv[4] = {2147483647, 5, 7, 1};
    static const uint8_t uv[4] = {200, 100, 16, 17};
    /* i32 sums and products of the rows, the trace; u8 sums and products of the rows */
    static const int32_t want_i[5] = {(int32_t)-2147483647 - 1, 131074, 2147483647, 131073, (int32_t)-2147483647 - 1};
    static const uint8_t want_u[4] = {44, 33, 32, 16};
    gir_graph *g = gir_graph_new(NULL);
    gir_node i = gir_input(g, GIR_DTYPE_I32, gir_shape2(2, 2)), u = gir_input(g, GIR_DTYPE_U8, gir_shape2(2, 2));
    gir_node t = gir_input(g, GIR_DTYPE_I32, gir_shape2(2, 2)), outs[5];
    int32_t got_i[5];
    uint8_t got_u[4];
    gir_plan *p = NULL;
    outs[0] = gir_sum(g, i, gir_ints1(1), 0);
    outs[1] = gir_prod(g, i, gir_ints1(1), 0);
    outs[2] = gir_trace(g, t);
    outs[3] = gir_sum(g, u, gir_ints1(1), 0);
    outs[4] = gir_prod(g, u, gir_ints1(1), 0);
    CHECK(gir_node_dtype(g, outs[0]) == GIR_DTYPE_I32 && gir_node_dtype(g, outs[2]) == GIR_DTYPE_I32 &&
          gir_node_dtype(g, outs[4]) == GIR_DTYPE_U8, "dtypes: %s", gir_graph_message(g));
    CHECK(gir_plan_compile(g, 5, outs, NULL, &p) == GIR_OK, "compile: %s", gir_graph_message(g));
    gir_plan_bind(p, i, (void *)iv);
    gir_plan_bind(p, t, (void *)tv);
    gir_plan_bind(p, u, (void *)uv);
    if (gir_plan_run(p) != GIR_OK) { snprintf(why, sizeof why, "run: %s", gir_plan_message(p)); gir_plan_free(p); return 0; }
    memcpy(got_i, gir_plan_data(p, outs[0]), 2 * sizeof(int32_t));
    memcpy(got_i + 2, gir_plan_data(p, outs[1]), 2 * sizeof(int32_t));
    memcpy(got_i + 4, gir_plan_data(p, outs[2]), sizeof(int32_t));
    memcpy(got_u, gir_plan_data(p, outs[3]), 2);
    memcpy(got_u + 2, gir_plan_data(p, outs[4]), 2);
    gir_plan_free(p);
    gir_graph_free(g);
    CHECK(!memcmp(got_i, want_i, sizeof got_i) && !memcmp(got_u, want_u, sizeof got_u),
          "i32 sums %d %d, products %d %d, trace %d; u8 sums %d %d, products %d %d", (int)got_i[0], (int)got_i[1],
          (int)got_i[2], (int)got_i[3], (int)got_i[4], got_u[0], got_u[1], got_u[2], got_u[3]);
    return 1;
}

static void suite_semantics(void) {
    RUN("sem/var_ddof_at_least_n_inf_nan_and_gradient", test_var_ddof_at_least_n());
    RUN("sem/clamp_lo_above_hi_rejected", test_clamp_lo_above_hi_rejected());
    RUN("sem/gather_build_errors", test_gather_build_errors());
    RUN("sem/gather_scatter_add_index_out_of_range", test_gather_scatter_index_out_of_range());
    RUN("sem/slice_negative_step_python_bounds", test_slice_negative_step_bounds());
    RUN("sem/split_sizes_like_torch_split", test_split_sizes());
    RUN("sem/conv2d_bias_torch_values_and_bias_gradient", test_conv2d_bias());
    RUN("sem/flatten_like_torch", test_flatten_like_torch());
    RUN("sem/compare_b8_operands", test_compare_b8());
    RUN("sem/weak_scalar_must_fit_dtype", test_weak_scalar_must_fit());
    RUN("sem/composed_builder_messages", test_composed_builder_messages());
    RUN("sem/max_min_empty_tensor_like_argmax", test_empty_max_argmax());
    RUN("sem/maximum_minimum_tie_gradient_halved_like_torch", test_maximum_minimum_tie_gradient());
    RUN("sem/pow_gradient_at_base_zero_like_torch", test_pow_gradient_at_zero());
    RUN("sem/integer_sum_prod_trace_wrap_in_own_dtype", test_integer_reductions_wrap());
}
