/* >>modes: what a plan's mode and its assign steps ask of gir_plan_compile (gen/80-plan/compile.c): train and eval
   plans (train_eval nodes, dropout), and the order of assign steps (the assign op: gen/90-library/train.c).

   Ordering rule (the scheduler's, and the one a memory planner must keep): an assign step of variable V runs
   after every step of the plan that reads V directly (V among its inputs), so those read the old value; a step
   that uses an assign node's value runs after that assign. Assign steps otherwise run as late as they can:
   after every step that does not depend on an assign. gir__assign_before lists, for an assign step, the steps
   that must come before it besides its inputs' producers. Elementwise fusion runs a group's members at the
   group's root: a member that reads V joins the group only when no assign of V lies between it and the root. */

/* -- train and eval plans --------------------------------------------------------------------------------- */
/* input k of node d is computed by a plan compiled in mode eval (0: training): a train_eval node needs its
   training value and its updates, or only its eval value */
static GIR__INLINE int gir__mode_needs(const gir__node *d, uint32_t k, int eval) {
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

/* -- the order of assign steps ---------------------------------------------------------------------- */
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
