/* >>graph: nodes, the generic builder, dtype and shape rules -------------------------------------------- */
#include <stdarg.h>

/* generated from ops.def: the op table at run time */
@@OP_INFO@@
static int gir__ew_lacks(int op, int dt);   /* an elementwise op without a kernel for dt (gen/kernels.c) */

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
    s.rank = (int32_t)rank;
    if (rank < 0 || rank > GIR_MAX_RANK) return s;       /* kept as given: every builder rejects it, naming it */
    if (rank > 0 && !dims) { s.rank = -1; return s; }  /* the invalid shape, rejected by every builder */
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
    r.n = (int32_t)n;
    if (n < 0 || n > GIR_MAX_RANK) return r;               /* kept as given: every builder rejects it */
    if (n > 0 && !v) { r.n = -1; return r; }             /* the invalid list, rejected by every builder */
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
/* The largest tensor gir.h accepts: 2^40 elements, so byte counts never overflow a 64-bit size_t. The product
   of the nonzero dimensions is bounded too, so no partial product of a shape (outer x axis x inner) overflows.
   Each multiplication is checked before it is done. */
#define GIR__MAX_NUMEL ((int64_t)1 << 40)
static int gir__mul_ok(int64_t *n, int64_t d) {          /* *n *= max(d, 1) when the result stays in bounds */
    if (d > 1) {
        if (*n > GIR__MAX_NUMEL / d) return 0;
        *n *= d;
    }
    return 1;
}
static int gir__dims_ok(const gir_shape *s) {             /* a shape whose rank is already known to be valid */
    int64_t n = 1;
    int k;
    for (k = 0; k < s->rank; ++k)
        if (s->dim[k] < 0 || !gir__mul_ok(&n, s->dim[k])) return 0;
    return 1;
}
static int gir__rank_ok(int32_t rank) { return rank >= 0 && rank <= GIR_MAX_RANK; }
/* the bytes of a valid shape's values; 0 when they would not fit in half a size_t (a 32-bit target) */
static int gir__bytes(const gir_shape *s, int dt, size_t *out) {
    uint64_t n = (uint64_t)gir__numel(s), es = gir__dtype_sizes[dt];
    if (n > (uint64_t)((size_t)-1 / 2) / 8u) return 0;
    *out = (size_t)(n * es);
    return 1;
}
static int gir__shape_ok(const gir_shape *s) { return gir__rank_ok(s->rank) && gir__dims_ok(s); }

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
    g->tag = gir__new_tag();
    return g;
}
/* the graph's memory; gir_graph_free calls it, or the last plan's gir_plan_free when plans outlived the graph */
static void gir__graph_release(gir_graph *g) {
    size_t k;
    gir_allocator a = g->a;
    for (k = 1; k < g->nnodes; ++k)
        gir__free(&a, (void *)g->nodes[k].attr.data, g->nodes[k].data_bytes);
    gir__free(&a, g->nodes, g->cap * sizeof(gir__node));
    gir__free(&a, g->ins, g->inscap * sizeof(uint32_t));
    gir__free(&a, g, sizeof *g);
}
GIR_API void gir_graph_free(gir_graph *g) {
    if (!g || g->freed) return;
    g->freed = 1;
    if (!g->plans) gir__graph_release(g);
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
    size_t k;
    for (k = 1; g && index >= 0 && k < g->nnodes; ++k)
        if (g->nodes[k].op == GIR_OP_INPUT && index-- == 0) return gir__handle(g, (uint32_t)k);
    return gir__handle(NULL, 0);
}

/* the node behind a handle of g; NULL for the invalid handle and for any handle g did not make */
static const gir__node *gir__get(const gir_graph *g, gir_node n) {
    return gir__handle_kind(g, n) == GIR__H_OWN ? &g->nodes[n.id] : NULL;
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
    if (d && k >= 0 && (uint32_t)k < d->nin) return gir__handle(g, g->ins[d->in0 + (uint32_t)k]);
    return gir__handle(NULL, 0);
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

/* Attributes the caller built by hand: a shape's or a list's rank is checked before anything reads it, and
   a shape's dimensions before anything multiplies them. */
static gir_status gir__check_rank(gir__bctx *b, int32_t rank, const char *what) {
    if (rank < 0)
        return GIR__BFAIL(b, GIR_ERR_ATTR, "%s: node %u: %s: rank %d < 0", gir__bname(b), b->id, what, (int)rank);
    if (rank > GIR_MAX_RANK)
        return GIR__BFAIL(b, GIR_ERR_ATTR, "%s: node %u: %s: rank %d > GIR_MAX_RANK %d", gir__bname(b), b->id, what,
                          (int)rank, GIR_MAX_RANK);
    return GIR_OK;
}
static gir_status gir__check_shape(gir__bctx *b, const gir_shape *s, const char *what) {
    gir_status st = gir__check_rank(b, s->rank, what);
    int k;
    if (st) return st;
    for (k = 0; k < s->rank; ++k)
        if (s->dim[k] < 0)
            return GIR__BFAIL(b, GIR_ERR_ATTR, "%s: node %u: %s %S has a negative dimension", gir__bname(b), b->id,
                              what, s);
    if (!gir__dims_ok(s))
        return GIR__BFAIL(b, GIR_ERR_LIMIT, "%s: node %u: %s %S has more than 2^40 elements", gir__bname(b), b->id,
                          what, s);
    return GIR_OK;
}
static int gir__starts(const char *s, const char *prefix) {
    while (*prefix && *s == *prefix) { ++s; ++prefix; }
    return !*prefix;
}
/* the rank of every list (l:) and shape (shape:) attribute the op's row declares */
static gir_status gir__check_attr_ranks(gir__bctx *b, const char *spec) {
    int nl = 0;
    while (*spec) {
        const char *name = spec;
        char what[32];
        int j = 0;
        gir_status st = GIR_OK;
        while (*name && *name != ':') ++name;
        if (*name) ++name;
        while (name[j] && name[j] != ',' && j < (int)sizeof what - 1) { what[j] = name[j]; ++j; }
        what[j] = 0;
        if (gir__starts(spec, "l:") && nl < 3) st = gir__check_rank(b, b->attr.l[nl++].n, what);
        else if (gir__starts(spec, "shape:")) st = gir__check_rank(b, b->attr.shape.rank, what);
        if (st) return st;
        while (*spec && *spec != ',') ++spec;
        if (*spec) ++spec;
    }
    return GIR_OK;
}

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
/* inputs are stored parents first, then arguments; messages count them in builder (IN) order */
/* the name of builder input pos, as the row's IN column gives it (one name for all of a variadic list) */
static const char *gir__in_name(const gir__opinfo *oi, int pos) {
    int n = oi->variadic ? 1 : oi->nparents + oi->nargs;
    return n ? gir__in_names[oi->in_name0 + (pos < n ? pos : n - 1)] : "";
}
static int gir__in_pos(const gir__opinfo *oi, int k) {
    int want = k < oi->nparents ? k : k - oi->nparents, is_arg = k >= oi->nparents, j;
    if (oi->variadic) return k;
    for (j = 0; j < 32; ++j)
        if ((int)((oi->argmask >> j) & 1u) == is_arg && want-- == 0) return j;
    return k;
}
static gir_status gir__need_rank(gir__bctx *b, int k, int lo, int hi) {
    const gir__node *x = gir__bin(b, k);
    int pos = gir__in_pos(&gir__ops[b->op], k);
    if (x->shape.rank < lo || x->shape.rank > hi) {
        if (lo == hi)
            return GIR__BFAIL(b, GIR_ERR_SHAPE, "%s: node %u: %s (input %d) must have rank %d, got %S",
                              gir__bname(b), b->id, gir__in_name(&gir__ops[b->op], pos), pos, lo, &x->shape);
        return GIR__BFAIL(b, GIR_ERR_SHAPE, "%s: node %u: %s (input %d) must have rank %d..%d, got %S",
                          gir__bname(b), b->id, gir__in_name(&gir__ops[b->op], pos), pos, lo, hi, &x->shape);
    }
    return GIR_OK;
}
static gir_status gir__need_dtype(gir__bctx *b, int k, int dt) {
    const gir__node *x = gir__bin(b, k);
    if (x->dtype != dt)
        return GIR__BFAIL(b, GIR_ERR_DTYPE, "%s: node %u: %s (input %d) must be %T, got %T %S", gir__bname(b), b->id,
                          gir__in_name(&gir__ops[b->op], gir__in_pos(&gir__ops[b->op], k)),
                          gir__in_pos(&gir__ops[b->op], k), dt, (int)x->dtype, &x->shape);
    return GIR_OK;
}

/* shape functions named by the table (gir__sh_<name>) ------------------------------------------------------ */
static gir_status gir__sh_eye(gir__bctx *b) {
    if (b->attr.i[0] < 0 || b->attr.i[1] < 0)
        return GIR__BFAIL(b, GIR_ERR_ATTR, "eye: node %u: n = %d and m = %d must be >= 0", b->id, (int)b->attr.i[0],
                          (int)b->attr.i[1]);
    b->out = gir_shape2(b->attr.i[0], b->attr.i[1]);
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
    int64_t known = 1, bound = 1, n = gir__numel(&x->shape);
    int k, infer = -1;
    gir_status s = gir__check_rank(b, t.rank, "target shape");
    if (s) return s;
    for (k = 0; k < t.rank; ++k) {
        if (t.dim[k] == -1 && infer < 0) infer = k;
        else if (t.dim[k] < 0)
            return GIR__BFAIL(b, GIR_ERR_ATTR, "reshape: node %u: bad target shape %S", b->id, &t);
        else if (!gir__mul_ok(&bound, t.dim[k]))    /* bound >= known: neither product overflows */
            return GIR__BFAIL(b, GIR_ERR_LIMIT, "reshape: node %u: target shape %S has more than 2^40 elements", b->id, &t);
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
    gir_status s = gir__check_shape(b, &b->attr.shape, "target shape");
    if (s) return s;
    if (x->shape.rank > b->attr.shape.rank || !gir__bcast2(&x->shape, &b->attr.shape, &o) ||
        !gir__shape_eq(&o, &b->attr.shape))
        return GIR__BFAIL(b, GIR_ERR_SHAPE, "broadcast_to: node %u: cannot broadcast %S to %S", b->id, &x->shape,
                          &b->attr.shape);
    b->out = b->attr.shape;
    return GIR_OK;
}
/* a slice bound as Python's slice.indices makes it: GIR_SLICE_NONE is the default for the step's direction,
   negative counts from the end, and the result is clamped to [0, len] (step > 0) or [-1, len - 1] (step < 0) */
static int64_t gir__slice_bound(int64_t v, int64_t len, int64_t step, int is_stop) {
    int64_t lo = step > 0 ? 0 : -1, hi = step > 0 ? len : len - 1;
    if (v == GIR_SLICE_NONE) return (step > 0) == !!is_stop ? hi : lo;
    if (v < 0) v += len;
    return v < lo ? lo : v > hi ? hi : v;
}
/* Python slice semantics on an axis of length len; returns the number of elements. The bounds are stored
   normalised so that normalising again changes nothing: an empty slice is 0:0, and a stop before index 0
   (step < 0) is GIR_SLICE_NONE */
static int32_t gir__slice_norm(int32_t len, int32_t *start, int32_t *stop, int32_t step) {
    int64_t a = gir__slice_bound(*start, len, step, 0), e = gir__slice_bound(*stop, len, step, 1), n;
    n = step > 0 ? (e > a ? (e - a + step - 1) / step : 0) : (a > e ? (a - e - (int64_t)step - 1) / -(int64_t)step : 0);
    if (n == 0) a = e = 0;
    *start = (int32_t)a;
    *stop = e < 0 ? GIR_SLICE_NONE : (int32_t)e;
    return (int32_t)n;
}
static gir_status gir__sh_slice(gir__bctx *b) {
    const gir__node *x = gir__bin(b, 0);
    gir_status s;
    if (x->shape.rank < 1) return gir__need_rank(b, 0, 1, GIR_MAX_RANK);
    if ((s = gir__axis(b, &b->attr.i[0], x->shape.rank, "axis")) != GIR_OK) return s;
    if (b->attr.i[3] == 0)
        return GIR__BFAIL(b, GIR_ERR_ATTR, "slice: node %u: step must not be 0", b->id);
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
    if (b->attr.i[3] == 0 || b->attr.i[4] < 0)
        return GIR__BFAIL(b, GIR_ERR_ATTR, "unslice: node %u: step %d must not be 0 and len %d must be >= 0", b->id,
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
        return GIR__BFAIL(b, GIR_ERR_LIMIT, "concat: node %u: axis %d of the result would have %l elements, more "
                          "than INT32_MAX (input 0 %S)", b->id, (int)b->attr.i[0], (long long)total, &x0->shape);
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
        if (d > 2147483647)
            return GIR__BFAIL(b, GIR_ERR_LIMIT, "pad: node %u: axis %d of %S would have %l elements, more than "
                              "INT32_MAX", b->id, k, &x->shape, (long long)d);
        b->out.dim[k] = (int32_t)d;
    }
    return GIR_OK;
}
static gir_status gir__sh_index_select(gir__bctx *b) {
    const gir__node *x = gir__bin(b, 0), *ix = gir__bin(b, 1);
    gir_status s;
    int k, r = 0, ax;
    if (x->shape.rank < 1) return gir__need_rank(b, 0, 1, GIR_MAX_RANK);
    if ((s = gir__need_dtype(b, 1, GIR_DTYPE_I32)) != GIR_OK) return s;
    if ((s = gir__axis(b, &b->attr.i[0], x->shape.rank, "axis")) != GIR_OK) return s;
    ax = b->attr.i[0];
    if (x->shape.rank - 1 + ix->shape.rank > GIR_MAX_RANK)
        return GIR__BFAIL(b, GIR_ERR_LIMIT, "index_select: node %u: result rank exceeds GIR_MAX_RANK (%S, index %S)",
                          b->id, &x->shape, &ix->shape);
    for (k = 0; k < ax; ++k) b->out.dim[r++] = x->shape.dim[k];
    for (k = 0; k < ix->shape.rank; ++k) b->out.dim[r++] = ix->shape.dim[k];
    for (k = ax + 1; k < x->shape.rank; ++k) b->out.dim[r++] = x->shape.dim[k];
    b->out.rank = r;
    return GIR_OK;
}
static gir_status gir__sh_index_add(gir__bctx *b) {
    const gir__node *x = gir__bin(b, 0), *ix = gir__bin(b, 1);
    gir_status s;
    int k, r = 0, ax, orank = x->shape.rank - ix->shape.rank + 1;
    if ((s = gir__need_dtype(b, 1, GIR_DTYPE_I32)) != GIR_OK) return s;
    if (orank < 1)
        return GIR__BFAIL(b, GIR_ERR_SHAPE, "index_add: node %u: input %S has lower rank than index %S", b->id,
                          &x->shape, &ix->shape);
    if ((s = gir__axis(b, &b->attr.i[0], orank, "axis")) != GIR_OK) return s;
    ax = b->attr.i[0];
    for (k = 0; k < ix->shape.rank; ++k)
        if (x->shape.dim[ax + k] != ix->shape.dim[k])
            return GIR__BFAIL(b, GIR_ERR_SHAPE, "index_add: node %u: input %S does not hold index %S at axis %d",
                              b->id, &x->shape, &ix->shape, ax);
    if (b->attr.i[1] < 0) return GIR__BFAIL(b, GIR_ERR_ATTR, "index_add: node %u: len < 0", b->id);
    for (k = 0; k < ax; ++k) b->out.dim[r++] = x->shape.dim[k];
    b->out.dim[r++] = b->attr.i[1];
    for (k = ax + ix->shape.rank; k < x->shape.rank; ++k) b->out.dim[r++] = x->shape.dim[k];
    b->out.rank = r;
    return GIR_OK;
}
/* gather and scatter_add (torch): index has the rank of x and, off the axis, at most x's extent */
static gir_status gir__along_check(gir__bctx *b, const gir__node *x, const gir__node *ix) {
    gir_status s;
    int k;
    if (x->shape.rank < 1) return gir__need_rank(b, 0, 1, GIR_MAX_RANK);
    if ((s = gir__axis(b, &b->attr.i[0], x->shape.rank, "axis")) != GIR_OK) return s;
    if (ix->shape.rank != x->shape.rank)
        return GIR__BFAIL(b, GIR_ERR_SHAPE, "%s: node %u: index %S must have the rank of x %S (np.take-style indexing "
                          "is index_select)", gir__bname(b), b->id, &ix->shape, &x->shape);
    for (k = 0; k < x->shape.rank; ++k)
        if (k != b->attr.i[0] && ix->shape.dim[k] > x->shape.dim[k])
            return GIR__BFAIL(b, GIR_ERR_SHAPE, "%s: node %u: index %S is larger than x %S on axis %d",
                              gir__bname(b), b->id, &ix->shape, &x->shape, k);
    return GIR_OK;
}
static gir_status gir__sh_gather(gir__bctx *b) {
    const gir__node *x = gir__bin(b, 0), *ix = gir__bin(b, 1);
    gir_status s;
    if ((s = gir__need_dtype(b, 1, GIR_DTYPE_I32)) != GIR_OK) return s;
    if ((s = gir__along_check(b, x, ix)) != GIR_OK) return s;
    b->out = ix->shape;
    return GIR_OK;
}
static gir_status gir__sh_scatter_add(gir__bctx *b) {
    const gir__node *x = gir__bin(b, 0), *src = gir__bin(b, 1), *ix = gir__bin(b, 2);
    gir_status s;
    if ((s = gir__need_dtype(b, 2, GIR_DTYPE_I32)) != GIR_OK) return s;
    if ((s = gir__along_check(b, x, ix)) != GIR_OK) return s;
    if (!gir__shape_eq(&ix->shape, &src->shape))
        return GIR__BFAIL(b, GIR_ERR_SHAPE, "scatter_add: node %u: index %S and src %S must have one shape", b->id,
                          &ix->shape, &src->shape);
    b->out = x->shape;
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
    if (cond->dtype != GIR_DTYPE_B8)
        return GIR__BFAIL(b, GIR_ERR_DTYPE, "where: node %u: cond must be b8, got %T %S", b->id, (int)cond->dtype,
                          &cond->shape);
    if (!gir__bcast2(&a->shape, &c->shape, &t) || !gir__bcast2(&t, &cond->shape, &b->out))
        return GIR__BFAIL(b, GIR_ERR_SHAPE, "where: node %u: cond %S, a %S and b %S do not broadcast", b->id,
                          &cond->shape, &a->shape, &c->shape);
    return GIR_OK;
}
/* [..., n] -> [..., n + |k|, n + |k|] with the vector on diagonal k */
static gir_status gir__sh_diag(gir__bctx *b) {
    const gir__node *x = gir__bin(b, 0);
    gir_status s = gir__need_rank(b, 0, 1, GIR_MAX_RANK - 1);
    int64_t k = b->attr.i[0], len;
    if (s) return s;
    len = x->shape.dim[x->shape.rank - 1] + (k < 0 ? -k : k);
    if (len > 2147483647)
        return GIR__BFAIL(b, GIR_ERR_LIMIT, "diag: node %u: %S with k = %d is too large", b->id, &x->shape, (int)k);
    b->out = x->shape;
    b->out.dim[b->out.rank - 1] = (int32_t)len;
    b->out.dim[b->out.rank] = (int32_t)len;
    b->out.rank++;
    return GIR_OK;
}
/* the length of diagonal k of an m x n matrix */
static int32_t gir__diag_len(int64_t m, int64_t n, int64_t k) {
    int64_t d = k >= 0 ? (m < n - k ? m : n - k) : (m + k < n ? m + k : n);
    return d > 0 ? (int32_t)d : 0;
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
    if (s) return s;
    b->out = x->shape;
    b->out.rank--;
    b->out.dim[b->out.rank - 1] = gir__diag_len(x->shape.dim[x->shape.rank - 2], x->shape.dim[x->shape.rank - 1],
                                                b->attr.i[0]);
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
/* One spatial axis of a sliding window: the dilated window and the padded input must each fit in int32_t
   (then so does the output, and every index a kernel forms fits in int64_t); all arithmetic is 64-bit.
   Writes the output length, 0 when the window does not fit in the padded input. */
static gir_status gir__window(gir__bctx *b, int32_t in, int32_t k, int32_t s, int32_t p, int32_t d, const char *axis,
                              int32_t *out) {
    int64_t span = (int64_t)d * ((int64_t)k - 1) + 1, padded = (int64_t)in + 2 * (int64_t)p;
    if (span > 2147483647)
        return GIR__BFAIL(b, GIR_ERR_ATTR, "%s: node %u: a window of %d with dilation %d spans %l %s elements, more "
                          "than INT32_MAX", gir__bname(b), b->id, (int)k, (int)d, (long long)span, axis);
    if (padded > 2147483647)
        return GIR__BFAIL(b, GIR_ERR_ATTR, "%s: node %u: padding %d makes the padded %s %l, more than INT32_MAX",
                          gir__bname(b), b->id, (int)p, axis, (long long)padded);
    *out = padded < span ? 0 : (int32_t)((padded - span) / s + 1);
    return GIR_OK;
}
/* checks x [N,C,H,W] against w [K,C/groups,kh,kw]; writes the conv output shape to *o */
static gir_status gir__conv_check(gir__bctx *b, const gir_shape *xs, const gir_shape *ws, gir_shape *o) {
    gir_status s;
    gir_attr *A = &b->attr;
    int32_t oh = 0, ow = 0;
    if ((s = gir__pair(b, &A->l[0], 1, 1, 1, "stride")) != GIR_OK) return s;
    if ((s = gir__pair(b, &A->l[1], 0, 0, 0, "padding")) != GIR_OK) return s;
    if ((s = gir__pair(b, &A->l[2], 1, 1, 1, "dilation")) != GIR_OK) return s;
    if (A->i[0] == 0) A->i[0] = 1;
    if (xs->rank != 4 || ws->rank != 4)
        return GIR__BFAIL(b, GIR_ERR_SHAPE, "%s: node %u: needs x [N,C,H,W] and w [K,C/groups,kh,kw], got %S, %S",
                          gir__bname(b), b->id, xs, ws);
    if (A->i[0] < 1 || xs->dim[1] % A->i[0] || ws->dim[0] % A->i[0] || (int64_t)ws->dim[1] * A->i[0] != xs->dim[1])
        return GIR__BFAIL(b, GIR_ERR_SHAPE, "%s: node %u: channels do not fit groups=%d: x %S, w %S", gir__bname(b),
                          b->id, (int)A->i[0], xs, ws);
    if ((s = gir__window(b, xs->dim[2], ws->dim[2], A->l[0].v[0], A->l[1].v[0], A->l[2].v[0], "height", &oh)) ||
        (s = gir__window(b, xs->dim[3], ws->dim[3], A->l[0].v[1], A->l[1].v[1], A->l[2].v[1], "width", &ow)))
        return s;
    *o = gir_shape4(xs->dim[0], ws->dim[0], oh, ow);
    if (oh < 1 || ow < 1)
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
    gir_status s = gir__check_shape(b, &b->attr.shape, "xshape");
    if (!s) s = gir__conv_check(b, &b->attr.shape, &gir__bin(b, 1)->shape, &o);
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
    gir_status s = gir__check_shape(b, &b->attr.shape, "wshape");
    if (!s) s = gir__conv_check(b, &gir__bin(b, 0)->shape, &b->attr.shape, &o);
    if (s) return s;
    if (!gir__shape_eq(&o, &gy->shape))
        return GIR__BFAIL(b, GIR_ERR_SHAPE, "conv2d_bwd_filter: node %u: gradient %S does not match the output %S",
                          b->id, &gy->shape, &o);
    b->out = b->attr.shape;
    return GIR_OK;
}
/* pooling: as PyTorch, padding is at most half the kernel, so every window holds at least one input element */
static gir_status gir__pool_check(gir__bctx *b, const gir_shape *xs, gir_shape *o) {
    gir_status s;
    gir_attr *A = &b->attr;
    int32_t oh = 0, ow = 0;
    if ((s = gir__pair(b, &A->l[0], 0, 0, 1, "kernel")) != GIR_OK) return s;
    if ((s = gir__pair(b, &A->l[1], A->l[0].v[0], A->l[0].v[1], 1, "stride")) != GIR_OK) return s;
    if ((s = gir__pair(b, &A->l[2], 0, 0, 0, "padding")) != GIR_OK) return s;
    if (2 * (int64_t)A->l[2].v[0] > A->l[0].v[0] || 2 * (int64_t)A->l[2].v[1] > A->l[0].v[1])
        return GIR__BFAIL(b, GIR_ERR_ATTR, "%s: node %u: padding [%d,%d] must be at most half the kernel [%d,%d]",
                          gir__bname(b), b->id, (int)A->l[2].v[0], (int)A->l[2].v[1], (int)A->l[0].v[0],
                          (int)A->l[0].v[1]);
    if (xs->rank != 4)
        return GIR__BFAIL(b, GIR_ERR_SHAPE, "%s: node %u: needs x [N,C,H,W], got %S", gir__bname(b), b->id, xs);
    if ((s = gir__window(b, xs->dim[2], A->l[0].v[0], A->l[1].v[0], A->l[2].v[0], 1, "height", &oh)) ||
        (s = gir__window(b, xs->dim[3], A->l[0].v[1], A->l[1].v[1], A->l[2].v[1], 1, "width", &ow)))
        return s;
    *o = gir_shape4(xs->dim[0], xs->dim[1], oh, ow);
    if (oh < 1 || ow < 1)
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
    gir_status s = gir__check_shape(b, &b->attr.shape, "xshape");
    if (!s) s = gir__pool_check(b, &b->attr.shape, &o);
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
    case GIR__DT_CMP: return "b8 or numeric (b8, u8, i32, f32, f64)";
    case GIR__DT_LOGIC: return "b8";
    case GIR__DT_TEST: return "float (f32, f64)";
    case GIR__DT_INT: return "integer (u8, i32)";
    case GIR__DT_INDEX: return "numeric (u8, i32, f32, f64)";
    default: return "any";
    }
}
static int gir__dt_allowed(int rule, int dt) {
    switch (rule) {
    case GIR__DT_NUM: case GIR__DT_INDEX: return gir__is_num(dt);
    case GIR__DT_CMP: return dt == GIR_DTYPE_B8 || gir__is_num(dt);
    case GIR__DT_FLOAT: return gir__is_num(dt);        /* integers may promote with a float parent */
    case GIR__DT_TEST: return gir__is_float(dt);
    case GIR__DT_LOGIC: return dt == GIR_DTYPE_B8;
    case GIR__DT_INT: return gir__is_int(dt);
    default: return dt > 0 && dt < GIR_DTYPE__COUNT;
    }
}

/* attribute values no shape rule looks at */
static gir_status gir__check_values(gir__bctx *b) {
    if (b->op == GIR_OP_CLAMP && b->attr.f[0] > b->attr.f[1])
        return GIR__BFAIL(b, GIR_ERR_ATTR, "clamp: node %u: lo %g > hi %g (lo must not exceed hi)", b->id,
                          b->attr.f[0], b->attr.f[1]);
    return GIR_OK;
}
/* the value of a rank-0 constant as its node holds it, when known at build time */
static int gir__scalar_value(const gir__node *x, double *v) {
    if (x->op == GIR_OP_FILL) {
        *v = x->dtype == GIR_DTYPE_U8 ? gir__sat_u8(x->attr.f[0]) : x->dtype == GIR_DTYPE_I32 ?
             gir__sat_i32(x->attr.f[0]) : x->attr.f[0];
        return 1;
    }
    if (x->op != GIR_OP_CONSTANT || !x->attr.data) return 0;
    switch (x->dtype) {
    case GIR_DTYPE_U8: case GIR_DTYPE_B8: *v = *(const uint8_t *)x->attr.data; return 1;
    case GIR_DTYPE_I32: *v = *(const int32_t *)x->attr.data; return 1;
    case GIR_DTYPE_F32: *v = *(const float *)x->attr.data; return 1;
    default: *v = *(const double *)x->attr.data; return 1;
    }
}
static int gir__kind(int dt) { return dt == GIR_DTYPE_B8 ? 0 : gir__is_int(dt) ? 1 : 2; }
static int gir__weak(const gir__node *x, int np) { return np > 1 && x->shape.rank == 0 && x->ntype == GIR_NODE_CONSTANT; }
/* The common dtype of the parents. Promotion follows the order b8 < u8 < i32 < f32 < f64, but a rank-0 constant
   (a scalar such as gir_scalar's) adapts to the other parents, as in NumPy 2: x_f32 * 2.0 stays f32; a float
   scalar with integer or b8 tensors gives at least f32, an integer scalar with b8 tensors its own dtype. An
   integer scalar must fit the dtype it adapts to (NumPy 2 raises OverflowError for u8 + 300), except in
   comparisons, which then compare in the scalar's dtype (u8 == 300 is false, as in NumPy 2). */
static gir_status gir__promote(gir__bctx *b, const gir__opinfo *oi, const gir_node *stor, int np, int *pdt) {
    gir_graph *g = b->g;
    int strong = 0, weak = 0, k;
    for (k = 0; k < np; ++k) {
        const gir__node *x = &g->nodes[stor[k].id];
        if (!gir__dt_allowed(oi->dtrule, x->dtype))
            return GIR__BFAIL(b, GIR_ERR_DTYPE, "%s: node %u: %s (input %d) must be %s, got %T %S", oi->name, b->id,
                              gir__in_name(oi, gir__in_pos(oi, k)), gir__in_pos(oi, k), gir__dtrule_text(oi->dtrule),
                              (int)x->dtype, &x->shape);
        if (gir__weak(x, np)) { if (x->dtype > weak) weak = x->dtype; }
        else if (x->dtype > strong) strong = x->dtype;
    }
    *pdt = !strong ? weak : (!weak || gir__kind(weak) <= gir__kind(strong)) ? strong
         : gir__is_float(weak) ? GIR_DTYPE_F32 : weak;
    for (k = 0; k < np && gir__is_int(*pdt); ++k) {
        const gir__node *x = &g->nodes[stor[k].id];
        double v, lo = *pdt == GIR_DTYPE_U8 ? 0.0 : -2147483648.0, hi = *pdt == GIR_DTYPE_U8 ? 255.0 : 2147483647.0;
        if (!gir__weak(x, np) || !gir__is_int(x->dtype) || !gir__scalar_value(x, &v) || (v >= lo && v <= hi)) continue;
        if (oi->dtrule == GIR__DT_CMP) { *pdt = x->dtype > *pdt ? x->dtype : *pdt; continue; }
        return GIR__BFAIL(b, GIR_ERR_DTYPE, "%s: node %u: the scalar %g (%s, input %d) does not fit %T, the dtype "
                          "of the other operand (cast one side first)", oi->name, b->id, v,
                          gir__in_name(oi, gir__in_pos(oi, k)), gir__in_pos(oi, k), *pdt);
    }
    return GIR_OK;
}
GIR_API gir_node gir_op_build(gir_graph *g, gir_op op, int n, const gir_node *in, const gir_attr *attr) {
    gir_node bad = gir__handle(NULL, 0), ord[GIR_MAX_VARIADIC], *stor = ord;
    const gir__opinfo *oi;
    const gir__node *x0 = NULL;     /* the first parent, which the dtype and shape rules read */
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
    if (oi->variadic ? (n < 1 || n > GIR_MAX_VARIADIC) : (n != oi->nparents + oi->nargs)) {
        if (oi->variadic)
            gir__gfail(g, GIR_ERR_INVALID_ARG, "%s: node %u: takes 1 to GIR_MAX_VARIADIC (%d) inputs, got %d", oi->name,
                       b.id, GIR_MAX_VARIADIC, n);
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
            if (!oi->variadic && k < 32 && ((oi->argmask >> k) & 1u)) ord[a++] = in[k];
            else ord[p++] = in[k];
        }
    }
    for (k = 0; k < n; ++k) {
        int kind = gir__handle_kind(g, stor[k]);
        if (kind == GIR__H_NONE) return bad;          /* poisoned input: no new message */
        if (kind != GIR__H_OWN) {
            gir__gfail(g, GIR_ERR_HANDLE, "%s: node %u: %s (input %d, id %u) %s", oi->name, b.id,
                       gir__in_name(oi, gir__in_pos(oi, k)), gir__in_pos(oi, k), (unsigned)stor[k].id, gir__handle_why(kind));
            return bad;
        }
    }
    b.in = stor;
    if (attr) b.attr = *attr;
    b.attr.data = NULL;
    if (gir__check_attr_ranks(&b, oi->attrs)) return bad;
    if (gir__promote(&b, oi, stor, np, &pdt)) return bad;
    if (np > 0) x0 = &g->nodes[stor[0].id];
    if (np > 0 && gir__ew_lacks(op, pdt)) {
        gir__gfail(g, GIR_ERR_DTYPE, "%s: node %u: not defined for %T inputs", oi->name, b.id, pdt);
        return bad;
    }
    if (!x0 && (oi->dtrule != GIR__DT_ATTR || oi->shrule == GIR__SH_SAME || oi->shrule == GIR__SH_BCAST ||
                oi->shrule == GIR__SH_REDUCE)) {           /* a table row whose rules read a parent it lacks */
        gir__gfail(g, GIR_ERR_INVALID_ARG, "%s: node %u: its dtype and shape rules need a parent", oi->name, b.id);
        return bad;
    }
    switch (oi->dtrule) {
    case GIR__DT_FLOAT:
        if (!gir__is_float(pdt)) {
            gir__gfail(g, GIR_ERR_DTYPE, "%s: node %u: needs float (f32, f64) inputs, got %T %S (cast it first)",
                       oi->name, b.id, (int)x0->dtype, &x0->shape);
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
        b.out = x0->shape;
        if (oi->axis_i >= 0) s = gir__axis(&b, &b.attr.i[oi->axis_i], b.out.rank, "axis");
        if (!s && oi->axes_l >= 0) s = gir__axes(&b, &b.attr.l[oi->axes_l], b.out.rank, 0);
        break;
    case GIR__SH_BCAST:
        b.out = x0->shape;
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
        s = gir__check_shape(&b, &b.out, "shape");
        break;
    default: s = oi->shape_fn(&b);
    }
    if (!s) s = gir__check_values(&b);
    if (s) return bad;
    if (!gir__shape_ok(&b.out)) {
        int neg = !gir__rank_ok(b.out.rank);
        for (k = 0; !neg && k < b.out.rank; ++k) neg = b.out.dim[k] < 0;
        if (neg) gir__gfail(g, GIR_ERR_SHAPE, "%s: node %u: result %S is not a valid shape", oi->name, b.id, &b.out);
        else gir__gfail(g, GIR_ERR_LIMIT, "%s: node %u: result %S has more than 2^40 elements", oi->name, b.id, &b.out);
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
        if (!gir__bytes(&b.out, odt, &bytes)) {
            gir__gfail(g, GIR_ERR_LIMIT, "%s: node %u: %T %S has more bytes than size_t counts", oi->name, b.id, odt,
                       &b.out);
            return bad;
        }
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
    return gir__handle(g, (uint32_t)g->nnodes++);
}

/* generated from ops.def: one builder per row */
@@BUILDERS@@

/* convenience builders: compositions of table ops -----------------------------------------------------------
   Their messages name the builder and the argument the user passed. An argument's node, or NULL: {0} (an earlier
   failure) passes on quietly, a handle from elsewhere is reported. */
static const gir__node *gir__arg(gir_graph *g, gir_node x, const char *fn, const char *what) {
    int kind = gir__handle_kind(g, x);
    if (kind == GIR__H_OWN) return &g->nodes[x.id];
    if (kind != GIR__H_NONE)
        gir__gfail(g, GIR_ERR_HANDLE, "%s: %s (id %u) %s", fn, what, (unsigned)x.id, gir__handle_why(kind));
    return NULL;
}
/* the end of a composed builder: an error a table op raised inside it (out of memory, or a check the builder
   leaves to the op) gets the builder's name in front, so "conv2d_bias: conv2d: node 7: ..." */
static gir_node gir__named(gir_graph *g, int was_ok, const char *fn, gir_node r) {
#ifndef GIR_NO_ERROR_STRINGS
    size_t n = 0, add = 0, k;
    if (!g || !was_ok || g->status == GIR_OK) return r;
    while (fn[add]) ++add;
    add += 2;
    while (g->msg[n]) ++n;
    if (add >= sizeof g->msg) return r;
    if (n + add >= sizeof g->msg) n = sizeof g->msg - 1 - add;
    for (k = n + 1; k-- > 0;) g->msg[k + add] = k == n ? 0 : g->msg[k];
    for (k = 0; k < add - 2; ++k) g->msg[k] = fn[k];
    g->msg[add - 2] = ':';
    g->msg[add - 1] = ' ';
#else
    (void)g; (void)was_ok; (void)fn;
#endif
    return r;
}
static int gir__ok(const gir_graph *g) { return g && g->status == GIR_OK; }
/* a fill of value, named fn in a message */
static gir_node gir__filled(gir_graph *g, gir_dtype dtype, gir_shape shape, double value, const char *fn) {
    int was_ok = gir__ok(g);
    return gir__named(g, was_ok, fn, gir_fill(g, dtype, shape, value));
}
static gir_node gir__reshaped(gir_graph *g, gir_node x, gir_shape shape, const char *fn) {
    int was_ok = gir__ok(g);
    return gir__named(g, was_ok, fn, gir_reshape(g, x, shape));
}
GIR_API gir_node gir_int_div(gir_graph *g, gir_node a, gir_node b) { return gir_floordiv(g, a, b); }
GIR_API gir_node gir_scalar(gir_graph *g, gir_dtype dtype, double value) {
    return gir__filled(g, dtype, gir_shape0(), value, "scalar");
}
GIR_API gir_node gir_zeros(gir_graph *g, gir_dtype dtype, gir_shape shape) {
    return gir__filled(g, dtype, shape, 0.0, "zeros");
}
GIR_API gir_node gir_ones(gir_graph *g, gir_dtype dtype, gir_shape shape) {
    return gir__filled(g, dtype, shape, 1.0, "ones");
}
GIR_API gir_node gir_zeros_like(gir_graph *g, gir_node x) {
    const gir__node *d = gir__arg(g, x, "zeros_like", "x");
    gir_node bad = gir__handle(NULL, 0);
    if (!d) return bad;
    return gir__filled(g, (gir_dtype)d->dtype, d->shape, 0.0, "zeros_like");
}
GIR_API gir_node gir_ones_like(gir_graph *g, gir_node x) {
    const gir__node *d = gir__arg(g, x, "ones_like", "x");
    gir_node bad = gir__handle(NULL, 0);
    if (!d) return bad;
    return gir__filled(g, (gir_dtype)d->dtype, d->shape, 1.0, "ones_like");
}
GIR_API gir_node gir_expand_dims(gir_graph *g, gir_node x, int axis) {
    const gir__node *d = gir__arg(g, x, "expand_dims", "x");
    gir_shape s;
    gir_node bad = gir__handle(NULL, 0);
    int k, a = axis;
    if (!d) return bad;
    if (d->shape.rank >= GIR_MAX_RANK) {
        gir__gfail(g, GIR_ERR_SHAPE, "expand_dims: x %S already has rank GIR_MAX_RANK (%d)", &d->shape, GIR_MAX_RANK);
        return bad;
    }
    if (a < 0) a += d->shape.rank + 1;
    if (a < 0 || a > d->shape.rank) {
        gir__gfail(g, GIR_ERR_ATTR, "expand_dims: axis %d out of range for x %S (%d..%d)", axis, &d->shape,
                   -d->shape.rank - 1, d->shape.rank);
        return bad;
    }
    s.rank = d->shape.rank + 1;
    for (k = 0; k < s.rank; ++k) s.dim[k] = k < a ? d->shape.dim[k] : k == a ? 1 : d->shape.dim[k - 1];
    return gir__reshaped(g, x, s, "expand_dims");
}
GIR_API gir_node gir_squeeze(gir_graph *g, gir_node x, int axis) {
    const gir__node *d = gir__arg(g, x, "squeeze", "x");
    gir_shape s;
    gir_node bad = gir__handle(NULL, 0);
    int k, a = axis;
    if (!d) return bad;
    if (a < 0) a += d->shape.rank;
    if (a < 0 || a >= d->shape.rank) {
        gir__gfail(g, GIR_ERR_ATTR, "squeeze: axis %d out of range for x %S", axis, &d->shape);
        return bad;
    }
    if (d->shape.dim[a] != 1) {
        gir__gfail(g, GIR_ERR_ATTR, "squeeze: axis %d of x %S has length %d, not 1", axis, &d->shape,
                   (int)d->shape.dim[a]);
        return bad;
    }
    s.rank = d->shape.rank - 1;
    for (k = 0; k < s.rank; ++k) s.dim[k] = d->shape.dim[k < a ? k : k + 1];
    return gir__reshaped(g, x, s, "squeeze");
}
GIR_API gir_node gir_permute_last2(gir_graph *g, gir_node x) {
    const gir__node *d = gir__arg(g, x, "permute_last2", "x");
    gir_ints p;
    gir_node bad = gir__handle(NULL, 0);
    int k, was_ok = gir__ok(g);
    if (!d) return bad;
    if (d->shape.rank < 2) {
        gir__gfail(g, GIR_ERR_SHAPE, "permute_last2: x must have rank >= 2, got %S", &d->shape);
        return bad;
    }
    p.n = d->shape.rank;
    for (k = 0; k < p.n; ++k) p.v[k] = k;
    p.v[p.n - 2] = p.n - 1;
    p.v[p.n - 1] = p.n - 2;
    return gir__named(g, was_ok, "permute_last2", gir_transpose(g, x, p));
}
/* consecutive slices of x's axis into out[0..n), of lengths sizes[k] (or each when sizes is NULL): n, or 0 when
   a slice failed (then every out[k] is {0}) */
static int gir__slices(gir_graph *g, gir_node x, int axis, int n, const int32_t *sizes, int32_t each, gir_node *out,
                       const char *fn) {
    gir_node none = gir__handle(NULL, 0);
    int k, j, was_ok = gir__ok(g);
    int32_t at = 0;
    for (k = 0; k < n; ++k) {
        int32_t len = sizes ? sizes[k] : each;
        out[k] = gir_slice(g, x, axis, at, at + len, 1);
        if (!out[k].id) {
            for (j = 0; j < n; ++j) out[j] = none;
            gir__named(g, was_ok, fn, none);
            return 0;
        }
        at += len;
    }
    return n;
}
/* np.split(x, parts, axis): parts equal slices */
GIR_API int gir_split(gir_graph *g, gir_node x, int axis, int parts, gir_node *out) {
    const gir__node *d = gir__arg(g, x, "split", "x");
    int a = axis;
    if (!d) return 0;
    if (parts < 1 || !out) {
        if (!out) gir__gfail(g, GIR_ERR_INVALID_ARG, "split: out is NULL");
        else gir__gfail(g, GIR_ERR_INVALID_ARG, "split: parts %d must be >= 1", parts);
        return 0;
    }
    if (a < 0) a += d->shape.rank;
    if (a < 0 || a >= d->shape.rank) {
        gir__gfail(g, GIR_ERR_ATTR, "split: axis %d out of range for x %S", axis, &d->shape);
        return 0;
    }
    if (d->shape.dim[a] % parts) {
        gir__gfail(g, GIR_ERR_SHAPE, "split: cannot split axis %d of x %S (length %d) into %d equal parts", axis,
                   &d->shape, (int)d->shape.dim[a], parts);
        return 0;
    }
    return gir__slices(g, x, a, parts, NULL, d->shape.dim[a] / parts, out, "split");
}
/* a float tensor argument of a composed builder, its shape and dtype copied out (building moves the nodes) */
static int gir__float_arg(gir_graph *g, gir_node x, const char *fn, const char *what, gir_shape *s, int *dt) {
    const gir__node *d = gir__arg(g, x, fn, what);
    if (!d) return 0;
    if (!gir__is_float(d->dtype)) {
        gir__gfail(g, GIR_ERR_DTYPE, "%s: %s must be f32 or f64, got %T %S", fn, what, (int)d->dtype, &d->shape);
        return 0;
    }
    *s = d->shape;
    *dt = d->dtype;
    return 1;
}
static int gir__eps_ok(gir_graph *g, const char *fn, double eps) {
    if (eps >= 0) return 1;
    gir__gfail(g, GIR_ERR_ATTR, "%s: eps %g must be >= 0", fn, eps);
    return 0;
}
/* x normalised by its mean and variance over axes (population variance), then * gamma + beta */
static gir_node gir__normalize(gir_graph *g, gir_node x, gir_ints ax, int dt, double eps, gir_node gamma,
                               gir_node beta) {
    gir_node mu = gir_mean(g, x, ax, 1);
    gir_node xc = gir_sub(g, x, mu);
    gir_node var = gir_mean(g, gir_square(g, xc), ax, 1);
    gir_node inv = gir_rsqrt(g, gir_add(g, var, gir_scalar(g, (gir_dtype)dt, eps)));
    return gir_add(g, gir_mul(g, gir_mul(g, xc, inv), gamma), beta);
}
/* (x - mean) / sqrt(var + eps) * gamma + beta over one axis; gamma and beta broadcast to x's shape */
GIR_API gir_node gir_layer_norm(gir_graph *g, gir_node x, gir_node gamma, gir_node beta, int axis, double eps) {
    static const char *const what[2] = {"gamma", "beta"};
    gir_node bad = gir__handle(NULL, 0), gb[2];
    gir_shape xs, o;
    int dt, k, a = axis, was_ok = gir__ok(g);
    gb[0] = gamma; gb[1] = beta;
    if (!gir__float_arg(g, x, "layer_norm", "x", &xs, &dt)) return bad;
    if (a < 0) a += xs.rank;
    if (a < 0 || a >= xs.rank) {
        gir__gfail(g, GIR_ERR_ATTR, "layer_norm: axis %d out of range for x %S", axis, &xs);
        return bad;
    }
    for (k = 0; k < 2; ++k) {
        gir_shape ns = gir_shape1(xs.dim[a]), ps;
        int pdt;
        if (!gir__float_arg(g, gb[k], "layer_norm", what[k], &ps, &pdt)) return bad;
        if (!gir__bcast2(&xs, &ps, &o) || !gir__shape_eq(&o, &xs)) {
            gir__gfail(g, GIR_ERR_SHAPE, "layer_norm: %s %S does not match the normalized shape %S of x %S (axis %d; "
                       "%s must broadcast to x)", what[k], &ps, &ns, &xs, axis, what[k]);
            return bad;
        }
    }
    if (!gir__eps_ok(g, "layer_norm", eps)) return bad;
    return gir__named(g, was_ok, "layer_norm", gir__normalize(g, x, gir_ints1(a), dt, eps, gamma, beta));
}
/* training-mode batch norm over every axis but 1 (N, C[, ...]); gamma and beta are [C] or broadcast to x */
GIR_API gir_node gir_batch_norm(gir_graph *g, gir_node x, gir_node gamma, gir_node beta, double eps) {
    static const char *const what[2] = {"gamma", "beta"};
    gir_node bad = gir__handle(NULL, 0), gb[2];
    gir_ints ax;
    gir_shape xs, cs, o;
    int dt, k, reshape[2], was_ok = gir__ok(g);
    gb[0] = gamma; gb[1] = beta;
    if (!gir__float_arg(g, x, "batch_norm", "x", &xs, &dt)) return bad;
    if (xs.rank < 2) {
        gir__gfail(g, GIR_ERR_SHAPE, "batch_norm: x must have rank >= 2 (N, C, ...), got %S", &xs);
        return bad;
    }
    ax.n = 0;
    cs.rank = xs.rank;
    for (k = 0; k < xs.rank; ++k) {
        if (k != 1) ax.v[ax.n++] = k;
        cs.dim[k] = k == 1 ? xs.dim[1] : 1;
    }
    for (k = 0; k < 2; ++k) {
        gir_shape ps;
        int pdt;
        if (!gir__float_arg(g, gb[k], "batch_norm", what[k], &ps, &pdt)) return bad;
        reshape[k] = ps.rank == 1 && ps.dim[0] == xs.dim[1];
        if (!reshape[k] && (ps.rank != xs.rank || !gir__bcast2(&xs, &ps, &o) || !gir__shape_eq(&o, &xs)) && ps.rank) {
            gir__gfail(g, GIR_ERR_SHAPE, "batch_norm: %s %S does not match the %d channels of x %S (give [%d], or a "
                       "shape of x's rank that broadcasts to x)", what[k], &ps, (int)xs.dim[1], &xs, (int)xs.dim[1]);
            return bad;
        }
    }
    if (!gir__eps_ok(g, "batch_norm", eps)) return bad;
    if (reshape[0]) gamma = gir_reshape(g, gamma, cs);
    if (reshape[1]) beta = gir_reshape(g, beta, cs);
    return gir__named(g, was_ok, "batch_norm", gir__normalize(g, x, ax, dt, eps, gamma, beta));
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
