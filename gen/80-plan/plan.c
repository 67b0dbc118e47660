/* >>plan: the order of a plan's steps and where its values live. gir_plan_compile (gen/80-plan/compile.c)
   calls this fragment: gir__plan_schedule orders the steps (data dependencies, topological constraints, the
   ordering of variable updates of gen/80-plan/modes.c) to lower the peak of live bytes; after fusion gir__plan_memory gives every temporary
   an offset in one arena, reusing the space of values after their last use, writes elementwise results over an
   input that dies there (in-place), and keeps the results of constant subgraphs, computed on the first gir_plan_run
   only, in space nothing else takes. gir__plan_check verifies a plan: no two buffers live at once overlap.
   A plan can also be compiled into the caller's buffer (gir_compile_desc.buffer): every byte of the plan and
   of the compile's own work arrays then comes from that buffer through a bump allocator (gir__bump), and
   gir_plan_compile_size gives the exact size, measured by the same compile with the allocations counted. */

/* -- topological constraints ------------------------------------------------------------------------------ */
/* after is reachable from before's side: a walk back from before through inputs and constraints meets after */
static int gir__cons_reaches(const gir_graph *g, uint32_t from, uint32_t target, uint32_t *head, uint32_t *next,
                             uint32_t *stack, uint8_t *seen) {
    size_t c, n = g->ncons / 2, sp = 0;
    for (c = 0; c < g->nnodes; ++c) head[c] = 0;
    for (c = 0; c < n; ++c) {                 /* constraint c: cons[2c] before cons[2c+1]; listed by the latter */
        next[c] = head[g->cons[2 * c + 1]];
        head[g->cons[2 * c + 1]] = (uint32_t)c + 1;
    }
    stack[sp++] = from;
    seen[from] = 1;
    while (sp) {
        uint32_t id = stack[--sp], k, e;
        const gir__node *d = &g->nodes[id];
        if (id == target) return 1;
        for (k = 0; k < d->nin; ++k)
            if (!seen[g->ins[d->in0 + k]]) { seen[g->ins[d->in0 + k]] = 1; stack[sp++] = g->ins[d->in0 + k]; }
        for (e = head[id]; e; e = next[e - 1])
            if (!seen[g->cons[2 * (e - 1)]]) { seen[g->cons[2 * (e - 1)]] = 1; stack[sp++] = g->cons[2 * (e - 1)]; }
    }
    return 0;
}
GIR_API gir_status gir_graph_constrain(gir_graph *g, gir_node before, gir_node after) {
    size_t n, bytes;
    uint32_t *mem;
    int kb, ka, cyc;
    if (!g) return GIR_ERR_INVALID_ARG;
    kb = gir__handle_kind(g, before);
    ka = gir__handle_kind(g, after);
    if (kb != GIR__H_OWN || ka != GIR__H_OWN) {
        gir__gfail(g, GIR_ERR_HANDLE, "constrain: %s (id %u) %s", kb != GIR__H_OWN ? "before" : "after",
                   kb != GIR__H_OWN ? (unsigned)before.id : (unsigned)after.id, gir__handle_why(kb != GIR__H_OWN ? kb : ka));
        return GIR_ERR_HANDLE;
    }
    n = g->nnodes;
    bytes = n * 3 * sizeof(uint32_t) + (g->ncons / 2 + 1) * sizeof(uint32_t) + n;
    if (!(mem = (uint32_t *)gir__alloc(&g->a, bytes))) {
        gir__gfail(g, GIR_ERR_OUT_OF_MEMORY, "constrain: out of memory");
        return GIR_ERR_OUT_OF_MEMORY;
    }
    GIR_MEMSET(mem, 0, bytes);
    cyc = before.id == after.id ||
          gir__cons_reaches(g, before.id, after.id, mem, mem + n, mem + 2 * n, (uint8_t *)(mem + 3 * n + g->ncons / 2 + 1));
    gir__free(&g->a, mem, bytes);
    if (cyc) {
        gir__gfail(g, GIR_ERR_INVALID_ARG, "constrain: %N before %N makes a cycle: %N already depends on %N",
                   (const gir_graph *)g, (unsigned)before.id, (const gir_graph *)g, (unsigned)after.id,
                   (const gir_graph *)g, (unsigned)before.id, (const gir_graph *)g, (unsigned)after.id);
        return GIR_ERR_INVALID_ARG;
    }
    if (gir__grow(&g->a, (void **)&g->cons, &g->conscap, g->ncons + 2, sizeof(uint32_t))) {
        gir__gfail(g, GIR_ERR_OUT_OF_MEMORY, "constrain: out of memory");
        return GIR_ERR_OUT_OF_MEMORY;
    }
    g->cons[g->ncons++] = before.id;
    g->cons[g->ncons++] = after.id;
    return GIR_OK;
}

/* -- the bump allocator of plans compiled into the caller's buffer, and of gir_plan_compile_size ----------------- */
/* base NULL: measuring; the memory then comes from under, and the counts say what a buffer would need. The plan
   (p->a) takes the buffer from its start, the compile's temporaries (p->ta) from its end, and the arena and
   scratch, placed when every temporary is gone, may take the temporaries' space: a buffer needs the most bytes
   taken at once (high), not their sum. A free gives back the space of the last allocation at its end only;
   the rest stays taken until the plan goes (the start) or the temporaries are all dead (the end). */
static size_t gir__bump_up(size_t n) { return (n + (GIR__BUMP_ALIGN - 1)) & ~(size_t)(GIR__BUMP_ALIGN - 1); }
/* what is taken: with temporaries, the start counts up to the alignment the end's allocations keep */
static void gir__bump_mark(gir__bump *b) {
    size_t t = b->top ? gir__bump_up(b->used) + b->top : b->used;
    if (t > b->high) b->high = t;
}
static void *gir__bump_alloc(size_t n, void *user) {
    gir__bump *b = (gir__bump *)user;
    size_t off = gir__bump_up(b->used), lim;
    void *p;
    if (n > ((size_t)-1) / 2 || off + n < off) return NULL;
    if (b->base) {
        lim = b->top ? (b->cap & ~(size_t)(GIR__BUMP_ALIGN - 1)) - b->top : b->cap;
        if (off > lim || n > lim - off) return NULL;
        p = b->base + off;
    } else if (!(p = gir__alloc(&b->under, n))) {
        return NULL;
    }
    b->lastp = p;
    b->last = b->used;
    b->used = off + n;
    gir__bump_mark(b);
    return p;
}
static void *gir__bump_talloc(size_t n, void *user) {
    gir__bump *b = (gir__bump *)user;
    size_t end = b->cap & ~(size_t)(GIR__BUMP_ALIGN - 1), m = gir__bump_up(n);
    void *p;
    if (n > ((size_t)-1) / 4) return NULL;
    if (b->base) {
        if (gir__bump_up(b->used) > end || m > end - gir__bump_up(b->used) - b->top) return NULL;
        p = b->base + (end - b->top - m);
    } else if (!(p = gir__alloc(&b->under, n))) {
        return NULL;
    }
    b->tlastp = p;
    b->ttop = b->top;
    b->top += m;
    if (b->top > b->tpeak) b->tpeak = b->top;
    gir__bump_mark(b);
    return p;
}
static void gir__bump_tfree(void *p, void *user) {
    gir__bump *b = (gir__bump *)user;
    if (!p) return;
    if (p == b->tlastp) { b->top = b->ttop; b->tlastp = NULL; }
    if (!b->base) gir__free(&b->under, p, 0);
}
/* every temporary is dead (and, measuring, freed): the end is free again */
static void gir__bump_treset(gir__bump *b) { b->top = b->ttop = 0; b->tlastp = NULL; }
/* measuring: n bytes counted as the next allocation would take them, and nothing taken (see gir__compile_memory) */
static void gir__bump_count(gir__bump *b, size_t n) {
    b->used = gir__bump_up(b->used) + n;
    b->lastp = NULL;
    gir__bump_mark(b);
}
static void gir__bump_free(void *p, void *user) {
    gir__bump *b = (gir__bump *)user;
    if (!p) return;
    if (p == b->lastp) { b->used = b->last; b->lastp = NULL; }
    if (!b->base) gir__free(&b->under, p, 0);
}
static void gir__bump_init(gir_plan *p, unsigned char *base, size_t cap, const gir_allocator *under) {
    GIR_MEMSET(&p->bump, 0, sizeof p->bump);
    p->bump.base = base;
    p->bump.cap = cap;
    p->bump.under = *under;
    p->a.alloc_fn = gir__bump_alloc;
    p->a.realloc_fn = NULL;
    p->a.free_fn = gir__bump_free;
    p->a.user = &p->bump;
    p->ta.alloc_fn = gir__bump_talloc;
    p->ta.realloc_fn = NULL;
    p->ta.free_fn = gir__bump_tfree;
    p->ta.user = &p->bump;
}

/* -- the inputs a step of the final order reads: a fused group's members' inputs but its chunk buffers ------- */
typedef struct gir__srd { const gir__step *s; uint32_t m, nm, j; } gir__srd;
static void gir__srd_init(const gir_plan *p, uint32_t k, gir__srd *r) {
    r->m = r->j = 0;
    if (p->fgroup && p->fgroup[k]) {
        const struct gir__fgroup *gr = &p->groups[p->fgroup[k] - 1];
        r->s = &p->fsteps[gr->m0];
        r->nm = gr->nm;
    } else {
        r->s = &p->steps[k];
        r->nm = 1;
    }
}
static int gir__srd_next(const gir_plan *p, gir__srd *r, uint32_t *v) {
    while (r->m < r->nm) {
        const gir__step *s = &r->s[r->m];
        if (r->j < s->nin) {
            *v = p->sin[s->in0 + r->j++];
            if (p->vals[*v].kind != GIR__VAL_FUSED) return 1;
        } else {
            ++r->m;
            r->j = 0;
        }
    }
    return 0;
}
/* step k (a fused group: one of its members) reads value v */
static int gir__plan_step_reads(const gir_plan *p, uint32_t k, uint32_t v) {
    gir__srd r;
    uint32_t u;
    gir__srd_init(p, k, &r);
    while (gir__srd_next(p, &r, &u))
        if (u == v) return 1;
    return 0;
}
/* the values each step reads, listed once (gir__reads_make) */
typedef struct gir__reads { uint32_t *at, *v; size_t bytes; } gir__reads;
/* input j of step s already appeared among its inputs 0 .. j-1 */
static GIR__INLINE int gir__in_dup(const gir_plan *p, const gir__step *s, uint32_t j) {
    uint32_t i, v = p->sin[s->in0 + j];
    for (i = 0; i < j; ++i)
        if (p->sin[s->in0 + i] == v) return 1;
    return 0;
}
static GIR__INLINE size_t gir__vbytes(const gir__val *v) { return gir__align_up(v->bytes ? v->bytes : 1); }

/* -- the scheduler ---------------------------------------------------------------------------------------- */
typedef struct gir__heapent { int64_t key; uint32_t step, ver; } gir__heapent;
typedef struct gir__swork {
    uint32_t *prod, *owner, *rem, *rstart, *rlist;   /* value -> producer + 1, assign + 1, readers left, readers */
    uint32_t *estart, *cur, *etgt, *indeg, *indeg0, *ver, *order;   /* step -> successors (CSR), predecessors left */
    uint32_t *dstart, *dlist;                        /* step -> its distinct inputs (CSR) */
    size_t   *tb;                                    /* value -> the bytes it gives back when it dies, or 0 */
    uint8_t  *placed;
    gir__heapent *heap;
    uint32_t  nheap;
    int       direct;       /* no assigns, no constraints: a step's successors are its value's readers (no edges) */
} gir__swork;

static GIR__INLINE int gir__heap_less(const gir__heapent *a, const gir__heapent *b) {
    return a->key != b->key ? a->key > b->key : a->step < b->step;   /* larger key first, then earlier step */
}
static void gir__heap_push(gir__swork *w, gir__heapent e) {
    uint32_t i = w->nheap++;
    while (i && gir__heap_less(&e, &w->heap[(i - 1) / 2])) { w->heap[i] = w->heap[(i - 1) / 2]; i = (i - 1) / 2; }
    w->heap[i] = e;
}
static gir__heapent gir__heap_pop(gir__swork *w) {
    gir__heapent top = w->heap[0], last = w->heap[--w->nheap];
    uint32_t i = 0, c;
    while ((c = 2 * i + 1) < w->nheap) {
        if (c + 1 < w->nheap && gir__heap_less(&w->heap[c + 1], &w->heap[c])) ++c;
        if (!gir__heap_less(&w->heap[c], &last)) break;
        w->heap[i] = w->heap[c];
        i = c;
    }
    if (w->nheap) w->heap[i] = last;
    return top;
}
/* a value whose space a step can give back: computed by the plan and not one of its outputs */
static GIR__INLINE int gir__sched_temp(const gir_plan *p, const gir__swork *w, uint32_t v) {
    return w->prod[v] && !p->vals[v].isout;
}
/* mode 1: the bytes step s gives back minus the bytes it takes; mode 0: the original order */
static int64_t gir__sched_key(const gir_plan *p, const gir__swork *w, uint32_t s, int mode) {
    int64_t key;
    uint32_t j;
    if (!mode) return -(int64_t)s;
    key = -(int64_t)gir__vbytes(&p->vals[p->steps[s].val]);
    for (j = w->dstart[s]; j < w->dstart[s + 1]; ++j)
        if (w->rem[w->dlist[j]] == 1) key += (int64_t)w->tb[w->dlist[j]];
    return key;
}
static void gir__sched_ready(const gir_plan *p, gir__swork *w, uint32_t s, int mode) {
    gir__heapent e;
    e.key = gir__sched_key(p, w, s, mode);
    e.step = s;
    e.ver = ++w->ver[s];
    gir__heap_push(w, e);
}
/* step s is placed: readers left drop; a value down to its last reader raises that reader's key */
static void gir__sched_place(const gir_plan *p, gir__swork *w, uint32_t s, int mode) {
    const gir__step *st = &p->steps[s];
    uint32_t j, e, r;
    w->placed[s] = 1;
    for (j = w->dstart[s]; j < w->dstart[s + 1]; ++j) {
        uint32_t v = w->dlist[j];
        if (--w->rem[v] == 1 && mode && w->tb[v])
            for (r = w->rstart[v]; r < w->rstart[v + 1]; ++r)
                if (!w->placed[w->rlist[r]] && !w->indeg[w->rlist[r]]) gir__sched_ready(p, w, w->rlist[r], mode);
    }
    if (w->direct) {
        for (r = w->rstart[st->val]; r < w->rstart[st->val + 1]; ++r)
            if (--w->indeg[w->rlist[r]] == 0) gir__sched_ready(p, w, w->rlist[r], mode);
        return;
    }
    for (e = w->estart[s]; e < w->estart[s + 1]; ++e)
        if (--w->indeg[w->etgt[e]] == 0) gir__sched_ready(p, w, w->etgt[e], mode);
}
/* the readers of each value, once per step (CSR), and rem = their count */
static void gir__sched_readers(const gir_plan *p, gir__swork *w) {
    uint32_t k, j, n = 0, nv = p->nvals;
    for (k = 0; k <= nv; ++k) w->rstart[k] = 0;
    for (k = 0; k < p->nsteps; ++k) {          /* each step's distinct inputs, and the readers of each value */
        const gir__step *s = &p->steps[k];
        w->dstart[k] = n;
        for (j = 0; j < s->nin; ++j)
            if (!gir__in_dup(p, s, j)) {
                w->dlist[n] = p->sin[s->in0 + j];
                ++w->rstart[w->dlist[n++] + 1];
            }
    }
    w->dstart[p->nsteps] = n;
    for (k = 0; k < nv; ++k) {
        w->rstart[k + 1] += w->rstart[k];
        w->tb[k] = gir__sched_temp(p, w, k) ? gir__vbytes(&p->vals[k]) : 0;
    }
    for (k = 0; k < nv; ++k) w->rem[k] = w->rstart[k];
    for (k = 0; k < p->nsteps; ++k)
        for (j = w->dstart[k]; j < w->dstart[k + 1]; ++j) w->rlist[w->rem[w->dlist[j]]++] = k;
    for (k = 0; k < nv; ++k) w->rem[k] = w->rstart[k + 1] - w->rstart[k];
}
/* the edges between steps: producer -> reader, reader of a variable -> its assign, constraints (both ends
   steps of the plan). add 0: counts them into estart; add 1: fills etgt and indeg. Returns 1 when every edge
   runs forward (to a later step): the steps' present order is then a schedule already. */
static int gir__sched_edges(const gir_graph *g, const gir_plan *p, gir__swork *w, int add) {
    uint32_t k, j;
    size_t c;
    int fwd = 1;
#define GIR__EDGE(a, b) do { if (add) { w->etgt[w->cur[a]++] = (b); ++w->indeg[b]; } else ++w->estart[(a) + 1]; \
                             fwd &= (a) < (b); } while (0)
    for (k = 0; k < p->nsteps; ++k) {
        const gir__step *s = &p->steps[k];
        for (j = 0; j < s->nin; ++j) {
            uint32_t v = p->sin[s->in0 + j];
            if (w->prod[v]) GIR__EDGE(w->prod[v] - 1, k);
            if (w->owner[v] && w->owner[v] - 1 != k) GIR__EDGE(k, w->owner[v] - 1);
        }
    }
    for (c = 0; c + 1 < g->ncons; c += 2) {
        uint32_t a = g->cons[c], b = g->cons[c + 1], va, vb;
        if (a >= p->nmap || b >= p->nmap || !(va = p->map[a]) || !(vb = p->map[b])) continue;
        if (w->prod[va - 1] && w->prod[vb - 1]) GIR__EDGE(w->prod[va - 1] - 1, w->prod[vb - 1] - 1);
    }
#undef GIR__EDGE
    return fwd;
}
/* one list schedule into w->order; returns the steps placed (fewer than nsteps: a cycle) and the peak of the
   live bytes of that order. The readers (gir__sched_readers) are the same for both runs: only rem starts again.
   A peak that reaches bound (the order it would replace) ends the run early: that order is not taken. */
static uint32_t gir__sched_run(const gir_plan *p, gir__swork *w, int mode, size_t *peak, size_t bound) {
    uint32_t k, n = 0, j;
    size_t live = 0;
    w->nheap = 0;
    for (k = 0; k < p->nvals; ++k) w->rem[k] = w->rstart[k + 1] - w->rstart[k];
    for (k = 0; k < p->nsteps; ++k) { w->indeg[k] = w->indeg0[k]; w->placed[k] = 0; w->ver[k] = 0; }
    for (k = 0; k < p->nsteps; ++k)
        if (!w->indeg[k]) gir__sched_ready(p, w, k, mode);
    *peak = 0;
    while (w->nheap) {
        gir__heapent e = gir__heap_pop(w);
        const gir__step *st;
        if (w->placed[e.step] || e.ver != w->ver[e.step]) continue;
        st = &p->steps[e.step];
        w->order[n++] = e.step;
        live += gir__vbytes(&p->vals[st->val]);
        if (live > *peak) *peak = live;
        if (*peak >= bound) break;             /* the peak only grows: this order cannot end below bound */
        gir__sched_place(p, w, e.step, mode);
        for (j = w->dstart[e.step]; j < w->dstart[e.step + 1]; ++j)
            if (w->rem[w->dlist[j]] == 0) live -= w->tb[w->dlist[j]];
        if (w->rstart[st->val] == w->rstart[st->val + 1] && !p->vals[st->val].isout)
            live -= gir__vbytes(&p->vals[st->val]);
    }
    return n;
}
/* the schedule of mode 0 when every edge runs forward: the steps' present order, and its peak of live bytes
   counted as gir__sched_run counts it, without the heap */
static uint32_t gir__sched_inorder(const gir_plan *p, gir__swork *w, size_t *peak) {
    uint32_t k, j;
    size_t live = 0;
    *peak = 0;
    for (k = 0; k < p->nvals; ++k) w->rem[k] = w->rstart[k + 1] - w->rstart[k];
    for (k = 0; k < p->nsteps; ++k) {
        const gir__step *st = &p->steps[k];
        w->order[k] = k;
        live += gir__vbytes(&p->vals[st->val]);
        if (live > *peak) *peak = live;
        for (j = w->dstart[k]; j < w->dstart[k + 1]; ++j)
            if (--w->rem[w->dlist[j]] == 0) live -= w->tb[w->dlist[j]];
        if (w->rstart[st->val] == w->rstart[st->val + 1] && !p->vals[st->val].isout)
            live -= gir__vbytes(&p->vals[st->val]);
    }
    return p->nsteps;
}
/* names a step left out of a schedule: the constraints and the assign ordering make a cycle through it */
static gir_status gir__sched_cycle(gir_graph *g, const gir_plan *p, const gir__swork *w) {
    uint32_t k;
    for (k = 0; k < p->nsteps && w->placed[k]; ++k) {}
    gir__gfail(g, GIR_ERR_INVALID_ARG, "compile: %N: the topological constraints and the order of variable updates "
               "form a cycle through it", (const gir_graph *)g, (unsigned)p->vals[p->steps[k].val].node);
    return GIR_ERR_INVALID_ARG;
}
/* orders the plan's steps: the order they have (creation order, assigns placed by gen/80-plan/modes.c) kept where the
   constraints allow, or the memory-greedy order (the ready step that gives back the most bytes first) when its
   peak of live bytes is lower. Both are list schedules over a heap: O((steps + edges) log steps). */
/* the edges, or none when a step's successors are its value's readers (w->direct): then a step waits for the
   producers of its distinct inputs, and the steps in their present order are a schedule. 1: that order is one. */
static int gir__sched_graph(const gir_graph *g, const gir_plan *p, gir__swork *w) {
    uint32_t k, j;
    int fwd;
    gir__sched_readers(p, w);
    for (k = 0; k < p->nsteps && w->direct; ++k)      /* a step reads a later one's value: edges and a sort */
        for (j = w->dstart[k]; j < w->dstart[k + 1]; ++j)
            if (w->prod[w->dlist[j]] > k + 1) w->direct = 0;
    if (w->direct) {
        for (k = 0; k < p->nsteps; ++k)
            for (j = w->dstart[k], w->indeg0[k] = 0; j < w->dstart[k + 1]; ++j) w->indeg0[k] += w->prod[w->dlist[j]] != 0;
        return 1;
    }
    GIR_MEMSET(w->estart, 0, (p->nsteps + 1) * sizeof(uint32_t));
    GIR_MEMSET(w->indeg, 0, (p->nsteps + 1) * sizeof(uint32_t));
    gir__sched_edges(g, p, w, 0);
    for (k = 0; k < p->nsteps; ++k) w->estart[k + 1] += w->estart[k];
    for (k = 0; k < p->nsteps; ++k) w->cur[k] = w->estart[k];
    fwd = gir__sched_edges(g, p, w, 1);
    for (k = 0; k < p->nsteps; ++k) w->indeg0[k] = w->indeg[k];
    return fwd;
}
static gir_status gir__plan_schedule(gir_graph *g, gir_plan *p, unsigned flags) {
    gir__swork w;
    size_t nv = p->nvals + 1, ns = p->nsteps + 1, ne, bytes, peak0, peak1 = 0;
    uint32_t k, n1 = 0;
    void *mem;
    gir__step *tmp;
    gir_status st = GIR_OK;
    int fwd;
    if (!p->nsteps) return GIR_OK;
    ne = p->nsin * 2 + g->ncons / 2 + 1;
    bytes = (ns + nv + 1) * sizeof(gir__heapent) + nv * sizeof(size_t) +
            (nv * 4 + 2 * p->nsin + 1 + ns * 8 + ne) * sizeof(uint32_t) + ns;
    if (!(mem = gir__alloc(&p->ta, bytes))) return GIR_ERR_OUT_OF_MEMORY;
    if (!(tmp = (gir__step *)gir__alloc(&p->ta, p->nsteps * sizeof(gir__step)))) {
        gir__free(&p->ta, mem, bytes);
        return GIR_ERR_OUT_OF_MEMORY;
    }
    w.heap = (gir__heapent *)mem;
    w.tb = (size_t *)(w.heap + ns + nv + 1);
    w.prod = (uint32_t *)(w.tb + nv); w.owner = w.prod + nv; w.rem = w.owner + nv;
    w.rstart = w.rem + nv; w.rlist = w.rstart + nv; w.estart = w.rlist + p->nsin + 1; w.cur = w.estart + ns;
    w.indeg = w.cur + ns; w.indeg0 = w.indeg + ns; w.ver = w.indeg0 + ns; w.order = w.ver + ns;
    w.etgt = w.order + ns; w.dstart = w.etgt + ne; w.dlist = w.dstart + ns; w.placed = (uint8_t *)(w.dlist + p->nsin);
    GIR_MEMSET(w.prod, 0, 2 * nv * sizeof(uint32_t));          /* prod and owner; the rest is set before use */
    w.direct = g->ncons == 0;
    for (k = 0; k < p->nsteps; ++k) {
        w.prod[p->steps[k].val] = k + 1;
        if (gir__op_is(p->steps[k].op, GIR__F_WRITES)) { w.owner[p->sin[p->steps[k].in0]] = k + 1; w.direct = 0; }
    }
    fwd = gir__sched_graph(g, p, &w);
    if ((fwd ? gir__sched_inorder(p, &w, &peak0) : gir__sched_run(p, &w, 0, &peak0, (size_t)-1)) < p->nsteps)
        st = gir__sched_cycle(g, p, &w);
    if (st == GIR_OK) {
        if (!fwd) for (k = 0; k < p->nsteps; ++k) tmp[k] = p->steps[w.order[k]];    /* mode 0's order */
        if (!(flags & GIR_COMPILE_NO_REUSE)) n1 = gir__sched_run(p, &w, 1, &peak1, peak0);   /* kept if lower */
        p->sched_greedy = n1 == p->nsteps && peak1 < peak0;
        if (p->sched_greedy) for (k = 0; k < p->nsteps; ++k) tmp[k] = p->steps[w.order[k]];
        if (p->sched_greedy || !fwd) for (k = 0; k < p->nsteps; ++k) p->steps[k] = tmp[k];
    }
    gir__free(&p->ta, tmp, 0);
    gir__free(&p->ta, mem, bytes);
    return st;
}

/* -- the memory plan -------------------------------------------------------------------------------------- */
/* the free space of the arena below its top: blocks ordered by offset, never two adjacent */
typedef struct gir__fl { size_t *off, *len; uint32_t n; size_t top, high; } gir__fl;
static size_t gir__fl_take(gir__fl *f, size_t n) {
    uint32_t k, best = f->n;
    size_t off;
    for (k = 0; k < f->n; ++k)                        /* best fit: the smallest block that holds n */
        if (f->len[k] >= n && (best == f->n || f->len[k] < f->len[best])) best = k;
    if (best == f->n) {
        off = f->top;
        f->top += n;
        if (f->top > f->high) f->high = f->top;
        return off;
    }
    off = f->off[best];
    if (f->len[best] > n) { f->off[best] += n; f->len[best] -= n; return off; }
    for (k = best; k + 1 < f->n; ++k) { f->off[k] = f->off[k + 1]; f->len[k] = f->len[k + 1]; }
    --f->n;
    return off;
}
static void gir__fl_give(gir__fl *f, size_t off, size_t n) {
    uint32_t lo = 0, hi = f->n, k;
    while (lo < hi) {                                 /* the first block above off */
        uint32_t mid = (lo + hi) / 2;
        if (f->off[mid] < off) lo = mid + 1; else hi = mid;
    }
    if (lo > 0 && f->off[lo - 1] + f->len[lo - 1] == off) {       /* joins the block below */
        --lo;
        off = f->off[lo];
        n += f->len[lo];
        for (k = lo; k + 1 < f->n; ++k) { f->off[k] = f->off[k + 1]; f->len[k] = f->len[k + 1]; }
        --f->n;
    }
    if (lo < f->n && off + n == f->off[lo]) {                     /* joins the block above */
        n += f->len[lo];
        for (k = lo; k + 1 < f->n; ++k) { f->off[k] = f->off[k + 1]; f->len[k] = f->len[k + 1]; }
        --f->n;
    }
    if (off + n == f->top) { f->top = off; return; }              /* the top comes down */
    for (k = f->n; k > lo; --k) { f->off[k] = f->off[k - 1]; f->len[k] = f->len[k - 1]; }
    f->off[lo] = off;
    f->len[lo] = n;
    ++f->n;
}

/* step k can run once, on the first gir_plan_run: no random op, no assign or value written into a variable, and
   it reads only constants and values of such steps */
static int gir__plan_foldable(const gir_graph *g, const gir_plan *p, const gir__reads *rd, uint32_t k) {
    uint32_t j, m, nm = p->fgroup && p->fgroup[k] ? p->groups[p->fgroup[k] - 1].nm : 1;
    const gir__step *s = p->fgroup && p->fgroup[k] ? &p->fsteps[p->groups[p->fgroup[k] - 1].m0] : &p->steps[k];
    for (m = 0; m < nm; ++m)
        if (gir__op_is(s[m].op, GIR__F_RNG | GIR__F_WRITES | GIR__F_LEAF_STATE) || p->vals[s[m].val].kind == GIR__VAL_INVAR)
            return 0;
    for (j = rd->at[k]; j < rd->at[k + 1]; ++j) {
        const gir__val *iv = &p->vals[rd->v[j]];
        if (iv->kind == GIR__VAL_DATA && gir__op_is(g->nodes[iv->node].op, GIR__F_LEAF_CONST)) continue;
        if ((iv->kind == GIR__VAL_TEMP || iv->kind == GIR__VAL_VIEW) && iv->fold) continue;
        return 0;
    }
    return 1;
}
/* step k adds its result into input v, its last, which its row does not have (gen/80-plan/accumulate.c): the
   kernel may start from v in place when no other input of the step is v */
static int gir__plan_adds_into(const gir_plan *p, const gir__step *s, uint32_t v) {
    const gir__opinfo *oi = gir__op_info(s->op);
    uint32_t j;
    if (oi->variadic || s->nin != (uint32_t)oi->nparents + oi->nargs + 1u || p->sin[s->in0 + s->nin - 1] != v)
        return 0;
    for (j = 0; j + 1 < s->nin; ++j)
        if (p->sin[s->in0 + j] == v) return 0;
    return 1;
}
/* step k writes each element of its value after reading the same element of input v, so it may write over v:
   an elementwise kernel (a plain step, or the root of a fused group, which writes each chunk after its members
   read it) of v's dtype and shape, a copy of v (a reshape: it then copies nothing, its value being v's bytes), or
   a product adding into v */
static int gir__plan_writes_over(const gir_plan *p, uint32_t k, uint32_t v) {
    const gir__step *s = &p->steps[k];
    const gir__val *o = &p->vals[s->val], *iv = &p->vals[v];
    int copy = gir__kernel_of(s->op) == gir__k_copy && p->sin[s->in0] == v;     /* the input it copies */
    int adds = !(p->fgroup && p->fgroup[k]) && gir__plan_adds_into(p, s, v);
    if ((gir__kernel_of(s->op) != gir__k_eltwise && !copy && !adds) || o->fold) return 0;
    return iv->bytes == o->bytes && iv->dtype == o->dtype && (copy || gir__shape_eq(&iv->shape, &o->shape));
}
/* step k may write its value over input v (above), v a temporary that dies here (not an output, not kept) */
static int gir__plan_inplace_ok(const gir_plan *p, uint32_t k, uint32_t v) {
    const gir__val *iv = &p->vals[v];
    return iv->kind == GIR__VAL_TEMP && !iv->isout && !iv->fold && iv->last == k && gir__plan_writes_over(p, k, v);
}
/* first and last step of every temporary (outputs and kept values: to the end), and the steps run once */
static void gir__plan_lifetimes(const gir_graph *g, gir_plan *p, const gir__reads *rd, unsigned flags) {
    uint32_t k, v, j;
    for (v = 0; v < p->nvals; ++v) { p->vals[v].first = p->vals[v].last = GIR__NEVER; p->vals[v].fold = 0; }
    for (k = 0; k < p->nsteps; ++k) {
        gir__val *o = &p->vals[p->steps[k].val];
        o->first = k;
        p->steps[k].flags = 0;
        for (j = rd->at[k]; j < rd->at[k + 1]; ++j) p->vals[rd->v[j]].last = k;
        if (!(flags & GIR_COMPILE_NO_FOLD) && gir__plan_foldable(g, p, rd, k)) {
            p->steps[k].flags |= GIR__STEP_FOLD;
            o->fold = 1;
            ++p->nfold;
        }
    }
    for (v = 0; v < p->nvals; ++v) {
        gir__val *x = &p->vals[v];
        if (x->kind != GIR__VAL_TEMP && x->kind != GIR__VAL_VIEW) continue;
        if (x->isout || x->fold) x->last = p->nsteps;
        else if (x->last == GIR__NEVER) x->last = x->first;      /* never read: lives during its step */
    }
    for (k = 0; k < p->nsteps; ++k) {                /* a call's value lives while a view of it is read */
        gir__val *x = &p->vals[p->steps[k].val], *t = &p->vals[p->sin[p->steps[k].in0]];
        if (x->kind == GIR__VAL_VIEW && x->last > t->last) t->last = x->last;
    }
}
/* at step k: the value's place (a temporary: in-place over an input that dies here, or the free list; a value
   written into a variable has none), then the inputs read for the last time give theirs back */
static void gir__plan_place(gir_plan *p, const gir__reads *rd, gir__fl *f, uint32_t k, unsigned flags,
                            uint8_t *gone) {
    gir__val *o = &p->vals[p->steps[k].val];
    uint32_t v, j;
    if (!o->fold && o->kind == GIR__VAL_TEMP) {
        int done = 0;
        for (j = rd->at[k]; !(flags & GIR_COMPILE_NO_INPLACE) && !done && j < rd->at[k + 1]; ++j) {
            v = rd->v[j];
            if (gir__plan_inplace_ok(p, k, v)) {
                o->off = p->vals[v].off;
                gone[v] = 1;                          /* its space is the result's now */
                p->steps[k].flags |= GIR__STEP_INPLACE;
                ++p->ninplace;
                done = 1;
            }
        }
        if (!done) o->off = gir__fl_take(f, gir__vbytes(o));
    }
    for (j = rd->at[k]; j < rd->at[k + 1]; ++j) {
        gir__val *iv = &p->vals[v = rd->v[j]];
        if (iv->kind == GIR__VAL_TEMP && iv->last == k && !gone[v]) {
            gone[v] = 1;
            gir__fl_give(f, iv->off, gir__vbytes(iv));
        }
    }
    if (o->kind == GIR__VAL_TEMP && o->last == k && !gone[p->steps[k].val]) {
        gone[p->steps[k].val] = 1;
        gir__fl_give(f, o->off, gir__vbytes(o));
    }
}
/* the values of a plan's arena as groups: a value written in-place joins its input's group (one place for
   all); grp[v] = the group's first value, whose first step starts it; gl[root] = the group's last step */
static void gir__pack_groups(const gir_plan *p, const gir__reads *rd, uint32_t *grp, uint32_t *gl) {
    uint32_t k, v, j;
    for (k = 0; k < p->nsteps; ++k) {
        uint32_t o = p->steps[k].val, d = GIR__NEVER;
        if (p->vals[o].kind != GIR__VAL_TEMP || p->vals[o].fold) continue;
        if (p->steps[k].flags & GIR__STEP_INPLACE) {
            for (j = rd->at[k]; j < rd->at[k + 1]; ++j)
                if (p->vals[v = rd->v[j]].kind == GIR__VAL_TEMP && p->vals[v].last == k && p->vals[v].off == p->vals[o].off) d = v;
        }
        grp[o] = d == GIR__NEVER ? o : grp[d];
        gl[grp[o]] = p->vals[o].last;
    }
}
/* offline packing of the same lifetimes and in-place pairs: groups largest first (then earliest), each at the
   tightest gap among the groups placed already that are live at the same time; returns the arena's size */
static size_t gir__pack(gir_plan *p, const gir__reads *rd, size_t base, uint32_t *grp, uint32_t *gl, uint32_t *ord,
                        uint32_t *pl, size_t *goff) {
    uint32_t n = 0, np = 0, k, j, v;
    size_t high = base;
    gir__pack_groups(p, rd, grp, gl);
    for (v = 0; v < p->nvals; ++v)                   /* the groups, sorted by insertion (n is bounded) */
        if (p->vals[v].kind == GIR__VAL_TEMP && !p->vals[v].fold && grp[v] == v) {
            size_t b = gir__vbytes(&p->vals[v]);
            for (j = n++; j > 0 && (gir__vbytes(&p->vals[ord[j - 1]]) < b ||
                                   (gir__vbytes(&p->vals[ord[j - 1]]) == b && p->vals[ord[j - 1]].first > p->vals[v].first)); --j)
                ord[j] = ord[j - 1];
            ord[j] = v;
        }
    for (k = 0; k < n; ++k) {
        uint32_t r = ord[k];
        size_t b = gir__vbytes(&p->vals[r]), prev = base, best = (size_t)-1, bestgap = (size_t)-1;
        for (j = 0; j < np; ++j) {
            uint32_t q = pl[j];
            if (p->vals[q].first > gl[r] || p->vals[r].first > gl[q]) continue;     /* not live together */
            if (goff[q] >= prev && goff[q] - prev >= b && goff[q] - prev < bestgap) { best = prev; bestgap = goff[q] - prev; }
            if (goff[q] + gir__vbytes(&p->vals[q]) > prev) prev = goff[q] + gir__vbytes(&p->vals[q]);
        }
        goff[r] = best != (size_t)-1 ? best : prev;
        if (goff[r] + b > high) high = goff[r] + b;
        for (j = np++; j > 0 && goff[pl[j - 1]] > goff[r]; --j) pl[j] = pl[j - 1];
        pl[j] = r;
    }
    return high;
}
#ifndef GIR_PLAN_PACK_MAX
#define GIR_PLAN_PACK_MAX 4096    /* plans with more values keep the online placement (packing is quadratic) */
#endif
/* packs offline where the plan is small enough, and keeps that placement when it is smaller */
static gir_status gir__plan_repack(gir_plan *p, const gir__reads *rd, size_t base, size_t *arena) {
    size_t nv = (size_t)p->nvals + 1, bytes = nv * 4 * sizeof(uint32_t) + nv * sizeof(size_t), high;
    uint32_t *w, v;
    size_t *goff;
    if (p->nvals > GIR_PLAN_PACK_MAX) return GIR_OK;
    if (!(goff = (size_t *)gir__alloc(&p->ta, bytes))) return GIR_ERR_OUT_OF_MEMORY;
    w = (uint32_t *)(goff + nv);
    high = gir__pack(p, rd, base, w, w + nv, w + 2 * nv, w + 3 * nv, goff);
    if (high < *arena) {
        for (v = 0; v < p->nvals; ++v)
            if (p->vals[v].kind == GIR__VAL_TEMP && !p->vals[v].fold) p->vals[v].off = goff[w[v]];
        *arena = high;
    }
    gir__free(&p->ta, goff, bytes);
    return GIR_OK;
}
/* the liveness lower bound of the plan's schedule: the most bytes of temporaries live at one step; a value
   written in-place takes over its input's bytes (counted once). seen: nvals zero bytes of work */
static size_t gir__plan_live_peak(const gir_plan *p, const gir__reads *rd, uint8_t *seen) {
    size_t live = 0, peak = 0;
    uint32_t k, v, j;
    for (v = 0; v < p->nvals; ++v)       /* kept values are live from the start (later runs skip their steps) */
        if (p->vals[v].kind == GIR__VAL_TEMP && p->vals[v].fold) live += gir__vbytes(&p->vals[v]);
    for (k = 0; k < p->nsteps; ++k) {
        const gir__val *o = &p->vals[p->steps[k].val];
        int inpl = (p->steps[k].flags & GIR__STEP_INPLACE) != 0;
        if (o->kind == GIR__VAL_TEMP && !o->fold && !inpl) live += gir__vbytes(o);
        if (live > peak) peak = live;
        for (j = rd->at[k]; j < rd->at[k + 1]; ++j)
            if (p->vals[v = rd->v[j]].kind == GIR__VAL_TEMP && p->vals[v].last == k && !seen[v]) {
                seen[v] = 1;
                if (inpl && p->vals[v].off == o->off) { inpl = 0; continue; }    /* its bytes are the result's */
                live -= gir__vbytes(&p->vals[v]);
            }
        if (o->kind == GIR__VAL_TEMP && o->last == k && !seen[p->steps[k].val]) {
            seen[p->steps[k].val] = 1;
            live -= gir__vbytes(o);
        }
    }
    return peak;
}
/* the values each step of the final order reads, as gir__srd yields them (a fused group's members' inputs but
   its chunk buffers), listed once for the walks of the memory plan: step k reads v[at[k] .. at[k + 1]) */
static gir_status gir__reads_make(gir_plan *p, gir__reads *rd) {
    uint32_t k, v, n = 0;
    rd->bytes = ((size_t)p->nsteps + 1 + p->nsin) * sizeof(uint32_t);      /* every input read at most once */
    if (!(rd->at = (uint32_t *)gir__alloc(&p->ta, rd->bytes))) return GIR_ERR_OUT_OF_MEMORY;
    rd->v = rd->at + p->nsteps + 1;
    for (k = 0; k < p->nsteps; ++k) {
        gir__srd r;
        rd->at[k] = n;
        gir__srd_init(p, k, &r);
        while (gir__srd_next(p, &r, &v)) rd->v[n++] = v;
    }
    rd->at[p->nsteps] = n;
    return GIR_OK;
}
/* the arena: the values kept for every run (constant subgraphs) at its start, then the others, each placed at
   its step and given back after its last; GIR_COMPILE_NO_REUSE: one place per value, in value order */
static gir_status gir__plan_memory(const gir_graph *g, gir_plan *p, unsigned flags, size_t *arena) {
    gir__fl f;
    gir__reads rd;
    size_t nv = p->nvals + 1, bytes, base = 0;
    uint32_t k, v;
    uint8_t *gone;
    void *mem;
    gir_status st = GIR_OK;
    p->nfold = p->ninplace = 0;
    if (gir__reads_make(p, &rd) != GIR_OK) return GIR_ERR_OUT_OF_MEMORY;
    gir__plan_lifetimes(g, p, &rd, flags);
    bytes = nv * 2 * sizeof(size_t) + nv * 2;
    if (!(mem = gir__alloc(&p->ta, bytes))) {
        gir__free(&p->ta, rd.at, rd.bytes);
        return GIR_ERR_OUT_OF_MEMORY;
    }
    GIR_MEMSET(mem, 0, bytes);
    f.off = (size_t *)mem; f.len = f.off + nv; gone = (uint8_t *)(f.len + nv);
    for (v = 0; v < p->nvals; ++v)
        if (p->vals[v].kind == GIR__VAL_TEMP && (p->vals[v].fold || (flags & GIR_COMPILE_NO_REUSE))) {
            p->vals[v].off = base;
            base += gir__vbytes(&p->vals[v]);
        }
    f.n = 0; f.top = f.high = base;
    for (k = 0; k < p->nsteps && !(flags & GIR_COMPILE_NO_REUSE); ++k)
        if (p->vals[p->steps[k].val].kind == GIR__VAL_TEMP || p->vals[p->steps[k].val].kind == GIR__VAL_INVAR)
            gir__plan_place(p, &rd, &f, k, flags, gone);
    *arena = f.high;
    p->live_peak = gir__plan_live_peak(p, &rd, gone + nv);
    gir__free(&p->ta, mem, bytes);
    if (!(flags & GIR_COMPILE_NO_REUSE)) st = gir__plan_repack(p, &rd, base, arena);
    gir__free(&p->ta, rd.at, rd.bytes);
    return st;
}

/* -- the checker (compiled in where GIR_PLAN_CHECK is defined: the test runner checks every plan) ------------ */
#if defined(GIR_PLAN_CHECK)
/* work for gir__plan_check: 4 uint32 per value */
static size_t gir__plan_check_bytes(const gir_plan *p) { return ((size_t)p->nvals + 1) * 4 * sizeof(uint32_t); }
/* the buffers of temporaries a and b overlap */
static int gir__plan_overlap(const gir_plan *p, uint32_t a, uint32_t b) {
    const gir__val *x = &p->vals[a], *y = &p->vals[b];
    return x->off < y->off + gir__vbytes(y) && y->off < x->off + gir__vbytes(x);
}
/* the update rule of gen/80-plan/update.c: no step reads a variable after the step (or the member of a fused
   group) that writes its new value into it */
static int gir__plan_check_updates(const gir_plan *p, char *msg, size_t n) {
    uint32_t k, j, m, nm;
    gir__srd r;
    for (k = 0; k < p->nsteps; ++k) {
        const gir__step *s;
        gir__srd_init(p, k, &r);                   /* the step, or its group's members */
        s = r.s;
        nm = r.nm;
        for (m = 0; m < nm; ++m) {
            uint32_t var = (uint32_t)p->vals[s[m].val].off, i, bad = GIR__NEVER;
            if (p->vals[s[m].val].kind != GIR__VAL_INVAR) continue;
            for (i = m + 1; i < nm; ++i)
                for (j = 0; j < s[i].nin; ++j) if (p->sin[s[i].in0 + j] == var) bad = k;
            for (j = k + 1; j < p->nsteps && bad == GIR__NEVER; ++j)
                if (gir__plan_step_reads(p, j, var)) bad = j;
            if (bad != GIR__NEVER) {
                gir__format(msg, n, "step %u reads variable node %u after step %u wrote its new value (node %u)",
                            (unsigned)bad, (unsigned)p->vals[var].node, (unsigned)k, (unsigned)p->vals[s[m].val].node);
                return 0;
            }
        }
    }
    return 1;
}
/* verifies the plan's arena from its steps alone (not the planner's lifetimes): walking the schedule, a value
   is live from its step to its last reader (outputs to the end, values of steps run once always); no two live
   values overlap, but for a step marked in-place and the input at its offset that dies there. Every place is
   aligned and inside the arena. Returns 1, or 0 with a message. */
static int gir__plan_check(const gir_plan *p, void *work, char *msg, size_t n) {
    uint32_t *lastr = (uint32_t *)work, *pos = lastr + p->nvals + 1, *live = pos + p->nvals + 1, nlive = 0, k, v, j;
    msg[0] = 0;
    if (!gir__plan_check_updates(p, msg, n)) return 0;
    for (v = 0; v < p->nvals; ++v) lastr[v] = GIR__NEVER;
    for (k = 0; k < p->nsteps; ++k) {
        gir__srd r;
        gir__srd_init(p, k, &r);
        while (gir__srd_next(p, &r, &v)) lastr[v] = k;
    }
    for (v = 0; v < p->nvals; ++v) {
        const gir__val *x = &p->vals[v];
        if (x->kind != GIR__VAL_TEMP) continue;
        if (x->off % GIR__ALIGN || x->off + gir__vbytes(x) > p->arena_bytes) {
            gir__format(msg, n, "value of node %u: [%l, %l) is not an aligned place in the arena of %l bytes", (unsigned)x->node,
                        (long long)x->off, (long long)(x->off + x->bytes), (long long)p->arena_bytes);
            return 0;
        }
        if (x->isout || x->fold) lastr[v] = GIR__NEVER - 1;       /* to the end */
        if (x->fold) { pos[v] = nlive; live[nlive++] = v; }
    }
    for (j = 0; j < nlive; ++j)
        for (k = j + 1; k < nlive; ++k)
            if (gir__plan_overlap(p, live[j], live[k])) {
                gir__format(msg, n, "kept values of nodes %u and %u overlap", (unsigned)p->vals[live[j]].node,
                            (unsigned)p->vals[live[k]].node);
                return 0;
            }
    for (k = 0; k < p->nsteps; ++k) {
        const gir__step *s = &p->steps[k];
        uint32_t o = s->val;
        gir__srd r;
        if (p->vals[o].kind == GIR__VAL_TEMP && !p->vals[o].fold) {
            for (j = 0; j < nlive; ++j) {
                uint32_t u = live[j];
                int pair = (s->flags & GIR__STEP_INPLACE) && lastr[u] == k && p->vals[u].off == p->vals[o].off;
                if (gir__plan_overlap(p, u, o) && !pair) {
                    gir__format(msg, n, "step %u (%s, node %u) writes [%l, %l), over node %u's value, live until step %d",
                                (unsigned)k, gir__op_names[s->op], (unsigned)p->vals[o].node, (long long)p->vals[o].off,
                                (long long)(p->vals[o].off + p->vals[o].bytes), (unsigned)p->vals[u].node,
                                lastr[u] >= GIR__NEVER - 1 ? -1 : (int)lastr[u]);
                    return 0;
                }
            }
            pos[o] = nlive;
            live[nlive++] = o;
        }
        gir__srd_init(p, k, &r);
        while (gir__srd_next(p, &r, &v)) {
            if (p->vals[v].kind != GIR__VAL_TEMP || lastr[v] != k || pos[v] >= nlive || live[pos[v]] != v) continue;
            live[pos[v]] = live[--nlive];                /* dies here */
            pos[live[pos[v]]] = pos[v];
            pos[v] = GIR__NEVER;
        }
        if (lastr[o] == GIR__NEVER && pos[o] < nlive && live[pos[o]] == o) {
            live[pos[o]] = live[--nlive];
            pos[live[pos[o]]] = pos[o];
            pos[o] = GIR__NEVER;
        }
    }
    return 1;
}
#endif

/* -- what a plan tells about its memory and order ---------------------------------------------------------- */
GIR_API gir_node gir_plan_step_node(const gir_plan *p, int k) {
    gir_node none = {0, 0};
    if (!p || k < 0 || (uint32_t)k >= p->nsteps) return none;
    return gir__handle(p->g, p->vals[p->steps[k].val].node);
}
GIR_API gir_status gir_plan_value_info(const gir_plan *p, gir_node n, gir_plan_value *info) {
    const gir__val *v;
    if (!p || !info) return GIR_ERR_INVALID_ARG;
    if (gir__handle_kind(p->g, n) != GIR__H_OWN || n.id >= p->nmap || !p->map[n.id]) return GIR_ERR_INVALID_ARG;
    v = &p->vals[p->map[n.id] - 1];
    int arena = v->kind == GIR__VAL_TEMP || v->kind == GIR__VAL_VIEW;      /* a view: in its call's value */
    info->kind = arena ? (v->fold ? GIR_VALUE_KEPT : GIR_VALUE_ARENA) :
                 v->kind == GIR__VAL_FUSED ? GIR_VALUE_FUSED : GIR_VALUE_GRAPH;
    info->offset = v->kind == GIR__VAL_TEMP ? v->off :
                   arena && v->ptr && p->arena ? (size_t)((const unsigned char *)v->ptr - p->arena) : 0;
    info->bytes = v->bytes;
    info->first_step = arena ? (int)v->first : -1;
    info->last_step = !arena ? -1 : v->last >= p->nsteps ? (int)p->nsteps : (int)v->last;
    return GIR_OK;
}
