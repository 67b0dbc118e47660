/* trainer.c - gir_train_compile (gen/90-library/trainer.c) and the layers (gen/90-library/layers.c): the one-call
   plan trains bit for bit as the explicit pieces do, finds the trainable variables (not optimizer state nor
   running statistics), honours a scope; the mistakes it exists to prevent are errors; layers name and draw
   their parameters as documented. */

/* a 6-5-3 MLP on a fixed batch of 4, f64, with batch norm on the hidden layer: x, labels, the loss */
typedef struct tr_mlp { gir_graph *g; gir_node x, y, loss, hidden; } tr_mlp;
static void tr_mlp_build(tr_mlp *m, uint64_t seed) {
    gir_graph *g = m->g = gir_graph_new(NULL);
    gir_node h, gamma = gir_name(g, gir_ones(g, GIR_DTYPE_F64, gir_shape1(5)), "bn/gamma");
    m->x = gir_input(g, GIR_DTYPE_F64, gir_shape2(4, 6));
    m->y = gir_input(g, GIR_DTYPE_I32, gir_shape1(4));
    h = gir_dense(g, m->x, 5, "fc1", seed);
    h = gir_batch_norm_running(g, h, gamma, gir_zeros(g, GIR_DTYPE_F64, gir_shape1(5)), 0.1, 1e-5, NULL);
    m->hidden = gir_tanh(g, h);
    m->loss = gir_mean(g, gir_xent_logits(g, gir_dense(g, m->hidden, 3, "head", seed), m->y), gir_ints0(), 0);
}
static const double tr_x[24] = {0.1, -0.3, 0.5, 0.7, -0.2, 0.4, 0.9, 0.2, -0.6, 0.3, 0.8, -0.1,
                                -0.5, 0.6, 0.1, -0.9, 0.2, 0.3, 0.4, -0.7, 0.6, 0.05, -0.4, 0.8};
static const int32_t tr_y[4] = {0, 2, 1, 2};
/* runs steps of p on the fixed batch; 0 on an error */
static int tr_run(gir_plan *p, const tr_mlp *m, int steps) {
    int k;
    if (!p || gir_plan_bind(p, m->x, tr_x) || gir_plan_bind(p, m->y, tr_y)) return 0;
    for (k = 0; k < steps; ++k)
        if (gir_plan_run(p)) return 0;
    return 1;
}
static int tr_same_var(const tr_mlp *a, const tr_mlp *b, const char *name) {
    gir_node va = gir_graph_find(a->g, name), vb = gir_graph_find(b->g, name);
    const double *pa = (const double *)gir_node_data(a->g, va), *pb = (const double *)gir_node_data(b->g, vb);
    int64_t n = gir_node_numel(a->g, va), i;
    if (!pa || !pb || n != gir_node_numel(b->g, vb)) return 0;
    for (i = 0; i < n; ++i)
        if (memcmp(&pa[i], &pb[i], sizeof(double))) return 0;
    return 1;
}
/* Adam with clipping through gir_train_compile, and through gir_grad, gir_clip_grad_norm, gir_optim_updates and
   gir_plan_compile by hand: the same bits after 6 steps, for weights, Adam state and running statistics */
static int test_trainer_matches_explicit(void) {
    static const char *const names[] = {"fc1/w", "fc1/b", "head/w", "head/b", "fc1/w/exp_avg", "head/b/exp_avg_sq",
                                        "bn/gamma/running_mean", "bn/gamma/running_var", "fc1/w/step"};
    tr_mlp a, b;
    gir_plan *pa = NULL, *pb = NULL;
    gir_train_desc t = gir_train_defaults(GIR_OPTIM_ADAM, 0.01);
    gir_node ps[4], gs[4], outs[1 + GIR_OPTIM_MAX_UPDATES(4)];
    int k, nu;
    tr_mlp_build(&a, 3);
    tr_mlp_build(&b, 3);
    t.clip_norm = 0.5;
    CHECK(gir_train_compile(a.g, a.loss, &t, &pa) == GIR_OK && pa, "train_compile: %s", gir_graph_message(a.g));
    for (k = 0; k < 4; ++k) ps[k] = gir_graph_find(b.g, names[k]);
    gir_grad(b.g, b.loss, 4, ps, gs);
    gir_clip_grad_norm(b.g, 4, gs, 0.5, gs);
    outs[0] = b.loss;
    nu = gir_optim_updates(b.g, &t.optim, 4, ps, gs, gir_scalar(b.g, GIR_DTYPE_F64, 0.01), outs + 1);
    CHECK(nu == 13 && gir_plan_compile(b.g, 1 + nu, outs, NULL, &pb) == GIR_OK, "by hand: %s", gir_graph_message(b.g));
    CHECK(tr_run(pa, &a, 6) && tr_run(pb, &b, 6), "run: %s %s", gir_plan_message(pa), gir_plan_message(pb));
    CHECK(gir_plan_scalar(pa, a.loss) == gir_plan_scalar(pb, b.loss), "losses differ");
    for (k = 0; k < (int)(sizeof names / sizeof names[0]); ++k)
        CHECK(tr_same_var(&a, &b, names[k]), "%s differs (or is missing)", names[k]);
    gir_plan_free(pa);
    gir_plan_free(pb);
    gir_graph_free(a.g);
    gir_graph_free(b.g);
    return 1;
}
/* the matching eval plan: the loss with running statistics, no update: two runs give the same loss and change
   no weight; the training plan then moves it */
static int test_trainer_eval_plan(void) {
    tr_mlp m;
    gir_plan *p = NULL, *e = NULL;
    gir_train_desc t = gir_train_defaults(GIR_OPTIM_ADAM, 0.01);
    double l1, l2;
    tr_mlp_build(&m, 2);
    t.eval = &e;
    CHECK(gir_train_compile(m.g, m.loss, &t, &p) == GIR_OK && p && e, "compile: %s", gir_graph_message(m.g));
    CHECK(tr_run(e, &m, 1), "eval: %s", gir_plan_message(e));
    l1 = gir_plan_scalar(e, m.loss);
    CHECK(tr_run(e, &m, 1), "eval again: %s", gir_plan_message(e));
    l2 = gir_plan_scalar(e, m.loss);
    CHECK(l1 == l2, "the eval plan changed something: %.17g then %.17g", l1, l2);
    CHECK(tr_run(p, &m, 3) && tr_run(e, &m, 1) && gir_plan_scalar(e, m.loss) != l1, "training did not move the eval loss");
    gir_plan_free(p);
    gir_plan_free(e);
    gir_graph_free(m.g);
    return 1;
}
/* scope "head/": only the head trains; a second trainer on the same graph does not pick up the first's state */
static int test_trainer_scope(void) {
    tr_mlp m;
    gir_plan *p = NULL;
    gir_train_desc t = gir_train_defaults(GIR_OPTIM_SGD, 0.1);
    double w0, h0;
    tr_mlp_build(&m, 5);
    w0 = ((const double *)gir_node_data(m.g, gir_graph_find(m.g, "fc1/w")))[0];
    h0 = ((const double *)gir_node_data(m.g, gir_graph_find(m.g, "head/w")))[0];
    t.scope = "head/";
    t.optim.momentum = 0.9;
    CHECK(gir_train_compile(m.g, m.loss, &t, &p) == GIR_OK, "compile: %s", gir_graph_message(m.g));
    CHECK(gir_graph_find(m.g, "head/w/momentum_buffer").id && !gir_graph_find(m.g, "fc1/w/momentum_buffer").id,
          "state made for parameters outside the scope");
    CHECK(tr_run(p, &m, 3), "run: %s", gir_plan_message(p));
    CHECK(((const double *)gir_node_data(m.g, gir_graph_find(m.g, "fc1/w")))[0] == w0, "fc1/w changed");
    CHECK(((const double *)gir_node_data(m.g, gir_graph_find(m.g, "head/w")))[0] != h0, "head/w did not train");
    gir_plan_free(p);
    gir_graph_free(m.g);
    return 1;
}
/* the mistakes of the explicit path are errors here, each with a message, *plan NULL */
static int test_trainer_errors(void) {
    tr_mlp m;
    gir_plan *p = (gir_plan *)&m;
    gir_train_desc t = gir_train_defaults(GIR_OPTIM_SGD, 0.1);
    gir_node x;
    tr_mlp_build(&m, 1);
    CHECK(gir_train_compile(m.g, m.loss, &t, NULL) == GIR_ERR_INVALID_ARG && msg_has(m.g, "plan pointer"),
          "NULL plan pointer: '%s'", gir_graph_message(m.g));
    CHECK(gir_train_compile(m.g, m.loss, &t, &p) == GIR_ERR_INVALID_ARG && !p, "compiled holding an error");
    gir_graph_clear_error(m.g);
    CHECK(gir_train_compile(m.g, m.hidden, &t, &p) == GIR_ERR_SHAPE && !p && msg_has(m.g, "float scalar"),
          "a loss of shape [4,5]: '%s'", gir_graph_message(m.g));
    gir_graph_clear_error(m.g);
    x = gir_sum(m.g, gir_mul(m.g, m.x, m.x), gir_ints0(), 0);
    CHECK(gir_train_compile(m.g, x, &t, &p) == GIR_ERR_INVALID_ARG && !p && msg_has(m.g, "no trainable variable"),
          "a loss of inputs only: '%s'", gir_graph_message(m.g));
    gir_graph_clear_error(m.g);
    t.scope = "nothing/";
    CHECK(gir_train_compile(m.g, m.loss, &t, &p) == GIR_ERR_INVALID_ARG && !p && msg_has(m.g, "nothing/"),
          "an empty scope: '%s'", gir_graph_message(m.g));
    gir_graph_clear_error(m.g);
    t.scope = NULL;
    t.optim.nesterov = 1;                                       /* refused by gir_optim_updates */
    CHECK(gir_train_compile(m.g, m.loss, &t, &p) == GIR_ERR_ATTR && !p && msg_has(m.g, "Nesterov"),
          "nesterov without momentum: '%s'", gir_graph_message(m.g));
    gir_graph_clear_error(m.g);
    t.optim.nesterov = 0;
    CHECK(gir_train_compile(m.g, m.loss, &t, &p) == GIR_OK && p && tr_run(p, &m, 1), "usable after: %s",
          gir_graph_message(m.g));
    gir_plan_free(p);
    gir_graph_free(m.g);
    return 1;
}
/* the explicit path's trap: gir_optim_updates fails, the caller compiles without updates: an error now */
static int test_trainer_compile_refuses_failed_updates(void) {
    tr_mlp m;
    gir_plan *p = NULL;
    gir_optim_desc d = gir_optim_defaults(GIR_OPTIM_SGD);
    gir_node w, gw, u[4];
    tr_mlp_build(&m, 1);
    w = gir_graph_find(m.g, "head/w");
    gir_grad(m.g, m.loss, 1, &w, &gw);
    d.nesterov = 1;
    CHECK(gir_optim_updates(m.g, &d, 1, &w, &gw, gir_scalar(m.g, GIR_DTYPE_F64, 0.1), u) == 0, "updates built");
    CHECK(gir_plan_compile(m.g, 1, &m.loss, NULL, &p) == GIR_ERR_ATTR && !p && msg_has(m.g, "Nesterov"),
          "compiled a plan without its updates: '%s'", gir_graph_message(m.g));
    CHECK(gir_plan_compile(m.g, 1, &m.loss, NULL, NULL) == GIR_ERR_ATTR, "NULL plan: status changed");
    gir_graph_clear_error(m.g);
    CHECK(gir_plan_compile(m.g, 1, &m.loss, NULL, NULL) == GIR_ERR_INVALID_ARG && msg_has(m.g, "plan pointer"),
          "NULL plan pointer: '%s'", gir_graph_message(m.g));
    gir_graph_free(m.g);
    return 1;
}
/* an optimizer state name over GIR_MAX_NAME is GIR_ERR_LIMIT, not a state left unnamed (and unsaved) */
static int test_trainer_long_state_name(void) {
    gir_graph *g = gir_graph_new(NULL);
    char name[GIR_MAX_NAME + 1];
    gir_node w = gir_variable(g, GIR_DTYPE_F32, gir_shape1(2), NULL), gw, u[8];
    gir_optim_desc d = gir_optim_defaults(GIR_OPTIM_ADAM);
    memset(name, 'a', 117);
    name[117] = 0;
    gir_name(g, w, name);
    gir_grad(g, gir_sum(g, gir_mul(g, w, w), gir_ints0(), 0), 1, &w, &gw);
    CHECK(gir_graph_status(g) == GIR_OK, "setup: %s", gir_graph_message(g));
    CHECK(gir_optim_updates(g, &d, 1, &w, &gw, gir_scalar(g, GIR_DTYPE_F64, 0.1), u) == 0 &&
          gir_graph_status(g) == GIR_ERR_LIMIT && msg_has(g, "GIR_MAX_NAME"), "117 + 11 characters: '%s'",
          gir_graph_message(g));
    gir_graph_free(g);
    return 1;
}
/* gir_init_layer with seeds 1, 2: the first bias is not a scaled copy of the second weight (it was) */
static int test_trainer_init_layer_streams(void) {
    gir_graph *g = gir_graph_new(NULL);
    gir_node w1 = gir_variable(g, GIR_DTYPE_F64, gir_shape2(8, 8), NULL), b1 = gir_variable(g, GIR_DTYPE_F64, gir_shape1(8), NULL);
    gir_node w2 = gir_variable(g, GIR_DTYPE_F64, gir_shape2(8, 8), NULL);
    const double *pb, *pw;
    double ratio;
    int k, same = 1;
    gir_init_layer(g, w1, b1, GIR_INIT_IN_OUT, 1);
    gir_init_layer(g, w2, gir__handle(NULL, 0), GIR_INIT_IN_OUT, 2);
    pb = (const double *)gir_node_data(g, b1);
    pw = (const double *)gir_node_data(g, w2);
    ratio = pb[0] / pw[0];
    for (k = 1; k < 8; ++k) same = same && fabs(pb[k] / pw[k] - ratio) < 1e-9;
    CHECK(!same, "bias of seed 1 is the weight of seed 2 scaled");
    gir_graph_free(g);
    return 1;
}
/* gir_dense and gir_conv2d_layer: names, shapes, bounds, own streams, the same values when built again */
static int test_trainer_layers(void) {
    gir_graph *g = gir_graph_new(NULL), *h = gir_graph_new(NULL);
    gir_node x = gir_input(g, GIR_DTYPE_F32, gir_shape2(2, 16)), im = gir_input(g, GIR_DTYPE_F32, gir_shape4(2, 3, 8, 8));
    gir_node y1 = gir_dense(g, x, 16, "a", 7), y2 = gir_dense(g, x, 16, "b", 7), c = gir_conv2d_layer(g, im, 4, 3, 2, 1, "conv", 7);
    gir_node hx = gir_input(h, GIR_DTYPE_F32, gir_shape2(2, 16)), hy = gir_dense(h, hx, 16, "a", 7);
    const float *wa = (const float *)gir_node_data(g, gir_graph_find(g, "a/w"));
    const float *wb = (const float *)gir_node_data(g, gir_graph_find(g, "b/w"));
    const float *ha = (const float *)gir_node_data(h, gir_graph_find(h, "a/w"));
    int k, differ = 0, bounded = 1;
    gir_shape cs = gir_node_shape(g, c);
    CHECK(y1.id && y2.id && c.id && hy.id, "build: %s %s", gir_graph_message(g), gir_graph_message(h));
    CHECK(gir_node_shape(g, y1).dim[1] == 16 && cs.rank == 4 && cs.dim[1] == 4 && cs.dim[2] == 4 && cs.dim[3] == 4,
          "shapes");
    CHECK(gir_node_shape(g, gir_graph_find(g, "conv/w")).dim[1] == 3 && gir_graph_find(g, "conv/b").id, "conv params");
    for (k = 0; k < 256; ++k) {
        differ += wa[k] != wb[k];
        bounded = bounded && fabsf(wa[k]) <= 0.25f;
        CHECK(wa[k] == ha[k], "a/w[%d] differs when built again", k);
    }
    CHECK(differ > 250 && bounded, "layers a and b: %d of 256 differ, bounded %d", differ, bounded);
    CHECK(gir_dense(g, gir_input(g, GIR_DTYPE_F32, gir_shape2(9, 16)), 16, "a", 99).id && gir_graph_status(g) == GIR_OK &&
          gir_graph_variable_count(g) == 6 && wa[0] == ha[0], "built again: not shared: '%s'", gir_graph_message(g));
    CHECK(!gir_dense(g, x, 4, "a", 1).id && gir_graph_status(g) == GIR_ERR_SHAPE && msg_has(g, "dense") &&
          msg_has(g, "a/w"), "a/w of another shape: '%s'", gir_graph_message(g));
    gir_graph_clear_error(g);
    CHECK(!gir_dense(g, gir_input(g, GIR_DTYPE_I32, gir_shape2(2, 3)), 4, "i", 1).id &&
          gir_graph_status(g) == GIR_ERR_DTYPE && msg_has(g, "dense"), "integer x: '%s'", gir_graph_message(g));
    gir_graph_clear_error(g);
    CHECK(!gir_conv2d_layer(g, x, 4, 3, 1, 0, "c2", 1).id && msg_has(g, "rank"), "rank-2 x: '%s'", gir_graph_message(g));
    gir_graph_free(g);
    gir_graph_free(h);
    return 1;
}

/* every variable of a and b (built alike: the same node ids) holds the same bits */
static int tr_same_vars(const tr_mlp *a, const tr_mlp *b, char *which, size_t cap) {
    uint32_t id;
    for (id = 1; id < a->g->nnodes; ++id) {
        gir_node n = gir__handle(a->g, id), m = gir__handle(b->g, id);
        size_t bytes = (size_t)gir_node_numel(a->g, n) * sizeof(double);
        if (a->g->nodes[id].op != GIR_OP_VARIABLE) continue;
        if (memcmp(gir_node_data(a->g, n), gir_node_data(b->g, m), bytes)) {
            snprintf(which, cap, "%s", gir_node_name(a->g, n) ? gir_node_name(a->g, n) : "(unnamed)");
            return 0;
        }
    }
    return 1;
}
/* the steps of p that read variable v (one pass over an optimizer's state: one step) */
static int tr_readers(const gir_plan *p, gir_node v) {
    int k, n = 0;
    for (k = 0; k < (int)p->nsteps; ++k) n += gir__plan_step_reads(p, (uint32_t)k, p->map[v.id] - 1);
    return n;
}
/* Every optimizer, fused and written in place (the default) against unfused with assign steps (GIR_COMPILE_NO_FUSION
   | GIR_COMPILE_NO_INPLACE): the same bits of every variable (parameters, state, running statistics, step count)
   after 25 steps, f64; the default plan has no assign step, and one step reads each state tensor. */
static int test_trainer_fused_updates_bit_identical(void) {
    static const struct { gir_optim_kind kind; double mom, damp, wd, clip; int nest, ams; } cfg[] = {
        {GIR_OPTIM_SGD, 0, 0, 0, 0, 0, 0},        {GIR_OPTIM_SGD, 0.9, 0, 0.01, 0, 1, 0},
        {GIR_OPTIM_SGD, 0.8, 0.1, 0, 0.5, 0, 0},  {GIR_OPTIM_ADAM, 0, 0, 0, 0, 0, 0},
        {GIR_OPTIM_ADAM, 0, 0, 0.01, 0.5, 0, 1},  {GIR_OPTIM_ADAMW, 0, 0, 0.01, 0, 0, 0},
        {GIR_OPTIM_ADAMW, 0, 0, 0.05, 0.3, 0, 1}};
    char which[64] = "";
    int c;
    for (c = 0; c < (int)(sizeof cfg / sizeof cfg[0]); ++c) {
        tr_mlp a, b;
        gir_plan *pa = NULL, *pb = NULL;
        gir_train_desc t = gir_train_defaults(cfg[c].kind, 0.05);
        int k, assigns = 0, ok;
        t.optim.momentum = cfg[c].mom; t.optim.dampening = cfg[c].damp; t.optim.weight_decay = cfg[c].wd;
        t.optim.nesterov = cfg[c].nest; t.optim.amsgrad = cfg[c].ams; t.clip_norm = cfg[c].clip;
        tr_mlp_build(&a, 5);
        tr_mlp_build(&b, 5);
        t.compile.flags = GIR_COMPILE_NO_FOLD_UPDATE;          /* the folded GEMM: the next test */
        ok = gir_train_compile(a.g, a.loss, &t, &pa) == GIR_OK;
        t.compile.flags = GIR_COMPILE_NO_FUSION | GIR_COMPILE_NO_INPLACE;
        ok = ok && gir_train_compile(b.g, b.loss, &t, &pb) == GIR_OK;
        ok = ok && tr_run(pa, &a, 25) && tr_run(pb, &b, 25);
        for (k = 0; ok && k < (int)pa->nsteps; ++k) assigns += pa->steps[k].op == GIR_OP_ASSIGN;
        if (ok && cfg[c].kind != GIR_OPTIM_SGD)
            ok = tr_readers(pa, gir_graph_find(a.g, "fc1/w/exp_avg")) == 1 &&
                 tr_readers(pa, gir_graph_find(a.g, "fc1/w/exp_avg_sq")) == 1;
        if (ok && cfg[c].mom > 0) ok = tr_readers(pa, gir_graph_find(a.g, "fc1/w/momentum_buffer")) == 1;
        ok = ok && assigns == 0 && tr_same_vars(&a, &b, which, sizeof which);
        if (!ok) snprintf(why, sizeof why, "config %d: %s %s; %d assign steps; differs: %s", c, gir_graph_message(a.g),
                          gir_graph_message(b.g), assigns, which);
        gir_plan_free(pa);
        gir_plan_free(pb);
        gir_graph_free(a.g);
        gir_graph_free(b.g);
        if (!ok) return 0;
        which[0] = 0;
    }
    return 1;
}

/* an f32 or f64 MLP 20-16-3, batch 8, trained with plain SGD; after `steps` runs *dw holds the largest change of
   a weight, *wmax the largest weight */
static gir_plan *tr_fold_plan(gir_graph *g, gir_dtype dt, unsigned flags) {
    gir_node x = gir_input(g, dt, gir_shape2(8, 20)), y = gir_input(g, GIR_DTYPE_I32, gir_shape1(8)), h, loss;
    gir_train_desc t = gir_train_defaults(GIR_OPTIM_SGD, 0.3);
    gir_plan *p = NULL;
    static float xf[160];
    static double xd[160];
    static int32_t lab[8];
    int k;
    for (k = 0; k < 160; ++k) xd[k] = xf[k] = (float)((k * 37 % 23) - 11) / 7.0f;
    for (k = 0; k < 8; ++k) lab[k] = k % 3;
    h = gir_relu(g, gir_dense(g, x, 16, "l1", 11));
    loss = gir_mean(g, gir_xent_logits(g, gir_dense(g, h, 3, "l2", 11), y), gir_ints0(), 0);
    t.compile.flags = flags;
    if (gir_train_compile(g, loss, &t, &p) != GIR_OK) return NULL;
    gir_plan_bind(p, x, dt == GIR_DTYPE_F32 ? (const void *)xf : (const void *)xd);
    gir_plan_bind(p, y, lab);
    return p;
}
/* the temporaries of p of shape [20, 16] or [16, 3] (weight gradients) */
static int tr_grad_temps(const gir_plan *p) {
    uint32_t v;
    int n = 0;
    for (v = 0; v < p->nvals; ++v) {
        const gir_shape *s = &p->vals[v].shape;
        n += p->vals[v].kind == GIR__VAL_TEMP && s->rank == 2 && ((s->dim[0] == 20 && s->dim[1] == 16) ||
                                                               (s->dim[0] == 16 && s->dim[1] == 3));
    }
    return n;
}
/* the largest difference between variable name of a and b, and the largest magnitude in a */
static double tr_fold_diff(gir_graph *a, gir_graph *b, const char *name, gir_dtype dt, double *amax) {
    gir_node va = gir_graph_find(a, name), vb = gir_graph_find(b, name);
    int64_t n = gir_node_numel(a, va), i;
    double d = 0;
    for (i = 0; i < n; ++i) {
        double x = dt == GIR_DTYPE_F32 ? ((const float *)gir_node_data(a, va))[i] : ((const double *)gir_node_data(a, va))[i];
        double z = dt == GIR_DTYPE_F32 ? ((const float *)gir_node_data(b, vb))[i] : ((const double *)gir_node_data(b, vb))[i];
        if (fabs(x - z) > d) d = fabs(x - z);
        if (fabs(x) > *amax) *amax = fabs(x);
    }
    return d;
}
/* SGD folded into the weight gradients' GEMM (the default) against GIR_COMPILE_NO_FOLD_UPDATE: the gradients are
   never written (two matmuls that add into their weights, no temporary of a weight's shape), and
   the weights agree to the rounding of lr's product: after one step within 4 ulp of the largest weight, after 25
   steps within 1e-4 (f32) and 1e-12 (f64) of it */
static int test_trainer_sgd_folded_gemm(void) {
    static const gir_dtype dts[2] = {GIR_DTYPE_F32, GIR_DTYPE_F64};
    int di, k, r;
    for (di = 0; di < 2; ++di) {
        gir_dtype dt = dts[di];
        gir_graph *a = gir_graph_new(NULL), *b = gir_graph_new(NULL);
        gir_plan *pa = tr_fold_plan(a, dt, 0), *pb = tr_fold_plan(b, dt, GIR_COMPILE_NO_FOLD_UPDATE);
        double eps = dt == GIR_DTYPE_F32 ? 1.1920929e-7 : 2.220446e-16, lim[2], d = 0, wmax = 0;
        int acc = 0;
        CHECK(pa && pb, "compile: %s %s", gir_graph_message(a), gir_graph_message(b));
        lim[0] = 4 * eps;
        lim[1] = dt == GIR_DTYPE_F32 ? 1e-4 : 1e-12;
        for (k = 0; k < (int)pa->nsteps; ++k) acc += pa->steps[k].op == GIR_OP_MATMUL && pa->steps[k].nin == 3;
        CHECK(acc == 2 && tr_grad_temps(pa) == 0 && tr_grad_temps(pb) == 2, "%s: %d folded matmuls, %d and %d "
              "temporaries of a weight's shape", gir_dtype_name(dt), acc, tr_grad_temps(pa), tr_grad_temps(pb));
        for (acc = 0, k = 0; k < (int)pa->nsteps; ++k) acc += pa->steps[k].op == GIR_OP_NEG;
        CHECK(acc == 1, "%s: the two folds negate the learning rate %d times, not once", gir_dtype_name(dt), acc);
        for (r = 0; r < 2; ++r) {
            for (k = 0; k < (r ? 24 : 1); ++k)
                CHECK(gir_plan_run(pa) == GIR_OK && gir_plan_run(pb) == GIR_OK, "run: %s", gir_plan_message(pa));
            d = tr_fold_diff(a, b, "l1/w", dt, &wmax);
            if (tr_fold_diff(a, b, "l2/w", dt, &wmax) > d) d = tr_fold_diff(a, b, "l2/w", dt, &wmax);
            CHECK(d <= lim[r] * wmax && (r || d > 0 || dt == GIR_DTYPE_F64), "%s after %d steps: weights differ "
                  "by %g, largest weight %g", gir_dtype_name(dt), r ? 25 : 1, d, wmax);
            say("sgd folded into the GEMM, %s: after %d steps the weights differ by %.3g (%.2g of the largest)\n",
                gir_dtype_name(dt), r ? 25 : 1, d, d / wmax);
        }
        gir_plan_free(pa);
        gir_plan_free(pb);
        gir_graph_free(a);
        gir_graph_free(b);
    }
    return 1;
}

static void suite_trainer(void) {
    RUN("trainer/matches_explicit_adam_clip_bn", test_trainer_matches_explicit());
    RUN("trainer/scope", test_trainer_scope());
    RUN("trainer/eval_plan", test_trainer_eval_plan());
    RUN("trainer/errors", test_trainer_errors());
    RUN("trainer/compile_refuses_failed_updates", test_trainer_compile_refuses_failed_updates());
    RUN("trainer/long_state_name", test_trainer_long_state_name());
    RUN("trainer/init_layer_streams", test_trainer_init_layer_streams());
    RUN("trainer/layers", test_trainer_layers());
    RUN("trainer/fused_updates_bit_identical", test_trainer_fused_updates_bit_identical());
    RUN("trainer/sgd_folded_gemm", test_trainer_sgd_folded_gemm());
}
