/* unit/numerics.c - size limits, hand-built shapes and lists, empty matrices, integer arithmetic and hostile
 * attributes. Included by unit/main.c; every check here also runs under ASan+UBSan (gcc and clang), where
 * undefined behaviour stops the runner. Expected integer results are NumPy 1.24's (np.int32 / np.uint8
 * arrays, reductions with dtype= the input's), written out below. */

/* compile y, bind inputs, run, copy `bytes` bytes of y's value to out */
static gir_status num_eval(gir_graph *g, gir_node y, int nin, const gir_node *in, const void *const *data, void *out,
                           size_t bytes) {
    gir_plan *p = NULL;
    gir_status s = gir_plan_compile(g, 1, &y, NULL, &p);
    int k;
    if (s) {
        snprintf(why, sizeof why, "compile: %s", gir_graph_message(g));
        return s;
    }
    for (k = 0; k < nin; ++k) gir_plan_bind(p, in[k], data[k]);
    s = gir_plan_run(p);
    if (!s && bytes) memcpy(out, gir_plan_data(p, y), bytes);
    if (s) snprintf(why, sizeof why, "run: %s", gir_plan_message(p));
    gir_plan_free(p);
    return s;
}
static int num_msg(gir_graph *g, const char *a, const char *b) {
    return strstr(gir_graph_message(g), a) && (!b || strstr(gir_graph_message(g), b));
}

/* ---------------------------------------------------------------------------------- element count limits */
static int test_num_input_numel_overflow(void) {
    gir_graph *g = gir_graph_new(NULL);
    gir_node x = gir_input(g, GIR_DTYPE_F32, gir_shape3(1 << 20, 1 << 20, 1 << 24)), y;
    CHECK(x.id == 0 && gir_graph_status(g) == GIR_ERR_LIMIT, "2^64 elements accepted (status %s)",
          gir_status_name(gir_graph_status(g)));
    CHECK(num_msg(g, "input: node 1", "[1048576,1048576,16777216]"), "message: %s", gir_graph_message(g));
    y = gir_softmax(g, x, -1);
    CHECK(y.id == 0, "softmax of a rejected input");
    gir_graph_clear_error(g);
    CHECK(gir_input(g, GIR_DTYPE_F32, gir_shape3(1 << 20, 1 << 20, 1)).id != 0, "2^40 elements are allowed");
    CHECK(gir_input(g, GIR_DTYPE_F32, gir_shape4(0, 1 << 30, 1 << 30, 1 << 30)).id == 0 &&
          gir_graph_status(g) == GIR_ERR_LIMIT, "zero elements, but 2^90 in the nonzero dimensions");
    CHECK(still_usable(g), "graph unusable");
    gir_graph_free(g);
    return 1;
}
/* every shape rule that multiplies dimensions: each result has more than 2^40 (here 2^64) elements */
static int test_num_result_numel_overflow(void) {
    gir_graph *g = gir_graph_new(NULL);
    gir_node big = gir_input(g, GIR_DTYPE_F32, gir_shape3(1 << 20, 1 << 20, 1));      /* 2^40 elements */
    gir_node sq = gir_input(g, GIR_DTYPE_F32, gir_shape2(1 << 20, 1 << 20));
    gir_node e = gir_input(g, GIR_DTYPE_F32, gir_shape1(0)), one = gir_input(g, GIR_DTYPE_F32, gir_shape1(1));
    gir_node ix = gir_input(g, GIR_DTYPE_I32, gir_shape1(1 << 24)), ixsq = gir_input(g, GIR_DTYPE_I32, gir_shape2(1 << 20, 1 << 20));
    gir_node row = gir_input(g, GIR_DTYPE_F32, gir_shape2(1, 1 << 24));
    gir_node img = gir_input(g, GIR_DTYPE_F32, gir_shape4(1 << 20, 1, 1 << 20, 1)), w = gir_input(g, GIR_DTYPE_F32, gir_shape4(1, 1, 1, 1));
    gir_node r[8];
    const char *names[8] = {"reshape", "broadcast_to", "index_select", "matmul", "one_hot", "pad", "unslice", "conv2d"};
    int k;
    CHECK(gir_graph_status(g) == GIR_OK, "inputs: %s", gir_graph_message(g));
    for (k = 0; k < 8; ++k) {
        gir_graph_clear_error(g);
        switch (k) {
        case 0: r[k] = gir_reshape(g, e, gir_shape4(0, 1 << 20, 1 << 20, 1 << 24)); break;
        case 1: r[k] = gir_broadcast_to(g, one, gir_shape3(1 << 20, 1 << 20, 1 << 24)); break;
        case 2: r[k] = gir_index_select(g, big, ix, 2); break;
        case 3: r[k] = gir_matmul(g, big, row); break;
        case 4: r[k] = gir_one_hot(g, ixsq, 1 << 24, GIR_DTYPE_F32); break;
        case 5: r[k] = gir_pad(g, big, gir_ints3(0, 0, 0), gir_ints3(0, 0, (1 << 24) - 1), 0.0); break;
        case 6: r[k] = gir_unslice(g, big, 2, 0, 1, 1, 1 << 24); break;
        default: r[k] = gir_conv2d(g, img, w, gir_ints0(), gir_ints2(0, 1 << 23), gir_ints0(), 1);
        }
        CHECK(r[k].id == 0 && gir_graph_status(g) == GIR_ERR_LIMIT, "%s: accepted a result of 2^64 elements (%s)",
              names[k], gir_graph_message(g));
        CHECK(num_msg(g, names[k], "more than 2^40 elements") && strchr(gir_graph_message(g), '['),
              "%s: message: %s", names[k], gir_graph_message(g));
    }
    {   /* one axis longer than INT32_MAX */
        gir_node v[2];
        v[0] = v[1] = gir_input(g, GIR_DTYPE_U8, gir_shape1(2147483647));
        gir_graph_clear_error(g);
        CHECK(gir_concat(g, 2, v, 0).id == 0 && gir_graph_status(g) == GIR_ERR_LIMIT &&
              num_msg(g, "concat: node", "[2147483647]"), "concat: %s", gir_graph_message(g));
        gir_graph_clear_error(g);
        CHECK(gir_pad(g, v[0], gir_ints1(1), gir_ints0(), 0.0).id == 0 && gir_graph_status(g) == GIR_ERR_LIMIT &&
              num_msg(g, "pad: node", "[2147483647]"), "pad: %s", gir_graph_message(g));
    }
    (void)sq;
    gir_graph_free(g);
    return 1;
}

/* ---------------------------------------------------------------------- hand-built shapes and int lists */
static int num_rank_msg(gir_graph *g, const char *op, int rank) {
    char want[80];
    if (gir_graph_status(g) == GIR_OK) {
        snprintf(why, sizeof why, "%s, rank %d: accepted", op, rank);
        return 0;
    }
    if (rank < 0) snprintf(want, sizeof want, "rank %d < 0", rank);
    else snprintf(want, sizeof want, "rank %d > GIR_MAX_RANK %d", rank, GIR_MAX_RANK);
    if (gir_graph_status(g) == GIR_ERR_ATTR && num_msg(g, op, want)) return 1;
    snprintf(why, sizeof why, "%s, rank %d: %s: %s", op, rank, gir_status_name(gir_graph_status(g)), gir_graph_message(g));
    return 0;
}
static int test_num_hand_built_shape(void) {
    static const int32_t ranks[5] = {GIR_MAX_RANK + 1, 99, 2147483647, -1, -2147483647 - 1};
    gir_graph *g = gir_graph_new(NULL);
    gir_node x = gir_input(g, GIR_DTYPE_F32, gir_shape2(2, 3));
    int k;
    for (k = 0; k < 5; ++k) {
        gir_shape s;
        memset(&s, 0, sizeof s);
        s.rank = ranks[k];
        gir_graph_clear_error(g);
        if (gir_input(g, GIR_DTYPE_F32, s).id || !num_rank_msg(g, "input: node", ranks[k])) return 0;
        gir_graph_clear_error(g);
        if (gir_reshape(g, x, s).id || !num_rank_msg(g, "reshape: node", ranks[k])) return 0;
        gir_graph_clear_error(g);
        if (gir_broadcast_to(g, x, s).id || !num_rank_msg(g, "broadcast_to: node", ranks[k])) return 0;
        gir_graph_clear_error(g);
        if (gir_fill(g, GIR_DTYPE_F64, s, 1.0).id || !num_rank_msg(g, "fill: node", ranks[k])) return 0;
    }
    CHECK(still_usable(g), "graph unusable");
    gir_graph_free(g);
    return 1;
}
static int test_num_hand_built_int_list(void) {
    static const int32_t ns[4] = {GIR_MAX_RANK + 1, 99, 2147483647, -3};
    gir_graph *g = gir_graph_new(NULL);
    gir_node x = gir_input(g, GIR_DTYPE_F32, gir_shape2(2, 3)), im = gir_input(g, GIR_DTYPE_F32, gir_shape4(1, 1, 4, 4));
    gir_node w = gir_input(g, GIR_DTYPE_F32, gir_shape4(1, 1, 2, 2));
    int k;
    for (k = 0; k < 4; ++k) {
        gir_ints l;
        memset(&l, 0, sizeof l);
        l.n = ns[k];
        gir_graph_clear_error(g);
        if (gir_sum(g, x, l, 0).id || !num_rank_msg(g, "sum: node", ns[k])) return 0;
        gir_graph_clear_error(g);
        if (gir_transpose(g, x, l).id || !num_rank_msg(g, "transpose: node", ns[k])) return 0;
        gir_graph_clear_error(g);
        if (gir_pad(g, x, gir_ints2(1, 1), l, 0.0).id || !num_rank_msg(g, "pad: node", ns[k])) return 0;
        gir_graph_clear_error(g);
        if (gir_conv2d(g, im, w, l, gir_ints0(), gir_ints0(), 1).id || !num_rank_msg(g, "conv2d: node", ns[k])) return 0;
        gir_graph_clear_error(g);
        if (gir_max_pool2d(g, im, gir_ints1(2), gir_ints0(), l).id || !num_rank_msg(g, "max_pool2d: node", ns[k]))
            return 0;
    }
    CHECK(still_usable(g), "graph unusable");
    gir_graph_free(g);
    return 1;
}
static int test_num_shapev_intsv_null(void) {
    gir_graph *g = gir_graph_new(NULL);
    gir_node x = gir_input(g, GIR_DTYPE_F32, gir_shape2(2, 3));
    int32_t d[GIR_MAX_RANK + 1];
    gir_shape s = gir_shapev(2, NULL);
    gir_ints l = gir_intsv(3, NULL);
    int k;
    for (k = 0; k <= GIR_MAX_RANK; ++k) d[k] = 1;
    CHECK(s.rank == -1 && l.n == -1, "NULL arrays give rank %d, n %d", (int)s.rank, (int)l.n);
    if (gir_input(g, GIR_DTYPE_F32, s).id || !num_rank_msg(g, "input: node", -1)) return 0;
    gir_graph_clear_error(g);
    if (gir_sum(g, x, l, 0).id || !num_rank_msg(g, "sum: node", -1)) return 0;
    gir_graph_clear_error(g);
    CHECK(gir_shapev(0, NULL).rank == 0 && gir_intsv(0, NULL).n == 0, "rank 0 needs no array");
    s = gir_shapev(GIR_MAX_RANK + 1, d);               /* the rank is kept, so the builder can name it */
    if (gir_input(g, GIR_DTYPE_F32, s).id || !num_rank_msg(g, "input: node", GIR_MAX_RANK + 1)) return 0;
    gir_graph_clear_error(g);
    if (gir_flip(g, x, gir_intsv(-3, d)).id || !num_rank_msg(g, "flip: node", -3)) return 0;
    gir_graph_clear_error(g);
    CHECK(gir_input(g, GIR_DTYPE_F32, gir_shapev(GIR_MAX_RANK, d)).id != 0, "rank GIR_MAX_RANK");
    gir_graph_free(g);
    return 1;
}

/* ------------------------------------------------------------------------------------- empty matrices */
/* every new block starts as 0xA5 bytes, so a value never written does not look like 0 or 1 */
static void *num_poison_alloc(size_t n, void *u) {
    void *p = malloc(n);
    (void)u;
    if (p) memset(p, 0xA5, n);
    return p;
}
static void *num_poison_realloc(void *p, size_t o, size_t n, void *u) {
    unsigned char *q = (unsigned char *)realloc(p, n);
    (void)u;
    if (q && n > o) memset(q + o, 0xA5, n - o);
    return q;
}
static void num_poison_free(void *p, void *u) { (void)u; free(p); }
static gir_graph *num_poison_graph(void) {
    gir_graph_desc d;
    memset(&d, 0, sizeof d);
    d.allocator.alloc_fn = num_poison_alloc;
    d.allocator.realloc_fn = num_poison_realloc;
    d.allocator.free_fn = num_poison_free;
    return gir_graph_new(&d);
}
/* NumPy: det of 0x0 is 1 and slogdet's logabsdet is 0, also batched */
static int test_num_det_logdet_0x0(void) {
    int dt;
    for (dt = GIR_DTYPE_F32; dt <= GIR_DTYPE_F64; ++dt) {
        gir_graph *g = num_poison_graph();
        gir_node a = gir_input(g, (gir_dtype)dt, gir_shape2(0, 0)), b = gir_input(g, (gir_dtype)dt, gir_shape3(3, 0, 0));
        gir_node outs[4], in[2];
        const void *data[2];
        double v[3];
        int k, j;
        outs[0] = gir_det(g, a); outs[1] = gir_logdet(g, a); outs[2] = gir_det(g, b); outs[3] = gir_logdet(g, b);
        in[0] = a; in[1] = b;
        data[0] = data[1] = NULL;                       /* empty inputs need no data */
        for (k = 0; k < 4; ++k) {
            int n = k < 2 ? 1 : 3;
            gir_node y = gir_cast(g, outs[k], GIR_DTYPE_F64);
            CHECK(y.id, "build: %s", gir_graph_message(g));
            if (num_eval(g, y, 2, in, data, v, (size_t)n * sizeof(double))) { gir_graph_free(g); return 0; }
            for (j = 0; j < n; ++j)
                CHECK(v[j] == (k % 2 ? 0.0 : 1.0), "%s %s of %s: element %d is %g, NumPy gives %g", gir_dtype_name((gir_dtype)dt),
                      k % 2 ? "logdet" : "det", k < 2 ? "[0,0]" : "[3,0,0]", j, v[j], k % 2 ? 0.0 : 1.0);
        }
        gir_graph_free(g);
    }
    return 1;
}
/* the other linear-algebra kernels on empty matrices: no read or write out of bounds (ASan), NumPy's values */
static int test_num_linalg_empty(void) {
    gir_graph *g = num_poison_graph();
    gir_node z = gir_input(g, GIR_DTYPE_F64, gir_shape2(0, 0)), zb = gir_input(g, GIR_DTYPE_F64, gir_shape3(2, 0, 0));
    gir_node r = gir_input(g, GIR_DTYPE_F64, gir_shape2(0, 3)), l = gir_input(g, GIR_DTYPE_F64, gir_shape2(2, 0));
    gir_node iz = gir_input(g, GIR_DTYPE_I32, gir_shape2(2, 0)), ir = gir_input(g, GIR_DTYPE_I32, gir_shape2(0, 3));
    gir_node v0 = gir_input(g, GIR_DTYPE_F64, gir_shape1(0)), e = gir_input(g, GIR_DTYPE_F64, gir_shape3(0, 3, 3));
    gir_node in[8], outs[12], gx, loss;
    const void *data[8] = {NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL};
    gir_plan *p = NULL;
    const double *mm, *tr, *dt;
    const int32_t *im;
    int k;
    in[0] = z; in[1] = zb; in[2] = r; in[3] = l; in[4] = iz; in[5] = ir; in[6] = v0; in[7] = e;
    outs[0] = gir_inverse(g, z); outs[1] = gir_inverse(g, zb); outs[2] = gir_cholesky(g, z); outs[3] = gir_cholesky(g, zb);
    outs[4] = gir_trisolve(g, z, r, 1, 0); outs[5] = gir_matmul(g, l, r); outs[6] = gir_matmul(g, iz, ir);
    outs[7] = gir_dot(g, v0, v0); outs[8] = gir_outer(g, v0, gir_sum(g, r, gir_ints1(0), 0));
    outs[9] = gir_trace(g, zb); outs[10] = gir_det(g, e); outs[11] = gir_logdet(g, e);
    loss = gir_sum(g, gir_det(g, zb), gir_ints0(), 0);
    CHECK(gir_grad(g, loss, 1, &zb, &gx) == GIR_OK, "grad: %s", gir_graph_message(g));
    for (k = 0; k < 12; ++k) CHECK(outs[k].id, "build %d: %s", k, gir_graph_message(g));
    CHECK(gir_plan_compile(g, 12, outs, NULL, &p) == GIR_OK, "compile: %s", gir_graph_message(g));
    for (k = 0; k < 8; ++k) gir_plan_bind(p, in[k], data[k]);
    if (gir_plan_run(p) != GIR_OK) { snprintf(why, sizeof why, "run: %s", gir_plan_message(p)); gir_plan_free(p); gir_graph_free(g); return 0; }
    mm = (const double *)gir_plan_data(p, outs[5]);
    im = (const int32_t *)gir_plan_data(p, outs[6]);
    tr = (const double *)gir_plan_data(p, outs[9]);
    dt = (const double *)gir_plan_data(p, outs[7]);
    for (k = 0; k < 6; ++k)
        if (mm[k] != 0 || im[k] != 0) { gir_plan_free(p); gir_graph_free(g); FAILF("[2,0] x [0,3] element %d is not 0", k); }
    CHECK(tr[0] == 0 && tr[1] == 0 && dt[0] == 0, "empty trace and dot are 0");
    CHECK(gir_node_numel(g, outs[10]) == 0 && gir_node_numel(g, outs[8]) == 0, "empty results");
    gir_plan_free(p);
    CHECK(gir_plan_compile(g, 1, &gx, NULL, &p) == GIR_OK, "compile grad: %s", gir_graph_message(g));
    CHECK(gir_plan_run(p) == GIR_OK, "run grad: %s", gir_plan_message(p));
    gir_plan_free(p);
    gir_graph_free(g);
    return 1;
}

/* ------------------------------------------------------------------------------------ hostile attributes */
static int test_num_window_attrs(void) {
    gir_graph *g = gir_graph_new(NULL);
    gir_node x = gir_input(g, GIR_DTYPE_F32, gir_shape4(1, 1, 8, 8)), w = gir_input(g, GIR_DTYPE_F32, gir_shape4(1, 1, 3, 3));
    gir_node x0 = gir_input(g, GIR_DTYPE_F32, gir_shape4(1, 0, 4, 4)), w0 = gir_input(g, GIR_DTYPE_F32, gir_shape4(0, 4, 1, 1));
    const int32_t big = 2147483647;
    gir_node y;
    y = gir_max_pool2d(g, x, gir_ints1(2), gir_ints1(1), gir_ints1(big));
    CHECK(!y.id && gir_graph_status(g) == GIR_ERR_ATTR && num_msg(g, "max_pool2d", "padding"), "max_pool2d padding INT32_MAX: %s",
          gir_graph_message(g));
    gir_graph_clear_error(g);
    y = gir_avg_pool2d(g, x, gir_ints1(2), gir_ints1(1), gir_ints2(0, big), 1);
    CHECK(!y.id && gir_graph_status(g) == GIR_ERR_ATTR && num_msg(g, "avg_pool2d", "padding"), "avg_pool2d: %s", gir_graph_message(g));
    gir_graph_clear_error(g);
    y = gir_max_pool2d(g, x, gir_ints1(big), gir_ints0(), gir_ints1(big / 2));   /* padded input > INT32_MAX */
    CHECK(!y.id && gir_graph_status(g) == GIR_ERR_ATTR && num_msg(g, "max_pool2d", "INT32_MAX"), "huge kernel: %s",
          gir_graph_message(g));
    gir_graph_clear_error(g);
    y = gir_conv2d(g, x, w, gir_ints0(), gir_ints1(big), gir_ints0(), 1);
    CHECK(!y.id && gir_graph_status(g) == GIR_ERR_ATTR && num_msg(g, "conv2d", "padding 2147483647"), "conv2d padding: %s",
          gir_graph_message(g));
    gir_graph_clear_error(g);
    y = gir_conv2d(g, x, w, gir_ints0(), gir_ints0(), gir_ints1(big), 1);
    CHECK(!y.id && gir_graph_status(g) == GIR_ERR_ATTR && num_msg(g, "conv2d", "dilation"), "conv2d dilation: %s",
          gir_graph_message(g));
    gir_graph_clear_error(g);
    y = gir_conv2d(g, x0, w0, gir_ints0(), gir_ints0(), gir_ints0(), 1 << 30);     /* 4 x 2^30 groups wraps to 0 */
    CHECK(!y.id && gir_graph_status(g) == GIR_ERR_SHAPE && num_msg(g, "conv2d", "groups"), "conv2d groups: %s",
          gir_graph_message(g));
    gir_graph_clear_error(g);
    {   /* a huge stride is fine: one output per window that fits */
        float xv[64], wv[9], out[1];
        const void *data[2];
        gir_node in[2];
        int k;
        for (k = 0; k < 64; ++k) xv[k] = (float)(k % 7) - 2.0f;
        for (k = 0; k < 9; ++k) wv[k] = (float)k * 0.25f;
        y = gir_conv2d(g, x, w, gir_ints1(big), gir_ints0(), gir_ints0(), 1);
        CHECK(y.id && gir_node_numel(g, y) == 1, "stride INT32_MAX: %s", gir_graph_message(g));
        in[0] = x; in[1] = w; data[0] = xv; data[1] = wv;
        if (num_eval(g, y, 2, in, data, out, sizeof out)) return 0;
        {
            float want = 0;
            int i, j;
            for (i = 0; i < 3; ++i)
                for (j = 0; j < 3; ++j) want += xv[i * 8 + j] * wv[i * 3 + j];
            CHECK(fabsf(out[0] - want) < 1e-5f, "stride INT32_MAX: %g, want %g", out[0], want);
        }
    }
    gir_graph_free(g);
    return 1;
}
/* a kernel of 2^30 with padding 2^29 over a 4x4 image is valid (every window holds the image): each output
   is the max (mean) of the whole image, and pooling visits only the cells inside the image */
static int test_num_pool_huge_kernel(void) {
    gir_graph *g = gir_graph_new(NULL);
    gir_node x = gir_input(g, GIR_DTYPE_F64, gir_shape4(1, 1, 4, 4)), mx, av;
    double xv[16], out[25], mxv = -1e300, sum = 0;
    const void *data[1];
    int k;
    for (k = 0; k < 16; ++k) { xv[k] = (k * 37 % 11) - 5.5; if (xv[k] > mxv) mxv = xv[k]; sum += xv[k]; }
    mx = gir_max_pool2d(g, x, gir_ints1(1 << 30), gir_ints1(1), gir_ints1(1 << 29));
    av = gir_avg_pool2d(g, x, gir_ints1(1 << 30), gir_ints1(1), gir_ints1(1 << 29), 1);
    CHECK(mx.id && av.id && gir_node_numel(g, mx) == 25, "build: %s", gir_graph_message(g));
    data[0] = xv;
    if (num_eval(g, mx, 1, &x, data, out, sizeof out)) return 0;
    for (k = 0; k < 25; ++k) CHECK(out[k] == mxv, "max %d: %g, want %g", k, out[k], mxv);
    if (num_eval(g, av, 1, &x, data, out, sizeof out)) return 0;
    for (k = 0; k < 25; ++k) CHECK(fabs(out[k] - sum / 1152921504606846976.0) < 1e-25, "mean %d: %g", k, out[k]);
    gir_graph_free(g);
    return 1;
}
/* concat and add_n with 33 to 64 inputs, and a clear error beyond GIR_MAX_VARIADIC */
static int test_num_variadic_inputs(void) {
    gir_graph *g = gir_graph_new(NULL);
    gir_node xs[GIR_MAX_VARIADIC + 1], c, s, gr[2], wrt[2], outs[3];
    gir_plan *p = NULL;
    double v[GIR_MAX_VARIADIC];
    int k, n;
    for (k = 0; k <= GIR_MAX_VARIADIC; ++k) xs[k] = gir_scalar(g, GIR_DTYPE_F64, k);
    for (n = 33; n <= GIR_MAX_VARIADIC; n += 31) {
        gir_node one[GIR_MAX_VARIADIC];
        for (k = 0; k < n; ++k) one[k] = gir_reshape(g, xs[k], gir_shape1(1));
        c = gir_concat(g, n, one, 0);
        s = gir_add_n(g, n, xs);
        CHECK(c.id && s.id, "%d inputs: %s", n, gir_graph_message(g));
        CHECK(gir_plan_compile(g, 1, &c, NULL, &p) == GIR_OK && gir_plan_run(p) == GIR_OK, "run concat");
        memcpy(v, gir_plan_data(p, c), (size_t)n * sizeof(double));
        gir_plan_free(p);
        for (k = 0; k < n; ++k) CHECK(v[k] == k, "concat of %d: element %d is %g", n, k, v[k]);
        CHECK(gir_plan_compile(g, 1, &s, NULL, &p) == GIR_OK && gir_plan_run(p) == GIR_OK, "run add_n");
        CHECK(*(const double *)gir_plan_data(p, s) == n * (n - 1) / 2.0, "add_n of %d", n);
        gir_plan_free(p);
    }
    {   /* gradients through 40 inputs */
        gir_node in[40], x = gir_input(g, GIR_DTYPE_F64, gir_shape1(2)), y = gir_input(g, GIR_DTYPE_F64, gir_shape1(2));
        double xv[2] = {1, 2}, yv[2] = {3, 4};
        for (k = 0; k < 40; ++k) in[k] = k % 3 ? x : y;
        c = gir_sum(g, gir_mul(g, gir_concat(g, 40, in, 0), gir_concat(g, 40, in, 0)), gir_ints0(), 0);
        wrt[0] = x; wrt[1] = y;
        CHECK(gir_grad(g, c, 2, wrt, gr) == GIR_OK, "grad: %s", gir_graph_message(g));
        outs[0] = c; outs[1] = gr[0]; outs[2] = gr[1];
        CHECK(gir_plan_compile(g, 3, outs, NULL, &p) == GIR_OK, "compile");
        gir_plan_bind(p, x, xv); gir_plan_bind(p, y, yv);
        CHECK(gir_plan_run(p) == GIR_OK, "run");
        /* 26 copies of x and 14 of y: d/dx sum(c^2) = 2 * 26 * x */
        CHECK(((const double *)gir_plan_data(p, gr[0]))[1] == 2 * 26 * 2.0 &&
              ((const double *)gir_plan_data(p, gr[1]))[0] == 2 * 14 * 3.0, "gradients through 40 inputs");
        gir_plan_free(p);
    }
    CHECK(gir_add_n(g, GIR_MAX_VARIADIC + 1, xs).id == 0 && gir_graph_status(g) == GIR_ERR_INVALID_ARG &&
          num_msg(g, "add_n", "GIR_MAX_VARIADIC"), "65 inputs: %s", gir_graph_message(g));
    gir_graph_clear_error(g);
    CHECK(gir_concat(g, GIR_MAX_VARIADIC + 1, xs, 0).id == 0 && num_msg(g, "concat", "GIR_MAX_VARIADIC (64)"),
          "65 inputs: %s", gir_graph_message(g));
    gir_graph_free(g);
    return 1;
}

/* ----------------------------------------------------------------------------------- integer arithmetic */
#define NUM_MIN (-2147483647 - 1)
#define NUM_MAX 2147483647
static int num_check_i32(const char *what, const int32_t *got, const int32_t *want, int n) {
    int k;
    for (k = 0; k < n; ++k)
        if (got[k] != want[k]) {
            snprintf(why, sizeof why, "%s: element %d is %d, NumPy gives %d", what, k, (int)got[k], (int)want[k]);
            return 0;
        }
    return 1;
}
static int test_num_i32_elementwise(void) {
    static const int32_t a[6] = {NUM_MIN, NUM_MAX, -7, 7, 46341, -1}, b[6] = {-1, 1, 2, -2, 46341, NUM_MIN};
    static const int32_t want[9][6] = {
        {NUM_MAX, NUM_MIN, -5, 5, 92682, NUM_MAX},                       /* a + b  */
        {-2147483647, 2147483646, -9, 9, 0, NUM_MAX},                    /* a - b  */
        {NUM_MIN, NUM_MAX, -14, -14, -2147479015, NUM_MIN},              /* a * b  */
        {NUM_MIN, -2147483647, 7, -7, -46341, 1},                        /* -a     */
        {NUM_MIN, NUM_MAX, 7, 7, 46341, 1},                              /* abs(a) */
        {0, 1, 49, 49, -2147479015, 1},                                  /* a * a  */
        {NUM_MIN, NUM_MAX, -4, -4, 1, 0},                                /* a // b */
        {0, 0, 1, -1, 0, -1},                                            /* a % b  */
        {NUM_MIN, 2147483645, -21, 21, 139023, -3}};                     /* a + a + a */
    static const char *names[9] = {"add", "sub", "mul", "neg", "abs", "square", "int_div", "mod", "add_n"};
    gir_graph *g = gir_graph_new(NULL);
    gir_node x = gir_input(g, GIR_DTYPE_I32, gir_shape1(6)), y = gir_input(g, GIR_DTYPE_I32, gir_shape1(6)), r[9], in[2], three[3];
    const void *data[2];
    int32_t got[6];
    int k;
    three[0] = three[1] = three[2] = x;
    r[0] = gir_add(g, x, y); r[1] = gir_sub(g, x, y); r[2] = gir_mul(g, x, y); r[3] = gir_neg(g, x); r[4] = gir_abs(g, x);
    r[5] = gir_square(g, x); r[6] = gir_floordiv(g, x, y); r[7] = gir_mod(g, x, y); r[8] = gir_add_n(g, 3, three);
    in[0] = x; in[1] = y; data[0] = a; data[1] = b;
    for (k = 0; k < 9; ++k) {
        CHECK(r[k].id && gir_node_dtype(g, r[k]) == GIR_DTYPE_I32, "%s: %s", names[k], gir_graph_message(g));
        if (num_eval(g, r[k], 2, in, data, got, sizeof got) || !num_check_i32(names[k], got, want[k], 6)) return 0;
    }
    {   /* a scalar broadcast through the strided path, and x // 0 = x % 0 = 0 */
        gir_node z = gir_scalar(g, GIR_DTYPE_I32, 0), m1 = gir_scalar(g, GIR_DTYPE_I32, -1);
        static const int32_t zeros[6] = {0, 0, 0, 0, 0, 0}, negs[6] = {NUM_MIN, -2147483647, 7, -7, -46341, 1};
        if (num_eval(g, gir_floordiv(g, x, z), 1, in, data, got, sizeof got) || !num_check_i32("x // 0", got, zeros, 6)) return 0;
        if (num_eval(g, gir_mod(g, x, z), 1, in, data, got, sizeof got) || !num_check_i32("x % 0", got, zeros, 6)) return 0;
        if (num_eval(g, gir_floordiv(g, x, m1), 1, in, data, got, sizeof got) || !num_check_i32("x // -1", got, negs, 6)) return 0;
        if (num_eval(g, gir_mul(g, x, m1), 1, in, data, got, sizeof got) || !num_check_i32("x * -1", got, negs, 6)) return 0;
    }
    gir_graph_free(g);
    return 1;
}
static int test_num_int_reductions_linalg(void) {
    static const int32_t a[6] = {NUM_MIN, NUM_MAX, -7, 7, 46341, -1}, b[6] = {-1, 1, 2, -2, 46341, NUM_MIN};
    static const int32_t m[4] = {NUM_MAX, 1, NUM_MAX, NUM_MAX}, p2[4] = {65536, 65536, 3, -5};
    static const int32_t ma[4] = {NUM_MAX, 3, 5, -7}, mb[4] = {NUM_MAX, 2, 1, NUM_MIN}, dg[4] = {NUM_MAX, 0, 0, NUM_MAX};
    static const int32_t sv[5] = {NUM_MAX, 1, NUM_MIN, -1, 5};
    static const int32_t six[5] = {0, 0, 1, 1, 1};
    static const uint8_t u[3] = {200, 100, 250}, um[4] = {200, 100, 3, 250};
    static const int32_t w_sum[1] = {46339}, w_prod[1] = {NUM_MIN}, w_dot[1] = {4604}, w_sum0[2] = {-2, NUM_MIN};
    static const int32_t w_sum1[2] = {NUM_MIN, -2}, w_prod1[2] = {0, -15}, w_mm[4] = {4, 2147483646, 2147483636, -2147483638};
    static const int32_t w_outer[9] = {NUM_MIN, NUM_MIN, 0, -2147483647, NUM_MAX, -2, 7, -7, -14};
    static const int32_t w_trace[1] = {-2}, w_scatter[2] = {NUM_MIN, -2147483644};
    gir_graph *g = gir_graph_new(NULL);
    gir_node x = gir_input(g, GIR_DTYPE_I32, gir_shape1(6)), y = gir_input(g, GIR_DTYPE_I32, gir_shape1(6));
    gir_node mx = gir_input(g, GIR_DTYPE_I32, gir_shape2(2, 2)), my = gir_input(g, GIR_DTYPE_I32, gir_shape2(2, 2));
    gir_node sx = gir_input(g, GIR_DTYPE_I32, gir_shape1(5)), si = gir_input(g, GIR_DTYPE_I32, gir_shape1(5));
    gir_node ux = gir_input(g, GIR_DTYPE_U8, gir_shape1(3)), um2 = gir_input(g, GIR_DTYPE_U8, gir_shape2(2, 2));
    gir_node in[8];
    const void *data[8];
    int32_t got[9];
    uint8_t ug[4];
    in[0] = x; in[1] = y; in[2] = mx; in[3] = my; in[4] = sx; in[5] = si; in[6] = ux; in[7] = um2;
    data[0] = a; data[1] = b; data[2] = m; data[3] = mb; data[4] = sv; data[5] = six; data[6] = u; data[7] = um;
#define NUM_I32(node, want, n) do { if (num_eval(g, (node), 8, in, data, got, (n) * sizeof(int32_t)) || \
                                        !num_check_i32(#node, got, (want), (n))) return 0; } while (0)
    NUM_I32(gir_sum(g, x, gir_ints0(), 0), w_sum, 1);
    NUM_I32(gir_prod(g, x, gir_ints0(), 0), w_prod, 1);
    NUM_I32(gir_sum(g, mx, gir_ints1(0), 0), w_sum0, 2);
    NUM_I32(gir_sum(g, mx, gir_ints1(1), 0), w_sum1, 2);
    NUM_I32(gir_dot(g, x, y), w_dot, 1);
    NUM_I32(gir_outer(g, gir_slice(g, x, 0, 0, 3, 1), gir_slice(g, y, 0, 0, 3, 1)), w_outer, 9);
    NUM_I32(gir_index_add(g, sx, si, 0, 2), w_scatter, 2);
    data[2] = ma;
    NUM_I32(gir_matmul(g, mx, my), w_mm, 4);
    data[2] = dg;
    NUM_I32(gir_trace(g, mx), w_trace, 1);
    data[2] = p2;
    NUM_I32(gir_prod(g, mx, gir_ints1(1), 0), w_prod1, 2);
#undef NUM_I32
    /* u8 wraps modulo 256: sum 38, prod 64, u @ u = [[108, 200], [70, 80]] */
    if (num_eval(g, gir_sum(g, ux, gir_ints0(), 0), 8, in, data, ug, 1)) return 0;
    CHECK(ug[0] == 38, "u8 sum %d, NumPy gives 38", ug[0]);
    if (num_eval(g, gir_prod(g, ux, gir_ints0(), 0), 8, in, data, ug, 1)) return 0;
    CHECK(ug[0] == 64, "u8 prod %d, NumPy gives 64", ug[0]);
    if (num_eval(g, gir_matmul(g, um2, um2), 8, in, data, ug, 4)) return 0;
    CHECK(ug[0] == 108 && ug[1] == 200 && ug[2] == 70 && ug[3] == 80, "u8 matmul %d %d %d %d", ug[0], ug[1], ug[2], ug[3]);
    gir_graph_free(g);
    return 1;
}

static void suite_numerics(void) {
    RUN("limit/input_numel_overflow", test_num_input_numel_overflow());
    RUN("limit/result_numel_overflow", test_num_result_numel_overflow());
    RUN("rank/hand_built_shape_attr", test_num_hand_built_shape());
    RUN("rank/hand_built_int_list_attr", test_num_hand_built_int_list());
    RUN("rank/shapev_intsv_null_and_out_of_range", test_num_shapev_intsv_null());
    RUN("linalg/det_logdet_of_0x0", test_num_det_logdet_0x0());
    RUN("linalg/empty_matrices_in_bounds", test_num_linalg_empty());
    RUN("ub/window_attrs_overflow", test_num_window_attrs());
    RUN("ub/pool_huge_kernel_visits_only_input", test_num_pool_huge_kernel());
    RUN("ub/variadic_33_to_64_inputs", test_num_variadic_inputs());
    RUN("ub/i32_elementwise_wraps", test_num_i32_elementwise());
    RUN("ub/int_reductions_and_linalg_wrap", test_num_int_reductions_linalg());
}
