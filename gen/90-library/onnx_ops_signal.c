/* onnx_ops_signal.c - the ONNX ops over sequences and signals: RNN, GRU and LSTM as scans of their cell over the
   sequence (its length is part of the shapes), DFT and STFT as products with cos/sin matrices, the window functions and
   MelWeightMatrix (constants computed at import). */
#ifndef GIR_NO_ONNX
/* HannWindow, HammingWindow, BlackmanWindow: a constant of 'size' (input 0) values, periodic by default;
   w[n] = a0 - a1 cos(2 pi n / N) + a2 cos(4 pi n / N), N = size (periodic) or size - 1 */
static gir_node gir__ox_window_fn(gir__oxn *c, double a0, double a1, double a2) {
    double size, *w, den;
    int n, j, dt = gir__ox_dtype((int32_t)gir__oxa_i(c, "output_datatype", 1));
    int periodic = gir__oxa_i(c, "periodic", 1);
    gir_node y;
    if (gir__ox_const_vals(c, 0, &size, 1, "size") != 1) return c->none;
    n = (int)size;
    if (n < 0 || dt < 0) {
        gir__oxn_fail(c, n < 0 ? GIR_ERR_SHAPE : GIR_ERR_UNSUPPORTED, "size %d, output_datatype", n);
        return c->none;
    }
    if (!(w = (double *)gir__alloc(&c->g->a, (size_t)(n ? n : 1) * sizeof(double)))) {
        gir__oxn_fail(c, GIR_ERR_OUT_OF_MEMORY, "a window of %d", n);
        return c->none;
    }
    den = periodic ? n : n - 1;
    for (j = 0; j < n; ++j) {
        double t = den > 0 ? 6.283185307179586476925 * j / den : 0;
        w[j] = a0 - a1 * GIR_COS(t) + a2 * GIR_COS(2 * t);
    }
    y = gir_cast(c->g, gir_constant(c->g, GIR_DTYPE_F64, gir_shape1(n), w), (gir_dtype)dt);
    gir__free(&c->g->a, w, (size_t)(n ? n : 1) * sizeof(double));
    return y;
}
static gir_node gir__oxh_hann(gir__oxn *c) { return gir__ox_window_fn(c, 0.5, 0.5, 0); }
static gir_node gir__oxh_hamming(gir__oxn *c) { return gir__ox_window_fn(c, 25.0 / 46, 21.0 / 46, 0); }
static gir_node gir__oxh_blackman(gir__oxn *c) { return gir__ox_window_fn(c, 0.42, 0.5, 0.08); }
/* RNN, GRU, LSTM: a scan over the sequence of the cell, a function in a graph of its own, one direction at a time,
   with ONNX's default activations (sigmoid for the gates, tanh otherwise) and every sequence of full length */
typedef struct gir__oxrnn {
    int kind, gates, hidden, steps, batch, lbr;    /* kind 0 RNN, 1 GRU, 2 LSTM; lbr: linear_before_reset */
    int layout;                                    /* 1: batch first (X, Y, initial and final states) */
    gir_node r, rb, p;                             /* in the cell: R^T, Rb, peepholes ({0}: none) */
} gir__oxrnn;
static gir_node gir__ox_gate(gir__oxn *c, gir_node v, int k, int h) {
    gir_shape s = gir_node_shape(c->g, v);
    return gir_slice(c->g, v, s.rank - 1, k * h, (k + 1) * h, 1);
}
/* f(gate k of u + gate k of v) */
static gir_node gir__ox_gsum(gir__oxn *c, gir_node u, gir_node v, int k, int n, gir_node (*f)(gir_graph *, gir_node)) {
    gir_node a = gir__ox_gate(c, u, k, n), b = gir__ox_gate(c, v, k, n);
    return f(c->g, gir_add(c->g, a, b));
}
static gir_node gir__ox_gru_step(gir__oxn *c, const gir__oxrnn *q, gir_node xw, gir_node hr, gir_node h) {
    int n = q->hidden;
    gir_node z = gir__ox_gsum(c, xw, hr, 0, n, gir_sigmoid), r = gir__ox_gsum(c, xw, hr, 1, n, gir_sigmoid), t, u;
    if (q->lbr) t = gir_mul(c->g, r, gir__ox_gate(c, hr, 2, n));
    else {
        u = gir_mul(c->g, r, h);
        t = gir_matmul(c->g, u, gir__ox_gate(c, q->r, 2, n));
        t = gir_add(c->g, t, gir__ox_gate(c, q->rb, 2, n));
    }
    t = gir_tanh(c->g, gir_add(c->g, gir__ox_gate(c, xw, 2, n), t));
    u = gir_mul(c->g, gir_sub(c->g, gir_scalar(c->g, gir_node_dtype(c->g, h), 1), z), t);
    return gir_add(c->g, u, gir_mul(c->g, z, h));
}
/* gate k of a plus (peepholes) p_k * cell */
static gir_node gir__ox_peep(gir__oxn *c, const gir__oxrnn *q, gir_node a, int k, gir_node cell) {
    gir_node v = gir__ox_gate(c, a, k, q->hidden), w;
    if (!q->p.id) return v;
    w = gir__ox_gate(c, q->p, k, q->hidden);
    return gir_add(c->g, v, gir_mul(c->g, w, cell));
}
static gir_node gir__ox_lstm_step(gir__oxn *c, const gir__oxrnn *q, gir_node a, gir_node *cell) {
    gir_node i = gir_sigmoid(c->g, gir__ox_peep(c, q, a, 0, *cell)), f, t, o;
    f = gir_sigmoid(c->g, gir__ox_peep(c, q, a, 2, *cell));
    t = gir_tanh(c->g, gir__ox_gate(c, a, 3, q->hidden));
    f = gir_mul(c->g, f, *cell);
    *cell = gir_add(c->g, f, gir_mul(c->g, i, t));      /* gates i, o, f, c */
    o = gir_sigmoid(c->g, gir__ox_peep(c, q, a, 1, *cell));
    t = gir_tanh(c->g, *cell);
    return gir_mul(c->g, o, t);
}
/* one step: the new hidden state from step input xw (x W^T + Wb), h and (LSTM) *cell */
static gir_node gir__ox_rnn_step(gir__oxn *c, const gir__oxrnn *q, gir_node xw, gir_node h, gir_node *cell) {
    gir_node hr = gir_add(c->g, gir_matmul(c->g, h, q->r), q->rb);
    if (q->kind == 0) return gir_tanh(c->g, gir_add(c->g, xw, hr));
    if (q->kind == 1) return gir__ox_gru_step(c, q, xw, hr, h);
    return gir__ox_lstm_step(c, q, gir_add(c->g, xw, hr), cell);
}
/* the cell as a function of a graph of its own (*cg, on c's allocator): its n parameters have the shapes of the
   scan's arguments (h, c for LSTM; xw [steps, batch, G h] without its first axis; R^T; Rb; P if any), its results
   are h' (c') h'; NULL after recording why */
static gir_func *gir__ox_rnn_cell(gir__oxn *c, gir__oxrnn *q, int n, const gir_node *args, gir_graph **cg) {
    static const char *const names[3] = {"onnx_rnn", "onnx_gru", "onnx_lstm"};
    gir_graph_desc d;
    gir__oxn b;
    gir_node p[6], r[3], cell = c->none;
    gir_func *f = NULL;
    int k, nc = q->kind == 2 ? 2 : 1;
    GIR_MEMCPY(&b, c, sizeof b);                  /* the routed copy: no compiler-made memcpy on a device */
    GIR_MEMSET(&d, 0, sizeof d);
    d.allocator = c->g->a;
    if (!(*cg = b.g = gir_graph_new(&d))) {
        gir__oxn_fail(c, GIR_ERR_OUT_OF_MEMORY, "out of memory: the cell's graph");
        return NULL;
    }
    for (k = 0; k < n; ++k) {
        gir_shape s = gir_node_shape(c->g, args[k]);
        if (k == nc) s = gir_shape2(s.dim[1], s.dim[2]);
        p[k] = gir_input(b.g, gir_node_dtype(c->g, args[k]), s);
    }
    q->r = p[nc + 1];
    q->rb = p[nc + 2];
    q->p = n > nc + 3 ? p[nc + 3] : c->none;
    if (nc == 2) cell = p[1];
    r[0] = gir__ox_rnn_step(&b, q, p[nc], p[0], &cell);
    r[1] = nc == 2 ? cell : r[0];
    r[nc] = r[0];
    if (b.st == GIR_OK && gir_graph_status(b.g) == GIR_OK) f = gir_func_new(b.g, names[q->kind], n, p, nc + 1, r);
    if (b.st != GIR_OK) gir__oxn_fail(c, b.st, "the cell: %s", b.msg);
    else if (!f) gir__oxn_fail(c, gir_graph_status(b.g), "the cell: %s", gir_graph_message(b.g));
    return f;
}
/* row d of a [D, ...] input as [...] ({0} when the input is absent) */
static gir_node gir__ox_dir(gir__oxn *c, int k, int d, int axis) {
    gir_shape s;
    int j;
    if (!gir__ox_has(c, k) || !gir__ox_need(c, 1u << k)) return c->none;
    s = gir_node_shape(c->g, c->x[k]);
    for (j = axis + 1; j < s.rank; ++j) s.dim[j - 1] = s.dim[j];
    --s.rank;
    return gir_reshape(c->g, gir_slice(c->g, c->x[k], axis, d, d + 1, 1), s);
}
/* the scan's arguments for direction d over x [steps, batch, in]: h0 (c0), x W^T + Wb [steps, batch, G h], R^T,
   Rb and (LSTM, when given) P; their count */
static int gir__ox_rnn_args(gir__oxn *c, gir__oxrnn *q, gir_node x, int d, gir_node *a) {
    gir_shape xs = gir_node_shape(c->g, x);
    gir_dtype dt = gir_node_dtype(c->g, x);
    int gh = q->gates * q->hidden, nc = q->kind == 2 ? 2 : 1, n = nc + 3;
    gir_node w = gir_transpose(c->g, gir__ox_dir(c, 1, d, 0), gir_ints2(1, 0)), b = gir__ox_dir(c, 3, d, 0), xw, rb;
    xw = gir_matmul(c->g, gir_reshape(c->g, x, gir_shape2(xs.dim[0] * xs.dim[1], xs.dim[2])), w);
    rb = gir_zeros(c->g, dt, gir_shape1(gh));
    if (b.id) {
        xw = gir_add(c->g, xw, gir_slice(c->g, b, 0, 0, gh, 1));
        rb = gir_slice(c->g, b, 0, gh, 2 * gh, 1);
    }
    a[0] = gir__ox_dir(c, 5, d, q->layout);
    if (!a[0].id) a[0] = gir_zeros(c->g, dt, gir_shape2(q->batch, q->hidden));
    if (nc == 2) a[1] = gir__ox_dir(c, 6, d, q->layout);
    if (nc == 2 && !a[1].id) a[1] = gir_zeros_like(c->g, a[0]);
    a[nc] = gir_reshape(c->g, xw, gir_shape3(xs.dim[0], xs.dim[1], gh));
    a[nc + 1] = gir_transpose(c->g, gir__ox_dir(c, 2, d, 0), gir_ints2(1, 0));
    a[nc + 2] = rb;
    if (q->kind == 2 && (a[n] = gir__ox_dir(c, 7, d, 0)).id) ++n;
    return n;
}
/* direction d over x [steps, batch, in]: a scan of the cell; the outputs of every step [steps, 1, batch, h] and
   the last h, c */
static gir_node gir__ox_rnn_dir(gir__oxn *c, gir__oxrnn *q, gir_node x, int d, int rev, gir_node *hl, gir_node *cl) {
    gir_node a[6], r[3];
    gir_graph *cg = NULL;
    gir_func *f = NULL;
    gir_scan_desc sd;
    int nc = q->kind == 2 ? 2 : 1, n = gir__ox_rnn_args(c, q, x, d, a);
    r[0] = r[1] = r[2] = c->none;
    if (c->st == GIR_OK && gir_graph_status(c->g) == GIR_OK) f = gir__ox_rnn_cell(c, q, n, a, &cg);
    if (f) {
        GIR_MEMSET(&sd, 0, sizeof sd);
        sd.length = q->steps;
        sd.n_carry = nc;
        sd.n_xs = 1;
        sd.reverse = rev;
        gir_scan(c->g, f, &sd, n, a, nc + 1, r);
    }
    gir_graph_free(cg);                  /* released with g, which holds it once the scan is built */
    *hl = r[0];
    *cl = nc == 2 ? r[1] : c->none;
    return f ? gir_reshape(c->g, r[nc], gir_shape4(q->steps, 1, q->batch, q->hidden)) : c->none;
}
/* the activations attribute, when given, must name ONNX's defaults for each of the nd directions */
static void gir__ox_rnn_acts(gir__oxn *c, int kind, int nd) {
    static const char *const dflt[3] = {"Sigmoid", "Tanh", "Tanh"};
    gir__ox_str s[6];
    const gir__ox_attr *a = gir__ox_attr_find(c, "activations");
    int per = kind == 0 ? 1 : kind == 1 ? 2 : 3, n, j;
    if (!a) return;
    n = a->type == 8 ? gir__ox_attr_strings(a, s, 6) : -1;
    for (j = 0; j < n && j < per * nd; ++j)
        if (!gir__ox_str_is(s[j], kind == 0 ? "Tanh" : dflt[j % per])) break;
    if (n != per * nd || j < n)
        gir__oxn_fail(c, GIR_ERR_UNSUPPORTED, "activations other than the defaults (%s per direction)",
                      kind == 0 ? "Tanh" : kind == 1 ? "Sigmoid, Tanh" : "Sigmoid, Tanh, Tanh");
}
/* RNN, GRU, LSTM: the outputs Y [steps, D, batch, h] (layout 1: [batch, steps, D, h]), Y_h and (LSTM) Y_c */
static gir_node gir__ox_rnn(gir__oxn *c, gir_node x, int kind) {
    gir__oxrnn q;
    int layout = gir__oxa_i(c, "layout", 0), rev = gir__oxa_s_is(c, "direction", "forward", "reverse");
    int bi = gir__oxa_s_is(c, "direction", "forward", "bidirectional"), d, nd;
    gir_node y[2], hl[2], cl[2], out;
    double lens[64];
    int n_lens, j;
    GIR_MEMSET(&q, 0, sizeof q);
    q.kind = kind;
    q.gates = kind == 0 ? 1 : kind == 1 ? 3 : 4;
    q.hidden = gir__oxa_i(c, "hidden_size", 0);
    q.lbr = kind == 1 ? gir__oxa_i(c, "linear_before_reset", 0) : 0;
    if (kind == 2 && gir__oxa_i(c, "input_forget", 0)) gir__oxn_fail(c, GIR_ERR_UNSUPPORTED, "input_forget 1");
    if (!rev && !bi && !gir__oxa_s_is(c, "direction", "forward", "forward"))
        gir__oxn_fail(c, GIR_ERR_ATTR, "direction is forward, reverse or bidirectional");
    q.layout = layout;
    if (layout) x = gir_transpose(c->g, x, gir_ints3(1, 0, 2));
    q.steps = gir_node_shape(c->g, x).dim[0];
    q.batch = gir_node_shape(c->g, x).dim[1];
    if (q.steps < 1 || q.hidden < 1 || !gir__ox_need(c, 7u)) {
        if (c->st == GIR_OK) gir__oxn_fail(c, GIR_ERR_UNSUPPORTED, "%d steps (at least 1), hidden_size %d, layout %d",
                                           q.steps, q.hidden, layout);
        return c->none;
    }
    n_lens = gir__ox_has(c, 4) ? gir__ox_const_vals(c, 4, lens, 64, "sequence_lens") : 0;
    for (j = 0; j < n_lens; ++j)
        if (lens[j] != q.steps) gir__oxn_fail(c, GIR_ERR_UNSUPPORTED, "sequences shorter than the input");
    nd = bi ? 2 : 1;
    gir__ox_rnn_acts(c, kind, nd);
    for (d = 0; d < nd && c->st == GIR_OK; ++d) y[d] = gir__ox_rnn_dir(c, &q, x, d, rev || d == 1, &hl[d], &cl[d]);
    if (c->st != GIR_OK) return c->none;
    out = nd == 2 ? gir_concat(c->g, 2, y, 1) : y[0];
    if (c->nd->n_out > 1)
        for (d = 0; d < nd; ++d) hl[d] = gir_reshape(c->g, hl[d], gir_shape3(1, q.batch, q.hidden));
    if (c->nd->n_out > 1) c->y[1] = nd == 2 ? gir_concat(c->g, 2, hl, 0) : hl[0];
    if (c->nd->n_out > 2 && kind == 2)
        for (d = 0; d < nd; ++d) cl[d] = gir_reshape(c->g, cl[d], gir_shape3(1, q.batch, q.hidden));
    if (c->nd->n_out > 2 && kind == 2) c->y[2] = nd == 2 ? gir_concat(c->g, 2, cl, 0) : cl[0];
    for (d = 1; layout && d < 3 && d < c->nd->n_out; ++d) if (c->y[d].id) c->y[d] = gir_transpose(c->g, c->y[d], gir_ints3(1, 0, 2));
    return layout ? gir_transpose(c->g, out, gir_ints4(2, 0, 1, 3)) : out;
}
static gir_node gir__oxh_rnn(gir__oxn *c, gir_node x) { return gir__ox_rnn(c, x, 0); }
static gir_node gir__oxh_gru(gir__oxn *c, gir_node x) { return gir__ox_rnn(c, x, 1); }
static gir_node gir__oxh_lstm(gir__oxn *c, gir_node x) { return gir__ox_rnn(c, x, 2); }

/* the real DFT matrices [n, k] of cos and sin (2 pi j k / n) for k < kout, as constants of dtype dt */
static void gir__ox_dft_mats(gir__oxn *c, int n, int kout, gir_dtype dt, gir_node *cm, gir_node *sm) {
    size_t cells = (size_t)n * (size_t)kout;
    double *m = (double *)gir__alloc(&c->g->a, 2 * (cells ? cells : 1) * sizeof(double));
    int j, k;
    if (!m) {
        gir__oxn_fail(c, GIR_ERR_OUT_OF_MEMORY, "DFT matrices of %d x %d", n, kout);
        *cm = *sm = c->none;
        return;
    }
    for (j = 0; j < n; ++j)
        for (k = 0; k < kout; ++k) {
            double a = 6.283185307179586476925 * (double)((int64_t)j * k % n) / n;
            m[(size_t)j * kout + k] = GIR_COS(a);
            m[cells + (size_t)j * kout + k] = GIR_SIN(a);
        }
    *cm = gir_cast(c->g, gir_constant(c->g, GIR_DTYPE_F64, gir_shape2(n, kout), m), dt);
    *sm = gir_cast(c->g, gir_constant(c->g, GIR_DTYPE_F64, gir_shape2(n, kout), m + cells), dt);
    gir__free(&c->g->a, m, 2 * (cells ? cells : 1) * sizeof(double));
}
/* the DFT along the last axis of re and im ([..., n]; im {0}: real), as [..., kout, 2] */
static gir_node gir__ox_dft_last(gir__oxn *c, gir_node re, gir_node im, int kout, int inverse) {
    gir_shape s = gir_node_shape(c->g, re), o;
    int n = s.dim[s.rank - 1];
    gir_node cm, sm, yr, yi, t, parts[2];
    gir__ox_dft_mats(c, n, kout, gir_node_dtype(c->g, re), &cm, &sm);
    if (c->st != GIR_OK) return c->none;
    yr = gir__oxh_matmul_np(c, re, cm);           /* e^(-i a) = cos a - i sin a; inverse: + i sin a, then / n */
    yi = gir__oxh_matmul_np(c, re, sm);
    yi = inverse ? yi : gir_neg(c->g, yi);
    if (im.id) {
        t = gir__oxh_matmul_np(c, im, sm);
        yr = inverse ? gir_sub(c->g, yr, t) : gir_add(c->g, yr, t);
        yi = gir_add(c->g, yi, gir__oxh_matmul_np(c, im, cm));
    }
    if (inverse) {
        yr = gir_div(c->g, yr, gir__oxh_num(c, n));
        yi = gir_div(c->g, yi, gir__oxh_num(c, n));
    }
    o = gir_node_shape(c->g, yr);
    o.dim[o.rank++] = 1;
    parts[0] = gir_reshape(c->g, yr, o);
    parts[1] = gir_reshape(c->g, yi, o);
    return gir_concat(c->g, 2, parts, o.rank - 1);
}
/* DFT: x [..., n, 1 or 2] along 'axis' (default 1), dft_length (input 1) pads or cuts, onesided keeps n / 2 + 1 */
static gir_node gir__oxh_dft(gir__oxn *c, gir_node x) {
    gir_shape s = gir_node_shape(c->g, x);
    int axis = gir__oxa_i(c, "axis", 1), inverse = gir__oxa_i(c, "inverse", 0), one = gir__oxa_i(c, "onesided", 0);
    int n, len, cplx;
    double dl;
    gir_ints perm, inv;
    gir_node re, im = c->none, y;
    if (axis < 0) axis += s.rank;
    if (s.rank < 2 || axis < 0 || axis >= s.rank - 1 || (s.dim[s.rank - 1] != 1 && s.dim[s.rank - 1] != 2) ||
        (one && inverse)) {
        gir__oxn_fail(c, GIR_ERR_UNSUPPORTED, "axis %d of a rank-%d signal [..., 1 or 2]; onesided inverse", axis, s.rank);
        return c->none;
    }
    cplx = s.dim[s.rank - 1] == 2;
    n = s.dim[axis];
    len = gir__ox_has(c, 1) && gir__ox_const_vals(c, 1, &dl, 1, "dft_length") == 1 ? (int)dl : n;
    re = gir_reshape(c->g, gir_slice(c->g, x, s.rank - 1, 0, 1, 1), gir_shapev(s.rank - 1, s.dim));
    if (cplx) im = gir_reshape(c->g, gir_slice(c->g, x, s.rank - 1, 1, 2, 1), gir_shapev(s.rank - 1, s.dim));
    gir__ox_axis_last(s.rank - 1, axis, &perm, &inv);
    if (axis != s.rank - 2) re = gir_transpose(c->g, re, perm);
    if (axis != s.rank - 2 && im.id) im = gir_transpose(c->g, im, perm);
    if (len != n) {
        gir_ints a = gir_ints0(), b = gir_ints0();
        int j;
        for (a.n = b.n = s.rank - 1, j = 0; j < a.n; ++j) a.v[j] = b.v[j] = 0;
        b.v[a.n - 1] = len > n ? len - n : 0;
        re = len > n ? gir_pad(c->g, re, a, b, 0) : gir_slice(c->g, re, s.rank - 2, 0, len, 1);
        if (im.id) im = len > n ? gir_pad(c->g, im, a, b, 0) : gir_slice(c->g, im, s.rank - 2, 0, len, 1);
    }
    y = gir__ox_dft_last(c, re, im, one ? len / 2 + 1 : len, inverse);
    if (axis != s.rank - 2 && c->st == GIR_OK) {
        inv.v[inv.n] = inv.n;
        ++inv.n;
        y = gir_transpose(c->g, y, inv);
    }
    return y;
}
/* STFT: frames of frame_length (input 3, else the window's length) every frame_step (input 1) of the signal
   [batch, length, 1 or 2], each times the window (input 2), then their DFT: [batch, frames, bins, 2] */
static gir_node gir__oxh_stft(gir__oxn *c, gir_node x) {
    gir_shape s = gir_node_shape(c->g, x);
    int one = gir__oxa_i(c, "onesided", 1), frames, j, k;
    double step = 0, flen = 0;
    int32_t *idx;
    gir_node re, im = c->none, ix;
    if (gir__ox_const_vals(c, 1, &step, 1, "frame_step") != 1) return c->none;
    if (gir__ox_has(c, 3)) { if (gir__ox_const_vals(c, 3, &flen, 1, "frame_length") != 1) return c->none; }
    else if (gir__ox_has(c, 2) && gir__ox_need(c, 4u)) flen = gir_node_shape(c->g, c->x[2]).dim[0];
    if (s.rank != 3 || step < 1 || flen < 1 || flen > s.dim[1] || (s.dim[2] == 2 && one)) {
        gir__oxn_fail(c, GIR_ERR_UNSUPPORTED, "a signal [batch, length, 1 or 2], frame_step and frame_length");
        return c->none;
    }
    frames = (int)((s.dim[1] - flen) / step) + 1;
    if (!(idx = (int32_t *)gir__alloc(&c->g->a, (size_t)frames * (size_t)flen * 4))) {
        gir__oxn_fail(c, GIR_ERR_OUT_OF_MEMORY, "frame indices");
        return c->none;
    }
    for (j = 0; j < frames; ++j) for (k = 0; k < (int)flen; ++k) idx[(size_t)j * (size_t)flen + k] = (int32_t)(j * step + k);
    ix = gir_constant(c->g, GIR_DTYPE_I32, gir_shape2(frames, (int32_t)flen), idx);
    gir__free(&c->g->a, idx, (size_t)frames * (size_t)flen * 4);
    re = gir_reshape(c->g, gir_slice(c->g, x, 2, 0, 1, 1), gir_shape2(s.dim[0], s.dim[1]));
    re = gir_index_select(c->g, re, ix, 1);                    /* [batch, frames, flen] */
    if (s.dim[2] == 2) {
        im = gir_reshape(c->g, gir_slice(c->g, x, 2, 1, 2, 1), gir_shape2(s.dim[0], s.dim[1]));
        im = gir_index_select(c->g, im, ix, 1);
    }
    if (gir__ox_has(c, 2)) {
        re = gir_mul(c->g, re, c->x[2]);
        if (im.id) im = gir_mul(c->g, im, c->x[2]);
    }
    return gir__ox_dft_last(c, re, im, one ? (int)flen / 2 + 1 : (int)flen, 0);
}

/* MelWeightMatrix: the triangular filters of num_mel_bins mel bands over dft_length / 2 + 1 bins, computed at
   import from its five constant inputs as ONNX's reference does */
static gir_node gir__oxh_mel_weights(gir__oxn *c) {
    double in[5], lo, hi, step;
    int nb, dl, sr, bins, i, j, dt = gir__ox_dtype((int32_t)gir__oxa_i(c, "output_datatype", 1)), f[1026];
    double *m;
    gir_node y;
    for (i = 0; i < 5; ++i) if (gir__ox_const_vals(c, i, in + i, 1, "a scalar input") != 1) return c->none;
    nb = (int)in[0]; dl = (int)in[1]; sr = (int)in[2];
    bins = dl / 2 + 1;
    if (nb < 1 || nb > 1024 || dl < 1 || sr < 1 || dt < 0) {
        gir__oxn_fail(c, GIR_ERR_UNSUPPORTED, "num_mel_bins %d (1 to 1024), dft_length %d, sample_rate %d", nb, dl, sr);
        return c->none;
    }
    lo = 2595 * GIR_LOG(1 + in[3] / 700) / GIR_LOG(10.0);    /* log10 through the routed log */
    hi = 2595 * GIR_LOG(1 + in[4] / 700) / GIR_LOG(10.0);
    step = (hi - lo) / (nb + 2);
    for (i = 0; i < nb + 2; ++i) f[i] = (int)GIR_FLOOR((dl + 1) * (700 * (GIR_POW(10, (i * step + lo) / 2595) - 1)) / sr);
    if (!(m = (double *)gir__alloc(&c->g->a, (size_t)bins * (size_t)nb * sizeof(double)))) {
        gir__oxn_fail(c, GIR_ERR_OUT_OF_MEMORY, "the weights");
        return c->none;
    }
    GIR_MEMSET(m, 0, (size_t)bins * (size_t)nb * sizeof(double));
    for (i = 0; i < nb; ++i) {
        int l = f[i], ce = f[i + 1], r = f[i + 2];
        if (ce == l && ce >= 0 && ce < bins) m[(size_t)ce * nb + i] = 1;
        for (j = l; ce > l && j <= ce; ++j) if (j >= 0 && j < bins) m[(size_t)j * nb + i] = (double)(j - l) / (ce - l);
        for (j = ce; r > ce && j < r; ++j) if (j >= 0 && j < bins) m[(size_t)j * nb + i] = (double)(r - j) / (r - ce);
    }
    y = gir_cast(c->g, gir_constant(c->g, GIR_DTYPE_F64, gir_shape2(bins, nb), m), (gir_dtype)dt);
    gir__free(&c->g->a, m, (size_t)bins * (size_t)nb * sizeof(double));
    return y;
}


#endif /* GIR_NO_ONNX */
