/* unit/image.c - plan images (gir_plan_write_image, gir_image_*): every golden case run from an image gives the bits of
 * its plan; a training image gives the bits of its training plan step after step; a bad image, list, buffer,
 * RAM or binding is an error with a message, never a crash. Included by unit/main.c. */

/* an image of plan p in malloc'd memory (8-aligned), opened in malloc'd RAM of exactly gir_image_ram_size bytes
   placed at the worst alignment (8 past a multiple of GIR__ALIGN); NULL with `why` set on failure */
typedef struct img_box { void *img, *ramraw; size_t len; gir_image *m; } img_box;
static void img_box_free(img_box *b) { free(b->img); free(b->ramraw); memset(b, 0, sizeof *b); }
static int img_make(gir_plan *p, int n_in, const gir_node *ins, int n_out, const gir_node *outs, img_box *b) {
    size_t ram = 0;
    unsigned char *r;
    char msg[GIR__MSG];
    memset(b, 0, sizeof *b);
    if (gir_plan_write_image(p, n_in, ins, n_out, outs, NULL, 0, &b->len) != GIR_OK || !b->len)
        FAILF("plan_image (size): %s", gir_plan_message(p));
    b->img = malloc(b->len);
    if (gir_plan_write_image(p, n_in, ins, n_out, outs, b->img, b->len, &b->len) != GIR_OK)
        FAILF("plan_image: %s", gir_plan_message(p));
    if (gir_image_ram_size(b->img, b->len, &ram) != GIR_OK) FAILF("image_ram_size failed");
    {   /* the target figure of this very build is the figure (on every host the runner runs on) */
        gir_image_target t = gir_image_target_native();
        size_t for_t = 0;
        if (gir_image_ram_size_for(b->img, b->len, &t, &for_t) != GIR_OK || for_t != ram)
            FAILF("image_ram_size_for(native {%d, %s, %d, %d}) = %lu, image_ram_size %lu", t.ptr_bytes, t.isa,
                  t.packed_gemm, t.error_strings, (unsigned long)for_t, (unsigned long)ram);
    }
    b->ramraw = malloc(ram + 2 * GIR__ALIGN);
    r = (unsigned char *)b->ramraw + (GIR__ALIGN - (uintptr_t)b->ramraw % GIR__ALIGN) % GIR__ALIGN + 8;
    if (gir_image_open(b->img, b->len, r, ram, &b->m, msg, sizeof msg) != GIR_OK) FAILF("image_open: %s", msg);
    return 1;
}

/* every golden case with outputs: compiled without fusion, the plan and its image run on the same inputs and give
   the same bytes (random ops too: their streams are keyed by node and run) */
static int image_case(const gcase *c) {
    built b;
    gir_plan *p = NULL;
    gir_compile_desc d;
    gir_node ins[8];
    img_box ib;
    size_t bytes = 0;
    const void *want, *got;
    int k, n = 0, ok;
    if (!build_case(c, 0, &b)) { built_free(&b); return 0; }
    memset(&d, 0, sizeof d);
    d.flags = GIR_COMPILE_NO_FUSION;
    for (k = 0; k < c->nin; ++k)
        if (gir_node_op(b.g, b.in[k]) == GIR_OP_INPUT) ins[n++] = b.in[k];
    if (gir_plan_compile(b.g, 1, &b.y, &d, &p) != GIR_OK) {
        snprintf(why, sizeof why, "compile: %s", gir_graph_message(b.g));
        built_free(&b);
        return 0;
    }
    if (!img_make(p, n, ins, 1, &b.y, &ib)) { gir_plan_free(p); img_box_free(&ib); built_free(&b); return 0; }
    for (k = n = 0; k < c->nin; ++k)
        if (gir_node_op(b.g, b.in[k]) == GIR_OP_INPUT) {
            gir_image_bind(ib.m, n++, b.buf[k], (size_t)gir_node_numel(b.g, b.in[k]) * gir_dtype_size((gir_dtype)b.dt[k]));
        }
    ok = bind_all(p, &b, c) && gir_plan_run(p) == GIR_OK && gir_image_run(ib.m) == GIR_OK;
    want = gir_plan_data(p, b.y);
    got = gir_image_output(ib.m, 0, &bytes);
    if (!ok) snprintf(why, sizeof why, "run: %s / %s", gir_plan_message(p), gir_image_message(ib.m));
    else if (bytes != (size_t)gir_node_numel(b.g, b.y) * gir_dtype_size(gir_node_dtype(b.g, b.y)) ||
             (bytes && (!want || !got || memcmp(want, got, bytes)))) {
        snprintf(why, sizeof why, "the image's output (%lu bytes) differs from the plan's", (unsigned long)bytes);
        ok = 0;
    }
    gir_plan_free(p);
    img_box_free(&ib);
    built_free(&b);
    return ok;
}
static int test_image_golden_cases(void) {
    int k, n = 0;
    for (k = 0; k < ncases; ++k) {
        if (!cases[k].has_out) continue;
        if (!image_case(&cases[k])) {
            char w[800];
            memcpy(w, why, sizeof w - 1);
            w[sizeof w - 1] = 0;
            FAILF("case %d (%s): %s", k, cases[k].op, w);
        }
        ++n;
    }
    CHECK(n > 300, "only %d golden cases", n);
    return 1;
}

/* a 16-8-4 MLP trained inside the plan by Adam, or by SGD (its updates folded into the weight gradients' GEMMs,
   gen/80-plan/update.c): the image, written before the first step, takes the same steps bit for bit (loss and
   every variable) */
typedef struct img_mlp { gir_graph *g; gir_node x, y, lr, var[4], outs[1 + GIR_OPTIM_MAX_UPDATES(4)]; int nout; } img_mlp;
static int img_mlp_build(img_mlp *t, int batch, gir_optim_kind kind) {
    static const int32_t sh[4][2] = {{16, 8}, {1, 8}, {8, 4}, {1, 4}};
    gir_node grads[4], logits;
    gir_optim_desc opt;
    int i;
    t->g = gir_graph_new(NULL);
    for (i = 0; i < 4; ++i) t->var[i] = gir_variable(t->g, GIR_DTYPE_F32, gir_shape2(sh[i][0], sh[i][1]), NULL);
    for (i = 0; i < 4; i += 2) gir_init_uniform(t->g, t->var[i], -0.5, 0.5, (uint64_t)i + 7);
    t->x = gir_input(t->g, GIR_DTYPE_F32, gir_shape2(batch, 16));
    t->y = gir_input(t->g, GIR_DTYPE_I32, gir_shape1(batch));
    t->lr = gir_input(t->g, GIR_DTYPE_F64, gir_shape0());
    logits = gir_add(t->g, gir_matmul(t->g, gir_relu(t->g, gir_add(t->g, gir_matmul(t->g, t->x, t->var[0]), t->var[1])),
                                      t->var[2]), t->var[3]);
    t->outs[0] = gir_mean(t->g, gir_xent_logits(t->g, logits, t->y), gir_ints0(), 0);
    CHECK(gir_grad(t->g, t->outs[0], 4, t->var, grads) == GIR_OK, "grad: %s", gir_graph_message(t->g));
    opt = gir_optim_defaults(kind);
    t->nout = 1 + gir_optim_updates(t->g, &opt, 4, t->var, grads, t->lr, t->outs + 1);
    CHECK(gir_graph_status(t->g) == GIR_OK, "build: %s", gir_graph_message(t->g));
    return 1;
}
static int test_image_training_bit_equal(gir_optim_kind kind) {
    enum { B = 6 };
    img_mlp t;
    gir_plan *p = NULL;
    gir_compile_desc d;
    img_box ib;
    gir_node ins[3], reads[5];
    float x[B * 16];
    int32_t y[B];
    double lr = kind == GIR_OPTIM_SGD ? 0.1 : 0.01;
    unsigned st = 11;
    int i, step;
    if (!img_mlp_build(&t, B, kind)) { gir_graph_free(t.g); return 0; }
    for (i = 0; i < B * 16; ++i) x[i] = (float)frand(&st);
    for (i = 0; i < B; ++i) y[i] = (int32_t)(i % 4);
    memset(&d, 0, sizeof d);
    d.flags = GIR_COMPILE_NO_FUSION;
    ins[0] = t.x; ins[1] = t.y; ins[2] = t.lr;
    reads[0] = t.outs[0];
    for (i = 0; i < 4; ++i) reads[1 + i] = t.var[i];
    if (gir_plan_compile(t.g, t.nout, t.outs, &d, &p) != GIR_OK || !img_make(p, 3, ins, 5, reads, &ib)) {
        if (!why[0]) snprintf(why, sizeof why, "compile: %s", gir_graph_message(t.g));
        gir_plan_free(p); gir_graph_free(t.g); img_box_free(&ib);
        return 0;
    }
    for (i = 0, step = 0; i < (int)p->nsteps; ++i) step += p->steps[i].op == GIR_OP_MATMUL && p->steps[i].nin == 3;
    if ((kind == GIR_OPTIM_SGD) != (step == 2)) snprintf(why, sizeof why, "%d folded updates", step);
    gir_plan_bind(p, t.x, x); gir_plan_bind(p, t.y, y); gir_plan_bind(p, t.lr, &lr);
    gir_image_bind(ib.m, 0, x, sizeof x); gir_image_bind(ib.m, 1, y, sizeof y); gir_image_bind(ib.m, 2, &lr, sizeof lr);
    for (step = 0; step < 25; ++step) {
        int ok = gir_plan_run(p) == GIR_OK && gir_image_run(ib.m) == GIR_OK;
        for (i = 0; ok && i < 5; ++i) {
            size_t bytes;
            const void *got = gir_image_output(ib.m, i, &bytes);
            ok = bytes == (size_t)gir_node_numel(t.g, reads[i]) * 4 && !memcmp(got, gir_plan_data(p, reads[i]), bytes);
        }
        if (!ok) {
            snprintf(why, sizeof why, "step %d: the image's loss or variables differ (%s %s)", step,
                     gir_plan_message(p), gir_image_message(ib.m));
            break;
        }
    }
    if (step == 25 && !(*(const float *)gir_image_output(ib.m, 0, NULL) < 1.2f))
        snprintf(why, sizeof why, "the loss did not fall: %g", *(const float *)gir_image_output(ib.m, 0, NULL));
    gir_plan_free(p);
    gir_graph_free(t.g);
    img_box_free(&ib);
    return why[0] == 0;
}

/* the writer's errors: fused plans, lists, handles, a small buffer; the plan stays usable */
static int test_image_write_errors(void) {
    gir_graph *g = gir_graph_new(NULL), *g2 = gir_graph_new(NULL);
    gir_node x = gir_input(g, GIR_DTYPE_F32, gir_shape1(5)), u = gir_input(g, GIR_DTYPE_F32, gir_shape1(5));
    gir_node y = gir_exp(g, gir_mul(g, x, x)), z = gir_sin(g, x), o = gir_input(g2, GIR_DTYPE_F32, gir_shape1(5));
    gir_node two[2];
    gir_plan *pf = NULL, *p = NULL;
    gir_compile_desc d;
    size_t len = 0;
    unsigned char small[64];
    float xv[5] = {1, 2, 3, 4, 5};
    memset(&d, 0, sizeof d);
    CHECK(gir_plan_compile(g, 1, &y, NULL, &pf) == GIR_OK, "%s", gir_graph_message(g));
    CHECK(gir_plan_write_image(pf, 1, &x, 1, &y, NULL, 0, &len) == GIR_ERR_INVALID_ARG &&
          strstr(gir_plan_message(pf), "GIR_COMPILE_NO_FUSION"), "a fused plan: %s", gir_plan_message(pf));
    d.flags = GIR_COMPILE_NO_FUSION;
    CHECK(gir_plan_compile(g, 1, &y, &d, &p) == GIR_OK, "%s", gir_graph_message(g));
    CHECK(gir_plan_write_image(p, 0, NULL, 1, &y, NULL, 0, &len) == GIR_ERR_INVALID_ARG &&
          strstr(gir_plan_message(p), "ins does not list"), "input left out: %s", gir_plan_message(p));
    CHECK(gir_plan_write_image(p, 1, &y, 1, &y, NULL, 0, &len) == GIR_ERR_INVALID_ARG &&
          strstr(gir_plan_message(p), "is not an input"), "non-input: %s", gir_plan_message(p));
    CHECK(gir_plan_write_image(p, 1, &o, 1, &y, NULL, 0, &len) == GIR_ERR_HANDLE, "another graph's input: %s",
          gir_plan_message(p));
    CHECK(gir_plan_write_image(p, 1, &x, 1, &z, NULL, 0, &len) == GIR_ERR_INVALID_ARG &&
          strstr(gir_plan_message(p), "not a value of the plan"), "output not in the plan: %s", gir_plan_message(p));
    CHECK(gir_plan_write_image(p, -1, &x, 1, &y, NULL, 0, &len) == GIR_ERR_INVALID_ARG, "negative count");
    CHECK(gir_plan_write_image(p, 1, &x, 1, &y, NULL, 0, NULL) == GIR_ERR_INVALID_ARG, "len NULL");
    two[0] = x; two[1] = u;                    /* an input the plan does not read is accepted */
    CHECK(gir_plan_write_image(p, 2, two, 1, &y, NULL, 0, &len) == GIR_OK && len > 0, "%s", gir_plan_message(p));
    CHECK(gir_plan_write_image(p, 2, two, 1, &y, small, sizeof small, &len) == GIR_ERR_LIMIT &&
          strstr(gir_plan_message(p), "ask with buf NULL"), "small buffer: %s", gir_plan_message(p));
    gir_plan_bind(p, x, xv);
    CHECK(gir_plan_run(p) == GIR_OK && fabs(((const float *)gir_plan_data(p, y))[1] - exp(4.0)) < 1e-3,
          "the plan is unusable after the errors: %s", gir_plan_message(p));
    {                                          /* a step of 17 inputs: more than an image's step reads */
        gir_node many[GIR__IMG_MAXIN + 1], cat;
        gir_plan *pc = NULL;
        int k;
        for (k = 0; k <= GIR__IMG_MAXIN; ++k) many[k] = gir_sin(g, gir_add(g, x, gir_scalar(g, GIR_DTYPE_F32, k)));
        cat = gir_concat(g, GIR__IMG_MAXIN + 1, many, 0);
        CHECK(gir_plan_compile(g, 1, &cat, &d, &pc) == GIR_OK, "%s", gir_graph_message(g));
        k = gir_plan_write_image(pc, 1, &x, 1, &cat, NULL, 0, &len) == GIR_ERR_LIMIT &&
            strstr(gir_plan_message(pc), "reads 17 inputs") != NULL;
        if (!k) snprintf(why, sizeof why, "17 inputs: %s", gir_plan_message(pc));
        gir_plan_free(pc);
        if (!k) { gir_plan_free(pf); gir_plan_free(p); gir_graph_free(g); gir_graph_free(g2); return 0; }
    }
    gir_plan_free(pf);
    gir_plan_free(p);
    gir_graph_free(g);
    gir_graph_free(g2);
    return 1;
}

/* an image with a constant, a variable only read, an unread input; one helper for the reader tests */
static int img_small(img_box *b) {
    gir_graph *g = gir_graph_new(NULL);
    static const float cw[4] = {1, 2, 3, 4};
    float vw[4] = {0.5f, 0.25f, 2, 8};
    gir_node x = gir_input(g, GIR_DTYPE_F32, gir_shape1(4)), unused = gir_input(g, GIR_DTYPE_I32, gir_shape0());
    gir_node c = gir_constant(g, GIR_DTYPE_F32, gir_shape1(4), cw), v = gir_variable(g, GIR_DTYPE_F32, gir_shape1(4), vw);
    gir_node y = gir_softmax(g, gir_mul(g, gir_add(g, x, c), v), 0), ins[2], outs[3];
    gir_plan *p = NULL;
    gir_compile_desc d;
    int ok;
    memset(&d, 0, sizeof d);
    d.flags = GIR_COMPILE_NO_FUSION;
    ins[0] = x; ins[1] = unused;
    outs[0] = y; outs[1] = c; outs[2] = v;
    ok = gir_plan_compile(g, 1, &y, &d, &p) == GIR_OK;
    if (!ok) snprintf(why, sizeof why, "compile: %s", gir_graph_message(g));
    ok = ok && img_make(p, 2, ins, 3, outs, b);
    gir_plan_free(p);
    gir_graph_free(g);
    return ok;
}
static int test_image_run_and_bind(void) {
    img_box b;
    float x[4] = {0, 1, -1, 0.5f}, want[4], s = 0;
    const float *y, *c;
    size_t bytes = 0;
    int i;
    if (!img_small(&b)) { img_box_free(&b); return 0; }
    CHECK(gir_image_run(b.m) == GIR_ERR_UNBOUND && strstr(gir_image_message(b.m), "input 0"), "unbound: %s",
          gir_image_message(b.m));
    CHECK(gir_image_bind(b.m, 0, x, 12) == GIR_ERR_INVALID_ARG && strstr(gir_image_message(b.m), "16 bytes"),
          "wrong size: %s", gir_image_message(b.m));
    CHECK(gir_image_bind(b.m, 0, (const char *)x + 1, 16) == GIR_ERR_INVALID_ARG, "misaligned data accepted");
    CHECK(gir_image_bind(b.m, 2, x, 16) == GIR_ERR_INDEX, "input 2 of 2 accepted");
    CHECK(gir_image_bind(b.m, 1, NULL, 0) == GIR_OK, "the unread input");
    CHECK(gir_image_bind(b.m, 0, x, sizeof x) == GIR_OK && gir_image_run(b.m) == GIR_OK, "%s", gir_image_message(b.m));
    y = (const float *)gir_image_output(b.m, 0, &bytes);
    for (i = 0; i < 4; ++i) s += (want[i] = expf((x[i] + (float)(i + 1)) * (i == 0 ? 0.5f : i == 1 ? 0.25f : i == 2 ? 2.f : 8.f)));
    for (i = 0; i < 4; ++i) CHECK(fabsf(y[i] - want[i] / s) < 1e-6f, "element %d: %g vs %g", i, y[i], want[i] / s);
    c = (const float *)gir_image_output(b.m, 1, &bytes);
    CHECK(bytes == 16 && (const unsigned char *)c > (const unsigned char *)b.img &&
          (const unsigned char *)c < (const unsigned char *)b.img + b.len && c[3] == 4,
          "the constant is not read in place in the image");
    c = (const float *)gir_image_output(b.m, 2, &bytes);
    CHECK((const unsigned char *)c > (const unsigned char *)b.img && (const unsigned char *)c < (const unsigned char *)b.img + b.len,
          "a variable nothing assigns is not read in place");
    CHECK(!gir_image_output(b.m, 3, &bytes) && bytes == 0 && !gir_image_output(b.m, -1, NULL), "output 3 of 3");
    CHECK(gir_image_run(NULL) == GIR_ERR_INVALID_ARG && !gir_image_output(NULL, 0, NULL), "NULL image");
    img_box_free(&b);
    return 1;
}
/* RAM: exactly gir_image_ram_size bytes at any 8-byte alignment open; one byte less fails and says how much */
static int test_image_ram(void) {
    img_box b;
    size_t need = 0;
    unsigned char *raw;
    gir_image *m = NULL;
    char msg[GIR__MSG];
    int a;
    if (!img_small(&b)) { img_box_free(&b); return 0; }
    CHECK(gir_image_ram_size(b.img, b.len, &need) == GIR_OK && need > 0, "ram_size");
    raw = (unsigned char *)malloc(need + 2 * GIR__ALIGN);
    for (a = 0; a < GIR__ALIGN; a += 8) {
        unsigned char *r = raw + (GIR__ALIGN - (uintptr_t)raw % GIR__ALIGN) % GIR__ALIGN + a;
        memset(raw, 0xA5, need + 2 * GIR__ALIGN);
        if (gir_image_open(b.img, b.len, r, need, &m, msg, sizeof msg) != GIR_OK) { free(raw); FAILF("offset %d: %s", a, msg); }
        if (gir_image_open(b.img, b.len, r, need - 1, &m, msg, sizeof msg) != GIR_ERR_OUT_OF_MEMORY || m ||
            !strstr(msg, "too small")) { free(raw); FAILF("one byte less: %s", msg); }
    }
    CHECK(gir_image_open(b.img, b.len, raw + 4 + (8 - (uintptr_t)raw % 8) % 8, need + 8, &m, msg, sizeof msg) ==
          GIR_ERR_INVALID_ARG && strstr(msg, "aligned"), "misaligned ram: %s", msg);
    free(raw);
    img_box_free(&b);
    return 1;
}
/* another target's figure: what its pointers, message and GEMM change; a target gir.h does not know is an error */
static int test_image_ram_for_targets(void) {
    gir_graph *g = gir_graph_new(NULL);
    gir_node x = gir_input(g, GIR_DTYPE_F32, gir_shape2(64, 300)), w = gir_variable(g, GIR_DTYPE_F32, gir_shape2(300, 40), NULL);
    gir_node y = gir_relu(g, gir_matmul(g, x, w));
    gir_compile_desc d;
    gir_plan *p = NULL;
    img_box b;
    gir_image_target m4 = {4, "scalar", 0, 0}, big, t;
    size_t r_m4 = 0, r_big = 0, r_nopack = 0, r = 0;
    memset(&d, 0, sizeof d);
    d.flags = GIR_COMPILE_NO_FUSION;
    CHECK(gir_plan_compile(g, 1, &y, &d, &p) == GIR_OK, "%s", gir_graph_message(g));
    if (!img_make(p, 1, &x, 1, &y, &b)) { gir_plan_free(p); gir_graph_free(g); img_box_free(&b); return 0; }
    big = m4;
    big.ptr_bytes = 8;
    big.error_strings = 1;
    CHECK(gir_image_ram_size_for(b.img, b.len, &m4, &r_m4) == GIR_OK &&
          gir_image_ram_size_for(b.img, b.len, &big, &r_big) == GIR_OK, "ram_size_for");
    /* 8-byte pointers: 16 more bytes of struct (16-aligned), 4 more per value and 8 more per kernel input; the
       long message 224 more */
    CHECK(r_big > r_m4 + 224 + 16, "64-bit target %lu, 32-bit %lu", (unsigned long)r_big, (unsigned long)r_m4);
    t = big;
    t.packed_gemm = 1;
    CHECK(gir_image_ram_size_for(b.img, b.len, &t, &r) == GIR_OK && r > r_big + 300 * 4, "packed scalar GEMM: "
          "%lu, unpacked %lu", (unsigned long)r, (unsigned long)r_big);
    t.isa = "avx512";
    r_nopack = r;
    CHECK(gir_image_ram_size_for(b.img, b.len, &t, &r) == GIR_OK && r != r_nopack, "avx512 blocking %lu", (unsigned long)r);
    t.isa = "sse9";
    CHECK(gir_image_ram_size_for(b.img, b.len, &t, &r) == GIR_ERR_INVALID_ARG && r == 0, "unknown isa");
    t = m4;
    t.ptr_bytes = 2;
    CHECK(gir_image_ram_size_for(b.img, b.len, &t, &r) == GIR_ERR_INVALID_ARG, "2-byte pointers");
    CHECK(gir_image_ram_size_for(b.img, b.len, NULL, &r) == GIR_ERR_INVALID_ARG, "NULL target");
    CHECK(gir_image_ram_size_for(b.img, b.len - 1, &m4, &r) != GIR_OK && r == 0, "truncated image");
    img_box_free(&b);
    gir_plan_free(p);
    gir_graph_free(g);
    return 1;
}
/* a damaged image: every truncation, every single-bit flip (the checksum), and fields made wrong with the
   checksum made right again (the checks behind it) are errors with a message; nothing crashes */
static int img_reopen(img_box *b, unsigned char *copy, char *msg) {
    gir__ihdr h;
    gir_image *m = (gir_image *)1;
    memcpy(&h, copy, sizeof h);
    h.crc = gir__img_crc(copy, h.bytes);
    memcpy(copy, &h, sizeof h);
    return gir_image_open(copy, b->len, b->ramraw, 0, &m, msg, GIR__MSG) != GIR_OK && m == NULL;
}
static int test_image_damaged(void) {
    img_box b;
    unsigned char *copy;
    char msg[GIR__MSG];
    gir__ihdr h;
    gir__ival *v;
    gir__step *s;
    gir_image *m = NULL;
    size_t k, ram = 0;
    int bit, tried = 0;
    if (!img_small(&b)) { img_box_free(&b); return 0; }
    copy = (unsigned char *)malloc(b.len);
    gir_image_ram_size(b.img, b.len, &ram);
    for (k = 0; k < b.len; ++k)
        if (gir_image_open(b.img, k, b.ramraw, ram, &m, msg, sizeof msg) == GIR_OK || m) { free(copy); FAILF("truncated to %lu opens", (unsigned long)k); }
    for (k = 0; k < b.len; ++k)
        for (bit = 0; bit < 8; bit += 3) {
            memcpy(copy, b.img, b.len);
            copy[k] ^= (unsigned char)(1u << bit);
            if (gir_image_open(copy, b.len, b.ramraw, ram, &m, msg, sizeof msg) == GIR_OK) {
                free(copy);
                FAILF("byte %lu bit %d flipped: opens", (unsigned long)k, bit);
            }
            ++tried;
        }
    memcpy(&h, b.img, sizeof h);
    v = (gir__ival *)(void *)(copy + h.o_vals);
    s = (gir__step *)(void *)(copy + h.o_steps);
    for (k = 0; k < 17; ++k) {
        const char *want = "malformed";
        memcpy(copy, b.img, b.len);
        switch (k) {
        case 0: s[0].op = GIR_OP__COUNT; break;
        case 1: s[0].val = h.nvals; break;
        case 2: s[h.nsteps - 1].in0 = h.nsin; break;
        case 3: ((uint32_t *)(void *)(copy + h.o_sin))[0] = h.nvals; break;
        case 4: v[0].dtype = 0; break;
        case 5: v[0].shape.rank = GIR_MAX_RANK + 1; break;
        case 6: v[h.nvals - 1].shape.dim[0] += 1; break;                      /* bytes no longer match */
        case 7: v[s[0].val].off = h.arena; break;
        case 8: ((uint32_t *)(void *)(copy + h.o_outs))[2] = h.nvals; break;
        case 9: ((gir__ihdr *)(void *)copy)->o_steps = (uint32_t)b.len; want = "outside the image"; break;
        case 10: ((gir__ihdr *)(void *)copy)->ops_hash ^= 1; want = "another op table"; break;
        case 11: s[0].op = GIR_OP_ASSIGN; want = "no variable"; break;
        case 13:                                     /* softmax's [4] result read as [2, 2]: the same bytes */
            v[s[h.nsteps - 1].val].shape.rank = 2;
            v[s[h.nsteps - 1].val].shape.dim[0] = v[s[h.nsteps - 1].val].shape.dim[1] = 2;
            want = "disagrees with its op's rules";
            break;
        case 14: ((uint32_t *)(void *)(copy + h.o_ins))[0] = GIR__IMG_NONE; want = "no list names"; break;
        case 15: v[s[0].val].off += 2; break;                                 /* a temporary off its alignment */
        case 16:                                     /* a kernel step of more inputs than the check holds */
            ((gir__ihdr *)(void *)copy)->maxin = GIR__IMG_MAXIN + 1;
            s[h.nsteps - 1].nin = GIR__IMG_MAXIN + 1;
            s[h.nsteps - 1].in0 = 0;
            want = h.nsin > GIR__IMG_MAXIN ? "at most" : "malformed";
            break;
        default: s[0].op = GIR_OP_ASSIGN; ((uint32_t *)(void *)(copy + h.o_sin))[s[0].in0] = 0xffffff00u; break;
        }
        if (!img_reopen(&b, copy, msg) || !strstr(msg, want)) { free(copy); FAILF("damage %d: %s", (int)k, msg); }
    }
    CHECK(gir_image_open(NULL, 0, b.ramraw, ram, &m, msg, sizeof msg) == GIR_ERR_INVALID_ARG && strstr(msg, "NULL"),
          "NULL image: %s", msg);
    free(copy);
    img_box_free(&b);
    CHECK(tried > 100, "few flips");
    return 1;
}
/* a flipped bit in the header is damage ("damaged"), wherever it is: in the byte order's magic, the version, the
   op table's fingerprint, GIR_MAX_RANK or the size; only an intact image (its checksum right) written with another
   byte order, version, GIR_MAX_RANK or op table is "written by another gir.h" */
static int test_image_header_flips_damaged(void) {
    static const struct { size_t at; const char *field; } f[5] = {
        {offsetof(gir__ihdr, version), "version"}, {offsetof(gir__ihdr, ops_hash), "ops_hash"},
        {offsetof(gir__ihdr, max_rank), "max_rank"}, {offsetof(gir__ihdr, bytes), "bytes"},
        {offsetof(gir__ihdr, nsteps), "nsteps"}};
    img_box b;
    unsigned char *copy;
    char msg[GIR__MSG];
    gir__ihdr h;
    gir_image *m = NULL;
    size_t ram = 0;
    int k, bit;
    uint32_t *w;
    if (!img_small(&b)) { img_box_free(&b); return 0; }
    copy = (unsigned char *)malloc(b.len);
    gir_image_ram_size(b.img, b.len, &ram);
    for (k = 0; k < 5; ++k)
        for (bit = 0; bit < 32; bit += 5) {
            const char *want = "damaged (bad checksum)";
            memcpy(copy, b.img, b.len);
            w = (uint32_t *)(void *)(copy + f[k].at);
            *w ^= 1u << bit;
            if (k == 3 && *w > b.len) want = "truncated or damaged";
            if (gir_image_open(copy, b.len, b.ramraw, ram, &m, msg, sizeof msg) == GIR_OK || m || !strstr(msg, want)) {
                free(copy);
                FAILF("%s bit %d flipped: '%s', want '%s'", f[k].field, bit, msg, want);
            }
        }
    /* intact images of another gir.h: the field changed and the checksum made right again */
    for (k = 0; k < 4; ++k) {
        static const char *const want[4] = {"written by another gir.h: version 4", "another op table",
                                            "written by another gir.h, with GIR_MAX_RANK 7",
                                            "written by another gir.h, on a host of the other byte order"};
        memcpy(copy, b.img, b.len);
        memcpy(&h, copy, sizeof h);
        if (k == 0) h.version = 4;
        if (k == 1) h.ops_hash ^= 0x100u;
        if (k == 2) h.max_rank = GIR_MAX_RANK + 1;
        if (k == 3) {            /* the magic and the two fields read before the checksum, in the other order */
            h.magic = 0x47524949u;
            h.bytes = (h.bytes >> 24) | ((h.bytes >> 8) & 0xff00u) | ((h.bytes << 8) & 0xff0000u) | (h.bytes << 24);
        }
        memcpy(copy, &h, sizeof h);
        h.crc = gir__img_crc(copy, (uint32_t)b.len);
        if (k == 3) h.crc = (h.crc >> 24) | ((h.crc >> 8) & 0xff00u) | ((h.crc << 8) & 0xff0000u) | (h.crc << 24);
        memcpy(copy, &h, sizeof h);
        if (gir_image_open(copy, b.len, b.ramraw, ram, &m, msg, sizeof msg) == GIR_OK || m || !strstr(msg, want[k])) {
            free(copy);
            FAILF("intact image %d: '%s', want '%s'", k, msg, want[k]);
        }
    }
    free(copy);
    img_box_free(&b);
    return 1;
}
/* gir_image_bind's message names the address it was given (gir.h's own formatter: %p) */
static int test_image_bind_message(void) {
    img_box b;
    gir_image *m;
    char want[160], addr[40];
    double *buf = (double *)malloc(64 * sizeof(double));
    const char *at = (const char *)buf + 2;
    if (!img_small(&b)) { img_box_free(&b); free(buf); return 0; }
    m = b.m;
    snprintf(addr, sizeof addr, "0x%llx", (unsigned long long)(uintptr_t)at);
    CHECK(gir_image_bind(m, 0, at, 8) == GIR_ERR_INVALID_ARG, "a misaligned 8 bytes bound");
    snprintf(want, sizeof want, "got 8 at %s", addr);
    if (!strstr(gir_image_message(m), want) || !strstr(gir_image_message(m), "image: bind: input 0 (node ")) {
        snprintf(why, sizeof why, "'%s', want '... %s'", gir_image_message(m), want);
        img_box_free(&b);
        free(buf);
        return 0;
    }
    CHECK(gir_image_bind(m, 0, NULL, 8) == GIR_ERR_INVALID_ARG && strstr(gir_image_message(m), "got 8 at NULL"),
          "NULL: '%s'", gir_image_message(m));
    img_box_free(&b);
    free(buf);
    return 1;
}
/* -- forged images: damage the checksum does not see --------------------------------------------------------- */
/* Images that arrive over the air can be forged: bits flipped or words set anywhere after the header, then the
   checksum made right again. Each forgery is refused with a message, or opens in RAM of exactly
   gir_image_ram_size bytes and runs with inputs of exactly their bytes, in malloc'd blocks, so that the ASan
   build of this runner (make test) sees any read or write outside them. */
static uint32_t forge_rand(uint64_t *st) {
    *st = *st * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)(*st >> 33);
}
/* one forgery of img (len bytes) in copy: 1 to 4 changes after the header, the checksum fixed */
static void forge_one(const unsigned char *img, size_t len, unsigned char *copy, uint64_t *st) {
    gir__ihdr h;
    uint32_t n = 1 + forge_rand(st) % 4, k, nw = (uint32_t)((len - sizeof h) / 4);
    memcpy(copy, img, len);
    memcpy(&h, img, sizeof h);
    for (k = 0; k < n; ++k) {
        uint32_t at = (uint32_t)sizeof h + 4 * (forge_rand(st) % nw), w, r = forge_rand(st);
        memcpy(&w, copy + at, 4);
        switch (r % 6) {
        case 0: w ^= 1u << (forge_rand(st) % 32); break;                 /* a bit */
        case 1: w ^= (forge_rand(st) & 0xffu) << 8 * (forge_rand(st) % 4); break;   /* a byte */
        case 2: w = forge_rand(st) % 8; break;                            /* a small count or index */
        case 3: w = h.nvals ? forge_rand(st) % h.nvals : 0; break;        /* another value */
        case 4: w += forge_rand(st) % 2 ? 1u : 0xffffffffu; break;        /* one off */
        default: w = forge_rand(st); break;
        }
        memcpy(copy + at, &w, 4);
    }
    h.crc = gir__img_crc(copy, h.bytes);
    memcpy(copy, &h, sizeof h);
}
/* opens and runs copy as a device would; 1 when it opened */
static int forge_try(const unsigned char *copy, size_t len) {
    const gir__ihdr *h = (const gir__ihdr *)(const void *)copy;
    gir_image *m = NULL;
    size_t ram = 0;
    void *r, *in[8] = {0};
    uint32_t k;
    int opened = 0;
    char msg[GIR__MSG];
    if (gir_image_ram_size(copy, len, &ram) != GIR_OK) return 0;
    if (!(r = malloc(ram ? ram : 1))) return 0;
    if (gir_image_open(copy, len, r, ram, &m, msg, sizeof msg) == GIR_OK) {
        const gir__ival *v = (const gir__ival *)(const void *)(copy + h->o_vals);
        const uint32_t *ins = (const uint32_t *)(const void *)(copy + h->o_ins);
        opened = 1;
        for (k = 0; k < h->nin && k < 8; ++k) {
            size_t b = ins[k] == GIR__IMG_NONE ? 0 : v[ins[k]].bytes;
            if (!b || b > ((size_t)1 << 24) || !(in[k] = calloc(1, b))) continue;
            gir_image_bind(m, (int)k, in[k], b);
        }
        gir_image_run(m);
        gir_image_run(m);
        for (k = 0; k < h->nout; ++k) gir_image_output(m, (int)k, NULL);
    }
    for (k = 0; k < 8; ++k) free(in[k]);
    free(r);
    return opened;
}
/* rounds forgeries of an image; *opened counts those that opened */
static void forge_campaign(const img_box *b, int rounds, uint64_t seed, int *opened) {
    unsigned char *copy = (unsigned char *)malloc(b->len);
    uint64_t st = seed;
    int r;
    for (r = 0; r < rounds; ++r) {
        forge_one((const unsigned char *)b->img, b->len, copy, &st);
        *opened += forge_try(copy, b->len);
    }
    free(copy);
}
/* the small image, the SGD and Adam training images of a 16-8-4 MLP, and every golden case's image (every op of
   the table); --fuzz R S (make fuzz) forges R / 300 times as many, from seeds S on */
static int test_image_forged(void) {
    img_box b;
    int opened = 0, k, tried = 0, x = fz_rounds > 300 ? fz_rounds / 300 : 1;
    uint64_t seed = (uint64_t)fz_base * 7919u;
    gir_optim_kind kinds[2] = {GIR_OPTIM_SGD, GIR_OPTIM_ADAM};
    if (!img_small(&b)) { img_box_free(&b); return 0; }
    forge_campaign(&b, 3000 * x, seed + 1, &opened);
    tried += 3000 * x;
    img_box_free(&b);
    for (k = 0; k < 2; ++k) {
        img_mlp t;
        gir_plan *p = NULL;
        gir_compile_desc d;
        gir_node ins[3], reads[5];
        int i, ok;
        if (!img_mlp_build(&t, 3, kinds[k])) { gir_graph_free(t.g); return 0; }
        memset(&d, 0, sizeof d);
        d.flags = GIR_COMPILE_NO_FUSION;
        ins[0] = t.x; ins[1] = t.y; ins[2] = t.lr;
        reads[0] = t.outs[0];
        for (i = 0; i < 4; ++i) reads[1 + i] = t.var[i];
        ok = gir_plan_compile(t.g, t.nout, t.outs, &d, &p) == GIR_OK && img_make(p, 3, ins, 5, reads, &b);
        if (ok) forge_campaign(&b, 3000 * x, seed + 2 + (uint64_t)k, &opened);
        tried += 3000 * x;
        gir_plan_free(p);
        gir_graph_free(t.g);
        img_box_free(&b);
        if (!ok) return 0;
    }
    for (k = 0; k < ncases; ++k) {
        built c;
        gir_plan *p = NULL;
        gir_compile_desc d;
        gir_node ins[8];
        int j, n = 0, ok;
        if (!cases[k].has_out || !build_case(&cases[k], 0, &c)) { if (cases[k].has_out) built_free(&c); continue; }
        memset(&d, 0, sizeof d);
        d.flags = GIR_COMPILE_NO_FUSION;
        for (j = 0; j < cases[k].nin; ++j)
            if (gir_node_op(c.g, c.in[j]) == GIR_OP_INPUT) ins[n++] = c.in[j];
        ok = gir_plan_compile(c.g, 1, &c.y, &d, &p) == GIR_OK && img_make(p, n, ins, 1, &c.y, &b);
        if (ok) forge_campaign(&b, 40 * x, seed + 100 + (uint64_t)k, &opened);
        tried += 40 * x;
        gir_plan_free(p);
        img_box_free(&b);
        built_free(&c);
    }
    why[0] = 0;
    say("forged images: %d tried, %d opened and ran inside their RAM\n", tried, opened);
    CHECK(tried > 10000, "only %d forgeries", tried);
    return 1;
}
static void suite_image(void) {
    RUN("image/golden_cases_match_their_plans", test_image_golden_cases());
    RUN("image/training_bit_equal_to_the_plan", test_image_training_bit_equal(GIR_OPTIM_ADAM));
    RUN("image/training_sgd_folded_bit_equal_to_the_plan", test_image_training_bit_equal(GIR_OPTIM_SGD));
    RUN("image/write_errors", test_image_write_errors());
    RUN("image/run_bind_outputs_in_place", test_image_run_and_bind());
    RUN("image/ram_exact_at_any_alignment", test_image_ram());
    RUN("image/ram_for_other_targets", test_image_ram_for_targets());
    RUN("image/damaged_images_refused", test_image_damaged());
    RUN("image/header_bit_flips_say_damaged", test_image_header_flips_damaged());
    RUN("image/bind_message_prints_the_address", test_image_bind_message());
    RUN("image/forged_images_stay_inside_their_ram", test_image_forged());
}
