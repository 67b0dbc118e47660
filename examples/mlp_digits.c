/* mlp_digits.c - train a 64-128-10 ReLU network on the UCI handwritten digits (8x8 images) with gir.h.
   One graph holds the model twice over the same variables: a training copy on a fixed-size minibatch whose
   plan outputs the loss, the number of correct guesses and the gradients, and an evaluation copy over the
   whole test set. SGD with momentum is plain C on the variables' data (gir_node_data).
   Build and run (from the repository root; `make demo` does the same):
       gcc -std=c99 -O2 -I. examples/mlp_digits.c -o build/mlp_digits -lm
       ./build/mlp_digits [examples/data/digits.csv]                                                     */
#define GIR_IMPLEMENTATION
#include "gir.h"
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { PIX = 64, CLASSES = 10, HIDDEN = 128, BATCH = 32, EPOCHS = 30 };
static const float LR = 0.05f, MOMENTUM = 0.9f;

static uint64_t rng = 1;   /* a 64-bit LCG (Knuth's MMIX constants): deterministic shuffles and weights */
static uint32_t rand_u32(void) {
    rng = rng * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)(rng >> 32);
}
static float uniform(void) { return (float)(rand_u32() >> 8) / 16777216.0f; }   /* [0, 1) */
static void shuffle(int *idx, int n) {
    int i;
    for (i = n - 1; i > 0; --i) {
        int j = (int)(rand_u32() % (uint32_t)(i + 1)), t = idx[i];
        idx[i] = idx[j];
        idx[j] = t;
    }
}

/* Reads lines of 64 pixels (0..16) and a label (0..9); pixels scaled to [0,1]. Returns the count, -1 on error. */
static int load_digits(const char *path, float **px, int32_t **py) {
    FILE *f = fopen(path, "r");
    char line[1024];
    int n = 0, cap = 0, lineno = 0;
    if (!f) { fprintf(stderr, "error: cannot open %s: %s\n", path, strerror(errno)); return -1; }
    *px = NULL; *py = NULL;
    while (fgets(line, sizeof line, f)) {
        char *s = line, *end;
        int k;
        ++lineno;
        if (strspn(line, " \t\r\n") == strlen(line)) continue;   /* blank line */
        if (n == cap) {
            float *nx;
            int32_t *ny;
            cap = cap ? 2 * cap : 1024;
            nx = (float *)realloc(*px, (size_t)cap * PIX * sizeof(float));
            if (nx) *px = nx;
            ny = (int32_t *)realloc(*py, (size_t)cap * sizeof(int32_t));
            if (ny) *py = ny;
            if (!nx || !ny) { fprintf(stderr, "error: out of memory\n"); goto fail; }
        }
        for (k = 0; k <= PIX; ++k) {
            long v = strtol(s, &end, 10);
            if (end == s || v < 0 || v > (k < PIX ? 16 : CLASSES - 1) || (k < PIX && *end != ',')) break;
            if (k < PIX) (*px)[(size_t)n * PIX + (size_t)k] = (float)v / 16.0f;
            else (*py)[n] = (int32_t)v;
            s = end + (k < PIX);   /* past the comma */
        }
        if (k <= PIX || strspn(end, " \t\r\n") != strlen(end)) {
            fprintf(stderr, "error: %s:%d: malformed at field %d: want %d comma-separated integers, pixels 0..16 "
                    "then a label 0..9\n", path, lineno, k + 1, PIX + 1);
            goto fail;
        }
        ++n;
    }
    if (ferror(f)) { fprintf(stderr, "error: reading %s: %s\n", path, strerror(errno)); goto fail; }
    fclose(f);
    return n;
fail:
    fclose(f);
    free(*px); free(*py);
    *px = NULL; *py = NULL;
    return -1;
}

static int bind(gir_plan *p, gir_node input, const void *data, size_t bytes) {   /* 0 when bound */
    if (gir_plan_bind_bytes(p, input, data, bytes) == GIR_OK) return 0;   /* checks size and alignment */
    fprintf(stderr, "error: %s\n", gir_plan_message(p));
    return 1;
}
static gir_node forward(gir_graph *g, const gir_node *var, gir_node x) {   /* logits of x [rows, 64] */
    gir_node h = gir_relu(g, gir_add(g, gir_matmul(g, x, var[0]), var[1]));
    return gir_add(g, gir_matmul(g, h, var[2]), var[3]);
}
static gir_node count_correct(gir_graph *g, gir_node logits, gir_node labels) {  /* an i32 scalar */
    gir_node hit = gir_eq(g, gir_argmax(g, logits, 1, 0), labels);
    return gir_sum(g, gir_cast(g, hit, GIR_DTYPE_I32), gir_ints0(), 0);
}

int main(int argc, char **argv) {
    const char *path = argc > 1 ? argv[1] : "examples/data/digits.csv";
    const int32_t fan[4][2] = {{PIX, HIDDEN}, {HIDDEN, 0}, {HIDDEN, CLASSES}, {CLASSES, 0}};
    float *X = NULL, *xb = NULL, *xt = NULL, *vel[4] = {NULL, NULL, NULL, NULL};
    int32_t *Y = NULL, yb[BATCH], *yt = NULL;
    int *order = NULL, n, n_test, n_train, nb, epoch, b, i, k, rc = 1;
    gir_graph *g = NULL;
    gir_plan *train = NULL, *eval = NULL;
    gir_node var[4], grad[4], x, lab, xtest, labtest, logits, loss, outs[6], test_correct;
    double acc = 0;
    clock_t t0 = clock();

    if ((n = load_digits(path, &X, &Y)) < 0) return 1;
    n_test = (n + 4) / 5;   /* the last 20% after shuffling */
    n_train = n - n_test;
    if (n_train < BATCH) {
        fprintf(stderr, "error: %s: only %d samples, need at least %d\n", path, n, BATCH + (BATCH + 3) / 4);
        free(X); free(Y);
        return 1;
    }
    order = (int *)malloc((size_t)n * sizeof(int));
    xb = (float *)malloc((size_t)BATCH * PIX * sizeof(float));
    xt = (float *)malloc((size_t)n_test * PIX * sizeof(float));
    yt = (int32_t *)malloc((size_t)n_test * sizeof(int32_t));
    g = gir_graph_new(NULL);
    if (!order || !xb || !xt || !yt || !g) { fprintf(stderr, "error: out of memory\n"); goto done; }
    for (i = 0; i < n; ++i) order[i] = i;
    shuffle(order, n);
    for (i = 0; i < n_test; ++i) {
        memcpy(xt + (size_t)i * PIX, X + (size_t)order[n_train + i] * PIX, PIX * sizeof(float));
        yt[i] = Y[order[n_train + i]];
    }

    for (k = 0; k < 4; ++k) {   /* weights uniform in +-sqrt(6 / fan_in) (He), biases zero */
        gir_shape s = fan[k][1] ? gir_shape2(fan[k][0], fan[k][1]) : gir_shape1(fan[k][0]);
        var[k] = gir_variable(g, GIR_DTYPE_F32, s, NULL);
        if (var[k].id) {
            int64_t j, cnt = gir_node_numel(g, var[k]);
            float *w = (float *)gir_node_data(g, var[k]), r = (float)sqrt(6.0 / fan[k][0]);
            for (j = 0; j < cnt; ++j) w[j] = fan[k][1] ? r * (2.0f * uniform() - 1.0f) : 0.0f;
            if (!(vel[k] = (float *)calloc((size_t)cnt, sizeof(float)))) {   /* momentum buffers */
                fprintf(stderr, "error: out of memory\n");
                goto done;
            }
        }
    }
    x = gir_input(g, GIR_DTYPE_F32, gir_shape2(BATCH, PIX));
    lab = gir_input(g, GIR_DTYPE_I32, gir_shape1(BATCH));
    logits = forward(g, var, x);
    loss = gir_mean(g, gir_xent_logits(g, logits, lab), gir_ints0(), 0);
    gir_grad(g, loss, 4, var, grad);
    xtest = gir_input(g, GIR_DTYPE_F32, gir_shape2(n_test, PIX));
    labtest = gir_input(g, GIR_DTYPE_I32, gir_shape1(n_test));
    test_correct = count_correct(g, forward(g, var, xtest), labtest);
    outs[0] = loss; outs[1] = count_correct(g, logits, lab);
    for (k = 0; k < 4; ++k) outs[2 + k] = grad[k];
    if (gir_graph_status(g) != GIR_OK || gir_compile(g, 6, outs, &train) != GIR_OK ||
        gir_compile(g, 1, &test_correct, &eval) != GIR_OK) {
        fprintf(stderr, "error: building the model: %s\n", gir_graph_message(g));
        goto done;
    }
    /* the plans keep these pointers: refill the buffers, run again */
    if (bind(train, x, xb, (size_t)BATCH * PIX * sizeof(float)) || bind(train, lab, yb, sizeof yb) ||
        bind(eval, xtest, xt, (size_t)n_test * PIX * sizeof(float)) ||
        bind(eval, labtest, yt, (size_t)n_test * sizeof(int32_t)))
        goto done;

    nb = n_train / BATCH;              /* the partial last batch is dropped; reshuffling changes it */
    printf("%d samples: %d train, %d test; %d-%d-%d ReLU MLP, batch %d, SGD lr %g momentum %g\n", n, n_train,
           n_test, PIX, HIDDEN, CLASSES, BATCH, (double)LR, (double)MOMENTUM);
    printf("%5s %10s %10s %10s\n", "epoch", "loss", "train acc", "test acc");   /* train: on the batches as seen */
    for (epoch = 1; epoch <= EPOCHS; ++epoch) {
        double sum_loss = 0;
        int hits = 0;
        shuffle(order, n_train);
        for (b = 0; b < nb; ++b) {
            for (i = 0; i < BATCH; ++i) {
                int s = order[b * BATCH + i];
                memcpy(xb + (size_t)i * PIX, X + (size_t)s * PIX, PIX * sizeof(float));
                yb[i] = Y[s];
            }
            if (gir_run(train) != GIR_OK) {
                fprintf(stderr, "error: training: %s\n", gir_plan_message(train));
                goto done;
            }
            sum_loss += (double)*(const float *)gir_plan_data(train, loss);
            hits += *(const int32_t *)gir_plan_data(train, outs[1]);
            for (k = 0; k < 4; ++k) {   /* v = mu v - lr g;  w += v */
                float *w = (float *)gir_node_data(g, var[k]);
                const float *gr = (const float *)gir_plan_data(train, grad[k]);
                int64_t j, cnt = gir_node_numel(g, var[k]);
                for (j = 0; j < cnt; ++j) {
                    vel[k][j] = MOMENTUM * vel[k][j] - LR * gr[j];
                    w[j] += vel[k][j];
                }
            }
        }
        if (gir_run(eval) != GIR_OK) {
            fprintf(stderr, "error: evaluation: %s\n", gir_plan_message(eval));
            goto done;
        }
        acc = 100.0 * *(const int32_t *)gir_plan_data(eval, test_correct) / n_test;
        printf("%5d %10.5f %9.2f%% %9.2f%%\n", epoch, sum_loss / nb, 100.0 * hits / (nb * BATCH), acc);
    }
    printf("final test accuracy: %.2f%% (%d samples), %.2f s CPU\n", acc, n_test,
           (double)(clock() - t0) / CLOCKS_PER_SEC);
    rc = acc >= 95.0 ? 0 : 1;
    if (rc) fprintf(stderr, "error: test accuracy below 95%%\n");
done:
    gir_plan_free(train);
    gir_plan_free(eval);
    gir_graph_free(g);
    for (k = 0; k < 4; ++k) free(vel[k]);
    free(X); free(Y); free(order); free(xb); free(xt); free(yt);
    return rc;
}
