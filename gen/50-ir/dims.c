/* >>dims: shapes and lists of ints as values: their constructors (gir_shape2, gir_ints1, ...), element counts,
   equality, and the limits every shape is checked against ------------------------------------------------- */
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
        if (*n > gir__udiv(GIR__MAX_NUMEL, d)) return 0;
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
