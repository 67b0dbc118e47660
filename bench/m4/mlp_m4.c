/* mlp_m4.c - `bench m4_infer_instr` / `bench m4_train_instr`: instructions per run of a 64-32-10 f32 MLP on
   Cortex-M4F, gir.h against the same computation written by hand in plain C (BENCH_HAND). Built by
   bench/m4/run.sh with BENCH_TRAIN or not, and run under qemu-system-arm (mps2-an386, -icount shift=0).
     inference: batch 1, dense + ReLU, dense, softmax;
     training:  batch 16, the same forward pass to logits, mean softmax cross-entropy, its gradients and a plain
                SGD update of the four parameters (gir.h: gir_grad + gir_optim_updates, inside the plan).
   Only the steady state is counted: gir.h's graph is built, compiled and run once before the clock starts, and
   then RUNS runs are timed; the hand-written program is timed the same way. Instructions come from SysTick:
   under -icount shift=0 qemu retires one instruction per ns and the board's SysTick ticks at 25 MHz, so a tick
   is 40 instructions. Prints "instr=<per run> check=<a figure both programs must agree on>".
   The firmware build (BENCH_IMAGE) also prints "ram=<bytes> stack=<bytes>": the RAM its plan image needs
   (gir_image_ram_size in this build) and the stack one run takes below main (the region under main's frame is
   painted, a run runs, and the deepest byte it changed is found; SysTick runs without its interrupt). */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#ifdef BENCH_HAND
#  include <math.h>
#else
#  define GIR_IMPLEMENTATION
#  include "../../gir.h"
#endif

enum { IN = 64, HID = 32, OUT = 10, RUNS = 20 };
#ifdef BENCH_TRAIN
enum { BATCH = 16 };
#else
enum { BATCH = 1 };
#endif
#define SYST(off) (*(volatile uint32_t *)(0xE000E010u + (off)))

static float x[BATCH * IN], w1[IN * HID], b1[HID], w2[HID * OUT], b2[OUT];
static size_t image_ram;             /* the RAM of the plan image (BENCH_IMAGE) */
static int32_t labels[BATCH];
#ifdef BENCH_TRAIN
static const float lr = 0.05f;
#endif

static uint32_t lcg(uint32_t *s) { *s = *s * 1664525u + 1013904223u; return *s >> 8; }
static float unit(uint32_t *s) { return (float)lcg(s) * (1.0f / 16777216.0f) - 0.5f; }   /* [-0.5, 0.5) */
static void make_data(void) {
    uint32_t seed = 11;
    int i;
    for (i = 0; i < IN * HID; ++i) w1[i] = unit(&seed) * 0.25f;
    for (i = 0; i < HID; ++i) b1[i] = unit(&seed) * 0.1f;
    for (i = 0; i < HID * OUT; ++i) w2[i] = unit(&seed) * 0.25f;
    for (i = 0; i < OUT; ++i) b2[i] = unit(&seed) * 0.1f;
    for (i = 0; i < BATCH * IN; ++i) x[i] = unit(&seed) * 2.0f;
    for (i = 0; i < BATCH; ++i) labels[i] = (int32_t)(lcg(&seed) % OUT);
}

#ifdef BENCH_HAND
static float h[BATCH * HID], z[BATCH * OUT], out[BATCH * OUT], last_loss;
/* h = relu(x w1 + b1), z = h w2 + b2, row by row; w1 and w2 row-major, read along their rows */
static void forward(void) {
    int r, i, j;
    for (r = 0; r < BATCH; ++r) {
        float *hr = h + r * HID, *zr = z + r * OUT;
        for (j = 0; j < HID; ++j) hr[j] = b1[j];
        for (i = 0; i < IN; ++i) {
            float xi = x[r * IN + i];
            const float *wr = w1 + i * HID;
            for (j = 0; j < HID; ++j) hr[j] += xi * wr[j];
        }
        for (j = 0; j < HID; ++j) hr[j] = hr[j] > 0.0f ? hr[j] : 0.0f;
        for (j = 0; j < OUT; ++j) zr[j] = b2[j];
        for (i = 0; i < HID; ++i) {
            float hi = hr[i];
            const float *wr = w2 + i * OUT;
            for (j = 0; j < OUT; ++j) zr[j] += hi * wr[j];
        }
    }
}
/* softmax of each row of z into out; returns the mean cross-entropy against labels */
static float softmax_rows(void) {
    int r, j;
    float loss = 0.0f;
    for (r = 0; r < BATCH; ++r) {
        const float *zr = z + r * OUT;
        float *o = out + r * OUT, m = zr[0], s = 0.0f;
        for (j = 1; j < OUT; ++j) m = zr[j] > m ? zr[j] : m;
        for (j = 0; j < OUT; ++j) { o[j] = expf(zr[j] - m); s += o[j]; }
        loss += logf(s) + m - zr[labels[r]];
        s = 1.0f / s;
        for (j = 0; j < OUT; ++j) o[j] *= s;
    }
    return loss / (float)BATCH;
}
static void run_once(void) {
    forward();
    last_loss = softmax_rows();
#ifdef BENCH_TRAIN
    {
        static float dz[BATCH * OUT], dh[BATCH * HID], gw1[IN * HID], gb1[HID], gw2[HID * OUT], gb2[OUT];
        int r, i, j;
        for (r = 0; r < BATCH; ++r)               /* dz = (softmax - onehot) / batch */
            for (j = 0; j < OUT; ++j) dz[r * OUT + j] = (out[r * OUT + j] - (j == labels[r])) / (float)BATCH;
        memset(gw1, 0, sizeof gw1); memset(gb1, 0, sizeof gb1);
        memset(gw2, 0, sizeof gw2); memset(gb2, 0, sizeof gb2);
        for (r = 0; r < BATCH; ++r) {
            const float *dzr = dz + r * OUT, *hr = h + r * HID;
            float *dhr = dh + r * HID;
            for (j = 0; j < OUT; ++j) gb2[j] += dzr[j];
            for (i = 0; i < HID; ++i) {           /* gw2 += h^T dz; dh = dz w2^T where h > 0 */
                const float *wr = w2 + i * OUT;
                float *gr = gw2 + i * OUT, acc = 0.0f;
                for (j = 0; j < OUT; ++j) { gr[j] += hr[i] * dzr[j]; acc += dzr[j] * wr[j]; }
                dhr[i] = hr[i] > 0.0f ? acc : 0.0f;
            }
            for (j = 0; j < HID; ++j) gb1[j] += dhr[j];
            for (i = 0; i < IN; ++i) {            /* gw1 += x^T dh */
                float xi = x[r * IN + i], *gr = gw1 + i * HID;
                for (j = 0; j < HID; ++j) gr[j] += xi * dhr[j];
            }
        }
        for (i = 0; i < IN * HID; ++i) w1[i] -= lr * gw1[i];
        for (i = 0; i < HID; ++i) b1[i] -= lr * gb1[i];
        for (i = 0; i < HID * OUT; ++i) w2[i] -= lr * gw2[i];
        for (i = 0; i < OUT; ++i) b2[i] -= lr * gb2[i];
    }
#endif
}
static float check_value(void) {
#ifdef BENCH_TRAIN
    return last_loss;
#else
    return out[labels[0]];
#endif
}
static int setup(void) { return 0; }
#else
static gir_graph *g;
static gir_plan *p;
static gir_node y;
#ifdef BENCH_IMAGE
/* the firmware build (BENCH_IMAGE): the plan, unfused, as a plan image in RAM, opened and run as firmware runs it */
static gir_image *m;
static gir_compile_desc no_fusion = {GIR_COMPILE_NO_FUSION, 0, NULL, 0};
static const gir_compile_desc *const cd = &no_fusion;
static int open_image(int n_in, const gir_node *ins, const void *const *data, const size_t *bytes, gir_node out) {
    static unsigned char img[16384] __attribute__((aligned(8))), ram[32768] __attribute__((aligned(8)));
    size_t len = 0;
    int k;
    if (gir_plan_write_image(p, n_in, ins, 1, &out, img, sizeof img, &len) != GIR_OK ||
        gir_image_ram_size(img, len, &image_ram) != GIR_OK ||
        gir_image_open(img, len, ram, sizeof ram, &m, NULL, 0) != GIR_OK)
        return 1;
    for (k = 0; k < n_in; ++k)
        if (gir_image_bind(m, k, data[k], bytes[k]) != GIR_OK) return 1;
    return 0;
}
#else
static const gir_compile_desc *const cd = NULL;
#endif
static int setup(void) {
    gir_node xi, v[4], hd, logits;
    int nout = 1;
    g = gir_graph_new(NULL);
    v[0] = gir_variable(g, GIR_DTYPE_F32, gir_shape2(IN, HID), w1);
    v[1] = gir_variable(g, GIR_DTYPE_F32, gir_shape1(HID), b1);
    v[2] = gir_variable(g, GIR_DTYPE_F32, gir_shape2(HID, OUT), w2);
    v[3] = gir_variable(g, GIR_DTYPE_F32, gir_shape1(OUT), b2);
    xi = gir_input(g, GIR_DTYPE_F32, gir_shape2(BATCH, IN));
    hd = gir_relu(g, gir_add(g, gir_matmul(g, xi, v[0]), v[1]));
    logits = gir_add(g, gir_matmul(g, hd, v[2]), v[3]);
#ifdef BENCH_TRAIN
    {
        gir_node outs[1 + GIR_OPTIM_MAX_UPDATES(4)], grads[4], yi = gir_input(g, GIR_DTYPE_I32, gir_shape1(BATCH));
        gir_node lri = gir_input(g, GIR_DTYPE_F32, gir_shape0());
        gir_optim_desc opt = gir_optim_defaults(GIR_OPTIM_SGD);
        y = outs[0] = gir_mean(g, gir_xent_logits(g, logits, yi), gir_ints0(), 0);
        gir_grad(g, outs[0], 4, v, grads);
        nout += gir_optim_updates(g, &opt, 4, v, grads, lri, outs + 1);
        if (gir_graph_status(g) || gir_plan_compile(g, nout, outs, cd, &p)) return 1;
        gir_plan_bind(p, yi, labels);
        gir_plan_bind(p, lri, &lr);
#ifdef BENCH_IMAGE
        {
            const gir_node ins[3] = {xi, yi, lri};
            const void *const data[3] = {x, labels, &lr};
            const size_t bytes[3] = {sizeof x, sizeof labels, sizeof lr};
            return gir_plan_bind(p, xi, x) != GIR_OK || open_image(3, ins, data, bytes, y);
        }
#endif
    }
#else
    y = gir_softmax(g, logits, 1);
    if (gir_graph_status(g) || gir_plan_compile(g, nout, &y, cd, &p)) return 1;
#endif
    if (gir_plan_bind(p, xi, x) != GIR_OK) return 1;
#if defined(BENCH_IMAGE) && !defined(BENCH_TRAIN)
    {
        const void *const data[1] = {x};
        const size_t bytes[1] = {sizeof x};
        return open_image(1, &xi, data, bytes, y);
    }
#else
    return 0;
#endif
}
#ifdef BENCH_IMAGE
static void run_once(void) { gir_image_run(m); }
static float check_value(void) {
    const float *o = (const float *)gir_image_output(m, 0, NULL);
#else
static void run_once(void) { gir_plan_run(p); }
static float check_value(void) {
    const float *o = (const float *)gir_plan_data(p, y);
#endif
#ifdef BENCH_TRAIN
    return o[0];
#else
    return o[labels[0]];
#endif
}
#endif

/* the stack below main's frame: painted with a pattern, then how deep a run changed it (addresses as integers,
   from the stack pointer: the region is below every live frame) */
enum { STACK_PAINT = 16384, STACK_BYTE = 0xA5 };
static uintptr_t stack_top;
__attribute__((noinline)) static void stack_paint(void) {
    uintptr_t sp;
    int k;
    __asm__ volatile("mov %0, sp" : "=r"(sp));
    stack_top = sp;
    for (k = 64; k < STACK_PAINT; ++k) *(volatile unsigned char *)(stack_top - (uintptr_t)k) = STACK_BYTE;
}
__attribute__((noinline)) static int stack_depth(void) {
    int k = STACK_PAINT - 1;
    while (k > 64 && *(volatile unsigned char *)(stack_top - (uintptr_t)k) == STACK_BYTE) --k;
    return k;
}

int main(void) {
    uint32_t ticks;
    float before, after;
    int k, stack;
    make_data();
    if (setup()) { printf("setup failed\n"); return 1; }
    stack_paint();
    run_once();                                 /* warm: gir.h's steps run once (constants) have run */
    stack = stack_depth();
    before = check_value();
    SYST(4) = 0xFFFFFFu; SYST(8) = 0; SYST(0) = 5;
    for (k = 0; k < RUNS; ++k) run_once();
    ticks = 0xFFFFFFu - SYST(8);
    after = check_value();
    printf("instr=%lu check=%d.%06d first=%d.%06d ram=%lu stack=%d\n", (unsigned long)ticks * 40ul / RUNS,
           (int)after, (int)((after - (float)(int)after) * 1e6f), (int)before,
           (int)((before - (float)(int)before) * 1e6f), (unsigned long)image_ram, stack);
    return 0;
}
