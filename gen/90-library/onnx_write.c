/* onnx_write.c - gir_onnx_export: the nodes an output list needs as an ONNX ModelProto (ir_version 8, opset 17).
   Graph inputs become graph inputs, constants and variables initializers holding their current values, every
   other node the ONNX nodes of its op's line in ops.def (GIR_ONNX_OUT, or a GIR_ONNX line read backwards: the
   functions gir__oxo_<op> that gen/10-generator/onnx_out_lower.py makes). The export is an evaluation model: an op
   that eval plans take as the identity of an input (dropout, train_eval) is written as that identity. The control
   nodes (gir__oew_ctl): a scan is a Scan, an if an If, their functions GraphProto attributes written by the same
   node writer with names scoped to the body; a call is its body inlined; result nodes name the node's outputs.
   The protobuf writer sizes each length-delimited message by writing it once to a counting gir__wr (io.c), then
   writes it for real, so that every length is exact and nothing is buffered. */
#ifndef GIR_NO_ONNX
typedef uint32_t gir__oxv;              /* an ONNX value: a gir node's id, GIR__OXV_TMP | k the node's k-th temporary */
#define GIR__OXV_TMP 0x80000000u
#define GIR__OXV_OUT 0x40000000u        /* GIR__OXV_OUT | k: output k as an Identity of its node, "#out<k>" */
#define GIR__OXV_NONE 0u                /* an omitted optional input: the name "" */
#define GIR__OXV_RES 0x10000u           /* GIR__OXV_TMP | GIR__OXV_RES | k: result k of a tuple no result node reads */
#define GIR__OXNAME 128                 /* the longest generated name, with its scope */
typedef struct gir__oxints { int n; int64_t v[2 * GIR_MAX_RANK]; } gir__oxints;
typedef struct gir__oxat {              /* an attribute of the node being put together */
    const char *name;
    int type;                           /* AttributeProto.AttributeType: 1 FLOAT, 2 INT, 4 TENSOR, 5 GRAPH, 7 INTS;
                                           a GRAPH is the function of the node's attribute i[i] */
    double f;
    int64_t i;
    gir__oxints l;
} gir__oxat;
typedef struct gir__oew gir__oew;
struct gir__oew {
    gir_graph *g;
    gir__wr *w;                         /* the GraphProto's bytes */
    uint32_t id;                        /* the gir node being written, its attributes, shape and dtype */
    gir_attr a;
    gir_shape oshape;
    gir_dtype dtype;
    int n_x;
    uint32_t x[GIR__MAX_IN];            /* its inputs in builder order */
    gir__oxv xs[GIR__MAX_IN];           /* gir__oew_xs: the inputs, cast */
    int target;                         /* the dtype its parents are cast to; -1: none */
    uint32_t ntmp;
    const char *type;                   /* the ONNX node being put together */
    int n_in, n_at;
    gir__oxv in[GIR__MAX_IN];
    gir__oxat at[8];
    int n_out;                          /* the graph's outputs: outs[k].id at the top, oids[k] in a body */
    const gir_node *outs;
    const uint32_t *oids;
    const uint8_t *need;
    gir_status st;
    char msg[200];
    /* a function's body (gir__oew_body): a subgraph of an ONNX node, or inlined into up's graph (a call) */
    const gir_func *f;                  /* a body's function */
    gir__oew *up;                       /* the writer of the graph that holds the tuple node; NULL at the top */
    int kind;                           /* GIR__OXB_*: what the body is written as */
    int n_alias;                        /* parameter ap[k] is up's value ax[k] (an outer-scope name) */
    const uint32_t *ap, *ax;
    char scope[96];                     /* a body's generated names are "#<scope><id>"; "" at the top */
    int n_ov;                           /* a tuple node's ONNX outputs (gir__oew_touts) */
    gir__oxv ov[GIR__MAX_IN];
};
enum { GIR__OXB_TOP, GIR__OXB_SCAN, GIR__OXB_SCAN0, GIR__OXB_BRANCH, GIR__OXB_INLINE };
static uint32_t gir__oew_out(const gir__oew *c, int k) { return c->oids ? c->oids[k] : c->outs[k].id; }
/* the control nodes the export writes (gir__oew_ctl); a while loop has no ONNX form yet */
static int gir__ox_ctl_op(int op) {
    return gir__op_is(op, GIR__F_TUPLE | GIR__F_PROJ) && !gir__op_is(op, GIR__F_UNTIL);
}
/* a plain call: a tuple that is neither a branch nor a loop (its body is written inline) */
static int gir__ox_plain_call(int op) {
    return gir__op_is(op, GIR__F_TUPLE) && !gir__op_is(op, GIR__F_BRANCH | GIR__F_LOOP | GIR__F_UNTIL);
}

static void gir__oew_fail(gir__oew *c, gir_status s, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    gir__first_error(&c->st, c->msg, sizeof c->msg, s, fmt, ap);
    va_end(ap);
}
/* -- protobuf wire format: varints, tags, length-delimited fields ------------------------------------------------ */
static void gir__pw_varint(gir__wr *w, uint64_t v) {
    unsigned char b[10];
    int n = 0;
    do {
        b[n] = (unsigned char)(v & 0x7fu);
        v >>= 7;
        if (v) b[n] |= 0x80u;
        ++n;
    } while (v);
    gir__w_bytes(w, b, (size_t)n);
}
static void gir__pw_tag(gir__wr *w, int field, int wire) { gir__pw_varint(w, ((uint64_t)field << 3) | (uint64_t)wire); }
static void gir__pw_int(gir__wr *w, int field, int64_t v) {    /* int64 / int32 / enum: negative as 10 bytes */
    gir__pw_tag(w, field, 0);
    gir__pw_varint(w, (uint64_t)v);
}
static void gir__pw_bytes(gir__wr *w, int field, const void *p, size_t n) {
    gir__pw_tag(w, field, 2);
    gir__pw_varint(w, n);
    gir__w_bytes(w, p, n);
}
static void gir__pw_str(gir__wr *w, int field, const char *s) { gir__pw_bytes(w, field, s, gir__strlen_max(s, (size_t)-1 / 2)); }
static void gir__pw_float(gir__wr *w, int field, float f) {
    uint32_t u;
    GIR_MEMCPY(&u, &f, 4);
    gir__pw_tag(w, field, 5);
    gir__w_uint(w, u, 4);
}
typedef void (*gir__pw_fn)(gir__wr *w, void *ctx);
/* a length-delimited message: counted first, so that its length precedes it */
static void gir__pw_msg(gir__wr *w, int field, gir__pw_fn fn, void *ctx) {
    gir__wr cnt;
    GIR_MEMSET(&cnt, 0, sizeof cnt);
    fn(&cnt, ctx);
    gir__pw_tag(w, field, 2);
    gir__pw_varint(w, cnt.len);
    fn(w, ctx);
}

/* -- names and tensors ------------------------------------------------------------------------------------------ */
/* gir dtype -> TensorProto.DataType: FLOAT 1, UINT8 2, INT32 6, BOOL 9, DOUBLE 11; INT64 (7) is dt -1 */
static int gir__ox_onnx_dtype(int dt) {
    switch (dt) {
    case GIR_DTYPE_F32: return 1;
    case GIR_DTYPE_F64: return 11;
    case GIR_DTYPE_I32: return 6;
    case GIR_DTYPE_U8: return 2;
    case GIR_DTYPE_B8: return 9;
    default: return 7;
    }
}
/* a value's name: a node's gir name, "#<id>" for an unnamed one, "#<id>.<k>" for a temporary ('#' is no name
   character of gir.h, so the generated names never meet a gir name). In a body: a parameter that stands for a value
   of the enclosing graph has that value's name (an outer-scope reference), every other name is generated with the
   body's scope, "#<tuple id>:<function>/" after the enclosing graph's, so that it is unique in the model. */
static const char *gir__oew_name(const gir__oew *c, gir__oxv v, char *buf, size_t cap) {
    gir__buf b;
    uint32_t id = v & GIR__OXV_TMP ? c->id : v;
    int k;
    if (v == GIR__OXV_NONE) return "";
    for (k = 0; !(v & GIR__OXV_TMP) && k < c->n_alias; ++k)
        if (c->ap[k] == v) return gir__oew_name(c->up, c->ax[k], buf, cap);
    if (!(v & GIR__OXV_TMP) && !c->up && c->g->nodes[id].name) return gir__name_at(c->g, c->g->nodes[id].name);
    b.p = buf; b.n = cap; b.len = 0; buf[0] = 0;
    gir__puts(&b, "#");
    gir__puts(&b, c->scope);
    gir__putl(&b, id);
    if (v & GIR__OXV_TMP) {
        gir__puts(&b, ".");
        gir__putl(&b, (long long)(v & ~GIR__OXV_TMP));
    }
    return buf;
}
/* output k of the graph when it is written as an Identity of its node; an inlined call's: the call's output k */
static const char *gir__oew_vname(const gir__oew *c, gir__oxv v, char *buf, size_t cap) {
    gir__buf b;
    if (!(v & GIR__OXV_OUT)) return gir__oew_name(c, v, buf, cap);
    if (c->kind == GIR__OXB_INLINE) return gir__oew_name(c->up, c->up->ov[v & ~GIR__OXV_OUT], buf, cap);
    b.p = buf; b.n = cap; b.len = 0; buf[0] = 0;
    gir__puts(&b, "#");
    gir__puts(&b, c->scope);
    gir__puts(&b, "out");
    gir__putl(&b, (long long)(v & ~GIR__OXV_OUT));
    return buf;
}
typedef struct gir__oxt {               /* a TensorProto: values of gir dtype dt, or int64 ones (dt -1) */
    const char *name;
    int dt, rank;
    const int64_t *dims;
    const void *data;
    int64_t numel;
} gir__oxt;
static void gir__oxt_raw(gir__wr *w, const gir__oxt *t) {
    int64_t k;
    if (t->dt >= 0) { gir__w_values(w, t->data, t->dt, t->numel); return; }
    for (k = 0; k < t->numel; ++k) gir__w_uint(w, (uint64_t)((const int64_t *)t->data)[k], 8);
}
static void gir__oxt_msg(gir__wr *w, void *ctx) {
    const gir__oxt *t = (const gir__oxt *)ctx;
    int k;
    for (k = 0; k < t->rank; ++k) gir__pw_int(w, 1, t->dims[k]);
    gir__pw_int(w, 2, gir__ox_onnx_dtype(t->dt));
    if (t->name) gir__pw_str(w, 8, t->name);
    gir__pw_tag(w, 9, 2);
    gir__pw_varint(w, (uint64_t)t->numel * (t->dt >= 0 ? gir__dtype_sizes[t->dt] : 8u));
    gir__oxt_raw(w, t);
}
/* one value v converted to dtype dt (saturating for integers, as a scalar of gir.h's builders) into 8 bytes */
static void gir__ox_scalar_bytes(int dt, double v, unsigned char *out) {
    double lo = dt == GIR_DTYPE_I32 ? -2147483648.0 : 0, hi = dt == GIR_DTYPE_I32 ? 2147483647.0 : 255;
    float f = (float)v;
    int32_t i;
    GIR_MEMSET(out, 0, 8);
    if (dt == GIR_DTYPE_F32) { GIR_MEMCPY(out, &f, 4); return; }
    if (dt == GIR_DTYPE_F64) { GIR_MEMCPY(out, &v, 8); return; }
    if (dt == GIR_DTYPE_B8) { out[0] = v != 0; return; }
    v = v != v ? 0 : v < lo ? lo : v > hi ? hi : v;
    if (dt == GIR_DTYPE_U8) { out[0] = (unsigned char)v; return; }
    i = (int32_t)v;
    GIR_MEMCPY(out, &i, 4);
}

/* -- the node being put together -------------------------------------------------------------------------------- */
static void gir__oew_begin(gir__oew *c, const char *type) { c->type = type; c->n_in = 0; c->n_at = 0; }
static void gir__oew_in(gir__oew *c, gir__oxv v) {
    if (c->n_in < GIR__MAX_IN) c->in[c->n_in++] = v;
    else gir__oew_fail(c, GIR_ERR_LIMIT, "more than %d inputs to an ONNX node", GIR__MAX_IN);
}
static gir__oxat *gir__oew_at(gir__oew *c, const char *name, int type) {
    gir__oxat *a = &c->at[c->n_at < 7 ? c->n_at++ : 7];
    GIR_MEMSET(a, 0, sizeof *a);
    a->name = name;
    a->type = type;
    return a;
}
static void gir__oew_attr_f(gir__oew *c, const char *name, double v) { gir__oew_at(c, name, 1)->f = v; }
static void gir__oew_attr_i(gir__oew *c, const char *name, int64_t v) { gir__oew_at(c, name, 2)->i = v; }
static void gir__oew_attr_dtype(gir__oew *c, const char *name, gir_dtype dt) {
    gir__oew_at(c, name, 2)->i = gir__ox_onnx_dtype(dt);
}
static void gir__oew_attr_ints(gir__oew *c, const char *name, gir__oxints l) {
    if (l.n) gir__oew_at(c, name, 7)->l = l;      /* empty: left out, the ONNX default */
}
static void gir__oew_attr_t(gir__oew *c, const char *name, double v) { gir__oew_at(c, name, 4)->f = v; }
static void gir__oew_at_graph(gir__oew *c, const char *name, int fk) { gir__oew_at(c, name, 5)->i = fk; }
typedef struct gir__oxatc { gir__oew *c; const gir__oxat *a; } gir__oxatc;
static void gir__oxbody_msg(gir__wr *w, void *ctx);      /* a GraphProto of a function: below, recursive */
static void gir__oxat_msg(gir__wr *w, void *ctx) {
    const gir__oxatc *p = (const gir__oxatc *)ctx;
    const gir__oxat *a = p->a;
    int k;
    gir__pw_str(w, 1, a->name);
    if (a->type == 1) gir__pw_float(w, 2, (float)a->f);
    if (a->type == 2) gir__pw_int(w, 3, a->i);
    if (a->type == 4) {                 /* a tensor of one element of the node's dtype */
        unsigned char v[8];
        int64_t one = 1;
        gir__oxt t;
        gir__ox_scalar_bytes(p->c->dtype, a->f, v);
        t.name = NULL; t.dt = p->c->dtype; t.rank = 1; t.dims = &one; t.data = v; t.numel = 1;
        gir__pw_msg(w, 5, gir__oxt_msg, &t);
    }
    if (a->type == 5) gir__pw_msg(w, 6, gir__oxbody_msg, (void *)p);
    for (k = 0; a->type == 7 && k < a->l.n; ++k) gir__pw_int(w, 8, a->l.v[k]);
    gir__pw_int(w, 20, a->type);
}
typedef struct gir__oxnc { gir__oew *c; gir__oxv out; int n_ov; } gir__oxnc;  /* n_ov: the outputs are c->ov */
static void gir__oxnode_msg(gir__wr *w, void *ctx) {
    const gir__oxnc *p = (const gir__oxnc *)ctx;
    gir__oew *c = p->c;
    char nm[GIR__OXNAME];
    int k;
    for (k = 0; k < c->n_in; ++k) gir__pw_str(w, 1, gir__oew_name(c, c->in[k], nm, sizeof nm));
    for (k = 0; k < p->n_ov; ++k) gir__pw_str(w, 2, gir__oew_name(c, c->ov[k], nm, sizeof nm));
    if (!p->n_ov) gir__pw_str(w, 2, gir__oew_vname(c, p->out, nm, sizeof nm));
    gir__pw_str(w, 4, c->type);
    for (k = 0; k < c->n_at; ++k) {
        gir__oxatc a;
        a.c = c; a.a = &c->at[k];
        gir__pw_msg(w, 5, gir__oxat_msg, &a);
    }
}
static gir__oxv gir__oew_tmp(gir__oew *c) { return GIR__OXV_TMP | c->ntmp++; }
/* the node is complete: written to the graph; its output is the gir node's value when last, else a temporary */
static gir__oxv gir__oew_end(gir__oew *c, int last) {
    gir__oxnc p;
    p.c = c;
    p.out = last ? c->id : gir__oew_tmp(c);
    p.n_ov = 0;
    gir__pw_msg(c->w, 1, gir__oxnode_msg, &p);
    return p.out;
}
/* an initializer of the graph named by a new temporary */
static gir__oxv gir__oew_init(gir__oew *c, int dt, int rank, const int64_t *dims, const void *data, int64_t numel) {
    char nm[GIR__OXNAME];
    gir__oxt t;
    gir__oxv v = gir__oew_tmp(c);
    t.name = gir__oew_name(c, v, nm, sizeof nm);
    t.dt = dt; t.rank = rank; t.dims = dims; t.data = data; t.numel = numel;
    gir__pw_msg(c->w, 5, gir__oxt_msg, &t);
    return v;
}
/* the values of a line: int64 initializers, a scalar of the output's dtype, the inputs */
static gir__oxv gir__oew_i64(gir__oew *c, gir__oxints l) {
    int64_t n = l.n;
    return gir__oew_init(c, -1, 1, &n, l.v, n);
}
static gir__oxv gir__oew_i64s(gir__oew *c, int64_t v) { return gir__oew_init(c, -1, 0, NULL, &v, 1); }
static gir__oxv gir__oew_i32s(gir__oew *c, int64_t v) {
    int32_t i = (int32_t)v;
    return gir__oew_init(c, GIR_DTYPE_I32, 0, NULL, &i, 1);
}
static gir__oxv gir__oew_i64opt(gir__oew *c, gir__oxints l) { return l.n ? gir__oew_i64(c, l) : GIR__OXV_NONE; }
static gir__oxv gir__oew_num(gir__oew *c, double v) {
    unsigned char b[8];
    gir__ox_scalar_bytes(c->dtype, v, b);
    return gir__oew_init(c, c->dtype, 0, NULL, b, 1);
}
static gir__oxv gir__oew_nums(gir__oew *c, gir__oxints l) {
    unsigned char b[2 * GIR_MAX_RANK * 8];
    int64_t n = l.n;
    int k;
    size_t es = gir__dtype_sizes[c->dtype];
    for (k = 0; k < l.n; ++k) {
        unsigned char v[8];
        gir__ox_scalar_bytes(c->dtype, (double)l.v[k], v);
        GIR_MEMCPY(b + (size_t)k * es, v, es);
    }
    return gir__oew_init(c, c->dtype, 1, &n, b, n);
}
/* input k in builder order; a parent of a dtype other than the one the op computes in goes through a Cast */
static gir__oxv gir__oew_x(gir__oew *c, int k) {
    const gir__node *d = &c->g->nodes[c->id];
    const gir__opinfo *oi = gir__op_info(d->op);
    uint32_t x = k < c->n_x ? c->x[k] : 0;
    int arg = !oi->variadic && k < 16 && ((oi->argmask >> k) & 1u);
    if (!x) gir__oew_fail(c, GIR_ERR_INVALID_ARG, "its line reads input %d, which it does not have", k);
    if (!x || arg || c->target < 0 || c->g->nodes[x].dtype == c->target) return x;
    gir__oew_begin(c, "Cast");
    gir__oew_in(c, x);
    gir__oew_attr_dtype(c, "to", (gir_dtype)c->target);
    return gir__oew_end(c, 0);
}
static void gir__oew_xs(gir__oew *c) {
    int k;
    for (k = 0; k < c->n_x; ++k) c->xs[k] = gir__oew_x(c, k);
}
static void gir__oew_in_xs(gir__oew *c) {
    int k;
    for (k = 0; k < c->n_x; ++k) gir__oew_in(c, c->xs[k]);
}

/* -- the helpers of the lines' attribute values (gir__oxe_<name>, listed in onnx_out_lower.py) ------------------- */
static gir__oxints gir__oxe_ints(gir_ints l) {
    gir__oxints r;
    int k;
    r.n = l.n;
    for (k = 0; k < l.n; ++k) r.v[k] = l.v[k];
    return r;
}
static gir__oxints gir__oxe_shape(gir_shape s) {
    gir__oxints r;
    int k;
    r.n = s.rank;
    for (k = 0; k < s.rank; ++k) r.v[k] = s.dim[k];
    return r;
}
static gir__oxints gir__oxe_one(int64_t v) {
    gir__oxints r;
    r.n = 1;
    r.v[0] = v;
    return r;
}
/* one or two values as (height, width); none: d twice */
static gir__oxints gir__oxe_hw(gir__oew *c, gir__oxints l, int64_t d) {
    gir__oxints r;
    (void)c;
    r.n = 2;
    r.v[0] = l.n ? l.v[0] : d;
    r.v[1] = l.n > 1 ? l.v[1] : r.v[0];
    return r;
}
static gir__oxints gir__oxe_hwk(gir__oew *c, gir__oxints l, gir__oxints k) { return gir__oxe_hw(c, l.n ? l : k, 1); }
static gir__oxints gir__oxe_pads4(gir__oew *c, gir__oxints l) {
    gir__oxints r = gir__oxe_hw(c, l, 0);
    r.n = 4;
    r.v[2] = r.v[0];
    r.v[3] = r.v[1];
    return r;
}
static int64_t gir__oxe_nz1(gir__oew *c, int64_t v) { (void)c; return v ? v : 1; }
/* per axis of x0 (an empty list: zeros) as ONNX's pads, the begins then the ends */
static gir__oxints gir__oxe_pads(gir__oew *c, gir__oxints before, gir__oxints after) {
    gir__oxints r;
    int k, rank = gir__nshape(c->g, &c->g->nodes[c->x[0]])->rank;
    r.n = 2 * rank;
    for (k = 0; k < rank; ++k) {
        r.v[k] = k < before.n ? before.v[k] : 0;
        r.v[rank + k] = k < after.n ? after.v[k] : 0;
    }
    return r;
}
static int64_t gir__oxe_slice_end(gir__oew *c, int64_t v) {
    (void)c;
    return v == GIR_SLICE_NONE ? -INT64_MAX - 1 : v;
}
static gir__oxints gir__oxe_all_axes(gir__oew *c, gir__oxints l) {
    int k;
    if (l.n) return l;
    l.n = gir__nshape(c->g, &c->g->nodes[c->x[0]])->rank;
    for (k = 0; k < l.n; ++k) l.v[k] = k;
    return l;
}
static gir__oxints gir__oxe_two(gir__oew *c, int64_t a, int64_t b) {
    gir__oxints r;
    (void)c;
    r.n = 2;
    r.v[0] = a;
    r.v[1] = b;
    return r;
}
static gir__oxints gir__oxe_fill(gir__oew *c, gir__oxints l, int64_t v) {
    int k;
    (void)c;
    for (k = 0; k < l.n; ++k) l.v[k] = v;
    return l;
}
/* conv2d_bwd_data as ConvTranspose: the output_padding that gives its result xshape (the output's), from its
   gradient x0 and weights x1, stride, padding and dilation (one or two values each) */
static gir__oxints gir__oxe_convt_op(gir__oew *c, gir__oxints stride, gir__oxints padding, gir__oxints dilation) {
    const gir_shape *gy = gir__nshape(c->g, &c->g->nodes[c->x[0]]), *w = gir__nshape(c->g, &c->g->nodes[c->x[1]]);
    gir__oxints s = gir__oxe_hw(c, stride, 1), p = gir__oxe_hw(c, padding, 0), d = gir__oxe_hw(c, dilation, 1), r;
    int k;
    r.n = 2;
    for (k = 0; k < 2; ++k)
        r.v[k] = c->oshape.dim[2 + k] - ((gy->dim[2 + k] - 1) * s.v[k] + (w->dim[2 + k] - 1) * d.v[k] + 1 - 2 * p.v[k]);
    return r;
}

@@ONNX_OUT@@

/* -- the graph ----------------------------------------------------------------------------------------------------- */
static void gir__oxdim_msg(gir__wr *w, void *ctx) { gir__pw_int(w, 1, *(const int32_t *)ctx); }
static void gir__oxshape_msg(gir__wr *w, void *ctx) {
    const gir_shape *s = (const gir_shape *)ctx;
    int k;
    for (k = 0; k < s->rank; ++k) gir__pw_msg(w, 1, gir__oxdim_msg, (void *)&s->dim[k]);
}
typedef struct gir__oxvi { const char *name; int dt; gir_shape s; } gir__oxvi;
static void gir__oxtensor_type_msg(gir__wr *w, void *ctx) {
    gir__oxvi *v = (gir__oxvi *)ctx;
    gir__pw_int(w, 1, gir__ox_onnx_dtype(v->dt));
    gir__pw_msg(w, 2, gir__oxshape_msg, &v->s);
}
static void gir__oxtype_msg(gir__wr *w, void *ctx) { gir__pw_msg(w, 1, gir__oxtensor_type_msg, ctx); }
static void gir__oxvi_msg(gir__wr *w, void *ctx) {
    gir__oxvi *v = (gir__oxvi *)ctx;
    gir__pw_str(w, 1, v->name);
    gir__pw_msg(w, 2, gir__oxtype_msg, ctx);
}
/* a graph input (field 11) or output (12): the value v of node id */
static void gir__oew_value_info(gir__oew *c, int field, uint32_t id, gir__oxv v) {
    char nm[GIR__OXNAME];
    gir__oxvi vi;
    vi.name = gir__oew_vname(c, v, nm, sizeof nm);
    vi.dt = c->g->nodes[id].dtype;
    vi.s = *gir__nshape(c->g, &c->g->nodes[id]);
    gir__pw_msg(c->w, field, gir__oxvi_msg, &vi);
}
/* the builder-order inputs of node id (storage keeps parents, then arguments) */
static void gir__oew_inputs(gir__oew *c, uint32_t id) {
    const gir__node *d = &c->g->nodes[id];
    const gir__opinfo *oi = gir__op_info(d->op);
    uint32_t pa = 0, ar = d->nparents;
    int k;
    c->n_x = d->nin;
    for (k = 0; k < (int)d->nin; ++k) {
        int arg = !oi->variadic && k < 16 && ((oi->argmask >> k) & 1u);
        c->x[k] = c->g->ins[d->in0 + (arg ? ar++ : pa++)];
    }
}
/* the dtype an op computes in, which ONNX wants of every operand: the output's, or for a comparison the parents'
   promoted one (a rank-0 constant adapts to the others, as gir__promote has it); -1: no cast (cast, argmax...) */
static int gir__oew_target(gir__oew *c, const gir__node *d) {
    const gir__opinfo *oi = gir__op_info(d->op);
    int strong = 0, weak = 0, k;
    if (oi->dtrule == GIR__DT_NUM || oi->dtrule == GIR__DT_FLOAT || oi->dtrule == GIR__DT_ANY ||
        oi->dtrule == GIR__DT_INT)
        return d->dtype;
    if (oi->dtrule != GIR__DT_CMP) return -1;
    for (k = 0; k < (int)d->nparents; ++k) {
        const gir__node *x = &c->g->nodes[c->g->ins[d->in0 + k]];
        if (gir__weak(c->g, x, d->nparents)) { if (x->dtype > weak) weak = x->dtype; }
        else if (x->dtype > strong) strong = x->dtype;
    }
    return !strong ? weak : (!weak || gir__kind(weak) <= gir__kind(strong)) ? strong
           : gir__is_float(weak) ? GIR_DTYPE_F32 : weak;
}
/* -- the control nodes: a call inlined, an if as If, a scan as Scan; their result nodes name the node's outputs -- */
/* the first result node the export needs that reads result k of tuple t; 0: none */
static uint32_t gir__oew_first_result(const gir__oew *c, uint32_t t, int k) {
    uint32_t id;
    for (id = t + 1; id < c->g->nnodes; ++id) {
        const gir__node *d = &c->g->nodes[id];
        gir_attr a;
        if (!gir__op_is(d->op, GIR__F_PROJ) || !c->need[id] || c->g->ins[d->in0] != t) continue;
        if (gir__attr_load(c->g, d, &a)->i[0] == k) return id;
    }
    return 0;
}
/* the outputs of the tuple node c->id, one per result of its function f: the first result node reading it, else a
   name of the tuple's own; 0: too many */
static int gir__oew_touts(gir__oew *c, const gir_func *f) {
    int k;
    if (f->nresults > GIR__MAX_IN) {
        gir__oew_fail(c, GIR_ERR_LIMIT, "'%s' gives %d results, the export writes at most %d", f->name, f->nresults,
                      GIR__MAX_IN);
        return 0;
    }
    for (k = 0; k < f->nresults; ++k) {
        uint32_t r = gir__oew_first_result(c, c->id, k);
        c->ov[k] = r ? r : GIR__OXV_TMP | GIR__OXV_RES | (uint32_t)k;
    }
    c->n_ov = f->nresults;
    return 1;
}
static void gir__oew_end_tuple(gir__oew *c) {
    gir__oxnc p;
    p.c = c;
    p.out = GIR__OXV_NONE;
    p.n_ov = c->n_ov;
    gir__pw_msg(c->w, 1, gir__oxnode_msg, &p);
}
/* a result node: nothing when it names its tuple's output, else an Identity of the result node that does */
static void gir__oew_result(gir__oew *c) {
    uint32_t first = gir__oew_first_result(c, c->x[0], (int)c->a.i[0]);
    if (first == c->id) return;
    gir__oew_begin(c, "Identity");
    gir__oew_in(c, first);
    gir__oew_end(c, 1);
}
/* a scan as ONNX's Scan (the opset 9 form): carries are its state variables, per-step inputs its scan inputs (axis
   0, all reversed or none), the body's other parameters outer-scope references; a scan without per-step inputs
   scans zeros of its length that the body ignores (ONNX's Scan needs a scan input for its length) */
static void gir__oew_scan(gir__oew *c, const gir_func *f) {
    int nc = (int)c->a.i[2], nx = (int)c->a.i[3], k;
    gir__oxints di, dout;
    gir__oxv zeros = GIR__OXV_NONE;
    di.n = nx ? nx : 1;
    dout.n = f->nresults - nc;
    if (c->a.i[4] && (di.n > 2 * GIR_MAX_RANK || dout.n > 2 * GIR_MAX_RANK)) {
        gir__oew_fail(c, GIR_ERR_LIMIT, "a reverse scan of %d per-step inputs and %d per-step results: the export "
                      "writes at most %d of each", nx, dout.n, 2 * GIR_MAX_RANK);
        return;
    }
    if (!nx) {
        gir__oew_begin(c, "ConstantOfShape");
        gir__oew_in(c, gir__oew_i64(c, gir__oxe_one(c->a.i[1])));
        zeros = gir__oew_end(c, 0);
    }
    gir__oew_begin(c, "Scan");
    for (k = 0; k < nc + nx; ++k) gir__oew_in(c, c->x[k]);
    if (!nx) gir__oew_in(c, zeros);
    gir__oew_at_graph(c, "body", 0);
    gir__oew_attr_i(c, "num_scan_inputs", di.n);
    if (c->a.i[4]) {
        gir__oew_attr_ints(c, "scan_input_directions", gir__oxe_fill(c, di, 1));
        gir__oew_attr_ints(c, "scan_output_directions", gir__oxe_fill(c, dout, 1));
    }
    gir__oew_end_tuple(c);
}
/* a call (its body inlined), an if (If: both functions as branches reading the arguments from the outer scope), a
   scan, or a result node */
static void gir__oew_ctl(gir__oew *c) {
    int op = c->g->nodes[c->id].op;
    const gir_func *f = c->g->callees[c->a.i[0]];
    if (gir__op_is(op, GIR__F_PROJ)) { gir__oew_result(c); return; }
    if (!gir__oew_touts(c, f)) return;
    if (gir__ox_plain_call(op)) {
        gir__oxat a;
        gir__oxatc p;
        a.i = 0;
        p.c = c;
        p.a = &a;
        gir__oxbody_msg(c->w, &p);
    } else if (gir__op_is(op, GIR__F_BRANCH)) {
        gir__oew_begin(c, "If");
        gir__oew_in(c, c->x[0]);
        gir__oew_at_graph(c, "then_branch", 0);
        gir__oew_at_graph(c, "else_branch", 1);
        gir__oew_end_tuple(c);
    } else gir__oew_scan(c, f);
    c->n_ov = 0;
}
/* one gir node: an initializer, or the ONNX nodes of its op (graph inputs are written with the graph's) */
static void gir__oew_node(gir__oew *c, uint32_t id) {
    const gir__node *d = &c->g->nodes[id];
    c->id = id;
    c->ntmp = 0;
    c->a = gir_node_attr(c->g, gir__handle(c->g, id));
    c->oshape = *gir__nshape(c->g, d);
    c->dtype = (gir_dtype)d->dtype;
    gir__oew_inputs(c, id);
    c->target = gir__oew_target(c, d);
    if (gir__op_is(d->op, GIR__F_LEAF_IN)) return;
    if (gir__op_is(d->op, GIR__F_LEAF_DATA)) {
        char nm[GIR__OXNAME];
        int64_t dims[GIR_MAX_RANK];
        int k;
        gir__oxt t;
        for (k = 0; k < c->oshape.rank; ++k) dims[k] = c->oshape.dim[k];
        t.name = gir__oew_name(c, id, nm, sizeof nm);
        t.dt = d->dtype; t.rank = c->oshape.rank; t.dims = dims;
        t.data = gir__node_data(c->g, d); t.numel = gir__numel(&c->oshape);
        gir__pw_msg(c->w, 5, gir__oxt_msg, &t);
        return;
    }
    if (gir__op_is(d->op, GIR__F_EVAL_ID | GIR__F_EVAL_PICK1)) {    /* an evaluation model: the identity */
        gir__oew_begin(c, "Identity");
        gir__oew_in(c, c->x[gir__op_is(d->op, GIR__F_EVAL_PICK1) ? 1 : 0]);
        gir__oew_end(c, 1);
        return;
    }
    if (gir__ox_ctl_op(d->op)) gir__oew_ctl(c);
    else gir__oxo_fns[d->op](c);
}
/* output k is written as an Identity: a leaf, an output given before, or any result of an inlined call */
static int gir__oew_alias(const gir__oew *c, int k) {
    uint32_t o = gir__oew_out(c, k);
    int j, alias = c->kind == GIR__OXB_INLINE || gir__op_is(c->g->nodes[o].op, GIR__F_LEAF_IN | GIR__F_LEAF_DATA);
    for (j = 0; j < k; ++j) alias |= gir__oew_out(c, j) == o;
    return alias;
}
/* the nodes needed, in order, then an Identity for each output that needs a name of its own */
static void gir__oew_nodes(gir__oew *c) {
    gir__oxnc p;
    uint32_t id;
    int k;
    for (id = 1; id < c->g->nnodes; ++id)
        if (c->need[id]) gir__oew_node(c, id);
    for (k = 0; k < c->n_out; ++k) {
        uint32_t o = gir__oew_out(c, k);
        if (!gir__oew_alias(c, k)) continue;
        c->id = o;
        gir__oew_begin(c, "Identity");
        gir__oew_in(c, o);
        p.c = c;
        p.out = GIR__OXV_OUT | (uint32_t)k;
        p.n_ov = 0;
        gir__pw_msg(c->w, 1, gir__oxnode_msg, &p);
    }
}
/* a scan body's input for the zeros a scan without per-step inputs scans: an f32 scalar it ignores */
static void gir__oew_zero_input(gir__oew *c) {
    char nm[GIR__OXNAME];
    gir__buf b;
    gir__oxvi vi;
    b.p = nm; b.n = sizeof nm; b.len = 0; nm[0] = 0;
    gir__puts(&b, "#");
    gir__puts(&b, c->scope);
    gir__puts(&b, "zero");
    GIR_MEMSET(&vi, 0, sizeof vi);
    vi.name = nm;
    vi.dt = GIR_DTYPE_F32;
    gir__pw_msg(c->w, 11, gir__oxvi_msg, &vi);
}
/* the graph's inputs: the top graph's that the outputs need; a scan body's carries and per-step inputs (its other
   parameters, and all of a branch's, are the enclosing graph's values) */
static void gir__oew_graph_inputs(gir__oew *c) {
    int k, n;
    if (!c->up) {
        for (k = 0; k < gir_graph_input_count(c->g); ++k) {
            gir_node x = gir_graph_input(c->g, k);
            if (c->need[x.id]) gir__oew_value_info(c, 11, x.id, x.id);
        }
        return;
    }
    if (c->kind != GIR__OXB_SCAN && c->kind != GIR__OXB_SCAN0) return;
    n = (int)(c->up->a.i[2] + c->up->a.i[3]);
    for (k = 0; k < n; ++k) gir__oew_value_info(c, 11, c->f->params[k], c->f->params[k]);
    if (c->kind == GIR__OXB_SCAN0) gir__oew_zero_input(c);
}
/* a GraphProto: the top graph, or a function's body (an inlined call's: its nodes only, in the caller's graph) */
static void gir__oxgraph_msg(gir__wr *w, void *ctx) {
    gir__oew *c = (gir__oew *)ctx;
    int k;
    c->w = w;
    gir__oew_nodes(c);
    if (c->kind == GIR__OXB_INLINE) return;
    gir__pw_str(w, 2, !c->up ? "gir" : c->f->name[0] ? c->f->name : "body");
    gir__oew_graph_inputs(c);
    for (k = 0; k < c->n_out; ++k) {
        uint32_t o = gir__oew_out(c, k);
        gir__oew_value_info(c, 12, o, gir__oew_alias(c, k) ? GIR__OXV_OUT | (uint32_t)k : o);
    }
}
/* need[id] = 1 for the outputs on entry; then for every node they read (an evaluation model reads only the input
   an EVAL op passes on) */
static void gir__ox_needed(const gir_graph *g, uint8_t *need) {
    uint32_t id;
    int k;
    for (id = g->nnodes - 1; id >= 1; --id) {
        const gir__node *d = &g->nodes[id];
        int lo = 0, hi = d->nin;
        if (!need[id]) continue;
        if (gir__op_is(d->op, GIR__F_EVAL_ID)) hi = 1;
        if (gir__op_is(d->op, GIR__F_EVAL_PICK1)) { lo = 1; hi = 2; }
        for (k = lo; k < hi && k < (int)d->nin; ++k) need[g->ins[d->in0 + k]] = 1;
    }
}
/* body writer c: function f of up's tuple node (its attribute i[fk]), its scope and its outer-scope parameters (a
   scan's invariants, a branch's or an inlined call's every one); 0: the scope is too long */
static int gir__oew_body_init(gir__oew *c, gir__oew *up, const gir_func *f, int fk) {
    int op = up->g->nodes[up->id].op, skip = gir__op_is(op, GIR__F_LOOP) ? (int)(up->a.i[2] + up->a.i[3]) : 0;
    gir__buf b;
    c->g = f->body; c->f = f; c->up = up; c->n_out = f->nresults; c->oids = f->results;
    c->kind = gir__ox_plain_call(op) ? GIR__OXB_INLINE : gir__op_is(op, GIR__F_BRANCH) ? GIR__OXB_BRANCH
              : up->a.i[3] ? GIR__OXB_SCAN : GIR__OXB_SCAN0;
    c->ap = f->params + skip;
    c->ax = up->x + gir__op_is(op, GIR__F_BRANCH) + skip;
    c->n_alias = f->nparams - skip;
    b.p = c->scope; b.n = sizeof c->scope; b.len = 0;
    gir__puts(&b, up->scope);
    gir__putl(&b, up->id);
    gir__puts(&b, ":");
    gir__putl(&b, fk);
    gir__puts(&b, "/");
    return b.len + 1 < b.n;
}
static void gir__oxbody_msg(gir__wr *w, void *ctx) {
    const gir__oxatc *p = (const gir__oxatc *)ctx;
    gir__oew *up = p->c, *c;
    const gir_func *f = up->g->callees[up->a.i[p->a->i]];
    gir_allocator *a = &up->g->a;
    uint8_t *need;
    int k;
    c = (gir__oew *)gir__alloc(a, sizeof *c);
    need = (uint8_t *)gir__alloc(a, f->body->nnodes);
    if (!c || !need) gir__oew_fail(up, GIR_ERR_OUT_OF_MEMORY, "out of memory");
    else {
        GIR_MEMSET(c, 0, sizeof *c);
        GIR_MEMSET(need, 0, f->body->nnodes);
        for (k = 0; k < f->nresults; ++k) need[f->results[k]] = 1;
        gir__ox_needed(f->body, need);
        c->need = need;
        if (!gir__oew_body_init(c, up, f, (int)p->a->i))
            gir__oew_fail(up, GIR_ERR_LIMIT, "'%s': functions nested too deep for the export's names", f->name);
        else gir__oxgraph_msg(w, c);
        if (c->st) gir__oew_fail(up, c->st, "in '%s', node %u: %s", f->name, (unsigned)c->id, c->msg);
    }
    if (c) gir__free(a, c, sizeof *c);
    if (need) gir__free(a, need, f->body->nnodes);
}
static void gir__oxopset_msg(gir__wr *w, void *ctx) {
    (void)ctx;
    gir__pw_str(w, 1, "");
    gir__pw_int(w, 2, GIR__OX_OPSET);
}
static void gir__oxmodel(gir__wr *w, gir__oew *c) {
    gir__pw_int(w, 1, 8);                       /* ir_version 8 (ONNX 1.10 on) */
    gir__pw_str(w, 2, "gir.h");
    gir__pw_str(w, 3, "@@VERSION@@");
    gir__pw_msg(w, 7, gir__oxgraph_msg, c);
    gir__pw_msg(w, 8, gir__oxopset_msg, NULL);
}

/* -- the API ------------------------------------------------------------------------------------------------------ */
static gir_status gir__ox_check_funcs(gir_graph *g, const gir_graph *b, uint32_t id);
/* that every node graph b needs has an ONNX form, in the functions its control nodes call too; the first that has
   none is g's error (fn: the function b is the body of, NULL for g itself) */
static gir_status gir__ox_check_ops(gir_graph *g, const gir_graph *b, const uint8_t *need, const char *fn) {
    uint32_t id;
    gir_status s = GIR_OK;
    for (id = 1; !s && id < b->nnodes; ++id) {
        int op = b->nodes[id].op;
        if (!need[id] || gir__oxo_fns[op] || gir__op_is(op, GIR__F_PROJ) ||
            gir__op_is(op, GIR__F_LEAF_IN | GIR__F_LEAF_DATA | GIR__F_EVAL_ID | GIR__F_EVAL_PICK1))
            continue;
        if (gir__ox_ctl_op(op)) { s = gir__ox_check_funcs(g, b, id); continue; }
        s = GIR_ERR_UNSUPPORTED;
        if (fn) gir__gfail(g, s, "onnx_export: node %u of function '%s': op '%s' has no ONNX form", (unsigned)id, fn,
                           gir__op_names[op]);
        else gir__gfail(g, s, "onnx_export: %N: op '%s' has no ONNX form", (const gir_graph *)g, (unsigned)id,
                        gir__op_names[op]);
    }
    return s;
}
/* the functions control node id of graph b calls, each as gir__ox_check_ops */
static gir_status gir__ox_check_funcs(gir_graph *g, const gir_graph *b, uint32_t id) {
    gir_attr a;
    gir_status s = GIR_OK;
    int k, j, n = gir__op_is(b->nodes[id].op, GIR__F_BRANCH) ? 2 : 1;
    gir__attr_load(b, &b->nodes[id], &a);
    for (k = 0; k < n && !s; ++k) {
        const gir_func *f = b->callees[a.i[k]];
        uint8_t *need = (uint8_t *)gir__alloc(&g->a, f->body->nnodes);
        if (!need) {
            gir__gfail(g, GIR_ERR_OUT_OF_MEMORY, "onnx_export: out of memory");
            return GIR_ERR_OUT_OF_MEMORY;
        }
        GIR_MEMSET(need, 0, f->body->nnodes);
        for (j = 0; j < f->nresults; ++j) need[f->results[j]] = 1;
        gir__ox_needed(f->body, need);
        s = gir__ox_check_ops(g, f->body, need, f->name);
        gir__free(&g->a, need, f->body->nnodes);
    }
    return s;
}
/* the arguments, and that every node needed has an ONNX form */
static gir_status gir__ox_export_check(gir_graph *g, int n_out, const gir_node *outs, const uint8_t *need) {
    int k;
    if (need) return gir__ox_check_ops(g, g, need, NULL);
    if (n_out < 1 || !outs) {
        gir__gfail(g, GIR_ERR_INVALID_ARG, "onnx_export: %s", n_out < 1 ? "no outputs" : "the output list is NULL");
        return GIR_ERR_INVALID_ARG;
    }
    for (k = 0; k < n_out; ++k) {
        int kind = gir__handle_kind(g, outs[k]);
        if (kind != GIR__H_OWN) {
            gir__gfail(g, GIR_ERR_HANDLE, "onnx_export: output %d (id %u) %s", k, (unsigned)outs[k].id,
                       gir__handle_why(kind));
            return GIR_ERR_HANDLE;
        }
    }
    return GIR_OK;
}
static gir_status gir__ox_export(gir_graph *g, int n_out, const gir_node *outs, gir__wr *w) {
    gir__oew *c;
    uint8_t *need;
    int k;
    gir_status s = gir__ox_export_check(g, n_out, outs, NULL);
    if (s) return s;
    need = (uint8_t *)gir__alloc(&g->a, g->nnodes);
    c = (gir__oew *)gir__alloc(&g->a, sizeof *c);
    if (!need || !c) {
        if (need) gir__free(&g->a, need, g->nnodes);
        if (c) gir__free(&g->a, c, sizeof *c);
        gir__gfail(g, GIR_ERR_OUT_OF_MEMORY, "onnx_export: out of memory");
        return GIR_ERR_OUT_OF_MEMORY;
    }
    GIR_MEMSET(need, 0, g->nnodes);
    GIR_MEMSET(c, 0, sizeof *c);
    for (k = 0; k < n_out; ++k) need[outs[k].id] = 1;
    gir__ox_needed(g, need);
    s = gir__ox_export_check(g, n_out, outs, need);
    c->g = g; c->n_out = n_out; c->outs = outs; c->need = need;
    if (!s) gir__oxmodel(w, c);
    if (!s && c->st) {
        s = c->st;
        gir__gfail(g, s, "onnx_export: %N: %s", (const gir_graph *)g, (unsigned)c->id, c->msg);
    }
    gir__free(&g->a, need, g->nnodes);
    gir__free(&g->a, c, sizeof *c);
    return s;
}
GIR_API gir_status gir_onnx_export(gir_graph *g, int n_out, const gir_node *outs, void *buf, size_t cap,
                                   size_t *size) {
    gir__wr w;
    gir_status s;
    GIR_MEMSET(&w, 0, sizeof w);
    w.buf = (unsigned char *)buf;
    w.cap = buf ? cap : 0;
    if (!g) return GIR_ERR_INVALID_ARG;
    if ((s = gir__ox_export(g, n_out, outs, &w)) != GIR_OK) return s;
    if (size) *size = w.len;
    if (!buf) return GIR_ERR_LIMIT;             /* a question: the size, and the graph keeps no error */
    if (w.len > cap) {
        gir__gfail(g, GIR_ERR_LIMIT, "onnx_export: the model takes %l bytes, the buffer holds %l (ask with buf NULL "
                   "first)", (long long)w.len, (long long)cap);
        return GIR_ERR_LIMIT;
    }
    return GIR_OK;
}
#ifndef GIR_NO_STDIO
GIR_API gir_status gir_onnx_export_file(gir_graph *g, int n_out, const gir_node *outs, FILE *f) {
    gir__wr w;
    gir_status s;
    GIR_MEMSET(&w, 0, sizeof w);
    if (!g) return GIR_ERR_INVALID_ARG;
    if (!f) {
        gir__gfail(g, GIR_ERR_INVALID_ARG, "onnx_export: the FILE is NULL");
        return GIR_ERR_INVALID_ARG;
    }
    w.f = f;
    if ((s = gir__ox_export(g, n_out, outs, &w)) != GIR_OK) return s;
    if (w.ioerr) {
        gir__gfail(g, GIR_ERR_INVALID_ARG, "onnx_export: writing the file failed");
        return GIR_ERR_INVALID_ARG;
    }
    return GIR_OK;
}
#endif
#endif /* GIR_NO_ONNX */
