/* >>trainer: one call from a loss to a compiled training plan (gir_train_compile): the parameters (given, or
   found from the loss), their gradients (gir_grad), clipping, the optimizer's updates (gir_optim_updates) and
   the plan, whose outputs are the loss, the extra outputs and the updates, so the updates cannot be left out. */

static int gir__name_under(const char *name, const char *scope, size_t sl) {
    size_t k;
    for (k = 0; k < sl; ++k)
        if (name[k] != scope[k]) return 0;      /* name's NUL stops it first when it is shorter */
    return 1;
}
/* the trainable variables the loss reads in a training plan, in id order: float variables (not read-only)
   that a parent path reaches, under scope when one is given. Writes at most cap of them to out; returns how
   many there are. */
static int gir__train_params(gir_graph *g, gir_node loss, const char *scope, uint8_t *seen, gir_node *out, int cap) {
    size_t id, sl = scope ? gir__strlen_max(scope, GIR_MAX_NAME) : 0;
    uint32_t k;
    int n = 0;
    GIR_MEMSET(seen, 0, g->nnodes);
    seen[loss.id] = 1;
    for (id = loss.id; id >= 1; --id) {        /* ids are topological: one backward sweep */
        const gir__node *d = &g->nodes[id];
        if (!seen[id] || gir__op_is(d->op, GIR__F_WRITES)) continue;   /* not into a train_eval's updates */
        for (k = 0; k < d->nparents; ++k)      /* gradients flow through parents; a train_eval's training one */
            if (gir__mode_needs(d, k, 0)) seen[g->ins[d->in0 + k]] = 1;
    }
    for (id = 1; id <= loss.id; ++id) {
        const gir__node *d = &g->nodes[id];
        if (!seen[id] || !gir__op_is(d->op, GIR__F_LEAF_VAR) || !gir__is_float(d->dtype) || gir__is_ref(g, d)) continue;
        if (sl && !gir__name_under(d->name ? gir__name_at(g, d->name) : "", scope, sl)) continue;
        if (n < cap) out[n] = gir__handle(g, (uint32_t)id);
        ++n;
    }
    return n;
}
static gir_status gir__train_args(gir_graph *g, gir_node loss, const gir_train_desc *t, gir_plan **plan) {
    const gir__node *d;
    if (!t || !plan) {
        gir__gfail(g, GIR_ERR_INVALID_ARG, "train_compile: the %s is NULL", t ? "plan pointer" : "desc");
        return GIR_ERR_INVALID_ARG;
    }
    *plan = NULL;
    if (t->eval) *t->eval = NULL;
    if (g->status != GIR_OK) return g->status;
    if (!(d = gir__arg(g, loss, "train_compile", "loss"))) {
        if (g->status == GIR_OK) gir__gfail(g, GIR_ERR_HANDLE, "train_compile: the loss is the invalid handle");
        return g->status;
    }
    if (!gir__is_float(d->dtype) || gir__numel(gir__nshape(g, d)) != 1) {
        gir__gfail(g, GIR_ERR_SHAPE, "train_compile: the loss %N is %T %S: needs a float scalar", (const gir_graph *)g,
                   (unsigned)loss.id, (int)d->dtype, gir__nshape(g, d));
        return GIR_ERR_SHAPE;
    }
    if (t->n_params < 0 || (t->n_params && !t->params) || t->n_extra < 0 || (t->n_extra && !t->extra) ||
        !(t->clip_norm >= 0)) {
        gir__gfail(g, GIR_ERR_INVALID_ARG, "train_compile: n_params %d, n_extra %d, clip_norm %g: needs counts >= 0 "
                   "with their arrays, clip_norm >= 0", t->n_params, t->n_extra, t->clip_norm);
        return GIR_ERR_INVALID_ARG;
    }
    return GIR_OK;
}
/* grads of the n params, clipped, then the updates; the plan's outputs are written to outs: returns their count
   (0 on error) */
static int gir__train_outs(gir_graph *g, gir_node loss, const gir_train_desc *t, int n, const gir_node *params,
                           gir_node *grads, gir_node *outs) {
    gir_node lr = t->lr_node;
    int k, nu;
    if (gir_grad(g, loss, n, params, grads) != GIR_OK) return 0;
    if (t->clip_norm > 0 && !gir_clip_grad_norm(g, n, grads, t->clip_norm, grads).id) return 0;
    if (!lr.id && !lr.tag) lr = gir_scalar(g, GIR_DTYPE_F64, t->lr);
    outs[0] = loss;
    for (k = 0; k < t->n_extra; ++k) outs[1 + k] = t->extra[k];
    nu = gir_optim_updates(g, &t->optim, n, params, grads, lr, outs + 1 + t->n_extra);
    return nu ? 1 + t->n_extra + nu : 0;
}
/* the parameters (found: counted, then listed) and the work arrays in one block of the graph's allocator */
static gir_node *gir__train_mem(gir_graph *g, gir_node loss, const gir_train_desc *t, int *n, size_t *bytes) {
    uint8_t *seen = (uint8_t *)gir__alloc(&g->a, g->nnodes);
    gir_node *mem;
    *n = t->n_params;
    if (!t->n_params && seen) *n = gir__train_params(g, loss, t->scope, seen, NULL, 0);
    *bytes = (size_t)(3 * *n + 2 + t->n_extra + GIR_OPTIM_MAX_UPDATES(*n)) * sizeof(gir_node);
    mem = seen && *n > 0 ? (gir_node *)gir__alloc(&g->a, *bytes) : NULL;
    if (mem && t->n_params) GIR_MEMCPY(mem, t->params, (size_t)*n * sizeof(gir_node));
    else if (mem) gir__train_params(g, loss, t->scope, seen, mem, *n);
    if (seen) gir__free(&g->a, seen, g->nnodes);
    if (!mem && seen && *n == 0)
        gir__gfail(g, GIR_ERR_INVALID_ARG, "train_compile: the loss %N reads no trainable variable%s%s",
                   (const gir_graph *)g, (unsigned)loss.id, t->scope ? " under " : "", t->scope ? t->scope : "");
    else if (!mem)
        gir__gfail(g, GIR_ERR_OUT_OF_MEMORY, "train_compile: out of memory");
    return mem;
}
GIR_API gir_train_desc gir_train_defaults(gir_optim_kind kind, double lr) {
    gir_train_desc t;
    GIR_MEMSET(&t, 0, sizeof t);
    t.optim = gir_optim_defaults(kind);
    t.lr = lr;
    return t;
}
GIR_API gir_status gir_train_compile(gir_graph *g, gir_node loss, const gir_train_desc *t, gir_plan **plan) {
    gir_status st;
    int n, nout;
    size_t bytes;
    gir_node *mem;
    if (!g) return GIR_ERR_INVALID_ARG;
    if ((st = gir__train_args(g, loss, t, plan)) != GIR_OK) return st;
    if (!(mem = gir__train_mem(g, loss, t, &n, &bytes))) return g->status;
    nout = gir__train_outs(g, loss, t, n, mem, mem + n, mem + 2 * n);
    st = nout ? gir_plan_compile(g, nout, mem + 2 * n, &t->compile, plan) : g->status;
    if (st == GIR_OK && t->eval) {
        gir_compile_desc ev = t->compile;
        ev.flags |= GIR_COMPILE_EVAL;
        ev.buffer = NULL;                         /* the caller's buffer holds the training plan */
        ev.buffer_bytes = 0;
        if ((st = gir_plan_compile(g, 1 + t->n_extra, mem + 2 * n, &ev, t->eval)) != GIR_OK) {
            gir_plan_free(*plan);
            *plan = NULL;
        }
    }
    gir__free(&g->a, mem, bytes);
    return st;
}
