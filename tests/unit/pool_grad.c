/* unit/pool_grad.c - derivatives of any order through max-pooling: max_pool2d_pick (the adjoint of max_pool2d_bwd)
 * against a plain window scan and as the transpose of max_pool2d_bwd, Hessian-vector products and gir_jvp
 * through max_pool2d against finite differences, gir_hessian against finite differences of the gradient.
 * Included by unit/main.c (uses CHECK/FAILF, frand, msg_has, still_usable). */

typedef struct p2cfg { int n, c, h, w, kh, kw, sh, sw, ph, pw; } p2cfg;
/* odd sizes, padding, stride != kernel, overlapping windows (stride < kernel), and each path of the kernel: 2x2
   stride 2 without padding, other 2x2 windows (overlapping, clipped by padding), general windows */
static const p2cfg p2_cfgs[] = {
    {1, 2, 5, 7, 2, 2, 2, 2, 0, 0}, {2, 1, 5, 5, 2, 2, 1, 1, 0, 0}, {1, 2, 5, 6, 2, 2, 2, 2, 1, 1},
    {2, 1, 7, 5, 3, 3, 2, 2, 1, 1}, {1, 2, 6, 7, 3, 2, 1, 2, 1, 1}, {1, 1, 4, 9, 1, 3, 1, 1, 0, 1},
    {2, 3, 7, 8, 3, 3, 3, 3, 0, 0}, {1, 1, 1, 1, 1, 1, 1, 1, 0, 0}};
#define P2_NCFG ((int)(sizeof p2_cfgs / sizeof p2_cfgs[0]))

static int p2_oh(const p2cfg *q) { return (q->h + 2 * q->ph - q->kh) / q->sh + 1; }
static int p2_ow(const p2cfg *q) { return (q->w + 2 * q->pw - q->kw) / q->sw + 1; }
static gir_shape p2_xshape(const p2cfg *q) { return gir_shape4(q->n, q->c, q->h, q->w); }
static gir_shape p2_yshape(const p2cfg *q) { return gir_shape4(q->n, q->c, p2_oh(q), p2_ow(q)); }
static int64_t p2_xn(const p2cfg *q) { return (int64_t)q->n * q->c * q->h * q->w; }
static int64_t p2_yn(const p2cfg *q) { return (int64_t)q->n * q->c * p2_oh(q) * p2_ow(q); }
static gir_node p2_pool(gir_graph *g, gir_node x, const p2cfg *q) {
    return gir_max_pool2d(g, x, gir_ints2(q->kh, q->kw), gir_ints2(q->sh, q->sw), gir_ints2(q->ph, q->pw));
}
/* the flat index in x of the first maximum (row-major, padding skipped) of output element o: the reference */
static int64_t p2_first_max(const p2cfg *q, const double *x, int64_t o) {
    int64_t ow = p2_ow(q), oh = p2_oh(q), pl = o / (oh * ow), oy = o / ow % oh, ox = o % ow, best = -1;
    int i, j;
    for (i = 0; i < q->kh; ++i)
        for (j = 0; j < q->kw; ++j) {
            int64_t r = oy * q->sh - q->ph + i, cc = ox * q->sw - q->pw + j, at = (pl * q->h + r) * q->w + cc;
            if (r < 0 || r >= q->h || cc < 0 || cc >= q->w) continue;
            if (best < 0 || x[at] > x[best]) best = at;
        }
    return best;
}
/* values exact in f32 (multiples of 2^-15 in [-1, 1)); ties: a few levels only, so most windows hold ties */
static void p2_fill(double *v, int64_t n, unsigned seed, int ties) {
    int64_t k;
    for (k = 0; k < n; ++k) v[k] = ties ? floor((frand(&seed) + 1) * 1.5) : frand(&seed);
}
/* distinct values, gaps >= 1/n, in a scrambled order */
static void p2_distinct(double *v, int64_t n, unsigned seed) {
    int64_t k;
    for (k = 0; k < n; ++k) v[k] = (double)((k * 7919 + seed) % n) / (double)n - 0.5;
}
/* binds v (as f32 in *keep, which the plan reads until it is freed, for f32 inputs) */
static int p2_bind(gir_plan *p, gir_node in, gir_dtype dt, const double *v, int64_t n, float **keep) {
    int64_t k;
    if (dt == GIR_DTYPE_F64) return gir_plan_bind(p, in, v) == GIR_OK;
    *keep = (float *)malloc((size_t)(n ? n : 1) * sizeof(float));
    for (k = 0; k < n; ++k) (*keep)[k] = (float)v[k];
    return gir_plan_bind_bytes(p, in, *keep, (size_t)n * sizeof(float)) == GIR_OK;
}
static double p2_at(gir_plan *p, gir_node nd, gir_dtype dt, int64_t k) {
    const void *d = gir_plan_data(p, nd);
    return dt == GIR_DTYPE_F64 ? ((const double *)d)[k] : (double)((const float *)d)[k];
}

/* ---------------------------------------------------------------------------------- the table */
/* With every row that can pass a float gradient holding an adjoint or blocking gradients by design, no gradient
   meets GIR_ERR_NO_ADJOINT (test_grad_errors reaches that path by other means). */
static int test_p2_table_adjoints(void) {
    int op, n = 0;
    char bad[400] = "";
    for (op = 1; op < GIR_OP__COUNT; ++op) {
        const gir__opinfo *o = gir__op_info(op);
        int can_float = o->dtrule == GIR__DT_NUM || o->dtrule == GIR__DT_FLOAT || o->dtrule == GIR__DT_ANY ||
                        o->dtrule == GIR__DT_ATTR;
        if (!can_float || (o->nparents == 0 && !o->variadic)) continue;
        ++n;
        if (gir__op_is(op, GIR__F_UNTIL)) continue;    /* a while without max_trip: its gradient is an error that says
                                                          to give one (func/while_newton) */
        if (!o->diff && !gir__op_is(op, GIR__F_BLOCK) && strlen(bad) + strlen(gir_op_name((gir_op)op)) + 2 < sizeof bad) {
            strcat(bad, " ");
            strcat(bad, gir_op_name((gir_op)op));
        }
    }
    CHECK(n > 50, "only %d rows with parents and float outputs", n);
    CHECK(!bad[0], "rows that pass float gradients without an adjoint:%s", bad);
    CHECK(gir_op_differentiable(GIR_OP_MAX_POOL2D_BWD) && gir_op_differentiable(GIR_OP_MAX_POOL2D_PICK),
          "max_pool2d_bwd and max_pool2d_pick are differentiable");
    return 1;
}

/* ---------------------------------------------------------------------------------- max_pool2d_pick */
/* For one configuration and dtype: pick(v, x) is v at the reference's first maxima, pick(x, x) is max_pool2d(x)
   bit for bit, bwd(u, x) is u scattered to them, and <bwd(x, u), w> = <u, pick(x, w)>. */
static int p2_pick_case(const p2cfg *q, gir_dtype dt, int ties, unsigned seed) {
    gir_graph *g = gir_graph_new(NULL);
    gir_ints k = gir_ints2(q->kh, q->kw), s = gir_ints2(q->sh, q->sw), pd = gir_ints2(q->ph, q->pw);
    gir_node x = gir_input(g, dt, p2_xshape(q)), v = gir_input(g, dt, p2_xshape(q)), u = gir_input(g, dt, p2_yshape(q));
    gir_node outs[4];
    int64_t nx = p2_xn(q), ny = p2_yn(q), o, i;
    double *xv = (double *)malloc((size_t)nx * sizeof(double)), *vv = (double *)malloc((size_t)nx * sizeof(double));
    double *uv = (double *)malloc((size_t)ny * sizeof(double)), *ref = (double *)calloc((size_t)nx, sizeof(double));
    double lhs = 0, rhs = 0, scale = 1;
    float *keep[3] = {NULL, NULL, NULL};
    gir_plan *p = NULL;
    int ok = 0;
    p2_fill(xv, nx, seed, ties);
    p2_fill(vv, nx, seed + 1, 0);
    p2_fill(uv, ny, seed + 2, 0);
    outs[0] = gir_max_pool2d_pick(g, v, x, k, s, pd);
    outs[1] = gir_max_pool2d_bwd(g, u, x, k, s, pd);
    outs[2] = gir_max_pool2d(g, x, k, s, pd);
    outs[3] = gir_max_pool2d_pick(g, x, x, k, s, pd);
    if (gir_plan_compile(g, 4, outs, NULL, &p) || !p2_bind(p, x, dt, xv, nx, &keep[0]) || !p2_bind(p, v, dt, vv, nx, &keep[1]) ||
        !p2_bind(p, u, dt, uv, ny, &keep[2]) || gir_plan_run(p)) {
        snprintf(why, sizeof why, "%.500s %.300s", gir_graph_message(g), p ? gir_plan_message(p) : "");
        goto done;
    }
    for (o = 0; o < ny; ++o) {
        int64_t m = p2_first_max(q, xv, o);
        double pk = p2_at(p, outs[0], dt, o);
        if (pk != vv[m]) {
            snprintf(why, sizeof why, "pick[%ld] = %.9g, v at the first maximum (%ld) is %.9g", (long)o, pk, (long)m, vv[m]);
            goto done;
        }
        if (p2_at(p, outs[2], dt, o) != p2_at(p, outs[3], dt, o)) {
            snprintf(why, sizeof why, "max_pool2d[%ld] = %.9g but pick(x, x) = %.9g", (long)o, p2_at(p, outs[2], dt, o),
                     p2_at(p, outs[3], dt, o));
            goto done;
        }
        ref[m] += uv[o];
        rhs += uv[o] * vv[m];
    }
    for (i = 0; i < nx; ++i) {
        double b = p2_at(p, outs[1], dt, i);
        if (fabs(b - ref[i]) > 1e-6 * (1 + fabs(ref[i]))) {
            snprintf(why, sizeof why, "bwd[%ld] = %.9g, reference %.9g", (long)i, b, ref[i]);
            goto done;
        }
        lhs += b * vv[i];
        scale += fabs(b * vv[i]);
    }
    rhs = 0;
    for (o = 0; o < ny; ++o) rhs += uv[o] * p2_at(p, outs[0], dt, o);
    if (!(fabs(lhs - rhs) <= (dt == GIR_DTYPE_F64 ? 1e-13 : 1e-5) * scale)) {
        snprintf(why, sizeof why, "<bwd(x, u), w> = %.15g but <u, pick(x, w)> = %.15g", lhs, rhs);
        goto done;
    }
    ok = 1;
done:
    gir_plan_free(p);
    gir_graph_free(g);
    free(xv); free(vv); free(uv); free(ref); free(keep[0]); free(keep[1]); free(keep[2]);
    return ok;
}
static int test_p2_pick(void) {
    int c, d, t;
    for (c = 0; c < P2_NCFG; ++c)
        for (d = 0; d < 2; ++d)
            for (t = 0; t < 2; ++t)
                if (!p2_pick_case(&p2_cfgs[c], d ? GIR_DTYPE_F64 : GIR_DTYPE_F32, t, 11u + 5u * (unsigned)c)) {
                    char m[700];
                    memcpy(m, why, sizeof m - 1);
                    m[sizeof m - 1] = 0;
                    FAILF("config %d, %s, %s: %.600s", c, d ? "f64" : "f32", t ? "ties" : "no ties", m);
                }
    return 1;
}
static int test_p2_pick_errors(void) {
    gir_graph *g = gir_graph_new(NULL);
    gir_node x = gir_input(g, GIR_DTYPE_F32, gir_shape4(1, 2, 4, 4)), v = gir_input(g, GIR_DTYPE_F32, gir_shape4(1, 2, 4, 5));
    gir_node v64 = gir_input(g, GIR_DTYPE_F64, gir_shape4(1, 2, 4, 4)), r;
    r = gir_max_pool2d_pick(g, v, x, gir_ints1(2), gir_ints0(), gir_ints0());
    CHECK(r.id == 0 && gir_graph_status(g) == GIR_ERR_SHAPE && msg_has(g, "max_pool2d_pick") && msg_has(g, "[1,2,4,5]"),
          "v of another shape: %s", gir_graph_message(g));
    CHECK(still_usable(g), "usable after");
    gir_graph_clear_error(g);
    r = gir_max_pool2d_pick(g, v64, x, gir_ints1(2), gir_ints0(), gir_ints0());
    CHECK(r.id == 0 && gir_graph_status(g) != GIR_OK && msg_has(g, "max_pool2d_pick"), "v f64, x f32: %s",
          gir_graph_message(g));
    gir_graph_clear_error(g);
    r = gir_max_pool2d_pick(g, x, x, gir_ints1(2), gir_ints0(), gir_ints1(2));
    CHECK(r.id == 0 && gir_graph_status(g) == GIR_ERR_ATTR && msg_has(g, "half the kernel"), "padding: %s",
          gir_graph_message(g));
    gir_graph_free(g);
    return 1;
}

/* ---------------------------------------------------------------------------------- second order, forward mode */
/* how many nodes of op in g */
static int p2_count_op(gir_graph *g, gir_node any, gir_op op) {
    uint32_t id, n = gir_graph_node_count(g);
    int c = 0;
    for (id = 1; id <= n; ++id) {
        any.id = id;
        if (gir_node_op(g, any) == op) ++c;
    }
    return c;
}
/* f64 values of node nd of plan p, copied */
static double *p2_copy(gir_plan *p, gir_node nd, int64_t n) {
    double *d = (double *)malloc((size_t)(n ? n : 1) * sizeof(double));
    memcpy(d, gir_plan_data(p, nd), (size_t)n * sizeof(double));
    return d;
}
static int p2_close(const char *what, const double *got, const double *ref, int64_t n, double tol) {
    int64_t k;
    for (k = 0; k < n; ++k)
        if (!(fabs(got[k] - ref[k]) <= tol * (1 + fabs(ref[k]))))
            FAILF("%s[%ld] = %.15g, finite differences %.15g", what, (long)k, got[k], ref[k]);
    return 1;
}

/* l(x, w) = sum(max_pool2d(relu(conv2d(x, w)))^2), x [n, 2, h, w], w [c, 2, 3, 3], padding 1 (the pool's input is
   q's [n, c, h, w]); piecewise quadratic, so central differences of the gradient are its Hessian times the
   direction up to rounding. Hessian-vector products forward over reverse (gir_jvp of the gradient) and reverse
   over reverse (gir_grad of <gradient, t>) against them. */
static int p2_hvp_case(const p2cfg *q, unsigned seed) {
    gir_graph *g = gir_graph_new(NULL);
    gir_shape xs = gir_shape4(q->n, 2, q->h, q->w), ws = gir_shape4(q->c, 2, 3, 3);
    int64_t nx = (int64_t)q->n * 2 * q->h * q->w, nw = (int64_t)q->c * 18, k;
    gir_node in[2], tan[2], gr[2], hv[2], hr[2], outs[6], conv, l, s;
    double *xv = (double *)malloc((size_t)nx * sizeof(double)), *wv = (double *)malloc((size_t)nw * sizeof(double));
    double *tx = (double *)malloc((size_t)nx * sizeof(double)), *tw = (double *)malloc((size_t)nw * sizeof(double));
    double *sx = (double *)malloc((size_t)nx * sizeof(double)), *sw = (double *)malloc((size_t)nw * sizeof(double));
    double *plus[2] = {NULL, NULL}, *fd[2] = {NULL, NULL}, h = 1e-6, nrm = 0;
    gir_plan *p = NULL;
    int ok = 0, j, sign;
    p2_fill(xv, nx, seed, 0); p2_fill(wv, nw, seed + 1, 0); p2_fill(tx, nx, seed + 2, 0); p2_fill(tw, nw, seed + 3, 0);
    in[0] = gir_input(g, GIR_DTYPE_F64, xs);
    in[1] = gir_input(g, GIR_DTYPE_F64, ws);
    tan[0] = gir_constant(g, GIR_DTYPE_F64, xs, tx);
    tan[1] = gir_constant(g, GIR_DTYPE_F64, ws, tw);
    conv = gir_conv2d(g, in[0], in[1], gir_ints0(), gir_ints1(1), gir_ints0(), 1);
    l = gir_sum(g, gir_square(g, p2_pool(g, gir_relu(g, conv), q)), gir_ints0(), 0);
    if (gir_grad(g, l, 2, in, gr) || gir_jvp(g, 2, gr, 2, in, tan, hv)) goto fail;
    s = gir_add(g, gir_sum(g, gir_mul(g, gr[0], tan[0]), gir_ints0(), 0), gir_sum(g, gir_mul(g, gr[1], tan[1]), gir_ints0(), 0));
    if (gir_grad(g, s, 2, in, hr)) goto fail;
    if (p2_count_op(g, l, GIR_OP_MAX_POOL2D_PICK) < 2) {
        snprintf(why, sizeof why, "max_pool2d_pick is not on the second-order paths");
        goto done;
    }
    outs[0] = gr[0]; outs[1] = gr[1]; outs[2] = hv[0]; outs[3] = hv[1]; outs[4] = hr[0]; outs[5] = hr[1];
    if (gir_plan_compile(g, 6, outs, NULL, &p)) goto fail;
    for (sign = 1; sign >= -1; sign -= 2) {               /* the gradient at (x, w) + h t, then at (x, w) - h t */
        for (k = 0; k < nx; ++k) sx[k] = xv[k] + sign * h * tx[k];
        for (k = 0; k < nw; ++k) sw[k] = wv[k] + sign * h * tw[k];
        if (gir_plan_bind(p, in[0], sx) || gir_plan_bind(p, in[1], sw) || gir_plan_run(p)) goto fail;
        for (j = 0; j < 2; ++j) {
            int64_t n = j ? nw : nx;
            if (sign > 0) { plus[j] = p2_copy(p, gr[j], n); continue; }
            fd[j] = (double *)malloc((size_t)n * sizeof(double));
            for (k = 0; k < n; ++k) fd[j][k] = (plus[j][k] - ((const double *)gir_plan_data(p, gr[j]))[k]) / (2 * h);
        }
    }
    if (gir_plan_bind(p, in[0], xv) || gir_plan_bind(p, in[1], wv) || gir_plan_run(p)) goto fail;
    for (j = 0; j < 2; ++j) {
        int64_t n = j ? nw : nx;
        const double *a = (const double *)gir_plan_data(p, hv[j]), *b = (const double *)gir_plan_data(p, hr[j]);
        for (k = 0; k < n; ++k) nrm += fabs(fd[j][k]);
        if (!p2_close(j ? "jvp of the gradient, w" : "jvp of the gradient, x", a, fd[j], n, 1e-6) ||
            !p2_close(j ? "grad of <gradient, t>, w" : "grad of <gradient, t>, x", b, fd[j], n, 1e-6))
            goto done;
    }
    if (!(nrm > 1e-3)) { snprintf(why, sizeof why, "the Hessian-vector product is ~0 (%g): nothing tested", nrm); goto done; }
    ok = 1;
    goto done;
fail:
    snprintf(why, sizeof why, "%.500s %.300s", gir_graph_message(g), p ? gir_plan_message(p) : "");
done:
    gir_plan_free(p);
    gir_graph_free(g);
    for (j = 0; j < 2; ++j) { free(plus[j]); free(fd[j]); }
    free(xv); free(wv); free(tx); free(tw); free(sx); free(sw);
    return ok;
}
static int test_p2_hvp(void) {
    int c;
    for (c = 0; c < P2_NCFG; ++c)
        if (!p2_hvp_case(&p2_cfgs[c], 300u + 7u * (unsigned)c)) {
            char m[700];
            memcpy(m, why, sizeof m - 1);
            m[sizeof m - 1] = 0;
            FAILF("config %d: %.600s", c, m);
        }
    return 1;
}

/* gir_jvp of max_pool2d(x) along t against central differences (x of distinct values, no window changes its
   maximum), and of max_pool2d(x)^2 to chain it */
static int p2_jvp_case(const p2cfg *q, unsigned seed) {
    gir_graph *g = gir_graph_new(NULL);
    int64_t nx = p2_xn(q), ny = p2_yn(q), k;
    gir_node x = gir_input(g, GIR_DTYPE_F64, p2_xshape(q)), t, y[2], jt[2];
    double *xv = (double *)malloc((size_t)nx * sizeof(double)), *tv = (double *)malloc((size_t)nx * sizeof(double));
    double *sx = (double *)malloc((size_t)nx * sizeof(double)), *plus[2] = {NULL, NULL}, *fd = NULL;
    double h = 1e-5;
    gir_plan *p = NULL;
    int ok = 0, j, sign;
    p2_distinct(xv, nx, seed);
    p2_fill(tv, nx, seed + 1, 0);
    t = gir_constant(g, GIR_DTYPE_F64, p2_xshape(q), tv);
    y[0] = p2_pool(g, x, q);
    y[1] = gir_square(g, y[0]);
    if (gir_jvp(g, 2, y, 1, &x, &t, jt)) goto fail;
    {
        gir_node outs[4];
        outs[0] = y[0]; outs[1] = y[1]; outs[2] = jt[0]; outs[3] = jt[1];
        if (gir_plan_compile(g, 4, outs, NULL, &p)) goto fail;
    }
    fd = (double *)malloc((size_t)(2 * ny + 1) * sizeof(double));
    for (sign = 1; sign >= -1; sign -= 2) {
        for (k = 0; k < nx; ++k) sx[k] = xv[k] + sign * h * tv[k];
        if (gir_plan_bind(p, x, sx) || gir_plan_run(p)) goto fail;
        for (j = 0; j < 2; ++j) {
            if (sign > 0) { plus[j] = p2_copy(p, y[j], ny); continue; }
            for (k = 0; k < ny; ++k) fd[j * ny + k] = (plus[j][k] - ((const double *)gir_plan_data(p, y[j]))[k]) / (2 * h);
        }
    }
    if (gir_plan_bind(p, x, xv) || gir_plan_run(p)) goto fail;
    if (!p2_close("jvp of max_pool2d", (const double *)gir_plan_data(p, jt[0]), fd, ny, 1e-8) ||
        !p2_close("jvp of max_pool2d^2", (const double *)gir_plan_data(p, jt[1]), fd + ny, ny, 1e-8))
        goto done;
    ok = 1;
    goto done;
fail:
    snprintf(why, sizeof why, "%.500s %.300s", gir_graph_message(g), p ? gir_plan_message(p) : "");
done:
    gir_plan_free(p);
    gir_graph_free(g);
    free(plus[0]); free(plus[1]); free(fd); free(xv); free(tv); free(sx);
    return ok;
}
static int test_p2_jvp(void) {
    int c;
    for (c = 0; c < P2_NCFG; ++c)
        if (!p2_jvp_case(&p2_cfgs[c], 50u + 13u * (unsigned)c)) {
            char m[700];
            memcpy(m, why, sizeof m - 1);
            m[sizeof m - 1] = 0;
            FAILF("config %d: %.600s", c, m);
        }
    return 1;
}

/* gir_hessian of sum(max_pool2d(sin(x))^2) (x flat, reshaped to q's shape) against central differences of its gradient, column by column */
static int p2_hessian_case(const p2cfg *q, unsigned seed) {
    gir_graph *g = gir_graph_new(NULL);
    int64_t n = p2_xn(q), i, j;
    gir_node x = gir_input(g, GIR_DTYPE_F64, gir_shape1((int32_t)n)), l, gr, H, outs[2];
    double *xv = (double *)malloc((size_t)n * sizeof(double)), *sx = (double *)malloc((size_t)n * sizeof(double));
    double *Hv = NULL, *plus = NULL, *col = (double *)malloc((size_t)n * sizeof(double)), h = 1e-5, diag = 0;
    gir_plan *p = NULL;
    int ok = 0;
    p2_distinct(xv, n, seed);
    l = gir_sum(g, gir_square(g, p2_pool(g, gir_reshape(g, gir_sin(g, x), p2_xshape(q)), q)), gir_ints0(), 0);
    if (gir_grad(g, l, 1, &x, &gr) || gir_hessian(g, l, x, &H)) goto fail;
    outs[0] = gr; outs[1] = H;
    if (gir_plan_compile(g, 2, outs, NULL, &p) || gir_plan_bind(p, x, xv) || gir_plan_run(p)) goto fail;
    Hv = p2_copy(p, H, n * n);
    for (j = 0; j < n; ++j) {
        memcpy(sx, xv, (size_t)n * sizeof(double));
        sx[j] = xv[j] + h;
        if (gir_plan_bind(p, x, sx) || gir_plan_run(p)) goto fail;
        free(plus);
        plus = p2_copy(p, gr, n);
        sx[j] = xv[j] - h;
        if (gir_plan_bind(p, x, sx) || gir_plan_run(p)) goto fail;
        for (i = 0; i < n; ++i) {
            col[i] = (plus[i] - ((const double *)gir_plan_data(p, gr))[i]) / (2 * h);
            if (!(fabs(Hv[i * n + j] - col[i]) <= 1e-6 * (1 + fabs(col[i])))) {
                snprintf(why, sizeof why, "H[%ld][%ld] = %.15g, finite differences %.15g", (long)i, (long)j,
                         Hv[i * n + j], col[i]);
                goto done;
            }
        }
        diag += fabs(col[j]);
    }
    if (!(diag > 0.1)) { snprintf(why, sizeof why, "the Hessian's diagonal is ~0 (%g): nothing tested", diag); goto done; }
    ok = 1;
    goto done;
fail:
    snprintf(why, sizeof why, "%.500s %.300s", gir_graph_message(g), p ? gir_plan_message(p) : "");
done:
    gir_plan_free(p);
    gir_graph_free(g);
    free(xv); free(sx); free(Hv); free(plus); free(col);
    return ok;
}
static int test_p2_hessian(void) {
    int c;
    for (c = 0; c < P2_NCFG; ++c)
        if (p2_xn(&p2_cfgs[c]) <= 100 && !p2_hessian_case(&p2_cfgs[c], 90u + 3u * (unsigned)c)) {
            char m[700];
            memcpy(m, why, sizeof m - 1);
            m[sizeof m - 1] = 0;
            FAILF("config %d: %.600s", c, m);
        }
    return 1;
}

static void suite_pool_grad(void) {
    RUN("pool2/every_float_row_has_adjoint_or_blocks", test_p2_table_adjoints());
    RUN("pool2/pick_is_v_at_first_max_and_transpose_of_bwd", test_p2_pick());
    RUN("pool2/pick_bad_shapes_dtypes_padding", test_p2_pick_errors());
    RUN("pool2/hvp_conv_relu_maxpool_fd_fwd_and_rev", test_p2_hvp());
    RUN("pool2/jvp_through_max_pool2d_fd", test_p2_jvp());
    RUN("pool2/hessian_through_max_pool2d_fd", test_p2_hessian());
}
