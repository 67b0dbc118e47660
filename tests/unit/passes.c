/* unit/passes.c - the compile passes (common-subexpression elimination, algebraic simplification, dead nodes):
 * plans with the passes give the same bytes as plans without them (GIR_COMPILE_NO_CSE | GIR_COMPILE_NO_SIMPLIFY)
 * for every op of the table (with a duplicate of the op's node, and gradients), each rule fires where it may and
 * not where it must not, repeated gradients share values, derivatives of orders 1 to 4, an MLP training step
 * trained for a few steps both ways, and compiling under failing allocations. Included by unit/main.c. */

#define PS_OFF (GIR_COMPILE_NO_CSE | GIR_COMPILE_NO_SIMPLIFY)
static gir_status ps_compile(gir_graph *g, int n, const gir_node *outs, unsigned flags, gir_plan **p) {
    gir_compile_desc d;
    memset(&d, 0, sizeof d);
    d.flags = flags;
    *p = NULL;
    return gir_plan_compile(g, n, outs, &d, p);
}
static size_t ps_bytes(gir_graph *g, gir_node y) {
    return (size_t)gir_node_numel(g, y) * gir_dtype_size(gir_node_dtype(g, y));
}
/* outs have the same bytes in plans a and b (both run) */
static int ps_same(gir_graph *g, gir_plan *a, gir_plan *b, int n, const gir_node *outs) {
    int k;
    for (k = 0; k < n; ++k) {
        const void *x = gir_plan_data(a, outs[k]), *y = gir_plan_data(b, outs[k]);
        size_t nb = ps_bytes(g, outs[k]);
        CHECK(nb == 0 || (x && y), "output %d (node %u, %s): no data (%p, %p)", k, (unsigned)outs[k].id,
              gir_op_name(gir_node_op(g, outs[k])), x, y);
        CHECK(nb == 0 || !memcmp(x, y, nb), "output %d (node %u, %s): bytes differ with and without the passes", k,
              (unsigned)outs[k].id, gir_op_name(gir_node_op(g, outs[k])));
    }
    return 1;
}
/* compiles outs with the passes and without, binds inputs in[k] to buf[k], runs both and compares; *on, *off:
   the plans (the caller frees them) */
static int ps_both(gir_graph *g, int n, const gir_node *outs, int nin, const gir_node *in, void *const *buf,
                   unsigned extra, gir_plan **on, gir_plan **off) {
    int k;
    *on = *off = NULL;
    CHECK(ps_compile(g, n, outs, extra, on) == GIR_OK, "compile: %s", gir_graph_message(g));
    CHECK(ps_compile(g, n, outs, extra | PS_OFF, off) == GIR_OK, "compile without passes: %s", gir_graph_message(g));
    for (k = 0; k < nin; ++k)
        if (gir_node_op(g, in[k]) == GIR_OP_INPUT) {
            CHECK(gir_plan_bind(*on, in[k], buf[k]) == GIR_OK, "bind: %s", gir_plan_message(*on));
            CHECK(gir_plan_bind(*off, in[k], buf[k]) == GIR_OK, "bind: %s", gir_plan_message(*off));
        }
    CHECK(gir_plan_run(*on) == GIR_OK, "run: %s", gir_plan_message(*on));
    CHECK(gir_plan_run(*off) == GIR_OK, "run without passes: %s", gir_plan_message(*off));
    CHECK(gir_plan_query_stats(*off).merged == 0 && gir_plan_query_stats(*off).simplified == 0 &&
          gir_plan_query_stats(*off).dead == 0, "passes counted with the passes off");
    CHECK(gir_plan_query_stats(*on).values <= gir_plan_query_stats(*off).values, "more values with the passes (%d > %d)",
          gir_plan_query_stats(*on).values, gir_plan_query_stats(*off).values);
    return ps_same(g, *on, *off, n, outs);
}

/* one golden case of an op: its node y, the same node built again (y2), and the gradients of a weighted sum of y
   when the op is differentiable. With the passes y2 shares y's value unless the op may not be merged. */
static int ps_case(const gcase *c) {
    built b;
    gir_op op = gir_op_from_name(c->op);
    gir_node outs[12], y2 = {0, 0};
    gir_plan *on = NULL, *off = NULL;
    gir_attr a = c->attr;
    int n = 1, k, wk[8], nw, ok, dup = op != GIR_OP_INPUT && op != GIR_OP_ASSIGN;
    if (!build_case(c, 0, &b)) { built_free(&b); return 0; }
    outs[0] = b.y;
    if (dup) {
        if (c->has_data) a.data = b.data;
        y2 = gir_op_build(b.g, op, c->nin, b.in, &a);
        outs[n++] = y2;
    }
    if (gradable(c)) {
        gir_node wrt[8], loss = weighted_sum(b.g, gir_cast(b.g, b.y, GIR_DTYPE_F64), 7u);
        nw = grad_inputs(c, wk);
        for (k = 0; k < nw; ++k) wrt[k] = b.in[wk[k]];
        if (gir_grad(b.g, loss, nw, wrt, outs + n) == GIR_OK) n += nw;
    }
    CHECK(gir_graph_status(b.g) == GIR_OK, "build: %s", gir_graph_message(b.g));
    ok = ps_both(b.g, n, outs, c->nin, b.in, b.buf, 0u, &on, &off);
    if (ok && dup) {
        int merge = op != GIR_OP_VARIABLE && !gir_op_is_random(op);
        int got = gir_plan_query_stats(on).merged + gir_plan_query_stats(on).simplified;
        int shared = gir_plan_data(on, y2) == gir_plan_data(on, b.y);
        if (merge && (!shared || got < 1))
            { snprintf(why, sizeof why, "the duplicate was not merged (%d merged, %d simplified)",
                       gir_plan_query_stats(on).merged, gir_plan_query_stats(on).simplified); ok = 0; }
        if (!merge && (shared || gir_plan_query_stats(on).merged != 0))
            { snprintf(why, sizeof why, "%s merged: %d", gir_op_name(op), gir_plan_query_stats(on).merged); ok = 0; }
        if (ok && gir_plan_data(off, y2) == gir_plan_data(off, b.y) && ps_bytes(b.g, b.y))
            { snprintf(why, sizeof why, "the duplicate shares its value without the passes"); ok = 0; }
    }
    gir_plan_free(on);
    gir_plan_free(off);
    built_free(&b);
    return ok;
}
static int test_passes_every_op(void) {
    int op, k, seen;
    for (op = 1; op < GIR_OP__COUNT; ++op) {
        for (k = 0, seen = 0; k < ncases; ++k) {
            if ((int)gir_op_from_name(cases[k].op) != op) continue;
            ++seen;
            if (!ps_case(&cases[k])) {
                char w2[sizeof why];
                snprintf(w2, sizeof w2, "%s/%s: %.900s", cases[k].op, cases[k].label, why);
                memcpy(why, w2, sizeof why);
                return 0;
            }
        }
        CHECK(seen > 0 || own_suite_of((gir_op)op), "op %s has no case", gir_op_name((gir_op)op));
    }
    return 1;
}

/* ---- the rules, one small graph each: x (f32 or i32 [2,3], with -0, inf and NaN) -> y */
static gir_node ps_mul_one(gir_graph *g, gir_node x) { return gir_mul(g, x, gir_scalar(g, gir_node_dtype(g, x), 1)); }
static gir_node ps_one_mul(gir_graph *g, gir_node x) { return gir_mul(g, gir_scalar(g, gir_node_dtype(g, x), 1), x); }
static gir_node ps_div_one(gir_graph *g, gir_node x) {
    static const float one[3] = {1, 1, 1};
    return gir_div(g, x, gir_constant(g, GIR_DTYPE_F32, gir_shape1(3), one));
}
static gir_node ps_sub_zero(gir_graph *g, gir_node x) { return gir_sub(g, x, gir_scalar(g, gir_node_dtype(g, x), 0.0)); }
static gir_node ps_add_negzero(gir_graph *g, gir_node x) { return gir_add(g, x, gir_scalar(g, gir_node_dtype(g, x), -0.0)); }
static gir_node ps_negzero_add(gir_graph *g, gir_node x) { return gir_add(g, gir_scalar(g, gir_node_dtype(g, x), -0.0), x); }
static gir_node ps_add_zero(gir_graph *g, gir_node x) { return gir_add(g, x, gir_scalar(g, gir_node_dtype(g, x), 0.0)); }
static gir_node ps_sub_negzero(gir_graph *g, gir_node x) { return gir_sub(g, x, gir_scalar(g, gir_node_dtype(g, x), -0.0)); }
static gir_node ps_mul_zeros(gir_graph *g, gir_node x) { return gir_mul(g, x, gir_zeros(g, gir_node_dtype(g, x), gir_shape2(2, 3))); }
static gir_node ps_mul_zero(gir_graph *g, gir_node x) { return gir_mul(g, x, gir_scalar(g, gir_node_dtype(g, x), 0.0)); }
static gir_node ps_add_big_zeros(gir_graph *g, gir_node x) {   /* [2,3] + zeros [4,2,3]: a larger result */
    return gir_add(g, x, gir_fill(g, gir_node_dtype(g, x), gir_shape3(4, 2, 3), -0.0));
}
static gir_node ps_neg_neg(gir_graph *g, gir_node x) { return gir_neg(g, gir_neg(g, x)); }
static gir_node ps_reshape2(gir_graph *g, gir_node x) { return gir_reshape(g, gir_reshape(g, x, gir_shape2(3, 2)), gir_shape1(6)); }
static gir_node ps_reshape_back(gir_graph *g, gir_node x) { return gir_reshape(g, gir_reshape(g, x, gir_shape1(6)), gir_shape2(2, 3)); }
static gir_node ps_transpose2(gir_graph *g, gir_node x) {
    return gir_transpose(g, gir_transpose(g, gir_reshape(g, x, gir_shape3(1, 2, 3)), gir_ints3(1, 2, 0)), gir_ints3(2, 0, 1));
}
static gir_node ps_transpose_not(gir_graph *g, gir_node x) {   /* two transposes that compose to (2, 1, 0) */
    return gir_transpose(g, gir_transpose(g, gir_reshape(g, x, gir_shape3(1, 2, 3)), gir_ints3(1, 2, 0)), gir_ints3(1, 0, 2));
}
static gir_node ps_cast_same(gir_graph *g, gir_node x) { return gir_cast(g, x, gir_node_dtype(g, x)); }
static gir_node ps_stop(gir_graph *g, gir_node x) { return gir_stop_gradient(g, x); }
static gir_node ps_bcast_same(gir_graph *g, gir_node x) { return gir_broadcast_to(g, x, gir_shape2(2, 3)); }
static gir_node ps_dropout(gir_graph *g, gir_node x) { return gir_dropout(g, x, 0.5, 11); }
static gir_node ps_two_rand(gir_graph *g, gir_node x) {
    return gir_add(g, gir_add(g, x, gir_rand_uniform(g, GIR_DTYPE_F32, gir_shape2(2, 3), 0, 1, 5)),
                   gir_rand_uniform(g, GIR_DTYPE_F32, gir_shape2(2, 3), 0, 1, 5));
}
static gir_node ps_two_dropout(gir_graph *g, gir_node x) { return gir_add(g, gir_dropout(g, x, 0.5, 3), gir_dropout(g, x, 0.5, 3)); }
static gir_node ps_two_sin(gir_graph *g, gir_node x) { return gir_add(g, gir_sin(g, x), gir_sin(g, x)); }
static gir_node ps_commuted(gir_graph *g, gir_node x) {
    gir_node t = gir_exp(g, x);
    return gir_sub(g, gir_mul(g, x, t), gir_mul(g, t, x));
}
typedef struct ps_rule {
    const char *name;
    gir_node  (*mk)(gir_graph *g, gir_node x);
    int dt, eval, simplified, merged, dead, is_x;   /* expected counts; is_x: y's data is x's */
} ps_rule;
static const ps_rule ps_rules[] = {
    {"x*1", ps_mul_one, GIR_DTYPE_F32, 0, 1, 0, 1, 1},
    {"1*x", ps_one_mul, GIR_DTYPE_F32, 0, 1, 0, 1, 1},
    {"x*1 i32", ps_mul_one, GIR_DTYPE_I32, 0, 1, 0, 1, 1},
    {"x/1 (constant [3])", ps_div_one, GIR_DTYPE_F32, 0, 1, 0, 1, 1},
    {"x-0", ps_sub_zero, GIR_DTYPE_F32, 0, 1, 0, 1, 1},
    {"x+(-0)", ps_add_negzero, GIR_DTYPE_F32, 0, 1, 0, 1, 1},
    {"(-0)+x", ps_negzero_add, GIR_DTYPE_F32, 0, 1, 0, 1, 1},
    {"x+0 i32", ps_add_zero, GIR_DTYPE_I32, 0, 1, 0, 1, 1},
    {"x-0 i32", ps_sub_zero, GIR_DTYPE_I32, 0, 1, 0, 1, 1},
    {"x*zeros i32 (x no longer read)", ps_mul_zeros, GIR_DTYPE_I32, 0, 1, 0, 1, 0},
    {"neg(neg x)", ps_neg_neg, GIR_DTYPE_F32, 0, 1, 0, 1, 1},
    {"neg(neg x) i32", ps_neg_neg, GIR_DTYPE_I32, 0, 1, 0, 1, 1},
    {"reshape of reshape", ps_reshape2, GIR_DTYPE_F32, 0, 0, 0, 1, 0},
    {"reshape of reshape back", ps_reshape_back, GIR_DTYPE_F32, 0, 1, 0, 1, 1},
    {"transpose of transpose", ps_transpose2, GIR_DTYPE_F32, 0, 1, 0, 1, 0},
    {"cast to its dtype", ps_cast_same, GIR_DTYPE_F32, 0, 1, 0, 0, 1},
    {"stop_gradient", ps_stop, GIR_DTYPE_F32, 0, 1, 0, 0, 1},
    {"broadcast_to its shape", ps_bcast_same, GIR_DTYPE_F32, 0, 1, 0, 0, 1},
    {"eval dropout", ps_dropout, GIR_DTYPE_F32, 1, 1, 0, 0, 1},
    {"two sin", ps_two_sin, GIR_DTYPE_F32, 0, 0, 1, 0, 0},
    {"commuted mul", ps_commuted, GIR_DTYPE_F32, 0, 0, 1, 0, 0},
    /* must not fire */
    {"x+0 f32 (+0 + -0 is +0)", ps_add_zero, GIR_DTYPE_F32, 0, 0, 0, 0, 0},
    {"x-(-0) f32", ps_sub_negzero, GIR_DTYPE_F32, 0, 0, 0, 0, 0},
    {"x*0 f32 (inf*0, NaN*0)", ps_mul_zero, GIR_DTYPE_F32, 0, 0, 0, 0, 0},
    {"x*zeros f32", ps_mul_zeros, GIR_DTYPE_F32, 0, 0, 0, 0, 0},
    {"x*0 i32 (zero broadcast)", ps_mul_zero, GIR_DTYPE_I32, 0, 0, 0, 0, 0},
    {"x+zeros broadcast larger", ps_add_big_zeros, GIR_DTYPE_F32, 0, 0, 0, 0, 0},
    {"x+zeros broadcast larger i32", ps_add_big_zeros, GIR_DTYPE_I32, 0, 0, 0, 0, 0},
    {"transposes not the identity", ps_transpose_not, GIR_DTYPE_F32, 0, 0, 0, 0, 0},
    {"training dropout", ps_dropout, GIR_DTYPE_F32, 0, 0, 0, 0, 0},
    {"two rand_uniform", ps_two_rand, GIR_DTYPE_F32, 0, 0, 0, 0, 0},
    {"two dropout", ps_two_dropout, GIR_DTYPE_F32, 0, 0, 0, 0, 0},
};
static int ps_rule_run(const ps_rule *r) {
    static const float xf[6] = {-0.0f, 1.5f, HUGE_VALF, NAN, -2.0f, 3.0f};
    static const int32_t xi[6] = {0, 7, -2147483647 - 1, -5, 2147483647, 1};
    gir_graph *g = gir_graph_new(NULL);
    gir_node x = gir_input(g, (gir_dtype)r->dt, gir_shape2(2, 3)), y = r->mk(g, x);
    gir_plan *on = NULL, *off = NULL;
    void *buf = r->dt == GIR_DTYPE_F32 ? (void *)xf : (void *)xi;
    int ok = y.id != 0 && ps_both(g, 1, &y, 1, &x, &buf, r->eval ? GIR_COMPILE_EVAL : 0u, &on, &off);
    if (!y.id) snprintf(why, sizeof why, "build: %s", gir_graph_message(g));
    if (ok) {
        int s = gir_plan_query_stats(on).simplified, m = gir_plan_query_stats(on).merged;
        int d = gir_plan_query_stats(on).dead, isx = gir_plan_data(on, y) == buf;
        if (s != r->simplified || m != r->merged || d != r->dead || isx != r->is_x) {
            snprintf(why, sizeof why, "simplified %d merged %d dead %d y-is-x %d; expected %d %d %d %d", s, m, d, isx,
                     r->simplified, r->merged, r->dead, r->is_x);
            ok = 0;
        }
        if (ok && gir_plan_query_stats(on).steps + s + m + d < gir_plan_query_stats(off).steps) {
            snprintf(why, sizeof why, "steps %d with the passes, %d without", gir_plan_query_stats(on).steps,
                     gir_plan_query_stats(off).steps);
            ok = 0;
        }
    }
    gir_plan_free(on);
    gir_plan_free(off);
    gir_graph_free(g);
    return ok;
}
static int test_passes_rules(void) {
    size_t k;
    for (k = 0; k < sizeof ps_rules / sizeof ps_rules[0]; ++k)
        if (!ps_rule_run(&ps_rules[k])) {
            char w2[sizeof why];
            snprintf(w2, sizeof w2, "%s: %.900s", ps_rules[k].name, why);
            memcpy(why, w2, sizeof why);
            return 0;
        }
    return 1;
}

/* ---- assigns: never merged; a node equal to an assigned variable's old value is not replaced by the variable */
static int test_passes_assigns(void) {
    static const float v0[3] = {1, 2, 3};
    float xv[3] = {10, 20, 30};
    gir_graph *g = gir_graph_new(NULL);
    gir_node v = gir_variable(g, GIR_DTYPE_F32, gir_shape1(3), v0), w = gir_variable(g, GIR_DTYPE_F32, gir_shape1(3), v0);
    gir_node x = gir_input(g, GIR_DTYPE_F32, gir_shape1(3)), outs[4];
    gir_plan *p = NULL;
    const float *old;
    int ok = 1;
    outs[0] = gir_mul(g, v, gir_scalar(g, GIR_DTYPE_F32, 1));            /* v's value before the update */
    outs[1] = gir_assign(g, v, gir_add(g, v, x));
    outs[2] = gir_assign(g, w, gir_add(g, v, x));                        /* the same value into another variable */
    CHECK(ps_compile(g, 3, outs, 0u, &p) == GIR_OK, "compile: %s", gir_graph_message(g));
    CHECK(gir_plan_bind(p, x, xv) == GIR_OK && gir_plan_run(p) == GIR_OK, "run: %s", gir_plan_message(p));
    old = (const float *)gir_plan_data(p, outs[0]);
    if (gir_plan_query_stats(p).simplified != 0 || !old || old[2] != 3 ||
        ((const float *)gir_plan_data(p, v))[2] != 33 || ((const float *)gir_plan_data(p, w))[2] != 33) {
        snprintf(why, sizeof why, "simplified %d, v*1 %g (want 3), v %g, w %g (want 33)",
                 gir_plan_query_stats(p).simplified, old ? old[2] : -1.0,
                 ((const float *)gir_plan_data(p, v))[2], ((const float *)gir_plan_data(p, w))[2]);
        ok = 0;
    }
    if (ok && gir_plan_query_stats(p).merged != 1)    /* the two add(v, x) */
        { snprintf(why, sizeof why, "merged %d, want 1", gir_plan_query_stats(p).merged); ok = 0; }
    gir_plan_free(p);
    p = NULL;
    /* two equal assigns of one variable stay two: the plan is refused as without the passes */
    outs[2] = gir_assign(g, v, gir_add(g, v, x));
    if (ok && ps_compile(g, 2, outs + 1, 0u, &p) != GIR_ERR_INVALID_ARG)
        { snprintf(why, sizeof why, "two assigns of one variable compiled"); ok = 0; }
    gir_plan_free(p);
    gir_graph_free(g);
    return ok;
}

/* ---- gradients: gir_grad twice on one y compiles to the values of once */
static int test_passes_grad_twice(void) {
    double xv[5] = {0.1, -0.7, 1.3, 2.0, -0.2}, wv[5] = {1, 2, -1, 0.5, 3};
    gir_graph *g = gir_graph_new(NULL);
    gir_node x = gir_input(g, GIR_DTYPE_F64, gir_shape1(5)), w = gir_input(g, GIR_DTYPE_F64, gir_shape1(5));
    gir_node y = gir_sum(g, gir_tanh(g, gir_mul(g, gir_sin(g, x), w)), gir_ints0(), 0), gr[4], in[2];
    gir_plan *once = NULL, *twice = NULL, *off = NULL;
    void *buf[2];
    int ok;
    in[0] = x; in[1] = w; buf[0] = xv; buf[1] = wv;
    CHECK(gir_grad(g, y, 2, in, gr) == GIR_OK && gir_grad(g, y, 2, in, gr + 2) == GIR_OK, "grad: %s",
          gir_graph_message(g));
    CHECK(ps_compile(g, 2, gr, 0u, &once) == GIR_OK, "compile: %s", gir_graph_message(g));
    ok = ps_both(g, 4, gr, 2, in, buf, 0u, &twice, &off);
    if (ok && gir_plan_query_stats(twice).values != gir_plan_query_stats(once).values) {
        snprintf(why, sizeof why, "twice %d values, once %d", gir_plan_query_stats(twice).values, gir_plan_query_stats(once).values);
        ok = 0;
    }
    if (ok && (gir_plan_data(twice, gr[2]) != gir_plan_data(twice, gr[0]) ||
               gir_plan_data(twice, gr[3]) != gir_plan_data(twice, gr[1]) ||
               gir_plan_query_stats(off).values <= gir_plan_query_stats(twice).values))
        { snprintf(why, sizeof why, "the second gradients do not share the first's values"); ok = 0; }
    gir_plan_free(once);
    gir_plan_free(twice);
    gir_plan_free(off);
    gir_graph_free(g);
    return ok;
}
/* derivatives of orders 1 to 4 of f(x) = x sin(x) + tanh(x)^2 (x [3]); d_k = grad(sum(d_(k-1)), x) */
static int test_passes_derivative_orders(void) {
    double xv[3] = {0.3, -1.1, 2.5};
    gir_graph *g = gir_graph_new(NULL);
    gir_node x = gir_input(g, GIR_DTYPE_F64, gir_shape1(3)), d[5];
    int k;
    void *buf = xv;
    d[0] = gir_add(g, gir_mul(g, x, gir_sin(g, x)), gir_square(g, gir_tanh(g, x)));
    for (k = 1; k <= 4; ++k) {
        gir_plan *on = NULL, *off = NULL;
        int ok;
        CHECK(gir_grad(g, gir_sum(g, d[k - 1], gir_ints0(), 0), 1, &x, &d[k]) == GIR_OK, "grad %d: %s", k,
              gir_graph_message(g));
        ok = ps_both(g, 1, &d[k], 1, &x, &buf, 0u, &on, &off);
        if (ok && verbose)
            say("     order %d: %u nodes, plan values %d with the passes, %d without (%d merged, %d simplified, "
                "%d dead)\n", k, gir_graph_node_count(g), gir_plan_query_stats(on).values, gir_plan_query_stats(off).values,
                gir_plan_query_stats(on).merged, gir_plan_query_stats(on).simplified,
                gir_plan_query_stats(on).dead);
        if (ok && k >= 2 && gir_plan_query_stats(on).values >= gir_plan_query_stats(off).values) {
            snprintf(why, sizeof why, "order %d: %d values with the passes, %d without", k, gir_plan_query_stats(on).values,
                     gir_plan_query_stats(off).values);
            ok = 0;
        }
        gir_plan_free(on);
        gir_plan_free(off);
        if (!ok) { gir_graph_free(g); return 0; }
    }
    gir_graph_free(g);
    return 1;
}

/* ---- the MLP training step of examples/mlp_digits.c (in-hid-out ReLU, SGD with momentum) */
typedef struct ps_mlp { gir_graph *g; gir_node x, y, lr, var[4], outs[2 + GIR_OPTIM_MAX_UPDATES(4)]; int nout; } ps_mlp;
static int ps_mlp_build(ps_mlp *m, const gir_allocator *al, int in, int hid, int out, int batch) {
    gir_graph_desc gd;
    gir_node grads[4], logits;
    gir_optim_desc opt = gir_optim_defaults(GIR_OPTIM_SGD);
    int k;
    memset(&gd, 0, sizeof gd);
    if (al) gd.allocator = *al;
    memset(m, 0, sizeof *m);
    if (!(m->g = gir_graph_new(&gd))) return 0;
    m->var[0] = gir_variable(m->g, GIR_DTYPE_F32, gir_shape2(in, hid), NULL);
    m->var[1] = gir_variable(m->g, GIR_DTYPE_F32, gir_shape2(1, hid), NULL);
    m->var[2] = gir_variable(m->g, GIR_DTYPE_F32, gir_shape2(hid, out), NULL);
    m->var[3] = gir_variable(m->g, GIR_DTYPE_F32, gir_shape2(1, out), NULL);
    for (k = 0; k < 4; k += 2) gir_init_layer(m->g, m->var[k], m->var[k + 1], GIR_INIT_IN_OUT, 1u + (unsigned)k);
    m->x = gir_input(m->g, GIR_DTYPE_F32, gir_shape2(batch, in));
    m->y = gir_input(m->g, GIR_DTYPE_I32, gir_shape1(batch));
    m->lr = gir_input(m->g, GIR_DTYPE_F64, gir_shape0());
    logits = gir_add(m->g, gir_matmul(m->g, gir_relu(m->g, gir_add(m->g, gir_matmul(m->g, m->x, m->var[0]), m->var[1])),
                                      m->var[2]), m->var[3]);
    opt.momentum = 0.9;
    m->outs[0] = gir_mean(m->g, gir_xent_logits(m->g, logits, m->y), gir_ints0(), 0);
    m->outs[1] = gir_sum(m->g, gir_cast(m->g, gir_eq(m->g, gir_argmax(m->g, logits, 1, 0), m->y), GIR_DTYPE_I32),
                         gir_ints0(), 0);
    if (gir_grad(m->g, m->outs[0], 4, m->var, grads) != GIR_OK) return 0;
    m->nout = 2 + gir_optim_updates(m->g, &opt, 4, m->var, grads, m->lr, m->outs + 2);
    return gir_graph_status(m->g) == GIR_OK;
}
static int test_passes_mlp_training(void) {
    enum { IN = 13, HID = 17, OUT = 5, B = 9, STEPS = 6 };
    static float xb[B * IN];
    int32_t yb[B];
    double lr = 0.05;
    ps_mlp a, b;
    gir_plan *pa = NULL, *pb = NULL;
    unsigned st = 5u;
    int k, s, ok = 1;
    if (!ps_mlp_build(&a, NULL, IN, HID, OUT, B) || !ps_mlp_build(&b, NULL, IN, HID, OUT, B)) {
        snprintf(why, sizeof why, "build: %s %s", gir_graph_message(a.g), gir_graph_message(b.g));
        ok = 0;
    }
    if (ok && (ps_compile(a.g, a.nout, a.outs, 0u, &pa) != GIR_OK || ps_compile(b.g, b.nout, b.outs, PS_OFF, &pb) != GIR_OK))
        { snprintf(why, sizeof why, "compile: %s %s", gir_graph_message(a.g), gir_graph_message(b.g)); ok = 0; }
    if (ok) {
        gir_plan_bind(pa, a.x, xb); gir_plan_bind(pa, a.y, yb); gir_plan_bind(pa, a.lr, &lr);
        gir_plan_bind(pb, b.x, xb); gir_plan_bind(pb, b.y, yb); gir_plan_bind(pb, b.lr, &lr);
        if (verbose)
            say("     mlp %d-%d-%d: plan values %d with the passes, %d without (%d merged, %d simplified, %d dead)\n",
                IN, HID, OUT, gir_plan_query_stats(pa).values, gir_plan_query_stats(pb).values, gir_plan_query_stats(pa).merged,
                gir_plan_query_stats(pa).simplified, gir_plan_query_stats(pa).dead);
        if (gir_plan_query_stats(pa).values >= gir_plan_query_stats(pb).values)
            { snprintf(why, sizeof why, "the passes took nothing out (%d values)", gir_plan_query_stats(pa).values); ok = 0; }
    }
    for (s = 0; ok && s < STEPS; ++s) {
        double la, lb;
        for (k = 0; k < B * IN; ++k) xb[k] = (float)frand(&st);
        for (k = 0; k < B; ++k) yb[k] = (int32_t)((st = st * 1103515245u + 12345u) >> 16) % OUT;
        if (gir_plan_run(pa) != GIR_OK || gir_plan_run(pb) != GIR_OK)
            { snprintf(why, sizeof why, "run: %s %s", gir_plan_message(pa), gir_plan_message(pb)); ok = 0; break; }
        la = gir_plan_scalar(pa, a.outs[0]);
        lb = gir_plan_scalar(pb, b.outs[0]);
        if (memcmp(&la, &lb, sizeof la))
            { snprintf(why, sizeof why, "step %d: loss %.17g with the passes, %.17g without", s, la, lb); ok = 0; }
        for (k = 1; ok && k < a.nout; ++k)
            if (memcmp(gir_plan_data(pa, a.outs[k]), gir_plan_data(pb, b.outs[k]), ps_bytes(a.g, a.outs[k])))
                { snprintf(why, sizeof why, "step %d: output %d differs", s, k); ok = 0; }
        if (verbose && ok) say("     step %d: loss %.9g (both)\n", s, la);
    }
    for (k = 0; ok && k < 4; ++k)
        if (memcmp(gir_plan_data(pa, a.var[k]), gir_plan_data(pb, b.var[k]), ps_bytes(a.g, a.var[k])))
            { snprintf(why, sizeof why, "parameter %d differs after training", k); ok = 0; }
    gir_plan_free(pa);
    gir_plan_free(pb);
    gir_graph_free(a.g);
    gir_graph_free(b.g);
    return ok;
}
/* every allocation of building and compiling with the passes failing in turn (the CSE table among them) */
static gir_status ps_oom_job(const gir_allocator *al, int *done) {
    ps_mlp m;
    gir_plan *p = NULL;
    gir_status s;
    *done = 0;
    if (!ps_mlp_build(&m, al, 4, 3, 2, 2)) {
        s = m.g ? gir_graph_status(m.g) : GIR_ERR_OUT_OF_MEMORY;
        gir_graph_free(m.g);
        return s == GIR_OK ? GIR_ERR_OUT_OF_MEMORY : s;
    }
    s = gir_plan_compile(m.g, m.nout, m.outs, NULL, &p);
    if (s == GIR_OK && gir_plan_query_stats(p).merged + gir_plan_query_stats(p).simplified > 0)
        *done = 1;
    gir_plan_free(p);
    gir_graph_free(m.g);
    return s;
}
static int test_passes_oom(void) { return oom_sweep(ps_oom_job); }

static void suite_passes(void) {
    RUN("passes/every_op_with_and_without", test_passes_every_op());
    RUN("passes/rules_fire_and_do_not", test_passes_rules());
    RUN("passes/assigns_not_merged", test_passes_assigns());
    RUN("passes/grad_twice_same_values", test_passes_grad_twice());
    RUN("passes/derivative_orders_1_to_4", test_passes_derivative_orders());
    RUN("passes/mlp_training_identical", test_passes_mlp_training());
    RUN("passes/compile_oom_sweep", test_passes_oom());
}
