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
    r[0] = gir_mul(f->b[4], gir_add(f->b[4], p[0], gir_div(f->b[4], p[1], p[0])), gir_scalar(f->b[4], GIR_DTYPE_F64, 0.5));
    r[1] = p[1];
    f->newton = gir_func_new(f->b[4], "newton", 2, p, 2, r);
    p[0] = gir_input(f->b[5], GIR_DTYPE_F64, gir_shape0());
    p[1] = gir_input(f->b[5], GIR_DTYPE_F64, gir_shape0());
    r[0] = gir_gt(f->b[5], gir_abs(f->b[5], gir_sub(f->b[5], gir_mul(f->b[5], p[0], p[0]), p[1])),
                  gir_scalar(f->b[5], GIR_DTYPE_F64, 1e-12));
    f->far = gir_func_new(f->b[5], "far", 2, p, 1, r);
    for (k = 0; k < 6; ++k) CHECK(gir_graph_status(f->b[k]) == GIR_OK, "function %d: %s", k, gir_graph_message(f->b[k]));
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
static int test_image_calls_same_bits(void) {
    static const int cks[2] = {0, GIR_SCAN_CHECKPOINT_AUTO};
    ic_funcs f;
    int k, ok;
    if (!ic_funcs_new(&f, IC_N)) { ic_funcs_free(&f); return 0; }
    for (k = 0; k < 2; ++k) {
        ic_graph t;
        gir_plan *p = NULL;
        img_box ib;
        ok = ic_graph_new(&t, &f, cks[k], 1) && ic_image_of(&t, &p, &ib) && ic_same_bits(&t, &ib, p);
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
static void suite_image_calls(void) {
    RUN("image_calls/call_if_scan_grad_while_bit_equal_to_the_plan", test_image_calls_same_bits());
}
