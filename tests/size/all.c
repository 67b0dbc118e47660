/* all.c - size_all: every op of ops.def reachable (built through gir_op_build with an op chosen at run time,
   differentiated, compiled and run), GIR_NO_MALLOC with a static arena. SIZE_BASELINE: no gir.h call. */
#include "arena.h"
#include <stdint.h>
#ifndef SIZE_BASELINE
#define GIR_IMPLEMENTATION
#include "gir.h"
#endif

static unsigned char heap[64 * 1024];
volatile int which;
volatile float sink;

int main(void) {
    size_arena ar = {heap, sizeof heap, 0};
    int op = which;
#ifdef SIZE_BASELINE
    sink = (float)op + (float)(ar.cap - ar.used);
    return 0;
#else
    {
        gir_graph_desc gd;
        gir_graph *g;
        gir_plan *p = NULL;
        gir_node in[2], y, dx[2];
        gir_attr a;
        float xv[4] = {1, 2, 3, 4};
        memset(&gd, 0, sizeof gd);
        gd.allocator.alloc_fn = size_alloc; gd.allocator.realloc_fn = size_realloc;
        gd.allocator.free_fn = size_free; gd.allocator.user = &ar;
        g = gir_graph_new(&gd);
        if (!g) return 1;
        in[0] = gir_input(g, GIR_DTYPE_F32, gir_shape2(2, 2));
        in[1] = gir_input(g, GIR_DTYPE_F32, gir_shape2(2, 2));
        gir_attr_zero(&a);
        y = gir_op_build(g, (gir_op)op, gir_op_parent_count((gir_op)op) < 0 ? 2 : gir_op_parent_count((gir_op)op), in, &a);
        gir_grad(g, gir_sum(g, y, gir_ints0(), 0), 2, in, dx);
        if (gir_plan_compile(g, 1, &y, NULL, &p) != GIR_OK || gir_plan_bind(p, in[0], xv) || gir_plan_bind(p, in[1], xv)) return 2;
        if (gir_plan_run(p) != GIR_OK) return 3;
        sink = *(const float *)gir_plan_data(p, y);
        return 0;
    }
#endif
}
