/* firmware.c - on-device training on a Cortex-M55 (Helium): a 64-32-10 ReLU MLP learns the UCI
   digits (the first 800 samples, in flash as bytes: digits_fw.h, made by make_data.py) with SGD,
   allocating from a static arena (GIR_NO_MALLOC, board.h) in a build that keeps only the ops it
   uses (GIR_ONLY_OPS, see the Makefile). Prints the memory it takes, the loss per epoch and the
   test accuracy over semihosting.
   PyTorch twin: examples/torch/firmware.py. Run under qemu: make firmware-demo (from the repository
   root). */
#define GIR_IMPLEMENTATION
#include "gir.h"
#include "board.h"
#include "digits_fw.h"
#include <stdio.h>

enum { PIX = 64, HIDDEN = 32, CLASSES = 10, NTRAIN = 600, NTEST = 200, BATCH = 20, EPOCHS = 12,
       NB = NTRAIN / BATCH };
static const double LR = 0.2;

/* logits of x [rows, 64] */
/* logits of x: the first call makes the layers' weights, a second shares them */
static gir_node forward(gir_graph *g, gir_node x) {
    gir_node h = gir_relu(g, gir_dense(g, x, HIDDEN, "fc1", 1));
    return gir_dense(g, h, CLASSES, "fc2", 1);
}

int main(void) {
    static float xb[BATCH * PIX], xt[NTEST * PIX];   /* a training batch, the test set */
    static int32_t yb[BATCH], yt[NTEST];
    gir_graph_desc desc = {.allocator = {fw_alloc, fw_realloc, fw_free, NULL}};
    gir_graph *g = gir_graph_new(&desc);
    gir_plan *train = NULL, *test = NULL;
    double first = 0, loss = 0;
    gir_node x = gir_input(g, GIR_DTYPE_F32, gir_shape2(BATCH, PIX));
    gir_node y = gir_input(g, GIR_DTYPE_I32, gir_shape1(BATCH));
    gir_node xtest = gir_input(g, GIR_DTYPE_F32, gir_shape2(NTEST, PIX));
    gir_node yt_in = gir_input(g, GIR_DTYPE_I32, gir_shape1(NTEST));
    gir_node mean_loss = gir_mean(g, gir_xent_logits(g, forward(g, x), y), gir_ints0(), 0);
    gir_node hits = gir_sum(g, gir_cast(g, gir_eq(g, gir_argmax(g, forward(g, xtest), 1, 0),
                                                  yt_in), GIR_DTYPE_I32), gir_ints0(), 0);
    gir_train_desc opt = gir_train_defaults(GIR_OPTIM_SGD, LR);
    /* an error stays in the graph, so the next compile fails: one check for both */
    gir_train_compile(g, mean_loss, &opt, &train);
    if (gir_plan_compile(g, 1, &hits, NULL, &test))
        return printf("error: %s\n", gir_graph_message(g)), 1;
    fw_load(NTRAIN, NTEST, xt, yt);
    gir_plan_bind(train, x, xb);
    gir_plan_bind(train, y, yb);
    gir_plan_bind(test, xtest, xt);
    gir_plan_bind(test, yt_in, yt);
    printf("gir.h (%s): %u of %u arena bytes used by the graph and both plans "
           "(values: train %u, test %u)\n"
           "%d train, %d test samples; %d-%d-%d ReLU MLP, batch %d, SGD lr %g\n",
           gir_simd_name(), (unsigned)fw_arena_used, (unsigned)FW_ARENA_BYTES,
           (unsigned)gir_plan_query_stats(train).arena_bytes,
           (unsigned)gir_plan_query_stats(test).arena_bytes,
           NTRAIN, NTEST, PIX, HIDDEN, CLASSES, BATCH, LR);
    for (int epoch = 1; epoch <= EPOCHS; ++epoch) {
        loss = 0;
        for (int b = 0; b < NB; ++b) {
            fw_load(b * BATCH, BATCH, xb, yb);
            if (gir_plan_run(train)) return printf("error: %s\n", gir_plan_message(train)), 1;
            loss += gir_plan_scalar(train, mean_loss) / NB;
        }
        if (epoch == 1) first = loss;
        printf("epoch %2d loss %.4f\n", epoch, loss);
    }
    if (gir_plan_run(test)) return printf("error: %s\n", gir_plan_message(test)), 1;
    double acc = 100.0 * gir_plan_scalar(test, hits) / NTEST;
    printf("test accuracy: %.1f%% (%d samples)\n", acc, NTEST);
    return loss >= first || acc < 80 ?
        printf("error: the loss did not fall or accuracy < 80%%\n"), 1 : 0;
}
