/* newton.c - Newton's method with gir_grad and gir_jacobian (the PyTorch version:
   examples/torch/newton.py).
     F(x) = 0 for F(x) = (x0^2 + x1^2 - 4, exp(x0) + x1 - 1):     x <- x - J(x)^-1 F(x)
     minimise rosenbrock(x) = (1 - x0)^2 + 100 (x1 - x0^2)^2:     x <- x - H(x)^-1 grad(x)
   The Jacobian, the Hessian and the step are nodes: each step is one run of a plan. Exit 1 if
   either does not converge. Build and run (from the repository root):
       gcc -std=c99 -O2 -I. examples/newton.c -o build/newton -lm && ./build/newton  */
#define GIR_IMPLEMENTATION
#include "gir.h"
#define C(v) gir_scalar(g, GIR_DTYPE_F64, v)

/* a circle of radius 2 meets x1 = 1 - exp(x0) */
static gir_node F(gir_graph *g, gir_node x0, gir_node x1) {
    gir_node f[2] = {gir_sub(g, gir_add(g, gir_square(g, x0), gir_square(g, x1)), C(4)),
                     gir_sub(g, gir_add(g, gir_exp(g, x0), x1), C(1))};
    return gir_concat(g, 2, f, 0);
}
static gir_node rosenbrock(gir_graph *g, gir_node x0, gir_node x1) {
    return gir_add(g, gir_square(g, gir_sub(g, C(1), x0)),
                   gir_mul(g, C(100), gir_square(g, gir_sub(g, x1, gir_square(g, x0)))));
}
/* Newton's method on d(x) = 0: d is F, or the gradient of rosenbrock, whose Jacobian is the
   Hessian */
static int newton(const char *name, int minimise, double a, double b) {
    gir_graph *g = gir_graph_new(NULL);
    gir_node x = gir_input(g, GIR_DTYPE_F64, gir_shape1(2));
    gir_node xs[2], J;
    double xv[2] = {a, b}, norm = 1;
    gir_plan *p;
    gir_split(g, x, 0, 2, xs);
    gir_node d = minimise ? rosenbrock(g, xs[0], xs[1]) : F(g, xs[0], xs[1]);
    if (minimise)
        gir_grad(g, d, 1, &x, &d);
    gir_jacobian(g, d, x, &J);
    gir_node outs[2] = {gir_sub(g, x, gir_solve(g, J, d)), gir_norm(g, d)};
    if (gir_plan_compile(g, 2, outs, NULL, &p))
        printf("error: %s\n", gir_graph_message(g));
    gir_plan_bind(p, x, xv);
    /* until |d| < 1e-10; a plan that failed to compile is NULL, and does not run */
    for (int it = 0; it < 50 && norm >= 1e-10 && !gir_plan_run(p); ++it) {
        norm = gir_plan_scalar(p, outs[1]);
        printf("%s %2d: x = (%.12f, %.12f)  |d| = %.3e\n", name, it, xv[0], xv[1], norm);
        gir_plan_read(p, outs[0], xv, sizeof xv);
    }
    gir_plan_free(p);
    gir_graph_free(g);
    return norm < 1e-10;
}
int main(void) {
    int ok = newton("F(x) = 0  ", 0, 1.0, 1.0);
    return !(newton("rosenbrock", 1, -1.2, 1.0) && ok);
}
