/* >>exec: compile a graph into a plan, run the plan ------------------------------------------------------------
   A plan holds copies of what it needs from the graph (ops, shapes, attributes), one buffer per value at an
   offset in one arena, and the order of steps. gir_run executes the steps without allocating; constants and
   variables are read from the graph's storage on every run, so training updates are seen at once.
   Ownership: a plan keeps its graph's memory alive. gir_graph_free on a graph with live plans only marks it
   freed; the last gir_plan_free of those plans releases it. Graphs and plans can be freed in any order. */
enum { GIR__VAL_TEMP, GIR__VAL_INPUT, GIR__VAL_DATA, GIR__VAL_FUSED };   /* FUSED: see gen/80-plan/fuse.c */
typedef struct gir__val {
    void      *ptr;
    gir_shape  shape;
    uint32_t   node;
    uint8_t    dtype, kind;
    uint8_t    isout, fold;  /* an output of the plan; the value of a step run once (gen/80-plan/plan.c) */
    uint32_t   first, last;  /* a temporary's step, and the last step that reads it (nsteps: kept to the end) */
    size_t     off, bytes;
} gir__val;
#define GIR__NEVER 0xFFFFFFFFu
typedef struct gir__step {
    uint32_t val;          /* the value it writes */
    uint32_t nin, in0;     /* its inputs: value indices in sin[in0 .. in0+nin) */
    uint16_t op;
    uint8_t  tr;           /* bit j: input j is read with its last two axes swapped (see gir__step_in) */
    uint8_t  flags;        /* GIR__STEP_*: gen/80-plan/plan.c */
    uint32_t attr;         /* its node's attributes in the graph's store (0: none), unpacked when the step runs */
} gir__step;
enum { GIR__STEP_FOLD = 1, GIR__STEP_INPLACE = 2 };
/* a bump allocator over the caller's buffer (gen/80-plan/plan.c); the buffer is aligned to GIR__BUMP_ALIGN */
#define GIR__BUMP_ALIGN 8
typedef struct gir__bump {
    unsigned char *base;
    size_t         cap, used, high, last;   /* high: the most bytes taken at once, both ends: what a buffer needs */
    size_t         top, ttop, tpeak;        /* the compile's temporaries, at the buffer's end; top before the last;
                                               the most top was */
    void          *lastp, *tlastp;
    gir_allocator  under;
} gir__bump;
enum { GIR__PM_ALLOC, GIR__PM_BUFFER, GIR__PM_MEASURE };   /* where a plan's memory comes from */
struct gir_plan {
    gir_allocator a;
    gir_allocator ta;       /* the compile's temporaries: the graph's allocator, or the buffer's end (gen/80-plan/plan.c) */
    gir__bump     bump;
    uint8_t       mode;     /* GIR__PM_* */
    uint8_t       folded;   /* the steps run once have run */
    uint8_t       sched_greedy;    /* the memory-greedy order was taken */
    uint32_t      nfold, ninplace;
    uint64_t      steps_run;
    size_t        live_peak;
    gir_graph    *g;
    gir__val     *vals;
    uint32_t      nvals;
    uint32_t     *map;      /* node id -> value index + 1 (0: not in the plan) */
    size_t        nmap;
    gir__step    *steps;
    uint32_t      nsteps;
    double      (*fpar)[3]; /* fused members' scalar parameters (attr f), fpar[k] for fsteps[k] */
    uint32_t     *sin;
    size_t        nsin;
    void         *arena_raw;
    unsigned char *arena;
    size_t        arena_bytes;
    void         *scratch_raw;
    void         *scratch;
    size_t        scratch_bytes;
    gir__kin     *kin;
    struct gir__fgroup *groups;   /* fused groups (gen/80-plan/fuse.c): fgroup[k] = group + 1 of step k, 0: a plain step */
    gir__step    *fsteps;
    uint32_t     *fgroup;
    uint32_t      ngroups, nfused;
    uint32_t      npass[3];    /* nodes the passes merged, simplified away, found dead (gen/80-plan/passes.c) */
    size_t        chunk;
    size_t        fuse_bytes;  /* scratch one thread's chunk buffers take (the largest group's) */
    uint64_t      runs;
#if defined(GIR_THREADS)
    gir__par      par;      /* the parallel-for hook (gir_plan_set_parallel); zeros: one thread */
#endif
    gir_status    status;
    char          msg[GIR__MSG];
};

static void gir__pfail(gir_plan *p, gir_status s, const char *fmt, ...) {
    gir__buf b;
    va_list ap;
    p->status = s;
    b.p = p->msg; b.n = sizeof p->msg; b.len = 0; p->msg[0] = 0;
    va_start(ap, fmt);
    gir__vformat(&b, fmt, ap);
    va_end(ap);
}
static size_t gir__align_up(size_t n) { return (n + (GIR__ALIGN - 1)) & ~(size_t)(GIR__ALIGN - 1); }

GIR_API void gir_plan_free(gir_plan *p) {
    gir_allocator a;
    if (!p) return;
    a = p->a;
    if (p->g && --p->g->plans == 0 && p->g->freed) gir__graph_release(p->g);
    gir__free(&a, p->vals, 0);
    gir__free(&a, p->map, 0);
    gir__free(&a, p->steps, 0);
    gir__free(&a, p->fpar, 0);
    gir__free(&a, p->sin, 0);
    gir__free(&a, p->arena_raw, 0);
    gir__free(&a, p->scratch_raw, 0);
    gir__free(&a, p->kin, 0);
    gir__free(&a, p->groups, 0);
    gir__free(&a, p->fsteps, 0);
    gir__free(&a, p->fgroup, 0);
    if (p->mode == GIR__PM_ALLOC) gir__free(&a, p, sizeof *p);
    else if (p->mode == GIR__PM_MEASURE && !p->bump.base) gir__free(&p->bump.under, p, sizeof *p);
}

/* the node a step reads for input k of node d, usually that input itself. A float matmul reads a transpose of
   the last two axes in place instead (the GEMM takes strides; *tr = 1): the transpose is then computed only
   if something else needs it, so the adjoints matmul(g, mT(x)) copy nothing. */
static uint32_t gir__step_in(const gir__rw *w, const gir__node *d, uint32_t k, int *tr) {
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

static gir_status gir__fuse_plan(gir_plan *p, int n_out, const gir_node *outs, size_t chunk, size_t *scratch);
static void gir__fuse_run(gir_plan *p, uint32_t group);
static gir_status gir__fuse_params(const gir_graph *g, gir_plan *p);
/* gen/90-library/train.c: train and eval plans, and the order of assign steps */
static int gir__mode_needs(const gir__node *d, uint32_t k, int eval);
static uint32_t gir__mode_reads(const gir__node *d, int eval, uint32_t *first);
static uint16_t gir__mode_op(const gir__node *d, int eval);
static gir_status gir__assign_order(gir_graph *g, gir_plan *p);
/* gen/80-plan/plan.c: the order of steps, the arena, the bump allocator, the checker */
static gir_status gir__plan_schedule(gir_graph *g, gir_plan *p, unsigned flags);
static gir_status gir__plan_memory(const gir_graph *g, gir_plan *p, unsigned flags, size_t *arena);
static void gir__bump_init(gir_plan *p, unsigned char *base, size_t cap, const gir_allocator *under);
static size_t gir__bump_up(size_t n);
static void gir__bump_count(gir__bump *b, size_t n);
static void gir__bump_treset(gir__bump *b);
#if defined(GIR_PLAN_CHECK)
static int gir__plan_check(const gir_plan *p, void *work, char *msg, size_t n);
static size_t gir__plan_check_bytes(const gir_plan *p);
#endif

GIR_API gir_status gir_compile(gir_graph *g, int n_out, const gir_node *outs, gir_plan **out_plan) {
    return gir_compile_ex(g, n_out, outs, NULL, out_plan);
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
            if (d->nin > *maxin) *maxin = d->nin;
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
    return gir__scratch_bytes(d->op, d->dtype, gir__nshape(g, d), d->nin ? gir__nshape(g, &g->nodes[gir__pass_in(w, d, 0)]) : gir__nshape(g, d),
                              d->nin > 1 ? gir__nshape(g, &g->nodes[gir__pass_in(w, d, 1)]) : NULL);
}
/* compile, pass 2: a value for every needed node in id order, a step for every computed one, arena offsets in
   order (no reuse yet); *scratch: the most scratch one step needs */
static gir_status gir__compile_values(gir_graph *g, gir_plan *p, const gir__rw *w, size_t *off, size_t *scratch) {
    size_t id, sb;
    for (id = 1; id < g->nnodes; ++id) {
        const gir__node *d = &g->nodes[id];
        gir__val *v;
        if (!(w->need[id] & GIR__N_NEED)) continue;
        v = &p->vals[p->nvals];
        GIR_MEMSET(v, 0, sizeof *v);
        v->node = (uint32_t)id;
        v->shape = (*gir__nshape(g, d));
        v->dtype = d->dtype;
        if (!gir__bytes(gir__nshape(g, d), d->dtype, &v->bytes) || gir__align_up(v->bytes) > ((size_t)-1) / 2 - *off) {
            gir__gfail(g, GIR_ERR_LIMIT, "compile: %N: %T %S does not fit in the address space (%l bytes before it)",
                       (const gir_graph *)g, (unsigned)id, (int)d->dtype, gir__nshape(g, d), (long long)*off);
            return GIR_ERR_LIMIT;
        }
        p->map[id] = ++p->nvals;
        if (gir__op_is(d->op, GIR__F_LEAF_IN)) { v->kind = GIR__VAL_INPUT; continue; }
        if (gir__op_is(d->op, GIR__F_LEAF_DATA)) { v->kind = GIR__VAL_DATA; continue; }
        if (gir__ref_check_write(g, (uint32_t)id)) return GIR_ERR_INVALID_ARG;   /* gen/50-ir/dataref.c */
        v->kind = GIR__VAL_TEMP;
        v->off = *off;
        *off += gir__align_up(v->bytes ? v->bytes : 1);
        if ((sb = gir__compile_step(w, p, id)) > *scratch) *scratch = sb;
    }
    return GIR_OK;
}
/* after pass 2: a node the plan covered that the passes merged or simplified away reads its representative's
   value; the counts of gir_plan_pass_count */
static void gir__pass_alias(const gir__rw *w, gir_plan *p) {
    size_t id;
    for (id = 1; id < w->g->nnodes; ++id) {
        uint32_t r = w->rep[id];
        if (!(w->need[id] & GIR__N_COVER) || (w->need[id] & GIR__N_NEED)) continue;
        if (r != id && p->map[r]) {
            p->map[id] = p->map[r];
            ++p->npass[(w->need[id] & GIR__N_SIMP) ? GIR_PASS_SIMPLIFIED : GIR_PASS_MERGED];
        } else ++p->npass[GIR_PASS_DEAD];
    }
}
/* the arena and the scratch, aligned to GIR__ALIGN; the temporaries' pointers. Measuring, they are the plan's
   last two allocations and are only counted (gen/80-plan/plan.c: gir__bump_count), so measuring a plan never takes its
   arena from anywhere. */
static gir_status gir__compile_memory(gir_plan *p, size_t off, size_t scratch) {
    uint32_t k;
    p->arena_bytes = off;
    p->scratch_bytes = scratch;
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
    for (k = 0; k < p->nvals; ++k)
        if (p->vals[k].kind == GIR__VAL_TEMP) p->vals[k].ptr = p->arena + p->vals[k].off;
    return GIR_OK;
}
/* a new plan, its memory from the graph's allocator, the caller's buffer or the measuring bump allocator */
static gir_plan *gir__plan_new(gir_graph *g, int mode, const gir_compile_desc *desc) {
    gir_plan *p;
    size_t hdr = gir__bump_up(sizeof *p);
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
/* compile, passes 2 and on: values and steps, their order, fusion, the arena */
static gir_status gir__compile_passes(gir_graph *g, gir_plan *p, int n_out, const gir_node *outs,
                                      const gir_compile_desc *desc, const gir__rw *w, size_t maxin) {
    size_t off = 0, scratch = 0;
    unsigned flags = desc ? desc->flags : 0;
    int j;
    gir_status st;
    p->nmap = g->nnodes;
    p->map = (uint32_t *)gir__alloc(&p->a, g->nnodes * sizeof(uint32_t));
    p->vals = (gir__val *)gir__alloc(&p->a, (p->nvals ? p->nvals : 1) * sizeof(gir__val));
    p->steps = (gir__step *)gir__alloc(&p->a, (p->nsteps ? p->nsteps : 1) * sizeof(gir__step));
    p->sin = (uint32_t *)gir__alloc(&p->a, (p->nsin ? p->nsin : 1) * sizeof(uint32_t));
    p->kin = (gir__kin *)gir__alloc(&p->a, maxin * sizeof(gir__kin));
    if (!p->map || !p->vals || !p->steps || !p->sin || !p->kin) return GIR_ERR_OUT_OF_MEMORY;
    GIR_MEMSET(p->map, 0, g->nnodes * sizeof(uint32_t));
    p->nsin = p->nvals = p->nsteps = 0;
    if ((st = gir__compile_values(g, p, w, &off, &scratch)) != GIR_OK) return st;
    gir__pass_alias(w, p);
    for (j = 0; j < n_out; ++j) p->vals[p->map[outs[j].id] - 1].isout = 1;
    if ((st = gir__assign_order(g, p)) != GIR_OK || (st = gir__plan_schedule(g, p, flags)) != GIR_OK) return st;
    if (!(flags & GIR_COMPILE_NO_FUSION) &&
        gir__fuse_plan(p, n_out, outs, desc && desc->fuse_chunk > 0 ? (size_t)desc->fuse_chunk : GIR_FUSE_CHUNK,
                       &scratch) != GIR_OK)
        return GIR_ERR_OUT_OF_MEMORY;
    if (p->nfused && gir__fuse_params(g, p) != GIR_OK) return GIR_ERR_OUT_OF_MEMORY;
    if (gir__plan_memory(g, p, flags, &off) != GIR_OK) return GIR_ERR_OUT_OF_MEMORY;
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
                               gir_plan **out_plan) {
    gir_plan *p;
    gir__rw w;
    uint32_t *rep;
    size_t cnt = g->nnodes, maxin = 1;
    unsigned flags = desc ? desc->flags : 0u;
    gir_status st;
    if ((st = gir__compile_args(g, n_out, outs)) != GIR_OK) return st;
    if (!(p = gir__plan_new(g, mode, desc))) {
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
GIR_API gir_status gir_compile_size(gir_graph *g, int n_out, const gir_node *outs, const gir_compile_desc *desc,
                                    size_t *bytes) {
    gir_plan *p = NULL;
    gir_status st;
    int inbuf = desc && desc->buffer, fresh;
    if (!bytes) return GIR_ERR_INVALID_ARG;
    *bytes = 0;
    if (!g) return GIR_ERR_INVALID_ARG;
    if (inbuf && (uintptr_t)desc->buffer % GIR__BUMP_ALIGN) {
        gir__gfail(g, GIR_ERR_INVALID_ARG, "compile_size: the work buffer is not aligned to 8 bytes");
        return GIR_ERR_INVALID_ARG;
    }
    fresh = g->status == GIR_OK;
    if ((st = gir__compile(g, n_out, outs, desc, GIR__PM_MEASURE, &p)) != GIR_OK) {
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
GIR_API gir_status gir_compile_ex(gir_graph *g, int n_out, const gir_node *outs, const gir_compile_desc *desc,
                                  gir_plan **out_plan) {
    gir_status st;
    size_t need = 0;
    int mode = desc && (desc->buffer || desc->buffer_bytes) ? GIR__PM_BUFFER : GIR__PM_ALLOC, fresh;
    if (!out_plan) return GIR_ERR_INVALID_ARG;
    *out_plan = NULL;
    if (!g) return GIR_ERR_INVALID_ARG;
    if (mode == GIR__PM_BUFFER && (!desc->buffer || (uintptr_t)desc->buffer % GIR__BUMP_ALIGN)) {
        gir__gfail(g, GIR_ERR_INVALID_ARG, "compile: the plan's buffer (%l bytes) %s", (long long)desc->buffer_bytes,
                   desc->buffer ? "is not aligned to 8 bytes" : "is NULL");
        return GIR_ERR_INVALID_ARG;
    }
    fresh = g->status == GIR_OK;
    st = gir__compile(g, n_out, outs, desc, mode, out_plan);
    if (st == GIR_ERR_OUT_OF_MEMORY && mode == GIR__PM_BUFFER && fresh) {
        gir_compile_desc mdesc = *desc;
        g->status = GIR_OK;        /* the message names the size (the graph keeps its first error otherwise) */
        if (gir_compile_size(g, n_out, outs, &mdesc, &need) != GIR_OK) {   /* measured in the buffer itself, */
            mdesc.buffer = NULL;                                          /* else with the graph's allocator */
            mdesc.buffer_bytes = 0;
            g->status = GIR_OK;
            if (gir_compile_size(g, n_out, outs, &mdesc, &need) != GIR_OK) need = 0;
        }
        g->status = GIR_OK;
        if (need)
            gir__gfail(g, GIR_ERR_OUT_OF_MEMORY, "compile: the buffer of %l bytes is too small: the plan needs %l "
                       "bytes (gir_compile_size)", (long long)desc->buffer_bytes, (long long)need);
        else
            gir__gfail(g, GIR_ERR_OUT_OF_MEMORY, "compile: the buffer of %l bytes is too small (and measuring the "
                       "size needed ran out of memory)", (long long)desc->buffer_bytes);
    }
    return st;
}

/* the plan's value for an input node: *val = its index + 1, or 0 for an input of the graph the plan does not
   read. A handle that is not an input of the plan's graph is an error, recorded in the plan. */
static gir_status gir__bind_find(gir_plan *p, gir_node input, uint32_t *val) {
    const gir_graph *g = p->g;
    int kind = gir__handle_kind(g, input);
    *val = 0;
    if (kind != GIR__H_OWN) {
        gir__pfail(p, GIR_ERR_HANDLE, "bind: input (id %u) %s", (unsigned)input.id, gir__handle_why(kind));
        return GIR_ERR_HANDLE;
    }
    if (!gir__op_is(g->nodes[input.id].op, GIR__F_LEAF_IN)) {
        gir__pfail(p, GIR_ERR_INVALID_ARG, "bind: %N (%s) is not an input", g, (unsigned)input.id,
                   gir__op_names[g->nodes[input.id].op]);
        return GIR_ERR_INVALID_ARG;
    }
    if (input.id < p->nmap) *val = p->map[input.id];
    return GIR_OK;
}
GIR_API gir_status gir_plan_bind(gir_plan *p, gir_node input, const void *data) {
    uint32_t v;
    gir_status s;
    if (!p) return GIR_ERR_INVALID_ARG;
    if ((s = gir__bind_find(p, input, &v)) != GIR_OK) return s;
    if (v) p->vals[v - 1].ptr = (void *)data;      /* v == 0: an input this plan does not read, nothing to do */
    return GIR_OK;
}
/* as gir_plan_bind, after checking that bytes is what the input holds and that data is aligned for its dtype */
GIR_API gir_status gir_plan_bind_bytes(gir_plan *p, gir_node input, const void *data, size_t bytes) {
    const gir__node *d;
    size_t need, align;
    uint32_t v;
    gir_status s;
    if (!p) return GIR_ERR_INVALID_ARG;
    if ((s = gir__bind_find(p, input, &v)) != GIR_OK) return s;
    d = &p->g->nodes[input.id];
    align = gir__dtype_sizes[d->dtype];
    need = (size_t)gir__numel(gir__nshape(p->g, d)) * align;
    if (bytes != need) {
        gir__pfail(p, GIR_ERR_INVALID_ARG, "bind: input %N %T%S needs %l bytes (%l x %l), got %l",
                   (const gir_graph *)p->g, (unsigned)input.id, (int)d->dtype, gir__nshape(p->g, d), (long long)need, (long long)gir__numel(gir__nshape(p->g, d)),
                   (long long)align, (long long)bytes);
        return GIR_ERR_INVALID_ARG;
    }
    if (!data && need) {
        gir__pfail(p, GIR_ERR_INVALID_ARG, "bind: input %N %T%S: data is NULL", (const gir_graph *)p->g, (unsigned)input.id,
                   (int)d->dtype, gir__nshape(p->g, d));
        return GIR_ERR_INVALID_ARG;
    }
    if ((uintptr_t)data % align) {
        gir__pfail(p, GIR_ERR_INVALID_ARG, "bind: input %N %T%S: data is not aligned to %l bytes as %T needs",
                   (const gir_graph *)p->g, (unsigned)input.id, (int)d->dtype, gir__nshape(p->g, d), (long long)align, (int)d->dtype);
        return GIR_ERR_INVALID_ARG;
    }
    if (v) p->vals[v - 1].ptr = (void *)data;
    return GIR_OK;
}

/* a step's output dtype and its inputs' are all f32 (what a GIR_ONLY_F32 build runs) */
static int gir__kin_f32(int dt, const gir__kin *in, uint32_t n) {
    uint32_t j;
    for (j = 0; j < n; ++j)
        if (in[j].dt != GIR_DTYPE_F32) return 0;
    return dt == GIR_DTYPE_F32;
}
/* where kernels read an empty input (a 0-byte constant or an input bound to NULL): a valid address, never read */
static const double gir__empty = 0.0;
/* calls step s's kernel: its inputs in kin (filled by the caller), its output value (dtype, shape, memory, node
   for messages), its attributes; scratch, run count, message buffer and parallel hook of the plan or image
   (gen/90-library/image.c) that runs it */
static gir_status gir__step_kernel(const gir__step *s, int dtype, const gir_shape *shape, void *out, uint32_t node,
                                   const gir__kin *kin, const gir_attr *attr, void *scratch, uint64_t run, char *msg,
                                   const gir__par *par) {
    gir__kx kx;
    kx.op = s->op;
    kx.dtype = dtype;
    kx.shape = shape;
    kx.attr = attr;
    kx.out = out;
    kx.nin = (int)s->nin;
    kx.in = kin;
    kx.scratch = scratch;
    kx.run = run;
    kx.node = node;
    kx.msg = msg;
    kx.par = par;
    return gir__kernel_of(s->op)(&kx);
}
GIR_API gir_status gir_run(gir_plan *p) {
    uint32_t k, j;
    gir_attr ta;                   /* the attributes of the step that runs (unpacked from the graph's store) */
    if (!p) return GIR_ERR_INVALID_ARG;
    p->status = GIR_OK;
    p->msg[0] = 0;
    for (k = 0; k < p->nvals; ++k) {
        gir__val *v = &p->vals[k];
        if (v->kind == GIR__VAL_DATA) v->ptr = gir__node_data(p->g, &p->g->nodes[v->node]);
        else if (v->kind == GIR__VAL_INPUT && !v->ptr && v->bytes) {
            gir__pfail(p, GIR_ERR_UNBOUND, "run: input %N %T %S is not bound (gir_plan_bind)",
                       (const gir_graph *)p->g, (unsigned)v->node,
                       (int)v->dtype, &v->shape);
            return GIR_ERR_UNBOUND;
        }
    }
    for (k = 0; k < p->nsteps; ++k) {
        const gir__step *s = &p->steps[k];
        gir__val *o = &p->vals[s->val];
        gir_status st;
        if ((s->flags & GIR__STEP_FOLD) && p->folded) continue;      /* run once, on the first run */
        ++p->steps_run;
        if (p->fgroup && p->fgroup[k]) { gir__fuse_run(p, p->fgroup[k] - 1); continue; }
        for (j = 0; j < s->nin; ++j) {
            const gir__val *iv = &p->vals[p->sin[s->in0 + j]];
            p->kin[j].p = iv->ptr ? iv->ptr : (const void *)&gir__empty;   /* an empty value may have no memory */
            p->kin[j].s = &iv->shape;
            p->kin[j].dt = iv->dtype;
            p->kin[j].tr = j < 8 ? (s->tr >> j) & 1 : 0;    /* bits for the first 8 inputs (matmul uses 2) */
        }
        if (GIR__ONLY_F32 && !gir__kin_f32(o->dtype, p->kin, s->nin)) {
            gir__pfail(p, GIR_ERR_NOT_BUILT, "run: %N (%s): a dtype other than f32, and this build has GIR_ONLY_F32",
                       (const gir_graph *)p->g, (unsigned)o->node, gir__op_names[s->op]);
            return GIR_ERR_NOT_BUILT;
        }
        st = gir__step_kernel(s, o->dtype, &o->shape, o->ptr, o->node, p->kin,
                              s->attr ? gir__attr_ref(p->g, s->attr, &ta) : &gir__no_attr, p->scratch, p->runs, p->msg,
#if defined(GIR_THREADS)
                              &p->par);
#else
                              NULL);
#endif
        if (st != GIR_OK) {
            p->status = st;
            ++p->runs;
            return st;
        }
    }
    ++p->runs;
    if (p->nfold) p->folded = 1;
    return GIR_OK;
}
GIR_API const void *gir_plan_data(const gir_plan *p, gir_node n) {
    uint32_t v;
    if (!p || gir__handle_kind(p->g, n) != GIR__H_OWN || n.id >= p->nmap || !(v = p->map[n.id])) return NULL;
    if (p->vals[v - 1].kind == GIR__VAL_DATA) return gir__node_data(p->g, &p->g->nodes[p->vals[v - 1].node]);
    return p->vals[v - 1].ptr;
}
GIR_API const char *gir_plan_message(const gir_plan *p) { return p ? p->msg : "no plan (NULL)"; }
/* a one-element value as a double: the checks gir_plan_data leaves to the caller, then one load of its dtype */
static gir_status gir__plan_scalar(const gir_plan *p, gir_node n, double *value, gir_plan *msg) {
    uint32_t v = 0;
    const gir__val *val;
    const void *ptr;
    int64_t cnt;
    if (!p) return GIR_ERR_INVALID_ARG;
    if (gir__handle_kind(p->g, n) != GIR__H_OWN) {
        if (msg) gir__pfail(msg, GIR_ERR_HANDLE, "plan_scalar: node %u: not a node of the plan's graph", n.id);
        return GIR_ERR_HANDLE;
    }
    if (n.id >= p->nmap || !(v = p->map[n.id])) {
        if (msg) gir__pfail(msg, GIR_ERR_INVALID_ARG, "plan_scalar: node %u (%s): not in the plan (compile it as an "
                            "output)", n.id, gir__op_names[p->g->nodes[n.id].op]);
        return GIR_ERR_INVALID_ARG;
    }
    val = &p->vals[v - 1];
    if (val->kind == GIR__VAL_FUSED) {
        if (msg) gir__pfail(msg, GIR_ERR_INVALID_ARG, "plan_scalar: node %u (%s): fused away (compile it as an output)",
                            n.id, gir__op_names[p->g->nodes[n.id].op]);
        return GIR_ERR_INVALID_ARG;
    }
    if ((cnt = gir__numel(&val->shape)) != 1) {
        if (msg) gir__pfail(msg, GIR_ERR_SHAPE, "plan_scalar: node %u (%s): %S has %l elements, not one", n.id,
                            gir__op_names[p->g->nodes[n.id].op], &val->shape, (long long)cnt);
        return GIR_ERR_SHAPE;
    }
    ptr = gir_plan_data(p, n);
    if (!ptr || (val->kind == GIR__VAL_TEMP && p->runs == 0)) {
        if (msg) gir__pfail(msg, GIR_ERR_UNBOUND, "plan_scalar: node %u (%s): no value yet (%s)", n.id,
                            gir__op_names[p->g->nodes[n.id].op], ptr ? "the plan has not run" : "input not bound");
        return GIR_ERR_UNBOUND;
    }
    switch (val->dtype) {
    case GIR_DTYPE_F32: *value = *(const float *)ptr; break;
    case GIR_DTYPE_F64: *value = *(const double *)ptr; break;
    case GIR_DTYPE_I32: *value = *(const int32_t *)ptr; break;
    default: *value = *(const uint8_t *)ptr; break;   /* u8, b8 */
    }
    return GIR_OK;
}
GIR_API double gir_plan_scalar(const gir_plan *p, gir_node n) {
    double x = 0.0;
    if (gir__plan_scalar(p, n, &x, NULL) != GIR_OK) return NAN;
    return x;
}
GIR_API gir_status gir_plan_read_scalar(gir_plan *p, gir_node n, double *value) {
    double x = 0.0;
    gir_status s = gir__plan_scalar(p, n, &x, p);
    if (s == GIR_OK && value) *value = x;
    return s;
}
GIR_API size_t gir_plan_arena_bytes(const gir_plan *p) { return p ? p->arena_bytes : 0; }
GIR_API int gir_plan_step_count(const gir_plan *p) { return p ? (int)p->nsteps : 0; }
GIR_API int gir_plan_value_count(const gir_plan *p) { return p ? (int)p->nvals : 0; }
GIR_API int gir_plan_pass_count(const gir_plan *p, gir_pass_count what) {
    return p && (unsigned)what < 3u ? (int)p->npass[what] : 0;
}

/* the shape an input of a step has as its op sees it: swapped back when the step reads it transposed (tr) */
static gir_shape gir__step_shape(const gir_shape *s, int tr) {
    gir_shape t = *s;
    if (tr && t.rank >= 2) {
        int32_t d = t.dim[t.rank - 1];
        t.dim[t.rank - 1] = t.dim[t.rank - 2];
        t.dim[t.rank - 2] = d;
    }
    return t;
}
#if defined(GIR_THREADS)
/* the scratch bytes the plan's steps need with nt threads; the shapes are the ones gir_compile saw (an input read
   with its last two axes swapped has them swapped back) */
static size_t gir__plan_scratch_par(const gir_plan *p, int nt) {
    size_t most = 0;
    uint32_t k;
    int j;
    for (k = 0; k < p->nsteps; ++k) {
        const gir__step *s = &p->steps[k];
        const gir__val *o = &p->vals[s->val];
        gir_shape in[2];
        size_t b;
        for (j = 0; j < 2; ++j)
            in[j] = (uint32_t)j < s->nin ? gir__step_shape(&p->vals[p->sin[s->in0 + j]].shape, s->tr >> j & 1) : o->shape;
        b = gir__scratch_bytes_par(s->op, o->dtype, &o->shape, &in[0], s->nin > 1 ? &in[1] : NULL, nt);
        if (b > most) most = b;
    }
    return p->fuse_bytes * (size_t)nt > most ? p->fuse_bytes * (size_t)nt : most;   /* fused groups: per thread */
}
GIR_API gir_status gir_plan_set_parallel(gir_plan *p, gir_parallel_fn fn, void *user, int nthreads) {
    size_t need;
    if (!p) return GIR_ERR_INVALID_ARG;
    if (nthreads < 1 || nthreads > GIR_MAX_THREADS) {
        gir__pfail(p, GIR_ERR_INVALID_ARG, "set_parallel: nthreads %d is not in 1..%d", nthreads, GIR_MAX_THREADS);
        return GIR_ERR_INVALID_ARG;
    }
    if (!fn) nthreads = 1;
    need = gir__plan_scratch_par(p, nthreads);
    if (need > p->scratch_bytes) {
        void *raw = gir__alloc(&p->a, need + GIR__ALIGN);
        if (!raw) {
            gir__pfail(p, GIR_ERR_OUT_OF_MEMORY, "set_parallel: out of memory (%l bytes of scratch for %d threads)",
                       (long long)need, nthreads);
            return GIR_ERR_OUT_OF_MEMORY;
        }
        gir__free(&p->a, p->scratch_raw, 0);
        p->scratch_raw = raw;
        p->scratch = (unsigned char *)raw + (GIR__ALIGN - (size_t)((uintptr_t)raw % GIR__ALIGN)) % GIR__ALIGN;
        p->scratch_bytes = need;
    }
    p->par.fn = fn;
    p->par.user = user;
    p->par.nt = nthreads;
    return GIR_OK;
}
GIR_API int gir_plan_threads(const gir_plan *p) { return p && p->par.fn && p->par.nt > 1 ? p->par.nt : 1; }
#endif
