/* >>train: training as nodes of the graph: the optimizers (SGD, momentum, Nesterov, Adam, AdamW, AMSGrad), gradient
   clipping by global norm, learning-rate schedules as nodes, and batch norm with running statistics. The ops they
   build on: assign (a variable takes a new value at the end of the run; its shape rule in gen/50-ir/shapes.c, its
   kernel in gen/70-kernels/kernels.c) and train_eval (training and eval values; gen/80-plan/modes.c says which a
   plan reads); the order of assign steps in a plan: gen/80-plan/modes.c. */

/*@cold*/
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
/* a float scalar node (rank 0 or one element) as a rank-0 node of its dtype; {0} after recording why */
static gir_node gir__scalar_arg(gir_graph *g, gir_node x, const char *fn, const char *what) {
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
    return x;
}
/* the options with torch's defaults filled in, checked as torch checks them */
static int gir__optim_desc(gir_graph *g, const gir_optim_desc *in, gir_optim_desc *d) {
    static const char *const fn = "optim_updates";
    if (in) GIR_MEMCPY(d, in, sizeof *d);
    else GIR_MEMSET(d, 0, sizeof *d);
    if (d->beta1 == 0) d->beta1 = 0.9;
    if (d->beta2 == 0) d->beta2 = 0.999;
    if (d->eps == 0) d->eps = 1e-8;
    if (d->step_dtype == 0) d->step_dtype = GIR_DTYPE_F64;
    if ((unsigned)d->kind > (unsigned)GIR_OPTIM_ADAMW)
        gir__gfail(g, GIR_ERR_ATTR, "%s: unknown optimizer kind %d", fn, (int)d->kind);
    else if (!(d->momentum >= 0 && d->momentum < 1e300) || !(d->weight_decay >= 0 && d->weight_decay < 1e300) ||
             !(d->dampening > -1e300 && d->dampening < 1e300))
        gir__gfail(g, GIR_ERR_ATTR, "%s: momentum %g and weight_decay %g must be >= 0 and finite, dampening %g "
                   "finite", fn, d->momentum, d->weight_decay, d->dampening);
    else if (d->nesterov && (d->momentum <= 0 || d->dampening != 0))
        gir__gfail(g, GIR_ERR_ATTR, "%s: Nesterov momentum needs momentum > 0 and dampening 0 (momentum %g, "
                   "dampening %g)", fn, d->momentum, d->dampening);
    else if (d->step_dtype != GIR_DTYPE_F32 && d->step_dtype != GIR_DTYPE_F64)
        gir__gfail(g, GIR_ERR_DTYPE, "%s: step_dtype must be 0, f32 or f64, got %T", fn, (int)d->step_dtype);
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

/* the scalars one step shares between parameters (rank 0, of the desc's step_dtype) */
typedef struct gir__ostep {
    gir_node t, t1;        /* the step count variable, and the count after this step */
    gir_node first;        /* b8: this is the first step */
    gir_node neg_step;     /* Adam: -lr / (1 - beta1^t1) */
    gir_node bc2_sqrt;     /* Adam: sqrt(1 - beta2^t1) */
    gir_node decay;        /* AdamW: 1 - lr * weight_decay */
} gir__ostep;
static void gir__optim_scalars(gir_graph *g, const gir_optim_desc *d, gir_node lr, gir__ostep *s) {
    const gir_dtype f = d->step_dtype;
    gir_node bc1, bc2, one;
    GIR_MEMSET(s, 0, sizeof *s);
    if (d->kind == GIR_OPTIM_SGD && d->momentum == 0) return;
    s->t = gir_variable(g, f, gir_shape0(), NULL);
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
    gir_node lr0;
    int k, nu = 0, was_ok = gir__ok(g);
    if (!g || !gir__optim_desc(g, desc, &d) || !gir__optim_args(g, n, params, grads, updates)) return 0;
    lr0 = gir__scalar_arg(g, lr, "optim_updates", "lr");
    if (!lr0.id) return 0;
    /* SGD casts lr straight to each parameter's dtype; Adam's step scalars are f64 (as torch's are Python
       floats) unless the desc asks for f32 */
    gir__optim_scalars(g, &d, d.kind == GIR_OPTIM_SGD ? lr0 : gir__as(g, lr0, d.step_dtype), &s);
    gir__name_derived(g, params[0], s.t, "step");
    for (k = 0; k < n && gir__ok(g); ++k)
        nu += d.kind == GIR_OPTIM_SGD ? gir__sgd_param(g, &d, &s, params[k], grads[k], lr0, updates + nu)
                                      : gir__adam_param(g, &d, &s, params[k], grads[k], updates + nu);
    if (s.t.id) updates[nu++] = gir_assign(g, s.t, s.t1);
    if (!gir__ok(g)) {
        gir__named(g, was_ok, "optim_updates", lr0);
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
