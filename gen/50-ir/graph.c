/* >>graph: the op table and its queries, a node's shape and attributes in the graph's stores, the graph's
   lifecycle (new, usage, free) and the node accessors ------------------------------------------------------ */

/* generated from ops.def: the op table at run time */
@@OP_INFO@@

GIR_API void gir_attr_zero(gir_attr *a) { GIR_MEMSET(a, 0, sizeof *a); }

/* the attributes of every node that has none (all bytes zero) */
static const gir_attr gir__no_attr = {{0, 0, 0}, {0, 0, 0, 0, 0}, {{0, {0}}, {0, {0}}, {0, {0}}}, {0, {0}}, 0, 0, NULL};

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
    GIR_MEMSET(a, 0, sizeof *a);        /* zeros, not a copy of gir__no_attr: a device running images lacks it */
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
/* a node's attributes, unpacked into *a when it has any; a node without (most nodes) gives the shared zeros: read
   them through the pointer returned, not through a */
static const gir_attr *gir__attr_read(const gir_graph *g, const gir__node *d, gir_attr *a) {
    if (!d->attr) return &gir__no_attr;
    gir__attr_unpack(gir__store_at(&g->attrs, d->attr), a);
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
    v->attr = gir__attr_read(g, d, a);
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
    gir_func *f = g->funcs, *next;
    for (k = 0; k < g->ncallees; ++k) {        /* the bodies of the functions it calls: held one per entry */
        gir_graph *b = g->callees[k]->body;
        if (--b->plans == 0 && b->freed) gir__graph_release(b);
    }
    gir__free(&a, g->callees, g->calleescap * sizeof(gir_func *));
    for (; f; f = next) {
        next = f->next;
        gir__free(&a, f->params, (size_t)(f->nparams + f->nresults) * sizeof(uint32_t));
        gir__free(&a, f, sizeof *f);
    }
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
