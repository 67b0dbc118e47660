/* unit/build.c - the builder fuzzer, part of the test runner (included by unit/main.c).
 *
 * Random ops, inputs, handles and attributes go through the generic builder; what was built is compiled,
 * run and differentiated. Anything may be rejected; nothing may crash (the runner also runs under
 * ASan+UBSan), every rejection must leave a message, and the graph must stay usable. Beyond plain random
 * values it feeds hostile ones: INT32_MIN/MAX and NaN/inf attributes, shapes whose element count
 * overflows, ranks and list lengths outside [0, GIR_MAX_RANK], NULL pointers, handles from another graph,
 * gradients with respect to nodes built after the function, and extreme run-time data.
 *
 * make test runs 300 rounds; `test_main --filter fuzz/ --fuzz ROUNDS FIRST_SEED -v` runs a campaign and
 * prints how many builder calls it made (make fuzz runs one under gcc and clang sanitizers).
 */
static unsigned fz_state;
static int fz_rounds = 300, fz_base = 1000;
static long long fz_calls;                     /* calls into gir.h that build or differentiate */
static int fz(int n) { fz_state = fz_state * 1103515245u + 12345u; return (int)((fz_state >> 8) % (unsigned)n); }

static int32_t fz_int(void) {
    static const int32_t hostile[] = {INT32_MIN, INT32_MIN + 1, -65536, -1, 0, 1, 2, 31, 32, 33, 63, 64, 65,
                                      65536, INT32_MAX - 1, INT32_MAX};
    return fz(10) == 0 ? hostile[fz((int)(sizeof hostile / sizeof hostile[0]))] : fz(8) - 3;
}
static double fz_double(void) {
    double zero = 0.0;
    switch (fz(40)) {
    case 0: return zero / zero;                /* NaN */
    case 1: return 1.0 / zero;
    case 2: return -1.0 / zero;
    case 3: return 1e308;
    case 4: return -1e308;
    case 5: return 2147483648.0;               /* just past INT32_MAX */
    case 6: return -2147483649.0;
    case 7: return 4.9e-324;
    default: return fz(6) - 2 + (fz(4) + 1) / 4.0;
    }
}
/* a rank or list length: usually valid, sometimes far outside [0, GIR_MAX_RANK] */
static int32_t fz_rank(int maxok) {
    static const int32_t bad[] = {-1, GIR_MAX_RANK + 1, 99, INT32_MAX, INT32_MIN};
    return fz(30) == 0 ? bad[fz(5)] : fz(maxok + 1);
}
static void fz_fill_ints(gir_ints *l) {
    int q, n;
    l->n = fz_rank(3);
    n = l->n < 0 ? 0 : l->n > GIR_MAX_RANK ? GIR_MAX_RANK : l->n;
    for (q = 0; q < n; ++q) l->v[q] = fz(12) ? fz(7) - 2 : fz_int();
}
static void fz_fill_shape(gir_shape *s) {
    static const int32_t big[] = {1 << 20, 1 << 24, INT32_MAX, -1, -7, INT32_MIN};
    int j, r;
    s->rank = fz_rank(3);
    r = s->rank < 0 ? 0 : s->rank > GIR_MAX_RANK ? GIR_MAX_RANK : s->rank;
    for (j = 0; j < r; ++j) s->dim[j] = fz(12) ? fz(5) : big[fz(6)];
}
static void fz_attr(gir_attr *a) {
    int j;
    gir_attr_zero(a);
    for (j = 0; j < 3; ++j) a->f[j] = fz_double();
    for (j = 0; j < 5; ++j) a->i[j] = fz_int();
    for (j = 0; j < 3; ++j) fz_fill_ints(&a->l[j]);
    fz_fill_shape(&a->shape);
    a->dtype = fz(12) ? fz(7) : fz_int();
    a->seed = (uint64_t)fz(1000);
}
/* values for a bound input: small numbers, with now and then the extremes of the dtype */
static void fz_values(void *buf, int dt, int64_t cnt) {
    static const int32_t iext[] = {INT32_MIN, INT32_MAX, -1, 0, 65536};
    int64_t e;
    for (e = 0; e < cnt; ++e) {
        double v = fz(20) ? fz(7) - 3 + fz(100) / 100.0 : fz_double();
        if (dt == GIR_DTYPE_F32) ((float *)buf)[e] = (float)v;
        else if (dt == GIR_DTYPE_F64) ((double *)buf)[e] = v;
        else if (dt == GIR_DTYPE_I32) ((int32_t *)buf)[e] = fz(16) ? fz(5) - 1 : iext[fz(5)];
        else if (dt == GIR_DTYPE_U8) ((uint8_t *)buf)[e] = (uint8_t)(fz(8) ? fz(4) : 255);
        else ((uint8_t *)buf)[e] = (uint8_t)fz(2);
    }
}
/* an orphan (fill, variable, random ...) of this shape is either rejected (over 2^40 elements, a bad rank or
   dimension) or small: a legal shape of 2^40 elements would really be allocated and filled */
static int fz_shape_cheap(const gir_shape *s) {
    double n = 1;
    int k;
    if (s->rank < 1 || s->rank > GIR_MAX_RANK) return 1;
    for (k = 0; k < s->rank; ++k) {
        if (s->dim[k] < 0) return 1;
        n *= s->dim[k];
    }
    return n <= 65536.0 || n > 1099511627776.0;
}
/* a node small enough to compile and run (hostile attributes can ask for huge outputs legitimately) */
static int fz_small(gir_graph *g, gir_node y) { return gir_node_numel(g, y) <= (1 << 16); }

/* NULL pointers and invalid lists through every entry point that takes one: an error, never a crash */
static int fz_null_pointers(gir_graph *g, gir_node x) {
    gir_node in[2], out, gr;
    gir_plan *p = NULL;
    gir_attr a;
    gir_op op = (gir_op)(1 + fz(GIR_OP__COUNT - 1));
    gir_attr_zero(&a);
    in[0] = x; in[1] = x;
    gir_graph_clear_error(g);
    fz_calls += 8;
    CHECK(gir_op_build(g, op, 1 + fz(2), NULL, &a).id == 0, "%s built from a NULL input list", gir_op_name(op));
    gir_op_build(g, op, 2, in, NULL);                           /* NULL attributes: defaults or an error */
    gir_graph_clear_error(g);
    CHECK(gir_input(g, GIR_DTYPE_F32, gir_shapev(2, NULL)).id == 0, "gir_shapev(2, NULL) accepted");
    CHECK(gir_transpose(g, x, gir_intsv(3, NULL)).id == 0, "gir_intsv(3, NULL) accepted");
    out = gir_sum(g, x, gir_ints0(), 0);
    gir_graph_clear_error(g);
    CHECK(gir_grad(g, out, 1, NULL, &gr) != GIR_OK, "gir_grad with NULL wrt accepted");
    CHECK(gir_grad(g, out, 1, &x, NULL) != GIR_OK, "gir_grad with NULL grads accepted");
    CHECK(gir_grad(g, out, -1, &x, &gr) != GIR_OK, "gir_grad with n = -1 accepted");
    gir_graph_clear_error(g);
    CHECK(gir_plan_compile(g, 1, NULL, NULL, &p) != GIR_OK && p == NULL, "gir_plan_compile with NULL outputs accepted");
    CHECK(gir_plan_compile(g, 1, &out, NULL, NULL) != GIR_OK, "gir_plan_compile with NULL plan pointer accepted");
    CHECK(gir_plan_compile(g, -3, &out, NULL, &p) != GIR_OK && p == NULL, "gir_plan_compile with n = -3 accepted");
    gir_graph_clear_error(g);
    CHECK(gir_plan_run(NULL) != GIR_OK && gir_plan_data(NULL, out) == NULL, "NULL plan accepted");
    CHECK(gir_plan_bind(NULL, x, &a) != GIR_OK, "bind on a NULL plan accepted");
    gir_graph_clear_error(g);
    return 1;
}

/* d(sum y)/d(later): nodes built after y get zero gradients, however far away they are */
static int fz_grad_later(gir_graph *g, gir_node y, gir_node later, const gir_node *ins, void *const *bufs, int ni) {
    gir_node l = gir_sum(g, y, gir_ints0(), 0), gr;
    gir_plan *p = NULL;
    int64_t e, n;
    int q, ok = 1;
    fz_calls += 2;
    if (!l.id || gir_grad(g, l, 1, &later, &gr) != GIR_OK) { gir_graph_clear_error(g); return 1; }
    CHECK(gr.id, "no gradient node for a later wrt");
    if (!fz_small(g, gr) || gir_plan_compile(g, 1, &gr, NULL, &p) != GIR_OK) { gir_graph_clear_error(g); return 1; }
    for (q = 0; q < ni; ++q) gir_plan_bind(p, ins[q], bufs[q]);
    if (gir_plan_run(p) == GIR_OK) {
        const void *d = gir_plan_data(p, gr);
        n = gir_node_numel(g, gr);
        for (e = 0; e < n && ok; ++e) ok = getv(d, gir_node_dtype(g, gr), e) == 0.0;
    }
    gir_plan_free(p);
    CHECK(ok, "gradient with respect to a node built after the function is not zero");
    return 1;
}

static int fz_round(int round, int *made, int *rejected, int *ran, int *diffed) {
    gir_graph *g = gir_graph_new(NULL), *other = gir_graph_new(NULL);
    gir_node nodes[160], ins[8], foreign[3];
    void *bufs[8];
    int nn = 0, ni = 0, step, k, ok = 1;
    fz_state = (unsigned)fz_base + (unsigned)round;
    foreign[0] = gir_input(other, GIR_DTYPE_F32, gir_shape1(3));
    foreign[1] = gir_scalar(other, GIR_DTYPE_F64, 2.0);
    foreign[2] = gir_exp(other, foreign[0]);
    for (k = 0; k < 6; ++k) {                  /* a few bound inputs of small random shapes */
        static const int dts[5] = {GIR_DTYPE_F32, GIR_DTYPE_F64, GIR_DTYPE_I32, GIR_DTYPE_B8, GIR_DTYPE_U8};
        int dt = dts[fz(5)], r = fz(4), j;
        gir_shape s = gir_shape0();
        int64_t cnt = 1;
        s.rank = r;
        for (j = 0; j < r; ++j) { s.dim[j] = 1 + fz(4); cnt *= s.dim[j]; }
        ins[ni] = gir_input(g, (gir_dtype)dt, s);
        bufs[ni] = calloc((size_t)cnt, 8);
        fz_values(bufs[ni], dt, cnt);
        nodes[nn++] = ins[ni++];
    }
    fz_calls += 9;
    for (step = 0; step < 150 && ok; ++step) {
        gir_op op = (gir_op)(2 + fz(GIR_OP__COUNT - 2));    /* not INPUT: those are bound above */
        int n = gir_op_parent_count(op) < 0 ? 1 + fz(3) : gir_op_parent_count(op) + gir_op_arg_count(op), j;
        gir_node in[8], y;
        gir_attr a;
        if (fz(8) == 0) n += fz(3) - 1;            /* sometimes the wrong number of inputs */
        if (n < 0) n = 0;
        if (n > 8) n = 8;
        for (j = 0; j < n; ++j) {
            in[j] = nodes[fz(nn)];
            if (fz(40) == 0) in[j].id = (uint32_t)fz(100000);   /* a handle from nowhere */
            if (fz(40) == 0) in[j] = foreign[fz(3)];           /* a handle of another graph */
        }
        if (fz(60) == 0) {                          /* an input whose shape may overflow */
            gir_shape s;
            fz_fill_shape(&s);
            in[0] = gir_input(g, GIR_DTYPE_F32, s);
            ++fz_calls;
            if (in[0].id && !fz_small(g, in[0])) in[0].id = 0;
            gir_graph_clear_error(g);
        }
        fz_attr(&a);
        if (n == 0 && !fz_shape_cheap(&a.shape)) a.shape.dim[0] = 0;   /* no terabyte variables */
        gir_graph_clear_error(g);
        y = gir_op_build(g, op, n, in, &a);
        ++fz_calls;
        if (y.id) {
            if (gir_graph_status(g) != GIR_OK) { ok = 0; snprintf(why, sizeof why, "%s built a node and reported '%s'", gir_op_name(op), gir_graph_message(g)); }
            if (nn < 160 && fz_small(g, y)) nodes[nn++] = y;
            ++*made;
        } else {
            int poisoned = 0;
            for (j = 0; j < n; ++j) poisoned |= in[j].id == 0;
            if (!poisoned && (gir_graph_status(g) == GIR_OK || !gir_graph_message(g)[0])) {
                ok = 0; snprintf(why, sizeof why, "%s rejected without a message", gir_op_name(op));
            }
            ++*rejected;
        }
    }
    if (ok && fz(4) == 0) ok = fz_null_pointers(g, nodes[fz(nn)]);
    /* compile everything built, run it; then differentiate a few float results */
    if (ok) {
        gir_plan *p = NULL;
        gir_graph_clear_error(g);
        if (gir_plan_compile(g, nn, nodes, NULL, &p) == GIR_OK) {
            for (k = 0; k < ni; ++k) gir_plan_bind(p, ins[k], bufs[k]);
            if (gir_plan_run(p) == GIR_OK) ++*ran;
            else if (!gir_plan_message(p)[0]) { ok = 0; snprintf(why, sizeof why, "run failed without a message"); }
            else if (verbose > 1) say("     fuzz round %d: %s\n", round, gir_plan_message(p));
            gir_plan_free(p);
        }
        for (k = nn - 1; ok && k >= 6 && k > nn - 12; --k) {
            gir_node l, gr[3], wrt[3];
            if (gir_node_dtype(g, nodes[k]) != GIR_DTYPE_F64 && gir_node_dtype(g, nodes[k]) != GIR_DTYPE_F32) continue;
            gir_graph_clear_error(g);
            l = gir_sum(g, nodes[k], gir_ints0(), 0);
            wrt[0] = ins[0]; wrt[1] = ins[1];
            wrt[2] = fz(4) ? nodes[fz(nn)] : foreign[fz(3)];
            fz_calls += 2;
            if (l.id && gir_grad(g, l, 3, wrt, gr) == GIR_OK) {
                gir_node outs[3];
                outs[0] = l; outs[1] = gr[0]; outs[2] = gr[1];
                if (gir_plan_compile(g, 3, outs, NULL, &p) == GIR_OK) {
                    int q;
                    for (q = 0; q < ni; ++q) gir_plan_bind(p, ins[q], bufs[q]);
                    gir_plan_run(p);
                    gir_plan_free(p);
                    ++*diffed;
                }
            } else if (!gir_graph_message(g)[0]) {
                ok = 0; snprintf(why, sizeof why, "grad failed without a message");
            }
            if (ok && k > 6 && fz(3) == 0) ok = fz_grad_later(g, nodes[6 + fz(k - 6)], nodes[k], ins, bufs, ni);
        }
    }
    if (ok && !still_usable(g)) { ok = 0; snprintf(why, sizeof why, "graph unusable after fuzzing round %d", round); }
    for (k = 0; k < ni; ++k) free(bufs[k]);
    gir_graph_free(g);
    gir_graph_free(other);
    return ok;
}

static int test_fuzz_builders(void) {
    int round, made = 0, rejected = 0, ran = 0, diffed = 0;
    for (round = 0; round < fz_rounds; ++round)
        if (!fz_round(round, &made, &rejected, &ran, &diffed)) {
            size_t len = strlen(why);
            snprintf(why + len, sizeof why - len, " (round %d: rerun with --fuzz 1 %d)", round, fz_base + round);
            return 0;
        }
    CHECK(made > 10 * fz_rounds && rejected > 10 * fz_rounds && ran > fz_rounds / 4 && diffed > fz_rounds / 4,
          "too little was exercised: %d built, %d rejected, %d ran, %d differentiated", made, rejected, ran, diffed);
    if (verbose) say("     fuzz: %d rounds, %lld builder calls: %d built, %d rejected, %d graphs ran, %d gradients\n",
                     fz_rounds, fz_calls, made, rejected, ran, diffed);
    return 1;
}

/* a gradient with respect to a node built long after y (100,000 nodes apart) */
static int test_grad_wrt_far_later(void) {
    gir_graph *g = gir_graph_new(NULL);
    gir_node x = gir_input(g, GIR_DTYPE_F64, gir_shape1(2)), y = gir_sum(g, gir_square(g, x), gir_ints0(), 0), z = x, gr;
    int k, ok;
    for (k = 0; k < 100000; ++k) z = gir_neg(g, z);
    CHECK(gir_grad(g, y, 1, &z, &gr) == GIR_OK, "%s", gir_graph_message(g));
    ok = gir_node_op(g, gr) != GIR_OP__INVALID && gir_node_shape(g, gr).rank == 1 && gir_node_shape(g, gr).dim[0] == 2;
    gir_graph_free(g);
    CHECK(ok, "the gradient with respect to a later node is not a [2] node");
    return 1;
}

static void suite_build(void) {
    RUN("fuzz/builders", test_fuzz_builders());
    RUN("fuzz/grad_wrt_far_later", test_grad_wrt_far_later());
}
