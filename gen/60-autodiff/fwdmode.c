/* >>fwdmode: forward mode (gir_jvp) derived from the adjoints; gir_jacobian and gir_hessian ------------------
   How the forward mode is derived (the "double VJP", or transpose trick). Every adjoint of ops.def is linear in
   the output's gradient g, so the reverse sweep from outputs y = f(x) seeded with a cotangent u builds
   vjp(u) = J^T u, a linear function of u. Then s(u) = <vjp(u), t> = <u, J t> is linear in u and its gradient with
   respect to u is J t, whatever u is. gir_jvp therefore
     1. makes one placeholder u_i per output (the output's shape and dtype),
     2. runs the reverse sweep from the outputs with cotangents u, with respect to the inputs: w_j = vjp_j(u),
     3. (s = sum_j <w_j, t_j>, whose gradient with respect to u is the sweep from the w_j with cotangents t_j)
     4. runs the sweep again, from the w_j seeded with t_j, with respect to the placeholders:
        out_tangents[i] = d s / d u_i = (J t)_i.
   Step 4 differentiates the adjoint expressions themselves, with the same table adjoints gir_grad uses for second
   derivatives, so a new row needs no forward rule of its own: its ADJ is enough. As the tangents are nodes of
   the graph, they can be differentiated again (the Hessian-vector product forward-over-reverse is gir_jvp of a
   gradient; gir_jvp of a gir_jvp gives second-order forward derivatives).
   Cost: building makes about two backward graphs of nodes (42 for a 10-node matmul-tanh-softmax layer). Most of
   the first sweep's nodes are dead afterwards (gir_plan_compile keeps only what the outputs need); what remains is the
   transpose of the transposed linear map, the work of hand-written forward rules: a multiply by the local
   derivative per elementwise node, two matmuls per matmul (the swap of a swap is undone by the mT helper). For
   that layer at [64,128] x [128,256] the plan has the step count of the hand-written rules and runs about 10%
   slower (the adjoints' broadcasts are materialised).
   The placeholder is a zeros fill (op FILL: not an INPUT to bind, not a VARIABLE to train) whose node type is
   set to "input", so that the sweep passes adjoints to it (it only visits nodes that depend on an input). As
   each adjoint is linear in g, the second sweep's adjoints with respect to a u-dependent parent read only the
   other parent (g * x1 gives G * x1), so u drops out of the result; a result that read it anyway would read
   zeros and still be right, since J t does not depend on u's value. Nothing new needs binding.
   A row whose adjoint built an op without an adjoint would have no forward mode (GIR_ERR_NO_ADJOINT, as for its
   second derivative); no row does today: max_pool2d's adjoint max_pool2d_bwd has max_pool2d_pick as its own. */

#ifndef GIR_JACOBIAN_MAX
#  define GIR_JACOBIAN_MAX 4096   /* gir_jacobian / gir_hessian: the most sweeps (elements of the smaller side) */
#endif

/* a zeros node shaped like ref that gradients flow to (see above) */
static gir_node gir__placeholder(gir_graph *g, gir_node ref) {
    const gir__node *d = &g->nodes[ref.id];
    gir_node u = gir_fill(g, (gir_dtype)d->dtype, (*gir__nshape(g, d)), 0.0);
    if (u.id) g->nodes[u.id].ntype = GIR_NODE_INPUT;
    return u;
}
static gir_status gir__ad_status(gir_graph *g) { return g->status ? g->status : GIR_ERR_OUT_OF_MEMORY; }

/* steps 3 and 4 above, given the first sweep's result w (one per input) and the placeholders u (one per output):
   the gradient of s = sum_j <w_j, t_j> with respect to u is the sweep from the outputs w with cotangents t, so s
   is never built */
static gir_status gir__jvp_from(gir_graph *g, int n_out, const gir_node *u, int n_in, const gir_node *w,
                                const gir_node *tangents, gir_node *out_tangents) {
    return gir__sweep(g, n_in, w, tangents, n_out, u, out_tangents);
}

/* the placeholders and the first sweep: u[n_out], w[n_in] */
static gir_status gir__jvp_start(gir_graph *g, int n_out, const gir_node *outs, gir_node *u, int n_in,
                                 const gir_node *ins, gir_node *w) {
    int i;
    for (i = 0; i < n_out; ++i)
        if (!(u[i] = gir__placeholder(g, outs[i])).id) return gir__ad_status(g);
    return gir__sweep(g, n_out, outs, u, n_in, ins, w);
}

GIR_API gir_status gir_jvp(gir_graph *g, int n_out, const gir_node *outs, int n_in, const gir_node *ins,
                           const gir_node *tangents, gir_node *out_tangents) {
    gir_node *u, *w;
    size_t bytes;
    gir_status st;
    int k;
    if (!g) return GIR_ERR_INVALID_ARG;
    if (out_tangents && n_out > 0)
        for (k = 0; k < n_out; ++k) out_tangents[k] = gir__handle(NULL, 0);
    if ((st = gir__ad_counts(g, "jvp", n_out, outs, out_tangents, n_in, ins, tangents,
                             "(outs, ins, tangents, out_tangents)")) != GIR_OK)
        return st;
    for (k = 0; k < n_out; ++k)
        if ((st = gir__ad_arg(g, "jvp", "outs", k, outs[k], 1)) != GIR_OK) return st;
    for (k = 0; k < n_in; ++k) {
        if ((st = gir__ad_arg(g, "jvp", "ins", k, ins[k], 1)) != GIR_OK) return st;
        if ((st = gir__ad_arg(g, "jvp", "tangents", k, tangents[k], 0)) != GIR_OK) return st;
        if ((st = gir__ad_like(g, "jvp", "tangents", "ins", k, tangents[k], ins[k])) != GIR_OK) return st;
    }
    bytes = ((size_t)n_out + (size_t)n_in) * sizeof(gir_node);
    u = (gir_node *)gir__alloc(&g->a, bytes);
    if (!u) {
        gir__gfail(g, GIR_ERR_OUT_OF_MEMORY, "jvp: out of memory");
        return GIR_ERR_OUT_OF_MEMORY;
    }
    w = u + n_out;
    st = gir__jvp_start(g, n_out, outs, u, n_in, ins, w);
    if (st == GIR_OK) st = gir__jvp_from(g, n_out, u, n_in, w, tangents, out_tangents);
    if (st != GIR_OK)
        for (k = 0; k < n_out; ++k) out_tangents[k] = gir__handle(NULL, 0);
    gir__free(&g->a, u, bytes);
    return st;
}

/* jacobian ----------------------------------------------------------------------------------------------------
   One sweep per element of the smaller side, stacked with concat: rows d y_i / d x (gir_vjp with the unit
   cotangent e_i, a row of an eye node) when y has no more elements than x, else columns d y / d x_j (gir_jvp
   with the unit tangent e_j, sharing the first sweep: column j is the gradient of element j of vjp(u) with
   respect to u). */

/* concat n nodes along axis in groups of GIR_MAX_VARIADIC, in place; the result in v[0] */
static gir_status gir__stack(gir_graph *g, int n, gir_node *v, int axis) {
    while (n > 1) {
        int k, m = 0;
        for (k = 0; k < n; k += GIR_MAX_VARIADIC) {
            int c = n - k < GIR_MAX_VARIADIC ? n - k : GIR_MAX_VARIADIC;
            v[m] = gir_concat(g, c, v + k, axis);
            if (!v[m++].id) return gir__ad_status(g);
        }
        n = m;
    }
    return GIR_OK;
}
/* element k of an n-element node, as a rank-0 node, or row k of eye(n) shaped as s */
static gir_node gir__elem(gir_graph *g, gir_node x, int32_t n, int32_t k) {
    return gir_reshape(g, gir_slice(g, gir_reshape(g, x, gir_shape1(n)), 0, k, k + 1, 1), gir_shape0());
}
static gir_node gir__unit(gir_graph *g, gir_node eye, int32_t k, gir_shape s) {
    return gir_reshape(g, gir_slice(g, eye, 0, k, k + 1, 1), s);
}
static gir_status gir__jac_rows(gir_graph *g, gir_node y, gir_node x, int32_t ny, int32_t nx, gir_node *v) {
    const gir__node *yd = &g->nodes[y.id];
    gir_shape ys = (*gir__nshape(g, yd));
    gir_node eye = gir_eye(g, (gir_dtype)yd->dtype, ny, ny, 0), e;
    int32_t i;
    gir_status st;
    if (!eye.id) return gir__ad_status(g);
    for (i = 0; i < ny; ++i) {
        if (!(e = gir__unit(g, eye, i, ys)).id) return gir__ad_status(g);
        if ((st = gir__sweep(g, 1, &y, &e, 1, &x, &v[i])) != GIR_OK) return st;
        if (!(v[i] = gir_reshape(g, v[i], gir_shape2(1, nx))).id) return gir__ad_status(g);
    }
    return gir__stack(g, ny, v, 0);
}
static gir_status gir__jac_cols(gir_graph *g, gir_node y, gir_node x, int32_t ny, int32_t nx, gir_node *v) {
    gir_node u, w, one, s;
    int32_t j;
    gir_status st;
    if ((st = gir__jvp_start(g, 1, &y, &u, 1, &x, &w)) != GIR_OK) return st;
    for (j = 0; j < nx; ++j) {
        if (!(s = gir__elem(g, w, nx, j)).id || !(one = gir_ones_like(g, s)).id) return gir__ad_status(g);
        if ((st = gir__sweep(g, 1, &s, &one, 1, &u, &v[j])) != GIR_OK) return st;
        if (!(v[j] = gir_reshape(g, v[j], gir_shape2(ny, 1))).id) return gir__ad_status(g);
    }
    return gir__stack(g, nx, v, 1);
}
/* the checks of gir_jacobian / gir_hessian, and the result's shape y.shape ++ x.shape */
static gir_status gir__jac_check(gir_graph *g, const char *fn, gir_node y, gir_node x, gir_shape *js) {
    const gir__node *yd, *xd;
    int64_t ny, nx;
    gir_status st;
    int k;
    if ((st = gir__ad_arg(g, fn, "y", -1, y, 1)) != GIR_OK || (st = gir__ad_arg(g, fn, "x", -1, x, 1)) != GIR_OK)
        return st;
    yd = &g->nodes[y.id];
    xd = &g->nodes[x.id];
    ny = gir__numel(gir__nshape(g, yd));
    nx = gir__numel(gir__nshape(g, xd));
    if (gir__nshape(g, yd)->rank + gir__nshape(g, xd)->rank > GIR_MAX_RANK) {
        gir__gfail(g, GIR_ERR_LIMIT, "%s: y %S and x %S: the result's rank %d exceeds GIR_MAX_RANK %d", fn,
                   gir__nshape(g, yd), gir__nshape(g, xd), (int)(gir__nshape(g, yd)->rank + gir__nshape(g, xd)->rank), GIR_MAX_RANK);
        return GIR_ERR_LIMIT;
    }
    if ((ny < nx ? ny : nx) > GIR_JACOBIAN_MAX) {
        gir__gfail(g, GIR_ERR_LIMIT, "%s: y %S and x %S: one sweep per element of the smaller side, %l, exceeds "
                   "GIR_JACOBIAN_MAX %d", fn, gir__nshape(g, yd), gir__nshape(g, xd), (long long)(ny < nx ? ny : nx),
                   GIR_JACOBIAN_MAX);
        return GIR_ERR_LIMIT;
    }
    *js = (*gir__nshape(g, yd));
    for (k = 0; k < gir__nshape(g, xd)->rank; ++k) js->dim[js->rank++] = gir__nshape(g, xd)->dim[k];
    return GIR_OK;
}
static gir_status gir__jacobian(gir_graph *g, const char *fn, gir_node y, gir_node x, gir_node *out) {
    gir_shape js;
    gir_node *v;
    int32_t ny, nx, n;
    gir_status st;
    if ((st = gir__jac_check(g, fn, y, x, &js)) != GIR_OK) return st;
    ny = (int32_t)gir__numel(gir__nshape(g, &g->nodes[y.id]));
    nx = (int32_t)gir__numel(gir__nshape(g, &g->nodes[x.id]));
    if (!ny || !nx) {
        *out = gir_zeros(g, (gir_dtype)g->nodes[y.id].dtype, js);
        return out->id ? GIR_OK : gir__ad_status(g);
    }
    n = ny <= nx ? ny : nx;
    v = (gir_node *)gir__alloc(&g->a, (size_t)n * sizeof(gir_node));
    if (!v) {
        gir__gfail(g, GIR_ERR_OUT_OF_MEMORY, "%s: out of memory", fn);
        return GIR_ERR_OUT_OF_MEMORY;
    }
    st = ny <= nx ? gir__jac_rows(g, y, x, ny, nx, v) : gir__jac_cols(g, y, x, ny, nx, v);
    if (st == GIR_OK && g->nodes[v[0].id].dtype != g->nodes[y.id].dtype)
        v[0] = gir_cast(g, v[0], (gir_dtype)g->nodes[y.id].dtype);
    if (st == GIR_OK && !(*out = gir_reshape(g, v[0], js)).id) st = gir__ad_status(g);
    gir__free(&g->a, v, (size_t)n * sizeof(gir_node));
    return st;
}
GIR_API gir_status gir_jacobian(gir_graph *g, gir_node y, gir_node x, gir_node *jac) {
    gir_status st;
    if (!g) return GIR_ERR_INVALID_ARG;
    if (!jac) {
        gir__gfail(g, GIR_ERR_INVALID_ARG, "jacobian: the result pointer is NULL");
        return GIR_ERR_INVALID_ARG;
    }
    *jac = gir__handle(NULL, 0);
    st = gir__jacobian(g, "jacobian", y, x, jac);
    if (st != GIR_OK) *jac = gir__handle(NULL, 0);
    return st;
}
/* the Jacobian of the gradient: rows by reverse over reverse */
GIR_API gir_status gir_hessian(gir_graph *g, gir_node y, gir_node x, gir_node *hess) {
    gir_node gr;
    gir_status st;
    if (!g) return GIR_ERR_INVALID_ARG;
    if (!hess) {
        gir__gfail(g, GIR_ERR_INVALID_ARG, "hessian: the result pointer is NULL");
        return GIR_ERR_INVALID_ARG;
    }
    *hess = gir__handle(NULL, 0);
    if ((st = gir__ad_arg(g, "hessian", "y", -1, y, 1)) != GIR_OK) return st;
    if ((st = gir__ad_arg(g, "hessian", "x", -1, x, 1)) != GIR_OK) return st;
    if (gir__numel(gir__nshape(g, &g->nodes[y.id])) != 1) {
        gir__gfail(g, GIR_ERR_SHAPE, "hessian: y (node %u) must hold one element, got %T %S", (unsigned)y.id,
                   (int)g->nodes[y.id].dtype, gir__nshape(g, &g->nodes[y.id]));
        return GIR_ERR_SHAPE;
    }
    if (gir__numel(gir__nshape(g, &g->nodes[x.id])) > GIR_JACOBIAN_MAX) {
        gir__gfail(g, GIR_ERR_LIMIT, "hessian: x %S has %l elements, more than GIR_JACOBIAN_MAX %d (one sweep each)",
                   gir__nshape(g, &g->nodes[x.id]), (long long)gir__numel(gir__nshape(g, &g->nodes[x.id])), GIR_JACOBIAN_MAX);
        return GIR_ERR_LIMIT;
    }
    if ((st = gir_grad(g, y, 1, &x, &gr)) != GIR_OK) return st;
    st = gir__jacobian(g, "hessian", gr, x, hess);
    if (st != GIR_OK) *hess = gir__handle(NULL, 0);
    return st;
}
