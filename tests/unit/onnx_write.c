/* suite_onnx_write: gir_onnx_export (gen/90-library/onnx_write.c) - small graphs written as ONNX, read back with
   gir_onnx_import, both compiled and run on the same inputs: the outputs must be bit-identical; the errors */
#ifndef GIR_NO_ONNX

/* deterministic input values of a node's dtype (small integers for integer dtypes, 0/1 for b8) */
static void *ow_values(gir_graph *g, gir_node x, unsigned seed) {
    int64_t n = gir_node_numel(g, x), k;
    gir_dtype dt = gir_node_dtype(g, x);
    void *p = malloc((size_t)(n ? n : 1) * 8);
    for (k = 0; k < n; ++k) {
        unsigned r = (unsigned)(k * 2654435761u + seed * 40503u);
        double v = (double)((r >> 8) % 2001) / 500.0 - 2.0;
        if (dt == GIR_DTYPE_F32) ((float *)p)[k] = (float)v;
        else if (dt == GIR_DTYPE_F64) ((double *)p)[k] = v;
        else if (dt == GIR_DTYPE_I32) ((int32_t *)p)[k] = (int32_t)((r >> 8) % 7) - 3;
        else if (dt == GIR_DTYPE_U8) ((uint8_t *)p)[k] = (uint8_t)((r >> 8) % 7);
        else ((uint8_t *)p)[k] = (uint8_t)((r >> 9) & 1u);
    }
    return p;
}
/* export outs of g, import the bytes, run both on the same inputs (bound by position), compare every output's bits */
static int ow_roundtrip(gir_graph *g, int n_out, const gir_node *outs) {
    size_t size = 0;
    unsigned char *buf;
    gir_graph *h = NULL;
    gir_plan *p = NULL, *q = NULL;
    gir_node outs2[16];
    void *data[16];
    char msg[300];
    int n2 = 0, k, n_in, ok = 1;
    CHECK(gir_onnx_export(g, n_out, outs, NULL, 0, &size) == GIR_ERR_LIMIT && size > 0, "size: %s",
          gir_graph_message(g));
    buf = (unsigned char *)malloc(size);
    CHECK(gir_onnx_export(g, n_out, outs, buf, size, &size) == GIR_OK, "export: %s", gir_graph_message(g));
    if (gir_onnx_import(buf, size, NULL, &h, 16, outs2, &n2, msg, sizeof msg) != GIR_OK) {
        free(buf);
        FAILF("import: %s", msg);
    }
    free(buf);
    n_in = gir_graph_input_count(h);
    CHECK(n2 == n_out && n_in <= 16, "outputs %d of %d, inputs %d", n2, n_out, n_in);
    CHECK(gir_plan_compile(g, n_out, outs, NULL, &p) == GIR_OK, "compile: %s", gir_graph_message(g));
    CHECK(gir_plan_compile(h, n2, outs2, NULL, &q) == GIR_OK, "compile 2: %s", gir_graph_message(h));
    for (k = 0; k < n_in; ++k) {
        gir_node x2 = gir_graph_input(h, k), x = gir_graph_find(g, gir_node_name(h, x2));
        data[k] = ow_values(h, x2, (unsigned)k + 1);
        if (!x.id) x = gir_graph_input(g, k);        /* unnamed inputs keep their order */
        ok &= gir_plan_bind(p, x, data[k]) == GIR_OK && gir_plan_bind(q, x2, data[k]) == GIR_OK;
    }
    ok = ok && gir_plan_run(p) == GIR_OK && gir_plan_run(q) == GIR_OK;
    for (k = 0; k < n_out && ok; ++k) {
        size_t bytes = (size_t)gir_node_numel(g, outs[k]) * gir_dtype_size(gir_node_dtype(g, outs[k]));
        ok = gir_node_dtype(h, outs2[k]) == gir_node_dtype(g, outs[k]) &&
             gir_node_numel(h, outs2[k]) == gir_node_numel(g, outs[k]) &&
             memcmp(gir_plan_data(p, outs[k]), gir_plan_data(q, outs2[k]), bytes) == 0;
        if (!ok) snprintf(why, sizeof why, "output %d differs (%s)", k, gir_plan_message(q));
    }
    if (!ok && !why[0]) snprintf(why, sizeof why, "bind or run: %s / %s", gir_plan_message(p), gir_plan_message(q));
    for (k = 0; k < n_in; ++k) free(data[k]);
    gir_plan_free(p);
    gir_plan_free(q);
    gir_graph_free(h);
    return ok;
}
static int test_onnx_write_mlp(void) {
    gir_graph *g = gir_graph_new(NULL);
    float w1[12], b1[4], w2[8];
    gir_node x, h, y[3];
    int k, ok;
    for (k = 0; k < 12; ++k) w1[k] = (float)(k % 5) * 0.25f - 0.5f;
    for (k = 0; k < 4; ++k) b1[k] = 0.125f * (float)k;
    for (k = 0; k < 8; ++k) w2[k] = (float)k * 0.3f - 1.0f;
    x = gir_name(g, gir_input(g, GIR_DTYPE_F32, gir_shape2(5, 3)), "x");
    h = gir_add(g, gir_matmul(g, x, gir_name(g, gir_variable(g, GIR_DTYPE_F32, gir_shape2(3, 4), w1), "l1/w")),
                gir_name(g, gir_variable(g, GIR_DTYPE_F32, gir_shape1(4), b1), "l1/b"));
    h = gir_tanh(g, gir_relu(g, h));
    h = gir_matmul(g, gir_sigmoid(g, h), gir_variable(g, GIR_DTYPE_F32, gir_shape2(4, 2), w2));
    y[0] = gir_log_softmax(g, h, -1);
    y[1] = gir_softmax(g, gir_div(g, gir_exp(g, h), gir_sub(g, gir_log(g, gir_add(g, gir_square(g, h),
                                  gir_scalar(g, GIR_DTYPE_F32, 2))), gir_scalar(g, GIR_DTYPE_F32, 5))), 0);
    y[2] = gir_mean(g, gir_mul(g, y[0], y[1]), gir_ints0(), 0);
    ok = ow_roundtrip(g, 3, y);
    gir_graph_free(g);
    return ok;
}
static int test_onnx_write_cnn(void) {
    gir_graph *g = gir_graph_new(NULL);
    float wt[4 * 2 * 3 * 3];
    gir_node x, c, m, a, r, y[4], parts[2];
    int k, ok;
    for (k = 0; k < 72; ++k) wt[k] = (float)((k * 7) % 11) * 0.1f - 0.5f;
    x = gir_name(g, gir_input(g, GIR_DTYPE_F32, gir_shape4(2, 2, 9, 8)), "image");
    c = gir_conv2d(g, x, gir_variable(g, GIR_DTYPE_F32, gir_shape4(4, 2, 3, 3), wt), gir_ints2(2, 1), gir_ints1(1),
                   gir_ints0(), 1);
    c = gir_relu(g, c);
    m = gir_max_pool2d(g, c, gir_ints2(2, 2), gir_ints0(), gir_ints1(1));
    a = gir_avg_pool2d(g, c, gir_ints1(3), gir_ints1(1), gir_ints1(1), 0);
    r = gir_reshape(g, m, gir_shape2(2, -1));
    y[0] = gir_transpose(g, r, gir_ints0());
    y[1] = gir_max(g, a, gir_ints2(2, 3), 1);
    parts[0] = gir_slice(g, a, 3, GIR_SLICE_NONE, GIR_SLICE_NONE, -2);
    parts[1] = gir_broadcast_to(g, gir_sum(g, a, gir_ints1(3), 1), gir_node_shape(g, parts[0]));
    y[2] = gir_concat(g, 2, parts, 1);
    y[3] = gir_conv2d(g, c, gir_variable(g, GIR_DTYPE_F32, gir_shape4(4, 2, 1, 1), wt), gir_ints0(), gir_ints0(),
                      gir_ints1(2), 2);
    ok = ow_roundtrip(g, 4, y);
    gir_graph_free(g);
    return ok;
}
/* dtypes: promotion casts, comparisons, where, clamp, cast, fill, integer reductions and argmax, pad, flip */
static int test_onnx_write_dtypes(void) {
    gir_graph *g = gir_graph_new(NULL);
    gir_node a = gir_name(g, gir_input(g, GIR_DTYPE_F32, gir_shape2(3, 4)), "a");
    gir_node i = gir_name(g, gir_input(g, GIR_DTYPE_I32, gir_shape2(3, 4)), "i");
    gir_node u = gir_name(g, gir_input(g, GIR_DTYPE_U8, gir_shape1(4)), "u");
    gir_node d = gir_name(g, gir_input(g, GIR_DTYPE_F64, gir_shape0()), "d");
    gir_node b = gir_name(g, gir_input(g, GIR_DTYPE_B8, gir_shape2(3, 4)), "b");
    gir_node y[10];
    int ok;
    y[0] = gir_add(g, a, i);
    y[1] = gir_where(g, gir_and(g, b, gir_lt(g, i, a)), gir_clamp(g, a, -0.5, 0.75), gir_cast(g, i, GIR_DTYPE_F32));
    y[2] = gir_ne(g, gir_add(g, i, u), gir_fill(g, GIR_DTYPE_I32, gir_shape1(4), 1));
    y[3] = gir_mul(g, gir_cast(g, a, GIR_DTYPE_F64), d);
    y[4] = gir_sum(g, i, gir_ints1(0), 0);
    y[5] = gir_argmax(g, a, 1, 0);
    y[6] = gir_pad(g, gir_flip(g, a, gir_ints1(-1)), gir_ints2(1, 0), gir_ints2(0, 2), 3.5);
    y[7] = gir_ge(g, a, gir_scalar(g, GIR_DTYPE_F64, 0.1));
    y[8] = gir_clamp(g, i, -1, 2);
    y[9] = a;                                   /* an input as an output: an Identity of its own */
    ok = ow_roundtrip(g, 10, y);
    gir_graph_free(g);
    return ok;
}
/* a variable's current values go out: change them after building, the import holds the new ones */
static int test_onnx_write_trained_values(void) {
    gir_graph *g = gir_graph_new(NULL), *h = NULL;
    double w0[3] = {1, 2, 3};
    gir_node w = gir_name(g, gir_variable(g, GIR_DTYPE_F64, gir_shape1(3), w0), "w"), y = gir_neg(g, w), outs[2], w2;
    unsigned char buf[4096];
    size_t n = 0;
    char msg[200];
    int n2;
    ((double *)gir_node_data(g, w))[1] = -7.25;
    outs[0] = y; outs[1] = y;
    CHECK(gir_onnx_export(g, 2, outs, buf, sizeof buf, &n) == GIR_OK, "%s", gir_graph_message(g));
    CHECK(gir_onnx_import(buf, n, NULL, &h, 2, outs, &n2, msg, sizeof msg) == GIR_OK && n2 == 2, "%s", msg);
    w2 = gir_graph_find(h, "w");
    CHECK(w2.id && ((const double *)gir_node_data(h, w2))[1] == -7.25, "the variable's new value");
    gir_graph_free(h);
    gir_graph_free(g);
    return 1;
}
static int test_onnx_write_errors(void) {
    gir_graph *g = gir_graph_new(NULL), *o = gir_graph_new(NULL);
    gir_node x = gir_input(g, GIR_DTYPE_F32, gir_shape2(2, 2)), inv = gir_name(g, gir_inverse(g, x), "inv");
    gir_node y = gir_exp(g, x), bad[1], other = gir_input(o, GIR_DTYPE_F32, gir_shape0());
    unsigned char small[16];
    size_t n = 0, need = 0;
    CHECK(gir_onnx_export(g, 1, &inv, NULL, 0, &n) == GIR_ERR_UNSUPPORTED, "unsupported op");
    CHECK(strstr(gir_graph_message(g), "'inv'") && strstr(gir_graph_message(g), "op 'inverse' has no ONNX form"),
          "message: %s", gir_graph_message(g));
    gir_graph_clear_error(g);
    CHECK(gir_onnx_export(g, 1, &y, NULL, 0, &need) == GIR_ERR_LIMIT && need > 16 &&
          gir_graph_status(g) == GIR_OK, "size query");
    CHECK(gir_onnx_export(g, 1, &y, small, sizeof small, &n) == GIR_ERR_LIMIT && n == need &&
          strstr(gir_graph_message(g), "the buffer holds 16"), "too small: %s", gir_graph_message(g));
    gir_graph_clear_error(g);
    bad[0] = other;
    CHECK(gir_onnx_export(g, 1, bad, NULL, 0, &n) == GIR_ERR_HANDLE, "foreign handle");
    gir_graph_clear_error(g);
    bad[0].id = 0; bad[0].tag = 0;
    CHECK(gir_onnx_export(g, 1, bad, NULL, 0, &n) == GIR_ERR_HANDLE, "handle 0");
    gir_graph_clear_error(g);
    CHECK(gir_onnx_export(g, 0, &y, NULL, 0, &n) == GIR_ERR_INVALID_ARG, "no outputs");
    CHECK(gir_onnx_export(NULL, 1, &y, NULL, 0, &n) == GIR_ERR_INVALID_ARG, "no graph");
    gir_graph_clear_error(g);
    CHECK(gir_onnx_export_file(g, 1, &y, NULL) == GIR_ERR_INVALID_ARG, "no FILE");
    gir_graph_free(g);
    gir_graph_free(o);
    return 1;
}
/* the control nodes: a call (inlined), a scan forwards and in reverse, a scan without per-step inputs (a Scan of
   zeros), an if (If with two branches), a while loop with max_trip (a scan of conds), each round-tripped; a while
   loop without max_trip has no ONNX form */
static gir_func *ow_func(gir_graph *b, int which) {
    gir_node p[3], r[2];
    int k;
    for (k = 0; k < 3; ++k) p[k] = gir_input(b, GIR_DTYPE_F32, gir_shape1(3));
    if (which == 0) {                           /* h' = tanh(h w + x), y = h' h */
        r[0] = gir_tanh(b, gir_add(b, gir_mul(b, p[0], p[2]), p[1]));
        r[1] = gir_mul(b, r[0], p[0]);
        return gir_func_new(b, "cell", 3, p, 2, r);
    }
    r[0] = which == 1 ? gir_tanh(b, gir_mul(b, p[0], p[1])) : gir_sub(b, p[0], p[1]);
    r[1] = which == 1 ? gir_add(b, p[0], gir_scalar(b, GIR_DTYPE_F32, 0.5)) : p[1];
    if (which == 3) r[0] = gir_mul(b, p[0], gir_scalar(b, GIR_DTYPE_F32, 2));
    if (which == 4) r[0] = gir_lt(b, gir_sum(b, p[0], gir_ints0(), 0), gir_scalar(b, GIR_DTYPE_F32, 100));
    return gir_func_new(b, which == 1 ? "decay" : "branch", which >= 3 ? 1 : 2, p, which >= 3 ? 1 : 2, r);
}
static int test_onnx_write_control(void) {
    gir_graph *g = gir_graph_new(NULL), *b[5];
    gir_func *f[5];
    gir_node h = gir_input(g, GIR_DTYPE_F32, gir_shape1(3)), xs = gir_input(g, GIR_DTYPE_F32, gir_shape2(4, 3));
    gir_node w = gir_input(g, GIR_DTYPE_F32, gir_shape1(3)), a[3], r[2], outs[8];
    gir_scan_desc d;
    size_t n = 0;
    int k;
    for (k = 0; k < 5; ++k) f[k] = ow_func(b[k] = gir_graph_new(NULL), k);
    a[0] = h; a[1] = gir_sin(g, w); a[2] = w;
    CHECK(gir_func_call(g, f[0], 3, a, 2, r) == GIR_OK, "call: %s", gir_graph_message(g));
    outs[0] = r[0]; outs[1] = r[1];
    d.length = 4; d.n_carry = 1; d.n_xs = 1; d.reverse = 1; d.checkpoint = 0;
    a[1] = xs;
    CHECK(gir_scan(g, f[0], &d, 3, a, 2, r) == GIR_OK, "scan: %s", gir_graph_message(g));
    outs[2] = r[0]; outs[3] = r[1];
    d.n_xs = 0;
    a[1] = w;
    CHECK(gir_scan(g, f[1], &d, 2, a, 2, r) == GIR_OK, "scan of no xs: %s", gir_graph_message(g));
    outs[4] = r[1];
    CHECK(gir_cond(g, gir_gt(g, gir_sum(g, h, gir_ints0(), 0), gir_scalar(g, GIR_DTYPE_F32, 0)), f[1], f[2], 2, a,
                   2, r) == GIR_OK, "cond: %s", gir_graph_message(g));
    outs[5] = r[0]; outs[6] = r[1]; outs[7] = outs[4];
    if (!ow_roundtrip(g, 8, outs)) return 0;
    CHECK(gir_while(g, f[4], f[3], 9, 1, &h, r) == GIR_OK, "while, max_trip: %s", gir_graph_message(g));
    if (!ow_roundtrip(g, 1, r)) return 0;         /* a scan whose steps are conds */
    CHECK(gir_while(g, f[4], f[3], 0, 1, &h, r) == GIR_OK, "while: %s", gir_graph_message(g));
    CHECK(gir_onnx_export(g, 1, r, NULL, 0, &n) == GIR_ERR_UNSUPPORTED &&
          strstr(gir_graph_message(g), "op 'while_loop' has no ONNX form"), "while: %s", gir_graph_message(g));
    for (k = 0; k < 5; ++k) gir_graph_free(b[k]);
    gir_graph_free(g);
    return 1;
}
/* the bytes are deterministic: two exports of one graph are equal, and the size query agrees with the writing */
static int test_onnx_write_deterministic(void) {
    gir_graph *g = gir_graph_new(NULL);
    gir_node x = gir_input(g, GIR_DTYPE_F32, gir_shape2(4, 3));
    gir_node y = gir_leaky_relu(g, gir_transpose(g, x, gir_ints2(1, 0)), 0.2);
    unsigned char a[2048], b[2048];
    size_t na = 0, nb = 0, nq = 0;
    CHECK(gir_onnx_export(g, 1, &y, NULL, 0, &nq) == GIR_ERR_LIMIT, "query");
    CHECK(gir_onnx_export(g, 1, &y, a, sizeof a, &na) == GIR_OK && gir_onnx_export(g, 1, &y, b, sizeof b, &nb) ==
          GIR_OK && na == nb && na == nq && memcmp(a, b, na) == 0, "two exports differ");
    gir_graph_free(g);
    return 1;
}
static void suite_onnx_write(void) {
    RUN("onnx_write/mlp_roundtrip", test_onnx_write_mlp());
    RUN("onnx_write/cnn_roundtrip", test_onnx_write_cnn());
    RUN("onnx_write/dtypes_roundtrip", test_onnx_write_dtypes());
    RUN("onnx_write/trained_values", test_onnx_write_trained_values());
    RUN("onnx_write/errors", test_onnx_write_errors());
    RUN("onnx_write/deterministic", test_onnx_write_deterministic());
    RUN("onnx_write/control_roundtrip", test_onnx_write_control());
}
#else
static void suite_onnx_write(void) {}
#endif
