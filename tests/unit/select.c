/* unit/select.c - selective builds (gen/30-base/select.c): the generated keep-rules of GIR_ONLY_OPS must keep every op that
 * the adjoint of a kept op builds. The rules are read from gir.h itself (the `#elif defined(GIR_ONLY_OPS) && !(...)`
 * line of each op) and checked against the nodes gir_vjp really builds for each differentiable op of the full
 * build. The selective builds themselves are compiled and run by tests/size/selective.c (make size-check).
 * Included by unit/main.c (uses CHECK/FAILF). */

enum { SZ_MAXOP = 512 };
typedef struct sz_rules {
    char keep[SZ_MAXOP][SZ_MAXOP];   /* keep[y][x]: GIR_ONLY_OPS keeps y when x is wanted (gradients on) */
    char core[SZ_MAXOP];             /* y is kept whenever gradients are on */
    char seen[SZ_MAXOP];             /* y has a rule line */
} sz_rules;

static int sz_op_of(const char *upper, size_t len) {
    char low[64];
    size_t k;
    if (len >= sizeof low) return 0;
    for (k = 0; k < len; ++k) low[k] = (char)(upper[k] >= 'A' && upper[k] <= 'Z' ? upper[k] - 'A' + 'a' : upper[k]);
    low[len] = 0;
    return (int)gir_op_from_name(low);
}

/* reads the rules from gir.h; 0 when the file cannot be read */
static int sz_read_rules(sz_rules *r) {
    FILE *f = fopen("gir.h", "r");
    char line[8192];
    int cur = 0;
    if (!f) return 0;
    memset(r, 0, sizeof *r);
    while (fgets(line, sizeof line, f)) {
        const char *p;
        if (strncmp(line, "#if defined(GIR_NO_OP_", 22) == 0) {
            const char *e = strchr(line + 22, ')');
            cur = e ? sz_op_of(line + 22, (size_t)(e - (line + 22))) : 0;
            continue;
        }
        if (!cur || strncmp(line, "#elif defined(GIR_ONLY_OPS) && !(", 33) != 0) continue;
        r->seen[cur] = 1;
        for (p = strstr(line, "GIR_WITH_OP_"); p; p = strstr(p + 1, "GIR_WITH_OP_")) {
            const char *e = strchr(p + 12, ')');
            int x = e ? sz_op_of(p + 12, (size_t)(e - (p + 12))) : 0;
            if (x > 0 && x < SZ_MAXOP) r->keep[cur][x] = 1;
        }
        if (strstr(line, "|| !defined(GIR_ONLY_OPS_NO_GRAD))")) r->core[cur] = 1;
        cur = 0;
    }
    fclose(f);
    return 1;
}

/* builds op x on [4, 4] f32 inputs (attributes zero), its vector-Jacobian product, and checks that every op the
   product built is kept with x; 1: checked, 0: failed (why), -1: x cannot be built or differentiated this way */
static int sz_check_op(const sz_rules *r, int x, char *msg, size_t cap) {
    gir_graph *g = gir_graph_new(NULL);
    gir_node in[8], y, ct, dx[8];
    gir_attr a;
    int np = gir_op_parent_count((gir_op)x), k, res = 1;
    uint32_t first, last, id;
    if (!g) return 0;
    if (np < 1 || np > 3 || gir_op_arg_count((gir_op)x) != 0 || !gir_op_differentiable((gir_op)x)) {
        gir_graph_free(g);
        return -1;
    }
    for (k = 0; k < np; ++k) in[k] = gir_input(g, GIR_DTYPE_F32, gir_shape2(4, 4));
    gir_attr_zero(&a);
    y = gir_op_build(g, (gir_op)x, np, in, &a);
    ct = y.id ? gir_input(g, GIR_DTYPE_F32, gir_node_shape(g, y)) : y;
    first = gir_graph_node_count(g) + 1;
    if (!y.id || gir_vjp(g, 1, &y, &ct, np, in, dx) != GIR_OK) {
        gir_graph_free(g);
        return -1;
    }
    last = gir_graph_node_count(g);
    for (id = first; id <= last && res == 1; ++id) {
        gir_node h = gir_graph_input(g, 0);
        int op;
        h.id = id;
        op = (int)gir_node_op(g, h);
        if (op == x || r->core[op] || r->keep[op][x]) continue;
        snprintf(msg, cap, "the adjoint of %s builds %s (node %u), which GIR_ONLY_OPS with GIR_WITH_OP_%s leaves out",
                 gir_op_name((gir_op)x), gir_op_name((gir_op)op), (unsigned)id, gir_op_name((gir_op)x));
        res = 0;
    }
    gir_graph_free(g);
    return res;
}

static int test_size_only_ops_keeps_what_adjoints_build(void) {
    static sz_rules r;
    char msg[256];
    int x, checked = 0;
    CHECK((int)GIR_OP__COUNT < (int)SZ_MAXOP, "too many ops for the test's table");
    CHECK(sz_read_rules(&r), "cannot read gir.h (run from the repository root)");
    for (x = 1; x < GIR_OP__COUNT; ++x) CHECK(r.seen[x], "gir.h has no GIR_ONLY_OPS rule for %s", gir_op_name((gir_op)x));
    for (x = 1; x < GIR_OP__COUNT; ++x) {
        int c = sz_check_op(&r, x, msg, sizeof msg);
        CHECK(c != 0, "%s", msg);
        checked += c == 1;
    }
    CHECK(checked >= 40, "only %d ops could be checked", checked);
    return 1;
}

/* the full build keeps every op: no op is reported left out, and a status name exists for the error */
static int test_size_full_build_keeps_every_op(void) {
    int x;
    for (x = 1; x < GIR_OP__COUNT; ++x) CHECK(!gir__op_absent[x], "%s is left out of the full build", gir_op_name((gir_op)x));
    CHECK(strcmp(gir_status_name(GIR_ERR_NOT_BUILT), "op not in this build") == 0, "status name: %s",
          gir_status_name(GIR_ERR_NOT_BUILT));
    return 1;
}

static void suite_select(void) {
    RUN("size/only_ops_keeps_what_adjoints_build", test_size_only_ops_keeps_what_adjoints_build());
    RUN("size/full_build_keeps_every_op", test_size_full_build_keeps_every_op());
}
