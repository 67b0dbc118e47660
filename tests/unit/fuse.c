/* unit/fuse.c - elementwise fusion: fused plans give the same bits as unfused ones (GIR_COMPILE_NO_FUSION), for
 * every elementwise op and dtype of the table in chains (op feeding op, broadcast and scalar operands, a value
 * used twice, an intermediate that is also an output or used outside the chain), at sizes around the chunk size;
 * random graphs; gradients; and the introspection that shows fusion was taken. Included by unit/main.c. */

static unsigned fu_state = 1u;
static unsigned fu_next(void) { fu_state = fu_state * 1103515245u + 12345u; return fu_state >> 8; }
/* puts what a failure was about before the message in why */
static void fu_prefix(const char *fmt, ...) {
    char pre[200], w2[sizeof why];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(pre, sizeof pre, fmt, ap);
    va_end(ap);
    snprintf(w2, sizeof w2, "%.199s: %.800s", pre, why);
    memcpy(why, w2, sizeof why);
}

/* values for an input of dtype dt: floats in [-3, 3) with some zeros, infinities and NaNs; integers small and
   nonzero (divisors); b8 0/1 */
static void fu_fill(void *buf, int dt, int64_t n) {
    int64_t k;
    for (k = 0; k < n; ++k) {
        unsigned r = fu_next();
        double v = (double)(r % 6000) / 1000.0 - 3.0;
        if (dt == GIR_DTYPE_F32 || dt == GIR_DTYPE_F64) {
            if (r % 97 == 0) v = 0.0;
            else if (r % 89 == 0) v = (r & 1 ? 1.0 : -1.0) * HUGE_VAL;
            else if (r % 83 == 0) v = nan("");
            if (dt == GIR_DTYPE_F32) ((float *)buf)[k] = (float)v; else ((double *)buf)[k] = v;
        } else if (dt == GIR_DTYPE_I32) ((int32_t *)buf)[k] = (int32_t)(r % 19) - 9 ? (int32_t)(r % 19) - 9 : 5;
        else if (dt == GIR_DTYPE_U8) ((uint8_t *)buf)[k] = (uint8_t)(1 + r % 200);
        else ((uint8_t *)buf)[k] = (uint8_t)(r & 1);
    }
}

/* a graph's inputs with their buffers, kept to bind the same data to several plans */
typedef struct fu_inputs { gir_node n[8]; void *buf[8]; int cnt; } fu_inputs;
static gir_node fu_input(gir_graph *g, fu_inputs *in, int dt, gir_shape s) {
    gir_node x = gir_input(g, (gir_dtype)dt, s);
    int64_t n = gir_node_numel(g, x);
    void *b = malloc((size_t)(n ? n : 1) * 8);
    fu_fill(b, dt, n);
    in->n[in->cnt] = x;
    in->buf[in->cnt++] = b;
    return x;
}
static void fu_free_inputs(fu_inputs *in) {
    int k;
    for (k = 0; k < in->cnt; ++k) free(in->buf[k]);
    in->cnt = 0;
}

/* the same bits, or both NaN: which NaN a vector instruction returns for two NaN operands depends on the order
   the compiler gave them, which may differ between a kernel's full and partial vectors, and a chunk boundary
   moves elements from one to the other */
static int fu_same(const void *a, const void *b, int dt, int64_t n) {
    int64_t k;
    if (dt == GIR_DTYPE_F32) {
        for (k = 0; k < n; ++k) {
            float x = ((const float *)a)[k], y = ((const float *)b)[k];
            if (memcmp(&x, &y, sizeof x) && !(x != x && y != y)) return 0;
        }
        return 1;
    }
    if (dt == GIR_DTYPE_F64) {
        for (k = 0; k < n; ++k) {
            double x = ((const double *)a)[k], y = ((const double *)b)[k];
            if (memcmp(&x, &y, sizeof x) && !(x != x && y != y)) return 0;
        }
        return 1;
    }
    return !n || !memcmp(a, b, (size_t)n * gir_dtype_size((gir_dtype)dt));
}

/* compiles outs with and without fusion (chunk elements per chunk, 0: the default), runs both, and compares
   every output bit for bit (NaNs: see fu_same). *groups / *nodes: the fused plan's introspection counts; *keep
   (if given) receives the fused plan. 0 and why on a mismatch. */
static int fu_compare(gir_graph *g, fu_inputs *in, int nout, const gir_node *outs, int chunk, int *groups,
                      int *nodes, gir_plan **keep) {
    gir_compile_desc fd, ud;
    gir_plan *pf = NULL, *pu = NULL;
    int k, ok = 1;
    memset(&fd, 0, sizeof fd);
    memset(&ud, 0, sizeof ud);
    fd.fuse_chunk = chunk;
    ud.flags = GIR_COMPILE_NO_FUSION;
    CHECK(gir_graph_status(g) == GIR_OK, "build: %s", gir_graph_message(g));
    CHECK(gir_plan_compile(g, nout, outs, &fd, &pf) == GIR_OK, "compile fused: %s", gir_graph_message(g));
    if (gir_plan_compile(g, nout, outs, &ud, &pu) != GIR_OK) { gir_plan_free(pf); FAILF("compile unfused"); }
    for (k = 0; k < in->cnt; ++k) { gir_plan_bind(pf, in->n[k], in->buf[k]); gir_plan_bind(pu, in->n[k], in->buf[k]); }
    if (gir_plan_query_stats(pu).fused_groups != 0) { snprintf(why, sizeof why, "the unfused plan has fused groups"); ok = 0; }
    if (ok && (gir_plan_run(pf) != GIR_OK || gir_plan_run(pu) != GIR_OK)) {
        snprintf(why, sizeof why, "run: %s / %s", gir_plan_message(pf), gir_plan_message(pu));
        ok = 0;
    }
    for (k = 0; ok && k < nout; ++k) {
        const void *a = gir_plan_data(pf, outs[k]), *b = gir_plan_data(pu, outs[k]);
        if (!a || !b || !fu_same(a, b, (int)gir_node_dtype(g, outs[k]), gir_node_numel(g, outs[k]))) {
            snprintf(why, sizeof why, "output %d (%s, %lld elements) differs fused / unfused (chunk %d)", k,
                     gir_op_name(gir_node_op(g, outs[k])), (long long)gir_node_numel(g, outs[k]), chunk);
            ok = 0;
        }
    }
    if (groups) *groups = gir_plan_query_stats(pf).fused_groups;
    if (nodes) *nodes = gir_plan_query_stats(pf).fused_nodes;
    if (keep && ok) *keep = pf; else gir_plan_free(pf);
    gir_plan_free(pu);
    return ok;
}

/* the dtype of the values an op's kernel for compute dtype dt reads and writes */
static int fu_is_float(int dt) { return dt == GIR_DTYPE_F32 || dt == GIR_DTYPE_F64; }

/* a node of dtype dt made by an elementwise op from x and y (same dtype): add, or xor for b8 */
static gir_node fu_mix(gir_graph *g, int dt, gir_node x, gir_node y) {
    return dt == GIR_DTYPE_B8 ? gir_xor(g, x, y) : gir_add(g, x, y);
}

/* One chain per pattern around op (compute dtype dt), [rows, cols] full-size inputs:
     pre = mix(x0, x1);  y = op(pre, <operand>);  post = consumer of y (elementwise)
   pattern 0: the other operands full-size     1: a broadcast row [cols]     2: a scalar operand first
           3: pre used twice (op(pre, pre))   4: pre is also an output      5: pre also feeds a sum (an output)
   An argument input (where's condition) is ne(x0, x1), b8, made in the chain. */
static int fu_chain(int op, int dt, int rows, int cols, int pattern, int chunk) {
    gir_graph *g = gir_graph_new(NULL);
    fu_inputs in;
    gir_node x0, x1, x2, row, sc, pre, y, post, outs[3], args[3];
    gir_attr at;
    int np = gir_op_parent_count((gir_op)op), na = gir_op_arg_count((gir_op)op), k, j, groups = 0, nodes = 0, nout = 1;
    int ok, odt;
    gir_plan *pf = NULL;
    gir_shape full = gir_shape2(rows, cols);
    in.cnt = 0;
    memset(&at, 0, sizeof at);
    at.f[0] = 0.3; at.f[1] = 0.7; at.f[2] = 0.01;
    x0 = fu_input(g, &in, dt, full);
    x1 = fu_input(g, &in, dt, full);
    x2 = fu_input(g, &in, dt, full);
    row = fu_input(g, &in, dt, gir_shape1(cols));
    sc = fu_input(g, &in, dt, gir_shape0());
    pre = fu_mix(g, dt, x0, x1);
    for (k = 0, j = 0; k < np + na; ++k) {         /* j: parents so far */
        if (gir_op_input_is_arg((gir_op)op, k)) { args[k] = gir_ne(g, x0, x1); continue; }
        if (pattern == 2 && np > 1) args[k] = j == 0 ? sc : j == 1 ? pre : x2;
        else args[k] = j == 0 ? pre : pattern == 1 ? row : pattern == 3 ? pre : x2;
        ++j;
    }
    y = gir_op_build(g, (gir_op)op, np + na, args, &at);
    if (!y.id) {
        snprintf(why, sizeof why, "build %s: %s", gir_op_name((gir_op)op), gir_graph_message(g));
        gir_graph_free(g);
        fu_free_inputs(&in);
        return 0;
    }
    odt = (int)gir_node_dtype(g, y);
    if (odt == GIR_DTYPE_B8 && dt != GIR_DTYPE_B8) post = gir_where(g, y, x0, x2);     /* where: cond, a, b */
    else if (odt == GIR_DTYPE_B8) post = gir_and(g, y, x2);
    else post = fu_mix(g, odt, y, odt == dt ? x2 : y);
    outs[0] = post;
    if (pattern == 4) outs[nout++] = pre;
    if (pattern == 5)
        outs[nout++] = gir_sum(g, fu_is_float(dt) ? pre : gir_cast(g, pre, GIR_DTYPE_F64), gir_ints0(), 0);
    ok = fu_compare(g, &in, nout, outs, chunk, &groups, &nodes, &pf);
    if (ok && pf && (int64_t)rows * cols > 0) {
        int want = pattern >= 4 ? 2 : 3;        /* pre stays out of the group when something else reads it */
        if (groups < 1 || nodes < want) {
            snprintf(why, sizeof why, "%s %s pattern %d: %d fused groups, %d nodes (want >= 1, >= %d)",
                     gir_op_name((gir_op)op), gir_dtype_name((gir_dtype)dt), pattern, groups, nodes, want);
            ok = 0;
        } else if (pattern == 0 && gir_plan_data(pf, pre) != NULL) {
            snprintf(why, sizeof why, "%s: gir_plan_data of a fused-away node is not NULL", gir_op_name((gir_op)op));
            ok = 0;
        } else if ((pattern == 4 || pattern == 5) && gir_plan_data(pf, pre) == NULL) {
            snprintf(why, sizeof why, "%s pattern %d: an output / outside-read node was fused away",
                     gir_op_name((gir_op)op), pattern);
            ok = 0;
        }
    }
    if (!ok)
        fu_prefix("%s %s [%d,%d] pattern %d chunk %d", gir_op_name((gir_op)op), gir_dtype_name((gir_dtype)dt), rows,
                  cols, pattern, chunk);
    gir_plan_free(pf);
    gir_graph_free(g);
    fu_free_inputs(&in);
    return ok;
}

/* every elementwise op and dtype of the table, every pattern, at sizes around the chunk: 0, 1, chunk - 1, chunk,
   chunk + 1 and large odd sizes over several chunks, with rows that chunks cut in the middle */
static int test_fuse_op_chains(void) {
    static const int sz_small[][2] = {{0, 5}, {1, 1}, {1, 6}, {1, 7}, {1, 8}, {3, 5}, {13, 11}, {4, 1}};
    static const int sz_default[][2] = {{1, 1023}, {1, 1024}, {1, 1025}, {3, 341}, {37, 101}, {5, 2049}};
    int op, dt, pat, k, cases = 0;
    for (op = 1; op < GIR_OP__COUNT; ++op)
        for (dt = 1; dt < GIR__DTYPE_SLOTS; ++dt) {
            if (!EWT(gir__ew_rows, op, dt)) continue;
            for (pat = 0; pat < 6; ++pat) {
                for (k = 0; k < (int)(sizeof sz_small / sizeof *sz_small); ++k, ++cases)
                    if (!fu_chain(op, dt, sz_small[k][0], sz_small[k][1], pat, 7)) return 0;
                for (k = 0; k < (int)(sizeof sz_default / sizeof *sz_default); ++k, ++cases)
                    if ((pat == 0 || pat == 1 || k < 3) &&
                        !fu_chain(op, dt, sz_default[k][0], sz_default[k][1], pat, 0))
                        return 0;
            }
        }
    CHECK(cases > 1000, "only %d cases", cases);
    return 1;
}

/* random graphs of elementwise ops (f32 or f64) over a few broadcast-compatible shapes, with reductions and
   matmuls between them, random outputs; fused and unfused agree and fusion happens */
static gir_node fu_rand_node(gir_graph *g, int nn, const gir_node *pool, int dt) {
    static const int un[] = {GIR_OP_NEG, GIR_OP_EXP, GIR_OP_TANH, GIR_OP_SIGMOID, GIR_OP_RELU, GIR_OP_ABS,
                             GIR_OP_SQUARE, GIR_OP_SIN, GIR_OP_SOFTPLUS, GIR_OP_ERF};
    static const int bin[] = {GIR_OP_ADD, GIR_OP_SUB, GIR_OP_MUL, GIR_OP_DIV, GIR_OP_MAXIMUM, GIR_OP_MINIMUM};
    gir_node a = pool[fu_next() % (unsigned)nn], b = pool[fu_next() % (unsigned)nn];
    unsigned r = fu_next() % 24;
    gir_dtype other = dt == GIR_DTYPE_F32 ? GIR_DTYPE_F64 : GIR_DTYPE_F32;
    if (r < 8) return gir_op_build(g, (gir_op)un[fu_next() % 10], 1, &a, NULL);
    if (r < 16) {
        gir_node ab[2];
        ab[0] = a; ab[1] = b;
        return gir_op_build(g, (gir_op)bin[fu_next() % 6], 2, ab, NULL);
    }
    if (r < 17) return gir_where(g, gir_gt(g, a, b), a, b);
    if (r < 18 && gir_node_shape(g, a).rank > 0) return gir_sum(g, a, gir_ints1(-1), 1);
    if (r < 19) return gir_clamp(g, a, -0.5, 0.5);
    if (r == 20) return gir_mul(g, a, gir_cast(g, gir_gt(g, a, b), (gir_dtype)dt));     /* relu's gradient */
    if (r == 21) return gir_cast(g, gir_cast(g, a, GIR_DTYPE_I32), (gir_dtype)dt);
    if (r == 22) return gir_cast(g, gir_cast(g, gir_abs(g, a), GIR_DTYPE_U8), (gir_dtype)dt);
    if (r == 23) return gir_cast(g, gir_exp(g, gir_cast(g, a, other)), (gir_dtype)dt);
    return gir_add(g, a, gir_scalar(g, (gir_dtype)dt, 0.5));
}
static int fu_random_graph(unsigned seed, int *groups) {
    gir_graph *g = gir_graph_new(NULL);
    fu_inputs in;
    gir_node pool[64], outs[4];
    int nn = 0, k, dt = seed & 1 ? GIR_DTYPE_F32 : GIR_DTYPE_F64, rows, cols, chunk, ok, gr = 0;
    static const int chunks[] = {1, 3, 7, 64, 0};
    fu_state = seed * 2654435761u + 1u;
    rows = (int)(fu_next() % 9);
    cols = 1 + (int)(fu_next() % 40);
    chunk = chunks[fu_next() % 5];
    in.cnt = 0;
    pool[nn++] = fu_input(g, &in, dt, gir_shape2(rows, cols));
    pool[nn++] = fu_input(g, &in, dt, gir_shape2(rows, cols));
    pool[nn++] = fu_input(g, &in, dt, gir_shape1(cols));
    pool[nn++] = fu_input(g, &in, dt, gir_shape2(rows, 1));
    pool[nn++] = fu_input(g, &in, dt, gir_shape0());
    while (nn < 40) {
        gir_node y = fu_rand_node(g, nn, pool, dt);
        if (!y.id) {
            snprintf(why, sizeof why, "seed %u: build: %s", seed, gir_graph_message(g));
            gir_graph_free(g);
            fu_free_inputs(&in);
            return 0;
        }
        pool[nn++] = y;
    }
    for (k = 0; k < 4; ++k) outs[k] = pool[nn - 1 - (k == 0 ? 0 : (int)(fu_next() % 30))];
    ok = fu_compare(g, &in, 1 + (int)(fu_next() % 4), outs, chunk, &gr, NULL, NULL);
    *groups += gr;
    gir_graph_free(g);
    fu_free_inputs(&in);
    if (!ok) fu_prefix("seed %u [%d,%d] chunk %d", seed, rows, cols, chunk);
    return ok;
}
static int test_fuse_random_graphs(void) {
    unsigned seed;
    int groups = 0;
    for (seed = 1; seed <= 1000; ++seed)
        if (!fu_random_graph(seed, &groups)) return 0;
    CHECK(groups > 1000, "only %d fused groups in 1000 random graphs", groups);
    return 1;
}

/* gradients of a small MLP (bias + activation, tanh, softmax cross-entropy, squares): the gradient graph's
   elementwise chains fused and not agree bit for bit, f32 and f64, batches around the chunk */
static int fu_mlp_grad(int dt, int batch, int chunk) {
    gir_graph *g = gir_graph_new(NULL);
    fu_inputs in;
    gir_node x, w1, b1, w2, b2, h, z, lab, loss, wrt[4], grads[4], outs[5];
    int groups = 0, nodes = 0, ok, k;
    int32_t *lv;
    in.cnt = 0;
    x = fu_input(g, &in, dt, gir_shape2(batch, 9));
    w1 = fu_input(g, &in, dt, gir_shape2(9, 16));
    b1 = fu_input(g, &in, dt, gir_shape1(16));
    w2 = fu_input(g, &in, dt, gir_shape2(16, 5));
    b2 = fu_input(g, &in, dt, gir_shape1(5));
    for (k = 0; k < in.cnt; ++k) {                 /* finite values only: the gradients should mean something */
        int64_t j, n = gir_node_numel(g, in.n[k]);
        for (j = 0; j < n; ++j) {
            double v = (double)(fu_next() % 2000) / 1000.0 - 1.0;
            if (dt == GIR_DTYPE_F32) ((float *)in.buf[k])[j] = (float)v; else ((double *)in.buf[k])[j] = v;
        }
    }
    lab = gir_input(g, GIR_DTYPE_I32, gir_shape1(batch));
    lv = (int32_t *)malloc((size_t)(batch ? batch : 1) * sizeof *lv);
    for (k = 0; k < batch; ++k) lv[k] = k % 5;
    in.n[in.cnt] = lab; in.buf[in.cnt++] = lv;
    h = gir_relu(g, gir_add(g, gir_matmul(g, x, w1), b1));
    h = gir_mul(g, gir_tanh(g, h), gir_sigmoid(g, h));
    z = gir_add(g, gir_matmul(g, h, w2), b2);
    loss = gir_add(g, gir_mean(g, gir_xent_logits(g, z, lab), gir_ints0(), 0),
                   gir_mul(g, gir_scalar(g, (gir_dtype)dt, 0.01), gir_sum(g, gir_square(g, w1), gir_ints0(), 0)));
    wrt[0] = w1; wrt[1] = b1; wrt[2] = w2; wrt[3] = b2;
    CHECK(gir_grad(g, loss, 4, wrt, grads) == GIR_OK, "grad: %s", gir_graph_message(g));
    outs[0] = loss;
    for (k = 0; k < 4; ++k) outs[1 + k] = grads[k];
    ok = fu_compare(g, &in, 5, outs, chunk, &groups, &nodes, NULL);
    gir_graph_free(g);
    fu_free_inputs(&in);
    if (!ok) { fu_prefix("%s batch %d chunk %d", gir_dtype_name((gir_dtype)dt), batch, chunk); return 0; }
    CHECK(groups >= 2 && nodes >= 5, "%s batch %d: %d fused groups, %d nodes", gir_dtype_name((gir_dtype)dt), batch,
          groups, nodes);
    return 1;
}
static int test_fuse_gradients(void) {
    static const int batches[] = {1, 3, 64, 65, 130};
    int k;
    for (k = 0; k < 5; ++k) {
        if (!fu_mlp_grad(GIR_DTYPE_F32, batches[k], 0) || !fu_mlp_grad(GIR_DTYPE_F64, batches[k], 0)) return 0;
        if (!fu_mlp_grad(GIR_DTYPE_F32, batches[k], 7) || !fu_mlp_grad(GIR_DTYPE_F64, batches[k], 13)) return 0;
    }
    return 1;
}

/* y = tanh(1.5 x + 0.25): one fused step, the intermediates leave the arena, gir_plan_data gives NULL for them
   (and their values when they are outputs), and the step count drops */
static int test_fuse_introspection(void) {
    gir_graph *g = gir_graph_new(NULL);
    gir_node x = gir_input(g, GIR_DTYPE_F32, gir_shape1(5000)), m, a, y, outs[2];
    gir_plan *pf = NULL, *pu = NULL, *pk = NULL;
    gir_compile_desc nd;
    float *xv = (float *)malloc(5000 * sizeof(float));
    int k;
    for (k = 0; k < 5000; ++k) xv[k] = (float)(k % 600) / 100.0f - 3.0f;
    m = gir_mul(g, x, gir_scalar(g, GIR_DTYPE_F32, 1.5));
    a = gir_add(g, m, gir_scalar(g, GIR_DTYPE_F32, 0.25));
    y = gir_tanh(g, a);
    memset(&nd, 0, sizeof nd);
    nd.flags = GIR_COMPILE_NO_FUSION | GIR_COMPILE_NO_REUSE;   /* one place per value: the unfused arena holds m and a */
    CHECK(gir_plan_compile(g, 1, &y, NULL, &pf) == GIR_OK && gir_plan_compile(g, 1, &y, &nd, &pu) == GIR_OK, "compile");
    outs[0] = y; outs[1] = m;
    CHECK(gir_plan_compile(g, 2, outs, NULL, &pk) == GIR_OK, "compile with m as output");
    gir_plan_bind(pf, x, xv); gir_plan_bind(pu, x, xv); gir_plan_bind(pk, x, xv);
    CHECK(!gir_plan_run(pf) && !gir_plan_run(pu) && !gir_plan_run(pk), "run");
    CHECK(gir_plan_query_stats(pf).fused_groups == 1 && gir_plan_query_stats(pf).fused_nodes == 3, "fused: %d groups, %d nodes",
          gir_plan_query_stats(pf).fused_groups, gir_plan_query_stats(pf).fused_nodes);
    CHECK(gir_plan_query_stats(pu).fused_groups == 0 && gir_plan_query_stats(pu).fused_nodes == 0, "NO_FUSION plan has groups");
    CHECK(gir_plan_query_stats(pf).steps == gir_plan_query_stats(pu).steps - 2, "steps %d fused, %d unfused",
          gir_plan_query_stats(pf).steps, gir_plan_query_stats(pu).steps);
    CHECK(gir_plan_query_stats(pf).arena_bytes + 2 * 5000 * sizeof(float) <= gir_plan_query_stats(pu).arena_bytes,
          "arena %zu fused, %zu unfused", gir_plan_query_stats(pf).arena_bytes, gir_plan_query_stats(pu).arena_bytes);
    CHECK(!gir_plan_data(pf, m) && !gir_plan_data(pf, a), "fused-away values have data");
    CHECK(gir_plan_data(pu, m) && gir_plan_data(pu, a), "unfused values have no data");
    CHECK(gir_plan_query_stats(pk).fused_groups == 1 && gir_plan_query_stats(pk).fused_nodes == 2, "m as output: %d groups, %d nodes",
          gir_plan_query_stats(pk).fused_groups, gir_plan_query_stats(pk).fused_nodes);
    CHECK(gir_plan_data(pk, m) && !memcmp(gir_plan_data(pk, m), gir_plan_data(pu, m), 5000 * sizeof(float)),
          "an output fused into a chain lost its value");
    CHECK(!memcmp(gir_plan_data(pf, y), gir_plan_data(pu, y), 5000 * sizeof(float)) &&
          !memcmp(gir_plan_data(pk, y), gir_plan_data(pu, y), 5000 * sizeof(float)), "values differ");
    CHECK(gir_plan_query_stats(NULL).fused_groups == 0 && gir_plan_query_stats(NULL).fused_nodes == 0, "NULL plan");
    gir_plan_free(pf); gir_plan_free(pu); gir_plan_free(pk);
    gir_graph_free(g);
    /* a group holds one output shape: exp of a bias row [50] is computed once, not per row of [100, 50] */
    g = gir_graph_new(NULL);
    x = gir_input(g, GIR_DTYPE_F32, gir_shape2(100, 50));
    m = gir_exp(g, gir_input(g, GIR_DTYPE_F32, gir_shape1(50)));
    y = gir_tanh(g, gir_add(g, x, m));
    CHECK(gir_plan_compile(g, 1, &y, NULL, &pf) == GIR_OK, "compile");
    CHECK(gir_plan_query_stats(pf).fused_groups == 1 && gir_plan_query_stats(pf).fused_nodes == 2 && gir_plan_data(pf, m) != NULL,
          "bias row: %d groups, %d nodes", gir_plan_query_stats(pf).fused_groups, gir_plan_query_stats(pf).fused_nodes);
    gir_plan_free(pf);
    gir_graph_free(g);
    free(xv);
    return 1;
}

/* fusion allocates at compile time only: every allocation failure of a fused compile is OUT_OF_MEMORY without
   a leak, and gir_plan_run allocates nothing */
static int test_fuse_memory(void) {
    failing f;
    gir_allocator al;
    gir_graph_desc d;
    long k, total = -1, before;
    double xv[40];
    for (k = 0; k < 40; ++k) xv[k] = 0.1 * (double)k - 2.0;
    al.alloc_fn = f_alloc; al.realloc_fn = f_realloc; al.free_fn = f_free; al.user = &f;
    memset(&d, 0, sizeof d);
    d.allocator = al;
    for (k = 0;; ++k) {
        gir_graph *g;
        gir_node x, b, y, gr;
        gir_plan *p = NULL;
        gir_status s;
        int r;
        memset(&f, 0, sizeof f);
        g = gir_graph_new(&d);
        CHECK(g, "graph");
        x = gir_input(g, GIR_DTYPE_F64, gir_shape2(4, 10));
        b = gir_input(g, GIR_DTYPE_F64, gir_shape1(10));
        y = gir_sum(g, gir_tanh(g, gir_relu(g, gir_add(g, gir_mul(g, x, x), b))), gir_ints0(), 0);
        CHECK(gir_grad(g, y, 1, &x, &gr) == GIR_OK, "grad");
        f.fail_at = k ? f.count + k : 0;
        s = gir_plan_compile(g, 1, &gr, NULL, &p);
        if (k == 0) {
            CHECK(s == GIR_OK && gir_plan_query_stats(p).fused_groups >= 1, "compile: %s, %d groups", gir_status_name(s),
                  gir_plan_query_stats(p).fused_groups);
            total = f.count;
            gir_plan_bind(p, x, xv);
            gir_plan_bind(p, b, xv);
            before = f.count;
            for (r = 0; r < 3; ++r) CHECK(gir_plan_run(p) == GIR_OK, "run");
            CHECK(f.count == before, "gir_plan_run allocated %ld times", f.count - before);
        } else if (f.fail_at > total) {
            gir_plan_free(p);
            gir_graph_free(g);
            break;
        } else CHECK(s == GIR_ERR_OUT_OF_MEMORY && !p, "allocation %ld failed: status %s", k, gir_status_name(s));
        gir_plan_free(p);
        gir_graph_free(g);
        CHECK(f.live == 0, "allocation %ld failed: %ld blocks leaked", k, f.live);
    }
    return 1;
}

/* inputs that broadcast over several axes of a rank-4 shape, as a conv's bias [C, 1, 1] over [N, C, H, W]: the
   runs span the trailing axes along which every input is uniform, and a chunk steps from run to run across the
   outer axes (carries over C into N); chunk sizes that cut runs anywhere, fused against unfused, bit for bit */
static int test_fuse_rank4_broadcast_runs(void) {
    static const int32_t shapes[][4] = {{3, 5, 7, 6}, {2, 4, 1, 9}, {5, 3, 4, 4}, {1, 7, 3, 1}};
    static const int chunks[] = {0, 1, 5, 16, 63, 64, 100};
    static const int dts[] = {GIR_DTYPE_F32, GIR_DTYPE_F64};
    size_t t, c;
    int k, j;
    for (t = 0; t < sizeof shapes / sizeof shapes[0]; ++t)
        for (c = 0; c < sizeof chunks / sizeof chunks[0]; ++c)
            for (k = 0; k < 4; ++k)
                for (j = 0; j < 2; ++j) {
                    const int32_t *d = shapes[t];
                    int dt = dts[j];
                    gir_graph *g = gir_graph_new(NULL);
                    fu_inputs in;
                    gir_node x, b, e, y;
                    int groups = 0, ok;
                    in.cnt = 0;
                    x = fu_input(g, &in, dt, gir_shape4(d[0], d[1], d[2], d[3]));
                    b = fu_input(g, &in, dt, k == 0 ? gir_shape3(d[1], 1, 1) : k == 1 ? gir_shape4(1, d[1], 1, d[3])
                                                 : k == 2 ? gir_shape4(d[0], 1, d[2], 1) : gir_shape2(d[2], 1));
                    e = fu_input(g, &in, dt, gir_shape4(d[0], 1, 1, d[3]));
                    y = gir_relu(g, gir_mul(g, gir_add(g, x, b), gir_sub(g, x, e)));
                    ok = fu_compare(g, &in, 1, &y, chunks[c], &groups, NULL, NULL);
                    fu_free_inputs(&in);
                    gir_graph_free(g);
                    if (!ok) {
                        fu_prefix("[%d,%d,%d,%d] bias form %d %s chunk %d", (int)d[0], (int)d[1], (int)d[2], (int)d[3], k,
                                  gir_dtype_name((gir_dtype)dt), chunks[c]);
                        return 0;
                    }
                    CHECK(groups >= 1, "no fused group");
                }
    return 1;
}

static void suite_fuse(void) {
    RUN("fuse/op_chains_fused_equals_unfused", test_fuse_op_chains());
    RUN("fuse/random_graphs_fused_equals_unfused", test_fuse_random_graphs());
    RUN("fuse/gradients_fused_equals_unfused", test_fuse_gradients());
    RUN("fuse/rank4_broadcast_runs_fused_equals_unfused", test_fuse_rank4_broadcast_runs());
    RUN("fuse/introspection_arena_and_plan_data", test_fuse_introspection());
    RUN("fuse/compile_oom_and_run_allocates_nothing", test_fuse_memory());
}
