/* unit/init.c - initialisers (gen/90-library/init.c) against the bounds and stds torch.nn.init computes (tests/oracles/golden_init.txt,
   made by tests/oracles/make_golden_init.py), their statistics on large tensors, their generator (the random ops'), seeds,
   errors; and the scalar read of a plan (gir_plan_scalar / gir_plan_read_scalar). Included by unit/main.c. */

static int in_kind(const char *s) {
    static const char *const k[] = {"uniform", "normal", "constant", "xavier_uniform", "xavier_normal",
                                    "kaiming_uniform", "kaiming_normal"};
    int i;
    for (i = 0; i < 7; ++i) if (!strcmp(s, k[i])) return i;
    return -1;
}
static int in_nonlin(const char *s) {
    static const char *const k[] = {"leaky_relu", "relu", "linear", "sigmoid", "tanh", "selu"};
    int i;
    for (i = 0; i < 6; ++i) if (!strcmp(s, k[i])) return i;
    return -1;
}
static int in_close(double a, double b) { return a == b; }   /* torch's order of operations: the same bits */
static double in_at(gir_graph *g, gir_node v, int64_t i) {
    void *p = gir_node_data(g, v);
    return gir_node_dtype(g, v) == GIR_DTYPE_F32 ? (double)((float *)p)[i] : ((double *)p)[i];
}
static int in_within(gir_graph *g, gir_node v, double lo, double hi) {   /* every value in [lo, hi] */
    int64_t i, n = gir_node_numel(g, v);
    for (i = 0; i < n; ++i) if (!(in_at(g, v, i) >= lo && in_at(g, v, i) <= hi)) return 0;
    return 1;
}

/* one golden line: the distribution gir_init_params gives, the values gir_init writes */
static int in_golden_line(char *line, int *cases) {
    char kind[32], layout[16], mode[16], nl[16];
    double a, p0, p1, q0, q1, blo, bhi;
    int32_t d[8];
    int r, k, pos = 0, lay;
    gir_init_desc sp;
    gir_graph *g;
    gir_node w, b;
    gir_status s;
    if (line[0] == '#' || line[0] == '\n') return 1;
    if (sscanf(line, "gain %15s %lf %lf", nl, &a, &p1) == 3) {
        CHECK(in_close(gir_init_gain((gir_nonlinearity)in_nonlin(nl), a), p1), "gain %s %g: %.17g, torch %.17g", nl, a,
              gir_init_gain((gir_nonlinearity)in_nonlin(nl), a), p1);
        ++*cases;
        return 1;
    }
    if (sscanf(line, "layer %15s %d%n", layout, &r, &pos) == 2) mode[0] = nl[0] = 0, strcpy(kind, "layer");
    else CHECK(sscanf(line, "%31s %15s %15s %15s %lf %d%n", kind, layout, mode, nl, &a, &r, &pos) == 6, "bad line %s", line);
    CHECK(r >= 2 && r <= 5, "rank %d", r);
    for (k = 0; k < r; ++k) { int m = 0, v = 0; CHECK(sscanf(line + pos, "%d%n", &v, &m) == 1, "dims"); d[k] = v; pos += m; }
    lay = !strcmp(layout, "in_out") ? GIR_INIT_IN_OUT : GIR_INIT_OUT_IN;
    g = gir_graph_new(NULL);
    CHECK(g, "oom");
    w = gir_variable(g, GIR_DTYPE_F64, gir_shapev(r, d), NULL);
    if (!strcmp(kind, "layer")) {   /* the bias' bound shows in its values: the same draw with other bounds differs */
        int64_t i;
        CHECK(sscanf(line + pos, "%lf %lf %lf %lf", &p0, &p1, &blo, &bhi) == 4, "layer line %s", line);
        b = gir_variable(g, GIR_DTYPE_F64, gir_shape1(lay == GIR_INIT_IN_OUT ? d[r - 1] : d[0]), NULL);
        CHECK(gir_init_layer(g, w, b, (gir_init_layout)lay, 11) == GIR_OK, "%s", gir_graph_message(g));
        memset(&sp, 0, sizeof sp);
        sp.kind = GIR_INIT_KAIMING_UNIFORM; sp.a = sqrt(5.0); sp.layout = (gir_init_layout)lay;
        CHECK(gir_init_params(g, w, &sp, &q0, &q1) == GIR_OK && in_close(q0, p0) && in_close(q1, p1),
              "layer weight bound %.17g, torch %.17g (%s)", q1, p1, line);
        CHECK(in_within(g, w, p0, p1), "layer weight outside its bound");
        {
            gir_graph *h = gir_graph_new(NULL);
            gir_node c = gir_variable(h, GIR_DTYPE_F64, gir_node_shape(g, b), NULL);
            int ok = gir_init_uniform(h, c, blo, bhi, gir__bias_seed(11)) == GIR_OK;
            for (i = 0; ok && i < gir_node_numel(g, b); ++i) ok = in_at(g, b, i) == in_at(h, c, i);
            gir_graph_free(h);
            CHECK(ok, "layer bias is not U(%.17g, %.17g) drawn with the seed derived from 11 (%s)", blo, bhi, line);
        }
        gir_graph_free(g);
        ++*cases;
        return 1;
    }
    CHECK(sscanf(line + pos, "%lf %lf", &p0, &p1) == 2, "bounds");
    memset(&sp, 0, sizeof sp);
    sp.kind = (gir_init_kind)in_kind(kind); sp.a = a; sp.layout = (gir_init_layout)lay; sp.seed = 5;
    sp.mode = !strcmp(mode, "fan_out") ? GIR_INIT_FAN_OUT : GIR_INIT_FAN_IN;
    sp.nonlinearity = (gir_nonlinearity)in_nonlin(nl);
    s = gir_init_params(g, w, &sp, &q0, &q1);
    CHECK(s == GIR_OK, "%s: %s", line, gir_graph_message(g));
    CHECK(in_close(q0, p0) && in_close(q1, p1), "%s: gir.h [%.17g, %.17g]", line, q0, q1);
    CHECK(gir_init(g, w, &sp) == GIR_OK, "%s", gir_graph_message(g));
    if (sp.kind == GIR_INIT_XAVIER_UNIFORM || sp.kind == GIR_INIT_KAIMING_UNIFORM)
        CHECK(in_within(g, w, p0, p1), "values outside [%g, %g]: %s", p0, p1, line);
    gir_graph_free(g);
    ++*cases;
    return 1;
}
static int test_init_golden_bounds(void) {
    FILE *f = fopen("tests/oracles/golden_init.txt", "r");
    char line[512];
    int cases = 0, ok = 1;
    CHECK(f, "cannot open tests/oracles/golden_init.txt (run from the repository root; make golden writes it)");
    while (ok && fgets(line, sizeof line, f)) ok = in_golden_line(line, &cases);
    fclose(f);
    if (!ok) return 0;
    CHECK(cases > 500, "only %d golden cases", cases);
    return 1;
}

/* mean and variance of a large tensor against the distribution's: 6 standard errors */
static int in_moments(gir_graph *g, gir_node v, double mean, double var, const char *what) {
    int64_t i, n = gir_node_numel(g, v);
    double m = 0, s = 0;
    for (i = 0; i < n; ++i) m += in_at(g, v, i);
    m /= (double)n;
    for (i = 0; i < n; ++i) s += (in_at(g, v, i) - m) * (in_at(g, v, i) - m);
    s /= (double)(n - 1);
    CHECK(fabs(m - mean) <= 6 * sqrt(var / (double)n), "%s: mean %g, want %g", what, m, mean);
    CHECK(fabs(s - var) <= 6 * var * sqrt(2.0 / (double)n), "%s: variance %g, want %g", what, s, var);
    return 1;
}
static int test_init_statistics(void) {
    int t;
    for (t = 0; t < 2; ++t) {
        gir_dtype dt = t ? GIR_DTYPE_F64 : GIR_DTYPE_F32;
        gir_graph *g = gir_graph_new(NULL);
        gir_node w = gir_variable(g, dt, gir_shape2(300, 200), NULL), c = gir_variable(g, dt, gir_shape4(64, 32, 3, 3), NULL);
        double std;
        int ok = 1;
        CHECK(g && gir_graph_status(g) == GIR_OK, "setup");
        ok = ok && gir_init_uniform(g, w, -2, 3, 1) == GIR_OK && in_moments(g, w, 0.5, 25.0 / 12, "uniform(-2, 3)");
        ok = ok && in_within(g, w, -2, 3);
        ok = ok && gir_init_normal(g, w, 1.5, 2, 2) == GIR_OK && in_moments(g, w, 1.5, 4.0, "normal(1.5, 2)");
        std = sqrt(2.0) / sqrt(300.0);   /* kaiming_normal relu, fan_in of [in 300, out 200] */
        ok = ok && gir_init_kaiming_normal(g, w, 0, GIR_INIT_FAN_IN, GIR_NONLIN_RELU, GIR_INIT_IN_OUT, 3) == GIR_OK &&
             in_moments(g, w, 0, std * std, "kaiming_normal");
        std = 2.0 * sqrt(2.0 / 500.0);
        ok = ok && gir_init_xavier_normal(g, w, 2.0, GIR_INIT_OUT_IN, 4) == GIR_OK && in_moments(g, w, 0, std * std, "xavier_normal");
        std = 1.0 / sqrt(32.0 * 9);       /* nn.Conv2d(32, 64, 3): U(-1/sqrt(fan_in), 1/sqrt(fan_in)) */
        ok = ok && gir_init_layer(g, c, gir_node_input(g, c, 99), GIR_INIT_OUT_IN, 5) == GIR_OK &&
             in_moments(g, c, 0, std * std / 3, "conv default") && in_within(g, c, -std, std);
        gir_graph_free(g);
        if (!ok) return 0;
    }
    return 1;
}

/* the initialisers draw what the random ops draw on their first run; f32 holds the f64 values rounded */
static int test_init_same_generator_as_random_ops(void) {
    gir_graph *g = gir_graph_new(NULL);
    gir_shape s = gir_shape2(37, 11);
    gir_node u = gir_variable(g, GIR_DTYPE_F64, s, NULL), nrm = gir_variable(g, GIR_DTYPE_F64, s, NULL);
    gir_node u32 = gir_variable(g, GIR_DTYPE_F32, s, NULL);
    gir_node ru = gir_rand_uniform(g, GIR_DTYPE_F64, s, -0.5, 2.0, 42), rn = gir_rand_normal(g, GIR_DTYPE_F64, s, 0.25, 3.0, 43);
    gir_node outs[2];
    gir_plan *p = NULL;
    int64_t i;
    outs[0] = ru; outs[1] = rn;
    CHECK(gir_graph_status(g) == GIR_OK && gir_plan_compile(g, 2, outs, NULL, &p) == GIR_OK && gir_plan_run(p) == GIR_OK, "setup");
    CHECK(gir_init_uniform(g, u, -0.5, 2.0, 42) == GIR_OK && gir_init_normal(g, nrm, 0.25, 3.0, 43) == GIR_OK &&
          gir_init_uniform(g, u32, -0.5, 2.0, 42) == GIR_OK, "%s", gir_graph_message(g));
    for (i = 0; i < 37 * 11; ++i) {
        CHECK(in_at(g, u, i) == ((const double *)gir_plan_data(p, ru))[i], "uniform element %d differs", (int)i);
        CHECK(in_at(g, nrm, i) == ((const double *)gir_plan_data(p, rn))[i], "normal element %d differs", (int)i);
        CHECK(((float *)gir_node_data(g, u32))[i] == (float)in_at(g, u, i), "f32 element %d is not the f64 one rounded", (int)i);
    }
    gir_plan_free(p);
    gir_graph_free(g);
    return 1;
}

static int test_init_seed_determinism(void) {
    gir_graph *g = gir_graph_new(NULL);
    gir_node a = gir_variable(g, GIR_DTYPE_F32, gir_shape2(64, 48), NULL), b = gir_variable(g, GIR_DTYPE_F32, gir_shape2(64, 48), NULL);
    int k, same = 0;
    for (k = 0; k < 4; ++k) {
        gir_status s1, s2;
        switch (k) {
        case 0: s1 = gir_init_uniform(g, a, -1, 1, 9); s2 = gir_init_uniform(g, b, -1, 1, 9); break;
        case 1: s1 = gir_init_normal(g, a, 0, 1, 9); s2 = gir_init_normal(g, b, 0, 1, 9); break;
        case 2: s1 = gir_init_xavier_uniform(g, a, 1, GIR_INIT_IN_OUT, 9); s2 = gir_init_xavier_uniform(g, b, 1, GIR_INIT_IN_OUT, 9); break;
        default: s1 = gir_init_layer(g, a, gir_node_input(g, a, 0), GIR_INIT_IN_OUT, 9);
                 s2 = gir_init_layer(g, b, gir_node_input(g, b, 0), GIR_INIT_IN_OUT, 9);
        }
        CHECK(s1 == GIR_OK && s2 == GIR_OK, "%s", gir_graph_message(g));
        CHECK(!memcmp(gir_node_data(g, a), gir_node_data(g, b), 64 * 48 * sizeof(float)), "case %d: one seed, two results", k);
    }
    CHECK(gir_init_kaiming_uniform(g, a, 0, GIR_INIT_FAN_IN, GIR_NONLIN_RELU, GIR_INIT_OUT_IN, 1) == GIR_OK &&
          gir_init_kaiming_uniform(g, b, 0, GIR_INIT_FAN_IN, GIR_NONLIN_RELU, GIR_INIT_OUT_IN, 2) == GIR_OK, "init");
    for (k = 0; k < 64 * 48; ++k) same += ((float *)gir_node_data(g, a))[k] == ((float *)gir_node_data(g, b))[k];
    CHECK(same < 10, "seeds 1 and 2 agree on %d of %d values", same, 64 * 48);
    gir_graph_free(g);
    return 1;
}

/* explicit fans (any rank), constants of every dtype */
static int test_init_explicit_fans_and_constants(void) {
    gir_graph *g = gir_graph_new(NULL);
    gir_node v = gir_variable(g, GIR_DTYPE_F64, gir_shape1(10), NULL), q = gir_variable(g, GIR_DTYPE_F64, gir_shape3(2, 3, 4), NULL);
    gir_node iv = gir_variable(g, GIR_DTYPE_I32, gir_shape1(3), NULL), bv = gir_variable(g, GIR_DTYPE_B8, gir_shape1(3), NULL);
    gir_init_desc sp;
    double lo, hi;
    int64_t fi, fo;
    memset(&sp, 0, sizeof sp);
    sp.kind = GIR_INIT_KAIMING_UNIFORM; sp.nonlinearity = GIR_NONLIN_RELU; sp.fan_in = 50; sp.fan_out = 7;
    CHECK(gir_init_params(g, v, &sp, &lo, &hi) == GIR_OK && hi == sqrt(3.0) * (sqrt(2.0) / sqrt(50.0)) && lo == -hi,
          "kaiming with fan_in 50: %.17g", hi);
    sp.kind = GIR_INIT_XAVIER_NORMAL; sp.a = 1;
    CHECK(gir_init_params(g, q, &sp, &lo, &hi) == GIR_OK && hi == sqrt(2.0 / 57.0) && lo == 0, "xavier normal std %.17g", hi);
    CHECK(gir_init(g, v, &sp) == GIR_OK, "%s", gir_graph_message(g));
    CHECK(gir_init_fans(g, q, GIR_INIT_OUT_IN, &fi, &fo) == GIR_OK && fi == 12 && fo == 8, "out_in fans %d %d", (int)fi, (int)fo);
    CHECK(gir_init_fans(g, q, GIR_INIT_IN_OUT, &fi, &fo) == GIR_OK && fi == 6 && fo == 8, "in_out fans %d %d", (int)fi, (int)fo);
    CHECK(gir_init_constant(g, iv, -7) == GIR_OK && ((int32_t *)gir_node_data(g, iv))[2] == -7, "i32 constant");
    CHECK(gir_init_ones(g, bv) == GIR_OK && ((uint8_t *)gir_node_data(g, bv))[1] == 1, "b8 ones");
    CHECK(gir_init_zeros(g, q) == GIR_OK && in_at(g, q, 23) == 0.0, "zeros");
    CHECK(gir_init_constant(g, q, 2.5) == GIR_OK && in_at(g, q, 0) == 2.5 && in_at(g, q, 23) == 2.5, "constant");
    gir_graph_free(g);
    return 1;
}

/* each error: its status, a message naming the initialiser and the node, the values untouched (w and b of
   test_init_errors against their copies from before the first error), the graph usable */
static gir_node in_w, in_b;
static float in_w0[12], in_b0[3];
static int in_err(gir_graph *g, gir_status got, gir_status want, const char *needle, const char *what) {
    CHECK(got == want, "%s: status %s, want %s", what, gir_status_name(got), gir_status_name(want));
    CHECK(gir_graph_status(g) == want && strstr(gir_graph_message(g), needle), "%s: message '%s' lacks '%s'", what,
          gir_graph_message(g), needle);
    CHECK(!memcmp(gir_node_data(g, in_w), in_w0, sizeof in_w0) && !memcmp(gir_node_data(g, in_b), in_b0, sizeof in_b0),
          "%s: values changed", what);
    gir_graph_clear_error(g);
    return 1;
}
static int test_init_errors(void) {
    gir_graph *g = gir_graph_new(NULL), *h = gir_graph_new(NULL);
    gir_node w = gir_variable(g, GIR_DTYPE_F32, gir_shape2(4, 3), NULL), b = gir_variable(g, GIR_DTYPE_F32, gir_shape1(3), NULL);
    gir_node x = gir_input(g, GIR_DTYPE_F32, gir_shape2(2, 4)), iw = gir_variable(g, GIR_DTYPE_I32, gir_shape2(4, 3), NULL);
    gir_node z = gir_variable(g, GIR_DTYPE_F64, gir_shape2(5, 0), NULL), other = gir_variable(h, GIR_DTYPE_F32, gir_shape2(4, 3), NULL);
    gir_node y = gir_matmul(g, x, w), none = {0, 0};
    gir_init_desc sp;
    gir_plan *p = NULL;
    float xv[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    int ok = 1;
    CHECK(gir_init_uniform(g, w, -1, 1, 3) == GIR_OK && gir_init_constant(g, b, 0.5) == GIR_OK, "setup");
    in_w = w; in_b = b;
    memcpy(in_w0, gir_node_data(g, w), sizeof in_w0);
    memcpy(in_b0, gir_node_data(g, b), sizeof in_b0);
    ok = ok && in_err(g, gir_init_uniform(g, x, 0, 1, 1), GIR_ERR_INVALID_ARG, "init_uniform: node 3: a input node, not a variable", "input");
    ok = ok && in_err(g, gir_init_normal(g, y, 0, 1, 1), GIR_ERR_INVALID_ARG, "not a variable", "matmul");
    ok = ok && in_err(g, gir_init_zeros(g, none), GIR_ERR_HANDLE, "init_constant: node 0", "invalid handle");
    ok = ok && in_err(g, gir_init_zeros(g, other), GIR_ERR_HANDLE, "not a node of this graph", "other graph");
    ok = ok && in_err(g, gir_init_uniform(g, iw, 0, 1, 1), GIR_ERR_DTYPE, "need an f32 or f64 variable, not i32", "i32 uniform");
    ok = ok && in_err(g, gir_init_kaiming_normal(g, iw, 0, GIR_INIT_FAN_IN, GIR_NONLIN_RELU, GIR_INIT_OUT_IN, 1), GIR_ERR_DTYPE,
                      "init_kaiming_normal: node", "i32 kaiming");
    ok = ok && in_err(g, gir_init_constant(g, iw, 0.5), GIR_ERR_INVALID_ARG, "0.5 is not a value of i32", "i32 0.5");
    ok = ok && in_err(g, gir_init_xavier_uniform(g, b, 1, GIR_INIT_OUT_IN, 1), GIR_ERR_SHAPE, "rank 2 or more, have [3]", "rank 1");
    ok = ok && in_err(g, gir_init_kaiming_uniform(g, z, 0, GIR_INIT_FAN_IN, GIR_NONLIN_RELU, GIR_INIT_OUT_IN, 1), GIR_ERR_SHAPE,
                      "the fan used is 0", "fan_in 0");
    ok = ok && in_err(g, gir_init_kaiming_uniform(g, w, 0, (gir_init_mode)2, GIR_NONLIN_RELU, GIR_INIT_OUT_IN, 1),
                      GIR_ERR_INVALID_ARG, "unknown kind, layout, mode or nonlinearity", "bad mode");
    ok = ok && in_err(g, gir_init_kaiming_uniform(g, w, 0, GIR_INIT_FAN_IN, (gir_nonlinearity)17, GIR_INIT_OUT_IN, 1),
                      GIR_ERR_INVALID_ARG, "unknown", "bad nonlinearity");
    ok = ok && in_err(g, gir_init_xavier_normal(g, w, 1, (gir_init_layout)5, 1), GIR_ERR_INVALID_ARG, "unknown", "bad layout");
    ok = ok && in_err(g, gir_init_uniform(g, w, 1, 0, 1), GIR_ERR_INVALID_ARG, "want finite bounds a <= b, have [1, 0)", "lo > hi");
    ok = ok && in_err(g, gir_init_normal(g, w, 0, -1, 1), GIR_ERR_INVALID_ARG, "std >= 0", "std < 0");
    ok = ok && in_err(g, gir_init_normal(g, w, HUGE_VAL, 1, 1), GIR_ERR_INVALID_ARG, "finite mean", "inf mean");
    ok = ok && in_err(g, gir_init_layer(g, w, x, GIR_INIT_IN_OUT, 1), GIR_ERR_INVALID_ARG, "not a variable", "layer bias");
    ok = ok && in_err(g, gir_init_layer(g, w, iw, GIR_INIT_IN_OUT, 1), GIR_ERR_DTYPE, "not i32", "layer i32 bias");
    memset(&sp, 0, sizeof sp);
    sp.kind = (gir_init_kind)9;
    ok = ok && in_err(g, gir_init(g, w, &sp), GIR_ERR_INVALID_ARG, "init: node", "bad kind");
    ok = ok && in_err(g, gir_init(g, w, NULL), GIR_ERR_INVALID_ARG, "init: node", "NULL spec");
    CHECK(gir_init_uniform(NULL, w, 0, 1, 1) == GIR_ERR_INVALID_ARG, "NULL graph");
    {
        int64_t fi = -1, fo = -1;
        CHECK(gir_init_fans(NULL, w, GIR_INIT_OUT_IN, &fi, &fo) == GIR_ERR_INVALID_ARG && fi == 0 && fo == 0, "fans, NULL graph");
        ok = ok && in_err(g, gir_init_fans(g, b, GIR_INIT_OUT_IN, &fi, &fo), GIR_ERR_SHAPE, "init_fans: node 2: fans need rank 2",
                          "fans of rank 1");
        ok = ok && in_err(g, gir_init_fans(g, w, (gir_init_layout)2, &fi, &fo), GIR_ERR_INVALID_ARG, "unknown layout 2",
                          "fans, bad layout");
    }
    if (!ok) return 0;
    /* the graph is still usable: compile and run it */
    CHECK(gir_plan_compile(g, 1, &y, NULL, &p) == GIR_OK && gir_plan_bind_bytes(p, x, xv, sizeof xv) == GIR_OK && gir_plan_run(p) == GIR_OK,
          "after the errors: %s", gir_graph_message(g));
    CHECK(fabs(((const float *)gir_plan_data(p, y))[0] - (1 * in_at(g, w, 0) + 2 * in_at(g, w, 3) + 3 * in_at(g, w, 6) +
                                                         4 * in_at(g, w, 9))) < 1e-5, "matmul after the errors");
    gir_plan_free(p);
    gir_graph_free(g);
    gir_graph_free(h);
    return 1;
}

/* gir_plan_scalar: one element of every dtype, without casts; each way of not having one */
static int test_plan_scalar_dtypes(void) {
    gir_graph *g = gir_graph_new(NULL);
    gir_node x = gir_input(g, GIR_DTYPE_F32, gir_shape1(5)), v = gir_variable(g, GIR_DTYPE_F64, gir_shape2(1, 1), NULL);
    gir_node outs[6], fsum;
    gir_plan *p = NULL;
    float xv[5] = {1.5f, -2.25f, 4, 0.5f, 3};
    double r = -1;
    CHECK(gir_init_constant(g, v, -0.125) == GIR_OK, "init");
    fsum = gir_sum(g, x, gir_ints0(), 0);
    outs[0] = fsum;                                                     /* f32: 6.75 */
    outs[1] = gir_mul(g, gir_cast(g, fsum, GIR_DTYPE_F64), v);         /* f64 [1, 1]: -0.84375 */
    outs[2] = gir_add(g, gir_argmax(g, x, 0, 0), gir_scalar(g, GIR_DTYPE_I32, -3000));   /* i32: -2998 */
    outs[3] = gir_cast(g, gir_scalar(g, GIR_DTYPE_I32, 200), GIR_DTYPE_U8);   /* u8: 200 */
    outs[4] = gir_gt(g, fsum, gir_scalar(g, GIR_DTYPE_F32, 6));         /* b8: 1 */
    outs[5] = gir_exp(g, gir_neg(g, x));                               /* 5 elements */
    CHECK(gir_graph_status(g) == GIR_OK && gir_plan_compile(g, 6, outs, NULL, &p) == GIR_OK, "%s", gir_graph_message(g));
    CHECK(gir_plan_bind_bytes(p, x, xv, sizeof xv) == GIR_OK, "bind");
    CHECK(gir_plan_read_scalar(p, fsum, &r) == GIR_ERR_UNBOUND && r == -1 && strstr(gir_plan_message(p), "has not run"),
          "before the run: %s", gir_plan_message(p));
    CHECK(gir_plan_run(p) == GIR_OK, "run");
    CHECK(gir_plan_scalar(p, outs[0]) == 6.75, "f32 %g", gir_plan_scalar(p, outs[0]));
    CHECK(gir_plan_scalar(p, outs[1]) == -0.84375, "f64 %g", gir_plan_scalar(p, outs[1]));
    CHECK(gir_plan_scalar(p, outs[2]) == -2998, "i32 %g", gir_plan_scalar(p, outs[2]));
    CHECK(gir_plan_scalar(p, outs[3]) == 200, "u8 %g", gir_plan_scalar(p, outs[3]));
    CHECK(gir_plan_scalar(p, outs[4]) == 1, "b8 %g", gir_plan_scalar(p, outs[4]));
    CHECK(gir_plan_scalar(p, v) == -0.125, "variable %g", gir_plan_scalar(p, v));
    CHECK(gir_plan_read_scalar(p, outs[2], &r) == GIR_OK && r == -2998, "read i32");
    CHECK(gir_plan_read_scalar(p, outs[5], &r) == GIR_ERR_SHAPE && r == -2998 && strstr(gir_plan_message(p), "[5] has 5 elements"),
          "5 elements: %s", gir_plan_message(p));
    CHECK(gir_plan_scalar(p, outs[5]) != gir_plan_scalar(p, outs[5]), "5 elements: not NaN");
    CHECK(gir_plan_read_scalar(p, x, &r) == GIR_ERR_SHAPE, "input of 5");
    CHECK(gir_plan_run(p) == GIR_OK, "the plan runs after a failed read: %s", gir_plan_message(p));
    gir_plan_free(p);
    gir_graph_free(g);
    return 1;
}
static int test_plan_scalar_errors(void) {
    gir_graph *g = gir_graph_new(NULL), *h = gir_graph_new(NULL);
    gir_node x = gir_input(g, GIR_DTYPE_F64, gir_shape0()), a = gir_exp(g, x), b = gir_sin(g, a), c = gir_cos(g, x);
    gir_node y = gir_input(g, GIR_DTYPE_F64, gir_shape0()), hx = gir_input(h, GIR_DTYPE_F64, gir_shape0());
    gir_node outs[2];
    gir_plan *p = NULL;
    double xv = 0.5, r = 7;
    outs[0] = b; outs[1] = y;
    CHECK(gir_plan_compile(g, 2, outs, NULL, &p) == GIR_OK && gir_plan_bind_bytes(p, x, &xv, sizeof xv) == GIR_OK, "%s", gir_graph_message(g));
    CHECK(gir_plan_read_scalar(p, y, &r) == GIR_ERR_UNBOUND && strstr(gir_plan_message(p), "input not bound"), "unbound: %s",
          gir_plan_message(p));
    CHECK(gir_plan_bind_bytes(p, y, &xv, sizeof xv) == GIR_OK && gir_plan_run(p) == GIR_OK, "run");
    CHECK(gir_plan_scalar(p, b) == sin(exp(0.5)), "b %.17g", gir_plan_scalar(p, b));
    CHECK(gir_plan_scalar(p, y) == 0.5 && gir_plan_scalar(p, x) == 0.5, "inputs");
    CHECK(gir_plan_query_stats(p).fused_nodes > 0 && gir_plan_data(p, a) == NULL, "exp was not fused away: the test needs it fused");
    CHECK(gir_plan_read_scalar(p, a, &r) == GIR_ERR_INVALID_ARG && r == 7 && strstr(gir_plan_message(p), "(exp): fused away"),
          "fused: %s", gir_plan_message(p));
    CHECK(gir_plan_read_scalar(p, c, &r) == GIR_ERR_INVALID_ARG && strstr(gir_plan_message(p), "(cos): not in the plan"),
          "not in plan: %s", gir_plan_message(p));
    CHECK(gir_plan_read_scalar(p, hx, &r) == GIR_ERR_HANDLE, "other graph");
    CHECK(gir_plan_read_scalar(NULL, b, &r) == GIR_ERR_INVALID_ARG, "NULL plan");
    CHECK(gir_plan_scalar(p, a) != gir_plan_scalar(p, a) && gir_plan_scalar(p, c) != gir_plan_scalar(p, c) &&
          gir_plan_scalar(NULL, b) != gir_plan_scalar(NULL, b), "NaN for each failure");
    gir_plan_free(p);
    gir_graph_free(g);
    gir_graph_free(h);
    return 1;
}

/* gir_plan_read: a whole value copied out; the size must match; each way of not having a value, with nothing
   copied */
static int test_plan_read(void) {
    gir_graph *g = gir_graph_new(NULL);
    gir_node x = gir_input(g, GIR_DTYPE_F32, gir_shape2(2, 3)), y = gir_input(g, GIR_DTYPE_F32, gir_shape0());
    gir_node a = gir_exp(g, x), out = gir_mul(g, gir_sin(g, a), gir_scalar(g, GIR_DTYPE_F32, 2));
    gir_node c = gir_cos(g, x), hx;
    gir_graph *h = gir_graph_new(NULL);
    gir_plan *p = NULL;
    float xv[6] = {0.5f, -1, 2, 0.25f, 0, -3}, got[6], big[7];
    int k;
    hx = gir_input(h, GIR_DTYPE_F32, gir_shape0());
    for (k = 0; k < 6; ++k) got[k] = -7;
    CHECK(gir_plan_compile(g, 1, &out, NULL, &p) == GIR_OK, "%s", gir_graph_message(g));
    CHECK(gir_plan_read(p, out, got, sizeof got) == GIR_ERR_UNBOUND && strstr(gir_plan_message(p), "plan_read") &&
          strstr(gir_plan_message(p), "has not run") && got[0] == -7, "before the run: %s", gir_plan_message(p));
    CHECK(gir_plan_bind_bytes(p, x, xv, sizeof xv) == GIR_OK && gir_plan_run(p) == GIR_OK, "run");
    CHECK(gir_plan_read(p, out, got, sizeof got) == GIR_OK, "read: %s", gir_plan_message(p));
    for (k = 0; k < 6; ++k)
        CHECK(got[k] == ((const float *)gir_plan_data(p, out))[k], "element %d", k);
    got[0] = -7;
    CHECK(gir_plan_read(p, out, big, sizeof big) == GIR_ERR_INVALID_ARG &&
          strstr(gir_plan_message(p), "f32[2,3] is 24 bytes; the buffer has 28 bytes"), "size: %s", gir_plan_message(p));
    CHECK(gir_plan_read(p, out, NULL, 24) == GIR_ERR_INVALID_ARG && strstr(gir_plan_message(p), "is NULL"), "NULL: %s",
          gir_plan_message(p));
    CHECK(gir_plan_read(p, a, got, sizeof got) == GIR_ERR_INVALID_ARG && strstr(gir_plan_message(p), "fused away") &&
          got[0] == -7, "fused: %s", gir_plan_message(p));
    CHECK(gir_plan_read(p, c, got, sizeof got) == GIR_ERR_INVALID_ARG && strstr(gir_plan_message(p), "not in the plan"),
          "not in plan: %s", gir_plan_message(p));
    CHECK(gir_plan_read(p, y, got, 4) == GIR_ERR_INVALID_ARG, "input not in the plan");
    CHECK(gir_plan_read(p, hx, got, 4) == GIR_ERR_HANDLE, "other graph");
    CHECK(gir_plan_read(NULL, out, got, sizeof got) == GIR_ERR_INVALID_ARG && got[0] == -7, "NULL plan");
    CHECK(gir_plan_read(p, x, got, sizeof got) == GIR_OK && got[5] == -3, "an input reads back");
    CHECK(gir_plan_run(p) == GIR_OK, "the plan runs after a failed read: %s", gir_plan_message(p));
    gir_plan_free(p);
    gir_graph_free(g);
    gir_graph_free(h);
    return 1;
}

static void suite_init(void) {
    RUN("init/golden_bounds_torch", test_init_golden_bounds());
    RUN("init/statistics_large", test_init_statistics());
    RUN("init/same_generator_as_random_ops", test_init_same_generator_as_random_ops());
    RUN("init/seed_determinism", test_init_seed_determinism());
    RUN("init/explicit_fans_and_constants", test_init_explicit_fans_and_constants());
    RUN("init/errors", test_init_errors());
    RUN("plan_scalar/dtypes", test_plan_scalar_dtypes());
    RUN("plan_scalar/errors", test_plan_scalar_errors());
    RUN("plan_read/values_and_errors", test_plan_read());
}
