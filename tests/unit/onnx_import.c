/* suite_onnx_import: gir_onnx_import's contract (gen/90-library/onnx_import.c, documented in the header's >>onnx
   section) on small models made by tests/onnx/make_fixtures.py (tests/onnx/fixtures.h): values computed, initializers
   as variables or constants, symbolic dims, known inputs, every kind of error clean (*out NULL, *n_out 0, a message
   naming what failed, nothing left allocated), hostile files within a memory budget, out of memory at every
   allocation. */
#ifndef GIR_NO_ONNX
#include "../onnx/fixtures.h"

/* an allocator that counts blocks and bytes (live and peak) and fails allocation number oi_fail_at (0: the first) */
static long oi_live, oi_calls, oi_fail_at = -1;
static int oi_broken;                   /* a failed import broke the contract (why says how) */
static size_t oi_bytes, oi_peak;
static void *oi_alloc(size_t n, void *user) {
    size_t *p;
    (void)user;
    if (oi_calls++ == oi_fail_at) return NULL;
    if (n > ((size_t)1 << 30) || !(p = (size_t *)malloc(n + 16))) return NULL;
    *p = n;
    ++oi_live;
    oi_bytes += n;
    if (oi_bytes > oi_peak) oi_peak = oi_bytes;
    return (char *)p + 16;
}
static void oi_free(void *q, void *user) {
    (void)user;
    if (!q) return;
    --oi_live;
    oi_bytes -= *(size_t *)(void *)((char *)q - 16);
    free((char *)q - 16);
}
static void oi_counting(gir_onnx_desc *d, long fail_at) {
    d->graph.allocator.alloc_fn = oi_alloc;
    d->graph.allocator.free_fn = oi_free;
    d->graph.allocator.realloc_fn = NULL;
    oi_live = oi_calls = 0;
    oi_bytes = oi_peak = 0;
    oi_fail_at = fail_at;
}

/* import with the counting allocator; on failure checks the contract (out NULL, n_out 0, nothing live, a message) */
static gir_status oi_import(const unsigned char *data, size_t size, gir_onnx_desc *d, gir_graph **g, gir_node *outs,
                            int *n_out, char *msg) {
    gir_status st;
    oi_counting(d, d->graph.allocator.user ? oi_fail_at : -1);
    oi_broken = 0;
    *g = (gir_graph *)(void *)d;                 /* not NULL: the import must clear it */
    *n_out = 99;
    msg[0] = 0;
    st = gir_onnx_import(data, size, d, g, 8, outs, n_out, msg, 320);
    if (st != GIR_OK && (*g || *n_out || oi_live || !msg[0])) {
        snprintf(why, sizeof why, "failure %d left out %p, n_out %d, %ld blocks, message '%s'", (int)st, (void *)*g,
                 *n_out, oi_live, msg);
        oi_broken = 1;
    }
    return st;
}
/* a failure with status want and a message holding s1 and s2 (NULL: any) */
static int oi_fails(const unsigned char *data, size_t size, gir_onnx_desc *d, gir_status want, const char *s1,
                    const char *s2) {
    gir_graph *g;
    gir_node outs[8];
    int n_out;
    char msg[320];
    gir_status st = oi_import(data, size, d, &g, outs, &n_out, msg);
    if (oi_broken) return 0;
    if (st == GIR_OK) gir_graph_free(g);
    CHECK(st == want, "status %d, want %d: '%s'", (int)st, (int)want, msg);
    CHECK(!s1 || strstr(msg, s1), "'%s' not in '%s'", s1, msg);
    CHECK(!s2 || strstr(msg, s2), "'%s' not in '%s'", s2, msg);
    return 1;
}

static int test_onnx_import_mlp_values(void) {
    static const float xv[6] = {1.0f, -2.0f, 0.5f, 3.0f, 0.25f, -1.0f}, bv[4] = {1.0f, -1.0f, 0.5f, 2.0f};
    gir_onnx_desc d;
    gir_graph *g;
    gir_plan *p = NULL;
    gir_node outs[8];
    float want[8];
    const float *y;
    int n_out, i, j, k, ok;
    char msg[320];
    memset(&d, 0, sizeof d);
    for (i = 0; i < 2; ++i)              /* Y = reshape(relu(X W + B), [4, 2]), W[k][j] = 0.5 (4 k + j) - 2 */
        for (j = 0; j < 4; ++j) {
            float s = bv[j];
            for (k = 0; k < 3; ++k) s += xv[i * 3 + k] * (0.5f * (float)(4 * k + j) - 2.0f);
            want[i * 4 + j] = s > 0 ? s : 0;
        }
    CHECK(oi_import(oxf_mlp, sizeof oxf_mlp, &d, &g, outs, &n_out, msg) == GIR_OK, "import: %s", msg);
    CHECK(n_out == 1 && gir_node_shape(g, outs[0]).rank == 2 && gir_node_shape(g, outs[0]).dim[0] == 4 &&
          gir_node_dtype(g, outs[0]) == GIR_DTYPE_F32 && gir_graph_find(g, "Y").id == outs[0].id, "outputs");
    ok = gir_plan_compile(g, 1, outs, NULL, &p) == GIR_OK && gir_plan_bind(p, gir_graph_find(g, "X"), xv) == GIR_OK &&
         gir_plan_run(p) == GIR_OK;
    y = ok ? (const float *)gir_plan_data(p, outs[0]) : NULL;
    for (k = 0; y && k < 8; ++k) ok &= fabsf(y[k] - want[k]) < 1e-5f;
    if (!ok) snprintf(why, sizeof why, "values: %s / %s", gir_graph_message(g), p ? gir_plan_message(p) : "");
    gir_plan_free(p);
    gir_graph_free(g);
    CHECK(oi_live == 0 && oi_bytes == 0, "%ld blocks left after gir_graph_free", oi_live);
    return ok && y;
}
/* 3-D windows imported with their weights as variables: the gradient of sum(Y) for X (Conv, AveragePool and
   ConvTranspose, all linear in X) matches central differences, and that of sum(M) is 1 exactly where MaxPool's
   Indices point (its windows do not overlap), 0 elsewhere */
static int oi_win3d_run(gir_plan *p, gir_graph *g, const float *x, gir_node l, float *out) {
    if (gir_plan_bind(p, gir_graph_find(g, "X"), x) != GIR_OK || gir_plan_run(p) != GIR_OK) return 0;
    *out = *(const float *)gir_plan_data(p, l);
    return 1;
}
static int test_onnx_import_window3d_grad(void) {
    float xv[300], xp[300], dy[300], lp, lm;
    gir_onnx_desc d;
    gir_graph *g;
    gir_plan *p = NULL;
    gir_node outs[8], x, want[4];
    const float *dm;
    const int32_t *iv;
    int n_out, k, j, ok, hits = 0;
    char msg[320];
    memset(&d, 0, sizeof d);
    d.variables = 1;
    for (k = 0; k < 300; ++k) xv[k] = 2.0f * (float)sin(0.7 * k + 0.3);        /* distinct: no ties in a window */
    CHECK(oi_import(oxf_win3d, sizeof oxf_win3d, &d, &g, outs, &n_out, msg) == GIR_OK && n_out == 3, "import: %s",
          msg);
    x = gir_graph_find(g, "X");
    want[0] = gir_sum(g, outs[0], gir_ints0(), 0);
    want[3] = gir_sum(g, outs[1], gir_ints0(), 0);
    ok = gir_grad(g, want[0], 1, &x, &want[1]) == GIR_OK && gir_grad(g, want[3], 1, &x, &want[2]) == GIR_OK;
    want[3] = outs[2];
    ok = ok && gir_plan_compile(g, 4, want, NULL, &p) == GIR_OK && oi_win3d_run(p, g, xv, want[0], &lp);
    if (!ok) snprintf(why, sizeof why, "grad, plan: %s / %s", gir_graph_message(g), p ? gir_plan_message(p) : "");
    if (ok) {
        memcpy(dy, gir_plan_data(p, want[1]), sizeof dy);
        dm = (const float *)gir_plan_data(p, want[2]);
        iv = (const int32_t *)gir_plan_data(p, want[3]);
        for (k = 0; k < 300; ++k) {               /* the 24 windows' maxima, one each, where the indices say */
            int at = 0;
            for (j = 0; j < 24; ++j) at |= iv[j] == k;
            hits += dm[k] == 1.0f;
            if (dm[k] != (at ? 1.0f : 0.0f)) ok = 0;
        }
        if (!ok || hits != 24) snprintf(why, sizeof why, "MaxPool's gradient and Indices disagree (%d maxima)", hits);
    }
    for (k = 0; ok && k < 300; ++k) {
        memcpy(xp, xv, sizeof xp);
        xp[k] = xv[k] + 0.25f;
        ok = oi_win3d_run(p, g, xp, want[0], &lp);
        xp[k] = xv[k] - 0.25f;
        ok = ok && oi_win3d_run(p, g, xp, want[0], &lm);
        if (ok && fabsf((lp - lm) / 0.5f - dy[k]) > 1e-3f * (1 + fabsf(dy[k]))) {
            snprintf(why, sizeof why, "d sum(Y) / dX[%d]: %g, central difference %g", k, dy[k], (lp - lm) / 0.5f);
            ok = 0;
        }
    }
    gir_plan_free(p);
    gir_graph_free(g);
    CHECK(oi_live == 0 && oi_bytes == 0, "%ld blocks left after gir_graph_free", oi_live);
    return ok;
}
static int test_onnx_import_variables(void) {
    gir_onnx_desc d;
    gir_graph *g;
    gir_node outs[8], w, b, s;
    int n_out, var;
    char msg[320];
    for (var = 0; var < 2; ++var) {
        memset(&d, 0, sizeof d);
        d.variables = var;
        CHECK(oi_import(oxf_mlp, sizeof oxf_mlp, &d, &g, outs, &n_out, msg) == GIR_OK, "import: %s", msg);
        w = gir_graph_find(g, "W"); b = gir_graph_find(g, "B"); s = gir_graph_find(g, "S");
        CHECK(w.id && b.id && s.id, "initializers not found by name (variables %d)", var);
        CHECK(gir_node_op(g, w) == (var ? GIR_OP_VARIABLE : GIR_OP_CONSTANT) &&
              gir_node_op(g, b) == (var ? GIR_OP_VARIABLE : GIR_OP_CONSTANT), "float initializers (variables %d)", var);
        CHECK(gir_node_op(g, s) == GIR_OP_CONSTANT && gir_node_dtype(g, s) == GIR_DTYPE_I32, "int64 S (variables %d)",
              var);
        CHECK(gir_node_shape(g, w).rank == 2 && gir_node_shape(g, w).dim[1] == 4, "W's shape");
        gir_graph_free(g);
        CHECK(oi_live == 0, "%ld blocks left", oi_live);
    }
    return 1;
}
static int test_onnx_import_symbolic_dims(void) {
    static const char *const names[2] = {"M", "N"};
    static const int32_t values[2] = {7, 5};
    gir_onnx_desc d;
    gir_graph *g;
    gir_node outs[8], x;
    int n_out;
    char msg[320];
    memset(&d, 0, sizeof d);
    if (!oi_fails(oxf_sym, sizeof oxf_sym, &d, GIR_ERR_INVALID_ARG, "'N'", "dim_names")) return 0;
    d.n_dims = 1; d.dim_names = names; d.dim_values = values;           /* only M: still missing */
    if (!oi_fails(oxf_sym, sizeof oxf_sym, &d, GIR_ERR_INVALID_ARG, "'N'", "input 'X'")) return 0;
    d.n_dims = 2;
    CHECK(oi_import(oxf_sym, sizeof oxf_sym, &d, &g, outs, &n_out, msg) == GIR_OK, "import: %s", msg);
    x = gir_graph_find(g, "X");
    CHECK(x.id && gir_node_shape(g, x).dim[0] == 5 && gir_node_shape(g, x).dim[1] == 3 &&
          gir_node_shape(g, outs[0]).dim[0] == 5, "N is not 5");
    gir_graph_free(g);
    d.n_dims = 2; d.dim_names = NULL;                                    /* n_dims without names: bad argument */
    return oi_fails(oxf_sym, sizeof oxf_sym, &d, GIR_ERR_INVALID_ARG, "n_dims", NULL) && oi_live == 0;
}
static int test_onnx_import_known_inputs(void) {
    static const char *const names[1] = {"shp"};
    static const double shape[2] = {3, 2}, *values[1] = {shape};
    static const float xv[6] = {1, 2, 3, 4, 5, 6};
    int counts[1] = {2}, n_out;
    gir_onnx_desc d;
    gir_graph *g;
    gir_plan *p = NULL;
    gir_node outs[8];
    char msg[320];
    const float *y;
    memset(&d, 0, sizeof d);
    if (!oi_fails(oxf_known, sizeof oxf_known, &d, GIR_ERR_UNSUPPORTED, "'shp'", "rs")) return 0;
    d.n_known = 1; d.known_names = names; d.known_values = values; d.known_counts = counts;
    CHECK(oi_import(oxf_known, sizeof oxf_known, &d, &g, outs, &n_out, msg) == GIR_OK, "import: %s", msg);
    CHECK(gir_node_shape(g, outs[0]).rank == 2 && gir_node_shape(g, outs[0]).dim[0] == 3 &&
          gir_graph_input_count(g) == 1, "shape or inputs");
    CHECK(gir_plan_compile(g, 1, outs, NULL, &p) == GIR_OK && gir_plan_bind(p, gir_graph_find(g, "X"), xv) == GIR_OK &&
          gir_plan_run(p) == GIR_OK, "run: %s", gir_graph_message(g));
    y = (const float *)gir_plan_data(p, outs[0]);
    CHECK(y && y[0] == 1 && y[5] == 6, "values");
    gir_plan_free(p);
    gir_graph_free(g);
    counts[0] = 3;                                                       /* a count that is not the input's */
    return oi_fails(oxf_known, sizeof oxf_known, &d, GIR_ERR_SHAPE, "known_counts", NULL) && oi_live == 0;
}
/* Slice from a start known only when the model runs (as a Loop body's iteration number): ends = starts + 1 makes a
   window of one row, read at run time (a start from the end as ONNX's); past the axis it is a run-time error; a
   step other than 1, or ends not starts + a constant, is refused at import */
static int test_onnx_import_slice_at_run_time(void) {
    static const float xv[10] = {0, 1, 10, 11, 20, 21, 30, 31, 40, 41};
    static const int32_t at[4] = {3, -1, 0, 5};
    static const float want[3][2] = {{30, 31}, {40, 41}, {0, 1}};
    int n_out, k;
    gir_onnx_desc d;
    gir_graph *g;
    gir_plan *p = NULL;
    gir_node outs[8], i;
    char msg[320];
    memset(&d, 0, sizeof d);
    CHECK(oi_import(oxf_slice_at, sizeof oxf_slice_at, &d, &g, outs, &n_out, msg) == GIR_OK, "import: %s", msg);
    i = gir_graph_find(g, "I");
    CHECK(i.id && gir_node_dtype(g, i) == GIR_DTYPE_I32 && gir_node_shape(g, outs[0]).dim[0] == 1, "I or Y's shape");
    CHECK(gir_plan_compile(g, 1, outs, NULL, &p) == GIR_OK && gir_plan_bind(p, gir_graph_find(g, "X"), xv) == GIR_OK,
          "compile: %s", gir_graph_message(g));
    for (k = 0; k < 4; ++k) {
        gir_status st;
        CHECK(gir_plan_bind(p, i, &at[k]) == GIR_OK, "bind: %s", gir_plan_message(p));
        st = gir_plan_run(p);
        if (k < 3) {
            const float *y = (const float *)gir_plan_data(p, outs[0]);
            CHECK(st == GIR_OK && y[0] == want[k][0] && y[1] == want[k][1], "I = %d: %d, %g %g (%s)", (int)at[k],
                  (int)st, y ? y[0] : -1.0, y ? y[1] : -1.0, gir_plan_message(p));
        } else {
            CHECK(st != GIR_OK && strstr(gir_plan_message(p), "index 5 at position 0 is out of range"),
                  "I = 5 of 5 rows: %d '%s'", (int)st, gir_plan_message(p));
        }
    }
    gir_plan_free(p);
    gir_graph_free(g);
    return oi_fails(oxf_slice_at_step, sizeof oxf_slice_at_step, &d, GIR_ERR_UNSUPPORTED, "node 6 'at' (Slice)",
                    "step 1, not 2") &&
           oi_fails(oxf_slice_at_free, sizeof oxf_slice_at_free, &d, GIR_ERR_UNSUPPORTED, "(Slice)",
                    "comes from graph input 'I'") && oi_live == 0;
}
static int test_onnx_import_model_errors(void) {
    gir_onnx_desc d;
    memset(&d, 0, sizeof d);
    if (!oi_fails(oxf_badop, sizeof oxf_badop, &d, GIR_ERR_UNSUPPORTED, "node 1 'weird' (NoSuchOp)", "not supported") ||
        !oi_fails(oxf_badattr, sizeof oxf_badattr, &d, GIR_ERR_UNSUPPORTED, "attribute 'alpha'", "(Relu)") ||
        !oi_fails(oxf_undef, sizeof oxf_undef, &d, GIR_ERR_INVALID_ARG, "'Z' is not defined", "node 0 'r'") ||
        !oi_fails(oxf_cycle, sizeof oxf_cycle, &d, GIR_ERR_INVALID_ARG, "'Q' is not defined", "node 0 'p'") ||
        !oi_fails(oxf_noout, sizeof oxf_noout, &d, GIR_ERR_INVALID_ARG, "output 'Lost'", "not computed") ||
        !oi_fails(oxf_noopset, sizeof oxf_noopset, &d, GIR_ERR_INVALID_ARG, "opset", "(Relu)") ||
        !oi_fails(oxf_seq, sizeof oxf_seq, &d, GIR_ERR_UNSUPPORTED, "input 'X'", "sequence") ||
        !oi_fails(oxf_einsum_nos, sizeof oxf_einsum_nos, &d, GIR_ERR_UNSUPPORTED, "(Einsum)", "equation"))
        return 0;
    return 1;
}
/* every truncation of a model: an error (or, at a field boundary, a model that lacks what was cut), never a leak */
static int test_onnx_import_truncations(void) {
    gir_onnx_desc d;
    gir_graph *g;
    gir_node outs[8];
    int n_out, errors = 0;
    size_t cut;
    char msg[320];
    memset(&d, 0, sizeof d);
    for (cut = 0; cut < sizeof oxf_mlp; ++cut) {
        gir_status st = oi_import(oxf_mlp, cut, &d, &g, outs, &n_out, msg);
        if (oi_broken) return 0;                     /* why says how */
        if (st == GIR_OK) gir_graph_free(g);
        else ++errors;
        CHECK(oi_live == 0, "cut at %d: %ld blocks left", (int)cut, oi_live);
    }
    CHECK(errors > (int)sizeof oxf_mlp - 8, "only %d of %d truncations failed", errors, (int)sizeof oxf_mlp);
    return 1;
}
static int test_onnx_import_bad_arguments(void) {
    gir_onnx_desc d;
    gir_graph *g = (gir_graph *)(void *)&d;
    gir_node outs[2];
    int n_out = 5;
    char msg[320];
    CHECK(gir_onnx_import(oxf_mlp, sizeof oxf_mlp, NULL, NULL, 2, outs, &n_out, msg, sizeof msg) ==
          GIR_ERR_INVALID_ARG && n_out == 0 && strstr(msg, "out is NULL"), "NULL out: %s", msg);
    n_out = 5;
    CHECK(gir_onnx_import(NULL, 10, NULL, &g, 2, outs, &n_out, msg, sizeof msg) == GIR_ERR_INVALID_ARG && !g &&
          n_out == 0 && strstr(msg, "data is NULL"), "NULL data: %s", msg);
    g = (gir_graph *)(void *)&d; n_out = 5;
    CHECK(gir_onnx_import(oxf_mlp, sizeof oxf_mlp, NULL, &g, -1, outs, &n_out, msg, sizeof msg) ==
          GIR_ERR_INVALID_ARG && !g && n_out == 0 && strstr(msg, "output array"), "max_out -1: %s", msg);
    g = (gir_graph *)(void *)&d; n_out = 5;
    CHECK(gir_onnx_import(oxf_mlp, sizeof oxf_mlp, NULL, &g, 2, NULL, &n_out, msg, sizeof msg) ==
          GIR_ERR_INVALID_ARG && !g && n_out == 0, "outs NULL with max_out 2: %s", msg);
    CHECK(gir_onnx_import(oxf_mlp, sizeof oxf_mlp, NULL, &g, 0, NULL, &n_out, NULL, 0) == GIR_OK && g && n_out == 1,
          "max_out 0 asks for the count only");
    gir_graph_free(g);
    return 1;
}
/* hostile files: a clean error, never more memory than a budget of the file's size */
static int oi_hostile(const unsigned char *data, size_t size, gir_status want, const char *s1) {
    gir_onnx_desc d;
    size_t budget = 65536 + 16 * size;
    memset(&d, 0, sizeof d);
    if (!oi_fails(data, size, &d, want, s1, NULL)) return 0;
    CHECK(oi_peak < budget, "%d-byte file: %lu bytes allocated at the peak (budget %lu)", (int)size,
          (unsigned long)oi_peak, (unsigned long)budget);
    return 1;
}
static int test_onnx_import_hostile_files(void) {
    return oi_hostile(oxf_init0, sizeof oxf_init0, GIR_ERR_LIMIT, "initializer 'C'") &&
           oi_hostile(oxf_init1, sizeof oxf_init1, GIR_ERR_INVALID_ARG, "is -2 (negative)") &&
           oi_hostile(oxf_init2, sizeof oxf_init2, GIR_ERR_INVALID_ARG, "its dims say 268435456") &&
           oi_hostile(oxf_init3, sizeof oxf_init3, GIR_ERR_INVALID_ARG, "raw_data holds 4 bytes") &&
           oi_hostile(oxf_init4, sizeof oxf_init4, GIR_ERR_INVALID_ARG, "length 4294967296 runs past") &&
           oi_hostile(oxf_input0, sizeof oxf_input0, GIR_ERR_INVALID_ARG, "input 'X'") &&
           oi_hostile(oxf_input1, sizeof oxf_input1, GIR_ERR_INVALID_ARG, "is -5 (negative)") &&
           oi_hostile(oxf_input2, sizeof oxf_input2, GIR_ERR_LIMIT, NULL) &&
           oi_hostile(oxf_deep, sizeof oxf_deep, GIR_ERR_INVALID_ARG, "(If): input 'c' is not defined");
}
/* out of memory at allocation k, for every k until the import succeeds: an error each time, nothing left */
static int oi_oom(const unsigned char *data, size_t size, gir_onnx_desc *d) {
    gir_graph *g;
    gir_node outs[8];
    int n_out;
    long k;
    char msg[320];
    for (k = 0; k < 100000; ++k) {
        gir_status st;
        d->graph.allocator.user = d;                 /* oi_import: keep oi_fail_at */
        oi_fail_at = k;
        st = oi_import(data, size, d, &g, outs, &n_out, msg);
        if (oi_broken) return 0;
        if (st == GIR_OK) break;
        CHECK(st == GIR_ERR_OUT_OF_MEMORY && msg[0], "allocation %ld: %d '%s'", k, (int)st,
              msg);
    }
    CHECK(k > 3 && k < 100000, "%ld allocations", k);
    gir_graph_free(g);
    CHECK(oi_live == 0, "%ld blocks left after gir_graph_free", oi_live);
    return 1;
}
static int test_onnx_import_out_of_memory(void) {
    static const char *const names[1] = {"shp"};
    static const double shape[2] = {3, 2}, *values[1] = {shape};
    static const int counts[1] = {2};
    gir_onnx_desc d;
    int ok;
    memset(&d, 0, sizeof d);
    d.variables = 1;
    ok = oi_oom(oxf_mlp, sizeof oxf_mlp, &d);
    memset(&d, 0, sizeof d);
    d.n_known = 1; d.known_names = names; d.known_values = values; d.known_counts = counts;
    ok = ok && oi_oom(oxf_known, sizeof oxf_known, &d);
    oi_fail_at = -1;
    return ok;
}
/* every stored shape holds 0 past its rank, whatever the stack held before: a plan image copies shapes whole, so
   two imports of one model write the same image bytes (the importer's shapes once carried stack bytes) */
static void oi_dirty_stack(unsigned char fill) {
    volatile unsigned char junk[16384];
    size_t k;
    for (k = 0; k < sizeof junk; ++k) junk[k] = (unsigned char)(fill + k);
}
static size_t oi_image(unsigned char fill, unsigned char *img, size_t cap, int *clean) {
    gir_onnx_desc d;
    gir_compile_desc cd;
    gir_graph *g = NULL;
    gir_plan *p = NULL;
    gir_node outs[8], x;
    int n_out = 0, k;
    uint32_t i;
    size_t len = 0;
    char msg[320];
    memset(&d, 0, sizeof d);
    d.variables = 1;
    oi_dirty_stack(fill);
    if (gir_onnx_import(oxf_mlp, sizeof oxf_mlp, &d, &g, 8, outs, &n_out, msg, sizeof msg) != GIR_OK) return 0;
    for (i = 1; i <= gir_graph_node_count(g); ++i) {
        gir_shape s;
        x = outs[0];
        x.id = i;
        s = gir_node_shape(g, x);
        for (k = s.rank; k < GIR_MAX_RANK; ++k) *clean &= s.dim[k] == 0;
    }
    x = gir_graph_find(g, "X");
    memset(&cd, 0, sizeof cd);
    cd.flags = GIR_COMPILE_NO_FUSION;
    if (gir_plan_compile(g, 1, outs, &cd, &p) != GIR_OK ||
        gir_plan_write_image(p, 1, &x, 1, outs, img, cap, &len) != GIR_OK)
        len = 0;
    gir_plan_free(p);
    gir_graph_free(g);
    return len;
}
static int test_onnx_import_shapes_past_rank(void) {
    static unsigned char a[8192], b[8192];
    int clean = 1;
    size_t na = oi_image(0x11, a, sizeof a, &clean), nb = oi_image(0xC7, b, sizeof b, &clean);
    CHECK(na > 0 && na == nb, "image bytes %u and %u", (unsigned)na, (unsigned)nb);
    CHECK(clean, "a stored shape holds a dim past its rank");
    CHECK(memcmp(a, b, na) == 0, "two imports of one model wrote different images");
    return 1;
}
#endif

static void suite_onnx_import(void) {
#ifdef GIR_NO_ONNX
    skip_test("onnx_import/", "GIR_NO_ONNX");
#else
    RUN("onnx_import/mlp_values", test_onnx_import_mlp_values());
    RUN("onnx_import/variables", test_onnx_import_variables());
    RUN("onnx_import/window3d_grad", test_onnx_import_window3d_grad());
    RUN("onnx_import/symbolic_dims", test_onnx_import_symbolic_dims());
    RUN("onnx_import/shapes_past_rank", test_onnx_import_shapes_past_rank());
    RUN("onnx_import/known_inputs", test_onnx_import_known_inputs());
    RUN("onnx_import/slice_at_run_time", test_onnx_import_slice_at_run_time());
    RUN("onnx_import/model_errors", test_onnx_import_model_errors());
    RUN("onnx_import/truncations", test_onnx_import_truncations());
    RUN("onnx_import/bad_arguments", test_onnx_import_bad_arguments());
    RUN("onnx_import/hostile_files", test_onnx_import_hostile_files());
    RUN("onnx_import/out_of_memory", test_onnx_import_out_of_memory());
#endif
}
