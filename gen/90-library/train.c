/* >>train: training inside the plan. The assign op (a variable takes a new value at the end of the run), the
   order gir_plan_compile gives assign steps, train and eval plans (train_eval nodes, dropout), the optimizers
   (SGD, momentum, Nesterov, Adam, AdamW, AMSGrad), gradient clipping by global norm, learning-rate schedules
   as nodes, and batch norm with running statistics.

   Ordering rule (the scheduler's, and the one a memory planner must keep): an assign step of variable V runs
   after every step of the plan that reads V directly (V among its inputs), so those read the old value; a step
   that uses an assign node's value runs after that assign. Assign steps otherwise run as late as they can:
   after every step that does not depend on an assign. gir__assign_before lists, for an assign step, the steps
   that must come before it besides its inputs' producers. Elementwise fusion runs a group's members at the
   group's root: a member that reads V joins the group only when no assign of V lies between it and the root. */

/*@cold*/
/* -- the ops ---------------------------------------------------------------------------------------------- */
static gir_status gir__sh_assign(gir__bctx *b) {
    const gir__node *v = gir__bin(b, 0), *x = gir__bin(b, 1);
    if (v->dtype != x->dtype)
        return GIR__BFAIL(b, GIR_ERR_DTYPE, "assign: node %u: value (node %u) %T %S must have the dtype of var "
                          "(node %u) %T %S", b->id, (unsigned)b->in[1].id, (int)x->dtype, gir__nshape(b->g, x),
                          (unsigned)b->in[0].id, (int)v->dtype, gir__nshape(b->g, v));
    if (!gir__shape_eq(gir__nshape(b->g, v), gir__nshape(b->g, x)))
        return GIR__BFAIL(b, GIR_ERR_SHAPE, "assign: node %u: value (node %u) %T %S must have the shape of var "
                          "(node %u) %T %S", b->id, (unsigned)b->in[1].id, (int)x->dtype, gir__nshape(b->g, x),
                          (unsigned)b->in[0].id, (int)v->dtype, gir__nshape(b->g, v));
    if (!gir__op_is(v->op, GIR__F_LEAF_VAR))
        return GIR__BFAIL(b, GIR_ERR_INVALID_ARG, "assign: node %u: var (node %u, %s %T %S) must be a variable",
                          b->id, (unsigned)b->in[0].id, gir__op_names[v->op], (int)v->dtype, gir__nshape(b->g, v));
    b->out = (*gir__nshape(b->g, v));
    b->dtype = v->dtype;
    return GIR_OK;
}
/*@cold end*/
/* writes the variable (in[0], the graph's storage) and the node's own value, both the new value */
static gir_status gir__k_assign(gir__kx *k) {
    size_t bytes = (size_t)gir__numel(k->shape) * gir__esize(k->dtype);
    if (bytes && k->in[0].p != k->in[1].p) GIR_MEMCPY((void *)(uintptr_t)k->in[0].p, k->in[1].p, bytes);
    if (bytes && k->out != k->in[1].p) GIR_MEMCPY(k->out, k->in[1].p, bytes);
    return GIR_OK;
}
/*@cold*/
static gir_status gir__sh_train_eval(gir__bctx *b) {
    const gir__node *t, *e;
    int k;
    if (b->n < 2)
        return GIR__BFAIL(b, GIR_ERR_INVALID_ARG, "train_eval: node %u: needs a training and an eval value, got %d "
                          "input(s)", b->id, b->n);
    t = gir__bin(b, 0);
    e = gir__bin(b, 1);
    if (t->dtype != e->dtype)
        return GIR__BFAIL(b, GIR_ERR_DTYPE, "train_eval: node %u: the eval value (node %u) %T %S must have the "
                          "dtype of the training value (node %u) %T %S", b->id, (unsigned)b->in[1].id, (int)e->dtype,
                          gir__nshape(b->g, e), (unsigned)b->in[0].id, (int)t->dtype, gir__nshape(b->g, t));
    if (!gir__shape_eq(gir__nshape(b->g, t), gir__nshape(b->g, e)))
        return GIR__BFAIL(b, GIR_ERR_SHAPE, "train_eval: node %u: the eval value (node %u) %T %S must have the "
                          "shape of the training value (node %u) %T %S", b->id, (unsigned)b->in[1].id, (int)e->dtype,
                          gir__nshape(b->g, e), (unsigned)b->in[0].id, (int)t->dtype, gir__nshape(b->g, t));
    for (k = 2; k < b->n; ++k) {
        const gir__node *u = gir__bin(b, k);
        if (!gir__op_is(u->op, GIR__F_WRITES) || u->dtype != t->dtype)
            return GIR__BFAIL(b, GIR_ERR_INVALID_ARG, "train_eval: node %u: update %d (node %u, %s %T %S) must be an "
                              "assign node of %T", b->id, k - 2, (unsigned)b->in[k].id, gir__op_names[u->op],
                              (int)u->dtype, gir__nshape(b->g, u), (int)t->dtype);
    }
    b->out = (*gir__nshape(b->g, t));
    b->dtype = t->dtype;
    return GIR_OK;
}

/* -- what gir_plan_compile asks of this fragment --------------------------------------------------------------- */
/* input k of node d is computed by a plan compiled in mode eval (0: training): a train_eval node needs its
   training value and its updates, or only its eval value */
static int gir__mode_needs(const gir__node *d, uint32_t k, int eval) {
    if (!gir__op_is(d->op, GIR__F_EVAL_PICK1)) return 1;
    return eval ? k == 1 : k != 1;
}
/* the inputs a step of node d reads: [*first, *first + return value) */
static uint32_t gir__mode_reads(const gir__node *d, int eval, uint32_t *first) {
    *first = 0;
    if (!gir__op_is(d->op, GIR__F_EVAL_PICK1)) return d->nin;
    *first = eval ? 1u : 0u;
    return 1;
}
/* the kernel a step of node d runs: in eval plans an EVAL_ID op (dropout) is the identity, which runs as a copy.
   Not a column: stop_gradient is named as the op whose kernel is that copy (a step records an op). */
static uint16_t gir__mode_op(const gir__node *d, int eval) {
    return (uint16_t)(eval && gir__op_is(d->op, GIR__F_EVAL_ID) ? (int)GIR_OP_STOP_GRADIENT : (int)d->op);
}

/* the steps that must come before assign step a, besides the producers of its inputs: every other step that
   reads a's variable directly. Writes them to out (when not NULL) in step order; returns how many. This is the
   hook for a later scheduler or memory planner. */
static uint32_t gir__assign_before(const gir_plan *p, uint32_t a, uint32_t *out) {
    uint32_t var = p->sin[p->steps[a].in0], k, j, n = 0;
    for (k = 0; k < p->nsteps; ++k) {
        const gir__step *s = &p->steps[k];
        if (k == a) continue;
        for (j = 0; j < s->nin; ++j)
            if (p->sin[s->in0 + j] == var) {
                if (out) out[n] = k;
                ++n;
                break;
            }
    }
    return n;
}

typedef struct gir__awork {
    uint32_t *prod;     /* value -> producing step + 1 */
    uint32_t *owner;    /* value (a variable) -> its assign step + 1 */
    uint32_t *rem;      /* value (an assigned variable) -> steps reading it not yet placed */
    uint32_t *order;    /* the new step order */
    uint8_t  *done;
} gir__awork;

/* step s can be placed: its inputs' producers are placed, and an assign has no reader of its variable left */
static int gir__assign_ready(const gir_plan *p, const gir__awork *w, uint32_t s) {
    const gir__step *st = &p->steps[s];
    uint32_t j;
    for (j = 0; j < st->nin; ++j) {
        uint32_t pr = w->prod[p->sin[st->in0 + j]];
        if (pr && !w->done[pr - 1]) return 0;
    }
    return !gir__op_is(st->op, GIR__F_WRITES) || w->rem[p->sin[st->in0]] == 0;
}
static void gir__assign_place(const gir_plan *p, gir__awork *w, uint32_t s, uint32_t *n) {
    const gir__step *st = &p->steps[s];
    uint32_t j, i;
    w->done[s] = 1;
    w->order[(*n)++] = s;
    for (j = 0; j < st->nin; ++j) {            /* each variable once per step, the assign's own var not at all */
        uint32_t v = p->sin[st->in0 + j];
        int seen = gir__op_is(st->op, GIR__F_WRITES) && v == p->sin[st->in0];
        for (i = 0; i < j && !seen; ++i) seen = p->sin[st->in0 + i] == v;
        if (!seen && w->owner[v]) --w->rem[v];
    }
}
/* the plan cannot be ordered: names a step that reads an assigned variable yet depends on its assign */
static void gir__assign_cycle(gir_graph *g, gir_plan *p, const gir__awork *w) {
    uint32_t k, j;
    for (k = 0; k < p->nsteps; ++k) {
        const gir__step *s = &p->steps[k];
        if (w->done[k] || gir__op_is(s->op, GIR__F_WRITES)) continue;
        for (j = 0; j < s->nin; ++j) {
            uint32_t v = p->sin[s->in0 + j];
            if (w->owner[v]) {
                gir__gfail(g, GIR_ERR_INVALID_ARG, "compile: node %u (%s) reads variable node %u and depends on "
                           "assign node %u to it: the old value would be read after the write",
                           (unsigned)p->vals[s->val].node, gir__op_names[s->op], (unsigned)p->vals[v].node,
                           (unsigned)p->vals[p->steps[w->owner[v] - 1].val].node);
                return;
            }
        }
    }
    gir__gfail(g, GIR_ERR_INVALID_ARG, "compile: assign nodes that read each other's variables cannot be ordered");
}
/* checks the plan's assign steps (one per variable) and orders the steps by the rule at the top */
static gir_status gir__assign_order(gir_graph *g, gir_plan *p) {
    gir__awork w;
    uint32_t k, j, n = 0, na = 0, progress = 1;
    size_t nv = p->nvals ? p->nvals : 1, ns = p->nsteps ? p->nsteps : 1, bytes;
    void *mem;
    gir_status st = GIR_OK;
    for (k = 0; k < p->nsteps; ++k) na += gir__op_is(p->steps[k].op, GIR__F_WRITES);
    if (!na) return GIR_OK;
    bytes = nv * 3 * sizeof(uint32_t) + ns * sizeof(uint32_t) + ns;
    if (!(mem = gir__alloc(&p->a, bytes))) return GIR_ERR_OUT_OF_MEMORY;
    GIR_MEMSET(mem, 0, bytes);
    w.prod = (uint32_t *)mem; w.owner = w.prod + nv; w.rem = w.owner + nv; w.order = w.rem + nv;
    w.done = (uint8_t *)(w.order + ns);
    for (k = 0; k < p->nsteps && st == GIR_OK; ++k) {
        const gir__step *s = &p->steps[k];
        uint32_t v = p->sin[s->in0];
        w.prod[s->val] = k + 1;
        if (!gir__op_is(s->op, GIR__F_WRITES)) continue;
        if (w.owner[v]) {
            gir__gfail(g, GIR_ERR_INVALID_ARG, "compile: assign nodes %u and %u both write variable node %u in one "
                       "plan", (unsigned)p->vals[p->steps[w.owner[v] - 1].val].node, (unsigned)p->vals[s->val].node,
                       (unsigned)p->vals[v].node);
            st = GIR_ERR_INVALID_ARG;
        }
        w.owner[v] = k + 1;
    }
    for (k = 0; k < p->nsteps && st == GIR_OK; ++k)
        if (gir__op_is(p->steps[k].op, GIR__F_WRITES)) w.rem[p->sin[p->steps[k].in0]] = gir__assign_before(p, k, NULL);
    while (st == GIR_OK && n < p->nsteps && progress) {   /* passes: the other steps, then the assigns */
        uint32_t n0 = n;
        for (j = 0; j < 2; ++j)
            for (k = 0; k < p->nsteps; ++k)
                if (!w.done[k] && gir__op_is(p->steps[k].op, GIR__F_WRITES) == (j == 1) && gir__assign_ready(p, &w, k))
                    gir__assign_place(p, &w, k, &n);
        progress = n > n0;
    }
    if (st == GIR_OK && n < p->nsteps) {
        gir__assign_cycle(g, p, &w);
        st = GIR_ERR_INVALID_ARG;
    }
    if (st == GIR_OK) {                        /* the steps in their new order, through the spare prod array */
        gir__step *tmp = (gir__step *)gir__alloc(&p->a, ns * sizeof(gir__step));
        if (!tmp) st = GIR_ERR_OUT_OF_MEMORY;
        else {
            for (k = 0; k < p->nsteps; ++k) tmp[k] = p->steps[w.order[k]];
            GIR_MEMCPY(p->steps, tmp, p->nsteps * sizeof(gir__step));
            gir__free(&p->a, tmp, ns * sizeof(gir__step));
        }
    }
    gir__free(&p->a, mem, bytes);
    return st;
}

/* -- optimizers ------------------------------------------------------------------------------------------- */
/* element k of a caller's list of nodes: its node, or NULL after recording why (an earlier failure's {0} keeps
   the earlier message) */
static const gir__node *gir__list_arg(gir_graph *g, gir_node x, const char *fn, const char *what, int k) {
    int kind = gir__handle_kind(g, x);
    if (kind == GIR__H_OWN) return &g->nodes[x.id];
    if (kind != GIR__H_NONE || g->status == GIR_OK)
        gir__gfail(g, GIR_ERR_HANDLE, "%s: %s[%d] (id %u) %s", fn, what, k, (unsigned)x.id, gir__handle_why(kind));
    return NULL;
}
/* x as dtype dt (a cast when it differs) */
static gir_node gir__as(gir_graph *g, gir_node x, int dt) {
    if (!x.id || g->nodes[x.id].dtype == dt) return x;
    return gir_cast(g, x, (gir_dtype)dt);
}
static gir_node gir__sc(gir_graph *g, int dt, double v) { return gir_scalar(g, (gir_dtype)dt, v); }
/* a float scalar node (rank 0 or one element) as an f64 rank-0 node; {0} after recording why */
static gir_node gir__scalar_f64(gir_graph *g, gir_node x, const char *fn, const char *what) {
    const gir__node *d = gir__arg(g, x, fn, what);
    gir_node bad = gir__handle(NULL, 0);
    if (!d) {
        if (!x.id && g->status == GIR_OK) gir__gfail(g, GIR_ERR_HANDLE, "%s: %s is the invalid handle", fn, what);
        return bad;
    }
    if (!gir__is_float(d->dtype) || gir__numel(gir__nshape(g, d)) != 1) {
        gir__gfail(g, d->dtype && !gir__is_float(d->dtype) ? GIR_ERR_DTYPE : GIR_ERR_SHAPE, "%s: %s (node %u) must be "
                   "a float scalar (f32 or f64, one element), got %T %S", fn, what, (unsigned)x.id, (int)d->dtype,
                   gir__nshape(g, d));
        return bad;
    }
    if (gir__nshape(g, d)->rank) x = gir_reshape(g, x, gir_shape0());
    return gir__as(g, x, GIR_DTYPE_F64);
}
/* the options with torch's defaults filled in, checked as torch checks them */
static int gir__optim_desc(gir_graph *g, const gir_optim_desc *in, gir_optim_desc *d) {
    static const char *const fn = "optim_updates";
    if (in) GIR_MEMCPY(d, in, sizeof *d);
    else GIR_MEMSET(d, 0, sizeof *d);
    if (d->beta1 == 0) d->beta1 = 0.9;
    if (d->beta2 == 0) d->beta2 = 0.999;
    if (d->eps == 0) d->eps = 1e-8;
    if ((unsigned)d->kind > (unsigned)GIR_OPTIM_ADAMW)
        gir__gfail(g, GIR_ERR_ATTR, "%s: unknown optimizer kind %d", fn, (int)d->kind);
    else if (!(d->momentum >= 0 && d->momentum < 1e300) || !(d->weight_decay >= 0 && d->weight_decay < 1e300) ||
             !(d->dampening > -1e300 && d->dampening < 1e300))
        gir__gfail(g, GIR_ERR_ATTR, "%s: momentum %g and weight_decay %g must be >= 0 and finite, dampening %g "
                   "finite", fn, d->momentum, d->weight_decay, d->dampening);
    else if (d->nesterov && (d->momentum <= 0 || d->dampening != 0))
        gir__gfail(g, GIR_ERR_ATTR, "%s: Nesterov momentum needs momentum > 0 and dampening 0 (momentum %g, "
                   "dampening %g)", fn, d->momentum, d->dampening);
    else if (!(d->beta1 >= 0 && d->beta1 < 1) || !(d->beta2 >= 0 && d->beta2 < 1) || !(d->eps >= 0 && d->eps < 1e300))
        gir__gfail(g, GIR_ERR_ATTR, "%s: betas (%g, %g) must be in [0, 1) and eps %g >= 0", fn, d->beta1, d->beta2,
                   d->eps);
    else return 1;
    return 0;
}
GIR_API gir_optim_desc gir_optim_defaults(gir_optim_kind kind) {
    gir_optim_desc d;
    GIR_MEMSET(&d, 0, sizeof d);
    if (kind != GIR_OPTIM_ADAM && kind != GIR_OPTIM_ADAMW) return d;
    d.kind = kind;
    d.beta1 = 0.9;
    d.beta2 = 0.999;
    d.eps = 1e-8;
    if (kind == GIR_OPTIM_ADAMW) d.weight_decay = 0.01;
    return d;
}
/* the parameters are distinct float variables and each gradient matches its parameter */
static int gir__optim_args(gir_graph *g, int n, const gir_node *params, const gir_node *grads, gir_node *updates) {
    static const char *const fn = "optim_updates";
    int k, j;
    if (n < 1 || n > 1000000 || !params || !grads || !updates) {
        gir__gfail(g, GIR_ERR_INVALID_ARG, "%s: needs 1 <= n (%d) and arrays params, grads and updates", fn, n);
        return 0;
    }
    for (k = 0; k < n; ++k) {
        const gir__node *p = gir__list_arg(g, params[k], fn, "params", k), *d;
        gir__node pv;
        if (!p) return 0;
        pv = *p;
        if (!gir__op_is(pv.op, GIR__F_LEAF_VAR) || !gir__is_float(pv.dtype)) {
            gir__gfail(g, !gir__op_is(pv.op, GIR__F_LEAF_VAR) ? GIR_ERR_INVALID_ARG : GIR_ERR_DTYPE, "%s: params[%d] (node %u, "
                       "%s %T %S) must be a variable of f32 or f64", fn, k, (unsigned)params[k].id,
                       gir__op_names[pv.op], (int)pv.dtype, gir__nshape(g, &pv));
            return 0;
        }
        for (j = 0; j < k; ++j)
            if (params[j].id == params[k].id) {
                gir__gfail(g, GIR_ERR_INVALID_ARG, "%s: params[%d] and params[%d] are the same variable (node %u)",
                           fn, j, k, (unsigned)params[k].id);
                return 0;
            }
        if (!(d = gir__list_arg(g, grads[k], fn, "grads", k))) return 0;
        if (d->dtype != pv.dtype || !gir__shape_eq(gir__nshape(g, d), gir__nshape(g, &pv))) {
            gir__gfail(g, d->dtype != pv.dtype ? GIR_ERR_DTYPE : GIR_ERR_SHAPE, "%s: grads[%d] (node %u) %T %S does "
                       "not match params[%d] (node %u) %T %S", fn, k, (unsigned)grads[k].id, (int)d->dtype, gir__nshape(g, d),
                       k, (unsigned)params[k].id, (int)pv.dtype, gir__nshape(g, &pv));
            return 0;
        }
    }
    return 1;
}

/* the scalars one step shares between parameters (f64, rank 0) */
typedef struct gir__ostep {
    gir_node t, t1;        /* the step count variable, and the count after this step */
    gir_node first;        /* b8: this is the first step */
    gir_node neg_step;     /* Adam: -lr / (1 - beta1^t1) */
    gir_node bc2_sqrt;     /* Adam: sqrt(1 - beta2^t1) */
    gir_node decay;        /* AdamW: 1 - lr * weight_decay */
} gir__ostep;
static void gir__optim_scalars(gir_graph *g, const gir_optim_desc *d, gir_node lr, gir__ostep *s) {
    const int f = GIR_DTYPE_F64;
    gir_node bc1, bc2, one;
    GIR_MEMSET(s, 0, sizeof *s);
    if (d->kind == GIR_OPTIM_SGD && d->momentum == 0) return;
    s->t = gir_variable(g, GIR_DTYPE_F64, gir_shape0(), NULL);
    s->t1 = gir_add(g, s->t, gir__sc(g, f, 1.0));
    if (d->kind == GIR_OPTIM_SGD) {
        s->first = gir_eq(g, s->t, gir__sc(g, f, 0.0));
        return;
    }
    /* here and below, a call has at most one argument that builds nodes: the nodes come in C's sequence, the
       same from every compiler (the order of a call's arguments is the compiler's choice) */
    one = gir__sc(g, f, 1.0);
    bc1 = gir_sub(g, one, gir_pow(g, gir__sc(g, f, d->beta1), s->t1));
    one = gir__sc(g, f, 1.0);
    bc2 = gir_sub(g, one, gir_pow(g, gir__sc(g, f, d->beta2), s->t1));
    s->neg_step = gir_neg(g, gir_div(g, lr, bc1));
    s->bc2_sqrt = gir_sqrt(g, bc2);
    if (d->kind == GIR_OPTIM_ADAMW && d->weight_decay != 0) {
        one = gir__sc(g, f, 1.0);
        s->decay = gir_sub(g, one, gir_mul(g, lr, gir__sc(g, f, d->weight_decay)));
    }
}
/* torch.optim.SGD for one parameter: appends its updates, returns how many */
static int gir__sgd_param(gir_graph *g, const gir_optim_desc *d, const gir__ostep *s, gir_node p, gir_node gr,
                          gir_node lr, gir_node *out) {
    int dt = g->nodes[p.id].dtype, n = 0;
    gir_shape sh = (*gir__nshape(g, &g->nodes[p.id]));
    gir_node dp = gr;
    if (d->weight_decay != 0) dp = gir_add(g, dp, gir_mul(g, gir__sc(g, dt, d->weight_decay), p));
    if (d->momentum != 0) {
        gir_node buf = gir_variable(g, (gir_dtype)dt, sh, NULL);
        gir__name_derived(g, p, buf, "momentum_buffer");
        gir_node nb = gir_mul(g, buf, gir__sc(g, dt, d->momentum));
        nb = gir_add(g, nb, gir_mul(g, gir__sc(g, dt, 1.0 - d->dampening), dp));
        nb = gir_where(g, s->first, dp, nb);
        dp = d->nesterov ? gir_add(g, dp, gir_mul(g, gir__sc(g, dt, d->momentum), nb)) : nb;
        out[n + 1] = gir_assign(g, buf, nb);
    }
    out[n] = gir_assign(g, p, gir_sub(g, p, gir_mul(g, gir__as(g, lr, dt), dp)));
    return d->momentum != 0 ? 2 : 1;
}
/* torch.optim.Adam / AdamW for one parameter */
static int gir__adam_param(gir_graph *g, const gir_optim_desc *d, const gir__ostep *s, gir_node p, gir_node gr,
                           gir_node *out) {
    int dt = g->nodes[p.id].dtype;
    gir_shape sh = (*gir__nshape(g, &g->nodes[p.id]));
    gir_node m = gir_variable(g, (gir_dtype)dt, sh, NULL), v = gir_variable(g, (gir_dtype)dt, sh, NULL);
    gir_node mn, vn, use, denom, base = p;
    gir__name_derived(g, p, m, "exp_avg");
    gir__name_derived(g, p, v, "exp_avg_sq");
    if (d->kind == GIR_OPTIM_ADAM && d->weight_decay != 0)
        gr = gir_add(g, gr, gir_mul(g, gir__sc(g, dt, d->weight_decay), p));
    mn = gir_mul(g, m, gir__sc(g, dt, d->beta1));
    mn = gir_add(g, mn, gir_mul(g, gir__sc(g, dt, 1.0 - d->beta1), gr));
    vn = gir_mul(g, v, gir__sc(g, dt, d->beta2));
    vn = gir_add(g, vn, gir_mul(g, gir_mul(g, gir__sc(g, dt, 1.0 - d->beta2), gr), gr));  /* addcmul: (value * g) * g */
    use = vn;
    if (d->amsgrad) {
        gir_node vm = gir_variable(g, (gir_dtype)dt, sh, NULL);
        gir__name_derived(g, p, vm, "max_exp_avg_sq");
        use = gir_maximum(g, vm, vn);
        out[3] = gir_assign(g, vm, use);
    }
    denom = gir_sqrt(g, use);
    denom = gir_div(g, denom, gir__as(g, s->bc2_sqrt, dt));
    denom = gir_add(g, denom, gir__sc(g, dt, d->eps));
    if (s->decay.id) base = gir_mul(g, p, gir__as(g, s->decay, dt));
    out[0] = gir_assign(g, p, gir_add(g, base, gir_div(g, gir_mul(g, gir__as(g, s->neg_step, dt), mn), denom)));
    out[1] = gir_assign(g, m, mn);
    out[2] = gir_assign(g, v, vn);
    return d->amsgrad ? 4 : 3;
}
GIR_API int gir_optim_updates(gir_graph *g, const gir_optim_desc *desc, int n, const gir_node *params,
                              const gir_node *grads, gir_node lr, gir_node *updates) {
    gir_optim_desc d;
    gir__ostep s;
    gir_node lr64;
    int k, nu = 0, was_ok = gir__ok(g);
    if (!g || !gir__optim_desc(g, desc, &d) || !gir__optim_args(g, n, params, grads, updates)) return 0;
    lr64 = gir__scalar_f64(g, lr, "optim_updates", "lr");
    if (!lr64.id) return 0;
    gir__optim_scalars(g, &d, lr64, &s);
    gir__name_derived(g, params[0], s.t, "step");
    for (k = 0; k < n && gir__ok(g); ++k)
        nu += d.kind == GIR_OPTIM_SGD ? gir__sgd_param(g, &d, &s, params[k], grads[k], lr64, updates + nu)
                                      : gir__adam_param(g, &d, &s, params[k], grads[k], updates + nu);
    if (s.t.id) updates[nu++] = gir_assign(g, s.t, s.t1);
    if (!gir__ok(g)) {
        gir__named(g, was_ok, "optim_updates", lr64);
        return 0;
    }
    return nu;
}

/* torch.nn.utils.clip_grad_norm_ with the 2-norm */
GIR_API gir_node gir_clip_grad_norm(gir_graph *g, int n, const gir_node *grads, double max_norm, gir_node *clipped) {
    static const char *const fn = "clip_grad_norm";
    gir_node bad = gir__handle(NULL, 0), sq[GIR_MAX_VARIADIC], total, coef;
    int k, was_ok = gir__ok(g);
    if (!g) return bad;
    if (n < 1 || n > GIR_MAX_VARIADIC || !grads || !clipped) {
        gir__gfail(g, GIR_ERR_INVALID_ARG, "%s: needs 1 <= n (%d) <= %d and arrays grads and clipped", fn, n,
                   GIR_MAX_VARIADIC);
        return bad;
    }
    if (!(max_norm >= 0 && max_norm < 1e300)) {
        gir__gfail(g, GIR_ERR_ATTR, "%s: max_norm %g must be >= 0 and finite", fn, max_norm);
        return bad;
    }
    for (k = 0; k < n; ++k) {
        const gir__node *d = gir__list_arg(g, grads[k], fn, "grads", k);
        if (!d) return bad;
        if (!gir__is_float(d->dtype)) {
            gir__gfail(g, GIR_ERR_DTYPE, "%s: grads[%d] (node %u) must be f32 or f64, got %T %S", fn, k,
                       (unsigned)grads[k].id, (int)d->dtype, gir__nshape(g, d));
            return bad;
        }
    }
    for (k = 0; k < n; ++k)
        sq[k] = gir__as(g, gir_sum(g, gir_square(g, grads[k]), gir_ints0(), 0), GIR_DTYPE_F64);
    total = gir_sqrt(g, n > 1 ? gir_add_n(g, n, sq) : sq[0]);
    coef = gir__sc(g, GIR_DTYPE_F64, max_norm);
    coef = gir_div(g, coef, gir_add(g, total, gir__sc(g, GIR_DTYPE_F64, 1e-6)));
    coef = gir_minimum(g, coef, gir__sc(g, GIR_DTYPE_F64, 1.0));
    for (k = 0; k < n; ++k) sq[k] = gir_mul(g, grads[k], gir__as(g, coef, g->nodes[grads[k].id].dtype));
    if (!gir__ok(g)) return gir__named(g, was_ok, fn, bad);    /* clipped untouched */
    for (k = 0; k < n; ++k) clipped[k] = sq[k];           /* clipped may be grads itself */
    return total;
}

/* -- learning-rate schedules ------------------------------------------------------------------------------ */
static gir_node gir__step_f64(gir_graph *g, gir_node step, const char *fn) {
    const gir__node *d = gir__arg(g, step, fn, "step");
    if (!d) {
        if (!step.id && g && g->status == GIR_OK) gir__gfail(g, GIR_ERR_HANDLE, "%s: step is the invalid handle", fn);
        return gir__handle(NULL, 0);
    }
    if (gir__numel(gir__nshape(g, d)) != 1 || d->dtype == GIR_DTYPE_B8) {
        gir__gfail(g, d->dtype == GIR_DTYPE_B8 ? GIR_ERR_DTYPE : GIR_ERR_SHAPE, "%s: step (node %u) must be one "
                   "number, got %T %S", fn, (unsigned)step.id, (int)d->dtype, gir__nshape(g, d));
        return gir__handle(NULL, 0);
    }
    if (gir__nshape(g, d)->rank) step = gir_reshape(g, step, gir_shape0());
    return gir__as(g, step, GIR_DTYPE_F64);
}
GIR_API gir_node gir_lr_step_decay(gir_graph *g, gir_node step, double lr, int step_size, double gamma) {
    int was_ok = gir__ok(g);
    gir_node s, c;
    if (!g) return gir__handle(NULL, 0);
    if (step_size < 1) {
        gir__gfail(g, GIR_ERR_ATTR, "lr_step_decay: step_size %d must be >= 1", step_size);
        return gir__handle(NULL, 0);
    }
    if (!(s = gir__step_f64(g, step, "lr_step_decay")).id) return s;
    s = gir_floor(g, gir_div(g, s, gir__sc(g, GIR_DTYPE_F64, step_size)));
    c = gir__sc(g, GIR_DTYPE_F64, lr);
    return gir__named(g, was_ok, "lr_step_decay", gir_mul(g, c, gir_pow(g, gir__sc(g, GIR_DTYPE_F64, gamma), s)));
}
GIR_API gir_node gir_lr_cosine(gir_graph *g, gir_node step, double lr, double eta_min, int t_max) {
    const int f = GIR_DTYPE_F64;
    int was_ok = gir__ok(g);
    gir_node s, c;
    if (!g) return gir__handle(NULL, 0);
    if (t_max < 1) {
        gir__gfail(g, GIR_ERR_ATTR, "lr_cosine: t_max %d must be >= 1", t_max);
        return gir__handle(NULL, 0);
    }
    if (!(s = gir__step_f64(g, step, "lr_cosine")).id) return s;
    c = gir_mul(g, gir__sc(g, f, 3.141592653589793), s);
    c = gir_cos(g, gir_div(g, c, gir__sc(g, f, t_max)));
    c = gir_add(g, gir__sc(g, f, 1.0), c);
    c = gir_mul(g, gir__sc(g, f, lr - eta_min), c);
    c = gir_div(g, c, gir__sc(g, f, 2.0));
    return gir__named(g, was_ok, "lr_cosine", gir_add(g, gir__sc(g, f, eta_min), c));
}

/* -- train and eval --------------------------------------------------------------------------------------- */
GIR_API gir_node gir_train_eval2(gir_graph *g, gir_node train, gir_node eval) {
    gir_node xs[2];
    xs[0] = train;
    xs[1] = eval;
    return gir_train_eval(g, 2, xs);
}
/* the eval branch of batch norm, as torch computes it: x * alpha + (beta - mean * alpha), alpha = gamma /
   sqrt(var + eps) */
static gir_node gir__bn_eval(gir_graph *g, gir_node x, gir_node gamma, gir_node beta, gir_node rm, gir_node rv,
                             gir_shape cs, int dt, double eps) {
    gir_node inv = gir__sc(g, dt, 1.0), alpha, shift;
    inv = gir_div(g, inv, gir_sqrt(g, gir_add(g, rv, gir__sc(g, dt, eps))));
    if (gir__nshape(g, &g->nodes[gamma.id])->rank == 1) gamma = gir_reshape(g, gamma, cs);
    if (gir__nshape(g, &g->nodes[beta.id])->rank == 1) beta = gir_reshape(g, beta, cs);
    alpha = gir_mul(g, gir_reshape(g, inv, cs), gamma);
    shift = gir_sub(g, beta, gir_mul(g, gir_reshape(g, rm, cs), alpha));
    return gir_add(g, gir_mul(g, x, alpha), shift);
}
GIR_API gir_node gir_batch_norm_running(gir_graph *g, gir_node x, gir_node gamma, gir_node beta, double momentum,
                                        double eps, gir_node *running) {
    static const char *const fn = "batch_norm_running";
    gir_node bad = gir__handle(NULL, 0), tr, rm, rv, xs4[4];
    gir_shape xs, cs;
    gir_ints ax;
    int dt, k, was_ok = gir__ok(g);
    if (running) running[0] = running[1] = bad;
    if (!g || !gir__float_arg(g, x, fn, "x", &xs, &dt)) return bad;
    if (!(momentum >= 0 && momentum <= 1)) {
        gir__gfail(g, GIR_ERR_ATTR, "%s: momentum %g must be in [0, 1]", fn, momentum);
        return bad;
    }
    tr = gir_batch_norm(g, x, gamma, beta, eps);        /* checks x, gamma, beta and eps */
    if (!tr.id) return gir__named(g, was_ok, fn, bad);
    ax.n = 0;
    cs.rank = xs.rank;
    for (k = 0; k < xs.rank; ++k) {
        if (k != 1) ax.v[ax.n++] = k;
        cs.dim[k] = k == 1 ? xs.dim[1] : 1;
    }
    rm = gir_variable(g, (gir_dtype)dt, gir_shape1(xs.dim[1]), NULL);
    rv = gir_variable(g, (gir_dtype)dt, gir_shape1(xs.dim[1]), NULL);
    if (!gir__name_derived(g, gamma, rm, "running_mean") || !gir__name_derived(g, gamma, rv, "running_var"))
        return gir__named(g, was_ok, fn, bad);
    if (rv.id) {
        void *ones = gir_node_data(g, rv);
        for (k = 0; k < xs.dim[1]; ++k) gir__setd(ones, dt, k, 1.0);
    }
    xs4[0] = tr;
    xs4[1] = gir__bn_eval(g, x, gamma, beta, rm, rv, cs, dt, eps);
    xs4[2] = gir__sc(g, dt, momentum);
    xs4[2] = gir_mul(g, xs4[2], gir_mean(g, x, ax, 0));
    xs4[2] = gir_assign(g, rm, gir_add(g, xs4[2], gir_mul(g, gir__sc(g, dt, 1.0 - momentum), rm)));
    xs4[3] = gir__sc(g, dt, momentum);
    xs4[3] = gir_mul(g, xs4[3], gir_var(g, x, ax, 0, 1));
    xs4[3] = gir_assign(g, rv, gir_add(g, xs4[3], gir_mul(g, gir__sc(g, dt, 1.0 - momentum), rv)));
    tr = gir_train_eval(g, 4, xs4);
    if (!tr.id) return gir__named(g, was_ok, fn, bad);
    if (running) { running[0] = rm; running[1] = rv; }
    return tr;
}
/*@cold end*/
