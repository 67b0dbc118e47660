/* onnx_ops_tensor.c - the ONNX ops on layout, indexing and values that are not one table op: variadic folds,
   Squeeze/Unsqueeze/Slice/Pad/Split/Tile/Expand, Gather and Scatter forms, TopK, OneHot, Hardmax, CumSum, Einsum,
   the losses, integer Div and Pow, opset 1-6 broadcasting. Helpers named gir__oxh_<name> are what GIR_ONNX lines call
   as <name>(...). */
#ifndef GIR_NO_ONNX
/* Concat: the inputs along 'axis' */
static gir_node gir__oxh_concat_all(gir__oxn *c) {
    int axis = gir__oxa_i(c, "axis", 0);
    if (!gir__ox_need(c, (1u << c->n_x) - 1u)) return c->none;
    return gir_concat(c->g, c->n_x, c->x, axis);
}
/* Sum, Max, Min, Mean: a left fold of the inputs with broadcasting */
static gir_node gir__ox_fold(gir__oxn *c, gir_node (*op)(gir_graph *, gir_node, gir_node)) {
    gir_node y;
    int j;
    if (!c->n_x || !gir__ox_need(c, (1u << c->n_x) - 1u)) return c->none;
    for (y = c->x[0], j = 1; j < c->n_x; ++j) y = op(c->g, y, c->x[j]);
    return y;
}
static gir_node gir__oxh_sum_all(gir__oxn *c) { return gir__ox_fold(c, gir_add); }
static gir_node gir__oxh_max_all(gir__oxn *c) { return gir__ox_fold(c, gir_maximum); }
static gir_node gir__oxh_min_all(gir__oxn *c) { return gir__ox_fold(c, gir_minimum); }
static gir_node gir__oxh_mean_all(gir__oxn *c) {
    gir_node s = gir__ox_fold(c, gir_add);
    return c->st == GIR_OK && c->n_x > 1 ? gir_div(c->g, s, gir__oxh_num(c, c->n_x)) : s;
}
/* Squeeze: drop the size-1 axes listed (attribute, or input 1 from opset 13), or every size-1 axis */
static gir_node gir__oxh_squeeze_axes(gir__oxn *c, gir_node x) {
    gir_shape in = gir_node_shape(c->g, x), s;
    gir_ints ax = gir__oxa_axes(c, 1);
    int j, k, drop;
    s.rank = 0;
    for (j = 0; j < in.rank; ++j) {
        for (drop = 0, k = 0; k < ax.n; ++k) drop |= gir__ox_axis(c, ax.v[k], in.rank) == j;
        if (!ax.n) drop = in.dim[j] == 1;
        if (drop && in.dim[j] != 1) gir__oxn_fail(c, GIR_ERR_SHAPE, "axis %d has length %d, not 1", j, in.dim[j]);
        if (!drop) s.dim[s.rank++] = in.dim[j];
    }
    return c->st == GIR_OK ? gir_reshape(c->g, x, s) : c->none;
}
/* Unsqueeze: insert size-1 axes at the listed places of the output */
static gir_node gir__oxh_unsqueeze_axes(gir__oxn *c, gir_node x) {
    gir_shape in = gir_node_shape(c->g, x), s;
    gir_ints ax = gir__oxa_axes(c, 1);
    int j, k, at = 0, ins;
    s.rank = in.rank + ax.n;
    if (s.rank > GIR_MAX_RANK) {
        gir__oxn_fail(c, GIR_ERR_UNSUPPORTED, "rank %d, gir.h's limit is %d", s.rank, GIR_MAX_RANK);
        return c->none;
    }
    for (j = 0; j < s.rank; ++j) {
        for (ins = 0, k = 0; k < ax.n; ++k) ins |= gir__ox_axis(c, ax.v[k], s.rank) == j;
        s.dim[j] = ins ? 1 : in.dim[at++];
    }
    return c->st == GIR_OK ? gir_reshape(c->g, x, s) : c->none;
}
/* v without the reshapes over it (an Unsqueeze, a scalar made [1]) */
static gir_node gir__ox_unshaped(gir_graph *g, gir_node v) {
    while (gir_node_op(g, v) == GIR_OP_RESHAPE) v = gir_node_input(g, v, 0);       /* public API use */
    return v;
}
/* ends - starts when ends is starts plus a constant (a Loop body's iteration number and one more), else -1 */
static int64_t gir__ox_span(gir_graph *g, gir_node st, gir_node en) {
    double k;
    int j;
    st = gir__ox_unshaped(g, st);
    en = gir__ox_unshaped(g, en);
    if (gir_node_op(g, en) != GIR_OP_ADD) return -1;                                 /* public API use */
    for (j = 0; j < 2; ++j)
        if (gir__ox_unshaped(g, gir_node_input(g, en, j)).id == st.id && gir_node_numel(g, en) == 1 &&
            gir__ox_eval(g, gir_node_input(g, en, 1 - j), &k) == 1 && k >= 0 && k <= INT32_MAX)
            return (int64_t)k;
    return -1;
}
/* Slice of one axis from a start known only when the model runs (a Loop body's iteration number), ends = starts +
   a constant len (gir__ox_span): index_select of start, start + 1, ..., start + len - 1 (a start from the end as
   ONNX's, but a window past the axis is a run-time error where ONNX would clamp it) */
static gir_node gir__ox_slice_at(gir__oxn *c, gir_node x) {
    int64_t len = gir__ox_span(c->g, c->x[1], c->x[2]), ax = 0, sp = 1;
    gir_node at;
    int axis;
    if (gir_node_numel(c->g, c->x[1]) != 1) {
        gir__oxn_fail(c, GIR_ERR_UNSUPPORTED, "starts is known only when the model runs: needs one axis, not %l",
                      (long long)gir_node_numel(c->g, c->x[1]));
        return c->none;
    }
    if ((gir__ox_has(c, 3) && gir__ox_const_ints(c, 3, &ax, 1, "axes") != 1) ||
        (gir__ox_has(c, 4) && gir__ox_const_ints(c, 4, &sp, 1, "steps") != 1) || c->st != GIR_OK)
        return c->none;
    if (sp != 1) {
        gir__oxn_fail(c, GIR_ERR_UNSUPPORTED, "starts known only when the model runs needs step 1, not %l",
                      (long long)sp);
        return c->none;
    }
    if ((axis = gir__ox_axis(c, (int)ax, gir_node_shape(c->g, x).rank)) < 0) return c->none;
    at = gir_reshape(c->g, gir_cast(c->g, c->x[1], GIR_DTYPE_I32), gir_shape1(1));
    at = gir_add(c->g, at, gir_arange(c->g, GIR_DTYPE_I32, 0, (double)len, 1));
    return gir_index_select(c->g, x, at, axis);
}
/* Slice: starts, ends, axes, steps as inputs 1-4 (opset 10 on) or attributes (before) */
static gir_node gir__oxh_slice_onnx(gir__oxn *c, gir_node x) {
    int64_t st[GIR_MAX_RANK], en[GIR_MAX_RANK], ax[GIR_MAX_RANK], sp[GIR_MAX_RANK];
    int rank = gir_node_shape(c->g, x).rank, n, j;
    gir_ints a;
    if (gir__ox_has(c, 1) && !c->t[1] && gir_node_type_of(c->g, c->x[1]) >= GIR_NODE_INPUT &&
        gir__ox_has(c, 2) && gir__ox_span(c->g, c->x[1], c->x[2]) >= 0)
        return gir__ox_slice_at(c, x);
    if (gir__ox_has(c, 1)) {
        n = gir__ox_const_ints(c, 1, st, GIR_MAX_RANK, "starts");
        if (gir__ox_const_ints(c, 2, en, GIR_MAX_RANK, "ends") != n) n = -1;
    } else {
        a = gir__oxa_ints(c, "starts");
        for (n = a.n, j = 0; j < n; ++j) st[j] = a.v[j];
        a = gir__oxa_ints(c, "ends");
        for (j = 0; j < a.n && j < n; ++j) en[j] = a.v[j];
        if (a.n != n) n = -1;
    }
    if (n < 0) {
        gir__oxn_fail(c, GIR_ERR_INVALID_ARG, "starts and ends differ in length");
        return c->none;
    }
    for (j = 0; j < n; ++j) { ax[j] = j; sp[j] = 1; }
    if (gir__ox_has(c, 3) && gir__ox_const_ints(c, 3, ax, GIR_MAX_RANK, "axes") != n) n = -1;
    if (!gir__ox_has(c, 3) && gir__ox_attr_find(c, "axes")) {
        a = gir__oxa_ints(c, "axes");
        for (j = 0; j < a.n && j < n; ++j) ax[j] = a.v[j];
    }
    if (n >= 0 && gir__ox_has(c, 4) && gir__ox_const_ints(c, 4, sp, GIR_MAX_RANK, "steps") != n) n = -1;
    for (j = 0; j < n && c->st == GIR_OK; ++j) {
        int axis = gir__ox_axis(c, (int)ax[j], rank);
        if (axis >= 0) x = gir_slice(c->g, x, axis, (int)st[j], (int)en[j], (int)sp[j]);
    }
    if (n < 0) gir__oxn_fail(c, GIR_ERR_INVALID_ARG, "axes or steps differ from starts in length");
    return c->st == GIR_OK ? x : c->none;
}
/* Clip: min and max as attributes (before opset 11) or optional inputs 1 and 2 (any tensors) */
static gir_node gir__oxh_clip(gir__oxn *c, gir_node x) {
    if (gir__ox_attr_find(c, "min") || gir__ox_attr_find(c, "max"))
        return gir_clamp(c->g, x, gir__oxa_f(c, "min", -HUGE_VAL), gir__oxa_f(c, "max", HUGE_VAL));
    if (gir__ox_has(c, 1) && gir__ox_need(c, 2u)) x = gir_maximum(c->g, x, c->x[1]);
    if (gir__ox_has(c, 2) && gir__ox_need(c, 4u)) x = gir_minimum(c->g, x, c->x[2]);
    return x;
}
/* Softmax and LogSoftmax before opset 13: over the axes from 'axis' (default 1) taken as one */
static gir_node gir__ox_softmax_2d(gir__oxn *c, gir_node x, gir_node (*f)(gir_graph *, gir_node, int)) {
    gir_shape in = gir_node_shape(c->g, x);
    x = gir__oxh_flatten2(c, x);                     /* reads 'axis' (default 1) as Flatten does */
    return c->st == GIR_OK ? gir_reshape(c->g, f(c->g, x, 1), in) : c->none;
}
static gir_node gir__oxh_softmax_2d(gir__oxn *c, gir_node x) { return gir__ox_softmax_2d(c, x, gir_softmax); }
static gir_node gir__oxh_log_softmax_2d(gir__oxn *c, gir_node x) { return gir__ox_softmax_2d(c, x, gir_log_softmax); }
/* Expand: NumPy broadcasting of x and a shape (input k) in both directions */
static gir_node gir__oxh_expand_to(gir__oxn *c, gir_node x, int k) {
    int64_t v[GIR_MAX_RANK];
    gir_shape in = gir_node_shape(c->g, x), s;
    int n = gir__ox_const_ints(c, k, v, GIR_MAX_RANK, "the shape input"), j;
    if (n < 0) return c->none;
    s.rank = n > in.rank ? n : in.rank;
    for (j = 0; j < s.rank; ++j) {
        int a = j - (s.rank - in.rank), b = j - (s.rank - n);
        int32_t da = a >= 0 ? in.dim[a] : 1, db = b >= 0 ? (int32_t)v[b] : 1;
        s.dim[j] = da == 1 ? db : da;
        if (da != 1 && db != 1 && da != db) gir__oxn_fail(c, GIR_ERR_SHAPE, "axis %d: %d against %d", j, da, db);
    }
    return c->st == GIR_OK ? gir_broadcast_to(c->g, x, s) : c->none;
}
/* ConstantOfShape: a tensor of the shape in input k, every element the one value of attribute 'value' */
static gir_node gir__oxh_constant_of_shape(gir__oxn *c, int k) {
    int64_t v[GIR_MAX_RANK];
    const gir__ox_attr *a = gir__ox_attr_find(c, "value");
    double fill = 0;
    int dt = GIR_DTYPE_F32, n = gir__ox_const_ints(c, k, v, GIR_MAX_RANK, "the shape input"), j;
    gir_shape s;
    char m[160];
    if (a && (a->type != 4 || gir__ox_tensor_numel(&a->t) != 1 || (dt = gir__ox_dtype(a->t.type)) < 0 ||
              gir__ox_tensor_read(&a->t, GIR_DTYPE_F64, &fill, 1, m, sizeof m) != GIR_OK))
        gir__oxn_fail(c, GIR_ERR_UNSUPPORTED, "'value' is not a one-element tensor of a gir dtype");
    if (n < 0 || c->st != GIR_OK) return c->none;
    s.rank = n;
    for (j = 0; j < n; ++j) s.dim[j] = (int32_t)v[j];
    return gir_fill(c->g, (gir_dtype)dt, s, fill);
}
/* Range: start, limit, delta (inputs 0-2, known at import) */
static gir_node gir__oxh_range_of(gir__oxn *c) {
    double v[3];
    int j;
    for (j = 0; j < 3; ++j)
        if (gir__ox_const_vals(c, j, v + j, 1, j == 0 ? "start" : j == 1 ? "limit" : "delta") != 1) return c->none;
    return gir_arange(c->g, gir_node_dtype(c->g, c->x[0]), v[0], v[1], v[2]);
}
/* Tile: x repeated along each axis: [d0, d1] -> [1, d0, 1, d1] broadcast to [r0, d0, r1, d1], then merged */
static gir_node gir__oxh_tile_by(gir__oxn *c, gir_node x, int k) {
    int64_t r[GIR_MAX_RANK];
    gir_shape in = gir_node_shape(c->g, x), a, b, o;
    int n = gir__ox_const_ints(c, k, r, GIR_MAX_RANK, "repeats"), j;
    if (n != in.rank || 2 * n > GIR_MAX_RANK) {
        if (c->st == GIR_OK) gir__oxn_fail(c, GIR_ERR_UNSUPPORTED, "repeats of length %d for rank %d (at most %d)",
                                          n, in.rank, GIR_MAX_RANK / 2);
        return c->none;
    }
    a.rank = b.rank = 2 * n;
    o.rank = n;
    for (j = 0; j < n; ++j) {
        a.dim[2 * j] = 1;
        b.dim[2 * j] = (int32_t)r[j];
        a.dim[2 * j + 1] = b.dim[2 * j + 1] = in.dim[j];
        o.dim[j] = (int32_t)(r[j] * in.dim[j]);
    }
    x = gir_reshape(c->g, x, a);
    x = gir_broadcast_to(c->g, x, b);
    return gir_reshape(c->g, x, o);
}
/* Pad modes 'edge' and 'reflect' along one axis: the border element repeated, or the elements next to the border
   mirrored, joined to x */
static gir_node gir__ox_pad_axis(gir__oxn *c, gir_node x, int axis, int before, int after, int reflect) {
    gir_shape s = gir_node_shape(c->g, x);
    gir_node parts[3];
    int n = 0, len = s.dim[axis];
    if (reflect && (before >= len || after >= len)) {
        gir__oxn_fail(c, GIR_ERR_SHAPE, "reflect padding of %d and %d on an axis of %d", before, after, len);
        return c->none;
    }
    if (before > 0) {
        gir_shape b = s;
        b.dim[axis] = before;
        parts[n] = reflect ? gir_slice(c->g, x, axis, before, 0, -1) : gir_slice(c->g, x, axis, 0, 1, 1);
        if (!reflect) parts[n] = gir_broadcast_to(c->g, parts[n], b);
        ++n;
    }
    parts[n++] = x;
    if (after > 0) {
        gir_shape b = s;
        b.dim[axis] = after;
        parts[n] = reflect ? gir_slice(c->g, x, axis, len - 2, len - 2 - after < 0 ? GIR_SLICE_NONE : len - 2 - after, -1)
                           : gir_slice(c->g, x, axis, len - 1, len, 1);
        if (!reflect) parts[n] = gir_broadcast_to(c->g, parts[n], b);
        ++n;
    }
    return n > 1 ? gir_concat(c->g, n, parts, axis) : x;
}
/* Pad, mode "constant": pads as input 1 (opset 11 on) or attribute, the value as input 2 or attribute */
static gir_node gir__oxh_pad_onnx(gir__oxn *c, gir_node x) {
    int64_t p[2 * GIR_MAX_RANK];
    double value = gir__oxa_f(c, "value", 0);
    int rank = gir_node_shape(c->g, x).rank, n, j;
    gir_ints before = gir_ints0(), after = gir_ints0();
    int edge = gir__oxa_s_is(c, "mode", "constant", "edge"), reflect = gir__oxa_s_is(c, "mode", "constant", "reflect");
    if (!edge && !reflect && !gir__oxa_s_is(c, "mode", "constant", "constant"))
        gir__oxn_fail(c, GIR_ERR_UNSUPPORTED, "a mode other than constant, edge and reflect");
    if (gir__ox_has(c, 1)) n = gir__ox_const_ints(c, 1, p, 2 * GIR_MAX_RANK, "pads");
    else {
        gir_ints a = gir__oxa_ints(c, "pads");
        for (n = a.n, j = 0; j < n; ++j) p[j] = a.v[j];
    }
    if (gir__ox_has(c, 2) && gir__ox_const_vals(c, 2, &value, 1, "constant_value") != 1) return c->none;
    if (gir__ox_has(c, 3)) gir__oxn_fail(c, GIR_ERR_UNSUPPORTED, "the axes input");
    if (n != 2 * rank && c->st == GIR_OK) gir__oxn_fail(c, GIR_ERR_ATTR, "%d pads for rank %d", n, rank);
    if (c->st != GIR_OK) return c->none;
    for (j = 0; j < rank && (edge || reflect); ++j)
        if (p[j] < 0 || p[rank + j] < 0) gir__oxn_fail(c, GIR_ERR_UNSUPPORTED, "negative pads with mode edge or reflect");
        else x = gir__ox_pad_axis(c, x, j, (int)p[j], (int)p[rank + j], reflect);
    if (edge || reflect) return c->st == GIR_OK ? x : c->none;
    for (j = 0; j < rank; ++j) {
        before.v[j] = (int32_t)p[j];
        after.v[j] = (int32_t)p[rank + j];
    }
    before.n = after.n = rank;
    return gir_pad(c->g, x, before, after, value);
}
/* Trilu: the upper (attribute upper, default 1) or lower triangle, diagonal k from input 1 */
static gir_node gir__oxh_trilu(gir__oxn *c, gir_node x) {
    int64_t k = 0;
    if (gir__ox_has(c, 1) && gir__ox_const_ints(c, 1, &k, 1, "k") != 1) return c->none;
    return gir__oxa_i(c, "upper", 1) ? gir_triu(c->g, x, (int)k) : gir_tril(c->g, x, (int)k);
}
/* LayerNormalization: over the axes from 'axis' (default -1), (x - mean) / sqrt(var + epsilon) * scale + B */
static gir_node gir__oxh_layer_norm(gir__oxn *c, gir_node x) {
    int rank = gir_node_shape(c->g, x).rank, axis = gir__ox_axis(c, gir__oxa_i(c, "axis", -1), rank), j;
    double eps = gir__oxa_f(c, "epsilon", 1e-5);
    gir_ints ax = gir_ints0();
    gir_node m, d, v;
    (void)gir__oxa_i(c, "stash_type", 1);
    if (axis < 0 || !gir__ox_need(c, 3u)) return c->none;
    for (j = axis; j < rank; ++j) ax.v[ax.n++] = j;
    m = gir_mean(c->g, x, ax, 1);
    d = gir_sub(c->g, x, m);
    v = gir_mean(c->g, gir_square(c->g, d), ax, 1);
    v = gir_rsqrt(c->g, gir_add(c->g, v, gir__oxh_num(c, eps)));
    if (c->nd->n_out > 1 && c->nd->out[1].n) c->y[1] = m;
    if (c->nd->n_out > 2 && c->nd->out[2].n) c->y[2] = v;
    d = gir_mul(c->g, gir_mul(c->g, d, v), c->x[1]);
    return gir__ox_has(c, 2) && gir__ox_need(c, 4u) ? gir_add(c->g, d, c->x[2]) : d;
}
/* Split: along 'axis', by the sizes of input 1 (opset 13 on) or attribute 'split', or in equal parts */
static gir_node gir__oxh_split_onnx(gir__oxn *c, gir_node x) {
    int64_t v[GIR__OX_MAX_OUT];
    int32_t sz[GIR__OX_MAX_OUT];
    gir_node parts[GIR__OX_MAX_OUT];
    gir_shape in = gir_node_shape(c->g, x);
    int n = c->nd->n_out, axis = gir__ox_axis(c, gir__oxa_i(c, "axis", 0), in.rank), j, got;
    if (n > GIR__OX_MAX_OUT || axis < 0) {
        gir__oxn_fail(c, GIR_ERR_UNSUPPORTED, "%d outputs", n);
        return c->none;
    }
    if (gir__ox_has(c, 1)) got = gir__ox_const_ints(c, 1, v, GIR__OX_MAX_OUT, "split");
    else if (gir__ox_attr_find(c, "split")) {
        gir_ints a = gir__oxa_ints(c, "split");
        for (got = a.n, j = 0; j < a.n; ++j) v[j] = a.v[j];
    } else for (got = n, j = 0; j < n; ++j) v[j] = in.dim[axis] / n + (j < in.dim[axis] % n ? 1 : 0);
    if (got != n && c->st == GIR_OK) gir__oxn_fail(c, GIR_ERR_ATTR, "%d sizes for %d outputs", got, n);
    if (c->st != GIR_OK) return c->none;
    for (j = 0; j < n; ++j) sz[j] = (int32_t)v[j];
    if (gir_split_sizes(c->g, x, axis, n, sz, parts) != n) return c->none;
    for (j = 1; j < n; ++j) c->y[j] = parts[j];
    return parts[0];
}
/* IsInf: detect_positive and detect_negative (default 1 each) */
static gir_node gir__oxh_isinf_onnx(gir__oxn *c, gir_node x) {
    int pos = gir__oxa_i(c, "detect_positive", 1), neg = gir__oxa_i(c, "detect_negative", 1);
    gir_node inf = gir_isinf(c->g, x);
    if (pos && neg) return inf;
    if (!pos && !neg) return gir_fill(c->g, GIR_DTYPE_B8, gir_node_shape(c->g, x), 0);
    return gir_and(c->g, inf, pos ? gir_gt(c->g, x, gir__oxh_num(c, 0)) : gir_lt(c->g, x, gir__oxh_num(c, 0)));
}
static gir_node gir__oxh_cast_like(gir__oxn *c, gir_node x, gir_node like) {
    return gir_cast(c->g, x, gir_node_dtype(c->g, like));
}
/* ArgMax, ArgMin: the first index (select_last_index 1 is not supported) */

/* Size: the number of elements, a scalar */
static gir_node gir__oxh_size_of(gir__oxn *c, gir_node x) {
    int64_t n = gir_node_numel(c->g, x);
    if (n > INT32_MAX) gir__oxn_fail(c, GIR_ERR_LIMIT, "%l elements", (long long)n);
    return gir_scalar(c->g, GIR_DTYPE_I32, (double)n);
}

/* Mod: fmod 1 takes the dividend's sign (C's fmod), fmod 0 the divisor's (Python's %, integers only in ONNX) */
static gir_node gir__oxh_mod_onnx(gir__oxn *c, gir_node a, gir_node b) {
    return gir__oxa_i(c, "fmod", 0) ? gir_fmod(c->g, a, b) : gir_mod(c->g, a, b);
}

/* NegativeLogLikelihoodLoss on log-probabilities lp [N, C, d...] and targets t [N, d...]: -lp[n, t, d] times the
   weight of the class (input 2, else 1), 0 where t is ignore_index; reduction none, sum, or mean (over the
   weights) */
static gir_node gir__ox_nll(gir__oxn *c, gir_node lp, gir_node t, gir_node w) {
    gir_shape ts = gir_node_shape(c->g, t), is = ts;
    int ii = gir__oxa_i(c, "ignore_index", INT32_MIN), has_ii = gir__ox_attr_find(c, "ignore_index") != NULL, j;
    int mean = gir__oxa_s_is(c, "reduction", "mean", "mean"), none = gir__oxa_s_is(c, "reduction", "mean", "none");
    gir_node keep = {0, 0}, wt, y;
    if (ts.rank + 1 > GIR_MAX_RANK || c->st != GIR_OK) return c->none;
    if (has_ii) {
        gir_node iin = gir_scalar(c->g, gir_node_dtype(c->g, t), ii);
        keep = gir_ne(c->g, t, iin);
        t = gir_where(c->g, keep, t, gir_zeros_like(c->g, t));
    }
    for (is.rank = ts.rank + 1, is.dim[0] = ts.dim[0], is.dim[1] = 1, j = 1; j < ts.rank; ++j) is.dim[j + 1] = ts.dim[j];
    y = gir_gather(c->g, lp, gir_reshape(c->g, t, is), 1);
    y = gir_neg(c->g, gir_reshape(c->g, y, ts));
    wt = w.id ? gir_index_select(c->g, w, t, 0) : gir_ones_like(c->g, y);
    if (has_ii) wt = gir_mul(c->g, wt, gir_cast(c->g, keep, gir_node_dtype(c->g, y)));
    y = gir_mul(c->g, y, wt);
    if (none) return y;
    y = gir_sum(c->g, y, gir_ints0(), 0);
    return mean ? gir_div(c->g, y, gir_sum(c->g, wt, gir_ints0(), 0)) : y;
}
static gir_node gir__oxh_nll_loss(gir__oxn *c, gir_node lp, gir_node t) {
    return gir__ox_nll(c, lp, t, gir__ox_has(c, 2) && gir__ox_need(c, 4u) ? c->x[2] : c->none);
}
/* SoftmaxCrossEntropyLoss: the NLL of log_softmax over axis 1; the second output is that log_softmax */
static gir_node gir__oxh_softmax_xent(gir__oxn *c, gir_node x, gir_node t) {
    gir_node lp = gir_log_softmax(c->g, x, 1);
    if (c->nd->n_out > 1 && c->nd->out[1].n) c->y[1] = lp;
    return gir__ox_nll(c, lp, t, gir__ox_has(c, 2) && gir__ox_need(c, 4u) ? c->x[2] : c->none);
}

/* Div: integers divide truncating toward zero (C's rule): the floored quotient, plus one where the remainder is
   not zero and the signs differ */
static gir_node gir__oxh_div_onnx(gir__oxn *c, gir_node a, gir_node b) {
    gir_node q, r, fix, zero;
    if (!gir__ox_is_int(c, a) || !gir__ox_is_int(c, b)) return gir_div(c->g, a, b);
    q = gir_floordiv(c->g, a, b);
    r = gir_mod(c->g, a, b);
    zero = gir__oxh_num(c, 0);
    fix = gir_ne(c->g, gir_lt(c->g, a, zero), gir_lt(c->g, b, zero));
    fix = gir_and(c->g, fix, gir_ne(c->g, r, zero));
    return gir_add(c->g, q, gir_cast(c->g, fix, gir_node_dtype(c->g, q)));
}
/* Pow: integer powers in double, converted back to the base's dtype (ONNX's output type) */
static gir_node gir__oxh_pow_onnx(gir__oxn *c, gir_node a, gir_node b) {
    gir_dtype dt = gir_node_dtype(c->g, a);
    gir_node y;
    if (!gir__ox_is_int(c, a) && !gir__ox_is_int(c, b)) return gir_pow(c->g, a, b);
    a = gir_cast(c->g, a, GIR_DTYPE_F64);
    b = gir_cast(c->g, b, GIR_DTYPE_F64);
    y = gir_pow(c->g, a, b);
    return gir_cast(c->g, y, dt);
}

/* ArgMax, ArgMin with select_last_index: the first index of the flipped axis, counted from the end */
static gir_node gir__ox_arg_last(gir__oxn *c, gir_node x, gir_node (*f)(gir_graph *, gir_node, int, int)) {
    gir_shape s = gir_node_shape(c->g, x);
    int axis = gir__ox_axis(c, gir__oxa_i(c, "axis", 0), s.rank), keep = gir__oxa_i(c, "keepdims", 1);
    gir_node i;
    if (axis < 0) return c->none;
    x = gir_flip(c->g, x, gir_ints1(axis));
    i = f(c->g, x, axis, keep);
    return gir_sub(c->g, gir_scalar(c->g, GIR_DTYPE_I32, s.dim[axis] - 1), i);
}
/* negative indices of an index input counted from the end of an axis of length len */
static gir_node gir__ox_wrap_index(gir__oxn *c, gir_node idx, int len) {
    gir_node neg, up;
    idx = gir_cast(c->g, idx, GIR_DTYPE_I32);
    neg = gir_lt(c->g, idx, gir_scalar(c->g, GIR_DTYPE_I32, 0));
    up = gir_add(c->g, idx, gir_scalar(c->g, GIR_DTYPE_I32, len));
    return gir_where(c->g, neg, up, idx);
}
/* a one-hot of the i32 indices idx (depth values) whose new axis is at 'axis' of the result (gir_one_hot puts
   it last), as dtype dt */
static gir_node gir__ox_hot_at(gir__oxn *c, gir_node idx, int depth, int axis, gir_dtype dt) {
    int rank = gir_node_shape(c->g, idx).rank + 1, j;
    gir_ints p = gir_ints0();
    gir_node h = gir_one_hot(c->g, idx, depth, dt);
    if (axis == rank - 1) return h;
    for (p.n = rank, j = 0; j < rank; ++j) p.v[j] = j < axis ? j : j == axis ? rank - 1 : j - 1;
    return gir_transpose(c->g, h, p);
}
/* Hardmax: 1 at the first maximum along 'axis' (default -1; before opset 13 the axes from 'axis' as one, default 1) */
static gir_node gir__ox_hardmax(gir__oxn *c, gir_node x, int axis, gir_shape back) {
    gir_shape s = gir_node_shape(c->g, x);
    gir_node i;
    if (axis < 0) return c->none;
    i = gir_argmax(c->g, x, axis, 0);
    i = gir__ox_hot_at(c, i, s.dim[axis], axis, gir_node_dtype(c->g, x));
    return back.rank ? gir_reshape(c->g, i, back) : i;
}
static gir_node gir__oxh_hardmax13(gir__oxn *c, gir_node x) {
    int rank = gir_node_shape(c->g, x).rank;
    return gir__ox_hardmax(c, x, gir__ox_axis(c, gir__oxa_i(c, "axis", -1), rank), gir_shape0());
}
static gir_node gir__oxh_hardmax_2d(gir__oxn *c, gir_node x) {
    gir_shape in = gir_node_shape(c->g, x);
    gir_node m = gir__oxh_flatten2(c, x);
    return gir__ox_hardmax(c, m, 1, in);
}
/* CumSum along the axis of input 1: a product with a triangular matrix of ones (exclusive: without the
   diagonal; reverse: the other triangle) */
static gir_node gir__oxh_cumsum(gir__oxn *c, gir_node x) {
    gir_shape s = gir_node_shape(c->g, x);
    int64_t a;
    int excl = gir__oxa_i(c, "exclusive", 0), rev = gir__oxa_i(c, "reverse", 0), axis, n;
    gir_ints perm, inv;
    gir_node t;
    if (gir__ox_const_ints(c, 1, &a, 1, "axis") != 1 || (axis = gir__ox_axis(c, (int)a, s.rank)) < 0) return c->none;
    n = s.dim[axis];
    gir__ox_axis_last(s.rank, axis, &perm, &inv);
    t = rev ? gir_tril(c->g, gir_ones(c->g, gir_node_dtype(c->g, x), gir_shape2(n, n)), excl ? -1 : 0)
            : gir_triu(c->g, gir_ones(c->g, gir_node_dtype(c->g, x), gir_shape2(n, n)), excl ? 1 : 0);
    if (axis != s.rank - 1) x = gir_transpose(c->g, x, perm);
    x = gir__oxh_matmul_np(c, x, t);
    return axis != s.rank - 1 ? gir_transpose(c->g, x, inv) : x;
}
/* EyeLike: ones on diagonal k of a matrix of x's shape, in 'dtype' (default x's) */
static gir_node gir__oxh_eye_like(gir__oxn *c, gir_node x) {
    gir_shape s = gir_node_shape(c->g, x);
    gir_dtype dt = gir__ox_attr_find(c, "dtype") ? gir__oxa_dtype(c, "dtype") : gir_node_dtype(c->g, x);
    if (s.rank != 2) {
        gir__oxn_fail(c, GIR_ERR_SHAPE, "EyeLike of a rank-%d tensor", s.rank);
        return c->none;
    }
    return gir_eye(c->g, dt, s.dim[0], s.dim[1], gir__oxa_i(c, "k", 0));
}
/* OneHot: off where not the index, on where it is (values = [off, on]), the new axis at 'axis' (default -1) */
static gir_node gir__oxh_one_hot_onnx(gir__oxn *c, gir_node idx, gir_node values) {
    double d;
    gir_shape s = gir_node_shape(c->g, idx);
    int axis = gir__oxa_i(c, "axis", -1), depth;
    gir_node h, off, on;
    if (gir__ox_const_vals(c, 1, &d, 1, "depth") != 1) return c->none;
    depth = (int)d;
    if (axis < 0) axis += s.rank + 1;
    if (axis < 0 || axis > s.rank) {
        gir__oxn_fail(c, GIR_ERR_ATTR, "axis %d for indices of rank %d", gir__oxa_i(c, "axis", -1), s.rank);
        return c->none;
    }
    idx = gir__ox_wrap_index(c, idx, depth);
    h = gir__ox_hot_at(c, idx, depth, axis, GIR_DTYPE_F32);     /* f32 then b8: ONNX Runtime has no bool OneHot */
    h = gir_cast(c->g, h, GIR_DTYPE_B8);
    off = gir_slice(c->g, values, 0, 0, 1, 1);
    on = gir_slice(c->g, values, 0, 1, 2, 1);
    return gir_where(c->g, h, on, off);                   /* any dtype, bool included */
}
/* DepthToSpace (mode DCR or CRD) and SpaceToDepth: NCHW rearrangements through a rank-6 transpose */
static gir_node gir__oxh_depth_to_space(gir__oxn *c, gir_node x) {
    gir_shape s = gir_node_shape(c->g, x), t;
    int b = gir__oxa_i(c, "blocksize", 0), crd = gir__oxa_s_is(c, "mode", "DCR", "CRD");
    gir_ints p = gir_ints0();
    int n, ch, h, w, j;
    static const int32_t dcr[6] = {0, 3, 4, 1, 5, 2}, cr[6] = {0, 1, 4, 2, 5, 3};
    if (s.rank != 4 || b < 1 || s.dim[1] % (b * b)) {
        gir__oxn_fail(c, GIR_ERR_SHAPE, "blocksize %d for an input of rank %d", b, s.rank);
        return c->none;
    }
    n = s.dim[0]; ch = s.dim[1] / (b * b); h = s.dim[2]; w = s.dim[3];
    t.rank = 6;
    t.dim[0] = n;
    if (crd) { t.dim[1] = ch; t.dim[2] = b; t.dim[3] = b; }
    else { t.dim[1] = b; t.dim[2] = b; t.dim[3] = ch; }
    t.dim[4] = h; t.dim[5] = w;
    for (p.n = 6, j = 0; j < 6; ++j) p.v[j] = crd ? cr[j] : dcr[j];
    x = gir_reshape(c->g, x, t);
    x = gir_transpose(c->g, x, p);
    return gir_reshape(c->g, x, gir_shape4(n, ch, h * b, w * b));
}
static gir_node gir__oxh_space_to_depth(gir__oxn *c, gir_node x) {
    gir_shape s = gir_node_shape(c->g, x), t;
    int b = gir__oxa_i(c, "blocksize", 0), j;
    gir_ints p = gir_ints0();
    static const int32_t order[6] = {0, 3, 5, 1, 2, 4};
    if (s.rank != 4 || b < 1 || s.dim[2] % b || s.dim[3] % b) {
        gir__oxn_fail(c, GIR_ERR_SHAPE, "blocksize %d for an input of rank %d", b, s.rank);
        return c->none;
    }
    t.rank = 6;
    t.dim[0] = s.dim[0]; t.dim[1] = s.dim[1]; t.dim[2] = s.dim[2] / b; t.dim[3] = b;
    t.dim[4] = s.dim[3] / b; t.dim[5] = b;
    for (p.n = 6, j = 0; j < 6; ++j) p.v[j] = order[j];
    x = gir_reshape(c->g, x, t);
    x = gir_transpose(c->g, x, p);
    return gir_reshape(c->g, x, gir_shape4(s.dim[0], s.dim[1] * b * b, s.dim[2] / b, s.dim[3] / b));
}
static gir_node gir__ox_arg(gir__oxn *c, gir_node x, gir_node (*f)(gir_graph *, gir_node, int, int)) {
    if (gir__oxa_i(c, "select_last_index", 0)) return gir__ox_arg_last(c, x, f);
    return f(c->g, x, gir__oxa_i(c, "axis", 0), gir__oxa_i(c, "keepdims", 1));
}
static gir_node gir__oxh_argmax_onnx(gir__oxn *c, gir_node x) { return gir__ox_arg(c, x, gir_argmax); }
static gir_node gir__oxh_argmin_onnx(gir__oxn *c, gir_node x) { return gir__ox_arg(c, x, gir_argmin); }
/* TopK: the k largest (or smallest) along 'axis', sorted, ties to the lower index, and their indices: k rounds of
   argmax, each winner masked out (with -inf, in double) for the next */
static gir_node gir__oxh_topk(gir__oxn *c, gir_node x) {
    gir_shape s = gir_node_shape(c->g, x);
    int axis = gir__ox_axis(c, gir__oxa_i(c, "axis", -1), s.rank), largest = gir__oxa_i(c, "largest", 1), j, k;
    gir_node work, vals[64], idx[64], v, i, hot;
    int64_t kk;
    if (!gir__oxa_i(c, "sorted", 1)) gir__oxn_fail(c, GIR_ERR_UNSUPPORTED, "sorted 0 (gir.h sorts)");
    if (axis < 0 || gir__ox_const_ints(c, 1, &kk, 1, "k") != 1 || c->st != GIR_OK) return c->none;
    if (kk < 1 || kk > 64 || kk > s.dim[axis]) {
        gir__oxn_fail(c, GIR_ERR_UNSUPPORTED, "k = %l (gir.h takes 1 to 64, at most the axis)", (long long)kk);
        return c->none;
    }
    k = (int)kk;
    work = gir_cast(c->g, x, GIR_DTYPE_F64);
    if (!largest) work = gir_neg(c->g, work);
    for (j = 0; j < k; ++j) {
        i = gir_argmax(c->g, work, axis, 1);
        v = gir_gather(c->g, x, i, axis);
        vals[j] = v;
        idx[j] = i;
        hot = gir__ox_hot_at(c, gir_squeeze(c->g, i, axis), s.dim[axis], axis, GIR_DTYPE_F32);
        hot = gir_cast(c->g, hot, GIR_DTYPE_B8);
        work = gir_where(c->g, hot, gir_scalar(c->g, GIR_DTYPE_F64, -HUGE_VAL), work);
    }
    if (c->nd->n_out > 1) c->y[1] = k > 1 ? gir_concat(c->g, k, idx, axis) : idx[0];
    return k > 1 ? gir_concat(c->g, k, vals, axis) : vals[0];
}
/* ScatterElements (and Scatter): data with updates written (reduction none) or added (add) at the positions */
static gir_node gir__oxh_scatter_elements(gir__oxn *c, gir_node data, gir_node idx, gir_node upd) {
    gir_shape s = gir_node_shape(c->g, data);
    int axis = gir__ox_axis(c, gir__oxa_i(c, "axis", 0), s.rank);
    int add = gir__oxa_s_is(c, "reduction", "none", "add"), none = gir__oxa_s_is(c, "reduction", "none", "none");
    gir_node hit, put;
    if (axis < 0) return c->none;
    if (!add && !none) {
        gir__oxn_fail(c, GIR_ERR_UNSUPPORTED, "a reduction other than none and add");
        return c->none;
    }
    idx = gir__ox_wrap_index(c, idx, s.dim[axis]);
    put = gir_scatter_add(c->g, gir_zeros_like(c->g, data), idx, upd, axis);
    if (add) return gir_add(c->g, data, put);
    hit = gir_ones(c->g, GIR_DTYPE_F32, gir_node_shape(c->g, upd));
    hit = gir_scatter_add(c->g, gir_zeros(c->g, GIR_DTYPE_F32, s), idx, hit, axis);
    hit = gir_gt(c->g, hit, gir_scalar(c->g, GIR_DTYPE_F32, 0));
    return gir_where(c->g, hit, put, data);
}
/* the row of data [P, rest] (P: the first r axes) that each index tuple of indices [..., r] names */
static gir_node gir__ox_nd_rows(gir__oxn *c, gir_node idx, gir_shape ds, int *r, int64_t *rows) {
    gir_shape is = gir_node_shape(c->g, idx);
    int j;
    int64_t stride = 1;
    gir_node lin = c->none;
    *r = is.rank ? is.dim[is.rank - 1] : 0;
    if (*r < 1 || *r > ds.rank) {
        gir__oxn_fail(c, GIR_ERR_SHAPE, "index tuples of %d for rank %d (indices of rank %d)", *r, ds.rank, is.rank);
        return lin;
    }
    for (*rows = 1, j = 0; j < *r; ++j) *rows *= ds.dim[j];
    for (j = *r - 1; j >= 0; --j) {
        gir_node col = gir_slice(c->g, idx, is.rank - 1, j, j + 1, 1);
        col = gir__ox_wrap_index(c, col, ds.dim[j]);
        col = gir_mul(c->g, col, gir_scalar(c->g, GIR_DTYPE_I32, (double)stride));
        lin = lin.id ? gir_add(c->g, lin, col) : col;
        stride *= ds.dim[j];
    }
    return gir_squeeze(c->g, lin, is.rank - 1);
}
/* GatherND: data[index tuple] for each tuple, through a flattened index_select; with batch_dims b, the first b axes
   of data and indices pair up, each batch entry's tuples naming rows of its own part of data (an offset of its
   position in the batch times the rows of a part) */
static gir_node gir__oxh_gather_nd(gir__oxn *c, gir_node data, gir_node idx) {
    gir_shape ds = gir_node_shape(c->g, data), is = gir_node_shape(c->g, idx), part, flat, bs;
    int b = gir__oxa_i(c, "batch_dims", 0), r, j;
    int64_t rows = 1, nb = 1;
    gir_node lin;
    if (b < 0 || b >= is.rank || b >= ds.rank) {
        gir__oxn_fail(c, GIR_ERR_ATTR, "batch_dims %d for data of rank %d and indices of rank %d", b, ds.rank, is.rank);
        return c->none;
    }
    for (j = 0; j < b; ++j) {
        if (ds.dim[j] != is.dim[j])
            gir__oxn_fail(c, GIR_ERR_SHAPE, "batch axis %d: %d in data, %d in indices", j, ds.dim[j], is.dim[j]);
        nb *= ds.dim[j];
    }
    for (part.rank = ds.rank - b, j = b; j < ds.rank; ++j) part.dim[j - b] = ds.dim[j];
    lin = c->st == GIR_OK ? gir__ox_nd_rows(c, idx, part, &r, &rows) : c->none;
    if (c->st == GIR_OK && nb * rows > INT32_MAX)
        gir__oxn_fail(c, GIR_ERR_LIMIT, "%l rows of data to index", (long long)(nb * rows));
    if (c->st != GIR_OK) return c->none;
    if (b) {
        for (bs.rank = is.rank - 1, j = 0; j < bs.rank; ++j) bs.dim[j] = j < b ? is.dim[j] : 1;
        lin = gir_add(c->g, lin, gir_reshape(c->g, gir_arange(c->g, GIR_DTYPE_I32, 0, (double)(nb * rows),
                                                              (double)rows), bs));
    }
    for (flat.rank = 1 + part.rank - r, flat.dim[0] = (int32_t)(nb * rows), j = r; j < part.rank; ++j)
        flat.dim[1 + j - r] = part.dim[j];
    return gir_index_select(c->g, gir_reshape(c->g, data, flat), lin, 0);
}
/* ScatterND's mul, max and min on the flattened data [rows, rest]: every update aimed at a row combined with it, by
   the product (or maximum, minimum) over the m updates of each update where its tuple names the row and the
   operation's identity elsewhere ([m, rows, rest], at most 2^24 elements) */
static gir_node gir__ox_scatter_nd_reduce(gir__oxn *c, gir_node data, gir_node lin, gir_node upd, int kind) {
    gir_shape ds = gir_node_shape(c->g, data), us = gir_node_shape(c->g, upd), hs;
    gir_dtype dt = gir_node_dtype(c->g, data);
    int64_t m = us.dim[0], rows = ds.dim[0];
    int j;
    double big = dt == GIR_DTYPE_U8 ? 255 : dt == GIR_DTYPE_I32 ? 2147483647.0 : HUGE_VAL;
    double lo = dt == GIR_DTYPE_U8 ? 0 : dt == GIR_DTYPE_I32 ? -2147483647.0 - 1 : -HUGE_VAL;
    gir_node hit, t;
    gir_ints ax = gir_ints1(0);
    if ((double)m * (double)gir_node_numel(c->g, data) > 16777216.0 || us.rank >= GIR_MAX_RANK) {
        gir__oxn_fail(c, GIR_ERR_LIMIT, "a reduction of %l updates over %l elements (gir.h takes up to 2^24 pairs)",
                      (long long)m, (long long)gir_node_numel(c->g, data));
        return c->none;
    }
    hit = gir_eq(c->g, gir_reshape(c->g, lin, gir_shape2((int32_t)m, 1)),
                 gir_reshape(c->g, gir_arange(c->g, GIR_DTYPE_I32, 0, (double)rows, 1), gir_shape2(1, (int32_t)rows)));
    for (hs.rank = us.rank + 1, hs.dim[0] = (int32_t)m, hs.dim[1] = (int32_t)rows, j = 2; j < hs.rank; ++j) hs.dim[j] = 1;
    hit = gir_reshape(c->g, hit, hs);
    for (hs.dim[1] = 1, j = 1; j < us.rank; ++j) hs.dim[j + 1] = us.dim[j];
    t = gir_where(c->g, hit, gir_reshape(c->g, upd, hs), gir_scalar(c->g, dt, kind == 0 ? 1 : kind == 1 ? lo : big));
    if (kind == 0) return gir_mul(c->g, data, gir_prod(c->g, t, ax, 0));
    return kind == 1 ? gir_maximum(c->g, data, gir_max(c->g, t, ax, 0)) : gir_minimum(c->g, data, gir_min(c->g, t, ax, 0));
}
/* ScatterND: rows of the flattened data replaced (reduction none), increased (add), or combined (mul, max, min) by
   the updates */
static gir_node gir__oxh_scatter_nd(gir__oxn *c, gir_node data, gir_node idx, gir_node upd) {
    static const char *const kinds[5] = {"mul", "max", "min", "add", "none"};
    gir_shape ds = gir_node_shape(c->g, data), flat, uf, us;
    int kind = -1, r, j;
    int64_t rows, m;
    gir_node lin, put, hit;
    for (j = 0; j < 5; ++j) if (gir__oxa_s_is(c, "reduction", "none", kinds[j])) kind = j;
    if (kind < 0) gir__oxn_fail(c, GIR_ERR_UNSUPPORTED, "a reduction other than none, add, mul, max and min");
    lin = c->st == GIR_OK ? gir__ox_nd_rows(c, idx, ds, &r, &rows) : c->none;
    if (c->st != GIR_OK) return c->none;
    m = gir_node_numel(c->g, lin);
    for (flat.rank = 1 + ds.rank - r, flat.dim[0] = (int32_t)rows, j = r; j < ds.rank; ++j) flat.dim[1 + j - r] = ds.dim[j];
    uf = gir_node_shape(c->g, lin);                       /* updates: indices' shape less the tuple, then data's rest */
    us = gir_node_shape(c->g, upd);
    for (j = r; j < ds.rank && uf.rank < GIR_MAX_RANK; ++j) uf.dim[uf.rank++] = ds.dim[j];
    if (!gir__shape_eq(&uf, &us) || uf.rank != ds.rank + gir_node_shape(c->g, lin).rank - r) {
        gir__oxn_fail(c, GIR_ERR_SHAPE, "updates %S for data %S and index tuples of %d: want %S", &us, &ds, r, &uf);
        return c->none;
    }
    uf = flat;
    uf.dim[0] = (int32_t)m;
    lin = gir_reshape(c->g, lin, gir_shape1((int32_t)m));
    if (kind < 3) {
        put = gir__ox_scatter_nd_reduce(c, gir_reshape(c->g, data, flat), lin, gir_reshape(c->g, upd, uf), kind);
        return gir_reshape(c->g, put, ds);
    }
    put = gir_index_add(c->g, gir_reshape(c->g, upd, uf), lin, 0, (int)rows);
    put = gir_reshape(c->g, put, ds);
    if (kind == 3) return gir_add(c->g, data, put);
    hit = gir_index_add(c->g, gir_ones(c->g, GIR_DTYPE_F32, gir_shape1((int32_t)m)), lin, 0, (int)rows);
    hit = gir_gt(c->g, hit, gir_scalar(c->g, GIR_DTYPE_F32, 0));
    for (uf.rank = ds.rank, j = 0; j < ds.rank; ++j) uf.dim[j] = j < r ? ds.dim[j] : 1;
    hit = gir_reshape(c->g, hit, uf);
    return gir_where(c->g, hit, put, data);
}

/* ReverseSequence: the first sequence_lens[b] elements of each batch entry reversed along time_axis */
static gir_node gir__oxh_reverse_sequence(gir__oxn *c, gir_node x) {
    gir_shape s = gir_node_shape(c->g, x);
    int ta = gir__oxa_i(c, "time_axis", 0), ba = gir__oxa_i(c, "batch_axis", 1), j;
    double lens[1024];
    int32_t *idx;
    int64_t n = gir_node_numel(c->g, x), e;
    gir_node y;
    if (s.rank < 2 || ta == ba || ta < 0 || ba < 0 || ta > 1 || ba > 1 ||
        gir__ox_const_vals(c, 1, lens, 1024, "sequence_lens") != s.dim[ba]) {
        if (c->st == GIR_OK) gir__oxn_fail(c, GIR_ERR_ATTR, "time_axis %d, batch_axis %d", ta, ba);
        return c->none;
    }
    if (!(idx = (int32_t *)gir__alloc(&c->g->a, (size_t)(n ? n : 1) * 4))) {
        gir__oxn_fail(c, GIR_ERR_OUT_OF_MEMORY, "the indices");
        return c->none;
    }
    for (e = 0; e < n; ++e) {                  /* row-major coordinates of element e on the two axes */
        int64_t rest = e, coord[GIR_MAX_RANK];
        for (j = s.rank - 1; j >= 0; --j) { coord[j] = rest % s.dim[j]; rest /= s.dim[j]; }
        idx[e] = (int32_t)(coord[ta] < lens[coord[ba]] ? (int64_t)lens[coord[ba]] - 1 - coord[ta] : coord[ta]);
    }
    y = gir_gather(c->g, x, gir_constant(c->g, GIR_DTYPE_I32, s, idx), ta);
    gir__free(&c->g->a, idx, (size_t)(n ? n : 1) * 4);
    return y;
}

/* Einsum of one or two operands: labels are letters, '...' stands for the same leading axes in every term.
   A label twice in one term takes the diagonal; labels of one operand only and not in the output are summed
   first; then the two operands are one batched matmul (batch: in both and in the output; contracted: in both,
   not in the output), transposed to the output's order */
typedef struct gir__oxterm { int n; char l[GIR_MAX_RANK]; } gir__oxterm;
static int gir__ox_ein_term(const char *p, const char *end, int rank, gir__oxterm *t) {
    int ell = 0, letters = 0, j;
    const char *q;
    for (q = p; q < end; ++q) if (*q == '.') ell = 1; else if (*q != ' ') ++letters;
    t->n = 0;
    for (q = p; q < end; ++q) {
        if (*q == ' ') continue;
        if (*q == '.') {
            for (j = 0; ell == 1 && j < rank - letters && t->n < GIR_MAX_RANK; ++j) t->l[t->n++] = (char)('0' + j);
            ell = 2;
            continue;
        }
        if (t->n == GIR_MAX_RANK) return 0;
        t->l[t->n++] = *q;
    }
    return t->n == rank || end == p;
}
static int gir__ox_ein_has(const gir__oxterm *t, char l) {
    int j;
    for (j = 0; j < t->n; ++j) if (t->l[j] == l) return 1;
    return 0;
}
/* x with its labels: repeated labels to diagonals, then the labels not in keep (nor in other) summed */
static gir_node gir__ox_ein_reduce(gir__oxn *c, gir_node x, gir__oxterm *t, const gir__oxterm *keep,
                                   const gir__oxterm *other) {
    int i, j, k;
    gir_ints ax = gir_ints0(), perm;
    for (i = 0; i < t->n; ++i)
        for (j = i + 1; j < t->n; ++j)
            if (t->l[i] == t->l[j]) {            /* axes i and j to the end, their diagonal appended */
                char l = t->l[i];
                for (perm.n = 0, k = 0; k < t->n; ++k) if (k != i && k != j) perm.v[perm.n++] = k;
                perm.v[perm.n++] = i;
                perm.v[perm.n++] = j;
                x = gir_diagonal(c->g, gir_transpose(c->g, x, perm), 0);
                for (k = 0; k < perm.n - 2; ++k) t->l[k] = t->l[perm.v[k]];
                t->l[perm.n - 2] = l;
                t->n = perm.n - 1;
                i = -1;
                break;
            }
    for (i = 0, k = 0; i < t->n; ++i)
        if (!gir__ox_ein_has(keep, t->l[i]) && !(other && gir__ox_ein_has(other, t->l[i]))) ax.v[ax.n++] = i;
        else t->l[k++] = t->l[i];
    t->n = k;
    return ax.n ? gir_sum(c->g, x, ax, 0) : x;
}
/* x's labels moved to the order of to (a permutation of them) */
static gir_node gir__ox_ein_order(gir__oxn *c, gir_node x, const gir__oxterm *from, const gir__oxterm *to) {
    gir_ints p = gir_ints0();
    int i, j, same = 1;
    for (i = 0; i < to->n; ++i)
        for (j = 0; j < from->n; ++j) if (from->l[j] == to->l[i]) { p.v[p.n++] = j; same &= i == j; }
    return same ? x : gir_transpose(c->g, x, p);
}
static int gir__ox_ein_dim(gir__oxn *c, gir_node x, const gir__oxterm *t, char l) {
    int j;
    for (j = 0; j < t->n; ++j) if (t->l[j] == l) return gir_node_shape(c->g, x).dim[j];
    return 1;
}
/* a times b over their shared labels: the result's labels are the batch ones, a's own, then b's own */
static gir_node gir__ox_ein_pair(gir__oxn *c, gir_node a, const gir__oxterm *ta, gir_node b, const gir__oxterm *tb,
                                 const gir__oxterm *out, gir__oxterm *res) {
    gir__oxterm oa, ob, fa, fb, bt, kt;
    int64_t nb = 1, nf = 1, nk = 1, ng = 1;
    int j;
    gir_shape rs;
    gir_node y;
    oa.n = ob.n = fa.n = fb.n = bt.n = kt.n = res->n = 0;
    for (j = 0; j < ta->n; ++j) {
        char l = ta->l[j];
        int inb = gir__ox_ein_has(tb, l), ino = gir__ox_ein_has(out, l), d = gir__ox_ein_dim(c, a, ta, l);
        if (inb && ino) { bt.l[bt.n++] = l; nb *= d; }
        else if (inb) { kt.l[kt.n++] = l; nk *= d; }
        else { fa.l[fa.n++] = l; nf *= d; }
    }
    for (j = 0; j < tb->n; ++j)
        if (!gir__ox_ein_has(ta, tb->l[j])) { fb.l[fb.n++] = tb->l[j]; ng *= gir__ox_ein_dim(c, b, tb, tb->l[j]); }
    for (rs.rank = 0, j = 0; j < bt.n; ++j) { rs.dim[rs.rank++] = gir__ox_ein_dim(c, a, ta, bt.l[j]); res->l[res->n++] = bt.l[j]; }
    for (j = 0; j < fa.n; ++j) { rs.dim[rs.rank++] = gir__ox_ein_dim(c, a, ta, fa.l[j]); res->l[res->n++] = fa.l[j]; }
    for (j = 0; j < fb.n; ++j) { rs.dim[rs.rank++] = gir__ox_ein_dim(c, b, tb, fb.l[j]); res->l[res->n++] = fb.l[j]; }
    for (j = 0; j < bt.n; ++j) { oa.l[oa.n++] = bt.l[j]; ob.l[ob.n++] = bt.l[j]; }
    for (j = 0; j < fa.n; ++j) oa.l[oa.n++] = fa.l[j];
    for (j = 0; j < kt.n; ++j) { oa.l[oa.n++] = kt.l[j]; ob.l[ob.n++] = kt.l[j]; }
    for (j = 0; j < fb.n; ++j) ob.l[ob.n++] = fb.l[j];
    if (nb > INT32_MAX || nf > INT32_MAX || nk > INT32_MAX || ng > INT32_MAX || rs.rank > GIR_MAX_RANK) {
        gir__oxn_fail(c, GIR_ERR_LIMIT, "an einsum too large");
        return c->none;
    }
    a = gir_reshape(c->g, gir__ox_ein_order(c, a, ta, &oa), gir_shape3((int32_t)nb, (int32_t)nf, (int32_t)nk));
    b = gir_reshape(c->g, gir__ox_ein_order(c, b, tb, &ob), gir_shape3((int32_t)nb, (int32_t)nk, (int32_t)ng));
    y = gir_matmul(c->g, a, b);
    return gir_reshape(c->g, y, rs);
}
/* Einsum: the equation parsed into terms, each operand reduced, the pair multiplied, the result ordered */
static gir_node gir__oxh_einsum(gir__oxn *c) {
    const gir__ox_attr *at = gir__ox_attr_find(c, "equation");
    gir__oxterm t[2], out, res;
    const char *p, *end, *arrow, *comma;
    gir_node x[2], y;
    int j, k, cnt[128];
    if (!at || at->type != 3 || !at->s.n || c->n_x < 1 || c->n_x > 2 || !gir__ox_need(c, c->n_x == 2 ? 3u : 1u)) {
        gir__oxn_fail(c, GIR_ERR_UNSUPPORTED, "an equation of one or two operands");   /* s.p is NULL when empty */
        return c->none;
    }
    p = at->s.p;
    end = p + at->s.n;
    for (arrow = p; arrow + 1 < end && !(arrow[0] == '-' && arrow[1] == '>'); ++arrow) {}
    if (arrow + 1 >= end) arrow = end;
    for (comma = p; comma < arrow && *comma != ','; ++comma) {}
    for (j = 0; j < c->n_x; ++j) {
        const char *b = j == 0 ? p : comma + 1, *e = j == 0 ? comma : arrow;
        if (!gir__ox_ein_term(b, e, gir_node_shape(c->g, c->x[j]).rank, &t[j])) {
            gir__oxn_fail(c, GIR_ERR_INVALID_ARG, "term %d of the equation does not match operand %d's rank", j, j);
            return c->none;
        }
        x[j] = c->x[j];
    }
    if (arrow < end) {
        int rk = 0, letters = 0;
        for (j = 0; j < t[0].n; ++j) rk += t[0].l[j] >= '0' && t[0].l[j] <= '9';
        for (k = 2; arrow + k < end; ++k) letters += arrow[k] != '.' && arrow[k] != ' ';
        if (!gir__ox_ein_term(arrow + 2, end, rk + letters, &out)) {
            gir__oxn_fail(c, GIR_ERR_INVALID_ARG, "the equation's output term");
            return c->none;
        }
    } else {                                   /* implicit: labels seen once, in order ('0'.. first) */
        for (j = 0; j < 128; ++j) cnt[j] = 0;
        for (j = 0; j < c->n_x; ++j) for (k = 0; k < t[j].n; ++k) cnt[(unsigned char)t[j].l[k] & 127]++;
        for (out.n = 0, j = 0; j < 128; ++j) if (cnt[j] == 1 && out.n < GIR_MAX_RANK) out.l[out.n++] = (char)j;
    }
    x[0] = gir__ox_ein_reduce(c, x[0], &t[0], &out, c->n_x == 2 ? &t[1] : NULL);
    if (c->n_x == 1) return gir__ox_ein_order(c, x[0], &t[0], &out);
    x[1] = gir__ox_ein_reduce(c, x[1], &t[1], &out, &t[0]);
    y = gir__ox_ein_pair(c, x[0], &t[0], x[1], &t[1], &out, &res);
    return c->st == GIR_OK ? gir__ox_ein_order(c, y, &res, &out) : c->none;
}

/* Add, Sub, Mul, Div, Pow before opset 7: with broadcast 1, b is broadcast to a from 'axis' on (its trailing axes
   padded with ones); without, the shapes are equal */
static gir_node gir__ox_bin6(gir__oxn *c, gir_node a, gir_node b, gir_node (*f)(gir__oxn *, gir_node, gir_node)) {
    gir_shape sa = gir_node_shape(c->g, a), sb = gir_node_shape(c->g, b), t;
    int bc = gir__oxa_i(c, "broadcast", 0), axis = gir__oxa_i(c, "axis", sa.rank - sb.rank), j;
    if (bc && sb.rank > 0 && sb.rank < sa.rank) {
        if (axis < 0) axis += sa.rank;
        if (axis < 0 || axis + sb.rank > sa.rank) {
            gir__oxn_fail(c, GIR_ERR_ATTR, "axis %d for ranks %d and %d", axis, sa.rank, sb.rank);
            return c->none;
        }
        for (t.rank = sa.rank - axis, j = 0; j < t.rank; ++j) t.dim[j] = j < sb.rank ? sb.dim[j] : 1;
        b = gir_reshape(c->g, b, t);
    }
    (void)gir__ox_attr_find(c, "consumed_inputs");
    return f(c, a, b);
}
static gir_node gir__ox_add2(gir__oxn *c, gir_node a, gir_node b) { return gir_add(c->g, a, b); }
static gir_node gir__ox_sub2(gir__oxn *c, gir_node a, gir_node b) { return gir_sub(c->g, a, b); }
static gir_node gir__ox_mul2(gir__oxn *c, gir_node a, gir_node b) { return gir_mul(c->g, a, b); }
static gir_node gir__oxh_add6(gir__oxn *c, gir_node a, gir_node b) { return gir__ox_bin6(c, a, b, gir__ox_add2); }
static gir_node gir__oxh_sub6(gir__oxn *c, gir_node a, gir_node b) { return gir__ox_bin6(c, a, b, gir__ox_sub2); }
static gir_node gir__oxh_mul6(gir__oxn *c, gir_node a, gir_node b) { return gir__ox_bin6(c, a, b, gir__ox_mul2); }
static gir_node gir__oxh_div6(gir__oxn *c, gir_node a, gir_node b) { return gir__ox_bin6(c, a, b, gir__oxh_div_onnx); }
static gir_node gir__oxh_pow6(gir__oxn *c, gir_node a, gir_node b) { return gir__ox_bin6(c, a, b, gir__oxh_pow_onnx); }

/* PRelu before opset 9: a 1-D slope of the channel count applies along axis 1 */
static gir_node gir__oxh_prelu6(gir__oxn *c, gir_node x, gir_node slope) {
    gir_shape xs = gir_node_shape(c->g, x), ss = gir_node_shape(c->g, slope), t;
    gir_node neg, scaled;
    int j;
    if (ss.rank == 1 && xs.rank > 2 && ss.dim[0] == xs.dim[1] && ss.dim[0] != 1) {
        for (t.rank = xs.rank - 1, j = 0; j < t.rank; ++j) t.dim[j] = j == 0 ? ss.dim[0] : 1;
        slope = gir_reshape(c->g, slope, t);
    }
    (void)gir__ox_attr_find(c, "consumed_inputs");
    neg = gir_lt(c->g, x, gir__oxh_num(c, 0));
    scaled = gir_mul(c->g, x, slope);
    return gir_where(c->g, neg, scaled, x);
}

#endif /* GIR_NO_ONNX */
