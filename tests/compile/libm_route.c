/* Routing libm: every math function gir.h calls goes through GIR_<NAME> (double) and GIR_<NAME>F
   (float), so a freestanding build can supply its own. Here exp is routed to counting wrappers. The vector
   kernels (AVX-512, AVX2, NEON, Helium), softmax and the reductions among them, compute exp with gir.h's own
   vector math and call no libm exp at all. */
#include <math.h>
#include <string.h>
static long n_exp, n_expf;
static double my_exp(double x) { ++n_exp; return exp(x); }
static float my_expf(float x) { ++n_expf; return expf(x); }
#define GIR_EXP my_exp
#define GIR_EXPF my_expf
#define GIR_IMPLEMENTATION
#include "../../gir.h"

int main(void) {
    gir_graph *g = gir_graph_new(NULL);
    gir_node a = gir_input(g, GIR_DTYPE_F64, gir_shape2(2, 3)), b = gir_input(g, GIR_DTYPE_F32, gir_shape1(4));
    gir_node outs[3];
    gir_plan *p = NULL;
    double av[6] = {1, 2, 3, 4, 5, 6};
    float bv[4] = {0, 1, 2, 3};
    int ok, scalar;
    outs[0] = gir_softmax(g, a, -1);                      /* a hand-written kernel */
    outs[1] = gir_exp(g, b);                              /* a generated f32 kernel */
    outs[2] = gir_logsumexp(g, a, gir_ints0(), 0);        /* a reduction */
    if (gir_plan_compile(g, 3, outs, NULL, &p) != GIR_OK) return 2;
    gir_plan_bind(p, a, av);
    gir_plan_bind(p, b, bv);
    scalar = !strcmp(gir_simd_name(), "scalar");
    ok = gir_plan_run(p) == GIR_OK && (scalar ? n_exp >= 6 + 6 : n_exp == 0) && n_expf == (scalar ? 4 : 0);
    gir_plan_free(p);
    gir_graph_free(g);
    return ok ? 0 : 1;
}
