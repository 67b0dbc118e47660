/* cnn_digits.c - a small convolutional network on the UCI handwritten digits (8x8 images) with
   gir.h: conv 3x3 - ReLU - 2x2 max pool, twice, then a dense layer to the 10 classes. Same split as
   mlp_digits.c (examples/digits_data.h). Weights start as nn.Conv2d's and nn.Linear's do
   (gir_init_layer); SGD with momentum runs inside the training plan (gir_optim_updates), so one
   gir_plan_run is one step. Exits 1 below 96% test accuracy.
   PyTorch twin: examples/torch/cnn_digits.py.
   Build and run (from the repository root):
       gcc -std=c99 -O2 -I. examples/cnn_digits.c -o build/cnn_digits -lm
       ./build/cnn_digits [examples/data/digits.csv]                                             */
#define GIR_IMPLEMENTATION
#include "gir.h"
#include "digits_data.h"

enum { C1 = 16, C2 = 32, BATCH = 32, EPOCHS = 12, CLASSES = DIGITS_CLASSES };
static const double LR = 0.05, MOMENTUM = 0.9;

/* logits of x [rows, 1, 8, 8] */
static gir_node forward(gir_graph *g, const gir_node *var, gir_node x) {
    for (int k = 0; k < 4; k += 2)   /* conv 3x3 with padding 1, ReLU, 2x2 max pool */
        x = gir_max_pool2d(g, gir_relu(g, gir_conv2d_bias(g, x, var[k], var[k + 1], gir_ints0(),
                                                          gir_ints1(1), gir_ints0(), 1)),
                           gir_ints1(2), gir_ints0(), gir_ints0());
    return gir_add(g, gir_matmul(g, gir_flatten(g, x, 1, 3), var[4]), var[5]);
}
static gir_node count_correct(gir_graph *g, gir_node logits, gir_node labels) {
    return gir_sum(g, gir_cast(g, gir_eq(g, gir_argmax(g, logits, 1, 0), labels), GIR_DTYPE_I32),
                   gir_ints0(), 0);   /* an i32 scalar */
}

int main(int argc, char **argv) {
    /* rank, dims: conv weights OIHW as torch's, the dense one [in, out] (x @ W) */
    static const int32_t shapes[6][5] = {{4, C1, 1, 3, 3}, {1, C1}, {4, C2, C1, 3, 3}, {1, C2},
                                         {2, C2 * 4, CLASSES}, {1, CLASSES}};
    static float xb[BATCH * DIGITS_PIX];
    int32_t yb[BATCH], rc = 1, nb;
    double acc = 0;
    digits_data d;
    if (digits_load(argc > 1 ? argv[1] : "examples/data/digits.csv", BATCH, &d)) return 1;
    gir_graph *g = gir_graph_new(NULL);
    gir_plan *train = NULL, *eval = NULL;
    gir_node var[6], grads[6], outs[2 + GIR_OPTIM_MAX_UPDATES(6)];
    for (int k = 0; k < 6; ++k)
        var[k] = gir_variable(g, GIR_DTYPE_F32, gir_shapev(shapes[k][0], shapes[k] + 1), NULL);
    for (int k = 0; k < 6; k += 2)
        gir_init_layer(g, var[k], var[k + 1], k < 4 ? GIR_INIT_OUT_IN : GIR_INIT_IN_OUT, k + 1);
    gir_node x = gir_input(g, GIR_DTYPE_F32, gir_shape4(BATCH, 1, 8, 8)),
             y = gir_input(g, GIR_DTYPE_I32, gir_shape1(BATCH));
    gir_node xt = gir_input(g, GIR_DTYPE_F32, gir_shape4(d.n_test, 1, 8, 8)),
             yt = gir_input(g, GIR_DTYPE_I32, gir_shape1(d.n_test));
    gir_node logits = forward(g, var, x), test_correct = count_correct(g, forward(g, var, xt), yt);
    gir_node lr = gir_input(g, GIR_DTYPE_F64, gir_shape0());
    gir_optim_desc opt = gir_optim_defaults(GIR_OPTIM_SGD);
    opt.momentum = MOMENTUM;
    /* loss, hits, the optimizer's updates */
    outs[0] = gir_mean(g, gir_xent_logits(g, logits, y), gir_ints0(), 0);
    outs[1] = count_correct(g, logits, y);
    gir_grad(g, outs[0], 6, var, grads);
    int nout = 2 + gir_optim_updates(g, &opt, 6, var, grads, lr, outs + 2);
    if (gir_graph_status(g) || gir_plan_compile(g, nout, outs, NULL, &train) ||
        gir_plan_compile(g, 1, &test_correct, NULL, &eval)) {
        fprintf(stderr, "error: building the model: %s\n", gir_graph_message(g));
        goto done;
    }
    /* the plans keep these pointers: refill the buffers, run again */
    gir_plan_bind(train, x, xb);
    gir_plan_bind(train, y, yb);
    gir_plan_bind(train, lr, &LR);
    gir_plan_bind(eval, xt, d.x_test);
    gir_plan_bind(eval, yt, d.y_test);
    nb = d.n_train / BATCH;   /* the partial last batch is dropped; reshuffling changes it */
    printf("%d samples: %d train, %d test; conv%d-pool-conv%d-pool-dense CNN, batch %d, "
           "SGD lr %g momentum %g\n", d.n, d.n_train, d.n_test, C1, C2, BATCH, LR, MOMENTUM);
    /* train: on the batches as seen */
    printf("%5s %10s %10s %10s\n", "epoch", "loss", "train acc", "test acc");
    for (int epoch = 1; epoch <= EPOCHS; ++epoch) {
        double sum_loss = 0, hits = 0;
        digits_shuffle(&d);
        for (int b = 0; b < nb; ++b) {
            digits_batch(&d, b, BATCH, xb, yb);
            if (gir_plan_run(train)) {
                fprintf(stderr, "error: training: %s\n", gir_plan_message(train));
                goto done;
            }
            sum_loss += gir_plan_scalar(train, outs[0]);
            hits += gir_plan_scalar(train, outs[1]);
        }
        if (gir_plan_run(eval)) {
            fprintf(stderr, "error: evaluation: %s\n", gir_plan_message(eval));
            goto done;
        }
        acc = 100.0 * gir_plan_scalar(eval, test_correct) / d.n_test;
        printf("%5d %10.5f %9.2f%% %9.2f%%\n",
               epoch, sum_loss / nb, 100.0 * hits / (nb * BATCH), acc);
    }
    printf("final test accuracy: %.2f%% (%d samples)\n", acc, d.n_test);
    if ((rc = acc < 96.0)) fprintf(stderr, "error: test accuracy below 96%%\n");
done:
    gir_plan_free(train);
    gir_plan_free(eval);
    gir_graph_free(g);
    digits_free(&d);
    return rc;
}
