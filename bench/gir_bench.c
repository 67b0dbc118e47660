/* gir_bench.c - gir.h's side of `make bench`: one workload per name, printed as
 *     gir <name> <value> <unit>
 * with the median over repetitions inside this process. bench/run.py runs it interleaved with the
 * anchors (OpenBLAS, NumPy, PyTorch) and prints the ratios.
 *
 *   gir_bench [NAME ...]      (no name: every workload)
 *
 * Built with -DGIR_THREADS -pthread (as `make bench` does) it also times sgemm_1024_2t: 2 threads of the
 * built-in pool against 1 thread, in alternation in this process.
 */
#define _POSIX_C_SOURCE 199309L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#define GIR_IMPLEMENTATION
#include "../gir.h"

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}
static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}
static double median(double *v, int n) {
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}
static void die(const char *what, const char *msg) {
    fprintf(stderr, "gir_bench: %s: %s\n", what, msg);
    exit(1);
}
static void check_graph(gir_graph *g) { if (gir_graph_status(g) != GIR_OK) die("graph", gir_graph_message(g)); }
static void run_plan(gir_plan *p) { if (gir_plan_run(p) != GIR_OK) die("run", gir_plan_message(p)); }
static unsigned rng_state = 12345u;
static float frand(void) { rng_state = rng_state * 1664525u + 1013904223u; return (float)(rng_state >> 8) / 16777216.0f - 0.5f; }
static float *random_floats(int64_t n) {
    float *v = (float *)malloc((size_t)n * sizeof(float));
    int64_t k;
    if (!v) die("malloc", "out of memory");
    for (k = 0; k < n; ++k) v[k] = frand();
    return v;
}
/* seconds per call of one plan run: warm up, then repeat until min_time, several samples, median */
static double time_plan(gir_plan *p, double min_time) {
    double s[7];
    int k, reps = 1;
    double t0;
    run_plan(p);
    for (;;) {                                  /* calibrate the repetition count */
        int r;
        t0 = now();
        for (r = 0; r < reps; ++r) run_plan(p);
        if (now() - t0 >= min_time / 7 || reps > (1 << 24)) break;
        reps *= 2;
    }
    for (k = 0; k < 7; ++k) {
        int r;
        t0 = now();
        for (r = 0; r < reps; ++r) run_plan(p);
        s[k] = (now() - t0) / reps;
    }
    return median(s, 7);
}

static void bench_sgemm(const char *name, int n) {
    gir_graph *g = gir_graph_new(NULL);
    gir_node a = gir_input(g, GIR_DTYPE_F32, gir_shape2(n, n)), b = gir_input(g, GIR_DTYPE_F32, gir_shape2(n, n));
    gir_node c = gir_matmul(g, a, b);
    gir_plan *p = NULL;
    float *av = random_floats((int64_t)n * n), *bv = random_floats((int64_t)n * n);
    double t;
    check_graph(g);
    if (gir_plan_compile(g, 1, &c, NULL, &p) != GIR_OK) die(name, gir_graph_message(g));
    gir_plan_bind(p, a, av);
    gir_plan_bind(p, b, bv);
    t = time_plan(p, n >= 1024 ? 1.0 : 0.3);
    printf("gir %s %.2f GFLOP/s\n", name, 2.0 * n * n * (double)n / t * 1e-9);
    gir_plan_free(p);
    gir_graph_free(g);
    free(av); free(bv);
}

/* p1 and p2 timed in alternation, 9 samples of reps runs each (seconds per run in s1, s2), so a change of the
   machine's load touches both alike */
static void time_pair(gir_plan *p1, gir_plan *p2, int reps, double *s1, double *s2) {
    double t0;
    int k, r;
    for (k = 0; k < 9; ++k) {
        t0 = now();
        for (r = 0; r < reps; ++r) run_plan(p1);
        s1[k] = (now() - t0) / reps;
        t0 = now();
        for (r = 0; r < reps; ++r) run_plan(p2);
        s2[k] = (now() - t0) / reps;
    }
}
#if defined(GIR_HAVE_POOL)
/* sgemm_1024 on 2 threads (the built-in pool) against the same product on 1 thread: two plans of one graph,
   timed in alternation (9 samples of each, medians), so a change of the machine's load touches both alike.
   Prints both figures: "gir sgemm_1024_2t" and "gir sgemm_1024_1t" */
static void bench_sgemm_2t(void) {
    const int n = 1024, reps = 4;
    gir_graph *g = gir_graph_new(NULL);
    gir_node a = gir_input(g, GIR_DTYPE_F32, gir_shape2(n, n)), b = gir_input(g, GIR_DTYPE_F32, gir_shape2(n, n));
    gir_node c = gir_matmul(g, a, b);
    gir_plan *p1 = NULL, *p2 = NULL;
    gir_pool *pool = gir_pool_new(2);
    float *av = random_floats((int64_t)n * n), *bv = random_floats((int64_t)n * n);
    double s1[9], s2[9], flop = 2.0 * n * n * (double)n;
    check_graph(g);
    if (!pool) die("sgemm_1024_2t", "gir_pool_new(2) failed");
    if (gir_plan_compile(g, 1, &c, NULL, &p1) != GIR_OK || gir_plan_compile(g, 1, &c, NULL, &p2) != GIR_OK) die("sgemm_1024_2t", gir_graph_message(g));
    if (gir_plan_set_parallel(p2, gir_pool_parallel, pool, 2) != GIR_OK) die("sgemm_1024_2t", gir_plan_message(p2));
    gir_plan_bind(p1, a, av); gir_plan_bind(p1, b, bv);
    gir_plan_bind(p2, a, av); gir_plan_bind(p2, b, bv);
    run_plan(p1); run_plan(p2);
    time_pair(p1, p2, reps, s1, s2);
    printf("gir sgemm_1024_2t %.2f GFLOP/s\n", flop / median(s2, 9) * 1e-9);
    printf("gir sgemm_1024_1t %.2f GFLOP/s\n", flop / median(s1, 9) * 1e-9);
    gir_plan_free(p1); gir_plan_free(p2);
    gir_pool_free(pool);
    gir_graph_free(g);
    free(av); free(bv);
}
#endif

/* plain SGD as plan outputs: outs[k] = w_k - lr * dw_k (gir.h computes it, fused); after each run the caller
   copies the new values into the variables (sgd_apply): the mlp_train_b1_copy line's way */
static void sgd_outputs(gir_graph *g, int n, const gir_node *var, const gir_node *grad, gir_node *outs) {
    int k;
    for (k = 0; k < n; ++k) outs[k] = gir_sub(g, var[k], gir_mul(g, gir_scalar(g, GIR_DTYPE_F32, 0.01), grad[k]));
}
static void sgd_apply(gir_plan *p, gir_graph *g, int n, const gir_node *var, const gir_node *outs) {
    int k;
    for (k = 0; k < n; ++k)
        memcpy(gir_node_data(g, var[k]), gir_plan_data(p, outs[k]), (size_t)gir_node_numel(g, var[k]) * sizeof(float));
}
/* how a training line updates its parameters: the caller's copy, or an optimizer inside the plan */
#define TRAIN_COPY (-1)
/* the updates users build: gir_optim_updates of optimizer kind how (SGD lr 0.01, Adam lr 1e-3, torch's defaults
   otherwise) into outs, or the outputs of sgd_outputs (TRAIN_COPY); returns how many */
static int train_outputs(gir_graph *g, int how, int n, const gir_node *var, const gir_node *grad, gir_node *outs) {
    gir_optim_desc o;
    int nu;
    if (how == TRAIN_COPY) {
        sgd_outputs(g, n, var, grad, outs);
        return n;
    }
    o = gir_optim_defaults((gir_optim_kind)how);
    nu = gir_optim_updates(g, &o, n, var, grad, gir_scalar(g, GIR_DTYPE_F32, how == GIR_OPTIM_SGD ? 0.01 : 1e-3), outs);
    if (nu <= 0) die("gir_optim_updates", gir_graph_message(g));
    return nu;
}
#define TRAIN_OUTS (1 + GIR_OPTIM_MAX_UPDATES(6))

/* MLP 784-256-256-10, ReLU, mean softmax cross-entropy: forward, backward, update */
static gir_node dense(gir_graph *g, gir_node x, gir_node w, gir_node b) { return gir_add(g, gir_matmul(g, x, w), b); }
/* the MLP's training graph: outs[0] the loss, then the updates (train_outputs); returns the count of outs */
static int mlp_graph(gir_graph *g, int batch, int how, gir_node *var, gir_node *x, gir_node *lab, gir_node *outs) {
    static const int32_t fan[4][2] = {{784, 256}, {256, 0}, {256, 256}, {256, 0}};
    gir_node h, logits, loss, grad[6];
    int k, n;
    for (k = 0; k < 6; ++k) {
        int32_t in = k < 4 ? fan[k][0] : 256, out = k < 4 ? fan[k][1] : 0;
        gir_shape sh = k == 4 ? gir_shape2(256, 10) : k == 5 ? gir_shape1(10) : out ? gir_shape2(in, out) : gir_shape1(in);
        var[k] = gir_variable(g, GIR_DTYPE_F32, sh, NULL);
        check_graph(g);
        {
            float *w = (float *)gir_node_data(g, var[k]);
            int64_t j, cnt = gir_node_numel(g, var[k]);
            for (j = 0; j < cnt; ++j) w[j] = 0.1f * frand();
        }
    }
    *x = gir_input(g, GIR_DTYPE_F32, gir_shape2(batch, 784));
    *lab = gir_input(g, GIR_DTYPE_I32, gir_shape1(batch));
    h = gir_relu(g, dense(g, *x, var[0], var[1]));
    h = gir_relu(g, dense(g, h, var[2], var[3]));
    logits = dense(g, h, var[4], var[5]);
    loss = gir_mean(g, gir_xent_logits(g, logits, *lab), gir_ints0(), 0);
    gir_grad(g, loss, 6, var, grad);
    outs[0] = loss;
    n = 1 + train_outputs(g, how, 6, var, grad, outs + 1);
    check_graph(g);
    return n;
}
/* the MLP's training plan with its batch bound (xv, yv: the caller frees them) */
static gir_plan *mlp_plan(const char *name, gir_graph *g, int batch, int how, gir_node *var, gir_node *outs, int *nout,
                          float **xv, int32_t **yv) {
    gir_node x, lab;
    gir_plan *p = NULL;
    int k;
    *nout = mlp_graph(g, batch, how, var, &x, &lab, outs);
    if (gir_plan_compile(g, *nout, outs, NULL, &p) != GIR_OK) die(name, gir_graph_message(g));
    *xv = random_floats((int64_t)batch * 784);
    *yv = (int32_t *)malloc((size_t)batch * sizeof(int32_t));
    for (k = 0; k < batch; ++k) (*yv)[k] = k % 10;
    gir_plan_bind(p, x, *xv);
    gir_plan_bind(p, lab, *yv);
    return p;
}
/* seconds per training step: 3 steps to warm up, then the median of 9 samples of reps steps each */
static double time_steps(gir_plan *p, int reps) {
    double s[9], t0 = 0;
    int r;
    for (r = -3; r < 9 * reps; ++r) {
        if (r >= 0 && r % reps == 0) t0 = now();
        run_plan(p);
        if (r >= 0 && r % reps == reps - 1) s[r / reps] = (now() - t0) / reps;
    }
    return median(s, 9);
}
static void bench_mlp(const char *name, int batch, int how) {
    gir_graph *g = gir_graph_new(NULL);
    gir_node var[6], outs[TRAIN_OUTS];
    float *xv;
    int32_t *yv;
    double s[9], t0 = 0;
    int r, reps = batch >= 64 ? 20 : 200, nout;
    gir_plan *p = mlp_plan(name, g, batch, how, var, outs, &nout, &xv, &yv);
    for (r = -3; r < 9 * reps; ++r) {
        if (r >= 0 && r % reps == 0) t0 = now();
        run_plan(p);
        if (how == TRAIN_COPY) sgd_apply(p, g, 6, var, outs + 1);        /* w -= lr * dw, by the caller */
        if (r >= 0 && r % reps == reps - 1) s[r / reps] = (now() - t0) / reps;
    }
    printf("gir %s %.4f ms\n", name, 1e3 * median(s, 9));
    gir_plan_free(p);
    gir_graph_free(g);
    free(xv); free(yv);
}
#if defined(GIR_HAVE_POOL)
/* mlp_train_b64 on 2 threads (the built-in pool) against the same step on 1 thread, timed in alternation as
   sgemm_1024_2t is: "gir mlp_train_b64_2t" and "gir mlp_train_b64_1t" */
static void bench_mlp_2t(void) {
    gir_graph *g1 = gir_graph_new(NULL), *g2 = gir_graph_new(NULL);
    gir_node var[6], outs[TRAIN_OUTS];
    float *xv1, *xv2;
    int32_t *yv1, *yv2;
    int n, r, reps = 10;
    gir_plan *p1 = mlp_plan("mlp_train_b64_2t", g1, 64, GIR_OPTIM_SGD, var, outs, &n, &xv1, &yv1);
    gir_plan *p2 = mlp_plan("mlp_train_b64_2t", g2, 64, GIR_OPTIM_SGD, var, outs, &n, &xv2, &yv2);
    gir_pool *pool = gir_pool_new(2);
    double s1[9], s2[9];
    if (!pool || gir_plan_set_parallel(p2, gir_pool_parallel, pool, 2) != GIR_OK) die("mlp_train_b64_2t", "no pool");
    for (r = 0; r < 3; ++r) { run_plan(p1); run_plan(p2); }
    time_pair(p1, p2, reps, s1, s2);
    printf("gir mlp_train_b64_2t %.4f ms\n", 1e3 * median(s2, 9));
    printf("gir mlp_train_b64_1t %.4f ms\n", 1e3 * median(s1, 9));
    gir_plan_free(p1); gir_plan_free(p2);
    gir_pool_free(pool);
    gir_graph_free(g1); gir_graph_free(g2);
    free(xv1); free(yv1); free(xv2); free(yv2);
}
#endif

/* build + differentiate + compile + run a chain of 1000 scalar steps x = x*1.0001 + 0.0001 */
static void bench_ad_overhead(void) {
    double s[9];
    int k, r;
    for (r = 0; r < 9; ++r) {
        double t0 = now();
        for (k = 0; k < 10; ++k) {
            gir_graph *g = gir_graph_new(NULL);
            gir_node x0 = gir_input(g, GIR_DTYPE_F64, gir_shape0()), x = x0, dx, outs[2];
            gir_node a = gir_scalar(g, GIR_DTYPE_F64, 1.0001), b = gir_scalar(g, GIR_DTYPE_F64, 0.0001);
            gir_plan *p = NULL;
            double xv = 1.0;
            int i;
            for (i = 0; i < 1000; ++i) x = gir_add(g, gir_mul(g, x, a), b);
            gir_grad(g, x, 1, &x0, &dx);
            outs[0] = x; outs[1] = dx;
            if (gir_plan_compile(g, 2, outs, NULL, &p) != GIR_OK) die("ad_overhead", gir_graph_message(g));
            gir_plan_bind(p, x0, &xv);
            run_plan(p);
            gir_plan_free(p);
            gir_graph_free(g);
        }
        s[r] = (now() - t0) / 10 / 1000;
    }
    printf("gir ad_overhead %.4f us/op\n", 1e6 * median(s, 9));
}

/* elementwise and softmax throughput: bytes read + written per second */
static void bench_unary(const char *name, int64_t n, int which) {
    gir_graph *g = gir_graph_new(NULL);
    gir_node x = gir_input(g, GIR_DTYPE_F32, gir_shape1((int32_t)n)), y;
    gir_plan *p = NULL;
    float *xv = random_floats(n);
    double t;
    int64_t j;
    for (j = 0; j < n; ++j) xv[j] *= 6.0f;       /* inputs in [-3, 3): both branches of tanh */
    if (which == 0) y = gir_exp(g, x);
    else if (which == 1) y = gir_tanh(g, x);
    else y = gir_tanh(g, gir_add(g, gir_mul(g, x, gir_scalar(g, GIR_DTYPE_F32, 1.5)), gir_scalar(g, GIR_DTYPE_F32, 0.25)));
    check_graph(g);
    if (gir_plan_compile(g, 1, &y, NULL, &p) != GIR_OK) die(name, gir_graph_message(g));
    gir_plan_bind(p, x, xv);
    t = time_plan(p, 0.5);
    printf("gir %s %.3f GB/s\n", name, 8.0 * (double)n / t * 1e-9);
    gir_plan_free(p);
    gir_graph_free(g);
    free(xv);
}
static void bench_softmax(void) {
    const int32_t rows = 16384, cols = 1024;
    gir_graph *g = gir_graph_new(NULL);
    gir_node x = gir_input(g, GIR_DTYPE_F32, gir_shape2(rows, cols)), y = gir_softmax(g, x, 1);
    gir_plan *p = NULL;
    float *xv = random_floats((int64_t)rows * cols);
    double t;
    check_graph(g);
    if (gir_plan_compile(g, 1, &y, NULL, &p) != GIR_OK) die("softmax_16m", gir_graph_message(g));
    gir_plan_bind(p, x, xv);
    t = time_plan(p, 0.5);
    printf("gir softmax_16m %.3f GB/s\n", 8.0 * rows * (double)cols / t * 1e-9);
    gir_plan_free(p);
    gir_graph_free(g);
    free(xv);
}

/* conv3x3(8)-ReLU-maxpool2, conv3x3(16)-ReLU-maxpool2, dense(10) on 1x8x8, batch 32, SGD step */
static void bench_cnn(void) {
    const int batch = 32;
    gir_graph *g = gir_graph_new(NULL);
    gir_node var[6], grad[6], x, lab, h, loss, outs[TRAIN_OUTS];
    gir_shape shapes[6];
    gir_plan *p = NULL;
    float *xv = random_floats((int64_t)batch * 64);
    int32_t yv[32];
    int k, reps = 50, nout;
    shapes[0] = gir_shape4(8, 1, 3, 3);  shapes[1] = gir_shape3(8, 1, 1);
    shapes[2] = gir_shape4(16, 8, 3, 3); shapes[3] = gir_shape3(16, 1, 1);
    shapes[4] = gir_shape2(64, 10);      shapes[5] = gir_shape1(10);
    for (k = 0; k < 6; ++k) {
        float *w;
        int64_t j, cnt;
        var[k] = gir_variable(g, GIR_DTYPE_F32, shapes[k], NULL);
        check_graph(g);
        w = (float *)gir_node_data(g, var[k]);
        cnt = gir_node_numel(g, var[k]);
        for (j = 0; j < cnt; ++j) w[j] = 0.3f * frand();
    }
    x = gir_input(g, GIR_DTYPE_F32, gir_shape4(batch, 1, 8, 8));
    lab = gir_input(g, GIR_DTYPE_I32, gir_shape1(batch));
    h = gir_conv2d(g, x, var[0], gir_ints0(), gir_ints2(1, 1), gir_ints0(), 1);
    h = gir_max_pool2d(g, gir_relu(g, gir_add(g, h, var[1])), gir_ints2(2, 2), gir_ints0(), gir_ints0());
    h = gir_conv2d(g, h, var[2], gir_ints0(), gir_ints2(1, 1), gir_ints0(), 1);
    h = gir_max_pool2d(g, gir_relu(g, gir_add(g, h, var[3])), gir_ints2(2, 2), gir_ints0(), gir_ints0());
    h = gir_reshape(g, h, gir_shape2(batch, 64));
    loss = gir_mean(g, gir_xent_logits(g, dense(g, h, var[4], var[5]), lab), gir_ints0(), 0);
    gir_grad(g, loss, 6, var, grad);
    outs[0] = loss;
    nout = 1 + train_outputs(g, GIR_OPTIM_SGD, 6, var, grad, outs + 1);
    check_graph(g);
    if (gir_plan_compile(g, nout, outs, NULL, &p) != GIR_OK) die("cnn_train_b32", gir_graph_message(g));
    for (k = 0; k < batch; ++k) yv[k] = k % 10;
    gir_plan_bind(p, x, xv);
    gir_plan_bind(p, lab, yv);
    printf("gir cnn_train_b32 %.4f ms\n", 1e3 * time_steps(p, reps));
    gir_plan_free(p);
    gir_graph_free(g);
    free(xv);
}

#ifndef GIR_NO_ONNX
/* ort_* lines: a model of bench/onnx_models.py (exported from PyTorch into $GIR_BENCH_ONNX, default
   build/bench_onnx) imported with its batch dimension given, the plan compiled once, its input bound once to
   the line's data; the output is checked against PyTorch's, then gir_plan_run alone is timed, in us per call.
   bench/ort_bench.js runs the same files in ONNX Runtime. Without the files: a note on stderr, no line. */
static void onnx_path(char *path, size_t cap, const char *name, const char *ext) {
    const char *dir = getenv("GIR_BENCH_ONNX");
    snprintf(path, cap, "%s/%s%s", dir ? dir : "build/bench_onnx", name, ext);
}
/* the f32 values of <line><ext>, which must be n of them */
static float *onnx_floats(const char *line, const char *ext, int64_t n) {
    char path[1024];
    float *v = (float *)malloc((size_t)n * sizeof(float) + 1);
    FILE *f;
    onnx_path(path, sizeof path, line, ext);
    f = fopen(path, "rb");
    if (!v || !f || fread(v, sizeof(float), (size_t)n, f) != (size_t)n || fgetc(f) != EOF)
        die(path, "missing, or not the size the model's shape says");
    fclose(f);
    return v;
}
/* the manifest's row of a line: its model file and batch; 0 when the line or the manifest is not there */
static int onnx_line(const char *line, char *model, int32_t *batch) {
    char path[1024], name[64];
    long b;
    int found = 0;
    FILE *f;
    onnx_path(path, sizeof path, "manifest", ".txt");
    if (!(f = fopen(path, "r"))) return 0;
    while (!found && fscanf(f, "%63s %255s %ld", name, model, &b) == 3)
        found = !strcmp(name, line) && b > 0 && b <= INT32_MAX;
    fclose(f);
    *batch = (int32_t)b;
    return found;
}
static void bench_onnx(const char *line) {
    const char *dim_name = "batch";
    char model[256], path[1024], msg[256];
    int32_t batch = 0;
    gir_onnx_desc d;
    gir_graph *g = NULL;
    gir_node x, y;
    gir_plan *p = NULL;
    float *xv, *want;
    const float *got;
    int64_t k, n;
    int n_out;
    if (!onnx_line(line, model, &batch)) {
        fprintf(stderr, "gir_bench: %s: no exported model (bench/run.py exports them)\n", line);
        return;
    }
    memset(&d, 0, sizeof d);
    d.n_dims = 1; d.dim_names = &dim_name; d.dim_values = &batch;
    onnx_path(path, sizeof path, model, "");
    if (gir_onnx_import_file(path, &d, &g, 1, &y, &n_out, msg, sizeof msg) != GIR_OK) die(path, msg);
    x = gir_graph_find(g, "x");
    if (!x.id || gir_plan_compile(g, 1, &y, NULL, &p) != GIR_OK) die(line, x.id ? gir_graph_message(g) : "no input 'x'");
    xv = onnx_floats(line, ".in", gir_node_numel(g, x));
    n = gir_node_numel(g, y);
    want = onnx_floats(line, ".out", n);
    gir_plan_bind(p, x, xv);
    run_plan(p);
    got = (const float *)gir_plan_data(p, y);
    for (k = 0; k < n; ++k)
        if (!(fabs(got[k] - want[k]) <= 1e-4 * fabs(want[k]) + 1e-5)) {
            fprintf(stderr, "gir_bench: %s: element %ld is %g, PyTorch %g\n", line, (long)k, got[k], want[k]);
            exit(1);
        }
    printf("gir %s %.3f us\n", line, 1e6 * time_plan(p, 0.3));
    gir_plan_free(p);
    gir_graph_free(g);
    free(xv); free(want);
}
#endif

/* graph passes: the values of a plan compiled with the passes (gir) and without them (before), for the MLP
   784-256-256-10 training graph at batch 64 and for the fourth derivative of one function */
static void cse_report(const char *name, gir_graph *g, int n, const gir_node *outs) {
    gir_compile_desc d;
    gir_plan *on = NULL, *off = NULL;
    memset(&d, 0, sizeof d);
    d.flags = GIR_COMPILE_NO_CSE | GIR_COMPILE_NO_SIMPLIFY;
    check_graph(g);
    if (gir_plan_compile(g, n, outs, NULL, &on) != GIR_OK || gir_plan_compile(g, n, outs, &d, &off) != GIR_OK)
        die(name, gir_graph_message(g));
    printf("gir %s %d nodes\nbefore %s %d nodes\n", name, gir_plan_query_stats(on).values, name, gir_plan_query_stats(off).values);
    gir_plan_free(on);
    gir_plan_free(off);
}
static void bench_cse_nodes_mlp(void) {
    static const int32_t dims[4] = {784, 256, 256, 10};
    gir_graph *g = gir_graph_new(NULL);
    gir_node var[6], grad[6], h, loss, outs[7];
    int k;
    for (k = 0; k < 3; ++k) {
        var[2 * k] = gir_variable(g, GIR_DTYPE_F32, gir_shape2(dims[k], dims[k + 1]), NULL);
        var[2 * k + 1] = gir_variable(g, GIR_DTYPE_F32, gir_shape1(dims[k + 1]), NULL);
    }
    h = gir_input(g, GIR_DTYPE_F32, gir_shape2(64, 784));
    for (k = 0; k < 3; ++k) h = k < 2 ? gir_relu(g, dense(g, h, var[2 * k], var[2 * k + 1])) : dense(g, h, var[4], var[5]);
    loss = gir_mean(g, gir_xent_logits(g, h, gir_input(g, GIR_DTYPE_I32, gir_shape1(64))), gir_ints0(), 0);
    gir_grad(g, loss, 6, var, grad);
    outs[0] = loss;
    sgd_outputs(g, 6, var, grad, outs + 1);
    cse_report("cse_nodes_mlp", g, 7, outs);
    gir_graph_free(g);
}
static void bench_cse_nodes_d4(void) {     /* d^4/dx^4 of x sin(x) + tanh(x)^2, x [16] */
    gir_graph *g = gir_graph_new(NULL);
    gir_node x = gir_input(g, GIR_DTYPE_F64, gir_shape1(16));
    gir_node d = gir_add(g, gir_mul(g, x, gir_sin(g, x)), gir_square(g, gir_tanh(g, x)));
    int k;
    for (k = 0; k < 4; ++k) gir_grad(g, gir_sum(g, d, gir_ints0(), 0), 1, &x, &d);
    cse_report("cse_nodes_d4", g, 1, &d);
    gir_graph_free(g);
}
/* the arena of the MLP training step (SGD in the plan, batch 64 or 1) against the liveness lower bound of the plan's
   own order, and against one buffer per value (GIR_COMPILE_NO_REUSE, which also keeps creation order): sizes */
static void bench_arena(const char *name, int batch, int vs_naive) {
    gir_graph *g = gir_graph_new(NULL);
    gir_node var[6], x, lab, outs[TRAIN_OUTS];
    gir_plan *p = NULL, *q = NULL;
    gir_compile_desc d;
    int n;
    memset(&d, 0, sizeof d);
    d.flags = GIR_COMPILE_NO_REUSE | GIR_COMPILE_NO_INPLACE | GIR_COMPILE_NO_FOLD;
    n = mlp_graph(g, batch, GIR_OPTIM_SGD, var, &x, &lab, outs);
    if (gir_plan_compile(g, n, outs, NULL, &p) != GIR_OK || gir_plan_compile(g, n, outs, &d, &q) != GIR_OK)
        die(name, gir_graph_message(g));
    if (!vs_naive) {
        printf("gir %s %.1f KiB\n", name, (double)gir_plan_query_stats(p).arena_bytes / 1024.0);
        printf("lower_bound %s %.1f KiB\n", name, (double)gir_plan_query_stats(p).live_peak / 1024.0);
    } else {
        printf("gir arena_vs_naive %.1f KiB\n", (double)gir_plan_query_stats(p).arena_bytes / 1024.0);
        printf("naive arena_vs_naive %.1f KiB\n", (double)gir_plan_query_stats(q).arena_bytes / 1024.0);
    }
    gir_plan_free(p);
    gir_plan_free(q);
    gir_graph_free(g);
}
/* the memory one training step moves, from the plan's own counts (gir_plan_stats bytes_read + bytes_written), for
   the MLP 784-256-256-10 at batch 1 trained the way users do (gir_dense, gir_train_compile, SGD), against the
   floor of 3 x the weights' bytes: one read for the forward pass and a read-modify-write for the update */
static void bench_traffic(void) {
    gir_graph *g = gir_graph_new(NULL);
    gir_node x = gir_input(g, GIR_DTYPE_F32, gir_shape2(1, 784)), y = gir_input(g, GIR_DTYPE_I32, gir_shape1(1));
    gir_node h = gir_relu(g, gir_dense(g, x, 256, "fc1", 1)), loss;
    gir_train_desc t = gir_train_defaults(GIR_OPTIM_SGD, 0.01);
    gir_plan *p = NULL;
    gir_plan_stats st;
    double weights = 4.0 * (784 * 256 + 256 + 256 * 256 + 256 + 256 * 10 + 10);
    h = gir_relu(g, gir_dense(g, h, 256, "fc2", 1));
    loss = gir_mean(g, gir_xent_logits(g, gir_dense(g, h, 10, "fc3", 1), y), gir_ints0(), 0);
    if (gir_train_compile(g, loss, &t, &p) != GIR_OK) die("mlp_b1_traffic", gir_graph_message(g));
    st = gir_plan_query_stats(p);
    printf("gir mlp_b1_traffic %.0f bytes\n", (double)(st.bytes_read + st.bytes_written));
    printf("floor mlp_b1_traffic %.0f bytes\n", 3 * weights);
    gir_plan_free(p);
    gir_graph_free(g);
}
/* metadata bytes per node (the definition is in bench/run.py): the MLP 64-32-10 training graph built twice with a
   counting allocator that never reuses, the second time with the first build's gir_graph_usage as hints */
typedef struct meta_count { size_t total; } meta_count;
static void *meta_alloc(size_t n, void *u) { ((meta_count *)u)->total += n; return malloc(n); }
static void meta_free(void *p, void *u) { (void)u; free(p); }
static gir_graph *meta_mlp(const gir_graph_desc *hints, meta_count *c, size_t *data) {
    static const int32_t fan[3] = {64, 32, 10};
    gir_graph_desc d;
    gir_graph *g;
    gir_node var[4], grad[4], x, lab, h, loss;
    int k;
    if (hints) d = *hints;
    else memset(&d, 0, sizeof d);
    memset(&d.allocator, 0, sizeof d.allocator);
    d.allocator.alloc_fn = meta_alloc; d.allocator.free_fn = meta_free; d.allocator.user = c;
    g = gir_graph_new(&d);
    if (!g) die("meta_bytes_per_node", "out of memory");
    *data = 0;
    for (k = 0; k < 2; ++k) {
        var[2 * k] = gir_variable(g, GIR_DTYPE_F32, gir_shape2(fan[k], fan[k + 1]), NULL);
        var[2 * k + 1] = gir_variable(g, GIR_DTYPE_F32, gir_shape1(fan[k + 1]), NULL);
        *data += 4 * (size_t)(fan[k] * fan[k + 1] + fan[k + 1]);
    }
    x = gir_input(g, GIR_DTYPE_F32, gir_shape2(64, 64));
    lab = gir_input(g, GIR_DTYPE_I32, gir_shape1(64));
    h = gir_relu(g, dense(g, x, var[0], var[1]));
    loss = gir_mean(g, gir_xent_logits(g, dense(g, h, var[2], var[3]), lab), gir_ints0(), 0);
    gir_grad(g, loss, 4, var, grad);
    for (k = 0; k < 4; ++k)
        gir_assign(g, var[k], gir_sub(g, var[k], gir_mul(g, gir_scalar(g, GIR_DTYPE_F32, 0.01), grad[k])));
    check_graph(g);
    return g;
}
static void bench_meta_bytes(void) {
    meta_count c0 = {0}, c1 = {0};
    size_t data;
    gir_graph *g = meta_mlp(NULL, &c0, &data);
    gir_graph_desc use = gir_graph_usage(g);
    gir_graph_free(g);
    g = meta_mlp(&use, &c1, &data);
    printf("gir meta_bytes_per_node %.1f bytes\n", (double)(c1.total - data) / gir_graph_node_count(g));
    gir_graph_free(g);
}

/* LSTM training step: torch.nn.LSTM(32, 128) (gir_lstm: its cell run by gir_scan) over T = 64 steps at batch 16,
   a linear head 128 -> 10 on every step's hidden state, mean softmax cross-entropy over the T x 16 labels, Adam
   (lr 1e-3, torch's defaults otherwise) in the plan (gir_train_compile): forward, backward through the scan and
   the update, in ms per step. bench/anchors.py builds the same model in PyTorch. */
static void bench_lstm_train(void) {
    enum { T = 64, BATCH = 16, IN = 32, HIDDEN = 128, CLASSES = 10 };
    gir_graph *g = gir_graph_new(NULL);
    gir_node x = gir_input(g, GIR_DTYPE_F32, gir_shape3(T, BATCH, IN));
    gir_node lab = gir_input(g, GIR_DTYPE_I32, gir_shape1(T * BATCH));
    gir_node hs = gir_reshape(g, gir_lstm(g, x, HIDDEN, "lstm", 1), gir_shape2(T * BATCH, HIDDEN));
    gir_node loss = gir_mean(g, gir_xent_logits(g, gir_dense(g, hs, CLASSES, "head", 2), lab), gir_ints0(), 0);
    gir_train_desc opt = gir_train_defaults(GIR_OPTIM_ADAM, 1e-3);
    gir_plan *p = NULL;
    float *xv = random_floats((int64_t)T * BATCH * IN);
    int32_t yv[T * BATCH];
    double sec;
    int k, reps = 5;
    if (gir_train_compile(g, loss, &opt, &p) != GIR_OK) die("lstm_train_t64", gir_graph_message(g));
    for (k = 0; k < T * BATCH; ++k) yv[k] = k % CLASSES;
    gir_plan_bind(p, x, xv);
    gir_plan_bind(p, lab, yv);
    sec = time_steps(p, reps);
    if (!(gir_plan_scalar(p, loss) == gir_plan_scalar(p, loss)) || gir_plan_scalar(p, loss) > 10)
        die("lstm_train_t64", "the loss is not finite after the steps");
    printf("gir lstm_train_t64 %.4f ms\n", 1e3 * sec);
    gir_plan_free(p);
    gir_graph_free(g);
    free(xv);
}

/* what a scan step costs: c' = tanh(c * w + x_t) on f32 scalars over SCAN_T steps, a gir_scan of a body function
   (gir) against the same steps unrolled into one graph (the anchor: per step, slice t of xs, reshaped to a scalar,
   then the same mul, add and tanh: 500,003 nodes), both forward only, compiled once and timed in alternation
   (time_pair); ns per step. The scan's last carry is checked bit for bit against the unrolled graph's. */
#define SCAN_T 100000
static void bench_scan_overhead(void) {
    gir_graph *b = gir_graph_new(NULL), *g[2];
    gir_node bp[3], br, xs[2], w[2], c0[2], out[2];
    gir_func *f;
    gir_plan *p[2];
    gir_scan_desc d;
    float *xv = random_floats(SCAN_T), wv = 0.9f, cv = 0.1f;
    double s[2][9];
    int v, k;
    bp[0] = gir_input(b, GIR_DTYPE_F32, gir_shape0());        /* the carry c */
    bp[1] = gir_input(b, GIR_DTYPE_F32, gir_shape0());        /* x_t */
    bp[2] = gir_input(b, GIR_DTYPE_F32, gir_shape0());        /* w, the same every step */
    br = gir_tanh(b, gir_add(b, gir_mul(b, bp[0], bp[2]), bp[1]));
    if (!(f = gir_func_new(b, "cell", 3, bp, 1, &br))) die("scan_overhead", gir_graph_message(b));
    for (v = 0; v < 2; ++v) {
        g[v] = gir_graph_new(NULL);
        c0[v] = gir_input(g[v], GIR_DTYPE_F32, gir_shape0());
        xs[v] = gir_input(g[v], GIR_DTYPE_F32, gir_shape1(SCAN_T));
        w[v] = gir_input(g[v], GIR_DTYPE_F32, gir_shape0());
        if (!v) {
            gir_node a[3];
            a[0] = c0[v]; a[1] = xs[v]; a[2] = w[v];
            d.length = SCAN_T; d.n_carry = 1; d.n_xs = 1; d.reverse = 0;
            if (gir_scan(g[v], f, &d, 3, a, 1, &out[v]) != GIR_OK) die("scan_overhead", gir_graph_message(g[v]));
        } else {
            gir_node c = c0[v];
            for (k = 0; k < SCAN_T; ++k) {
                gir_node xt = gir_reshape(g[v], gir_slice(g[v], xs[v], 0, k, k + 1, 1), gir_shape0());
                c = gir_tanh(g[v], gir_add(g[v], gir_mul(g[v], c, w[v]), xt));
            }
            out[v] = c;
        }
        check_graph(g[v]);
        if (gir_plan_compile(g[v], 1, &out[v], NULL, &p[v]) != GIR_OK) die("scan_overhead", gir_graph_message(g[v]));
        gir_plan_bind(p[v], c0[v], &cv);
        gir_plan_bind(p[v], xs[v], xv);
        gir_plan_bind(p[v], w[v], &wv);
        run_plan(p[v]);
    }
    if (memcmp(gir_plan_data(p[0], out[0]), gir_plan_data(p[1], out[1]), sizeof(float)))
        die("scan_overhead", "the scan's last carry differs from the unrolled graph's");
    time_pair(p[0], p[1], 3, s[0], s[1]);
    printf("gir scan_overhead %.2f ns\n", 1e9 * median(s[0], 9) / SCAN_T);
    printf("unrolled scan_overhead %.2f ns\n", 1e9 * median(s[1], 9) / SCAN_T);
    for (v = 0; v < 2; ++v) {
        gir_plan_free(p[v]);
        gir_graph_free(g[v]);
    }
    gir_graph_free(b);
    free(xv);
}

static int wanted(int argc, char **argv, const char *name) {
    int k;
    if (argc < 2) return 1;
    for (k = 1; k < argc; ++k)
        if (!strcmp(argv[k], name)) return 1;
    return 0;
}
int main(int argc, char **argv) {
    if (wanted(argc, argv, "sgemm_64")) bench_sgemm("sgemm_64", 64);
    if (wanted(argc, argv, "sgemm_256")) bench_sgemm("sgemm_256", 256);
    if (wanted(argc, argv, "sgemm_1024")) bench_sgemm("sgemm_1024", 1024);
    if (wanted(argc, argv, "sgemm_2048")) bench_sgemm("sgemm_2048", 2048);
    if (wanted(argc, argv, "mlp_train_b64")) bench_mlp("mlp_train_b64", 64, GIR_OPTIM_SGD);
    if (wanted(argc, argv, "mlp_train_b1")) bench_mlp("mlp_train_b1", 1, GIR_OPTIM_SGD);
    if (wanted(argc, argv, "mlp_train_b1_copy")) bench_mlp("mlp_train_b1_copy", 1, TRAIN_COPY);
    if (wanted(argc, argv, "mlp_adam_b64")) bench_mlp("mlp_adam_b64", 64, GIR_OPTIM_ADAM);
    if (wanted(argc, argv, "ad_overhead")) bench_ad_overhead();
    if (wanted(argc, argv, "fused_tanh_16m")) bench_unary("fused_tanh_16m", (int64_t)1 << 24, 2);
    if (wanted(argc, argv, "exp_1m")) bench_unary("exp_1m", (int64_t)1 << 20, 0);
    if (wanted(argc, argv, "tanh_1m")) bench_unary("tanh_1m", (int64_t)1 << 20, 1);
    if (wanted(argc, argv, "softmax_16m")) bench_softmax();
    if (wanted(argc, argv, "cnn_train_b32")) bench_cnn();
    if (wanted(argc, argv, "cse_nodes_mlp")) bench_cse_nodes_mlp();
    if (wanted(argc, argv, "cse_nodes_d4")) bench_cse_nodes_d4();
    if (wanted(argc, argv, "arena_mlp_b64")) bench_arena("arena_mlp_b64", 64, 0);
    if (wanted(argc, argv, "arena_mlp_b1")) bench_arena("arena_mlp_b1", 1, 0);
    if (wanted(argc, argv, "mlp_b1_traffic")) bench_traffic();
    if (wanted(argc, argv, "arena_vs_naive")) bench_arena("arena_vs_naive", 64, 1);
    if (wanted(argc, argv, "meta_bytes_per_node")) bench_meta_bytes();
    if (wanted(argc, argv, "lstm_train_t64")) bench_lstm_train();
    if (wanted(argc, argv, "scan_overhead")) bench_scan_overhead();
#if defined(GIR_HAVE_POOL)
    if (wanted(argc, argv, "sgemm_1024_2t")) bench_sgemm_2t();
    if (wanted(argc, argv, "mlp_train_b64_2t")) bench_mlp_2t();
#endif
#ifndef GIR_NO_ONNX
    {
        static const char *const lines[] = {"ort_mlp_b1", "ort_mlp_b64", "ort_cnn_b32", "ort_call_overhead"};
        int k;
        for (k = 0; k < 4; ++k)
            if (wanted(argc, argv, lines[k])) bench_onnx(lines[k]);
    }
#endif
    return 0;
}
