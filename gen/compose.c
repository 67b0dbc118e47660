/* >>compose: more builders composed of table ops (flatten, split_sizes, conv2d_bias). Like those at the end
   of graph.c, their messages name the builder and the argument the user passed. */

/* torch.flatten(x, start_dim, end_dim): axes start_dim..end_dim (negative: from the end) become one; a rank-0 x
   counts as rank 1 and gives [1] */
GIR_API gir_node gir_flatten(gir_graph *g, gir_node x, int start_dim, int end_dim) {
    const gir__node *d = gir__arg(g, x, "flatten", "x");
    gir_node bad = gir__handle(NULL, 0);
    gir_shape xs, s;
    int r, a = start_dim, e = end_dim, k;
    int64_t len = 1;
    if (!d) return bad;
    xs = d->shape;
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
    if (a < 0) a += d->shape.rank;
    if (a < 0 || a >= d->shape.rank) {
        gir__gfail(g, GIR_ERR_ATTR, "split_sizes: axis %d out of range for x %S", axis, &d->shape);
        return 0;
    }
    for (k = 0; k < n; ++k) {
        if (sizes[k] < 0) {
            gir__gfail(g, GIR_ERR_ATTR, "split_sizes: sizes[%d] = %d is negative", k, (int)sizes[k]);
            return 0;
        }
        total += sizes[k];
    }
    if (total != d->shape.dim[a]) {
        gir__gfail(g, GIR_ERR_SHAPE, "split_sizes: sizes add up to %l, but axis %d of x %S has length %d",
                   (long long)total, axis, &d->shape, (int)d->shape.dim[a]);
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
        gir__gfail(g, GIR_ERR_DTYPE, "conv2d_bias: bias must be numeric, got %T %S", (int)bd->dtype, &bd->shape);
        return bad;
    }
    if (wd->shape.rank == 4 && (bd->shape.rank != 1 || bd->shape.dim[0] != wd->shape.dim[0])) {
        gir__gfail(g, GIR_ERR_SHAPE, "conv2d_bias: bias %S must be [%d], one value per output channel of w %S",
                   &bd->shape, (int)wd->shape.dim[0], &wd->shape);
        return bad;
    }
    k = wd->shape.dim[0];
    y = gir_conv2d(g, x, w, stride, padding, dilation, groups);
    if (y.id) y = gir_add(g, y, gir_reshape(g, bias, gir_shape3(k, 1, 1)));
    return gir__named(g, was_ok, "conv2d_bias", y);
}
