/* mlp_digits.c - train a 64-128-10 ReLU network on the UCI handwritten digits (8x8 images) with
   gir.h, save it, and load it into a model built afresh, which must score the same on the test set.
   The layers (gir_dense) make named parameters ("fc1/w" ...), initialised as nn.Linear's.
   gir_train_compile builds the training plan: the loss on a minibatch, its gradients and the
   SGD-with-momentum update, so one gir_plan_run is one training step. The test set is evaluated
   by a plan of its own.
   PyTorch twin: examples/torch/mlp_digits.py. Build and run (from the repository root; `make demo`
   does it):
       gcc -std=c99 -O2 -I. examples/mlp_digits.c -o build/mlp_digits -lm
       ./build/mlp_digits [examples/data/digits.csv]                                             */
#define GIR_IMPLEMENTATION
#include "gir.h"
#include "digits_data.h"

enum { PIX = DIGITS_PIX, CLASSES = DIGITS_CLASSES, HIDDEN = 128, BATCH = 32, EPOCHS = 30 };
static const double LR = 0.05, MOMENTUM = 0.9;

/* logits of x [rows, 64]: the first call makes the layers' weights, a second shares them */
static gir_node forward(gir_graph *g, gir_node x, uint64_t seed) {
    gir_node h = gir_relu(g, gir_dense(g, x, HIDDEN, "fc1", seed));
    return gir_dense(g, h, CLASSES, "fc2", seed);
}
static gir_node count_correct(gir_graph *g, gir_node logits, gir_node labels) {
    return gir_sum(g, gir_cast(g, gir_eq(g, gir_argmax(g, logits, 1, 0), labels), GIR_DTYPE_I32),
                   gir_ints0(), 0);   /* an i32 scalar */
}
static double test_accuracy(gir_graph *g, const digits_data *d) {
    gir_node xt = gir_input(g, GIR_DTYPE_F32, gir_shape2(d->n_test, PIX));
    gir_node yt = gir_input(g, GIR_DTYPE_I32, gir_shape1(d->n_test));
    gir_node hits = count_correct(g, forward(g, xt, 0), yt);
    gir_plan *p = NULL;
    double acc = -1;   /* percent; -1: error */
    if (!gir_plan_compile(g, 1, &hits, NULL, &p) && !gir_plan_bind(p, xt, d->x_test) &&
        !gir_plan_bind(p, yt, d->y_test) && !gir_plan_run(p))
        acc = 100.0 * gir_plan_scalar(p, hits) / d->n_test;
    else
        fprintf(stderr, "error: testing: %s%s\n", gir_graph_message(g),
                p ? gir_plan_message(p) : "");
    gir_plan_free(p);
    return acc;
}

int main(int argc, char **argv) {
    static float xb[BATCH * PIX];
    static unsigned char file[1 << 20];   /* the saved parameters */
    int32_t yb[BATCH], rc = 1;
    size_t size = 0;
    double acc, reloaded;
    digits_data d;
    if (digits_load(argc > 1 ? argv[1] : "examples/data/digits.csv", BATCH, &d)) return 1;
    gir_graph *g = gir_graph_new(NULL), *fresh = gir_graph_new(NULL);
    gir_plan *train = NULL;
    gir_node x = gir_input(g, GIR_DTYPE_F32, gir_shape2(BATCH, PIX));
    gir_node y = gir_input(g, GIR_DTYPE_I32, gir_shape1(BATCH));
    gir_node logits = forward(g, x, 1);
    gir_node loss = gir_mean(g, gir_xent_logits(g, logits, y), gir_ints0(), 0);
    gir_node hits = count_correct(g, logits, y);
    gir_train_desc opt = gir_train_defaults(GIR_OPTIM_SGD, LR);
    opt.optim.momentum = MOMENTUM;
    opt.n_extra = 1;
    opt.extra = &hits;
    int nb = d.n_train / BATCH;   /* last partial batch dropped */
    if (gir_train_compile(g, loss, &opt, &train)) {
        fprintf(stderr, "error: building the model: %s\n", gir_graph_message(g));
        goto done;
    }
    /* kept: refill, run again */
    gir_plan_bind(train, x, xb);
    gir_plan_bind(train, y, yb);
    printf("%d samples: %d train, %d test; %d-%d-%d ReLU MLP, batch %d, SGD lr %g momentum %g\n"
           "%5s %10s %10s\n", d.n, d.n_train, d.n_test, PIX, HIDDEN, CLASSES, BATCH, LR, MOMENTUM,
           "epoch", "loss", "train acc");
    for (int epoch = 1; epoch <= EPOCHS; ++epoch) {
        double sum_loss = 0, sum_hits = 0;
        digits_shuffle(&d);
        for (int b = 0; b < nb; ++b) {
            digits_batch(&d, b, BATCH, xb, yb);
            if (gir_plan_run(train)) {
                fprintf(stderr, "error: training: %s\n", gir_plan_message(train));
                goto done;
            }
            sum_loss += gir_plan_scalar(train, loss);
            sum_hits += gir_plan_scalar(train, hits);
        }
        /* on the batches as seen */
        printf("%5d %10.5f %9.2f%%\n", epoch, sum_loss / nb, 100.0 * sum_hits / (nb * BATCH));
    }
    /* the same model with other weights, then the saved ones loaded by name */
    forward(fresh, gir_input(fresh, GIR_DTYPE_F32, gir_shape2(1, PIX)), 99);
    if (gir_graph_save_variables(g, 0, NULL, file, sizeof file, &size) ||
        gir_graph_load_variables(fresh, file, size, GIR_LOAD_PARTIAL)) {
        fprintf(stderr, "error: save and load: %s%s\n", gir_graph_message(g),
                gir_graph_message(fresh));
        goto done;
    }
    acc = test_accuracy(g, &d);
    reloaded = test_accuracy(fresh, &d);
    printf("test accuracy: %.2f%% (%d samples); saved (%zu bytes) and reloaded: %.2f%%\n",
           acc, d.n_test, size, reloaded);
    if ((rc = acc < 95.0 || reloaded != acc))
        fprintf(stderr, "error: test accuracy below 95%% or changed by reloading\n");
done:
    gir_plan_free(train);
    gir_graph_free(g);
    gir_graph_free(fresh);
    digits_free(&d);
    return rc;
}
