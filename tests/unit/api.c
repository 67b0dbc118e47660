/* unit/api.c - handles, gradients of nodes built after y, grad levels, plan/graph ownership, checked binds.
   Included by unit/main.c (uses its CHECK/FAILF/RUN, still_usable, msg_has and the golden cases). */
/* {0} is how C code writes the invalid handle; C++ with -Wextra wants every field */
#ifdef __cplusplus
#  define API_ZERO {0, 0}
#else
#  define API_ZERO {0}
#endif

/* ------------------------------------------------------------------------ gradients and later-built nodes */
/* y, then `gap` unrelated nodes, then w: d y / d w must be zeros of w's shape, and d y / d x still right */
static int grad_wrt_built_after(int gap) {
    gir_graph *g = gir_graph_new(NULL);
    gir_node x = gir_input(g, GIR_DTYPE_F64, gir_shape1(3)), w, y, c, wrt[3], gr[3], outs[3];
    gir_plan *p = NULL;
    double xv[3] = {1, -2, 0.5}, wv[2] = {7, 8};
    const double *d0, *d1, *d2;
    int k;
    y = gir_sum(g, gir_square(g, x), gir_ints0(), 0);          /* d y / d x = 2 x */
    c = gir_scalar(g, GIR_DTYPE_F64, 1.0);
    for (k = 0; k < gap; ++k) c = gir_neg(g, c);                /* unrelated nodes between y and w */
    w = gir_input(g, GIR_DTYPE_F64, gir_shape2(1, 2));
    CHECK(gir_graph_status(g) == GIR_OK && w.id > y.id + (uint32_t)gap, "build: %s", gir_graph_message(g));
    wrt[0] = w; wrt[1] = x; wrt[2] = c;
    CHECK(gir_grad(g, y, 3, wrt, gr) == GIR_OK, "grad: %s", gir_graph_message(g));
    CHECK(gr[0].id && gir_node_op(g, gr[0]) == GIR_OP_FILL && gir_node_shape(g, gr[0]).rank == 2 &&
          gir_node_shape(g, gr[0]).dim[1] == 2 && gir_node_dtype(g, gr[0]) == GIR_DTYPE_F64,
          "d y / d w (w built %d nodes after y) is not a zero fill of w's shape: op %s, id %u", gap,
          gir_op_name(gir_node_op(g, gr[0])), (unsigned)gr[0].id);
    CHECK(gr[2].id && gir_node_op(g, gr[2]) == GIR_OP_FILL, "d y / d c: op %s", gir_op_name(gir_node_op(g, gr[2])));
    outs[0] = gr[0]; outs[1] = gr[1]; outs[2] = gr[2];
    CHECK(gir_plan_compile(g, 3, outs, NULL, &p) == GIR_OK, "compile: %s", gir_graph_message(g));
    gir_plan_bind(p, x, xv);
    gir_plan_bind(p, w, wv);
    CHECK(gir_plan_run(p) == GIR_OK, "run: %s", gir_plan_message(p));
    d0 = (const double *)gir_plan_data(p, gr[0]);
    d1 = (const double *)gir_plan_data(p, gr[1]);
    d2 = (const double *)gir_plan_data(p, gr[2]);
    CHECK(d0[0] == 0 && d0[1] == 0 && d2[0] == 0, "zeros expected: %g %g %g", d0[0], d0[1], d2[0]);
    CHECK(d1[0] == 2 && d1[1] == -4 && d1[2] == 1, "d y / d x: %g %g %g", d1[0], d1[1], d1[2]);
    gir_plan_free(p);
    gir_graph_free(g);
    return 1;
}
static int test_grad_wrt_built_right_after_y(void) { return grad_wrt_built_after(0); }
static int test_grad_wrt_built_100000_nodes_after_y(void) { return grad_wrt_built_after(100000); }

/* ---------------------------------------------------------------------------------------------- grad levels */
/* a node's grad level comes from its own ancestry, not from whatever gradients were built before it */
static int test_grad_level_from_own_ancestry(void) {
    gir_graph *g = gir_graph_new(NULL);
    gir_node x = gir_input(g, GIR_DTYPE_F64, gir_shape0()), f0, h, h1, h2, h3, f, df, d2f, mix, dmix, df0;
    f0 = gir_mul(g, gir_sin(g, x), x);                         /* built before h's gradients */
    h = gir_exp(g, gir_mul(g, x, x));
    CHECK(!gir_grad(g, h, 1, &x, &h1) && !gir_grad(g, h1, 1, &x, &h2) && !gir_grad(g, h2, 1, &x, &h3),
          "grads of h: %s", gir_graph_message(g));
    CHECK(gir_node_grad_level(g, h3) == 3, "third derivative of h has level %d", gir_node_grad_level(g, h3));
    f = gir_add(g, gir_square(g, x), gir_scalar(g, GIR_DTYPE_F64, 1.0));   /* built after: still level 0 */
    CHECK(gir_node_grad_level(g, f) == 0, "f has level %d", gir_node_grad_level(g, f));
    CHECK(!gir_grad(g, f, 1, &x, &df) && !gir_grad(g, df, 1, &x, &d2f), "grads of f: %s", gir_graph_message(g));
    CHECK(gir_node_grad_level(g, df) == 1 && gir_node_grad_level(g, d2f) == 2,
          "f built after a third derivative of h: df level %d, d2f level %d (want 1, 2)", gir_node_grad_level(g, df),
          gir_node_grad_level(g, d2f));
    CHECK(!gir_grad(g, f0, 1, &x, &df0) && gir_node_grad_level(g, df0) == 1, "df0 level %d", gir_node_grad_level(g, df0));
    /* a function of a second derivative has level 2; its gradient level 3 */
    mix = gir_add(g, f, h2);
    CHECK(gir_node_grad_level(g, mix) == 2, "f + h'' has level %d", gir_node_grad_level(g, mix));
    CHECK(!gir_grad(g, mix, 1, &x, &dmix) && gir_node_grad_level(g, dmix) == 3, "d(f + h'') has level %d",
          gir_node_grad_level(g, dmix));
    gir_graph_free(g);
    return 1;
}

/* --------------------------------------------------------------------------------------------------- handles */
/* two graphs; a's nodes have ids that are also valid ids in b (b has more nodes) */
typedef struct two_graphs { gir_graph *a, *b; gir_node ax, ay, bx, by; } two_graphs;
static void two_graphs_make(two_graphs *t) {
    int k;
    t->a = gir_graph_new(NULL);
    t->b = gir_graph_new(NULL);
    t->ax = gir_input(t->a, GIR_DTYPE_F64, gir_shape1(2));
    t->ay = gir_sum(t->a, gir_square(t->a, t->ax), gir_ints0(), 0);
    t->bx = gir_input(t->b, GIR_DTYPE_F64, gir_shape1(2));
    for (k = 0; k < 4; ++k) t->by = gir_sum(t->b, gir_exp(t->b, t->bx), gir_ints0(), 0);
}
static void two_graphs_free(two_graphs *t) { gir_graph_free(t->a); gir_graph_free(t->b); }

static int test_handle_foreign_to_builders(void) {
    two_graphs t;
    gir_node r, parts[2];
    two_graphs_make(&t);
    CHECK(t.ay.id < gir_graph_node_count(t.b), "setup: ids of a must be in range for b");
    r = gir_add(t.b, t.bx, t.ax);
    CHECK(!r.id && gir_graph_status(t.b) == GIR_ERR_HANDLE && msg_has(t.b, "add") && msg_has(t.b, "another graph") &&
          msg_has(t.b, "input 1"), "add with a node of another graph: id %u, status %s, '%s'", (unsigned)r.id,
          gir_status_name(gir_graph_status(t.b)), gir_graph_message(t.b));
    CHECK(still_usable(t.b), "graph b unusable after the error");
    CHECK(gir_graph_status(t.a) == GIR_OK, "graph a got an error: %s", gir_graph_message(t.a));
#define FOREIGN_BUILDER(name, expr) do { \
        gir_graph_clear_error(t.b); \
        r = (expr); \
        CHECK(!r.id && gir_graph_status(t.b) == GIR_ERR_HANDLE && msg_has(t.b, name) && msg_has(t.b, "another graph"), \
              "%s with a node of another graph: id %u, '%s'", name, (unsigned)r.id, gir_graph_message(t.b)); \
    } while (0)
    FOREIGN_BUILDER("zeros_like", gir_zeros_like(t.b, t.ax));
    FOREIGN_BUILDER("ones_like", gir_ones_like(t.b, t.ax));
    FOREIGN_BUILDER("expand_dims", gir_expand_dims(t.b, t.ax, 0));
    FOREIGN_BUILDER("squeeze", gir_squeeze(t.b, t.ay, 0));
    FOREIGN_BUILDER("permute_last2", gir_permute_last2(t.b, t.ax));
    FOREIGN_BUILDER("layer_norm", gir_layer_norm(t.b, t.ax, t.bx, t.bx, 0, 1e-5));
    FOREIGN_BUILDER("batch_norm", gir_batch_norm(t.b, t.ax, t.bx, t.bx, 1e-5));
    FOREIGN_BUILDER("mul", gir_mul(t.b, t.ax, t.bx));
    FOREIGN_BUILDER("exp", gir_exp(t.b, t.ay));
#undef FOREIGN_BUILDER
    gir_graph_clear_error(t.b);
    CHECK(gir_split(t.b, t.ax, 0, 2, parts) == 0 && gir_graph_status(t.b) == GIR_ERR_HANDLE &&
          msg_has(t.b, "split") && msg_has(t.b, "another graph"), "split: '%s'", gir_graph_message(t.b));
    CHECK(still_usable(t.b), "graph b unusable after the errors");
    two_graphs_free(&t);
    return 1;
}

/* every op of the table: a node of another graph in each input position is GIR_ERR_HANDLE naming the op */
static int test_handle_foreign_every_op(void) {
    int op, k, j, tried = 0;
    for (op = 1; op < GIR_OP__COUNT; ++op) {
        const gcase *c = NULL;
        for (k = 0; k < ncases; ++k)
            if ((int)gir_op_from_name(cases[k].op) == op && cases[k].nin > 0) { c = &cases[k]; break; }
        if (!c || (gir_op_parent_count((gir_op)op) == 0 && gir_op_arg_count((gir_op)op) == 0)) continue;  /* leaves */
        for (j = 0; j < c->nin; ++j) {
            gir_graph *g = gir_graph_new(NULL), *other = gir_graph_new(NULL);
            gir_node in[8], y;
            gir_attr a = c->attr;
            for (k = 0; k < c->nin; ++k) in[k] = gir_input(g, (gir_dtype)c->in[k].dt, c->in[k].s);
            for (k = 0; k <= j; ++k) in[j] = gir_input(other, (gir_dtype)c->in[j].dt, c->in[j].s);   /* id j+1: */
            /* an id in range for g, where node j+1 is g's own input j of the same dtype and shape */
            y = gir_op_build(g, (gir_op)op, c->nin, in, &a);
            if (y.id || gir_graph_status(g) != GIR_ERR_HANDLE || !msg_has(g, gir_op_name((gir_op)op)) ||
                !msg_has(g, "another graph")) {
                snprintf(why, sizeof why, "%s, input %d from another graph: id %u, '%s'", gir_op_name((gir_op)op), j,
                         (unsigned)y.id, gir_graph_message(g));
                gir_graph_free(g);
                gir_graph_free(other);
                return 0;
            }
            gir_graph_free(g);
            gir_graph_free(other);
            ++tried;
        }
    }
    CHECK(tried > 100, "only %d cases tried", tried);
    return 1;
}

static int test_handle_foreign_to_grad_and_compile(void) {
    two_graphs t;
    gir_node gr[2], wrt[2];
    gir_plan *p = NULL;
    two_graphs_make(&t);
    CHECK(gir_grad(t.b, t.by, 1, &t.ax, gr) == GIR_ERR_HANDLE && !gr[0].id && msg_has(t.b, "wrt[0]") &&
          msg_has(t.b, "another graph"), "grad wrt a node of another graph: '%s'", gir_graph_message(t.b));
    gir_graph_clear_error(t.b);
    wrt[0] = t.bx; wrt[1] = t.ax;
    CHECK(gir_grad(t.b, t.by, 2, wrt, gr) == GIR_ERR_HANDLE && !gr[0].id && !gr[1].id && msg_has(t.b, "wrt[1]"),
          "grad, second wrt foreign: '%s'", gir_graph_message(t.b));
    gir_graph_clear_error(t.b);
    CHECK(gir_grad(t.b, t.ay, 1, &t.bx, gr) == GIR_ERR_HANDLE && msg_has(t.b, "output") && msg_has(t.b, "another graph"),
          "grad of another graph's output: '%s'", gir_graph_message(t.b));
    gir_graph_clear_error(t.b);
    CHECK(gir_plan_compile(t.b, 1, &t.ay, NULL, &p) == GIR_ERR_HANDLE && !p && msg_has(t.b, "compile") &&
          msg_has(t.b, "another graph"), "compile of another graph's node: '%s'", gir_graph_message(t.b));
    CHECK(still_usable(t.b), "graph b unusable after the errors");
    two_graphs_free(&t);
    return 1;
}

static int test_handle_foreign_introspection(void) {
    two_graphs t;
    gir_shape s;
    gir_attr at;
    two_graphs_make(&t);
    CHECK(gir_node_op(t.a, t.ay) == GIR_OP_SUM, "own node");
    CHECK(gir_node_op(t.b, t.ay) == GIR_OP__INVALID && gir_node_dtype(t.b, t.ay) == GIR_DTYPE__INVALID,
          "another graph's node looked up: op %s", gir_op_name(gir_node_op(t.b, t.ay)));
    s = gir_node_shape(t.b, t.ax);
    at = gir_node_attr(t.b, t.ay);
    CHECK(s.rank == 0 && s.dim[0] == 0 && at.l[0].n == 0, "shape / attr of another graph's node");
    CHECK(gir_node_numel(t.b, t.ax) == 0 && gir_node_parent_count(t.b, t.ay) == 0 && gir_node_arg_count(t.b, t.ay) == 0 &&
          gir_node_grad_level(t.b, t.ay) == 0 && gir_node_type_of(t.b, t.ax) == GIR_NODE_CONSTANT &&
          gir_node_data(t.b, t.ax) == NULL && gir_node_input(t.b, t.ay, 0).id == 0, "introspection of another graph's node");
    /* handles the graph gives out carry its tag and are accepted */
    CHECK(gir_graph_input(t.a, 0).id == t.ax.id && gir_graph_input(t.a, 0).tag == t.ax.tag, "gir_graph_input");
    CHECK(gir_node_op(t.a, gir_node_input(t.a, t.ay, 0)) == GIR_OP_SQUARE, "gir_node_input gives a usable handle");
    CHECK(gir_node_input(t.a, gir_node_input(t.a, t.ay, 0), 0).tag == t.ax.tag, "gir_node_input's tag");
    CHECK(gir_graph_status(t.a) == GIR_OK && gir_graph_status(t.b) == GIR_OK, "introspection records no error");
    two_graphs_free(&t);
    return 1;
}

static int test_handle_foreign_to_plan(void) {
    two_graphs t;
    gir_plan *pa = NULL, *pb = NULL;
    double v[2] = {1, 2};
    two_graphs_make(&t);
    CHECK(!gir_plan_compile(t.a, 1, &t.ay, NULL, &pa) && !gir_plan_compile(t.b, 1, &t.by, NULL, &pb), "compile");
    CHECK(gir_plan_bind(pb, t.ax, v) == GIR_ERR_HANDLE && strstr(gir_plan_message(pb), "another graph"),
          "bind of another graph's input: '%s'", gir_plan_message(pb));
    CHECK(gir_plan_bind_bytes(pb, t.ax, v, sizeof v) == GIR_ERR_HANDLE, "bind_bytes of another graph's input");
    CHECK(gir_plan_bind(pa, t.ax, v) == GIR_OK && gir_plan_bind(pb, t.bx, v) == GIR_OK, "own inputs");
    CHECK(!gir_plan_run(pa) && !gir_plan_run(pb), "run");
    CHECK(gir_plan_data(pa, t.ay) && *(const double *)gir_plan_data(pa, t.ay) == 5, "own data");
    CHECK(gir_plan_data(pb, t.ay) == NULL && gir_plan_data(pa, t.by) == NULL, "another graph's node read from a plan");
    gir_plan_free(pa);
    gir_plan_free(pb);
    two_graphs_free(&t);
    return 1;
}

/* {0} is the invalid handle: builders pass it on quietly; a handle with an id but no tag is rejected */
static int test_handle_zero_and_untagged(void) {
    gir_graph *g = gir_graph_new(NULL);
    gir_node x = gir_input(g, GIR_DTYPE_F64, gir_shape1(2)), zero = API_ZERO, zero2 = {0, 0}, untagged = {0, 0}, r;
    untagged.id = x.id;
    CHECK(x.tag != 0, "a graph's handle has a nonzero tag");
    r = gir_add(g, x, zero);
    CHECK(!r.id && !r.tag && gir_graph_status(g) == GIR_OK, "{0} must pass quietly: '%s'", gir_graph_message(g));
    r = gir_exp(g, zero2);
    CHECK(!r.id && gir_graph_status(g) == GIR_OK, "{0, 0} must pass quietly");
    CHECK(gir_node_op(g, zero) == GIR_OP__INVALID, "introspection of {0}");
    r = gir_add(g, x, untagged);
    CHECK(!r.id && gir_graph_status(g) == GIR_ERR_HANDLE && msg_has(g, "not made by any graph"),
          "a handle without a tag: '%s'", gir_graph_message(g));
    gir_graph_clear_error(g);
    CHECK(gir_node_op(g, untagged) == GIR_OP__INVALID, "introspection of an untagged handle");
    CHECK(still_usable(g), "usable");
    gir_graph_free(g);
    return 1;
}

/* tags stay distinct across many graphs made and freed one after another (often at the same address) */
static int test_handle_tags_distinct_after_free(void) {
    enum { N = 2000 };
    static uint32_t tags[N];
    int k, j;
    gir_node old = API_ZERO;
    for (k = 0; k < N; ++k) {
        gir_graph *g = gir_graph_new(NULL);
        gir_node x = gir_input(g, GIR_DTYPE_F32, gir_shape0()), r;
        tags[k] = x.tag;
        CHECK(x.tag != 0, "graph %d: tag 0", k);
        if (k) {                       /* the previous graph's handle (freed graph, maybe the same address) */
            r = gir_neg(g, old);
            CHECK(!r.id && gir_graph_status(g) == GIR_ERR_HANDLE, "graph %d took a handle of graph %d", k, k - 1);
        }
        old = x;
        gir_graph_free(g);
    }
    for (k = 0; k < N; ++k)
        for (j = 0; j < k; ++j) CHECK(tags[j] != tags[k], "graphs %d and %d share the tag %u", j, k, (unsigned)tags[k]);
    return 1;
}

/* ----------------------------------------------------------------------------------- plans outlive graphs */
/* an allocator that counts live blocks and overwrites every block it frees, so a read after free shows */
typedef struct poison_alloc { long live; } poison_alloc;
static void *pz_alloc(size_t n, void *user) {
    size_t *b = (size_t *)malloc(n + 16);
    if (!b) return NULL;
    b[0] = n;
    ++((poison_alloc *)user)->live;
    return (char *)b + 16;
}
static void pz_free(void *p, void *user) {
    char *b = (char *)p - 16;
    memset(b, 0xA5, *(size_t *)b + 16);
    free(b);
    --((poison_alloc *)user)->live;
}
static void *pz_realloc(void *p, size_t old, size_t n, void *user) {
    void *q = pz_alloc(n, user);
    if (q && p) memcpy(q, p, old < n ? old : n);
    if (q && p) pz_free(p, user);
    return q;
}
/* w * x summed, with a variable w; two plans; the graph freed first, then the plans in the given order */
static int plans_outlive_graph(int free_first_plan_first) {
    poison_alloc pa = {0};
    gir_graph_desc d;
    gir_graph *g;
    gir_node x, w, y, dw, outs[2];
    gir_plan *p1 = NULL, *p2 = NULL;
    double wv[3] = {1, 2, 3}, xv[3] = {4, 5, 6};
    long graph_blocks;
    memset(&d, 0, sizeof d);
    d.allocator.alloc_fn = pz_alloc; d.allocator.realloc_fn = pz_realloc; d.allocator.free_fn = pz_free;
    d.allocator.user = &pa;
    g = gir_graph_new(&d);
    x = gir_input(g, GIR_DTYPE_F64, gir_shape1(3));
    w = gir_variable(g, GIR_DTYPE_F64, gir_shape1(3), wv);
    y = gir_sum(g, gir_mul(g, w, x), gir_ints0(), 0);
    CHECK(!gir_grad(g, y, 1, &w, &dw), "grad: %s", gir_graph_message(g));
    outs[0] = y; outs[1] = dw;
    graph_blocks = pa.live;
    CHECK(!gir_plan_compile(g, 2, outs, NULL, &p1) && !gir_plan_compile(g, 1, &y, NULL, &p2), "compile: %s", gir_graph_message(g));
    ((double *)gir_node_data(g, w))[2] = 10;          /* a training update before the graph goes */
    gir_graph_free(g);
    CHECK(pa.live > graph_blocks, "the graph's memory went while plans of it are alive");
    CHECK(gir_plan_bind(p1, x, xv) == GIR_OK && gir_plan_bind_bytes(p2, x, xv, sizeof xv) == GIR_OK,
          "bind after gir_graph_free: %s / %s", gir_plan_message(p1), gir_plan_message(p2));
    CHECK(gir_plan_run(p1) == GIR_OK && gir_plan_run(p2) == GIR_OK, "run after gir_graph_free: %s", gir_plan_message(p1));
    CHECK(*(const double *)gir_plan_data(p1, y) == 74 && *(const double *)gir_plan_data(p2, y) == 74,
          "w . x after the graph was freed: %g", *(const double *)gir_plan_data(p1, y));
    CHECK(((const double *)gir_plan_data(p1, dw))[1] == 5, "d/dw");
    CHECK(((const double *)gir_plan_data(p1, w))[2] == 10, "variable data read through the plan");
    if (free_first_plan_first) {
        gir_plan_free(p1);
        CHECK(pa.live > 0, "freed with a plan still alive");
        xv[0] = 0;
        CHECK(gir_plan_run(p2) == GIR_OK && *(const double *)gir_plan_data(p2, y) == 70, "the other plan after one was freed");
        gir_plan_free(p2);
    } else {
        gir_plan_free(p2);
        CHECK(gir_plan_run(p1) == GIR_OK && *(const double *)gir_plan_data(p1, y) == 74, "the other plan after one was freed");
        gir_plan_free(p1);
    }
    CHECK(pa.live == 0, "%ld blocks left after every plan and the graph were freed", pa.live);
    return 1;
}
static int test_plan_outlives_graph_plans_freed_in_order(void) { return plans_outlive_graph(1); }
static int test_plan_outlives_graph_plans_freed_reversed(void) { return plans_outlive_graph(0); }
/* the usual order, plans first, releases everything at gir_graph_free; so does a graph without plans */
static int test_plan_freed_before_graph_releases_all(void) {
    poison_alloc pa = {0};
    gir_graph_desc d;
    gir_graph *g;
    gir_node x, y;
    gir_plan *p = NULL;
    memset(&d, 0, sizeof d);
    d.allocator.alloc_fn = pz_alloc; d.allocator.realloc_fn = pz_realloc; d.allocator.free_fn = pz_free;
    d.allocator.user = &pa;
    g = gir_graph_new(&d);
    x = gir_input(g, GIR_DTYPE_F32, gir_shape1(4));
    y = gir_sum(g, x, gir_ints0(), 0);
    CHECK(!gir_plan_compile(g, 1, &y, NULL, &p), "compile");
    gir_plan_free(p);
    gir_graph_free(g);
    CHECK(pa.live == 0, "%ld blocks left", pa.live);
    g = gir_graph_new(&d);
    gir_input(g, GIR_DTYPE_F32, gir_shape1(4));
    gir_graph_free(g);
    CHECK(pa.live == 0, "%ld blocks left (no plans)", pa.live);
    return 1;
}

/* -------------------------------------------------------------------------------------------- checked binds */
static int test_bind_bytes_checks_size_and_alignment(void) {
    gir_graph *g = gir_graph_new(NULL);
    gir_node x = gir_input(g, GIR_DTYPE_F64, gir_shape1(4)), e = gir_input(g, GIR_DTYPE_F32, gir_shape2(0, 3));
    gir_node y = gir_sum(g, x, gir_ints0(), 0), ye = gir_sum(g, e, gir_ints0(), 0), outs[2];
    gir_plan *p = NULL;
    float xf[4] = {0.5f, 0.5f, 1.0f, 1.0f};
    double xd[4] = {0.5, 0.5, 1.0, 1.0};
    unsigned char raw[64];
    const void *mis = raw + (9 - (size_t)((uintptr_t)raw % 8)) % 8;   /* one byte past an 8-byte boundary */
    char num[32];
    outs[0] = y; outs[1] = ye;
    CHECK(!gir_plan_compile(g, 2, outs, NULL, &p), "compile: %s", gir_graph_message(g));
    CHECK(gir_plan_bind_bytes(p, x, xf, sizeof xf) == GIR_ERR_INVALID_ARG, "a float[4] for an f64[4] input was accepted");
    snprintf(num, sizeof num, "node %u", (unsigned)x.id);
    CHECK(strstr(gir_plan_message(p), num) && strstr(gir_plan_message(p), "f64[4]") &&
          strstr(gir_plan_message(p), "32 bytes") && strstr(gir_plan_message(p), "got 16"),
          "message for a float[4]: '%s'", gir_plan_message(p));
    CHECK(gir_plan_run(p) == GIR_ERR_UNBOUND, "the rejected buffer must not be bound");
    CHECK(gir_plan_bind_bytes(p, x, mis, 32) == GIR_ERR_INVALID_ARG && strstr(gir_plan_message(p), "aligned") &&
          strstr(gir_plan_message(p), "f64"), "misaligned pointer: '%s'", gir_plan_message(p));
    CHECK(gir_plan_bind_bytes(p, x, NULL, 32) == GIR_ERR_INVALID_ARG, "NULL data");
    CHECK(gir_plan_bind_bytes(p, y, xd, sizeof xd) == GIR_ERR_INVALID_ARG, "binding a non-input");
    CHECK(gir_plan_bind_bytes(p, x, xd, sizeof xd) == GIR_OK, "a double[4]: %s", gir_plan_message(p));
    CHECK(gir_plan_bind_bytes(p, e, NULL, 0) == GIR_OK, "an empty input takes NULL, 0: %s", gir_plan_message(p));
    CHECK(gir_plan_run(p) == GIR_OK && *(const double *)gir_plan_data(p, y) == 3, "sum %g", *(const double *)gir_plan_data(p, y));
    /* gir_plan_bind checks nothing about the buffer (documented): the float[4] is taken */
    CHECK(gir_plan_bind(p, x, xf) == GIR_OK, "gir_plan_bind");
    gir_plan_free(p);
    gir_graph_free(g);
    return 1;
}

static void suite_api(void) {
    RUN("api/grad_wrt_built_right_after_y", test_grad_wrt_built_right_after_y());
    RUN("api/grad_wrt_built_100000_nodes_after_y", test_grad_wrt_built_100000_nodes_after_y());
    RUN("api/grad_level_from_own_ancestry", test_grad_level_from_own_ancestry());
    RUN("api/handle_foreign_to_builders", test_handle_foreign_to_builders());
    RUN("api/handle_foreign_every_op", test_handle_foreign_every_op());
    RUN("api/handle_foreign_to_grad_and_compile", test_handle_foreign_to_grad_and_compile());
    RUN("api/handle_foreign_introspection", test_handle_foreign_introspection());
    RUN("api/handle_foreign_to_plan", test_handle_foreign_to_plan());
    RUN("api/handle_zero_and_untagged", test_handle_zero_and_untagged());
    RUN("api/handle_tags_distinct_after_free", test_handle_tags_distinct_after_free());
    RUN("api/plan_outlives_graph_plans_freed_in_order", test_plan_outlives_graph_plans_freed_in_order());
    RUN("api/plan_outlives_graph_plans_freed_reversed", test_plan_outlives_graph_plans_freed_reversed());
    RUN("api/plan_freed_before_graph_releases_all", test_plan_freed_before_graph_releases_all());
    RUN("api/bind_bytes_checks_size_and_alignment", test_bind_bytes_checks_size_and_alignment());
}
