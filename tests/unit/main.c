/* unit/main.c - the gir.h test runner.
 *
 *   test_main [--filter SUBSTRING] [--golden tests/oracles/golden.txt] [--fuzz ROUNDS FIRST_SEED] [-v]
 *
 * Iterates the op table: every op must have golden cases (values made by NumPy/PyTorch, see make_golden.py);
 * each case is checked forward, then (differentiable ops) gradient against central finite differences in
 * double precision, then second order (the gradient of a gradient against finite differences of the
 * gradient). Every op also gets error cases. Ends with the line "N passed, N failed".
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
/* every plan the runner compiles goes through the plan checker (tests/unit/plan.c) */
struct gir_plan;
static void plan_check_hook(const struct gir_plan *p);
#define GIR_PLAN_CHECK(p) plan_check_hook(p)
#define GIR_IMPLEMENTATION
#define GIR_TEST_COUNTERS   /* gir__vr_hits: the vector reductions count their calls for the tests */
#include "../../gir.h"

static int n_pass, n_fail, n_skip, verbose;

/* all of the runner's output goes through here, so a firmware build can send it elsewhere */
static void say(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
}
static const char *filter;
static char why[1024];

#define FAILF(...) do { snprintf(why, sizeof why, __VA_ARGS__); return 0; } while (0)
#define CHECK(c, ...) do { if (!(c)) FAILF(__VA_ARGS__); } while (0)

static int selected(const char *name) { return !filter || strstr(name, filter) != NULL; }
static void report(const char *name, int ok) {
    if (ok) {
        ++n_pass;
        if (verbose) say("ok   %s\n", name);
    } else {
        ++n_fail;
        say("FAIL %s: %s\n", name, why);
    }
    why[0] = 0;
}
#define RUN(name, expr) do { if (selected(name)) report(name, (expr)); } while (0)
/* a test this build or this machine cannot run: counted in the closing line, and printed with the reason */
static void skip_test(const char *name, const char *reason) {
    if (!selected(name)) return;
    ++n_skip;
    say("skip %s: %s\n", name, reason);
}
/* the tests of the vector instruction sets compiled in that this CPU lacks (`prefix`: the suite's prefix) */
static void skip_missing_isas(const char *prefix) {
    char name[64];
    int level = gir__simd_level();
    (void)level; (void)name; (void)prefix;
#if defined(GIR__HAVE_AVX512)
    snprintf(name, sizeof name, "%savx512/", prefix);
    if (level != GIR__ISA_AVX512) skip_test(name, "this CPU has no AVX-512 (F, DQ, BW, VL); the kernels are built");
#endif
#if defined(GIR__HAVE_AVX2)
    snprintf(name, sizeof name, "%savx2/", prefix);
    if (level != GIR__ISA_AVX2 && level != GIR__ISA_AVX512) skip_test(name, "this CPU has no AVX2 and FMA");
#endif
}
/* a test that needs about `mib` MiB of heap: a target built with -DGIR_TEST_RAM_MIB=N (Cortex-M4 under qemu: 16 MiB
   of RAM) skips it when that is more than it has, and says so */
#if defined(GIR_TEST_RAM_MIB)
#define RUN_MIB(mib, name, expr) do { \
        if (!selected(name)) break; \
        if ((mib) <= GIR_TEST_RAM_MIB) { report(name, (expr)); break; } \
        ++n_skip; \
        say("skip %s: needs about %d MiB of RAM, this target has %d\n", name, (mib), GIR_TEST_RAM_MIB); \
    } while (0)
#else
#define RUN_MIB(mib, name, expr) RUN(name, expr)
#endif

/* -------------------------------------------------------------------------------------------- golden cases */
typedef struct tensor { int dt; gir_shape s; int64_t n; double *v; } tensor;
typedef struct gcase {
    char     op[40], label[64];
    int      line;
    gir_attr attr;
    double  *data; int64_t ndata; int has_data;
    tensor   in[8]; int nin;
    tensor   out; int has_out;
    double   rtol, atol; int has_tol;
    int      nograd;
} gcase;
static gcase *cases;
static int ncases;
/* rows golden.txt leaves to a suite of their own ("suite <op> <suite>": a call needs a function, not only tensors) */
static char own_suites[8][2][32];
static int nown;
static const char *own_suite_of(gir_op op) {
    int k;
    for (k = 0; k < nown; ++k)
        if ((int)gir_op_from_name(own_suites[k][0]) == (int)op) return own_suites[k][1];
    return NULL;
}

static int parse_dtype(const char *s) {
    int k;
    for (k = 1; k < GIR_DTYPE__COUNT; ++k)
        if (!strcmp(s, gir_dtype_name((gir_dtype)k))) return k;
    return 0;
}
static char *next_tok(char **p) {
    char *s = *p, *t;
    while (*s == ' ' || *s == '\t') ++s;
    if (!*s || *s == '\n') { *p = s; return NULL; }
    t = s;
    while (*s && *s != ' ' && *s != '\t' && *s != '\n') ++s;
    if (*s) *s++ = 0;
    *p = s;
    return t;
}
static double *parse_values(char **p, int64_t n) {
    double *v = (double *)malloc((size_t)(n ? n : 1) * sizeof(double));
    int64_t k;
    char *t = next_tok(p);
    if (!t || strcmp(t, ":")) { free(v); return NULL; }
    for (k = 0; k < n; ++k) {
        t = next_tok(p);
        if (!t) { free(v); return NULL; }
        v[k] = strtod(t, NULL);
    }
    return v;
}
static int parse_tensor(char **p, tensor *t) {
    char *s = next_tok(p);
    int k;
    if (!s || !(t->dt = parse_dtype(s))) return 0;
    t->s.rank = atoi(next_tok(p));
    t->n = 1;
    for (k = 0; k < t->s.rank; ++k) { t->s.dim[k] = atoi(next_tok(p)); t->n *= t->s.dim[k]; }
    t->v = parse_values(p, t->n);
    return t->v != NULL;
}
static int load_golden(const char *path) {
    FILE *f = fopen(path, "rb");
    char *line;
    size_t cap = 1 << 20;
    int lineno = 0, cap_cases = 64;
    gcase *c = NULL;
    if (!f) { say("cannot open %s\n", path); return 0; }
    line = (char *)malloc(cap);
    cases = (gcase *)calloc((size_t)cap_cases, sizeof(gcase));
    while (fgets(line, (int)cap, f)) {
        char *p = line, *t;
        ++lineno;
        t = next_tok(&p);
        if (!t || t[0] == '#') continue;
        if (!strcmp(t, "suite") && !c && nown < 8) {
            snprintf(own_suites[nown][0], sizeof own_suites[nown][0], "%s", next_tok(&p));
            snprintf(own_suites[nown][1], sizeof own_suites[nown][1], "%s", next_tok(&p));
            ++nown;
        } else if (!strcmp(t, "case")) {
            if (ncases == cap_cases) {
                cases = (gcase *)realloc(cases, (size_t)(cap_cases *= 2) * sizeof(gcase));
                memset(cases + ncases, 0, (size_t)(cap_cases - ncases) * sizeof(gcase));
            }
            c = &cases[ncases++];
            snprintf(c->op, sizeof c->op, "%s", next_tok(&p));
            t = next_tok(&p);
            snprintf(c->label, sizeof c->label, "%s", t ? t : "");
            c->line = lineno;
            gir_attr_zero(&c->attr);
        } else if (!c) {
            say("%s:%d: data outside a case\n", path, lineno);
            return 0;
        } else if (!strcmp(t, "attr")) {
            char *kind = next_tok(&p);
            if (!strcmp(kind, "f")) { int k = atoi(next_tok(&p)); c->attr.f[k] = strtod(next_tok(&p), NULL); }
            else if (!strcmp(kind, "i")) { int k = atoi(next_tok(&p)); c->attr.i[k] = atoi(next_tok(&p)); }
            else if (!strcmp(kind, "l")) {
                int k = atoi(next_tok(&p)), j;
                c->attr.l[k].n = atoi(next_tok(&p));
                for (j = 0; j < c->attr.l[k].n; ++j) c->attr.l[k].v[j] = atoi(next_tok(&p));
            } else if (!strcmp(kind, "shape")) {
                int j;
                c->attr.shape.rank = atoi(next_tok(&p));
                for (j = 0; j < c->attr.shape.rank; ++j) c->attr.shape.dim[j] = atoi(next_tok(&p));
            } else if (!strcmp(kind, "dtype")) c->attr.dtype = parse_dtype(next_tok(&p));
            else if (!strcmp(kind, "seed")) c->attr.seed = strtoull(next_tok(&p), NULL, 10);
            else if (!strcmp(kind, "data")) {
                int64_t n = 1;
                int j;
                for (j = 0; j < c->attr.shape.rank; ++j) n *= c->attr.shape.dim[j];
                c->data = parse_values(&p, n);
                c->ndata = n;
                c->has_data = 1;
            } else { say("%s:%d: unknown attr kind %s\n", path, lineno, kind); return 0; }
        } else if (!strcmp(t, "in")) {
            if (!parse_tensor(&p, &c->in[c->nin++])) { say("%s:%d: bad input\n", path, lineno); return 0; }
        } else if (!strcmp(t, "out")) {
            if (!parse_tensor(&p, &c->out)) { say("%s:%d: bad output\n", path, lineno); return 0; }
            c->has_out = 1;
        } else if (!strcmp(t, "tol")) {
            c->rtol = strtod(next_tok(&p), NULL);
            c->atol = strtod(next_tok(&p), NULL);
            c->has_tol = 1;
        } else if (!strcmp(t, "nograd")) c->nograd = 1;
        else if (!strcmp(t, "end")) c = NULL;
        else { say("%s:%d: unknown line '%s'\n", path, lineno, t); return 0; }
    }
    free(line);
    fclose(f);
    return 1;
}

/* typed buffers from doubles */
static void *to_bytes(const double *v, int64_t n, int dt) {
    size_t es = gir_dtype_size((gir_dtype)dt);
    unsigned char *b = (unsigned char *)calloc((size_t)(n ? n : 1), es);
    int64_t k;
    for (k = 0; k < n; ++k) {
        switch (dt) {
        case GIR_DTYPE_B8: case GIR_DTYPE_U8: b[k] = (unsigned char)v[k]; break;
        case GIR_DTYPE_I32: ((int32_t *)b)[k] = (int32_t)v[k]; break;
        case GIR_DTYPE_F32: ((float *)b)[k] = (float)v[k]; break;
        default: ((double *)b)[k] = v[k];
        }
    }
    return b;
}
static double getv(const void *p, int dt, int64_t k) {
    switch (dt) {
    case GIR_DTYPE_B8: case GIR_DTYPE_U8: return ((const unsigned char *)p)[k];
    case GIR_DTYPE_I32: return ((const int32_t *)p)[k];
    case GIR_DTYPE_F32: return ((const float *)p)[k];
    default: return ((const double *)p)[k];
    }
}
static int is_float(int dt) { return dt == GIR_DTYPE_F32 || dt == GIR_DTYPE_F64; }

/* a built case: graph, the op's node, its input nodes and their bound buffers */
typedef struct built {
    gir_graph *g;
    gir_node   y, in[8];
    void      *buf[8];
    int        dt[8];
    void      *data;
} built;
static void built_free(built *b) {
    int k;
    for (k = 0; k < 8; ++k) free(b->buf[k]);
    free(b->data);
    gir_graph_free(b->g);
    memset(b, 0, sizeof *b);
}
/* as_f64: float inputs and float dtype attributes become f64 (gradient checks) */
static int build_case(const gcase *c, int as_f64, built *b) {
    gir_op op = gir_op_from_name(c->op);
    gir_attr a = c->attr;
    int k;
    memset(b, 0, sizeof *b);
    b->g = gir_graph_new(NULL);
    CHECK(op != GIR_OP__INVALID, "unknown op '%s'", c->op);
    if (as_f64 && is_float(a.dtype)) a.dtype = GIR_DTYPE_F64;
    for (k = 0; k < c->nin; ++k) {
        int dt = c->in[k].dt;
        if (as_f64 && is_float(dt)) dt = GIR_DTYPE_F64;
        b->dt[k] = dt;
        b->buf[k] = to_bytes(c->in[k].v, c->in[k].n, dt);
        if (op == GIR_OP_ASSIGN && k == 0) b->in[k] = gir_variable(b->g, (gir_dtype)dt, c->in[k].s, b->buf[k]);
        else b->in[k] = gir_input(b->g, (gir_dtype)dt, c->in[k].s);     /* assign writes a variable */
    }
    if (op == GIR_OP_INPUT) {
        b->y = b->in[0];
    } else {
        if (c->has_data) {
            b->data = to_bytes(c->data, c->ndata, a.dtype);
            a.data = b->data;
        }
        b->y = gir_op_build(b->g, op, c->nin, b->in, &a);
    }
    CHECK(b->y.id != 0, "build failed: %s", gir_graph_message(b->g));
    return 1;
}
static int bind_all(gir_plan *p, built *b, const gcase *c) {
    int k;
    for (k = 0; k < c->nin; ++k)
        if (gir_node_op(b->g, b->in[k]) == GIR_OP_INPUT &&
            gir_plan_bind(p, b->in[k], b->buf[k]) != GIR_OK) return 0;   /* unused inputs are accepted */
    return 1;
}
static int close_enough(double got, double want, double rtol, double atol) {
    if (want != want) return got != got;
    if (isinf(want)) return got == want;
    return fabs(got - want) <= atol + rtol * fabs(want);
}

static int test_forward(const gcase *c) {
    built b;
    gir_plan *p = NULL;
    const void *out;
    int64_t k;
    double rtol, atol;
    int dt;
    gir_shape s;
    if (!build_case(c, 0, &b)) { built_free(&b); return 0; }
    dt = gir_node_dtype(b.g, b.y);
    s = gir_node_shape(b.g, b.y);
    if (dt != c->out.dt) { built_free(&b); FAILF("dtype %s, expected %s", gir_dtype_name((gir_dtype)dt), gir_dtype_name((gir_dtype)c->out.dt)); }
    if (s.rank != c->out.s.rank || memcmp(s.dim, c->out.s.dim, sizeof(int32_t) * (size_t)s.rank)) {
        built_free(&b);
        FAILF("shape differs from the oracle's (rank %d vs %d)", (int)s.rank, (int)c->out.s.rank);
    }
    if (gir_plan_compile(b.g, 1, &b.y, NULL, &p) || !bind_all(p, &b, c) || gir_plan_run(p)) {
        snprintf(why, sizeof why, "compile/run failed: %s %s", gir_graph_message(b.g), p ? gir_plan_message(p) : "");
        gir_plan_free(p);
        built_free(&b);
        return 0;
    }
    out = gir_plan_data(p, b.y);
    rtol = c->has_tol ? c->rtol : dt == GIR_DTYPE_F32 ? 2e-6 : 1e-12;
    atol = c->has_tol ? c->atol : dt == GIR_DTYPE_F32 ? 1e-6 : 1e-12;
    for (k = 0; k < c->out.n; ++k) {
        double got = getv(out, dt, k), want = c->out.v[k];
        if (!close_enough(got, want, is_float(dt) ? rtol : 0, is_float(dt) ? atol : 0)) {
            snprintf(why, sizeof why, "element %lld: got %.9g, oracle %.9g", (long long)k, got, want);
            gir_plan_free(p);
            built_free(&b);
            return 0;
        }
    }
    gir_plan_free(p);
    built_free(&b);
    return 1;
}

/* ---------------------------------------------------------------------------------- gradient checks */
static double frand(unsigned *st) { *st = *st * 1103515245u + 12345u; return ((*st >> 8) & 0xffff) / 32768.0 - 1.0; }

/* Compares d loss / d x (nodes grads[k], one per wrt[k]) with central differences of loss. */
static int fd_check(built *b, const gcase *c, gir_node loss, int nw, const int *wk, const gir_node *grads,
                    double rtol, double atol_rel) {
    gir_node outs[9];
    gir_plan *p = NULL;
    int j;
    double *ans[8];
    outs[0] = loss;
    for (j = 0; j < nw; ++j) outs[1 + j] = grads[j];
    if (gir_plan_compile(b->g, 1 + nw, outs, NULL, &p) || !bind_all(p, b, c) || gir_plan_run(p)) {
        snprintf(why, sizeof why, "compile/run failed: %s %s", gir_graph_message(b->g), p ? gir_plan_message(p) : "");
        gir_plan_free(p);
        return 0;
    }
    for (j = 0; j < nw; ++j) {                  /* the adjoints, before any input is moved */
        int64_t n = c->in[wk[j]].n;
        ans[j] = (double *)malloc((size_t)(n ? n : 1) * sizeof(double));
        memcpy(ans[j], gir_plan_data(p, grads[j]), (size_t)n * sizeof(double));
    }
    for (j = 0; j < nw; ++j) {
        int k = wk[j];
        double *x = (double *)b->buf[k];
        int64_t n = c->in[k].n, i, step = n > 48 ? n / 48 : 1;
        double *an = ans[j];
        for (i = 0; i < n; i += step) {
            double x0 = x[i], h = 1e-6 * (fabs(x0) > 1 ? fabs(x0) : 1), lp, lm, fd;
            x[i] = x0 + h;
            gir_plan_run(p);
            lp = *(const double *)gir_plan_data(p, loss);
            x[i] = x0 - h;
            gir_plan_run(p);
            lm = *(const double *)gir_plan_data(p, loss);
            x[i] = x0;
            fd = (lp - lm) / (2 * h);
            if (!(fabs(fd - an[i]) <= atol_rel * (1 + fabs(lp)) + rtol * fabs(fd))) {
                snprintf(why, sizeof why, "input %d element %lld: adjoint %.10g, finite difference %.10g", k,
                         (long long)i, an[i], fd);
                for (k = 0; k < nw; ++k) free(ans[k]);
                gir_plan_free(p);
                return 0;
            }
        }
    }
    for (j = 0; j < nw; ++j) free(ans[j]);
    gir_plan_free(p);
    return 1;
}
/* which inputs of a case get gradients: float parents */
static int grad_inputs(const gcase *c, int *wk) {
    gir_op op = gir_op_from_name(c->op);
    int k, n = 0;
    for (k = 0; k < c->nin; ++k)
        if (!gir_op_input_is_arg(op, k) && is_float(c->in[k].dt)) wk[n++] = k;
    return n;
}
static int gradable(const gcase *c) {
    gir_op op = gir_op_from_name(c->op);
    int wk[8];
    if (!gir_op_differentiable(op) || c->nograd || gir_op_is_random(op)) return 0;
    return grad_inputs(c, wk) > 0 && is_float(c->out.dt);
}
/* loss = sum(y * w) for fixed weights w */
static gir_node weighted_sum(gir_graph *g, gir_node y, unsigned seed) {
    gir_shape s = gir_node_shape(g, y);
    int64_t n = gir_node_numel(g, y), k;
    double *w = (double *)malloc((size_t)(n ? n : 1) * sizeof(double));
    gir_node wn;
    for (k = 0; k < n; ++k) w[k] = 0.5 + 0.5 * frand(&seed);
    wn = gir_constant(g, GIR_DTYPE_F64, s, w);
    free(w);
    return gir_sum(g, gir_mul(g, y, wn), gir_ints0(), 0);
}
static int test_grad(const gcase *c) {
    built b;
    int wk[8], nw = grad_inputs(c, wk), j, ok;
    gir_node wrt[8], grads[8], loss;
    if (!build_case(c, 1, &b)) { built_free(&b); return 0; }
    loss = weighted_sum(b.g, b.y, 7u);
    for (j = 0; j < nw; ++j) wrt[j] = b.in[wk[j]];
    if (gir_grad(b.g, loss, nw, wrt, grads) != GIR_OK) {
        snprintf(why, sizeof why, "gir_grad: %s", gir_graph_message(b.g));
        built_free(&b);
        return 0;
    }
    ok = fd_check(&b, c, loss, nw, wk, grads, 1e-5, 1e-7);
    built_free(&b);
    return ok;
}
/* second order: s = sum(grad(loss, x0) * v); d s / d x (a Hessian-vector product) against differences of s */
static int test_grad2(const gcase *c, int *skipped) {
    built b;
    int wk[8], nw = grad_inputs(c, wk), j, ok;
    gir_node wrt[8], g1[8], g2[8], loss, s;
    gir_status st;
    *skipped = 0;
    if (!build_case(c, 1, &b)) { built_free(&b); return 0; }
    loss = weighted_sum(b.g, b.y, 7u);
    for (j = 0; j < nw; ++j) wrt[j] = b.in[wk[j]];
    if (gir_grad(b.g, loss, nw, wrt, g1) != GIR_OK) {
        snprintf(why, sizeof why, "gir_grad: %s", gir_graph_message(b.g));
        built_free(&b);
        return 0;
    }
    s = weighted_sum(b.g, g1[0], 11u);
    st = gir_grad(b.g, s, nw, wrt, g2);
    if (st == GIR_ERR_NO_ADJOINT) { *skipped = 1; built_free(&b); return 1; }
    if (st != GIR_OK) {
        snprintf(why, sizeof why, "second gir_grad: %s", gir_graph_message(b.g));
        built_free(&b);
        return 0;
    }
    if (gir_node_grad_level(b.g, g2[0]) < 2 && gir_node_op(b.g, g2[0]) != GIR_OP_FILL) {
        built_free(&b);
        FAILF("second-order node has grad level %d", gir_node_grad_level(b.g, g2[0]));
    }
    ok = fd_check(&b, c, s, nw, wk, g2, 1e-4, 1e-6);
    built_free(&b);
    return ok;
}

/* ---------------------------------------------------------------------------------- error cases per op */
/* after any error the graph must stay usable: build something small; it does not compile while the graph holds
   the error (whose status and message stay), and once the error is cleared it compiles and runs */
static int still_usable(gir_graph *g) {
    gir_status held = gir_graph_status(g);
    char msg[256];
    gir_node a = gir_scalar(g, GIR_DTYPE_F32, 2.0f), b = gir_add(g, a, a);
    gir_plan *p = NULL;
    int ok;
    snprintf(msg, sizeof msg, "%s", gir_graph_message(g));
    if (held != GIR_OK && (gir_plan_compile(g, 1, &b, NULL, &p) != held || p || gir_graph_status(g) != held ||
                           strcmp(msg, gir_graph_message(g))))
        return 0;
    gir_graph_clear_error(g);
    if (!b.id || gir_plan_compile(g, 1, &b, NULL, &p) != GIR_OK || gir_plan_run(p) != GIR_OK) { gir_plan_free(p); return 0; }
    ok = *(const float *)gir_plan_data(p, b) == 4.0f;
    gir_plan_free(p);
    return ok;
}
static int msg_has(gir_graph *g, const char *s) { return strstr(gir_graph_message(g), s) != NULL; }

/* a dtype each rule rejects, or 0 when every dtype is accepted */
static int bad_dtype_for(const gcase *c) {
    return c->in[0].dt == GIR_DTYPE_B8 ? GIR_DTYPE_F32 : GIR_DTYPE_B8;
}
/* one bad build of an op without inputs: the status, a message naming the op, the node and `has`, and a graph
   still usable after it */
static int orphan_fails(gir_graph *g, gir_op op, int nin, const gir_attr *a, gir_status want, const char *has,
                        const char *what) {
    gir_node in[1];
    gir_node y;
    in[0] = gir_input(g, GIR_DTYPE_F32, gir_shape1(2));
    y = gir_op_build(g, op, nin, in, a);
    if (y.id || gir_graph_status(g) != want || !msg_has(g, gir_op_name(op)) || !msg_has(g, "node") ||
        !msg_has(g, has) || !still_usable(g))
        FAILF("%s not reported as status %d naming '%s': status %d, '%s'", what, (int)want, has,
              (int)gir_graph_status(g), gir_graph_message(g));
    gir_graph_clear_error(g);
    return 1;
}
/* errors of the ops without inputs (input, variable, constant, fill, eye, arange, the random ops): an input
   given to them, a dtype attribute out of range, and a shape they cannot make */
static int test_errors_orphan(gir_op op) {
    static const double vals[6] = {1, 2, 3, 4, 5, 6};
    gir_graph *g = gir_graph_new(NULL);
    gir_attr a, b;
    gir_node y;
    int ok = 1;
    memset(&a, 0, sizeof a);
    a.dtype = GIR_DTYPE_F32;
    a.shape = gir_shape2(2, 3);
    a.data = vals;
    a.i[0] = 2; a.i[1] = 2;                         /* eye: n, m */
    a.f[1] = 4; a.f[2] = 1;                         /* arange: stop, step; the random ops' hi and std */
    y = gir_op_build(g, op, 0, NULL, &a);
    if (!y.id) FAILF("the valid build failed: '%s'", gir_graph_message(g));
    ok = ok && orphan_fails(g, op, 1, &a, GIR_ERR_INVALID_ARG, "got 1", "an input given to it");
    b = a; b.dtype = 77;
    ok = ok && orphan_fails(g, op, 0, &b, GIR_ERR_ATTR, "77", "dtype attribute 77");
    b = a;
    if (op == GIR_OP_EYE) b.i[0] = -1;
    else if (op == GIR_OP_ARANGE) b.f[2] = 0;
    else b.shape.dim[1] = -3;
    ok = ok && orphan_fails(g, op, 0, &b, GIR_ERR_ATTR, op == GIR_OP_ARANGE ? "step" : "-", "a negative size");
    b = a; b.shape.rank = GIR_MAX_RANK + 3;
    if (op != GIR_OP_EYE && op != GIR_OP_ARANGE)
        ok = ok && orphan_fails(g, op, 0, &b, GIR_ERR_ATTR, "GIR_MAX_RANK", "a rank over GIR_MAX_RANK");
    gir_graph_free(g);
    return ok;
}
static int test_errors(gir_op op) {
    const gcase *c = NULL;
    char name[48];
    int k, np = gir_op_parent_count(op), nin;
    gir_graph *g;
    gir_node in[8], y, bad = {0, 0};
    gir_attr a;
    for (k = 0; k < ncases; ++k)
        if ((int)gir_op_from_name(cases[k].op) == (int)op && cases[k].nin > 0) { c = &cases[k]; break; }
    if (np == 0 && gir_op_arg_count(op) == 0) return test_errors_orphan(op);
    if (!c) FAILF("no golden case with inputs");
    nin = c->nin;
    g = gir_graph_new(NULL);
    a = c->attr;
    /* 1. a handle from nowhere */
    for (k = 0; k < nin; ++k) in[k] = gir_input(g, (gir_dtype)c->in[k].dt, c->in[k].s);
    in[0].id = 100000;
    y = gir_op_build(g, op, nin, in, &a);
    if (y.id || gir_graph_status(g) != GIR_ERR_HANDLE || !msg_has(g, gir_op_name(op)) || !still_usable(g)) {
        snprintf(why, sizeof why, "bad handle not reported: '%s'", gir_graph_message(g));
        gir_graph_free(g);
        return 0;
    }
    /* 2. a poisoned input passes through without a new message */
    gir_graph_clear_error(g);
    in[0] = bad;
    y = gir_op_build(g, op, nin, in, &a);
    if (y.id || gir_graph_status(g) != GIR_OK) {
        snprintf(why, sizeof why, "invalid input did not propagate quietly: '%s'", gir_graph_message(g));
        gir_graph_free(g);
        return 0;
    }
    /* 3. wrong number of inputs */
    if (np >= 0) {
        for (k = 0; k < nin; ++k) in[k] = gir_input(g, (gir_dtype)c->in[k].dt, c->in[k].s);
        in[nin] = in[0];
        y = gir_op_build(g, op, nin + 1, in, &a);
        if (y.id || gir_graph_status(g) != GIR_ERR_INVALID_ARG || !still_usable(g)) {
            snprintf(why, sizeof why, "wrong input count not reported: '%s'", gir_graph_message(g));
            gir_graph_free(g);
            return 0;
        }
        gir_graph_clear_error(g);
    }
    /* 4. a dtype the rule rejects, on the first input (comparisons take every dtype, b8 included, as NumPy's) */
    snprintf(name, sizeof name, " %s ", c->op);
    if (op != GIR_OP_CAST && op != GIR_OP_STOP_GRADIENT && strcmp(c->op, "reshape") && gir_op_group(op) != GIR_GROUP_SHAPE &&
        !strstr(" gt ge lt le eq ne approx_eq ", name)) {
        int bdt = bad_dtype_for(c);
        for (k = 0; k < nin; ++k) in[k] = gir_input(g, (gir_dtype)(k == 0 ? bdt : c->in[k].dt), c->in[k].s);
        y = gir_op_build(g, op, nin, in, &a);
        if (y.id || gir_graph_status(g) != GIR_ERR_DTYPE || !msg_has(g, gir_op_name(op)) || !msg_has(g, "node") ||
            !still_usable(g)) {
            snprintf(why, sizeof why, "input of dtype %s not rejected: '%s'", gir_dtype_name((gir_dtype)bdt),
                     gir_graph_message(g));
            gir_graph_free(g);
            return 0;
        }
        gir_graph_clear_error(g);
    }
    /* 5. a shape the rule rejects: a rank the op cannot take (rank GIR_MAX_RANK+...) or a mismatched extent */
    {
        gir_shape s0 = c->in[0].s;
        int expect_fail = 1;
        if (s0.rank == 0) s0 = gir_shape1(3);
        else s0.dim[s0.rank - 1] += 1;
        if (nin == 1 || np == 1) expect_fail = 0;               /* one input: any shape of the right rank may fit */
        if (op == GIR_OP_OUTER || op == GIR_OP_TRISOLVE) expect_fail = op == GIR_OP_TRISOLVE;
        if (op == GIR_OP_INDEX_SELECT || op == GIR_OP_INDEX_ADD || op == GIR_OP_GATHER || op == GIR_OP_SCATTER_ADD ||
            op == GIR_OP_ONE_HOT) expect_fail = 0;
        if (op == GIR_OP_WHERE || op == GIR_OP_MAX_POOL2D_BWD) expect_fail = 1;
        if (op == GIR_OP_CONCAT || op == GIR_OP_XENT_LOGITS || op == GIR_OP_CONV2D) expect_fail = 0;   /* the changed extent may be legal */
        if (expect_fail) {
            for (k = 0; k < nin; ++k) in[k] = gir_input(g, (gir_dtype)c->in[k].dt, k == 0 ? s0 : c->in[k].s);
            y = gir_op_build(g, op, nin, in, &a);
            if (y.id || (gir_graph_status(g) != GIR_ERR_SHAPE) || !msg_has(g, gir_op_name(op)) || !msg_has(g, "[") ||
                !still_usable(g)) {
                snprintf(why, sizeof why, "mismatched shape not rejected with a shape message: '%s'", gir_graph_message(g));
                gir_graph_free(g);
                return 0;
            }
            gir_graph_clear_error(g);
        }
    }
    /* 6. rank-0 input to ops that need axes or matrices */
    if (gir_op_group(op) == GIR_GROUP_LINALG || gir_op_group(op) == GIR_GROUP_CONV || op == GIR_OP_XENT_LOGITS) {
        for (k = 0; k < nin; ++k) in[k] = gir_input(g, (gir_dtype)c->in[k].dt, gir_shape0());
        y = gir_op_build(g, op, nin, in, &a);
        if (y.id || gir_graph_status(g) == GIR_OK || !still_usable(g)) {
            snprintf(why, sizeof why, "scalar inputs not rejected: '%s'", gir_graph_message(g));
            gir_graph_free(g);
            return 0;
        }
    }
    gir_graph_free(g);
    return 1;
}

/* ---------------------------------------------------------------------------------- random ops */
static int test_random(gir_op op) {
    const gcase *c = NULL;
    built b;
    gir_plan *p = NULL;
    int k;
    int64_t n, i;
    double s = 0, s2 = 0, mean, var;
    const void *o;
    for (k = 0; k < ncases; ++k)
        if (gir_op_from_name(cases[k].op) == op) { c = &cases[k]; break; }
    CHECK(c, "no case");
    if (!build_case(c, 0, &b)) { built_free(&b); return 0; }
    if (gir_plan_compile(b.g, 1, &b.y, NULL, &p) || !bind_all(p, &b, c) || gir_plan_run(p)) {
        snprintf(why, sizeof why, "run failed: %s", p ? gir_plan_message(p) : gir_graph_message(b.g));
        gir_plan_free(p); built_free(&b); return 0;
    }
    o = gir_plan_data(p, b.y);
    n = gir_node_numel(b.g, b.y);
    for (i = 0; i < n; ++i) { double v = getv(o, gir_node_dtype(b.g, b.y), i); s += v; s2 += v * v; }
    mean = s / (double)n;
    var = s2 / (double)n - mean * mean;
    if (op == GIR_OP_RAND_UNIFORM) {
        double lo = c->attr.f[0], hi = c->attr.f[1], m = (lo + hi) / 2, v = (hi - lo) * (hi - lo) / 12;
        for (i = 0; i < n; ++i) {
            double x = getv(o, gir_node_dtype(b.g, b.y), i);
            if (x < lo || x >= hi) { gir_plan_free(p); built_free(&b); FAILF("value %g outside [%g, %g)", x, lo, hi); }
        }
        if (fabs(mean - m) > 5 * sqrt(v / (double)n) || fabs(var - v) > 0.05 * v) {
            gir_plan_free(p); built_free(&b); FAILF("mean %g var %g, expected %g %g", mean, var, m, v);
        }
    } else if (op == GIR_OP_RAND_NORMAL) {
        double m = c->attr.f[0], v = c->attr.f[1] * c->attr.f[1];
        if (fabs(mean - m) > 5 * sqrt(v / (double)n) || fabs(var - v) > 0.05 * v) {
            gir_plan_free(p); built_free(&b); FAILF("mean %g var %g, expected %g %g", mean, var, m, v);
        }
    } else {                                                      /* dropout: 0 or x/(1-p), about p dropped */
        double pr = c->attr.f[0], dropped = 0;
        for (i = 0; i < n; ++i) {
            double x = c->in[0].v[i], y = getv(o, gir_node_dtype(b.g, b.y), i);
            if (y == 0) dropped += 1;
            else if (fabs(y - x / (1 - pr)) > 1e-5 * fabs(y)) { gir_plan_free(p); built_free(&b); FAILF("element %lld: %g is neither 0 nor x/(1-p)", (long long)i, y); }
        }
        if (fabs(dropped / (double)n - pr) > 5 * sqrt(pr * (1 - pr) / (double)n)) {
            gir_plan_free(p); built_free(&b); FAILF("dropped fraction %g, p = %g", dropped / (double)n, pr);
        }
    }
    /* same seed, same run index: same numbers; the next run draws new ones */
    {
        int64_t bytes = n * (int64_t)gir_dtype_size(gir_node_dtype(b.g, b.y));
        void *first = malloc((size_t)bytes);
        gir_plan *p2 = NULL;
        int same, differs;
        memcpy(first, o, (size_t)bytes);
        gir_plan_compile(b.g, 1, &b.y, NULL, &p2);
        bind_all(p2, &b, c);
        gir_plan_run(p2);
        same = !memcmp(first, gir_plan_data(p2, b.y), (size_t)bytes);
        gir_plan_run(p2);
        differs = memcmp(first, gir_plan_data(p2, b.y), (size_t)bytes) != 0;
        free(first);
        gir_plan_free(p2);
        if (!same || !differs) { gir_plan_free(p); built_free(&b); FAILF("streams: same-seed repeat %d, next run differs %d", same, differs); }
    }
    gir_plan_free(p);
    built_free(&b);
    return 1;
}
/* the gradient dx of graph g, run with x bound to xv, is the bytes of want; g freed */
static int slices_grad_is(gir_graph *g, gir_node x, const double *xv, gir_node dx, const double *want, size_t bytes,
                          const char *what) {
    gir_plan *p = NULL;
    int ok;
    CHECK(gir_plan_compile(g, 1, &dx, NULL, &p) == GIR_OK, "%s: %s", what, gir_graph_message(g));
    gir_plan_bind(p, x, xv);
    CHECK(gir_plan_run(p) == GIR_OK, "%s: %s", what, gir_plan_message(p));
    ok = memcmp(gir_plan_data(p, dx), want, bytes) == 0;
    gir_plan_free(p);
    gir_graph_free(g);
    CHECK(ok, "%s: the gradient is not w", what);
    return 1;
}
/* 70 slices of one element each, built last to first so that their adjoints arrive in order: the joined list
   fills a concat's 64 inputs and starts another; the gradient is still w */
static int test_grad_slices_join_many(void) {
    enum { N = 70 };
    gir_graph *g = gir_graph_new(NULL);
    gir_node x = gir_input(g, GIR_DTYPE_F64, gir_shape1(N)), loss = {0, 0}, dx;
    double xv[N], wv[N];
    int k;
    for (k = 0; k < N; ++k) { xv[k] = 0.5 * k; wv[k] = 3.0 - k; }
    for (k = N - 1; k >= 0; --k) {
        gir_node t = gir_mul(g, gir_slice(g, x, 0, k, k + 1, 1), gir_constant(g, GIR_DTYPE_F64, gir_shape1(1), wv + k));
        loss = k == N - 1 ? gir_sum(g, t, gir_ints0(), 0) : gir_add(g, loss, gir_sum(g, t, gir_ints0(), 0));
    }
    CHECK(gir_grad(g, loss, 1, &x, &dx) == GIR_OK, "%s", gir_graph_message(g));
    return slices_grad_is(g, x, xv, dx, wv, sizeof wv, "70 slices");
}
/* the adjoints of slices of one axis that meet end to end are joined (GIR_JOIN), not zero-padded and added: the
   gradient of sum(w_k * x[r_k]) over four ranges covering x's axis 1 is one concat (of the four w_k); over three
   ranges with a gap, the last two arriving first do not meet and the adjoints are added; the values are w's
   either way */
static int test_grad_slices_join(void) {
    static const int lo[2][4] = {{0, 3, 5, 9}, {0, 3, 7, 0}}, hi[2][4] = {{3, 5, 9, 12}, {3, 5, 12, 0}};
    int c;
    for (c = 0; c < 2; ++c) {
        gir_graph *g = gir_graph_new(NULL);
        gir_node x = gir_input(g, GIR_DTYPE_F64, gir_shape2(2, 12)), loss = {0, 0}, dx, w[4];
        double xv[24], wv[24], want[24];
        int k, i, j, n = c ? 3 : 4;
        for (i = 0; i < 24; ++i) { xv[i] = 0.1 * i; wv[i] = 1.0 + i; want[i] = 0.0; }
        for (k = 0; k < n; ++k) {
            gir_node s = gir_slice(g, x, 1, lo[c][k], hi[c][k], 1), t;
            w[k] = gir_constant(g, GIR_DTYPE_F64, gir_shape2(2, hi[c][k] - lo[c][k]), wv + 2 * lo[c][k]);
            t = gir_sum(g, gir_mul(g, s, w[k]), gir_ints0(), 0);
            loss = k ? gir_add(g, loss, t) : t;
            for (i = 0; i < 2; ++i)
                for (j = lo[c][k]; j < hi[c][k]; ++j)
                    want[i * 12 + j] = wv[2 * lo[c][k] + i * (hi[c][k] - lo[c][k]) + j - lo[c][k]];
        }
        CHECK(gir_grad(g, loss, 1, &x, &dx) == GIR_OK, "%s", gir_graph_message(g));
        CHECK(gir_node_op(g, dx) == (c ? GIR_OP_ADD : GIR_OP_CONCAT), "case %d: the gradient is %s", c,
              gir_op_name(gir_node_op(g, dx)));
        if (!slices_grad_is(g, x, xv, dx, want, sizeof want, c ? "three ranges" : "four ranges")) return 0;
    }
    return test_grad_slices_join_many();
}
/* dropout's adjoint uses the forward mask: d sum(dropout(x) * w) / dx = w * mask / (1 - p) */
static int test_dropout_grad(void) {
    gir_graph *g = gir_graph_new(NULL);
    double xv[64], wv[64];
    gir_node x = gir_input(g, GIR_DTYPE_F64, gir_shape1(64)), y = gir_dropout(g, x, 0.5, 3), w, loss, dx, outs[2];
    gir_plan *p = NULL;
    int i, r;
    unsigned st = 5;
    for (i = 0; i < 64; ++i) { xv[i] = 1 + 0.5 * frand(&st); wv[i] = frand(&st); }
    w = gir_constant(g, GIR_DTYPE_F64, gir_shape1(64), wv);
    loss = gir_sum(g, gir_mul(g, y, w), gir_ints0(), 0);
    CHECK(gir_grad(g, loss, 1, &x, &dx) == GIR_OK, "%s", gir_graph_message(g));
    outs[0] = y; outs[1] = dx;
    CHECK(gir_plan_compile(g, 2, outs, NULL, &p) == GIR_OK, "%s", gir_graph_message(g));
    gir_plan_bind(p, x, xv);
    for (r = 0; r < 3; ++r) {
        const double *yy, *gg;
        gir_plan_run(p);
        yy = (const double *)gir_plan_data(p, y);
        gg = (const double *)gir_plan_data(p, dx);
        for (i = 0; i < 64; ++i) {
            double want = yy[i] != 0 ? wv[i] * 2 : 0;
            if (fabs(gg[i] - want) > 1e-12) { gir_plan_free(p); gir_graph_free(g); FAILF("run %d element %d: %g vs %g", r, i, gg[i], want); }
        }
    }
    gir_plan_free(p);
    gir_graph_free(g);
    return 1;
}

/* ---------------------------------------------------------------------------------- whole-library tests */
static int test_table_covered(void) {
    int op, k, missing = 0;
    char list[400] = "";
    for (op = 1; op < GIR_OP__COUNT; ++op) {
        int found = 0;
        found = own_suite_of((gir_op)op) != NULL;         /* its suite, named in golden.txt, covers it */
        for (k = 0; k < ncases && !found; ++k) found = (int)gir_op_from_name(cases[k].op) == op;
        if (!found) {
            ++missing;
            if (strlen(list) < 300) { strcat(list, " "); strcat(list, gir_op_name((gir_op)op)); }
        }
    }
    CHECK(!missing, "%d op(s) without golden cases:%s (run make golden)", missing, list);
    return 1;
}
static int test_node_types(void) {
    gir_graph *g = gir_graph_new(NULL);
    gir_node x = gir_input(g, GIR_DTYPE_F32, gir_shape1(3)), c = gir_scalar(g, GIR_DTYPE_F32, 1.0);
    gir_node cd = gir_exp(g, c), xd = gir_mul(g, x, c), nd = gir_gt(g, x, c), sg = gir_stop_gradient(g, xd);
    gir_node ix = gir_input(g, GIR_DTYPE_I32, gir_shape1(3)), ixf = gir_cast(g, ix, GIR_DTYPE_F32);
    gir_node v = gir_variable(g, GIR_DTYPE_F32, gir_shape1(3), NULL), gr;
    CHECK(gir_node_type_of(g, x) == GIR_NODE_INPUT && gir_node_type_of(g, v) == GIR_NODE_INPUT, "inputs");
    CHECK(gir_node_type_of(g, c) == GIR_NODE_CONSTANT, "constant");
    CHECK(gir_node_type_of(g, cd) == GIR_NODE_CONSTANT_DERIVED, "constant derived");
    CHECK(gir_node_type_of(g, xd) == GIR_NODE_INPUT_DERIVED, "input derived");
    CHECK(gir_node_type_of(g, nd) == GIR_NODE_INPUT_DERIVED_NON_DIFF, "logical of input: %d", gir_node_type_of(g, nd));
    CHECK(gir_node_type_of(g, sg) == GIR_NODE_INPUT_DERIVED_NON_DIFF, "stop_gradient");
    CHECK(gir_node_type_of(g, ixf) == GIR_NODE_INPUT_DERIVED_NON_DIFF, "cast of an integer input");
    CHECK(gir_node_parent_count(g, nd) == 2 && gir_node_arg_count(g, nd) == 0, "parents");
    CHECK(gir_graph_input_count(g) == 2 && gir_graph_input(g, 0).id == x.id && gir_graph_input(g, 1).id == ix.id &&
          gir_graph_input(g, 2).id == 0, "graph inputs indexed from 0");
    {
        gir_node w = gir_where(g, nd, x, c);
        CHECK(gir_node_parent_count(g, w) == 2 && gir_node_arg_count(g, w) == 1, "where: cond is an argument");
        CHECK(gir_node_input(g, w, 2).id == nd.id, "arguments follow parents");
    }
    /* grad of something that does not depend on x is zeros; stop_gradient blocks */
    CHECK(gir_grad(g, gir_sum(g, sg, gir_ints0(), 0), 1, &x, &gr) == GIR_OK, "%s", gir_graph_message(g));
    CHECK(gir_node_op(g, gr) == GIR_OP_FILL, "stop_gradient should give a zero gradient");
    gir_graph_free(g);
    return 1;
}
static int test_grad_errors(void) {
    gir_graph *g = gir_graph_new(NULL);
    gir_node x = gir_input(g, GIR_DTYPE_F32, gir_shape1(3)), y = gir_exp(g, x), gr, bad = {0, 0};
    CHECK(gir_grad(g, y, 1, &x, &gr) == GIR_ERR_SHAPE && msg_has(g, "[3]"), "non-scalar output: %s", gir_graph_message(g));
    CHECK(gr.id == 0 && still_usable(g), "usable after");
    gir_graph_clear_error(g);
    CHECK(gir_grad(g, bad, 1, &x, &gr) == GIR_ERR_HANDLE, "invalid output");
    gir_graph_clear_error(g);
    {   /* an op without adjoint in the path. No row of the table reaches it (every row with parents that can
           give a float output has an adjoint or blocks gradients: pool2/every_float_row_has_adjoint_or_blocks),
           so a node is made to claim argmax's row (float parent, no adjoint) for the sweep and restored after */
        gir_node img = gir_input(g, GIR_DTYPE_F64, gir_shape4(1, 1, 4, 4));
        gir_node pool = gir_max_pool2d(g, img, gir_ints2(2, 2), gir_ints0(), gir_ints0());
        gir_node l = gir_sum(g, gir_square(g, pool), gir_ints0(), 0), g1;
        uint16_t op = g->nodes[pool.id].op;
        g->nodes[pool.id].op = GIR_OP_ARGMAX;
        CHECK(gir_grad(g, l, 1, &img, &g1) == GIR_ERR_NO_ADJOINT && msg_has(g, "argmax") &&
              msg_has(g, "index output"), "%s", gir_graph_message(g));
        g->nodes[pool.id].op = op;
        CHECK(still_usable(g), "usable");
        gir_graph_clear_error(g);
        CHECK(gir_grad(g, l, 1, &img, &g1) == GIR_OK, "%s", gir_graph_message(g));
    }
    gir_graph_free(g);
    return 1;
}
/* f(x) = a x^2 + b: first and second derivative, grad levels */
static int test_second_derivative(void) {
    gir_graph *g = gir_graph_new(NULL);
    gir_node x = gir_input(g, GIR_DTYPE_F64, gir_shape0()), f, df, d2f, d3f, outs[4];
    gir_plan *p = NULL;
    double xv = 3;
    f = gir_add(g, gir_mul(g, gir_scalar(g, GIR_DTYPE_F64, 2), gir_mul(g, x, gir_mul(g, x, x))), gir_scalar(g, GIR_DTYPE_F64, 1));
    CHECK(!gir_grad(g, f, 1, &x, &df) && !gir_grad(g, df, 1, &x, &d2f) && !gir_grad(g, d2f, 1, &x, &d3f), "%s", gir_graph_message(g));
    CHECK(gir_node_grad_level(g, df) == 1 && gir_node_grad_level(g, d2f) == 2 && gir_node_grad_level(g, d3f) == 3,
          "grad levels %d %d %d", gir_node_grad_level(g, df), gir_node_grad_level(g, d2f), gir_node_grad_level(g, d3f));
    outs[0] = f; outs[1] = df; outs[2] = d2f; outs[3] = d3f;
    CHECK(!gir_plan_compile(g, 4, outs, NULL, &p), "compile");
    gir_plan_bind(p, x, &xv);
    CHECK(!gir_plan_run(p), "run");
    CHECK(*(const double *)gir_plan_data(p, f) == 55 && *(const double *)gir_plan_data(p, df) == 54 &&
          *(const double *)gir_plan_data(p, d2f) == 36 && *(const double *)gir_plan_data(p, d3f) == 12,
          "values %g %g %g %g", *(const double *)gir_plan_data(p, f), *(const double *)gir_plan_data(p, df),
          *(const double *)gir_plan_data(p, d2f), *(const double *)gir_plan_data(p, d3f));
    gir_plan_free(p);
    gir_graph_free(g);
    return 1;
}
/* gradient messages from several consumers are summed; broadcasting is undone */
static int test_grad_fanout_broadcast(void) {
    gir_graph *g = gir_graph_new(NULL);
    gir_node x = gir_input(g, GIR_DTYPE_F64, gir_shape2(1, 3)), m = gir_input(g, GIR_DTYPE_F64, gir_shape2(4, 3));
    gir_node y = gir_add(g, gir_mul(g, x, m), gir_exp(g, x)), l = gir_sum(g, y, gir_ints0(), 0), dx, wrt[2], gr[2];
    gir_plan *p = NULL;
    double xv[3] = {0.1, 0.2, 0.3}, mv[12];
    int i;
    for (i = 0; i < 12; ++i) mv[i] = i;
    wrt[0] = x; wrt[1] = m;
    CHECK(!gir_grad(g, l, 2, wrt, gr), "%s", gir_graph_message(g));
    dx = gr[0];
    CHECK(gir_node_shape(g, dx).rank == 2 && gir_node_shape(g, dx).dim[0] == 1, "gradient has the parent's shape");
    CHECK(!gir_plan_compile(g, 2, gr, NULL, &p), "compile");
    gir_plan_bind(p, x, xv);
    gir_plan_bind(p, m, mv);
    CHECK(!gir_plan_run(p), "run");
    for (i = 0; i < 3; ++i) {
        double want = (i + (3 + i) + (6 + i) + (9 + i)) + 4 * exp(xv[i]);   /* exp(x) is broadcast over 4 rows */
        CHECK(fabs(((const double *)gir_plan_data(p, dx))[i] - want) < 1e-12, "dx[%d]", i);
    }
    gir_plan_free(p);
    gir_graph_free(g);
    return 1;
}
static int test_build_errors(void) {
    gir_graph *g = gir_graph_new(NULL);
    gir_node a = gir_input(g, GIR_DTYPE_F32, gir_shape2(4, 8)), b = gir_input(g, GIR_DTYPE_F32, gir_shape2(3, 8));
    gir_node m = gir_matmul(g, a, b), r;
    CHECK(m.id == 0 && gir_graph_status(g) == GIR_ERR_SHAPE, "matmul shape error");
    CHECK(msg_has(g, "matmul: node 3: inner dimensions differ: [4,8] x [3,8]"), "message: %s", gir_graph_message(g));
    r = gir_relu(g, m);                                      /* poison passes through, first error kept */
    CHECK(r.id == 0 && msg_has(g, "matmul"), "poison");
    CHECK(still_usable(g), "usable after error");
    gir_graph_clear_error(g);
    CHECK(gir_sum(g, a, gir_ints1(2), 0).id == 0 && gir_graph_status(g) == GIR_ERR_ATTR && msg_has(g, "axis 2 out of range"),
          "axis: %s", gir_graph_message(g));
    gir_graph_clear_error(g);
    CHECK(gir_reshape(g, a, gir_shape2(5, 7)).id == 0 && msg_has(g, "cannot reshape [4,8]"), "reshape: %s", gir_graph_message(g));
    gir_graph_clear_error(g);
    CHECK(gir_input(g, GIR_DTYPE_F32, gir_shapev(GIR_MAX_RANK + 1, NULL)).id == 0 && gir_graph_status(g) == GIR_ERR_ATTR, "rank limit");
    gir_graph_clear_error(g);
    CHECK(gir_input(g, (gir_dtype)99, gir_shape1(2)).id == 0 && gir_graph_status(g) == GIR_ERR_ATTR, "dtype attr");
    gir_graph_clear_error(g);
    CHECK(gir_input(g, GIR_DTYPE_F32, gir_shape3(1 << 20, 1 << 20, 1 << 10)).id == 0 && gir_graph_status(g) == GIR_ERR_LIMIT, "numel limit");
    gir_graph_clear_error(g);
    {   /* promotion: i32 + f32 -> f32 through an inserted cast */
        gir_node i = gir_input(g, GIR_DTYPE_I32, gir_shape1(2)), f = gir_input(g, GIR_DTYPE_F32, gir_shape1(2)), s = gir_add(g, i, f);
        CHECK(gir_node_dtype(g, s) == GIR_DTYPE_F32 && gir_node_op(g, gir_node_input(g, s, 0)) == GIR_OP_CAST, "promotion");
        CHECK(gir_sqrt(g, i).id == 0 && msg_has(g, "sqrt") && msg_has(g, "i32"), "sqrt of i32: %s", gir_graph_message(g));
        gir_graph_clear_error(g);
        /* scalars adapt: f32 * f64 scalar stays f32; i32 + float scalar is f32; two scalars promote */
        CHECK(gir_node_dtype(g, gir_mul(g, f, gir_scalar(g, GIR_DTYPE_F64, 2))) == GIR_DTYPE_F32, "weak f64 scalar");
        CHECK(gir_node_dtype(g, gir_add(g, i, gir_scalar(g, GIR_DTYPE_F64, 0.5))) == GIR_DTYPE_F32, "int + float scalar");
        CHECK(gir_node_dtype(g, gir_add(g, i, gir_scalar(g, GIR_DTYPE_I32, 2))) == GIR_DTYPE_I32, "int + int scalar");
        CHECK(gir_node_dtype(g, gir_add(g, gir_scalar(g, GIR_DTYPE_F32, 1), gir_scalar(g, GIR_DTYPE_F64, 2))) == GIR_DTYPE_F64,
              "two scalars promote");
    }
    CHECK(gir_op_build(g, (gir_op)9999, 0, NULL, NULL).id == 0, "unknown op");
    gir_graph_clear_error(g);
    CHECK(gir_arange(g, GIR_DTYPE_F32, 0, HUGE_VAL, 1).id == 0 && gir_graph_status(g) == GIR_ERR_LIMIT, "arange to inf");
    gir_graph_clear_error(g);
    CHECK(gir_arange(g, GIR_DTYPE_F32, 0, 1, 0).id == 0 && gir_graph_status(g) == GIR_ERR_ATTR, "arange step 0");
    gir_graph_clear_error(g);
    {
        gir_node e = gir_arange(g, GIR_DTYPE_I32, 5, 0, 1), r = gir_arange(g, GIR_DTYPE_F64, 0, 1, 0.3);
        CHECK(e.id && gir_node_numel(g, e) == 0, "empty arange");
        CHECK(r.id && gir_node_numel(g, r) == 4, "arange length is ceil((stop - start) / step)");
    }
    gir_graph_free(g);
    return 1;
}
static int test_run_errors(void) {
    gir_graph *g = gir_graph_new(NULL);
    gir_node x = gir_input(g, GIR_DTYPE_F64, gir_shape2(2, 2)), inv = gir_inverse(g, x), ix = gir_input(g, GIR_DTYPE_I32, gir_shape1(2));
    gir_node ga = gir_index_select(g, x, ix, 0);
    gir_plan *p = NULL;
    double sing[4] = {1, 2, 2, 4}, ok[4] = {2, 0, 0, 2};
    int32_t idx[2] = {0, 5};
    CHECK(!gir_plan_compile(g, 1, &inv, NULL, &p), "compile");
    CHECK(gir_plan_run(p) == GIR_ERR_UNBOUND && strstr(gir_plan_message(p), "not bound"), "unbound: %s", gir_plan_message(p));
    gir_plan_bind(p, x, sing);
    CHECK(gir_plan_run(p) == GIR_ERR_NUMERIC && strstr(gir_plan_message(p), "inverse: node 2: a matrix of [2,2] is singular"), "singular: %s", gir_plan_message(p));
    gir_plan_bind(p, x, ok);
    CHECK(gir_plan_run(p) == GIR_OK && ((const double *)gir_plan_data(p, inv))[0] == 0.5, "run after error");
    CHECK(gir_plan_bind(p, inv, ok) == GIR_ERR_INVALID_ARG, "bind non-input");
    gir_plan_free(p);
    CHECK(!gir_plan_compile(g, 1, &ga, NULL, &p), "compile");
    gir_plan_bind(p, x, ok);
    gir_plan_bind(p, ix, idx);
    CHECK(gir_plan_run(p) == GIR_ERR_INDEX && strstr(gir_plan_message(p), "index 5"), "gather index: %s", gir_plan_message(p));
    gir_plan_free(p);
    gir_graph_free(g);
    return 1;
}
/* a graph that trains: build, differentiate, compile, run; used by the allocation tests */
static gir_status small_training(const gir_allocator *al, int *done) {
    gir_graph_desc d;
    gir_graph *g;
    gir_node x, w, b, y, l, lab, grads[2], wrt[2], outs[3];
    gir_plan *p = NULL;
    float xv[8] = {1, 2, 3, 4, 5, 6, 7, 8}, wv[8] = {0.1f, -0.2f, 0.3f, 0.1f, 0, 0.2f, -0.1f, 0.4f};
    int32_t lv[2] = {1, 0};
    gir_status s;
    memset(&d, 0, sizeof d);
    if (al) d.allocator = *al;
    *done = 0;
    g = gir_graph_new(&d);
    if (!g) return GIR_ERR_OUT_OF_MEMORY;
    x = gir_name(g, gir_input(g, GIR_DTYPE_F32, gir_shape2(2, 4)), "x");
    lab = gir_input(g, GIR_DTYPE_I32, gir_shape1(2));
    gir_graph_push_scope(g, "dense");
    w = gir_name(g, gir_variable(g, GIR_DTYPE_F32, gir_shape2(4, 2), wv), "w");
    gir_graph_pop_scope(g);
    b = gir_variable(g, GIR_DTYPE_F32, gir_shape1(2), NULL);
    y = gir_add(g, gir_matmul(g, x, w), b);
    l = gir_mean(g, gir_xent_logits(g, gir_tanh(g, y), lab), gir_ints0(), 0);
    wrt[0] = w; wrt[1] = b;
    s = gir_grad(g, l, 2, wrt, grads);
    if (s == GIR_OK) {
        outs[0] = l; outs[1] = grads[0]; outs[2] = grads[1];
        s = gir_plan_compile(g, 3, outs, NULL, &p);
    } else if (gir_graph_status(g) == GIR_OK) s = GIR_ERR_INVALID_ARG;
    if (s == GIR_OK) {
        gir_plan_bind(p, x, xv);
        gir_plan_bind(p, lab, lv);
        s = gir_plan_run(p);
        *done = s == GIR_OK;
    } else if (s != GIR_ERR_OUT_OF_MEMORY && gir_graph_status(g) == GIR_ERR_OUT_OF_MEMORY) {
        s = GIR_ERR_OUT_OF_MEMORY;
    }
    if (s == GIR_OK && !(gir_graph_status(g) == GIR_OK)) s = gir_graph_status(g);
    gir_plan_free(p);
    gir_graph_free(g);
    return s;
}
typedef struct failing { long count, fail_at, live; } failing;
static void *f_alloc(size_t n, void *u) {
    failing *f = (failing *)u;
    void *p;
    if (++f->count == f->fail_at) return NULL;
    p = malloc(n);
    if (p) ++f->live;
    return p;
}
static void *f_realloc(void *p, size_t o, size_t n, void *u) {
    failing *f = (failing *)u;
    (void)o;
    if (++f->count == f->fail_at) return NULL;
    if (!p) ++f->live;
    return realloc(p, n);
}
static void f_free(void *p, void *u) { if (p) { --((failing *)u)->live; free(p); } }
/* fail the k-th allocation of job for every k: each failure is OUT_OF_MEMORY, nothing leaks (job builds, compiles
   and runs with the allocator it is given, and says whether it got to the end) */
static int oom_sweep(gir_status (*job)(const gir_allocator *al, int *done)) {
    failing f;
    gir_allocator al;
    long k, total;
    int done;
    al.alloc_fn = f_alloc; al.realloc_fn = f_realloc; al.free_fn = f_free; al.user = &f;
    memset(&f, 0, sizeof f);
    CHECK(job(&al, &done) == GIR_OK && done, "the job does not run without failures");
    CHECK(f.live == 0, "%ld blocks leaked", f.live);
    total = f.count;
    for (k = 1; k <= total; ++k) {
        gir_status s;
        memset(&f, 0, sizeof f);
        f.fail_at = k;
        s = job(&al, &done);
        CHECK(s == GIR_ERR_OUT_OF_MEMORY, "allocation %ld of %ld failed, status %s", k, total, gir_status_name(s));
        CHECK(f.live == 0, "allocation %ld failed: %ld blocks leaked", k, f.live);
    }
    return 1;
}
static int test_oom_injection(void) { return oom_sweep(small_training); }
/* run allocates nothing: a counting allocator sees no call during gir_plan_run */
static int test_run_no_alloc(void) {
    failing f;
    gir_allocator al;
    gir_graph_desc d;
    gir_graph *g;
    gir_node x, y, gr;
    gir_plan *p = NULL;
    double xv[6] = {1, 2, 3, 4, 5, 6};
    long before;
    int r;
    memset(&f, 0, sizeof f);
    al.alloc_fn = f_alloc; al.realloc_fn = f_realloc; al.free_fn = f_free; al.user = &f;
    memset(&d, 0, sizeof d);
    d.allocator = al;
    g = gir_graph_new(&d);
    x = gir_input(g, GIR_DTYPE_F64, gir_shape2(2, 3));
    y = gir_sum(g, gir_softmax(g, gir_matmul(g, x, gir_permute_last2(g, x)), -1), gir_ints0(), 0);
    CHECK(!gir_grad(g, y, 1, &x, &gr) && !gir_plan_compile(g, 1, &gr, NULL, &p), "build");
    gir_plan_bind(p, x, xv);
    before = f.count;
    for (r = 0; r < 5; ++r) gir_plan_run(p);
    CHECK(f.count == before, "gir_plan_run allocated %ld times", f.count - before);
    gir_plan_free(p);
    gir_graph_free(g);
    CHECK(f.live == 0, "leak");
    return 1;
}
/* gradient of a scalar node of x against central differences, x an f64 input bound to xv[n] */
static int fd_scalar(gir_graph *g, gir_node x, double *xv, int64_t n, gir_node loss, double tol) {
    gir_node dx, outs[2];
    gir_plan *p = NULL;
    double *an;
    int64_t i;
    CHECK(gir_grad(g, loss, 1, &x, &dx) == GIR_OK, "grad: %s", gir_graph_message(g));
    outs[0] = loss; outs[1] = dx;
    CHECK(gir_plan_compile(g, 2, outs, NULL, &p) == GIR_OK, "compile: %s", gir_graph_message(g));
    gir_plan_bind(p, x, xv);
    if (gir_plan_run(p) != GIR_OK) { gir_plan_free(p); FAILF("run: %s", gir_plan_message(p)); }
    an = (double *)malloc((size_t)n * sizeof(double));
    memcpy(an, gir_plan_data(p, dx), (size_t)n * sizeof(double));
    for (i = 0; i < n; ++i) {
        double x0 = xv[i], h = 1e-6, lp, lm, fd;
        xv[i] = x0 + h; gir_plan_run(p); lp = *(const double *)gir_plan_data(p, loss);
        xv[i] = x0 - h; gir_plan_run(p); lm = *(const double *)gir_plan_data(p, loss);
        xv[i] = x0;
        fd = (lp - lm) / (2 * h);
        if (fabs(fd - an[i]) > tol * (1 + fabs(fd))) {
            snprintf(why, sizeof why, "element %lld: adjoint %.10g, finite difference %.10g", (long long)i, an[i], fd);
            free(an); gir_plan_free(p); return 0;
        }
    }
    free(an);
    gir_plan_free(p);
    return 1;
}
/* layer_norm and batch_norm are compositions of table ops: values by hand, gradients by differences */
static int test_norms(void) {
    gir_graph *g = gir_graph_new(NULL);
    double xv[24], gv[4] = {1.0, 0.5, -1.5, 2.0}, bv[4] = {0.1, 0.2, 0.3, 0.4}, wv[24];
    gir_node x = gir_input(g, GIR_DTYPE_F64, gir_shape2(6, 4)), gm = gir_constant(g, GIR_DTYPE_F64, gir_shape1(4), gv);
    gir_node bt = gir_constant(g, GIR_DTYPE_F64, gir_shape1(4), bv), ln, w, loss;
    gir_plan *p = NULL;
    unsigned st = 3;
    int r, c;
    for (r = 0; r < 24; ++r) { xv[r] = 2 * frand(&st); wv[r] = frand(&st); }
    ln = gir_layer_norm(g, x, gm, bt, -1, 1e-5);
    CHECK(ln.id && !gir_plan_compile(g, 1, &ln, NULL, &p), "build: %s", gir_graph_message(g));
    gir_plan_bind(p, x, xv);
    CHECK(!gir_plan_run(p), "run");
    for (r = 0; r < 6; ++r) {
        double mu = 0, var = 0;
        for (c = 0; c < 4; ++c) mu += xv[r * 4 + c] / 4;
        for (c = 0; c < 4; ++c) var += (xv[r * 4 + c] - mu) * (xv[r * 4 + c] - mu) / 4;
        for (c = 0; c < 4; ++c) {
            double want = (xv[r * 4 + c] - mu) / sqrt(var + 1e-5) * gv[c] + bv[c];
            if (fabs(((const double *)gir_plan_data(p, ln))[r * 4 + c] - want) > 1e-12) { gir_plan_free(p); gir_graph_free(g); FAILF("layer_norm value"); }
        }
    }
    gir_plan_free(p);
    w = gir_constant(g, GIR_DTYPE_F64, gir_shape2(6, 4), wv);
    loss = gir_sum(g, gir_mul(g, gir_tanh(g, ln), w), gir_ints0(), 0);
    if (!fd_scalar(g, x, xv, 24, loss, 1e-6)) { gir_graph_free(g); return 0; }
    loss = gir_sum(g, gir_mul(g, gir_tanh(g, gir_batch_norm(g, x, gm, bt, 1e-5)), w), gir_ints0(), 0);
    if (!fd_scalar(g, x, xv, 24, loss, 1e-6)) { gir_graph_free(g); return 0; }
    {   /* batch norm over N, H, W of an NCHW tensor: each channel comes out with mean beta */
        double img[2 * 4 * 3 * 3];
        gir_node xi = gir_input(g, GIR_DTYPE_F64, gir_shape4(2, 4, 3, 3)), bn;
        int k;
        for (k = 0; k < 72; ++k) img[k] = frand(&st) * 3 + k % 5;
        bn = gir_mean(g, gir_batch_norm(g, xi, gm, bt, 1e-5), gir_ints3(0, 2, 3), 0);
        CHECK(bn.id && !gir_plan_compile(g, 1, &bn, NULL, &p), "build: %s", gir_graph_message(g));
        gir_plan_bind(p, xi, img);
        gir_plan_run(p);
        for (k = 0; k < 4; ++k)
            if (fabs(((const double *)gir_plan_data(p, bn))[k] - bv[k]) > 1e-12) { gir_plan_free(p); gir_graph_free(g); FAILF("batch_norm channel mean"); }
        gir_plan_free(p);
    }
    gir_graph_free(g);
    return 1;
}
static int test_shape_builders(void) {
    gir_graph *g = gir_graph_new(NULL);
    gir_node x = gir_input(g, GIR_DTYPE_F32, gir_shape2(4, 6)), parts[3], e, s, t;
    gir_shape sh;
    CHECK(gir_split(g, x, 1, 3, parts) == 3, "split: %s", gir_graph_message(g));
    sh = gir_node_shape(g, parts[2]);
    CHECK(sh.rank == 2 && sh.dim[0] == 4 && sh.dim[1] == 2 && gir_node_attr(g, parts[2]).i[1] == 4, "split part shape");
    CHECK(gir_split(g, x, 1, 4, parts) == 0 && gir_graph_status(g) == GIR_ERR_SHAPE && msg_has(g, "[4,6]"), "uneven split: %s", gir_graph_message(g));
    gir_graph_clear_error(g);
    e = gir_expand_dims(g, x, -1);
    sh = gir_node_shape(g, e);
    CHECK(sh.rank == 3 && sh.dim[2] == 1, "expand_dims");
    s = gir_squeeze(g, e, 2);
    CHECK(gir_node_shape(g, s).rank == 2, "squeeze");
    CHECK(gir_squeeze(g, x, 0).id == 0 && gir_graph_status(g) == GIR_ERR_ATTR, "squeeze of a non-1 axis");
    gir_graph_clear_error(g);
    t = gir_permute_last2(g, x);
    sh = gir_node_shape(g, t);
    CHECK(sh.dim[0] == 6 && sh.dim[1] == 4, "permute_last2");
    gir_graph_free(g);
    return 1;
}
static int test_op_table(void) {
    int op, diff = 0;
    for (op = 1; op < GIR_OP__COUNT; ++op) {
        CHECK((int)gir_op_from_name(gir_op_name((gir_op)op)) == op, "name round trip for %d", op);
        if (gir_op_differentiable((gir_op)op)) ++diff;
        else CHECK(gir_op_no_adjoint_reason((gir_op)op)[0], "%s has neither adjoint nor reason", gir_op_name((gir_op)op));
    }
    CHECK(GIR_OP__COUNT - 1 >= 90, "only %d ops", GIR_OP__COUNT - 1);
    CHECK(gir_op_from_name("no_such_op") == GIR_OP__INVALID, "unknown name");
    if (verbose) say("     %d ops, %d differentiable\n", GIR_OP__COUNT - 1, diff);
    return 1;
}

/* the kernel of an elementwise kernel table (scalar gir__ew_rows or an instruction set's) for op and dtype */
#define EWT(table, op, dt) ((table)[gir__ew_row[op]][(dt) - 1])
#include "suites.h"

int main(int argc, char **argv) {
    const char *golden = "tests/oracles/golden.txt";
    int k, op, n2 = 0, n2skip = 0;
    char name[160];
#if defined(GIR_TEST_SEMIHOSTED)
    /* picolibc's semihosting argv is {"program-name", the kernel file, the words of qemu's -append}: drop the
       first, and print without a buffer, so that a fault loses no line */
    if (argc > 1) { --argc; ++argv; }
    setvbuf(stdout, NULL, _IONBF, 0);
#endif
    for (k = 1; k < argc; ++k) {
        if (!strcmp(argv[k], "--filter") && k + 1 < argc) filter = argv[++k];
        else if (!strcmp(argv[k], "--golden") && k + 1 < argc) golden = argv[++k];
        else if (!strcmp(argv[k], "-v")) verbose = 1;
        else if (!strcmp(argv[k], "--fuzz") && k + 2 < argc) { fz_rounds = atoi(argv[++k]); fz_base = atoi(argv[++k]); }
        else { say("usage: %s [--filter S] [--golden FILE] [--fuzz ROUNDS FIRST_SEED] [-v]\n", argv[0]); return 2; }
    }
#if defined(GIR_TEST_CROSS)
    /* cross builds (make cross-test) name the vector instruction set the kernels run on here */
    say("instruction set: %s\n", gir_simd_name());
#endif
#if defined(GIR_TEST_SEMIHOSTED) && !defined(GIR_THREADS)
    skip_test("threads/", "the suite needs GIR_THREADS and pthreads, which this bare-metal target lacks");
#endif
    if (!load_golden(golden)) { say("0 passed, 1 failed\n"); return 1; }
    RUN("table/ops", test_op_table());
    RUN("table/golden_coverage", test_table_covered());
    for (op = 1; op < GIR_OP__COUNT; ++op) {
        const char *on = gir_op_name((gir_op)op);
        for (k = 0; k < ncases; ++k) {
            const gcase *c = &cases[k];
            if ((int)gir_op_from_name(c->op) != op) continue;
            if (c->has_out) {
                snprintf(name, sizeof name, "forward/%s/%s", on, c->label);
                RUN(name, test_forward(c));
            }
            if (gradable(c)) {
                int skipped = 0;
                snprintf(name, sizeof name, "grad/%s/%s", on, c->label);
                RUN(name, test_grad(c));
                snprintf(name, sizeof name, "grad2/%s/%s", on, c->label);
                if (selected(name)) {
                    int ok = test_grad2(c, &skipped);
                    if (skipped) { ++n2skip; skip_test(name, "no second-order adjoint"); }
                    else { report(name, ok); if (ok) ++n2; }
                }
            }
        }
        snprintf(name, sizeof name, "errors/%s", on);
        if (!own_suite_of((gir_op)op)) RUN(name, test_errors((gir_op)op));     /* else in its own suite */
        if (gir_op_is_random((gir_op)op)) {
            snprintf(name, sizeof name, "random/%s", on);
            RUN(name, test_random((gir_op)op));
        }
    }
    RUN("autodiff/node_types", test_node_types());
    RUN("autodiff/second_derivative", test_second_derivative());
    RUN("autodiff/fanout_broadcast", test_grad_fanout_broadcast());
    RUN("autodiff/errors", test_grad_errors());
    RUN("autodiff/dropout_mask", test_dropout_grad());
    RUN("autodiff/slices_join", test_grad_slices_join());
    RUN("build/errors", test_build_errors());
    RUN("build/norms", test_norms());
    RUN("build/shape_builders", test_shape_builders());
    RUN("run/errors", test_run_errors());
    RUN("memory/oom_injection", test_oom_injection());
    RUN("memory/run_allocates_nothing", test_run_no_alloc());
    run_suites();
    if (verbose) say("second-order checks: %d cases passed, %d skipped (no second-order adjoint)\n", n2, n2skip);
    for (k = 0; k < ncases; ++k) {
        int j;
        for (j = 0; j < cases[k].nin; ++j) free(cases[k].in[j].v);
        free(cases[k].out.v);
        free(cases[k].data);
    }
    free(cases);
    say("%d passed, %d failed, %d skipped\n", n_pass, n_fail, n_skip);
    return n_fail > 100 ? 100 : n_fail;   /* the exit status is the number of failures */
}
