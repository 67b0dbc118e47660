/* train.c - size_train: the 64-32-10 MLP of infer.c with gradients of a cross-entropy loss and SGD updates
   inside the plan (gir_optim_updates), GIR_NO_MALLOC with a static arena. SIZE_BASELINE: no gir.h call. */
#include "arena.h"
#include <stdint.h>
#ifndef SIZE_BASELINE
#define GIR_IMPLEMENTATION
#include "gir.h"
#endif

enum { IN = 64, HID = 32, OUT = 10, BATCH = 8 };
static unsigned char heap[128 * 1024];
volatile float sink[2];
volatile float input[BATCH * IN];
volatile int32_t labels[BATCH];

int main(void) {
    size_arena ar = {heap, sizeof heap, 0};
    float x[BATCH * IN];
    int32_t yv[BATCH];
    int i;
    for (i = 0; i < BATCH * IN; ++i) x[i] = input[i];
    for (i = 0; i < BATCH; ++i) yv[i] = labels[i];
#ifdef SIZE_BASELINE
    sink[0] = x[0] + (float)yv[0] + (float)(ar.cap - ar.used);
    return 0;
#else
    {
        static const int32_t shapes[4][2] = {{IN, HID}, {1, HID}, {HID, OUT}, {1, OUT}};
        gir_graph_desc gd;
        gir_graph *g;
        gir_plan *p = NULL;
        gir_node xi, yi, lr, var[4], grads[4], outs[1 + GIR_OPTIM_MAX_UPDATES(4)], logits;
        gir_optim_desc opt;
        double lrv = 0.05;
        int nout, step;
        memset(&gd, 0, sizeof gd);
        gd.allocator.alloc_fn = size_alloc; gd.allocator.realloc_fn = size_realloc;
        gd.allocator.free_fn = size_free; gd.allocator.user = &ar;
        g = gir_graph_new(&gd);
        if (!g) return 1;
        for (i = 0; i < 4; ++i) var[i] = gir_variable(g, GIR_DTYPE_F32, gir_shape2(shapes[i][0], shapes[i][1]), NULL);
        for (i = 0; i < 4; i += 2) gir_init_uniform(g, var[i], -0.1, 0.1, (uint64_t)i + 1);
        xi = gir_input(g, GIR_DTYPE_F32, gir_shape2(BATCH, IN));
        yi = gir_input(g, GIR_DTYPE_I32, gir_shape1(BATCH));
        lr = gir_input(g, GIR_DTYPE_F64, gir_shape0());
        logits = gir_add(g, gir_matmul(g, gir_relu(g, gir_add(g, gir_matmul(g, xi, var[0]), var[1])), var[2]), var[3]);
        outs[0] = gir_mean(g, gir_xent_logits(g, logits, yi), gir_ints0(), 0);
        gir_grad(g, outs[0], 4, var, grads);
        opt = gir_optim_defaults(GIR_OPTIM_SGD);
        nout = 1 + gir_optim_updates(g, &opt, 4, var, grads, lr, outs + 1);
        if (gir_graph_status(g) != GIR_OK || gir_compile(g, nout, outs, &p) != GIR_OK) return 2;
        if (gir_plan_bind(p, xi, x) || gir_plan_bind(p, yi, yv) || gir_plan_bind(p, lr, &lrv)) return 3;
        for (step = 0; step < 3; ++step)
            if (gir_run(p) != GIR_OK) return 4;
        sink[0] = *(const float *)gir_plan_data(p, outs[0]);
        return 0;
    }
#endif
}
