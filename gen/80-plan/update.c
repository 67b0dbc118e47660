/* >>update: variable updates written in place. An assign step copies its new value into the variable and into
   a value of its own; the step that computes that new value can as well write it into the variable's memory
   straight away, and the assign then has nothing left to do. gir__update_inplace (called by gir_plan_compile,
   gen/80-plan/compile.c, after the steps are ordered and before fusion) does this for every assign whose new
   value N, a temporary, is computed by a step s such that
     - no step after s but the assign reads the variable V (they all ran before: each reads the old value),
     - s is elementwise (it reads V[i], if it reads V at all, before it writes V[i]: the in-place rule of
       gen/80-plan/plan.c) or does not read V.
   N and the assign's own value then get kind GIR__VAL_INVAR (off: V's value index): they live in V's memory,
   take no arena, and the assign step goes. Elementwise fusion (gen/80-plan/fuse.c) may take s into a group with
   other readers of N: s then writes its chunks into V, where the members after it read them (an optimizer's
   moments and its parameter update become one pass). gir__plan_check verifies the rule on the final steps. */

/* assign step a's new value N is computed into its variable by its producer s = prod[N] - 1 where it stands
   (returns 1), or where the assign stands (returns 2: readers of the variable come between), or not at all */
static int gir__update_ok(const gir_plan *p, const uint32_t *prod, uint32_t a) {
    const gir__step *as = &p->steps[a];
    uint32_t var = p->sin[as->in0], nv = p->sin[as->in0 + 1], s, k;
    const gir__val *n = &p->vals[nv];
    if (as->nin != 2 || n->kind != GIR__VAL_TEMP || !prod[nv] || (s = prod[nv] - 1) >= a) return 0;
    if (p->vals[var].kind != GIR__VAL_DATA || n->bytes != p->vals[var].bytes || n->dtype != p->vals[var].dtype)
        return 0;
    if (gir__kernel_of(p->steps[s].op) != gir__k_eltwise && gir__plan_step_reads(p, s, var)) return 0;
    for (k = s + 1; k < p->nsteps; ++k)
        if (k != a && gir__plan_step_reads(p, k, var)) break;
    return k == p->nsteps ? 1 : 2;
}
/* a constraint of the graph (gir_graph_constrain) names node id: its step stays where the order put it */
static int gir__update_constrained(const gir_graph *g, uint32_t id) {
    size_t c;
    for (c = 0; c < g->ncons; ++c)
        if (g->cons[c] == id) return 1;
    return 0;
}
/* step s can run just before assign step a instead: nothing between reads its value or writes, in place, a
   variable it reads, and no constraint of the graph names its node */
static int gir__update_movable(const gir_graph *g, const gir_plan *p, uint32_t s, uint32_t a) {
    const gir__step *st = &p->steps[s];
    uint32_t k, j;
    if (gir__update_constrained(g, p->vals[st->val].node)) return 0;
    for (k = s + 1; k < a; ++k) {
        const gir__val *o = &p->vals[p->steps[k].val];
        if (gir__plan_step_reads(p, k, st->val)) return 0;
        for (j = 0; o->kind == GIR__VAL_INVAR && j < st->nin; ++j)
            if (p->sin[st->in0 + j] == o->off) return 0;
    }
    return 1;
}
/* moves step s to just before step a (the steps between move up one); prod follows */
static void gir__update_move(gir_plan *p, uint32_t *prod, uint32_t s, uint32_t a) {
    gir__step t = p->steps[s];
    uint32_t k;
    for (k = s; k + 1 < a; ++k) {
        p->steps[k] = p->steps[k + 1];
        prod[p->steps[k].val] = k + 1;
    }
    p->steps[a - 1] = t;
    prod[t.val] = a;
}
/* the assign steps whose new values can go straight into their variables: those values and the assigns' own
   become GIR__VAL_INVAR, and the assign steps leave the plan. Decided one assign at a time, in step order, on
   the steps as the decisions before left them. */
static gir_status gir__update_inplace(const gir_graph *g, gir_plan *p, unsigned flags) {
    size_t bytes = ((size_t)p->nvals + 1) * sizeof(uint32_t);
    uint32_t *prod, k, n = 0;
    int how;
    if (flags & (GIR_COMPILE_NO_INPLACE | GIR_COMPILE_NO_REUSE)) return GIR_OK;
    if (!(prod = (uint32_t *)gir__alloc(&p->ta, bytes))) return GIR_ERR_OUT_OF_MEMORY;
    GIR_MEMSET(prod, 0, bytes);
    for (k = 0; k < p->nsteps; ++k) prod[p->steps[k].val] = k + 1;
    for (k = 0; k < p->nsteps; ++k) {
        const gir__step *s = &p->steps[k];
        uint32_t nv;
        if (!gir__op_is(s->op, GIR__F_WRITES) || !(how = gir__update_ok(p, prod, k))) continue;
        nv = p->sin[s->in0 + 1];
        if (how == 2 && !gir__update_movable(g, p, prod[nv] - 1, k)) continue;
        if (how == 2) gir__update_move(p, prod, prod[nv] - 1, k);
        p->vals[nv].kind = p->vals[s->val].kind = GIR__VAL_INVAR;
        p->vals[nv].off = p->vals[s->val].off = p->sin[s->in0];
    }
    for (k = 0; k < p->nsteps; ++k)                 /* the assigns written in place go */
        if (!gir__op_is(p->steps[k].op, GIR__F_WRITES) || p->vals[p->steps[k].val].kind != GIR__VAL_INVAR)
            p->steps[n++] = p->steps[k];
    p->nsteps = n;
    gir__free(&p->ta, prod, bytes);
    return GIR_OK;
}

/* -- an update folded into the op that makes its gradient (the GIR_FOLD rows of ops.def) --------------------- */
/* For a rule r: V <- update(V, scale(c, product(A, B))), c one element, written into V by step k (a fused group of
   scale and update, or an update step whose scale step's value nothing else reads), with the product a step mm
   whose value only that scale step reads: the gradient need not be written at all. The update becomes three steps
   where k stood: c' = negate(c) (or the value an earlier fold computed for c), S = scale(c', the smaller of A and
   B), V <- V + A B with S in its place (the product with a third input, gen/70-kernels/kernels.c), and mm goes.
   The bits differ from the unfolded update by the rounding of c's product (gir_assign's documentation). */
typedef struct gir__fold_rule { uint16_t update, scale, product, negate; } gir__fold_rule;
@@FOLDS@@
typedef struct gir__fold {
    const gir__fold_rule *r;
    uint32_t k, mm, q, c, grad, x;                  /* q: the scale step, or GIR__NEVER (fused) */
} gir__fold;
/* the steps that read v */
static uint32_t gir__update_readers(const gir_plan *p, uint32_t v) {
    uint32_t k, n = 0;
    for (k = 0; k < p->nsteps; ++k) n += (uint32_t)gir__plan_step_reads(p, k, v);
    return n;
}
/* the plain step that writes value v, or GIR__NEVER */
static uint32_t gir__update_producer(const gir_plan *p, uint32_t v) {
    uint32_t k;
    for (k = 0; k < p->nsteps; ++k)
        if (p->steps[k].val == v) return p->fgroup && p->fgroup[k] ? GIR__NEVER : k;
    return GIR__NEVER;
}
/* scale step s is c times the gradient (f->c, f->grad), c one element of dtype dt */
static int gir__fold_scale(const gir_plan *p, const gir__step *s, int dt, gir__fold *f) {
    uint32_t a, b;
    if (s->op != f->r->scale || s->nin != 2) return 0;
    a = p->sin[s->in0]; b = p->sin[s->in0 + 1];
    if (gir__numel(&p->vals[b].shape) == 1) { uint32_t t = a; a = b; b = t; }
    f->c = a; f->grad = b;
    return gir__numel(&p->vals[a].shape) == 1 && p->vals[a].dtype == dt && p->vals[b].kind == GIR__VAL_TEMP;
}
/* the gradient's product step f->mm: rank 2, f32 or f64, read by the update alone, reading no variable that is
   written between it and the update, nor V; no constraint names it */
static int gir__fold_mm(const gir_graph *g, const gir_plan *p, uint32_t var, gir__fold *f) {
    const gir__step *mm;
    uint32_t q, a, b, v;
    gir__srd r;
    if ((f->mm = gir__update_producer(p, f->grad)) == GIR__NEVER || f->mm >= f->k) return 0;
    mm = &p->steps[f->mm];
    if (mm->op != f->r->product || mm->nin != 2 || p->vals[f->grad].isout || p->vals[f->grad].shape.rank != 2) return 0;
    a = p->sin[mm->in0]; b = p->sin[mm->in0 + 1];
    if (a == var || b == var || p->vals[a].shape.rank != 2 || p->vals[b].shape.rank != 2) return 0;
    if (gir__update_readers(p, f->grad) != 1 || gir__update_constrained(g, p->vals[mm->val].node)) return 0;
    for (q = f->mm + 1; q < f->k; ++q)
        for (gir__srd_init(p, q, &r); r.m < r.nm; ++r.m) {      /* the step, or each member of its group */
            v = r.s[r.m].val;
            if (p->vals[v].kind == GIR__VAL_INVAR && (p->vals[v].off == a || p->vals[v].off == b)) return 0;
        }
    return 1;
}
/* step k is an update that rule f->r folds (fills the rest of f) */
static int gir__fold_find(const gir_graph *g, const gir_plan *p, uint32_t k, gir__fold *f) {
    const gir__val *o = &p->vals[p->steps[k].val];
    const gir__step *sub, *mul;
    uint32_t x, q;
    if (o->kind != GIR__VAL_INVAR || (o->dtype != GIR_DTYPE_F32 && o->dtype != GIR_DTYPE_F64)) return 0;
    if (!f->r->update || !f->r->scale || !f->r->product || !f->r->negate) return 0;   /* left out of this build */
    if (p->fgroup && p->fgroup[k]) {
        const struct gir__fgroup *gr = &p->groups[p->fgroup[k] - 1];
        if (gr->nm != 2) return 0;
        mul = &p->fsteps[gr->m0];
        sub = &p->fsteps[gr->m0 + 1];
        f->q = GIR__NEVER;
    } else {
        sub = &p->steps[k];
        if (sub->nin != 2 || (x = p->sin[sub->in0 + 1]) >= p->nvals || p->vals[x].isout ||
            (q = gir__update_producer(p, x)) == GIR__NEVER || gir__update_readers(p, x) != 1)
            return 0;
        mul = &p->steps[q];
        f->q = q;
    }
    if (sub->op != f->r->update || sub->nin != 2 || p->sin[sub->in0] != o->off || p->sin[sub->in0 + 1] != mul->val)
        return 0;
    f->k = k;
    f->x = mul->val;
    return gir__fold_scale(p, mul, o->dtype, f) && gir__fold_mm(g, p, (uint32_t)o->off, f);
}
/* a new temporary of value from's node, dtype and shape */
static uint32_t gir__fold_value(gir_plan *p, uint32_t from) {
    gir__val *v = &p->vals[p->nvals];
    *v = p->vals[from];
    v->kind = GIR__VAL_TEMP;
    v->isout = v->fold = 0;
    v->ptr = NULL;
    v->off = 0;
    return p->nvals++;
}
/* a new step of op writing val, its inputs appended to sin */
static gir__step gir__fold_step(gir_plan *p, int op, uint32_t val, uint32_t nin, const uint32_t *in, uint8_t tr,
                                uint32_t attr) {
    gir__step s;
    uint32_t j;
    GIR_MEMSET(&s, 0, sizeof s);
    s.op = (uint16_t)op;
    s.val = val;
    s.nin = nin;
    s.in0 = (uint32_t)p->nsin;
    s.tr = tr;
    s.attr = attr;
    for (j = 0; j < nin; ++j) p->sin[p->nsin++] = in[j];
    return s;
}
/* the steps without mm and q, the nadd of add where k was */
static void gir__fold_splice(gir_plan *p, const gir__fold *f, const gir__step *add, uint32_t nadd) {
    uint32_t k, n = 0, at = 0, j;
    for (k = 0; k < p->nsteps; ++k) {
        if (k == f->mm || k == f->q) continue;
        if (k == f->k) at = n;
        p->steps[n] = p->steps[k];
        if (p->fgroup) p->fgroup[n] = p->fgroup[k];
        ++n;
    }
    for (k = n; k-- > at + 1;) {                 /* room for nadd - 1 more after at */
        p->steps[k + nadd - 1] = p->steps[k];
        if (p->fgroup) p->fgroup[k + nadd - 1] = p->fgroup[k];
    }
    for (j = 0; j < nadd; ++j) {
        p->steps[at + j] = add[j];
        if (p->fgroup) p->fgroup[at + j] = 0;
    }
    p->nsteps = n + nadd - 1;
}
/* the value of a plain negate step of c before step k, which an earlier fold made (folds of one learning rate
   share it), or GIR__NEVER */
static uint32_t gir__fold_negated(const gir_plan *p, const gir__fold *f) {
    uint32_t k;
    for (k = 0; k < f->k; ++k) {
        const gir__step *s = &p->steps[k];
        if (s->op == f->r->negate && s->nin == 1 && p->sin[s->in0] == f->c && !(p->fgroup && p->fgroup[k]) &&
            p->vals[s->val].kind == GIR__VAL_TEMP && k != f->mm && k != f->q)
            return s->val;
    }
    return GIR__NEVER;
}
/* rewrites the update f found (see above) */
static void gir__fold_apply(gir_plan *p, const gir__fold *f) {
    const gir__step mm = p->steps[f->mm];
    uint32_t a = p->sin[mm.in0], b = p->sin[mm.in0 + 1], o = p->steps[f->k].val, in[3], nc, ns, nadd = 0;
    int scale_b = p->vals[b].bytes <= p->vals[a].bytes;
    gir__step add[3];
    if ((nc = gir__fold_negated(p, f)) == GIR__NEVER) {
        nc = gir__fold_value(p, f->c);
        in[0] = f->c;
        add[nadd++] = gir__fold_step(p, f->r->negate, nc, 1, in, 0, 0);
    }
    ns = gir__fold_value(p, scale_b ? b : a);
    in[0] = nc; in[1] = scale_b ? b : a;
    add[nadd++] = gir__fold_step(p, f->r->scale, ns, 2, in, 0, 0);
    in[0] = scale_b ? a : ns; in[1] = scale_b ? ns : b; in[2] = (uint32_t)p->vals[o].off;
    add[nadd++] = gir__fold_step(p, f->r->product, o, 3, in, mm.tr, mm.attr);
    p->vals[f->grad].kind = p->vals[f->x].kind = GIR__VAL_FUSED;      /* never written: no memory */
    if (f->q == GIR__NEVER) {
        p->nfused -= p->groups[p->fgroup[f->k] - 1].nm;
        --p->ngroups;
    }
    gir__fold_splice(p, f, add, nadd);
}
/* every update that folds into its gradient's GEMM, after fusion (gir_plan_compile) */
static void gir__update_fold_gemm(const gir_graph *g, gir_plan *p, unsigned flags) {
    uint32_t k, r;
    gir__fold f;
    if (flags & GIR_COMPILE_NO_FOLD_UPDATE) return;
    for (r = 0; r < sizeof gir__folds / sizeof gir__folds[0]; ++r)
        for (f.r = &gir__folds[r], k = 0; k < p->nsteps;)
            if (gir__fold_find(g, p, k, &f)) {
                gir__fold_apply(p, &f);
                k = 0;                               /* the steps moved: from the start again */
            } else {
                ++k;
            }
}
