/* >>graph: nodes, the generic builder, dtype and shape rules -------------------------------------------- */
#include <stdarg.h>

/* generated from ops.def: the op table at run time */
@@OP_INFO@@

static const uint8_t gir__dtype_sizes[GIR_DTYPE__COUNT] = {0, 1, 1, 4, 4, 8};
static const char *const gir__dtype_names[GIR_DTYPE__COUNT] = {"invalid", "b8", "u8", "i32", "f32", "f64"};

GIR_API size_t gir_dtype_size(gir_dtype dt) {
    return (unsigned)dt < (unsigned)GIR_DTYPE__COUNT ? gir__dtype_sizes[dt] : 0;
}
GIR_API const char *gir_dtype_name(gir_dtype dt) {
    return (unsigned)dt < (unsigned)GIR_DTYPE__COUNT ? gir__dtype_names[dt] : "invalid";
}
static int gir__is_float(int dt) { return dt == GIR_DTYPE_F32 || dt == GIR_DTYPE_F64; }
static int gir__is_int(int dt) { return dt == GIR_DTYPE_U8 || dt == GIR_DTYPE_I32; }
static int gir__is_num(int dt) { return dt >= GIR_DTYPE_U8 && dt <= GIR_DTYPE_F64; }

/* messages: %s string, %d int, %u unsigned, %l long long, %S const gir_shape*, %T dtype (int), %g double */
static void gir__vformat(gir__buf *b, const char *fmt, va_list ap) {
    for (; *fmt; ++fmt) {
        if (*fmt != '%' || !fmt[1]) {
            char c[2];
            c[0] = *fmt; c[1] = 0;
            gir__puts(b, c);
            continue;
        }
        switch (*++fmt) {
        case 's': gir__puts(b, va_arg(ap, const char *)); break;
        case 'd': gir__putl(b, va_arg(ap, int)); break;
        case 'u': gir__putl(b, (long long)va_arg(ap, unsigned)); break;
        case 'l': gir__putl(b, va_arg(ap, long long)); break;
        case 'S': gir__putshape(b, va_arg(ap, const gir_shape *)); break;
        case 'T': gir__puts(b, gir_dtype_name((gir_dtype)va_arg(ap, int))); break;
        case 'g': {
            double v = va_arg(ap, double);
            long long ip;
            if (v != v) { gir__puts(b, "nan"); break; }
            if (v < 0) { gir__puts(b, "-"); v = -v; }
            if (v > 1e18) { gir__puts(b, "inf"); break; }
            ip = (long long)v;
            gir__putl(b, ip);
            v -= (double)ip;
            if (v > 0) {
                int k;
                gir__puts(b, ".");
                for (k = 0; k < 6 && v > 1e-9; ++k) {
                    v *= 10;
                    gir__putl(b, (long long)v);
                    v -= (double)(long long)v;
                }
            }
            break;
        }
        default: { char c[2]; c[0] = *fmt; c[1] = 0; gir__puts(b, c); }
        }
    }
}
static void gir__format(char *dst, size_t n, const char *fmt, ...) {
    gir__buf b;
    va_list ap;
    b.p = dst; b.n = n; b.len = 0; dst[0] = 0;
    va_start(ap, fmt);
    gir__vformat(&b, fmt, ap);
    va_end(ap);
}

/* record the first error of a graph; later errors are dropped so the first cause is kept */
static void gir__gfail(gir_graph *g, gir_status s, const char *fmt, ...) {
    gir__buf b;
    va_list ap;
    if (!g || g->status != GIR_OK) return;
    g->status = s;
    b.p = g->msg; b.n = sizeof g->msg; b.len = 0; g->msg[0] = 0;
#ifdef GIR_NO_ERROR_STRINGS
    (void)fmt; (void)ap;
    gir__puts(&b, gir_status_name(s));
#else
    va_start(ap, fmt);
    gir__vformat(&b, fmt, ap);
    va_end(ap);
#endif
}

/* shapes ------------------------------------------------------------------------------------------------- */
GIR_API gir_shape gir_shapev(int rank, const int32_t *dims) {
    gir_shape s;
    int k;
    GIR_MEMSET(&s, 0, sizeof s);
    if (rank < 0 || rank > GIR_MAX_RANK) { s.rank = -1; return s; }   /* rejected by every builder */
    s.rank = rank;
    for (k = 0; k < rank; ++k) s.dim[k] = dims[k];
    return s;
}
GIR_API gir_shape gir_shape0(void) { return gir_shapev(0, NULL); }
GIR_API gir_shape gir_shape1(int32_t d0) { return gir_shapev(1, &d0); }
GIR_API gir_shape gir_shape2(int32_t d0, int32_t d1) { int32_t d[2]; d[0] = d0; d[1] = d1; return gir_shapev(2, d); }
GIR_API gir_shape gir_shape3(int32_t d0, int32_t d1, int32_t d2) {
    int32_t d[3]; d[0] = d0; d[1] = d1; d[2] = d2; return gir_shapev(3, d);
}
GIR_API gir_shape gir_shape4(int32_t d0, int32_t d1, int32_t d2, int32_t d3) {
    int32_t d[4]; d[0] = d0; d[1] = d1; d[2] = d2; d[3] = d3; return gir_shapev(4, d);
}
GIR_API gir_ints gir_intsv(int n, const int32_t *v) {
    gir_ints r;
    int k;
    GIR_MEMSET(&r, 0, sizeof r);
    if (n < 0 || n > GIR_MAX_RANK) { r.n = -1; return r; }
    r.n = n;
    for (k = 0; k < n; ++k) r.v[k] = v[k];
    return r;
}
GIR_API gir_ints gir_ints0(void) { return gir_intsv(0, NULL); }
GIR_API gir_ints gir_ints1(int32_t v0) { return gir_intsv(1, &v0); }
GIR_API gir_ints gir_ints2(int32_t v0, int32_t v1) { int32_t v[2]; v[0] = v0; v[1] = v1; return gir_intsv(2, v); }
GIR_API gir_ints gir_ints3(int32_t v0, int32_t v1, int32_t v2) {
    int32_t v[3]; v[0] = v0; v[1] = v1; v[2] = v2; return gir_intsv(3, v);
}
GIR_API gir_ints gir_ints4(int32_t v0, int32_t v1, int32_t v2, int32_t v3) {
    int32_t v[4]; v[0] = v0; v[1] = v1; v[2] = v2; v[3] = v3; return gir_intsv(4, v);
}
static int64_t gir__numel(const gir_shape *s) {
    int64_t n = 1;
    int k;
    for (k = 0; k < s->rank; ++k) n *= s->dim[k];
    return n;
}
static int gir__shape_eq(const gir_shape *a, const gir_shape *b) {
    int k;
    if (a->rank != b->rank) return 0;
    for (k = 0; k < a->rank; ++k)
        if (a->dim[k] != b->dim[k]) return 0;
    return 1;
}
/* the largest tensor gir.h accepts: 2^40 elements, so byte counts never overflow */
#define GIR__MAX_NUMEL ((int64_t)1 << 40)
static int gir__shape_ok(const gir_shape *s) {
    int64_t n = 1;
    int k;
    if (s->rank < 0 || s->rank > GIR_MAX_RANK) return 0;
    for (k = 0; k < s->rank; ++k) {
        if (s->dim[k] < 0) return 0;
        n *= s->dim[k] ? s->dim[k] : 1;
        if (n > GIR__MAX_NUMEL) return 0;
    }
    return 1;
}

/* graph --------------------------------------------------------------------------------------------------- */
GIR_API void gir_attr_zero(gir_attr *a) { GIR_MEMSET(a, 0, sizeof *a); }

GIR_API gir_graph *gir_graph_new(const gir_graph_desc *desc) {
    gir_allocator a = gir__allocator_or_default(desc ? &desc->allocator : NULL);
    gir_graph *g = (gir_graph *)gir__alloc(&a, sizeof *g);
    if (!g) return NULL;
    GIR_MEMSET(g, 0, sizeof *g);
    g->a = a;
    if (gir__grow(&g->a, (void **)&g->nodes, &g->cap, 64, sizeof(gir__node))) {
        gir__free(&a, g, sizeof *g);
        return NULL;
    }
    GIR_MEMSET(&g->nodes[0], 0, sizeof(gir__node));
    g->nnodes = 1;
    return g;
}
GIR_API void gir_graph_free(gir_graph *g) {
    size_t k;
    gir_allocator a;
    if (!g) return;
    a = g->a;
    for (k = 1; k < g->nnodes; ++k)
        gir__free(&a, (void *)g->nodes[k].attr.data, g->nodes[k].data_bytes);
    gir__free(&a, g->nodes, g->cap * sizeof(gir__node));
    gir__free(&a, g->ins, g->inscap * sizeof(uint32_t));
    gir__free(&a, g, sizeof *g);
}
GIR_API gir_status gir_graph_status(const gir_graph *g) { return g ? g->status : GIR_ERR_INVALID_ARG; }
GIR_API const char *gir_graph_message(const gir_graph *g) { return g ? g->msg : "no graph (NULL)"; }
GIR_API void gir_graph_clear_error(gir_graph *g) { if (g) { g->status = GIR_OK; g->msg[0] = 0; } }
GIR_API uint32_t gir_graph_node_count(const gir_graph *g) { return g ? (uint32_t)g->nnodes - 1 : 0; }
GIR_API int gir_graph_input_count(const gir_graph *g) {
    size_t k;
    int n = 0;
    for (k = 1; g && k < g->nnodes; ++k) n += g->nodes[k].op == GIR_OP_INPUT;
    return n;
}
GIR_API gir_node gir_graph_input(const gir_graph *g, int index) {
    gir_node r = {0};
    size_t k;
    for (k = 1; g && index >= 0 && k < g->nnodes; ++k)
        if (g->nodes[k].op == GIR_OP_INPUT && index-- == 0) { r.id = (uint32_t)k; break; }
    return r;
}

static const gir__node *gir__get(const gir_graph *g, gir_node n) {
    return (g && n.id > 0 && n.id < g->nnodes) ? &g->nodes[n.id] : NULL;
}
GIR_API gir_op gir_node_op(const gir_graph *g, gir_node n) {
    const gir__node *d = gir__get(g, n); return d ? (gir_op)d->op : GIR_OP__INVALID;
}
GIR_API gir_dtype gir_node_dtype(const gir_graph *g, gir_node n) {
    const gir__node *d = gir__get(g, n); return d ? (gir_dtype)d->dtype : GIR_DTYPE__INVALID;
}
GIR_API gir_shape gir_node_shape(const gir_graph *g, gir_node n) {
    const gir__node *d = gir__get(g, n);
    gir_shape s;
    if (d) return d->shape;
    GIR_MEMSET(&s, 0, sizeof s);
    return s;
}
GIR_API gir_node_type gir_node_type_of(const gir_graph *g, gir_node n) {
    const gir__node *d = gir__get(g, n); return d ? (gir_node_type)d->ntype : GIR_NODE_CONSTANT;
}
GIR_API int gir_node_grad_level(const gir_graph *g, gir_node n) {
    const gir__node *d = gir__get(g, n); return d ? d->grad_level : 0;
}
GIR_API int gir_node_parent_count(const gir_graph *g, gir_node n) {
    const gir__node *d = gir__get(g, n); return d ? d->nparents : 0;
}
GIR_API int gir_node_arg_count(const gir_graph *g, gir_node n) {
    const gir__node *d = gir__get(g, n); return d ? (int)d->nin - d->nparents : 0;
}
GIR_API gir_node gir_node_input(const gir_graph *g, gir_node n, int k) {
    const gir__node *d = gir__get(g, n);
    gir_node r = {0};
    if (d && k >= 0 && (uint32_t)k < d->nin) r.id = g->ins[d->in0 + (uint32_t)k];
    return r;
}
GIR_API gir_attr gir_node_attr(const gir_graph *g, gir_node n) {
    const gir__node *d = gir__get(g, n);
    gir_attr a;
    gir_attr_zero(&a);
    if (d) { a = d->attr; a.data = NULL; }
    return a;
}
GIR_API int64_t gir_node_numel(const gir_graph *g, gir_node n) {
    const gir__node *d = gir__get(g, n); return d ? gir__numel(&d->shape) : 0;
}
GIR_API void *gir_node_data(gir_graph *g, gir_node n) {
    const gir__node *d = gir__get(g, n); return d ? (void *)d->attr.data : NULL;
}

/* op table queries */
static int gir__op_ok(gir_op op) { return op > GIR_OP__INVALID && op < GIR_OP__COUNT; }
GIR_API const char *gir_op_name(gir_op op) { return gir__op_ok(op) ? gir__ops[op].name : "invalid"; }
GIR_API gir_op gir_op_from_name(const char *name) {
    int k;
    if (!name) return GIR_OP__INVALID;
    for (k = 1; k < GIR_OP__COUNT; ++k) {
        const char *a = gir__ops[k].name, *b = name;
        while (*a && *a == *b) { ++a; ++b; }
        if (!*a && !*b) return (gir_op)k;
    }
    return GIR_OP__INVALID;
}
GIR_API int gir_op_parent_count(gir_op op) {
    return !gir__op_ok(op) ? 0 : gir__ops[op].variadic ? -1 : gir__ops[op].nparents;
}
GIR_API int gir_op_arg_count(gir_op op) { return gir__op_ok(op) ? gir__ops[op].nargs : 0; }
GIR_API int gir_op_input_is_arg(gir_op op, int k) {
    return gir__op_ok(op) && k >= 0 && k < GIR__MAX_ROW_IN && !gir__ops[op].variadic && ((gir__ops[op].argmask >> k) & 1u);
}
GIR_API int gir_op_differentiable(gir_op op) { return gir__op_ok(op) ? gir__ops[op].diff : 0; }
GIR_API const char *gir_op_no_adjoint_reason(gir_op op) { return gir__op_ok(op) ? gir__ops[op].no_adj : ""; }
GIR_API const char *gir_op_attr_spec(gir_op op) { return gir__op_ok(op) ? gir__ops[op].attrs : ""; }
GIR_API int gir_op_is_random(gir_op op) { return gir__op_ok(op) && (gir__ops[op].flags & GIR__F_RNG); }
GIR_API int gir_op_has_kinks(gir_op op) { return gir__op_ok(op) && (gir__ops[op].flags & GIR__F_KINK); }
GIR_API gir_group gir_op_group(gir_op op) { return gir__op_ok(op) ? (gir_group)gir__ops[op].group : GIR_GROUP__COUNT; }

/* build helpers ------------------------------------------------------------------------------------------- */
static const gir__node *gir__bin(const gir__bctx *b, int k) { return &b->g->nodes[b->in[k].id]; }
static const char *gir__bname(const gir__bctx *b) { return gir__ops[b->op].name; }
#define GIR__BFAIL(b, s, ...) (gir__gfail((b)->g, (s), __VA_ARGS__), (s))

/* normalise an axis against a rank (negative counts from the end) */
static gir_status gir__axis(gir__bctx *b, int32_t *axis, int rank, const char *what) {
    int32_t a = *axis;
    if (a < 0) a += rank;
    if (a < 0 || a >= rank)
        return GIR__BFAIL(b, GIR_ERR_ATTR, "%s: node %u: %s %d out of range for rank %d",
                          gir__bname(b), b->id, what, (int)*axis, rank);
    *axis = a;
    return GIR_OK;
}
/* normalise an axis list: sorted, no duplicates; an empty list means every axis when all_if_empty */
static gir_status gir__axes(gir__bctx *b, gir_ints *ax, int rank, int all_if_empty) {
    uint32_t seen = 0;
    int k, n = 0;
    if (ax->n < 0 || ax->n > GIR_MAX_RANK)
        return GIR__BFAIL(b, GIR_ERR_ATTR, "%s: node %u: bad axis list (%d entries)", gir__bname(b), b->id, (int)ax->n);
    for (k = 0; k < ax->n; ++k) {
        int32_t a = ax->v[k];
        gir_status s = gir__axis(b, &a, rank, "axis");
        if (s) return s;
        if (seen & (1u << a))
            return GIR__BFAIL(b, GIR_ERR_ATTR, "%s: node %u: axis %d repeated", gir__bname(b), b->id, (int)a);
        seen |= 1u << a;
    }
    if (ax->n == 0 && all_if_empty) seen = (rank >= 32) ? 0xffffffffu : ((1u << rank) - 1u);
    for (k = 0; k < rank; ++k)
        if (seen & (1u << k)) ax->v[n++] = k;
    ax->n = n;
    return GIR_OK;
}
static int gir__has_axis(const gir_ints *ax, int a) {
    int k;
    for (k = 0; k < ax->n; ++k)
        if (ax->v[k] == a) return 1;
    return 0;
}
/* NumPy broadcasting of two shapes into out; 0 when incompatible */
static int gir__bcast2(const gir_shape *a, const gir_shape *b, gir_shape *out) {
    int r = a->rank > b->rank ? a->rank : b->rank, k;
    gir_shape o;
    GIR_MEMSET(&o, 0, sizeof o);
    o.rank = r;
    for (k = 0; k < r; ++k) {
        int ia = k - (r - a->rank), ib = k - (r - b->rank);
        int32_t da = ia >= 0 ? a->dim[ia] : 1, db = ib >= 0 ? b->dim[ib] : 1;
        if (da != db && da != 1 && db != 1) return 0;
        o.dim[k] = da == 1 ? db : da;
    }
    *out = o;
    return 1;
}
static gir_status gir__need_rank(gir__bctx *b, int k, int lo, int hi) {
    const gir__node *x = gir__bin(b, k);
    if (x->shape.rank < lo || x->shape.rank > hi) {
        if (lo == hi)
            return GIR__BFAIL(b, GIR_ERR_SHAPE, "%s: node %u: input %d must have rank %d, got %S",
                              gir__bname(b), b->id, k, lo, &x->shape);
        return GIR__BFAIL(b, GIR_ERR_SHAPE, "%s: node %u: input %d must have rank %d..%d, got %S",
                          gir__bname(b), b->id, k, lo, hi, &x->shape);
    }
    return GIR_OK;
}
static gir_status gir__need_dtype(gir__bctx *b, int k, int dt) {
    const gir__node *x = gir__bin(b, k);
    if (x->dtype != dt)
        return GIR__BFAIL(b, GIR_ERR_DTYPE, "%s: node %u: input %d must be %T, got %T %S",
                          gir__bname(b), b->id, k, dt, (int)x->dtype, &x->shape);
    return GIR_OK;
}

/* shape functions named by the table (gir__sh_<name>) ------------------------------------------------------ */
static gir_status gir__sh_eye(gir__bctx *b) {
    if (b->attr.i[0] < 0) return GIR__BFAIL(b, GIR_ERR_ATTR, "eye: node %u: n = %d < 0", b->id, (int)b->attr.i[0]);
    b->out = gir_shape2(b->attr.i[0], b->attr.i[0]);
    return GIR_OK;
}
static gir_status gir__sh_arange(gir__bctx *b) {
    double start = b->attr.f[0], stop = b->attr.f[1], step = b->attr.f[2], n;
    if (!(step > 0 || step < 0) || start != start || stop != stop)
        return GIR__BFAIL(b, GIR_ERR_ATTR, "arange: node %u: step must be nonzero and bounds finite", b->id);
    n = (stop - start) / step;
    if (n != n || n > 2147483647.0)            /* checked before any conversion: inf and NaN included */
        return GIR__BFAIL(b, GIR_ERR_LIMIT, "arange: node %u: [%g, %g) by %g has too many elements", b->id, start, stop, step);
    n = n <= 0 ? 0 : (double)(int64_t)n + ((double)(int64_t)n < n ? 1 : 0);
    b->out = gir_shape1((int32_t)n);
    return GIR_OK;
}
static gir_status gir__sh_argreduce(gir__bctx *b) {
    const gir__node *x = gir__bin(b, 0);
    gir_status s;
    int k, r = 0;
    if (x->shape.rank < 1) return gir__need_rank(b, 0, 1, GIR_MAX_RANK);
    if ((s = gir__axis(b, &b->attr.i[0], x->shape.rank, "axis")) != GIR_OK) return s;
    b->attr.i[1] = b->attr.i[1] ? 1 : 0;
    for (k = 0; k < x->shape.rank; ++k) {
        if (k == b->attr.i[0]) {
            if (b->attr.i[1]) b->out.dim[r++] = 1;
        } else {
            b->out.dim[r++] = x->shape.dim[k];
        }
    }
    b->out.rank = r;
    if (x->shape.dim[b->attr.i[0]] == 0)
        return GIR__BFAIL(b, GIR_ERR_SHAPE, "%s: node %u: empty axis %d in %S", gir__bname(b), b->id,
                          (int)b->attr.i[0], &x->shape);
    return GIR_OK;
}
static gir_status gir__reduce_shape(gir__bctx *b) {
    const gir__node *x = gir__bin(b, 0);
    gir_status s;
    int k, r = 0;
    if ((s = gir__axes(b, &b->attr.l[0], x->shape.rank, 1)) != GIR_OK) return s;
    b->attr.i[0] = b->attr.i[0] ? 1 : 0;
    for (k = 0; k < x->shape.rank; ++k) {
        if (gir__has_axis(&b->attr.l[0], k)) {
            if (b->attr.i[0]) b->out.dim[r++] = 1;
        } else {
            b->out.dim[r++] = x->shape.dim[k];
        }
    }
    b->out.rank = r;
    if ((b->op == GIR_OP_MAX || b->op == GIR_OP_MIN) && gir__numel(&x->shape) == 0)
        return GIR__BFAIL(b, GIR_ERR_SHAPE, "%s: node %u: reduction of an empty tensor %S", gir__bname(b), b->id,
                          &x->shape);
    if (b->op == GIR_OP_VAR && b->attr.i[1] < 0)
        return GIR__BFAIL(b, GIR_ERR_ATTR, "var: node %u: ddof %d < 0", b->id, (int)b->attr.i[1]);
    return GIR_OK;
}
static gir_status gir__sh_reshape(gir__bctx *b) {
    const gir__node *x = gir__bin(b, 0);
    gir_shape t = b->attr.shape;
    int64_t known = 1, n = gir__numel(&x->shape);
    int k, infer = -1;
    if (t.rank < 0 || t.rank > GIR_MAX_RANK)
        return GIR__BFAIL(b, GIR_ERR_ATTR, "reshape: node %u: bad target rank %d", b->id, (int)t.rank);
    for (k = 0; k < t.rank; ++k) {
        if (t.dim[k] == -1 && infer < 0) infer = k;
        else if (t.dim[k] < 0)
            return GIR__BFAIL(b, GIR_ERR_ATTR, "reshape: node %u: bad target shape %S", b->id, &t);
        else known *= t.dim[k];
    }
    if (infer >= 0) {
        if (known == 0 || n % known)
            return GIR__BFAIL(b, GIR_ERR_SHAPE, "reshape: node %u: cannot reshape %S into %S", b->id, &x->shape, &t);
        t.dim[infer] = (int32_t)(n / known);
        known *= t.dim[infer];
    }
    if (known != n)
        return GIR__BFAIL(b, GIR_ERR_SHAPE, "reshape: node %u: cannot reshape %S (%l elements) into %S", b->id,
                          &x->shape, (long long)n, &t);
    b->attr.shape = t;
    b->out = t;
    return GIR_OK;
}
static gir_status gir__sh_transpose(gir__bctx *b) {
    const gir__node *x = gir__bin(b, 0);
    gir_ints *p = &b->attr.l[0];
    uint32_t seen = 0;
    int k, r = x->shape.rank;
    if (p->n == 0) {                      /* no permutation: reverse the axes, like NumPy */
        p->n = r;
        for (k = 0; k < r; ++k) p->v[k] = r - 1 - k;
    }
    if (p->n != r)
        return GIR__BFAIL(b, GIR_ERR_ATTR, "transpose: node %u: permutation has %d entries for %S", b->id,
                          (int)p->n, &x->shape);
    for (k = 0; k < r; ++k) {
        gir_status s = gir__axis(b, &p->v[k], r, "permutation entry");
        if (s) return s;
        if (seen & (1u << p->v[k]))
            return GIR__BFAIL(b, GIR_ERR_ATTR, "transpose: node %u: axis %d repeated in permutation", b->id,
                              (int)p->v[k]);
        seen |= 1u << p->v[k];
        b->out.dim[k] = x->shape.dim[p->v[k]];
    }
    b->out.rank = r;
    return GIR_OK;
}
static gir_status gir__sh_broadcast_to(gir__bctx *b) {
    const gir__node *x = gir__bin(b, 0);
    gir_shape o;
    if (!gir__shape_ok(&b->attr.shape))
        return GIR__BFAIL(b, GIR_ERR_ATTR, "broadcast_to: node %u: bad target shape", b->id);
    if (x->shape.rank > b->attr.shape.rank || !gir__bcast2(&x->shape, &b->attr.shape, &o) ||
        !gir__shape_eq(&o, &b->attr.shape))
        return GIR__BFAIL(b, GIR_ERR_SHAPE, "broadcast_to: node %u: cannot broadcast %S to %S", b->id, &x->shape,
                          &b->attr.shape);
    b->out = b->attr.shape;
    return GIR_OK;
}
/* Python slice semantics on an axis of length len; returns the number of elements */
static int32_t gir__slice_norm(int32_t len, int32_t *start, int32_t *stop, int32_t step) {
    int64_t a = *start, e = *stop;
    if (a < 0) a += len;
    if (e < 0) e += len;
    if (a < 0) a = 0;
    if (a > len) a = len;
    if (e < 0) e = 0;
    if (e > len) e = len;
    *start = (int32_t)a;
    *stop = (int32_t)e;
    return e > a ? (int32_t)((e - a + step - 1) / step) : 0;
}
static gir_status gir__sh_slice(gir__bctx *b) {
    const gir__node *x = gir__bin(b, 0);
    gir_status s;
    if (x->shape.rank < 1) return gir__need_rank(b, 0, 1, GIR_MAX_RANK);
    if ((s = gir__axis(b, &b->attr.i[0], x->shape.rank, "axis")) != GIR_OK) return s;
    if (b->attr.i[3] < 1)
        return GIR__BFAIL(b, GIR_ERR_ATTR, "slice: node %u: step %d must be >= 1", b->id, (int)b->attr.i[3]);
    b->out = x->shape;
    b->out.dim[b->attr.i[0]] = gir__slice_norm(x->shape.dim[b->attr.i[0]], &b->attr.i[1], &b->attr.i[2], b->attr.i[3]);
    return GIR_OK;
}
static gir_status gir__sh_unslice(gir__bctx *b) {
    const gir__node *x = gir__bin(b, 0);
    gir_status s;
    int32_t cnt;
    if (x->shape.rank < 1) return gir__need_rank(b, 0, 1, GIR_MAX_RANK);
    if ((s = gir__axis(b, &b->attr.i[0], x->shape.rank, "axis")) != GIR_OK) return s;
    if (b->attr.i[3] < 1 || b->attr.i[4] < 0)
        return GIR__BFAIL(b, GIR_ERR_ATTR, "unslice: node %u: step %d must be >= 1 and len %d >= 0", b->id,
                          (int)b->attr.i[3], (int)b->attr.i[4]);
    cnt = gir__slice_norm(b->attr.i[4], &b->attr.i[1], &b->attr.i[2], b->attr.i[3]);
    if (cnt != x->shape.dim[b->attr.i[0]])
        return GIR__BFAIL(b, GIR_ERR_SHAPE, "unslice: node %u: the slice has %d elements on axis %d, input %S",
                          b->id, (int)cnt, (int)b->attr.i[0], &x->shape);
    b->out = x->shape;
    b->out.dim[b->attr.i[0]] = b->attr.i[4];
    return GIR_OK;
}
static gir_status gir__sh_concat(gir__bctx *b) {
    const gir__node *x0 = gir__bin(b, 0);
    gir_status s;
    int k, j;
    int64_t total = 0;
    if (x0->shape.rank < 1) return gir__need_rank(b, 0, 1, GIR_MAX_RANK);
    if ((s = gir__axis(b, &b->attr.i[0], x0->shape.rank, "axis")) != GIR_OK) return s;
    for (k = 0; k < b->n; ++k) {
        const gir__node *x = gir__bin(b, k);
        int ok = x->shape.rank == x0->shape.rank;
        for (j = 0; ok && j < x0->shape.rank; ++j)
            if (j != b->attr.i[0] && x->shape.dim[j] != x0->shape.dim[j]) ok = 0;
        if (!ok)
            return GIR__BFAIL(b, GIR_ERR_SHAPE, "concat: node %u: input %d %S does not match input 0 %S off axis %d",
                              b->id, k, &x->shape, &x0->shape, (int)b->attr.i[0]);
        total += x->shape.dim[b->attr.i[0]];
    }
    if (total > 2147483647)
        return GIR__BFAIL(b, GIR_ERR_LIMIT, "concat: node %u: axis too long", b->id);
    b->out = x0->shape;
    b->out.dim[b->attr.i[0]] = (int32_t)total;
    return GIR_OK;
}
static gir_status gir__sh_pad(gir__bctx *b) {
    const gir__node *x = gir__bin(b, 0);
    int k, r = x->shape.rank;
    for (k = 0; k < 2; ++k) {
        gir_ints *l = &b->attr.l[k];
        int j;
        if (l->n == 0) {
            l->n = r;
            for (j = 0; j < r; ++j) l->v[j] = 0;
        }
        if (l->n != r)
            return GIR__BFAIL(b, GIR_ERR_ATTR, "pad: node %u: %s has %d entries for %S", b->id,
                              k ? "after" : "before", (int)l->n, &x->shape);
        for (j = 0; j < r; ++j)
            if (l->v[j] < 0)
                return GIR__BFAIL(b, GIR_ERR_ATTR, "pad: node %u: negative padding %d", b->id, (int)l->v[j]);
    }
    b->out = x->shape;
    for (k = 0; k < r; ++k) {
        int64_t d = (int64_t)x->shape.dim[k] + b->attr.l[0].v[k] + b->attr.l[1].v[k];
        if (d > 2147483647) return GIR__BFAIL(b, GIR_ERR_LIMIT, "pad: node %u: axis too long", b->id);
        b->out.dim[k] = (int32_t)d;
    }
    return GIR_OK;
}
static gir_status gir__sh_gather(gir__bctx *b) {
    const gir__node *x = gir__bin(b, 0), *ix = gir__bin(b, 1);
    gir_status s;
    int k, r = 0, ax;
    if (x->shape.rank < 1) return gir__need_rank(b, 0, 1, GIR_MAX_RANK);
    if ((s = gir__need_dtype(b, 1, GIR_DTYPE_I32)) != GIR_OK) return s;
    if ((s = gir__axis(b, &b->attr.i[0], x->shape.rank, "axis")) != GIR_OK) return s;
    ax = b->attr.i[0];
    if (x->shape.rank - 1 + ix->shape.rank > GIR_MAX_RANK)
        return GIR__BFAIL(b, GIR_ERR_LIMIT, "gather: node %u: result rank exceeds GIR_MAX_RANK (%S, index %S)",
                          b->id, &x->shape, &ix->shape);
    for (k = 0; k < ax; ++k) b->out.dim[r++] = x->shape.dim[k];
    for (k = 0; k < ix->shape.rank; ++k) b->out.dim[r++] = ix->shape.dim[k];
    for (k = ax + 1; k < x->shape.rank; ++k) b->out.dim[r++] = x->shape.dim[k];
    b->out.rank = r;
    return GIR_OK;
}
static gir_status gir__sh_scatter_add(gir__bctx *b) {
    const gir__node *x = gir__bin(b, 0), *ix = gir__bin(b, 1);
    gir_status s;
    int k, r = 0, ax, orank = x->shape.rank - ix->shape.rank + 1;
    if ((s = gir__need_dtype(b, 1, GIR_DTYPE_I32)) != GIR_OK) return s;
    if (orank < 1)
        return GIR__BFAIL(b, GIR_ERR_SHAPE, "scatter_add: node %u: input %S has lower rank than index %S", b->id,
                          &x->shape, &ix->shape);
    if ((s = gir__axis(b, &b->attr.i[0], orank, "axis")) != GIR_OK) return s;
    ax = b->attr.i[0];
    for (k = 0; k < ix->shape.rank; ++k)
        if (x->shape.dim[ax + k] != ix->shape.dim[k])
            return GIR__BFAIL(b, GIR_ERR_SHAPE, "scatter_add: node %u: input %S does not hold index %S at axis %d",
                              b->id, &x->shape, &ix->shape, ax);
    if (b->attr.i[1] < 0) return GIR__BFAIL(b, GIR_ERR_ATTR, "scatter_add: node %u: len < 0", b->id);
    for (k = 0; k < ax; ++k) b->out.dim[r++] = x->shape.dim[k];
    b->out.dim[r++] = b->attr.i[1];
    for (k = ax + ix->shape.rank; k < x->shape.rank; ++k) b->out.dim[r++] = x->shape.dim[k];
    b->out.rank = r;
    return GIR_OK;
}
static gir_status gir__sh_one_hot(gir__bctx *b) {
    const gir__node *ix = gir__bin(b, 0);
    gir_status s;
    if ((s = gir__need_dtype(b, 0, GIR_DTYPE_I32)) != GIR_OK) return s;
    if (ix->shape.rank >= GIR_MAX_RANK) return gir__need_rank(b, 0, 0, GIR_MAX_RANK - 1);
    if (b->attr.i[0] < 0) return GIR__BFAIL(b, GIR_ERR_ATTR, "one_hot: node %u: depth %d < 0", b->id, (int)b->attr.i[0]);
    b->out = ix->shape;
    b->out.dim[b->out.rank++] = b->attr.i[0];
    return GIR_OK;
}
static gir_status gir__sh_where(gir__bctx *b) {
    const gir__node *a = gir__bin(b, 0), *c = gir__bin(b, 1), *cond = gir__bin(b, 2);
    gir_shape t;
    gir_status s;
    if ((s = gir__need_dtype(b, 2, GIR_DTYPE_B8)) != GIR_OK) return s;
    if (!gir__bcast2(&a->shape, &c->shape, &t) || !gir__bcast2(&t, &cond->shape, &b->out))
        return GIR__BFAIL(b, GIR_ERR_SHAPE, "where: node %u: cannot broadcast condition %S, %S and %S", b->id,
                          &cond->shape, &a->shape, &c->shape);
    return GIR_OK;
}
/* [..., n] -> [..., n, n] with the vector on the diagonal */
static gir_status gir__sh_diag(gir__bctx *b) {
    const gir__node *x = gir__bin(b, 0);
    gir_status s = gir__need_rank(b, 0, 1, GIR_MAX_RANK - 1);
    if (s) return s;
    b->out = x->shape;
    b->out.dim[b->out.rank] = x->shape.dim[x->shape.rank - 1];
    b->out.rank++;
    return GIR_OK;
}
static gir_status gir__sh_matrix(gir__bctx *b) {
    gir_status s = gir__need_rank(b, 0, 2, GIR_MAX_RANK);
    if (s) return s;
    b->out = gir__bin(b, 0)->shape;
    return GIR_OK;
}
static gir_status gir__sh_diagonal(gir__bctx *b) {
    const gir__node *x = gir__bin(b, 0);
    gir_status s = gir__need_rank(b, 0, 2, GIR_MAX_RANK);
    int32_t m, n;
    if (s) return s;
    b->out = x->shape;
    m = x->shape.dim[x->shape.rank - 2];
    n = x->shape.dim[x->shape.rank - 1];
    b->out.rank--;
    b->out.dim[b->out.rank - 1] = m < n ? m : n;
    return GIR_OK;
}
static gir_status gir__sh_trace(gir__bctx *b) {
    gir_status s = gir__need_rank(b, 0, 2, GIR_MAX_RANK);
    if (s) return s;
    b->out = gir__bin(b, 0)->shape;
    b->out.rank -= 2;
    return GIR_OK;
}
static gir_status gir__sh_square(gir__bctx *b) {
    const gir__node *x = gir__bin(b, 0);
    gir_status s = gir__need_rank(b, 0, 2, GIR_MAX_RANK);
    if (s) return s;
    if (x->shape.dim[x->shape.rank - 1] != x->shape.dim[x->shape.rank - 2])
        return GIR__BFAIL(b, GIR_ERR_SHAPE, "%s: node %u: needs square matrices, got %S", gir__bname(b), b->id,
                          &x->shape);
    b->out = x->shape;
    return GIR_OK;
}
static gir_status gir__sh_det(gir__bctx *b) {
    gir_status s = gir__sh_square(b);
    if (s) return s;
    b->out.rank -= 2;
    return GIR_OK;
}
static gir_status gir__sh_matmul(gir__bctx *b) {
    const gir__node *x = gir__bin(b, 0), *y = gir__bin(b, 1);
    gir_shape ba = x->shape, bb = y->shape, bo;
    int ra = x->shape.rank, rb = y->shape.rank;
    if (ra < 2 || rb < 2)
        return GIR__BFAIL(b, GIR_ERR_SHAPE, "matmul: node %u: needs rank >= 2 operands, got %S x %S (use dot or "
                          "reshape for vectors)", b->id, &x->shape, &y->shape);
    if (x->shape.dim[ra - 1] != y->shape.dim[rb - 2])
        return GIR__BFAIL(b, GIR_ERR_SHAPE, "matmul: node %u: inner dimensions differ: %S x %S", b->id, &x->shape,
                          &y->shape);
    ba.rank -= 2;
    bb.rank -= 2;
    if (!gir__bcast2(&ba, &bb, &bo))
        return GIR__BFAIL(b, GIR_ERR_SHAPE, "matmul: node %u: batch dimensions do not broadcast: %S x %S", b->id,
                          &x->shape, &y->shape);
    bo.dim[bo.rank++] = x->shape.dim[ra - 2];
    bo.dim[bo.rank++] = y->shape.dim[rb - 1];
    b->out = bo;
    return GIR_OK;
}
static gir_status gir__sh_dot(gir__bctx *b) {
    const gir__node *x = gir__bin(b, 0), *y = gir__bin(b, 1);
    if (x->shape.rank != 1 || y->shape.rank != 1 || x->shape.dim[0] != y->shape.dim[0])
        return GIR__BFAIL(b, GIR_ERR_SHAPE, "dot: node %u: needs two vectors of one length, got %S . %S", b->id,
                          &x->shape, &y->shape);
    b->out = gir_shape0();
    return GIR_OK;
}
static gir_status gir__sh_outer(gir__bctx *b) {
    const gir__node *x = gir__bin(b, 0), *y = gir__bin(b, 1);
    if (x->shape.rank != 1 || y->shape.rank != 1)
        return GIR__BFAIL(b, GIR_ERR_SHAPE, "outer: node %u: needs two vectors, got %S, %S", b->id, &x->shape,
                          &y->shape);
    b->out = gir_shape2(x->shape.dim[0], y->shape.dim[0]);
    return GIR_OK;
}
static gir_status gir__sh_trisolve(gir__bctx *b) {
    const gir__node *a = gir__bin(b, 0), *y = gir__bin(b, 1);
    gir_status s = gir__sh_square(b);
    int k;
    if (s) return s;
    if (y->shape.rank != a->shape.rank || y->shape.dim[y->shape.rank - 2] != a->shape.dim[a->shape.rank - 1])
        return GIR__BFAIL(b, GIR_ERR_SHAPE, "trisolve: node %u: right-hand side %S does not fit %S", b->id,
                          &y->shape, &a->shape);
    for (k = 0; k < a->shape.rank - 2; ++k)
        if (a->shape.dim[k] != y->shape.dim[k])
            return GIR__BFAIL(b, GIR_ERR_SHAPE, "trisolve: node %u: batch dimensions differ: %S, %S", b->id,
                              &a->shape, &y->shape);
    b->attr.i[0] = b->attr.i[0] ? 1 : 0;
    b->attr.i[1] = b->attr.i[1] ? 1 : 0;
    b->out = y->shape;
    return GIR_OK;
}
static gir_status gir__sh_xent(gir__bctx *b) {
    const gir__node *x = gir__bin(b, 0), *l = gir__bin(b, 1);
    gir_status s;
    if ((s = gir__need_rank(b, 0, 2, 2)) != GIR_OK) return s;
    if ((s = gir__need_dtype(b, 1, GIR_DTYPE_I32)) != GIR_OK) return s;
    if (l->shape.rank != 1 || l->shape.dim[0] != x->shape.dim[0])
        return GIR__BFAIL(b, GIR_ERR_SHAPE, "xent_logits: node %u: labels %S do not match logits %S", b->id,
                          &l->shape, &x->shape);
    b->out = gir_shape1(x->shape.dim[0]);
    return GIR_OK;
}
static gir_status gir__sh_xent_prob(gir__bctx *b) {
    const gir__node *x = gir__bin(b, 0), *p = gir__bin(b, 1);
    gir_status s;
    if ((s = gir__need_rank(b, 0, 2, 2)) != GIR_OK) return s;
    if (!gir__shape_eq(&x->shape, &p->shape))
        return GIR__BFAIL(b, GIR_ERR_SHAPE, "xent_logits_prob: node %u: probabilities %S do not match logits %S",
                          b->id, &p->shape, &x->shape);
    b->out = gir_shape1(x->shape.dim[0]);
    return GIR_OK;
}
static gir_status gir__sh_mse(gir__bctx *b) {
    const gir__node *x = gir__bin(b, 0), *y = gir__bin(b, 1);
    if (!gir__shape_eq(&x->shape, &y->shape))
        return GIR__BFAIL(b, GIR_ERR_SHAPE, "mse: node %u: shapes differ: %S, %S", b->id, &x->shape, &y->shape);
    b->out = gir_shape0();
    return GIR_OK;
}
/* 2-D window attributes: a list of two, or empty for the default */
static gir_status gir__pair(gir__bctx *b, gir_ints *l, int32_t dflt0, int32_t dflt1, int32_t lo, const char *what) {
    if (l->n == 0) { l->n = 2; l->v[0] = dflt0; l->v[1] = dflt1; }
    if (l->n == 1) { l->n = 2; l->v[1] = l->v[0]; }
    if (l->n != 2 || l->v[0] < lo || l->v[1] < lo)
        return GIR__BFAIL(b, GIR_ERR_ATTR, "%s: node %u: %s must be one or two values >= %d", gir__bname(b), b->id,
                          what, (int)lo);
    return GIR_OK;
}
static int32_t gir__conv_out(int32_t in, int32_t k, int32_t s, int32_t p, int32_t d) {
    int64_t span = (int64_t)d * (k - 1) + 1, n = (int64_t)in + 2 * p - span;
    return n < 0 ? 0 : (int32_t)(n / s + 1);
}
/* checks x [N,C,H,W] against w [K,C/groups,kh,kw]; writes the conv output shape to *o */
static gir_status gir__conv_check(gir__bctx *b, const gir_shape *xs, const gir_shape *ws, gir_shape *o) {
    gir_status s;
    gir_attr *A = &b->attr;
    if ((s = gir__pair(b, &A->l[0], 1, 1, 1, "stride")) != GIR_OK) return s;
    if ((s = gir__pair(b, &A->l[1], 0, 0, 0, "padding")) != GIR_OK) return s;
    if ((s = gir__pair(b, &A->l[2], 1, 1, 1, "dilation")) != GIR_OK) return s;
    if (A->i[0] == 0) A->i[0] = 1;
    if (xs->rank != 4 || ws->rank != 4)
        return GIR__BFAIL(b, GIR_ERR_SHAPE, "%s: node %u: needs x [N,C,H,W] and w [K,C/groups,kh,kw], got %S, %S",
                          gir__bname(b), b->id, xs, ws);
    if (A->i[0] < 1 || xs->dim[1] % A->i[0] || ws->dim[0] % A->i[0] || ws->dim[1] * A->i[0] != xs->dim[1])
        return GIR__BFAIL(b, GIR_ERR_SHAPE, "%s: node %u: channels do not fit groups=%d: x %S, w %S", gir__bname(b),
                          b->id, (int)A->i[0], xs, ws);
    *o = gir_shape4(xs->dim[0], ws->dim[0],
                    gir__conv_out(xs->dim[2], ws->dim[2], A->l[0].v[0], A->l[1].v[0], A->l[2].v[0]),
                    gir__conv_out(xs->dim[3], ws->dim[3], A->l[0].v[1], A->l[1].v[1], A->l[2].v[1]));
    if (o->dim[2] < 1 || o->dim[3] < 1)
        return GIR__BFAIL(b, GIR_ERR_SHAPE, "%s: node %u: window larger than the padded input: x %S, w %S",
                          gir__bname(b), b->id, xs, ws);
    return GIR_OK;
}
static gir_status gir__sh_conv2d(gir__bctx *b) {
    return gir__conv_check(b, &gir__bin(b, 0)->shape, &gir__bin(b, 1)->shape, &b->out);
}
static gir_status gir__sh_conv2d_bwd_data(gir__bctx *b) {
    gir_shape o;
    const gir__node *gy = gir__bin(b, 0);
    gir_status s = gir__conv_check(b, &b->attr.shape, &gir__bin(b, 1)->shape, &o);
    if (s) return s;
    if (!gir__shape_eq(&o, &gy->shape))
        return GIR__BFAIL(b, GIR_ERR_SHAPE, "conv2d_bwd_data: node %u: gradient %S does not match the output %S",
                          b->id, &gy->shape, &o);
    b->out = b->attr.shape;
    return GIR_OK;
}
static gir_status gir__sh_conv2d_bwd_filter(gir__bctx *b) {
    gir_shape o;
    const gir__node *gy = gir__bin(b, 1);
    gir_status s = gir__conv_check(b, &gir__bin(b, 0)->shape, &b->attr.shape, &o);
    if (s) return s;
    if (!gir__shape_eq(&o, &gy->shape))
        return GIR__BFAIL(b, GIR_ERR_SHAPE, "conv2d_bwd_filter: node %u: gradient %S does not match the output %S",
                          b->id, &gy->shape, &o);
    b->out = b->attr.shape;
    return GIR_OK;
}
static gir_status gir__pool_check(gir__bctx *b, const gir_shape *xs, gir_shape *o) {
    gir_status s;
    gir_attr *A = &b->attr;
    if ((s = gir__pair(b, &A->l[0], 0, 0, 1, "kernel")) != GIR_OK) return s;
    if ((s = gir__pair(b, &A->l[1], A->l[0].v[0], A->l[0].v[1], 1, "stride")) != GIR_OK) return s;
    if ((s = gir__pair(b, &A->l[2], 0, 0, 0, "padding")) != GIR_OK) return s;
    if (A->l[2].v[0] * 2 > A->l[0].v[0] || A->l[2].v[1] * 2 > A->l[0].v[1])
        return GIR__BFAIL(b, GIR_ERR_ATTR, "%s: node %u: padding must be at most half the kernel", gir__bname(b), b->id);
    if (xs->rank != 4)
        return GIR__BFAIL(b, GIR_ERR_SHAPE, "%s: node %u: needs x [N,C,H,W], got %S", gir__bname(b), b->id, xs);
    *o = gir_shape4(xs->dim[0], xs->dim[1], gir__conv_out(xs->dim[2], A->l[0].v[0], A->l[1].v[0], A->l[2].v[0], 1),
                    gir__conv_out(xs->dim[3], A->l[0].v[1], A->l[1].v[1], A->l[2].v[1], 1));
    if (o->dim[2] < 1 || o->dim[3] < 1)
        return GIR__BFAIL(b, GIR_ERR_SHAPE, "%s: node %u: window larger than the padded input %S", gir__bname(b),
                          b->id, xs);
    return GIR_OK;
}
static gir_status gir__sh_pool2d(gir__bctx *b) { return gir__pool_check(b, &gir__bin(b, 0)->shape, &b->out); }
static gir_status gir__sh_pool2d_bwd(gir__bctx *b) {
    gir_shape o;
    const gir__node *gy = gir__bin(b, 0), *x = gir__bin(b, 1);
    gir_status s = gir__pool_check(b, &x->shape, &o);
    if (s) return s;
    if (!gir__shape_eq(&o, &gy->shape) || gy->dtype != x->dtype)
        return GIR__BFAIL(b, GIR_ERR_SHAPE, "%s: node %u: gradient %S %T does not match the pooled input %S %T",
                          gir__bname(b), b->id, &gy->shape, (int)gy->dtype, &o, (int)x->dtype);
    b->out = x->shape;
    return GIR_OK;
}
static gir_status gir__sh_pool2d_bwd_avg(gir__bctx *b) {
    gir_shape o;
    const gir__node *gy = gir__bin(b, 0);
    gir_status s = gir__pool_check(b, &b->attr.shape, &o);
    if (s) return s;
    if (!gir__shape_eq(&o, &gy->shape))
        return GIR__BFAIL(b, GIR_ERR_SHAPE, "%s: node %u: gradient %S does not match the pooled input %S",
                          gir__bname(b), b->id, &gy->shape, &o);
    b->out = b->attr.shape;
    return GIR_OK;
}

static gir_status gir__sh_dropout(gir__bctx *b) {
    if (!(b->attr.f[0] >= 0 && b->attr.f[0] <= 1))
        return GIR__BFAIL(b, GIR_ERR_ATTR, "dropout: node %u: p = %g is not in [0, 1]", b->id, b->attr.f[0]);
    b->out = gir__bin(b, 0)->shape;
    return GIR_OK;
}

/* the generic builder -------------------------------------------------------------------------------------- */
static const char *gir__dtrule_text(int r) {
    switch (r) {
    case GIR__DT_NUM: return "numeric (u8, i32, f32, f64)";
    case GIR__DT_FLOAT: return "float (f32, f64)";
    case GIR__DT_CMP: return "numeric (u8, i32, f32, f64)";
    case GIR__DT_LOGIC: return "b8";
    case GIR__DT_TEST: return "float (f32, f64)";
    case GIR__DT_INT: return "integer (u8, i32)";
    case GIR__DT_INDEX: return "numeric (u8, i32, f32, f64)";
    default: return "any";
    }
}
static int gir__dt_allowed(int rule, int dt) {
    switch (rule) {
    case GIR__DT_NUM: case GIR__DT_CMP: case GIR__DT_INDEX: return gir__is_num(dt);
    case GIR__DT_FLOAT: return gir__is_num(dt);        /* integers may promote with a float parent */
    case GIR__DT_TEST: return gir__is_float(dt);
    case GIR__DT_LOGIC: return dt == GIR_DTYPE_B8;
    case GIR__DT_INT: return gir__is_int(dt);
    default: return dt > 0 && dt < GIR_DTYPE__COUNT;
    }
}

GIR_API gir_node gir_op_build(gir_graph *g, gir_op op, int n, const gir_node *in, const gir_attr *attr) {
    gir_node bad = {0}, ord[GIR__MAX_IN], *stor = ord, res = {0};
    const gir__opinfo *oi;
    gir__bctx b;
    gir__node *nd;
    int k, np, pdt = 0, odt = 0, ntype, level;
    size_t bytes = 0;
    void *data = NULL;
    gir_status s = GIR_OK;
    if (!g) return bad;
    if (!gir__op_ok(op)) {
        gir__gfail(g, GIR_ERR_INVALID_ARG, "op_build: unknown op %d", (int)op);
        return bad;
    }
    oi = &gir__ops[op];
    GIR_MEMSET(&b, 0, sizeof b);
    b.g = g; b.op = op; b.id = (uint32_t)g->nnodes; b.n = n;
    if (oi->variadic ? (n < 1 || n > GIR__MAX_IN) : (n != oi->nparents + oi->nargs)) {
        if (oi->variadic)
            gir__gfail(g, GIR_ERR_INVALID_ARG, "%s: node %u: takes 1 to %d inputs, got %d", oi->name, b.id,
                       GIR__MAX_IN, n);
        else
            gir__gfail(g, GIR_ERR_INVALID_ARG, "%s: node %u: takes %d input(s), got %d", oi->name, b.id,
                       oi->nparents + oi->nargs, n);
        return bad;
    }
    if (n > 0 && !in) {
        gir__gfail(g, GIR_ERR_INVALID_ARG, "%s: node %u: input array is NULL", oi->name, b.id);
        return bad;
    }
    /* storage order: parents first, then arguments (IN order within each) */
    np = oi->variadic ? n : oi->nparents;
    {
        int p = 0, a = np;
        for (k = 0; k < n; ++k) {
            if (!oi->variadic && (oi->argmask & (1u << k))) ord[a++] = in[k];
            else ord[p++] = in[k];
        }
    }
    for (k = 0; k < n; ++k) {
        if (stor[k].id == 0) return bad;              /* poisoned input: no new message */
        if (stor[k].id >= g->nnodes) {
            gir__gfail(g, GIR_ERR_HANDLE, "%s: node %u: input %d is not a node of this graph (id %u)", oi->name, b.id,
                       k, (unsigned)stor[k].id);
            return bad;
        }
    }
    b.in = stor;
    if (attr) b.attr = *attr;
    b.attr.data = NULL;
    /* dtype rule. Promotion follows the order b8 < u8 < i32 < f32 < f64, but a rank-0 constant (a scalar
       such as gir_scalar's) adapts to the other parents, as in NumPy 2: x_f32 * 2.0 stays f32; a float
       scalar with integer tensors gives at least f32. */
    {
        int strong = 0, weak = 0;
        for (k = 0; k < n; ++k) {
            const gir__node *x = &g->nodes[stor[k].id];
            if (k >= np) continue;
            if (!gir__dt_allowed(oi->dtrule, x->dtype)) {
                gir__gfail(g, GIR_ERR_DTYPE, "%s: node %u: input %d must be %s, got %T %S", oi->name, b.id, k,
                           gir__dtrule_text(oi->dtrule), (int)x->dtype, &x->shape);
                return bad;
            }
            if (np > 1 && x->shape.rank == 0 && x->ntype == GIR_NODE_CONSTANT) {
                if (x->dtype > weak) weak = x->dtype;
            } else if (x->dtype > strong) {
                strong = x->dtype;
            }
        }
        pdt = !strong ? weak : (gir__is_float(weak) && !gir__is_float(strong)) ? GIR_DTYPE_F32 : strong;
    }
    switch (oi->dtrule) {
    case GIR__DT_FLOAT:
        if (!gir__is_float(pdt)) {
            const gir__node *x = &g->nodes[stor[0].id];
            gir__gfail(g, GIR_ERR_DTYPE, "%s: node %u: needs float (f32, f64) inputs, got %T %S (cast it first)",
                       oi->name, b.id, (int)x->dtype, &x->shape);
            return bad;
        }
        odt = pdt; break;
    case GIR__DT_CMP: case GIR__DT_LOGIC: case GIR__DT_TEST: odt = GIR_DTYPE_B8; break;
    case GIR__DT_INDEX: odt = GIR_DTYPE_I32; break;
    case GIR__DT_ATTR:
        odt = b.attr.dtype;
        if (odt <= 0 || odt >= GIR_DTYPE__COUNT) {
            gir__gfail(g, GIR_ERR_ATTR, "%s: node %u: bad dtype attribute %d", oi->name, b.id, (int)b.attr.dtype);
            return bad;
        }
        break;
    default: odt = pdt;
    }
    b.dtype = odt;
    /* shape rule */
    switch (oi->shrule) {
    case GIR__SH_SAME:
        b.out = g->nodes[stor[0].id].shape;
        if (oi->axis_i >= 0) s = gir__axis(&b, &b.attr.i[oi->axis_i], b.out.rank, "axis");
        if (!s && oi->axes_l >= 0) s = gir__axes(&b, &b.attr.l[oi->axes_l], b.out.rank, 0);
        break;
    case GIR__SH_BCAST:
        b.out = g->nodes[stor[0].id].shape;
        for (k = 1; k < np && !s; ++k) {
            const gir_shape *xs = &g->nodes[stor[k].id].shape;
            gir_shape prev = b.out;
            if (!gir__bcast2(&prev, xs, &b.out))
                s = GIR__BFAIL(&b, GIR_ERR_SHAPE, "%s: node %u: shapes do not broadcast: %S and %S", oi->name, b.id,
                               &prev, xs);
        }
        break;
    case GIR__SH_REDUCE: s = gir__reduce_shape(&b); break;
    case GIR__SH_SCALAR: b.out = gir_shape0(); break;
    case GIR__SH_ATTR_SHAPE:
        b.out = b.attr.shape;
        if (!gir__shape_ok(&b.out))
            s = GIR__BFAIL(&b, GIR_ERR_ATTR, "%s: node %u: bad shape attribute %S", oi->name, b.id, &b.out);
        break;
    default: s = oi->shape_fn(&b);
    }
    if (s) return bad;
    if (!gir__shape_ok(&b.out)) {
        gir__gfail(g, GIR_ERR_LIMIT, "%s: node %u: result %S is larger than gir.h accepts", oi->name, b.id, &b.out);
        return bad;
    }
    odt = b.dtype;
    /* promotion: cast parents whose dtype differs from the common one */
    if (oi->dtrule != GIR__DT_ATTR && oi->dtrule != GIR__DT_INDEX && np > 1) {
        int cast_to = pdt;
        for (k = 0; k < np; ++k) {
            if (g->nodes[stor[k].id].dtype != cast_to) {
                gir_attr ca;
                gir_node c;
                gir_attr_zero(&ca);
                ca.dtype = cast_to;
                c = gir_op_build(g, GIR_OP_CAST, 1, &stor[k], &ca);
                if (!c.id) return bad;
                stor[k] = c;
            }
        }
        b.id = (uint32_t)g->nnodes;
    }
    /* node type and grad level, from the inputs */
    level = g->grad_level;
    if (n == 0) {
        ntype = (op == GIR_OP_INPUT || op == GIR_OP_VARIABLE) ? GIR_NODE_INPUT : GIR_NODE_CONSTANT;
    } else {
        int diff_in = 0, any_in = 0;
        for (k = 0; k < n; ++k) {
            const gir__node *x = &g->nodes[stor[k].id];
            int t = x->ntype;
            if (x->grad_level > level) level = x->grad_level;
            if (t >= GIR_NODE_INPUT) any_in = 1;
            if (k < np && gir__is_float(x->dtype) && (t == GIR_NODE_INPUT || t == GIR_NODE_INPUT_DERIVED)) diff_in = 1;
        }
        /* a float op without an adjoint stays on the gradient path (gir_grad reports it) unless it blocks */
        if (diff_in && gir__is_float(odt) && !(oi->flags & GIR__F_BLOCK)) ntype = GIR_NODE_INPUT_DERIVED;
        else if (any_in) ntype = GIR_NODE_INPUT_DERIVED_NON_DIFF;
        else ntype = GIR_NODE_CONSTANT_DERIVED;
    }
    /* storage: everything is reserved before anything is changed, so a failure leaves the graph as it was */
    if (op == GIR_OP_VARIABLE || op == GIR_OP_CONSTANT) {
        bytes = (size_t)gir__numel(&b.out) * gir__dtype_sizes[odt];
        data = gir__alloc(&g->a, bytes ? bytes : 1);
        if (!data) {
            gir__gfail(g, GIR_ERR_OUT_OF_MEMORY, "%s: node %u: out of memory for %l bytes of data", oi->name, b.id,
                       (long long)bytes);
            return bad;
        }
        if (attr && attr->data) GIR_MEMCPY(data, attr->data, bytes);
        else GIR_MEMSET(data, 0, bytes);
    }
    if (gir__grow(&g->a, (void **)&g->nodes, &g->cap, g->nnodes + 1, sizeof(gir__node)) ||
        gir__grow(&g->a, (void **)&g->ins, &g->inscap, g->nins + (size_t)n, sizeof(uint32_t)) ||
        g->nnodes >= 0xffffffffu) {
        gir__free(&g->a, data, bytes);
        gir__gfail(g, GIR_ERR_OUT_OF_MEMORY, "%s: node %u: out of memory growing the graph", oi->name, b.id);
        return bad;
    }
    nd = &g->nodes[g->nnodes];
    GIR_MEMSET(nd, 0, sizeof *nd);
    nd->op = (uint16_t)op;
    nd->dtype = (uint8_t)odt;
    nd->ntype = (uint8_t)ntype;
    nd->grad_level = (uint16_t)level;
    nd->nparents = (uint16_t)np;
    nd->nin = (uint32_t)n;
    nd->in0 = (uint32_t)g->nins;
    nd->shape = b.out;
    nd->attr = b.attr;
    nd->attr.data = data;
    nd->data_bytes = bytes;
    for (k = 0; k < n; ++k) g->ins[g->nins++] = stor[k].id;
    res.id = (uint32_t)g->nnodes++;
    return res;
}

/* generated from ops.def: one builder per row */
@@BUILDERS@@

/* convenience builders: compositions of table ops ----------------------------------------------------------- */
GIR_API gir_node gir_int_div(gir_graph *g, gir_node a, gir_node b) { return gir_floordiv(g, a, b); }
GIR_API gir_node gir_scalar(gir_graph *g, gir_dtype dtype, double value) {
    return gir_fill(g, dtype, gir_shape0(), value);
}
GIR_API gir_node gir_zeros(gir_graph *g, gir_dtype dtype, gir_shape shape) { return gir_fill(g, dtype, shape, 0.0); }
GIR_API gir_node gir_ones(gir_graph *g, gir_dtype dtype, gir_shape shape) { return gir_fill(g, dtype, shape, 1.0); }
GIR_API gir_node gir_zeros_like(gir_graph *g, gir_node x) {
    const gir__node *d = gir__get(g, x);
    gir_node bad = {0};
    if (!d) {
        if (x.id) gir__gfail(g, GIR_ERR_HANDLE, "zeros_like: input is not a node of this graph (id %u)", (unsigned)x.id);
        return bad;
    }
    return gir_fill(g, (gir_dtype)d->dtype, d->shape, 0.0);
}
GIR_API gir_node gir_ones_like(gir_graph *g, gir_node x) {
    const gir__node *d = gir__get(g, x);
    gir_node bad = {0};
    if (!d) {
        if (x.id) gir__gfail(g, GIR_ERR_HANDLE, "ones_like: input is not a node of this graph (id %u)", (unsigned)x.id);
        return bad;
    }
    return gir_fill(g, (gir_dtype)d->dtype, d->shape, 1.0);
}
GIR_API gir_node gir_expand_dims(gir_graph *g, gir_node x, int axis) {
    const gir__node *d = gir__get(g, x);
    gir_shape s;
    gir_node bad = {0};
    int k;
    if (!d) {
        if (x.id) gir__gfail(g, GIR_ERR_HANDLE, "expand_dims: input is not a node of this graph (id %u)", (unsigned)x.id);
        return bad;
    }
    if (axis < 0) axis += d->shape.rank + 1;
    if (axis < 0 || axis > d->shape.rank || d->shape.rank >= GIR_MAX_RANK) {
        gir__gfail(g, GIR_ERR_ATTR, "expand_dims: axis out of range for %S", &d->shape);
        return bad;
    }
    s.rank = d->shape.rank + 1;
    for (k = 0; k < s.rank; ++k) s.dim[k] = k < axis ? d->shape.dim[k] : k == axis ? 1 : d->shape.dim[k - 1];
    return gir_reshape(g, x, s);
}
GIR_API gir_node gir_squeeze(gir_graph *g, gir_node x, int axis) {
    const gir__node *d = gir__get(g, x);
    gir_shape s;
    gir_node bad = {0};
    int k;
    if (!d) {
        if (x.id) gir__gfail(g, GIR_ERR_HANDLE, "squeeze: input is not a node of this graph (id %u)", (unsigned)x.id);
        return bad;
    }
    if (axis < 0) axis += d->shape.rank;
    if (axis < 0 || axis >= d->shape.rank || d->shape.dim[axis] != 1) {
        gir__gfail(g, GIR_ERR_ATTR, "squeeze: axis %d of %S is not of size 1", axis, &d->shape);
        return bad;
    }
    s.rank = d->shape.rank - 1;
    for (k = 0; k < s.rank; ++k) s.dim[k] = d->shape.dim[k < axis ? k : k + 1];
    return gir_reshape(g, x, s);
}
GIR_API gir_node gir_permute_last2(gir_graph *g, gir_node x) {
    const gir__node *d = gir__get(g, x);
    gir_ints p;
    gir_node bad = {0};
    int k;
    if (!d) {
        if (x.id) gir__gfail(g, GIR_ERR_HANDLE, "permute_last2: input is not a node of this graph (id %u)", (unsigned)x.id);
        return bad;
    }
    if (d->shape.rank < 2) {
        gir__gfail(g, GIR_ERR_SHAPE, "permute_last2: needs rank >= 2, got %S", &d->shape);
        return bad;
    }
    p.n = d->shape.rank;
    for (k = 0; k < p.n; ++k) p.v[k] = k;
    p.v[p.n - 2] = p.n - 1;
    p.v[p.n - 1] = p.n - 2;
    return gir_transpose(g, x, p);
}
GIR_API int gir_split(gir_graph *g, gir_node x, int axis, int parts, gir_node *out) {
    const gir__node *d = gir__get(g, x);
    int k, len;
    if (!d || parts < 1 || !out) {
        if (x.id && !d) gir__gfail(g, GIR_ERR_HANDLE, "split: input is not a node of this graph (id %u)", (unsigned)x.id);
        else if (d) gir__gfail(g, GIR_ERR_INVALID_ARG, "split: needs parts >= 1 and an output array");
        return 0;
    }
    if (axis < 0) axis += d->shape.rank;
    if (axis < 0 || axis >= d->shape.rank || d->shape.dim[axis] % parts) {
        gir__gfail(g, GIR_ERR_SHAPE, "split: cannot split axis %d of %S into %d equal parts", axis, &d->shape, parts);
        return 0;
    }
    len = d->shape.dim[axis] / parts;
    for (k = 0; k < parts; ++k) out[k] = gir_slice(g, x, axis, k * len, (k + 1) * len, 1);
    return parts;
}
/* (x - mean) / sqrt(var + eps) * gamma + beta over one axis; gamma and beta broadcast against x */
GIR_API gir_node gir_layer_norm(gir_graph *g, gir_node x, gir_node gamma, gir_node beta, int axis, double eps) {
    gir_ints ax = gir_ints1(axis);
    gir_node mu = gir_mean(g, x, ax, 1);
    gir_node xc = gir_sub(g, x, mu);
    gir_node var = gir_mean(g, gir_square(g, xc), ax, 1);
    gir_node inv = gir_rsqrt(g, gir_add(g, var, gir_scalar(g, gir_node_dtype(g, x), eps)));
    return gir_add(g, gir_mul(g, gir_mul(g, xc, inv), gamma), beta);
}
/* training-mode batch norm over every axis but 1 (N,C[,H,W]); gamma and beta have shape [C] or broadcast */
GIR_API gir_node gir_batch_norm(gir_graph *g, gir_node x, gir_node gamma, gir_node beta, double eps) {
    const gir__node *d = gir__get(g, x);
    gir_ints ax;
    gir_shape cs;
    gir_node mu, xc, var, inv;
    int k;
    if (!d) { gir_node bad = {0}; return bad; }
    ax.n = 0;
    cs.rank = d->shape.rank;
    for (k = 0; k < d->shape.rank; ++k) {
        if (k != 1) ax.v[ax.n++] = k;
        cs.dim[k] = k == 1 ? d->shape.dim[1] : 1;
    }
    mu = gir_mean(g, x, ax, 1);
    xc = gir_sub(g, x, mu);
    var = gir_mean(g, gir_square(g, xc), ax, 1);
    inv = gir_rsqrt(g, gir_add(g, var, gir_scalar(g, (gir_dtype)d->dtype, eps)));
    if (d->shape.rank > 2) {
        gamma = gir_reshape(g, gamma, cs);
        beta = gir_reshape(g, beta, cs);
    }
    return gir_add(g, gir_mul(g, gir_mul(g, xc, inv), gamma), beta);
}

#ifndef GIR_NO_STDIO
GIR_API void gir_dump(const gir_graph *g, FILE *f) {
    size_t k;
    static const char *const nt[] = {"const", "const_derived", "input", "input_nondiff", "input_derived"};
    if (!g || !f) return;
    for (k = 1; k < g->nnodes; ++k) {
        const gir__node *d = &g->nodes[k];
        char sh[96];
        uint32_t j;
        gir__format(sh, sizeof sh, "%S", &d->shape);
        fprintf(f, "%%%u = %s(", (unsigned)k, gir__ops[d->op].name);
        for (j = 0; j < d->nin; ++j)
            fprintf(f, "%s%s%%%u", j ? ", " : "", j >= d->nparents ? "@" : "", (unsigned)g->ins[d->in0 + j]);
        fprintf(f, ") : %s%s  %s  level %d\n", gir__dtype_names[d->dtype], sh, nt[d->ntype], d->grad_level);
    }
}
#endif
