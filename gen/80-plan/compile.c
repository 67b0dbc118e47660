/* >>compile: a graph into a plan (gir_plan_compile, gir_plan_compile_size) --------------------------------------
   The graph passes (gen/80-plan/passes.c) give every node its representative; a value for every node the outputs
   need and a step for every computed one, read as the plan's mode says (gen/80-plan/modes.c); the order of the
   assign steps and of all steps (gen/80-plan/modes.c, plan.c), updates written in place (gen/80-plan/update.c), fusion (gen/80-plan/fuse.c) and the arena
   (gen/80-plan/plan.c). The plan's memory comes from the graph's allocator, the caller's buffer or, measuring,
   nowhere (the bump allocator of gen/80-plan/plan.c). */
/* the node a step reads for input k of node d, usually that input itself. A float matmul reads a transpose of
   the last two axes in place instead (the GEMM takes strides; *tr = 1): the transpose is then computed only
   if something else needs it, so the adjoints matmul(g, mT(x)) copy nothing. */
static GIR__INLINE uint32_t gir__step_in(const gir__rw *w, const gir__node *d, uint32_t k, int *tr) {
    const gir_graph *g = w->g;
    uint32_t in = gir__pass_in(w, d, k);
    const gir__node *t = &g->nodes[in];
    int r, j;
    gir_attr ta;
    const gir_ints *pm;
    *tr = 0;                    /* a fusion pattern, not a column: matmul of a transpose */
    if (d->op != GIR_OP_MATMUL || (d->dtype != GIR_DTYPE_F32 && d->dtype != GIR_DTYPE_F64) ||
        t->op != GIR_OP_TRANSPOSE)
        return in;
    if ((r = gir__nshape(g, t)->rank) < 2) return in;   /* the shape store is read for this pattern only */
    pm = &gir__attr_load(g, t, &ta)->l[0];
    if (pm->n != r) return in;
    for (j = 0; j < r - 2; ++j)
        if (pm->v[j] != j) return in;
    if (pm->v[r - 2] != r - 1 || pm->v[r - 1] != r - 2) return in;
    *tr = 1;
    return gir__pass_in(w, t, 0);
}
/* compile, pass 1: mark the nodes the outputs need (need[id] |= bit) after the passes of w (none: w->rep NULL)
   and, when nv is not NULL, size the plan's arrays */
static void gir__compile_mark(const gir__rw *w, gir_plan *p, int n_out, const gir_node *outs, uint8_t bit,
                              uint32_t *nv, uint32_t *ns, size_t *maxin) {
    const gir_graph *g = w->g;
    uint8_t *need = w->need;
    size_t id;
    uint32_t k;
    int j;
    for (j = 0; j < n_out; ++j) need[w->rep ? w->rep[outs[j].id] : outs[j].id] |= bit;
    for (id = g->nnodes - 1; id >= 1; --id) {      /* ids are topological: one backward sweep marks every input */
        const gir__node *d = &g->nodes[id];
        int tr;
        if (!(need[id] & bit)) continue;
        for (k = 0; k < d->nin; ++k)
            if (gir__mode_needs(d, k, w->eval)) need[gir__step_in(w, d, k, &tr)] |= bit;
        if (!nv) continue;
        ++*nv;
        if (!gir__op_is(d->op, GIR__F_LEAF_IN | GIR__F_LEAF_DATA)) {
            ++*ns;
            p->nsin += d->nin;
            p->nasg += gir__op_is(d->op, GIR__F_WRITES) ? 1u : 0u;
            if (gir__op_is(d->op, GIR__F_TUPLE)) p->ncalls += gir__op_is(d->op, GIR__F_BRANCH | GIR__F_UNTIL) ? 2u : 1u;
            if (d->nin > *maxin) *maxin = d->nin;
            if (gir__accum_into(d->op)) {            /* gen/80-plan/accumulate.c: three inputs more */
                p->nsin += 3;
                if (*maxin < 3) *maxin = 3;
            }
        }
    }
}
/* the step that computes node id (a value of the plan already) */
static size_t gir__compile_step(const gir__rw *w, gir_plan *p, size_t id) {
    const gir_graph *g = w->g;
    const gir__node *d = &g->nodes[id];
    int eval = w->eval;
    gir__step *s = &p->steps[p->nsteps++];
    uint32_t k, k0, nr;
    s->val = p->nvals - 1;
    s->op = gir__mode_op(d, eval);
    s->attr = d->attr;
    s->nin = nr = gir__mode_reads(d, eval, &k0);
    s->in0 = (uint32_t)p->nsin;
    s->tr = 0;
    for (k = 0; k < nr; ++k) {
        int tr;
        p->sin[p->nsin++] = p->map[gir__step_in(w, d, k0 + k, &tr)] - 1;
        if (tr) s->tr = (uint8_t)(s->tr | 1u << k);
    }
    if (gir__kernel_of(d->op) == gir__k_eltwise) return 0;       /* no scratch: the shapes are not looked up */
    return gir__scratch_bytes(d->op, d->dtype, gir__nshape(g, d), d->nin ? gir__nshape(g, &g->nodes[gir__pass_in(w, d, 0)]) : gir__nshape(g, d),
                              d->nin > 1 ? gir__nshape(g, &g->nodes[gir__pass_in(w, d, 1)]) : NULL);
}
static gir_status gir__compile(gir_graph *g, int n_out, const gir_node *outs, const gir_compile_desc *desc, int mode,
                               gir_plan **out_plan, gir_plan *parent);   /* recursive: a body's plan is one */
/* the temporaries of a nested compile are dead when it returns: the end of the buffer is the caller's again */
static void gir__bump_tkeep(const gir_plan *p, size_t *top, int restore) {
    gir__bump *b = (gir__bump *)p->ta.user;
    if (p->mode == GIR__PM_ALLOC) return;
    if (restore) { b->top = b->ttop = *top; b->tlastp = NULL; }
    else *top = b->top;
}
/* c's value indices and places (gir__call_layout). GIR_ERR_LIMIT: past the address space */
static gir_status gir__call_places(gir_plan *p, gir__call *c, int nc, int32_t T, int twice) {
    const gir_func *f = c->f;
    int np = f->nparams, nr = f->nresults, j;
    c->vi = (uint32_t *)gir__alloc(&p->a, (size_t)(np + nr) * sizeof(uint32_t));
    c->k.at = (size_t *)gir__alloc(&p->a, (size_t)(2 * nr + np) * sizeof(size_t));
    if (!c->vi || !c->k.at) return GIR_ERR_OUT_OF_MEMORY;
    c->k.np = np;
    c->k.nr = nr;
    for (j = 0; j < np + nr; ++j)
        c->vi[j] = f->params[j] < c->plan->nmap ? c->plan->map[f->params[j]] : 0;   /* params, results: one array */
    for (j = 0; j < nr; ++j) c->k.at[nr + j] = gir__fbytes(f, f->results[j]);
    for (j = 0; j < np; ++j) c->k.at[2 * nr + j] = gir__fbytes(f, f->params[j]);
    return gir__call_layout(&c->k, nc, T, twice) ? GIR_OK : GIR_ERR_LIMIT;
}
/* GIR__PUT_* of result j of scan call c, nc carries (gen/80-plan/plan_record.c): AT when it is a temporary of
   the body's plan that a plain step or a fused group writes, and no result before it has its value; OWN too
   for a carry whose parameter (if the plan reads it) no result is, and no step reads after the one writing
   the result, nor that step but in place (gir__plan_writes_over, gen/80-plan/plan.c) */
static uint8_t gir__call_put(const gir__call *c, int j, int nc) {
    const gir_plan *b = c->plan;
    uint32_t v = c->vi[c->k.np + j], pv = j < nc ? c->vi[j] : 0, k, q;
    int i;
    if (!v || b->vals[v - 1].kind != GIR__VAL_TEMP || b->vals[v - 1].fold) return 0;
    for (k = 0; k < b->nsteps && b->steps[k].val != v - 1; ++k) {}
    if (k == b->nsteps) return 0;
    for (i = 0; i < j; ++i)
        if (c->vi[c->k.np + i] == v) return 0;
    if (j >= nc) return GIR__PUT_AT;
    for (i = 0; pv && i < c->k.nr; ++i)
        if (c->vi[c->k.np + i] == pv) return GIR__PUT_AT;
    for (q = k + 1; pv && q < b->nsteps; ++q)
        if (gir__plan_step_reads(b, q, pv - 1)) return GIR__PUT_AT;
    if (pv && gir__plan_step_reads(b, k, pv - 1) && !gir__plan_writes_over(b, k, pv - 1)) return GIR__PUT_AT;
    return GIR__PUT_AT | GIR__PUT_OWN;
}
/* the GIR__PUT_* of each result of scan call c */
static gir_status gir__call_puts(gir_plan *p, gir__call *c, int nc) {
    uint8_t *puts = (uint8_t *)gir__alloc(&p->a, (size_t)c->k.nr);
    int j;
    if (!puts) return GIR_ERR_OUT_OF_MEMORY;
    for (j = 0; j < c->k.nr; ++j) puts[j] = gir__call_put(c, j, nc);
    c->k.puts = puts;
    return GIR_OK;
}
/* the scratch p's nested plans take: the largest arena and scratch of one */
static size_t gir__calls_scratch(const gir_plan *p) {
    size_t most = 0, b;
    uint32_t k;
    for (k = 0; k < p->ncalls; ++k)
        if ((b = gir__align_up(p->calls[k].plan->arena_bytes) + p->calls[k].plan->scratch_bytes) > most) most = b;
    return most;
}
/* a plan for each function of call node id (an if's or a while's two), nested in p: its records from p's memory,
   its arena and scratch in p's scratch while the call step runs (gir__plan_point). *bytes:
   the node's value, its results; *scratch grows to hold the largest plan. Folding is off in a body: its plan
   keeps nothing between runs. */
static gir_status gir__compile_calls(gir_graph *g, gir_plan *p, uint32_t id, const gir_compile_desc *desc,
                                     size_t *bytes, size_t *scratch) {
    gir_node res[GIR__MAX_IN];
    gir_compile_desc sd;
    gir_attr ca;
    int j, fk, nf = gir__op_is(g->nodes[id].op, GIR__F_BRANCH | GIR__F_UNTIL) ? 2 : 1;
    size_t top = 0, need;
    GIR_MEMSET(&sd, 0, sizeof sd);
    sd.flags = (desc ? desc->flags : 0u) | GIR_COMPILE_NO_FOLD;
    sd.fuse_chunk = desc ? desc->fuse_chunk : 0;
    gir__attr_load(g, &g->nodes[id], &ca);
    for (fk = 0; fk < nf; ++fk) {
        gir__call *c = &p->calls[p->ncalls];
        gir_graph *body;
        gir_status st;
        c->node = id;
        c->f = g->callees[ca.i[fk]];
        GIR_MEMSET(&c->k, 0, sizeof c->k);
        body = c->f->body;
        for (j = 0; j < c->f->nresults; ++j) res[j] = gir__handle(body, c->f->results[j]);
        gir__bump_tkeep(p, &top, 0);
        st = gir__compile(body, c->f->nresults, res, &sd, p->mode, &c->plan, p);
        gir__bump_tkeep(p, &top, 1);
        if (st != GIR_OK) {
            if (st != GIR_ERR_OUT_OF_MEMORY)
                gir__gfail(g, st, "compile: %N calls '%s': %s", (const gir_graph *)g, (unsigned)id, c->f->name, body->msg);
            body->status = GIR_OK;                /* the body stays usable: the error is the calling graph's */
            body->msg[0] = 0;
            return st == GIR_ERR_OUT_OF_MEMORY ? st : g->status;
        }
        ++p->ncalls;                              /* from here gir_plan_free frees it */
        c->vi = NULL;
        st = gir__op_is(g->nodes[id].op, GIR__F_LOOP) ? gir__call_places(p, c, ca.i[2], ca.i[1], 1)
             : gir__call_places(p, c, c->f->nresults, 1, gir__op_is(g->nodes[id].op, GIR__F_UNTIL));
        if (st == GIR_ERR_LIMIT)
            gir__gfail(g, GIR_ERR_LIMIT, "compile: %N: the results of '%s' do not fit in the address space",
                       (const gir_graph *)g, (unsigned)id, c->f->name);
        if (st == GIR_OK && gir__op_is(g->nodes[id].op, GIR__F_LOOP) && c->f->nresults)
            st = gir__call_puts(p, c, ca.i[2]);
        if (st != GIR_OK) return st;
        gir__call_hooks(c);
    }
    if ((need = gir__calls_scratch(p)) > *scratch) *scratch = need;
    *bytes = p->calls[p->ncalls - (uint32_t)nf].k.bytes;       /* a while's: its body's */
    return GIR_OK;
}
/* compile, pass 2: a value for every needed node in id order, a step for every computed one, arena offsets in
   order (no reuse yet); *scratch: the most scratch one step needs. The values are numbered first: a step may read
   a later node's (a merged scan's results, gen/80-plan/passes.c; the schedule then orders the steps). */
static gir_status gir__compile_values(gir_graph *g, gir_plan *p, const gir__rw *w, const gir_compile_desc *desc,
                                      size_t *off, size_t *scratch) {
    size_t id, sb;
    uint32_t n = p->nvals;
    gir_status st;
    gir_attr ra;
    for (id = 1; id < g->nnodes; ++id)
        if (w->need[id] & GIR__N_NEED) p->map[id] = ++n;
    for (id = 1; id < g->nnodes; ++id) {
        const gir__node *d = &g->nodes[id];
        const gir_shape *sh;
        gir__val *v;
        if (!(w->need[id] & GIR__N_NEED)) continue;
        v = &p->vals[p->nvals];
        sh = gir__nshape(g, d);
        GIR_MEMSET(v, 0, sizeof *v);
        v->node = (uint32_t)id;
        v->shape = *sh;
        v->dtype = d->dtype;
        if (!gir__bytes(sh, d->dtype, &v->bytes) || gir__align_up(v->bytes) > ((size_t)-1) / 2 - *off) {
            gir__gfail(g, GIR_ERR_LIMIT, "compile: %N: %T %S does not fit in the address space (%l bytes before it)",
                       (const gir_graph *)g, (unsigned)id, (int)d->dtype, gir__nshape(g, d), (long long)*off);
            return GIR_ERR_LIMIT;
        }
        p->map[id] = ++p->nvals;
        if (gir__op_is(d->op, GIR__F_LEAF_IN)) { v->kind = GIR__VAL_INPUT; continue; }
        if (gir__op_is(d->op, GIR__F_LEAF_DATA)) { v->kind = GIR__VAL_DATA; continue; }
        if (gir__op_is(d->op, GIR__F_WRITES) && gir__ref_check_write(g, (uint32_t)id))   /* gen/50-ir/dataref.c */
            return GIR_ERR_INVALID_ARG;
        v->kind = gir__op_is(d->op, GIR__F_PROJ) ? GIR__VAL_VIEW : GIR__VAL_TEMP;
        if (gir__op_is(d->op, GIR__F_TUPLE) && (st = gir__compile_calls(g, p, (uint32_t)id, desc, &v->bytes, scratch)))
            return st;
        v->off = *off;
        if (v->kind == GIR__VAL_TEMP) *off += gir__align_up(v->bytes ? v->bytes : 1);
        else v->off = (size_t)gir__attr_load(g, d, &ra)->i[0];      /* a view: which result */
        if ((sb = gir__compile_step(w, p, id)) > *scratch) *scratch = sb;
    }
    return GIR_OK;
}
/* after pass 2: a node the plan covered that the passes merged or simplified away reads its representative's
   value; the counts of gir_plan_stats.merged / .simplified / .dead */
static void gir__pass_alias(const gir__rw *w, gir_plan *p) {
    size_t id;
    for (id = 1; id < w->g->nnodes; ++id) {
        uint32_t r = w->rep[id];
        if (!(w->need[id] & GIR__N_COVER) || (w->need[id] & GIR__N_NEED)) continue;
        if (r != id && p->map[r]) {
            p->map[id] = p->map[r];
            ++p->npass[(w->need[id] & GIR__N_SIMP) ? GIR__PASS_SIMPLIFIED : GIR__PASS_MERGED];
        } else ++p->npass[GIR__PASS_DEAD];
    }
}
/* the arena and the scratch, aligned to GIR__ALIGN; the temporaries' pointers. Measuring, they are the plan's
   last two allocations and are only counted (gen/80-plan/plan.c: gir__bump_count), so measuring a plan never takes its
   arena from anywhere. */
/* a result step's value: its place in its call's buffer (off: which result) */
static void gir__plan_view(gir_plan *p, const gir__step *s) {
    uint32_t t = p->sin[s->in0], k = 0;
    while (k < p->ncalls && p->calls[k].node != p->vals[t].node) ++k;
    if (k < p->ncalls) p->vals[s->val].ptr = p->calls[k].k.buf + p->calls[k].k.at[p->vals[s->val].off];
}
/* the temporaries' pointers; each nested plan's arena, then its scratch, at the start of p's scratch, and each
   call's results in its node's value */
static void gir__plan_point(gir_plan *p) {
    uint32_t k;
    for (k = 0; k < p->nvals; ++k)
        if (p->vals[k].kind == GIR__VAL_TEMP) p->vals[k].ptr = p->arena + p->vals[k].off;
    for (k = 0; k < p->ncalls; ++k) {
        gir_plan *b = p->calls[k].plan;
        p->calls[k].k.buf = (unsigned char *)p->vals[p->map[p->calls[k].node] - 1].ptr;
        b->arena = (unsigned char *)p->scratch;
        b->scratch = b->arena_bytes ? b->arena + gir__align_up(b->arena_bytes) : p->scratch;
        gir__plan_point(b);
    }
    for (k = 0; k < p->nsteps; ++k)
        if (p->vals[p->steps[k].val].kind == GIR__VAL_VIEW) gir__plan_view(p, &p->steps[k]);
}
static gir_status gir__compile_memory(gir_plan *p, size_t off, size_t scratch) {
    p->arena_bytes = off;
    p->scratch_bytes = scratch;
    if (p->nested) return GIR_OK;                 /* placed by the calling plan's gir__plan_point */
    if (p->mode == GIR__PM_MEASURE) {
        if (off) gir__bump_count(&p->bump, off + GIR__ALIGN);
        if (scratch) gir__bump_count(&p->bump, scratch + GIR__ALIGN);
        return GIR_OK;
    }
    if (off) {
        p->arena_raw = gir__alloc(&p->a, off + GIR__ALIGN);
        if (!p->arena_raw) return GIR_ERR_OUT_OF_MEMORY;
        p->arena = (unsigned char *)p->arena_raw + (GIR__ALIGN - (size_t)((uintptr_t)p->arena_raw % GIR__ALIGN)) % GIR__ALIGN;
    }
    if (scratch) {
        p->scratch_raw = gir__alloc(&p->a, scratch + GIR__ALIGN);
        if (!p->scratch_raw) return GIR_ERR_OUT_OF_MEMORY;
        p->scratch = (unsigned char *)p->scratch_raw + (GIR__ALIGN - (size_t)((uintptr_t)p->scratch_raw % GIR__ALIGN)) % GIR__ALIGN;
    }
    gir__plan_point(p);
    return GIR_OK;
}
/* a new plan, its memory from the graph's allocator, the caller's buffer or the measuring bump allocator */
static gir_plan *gir__plan_new(gir_graph *g, int mode, const gir_compile_desc *desc, gir_plan *parent) {
    gir_plan *p;
    size_t hdr = gir__bump_up(sizeof *p);
    if (parent) {                                 /* nested: the calling plan's memory, both ends */
        if (!(p = (gir_plan *)gir__alloc(&parent->a, sizeof *p))) return NULL;
        GIR_MEMSET(p, 0, sizeof *p);
        p->a = parent->a;
        p->ta = parent->ta;
        p->mode = parent->mode;
        p->nested = 1;
        return p;
    }
    if (mode == GIR__PM_BUFFER || (mode == GIR__PM_MEASURE && desc && desc->buffer)) {
        if (desc->buffer_bytes < hdr) return NULL;
        p = (gir_plan *)desc->buffer;
    } else if (!(p = (gir_plan *)gir__alloc(&g->a, sizeof *p))) {
        return NULL;
    }
    GIR_MEMSET(p, 0, sizeof *p);
    p->a = p->ta = g->a;
    p->mode = (uint8_t)mode;
    if (mode == GIR__PM_BUFFER) gir__bump_init(p, (unsigned char *)desc->buffer + hdr, desc->buffer_bytes - hdr, &g->a);
    if (mode == GIR__PM_MEASURE && desc && desc->buffer)      /* measuring inside the caller's work buffer */
        gir__bump_init(p, (unsigned char *)desc->buffer + hdr, desc->buffer_bytes - hdr, &g->a);
    else if (mode == GIR__PM_MEASURE) gir__bump_init(p, NULL, 0, &g->a);
    return p;
}
/* checks the outputs; compile, pass 1 */
static gir_status gir__compile_args(gir_graph *g, int n_out, const gir_node *outs) {
    int j;
    if (g->status != GIR_OK) return g->status;   /* a graph holding an error is not compiled: its message stays */
    if (n_out < 1 || !outs) {
        gir__gfail(g, GIR_ERR_INVALID_ARG, "compile: needs at least one output");
        return GIR_ERR_INVALID_ARG;
    }
    for (j = 0; j < n_out; ++j) {
        int kind = gir__handle_kind(g, outs[j]);
        if (kind != GIR__H_OWN) {
            gir__gfail(g, GIR_ERR_HANDLE, "compile: output %d (id %u) %s", j, (unsigned)outs[j].id,
                       gir__handle_why(kind));
            return GIR_ERR_HANDLE;
        }
    }
    return GIR_OK;
}
/* the bytes each fused group reads in memory (its members' inputs from outside it, each once, but for values a
   member writes into a variable: its readers take them from the chunk) and writes (its root's value and those),
   found once here with a mark per value, so gir_plan_query_stats takes no time with a group's size */
static gir_status gir__groups_traffic(gir_plan *p) {
    uint8_t *mark = (uint8_t *)gir__alloc(&p->ta, p->nvals + 1u);
    uint32_t k, m, r;
    if (!mark) return GIR_ERR_OUT_OF_MEMORY;
    GIR_MEMSET(mark, 0, p->nvals + 1u);
    for (k = 0; k < p->nsteps; ++k) {
        struct gir__fgroup *gr;
        gir__srd a;
        if (!p->fgroup[k]) continue;
        gr = &p->groups[p->fgroup[k] - 1];
        gr->rd = gr->wr = 0;
        for (m = 0; m + 1 < gr->nm; ++m) {          /* a member's value written into a variable */
            uint32_t u = p->fsteps[gr->m0 + m].val;
            if (p->vals[u].kind == GIR__VAL_INVAR) { mark[u] = 2; gr->wr += p->vals[u].bytes; }
        }
        for (gir__srd_init(p, k, &a); gir__srd_next(p, &a, &r);)
            if (!mark[r]) { mark[r] = 1; gr->rd += p->vals[r].bytes; }
        if (p->vals[gr->val].kind != GIR__VAL_FUSED && p->vals[gr->val].kind != GIR__VAL_VIEW)
            gr->wr += p->vals[gr->val].bytes;
        for (gir__srd_init(p, k, &a); gir__srd_next(p, &a, &r);) mark[r] = 0;
        for (m = 0; m + 1 < gr->nm; ++m) mark[p->fsteps[gr->m0 + m].val] = 0;
    }
    gir__free(&p->ta, mark, p->nvals + 1u);
    return GIR_OK;
}
/* compile, passes 2 and on: values and steps, their order, fusion, the arena */
static gir_status gir__compile_passes(gir_graph *g, gir_plan *p, int n_out, const gir_node *outs,
                                      const gir_compile_desc *desc, const gir__rw *w, size_t maxin) {
    size_t off = 0, scratch = 0;
    unsigned flags = desc ? desc->flags : 0;
    uint32_t ncall;
    int j;
    gir_status st;
    p->nmap = g->nnodes;
    p->map = (uint32_t *)gir__alloc(&p->a, g->nnodes * sizeof(uint32_t));
    p->vals = (gir__val *)gir__alloc(&p->a, (p->nvals + 2 * (size_t)p->nasg + 1) * sizeof(gir__val));
    p->steps = (gir__step *)gir__alloc(&p->a, (p->nsteps + (size_t)p->nasg + 1) * sizeof(gir__step));
    p->sin = (uint32_t *)gir__alloc(&p->a, (p->nsin + 6 * (size_t)p->nasg + 1) * sizeof(uint32_t));
    if (p->nasg && maxin < 3) maxin = 3;        /* a folded update's matmul reads three (gen/80-plan/update.c) */
    p->kin = (gir__kin *)gir__alloc(&p->a, maxin * sizeof(gir__kin));
    ncall = p->ncalls;                            /* counted by pass 1; from here the calls compiled */
    p->ncalls = 0;
    if (ncall && !(p->calls = (gir__call *)gir__alloc(&p->a, ncall * sizeof(gir__call))))
        return GIR_ERR_OUT_OF_MEMORY;
    if (!p->map || !p->vals || !p->steps || !p->sin || !p->kin) return GIR_ERR_OUT_OF_MEMORY;
    GIR_MEMSET(p->map, 0, g->nnodes * sizeof(uint32_t));
    p->nsin = p->nvals = p->nsteps = 0;
    if ((st = gir__compile_values(g, p, w, desc, &off, &scratch)) != GIR_OK) return st;
    gir__pass_alias(w, p);
    for (j = 0; j < n_out; ++j) p->vals[p->map[outs[j].id] - 1].isout = 1;
    if ((st = gir__assign_order(g, p)) != GIR_OK || (st = gir__plan_schedule(g, p, flags)) != GIR_OK) return st;
    if (gir__update_inplace(g, p, flags) != GIR_OK || gir__accumulate(g, p, flags) != GIR_OK)
        return GIR_ERR_OUT_OF_MEMORY;
    if (!(flags & GIR_COMPILE_NO_FUSION) &&
        gir__fuse_plan(p, n_out, outs, desc && desc->fuse_chunk > 0 ? (size_t)desc->fuse_chunk : GIR_FUSE_CHUNK,
                       &scratch) != GIR_OK)
        return GIR_ERR_OUT_OF_MEMORY;
    if (p->nfused && gir__fuse_params(g, p) != GIR_OK) return GIR_ERR_OUT_OF_MEMORY;
    gir__update_fold_gemm(g, p, flags);
    if (gir__plan_memory(g, p, flags, &off) != GIR_OK) return GIR_ERR_OUT_OF_MEMORY;
    if (p->ngroups && gir__groups_traffic(p) != GIR_OK) return GIR_ERR_OUT_OF_MEMORY;
    p->arena_bytes = off;          /* placed by gir__compile once the temporaries are gone */
    p->scratch_bytes = scratch;
    return GIR_OK;
}
/* compile, pass 1 and the graph passes (gen/80-plan/passes.c): what the plan covers, the representatives, what it needs */
static gir_status gir__compile_rewrite(gir__rw *w, uint32_t *rep, gir_plan *p, int n_out, const gir_node *outs,
                                       unsigned flags, size_t *maxin) {
    uint32_t nv = 0, ns = 0;
    size_t last = 0;
    int j;
    for (j = 0; j < n_out; ++j)
        if (outs[j].id > last) last = outs[j].id;
    w->rep = NULL;
    gir__compile_mark(w, p, n_out, outs, GIR__N_COVER, NULL, NULL, NULL);     /* what the plan covers */
    w->rep = rep;
    if (gir__passes(w, flags, last) != GIR_OK) return GIR_ERR_OUT_OF_MEMORY;
    gir__compile_mark(w, p, n_out, outs, GIR__N_NEED, &nv, &ns, maxin);
    p->nvals = nv;
    p->nsteps = ns;
    return GIR_OK;
}
static gir_status gir__compile(gir_graph *g, int n_out, const gir_node *outs, const gir_compile_desc *desc, int mode,
                               gir_plan **out_plan, gir_plan *parent) {
    gir_plan *p;
    gir__rw w;
    uint32_t *rep;
    size_t cnt = g->nnodes, maxin = 1;
    unsigned flags = desc ? desc->flags : 0u;
    gir_status st;
    if ((st = gir__compile_args(g, n_out, outs)) != GIR_OK) return st;
    if (!(p = gir__plan_new(g, mode, desc, parent))) {
        gir__gfail(g, GIR_ERR_OUT_OF_MEMORY, "compile: out of memory");
        return GIR_ERR_OUT_OF_MEMORY;
    }
    GIR_MEMSET(&w, 0, sizeof w);
    w.g = g; w.eval = flags & GIR_COMPILE_EVAL ? 1 : 0; w.a = &p->ta;
    w.need = (uint8_t *)gir__alloc(&p->ta, cnt);
    rep = (uint32_t *)gir__alloc(&p->ta, cnt * sizeof(uint32_t));
    if (!w.need || !rep) st = GIR_ERR_OUT_OF_MEMORY;
    else {
        GIR_MEMSET(w.need, 0, cnt);
        if ((st = gir__compile_rewrite(&w, rep, p, n_out, outs, flags, &maxin)) == GIR_OK)
            st = gir__compile_passes(g, p, n_out, outs, desc, &w, maxin);
    }
    gir__free(&p->ta, rep, cnt * sizeof(uint32_t));
    gir__free(&p->ta, w.need, cnt);
    gir__bump_treset(&p->bump);          /* every temporary is dead: the arena may take their space */
    if (st == GIR_OK && gir__compile_memory(p, p->arena_bytes, p->scratch_bytes) != GIR_OK) st = GIR_ERR_OUT_OF_MEMORY;
    if (st != GIR_OK) {
        gir_plan_free(p);
        if (st == GIR_ERR_OUT_OF_MEMORY) gir__gfail(g, GIR_ERR_OUT_OF_MEMORY, "compile: out of memory");
        return st;
    }
#if defined(GIR_PLAN_CHECK)
    if (mode != GIR__PM_MEASURE) GIR_PLAN_CHECK(p);
#endif
    p->g = g;                      /* from here on the plan holds the graph (see gir_plan_free) */
    ++g->plans;
    *out_plan = p;
    return GIR_OK;
}
GIR_API gir_status gir_plan_compile_size(gir_graph *g, int n_out, const gir_node *outs, const gir_compile_desc *desc,
                                    size_t *bytes) {
    gir_plan *p = NULL;
    gir_status st;
    int inbuf = desc && desc->buffer, fresh;
    if (!g) return GIR_ERR_INVALID_ARG;
    if (!bytes) {
        gir__gfail(g, GIR_ERR_INVALID_ARG, "compile_size: the size pointer (the last argument) is NULL");
        return GIR_ERR_INVALID_ARG;
    }
    *bytes = 0;
    if (inbuf && (uintptr_t)desc->buffer % GIR__BUMP_ALIGN) {
        gir__gfail(g, GIR_ERR_INVALID_ARG, "compile_size: the work buffer is not aligned to 8 bytes");
        return GIR_ERR_INVALID_ARG;
    }
    fresh = g->status == GIR_OK;
    if ((st = gir__compile(g, n_out, outs, desc, GIR__PM_MEASURE, &p, NULL)) != GIR_OK) {
        if (st == GIR_ERR_OUT_OF_MEMORY && inbuf && fresh) {
            g->status = GIR_OK;
            gir__gfail(g, GIR_ERR_OUT_OF_MEMORY, "compile_size: the work buffer of %l bytes is too small to measure "
                       "in (it holds the plan's records and the compile's work arrays, never the arena)",
                       (long long)desc->buffer_bytes);
        }
        return st;
    }
    *bytes = gir__bump_up(sizeof *p) + p->bump.high;
    gir_plan_free(p);
    return GIR_OK;
}
GIR_API gir_status gir_plan_compile(gir_graph *g, int n_out, const gir_node *outs, const gir_compile_desc *desc,
                                  gir_plan **out_plan) {
    gir_status st;
    size_t need = 0;
    int mode = desc && (desc->buffer || desc->buffer_bytes) ? GIR__PM_BUFFER : GIR__PM_ALLOC, fresh;
    if (!g) return GIR_ERR_INVALID_ARG;
    if (out_plan) *out_plan = NULL;
    if (g->status != GIR_OK) return g->status;   /* a graph holding an error is not compiled: its message stays */
    if (!out_plan) {
        gir__gfail(g, GIR_ERR_INVALID_ARG, "compile: the plan pointer (the last argument) is NULL");
        return GIR_ERR_INVALID_ARG;
    }
    *out_plan = NULL;
    if (mode == GIR__PM_BUFFER && (!desc->buffer || (uintptr_t)desc->buffer % GIR__BUMP_ALIGN)) {
        gir__gfail(g, GIR_ERR_INVALID_ARG, "compile: the plan's buffer (%l bytes) %s", (long long)desc->buffer_bytes,
                   desc->buffer ? "is not aligned to 8 bytes" : "is NULL");
        return GIR_ERR_INVALID_ARG;
    }
    fresh = g->status == GIR_OK;
    st = gir__compile(g, n_out, outs, desc, mode, out_plan, NULL);
    if (st == GIR_ERR_OUT_OF_MEMORY && mode == GIR__PM_BUFFER && fresh) {
        gir_compile_desc mdesc = *desc;
        g->status = GIR_OK;        /* the message names the size (the graph keeps its first error otherwise) */
        if (gir_plan_compile_size(g, n_out, outs, &mdesc, &need) != GIR_OK) {   /* measured in the buffer itself, */
            mdesc.buffer = NULL;                                          /* else with the graph's allocator */
            mdesc.buffer_bytes = 0;
            g->status = GIR_OK;
            if (gir_plan_compile_size(g, n_out, outs, &mdesc, &need) != GIR_OK) need = 0;
        }
        g->status = GIR_OK;
        if (need)
            gir__gfail(g, GIR_ERR_OUT_OF_MEMORY, "compile: the buffer of %l bytes is too small: the plan needs %l "
                       "bytes (gir_plan_compile_size)", (long long)desc->buffer_bytes, (long long)need);
        else
            gir__gfail(g, GIR_ERR_OUT_OF_MEMORY, "compile: the buffer of %l bytes is too small (and measuring the "
                       "size needed ran out of memory)", (long long)desc->buffer_bytes);
    }
    return st;
}
