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
static gir_node forward(gir_graph *g, const gir_node *v, gir_node x) {
    return gir_add(g, gir_matmul(g, gir_relu(g, gir_add(g, gir_matmul(g, x, v[0]), v[1])),
                                 v[2]), v[3]);
}

int main(void) {
    static float xb[BATCH * PIX], xt[NTEST * PIX];   /* a training batch, the test set */
    static int32_t yb[BATCH], yt[NTEST];
    static const int32_t shapes[4][2] = {{PIX, HIDDEN}, {1, HIDDEN}, {HIDDEN, CLASSES},
                                         {1, CLASSES}};
    gir_graph_desc desc = {.allocator = {fw_alloc, fw_realloc, fw_free, NULL}};
    gir_graph *g = gir_graph_new(&desc);
    gir_plan *train = NULL, *test = NULL;
    gir_node var[4], grads[4], outs[1 + GIR_OPTIM_MAX_UPDATES(4)];
    gir_optim_desc opt = gir_optim_defaults(GIR_OPTIM_SGD);
    double first = 0, loss = 0;
    for (int k = 0; k < 4; ++k)
        var[k] = gir_variable(g, GIR_DTYPE_F32, gir_shape2(shapes[k][0], shapes[k][1]), NULL);
    for (int k = 0; k < 4; k += 2)   /* as nn.Linear */
        gir_init_layer(g, var[k], var[k + 1], GIR_INIT_IN_OUT, 1 + k);
    gir_node x = gir_input(g, GIR_DTYPE_F32, gir_shape2(BATCH, PIX)),
             y = gir_input(g, GIR_DTYPE_I32, gir_shape1(BATCH));
    gir_node lr = gir_input(g, GIR_DTYPE_F64, gir_shape0()),
             xtest = gir_input(g, GIR_DTYPE_F32, gir_shape2(NTEST, PIX));
    gir_node yt_in = gir_input(g, GIR_DTYPE_I32, gir_shape1(NTEST));
    gir_node hits = gir_sum(g, gir_cast(g, gir_eq(g, gir_argmax(g, forward(g, var, xtest), 1, 0),
                                                  yt_in), GIR_DTYPE_I32), gir_ints0(), 0);
    outs[0] = gir_mean(g, gir_xent_logits(g, forward(g, var, x), y), gir_ints0(), 0);
    gir_grad(g, outs[0], 4, var, grads);
    /* loss, then the SGD updates */
    int nout = 1 + gir_optim_updates(g, &opt, 4, var, grads, lr, outs + 1);
    if (gir_graph_status(g) || gir_plan_compile(g, nout, outs, NULL, &train) ||
        gir_plan_compile(g, 1, &hits, NULL, &test))
        return printf("error: %s\n", gir_graph_message(g)), 1;
    fw_load(NTRAIN, NTEST, xt, yt);
    gir_plan_bind(train, x, xb);
    gir_plan_bind(train, y, yb);
    gir_plan_bind(train, lr, &LR);
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
            loss += gir_plan_scalar(train, outs[0]) / NB;
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
