/* infer.c - size_infer: a 64-32-10 dense + ReLU + softmax model run on the device from a plan image in a const
   buffer (weights included: they stay in flash). Three builds (tests/size/size.sh):
     SIZE_HOST      the host half: builds the model, compiles it and prints its image as C (infer_image.h)
     (none)         the device half for Cortex-M4: opens the image, binds the input, runs it; links only the
                    run-time of gir.h and the kernels of the ops the image uses (GIR_ONLY_OPS, from the image)
     SIZE_BASELINE  the device half without any gir.h call (its size is subtracted) */
#include <stdint.h>
#include <string.h>
enum { IN = 64, HID = 32, OUT = 10 };

#ifdef SIZE_HOST
#define GIR_IMPLEMENTATION
#include "gir.h"
#include "image_host.h"
int main(void) {
    static float w1[IN * HID], b1[HID], w2[HID * OUT], b2[OUT];
    gir_graph *g = gir_graph_new(NULL);
    gir_plan *p = NULL;
    gir_compile_desc d;
    gir_node x, h, y;
    int i, rc;
    for (i = 0; i < IN * HID; ++i) w1[i] = (float)((i * 37 % 101) - 50) / 400.0f;
    for (i = 0; i < HID * OUT; ++i) w2[i] = (float)((i * 53 % 89) - 44) / 200.0f;
    for (i = 0; i < HID; ++i) b1[i] = 0.01f * (float)(i % 5);
    for (i = 0; i < OUT; ++i) b2[i] = -0.02f * (float)i;
    x = gir_input(g, GIR_DTYPE_F32, gir_shape2(1, IN));
    h = gir_relu(g, gir_add(g, gir_matmul(g, x, gir_constant(g, GIR_DTYPE_F32, gir_shape2(IN, HID), w1)),
                            gir_constant(g, GIR_DTYPE_F32, gir_shape1(HID), b1)));
    y = gir_softmax(g, gir_add(g, gir_matmul(g, h, gir_constant(g, GIR_DTYPE_F32, gir_shape2(HID, OUT), w2)),
                               gir_constant(g, GIR_DTYPE_F32, gir_shape1(OUT), b2)), 1);
    memset(&d, 0, sizeof d);
    d.flags = GIR_COMPILE_NO_FUSION;
    if (gir_plan_compile(g, 1, &y, &d, &p) != GIR_OK) { fprintf(stderr, "%s\n", gir_graph_message(g)); return 1; }
    rc = size_print_image(p, 1, &x, 1, &y);
    gir_plan_free(p);
    gir_graph_free(g);
    return rc;
}
#else
#include "infer_image.h"
#ifndef SIZE_BASELINE
#define GIR_IMPLEMENTATION
#include "gir.h"
#endif
static uint64_t ram[(SIZE_IMAGE_RAM + 7) / 8];
volatile float sink[OUT];
volatile float input[IN];

int main(void) {
    float x[IN];
    int i;
    for (i = 0; i < IN; ++i) x[i] = input[i];
#ifdef SIZE_BASELINE
    for (i = 0; i < OUT; ++i) sink[i] = x[i] + (float)size_image.b[i * 997] + (float)(uintptr_t)ram;
    return 0;
#else
    {
        gir_image *m;
        const float *out;
        if (gir_image_open(size_image.b, sizeof size_image.b, ram, sizeof ram, &m, NULL, 0) != GIR_OK ||
            gir_image_bind(m, 0, x, sizeof x) != GIR_OK || gir_image_run(m) != GIR_OK)
            return 1;
        out = (const float *)gir_image_output(m, 0, NULL);
        for (i = 0; i < OUT; ++i) sink[i] = out[i];
        return 0;
    }
#endif
}
#endif
