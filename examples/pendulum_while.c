/* pendulum_while.c - a damped pendulum integrated by RK4 in a while loop until it first swings
   through the bottom, and the derivative of that time through the loop (the PyTorch version:
   examples/torch/pendulum_while.py).
     theta'' = -(g / l) sin theta - c theta',   theta(0) = 1 rad, theta'(0) = 0,   g / l = 9.81/s^2
   One RK4 step of dt = 0.01 s is a function, and theta > 0 another; gir_while runs the step while
   the condition holds, so the loop, not the program, finds how many steps the swing takes. The
   time of the crossing is one Newton step back from the last: t* = t - theta / theta'.
     max_trip 0: as many steps as it takes, forward only. Undamped, t* is a quarter period,
       K(sin(theta0 / 2)) / sqrt(g / l), with K by the arithmetic-geometric mean.
     max_trip 100: a masked scan, which runs all 100 steps and holds the carries once the
       condition is false (the same t*), and which gir_grad goes through: d t* / d c, checked
       against a central difference of the first loop. Newton's method on c then finds the
       damping that brings the pendulum to the bottom at 0.6 s.
   Exit 1 if a check fails. Build and run (from the repository root):
       gcc -std=c99 -O2 -I. examples/pendulum_while.c -o build/pendulum_while -lm
       ./build/pendulum_while                                                                    */
#include <math.h>
#define GIR_IMPLEMENTATION
#include "gir.h"
#define C(v) gir_scalar(g, GIR_DTYPE_F64, v)

static const double GL = 9.81, DT = 0.01, THETA0 = 1.0, TARGET = 0.6;

/* s + h k */
static gir_node axpy(gir_graph *g, gir_node s, double h, gir_node k) {
    return gir_add(g, s, gir_mul(g, C(h), k));
}
/* the state s = (theta, theta') moves at (theta', -(g / l) sin theta - c theta') */
static gir_node rate(gir_graph *g, gir_node s, gir_node c) {
    gir_node x[2];
    gir_split(g, s, 0, 2, x);
    gir_node k[2] = {x[1], gir_sub(g, gir_mul(g, C(-GL), gir_sin(g, x[0])), gir_mul(g, c, x[1]))};
    return gir_concat(g, 2, k, 0);
}
/* two functions of the carries (s, t, c): f[0] one RK4 step, f[1] the condition theta > 0 */
static void pendulum(gir_graph *g, gir_func **f) {
    gir_node s = gir_input(g, GIR_DTYPE_F64, gir_shape1(2));
    gir_node t = gir_input(g, GIR_DTYPE_F64, gir_shape0());
    gir_node c = gir_input(g, GIR_DTYPE_F64, gir_shape0());
    gir_node k1 = rate(g, s, c);
    gir_node k2 = rate(g, axpy(g, s, DT / 2, k1), c);
    gir_node k3 = rate(g, axpy(g, s, DT / 2, k2), c);
    gir_node k4 = rate(g, axpy(g, s, DT, k3), c);
    gir_node sum = gir_add(g, axpy(g, axpy(g, k1, 2, k2), 2, k3), k4);
    gir_node p[3] = {s, t, c};
    gir_node next[3] = {axpy(g, s, DT / 6, sum), gir_add(g, t, C(DT)), c};
    gir_node above = gir_gt(g, gir_squeeze(g, gir_slice(g, s, 0, 0, 1, 1), 0), C(0));
    f[0] = gir_func_new(g, "rk4", 3, p, 3, next);
    f[1] = gir_func_new(g, "above", 3, p, 1, &above);
}
/* t* when the loop from (theta0, 0) at t = 0 with damping c stops */
static gir_node bottom(gir_graph *g, gir_func **f, int max_trip, gir_node c) {
    double s0[2] = {THETA0, 0};
    gir_node init[3] = {gir_constant(g, GIR_DTYPE_F64, gir_shape1(2), s0), C(0), c};
    gir_node last[3], x[2];
    gir_while(g, f[1], f[0], max_trip, 3, init, last);
    gir_split(g, last[0], 0, 2, x);
    return gir_sub(g, last[1], gir_div(g, x[0], x[1]));
}
/* a run at damping c (the plan reads cv): t*, the first output */
static double cv;
static double at(gir_plan *p, double c, const gir_node *outs) {
    cv = c;
    gir_plan_run(p);
    return gir_plan_scalar(p, outs[0]);
}
int main(void) {
    gir_graph *body = gir_graph_new(NULL);
    gir_graph *g = gir_graph_new(NULL);
    gir_func *f[2];
    pendulum(body, f);
    gir_node c = gir_input(g, GIR_DTYPE_F64, gir_shape0());
    gir_node outs[3] = {bottom(g, f, 0, c), bottom(g, f, 100, c)};
    gir_grad(g, outs[1], 1, &c, &outs[2]);
    gir_plan *p = NULL;   /* a plan that failed to compile is NULL: it does not run, t* is NaN */
    if (gir_plan_compile(g, 3, outs, NULL, &p))
        printf("error: %s\n", gir_graph_message(g));
    gir_plan_bind(p, c, &cv);
    /* a quarter period, by the arithmetic-geometric mean */
    double a = 1;
    double b = cos(THETA0 / 2);
    for (int i = 0; i < 6; ++i) {
        double m = (a + b) / 2;
        b = sqrt(a * b);
        a = m;
    }
    double quarter = acos(-1) / (2 * a * sqrt(GL));
    double t = at(p, 0, outs);
    printf("undamped: t* = %.7f s, a quarter period is %.7f s\n", t, quarter);
    int ok = fabs(t - quarter) < 1e-6;
    /* Newton's method on c for t*(c) = TARGET, the gradient checked against a central difference */
    double cn = 0;
    for (int it = 0; it < 5; ++it) {
        double fd = (at(p, cn + 1e-6, outs) - at(p, cn - 1e-6, outs)) / 2e-6;
        t = at(p, cn, outs);
        double dt = gir_plan_scalar(p, outs[2]);
        printf("c = %.9f  t* = %.9f s  dt*/dc = %.9f (central difference %.9f)\n", cn, t, dt, fd);
        ok = ok && t == gir_plan_scalar(p, outs[1]) && fabs(dt - fd) < 1e-8;
        cn -= (t - TARGET) / dt;
    }
    ok = ok && fabs(t - TARGET) < 1e-9;
    gir_plan_free(p);
    gir_graph_free(g);
    gir_graph_free(body);
    return !ok;
}
