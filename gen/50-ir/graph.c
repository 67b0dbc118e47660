/* >>graph: nodes, the generic builder, dtype and shape rules -------------------------------------------- */
#include <stdarg.h>

/* generated from ops.def: the op table at run time */
@@OP_INFO@@
static int gir__ew_lacks(int op, int dt);
static const char *gir__name_at(const gir_graph *g, uint32_t ref);   /* a name of the name pool (below) */   /* an elementwise op without a kernel for dt (gen/70-kernels/kernels.c) */

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

/* messages: %s string, %d int, %u unsigned, %l long long, %S const gir_shape*, %T dtype (int), %g double,
   %p const void * (0x and hex digits, or NULL), %N node (two arguments: const gir_graph *, unsigned id); any
   other character after % is printed as it is */
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
        case 'p': gir__putp(b, va_arg(ap, const void *)); break;
        case 'N': {   /* (const gir_graph *, unsigned id): "node 7", or "node 7 'layer1/w'" when it is named */
            const gir_graph *gg = va_arg(ap, const gir_graph *);
            unsigned id = va_arg(ap, unsigned);
            gir__puts(b, "node ");
            gir__putl(b, id);
            if (gg && id < gg->nnodes && gg->nodes[id].name) {
                gir__puts(b, " '");
                gir__puts(b, gir__name_at(gg, gg->nodes[id].name));
                gir__puts(b, "'");
            }
            break;
        }
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
    if (g->scope_len) {
        gir__puts(&b, " (in scope ");
        gir__puts(&b, g->scope->text);
        gir__puts(&b, ")");
    }
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

/* the attributes of every node that has none (all bytes zero) */
static const gir_attr gir__no_attr = {{0, 0, 0}, {0, 0, 0, 0, 0}, {{0, {0}}, {0, {0}}, {0, {0}}}, {0, {0}}, 0, 0, NULL};

/* The byte stores (gen/30-base/config.c): room for n more bytes at the end at an offset aligned to align (see
   gir__store_put), a new block if the last one is full; 0 on success. A failure changes nothing. */
static int gir__store_reserve(const gir_allocator *a, gir__store *st, size_t n, uint32_t align) {
    gir__sblk *t = st->tail, *b;
    size_t size = t ? (size_t)t->size * 2 : st->hint ? st->hint : 96;
    size_t start = t ? (size_t)t->start + t->size : 0;
    if (t && t->size - ((t->used + align - 1) & ~(align - 1)) >= n && t->size >= ((t->used + align - 1) & ~(align - 1)))
        return 0;
    if (size < n) size = n;
    if (size > 0xfffffff0u - start || n > 0xfffffff0u) return 1;      /* references are 32-bit */
    b = (gir__sblk *)gir__alloc(a, sizeof *b + size);
    if (!b) return 1;
    b->next = NULL;
    b->start = (uint32_t)start;
    b->size = (uint32_t)size;
    b->used = 0;
    if (t) t->next = b;
    else st->head = b;
    st->tail = b;
    return 0;
}
/* n bytes at the end, at an offset that is a multiple of align (a power of two; the blocks' bytes are aligned to
   a pointer), after gir__store_reserve(n, align) succeeded; their reference, 1 + offset */
static uint32_t gir__store_put(gir__store *st, const void *p, size_t n, uint32_t align) {
    gir__sblk *t = st->tail;
    uint32_t ref;
    t->used = (t->used + align - 1) & ~(align - 1);
    ref = t->start + t->used + 1;
    GIR_MEMCPY((unsigned char *)(t + 1) + t->used, p, n);
    t->used += (uint32_t)n;
    return ref;
}
/* the bytes of a reference (ref > 0) */
static const unsigned char *gir__store_at(const gir__store *st, uint32_t ref) {
    const gir__sblk *b = st->tail;
    uint32_t off = ref - 1;
    if (off < b->start)
        for (b = st->head; off >= b->start + b->size; b = b->next) {}
    return (const unsigned char *)(b + 1) + (off - b->start);
}
static size_t gir__store_used(const gir__store *st) {
    const gir__sblk *b;
    size_t n = 0;
    for (b = st->head; b; b = b->next) n += b->used;
    return n;
}
static void gir__store_free(const gir_allocator *a, gir__store *st) {
    gir__sblk *b = st->head, *nx;
    for (; b; b = nx) { nx = b->next; gir__free(a, b, sizeof *b + b->size); }
    st->head = st->tail = NULL;
}
static const char *gir__name_at(const gir_graph *g, uint32_t ref) { return (const char *)gir__store_at(&g->names, ref); }
/* a node's shape: stays where it is while the graph lives (node 0, the invalid node, has the empty shape) */
static const gir_shape gir__no_shape = {0, {0}};
static const gir_shape *gir__nshape(const gir_graph *g, const gir__node *d) {
    return d->shp ? (const gir_shape *)(const void *)gir__store_at(&g->shapes, d->shp) : &gir__no_shape;
}
/* the reference of a stored shape equal to s, or 0: the shapes of the n nodes in (a new node's inputs) and the
   last GIR__SHAPE_LOOK records stored are looked at, which shares most shapes of a graph without a table */
#define GIR__SHAPE_LOOK 32
static uint32_t gir__shape_ref(const gir_graph *g, const gir_shape *s, const gir_node *in, int n) {
    int k;
    for (k = 0; k < n; ++k) {
        uint32_t r = g->nodes[in[k].id].shp;
        if (r && gir__shape_eq(gir__nshape(g, &g->nodes[in[k].id]), s)) return r;
    }
    if (g->shapes.tail) {                     /* the records of the last block, newest first */
        const gir__sblk *t = g->shapes.tail;
        const unsigned char *base = (const unsigned char *)(t + 1);
        uint32_t at = t->used;
        for (k = 0; k < GIR__SHAPE_LOOK && at >= sizeof(gir_shape); ++k) {
            at -= (uint32_t)sizeof(gir_shape);
            if (gir__shape_eq((const gir_shape *)(const void *)(base + at), s)) return t->start + at + 1;
        }
    }
    return 0;
}

/* Compact attributes: a 16-bit mask of the fields that are not zero, then those fields: the data pointer (bit
   14, first so gir__node_data finds it at once; it sits at offset sizeof(void *), pointer-aligned in the store, so
   leak checkers that scan memory for pointers see the values as reachable), f[0..2] as 8 raw bytes (bits 0-2), i[0..4] (bits 3-7), the
   lists l[0..2] (bits 8-10: count, then its values), the shape (bit 11: rank, then dims), dtype (bit 12) as
   zigzag varints, the seed as 8 raw bytes (bit 13). Only the kinds a row sets take bytes: sum's axes and
   keepdims take 2 + 1 + 1 + 1 = 5 bytes, a cast 3. A list or shape keeps its first n entries (the rest read 0). */
#define GIR__ATTR_MAXBYTES (2 * sizeof(void *) + 3 * 8 + 5 * 5 + 3 * 5 * (1 + GIR_MAX_RANK) + 5 * (1 + GIR_MAX_RANK) + 5 + 8)
static unsigned char *gir__vput(unsigned char *p, int32_t v) {
    uint32_t z = v < 0 ? ~((uint32_t)v << 1) : (uint32_t)v << 1;
    while (z >= 0x80u) { *p++ = (unsigned char)(z | 0x80u); z >>= 7; }
    *p++ = (unsigned char)z;
    return p;
}
static const unsigned char *gir__vget(const unsigned char *p, int32_t *v) {
    uint32_t z = 0;
    int sh = 0;
    do { z |= (uint32_t)(*p & 0x7fu) << sh; sh += 7; } while (*p++ & 0x80u && sh < 35);
    *v = (z & 1u) ? (int32_t)~(z >> 1) : (int32_t)(z >> 1);
    return p;
}
/* a list's entries kept: n when it is a valid count, none otherwise (such a list is rejected before use) */
static int gir__list_len(int32_t n) { return n > 0 && n <= GIR_MAX_RANK ? (int)n : 0; }
static size_t gir__attr_pack(const gir_attr *a, unsigned char *out) {
    unsigned char *p = out + 2;
    unsigned mask = 0;
    int k, j;
    if (a->data) {
        mask |= 1u << 14;
        GIR_MEMSET(p, 0, sizeof(void *) - 2);
        p = out + sizeof(void *);
        GIR_MEMCPY(p, &a->data, sizeof a->data);
        p += sizeof a->data;
    }
    for (k = 0; k < 3; ++k)
{
        uint64_t bits;
        GIR_MEMCPY(&bits, &a->f[k], 8);                 /* -0.0 is kept too */
        if (bits) { mask |= 1u << k; GIR_MEMCPY(p, &bits, 8); p += 8; }
    }
    for (k = 0; k < 5; ++k)
        if (a->i[k]) { mask |= 1u << (3 + k); p = gir__vput(p, a->i[k]); }
    for (k = 0; k < 3; ++k)
        if (a->l[k].n) {
            mask |= 1u << (8 + k);
            p = gir__vput(p, a->l[k].n);
            for (j = 0; j < gir__list_len(a->l[k].n); ++j) p = gir__vput(p, a->l[k].v[j]);
        }
    if (a->shape.rank) {
        mask |= 1u << 11;
        p = gir__vput(p, a->shape.rank);
        for (j = 0; j < gir__list_len(a->shape.rank); ++j) p = gir__vput(p, a->shape.dim[j]);
    }
    if (a->dtype) { mask |= 1u << 12; p = gir__vput(p, a->dtype); }
    if (a->seed) { mask |= 1u << 13; GIR_MEMCPY(p, &a->seed, 8); p += 8; }
    out[0] = (unsigned char)(mask & 0xffu);
    out[1] = (unsigned char)(mask >> 8);
    return mask ? (size_t)(p - out) : 0;
}
static void gir__attr_unpack(const unsigned char *p, gir_attr *a) {
    unsigned mask = (unsigned)p[0] | (unsigned)p[1] << 8;
    int k, j;
    GIR_MEMCPY(a, &gir__no_attr, sizeof *a);
    p += 2;
    if (mask & 1u << 14) { GIR_MEMCPY(&a->data, p - 2 + sizeof(void *), sizeof a->data); p += 2 * sizeof(void *) - 2; }
    for (k = 0; k < 3; ++k)
        if (mask & 1u << k) { GIR_MEMCPY(&a->f[k], p, 8); p += 8; }
    for (k = 0; k < 5; ++k)
        if (mask & 1u << (3 + k)) p = gir__vget(p, &a->i[k]);
    for (k = 0; k < 3; ++k)
        if (mask & 1u << (8 + k)) {
            p = gir__vget(p, &a->l[k].n);
            for (j = 0; j < gir__list_len(a->l[k].n); ++j) p = gir__vget(p, &a->l[k].v[j]);
        }
    if (mask & 1u << 11) {
        p = gir__vget(p, &a->shape.rank);
        for (j = 0; j < gir__list_len(a->shape.rank); ++j) p = gir__vget(p, &a->shape.dim[j]);
    }
    if (mask & 1u << 12) p = gir__vget(p, &a->dtype);
    if (mask & 1u << 13) GIR_MEMCPY(&a->seed, p, 8);
}
/* a node's attributes as a gir_attr, in *a; returns a */
static const gir_attr *gir__attr_load(const gir_graph *g, const gir__node *d, gir_attr *a) {
    if (d->attr) gir__attr_unpack(gir__store_at(&g->attrs, d->attr), a);
    else GIR_MEMCPY(a, &gir__no_attr, sizeof *a);        /* no compiler-made memcpy */
    return a;
}
/* a constant or variable whose values are the caller's (gir_constant_ref, gir_variable_ref: gen/50-ir/dataref.c) */
static int gir__is_ref(const gir_graph *g, const gir__node *d) {
    gir_attr a;
    return gir__op_is(d->op, GIR__F_LEAF_DATA) && gir__attr_load(g, d, &a)->i[4] == GIR__REF;
}
/* the attributes of store reference ref (> 0) as a gir_attr, in *a; returns a (a plan step's, at run time) */
static const gir_attr *gir__attr_ref(const gir_graph *g, uint32_t ref, gir_attr *a) {
    gir__attr_unpack(gir__store_at(&g->attrs, ref), a);
    return a;
}
/* a constant's or variable's values (NULL for other nodes) */
static void *gir__node_data(const gir_graph *g, const gir__node *d) {
    const unsigned char *p;
    void *v = NULL;
    if (!d->attr) return NULL;
    p = gir__store_at(&g->attrs, d->attr);
    if (p[1] & 0x40u) GIR_MEMCPY(&v, p + sizeof(void *), sizeof v);
    return v;
}
/* A node as code that reads its attributes sees it (autodiff's adjoints get one) */
typedef struct gir__nview {
    uint16_t        op;
    uint8_t         dtype, ntype;
    uint16_t        grad_level;
    uint8_t         nparents, nin;
    uint32_t        in0, name;
    const gir_attr *attr;
    gir_shape       shape;
} gir__nview;
static void gir__view(const gir_graph *g, uint32_t id, gir__nview *v, gir_attr *a) {
    const gir__node *d = &g->nodes[id];
    v->op = d->op; v->dtype = d->dtype; v->ntype = d->ntype; v->grad_level = d->grad_level;
    v->nparents = d->nparents; v->nin = d->nin; v->in0 = d->in0; v->name = d->name;
    v->attr = gir__attr_load(g, d, a);
    v->shape = (*gir__nshape(g, d));
}

GIR_API gir_graph *gir_graph_new(const gir_graph_desc *desc) {
    gir_allocator a = gir__allocator_or_default(desc ? &desc->allocator : NULL);
    gir_graph *g = (gir_graph *)gir__alloc(&a, sizeof *g);
    size_t lim = ((size_t)-1) / 2 / sizeof(gir__node);     /* a hint past it (or past 2^32 nodes) is ignored */
    size_t ncap = desc && desc->node_capacity && desc->node_capacity < lim &&
                  desc->node_capacity < 0xffffffffu ? desc->node_capacity + 1 : 32;
    int ins_hint = desc && desc->input_capacity && desc->input_capacity <= 0xffffffffu &&
                   desc->input_capacity < ((size_t)-1) / 2 / sizeof(uint32_t);
    if (!g) return NULL;
    GIR_MEMSET(g, 0, sizeof *g);
    g->a = a;
    if (desc) {
        g->attrs.hint = desc->attr_capacity < 0x10000000u ? (uint32_t)desc->attr_capacity : 0;
        g->names.hint = desc->name_capacity < 0x10000000u ? (uint32_t)desc->name_capacity : 0;
        g->shapes.hint = desc->shape_capacity < 0x10000000u ? (uint32_t)desc->shape_capacity : 0;
    }
    g->nodes = (gir__node *)gir__alloc(&a, ncap * sizeof(gir__node));     /* exactly the hint: one allocation */
    g->cap = ncap;
    if (ins_hint) {
        g->ins = (uint32_t *)gir__alloc(&a, desc->input_capacity * sizeof(uint32_t));
        g->inscap = desc->input_capacity;
    }
    if (!g->nodes || (ins_hint && !g->ins)) {
        gir__free(&a, g->ins, 0);
        gir__free(&a, g->nodes, 0);
        gir__free(&a, g, sizeof *g);
        return NULL;
    }
    GIR_MEMSET(&g->nodes[0], 0, sizeof(gir__node));
    g->nnodes = 1;
    g->tag = gir__new_tag();
    return g;
}
GIR_API gir_graph_desc gir_graph_usage(const gir_graph *g) {
    gir_graph_desc d;
    size_t k;
    GIR_MEMSET(&d, 0, sizeof d);
    if (!g) return d;
    d.node_capacity = g->nnodes - 1;
    d.input_capacity = g->nins;
    d.attr_capacity = gir__store_used(&g->attrs);
    for (k = 1; k < g->nnodes; ++k)       /* an entry with values may need padding to a pointer's alignment */
        if (gir__node_data(g, &g->nodes[k])) d.attr_capacity += sizeof(void *) - 1;
    d.name_capacity = gir__store_used(&g->names);
    d.shape_capacity = gir__store_used(&g->shapes);
    return d;
}
/* the graph's memory; gir_graph_free calls it, or the last plan's gir_plan_free when plans outlived the graph */
static void gir__graph_release(gir_graph *g) {
    size_t k;
    gir_allocator a = g->a;
    for (k = 1; k < g->nnodes; ++k)            /* referenced values (gen/50-ir/dataref.c) are the caller's */
        if (!gir__is_ref(g, &g->nodes[k])) gir__free(&a, gir__node_data(g, &g->nodes[k]), 0);
    gir__store_free(&a, &g->attrs);
    gir__store_free(&a, &g->names);
    gir__store_free(&a, &g->shapes);
    gir__free(&a, g->scope, sizeof *g->scope);
    gir__free(&a, g->nodes, g->cap * sizeof(gir__node));
    gir__free(&a, g->ins, g->inscap * sizeof(uint32_t));
    gir__free(&a, g->cons, g->conscap * sizeof(uint32_t));
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
    for (k = 1; g && k < g->nnodes; ++k) n += gir__op_is(g->nodes[k].op, GIR__F_LEAF_IN);
    return n;
}
GIR_API gir_node gir_graph_input(const gir_graph *g, int index) {
    size_t k;
    for (k = 1; g && index >= 0 && k < g->nnodes; ++k)
        if (gir__op_is(g->nodes[k].op, GIR__F_LEAF_IN) && index-- == 0) return gir__handle(g, (uint32_t)k);
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
    if (d) return (*gir__nshape(g, d));
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
    if (d) { gir__attr_load(g, d, &a); a.data = NULL; }
    return a;
}
GIR_API int64_t gir_node_numel(const gir_graph *g, gir_node n) {
    const gir__node *d = gir__get(g, n); return d ? gir__numel(gir__nshape(g, d)) : 0;
}
GIR_API void *gir_node_data(gir_graph *g, gir_node n) {
    const gir__node *d = gir__get(g, n); return d ? gir__node_data(g, d) : NULL;
}

/* op table queries */
static int gir__op_ok(gir_op op) { return op > GIR_OP__INVALID && op < GIR_OP__COUNT; }
GIR_API const char *gir_op_name(gir_op op) { return gir__op_ok(op) ? gir__op_names[op] : "invalid"; }
GIR_API gir_op gir_op_from_name(const char *name) {
    int k;
    if (!name) return GIR_OP__INVALID;
    for (k = 1; k < GIR_OP__COUNT; ++k) {
        const char *a = gir__op_names[k], *b = name;
        while (*a && *a == *b) { ++a; ++b; }
        if (!*a && !*b) return (gir_op)k;
    }
    return GIR_OP__INVALID;
}
GIR_API int gir_op_parent_count(gir_op op) {
    return !gir__op_ok(op) ? 0 : gir__op_info(op)->variadic ? -1 : gir__op_info(op)->nparents;
}
GIR_API int gir_op_arg_count(gir_op op) { return gir__op_ok(op) ? gir__op_info(op)->nargs : 0; }
GIR_API int gir_op_input_is_arg(gir_op op, int k) {
    return gir__op_ok(op) && k >= 0 && k < GIR__MAX_ROW_IN && !gir__op_info(op)->variadic && ((gir__op_info(op)->argmask >> k) & 1u);
}
GIR_API int gir_op_differentiable(gir_op op) { return gir__op_ok(op) ? gir__op_info(op)->diff : 0; }
GIR_API const char *gir_op_no_adjoint_reason(gir_op op) { return gir__op_ok(op) ? gir__op_info(op)->no_adj : ""; }
GIR_API const char *gir_op_attr_spec(gir_op op) { return gir__op_ok(op) ? gir__op_info(op)->attrs : ""; }
GIR_API int gir_op_is_random(gir_op op) { return gir__op_ok(op) && gir__op_is(op, GIR__F_RNG); }
GIR_API int gir_op_has_kinks(gir_op op) { return gir__op_ok(op) && gir__op_is(op, GIR__F_KINK); }
GIR_API gir_group gir_op_group(gir_op op) { return gir__op_ok(op) ? (gir_group)gir__op_groups[op] : GIR_GROUP__COUNT; }

/* build helpers ------------------------------------------------------------------------------------------- */
static const gir__node *gir__bin(const gir__bctx *b, int k) { return &b->g->nodes[b->in[k].id]; }
static const char *gir__bname(const gir__bctx *b) { return gir__op_names[b->op]; }
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
