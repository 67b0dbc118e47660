/* unit/graph.c - compact records: 24-byte nodes with packed attributes and shared shapes, stores that grow by blocks that never
 * move, capacity hints (one allocation per store), and the DOT / plan dumps. Included by unit/main.c (it sees
 * gir.h's internals). */

/* an allocator that logs sizes, can fail from the k-th call on, never reuses (a bump allocator's view: every
   byte handed out stays handed out) and counts live blocks so a test can see everything freed */
typedef struct rec_alloc { long calls, fail_from, live; size_t total; int phase; size_t by_phase[2]; } rec_alloc;
static void *rec_alloc_fn(size_t n, void *u) {
    rec_alloc *c = (rec_alloc *)u;
    void *p;
    if (++c->calls >= c->fail_from && c->fail_from > 0) return NULL;
    p = malloc(n);
    if (p) { ++c->live; c->total += n; c->by_phase[c->phase] += n; }
    return p;
}
static void rec_free_fn(void *p, void *u) { if (p) { --((rec_alloc *)u)->live; free(p); } }
static gir_graph_desc rec_desc(rec_alloc *c, const gir_graph_desc *hints) {
    gir_graph_desc d;
    if (hints) d = *hints;
    else memset(&d, 0, sizeof d);
    memset(&d.allocator, 0, sizeof d.allocator);
    d.allocator.alloc_fn = rec_alloc_fn; d.allocator.free_fn = rec_free_fn; d.allocator.user = c;
    return d;
}

/* the MLP training graph of the size measurements: 64-32-10 (or 784-256-256-10), ReLU, mean softmax cross-entropy,
   gradients, SGD updates as assign nodes; named parameters. 0 when building failed (out of memory). The gradient
   pass runs in phase 1 of the allocator (its work arrays are the only allocations it makes when hinted). */
static int rec_mlp(gir_graph *g, rec_alloc *c, int big) {
    static const int32_t f1[] = {64, 32, 10}, f2[] = {784, 256, 256, 10};
    const int32_t *fan = big ? f2 : f1;
    int nl = big ? 3 : 2, k;
    gir_node var[6], grad[6], x, lab, h, loss;
    char nm[16];
    for (k = 0; k < nl; ++k) {
        var[2 * k] = gir_variable(g, GIR_DTYPE_F32, gir_shape2(fan[k], fan[k + 1]), NULL);
        var[2 * k + 1] = gir_variable(g, GIR_DTYPE_F32, gir_shape1(fan[k + 1]), NULL);
        snprintf(nm, sizeof nm, "l%d/w", k);
        gir_name(g, var[2 * k], nm);
        snprintf(nm, sizeof nm, "l%d/b", k);
        gir_name(g, var[2 * k + 1], nm);
    }
    x = gir_input(g, GIR_DTYPE_F32, gir_shape2(64, fan[0]));
    lab = gir_input(g, GIR_DTYPE_I32, gir_shape1(64));
    for (h = x, k = 0; k < nl; ++k) {
        h = gir_add(g, gir_matmul(g, h, var[2 * k]), var[2 * k + 1]);
        if (k + 1 < nl) h = gir_relu(g, h);
    }
    loss = gir_mean(g, gir_xent_logits(g, h, lab), gir_ints0(), 0);
    if (c) c->phase = 1;
    if (gir_grad(g, loss, 2 * nl, var, grad) != GIR_OK) { if (c) c->phase = 0; return 0; }
    if (c) c->phase = 0;
    for (k = 0; k < 2 * nl; ++k)
        gir_assign(g, var[k], gir_sub(g, var[k], gir_mul(g, gir_scalar(g, GIR_DTYPE_F32, 0.01), grad[k])));
    return gir_graph_status(g) == GIR_OK;
}
static size_t rec_data_bytes(const gir_graph *g) {        /* the values of its constants and variables */
    size_t k, n = 0;
    for (k = 1; k < g->nnodes; ++k)
        if (g->nodes[k].op == GIR_OP_VARIABLE || g->nodes[k].op == GIR_OP_CONSTANT) {
            size_t b = (size_t)gir__numel(gir__nshape(g, &g->nodes[k])) * gir_dtype_size((gir_dtype)g->nodes[k].dtype);
            n += b ? b : 1;
        }
    return n;
}
static size_t rec_store_bytes(const gir__store *st) {      /* what a store's blocks take, headers included */
    const gir__sblk *b;
    size_t n = 0;
    for (b = st->head; b; b = b->next) n += sizeof *b + b->size;
    return n;
}

/* A node record is 24 bytes whatever its op: 8 bytes of op, dtype, node type, level and counts, in0, and the
   attribute, name and shape references (the shape itself, 28 bytes at GIR_MAX_RANK 6, is in the shape store). */
static int test_rec_node_size(void) {
    CHECK(sizeof(gir__node) == 24, "gir__node is %d bytes, want 24", (int)sizeof(gir__node));
    return 1;
}

/* The packed form round-trips every row's attribute kinds, with values that need every varint length, negative
   ints, -0.0, a list of GIR_MAX_RANK entries, and a data pointer; and it stores only what is set. */
static int rec_fill_row(int op, gir_attr *a, const void *data) {
    const char *s = gir__op_info(op)->attrs;
    int nf = 0, ni = 0, nl = 0, kinds = 0, j;
    gir_attr_zero(a);
    while (*s) {
        if (s[0] == 'f' && s[1] == ':') { a->f[nf] = nf == 1 ? -0.0 : 1.25e300 * (nf + 1); ++nf; }
        else if (s[0] == 'i' && s[1] == ':') { a->i[ni] = ni % 2 ? -(1 << (7 * ni + 3)) : -1 - ni; ++ni; }
        else if (s[0] == 'l' && s[1] == ':') {
            a->l[nl].n = GIR_MAX_RANK - nl;
            for (j = 0; j < a->l[nl].n; ++j) a->l[nl].v[j] = j % 2 ? -7 * j : (int32_t)(2147483647 - j);
            ++nl;
        } else if (s[0] == 's' && s[1] == 'h') {
            a->shape.rank = GIR_MAX_RANK;
            for (j = 0; j < GIR_MAX_RANK; ++j) a->shape.dim[j] = 63 + 1000 * j;
        } else if (s[0] == 'd' && s[1] == 't') a->dtype = GIR_DTYPE_F64;
        else if (s[0] == 's' && s[1] == 'e') a->seed = 0x8000000000000001ull;
        else if (s[0] == 'd' && s[1] == 'a') a->data = data;
        ++kinds;
        while (*s && *s != ',') ++s;
        if (*s) ++s;
    }
    return kinds;
}
/* the mask bits the row's ATTR column allows (bit 14: data) */
static unsigned rec_row_mask(int op) {
    gir_attr a;
    unsigned char buf[GIR__ATTR_MAXBYTES];
    size_t n;
    gir_attr_zero(&a);                    /* its own address is the data pointer: any non-NULL pointer sets bit 14 */
    rec_fill_row(op, &a, &a);
    n = gir__attr_pack(&a, buf);
    return n ? (unsigned)buf[0] | (unsigned)buf[1] << 8 : 0;
}
static int test_rec_attr_pack_every_row(void) {
    int op, rows = 0;
    double d = 1;
    for (op = 1; op < GIR_OP__COUNT; ++op) {
        gir_attr a, b;
        unsigned char buf[GIR__ATTR_MAXBYTES];
        size_t n;
        int kinds = rec_fill_row(op, &a, &d);
        n = gir__attr_pack(&a, buf);
        CHECK(!kinds == !n, "%s: %d kinds packed to %d bytes", gir_op_name((gir_op)op), kinds, (int)n);
        if (!n) continue;
        ++rows;
        gir__attr_unpack(buf, &b);
        CHECK(!memcmp(&a, &b, sizeof a), "%s: the attributes do not round-trip", gir_op_name((gir_op)op));
        CHECK(n < sizeof(gir_attr) / 2, "%s: %d bytes packed", gir_op_name((gir_op)op), (int)n);
    }
    CHECK(rows > 40, "only %d rows have attributes", rows);
    return 1;
}

/* Built nodes: every golden case of every row stores only the kinds its row declares (the mask is a subset of the
   row's), reads back through gir_node_attr as given to the builder (shape functions may normalise, so compared
   with the same case built with the old full form is suite_overhead's job: here against the packed bytes), and a
   cast (one dtype attribute) or a sum (axes, keepdims) costs a few bytes. */
static int test_rec_attr_built_rows(void) {
    int k, seen = 0;
    for (k = 0; k < ncases; ++k) {
        const gcase *c = &cases[k];
        built b;
        const gir__node *d;
        unsigned mask, allowed;
        gir_attr got, again;
        unsigned char buf[GIR__ATTR_MAXBYTES];
        size_t n;
        int op = (int)gir_op_from_name(c->op);
        if (!c->has_out || op == GIR_OP_ASSIGN) continue;
        if (!build_case(c, 0, &b)) { built_free(&b); return 0; }
        d = &b.g->nodes[b.y.id];
        if (d->op != op || !d->attr) { built_free(&b); continue; }
        mask = gir__store_at(&b.g->attrs, d->attr)[0] | (unsigned)gir__store_at(&b.g->attrs, d->attr)[1] << 8;
        allowed = rec_row_mask(op);
        CHECK(mask && !(mask & ~allowed), "%s/%s: stored fields %#x, the row allows %#x", c->op, c->label, mask, allowed);
        got = gir_node_attr(b.g, b.y);
        gir__attr_load(b.g, d, &again);
        again.data = NULL;
        CHECK(!memcmp(&got, &again, sizeof got), "%s: gir_node_attr differs from the record", c->op);
        n = gir__attr_pack(gir__attr_load(b.g, d, &again), buf);
        CHECK(!memcmp(buf, gir__store_at(&b.g->attrs, d->attr), n), "%s: the record is not the packed form", c->op);
        built_free(&b);
        ++seen;
    }
    CHECK(seen > 40, "only %d cases had attributes", seen);
    {
        gir_graph *g = gir_graph_new(NULL);
        gir_node x = gir_input(g, GIR_DTYPE_F32, gir_shape2(3, 4));
        size_t before = gir_graph_usage(g).attr_capacity;
        gir_cast(g, x, GIR_DTYPE_F64);
        CHECK(gir_graph_usage(g).attr_capacity - before == 3, "a cast took %d attribute bytes",
              (int)(gir_graph_usage(g).attr_capacity - before));
        before = gir_graph_usage(g).attr_capacity;
        gir_sum(g, x, gir_ints1(1), 1);
        CHECK(gir_graph_usage(g).attr_capacity - before == 5, "sum(axes [1], keepdims) took %d attribute bytes",
              (int)(gir_graph_usage(g).attr_capacity - before));
        before = gir_graph_usage(g).attr_capacity;
        gir_add(g, x, x);
        CHECK(gir_graph_usage(g).attr_capacity == before, "add took attribute bytes");
        gir_graph_free(g);
    }
    return 1;
}

/* Capacity hints: the graph built again with gir_graph_usage's figures makes one allocation per store, and the
   bytes handed out (apart from the gradient pass's work arrays) are exactly the sum of the parts: the graph, the
   node array, the input pool, one block per store (attributes, names, shapes), and the values. Without hints a bump allocator keeps every
   old copy of the node and input arrays, so it hands out more. */
static int rec_hinted(int big) {
    rec_alloc c0, c1;
    gir_graph_desc d0, d1, use;
    gir_graph *g0, *g1;
    size_t parts;
    memset(&c0, 0, sizeof c0); memset(&c1, 0, sizeof c1);
    d0 = rec_desc(&c0, NULL);
    g0 = gir_graph_new(&d0);
    CHECK(g0 && rec_mlp(g0, &c0, big), "unhinted build: %s", gir_graph_message(g0));
    use = gir_graph_usage(g0);
    d1 = rec_desc(&c1, &use);
    g1 = gir_graph_new(&d1);
    CHECK(g1 && rec_mlp(g1, &c1, big), "hinted build: %s", gir_graph_message(g1));
    CHECK(g1->nnodes == g0->nnodes && g1->nins == g0->nins, "the two builds differ");
    CHECK(g1->cap == g1->nnodes && g1->inscap == g1->nins, "arrays sized %d/%d for %d/%d", (int)g1->cap,
          (int)g1->inscap, (int)g1->nnodes, (int)g1->nins);
    CHECK(g1->attrs.head == g1->attrs.tail && g1->names.head == g1->names.tail && g1->names.head &&
          g1->shapes.head == g1->shapes.tail && g1->shapes.head, "a store has more than one block");
    parts = sizeof(gir_graph) + g1->nnodes * sizeof(gir__node) + g1->nins * sizeof(uint32_t) +
            rec_store_bytes(&g1->attrs) + rec_store_bytes(&g1->names) + rec_store_bytes(&g1->shapes) +
            rec_data_bytes(g1);
    CHECK(c1.by_phase[0] == parts, "hinted: %d bytes handed out, the parts are %d", (int)c1.by_phase[0], (int)parts);
    CHECK(rec_store_bytes(&g1->attrs) == sizeof(gir__sblk) + use.attr_capacity &&
          rec_store_bytes(&g1->names) == sizeof(gir__sblk) + use.name_capacity, "a store's block is not the hint");
    CHECK(c0.total > c1.total, "unhinted %d <= hinted %d", (int)c0.total, (int)c1.total);
    if (verbose)
        printf("  mlp %s: %d nodes, bytes handed out (minus %d of values) unhinted %d, hinted %d (+%d in gir_grad)\n",
               big ? "784-256-256-10" : "64-32-10", (int)g1->nnodes - 1, (int)rec_data_bytes(g1),
               (int)(c0.total - rec_data_bytes(g0)), (int)(c1.by_phase[0] - rec_data_bytes(g1)), (int)c1.by_phase[1]);
    gir_graph_free(g0);
    gir_graph_free(g1);
    CHECK(c0.live == 0 && c1.live == 0, "%ld / %ld blocks not freed", c0.live, c1.live);
    return 1;
}
static int test_rec_hints_exact(void) { return rec_hinted(0) && rec_hinted(1); }

/* The stores never move: a record's address stays the same while the graph grows by thousands of nodes and
   names without realloc_fn (a bump allocator's setting). */
static int test_rec_stores_never_move(void) {
    rec_alloc c;
    gir_graph_desc d;
    gir_graph *g;
    gir_node x, s;
    const unsigned char *ap;
    const char *np;
    char nm[32];
    int k;
    memset(&c, 0, sizeof c);
    d = rec_desc(&c, NULL);
    g = gir_graph_new(&d);
    x = gir_input(g, GIR_DTYPE_F32, gir_shape1(5));
    s = gir_name(g, gir_sum(g, x, gir_ints1(0), 1), "first");
    ap = gir__store_at(&g->attrs, g->nodes[s.id].attr);
    np = gir_node_name(g, s);
    for (k = 0; k < 5000; ++k) {
        x = gir_sum(g, gir_neg(g, x), gir_ints1(0), 1);
        snprintf(nm, sizeof nm, "n%d", k);
        gir_name(g, x, nm);
    }
    CHECK(gir_graph_status(g) == GIR_OK, "%s", gir_graph_message(g));
    CHECK(g->attrs.head != g->attrs.tail && g->names.head != g->names.tail, "the stores did not add blocks");
    CHECK(gir__store_at(&g->attrs, g->nodes[s.id].attr) == ap && gir_node_name(g, s) == np, "a record moved");
    CHECK(gir_graph_find(g, "n4321").id && !strcmp(gir_node_name(g, gir_graph_find(g, "n4321")), "n4321"), "names lost");
    CHECK(gir_node_attr(g, x).l[0].n == 1 && gir_node_attr(g, x).i[0] == 1, "attributes lost");
    gir_graph_free(g);
    CHECK(c.live == 0, "%ld blocks not freed", c.live);
    return 1;
}

/* Out of memory at every allocation of building the MLP training graph, with and without hints: gir_graph_new
   gives NULL or the graph records GIR_ERR_OUT_OF_MEMORY; it is never left inconsistent (every node's inputs come
   before it, its attributes and name read back), and everything is freed. */
static int rec_oom_one(const gir_graph_desc *hints, long fail) {
    rec_alloc c;
    gir_graph_desc d;
    gir_graph *g;
    size_t k;
    uint32_t j;
    memset(&c, 0, sizeof c);
    c.fail_from = fail;
    d = rec_desc(&c, hints);
    g = gir_graph_new(&d);
    if (g) {
        int ok = rec_mlp(g, &c, 0);
        CHECK(ok || gir_graph_status(g) == GIR_ERR_OUT_OF_MEMORY, "fail at %ld: %s", fail, gir_graph_message(g));
        for (k = 1; k < g->nnodes; ++k) {
            gir_attr a;
            for (j = 0; j < g->nodes[k].nin; ++j) CHECK(g->ins[g->nodes[k].in0 + j] < k, "node %d input", (int)k);
            gir__attr_load(g, &g->nodes[k], &a);
            CHECK(!g->nodes[k].name || gir_node_name(g, gir__handle(g, (uint32_t)k))[0], "node %d name", (int)k);
        }
        gir_graph_free(g);
    }
    CHECK(c.live == 0, "fail at %ld: %ld blocks not freed", fail, c.live);
    return 1;
}
static int test_rec_oom_sweep(void) {
    rec_alloc c;
    gir_graph_desc d, use;
    gir_graph *g;
    long k, calls[2];
    int h;
    memset(&c, 0, sizeof c);
    d = rec_desc(&c, NULL);
    g = gir_graph_new(&d);
    CHECK(rec_mlp(g, &c, 0), "%s", gir_graph_message(g));
    use = gir_graph_usage(g);
    gir_graph_free(g);
    calls[0] = c.calls;
    memset(&c, 0, sizeof c);
    d = rec_desc(&c, &use);
    g = gir_graph_new(&d);
    CHECK(rec_mlp(g, &c, 0), "%s", gir_graph_message(g));
    gir_graph_free(g);
    calls[1] = c.calls;
    for (h = 0; h < 2; ++h)
        for (k = 1; k <= calls[h] + 1; ++k)
            if (!rec_oom_one(h ? &use : NULL, k)) return 0;
    return 1;
}

/* Shapes live in the shape store: a node's shape keeps its address while the graph grows by many blocks (ASan
   would see a block moved or freed), nodes of equal shape share one record (the MLP training graph stores far
   fewer shapes than it has nodes), and every node reads back the shape it was built with. */
static int test_rec_shapes_shared_never_move(void) {
    rec_alloc c;
    gir_graph_desc d;
    gir_graph *g;
    gir_node x, first;
    const gir_shape *p0;
    size_t records;
    long k;
    memset(&c, 0, sizeof c);
    d = rec_desc(&c, NULL);
    g = gir_graph_new(&d);
    first = gir_input(g, GIR_DTYPE_F32, gir_shape3(2, 3, 4));
    p0 = gir__nshape(g, &g->nodes[first.id]);
    for (k = 0; k < 3000; ++k) {             /* a new shape each time: the store adds blocks */
        x = gir_input(g, GIR_DTYPE_F32, gir_shape2((int32_t)k + 1, 3));
        CHECK(gir__nshape(g, &g->nodes[x.id])->dim[0] == k + 1, "node %ld reads a wrong shape", k);
    }
    CHECK(gir_graph_status(g) == GIR_OK && g->shapes.head != g->shapes.tail, "the shape store did not add blocks");
    CHECK(gir__nshape(g, &g->nodes[first.id]) == p0 && p0->rank == 3 && p0->dim[0] == 2 && p0->dim[2] == 4,
          "the first shape moved or changed");
    CHECK(gir_node_shape(g, gir_neg(g, first)).dim[1] == 3 &&
          g->nodes[g->nnodes - 1].shp == g->nodes[first.id].shp, "neg does not share its input's shape record");
    gir_graph_free(g);
    CHECK(c.live == 0, "%ld blocks not freed", c.live);
    memset(&c, 0, sizeof c);
    d = rec_desc(&c, NULL);
    g = gir_graph_new(&d);
    CHECK(rec_mlp(g, &c, 0), "%s", gir_graph_message(g));
    records = gir_graph_usage(g).shape_capacity / sizeof(gir_shape);
    CHECK(records > 0 && records * 2 < g->nnodes - 1, "%d shape records for %d nodes", (int)records, (int)(g->nnodes - 1));
    for (k = 1; k < (long)g->nnodes; ++k) {
        gir_shape s = gir_node_shape(g, gir__handle(g, (uint32_t)k));
        CHECK(gir__shape_eq(&s, gir__nshape(g, &g->nodes[k])) && gir__shape_ok(&s), "node %ld", k);
    }
    say("shapes: %d records for the %d nodes of the 64-32-10 training graph\n", (int)records, (int)(g->nnodes - 1));
    gir_graph_free(g);
    return 1;
}
/* The scope prefix is allocated by the first gir_graph_push_scope only: a graph that never pushes a scope does not
   pay for it, and a push that runs out of memory is an error that leaves the graph usable (names unscoped). */
static int test_rec_scope_allocated_on_first_push(void) {
    rec_alloc c;
    gir_graph_desc d;
    gir_graph *g;
    gir_node x;
    memset(&c, 0, sizeof c);
    d = rec_desc(&c, NULL);
    g = gir_graph_new(&d);
    x = gir_input(g, GIR_DTYPE_F32, gir_shape1(3));
    CHECK(g->scope == NULL && !strcmp(gir_graph_scope(g), ""), "a scope before any push");
    c.fail_from = c.calls + 1;
    CHECK(gir_graph_push_scope(g, "layer1") == GIR_ERR_OUT_OF_MEMORY && strstr(gir_graph_message(g), "scope: out of memory"),
          "push without memory: %s", gir_graph_message(g));
    c.fail_from = 0;
    gir_graph_clear_error(g);
    CHECK(!strcmp(gir_graph_scope(g), "") && !strcmp(gir_node_name(g, gir_name(g, x, "w")), "w"), "not usable after it");
    CHECK(gir_graph_push_scope(g, "layer1") == GIR_OK && gir_graph_push_scope(g, "conv") == GIR_OK &&
          !strcmp(gir_graph_scope(g), "layer1/conv") && !strcmp(gir_node_name(g, gir_name(g, gir_neg(g, x), "b")),
                                                          "layer1/conv/b"), "scoped name: %s", gir_graph_message(g));
    gir_graph_pop_scope(g);
    gir_graph_pop_scope(g);
    gir_graph_pop_scope(g);
    CHECK(!strcmp(gir_graph_scope(g), ""), "pop");
    gir_graph_free(g);
    CHECK(c.live == 0, "%ld blocks not freed", c.live);
    return 1;
}

/* DOT: a parser-free structural check (balanced braces, one statement per line, quotes balanced outside escapes),
   every node and every edge present (arguments dashed), names escaped; the buffer form gives the same text as the
   FILE form and the length snprintf would; with `dot` installed, dot -Tsvg accepts it. */
static int rec_dot_structure(const char *t) {
    const char *line = t;
    int depth = 0, lines = 0;
    while (*line) {
        const char *e = strchr(line, '\n');
        int q = 0;
        const char *c;
        CHECK(e, "the DOT text does not end with a newline");
        for (c = line; c < e; ++c) {
            if (*c == '\\' && q) { ++c; continue; }
            if (*c == '"') q = !q;
            if (!q && *c == '{') ++depth;
            if (!q && *c == '}') --depth;
        }
        CHECK(!q, "line %d: unbalanced quotes", lines + 1);
        CHECK(e > line && (e[-1] == ';' || e[-1] == '{' || e[-1] == '}'), "line %d is not a statement", lines + 1);
        ++lines;
        line = e + 1;
    }
    CHECK(depth == 0 && lines > 2, "braces unbalanced (%d) or empty", depth);
    return 1;
}
static int rec_dot_has_graph(const gir_graph *g, const char *t) {
    size_t k;
    uint32_t j;
    char want[96];
    for (k = 1; k < g->nnodes; ++k) {
        const gir__node *d = &g->nodes[k];
        snprintf(want, sizeof want, "\n  n%d [label=\"%%%d %s", (int)k, (int)k, gir_op_name((gir_op)d->op));
        CHECK(strstr(t, want), "node %d missing", (int)k);
        for (j = 0; j < d->nin; ++j) {
            snprintf(want, sizeof want, "\n  n%u -> n%d%s;\n", (unsigned)g->ins[d->in0 + j], (int)k,
                     j < d->nparents ? "" : " [style=dashed]");
            CHECK(strstr(t, want), "edge %u -> %d missing", (unsigned)g->ins[d->in0 + j], (int)k);
        }
    }
    return 1;
}
static int rec_run_dot(const char *t) {
    FILE *f;
    int rc;
    if (system("command -v dot > /dev/null 2>&1") != 0) {
        if (verbose) printf("  dot not installed: the structural check only\n");
        return 1;
    }
    f = fopen("build/rec_test.dot", "wb");
    CHECK(f, "cannot write build/rec_test.dot");
    fputs(t, f);
    fclose(f);
    rc = system("dot -Tsvg build/rec_test.dot -o build/rec_test.svg 2> build/rec_test.err");
    CHECK(rc == 0, "dot -Tsvg rejected the DOT (build/rec_test.err)");
    return 1;
}
static char *rec_dot_text(const gir_graph *g, const gir_plan *p) {
    size_t n = gir_graph_dump_dot_buf(g, p, NULL, 0);
    char *t = (char *)malloc(n + 1);
    if (t) gir_graph_dump_dot_buf(g, p, t, n + 1);
    return t;
}
static int test_rec_dot_graph(void) {
    rec_alloc c;
    gir_graph_desc d;
    gir_graph *g;
    char *t, small[40], *ft;
    size_t n, fn;
    FILE *f;
    memset(&c, 0, sizeof c);
    d = rec_desc(&c, NULL);
    g = gir_graph_new(&d);
    CHECK(rec_mlp(g, &c, 0), "%s", gir_graph_message(g));
    t = rec_dot_text(g, NULL);
    CHECK(t, "no memory");
    if (!rec_dot_structure(t) || !rec_dot_has_graph(g, t) || !rec_run_dot(t)) { free(t); return 0; }
    CHECK(strstr(t, "variable 'l1/w'\\nf32[32,10]\\ninput\""), "a named variable's label");
    n = strlen(t);
    CHECK(gir_graph_dump_dot_buf(g, NULL, small, sizeof small) == n && strlen(small) == sizeof small - 1 &&
          !strncmp(small, t, sizeof small - 1), "the truncated buffer");
    f = tmpfile();
    CHECK(f, "tmpfile");
    gir_graph_dump_dot(g, NULL, f);
    fn = (size_t)ftell(f);
    rewind(f);
    ft = (char *)calloc(fn + 1, 1);
    CHECK(ft && fread(ft, 1, fn, f) == fn && fn == n && !strcmp(ft, t), "the FILE form differs");
    fclose(f);
    free(ft);
    free(t);
    gir_graph_free(g);
    return 1;
}
static int test_rec_dot_escape(void) {
    char buf[64];
    gir__out o;
    o.p = buf; o.cap = sizeof buf; o.len = 0; o.f = NULL;
    gir__out_dotstr(&o, "a\"b\\c\nd");
    CHECK(!strcmp(buf, "a\\\"b\\\\cd"), "escaped as [%s]", buf);
    CHECK(rec_dot_structure("digraph x {\n  n1 [label=\"a\\\"b\\\\\"];\n}\n"), "the checker");
    return 1;
}

/* DOT of a graph that calls functions: each body it reaches a cluster (cluster_<n>, labelled with its number and
   its functions' names), a scan's label with its function, length, carries and checkpoint, a call's and a
   while's with theirs, a dotted edge from each into the cluster of its function; the graph's own nodes as
   before; a graph that calls nothing has no cluster */
static int rec_dot_want(const char *t, const char *want) {
    CHECK(strstr(t, want), "the DOT text has no [%s]", want);
    return 1;
}
static int test_rec_dot_functions(void) {
    gir_graph *B = gir_graph_new(NULL), *N = gir_graph_new(NULL), *G = gir_graph_new(NULL);
    gir_node p[3], r[2], in[3], s[2], c[2], x, wl, loss, gr[3];
    gir_func *rnn, *halve, *big;
    gir_scan_desc d;
    char *t, want[160];
    int k, ok;
    for (k = 0; k < 3; ++k) p[k] = gir_input(B, GIR_DTYPE_F64, gir_shape1(3));
    r[0] = gir_tanh(B, gir_add(B, gir_mul(B, p[0], p[2]), p[1]));
    r[1] = gir_mul(B, r[0], r[0]);
    rnn = gir_func_new(B, "rnn", 3, p, 2, r);
    x = gir_input(N, GIR_DTYPE_F64, gir_shape0());
    r[0] = gir_mul(N, x, gir_scalar(N, GIR_DTYPE_F64, 0.5));
    halve = gir_func_new(N, "halve", 1, &x, 1, r);
    r[0] = gir_gt(N, x, gir_scalar(N, GIR_DTYPE_F64, 1.0));
    big = gir_func_new(N, "big", 1, &x, 1, r);
    in[0] = gir_input(G, GIR_DTYPE_F64, gir_shape1(3));
    in[1] = gir_input(G, GIR_DTYPE_F64, gir_shape2(6, 3));
    in[2] = gir_input(G, GIR_DTYPE_F64, gir_shape1(3));
    memset(&d, 0, sizeof d);
    d.length = 6; d.n_carry = 1; d.n_xs = 1; d.checkpoint = 2;
    gir_scan(G, rnn, &d, 3, in, 2, s);
    p[0] = in[0]; p[1] = in[2]; p[2] = in[2];
    gir_func_call(G, rnn, 3, p, 2, c);
    x = gir_input(G, GIR_DTYPE_F64, gir_shape0());
    gir_while(G, big, halve, 0, 1, &x, &wl);
    loss = gir_add(G, gir_sum(G, s[1], gir_ints0(), 0), gir_sum(G, c[1], gir_ints0(), 0));
    CHECK(gir_grad(G, loss, 3, in, gr) == GIR_OK, "build: %s", gir_graph_message(G));
    t = rec_dot_text(B, NULL);
    CHECK(t && !strstr(t, "subgraph") && !strstr(t, "compound"), "a graph that calls nothing has clusters");
    free(t);
    t = rec_dot_text(G, NULL);
    CHECK(t, "no memory");
    ok = rec_dot_structure(t) && rec_dot_has_graph(G, t) && rec_dot_want(t, "\n  compound=true;\n") &&
         rec_dot_want(t, "\n  subgraph cluster_0 {\n    label=\"cluster 0: rnn, ") &&
         rec_dot_want(t, "rnn_residuals\";\n") &&
         rec_dot_want(t, "\n  subgraph cluster_1 {\n    label=\"cluster 1: halve, big\";\n") &&
         rec_dot_want(t, "\n  subgraph cluster_2 {\n    label=\"cluster 2: rnn_scan_vjp\";\n") &&
         rec_dot_want(t, "\n  subgraph cluster_3 {\n    label=\"cluster 3: rnn_segments, rnn_segments_vjp\";\n") &&
         rec_dot_want(t, "\n    c0_n1 [label=\"%1 input\\nf64[3]") &&
         rec_dot_want(t, "\\nscan 'rnn' (cluster 0)\\nlength 6, carries 1, per-step inputs 1\\ncheckpoint every 2 "
                         "steps\", ") &&
         rec_dot_want(t, "\\nscan 'rnn_segments_vjp' (cluster 3)\\nlength 3 reverse, carries 2, per-step inputs "
                         "3\\ncheckpoint every step\", ") &&
         rec_dot_want(t, "\\ncalls 'rnn' (cluster 0)\", ") &&
         rec_dot_want(t, "\\nbody 'halve' (cluster 1)\\nwhile 'big' (cluster 1)\", ");
    snprintf(want, sizeof want, "\n  n%u -> c0_n1 [lhead=cluster_0, style=dotted];\n", (unsigned)s[0].id - 1);
    ok = ok && rec_dot_want(t, want);
    snprintf(want, sizeof want, "\n  n%u -> c1_n1 [lhead=cluster_1, style=dotted];\n", (unsigned)wl.id - 1);
    ok = ok && rec_dot_want(t, want) && rec_run_dot(t);
    free(t);
    gir_graph_free(G);
    G = gir_graph_new(NULL);                   /* a scan whose gradient picks k from the sizes says so */
    in[0] = gir_input(G, GIR_DTYPE_F64, gir_shape1(3));
    in[1] = gir_input(G, GIR_DTYPE_F64, gir_shape2(6, 3));
    in[2] = gir_input(G, GIR_DTYPE_F64, gir_shape1(3));
    d.checkpoint = GIR_SCAN_CHECKPOINT_AUTO;
    CHECK(gir_scan(G, rnn, &d, 3, in, 2, s) == GIR_OK, "scan, auto: %s", gir_graph_message(G));
    t = rec_dot_text(G, NULL);
    ok = ok && t && rec_dot_want(t, "\\nlength 6, carries 1, per-step inputs 1\\ncheckpoint from the sizes (auto)\", ");
    free(t);
    gir_graph_free(G); gir_graph_free(N); gir_graph_free(B);
    return ok;
}

/* the text dump of a plan that calls: under each call step, its function's name and that function's plan, every
   line of it two spaces further in; a scan's gradient runs two scans, each with its body's steps */
static int test_rec_plan_dump_calls(void) {
    gir_graph *B = gir_graph_new(NULL), *G = gir_graph_new(NULL);
    gir_node p[3], r[2], in[3], s[2], loss, gr[3];
    gir_func *rnn;
    gir_scan_desc d;
    gir_plan *pl = NULL;
    uint32_t k, c, nested = 0, lines = 0;
    char *txt, *at, want[160];
    size_t n;
    for (k = 0; k < 3; ++k) p[k] = gir_input(B, GIR_DTYPE_F64, gir_shape1(3));
    r[0] = gir_tanh(B, gir_add(B, gir_mul(B, p[0], p[2]), p[1]));
    r[1] = gir_mul(B, r[0], r[0]);
    rnn = gir_func_new(B, "rnn", 3, p, 2, r);
    in[0] = gir_input(G, GIR_DTYPE_F64, gir_shape1(3));
    in[1] = gir_input(G, GIR_DTYPE_F64, gir_shape2(5, 3));
    in[2] = gir_input(G, GIR_DTYPE_F64, gir_shape1(3));
    memset(&d, 0, sizeof d);
    d.length = 5; d.n_carry = 1; d.n_xs = 1;
    gir_scan(G, rnn, &d, 3, in, 2, s);
    loss = gir_sum(G, s[1], gir_ints0(), 0);
    CHECK(gir_grad(G, loss, 3, in, gr) == GIR_OK && gir_plan_compile(G, 3, gr, NULL, &pl) == GIR_OK, "%s",
          gir_graph_message(G));
    n = gir_plan_dump_buf(pl, NULL, 0);
    txt = (char *)malloc(n + 1);
    CHECK(txt && gir_plan_dump_buf(pl, txt, n + 1) == n, "plan dump");
    for (k = 0; k < pl->nsteps; ++k) {
        const gir__call *cl = NULL;
        for (c = 0; c < pl->ncalls; ++c)
            if (pl->calls[c].node == pl->vals[pl->steps[k].val].node) cl = &pl->calls[c];
        if (!cl) continue;
        snprintf(want, sizeof want, "\n%u  loop  %%%u", (unsigned)k, (unsigned)cl->node);
        at = strstr(txt, want);
        CHECK(at, "step %u, a scan, missing: %s", (unsigned)k, want + 1);
        at = strchr(at + 1, '\n');
        snprintf(want, sizeof want, "\n  %s plan: %u steps, ", cl->f->name, (unsigned)cl->plan->nsteps);
        CHECK(at && !strncmp(at, want, strlen(want)), "the line under step %u is not [%s]", (unsigned)k, want + 1);
        for (c = 0; c < cl->plan->nsteps; ++c) {
            snprintf(want, sizeof want, "\n  %u  %s  %%%u", (unsigned)c, gir_op_name((gir_op)cl->plan->steps[c].op),
                     (unsigned)cl->plan->vals[cl->plan->steps[c].val].node);
            CHECK(strstr(txt, want), "the body of '%s': step %u missing: %s", cl->f->name, (unsigned)c, want + 1);
        }
        nested += 1 + cl->plan->nsteps;
        ++lines;
    }
    CHECK(lines == 2, "%u call steps, want 2 (the forward scan, the reverse scan)", (unsigned)lines);
    for (k = 0, c = 0; txt[k]; ++k) c += txt[k] == '\n';
    CHECK(c == 1 + pl->nsteps + nested, "%u lines, want %u (the plan's and its bodies')", (unsigned)c,
          (unsigned)(1 + pl->nsteps + nested));
    free(txt);
    gir_plan_free(pl);
    gir_graph_free(G);
    gir_graph_free(B);
    return 1;
}
/* The plan in DOT and as text: every step is one line of the text dump, in order, with its op, node, offset and
   bytes; in DOT each computed value shows its offset and bytes, and its lifetime equals the one computed here
   from the steps (an unfused plan, so every value is a step's). */
static int test_rec_plan_dumps(void) {
    gir_graph *g = gir_graph_new(NULL);
    gir_plan *p = NULL;
    gir_compile_desc cd;
    gir_node outs[7];
    char *t, *txt, want[160];
    size_t n;
    uint32_t k, j, v;
    CHECK(rec_mlp(g, NULL, 0), "%s", gir_graph_message(g));
    memset(&cd, 0, sizeof cd);
    cd.flags = GIR_COMPILE_NO_FUSION;
    for (k = 0, j = 0; k < g->nnodes && j < 4; ++k)
        if (g->nodes[k].op == GIR_OP_ASSIGN) outs[j++] = gir__handle(g, k);
    CHECK(j == 4 && gir_plan_compile(g, 4, outs, &cd, &p) == GIR_OK, "%s", gir_graph_message(g));
    n = gir_plan_dump_buf(p, NULL, 0);
    txt = (char *)malloc(n + 1);
    CHECK(txt && gir_plan_dump_buf(p, txt, n + 1) == n, "plan dump");
    for (k = 0; k < p->nsteps; ++k) {
        const gir__step *s = &p->steps[k];
        const gir__val *o = &p->vals[s->val];
        snprintf(want, sizeof want, "\n%u  %s  %%%u", (unsigned)k, gir_op_name((gir_op)s->op), (unsigned)o->node);
        CHECK(strstr(txt, want), "step %u missing: %s", (unsigned)k, want);
        if (o->kind == GIR__VAL_INVAR)       /* an update written into its variable */
            snprintf(want, sizeof want, "  in %%%u  bytes %lu", (unsigned)p->vals[o->off].node, (unsigned long)o->bytes);
        else snprintf(want, sizeof want, "  off %lu  bytes %lu", (unsigned long)o->off, (unsigned long)o->bytes);
        CHECK(strstr(strstr(txt, "\n") + 1, want), "step %u: offset and bytes", (unsigned)k);
    }
    for (k = 0, j = 0; txt[k]; ++k) j += txt[k] == '\n';
    CHECK(j == p->nsteps + 1, "%u lines for %u steps", (unsigned)j, (unsigned)p->nsteps);
    t = rec_dot_text(g, p);
    CHECK(t, "no memory");
    if (!rec_dot_structure(t) || !rec_dot_has_graph(g, t) || !rec_run_dot(t)) { free(t); free(txt); return 0; }
    for (v = 0; v < p->nvals; ++v) {
        const gir__val *x = &p->vals[v];
        long first = -1, last = -1;
        char *at;
        if (x->kind != GIR__VAL_TEMP || p->map[x->node] - 1 != v) continue;    /* a folded update's own values
                                                                                  have no node of their own */
        for (k = 0; k < p->nsteps; ++k) {
            if (p->steps[k].val == v) first = (long)k;
            for (j = 0; j < p->steps[k].nin; ++j)
                if (p->sin[p->steps[k].in0 + j] == v) last = (long)k;
        }
        snprintf(want, sizeof want, "\n  n%u [label=", (unsigned)x->node);
        at = strstr(t, want);
        CHECK(at, "value of node %u missing", (unsigned)x->node);
        if (last >= 0)
            snprintf(want, sizeof want, "\\nstep %ld  off %lu  %lu B  live %ld..%ld\"", first, (unsigned long)x->off,
                     (unsigned long)x->bytes, first, last);
        else
            snprintf(want, sizeof want, "\\nstep %ld  off %lu  %lu B  live %ld..end\"", first, (unsigned long)x->off,
                     (unsigned long)x->bytes, first);
        CHECK(strstr(at, want) && strstr(at, want) < strchr(at + 1, '\n'), "node %u: want %s", (unsigned)x->node, want);
    }
    free(t);
    free(txt);
    gir_plan_free(p);
    gir_graph_free(g);
    return 1;
}

static void suite_graph(void) {
    RUN("records/node_is_24_bytes", test_rec_node_size());
    RUN("records/attr_pack_roundtrip_every_row", test_rec_attr_pack_every_row());
    RUN("records/attr_built_rows_store_only_row_kinds", test_rec_attr_built_rows());
    RUN("records/hints_one_allocation_per_store_exact_bytes", test_rec_hints_exact());
    RUN("records/stores_never_move", test_rec_stores_never_move());
    RUN("records/shapes_shared_never_move", test_rec_shapes_shared_never_move());
    RUN("records/scope_allocated_on_first_push", test_rec_scope_allocated_on_first_push());
    RUN("records/oom_sweep_graph_building", test_rec_oom_sweep());
    RUN("records/dot_graph_nodes_edges_names", test_rec_dot_graph());
    RUN("records/dot_escape", test_rec_dot_escape());
    RUN("records/dot_functions_as_clusters", test_rec_dot_functions());
    RUN("records/plan_dump_and_dot_lifetimes", test_rec_plan_dumps());
    RUN("records/plan_dump_shows_bodies", test_rec_plan_dump_calls());
}
