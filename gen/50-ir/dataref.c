/* >>dataref: constants and read-only variables whose values stay in the caller's memory (weights in flash).
   The node keeps the caller's pointer in attr->data and marks it with attr->i[4] = GIR__REF: the graph never
   copies, writes or frees those bytes; plans read them in place. A referenced variable is read-only: a plan
   that assigns to it does not compile, gir_init_* and gir_graph_load_variables refuse it. */
static gir_node gir__data_ref(gir_graph *g, gir_op op, gir_dtype dtype, gir_shape shape, const void *data) {
    const char *fn = gir__op_is(op, GIR__F_LEAF_CONST) ? "constant_ref" : "variable_ref";
    gir_attr A;
    size_t es;
    if (!g) return gir__handle(NULL, 0);
    es = (unsigned)dtype < (unsigned)GIR_DTYPE__COUNT ? gir__dtype_sizes[dtype] : 0;
    if (!data || (es && (size_t)((uintptr_t)data % es) != 0)) {
        gir__gfail(g, GIR_ERR_INVALID_ARG, "%s: node %u: the data of a %T %S must be %s (%u-byte aligned)", fn,
                   (unsigned)g->nnodes, (int)dtype, &shape, data ? "aligned to its element size" : "given",
                   (unsigned)es);
        return gir__handle(NULL, 0);
    }
    gir_attr_zero(&A);
    A.dtype = (int32_t)dtype;
    A.shape = shape;
    A.data = data;
    A.i[4] = GIR__REF;
    return gir_op_build(g, op, 0, NULL, &A);
}
GIR_API gir_node gir_constant_ref(gir_graph *g, gir_dtype dtype, gir_shape shape, const void *data) {
    return gir__data_ref(g, GIR_OP_CONSTANT, dtype, shape, data);      /* names the op it builds, as a builder */
}
GIR_API gir_node gir_variable_ref(gir_graph *g, gir_dtype dtype, gir_shape shape, const void *data) {
    return gir__data_ref(g, GIR_OP_VARIABLE, dtype, shape, data);      /* names the op it builds, as a builder */
}
GIR_API int gir_node_is_ref(const gir_graph *g, gir_node n) {
    const gir__node *d = gir__get(g, n);
    return d ? gir__is_ref(g, d) : 0;
}
/* a node that writes a referenced variable (an assign): GIR_ERR_INVALID_ARG naming both, for gir_plan_compile */
static gir_status gir__ref_check_write(gir_graph *g, uint32_t id) {
    const gir__node *d = &g->nodes[id];
    uint32_t v;
    if (!gir__op_is(d->op, GIR__F_WRITES) || d->nin < 1) return GIR_OK;
    v = g->ins[d->in0];
    if (!gir__is_ref(g, &g->nodes[v])) return GIR_OK;
    gir__gfail(g, GIR_ERR_INVALID_ARG, "compile: assign %N writes variable %N, which is read-only (gir_variable_ref)",
               (const gir_graph *)g, (unsigned)id, (const gir_graph *)g, (unsigned)v);
    return GIR_ERR_INVALID_ARG;
}
