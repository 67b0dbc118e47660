/* >>build: the generic builder every named builder calls (gir_op_build), and the builders generated from ops.def - */
static GIR__INLINE const char *gir__dtrule_text(int r) {
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
    if (b->op == GIR_OP_CLAMP && b->attr.f[0] > b->attr.f[1])     /* not a column: clamp's own attribute check */
        return GIR__BFAIL(b, GIR_ERR_ATTR, "clamp: node %u: lo %g > hi %g (lo must not exceed hi)", b->id,
                          b->attr.f[0], b->attr.f[1]);
    return GIR_OK;
}
/* the value of a rank-0 constant as its node holds it, when known at build time */
static int gir__scalar_value(const gir_graph *g, const gir__node *x, double *v) {
    const void *data;
    if (gir__op_is(x->op, GIR__F_LEAF_FILL)) {
        gir_attr a;
        double f = gir__attr_load(g, x, &a)->f[0];
        *v = x->dtype == GIR_DTYPE_U8 ? gir__sat_u8(f) : x->dtype == GIR_DTYPE_I32 ? gir__sat_i32(f) : f;
        return 1;
    }
    if (!gir__op_is(x->op, GIR__F_LEAF_CONST) || !(data = gir__node_data(g, x))) return 0;
    switch (x->dtype) {
    case GIR_DTYPE_U8: case GIR_DTYPE_B8: *v = *(const uint8_t *)data; return 1;
    case GIR_DTYPE_I32: *v = *(const int32_t *)data; return 1;
    case GIR_DTYPE_F32: *v = *(const float *)data; return 1;
    default: *v = *(const double *)data; return 1;
    }
}
static int gir__kind(int dt) { return dt == GIR_DTYPE_B8 ? 0 : gir__is_int(dt) ? 1 : 2; }
static int gir__weak(const gir_graph *g, const gir__node *x, int np) {
    return np > 1 && gir__nshape(g, x)->rank == 0 && x->ntype == GIR_NODE_CONSTANT;
}
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
            return GIR__BFAIL(b, GIR_ERR_DTYPE, "%s: node %u: %s (input %d) must be %s, got %T %S", gir__op_names[b->op], b->id,
                              gir__in_name(oi, gir__in_pos(oi, k)), gir__in_pos(oi, k), gir__dtrule_text(oi->dtrule),
                              (int)x->dtype, gir__nshape(g, x));
        if (gir__weak(g, x, np)) { if (x->dtype > weak) weak = x->dtype; }
        else if (x->dtype > strong) strong = x->dtype;
    }
    *pdt = !strong ? weak : (!weak || gir__kind(weak) <= gir__kind(strong)) ? strong
         : gir__is_float(weak) ? GIR_DTYPE_F32 : weak;
    for (k = 0; k < np && gir__is_int(*pdt); ++k) {
        const gir__node *x = &g->nodes[stor[k].id];
        double v, lo = *pdt == GIR_DTYPE_U8 ? 0.0 : -2147483648.0, hi = *pdt == GIR_DTYPE_U8 ? 255.0 : 2147483647.0;
        if (!gir__weak(g, x, np) || !gir__is_int(x->dtype) || !gir__scalar_value(g, x, &v) || (v >= lo && v <= hi)) continue;
        if (oi->dtrule == GIR__DT_CMP) { *pdt = x->dtype > *pdt ? x->dtype : *pdt; continue; }
        return GIR__BFAIL(b, GIR_ERR_DTYPE, "%s: node %u: the scalar %g (%s, input %d) does not fit %T, the dtype "
                          "of the other operand (cast one side first)", gir__op_names[b->op], b->id, v,
                          gir__in_name(oi, gir__in_pos(oi, k)), gir__in_pos(oi, k), *pdt);
    }
    return GIR_OK;
}
/* op is left out of this build (gen/30-base/select.c): say so, with the macro that left it out */
static void gir__op_left_out(gir_graph *g, gir_op op) {
    char up[40];
    const char *nm = gir__op_names[op], *grp = gir__group_names[gir__op_groups[op]];
    size_t k;
    for (k = 0; nm[k] && k + 1 < sizeof up; ++k) up[k] = (char)(nm[k] >= 'a' && nm[k] <= 'z' ? nm[k] - 'a' + 'A' : nm[k]);
    up[k] = 0;
    if (GIR__OP_ABSENT(op) == 1)
        GIR__GFAIL(g, GIR_ERR_NOT_BUILT, "op '%s' is not in this build (GIR_NO_OP_%s)", nm, up);
    else if (GIR__OP_ABSENT(op) == 3)
        GIR__GFAIL(g, GIR_ERR_NOT_BUILT, "op '%s' is not in this build (GIR_NO_OPS_%s)", nm, grp);
    else
        GIR__GFAIL(g, GIR_ERR_NOT_BUILT, "op '%s' is not in this build (GIR_ONLY_OPS without GIR_WITH_OP_%s or "
                   "GIR_WITH_OPS_%s)", nm, up, grp);
}

/* gir_op_build, step 1: the op is known and built, takes n inputs, and each is a live node of g; ord gets them in
   storage order (parents first, then arguments, IN order within each). Nonzero: fail (the message is set, except
   for a poisoned input, which passes quietly). */
static int gir__bld_inputs(gir__bctx *b, const gir__opinfo *oi, const gir_node *in, gir_node *ord) {
    gir_graph *g = b->g;
    int k, n = b->n, p = 0, a = oi->variadic ? n : oi->nparents;
    if (oi->variadic ? (n < 1 || n > GIR_MAX_VARIADIC) : (n != oi->nparents + oi->nargs)) {
        if (oi->variadic)
            GIR__GFAIL(g, GIR_ERR_INVALID_ARG, "%s: node %u: takes 1 to GIR_MAX_VARIADIC (%d) inputs, got %d",
                       gir__op_names[b->op], b->id, GIR_MAX_VARIADIC, n);
        else
            GIR__GFAIL(g, GIR_ERR_INVALID_ARG, "%s: node %u: takes %d input(s), got %d", gir__op_names[b->op], b->id,
                       oi->nparents + oi->nargs, n);
        return 1;
    }
    if (n > 0 && !in) {
        GIR__GFAIL(g, GIR_ERR_INVALID_ARG, "%s: node %u: input array is NULL", gir__op_names[b->op], b->id);
        return 1;
    }
    for (k = 0; k < n; ++k) {
        if (!oi->variadic && k < 32 && ((oi->argmask >> k) & 1u)) ord[a++] = in[k];
        else ord[p++] = in[k];
    }
    for (k = 0; k < n; ++k) {
        int kind = gir__handle_kind(g, ord[k]);
        if (kind == GIR__H_NONE) return 1;          /* poisoned input: no new message */
        if (kind != GIR__H_OWN) {
            GIR__GFAIL(g, GIR_ERR_HANDLE, "%s: node %u: %s (input %d, id %u) %s", gir__op_names[b->op], b->id,
                       gir__in_name(oi, gir__in_pos(oi, k)), gir__in_pos(oi, k), (unsigned)ord[k].id,
                       gir__handle_why(kind));
            return 1;
        }
    }
    return 0;
}
/* step 2: the output dtype from the row's dtype rule and the promoted parent dtype pdt (b->dtype); nonzero: fail */
static int gir__bld_dtype(gir__bctx *b, const gir__opinfo *oi, const gir__node *x0, int pdt) {
    gir_graph *g = b->g;
    if (x0 && gir__ew_lacks(b->op, pdt)) {
        if (GIR__ONLY_F32 && pdt != GIR_DTYPE_F32)
            GIR__GFAIL(g, GIR_ERR_NOT_BUILT, "%s: node %u: %T inputs, and this build has GIR_ONLY_F32",
                       gir__op_names[b->op], b->id, pdt);
        else GIR__GFAIL(g, GIR_ERR_DTYPE, "%s: node %u: not defined for %T inputs", gir__op_names[b->op], b->id, pdt);
        return 1;
    }
    if (!x0 && (oi->dtrule != GIR__DT_ATTR || oi->shrule == GIR__SH_SAME || oi->shrule == GIR__SH_BCAST ||
                oi->shrule == GIR__SH_REDUCE)) {           /* a table row whose rules read a parent it lacks */
        GIR__GFAIL(g, GIR_ERR_INVALID_ARG, "%s: node %u: its dtype and shape rules need a parent",
                   gir__op_names[b->op], b->id);
        return 1;
    }
    switch (oi->dtrule) {                  /* a selective build keeps the cases its ops' rules need */
#if GIR__KEPT_DT_FLOAT
    case GIR__DT_FLOAT:
        if (!gir__is_float(pdt)) {
            GIR__GFAIL(g, GIR_ERR_DTYPE, "%s: node %u: needs float (f32, f64) inputs, got %T %S (cast it first)",
                       gir__op_names[b->op], b->id, (int)x0->dtype, gir__nshape(g, x0));
            return 1;
        }
        b->dtype = pdt; break;
#endif
#if GIR__KEPT_DT_CMP || GIR__KEPT_DT_LOGIC || GIR__KEPT_DT_TEST
    case GIR__DT_CMP: case GIR__DT_LOGIC: case GIR__DT_TEST: b->dtype = GIR_DTYPE_B8; break;
#endif
#if GIR__KEPT_DT_INDEX
    case GIR__DT_INDEX: b->dtype = GIR_DTYPE_I32; break;
#endif
#if GIR__KEPT_DT_ATTR
    case GIR__DT_ATTR:
        b->dtype = b->attr.dtype;
        if (b->dtype <= 0 || b->dtype >= GIR_DTYPE__COUNT) {
            GIR__GFAIL(g, GIR_ERR_ATTR, "%s: node %u: bad dtype attribute %d", gir__op_names[b->op], b->id,
                       (int)b->attr.dtype);
            return 1;
        }
        break;
#endif
    default: b->dtype = pdt;
    }
    return 0;
}
/* step 3: the output shape (b->out) from the row's shape rule; nonzero: fail */
static int gir__bld_shape(gir__bctx *b, const gir__opinfo *oi, const gir__node *x0, int np) {
    gir_graph *g = b->g;
    gir_status s = GIR_OK;
    int k;
    switch (oi->shrule) {
    case GIR__SH_SAME:
        b->out = (*gir__nshape(g, x0));
#if GIR__KEPT_SAME_AXIS
        if (oi->axis_i >= 0) s = gir__axis(b, &b->attr.i[oi->axis_i], b->out.rank, "axis");
#endif
#if GIR__KEPT_SAME_AXES
        if (!s && oi->axes_l >= 0) s = gir__axes(b, &b->attr.l[oi->axes_l], b->out.rank, 0);
#endif
        break;
    case GIR__SH_BCAST:
        b->out = (*gir__nshape(g, x0));
        for (k = 1; k < np && !s; ++k) {
            const gir_shape *xs = gir__nshape(g, &g->nodes[b->in[k].id]);
            gir_shape prev = b->out;
            if (!gir__bcast2(&prev, xs, &b->out))
                s = GIR__BFAIL(b, GIR_ERR_SHAPE, "%s: node %u: shapes do not broadcast: %S and %S",
                               gir__op_names[b->op], b->id, &prev, xs);
        }
        break;
#if GIR__KEPT_SH_REDUCE                     /* a selective build keeps the cases its ops' rules need */
    case GIR__SH_REDUCE: s = gir__reduce_shape(b); break;
#endif
#if GIR__KEPT_SH_SCALAR
    case GIR__SH_SCALAR: b->out = gir_shape0(); break;
#endif
#if GIR__KEPT_SH_ATTR_SHAPE
    case GIR__SH_ATTR_SHAPE:
        b->out = b->attr.shape;
        s = gir__check_shape(b, &b->out, "shape");
        break;
#endif
    default: s = oi->shape_fn(b);
    }
    if (s) return 1;
    if (!gir__shape_ok(&b->out)) {
        int neg = !gir__rank_ok(b->out.rank);
        for (k = 0; !neg && k < b->out.rank; ++k) neg = b->out.dim[k] < 0;
        if (neg) GIR__GFAIL(g, GIR_ERR_SHAPE, "%s: node %u: result %S is not a valid shape", gir__op_names[b->op], b->id,
                            &b->out);
        else GIR__GFAIL(g, GIR_ERR_LIMIT, "%s: node %u: result %S has more than 2^40 elements", gir__op_names[b->op],
                        b->id, &b->out);
        return 1;
    }
    return 0;
}
/* step 4: parents whose dtype differs from the common one pdt get a cast node (promotion builds casts) */
static int gir__bld_casts(gir__bctx *b, const gir__opinfo *oi, gir_node *stor, int np, int pdt) {
    gir_graph *g = b->g;
    int k;
    if (oi->dtrule == GIR__DT_ATTR || oi->dtrule == GIR__DT_INDEX || np < 2) return 0;
    for (k = 0; k < np; ++k) {
        if (g->nodes[stor[k].id].dtype != pdt) {
            gir_attr ca;
            gir_node c;
            gir_attr_zero(&ca);
            ca.dtype = pdt;
            c = gir_op_build(g, GIR_OP_CAST, 1, &stor[k], &ca);      /* not a column: the op promotion builds */
            if (!c.id) return 1;
            stor[k] = c;
        }
    }
    b->id = (uint32_t)g->nnodes;
    return 0;
}
/* step 5: the node type and grad level, from the inputs */
static int gir__bld_ntype(const gir__bctx *b, int np, int *level) {
    const gir_graph *g = b->g;
    int k, diff_in = 0, any_in = 0;
    *level = g->grad_level;
    if (b->n == 0) return gir__op_is(b->op, GIR__F_LEAF_STATE) ? GIR_NODE_INPUT : GIR_NODE_CONSTANT;
    for (k = 0; k < b->n; ++k) {
        const gir__node *x = &g->nodes[b->in[k].id];
        int t = x->ntype;
        if (x->grad_level > *level) *level = x->grad_level;
        if (t >= GIR_NODE_INPUT) any_in = 1;
        if (k < np && (gir__is_float(x->dtype) || gir__op_is(x->op, GIR__F_TUPLE)) &&
            (t == GIR_NODE_INPUT || t == GIR_NODE_INPUT_DERIVED))
            diff_in = 1;
    }
    /* a float op without an adjoint stays on the gradient path (gir_grad reports it) unless it blocks; a call's
       tuple (empty u8) counts as float: its results are differentiated through it */
    if (diff_in && (gir__is_float(b->dtype) || gir__op_is(b->op, GIR__F_TUPLE)) && !gir__op_is(b->op, GIR__F_BLOCK))
        return GIR_NODE_INPUT_DERIVED;
    return any_in ? GIR_NODE_INPUT_DERIVED_NON_DIFF : GIR_NODE_CONSTANT_DERIVED;
}
/* step 6: a constant's or variable's values: the caller's (referenced, gen/50-ir/dataref.c) or a copy of its own
   (zeros without attr->data); *data stays NULL for other ops. Nonzero: fail, nothing allocated. */
static int gir__bld_data(gir__bctx *b, const gir_attr *attr, void **data, size_t *bytes) {
    gir_graph *g = b->g;
    *data = NULL;
    *bytes = 0;
    if (!gir__op_is(b->op, GIR__F_LEAF_DATA)) return 0;
    if (b->attr.i[4] == GIR__REF && !(attr && attr->data)) b->attr.i[4] = 0;   /* nothing to refer to */
    if (b->attr.i[4] == GIR__REF) {
        *data = (void *)(uintptr_t)attr->data;
        return 0;
    }
    if (!gir__bytes(&b->out, b->dtype, bytes)) {
        GIR__GFAIL(g, GIR_ERR_LIMIT, "%s: node %u: %T %S has more bytes than size_t counts", gir__op_names[b->op],
                   b->id, b->dtype, &b->out);
        return 1;
    }
    *data = gir__alloc(&g->a, *bytes ? *bytes : 1);
    if (!*data) {
        GIR__GFAIL(g, GIR_ERR_OUT_OF_MEMORY, "%s: node %u: out of memory for %l bytes of data", gir__op_names[b->op],
                   b->id, (long long)*bytes);
        return 1;
    }
    if (attr && attr->data) GIR_MEMCPY(*data, attr->data, *bytes);
    else GIR_MEMSET(*data, 0, *bytes);
    return 0;
}
/* step 7: the node appended. Everything is reserved before anything is changed, so a failure leaves the graph as
   it was (and frees the data of step 6). */
static gir_node gir__bld_commit(gir__bctx *b, int np, int ntype, int level, void *data, size_t bytes) {
    gir_graph *g = b->g;
    unsigned char pk[GIR__ATTR_MAXBYTES];
    size_t packed;
    uint32_t align, sref;
    gir__node *nd;
    int k;
    uint32_t *ins;
    b->attr.data = data;
    packed = b->zero ? 0 : gir__attr_pack(&b->attr, pk);   /* attributes other than all zeros get a store entry */
    align = packed && (pk[1] & 0x40u) ? (uint32_t)sizeof(void *) : 1u;   /* with values: the pointer aligned */
    for (k = b->out.rank > 0 ? b->out.rank : 0; k < GIR_MAX_RANK; ++k)
        b->out.dim[k] = 0;                  /* past the rank: 0 in every stored shape (plan images copy shapes whole) */
    sref = gir__shape_ref(g, &b->out, b->in, b->n);        /* 0: the shape is stored anew */
    if ((g->nnodes + 1 > g->cap && gir__grow(&g->a, (void **)&g->nodes, &g->cap, g->nnodes + 1, sizeof(gir__node))) ||
        (g->nins + (size_t)b->n > g->inscap &&
         gir__grow(&g->a, (void **)&g->ins, &g->inscap, g->nins + (size_t)b->n, sizeof(uint32_t))) ||
        (packed && gir__store_reserve(&g->a, &g->attrs, packed, align)) ||
        (!sref && gir__store_reserve(&g->a, &g->shapes, sizeof(gir_shape), 4)) || g->nnodes >= 0xffffffffu) {
        if (b->attr.i[4] != GIR__REF) gir__free(&g->a, data, bytes);
        GIR__GFAIL(g, GIR_ERR_OUT_OF_MEMORY, "%s: node %u: out of memory growing the graph", gir__op_names[b->op],
                   b->id);
        return gir__handle(NULL, 0);
    }
    nd = &g->nodes[g->nnodes];               /* every field is set */
    nd->op = (uint16_t)b->op;
    nd->dtype = (uint8_t)b->dtype;
    nd->ntype = (uint8_t)ntype;
    nd->grad_level = (uint16_t)level;
    nd->nparents = (uint16_t)np;
    nd->nin = (uint32_t)b->n;
    nd->in0 = (uint32_t)g->nins;
    if (!sref) sref = gir__store_put(&g->shapes, &b->out, sizeof b->out, 4);
    nd->shp = sref;
    nd->name = 0;
    nd->attr = packed ? gir__store_put(&g->attrs, pk, packed, align) : 0;
    ins = g->ins;                            /* NULL until the first node with inputs */
    for (k = 0; k < b->n; ++k) ins[g->nins + (size_t)k] = b->in[k].id;
    g->nins += (size_t)b->n;
    return gir__handle(g, (uint32_t)g->nnodes++);
}

/* The common case without steps 1 to 6: a broadcasting binary row with no attributes (none given), both parents
   nodes of g of one float dtype, a valid result shape. The node is the one the steps would build (no promotion,
   no casts, no data); 0 for anything else, which the steps take, and any error with its message. */
static int gir__bld_fast(gir__bctx *b, const gir__opinfo *oi, const gir_node *in, gir_node *res) {
    gir_graph *g = b->g;
    const gir__node *x, *y;
    int ntype, level;
    if (oi->shrule != GIR__SH_BCAST || oi->variadic || oi->nparents != 2 || oi->nargs || b->n != 2 || !in ||
        (oi->dtrule != GIR__DT_NUM && oi->dtrule != GIR__DT_FLOAT) || oi->attrs[0] ||
        gir__handle_kind(g, in[0]) != GIR__H_OWN || gir__handle_kind(g, in[1]) != GIR__H_OWN)
        return 0;
    x = &g->nodes[in[0].id];
    y = &g->nodes[in[1].id];
    if (x->dtype != y->dtype || !gir__is_float(x->dtype) || gir__ew_lacks(b->op, x->dtype) ||
        !gir__bcast2(gir__nshape(g, x), gir__nshape(g, y), &b->out) || !gir__shape_ok(&b->out))
        return 0;
    b->in = in;
    b->dtype = x->dtype;
    b->attr.i[4] = 0;                   /* the only attribute the commit reads (it packs none) */
    ntype = gir__bld_ntype(b, 2, &level);
    *res = gir__bld_commit(b, 2, ntype, level, NULL, 0);
    return 1;
}

/* The generic builder: every named builder calls it. The steps above, in order; a failing step has set the
   graph's status and message (a poisoned input passes quietly) and nothing of the graph has changed. */
GIR_API gir_node gir_op_build(gir_graph *g, gir_op op, int n, const gir_node *in, const gir_attr *attr) {
    gir_node bad = gir__handle(NULL, 0), stor[GIR_MAX_VARIADIC], res;
    const gir__opinfo *oi;
    const gir__node *x0;            /* the first parent, which the dtype and shape rules read */
    gir__bctx b;
    int np, pdt = 0, ntype, level;
    size_t bytes;
    void *data;
    if (!g) return bad;
    if (!gir__op_ok(op)) {
        GIR__GFAIL(g, GIR_ERR_INVALID_ARG, "op_build: unknown op %d", (int)op);
        return bad;
    }
    if (GIR__OP_ABSENT(op)) {
        gir__op_left_out(g, op);
        return bad;
    }
    oi = gir__op_info(op);
    b.g = g; b.op = op; b.id = (uint32_t)g->nnodes; b.n = n;    /* every field is set (no memset: it is hot) */
    b.in = stor; b.out = gir__no_attr.shape; b.dtype = 0;
    b.zero = !attr && !oi->attrs[0];      /* no attributes given, none in the row: nothing to pack */
    np = oi->variadic ? n : oi->nparents;
    if (b.zero && gir__bld_fast(&b, oi, in, &res)) return res;
    if (gir__bld_inputs(&b, oi, in, stor)) return bad;
    GIR_MEMCPY(&b.attr, attr ? attr : &gir__no_attr, sizeof b.attr);   /* a copy (a zero fill is a slow rep stos) */
    b.attr.data = NULL;
    if (gir__check_attr_ranks(&b, oi->attrs)) return bad;
    if (gir__promote(&b, oi, stor, np, &pdt)) return bad;
    x0 = np > 0 ? &g->nodes[stor[0].id] : NULL;
    if (gir__bld_dtype(&b, oi, x0, pdt) || gir__bld_shape(&b, oi, x0, np) || gir__check_values(&b)) return bad;
    if (gir__bld_casts(&b, oi, stor, np, pdt)) return bad;
    ntype = gir__bld_ntype(&b, np, &level);
    if (gir__bld_data(&b, attr, &data, &bytes)) return bad;
    return gir__bld_commit(&b, np, ntype, level, data, bytes);
}

/* generated from ops.def: one builder per row */
@@BUILDERS@@
