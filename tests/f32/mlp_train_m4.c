/* An f32 MLP training program for Cortex-M4 (single-precision FPU only): dense + ReLU + dense, softmax
   cross-entropy, gradients and an SGD update inside the plan. With GIR_F32_IMAGE (and GIR_ONLY_F32) the step is
   written as a plan image and run from it: its i32 labels and b8 ReLU mask run on the f32 kernels. tests/f32/check_m4_double.sh links it with
   --gc-sections and checks that no double-precision helper (__aeabi_d*, exp, log, sqrt ...) is linked: an
   f32 model must never make the M4 emulate double. It also runs under qemu (mps2-an386, semihosting) and
   prints the loss, which must fall. */
#define GIR_IMPLEMENTATION
#include "../../gir.h"

enum { IN = 16, HID = 12, OUT = 4, BATCH = 8, STEPS = 40 };

static uint32_t lcg(uint32_t *s) { *s = *s * 1664525u + 1013904223u; return *s >> 8; }
static float unit(uint32_t *s) { return (float)lcg(s) * (1.0f / 16777216.0f) - 0.5f; }   /* [-0.5, 0.5) */

#if defined(GIR_F32_DCOUNT)          /* tests/f32/dcount.c: calls of double helpers, counted by --wrap thunks */
#  include <stdio.h>
extern volatile uint32_t gir_f32_dcalls, gir_f32_dcallers[16];
/* SysTick as a clock: under qemu -icount shift=0 it counts one tick per 40 instructions on mps2-an386 (25 MHz) */
#  define SYST(off) (*(volatile uint32_t *)(0xE000E010u + (off)))
#endif
int main(void) {
    static float x[BATCH * IN], w1[IN * HID], w2[HID * OUT];
    static const float lr = 0.5f;
    int32_t y[BATCH];
    uint32_t seed = 7;
    int i, k, nout, bad = 0;
    float first = 0, last = 0;
#if defined(GIR_F32_DCOUNT)
    uint32_t ticks;
#endif
    gir_graph *g = gir_graph_new(NULL);
    gir_node var[4], grads[4], outs[1 + GIR_OPTIM_MAX_UPDATES(4)], xin, yin, lrin, h, logits;
    gir_optim_desc opt;
    gir_plan *p = NULL;
#if defined(GIR_F32_IMAGE)        /* the same step as a plan image, opened by a GIR_ONLY_F32 build */
    static unsigned char img[8192] __attribute__((aligned(8))), ram[8192] __attribute__((aligned(8)));
    static const gir_compile_desc unfused = {GIR_COMPILE_NO_FUSION, 0, NULL, 0};
    gir_node ins[3];
    gir_image *m = NULL;
    size_t len = 0;
    char msg[128] = "";
#endif
    for (i = 0; i < IN * HID; ++i) w1[i] = unit(&seed) * 0.5f;
    for (i = 0; i < HID * OUT; ++i) w2[i] = unit(&seed) * 0.5f;
    var[0] = gir_variable(g, GIR_DTYPE_F32, gir_shape2(IN, HID), w1);
    var[1] = gir_variable(g, GIR_DTYPE_F32, gir_shape1(HID), NULL);
    var[2] = gir_variable(g, GIR_DTYPE_F32, gir_shape2(HID, OUT), w2);
    var[3] = gir_variable(g, GIR_DTYPE_F32, gir_shape1(OUT), NULL);
    xin = gir_input(g, GIR_DTYPE_F32, gir_shape2(BATCH, IN));
    yin = gir_input(g, GIR_DTYPE_I32, gir_shape1(BATCH));
    lrin = gir_input(g, GIR_DTYPE_F32, gir_shape0());
    h = gir_relu(g, gir_add(g, gir_matmul(g, xin, var[0]), var[1]));
    logits = gir_add(g, gir_matmul(g, h, var[2]), var[3]);
    outs[0] = gir_mean(g, gir_xent_logits(g, logits, yin), gir_ints0(), 0);
    gir_grad(g, outs[0], 4, var, grads);
    opt = gir_optim_defaults(GIR_OPTIM_SGD);
    nout = 1 + gir_optim_updates(g, &opt, 4, var, grads, lrin, outs + 1);
#if defined(GIR_F32_IMAGE)
    if (gir_graph_status(g) || gir_plan_compile(g, nout, outs, &unfused, &p)) return 100;
#else
    if (gir_graph_status(g) || gir_plan_compile(g, nout, outs, NULL, &p)) return 100;
#endif
    gir_plan_bind(p, xin, x); gir_plan_bind(p, yin, y); gir_plan_bind(p, lrin, &lr);
    for (k = 0; k < BATCH; ++k) {              /* a fixed batch: class = the sign pattern of two features */
        for (i = 0; i < IN; ++i) x[k * IN + i] = unit(&seed);
        y[k] = (x[k * IN] > 0) + 2 * (x[k * IN + 1] > 0);
    }
#if defined(GIR_F32_DCOUNT)
    gir_f32_dcalls = 0;
    SYST(4) = 0xFFFFFFu; SYST(8) = 0; SYST(0) = 5;
#endif
#if defined(GIR_F32_IMAGE)
    ins[0] = xin; ins[1] = yin; ins[2] = lrin;
    if (gir_plan_write_image(p, 3, ins, 1, outs, img, sizeof img, &len) ||
        gir_image_open(img, len, ram, sizeof ram, &m, msg, sizeof msg) || gir_image_bind(m, 0, x, sizeof x) ||
        gir_image_bind(m, 1, y, sizeof y) || gir_image_bind(m, 2, &lr, sizeof lr)) {
        printf("image: %s%s\n", gir_plan_message(p), msg);
        return 101;
    }
#endif
    for (k = 0; k < STEPS; ++k) {
        float loss;
#if defined(GIR_F32_IMAGE)
        if (gir_image_run(m)) { bad = 1; break; }
        loss = *(const float *)gir_image_output(m, 0, NULL);
#else
        if (gir_plan_run(p)) { bad = 1; break; }
        loss = *(const float *)gir_plan_data(p, outs[0]);
#endif
        if (k == 0) first = loss;
        last = loss;
    }
#if defined(GIR_F32_DCOUNT)
    ticks = 0xFFFFFFu - SYST(8);
#endif
    gir_plan_free(p);
    gir_graph_free(g);
    bad |= !(last < first * 0.5f);
#if defined(GIR_F32_DCOUNT)
    printf("f32 MLP training%s: %d steps, loss %d.%04d -> %d.%04d, double-precision helper calls in gir_plan_run: %lu, "
           "SysTick ticks: %lu (x40 = instructions per step under -icount shift=0: %lu)\n",
#if defined(GIR_F32_IMAGE)
           " from a plan image in a GIR_ONLY_F32 build",
#else
           "",
#endif
           STEPS, (int)first, (int)(first * 10000.0f) % 10000, (int)last, (int)(last * 10000.0f) % 10000,
           (unsigned long)gir_f32_dcalls, (unsigned long)ticks, (unsigned long)ticks * 40ul / STEPS);
    for (k = 0; k < 16 && (uint32_t)k < gir_f32_dcalls; ++k) printf("double helper called from %#lx\n", (unsigned long)gir_f32_dcallers[k]);
    bad |= gir_f32_dcalls != 0;
#endif
    return bad;
}
