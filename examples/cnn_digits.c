/* cnn_digits.c - a small convolutional network on the UCI handwritten digits (8x8 images) with
   gir.h: conv 3x3 - ReLU - 2x2 max pool, twice, then a dense layer to the 10 classes. Same split as
   mlp_digits.c (examples/digits_data.h). The layers make their weights as nn.Conv2d and nn.Linear
   do (gir_conv2d_layer, gir_dense); gir_train_compile builds the gradients, the SGD-with-momentum
   updates and the training plan, so one gir_plan_run is one step. Exits 1 below 96% test accuracy.
   PyTorch twin: examples/torch/cnn_digits.py.
   Build and run (from the repository root):
       gcc -std=c99 -O2 -I. examples/cnn_digits.c -o build/cnn_digits -lm
       ./build/cnn_digits [examples/data/digits.csv]                                             */
#define GIR_IMPLEMENTATION
#include "gir.h"
#include "digits_data.h"

enum { C1 = 16, C2 = 32, BATCH = 32, EPOCHS = 12, CLASSES = DIGITS_CLASSES };
static const double LR = 0.05, MOMENTUM = 0.9;

/* logits of x [rows, 1, 8, 8]: the first call makes the layers' weights, a second shares them */
static gir_node forward(gir_graph *g, gir_node x) {
    x = gir_conv2d_layer(g, x, C1, 3, 1, 1, "conv1", 1);
    x = gir_max_pool2d(g, gir_relu(g, x), gir_ints1(2), gir_ints0(), gir_ints0());
    x = gir_conv2d_layer(g, x, C2, 3, 1, 1, "conv2", 1);
    x = gir_max_pool2d(g, gir_relu(g, x), gir_ints1(2), gir_ints0(), gir_ints0());
    return gir_dense(g, gir_flatten(g, x, 1, 3), CLASSES, "fc", 1);
}
static gir_node count_correct(gir_graph *g, gir_node logits, gir_node labels) {
    return gir_sum(g, gir_cast(g, gir_eq(g, gir_argmax(g, logits, 1, 0), labels), GIR_DTYPE_I32),
                   gir_ints0(), 0);   /* an i32 scalar */
}

int main(int argc, char **argv) {
    static float xb[BATCH * DIGITS_PIX];
    int32_t yb[BATCH], rc = 1, nb;
    double acc = 0;
    digits_data d;
    if (digits_load(argc > 1 ? argv[1] : "examples/data/digits.csv", BATCH, &d)) return 1;
    gir_graph *g = gir_graph_new(NULL);
    gir_plan *train = NULL, *eval = NULL;
    gir_node x = gir_input(g, GIR_DTYPE_F32, gir_shape4(BATCH, 1, 8, 8));
    gir_node y = gir_input(g, GIR_DTYPE_I32, gir_shape1(BATCH));
    gir_node xt = gir_input(g, GIR_DTYPE_F32, gir_shape4(d.n_test, 1, 8, 8));
    gir_node yt = gir_input(g, GIR_DTYPE_I32, gir_shape1(d.n_test));
    gir_node logits = forward(g, x);
    gir_node loss = gir_mean(g, gir_xent_logits(g, logits, y), gir_ints0(), 0);
    gir_node hits = count_correct(g, logits, y);
    gir_node test_hits = count_correct(g, forward(g, xt), yt);
    gir_train_desc opt = gir_train_defaults(GIR_OPTIM_SGD, LR);
    opt.optim.momentum = MOMENTUM;
    opt.n_extra = 1;
    opt.extra = &hits;
    /* an error stays in the graph, so the next compile fails: one check for both */
    gir_train_compile(g, loss, &opt, &train);
    if (gir_plan_compile(g, 1, &test_hits, NULL, &eval)) {
        fprintf(stderr, "error: building the model: %s\n", gir_graph_message(g));
        goto done;
    }
    /* the plans keep these pointers: refill the buffers, run again */
    gir_plan_bind(train, x, xb);
    gir_plan_bind(train, y, yb);
    gir_plan_bind(eval, xt, d.x_test);
    gir_plan_bind(eval, yt, d.y_test);
    nb = d.n_train / BATCH;   /* the partial last batch is dropped; reshuffling changes it */
    printf("%d samples: %d train, %d test; conv%d-pool-conv%d-pool-dense CNN, batch %d, "
           "SGD lr %g momentum %g\n", d.n, d.n_train, d.n_test, C1, C2, BATCH, LR, MOMENTUM);
    /* train: on the batches as seen */
    printf("%5s %10s %10s %10s\n", "epoch", "loss", "train acc", "test acc");
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
        if (gir_plan_run(eval)) {
            fprintf(stderr, "error: evaluation: %s\n", gir_plan_message(eval));
            goto done;
        }
        acc = 100.0 * gir_plan_scalar(eval, test_hits) / d.n_test;
        printf("%5d %10.5f %9.2f%% %9.2f%%\n",
               epoch, sum_loss / nb, 100.0 * sum_hits / (nb * BATCH), acc);
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
