/* infer.c - size_infer: a 64-32-10 dense + ReLU + softmax model planned and run from const weights.
   Built for Cortex-M4 by tests/size/size.sh with GIR_ONLY_OPS and the ops it uses; SIZE_BASELINE builds the
   same program without any gir.h call (its size is subtracted). */
#include "arena.h"
#ifndef SIZE_BASELINE
#define GIR_IMPLEMENTATION
#include "gir.h"
#endif

enum { IN = 64, HID = 32, OUT = 10 };
static const float w1[IN * HID] = {0.01f}, b1[HID] = {0.1f}, w2[HID * OUT] = {-0.02f}, b2[OUT] = {0.2f};
static unsigned char heap[64 * 1024];
volatile float sink[OUT];
volatile float input[IN];

int main(void) {
    size_arena ar = {heap, sizeof heap, 0};
    float x[IN];
    int i;
    for (i = 0; i < IN; ++i) x[i] = input[i];
#ifdef SIZE_BASELINE
    for (i = 0; i < OUT; ++i) sink[i] = x[i] + w1[i] + b1[i] + w2[i] + b2[i] + (float)(ar.cap - ar.used);
    return 0;
#else
    {
        gir_graph_desc gd;
        gir_graph *g;
        gir_plan *p = NULL;
        gir_node xi, h, y;
        const float *out;
        memset(&gd, 0, sizeof gd);
        gd.allocator.alloc_fn = size_alloc; gd.allocator.realloc_fn = size_realloc;
        gd.allocator.free_fn = size_free; gd.allocator.user = &ar;
        g = gir_graph_new(&gd);
        if (!g) return 1;
        xi = gir_input(g, GIR_DTYPE_F32, gir_shape2(1, IN));
        h = gir_relu(g, gir_add(g, gir_matmul(g, xi, gir_constant(g, GIR_DTYPE_F32, gir_shape2(IN, HID), w1)),
                                gir_constant(g, GIR_DTYPE_F32, gir_shape1(HID), b1)));
        y = gir_softmax(g, gir_add(g, gir_matmul(g, h, gir_constant(g, GIR_DTYPE_F32, gir_shape2(HID, OUT), w2)),
                                   gir_constant(g, GIR_DTYPE_F32, gir_shape1(OUT), b2)), 1);
        if (gir_compile(g, 1, &y, &p) != GIR_OK || gir_plan_bind(p, xi, x) != GIR_OK || gir_run(p) != GIR_OK) return 2;
        out = (const float *)gir_plan_data(p, y);
        for (i = 0; i < OUT; ++i) sink[i] = out[i];
        return 0;
    }
#endif
}
