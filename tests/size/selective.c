/* selective.c - selective builds on the host (make size-check): compiled once per configuration
 *   -DSEL_NO_CONV  with GIR_NO_OPS_CONV and GIR_NO_OP_TANH: left-out ops fail with GIR_ERR_NOT_BUILT and a
 *                  message naming the op and the macro; the graph stays usable.
 *   -DSEL_ONLY     with GIR_ONLY_OPS and the ops of tests/size/infer.c and train.c: an MLP's loss, gradients
 *                  and one SGD step match a plain C reference; an op not asked for fails clearly.
 *   -DSEL_F32      with GIR_ONLY_F32: an f32 model runs from a plan and from its image and matches plain C; a
 *                  step of another dtype fails to run, and an image holding one to open, with GIR_ERR_NOT_BUILT.
 * Prints `N passed, N failed`; the exit status is the number of failures. */
#define GIR_IMPLEMENTATION
#include "gir.h"
#include <math.h>
#include <stdio.h>
#include <string.h>

static int npass, nfail;
static void check(int ok, const char *what, const char *msg) {
    if (ok) ++npass;
    else { ++nfail; printf("FAIL %s%s%s\n", what, msg ? ": " : "", msg ? msg : ""); }
}
static int has(gir_graph *g, const char *s) { return strstr(gir_graph_message(g), s) != NULL; }

/* after an error: clear it, build and run x + x, check the values */
static void still_usable(gir_graph *g, const char *what) {
    float xv[3] = {1, 2, 3};
    gir_node x, y;
    gir_plan *p = NULL;
    const float *o;
    gir_graph_clear_error(g);
    x = gir_input(g, GIR_DTYPE_F32, gir_shape1(3));
    y = gir_add(g, x, x);
    check(gir_plan_compile(g, 1, &y, NULL, &p) == GIR_OK && gir_plan_bind(p, x, xv) == GIR_OK && gir_plan_run(p) == GIR_OK, what,
          gir_graph_message(g));
    o = p ? (const float *)gir_plan_data(p, y) : NULL;
    check(o && o[0] == 2 && o[1] == 4 && o[2] == 6, what, "x + x after the error");
    gir_plan_free(p);
}

#if defined(SEL_NO_CONV)
static void test_left_out(void) {
    gir_graph *g = gir_graph_new(NULL);
    gir_node x = gir_input(g, GIR_DTYPE_F32, gir_shape4(1, 1, 4, 4)), w = gir_input(g, GIR_DTYPE_F32, gir_shape4(1, 1, 3, 3));
    gir_node in[2], y;
    y = gir_conv2d(g, x, w, gir_ints2(1, 1), gir_ints2(0, 0), gir_ints2(1, 1), 1);
    check(!y.id && gir_graph_status(g) == GIR_ERR_NOT_BUILT, "conv2d left out", gir_graph_message(g));
    check(has(g, "op 'conv2d' is not in this build (GIR_NO_OPS_CONV)"), "conv2d message", gir_graph_message(g));
    still_usable(g, "usable after conv2d");
    in[0] = x; in[1] = w;
    y = gir_op_build(g, GIR_OP_CONV2D_BWD_FILTER, 2, in, NULL);
    check(!y.id && has(g, "op 'conv2d_bwd_filter' is not in this build (GIR_NO_OPS_CONV)"), "op_build conv2d_bwd_filter",
          gir_graph_message(g));
    gir_graph_clear_error(g);
    y = gir_tanh(g, x);
    check(!y.id && has(g, "op 'tanh' is not in this build (GIR_NO_OP_TANH)"), "tanh left out", gir_graph_message(g));
    still_usable(g, "usable after tanh");
    y = gir_sigmoid(g, x);   /* same group (math), not left out */
    check(y.id != 0 && gir_graph_status(g) == GIR_OK, "sigmoid kept", gir_graph_message(g));
    gir_graph_free(g);
    /* the op tables: a left-out op keeps its name and group only, the kept ops their whole row */
    check(strcmp(gir_op_name(GIR_OP_TANH), "tanh") == 0 && gir_op_from_name("conv2d") == GIR_OP_CONV2D &&
          gir_op_group(GIR_OP_CONV2D) == GIR_GROUP_CONV, "name and group of a left-out op", NULL);
    check(gir_op_parent_count(GIR_OP_CONV2D) == 0 && !gir_op_differentiable(GIR_OP_TANH) &&
          !gir_op_attr_spec(GIR_OP_CONV2D)[0], "the other queries of a left-out op answer as for no op", NULL);
    check(gir_op_parent_count(GIR_OP_SIGMOID) == 1 && gir_op_differentiable(GIR_OP_SIGMOID) &&
          gir_op_parent_count(GIR_OP_WHERE) == 2 && strcmp(gir_op_attr_spec(GIR_OP_SUM), "l:axes,i:keepdims") == 0 &&
          gir_op_parent_count(GIR_OP_CONCAT) == -1, "the rows of kept ops", NULL);
}
#endif

#if defined(SEL_ONLY)
enum { IN = 5, HID = 4, OUT = 3, B = 2 };
/* the reference: logits = relu(x W1 + b1) W2 + b2, loss = mean cross-entropy, plain SGD step of lr */
static double ref_step(const float *x, const int32_t *lab, float *w1, float *b1, float *w2, float *b2, double lr) {
    double h[B][HID], z[B][OUT], dz[B][OUT], dh[B][HID], loss = 0;
    double gw1[IN][HID] = {{0}}, gb1[HID] = {0}, gw2[HID][OUT] = {{0}}, gb2[OUT] = {0};
    int i, j, k;
    for (i = 0; i < B; ++i) {
        double mx = -1e300, s = 0;
        for (j = 0; j < HID; ++j) {
            double a = b1[j];
            for (k = 0; k < IN; ++k) a += (double)x[i * IN + k] * w1[k * HID + j];
            h[i][j] = a > 0 ? a : 0;
        }
        for (j = 0; j < OUT; ++j) {
            double a = b2[j];
            for (k = 0; k < HID; ++k) a += h[i][k] * w2[k * OUT + j];
            z[i][j] = a;
            if (a > mx) mx = a;
        }
        for (j = 0; j < OUT; ++j) s += exp(z[i][j] - mx);
        loss += (log(s) + mx - z[i][lab[i]]) / B;
        for (j = 0; j < OUT; ++j) dz[i][j] = (exp(z[i][j] - mx) / s - (j == lab[i])) / B;
        for (k = 0; k < HID; ++k) {
            dh[i][k] = 0;
            for (j = 0; j < OUT; ++j) { dh[i][k] += dz[i][j] * w2[k * OUT + j]; gw2[k][j] += h[i][k] * dz[i][j]; }
            if (h[i][k] <= 0) dh[i][k] = 0;
        }
        for (j = 0; j < OUT; ++j) gb2[j] += dz[i][j];
        for (k = 0; k < HID; ++k) {
            gb1[k] += dh[i][k];
            for (j = 0; j < IN; ++j) gw1[j][k] += (double)x[i * IN + j] * dh[i][k];
        }
    }
    for (j = 0; j < IN; ++j) for (k = 0; k < HID; ++k) w1[j * HID + k] -= (float)(lr * gw1[j][k]);
    for (k = 0; k < HID; ++k) b1[k] -= (float)(lr * gb1[k]);
    for (k = 0; k < HID; ++k) for (j = 0; j < OUT; ++j) w2[k * OUT + j] -= (float)(lr * gw2[k][j]);
    for (j = 0; j < OUT; ++j) b2[j] -= (float)(lr * gb2[j]);
    return loss;
}
static int close_all(const float *a, const float *b, int n) {
    int k;
    for (k = 0; k < n; ++k) if (fabs((double)a[k] - b[k]) > 1e-5 * (1 + fabs((double)b[k]))) return 0;
    return 1;
}
static void test_only(void) {
    static const int32_t shapes[4][2] = {{IN, HID}, {1, HID}, {HID, OUT}, {1, OUT}};
    static const int counts[4] = {IN * HID, HID, HID * OUT, OUT};
    float x[B * IN], ref[4][IN * HID];
    int32_t lab[B] = {2, 0};
    double lr = 0.5, loss_ref;
    gir_graph *g = gir_graph_new(NULL);
    gir_node xi, yi, lri, var[4], grads[4], outs[1 + GIR_OPTIM_MAX_UPDATES(4)], logits, t;
    gir_optim_desc opt = gir_optim_defaults(GIR_OPTIM_SGD);
    gir_plan *p = NULL;
    int i, k, nout;
    for (k = 0; k < B * IN; ++k) x[k] = (float)((k * 7 % 11) - 5) / 5.0f;
    for (i = 0; i < 4; ++i) {
        for (k = 0; k < counts[i]; ++k) ref[i][k] = (float)(((k + 3 * i) * 5 % 13) - 6) / 10.0f;
        var[i] = gir_variable(g, GIR_DTYPE_F32, gir_shape2(shapes[i][0], shapes[i][1]), ref[i]);
    }
    xi = gir_input(g, GIR_DTYPE_F32, gir_shape2(B, IN));
    yi = gir_input(g, GIR_DTYPE_I32, gir_shape1(B));
    lri = gir_input(g, GIR_DTYPE_F64, gir_shape0());
    logits = gir_add(g, gir_matmul(g, gir_relu(g, gir_add(g, gir_matmul(g, xi, var[0]), var[1])), var[2]), var[3]);
    outs[0] = gir_mean(g, gir_xent_logits(g, logits, yi), gir_ints0(), 0);
    gir_grad(g, outs[0], 4, var, grads);
    nout = 1 + gir_optim_updates(g, &opt, 4, var, grads, lri, outs + 1);
    check(gir_graph_status(g) == GIR_OK, "MLP with gradients and SGD builds", gir_graph_message(g));
    check(gir_plan_compile(g, nout, outs, NULL, &p) == GIR_OK, "compile", gir_graph_message(g));
    check(p && !gir_plan_bind(p, xi, x) && !gir_plan_bind(p, yi, lab) && !gir_plan_bind(p, lri, &lr) && !gir_plan_run(p),
          "run", p ? gir_plan_message(p) : "no plan");
    loss_ref = ref_step(x, lab, ref[0], ref[1], ref[2], ref[3], lr);
    if (p) {
        double loss = *(const float *)gir_plan_data(p, outs[0]);
        char m[96];
        snprintf(m, sizeof m, "loss %.7f, reference %.7f", loss, loss_ref);
        check(fabs(loss - loss_ref) < 1e-5, "loss matches the plain C reference", m);
        for (i = 0; i < 4; ++i)
            check(close_all((const float *)gir_node_data(g, var[i]), ref[i], counts[i]), "SGD step matches the reference", NULL);
    }
    gir_plan_free(p);
    t = gir_tanh(g, xi);   /* not asked for */
    check(!t.id && has(g, "op 'tanh' is not in this build (GIR_ONLY_OPS without GIR_WITH_OP_TANH or GIR_WITH_OPS_MATH)"),
          "tanh not asked for", gir_graph_message(g));
    still_usable(g, "usable after tanh");
    gir_graph_free(g);
}
#endif

#if defined(SEL_F32)
/* softmax(relu(x W + b)) of a 3x5 x and 5x4 W in plain C, in double */
static void f32_reference(const float *x, const float *w, const float *b, double *y) {
    int i, j, k;
    for (i = 0; i < 3; ++i) {
        double s = 0, row[4];
        for (j = 0; j < 4; ++j) {
            double a = b[j];
            for (k = 0; k < 5; ++k) a += (double)x[i * 5 + k] * w[k * 4 + j];
            row[j] = a > 0 ? a : 0;
        }
        for (j = 0; j < 4; ++j) s += exp(row[j]);
        for (j = 0; j < 4; ++j) y[i * 4 + j] = exp(row[j]) / s;
    }
}
static void test_only_f32(void) {
    static float x[15], w[20], b[4];
    static uint64_t ram[512];
    unsigned char img[4096];
    gir_graph *g = gir_graph_new(NULL);
    gir_node xi, y, x64, e64;
    gir_plan *p = NULL, *p64 = NULL;
    gir_compile_desc d;
    gir_image *m = NULL;
    double want[12], d64[3] = {0, 1, 2};
    const float *got;
    char msg[256];
    size_t len = 0;
    int i, ok = 1;
    for (i = 0; i < 15; ++i) x[i] = (float)(i % 7) / 3.0f - 1.0f;
    for (i = 0; i < 20; ++i) w[i] = (float)((i * 5) % 9) / 4.0f - 1.0f;
    for (i = 0; i < 4; ++i) b[i] = 0.25f * (float)i;
    f32_reference(x, w, b, want);
    xi = gir_input(g, GIR_DTYPE_F32, gir_shape2(3, 5));
    y = gir_softmax(g, gir_relu(g, gir_add(g, gir_matmul(g, xi, gir_constant(g, GIR_DTYPE_F32, gir_shape2(5, 4), w)),
                                           gir_constant(g, GIR_DTYPE_F32, gir_shape1(4), b))), 1);
    memset(&d, 0, sizeof d);
    d.flags = GIR_COMPILE_NO_FUSION;
    check(gir_plan_compile(g, 1, &y, &d, &p) == GIR_OK && gir_plan_bind(p, xi, x) == GIR_OK && gir_plan_run(p) == GIR_OK,
          "only_f32: f32 plan runs", p ? gir_plan_message(p) : gir_graph_message(g));
    got = p ? (const float *)gir_plan_data(p, y) : NULL;
    for (i = 0; got && i < 12; ++i) ok &= fabs(got[i] - want[i]) < 1e-6;
    check(got && ok, "only_f32: plan matches plain C", NULL);
    check(p && gir_plan_write_image(p, 1, &xi, 1, &y, img, sizeof img, &len) == GIR_OK &&
          gir_image_dtypes(img, len) == 1u << GIR_DTYPE_F32 &&
          gir_image_open(img, len, ram, sizeof ram, &m, msg, sizeof msg) == GIR_OK &&
          gir_image_bind(m, 0, x, sizeof x) == GIR_OK && gir_image_run(m) == GIR_OK, "only_f32: f32 image runs", msg);
    check(m && got && !memcmp(gir_image_output(m, 0, NULL), got, 12 * sizeof(float)), "only_f32: image = plan", NULL);
    x64 = gir_input(g, GIR_DTYPE_F64, gir_shape1(3));
    e64 = gir_exp(g, x64);          /* an elementwise op: refused when it is built */
    check(!e64.id && gir_graph_status(g) == GIR_ERR_NOT_BUILT && has(g, "GIR_ONLY_F32") && has(g, "exp"),
          "only_f32: an f64 elementwise op is not built", gir_graph_message(g));
    gir_graph_clear_error(g);
    e64 = gir_softmax(g, x64, 0);   /* another kernel: refused when it runs */
    check(gir_plan_compile(g, 1, &e64, &d, &p64) == GIR_OK && gir_plan_bind(p64, x64, d64) == GIR_OK, "only_f32: f64 "
          "plan compiles", gir_graph_message(g));
    check(p64 && gir_plan_run(p64) == GIR_ERR_NOT_BUILT && strstr(gir_plan_message(p64), "GIR_ONLY_F32") &&
          strstr(gir_plan_message(p64), "softmax"), "only_f32: an f64 step fails to run", p64 ? gir_plan_message(p64) : "");
    check(p64 && gir_plan_write_image(p64, 1, &x64, 1, &e64, img, sizeof img, &len) == GIR_OK &&
          gir_image_open(img, len, ram, sizeof ram, &m, msg, sizeof msg) == GIR_ERR_NOT_BUILT && !m &&
          strstr(msg, "f64") && strstr(msg, "GIR_ONLY_F32"), "only_f32: an f64 image fails to open", msg);
    check(gir_plan_run(p) == GIR_OK, "only_f32: the f32 plan still runs", gir_plan_message(p));
    gir_plan_free(p);
    gir_plan_free(p64);
    still_usable(g, "only_f32: graph after the errors");
    gir_graph_free(g);
}
#endif

int main(void) {
#if defined(SEL_NO_CONV)
    test_left_out();
#endif
#if defined(SEL_ONLY)
    test_only();
#endif
#if defined(SEL_F32)
    test_only_f32();
#endif
    printf("%d passed, %d failed\n", npass, nfail);
    return nfail;
}
