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
/* step s can run just before assign step a instead: nothing between reads its value or writes, in place, a
   variable it reads, and no constraint of the graph names its node */
static int gir__update_movable(const gir_graph *g, const gir_plan *p, uint32_t s, uint32_t a) {
    const gir__step *st = &p->steps[s];
    uint32_t k, j;
    size_t c;
    for (c = 0; c < g->ncons; ++c)
        if (g->cons[c] == p->vals[st->val].node) return 0;
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
