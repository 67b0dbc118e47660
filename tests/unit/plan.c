/* unit/plan.c - the order of steps and the memory plan: reuse, in-place and run-once steps give the same bits
   as the naive plan, topological constraints, compiling into the caller's buffer of the size gir_plan_compile_size
   gives, and the checker every plan of the runner passes through (plan_check_hook, see GIR_PLAN_CHECK). */

static long plan_checked, plan_bad;
static char plan_bad_msg[256];
/* the counts go up atomically: the threads suite compiles plans on several threads at once */
#if (defined(__GNUC__) || defined(__clang__)) && !defined(__TINYC__)
#define PLAN_COUNT(n) __atomic_fetch_add(&(n), 1L, __ATOMIC_RELAXED)
#else
#define PLAN_COUNT(n) ((n)++)
#endif
/* called by gir_plan_compile for every plan the runner compiles: no two live buffers overlap */
static void plan_check_hook(const struct gir_plan *p) {
    void *work = malloc(gir__plan_check_bytes(p));
    char msg[200];
    if (!work) return;
    PLAN_COUNT(plan_checked);
    if (!gir__plan_check(p, work, msg, sizeof msg)) {
        if (!PLAN_COUNT(plan_bad)) snprintf(plan_bad_msg, sizeof plan_bad_msg, "%s", msg);
    }
    free(work);
}

#define PLAN_NAIVE (GIR_COMPILE_NO_REUSE | GIR_COMPILE_NO_INPLACE | GIR_COMPILE_NO_FOLD)
static gir_status plan_compile(gir_graph *g, int n, const gir_node *outs, unsigned flags, gir_plan **p) {
    gir_compile_desc d;
    memset(&d, 0, sizeof d);
    d.flags = flags;
    return gir_plan_compile(g, n, outs, &d, p);
}
/* the outputs of two plans are the same bytes */
static int plan_same_outputs(gir_graph *g, gir_plan *a, gir_plan *b, int n, const gir_node *outs, const char *what) {
    int k;
    for (k = 0; k < n; ++k) {
        size_t bytes = (size_t)gir_node_numel(g, outs[k]) * gir_dtype_size(gir_node_dtype(g, outs[k]));
        const void *x = gir_plan_data(a, outs[k]), *y = gir_plan_data(b, outs[k]);
        CHECK(bytes == 0 || (x && y), "%s: output %d has no data", what, k);
        CHECK(bytes == 0 || memcmp(x, y, bytes) == 0, "%s: output %d (%s) differs", what, k,
              gir_op_name(gir_node_op(g, outs[k])));
    }
    return 1;
}
/* the case's graph with its inputs as constants (all but assign's variable): every step reads constants only */
static int plan_build_const(const gcase *c, built *b) {
    gir_op op = gir_op_from_name(c->op);
    gir_attr a = c->attr;
    int k;
    memset(b, 0, sizeof *b);
    b->g = gir_graph_new(NULL);
    for (k = 0; k < c->nin; ++k) {
        b->dt[k] = c->in[k].dt;
        b->buf[k] = to_bytes(c->in[k].v, c->in[k].n, c->in[k].dt);
        if (op == GIR_OP_ASSIGN && k == 0) b->in[k] = gir_variable(b->g, (gir_dtype)b->dt[k], c->in[k].s, b->buf[k]);
        else b->in[k] = gir_constant(b->g, (gir_dtype)b->dt[k], c->in[k].s, b->buf[k]);
    }
    if (c->has_data) { b->data = to_bytes(c->data, c->ndata, a.dtype); a.data = b->data; }
    b->y = op == GIR_OP_INPUT ? b->in[0] : gir_op_build(b->g, op, c->nin, b->in, &a);
    return b->y.id != 0;
}
/* compiles outs with flags fa and fb, runs both twice, compares the outputs after each run */
static int plan_ab(built *b, const gcase *c, int n, const gir_node *outs, unsigned fa, unsigned fb, int *inplace,
                   int *folded) {
    gir_plan *pa = NULL, *pb = NULL;
    int r, ok = 1;
    gir_status sa = plan_compile(b->g, n, outs, fa, &pa), sb = plan_compile(b->g, n, outs, fb, &pb);
    if (sa != sb) FAILF("compile %s / %s: %s", gir_status_name(sa), gir_status_name(sb), gir_graph_message(b->g));
    if (sa != GIR_OK) return 1;                 /* fails alike (an op without a kernel for the dtype) */
    *inplace += gir_plan_query_stats(pa).inplace_steps;
    *folded += gir_plan_query_stats(pa).folded_steps;
    if (!bind_all(pa, b, c) || !bind_all(pb, b, c)) ok = 0;
    for (r = 0; r < 2 && ok; ++r) {
        gir_status ra = gir_plan_run(pa), rb = gir_plan_run(pb);
        if (ra != rb) { snprintf(why, sizeof why, "run %d: %s vs %s", r, gir_status_name(ra), gir_status_name(rb)); ok = 0; }
        else if (ra == GIR_OK && !plan_same_outputs(b->g, pa, pb, n, outs, c->label)) ok = 0;
    }
    gir_plan_free(pa);
    gir_plan_free(pb);
    return ok;
}
/* every op of the table (each golden case): its value and gradients, and the graph on constants, give the same
   bytes with reuse, in-place and run-once steps as with none of them, fused and unfused; the in-place and
   run-once paths are taken for some of them */
static int test_plan_every_op_same_bits(void) {
    int k, inplace = 0, folded = 0, cases_run = 0;
    for (k = 0; k < ncases; ++k) {
        const gcase *c = &cases[k];
        built b;
        gir_node outs[10], wrt[8];
        int wk[8], nw = 0, n = 1, j, f64 = gradable(c), ok = 1;
        if (!c->has_out) continue;
        if (!build_case(c, f64, &b)) { built_free(&b); continue; }
        outs[0] = b.y;
        if (f64) {
            nw = grad_inputs(c, wk);
            for (j = 0; j < nw; ++j) wrt[j] = b.in[wk[j]];
            outs[1] = weighted_sum(b.g, b.y, 3u);
            if (gir_grad(b.g, outs[1], nw, wrt, outs + 2) == GIR_OK) n = 2 + nw;
        }
        ok = plan_ab(&b, c, n, outs, 0, PLAN_NAIVE, &inplace, &folded) &&
             plan_ab(&b, c, n, outs, GIR_COMPILE_NO_FUSION, GIR_COMPILE_NO_FUSION | PLAN_NAIVE, &inplace, &folded);
        built_free(&b);
        if (!ok) { char w2[900]; snprintf(w2, sizeof w2, "%.39s/%.63s: %.700s", c->op, c->label, why); FAILF("%s", w2); }
        if (plan_build_const(c, &b)) {
            ok = plan_ab(&b, c, 1, &b.y, 0, PLAN_NAIVE, &inplace, &folded);
            if (!ok) { char w2[900]; snprintf(w2, sizeof w2, "%.39s/%.63s on constants: %.700s", c->op, c->label, why); built_free(&b); FAILF("%s", w2); }
        }
        built_free(&b);
        ++cases_run;
    }
    CHECK(cases_run > 100, "only %d cases", cases_run);
    CHECK(inplace > 0 && folded > 0, "fast paths not taken: %d in-place steps, %d run-once steps", inplace, folded);
    if (verbose) say("plan: %d cases, %d in-place steps, %d run-once steps\n", cases_run, inplace, folded);
    return 1;
}

/* MLP 784-h-h-10 (ReLU, softmax cross-entropy), SGD with momentum as assign nodes: one training step */
typedef struct plan_mlp { gir_graph *g; gir_node x, lab, loss, var[6], out[1 + GIR_OPTIM_MAX_UPDATES(6)]; int nout; } plan_mlp;
static int plan_mlp_build(plan_mlp *m, int batch, int hidden, const gir_allocator *al) {
    gir_graph_desc gd;
    gir_node grads[6], h, upd[GIR_OPTIM_MAX_UPDATES(6)], lr;
    gir_optim_desc od;
    int k, nu;
    unsigned seed = 11u;
    memset(&gd, 0, sizeof gd);
    if (al) gd.allocator = *al;
    memset(m, 0, sizeof *m);
    if (!(m->g = gir_graph_new(&gd))) return 0;
    for (k = 0; k < 6; ++k) {
        int32_t in = k < 2 ? 784 : hidden, out = k < 4 ? hidden : 10;
        gir_shape sh = k % 2 ? gir_shape1(out) : gir_shape2(in, out);
        float *w;
        int64_t j;
        m->var[k] = gir_variable(m->g, GIR_DTYPE_F32, sh, NULL);
        if (!(w = (float *)gir_node_data(m->g, m->var[k]))) return 0;
        for (j = 0; j < gir_node_numel(m->g, m->var[k]); ++j) w[j] = (float)(0.1 * frand(&seed));
    }
    m->x = gir_input(m->g, GIR_DTYPE_F32, gir_shape2(batch, 784));
    m->lab = gir_input(m->g, GIR_DTYPE_I32, gir_shape1(batch));
    h = gir_relu(m->g, gir_add(m->g, gir_matmul(m->g, m->x, m->var[0]), m->var[1]));
    h = gir_relu(m->g, gir_add(m->g, gir_matmul(m->g, h, m->var[2]), m->var[3]));
    h = gir_add(m->g, gir_matmul(m->g, h, m->var[4]), m->var[5]);
    m->loss = gir_mean(m->g, gir_xent_logits(m->g, h, m->lab), gir_ints0(), 0);
    if (gir_grad(m->g, m->loss, 6, m->var, grads) != GIR_OK) return 0;
    od = gir_optim_defaults(GIR_OPTIM_SGD);
    od.momentum = 0.9;
    lr = gir_scalar(m->g, GIR_DTYPE_F32, 0.05);
    if (!(nu = gir_optim_updates(m->g, &od, 6, m->var, grads, lr, upd))) return 0;
    m->out[0] = m->loss;
    for (k = 0; k < nu; ++k) m->out[1 + k] = upd[k];
    m->nout = 1 + nu;
    return gir_graph_status(m->g) == GIR_OK;
}
/* three training steps: the loss and every variable the same bits with the memory plan as without */
static int test_plan_mlp_training_same_bits(void) {
    plan_mlp m;
    static const unsigned fl[4] = {0, PLAN_NAIVE, GIR_COMPILE_NO_FUSION, GIR_COMPILE_NO_FUSION | PLAN_NAIVE};
    float *xv = (float *)malloc(8 * 784 * sizeof(float)), *keep[4][6];
    size_t vb[6];
    int32_t yv[8];
    double loss[4][3];
    int f, k, r;
    size_t arena[4];
    for (k = 0; k < 8 * 784; ++k) xv[k] = (float)((k * 37 % 101) / 101.0 - 0.5);
    for (k = 0; k < 8; ++k) yv[k] = k * 3 % 10;
    for (f = 0; f < 4; ++f) {
        gir_plan *p = NULL;
        CHECK(plan_mlp_build(&m, 8, 32, NULL), "build: %s", gir_graph_message(m.g));
        CHECK(plan_compile(m.g, m.nout, m.out, fl[f], &p) == GIR_OK, "compile: %s", gir_graph_message(m.g));
        arena[f] = gir_plan_query_stats(p).arena_bytes;
        gir_plan_bind(p, m.x, xv);
        gir_plan_bind(p, m.lab, yv);
        for (r = 0; r < 3; ++r) {
            CHECK(gir_plan_run(p) == GIR_OK, "run: %s", gir_plan_message(p));
            loss[f][r] = gir_plan_scalar(p, m.loss);
        }
        for (k = 0; k < 6; ++k) {
            vb[k] = (size_t)gir_node_numel(m.g, m.var[k]) * sizeof(float);
            keep[f][k] = (float *)malloc(vb[k]);
            memcpy(keep[f][k], gir_node_data(m.g, m.var[k]), vb[k]);
        }
        gir_plan_free(p);
        gir_graph_free(m.g);
    }
    free(xv);
    for (f = 1; f < 4; ++f) {
        int same = 1, ref = f < 2 ? 0 : 2;
        if (f == 2) continue;
        for (r = 0; r < 3; ++r) same &= memcmp(&loss[f][r], &loss[ref][r], sizeof(double)) == 0;
        for (k = 0; k < 6; ++k)
            same &= memcmp(keep[f][k], keep[ref][k], vb[k]) == 0;
        CHECK(same, "flags %u: loss or variables differ from flags %u (loss %.9g vs %.9g)", fl[f], fl[ref], loss[f][2], loss[ref][2]);
    }
    for (f = 0; f < 4; ++f) for (k = 0; k < 6; ++k) free(keep[f][k]);
    CHECK(loss[0][2] < loss[0][0], "no training: loss %g -> %g", loss[0][0], loss[0][2]);
    CHECK(arena[0] < arena[1] && arena[2] < arena[3], "arena with reuse %zu / %zu, naive %zu / %zu", arena[0], arena[2],
          arena[1], arena[3]);
    return 1;
}

/* every plan the runner compiled so far passed the checker; and the checker fails a plan whose two live values
   share bytes (made so on purpose) */
static int test_plan_checker(void) {
    gir_graph *g = gir_graph_new(NULL);
    gir_node x = gir_input(g, GIR_DTYPE_F32, gir_shape1(100)), a, b, y;
    gir_plan *p = NULL;
    void *work;
    char msg[200];
    uint32_t va, vb;
    int ok;
    a = gir_exp(g, x);
    b = gir_sin(g, x);
    y = gir_add(g, a, b);
    CHECK(plan_compile(g, 1, &y, GIR_COMPILE_NO_FUSION, &p) == GIR_OK, "compile: %s", gir_graph_message(g));
    work = malloc(gir__plan_check_bytes(p));
    CHECK(gir__plan_check(p, work, msg, sizeof msg), "checker rejects a good plan: %s", msg);
    va = p->map[a.id] - 1;
    vb = p->map[b.id] - 1;
    CHECK(p->vals[va].off != p->vals[vb].off, "a and b share a place");
    p->vals[vb].off = p->vals[va].off;           /* both live at the add: the checker must see it */
    ok = gir__plan_check(p, work, msg, sizeof msg);
    free(work);
    gir_plan_free(p);
    gir_graph_free(g);
    CHECK(!ok, "the checker passed two live values at one place");
    CHECK(plan_bad == 0, "%ld of %ld plans overlap live buffers; first: %s", plan_bad, plan_checked, plan_bad_msg);
    CHECK(plan_checked > 500, "only %ld plans checked", plan_checked);
    say("plan checker: %ld plans checked, %ld with overlapping live buffers\n", plan_checked, plan_bad);
    return 1;
}

/* a counting allocator: compiling into the caller's buffer calls it never */
typedef struct plan_count { long calls; } plan_count;
static void *pc_alloc(size_t n, void *u) { ++((plan_count *)u)->calls; return malloc(n); }
static void *pc_realloc(void *p, size_t o, size_t n, void *u) { (void)o; ++((plan_count *)u)->calls; return realloc(p, n); }
static void pc_free(void *p, void *u) { (void)u; free(p); }
/* gir_plan_compile_size, then a compile into a buffer of exactly that size (no allocator call, same results as the
   ordinary plan, any 8-byte alignment); one byte less fails with the size in the message, and the graph, the
   other plan and a second compile are fine */
static int test_plan_buffer_exact_size(void) {
    plan_count pc = {0};
    gir_allocator al;
    plan_mlp m;
    gir_plan *p = NULL, *q = NULL;
    gir_compile_desc d;
    size_t need = 0;
    unsigned char *buf;
    float *xv = (float *)malloc(4 * 784 * sizeof(float));
    int32_t yv[4] = {1, 2, 3, 4};
    long calls;
    int k, shift;
    char text[40];
    al.alloc_fn = pc_alloc; al.realloc_fn = pc_realloc; al.free_fn = pc_free; al.user = &pc;
    for (k = 0; k < 4 * 784; ++k) xv[k] = (float)((k * 13 % 29) / 29.0);
    CHECK(plan_mlp_build(&m, 4, 16, &al), "build: %s", gir_graph_message(m.g));
    CHECK(gir_plan_compile_size(m.g, m.nout, m.out, NULL, &need) == GIR_OK && need > 0, "size: %s", gir_graph_message(m.g));
    CHECK(gir_plan_compile(m.g, m.nout, m.out, NULL, &p) == GIR_OK, "compile: %s", gir_graph_message(m.g));
    CHECK(need > gir_plan_query_stats(p).arena_bytes, "size %zu, arena %zu", need, gir_plan_query_stats(p).arena_bytes);
    buf = (unsigned char *)malloc(need + 16);
    for (shift = 0; shift <= 8; shift += 8) {
        memset(&d, 0, sizeof d);
        d.buffer = buf + shift;
        d.buffer_bytes = need - 1;
        calls = pc.calls;
        CHECK(gir_plan_compile(m.g, m.nout, m.out, &d, &q) == GIR_ERR_OUT_OF_MEMORY && !q, "one byte less compiles");
        snprintf(text, sizeof text, "needs %zu bytes", need);
        CHECK(strstr(gir_graph_message(m.g), text) != NULL, "message: %s (want '%s')", gir_graph_message(m.g), text);
        CHECK(gir_plan_compile(m.g, m.nout, m.out, &d, &q) == GIR_ERR_OUT_OF_MEMORY && !q, "compiled holding an error");
        gir_graph_clear_error(m.g);
        d.buffer_bytes = need;
        calls = pc.calls;
        CHECK(gir_plan_compile(m.g, m.nout, m.out, &d, &q) == GIR_OK, "exact size: %s", gir_graph_message(m.g));
        CHECK(pc.calls == calls, "compiling into the buffer called the allocator %ld times", pc.calls - calls);
        CHECK((unsigned char *)q == buf + shift, "the plan is not in the buffer");
        gir_plan_bind(p, m.x, xv); gir_plan_bind(p, m.lab, yv);
        gir_plan_bind(q, m.x, xv); gir_plan_bind(q, m.lab, yv);
        CHECK(gir_plan_run(q) == GIR_OK && pc.calls == calls, "run: %s", gir_plan_message(q));
        /* the variables moved: rerun the ordinary plan from the same state by comparing the loss only */
        gir_plan_free(q);
        q = NULL;
        CHECK(pc.calls == calls, "gir_plan_free called the allocator");
    }
    CHECK(gir_plan_run(p) == GIR_OK, "the ordinary plan runs after it: %s", gir_plan_message(p));
    CHECK(gir_plan_compile(m.g, m.nout, m.out, NULL, &q) == GIR_OK, "a second compile: %s", gir_graph_message(m.g));
    gir_plan_free(q);
    gir_plan_free(p);
    gir_graph_free(m.g);
    free(buf);
    free(xv);
    return 1;
}
/* an allocator that counts its calls and the bytes outstanding, and fails every call while fail is set */
typedef struct plan_meter { long calls; int fail; size_t live, peak; } plan_meter;
static void *pm_alloc(size_t n, void *u) {
    plan_meter *m = (plan_meter *)u;
    size_t *h;
    ++m->calls;
    if (m->fail || !(h = (size_t *)malloc(n + 16))) return NULL;
    *h = n;
    m->live += n;
    if (m->live > m->peak) m->peak = m->live;
    return (unsigned char *)h + 16;
}
static void pm_free(void *p, void *u) {
    plan_meter *m = (plan_meter *)u;
    size_t *h;
    if (!p) return;
    h = (size_t *)(void *)((unsigned char *)p - 16);
    m->live -= *h;
    free(h);
}
static void *pm_realloc(void *p, size_t o, size_t n, void *u) {
    void *q = pm_alloc(n, u);
    (void)o;
    if (q && p) { memcpy(q, p, *(size_t *)(void *)((unsigned char *)p - 16) < n ? *(size_t *)(void *)((unsigned char *)p - 16) : n); pm_free(p, u); }
    return q;
}
/* gir_plan_compile_size with a work buffer calls no allocator (one failing every call once the graph is built): the
   size it gives compiles, one byte less fails naming the size (measured in that buffer), a work buffer too small
   to measure in says so; the work buffer needs far less than the plan, since the arena is only counted; and
   measuring without a work buffer never takes the arena from the allocator */
static int test_plan_compile_size_without_the_allocator(void) {
    plan_meter pm = {0, 0, 0, 0};
    gir_allocator al;
    plan_mlp m;
    gir_plan *q = NULL, *p = NULL;
    gir_compile_desc d;
    size_t need = 0, need2 = 0, small = 0;
    unsigned char *work, *buf;
    char text[40];
    long calls;
    al.alloc_fn = pm_alloc; al.realloc_fn = pm_realloc; al.free_fn = pm_free; al.user = &pm;
    CHECK(plan_mlp_build(&m, 64, 32, &al), "build: %s", gir_graph_message(m.g));
    CHECK(gir_plan_compile_size(m.g, m.nout, m.out, NULL, &need) == GIR_OK, "size: %s", gir_graph_message(m.g));
    CHECK(gir_plan_compile(m.g, m.nout, m.out, NULL, &p) == GIR_OK, "compile: %s", gir_graph_message(m.g));
    pm.peak = pm.live;
    CHECK(gir_plan_compile_size(m.g, m.nout, m.out, NULL, &need2) == GIR_OK && need2 == need, "sizes %zu, %zu", need, need2);
    CHECK(pm.peak - pm.live < need - gir_plan_query_stats(p).arena_bytes &&
          pm.peak - pm.live < gir_plan_query_stats(p).arena_bytes,
          "measuring took %zu bytes; the plan is %zu with an arena of %zu", pm.peak - pm.live, need,
          gir_plan_query_stats(p).arena_bytes);
    work = (unsigned char *)malloc(need);
    buf = (unsigned char *)malloc(need);
    CHECK(work && buf, "malloc");
    pm.fail = 1;
    calls = pm.calls;
    memset(&d, 0, sizeof d);
    d.buffer = work;
    d.buffer_bytes = need;
    CHECK(gir_plan_compile_size(m.g, m.nout, m.out, &d, &need2) == GIR_OK && need2 == need, "in a work buffer: %zu (%s)",
          need2, gir_graph_message(m.g));
    for (small = 64; small < need; small += 64) {           /* the least work buffer that measures */
        d.buffer_bytes = small;
        if (gir_plan_compile_size(m.g, m.nout, m.out, &d, &need2) == GIR_OK) break;
        CHECK(strstr(gir_graph_message(m.g), "too small to measure in"), "message: %s", gir_graph_message(m.g));
        gir_graph_clear_error(m.g);
    }
    CHECK(need2 == need && small < need / 2, "a work buffer of %zu bytes measures %zu (plan %zu)", small, need2, need);
    say("compile_size: a plan of %zu bytes (arena %zu) measured in a work buffer of %zu bytes, no allocator call\n",
        need, gir_plan_query_stats(p).arena_bytes, small);
    d.buffer = buf;
    d.buffer_bytes = need - 1;
    CHECK(gir_plan_compile(m.g, m.nout, m.out, &d, &q) == GIR_ERR_OUT_OF_MEMORY && !q, "one byte less compiles");
    snprintf(text, sizeof text, "needs %zu bytes", need);
    CHECK(strstr(gir_graph_message(m.g), text) != NULL, "message: %s (want '%s')", gir_graph_message(m.g), text);
    gir_graph_clear_error(m.g);
    d.buffer_bytes = need;
    CHECK(gir_plan_compile(m.g, m.nout, m.out, &d, &q) == GIR_OK, "exact size: %s", gir_graph_message(m.g));
    CHECK(pm.calls == calls, "the allocator was called %ld times", pm.calls - calls);
    pm.fail = 0;
    gir_plan_free(q);
    gir_plan_free(p);
    gir_graph_free(m.g);
    free(work);
    free(buf);
    return 1;
}
/* compiling into a buffer, the compile's temporaries live at the buffer's end and the arena and scratch are placed
   after they are dead, over their space: in a buffer of exactly gir_plan_compile_size bytes they cover bytes the
   temporaries wrote, and the size is less than the plan's bytes plus the temporaries' */
static int test_plan_buffer_temporaries_overlap_the_arena(void) {
    plan_mlp m;
    gir_plan *q = NULL;
    gir_compile_desc d;
    size_t need = 0, end, k;
    unsigned char *buf;
    int touched = 0;
    CHECK(plan_mlp_build(&m, 16, 32, NULL), "build: %s", gir_graph_message(m.g));
    CHECK(gir_plan_compile_size(m.g, m.nout, m.out, NULL, &need) == GIR_OK, "size: %s", gir_graph_message(m.g));
    buf = (unsigned char *)malloc(need);
    memset(buf, 0xA5, need);
    memset(&d, 0, sizeof d);
    d.buffer = buf;
    d.buffer_bytes = need;
    CHECK(gir_plan_compile(m.g, m.nout, m.out, &d, &q) == GIR_OK, "compile: %s", gir_graph_message(m.g));
    CHECK(q->bump.tpeak > 0, "no temporaries at the buffer's end");
    end = (size_t)(q->bump.base - buf) + (q->bump.cap & ~(size_t)7);
    for (k = end - q->bump.tpeak; k < end; ++k) touched += buf[k] != 0xA5;
    CHECK(touched > 0, "the temporaries wrote nothing at the buffer's end");
    CHECK(q->arena && q->scratch && (unsigned char *)q->scratch + q->scratch_bytes > buf + end - q->bump.tpeak,
          "the arena and scratch [%zu, %zu) do not reach the temporaries' space from %zu", (size_t)(q->arena - buf),
          (size_t)((unsigned char *)q->scratch - buf) + q->scratch_bytes, end - q->bump.tpeak);
    CHECK(need < (size_t)(q->bump.base - buf) + q->bump.used + q->bump.tpeak, "no space shared: %zu", need);
    gir_plan_free(q);
    gir_graph_free(m.g);
    free(buf);
    return 1;
}
/* the buffer plan computes what the ordinary plan computes: the same loss and updates, bit for bit */
static int test_plan_buffer_same_results(void) {
    gir_graph *g = gir_graph_new(NULL);
    gir_node x = gir_input(g, GIR_DTYPE_F64, gir_shape2(7, 5)), c, y[2];
    gir_plan *p = NULL, *q = NULL;
    gir_compile_desc d;
    double xv[35], cv[35];
    size_t need;
    void *buf;
    int k;
    for (k = 0; k < 35; ++k) { xv[k] = k * 0.1 - 1.3; cv[k] = 0.5 + k * 0.01; }
    c = gir_constant(g, GIR_DTYPE_F64, gir_shape2(7, 5), cv);
    y[0] = gir_tanh(g, gir_mul(g, gir_exp(g, x), gir_log(g, c)));
    y[1] = gir_sum(g, gir_matmul(g, y[0], gir_transpose(g, x, gir_ints2(1, 0))), gir_ints0(), 0);
    CHECK(gir_plan_compile_size(g, 2, y, NULL, &need) == GIR_OK, "size: %s", gir_graph_message(g));
    buf = malloc(need);
    memset(&d, 0, sizeof d);
    d.buffer = buf;
    d.buffer_bytes = need;
    CHECK(gir_plan_compile(g, 2, y, NULL, &p) == GIR_OK && gir_plan_compile(g, 2, y, &d, &q) == GIR_OK, "compile: %s",
          gir_graph_message(g));
    gir_plan_bind(p, x, xv);
    gir_plan_bind(q, x, xv);
    for (k = 0; k < 2; ++k) {
        CHECK(gir_plan_run(p) == GIR_OK && gir_plan_run(q) == GIR_OK, "run");
        if (!plan_same_outputs(g, p, q, 2, y, "buffer plan")) { gir_plan_free(p); gir_plan_free(q); free(buf); return 0; }
    }
    gir_plan_free(q);
    gir_plan_free(p);
    gir_graph_free(g);
    free(buf);
    return 1;
}

/* a constraint that closes a cycle (with data edges or other constraints, or a node before itself) is an error
   naming both nodes that adds nothing; the graph goes on */
static int test_plan_constrain_cycle(void) {
    gir_graph *g = gir_graph_new(NULL);
    gir_node x = gir_input(g, GIR_DTYPE_F32, gir_shape1(4)), a, b, c, d, y;
    gir_plan *p = NULL;
    char want[64];
    a = gir_exp(g, x);
    b = gir_tanh(g, a);
    c = gir_sin(g, x);
    d = gir_cos(g, x);
    y = gir_add(g, gir_add(g, b, c), d);
    CHECK(gir_graph_constrain(g, b, a) == GIR_ERR_INVALID_ARG, "b before a (b reads a) accepted");
    snprintf(want, sizeof want, "node %u", (unsigned)b.id);
    CHECK(strstr(gir_graph_message(g), want) && strstr(gir_graph_message(g), "cycle"), "message: %s", gir_graph_message(g));
    snprintf(want, sizeof want, "node %u", (unsigned)a.id);
    CHECK(strstr(gir_graph_message(g), want), "message does not name node %u: %s", (unsigned)a.id, gir_graph_message(g));
    CHECK(gir_graph_constrain(g, a, a) == GIR_ERR_INVALID_ARG, "a before itself accepted");
    CHECK(gir_graph_constrain(g, c, d) == GIR_OK, "c before d: %s", gir_graph_message(g));
    CHECK(gir_graph_constrain(g, d, b) == GIR_OK, "d before b: %s", gir_graph_message(g));
    CHECK(gir_graph_constrain(g, b, c) == GIR_ERR_INVALID_ARG, "b before c closes c -> d -> b -> c: accepted");
    CHECK(gir_graph_constrain(g, y, x) == GIR_ERR_INVALID_ARG, "y before its input accepted");
    CHECK(plan_compile(g, 1, &y, GIR_COMPILE_NO_FUSION, &p) == GIR_ERR_INVALID_ARG && !p, "compiled holding an error");
    gir_graph_clear_error(g);
    CHECK(plan_compile(g, 1, &y, GIR_COMPILE_NO_FUSION, &p) == GIR_OK, "compile after the errors: %s", gir_graph_message(g));
    CHECK(g->ncons == 4, "%zu constraint entries, want 2 pairs", g->ncons);
    gir_plan_free(p);
    gir_graph_free(g);
    return 1;
}
/* the traffic counts (gir_plan_stats bytes_read / bytes_written): a fused chain reads its input once and writes
   its output once; unfused, each step counts; an input read twice by one step counts once; an assign writes its
   value and the variable and does not read the variable it writes; a constant subgraph run once is left out */
static int test_plan_traffic(void) {
    gir_graph *g = gir_graph_new(NULL);
    gir_node x = gir_input(g, GIR_DTYPE_F32, gir_shape1(1000)), y = gir_tanh(g, gir_exp(g, gir_mul(g, x, x)));
    gir_node v = gir_variable(g, GIR_DTYPE_F64, gir_shape1(100), NULL), u, c;
    gir_plan *p = NULL;
    gir_plan_stats st;
    CHECK(plan_compile(g, 1, &y, 0, &p) == GIR_OK, "compile: %s", gir_graph_message(g));
    st = gir_plan_query_stats(p);
    CHECK(st.bytes_read == 4000 && st.bytes_written == 4000, "fused: %llu read, %llu written",
          (unsigned long long)st.bytes_read, (unsigned long long)st.bytes_written);
    gir_plan_free(p);
    CHECK(plan_compile(g, 1, &y, GIR_COMPILE_NO_FUSION, &p) == GIR_OK, "compile: %s", gir_graph_message(g));
    st = gir_plan_query_stats(p);
    CHECK(st.bytes_read == 12000 && st.bytes_written == 12000, "unfused: %llu read, %llu written",
          (unsigned long long)st.bytes_read, (unsigned long long)st.bytes_written);
    gir_plan_free(p);
    u = gir_assign(g, v, gir_mul(g, v, gir_scalar(g, GIR_DTYPE_F64, 2)));
    CHECK(plan_compile(g, 1, &u, GIR_COMPILE_NO_FUSION | GIR_COMPILE_NO_INPLACE, &p) == GIR_OK, "compile: %s",
          gir_graph_message(g));
    st = gir_plan_query_stats(p);           /* mul: reads v (800) and the scalar (8), writes 800; assign: 800 + 800 */
    CHECK(st.bytes_read == 1608 && st.bytes_written == 2400, "assign: %llu read, %llu written",
          (unsigned long long)st.bytes_read, (unsigned long long)st.bytes_written);
    gir_plan_free(p);
    CHECK(plan_compile(g, 1, &u, GIR_COMPILE_NO_FUSION, &p) == GIR_OK, "compile: %s", gir_graph_message(g));
    st = gir_plan_query_stats(p);           /* the mul writes v in place: no assign step */
    CHECK(st.bytes_read == 808 && st.bytes_written == 800 && gir_plan_step_node(p, st.steps - 1).id != u.id,
          "assign in place: %llu read, %llu written, an assign step", (unsigned long long)st.bytes_read,
          (unsigned long long)st.bytes_written);
    gir_plan_free(p);
    c = gir_add(g, x, gir_exp(g, gir_ones(g, GIR_DTYPE_F32, gir_shape1(1000))));
    CHECK(plan_compile(g, 1, &c, GIR_COMPILE_NO_FUSION, &p) == GIR_OK, "compile: %s", gir_graph_message(g));
    st = gir_plan_query_stats(p);           /* ones and exp run once: add reads 8000, writes 4000 */
    CHECK(st.bytes_read == 8000 && st.bytes_written == 4000, "folded: %llu read, %llu written",
          (unsigned long long)st.bytes_read, (unsigned long long)st.bytes_written);
    gir_plan_free(p);
    gir_graph_free(g);
    return 1;
}
static int plan_pos(const gir_plan *p, gir_node n) {
    int k;
    for (k = 0; k < gir_plan_query_stats(p).steps; ++k)
        if (gir_plan_step_node(p, k).id == n.id) return k;
    return -1;
}
/* the step order honours constraints in every mode; a constraint on a node the plan does not compute is ignored */
static int test_plan_constraints_honoured(void) {
    gir_graph *g = gir_graph_new(NULL);
    gir_node x = gir_input(g, GIR_DTYPE_F32, gir_shape1(1000)), e, s, c, y;
    gir_plan *p = NULL;
    unsigned fl[3] = {GIR_COMPILE_NO_FUSION, GIR_COMPILE_NO_FUSION | PLAN_NAIVE, GIR_COMPILE_NO_FUSION | GIR_COMPILE_NO_INPLACE};
    int f;
    e = gir_exp(g, x);
    s = gir_sin(g, x);
    c = gir_cos(g, x);
    y = gir_add(g, gir_add(g, e, s), c);
    CHECK(plan_compile(g, 1, &y, GIR_COMPILE_NO_FUSION | PLAN_NAIVE, &p) == GIR_OK, "compile");
    CHECK(plan_pos(p, e) < plan_pos(p, c), "without constraints exp runs first (creation order)");
    gir_plan_free(p);
    CHECK(gir_graph_constrain(g, c, e) == GIR_OK && gir_graph_constrain(g, s, c) == GIR_OK, "constrain: %s", gir_graph_message(g));
    for (f = 0; f < 3; ++f) {
        CHECK(plan_compile(g, 1, &y, fl[f], &p) == GIR_OK, "compile: %s", gir_graph_message(g));
        CHECK(plan_pos(p, s) >= 0 && plan_pos(p, s) < plan_pos(p, c) && plan_pos(p, c) < plan_pos(p, e),
              "flags %u: sin at %d, cos at %d, exp at %d", fl[f], plan_pos(p, s), plan_pos(p, c), plan_pos(p, e));
        gir_plan_free(p);
    }
    CHECK(plan_compile(g, 1, &e, 0, &p) == GIR_OK && gir_plan_query_stats(p).steps == 1, "exp alone: %s", gir_graph_message(g));
    gir_plan_free(p);
    gir_graph_free(g);
    return 1;
}
/* a constraint against the order of variable updates (the assign must follow every reader of the variable) is
   a compile error naming a node, not a wrong plan */
static int test_plan_constraint_vs_assign(void) {
    gir_graph *g = gir_graph_new(NULL);
    float w0[3] = {1, 2, 3};
    gir_node w = gir_variable(g, GIR_DTYPE_F32, gir_shape1(3), w0), r, a, outs[2];
    gir_plan *p = NULL;
    r = gir_exp(g, w);
    a = gir_assign(g, w, gir_mul(g, w, gir_scalar(g, GIR_DTYPE_F32, 2.0)));
    CHECK(gir_graph_constrain(g, a, r) == GIR_OK, "constrain: %s", gir_graph_message(g));
    outs[0] = r; outs[1] = a;
    CHECK(gir_plan_compile(g, 2, outs, NULL, &p) == GIR_ERR_INVALID_ARG && !p, "assign before a reader of its variable compiled");
    CHECK(strstr(gir_graph_message(g), "cycle") != NULL, "message: %s", gir_graph_message(g));
    gir_graph_free(g);
    return 1;
}

/* ten chained tanh of 1M f32 (unfused): two buffers' worth without in-place, one with it, ten naive */
static int test_plan_tanh_chain_buffers(void) {
    gir_graph *g = gir_graph_new(NULL);
    gir_node x = gir_input(g, GIR_DTYPE_F32, gir_shape1(1 << 20)), y = x;
    gir_plan *p = NULL;
    size_t one = ((size_t)4 << 20), got[3];
    unsigned fl[3] = {GIR_COMPILE_NO_FUSION | GIR_COMPILE_NO_INPLACE, GIR_COMPILE_NO_FUSION, GIR_COMPILE_NO_FUSION | PLAN_NAIVE};
    int k;
    for (k = 0; k < 10; ++k) y = gir_tanh(g, y);
    for (k = 0; k < 3; ++k) {
        CHECK(plan_compile(g, 1, &y, fl[k], &p) == GIR_OK, "compile");
        got[k] = gir_plan_query_stats(p).arena_bytes;
        if (k == 0) CHECK(gir_plan_query_stats(p).live_peak == 2 * one, "live peak %zu", gir_plan_query_stats(p).live_peak);
        if (k == 1) CHECK(gir_plan_query_stats(p).inplace_steps == 9, "%d in-place steps", gir_plan_query_stats(p).inplace_steps);
        gir_plan_free(p);
    }
    CHECK(got[0] == 2 * one && got[1] == one && got[2] == 10 * one, "arena %zu / %zu / %zu bytes, want %zu / %zu / %zu",
          got[0], got[1], got[2], 2 * one, one, 10 * one);
    gir_graph_free(g);
    return 1;
}
/* creation order computes four big values before reducing any: the scheduler interleaves them, the peak drops */
static int test_plan_schedule_lowers_peak(void) {
    gir_graph *g = gir_graph_new(NULL);
    gir_node x = gir_input(g, GIR_DTYPE_F32, gir_shape1(10000)), big[4], y;
    gir_plan *p = NULL, *q = NULL;
    float *xv = (float *)malloc(10000 * sizeof(float));
    int k;
    for (k = 0; k < 10000; ++k) xv[k] = (float)(k % 17) * 0.01f;
    for (k = 0; k < 4; ++k) big[k] = gir_exp(g, gir_mul(g, x, gir_scalar(g, GIR_DTYPE_F32, 1.0 + k)));
    y = gir_sum(g, big[0], gir_ints0(), 0);
    for (k = 1; k < 4; ++k) y = gir_add(g, y, gir_sum(g, big[k], gir_ints0(), 0));
    CHECK(plan_compile(g, 1, &y, GIR_COMPILE_NO_FUSION, &p) == GIR_OK &&
          plan_compile(g, 1, &y, GIR_COMPILE_NO_FUSION | PLAN_NAIVE, &q) == GIR_OK, "compile");
    CHECK(p->sched_greedy, "the memory-greedy order was not taken");
    CHECK(gir_plan_query_stats(p).live_peak * 2 < gir_plan_query_stats(q).live_peak, "peak %zu, creation order %zu", gir_plan_query_stats(p).live_peak,
          gir_plan_query_stats(q).live_peak);
    gir_plan_bind(p, x, xv);
    gir_plan_bind(q, x, xv);
    CHECK(gir_plan_run(p) == GIR_OK && gir_plan_run(q) == GIR_OK, "run");
    CHECK(gir_plan_scalar(p, y) == gir_plan_scalar(q, y), "%.9g vs %.9g", gir_plan_scalar(p, y), gir_plan_scalar(q, y));
    gir_plan_free(p);
    gir_plan_free(q);
    gir_graph_free(g);
    free(xv);
    return 1;
}
/* steps that read constants only run on the first gir_plan_run; later runs skip them and give the same values */
static int test_plan_constant_subgraph_once(void) {
    gir_graph *g = gir_graph_new(NULL);
    double cv[6] = {0.1, 0.2, 0.3, 0.4, 0.5, 0.6}, xv[6] = {1, -2, 3, -4, 5, -6};
    gir_node x = gir_input(g, GIR_DTYPE_F64, gir_shape1(6)), c, k1, y;
    gir_plan *p = NULL, *q = NULL;
    gir_plan_value info;
    int r, n, nc;
    c = gir_constant(g, GIR_DTYPE_F64, gir_shape1(6), cv);
    k1 = gir_tanh(g, gir_exp(g, gir_mul(g, c, gir_scalar(g, GIR_DTYPE_F64, 3.0))));
    y = gir_add(g, gir_mul(g, x, k1), gir_sum(g, k1, gir_ints0(), 0));
    CHECK(plan_compile(g, 1, &y, GIR_COMPILE_NO_FUSION, &p) == GIR_OK &&
          plan_compile(g, 1, &y, GIR_COMPILE_NO_FUSION | GIR_COMPILE_NO_FOLD, &q) == GIR_OK, "compile");
    n = gir_plan_query_stats(p).steps;
    for (r = 0, nc = 0; r < n; ++r)              /* steps of nodes the graph calls constant */
        nc += gir_node_type_of(g, gir_plan_step_node(q, r)) == GIR_NODE_CONSTANT_DERIVED ||
              gir_node_type_of(g, gir_plan_step_node(q, r)) == GIR_NODE_CONSTANT;      /* a fill (gir_scalar) */
    CHECK(nc >= 4 && gir_plan_query_stats(p).folded_steps == nc && gir_plan_query_stats(q).folded_steps == 0, "%d / %d run-once steps, want %d / 0",
          gir_plan_query_stats(p).folded_steps, gir_plan_query_stats(q).folded_steps, nc);
    CHECK(gir_plan_value_info(p, k1, &info) == GIR_OK && info.kind == GIR_VALUE_KEPT, "k1 is not kept");
    gir_plan_bind(p, x, xv);
    gir_plan_bind(q, x, xv);
    for (r = 0; r < 3; ++r) {
        CHECK(gir_plan_run(p) == GIR_OK && gir_plan_run(q) == GIR_OK, "run");
        CHECK(memcmp(gir_plan_data(p, y), gir_plan_data(q, y), sizeof xv) == 0, "run %d: values differ", r);
        xv[r] += 1.0;
    }
    CHECK(gir_plan_query_stats(p).steps_run == (uint64_t)(3 * n - 2 * nc), "%llu steps run, want %d",
          (unsigned long long)gir_plan_query_stats(p).steps_run, 3 * n - 2 * nc);
    CHECK(gir_plan_query_stats(q).steps_run == (uint64_t)(3 * n), "unfolded plan ran %llu steps", (unsigned long long)gir_plan_query_stats(q).steps_run);
    gir_plan_free(p);
    gir_plan_free(q);
    gir_graph_free(g);
    return 1;
}
/* 100k nodes compile (a chain with side branches), quickly enough for the runner, into a small arena */
static int test_plan_100k_nodes(void) {
    gir_graph *g = gir_graph_new(NULL);
    gir_node x = gir_input(g, GIR_DTYPE_F32, gir_shape1(16)), y = x;
    gir_plan *p = NULL;
    int k;
    for (k = 0; k < 33333; ++k) y = gir_add(g, gir_tanh(g, y), gir_sin(g, y));
    CHECK(gir_graph_status(g) == GIR_OK, "build: %s", gir_graph_message(g));
    CHECK(plan_compile(g, 1, &y, GIR_COMPILE_NO_FUSION, &p) == GIR_OK, "compile: %s", gir_graph_message(g));
    CHECK(gir_plan_query_stats(p).steps == 99999, "%d steps", gir_plan_query_stats(p).steps);
    CHECK(gir_plan_query_stats(p).arena_bytes <= 4 * 64, "arena %zu bytes for values of 64", gir_plan_query_stats(p).arena_bytes);
    gir_plan_free(p);
    gir_graph_free(g);
    return 1;
}
/* every allocation of constrain, compile_size, compile and a buffer compile failing in turn: OUT_OF_MEMORY,
   nothing leaks */
static gir_status plan_oom_job(const gir_allocator *al, int *done) {
    plan_mlp m;
    gir_plan *p = NULL, *q = NULL;
    gir_compile_desc d;
    size_t need = 0;
    void *buf = NULL;
    gir_status s;
    *done = 0;
    if (!plan_mlp_build(&m, 2, 4, al)) {
        s = m.g ? gir_graph_status(m.g) : GIR_ERR_OUT_OF_MEMORY;
        gir_graph_free(m.g);
        return s == GIR_OK ? GIR_ERR_OUT_OF_MEMORY : s;
    }
    s = gir_graph_constrain(m.g, m.out[1], m.out[2]);
    if (s == GIR_OK) s = gir_plan_compile_size(m.g, m.nout, m.out, NULL, &need);
    if (s == GIR_OK) s = gir_plan_compile(m.g, m.nout, m.out, NULL, &p);
    if (s == GIR_OK && !(buf = malloc(need))) s = GIR_ERR_INVALID_ARG;
    if (s == GIR_OK) {
        memset(&d, 0, sizeof d);
        d.buffer = buf;
        d.buffer_bytes = need;
        s = gir_plan_compile(m.g, m.nout, m.out, &d, &q);
    }
    *done = s == GIR_OK;
    gir_plan_free(q);
    gir_plan_free(p);
    free(buf);
    gir_graph_free(m.g);
    return s;
}
/* the matmul step of plan p that adds into a third input, or -1 */
static int plan_accum_step(const gir_plan *p) {
    uint32_t k;
    for (k = 0; k < p->nsteps; ++k)
        if (p->steps[k].op == GIR_OP_MATMUL && p->steps[k].nin == 3) return (int)k;
    return -1;
}
/* X + A B (GIR_ACCUM): one GEMM adding into X, over X where X dies there, with the bits of the matmul and the add,
   for the shapes of each GEMM path (outer, row and column vectors, dots, packed), A read transposed or not, f32
   and f64; not folded past the depth block (129), nor when the product has another reader */
static int test_plan_accumulate(void) {
    static const int mkn[][3] = {{3, 1, 4}, {1, 5, 7}, {6, 5, 1}, {2, 16, 3}, {37, 16, 53}, {20, 128, 40},
                                 {20, 129, 40}, {9, 33, 17}};
    int c, dti, tr, twice;
    for (c = 0; c < (int)(sizeof mkn / sizeof mkn[0]); ++c)
        for (dti = 0; dti < 2; ++dti)
            for (tr = 0; tr < 2; ++tr)
                for (twice = 0; twice < 2; ++twice) {
                    int m = mkn[c][0], kk = mkn[c][1], n = mkn[c][2], j, s, fold = kk <= 128 && !twice;
                    gir_dtype dt = dti ? GIR_DTYPE_F64 : GIR_DTYPE_F32;
                    gir_graph *g = gir_graph_new(NULL);
                    double *v = (double *)malloc(sizeof(double) * (size_t)(m * kk + kk * n + m * n));
                    gir_node a, b, x, xin, y[2];
                    gir_plan *p[2] = {NULL, NULL};
                    for (j = 0; j < m * kk + kk * n + m * n; ++j) v[j] = sin(0.7 * j + c) * (j % 3 ? 1.0 : 1e-3);
                    a = gir_cast(g, gir_constant(g, GIR_DTYPE_F64, tr ? gir_shape2(kk, m) : gir_shape2(m, kk), v), dt);
                    if (tr) a = gir_transpose(g, a, gir_ints2(1, 0));
                    b = gir_cast(g, gir_constant(g, GIR_DTYPE_F64, gir_shape2(kk, n), v + m * kk), dt);
                    xin = gir_input(g, GIR_DTYPE_F64, gir_shape2(m, n));
                    x = gir_tanh(g, gir_cast(g, xin, dt));
                    y[1] = gir_matmul(g, a, b);
                    y[0] = gir_add(g, x, y[1]);
                    CHECK(plan_compile(g, 1 + twice, y, 0, &p[0]) == GIR_OK &&
                          plan_compile(g, 1 + twice, y, GIR_COMPILE_NO_ACCUM, &p[1]) == GIR_OK, "compile: %s",
                          gir_graph_message(g));
                    s = plan_accum_step(p[0]);
                    CHECK((s >= 0) == fold && plan_accum_step(p[1]) < 0, "%dx%dx%d %s tr %d, product read %d "
                          "times: the accumulating step is %d (%d without)", m, kk, n, gir_dtype_name(dt), tr,
                          1 + twice, s, plan_accum_step(p[1]));
                    CHECK(s < 0 || (p[0]->steps[s].flags & GIR__STEP_INPLACE), "%dx%dx%d: the GEMM is not in place "
                          "over the tanh that dies there", m, kk, n);
                    for (j = 0; j < 2; ++j) {
                        gir_plan_bind(p[j], xin, v + m * kk + kk * n);
                        CHECK(gir_plan_run(p[j]) == GIR_OK, "run: %s", gir_plan_message(p[j]));
                    }
                    if (!plan_same_outputs(g, p[0], p[1], 1 + twice, y, "accumulate")) return 0;
                    gir_plan_free(p[0]);
                    gir_plan_free(p[1]);
                    gir_graph_free(g);
                    free(v);
                }
    return 1;
}
static int test_plan_oom_sweep(void) { return oom_sweep(plan_oom_job); }

static void suite_plan(void) {
    RUN("plan/every_op_same_bits_reuse_inplace_fold", test_plan_every_op_same_bits());
    RUN("plan/mlp_training_same_bits", test_plan_mlp_training_same_bits());
    RUN("plan/buffer_exact_size_one_byte_less_fails", test_plan_buffer_exact_size());
    RUN("plan/compile_size_without_the_allocator", test_plan_compile_size_without_the_allocator());
    RUN("plan/buffer_temporaries_overlap_the_arena", test_plan_buffer_temporaries_overlap_the_arena());
    RUN("plan/buffer_same_results", test_plan_buffer_same_results());
    RUN("plan/constrain_cycle_rejected", test_plan_constrain_cycle());
    RUN("plan/constraints_honoured", test_plan_constraints_honoured());
    RUN("plan/constraint_vs_assign_order", test_plan_constraint_vs_assign());
    RUN_MIB(48, "plan/tanh_chain_two_buffers", test_plan_tanh_chain_buffers());   /* the naive plan: 40 MiB */
    RUN("plan/schedule_lowers_peak", test_plan_schedule_lowers_peak());
    RUN("plan/constant_subgraph_runs_once", test_plan_constant_subgraph_once());
    RUN_MIB(32, "plan/compile_100k_nodes", test_plan_100k_nodes());
    RUN("plan/oom_sweep_compile", test_plan_oom_sweep());
    RUN("plan/checker_every_plan", test_plan_checker());
    RUN("plan/traffic_counts", test_plan_traffic());
    RUN("plan/accumulate_into_the_sum", test_plan_accumulate());
}
