/* onnx_import.c - gir_onnx_import: an ONNX model (decoded by onnx_read.c) built as a new graph. Each node is
   built by the GIR_ONNX line of ops.def for its op type and the model's opset (gen/10-generator/onnx_lower.py
   makes the functions gir__oxl_<type>_<since> and the table gir__ox_lines); the helpers gir__oxa_* (plain
   values: attributes, axes) and gir__oxh_* (nodes: conventions that are not one op) below are what the lines
   call. Shape inputs (Reshape's shape, axes from opset 13) must be known at import: constants, or computed from
   constants, which the importer evaluates with a plan of their own. Nothing is half-built: on any error the
   graph is freed and the caller gets the status and a message naming the ONNX node. */
#ifndef GIR_NO_ONNX
#define GIR__OX_MAX_IN 16
#define GIR__OX_MAX_OUT 16
typedef struct gir__oxn {               /* the ONNX node being built */
    gir_graph *g;
    const gir__ox_node *nd;
    int k;                              /* its index in the graph's node list */
    int n_x;
    gir_node x[GIR__OX_MAX_IN];         /* its inputs; {0} for an omitted optional one */
    const gir__ox_tensor *t[GIR__OX_MAX_IN];  /* an input's tensor in the file, when it is one (initializer,
                                           Constant): shape inputs are read from it, int64 beyond i32 included */
    gir_node y[GIR__OX_MAX_OUT];        /* outputs past the first, set by the helpers of ops with several */
    const gir__ox_tensor *y_t;          /* the tensor the first output is, if any (Constant) */
    int identity;                       /* a helper found the node to be the identity of its first input */
    uint32_t used;                      /* the attributes read, a bit each */
    gir_node none;                      /* {0}: what a line returns after an error */
    gir_status st;                      /* the first error of the node */
    char msg[256];
} gir__oxn;
typedef gir_node (*gir__oxl_fn)(gir__oxn *c);
typedef struct gir__oxline { const char *type; int since; gir__oxl_fn fn; } gir__oxline;

static void gir__oxn_fail(gir__oxn *c, gir_status s, const char *fmt, ...) {
    gir__buf b;
    va_list ap;
    if (c->st != GIR_OK) return;
    c->st = s;
    b.p = c->msg; b.n = sizeof c->msg; b.len = 0; c->msg[0] = 0;
    va_start(ap, fmt);
    gir__vformat(&b, fmt, ap);
    va_end(ap);
}
static const gir__ox_attr *gir__ox_attr_find(gir__oxn *c, const char *name) {
    int j;
    for (j = 0; j < c->nd->n_attr; ++j)
        if (gir__ox_str_is(c->nd->attr[j].name, name)) {
            c->used |= 1u << (j & 31);
            return &c->nd->attr[j];
        }
    return NULL;
}
static double gir__oxa_f(gir__oxn *c, const char *name, double dflt) {
    const gir__ox_attr *a = gir__ox_attr_find(c, name);
    if (!a) return dflt;
    if (a->type != 1) gir__oxn_fail(c, GIR_ERR_ATTR, "attribute '%s' is not a float", name);
    return a->f;
}
static int gir__oxa_i(gir__oxn *c, const char *name, int dflt) {
    const gir__ox_attr *a = gir__ox_attr_find(c, name);
    if (!a) return dflt;
    if (a->type != 2 || a->i < INT32_MIN || a->i > INT32_MAX) {
        gir__oxn_fail(c, GIR_ERR_ATTR, "attribute '%s' is not an int of 32 bits", name);
        return dflt;
    }
    return (int)a->i;
}
/* a string attribute is the NUL-terminated dflt when absent; 1 when it equals want */
static int gir__oxa_s_is(gir__oxn *c, const char *name, const char *dflt, const char *want) {
    const gir__ox_attr *a = gir__ox_attr_find(c, name);
    if (!a) return strcmp(dflt, want) == 0;
    if (a->type != 3) gir__oxn_fail(c, GIR_ERR_ATTR, "attribute '%s' is not a string", name);
    return gir__ox_str_is(a->s, want);
}
/* ONNX TensorProto.DataType -> the gir dtype that holds it (int64 indices and shapes as i32, range-checked when
   read; float16 as f32); -1: none */
static int gir__ox_dtype(int32_t t) {
    switch (t) {
    case 1: case 10: return GIR_DTYPE_F32;
    case 11: return GIR_DTYPE_F64;
    case 2: return GIR_DTYPE_U8;
    case 3: case 4: case 5: case 6: case 7: case 12: case 13: return GIR_DTYPE_I32;
    case 9: return GIR_DTYPE_B8;
    default: return -1;
    }
}
static gir_dtype gir__oxa_dtype(gir__oxn *c, const char *name) {
    int dt = gir__ox_dtype((int32_t)gir__oxa_i(c, name, 0));
    if (dt < 0) {
        gir__oxn_fail(c, GIR_ERR_UNSUPPORTED, "attribute '%s': ONNX dtype %d has no gir dtype", name,
                     gir__oxa_i(c, name, 0));
        return GIR_DTYPE_F32;
    }
    return (gir_dtype)dt;
}
static gir_ints gir__ox_ints_of(gir__oxn *c, const int64_t *v, int n, const char *what) {
    gir_ints r = gir_ints0();
    int j;
    if (n < 0 || n > GIR_MAX_RANK) {
        gir__oxn_fail(c, GIR_ERR_UNSUPPORTED, "%s: %d values, gir.h takes at most %d", what, n, GIR_MAX_RANK);
        return r;
    }
    for (j = 0; j < n; ++j) {
        if (v[j] < -GIR_MAX_RANK * 4 || v[j] > INT32_MAX) {
            gir__oxn_fail(c, GIR_ERR_UNSUPPORTED, "%s: value %l out of range", what, (long long)v[j]);
            return r;
        }
        r.v[j] = (int32_t)v[j];
    }
    r.n = n;
    return r;
}
static gir_ints gir__oxa_ints(gir__oxn *c, const char *name) {
    int64_t v[GIR_MAX_RANK];
    const gir__ox_attr *a = gir__ox_attr_find(c, name);
    int n;
    if (!a) return gir_ints0();
    n = a->type == 7 ? gir__ox_attr_ints(a, v, GIR_MAX_RANK) : -1;
    if (n < 0) gir__oxn_fail(c, GIR_ERR_UNSUPPORTED, "attribute '%s': not ints, or more than %d", name, GIR_MAX_RANK);
    return gir__ox_ints_of(c, v, n < 0 ? 0 : n, name);
}
/* a graph input that v is computed from (depth-first over the inputs, at most 256 nodes); {0} if none */
static gir_node gir__ox_input_below(gir_graph *g, gir_node v) {
    gir_node stack[256], none = {0, 0};
    int n = 1, k;
    stack[0] = v;
    while (n > 0) {
        gir_node u = stack[--n];
        int m = gir_node_parent_count(g, u) + gir_node_arg_count(g, u);
        if (gir_node_op(g, u) == GIR_OP_INPUT) return u;
        for (k = 0; k < m && n < 256; ++k) stack[n++] = gir_node_input(g, u, k);
    }
    return none;
}
/* the values of input k when they are known at import, as doubles: a tensor of the file, a constant, or a node
   computed from constants only (Shape then Gather then Concat...), which a plan of its own computes; count or -1 */
static int gir__ox_const_vals(gir__oxn *c, int k, double *out, int max, const char *what) {
    gir_plan *p = NULL;
    const void *data;
    gir_node v = k < c->n_x ? c->x[k] : c->none;
    int64_t n, j;
    gir_node_type t;
    if (k < c->n_x && c->t[k]) {
        char m[160];
        n = gir__ox_tensor_numel(c->t[k]);
        if (n >= 0 && n <= max && gir__ox_tensor_read(c->t[k], GIR_DTYPE_F64, out, n, m, sizeof m) == GIR_OK)
            return (int)n;
        gir__oxn_fail(c, GIR_ERR_UNSUPPORTED, "%s: %s", what, n < 0 || n > max ? "too many values" : m);
        return -1;
    }
    if (!v.id) {
        gir__oxn_fail(c, GIR_ERR_INVALID_ARG, "%s (input %d) is missing", what, k);
        return -1;
    }
    n = gir_node_numel(c->g, v);
    t = gir_node_type_of(c->g, v);
    if (t == GIR_NODE_INPUT || t >= GIR_NODE_INPUT_DERIVED_NON_DIFF) {
        gir_node in = gir__ox_input_below(c->g, v);
        if (in.id) gir__oxn_fail(c, GIR_ERR_UNSUPPORTED, "%s comes from graph input '%s': its values must be known "
                                 "at import (give them in gir_onnx_desc.known_names)", what, gir_node_name(c->g, in));
        else gir__oxn_fail(c, GIR_ERR_UNSUPPORTED, "%s depends on a variable (import the initializers as constants)",
                           what);
        return -1;
    }
    if ((t != GIR_NODE_CONSTANT && t != GIR_NODE_CONSTANT_DERIVED) || n > max) {
        gir__oxn_fail(c, GIR_ERR_UNSUPPORTED, n > max ? "%s: %l values, at most %d" : "%s must be known when the "
                     "model is imported (a constant, or computed from constants)", what, (long long)n, max);
        return -1;
    }
    if (gir_node_op(c->g, v) == GIR_OP_CONSTANT) data = gir_node_data(c->g, v);
    else if (gir_plan_compile(c->g, 1, &v, NULL, &p) != GIR_OK || gir_plan_run(p) != GIR_OK) data = NULL;
    else data = gir_plan_data(p, v);
    for (j = 0; data && j < n; ++j) {
        gir_dtype dt = gir_node_dtype(c->g, v);
        out[j] = dt == GIR_DTYPE_F32 ? ((const float *)data)[j] : dt == GIR_DTYPE_F64 ? ((const double *)data)[j]
                 : dt == GIR_DTYPE_I32 ? ((const int32_t *)data)[j] : ((const uint8_t *)data)[j];
    }
    if (p) gir_plan_free(p);
    if (!data) gir__oxn_fail(c, GIR_ERR_UNSUPPORTED, "%s could not be computed at import: %s", what,
                            gir_graph_message(c->g));
    return data ? (int)n : -1;
}
/* the same for integers (shapes, axes, bounds), each clamped to the int32 range (INT64_MAX as an end: to the end) */
static int gir__ox_const_ints(gir__oxn *c, int k, int64_t *out, int max, const char *what) {
    double v[64];
    int n = gir__ox_const_vals(c, k, v, max < 64 ? max : 64, what), j;
    for (j = 0; j < n; ++j) {
        if (v[j] != v[j] || v[j] != (double)(int64_t)v[j]) {
            gir__oxn_fail(c, GIR_ERR_INVALID_ARG, "%s: %g is not an integer", what, v[j]);
            return -1;
        }
        out[j] = v[j] > INT32_MAX ? INT32_MAX : v[j] < -INT32_MAX ? -INT32_MAX : (int64_t)v[j];
    }
    return n;
}
/* the axes of a reduction: the 'axes' attribute, or (opset 13 on) the constant input k; none: every axis */
static gir_ints gir__oxa_axes(gir__oxn *c, int k) {
    int64_t v[GIR_MAX_RANK];
    int n;
    if (gir__ox_attr_find(c, "axes")) return gir__oxa_ints(c, "axes");
    n = k >= c->n_x || (!c->x[k].id && !c->t[k]) ? 0 : gir__ox_const_ints(c, k, v, GIR_MAX_RANK, "the axes input");
    if (n == 0 && gir__oxa_i(c, "noop_with_empty_axes", 0)) c->identity = 1;    /* no axes: no reduction */
    return gir__ox_ints_of(c, v, n < 0 ? 0 : n, "axes");
}
/* Transpose's 'perm', or the reversed axes */
static gir_ints gir__oxa_perm(gir__oxn *c, gir_node x) {
    gir_ints r;
    int j, rank = gir_node_shape(c->g, x).rank;
    if (gir__ox_attr_find(c, "perm")) return gir__oxa_ints(c, "perm");
    r.n = rank;
    for (j = 0; j < rank; ++j) r.v[j] = rank - 1 - j;
    return r;
}
/* a number of an expression: a scalar of the dtype of the node's first input */
static gir_node gir__oxh_num(gir__oxn *c, double v) {
    return gir_scalar(c->g, c->n_x ? gir_node_dtype(c->g, c->x[0]) : GIR_DTYPE_F32, v);
}
static int gir__ox_need(gir__oxn *c, unsigned mask) {
    int j;
    for (j = 0; j < GIR__OX_MAX_IN; ++j)
        if ((mask >> j) & 1u && (j >= c->n_x || !c->x[j].id)) {
            if (j < c->n_x && c->t[j])
                gir__oxn_fail(c, GIR_ERR_UNSUPPORTED, "input %d ('%.*s') holds int64 values beyond i32's range",
                             j, (int)c->nd->in[j].n, c->nd->in[j].p);
            else gir__oxn_fail(c, GIR_ERR_INVALID_ARG, "input %d is missing", j);
            return 0;
        }
    return 1;
}
/* Gemm: alpha * A' B' + beta * C, A' = A or its transpose (transA), B' likewise, C optional */
static gir_node gir__oxh_gemm(gir__oxn *c, gir_node a, gir_node b) {
    double alpha = gir__oxa_f(c, "alpha", 1), beta = gir__oxa_f(c, "beta", 1);
    gir_node y;
    (void)gir__oxa_i(c, "broadcast", 0);       /* opset 6: C broadcast to the product, as NumPy would */
    if (gir__oxa_i(c, "transA", 0)) a = gir_transpose(c->g, a, gir_ints2(1, 0));
    if (gir__oxa_i(c, "transB", 0)) b = gir_transpose(c->g, b, gir_ints2(1, 0));
    y = gir_matmul(c->g, a, b);
    if (alpha != 1) y = gir_mul(c->g, y, gir__oxh_num(c, alpha));
    if (c->n_x > 2 && c->x[2].id) {
        gir_node cc = c->x[2];
        if (beta != 1) cc = gir_mul(c->g, cc, gir__oxh_num(c, beta));
        y = gir_add(c->g, y, cc);
    }
    return y;
}
/* Reshape: 0 copies the input's dimension (unless allowzero), -1 takes what is left */
static gir_node gir__oxh_reshape_to(gir__oxn *c, gir_node x, int k) {
    int64_t v[GIR_MAX_RANK];
    gir_shape in = gir_node_shape(c->g, x), s;
    int allowzero = gir__oxa_i(c, "allowzero", 0), n, j;
    n = gir__ox_const_ints(c, k, v, GIR_MAX_RANK, "the shape input");
    if (n < 0) return c->none;
    s.rank = n;
    for (j = 0; j < n; ++j) {
        if (v[j] < -1 || v[j] > INT32_MAX) {
            gir__oxn_fail(c, GIR_ERR_SHAPE, "shape value %l", (long long)v[j]);
            return c->none;
        }
        s.dim[j] = v[j] == 0 && !allowzero && j < in.rank ? in.dim[j] : (int32_t)v[j];
    }
    return gir_reshape(c->g, x, s);
}
/* Flatten: a matrix of the axes before 'axis' by the axes from it */
static gir_node gir__oxh_flatten2(gir__oxn *c, gir_node x) {
    gir_shape in = gir_node_shape(c->g, x);
    int axis = gir__oxa_i(c, "axis", 1), j;
    int64_t rows = 1, cols = 1;
    if (axis < 0) axis += in.rank;
    if (axis < 0 || axis > in.rank) {
        gir__oxn_fail(c, GIR_ERR_ATTR, "axis %d of a rank-%d input", axis, in.rank);
        return c->none;
    }
    for (j = 0; j < in.rank; ++j) *(j < axis ? &rows : &cols) *= in.dim[j];
    if (rows > INT32_MAX || cols > INT32_MAX) {
        gir__oxn_fail(c, GIR_ERR_LIMIT, "a dimension over 2^31");
        return c->none;
    }
    return gir_reshape(c->g, x, gir_shape2((int32_t)rows, (int32_t)cols));
}
/* Shape: the input's dimensions (start and end from opset 15) as a constant: shapes are known at import */
static gir_node gir__oxh_shape_of(gir__oxn *c, gir_node x) {
    gir_shape in = gir_node_shape(c->g, x);
    int start = gir__oxa_i(c, "start", 0), end = gir__oxa_i(c, "end", in.rank), j, n;
    int32_t d[GIR_MAX_RANK];
    if (start < 0) start += in.rank;
    if (end < 0) end += in.rank;
    start = start < 0 ? 0 : start > in.rank ? in.rank : start;
    end = end < start ? start : end > in.rank ? in.rank : end;
    for (j = start, n = 0; j < end; ++j) d[n++] = in.dim[j];
    return gir_constant(c->g, GIR_DTYPE_I32, gir_shape1(n), d);
}
/* a tensor of the file (an initializer, a Constant's value) as a constant or variable node */
static gir_node gir__ox_tensor_node(gir_graph *g, const gir__ox_tensor *t, int variable, char *msg, size_t cap,
                                    gir_status *st) {
    static const double empty[1] = {0};
    int dt = gir__ox_dtype(t->type), j;
    int64_t n = gir__ox_tensor_numel(t);
    gir_shape s;
    gir_node r = {0, 0};
    void *buf;
    size_t bytes;
    if (dt < 0) {
        *st = GIR_ERR_UNSUPPORTED;
        gir__format(msg, cap, "ONNX dtype %d has no gir dtype", (int)t->type);
        return r;
    }
    s.rank = t->rank;
    for (j = 0; j < t->rank; ++j) {
        if (t->dim[j] > INT32_MAX) n = -1;
        s.dim[j] = (int32_t)t->dim[j];
    }
    if (n < 0 || (uint64_t)n > (uint64_t)((size_t)-1) / 8) {
        *st = GIR_ERR_LIMIT;
        gir__format(msg, cap, "a tensor of more than 2^31 elements along an axis, or too many in all");
        return r;
    }
    if ((*st = gir__ox_tensor_check(t, msg, cap)) != GIR_OK) return r;   /* the values are there: no room for a claim */
    bytes = (size_t)n * gir_dtype_size((gir_dtype)dt);
    buf = bytes ? gir__alloc(&g->a, bytes) : (void *)empty;
    if (!buf) {
        *st = GIR_ERR_OUT_OF_MEMORY;
        gir__format(msg, cap, "%z bytes for the tensor's values", bytes);
        return r;
    }
    *st = gir__ox_tensor_read(t, (gir_dtype)dt, buf, n, msg, cap);
    if (*st == GIR_ERR_UNSUPPORTED && t->type == 7) *st = GIR_OK;     /* int64 beyond i32: only as a shape input */
    else if (*st == GIR_OK) r = variable && (dt == GIR_DTYPE_F32 || dt == GIR_DTYPE_F64)
                           ? gir_variable(g, (gir_dtype)dt, s, buf) : gir_constant(g, (gir_dtype)dt, s, buf);
    if (bytes) gir__free(&g->a, buf, bytes);
    return r;
}
/* Constant: its value (a tensor) or, from opset 12, value_float / value_int / value_floats / value_ints */
static gir_node gir__oxh_constant_attr(gir__oxn *c) {
    const gir__ox_attr *a = c->nd->n_attr == 1 ? gir__ox_attr_find(c, "value") : NULL;
    gir_node r = {0, 0};
    char m[160];
    gir_status st;
    if (!a && c->nd->n_attr == 1) {
        const gir__ox_attr *b = &c->nd->attr[0];
        if (gir__ox_str_is(b->name, "value_float"))
            return gir_scalar(c->g, GIR_DTYPE_F32, gir__oxa_f(c, "value_float", 0));
        if (gir__ox_str_is(b->name, "value_int"))
            return gir_scalar(c->g, GIR_DTYPE_I32, gir__oxa_i(c, "value_int", 0));
    }
    if (!a || a->type != 4) {
        gir__oxn_fail(c, GIR_ERR_UNSUPPORTED, "a Constant without a 'value' tensor (sparse, strings and lists are not "
                     "supported)");
        return r;
    }
    r = gir__ox_tensor_node(c->g, &a->t, 0, m, sizeof m, &st);
    if (st != GIR_OK) gir__oxn_fail(c, st, "value: %s", m);
    c->y_t = &a->t;
    return r;
}

/* an axis attribute or value for a rank: negative counts from the end; -1 when out of range (an error) */
static int gir__ox_axis(gir__oxn *c, int axis, int rank) {
    int a = axis < 0 ? axis + rank : axis;
    if (a < 0 || a >= rank) {
        gir__oxn_fail(c, GIR_ERR_ATTR, "axis %d of a rank-%d tensor", axis, rank);
        return -1;
    }
    return a;
}
static int gir__ox_has(const gir__oxn *c, int k) { return k < c->n_x && (c->x[k].id || c->t[k]); }
static int gir__ox_is_int(gir__oxn *c, gir_node x) {
    gir_dtype dt = gir_node_dtype(c->g, x);
    return dt == GIR_DTYPE_I32 || dt == GIR_DTYPE_U8;
}
/* Concat: the inputs along 'axis' */
static gir_node gir__oxh_concat_all(gir__oxn *c) {
    int axis = gir__oxa_i(c, "axis", 0);
    if (!gir__ox_need(c, (1u << c->n_x) - 1u)) return c->none;
    return gir_concat(c->g, c->n_x, c->x, axis);
}
/* Sum, Max, Min, Mean: a left fold of the inputs with broadcasting */
static gir_node gir__ox_fold(gir__oxn *c, gir_node (*op)(gir_graph *, gir_node, gir_node)) {
    gir_node y;
    int j;
    if (!c->n_x || !gir__ox_need(c, (1u << c->n_x) - 1u)) return c->none;
    for (y = c->x[0], j = 1; j < c->n_x; ++j) y = op(c->g, y, c->x[j]);
    return y;
}
static gir_node gir__oxh_sum_all(gir__oxn *c) { return gir__ox_fold(c, gir_add); }
static gir_node gir__oxh_max_all(gir__oxn *c) { return gir__ox_fold(c, gir_maximum); }
static gir_node gir__oxh_min_all(gir__oxn *c) { return gir__ox_fold(c, gir_minimum); }
static gir_node gir__oxh_mean_all(gir__oxn *c) {
    gir_node s = gir__ox_fold(c, gir_add);
    return c->st == GIR_OK && c->n_x > 1 ? gir_div(c->g, s, gir__oxh_num(c, c->n_x)) : s;
}
/* Squeeze: drop the size-1 axes listed (attribute, or input 1 from opset 13), or every size-1 axis */
static gir_node gir__oxh_squeeze_axes(gir__oxn *c, gir_node x) {
    gir_shape in = gir_node_shape(c->g, x), s;
    gir_ints ax = gir__oxa_axes(c, 1);
    int j, k, drop;
    s.rank = 0;
    for (j = 0; j < in.rank; ++j) {
        for (drop = 0, k = 0; k < ax.n; ++k) drop |= gir__ox_axis(c, ax.v[k], in.rank) == j;
        if (!ax.n) drop = in.dim[j] == 1;
        if (drop && in.dim[j] != 1) gir__oxn_fail(c, GIR_ERR_SHAPE, "axis %d has length %d, not 1", j, in.dim[j]);
        if (!drop) s.dim[s.rank++] = in.dim[j];
    }
    return c->st == GIR_OK ? gir_reshape(c->g, x, s) : c->none;
}
/* Unsqueeze: insert size-1 axes at the listed places of the output */
static gir_node gir__oxh_unsqueeze_axes(gir__oxn *c, gir_node x) {
    gir_shape in = gir_node_shape(c->g, x), s;
    gir_ints ax = gir__oxa_axes(c, 1);
    int j, k, at = 0, ins;
    s.rank = in.rank + ax.n;
    if (s.rank > GIR_MAX_RANK) {
        gir__oxn_fail(c, GIR_ERR_UNSUPPORTED, "rank %d, gir.h's limit is %d", s.rank, GIR_MAX_RANK);
        return c->none;
    }
    for (j = 0; j < s.rank; ++j) {
        for (ins = 0, k = 0; k < ax.n; ++k) ins |= gir__ox_axis(c, ax.v[k], s.rank) == j;
        s.dim[j] = ins ? 1 : in.dim[at++];
    }
    return c->st == GIR_OK ? gir_reshape(c->g, x, s) : c->none;
}
/* Slice: starts, ends, axes, steps as inputs 1-4 (opset 10 on) or attributes (before) */
static gir_node gir__oxh_slice_onnx(gir__oxn *c, gir_node x) {
    int64_t st[GIR_MAX_RANK], en[GIR_MAX_RANK], ax[GIR_MAX_RANK], sp[GIR_MAX_RANK];
    int rank = gir_node_shape(c->g, x).rank, n, j;
    gir_ints a;
    if (gir__ox_has(c, 1)) {
        n = gir__ox_const_ints(c, 1, st, GIR_MAX_RANK, "starts");
        if (gir__ox_const_ints(c, 2, en, GIR_MAX_RANK, "ends") != n) n = -1;
    } else {
        a = gir__oxa_ints(c, "starts");
        for (n = a.n, j = 0; j < n; ++j) st[j] = a.v[j];
        a = gir__oxa_ints(c, "ends");
        for (j = 0; j < a.n && j < n; ++j) en[j] = a.v[j];
        if (a.n != n) n = -1;
    }
    if (n < 0) {
        gir__oxn_fail(c, GIR_ERR_INVALID_ARG, "starts and ends differ in length");
        return c->none;
    }
    for (j = 0; j < n; ++j) { ax[j] = j; sp[j] = 1; }
    if (gir__ox_has(c, 3) && gir__ox_const_ints(c, 3, ax, GIR_MAX_RANK, "axes") != n) n = -1;
    if (!gir__ox_has(c, 3) && gir__ox_attr_find(c, "axes")) {
        a = gir__oxa_ints(c, "axes");
        for (j = 0; j < a.n && j < n; ++j) ax[j] = a.v[j];
    }
    if (n >= 0 && gir__ox_has(c, 4) && gir__ox_const_ints(c, 4, sp, GIR_MAX_RANK, "steps") != n) n = -1;
    for (j = 0; j < n && c->st == GIR_OK; ++j) {
        int axis = gir__ox_axis(c, (int)ax[j], rank);
        if (axis >= 0) x = gir_slice(c->g, x, axis, (int)st[j], (int)en[j], (int)sp[j]);
    }
    if (n < 0) gir__oxn_fail(c, GIR_ERR_INVALID_ARG, "axes or steps differ from starts in length");
    return c->st == GIR_OK ? x : c->none;
}
/* Clip: min and max as attributes (before opset 11) or optional inputs 1 and 2 (any tensors) */
static gir_node gir__oxh_clip(gir__oxn *c, gir_node x) {
    if (gir__ox_attr_find(c, "min") || gir__ox_attr_find(c, "max"))
        return gir_clamp(c->g, x, gir__oxa_f(c, "min", -HUGE_VAL), gir__oxa_f(c, "max", HUGE_VAL));
    if (gir__ox_has(c, 1) && gir__ox_need(c, 2u)) x = gir_maximum(c->g, x, c->x[1]);
    if (gir__ox_has(c, 2) && gir__ox_need(c, 4u)) x = gir_minimum(c->g, x, c->x[2]);
    return x;
}
/* Softmax and LogSoftmax before opset 13: over the axes from 'axis' (default 1) taken as one */
static gir_node gir__ox_softmax_2d(gir__oxn *c, gir_node x, gir_node (*f)(gir_graph *, gir_node, int)) {
    gir_shape in = gir_node_shape(c->g, x);
    int axis = gir__oxa_i(c, "axis", 1), j;
    int64_t rows = 1, cols = 1;
    if (axis < 0) axis += in.rank;
    if (axis < 0 || axis > in.rank) {
        gir__oxn_fail(c, GIR_ERR_ATTR, "axis %d of a rank-%d input", axis, in.rank);
        return c->none;
    }
    for (j = 0; j < in.rank; ++j) *(j < axis ? &rows : &cols) *= in.dim[j];
    x = gir_reshape(c->g, x, gir_shape2((int32_t)rows, (int32_t)cols));
    return gir_reshape(c->g, f(c->g, x, 1), in);
}
static gir_node gir__oxh_softmax_2d(gir__oxn *c, gir_node x) { return gir__ox_softmax_2d(c, x, gir_softmax); }
static gir_node gir__oxh_log_softmax_2d(gir__oxn *c, gir_node x) { return gir__ox_softmax_2d(c, x, gir_log_softmax); }
/* the window of Conv and the pools over the last one or two axes: kernel, strides, dilations, padding at the
   start (pb) and end (pe) of each axis, from the attributes (auto_pad SAME_UPPER / SAME_LOWER / VALID included) */
typedef struct gir__oxwin { int nd, k[2], s[2], d[2], pb[2], pe[2]; } gir__oxwin;
static int gir__ox_window(gir__oxn *c, gir_shape in, const int32_t *kernel, gir__oxwin *w) {
    gir_ints ks = gir__oxa_ints(c, "kernel_shape"), st = gir__oxa_ints(c, "strides");
    gir_ints di = gir__oxa_ints(c, "dilations"), pads = gir__oxa_ints(c, "pads");
    int same_up = gir__oxa_s_is(c, "auto_pad", "NOTSET", "SAME_UPPER");
    int same_lo = gir__oxa_s_is(c, "auto_pad", "NOTSET", "SAME_LOWER");
    int valid = gir__oxa_s_is(c, "auto_pad", "NOTSET", "VALID"), j;
    w->nd = in.rank - 2;
    if (w->nd < 1 || w->nd > 2) {
        gir__oxn_fail(c, GIR_ERR_UNSUPPORTED, "a window over %d axes (gir.h has 1 and 2)", w->nd);
        return 0;
    }
    for (j = 0; j < w->nd; ++j) {
        int len = in.dim[2 + j], out, total;
        w->k[j] = kernel ? kernel[j] : ks.n == w->nd ? ks.v[j] : 0;
        w->s[j] = st.n == w->nd ? st.v[j] : 1;
        w->d[j] = di.n == w->nd ? di.v[j] : 1;
        w->pb[j] = pads.n == 2 * w->nd && !valid ? pads.v[j] : 0;
        w->pe[j] = pads.n == 2 * w->nd && !valid ? pads.v[w->nd + j] : 0;
        if (w->k[j] < 1 || w->s[j] < 1 || w->d[j] < 1 || w->pb[j] < 0 || w->pe[j] < 0) {
            gir__oxn_fail(c, GIR_ERR_ATTR, "kernel %d, stride %d, dilation %d, pads %d %d on axis %d", w->k[j],
                         w->s[j], w->d[j], w->pb[j], w->pe[j], 2 + j);
            return 0;
        }
        if (same_up || same_lo) {
            out = (len + w->s[j] - 1) / w->s[j];
            total = (out - 1) * w->s[j] + (w->k[j] - 1) * w->d[j] + 1 - len;
            total = total < 0 ? 0 : total;
            w->pb[j] = same_up ? total / 2 : total - total / 2;
            w->pe[j] = total - w->pb[j];
        }
    }
    return 1;
}
/* x as NCHW: a 1-D window's input [N, C, W] becomes [N, C, 1, W] */
static gir_node gir__ox_as_2d(gir__oxn *c, gir_node x, gir__oxwin *w) {
    gir_shape s = gir_node_shape(c->g, x);
    if (w->nd == 2) return x;
    w->nd = 2;
    w->k[1] = w->k[0]; w->s[1] = w->s[0]; w->d[1] = w->d[0]; w->pb[1] = w->pb[0]; w->pe[1] = w->pe[0];
    w->k[0] = w->s[0] = w->d[0] = 1;
    w->pb[0] = w->pe[0] = 0;
    return gir_reshape(c->g, x, gir_shape4(s.dim[0], s.dim[1], 1, s.dim[2]));
}
/* padding the window's axes explicitly (asymmetric, or beyond what a pool takes) with value; then none is left */
static gir_node gir__ox_pad_window(gir__oxn *c, gir_node x, gir__oxwin *w, double value) {
    gir_ints before = gir_ints4(0, 0, w->pb[0], w->pb[1]), after = gir_ints4(0, 0, w->pe[0], w->pe[1]);
    if (!w->pb[0] && !w->pb[1] && !w->pe[0] && !w->pe[1]) return x;
    w->pb[0] = w->pb[1] = w->pe[0] = w->pe[1] = 0;
    return gir_pad(c->g, x, before, after, value);
}
static int gir__ox_symmetric(const gir__oxwin *w) { return w->pb[0] == w->pe[0] && w->pb[1] == w->pe[1]; }
/* Conv: 1-D and 2-D, groups, dilations, any padding, optional bias */
static gir_node gir__oxh_conv(gir__oxn *c, gir_node x, gir_node wt) {
    gir_shape in = gir_node_shape(c->g, x), ws = gir_node_shape(c->g, wt);
    int group = gir__oxa_i(c, "group", 1);
    gir__oxwin w;
    gir_node y;
    if (ws.rank != in.rank || in.rank < 3 || !gir__ox_window(c, in, ws.dim + 2, &w)) {
        gir__oxn_fail(c, GIR_ERR_SHAPE, "input rank %d and weight rank %d", in.rank, ws.rank);
        return c->none;
    }
    x = gir__ox_as_2d(c, x, &w);
    if (in.rank == 3) wt = gir_reshape(c->g, wt, gir_shape4(ws.dim[0], ws.dim[1], 1, ws.dim[2]));
    if (!gir__ox_symmetric(&w)) x = gir__ox_pad_window(c, x, &w, 0);
    y = gir_conv2d(c->g, x, wt, gir_ints2(w.s[0], w.s[1]), gir_ints2(w.pb[0], w.pb[1]), gir_ints2(w.d[0], w.d[1]),
                   group);
    if (gir__ox_has(c, 2) && gir__ox_need(c, 4u))
        y = gir_add(c->g, y, gir_reshape(c->g, c->x[2], gir_shape4(1, ws.dim[0], 1, 1)));
    if (in.rank == 3 && c->st == GIR_OK) {
        gir_shape ys = gir_node_shape(c->g, y);
        y = gir_reshape(c->g, y, gir_shape3(ys.dim[0], ys.dim[1], ys.dim[3]));
    }
    return y;
}
/* AveragePool without the padding in the count: the window sums of x padded with zeros over those of ones */
static gir_node gir__ox_avg_excl(gir__oxn *c, gir_node x, gir__oxwin *w) {
    gir_node ones = gir_ones_like(c->g, x), num, den;
    gir__oxwin w2 = *w;
    gir_ints k = gir_ints2(w->k[0], w->k[1]), s = gir_ints2(w->s[0], w->s[1]);
    x = gir__ox_pad_window(c, x, w, 0);
    ones = gir__ox_pad_window(c, ones, &w2, 0);
    num = gir_avg_pool2d(c->g, x, k, s, gir_ints2(0, 0), 1);
    den = gir_avg_pool2d(c->g, ones, k, s, gir_ints2(0, 0), 1);
    return gir_div(c->g, num, den);
}
/* ceil_mode: the end padding that gives each axis the output length of ceil rounding (a last window must start
   inside the input or the start padding, as ONNX and PyTorch have it) */
static int gir__ox_ceil_extra(const gir__oxwin *w, gir_shape in, int j) {
    int len = in.dim[in.rank - w->nd + j], k = (w->k[j] - 1) * w->d[j] + 1, span = len + w->pb[j] + w->pe[j] - k;
    int out = (span + w->s[j] - 1) / w->s[j] + 1;
    if ((out - 1) * w->s[j] >= len + w->pb[j]) --out;
    return (out - 1) * w->s[j] + k - (len + w->pb[j] + w->pe[j]);
}
/* a max pool with dilations, on x already padded: the maximum of the k0 x k1 strided slices at the window's taps */
static gir_node gir__ox_max_dilated(gir__oxn *c, gir_node x, const gir__oxwin *w) {
    gir_shape s = gir_node_shape(c->g, x);
    int o[2], a, b, j;
    gir_node y = c->none, r, v;
    for (j = 0; j < 2; ++j) o[j] = (s.dim[2 + j] - ((w->k[j] - 1) * w->d[j] + 1)) / w->s[j] + 1;
    if (o[0] < 1 || o[1] < 1) {
        gir__oxn_fail(c, GIR_ERR_SHAPE, "a window larger than the padded input");
        return c->none;
    }
    for (a = 0; a < w->k[0]; ++a) {
        int h0 = a * w->d[0];
        r = gir_slice(c->g, x, 2, h0, h0 + w->s[0] * (o[0] - 1) + 1, w->s[0]);
        for (b = 0; b < w->k[1]; ++b) {
            int w0 = b * w->d[1];
            v = gir_slice(c->g, r, 3, w0, w0 + w->s[1] * (o[1] - 1) + 1, w->s[1]);
            y = y.id ? gir_maximum(c->g, y, v) : v;
        }
    }
    return y;
}
static gir_node gir__ox_pool(gir__oxn *c, gir_node x, int is_max) {
    gir_shape in = gir_node_shape(c->g, x);
    int ceil_mode = gir__oxa_i(c, "ceil_mode", 0), incl = is_max ? 1 : gir__oxa_i(c, "count_include_pad", 0), j;
    gir__oxwin w;
    gir_node y;
    if (is_max && gir__oxa_i(c, "storage_order", 0))
        gir__oxn_fail(c, GIR_ERR_UNSUPPORTED, "storage_order 1 (column-major indices)");
    if (!gir__ox_window(c, in, NULL, &w) || c->st != GIR_OK) return c->none;
    for (j = 0; j < w.nd; ++j) {
        int extra = ceil_mode ? gir__ox_ceil_extra(&w, in, j) : 0;
        if (w.d[j] != 1 && !is_max) gir__oxn_fail(c, GIR_ERR_UNSUPPORTED, "dilations other than 1 in an average pool");
        if (extra > 0 && !is_max && incl) gir__oxn_fail(c, GIR_ERR_UNSUPPORTED, "ceil_mode 1 in an average pool "
                                                        "with count_include_pad 1 that it changes");
        if (extra > 0) w.pe[j] += extra;
    }
    if (c->st != GIR_OK) return c->none;
    if (is_max && gir__ox_is_int(c, x)) {      /* integer maxima are exact in f64 */
        gir_node y64 = gir__ox_pool(c, gir_cast(c->g, x, GIR_DTYPE_F64), 1);
        return gir_cast(c->g, y64, gir_node_dtype(c->g, x));
    }
    x = gir__ox_as_2d(c, x, &w);
    if (is_max || incl) x = gir__ox_pad_window(c, x, &w, is_max ? -HUGE_VAL : 0);
    else if (!gir__ox_symmetric(&w) || 2 * w.pb[0] > w.k[0] || 2 * w.pb[1] > w.k[1]) {
        y = gir__ox_avg_excl(c, x, &w);
        if (in.rank == 3 && c->st == GIR_OK) {
            gir_shape ys = gir_node_shape(c->g, y);
            y = gir_reshape(c->g, y, gir_shape3(ys.dim[0], ys.dim[1], ys.dim[3]));
        }
        return y;
    }
    if (c->st != GIR_OK) return c->none;
    y = is_max && (w.d[0] > 1 || w.d[1] > 1) ? gir__ox_max_dilated(c, x, &w)
      : is_max ? gir_max_pool2d(c->g, x, gir_ints2(w.k[0], w.k[1]), gir_ints2(w.s[0], w.s[1]), gir_ints2(0, 0))
               : gir_avg_pool2d(c->g, x, gir_ints2(w.k[0], w.k[1]), gir_ints2(w.s[0], w.s[1]),
                                gir_ints2(w.pb[0], w.pb[1]), incl);
    if (in.rank == 3 && c->st == GIR_OK) {
        gir_shape ys = gir_node_shape(c->g, y);
        y = gir_reshape(c->g, y, gir_shape3(ys.dim[0], ys.dim[1], ys.dim[3]));
    }
    return y;
}
static gir_node gir__oxh_max_pool(gir__oxn *c, gir_node x) { return gir__ox_pool(c, x, 1); }
static gir_node gir__oxh_avg_pool(gir__oxn *c, gir_node x) { return gir__ox_pool(c, x, 0); }
/* GlobalAveragePool, GlobalMaxPool: over every axis past the first two, kept */
static gir_ints gir__oxa_spatial(gir__oxn *c, gir_node x) {
    gir_ints r = gir_ints0();
    int rank = gir_node_shape(c->g, x).rank, j;
    for (j = 2; j < rank; ++j) r.v[r.n++] = j;
    return r;
}
/* (x - mean) / sqrt(var + eps) over axes, then times scale and plus bias (each {0}: none) */
static gir_node gir__ox_normalize(gir__oxn *c, gir_node x, gir_ints axes, double eps, gir_node scale, gir_node bias) {
    gir_node m = gir_mean(c->g, x, axes, 1), d, v;
    d = gir_sub(c->g, x, m);
    v = gir_mean(c->g, gir_square(c->g, d), axes, 1);
    v = gir_rsqrt(c->g, gir_add(c->g, v, gir__oxh_num(c, eps)));
    d = gir_mul(c->g, d, v);
    if (scale.id) d = gir_mul(c->g, d, scale);
    return bias.id ? gir_add(c->g, d, bias) : d;
}
/* BatchNormalization in training: batch statistics over every axis but 1; outputs 1 and 2 are the running mean and
   variance, input_mean * momentum + batch statistic * (1 - momentum) */
static gir_node gir__ox_bn_train(gir__oxn *c, gir_node x, double eps, double mom) {
    gir_shape in = gir_node_shape(c->g, x), ps;
    gir_ints ax = gir_ints0();
    gir_node m, v, y, sc, b;
    int j;
    for (j = 0; j < in.rank; ++j) if (j != 1) ax.v[ax.n++] = j;
    for (ps.rank = in.rank, j = 0; j < in.rank; ++j) ps.dim[j] = j == 1 ? in.dim[1] : 1;
    sc = gir_reshape(c->g, c->x[1], ps);
    b = gir_reshape(c->g, c->x[2], ps);
    y = gir__ox_normalize(c, x, ax, eps, sc, b);
    m = gir_mean(c->g, x, ax, 0);
    v = gir_var(c->g, x, ax, 0, 0);
    if (c->nd->n_out > 1) {
        gir_node old = gir_mul(c->g, c->x[3], gir__oxh_num(c, mom));
        c->y[1] = gir_add(c->g, old, gir_mul(c->g, m, gir__oxh_num(c, 1 - mom)));
    }
    if (c->nd->n_out > 2) {
        gir_node old = gir_mul(c->g, c->x[4], gir__oxh_num(c, mom));
        c->y[2] = gir_add(c->g, old, gir_mul(c->g, v, gir__oxh_num(c, 1 - mom)));
    }
    return y;
}
/* BatchNormalization in inference: (x - mean) / sqrt(var + epsilon) * scale + B, per channel (axis 1) */
static gir_node gir__oxh_batch_norm(gir__oxn *c, gir_node x) {
    gir_shape in = gir_node_shape(c->g, x), ps;
    double eps = gir__oxa_f(c, "epsilon", 1e-5);
    gir_node p[4], y;
    int j;
    (void)gir__oxa_f(c, "momentum", 0.9);
    (void)gir__ox_attr_find(c, "consumed_inputs");
    if (gir__oxa_i(c, "spatial", 1) != 1 || in.rank < 2 || !gir__oxa_i(c, "is_test", 1))
        gir__oxn_fail(c, GIR_ERR_UNSUPPORTED, "spatial 0, is_test 0 or an input of rank below 2");
    if (!gir__ox_need(c, 0x1fu) || c->st != GIR_OK) return c->none;
    if (gir__oxa_i(c, "training_mode", 0)) return gir__ox_bn_train(c, x, eps, gir__oxa_f(c, "momentum", 0.9));
    ps.rank = in.rank;
    for (j = 0; j < in.rank; ++j) ps.dim[j] = j == 1 ? in.dim[1] : 1;
    for (j = 0; j < 4; ++j) p[j] = gir_reshape(c->g, c->x[1 + j], ps);
    y = gir_rsqrt(c->g, gir_add(c->g, p[3], gir__oxh_num(c, eps)));
    y = gir_mul(c->g, y, p[0]);
    x = gir_sub(c->g, x, p[2]);
    return gir_add(c->g, gir_mul(c->g, x, y), p[1]);
}
/* Dropout outside training: the identity (training_mode, an input from opset 12, must be absent or false) */
static gir_node gir__oxh_dropout_eval(gir__oxn *c, gir_node x) {
    double v[1] = {0}, ratio = gir__oxa_f(c, "ratio", 0.5);
    (void)gir__oxa_i(c, "seed", 0);
    if (gir__ox_has(c, 1) && gir__ox_const_vals(c, 1, &ratio, 1, "ratio") != 1) return c->none;
    if (gir__ox_has(c, 2) && gir__ox_const_vals(c, 2, v, 1, "training_mode") == 1 && v[0] != 0 && ratio != 0)
        gir__oxn_fail(c, GIR_ERR_UNSUPPORTED, "training_mode true with a ratio above 0 (random masks are gir.h's own, "
                      "not ONNX's)");
    if (gir__oxa_i(c, "is_test", 1) == 0)
        gir__oxn_fail(c, GIR_ERR_UNSUPPORTED, "is_test 0 (random masks are gir.h's own, not ONNX's)");
    if (c->nd->n_out > 1 && c->nd->out[1].n && c->st == GIR_OK)
        c->y[1] = gir_fill(c->g, GIR_DTYPE_B8, gir_node_shape(c->g, x), 1);
    return x;
}
/* Expand: NumPy broadcasting of x and a shape (input k) in both directions */
static gir_node gir__oxh_expand_to(gir__oxn *c, gir_node x, int k) {
    int64_t v[GIR_MAX_RANK];
    gir_shape in = gir_node_shape(c->g, x), s;
    int n = gir__ox_const_ints(c, k, v, GIR_MAX_RANK, "the shape input"), j;
    if (n < 0) return c->none;
    s.rank = n > in.rank ? n : in.rank;
    for (j = 0; j < s.rank; ++j) {
        int a = j - (s.rank - in.rank), b = j - (s.rank - n);
        int32_t da = a >= 0 ? in.dim[a] : 1, db = b >= 0 ? (int32_t)v[b] : 1;
        s.dim[j] = da == 1 ? db : da;
        if (da != 1 && db != 1 && da != db) gir__oxn_fail(c, GIR_ERR_SHAPE, "axis %d: %d against %d", j, da, db);
    }
    return c->st == GIR_OK ? gir_broadcast_to(c->g, x, s) : c->none;
}
/* ConstantOfShape: a tensor of the shape in input k, every element the one value of attribute 'value' */
static gir_node gir__oxh_constant_of_shape(gir__oxn *c, int k) {
    int64_t v[GIR_MAX_RANK];
    const gir__ox_attr *a = gir__ox_attr_find(c, "value");
    double fill = 0;
    int dt = GIR_DTYPE_F32, n = gir__ox_const_ints(c, k, v, GIR_MAX_RANK, "the shape input"), j;
    gir_shape s;
    char m[160];
    if (a && (a->type != 4 || gir__ox_tensor_numel(&a->t) != 1 || (dt = gir__ox_dtype(a->t.type)) < 0 ||
              gir__ox_tensor_read(&a->t, GIR_DTYPE_F64, &fill, 1, m, sizeof m) != GIR_OK))
        gir__oxn_fail(c, GIR_ERR_UNSUPPORTED, "'value' is not a one-element tensor of a gir dtype");
    if (n < 0 || c->st != GIR_OK) return c->none;
    s.rank = n;
    for (j = 0; j < n; ++j) s.dim[j] = (int32_t)v[j];
    return gir_fill(c->g, (gir_dtype)dt, s, fill);
}
/* Range: start, limit, delta (inputs 0-2, known at import) */
static gir_node gir__oxh_range_of(gir__oxn *c) {
    double v[3];
    int j;
    for (j = 0; j < 3; ++j)
        if (gir__ox_const_vals(c, j, v + j, 1, j == 0 ? "start" : j == 1 ? "limit" : "delta") != 1) return c->none;
    return gir_arange(c->g, gir_node_dtype(c->g, c->x[0]), v[0], v[1], v[2]);
}
/* Tile: x repeated along each axis: [d0, d1] -> [1, d0, 1, d1] broadcast to [r0, d0, r1, d1], then merged */
static gir_node gir__oxh_tile_by(gir__oxn *c, gir_node x, int k) {
    int64_t r[GIR_MAX_RANK];
    gir_shape in = gir_node_shape(c->g, x), a, b, o;
    int n = gir__ox_const_ints(c, k, r, GIR_MAX_RANK, "repeats"), j;
    if (n != in.rank || 2 * n > GIR_MAX_RANK) {
        if (c->st == GIR_OK) gir__oxn_fail(c, GIR_ERR_UNSUPPORTED, "repeats of length %d for rank %d (at most %d)",
                                          n, in.rank, GIR_MAX_RANK / 2);
        return c->none;
    }
    a.rank = b.rank = 2 * n;
    o.rank = n;
    for (j = 0; j < n; ++j) {
        a.dim[2 * j] = 1;
        b.dim[2 * j] = (int32_t)r[j];
        a.dim[2 * j + 1] = b.dim[2 * j + 1] = in.dim[j];
        o.dim[j] = (int32_t)(r[j] * in.dim[j]);
    }
    x = gir_reshape(c->g, x, a);
    x = gir_broadcast_to(c->g, x, b);
    return gir_reshape(c->g, x, o);
}
/* Pad modes 'edge' and 'reflect' along one axis: the border element repeated, or the elements next to the border
   mirrored, joined to x */
static gir_node gir__ox_pad_axis(gir__oxn *c, gir_node x, int axis, int before, int after, int reflect) {
    gir_shape s = gir_node_shape(c->g, x);
    gir_node parts[3];
    int n = 0, len = s.dim[axis];
    if (reflect && (before >= len || after >= len)) {
        gir__oxn_fail(c, GIR_ERR_SHAPE, "reflect padding of %d and %d on an axis of %d", before, after, len);
        return c->none;
    }
    if (before > 0) {
        gir_shape b = s;
        b.dim[axis] = before;
        parts[n] = reflect ? gir_slice(c->g, x, axis, before, 0, -1) : gir_slice(c->g, x, axis, 0, 1, 1);
        if (!reflect) parts[n] = gir_broadcast_to(c->g, parts[n], b);
        ++n;
    }
    parts[n++] = x;
    if (after > 0) {
        gir_shape b = s;
        b.dim[axis] = after;
        parts[n] = reflect ? gir_slice(c->g, x, axis, len - 2, len - 2 - after < 0 ? GIR_SLICE_NONE : len - 2 - after, -1)
                           : gir_slice(c->g, x, axis, len - 1, len, 1);
        if (!reflect) parts[n] = gir_broadcast_to(c->g, parts[n], b);
        ++n;
    }
    return n > 1 ? gir_concat(c->g, n, parts, axis) : x;
}
/* Pad, mode "constant": pads as input 1 (opset 11 on) or attribute, the value as input 2 or attribute */
static gir_node gir__oxh_pad_onnx(gir__oxn *c, gir_node x) {
    int64_t p[2 * GIR_MAX_RANK];
    double value = gir__oxa_f(c, "value", 0);
    int rank = gir_node_shape(c->g, x).rank, n, j;
    gir_ints before = gir_ints0(), after = gir_ints0();
    int edge = gir__oxa_s_is(c, "mode", "constant", "edge"), reflect = gir__oxa_s_is(c, "mode", "constant", "reflect");
    if (!edge && !reflect && !gir__oxa_s_is(c, "mode", "constant", "constant"))
        gir__oxn_fail(c, GIR_ERR_UNSUPPORTED, "a mode other than constant, edge and reflect");
    if (gir__ox_has(c, 1)) n = gir__ox_const_ints(c, 1, p, 2 * GIR_MAX_RANK, "pads");
    else {
        gir_ints a = gir__oxa_ints(c, "pads");
        for (n = a.n, j = 0; j < n; ++j) p[j] = a.v[j];
    }
    if (gir__ox_has(c, 2) && gir__ox_const_vals(c, 2, &value, 1, "constant_value") != 1) return c->none;
    if (gir__ox_has(c, 3)) gir__oxn_fail(c, GIR_ERR_UNSUPPORTED, "the axes input");
    if (n != 2 * rank && c->st == GIR_OK) gir__oxn_fail(c, GIR_ERR_ATTR, "%d pads for rank %d", n, rank);
    if (c->st != GIR_OK) return c->none;
    for (j = 0; j < rank && (edge || reflect); ++j)
        if (p[j] < 0 || p[rank + j] < 0) gir__oxn_fail(c, GIR_ERR_UNSUPPORTED, "negative pads with mode edge or reflect");
        else x = gir__ox_pad_axis(c, x, j, (int)p[j], (int)p[rank + j], reflect);
    if (edge || reflect) return c->st == GIR_OK ? x : c->none;
    for (j = 0; j < rank; ++j) {
        before.v[j] = (int32_t)p[j];
        after.v[j] = (int32_t)p[rank + j];
    }
    before.n = after.n = rank;
    return gir_pad(c->g, x, before, after, value);
}
/* Trilu: the upper (attribute upper, default 1) or lower triangle, diagonal k from input 1 */
static gir_node gir__oxh_trilu(gir__oxn *c, gir_node x) {
    int64_t k = 0;
    if (gir__ox_has(c, 1) && gir__ox_const_ints(c, 1, &k, 1, "k") != 1) return c->none;
    return gir__oxa_i(c, "upper", 1) ? gir_triu(c->g, x, (int)k) : gir_tril(c->g, x, (int)k);
}
/* LayerNormalization: over the axes from 'axis' (default -1), (x - mean) / sqrt(var + epsilon) * scale + B */
static gir_node gir__oxh_layer_norm(gir__oxn *c, gir_node x) {
    int rank = gir_node_shape(c->g, x).rank, axis = gir__ox_axis(c, gir__oxa_i(c, "axis", -1), rank), j;
    double eps = gir__oxa_f(c, "epsilon", 1e-5);
    gir_ints ax = gir_ints0();
    gir_node m, d, v;
    (void)gir__oxa_i(c, "stash_type", 1);
    if (axis < 0 || !gir__ox_need(c, 3u)) return c->none;
    for (j = axis; j < rank; ++j) ax.v[ax.n++] = j;
    m = gir_mean(c->g, x, ax, 1);
    d = gir_sub(c->g, x, m);
    v = gir_mean(c->g, gir_square(c->g, d), ax, 1);
    v = gir_rsqrt(c->g, gir_add(c->g, v, gir__oxh_num(c, eps)));
    if (c->nd->n_out > 1 && c->nd->out[1].n) c->y[1] = m;
    if (c->nd->n_out > 2 && c->nd->out[2].n) c->y[2] = v;
    d = gir_mul(c->g, gir_mul(c->g, d, v), c->x[1]);
    return gir__ox_has(c, 2) && gir__ox_need(c, 4u) ? gir_add(c->g, d, c->x[2]) : d;
}
/* Split: along 'axis', by the sizes of input 1 (opset 13 on) or attribute 'split', or in equal parts */
static gir_node gir__oxh_split_onnx(gir__oxn *c, gir_node x) {
    int64_t v[GIR__OX_MAX_OUT];
    int32_t sz[GIR__OX_MAX_OUT];
    gir_node parts[GIR__OX_MAX_OUT];
    gir_shape in = gir_node_shape(c->g, x);
    int n = c->nd->n_out, axis = gir__ox_axis(c, gir__oxa_i(c, "axis", 0), in.rank), j, got;
    if (n > GIR__OX_MAX_OUT || axis < 0) {
        gir__oxn_fail(c, GIR_ERR_UNSUPPORTED, "%d outputs", n);
        return c->none;
    }
    if (gir__ox_has(c, 1)) got = gir__ox_const_ints(c, 1, v, GIR__OX_MAX_OUT, "split");
    else if (gir__ox_attr_find(c, "split")) {
        gir_ints a = gir__oxa_ints(c, "split");
        for (got = a.n, j = 0; j < a.n; ++j) v[j] = a.v[j];
    } else for (got = n, j = 0; j < n; ++j) v[j] = in.dim[axis] / n + (j < in.dim[axis] % n ? 1 : 0);
    if (got != n && c->st == GIR_OK) gir__oxn_fail(c, GIR_ERR_ATTR, "%d sizes for %d outputs", got, n);
    if (c->st != GIR_OK) return c->none;
    for (j = 0; j < n; ++j) sz[j] = (int32_t)v[j];
    if (gir_split_sizes(c->g, x, axis, n, sz, parts) != n) return c->none;
    for (j = 1; j < n; ++j) c->y[j] = parts[j];
    return parts[0];
}
/* IsInf: detect_positive and detect_negative (default 1 each) */
static gir_node gir__oxh_isinf_onnx(gir__oxn *c, gir_node x) {
    int pos = gir__oxa_i(c, "detect_positive", 1), neg = gir__oxa_i(c, "detect_negative", 1);
    gir_node inf = gir_isinf(c->g, x);
    if (pos && neg) return inf;
    if (!pos && !neg) return gir_fill(c->g, GIR_DTYPE_B8, gir_node_shape(c->g, x), 0);
    return gir_and(c->g, inf, pos ? gir_gt(c->g, x, gir__oxh_num(c, 0)) : gir_lt(c->g, x, gir__oxh_num(c, 0)));
}
static gir_node gir__oxh_cast_like(gir__oxn *c, gir_node x, gir_node like) {
    return gir_cast(c->g, x, gir_node_dtype(c->g, like));
}
/* ArgMax, ArgMin: the first index (select_last_index 1 is not supported) */

/* Size: the number of elements, a scalar */
static gir_node gir__oxh_size_of(gir__oxn *c, gir_node x) {
    int64_t n = gir_node_numel(c->g, x);
    if (n > INT32_MAX) gir__oxn_fail(c, GIR_ERR_LIMIT, "%l elements", (long long)n);
    return gir_scalar(c->g, GIR_DTYPE_I32, (double)n);
}

/* Mod: fmod 1 takes the dividend's sign (C's fmod), fmod 0 the divisor's (Python's %, integers only in ONNX) */
static gir_node gir__oxh_mod_onnx(gir__oxn *c, gir_node a, gir_node b) {
    return gir__oxa_i(c, "fmod", 0) ? gir_fmod(c->g, a, b) : gir_mod(c->g, a, b);
}

/* NegativeLogLikelihoodLoss on log-probabilities lp [N, C, d...] and targets t [N, d...]: -lp[n, t, d] times the
   weight of the class (input 2, else 1), 0 where t is ignore_index; reduction none, sum, or mean (over the
   weights) */
static gir_node gir__ox_nll(gir__oxn *c, gir_node lp, gir_node t, gir_node w) {
    gir_shape ts = gir_node_shape(c->g, t), is = ts;
    int ii = gir__oxa_i(c, "ignore_index", INT32_MIN), has_ii = gir__ox_attr_find(c, "ignore_index") != NULL, j;
    int mean = gir__oxa_s_is(c, "reduction", "mean", "mean"), none = gir__oxa_s_is(c, "reduction", "mean", "none");
    gir_node keep = {0, 0}, wt, y;
    if (ts.rank + 1 > GIR_MAX_RANK || c->st != GIR_OK) return c->none;
    if (has_ii) {
        gir_node iin = gir_scalar(c->g, gir_node_dtype(c->g, t), ii);
        keep = gir_ne(c->g, t, iin);
        t = gir_where(c->g, keep, t, gir_zeros_like(c->g, t));
    }
    for (is.rank = ts.rank + 1, is.dim[0] = ts.dim[0], is.dim[1] = 1, j = 1; j < ts.rank; ++j) is.dim[j + 1] = ts.dim[j];
    y = gir_gather(c->g, lp, gir_reshape(c->g, t, is), 1);
    y = gir_neg(c->g, gir_reshape(c->g, y, ts));
    wt = w.id ? gir_index_select(c->g, w, t, 0) : gir_ones_like(c->g, y);
    if (has_ii) wt = gir_mul(c->g, wt, gir_cast(c->g, keep, gir_node_dtype(c->g, y)));
    y = gir_mul(c->g, y, wt);
    if (none) return y;
    y = gir_sum(c->g, y, gir_ints0(), 0);
    return mean ? gir_div(c->g, y, gir_sum(c->g, wt, gir_ints0(), 0)) : y;
}
static gir_node gir__oxh_nll_loss(gir__oxn *c, gir_node lp, gir_node t) {
    return gir__ox_nll(c, lp, t, gir__ox_has(c, 2) && gir__ox_need(c, 4u) ? c->x[2] : c->none);
}
/* SoftmaxCrossEntropyLoss: the NLL of log_softmax over axis 1; the second output is that log_softmax */
static gir_node gir__oxh_softmax_xent(gir__oxn *c, gir_node x, gir_node t) {
    gir_node lp = gir_log_softmax(c->g, x, 1);
    if (c->nd->n_out > 1 && c->nd->out[1].n) c->y[1] = lp;
    return gir__ox_nll(c, lp, t, gir__ox_has(c, 2) && gir__ox_need(c, 4u) ? c->x[2] : c->none);
}

/* Div: integers divide truncating toward zero (C's rule): the floored quotient, plus one where the remainder is
   not zero and the signs differ */
static gir_node gir__oxh_div_onnx(gir__oxn *c, gir_node a, gir_node b) {
    gir_node q, r, fix, zero;
    if (!gir__ox_is_int(c, a) || !gir__ox_is_int(c, b)) return gir_div(c->g, a, b);
    q = gir_floordiv(c->g, a, b);
    r = gir_mod(c->g, a, b);
    zero = gir__oxh_num(c, 0);
    fix = gir_ne(c->g, gir_lt(c->g, a, zero), gir_lt(c->g, b, zero));
    fix = gir_and(c->g, fix, gir_ne(c->g, r, zero));
    return gir_add(c->g, q, gir_cast(c->g, fix, gir_node_dtype(c->g, q)));
}
/* Pow: integer powers in double, converted back to the base's dtype (ONNX's output type) */
static gir_node gir__oxh_pow_onnx(gir__oxn *c, gir_node a, gir_node b) {
    gir_dtype dt = gir_node_dtype(c->g, a);
    gir_node y;
    if (!gir__ox_is_int(c, a) && !gir__ox_is_int(c, b)) return gir_pow(c->g, a, b);
    a = gir_cast(c->g, a, GIR_DTYPE_F64);
    b = gir_cast(c->g, b, GIR_DTYPE_F64);
    y = gir_pow(c->g, a, b);
    return gir_cast(c->g, y, dt);
}

/* ArgMax, ArgMin with select_last_index: the first index of the flipped axis, counted from the end */
static gir_node gir__ox_arg_last(gir__oxn *c, gir_node x, gir_node (*f)(gir_graph *, gir_node, int, int)) {
    gir_shape s = gir_node_shape(c->g, x);
    int axis = gir__ox_axis(c, gir__oxa_i(c, "axis", 0), s.rank), keep = gir__oxa_i(c, "keepdims", 1);
    gir_node i;
    if (axis < 0) return c->none;
    x = gir_flip(c->g, x, gir_ints1(axis));
    i = f(c->g, x, axis, keep);
    return gir_sub(c->g, gir_scalar(c->g, GIR_DTYPE_I32, s.dim[axis] - 1), i);
}
/* move axis to the end (perm) and back (inverse) */
static void gir__ox_axis_last(int rank, int axis, gir_ints *perm, gir_ints *inv) {
    int j, k = 0;
    perm->n = inv->n = rank;
    for (j = 0; j < rank; ++j) if (j != axis) perm->v[k++] = j;
    perm->v[rank - 1] = axis;
    for (j = 0; j < rank; ++j) inv->v[perm->v[j]] = j;
}
/* Hardmax: 1 at the first maximum along 'axis' (default -1; before opset 13 the axes from 'axis' as one, default 1) */
static gir_node gir__ox_hardmax(gir__oxn *c, gir_node x, int axis, gir_shape back) {
    gir_shape s = gir_node_shape(c->g, x);
    gir_node i;
    if (axis < 0) return c->none;
    i = gir_argmax(c->g, x, axis, 0);
    i = gir_one_hot(c->g, i, s.dim[axis], gir_node_dtype(c->g, x));
    if (axis != s.rank - 1) {
        gir_ints p2 = gir_ints0();
        int j;
        for (j = 0; j < s.rank; ++j) p2.v[j] = j < axis ? j : j == axis ? s.rank - 1 : j - 1;
        p2.n = s.rank;
        i = gir_transpose(c->g, i, p2);
    }
    return back.rank ? gir_reshape(c->g, i, back) : i;
}
static gir_node gir__oxh_hardmax13(gir__oxn *c, gir_node x) {
    int rank = gir_node_shape(c->g, x).rank;
    return gir__ox_hardmax(c, x, gir__ox_axis(c, gir__oxa_i(c, "axis", -1), rank), gir_shape0());
}
static gir_node gir__oxh_hardmax_2d(gir__oxn *c, gir_node x) {
    gir_shape in = gir_node_shape(c->g, x);
    gir_node m = gir__oxh_flatten2(c, x);
    return gir__ox_hardmax(c, m, 1, in);
}
/* MatMul as NumPy's: a 1-D operand is a row (left) or a column (right) vector, dropped from the result */
static gir_node gir__oxh_matmul_np(gir__oxn *c, gir_node a, gir_node b) {
    gir_shape sa = gir_node_shape(c->g, a), sb = gir_node_shape(c->g, b), sy;
    gir_node y;
    if (sa.rank >= 2 && sb.rank >= 2) return gir_matmul(c->g, a, b);
    if (sa.rank == 1) a = gir_reshape(c->g, a, gir_shape2(1, sa.dim[0]));
    if (sb.rank == 1) b = gir_reshape(c->g, b, gir_shape2(sb.dim[0], 1));
    y = gir_matmul(c->g, a, b);
    if (c->st != GIR_OK || gir_graph_status(c->g) != GIR_OK) return c->none;
    sy = gir_node_shape(c->g, y);
    if (sb.rank == 1) --sy.rank;
    if (sa.rank == 1) { sy.dim[sy.rank - 2] = sy.dim[sy.rank - 1]; --sy.rank; }
    return gir_reshape(c->g, y, sy);
}
/* CumSum along the axis of input 1: a product with a triangular matrix of ones (exclusive: without the
   diagonal; reverse: the other triangle) */
static gir_node gir__oxh_cumsum(gir__oxn *c, gir_node x) {
    gir_shape s = gir_node_shape(c->g, x);
    int64_t a;
    int excl = gir__oxa_i(c, "exclusive", 0), rev = gir__oxa_i(c, "reverse", 0), axis, n;
    gir_ints perm, inv;
    gir_node t;
    if (gir__ox_const_ints(c, 1, &a, 1, "axis") != 1 || (axis = gir__ox_axis(c, (int)a, s.rank)) < 0) return c->none;
    n = s.dim[axis];
    gir__ox_axis_last(s.rank, axis, &perm, &inv);
    t = rev ? gir_tril(c->g, gir_ones(c->g, gir_node_dtype(c->g, x), gir_shape2(n, n)), excl ? -1 : 0)
            : gir_triu(c->g, gir_ones(c->g, gir_node_dtype(c->g, x), gir_shape2(n, n)), excl ? 1 : 0);
    if (axis != s.rank - 1) x = gir_transpose(c->g, x, perm);
    x = gir__oxh_matmul_np(c, x, t);
    return axis != s.rank - 1 ? gir_transpose(c->g, x, inv) : x;
}
/* EyeLike: ones on diagonal k of a matrix of x's shape, in 'dtype' (default x's) */
static gir_node gir__oxh_eye_like(gir__oxn *c, gir_node x) {
    gir_shape s = gir_node_shape(c->g, x);
    gir_dtype dt = gir__ox_attr_find(c, "dtype") ? gir__oxa_dtype(c, "dtype") : gir_node_dtype(c->g, x);
    if (s.rank != 2) {
        gir__oxn_fail(c, GIR_ERR_SHAPE, "EyeLike of a rank-%d tensor", s.rank);
        return c->none;
    }
    return gir_eye(c->g, dt, s.dim[0], s.dim[1], gir__oxa_i(c, "k", 0));
}
/* OneHot: off where not the index, on where it is (values = [off, on]), the new axis at 'axis' (default -1) */
static gir_node gir__oxh_one_hot_onnx(gir__oxn *c, gir_node idx, gir_node values) {
    double d;
    gir_shape s = gir_node_shape(c->g, idx);
    int axis = gir__oxa_i(c, "axis", -1), depth, j;
    gir_node h, off, on, neg, wrapped;
    if (gir__ox_const_vals(c, 1, &d, 1, "depth") != 1) return c->none;
    depth = (int)d;
    if (axis < 0) axis += s.rank + 1;
    if (axis < 0 || axis > s.rank) {
        gir__oxn_fail(c, GIR_ERR_ATTR, "axis %d for indices of rank %d", gir__oxa_i(c, "axis", -1), s.rank);
        return c->none;
    }
    idx = gir_cast(c->g, idx, GIR_DTYPE_I32);            /* negative indices count from the end */
    neg = gir_lt(c->g, idx, gir_scalar(c->g, GIR_DTYPE_I32, 0));
    wrapped = gir_add(c->g, idx, gir_scalar(c->g, GIR_DTYPE_I32, depth));
    idx = gir_where(c->g, neg, wrapped, idx);
    h = gir_one_hot(c->g, idx, depth, GIR_DTYPE_F32);       /* f32 then b8: ONNX Runtime has no bool OneHot */
    h = gir_cast(c->g, h, GIR_DTYPE_B8);
    if (axis != s.rank) {
        gir_ints p = gir_ints0();
        for (j = 0; j <= s.rank; ++j) p.v[j] = j < axis ? j : j == axis ? s.rank : j - 1;
        p.n = s.rank + 1;
        h = gir_transpose(c->g, h, p);
    }
    off = gir_slice(c->g, values, 0, 0, 1, 1);
    on = gir_slice(c->g, values, 0, 1, 2, 1);
    return gir_where(c->g, h, on, off);                   /* any dtype, bool included */
}
/* DepthToSpace (mode DCR or CRD) and SpaceToDepth: NCHW rearrangements through a rank-6 transpose */
static gir_node gir__oxh_depth_to_space(gir__oxn *c, gir_node x) {
    gir_shape s = gir_node_shape(c->g, x), t;
    int b = gir__oxa_i(c, "blocksize", 0), crd = gir__oxa_s_is(c, "mode", "DCR", "CRD");
    gir_ints p = gir_ints0();
    int n, ch, h, w, j;
    static const int32_t dcr[6] = {0, 3, 4, 1, 5, 2}, cr[6] = {0, 1, 4, 2, 5, 3};
    if (s.rank != 4 || b < 1 || s.dim[1] % (b * b)) {
        gir__oxn_fail(c, GIR_ERR_SHAPE, "blocksize %d for an input of rank %d", b, s.rank);
        return c->none;
    }
    n = s.dim[0]; ch = s.dim[1] / (b * b); h = s.dim[2]; w = s.dim[3];
    t.rank = 6;
    t.dim[0] = n;
    if (crd) { t.dim[1] = ch; t.dim[2] = b; t.dim[3] = b; }
    else { t.dim[1] = b; t.dim[2] = b; t.dim[3] = ch; }
    t.dim[4] = h; t.dim[5] = w;
    for (p.n = 6, j = 0; j < 6; ++j) p.v[j] = crd ? cr[j] : dcr[j];
    x = gir_reshape(c->g, x, t);
    x = gir_transpose(c->g, x, p);
    return gir_reshape(c->g, x, gir_shape4(n, ch, h * b, w * b));
}
static gir_node gir__oxh_space_to_depth(gir__oxn *c, gir_node x) {
    gir_shape s = gir_node_shape(c->g, x), t;
    int b = gir__oxa_i(c, "blocksize", 0), j;
    gir_ints p = gir_ints0();
    static const int32_t order[6] = {0, 3, 5, 1, 2, 4};
    if (s.rank != 4 || b < 1 || s.dim[2] % b || s.dim[3] % b) {
        gir__oxn_fail(c, GIR_ERR_SHAPE, "blocksize %d for an input of rank %d", b, s.rank);
        return c->none;
    }
    t.rank = 6;
    t.dim[0] = s.dim[0]; t.dim[1] = s.dim[1]; t.dim[2] = s.dim[2] / b; t.dim[3] = b;
    t.dim[4] = s.dim[3] / b; t.dim[5] = b;
    for (p.n = 6, j = 0; j < 6; ++j) p.v[j] = order[j];
    x = gir_reshape(c->g, x, t);
    x = gir_transpose(c->g, x, p);
    return gir_reshape(c->g, x, gir_shape4(s.dim[0], s.dim[1] * b * b, s.dim[2] / b, s.dim[3] / b));
}
/* InstanceNormalization: over the spatial axes of each sample and channel; scale and B per channel */
static gir_node gir__oxh_instance_norm(gir__oxn *c, gir_node x) {
    gir_shape s = gir_node_shape(c->g, x), ps;
    int j;
    gir_node sc, b;
    if (!gir__ox_need(c, 7u) || s.rank < 3) return c->none;
    for (ps.rank = s.rank, j = 0; j < s.rank; ++j) ps.dim[j] = j == 1 ? s.dim[1] : 1;
    sc = gir_reshape(c->g, c->x[1], ps);
    b = gir_reshape(c->g, c->x[2], ps);
    return gir__ox_normalize(c, x, gir__oxa_spatial(c, x), gir__oxa_f(c, "epsilon", 1e-5), sc, b);
}
/* MeanVarianceNormalization: over 'axes' (default 0, 2, 3), no epsilon but ONNX's 1e-9 */
static gir_node gir__oxh_mvn(gir__oxn *c, gir_node x) {
    gir_ints axes = gir__ox_attr_find(c, "axes") ? gir__oxa_ints(c, "axes") : gir_ints3(0, 2, 3);
    return gir__ox_normalize(c, x, axes, 1e-9, c->none, c->none);
}
/* LRN: x / (bias + alpha / size * (sum of squares over a window of 'size' channels))^beta */
static gir_node gir__oxh_lrn(gir__oxn *c, gir_node x) {
    gir_shape s = gir_node_shape(c->g, x);
    int size = gir__oxa_i(c, "size", 0), lo = (size - 1) / 2, hi = size - 1 - lo, j;
    double alpha = gir__oxa_f(c, "alpha", 1e-4), beta = gir__oxa_f(c, "beta", 0.75), bias = gir__oxa_f(c, "bias", 1);
    gir_ints before = gir_ints0(), after = gir_ints0();
    gir_node sq, acc, d;
    if (size < 1 || s.rank < 3) {
        gir__oxn_fail(c, GIR_ERR_ATTR, "size %d, rank %d", size, s.rank);
        return c->none;
    }
    for (before.n = after.n = s.rank, j = 0; j < s.rank; ++j) before.v[j] = after.v[j] = 0;
    before.v[1] = lo;
    after.v[1] = hi;
    sq = gir_pad(c->g, gir_square(c->g, x), before, after, 0);
    acc = gir_slice(c->g, sq, 1, 0, s.dim[1], 1);
    for (j = 1; j < size; ++j) acc = gir_add(c->g, acc, gir_slice(c->g, sq, 1, j, j + s.dim[1], 1));
    d = gir_mul(c->g, acc, gir__oxh_num(c, alpha / size));
    d = gir_add(c->g, d, gir__oxh_num(c, bias));
    d = gir_pow(c->g, d, gir__oxh_num(c, beta));
    return gir_div(c->g, x, d);
}

static gir_node gir__ox_arg(gir__oxn *c, gir_node x, gir_node (*f)(gir_graph *, gir_node, int, int)) {
    if (gir__oxa_i(c, "select_last_index", 0)) return gir__ox_arg_last(c, x, f);
    return f(c->g, x, gir__oxa_i(c, "axis", 0), gir__oxa_i(c, "keepdims", 1));
}
static gir_node gir__oxh_argmax_onnx(gir__oxn *c, gir_node x) { return gir__ox_arg(c, x, gir_argmax); }
static gir_node gir__oxh_argmin_onnx(gir__oxn *c, gir_node x) { return gir__ox_arg(c, x, gir_argmin); }
/* Resize and Upsample, one axis at a time: the weights of every output position over the input positions, as the
   ONNX reference has them (the n = 2 or 4 nearest input positions, edge-clamped, weighted by the mode's coefficients
   of the fractional part; rows outside tf_crop_and_resize's region are the extrapolation value) */
typedef struct gir__oxrs {
    int mode;                   /* 0 nearest, 1 linear, 2 cubic */
    int coord;                  /* 0 half_pixel 1 pytorch_half_pixel 2 align_corners 3 asymmetric
                                   4 tf_half_pixel_for_nn 5 tf_crop_and_resize */
    int nearest;                /* 0 round_prefer_floor 1 round_prefer_ceil 2 floor 3 ceil */
    int exclude;                /* exclude_outside */
    double a, extra;            /* cubic_coeff_a, extrapolation_value */
} gir__oxrs;
static void gir__ox_rs_coeffs(const gir__oxrs *r, double t, double *w) {
    double a = r->a, u = 1 - t;
    if (r->mode == 2) {
        w[0] = ((a * (t + 1) - 5 * a) * (t + 1) + 8 * a) * (t + 1) - 4 * a;
        w[1] = ((a + 2) * t - (a + 3)) * t * t + 1;
        w[2] = ((a + 2) * u - (a + 3)) * u * u + 1;
        w[3] = ((a * (u + 1) - 5 * a) * (u + 1) + 8 * a) * (u + 1) - 4 * a;
    } else if (r->mode == 1) {
        w[0] = 1 - t; w[1] = t;
    } else if (t == 1) {
        w[0] = 0; w[1] = 1;
    } else {
        int up = r->nearest == 0 ? t > 0.5 : r->nearest == 1 ? t >= 0.5 : r->nearest == 3;
        w[0] = !up; w[1] = up;
    }
}
/* the source coordinate of output position x (-HUGE_VAL: outside tf_crop_and_resize's region) */
static double gir__ox_rs_coord(const gir__oxrs *r, double x, double scale, int in, double lo, double hi) {
    double out = scale * in, xo;
    switch (r->coord) {
    case 1: return out > 1 ? (x + 0.5) / scale - 0.5 : -0.5;
    case 2: return out == 1 ? 0 : x * (in - 1) / (out - 1);
    case 3: return x / scale;
    case 4: return (x + 0.5) / scale;
    case 5:
        xo = out > 1 ? lo * (in - 1) + x * (hi - lo) * (in - 1) / (out - 1) : 0.5 * (lo + hi) * (in - 1);
        return xo < 0 || xo > in - 1 ? -HUGE_VAL : xo;
    default: return (x + 0.5) / scale - 0.5;
    }
}
/* row o of the weights m[o * in + i]; 1 when the row is the extrapolation value */
static int gir__ox_rs_row(const gir__oxrs *r, double xo, int in, double *row) {
    double w[4], sum = 0;
    int n = r->mode == 2 ? 4 : 2, first, j;
    double fl = floor(xo), t = xo == fl ? 1 : xo - fl;
    if (xo == -HUGE_VAL) return 1;
    gir__ox_rs_coeffs(r, t, w);
    first = (int)fl - (n == 4 ? 1 : 0) - (xo == fl ? 1 : 0);     /* the n nearest, ties to the lower index */
    for (j = 0; j < n; ++j) {
        int idx = first + j;
        if (r->exclude && (idx < 0 || idx >= in)) w[j] = 0;
        sum += w[j];
    }
    for (j = 0; j < n; ++j) {
        int idx = first + j;
        idx = idx < 0 ? 0 : idx >= in ? in - 1 : idx;
        row[idx] += r->exclude && sum != 0 ? w[j] / sum : w[j];
    }
    return 0;
}
/* x resized along axis a to n_out positions: x moved to put a last, times the weights ([in, n_out]: column o holds
   output o's), plus the extrapolation value on the outputs outside the region, moved back */
static gir_node gir__ox_rs_axis(gir__oxn *c, gir_node x, int a, const gir__oxrs *r, double scale, int n_out,
                                double lo, double hi) {
    gir_shape s = gir_node_shape(c->g, x);
    int in = s.dim[a], o, i, any = 0;
    size_t cells = (size_t)in * (size_t)n_out + (size_t)n_out + (size_t)in;
    double *m = (double *)gir__alloc(&c->g->a, cells * sizeof(double)), *e, *row;
    gir_ints perm, inv;
    gir_node w, y;
    if (!m) {
        gir__oxn_fail(c, GIR_ERR_OUT_OF_MEMORY, "the weights of axis %d", a);
        return c->none;
    }
    memset(m, 0, cells * sizeof(double));
    e = m + (size_t)in * (size_t)n_out;
    row = e + n_out;
    for (o = 0; o < n_out; ++o) {
        for (i = 0; i < in; ++i) row[i] = 0;
        if (gir__ox_rs_row(r, gir__ox_rs_coord(r, o, scale, in, lo, hi), in, row)) { e[o] = r->extra; any = 1; }
        for (i = 0; i < in; ++i) m[(size_t)i * (size_t)n_out + (size_t)o] = row[i];
    }
    gir__ox_axis_last(s.rank, a, &perm, &inv);
    w = gir_cast(c->g, gir_constant(c->g, GIR_DTYPE_F64, gir_shape2(in, n_out), m), gir_node_dtype(c->g, x));
    y = a != s.rank - 1 ? gir_transpose(c->g, x, perm) : x;
    y = gir__oxh_matmul_np(c, y, w);
    if (any) y = gir_add(c->g, y, gir_cast(c->g, gir_constant(c->g, GIR_DTYPE_F64, gir_shape1(n_out), e),
                                           gir_node_dtype(c->g, x)));
    gir__free(&c->g->a, m, cells * sizeof(double));
    return a != s.rank - 1 ? gir_transpose(c->g, y, inv) : y;
}
/* the options of Resize from its attributes (Upsample and Resize before opset 11: asymmetric, floor) */
static int gir__ox_rs_opts(gir__oxn *c, gir__oxrs *r, int old) {
    static const char *const modes[3] = {"nearest", "linear", "cubic"};
    static const char *const coords[6] = {"half_pixel", "pytorch_half_pixel", "align_corners", "asymmetric",
                                          "tf_half_pixel_for_nn", "tf_crop_and_resize"};
    static const char *const nearest[4] = {"round_prefer_floor", "round_prefer_ceil", "floor", "ceil"};
    int j;
    for (r->mode = -1, j = 0; j < 3; ++j) if (gir__oxa_s_is(c, "mode", "nearest", modes[j])) r->mode = j;
    for (r->coord = -1, j = 0; j < 6; ++j)
        if (gir__oxa_s_is(c, "coordinate_transformation_mode", old ? "asymmetric" : "half_pixel", coords[j])) r->coord = j;
    for (r->nearest = -1, j = 0; j < 4; ++j)
        if (gir__oxa_s_is(c, "nearest_mode", old ? "floor" : "round_prefer_floor", nearest[j])) r->nearest = j;
    r->exclude = gir__oxa_i(c, "exclude_outside", 0);
    r->a = gir__oxa_f(c, "cubic_coeff_a", -0.75);
    r->extra = gir__oxa_f(c, "extrapolation_value", 0);
    if (r->mode < 0 || r->coord < 0 || r->nearest < 0 || (old && r->mode == 2))
        gir__oxn_fail(c, GIR_ERR_UNSUPPORTED, "a mode, coordinate_transformation_mode or nearest_mode it does not know");
    return c->st == GIR_OK;
}
/* Resize (X, roi, scales, sizes from opset 11; X, scales before) and Upsample (X, scales) */
static gir_node gir__ox_resize(gir__oxn *c, gir_node x, int k_roi, int k_scales, int k_sizes, int old) {
    gir_shape s = gir_node_shape(c->g, x);
    double sc[GIR_MAX_RANK], roi[2 * GIR_MAX_RANK];
    int64_t sz[GIR_MAX_RANK];
    int have_sizes = k_sizes >= 0 && gir__ox_has(c, k_sizes), j, n;
    gir__oxrs r;
    if (!gir__ox_rs_opts(c, &r, old)) return c->none;
    for (j = 0; j < s.rank; ++j) { roi[j] = 0; roi[s.rank + j] = 1; }
    if (k_roi >= 0 && gir__ox_has(c, k_roi) && r.coord == 5 &&
        gir__ox_const_vals(c, k_roi, roi, 2 * GIR_MAX_RANK, "roi") != 2 * s.rank) return c->none;
    n = have_sizes ? gir__ox_const_ints(c, k_sizes, sz, GIR_MAX_RANK, "sizes")
                   : gir__ox_const_vals(c, k_scales, sc, GIR_MAX_RANK, "scales");
    if (n != s.rank) {
        if (c->st == GIR_OK) gir__oxn_fail(c, GIR_ERR_SHAPE, "%d scales or sizes for rank %d", n, s.rank);
        return c->none;
    }
    for (j = 0; j < s.rank; ++j) {
        double span = r.coord == 5 ? roi[s.rank + j] - roi[j] : 1;
        if (have_sizes) sc[j] = (double)sz[j] / s.dim[j];
        else sz[j] = (int64_t)floor(s.dim[j] * span * sc[j]);
    }
    for (j = s.rank - 1; j >= 0 && c->st == GIR_OK; --j)
        if (sz[j] != s.dim[j] || sc[j] != 1 || r.coord == 5)
            x = gir__ox_rs_axis(c, x, j, &r, sc[j], (int)sz[j], roi[j], roi[s.rank + j]);
    return x;
}
static gir_node gir__oxh_resize(gir__oxn *c, gir_node x) { return gir__ox_resize(c, x, 1, 2, 3, 0); }
static gir_node gir__oxh_resize10(gir__oxn *c, gir_node x) { return gir__ox_resize(c, x, -1, 1, -1, 1); }

/* ConvTranspose, 1-D and 2-D: the gradient of a convolution for its input (conv2d_bwd_data) computed unpadded, then
   cropped by the pads (given, from auto_pad, or from output_shape) and extended by output_padding; optional bias */
static gir_node gir__oxh_conv_transpose(gir__oxn *c, gir_node x, gir_node wt) {
    gir_shape in = gir_node_shape(c->g, x), ws = gir_node_shape(c->g, wt), full;
    gir_ints op = gir__oxa_ints(c, "output_padding"), os = gir__oxa_ints(c, "output_shape");
    int group = gir__oxa_i(c, "group", 1), nd = in.rank - 2, j;
    int k[2], s[2], d[2], pb[2], pe[2], len[2];
    gir_ints ks = gir__oxa_ints(c, "kernel_shape"), st = gir__oxa_ints(c, "strides"), di = gir__oxa_ints(c, "dilations");
    gir_ints pads = gir__oxa_ints(c, "pads");
    int same_up = gir__oxa_s_is(c, "auto_pad", "NOTSET", "SAME_UPPER"), same_lo = gir__oxa_s_is(c, "auto_pad", "NOTSET", "SAME_LOWER");
    gir_node y;
    if (nd < 1 || nd > 2 || ws.rank != in.rank || group < 1) {
        gir__oxn_fail(c, GIR_ERR_UNSUPPORTED, "a transposed convolution over %d axes (gir.h has 1 and 2)", nd);
        return c->none;
    }
    (void)ks;
    (void)gir__oxa_s_is(c, "auto_pad", "NOTSET", "VALID");
    for (j = 0; j < nd; ++j) {
        int total, out;
        k[j] = ws.dim[2 + j];
        s[j] = st.n == nd ? st.v[j] : 1;
        d[j] = di.n == nd ? di.v[j] : 1;
        len[j] = (in.dim[2 + j] - 1) * s[j] + (k[j] - 1) * d[j] + 1 + (op.n == nd ? op.v[j] : 0);
        pb[j] = pads.n == 2 * nd ? pads.v[j] : 0;
        pe[j] = pads.n == 2 * nd ? pads.v[nd + j] : 0;
        out = os.n == nd ? os.v[j] : os.n == nd + 2 ? os.v[2 + j] : (same_up || same_lo) ? in.dim[2 + j] * s[j] : -1;
        if (out >= 0) {
            total = len[j] - out;
            pb[j] = same_lo ? total - total / 2 : total / 2;     /* SAME_UPPER and output_shape: the extra at the end */
            pe[j] = total - pb[j];
        }
    }
    full = in;
    full.dim[1] = ws.dim[1] * group;
    for (j = 0; j < nd; ++j) full.dim[2 + j] = len[j] - (op.n == nd ? op.v[j] : 0);
    if (nd == 1) {
        x = gir_reshape(c->g, x, gir_shape4(in.dim[0], in.dim[1], 1, in.dim[2]));
        wt = gir_reshape(c->g, wt, gir_shape4(ws.dim[0], ws.dim[1], 1, ws.dim[2]));
        full = gir_shape4(full.dim[0], full.dim[1], 1, full.dim[2]);
        k[1] = k[0]; s[1] = s[0]; d[1] = d[0]; pb[1] = pb[0]; pe[1] = pe[0]; len[1] = len[0];
        k[0] = s[0] = d[0] = 1; pb[0] = pe[0] = 0; len[0] = 1;
        if (op.n == 1) { op.v[1] = op.v[0]; op.v[0] = 0; op.n = 2; }
    }
    y = gir_conv2d_bwd_data(c->g, x, wt, gir_ints2(s[0], s[1]), gir_ints2(0, 0), gir_ints2(d[0], d[1]), group, full);
    if (op.n) y = gir_pad(c->g, y, gir_ints0(), gir_ints4(0, 0, op.v[0], op.v[1]), 0);
    for (j = 0; j < 2 && c->st == GIR_OK; ++j) {
        if (pb[j] < 0 || pe[j] < 0) {    /* an output_shape past the full result: zeros there */
            gir_ints lo = gir_ints4(0, 0, 0, 0), hi = gir_ints4(0, 0, 0, 0);
            lo.v[2 + j] = pb[j] < 0 ? -pb[j] : 0;
            hi.v[2 + j] = pe[j] < 0 ? -pe[j] : 0;
            y = gir_pad(c->g, y, lo, hi, 0);
            len[j] += lo.v[2 + j] + hi.v[2 + j];
            pb[j] = pb[j] < 0 ? 0 : pb[j];
            pe[j] = pe[j] < 0 ? 0 : pe[j];
        }
        if (pb[j] || pe[j]) y = gir_slice(c->g, y, 2 + j, pb[j], len[j] - pe[j], 1);
    }
    if (gir__ox_has(c, 2) && gir__ox_need(c, 4u))
        y = gir_add(c->g, y, gir_reshape(c->g, c->x[2], gir_shape4(1, ws.dim[1] * group, 1, 1)));
    if (nd == 1 && c->st == GIR_OK) {
        gir_shape ys = gir_node_shape(c->g, y);
        y = gir_reshape(c->g, y, gir_shape3(ys.dim[0], ys.dim[1], ys.dim[3]));
    }
    return y;
}

/* HannWindow, HammingWindow, BlackmanWindow: a constant of 'size' (input 0) values, periodic by default;
   w[n] = a0 - a1 cos(2 pi n / N) + a2 cos(4 pi n / N), N = size (periodic) or size - 1 */
static gir_node gir__ox_window_fn(gir__oxn *c, double a0, double a1, double a2) {
    double size, *w, den;
    int n, j, dt = gir__ox_dtype((int32_t)gir__oxa_i(c, "output_datatype", 1));
    int periodic = gir__oxa_i(c, "periodic", 1);
    gir_node y;
    if (gir__ox_const_vals(c, 0, &size, 1, "size") != 1) return c->none;
    n = (int)size;
    if (n < 0 || dt < 0) {
        gir__oxn_fail(c, n < 0 ? GIR_ERR_SHAPE : GIR_ERR_UNSUPPORTED, "size %d, output_datatype", n);
        return c->none;
    }
    if (!(w = (double *)gir__alloc(&c->g->a, (size_t)(n ? n : 1) * sizeof(double)))) {
        gir__oxn_fail(c, GIR_ERR_OUT_OF_MEMORY, "a window of %d", n);
        return c->none;
    }
    den = periodic ? n : n - 1;
    for (j = 0; j < n; ++j) {
        double t = den > 0 ? 6.283185307179586476925 * j / den : 0;
        w[j] = a0 - a1 * cos(t) + a2 * cos(2 * t);
    }
    y = gir_cast(c->g, gir_constant(c->g, GIR_DTYPE_F64, gir_shape1(n), w), (gir_dtype)dt);
    gir__free(&c->g->a, w, (size_t)(n ? n : 1) * sizeof(double));
    return y;
}
static gir_node gir__oxh_hann(gir__oxn *c) { return gir__ox_window_fn(c, 0.5, 0.5, 0); }
static gir_node gir__oxh_hamming(gir__oxn *c) { return gir__ox_window_fn(c, 25.0 / 46, 21.0 / 46, 0); }
static gir_node gir__oxh_blackman(gir__oxn *c) { return gir__ox_window_fn(c, 0.42, 0.5, 0.08); }
/* a per-axis parameter (1-D, along 'axis' of a rank-r tensor) shaped to broadcast; a scalar stays */
static gir_node gir__ox_along(gir__oxn *c, gir_node p, int axis, int rank) {
    gir_shape s = gir_node_shape(c->g, p), t;
    int j;
    if (s.rank == 0 || (s.rank == 1 && s.dim[0] == 1)) return p;
    for (t.rank = rank, j = 0; j < rank; ++j) t.dim[j] = j == axis ? s.dim[0] : 1;
    return gir_reshape(c->g, p, t);
}
/* the integer range of a quantized dtype: the zero point's (u8: 0..255; i32 holds ONNX's int8: -128..127) */
static void gir__ox_qrange(gir__oxn *c, gir_node zp, gir_dtype *dt, double *lo, double *hi) {
    int t = zp.id && c->n_x > 2 && c->t[2] ? c->t[2]->type : 2;
    *dt = zp.id ? gir_node_dtype(c->g, zp) : GIR_DTYPE_U8;
    *lo = t == 3 ? -128 : t == 2 ? 0 : t == 6 ? -2147483648.0 : 0;
    *hi = t == 3 ? 127 : t == 2 ? 255 : t == 6 ? 2147483647.0 : 255;
}
/* QuantizeLinear: saturate(round(x / scale) + zero_point), ties to even, in the zero point's type */
static gir_node gir__oxh_quantize(gir__oxn *c, gir_node x, gir_node scale) {
    int rank = gir_node_shape(c->g, x).rank, axis = gir__oxa_i(c, "axis", 1);
    gir_node zp = gir__ox_has(c, 2) ? c->x[2] : c->none, y;
    gir_dtype dt;
    double lo, hi;
    if (axis < 0) axis += rank;
    gir__ox_qrange(c, zp, &dt, &lo, &hi);
    if (gir__ox_is_int(c, x)) x = gir_cast(c->g, x, GIR_DTYPE_F32);
    scale = gir_cast(c->g, gir__ox_along(c, scale, axis, rank), gir_node_dtype(c->g, x));
    y = gir_round(c->g, gir_div(c->g, x, scale));           /* divided in x's dtype, as ONNX's reference does */
    y = gir_cast(c->g, y, GIR_DTYPE_F64);
    if (zp.id) y = gir_add(c->g, y, gir_cast(c->g, gir__ox_along(c, zp, axis, rank), GIR_DTYPE_F64));
    y = gir_clamp(c->g, y, lo, hi);
    return gir_cast(c->g, y, dt);
}
/* DequantizeLinear: (x - zero_point) * scale */
static gir_node gir__oxh_dequantize(gir__oxn *c, gir_node x, gir_node scale) {
    int rank = gir_node_shape(c->g, x).rank, axis = gir__oxa_i(c, "axis", 1);
    gir_dtype dt = gir_node_dtype(c->g, scale);
    if (axis < 0) axis += rank;
    x = gir_cast(c->g, x, GIR_DTYPE_F64);
    if (gir__ox_has(c, 2)) x = gir_sub(c->g, x, gir_cast(c->g, gir__ox_along(c, c->x[2], axis, rank), GIR_DTYPE_F64));
    x = gir_mul(c->g, x, gir_cast(c->g, gir__ox_along(c, scale, axis, rank), GIR_DTYPE_F64));
    return gir_cast(c->g, x, dt);
}
/* DynamicQuantizeLinear: uint8 with the scale and zero point of x's range (which includes 0) */
static gir_node gir__oxh_dyn_quantize(gir__oxn *c, gir_node x) {
    gir_dtype dt = gir_node_dtype(c->g, x);
    gir_node mx, mn, scale, zp, y, zero = gir_scalar(c->g, dt, 0);
    mx = gir_maximum(c->g, gir_max(c->g, x, gir_ints0(), 0), zero);
    mn = gir_minimum(c->g, gir_min(c->g, x, gir_ints0(), 0), zero);
    scale = gir_sub(c->g, mx, mn);
    scale = gir_div(c->g, scale, gir_scalar(c->g, dt, 255));
    zp = gir_clamp(c->g, gir_round(c->g, gir_div(c->g, gir_neg(c->g, mn), scale)), 0, 255);
    y = gir_round(c->g, gir_div(c->g, x, scale));
    y = gir_clamp(c->g, gir_add(c->g, y, zp), 0, 255);
    if (c->nd->n_out > 1) c->y[1] = scale;
    if (c->nd->n_out > 2) c->y[2] = gir_cast(c->g, zp, GIR_DTYPE_U8);
    return gir_cast(c->g, y, GIR_DTYPE_U8);
}
/* (v - zero point k) in double, the zero point optional */
static gir_node gir__ox_unzero(gir__oxn *c, gir_node v, int k) {
    v = gir_cast(c->g, v, GIR_DTYPE_F64);
    return gir__ox_has(c, k) ? gir_sub(c->g, v, gir_cast(c->g, c->x[k], GIR_DTYPE_F64)) : v;
}
/* MatMulInteger: (a - a_zero_point) @ (b - b_zero_point), exact in double, as int32 */
static gir_node gir__oxh_matmul_integer(gir__oxn *c, gir_node a, gir_node b) {
    a = gir__ox_unzero(c, a, 2);
    b = gir__ox_unzero(c, b, 3);
    return gir_cast(c->g, gir__oxh_matmul_np(c, a, b), GIR_DTYPE_I32);
}
/* TopK: the k largest (or smallest) along 'axis', sorted, ties to the lower index, and their indices: k rounds of
   argmax, each winner masked out (with -inf, in double) for the next */
static gir_node gir__oxh_topk(gir__oxn *c, gir_node x) {
    gir_shape s = gir_node_shape(c->g, x);
    int axis = gir__ox_axis(c, gir__oxa_i(c, "axis", -1), s.rank), largest = gir__oxa_i(c, "largest", 1), j, k;
    gir_node work, vals[64], idx[64], v, i, hot;
    int64_t kk;
    if (!gir__oxa_i(c, "sorted", 1)) gir__oxn_fail(c, GIR_ERR_UNSUPPORTED, "sorted 0 (gir.h sorts)");
    if (axis < 0 || gir__ox_const_ints(c, 1, &kk, 1, "k") != 1 || c->st != GIR_OK) return c->none;
    if (kk < 1 || kk > 64 || kk > s.dim[axis]) {
        gir__oxn_fail(c, GIR_ERR_UNSUPPORTED, "k = %l (gir.h takes 1 to 64, at most the axis)", (long long)kk);
        return c->none;
    }
    k = (int)kk;
    work = gir_cast(c->g, x, GIR_DTYPE_F64);
    if (!largest) work = gir_neg(c->g, work);
    for (j = 0; j < k; ++j) {
        i = gir_argmax(c->g, work, axis, 1);
        v = gir_gather(c->g, x, i, axis);
        vals[j] = v;
        idx[j] = i;
        hot = gir_one_hot(c->g, gir_squeeze(c->g, i, axis), s.dim[axis], GIR_DTYPE_F32);
        hot = gir_cast(c->g, hot, GIR_DTYPE_B8);
        if (axis != s.rank - 1) {
            gir_ints p = gir_ints0();
            int q;
            for (q = 0; q < s.rank; ++q) p.v[q] = q < axis ? q : q == axis ? s.rank - 1 : q - 1;
            p.n = s.rank;
            hot = gir_transpose(c->g, hot, p);
        }
        work = gir_where(c->g, hot, gir_scalar(c->g, GIR_DTYPE_F64, -HUGE_VAL), work);
    }
    if (c->nd->n_out > 1) c->y[1] = k > 1 ? gir_concat(c->g, k, idx, axis) : idx[0];
    return k > 1 ? gir_concat(c->g, k, vals, axis) : vals[0];
}
/* negative indices of an index input counted from the end of an axis of length len */
static gir_node gir__ox_wrap_index(gir__oxn *c, gir_node idx, int len) {
    gir_node neg, up;
    idx = gir_cast(c->g, idx, GIR_DTYPE_I32);
    neg = gir_lt(c->g, idx, gir_scalar(c->g, GIR_DTYPE_I32, 0));
    up = gir_add(c->g, idx, gir_scalar(c->g, GIR_DTYPE_I32, len));
    return gir_where(c->g, neg, up, idx);
}
/* ScatterElements (and Scatter): data with updates written (reduction none) or added (add) at the positions */
static gir_node gir__oxh_scatter_elements(gir__oxn *c, gir_node data, gir_node idx, gir_node upd) {
    gir_shape s = gir_node_shape(c->g, data);
    int axis = gir__ox_axis(c, gir__oxa_i(c, "axis", 0), s.rank);
    int add = gir__oxa_s_is(c, "reduction", "none", "add"), none = gir__oxa_s_is(c, "reduction", "none", "none");
    gir_node hit, put;
    if (axis < 0) return c->none;
    if (!add && !none) {
        gir__oxn_fail(c, GIR_ERR_UNSUPPORTED, "a reduction other than none and add");
        return c->none;
    }
    idx = gir__ox_wrap_index(c, idx, s.dim[axis]);
    put = gir_scatter_add(c->g, gir_zeros_like(c->g, data), idx, upd, axis);
    if (add) return gir_add(c->g, data, put);
    hit = gir_ones(c->g, GIR_DTYPE_F32, gir_node_shape(c->g, upd));
    hit = gir_scatter_add(c->g, gir_zeros(c->g, GIR_DTYPE_F32, s), idx, hit, axis);
    hit = gir_gt(c->g, hit, gir_scalar(c->g, GIR_DTYPE_F32, 0));
    return gir_where(c->g, hit, put, data);
}
/* the row of data [P, rest] (P: the first r axes) that each index tuple of indices [..., r] names */
static gir_node gir__ox_nd_rows(gir__oxn *c, gir_node idx, gir_shape ds, int *r, int64_t *rows) {
    gir_shape is = gir_node_shape(c->g, idx);
    int j;
    int64_t stride = 1;
    gir_node lin = c->none;
    *r = is.dim[is.rank - 1];
    if (*r > ds.rank) { gir__oxn_fail(c, GIR_ERR_SHAPE, "index tuples of %d for rank %d", *r, ds.rank); return lin; }
    for (*rows = 1, j = 0; j < *r; ++j) *rows *= ds.dim[j];
    for (j = *r - 1; j >= 0; --j) {
        gir_node col = gir_slice(c->g, idx, is.rank - 1, j, j + 1, 1);
        col = gir__ox_wrap_index(c, col, ds.dim[j]);
        col = gir_mul(c->g, col, gir_scalar(c->g, GIR_DTYPE_I32, (double)stride));
        lin = lin.id ? gir_add(c->g, lin, col) : col;
        stride *= ds.dim[j];
    }
    return gir_squeeze(c->g, lin, is.rank - 1);
}
/* GatherND (batch_dims 0): data[index tuple] for each tuple, through a flattened index_select */
static gir_node gir__oxh_gather_nd(gir__oxn *c, gir_node data, gir_node idx) {
    gir_shape ds = gir_node_shape(c->g, data), flat, is = gir_node_shape(c->g, idx), out;
    int r, j;
    int64_t rows;
    gir_node lin, y;
    if (gir__oxa_i(c, "batch_dims", 0)) gir__oxn_fail(c, GIR_ERR_UNSUPPORTED, "batch_dims other than 0");
    lin = gir__ox_nd_rows(c, idx, ds, &r, &rows);
    if (c->st != GIR_OK) return c->none;
    for (flat.rank = 1 + ds.rank - r, flat.dim[0] = (int32_t)rows, j = r; j < ds.rank; ++j) flat.dim[1 + j - r] = ds.dim[j];
    y = gir_index_select(c->g, gir_reshape(c->g, data, flat), lin, 0);
    for (out.rank = 0, j = 0; j < is.rank - 1; ++j) out.dim[out.rank++] = is.dim[j];
    for (j = r; j < ds.rank; ++j) out.dim[out.rank++] = ds.dim[j];
    return gir_reshape(c->g, y, out);
}
/* ScatterND: rows of the flattened data replaced (none) or increased (add) by the updates */
static gir_node gir__oxh_scatter_nd(gir__oxn *c, gir_node data, gir_node idx, gir_node upd) {
    gir_shape ds = gir_node_shape(c->g, data), flat, uf;
    int add = gir__oxa_s_is(c, "reduction", "none", "add"), none = gir__oxa_s_is(c, "reduction", "none", "none"), r, j;
    int64_t rows, m;
    gir_node lin, put, hit;
    if (!add && !none) gir__oxn_fail(c, GIR_ERR_UNSUPPORTED, "a reduction other than none and add");
    lin = gir__ox_nd_rows(c, idx, ds, &r, &rows);
    if (c->st != GIR_OK) return c->none;
    m = gir_node_numel(c->g, lin);
    for (flat.rank = 1 + ds.rank - r, flat.dim[0] = (int32_t)rows, j = r; j < ds.rank; ++j) flat.dim[1 + j - r] = ds.dim[j];
    uf = flat;
    uf.dim[0] = (int32_t)m;
    lin = gir_reshape(c->g, lin, gir_shape1((int32_t)m));
    put = gir_index_add(c->g, gir_reshape(c->g, upd, uf), lin, 0, (int)rows);
    put = gir_reshape(c->g, put, ds);
    if (add) return gir_add(c->g, data, put);
    hit = gir_index_add(c->g, gir_ones(c->g, GIR_DTYPE_F32, gir_shape1((int32_t)m)), lin, 0, (int)rows);
    hit = gir_gt(c->g, hit, gir_scalar(c->g, GIR_DTYPE_F32, 0));
    for (uf.rank = ds.rank, j = 0; j < ds.rank; ++j) uf.dim[j] = j < r ? ds.dim[j] : 1;
    hit = gir_reshape(c->g, hit, uf);
    return gir_where(c->g, hit, put, data);
}

/* BitShift on u8: x * 2^y modulo 256 (LEFT) or x / 2^y rounded down (RIGHT), computed exactly in double */
static gir_node gir__oxh_bit_shift(gir__oxn *c, gir_node x, gir_node y) {
    int left = gir__oxa_s_is(c, "direction", "", "LEFT"), right = gir__oxa_s_is(c, "direction", "", "RIGHT");
    gir_dtype dt = gir_node_dtype(c->g, x);
    gir_node p, r;
    if ((!left && !right) || dt != GIR_DTYPE_U8) {
        gir__oxn_fail(c, GIR_ERR_UNSUPPORTED, "direction LEFT or RIGHT on uint8 only (gir.h has no u16, u32, u64)");
        return c->none;
    }
    y = gir_cast(c->g, y, GIR_DTYPE_F64);
    p = gir_pow(c->g, gir_scalar(c->g, GIR_DTYPE_F64, 2), y);
    x = gir_cast(c->g, x, GIR_DTYPE_F64);
    r = left ? gir_mul(c->g, x, p) : gir_floor(c->g, gir_div(c->g, x, p));
    if (left) r = gir_fmod(c->g, r, gir_scalar(c->g, GIR_DTYPE_F64, 256));
    return gir_cast(c->g, r, dt);
}
/* ConvInteger: the convolution of (x - x_zero_point) and (w - w_zero_point), exact in double, as int32 */
/* the convolution of 8-bit integers less their zero points (inputs kx, kw, zero points kx + 2, kw + 2 when given):
   exact in f32 while a window's sum stays below 2^24 (at most 258 products of 255 by 255), else in f64 */
static gir_node gir__ox_conv_ints(gir__oxn *c, int kx, int kw) {
    gir_shape ws = gir_node_shape(c->g, c->x[kw]);
    int64_t taps = 1, j;
    gir_dtype dt;
    gir_node x, w;
    for (j = 1; j < ws.rank; ++j) taps *= ws.dim[j];
    dt = taps <= 258 ? GIR_DTYPE_F32 : GIR_DTYPE_F64;
    x = gir_cast(c->g, c->x[kx], dt);
    if (gir__ox_has(c, kx + 2)) x = gir_sub(c->g, x, gir_cast(c->g, c->x[kx + 2], dt));
    w = gir_cast(c->g, c->x[kw], dt);
    if (gir__ox_has(c, kw + 2)) w = gir_sub(c->g, w, gir_cast(c->g, c->x[kw + 2], dt));
    c->n_x = 2;                              /* gir__oxh_conv reads a bias from input 2: here a zero point */
    return gir__oxh_conv(c, x, w);
}
static gir_node gir__oxh_conv_integer(gir__oxn *c, gir_node x, gir_node w) {
    (void)x; (void)w;
    return gir_cast(c->g, gir__ox_conv_ints(c, 0, 1), GIR_DTYPE_I32);
}

/* RNN, GRU, LSTM: unrolled over the sequence (its length is part of the shapes), one direction at a time, with
   ONNX's default activations (sigmoid for the gates, tanh otherwise) and every sequence of full length */
typedef struct gir__oxrnn {
    int kind, gates, hidden, steps, batch, lbr;    /* kind 0 RNN, 1 GRU, 2 LSTM; lbr: linear_before_reset */
    int layout;                                    /* 1: batch first (X, Y, initial and final states) */
    gir_node xw, r, rb, p;                         /* x W^T + Wb for every step [steps, batch, G h]; R^T; Rb; peepholes */
} gir__oxrnn;
static gir_node gir__ox_gate(gir__oxn *c, gir_node v, int k, int h) {
    gir_shape s = gir_node_shape(c->g, v);
    return gir_slice(c->g, v, s.rank - 1, k * h, (k + 1) * h, 1);
}
/* sigmoid(gate k of u + gate k of v): the sum of two gate slices through f */
static gir_node gir__ox_gsum(gir__oxn *c, gir_node u, gir_node v, int k, int n, gir_node (*f)(gir_graph *, gir_node)) {
    gir_node a = gir__ox_gate(c, u, k, n), b = gir__ox_gate(c, v, k, n);
    return f(c->g, gir_add(c->g, a, b));
}
static gir_node gir__ox_gru_step(gir__oxn *c, const gir__oxrnn *q, gir_node xw, gir_node hr, gir_node h) {
    int n = q->hidden;
    gir_node z = gir__ox_gsum(c, xw, hr, 0, n, gir_sigmoid), r = gir__ox_gsum(c, xw, hr, 1, n, gir_sigmoid), t, u;
    if (q->lbr) t = gir_mul(c->g, r, gir__ox_gate(c, hr, 2, n));
    else {
        u = gir_mul(c->g, r, h);
        t = gir_matmul(c->g, u, gir__ox_gate(c, q->r, 2, n));
        t = gir_add(c->g, t, gir__ox_gate(c, q->rb, 2, n));
    }
    t = gir_tanh(c->g, gir_add(c->g, gir__ox_gate(c, xw, 2, n), t));
    u = gir_mul(c->g, gir_sub(c->g, gir__oxh_num(c, 1), z), t);
    return gir_add(c->g, u, gir_mul(c->g, z, h));
}
/* gate k of a plus (peepholes) p_k * cell */
static gir_node gir__ox_peep(gir__oxn *c, const gir__oxrnn *q, gir_node a, int k, gir_node cell) {
    gir_node v = gir__ox_gate(c, a, k, q->hidden), w;
    if (!q->p.id) return v;
    w = gir__ox_gate(c, q->p, k, q->hidden);
    return gir_add(c->g, v, gir_mul(c->g, w, cell));
}
static gir_node gir__ox_lstm_step(gir__oxn *c, const gir__oxrnn *q, gir_node a, gir_node *cell) {
    gir_node i = gir_sigmoid(c->g, gir__ox_peep(c, q, a, 0, *cell)), f, t, o;
    f = gir_sigmoid(c->g, gir__ox_peep(c, q, a, 2, *cell));
    t = gir_tanh(c->g, gir__ox_gate(c, a, 3, q->hidden));
    f = gir_mul(c->g, f, *cell);
    *cell = gir_add(c->g, f, gir_mul(c->g, i, t));      /* gates i, o, f, c */
    o = gir_sigmoid(c->g, gir__ox_peep(c, q, a, 1, *cell));
    t = gir_tanh(c->g, *cell);
    return gir_mul(c->g, o, t);
}
/* one step: the new hidden state from step input xw (x W^T + Wb), h and (LSTM) *cell */
static gir_node gir__ox_rnn_step(gir__oxn *c, const gir__oxrnn *q, gir_node xw, gir_node h, gir_node *cell) {
    gir_node hr = gir_add(c->g, gir_matmul(c->g, h, q->r), q->rb);
    if (q->kind == 0) return gir_tanh(c->g, gir_add(c->g, xw, hr));
    if (q->kind == 1) return gir__ox_gru_step(c, q, xw, hr, h);
    return gir__ox_lstm_step(c, q, gir_add(c->g, xw, hr), cell);
}
/* concat of up to 64 x 64 nodes (gir_concat joins at most 64) */
static gir_node gir__ox_concat_many(gir__oxn *c, int n, gir_node *xs, int axis) {
    gir_node part[64];
    int j, m = 0;
    if (n <= 64) return gir_concat(c->g, n, xs, axis);
    for (j = 0; j < n && m < 64; j += 64, ++m) part[m] = gir_concat(c->g, n - j < 64 ? n - j : 64, xs + j, axis);
    return gir_concat(c->g, m, part, axis);
}
/* row d of a [D, ...] input as [...] ({0} when the input is absent) */
static gir_node gir__ox_dir(gir__oxn *c, int k, int d, int axis) {
    gir_shape s;
    int j;
    if (!gir__ox_has(c, k) || !gir__ox_need(c, 1u << k)) return c->none;
    s = gir_node_shape(c->g, c->x[k]);
    for (j = axis + 1; j < s.rank; ++j) s.dim[j - 1] = s.dim[j];
    --s.rank;
    return gir_reshape(c->g, gir_slice(c->g, c->x[k], axis, d, d + 1, 1), s);
}
/* direction d over x [steps, batch, in]: the outputs of every step [steps, 1, batch, h] and the last h, c */
static gir_node gir__ox_rnn_dir(gir__oxn *c, gir__oxrnn *q, gir_node x, int d, int rev, gir_node *hl, gir_node *cl) {
    gir_shape xs = gir_node_shape(c->g, x);
    int gh = q->gates * q->hidden, t;
    gir_node w = gir_transpose(c->g, gir__ox_dir(c, 1, d, 0), gir_ints2(1, 0)), b = gir__ox_dir(c, 3, d, 0), h, cell, ys[1024];
    q->r = gir_transpose(c->g, gir__ox_dir(c, 2, d, 0), gir_ints2(1, 0));
    q->xw = gir_matmul(c->g, gir_reshape(c->g, x, gir_shape2(xs.dim[0] * xs.dim[1], xs.dim[2])), w);
    q->rb = gir_zeros(c->g, gir_node_dtype(c->g, x), gir_shape1(gh));
    if (b.id) {
        q->xw = gir_add(c->g, q->xw, gir_slice(c->g, b, 0, 0, gh, 1));
        q->rb = gir_slice(c->g, b, 0, gh, 2 * gh, 1);
    }
    q->xw = gir_reshape(c->g, q->xw, gir_shape3(xs.dim[0], xs.dim[1], gh));
    q->p = q->kind == 2 ? gir__ox_dir(c, 7, d, 0) : c->none;
    h = gir__ox_dir(c, 5, d, q->layout);
    if (!h.id) h = gir_zeros(c->g, gir_node_dtype(c->g, x), gir_shape2(q->batch, q->hidden));
    cell = q->kind == 2 ? gir__ox_dir(c, 6, d, q->layout) : c->none;
    if (q->kind == 2 && !cell.id) cell = gir_zeros_like(c->g, h);
    for (t = 0; t < q->steps && c->st == GIR_OK; ++t) {
        int at = rev ? q->steps - 1 - t : t;
        gir_node xt = gir_slice(c->g, q->xw, 0, at, at + 1, 1);
        xt = gir_reshape(c->g, xt, gir_shape2(q->batch, gh));
        h = gir__ox_rnn_step(c, q, xt, h, &cell);
        ys[at] = gir_reshape(c->g, h, gir_shape4(1, 1, q->batch, q->hidden));
    }
    *hl = h;
    *cl = cell;
    return c->st == GIR_OK ? gir__ox_concat_many(c, q->steps, ys, 0) : c->none;
}
/* RNN, GRU, LSTM: the outputs Y [steps, D, batch, h] (layout 1: [batch, steps, D, h]), Y_h and (LSTM) Y_c */
static gir_node gir__ox_rnn(gir__oxn *c, gir_node x, int kind) {
    gir__oxrnn q;
    int layout = gir__oxa_i(c, "layout", 0), rev = gir__oxa_s_is(c, "direction", "forward", "reverse");
    int bi = gir__oxa_s_is(c, "direction", "forward", "bidirectional"), d, nd;
    gir_node y[2], hl[2], cl[2], out;
    double lens[64];
    int n_lens, j;
    memset(&q, 0, sizeof q);
    q.kind = kind;
    q.gates = kind == 0 ? 1 : kind == 1 ? 3 : 4;
    q.hidden = gir__oxa_i(c, "hidden_size", 0);
    q.lbr = kind == 1 ? gir__oxa_i(c, "linear_before_reset", 0) : 0;
    if (kind == 2 && gir__oxa_i(c, "input_forget", 0)) gir__oxn_fail(c, GIR_ERR_UNSUPPORTED, "input_forget 1");
    if (!rev && !bi && !gir__oxa_s_is(c, "direction", "forward", "forward"))
        gir__oxn_fail(c, GIR_ERR_ATTR, "direction is forward, reverse or bidirectional");
    q.layout = layout;
    if (layout) x = gir_transpose(c->g, x, gir_ints3(1, 0, 2));
    q.steps = gir_node_shape(c->g, x).dim[0];
    q.batch = gir_node_shape(c->g, x).dim[1];
    if (q.steps < 1 || q.steps > 1024 || q.hidden < 1 || !gir__ox_need(c, 7u)) {
        if (c->st == GIR_OK) gir__oxn_fail(c, GIR_ERR_UNSUPPORTED, "%d steps (1 to 1024), hidden_size %d, layout %d",
                                           q.steps, q.hidden, layout);
        return c->none;
    }
    n_lens = gir__ox_has(c, 4) ? gir__ox_const_vals(c, 4, lens, 64, "sequence_lens") : 0;
    for (j = 0; j < n_lens; ++j)
        if (lens[j] != q.steps) gir__oxn_fail(c, GIR_ERR_UNSUPPORTED, "sequences shorter than the input");
    nd = bi ? 2 : 1;
    for (d = 0; d < nd && c->st == GIR_OK; ++d) y[d] = gir__ox_rnn_dir(c, &q, x, d, rev || d == 1, &hl[d], &cl[d]);
    if (c->st != GIR_OK) return c->none;
    out = nd == 2 ? gir_concat(c->g, 2, y, 1) : y[0];
    if (c->nd->n_out > 1)
        for (d = 0; d < nd; ++d) hl[d] = gir_reshape(c->g, hl[d], gir_shape3(1, q.batch, q.hidden));
    if (c->nd->n_out > 1) c->y[1] = nd == 2 ? gir_concat(c->g, 2, hl, 0) : hl[0];
    if (c->nd->n_out > 2 && kind == 2)
        for (d = 0; d < nd; ++d) cl[d] = gir_reshape(c->g, cl[d], gir_shape3(1, q.batch, q.hidden));
    if (c->nd->n_out > 2 && kind == 2) c->y[2] = nd == 2 ? gir_concat(c->g, 2, cl, 0) : cl[0];
    for (d = 1; layout && d < 3 && d < c->nd->n_out; ++d) if (c->y[d].id) c->y[d] = gir_transpose(c->g, c->y[d], gir_ints3(1, 0, 2));
    return layout ? gir_transpose(c->g, out, gir_ints4(2, 0, 1, 3)) : out;
}
static gir_node gir__oxh_rnn(gir__oxn *c, gir_node x) { return gir__ox_rnn(c, x, 0); }
static gir_node gir__oxh_gru(gir__oxn *c, gir_node x) { return gir__ox_rnn(c, x, 1); }
static gir_node gir__oxh_lstm(gir__oxn *c, gir_node x) { return gir__ox_rnn(c, x, 2); }

/* (v - zero point) * scale in double, the quantized operand k of a QLinear op with its scale and zero point */
static gir_node gir__ox_deq(gir__oxn *c, int k, int ks, int kz) {
    gir_node v = gir_cast(c->g, c->x[k], GIR_DTYPE_F64);
    v = gir_sub(c->g, v, gir_cast(c->g, c->x[kz], GIR_DTYPE_F64));
    return gir_mul(c->g, v, gir_cast(c->g, c->x[ks], GIR_DTYPE_F64));
}
/* saturate(round(y / scale) + zero point) in the zero point's dtype (u8 or ONNX's int8 held as i32) */
static gir_node gir__ox_req(gir__oxn *c, gir_node y, int ks, int kz) {
    int t = c->t[kz] ? c->t[kz]->type : 2;
    y = gir_round(c->g, gir_div(c->g, y, gir_cast(c->g, c->x[ks], GIR_DTYPE_F64)));
    y = gir_add(c->g, y, gir_cast(c->g, c->x[kz], GIR_DTYPE_F64));
    y = gir_clamp(c->g, y, t == 3 ? -128 : 0, t == 3 ? 127 : 255);
    return gir_cast(c->g, y, gir_node_dtype(c->g, c->x[kz]));
}
/* QLinearMatMul (a, a_scale, a_zero, b, b_scale, b_zero, y_scale, y_zero) */
static gir_node gir__oxh_qlinear_matmul(gir__oxn *c) {
    gir_node a, b;
    if (!gir__ox_need(c, 0xffu)) return c->none;
    a = gir__ox_deq(c, 0, 1, 2);
    b = gir__ox_deq(c, 3, 4, 5);
    return gir__ox_req(c, gir__oxh_matmul_np(c, a, b), 6, 7);
}
/* QLinearConv (x, x_scale, x_zero, w, w_scale, w_zero, y_scale, y_zero, optional int32 bias in x_scale * w_scale) */
static gir_node gir__oxh_qlinear_conv(gir__oxn *c) {
    gir_node y, s, t, x[9], bias = gir__ox_has(c, 8) ? c->x[8] : c->none;
    int j;
    if (!gir__ox_need(c, 0xffu)) return c->none;
    for (j = 0; j < 8; ++j) x[j] = c->x[j];
    c->x[1] = x[3]; c->x[2] = x[2]; c->x[3] = x[5];        /* x, w, x_zero, w_zero for the integer convolution */
    y = gir_cast(c->g, gir__ox_conv_ints(c, 0, 1), GIR_DTYPE_F64);
    for (j = 0; j < 8; ++j) c->x[j] = x[j];
    c->n_x = bias.id ? 9 : 8;
    if (bias.id) y = gir_add(c->g, y, gir_reshape(c->g, gir_cast(c->g, bias, GIR_DTYPE_F64),
                                                  gir_shape4(1, gir_node_shape(c->g, bias).dim[0], 1, 1)));
    s = gir_cast(c->g, c->x[1], GIR_DTYPE_F64);     /* the accumulator's scale: x_scale * w_scale */
    t = gir_cast(c->g, c->x[4], GIR_DTYPE_F64);
    return gir__ox_req(c, gir_mul(c->g, y, gir_mul(c->g, s, t)), 6, 7);
}
/* ReverseSequence: the first sequence_lens[b] elements of each batch entry reversed along time_axis */
static gir_node gir__oxh_reverse_sequence(gir__oxn *c, gir_node x) {
    gir_shape s = gir_node_shape(c->g, x);
    int ta = gir__oxa_i(c, "time_axis", 0), ba = gir__oxa_i(c, "batch_axis", 1), j;
    double lens[1024];
    int32_t *idx;
    int64_t n = gir_node_numel(c->g, x), e;
    gir_node y;
    if (s.rank < 2 || ta == ba || ta < 0 || ba < 0 || ta > 1 || ba > 1 ||
        gir__ox_const_vals(c, 1, lens, 1024, "sequence_lens") != s.dim[ba]) {
        if (c->st == GIR_OK) gir__oxn_fail(c, GIR_ERR_ATTR, "time_axis %d, batch_axis %d", ta, ba);
        return c->none;
    }
    if (!(idx = (int32_t *)gir__alloc(&c->g->a, (size_t)(n ? n : 1) * 4))) {
        gir__oxn_fail(c, GIR_ERR_OUT_OF_MEMORY, "the indices");
        return c->none;
    }
    for (e = 0; e < n; ++e) {                  /* row-major coordinates of element e on the two axes */
        int64_t rest = e, coord[GIR_MAX_RANK];
        for (j = s.rank - 1; j >= 0; --j) { coord[j] = rest % s.dim[j]; rest /= s.dim[j]; }
        idx[e] = (int32_t)(coord[ta] < lens[coord[ba]] ? (int64_t)lens[coord[ba]] - 1 - coord[ta] : coord[ta]);
    }
    y = gir_gather(c->g, x, gir_constant(c->g, GIR_DTYPE_I32, s, idx), ta);
    gir__free(&c->g->a, idx, (size_t)(n ? n : 1) * 4);
    return y;
}

/* Einsum of one or two operands: labels are letters, '...' stands for the same leading axes in every term.
   A label twice in one term takes the diagonal; labels of one operand only and not in the output are summed
   first; then the two operands are one batched matmul (batch: in both and in the output; contracted: in both,
   not in the output), transposed to the output's order */
typedef struct gir__oxterm { int n; char l[GIR_MAX_RANK]; } gir__oxterm;
static int gir__ox_ein_term(const char *p, const char *end, int rank, gir__oxterm *t) {
    int ell = 0, letters = 0, j;
    const char *q;
    for (q = p; q < end; ++q) if (*q == '.') ell = 1; else if (*q != ' ') ++letters;
    t->n = 0;
    for (q = p; q < end; ++q) {
        if (*q == ' ') continue;
        if (*q == '.') {
            for (j = 0; ell == 1 && j < rank - letters && t->n < GIR_MAX_RANK; ++j) t->l[t->n++] = (char)('0' + j);
            ell = 2;
            continue;
        }
        if (t->n == GIR_MAX_RANK) return 0;
        t->l[t->n++] = *q;
    }
    return t->n == rank || end == p;
}
static int gir__ox_ein_has(const gir__oxterm *t, char l) {
    int j;
    for (j = 0; j < t->n; ++j) if (t->l[j] == l) return 1;
    return 0;
}
/* x with its labels: repeated labels to diagonals, then the labels not in keep (nor in other) summed */
static gir_node gir__ox_ein_reduce(gir__oxn *c, gir_node x, gir__oxterm *t, const gir__oxterm *keep,
                                   const gir__oxterm *other) {
    int i, j, k;
    gir_ints ax = gir_ints0(), perm;
    for (i = 0; i < t->n; ++i)
        for (j = i + 1; j < t->n; ++j)
            if (t->l[i] == t->l[j]) {            /* axes i and j to the end, their diagonal appended */
                char l = t->l[i];
                for (perm.n = 0, k = 0; k < t->n; ++k) if (k != i && k != j) perm.v[perm.n++] = k;
                perm.v[perm.n++] = i;
                perm.v[perm.n++] = j;
                x = gir_diagonal(c->g, gir_transpose(c->g, x, perm), 0);
                for (k = 0; k < perm.n - 2; ++k) t->l[k] = t->l[perm.v[k]];
                t->l[perm.n - 2] = l;
                t->n = perm.n - 1;
                i = -1;
                break;
            }
    for (i = 0, k = 0; i < t->n; ++i)
        if (!gir__ox_ein_has(keep, t->l[i]) && !(other && gir__ox_ein_has(other, t->l[i]))) ax.v[ax.n++] = i;
        else t->l[k++] = t->l[i];
    t->n = k;
    return ax.n ? gir_sum(c->g, x, ax, 0) : x;
}
/* x's labels moved to the order of to (a permutation of them) */
static gir_node gir__ox_ein_order(gir__oxn *c, gir_node x, const gir__oxterm *from, const gir__oxterm *to) {
    gir_ints p = gir_ints0();
    int i, j, same = 1;
    for (i = 0; i < to->n; ++i)
        for (j = 0; j < from->n; ++j) if (from->l[j] == to->l[i]) { p.v[p.n++] = j; same &= i == j; }
    return same ? x : gir_transpose(c->g, x, p);
}
static int gir__ox_ein_dim(gir__oxn *c, gir_node x, const gir__oxterm *t, char l) {
    int j;
    for (j = 0; j < t->n; ++j) if (t->l[j] == l) return gir_node_shape(c->g, x).dim[j];
    return 1;
}
/* a times b over their shared labels: the result's labels are the batch ones, a's own, then b's own */
static gir_node gir__ox_ein_pair(gir__oxn *c, gir_node a, const gir__oxterm *ta, gir_node b, const gir__oxterm *tb,
                                 const gir__oxterm *out, gir__oxterm *res) {
    gir__oxterm oa, ob, fa, fb, bt, kt;
    int64_t nb = 1, nf = 1, nk = 1, ng = 1;
    int j;
    gir_shape rs;
    gir_node y;
    oa.n = ob.n = fa.n = fb.n = bt.n = kt.n = res->n = 0;
    for (j = 0; j < ta->n; ++j) {
        char l = ta->l[j];
        int inb = gir__ox_ein_has(tb, l), ino = gir__ox_ein_has(out, l), d = gir__ox_ein_dim(c, a, ta, l);
        if (inb && ino) { bt.l[bt.n++] = l; nb *= d; }
        else if (inb) { kt.l[kt.n++] = l; nk *= d; }
        else { fa.l[fa.n++] = l; nf *= d; }
    }
    for (j = 0; j < tb->n; ++j)
        if (!gir__ox_ein_has(ta, tb->l[j])) { fb.l[fb.n++] = tb->l[j]; ng *= gir__ox_ein_dim(c, b, tb, tb->l[j]); }
    for (rs.rank = 0, j = 0; j < bt.n; ++j) { rs.dim[rs.rank++] = gir__ox_ein_dim(c, a, ta, bt.l[j]); res->l[res->n++] = bt.l[j]; }
    for (j = 0; j < fa.n; ++j) { rs.dim[rs.rank++] = gir__ox_ein_dim(c, a, ta, fa.l[j]); res->l[res->n++] = fa.l[j]; }
    for (j = 0; j < fb.n; ++j) { rs.dim[rs.rank++] = gir__ox_ein_dim(c, b, tb, fb.l[j]); res->l[res->n++] = fb.l[j]; }
    for (j = 0; j < bt.n; ++j) { oa.l[oa.n++] = bt.l[j]; ob.l[ob.n++] = bt.l[j]; }
    for (j = 0; j < fa.n; ++j) oa.l[oa.n++] = fa.l[j];
    for (j = 0; j < kt.n; ++j) { oa.l[oa.n++] = kt.l[j]; ob.l[ob.n++] = kt.l[j]; }
    for (j = 0; j < fb.n; ++j) ob.l[ob.n++] = fb.l[j];
    if (nb > INT32_MAX || nf > INT32_MAX || nk > INT32_MAX || ng > INT32_MAX || rs.rank > GIR_MAX_RANK) {
        gir__oxn_fail(c, GIR_ERR_LIMIT, "an einsum too large");
        return c->none;
    }
    a = gir_reshape(c->g, gir__ox_ein_order(c, a, ta, &oa), gir_shape3((int32_t)nb, (int32_t)nf, (int32_t)nk));
    b = gir_reshape(c->g, gir__ox_ein_order(c, b, tb, &ob), gir_shape3((int32_t)nb, (int32_t)nk, (int32_t)ng));
    y = gir_matmul(c->g, a, b);
    return gir_reshape(c->g, y, rs);
}
/* Einsum: the equation parsed into terms, each operand reduced, the pair multiplied, the result ordered */
static gir_node gir__oxh_einsum(gir__oxn *c) {
    const gir__ox_attr *at = gir__ox_attr_find(c, "equation");
    gir__oxterm t[2], out, res;
    const char *p, *end, *arrow, *comma;
    gir_node x[2], y;
    int j, k, cnt[128];
    if (!at || at->type != 3 || !at->s.n || c->n_x < 1 || c->n_x > 2 || !gir__ox_need(c, c->n_x == 2 ? 3u : 1u)) {
        gir__oxn_fail(c, GIR_ERR_UNSUPPORTED, "an equation of one or two operands");   /* s.p is NULL when empty */
        return c->none;
    }
    p = at->s.p;
    end = p + at->s.n;
    for (arrow = p; arrow + 1 < end && !(arrow[0] == '-' && arrow[1] == '>'); ++arrow) {}
    if (arrow + 1 >= end) arrow = end;
    for (comma = p; comma < arrow && *comma != ','; ++comma) {}
    for (j = 0; j < c->n_x; ++j) {
        const char *b = j == 0 ? p : comma + 1, *e = j == 0 ? comma : arrow;
        if (!gir__ox_ein_term(b, e, gir_node_shape(c->g, c->x[j]).rank, &t[j])) {
            gir__oxn_fail(c, GIR_ERR_INVALID_ARG, "term %d of the equation does not match operand %d's rank", j, j);
            return c->none;
        }
        x[j] = c->x[j];
    }
    if (arrow < end) {
        int rk = 0, letters = 0;
        for (j = 0; j < t[0].n; ++j) rk += t[0].l[j] >= '0' && t[0].l[j] <= '9';
        for (k = 2; arrow + k < end; ++k) letters += arrow[k] != '.' && arrow[k] != ' ';
        if (!gir__ox_ein_term(arrow + 2, end, rk + letters, &out)) {
            gir__oxn_fail(c, GIR_ERR_INVALID_ARG, "the equation's output term");
            return c->none;
        }
    } else {                                   /* implicit: labels seen once, in order ('0'.. first) */
        for (j = 0; j < 128; ++j) cnt[j] = 0;
        for (j = 0; j < c->n_x; ++j) for (k = 0; k < t[j].n; ++k) cnt[(unsigned char)t[j].l[k] & 127]++;
        for (out.n = 0, j = 0; j < 128; ++j) if (cnt[j] == 1 && out.n < GIR_MAX_RANK) out.l[out.n++] = (char)j;
    }
    x[0] = gir__ox_ein_reduce(c, x[0], &t[0], &out, c->n_x == 2 ? &t[1] : NULL);
    if (c->n_x == 1) return gir__ox_ein_order(c, x[0], &t[0], &out);
    x[1] = gir__ox_ein_reduce(c, x[1], &t[1], &out, &t[0]);
    y = gir__ox_ein_pair(c, x[0], &t[0], x[1], &t[1], &out, &res);
    return c->st == GIR_OK ? gir__ox_ein_order(c, y, &res, &out) : c->none;
}

/* Add, Sub, Mul, Div, Pow before opset 7: with broadcast 1, b is broadcast to a from 'axis' on (its trailing axes
   padded with ones); without, the shapes are equal */
static gir_node gir__ox_bin6(gir__oxn *c, gir_node a, gir_node b, gir_node (*f)(gir__oxn *, gir_node, gir_node)) {
    gir_shape sa = gir_node_shape(c->g, a), sb = gir_node_shape(c->g, b), t;
    int bc = gir__oxa_i(c, "broadcast", 0), axis = gir__oxa_i(c, "axis", sa.rank - sb.rank), j;
    if (bc && sb.rank > 0 && sb.rank < sa.rank) {
        if (axis < 0) axis += sa.rank;
        if (axis < 0 || axis + sb.rank > sa.rank) {
            gir__oxn_fail(c, GIR_ERR_ATTR, "axis %d for ranks %d and %d", axis, sa.rank, sb.rank);
            return c->none;
        }
        for (t.rank = sa.rank - axis, j = 0; j < t.rank; ++j) t.dim[j] = j < sb.rank ? sb.dim[j] : 1;
        b = gir_reshape(c->g, b, t);
    }
    (void)gir__ox_attr_find(c, "consumed_inputs");
    return f(c, a, b);
}
static gir_node gir__ox_add2(gir__oxn *c, gir_node a, gir_node b) { return gir_add(c->g, a, b); }
static gir_node gir__ox_sub2(gir__oxn *c, gir_node a, gir_node b) { return gir_sub(c->g, a, b); }
static gir_node gir__ox_mul2(gir__oxn *c, gir_node a, gir_node b) { return gir_mul(c->g, a, b); }
static gir_node gir__oxh_add6(gir__oxn *c, gir_node a, gir_node b) { return gir__ox_bin6(c, a, b, gir__ox_add2); }
static gir_node gir__oxh_sub6(gir__oxn *c, gir_node a, gir_node b) { return gir__ox_bin6(c, a, b, gir__ox_sub2); }
static gir_node gir__oxh_mul6(gir__oxn *c, gir_node a, gir_node b) { return gir__ox_bin6(c, a, b, gir__ox_mul2); }
static gir_node gir__oxh_div6(gir__oxn *c, gir_node a, gir_node b) { return gir__ox_bin6(c, a, b, gir__oxh_div_onnx); }
static gir_node gir__oxh_pow6(gir__oxn *c, gir_node a, gir_node b) { return gir__ox_bin6(c, a, b, gir__oxh_pow_onnx); }

/* PRelu before opset 9: a 1-D slope of the channel count applies along axis 1 */
static gir_node gir__oxh_prelu6(gir__oxn *c, gir_node x, gir_node slope) {
    gir_shape xs = gir_node_shape(c->g, x), ss = gir_node_shape(c->g, slope), t;
    gir_node neg, scaled;
    int j;
    if (ss.rank == 1 && xs.rank > 2 && ss.dim[0] == xs.dim[1] && ss.dim[0] != 1) {
        for (t.rank = xs.rank - 1, j = 0; j < t.rank; ++j) t.dim[j] = j == 0 ? ss.dim[0] : 1;
        slope = gir_reshape(c->g, slope, t);
    }
    (void)gir__ox_attr_find(c, "consumed_inputs");
    neg = gir_lt(c->g, x, gir__oxh_num(c, 0));
    scaled = gir_mul(c->g, x, slope);
    return gir_where(c->g, neg, scaled, x);
}

/* GridSample (4-D, as torch.nn.functional.grid_sample): each output position samples x at the grid's (x, y),
   normalized to [-1, 1]; modes bilinear, nearest, bicubic; padding zeros, border, reflection */
typedef struct gir__oxgs {
    int mode, pad, align, h, w;      /* mode 0 bilinear 1 nearest 2 bicubic; pad 0 zeros 1 border 2 reflection */
    gir_node xf;                     /* x as [N, C, H * W] */
    gir_shape idx;                   /* [N, C, P]: P the output positions */
} gir__oxgs;
static gir_node gir__ox_gs_unnorm(gir__oxn *c, const gir__oxgs *q, gir_node g, int len) {
    gir_node v = gir_add(c->g, g, gir__oxh_num(c, 1));
    v = gir_mul(c->g, v, gir__oxh_num(c, q->align ? (len - 1) / 2.0 : len / 2.0));
    return q->align ? v : gir_sub(c->g, v, gir__oxh_num(c, 0.5));
}
/* border: clamped into the image; reflection: reflected at the edges (period twice the span), then clamped */
static gir_node gir__ox_gs_coord(gir__oxn *c, const gir__oxgs *q, gir_node v, int len) {
    double lo = q->align ? 0 : -0.5, span = q->align ? len - 1 : len;
    gir_node t, back;
    if (q->pad == 1) return gir_clamp(c->g, v, 0, len - 1);
    if (q->pad != 2) return v;
    if (span <= 0) return gir_mul(c->g, v, gir__oxh_num(c, 0));
    t = gir_sub(c->g, v, gir__oxh_num(c, lo));          /* t mod 2 span, floored, by floor (ONNX's Mod on floats */
    back = gir_floor(c->g, gir_div(c->g, t, gir__oxh_num(c, 2 * span)));    /* takes only fmod 1) */
    t = gir_sub(c->g, t, gir_mul(c->g, back, gir__oxh_num(c, 2 * span)));
    back = gir_sub(c->g, gir__oxh_num(c, 2 * span), t);
    t = gir_where(c->g, gir_gt(c->g, t, gir__oxh_num(c, span)), back, t);
    t = gir_add(c->g, t, gir__oxh_num(c, lo));
    return gir_clamp(c->g, t, 0, len - 1);
}
/* acc + weight * x at the integer position (yi, xi) (each [N, P]), zero where that is outside the image */
static gir_node gir__ox_gs_tap(gir__oxn *c, const gir__oxgs *q, gir_node acc, gir_node yi, gir_node xi, gir_node wt) {
    gir_node in, t, lin, v;
    gir_shape w3 = q->idx;
    in = gir_ge(c->g, xi, gir__oxh_num(c, 0));
    in = gir_and(c->g, in, gir_le(c->g, xi, gir__oxh_num(c, q->w - 1)));
    t = gir_ge(c->g, yi, gir__oxh_num(c, 0));
    in = gir_and(c->g, in, t);
    in = gir_and(c->g, in, gir_le(c->g, yi, gir__oxh_num(c, q->h - 1)));
    lin = gir_clamp(c->g, yi, 0, q->h - 1);
    lin = gir_mul(c->g, lin, gir__oxh_num(c, q->w));
    lin = gir_add(c->g, lin, gir_clamp(c->g, xi, 0, q->w - 1));
    w3.dim[1] = 1;
    lin = gir_reshape(c->g, gir_cast(c->g, lin, GIR_DTYPE_I32), w3);
    v = gir_gather(c->g, q->xf, gir_broadcast_to(c->g, lin, q->idx), 2);
    wt = gir_where(c->g, in, wt, gir_zeros_like(c->g, wt));
    v = gir_mul(c->g, v, gir_reshape(c->g, wt, w3));
    return acc.id ? gir_add(c->g, acc, v) : v;
}
/* the cubic convolution weight (A = -0.75) of tap k (0..3, at floor - 1 + k) for the fraction t */
static gir_node gir__ox_gs_cubic(gir__oxn *c, gir_node t, int k) {
    double a = -0.75;
    gir_node u = k == 0 ? gir_add(c->g, t, gir__oxh_num(c, 1)) : k == 1 ? t
               : k == 2 ? gir_sub(c->g, gir__oxh_num(c, 1), t) : gir_sub(c->g, gir__oxh_num(c, 2), t), p;
    if (k == 1 || k == 2) {                    /* ((a + 2) u - (a + 3)) u^2 + 1 */
        p = gir_mul(c->g, u, gir__oxh_num(c, a + 2));
        p = gir_sub(c->g, p, gir__oxh_num(c, a + 3));
        p = gir_mul(c->g, p, gir_square(c->g, u));
        return gir_add(c->g, p, gir__oxh_num(c, 1));
    }
    p = gir_mul(c->g, u, gir__oxh_num(c, a));  /* ((a u - 5 a) u + 8 a) u - 4 a */
    p = gir_sub(c->g, p, gir__oxh_num(c, 5 * a));
    p = gir_mul(c->g, p, u);
    p = gir_add(c->g, p, gir__oxh_num(c, 8 * a));
    p = gir_mul(c->g, p, u);
    return gir_sub(c->g, p, gir__oxh_num(c, 4 * a));
}
static gir_node gir__ox_gs_sample(gir__oxn *c, const gir__oxgs *q, gir_node x, gir_node y) {
    gir_node acc = c->none, x0 = gir_floor(c->g, x), y0 = gir_floor(c->g, y), tx, ty, wx[4], wy[4], xi, yi;
    int i, j, n = q->mode == 2 ? 4 : 2, first = q->mode == 2 ? -1 : 0;
    if (q->mode == 1) {
        xi = gir_round(c->g, x);
        yi = gir_round(c->g, y);
        return gir__ox_gs_tap(c, q, acc, yi, xi, gir_ones_like(c->g, x));
    }
    tx = gir_sub(c->g, x, x0);
    ty = gir_sub(c->g, y, y0);
    for (j = 0; j < n; ++j) {
        wx[j] = n == 4 ? gir__ox_gs_cubic(c, tx, j) : j ? tx : gir_sub(c->g, gir__oxh_num(c, 1), tx);
        wy[j] = n == 4 ? gir__ox_gs_cubic(c, ty, j) : j ? ty : gir_sub(c->g, gir__oxh_num(c, 1), ty);
    }
    for (i = 0; i < n; ++i)
        for (j = 0; j < n; ++j) {
            yi = gir_add(c->g, y0, gir__oxh_num(c, first + i));
            xi = gir_add(c->g, x0, gir__oxh_num(c, first + j));
            acc = gir__ox_gs_tap(c, q, acc, yi, xi, gir_mul(c->g, wy[i], wx[j]));
        }
    return acc;
}
static gir_node gir__oxh_grid_sample(gir__oxn *c, gir_node x, gir_node grid) {
    static const char *const modes[3] = {"bilinear", "nearest", "bicubic"}, *const pads[3] = {"zeros", "border",
                                                                                              "reflection"};
    gir_shape xs = gir_node_shape(c->g, x), gs = gir_node_shape(c->g, grid);
    gir__oxgs q;
    gir_node gx, gy, y;
    int j, p;
    memset(&q, 0, sizeof q);
    for (q.mode = -1, j = 0; j < 3; ++j) if (gir__oxa_s_is(c, "mode", "bilinear", modes[j])) q.mode = j;
    for (q.pad = -1, j = 0; j < 3; ++j) if (gir__oxa_s_is(c, "padding_mode", "zeros", pads[j])) q.pad = j;
    q.align = gir__oxa_i(c, "align_corners", 0);
    if (q.mode < 0 || q.pad < 0 || (q.mode == 2 && q.pad) || xs.rank != 4 || gs.rank != 4 || gs.dim[3] != 2) {
        gir__oxn_fail(c, GIR_ERR_UNSUPPORTED, "a 4-D input, a grid [N, H, W, 2], bicubic with zeros padding only");
        return c->none;
    }
    q.h = xs.dim[2];
    q.w = xs.dim[3];
    p = gs.dim[1] * gs.dim[2];
    q.xf = gir_reshape(c->g, x, gir_shape3(xs.dim[0], xs.dim[1], q.h * q.w));
    q.idx = gir_shape3(xs.dim[0], xs.dim[1], p);
    gx = gir_reshape(c->g, gir_slice(c->g, grid, 3, 0, 1, 1), gir_shape3(xs.dim[0], 1, p));
    gy = gir_reshape(c->g, gir_slice(c->g, grid, 3, 1, 2, 1), gir_shape3(xs.dim[0], 1, p));
    gx = gir__ox_gs_coord(c, &q, gir__ox_gs_unnorm(c, &q, gx, q.w), q.w);
    gy = gir__ox_gs_coord(c, &q, gir__ox_gs_unnorm(c, &q, gy, q.h), q.h);
    y = gir__ox_gs_sample(c, &q, gx, gy);
    return gir_reshape(c->g, y, gir_shape4(xs.dim[0], xs.dim[1], gs.dim[1], gs.dim[2]));
}

/* the real DFT matrices [n, k] of cos and sin (2 pi j k / n) for k < kout, as constants of dtype dt */
static void gir__ox_dft_mats(gir__oxn *c, int n, int kout, gir_dtype dt, gir_node *cm, gir_node *sm) {
    size_t cells = (size_t)n * (size_t)kout;
    double *m = (double *)gir__alloc(&c->g->a, 2 * (cells ? cells : 1) * sizeof(double));
    int j, k;
    if (!m) {
        gir__oxn_fail(c, GIR_ERR_OUT_OF_MEMORY, "DFT matrices of %d x %d", n, kout);
        *cm = *sm = c->none;
        return;
    }
    for (j = 0; j < n; ++j)
        for (k = 0; k < kout; ++k) {
            double a = 6.283185307179586476925 * (double)((int64_t)j * k % n) / n;
            m[(size_t)j * kout + k] = cos(a);
            m[cells + (size_t)j * kout + k] = sin(a);
        }
    *cm = gir_cast(c->g, gir_constant(c->g, GIR_DTYPE_F64, gir_shape2(n, kout), m), dt);
    *sm = gir_cast(c->g, gir_constant(c->g, GIR_DTYPE_F64, gir_shape2(n, kout), m + cells), dt);
    gir__free(&c->g->a, m, 2 * (cells ? cells : 1) * sizeof(double));
}
/* the DFT along the last axis of re and im ([..., n]; im {0}: real), as [..., kout, 2] */
static gir_node gir__ox_dft_last(gir__oxn *c, gir_node re, gir_node im, int kout, int inverse) {
    gir_shape s = gir_node_shape(c->g, re), o;
    int n = s.dim[s.rank - 1];
    gir_node cm, sm, yr, yi, t, parts[2];
    gir__ox_dft_mats(c, n, kout, gir_node_dtype(c->g, re), &cm, &sm);
    if (c->st != GIR_OK) return c->none;
    yr = gir__oxh_matmul_np(c, re, cm);           /* e^(-i a) = cos a - i sin a; inverse: + i sin a, then / n */
    yi = gir__oxh_matmul_np(c, re, sm);
    yi = inverse ? yi : gir_neg(c->g, yi);
    if (im.id) {
        t = gir__oxh_matmul_np(c, im, sm);
        yr = inverse ? gir_sub(c->g, yr, t) : gir_add(c->g, yr, t);
        yi = gir_add(c->g, yi, gir__oxh_matmul_np(c, im, cm));
    }
    if (inverse) {
        yr = gir_div(c->g, yr, gir__oxh_num(c, n));
        yi = gir_div(c->g, yi, gir__oxh_num(c, n));
    }
    o = gir_node_shape(c->g, yr);
    o.dim[o.rank++] = 1;
    parts[0] = gir_reshape(c->g, yr, o);
    parts[1] = gir_reshape(c->g, yi, o);
    return gir_concat(c->g, 2, parts, o.rank - 1);
}
/* DFT: x [..., n, 1 or 2] along 'axis' (default 1), dft_length (input 1) pads or cuts, onesided keeps n / 2 + 1 */
static gir_node gir__oxh_dft(gir__oxn *c, gir_node x) {
    gir_shape s = gir_node_shape(c->g, x);
    int axis = gir__oxa_i(c, "axis", 1), inverse = gir__oxa_i(c, "inverse", 0), one = gir__oxa_i(c, "onesided", 0);
    int n, len, cplx;
    double dl;
    gir_ints perm, inv;
    gir_node re, im = c->none, y;
    if (axis < 0) axis += s.rank;
    if (s.rank < 2 || axis < 0 || axis >= s.rank - 1 || (s.dim[s.rank - 1] != 1 && s.dim[s.rank - 1] != 2) ||
        (one && inverse)) {
        gir__oxn_fail(c, GIR_ERR_UNSUPPORTED, "axis %d of a rank-%d signal [..., 1 or 2]; onesided inverse", axis, s.rank);
        return c->none;
    }
    cplx = s.dim[s.rank - 1] == 2;
    n = s.dim[axis];
    len = gir__ox_has(c, 1) && gir__ox_const_vals(c, 1, &dl, 1, "dft_length") == 1 ? (int)dl : n;
    re = gir_reshape(c->g, gir_slice(c->g, x, s.rank - 1, 0, 1, 1), gir_shapev(s.rank - 1, s.dim));
    if (cplx) im = gir_reshape(c->g, gir_slice(c->g, x, s.rank - 1, 1, 2, 1), gir_shapev(s.rank - 1, s.dim));
    gir__ox_axis_last(s.rank - 1, axis, &perm, &inv);
    if (axis != s.rank - 2) re = gir_transpose(c->g, re, perm);
    if (axis != s.rank - 2 && im.id) im = gir_transpose(c->g, im, perm);
    if (len != n) {
        gir_ints a = gir_ints0(), b = gir_ints0();
        int j;
        for (a.n = b.n = s.rank - 1, j = 0; j < a.n; ++j) a.v[j] = b.v[j] = 0;
        b.v[a.n - 1] = len > n ? len - n : 0;
        re = len > n ? gir_pad(c->g, re, a, b, 0) : gir_slice(c->g, re, s.rank - 2, 0, len, 1);
        if (im.id) im = len > n ? gir_pad(c->g, im, a, b, 0) : gir_slice(c->g, im, s.rank - 2, 0, len, 1);
    }
    y = gir__ox_dft_last(c, re, im, one ? len / 2 + 1 : len, inverse);
    if (axis != s.rank - 2 && c->st == GIR_OK) {
        inv.v[inv.n] = inv.n;
        ++inv.n;
        y = gir_transpose(c->g, y, inv);
    }
    return y;
}
/* STFT: frames of frame_length (input 3, else the window's length) every frame_step (input 1) of the signal
   [batch, length, 1 or 2], each times the window (input 2), then their DFT: [batch, frames, bins, 2] */
static gir_node gir__oxh_stft(gir__oxn *c, gir_node x) {
    gir_shape s = gir_node_shape(c->g, x);
    int one = gir__oxa_i(c, "onesided", 1), frames, j, k;
    double step = 0, flen = 0;
    int32_t *idx;
    gir_node re, im = c->none, ix;
    if (gir__ox_const_vals(c, 1, &step, 1, "frame_step") != 1) return c->none;
    if (gir__ox_has(c, 3)) { if (gir__ox_const_vals(c, 3, &flen, 1, "frame_length") != 1) return c->none; }
    else if (gir__ox_has(c, 2) && gir__ox_need(c, 4u)) flen = gir_node_shape(c->g, c->x[2]).dim[0];
    if (s.rank != 3 || step < 1 || flen < 1 || flen > s.dim[1] || (s.dim[2] == 2 && one)) {
        gir__oxn_fail(c, GIR_ERR_UNSUPPORTED, "a signal [batch, length, 1 or 2], frame_step and frame_length");
        return c->none;
    }
    frames = (int)((s.dim[1] - flen) / step) + 1;
    if (!(idx = (int32_t *)gir__alloc(&c->g->a, (size_t)frames * (size_t)flen * 4))) {
        gir__oxn_fail(c, GIR_ERR_OUT_OF_MEMORY, "frame indices");
        return c->none;
    }
    for (j = 0; j < frames; ++j) for (k = 0; k < (int)flen; ++k) idx[(size_t)j * (size_t)flen + k] = (int32_t)(j * step + k);
    ix = gir_constant(c->g, GIR_DTYPE_I32, gir_shape2(frames, (int32_t)flen), idx);
    gir__free(&c->g->a, idx, (size_t)frames * (size_t)flen * 4);
    re = gir_reshape(c->g, gir_slice(c->g, x, 2, 0, 1, 1), gir_shape2(s.dim[0], s.dim[1]));
    re = gir_index_select(c->g, re, ix, 1);                    /* [batch, frames, flen] */
    if (s.dim[2] == 2) {
        im = gir_reshape(c->g, gir_slice(c->g, x, 2, 1, 2, 1), gir_shape2(s.dim[0], s.dim[1]));
        im = gir_index_select(c->g, im, ix, 1);
    }
    if (gir__ox_has(c, 2)) {
        re = gir_mul(c->g, re, c->x[2]);
        if (im.id) im = gir_mul(c->g, im, c->x[2]);
    }
    return gir__ox_dft_last(c, re, im, one ? (int)flen / 2 + 1 : (int)flen, 0);
}

/* the optimizers of ai.onnx.preview.training (Adagrad, Momentum, Adam): inputs R, T, then n tensors X, n
   gradients G, n (or 2n, Adam) states; outputs the new X, then the new states, as the operators' formulas say */
static gir_node gir__ox_gsc(gir__oxn *c, gir_node v, double s) { return gir_mul(c->g, v, gir__oxh_num(c, s)); }
static gir_node gir__ox_greg(gir__oxn *c, int x, int g, double norm) {   /* norm_coefficient * X + G */
    return norm != 0 ? gir_add(c->g, gir__ox_gsc(c, c->x[x], norm), c->x[g]) : c->x[g];
}
static gir_node gir__oxh_adagrad(gir__oxn *c) {
    double decay = gir__oxa_f(c, "decay_factor", 0), eps = gir__oxa_f(c, "epsilon", 1e-6);
    double norm = gir__oxa_f(c, "norm_coefficient", 0);
    int n = (c->n_x - 2) / 3, j;
    gir_node r, t, gr, h, a;
    if (n < 1 || c->n_x != 2 + 3 * n || c->nd->n_out != 2 * n || !gir__ox_need(c, (1u << c->n_x) - 1u)) return c->none;
    t = gir_cast(c->g, c->x[1], gir_node_dtype(c->g, c->x[0]));
    r = gir__ox_gsc(c, t, decay);
    r = gir_add(c->g, r, gir__oxh_num(c, 1));
    r = gir_div(c->g, c->x[0], r);
    for (j = n - 1; j >= 0; --j) {
        gr = gir__ox_greg(c, 2 + j, 2 + n + j, norm);
        h = gir_add(c->g, c->x[2 + 2 * n + j], gir_square(c->g, gr));
        a = gir_sqrt(c->g, h);
        a = gir_add(c->g, a, gir__oxh_num(c, eps));
        a = gir_mul(c->g, r, gir_div(c->g, gr, a));
        c->y[n + j] = h;
        c->y[j] = gir_sub(c->g, c->x[2 + j], a);
    }
    return c->y[0];
}
static gir_node gir__oxh_momentum(gir__oxn *c) {
    double alpha = gir__oxa_f(c, "alpha", 0), beta = gir__oxa_f(c, "beta", 0), norm = gir__oxa_f(c, "norm_coefficient", 0);
    int nest = gir__oxa_s_is(c, "mode", "", "nesterov"), std = gir__oxa_s_is(c, "mode", "", "standard");
    int n = (c->n_x - 2) / 3, j;
    gir_node b, gr, v, step;
    if (n < 1 || (!nest && !std) || c->n_x != 2 + 3 * n || !gir__ox_need(c, (1u << c->n_x) - 1u)) return c->none;
    b = gir_gt(c->g, c->x[1], gir_scalar(c->g, gir_node_dtype(c->g, c->x[1]), 0));     /* T > 0: beta, else 1 */
    v = gir__oxh_num(c, beta);
    b = gir_where(c->g, b, v, gir__oxh_num(c, 1));
    for (j = n - 1; j >= 0; --j) {
        gr = gir__ox_greg(c, 2 + j, 2 + n + j, norm);
        v = gir__ox_gsc(c, c->x[2 + 2 * n + j], alpha);
        v = gir_add(c->g, v, gir_mul(c->g, b, gr));
        step = nest ? gir_add(c->g, gr, gir__ox_gsc(c, v, alpha)) : v;
        c->y[n + j] = v;
        c->y[j] = gir_sub(c->g, c->x[2 + j], gir_mul(c->g, c->x[0], step));
    }
    return c->y[0];
}
static gir_node gir__oxh_adam(gir__oxn *c) {
    double alpha = gir__oxa_f(c, "alpha", 0.9), beta = gir__oxa_f(c, "beta", 0.999), eps = gir__oxa_f(c, "epsilon", 1e-6);
    double norm = gir__oxa_f(c, "norm_coefficient", 0), post = gir__oxa_f(c, "norm_coefficient_post", 0);
    int n = (c->n_x - 2) / 4, j;
    gir_node t, pos, ra, f, gr, v, h, x;
    if (n < 1 || c->n_x != 2 + 4 * n || !gir__ox_need(c, (1u << c->n_x) - 1u)) return c->none;
    t = gir_cast(c->g, c->x[1], GIR_DTYPE_F64);
    pos = gir_gt(c->g, t, gir_scalar(c->g, GIR_DTYPE_F64, 0));
    f = gir_pow(c->g, gir_scalar(c->g, GIR_DTYPE_F64, beta), t);
    f = gir_sub(c->g, gir_scalar(c->g, GIR_DTYPE_F64, 1), f);
    ra = gir_pow(c->g, gir_scalar(c->g, GIR_DTYPE_F64, alpha), t);
    ra = gir_sub(c->g, gir_scalar(c->g, GIR_DTYPE_F64, 1), ra);
    ra = gir_div(c->g, gir_sqrt(c->g, f), ra);                 /* sqrt(1 - beta^T) / (1 - alpha^T) when T > 0 */
    ra = gir_where(c->g, pos, ra, gir_scalar(c->g, GIR_DTYPE_F64, 1));
    ra = gir_mul(c->g, gir_cast(c->g, ra, gir_node_dtype(c->g, c->x[0])), c->x[0]);
    for (j = n - 1; j >= 0; --j) {
        gr = gir__ox_greg(c, 2 + j, 2 + n + j, norm);
        v = gir__ox_gsc(c, c->x[2 + 2 * n + j], alpha);
        v = gir_add(c->g, v, gir__ox_gsc(c, gr, 1 - alpha));
        h = gir__ox_gsc(c, c->x[2 + 3 * n + j], beta);
        h = gir_add(c->g, h, gir__ox_gsc(c, gir_square(c->g, gr), 1 - beta));
        x = gir_sqrt(c->g, h);
        x = gir_add(c->g, x, gir__oxh_num(c, eps));
        x = gir_div(c->g, v, x);
        x = gir_sub(c->g, c->x[2 + j], gir_mul(c->g, ra, x));
        c->y[j] = post != 0 ? gir__ox_gsc(c, x, 1 - post) : x;
        c->y[n + j] = v;
        c->y[2 * n + j] = h;
    }
    return c->y[0];
}

/* flat indices into shape from moved to the same coordinates in shape to (from's extents fit in to's) */
static gir_node gir__ox_reindex(gir__oxn *c, gir_node idx, gir_shape from, gir_shape to) {
    gir_node rest = idx, out = c->none, coord, i32;
    int j;
    int64_t stride = 1;
    for (j = from.rank - 1; j >= 0; --j) {
        i32 = gir_scalar(c->g, GIR_DTYPE_I32, from.dim[j]);
        coord = gir_mod(c->g, rest, i32);
        rest = gir_floordiv(c->g, rest, i32);
        coord = gir_mul(c->g, coord, gir_scalar(c->g, GIR_DTYPE_I32, (double)stride));
        out = out.id ? gir_add(c->g, out, coord) : coord;
        stride *= to.dim[j];
    }
    return out;
}
/* MaxUnpool: zeros of the output shape (input 2, or from kernel, strides and pads) with x written where the
   indices (flattened over the whole output, as MaxPool's second output gives them) point */
static gir_node gir__oxh_max_unpool(gir__oxn *c, gir_node x, gir_node idx) {
    gir_shape s = gir_node_shape(c->g, x), o = s;
    gir__oxwin w;
    int64_t v[GIR_MAX_RANK], n = 1;
    int j;
    gir_node y;
    if (!gir__ox_window(c, s, NULL, &w)) return c->none;
    for (j = 0; j < w.nd; ++j) o.dim[2 + j] = (s.dim[2 + j] - 1) * w.s[j] - w.pb[j] - w.pe[j] + w.k[j];
    idx = gir_cast(c->g, idx, GIR_DTYPE_I32);
    if (gir__ox_has(c, 2)) {                /* the indices count in the shape above: moved to output_shape's */
        gir_shape d = o;
        if (gir__ox_const_ints(c, 2, v, GIR_MAX_RANK, "output_shape") != s.rank) return c->none;
        for (j = 0; j < s.rank; ++j) o.dim[j] = (int32_t)v[j];
        idx = gir__ox_reindex(c, idx, d, o);
    }
    for (j = 0; j < o.rank; ++j) n *= o.dim[j];
    if (n > INT32_MAX) {
        gir__oxn_fail(c, GIR_ERR_LIMIT, "an output of %l elements", (long long)n);
        return c->none;
    }
    x = gir_reshape(c->g, x, gir_shape1((int32_t)gir_node_numel(c->g, x)));
    idx = gir_reshape(c->g, idx, gir_shape1((int32_t)gir_node_numel(c->g, idx)));
    y = gir_index_add(c->g, x, idx, 0, (int)n);
    return gir_reshape(c->g, y, o);
}
/* MelWeightMatrix: the triangular filters of num_mel_bins mel bands over dft_length / 2 + 1 bins, computed at
   import from its five constant inputs as ONNX's reference does */
static gir_node gir__oxh_mel_weights(gir__oxn *c) {
    double in[5], lo, hi, step;
    int nb, dl, sr, bins, i, j, dt = gir__ox_dtype((int32_t)gir__oxa_i(c, "output_datatype", 1)), f[1026];
    double *m;
    gir_node y;
    for (i = 0; i < 5; ++i) if (gir__ox_const_vals(c, i, in + i, 1, "a scalar input") != 1) return c->none;
    nb = (int)in[0]; dl = (int)in[1]; sr = (int)in[2];
    bins = dl / 2 + 1;
    if (nb < 1 || nb > 1024 || dl < 1 || sr < 1 || dt < 0) {
        gir__oxn_fail(c, GIR_ERR_UNSUPPORTED, "num_mel_bins %d (1 to 1024), dft_length %d, sample_rate %d", nb, dl, sr);
        return c->none;
    }
    lo = 2595 * log10(1 + in[3] / 700);
    hi = 2595 * log10(1 + in[4] / 700);
    step = (hi - lo) / (nb + 2);
    for (i = 0; i < nb + 2; ++i) f[i] = (int)floor((dl + 1) * (700 * (pow(10, (i * step + lo) / 2595) - 1)) / sr);
    if (!(m = (double *)gir__alloc(&c->g->a, (size_t)bins * (size_t)nb * sizeof(double)))) {
        gir__oxn_fail(c, GIR_ERR_OUT_OF_MEMORY, "the weights");
        return c->none;
    }
    memset(m, 0, (size_t)bins * (size_t)nb * sizeof(double));
    for (i = 0; i < nb; ++i) {
        int l = f[i], ce = f[i + 1], r = f[i + 2];
        if (ce == l && ce >= 0 && ce < bins) m[(size_t)ce * nb + i] = 1;
        for (j = l; ce > l && j <= ce; ++j) if (j >= 0 && j < bins) m[(size_t)j * nb + i] = (double)(j - l) / (ce - l);
        for (j = ce; r > ce && j < r; ++j) if (j >= 0 && j < bins) m[(size_t)j * nb + i] = (double)(r - j) / (r - ce);
    }
    y = gir_cast(c->g, gir_constant(c->g, GIR_DTYPE_F64, gir_shape2(bins, nb), m), (gir_dtype)dt);
    gir__free(&c->g->a, m, (size_t)bins * (size_t)nb * sizeof(double));
    return y;
}

/* the GIR_ONNX lines of ops.def */
@@ONNX_LINES@@

/* the line of an op type for an opset: the highest since at or below it (the table is sorted by type, since) */
static const gir__oxline *gir__ox_line(gir__ox_str type, int64_t opset) {
    const gir__oxline *best = NULL;
    int j;
    for (j = 0; j < GIR__OX_NLINES; ++j)
        if (gir__ox_str_is(type, gir__ox_lines[j].type) && gir__ox_lines[j].since <= opset) best = &gir__ox_lines[j];
    return best;
}

/* the nodes of the model's values by name: open addressing over a power-of-two table */
typedef struct gir__oxval { gir_node n; const gir__ox_tensor *t; } gir__oxval;   /* t: the file's tensor, if any */
typedef struct gir__oxmap { uint32_t cap; gir__ox_str *key; gir__oxval *val; } gir__oxmap;
static uint32_t gir__ox_hash(gir__ox_str s) {
    uint32_t h = 2166136261u, j;
    for (j = 0; j < s.n; ++j) h = (h ^ (unsigned char)s.p[j]) * 16777619u;
    return h;
}
static gir__oxval *gir__ox_slot(gir__oxmap *m, gir__ox_str s, int add) {   /* s empty: none (p may be NULL) */
    uint32_t h = gir__ox_hash(s) & (m->cap - 1);
    if (!s.n) return NULL;
    while (m->key[h].p) {
        if (m->key[h].n == s.n && memcmp(m->key[h].p, s.p, s.n) == 0) return &m->val[h];
        h = (h + 1) & (m->cap - 1);
    }
    if (!add) return NULL;
    m->key[h] = s;
    return &m->val[h];
}
/* a node name from an ONNX name: characters gir.h does not take in names become '_'; too long or taken: none */
static void gir__ox_name(gir_graph *g, gir_node n, gir__ox_str s) {
    char buf[GIR_MAX_NAME + 1];
    uint32_t j;
    if (!s.n || s.n > GIR_MAX_NAME || gir_node_name(g, n)[0]) return;
    for (j = 0; j < s.n; ++j) {
        char ch = s.p[j];
        int ok = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') ||
                 ch == '_' || ch == '.' || ch == ':' || ch == '+' || ch == '-';
        buf[j] = ok ? ch : '_';
    }
    buf[s.n] = 0;
    if (!gir_graph_find(g, buf).id) gir_name(g, n, buf);
}

typedef struct gir__oxrun {             /* one import */
    gir_graph *g;
    const gir__ox_model *m;
    const gir_onnx_desc *desc;
    gir__oxmap map;
    gir_status st;
    char msg[320];
} gir__oxrun;
static void gir__ox_rfail(gir__oxrun *r, gir_status s, const char *fmt, ...) {
    gir__buf b;
    va_list ap;
    if (r->st != GIR_OK) return;
    r->st = s;
    b.p = r->msg; b.n = sizeof r->msg; b.len = 0; r->msg[0] = 0;
    va_start(ap, fmt);
    gir__vformat(&b, fmt, ap);
    va_end(ap);
}
static void gir__oxr_put(gir__oxrun *r, gir__ox_str name, gir_node n, const gir__ox_tensor *t) {
    gir__oxval *slot = gir__ox_slot(&r->map, name, 1);
    if (!slot) return;                          /* an empty name: a value nothing can refer to */
    slot->n = n;
    slot->t = t;
}
static void gir__ox_inits(gir__oxrun *r) {
    int j;
    for (j = 0; j < r->m->n_init && r->st == GIR_OK; ++j) {
        const gir__ox_tensor *t = &r->m->init[j];
        char m[200];
        gir_status st;
        gir_node n = gir__ox_tensor_node(r->g, t, r->desc->variables, m, sizeof m, &st);
        if (st != GIR_OK) gir__ox_rfail(r, st, "initializer '%.*s': %s", (int)t->name.n, t->name.p, m);
        if (gir_graph_status(r->g) != GIR_OK)       /* out of memory in the graph's stores */
            gir__ox_rfail(r, gir_graph_status(r->g), "initializer '%.*s': %s", (int)t->name.n, t->name.p,
                          gir_graph_message(r->g));
        if (n.id) gir__ox_name(r->g, n, t->name);
        gir__oxr_put(r, t->name, n, t);
    }
}
/* a graph input's shape: fixed dimensions, symbolic ones from desc (dim_names / dim_values) */
static int gir__ox_input_shape(gir__oxrun *r, const gir__ox_value *v, gir_shape *s) {
    int j, k;
    if (!v->has_shape) {
        gir__ox_rfail(r, GIR_ERR_UNSUPPORTED, "input '%.*s' has no shape in the model", (int)v->name.n, v->name.p);
        return 0;
    }
    s->rank = v->rank;
    for (j = 0; j < v->rank; ++j) {
        int64_t d = v->dim[j];
        for (k = 0; d < 0 && v->param[j].n && k < r->desc->n_dims; ++k)
            if (gir__ox_str_is(v->param[j], r->desc->dim_names[k])) d = r->desc->dim_values[k];
        if (d < 0 || d > INT32_MAX) {
            gir__ox_rfail(r, GIR_ERR_INVALID_ARG, "input '%.*s': dimension %d is '%.*s': give its value in "
                          "gir_onnx_desc (dim_names, dim_values)", (int)v->name.n, v->name.p, j,
                          (int)v->param[j].n, v->param[j].p);
            return 0;
        }
        s->dim[j] = (int32_t)d;
    }
    return 1;
}
/* a graph input given values at import (desc known_names / known_values / known_counts): a constant; else {0} */
static gir_node gir__ox_known(gir__oxrun *r, const gir__ox_value *v, gir_dtype dt, gir_shape s) {
    const gir_onnx_desc *d = r->desc;
    gir_node none = {0, 0}, y;
    int64_t n = 1, j;
    int k;
    void *buf;
    for (k = 0; k < d->n_known && !gir__ox_str_is(v->name, d->known_names[k]); ++k) {}
    if (k == d->n_known) return none;
    for (j = 0; j < s.rank; ++j) n *= s.dim[j];
    if (n != d->known_counts[k]) {
        gir__ox_rfail(r, GIR_ERR_SHAPE, "input '%s' holds %l values, known_counts gives %d", d->known_names[k],
                      (long long)n, d->known_counts[k]);
        return none;
    }
    buf = gir__alloc(&r->g->a, (size_t)(n ? n : 1) * 8);
    if (!buf) {
        gir__ox_rfail(r, GIR_ERR_OUT_OF_MEMORY, "the values of input '%s'", d->known_names[k]);
        return none;
    }
    for (j = 0; j < n; ++j) gir__setd(buf, (int)dt, j, d->known_values[k][j]);
    y = gir_constant(r->g, dt, s, buf);
    gir__free(&r->g->a, buf, (size_t)(n ? n : 1) * 8);
    return y;
}
static void gir__ox_inputs(gir__oxrun *r) {
    int j, dt;
    for (j = 0; j < r->m->n_input && r->st == GIR_OK; ++j) {
        const gir__ox_value *v = &r->m->input[j];
        gir_shape s;
        gir_node n;
        if (gir__ox_slot(&r->map, v->name, 0)) continue;        /* an initializer listed as an input (IR < 4) */
        dt = gir__ox_dtype(v->type);
        if (dt < 0) {
            gir__ox_rfail(r, GIR_ERR_UNSUPPORTED, "input '%.*s': %s %d", (int)v->name.n, v->name.p,
                          v->type ? "ONNX dtype" : "not a tensor (sequence, map or optional), type", (int)v->type);
            return;
        }
        if (!gir__ox_input_shape(r, v, &s)) return;
        n = gir__ox_known(r, v, (gir_dtype)dt, s);
        if (r->st == GIR_OK && !n.id) n = gir_input(r->g, (gir_dtype)dt, s);
        if (gir_graph_status(r->g) != GIR_OK)
            gir__ox_rfail(r, gir_graph_status(r->g), "input '%.*s': %s", (int)v->name.n, v->name.p,
                          gir_graph_message(r->g));
        gir__ox_name(r->g, n, v->name);
        gir__oxr_put(r, v->name, n, NULL);
    }
}
static int gir__ox_node_inputs(gir__oxrun *r, const gir__ox_node *nd, gir__oxn *c) {
    int j;
    for (j = 0; j < nd->n_in; ++j) {
        gir__oxval *slot = nd->in[j].n ? gir__ox_slot(&r->map, nd->in[j], 0) : NULL;
        if (nd->in[j].n && !slot) {
            gir__oxn_fail(c, GIR_ERR_INVALID_ARG, "input '%.*s' is not defined before the node (the nodes of an "
                         "ONNX graph are in topological order)", (int)nd->in[j].n, nd->in[j].p);
            return 0;
        }
        c->x[j] = slot ? slot->n : c->none;
        c->t[j] = slot ? slot->t : NULL;
    }
    c->n_x = nd->n_in;
    return 1;
}
/* after a line: every attribute read, no output past the first asked for, no graph error */
static void gir__ox_node_check(gir__oxn *c) {
    int j;
    if (c->st == GIR_OK && gir_graph_status(c->g) != GIR_OK)
        gir__oxn_fail(c, gir_graph_status(c->g), "%s", gir_graph_message(c->g));
    for (j = 0; j < c->nd->n_attr; ++j)
        if (!((c->used >> j) & 1u))
            gir__oxn_fail(c, GIR_ERR_UNSUPPORTED, "attribute '%.*s' is not supported", (int)c->nd->attr[j].name.n,
                         c->nd->attr[j].name.p);
    for (j = 1; j < c->nd->n_out; ++j)
        if (c->nd->out[j].n && (j >= GIR__OX_MAX_OUT || !c->y[j].id))
            gir__oxn_fail(c, GIR_ERR_UNSUPPORTED, "output %d ('%.*s') is not supported", j, (int)c->nd->out[j].n,
                         c->nd->out[j].p);
}
static void gir__oxr_node(gir__oxrun *r, int k) {
    const gir__ox_node *nd = &r->m->node[k];
    const gir__oxline *line = NULL;
    gir__oxn c;
    gir_node y = {0, 0};
    int j;
    memset(&c, 0, sizeof c);
    c.g = r->g; c.nd = nd; c.k = k;
    if (nd->domain.n && !gir__ox_str_is(nd->domain, "ai.onnx") && !gir__ox_str_is(nd->domain, "ai.onnx.preview.training"))
        gir__oxn_fail(&c, GIR_ERR_UNSUPPORTED, "domain '%.*s' is not supported", (int)nd->domain.n, nd->domain.p);
    else if (r->m->opset < 1 && (!nd->domain.n || gir__ox_str_is(nd->domain, "ai.onnx")))
        gir__oxn_fail(&c, GIR_ERR_INVALID_ARG, "the model imports no opset of the ONNX domain (opset_import)");
    else if (!(line = gir__ox_line(nd->op_type, r->m->opset < 1 ? 1 : r->m->opset)))
        gir__oxn_fail(&c, GIR_ERR_UNSUPPORTED, "op type not supported at opset %l", (long long)r->m->opset);
    else if (nd->n_in > GIR__OX_MAX_IN || nd->n_attr > 32 || nd->n_out < 1)
        gir__oxn_fail(&c, GIR_ERR_UNSUPPORTED, "%d inputs, %d outputs, %d attributes", nd->n_in, nd->n_out,
                     nd->n_attr);
    if (line && c.st == GIR_OK && gir__ox_node_inputs(r, nd, &c)) {
        y = line->fn(&c);
        if (c.identity) y = c.x[0];
        gir__ox_node_check(&c);
        if (c.st == GIR_OK && !y.id && !c.y_t) gir__oxn_fail(&c, GIR_ERR_INVALID_ARG, "no output was built");
    }
    if (c.st != GIR_OK) {
        gir__ox_rfail(r, c.st, "node %d '%.*s' (%.*s): %s", k, (int)nd->name.n, nd->name.p, (int)nd->op_type.n,
                      nd->op_type.p, c.msg);
        return;
    }
    gir__oxr_put(r, nd->out[0], y, c.y_t);
    for (j = 1; j < nd->n_out && j < GIR__OX_MAX_OUT; ++j)
        if (nd->out[j].n) gir__oxr_put(r, nd->out[j], c.y[j], NULL);
}
static void gir__ox_outputs(gir__oxrun *r, int max_out, gir_node *outs, int *n_out) {
    int j;
    for (j = 0; j < r->m->n_output && r->st == GIR_OK; ++j) {
        const gir__ox_value *v = &r->m->output[j];
        gir__oxval *slot = gir__ox_slot(&r->map, v->name, 0);
        if (!slot || !slot->n.id) {
            gir__ox_rfail(r, GIR_ERR_INVALID_ARG, "output '%.*s' is not computed by any node", (int)v->name.n,
                          v->name.p);
            return;
        }
        gir__ox_name(r->g, slot->n, v->name);
        if (j < max_out) outs[j] = slot->n;
    }
    if (n_out && r->st == GIR_OK) *n_out = r->m->n_output;
}
static void gir__ox_build(gir__oxrun *r, int max_out, gir_node *outs, int *n_out) {
    int j;
    uint64_t want = 2;
    size_t bytes;
    for (j = 0; j < r->m->n_node; ++j) want += (uint64_t)r->m->node[j].n_out;
    want += (uint64_t)r->m->n_init + (uint64_t)r->m->n_input;
    for (r->map.cap = 16; r->map.cap < 2 * want && r->map.cap < (1u << 30); r->map.cap *= 2) {}
    bytes = (size_t)r->map.cap * (sizeof(gir__ox_str) + sizeof(gir__oxval));
    r->map.key = (gir__ox_str *)gir__alloc(&r->g->a, bytes);
    if (!r->map.key) {
        gir__ox_rfail(r, GIR_ERR_OUT_OF_MEMORY, "%z bytes for the names of the model's values", bytes);
        return;
    }
    memset(r->map.key, 0, bytes);
    r->map.val = (gir__oxval *)(void *)(r->map.key + r->map.cap);
    gir__ox_inits(r);
    gir__ox_inputs(r);
    for (j = 0; j < r->m->n_node && r->st == GIR_OK; ++j) gir__oxr_node(r, j);
    gir__ox_outputs(r, max_out, outs, n_out);
    gir__free(&r->g->a, r->map.key, bytes);
}
GIR_API gir_status gir_onnx_import(const void *data, size_t size, const gir_onnx_desc *desc, gir_graph **out,
                                   int max_out, gir_node *outs, int *n_out, char *msg, size_t msgcap) {
    static gir_onnx_desc zero_desc;
    gir__oxrun r;
    gir__ox_model m;
    gir_allocator a;
    memset(&r, 0, sizeof r);
    if (msg && msgcap) msg[0] = 0;
    if (n_out) *n_out = 0;
    if (out) *out = NULL;
    r.desc = desc ? desc : &zero_desc;
    a = gir__allocator_or_default(&r.desc->graph.allocator);
    if (!out || !data || max_out < 0 || (max_out > 0 && !outs) || (r.desc->n_dims > 0 &&
        (!r.desc->dim_names || !r.desc->dim_values)) || (r.desc->n_known > 0 && (!r.desc->known_names ||
        !r.desc->known_values || !r.desc->known_counts)))
        gir__ox_rfail(&r, GIR_ERR_INVALID_ARG, !out ? "out is NULL" : !data ? "the data is NULL"
                      : max_out < 0 || (max_out > 0 && !outs) ? "bad output array"
                      : "n_dims or n_known without their names, values or counts");
    else if ((r.st = gir__ox_decode(&m, data, size, &a, r.msg, sizeof r.msg)) == GIR_OK) {
        r.m = &m;
        if (!(r.g = gir_graph_new(&r.desc->graph)))
            gir__ox_rfail(&r, GIR_ERR_OUT_OF_MEMORY, "out of memory: a new graph");
        else gir__ox_build(&r, max_out, outs, n_out);
        gir__ox_free(&m, &a);
    }
    if (r.st != GIR_OK) {
        if (r.g) gir_graph_free(r.g);
        if (n_out) *n_out = 0;
        if (msg && msgcap) gir__format(msg, msgcap, "%s", r.msg);
        return r.st;
    }
    *out = r.g;
    return GIR_OK;
}
#ifndef GIR_NO_STDIO
GIR_API gir_status gir_onnx_import_file(const char *path, const gir_onnx_desc *desc, gir_graph **out, int max_out,
                                        gir_node *outs, int *n_out, char *msg, size_t msgcap) {
    gir_allocator a = gir__allocator_or_default(desc ? &desc->graph.allocator : NULL);
    size_t size = 0;
    void *data = NULL;
    gir_status st;
    FILE *f = path ? fopen(path, "rb") : NULL;
    if (out) *out = NULL;
    if (f && fseek(f, 0, SEEK_END) == 0) {
        long n = ftell(f);
        if (n >= 0 && fseek(f, 0, SEEK_SET) == 0) size = (size_t)n;
        data = gir__alloc(&a, size ? size : 1);
        if (data && size && fread(data, 1, size, f) != size) { gir__free(&a, data, size); data = NULL; }
    }
    if (f) fclose(f);
    if (!data) {
        if (msg && msgcap) gir__format(msg, msgcap, "cannot read '%s'", path ? path : "(null)");
        return f ? GIR_ERR_OUT_OF_MEMORY : GIR_ERR_INVALID_ARG;
    }
    st = gir_onnx_import(data, size, desc, out, max_out, outs, n_out, msg, msgcap);
    gir__free(&a, data, size ? size : 1);
    return st;
}
#endif
#endif /* GIR_NO_ONNX */
