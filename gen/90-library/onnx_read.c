#ifndef GIR_NO_ONNX
/* >>onnx_read: the protobuf wire reader and the ONNX model decoder (what the ONNX importer reads) -------------
   THE WIRE FORMAT. A message is a sequence of fields, each a key varint (field number << 3 | wire type) and a
   value: 0 a varint, 1 8 bytes, 2 a varint length and that many bytes (strings, bytes, messages, packed repeated
   scalars), 5 4 bytes; 3 and 4 (groups) are refused, as 6 and 7. A varint is at most 10 bytes of 7 bits each,
   little-endian; the 10th may hold only bit 63. Fixed-width values are little-endian, assembled byte by byte, so
   a big-endian host reads them the same. Every length is checked against the end of the message it is in (never
   past the buffer: a length is compared with the bytes left, never added to a position first). Unknown fields
   are skipped. The decoder walks the schema's fixed nesting (model, graph, node, attribute, tensor; value_info,
   type, tensor type, shape, dimension): nothing in it is recursive, and a reader refuses to enter a message
   deeper than GIR__OX_DEPTH. A subgraph (If, Loop, Scan bodies) is not decoded with the model: the attribute
   keeps its bytes, and gir__ox_decode_graph decodes them as a model of their own when the importer builds it.
   THE DECODED MODEL points into the caller's bytes (names are not NUL-terminated) and holds every array in one
   allocation: the model is read twice, once to count and check, once to fill. Tensor values stay in the file
   until gir__ox_tensor_read converts them, after checking that the file holds as many as the dims say. */
#define GIR__OX_DEPTH 8               /* messages deep a reader enters; the schema the decoder walks needs 7 */
#define GIR__OX_MAX_ITEMS (1 << 22)   /* nodes, attributes, initializers, values, names: more is GIR_ERR_LIMIT */
/* the importer's interface: a build may compile this fragment without the importer that calls it */
#if defined(__GNUC__) || defined(__clang__)
#  define GIR__OX_FN static __attribute__((unused))
#else
#  define GIR__OX_FN static
#endif

typedef struct gir__ox_str { const char *p; uint32_t n; } gir__ox_str;   /* into the file's bytes, not NUL-terminated */
typedef struct gir__ox_tensor {
    gir__ox_str name;
    int32_t type;                        /* TensorProto.DataType (1 FLOAT, 2 UINT8, 3 INT8, 6 INT32, 7 INT64,
                                            9 BOOL, 11 DOUBLE, ...) */
    int rank;                            /* <= GIR_MAX_RANK, else the decode fails with GIR_ERR_UNSUPPORTED */
    int64_t dim[GIR_MAX_RANK];           /* each >= 0, else GIR_ERR_INVALID_ARG */
    const uint8_t *msg; size_t msg_n;    /* the TensorProto's own bytes: gir__ox_tensor_read decodes the values */
    int external;                        /* data_location EXTERNAL (not supported by the reader) */
} gir__ox_tensor;
typedef struct gir__ox_attr {
    gir__ox_str name;
    int type;                            /* AttributeProto.AttributeType: 1 FLOAT 2 INT 3 STRING 4 TENSOR 5 GRAPH
                                            6 FLOATS 7 INTS 8 STRINGS 9 TENSORS 10 GRAPHS ... */
    double f; int64_t i; gir__ox_str s;  /* FLOAT, INT, STRING */
    int n_list;                          /* elements of FLOATS / INTS / STRINGS */
    const uint8_t *msg; size_t msg_n;    /* the AttributeProto's bytes, for gir__ox_attr_ints / _floats / _strings */
    gir__ox_tensor t;                    /* TENSOR */
    int has_graph;                       /* GRAPH or GRAPHS present */
    const uint8_t *g; size_t g_n;        /* GRAPH: the GraphProto's bytes (If/Loop/Scan bodies: decoded by
                                            gir__ox_decode_graph when the importer builds them) */
} gir__ox_attr;
typedef struct gir__ox_node {
    gir__ox_str op_type, name, domain;
    int n_in, n_out, n_attr;
    gir__ox_str *in, *out;               /* an input with n == 0 is an omitted optional input */
    gir__ox_attr *attr;
} gir__ox_node;
typedef struct gir__ox_value {           /* ValueInfoProto of a tensor type */
    gir__ox_str name;
    int32_t type;                        /* elem_type; 0 when not a tensor (sequence, map, optional: the
                                            importer says unsupported) */
    int has_shape, rank;
    int64_t dim[GIR_MAX_RANK];           /* -1: symbolic (param.n > 0) or unknown */
    gir__ox_str param[GIR_MAX_RANK];
} gir__ox_value;
typedef struct gir__ox_model {
    int64_t ir_version, opset;           /* opset: the version imported for domain "" or "ai.onnx"; 0 if none */
    int n_node, n_init, n_input, n_output, n_value;
    gir__ox_node *node;
    gir__ox_tensor *init;
    gir__ox_value *input, *output, *value;   /* value: graph.value_info */
    void *block; size_t block_n;         /* every array above lives in this one allocation */
} gir__ox_model;

/* >>onnx_read wire: the context-free reader (positions count from p, the start of the buffer) */
enum { GIR__PB_OK, GIR__PB_TRUNC, GIR__PB_LONG, GIR__PB_BIG, GIR__PB_NUM, GIR__PB_WIRE, GIR__PB_LEN };
static const char *gir__pb_why(int e) {
    switch (e) {
    case GIR__PB_TRUNC: return "truncated";
    case GIR__PB_LONG: return "a varint longer than 10 bytes";
    case GIR__PB_BIG: return "a varint past 64 bits";
    case GIR__PB_NUM: return "a field number 0 or past 2^29-1";
    case GIR__PB_WIRE: return "a wire type that is not 0, 1, 2 or 5 (3 and 4 are groups, which are not read)";
    case GIR__PB_LEN: return "a length past the end of its message";
    default: return "malformed";
    }
}
/* a varint at p[*at..end): GIR__PB_OK with *v and *at past it, or an error with *at where it starts */
static int gir__pb_varint(const uint8_t *p, size_t *at, size_t end, uint64_t *v) {
    uint64_t r = 0;
    size_t k = *at;
    int sh;
    for (sh = 0;; sh += 7) {
        uint8_t b;
        if (k >= end) return GIR__PB_TRUNC;
        b = p[k++];
        if (sh == 63 && (b & 0x80)) return GIR__PB_LONG;
        if (sh == 63 && (b & 0x7f) > 1) return GIR__PB_BIG;
        r |= (uint64_t)(b & 0x7f) << sh;
        if (!(b & 0x80)) break;
    }
    *at = k;
    *v = r;
    return GIR__PB_OK;
}
/* a little-endian value of wire type wt (0 varint, 1 eight bytes, 5 four bytes) */
static int gir__pb_scalar(const uint8_t *p, size_t *at, size_t end, int wt, uint64_t *v) {
    size_t n = wt == 1 ? 8 : 4, k;
    if (wt == 0) return gir__pb_varint(p, at, end, v);
    if (n > end - *at) return GIR__PB_TRUNC;
    for (*v = 0, k = n; k > 0; --k) *v = (*v << 8) | p[*at + k - 1];
    *at += n;
    return GIR__PB_OK;
}
/* a field: its number, wire type, key position, and value (v: wire types 0, 1, 5; the length for 2) or bytes
   [at, at + n) (wire type 2) */
typedef struct gir__pbf { uint32_t num; int wt; uint64_t v; size_t key_at, at, n; } gir__pbf;
static int gir__pb_field(const uint8_t *p, size_t *at, size_t end, gir__pbf *f) {
    uint64_t key;
    size_t k = *at;
    int e = gir__pb_varint(p, &k, end, &key);
    f->key_at = f->at = *at;
    f->num = 0; f->wt = 0; f->v = 0; f->n = 0;
    if (e) return e;
    f->at = k;
    if ((key >> 3) == 0 || (key >> 3) > 0x1FFFFFFFu) return GIR__PB_NUM;
    f->num = (uint32_t)(key >> 3);
    f->wt = (int)(key & 7u);
    if (f->wt == 1 || f->wt == 5 || f->wt == 0) e = gir__pb_scalar(p, &k, end, f->wt, &f->v);
    else if (f->wt != 2) e = GIR__PB_WIRE;
    else if ((e = gir__pb_varint(p, &k, end, &f->v)) == GIR__PB_OK) {
        f->at = k;
        if (f->v > (uint64_t)(end - k)) e = GIR__PB_LEN;     /* compared with the bytes left: no overflow */
        else k += (size_t)(f->n = (size_t)f->v);
    }
    if (e) return e;
    *at = k;
    return GIR__PB_OK;
}
/* the values in one occurrence of a repeated scalar field of wire type wt (0, 1, 5): one when it is not packed,
   else as many as its bytes hold (each varint checked); an error with *at where */
static int gir__pb_count(const uint8_t *p, const gir__pbf *f, int wt, int64_t *n, size_t *at) {
    size_t k = f->at, end = f->at + f->n, es = wt == 1 ? 8 : 4;
    uint64_t v;
    *n = 0;
    *at = f->key_at;
    if (f->wt == wt) { *n = 1; return GIR__PB_OK; }
    if (f->wt != 2) return GIR__PB_WIRE;
    if (wt) {
        *at = end - f->n % es;
        *n = (int64_t)(f->n / es);
        return f->n % es ? GIR__PB_TRUNC : GIR__PB_OK;
    }
    while (k < end) {
        int e = gir__pb_varint(p, &k, end, &v);
        if (e) { *at = k; return e; }
        ++*n;
    }
    return GIR__PB_OK;
}
/* the values of a repeated scalar field of a message, packed or not, in order */
typedef struct gir__pbit { const uint8_t *p; size_t at, end, pat, pend; uint32_t num; int wt, bad; } gir__pbit;
static void gir__pbit_init(gir__pbit *it, const uint8_t *msg, size_t n, uint32_t num, int wt) {
    GIR_MEMSET(it, 0, sizeof *it);
    it->p = msg; it->end = n; it->num = num; it->wt = wt;
}
/* 1 and the next value, or 0 at the end (it->bad: the field is malformed) */
static int gir__pbit_next(gir__pbit *it, uint64_t *v) {
    gir__pbf f;
    while (it->pat >= it->pend) {
        if (it->bad || it->at >= it->end) return 0;
        if (gir__pb_field(it->p, &it->at, it->end, &f)) { it->bad = 1; return 0; }
        if (f.num != it->num) continue;
        if (f.wt == it->wt) { *v = f.v; return 1; }
        if (f.wt != 2) { it->bad = 1; return 0; }
        it->pat = f.at;
        it->pend = f.at + f.n;
    }
    if (gir__pb_scalar(it->p, &it->pat, it->pend, it->wt, v)) { it->bad = 1; it->pat = it->pend; return 0; }
    return 1;
}
/* the last string (wire type 2) of field num in a message, or {0}: names for messages, read before the walk */
static gir__ox_str gir__pb_find_str(const uint8_t *p, size_t at, size_t end, uint32_t num) {
    gir__ox_str s;
    gir__pbf f;
    s.p = NULL; s.n = 0;
    while (at < end && gir__pb_field(p, &at, end, &f) == GIR__PB_OK)
        if (f.num == num && f.wt == 2 && f.n <= 0xFFFFFFFFu) { s.p = (const char *)p + f.at; s.n = (uint32_t)f.n; }
    return s;
}
static int64_t gir__ox_i64(uint64_t v) {       /* two's complement, without implementation-defined conversion */
    return v <= (uint64_t)INT64_MAX ? (int64_t)v : -(int64_t)(~v) - 1;
}
static double gir__ox_f32_bits(uint32_t u) {
    float x;
    GIR_MEMCPY(&x, &u, 4);
    return (double)x;
}
GIR__OX_FN int gir__ox_str_is(gir__ox_str s, const char *z) {
    uint32_t k;
    for (k = 0; k < s.n; ++k)
        if (!z[k] || z[k] != s.p[k]) return 0;
    return z[s.n] == 0;
}
/* s as a NUL-terminated string for a message: at most cap - 1 bytes, unprintable bytes as '?' */
static const char *gir__ox_cstr(char *dst, size_t cap, gir__ox_str s) {
    size_t k, n = s.n < cap - 1 ? s.n : cap - 1;
    for (k = 0; k < n; ++k) dst[k] = s.p[k] >= 32 && s.p[k] < 127 ? s.p[k] : '?';
    dst[n] = 0;
    return dst;
}
static const char *gir__ox_u64s(char *dst, uint64_t v) {      /* dst[21]: decimal */
    char t[21];
    int k = 0, j = 0;
    do { t[k++] = (char)('0' + (int)(v % 10u)); v /= 10u; } while (v);
    while (k) dst[j++] = t[--k];
    dst[j] = 0;
    return dst;
}

/* >>onnx_read context: the first error, with where it happened ("node 3 (Conv): attribute 'pads'") */
typedef struct gir__oxc {
    char *msg; size_t cap;      /* the caller's buffer (NULL or 0: no message) */
    gir_status st;              /* the first error's status; GIR_OK while there is none */
    char where[192];
} gir__oxc;
static void gir__oxc_init(gir__oxc *c, char *msg, size_t cap) {
    GIR_MEMSET(c, 0, sizeof *c);
    c->msg = cap ? msg : NULL;
    c->cap = msg ? cap : 0;
    if (c->msg) c->msg[0] = 0;
}
static void gir__ox_fail(gir__oxc *c, gir_status s, const char *fmt, ...) {
    gir__buf b;
    va_list ap;
    if (c->st) return;
    c->st = s;
    if (!c->msg) return;
    b.p = c->msg; b.n = c->cap; b.len = 0; c->msg[0] = 0;
#ifdef GIR_NO_ERROR_STRINGS
    (void)fmt; (void)ap;
    gir__puts(&b, gir_status_name(s));
#else
    if (c->where[0]) { gir__puts(&b, c->where); gir__puts(&b, ": "); }
    va_start(ap, fmt);
    gir__vformat(&b, fmt, ap);
    va_end(ap);
#endif
}
/* append "what" to the context; returns the length to restore */
static size_t gir__ox_push(gir__oxc *c, const char *fmt, ...) {
    gir__buf b;
    va_list ap;
    size_t old = gir__strlen_max(c->where, sizeof c->where - 1);
    b.p = c->where; b.n = sizeof c->where; b.len = old;
    if (old) gir__puts(&b, ": ");
    va_start(ap, fmt);
    gir__vformat(&b, fmt, ap);
    va_end(ap);
    return old;
}
static void gir__ox_pop(gir__oxc *c, size_t len) { c->where[len] = 0; }

/* a message's reader: positions count from p (the start of the buffer); depth: messages entered */
typedef struct gir__pb { const uint8_t *p; size_t at, end; int depth; } gir__pb;
static void gir__pb_fail(gir__oxc *c, int e, const gir__pbf *f, size_t end) {
    char t[21];
    if (e == GIR__PB_LEN)
        gir__ox_fail(c, GIR_ERR_INVALID_ARG, "field %u at byte %l: length %s runs past the end of its message "
                     "(byte %l)", (unsigned)f->num, (long long)f->key_at, gir__ox_u64s(t, f->v), (long long)end);
    else if (e == GIR__PB_WIRE)
        gir__ox_fail(c, GIR_ERR_INVALID_ARG, "field %u at byte %l: wire type %d (3 and 4 are groups, not read; 6 and 7 "
                     "do not exist)", (unsigned)f->num, (long long)f->key_at, f->wt);
    else
        gir__ox_fail(c, GIR_ERR_INVALID_ARG, "%s at byte %l (in a message ending at byte %l)", gir__pb_why(e),
                     (long long)f->at, (long long)end);
}
/* 1 and the next field, or 0 at the end of the message or on an error (recorded in c) */
static int gir__pb_next(gir__oxc *c, gir__pb *r, gir__pbf *f) {
    int e;
    if (c->st || r->at >= r->end) return 0;
    e = gir__pb_field(r->p, &r->at, r->end, f);
    if (e) { gir__pb_fail(c, e, f, r->end); return 0; }
    return 1;
}
static int gir__pb_is(gir__oxc *c, const gir__pbf *f, int wt, const char *what) {
    if (f->wt == wt) return 1;
    gir__ox_fail(c, GIR_ERR_INVALID_ARG, "%s (field %u) at byte %l has wire type %d, not %d", what, (unsigned)f->num,
                 (long long)f->key_at, f->wt, wt);
    return 0;
}
/* the reader of a field that holds a message, one level deeper */
static int gir__pb_sub(gir__oxc *c, const gir__pb *r, const gir__pbf *f, const char *what, gir__pb *sub) {
    if (!gir__pb_is(c, f, 2, what)) return 0;
    if (r->depth >= GIR__OX_DEPTH) {
        gir__ox_fail(c, GIR_ERR_LIMIT, "%s at byte %l is nested more than %d messages deep", what, (long long)f->key_at,
                     GIR__OX_DEPTH);
        return 0;
    }
    sub->p = r->p; sub->at = f->at; sub->end = f->at + f->n; sub->depth = r->depth + 1;
    return 1;
}
static int gir__pb_str(gir__oxc *c, const gir__pb *r, const gir__pbf *f, const char *what, gir__ox_str *s) {
    if (!gir__pb_is(c, f, 2, what)) return 0;
    if (f->n > 0xFFFFFFFFu) {
        gir__ox_fail(c, GIR_ERR_LIMIT, "%s at byte %l is longer than 4 GB", what, (long long)f->key_at);
        return 0;
    }
    s->p = (const char *)r->p + f->at;
    s->n = (uint32_t)f->n;
    return 1;
}
/* a repeated scalar field's occurrence: its count, checked (packed: every value) */
static int64_t gir__pb_values(gir__oxc *c, const gir__pb *r, const gir__pbf *f, int wt, const char *what) {
    int64_t n;
    size_t at;
    int e = gir__pb_count(r->p, f, wt, &n, &at);
    if (e == GIR__PB_WIRE) gir__pb_is(c, f, wt, what);
    else if (e) gir__ox_fail(c, GIR_ERR_INVALID_ARG, "%s %s at byte %l", what, gir__pb_why(e), (long long)at);
    return e ? 0 : n;
}

/* >>onnx_read tensors: a TensorProto's name, type and dims (its values stay in the file) */
static void gir__ox_dim_add(gir__oxc *c, gir__ox_tensor *t, uint64_t v, size_t at) {
    char b[48];
    if (t->rank >= GIR_MAX_RANK) {
        gir__ox_fail(c, GIR_ERR_UNSUPPORTED, "tensor '%s' has more than GIR_MAX_RANK %d dims",
                     gir__ox_cstr(b, sizeof b, t->name), GIR_MAX_RANK);
        return;
    }
    if (gir__ox_i64(v) < 0) {
        gir__ox_fail(c, GIR_ERR_INVALID_ARG, "tensor '%s': dim %d is %l (negative) at byte %l",
                     gir__ox_cstr(b, sizeof b, t->name), t->rank, (long long)gir__ox_i64(v), (long long)at);
        return;
    }
    t->dim[t->rank++] = gir__ox_i64(v);
}
static void gir__ox_dims(gir__oxc *c, const gir__pb *r, const gir__pbf *f, gir__ox_tensor *t) {
    size_t k = f->at;
    uint64_t v;
    if (f->wt == 0) { gir__ox_dim_add(c, t, f->v, f->key_at); return; }
    if (!gir__pb_values(c, r, f, 0, "dims")) return;
    while (k < f->at + f->n && !c->st && gir__pb_varint(r->p, &k, f->at + f->n, &v) == GIR__PB_OK)
        gir__ox_dim_add(c, t, v, k);
}
static void gir__ox_tensor_dec(gir__oxc *c, gir__pb r, gir__ox_tensor *t) {
    gir__pbf f;
    GIR_MEMSET(t, 0, sizeof *t);
    t->msg = r.p + r.at;
    t->msg_n = r.end - r.at;
    t->name = gir__pb_find_str(r.p, r.at, r.end, 8);     /* for the messages below */
    while (gir__pb_next(c, &r, &f)) {
        switch (f.num) {
        case 1: gir__ox_dims(c, &r, &f, t); break;
        case 2: if (gir__pb_is(c, &f, 0, "data_type")) t->type = (int32_t)gir__ox_i64(f.v); break;
        case 8: gir__pb_str(c, &r, &f, "name", &t->name); break;
        case 14: if (gir__pb_is(c, &f, 0, "data_location")) t->external = f.v == 1; break;
        case 4: gir__pb_values(c, &r, &f, 5, "float_data"); break;
        case 5: gir__pb_values(c, &r, &f, 0, "int32_data"); break;
        case 7: gir__pb_values(c, &r, &f, 0, "int64_data"); break;
        case 10: gir__pb_values(c, &r, &f, 1, "double_data"); break;
        case 11: gir__pb_values(c, &r, &f, 0, "uint64_data"); break;
        case 9: gir__pb_is(c, &f, 2, "raw_data"); break;
        default: break;                                    /* unknown fields are skipped */
        }
    }
}
GIR__OX_FN gir_status gir__ox_decode_tensor(gir__ox_tensor *t, const void *data, size_t size, char *msg, size_t cap) {
    gir__oxc c;
    gir__pb r;
    gir__oxc_init(&c, msg, cap);
    if (!t || (!data && size)) {
        gir__ox_fail(&c, GIR_ERR_INVALID_ARG, "onnx tensor: %s is NULL", t ? "the data" : "the tensor");
        return GIR_ERR_INVALID_ARG;
    }
    r.p = (const uint8_t *)data; r.at = 0; r.end = size; r.depth = 0;
    gir__ox_push(&c, "onnx tensor");
    gir__ox_tensor_dec(&c, r, t);
    if (c.st) GIR_MEMSET(t, 0, sizeof *t);
    return c.st;
}
GIR__OX_FN int64_t gir__ox_tensor_numel(const gir__ox_tensor *t) {
    int64_t n = 1;
    int k;
    for (k = 0; k < t->rank; ++k)
        if (t->dim[k] == 0) return 0;
    for (k = 0; k < t->rank; ++k) {
        if (t->dim[k] < 0 || n > ((int64_t)1 << 62) / t->dim[k]) return -1;
        n *= t->dim[k];
    }
    return n;
}

/* >>onnx_read values: an element type's bytes in raw_data, the typed field that may hold its values instead (and
   that field's wire type and value width), and how its bits read */
enum { GIR__OXK_S, GIR__OXK_U, GIR__OXK_F32, GIR__OXK_F64, GIR__OXK_F16, GIR__OXK_BF16 };
typedef struct gir__ox_elem { int bytes, field, wt, bits, kind; } gir__ox_elem;
static int gir__ox_elem_of(int32_t type, gir__ox_elem *e) {
    static const signed char tab[17][5] = {
        {0, 0, 0, 0, 0},       {4, 4, 5, 32, GIR__OXK_F32}, {1, 5, 0, 32, GIR__OXK_U},  {1, 5, 0, 32, GIR__OXK_S},
        {2, 5, 0, 32, GIR__OXK_U}, {2, 5, 0, 32, GIR__OXK_S}, {4, 5, 0, 32, GIR__OXK_S}, {8, 7, 0, 64, GIR__OXK_S},
        {0, 0, 0, 0, 0},       {1, 5, 0, 32, GIR__OXK_U},   {2, 5, 0, 32, GIR__OXK_F16}, {8, 10, 1, 64, GIR__OXK_F64},
        {4, 11, 0, 64, GIR__OXK_U}, {8, 11, 0, 64, GIR__OXK_U}, {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0},
        {2, 5, 0, 32, GIR__OXK_BF16}};                   /* 8 STRING, 14 and 15 COMPLEX: not read */
    if (type <= 0 || type > 16 || !tab[type][0]) return 0;
    e->bytes = tab[type][0]; e->field = tab[type][1]; e->wt = tab[type][2]; e->bits = tab[type][3];
    e->kind = tab[type][4];
    return 1;
}
static double gir__ox_half(uint32_t h) {
    uint32_t s = (h >> 15) & 1u, ex = (h >> 10) & 31u, m = h & 1023u;
    double v;
    if (ex == 0) v = (double)m / 16777216.0;                                   /* zero and subnormals: m * 2^-24 */
    else if (ex == 31) return gir__ox_f32_bits(s << 31 | 0x7F800000u | m << 13);      /* inf and nan */
    else return gir__ox_f32_bits(s << 31 | (ex + 112u) << 23 | m << 13);
    return s ? -v : v;
}
/* a value as read: an integer (i), a float (f), or an unsigned integer past INT64_MAX (u) */
typedef struct gir__ox_num { int kind; int64_t i; uint64_t u; double f; } gir__ox_num;
static gir__ox_num gir__ox_num_of(uint64_t w, int bits, int kind) {
    gir__ox_num v;
    uint64_t mask = bits >= 64 ? ~(uint64_t)0 : (((uint64_t)1 << bits) - 1u);
    GIR_MEMSET(&v, 0, sizeof v);
    w &= mask;
    if (kind == GIR__OXK_S) {
        if (bits < 64 && (w >> (bits - 1)) & 1u) w |= ~mask;
        v.i = gir__ox_i64(w);
    } else if (kind == GIR__OXK_U) {
        v.u = w;
        v.i = (int64_t)(w & (uint64_t)INT64_MAX);
        v.kind = w > (uint64_t)INT64_MAX ? 2 : 0;
        v.f = (double)w;
    } else {
        uint64_t b = w;
        v.kind = 1;
        if (kind == GIR__OXK_F64) GIR_MEMCPY(&v.f, &b, 8);
        else if (kind == GIR__OXK_F32) v.f = gir__ox_f32_bits((uint32_t)w);
        else if (kind == GIR__OXK_F16) v.f = gir__ox_half((uint32_t)w);
        else v.f = gir__ox_f32_bits((uint32_t)w << 16);
    }
    return v;
}
/* the destination: count values of gir dtype dt; an integer dtype takes integers within its range only */
typedef struct gir__oxw { unsigned char *out; int dt; int64_t k; const gir__ox_tensor *t; gir__oxc *c; } gir__oxw;
static void gir__ox_range_fail(gir__oxw *w, gir__ox_num v) {
    char b[48], n[21];
    if (v.kind == 1)
        gir__ox_fail(w->c, GIR_ERR_UNSUPPORTED, "tensor '%s': element %l is %g, not an integer %T holds",
                     gir__ox_cstr(b, sizeof b, w->t->name), (long long)w->k, v.f, w->dt);
    else
        gir__ox_fail(w->c, GIR_ERR_UNSUPPORTED, "tensor '%s': element %l is %s%s, outside the range of %T",
                     gir__ox_cstr(b, sizeof b, w->t->name), (long long)w->k, v.kind == 0 && v.i < 0 ? "-" : "",
                     gir__ox_u64s(n, v.kind == 2 ? v.u : v.i < 0 ? (uint64_t)-(v.i + 1) + 1u : (uint64_t)v.i), w->dt);
}
static int gir__ox_put(gir__oxw *w, gir__ox_num v) {
    unsigned char *o = w->out;
    if (w->dt == GIR_DTYPE_F32 || w->dt == GIR_DTYPE_F64) {
        double d = v.kind == 1 ? v.f : v.kind == 2 ? (double)v.u : (double)v.i;
        if (w->dt == GIR_DTYPE_F64) GIR_MEMCPY(o + (size_t)w->k * 8, &d, 8);
        else { float x = (float)d; GIR_MEMCPY(o + (size_t)w->k * 4, &x, 4); }
    } else {
        int64_t lo = w->dt == GIR_DTYPE_I32 ? INT32_MIN : 0, i = v.i;
        int64_t hi = w->dt == GIR_DTYPE_I32 ? INT32_MAX : w->dt == GIR_DTYPE_U8 ? 255 : 1;
        if (v.kind == 1) {      /* the range first: the cast to int64_t is then defined (NaN fails it) */
            if (!(v.f >= (double)lo && v.f <= (double)hi) || (double)(int64_t)v.f != v.f) {
                gir__ox_range_fail(w, v);
                return 0;
            }
            i = (int64_t)v.f;
        }
        if (v.kind == 2 || i < lo || i > hi) { gir__ox_range_fail(w, v); return 0; }
        if (w->dt == GIR_DTYPE_I32) { int32_t x = (int32_t)i; GIR_MEMCPY(o + (size_t)w->k * 4, &x, 4); }
        else o[w->k] = (unsigned char)i;
    }
    ++w->k;
    return 1;
}
/* where a tensor's values are: raw_data (raw, raw_n bytes; the last one counts) or the typed field (n values) */
typedef struct gir__ox_src { const uint8_t *raw; size_t raw_n; int has_raw; int64_t n; gir__ox_elem e; } gir__ox_src;
static void gir__ox_find_src(gir__oxc *c, const gir__ox_tensor *t, gir__ox_src *s) {
    gir__pb r;
    gir__pbf f;
    int64_t n;
    size_t at;
    r.p = t->msg; r.at = 0; r.end = t->msg_n; r.depth = 0;
    while (gir__pb_next(c, &r, &f)) {
        if (f.num == 9 && f.wt == 2) { s->raw = t->msg + f.at; s->raw_n = f.n; s->has_raw = 1; }
        if (f.num != (uint32_t)s->e.field) continue;
        if (gir__pb_count(t->msg, &f, s->e.wt, &n, &at)) {
            gir__ox_fail(c, GIR_ERR_INVALID_ARG, "its typed values (field %u) are malformed at byte %l of the tensor",
                         (unsigned)f.num, (long long)at);
            return;
        }
        s->n += n;
    }
}
/* which values, checked against numel: the file must hold every value the dims claim */
static int gir__ox_src_of(gir__oxc *c, const gir__ox_tensor *t, int64_t numel, gir__ox_src *s) {
    GIR_MEMSET(s, 0, sizeof *s);
    if (t->external) { gir__ox_fail(c, GIR_ERR_UNSUPPORTED, "its data is in an external file (not read)"); return 0; }
    if (!gir__ox_elem_of(t->type, &s->e)) {
        gir__ox_fail(c, GIR_ERR_UNSUPPORTED, "element type %d (%s) is not read", (int)t->type,
                     t->type == 8 ? "STRING" : t->type == 14 || t->type == 15 ? "COMPLEX" : "unknown");
        return 0;
    }
    gir__ox_find_src(c, t, s);
    if (c->st) return 0;
    if (s->has_raw && (s->raw_n % (size_t)s->e.bytes || (uint64_t)(s->raw_n / (size_t)s->e.bytes) != (uint64_t)numel)) {
        char need[24];
        if (numel > ((int64_t)1 << 59)) GIR_MEMCPY(need, "over 2^62", 10);
        else gir__ox_u64s(need, (uint64_t)numel * (uint64_t)s->e.bytes);
        gir__ox_fail(c, GIR_ERR_INVALID_ARG, "raw_data holds %l bytes; %l elements of %d bytes need %s",
                     (long long)s->raw_n, (long long)numel, s->e.bytes, need);
        return 0;
    }
    if (!s->has_raw && s->n != numel) {
        gir__ox_fail(c, GIR_ERR_INVALID_ARG, "it holds %l values (field %d); its dims say %l", (long long)s->n,
                     s->e.field, (long long)numel);
        return 0;
    }
    return 1;
}
static void gir__ox_read_values(gir__oxw *w, const gir__ox_tensor *t, const gir__ox_src *s, int64_t numel) {
    int64_t k;
    uint64_t v;
    gir__pbit it;
    if (s->has_raw) {
        for (k = 0; k < numel; ++k) {
            const uint8_t *b = s->raw + (size_t)k * (size_t)s->e.bytes;
            int j;
            for (v = 0, j = s->e.bytes - 1; j >= 0; --j) v = (v << 8) | b[j];
            if (!gir__ox_put(w, gir__ox_num_of(v, s->e.bytes * 8, s->e.kind))) return;
        }
        return;
    }
    gir__pbit_init(&it, t->msg, t->msg_n, (uint32_t)s->e.field, s->e.wt);
    for (k = 0; k < numel && gir__pbit_next(&it, &v); ++k)
        if (!gir__ox_put(w, gir__ox_num_of(v, s->e.bits, s->e.kind))) return;
}
GIR__OX_FN gir_status gir__ox_tensor_read(const gir__ox_tensor *t, gir_dtype dt, void *out, int64_t count, char *msg,
                                          size_t cap) {
    gir__oxc c;
    gir__ox_src s;
    gir__oxw w;
    char b[48];
    int64_t numel;
    gir__oxc_init(&c, msg, cap);
    if (!t || (!out && count) || (int)dt <= 0 || (int)dt >= GIR_DTYPE__COUNT) {
        gir__ox_fail(&c, GIR_ERR_INVALID_ARG, "onnx tensor read: %s", !t ? "the tensor is NULL" : !out && count ?
                     "out is NULL" : "invalid dtype");
        return c.st;
    }
    gir__ox_push(&c, "tensor '%s'", gir__ox_cstr(b, sizeof b, t->name));
    numel = gir__ox_tensor_numel(t);
    if (numel < 0) gir__ox_fail(&c, GIR_ERR_LIMIT, "more than 2^62 elements");
    else if (numel != count) gir__ox_fail(&c, GIR_ERR_SHAPE, "it has %l elements, the destination %l", (long long)numel,
                                         (long long)count);
    if (c.st || !gir__ox_src_of(&c, t, numel, &s)) return c.st;
    gir__ox_pop(&c, 0);
    w.out = (unsigned char *)out; w.dt = (int)dt; w.k = 0; w.t = t; w.c = &c;
    gir__ox_read_values(&w, t, &s, numel);
    return c.st;
}

/* that the file holds every value a tensor's dims claim (before its reader allocates room for them) */
GIR__OX_FN gir_status gir__ox_tensor_check(const gir__ox_tensor *t, char *msg, size_t cap) {
    gir__oxc c;
    gir__ox_src s;
    char b[48];
    int64_t numel = gir__ox_tensor_numel(t);
    gir__oxc_init(&c, msg, cap);
    gir__ox_push(&c, "tensor '%s'", gir__ox_cstr(b, sizeof b, t->name));
    if (numel < 0) gir__ox_fail(&c, GIR_ERR_LIMIT, "more than 2^62 elements");
    else gir__ox_src_of(&c, t, numel, &s);
    return c.st;
}

/* >>onnx_read attributes */
static void gir__ox_attr_field(gir__oxc *c, const gir__pb *r, const gir__pbf *f, gir__ox_attr *at, int64_t *cnt) {
    gir__pb sub;
    switch (f->num) {
    case 1: gir__pb_str(c, r, f, "name", &at->name); break;
    case 20: if (gir__pb_is(c, f, 0, "type")) at->type = (int)gir__ox_i64(f->v); break;
    case 2: if (gir__pb_is(c, f, 5, "f")) at->f = gir__ox_f32_bits((uint32_t)f->v); break;
    case 3: if (gir__pb_is(c, f, 0, "i")) at->i = gir__ox_i64(f->v); break;
    case 4: gir__pb_str(c, r, f, "s", &at->s); break;
    case 5: if (gir__pb_sub(c, r, f, "t", &sub)) gir__ox_tensor_dec(c, sub, &at->t); break;
    case 6: case 11:
        if (!gir__pb_is(c, f, 2, f->num == 6 ? "g" : "graphs")) return;
        at->has_graph = 1;
        if (f->num == 6) { at->g = r->p + f->at; at->g_n = (size_t)f->n; }
        break;
    case 7: cnt[0] += gir__pb_values(c, r, f, 5, "floats"); break;
    case 8: cnt[1] += gir__pb_values(c, r, f, 0, "ints"); break;
    case 9: if (gir__pb_is(c, f, 2, "strings")) ++cnt[2]; break;
    case 10: break;
    default: return;                                           /* tensors, sparse tensors, type protos: not read */
    }
    if (f->num >= 2 && !at->type) at->type = -(int)f->num;   /* the field seen, for an attribute without a type */
}
static void gir__ox_attr_dec(gir__oxc *c, gir__pb r, gir__ox_attr *at, int index) {
    gir__pbf f;
    int64_t cnt[3] = {0, 0, 0};
    char b[48];
    size_t old;
    GIR_MEMSET(at, 0, sizeof *at);
    at->msg = r.p + r.at;
    at->msg_n = r.end - r.at;
    at->name = gir__pb_find_str(r.p, r.at, r.end, 1);
    if (at->name.n) old = gir__ox_push(c, "attribute '%s'", gir__ox_cstr(b, sizeof b, at->name));
    else old = gir__ox_push(c, "attribute %d", index);
    while (gir__pb_next(c, &r, &f)) gir__ox_attr_field(c, &r, &f, at, cnt);
    if (at->type < 0) at->type = -at->type - 1;       /* field 2 f is FLOAT (1), ..., 11 graphs is GRAPHS (10) */
    if (!c->st && (cnt[0] > GIR__OX_MAX_ITEMS || cnt[1] > GIR__OX_MAX_ITEMS || cnt[2] > GIR__OX_MAX_ITEMS))
        gir__ox_fail(c, GIR_ERR_LIMIT, "a list of more than %d values", GIR__OX_MAX_ITEMS);
    at->n_list = (int)(at->type == 6 ? cnt[0] : at->type == 7 ? cnt[1] : at->type == 8 ? cnt[2] : 0);
    if (!c->st) gir__ox_pop(c, old);
}
/* the INTS, FLOATS, STRINGS values of an attribute: their count, -1 if malformed or more than max (out NULL:
   the count only) */
GIR__OX_FN int gir__ox_attr_ints(const gir__ox_attr *at, int64_t *out, int max) {
    gir__pbit it;
    uint64_t v;
    int n = 0;
    gir__pbit_init(&it, at->msg, at->msg_n, 8, 0);
    while (gir__pbit_next(&it, &v)) {
        if (out && n >= max) return -1;
        if (out) out[n] = gir__ox_i64(v);
        if (++n > GIR__OX_MAX_ITEMS) return -1;
    }
    return it.bad ? -1 : n;
}
GIR__OX_FN int gir__ox_attr_floats(const gir__ox_attr *at, double *out, int max) {
    gir__pbit it;
    uint64_t v;
    int n = 0;
    gir__pbit_init(&it, at->msg, at->msg_n, 7, 5);
    while (gir__pbit_next(&it, &v)) {
        if (out && n >= max) return -1;
        if (out) out[n] = gir__ox_f32_bits((uint32_t)v);
        if (++n > GIR__OX_MAX_ITEMS) return -1;
    }
    return it.bad ? -1 : n;
}
GIR__OX_FN int gir__ox_attr_strings(const gir__ox_attr *at, gir__ox_str *out, int max) {
    gir__pbf f;
    size_t k = 0;
    int n = 0;
    while (k < at->msg_n) {
        if (gir__pb_field(at->msg, &k, at->msg_n, &f) || (f.num == 9 && (f.wt != 2 || f.n > 0xFFFFFFFFu))) return -1;
        if (f.num != 9) continue;
        if (out && n >= max) return -1;
        if (out) { out[n].p = (const char *)at->msg + f.at; out[n].n = (uint32_t)f.n; }
        if (++n > GIR__OX_MAX_ITEMS) return -1;
    }
    return n;
}

/* >>onnx_read the decoder: pass 1 counts and checks everything, pass 2 (fill) writes the arrays */
typedef struct gir__oxd {
    gir__oxc c;
    gir__ox_model *m;
    int fill;
    int n_node, n_init, n_input, n_output, n_value, n_str, n_attr;   /* counts, or in pass 2 the next free slot */
    gir__ox_str *str;             /* pass 2: the nodes' inputs and outputs */
    gir__ox_attr *attr;           /* pass 2: the nodes' attributes */
} gir__oxd;
/* one more item in a count: 0 (GIR_ERR_LIMIT) past GIR__OX_MAX_ITEMS */
static int gir__ox_more(gir__oxd *d, int *n, const char *what) {
    if (*n < GIR__OX_MAX_ITEMS) return 1;
    gir__ox_fail(&d->c, GIR_ERR_LIMIT, "more than %d %s", GIR__OX_MAX_ITEMS, what);
    return 0;
}
/* a node's inputs, outputs and attributes, counted before pass 2 fills them (the node was checked in pass 1) */
static void gir__ox_node_counts(gir__pb r, int *n) {
    gir__pbf f;
    n[0] = n[1] = n[2] = 0;
    while (r.at < r.end && gir__pb_field(r.p, &r.at, r.end, &f) == GIR__PB_OK)
        if (f.num == 1 || f.num == 2 || f.num == 5) ++n[f.num == 5 ? 2 : f.num - 1];
}
static void gir__ox_node_field(gir__oxd *d, const gir__pb *r, const gir__pbf *f, gir__ox_node *nd) {
    gir__oxc *c = &d->c;
    gir__ox_attr scratch;
    gir__ox_str s;
    gir__pb sub;
    switch (f->num) {
    case 1: case 2:
        if (!gir__pb_str(c, r, f, f->num == 1 ? "input" : "output", &s) ||
            !gir__ox_more(d, &d->n_str, "node inputs and outputs"))
            return;
        if (d->fill && f->num == 1) nd->in[nd->n_in] = s;
        if (d->fill && f->num == 2) nd->out[nd->n_out] = s;
        ++*(f->num == 1 ? &nd->n_in : &nd->n_out);
        ++d->n_str;
        break;
    case 3: gir__pb_str(c, r, f, "name", &nd->name); break;
    case 4: gir__pb_str(c, r, f, "op_type", &nd->op_type); break;
    case 7: gir__pb_str(c, r, f, "domain", &nd->domain); break;
    case 5:
        if (!gir__pb_sub(c, r, f, "attribute", &sub) || !gir__ox_more(d, &d->n_attr, "attributes")) return;
        gir__ox_attr_dec(c, sub, d->fill ? &nd->attr[nd->n_attr] : &scratch, nd->n_attr);
        ++nd->n_attr;
        ++d->n_attr;
        break;
    default: break;
    }
}
static void gir__ox_node_dec(gir__oxd *d, gir__pb r, gir__ox_node *nd, int index) {
    gir__pbf f;
    char b[48];
    size_t old;
    int n[3];
    GIR_MEMSET(nd, 0, sizeof *nd);
    nd->op_type = gir__pb_find_str(r.p, r.at, r.end, 4);
    old = gir__ox_push(&d->c, "node %d (%s)", index, gir__ox_cstr(b, sizeof b, nd->op_type));
    if (d->fill) {
        gir__ox_node_counts(r, n);            /* NULL when empty: the pools are NULL when nothing uses them */
        nd->in = n[0] ? d->str + d->n_str : NULL;
        nd->out = n[1] ? d->str + d->n_str + n[0] : NULL;
        nd->attr = n[2] ? d->attr + d->n_attr : NULL;
    }
    while (gir__pb_next(&d->c, &r, &f)) gir__ox_node_field(d, &r, &f, nd);
    if (!d->c.st) gir__ox_pop(&d->c, old);
}

/* >>onnx_read values: a ValueInfoProto, its TypeProto, the tensor type and its shape */
static void gir__ox_dim_dec(gir__oxc *c, gir__pb r, gir__ox_value *v) {
    gir__pbf f;
    int k = v->rank;
    if (k >= GIR_MAX_RANK) {
        gir__ox_fail(c, GIR_ERR_UNSUPPORTED, "more than GIR_MAX_RANK %d dims", GIR_MAX_RANK);
        return;
    }
    v->dim[k] = -1;
    v->param[k].p = NULL; v->param[k].n = 0;
    v->rank = k + 1;
    while (gir__pb_next(c, &r, &f)) {
        if (f.num == 1 && gir__pb_is(c, &f, 0, "dim_value")) {
            v->dim[k] = gir__ox_i64(f.v);
            if (v->dim[k] < 0)
                gir__ox_fail(c, GIR_ERR_INVALID_ARG, "dim %d is %l (negative) at byte %l", k, (long long)v->dim[k],
                             (long long)f.key_at);
        } else if (f.num == 2 && gir__pb_str(c, &r, &f, "dim_param", &v->param[k])) v->dim[k] = -1;
    }
}
static void gir__ox_ttype_dec(gir__oxc *c, gir__pb r, gir__ox_value *v) {
    gir__pbf f;
    gir__pb sub, dim;
    while (gir__pb_next(c, &r, &f)) {
        if (f.num == 1 && gir__pb_is(c, &f, 0, "elem_type")) v->type = (int32_t)gir__ox_i64(f.v);
        if (f.num != 2 || !gir__pb_sub(c, &r, &f, "shape", &sub)) continue;
        v->has_shape = 1;
        while (gir__pb_next(c, &sub, &f))
            if (f.num == 1 && gir__pb_sub(c, &sub, &f, "dim", &dim)) gir__ox_dim_dec(c, dim, v);
    }
}
static void gir__ox_value_dec(gir__oxc *c, gir__pb r, gir__ox_value *v, const char *what, int index) {
    gir__pbf f;
    gir__pb type, tt;
    char b[48];
    size_t old;
    GIR_MEMSET(v, 0, sizeof *v);
    v->name = gir__pb_find_str(r.p, r.at, r.end, 1);
    old = gir__ox_push(c, "%s %d '%s'", what, index, gir__ox_cstr(b, sizeof b, v->name));
    while (gir__pb_next(c, &r, &f)) {
        if (f.num == 1) gir__pb_str(c, &r, &f, "name", &v->name);
        if (f.num != 2 || !gir__pb_sub(c, &r, &f, "type", &type)) continue;
        while (gir__pb_next(c, &type, &f))          /* tensor_type; sequence, map, optional, sparse leave type 0 */
            if (f.num == 1 && gir__pb_sub(c, &type, &f, "tensor_type", &tt)) gir__ox_ttype_dec(c, tt, v);
    }
    if (!c->st) gir__ox_pop(c, old);
}

/* >>onnx_read the graph and the model */
static void gir__ox_graph_field(gir__oxd *d, const gir__pb *r, const gir__pbf *f) {
    static const char *const what[4] = {"input", "output", "value_info", "initializer"};
    gir__ox_model *m = d->m;
    gir__ox_node nd;
    gir__ox_value v;
    gir__ox_tensor t;
    gir__pb sub;
    int *n = f->num == 1 ? &d->n_node : f->num == 5 ? &d->n_init : f->num == 11 ? &d->n_input :
             f->num == 12 ? &d->n_output : f->num == 13 ? &d->n_value : NULL;
    if (f->num == 15) {
        gir__ox_fail(&d->c, GIR_ERR_UNSUPPORTED, "the graph has a sparse initializer (at byte %l)",
                     (long long)f->key_at);
        return;
    }
    if (!n || !gir__pb_sub(&d->c, r, f, f->num == 1 ? "node" : what[f->num == 5 ? 3 : f->num - 11], &sub) ||
        !gir__ox_more(d, n, f->num == 1 ? "nodes" : f->num == 5 ? "initializers" : "values"))
        return;
    if (f->num == 1) gir__ox_node_dec(d, sub, d->fill ? &m->node[*n] : &nd, *n);
    else if (f->num == 5) {
        char b[48];
        size_t old = gir__ox_push(&d->c, "initializer %d '%s'", *n,
                                  gir__ox_cstr(b, sizeof b, gir__pb_find_str(sub.p, sub.at, sub.end, 8)));
        gir__ox_tensor_dec(&d->c, sub, d->fill ? &m->init[*n] : &t);
        if (!d->c.st) gir__ox_pop(&d->c, old);
    } else {
        gir__ox_value *arr = f->num == 11 ? m->input : f->num == 12 ? m->output : m->value;
        gir__ox_value_dec(&d->c, sub, d->fill ? &arr[*n] : &v, what[f->num - 11], *n);
    }
    ++*n;
}
static void gir__ox_opset(gir__oxd *d, const gir__pb *r, const gir__pbf *f) {
    gir__pb sub;
    gir__pbf g;
    gir__ox_str dom;
    int64_t version = 0;
    dom.p = NULL; dom.n = 0;
    if (!gir__pb_sub(&d->c, r, f, "opset_import", &sub)) return;
    while (gir__pb_next(&d->c, &sub, &g)) {
        if (g.num == 1) gir__pb_str(&d->c, &sub, &g, "opset_import domain", &dom);
        if (g.num == 2 && gir__pb_is(&d->c, &g, 0, "opset_import version")) version = gir__ox_i64(g.v);
    }
    if (dom.n == 0 || gir__ox_str_is(dom, "ai.onnx")) d->m->opset = version;
}
/* the whole model: ir_version, opset_import, the graph (a graph field twice merges, as protobuf does) */
static void gir__ox_model_walk(gir__oxd *d, const uint8_t *p, size_t size) {
    gir__pb r, g;
    gir__pbf f;
    int graphs = 0;
    r.p = p; r.at = 0; r.end = size; r.depth = 0;
    d->n_node = d->n_init = d->n_input = d->n_output = d->n_value = d->n_str = d->n_attr = 0;
    while (gir__pb_next(&d->c, &r, &f)) {
        if (f.num == 1 && gir__pb_is(&d->c, &f, 0, "ir_version")) d->m->ir_version = gir__ox_i64(f.v);
        else if (f.num == 8) gir__ox_opset(d, &r, &f);
        else if (f.num == 7 && gir__pb_sub(&d->c, &r, &f, "graph", &g)) {
            ++graphs;
            while (gir__pb_next(&d->c, &g, &f)) gir__ox_graph_field(d, &g, &f);
        }
    }
    if (!d->c.st && !graphs) gir__ox_fail(&d->c, GIR_ERR_INVALID_ARG, "the model has no graph (not an ONNX model?)");
}
/* a GraphProto alone (a subgraph attribute's bytes) */
static void gir__ox_graph_walk(gir__oxd *d, const uint8_t *p, size_t size) {
    gir__pb r;
    gir__pbf f;
    r.p = p; r.at = 0; r.end = size; r.depth = 0;
    d->n_node = d->n_init = d->n_input = d->n_output = d->n_value = d->n_str = d->n_attr = 0;
    while (gir__pb_next(&d->c, &r, &f)) gir__ox_graph_field(d, &r, &f);
}
/* n more elements of es bytes at *off (kept a multiple of 8, so every array is aligned); 0 when it overflows */
static int gir__ox_lay(size_t *off, int n, size_t es) {
    size_t b = (size_t)n * es;      /* n <= GIR__OX_MAX_ITEMS (2^22) and es < 2^9: fits a 32-bit size_t */
    b = (b + 7u) & ~(size_t)7u;
    if (b > (size_t)-1 - *off) return 0;
    *off += b;
    return 1;
}
static int gir__ox_alloc(gir__oxd *d, const gir_allocator *a) {
    gir__ox_model *m = d->m;
    size_t off[8], total = 0;
    unsigned char *p;
    int ok = 1;
    off[0] = 0;
    ok = ok && gir__ox_lay(&total, d->n_node, sizeof(gir__ox_node)); off[1] = total;
    ok = ok && gir__ox_lay(&total, d->n_attr, sizeof(gir__ox_attr)); off[2] = total;
    ok = ok && gir__ox_lay(&total, d->n_init, sizeof(gir__ox_tensor)); off[3] = total;
    ok = ok && gir__ox_lay(&total, d->n_input, sizeof(gir__ox_value)); off[4] = total;
    ok = ok && gir__ox_lay(&total, d->n_output, sizeof(gir__ox_value)); off[5] = total;
    ok = ok && gir__ox_lay(&total, d->n_value, sizeof(gir__ox_value)); off[6] = total;
    ok = ok && gir__ox_lay(&total, d->n_str, sizeof(gir__ox_str)); off[7] = total;
    if (!ok) { gir__ox_fail(&d->c, GIR_ERR_LIMIT, "the decoded model does not fit the address space"); return 0; }
    if (!total) return 1;
    if (!(p = (unsigned char *)gir__alloc(a, total))) {
        gir__ox_fail(&d->c, GIR_ERR_OUT_OF_MEMORY, "out of memory for the decoded model (%l bytes)", (long long)total);
        return 0;
    }
    GIR_MEMSET(p, 0, total);
    m->block = p; m->block_n = total;
    m->node = d->n_node ? (gir__ox_node *)(void *)(p + off[0]) : NULL;
    d->attr = d->n_attr ? (gir__ox_attr *)(void *)(p + off[1]) : NULL;
    m->init = d->n_init ? (gir__ox_tensor *)(void *)(p + off[2]) : NULL;
    m->input = d->n_input ? (gir__ox_value *)(void *)(p + off[3]) : NULL;
    m->output = d->n_output ? (gir__ox_value *)(void *)(p + off[4]) : NULL;
    m->value = d->n_value ? (gir__ox_value *)(void *)(p + off[5]) : NULL;
    d->str = d->n_str ? (gir__ox_str *)(void *)(p + off[6]) : NULL;
    return 1;
}
GIR__OX_FN void gir__ox_free(gir__ox_model *m, const gir_allocator *a) {
    gir_allocator al = gir__allocator_or_default(a);
    if (!m) return;
    gir__free(&al, m->block, m->block_n);
    GIR_MEMSET(m, 0, sizeof *m);
}
/* a ModelProto (graph 0) or a GraphProto (graph 1, a subgraph: opset and ir_version are 0) into m */
static gir_status gir__ox_decode_as(gir__ox_model *m, const void *data, size_t size, const gir_allocator *a,
                                    int graph, char *msg, size_t cap) {
    gir_allocator al = gir__allocator_or_default(a);
    gir__oxd d;
    GIR_MEMSET(&d, 0, sizeof d);
    gir__oxc_init(&d.c, msg, cap);
    if (!m || (!data && size)) {
        gir__ox_fail(&d.c, GIR_ERR_INVALID_ARG, "onnx: %s is NULL", m ? "the data" : "the model");
        return GIR_ERR_INVALID_ARG;
    }
    GIR_MEMSET(m, 0, sizeof *m);
    d.m = m;
    if (graph) gir__ox_graph_walk(&d, (const uint8_t *)data, size);
    else gir__ox_model_walk(&d, (const uint8_t *)data, size);
    if (!d.c.st && gir__ox_alloc(&d, &al)) {
        m->n_node = d.n_node; m->n_init = d.n_init; m->n_input = d.n_input; m->n_output = d.n_output;
        m->n_value = d.n_value;
        d.fill = 1;
        if (graph) gir__ox_graph_walk(&d, (const uint8_t *)data, size);   /* the same bytes: pass 1 checked them */
        else gir__ox_model_walk(&d, (const uint8_t *)data, size);
    }
    if (d.c.st) gir__ox_free(m, &al);
    return d.c.st;
}
GIR__OX_FN gir_status gir__ox_decode(gir__ox_model *m, const void *data, size_t size, const gir_allocator *a, char *msg,
                                     size_t cap) {
    return gir__ox_decode_as(m, data, size, a, 0, msg, cap);
}
GIR__OX_FN gir_status gir__ox_decode_graph(gir__ox_model *m, const void *data, size_t size, const gir_allocator *a,
                                           char *msg, size_t cap) {
    return gir__ox_decode_as(m, data, size, a, 1, msg, cap);
}

/* >>onnx_read the public entry: a serialized TensorProto (an input_0.pb of the ONNX test data) */
static gir_status gir__ox_shape_of(gir__oxc *c, const gir__ox_tensor *t, gir_shape *shape) {
    int k;
    GIR_MEMSET(shape, 0, sizeof *shape);
    for (k = 0; k < t->rank; ++k)
        if (t->dim[k] > INT32_MAX) {
            gir__ox_fail(c, GIR_ERR_UNSUPPORTED, "dim %d is %l, over INT32_MAX", k, (long long)t->dim[k]);
            return c->st;
        }
    shape->rank = t->rank;
    for (k = 0; k < t->rank; ++k) shape->dim[k] = (int32_t)t->dim[k];
    return GIR_OK;
}
GIR_API gir_status gir_onnx_read_tensor(const void *data, size_t size, gir_dtype dtype, void *out, size_t cap,
                                        gir_shape *shape, char *msg, size_t msgcap) {
    gir__ox_tensor t;
    gir__ox_src s;
    gir__oxc c;
    gir_shape sh;
    int64_t numel;
    gir__oxc_init(&c, msg, msgcap);
    if (!data || (!out && cap) || (int)dtype <= 0 || (int)dtype >= GIR_DTYPE__COUNT) {
        gir__ox_fail(&c, GIR_ERR_INVALID_ARG, "onnx_read_tensor: %s", !data ? "the data is NULL" : !out && cap ?
                     "out is NULL with a nonzero cap" : "invalid dtype");
        return c.st;
    }
    if ((c.st = gir__ox_decode_tensor(&t, data, size, msg, msgcap)) != GIR_OK) return c.st;
    gir__ox_push(&c, "onnx_read_tensor");
    if (gir__ox_shape_of(&c, &t, &sh)) return c.st;
    if ((numel = gir__ox_tensor_numel(&t)) < 0) {
        gir__ox_fail(&c, GIR_ERR_LIMIT, "more than 2^62 elements");
        return c.st;
    }
    if (!gir__ox_src_of(&c, &t, numel, &s)) return c.st;     /* the values must be there, even for the shape alone */
    if (shape) *shape = sh;
    if (!out) return GIR_OK;
    if ((uint64_t)numel > (uint64_t)(cap / gir__dtype_sizes[dtype])) {
        char need[24];
        if (numel > ((int64_t)1 << 59)) GIR_MEMCPY(need, "over 2^62", 10);
        else gir__ox_u64s(need, (uint64_t)numel * gir__dtype_sizes[dtype]);
        gir__ox_fail(&c, GIR_ERR_LIMIT, "%l %T values need %s bytes, out holds %l", (long long)numel, (int)dtype, need,
                     (long long)cap);
        return c.st;
    }
    return gir__ox_tensor_read(&t, dtype, out, numel, msg, msgcap);
}
#endif /* GIR_NO_ONNX */
