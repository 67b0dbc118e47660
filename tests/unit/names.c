/* suite_names: node names, scopes, names in messages and dumps, the graph's variables */

static int test_names_roundtrip_and_scopes(void) {
    gir_graph *g = gir_graph_new(NULL);
    gir_node x, w, b, h;
    CHECK(g, "no graph");
    x = gir_name(g, gir_input(g, GIR_DTYPE_F32, gir_shape2(2, 3)), "x");
    CHECK(gir_graph_push_scope(g, "layer1") == GIR_OK && !strcmp(gir_graph_scope(g), "layer1"), "scope '%s'", gir_graph_scope(g));
    w = gir_name(g, gir_variable(g, GIR_DTYPE_F32, gir_shape2(3, 4), NULL), "w");
    CHECK(gir_graph_push_scope(g, "inner/deep") == GIR_OK && !strcmp(gir_graph_scope(g), "layer1/inner/deep"), "nested '%s'",
          gir_graph_scope(g));
    b = gir_name(g, gir_variable(g, GIR_DTYPE_F32, gir_shape1(4), NULL), "b");
    gir_graph_pop_scope(g);
    CHECK(!strcmp(gir_graph_scope(g), "layer1"), "after one pop '%s'", gir_graph_scope(g));
    gir_graph_pop_scope(g);
    gir_graph_pop_scope(g);                       /* at the top: nothing happens */
    CHECK(!strcmp(gir_graph_scope(g), ""), "after pops '%s'", gir_graph_scope(g));
    h = gir_add(g, gir_matmul(g, x, w), b);
    CHECK(gir_graph_status(g) == GIR_OK, "%s", gir_graph_message(g));
    CHECK(!strcmp(gir_node_name(g, x), "x") && !strcmp(gir_node_name(g, w), "layer1/w") &&
          !strcmp(gir_node_name(g, b), "layer1/inner/deep/b") && !strcmp(gir_node_name(g, h), ""),
          "names '%s' '%s' '%s' '%s'", gir_node_name(g, x), gir_node_name(g, w), gir_node_name(g, b), gir_node_name(g, h));
    CHECK(gir_graph_find(g, "layer1/w").id == w.id && gir_graph_find(g, "layer1/inner/deep/b").id == b.id, "find");
    CHECK(!gir_graph_find(g, "w").id && !gir_graph_find(g, "").id && !gir_graph_find(g, NULL).id && !gir_graph_find(NULL, "x").id, "find misses");
    CHECK(gir_name(g, h, "out").id == h.id && gir_name(g, h, "out").id == h.id, "naming twice the same");
    CHECK(gir_name(g, h, "y").id == h.id && !gir_graph_find(g, "out").id && gir_graph_find(g, "y").id == h.id, "rename");
    CHECK(gir_name(g, x, "out").id == x.id, "a freed name is reusable");
    CHECK(!strcmp(gir_node_name(g, gir_node_input(g, h, 1)), "layer1/inner/deep/b"), "via introspection");
    gir_graph_free(g);
    return 1;
}

static int test_names_errors_leave_graph_usable(void) {
    gir_graph *g = gir_graph_new(NULL), *o = gir_graph_new(NULL);
    gir_node x, y, foreign;
    char longname[GIR_MAX_NAME + 2];
    static const char *const bad[] = {"", "/a", "a/", "a//b", "a b", "a\"b", "x\n", "tab\t"};
    size_t k;
    CHECK(g && o, "no graph");
    x = gir_name(g, gir_input(g, GIR_DTYPE_F64, gir_shape1(3)), "x");
    y = gir_input(g, GIR_DTYPE_F64, gir_shape1(3));
    CHECK(!gir_name(g, y, "x").id && gir_graph_status(g) == GIR_ERR_INVALID_ARG &&
          strstr(gir_graph_message(g), "'x' is already node 1 'x'"), "duplicate: %s", gir_graph_message(g));
    CHECK(!strcmp(gir_node_name(g, y), "") && gir_graph_find(g, "x").id == x.id, "the failed name changed something");
    for (k = 0; k < sizeof bad / sizeof *bad; ++k) {
        gir_graph_clear_error(g);
        CHECK(!gir_name(g, y, bad[k]).id && gir_graph_status(g) == GIR_ERR_INVALID_ARG &&
              strstr(gir_graph_message(g), "name: node 2"), "bad name %d: %s", (int)k, gir_graph_message(g));
        CHECK(gir_graph_push_scope(g, bad[k]) == GIR_ERR_INVALID_ARG && !strcmp(gir_graph_scope(g), ""), "bad scope %d", (int)k);
    }
    memset(longname, 'a', sizeof longname);
    longname[GIR_MAX_NAME] = 0;
    gir_graph_clear_error(g);
    CHECK(gir_name(g, y, longname).id == y.id, "a name of GIR_MAX_NAME characters: %s", gir_graph_message(g));
    longname[GIR_MAX_NAME] = 'a'; longname[GIR_MAX_NAME + 1] = 0;
    CHECK(!gir_name(g, y, longname).id && strstr(gir_graph_message(g), "longer than GIR_MAX_NAME"), "too long: %s",
          gir_graph_message(g));
    gir_graph_clear_error(g);
    CHECK(gir_graph_push_scope(g, "s") == GIR_OK, "scope");
    longname[GIR_MAX_NAME - 1] = 0;                /* fits alone, not behind "s/" */
    CHECK(!gir_name(g, y, longname).id && strstr(gir_graph_message(g), "longer than GIR_MAX_NAME"), "scoped too long");
    gir_graph_pop_scope(g);
    gir_graph_clear_error(g);
    CHECK(!gir_name(g, y, NULL).id && strstr(gir_graph_message(g), "NULL"), "NULL name: %s", gir_graph_message(g));
    gir_graph_clear_error(g);
    foreign = gir_input(o, GIR_DTYPE_F64, gir_shape1(3));
    CHECK(!gir_name(g, foreign, "f").id && gir_graph_status(g) == GIR_ERR_HANDLE, "foreign: %s", gir_graph_message(g));
    gir_graph_clear_error(g);
    CHECK(!gir_name(g, gir_node_input(g, x, 0), "z").id && gir_graph_status(g) == GIR_OK, "{0} is quiet");
    for (k = 0; k < GIR_MAX_SCOPE_DEPTH; ++k) CHECK(gir_graph_push_scope(g, "d") == GIR_OK, "depth %d", (int)k);
    CHECK(gir_graph_push_scope(g, "d") == GIR_ERR_INVALID_ARG && strstr(gir_graph_message(g), "GIR_MAX_SCOPE_DEPTH"),
          "too deep: %s", gir_graph_message(g));
    for (k = 0; k < GIR_MAX_SCOPE_DEPTH; ++k) gir_graph_pop_scope(g);
    gir_graph_clear_error(g);
    {   /* still builds, compiles and runs */
        gir_node s = gir_name(g, gir_add(g, x, y), "sum");
        gir_plan *p = NULL;
        double a[3] = {1, 2, 3}, b[3] = {10, 20, 30};
        CHECK(gir_plan_compile(g, 1, &s, NULL, &p) == GIR_OK, "compile: %s", gir_graph_message(g));
        gir_plan_bind(p, x, a);
        gir_plan_bind(p, y, b);
        CHECK(gir_plan_run(p) == GIR_OK && ((const double *)gir_plan_data(p, s))[2] == 33, "run");
        gir_plan_free(p);
    }
    gir_graph_free(g);
    gir_graph_free(o);
    return 1;
}

/* names and scopes reach the messages: builder errors inside a scope, bind/run/grad errors naming nodes */
static int test_names_in_messages(void) {
    gir_graph *g = gir_graph_new(NULL);
    gir_node x, w, y, l, dl, bad;
    gir_plan *p = NULL;
    float xv[6] = {0};
    CHECK(g, "no graph");
    x = gir_name(g, gir_input(g, GIR_DTYPE_F32, gir_shape2(2, 3)), "images");
    gir_graph_push_scope(g, "dense1");
    w = gir_name(g, gir_variable(g, GIR_DTYPE_F32, gir_shape2(4, 5), NULL), "w");
    bad = gir_matmul(g, x, w);
    CHECK(!bad.id && strstr(gir_graph_message(g), "matmul") && strstr(gir_graph_message(g), "(in scope dense1)"),
          "scope in a builder error: %s", gir_graph_message(g));
    gir_graph_pop_scope(g);
    gir_graph_clear_error(g);
    y = gir_name(g, gir_sum(g, x, gir_ints0(), 0), "total");
    CHECK(gir_grad(g, x, 1, &x, &dl) != GIR_OK && strstr(gir_graph_message(g), "node 1 'images'") &&
          !strstr(gir_graph_message(g), "scope"), "grad: %s", gir_graph_message(g));
    gir_graph_clear_error(g);
    l = gir_name(g, gir_argmax(g, x, 1, 0), "guess");
    CHECK(gir_plan_compile(g, 1, &y, NULL, &p) == GIR_OK, "compile: %s", gir_graph_message(g));
    CHECK(gir_plan_run(p) == GIR_ERR_UNBOUND && strstr(gir_plan_message(p), "input node 1 'images'"), "unbound: %s",
          gir_plan_message(p));
    CHECK(gir_plan_bind_bytes(p, x, xv, 5) != GIR_OK && strstr(gir_plan_message(p), "'images'"), "bind: %s",
          gir_plan_message(p));
    CHECK(gir_plan_bind(p, l, xv) != GIR_OK && strstr(gir_plan_message(p), "'guess' (argmax) is not an input"),
          "bind a non-input: %s", gir_plan_message(p));
    gir_plan_free(p);
    gir_graph_free(g);
    return 1;
}

#ifndef GIR_NO_STDIO
static int test_names_in_dump(void) {
    gir_graph *g = gir_graph_new(NULL);
    FILE *f = tmpfile();
    char buf[4096];
    size_t n;
    CHECK(g && f, "setup");
    gir_graph_push_scope(g, "enc");
    gir_name(g, gir_variable(g, GIR_DTYPE_F32, gir_shape1(2), NULL), "bias");
    gir_graph_pop_scope(g);
    gir_sum(g, gir_leaky_relu(g, gir_input(g, GIR_DTYPE_F64, gir_shape2(3, 4)), 0.25), gir_ints1(1), 1);
    gir_graph_dump(g, f);
    rewind(f);
    n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = 0;
    fclose(f);
    gir_graph_free(g);
    CHECK(strstr(buf, "'enc/bias'"), "dump: %.200s", buf);
    CHECK(strstr(buf, "{alpha=0.25}") && strstr(buf, "{axes=[1], keepdims=1}") &&
          strstr(buf, "{dtype=f64, shape=[3,4]}"), "attributes: %.400s", buf);
    return 1;
}
#endif

static int test_graph_variables_enumerated_in_order(void) {
    gir_graph *g = gir_graph_new(NULL);
    gir_node v[3];
    float init[6] = {1, 2, 3, 4, 5, 6};
    int k;
    CHECK(g, "no graph");
    CHECK(gir_graph_variable_count(g) == 0 && !gir_graph_variable(g, 0).id, "empty");
    gir_input(g, GIR_DTYPE_F32, gir_shape1(2));
    v[0] = gir_name(g, gir_variable(g, GIR_DTYPE_F32, gir_shape2(2, 3), init), "a");
    gir_constant(g, GIR_DTYPE_F32, gir_shape1(2), init);
    v[1] = gir_variable(g, GIR_DTYPE_F64, gir_shape0(), NULL);
    gir_tanh(g, v[0]);
    v[2] = gir_name(g, gir_variable(g, GIR_DTYPE_I32, gir_shape1(4), NULL), "steps");
    CHECK(gir_graph_variable_count(g) == 3, "count %d", gir_graph_variable_count(g));
    for (k = 0; k < 3; ++k) CHECK(gir_graph_variable(g, k).id == v[k].id, "variable %d", k);
    CHECK(!gir_graph_variable(g, 3).id && !gir_graph_variable(g, -1).id && !gir_graph_variable(NULL, 0).id, "out of range");
    CHECK(gir_node_dtype(g, gir_graph_variable(g, 1)) == GIR_DTYPE_F64 &&
          gir_node_shape(g, gir_graph_variable(g, 0)).dim[1] == 3 &&
          !strcmp(gir_node_name(g, gir_graph_variable(g, 2)), "steps"), "what the handles give");
    CHECK(gir_graph_variable_count(NULL) == 0, "NULL graph");
    gir_graph_free(g);
    return 1;
}

/* an optimizer's state and batch norm's running statistics are named after their owners */
static int test_names_of_builder_state(void) {
    gir_graph *g = gir_graph_new(NULL);
    gir_node x, w, b, gam, bet, y, l, lr, gr[2], p[2], up[GIR_OPTIM_MAX_UPDATES(2)], run[2];
    gir_optim_desc d = gir_optim_defaults(GIR_OPTIM_ADAM);
    int n, k;
    static const char *const want[] = {"dense/w", "dense/w/exp_avg", "dense/w/exp_avg_sq", "", "", "", "dense/w/step"};
    CHECK(g, "no graph");
    x = gir_input(g, GIR_DTYPE_F64, gir_shape2(4, 3));
    gir_graph_push_scope(g, "dense");
    w = gir_name(g, gir_variable(g, GIR_DTYPE_F64, gir_shape2(3, 2), NULL), "w");
    gir_graph_pop_scope(g);
    b = gir_variable(g, GIR_DTYPE_F64, gir_shape1(2), NULL);          /* unnamed: its state stays unnamed */
    gam = gir_name(g, gir_ones(g, GIR_DTYPE_F64, gir_shape1(2)), "bn/gamma");
    bet = gir_zeros(g, GIR_DTYPE_F64, gir_shape1(2));
    y = gir_batch_norm_running(g, gir_add(g, gir_matmul(g, x, w), b), gam, bet, 0.1, 1e-5, run);
    l = gir_sum(g, gir_square(g, y), gir_ints0(), 0);
    p[0] = w; p[1] = b;
    CHECK(gir_grad(g, l, 2, p, gr) == GIR_OK, "grad: %s", gir_graph_message(g));
    lr = gir_input(g, GIR_DTYPE_F64, gir_shape0());
    n = gir_optim_updates(g, &d, 2, p, gr, lr, up);
    CHECK(n == 7, "%d updates: %s", n, gir_graph_message(g));
    for (k = 0; k < n; ++k) {
        const char *nm = gir_node_name(g, gir_node_input(g, up[k], 0));
        CHECK(!strcmp(nm, want[k]), "update %d writes '%s', want '%s'", k, nm, want[k]);
    }
    CHECK(!strcmp(gir_node_name(g, run[0]), "bn/gamma/running_mean") &&
          !strcmp(gir_node_name(g, run[1]), "bn/gamma/running_var"), "running stats '%s' '%s'",
          gir_node_name(g, run[0]), gir_node_name(g, run[1]));
    /* a second optimizer over the same parameter would reuse the names: an error, graph usable */
    CHECK(gir_optim_updates(g, &d, 1, p, gr, lr, up) == 0 && strstr(gir_graph_message(g), "'dense/w/step' is already"),
          "second optimizer: %s", gir_graph_message(g));
    gir_graph_clear_error(g);
    CHECK(gir_optim_updates(g, &d, 1, p + 1, gr + 1, lr, up) == 4, "unnamed parameter: %s", gir_graph_message(g));
    gir_graph_free(g);
    return 1;
}

/* GIR_OPS(X) lists every op of the table once, in enum order, with its builder and group */
#define GIR_T_OP_ROW(NAME, name, GROUP) {GIR_OP_##NAME, #name, GIR_GROUP_##GROUP},
static int test_ops_xmacro_lists_the_table(void) {
    static const struct { gir_op op; const char *name; gir_group group; } rows[] = {GIR_OPS(GIR_T_OP_ROW)};
    size_t k, n = sizeof rows / sizeof rows[0];
    CHECK(n == (size_t)GIR_OP__COUNT - 1, "%d rows for %d ops", (int)n, (int)GIR_OP__COUNT - 1);
    for (k = 0; k < n; ++k)
        CHECK(rows[k].op == (gir_op)(k + 1) && !strcmp(gir_op_name(rows[k].op), rows[k].name) &&
              gir_op_group(rows[k].op) == rows[k].group, "row %d: %s", (int)k, rows[k].name);
    return 1;
}
#undef GIR_T_OP_ROW

static void suite_names(void) {
    RUN("names/ops_xmacro_lists_the_table", test_ops_xmacro_lists_the_table());
    RUN("names/roundtrip_and_scopes", test_names_roundtrip_and_scopes());
    RUN("names/errors_leave_graph_usable", test_names_errors_leave_graph_usable());
    RUN("names/in_messages", test_names_in_messages());
#ifndef GIR_NO_STDIO
    RUN("names/in_dump", test_names_in_dump());
#endif
    RUN("names/graph_variables_enumerated_in_order", test_graph_variables_enumerated_in_order());
    RUN("names/of_builder_state", test_names_of_builder_state());
}
