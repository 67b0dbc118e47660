/* unit/fwdmode.c - autodiff beyond a scalar loss: gir_vjp, gir_jvp, gir_jacobian, gir_hessian.
 * Included by unit/main.c (uses its golden cases, CHECK/FAILF, build_case, frand, ...). */

/* ---------------------------------------------------------------------------------- helpers */
static double *ad_randv(int64_t n, unsigned seed) {
    double *v = (double *)malloc((size_t)(n ? n : 1) * sizeof(double));
    int64_t k;
    for (k = 0; k < n; ++k) v[k] = frand(&seed);
    return v;
}
static double ad_dot(const double *a, const double *b, int64_t n) {
    double s = 0;
    int64_t k;
    for (k = 0; k < n; ++k) s += a[k] * b[k];
    return s;
}
static double ad_absdot(const double *a, const double *b, int64_t n) {
    double s = 0;
    int64_t k;
    for (k = 0; k < n; ++k) s += fabs(a[k] * b[k]);
    return s;
}
/* a placeholder left in a result: a FILL node of type input among its ancestors */
static int ad_reads_placeholder(gir_graph *g, gir_node r) {
    uint32_t n = gir_graph_node_count(g) + 1, *stack, top = 0, k;
    unsigned char *seen = (unsigned char *)calloc(n, 1);
    int found = 0;
    stack = (uint32_t *)malloc(n * sizeof(uint32_t));
    stack[top++] = r.id;
    seen[r.id] = 1;
    while (top && !found) {
        gir_node h = r;
        int np, j;
        h.id = stack[--top];
        if (gir_node_op(g, h) == GIR_OP_FILL && gir_node_type_of(g, h) == GIR_NODE_INPUT) found = 1;
        np = gir_node_parent_count(g, h) + gir_node_arg_count(g, h);
        for (j = 0; j < np; ++j) {
            k = gir_node_input(g, h, j).id;
            if (k && !seen[k]) { seen[k] = 1; stack[top++] = k; }
        }
    }
    free(seen);
    free(stack);
    return found;
}
/* compile outs, bind the case's inputs, run; NULL on failure (why is set) */
static gir_plan *ad_run(built *b, const gcase *c, int n, const gir_node *outs) {
    gir_plan *p = NULL;
    if (gir_plan_compile(b->g, n, outs, NULL, &p) || !bind_all(p, b, c) || gir_plan_run(p)) {
        snprintf(why, sizeof why, "compile/run failed: %.600s %.300s", gir_graph_message(b->g), p ? gir_plan_message(p) : "");
        gir_plan_free(p);
        return NULL;
    }
    return p;
}

/* ---------------------------------------------------------------------------------- the table, row by row */
/* For one golden case of a differentiable row (inputs in f64): gir_jvp along random tangents against central
   differences of the forward along them, and the transpose identity <vjp(u), t> = <u, jvp(t)> for a random u.
   *skipped: the row has no forward mode (an op without adjoint inside its adjoint). */
static int test_jvp_case(const gcase *c, int *skipped) {
    built b;
    int wk[8], nw = grad_inputs(c, wk), j, ok = 0;
    gir_node wrt[8], tan[8], vj[8], outs[10], u, jt;
    double *tv[8], *uv, *jv = NULL, lhs, rhs, scale;
    int64_t ny, i;
    gir_plan *p = NULL;
    gir_status st;
    *skipped = 0;
    if (!build_case(c, 1, &b)) { built_free(&b); return 0; }
    ny = gir_node_numel(b.g, b.y);
    for (j = 0; j < nw; ++j) {
        wrt[j] = b.in[wk[j]];
        tv[j] = ad_randv(c->in[wk[j]].n, 101u + (unsigned)j);
        tan[j] = gir_constant(b.g, GIR_DTYPE_F64, c->in[wk[j]].s, tv[j]);
    }
    uv = ad_randv(ny, 77u);
    u = gir_constant(b.g, GIR_DTYPE_F64, gir_node_shape(b.g, b.y), uv);
    st = gir_jvp(b.g, 1, &b.y, nw, wrt, tan, &jt);
    if (st == GIR_ERR_NO_ADJOINT) { *skipped = 1; ok = 1; goto done; }
    if (st != GIR_OK) { snprintf(why, sizeof why, "gir_jvp: %.900s", gir_graph_message(b.g)); goto done; }
    if (ad_reads_placeholder(b.g, jt)) { snprintf(why, sizeof why, "the tangent reads the placeholder"); goto done; }
    if (gir_vjp(b.g, 1, &b.y, &u, nw, wrt, vj) != GIR_OK) {
        snprintf(why, sizeof why, "gir_vjp: %.900s", gir_graph_message(b.g));
        goto done;
    }
    outs[0] = b.y; outs[1] = jt;
    for (j = 0; j < nw; ++j) outs[2 + j] = vj[j];
    if (!(p = ad_run(&b, c, 2 + nw, outs))) goto done;
    jv = (double *)malloc((size_t)(ny ? ny : 1) * sizeof(double));
    memcpy(jv, gir_plan_data(p, jt), (size_t)ny * sizeof(double));
    /* the transpose identity */
    lhs = 0; rhs = ad_dot(uv, jv, ny); scale = 1 + ad_absdot(uv, jv, ny);
    for (j = 0; j < nw; ++j) {
        const double *g1 = (const double *)gir_plan_data(p, vj[j]);
        lhs += ad_dot(g1, tv[j], c->in[wk[j]].n);
        scale += ad_absdot(g1, tv[j], c->in[wk[j]].n);
    }
    if (!(fabs(lhs - rhs) <= 1e-10 * scale)) {
        snprintf(why, sizeof why, "<vjp(u), t> = %.15g but <u, jvp(t)> = %.15g", lhs, rhs);
        goto done;
    }
    /* central differences of the forward along t, every output element */
    {
        double h = 1e-6, *yp = (double *)malloc((size_t)(ny ? ny : 1) * sizeof(double));
        int bad = 0;
        for (j = 0; j < nw; ++j)
            for (i = 0; i < c->in[wk[j]].n; ++i) ((double *)b.buf[wk[j]])[i] += h * tv[j][i];
        gir_plan_run(p);
        memcpy(yp, gir_plan_data(p, b.y), (size_t)ny * sizeof(double));
        for (j = 0; j < nw; ++j)
            for (i = 0; i < c->in[wk[j]].n; ++i) ((double *)b.buf[wk[j]])[i] -= 2 * h * tv[j][i];
        gir_plan_run(p);
        for (i = 0; i < ny && !bad; ++i) {
            double ym = ((const double *)gir_plan_data(p, b.y))[i], fd = (yp[i] - ym) / (2 * h);
            if (!(fabs(fd - jv[i]) <= 1e-6 * (1 + fabs(yp[i])) + 1e-5 * fabs(fd))) {
                snprintf(why, sizeof why, "element %lld: jvp %.10g, finite difference %.10g", (long long)i, jv[i], fd);
                bad = 1;
            }
        }
        free(yp);
        if (bad) goto done;
    }
    ok = 1;
done:
    for (j = 0; j < nw; ++j) free(tv[j]);
    free(uv);
    free(jv);
    gir_plan_free(p);
    built_free(&b);
    return ok;
}
/* every differentiable row: its gradable golden cases; the rows without forward mode are exactly the expected */
static int test_jvp_table(void) {
    int k, n = 0, nskip = 0;
    char skipped_ops[256] = "";
    for (k = 0; k < ncases; ++k) {
        const gcase *c = &cases[k];
        int skipped = 0;
        if (!gradable(c) || !is_float(c->out.dt)) continue;
        if (!test_jvp_case(c, &skipped)) {
            char m[900];
            memcpy(m, why, sizeof m - 1);
            m[sizeof m - 1] = 0;
            FAILF("%.40s/%.64s: %.800s", c->op, c->label, m);
        }
        if (skipped) {
            ++nskip;
            if (!strstr(skipped_ops, c->op) && strlen(skipped_ops) + strlen(c->op) + 2 < sizeof skipped_ops) {
                strcat(skipped_ops, " ");
                strcat(skipped_ops, c->op);
            }
        } else ++n;
    }
    CHECK(n > 100, "only %d cases checked", n);
    CHECK(!strcmp(skipped_ops, ""), "rows without forward mode:%.200s", skipped_ops);
    if (verbose) say("     jvp checked on %d cases, %d without forward mode:%s\n", n, nskip, skipped_ops);
    return 1;
}

/* ---------------------------------------------------------------------------------- against torch.autograd */
/* lstm, rnn: torch.nn.LSTM's and torch.nn.RNN's cells as functions in a graph of their own, run by gir_scan
   over x [T, B, I] from a zero state; every step's h. x[1..3]: w_ih [I, G H], w_hh [H, G H], b [G H] */
static gir_node ad_recurrent(gir_graph *g, int lstm, const gir_node *x) {
    gir_dtype F = GIR_DTYPE_F64;
    gir_shape xs = gir_node_shape(g, x[0]), ws = gir_node_shape(g, x[2]);
    int32_t B = xs.dim[1], I = xs.dim[2], H = ws.dim[0], G = ws.dim[1];
    int nc = lstm ? 2 : 1, n = 0, k;
    gir_graph *c = gir_graph_new(NULL);
    gir_node p[6], r[3], a[6], out[3], gate[4], z, hn;
    gir_scan_desc d;
    gir_func *f;
    for (k = 0; k < nc; ++k) p[n++] = gir_input(c, F, gir_shape2(B, H));
    p[n++] = gir_input(c, F, gir_shape2(B, I));
    p[n++] = gir_input(c, F, gir_shape2(I, G));
    p[n++] = gir_input(c, F, gir_shape2(H, G));
    p[n++] = gir_input(c, F, gir_shape1(G));
    z = gir_add(c, gir_add(c, gir_matmul(c, p[nc], p[nc + 1]), p[nc + 3]), gir_matmul(c, p[0], p[nc + 2]));
    if (lstm) {
        gir_split(c, z, 1, 4, gate);
        r[1] = gir_add(c, gir_mul(c, gir_sigmoid(c, gate[1]), p[1]),
                       gir_mul(c, gir_sigmoid(c, gate[0]), gir_tanh(c, gate[2])));
        hn = gir_mul(c, gir_sigmoid(c, gate[3]), gir_tanh(c, r[1]));
    } else {
        hn = gir_tanh(c, z);
    }
    r[0] = r[nc] = hn;
    f = gir_func_new(c, "cell", n, p, nc + 1, r);
    for (k = 0; k < nc; ++k) a[k] = gir_zeros(g, F, gir_shape2(B, H));
    for (k = 0; k < 4; ++k) a[nc + k] = x[k];
    d.length = xs.dim[0];
    d.n_carry = nc;
    d.n_xs = 1;
    d.reverse = 0;
    d.checkpoint = 0;
    gir_scan(g, f, &d, n, a, nc + 1, out);
    gir_graph_free(c);                   /* g holds it while it calls it */
    return out[nc];
}
/* the functions of tests/oracles/make_golden_ad.py, same names, same ops */
static gir_node ad_fn(gir_graph *g, const char *name, const gir_node *x) {
    gir_dtype F = GIR_DTYPE_F64;
    if (!strcmp(name, "lstm") || !strcmp(name, "rnn")) return ad_recurrent(g, name[0] == 'l', x);
    if (!strcmp(name, "mlp")) {
        gir_node h = gir_tanh(g, gir_add(g, gir_matmul(g, x[0], x[1]), x[2]));
        return gir_mul(g, gir_softmax(g, h, -1), gir_exp(g, gir_slice(g, x[0], 1, 0, 1, 1)));
    }
    if (!strcmp(name, "shapes")) {
        gir_node parts[2], d;
        parts[0] = gir_mul(g, x[0], x[0]);
        parts[1] = gir_sin(g, x[0]);
        d = gir_transpose(g, gir_reshape(g, gir_concat(g, 2, parts, 0), gir_shape2(3, 4)), gir_ints2(1, 0));
        return gir_add(g, gir_max(g, d, gir_ints1(1), 0), gir_mean(g, d, gir_ints1(1), 0));
    }
    if (!strcmp(name, "conv")) {
        gir_node c = gir_conv2d(g, x[0], x[1], gir_ints2(1, 1), gir_ints2(1, 1), gir_ints2(1, 1), 1);
        return gir_mean(g, gir_sigmoid(g, c), gir_ints2(2, 3), 0);
    }
    if (!strcmp(name, "scalar")) {
        gir_node a = x[0], z = gir_scalar(g, F, 0), sq = gir_mul(g, a, a);
        gir_node w = gir_where(g, gir_gt(g, a, z), sq, gir_mul(g, gir_scalar(g, F, -0.5), gir_mul(g, sq, a)));
        gir_node s = gir_add(g, gir_logsumexp(g, a, gir_ints1(0), 0), gir_sum(g, w, gir_ints0(), 0));
        s = gir_add(g, s, gir_var(g, a, gir_ints0(), 0, 1));
        return gir_add(g, s, gir_sum(g, gir_log1p(g, sq), gir_ints0(), 0));
    }
    if (!strcmp(name, "scalar2")) {
        gir_node a = x[0], y = x[1];
        gir_ints all = gir_ints0();
        gir_node s = gir_mul(g, gir_sum(g, gir_mul(g, gir_sigmoid(g, a), gir_cos(g, a)), all, 0), gir_mean(g, a, all, 0));
        gir_node sh = gir_mul(g, gir_slice(g, a, 1, 1, GIR_SLICE_NONE, 1), gir_slice(g, a, 1, 0, -1, 1));
        gir_node xy = gir_pow(g, gir_matmul(g, a, gir_reshape(g, y, gir_shape2(3, 1))), gir_scalar(g, F, 2));
        gir_node den = gir_add(g, gir_scalar(g, F, 1), gir_sum(g, gir_mul(g, y, y), all, 0));
        s = gir_add(g, s, gir_sum(g, sh, all, 0));
        return gir_add(g, s, gir_div(g, gir_sum(g, xy, all, 0), den));
    }
    if (!strcmp(name, "pool")) {
        gir_node c = gir_conv2d(g, gir_reshape(g, x[0], gir_shape4(1, 2, 5, 6)), x[1], gir_ints2(1, 1), gir_ints2(1, 1),
                                gir_ints2(1, 1), 1);
        gir_node y = gir_max_pool2d(g, gir_tanh(g, c), gir_ints2(3, 2), gir_ints2(2, 1), gir_ints2(1, 1));
        return gir_sum(g, gir_mul(g, y, y), gir_ints0(), 0);
    }
    if (!strcmp(name, "pool_map")) {
        gir_node a = gir_reshape(g, x[0], gir_shape4(1, 2, 4, 5));
        gir_node y = gir_max_pool2d(g, gir_sin(g, a), gir_ints1(2), gir_ints1(1), gir_ints0());
        gir_node corner = gir_slice(g, gir_slice(g, a, 2, 0, -1, 1), 3, 0, -1, 1);
        return gir_reshape(g, gir_mul(g, y, corner), gir_shape3(2, 3, 4));
    }
    return gir__handle(NULL, 0);
}
typedef struct adcase {
    char   name[32];
    int    nin, has_hess;
    tensor in[4], out, cot, vjp[4], tan[4], jvp, jac[4], hess, hvp;
} adcase;
static adcase adcases[16];
static int nadcases;
static int load_golden_ad(void) {
    FILE *f = fopen("tests/oracles/golden_ad.txt", "rb");
    char *line = (char *)malloc(1 << 20), *p, *t;
    adcase *c = NULL;
    int ok = 1;
    if (!f) { free(line); FAILF("cannot open tests/oracles/golden_ad.txt (run from the repository root)"); }
    nadcases = 0;
    while (ok && fgets(line, 1 << 20, f)) {
        int k = 0;
        p = line;
        t = next_tok(&p);
        if (!t || t[0] == '#' || !strcmp(t, "end")) continue;
        if (!strcmp(t, "fn")) {
            if (nadcases == 16) { ok = 0; break; }
            c = &adcases[nadcases++];
            memset(c, 0, sizeof *c);
            snprintf(c->name, sizeof c->name, "%s", next_tok(&p));
            continue;
        }
        if (!c) { ok = 0; break; }
        if (!strcmp(t, "in") || !strcmp(t, "vjp") || !strcmp(t, "tan") || !strcmp(t, "jac")) {
            k = atoi(next_tok(&p));
            if (k < 0 || k > 3) { ok = 0; break; }
        }
        if (!strcmp(t, "in")) { ok = parse_tensor(&p, &c->in[k]); if (k + 1 > c->nin) c->nin = k + 1; }
        else if (!strcmp(t, "out")) ok = parse_tensor(&p, &c->out);
        else if (!strcmp(t, "cot")) ok = parse_tensor(&p, &c->cot);
        else if (!strcmp(t, "vjp")) ok = parse_tensor(&p, &c->vjp[k]);
        else if (!strcmp(t, "tan")) ok = parse_tensor(&p, &c->tan[k]);
        else if (!strcmp(t, "jvp")) ok = parse_tensor(&p, &c->jvp);
        else if (!strcmp(t, "jac")) ok = parse_tensor(&p, &c->jac[k]);
        else if (!strcmp(t, "hess")) { ok = parse_tensor(&p, &c->hess); c->has_hess = 1; }
        else if (!strcmp(t, "hvp")) ok = parse_tensor(&p, &c->hvp);
        else ok = 0;
    }
    fclose(f);
    free(line);
    CHECK(ok && nadcases >= 9, "tests/oracles/golden_ad.txt: bad line or too few functions (%d)", nadcases);
    return 1;
}
/* a node's plan values against an oracle tensor: same shape, |got - want| <= 1e-10 (1 + |want|) */
static int ad_same(gir_graph *g, gir_plan *p, gir_node n, const tensor *want, const char *what) {
    gir_shape s = gir_node_shape(g, n);
    const double *v = (const double *)gir_plan_data(p, n);
    int64_t k;
    CHECK(s.rank == want->s.rank && !memcmp(s.dim, want->s.dim, sizeof(int32_t) * (size_t)s.rank) && v,
          "%.60s: shape rank %d, oracle rank %d", what, (int)s.rank, (int)want->s.rank);
    for (k = 0; k < want->n; ++k)
        CHECK(fabs(v[k] - want->v[k]) <= 1e-10 * (1 + fabs(want->v[k])), "%.60s element %lld: got %.15g, torch %.15g",
              what, (long long)k, v[k], want->v[k]);
    return 1;
}
/* one function: vjp, jvp, jacobian per input, hessian and hvp (forward over reverse) */
static int ad_check_fn(const adcase *c) {
    gir_graph *g = gir_graph_new(NULL);
    gir_node x[4], tan[4], vj[4], jac[4], y, cot, jv, outs[20], hess = {0, 0}, hvp = {0, 0}, gr;
    gir_plan *p = NULL;
    int k, n = 0, ok = 1;
    char what[64];
    /* the inputs are variables: gradients flow to them, and no binding is needed */
    for (k = 0; k < c->nin; ++k) {
        x[k] = gir_variable(g, GIR_DTYPE_F64, c->in[k].s, c->in[k].v);
        tan[k] = gir_constant(g, GIR_DTYPE_F64, c->tan[k].s, c->tan[k].v);
    }
    y = ad_fn(g, c->name, x);
    cot = gir_constant(g, GIR_DTYPE_F64, c->cot.s, c->cot.v);
    CHECK(y.id, "%.31s: build: %.900s", c->name, gir_graph_message(g));
    if (gir_vjp(g, 1, &y, &cot, c->nin, x, vj) || gir_jvp(g, 1, &y, c->nin, x, tan, &jv)) {
        snprintf(why, sizeof why, "%.31s: %.900s", c->name, gir_graph_message(g));
        gir_graph_free(g);
        return 0;
    }
    for (k = 0; k < c->nin; ++k)
        if (gir_jacobian(g, y, x[k], &jac[k])) {
            snprintf(why, sizeof why, "%.31s: jacobian %d: %.900s", c->name, k, gir_graph_message(g));
            gir_graph_free(g);
            return 0;
        }
    outs[n++] = y; outs[n++] = jv;
    for (k = 0; k < c->nin; ++k) { outs[n++] = vj[k]; outs[n++] = jac[k]; }
    if (c->has_hess) {
        if (gir_hessian(g, y, x[0], &hess) || gir_grad(g, y, 1, x, &gr) || gir_jvp(g, 1, &gr, 1, x, tan, &hvp)) {
            snprintf(why, sizeof why, "%.31s: hessian/hvp: %.900s", c->name, gir_graph_message(g));
            gir_graph_free(g);
            return 0;
        }
        outs[n++] = hess; outs[n++] = hvp;
    }
    if (gir_plan_compile(g, n, outs, NULL, &p) || gir_plan_run(p)) {
        snprintf(why, sizeof why, "%.31s: compile/run: %.600s %.300s", c->name, gir_graph_message(g), p ? gir_plan_message(p) : "");
        gir_plan_free(p);
        gir_graph_free(g);
        return 0;
    }
    snprintf(what, sizeof what, "%.31s out", c->name);
    ok = ad_same(g, p, y, &c->out, what);
    snprintf(what, sizeof what, "%.31s jvp", c->name);
    ok = ok && ad_same(g, p, jv, &c->jvp, what);
    for (k = 0; ok && k < c->nin; ++k) {
        snprintf(what, sizeof what, "%.31s vjp %d", c->name, k);
        ok = ad_same(g, p, vj[k], &c->vjp[k], what);
        snprintf(what, sizeof what, "%.31s jacobian %d", c->name, k);
        ok = ok && ad_same(g, p, jac[k], &c->jac[k], what);
    }
    if (ok && c->has_hess) {
        snprintf(what, sizeof what, "%.31s hessian", c->name);
        ok = ad_same(g, p, hess, &c->hess, what);
        snprintf(what, sizeof what, "%.31s hvp", c->name);
        ok = ok && ad_same(g, p, hvp, &c->hvp, what);
    }
    gir_plan_free(p);
    gir_graph_free(g);
    return ok;
}
static int test_ad_torch(void) {
    int k, nh = 0;
    if (!load_golden_ad()) return 0;
    for (k = 0; k < nadcases; ++k) {
        if (!ad_check_fn(&adcases[k])) return 0;
        nh += adcases[k].has_hess;
    }
    CHECK(nh >= 3, "only %d functions with a hessian", nh);
    return 1;
}

/* ---------------------------------------------------------------------------------- vjp with several outputs */
/* plan values of a node, copied */
static double *ad_vals(gir_graph *g, gir_plan *p, gir_node n) {
    int64_t c = gir_node_numel(g, n);
    double *v = (double *)malloc((size_t)(c ? c : 1) * sizeof(double));
    memcpy(v, gir_plan_data(p, n), (size_t)c * sizeof(double));
    return v;
}
static int ad_close(const double *a, const double *b, int64_t n, double tol, const char *what) {
    int64_t k;
    for (k = 0; k < n; ++k)
        CHECK(fabs(a[k] - b[k]) <= tol * (1 + fabs(b[k])), "%.60s element %lld: %.15g vs %.15g", what, (long long)k, a[k],
              b[k]);
    return 1;
}
/* two outputs of different shapes with non-scalar cotangents, summed in one sweep: against the gradient of
   sum(y1 * c1) + sum(y2 * c2); an output given twice sums its cotangents; a wrt nothing depends on gets zeros */
static int test_vjp_multi(void) {
    gir_graph *g = gir_graph_new(NULL);
    double *xv = ad_randv(6, 3u), *wv = ad_randv(12, 4u), *c1v = ad_randv(6, 5u), *c2v = ad_randv(8, 6u), *a, *b;
    gir_node x = gir_variable(g, GIR_DTYPE_F64, gir_shape2(2, 3), xv);
    gir_node w = gir_variable(g, GIR_DTYPE_F64, gir_shape2(3, 4), wv);
    gir_node z = gir_variable(g, GIR_DTYPE_F64, gir_shape1(2), NULL);
    gir_node y[2], c[2], wrt[3], v[3], r[3], twice[2], v2[1], r2[1], l, outs[8];
    gir_plan *p = NULL;
    int ok;
    y[0] = gir_mul(g, gir_sin(g, x), x);
    y[1] = gir_tanh(g, gir_matmul(g, x, w));
    c[0] = gir_constant(g, GIR_DTYPE_F64, gir_shape2(2, 3), c1v);
    c[1] = gir_constant(g, GIR_DTYPE_F64, gir_shape2(2, 4), c2v);
    wrt[0] = x; wrt[1] = w; wrt[2] = z;
    CHECK(gir_vjp(g, 2, y, c, 3, wrt, v) == GIR_OK, "vjp: %.900s", gir_graph_message(g));
    l = gir_add(g, gir_sum(g, gir_mul(g, y[0], c[0]), gir_ints0(), 0), gir_sum(g, gir_mul(g, y[1], c[1]), gir_ints0(), 0));
    CHECK(gir_grad(g, l, 3, wrt, r) == GIR_OK, "grad: %.900s", gir_graph_message(g));
    twice[0] = twice[1] = y[0];
    CHECK(gir_vjp(g, 2, twice, c, 1, wrt, v2) == GIR_ERR_SHAPE && msg_has(g, "cotangents[1]"), "%.900s", gir_graph_message(g));
    gir_graph_clear_error(g);
    c[1] = gir_cos(g, c[0]);
    CHECK(gir_vjp(g, 2, twice, c, 1, wrt, v2) == GIR_OK, "vjp twice: %.900s", gir_graph_message(g));
    l = gir_sum(g, gir_mul(g, y[0], gir_add(g, c[0], c[1])), gir_ints0(), 0);
    CHECK(gir_grad(g, l, 1, wrt, r2) == GIR_OK, "grad: %.900s", gir_graph_message(g));
    outs[0] = v[0]; outs[1] = v[1]; outs[2] = v[2]; outs[3] = r[0]; outs[4] = r[1]; outs[5] = v2[0]; outs[6] = r2[0];
    CHECK(gir_plan_compile(g, 7, outs, NULL, &p) == GIR_OK && gir_plan_run(p) == GIR_OK, "run: %.900s", gir_graph_message(g));
    a = ad_vals(g, p, v[0]); b = ad_vals(g, p, r[0]);
    ok = ad_close(a, b, 6, 1e-12, "d/dx");
    free(a); free(b);
    a = ad_vals(g, p, v[1]); b = ad_vals(g, p, r[1]);
    ok = ok && ad_close(a, b, 12, 1e-12, "d/dw");
    free(a); free(b);
    a = ad_vals(g, p, v2[0]); b = ad_vals(g, p, r2[0]);
    ok = ok && ad_close(a, b, 6, 1e-12, "an output given twice");
    free(a); free(b);
    ok = ok && ((const double *)gir_plan_data(p, v[2]))[0] == 0 && ((const double *)gir_plan_data(p, v[2]))[1] == 0;
    gir_plan_free(p);
    gir_graph_free(g);
    free(xv); free(wv); free(c1v); free(c2v);
    if (!ok && why[0]) return 0;
    CHECK(ok, "the unused wrt's gradient is not zero");
    return 1;
}

/* ---------------------------------------------------------------------------------- second order */
/* the golden functions with their inputs as graph inputs (bound to buffers the test can move) */
typedef struct adgraph { gir_graph *g; gir_node x[4], y; double *buf[4]; int nin; } adgraph;
static int ad_build(const adcase *c, adgraph *a) {
    int k;
    memset(a, 0, sizeof *a);
    a->g = gir_graph_new(NULL);
    a->nin = c->nin;
    for (k = 0; k < c->nin; ++k) {
        a->x[k] = gir_input(a->g, GIR_DTYPE_F64, c->in[k].s);
        a->buf[k] = (double *)malloc((size_t)c->in[k].n * sizeof(double));
        memcpy(a->buf[k], c->in[k].v, (size_t)c->in[k].n * sizeof(double));
    }
    a->y = ad_fn(a->g, c->name, a->x);
    return a->y.id != 0;
}
static void ad_free(adgraph *a) {
    int k;
    for (k = 0; k < a->nin; ++k) free(a->buf[k]);
    gir_graph_free(a->g);
}
static gir_plan *ad_plan(adgraph *a, int n, const gir_node *outs) {
    gir_plan *p = NULL;
    int k;
    if (gir_plan_compile(a->g, n, outs, NULL, &p) != GIR_OK) return NULL;
    for (k = 0; k < a->nin; ++k) gir_plan_bind(p, a->x[k], a->buf[k]);
    if (gir_plan_run(p) != GIR_OK) { gir_plan_free(p); return NULL; }
    return p;
}
/* Hessian-vector products of l = sum(f(x) * w): forward over reverse, jvp(grad l, t), equals reverse over
   reverse, grad(sum(grad l * t)), for every input at once */
static int test_hvp_fwd_over_rev(void) {
    int i, k;
    if (!nadcases && !load_golden_ad()) return 0;
    for (i = 0; i < nadcases; ++i) {
        const adcase *c = &adcases[i];
        adgraph a;
        gir_node l, gr[4], tan[4], fr[4], rr[4], outs[8], s = {0, 0};
        gir_plan *p;
        int ok = 1;
        CHECK(ad_build(c, &a), "%.31s: %.900s", c->name, gir_graph_message(a.g));
        l = weighted_sum(a.g, a.y, 5u);
        for (k = 0; k < c->nin; ++k) tan[k] = gir_constant(a.g, GIR_DTYPE_F64, c->tan[k].s, c->tan[k].v);
        if (gir_grad(a.g, l, c->nin, a.x, gr) || gir_jvp(a.g, c->nin, gr, c->nin, a.x, tan, fr)) ok = 0;
        for (k = 0; ok && k < c->nin; ++k) {
            gir_node t = gir_sum(a.g, gir_mul(a.g, gr[k], tan[k]), gir_ints0(), 0);
            s = s.id ? gir_add(a.g, s, t) : t;
        }
        if (ok && gir_grad(a.g, s, c->nin, a.x, rr)) ok = 0;
        for (k = 0; ok && k < c->nin; ++k) { outs[2 * k] = fr[k]; outs[2 * k + 1] = rr[k]; }
        p = ok ? ad_plan(&a, 2 * c->nin, outs) : NULL;
        if (!p) { snprintf(why, sizeof why, "%.31s: %.900s", c->name, gir_graph_message(a.g)); ad_free(&a); return 0; }
        for (k = 0; ok && k < c->nin; ++k) {
            double *f = ad_vals(a.g, p, fr[k]), *r = ad_vals(a.g, p, rr[k]);
            ok = ad_close(f, r, c->in[k].n, 1e-11, c->name);
            free(f); free(r);
        }
        gir_plan_free(p);
        ad_free(&a);
        if (!ok) return 0;
    }
    return 1;
}
/* second-order forward: jvp(jvp(f, x, t1), x, t2) against central differences along t2 of jvp(f, x, t1) */
static int test_jvp_of_jvp(void) {
    int i, k;
    if (!nadcases && !load_golden_ad()) return 0;
    for (i = 0; i < nadcases; ++i) {
        const adcase *c = &adcases[i];
        adgraph a;
        gir_node t1[4], t2[4], j1 = {0, 0}, j2 = {0, 0}, outs[2];
        gir_plan *p;
        double *t2v[4], *want, *hi, *got, h = 1e-5;
        int64_t n, e;
        int ok = 1;
        CHECK(ad_build(c, &a), "%.31s: %.900s", c->name, gir_graph_message(a.g));
        for (k = 0; k < c->nin; ++k) {
            t1[k] = gir_constant(a.g, GIR_DTYPE_F64, c->tan[k].s, c->tan[k].v);
            t2v[k] = ad_randv(c->in[k].n, 900u + (unsigned)k);
            t2[k] = gir_constant(a.g, GIR_DTYPE_F64, c->in[k].s, t2v[k]);
        }
        if (gir_jvp(a.g, 1, &a.y, c->nin, a.x, t1, &j1) || gir_jvp(a.g, 1, &j1, c->nin, a.x, t2, &j2)) ok = 0;
        outs[0] = j1; outs[1] = j2;
        p = ok ? ad_plan(&a, 2, outs) : NULL;
        if (!p) {
            snprintf(why, sizeof why, "%.31s: %.900s", c->name, gir_graph_message(a.g));
            for (k = 0; k < c->nin; ++k) free(t2v[k]);
            ad_free(&a);
            return 0;
        }
        n = gir_node_numel(a.g, j1);
        got = ad_vals(a.g, p, j2);
        for (k = 0; k < c->nin; ++k) for (e = 0; e < c->in[k].n; ++e) a.buf[k][e] += h * t2v[k][e];
        gir_plan_run(p);
        hi = ad_vals(a.g, p, j1);
        for (k = 0; k < c->nin; ++k) for (e = 0; e < c->in[k].n; ++e) a.buf[k][e] -= 2 * h * t2v[k][e];
        gir_plan_run(p);
        want = ad_vals(a.g, p, j1);
        for (e = 0; e < n; ++e) want[e] = (hi[e] - want[e]) / (2 * h);
        ok = ad_close(got, want, n, 1e-6, c->name);
        free(got); free(hi); free(want);
        for (k = 0; k < c->nin; ++k) free(t2v[k]);
        gir_plan_free(p);
        ad_free(&a);
        if (!ok) return 0;
    }
    return 1;
}

/* ---------------------------------------------------------------------------------- errors */
/* each bad call: its status, a message naming what is wrong, the results {0}, and the graph usable after */
#define AD_ERR(call, want, text) do { \
        gir_status st_ = (call); \
        CHECK(st_ == (want) && msg_has(g, text), "%s: status %s, message '%.600s' (wanted %s, '%s')", #call, \
              gir_status_name(st_), gir_graph_message(g), gir_status_name(want), text); \
        CHECK(still_usable(g), "%s: graph not usable after", #call); \
        gir_graph_clear_error(g); \
    } while (0)
static int test_ad_errors(void) {
    gir_graph *g = gir_graph_new(NULL), *g2 = gir_graph_new(NULL);
    gir_node x = gir_input(g, GIR_DTYPE_F64, gir_shape2(2, 3)), y = gir_exp(g, x), r[2], bad = {0, 0};
    gir_node c23 = gir_ones(g, GIR_DTYPE_F64, gir_shape2(2, 3)), c32 = gir_ones(g, GIR_DTYPE_F64, gir_shape2(3, 2));
    gir_node cf32 = gir_ones(g, GIR_DTYPE_F32, gir_shape2(2, 3)), xi = gir_input(g, GIR_DTYPE_I32, gir_shape1(3));
    gir_node yi = gir_add(g, xi, xi), foreign = gir_input(g2, GIR_DTYPE_F64, gir_shape2(2, 3)), s = gir_sum(g, y, gir_ints0(), 0);
    gir_node big = gir_input(g, GIR_DTYPE_F64, gir_shape1(5000)), bigy = gir_sin(g, big), r4, jac, outs[2], t[2];
    gir_plan *p = NULL;
    double xv[6] = {0.1, 0.2, 0.3, 0.4, 0.5, 0.6};
    r[0] = r[1] = x;
    /* gir_vjp */
    AD_ERR(gir_vjp(g, 0, &y, &c23, 1, &x, r), GIR_ERR_INVALID_ARG, "n_out >= 1");
    CHECK(r[0].id == 0, "result not cleared");
    AD_ERR(gir_vjp(g, 1, &y, &c23, 0, &x, r), GIR_ERR_INVALID_ARG, "got 1 and 0");
    AD_ERR(gir_vjp(g, 1, NULL, &c23, 1, &x, r), GIR_ERR_INVALID_ARG, "non-NULL");
    AD_ERR(gir_vjp(g, 1, &y, NULL, 1, &x, r), GIR_ERR_INVALID_ARG, "non-NULL");
    AD_ERR(gir_vjp(g, 1, &y, &c23, 1, &x, NULL), GIR_ERR_INVALID_ARG, "non-NULL");
    AD_ERR(gir_vjp(g, 1, &y, &c32, 1, &x, r), GIR_ERR_SHAPE, "cotangents[0] (node");
    AD_ERR(gir_vjp(g, 1, &y, &c32, 1, &x, r), GIR_ERR_SHAPE, "[3,2] but outs[0]");
    AD_ERR(gir_vjp(g, 1, &y, &cf32, 1, &x, r), GIR_ERR_DTYPE, "is f32 [2,3] but outs[0]");
    AD_ERR(gir_vjp(g, 1, &yi, &yi, 1, &x, r), GIR_ERR_DTYPE, "outs[0]");
    AD_ERR(gir_vjp(g, 1, &yi, &yi, 1, &x, r), GIR_ERR_DTYPE, "i32 [3]: only f32 and f64");
    AD_ERR(gir_vjp(g, 1, &foreign, &c23, 1, &x, r), GIR_ERR_HANDLE, "outs[0] (id");
    AD_ERR(gir_vjp(g, 1, &y, &foreign, 1, &x, r), GIR_ERR_HANDLE, "cotangents[0] (id");
    AD_ERR(gir_vjp(g, 1, &y, &c23, 1, &foreign, r), GIR_ERR_HANDLE, "wrt[0] (id");
    AD_ERR(gir_vjp(g, 1, &y, &c23, 1, &foreign, r), GIR_ERR_HANDLE, "belongs to another graph");
    AD_ERR(gir_vjp(g, 1, &bad, &c23, 1, &x, r), GIR_ERR_HANDLE, "outs[0] is the invalid handle");
    /* gir_jvp */
    AD_ERR(gir_jvp(g, 0, &y, 1, &x, &c23, r), GIR_ERR_INVALID_ARG, "n_out >= 1");
    AD_ERR(gir_jvp(g, 1, &y, 0, &x, &c23, r), GIR_ERR_INVALID_ARG, "n >= 1");
    AD_ERR(gir_jvp(g, 1, &y, 1, &x, NULL, r), GIR_ERR_INVALID_ARG, "non-NULL");
    AD_ERR(gir_jvp(g, 1, &y, 1, &x, &c32, r), GIR_ERR_SHAPE, "tangents[0] (node");
    AD_ERR(gir_jvp(g, 1, &y, 1, &x, &cf32, r), GIR_ERR_DTYPE, "but ins[0]");
    AD_ERR(gir_jvp(g, 1, &y, 1, &xi, &xi, r), GIR_ERR_DTYPE, "ins[0] (node");
    AD_ERR(gir_jvp(g, 1, &yi, 1, &x, &c23, r), GIR_ERR_DTYPE, "outs[0] (node");
    AD_ERR(gir_jvp(g, 1, &y, 1, &foreign, &c23, r), GIR_ERR_HANDLE, "ins[0] (id");
    AD_ERR(gir_jvp(g, 1, &y, 1, &x, &foreign, r), GIR_ERR_HANDLE, "tangents[0] (id");
    /* gir_jacobian / gir_hessian */
    AD_ERR(gir_jacobian(g, yi, x, &jac), GIR_ERR_DTYPE, "jacobian: y (node");
    AD_ERR(gir_jacobian(g, y, xi, &jac), GIR_ERR_DTYPE, "jacobian: x (node");
    AD_ERR(gir_jacobian(g, y, foreign, &jac), GIR_ERR_HANDLE, "jacobian: x (id");
    AD_ERR(gir_jacobian(g, y, x, NULL), GIR_ERR_INVALID_ARG, "NULL");
    AD_ERR(gir_jacobian(g, bigy, big, &jac), GIR_ERR_LIMIT, "GIR_JACOBIAN_MAX");
    CHECK(jac.id == 0, "jacobian result not cleared");
    {
        int32_t d5[5] = {1, 2, 1, 3, 1};
        r4 = gir_reshape(g, y, gir_shapev(5, d5));
    }
    AD_ERR(gir_jacobian(g, r4, x, &jac), GIR_ERR_LIMIT, "exceeds GIR_MAX_RANK");
    AD_ERR(gir_hessian(g, y, x, &jac), GIR_ERR_SHAPE, "hessian: y (node");
    AD_ERR(gir_hessian(g, y, x, &jac), GIR_ERR_SHAPE, "one element, got f64 [2,3]");
    AD_ERR(gir_hessian(g, gir_sum(g, bigy, gir_ints0(), 0), big, &jac), GIR_ERR_LIMIT, "GIR_JACOBIAN_MAX");
    AD_ERR(gir_hessian(g, s, xi, &jac), GIR_ERR_DTYPE, "hessian: x (node");
    AD_ERR(gir_hessian(g, s, foreign, &jac), GIR_ERR_HANDLE, "another graph");
    /* a forward mode through max_pool2d (its adjoint max_pool2d_bwd has one: max_pool2d_pick) */
    {
        gir_node img = gir_input(g, GIR_DTYPE_F64, gir_shape4(1, 1, 4, 4)), tg = gir_ones_like(g, img);
        gir_node pool = gir_max_pool2d(g, img, gir_ints2(2, 2), gir_ints0(), gir_ints0());
        CHECK(gir_jvp(g, 1, &pool, 1, &img, &tg, r) == GIR_OK, "%.900s", gir_graph_message(g));
    }
    /* after all that: the derivatives build, compile and run */
    t[0] = c23;
    CHECK(gir_jvp(g, 1, &y, 1, &x, t, &outs[0]) == GIR_OK && gir_hessian(g, s, x, &outs[1]) == GIR_OK,
          "%.900s", gir_graph_message(g));
    CHECK(gir_graph_input_count(g) == 4, "the placeholders count as graph inputs: %d", gir_graph_input_count(g));
    CHECK(gir_node_grad_level(g, outs[0]) == 2, "jvp's grad level %d, not 2", gir_node_grad_level(g, outs[0]));
    CHECK(gir_plan_compile(g, 2, outs, NULL, &p) == GIR_OK, "%.900s", gir_graph_message(g));
    gir_plan_bind(p, x, xv);
    CHECK(gir_plan_run(p) == GIR_OK, "%.900s", gir_plan_message(p));
    CHECK(fabs(((const double *)gir_plan_data(p, outs[0]))[5] - exp(0.6)) < 1e-14, "jvp value");
    CHECK(fabs(((const double *)gir_plan_data(p, outs[1]))[5 * 6 + 5] - exp(0.6)) < 1e-14 &&
          ((const double *)gir_plan_data(p, outs[1]))[5 * 6 + 4] == 0, "hessian value");
    gir_plan_free(p);
    gir_graph_free(g);
    gir_graph_free(g2);
    return 1;
}
/* zero-sized sides give zeros of the right shape; a y that does not depend on x gives zeros; f32 y, f64 x: f32 */
static int test_jacobian_shapes(void) {
    gir_graph *g = gir_graph_new(NULL);
    gir_node x = gir_input(g, GIR_DTYPE_F64, gir_shape2(2, 2)), e = gir_input(g, GIR_DTYPE_F64, gir_shape2(0, 3));
    gir_node c = gir_ones(g, GIR_DTYPE_F64, gir_shape1(3)), j[3], y32 = gir_cast(g, gir_square(g, x), GIR_DTYPE_F32);
    gir_plan *p = NULL;
    gir_shape s;
    double xv[4] = {1, 2, 3, 4};
    const float *v;
    int k;
    CHECK(!gir_jacobian(g, gir_exp(g, e), x, &j[0]) && !gir_jacobian(g, c, x, &j[1]) && !gir_jacobian(g, y32, x, &j[2]),
          "%.900s", gir_graph_message(g));
    s = gir_node_shape(g, j[0]);
    CHECK(s.rank == 4 && s.dim[0] == 0 && s.dim[1] == 3 && s.dim[2] == 2 && s.dim[3] == 2, "empty jacobian shape");
    s = gir_node_shape(g, j[1]);
    CHECK(s.rank == 3 && s.dim[0] == 3 && s.dim[2] == 2, "constant jacobian shape");
    CHECK(gir_node_dtype(g, j[2]) == GIR_DTYPE_F32 && gir_node_shape(g, j[2]).rank == 4, "f32 jacobian");
    CHECK(!gir_plan_compile(g, 2, j + 1, NULL, &p), "%.900s", gir_graph_message(g));
    gir_plan_bind(p, x, xv);
    CHECK(!gir_plan_run(p), "run");
    for (k = 0; k < 12; ++k) CHECK(((const double *)gir_plan_data(p, j[1]))[k] == 0, "constant's jacobian");
    v = (const float *)gir_plan_data(p, j[2]);
    for (k = 0; k < 16; ++k) CHECK(v[k] == (k % 5 == 0 ? 2.0f * (float)xv[k / 5] : 0.0f), "d x^2 / d x at %d: %g", k, v[k]);
    gir_plan_free(p);
    gir_graph_free(g);
    return 1;
}
/* out of memory anywhere in gir_jvp, gir_jacobian (both ways), gir_hessian, compile, run: OUT_OF_MEMORY, no leak */
static gir_status ad_oom_body(const gir_allocator *al) {
    gir_graph_desc d;
    gir_graph *g;
    gir_node x, w, y, l, t, outs[4];
    gir_plan *p = NULL;
    gir_status s;
    double xv[3] = {0.1, 0.2, 0.3};
    memset(&d, 0, sizeof d);
    d.allocator = *al;
    if (!(g = gir_graph_new(&d))) return GIR_ERR_OUT_OF_MEMORY;
    x = gir_input(g, GIR_DTYPE_F64, gir_shape1(3));
    w = gir_variable(g, GIR_DTYPE_F64, gir_shape2(3, 2), NULL);
    y = gir_tanh(g, gir_matmul(g, gir_reshape(g, x, gir_shape2(1, 3)), w));
    l = gir_sum(g, gir_sin(g, x), gir_ints0(), 0);
    t = gir_ones_like(g, x);
    s = gir_jvp(g, 1, &y, 1, &x, &t, &outs[0]);
    if (s == GIR_OK) s = gir_jacobian(g, y, x, &outs[1]);
    if (s == GIR_OK) s = gir_jacobian(g, gir_reshape(g, y, gir_shape1(2)), w, &outs[2]);
    if (s == GIR_OK) s = gir_hessian(g, l, x, &outs[3]);
    if (s == GIR_OK) s = gir_plan_compile(g, 4, outs, NULL, &p);
    if (s == GIR_OK && (s = gir_plan_bind(p, x, xv)) == GIR_OK) s = gir_plan_run(p);
    if (gir_graph_status(g) == GIR_ERR_OUT_OF_MEMORY) s = GIR_ERR_OUT_OF_MEMORY;   /* a builder's, first */
    else if (s == GIR_OK && gir_graph_status(g) != GIR_OK) s = gir_graph_status(g);
    gir_plan_free(p);
    gir_graph_free(g);
    return s;
}
static int test_ad_oom(void) {
    failing f;
    gir_allocator al;
    long k, total;
    al.alloc_fn = f_alloc; al.realloc_fn = f_realloc; al.free_fn = f_free; al.user = &f;
    memset(&f, 0, sizeof f);
    CHECK(ad_oom_body(&al) == GIR_OK, "fails without failures");
    CHECK(f.live == 0, "%ld blocks leaked", f.live);
    total = f.count;
    CHECK(total > 20, "only %ld allocations", total);
    for (k = 1; k <= total; ++k) {
        gir_status s;
        memset(&f, 0, sizeof f);
        f.fail_at = k;
        s = ad_oom_body(&al);
        CHECK(s == GIR_ERR_OUT_OF_MEMORY, "allocation %ld of %ld failed, status %s", k, total, gir_status_name(s));
        CHECK(f.live == 0, "allocation %ld failed: %ld blocks leaked", k, f.live);
    }
    return 1;
}

static void suite_fwdmode(void) {
    RUN("adx/jvp_every_row_fd_and_transpose", test_jvp_table());
    RUN("adx/torch_vjp_jvp_jacobian_hessian_hvp", test_ad_torch());
    RUN("adx/vjp_two_outputs_nonscalar_cotangents", test_vjp_multi());
    RUN("adx/hvp_forward_over_reverse_equals_reverse_over_reverse", test_hvp_fwd_over_rev());
    RUN("adx/jvp_of_jvp_finite_differences", test_jvp_of_jvp());
    RUN("adx/errors_vjp_jvp_jacobian_hessian", test_ad_errors());
    RUN("adx/jacobian_empty_constant_mixed_dtype", test_jacobian_shapes());
    RUN("adx/oom_every_allocation_jvp_jacobian_hessian", test_ad_oom());
}
