/* image.c - firmware.c's training with the graph work done on the host: the training step (loss,
   gradients, SGD updates) and the test count are compiled on the host and written as two plan
   images; the Cortex-M55 only opens and runs them, so it links the run-time and the kernels of the
   images' ops, none of the graph code.
     IMAGE_HOST  the host program: builds both graphs as firmware.c does (same initial weights),
                 prints the images as C (image_fw.h) with the GIR_ONLY_OPS selection they need
     otherwise   the firmware: prints the flash and RAM of the images, trains 12 epochs, reports
                 loss and accuracy
   The test image takes the weights as inputs, bound to the training image's own copies (its
   outputs 1 to 4). */
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>

enum { PIX = 64, HIDDEN = 32, CLASSES = 10, NTRAIN = 600, NTEST = 200, BATCH = 20, EPOCHS = 12,
       NB = NTRAIN / BATCH };

#ifdef IMAGE_HOST
#define GIR_IMPLEMENTATION
#include "gir.h"

/* logits of x [rows, 64] */
static gir_node forward(gir_graph *g, const gir_node *v, gir_node x) {
    return gir_add(g, gir_matmul(g, gir_relu(g, gir_add(g, gir_matmul(g, x, v[0]), v[1])),
                                 v[2]), v[3]);
}
/* plan p as image `name` (a const array aligned to 8 in flash), with the ops it needs */
static int print_image(gir_plan *p, const char *name, int nin, const gir_node *ins, int nout,
                       const gir_node *outs) {
    size_t len = 0, k;
    unsigned char *img;
    gir_op ops[GIR_OP__COUNT];
    int n, j;
    if (gir_plan_write_image(p, nin, ins, nout, outs, NULL, 0, &len) ||
        !(img = (unsigned char *)malloc(len)) ||
        gir_plan_write_image(p, nin, ins, nout, outs, img, len, &len))
        return fprintf(stderr, "%s: %s\n", name, gir_plan_message(p)), 1;
    n = gir_image_ops(img, len, ops, GIR_OP__COUNT);
    for (j = 0; j < n; ++j) {
        printf("#define GIR_WITH_OP_");
        for (const char *c = gir_op_name(ops[j]); *c; ++c)
            putchar(*c >= 'a' && *c <= 'z' ? *c - 'a' + 'A' : *c);
        putchar('\n');
    }
    printf("static const union { unsigned char b[%lu]; uint64_t align; } %s = {{",
           (unsigned long)len, name);
    for (k = 0; k < len; ++k) printf("%s%u", k % 24 ? "," : k ? ",\n" : "\n", img[k]);
    printf("\n}};\n");
    free(img);
    return 0;
}
int main(void) {
    static const int32_t shapes[4][2] = {{PIX, HIDDEN}, {1, HIDDEN}, {HIDDEN, CLASSES},
                                         {1, CLASSES}};
    gir_graph *g = gir_graph_new(NULL), *t = gir_graph_new(NULL);
    gir_plan *train = NULL, *test = NULL;
    gir_node var[4], w[4], grads[4], outs[1 + GIR_OPTIM_MAX_UPDATES(4)], tin[6], reads[5], hits;
    gir_optim_desc opt = gir_optim_defaults(GIR_OPTIM_SGD);
    gir_compile_desc d = {0};
    for (int k = 0; k < 4; ++k)
        var[k] = gir_variable(g, GIR_DTYPE_F32, gir_shape2(shapes[k][0], shapes[k][1]), NULL);
    for (int k = 0; k < 4; k += 2)   /* as nn.Linear */
        gir_init_layer(g, var[k], var[k + 1], GIR_INIT_IN_OUT, 1 + k);
    /* a batch, its labels, the rate */
    gir_node in[3] = {gir_input(g, GIR_DTYPE_F32, gir_shape2(BATCH, PIX)),
                      gir_input(g, GIR_DTYPE_I32, gir_shape1(BATCH)),
                      gir_input(g, GIR_DTYPE_F64, gir_shape0())};
    outs[0] = gir_mean(g, gir_xent_logits(g, forward(g, var, in[0]), in[1]), gir_ints0(), 0);
    gir_grad(g, outs[0], 4, var, grads);
    int nout = 1 + gir_optim_updates(g, &opt, 4, var, grads, in[2], outs + 1);
    for (int k = 0; k < 4; ++k)
        w[k] = gir_input(t, GIR_DTYPE_F32, gir_shape2(shapes[k][0], shapes[k][1]));
    tin[0] = gir_input(t, GIR_DTYPE_F32, gir_shape2(NTEST, PIX));
    tin[1] = gir_input(t, GIR_DTYPE_I32, gir_shape1(NTEST));
    for (int k = 0; k < 4; ++k) tin[2 + k] = w[k];
    hits = gir_sum(t, gir_cast(t, gir_eq(t, gir_argmax(t, forward(t, w, tin[0]), 1, 0), tin[1]),
                               GIR_DTYPE_I32), gir_ints0(), 0);
    d.flags = GIR_COMPILE_NO_FUSION;   /* images hold unfused steps */
    if (gir_graph_status(g) || gir_plan_compile(g, nout, outs, &d, &train) ||
        gir_plan_compile(t, 1, &hits, &d, &test))
        return fprintf(stderr, "%s %s\n", gir_graph_message(g), gir_graph_message(t)), 1;
    /* the loss, then the weights */
    reads[0] = outs[0];
    for (int k = 0; k < 4; ++k) reads[1 + k] = var[k];
    printf("/* made by image.c (IMAGE_HOST): "
           "the training step and the test count as plan images */\n"
           "#define GIR_ONLY_OPS\n"
           "#define GIR_ONLY_OPS_NO_GRAD\n");
    int rc = print_image(train, "train_image", 3, in, 5, reads) ||
             print_image(test, "test_image", 6, tin, 1, &hits);
    gir_plan_free(train);
    gir_plan_free(test);
    gir_graph_free(g);
    gir_graph_free(t);
    return rc;
}
#else
#include "image_fw.h"
#define GIR_IMPLEMENTATION
#include "gir.h"
#include "digits_fw.h"

static const double LR = 0.2;
/* one per image; gir_image_ram_size says how much each needs */
static uint64_t ram[2][(96 * 1024) / 8];

static gir_image *open_image(const unsigned char *img, size_t len, int k, const char *what) {
    gir_image *m = NULL;
    size_t need = 0;
    char msg[160];
    if (gir_image_ram_size(img, len, &need) ||
        gir_image_open(img, len, ram[k], sizeof ram[k], &m, msg, sizeof msg))
        return printf("error: %s image: %s\n", what, msg), NULL;
    printf("%s image: %u bytes of flash, %u of %u bytes of RAM\n",
           what, (unsigned)len, (unsigned)need, (unsigned)sizeof ram[k]);
    return m;
}
int main(void) {
    static float xb[BATCH * PIX], xt[NTEST * PIX];   /* a training batch, the test set */
    static int32_t yb[BATCH], yt[NTEST];
    gir_image *train = open_image(train_image.b, sizeof train_image.b, 0, "training");
    gir_image *test = open_image(test_image.b, sizeof test_image.b, 1, "test");
    double first = 0, loss = 0;
    size_t bytes;
    if (!train || !test) return 1;
    fw_load(NTRAIN, NTEST, xt, yt);
    gir_image_bind(train, 0, xb, sizeof xb);
    gir_image_bind(train, 1, yb, sizeof yb);
    gir_image_bind(train, 2, &LR, sizeof LR);
    gir_image_bind(test, 0, xt, sizeof xt);
    gir_image_bind(test, 1, yt, sizeof yt);
    /* the test reads the weights the training step updates */
    for (int k = 1; k <= 4; ++k) {
        const void *wk = gir_image_output(train, k, &bytes);
        if (gir_image_bind(test, 1 + k, wk, bytes))
            return printf("error: %s\n", gir_image_message(test)), 1;
    }
    printf("gir.h (%s), plan images: %d train, %d test samples; "
           "%d-%d-%d ReLU MLP, batch %d, SGD lr %g\n",
           gir_simd_name(), NTRAIN, NTEST, PIX, HIDDEN, CLASSES, BATCH, LR);
    for (int epoch = 1; epoch <= EPOCHS; ++epoch) {
        loss = 0;
        for (int b = 0; b < NB; ++b) {
            fw_load(b * BATCH, BATCH, xb, yb);
            if (gir_image_run(train)) return printf("error: %s\n", gir_image_message(train)), 1;
            loss += *(const float *)gir_image_output(train, 0, NULL) / NB;
        }
        if (epoch == 1) first = loss;
        printf("epoch %2d loss %.4f\n", epoch, loss);
    }
    if (gir_image_run(test)) return printf("error: %s\n", gir_image_message(test)), 1;
    double acc = 100.0 * *(const int32_t *)gir_image_output(test, 0, NULL) / NTEST;
    printf("test accuracy: %.1f%% (%d samples)\n", acc, NTEST);
    return loss >= first || acc < 80 ?
        printf("error: the loss did not fall or accuracy < 80%%\n"), 1 : 0;
}
#endif
