/* >>autodiff: adjoint helpers, the generated adjoints, gir_grad ----------------------------------------------
   An adjoint builds the gradient of each parent as nodes of the same graph, from the output's gradient g.
   Helpers gir__ah_<name> are what ops.def's ADJ expressions may call besides the table's own builders; each
   gets the node being differentiated (a copy: the node array may move while nodes are built) and its inputs. */
typedef void (*gir__adj_fn)(gir_graph *G, const gir__nview *nd, gir_node y, gir_node g, const gir_node *x, int n,
                            const uint8_t *need, gir_node *dx);

static const gir__node *gir__n(gir_graph *G, gir_node h) { return &G->nodes[h.id]; }
static gir_shape gir__shape_of(gir_graph *G, gir_node h) { return *gir__nshape(G, &G->nodes[h.id]); }

/* a number as a rank-0 constant of g's dtype (it broadcasts against anything) */
static gir_node gir__ah_num(gir_graph *G, gir_node g, double v) {
    if (!g.id) return gir__handle(NULL, 0);
    return gir_scalar(G, (gir_dtype)gir__n(G, g)->dtype, v);
}
/* sum t back to ref's shape: the adjoint of NumPy broadcasting */
static gir_node gir__ah_unbroadcast(gir_graph *G, const gir__nview *nd, const gir_node *x, gir_node t, gir_node ref) {
    gir_shape ts, rs;
    gir_ints ax;
    int k, lead;
    (void)nd; (void)x;
    if (!t.id || !ref.id) return gir__handle(NULL, 0);
    if (gir__shape_eq(gir__nshape(G, &G->nodes[t.id]), gir__nshape(G, &G->nodes[ref.id]))) return t;   /* no copies */
    ts = gir__shape_of(G, t);
    rs = gir__shape_of(G, ref);
    lead = ts.rank - rs.rank;
    ax.n = 0;
    for (k = 0; k < ts.rank; ++k)
        if (k < lead || (rs.dim[k - lead] == 1 && ts.dim[k] != 1)) ax.v[ax.n++] = k;
    if (ax.n) t = gir_sum(G, t, ax, 1);
    return gir_reshape(G, t, rs);
}
static gir_node gir__ah_mask(gir_graph *G, const gir__nview *nd, const gir_node *x, gir_node b) {
    (void)x;
    return gir_cast(G, b, (gir_dtype)nd->dtype);
}
static gir_node gir__ah_zeros_like(gir_graph *G, const gir__nview *nd, const gir_node *x, gir_node t) {
    (void)nd; (void)x;
    return gir_zeros_like(G, t);
}
/* reductions: the shape with the reduced axes kept as 1 */
static gir_shape gir__keepdims_shape(gir_graph *G, const gir__nview *nd, const gir_node *x) {
    gir_shape s = gir__shape_of(G, x[0]);
    int k;
    for (k = 0; k < nd->attr->l[0].n; ++k) s.dim[nd->attr->l[0].v[k]] = 1;
    return s;
}
static gir_node gir__ah_keep(gir_graph *G, const gir__nview *nd, const gir_node *x, gir_node t) {
    gir_shape s = gir__keepdims_shape(G, nd, x);
    if (t.id && gir__shape_eq(&s, gir__nshape(G, &G->nodes[t.id]))) return t;     /* keepdims already */
    return gir_reshape(G, t, s);
}
static gir_node gir__ah_expand(gir_graph *G, const gir__nview *nd, const gir_node *x, gir_node t) {
    return gir_broadcast_to(G, gir__ah_keep(G, nd, x, t), gir__shape_of(G, x[0]));
}
static double gir__reduced_count(gir_graph *G, const gir__nview *nd, const gir_node *x) {
    gir_shape s = gir__shape_of(G, x[0]);
    double c = 1;
    int k;
    for (k = 0; k < nd->attr->l[0].n; ++k) c *= s.dim[nd->attr->l[0].v[k]];
    return c;
}
static gir_node gir__ah_rcount(gir_graph *G, const gir__nview *nd, const gir_node *x) {
    return gir_scalar(G, (gir_dtype)nd->dtype, 1.0 / gir__reduced_count(G, nd, x));
}
/* 1 / max(0, n - ddof), as the forward divides: inf when ddof >= n, so the gradient is not finite either */
static gir_node gir__ah_rdof(gir_graph *G, const gir__nview *nd, const gir_node *x) {
    double d = gir__reduced_count(G, nd, x) - nd->attr->i[1];
    return gir_scalar(G, (gir_dtype)nd->dtype, 1.0 / (d > 0 ? d : 0.0));
}
static gir_node gir__ah_rmean(gir_graph *G, const gir__nview *nd, const gir_node *x, gir_node t) {
    (void)x;
    return gir_mean(G, t, nd->attr->l[0], 1);
}
/* max/min: the gradient goes to every element equal to the result, shared equally between ties */
static gir_node gir__ah_tiemask(gir_graph *G, const gir__nview *nd, const gir_node *x, gir_node xin, gir_node m) {
    gir_node k = gir_cast(G, gir_eq(G, xin, m), (gir_dtype)nd->dtype);
    (void)x;
    return gir_div(G, k, gir_sum(G, k, nd->attr->l[0], 1));
}
static gir_node gir__ah_like(gir_graph *G, const gir__nview *nd, const gir_node *x, gir_node t, gir_node ref) {
    gir_shape s;
    (void)nd; (void)x;
    if (!t.id || !ref.id) return gir__handle(NULL, 0);
    s = gir__shape_of(G, ref);
    return gir__shape_eq(&s, gir__nshape(G, &G->nodes[t.id])) ? t : gir_reshape(G, t, s);
}
static gir_node gir__ah_untranspose(gir_graph *G, const gir__nview *nd, const gir_node *x, gir_node t) {
    gir_ints inv = nd->attr->l[0];
    int k;
    (void)x;
    for (k = 0; k < inv.n; ++k) inv.v[nd->attr->l[0].v[k]] = k;
    return gir_transpose(G, t, inv);
}
static gir_node gir__ah_slice_back(gir_graph *G, const gir__nview *nd, const gir_node *x, gir_node t, gir_node ref) {
    const gir_attr *A = nd->attr;
    (void)x;
    return gir_unslice(G, t, A->i[0], A->i[1], A->i[2], A->i[3], gir__shape_of(G, ref).dim[A->i[0]]);
}
static gir_node gir__ah_reslice(gir_graph *G, const gir__nview *nd, const gir_node *x, gir_node t) {
    const gir_attr *A = nd->attr;
    (void)x;
    return gir_slice(G, t, A->i[0], A->i[1], A->i[2], A->i[3]);
}
static gir_node gir__ah_concat_part(gir_graph *G, const gir__nview *nd, const gir_node *x, gir_node t, int i) {
    int ax = nd->attr->i[0], k;
    int32_t off = 0;
    for (k = 0; k < i; ++k) off += gir__shape_of(G, x[k]).dim[ax];
    return gir_slice(G, t, ax, off, off + gir__shape_of(G, x[i]).dim[ax], 1);
}
static gir_node gir__ah_reflip(gir_graph *G, const gir__nview *nd, const gir_node *x, gir_node t) {
    (void)x;
    return gir_flip(G, t, nd->attr->l[0]);
}
static gir_node gir__ah_unpad(gir_graph *G, const gir__nview *nd, const gir_node *x, gir_node t, gir_node ref) {
    gir_shape rs = gir__shape_of(G, ref);
    int k;
    (void)x;
    for (k = 0; k < rs.rank; ++k)
        if (nd->attr->l[0].v[k] || nd->attr->l[1].v[k])
            t = gir_slice(G, t, k, nd->attr->l[0].v[k], nd->attr->l[0].v[k] + rs.dim[k], 1);
    return t;
}
static gir_node gir__ah_unselect(gir_graph *G, const gir__nview *nd, const gir_node *x, gir_node t, gir_node ref) {
    return gir_index_add(G, t, x[1], nd->attr->i[0], gir__shape_of(G, ref).dim[nd->attr->i[0]]);
}
static gir_node gir__ah_reselect(gir_graph *G, const gir__nview *nd, const gir_node *x, gir_node t) {
    return gir_index_select(G, t, x[1], nd->attr->i[0]);
}
/* the adjoint of diagonal k: the vector back on diagonal k of a square matrix, whose last two axes are then cut
   or padded to the parent's m x n (every entry of the diagonal lies inside m x n) */
static gir_node gir__ah_undiagonal(gir_graph *G, const gir__nview *nd, const gir_node *x, gir_node t) {
    gir_shape xs = gir__shape_of(G, x[0]), ds;
    gir_node d;
    gir_ints before, after;
    int k, r = xs.rank, pad = 0;
    if (!t.id) return t;
    if (gir__shape_of(G, t).dim[r - 2] == 0) return gir_zeros_like(G, x[0]);
    d = gir_diag(G, t, nd->attr->i[0]);
    if (!d.id) return d;
    ds = gir__shape_of(G, d);
    before.n = after.n = r;
    for (k = 0; k < r; ++k) before.v[k] = after.v[k] = 0;
    for (k = r - 2; k < r; ++k) {
        if (ds.dim[k] > xs.dim[k]) d = gir_slice(G, d, k, 0, xs.dim[k], 1);
        else if (ds.dim[k] < xs.dim[k]) { after.v[k] = xs.dim[k] - ds.dim[k]; pad = 1; }
    }
    return pad ? gir_pad(G, d, before, after, 0.0) : d;
}
static gir_node gir__ah_cast_like(gir_graph *G, const gir__nview *nd, const gir_node *x, gir_node t, gir_node ref) {
    (void)nd; (void)x;
    return gir_cast(G, t, (gir_dtype)gir__n(G, ref)->dtype);
}
/* the last two axes swapped; when t is itself such a swap (the adjoint of an adjoint, as the forward mode builds),
   its input, rather than a second copy */
static gir_node gir__ah_mT(gir_graph *G, const gir__nview *nd, const gir_node *x, gir_node t) {
    const gir__node *d = t.id ? gir__n(G, t) : NULL;
    (void)nd; (void)x;
    if (d && d->op == GIR_OP_TRANSPOSE && gir__nshape(G, d)->rank >= 2) {   /* a pattern: transpose of a transpose */
        gir_attr at;
        const gir_ints *p = &gir__attr_load(G, d, &at)->l[0];
        int k, r = gir__nshape(G, d)->rank, swap = p->n == r && p->v[r - 2] == r - 1 && p->v[r - 1] == r - 2;
        for (k = 0; swap && k < r - 2; ++k) swap = p->v[k] == k;
        if (swap) return gir__handle(G, G->ins[d->in0]);
    }
    return gir_permute_last2(G, t);
}
static gir_node gir__ah_sumaxis(gir_graph *G, const gir__nview *nd, const gir_node *x, gir_node t, int axis) {
    (void)nd; (void)x;
    return gir_sum(G, t, gir_ints1(axis), 0);
}
static gir_node gir__ah_col(gir_graph *G, const gir__nview *nd, const gir_node *x, gir_node t) {
    gir_shape s = gir__shape_of(G, t);
    (void)nd; (void)x;
    s.dim[s.rank++] = 1;
    return gir_reshape(G, t, s);
}
/* reshape [...] to [..., 1, 1] so a per-matrix value broadcasts over its matrix */
static gir_node gir__ah_cell(gir_graph *G, const gir__nview *nd, const gir_node *x, gir_node t) {
    gir_shape s = gir__shape_of(G, t);
    (void)nd; (void)x;
    s.dim[s.rank++] = 1;
    s.dim[s.rank++] = 1;
    return gir_reshape(G, t, s);
}
static gir_node gir__ah_untrace(gir_graph *G, const gir__nview *nd, const gir_node *x, gir_node t, gir_node ref) {
    gir_shape rs = gir__shape_of(G, ref);
    gir_node e = gir_eye(G, (gir_dtype)nd->dtype, rs.dim[rs.rank - 2], rs.dim[rs.rank - 1], 0);
    return gir_mul(G, gir__ah_cell(G, nd, x, t), e);
}
static gir_node gir__ah_trisolve_adj(gir_graph *G, const gir__nview *nd, const gir_node *x, gir_node t) {
    return gir_trisolve(G, x[0], t, nd->attr->i[0], !nd->attr->i[1]);
}
/* d A for X = op(A)^-1 B, given dB: -dB X^T (or -X dB^T when transposed), kept to A's triangle */
static gir_node gir__ah_trisolve_da(gir_graph *G, const gir__nview *nd, const gir_node *x, gir_node db, gir_node y) {
    gir_node p = nd->attr->i[1] ? gir_matmul(G, y, gir_permute_last2(G, db)) : gir_matmul(G, db, gir_permute_last2(G, y));
    (void)x;
    p = nd->attr->i[0] ? gir_tril(G, p, 0) : gir_triu(G, p, 0);
    return gir_neg(G, p);
}
static gir_node gir__ah_axsum(gir_graph *G, const gir__nview *nd, const gir_node *x, gir_node t) {
    (void)x;
    return gir_sum(G, t, gir_ints1(nd->attr->i[0]), 1);
}
static gir_node gir__ah_lastcol(gir_graph *G, const gir__nview *nd, const gir_node *x, gir_node t) {
    return gir__ah_col(G, nd, x, t);
}
static gir_node gir__ah_lastsum(gir_graph *G, const gir__nview *nd, const gir_node *x, gir_node t) {
    (void)nd; (void)x;
    return gir_sum(G, t, gir_ints1(-1), 1);
}
static gir_node gir__ah_onehot_like(gir_graph *G, const gir__nview *nd, const gir_node *x, gir_node idx, gir_node ref) {
    gir_shape rs = gir__shape_of(G, ref);
    (void)nd; (void)x;
    return gir_one_hot(G, idx, rs.dim[rs.rank - 1], (gir_dtype)gir__n(G, ref)->dtype);
}
static gir_node gir__ah_rsize(gir_graph *G, const gir__nview *nd, const gir_node *x, gir_node ref) {
    gir_shape rs = gir__shape_of(G, ref);
    int64_t c = gir__numel(&rs);
    (void)x;
    return gir_scalar(G, (gir_dtype)nd->dtype, c ? 1.0 / (double)c : 0.0);
}
/* conv2d and its two backward ops are bilinear: each adjoint is one of the other two */
static gir_node gir__ah_conv_fwd(gir_graph *G, const gir__nview *nd, const gir_node *x, gir_node a, gir_node w) {
    const gir_attr *A = nd->attr;
    (void)x;
    return gir_conv2d(G, a, w, A->l[0], A->l[1], A->l[2], A->i[0]);
}
static gir_node gir__ah_conv_dx(gir_graph *G, const gir__nview *nd, const gir_node *x, gir_node gy, gir_node w) {
    const gir_attr *A = nd->attr;
    return gir_conv2d_bwd_data(G, gy, w, A->l[0], A->l[1], A->l[2], A->i[0], gir__shape_of(G, x[0]));
}
static gir_node gir__ah_conv_dw(gir_graph *G, const gir__nview *nd, const gir_node *x, gir_node xin, gir_node gy) {
    const gir_attr *A = nd->attr;
    return gir_conv2d_bwd_filter(G, xin, gy, A->l[0], A->l[1], A->l[2], A->i[0], gir__shape_of(G, x[1]));
}
/* for conv2d_bwd_data(gy, w): d w = bwd_filter(x = upstream, gy) */
static gir_node gir__ah_conv_dw_of_dx(gir_graph *G, const gir__nview *nd, const gir_node *x, gir_node up, gir_node gy) {
    const gir_attr *A = nd->attr;
    return gir_conv2d_bwd_filter(G, up, gy, A->l[0], A->l[1], A->l[2], A->i[0], gir__shape_of(G, x[1]));
}
/* for conv2d_bwd_filter(x, gy): d x = bwd_data(gy, w = upstream) */
static gir_node gir__ah_conv_dx_of_dw(gir_graph *G, const gir__nview *nd, const gir_node *x, gir_node gy, gir_node up) {
    const gir_attr *A = nd->attr;
    return gir_conv2d_bwd_data(G, gy, up, A->l[0], A->l[1], A->l[2], A->i[0], gir__shape_of(G, x[0]));
}
static gir_node gir__ah_maxpool_dx(gir_graph *G, const gir__nview *nd, const gir_node *x, gir_node t, gir_node xin) {
    const gir_attr *A = nd->attr;
    (void)x;
    return gir_max_pool2d_bwd(G, t, xin, A->l[0], A->l[1], A->l[2]);
}
static gir_node gir__ah_maxpool_pick(gir_graph *G, const gir__nview *nd, const gir_node *x, gir_node t, gir_node xin) {
    const gir_attr *A = nd->attr;
    (void)x;
    return gir_max_pool2d_pick(G, t, xin, A->l[0], A->l[1], A->l[2]);
}
static gir_node gir__ah_avgpool_dx(gir_graph *G, const gir__nview *nd, const gir_node *x, gir_node t, gir_node xin) {
    const gir_attr *A = nd->attr;
    (void)x;
    return gir_avg_pool2d_bwd(G, t, A->l[0], A->l[1], A->l[2], A->i[0], gir__shape_of(G, xin));
}
static gir_node gir__ah_avgpool_fwd(gir_graph *G, const gir__nview *nd, const gir_node *x, gir_node t) {
    const gir_attr *A = nd->attr;
    (void)x;
    return gir_avg_pool2d(G, t, A->l[0], A->l[1], A->l[2], A->i[0]);
}

/* train_eval: the gradient goes to the branch the plan computes (a train_eval node of g and zeros); the
   updates (assign nodes) stop gradients */
static gir_node gir__ah_mode_part(gir_graph *G, const gir__nview *nd, const gir_node *x, gir_node t, int i) {
    gir_node z;
    (void)nd; (void)x;
    if (i > 1) return gir_zeros_like(G, x[i]);
    z = gir_zeros_like(G, t);
    return i == 0 ? gir_train_eval2(G, t, z) : gir_train_eval2(G, z, t);
}

/* cholesky, A = L L^T, reading A's lower triangle. With P = Phi(L^T Lbar) (lower triangle, diagonal halved)
   and S = L^-T P L^-1, the gradient for symmetric perturbations is (S + S^T) / 2; as the kernel reads only
   the lower triangle, entry (i, j), i > j, stands for both (i, j) and (j, i): dA = tril(S + S^T), halved on
   the diagonal. */
static void gir__adjfn_cholesky(gir_graph *G, const gir__nview *nd, gir_node y, gir_node g, const gir_node *x, int n,
                                const uint8_t *need, gir_node *dx) {
    /* one builder call per statement, or at most one building argument: the order of the nodes is C's sequence,
       not the compiler's choice of argument order */
    gir_dtype dt = (gir_dtype)nd->dtype;
    int32_t m = nd->shape.dim[nd->shape.rank - 1];
    gir_node ones = gir_ones(G, dt, gir_shape2(m, m)), eye = gir_eye(G, dt, m, m, 0), half, half_diag, p, xa, s, sym;
    half = gir_mul(G, eye, gir_scalar(G, dt, 0.5));
    half_diag = gir_sub(G, ones, half);
    p = gir_mul(G, gir_tril(G, gir_matmul(G, gir_permute_last2(G, y), g), 0), half_diag);
    xa = gir_trisolve(G, y, p, 1, 1);                                                    /* L^-T P */
    s = gir_permute_last2(G, gir_trisolve(G, y, gir_permute_last2(G, xa), 1, 1));      /* L^-T P L^-1 */
    sym = gir_add(G, s, gir_permute_last2(G, s));
    (void)x; (void)n; (void)need;
    dx[0] = gir_mul(G, gir_tril(G, sym, 0), half_diag);
}

/* the VJP of a function, built in its body once: parameters f's, then a cotangent input per float result;
   results the gradients of f's float parameters (gir_vjp in the body) */
static int gir__func_floats(const gir_graph *b, int n, const uint32_t *ids, gir_node *out) {
    int k, m = 0;
    for (k = 0; k < n; ++k)
        if (gir__is_float(b->nodes[ids[k]].dtype)) out[m++] = gir__handle(b, ids[k]);
    return m;
}
GIR_API gir_func *gir_func_vjp(gir_func *f) {
    gir_graph *b;
    gir_node outs[GIR__MAX_IN], cots[GIR__MAX_IN], wrt[GIR__MAX_IN], grads[GIR__MAX_IN], params[2 * GIR__MAX_IN];
    int k, nf, nw;
    char nm[48];
    if (!f) return NULL;
    if (f->vjp) return f->vjp;
    b = f->body;
    nf = gir__func_floats(b, f->nresults, f->results, outs);
    nw = gir__func_floats(b, f->nparams, f->params, wrt);
    if (!nf || !nw) {
        gir__gfail(b, GIR_ERR_DTYPE, "func_vjp: '%s' has no float %s: nothing to differentiate", f->name,
                   nf ? "parameter" : "result");
        return NULL;
    }
    for (k = 0; k < f->nparams; ++k) params[k] = gir__handle(b, f->params[k]);
    for (k = 0; k < nf; ++k) {
        const gir__node *r = &b->nodes[outs[k].id];
        cots[k] = gir_input(b, (gir_dtype)r->dtype, *gir__nshape(b, r));
        params[f->nparams + k] = cots[k];
    }
    if (b->status != GIR_OK || gir_vjp(b, nf, outs, cots, nw, wrt, grads) != GIR_OK) return NULL;
    gir__format(nm, sizeof nm, "%s_vjp", f->name);
    return f->vjp = gir_func_new(b, nm, f->nparams + nf, params, nw, grads);
}
/* f's VJP, or the error in G ("call: node 7: the VJP of 'cell': ...") */
static gir_func *gir__vjp_in(gir_graph *G, gir_node y, gir_func *f) {
    gir_func *v = gir_func_vjp(f);
    if (!v)
        gir__gfail(G, f->body->status ? f->body->status : GIR_ERR_OUT_OF_MEMORY, "%s: %N: the VJP of '%s': %s",
                   gir__op_names[G->nodes[y.id].op], (const gir_graph *)G, (unsigned)y.id, f->name, f->body->msg);
    return v;
}
/* a call, or an if (BRANCH: x[0] the predicate): the same tuple over the VJPs, on the arguments and the results'
   adjoints (G->cots, set by the sweep; zeros for a float result no adjoint reached); the float arguments'
   gradients */
static void gir__adj_tuple(gir_graph *G, const gir__nview *nd, gir_node y, const gir_node *x, int n, gir_node *dx) {
    int br = gir__op_is(nd->op, GIR__F_BRANCH) ? 1 : 0, k, m = 0;
    gir_func *f = G->callees[nd->attr->i[0]], *v = gir__vjp_in(G, y, f), *e = NULL;
    gir_node args[2 * GIR__MAX_IN], gr[GIR__MAX_IN];
    if (v && br) e = gir__vjp_in(G, y, G->callees[nd->attr->i[1]]);
    if (!v || (br && !e)) return;
    for (k = br; k < n; ++k) args[m++] = x[k];
    for (k = 0; k < f->nresults; ++k) {
        gir_node r = gir__handle(G, y.id + 1 + (uint32_t)k);
        if (!gir__is_float(f->body->nodes[f->results[k]].dtype)) continue;
        args[m++] = G->cots[k].id ? G->cots[k] : gir_zeros_like(G, r);
    }
    if ((br ? gir_cond(G, x[0], v, e, m, args, v->nresults, gr) : gir_func_call(G, v, m, args, v->nresults, gr)) !=
        GIR_OK)
        return;
    for (k = br, m = 0; k < n; ++k)
        if (gir__is_float(G->nodes[x[k].id].dtype)) dx[k] = gr[m++];
}
static void gir__adjfn_call(gir_graph *G, const gir__nview *nd, gir_node y, gir_node g, const gir_node *x, int n,
                            const uint8_t *need, gir_node *dx) {
    (void)g; (void)need;
    gir__adj_tuple(G, nd, y, x, n, dx);
}
static void gir__adjfn_if(gir_graph *G, const gir__nview *nd, gir_node y, gir_node g, const gir_node *x, int n,
                          const uint8_t *need, gir_node *dx) {
    (void)g; (void)need;
    gir__adj_tuple(G, nd, y, x, n, dx);
}
/* scan's gradient needs all of f's parameters and results float (a carry of another dtype has no gradient to
   carry): 0, else the error in G */
static int gir__scan_floats(gir_graph *G, gir_node y, const gir_func *f) {
    int k;
    for (k = 0; k < f->nparams + f->nresults; ++k)
        if (!gir__is_float(f->body->nodes[f->params[k]].dtype)) {     /* params and results are one array */
            gir__gfail(G, GIR_ERR_DTYPE, "scan: %N: '%s' has a parameter or result that is not float: gradients "
                       "through such a scan are not supported yet", (const gir_graph *)G, (unsigned)y.id, f->name);
            return 1;
        }
    return 0;
}
/* f, with its input carries as per-step results: a forward scan of it keeps every step's carries. f->hist has f's
   carries first (a segment's scan, gir__seg_funcs), f->fhist all of f's results (gir__scan_back: the plan's passes
   then run one scan for both f's and its own, gen/80-plan/passes.c) */
static gir_func *gir__scan_hist(gir_func *f, int nc, int all) {
    gir_node res[2 * GIR__MAX_IN], par[GIR__MAX_IN];
    char nm[48];
    int k, m = all ? f->nresults : nc;
    gir_func **h = all ? &f->fhist : &f->hist;
    if (*h) return *h;
    if (m + nc > GIR__MAX_IN) {
        gir__gfail(f->body, GIR_ERR_LIMIT, "scan: the gradient of '%s' keeps its %d results and %d carries: more than "
                   "the %d results a function may have", f->name, m, nc, GIR__MAX_IN);
        return NULL;
    }
    for (k = 0; k < f->nparams; ++k) par[k] = gir__handle(f->body, f->params[k]);
    for (k = 0; k < m; ++k) res[k] = gir__handle(f->body, f->results[k]);
    for (k = 0; k < nc; ++k) res[m + k] = par[k];
    gir__format(nm, sizeof nm, all ? "%s_steps" : "%s_carries", f->name);
    return *h = gir_func_new(f->body, nm, f->nparams, par, m + nc, res);
}
/* one step of the reverse scan: carries (the carries' adjoints, the invariants' sums so far), per-step inputs (the
   step's carries and inputs, its outputs' adjoints), the invariants; results: the adjoints of the step's carries,
   the sums plus this step's invariants' gradients, then the per-step inputs' gradients. Built from f's VJP. */
/* bit k: f's VJP v reads per-step parameter k (k < nps) of f (a gradient that does not reads the value is not
   given it: the sums a scan's gradient carries, say); 0 and the error in f's body when out of memory */
static uint64_t gir__scan_reads(const gir_func *f, const gir_func *v, int nps) {
    gir_graph *b = f->body;
    uint32_t top = 0, id, j;
    uint64_t bits = 0;
    uint8_t *seen;
    int k;
    for (k = 0; k < v->nresults; ++k) top = v->results[k] > top ? v->results[k] : top;
    if (!(seen = (uint8_t *)gir__alloc(&b->a, (size_t)top + 1))) {
        gir__gfail(b, GIR_ERR_OUT_OF_MEMORY, "scan: out of memory");
        return 0;
    }
    GIR_MEMSET(seen, 0, (size_t)top + 1);
    for (k = 0; k < v->nresults; ++k) seen[v->results[k]] = 1;
    for (id = top; id >= 1; --id)
        if (seen[id])
            for (j = 0; j < b->nodes[id].nin; ++j) seen[b->ins[b->nodes[id].in0 + j]] = 1;
    for (k = 0; k < nps; ++k)
        if (f->params[k] <= top && seen[f->params[k]]) bits |= (uint64_t)1 << k;
    gir__free(&b->a, seen, (size_t)top + 1);
    return bits;
}
static gir_func *gir__scan_vjp(gir_func *f, int nc, int nx) {
    gir_graph *b = f->body;
    gir_func *v = gir_func_vjp(f);
    gir_node par[3 * GIR__MAX_IN], res[2 * GIR__MAX_IN];
    int ni = f->nparams - nc - nx, ny = f->nresults - nc, k, m = 0, r = 0;
    char nm[48];
    if (f->svjp || !v) return f->svjp;
    f->sread = gir__scan_reads(f, v, nc + nx);
    if (b->status != GIR_OK) return NULL;
    for (k = 0; k < nc; ++k) par[m++] = gir__handle(b, v->params[f->nparams + k]);
    for (k = 0; k < ni; ++k) {
        const gir__node *d = &b->nodes[f->params[nc + nx + k]];
        par[m++] = gir_input(b, (gir_dtype)d->dtype, *gir__nshape(b, d));
        res[nc + k] = gir_add(b, par[m - 1], gir__handle(b, v->results[nc + nx + k]));
    }
    for (k = 0; k < nc + nx; ++k)
        if (f->sread >> k & 1u) par[m++] = gir__handle(b, f->params[k]);
    for (k = 0; k < ny; ++k) par[m++] = gir__handle(b, v->params[f->nparams + nc + k]);
    for (k = 0; k < ni; ++k) par[m++] = gir__handle(b, f->params[nc + nx + k]);
    for (k = 0; k < nc; ++k) res[r++] = gir__handle(b, v->results[k]);
    for (r += ni, k = 0; k < nx; ++k) res[r++] = gir__handle(b, v->results[nc + k]);
    if (b->status != GIR_OK) return NULL;
    gir__format(nm, sizeof nm, "%s_scan_vjp", f->name);
    return f->svjp = gir_func_new(b, nm, m, par, r, res);
}
/* the last node of f's body that f's VJP reads or gives (the marks of gir__resid_marks run up to it) */
static uint32_t gir__vjp_top(const gir_func *f) {
    uint32_t top = 0;
    int k;
    for (k = 0; k < f->vjp->nresults; ++k) top = f->vjp->results[k] > top ? f->vjp->results[k] : top;
    for (k = 0; k < f->vjp->nparams; ++k) top = f->vjp->params[k] > top ? f->vjp->params[k] : top;
    return top;
}
/* The residuals of a scan's gradient: rather than running f again on each step's carries, the way back reads what
   f's VJP needs of each step, saved by the forward scan. mark[id] for the nodes of f's body up to top: RS_STEP
   depends on a per-step parameter (one of the nps carries and per-step inputs), RS_ADJ on an adjoint (a parameter
   of v = f's VJP past f's own), RS_NEED read by v's gradients, RS_RES a residual: a float node needed that
   depends on a per-step parameter and on no adjoint. What depends on neither (the invariants' and constants'
   work) is built again on the way back. Returns the residuals' count, -1 when v cannot be cut (a node that calls,
   a random op, ...). */
enum { GIR__RS_STEP = 1, GIR__RS_ADJ = 2, GIR__RS_NEED = 4, GIR__RS_RES = 8 };
/* a node the way back computes again from the residuals rather than save: a row of one element's work per element
   (its shape rule SAME or BCAST: elementwise rows, casts, softmax), or a row of the SHAPE group that moves the
   elements of its one input (as many as it gives: a transpose, which a GEMM then reads in place, or a reshape),
   which saves its input instead, no more bytes; what a GEMM, a reduction or a gather makes, and the parameters,
   are saved */
static int gir__resid_again(const gir_graph *b, const gir__node *d) {
    const gir__opinfo *oi = gir__op_info(d->op);
    if (gir__op_is(d->op, GIR__F_LEAF_IN)) return 0;
    if (oi->shrule == GIR__SH_SAME || oi->shrule == GIR__SH_BCAST) return 1;
    return gir__op_groups[d->op] == GIR_GROUP_SHAPE && d->nin == 1 && oi->nparents == 1 &&
           gir__numel(gir__nshape(b, d)) == gir__numel(gir__nshape(b, &b->nodes[b->ins[d->in0]]));
}
static int gir__resid_marks(const gir_func *f, const gir_func *v, int nps, uint8_t *mark, uint32_t top) {
    const gir_graph *b = f->body;
    uint32_t id, j;
    int k, nr = 0;
    GIR_MEMSET(mark, 0, (size_t)top + 1);
    for (k = 0; k < nps; ++k) mark[f->params[k]] = GIR__RS_STEP;
    for (k = f->nparams; k < v->nparams; ++k) mark[v->params[k]] = GIR__RS_ADJ;
    for (id = 1; id <= top; ++id)
        for (j = 0; j < b->nodes[id].nin; ++j) mark[id] |= mark[b->ins[b->nodes[id].in0 + j]] & 3u;
    for (k = 0; k < v->nresults; ++k) mark[v->results[k]] |= GIR__RS_NEED;
    for (id = top; id >= 1; --id) {
        const gir__node *d = &b->nodes[id];
        if (!(mark[id] & GIR__RS_NEED)) continue;
        if ((mark[id] & 3u) == GIR__RS_STEP && gir__is_float(d->dtype) && !gir__op_is(d->op, GIR__F_RNG) &&
            !gir__resid_again(b, d)) {
            mark[id] |= GIR__RS_RES;
            ++nr;
            continue;
        }
        if (gir__op_is(d->op, GIR__F_LEAF_IN) ? (mark[id] & 3u) == GIR__RS_STEP : !gir__replayable(b, id)) return -1;
        for (j = 0; j < d->nin; ++j) mark[b->ins[d->in0 + j]] |= GIR__RS_NEED;
    }
    return nr;
}
/* f->rhist: f's results, then its residuals as per-step results (cut for nps per-step parameters); NULL when f's
   VJP cannot be cut or has more residuals than a call may have results (the carries are saved instead) */
static gir_func *gir__scan_rhist(gir_func *f, int nps, uint8_t *mark, uint32_t top) {
    gir_graph *b = f->body;
    gir_node res[GIR__MAX_IN], par[GIR__MAX_IN];
    uint32_t id;
    int k, m = 0, nr = gir__resid_marks(f, f->vjp, nps, mark, top);
    char nm[48];
    if (f->rhist && f->rhist_nps == nps) return f->rhist;
    if (nr < 0 || f->nresults + nr > GIR__MAX_IN || 2 * f->nparams + f->nresults + nr > GIR__MAX_IN) return NULL;
    for (k = 0; k < f->nresults; ++k) res[m++] = gir__handle(b, f->results[k]);
    for (id = 1; id <= top; ++id)
        if (mark[id] & GIR__RS_RES) res[m++] = gir__handle(b, id);
    gir__format(nm, sizeof nm, "%s_residuals", f->name);
    for (k = 0; k < f->nparams; ++k) par[k] = gir__handle(b, f->params[k]);
    if (!(f->rhist = gir_func_new(b, nm, f->nparams, par, m, res))) return NULL;
    f->rhist_nps = nps;
    return f->rhist;
}
/* an input of S like node id of b, mapped */
static gir_node gir__rs_input(gir_graph *S, const gir_graph *b, uint32_t id, uint32_t *map) {
    const gir__node *d = &b->nodes[id];
    gir_node h = gir_input(S, (gir_dtype)d->dtype, *gir__nshape(b, d));
    if (map) map[id] = h.id;
    return h;
}
/* one step of the reverse scan over the residuals, in S: f's VJP with the residuals as inputs, everything else it
   reads built again. Parameters: the carries' adjoints, the invariants' sums so far; per step: the residuals, the
   outputs' adjoints; the invariants. Results as gir__scan_vjp's. */
static gir_func *gir__scan_rvjp(gir_graph *S, gir_func *f, int nc, int nx, const uint8_t *mark, uint32_t top,
                                uint32_t *map) {
    const gir_graph *b = f->body;
    const gir_func *v = f->vjp;
    gir_node par[GIR__MAX_IN], res[GIR__MAX_IN], sums[GIR__MAX_IN];
    int ni = f->nparams - nc - nx, ny = f->nresults - nc, k, m = 0, r = 0;
    uint32_t id;
    char nm[48];
    GIR_MEMSET(map, 0, ((size_t)top + 1) * sizeof(uint32_t));
    for (k = 0; k < nc; ++k) par[m++] = gir__rs_input(S, b, v->params[f->nparams + k], map);
    for (k = 0; k < ni; ++k) par[m++] = sums[k] = gir__rs_input(S, b, f->params[nc + nx + k], NULL);
    for (id = 1; id <= top; ++id)
        if (mark[id] & GIR__RS_RES) par[m++] = gir__rs_input(S, b, id, map);
    for (k = 0; k < ny; ++k) par[m++] = gir__rs_input(S, b, v->params[f->nparams + nc + k], map);
    for (k = 0; k < ni; ++k) par[m++] = gir__rs_input(S, b, f->params[nc + nx + k], map);
    for (id = 1; id <= top && S->status == GIR_OK; ++id)
        if ((mark[id] & GIR__RS_NEED) && !map[id] && !(map[id] = gir__replay_node(S, b, id, map))) break;
    if (S->status != GIR_OK) return NULL;
    for (k = 0; k < nc; ++k) res[r++] = gir__handle(S, map[v->results[k]]);
    for (k = 0; k < ni; ++k) res[r++] = gir_add(S, sums[k], gir__handle(S, map[v->results[nc + nx + k]]));
    for (k = 0; k < nx; ++k) res[r++] = gir__handle(S, map[v->results[nc + k]]);
    gir__format(nm, sizeof nm, "%s_scan_vjp", f->name);
    return S->status == GIR_OK ? gir_func_new(S, nm, m, par, r, res) : NULL;
}
/* gir__scan_back over residuals: a forward scan of f->rhist keeps f's results and each step's residuals, a reverse
   scan of its cut VJP (in a graph S of its own, held by X) runs back over them. GIR_ERR_UNSUPPORTED when f cannot
   be cut: the caller saves the carries and runs f again on the way back. */
static gir_status gir__scan_back_resid(gir_graph *X, gir_func *f, const gir_scan_desc *sd, int n, const gir_node *x,
                                       const gir_node *cb, const gir_node *s0, gir_node *br) {
    int nc = sd->n_carry, nx = sd->n_xs, ni = n - nc - nx, ny = f->nresults - nc, nr = 0, k, m = 0;
    gir_node args[GIR__MAX_IN], hr[GIR__MAX_IN];
    uint32_t top = 0, *map = NULL;
    uint8_t *mark;
    gir_func *rh, *rv = NULL;
    gir_graph *S = NULL;
    gir_graph_desc gd;
    gir_scan_desc d = *sd;
    top = gir__vjp_top(f);
    GIR_MEMSET(&gd, 0, sizeof gd);
    gd.allocator = X->a;
    mark = (uint8_t *)gir__alloc(&X->a, (size_t)top + 1);
    rh = mark ? gir__scan_rhist(f, nc + nx, mark, top) : NULL;
    if (rh) {
        nr = rh->nresults - f->nresults;
        map = (uint32_t *)gir__alloc(&X->a, ((size_t)top + 1) * sizeof(uint32_t));
        S = map ? gir_graph_new(&gd) : NULL;
        rv = S ? gir__scan_rvjp(S, f, nc, nx, mark, top, map) : NULL;
    }
    gir__free(&X->a, mark, 0);
    gir__free(&X->a, map, 0);
    if (!rv) {                                      /* out of memory, or f cannot be cut */
        const gir_graph *e = S && S->status ? S : f->body->status ? f->body : NULL;
        if (!e && mark && (!rh || (map && S))) return GIR_ERR_UNSUPPORTED;
        gir__gfail(X, e ? e->status : GIR_ERR_OUT_OF_MEMORY, "scan: the gradient of '%s' over its residuals: %s",
                   f->name, e ? e->msg : "out of memory");
        gir_graph_free(S);
        return X->status;
    }
    d.checkpoint = 0;
    if (gir_scan(X, rh, &d, n, x, rh->nresults, hr) == GIR_OK) {
        for (k = 0; k < nc; ++k) args[m++] = cb[k];
        for (k = 0; k < ni; ++k) args[m++] = s0 ? s0[k] : gir_zeros_like(X, x[nc + nx + k]);
        for (k = 0; k < nr; ++k) args[m++] = hr[f->nresults + k];
        for (k = 0; k < ny; ++k) args[m++] = cb[nc + k];
        for (k = 0; k < ni; ++k) args[m++] = x[nc + nx + k];
        d.n_carry = nc + ni;
        d.n_xs = nr + ny;
        d.reverse = !d.reverse;
        gir_scan(X, rv, &d, m, args, rv->nresults, br);
    }
    gir_graph_free(S);                              /* X holds it now, or nothing does */
    return X->status;
}
/* a scan's way back in graph X: a forward scan of f->fhist (seg, a segment's: f->hist) keeps the carries of every
   step, a reverse scan of f->svjp runs back over them. x: the scan's n arguments; cb: the adjoints of its nc last
   carries, then of its ny stacked outputs; s0: the invariants' sums to start from (NULL: zeros); br: f->svjp's
   results (the carries' adjoints, the invariants' sums, the per-step inputs' gradients stacked) */
static gir_status gir__scan_back(gir_graph *X, gir_func *f, const gir_scan_desc *sd, int n, const gir_node *x,
                                 const gir_node *cb, const gir_node *s0, int seg, int resid, gir_node *br) {
    int nc = sd->n_carry, nx = sd->n_xs, ni = n - nc - nx, ny = f->nresults - nc, k, m = 0;
    gir_node args[3 * GIR__MAX_IN], hr[2 * GIR__MAX_IN];
    gir_scan_desc d = *sd;
    gir_func *h;
    gir_status st = resid ? gir__scan_back_resid(X, f, sd, n, x, cb, s0, br) : GIR_ERR_UNSUPPORTED;
    if (st != GIR_ERR_UNSUPPORTED) return st;
    if ((nc && !gir__scan_hist(f, nc, !seg)) || !gir__scan_vjp(f, nc, nx)) {
        gir__gfail(X, f->body->status ? f->body->status : GIR_ERR_OUT_OF_MEMORY, "scan: the gradient of '%s': %s",
                   f->name, f->body->msg);
        return X->status;
    }
    h = seg ? f->hist : f->fhist;
    d.checkpoint = 0;
    if (nc && gir_scan(X, h, &d, n, x, h->nresults, hr) != GIR_OK) return X->status;
    for (k = 0; k < nc; ++k) args[m++] = cb[k];
    for (k = 0; k < ni; ++k) args[m++] = s0 ? s0[k] : gir_zeros_like(X, x[nc + nx + k]);
    for (k = 0; k < nc + nx; ++k)
        if (f->sread >> k & 1u) args[m++] = k < nc ? hr[h->nresults - nc + k] : x[k];
    for (k = 0; k < ny; ++k) args[m++] = cb[nc + k];
    for (k = 0; k < ni; ++k) args[m++] = x[nc + nx + k];
    d.n_carry = nc + ni;
    d.n_xs = m - 2 * ni - nc;
    d.reverse = !d.reverse;
    return gir_scan(X, f->svjp, &d, m, args, f->svjp->nresults, br);
}
/* s with axis 0 (q * k long) split in two, [q, k, ...], or (q 0) with [k] before it */
static gir_shape gir__seg_shape(gir_shape s, int q, int k) {
    int j;
    if (q) s.dim[0] /= q;
    if (s.rank >= GIR_MAX_RANK) return s;        /* gir_reshape or gir_input then says the rank is too large */
    for (j = s.rank++; j > 0; --j) s.dim[j] = s.dim[j - 1];
    s.dim[0] = q ? q : k;
    return s;
}
/* a parameter of S like node id of f's body; a segment's slices of it when per: [k, ...] */
static gir_node gir__seg_param(gir_graph *S, const gir_func *f, uint32_t id, int per, int k) {
    const gir__node *d = &f->body->nodes[id];
    gir_shape s = *gir__nshape(f->body, d);
    return gir_input(S, (gir_dtype)d->dtype, per ? gir__seg_shape(s, 0, k) : s);
}
/* in S, a graph of its own: "segments" runs k steps of f->hist from a kept carry (results: the carry k steps on,
   then the one it started from); "segments_vjp" recomputes those k steps' carries and runs back over them
   (gir__scan_back). Its parameters: the carries' adjoints, the invariants' sums, the kept carry, the segment's
   slices of the per-step inputs and of the outputs' adjoints, the invariants. */
static gir_status gir__seg_funcs(gir_graph *S, gir_func *f, const gir_scan_desc *d, int n, gir_func **sf,
                                 gir_func **sb) {
    int nc = d->n_carry, nx = d->n_xs, ni = n - nc - nx, ny = f->nresults - nc, k = d->length, j;
    int is = nc, ic = is + ni, ix = ic + nc, iy = ix + nx, ii = iy + ny;
    gir_node p[4 * GIR__MAX_IN], r[3 * GIR__MAX_IN], xa[GIR__MAX_IN], ca[2 * GIR__MAX_IN];
    char nm[48];
    if (!gir__scan_hist(f, nc, 0)) {
        gir__gfail(S, f->body->status ? f->body->status : GIR_ERR_OUT_OF_MEMORY, "%s", f->body->msg);
        return S->status;
    }
    for (j = 0; j < n; ++j) p[j] = gir__seg_param(S, f, f->params[j], j >= nc && j < nc + nx, k);
    if (gir_scan(S, f->hist, d, n, p, 2 * nc, r) != GIR_OK) return S->status;
    for (j = 0; j < nc; ++j) r[nc + j] = p[j];
    gir__format(nm, sizeof nm, "%s_segments", f->name);
    if (!(*sf = gir_func_new(S, nm, n, p, 2 * nc, r))) return S->status;
    for (j = 0; j < nc; ++j) ca[j] = p[j] = gir__seg_param(S, f, f->results[j], 0, k);
    for (j = 0; j < ni; ++j) p[is + j] = gir__seg_param(S, f, f->params[nc + nx + j], 0, k);
    for (j = 0; j < nc; ++j) xa[j] = p[ic + j] = gir__seg_param(S, f, f->params[j], 0, k);
    for (j = 0; j < nx; ++j) xa[nc + j] = p[ix + j] = gir__seg_param(S, f, f->params[nc + j], 1, k);
    for (j = 0; j < ny; ++j) ca[nc + j] = p[iy + j] = gir__seg_param(S, f, f->results[nc + j], 1, k);
    for (j = 0; j < ni; ++j) xa[nc + nx + j] = p[ii + j] = gir__seg_param(S, f, f->params[nc + nx + j], 0, k);
    if (gir__scan_back(S, f, d, n, xa, ca, p + is, 1, 1, r) != GIR_OK) return S->status;
    gir__format(nm, sizeof nm, "%s_segments_vjp", f->name);
    *sb = gir_func_new(S, nm, ii + ni, p, nc + ni + nx, r);
    return S->status;
}
/* gir__scan_back with the carries kept every sd->checkpoint = k steps: a forward scan of "segments" over the
   q = length / k segments keeps q carries, a reverse scan of "segments_vjp" gives br. The functions' graph is
   held by G (freed with it); the per-step inputs and outputs' adjoints go in as [q, k, ...]. */
static gir_status gir__scan_back_ckpt(gir_graph *G, gir_func *f, const gir_scan_desc *sd, int n, const gir_node *x,
                                      const gir_node *cb, gir_node *br) {
    int nc = sd->n_carry, nx = sd->n_xs, ni = n - nc - nx, ny = f->nresults - nc, q = sd->length / sd->checkpoint;
    int j, m = 0;
    gir_graph_desc gd;
    gir_graph *S;
    gir_node a[3 * GIR__MAX_IN], xr[GIR__MAX_IN], fr[2 * GIR__MAX_IN];
    gir_func *sf = NULL, *sb = NULL;
    gir_scan_desc d = *sd;
    GIR_MEMSET(&gd, 0, sizeof gd);
    gd.allocator = G->a;
    d.length = sd->checkpoint;
    d.checkpoint = 0;
    if (!(S = gir_graph_new(&gd)) || gir__seg_funcs(S, f, &d, n, &sf, &sb) != GIR_OK) {
        gir__gfail(G, S ? S->status : GIR_ERR_OUT_OF_MEMORY, "scan: the gradient of '%s' kept every %d steps: %s",
                   f->name, sd->checkpoint, S ? S->msg : "out of memory");
        gir_graph_free(S);
        return G->status;
    }
    for (j = 0; j < n; ++j)
        xr[j] = j < nc || j >= nc + nx ? x[j] : gir_reshape(G, x[j], gir__seg_shape(*gir__nshape(G, &G->nodes[x[j].id]), q, 0));
    d.length = q;
    if (gir_scan(G, sf, &d, n, xr, 2 * nc, fr) == GIR_OK) {
        for (j = 0; j < nc; ++j) a[m++] = cb[j];
        for (j = 0; j < ni; ++j) a[m++] = gir_zeros_like(G, x[nc + nx + j]);
        for (j = 0; j < nc; ++j) a[m++] = fr[nc + j];
        for (j = 0; j < nx; ++j) a[m++] = xr[nc + j];
        for (j = 0; j < ny; ++j)
            a[m++] = gir_reshape(G, cb[nc + j], gir__seg_shape(*gir__nshape(G, &G->nodes[cb[nc + j].id]), q, 0));
        for (j = 0; j < ni; ++j) a[m++] = x[nc + nx + j];
        d.n_carry = nc + ni;
        d.n_xs = nc + nx + ny;
        d.reverse = !d.reverse;
        if (gir_scan(G, sb, &d, m, a, sb->nresults, br) == GIR_OK)
            for (j = 0; j < nx; ++j)
                br[nc + ni + j] = gir_reshape(G, br[nc + ni + j], *gir__nshape(G, &G->nodes[x[nc + j].id]));
    }
    gir_graph_free(S);
    return G->status;
}
/* GIR_SCAN_CHECKPOINT_AUTO, chosen from the sizes: with the carries kept every k steps (c bytes each time) and a
   segment's k steps of residuals (r bytes a step, or the carries when f's VJP cannot be cut) the way back keeps
   length / k x c + k x r bytes, least near k = sqrt(length x c / r); the divisor of the length with the least, or
   0 (every step's residuals, length x r, and no second forward pass) when none needs less. -1: out of memory. */
static int gir__scan_auto(gir_graph *G, gir_func *f, int nc, int nx, int length) {
    uint32_t top = 0, id;
    uint8_t *mark;
    size_t c = 0, r = 0, best;
    int k, nr, pick = 0;
    top = gir__vjp_top(f);
    if (!(mark = (uint8_t *)gir__alloc(&G->a, (size_t)top + 1))) {
        gir__gfail(G, GIR_ERR_OUT_OF_MEMORY, "scan: the gradient of '%s': out of memory", f->name);
        return -1;
    }
    nr = gir__resid_marks(f, f->vjp, nc + nx, mark, top);
    for (k = 0; k < nc; ++k) c += gir__fbytes(f, f->params[k]);
    for (id = 1; id <= top && nr > 0; ++id)
        if (mark[id] & GIR__RS_RES) r += gir__fbytes(f, id);
    gir__free(&G->a, mark, (size_t)top + 1);
    if (nr < 0) r = c;
    best = (size_t)length * r;
    for (k = 1; k < length; ++k)
        if (length % k == 0 && (size_t)(length / k) * c + (size_t)k * r < best) {
            best = (size_t)(length / k) * c + (size_t)k * r;
            pick = k;
        }
    return pick;
}
/* a scan: gir__scan_back, or with the node's checkpoint k > 0 (or the one gir__scan_auto picks), gir__scan_back_ckpt */
static void gir__adjfn_scan(gir_graph *G, const gir__nview *nd, gir_node y, gir_node g, const gir_node *x, int n,
                            const uint8_t *need, gir_node *dx) {
    gir_func *f = G->callees[nd->attr->i[0]];
    int nc = nd->attr->i[2], nx = nd->attr->i[3], ni = n - nc - nx, ny = f->nresults - nc, k;
    gir_node cb[2 * GIR__MAX_IN], br[2 * GIR__MAX_IN];
    gir_scan_desc d;
    gir_status st;
    (void)g; (void)need;
    if (gir__scan_floats(G, y, f) || !gir_func_vjp(f)) {
        if (G->status == GIR_OK)
            gir__gfail(G, f->body->status ? f->body->status : GIR_ERR_OUT_OF_MEMORY, "scan: %N: the gradient of '%s': "
                       "%s", (const gir_graph *)G, (unsigned)y.id, f->name, f->body->msg);
        return;
    }
    GIR_MEMSET(&d, 0, sizeof d);
    d.length = nd->attr->i[1];
    d.n_carry = nc;
    d.n_xs = nx;
    d.reverse = nd->attr->i[4];
    d.checkpoint = nc ? (int)nd->attr->f[0] : 0;
    if (d.checkpoint == GIR_SCAN_CHECKPOINT_AUTO && (d.checkpoint = gir__scan_auto(G, f, nc, nx, d.length)) < 0) return;
    for (k = 0; k < nc + ny; ++k)
        cb[k] = G->cots[k].id ? G->cots[k] : gir_zeros_like(G, gir__handle(G, y.id + 1 + (uint32_t)k));
    st = d.checkpoint > 0 ? gir__scan_back_ckpt(G, f, &d, n, x, cb, br)
                          : gir__scan_back(G, f, &d, n, x, cb, NULL, 0, !G->nodes[y.id].grad_level, br);
    if (st != GIR_OK) return;
    for (k = 0; k < nc; ++k) dx[k] = br[k];
    for (k = 0; k < nx; ++k) dx[nc + k] = br[nc + ni + k];
    for (k = 0; k < ni; ++k) dx[nc + nx + k] = br[nc + k];
}
/* a result: its adjoint goes to its call with the others' (gir__adjfn_call), not through this */
static void gir__adjfn_result(gir_graph *G, const gir__nview *nd, gir_node y, gir_node g, const gir_node *x, int n,
                              const uint8_t *need, gir_node *dx) {
    (void)G; (void)nd; (void)y; (void)g; (void)x; (void)n; (void)need; (void)dx;
}

/* generated from ops.def: one adjoint per differentiable row */
@@ADJOINTS@@

/* gir_grad's checks of its arguments: GIR_OK, or the error it recorded */
static gir_status gir__grad_check(gir_graph *g, gir_node y, int n, const gir_node *wrt) {
    int k, kind = gir__handle_kind(g, y);
    const gir__node *d;
    if (kind == GIR__H_NONE) {
        gir__gfail(g, GIR_ERR_HANDLE, "grad: the output is an invalid node (an earlier builder failed: %s)",
                   g->msg[0] ? g->msg : "no message");
        return GIR_ERR_HANDLE;
    }
    if (kind != GIR__H_OWN) {
        gir__gfail(g, GIR_ERR_HANDLE, "grad: the output (id %u) %s", (unsigned)y.id, gir__handle_why(kind));
        return GIR_ERR_HANDLE;
    }
    for (k = 0; k < n; ++k)
        if ((kind = gir__handle_kind(g, wrt[k])) != GIR__H_OWN) {
            gir__gfail(g, GIR_ERR_HANDLE, "grad: wrt[%d] (id %u) %s", k, (unsigned)wrt[k].id, gir__handle_why(kind));
            return GIR_ERR_HANDLE;
        }
    d = &g->nodes[y.id];
    if (gir__numel(gir__nshape(g, d)) != 1 || !gir__is_float(d->dtype)) {
        gir__gfail(g, GIR_ERR_SHAPE, "grad: the output %N must be one float element, got %T %S", (const gir_graph *)g, (unsigned)y.id,
                   (int)d->dtype, gir__nshape(g, d));
        return GIR_ERR_SHAPE;
    }
    return GIR_OK;
}

/* The reverse sweep, shared by gir_grad, gir_vjp and the forward mode (gen/60-autodiff/fwdmode.c): the adjoint of outs[i] is
   seeded with cots[i] (seeds of an output given twice are summed), then every node from the last output down to
   node 1 passes its adjoint to its parents through the table's adjoints. The arguments are checked by the caller.
   Nodes built here get grad level 1 + the largest level among the outputs (a node's level is the largest among
   its inputs and the level it was built at, so the outputs' levels cover their ancestry). A wrt node built after
   every output cannot be below one: its gradient is zeros, as is the gradient of a wrt no output depends on. */
/* the sweep's work: the adjoint reaching each node so far, and whether the node depends on a wrt node */
typedef struct gir__sw {
    gir_node *adj;
    uint8_t  *dep;
    size_t    cnt;          /* nodes 0 .. the last output */
} gir__sw;

/* -- two adjoints that are zero-padded parts of adjacent ranges, as one (the GIR_JOIN rows of ops.def) ---------- */
typedef struct gir__join_rule { uint16_t sum, part, join; } gir__join_rule;
@@JOINS@@
/* x's inputs into in[*n] for a join along axis: a join along it gives its own (when they fit), else x; 0 when
   in (GIR__MAX_IN) is full */
static int gir__sw_join_list(gir_graph *g, const gir__join_rule *r, gir_node x, int32_t axis, gir_node *in, int *n) {
    const gir__node *d = &g->nodes[x.id];
    gir_attr a;
    uint32_t j;
    if (d->op == r->join && gir__attr_load(g, d, &a)->i[0] == axis && *n + (int)d->nin <= GIR__MAX_IN) {
        for (j = 0; j < d->nin; ++j) in[(*n)++] = gir__handle(g, g->ins[d->in0 + j]);
        return 1;
    }
    if (*n >= GIR__MAX_IN) return 0;
    in[(*n)++] = x;
    return 1;
}
/* x + y built as one part of a join when both are rule r's parts of adjacent ranges of one axis (step 1, the same
   axis and len; attributes as ops.def's GIR_JOIN gives them), else a null node */
static gir_node gir__sw_join(gir_graph *g, const gir__join_rule *r, gir_node x, gir_node y) {
    gir_node none = {0, 0}, in[GIR__MAX_IN], c, first, second;
    gir_attr a, b;
    int n = 0;
    if (g->nodes[x.id].op != r->part || g->nodes[y.id].op != r->part) return none;
    gir__attr_load(g, &g->nodes[x.id], &a);
    gir__attr_load(g, &g->nodes[y.id], &b);
    if (a.i[0] != b.i[0] || a.i[4] != b.i[4] || a.i[3] != 1 || b.i[3] != 1) return none;
    if (a.i[2] == b.i[1]) {                                  /* x's range, then y's */
        first = x; second = y; a.i[2] = b.i[2];
    } else if (b.i[2] == a.i[1]) {                           /* y's, then x's */
        first = y; second = x; a.i[1] = b.i[1];
    } else {
        return none;
    }
    if (!gir__sw_join_list(g, r, gir__handle(g, g->ins[g->nodes[first.id].in0]), a.i[0], in, &n) ||
        !gir__sw_join_list(g, r, gir__handle(g, g->ins[g->nodes[second.id].in0]), a.i[0], in, &n))
        return none;
    GIR_MEMSET(&b, 0, sizeof b);
    b.i[0] = a.i[0];
    c = gir_op_build(g, (gir_op)r->join, n, in, &b);
    if (!c.id || (a.i[1] == 0 && a.i[2] == a.i[4])) return c;
    return gir_op_build(g, (gir_op)r->part, 1, &c, &a);
}
/* adj[p] += dx: the first message is kept as it is, later ones summed (or joined, above); a failed build is the
   graph's status */
static gir_status gir__sw_add(gir_graph *g, gir__sw *w, uint32_t p, gir_node dx) {
    gir_node s = {0, 0};
    size_t r;
    for (r = 0; w->adj[p].id && !s.id && r < sizeof gir__joins / sizeof gir__joins[0]; ++r)
        if (gir__joins[r].sum && gir__joins[r].part && gir__joins[r].join && g->status == GIR_OK)
            s = gir__sw_join(g, &gir__joins[r], w->adj[p], dx);
    w->adj[p] = s.id ? s : w->adj[p].id ? gir_add(g, w->adj[p], dx) : dx;
    return w->adj[p].id ? GIR_OK : g->status ? g->status : GIR_ERR_OUT_OF_MEMORY;
}

/* the work arrays, no adjoint yet, and dep set on the wrt nodes and everything that depends on them */
static gir_status gir__sw_open(gir_graph *g, gir__sw *w, uint32_t top, int n, const gir_node *wrt) {
    uint32_t id;
    int k;
    w->cnt = (size_t)top + 1;
    w->adj = (gir_node *)gir__alloc(&g->a, w->cnt * sizeof(gir_node));
    w->dep = (uint8_t *)gir__alloc(&g->a, w->cnt);
    if (!w->adj || !w->dep) {
        gir__free(&g->a, w->adj, w->cnt * sizeof(gir_node));
        gir__free(&g->a, w->dep, w->cnt);
        gir__gfail(g, GIR_ERR_OUT_OF_MEMORY, "grad: out of memory");
        return GIR_ERR_OUT_OF_MEMORY;
    }
    for (id = 0; id < w->cnt; ++id) w->adj[id] = gir__handle(NULL, 0);
    GIR_MEMSET(w->dep, 0, w->cnt);
    for (k = 0; k < n; ++k)
        if (wrt[k].id < w->cnt) w->dep[wrt[k].id] = 1;
    for (id = 1; id < w->cnt; ++id) {
        const gir__node *d = &g->nodes[id];
        uint32_t j;
        for (j = 0; j < d->nparents && !w->dep[id]; ++j)
            if (w->dep[g->ins[d->in0 + j]]) w->dep[id] = 1;
    }
    return GIR_OK;
}

/* dx[j]'s shape must be parent j's: a table adjoint that breaks this is reported, not summed */
static gir_status gir__sw_check(gir_graph *g, const gir__nview *nd, uint32_t id, uint32_t j, gir_node dx,
                                const gir__node *pn) {
    const gir_shape *have = gir__nshape(g, &g->nodes[dx.id]);
    if (gir__shape_eq(have, gir__nshape(g, pn))) return GIR_OK;
    gir__gfail(g, GIR_ERR_SHAPE, "%s: %N: adjoint of parent %u has shape %S, parent is %S", gir__op_names[nd->op],
               (const gir_graph *)g, (unsigned)id, (unsigned)j, have, gir__nshape(g, pn));
    return GIR_ERR_SHAPE;
}

/* a TUPLE node (a call) has no adjoint of its own: its results' (the PROJ nodes right after it) go to its ADJ_FN
   together, through g->cots; 0 when none reached it */
static int gir__sw_cots(gir_graph *g, const gir__sw *w, uint32_t id, gir_node *cots) {
    uint32_t k;
    int any = 0;
    if (!gir__op_is(g->nodes[id].op, GIR__F_TUPLE)) return 0;
    for (k = 0; k < GIR__MAX_IN && id + 1 + k < g->nnodes; ++k) {
        const gir__node *r = &g->nodes[id + 1 + k];
        if (!gir__op_is(r->op, GIR__F_PROJ) || g->ins[r->in0] != id) break;
        cots[k] = id + 1 + k < w->cnt ? w->adj[id + 1 + k] : gir__handle(NULL, 0);
        any |= cots[k].id != 0;
    }
    g->cots = cots;
    return any;
}
/* node id passes its adjoint to the parents that need one (float, depending on a wrt node) */
static gir_status gir__sw_node(gir_graph *g, gir__sw *w, uint32_t id) {
    gir_node xs[GIR_MAX_VARIADIC], dx[GIR_MAX_VARIADIC];
    uint8_t needp[GIR_MAX_VARIADIC];
    gir__nview nd;
    gir_attr nda;
    uint32_t j;
    int want = 0;
    gir_status st = GIR_OK;
    gir__view(g, id, &nd, &nda);              /* a copy: building nodes may move the array */
    if (nd.ntype != GIR_NODE_INPUT_DERIVED) return GIR_OK;
    for (j = 0; j < nd.nin && j < GIR_MAX_VARIADIC; ++j) xs[j] = gir__handle(g, g->ins[nd.in0 + j]);
    for (j = 0; j < nd.nparents; ++j) {
        const gir__node *p = &g->nodes[xs[j].id];
        needp[j] = (uint8_t)(w->dep[xs[j].id] && gir__is_float(p->dtype) &&
                             (p->ntype == GIR_NODE_INPUT || p->ntype == GIR_NODE_INPUT_DERIVED));
        want |= needp[j];
    }
    if (!want) return GIR_OK;
    if (!gir__adj_of(nd.op)) {
        gir__gfail(g, GIR_ERR_NO_ADJOINT, "%s: %N: cannot differentiate: %s", gir__op_names[nd.op],
                   (const gir_graph *)g, (unsigned)id, gir__op_info(nd.op)->no_adj);
        return GIR_ERR_NO_ADJOINT;
    }
    for (j = 0; j < nd.nparents; ++j) dx[j] = gir__handle(NULL, 0);
    gir__adj_of(nd.op)(g, &nd, gir__handle(g, id), w->adj[id], xs, (int)nd.nparents, needp, dx);
    for (j = 0; j < nd.nparents && st == GIR_OK; ++j) {
        if (!needp[j]) continue;
        if (!dx[j].id) return g->status ? g->status : GIR_ERR_OUT_OF_MEMORY;
        st = gir__sw_check(g, &nd, id, j, dx[j], &g->nodes[xs[j].id]);
        if (st == GIR_OK) st = gir__sw_add(g, w, xs[j].id, dx[j]);
    }
    return st;
}

/* The reverse sweep, shared by gir_grad, gir_vjp and the forward mode (gen/60-autodiff/fwdmode.c): the adjoint of outs[i] is
   seeded with cots[i] (seeds of an output given twice are summed), then every node from the last output down to
   node 1 passes its adjoint to its parents through the table's adjoints. The arguments are checked by the caller.
   Nodes built here get grad level 1 + the largest level among the outputs (a node's level is the largest among
   its inputs and the level it was built at, so the outputs' levels cover their ancestry). A wrt node built after
   every output cannot be below one: its gradient is zeros, as is the gradient of a wrt no output depends on. */
static gir_status gir__sweep(gir_graph *g, int n_out, const gir_node *outs, const gir_node *cots, int n,
                             const gir_node *wrt, gir_node *grads) {
    gir__sw w;
    gir_node tup[GIR__MAX_IN];    /* the adjoints of a call's results */
    uint16_t old_level = g->grad_level, level = 0;
    int k;
    uint32_t id, top = 0;
    gir_status st;
    for (k = 0; k < n; ++k) grads[k] = gir__handle(NULL, 0);
    for (k = 0; k < n_out; ++k) {
        if (outs[k].id > top) top = outs[k].id;
        if (g->nodes[outs[k].id].grad_level > level) level = g->nodes[outs[k].id].grad_level;
    }
    if ((st = gir__sw_open(g, &w, top, n, wrt)) != GIR_OK) return st;
    g->grad_level = (uint16_t)(level + 1);
    for (k = 0; k < n_out && st == GIR_OK; ++k) st = gir__sw_add(g, &w, outs[k].id, cots[k]);
    for (id = top; id >= 1 && st == GIR_OK; --id)
        if (w.dep[id] && (w.adj[id].id || gir__sw_cots(g, &w, id, tup))) {
            st = gir__sw_node(g, &w, id);
            g->cots = NULL;
        }
    for (k = 0; k < n && st == GIR_OK; ++k) {
        uint32_t x = wrt[k].id;
        grads[k] = (x < w.cnt && w.adj[x].id) ? w.adj[x] : gir_zeros_like(g, wrt[k]);
        if (!grads[k].id) st = g->status ? g->status : GIR_ERR_OUT_OF_MEMORY;
    }
    if (st != GIR_OK)
        for (k = 0; k < n; ++k) grads[k] = gir__handle(NULL, 0);
    g->grad_level = old_level;
    gir__free(&g->a, w.adj, w.cnt * sizeof(gir_node));
    gir__free(&g->a, w.dep, w.cnt);
    return st;
}

/* gir_grad is gir_vjp of one single-element output with a cotangent of ones */
GIR_API gir_status gir_grad(gir_graph *g, gir_node y, int n, const gir_node *wrt, gir_node *grads) {
    gir_node one;
    uint16_t old_level;
    int k;
    gir_status st;
    if (!g) return GIR_ERR_INVALID_ARG;
    if (n < 0 || (n > 0 && (!wrt || !grads))) {
        gir__gfail(g, GIR_ERR_INVALID_ARG, "grad: needs n >= 0 and arrays for wrt and grads");
        return GIR_ERR_INVALID_ARG;
    }
    for (k = 0; k < n; ++k) grads[k] = gir__handle(NULL, 0);
    if ((st = gir__grad_check(g, y, n, wrt)) != GIR_OK) return st;
    old_level = g->grad_level;                       /* the seed belongs to the gradient: built at its level */
    g->grad_level = (uint16_t)(g->nodes[y.id].grad_level + 1);
    one = gir_ones_like(g, y);
    g->grad_level = old_level;
    if (!one.id) return g->status ? g->status : GIR_ERR_OUT_OF_MEMORY;
    return gir__sweep(g, 1, &y, &one, n, wrt, grads);
}

/* a node argument of an autodiff entry point: own handle (GIR_OK) or the error it records, naming fn, the array
   and the index ("vjp: cotangents[1] (id 9) belongs to another graph"; k < 0: a single node, "jacobian: x ...");
   want_float: f32 or f64 only */
static gir_status gir__ad_arg(gir_graph *g, const char *fn, const char *arr, int k, gir_node h, int want_float) {
    int kind = gir__handle_kind(g, h);
    const gir__node *d;
    char nm[48];
    if (k >= 0) gir__format(nm, sizeof nm, "%s[%d]", arr, k);
    else gir__format(nm, sizeof nm, "%s", arr);
    if (kind == GIR__H_NONE) {
        gir__gfail(g, GIR_ERR_HANDLE, "%s: %s is the invalid handle (an earlier builder failed: %s)", fn, nm,
                   g->msg[0] ? g->msg : "no message");
        return GIR_ERR_HANDLE;
    }
    if (kind != GIR__H_OWN) {
        gir__gfail(g, GIR_ERR_HANDLE, "%s: %s (id %u) %s", fn, nm, (unsigned)h.id, gir__handle_why(kind));
        return GIR_ERR_HANDLE;
    }
    d = &g->nodes[h.id];
    if (want_float && !gir__is_float(d->dtype)) {
        gir__gfail(g, GIR_ERR_DTYPE, "%s: %s (node %u) is %T %S: only f32 and f64 tensors are differentiated", fn,
                   nm, (unsigned)h.id, (int)d->dtype, gir__nshape(g, d));
        return GIR_ERR_DTYPE;
    }
    return GIR_OK;
}
/* t must have the shape and dtype of ref: "vjp: cotangents[1] is f64 [3] but outs[1] (node 4) is f64 [2,3]" */
static gir_status gir__ad_like(gir_graph *g, const char *fn, const char *arr, const char *refarr, int k, gir_node t,
                               gir_node ref) {
    const gir__node *a = &g->nodes[t.id], *b = &g->nodes[ref.id];
    if (a->dtype == b->dtype && gir__shape_eq(gir__nshape(g, a), gir__nshape(g, b))) return GIR_OK;
    gir__gfail(g, a->dtype == b->dtype ? GIR_ERR_SHAPE : GIR_ERR_DTYPE,
               "%s: %s[%d] (node %u) is %T %S but %s[%d] (node %u) is %T %S: they must have the same shape and dtype",
               fn, arr, k, (unsigned)t.id, (int)a->dtype, gir__nshape(g, a), refarr, k, (unsigned)ref.id, (int)b->dtype,
               gir__nshape(g, b));
    return a->dtype == b->dtype ? GIR_ERR_SHAPE : GIR_ERR_DTYPE;
}
/* counts and arrays of gir_vjp / gir_jvp: n_out >= 1 outputs, n >= 1 of the other side, no NULL array */
static gir_status gir__ad_counts(gir_graph *g, const char *fn, int n_out, const void *outs, const void *cots, int n,
                                 const void *a, const void *b, const char *names) {
    if (n_out < 1 || n < 1 || !outs || !cots || !a || !b) {
        gir__gfail(g, GIR_ERR_INVALID_ARG, "%s: needs n_out >= 1 and n >= 1 (got %d and %d) and non-NULL arrays %s",
                   fn, n_out, n, names);
        return GIR_ERR_INVALID_ARG;
    }
    return GIR_OK;
}

GIR_API gir_status gir_vjp(gir_graph *g, int n_out, const gir_node *outs, const gir_node *cotangents, int n_wrt,
                           const gir_node *wrt, gir_node *grads) {
    gir_status st;
    int k;
    if (!g) return GIR_ERR_INVALID_ARG;
    if (grads && n_wrt > 0)
        for (k = 0; k < n_wrt; ++k) grads[k] = gir__handle(NULL, 0);
    if ((st = gir__ad_counts(g, "vjp", n_out, outs, cotangents, n_wrt, wrt, grads,
                             "(outs, cotangents, wrt, grads)")) != GIR_OK)
        return st;
    for (k = 0; k < n_out; ++k) {
        if ((st = gir__ad_arg(g, "vjp", "outs", k, outs[k], 1)) != GIR_OK) return st;
        if ((st = gir__ad_arg(g, "vjp", "cotangents", k, cotangents[k], 0)) != GIR_OK) return st;
        if ((st = gir__ad_like(g, "vjp", "cotangents", "outs", k, cotangents[k], outs[k])) != GIR_OK) return st;
    }
    for (k = 0; k < n_wrt; ++k)
        if ((st = gir__ad_arg(g, "vjp", "wrt", k, wrt[k], 0)) != GIR_OK) return st;
    return gir__sweep(g, n_out, outs, cotangents, n_wrt, wrt, grads);
}
