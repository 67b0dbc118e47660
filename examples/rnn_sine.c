/* rnn_sine.c - a small recurrent network learns to continue a sine wave: from 12 samples of
   sin(0.3 t + phase) it predicts the 13th. An Elman RNN (h = tanh(x W_ih + b_ih + h W_hh + b_hh),
   as torch.nn.RNN) with 16 hidden units, unrolled over the 12 steps: the layers "rnn/ih" and
   "rnn/hh" are built once per step and share their weights by name. A dense head reads the last
   hidden state; Adam trains all of it (gir_train_compile). The phases come from a small generator
   that the PyTorch twin (examples/torch/rnn_sine.py) copies. Exits 1 unless the test loss on
   new phases falls below 1e-3.
   Build and run (from the repository root):
       gcc -std=c99 -O2 -I. examples/rnn_sine.c -o build/rnn_sine -lm && ./build/rnn_sine        */
#define GIR_IMPLEMENTATION
#include "gir.h"
#include <math.h>

enum { T = 12, HIDDEN = 16, BATCH = 64, STEPS = 600 };
static const double LR = 0.01;

/* uniform in [-1, 1): a linear congruential generator, the same in the twin */
static uint32_t state = 12345;
static double uniform(void) {
    state = state * 1664525u + 1013904223u;
    return (state >> 8) / 8388608.0 - 1.0;
}
/* a batch of waves with random phases: x [BATCH, T] and the next sample y [BATCH, 1] */
static void waves(float *x, float *y) {
    for (int i = 0; i < BATCH; ++i) {
        double phase = 3.14159265358979 * uniform();
        for (int t = 0; t <= T; ++t) {
            float v = (float)sin(0.3 * t + phase);
            if (t < T) x[i * T + t] = v;
            else y[i] = v;
        }
    }
}
/* the prediction for x [BATCH, T] */
static gir_node forward(gir_graph *g, gir_node x) {
    gir_node h = gir_zeros(g, GIR_DTYPE_F32, gir_shape2(BATCH, HIDDEN));
    for (int t = 0; t < T; ++t) {
        gir_node xt = gir_slice(g, x, 1, t, t + 1, 1);
        h = gir_tanh(g, gir_add(g, gir_dense(g, xt, HIDDEN, "rnn/ih", 1),
                                gir_dense(g, h, HIDDEN, "rnn/hh", 1)));
    }
    return gir_dense(g, h, 1, "head", 1);
}

int main(void) {
    static float xv[BATCH * T], yv[BATCH];
    gir_graph *g = gir_graph_new(NULL);
    gir_plan *train = NULL;
    gir_node x = gir_input(g, GIR_DTYPE_F32, gir_shape2(BATCH, T));
    gir_node y = gir_input(g, GIR_DTYPE_F32, gir_shape2(BATCH, 1));
    gir_node loss = gir_mse(g, forward(g, x), y);
    gir_plan *test = NULL;
    gir_train_desc opt = gir_train_defaults(GIR_OPTIM_ADAM, LR);
    opt.eval = &test;   /* the loss alone, no update: for the test batch */
    if (gir_train_compile(g, loss, &opt, &train)) {
        fprintf(stderr, "error: %s\n", gir_graph_message(g));
        return 1;
    }
    gir_plan_bind(train, x, xv);
    gir_plan_bind(train, y, yv);
    gir_plan_bind(test, x, xv);
    gir_plan_bind(test, y, yv);
    for (int step = 1; step <= STEPS; ++step) {
        waves(xv, yv);
        if (gir_plan_run(train)) {
            fprintf(stderr, "error: %s\n", gir_plan_message(train));
            return 1;
        }
        if (step % 100 == 0) printf("step %3d  loss %.6f\n", step, gir_plan_scalar(train, loss));
    }
    waves(xv, yv);
    if (gir_plan_run(test)) {
        fprintf(stderr, "error: %s\n", gir_plan_message(test));
        return 1;
    }
    double test_loss = gir_plan_scalar(test, loss);
    printf("test loss on new phases: %.6f\n", test_loss);
    gir_plan_free(train);
    gir_plan_free(test);
    gir_graph_free(g);
    return test_loss < 1e-3 ? 0 : 1;
}
