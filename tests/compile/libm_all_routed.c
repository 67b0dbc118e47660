/* Every libm function gir.h calls routed (GIR_<NAME>F and GIR_<NAME>): gir.h then includes no <math.h> (its
   constants come from the compiler and are undefined again after the implementation), and a later
   #include <math.h> still works. The routes go to the compiler's builtins here. */
#define R1(n) static float r_##n##f(float x) { return __builtin_##n##f(x); } \
              static double r_##n(double x) { return __builtin_##n(x); }
#define R2(n) static float r_##n##f(float x, float y) { return __builtin_##n##f(x, y); } \
              static double r_##n(double x, double y) { return __builtin_##n(x, y); }
R1(fabs) R1(acos) R1(asin) R1(atan) R1(ceil) R1(cos) R1(cosh) R1(erf) R1(exp) R1(expm1) R1(floor) R1(log) R1(log1p)
R1(log2) R1(nearbyint) R1(sin) R1(sinh) R1(sqrt) R1(tan) R1(tanh) R2(fmod) R2(pow)
#define GIR_ABSF r_fabsf
#define GIR_ABS r_fabs
#define GIR_FABSF r_fabsf
#define GIR_FABS r_fabs
#define GIR_ACOSF r_acosf
#define GIR_ACOS r_acos
#define GIR_ASINF r_asinf
#define GIR_ASIN r_asin
#define GIR_ATANF r_atanf
#define GIR_ATAN r_atan
#define GIR_CEILF r_ceilf
#define GIR_CEIL r_ceil
#define GIR_COSF r_cosf
#define GIR_COS r_cos
#define GIR_COSHF r_coshf
#define GIR_COSH r_cosh
#define GIR_ERFF r_erff
#define GIR_ERF r_erf
#define GIR_EXPF r_expf
#define GIR_EXP r_exp
#define GIR_EXPM1F r_expm1f
#define GIR_EXPM1 r_expm1
#define GIR_FLOORF r_floorf
#define GIR_FLOOR r_floor
#define GIR_LOGF r_logf
#define GIR_LOG r_log
#define GIR_LOG1PF r_log1pf
#define GIR_LOG1P r_log1p
#define GIR_LOG2F r_log2f
#define GIR_LOG2 r_log2
#define GIR_ROUNDF r_nearbyintf
#define GIR_ROUND r_nearbyint
#define GIR_SINF r_sinf
#define GIR_SIN r_sin
#define GIR_SINHF r_sinhf
#define GIR_SINH r_sinh
#define GIR_SQRTF r_sqrtf
#define GIR_SQRT r_sqrt
#define GIR_TANF r_tanf
#define GIR_TAN r_tan
#define GIR_TANHF r_tanhf
#define GIR_TANH r_tanh
#define GIR_FMODF r_fmodf
#define GIR_FMOD r_fmod
#define GIR_POWF r_powf
#define GIR_POW r_pow
#define GIR_IMPLEMENTATION
#include "../../gir.h"
#if defined(FP_NAN) || defined(FP_INFINITE) || defined(M_PI) || defined(MATH_ERRNO) || defined(isnan)
#  error "gir.h included <math.h> although every libm function is routed"
#endif
#if defined(HUGE_VAL) || defined(HUGE_VALF) || defined(NAN)
#  error "gir.h left HUGE_VAL, HUGE_VALF or NAN defined"
#endif
#include <math.h>

int main(void) {
    gir_graph *g = gir_graph_new(NULL);
    gir_node a = gir_input(g, GIR_DTYPE_F32, gir_shape2(2, 3)), b = gir_input(g, GIR_DTYPE_F64, gir_shape1(3)), outs[3];
    gir_plan *p = NULL;
    float av[6] = {1, 2, 3, -1, -HUGE_VALF, 0};
    double bv[3] = {0.5, 2, 8};
    const float *s;
    int ok;
    outs[0] = gir_softmax(g, a, -1);
    outs[1] = gir_logsumexp(g, gir_log(g, b), gir_ints0(), 0);
    outs[2] = gir_max(g, a, gir_ints0(), 0);
    ok = gir_plan_compile(g, 3, outs, NULL, &p) == GIR_OK && !gir_plan_bind(p, a, av) && !gir_plan_bind(p, b, bv) && !gir_plan_run(p);
    s = ok ? (const float *)gir_plan_data(p, outs[0]) : NULL;
    ok = ok && s[4] == 0.0f && fabs(gir_plan_scalar(p, outs[1]) - log(10.5)) < 1e-12 && gir_plan_scalar(p, outs[2]) == 3.0;
    gir_plan_free(p);
    gir_graph_free(g);
    return ok ? 0 : 1;
}
