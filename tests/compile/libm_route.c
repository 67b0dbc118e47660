/* Routing libm: every math function gir.h calls goes through GIR_<NAME> (double) and GIR_<NAME>F
   (float), so a freestanding build can supply its own. Here exp and sinf are routed to counting wrappers.
   The vector kernels' exp (and log, tanh, ...) are gir.h's own vector math and call no libm; functions
   without a vector version (sin) go lane by lane through the routed scalar function. */
#include <math.h>
#include <string.h>
static long n_exp, n_expf, n_sinf;
static double my_exp(double x) { ++n_exp; return exp(x); }
static float my_expf(float x) { ++n_expf; return expf(x); }
static float my_sinf(float x) { ++n_sinf; return sinf(x); }
#define GIR_EXP my_exp
#define GIR_EXPF my_expf
#define GIR_SINF my_sinf
#define GIR_IMPLEMENTATION
#include "../../gir.h"

int main(void) {
    gir_graph *g = gir_graph_new(NULL);
    gir_node a = gir_input(g, GIR_DTYPE_F64, gir_shape2(2, 3)), b = gir_input(g, GIR_DTYPE_F32, gir_shape1(4));
    gir_node outs[4];
    gir_plan *p = NULL;
    double av[6] = {1, 2, 3, 4, 5, 6};
    float bv[4] = {0, 1, 2, 3};
    int ok;
    outs[0] = gir_softmax(g, a, -1);                      /* a hand-written kernel */
    outs[1] = gir_exp(g, b);                              /* a generated f32 kernel */
    outs[2] = gir_logsumexp(g, a, gir_ints0(), 0);        /* a reduction */
    outs[3] = gir_sin(g, b);                              /* lane by lane in a vector kernel */
    if (gir_compile(g, 4, outs, &p) != GIR_OK) return 2;
    gir_plan_bind(p, a, av);
    gir_plan_bind(p, b, bv);
    ok = gir_run(p) == GIR_OK && n_exp >= 6 + 6 && n_expf == (strcmp(gir_simd_name(), "scalar") ? 0 : 4) &&
         n_sinf >= 4;       /* a vector kernel may evaluate the padding lanes of its last vector too */
    gir_plan_free(p);
    gir_graph_free(g);
    return ok ? 0 : 1;
}
