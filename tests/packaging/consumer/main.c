/* main.c - the consumer's implementation file: builds f(x) = x^3 + 2x, differentiates it and checks f and f'
   at x = 1.5 against the formulas; other.c includes gir.h without the implementation. Exit status 0: works. */
#define GIR_IMPLEMENTATION
#include "gir.h"
#include <math.h>
#include <stdio.h>

double other_version_check(void);

int main(void) {
    gir_graph *g = gir_graph_new(NULL);
    gir_node x, f, df, outs[2];
    gir_plan *p = NULL;
    double xv = 1.5, fv, dfv;
    if (!g) return 1;
    x = gir_input(g, GIR_DTYPE_F64, gir_shape0());
    f = gir_add(g, gir_mul(g, x, gir_square(g, x)), gir_mul(g, gir_scalar(g, GIR_DTYPE_F64, 2.0), x));
    gir_grad(g, f, 1, &x, &df);
    outs[0] = f; outs[1] = df;
    if (gir_plan_compile(g, 2, outs, NULL, &p) != GIR_OK || gir_plan_bind_bytes(p, x, &xv, sizeof xv) != GIR_OK ||
        gir_plan_run(p) != GIR_OK) {
        fprintf(stderr, "consumer: %s\n", gir_graph_message(g));
        return 1;
    }
    fv = *(const double *)gir_plan_data(p, f);
    dfv = *(const double *)gir_plan_data(p, df);
    gir_plan_free(p);
    gir_graph_free(g);
    if (fabs(fv - (xv * xv * xv + 2 * xv)) > 1e-12 || fabs(dfv - (3 * xv * xv + 2)) > 1e-12 ||
        other_version_check() != GIR_VERSION_MAJOR * 10000 + GIR_VERSION_MINOR * 100 + GIR_VERSION_PATCH) {
        fprintf(stderr, "consumer: wrong values f = %.17g, f' = %.17g\n", fv, dfv);
        return 1;
    }
    printf("consumer: gir.h %d.%d.%d works (f = %g, f' = %g)\n", GIR_VERSION_MAJOR, GIR_VERSION_MINOR,
           GIR_VERSION_PATCH, fv, dfv);
    return 0;
}
