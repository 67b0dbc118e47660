/* >>compose: builders composed of table ops (scalar, zeros, expand_dims, split, layer_norm, batch_norm, flatten,
   split_sizes, conv2d_bias, ...). Their messages name the builder and the argument the user passed. */
/* convenience builders: compositions of table ops -----------------------------------------------------------
   Their messages name the builder and the argument the user passed. An argument's node, or NULL: {0} (an earlier
   failure) passes on quietly, a handle from elsewhere is reported. */
static const gir__node *gir__arg(gir_graph *g, gir_node x, const char *fn, const char *what) {
    int kind = gir__handle_kind(g, x);
    if (kind == GIR__H_OWN) return &g->nodes[x.id];
    if (kind != GIR__H_NONE)
        gir__gfail(g, GIR_ERR_HANDLE, "%s: %s (id %u) %s", fn, what, (unsigned)x.id, gir__handle_why(kind));
    return NULL;
}
/* the end of a composed builder: an error a table op raised inside it (out of memory, or a check the builder
   leaves to the op) gets the builder's name in front, so "conv2d_bias: conv2d: node 7: ..." */
static gir_node gir__named(gir_graph *g, int was_ok, const char *fn, gir_node r) {
#ifndef GIR_NO_ERROR_STRINGS
    size_t n = 0, add = 0, k;
    if (!g || !was_ok || g->status == GIR_OK) return r;
    while (fn[add]) ++add;
    add += 2;
    while (g->msg[n]) ++n;
    if (add >= sizeof g->msg) return r;
    if (n + add >= sizeof g->msg) n = sizeof g->msg - 1 - add;
    for (k = n + 1; k-- > 0;) g->msg[k + add] = k == n ? 0 : g->msg[k];
    for (k = 0; k < add - 2; ++k) g->msg[k] = fn[k];
    g->msg[add - 2] = ':';
    g->msg[add - 1] = ' ';
#else
    (void)g; (void)was_ok; (void)fn;
#endif
    return r;
}
static int gir__ok(const gir_graph *g) { return g && g->status == GIR_OK; }
/* a fill of value, named fn in a message */
static gir_node gir__filled(gir_graph *g, gir_dtype dtype, gir_shape shape, double value, const char *fn) {
    int was_ok = gir__ok(g);
    return gir__named(g, was_ok, fn, gir_fill(g, dtype, shape, value));
}
static gir_node gir__reshaped(gir_graph *g, gir_node x, gir_shape shape, const char *fn) {
    int was_ok = gir__ok(g);
    return gir__named(g, was_ok, fn, gir_reshape(g, x, shape));
}
GIR_API gir_node gir_scalar(gir_graph *g, gir_dtype dtype, double value) {
    return gir__filled(g, dtype, gir_shape0(), value, "scalar");
}
GIR_API gir_node gir_zeros(gir_graph *g, gir_dtype dtype, gir_shape shape) {
    return gir__filled(g, dtype, shape, 0.0, "zeros");
}
GIR_API gir_node gir_ones(gir_graph *g, gir_dtype dtype, gir_shape shape) {
    return gir__filled(g, dtype, shape, 1.0, "ones");
}
GIR_API gir_node gir_zeros_like(gir_graph *g, gir_node x) {
    const gir__node *d = gir__arg(g, x, "zeros_like", "x");
    gir_node bad = gir__handle(NULL, 0);
    if (!d) return bad;
    return gir__filled(g, (gir_dtype)d->dtype, (*gir__nshape(g, d)), 0.0, "zeros_like");
}
GIR_API gir_node gir_ones_like(gir_graph *g, gir_node x) {
    const gir__node *d = gir__arg(g, x, "ones_like", "x");
    gir_node bad = gir__handle(NULL, 0);
    if (!d) return bad;
    return gir__filled(g, (gir_dtype)d->dtype, (*gir__nshape(g, d)), 1.0, "ones_like");
}
GIR_API gir_node gir_expand_dims(gir_graph *g, gir_node x, int axis) {
    const gir__node *d = gir__arg(g, x, "expand_dims", "x");
    gir_shape s;
    gir_node bad = gir__handle(NULL, 0);
    int k, a = axis;
    if (!d) return bad;
    if (gir__nshape(g, d)->rank >= GIR_MAX_RANK) {
        gir__gfail(g, GIR_ERR_SHAPE, "expand_dims: x %S already has rank GIR_MAX_RANK (%d)", gir__nshape(g, d), GIR_MAX_RANK);
        return bad;
    }
    if (a < 0) a += gir__nshape(g, d)->rank + 1;
    if (a < 0 || a > gir__nshape(g, d)->rank) {
        gir__gfail(g, GIR_ERR_ATTR, "expand_dims: axis %d out of range for x %S (%d..%d)", axis, gir__nshape(g, d),
                   -gir__nshape(g, d)->rank - 1, gir__nshape(g, d)->rank);
        return bad;
    }
    s.rank = gir__nshape(g, d)->rank + 1;
    for (k = 0; k < s.rank; ++k) s.dim[k] = k < a ? gir__nshape(g, d)->dim[k] : k == a ? 1 : gir__nshape(g, d)->dim[k - 1];
    return gir__reshaped(g, x, s, "expand_dims");
}
GIR_API gir_node gir_squeeze(gir_graph *g, gir_node x, int axis) {
    const gir__node *d = gir__arg(g, x, "squeeze", "x");
    gir_shape s;
    gir_node bad = gir__handle(NULL, 0);
    int k, a = axis;
    if (!d) return bad;
    if (a < 0) a += gir__nshape(g, d)->rank;
    if (a < 0 || a >= gir__nshape(g, d)->rank) {
        gir__gfail(g, GIR_ERR_ATTR, "squeeze: axis %d out of range for x %S", axis, gir__nshape(g, d));
        return bad;
    }
    if (gir__nshape(g, d)->dim[a] != 1) {
        gir__gfail(g, GIR_ERR_ATTR, "squeeze: axis %d of x %S has length %d, not 1", axis, gir__nshape(g, d),
                   (int)gir__nshape(g, d)->dim[a]);
        return bad;
    }
    s.rank = gir__nshape(g, d)->rank - 1;
    for (k = 0; k < s.rank; ++k) s.dim[k] = gir__nshape(g, d)->dim[k < a ? k : k + 1];
    return gir__reshaped(g, x, s, "squeeze");
}
GIR_API gir_node gir_permute_last2(gir_graph *g, gir_node x) {
    const gir__node *d = gir__arg(g, x, "permute_last2", "x");
    gir_ints p;
    gir_node bad = gir__handle(NULL, 0);
    int k, was_ok = gir__ok(g);
    if (!d) return bad;
    if (gir__nshape(g, d)->rank < 2) {
        gir__gfail(g, GIR_ERR_SHAPE, "permute_last2: x must have rank >= 2, got %S", gir__nshape(g, d));
        return bad;
    }
    p.n = gir__nshape(g, d)->rank;
    for (k = 0; k < p.n; ++k) p.v[k] = k;
    p.v[p.n - 2] = p.n - 1;
    p.v[p.n - 1] = p.n - 2;
    return gir__named(g, was_ok, "permute_last2", gir_transpose(g, x, p));
}
/* consecutive slices of x's axis into out[0..n), of lengths sizes[k] (or each when sizes is NULL): n, or 0 when
   a slice failed (then every out[k] is {0}) */
static int gir__slices(gir_graph *g, gir_node x, int axis, int n, const int32_t *sizes, int32_t each, gir_node *out,
                       const char *fn) {
    gir_node none = gir__handle(NULL, 0);
    int k, j, was_ok = gir__ok(g);
    int32_t at = 0;
    for (k = 0; k < n; ++k) {
        int32_t len = sizes ? sizes[k] : each;
        out[k] = gir_slice(g, x, axis, at, at + len, 1);
        if (!out[k].id) {
            for (j = 0; j < n; ++j) out[j] = none;
            gir__named(g, was_ok, fn, none);
            return 0;
        }
        at += len;
    }
    return n;
}
/* np.split(x, parts, axis): parts equal slices */
GIR_API int gir_split(gir_graph *g, gir_node x, int axis, int parts, gir_node *out) {
    const gir__node *d = gir__arg(g, x, "split", "x");
    int a = axis;
    if (!d) return 0;
    if (parts < 1 || !out) {
        if (!out) gir__gfail(g, GIR_ERR_INVALID_ARG, "split: out is NULL");
        else gir__gfail(g, GIR_ERR_INVALID_ARG, "split: parts %d must be >= 1", parts);
        return 0;
    }
    if (a < 0) a += gir__nshape(g, d)->rank;
    if (a < 0 || a >= gir__nshape(g, d)->rank) {
        gir__gfail(g, GIR_ERR_ATTR, "split: axis %d out of range for x %S", axis, gir__nshape(g, d));
        return 0;
    }
    if (gir__nshape(g, d)->dim[a] % parts) {
        gir__gfail(g, GIR_ERR_SHAPE, "split: cannot split axis %d of x %S (length %d) into %d equal parts", axis,
                   gir__nshape(g, d), (int)gir__nshape(g, d)->dim[a], parts);
        return 0;
    }
    return gir__slices(g, x, a, parts, NULL, gir__nshape(g, d)->dim[a] / parts, out, "split");
}
/* a float tensor argument of a composed builder, its shape and dtype copied out (building moves the nodes) */
static int gir__float_arg(gir_graph *g, gir_node x, const char *fn, const char *what, gir_shape *s, int *dt) {
    const gir__node *d = gir__arg(g, x, fn, what);
    if (!d) return 0;
    if (!gir__is_float(d->dtype)) {
        gir__gfail(g, GIR_ERR_DTYPE, "%s: %s must be f32 or f64, got %T %S", fn, what, (int)d->dtype, gir__nshape(g, d));
        return 0;
    }
    *s = (*gir__nshape(g, d));
    *dt = d->dtype;
    return 1;
}
static int gir__eps_ok(gir_graph *g, const char *fn, double eps) {
    if (eps >= 0) return 1;
    gir__gfail(g, GIR_ERR_ATTR, "%s: eps %g must be >= 0", fn, eps);
    return 0;
}
/* x normalised by its mean and variance over axes (population variance), then * gamma + beta */
static gir_node gir__normalize(gir_graph *g, gir_node x, gir_ints ax, int dt, double eps, gir_node gamma,
                               gir_node beta) {
    gir_node mu = gir_mean(g, x, ax, 1);
    gir_node xc = gir_sub(g, x, mu);
    gir_node var = gir_mean(g, gir_square(g, xc), ax, 1);
    gir_node inv = gir_rsqrt(g, gir_add(g, var, gir_scalar(g, (gir_dtype)dt, eps)));
    return gir_add(g, gir_mul(g, gir_mul(g, xc, inv), gamma), beta);
}
/* (x - mean) / sqrt(var + eps) * gamma + beta over one axis; gamma and beta broadcast to x's shape */
GIR_API gir_node gir_layer_norm(gir_graph *g, gir_node x, gir_node gamma, gir_node beta, int axis, double eps) {
    static const char *const what[2] = {"gamma", "beta"};
    gir_node bad = gir__handle(NULL, 0), gb[2];
    gir_shape xs, o;
    int dt, k, a = axis, was_ok = gir__ok(g);
    gb[0] = gamma; gb[1] = beta;
    if (!gir__float_arg(g, x, "layer_norm", "x", &xs, &dt)) return bad;
    if (a < 0) a += xs.rank;
    if (a < 0 || a >= xs.rank) {
        gir__gfail(g, GIR_ERR_ATTR, "layer_norm: axis %d out of range for x %S", axis, &xs);
        return bad;
    }
    for (k = 0; k < 2; ++k) {
        gir_shape ns = gir_shape1(xs.dim[a]), ps;
        int pdt;
        if (!gir__float_arg(g, gb[k], "layer_norm", what[k], &ps, &pdt)) return bad;
        if (!gir__bcast2(&xs, &ps, &o) || !gir__shape_eq(&o, &xs)) {
            gir__gfail(g, GIR_ERR_SHAPE, "layer_norm: %s %S does not match the normalized shape %S of x %S (axis %d; "
                       "%s must broadcast to x)", what[k], &ps, &ns, &xs, axis, what[k]);
            return bad;
        }
    }
    if (!gir__eps_ok(g, "layer_norm", eps)) return bad;
    return gir__named(g, was_ok, "layer_norm", gir__normalize(g, x, gir_ints1(a), dt, eps, gamma, beta));
}
/* training-mode batch norm over every axis but 1 (N, C[, ...]); gamma and beta are [C] or broadcast to x */
GIR_API gir_node gir_batch_norm(gir_graph *g, gir_node x, gir_node gamma, gir_node beta, double eps) {
    static const char *const what[2] = {"gamma", "beta"};
    gir_node bad = gir__handle(NULL, 0), gb[2];
    gir_ints ax;
    gir_shape xs, cs, o;
    int dt, k, reshape[2], was_ok = gir__ok(g);
    gb[0] = gamma; gb[1] = beta;
    if (!gir__float_arg(g, x, "batch_norm", "x", &xs, &dt)) return bad;
    if (xs.rank < 2) {
        gir__gfail(g, GIR_ERR_SHAPE, "batch_norm: x must have rank >= 2 (N, C, ...), got %S", &xs);
        return bad;
    }
    ax.n = 0;
    cs.rank = xs.rank;
    for (k = 0; k < xs.rank; ++k) {
        if (k != 1) ax.v[ax.n++] = k;
        cs.dim[k] = k == 1 ? xs.dim[1] : 1;
    }
    for (k = 0; k < 2; ++k) {
        gir_shape ps;
        int pdt;
        if (!gir__float_arg(g, gb[k], "batch_norm", what[k], &ps, &pdt)) return bad;
        reshape[k] = ps.rank == 1 && ps.dim[0] == xs.dim[1];
        if (!reshape[k] && (ps.rank != xs.rank || !gir__bcast2(&xs, &ps, &o) || !gir__shape_eq(&o, &xs)) && ps.rank) {
            gir__gfail(g, GIR_ERR_SHAPE, "batch_norm: %s %S does not match the %d channels of x %S (give [%d], or a "
                       "shape of x's rank that broadcasts to x)", what[k], &ps, (int)xs.dim[1], &xs, (int)xs.dim[1]);
            return bad;
        }
    }
    if (!gir__eps_ok(g, "batch_norm", eps)) return bad;
    if (reshape[0]) gamma = gir_reshape(g, gamma, cs);
    if (reshape[1]) beta = gir_reshape(g, beta, cs);
    return gir__named(g, was_ok, "batch_norm", gir__normalize(g, x, ax, dt, eps, gamma, beta));
}

/* torch.flatten(x, start_dim, end_dim): axes start_dim..end_dim (negative: from the end) become one; a rank-0 x
   counts as rank 1 and gives [1] */
/* torch.linalg.vector_norm(x) over every element: sqrt(sum(x * x)) */
GIR_API gir_node gir_norm(gir_graph *g, gir_node x) {
    int was_ok = gir__ok(g);
    if (!gir__arg(g, x, "norm", "x")) return gir__handle(NULL, 0);
    return gir__named(g, was_ok, "norm", gir_sqrt(g, gir_sum(g, gir_square(g, x), gir_ints0(), 0)));
}
/* torch.linalg.solve(a, b) for a square a [n, n] and b [n] or [n, k], as inverse(a) @ b */
GIR_API gir_node gir_solve(gir_graph *g, gir_node a, gir_node b) {
    const gir__node *db = gir__arg(g, b, "solve", "b");
    int was_ok = gir__ok(g);
    gir_node inv, col;
    gir_shape bs;
    if (!gir__arg(g, a, "solve", "a") || !db) return gir__handle(NULL, 0);
    bs = *gir__nshape(g, db);
    inv = gir_inverse(g, a);
    if (bs.rank != 1) return gir__named(g, was_ok, "solve", gir_matmul(g, inv, b));
    col = gir_reshape(g, b, gir_shape2(bs.dim[0], 1));
    return gir__named(g, was_ok, "solve", gir_reshape(g, gir_matmul(g, inv, col), bs));
}
GIR_API gir_node gir_flatten(gir_graph *g, gir_node x, int start_dim, int end_dim) {
    const gir__node *d = gir__arg(g, x, "flatten", "x");
    gir_node bad = gir__handle(NULL, 0);
    gir_shape xs, s;
    int r, a = start_dim, e = end_dim, k;
    int64_t len = 1;
    if (!d) return bad;
    xs = (*gir__nshape(g, d));
    r = xs.rank ? xs.rank : 1;
    if (a < 0) a += r;
    if (e < 0) e += r;
    if (a < 0 || a >= r || e < 0 || e >= r) {
        gir__gfail(g, GIR_ERR_ATTR, "flatten: %s %d out of range for x %S", (a < 0 || a >= r) ? "start_dim" : "end_dim",
                   (a < 0 || a >= r) ? start_dim : end_dim, &xs);
        return bad;
    }
    if (a > e) {
        gir__gfail(g, GIR_ERR_ATTR, "flatten: start_dim %d comes after end_dim %d in x %S", start_dim, end_dim, &xs);
        return bad;
    }
    if (xs.rank == 0) return gir__reshaped(g, x, gir_shape1(1), "flatten");
    for (k = a; k <= e; ++k) len *= xs.dim[k];
    if (len > 2147483647) {
        gir__gfail(g, GIR_ERR_LIMIT, "flatten: axes %d..%d of x %S hold more than 2^31 - 1 elements", a, e, &xs);
        return bad;
    }
    s.rank = xs.rank - (e - a);
    for (k = 0; k < s.rank; ++k) s.dim[k] = k < a ? xs.dim[k] : k == a ? (int32_t)len : xs.dim[k + e - a];
    return gir__reshaped(g, x, s, "flatten");
}

/* torch.split(x, sizes, axis): n consecutive slices of the given lengths, which must add up to the axis */
GIR_API int gir_split_sizes(gir_graph *g, gir_node x, int axis, int n, const int32_t *sizes, gir_node *out) {
    const gir__node *d = gir__arg(g, x, "split_sizes", "x");
    int64_t total = 0;
    int k, a = axis;
    if (!d) return 0;
    if (n < 1 || !sizes || !out) {
        if (n < 1) gir__gfail(g, GIR_ERR_INVALID_ARG, "split_sizes: n %d must be >= 1", n);
        else gir__gfail(g, GIR_ERR_INVALID_ARG, "split_sizes: %s is NULL", sizes ? "out" : "sizes");
        return 0;
    }
    if (a < 0) a += gir__nshape(g, d)->rank;
    if (a < 0 || a >= gir__nshape(g, d)->rank) {
        gir__gfail(g, GIR_ERR_ATTR, "split_sizes: axis %d out of range for x %S", axis, gir__nshape(g, d));
        return 0;
    }
    for (k = 0; k < n; ++k) {
        if (sizes[k] < 0) {
            gir__gfail(g, GIR_ERR_ATTR, "split_sizes: sizes[%d] = %d is negative", k, (int)sizes[k]);
            return 0;
        }
        total += sizes[k];
    }
    if (total != gir__nshape(g, d)->dim[a]) {
        gir__gfail(g, GIR_ERR_SHAPE, "split_sizes: sizes add up to %l, but axis %d of x %S has length %d",
                   (long long)total, axis, gir__nshape(g, d), (int)gir__nshape(g, d)->dim[a]);
        return 0;
    }
    return gir__slices(g, x, a, n, sizes, 0, out, "split_sizes");
}

/* torch.nn.functional.conv2d(x, w, bias): conv2d plus bias[k] on output channel k; bias is [K] for w [K, ...] */
GIR_API gir_node gir_conv2d_bias(gir_graph *g, gir_node x, gir_node w, gir_node bias, gir_ints stride,
                                 gir_ints padding, gir_ints dilation, int groups) {
    const gir__node *xd = gir__arg(g, x, "conv2d_bias", "x"), *wd = gir__arg(g, w, "conv2d_bias", "w");
    const gir__node *bd = gir__arg(g, bias, "conv2d_bias", "bias");
    gir_node bad = gir__handle(NULL, 0), y;
    int was_ok = gir__ok(g);
    int32_t k;
    if (!xd || !wd || !bd) return bad;
    if (!gir__is_num(bd->dtype)) {
        gir__gfail(g, GIR_ERR_DTYPE, "conv2d_bias: bias must be numeric, got %T %S", (int)bd->dtype, gir__nshape(g, bd));
        return bad;
    }
    if (gir__nshape(g, wd)->rank == 4 && (gir__nshape(g, bd)->rank != 1 || gir__nshape(g, bd)->dim[0] != gir__nshape(g, wd)->dim[0])) {
        gir__gfail(g, GIR_ERR_SHAPE, "conv2d_bias: bias %S must be [%d], one value per output channel of w %S",
                   gir__nshape(g, bd), (int)gir__nshape(g, wd)->dim[0], gir__nshape(g, wd));
        return bad;
    }
    k = gir__nshape(g, wd)->dim[0];
    y = gir_conv2d(g, x, w, stride, padding, dilation, groups);
    if (y.id) y = gir_add(g, y, gir_reshape(g, bias, gir_shape3(k, 1, 1)));
    return gir__named(g, was_ok, "conv2d_bias", y);
}
