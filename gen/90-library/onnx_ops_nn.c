/* onnx_ops_nn.c - the ONNX ops of convolutional networks and their deployment: the window of Conv and the pools
   (auto_pad, asymmetric padding, ceil_mode, dilations), ConvTranspose, normalizations, Resize (per-axis weight
   matrices), GridSample, MaxUnpool, the quantized ops and the optimizers of ai.onnx.preview.training. */
#ifndef GIR_NO_ONNX
/* the window of Conv and the pools over the axes past the first two (any number): kernel, strides, dilations,
   padding at the start (pb) and end (pe) of each axis, from the attributes (auto_pad SAME_UPPER / SAME_LOWER / VALID
   included) */
typedef struct gir__oxwin {
    int nd, k[GIR_MAX_RANK], s[GIR_MAX_RANK], d[GIR_MAX_RANK], pb[GIR_MAX_RANK], pe[GIR_MAX_RANK];
} gir__oxwin;
static int gir__ox_window(gir__oxn *c, gir_shape in, const int32_t *kernel, gir__oxwin *w) {
    gir_ints ks = gir__oxa_ints(c, "kernel_shape"), st = gir__oxa_ints(c, "strides");
    gir_ints di = gir__oxa_ints(c, "dilations"), pads = gir__oxa_ints(c, "pads");
    int same_up = gir__oxa_s_is(c, "auto_pad", "NOTSET", "SAME_UPPER");
    int same_lo = gir__oxa_s_is(c, "auto_pad", "NOTSET", "SAME_LOWER");
    int valid = gir__oxa_s_is(c, "auto_pad", "NOTSET", "VALID"), j, nd = w->nd = in.rank - 2;
    if (nd < 1 || (ks.n && ks.n != nd) || (st.n && st.n != nd) || (di.n && di.n != nd) || (pads.n && pads.n != 2 * nd)) {
        gir__oxn_fail(c, GIR_ERR_ATTR, "an input of rank %d (N, C and the window's axes) with %d kernel_shape, %d "
                      "strides, %d dilations and %d pads", in.rank, ks.n, st.n, di.n, pads.n);
        return 0;
    }
    for (j = 0; j < nd; ++j) {
        int len = in.dim[2 + j], out, total;
        w->k[j] = kernel ? kernel[j] : ks.n == nd ? ks.v[j] : 0;
        w->s[j] = st.n == nd ? st.v[j] : 1;
        w->d[j] = di.n == nd ? di.v[j] : 1;
        w->pb[j] = pads.n == 2 * nd && !valid ? pads.v[j] : 0;
        w->pe[j] = pads.n == 2 * nd && !valid ? pads.v[nd + j] : 0;
        if (w->k[j] < 1 || w->s[j] < 1 || w->d[j] < 1 || w->pb[j] < 0 || w->pe[j] < 0) {
            gir__oxn_fail(c, GIR_ERR_ATTR, "kernel %d, stride %d, dilation %d, pads %d %d on axis %d", w->k[j],
                         w->s[j], w->d[j], w->pb[j], w->pe[j], 2 + j);
            return 0;
        }
        if (same_up || same_lo) {
            out = (len + w->s[j] - 1) / w->s[j];
            total = (out - 1) * w->s[j] + (w->k[j] - 1) * w->d[j] + 1 - len;
            total = total < 0 ? 0 : total;
            w->pb[j] = same_up ? total / 2 : total - total / 2;
            w->pe[j] = total - w->pb[j];
        }
    }
    return 1;
}
/* a copy of the window, of its axes from 'from' on (copies through GIR_MEMCPY: no compiler-made memcpy) */
static void gir__ox_subwin(gir__oxwin *r, const gir__oxwin *w, int from) {
    GIR_MEMCPY(r, w, sizeof *r);
    r->nd = w->nd - from;
    GIR_MEMCPY(r->k, w->k + from, (size_t)r->nd * sizeof(int));
    GIR_MEMCPY(r->s, w->s + from, (size_t)r->nd * sizeof(int));
    GIR_MEMCPY(r->d, w->d + from, (size_t)r->nd * sizeof(int));
    GIR_MEMCPY(r->pb, w->pb + from, (size_t)r->nd * sizeof(int));
    GIR_MEMCPY(r->pe, w->pe + from, (size_t)r->nd * sizeof(int));
}
/* x as NCHW: a 1-D window's input [N, C, W] becomes [N, C, 1, W] */
static gir_node gir__ox_as_2d(gir__oxn *c, gir_node x, gir__oxwin *w) {
    gir_shape s = gir_node_shape(c->g, x);
    if (w->nd != 1) return x;
    w->nd = 2;
    w->k[1] = w->k[0]; w->s[1] = w->s[0]; w->d[1] = w->d[0]; w->pb[1] = w->pb[0]; w->pe[1] = w->pe[0];
    w->k[0] = w->s[0] = w->d[0] = 1;
    w->pb[0] = w->pe[0] = 0;
    return gir_reshape(c->g, x, gir_shape4(s.dim[0], s.dim[1], 1, s.dim[2]));
}
/* the other way: [N, C, 1, W] to [N, C, W] */
static gir_node gir__ox_from_2d(gir__oxn *c, gir_node y) {
    gir_shape s = gir_node_shape(c->g, y);
    if (c->st != GIR_OK || s.rank != 4) return c->none;
    return gir_reshape(c->g, y, gir_shape3(s.dim[0], s.dim[1], s.dim[3]));
}
static int gir__ox_unpadded(const gir__oxwin *w) {
    int j;
    for (j = 0; j < w->nd; ++j) if (w->pb[j] || w->pe[j]) return 0;
    return 1;
}
/* padding the window's axes explicitly (asymmetric, or beyond what a pool takes) with value; then none is left */
static gir_node gir__ox_pad_window(gir__oxn *c, gir_node x, gir__oxwin *w, double value) {
    gir_ints before, after;
    int j;
    if (gir__ox_unpadded(w)) return x;
    for (before.n = after.n = gir_node_shape(c->g, x).rank, j = 0; j < before.n; ++j) before.v[j] = after.v[j] = 0;
    for (j = 0; j < w->nd && 2 + j < before.n; ++j) {
        before.v[2 + j] = w->pb[j];
        after.v[2 + j] = w->pe[j];
        w->pb[j] = w->pe[j] = 0;
    }
    return gir_pad(c->g, x, before, after, value);
}
static int gir__ox_symmetric(const gir__oxwin *w) {
    int j;
    for (j = 0; j < w->nd; ++j) if (w->pb[j] != w->pe[j]) return 0;
    return 1;
}
/* x [N, C, A1 .. Am, ...] as [N, A1 .. Am, C, ...] (the channels after m window axes), or back */
static gir_node gir__ox_chan_after(gir__oxn *c, gir_node x, int m, int back) {
    gir_ints p;
    int r = gir_node_shape(c->g, x).rank, j;
    if (!x.id || r < m + 2) return c->none;
    for (p.n = r, j = 0; j < r; ++j) p.v[j] = j;
    for (j = 0; j <= m; ++j) p.v[1 + j] = back ? (j ? j : m + 1) : (j < m ? 2 + j : 1);
    return gir_transpose(c->g, x, p);
}
/* the first m + 1 axes as one, [N, A1 .. Am, ...] to [N * A1 * .. * Am, ...]: a batch */
static gir_node gir__ox_merge_lead(gir__oxn *c, gir_node x, int m) {
    gir_shape s = gir_node_shape(c->g, x), t;
    int64_t n = 1;
    int j;
    if (!x.id || s.rank < m + 1) return c->none;
    for (j = 0; j <= m; ++j) n *= s.dim[j];
    if (n > INT32_MAX) {
        gir__oxn_fail(c, GIR_ERR_LIMIT, "a batch of %l windows", (long long)n);
        return c->none;
    }
    for (t.rank = s.rank - m, t.dim[0] = (int32_t)n, j = m + 1; j < s.rank; ++j) t.dim[j - m] = s.dim[j];
    return gir_reshape(c->g, x, t);
}
/* the other way, lead holding N, A1 .. Am */
static gir_node gir__ox_split_lead(gir__oxn *c, gir_node x, const int *lead, int m) {
    gir_shape s = gir_node_shape(c->g, x), t;
    int j;
    if (!x.id || s.rank < 1 || s.rank + m > GIR_MAX_RANK) return c->none;
    for (t.rank = 0, j = 0; j <= m; ++j) t.dim[t.rank++] = lead[j];
    for (j = 1; j < s.rank; ++j) t.dim[t.rank++] = s.dim[j];
    return gir_reshape(c->g, x, t);
}
/* the number of windows along an axis of len (padded) elements; 0 (an error) when the window is longer */
static int gir__ox_windows(gir__oxn *c, int len, int k, int s, int d) {
    int64_t span = (int64_t)(k - 1) * d + 1;
    if (span > len) {
        gir__oxn_fail(c, GIR_ERR_SHAPE, "a window of %l elements over an axis of %d (padded)", (long long)span, len);
        return 0;
    }
    return (int)((len - span) / s + 1);
}
/* a strided slice of x on each window axis j (axis first + j): the values tap meets in the o[j] windows */
static gir_node gir__ox_tap_at(gir__oxn *c, gir_node x, const gir__oxwin *w, const int *tap, const int *o, int first) {
    int j;
    for (j = 0; j < w->nd; ++j) {
        int at = tap[j] * w->d[j];
        x = gir_slice(c->g, x, first + j, at, at + w->s[j] * (o[j] - 1) + 1, w->s[j]);
    }
    return x;
}
/* the next tap of a window in row-major order; 0 after the last */
static int gir__ox_next_tap(const gir__oxwin *w, int *tap) {
    int j;
    for (j = w->nd - 1; j >= 0 && ++tap[j] == w->k[j]; --j) tap[j] = 0;
    return j >= 0;
}
/* weights [M, C', k1 .. km, kh, kw] at a tap of their first m window axes: [M, C', kh, kw] */
static gir_node gir__ox_weights_at(gir__oxn *c, gir_node wt, int m, const int *tap) {
    gir_shape s = gir_node_shape(c->g, wt);
    int j;
    for (j = 0; j < m; ++j) wt = gir_slice(c->g, wt, 2 + j, tap[j], tap[j] + 1, 1);
    return gir_reshape(c->g, wt, gir_shape4(s.dim[0], s.dim[1], s.dim[s.rank - 2], s.dim[s.rank - 1]));
}
/* a per-axis parameter (1-D, along 'axis' of a rank-r tensor) shaped to broadcast; a scalar stays */
static gir_node gir__ox_along(gir__oxn *c, gir_node p, int axis, int rank) {
    gir_shape s = gir_node_shape(c->g, p), t;
    int j;
    if (s.rank == 0 || (s.rank == 1 && s.dim[0] == 1)) return p;
    for (t.rank = rank, j = 0; j < rank; ++j) t.dim[j] = j == axis ? s.dim[0] : 1;
    return gir_reshape(c->g, p, t);
}
/* a convolution over one or two window axes: conv2d, asymmetric padding explicit */
static gir_node gir__ox_conv2(gir__oxn *c, gir_node x, gir_node wt, gir__oxwin *w, int group) {
    gir_shape ws = gir_node_shape(c->g, wt);
    int nd = w->nd;
    gir_node y;
    x = gir__ox_as_2d(c, x, w);
    if (nd == 1) wt = gir_reshape(c->g, wt, gir_shape4(ws.dim[0], ws.dim[1], 1, ws.dim[2]));
    if (!gir__ox_symmetric(w)) x = gir__ox_pad_window(c, x, w, 0);
    y = gir_conv2d(c->g, x, wt, gir_ints2(w->s[0], w->s[1]), gir_ints2(w->pb[0], w->pb[1]),
                   gir_ints2(w->d[0], w->d[1]), group);
    return nd == 1 ? gir__ox_from_2d(c, y) : y;
}
/* a convolution over nd >= 3 axes: for each tap of the first m = nd - 2 (padded explicitly), the strided slices of x
   it meets, those axes folded into the batch, through conv2d of the last two with the tap's weights; summed */
static gir_node gir__ox_conv_fold(gir__oxn *c, gir_node x, gir_node wt, const gir__oxwin *w, int group) {
    gir__oxwin lead, last, t;
    int m = w->nd - 2, j, tap[GIR_MAX_RANK], o[GIR_MAX_RANK + 1];
    gir_node y = c->none, xa;
    gir__ox_subwin(&lead, w, 0);
    gir__ox_subwin(&last, w, m);
    lead.nd = m;
    x = gir__ox_pad_window(c, x, &lead, 0);
    for (o[0] = gir_node_shape(c->g, x).dim[0], j = 0; j < m && x.id; ++j) {
        tap[j] = 0;
        if (!(o[1 + j] = gir__ox_windows(c, gir_node_shape(c->g, x).dim[2 + j], w->k[j], w->s[j], w->d[j])))
            return c->none;
    }
    x = gir__ox_chan_after(c, x, m, 0);                                        /* [N, D1 .. Dm, C, H, W] */
    if (!x.id) return c->none;
    do {
        GIR_MEMCPY(&t, &last, sizeof t);            /* each tap's convolution pads on its own */
        xa = gir__ox_merge_lead(c, gir__ox_tap_at(c, x, &lead, tap, o + 1, 1), m);
        xa = gir__ox_conv2(c, xa, gir__ox_weights_at(c, wt, m, tap), &t, group);
        y = y.id ? gir_add(c->g, y, xa) : xa;
    } while (c->st == GIR_OK && gir__ox_next_tap(&lead, tap));
    return gir__ox_chan_after(c, gir__ox_split_lead(c, y, o, m), m, 1);
}
/* a convolution over the window's axes: conv2d for one or two, folded for more */
static gir_node gir__ox_conv_win(gir__oxn *c, gir_node x, gir_node wt, gir__oxwin *w, int group) {
    if (c->st != GIR_OK || !x.id || !wt.id) return c->none;
    return w->nd > 2 ? gir__ox_conv_fold(c, x, wt, w, group) : gir__ox_conv2(c, x, wt, w, group);
}
/* Conv: any number of window axes, groups, dilations, any padding, optional bias */
static gir_node gir__oxh_conv(gir__oxn *c, gir_node x, gir_node wt) {
    gir_shape in = gir_node_shape(c->g, x), ws = gir_node_shape(c->g, wt);
    int group = gir__oxa_i(c, "group", 1);
    gir__oxwin w;
    gir_node y;
    if (ws.rank != in.rank || in.rank < 3 || group < 1 || ws.dim[0] % group || in.dim[1] != ws.dim[1] * group) {
        gir__oxn_fail(c, GIR_ERR_SHAPE, "input %S and weights %S with group %d ([N, C, ...] and [M, C / group, ...])",
                      &in, &ws, group);
        return c->none;
    }
    if (!gir__ox_window(c, in, ws.dim + 2, &w)) return c->none;
    y = gir__ox_conv_win(c, x, wt, &w, group);
    if (gir__ox_has(c, 2) && gir__ox_need(c, 4u)) y = gir_add(c->g, y, gir__ox_along(c, c->x[2], 1, in.rank));
    return y;
}
/* ceil_mode: the end padding that gives each axis the output length of ceil rounding (a last window must start
   inside the input or the start padding, as ONNX and PyTorch have it) */
static int gir__ox_ceil_extra(const gir__oxwin *w, gir_shape in, int j) {
    int len = in.dim[in.rank - w->nd + j], k = (w->k[j] - 1) * w->d[j] + 1, span = len + w->pb[j] + w->pe[j] - k;
    int out = (span + w->s[j] - 1) / w->s[j] + 1;
    if ((out - 1) * w->s[j] >= len + w->pb[j]) --out;
    return (out - 1) * w->s[j] + k - (len + w->pb[j] + w->pe[j]);
}
/* the maximum or the mean of the k strided slices of x along axis at the taps of a window (stride s, dilation d) */
static gir_node gir__ox_taps(gir__oxn *c, gir_node x, int axis, int k, int s, int d, int is_max) {
    int o, a;
    gir_node acc = c->none, v;
    if (k == 1 && s == 1) return x;
    if (!x.id || !(o = gir__ox_windows(c, gir_node_shape(c->g, x).dim[axis], k, s, d))) return c->none;
    for (a = 0; a < k; ++a) {
        v = gir_slice(c->g, x, axis, a * d, a * d + s * (o - 1) + 1, s);
        acc = !acc.id ? v : is_max ? gir_maximum(c->g, acc, v) : gir_add(c->g, acc, v);
    }
    return is_max || k == 1 ? acc : gir_div(c->g, acc, gir_scalar(c->g, gir_node_dtype(c->g, x), k));
}
/* the 2-D pool of the last two axes of x (padded already), the axes between merged into the channels */
static gir_node gir__ox_pool_last2(gir__oxn *c, gir_node x, const gir__oxwin *w, int is_max) {
    gir_shape s = gir_node_shape(c->g, x), m;
    int r = s.rank, j, a = w->nd - 2;
    int64_t ch = 1;
    gir_ints k = gir_ints2(w->k[a], w->k[a + 1]), st = gir_ints2(w->s[a], w->s[a + 1]);
    gir_node y;
    for (j = 1; j < r - 2; ++j) ch *= s.dim[j];
    if (ch > INT32_MAX) {
        gir__oxn_fail(c, GIR_ERR_LIMIT, "%l channels of a 2-D pool", (long long)ch);
        return c->none;
    }
    y = r == 4 ? x : gir_reshape(c->g, x, gir_shape4(s.dim[0], (int32_t)ch, s.dim[r - 2], s.dim[r - 1]));
    y = is_max ? gir_max_pool2d(c->g, y, k, st, gir_ints2(0, 0)) : gir_avg_pool2d(c->g, y, k, st, gir_ints2(0, 0), 1);
    m = gir_node_shape(c->g, y);
    if (r == 4 || !y.id) return y;
    s.dim[r - 2] = m.dim[2];
    s.dim[r - 1] = m.dim[3];
    return gir_reshape(c->g, y, s);
}
/* the maximum or the mean over each window of x padded already: the last two axes by a 2-D pool (undilated), the
   others (all, when those are dilated) by their taps, axis after axis */
static gir_node gir__ox_pool_padded(gir__oxn *c, gir_node x, const gir__oxwin *w, int is_max) {
    int nd = w->nd, j, first = nd;
    if (nd >= 2 && w->d[nd - 2] == 1 && w->d[nd - 1] == 1) {
        x = gir__ox_pool_last2(c, x, w, is_max);
        first = nd - 2;
    }
    for (j = 0; j < first; ++j) x = gir__ox_taps(c, x, 2 + j, w->k[j], w->s[j], w->d[j], is_max);
    return x;
}
/* a pool over the window's axes; AveragePool without the padding in the count (count_include_pad 0) is the window
   sums of x padded with zeros over those of ones, unless the 2-D op takes the padding */
static gir_node gir__ox_pool_win(gir__oxn *c, gir_node x, gir__oxwin *w, int is_max, int incl) {
    int nd = w->nd;
    gir__oxwin w2;
    gir_node y, den;
    x = gir__ox_as_2d(c, x, w);
    if (!is_max && !incl && w->nd == 2 && gir__ox_symmetric(w) && 2 * w->pb[0] <= w->k[0] && 2 * w->pb[1] <= w->k[1])
        y = gir_avg_pool2d(c->g, x, gir_ints2(w->k[0], w->k[1]), gir_ints2(w->s[0], w->s[1]),
                           gir_ints2(w->pb[0], w->pb[1]), 0);
    else if (is_max || incl || gir__ox_unpadded(w)) {
        x = gir__ox_pad_window(c, x, w, is_max ? -HUGE_VAL : 0);
        y = gir__ox_pool_padded(c, x, w, is_max);
    } else {
        gir__ox_subwin(&w2, w, 0);
        den = gir__ox_pad_window(c, gir_ones_like(c->g, x), &w2, 0);
        x = gir__ox_pad_window(c, x, w, 0);
        y = gir_div(c->g, gir__ox_pool_padded(c, x, w, 0), gir__ox_pool_padded(c, den, &w2, 0));
    }
    return nd == 1 ? gir__ox_from_2d(c, y) : y;
}
/* the pool window of MaxPool and AveragePool, with ceil_mode's extra end padding; count_include_pad in *incl */
static int gir__ox_pool_window(gir__oxn *c, gir_shape in, int is_max, gir__oxwin *w, int *incl) {
    int ceil_mode = gir__oxa_i(c, "ceil_mode", 0), j;
    *incl = is_max ? 1 : gir__oxa_i(c, "count_include_pad", 0);
    if (!gir__ox_window(c, in, NULL, w) || c->st != GIR_OK) return 0;
    for (j = 0; j < w->nd; ++j) {
        int extra = ceil_mode ? gir__ox_ceil_extra(w, in, j) : 0;
        if (w->d[j] != 1 && !is_max) gir__oxn_fail(c, GIR_ERR_UNSUPPORTED, "dilations other than 1 in an average pool");
        if (extra > 0 && !is_max && *incl) gir__oxn_fail(c, GIR_ERR_UNSUPPORTED, "ceil_mode 1 in an average pool "
                                                         "with count_include_pad 1 that it changes");
        if (extra > 0) w->pe[j] += extra;
    }
    return c->st == GIR_OK;
}
/* MaxPool's Indices: for each window, where in x its first maximum is (taps in row-major order, padding never), as
   an index into x flattened row-major, or with the window's axes column-major (storage_order 1) */
static gir_node gir__ox_pool_argmax(gir__oxn *c, gir_node x, const gir__oxwin *w, int col) {
    gir_shape s = gir_node_shape(c->g, x), t = s;
    gir__oxwin wi, wx;
    int64_t n = gir_node_numel(c->g, x), taps = 1;
    int j, tap[GIR_MAX_RANK], o[GIR_MAX_RANK];
    gir_node idx, best = c->none, at = c->none, v, i, gt;
    gir_ints perm;
    for (j = 0; j < w->nd; ++j) taps *= w->k[j];
    if (n > INT32_MAX || taps > 4096 || col < 0 || col > 1) {
        gir__oxn_fail(c, GIR_ERR_UNSUPPORTED, "Indices of %l elements, %l taps a window, storage_order %d (gir.h "
                      "takes below 2^31, up to 4096, 0 or 1)", (long long)n, (long long)taps, col);
        return c->none;
    }
    gir__ox_subwin(&wi, w, 0);
    gir__ox_subwin(&wx, w, 0);
    for (perm.n = s.rank, j = 0; j < s.rank; ++j) perm.v[j] = j < 2 || !col ? j : s.rank + 1 - j;
    for (j = 2; j < s.rank; ++j) t.dim[j] = s.dim[perm.v[j]];
    idx = gir_reshape(c->g, gir_arange(c->g, GIR_DTYPE_I32, 0, (double)n, 1), t);
    if (col) idx = gir_transpose(c->g, idx, perm);                 /* the reversal of the window's axes */
    idx = gir__ox_pad_window(c, idx, &wi, -1);
    x = gir__ox_pad_window(c, gir_cast(c->g, x, GIR_DTYPE_F64), &wx, -HUGE_VAL);
    for (j = 0; j < w->nd; ++j) {
        tap[j] = 0;
        if (!(o[j] = gir__ox_windows(c, gir_node_shape(c->g, x).dim[2 + j], w->k[j], w->s[j], w->d[j]))) return c->none;
    }
    do {
        v = gir__ox_tap_at(c, x, w, tap, o, 2);
        i = gir__ox_tap_at(c, idx, w, tap, o, 2);
        gt = best.id ? gir_gt(c->g, v, best) : c->none;
        best = best.id ? gir_where(c->g, gt, v, best) : v;
        at = at.id ? gir_where(c->g, gt, i, at) : i;
    } while (c->st == GIR_OK && gir__ox_next_tap(w, tap));
    return at;
}
static gir_node gir__oxh_max_pool(gir__oxn *c, gir_node x) {
    gir_shape in = gir_node_shape(c->g, x);
    int col = gir__oxa_i(c, "storage_order", 0), incl;
    gir_dtype dt = gir_node_dtype(c->g, x);
    gir__oxwin w;
    if (!gir__ox_pool_window(c, in, 1, &w, &incl)) return c->none;
    if (c->nd->n_out > 1 && c->nd->out[1].n) c->y[1] = gir__ox_pool_argmax(c, x, &w, col);
    else if (col != 0 && col != 1) gir__oxn_fail(c, GIR_ERR_ATTR, "storage_order %d (0 or 1)", col);
    if (!gir__ox_is_int(c, x)) return gir__ox_pool_win(c, x, &w, 1, 1);
    x = gir__ox_pool_win(c, gir_cast(c->g, x, GIR_DTYPE_F64), &w, 1, 1);        /* integer maxima are exact in f64 */
    return gir_cast(c->g, x, dt);
}
static gir_node gir__oxh_avg_pool(gir__oxn *c, gir_node x) {
    gir__oxwin w;
    int incl;
    if (!gir__ox_pool_window(c, gir_node_shape(c->g, x), 0, &w, &incl)) return c->none;
    return gir__ox_pool_win(c, x, &w, 0, incl);
}
/* GlobalAveragePool, GlobalMaxPool: over every axis past the first two, kept */
static gir_ints gir__oxa_spatial(gir__oxn *c, gir_node x) {
    gir_ints r = gir_ints0();
    int rank = gir_node_shape(c->g, x).rank, j;
    for (j = 2; j < rank; ++j) r.v[r.n++] = j;
    return r;
}
/* (x - mean) / sqrt(var + eps) over axes, then times scale and plus bias (each {0}: none) */
static gir_node gir__ox_normalize(gir__oxn *c, gir_node x, gir_ints axes, double eps, gir_node scale, gir_node bias) {
    gir_node m = gir_mean(c->g, x, axes, 1), d, v;
    d = gir_sub(c->g, x, m);
    v = gir_mean(c->g, gir_square(c->g, d), axes, 1);
    v = gir_rsqrt(c->g, gir_add(c->g, v, gir__oxh_num(c, eps)));
    d = gir_mul(c->g, d, v);
    if (scale.id) d = gir_mul(c->g, d, scale);
    return bias.id ? gir_add(c->g, d, bias) : d;
}
/* BatchNormalization in training: batch statistics over every axis but 1; outputs 1 and 2 are the running mean and
   variance, input_mean * momentum + batch statistic * (1 - momentum); outputs 3 and 4 (opsets 7 to 13: saved_mean,
   saved_var) the batch mean and variance */
static gir_node gir__ox_bn_train(gir__oxn *c, gir_node x, double eps, double mom) {
    gir_shape in = gir_node_shape(c->g, x), ps;
    gir_ints ax = gir_ints0();
    gir_node m, v, y, sc, b;
    int j;
    for (j = 0; j < in.rank; ++j) if (j != 1) ax.v[ax.n++] = j;
    for (ps.rank = in.rank, j = 0; j < in.rank; ++j) ps.dim[j] = j == 1 ? in.dim[1] : 1;
    sc = gir_reshape(c->g, c->x[1], ps);
    b = gir_reshape(c->g, c->x[2], ps);
    y = gir__ox_normalize(c, x, ax, eps, sc, b);
    m = gir_mean(c->g, x, ax, 0);
    v = gir_var(c->g, x, ax, 0, 0);
    if (c->nd->n_out > 1) {
        gir_node old = gir_mul(c->g, c->x[3], gir__oxh_num(c, mom));
        c->y[1] = gir_add(c->g, old, gir_mul(c->g, m, gir__oxh_num(c, 1 - mom)));
    }
    if (c->nd->n_out > 2) {
        gir_node old = gir_mul(c->g, c->x[4], gir__oxh_num(c, mom));
        c->y[2] = gir_add(c->g, old, gir_mul(c->g, v, gir__oxh_num(c, 1 - mom)));
    }
    if (c->nd->n_out > 3) c->y[3] = m;
    if (c->nd->n_out > 4) c->y[4] = v;
    return y;
}
/* BatchNormalization: in training with batch statistics (gir__ox_bn_train), else (x - mean) / sqrt(var + epsilon)
   * scale + B, per channel (axis 1) */
static gir_node gir__ox_bn(gir__oxn *c, gir_node x, int train) {
    gir_shape in = gir_node_shape(c->g, x), ps;
    double eps = gir__oxa_f(c, "epsilon", 1e-5), mom = gir__oxa_f(c, "momentum", 0.9);
    gir_node p[4], y;
    int j;
    if (gir__oxa_i(c, "spatial", 1) != 1 || in.rank < 2)
        gir__oxn_fail(c, GIR_ERR_UNSUPPORTED, "spatial 0 or an input of rank below 2");
    if (!gir__ox_need(c, 0x1fu) || c->st != GIR_OK) return c->none;
    if (train) return gir__ox_bn_train(c, x, eps, mom);
    ps.rank = in.rank;
    for (j = 0; j < in.rank; ++j) ps.dim[j] = j == 1 ? in.dim[1] : 1;
    for (j = 0; j < 4; ++j) p[j] = gir_reshape(c->g, c->x[1 + j], ps);
    y = gir_rsqrt(c->g, gir_add(c->g, p[3], gir__oxh_num(c, eps)));
    y = gir_mul(c->g, y, p[0]);
    x = gir_sub(c->g, x, p[2]);
    return gir_add(c->g, gir_mul(c->g, x, y), p[1]);
}
/* BatchNormalization before opset 7 (is_test must be 1) and from opset 14 (training_mode chooses) */
static gir_node gir__oxh_batch_norm(gir__oxn *c, gir_node x) {
    (void)gir__ox_attr_find(c, "consumed_inputs");
    if (!gir__oxa_i(c, "is_test", 1)) gir__oxn_fail(c, GIR_ERR_UNSUPPORTED, "is_test 0");
    return gir__ox_bn(c, x, (int)gir__oxa_i(c, "training_mode", 0));
}
/* BatchNormalization of opsets 7 to 13: in training when it has more outputs than Y (running mean and variance,
   saved mean and variance) */
static gir_node gir__oxh_batch_norm_outs(gir__oxn *c, gir_node x) {
    int j, train = 0;
    for (j = 1; j < c->nd->n_out; ++j) train |= c->nd->out[j].n > 0;
    return gir__ox_bn(c, x, train);
}
/* Dropout outside training: the identity (training_mode, an input from opset 12, must be absent or false) */
static gir_node gir__oxh_dropout_eval(gir__oxn *c, gir_node x) {
    double v[1] = {0}, ratio = gir__oxa_f(c, "ratio", 0.5);
    (void)gir__oxa_i(c, "seed", 0);
    if (gir__ox_has(c, 1) && gir__ox_const_vals(c, 1, &ratio, 1, "ratio") != 1) return c->none;
    if (gir__ox_has(c, 2) && gir__ox_const_vals(c, 2, v, 1, "training_mode") == 1 && v[0] != 0 && ratio != 0)
        gir__oxn_fail(c, GIR_ERR_UNSUPPORTED, "training_mode true with a ratio above 0 (random masks are gir.h's own, "
                      "not ONNX's)");
    if (gir__oxa_i(c, "is_test", 1) == 0)
        gir__oxn_fail(c, GIR_ERR_UNSUPPORTED, "is_test 0 (random masks are gir.h's own, not ONNX's)");
    if (c->nd->n_out > 1 && c->nd->out[1].n && c->st == GIR_OK)
        c->y[1] = gir_fill(c->g, GIR_DTYPE_B8, gir_node_shape(c->g, x), 1);
    return x;
}
/* InstanceNormalization: over the spatial axes of each sample and channel; scale and B per channel */
static gir_node gir__oxh_instance_norm(gir__oxn *c, gir_node x) {
    gir_shape s = gir_node_shape(c->g, x), ps;
    int j;
    gir_node sc, b;
    if (!gir__ox_need(c, 7u) || s.rank < 3) return c->none;
    for (ps.rank = s.rank, j = 0; j < s.rank; ++j) ps.dim[j] = j == 1 ? s.dim[1] : 1;
    sc = gir_reshape(c->g, c->x[1], ps);
    b = gir_reshape(c->g, c->x[2], ps);
    return gir__ox_normalize(c, x, gir__oxa_spatial(c, x), gir__oxa_f(c, "epsilon", 1e-5), sc, b);
}
/* MeanVarianceNormalization: over 'axes' (default 0, 2, 3), no epsilon but ONNX's 1e-9 */
static gir_node gir__oxh_mvn(gir__oxn *c, gir_node x) {
    gir_ints axes = gir__ox_attr_find(c, "axes") ? gir__oxa_ints(c, "axes") : gir_ints3(0, 2, 3);
    return gir__ox_normalize(c, x, axes, 1e-9, c->none, c->none);
}
/* LRN: x / (bias + alpha / size * (sum of squares over a window of 'size' channels))^beta */
static gir_node gir__oxh_lrn(gir__oxn *c, gir_node x) {
    gir_shape s = gir_node_shape(c->g, x);
    int size = gir__oxa_i(c, "size", 0), lo = (size - 1) / 2, hi = size - 1 - lo, j;
    double alpha = gir__oxa_f(c, "alpha", 1e-4), beta = gir__oxa_f(c, "beta", 0.75), bias = gir__oxa_f(c, "bias", 1);
    gir_ints before = gir_ints0(), after = gir_ints0();
    gir_node sq, acc, d;
    if (size < 1 || s.rank < 3) {
        gir__oxn_fail(c, GIR_ERR_ATTR, "size %d, rank %d", size, s.rank);
        return c->none;
    }
    for (before.n = after.n = s.rank, j = 0; j < s.rank; ++j) before.v[j] = after.v[j] = 0;
    before.v[1] = lo;
    after.v[1] = hi;
    sq = gir_pad(c->g, gir_square(c->g, x), before, after, 0);
    acc = gir_slice(c->g, sq, 1, 0, s.dim[1], 1);
    for (j = 1; j < size; ++j) acc = gir_add(c->g, acc, gir_slice(c->g, sq, 1, j, j + s.dim[1], 1));
    d = gir_mul(c->g, acc, gir__oxh_num(c, alpha / size));
    d = gir_add(c->g, d, gir__oxh_num(c, bias));
    d = gir_pow(c->g, d, gir__oxh_num(c, beta));
    return gir_div(c->g, x, d);
}

/* Resize and Upsample, one axis at a time: the weights of every output position over the input positions, as the
   ONNX reference has them (the n = 2 or 4 nearest input positions, edge-clamped, weighted by the mode's coefficients
   of the fractional part; rows outside tf_crop_and_resize's region are the extrapolation value) */
typedef struct gir__oxrs {
    int mode;                   /* 0 nearest, 1 linear, 2 cubic */
    int coord;                  /* 0 half_pixel 1 pytorch_half_pixel 2 align_corners 3 asymmetric
                                   4 tf_half_pixel_for_nn 5 tf_crop_and_resize */
    int nearest;                /* 0 round_prefer_floor 1 round_prefer_ceil 2 floor 3 ceil */
    int exclude;                /* exclude_outside */
    double a, extra;            /* cubic_coeff_a, extrapolation_value */
} gir__oxrs;
static void gir__ox_rs_coeffs(const gir__oxrs *r, double t, double *w) {
    double a = r->a, u = 1 - t;
    if (r->mode == 2) {
        w[0] = ((a * (t + 1) - 5 * a) * (t + 1) + 8 * a) * (t + 1) - 4 * a;
        w[1] = ((a + 2) * t - (a + 3)) * t * t + 1;
        w[2] = ((a + 2) * u - (a + 3)) * u * u + 1;
        w[3] = ((a * (u + 1) - 5 * a) * (u + 1) + 8 * a) * (u + 1) - 4 * a;
    } else if (r->mode == 1) {
        w[0] = 1 - t; w[1] = t;
    } else if (t == 1) {
        w[0] = 0; w[1] = 1;
    } else {
        int up = r->nearest == 0 ? t > 0.5 : r->nearest == 1 ? t >= 0.5 : r->nearest == 3;
        w[0] = !up; w[1] = up;
    }
}
/* the source coordinate of output position x (-HUGE_VAL: outside tf_crop_and_resize's region) */
static double gir__ox_rs_coord(const gir__oxrs *r, double x, double scale, int in, double lo, double hi) {
    double out = scale * in, xo;
    switch (r->coord) {
    case 1: return out > 1 ? (x + 0.5) / scale - 0.5 : -0.5;
    case 2: return out == 1 ? 0 : x * (in - 1) / (out - 1);
    case 3: return x / scale;
    case 4: return (x + 0.5) / scale;
    case 5:
        xo = out > 1 ? lo * (in - 1) + x * (hi - lo) * (in - 1) / (out - 1) : 0.5 * (lo + hi) * (in - 1);
        return xo < 0 || xo > in - 1 ? -HUGE_VAL : xo;
    default: return (x + 0.5) / scale - 0.5;
    }
}
/* row o of the weights m[o * in + i]; 1 when the row is the extrapolation value */
static int gir__ox_rs_row(const gir__oxrs *r, double xo, int in, double *row) {
    double w[4], sum = 0;
    int n = r->mode == 2 ? 4 : 2, first, j;
    double fl = GIR_FLOOR(xo), t = xo == fl ? 1 : xo - fl;
    if (xo == -HUGE_VAL) return 1;
    gir__ox_rs_coeffs(r, t, w);
    first = (int)fl - (n == 4 ? 1 : 0) - (xo == fl ? 1 : 0);     /* the n nearest, ties to the lower index */
    for (j = 0; j < n; ++j) {
        int idx = first + j;
        if (r->exclude && (idx < 0 || idx >= in)) w[j] = 0;
        sum += w[j];
    }
    for (j = 0; j < n; ++j) {
        int idx = first + j;
        idx = idx < 0 ? 0 : idx >= in ? in - 1 : idx;
        row[idx] += r->exclude && sum != 0 ? w[j] / sum : w[j];
    }
    return 0;
}
/* x resized along axis a to n_out positions: x moved to put a last, times the weights ([in, n_out]: column o holds
   output o's), plus the extrapolation value on the outputs outside the region, moved back */
static gir_node gir__ox_rs_axis(gir__oxn *c, gir_node x, int a, const gir__oxrs *r, double scale, int n_out,
                                double lo, double hi) {
    gir_shape s = gir_node_shape(c->g, x);
    int in = s.dim[a], o, i, any = 0;
    size_t cells = (size_t)in * (size_t)n_out + (size_t)n_out + (size_t)in;
    double *m = (double *)gir__alloc(&c->g->a, cells * sizeof(double)), *e, *row;
    gir_ints perm, inv;
    gir_node w, y;
    if (!m) {
        gir__oxn_fail(c, GIR_ERR_OUT_OF_MEMORY, "the weights of axis %d", a);
        return c->none;
    }
    GIR_MEMSET(m, 0, cells * sizeof(double));
    e = m + (size_t)in * (size_t)n_out;
    row = e + n_out;
    for (o = 0; o < n_out; ++o) {
        for (i = 0; i < in; ++i) row[i] = 0;
        if (gir__ox_rs_row(r, gir__ox_rs_coord(r, o, scale, in, lo, hi), in, row)) { e[o] = r->extra; any = 1; }
        for (i = 0; i < in; ++i) m[(size_t)i * (size_t)n_out + (size_t)o] = row[i];
    }
    gir__ox_axis_last(s.rank, a, &perm, &inv);
    w = gir_cast(c->g, gir_constant(c->g, GIR_DTYPE_F64, gir_shape2(in, n_out), m), gir_node_dtype(c->g, x));
    y = a != s.rank - 1 ? gir_transpose(c->g, x, perm) : x;
    y = gir__oxh_matmul_np(c, y, w);
    if (any) y = gir_add(c->g, y, gir_cast(c->g, gir_constant(c->g, GIR_DTYPE_F64, gir_shape1(n_out), e),
                                           gir_node_dtype(c->g, x)));
    gir__free(&c->g->a, m, cells * sizeof(double));
    return a != s.rank - 1 ? gir_transpose(c->g, y, inv) : y;
}
/* the options of Resize from its attributes (Upsample and Resize before opset 11: asymmetric, floor) */
static int gir__ox_rs_opts(gir__oxn *c, gir__oxrs *r, int old) {
    static const char *const modes[3] = {"nearest", "linear", "cubic"};
    static const char *const coords[6] = {"half_pixel", "pytorch_half_pixel", "align_corners", "asymmetric",
                                          "tf_half_pixel_for_nn", "tf_crop_and_resize"};
    static const char *const nearest[4] = {"round_prefer_floor", "round_prefer_ceil", "floor", "ceil"};
    int j;
    for (r->mode = -1, j = 0; j < 3; ++j) if (gir__oxa_s_is(c, "mode", "nearest", modes[j])) r->mode = j;
    for (r->coord = -1, j = 0; j < 6; ++j)
        if (gir__oxa_s_is(c, "coordinate_transformation_mode", old ? "asymmetric" : "half_pixel", coords[j])) r->coord = j;
    for (r->nearest = -1, j = 0; j < 4; ++j)
        if (gir__oxa_s_is(c, "nearest_mode", old ? "floor" : "round_prefer_floor", nearest[j])) r->nearest = j;
    r->exclude = gir__oxa_i(c, "exclude_outside", 0);
    r->a = gir__oxa_f(c, "cubic_coeff_a", -0.75);
    r->extra = gir__oxa_f(c, "extrapolation_value", 0);
    if (r->mode < 0 || r->coord < 0 || r->nearest < 0 || (old && r->mode == 2))
        gir__oxn_fail(c, GIR_ERR_UNSUPPORTED, "a mode, coordinate_transformation_mode or nearest_mode it does not know");
    return c->st == GIR_OK;
}
/* Resize (X, roi, scales, sizes from opset 11; X, scales before) and Upsample (X, scales) */
static gir_node gir__ox_resize(gir__oxn *c, gir_node x, int k_roi, int k_scales, int k_sizes, int old) {
    gir_shape s = gir_node_shape(c->g, x);
    double sc[GIR_MAX_RANK], roi[2 * GIR_MAX_RANK];
    int64_t sz[GIR_MAX_RANK];
    int have_sizes = k_sizes >= 0 && gir__ox_has(c, k_sizes), j, n;
    gir__oxrs r;
    if (!gir__ox_rs_opts(c, &r, old)) return c->none;
    for (j = 0; j < s.rank; ++j) { roi[j] = 0; roi[s.rank + j] = 1; }
    if (k_roi >= 0 && gir__ox_has(c, k_roi) && r.coord == 5 &&
        gir__ox_const_vals(c, k_roi, roi, 2 * GIR_MAX_RANK, "roi") != 2 * s.rank) return c->none;
    n = have_sizes ? gir__ox_const_ints(c, k_sizes, sz, GIR_MAX_RANK, "sizes")
                   : gir__ox_const_vals(c, k_scales, sc, GIR_MAX_RANK, "scales");
    if (n != s.rank) {
        if (c->st == GIR_OK) gir__oxn_fail(c, GIR_ERR_SHAPE, "%d scales or sizes for rank %d", n, s.rank);
        return c->none;
    }
    for (j = 0; j < s.rank; ++j) {
        double span = r.coord == 5 ? roi[s.rank + j] - roi[j] : 1;
        if (have_sizes) sc[j] = (double)sz[j] / s.dim[j];
        else sz[j] = (int64_t)GIR_FLOOR(s.dim[j] * span * sc[j]);
    }
    for (j = s.rank - 1; j >= 0 && c->st == GIR_OK; --j)
        if (sz[j] != s.dim[j] || sc[j] != 1 || r.coord == 5)
            x = gir__ox_rs_axis(c, x, j, &r, sc[j], (int)sz[j], roi[j], roi[s.rank + j]);
    return x;
}
static gir_node gir__oxh_resize(gir__oxn *c, gir_node x) { return gir__ox_resize(c, x, 1, 2, 3, 0); }
static gir_node gir__oxh_resize10(gir__oxn *c, gir_node x) { return gir__ox_resize(c, x, -1, 1, -1, 1); }

/* ConvTranspose's window: kernel from the weights, strides, dilations, output_padding (op), and the pads to crop
   from the full result: given, or from auto_pad or output_shape (an odd extra at the end for SAME_UPPER, else at the
   start, as ONNX's formula has it); an output_shape past the full result has zeros at the end (a negative pad) */
static int gir__ox_convt_window(gir__oxn *c, gir_shape in, gir_shape ws, gir__oxwin *w, gir_ints *op) {
    gir_ints os = gir__oxa_ints(c, "output_shape"), st = gir__oxa_ints(c, "strides"), di = gir__oxa_ints(c, "dilations");
    gir_ints pads = gir__oxa_ints(c, "pads"), ks = gir__oxa_ints(c, "kernel_shape");
    int same_up = gir__oxa_s_is(c, "auto_pad", "NOTSET", "SAME_UPPER"), same_lo = gir__oxa_s_is(c, "auto_pad", "NOTSET", "SAME_LOWER");
    int nd = w->nd = in.rank - 2, j, ok;
    *op = gir__oxa_ints(c, "output_padding");
    (void)gir__oxa_s_is(c, "auto_pad", "NOTSET", "VALID");
    ok = nd >= 1 && ws.rank == in.rank && (!ks.n || ks.n == nd) && (!st.n || st.n == nd) && (!di.n || di.n == nd);
    ok = ok && (!pads.n || pads.n == 2 * nd) && (!op->n || op->n == nd) && (!os.n || os.n == nd || os.n == nd + 2);
    for (j = 0; ok && j < nd; ++j) {
        int out;
        w->k[j] = ws.dim[2 + j];
        w->s[j] = st.n ? st.v[j] : 1;
        w->d[j] = di.n ? di.v[j] : 1;
        w->pb[j] = pads.n ? pads.v[j] : 0;
        w->pe[j] = pads.n ? pads.v[nd + j] : 0;
        ok = w->s[j] >= 1 && w->d[j] >= 1 && (!ks.n || ks.v[j] == w->k[j]) && (!op->n || op->v[j] >= 0);
        out = os.n == nd ? os.v[j] : os.n == nd + 2 ? os.v[2 + j] : (same_up || same_lo) ? in.dim[2 + j] * w->s[j] : -1;
        if (out >= 0) {
            int len = (in.dim[2 + j] - 1) * w->s[j] + (w->k[j] - 1) * w->d[j] + 1 + (op->n ? op->v[j] : 0);
            int total = len - out;
            w->pb[j] = total < 0 ? 0 : same_up ? total / 2 : total - total / 2;
            w->pe[j] = total - w->pb[j];
        }
    }
    if (!ok)
        gir__oxn_fail(c, GIR_ERR_ATTR, "input rank %d, weight rank %d, %d kernel_shape, %d strides, %d dilations, %d "
                      "pads, %d output_padding, %d output_shape (or a value out of range)", in.rank, ws.rank, ks.n,
                      st.n, di.n, pads.n, op->n, os.n);
    return ok;
}
/* the full transposed convolution (no pads, no output_padding) over one or two axes: the gradient of a convolution
   for its input (conv2d_bwd_data) */
static gir_node gir__ox_convt2(gir__oxn *c, gir_node x, gir_node wt, const gir__oxwin *w, int group) {
    gir_shape in = gir_node_shape(c->g, x), ws = gir_node_shape(c->g, wt), full = in;
    int j, nd = w->nd;
    gir_ints st = gir_ints2(w->s[0], nd > 1 ? w->s[1] : 1), di = gir_ints2(w->d[0], nd > 1 ? w->d[1] : 1);
    gir_node y;
    if (!x.id || !wt.id || in.rank != nd + 2 || ws.rank != nd + 2) return c->none;
    full.dim[1] = ws.dim[1] * group;
    for (j = 0; j < nd; ++j) full.dim[2 + j] = (in.dim[2 + j] - 1) * w->s[j] + (w->k[j] - 1) * w->d[j] + 1;
    if (nd == 1) {
        x = gir_reshape(c->g, x, gir_shape4(in.dim[0], in.dim[1], 1, in.dim[2]));
        wt = gir_reshape(c->g, wt, gir_shape4(ws.dim[0], ws.dim[1], 1, ws.dim[2]));
        st = gir_ints2(1, w->s[0]);
        di = gir_ints2(1, w->d[0]);
    }
    y = gir_conv2d_bwd_data(c->g, x, wt, st, gir_ints2(0, 0), di, group,
                            nd == 1 ? gir_shape4(full.dim[0], full.dim[1], 1, full.dim[2]) : full);
    return nd == 1 ? gir_reshape(c->g, y, full) : y;
}
/* over nd >= 3 axes: x with its first m = nd - 2 window axes folded into the batch, through the transposed
   convolution of the last two with each tap's weights, placed at that tap's strided positions (unslice); summed */
static gir_node gir__ox_convt_fold(gir__oxn *c, gir_node x, gir_node wt, const gir__oxwin *w, int group) {
    gir__oxwin lead, last;
    gir_shape s = gir_node_shape(c->g, x);
    int m = w->nd - 2, j, tap[GIR_MAX_RANK], n[GIR_MAX_RANK + 1];
    gir_node y = c->none, xf = gir__ox_merge_lead(c, gir__ox_chan_after(c, x, m, 0), m), ya;   /* [N D1 .. Dm, C, ...] */
    gir__ox_subwin(&lead, w, 0);
    gir__ox_subwin(&last, w, m);
    lead.nd = m;
    for (n[0] = s.dim[0], j = 0; j < m; ++j) {
        tap[j] = 0;
        n[1 + j] = s.dim[2 + j];
    }
    do {
        ya = gir__ox_convt2(c, xf, gir__ox_weights_at(c, wt, m, tap), &last, group);
        ya = gir__ox_split_lead(c, ya, n, m);                                  /* [N, D1 .. Dm, M, ...] */
        for (j = 0; j < m; ++j) {
            int at = tap[j] * w->d[j], len = (n[1 + j] - 1) * w->s[j] + (w->k[j] - 1) * w->d[j] + 1;
            ya = gir_unslice(c->g, ya, 1 + j, at, at + w->s[j] * (n[1 + j] - 1) + 1, w->s[j], len);
        }
        y = y.id ? gir_add(c->g, y, ya) : ya;
    } while (c->st == GIR_OK && xf.id && gir__ox_next_tap(&lead, tap));
    return gir__ox_chan_after(c, y, m, 1);
}
static gir_node gir__ox_convt_full(gir__oxn *c, gir_node x, gir_node wt, const gir__oxwin *w, int group) {
    gir_shape in = gir_node_shape(c->g, x), ws = gir_node_shape(c->g, wt);
    if (c->st != GIR_OK || !x.id || !wt.id || in.rank != w->nd + 2 || ws.rank != w->nd + 2) return c->none;
    return w->nd > 2 ? gir__ox_convt_fold(c, x, wt, w, group) : gir__ox_convt2(c, x, wt, w, group);
}
/* ConvTranspose: the full transposed convolution, extended by output_padding and zeros for negative pads, cropped
   by the positive ones; optional bias */
static gir_node gir__oxh_conv_transpose(gir__oxn *c, gir_node x, gir_node wt) {
    gir_shape in = gir_node_shape(c->g, x), ws = gir_node_shape(c->g, wt), ys;
    int group = gir__oxa_i(c, "group", 1), j, any = 0;
    gir__oxwin w;
    gir_ints op, lo, hi;
    gir_node y;
    if (!gir__ox_convt_window(c, in, ws, &w, &op)) return c->none;
    if (group < 1 || in.dim[1] % group || ws.dim[0] != in.dim[1]) {
        gir__oxn_fail(c, GIR_ERR_SHAPE, "input %S and weights %S with group %d ([N, C, ...] and [C, M / group, ...])",
                      &in, &ws, group);
        return c->none;
    }
    y = gir__ox_convt_full(c, x, wt, &w, group);
    for (lo.n = hi.n = in.rank, j = 0; j < in.rank; ++j) lo.v[j] = hi.v[j] = 0;
    for (j = 0; j < w.nd; ++j) {
        lo.v[2 + j] = w.pb[j] < 0 ? -w.pb[j] : 0;
        hi.v[2 + j] = (op.n ? op.v[j] : 0) + (w.pe[j] < 0 ? -w.pe[j] : 0);
        any |= lo.v[2 + j] | hi.v[2 + j];
    }
    if (any) y = gir_pad(c->g, y, lo, hi, 0);
    ys = gir_node_shape(c->g, y);
    for (j = 0; j < w.nd && c->st == GIR_OK && y.id; ++j) {
        int b = w.pb[j] > 0 ? w.pb[j] : 0, e = w.pe[j] > 0 ? w.pe[j] : 0;
        if (b + e >= ys.dim[2 + j]) {
            gir__oxn_fail(c, GIR_ERR_SHAPE, "pads %d and %d on axis %d of %d elements", b, e, 2 + j, ys.dim[2 + j]);
            return c->none;
        }
        if (b || e) y = gir_slice(c->g, y, 2 + j, b, ys.dim[2 + j] - e, 1);
    }
    if (gir__ox_has(c, 2) && gir__ox_need(c, 4u)) y = gir_add(c->g, y, gir__ox_along(c, c->x[2], 1, in.rank));
    return y;
}

/* the integer range of a quantized dtype: the zero point's (u8: 0..255; i32 holds ONNX's int8: -128..127) */
static void gir__ox_qrange(gir__oxn *c, gir_node zp, gir_dtype *dt, double *lo, double *hi) {
    int t = zp.id && c->n_x > 2 && c->t[2] ? c->t[2]->type : 2;
    *dt = zp.id ? gir_node_dtype(c->g, zp) : GIR_DTYPE_U8;
    *lo = t == 3 ? -128 : t == 2 ? 0 : t == 6 ? -2147483648.0 : 0;
    *hi = t == 3 ? 127 : t == 2 ? 255 : t == 6 ? 2147483647.0 : 255;
}
/* QuantizeLinear: saturate(round(x / scale) + zero_point), ties to even, in the zero point's type */
static gir_node gir__oxh_quantize(gir__oxn *c, gir_node x, gir_node scale) {
    int rank = gir_node_shape(c->g, x).rank, axis = gir__oxa_i(c, "axis", 1);
    gir_node zp = gir__ox_has(c, 2) ? c->x[2] : c->none, y;
    gir_dtype dt;
    double lo, hi;
    if (axis < 0) axis += rank;
    gir__ox_qrange(c, zp, &dt, &lo, &hi);
    if (gir__ox_is_int(c, x)) x = gir_cast(c->g, x, GIR_DTYPE_F32);
    scale = gir_cast(c->g, gir__ox_along(c, scale, axis, rank), gir_node_dtype(c->g, x));
    y = gir_round(c->g, gir_div(c->g, x, scale));           /* divided in x's dtype, as ONNX's reference does */
    y = gir_cast(c->g, y, GIR_DTYPE_F64);
    if (zp.id) y = gir_add(c->g, y, gir_cast(c->g, gir__ox_along(c, zp, axis, rank), GIR_DTYPE_F64));
    y = gir_clamp(c->g, y, lo, hi);
    return gir_cast(c->g, y, dt);
}
/* DequantizeLinear: (x - zero_point) * scale */
static gir_node gir__oxh_dequantize(gir__oxn *c, gir_node x, gir_node scale) {
    int rank = gir_node_shape(c->g, x).rank, axis = gir__oxa_i(c, "axis", 1);
    gir_dtype dt = gir_node_dtype(c->g, scale);
    if (axis < 0) axis += rank;
    x = gir_cast(c->g, x, GIR_DTYPE_F64);
    if (gir__ox_has(c, 2)) x = gir_sub(c->g, x, gir_cast(c->g, gir__ox_along(c, c->x[2], axis, rank), GIR_DTYPE_F64));
    x = gir_mul(c->g, x, gir_cast(c->g, gir__ox_along(c, scale, axis, rank), GIR_DTYPE_F64));
    return gir_cast(c->g, x, dt);
}
/* DynamicQuantizeLinear: uint8 with the scale and zero point of x's range (which includes 0) */
static gir_node gir__oxh_dyn_quantize(gir__oxn *c, gir_node x) {
    gir_dtype dt = gir_node_dtype(c->g, x);
    gir_node mx, mn, scale, zp, y, zero = gir_scalar(c->g, dt, 0);
    mx = gir_maximum(c->g, gir_max(c->g, x, gir_ints0(), 0), zero);
    mn = gir_minimum(c->g, gir_min(c->g, x, gir_ints0(), 0), zero);
    scale = gir_sub(c->g, mx, mn);
    scale = gir_div(c->g, scale, gir_scalar(c->g, dt, 255));
    zp = gir_clamp(c->g, gir_round(c->g, gir_div(c->g, gir_neg(c->g, mn), scale)), 0, 255);
    y = gir_round(c->g, gir_div(c->g, x, scale));
    y = gir_clamp(c->g, gir_add(c->g, y, zp), 0, 255);
    if (c->nd->n_out > 1) c->y[1] = scale;
    if (c->nd->n_out > 2) c->y[2] = gir_cast(c->g, zp, GIR_DTYPE_U8);
    return gir_cast(c->g, y, GIR_DTYPE_U8);
}
/* (v - zero point k) in double, the zero point optional */
static gir_node gir__ox_unzero(gir__oxn *c, gir_node v, int k) {
    v = gir_cast(c->g, v, GIR_DTYPE_F64);
    return gir__ox_has(c, k) ? gir_sub(c->g, v, gir_cast(c->g, c->x[k], GIR_DTYPE_F64)) : v;
}
/* MatMulInteger: (a - a_zero_point) @ (b - b_zero_point), exact in double, as int32 */
static gir_node gir__oxh_matmul_integer(gir__oxn *c, gir_node a, gir_node b) {
    a = gir__ox_unzero(c, a, 2);
    b = gir__ox_unzero(c, b, 3);
    return gir_cast(c->g, gir__oxh_matmul_np(c, a, b), GIR_DTYPE_I32);
}
/* ConvInteger: the convolution of (x - x_zero_point) and (w - w_zero_point), exact in double, as int32 */
/* the convolution of 8-bit integers less their zero points (inputs kx, kw, zero points kx + 2, kw + 2 when given):
   exact in f32 while a window's sum stays below 2^24 (at most 258 products of 255 by 255), else in f64 */
static gir_node gir__ox_conv_ints(gir__oxn *c, int kx, int kw) {
    gir_shape ws = gir_node_shape(c->g, c->x[kw]);
    int64_t taps = 1, j;
    gir_dtype dt;
    gir_node x, w;
    for (j = 1; j < ws.rank; ++j) taps *= ws.dim[j];
    dt = taps <= 258 ? GIR_DTYPE_F32 : GIR_DTYPE_F64;
    x = gir_cast(c->g, c->x[kx], dt);
    if (gir__ox_has(c, kx + 2)) x = gir_sub(c->g, x, gir_cast(c->g, c->x[kx + 2], dt));
    w = gir_cast(c->g, c->x[kw], dt);
    if (gir__ox_has(c, kw + 2)) w = gir_sub(c->g, w, gir_cast(c->g, c->x[kw + 2], dt));
    c->n_x = 2;                              /* gir__oxh_conv reads a bias from input 2: here a zero point */
    return gir__oxh_conv(c, x, w);
}
static gir_node gir__oxh_conv_integer(gir__oxn *c, gir_node x, gir_node w) {
    (void)x; (void)w;
    return gir_cast(c->g, gir__ox_conv_ints(c, 0, 1), GIR_DTYPE_I32);
}

/* (v - zero point) * scale in double, the quantized operand k of a QLinear op with its scale and zero point */
static gir_node gir__ox_deq(gir__oxn *c, int k, int ks, int kz) {
    gir_node v = gir_cast(c->g, c->x[k], GIR_DTYPE_F64);
    v = gir_sub(c->g, v, gir_cast(c->g, c->x[kz], GIR_DTYPE_F64));
    return gir_mul(c->g, v, gir_cast(c->g, c->x[ks], GIR_DTYPE_F64));
}
/* saturate(round(y / scale) + zero point) in the zero point's dtype (u8 or ONNX's int8 held as i32) */
static gir_node gir__ox_req(gir__oxn *c, gir_node y, int ks, int kz) {
    int t = c->t[kz] ? c->t[kz]->type : 2;
    y = gir_round(c->g, gir_div(c->g, y, gir_cast(c->g, c->x[ks], GIR_DTYPE_F64)));
    y = gir_add(c->g, y, gir_cast(c->g, c->x[kz], GIR_DTYPE_F64));
    y = gir_clamp(c->g, y, t == 3 ? -128 : 0, t == 3 ? 127 : 255);
    return gir_cast(c->g, y, gir_node_dtype(c->g, c->x[kz]));
}
/* QLinearMatMul (a, a_scale, a_zero, b, b_scale, b_zero, y_scale, y_zero) */
static gir_node gir__oxh_qlinear_matmul(gir__oxn *c) {
    gir_node a, b;
    if (!gir__ox_need(c, 0xffu)) return c->none;
    a = gir__ox_deq(c, 0, 1, 2);
    b = gir__ox_deq(c, 3, 4, 5);
    return gir__ox_req(c, gir__oxh_matmul_np(c, a, b), 6, 7);
}
/* QLinearConv (x, x_scale, x_zero, w, w_scale, w_zero, y_scale, y_zero, optional int32 bias in x_scale * w_scale) */
static gir_node gir__oxh_qlinear_conv(gir__oxn *c) {
    gir_node y, s, t, x[9], bias = gir__ox_has(c, 8) ? c->x[8] : c->none;
    int j;
    if (!gir__ox_need(c, 0xffu)) return c->none;
    for (j = 0; j < 8; ++j) x[j] = c->x[j];
    c->x[1] = x[3]; c->x[2] = x[2]; c->x[3] = x[5];        /* x, w, x_zero, w_zero for the integer convolution */
    y = gir_cast(c->g, gir__ox_conv_ints(c, 0, 1), GIR_DTYPE_F64);
    for (j = 0; j < 8; ++j) c->x[j] = x[j];
    c->n_x = bias.id ? 9 : 8;
    if (bias.id) y = gir_add(c->g, y, gir__ox_along(c, gir_cast(c->g, bias, GIR_DTYPE_F64), 1,
                                                    gir_node_shape(c->g, y).rank));
    s = gir_cast(c->g, c->x[1], GIR_DTYPE_F64);     /* the accumulator's scale: x_scale * w_scale */
    t = gir_cast(c->g, c->x[4], GIR_DTYPE_F64);
    return gir__ox_req(c, gir_mul(c->g, y, gir_mul(c->g, s, t)), 6, 7);
}
/* GridSample (4-D, as torch.nn.functional.grid_sample): each output position samples x at the grid's (x, y),
   normalized to [-1, 1]; modes bilinear, nearest, bicubic; padding zeros, border, reflection */
typedef struct gir__oxgs {
    int mode, pad, align, h, w;      /* mode 0 bilinear 1 nearest 2 bicubic; pad 0 zeros 1 border 2 reflection */
    gir_node xf;                     /* x as [N, C, H * W] */
    gir_shape idx;                   /* [N, C, P]: P the output positions */
} gir__oxgs;
static gir_node gir__ox_gs_unnorm(gir__oxn *c, const gir__oxgs *q, gir_node g, int len) {
    gir_node v = gir_add(c->g, g, gir__oxh_num(c, 1));
    v = gir_mul(c->g, v, gir__oxh_num(c, q->align ? (len - 1) / 2.0 : len / 2.0));
    return q->align ? v : gir_sub(c->g, v, gir__oxh_num(c, 0.5));
}
/* border: clamped into the image; reflection: reflected at the edges (period twice the span), then clamped */
static gir_node gir__ox_gs_coord(gir__oxn *c, const gir__oxgs *q, gir_node v, int len) {
    double lo = q->align ? 0 : -0.5, span = q->align ? len - 1 : len;
    gir_node t, back;
    if (q->pad == 1) return gir_clamp(c->g, v, 0, len - 1);
    if (q->pad != 2) return v;
    if (span <= 0) return gir_mul(c->g, v, gir__oxh_num(c, 0));
    t = gir_sub(c->g, v, gir__oxh_num(c, lo));          /* t mod 2 span, floored, by floor (ONNX's Mod on floats */
    back = gir_floor(c->g, gir_div(c->g, t, gir__oxh_num(c, 2 * span)));    /* takes only fmod 1) */
    t = gir_sub(c->g, t, gir_mul(c->g, back, gir__oxh_num(c, 2 * span)));
    back = gir_sub(c->g, gir__oxh_num(c, 2 * span), t);
    t = gir_where(c->g, gir_gt(c->g, t, gir__oxh_num(c, span)), back, t);
    t = gir_add(c->g, t, gir__oxh_num(c, lo));
    return gir_clamp(c->g, t, 0, len - 1);
}
/* acc + weight * x at the integer position (yi, xi) (each [N, P]), zero where that is outside the image */
static gir_node gir__ox_gs_tap(gir__oxn *c, const gir__oxgs *q, gir_node acc, gir_node yi, gir_node xi, gir_node wt) {
    gir_node in, t, lin, v;
    gir_shape w3 = q->idx;
    in = gir_ge(c->g, xi, gir__oxh_num(c, 0));
    in = gir_and(c->g, in, gir_le(c->g, xi, gir__oxh_num(c, q->w - 1)));
    t = gir_ge(c->g, yi, gir__oxh_num(c, 0));
    in = gir_and(c->g, in, t);
    in = gir_and(c->g, in, gir_le(c->g, yi, gir__oxh_num(c, q->h - 1)));
    lin = gir_clamp(c->g, yi, 0, q->h - 1);
    lin = gir_mul(c->g, lin, gir__oxh_num(c, q->w));
    lin = gir_add(c->g, lin, gir_clamp(c->g, xi, 0, q->w - 1));
    w3.dim[1] = 1;
    lin = gir_reshape(c->g, gir_cast(c->g, lin, GIR_DTYPE_I32), w3);
    v = gir_gather(c->g, q->xf, gir_broadcast_to(c->g, lin, q->idx), 2);
    wt = gir_where(c->g, in, wt, gir_zeros_like(c->g, wt));
    v = gir_mul(c->g, v, gir_reshape(c->g, wt, w3));
    return acc.id ? gir_add(c->g, acc, v) : v;
}
/* the cubic convolution weight (A = -0.75) of tap k (0..3, at floor - 1 + k) for the fraction t */
static gir_node gir__ox_gs_cubic(gir__oxn *c, gir_node t, int k) {
    double a = -0.75;
    gir_node u = k == 0 ? gir_add(c->g, t, gir__oxh_num(c, 1)) : k == 1 ? t
               : k == 2 ? gir_sub(c->g, gir__oxh_num(c, 1), t) : gir_sub(c->g, gir__oxh_num(c, 2), t), p;
    if (k == 1 || k == 2) {                    /* ((a + 2) u - (a + 3)) u^2 + 1 */
        p = gir_mul(c->g, u, gir__oxh_num(c, a + 2));
        p = gir_sub(c->g, p, gir__oxh_num(c, a + 3));
        p = gir_mul(c->g, p, gir_square(c->g, u));
        return gir_add(c->g, p, gir__oxh_num(c, 1));
    }
    p = gir_mul(c->g, u, gir__oxh_num(c, a));  /* ((a u - 5 a) u + 8 a) u - 4 a */
    p = gir_sub(c->g, p, gir__oxh_num(c, 5 * a));
    p = gir_mul(c->g, p, u);
    p = gir_add(c->g, p, gir__oxh_num(c, 8 * a));
    p = gir_mul(c->g, p, u);
    return gir_sub(c->g, p, gir__oxh_num(c, 4 * a));
}
static gir_node gir__ox_gs_sample(gir__oxn *c, const gir__oxgs *q, gir_node x, gir_node y) {
    gir_node acc = c->none, x0 = gir_floor(c->g, x), y0 = gir_floor(c->g, y), tx, ty, wx[4], wy[4], xi, yi;
    int i, j, n = q->mode == 2 ? 4 : 2, first = q->mode == 2 ? -1 : 0;
    if (q->mode == 1) {
        xi = gir_round(c->g, x);
        yi = gir_round(c->g, y);
        return gir__ox_gs_tap(c, q, acc, yi, xi, gir_ones_like(c->g, x));
    }
    tx = gir_sub(c->g, x, x0);
    ty = gir_sub(c->g, y, y0);
    for (j = 0; j < n; ++j) {
        wx[j] = n == 4 ? gir__ox_gs_cubic(c, tx, j) : j ? tx : gir_sub(c->g, gir__oxh_num(c, 1), tx);
        wy[j] = n == 4 ? gir__ox_gs_cubic(c, ty, j) : j ? ty : gir_sub(c->g, gir__oxh_num(c, 1), ty);
    }
    for (i = 0; i < n; ++i)
        for (j = 0; j < n; ++j) {
            yi = gir_add(c->g, y0, gir__oxh_num(c, first + i));
            xi = gir_add(c->g, x0, gir__oxh_num(c, first + j));
            acc = gir__ox_gs_tap(c, q, acc, yi, xi, gir_mul(c->g, wy[i], wx[j]));
        }
    return acc;
}
static gir_node gir__oxh_grid_sample(gir__oxn *c, gir_node x, gir_node grid) {
    static const char *const modes[3] = {"bilinear", "nearest", "bicubic"}, *const pads[3] = {"zeros", "border",
                                                                                              "reflection"};
    gir_shape xs = gir_node_shape(c->g, x), gs = gir_node_shape(c->g, grid);
    gir__oxgs q;
    gir_node gx, gy, y;
    int j, p;
    GIR_MEMSET(&q, 0, sizeof q);
    for (q.mode = -1, j = 0; j < 3; ++j) if (gir__oxa_s_is(c, "mode", "bilinear", modes[j])) q.mode = j;
    for (q.pad = -1, j = 0; j < 3; ++j) if (gir__oxa_s_is(c, "padding_mode", "zeros", pads[j])) q.pad = j;
    q.align = gir__oxa_i(c, "align_corners", 0);
    if (q.mode < 0 || q.pad < 0 || (q.mode == 2 && q.pad) || xs.rank != 4 || gs.rank != 4 || gs.dim[3] != 2) {
        gir__oxn_fail(c, GIR_ERR_UNSUPPORTED, "a 4-D input, a grid [N, H, W, 2], bicubic with zeros padding only");
        return c->none;
    }
    q.h = xs.dim[2];
    q.w = xs.dim[3];
    p = gs.dim[1] * gs.dim[2];
    q.xf = gir_reshape(c->g, x, gir_shape3(xs.dim[0], xs.dim[1], q.h * q.w));
    q.idx = gir_shape3(xs.dim[0], xs.dim[1], p);
    gx = gir_reshape(c->g, gir_slice(c->g, grid, 3, 0, 1, 1), gir_shape3(xs.dim[0], 1, p));
    gy = gir_reshape(c->g, gir_slice(c->g, grid, 3, 1, 2, 1), gir_shape3(xs.dim[0], 1, p));
    gx = gir__ox_gs_coord(c, &q, gir__ox_gs_unnorm(c, &q, gx, q.w), q.w);
    gy = gir__ox_gs_coord(c, &q, gir__ox_gs_unnorm(c, &q, gy, q.h), q.h);
    y = gir__ox_gs_sample(c, &q, gx, gy);
    return gir_reshape(c->g, y, gir_shape4(xs.dim[0], xs.dim[1], gs.dim[1], gs.dim[2]));
}

/* RoiAlign: for each roi, bilinear samples of its batch entry of x at a grid of points in each output bin, averaged
   (mode avg) or the largest of the weighted corner values (mode max, as ONNX Runtime has it). The samples are
   separable: along each axis every point has two neighbours and their weights, so with one-hot matrices over the
   rows [R, bins, H] and columns [R, bins, W] the average is Ry @ x_roi @ Rx^T. The points per bin are
   sampling_ratio, or (0) ceil(roi extent / bins) per roi, which needs the rois at import */
typedef struct gir__oxroi {
    gir_node lo, hi, wlo, whi;      /* [R, n * g]: the neighbours (as x's dtype) and their weights, 0 outside */
    gir_node share;                 /* [rc, n * g]: 1 / points of the roi's bin for the points that exist, else 0 */
} gir__oxroi;
/* values [rows, cols] as a constant of dtype dt */
static gir_node gir__ox_roi_const(gir__oxn *c, const double *v, int rows, int cols, gir_dtype dt) {
    return gir_cast(c->g, gir_constant(c->g, GIR_DTYPE_F64, gir_shape2(rows, cols), v), dt);
}
/* the points of one axis: bin b's point i at start + b * size + (i + 0.5) * size / g_r (ONNX Runtime's order of
   rounding), for g_r of the g points */
static int gir__ox_roi_axis(gir__oxn *c, gir_node start, gir_node size, const int *grid, int rc, int g, int n, int len,
                            gir__oxroi *a) {
    size_t cells = (size_t)n * (size_t)g, all = 2 * cells + (size_t)rc * (cells + 1);
    double *at = (double *)gir__alloc(&c->g->a, all * sizeof(double)), *half = at + cells, *gr = half + cells;
    double *sh = gr + rc;
    gir_dtype dt = gir_node_dtype(c->g, start);
    gir_node pos, p, top, valid, l;
    int r, i;
    if (!at) {
        gir__oxn_fail(c, GIR_ERR_OUT_OF_MEMORY, "the sampling points");
        return 0;
    }
    for (i = 0; i < n * g; ++i) { at[i] = i / g; half[i] = i % g + 0.5; }
    for (r = 0; r < rc; ++r) {
        gr[r] = grid[r] > 0 ? grid[r] : 1;
        for (i = 0; i < n * g; ++i) sh[(size_t)r * cells + i] = i % g < grid[r] ? 1.0 / grid[r] : 0;
    }
    pos = gir_add(c->g, start, gir_mul(c->g, gir__ox_roi_const(c, at, 1, n * g, dt), size));
    p = gir_mul(c->g, gir__ox_roi_const(c, half, 1, n * g, dt), size);
    pos = gir_add(c->g, pos, gir_div(c->g, p, gir__ox_roi_const(c, gr, rc, 1, dt)));
    a->share = gir__ox_roi_const(c, sh, rc, n * g, dt);
    gir__free(&c->g->a, at, all * sizeof(double));
    valid = gir_and(c->g, gir_ge(c->g, pos, gir_scalar(c->g, dt, -1)), gir_le(c->g, pos, gir_scalar(c->g, dt, len)));
    p = gir_maximum(c->g, pos, gir_scalar(c->g, dt, 0));
    a->lo = gir_floor(c->g, p);
    top = gir_ge(c->g, a->lo, gir_scalar(c->g, dt, len - 1));         /* at the last row: both neighbours there */
    a->lo = gir_where(c->g, top, gir_scalar(c->g, dt, len - 1), a->lo);
    a->hi = gir_where(c->g, top, a->lo, gir_add(c->g, a->lo, gir_scalar(c->g, dt, 1)));
    l = gir_where(c->g, top, gir_scalar(c->g, dt, 0), gir_sub(c->g, p, a->lo));
    a->whi = gir_where(c->g, valid, l, gir_scalar(c->g, dt, 0));
    a->wlo = gir_where(c->g, valid, gir_sub(c->g, gir_scalar(c->g, dt, 1), l), gir_scalar(c->g, dt, 0));
    return 1;
}
/* [R, P, len]: weight w[r, p] at column idx[r, p] of row p, zeros elsewhere */
static gir_node gir__ox_roi_hot(gir__oxn *c, gir_node idx, gir_node w, int len) {
    gir_shape s = gir_node_shape(c->g, idx);
    gir_dtype dt = gir_node_dtype(c->g, idx);
    gir_node cols = gir_reshape(c->g, gir_arange(c->g, dt, 0, len, 1), gir_shape3(1, 1, len)), hit;
    if (s.rank != 2) return c->none;
    hit = gir_eq(c->g, gir_reshape(c->g, idx, gir_shape3(s.dim[0], s.dim[1], 1)), cols);
    return gir_where(c->g, hit, gir_reshape(c->g, w, gir_shape3(s.dim[0], s.dim[1], 1)), gir_scalar(c->g, dt, 0));
}
/* avg: the bins' weights over the rows [R, 1, n, len] (or columns, transposed: [R, 1, len, n]) */
static gir_node gir__ox_roi_avg_side(gir__oxn *c, const gir__oxroi *a, int n, int g, int len, int cols) {
    gir_node m = gir_add(c->g, gir__ox_roi_hot(c, a->lo, gir_mul(c->g, a->wlo, a->share), len),
                         gir__ox_roi_hot(c, a->hi, gir_mul(c->g, a->whi, a->share), len));
    int32_t r = gir_node_shape(c->g, a->lo).dim[0];
    m = gir_sum(c->g, gir_reshape(c->g, m, gir_shape4(r, n, g, len)), gir_ints1(2), 0);
    m = gir_reshape(c->g, m, gir_shape4(r, 1, n, len));
    return cols ? gir_transpose(c->g, m, gir_ints4(0, 1, 3, 2)) : m;
}
/* max: the largest weighted corner value of each point, then of each bin's points (points that do not exist: -inf) */
static gir_node gir__ox_roi_max(gir__oxn *c, gir_node xr, const gir__oxroi *ay, const gir__oxroi *ax, int oh, int ow,
                                int gh, int gw) {
    gir_shape s = gir_node_shape(c->g, xr);
    gir_dtype dt = gir_node_dtype(c->g, xr);
    int32_t r = s.dim[0], ph = oh * gh, pw = ow * gw;
    gir_node best = c->none, ey, ex, v, wt, keep;
    int i;
    for (i = 0; i < 4; ++i) {
        ey = gir__ox_roi_hot(c, i & 2 ? ay->hi : ay->lo, gir_ones_like(c->g, ay->lo), s.dim[2]);
        ex = gir__ox_roi_hot(c, i & 1 ? ax->hi : ax->lo, gir_ones_like(c->g, ax->lo), s.dim[3]);
        v = gir_matmul(c->g, gir_reshape(c->g, ey, gir_shape4(r, 1, ph, s.dim[2])), xr);
        v = gir_matmul(c->g, v, gir_reshape(c->g, gir_transpose(c->g, ex, gir_ints3(0, 2, 1)), gir_shape4(r, 1, s.dim[3], pw)));
        wt = gir_mul(c->g, gir_reshape(c->g, i & 2 ? ay->whi : ay->wlo, gir_shape4(r, 1, ph, 1)),
                     gir_reshape(c->g, i & 1 ? ax->whi : ax->wlo, gir_shape4(r, 1, 1, pw)));
        v = gir_mul(c->g, v, wt);
        best = best.id ? gir_maximum(c->g, best, v) : v;
    }
    keep = gir_and(c->g, gir_reshape(c->g, gir_gt(c->g, ay->share, gir_scalar(c->g, dt, 0)), gir_shape4(-1, 1, ph, 1)),
                   gir_reshape(c->g, gir_gt(c->g, ax->share, gir_scalar(c->g, dt, 0)), gir_shape4(-1, 1, 1, pw)));
    best = gir_where(c->g, keep, best, gir_scalar(c->g, dt, -HUGE_VAL));
    best = gir_max(c->g, gir_reshape(c->g, best, gir_shape4(r * s.dim[1] * oh, gh, ow, gw)), gir_ints2(1, 3), 0);
    return gir_reshape(c->g, best, gir_shape4(r, s.dim[1], oh, ow));
}
/* max: 0 for the rois without points (sampling_ratio 0 and an extent of 0 or less), as ONNX Runtime has it */
static gir_node gir__ox_roi_empty(gir__oxn *c, gir_node y, const int *grid, int rc) {
    uint8_t *some = (uint8_t *)gir__alloc(&c->g->a, (size_t)rc);
    int r, any = 0;
    gir_node keep;
    if (!some) {
        gir__oxn_fail(c, GIR_ERR_OUT_OF_MEMORY, "the rois with points");
        return c->none;
    }
    for (r = 0; r < rc; ++r) any |= !(some[r] = grid[r] > 0 && grid[rc + r] > 0);
    keep = any ? gir_constant(c->g, GIR_DTYPE_B8, gir_shape4(rc, 1, 1, 1), some) : c->none;
    gir__free(&c->g->a, some, (size_t)rc);
    return any ? gir_where(c->g, keep, y, gir_scalar(c->g, gir_node_dtype(c->g, y), 0)) : y;
}
/* the points per bin of each roi when sampling_ratio is 0: ceil(extent / bins) in x's precision (f32), from rois
   known at import; grid holds the rows' then the columns' counts */
static int gir__ox_roi_grid(gir__oxn *c, int n, int oh, int ow, double scale, int legacy, int *grid) {
    double *v = (double *)gir__alloc(&c->g->a, (size_t)(4 * n) * sizeof(double));
    int r, ok = v && gir__ox_const_vals(c, 1, v, 4 * n, "rois (sampling_ratio 0 needs them at import)") == 4 * n;
    for (r = 0; ok && r < n; ++r) {
        float s = (float)scale, off = legacy ? 0.0f : 0.5f;
        float h = ((float)v[4 * r + 3] * s - off) - ((float)v[4 * r + 1] * s - off);
        float w = ((float)v[4 * r + 2] * s - off) - ((float)v[4 * r] * s - off);
        double gy = -GIR_FLOOR(-(double)((legacy && h < 1 ? 1.0f : h) / (float)oh));
        double gx = -GIR_FLOOR(-(double)((legacy && w < 1 ? 1.0f : w) / (float)ow));
        if (gy > 64 || gx > 64) {
            gir__oxn_fail(c, GIR_ERR_UNSUPPORTED, "roi %d: %g by %g points a bin (gir.h takes up to 64 by 64)", r, gy, gx);
            ok = 0;
        }
        grid[r] = (int)gy;
        grid[n + r] = (int)gx;
    }
    if (!v) gir__oxn_fail(c, GIR_ERR_OUT_OF_MEMORY, "the rois");
    else gir__free(&c->g->a, v, (size_t)(4 * n) * sizeof(double));
    return ok;
}
/* the attributes and shapes of RoiAlign; 0 (an error) when it cannot be built */
typedef struct gir__oxra { int half, legacy, is_max, oh, ow, sr, n; double scale; } gir__oxra;
static int gir__ox_roi_opts(gir__oxn *c, gir_node x, gir_node rois, gir_node bidx, int since, gir__oxra *o) {
    gir_shape xs = gir_node_shape(c->g, x), rs = gir_node_shape(c->g, rois), bs = gir_node_shape(c->g, bidx);
    const char *dflt = since >= 16 ? "half_pixel" : "output_half_pixel";
    int avg = gir__oxa_s_is(c, "mode", "avg", "avg");
    o->is_max = gir__oxa_s_is(c, "mode", "avg", "max");
    o->half = gir__oxa_s_is(c, "coordinate_transformation_mode", dflt, "half_pixel");
    o->legacy = gir__oxa_s_is(c, "coordinate_transformation_mode", dflt, "output_half_pixel");
    o->oh = gir__oxa_i(c, "output_height", 1);
    o->ow = gir__oxa_i(c, "output_width", 1);
    o->sr = gir__oxa_i(c, "sampling_ratio", 0);
    o->scale = gir__oxa_f(c, "spatial_scale", 1);
    o->n = rs.rank == 2 ? rs.dim[0] : 0;
    if ((!o->half && !o->legacy) || (!avg && !o->is_max) || o->oh < 1 || o->ow < 1 || o->sr < 0 || o->sr > 64)
        gir__oxn_fail(c, GIR_ERR_UNSUPPORTED, "mode %s, coordinate_transformation_mode %s, output %d by %d, "
                      "sampling_ratio %d (gir.h takes avg or max, half_pixel or output_half_pixel, 0 to 64)",
                      o->is_max ? "max" : avg ? "avg" : "other", o->half ? "half_pixel" : o->legacy ?
                      "output_half_pixel" : "other", o->oh, o->ow, o->sr);
    else if (xs.rank != 4 || rs.rank != 2 || rs.dim[1] != 4 || bs.rank != 1 || bs.dim[0] != o->n || o->n < 1)
        gir__oxn_fail(c, GIR_ERR_SHAPE, "X %S, rois %S, batch_indices %S (want [N, C, H, W], [R, 4], [R])", &xs, &rs,
                      &bs);
    return c->st == GIR_OK;
}
static gir_node gir__ox_roi_align(gir__oxn *c, gir_node x, gir_node rois, gir_node bidx, int since) {
    gir_shape xs = gir_node_shape(c->g, x);
    gir_dtype dt = gir_node_dtype(c->g, x);
    gir__oxra o;
    gir__oxroi ay, ax;
    gir_node col[4], size_h, size_w, xr, y = c->none;
    int j, rc, gh, gw, *grid;
    if (!gir__ox_roi_opts(c, x, rois, bidx, since, &o)) return c->none;
    rc = o.sr ? 1 : o.n;
    if (!(grid = (int *)gir__alloc(&c->g->a, (size_t)(2 * rc) * sizeof(int)))) {
        gir__oxn_fail(c, GIR_ERR_OUT_OF_MEMORY, "the sampling grid");
        return c->none;
    }
    if (o.sr) grid[0] = grid[1] = o.sr;
    if (o.sr || gir__ox_roi_grid(c, o.n, o.oh, o.ow, o.scale, o.legacy, grid)) {
        for (gh = gw = 1, j = 0; j < rc; ++j) {
            gh = grid[j] > gh ? grid[j] : gh;
            gw = grid[rc + j] > gw ? grid[rc + j] : gw;
        }
        rois = gir_cast(c->g, rois, dt);
        for (j = 0; j < 4; ++j) {                     /* x1, y1, x2, y2 scaled, less half a pixel (half_pixel) */
            col[j] = gir_mul(c->g, gir_slice(c->g, rois, 1, j, j + 1, 1), gir_scalar(c->g, dt, o.scale));
            if (o.half) col[j] = gir_sub(c->g, col[j], gir_scalar(c->g, dt, 0.5));
        }
        size_h = gir_sub(c->g, col[3], col[1]);
        size_w = gir_sub(c->g, col[2], col[0]);
        if (o.legacy) size_h = gir_maximum(c->g, size_h, gir_scalar(c->g, dt, 1));
        if (o.legacy) size_w = gir_maximum(c->g, size_w, gir_scalar(c->g, dt, 1));
        size_h = gir_div(c->g, size_h, gir_scalar(c->g, dt, o.oh));
        size_w = gir_div(c->g, size_w, gir_scalar(c->g, dt, o.ow));
        xr = gir_index_select(c->g, x, bidx, 0);
        if (gir__ox_roi_axis(c, col[1], size_h, grid, rc, gh, o.oh, xs.dim[2], &ay) &&
            gir__ox_roi_axis(c, col[0], size_w, grid + rc, rc, gw, o.ow, xs.dim[3], &ax))
            y = o.is_max ? gir__ox_roi_empty(c, gir__ox_roi_max(c, xr, &ay, &ax, o.oh, o.ow, gh, gw), grid, rc)
              : gir_matmul(c->g, gir_matmul(c->g, gir__ox_roi_avg_side(c, &ay, o.oh, gh, xs.dim[2], 0), xr),
                           gir__ox_roi_avg_side(c, &ax, o.ow, gw, xs.dim[3], 1));
    }
    gir__free(&c->g->a, grid, (size_t)(2 * rc) * sizeof(int));
    return y;
}
static gir_node gir__oxh_roi_align10(gir__oxn *c, gir_node x, gir_node r, gir_node b) { return gir__ox_roi_align(c, x, r, b, 10); }
static gir_node gir__oxh_roi_align(gir__oxn *c, gir_node x, gir_node r, gir_node b) { return gir__ox_roi_align(c, x, r, b, 16); }

/* the optimizers of ai.onnx.preview.training (Adagrad, Momentum, Adam): inputs R, T, then n tensors X, n
   gradients G, n (or 2n, Adam) states; outputs the new X, then the new states, as the operators' formulas say */
static gir_node gir__ox_gsc(gir__oxn *c, gir_node v, double s) { return gir_mul(c->g, v, gir__oxh_num(c, s)); }
static gir_node gir__ox_greg(gir__oxn *c, int x, int g, double norm) {   /* norm_coefficient * X + G */
    return norm != 0 ? gir_add(c->g, gir__ox_gsc(c, c->x[x], norm), c->x[g]) : c->x[g];
}
static gir_node gir__oxh_adagrad(gir__oxn *c) {
    double decay = gir__oxa_f(c, "decay_factor", 0), eps = gir__oxa_f(c, "epsilon", 1e-6);
    double norm = gir__oxa_f(c, "norm_coefficient", 0);
    int n = (c->n_x - 2) / 3, j;
    gir_node r, t, gr, h, a;
    if (n < 1 || c->n_x != 2 + 3 * n || c->nd->n_out != 2 * n || !gir__ox_need(c, (1u << c->n_x) - 1u)) return c->none;
    t = gir_cast(c->g, c->x[1], gir_node_dtype(c->g, c->x[0]));
    r = gir__ox_gsc(c, t, decay);
    r = gir_add(c->g, r, gir__oxh_num(c, 1));
    r = gir_div(c->g, c->x[0], r);
    for (j = n - 1; j >= 0; --j) {
        gr = gir__ox_greg(c, 2 + j, 2 + n + j, norm);
        h = gir_add(c->g, c->x[2 + 2 * n + j], gir_square(c->g, gr));
        a = gir_sqrt(c->g, h);
        a = gir_add(c->g, a, gir__oxh_num(c, eps));
        a = gir_mul(c->g, r, gir_div(c->g, gr, a));
        c->y[n + j] = h;
        c->y[j] = gir_sub(c->g, c->x[2 + j], a);
    }
    return c->y[0];
}
static gir_node gir__oxh_momentum(gir__oxn *c) {
    double alpha = gir__oxa_f(c, "alpha", 0), beta = gir__oxa_f(c, "beta", 0), norm = gir__oxa_f(c, "norm_coefficient", 0);
    int nest = gir__oxa_s_is(c, "mode", "", "nesterov"), std = gir__oxa_s_is(c, "mode", "", "standard");
    int n = (c->n_x - 2) / 3, j;
    gir_node b, gr, v, step;
    if (n < 1 || (!nest && !std) || c->n_x != 2 + 3 * n || !gir__ox_need(c, (1u << c->n_x) - 1u)) return c->none;
    b = gir_gt(c->g, c->x[1], gir_scalar(c->g, gir_node_dtype(c->g, c->x[1]), 0));     /* T > 0: beta, else 1 */
    v = gir__oxh_num(c, beta);
    b = gir_where(c->g, b, v, gir__oxh_num(c, 1));
    for (j = n - 1; j >= 0; --j) {
        gr = gir__ox_greg(c, 2 + j, 2 + n + j, norm);
        v = gir__ox_gsc(c, c->x[2 + 2 * n + j], alpha);
        v = gir_add(c->g, v, gir_mul(c->g, b, gr));
        step = nest ? gir_add(c->g, gr, gir__ox_gsc(c, v, alpha)) : v;
        c->y[n + j] = v;
        c->y[j] = gir_sub(c->g, c->x[2 + j], gir_mul(c->g, c->x[0], step));
    }
    return c->y[0];
}
static gir_node gir__oxh_adam(gir__oxn *c) {
    double alpha = gir__oxa_f(c, "alpha", 0.9), beta = gir__oxa_f(c, "beta", 0.999), eps = gir__oxa_f(c, "epsilon", 1e-6);
    double norm = gir__oxa_f(c, "norm_coefficient", 0), post = gir__oxa_f(c, "norm_coefficient_post", 0);
    int n = (c->n_x - 2) / 4, j;
    gir_node t, pos, ra, f, gr, v, h, x;
    if (n < 1 || c->n_x != 2 + 4 * n || !gir__ox_need(c, (1u << c->n_x) - 1u)) return c->none;
    t = gir_cast(c->g, c->x[1], GIR_DTYPE_F64);
    pos = gir_gt(c->g, t, gir_scalar(c->g, GIR_DTYPE_F64, 0));
    f = gir_pow(c->g, gir_scalar(c->g, GIR_DTYPE_F64, beta), t);
    f = gir_sub(c->g, gir_scalar(c->g, GIR_DTYPE_F64, 1), f);
    ra = gir_pow(c->g, gir_scalar(c->g, GIR_DTYPE_F64, alpha), t);
    ra = gir_sub(c->g, gir_scalar(c->g, GIR_DTYPE_F64, 1), ra);
    ra = gir_div(c->g, gir_sqrt(c->g, f), ra);                 /* sqrt(1 - beta^T) / (1 - alpha^T) when T > 0 */
    ra = gir_where(c->g, pos, ra, gir_scalar(c->g, GIR_DTYPE_F64, 1));
    ra = gir_mul(c->g, gir_cast(c->g, ra, gir_node_dtype(c->g, c->x[0])), c->x[0]);
    for (j = n - 1; j >= 0; --j) {
        gr = gir__ox_greg(c, 2 + j, 2 + n + j, norm);
        v = gir__ox_gsc(c, c->x[2 + 2 * n + j], alpha);
        v = gir_add(c->g, v, gir__ox_gsc(c, gr, 1 - alpha));
        h = gir__ox_gsc(c, c->x[2 + 3 * n + j], beta);
        h = gir_add(c->g, h, gir__ox_gsc(c, gir_square(c->g, gr), 1 - beta));
        x = gir_sqrt(c->g, h);
        x = gir_add(c->g, x, gir__oxh_num(c, eps));
        x = gir_div(c->g, v, x);
        x = gir_sub(c->g, c->x[2 + j], gir_mul(c->g, ra, x));
        c->y[j] = post != 0 ? gir__ox_gsc(c, x, 1 - post) : x;
        c->y[n + j] = v;
        c->y[2 * n + j] = h;
    }
    return c->y[0];
}

/* flat indices into shape from moved to the same coordinates in shape to (from's extents fit in to's) */
static gir_node gir__ox_reindex(gir__oxn *c, gir_node idx, gir_shape from, gir_shape to) {
    gir_node rest = idx, out = c->none, coord, i32;
    int j;
    int64_t stride = 1;
    for (j = from.rank - 1; j >= 0; --j) {
        i32 = gir_scalar(c->g, GIR_DTYPE_I32, from.dim[j]);
        coord = gir_mod(c->g, rest, i32);
        rest = gir_floordiv(c->g, rest, i32);
        coord = gir_mul(c->g, coord, gir_scalar(c->g, GIR_DTYPE_I32, (double)stride));
        out = out.id ? gir_add(c->g, out, coord) : coord;
        stride *= to.dim[j];
    }
    return out;
}
/* MaxUnpool: zeros of the output shape (input 2, or from kernel, strides and pads) with x written where the
   indices (flattened over the whole output, as MaxPool's second output gives them) point */
static gir_node gir__oxh_max_unpool(gir__oxn *c, gir_node x, gir_node idx) {
    gir_shape s = gir_node_shape(c->g, x), o = s;
    gir__oxwin w;
    int64_t v[GIR_MAX_RANK], n = 1;
    int j;
    gir_node y;
    if (!gir__ox_window(c, s, NULL, &w)) return c->none;
    for (j = 0; j < w.nd; ++j) o.dim[2 + j] = (s.dim[2 + j] - 1) * w.s[j] - w.pb[j] - w.pe[j] + w.k[j];
    idx = gir_cast(c->g, idx, GIR_DTYPE_I32);
    if (gir__ox_has(c, 2)) {                /* the indices count in the shape above: moved to output_shape's */
        gir_shape d = o;
        if (gir__ox_const_ints(c, 2, v, GIR_MAX_RANK, "output_shape") != s.rank) return c->none;
        for (j = 0; j < s.rank; ++j) o.dim[j] = (int32_t)v[j];
        idx = gir__ox_reindex(c, idx, d, o);
    }
    for (j = 0; j < o.rank; ++j) n *= o.dim[j];
    if (n > INT32_MAX) {
        gir__oxn_fail(c, GIR_ERR_LIMIT, "an output of %l elements", (long long)n);
        return c->none;
    }
    x = gir_reshape(c->g, x, gir_shape1((int32_t)gir_node_numel(c->g, x)));
    idx = gir_reshape(c->g, idx, gir_shape1((int32_t)gir_node_numel(c->g, idx)));
    y = gir_index_add(c->g, x, idx, 0, (int)n);
    return gir_reshape(c->g, y, o);
}
#endif /* GIR_NO_ONNX */
