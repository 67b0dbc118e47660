/* rnn_scan.c - an LSTM language model on generated token sequences, trained through a scan.
   Each sequence counts modulo 8 from a random start by a random stride of 1, 2 or 3; the model
   reads token t and predicts token t + 1, so it must find the stride in what it has read.
   gir_lstm is torch.nn.LSTM: its cell is a function of its own (gir_func_new) that gir_scan runs
   over the 16 steps, so the graph holds the cell once, however long the sequence. A linear head
   reads every step's hidden state; Adam trains it all (gir_train_compile), the gradient going
   back through the scan. The sequences come from a small generator that the PyTorch twin
   (examples/torch/rnn_scan.py) copies. Exits 1 unless the test accuracy, from the third
   prediction on, reaches 0.95.
   Build and run (from the repository root):
       gcc -std=c99 -O2 -I. examples/rnn_scan.c -o build/rnn_scan -lm && ./build/rnn_scan        */
#define GIR_IMPLEMENTATION
#include "gir.h"

enum { V = 8, HIDDEN = 32, T = 16, BATCH = 32, STEPS = 400 };
static const double LR = 0.01;

/* uniform in [0, n): a linear congruential generator, the same in the twin */
static uint32_t state = 12345;
static int draw(int n) {
    state = state * 1664525u + 1013904223u;
    return (int)((state >> 8) % (uint32_t)n);
}
/* a batch: x [T, BATCH, V] one-hot tokens and the next tokens [T * BATCH], step-major */
static void sequences(float *x, int32_t *next) {
    for (int i = 0; i < BATCH * T * V; ++i) x[i] = 0;
    for (int b = 0; b < BATCH; ++b) {
        int start = draw(V);
        int stride = 1 + draw(3);
        for (int t = 0; t < T; ++t) {
            x[(t * BATCH + b) * V + (start + stride * t) % V] = 1;
            next[t * BATCH + b] = (start + stride * (t + 1)) % V;
        }
    }
}

int main(void) {
    static float xv[T * BATCH * V];
    static int32_t nv[T * BATCH];
    gir_graph *g = gir_graph_new(NULL);
    gir_node x = gir_input(g, GIR_DTYPE_F32, gir_shape3(T, BATCH, V));
    gir_node next = gir_input(g, GIR_DTYPE_I32, gir_shape1(T * BATCH));
    gir_node hs = gir_reshape(g, gir_lstm(g, x, HIDDEN, "lstm", 1), gir_shape2(T * BATCH, HIDDEN));
    gir_node logits = gir_dense(g, hs, V, "head", 2);
    gir_node loss = gir_mean(g, gir_xent_logits(g, logits, next), gir_ints0(), 0);
    gir_plan *train = NULL;
    gir_plan *test = NULL;
    gir_train_desc opt = gir_train_defaults(GIR_OPTIM_ADAM, LR);
    opt.n_extra = 1;
    opt.extra = &logits;
    opt.eval = &test;   /* the loss and logits alone, no update: for the test batch */
    if (gir_train_compile(g, loss, &opt, &train)) {
        fprintf(stderr, "error: %s\n", gir_graph_message(g));
        return 1;
    }
    gir_plan_bind(train, x, xv);
    gir_plan_bind(train, next, nv);
    gir_plan_bind(test, x, xv);
    gir_plan_bind(test, next, nv);
    for (int step = 1; step <= STEPS; ++step) {
        sequences(xv, nv);
        if (gir_plan_run(train)) {
            fprintf(stderr, "error: %s\n", gir_plan_message(train));
            return 1;
        }
        if (step % 100 == 0) printf("step %3d  loss %.4f\n", step, gir_plan_scalar(train, loss));
    }
    sequences(xv, nv);
    if (gir_plan_run(test)) {
        fprintf(stderr, "error: %s\n", gir_plan_message(test));
        return 1;
    }
    const float *lv = (const float *)gir_plan_data(test, logits);
    int right = 0;
    for (int i = 2 * BATCH; i < T * BATCH; ++i) {
        int best = 0;
        for (int k = 1; k < V; ++k) best = lv[i * V + k] > lv[i * V + best] ? k : best;
        right += best == nv[i];
    }
    double accuracy = right / (double)((T - 2) * BATCH);
    printf("test accuracy from the third prediction on: %.4f\n", accuracy);
    gir_plan_free(train);
    gir_plan_free(test);
    gir_graph_free(g);
    return accuracy >= 0.95 ? 0 : 1;
}
