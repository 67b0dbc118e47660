/* >>replay: a node of one graph built again in another, through gir_op_build -------------------------------------
   A scan's gradient cuts a function's VJP at its residuals (gen/60-autodiff/autodiff.c): the VJP's nodes are built
   again in a graph of their own, where each residual is an input. A node keeps its op, attributes, values, name and
   grad level; its inputs are map[] of its inputs (node ids of dst). A node that calls a function, an input, a
   variable, a write, a random op or a constant whose values are the caller's is not replayed (the caller decides
   what stands for it). */

/* whether node id of src can be built again elsewhere by gir__replay_node */
static int gir__replayable(const gir_graph *src, uint32_t id) {
    const gir__node *d = &src->nodes[id];
    if (gir__op_is(d->op, GIR__F_TUPLE | GIR__F_PROJ | GIR__F_LEAF_IN | GIR__F_LEAF_STATE | GIR__F_WRITES | GIR__F_RNG))
        return 0;
    return !gir__is_ref(src, d);
}
/* node id of src built in dst on inputs map[input id]; its id in dst, 0 with the error in dst */
static uint32_t gir__replay_node(gir_graph *dst, const gir_graph *src, uint32_t id, const uint32_t *map) {
    const gir__node *d = &src->nodes[id];
    gir_node in[GIR_MAX_VARIADIC], h;
    gir_attr a;
    uint16_t level = dst->grad_level;
    uint32_t k;
    for (k = 0; k < d->nin && k < GIR_MAX_VARIADIC; ++k) in[k] = gir__handle(dst, map[src->ins[d->in0 + k]]);
    if (d->attr) gir__attr_read(src, d, &a);
    a.data = d->attr ? gir__node_data(src, d) : NULL;     /* a constant's values: the builder copies them */
    dst->grad_level = d->grad_level;
    h = gir_op_build(dst, (gir_op)d->op, (int)d->nin, in, d->attr ? &a : NULL);
    dst->grad_level = level;
    if (h.id && d->name) h = gir_name(dst, h, gir__name_at(src, d->name));
    return h.id;
}
