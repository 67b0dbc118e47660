/* hessian_vector.c - gradient of a gradient: Hessian-vector products
   H(x) v = grad(dot(grad(f, x), v), x) for two functions of x in R^5, without ever forming H:
       rosenbrock  f(x) = sum_i 100 (x[i+1] - x[i]^2)^2 + (1 - x[i])^2
       tanh_quad   f(x) = sum(tanh(W x)) + 0.5 ||x||^2          (W a fixed 3x5 matrix)
   Each H v is checked against a central finite difference of the gradient,
   (g(x + e v) - g(x - e v)) / 2e, computed by running the same plan at shifted x, and against the
   closed-form Hessian. Exit 1 on disagreement.
   Build and run (from the repository root):
       gcc -std=c99 -O2 -I. examples/hessian_vector.c -o build/hessian_vector -lm
       ./build/hessian_vector  */
#define GIR_IMPLEMENTATION
#include "gir.h"
#include <math.h>
#include <stdio.h>

#define N 5
#define M 3
static const double W[M][N] = {{0.5, -0.3, 0.8, 0.1, -0.6},
                               {-0.2, 0.7, 0.4, -0.9, 0.3},
                               {0.6, 0.2, -0.5, 0.4, 0.9}};

static gir_node rosenbrock(gir_graph *g, gir_node x) {
    gir_node lo = gir_slice(g, x, 0, 0, N - 1, 1);                      /* x[0..3] */
    gir_node hi = gir_slice(g, x, 0, 1, N, 1);                          /* x[1..4] */
    gir_node t1 = gir_square(g, gir_sub(g, hi, gir_square(g, lo)));
    gir_node t2 = gir_square(g, gir_sub(g, gir_scalar(g, GIR_DTYPE_F64, 1.0), lo));
    return gir_sum(g, gir_add(g, gir_mul(g, gir_scalar(g, GIR_DTYPE_F64, 100.0), t1), t2),
                   gir_ints0(), 0);
}
static gir_node tanh_quad(gir_graph *g, gir_node x) {
    gir_node w = gir_constant(g, GIR_DTYPE_F64, gir_shape2(M, N), W);
    gir_node wx = gir_matmul(g, w, gir_reshape(g, x, gir_shape2(N, 1)));                /* [M,1] */
    gir_node half = gir_scalar(g, GIR_DTYPE_F64, 0.5);
    return gir_add(g, gir_sum(g, gir_tanh(g, wx), gir_ints0(), 0),
                   gir_mul(g, half, gir_dot(g, x, x)));
}
/* closed-form H v */
static void rosenbrock_hv(const double *x, const double *v, double *hv) {
    int i;
    for (i = 0; i < N; ++i) hv[i] = 0;
    for (i = 0; i < N - 1; ++i) {   /* the term of x[i], x[i+1]: a 2x2 block of H */
        double hii = 1200 * x[i] * x[i] - 400 * x[i + 1] + 2, hij = -400 * x[i], hjj = 200;
        hv[i] += hii * v[i] + hij * v[i + 1];
        hv[i + 1] += hij * v[i] + hjj * v[i + 1];
    }
}
/* H = W' diag(-2t(1-t^2)) W + I */
static void tanh_quad_hv(const double *x, const double *v, double *hv) {
    int i, j;
    for (i = 0; i < N; ++i) hv[i] = v[i];
    for (j = 0; j < M; ++j) {
        double wx = 0, wv = 0, t;
        for (i = 0; i < N; ++i) {
            wx += W[j][i] * x[i];
            wv += W[j][i] * v[i];
        }
        t = tanh(wx);
        for (i = 0; i < N; ++i) hv[i] += W[j][i] * (-2 * t * (1 - t * t)) * wv;
    }
}

int main(void) {
    static const char *names[2] = {"rosenbrock", "tanh_quad"};
    const double x0[N] = {-1.2, 1.0, 0.5, -0.3, 0.8};
    const double v[N] = {1.0, -0.5, 0.25, 2.0, -1.0};
    const double eps = 1e-5;
    double xv[N], gp[2][N], gm[2][N], hv[2][N], exact[N];
    gir_graph *g = gir_graph_new(NULL);
    gir_plan *p = NULL;
    gir_node x, vin, outs[4];   /* grad f0, H0 v, grad f1, H1 v */
    int c, i, run, bad = 0;
    if (!g) {
        fputs("error: out of memory\n", stderr);
        return 1;
    }
    x = gir_input(g, GIR_DTYPE_F64, gir_shape1(N));
    vin = gir_input(g, GIR_DTYPE_F64, gir_shape1(N));
    for (c = 0; c < 2; ++c) {
        gir_node f = c == 0 ? rosenbrock(g, x) : tanh_quad(g, x), gx, hvx;
        gir_grad(g, f, 1, &x, &gx);                          /* g(x) = grad f, a node          */
        gir_grad(g, gir_dot(g, gx, vin), 1, &x, &hvx);       /* H v = grad of (g(x) . v)       */
        outs[2 * c] = gx;
        outs[2 * c + 1] = hvx;
    }
    if (gir_graph_status(g) != GIR_OK || gir_plan_compile(g, 4, outs, NULL, &p) != GIR_OK) {
        fprintf(stderr, "error: %s\n", gir_graph_message(g));
        gir_graph_free(g);
        return 1;
    }
    if (gir_plan_bind_bytes(p, x, xv, sizeof xv) != GIR_OK ||
        gir_plan_bind_bytes(p, vin, v, sizeof v) != GIR_OK)
        goto plan_error;
    /* at x0, x0 + eps v, x0 - eps v: refill xv, the binding stays */
    for (run = 0; run < 3; ++run) {
        double s = run == 0 ? 0.0 : run == 1 ? eps : -eps;
        for (i = 0; i < N; ++i) xv[i] = x0[i] + s * v[i];
        if (gir_plan_run(p) != GIR_OK) goto plan_error;
        /* keep H v from the first run, the gradients from the shifted ones */
        for (c = 0; c < 2; ++c) {
            const double *src = (const double *)gir_plan_data(p, outs[2 * c + (run == 0)]);
            double *dst = run == 0 ? hv[c] : run == 1 ? gp[c] : gm[c];
            for (i = 0; i < N; ++i) dst[i] = src[i];
        }
    }
    for (c = 0; c < 2; ++c) {
        double efd = 0, eex = 0, scale = 1;
        if (c == 0)
            rosenbrock_hv(x0, v, exact);
        else
            tanh_quad_hv(x0, v, exact);
        printf("%s: H v at x = (%g, %g, %g, %g, %g)\n",
               names[c], x0[0], x0[1], x0[2], x0[3], x0[4]);
        printf("  %2s %16s %16s %16s\n", "i", "grad of grad", "finite diff", "closed form");
        for (i = 0; i < N; ++i) {
            double fd = (gp[c][i] - gm[c][i]) / (2 * eps);
            printf("  %2d %16.8f %16.8f %16.8f\n", i, hv[c][i], fd, exact[i]);
            if (fabs(exact[i]) > scale) scale = fabs(exact[i]);
            if (fabs(hv[c][i] - fd) > efd) efd = fabs(hv[c][i] - fd);
            if (fabs(hv[c][i] - exact[i]) > eex) eex = fabs(hv[c][i] - exact[i]);
        }
        printf("  max |error|: vs finite diff %.3g, vs closed form %.3g\n", efd, eex);
        if (efd > 1e-6 * scale || eex > 1e-12 * scale) {
            fprintf(stderr, "%s: Hessian-vector product disagrees\n", names[c]);
            bad = 1;
        }
    }
    gir_plan_free(p);
    gir_graph_free(g);
    puts(bad ? "FAILED" : "ok: grad-of-grad matches finite differences and the closed form");
    return bad;
plan_error:
    fprintf(stderr, "error: %s\n", gir_plan_message(p));
    gir_plan_free(p);
    gir_graph_free(g);
    return 1;
}
