/* >>layers: dense and conv2d layers that create, name and initialise their parameters as torch.nn.Linear and
   torch.nn.Conv2d do (gir_dense, gir_conv2d_layer). A layer's weight draws from a stream of its own: the seed
   mixed with the weight's full name (gir_init_layer derives the bias's stream from the weight's), so layers
   given one seed draw different values, and a model built again with the same names and seed draws the same.
   A layer whose parameters exist already (same names, dtype and shapes) uses them: the forward pass built again
   for another batch shares the weights. */

/* the stream of a named tensor: FNV-1a of its name, mixed with seed */
static uint64_t gir__seed_named(uint64_t seed, const char *name) {
    uint64_t h = 0xCBF29CE484222325ull;
    while (*name) h = (h ^ (uint8_t)*name++) * 0x100000001B3ull;
    return gir__mix(seed ^ gir__mix(h));
}
/* the variable "<scope>/<name>/<part>": the one of that name when it exists with this dtype and shape (*made 0),
   else a new one (*made 1); {0} after recording why */
static gir_node gir__layer_param(gir_graph *g, const char *fn, const char *name, const char *part, int dt,
                                 gir_shape shape, int *made) {
    char full[GIR_MAX_NAME + 1];
    size_t sl = g->scope_len ? (size_t)g->scope_len + 1 : 0, nl = gir__strlen_max(name, GIR_MAX_NAME + 1);
    size_t pl = gir__strlen_max(part, 8);
    const gir__node *d;
    gir_node v;
    *made = 0;
    if (sl + nl + 1 + pl > GIR_MAX_NAME) {
        gir__gfail(g, GIR_ERR_INVALID_ARG, "%s: the name '%.40s...' is too long for its parameters "
                   "('<name>/%s' within GIR_MAX_NAME, %d, scope included)", fn, name, part, GIR_MAX_NAME);
        return gir__handle(NULL, 0);
    }
    if (sl) GIR_MEMCPY(full, g->scope->text, sl - 1);
    if (sl) full[sl - 1] = '/';
    GIR_MEMCPY(full + sl, name, nl);
    full[sl + nl] = '/';
    GIR_MEMCPY(full + sl + nl + 1, part, pl + 1);
    if (!(v = gir_graph_find(g, full)).id) {
        *made = 1;
        return gir_name(g, gir_variable(g, (gir_dtype)dt, shape, NULL), full + sl);
    }
    d = &g->nodes[v.id];
    if (gir__op_is(d->op, GIR__F_LEAF_VAR) && d->dtype == dt && gir__shape_eq(gir__nshape(g, d), &shape)) return v;
    gir__gfail(g, GIR_ERR_SHAPE, "%s: '%s' is node %u %s %T %S; the layer needs a variable %T %S", fn, full,
               (unsigned)v.id, gir__op_names[d->op], (int)d->dtype, gir__nshape(g, d), dt, &shape);
    return gir__handle(NULL, 0);
}
/* a layer's weight and bias: found or made; made ones initialised; 0 after recording why */
static int gir__layer_params(gir_graph *g, const char *fn, const char *name, int dt, gir_shape ws, gir_shape bs,
                             gir_init_layout layout, uint64_t seed, gir_node *w, gir_node *b) {
    int mw, mb;
    *w = gir__layer_param(g, fn, name, "w", dt, ws, &mw);
    *b = w->id ? gir__layer_param(g, fn, name, "b", dt, bs, &mb) : gir__handle(NULL, 0);
    if (!w->id || !b->id) return 0;
    if (mw != mb) {
        gir__gfail(g, GIR_ERR_INVALID_ARG, "%s: '%s' has a weight or a bias already, not both", fn, name);
        return 0;
    }
    return !mw || gir_init_layer(g, *w, *b, layout, gir__seed_named(seed, gir_node_name(g, *w))) == GIR_OK;
}
/* the float input of a layer, with at least min_rank axes; NULL after recording why */
static const gir__node *gir__layer_input(gir_graph *g, gir_node x, const char *fn, const char *name, int min_rank,
                                         int32_t out) {
    const gir__node *d = gir__arg(g, x, fn, "x");
    if (!d) return NULL;
    if (!name || !*name || out < 1 || !gir__is_float(d->dtype) || gir__nshape(g, d)->rank < min_rank) {
        gir__gfail(g, !gir__is_float(d->dtype) ? GIR_ERR_DTYPE : GIR_ERR_INVALID_ARG, "%s: x is node %u %T %S, "
                   "out %d, name %s: needs a float x of rank >= %d, out >= 1 and a name", fn, (unsigned)x.id,
                   (int)d->dtype, gir__nshape(g, d), (int)out, name && *name ? name : "(none)", min_rank);
        return NULL;
    }
    return d;
}
GIR_API gir_node gir_dense(gir_graph *g, gir_node x, int32_t out, const char *name, uint64_t seed) {
    static const char *const fn = "dense";
    const gir__node *d = g ? gir__layer_input(g, x, fn, name, 1, out) : NULL;
    gir_node w, b;
    gir_shape s;
    int was_ok, dt;
    if (!d) return gir__handle(NULL, 0);
    was_ok = gir__ok(g);
    dt = d->dtype;
    s = *gir__nshape(g, d);
    if (!gir__layer_params(g, fn, name, dt, gir_shape2(s.dim[s.rank - 1], out), gir_shape1(out), GIR_INIT_IN_OUT,
                           seed, &w, &b))
        return gir__named(g, was_ok, fn, gir__handle(NULL, 0));
    return gir__named(g, was_ok, fn, gir_add(g, gir_matmul(g, x, w), b));
}
GIR_API gir_node gir_conv2d_layer(gir_graph *g, gir_node x, int32_t out, int32_t kernel, int32_t stride,
                                  int32_t padding, const char *name, uint64_t seed) {
    static const char *const fn = "conv2d_layer";
    const gir__node *d = g ? gir__layer_input(g, x, fn, name, 4, out) : NULL;
    gir_node w, b;
    int was_ok, dt;
    int32_t in;
    if (!d) return gir__handle(NULL, 0);
    if (kernel < 1 || stride < 1 || padding < 0) {
        gir__gfail(g, GIR_ERR_INVALID_ARG, "%s: kernel %d, stride %d, padding %d: needs kernel >= 1, stride >= 1, "
                   "padding >= 0", fn, (int)kernel, (int)stride, (int)padding);
        return gir__handle(NULL, 0);
    }
    was_ok = gir__ok(g);
    dt = d->dtype;
    in = gir__nshape(g, d)->dim[1];
    if (!gir__layer_params(g, fn, name, dt, gir_shape4(out, in, kernel, kernel), gir_shape1(out), GIR_INIT_OUT_IN,
                           seed, &w, &b))
        return gir__named(g, was_ok, fn, gir__handle(NULL, 0));
    return gir__named(g, was_ok, fn, gir_conv2d_bias(g, x, w, b, gir_ints2(stride, stride),
                                                     gir_ints2(padding, padding), gir_ints2(1, 1), 1));
}
/* gir_lstm's cell, torch.nn.LSTM's without its input projection: (h, c, xz, w_hh, b_hh) -> (h', c', h'), where xz
   is step t's x_t @ w_ih + b_ih (one GEMM over every step, outside the scan, as torch's own LSTM does); gates i, f,
   g, o in that order along the 4 * hidden axis; a function in a graph of its own, on g's allocator (NULL after
   recording why) */
static gir_func *gir__lstm_cell(gir_graph *g, gir_graph **cg, int dt, int32_t batch, int32_t hid) {
    gir_graph_desc d;
    gir_node p[5], gate[4], z, cn, hn, r[3];
    gir_func *f = NULL;
    gir_graph *c;
    GIR_MEMSET(&d, 0, sizeof d);
    d.allocator = g->a;
    if (!(*cg = c = gir_graph_new(&d))) {
        gir__gfail(g, GIR_ERR_OUT_OF_MEMORY, "lstm: out of memory");
        return NULL;
    }
    p[0] = gir_input(c, (gir_dtype)dt, gir_shape2(batch, hid));
    p[1] = gir_input(c, (gir_dtype)dt, gir_shape2(batch, hid));
    p[2] = gir_input(c, (gir_dtype)dt, gir_shape2(batch, 4 * hid));
    p[3] = gir_input(c, (gir_dtype)dt, gir_shape2(hid, 4 * hid));
    p[4] = gir_input(c, (gir_dtype)dt, gir_shape1(4 * hid));
    z = gir_add(c, p[2], gir_add(c, gir_matmul(c, p[0], p[3]), p[4]));
    gir_split(c, z, 1, 4, gate);
    cn = gir_add(c, gir_mul(c, gir_sigmoid(c, gate[1]), p[1]), gir_mul(c, gir_sigmoid(c, gate[0]), gir_tanh(c, gate[2])));
    hn = gir_mul(c, gir_sigmoid(c, gate[3]), gir_tanh(c, cn));
    r[0] = hn;
    r[1] = cn;
    r[2] = hn;
    if (c->status == GIR_OK) f = gir_func_new(c, "lstm", 5, p, 3, r);
    if (!f) gir__gfail(g, c->status, "lstm: the cell: %s", c->msg);
    return f;
}
/* an LSTM parameter "<name>/<part>": found, or made and drawn uniform in +-1/sqrt(hidden) as torch's */
static gir_node gir__lstm_param(gir_graph *g, const char *name, const char *part, int dt, gir_shape s, int32_t hid,
                                uint64_t seed) {
    int made;
    double k = 1.0 / GIR_SQRT((double)hid);
    gir_node v = gir__layer_param(g, "lstm", name, part, dt, s, &made);
    if (v.id && made && gir_init_uniform(g, v, -k, k, gir__seed_named(seed, gir_node_name(g, v))) != GIR_OK)
        return gir__handle(NULL, 0);
    return v;
}
GIR_API gir_node gir_lstm(gir_graph *g, gir_node x, int32_t hidden, const char *name, uint64_t seed) {
    const gir__node *d = g ? gir__layer_input(g, x, "lstm", name, 3, hidden) : NULL;
    gir_node a[7], r[3], fail = gir__handle(NULL, 0);
    gir_graph *cg = NULL;
    gir_func *f;
    gir_scan_desc sd;
    gir_shape s;
    int k, dt;
    if (!d) return fail;
    dt = d->dtype;
    s = *gir__nshape(g, d);
    if (s.rank != 3) {
        gir__gfail(g, GIR_ERR_SHAPE, "lstm: x is node %u %T %S: needs [steps, batch, features]", (unsigned)x.id, dt, &s);
        return fail;
    }
    a[0] = a[1] = gir_zeros(g, (gir_dtype)dt, gir_shape2(s.dim[1], hidden));
    a[3] = gir__lstm_param(g, name, "w_ih", dt, gir_shape2(s.dim[2], 4 * hidden), hidden, seed);
    a[4] = gir__lstm_param(g, name, "w_hh", dt, gir_shape2(hidden, 4 * hidden), hidden, seed);
    a[5] = gir__lstm_param(g, name, "b_ih", dt, gir_shape1(4 * hidden), hidden, seed);
    a[6] = gir__lstm_param(g, name, "b_hh", dt, gir_shape1(4 * hidden), hidden, seed);
    for (k = 3; k < 7; ++k)
        if (!a[k].id) return fail;
    if (!(f = gir__lstm_cell(g, &cg, dt, s.dim[1], hidden))) {
        gir_graph_free(cg);
        return fail;
    }
    /* every step's input projection at once: [steps * batch, features] @ w_ih + b_ih, as [steps, batch, 4 hidden] */
    a[2] = gir_reshape(g, gir_add(g, gir_matmul(g, gir_reshape(g, x, gir_shape2(s.dim[0] * s.dim[1], s.dim[2])), a[3]),
                                  a[5]), gir_shape3(s.dim[0], s.dim[1], 4 * hidden));
    a[3] = a[4];
    a[4] = a[6];
    GIR_MEMSET(&sd, 0, sizeof sd);
    sd.length = s.dim[0];
    sd.n_carry = 2;
    sd.n_xs = 1;
    sd.reverse = 0;
    gir_scan(g, f, &sd, 5, a, 3, r);
    gir_graph_free(cg);                  /* released with the last graph that holds it: g, once the scan is built */
    return r[2];
}
