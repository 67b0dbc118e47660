/* >>checks: what the shape rules (gen/50-ir/shapes.c) and the generic builder (gen/50-ir/build.c) share: the
   build context's inputs and failures, checks of attribute ranks, shapes, axes, input ranks and dtypes, and
   broadcasting ---------------------------------------------------------------------------------------------- */
static const gir__node *gir__bin(const gir__bctx *b, int k) { return &b->g->nodes[b->in[k].id]; }
static GIR__INLINE const char *gir__bname(const gir__bctx *b) { return gir__op_names[b->op]; }
#define GIR__BFAIL(b, s, ...) (GIR__GFAIL((b)->g, (s), __VA_ARGS__), (s))

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
static GIR__INLINE const char *gir__in_name(const gir__opinfo *oi, int pos) {
    int n = oi->variadic ? 1 : oi->nparents + oi->nargs;
    return n ? gir__in_words[gir__in_names[oi->in_name0 + (pos < n ? pos : n - 1)]] : "";
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
    int pos = gir__in_pos(gir__op_info(b->op), k);
    if (gir__nshape(b->g, x)->rank < lo || gir__nshape(b->g, x)->rank > hi) {
        if (lo == hi)
            return GIR__BFAIL(b, GIR_ERR_SHAPE, "%s: node %u: %s (input %d) must have rank %d, got %S",
                              gir__bname(b), b->id, gir__in_name(gir__op_info(b->op), pos), pos, lo, gir__nshape(b->g, x));
        return GIR__BFAIL(b, GIR_ERR_SHAPE, "%s: node %u: %s (input %d) must have rank %d..%d, got %S",
                          gir__bname(b), b->id, gir__in_name(gir__op_info(b->op), pos), pos, lo, hi, gir__nshape(b->g, x));
    }
    return GIR_OK;
}
static gir_status gir__need_dtype(gir__bctx *b, int k, int dt) {
    const gir__node *x = gir__bin(b, k);
    if (x->dtype != dt)
        return GIR__BFAIL(b, GIR_ERR_DTYPE, "%s: node %u: %s (input %d) must be %T, got %T %S", gir__bname(b), b->id,
                          gir__in_name(gir__op_info(b->op), gir__in_pos(gir__op_info(b->op), k)),
                          gir__in_pos(gir__op_info(b->op), k), dt, (int)x->dtype, gir__nshape(b->g, x));
    return GIR_OK;
}
