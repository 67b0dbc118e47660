/* onnx_import.c - what every ONNX node's build shares: the node context gir__oxn (inputs, the file's tensors
   behind them, extra outputs, the first error), the attribute readers gir__oxa_* (an attribute read is an attribute
   used: one no line reads makes the node unsupported), values that must be known at import (constants, or
   subgraphs of constants evaluated with a plan of their own), and the helpers of the simplest lines (Gemm, Reshape,
   Flatten, Shape, Constant). The ops' conventions follow in onnx_ops_tensor.c, onnx_ops_nn.c and
   onnx_ops_signal.c; onnx_build.c holds the GIR_ONNX lines and builds the graph. */
#ifndef GIR_NO_ONNX
#define GIR__OX_MAX_IN 16
#define GIR__OX_MAX_OUT 16
#define GIR__OX_SUB_MAX 32              /* a subgraph's inputs, outputs, and outer values it reads */
typedef struct gir__oxsub {             /* a subgraph attribute (If, Loop, Scan bodies) built in a graph of its own */
    const char *attr;                   /* in: the GRAPH attribute's name */
    int n_in;                           /* in: the body's inputs, as many as it declares, each bound to */
    gir_dtype dt[GIR__OX_SUB_MAX];      /*     a parameter of this dtype and shape */
    gir_shape shape[GIR__OX_SUB_MAX];
    unsigned konst;                     /*     (bit k: input k is the b8 constant true instead: Loop's cond) */
    gir_graph *body;                    /* out: the body (the caller frees it once a call holds it) */
    gir_node in[GIR__OX_SUB_MAX];       /* out: the inputs' nodes in body */
    int n_out;                          /* out: the body's outputs */
    gir_node out[GIR__OX_SUB_MAX];
    int n_cap;                          /* out: values of the enclosing graphs the body reads that are not constants */
    gir_node cap_outer[GIR__OX_SUB_MAX];/*      in the graph of the node, and the body's parameters for them */
    gir_node cap_in[GIR__OX_SUB_MAX];
} gir__oxsub;
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
    void *run;                          /* the import (gir__oxrun of onnx_build.c) */
    int (*sub)(struct gir__oxn *c, gir__oxsub *s);   /* builds a subgraph (onnx_build.c); 0 after an error */
    int64_t opset;
} gir__oxn;
typedef gir_node (*gir__oxl_fn)(gir__oxn *c);
typedef struct gir__oxline { const char *type; int since; gir__oxl_fn fn; } gir__oxline;

/* the first error of an import or export step, with its message (later ones dropped) */
static void gir__first_error(gir_status *st, char *msg, size_t cap, gir_status s, const char *fmt, va_list ap) {
    gir__buf b;
    if (*st != GIR_OK) return;
    *st = s;
    b.p = msg; b.n = cap; b.len = 0; msg[0] = 0;
    gir__vformat(&b, fmt, ap);
}
static void gir__oxn_fail(gir__oxn *c, gir_status s, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    gir__first_error(&c->st, c->msg, sizeof c->msg, s, fmt, ap);
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
    if (!a) {
        while (*dflt && *dflt == *want) { ++dflt; ++want; }
        return *dflt == *want;
    }
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
        if (gir_node_op(g, u) == GIR_OP_INPUT) return u;          /* public API use, as a caller's code */
        for (k = 0; k < m && n < 256; ++k) stack[n++] = gir_node_input(g, u, k);
    }
    return none;
}
/* element j of values of dtype dt as a double (a switch: gcc -Os for Cortex-M55 makes the conditional conversions of
   a chain of ?: into an IT block its assembler rejects) */
static double gir__ox_value_at(const void *data, gir_dtype dt, int64_t j) {
    switch (dt) {
    case GIR_DTYPE_F32: return ((const float *)data)[j];
    case GIR_DTYPE_F64: return ((const double *)data)[j];
    case GIR_DTYPE_I32: return (double)((const int32_t *)data)[j];
    default: return (double)((const uint8_t *)data)[j];
    }
}
/* the values of v, a node computed from constants alone, into out (as many as it has); -1 when it is not one or
   its plan fails (the plan's message is then g's) */
static int gir__ox_eval(gir_graph *g, gir_node v, double *out) {
    gir_plan *p = NULL;
    const void *data;
    gir_node_type t = gir_node_type_of(g, v);
    int64_t j, n = gir_node_numel(g, v);
    if (t != GIR_NODE_CONSTANT && t != GIR_NODE_CONSTANT_DERIVED) return -1;
    if (gir_node_op(g, v) == GIR_OP_CONSTANT) data = gir_node_data(g, v);            /* public API use */
    else if (gir_plan_compile(g, 1, &v, NULL, &p) != GIR_OK || gir_plan_run(p) != GIR_OK) data = NULL;
    else data = gir_plan_data(p, v);
    for (j = 0; data && j < n; ++j) out[j] = gir__ox_value_at(data, gir_node_dtype(g, v), j);
    if (p) gir_plan_free(p);
    return data ? (int)n : -1;
}
/* the values of input k when they are known at import, as doubles: a tensor of the file, a constant, or a node
   computed from constants only (Shape then Gather then Concat...), which a plan of its own computes; count or -1 */
static int gir__ox_const_vals(gir__oxn *c, int k, double *out, int max, const char *what) {
    gir_node v = k < c->n_x ? c->x[k] : c->none;
    int64_t n;
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
    if (gir__ox_eval(c->g, v, out) < 0)
        gir__oxn_fail(c, GIR_ERR_UNSUPPORTED, "%s could not be computed at import: %s", what,
                      gir_graph_message(c->g));
    return c->st == GIR_OK ? (int)n : -1;
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
    /* the values must be in the file before their count is weighed against this host's size_t: a false claim is
       the same error on a 32-bit device as on a 64-bit host */
    if (n >= 0 && (*st = gir__ox_tensor_check(t, msg, cap)) != GIR_OK) return r;
    if (n < 0 || (uint64_t)n > (uint64_t)((size_t)-1) / 8) {
        *st = GIR_ERR_LIMIT;
        gir__format(msg, cap, "a tensor of more than 2^31 elements along an axis, or too many in all");
        return r;
    }
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
/* move axis to the end (perm) and back (inverse) */
static void gir__ox_axis_last(int rank, int axis, gir_ints *perm, gir_ints *inv) {
    int j, k = 0;
    perm->n = inv->n = rank;
    for (j = 0; j < rank; ++j) if (j != axis) perm->v[k++] = j;
    perm->v[rank - 1] = axis;
    for (j = 0; j < rank; ++j) inv->v[perm->v[j]] = j;
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
#endif /* GIR_NO_ONNX */
