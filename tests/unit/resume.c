/* suite_resume: training with an in-plan optimizer stops, saves every variable (parameters, optimizer state,
   batch norm's running statistics), and resumes in a graph built anew, bit for bit the same as without the stop */

typedef struct resume_model {
    gir_graph *g;
    gir_plan  *train, *eval;
    gir_node   x, lr, loss, pred;
    gir_node   outs[2 + GIR_OPTIM_MAX_UPDATES(4)];   /* pred, loss, the updates */
    int        nouts;
} resume_model;

/* the two plans of a model whose graph, outputs and inputs are set */
static int resume_compile(resume_model *m) {
    gir_compile_desc cd;
    memset(&cd, 0, sizeof cd);
    cd.flags = GIR_COMPILE_EVAL;
    return gir_plan_compile(m->g, m->nouts - 1, m->outs + 1, NULL, &m->train) == GIR_OK &&
           gir_plan_compile(m->g, 1, &m->pred, &cd, &m->eval) == GIR_OK;
}

/* a dense layer, batch norm with running statistics, tanh, a dense layer; Adam (amsgrad) or SGD with Nesterov
   momentum, clipped gradients */
static int resume_build(resume_model *m, int adam) {
    static const float w1[12] = {0.3f, -0.2f, 0.5f, 0.1f, -0.4f, 0.2f, 0.6f, -0.1f, 0.2f, 0.3f, -0.5f, 0.4f};
    static const float w2[8] = {0.2f, -0.3f, 0.4f, 0.1f, -0.2f, 0.5f, -0.1f, 0.3f};
    gir_graph *g = m->g = gir_graph_new(NULL);
    gir_node p[4], gr[4], h, bn_g, bn_b;
    gir_optim_desc d = gir_optim_defaults(adam ? GIR_OPTIM_ADAM : GIR_OPTIM_SGD);
    int n;
    if (!g) return 0;
    m->train = m->eval = NULL;
    if (adam) d.amsgrad = 1;
    else { d.momentum = 0.9; d.nesterov = 1; d.weight_decay = 0.01; }
    m->x = gir_name(g, gir_input(g, GIR_DTYPE_F32, gir_shape2(5, 3)), "x");
    m->lr = gir_name(g, gir_input(g, GIR_DTYPE_F64, gir_shape0()), "lr");
    gir_graph_push_scope(g, "l1");
    p[0] = gir_name(g, gir_variable(g, GIR_DTYPE_F32, gir_shape2(3, 4), w1), "w");
    bn_g = gir_name(g, gir_variable(g, GIR_DTYPE_F32, gir_shape1(4), NULL), "gamma");
    gir_graph_pop_scope(g);
    gir_init_constant(g, bn_g, 1.0);
    bn_b = gir_name(g, gir_variable(g, GIR_DTYPE_F32, gir_shape1(4), NULL), "l1/beta");
    p[1] = bn_g; p[2] = bn_b;
    p[3] = gir_name(g, gir_variable(g, GIR_DTYPE_F32, gir_shape2(4, 2), w2), "l2/w");
    h = gir_batch_norm_running(g, gir_matmul(g, m->x, p[0]), bn_g, bn_b, 0.1, 1e-5, NULL);
    m->pred = gir_matmul(g, gir_tanh(g, h), p[3]);
    m->loss = gir_mean(g, gir_square(g, gir_sub(g, m->pred, gir_scalar(g, GIR_DTYPE_F32, 0.5))), gir_ints0(), 0);
    if (gir_grad(g, m->loss, 4, p, gr) != GIR_OK) return 0;
    gir_clip_grad_norm(g, 4, gr, 0.5, gr);
    m->outs[0] = m->pred;
    m->outs[1] = m->loss;
    n = gir_optim_updates(g, &d, 4, p, gr, m->lr, m->outs + 2);
    m->nouts = n + 2;
    return n && resume_compile(m) && gir_graph_status(g) == GIR_OK;
}
static void resume_free(resume_model *m) {
    gir_plan_free(m->train);
    gir_plan_free(m->eval);
    gir_graph_free(m->g);
}
/* steps [from, to) of the same data stream; the eval prediction after them into pred[10] */
static int resume_steps(resume_model *m, int from, int to, float *pred) {
    float xv[15];
    double lr;
    int s, k;
    for (s = from; s < to; ++s) {
        for (k = 0; k < 15; ++k) xv[k] = (float)((k * 7 + s * 3) % 11) / 5.0f - 1.0f;
        lr = 0.05 / (1 + 0.1 * s);                 /* a schedule computed in C, bound per step */
        if (gir_plan_bind(m->train, m->x, xv) || gir_plan_bind(m->train, m->lr, &lr) || gir_plan_run(m->train)) return 0;
    }
    for (k = 0; k < 15; ++k) xv[k] = (float)k / 15.0f;
    if (gir_plan_bind(m->eval, m->x, xv) || gir_plan_run(m->eval)) return 0;
    memcpy(pred, gir_plan_data(m->eval, m->pred), 10 * sizeof(float));
    return 1;
}
static int resume_case(int adam) {
    resume_model a, b;
    float straight[10], resumed[10];
    unsigned char *buf = NULL;
    size_t size = 0;
    int k, nv;
    CHECK(resume_build(&a, adam), "build: %s", a.g ? gir_graph_message(a.g) : "no graph");
    CHECK(resume_steps(&a, 0, 9, straight), "straight run: %s", gir_plan_message(a.train));
    resume_free(&a);
    CHECK(resume_build(&a, adam) && resume_steps(&a, 0, 4, resumed), "first part");
    nv = gir_graph_variable_count(a.g);
    for (k = 0; k < nv; ++k)                          /* every variable is named, state included */
        CHECK(gir_node_name(a.g, gir_graph_variable(a.g, k))[0], "variable %d is unnamed", k);
    CHECK(gir_graph_save_variables(a.g, 0, NULL, NULL, 0, &size) == GIR_OK && size > 0, "size: %s", gir_graph_message(a.g));
    buf = (unsigned char *)malloc(size);
    CHECK(buf && gir_graph_save_variables(a.g, 0, NULL, buf, size, &size) == GIR_OK, "save: %s", gir_graph_message(a.g));
    resume_free(&a);
    if (!resume_build(&b, adam) || gir_graph_load_variables(b.g, buf, size, 0) != GIR_OK) {
        free(buf);
        FAILF("load into the new graph: %s", b.g ? gir_graph_message(b.g) : "no graph");
    }
    free(buf);
    CHECK(gir_graph_variable_count(b.g) == nv, "variables %d vs %d", gir_graph_variable_count(b.g), nv);
    CHECK(resume_steps(&b, 4, 9, resumed), "second part: %s", gir_plan_message(b.train));
    resume_free(&b);
    CHECK(!memcmp(straight, resumed, sizeof straight), "resumed differs: %.9g vs %.9g", (double)resumed[0],
          (double)straight[0]);
    return 1;
}
/* and a stop without the optimizer state (parameters only) does differ: the test sees the state */
static int resume_without_state_differs(void) {
    resume_model a, b;
    float straight[10], resumed[10];
    static unsigned char buf[4096];
    size_t size = 0;
    gir_node params[4];
    CHECK(resume_build(&a, 1) && resume_steps(&a, 0, 9, straight), "straight");
    resume_free(&a);
    CHECK(resume_build(&a, 1) && resume_steps(&a, 0, 4, resumed), "first part");
    params[0] = gir_graph_find(a.g, "l1/w"); params[1] = gir_graph_find(a.g, "l1/gamma");
    params[2] = gir_graph_find(a.g, "l1/beta"); params[3] = gir_graph_find(a.g, "l2/w");
    CHECK(gir_graph_save_variables(a.g, 4, params, buf, sizeof buf, &size) == GIR_OK, "save: %s", gir_graph_message(a.g));
    resume_free(&a);
    CHECK(resume_build(&b, 1) && gir_graph_load_variables(b.g, buf, size, 0) != GIR_OK, "a strict load of a partial file");
    gir_graph_clear_error(b.g);
    CHECK(gir_graph_load_variables(b.g, buf, size, GIR_LOAD_PARTIAL) == GIR_OK, "partial: %s", gir_graph_message(b.g));
    CHECK(resume_steps(&b, 4, 9, resumed), "second part");
    resume_free(&b);
    CHECK(memcmp(straight, resumed, sizeof straight) != 0, "losing the optimizer state changed nothing");
    return 1;
}

/* the whole graph saved mid-training (nodes, values, state, names) and loaded: the rest of the run is the same */
static int resume_whole_graph(void) {
    resume_model a, b;
    float straight[10], resumed[10];
    unsigned char *buf = NULL;
    size_t size = 0;
    char msg[256];
    gir_status st;
    CHECK(resume_build(&a, 1) && resume_steps(&a, 0, 9, straight), "straight");
    resume_free(&a);
    CHECK(resume_build(&a, 1) && resume_steps(&a, 0, 4, resumed), "first part");
    CHECK(gir_graph_save(a.g, a.nouts, a.outs, NULL, 0, &size) == GIR_OK, "size: %s", gir_graph_message(a.g));
    buf = (unsigned char *)malloc(size);
    CHECK(buf && gir_graph_save(a.g, a.nouts, a.outs, buf, size, &size) == GIR_OK, "save: %s", gir_graph_message(a.g));
    resume_free(&a);
    memset(&b, 0, sizeof b);
    st = gir_graph_load(buf, size, NULL, &b.g, 2 + GIR_OPTIM_MAX_UPDATES(4), b.outs, &b.nouts, msg, sizeof msg);
    free(buf);
    CHECK(st == GIR_OK, "load: %s", msg);
    b.pred = b.outs[0];
    b.x = gir_graph_find(b.g, "x");
    b.lr = gir_graph_find(b.g, "lr");
    CHECK(b.x.id && b.lr.id && resume_compile(&b), "compile the loaded graph: %s", gir_graph_message(b.g));
    CHECK(resume_steps(&b, 4, 9, resumed), "second part: %s", gir_plan_message(b.train));
    resume_free(&b);
    CHECK(!memcmp(straight, resumed, sizeof straight), "resumed differs: %.9g vs %.9g", (double)resumed[0],
          (double)straight[0]);
    return 1;
}

static void suite_resume(void) {
    RUN("resume/adam_amsgrad_batchnorm_bit_exact", resume_case(1));
    RUN("resume/sgd_nesterov_bit_exact", resume_case(0));
    RUN("resume/without_optimizer_state_differs", resume_without_state_differs());
    RUN("resume/whole_graph_saved_and_loaded_bit_exact", resume_whole_graph());
}
