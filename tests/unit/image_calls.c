/* unit/image_calls.c - plan images of graphs that call (gen/90-library/image_calls.c): a call, an if, a scan with
 * its gradient (a reverse scan whose body calls again), a checkpointed scan and a while, each function a sub-image,
 * give the bits of their plan; damaged call records, sub-images, results and nesting are refused with a message;
 * forged images stay inside their RAM. Included by unit/main.c (uses img_make, forge_campaign of unit/image.c). */

/* the functions: sq(x) = x * x + 1; big(x) = exp(x) * tanh(x) (a NaN where x is NaN) and small(x) = -x; the tanh
   RNN cell (h, x_t, W) -> (h', h'); Newton's step for sqrt(a) (y, a) -> ((y + a / y) / 2, a) and its condition
   |y * y - a| > 1e-12 */
typedef struct ic_funcs { gir_graph *b[6]; gir_func *sq, *big, *small, *cell, *newton, *far; } ic_funcs;
static int ic_funcs_new(ic_funcs *f, int n) {
    gir_node x, y, p[3], r[2];
    int k;
    for (k = 0; k < 6; ++k) f->b[k] = gir_graph_new(NULL);
    x = gir_input(f->b[0], GIR_DTYPE_F64, gir_shape1(n));
    y = gir_add(f->b[0], gir_mul(f->b[0], x, x), gir_scalar(f->b[0], GIR_DTYPE_F64, 1.0));
    f->sq = gir_func_new(f->b[0], "sq", 1, &x, 1, &y);
    x = gir_input(f->b[1], GIR_DTYPE_F64, gir_shape1(n));
    y = gir_mul(f->b[1], gir_exp(f->b[1], x), gir_tanh(f->b[1], x));
    f->big = gir_func_new(f->b[1], "big", 1, &x, 1, &y);
    x = gir_input(f->b[2], GIR_DTYPE_F64, gir_shape1(n));
    y = gir_neg(f->b[2], x);
    f->small = gir_func_new(f->b[2], "small", 1, &x, 1, &y);
    p[0] = gir_input(f->b[3], GIR_DTYPE_F64, gir_shape2(1, n));
    p[1] = gir_input(f->b[3], GIR_DTYPE_F64, gir_shape2(1, n));
    p[2] = gir_input(f->b[3], GIR_DTYPE_F64, gir_shape2(n, n));
    r[0] = r[1] = gir_tanh(f->b[3], gir_add(f->b[3], gir_matmul(f->b[3], p[0], p[2]), p[1]));
    f->cell = gir_func_new(f->b[3], "cell", 3, p, 2, r);
    p[0] = gir_input(f->b[4], GIR_DTYPE_F64, gir_shape0());
    p[1] = gir_input(f->b[4], GIR_DTYPE_F64, gir_shape0());
    r[0] = gir_add(f->b[4], p[0], gir_div(f->b[4], p[1], p[0]));
    r[0] = gir_mul(f->b[4], r[0], gir_scalar(f->b[4], GIR_DTYPE_F64, 0.5));
    r[1] = p[1];
    f->newton = gir_func_new(f->b[4], "newton", 2, p, 2, r);
    p[0] = gir_input(f->b[5], GIR_DTYPE_F64, gir_shape0());
    p[1] = gir_input(f->b[5], GIR_DTYPE_F64, gir_shape0());
    r[0] = gir_gt(f->b[5], gir_abs(f->b[5], gir_sub(f->b[5], gir_mul(f->b[5], p[0], p[0]), p[1])),
                  gir_scalar(f->b[5], GIR_DTYPE_F64, 1e-12));
    f->far = gir_func_new(f->b[5], "far", 2, p, 1, r);
    for (k = 0; k < 6; ++k)
        CHECK(gir_graph_status(f->b[k]) == GIR_OK, "function %d: %s", k, gir_graph_message(f->b[k]));
    return 1;
}
static void ic_funcs_free(ic_funcs *f) {
    int k;
    for (k = 0; k < 6; ++k) gir_graph_free(f->b[k]);
}
/* the graph: inputs x f64 [n], pred b8, xs f64 [T, 1, n], W f64 [n, n], a f64; outputs sq(x), cond(pred, big,
   small, x), the RNN's last state and the gradients of sum(hs^2) in W and xs (scanned with checkpoint ck), and
   sqrt(a) by Newton's while (with_while) */
enum { IC_N = 4, IC_T = 6, IC_NIN = 5, IC_NOUT = 6 };
typedef struct ic_graph { gir_graph *g; gir_node in[IC_NIN], out[IC_NOUT]; int nout; } ic_graph;
static int ic_graph_new(ic_graph *t, const ic_funcs *f, int ck, int with_while) {
    gir_node a[3], r[2], loss, gr[2], one;
    gir_scan_desc d;
    gir_graph *g = t->g = gir_graph_new(NULL);
    t->in[0] = gir_input(g, GIR_DTYPE_F64, gir_shape1(IC_N));
    t->in[1] = gir_input(g, GIR_DTYPE_B8, gir_shape0());
    t->in[2] = gir_input(g, GIR_DTYPE_F64, gir_shape3(IC_T, 1, IC_N));
    t->in[3] = gir_input(g, GIR_DTYPE_F64, gir_shape2(IC_N, IC_N));
    t->in[4] = gir_input(g, GIR_DTYPE_F64, gir_shape0());
    CHECK(gir_func_call(g, f->sq, 1, &t->in[0], 1, &t->out[0]) == GIR_OK, "call: %s", gir_graph_message(g));
    CHECK(gir_cond(g, t->in[1], f->big, f->small, 1, &t->in[0], 1, &t->out[1]) == GIR_OK, "cond: %s",
          gir_graph_message(g));
    memset(&d, 0, sizeof d);
    d.length = IC_T; d.n_carry = 1; d.n_xs = 1; d.checkpoint = ck;
    a[0] = gir_zeros(g, GIR_DTYPE_F64, gir_shape2(1, IC_N));
    a[1] = t->in[2];
    a[2] = t->in[3];
    CHECK(gir_scan(g, f->cell, &d, 3, a, 2, r) == GIR_OK, "scan: %s", gir_graph_message(g));
    t->out[2] = r[0];
    loss = gir_sum(g, gir_mul(g, r[1], r[1]), gir_ints0(), 0);
    CHECK(gir_grad(g, loss, 2, a + 1, gr) == GIR_OK, "grad: %s", gir_graph_message(g));
    t->out[3] = gr[1];
    t->out[4] = gr[0];
    t->nout = 5;
    if (with_while) {
        one = gir_scalar(g, GIR_DTYPE_F64, 1.0);
        a[0] = gir_add(g, one, gir_mul(g, t->in[4], gir_scalar(g, GIR_DTYPE_F64, 0.25)));
        a[1] = t->in[4];
        CHECK(gir_while(g, f->far, f->newton, 0, 2, a, r) == GIR_OK, "while: %s", gir_graph_message(g));
        t->out[t->nout++] = r[0];
    }
    return 1;
}
/* the plan of t (no fusion) and its image, run on the same inputs with pred true and false: the same bytes */
static int ic_same_bits(const ic_graph *t, img_box *ib, gir_plan *p) {
    static double x[IC_N] = {0.5, -1.25, 2.0, 0.0}, xs[IC_T * IC_N], w[IC_N * IC_N], a = 2.0;
    uint8_t pred[2] = {1, 0};
    int j, k, r;
    for (j = 0; j < IC_T * IC_N; ++j) xs[j] = sin(0.7 * j);
    for (j = 0; j < IC_N * IC_N; ++j) w[j] = 0.3 * cos(1.3 * j);
    for (r = 0; r < 2; ++r) {
        const void *in[IC_NIN];
        size_t bytes[IC_NIN] = {sizeof x, 1, sizeof xs, sizeof w, sizeof a};
        in[0] = x; in[1] = &pred[r]; in[2] = xs; in[3] = w; in[4] = &a;
        for (j = 0; j < IC_NIN; ++j) {
            gir_plan_bind(p, t->in[j], in[j]);
            CHECK(gir_image_bind(ib->m, j, in[j], bytes[j]) == GIR_OK, "bind %d: %s", j, gir_image_message(ib->m));
        }
        CHECK(gir_plan_run(p) == GIR_OK, "plan: %s", gir_plan_message(p));
        CHECK(gir_image_run(ib->m) == GIR_OK, "image: %s", gir_image_message(ib->m));
        for (k = 0; k < t->nout; ++k) {
            size_t n = 0;
            const void *got = gir_image_output(ib->m, k, &n), *want = gir_plan_data(p, t->out[k]);
            CHECK(n == (size_t)gir_node_numel(t->g, t->out[k]) * 8 && got && want && !memcmp(got, want, n),
                  "pred %d: output %d (%lu bytes) differs from the plan's", (int)pred[r], k, (unsigned long)n);
        }
    }
    return 1;
}
static int ic_image_of(const ic_graph *t, gir_plan **p, img_box *ib) {
    gir_compile_desc d;
    memset(&d, 0, sizeof d);
    d.flags = GIR_COMPILE_NO_FUSION;
    *p = NULL;
    memset(ib, 0, sizeof *ib);
    CHECK(gir_plan_compile(t->g, t->nout, t->out, &d, p) == GIR_OK, "compile: %s", gir_graph_message(t->g));
    return img_make(*p, IC_NIN, t->in, t->nout, t->out, ib);
}
/* gir_image_ops lists the ops of every sub-image (the GIR_WITH_OP_ a firmware build needs): the call ops and
   the bodies' (tanh is in the cell only, gt in the while's condition only) */
static int ic_ops_listed(const img_box *ib) {
    static const gir_op want[] = {GIR_OP_CALL, GIR_OP_IF, GIR_OP_LOOP, GIR_OP_WHILE_LOOP, GIR_OP_RESULT, GIR_OP_TANH,
                                  GIR_OP_GT};
    gir_op ops[GIR_OP__COUNT];
    int n = gir_image_ops(ib->img, ib->len, ops, GIR_OP__COUNT), j, k;
    for (j = 0; j < (int)(sizeof want / sizeof want[0]); ++j) {
        for (k = 0; k < n && ops[k] != want[j]; ++k) {}
        CHECK(k < n, "gir_image_ops (%d ops) leaves out %s", n, gir_op_name(want[j]));
    }
    return 1;
}
static int test_image_calls_same_bits(void) {
    static const int cks[2] = {0, GIR_SCAN_CHECKPOINT_AUTO};
    ic_funcs f;
    int k, ok;
    if (!ic_funcs_new(&f, IC_N)) { ic_funcs_free(&f); return 0; }
    for (k = 0; k < 2; ++k) {
        ic_graph t;
        gir_plan *p = NULL;
        img_box ib;
        ok = ic_graph_new(&t, &f, cks[k], 1) && ic_image_of(&t, &p, &ib) && ic_same_bits(&t, &ib, p) &&
             ic_ops_listed(&ib);
        if (ok) say("image with calls (checkpoint %d): %lu bytes, %d sub-images\n", cks[k], (unsigned long)ib.len,
                    (int)((const gir__ihdr *)ib.img)->nsub);
        gir_plan_free(p);
        img_box_free(&ib);
        gir_graph_free(t.g);
        if (!ok) { ic_funcs_free(&f); return 0; }
    }
    ic_funcs_free(&f);
    return 1;
}
/* the image of t opened in RAM of its size: 0 with msg when it is refused */
static int ic_open(const unsigned char *img, size_t len, char *msg) {
    size_t ram = 0;
    void *r;
    gir_image *m = NULL;
    int ok;
    gir_status s = gir_image_ram_size(img, len, &ram);
    if (s != GIR_OK) return gir_image_open(img, len, &ram, 8, &m, msg, GIR__MSG) == GIR_OK;
    r = malloc(ram);
    ok = gir_image_open(img, len, r, ram, &m, msg, GIR__MSG) == GIR_OK;
    free(r);
    return ok;
}
/* the first sub-image (after s) that makes calls; 0: none */
static uint32_t ic_caller(const unsigned char *img, uint32_t after) {
    const gir__ihdr *h = (const gir__ihdr *)(const void *)img;
    uint32_t s;
    for (s = after + 1; s <= h->nsub; ++s)
        if (((const gir__ihdr *)(const void *)(img + ((const uint32_t *)(const void *)(img + h->o_sub))[s - 1]))->ncall)
            return s;
    return 0;
}
/* damage the checksum does not see, in the records, sub-images and results of an image with calls (the checksum
   made right each time): each is refused with a message naming what */
static int ic_damage(const unsigned char *img, size_t len, unsigned char *c, int k, const char **want) {
    gir__ihdr *h = (gir__ihdr *)(void *)c, *u;
    uint32_t *sub, s = ic_caller(img, 0), j;
    gir__icall_rec *rec;
    gir__ival *v;
    gir__step *st;
    memcpy(c, img, len);
    sub = (uint32_t *)(void *)(c + h->o_sub);
    rec = (gir__icall_rec *)(void *)(c + h->o_call);
    u = (gir__ihdr *)(void *)(c + sub[0]);
    *want = "call records are malformed";
    if ((k == 2 || k == 3) && !s) return 0;
    switch (k) {
    case 0: rec[0].sub = 2; break;                              /* the second sub-image run first */
    case 1: rec[0].step += 1; break;                            /* a record of a step that makes no call */
    case 2: ((gir__ihdr *)(void *)(c + sub[s - 1]))->o_call = 0; *want = "malformed"; break;
    case 3:                                                      /* a sub-image that runs itself */
        ((gir__icall_rec *)(void *)(c + sub[s - 1] + ((gir__ihdr *)(void *)(c + sub[s - 1]))->o_call))[0].sub = s;
        break;
    case 4: sub[0] += 8; *want = "sub-image 1 is malformed"; break;               /* off its alignment */
    case 5: sub[0] = h->bytes; *want = "sub-image 1 is malformed"; break;         /* past the end */
    case 6:                                                      /* a call of one argument fewer */
    case 11:                                                     /* a call's value 16 bytes short of its results */
        st = (gir__step *)(void *)(c + h->o_steps);
        v = (gir__ival *)(void *)(c + h->o_vals);
        for (j = 0; j < h->nsteps && st[j].op != GIR_OP_CALL; ++j) {}
        if (j == h->nsteps) return 0;
        if (k == 6) st[j].nin -= 1;
        else { v[st[j].val].shape.dim[0] -= 16; v[st[j].val].bytes -= 16; }
        *want = k == 6 ? "disagrees with the call it makes or reads" : "results do not fill its value";
        break;
    case 7: u->nsub = 1; *want = "sub-image 1 is malformed"; break;
    case 8: h->nsub -= 1; *want = "call records are malformed"; break;            /* a call of a sub-image not there */
    default:                                                     /* a result read from the wrong result */
        v = (gir__ival *)(void *)(c + h->o_vals);
        for (j = 0; j < h->nvals && v[j].kind != GIR__IV_VIEW; ++j) {}
        if (j == h->nvals) return 0;
        if (k == 9) { v[j].off = 0; *want = "(result, node"; break; }   /* placed by no step, or another */
        v[j].shape.dim[0] += 1;                                  /* bytes no longer the shape's */
        v[j].bytes = (uint32_t)(v[j].bytes / (uint32_t)(v[j].shape.dim[0] - 1) * (uint32_t)v[j].shape.dim[0]);
        *want = "disagrees with the call it makes or reads";
    }
    h->crc = gir__img_crc(c, h->bytes);
    return 1;
}
static int test_image_calls_damaged(void) {
    ic_funcs f;
    ic_graph t;
    gir_plan *p = NULL;
    img_box ib;
    unsigned char *c;
    char msg[GIR__MSG];
    const char *want;
    char bad[GIR__MSG + 96] = "";
    int k, ok = 1;
    if (!ic_funcs_new(&f, IC_N)) { ic_funcs_free(&f); return 0; }
    memset(&ib, 0, sizeof ib);
    if (!ic_graph_new(&t, &f, GIR_SCAN_CHECKPOINT_AUTO, 1) || !ic_image_of(&t, &p, &ib)) ok = 0;
    CHECK(!ok || ic_caller((const unsigned char *)ib.img, 0), "no sub-image makes a call");
    c = ok ? (unsigned char *)malloc(ib.len) : NULL;
    for (k = 0; ok && k < 12; ++k) {
        if (!ic_damage((const unsigned char *)ib.img, ib.len, c, k, &want)) continue;
        msg[0] = 0;
        if (ic_open(c, ib.len, msg) || !strstr(msg, want)) {
            snprintf(bad, sizeof bad, "damage %d opened or said '%s', not '%s'", k, msg, want);
            ok = 0;
        }
    }
    free(c);
    gir_plan_free(p);
    img_box_free(&ib);
    gir_graph_free(t.g);
    ic_funcs_free(&f);
    CHECK(ok, "%s", bad);
    return 1;
}
/* the image of g(x) = f(x): its status, the message in msg */
static gir_status ic_image_status(gir_func *f, char *msg) {
    gir_graph *g = gir_graph_new(NULL);
    gir_node x = gir_input(g, GIR_DTYPE_F64, gir_shape1(2)), r;
    gir_plan *p = NULL;
    gir_compile_desc cd;
    size_t len = 0;
    gir_status s;
    gir_func_call(g, f, 1, &x, 1, &r);
    memset(&cd, 0, sizeof cd);
    cd.flags = GIR_COMPILE_NO_FUSION;
    s = gir_plan_compile(g, 1, &r, &cd, &p);
    if (s == GIR_OK) s = gir_plan_write_image(p, 1, &x, 1, &r, NULL, 0, &len);
    snprintf(msg, GIR__MSG, "%s", p ? gir_plan_message(p) : gir_graph_message(g));
    gir_plan_free(p);
    gir_graph_free(g);
    return s;
}
/* calls nested GIR__IMG_MAXDEPTH deep make an image; one deeper is GIR_ERR_LIMIT, naming the depth */
static int test_image_calls_depth(void) {
    enum { D = GIR__IMG_MAXDEPTH + 1 };
    gir_graph *b[D];
    gir_func *f[D];
    char msg[2][GIR__MSG];
    gir_status s[2];
    int d;
    for (d = 0; d < D; ++d) {                    /* f_d(x) = f_{d-1}(x) + 1: g calling f_d nests d + 1 deep */
        gir_node x, y;
        b[d] = gir_graph_new(NULL);
        x = gir_input(b[d], GIR_DTYPE_F64, gir_shape1(2));
        y = x;
        if (d) gir_func_call(b[d], f[d - 1], 1, &x, 1, &y);
        y = gir_add(b[d], y, gir_scalar(b[d], GIR_DTYPE_F64, 1.0));
        f[d] = gir_func_new(b[d], "f", 1, &x, 1, &y);
    }
    s[0] = f[D - 1] ? ic_image_status(f[D - 2], msg[0]) : GIR_ERR_INVALID_ARG;
    s[1] = f[D - 1] ? ic_image_status(f[D - 1], msg[1]) : GIR_ERR_INVALID_ARG;
    for (d = 0; d < D; ++d) gir_graph_free(b[d]);
    CHECK(s[0] == GIR_OK, "%d deep: %s", D - 1, msg[0]);
    CHECK(s[1] == GIR_ERR_LIMIT && strstr(msg[1], "calls nest 17 deep, an image's at most 16"), "%d deep: %s", D,
          msg[1]);
    return 1;
}
/* forged images with calls (no while: a forged condition may never turn false) stay inside their RAM */
static int test_image_calls_forged(void) {
    ic_funcs f;
    int k, opened = 0, tried = 0, x = fz_rounds > 300 ? fz_rounds / 300 : 1;
    if (!ic_funcs_new(&f, IC_N)) { ic_funcs_free(&f); return 0; }
    for (k = 0; k < 2; ++k) {
        ic_graph t;
        gir_plan *p = NULL;
        img_box ib;
        int ok = ic_graph_new(&t, &f, k ? GIR_SCAN_CHECKPOINT_AUTO : 0, 0) && ic_image_of(&t, &p, &ib);
        if (ok) forge_campaign(&ib, 2000 * x, (uint64_t)fz_base * 7919u + 500u + (uint64_t)k, &opened);
        tried += 2000 * x;
        gir_plan_free(p);
        img_box_free(&ib);
        gir_graph_free(t.g);
        if (!ok) { ic_funcs_free(&f); return 0; }
    }
    ic_funcs_free(&f);
    say("forged images with calls: %d tried, %d opened and ran inside their RAM\n", tried, opened);
    return 1;
}
static void suite_image_calls(void) {
    RUN("image_calls/call_if_scan_grad_while_bit_equal_to_the_plan", test_image_calls_same_bits());
    RUN("image_calls/damaged_calls_refused", test_image_calls_damaged());
    RUN("image_calls/nesting_deeper_than_the_limit_refused", test_image_calls_depth());
    RUN("image_calls/forged_images_stay_inside_their_ram", test_image_calls_forged());
}
