/* train.c - size_train: the 64-32-10 MLP of infer.c trained on the device: the gradients of a cross-entropy loss
   and the SGD updates of its weights (gir_optim_updates) are steps of a plan image made on the host; the device
   copies the weights into its RAM, runs training steps and reads the loss. Builds as infer.c's:
     SIZE_HOST      the host half: builds, differentiates and compiles the training step, prints its image
     (none)         the device half for Cortex-M4 (GIR_NO_MALLOC: nothing is allocated anywhere)
     SIZE_BASELINE  the device half without any gir.h call
   With SIZE_ADAM (size_train_adam) the updates are Adam's, its step count and bias corrections in f32
   (step_dtype), so the image holds no f64 value and the device build is GIR_ONLY_F32 as SGD's is. */
#include <stdint.h>
#include <string.h>
enum { IN = 64, HID = 32, OUT = 10, BATCH = 8 };

#ifdef SIZE_HOST
#define GIR_IMPLEMENTATION
#include "gir.h"
#include "image_host.h"
int main(void) {
    static const int32_t shapes[4][2] = {{IN, HID}, {1, HID}, {HID, OUT}, {1, OUT}};
    gir_graph *g = gir_graph_new(NULL);
    gir_plan *p = NULL;
    gir_compile_desc d;
    gir_node ins[3], var[4], grads[4], outs[1 + GIR_OPTIM_MAX_UPDATES(4)], logits;
    gir_optim_desc opt;
    int i, nout, rc;
    for (i = 0; i < 4; ++i) var[i] = gir_variable(g, GIR_DTYPE_F32, gir_shape2(shapes[i][0], shapes[i][1]), NULL);
    for (i = 0; i < 4; i += 2) gir_init_uniform(g, var[i], -0.1, 0.1, (uint64_t)i + 1);
    ins[0] = gir_input(g, GIR_DTYPE_F32, gir_shape2(BATCH, IN));
    ins[1] = gir_input(g, GIR_DTYPE_I32, gir_shape1(BATCH));
    ins[2] = gir_input(g, GIR_DTYPE_F32, gir_shape0());               /* the learning rate */
    logits = gir_add(g, gir_matmul(g, gir_relu(g, gir_add(g, gir_matmul(g, ins[0], var[0]), var[1])), var[2]), var[3]);
    outs[0] = gir_mean(g, gir_xent_logits(g, logits, ins[1]), gir_ints0(), 0);
    gir_grad(g, outs[0], 4, var, grads);
#ifdef SIZE_ADAM
    opt = gir_optim_defaults(GIR_OPTIM_ADAM);
    opt.step_dtype = GIR_DTYPE_F32;           /* the step count and bias corrections in f32: no double */
#else
    opt = gir_optim_defaults(GIR_OPTIM_SGD);
#endif
    nout = 1 + gir_optim_updates(g, &opt, 4, var, grads, ins[2], outs + 1);
    memset(&d, 0, sizeof d);
    d.flags = GIR_COMPILE_NO_FUSION;
    if (gir_graph_status(g) != GIR_OK || gir_plan_compile(g, nout, outs, &d, &p) != GIR_OK) {
        fprintf(stderr, "%s\n", gir_graph_message(g));
        return 1;
    }
    rc = size_print_image(p, 3, ins, 1, outs);
    gir_plan_free(p);
    gir_graph_free(g);
    return rc;
}
#else
#ifdef SIZE_ADAM
#include "train_adam_image.h"
#else
#include "train_image.h"
#endif
#ifndef SIZE_BASELINE
#define GIR_IMPLEMENTATION
#include "gir.h"
#endif
static uint64_t ram[(SIZE_IMAGE_RAM + 7) / 8];
volatile float sink[2];
volatile float input[BATCH * IN];
volatile int32_t labels[BATCH];

int main(void) {
    float x[BATCH * IN];
    int32_t yv[BATCH];
    float lr = 0.05f;
    int i;
    for (i = 0; i < BATCH * IN; ++i) x[i] = input[i];
    for (i = 0; i < BATCH; ++i) yv[i] = labels[i];
#ifdef SIZE_BASELINE
    sink[0] = x[0] + (float)yv[0] + (float)lr + (float)size_image.b[999] + (float)(uintptr_t)ram;
    return 0;
#else
    {
        gir_image *m;
        int step;
        if (gir_image_open(size_image.b, sizeof size_image.b, ram, sizeof ram, &m, NULL, 0) != GIR_OK ||
            gir_image_bind(m, 0, x, sizeof x) || gir_image_bind(m, 1, yv, sizeof yv) || gir_image_bind(m, 2, &lr, sizeof lr))
            return 1;
        for (step = 0; step < 3; ++step)
            if (gir_image_run(m) != GIR_OK) return 2;
        sink[0] = *(const float *)gir_image_output(m, 0, NULL);
        return 0;
    }
#endif
}
#endif
