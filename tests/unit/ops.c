/* unit/ops.c - tests of what the op table's rows now promise beyond the golden cases: the input limits
 * the generator enforces (GIR__MAX_IN), the 0.1 name of floordiv, and NumPy's semantics of the remainder
 * and floor-division ops at the points the golden data only brushes (signs, zero divisors).
 * Included by unit/main.c. */

/* runs out = f(inputs) once; 0 when anything fails (why says what) */
static int gen_run1(gir_graph *g, gir_node y, int nin, const gir_node *in, const void *const *data, const void **out,
                    gir_plan **p) {
    int k;
    *p = NULL;
    CHECK(y.id != 0, "build failed: %s", gir_graph_message(g));
    CHECK(gir_plan_compile(g, 1, &y, NULL, p) == GIR_OK, "compile: %s", gir_graph_message(g));
    for (k = 0; k < nin; ++k) CHECK(gir_plan_bind(*p, in[k], data[k]) == GIR_OK, "bind %d", k);
    CHECK(gir_plan_run(*p) == GIR_OK, "run: %s", gir_plan_message(*p));
    *out = gir_plan_data(*p, y);
    return 1;
}

/* A variadic node takes 1 to 64 inputs. Building one with more than 32 used to shift 1u by 32..63 while
   sorting parents from arguments (undefined behaviour, caught by the UBSan builds). */
static int test_variadic_64_inputs(void) {
    gir_graph *g = gir_graph_new(NULL);
    gir_node in[65], cat, sum, loss, grads[64];
    double v[64];
    const void *data[64], *out = NULL;
    gir_plan *p = NULL;
    int k, ok;
    for (k = 0; k < 64; ++k) {
        in[k] = gir_input(g, GIR_DTYPE_F64, gir_shape1(1));
        v[k] = k + 0.5;
        data[k] = &v[k];
    }
    in[64] = in[0];
    cat = gir_concat(g, 64, in, 0);
    sum = gir_add_n(g, 64, in);
    CHECK(gir_node_shape(g, cat).dim[0] == 64, "concat of 64 has %d elements", (int)gir_node_shape(g, cat).dim[0]);
    ok = gen_run1(g, cat, 64, in, data, &out, &p);
    for (k = 0; ok && k < 64; ++k)
        if (((const double *)out)[k] != k + 0.5) { snprintf(why, sizeof why, "concat element %d", k); ok = 0; }
    gir_plan_free(p);
    if (ok) ok = gen_run1(g, sum, 64, in, data, &out, &p);
    if (ok && *(const double *)out != 2048.0) { snprintf(why, sizeof why, "add_n of 64: %g", *(const double *)out); ok = 0; }
    gir_plan_free(p);
    loss = gir_sum(g, gir_mul(g, cat, cat), gir_ints0(), 0);        /* d/dx_k = 2 x_k */
    if (ok && gir_grad(g, loss, 64, in, grads) != GIR_OK) { snprintf(why, sizeof why, "grad: %s", gir_graph_message(g)); ok = 0; }
    if (ok) {
        gir_node gcat = gir_concat(g, 64, grads, 0);
        ok = gen_run1(g, gcat, 64, in, data, &out, &p);
        for (k = 0; ok && k < 64; ++k)
            if (((const double *)out)[k] != 2 * k + 1.0) { snprintf(why, sizeof why, "gradient %d", k); ok = 0; }
        gir_plan_free(p);
    }
    /* 65 inputs: an error naming the limit, the graph still usable */
    if (ok) {
        gir_node bad = gir_concat(g, 65, in, 0);
        ok = !bad.id && gir_graph_status(g) == GIR_ERR_INVALID_ARG && msg_has(g, "1 to GIR_MAX_VARIADIC (64)") && still_usable(g);
        if (!ok) snprintf(why, sizeof why, "65 inputs: '%s'", gir_graph_message(g));
    }
    gir_graph_free(g);
    return ok;
}

/* op(a, b) for one dtype against values written down from NumPy (np.fmod, np.mod, np.floor_divide) */
static int gen_binary_case(gir_op op, gir_dtype dt, int n, const double *a, const double *b, const double *want) {
    gir_graph *g = gir_graph_new(NULL);
    gir_node in[2], y;
    void *bufa = to_bytes(a, n, dt), *bufb = to_bytes(b, n, dt);
    const void *data[2], *out = NULL;
    gir_plan *p = NULL;
    int k, ok;
    in[0] = gir_input(g, dt, gir_shape1(n));
    in[1] = gir_input(g, dt, gir_shape1(n));
    data[0] = bufa;
    data[1] = bufb;
    y = gir_op_build(g, op, 2, in, NULL);
    ok = gen_run1(g, y, 2, in, data, &out, &p);
    for (k = 0; ok && k < n; ++k) {
        double got = getv(out, dt, k);
        if (!(got == want[k] || (got != got && want[k] != want[k]))) {
            snprintf(why, sizeof why, "%s %s(%g, %g) = %g, NumPy gives %g", gir_dtype_name(dt), gir_op_name(op), a[k],
                     b[k], got, want[k]);
            ok = 0;
        }
    }
    gir_plan_free(p);
    gir_graph_free(g);
    free(bufa);
    free(bufb);
    return ok;
}
static int test_remainders_numpy(void) {
    const double nan = strtod("nan", NULL), inf = strtod("inf", NULL);
    /* floats: signs of both operands, an exact multiple, and zero divisors */
    static const double fa[7] = {-7.5, 7.5, -7.5, 7.5, 6.0, 7.0, 0.0}, fb[7] = {2.0, -2.0, -2.0, 2.0, -3.0, 0.0, 0.0};
    const double fmod_f[7] = {-1.5, 1.5, -1.5, 1.5, 0.0, nan, nan};
    const double mod_f[7] = {0.5, -0.5, -1.5, 1.5, 0.0, nan, nan};
    const double div_f[7] = {-4.0, -4.0, 3.0, 3.0, -2.0, inf, nan};
    /* integers: x op 0 is 0, as NumPy (which also warns) */
    static const double ia[6] = {-7, 7, -7, 7, 6, -7}, ib[6] = {2, -2, -2, 0, -3, 0};
    const double fmod_i[6] = {-1, 1, -1, 0, 0, 0}, mod_i[6] = {1, -1, -1, 0, 0, 0}, div_i[6] = {-4, -4, 3, 0, -2, 0};
    static const double ua[4] = {7, 200, 0, 9}, ub[4] = {2, 7, 5, 0};
    const double fmod_u[4] = {1, 4, 0, 0}, div_u[4] = {3, 28, 0, 0};
    int d;
    for (d = 0; d < 2; ++d) {
        gir_dtype dt = d ? GIR_DTYPE_F64 : GIR_DTYPE_F32;
        if (!gen_binary_case(GIR_OP_FMOD, dt, 7, fa, fb, fmod_f) || !gen_binary_case(GIR_OP_MOD, dt, 7, fa, fb, mod_f) ||
            !gen_binary_case(GIR_OP_FLOORDIV, dt, 7, fa, fb, div_f))
            return 0;
    }
    return gen_binary_case(GIR_OP_FMOD, GIR_DTYPE_I32, 6, ia, ib, fmod_i) &&
           gen_binary_case(GIR_OP_MOD, GIR_DTYPE_I32, 6, ia, ib, mod_i) &&
           gen_binary_case(GIR_OP_FLOORDIV, GIR_DTYPE_I32, 6, ia, ib, div_i) &&
           gen_binary_case(GIR_OP_FMOD, GIR_DTYPE_U8, 4, ua, ub, fmod_u) &&
           gen_binary_case(GIR_OP_MOD, GIR_DTYPE_U8, 4, ua, ub, fmod_u) &&
           gen_binary_case(GIR_OP_FLOORDIV, GIR_DTYPE_U8, 4, ua, ub, div_u);
}

static void suite_ops(void) {
    RUN("build/variadic_64_inputs_and_the_limit", test_variadic_64_inputs());
    RUN("ops/fmod_mod_floordiv_numpy_semantics", test_remainders_numpy());
}
