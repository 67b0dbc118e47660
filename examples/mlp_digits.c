/* mlp_digits.c - train a 64-128-10 ReLU network on the UCI handwritten digits (8x8 images) with gir.h.
   One graph holds the model twice over the same variables: a training copy on a fixed-size minibatch whose
   plan outputs the loss, the number of correct guesses and the gradients, and an evaluation copy over the
   whole test set. Weights start as nn.Linear's do (gir_init_layer); SGD with momentum runs inside the
   training plan (gir_optim_updates), so one gir_run is one training step. PyTorch twin: examples/torch/mlp_digits.py.
   Build and run (from the repository root; `make demo` does the same):
       gcc -std=c99 -O2 -I. examples/mlp_digits.c -o build/mlp_digits -lm
       ./build/mlp_digits [examples/data/digits.csv]                                                     */
#define GIR_IMPLEMENTATION
#include "gir.h"
#include "digits_data.h"

enum { PIX = DIGITS_PIX, CLASSES = DIGITS_CLASSES, HIDDEN = 128, BATCH = 32, EPOCHS = 30 };
static const double LR = 0.05, MOMENTUM = 0.9;

static gir_node forward(gir_graph *g, const gir_node *var, gir_node x) {   /* logits of x [rows, 64] */
    return gir_add(g, gir_matmul(g, gir_relu(g, gir_add(g, gir_matmul(g, x, var[0]), var[1])), var[2]), var[3]);
}
static gir_node count_correct(gir_graph *g, gir_node logits, gir_node labels) {   /* an i32 scalar */
    return gir_sum(g, gir_cast(g, gir_eq(g, gir_argmax(g, logits, 1, 0), labels), GIR_DTYPE_I32), gir_ints0(), 0);
}

int main(int argc, char **argv) {
    static const int32_t shapes[4][3] = {{2, PIX, HIDDEN}, {1, HIDDEN}, {2, HIDDEN, CLASSES}, {1, CLASSES}};   /* rank, dims */
    static float xb[BATCH * PIX];
    int32_t yb[BATCH], rc = 1, nb;
    double acc = 0;
    digits_data d;
    if (digits_load(argc > 1 ? argv[1] : "examples/data/digits.csv", BATCH, &d)) return 1;
    gir_graph *g = gir_graph_new(NULL);
    gir_plan *train = NULL, *eval = NULL;
    gir_node var[4], grads[4], outs[2 + GIR_OPTIM_MAX_UPDATES(4)];
    for (int k = 0; k < 4; ++k) var[k] = gir_variable(g, GIR_DTYPE_F32, gir_shapev(shapes[k][0], shapes[k] + 1), NULL);
    for (int k = 0; k < 4; k += 2) gir_init_layer(g, var[k], var[k + 1], GIR_INIT_IN_OUT, k + 1);   /* as nn.Linear */
    gir_node x = gir_input(g, GIR_DTYPE_F32, gir_shape2(BATCH, PIX)), y = gir_input(g, GIR_DTYPE_I32, gir_shape1(BATCH));
    gir_node xt = gir_input(g, GIR_DTYPE_F32, gir_shape2(d.n_test, PIX)), yt = gir_input(g, GIR_DTYPE_I32, gir_shape1(d.n_test));
    gir_node logits = forward(g, var, x), test_correct = count_correct(g, forward(g, var, xt), yt);
    gir_node lr = gir_input(g, GIR_DTYPE_F64, gir_shape0());
    gir_optim_desc opt = gir_optim_defaults(GIR_OPTIM_SGD);
    opt.momentum = MOMENTUM;
    outs[0] = gir_mean(g, gir_xent_logits(g, logits, y), gir_ints0(), 0);   /* loss, hits, the optimizer's updates */
    outs[1] = count_correct(g, logits, y);
    gir_grad(g, outs[0], 4, var, grads);
    int nout = 2 + gir_optim_updates(g, &opt, 4, var, grads, lr, outs + 2);
    if (gir_graph_status(g) || gir_compile(g, nout, outs, &train) || gir_compile(g, 1, &test_correct, &eval))
        { fprintf(stderr, "error: building the model: %s\n", gir_graph_message(g)); goto done; }
    /* the plans keep these pointers: refill the buffers, run again */
    gir_plan_bind(train, x, xb); gir_plan_bind(train, y, yb); gir_plan_bind(train, lr, &LR); gir_plan_bind(eval, xt, d.x_test); gir_plan_bind(eval, yt, d.y_test);
    nb = d.n_train / BATCH;   /* the partial last batch is dropped; reshuffling changes it */
    printf("%d samples: %d train, %d test; %d-%d-%d ReLU MLP, batch %d, SGD lr %g momentum %g\n", d.n, d.n_train,
           d.n_test, PIX, HIDDEN, CLASSES, BATCH, LR, MOMENTUM);
    printf("%5s %10s %10s %10s\n", "epoch", "loss", "train acc", "test acc");   /* train: on the batches as seen */
    for (int epoch = 1; epoch <= EPOCHS; ++epoch) {
        double sum_loss = 0, hits = 0;
        digits_shuffle(&d);
        for (int b = 0; b < nb; ++b) {
            digits_batch(&d, b, BATCH, xb, yb);
            if (gir_run(train)) { fprintf(stderr, "error: training: %s\n", gir_plan_message(train)); goto done; }
            sum_loss += gir_plan_scalar(train, outs[0]);
            hits += gir_plan_scalar(train, outs[1]);
        }
        if (gir_run(eval)) { fprintf(stderr, "error: evaluation: %s\n", gir_plan_message(eval)); goto done; }
        acc = 100.0 * gir_plan_scalar(eval, test_correct) / d.n_test;
        printf("%5d %10.5f %9.2f%% %9.2f%%\n", epoch, sum_loss / nb, 100.0 * hits / (nb * BATCH), acc);
    }
    printf("final test accuracy: %.2f%% (%d samples)\n", acc, d.n_test);
    if ((rc = acc < 95.0)) fprintf(stderr, "error: test accuracy below 95%%\n");
done:
    gir_plan_free(train); gir_plan_free(eval); gir_graph_free(g); digits_free(&d);
    return rc;
}
