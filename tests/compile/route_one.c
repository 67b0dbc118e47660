/* Each routing macro works on its own: tests/run_all.sh compiles this once per ROUTE (1..7, with -DGIR_NO_SIMD
   for the libm ones, so the scalar kernels call them), with -Wall -Wextra -Werror; the routed function counts
   its calls and a small training graph must reach it. ROUTE 7: GIR_NO_STDIO alone. */
#include <stdlib.h>
#include <string.h>
#include <math.h>
static long calls;
#if ROUTE == 1
static void *my_memcpy(void *d, const void *s, size_t n) { ++calls; return memcpy(d, s, n); }
#  define GIR_MEMCPY(d, s, n) my_memcpy((d), (s), (n))
#elif ROUTE == 2
static void *my_memset(void *d, int v, size_t n) { ++calls; return memset(d, v, n); }
#  define GIR_MEMSET(d, v, n) my_memset((d), (v), (n))
#elif ROUTE == 3
static void *my_malloc(size_t n) { ++calls; return malloc(n); }
#  define GIR_MALLOC(n, user) ((void)(user), my_malloc(n))
#  define GIR_REALLOC(p, old, n, user) ((void)(user), (void)(old), realloc((p), (n)))
#  define GIR_FREE(p, user) ((void)(user), free(p))
#elif ROUTE == 4
#  define GIR_ASSERT(c) ((c) ? (void)++calls : abort())
#elif ROUTE == 5
static float my_expf(float x) { ++calls; return expf(x); }
#  define GIR_EXPF my_expf
#elif ROUTE == 6
static double my_exp(double x) { ++calls; return exp(x); }
#  define GIR_EXP my_exp
#elif ROUTE == 7
#  define GIR_NO_STDIO
#endif
#define GIR_IMPLEMENTATION
#include "../../gir.h"

int main(void) {
    static const float w0[12] = {0.1f, -0.2f, 0.3f, 0.4f, -0.5f, 0.6f, 0.7f, -0.8f, 0.9f, 0.1f, 0.2f, -0.3f};
    float xv[8] = {1, 2, 3, 4, -1, -2, -3, -4};
    double dv[3] = {0.5, 1.5, -2};
    int32_t yv[2] = {1, 2};
    gir_graph *g = gir_graph_new(NULL);
    gir_node w = gir_variable(g, GIR_DTYPE_F32, gir_shape2(4, 3), w0), x = gir_input(g, GIR_DTYPE_F32, gir_shape2(2, 4));
    gir_node y = gir_input(g, GIR_DTYPE_I32, gir_shape1(2)), d = gir_input(g, GIR_DTYPE_F64, gir_shape1(3)), gw, outs[4];
    gir_plan *p = NULL;
    int ok;
    outs[0] = gir_mean(g, gir_xent_logits(g, gir_matmul(g, x, w), y), gir_ints0(), 0);
    gir_grad(g, outs[0], 1, &w, &gw);
    outs[1] = gir_assign(g, w, gir_sub(g, w, gir_mul(g, gir_scalar(g, GIR_DTYPE_F32, 0.1), gw)));
    outs[2] = gir_sum(g, gir_exp(g, d), gir_ints0(), 0);
    outs[3] = gir_sum(g, gir_exp(g, x), gir_ints0(), 0);
    ok = gir_graph_status(g) == GIR_OK && gir_plan_compile(g, 4, outs, NULL, &p) == GIR_OK;
    ok = ok && !gir_plan_bind(p, x, xv) && !gir_plan_bind(p, y, yv) && !gir_plan_bind(p, d, dv) && !gir_plan_run(p);
    ok = ok && gir_plan_scalar(p, outs[2]) > 6.0 && gir_plan_scalar(p, outs[0]) > 0;
    gir_plan_free(p);
    gir_graph_free(g);
    return ok && (ROUTE == 4 || ROUTE == 7 || calls > 0) ? 0 : 1;     /* GIR_ASSERT: no invariant on this path */
}
