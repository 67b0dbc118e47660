/* onnx_import.c - gir_onnx_import: an ONNX model (decoded by onnx_read.c) built as a new graph. Each node is
   built by the GIR_ONNX line of ops.def for its op type and the model's opset (gen/10-generator/onnx_lower.py
   makes the functions gir__oxl_<type>_<since> and the table gir__ox_lines); the helpers gir__oxa_* (plain
   values: attributes, axes) and gir__oxh_* (nodes: conventions that are not one op) below are what the lines
   call. Shape inputs (Reshape's shape, axes from opset 13) must be known at import: constants, or computed from
   constants, which the importer evaluates with a plan of their own. Nothing is half-built: on any error the
   graph is freed and the caller gets the status and a message naming the ONNX node. */
#ifndef GIR_NO_ONNX
#define GIR__OX_MAX_IN 16
typedef struct gir__oxc {               /* the ONNX node being built */
    gir_graph *g;
    const gir__ox_node *nd;
    int k;                              /* its index in the graph's node list */
    int n_x;
    gir_node x[GIR__OX_MAX_IN];         /* its inputs; {0} for an omitted optional one */
    uint32_t used;                      /* the attributes read, a bit each */
    gir_node none;                      /* {0}: what a line returns after an error */
    gir_status st;                      /* the first error of the node */
    char msg[256];
} gir__oxc;
typedef gir_node (*gir__oxl_fn)(gir__oxc *c);
typedef struct gir__oxline { const char *type; int since; gir__oxl_fn fn; } gir__oxline;

static void gir__ox_fail(gir__oxc *c, gir_status s, const char *fmt, ...) {
    gir__buf b;
    va_list ap;
    if (c->st != GIR_OK) return;
    c->st = s;
    b.p = c->msg; b.n = sizeof c->msg; b.len = 0; c->msg[0] = 0;
    va_start(ap, fmt);
    gir__vformat(&b, fmt, ap);
    va_end(ap);
}
static const gir__ox_attr *gir__ox_attr_find(gir__oxc *c, const char *name) {
    int j;
    for (j = 0; j < c->nd->n_attr; ++j)
        if (gir__ox_str_is(c->nd->attr[j].name, name)) {
            c->used |= 1u << (j & 31);
            return &c->nd->attr[j];
        }
    return NULL;
}
static double gir__oxa_f(gir__oxc *c, const char *name, double dflt) {
    const gir__ox_attr *a = gir__ox_attr_find(c, name);
    if (!a) return dflt;
    if (a->type != 1) gir__ox_fail(c, GIR_ERR_ATTR, "attribute '%s' is not a float", name);
    return a->f;
}
static int gir__oxa_i(gir__oxc *c, const char *name, int dflt) {
    const gir__ox_attr *a = gir__ox_attr_find(c, name);
    if (!a) return dflt;
    if (a->type != 2 || a->i < INT32_MIN || a->i > INT32_MAX) {
        gir__ox_fail(c, GIR_ERR_ATTR, "attribute '%s' is not an int of 32 bits", name);
        return dflt;
    }
    return (int)a->i;
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
static gir_dtype gir__oxa_dtype(gir__oxc *c, const char *name) {
    int dt = gir__ox_dtype((int32_t)gir__oxa_i(c, name, 0));
    if (dt < 0) {
        gir__ox_fail(c, GIR_ERR_UNSUPPORTED, "attribute '%s': ONNX dtype %d has no gir dtype", name,
                     gir__oxa_i(c, name, 0));
        return GIR_DTYPE_F32;
    }
    return (gir_dtype)dt;
}
static gir_ints gir__ox_ints_of(gir__oxc *c, const int64_t *v, int n, const char *what) {
    gir_ints r = gir_ints0();
    int j;
    if (n < 0 || n > GIR_MAX_RANK) {
        gir__ox_fail(c, GIR_ERR_UNSUPPORTED, "%s: %d values, gir.h takes at most %d", what, n, GIR_MAX_RANK);
        return r;
    }
    for (j = 0; j < n; ++j) {
        if (v[j] < -GIR_MAX_RANK * 4 || v[j] > INT32_MAX) {
            gir__ox_fail(c, GIR_ERR_UNSUPPORTED, "%s: value %l out of range", what, (long long)v[j]);
            return r;
        }
        r.v[j] = (int32_t)v[j];
    }
    r.n = n;
    return r;
}
static gir_ints gir__oxa_ints(gir__oxc *c, const char *name) {
    int64_t v[GIR_MAX_RANK];
    const gir__ox_attr *a = gir__ox_attr_find(c, name);
    int n;
    if (!a) return gir_ints0();
    n = a->type == 7 ? gir__ox_attr_ints(a, v, GIR_MAX_RANK) : -1;
    if (n < 0) gir__ox_fail(c, GIR_ERR_UNSUPPORTED, "attribute '%s': not ints, or more than %d", name, GIR_MAX_RANK);
    return gir__ox_ints_of(c, v, n < 0 ? 0 : n, name);
}
/* the values of a small integer tensor known at import: a constant's data, or, for a node computed from constants
   only (Shape then Gather then Concat...), the result of a plan that computes it; count or -1 */
static int gir__ox_const_ints(gir__oxc *c, gir_node v, int64_t *out, int max, const char *what) {
    gir_plan *p = NULL;
    const void *data;
    int64_t n = gir_node_numel(c->g, v), j;
    gir_dtype dt = gir_node_dtype(c->g, v);
    gir_node_type t = gir_node_type_of(c->g, v);
    if (t != GIR_NODE_CONSTANT && t != GIR_NODE_CONSTANT_DERIVED) {
        gir__ox_fail(c, GIR_ERR_UNSUPPORTED, "%s must be known when the model is imported (a constant, or computed "
                     "from constants), this one depends on a graph input", what);
        return -1;
    }
    if (n > max || dt == GIR_DTYPE_F32 || dt == GIR_DTYPE_F64) {
        gir__ox_fail(c, GIR_ERR_UNSUPPORTED, "%s: %l %s values, gir.h takes at most %d integers", what,
                     (long long)n, gir_dtype_name(dt), max);
        return -1;
    }
    if (gir_node_op(c->g, v) == GIR_OP_CONSTANT) data = gir_node_data(c->g, v);
    else if (gir_plan_compile(c->g, 1, &v, NULL, &p) != GIR_OK || gir_plan_run(p) != GIR_OK) data = NULL;
    else data = gir_plan_data(p, v);
    for (j = 0; data && j < n; ++j)
        out[j] = dt == GIR_DTYPE_I32 ? ((const int32_t *)data)[j] : ((const uint8_t *)data)[j];
    if (p) gir_plan_free(p);
    if (!data) gir__ox_fail(c, GIR_ERR_UNSUPPORTED, "%s could not be computed at import: %s", what,
                            gir_graph_message(c->g));
    return data ? (int)n : -1;
}
/* the axes of a reduction: the 'axes' attribute, or (opset 13 on) the constant input k; none: every axis */
static gir_ints gir__oxa_axes(gir__oxc *c, int k) {
    int64_t v[GIR_MAX_RANK];
    int n;
    if (gir__ox_attr_find(c, "axes")) return gir__oxa_ints(c, "axes");
    if (k >= c->n_x || !c->x[k].id) {
        if (gir__oxa_i(c, "noop_with_empty_axes", 0))
            gir__ox_fail(c, GIR_ERR_UNSUPPORTED, "noop_with_empty_axes = 1 without axes");
        return gir_ints0();
    }
    gir__oxa_i(c, "noop_with_empty_axes", 0);
    n = gir__ox_const_ints(c, c->x[k], v, GIR_MAX_RANK, "the axes input");
    return gir__ox_ints_of(c, v, n < 0 ? 0 : n, "axes");
}
/* Transpose's 'perm', or the reversed axes */
static gir_ints gir__oxa_perm(gir__oxc *c, gir_node x) {
    gir_ints r;
    int j, rank = gir_node_shape(c->g, x).rank;
    if (gir__ox_attr_find(c, "perm")) return gir__oxa_ints(c, "perm");
    r.n = rank;
    for (j = 0; j < rank; ++j) r.v[j] = rank - 1 - j;
    return r;
}
/* a number of an expression: a scalar of the dtype of the node's first input */
static gir_node gir__oxh_num(gir__oxc *c, double v) {
    return gir_scalar(c->g, c->n_x ? gir_node_dtype(c->g, c->x[0]) : GIR_DTYPE_F32, v);
}
static int gir__ox_need(gir__oxc *c, unsigned mask) {
    int j;
    for (j = 0; j < GIR__OX_MAX_IN; ++j)
        if ((mask >> j) & 1u && (j >= c->n_x || !c->x[j].id)) {
            gir__ox_fail(c, GIR_ERR_INVALID_ARG, "input %d is missing", j);
            return 0;
        }
    return 1;
}
/* Gemm: alpha * A' B' + beta * C, A' = A or its transpose (transA), B' likewise, C optional */
static gir_node gir__oxh_gemm(gir__oxc *c, gir_node a, gir_node b) {
    double alpha = gir__oxa_f(c, "alpha", 1), beta = gir__oxa_f(c, "beta", 1);
    gir_node y;
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
static gir_node gir__oxh_reshape_to(gir__oxc *c, gir_node x, gir_node shape) {
    int64_t v[GIR_MAX_RANK];
    gir_shape in = gir_node_shape(c->g, x), s;
    int allowzero = gir__oxa_i(c, "allowzero", 0), n, j;
    n = gir__ox_const_ints(c, shape, v, GIR_MAX_RANK, "the shape input");
    if (n < 0) return c->none;
    s.rank = n;
    for (j = 0; j < n; ++j) {
        if (v[j] < -1 || v[j] > INT32_MAX) {
            gir__ox_fail(c, GIR_ERR_SHAPE, "shape value %l", (long long)v[j]);
            return c->none;
        }
        s.dim[j] = v[j] == 0 && !allowzero && j < in.rank ? in.dim[j] : (int32_t)v[j];
    }
    return gir_reshape(c->g, x, s);
}
/* Flatten: a matrix of the axes before 'axis' by the axes from it */
static gir_node gir__oxh_flatten2(gir__oxc *c, gir_node x) {
    gir_shape in = gir_node_shape(c->g, x);
    int axis = gir__oxa_i(c, "axis", 1), j;
    int64_t rows = 1, cols = 1;
    if (axis < 0) axis += in.rank;
    if (axis < 0 || axis > in.rank) {
        gir__ox_fail(c, GIR_ERR_ATTR, "axis %d of a rank-%d input", axis, in.rank);
        return c->none;
    }
    for (j = 0; j < in.rank; ++j) *(j < axis ? &rows : &cols) *= in.dim[j];
    if (rows > INT32_MAX || cols > INT32_MAX) {
        gir__ox_fail(c, GIR_ERR_LIMIT, "a dimension over 2^31");
        return c->none;
    }
    return gir_reshape(c->g, x, gir_shape2((int32_t)rows, (int32_t)cols));
}
/* Shape: the input's dimensions (start and end from opset 15) as a constant: shapes are known at import */
static gir_node gir__oxh_shape_of(gir__oxc *c, gir_node x) {
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
    bytes = (size_t)n * gir_dtype_size((gir_dtype)dt);
    buf = bytes ? gir__alloc(&g->a, bytes) : (void *)empty;
    if (!buf) {
        *st = GIR_ERR_OUT_OF_MEMORY;
        gir__format(msg, cap, "%z bytes for the tensor's values", bytes);
        return r;
    }
    *st = gir__ox_tensor_read(t, (gir_dtype)dt, buf, n, msg, cap);
    if (*st == GIR_OK) r = variable && (dt == GIR_DTYPE_F32 || dt == GIR_DTYPE_F64)
                           ? gir_variable(g, (gir_dtype)dt, s, buf) : gir_constant(g, (gir_dtype)dt, s, buf);
    if (bytes) gir__free(&g->a, buf, bytes);
    return r;
}
/* Constant: its value (a tensor) or, from opset 12, value_float / value_int / value_floats / value_ints */
static gir_node gir__oxh_constant_attr(gir__oxc *c) {
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
        gir__ox_fail(c, GIR_ERR_UNSUPPORTED, "a Constant without a 'value' tensor (sparse, strings and lists are not "
                     "supported)");
        return r;
    }
    r = gir__ox_tensor_node(c->g, &a->t, 0, m, sizeof m, &st);
    if (st != GIR_OK) gir__ox_fail(c, st, "value: %s", m);
    return r;
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
typedef struct gir__oxmap { uint32_t cap; gir__ox_str *key; gir_node *val; } gir__oxmap;
static uint32_t gir__ox_hash(gir__ox_str s) {
    uint32_t h = 2166136261u, j;
    for (j = 0; j < s.n; ++j) h = (h ^ (unsigned char)s.p[j]) * 16777619u;
    return h;
}
static gir_node *gir__ox_slot(gir__oxmap *m, gir__ox_str s, int add) {
    uint32_t h = gir__ox_hash(s) & (m->cap - 1);
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
static void gir__ox_put(gir__oxrun *r, gir__ox_str name, gir_node n) {
    gir_node *slot = gir__ox_slot(&r->map, name, 1);
    *slot = n;
}
static void gir__ox_inits(gir__oxrun *r) {
    int j;
    for (j = 0; j < r->m->n_init && r->st == GIR_OK; ++j) {
        const gir__ox_tensor *t = &r->m->init[j];
        char m[200];
        gir_status st;
        gir_node n = gir__ox_tensor_node(r->g, t, r->desc->variables, m, sizeof m, &st);
        if (st != GIR_OK) gir__ox_rfail(r, st, "initializer '%.*s': %s", (int)t->name.n, t->name.p, m);
        gir__ox_name(r->g, n, t->name);
        gir__ox_put(r, t->name, n);
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
        n = gir_input(r->g, (gir_dtype)dt, s);
        gir__ox_name(r->g, n, v->name);
        gir__ox_put(r, v->name, n);
    }
}
static int gir__ox_node_inputs(gir__oxrun *r, const gir__ox_node *nd, gir__oxc *c) {
    int j;
    for (j = 0; j < nd->n_in; ++j) {
        gir_node *slot = nd->in[j].n ? gir__ox_slot(&r->map, nd->in[j], 0) : NULL;
        if (nd->in[j].n && !slot) {
            gir__ox_fail(c, GIR_ERR_INVALID_ARG, "input '%.*s' is not defined before the node (the nodes of an "
                         "ONNX graph are in topological order)", (int)nd->in[j].n, nd->in[j].p);
            return 0;
        }
        c->x[j] = slot ? *slot : c->none;
    }
    c->n_x = nd->n_in;
    return 1;
}
/* after a line: every attribute read, no output past the first asked for, no graph error */
static void gir__ox_node_check(gir__oxc *c) {
    int j;
    if (c->st == GIR_OK && gir_graph_status(c->g) != GIR_OK)
        gir__ox_fail(c, gir_graph_status(c->g), "%s", gir_graph_message(c->g));
    for (j = 0; j < c->nd->n_attr; ++j)
        if (!((c->used >> j) & 1u))
            gir__ox_fail(c, GIR_ERR_UNSUPPORTED, "attribute '%.*s' is not supported", (int)c->nd->attr[j].name.n,
                         c->nd->attr[j].name.p);
    for (j = 1; j < c->nd->n_out; ++j)
        if (c->nd->out[j].n)
            gir__ox_fail(c, GIR_ERR_UNSUPPORTED, "output %d ('%.*s') is not supported", j, (int)c->nd->out[j].n,
                         c->nd->out[j].p);
}
static void gir__ox_node(gir__oxrun *r, int k) {
    const gir__ox_node *nd = &r->m->node[k];
    const gir__oxline *line = NULL;
    gir__oxc c;
    gir_node y = {0, 0};
    memset(&c, 0, sizeof c);
    c.g = r->g; c.nd = nd; c.k = k;
    if (nd->domain.n && !gir__ox_str_is(nd->domain, "ai.onnx"))
        gir__ox_fail(&c, GIR_ERR_UNSUPPORTED, "domain '%.*s' is not supported", (int)nd->domain.n, nd->domain.p);
    else if (!(line = gir__ox_line(nd->op_type, r->m->opset)))
        gir__ox_fail(&c, GIR_ERR_UNSUPPORTED, "op type not supported at opset %l", (long long)r->m->opset);
    else if (nd->n_in > GIR__OX_MAX_IN || nd->n_attr > 32 || nd->n_out < 1)
        gir__ox_fail(&c, GIR_ERR_UNSUPPORTED, "%d inputs, %d outputs, %d attributes", nd->n_in, nd->n_out,
                     nd->n_attr);
    if (line && c.st == GIR_OK && gir__ox_node_inputs(r, nd, &c)) {
        y = line->fn(&c);
        gir__ox_node_check(&c);
    }
    if (c.st != GIR_OK) {
        gir__ox_rfail(r, c.st, "node %d '%.*s' (%.*s): %s", k, (int)nd->name.n, nd->name.p, (int)nd->op_type.n,
                      nd->op_type.p, c.msg);
        return;
    }
    gir__ox_put(r, nd->out[0], y);
}
static void gir__ox_outputs(gir__oxrun *r, int max_out, gir_node *outs, int *n_out) {
    int j;
    for (j = 0; j < r->m->n_output && r->st == GIR_OK; ++j) {
        const gir__ox_value *v = &r->m->output[j];
        gir_node *slot = gir__ox_slot(&r->map, v->name, 0);
        if (!slot) {
            gir__ox_rfail(r, GIR_ERR_INVALID_ARG, "output '%.*s' is not computed by any node", (int)v->name.n,
                          v->name.p);
            return;
        }
        gir__ox_name(r->g, *slot, v->name);
        if (j < max_out) outs[j] = *slot;
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
    bytes = (size_t)r->map.cap * (sizeof(gir__ox_str) + sizeof(gir_node));
    r->map.key = (gir__ox_str *)gir__alloc(&r->g->a, bytes);
    if (!r->map.key) {
        gir__ox_rfail(r, GIR_ERR_OUT_OF_MEMORY, "%z bytes for the names of the model's values", bytes);
        return;
    }
    memset(r->map.key, 0, bytes);
    r->map.val = (gir_node *)(void *)(r->map.key + r->map.cap);
    gir__ox_inits(r);
    gir__ox_inputs(r);
    for (j = 0; j < r->m->n_node && r->st == GIR_OK; ++j) gir__ox_node(r, j);
    gir__ox_outputs(r, max_out, outs, n_out);
    gir__free(&r->g->a, r->map.key, bytes);
}
GIR_API gir_status gir_onnx_import(const void *data, size_t size, const gir_onnx_desc *desc, gir_graph **out,
                                   int max_out, gir_node *outs, int *n_out, char *msg, size_t msgcap) {
    static const gir_onnx_desc zero_desc = {{0}};
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
        (!r.desc->dim_names || !r.desc->dim_values)))
        gir__ox_rfail(&r, GIR_ERR_INVALID_ARG, !out ? "out is NULL" : !data ? "the data is NULL"
                      : max_out < 0 || (max_out > 0 && !outs) ? "bad output array" : "n_dims without names or values");
    else if ((r.st = gir__ox_decode(&m, data, size, &a, r.msg, sizeof r.msg)) == GIR_OK) {
        r.m = &m;
        if (m.opset < 1) gir__ox_rfail(&r, GIR_ERR_UNSUPPORTED, "the model imports no opset of the ONNX domain");
        else if (!(r.g = gir_graph_new(&r.desc->graph))) gir__ox_rfail(&r, GIR_ERR_OUT_OF_MEMORY, "a new graph");
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
