/* onnx_ops_control.c - the ONNX ops with subgraphs: If as gir_cond, Scan as gir_scan, Loop as gir_scan (scan
   outputs: every trip runs) or gir_while. Each body is built in a graph of its own (c->sub, onnx_build.c) and
   becomes a function: its inputs are its parameters, then a parameter for each value of the graphs around it that
   it reads and that is not a constant (a constant, or a value computed from constants only, is copied into the
   body, so that shapes and axes stay known there). */
#ifndef GIR_NO_ONNX
static gir_func *gir__ox_sub_func(gir__oxn *c, gir__oxsub *s, const char *name, int n_p, gir_node *p, int n_r,
                                  const gir_node *r) {
    gir_func *f = gir_func_new(s->body, name, n_p, p, n_r, r);
    if (!f) gir__oxn_fail(c, gir_graph_status(s->body), "%s: %s", s->attr, gir_graph_message(s->body));
    return f;
}
/* If's branches: as many outputs as the node, of one dtype and shape each */
static int gir__ox_if_same(gir__oxn *c, const gir__oxsub *b) {
    int j;
    if (b[0].n_out != c->nd->n_out || b[1].n_out != c->nd->n_out) {
        gir__oxn_fail(c, GIR_ERR_INVALID_ARG, "the branches have %d and %d outputs, the node %d", b[0].n_out,
                      b[1].n_out, c->nd->n_out);
        return 0;
    }
    for (j = 0; j < b[0].n_out; ++j) {
        gir_shape s0 = gir_node_shape(b[0].body, b[0].out[j]), s1 = gir_node_shape(b[1].body, b[1].out[j]);
        int d0 = gir_node_dtype(b[0].body, b[0].out[j]), d1 = gir_node_dtype(b[1].body, b[1].out[j]), k;
        for (k = 0; s0.rank == s1.rank && k < s0.rank && s0.dim[k] == s1.dim[k]; ++k) {}
        if (d0 != d1 || s0.rank != s1.rank || k < s0.rank) {
            gir__oxn_fail(c, GIR_ERR_UNSUPPORTED, "output %d: then_branch gives %T %S, else_branch %T %S (the "
                          "branches of gir_cond have one dtype and shape)", j, d0, &s0, d1, &s1);
            return 0;
        }
    }
    return 1;
}
/* If: gir_cond over two functions of one signature: the predicate (so that there is a parameter), then the outer
   values each branch reads (a branch takes the other's as parameters it does not read) */
static gir_node gir__oxh_if_onnx(gir__oxn *c) {
    gir__oxsub b[2];
    gir_node p[2][2 * GIR__OX_SUB_MAX + 1], args[2 * GIR__OX_SUB_MAX + 1], res[GIR__OX_SUB_MAX], pred;
    gir_func *f[2] = {NULL, NULL};
    int k, j, n = 1, ok;
    GIR_MEMSET(b, 0, sizeof b);
    b[0].attr = "then_branch";
    b[1].attr = "else_branch";
    if (!gir__ox_need(c, 1u)) return c->none;
    pred = gir_reshape(c->g, gir_cast(c->g, c->x[0], GIR_DTYPE_B8), gir_shape0());
    ok = c->sub(c, &b[0]) && c->sub(c, &b[1]) && gir__ox_if_same(c, b);
    for (k = 0; ok && k < 2; ++k) p[k][0] = gir_input(b[k].body, GIR_DTYPE_B8, gir_shape0());
    for (k = 0; ok && k < 2; ++k)
        for (j = 0; j < b[k].n_cap; ++j, ++n) {
            args[n] = b[k].cap_outer[j];
            p[k][n] = b[k].cap_in[j];
            p[1 - k][n] = gir_input(b[1 - k].body, gir_node_dtype(c->g, args[n]), gir_node_shape(c->g, args[n]));
        }
    args[0] = pred;
    if (ok) f[0] = gir__ox_sub_func(c, &b[0], "onnx_then", n, p[0], b[0].n_out, b[0].out);
    if (f[0]) f[1] = gir__ox_sub_func(c, &b[1], "onnx_else", n, p[1], b[1].n_out, b[1].out);
    if (f[1]) gir_cond(c->g, pred, f[0], f[1], n, args, b[0].n_out, res);
    gir_graph_free(b[0].body);           /* released with c's graph, which holds them once the cond is built */
    gir_graph_free(b[1].body);
    if (!f[1] || gir_graph_status(c->g) != GIR_OK) return c->none;
    for (j = 1; j < b[0].n_out; ++j) c->y[j] = res[j];
    return res[0];
}
/* the body of a scan over n states and m scan inputs shaped as v[] (a scan input [length, ...]) as a function:
   the states, the scan inputs, then the outer values it reads */
static gir_func *gir__ox_scan_func(gir__oxn *c, gir__oxsub *s, int n, int m, const gir_node *v) {
    gir_node p[2 * GIR__OX_SUB_MAX];
    int j;
    s->attr = "body";
    s->n_in = n + m;
    for (j = 0; j < n + m; ++j) {
        gir_shape sh = gir_node_shape(c->g, v[j]);
        if (j >= n) sh = gir_shapev(sh.rank - 1, sh.dim + 1);
        s->dt[j] = gir_node_dtype(c->g, v[j]);
        s->shape[j] = sh;
    }
    if (!c->sub(c, s)) return NULL;
    if (s->n_out < n) {
        gir__oxn_fail(c, GIR_ERR_INVALID_ARG, "the body has %d outputs, fewer than the %d states", s->n_out, n);
        return NULL;
    }
    for (j = 0; j < n + m; ++j) p[j] = s->in[j];
    for (j = 0; j < s->n_cap; ++j) p[n + m + j] = s->cap_in[j];
    return gir__ox_sub_func(c, s, "onnx_scan", n + m + s->n_cap, p, s->n_out, s->out);
}
/* the scan of f over v (n states, m scan inputs) and the outer values of s: the last states, then the scan outputs
   stacked along a new axis 0 */
static void gir__ox_scan_call(gir__oxn *c, gir_func *f, const gir__oxsub *s, int n, int m, const gir_node *v, int rev,
                              gir_node *out) {
    gir_node args[2 * GIR__OX_SUB_MAX];
    gir_scan_desc d;
    int j;
    for (j = 0; j < n + m; ++j) args[j] = v[j];
    for (j = 0; j < s->n_cap; ++j) args[n + m + j] = s->cap_outer[j];
    GIR_MEMSET(&d, 0, sizeof d);
    d.length = gir_node_shape(c->g, v[n]).dim[0];
    d.n_carry = n;
    d.n_xs = m;
    d.reverse = rev;
    gir_scan(c->g, f, &d, n + m + s->n_cap, args, s->n_out, out);
}
/* x with axis a moved to the front (back: from the front to a) */
static gir_node gir__ox_axis_front(gir__oxn *c, gir_node x, int a, int back) {
    int r = gir_node_shape(c->g, x).rank, j;
    gir_ints p = gir_ints0();
    if (a < 0) a += r;
    if (a < 0 || a >= r) {
        gir__oxn_fail(c, GIR_ERR_INVALID_ARG, "scan axis %d of a rank-%d value", a, r);
        return c->none;
    }
    if (a == 0) return x;
    for (p.n = r, j = 0; j < r; ++j) p.v[j] = back ? (j < a ? j + 1 : j == a ? 0 : j) : (j == 0 ? a : j <= a ? j - 1 : j);
    return gir_transpose(c->g, x, p);
}
/* the direction of every scan input and output: all 0 or all 1 (gir_scan's reverse); -1 after an error */
static int gir__ox_scan_dirs(gir__oxn *c, gir_ints in, int m, gir_ints out, int k) {
    int rev = in.n ? in.v[0] : 0, j, ok = (in.n == 0 || in.n == m) && (out.n == 0 || out.n == k);
    for (j = 0; ok && j < in.n; ++j) ok = in.v[j] == rev;
    for (j = 0; ok && j < k; ++j) ok = (out.n ? out.v[j] : 0) == rev;
    if (!ok) gir__oxn_fail(c, GIR_ERR_UNSUPPORTED, "scan_input_directions and scan_output_directions: one per input "
                           "and output, all 0 or all 1 (gir_scan runs every input and output one way)");
    return ok ? rev : -1;
}
/* Scan (opset 9): n states, then num_scan_inputs scan inputs along their scan_input_axes; outputs the last states,
   then the scan outputs stacked along their scan_output_axes */
static gir_node gir__oxh_scan9(gir__oxn *c) {
    gir__oxsub s;
    gir_node v[GIR__OX_SUB_MAX], out[GIR__OX_SUB_MAX];
    gir_func *f = NULL;
    int m = gir__oxa_i(c, "num_scan_inputs", 0), n = c->n_x - m, k = c->nd->n_out - n, j, rev;
    gir_ints ia = gir__oxa_ints(c, "scan_input_axes"), id = gir__oxa_ints(c, "scan_input_directions");
    gir_ints oa = gir__oxa_ints(c, "scan_output_axes"), od = gir__oxa_ints(c, "scan_output_directions");
    if (m < 1 || n < 0 || k < 0 || c->n_x > GIR__OX_SUB_MAX || (ia.n && ia.n != m) || (oa.n && oa.n != k)) {
        gir__oxn_fail(c, GIR_ERR_INVALID_ARG, "%d inputs, %d outputs, num_scan_inputs %d (at least 1), %d "
                      "scan_input_axes, %d scan_output_axes", c->n_x, c->nd->n_out, m, ia.n, oa.n);
        return c->none;
    }
    if ((rev = gir__ox_scan_dirs(c, id, m, od, k)) < 0 || !gir__ox_need(c, (1u << c->n_x) - 1u)) return c->none;
    for (j = 0; j < c->n_x; ++j) v[j] = j < n ? c->x[j] : gir__ox_axis_front(c, c->x[j], ia.n ? ia.v[j - n] : 0, 0);
    GIR_MEMSET(&s, 0, sizeof s);
    if (c->st == GIR_OK) f = gir__ox_scan_func(c, &s, n, m, v);
    if (f) gir__ox_scan_call(c, f, &s, n, m, v, rev, out);
    gir_graph_free(s.body);               /* released with c's graph, which holds it once the scan is built */
    if (!f || gir_graph_status(c->g) != GIR_OK) return c->none;
    for (j = n; j < n + k; ++j) out[j] = gir__ox_axis_front(c, out[j], oa.n ? oa.v[j - n] : 0, 1);
    for (j = 1; j < n + k; ++j) c->y[j] = out[j];
    return out[0];
}
/* row b of x along axis 0, without that axis */
static gir_node gir__ox_row(gir__oxn *c, gir_node x, int b) {
    gir_shape s = gir_node_shape(c->g, x);
    return gir_reshape(c->g, gir_slice(c->g, x, 0, b, b + 1, 1), gir_shapev(s.rank - 1, s.dim + 1));
}
/* Scan (opset 8): sequence_lens, then states [batch, ...] and scan inputs [batch, length, ...]: one scan of the body
   per batch entry (at most 64), the outputs joined along the batch axis */
static gir_node gir__oxh_scan8(gir__oxn *c) {
    gir__oxsub s;
    gir_node v[GIR__OX_SUB_MAX], out[GIR__OX_SUB_MAX], part[GIR__OX_SUB_MAX][64];
    gir_func *f = NULL;
    int m = gir__oxa_i(c, "num_scan_inputs", 0), n = c->n_x - 1 - m, k = c->nd->n_out - n, j, b, batch;
    gir_ints dir = gir__oxa_ints(c, "directions");
    if (m < 1 || n < 0 || k < 0 || c->n_x > GIR__OX_SUB_MAX || gir__ox_has(c, 0)) {
        gir__oxn_fail(c, gir__ox_has(c, 0) ? GIR_ERR_UNSUPPORTED : GIR_ERR_INVALID_ARG, gir__ox_has(c, 0) ?
                      "sequence_lens (sequences shorter than the input)" : "%d inputs, num_scan_inputs %d", c->n_x, m);
        return c->none;
    }
    for (j = 0; j < dir.n; ++j)
        if (dir.v[j]) gir__oxn_fail(c, GIR_ERR_UNSUPPORTED, "directions other than 0 (forward)");
    if (c->st != GIR_OK || !gir__ox_need(c, ((1u << c->n_x) - 1u) & ~1u)) return c->none;
    batch = gir_node_shape(c->g, c->x[1]).dim[0];
    if (batch < 1 || batch > 64) {
        gir__oxn_fail(c, GIR_ERR_UNSUPPORTED, "a batch of %d (1 to 64)", batch);
        return c->none;
    }
    GIR_MEMSET(&s, 0, sizeof s);
    for (b = 0; b < batch && c->st == GIR_OK; ++b) {
        for (j = 0; j < n + m; ++j) v[j] = gir__ox_row(c, c->x[1 + j], b);
        if (!f && !(f = gir__ox_scan_func(c, &s, n, m, v))) break;
        gir__ox_scan_call(c, f, &s, n, m, v, 0, out);
        for (j = 0; j < n + k && gir_graph_status(c->g) == GIR_OK; ++j) {
            gir_shape sh = gir_node_shape(c->g, out[j]);
            int a;
            for (a = sh.rank++; a > 0; --a) sh.dim[a] = sh.dim[a - 1];
            sh.dim[0] = 1;
            part[j][b] = gir_reshape(c->g, out[j], sh);
        }
    }
    gir_graph_free(s.body);
    if (!f || c->st != GIR_OK || gir_graph_status(c->g) != GIR_OK) return c->none;
    for (j = 0; j < n + k; ++j) out[j] = gir_concat(c->g, batch, part[j], 0);
    for (j = 1; j < n + k; ++j) c->y[j] = out[j];
    return out[0];
}
/* Loop's body: iteration_num (an i32 scalar), cond (a b8 scalar; konst: the constant true) and the n carried
   values; its outputs cond (made a b8 scalar), the carried values and k scan outputs */
static int gir__ox_loop_body(gir__oxn *c, gir__oxsub *s, int n, int k, int konst) {
    int j;
    s->attr = "body";
    s->n_in = n + 2;
    s->konst = konst ? 2u : 0u;
    s->dt[0] = GIR_DTYPE_I32; s->shape[0] = gir_shape0();
    s->dt[1] = GIR_DTYPE_B8; s->shape[1] = gir_shape0();
    for (j = 0; j < n; ++j) {
        s->dt[2 + j] = gir_node_dtype(c->g, c->x[2 + j]);
        s->shape[2 + j] = gir_node_shape(c->g, c->x[2 + j]);
    }
    if (!c->sub(c, s)) return 0;
    if (s->n_out != n + 1 + k) {
        gir__oxn_fail(c, GIR_ERR_INVALID_ARG, "the body has %d outputs, not cond, the %d carried values and the %d "
                      "scan outputs of the node", s->n_out, n, k);
        return 0;
    }
    if (gir_node_dtype(s->body, s->out[0]) != GIR_DTYPE_B8 || gir_node_shape(s->body, s->out[0]).rank)
        s->out[0] = gir_reshape(s->body, gir_cast(s->body, s->out[0], GIR_DTYPE_B8), gir_shape0());
    return 1;
}
/* x is a b8 scalar computed from constants alone (an Identity of the constant cond, say) and true */
static int gir__ox_is_true(gir_graph *g, gir_node x) {
    double v = 0;
    return gir_node_dtype(g, x) == GIR_DTYPE_B8 && gir_node_numel(g, x) == 1 && gir__ox_eval(g, x, &v) == 1 && v;
}
/* Loop with scan outputs: their length is part of their shape, so every trip must run: M known, cond known true
   (or absent) and the body's cond output the constant true (or its cond input); a gir_scan of M steps over the
   iteration number and the carried values */
static gir_node gir__ox_loop_scan(gir__oxn *c, gir__oxsub *s, int n, int k, int trips) {
    gir_node p[2 * GIR__OX_SUB_MAX], r[GIR__OX_SUB_MAX], a[2 * GIR__OX_SUB_MAX], out[GIR__OX_SUB_MAX];
    gir_func *f = NULL;
    gir_scan_desc d;
    double v = 1;
    int j;
    if (trips < 0 || (gir__ox_has(c, 1) && gir__ox_const_vals(c, 1, &v, 1, "cond") != 1) || v == 0) {
        gir__oxn_fail(c, GIR_ERR_UNSUPPORTED, "scan outputs need a trip count M and cond known when the model is "
                      "imported, and at least one trip");
        return c->none;
    }
    if (!gir__ox_loop_body(c, s, n, k, 1)) {
        gir_graph_free(s->body);
        return c->none;
    }
    if (!gir__ox_is_true(s->body, s->out[0]))
        gir__oxn_fail(c, GIR_ERR_UNSUPPORTED, "scan outputs need every trip to run (their length is part of their "
                      "shape): the body's cond output must be its cond input or the constant true");
    p[0] = s->in[0];
    r[0] = gir_add(s->body, s->in[0], gir_scalar(s->body, GIR_DTYPE_I32, 1));
    for (j = 0; j < n; ++j) p[1 + j] = s->in[2 + j];
    for (j = 0; j < s->n_cap; ++j) p[1 + n + j] = s->cap_in[j];
    for (j = 0; j < n + k; ++j) r[1 + j] = s->out[1 + j];
    if (c->st == GIR_OK) f = gir__ox_sub_func(c, s, "onnx_loop", 1 + n + s->n_cap, p, 1 + n + k, r);
    a[0] = gir_scalar(c->g, GIR_DTYPE_I32, 0);
    for (j = 0; j < n; ++j) a[1 + j] = c->x[2 + j];
    for (j = 0; j < s->n_cap; ++j) a[1 + n + j] = s->cap_outer[j];
    GIR_MEMSET(&d, 0, sizeof d);
    d.length = trips;
    d.n_carry = 1 + n;
    if (f) gir_scan(c->g, f, &d, 1 + n + s->n_cap, a, 1 + n + k, out);
    gir_graph_free(s->body);
    if (!f || gir_graph_status(c->g) != GIR_OK) return c->none;
    for (j = 1; j < n + k; ++j) c->y[j] = out[1 + j];
    return out[1];
}
/* Loop without scan outputs: gir_while of the body while cond, at most M trips when M is given (gir_while's
   max_trip: differentiable), else as many as it takes (forward only); the outer values the body reads are carried
   unchanged */
static gir_node gir__ox_loop_while(gir__oxn *c, gir__oxsub *s, int n, int trips) {
    gir_node p[2 * GIR__OX_SUB_MAX + 2], q[2 * GIR__OX_SUB_MAX + 2], r[2 * GIR__OX_SUB_MAX + 2];
    gir_node a[2 * GIR__OX_SUB_MAX + 2], out[2 * GIR__OX_SUB_MAX + 2];
    gir_graph_desc gd;
    gir_graph *cg = NULL;
    gir_func *bf = NULL, *cf = NULL;
    int j, nc;
    if (!gir__ox_loop_body(c, s, n, 0, 0)) {
        gir_graph_free(s->body);
        return c->none;
    }
    nc = 2 + n + s->n_cap;
    for (j = 0; j < n + 2; ++j) p[j] = s->in[j];
    for (j = 0; j < s->n_cap; ++j) p[2 + n + j] = s->cap_in[j];
    r[0] = gir_add(s->body, s->in[0], gir_scalar(s->body, GIR_DTYPE_I32, 1));
    for (j = 0; j < n + 1; ++j) r[1 + j] = s->out[j];
    for (j = 0; j < s->n_cap; ++j) r[2 + n + j] = s->cap_in[j];
    bf = gir__ox_sub_func(c, s, "onnx_loop", nc, p, nc, r);
    GIR_MEMSET(&gd, 0, sizeof gd);
    gd.allocator = c->g->a;
    if (bf && !(cg = gir_graph_new(&gd))) gir__oxn_fail(c, GIR_ERR_OUT_OF_MEMORY, "out of memory: a new graph");
    for (j = 0; cg && j < nc; ++j) q[j] = gir_input(cg, gir_node_dtype(s->body, p[j]), gir_node_shape(s->body, p[j]));
    if (cg && !(cf = gir_func_new(cg, "onnx_loop_cond", nc, q, 1, &q[1])))
        gir__oxn_fail(c, gir_graph_status(cg), "the loop's condition: %s", gir_graph_message(cg));
    a[0] = gir_scalar(c->g, GIR_DTYPE_I32, 0);
    a[1] = gir__ox_has(c, 1) ? gir_reshape(c->g, gir_cast(c->g, c->x[1], GIR_DTYPE_B8), gir_shape0())
                             : gir_scalar(c->g, GIR_DTYPE_B8, 1);
    for (j = 0; j < n; ++j) a[2 + j] = c->x[2 + j];
    for (j = 0; j < s->n_cap; ++j) a[2 + n + j] = s->cap_outer[j];
    if (cf) gir_while(c->g, cf, bf, trips < 0 ? 0 : trips, nc, a, out);
    gir_graph_free(s->body);
    gir_graph_free(cg);
    if (!cf || gir_graph_status(c->g) != GIR_OK) return c->none;
    for (j = 1; j < n; ++j) c->y[j] = out[2 + j];
    return out[2];
}
/* Loop: M (input 0, known at import; absent or past INT32_MAX: no bound), cond (input 1) and the carried values;
   outputs the carried values after the last trip, then the scan outputs */
static gir_node gir__oxh_loop_onnx(gir__oxn *c) {
    gir__oxsub s;
    int n = c->n_x - 2, k = c->nd->n_out - n, trips = -1;
    double v = 0;
    GIR_MEMSET(&s, 0, sizeof s);
    if (n < 1 || k < 0 || n + k + 2 > GIR__OX_SUB_MAX) {
        gir__oxn_fail(c, n < 1 ? GIR_ERR_UNSUPPORTED : GIR_ERR_INVALID_ARG, "%d carried values (at least 1) and %d "
                      "scan outputs (at most %d in all)", n, k, GIR__OX_SUB_MAX - 2);
        return c->none;
    }
    if (gir__ox_has(c, 0)) {
        if (gir__ox_const_vals(c, 0, &v, 1, "the trip count M") != 1) return c->none;
        trips = v >= INT32_MAX ? -1 : v < 0 ? 0 : (int)v;
    }
    if (!gir__ox_need(c, ((1u << c->n_x) - 1u) & ~3u)) return c->none;
    if (trips == 0 && k == 0) {
        int j;
        for (j = 1; j < n; ++j) c->y[j] = c->x[2 + j];
        return c->x[2];
    }
    return k > 0 ? gir__ox_loop_scan(c, &s, n, k, trips) : gir__ox_loop_while(c, &s, n, trips);
}
#endif /* GIR_NO_ONNX */
