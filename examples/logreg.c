/* logreg.c - logistic regression with Adam: two clusters of points in the plane, drawn from a small
   generator that the PyTorch twin (examples/torch/logreg.py) copies, so both fit the same data.
   gir_dense makes the weight and the bias as nn.Linear(2, 1) does; gir_train_compile builds the
   gradients, Adam's updates and the training plan, so one gir_plan_run is one step on all points.
   Exits 1 unless the loss falls below 0.1 and every point is classified right.
   Build and run (from the repository root):
       gcc -std=c99 -O2 -I. examples/logreg.c -o build/logreg -lm && ./build/logreg            */
#define GIR_IMPLEMENTATION
#include "gir.h"

enum { N = 200, STEPS = 300 };
static const double LR = 0.05;

/* uniform in [-1, 1): a linear congruential generator, the same in the twin */
static uint32_t state = 12345;
static double uniform(void) {
    state = state * 1664525u + 1013904223u;
    return (state >> 8) / 8388608.0 - 1.0;
}

int main(void) {
    static float xv[N * 2], yv[N];
    for (int i = 0; i < N; ++i) {   /* class i % 2, around (-1.5, -1.5) or (1.5, 1.5) */
        yv[i] = (float)(i % 2);
        xv[2 * i] = (float)(uniform() + 3 * yv[i] - 1.5);
        xv[2 * i + 1] = (float)(uniform() + 3 * yv[i] - 1.5);
    }
    gir_graph *g = gir_graph_new(NULL);
    gir_plan *train = NULL;
    gir_node x = gir_input(g, GIR_DTYPE_F32, gir_shape2(N, 2));
    gir_node y = gir_input(g, GIR_DTYPE_F32, gir_shape2(N, 1));
    gir_node logits = gir_dense(g, x, 1, "linear", 1);
    gir_node loss = gir_mean(g, gir_bce_logits(g, logits, y), gir_ints0(), 0);
    gir_node right = gir_eq(g, gir_gt(g, logits, gir_scalar(g, GIR_DTYPE_F32, 0)),
                            gir_gt(g, y, gir_scalar(g, GIR_DTYPE_F32, 0.5)));
    gir_node hits = gir_sum(g, gir_cast(g, right, GIR_DTYPE_I32), gir_ints0(), 0);
    gir_train_desc opt = gir_train_defaults(GIR_OPTIM_ADAM, LR);
    opt.n_extra = 1;
    opt.extra = &hits;
    if (gir_train_compile(g, loss, &opt, &train)) {
        fprintf(stderr, "error: %s\n", gir_graph_message(g));
        return 1;
    }
    gir_plan_bind(train, x, xv);
    gir_plan_bind(train, y, yv);
    double last = 0, correct = 0;
    for (int step = 1; step <= STEPS; ++step) {
        if (gir_plan_run(train)) {
            fprintf(stderr, "error: %s\n", gir_plan_message(train));
            return 1;
        }
        last = gir_plan_scalar(train, loss);
        correct = gir_plan_scalar(train, hits);
        if (step % 50 == 0)
            printf("step %3d  loss %.5f  %3.0f of %d right\n", step, last, correct, N);
    }
    const float *w = gir_node_data(g, gir_graph_find(g, "linear/w"));
    const float *b = gir_node_data(g, gir_graph_find(g, "linear/b"));
    printf("w = (%.4f, %.4f), b = %.4f\n", w[0], w[1], b[0]);
    gir_plan_free(train);
    gir_graph_free(g);
    return last < 0.1 && correct == N ? 0 : 1;
}
