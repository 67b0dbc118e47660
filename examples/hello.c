/* hello.c - the smallest gir.h program: f(x) = a*x^2 + b with its first and second derivative.
   The derivatives are graph nodes built by gir_grad; the graph is compiled once and run for
   several x.
   Build and run (from the repository root):
       gcc -std=c99 -O2 -I. examples/hello.c -o build/hello -lm && ./build/hello          */
#define GIR_IMPLEMENTATION
#include "gir.h"
#include <math.h>
#include <stdio.h>

int main(void) {
    const double a = 2.0, b = 1.0, xs[4] = {-1.0, 0.0, 1.5, 3.0};
    gir_graph *g = gir_graph_new(NULL);
    gir_plan *p = NULL;
    gir_node x, f, df, d2f, outs[3];
    double xv;
    gir_status s;
    int i, bad = 0;
    if (!g) {
        fputs("error: out of memory\n", stderr);
        return 1;
    }
    x = gir_input(g, GIR_DTYPE_F64, gir_shape0());                 /* a scalar input */
    f = gir_add(g, gir_mul(g, gir_scalar(g, GIR_DTYPE_F64, a), gir_square(g, x)),
                gir_scalar(g, GIR_DTYPE_F64, b));
    gir_grad(g, f, 1, &x, &df);                                    /* df  = 2*a*x */
    gir_grad(g, df, 1, &x, &d2f);                                  /* d2f = 2*a   */
    outs[0] = f;
    outs[1] = df;
    outs[2] = d2f;
    if (gir_graph_status(g) != GIR_OK || gir_plan_compile(g, 3, outs, NULL, &p) != GIR_OK) {
        fprintf(stderr, "error: %s\n", gir_graph_message(g));
        gir_graph_free(g);
        return 1;
    }
    /* checked; the plan reads xv on every run */
    s = gir_plan_bind_bytes(p, x, &xv, sizeof xv);
    printf("%6s %10s %10s %10s\n", "x", "f", "f'", "f''");
    for (i = 0; i < 4 && s == GIR_OK; ++i) {
        double fv, dv, d2v;
        xv = xs[i];
        if ((s = gir_plan_run(p)) != GIR_OK) break;
        fv = *(const double *)gir_plan_data(p, f);
        dv = *(const double *)gir_plan_data(p, df);
        d2v = *(const double *)gir_plan_data(p, d2f);
        printf("%6.2f %10.4f %10.4f %10.4f\n", xv, fv, dv, d2v);
        if (fabs(fv - (a * xv * xv + b)) > 1e-12 || fabs(dv - 2 * a * xv) > 1e-12 ||
            fabs(d2v - 2 * a) > 1e-12) {
            fprintf(stderr, "mismatch at x = %g: want %g %g %g\n",
                    xv, a * xv * xv + b, 2 * a * xv, 2 * a);
            bad = 1;
        }
    }
    if (s != GIR_OK) {
        fprintf(stderr, "error: %s\n", gir_plan_message(p));
        bad = 1;
    }
    gir_plan_free(p);
    gir_graph_free(g);
    if (!bad) puts("ok: f, f' and f'' match the closed forms");
    return bad;
}
