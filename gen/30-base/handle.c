/* >>handles: a node handle carries the tag of the graph that made it ------------------------------------------
   Every graph gets a nonzero tag that differs from the tags of the graphs made before it by this copy of the
   implementation (the next 2^32 - 2 graphs, whatever their addresses: a graph allocated where a freed one was
   gets a new tag, so the old graph's handles are refused). The tag is a counter, started at a point taken from
   the counter's own address (so that copies of the implementation under GIR_STATIC start at different points)
   and scrambled by a bijection, so tags of consecutive graphs differ in many bits. Every handle the library
   makes comes from gir__handle; every handle it is given is sorted by gir__handle_kind. */
static uint32_t gir__tag_counter;

static uint32_t gir__mix32(uint32_t x) {      /* a bijection of the 32-bit integers (xorshift-multiply) */
    x ^= x >> 16;
    x *= 0x7feb352dU;
    x ^= x >> 15;
    x *= 0x846ca68bU;
    x ^= x >> 16;
    return x;
}
static uint32_t gir__new_tag(void) {
    uint32_t base = gir__mix32((uint32_t)(uintptr_t)&gir__tag_counter), t;
    do {
#if (defined(__GNUC__) || defined(__clang__)) && !defined(__TINYC__)
        t = __atomic_add_fetch(&gir__tag_counter, 1u, __ATOMIC_RELAXED);   /* graphs made by several threads */
#else
        t = ++gir__tag_counter;
#endif
        t = gir__mix32(t + base);
    } while (!t);
    return t;
}

/* the handle of node id of g; id 0 (or no graph) gives the invalid handle {0, 0} */
static GIR__INLINE gir_node gir__handle(const gir_graph *g, uint32_t id) {
    gir_node h;
    h.id = g ? id : 0;
    h.tag = (g && id) ? g->tag : 0;
    return h;
}

enum { GIR__H_NONE, GIR__H_OWN, GIR__H_FOREIGN, GIR__H_UNTAGGED, GIR__H_RANGE };
/* GIR__H_NONE: id 0, the invalid handle (a failed builder's result); GIR__H_OWN: a node of g; the rest are
   errors: another graph's handle, a handle no graph made (tag 0), an id beyond g's nodes */
static int gir__handle_kind(const gir_graph *g, gir_node h) {
    if (!h.id) return GIR__H_NONE;
    if (!h.tag) return GIR__H_UNTAGGED;
    if (!g || h.tag != g->tag) return GIR__H_FOREIGN;
    return h.id < g->nnodes ? GIR__H_OWN : GIR__H_RANGE;
}
/* the end of a message "<what> (id N) ..." for an error kind */
static const char *gir__handle_why(int kind) {
    switch (kind) {
    case GIR__H_NONE: return "is the invalid handle (an earlier builder failed)";
    case GIR__H_FOREIGN: return "belongs to another graph";
    case GIR__H_UNTAGGED: return "was not made by any graph (tag 0)";
    default: return "is not a node of this graph";
    }
}
