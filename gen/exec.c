/* >>exec: compile a graph into a plan, run the plan ------------------------------------------------------------
   A plan holds copies of what it needs from the graph (ops, shapes, attributes), one buffer per value at an
   offset in one arena, and the order of steps. gir_run executes the steps without allocating; constants and
   variables are read from the graph's storage on every run, so training updates are seen at once.
   Ownership: a plan keeps its graph's memory alive. gir_graph_free on a graph with live plans only marks it
   freed; the last gir_plan_free of those plans releases it. Graphs and plans can be freed in any order. */
enum { GIR__VAL_TEMP, GIR__VAL_INPUT, GIR__VAL_DATA, GIR__VAL_FUSED };   /* FUSED: see gen/fuse.c */
typedef struct gir__val {
    void      *ptr;
    gir_shape  shape;
    uint32_t   node;
    uint8_t    dtype, kind;
    size_t     off, bytes;
} gir__val;
typedef struct gir__step {
    uint32_t val;          /* the value it writes */
    uint32_t nin, in0;     /* its inputs: value indices in sin[in0 .. in0+nin) */
    uint16_t op;
    uint8_t  tr;           /* bit j: input j is read with its last two axes swapped (see gir__step_in) */
    const gir_attr *attr;  /* its node's attributes, in the graph's attribute store (the plan keeps the graph) */
} gir__step;
struct gir_plan {
    gir_allocator a;
    gir_graph    *g;
    gir__val     *vals;
    uint32_t      nvals;
    uint32_t     *map;      /* node id -> value index + 1 (0: not in the plan) */
    size_t        nmap;
    gir__step    *steps;
    uint32_t      nsteps;
    uint32_t     *sin;
    size_t        nsin;
    void         *arena_raw;
    unsigned char *arena;
    size_t        arena_bytes;
    void         *scratch_raw;
    void         *scratch;
    size_t        scratch_bytes;
    gir__kin     *kin;
    struct gir__fgroup *groups;   /* fused groups (gen/fuse.c): fgroup[k] = group + 1 of step k, 0: a plain step */
    gir__step    *fsteps;
    uint32_t     *fgroup;
    uint32_t      ngroups, nfused;
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
    gir__free(&a, p->sin, 0);
    gir__free(&a, p->arena_raw, 0);
    gir__free(&a, p->scratch_raw, 0);
    gir__free(&a, p->kin, 0);
    gir__free(&a, p->groups, 0);
    gir__free(&a, p->fsteps, 0);
    gir__free(&a, p->fgroup, 0);
    gir__free(&a, p, sizeof *p);
}

/* the node a step reads for input k of node d, usually that input itself. A float matmul reads a transpose of
   the last two axes in place instead (the GEMM takes strides; *tr = 1): the transpose is then computed only
   if something else needs it, so the adjoints matmul(g, mT(x)) copy nothing. */
static uint32_t gir__step_in(const gir_graph *g, const gir__node *d, uint32_t k, int *tr) {
    uint32_t in = g->ins[d->in0 + k];
    const gir__node *t = &g->nodes[in];
    int r = t->shape.rank, j;
    *tr = 0;
    if (d->op != GIR_OP_MATMUL || (d->dtype != GIR_DTYPE_F32 && d->dtype != GIR_DTYPE_F64) ||
        t->op != GIR_OP_TRANSPOSE || r < 2 || t->attr->l[0].n != r)
        return in;
    for (j = 0; j < r - 2; ++j)
        if (t->attr->l[0].v[j] != j) return in;
    if (t->attr->l[0].v[r - 2] != r - 1 || t->attr->l[0].v[r - 1] != r - 2) return in;
    *tr = 1;
    return g->ins[t->in0];
}

static gir_status gir__fuse_plan(gir_plan *p, int n_out, const gir_node *outs, size_t chunk, size_t *scratch);
static void gir__fuse_run(gir_plan *p, uint32_t group);
/* gen/train.c: train and eval plans, and the order of assign steps */
static int gir__mode_needs(const gir__node *d, uint32_t k, int eval);
static uint32_t gir__mode_reads(const gir__node *d, int eval, uint32_t *first);
static uint16_t gir__mode_op(const gir__node *d, int eval);
static gir_status gir__assign_order(gir_graph *g, gir_plan *p);

GIR_API gir_status gir_compile(gir_graph *g, int n_out, const gir_node *outs, gir_plan **out_plan) {
    return gir_compile_ex(g, n_out, outs, NULL, out_plan);
}
/* compile, pass 1: mark the nodes the outputs need (need[id] = 1) and size the plan's arrays */
static void gir__compile_mark(const gir_graph *g, gir_plan *p, int n_out, const gir_node *outs, int eval, uint8_t *need,
                              uint32_t *nv, uint32_t *ns, size_t *maxin) {
    size_t id;
    uint32_t k;
    int j;
    for (j = 0; j < n_out; ++j) need[outs[j].id] = 1;
    for (id = g->nnodes - 1; id >= 1; --id) {      /* ids are topological: one backward sweep marks every input */
        const gir__node *d = &g->nodes[id];
        int tr;
        if (!need[id]) continue;
        for (k = 0; k < d->nin; ++k)
            if (gir__mode_needs(d, k, eval)) need[gir__step_in(g, d, k, &tr)] = 1;
        ++*nv;
        if (d->op != GIR_OP_INPUT && d->op != GIR_OP_VARIABLE && d->op != GIR_OP_CONSTANT) {
            ++*ns;
            p->nsin += d->nin;
            if (d->nin > *maxin) *maxin = d->nin;
        }
    }
}
/* the step that computes node id (a value of the plan already) */
static size_t gir__compile_step(const gir_graph *g, gir_plan *p, size_t id, int eval) {
    const gir__node *d = &g->nodes[id];
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
        p->sin[p->nsin++] = p->map[gir__step_in(g, d, k0 + k, &tr)] - 1;
        if (tr) s->tr = (uint8_t)(s->tr | 1u << k);
    }
    return gir__scratch_bytes(d->op, d->dtype, &d->shape, d->nin ? &g->nodes[g->ins[d->in0]].shape : &d->shape,
                              d->nin > 1 ? &g->nodes[g->ins[d->in0 + 1]].shape : NULL);
}
/* compile, pass 2: a value for every needed node in id order, a step for every computed one, arena offsets in
   order (no reuse yet); *scratch: the most scratch one step needs */
static gir_status gir__compile_values(gir_graph *g, gir_plan *p, const uint8_t *need, int eval, size_t *off,
                                      size_t *scratch) {
    size_t id, sb;
    for (id = 1; id < g->nnodes; ++id) {
        const gir__node *d = &g->nodes[id];
        gir__val *v;
        if (!need[id]) continue;
        v = &p->vals[p->nvals];
        GIR_MEMSET(v, 0, sizeof *v);
        v->node = (uint32_t)id;
        v->shape = d->shape;
        v->dtype = d->dtype;
        if (!gir__bytes(&d->shape, d->dtype, &v->bytes) || gir__align_up(v->bytes) > ((size_t)-1) / 2 - *off) {
            gir__gfail(g, GIR_ERR_LIMIT, "compile: %N: %T %S does not fit in the address space (%l bytes before it)",
                       (const gir_graph *)g, (unsigned)id, (int)d->dtype, &d->shape, (long long)*off);
            return GIR_ERR_LIMIT;
        }
        p->map[id] = ++p->nvals;
        if (d->op == GIR_OP_INPUT) { v->kind = GIR__VAL_INPUT; continue; }
        if (d->op == GIR_OP_VARIABLE || d->op == GIR_OP_CONSTANT) { v->kind = GIR__VAL_DATA; continue; }
        if (gir__ref_check_write(g, (uint32_t)id)) return GIR_ERR_INVALID_ARG;   /* gen/dataref.c */
        v->kind = GIR__VAL_TEMP;
        v->off = *off;
        *off += gir__align_up(v->bytes ? v->bytes : 1);
        if ((sb = gir__compile_step(g, p, id, eval)) > *scratch) *scratch = sb;
    }
    return GIR_OK;
}
/* the arena and the scratch, aligned to GIR__ALIGN; the temporaries' pointers */
static gir_status gir__compile_memory(gir_plan *p, size_t off, size_t scratch) {
    uint32_t k;
    p->arena_bytes = off;
    p->scratch_bytes = scratch;
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
GIR_API gir_status gir_compile_ex(gir_graph *g, int n_out, const gir_node *outs, const gir_compile_desc *desc,
                                  gir_plan **out_plan) {
    gir_plan *p;
    uint8_t *need;
    size_t cnt, off = 0, scratch = 0, maxin = 1;
    uint32_t nv = 0, ns = 0, k;
    int j, eval = desc && (desc->flags & GIR_COMPILE_EVAL) ? 1 : 0;
    gir_status st;
    if (!out_plan) return GIR_ERR_INVALID_ARG;
    *out_plan = NULL;
    if (!g) return GIR_ERR_INVALID_ARG;
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
    cnt = g->nnodes;
    p = (gir_plan *)gir__alloc(&g->a, sizeof *p);
    need = (uint8_t *)gir__alloc(&g->a, cnt);
    if (!p || !need) {
        gir__free(&g->a, p, sizeof *p);
        gir__free(&g->a, need, cnt);
        gir__gfail(g, GIR_ERR_OUT_OF_MEMORY, "compile: out of memory");
        return GIR_ERR_OUT_OF_MEMORY;
    }
    GIR_MEMSET(p, 0, sizeof *p);
    GIR_MEMSET(need, 0, cnt);
    p->a = g->a;
    gir__compile_mark(g, p, n_out, outs, eval, need, &nv, &ns, &maxin);
    p->nmap = cnt;
    p->map = (uint32_t *)gir__alloc(&p->a, cnt * sizeof(uint32_t));
    p->vals = (gir__val *)gir__alloc(&p->a, (nv ? nv : 1) * sizeof(gir__val));
    p->steps = (gir__step *)gir__alloc(&p->a, (ns ? ns : 1) * sizeof(gir__step));
    p->sin = (uint32_t *)gir__alloc(&p->a, (p->nsin ? p->nsin : 1) * sizeof(uint32_t));
    p->kin = (gir__kin *)gir__alloc(&p->a, maxin * sizeof(gir__kin));
    if (!p->map || !p->vals || !p->steps || !p->sin || !p->kin) goto oom;
    GIR_MEMSET(p->map, 0, cnt * sizeof(uint32_t));
    p->nsin = 0;
    if ((st = gir__compile_values(g, p, need, eval, &off, &scratch)) != GIR_OK ||
        (st = gir__assign_order(g, p)) != GIR_OK) {
        if (st == GIR_ERR_OUT_OF_MEMORY) goto oom;
        gir__free(&g->a, need, cnt);
        gir_plan_free(p);
        return st;
    }
    if (!(desc && (desc->flags & GIR_COMPILE_NO_FUSION))) {
        if (gir__fuse_plan(p, n_out, outs, desc && desc->fuse_chunk > 0 ? (size_t)desc->fuse_chunk : GIR_FUSE_CHUNK,
                           &scratch) != GIR_OK)
            goto oom;
        for (k = 0, off = 0; k < p->nvals; ++k)      /* fused values have no place in the arena */
            if (p->vals[k].kind == GIR__VAL_TEMP) {
                p->vals[k].off = off;
                off += gir__align_up(p->vals[k].bytes ? p->vals[k].bytes : 1);
            }
    }
    if (gir__compile_memory(p, off, scratch) != GIR_OK) goto oom;
    gir__free(&g->a, need, cnt);
    p->g = g;                      /* from here on the plan holds the graph (see gir_plan_free) */
    ++g->plans;
    *out_plan = p;
    return GIR_OK;
oom:
    gir__free(&g->a, need, cnt);
    gir_plan_free(p);
    gir__gfail(g, GIR_ERR_OUT_OF_MEMORY, "compile: out of memory");
    return GIR_ERR_OUT_OF_MEMORY;
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
    if (g->nodes[input.id].op != GIR_OP_INPUT) {
        gir__pfail(p, GIR_ERR_INVALID_ARG, "bind: %N (%s) is not an input", g, (unsigned)input.id,
                   gir__ops[g->nodes[input.id].op].name);
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
    need = (size_t)gir__numel(&d->shape) * align;
    if (bytes != need) {
        gir__pfail(p, GIR_ERR_INVALID_ARG, "bind: input %N %T%S needs %l bytes (%l x %l), got %l",
                   (const gir_graph *)p->g, (unsigned)input.id, (int)d->dtype, &d->shape, (long long)need, (long long)gir__numel(&d->shape),
                   (long long)align, (long long)bytes);
        return GIR_ERR_INVALID_ARG;
    }
    if (!data && need) {
        gir__pfail(p, GIR_ERR_INVALID_ARG, "bind: input %N %T%S: data is NULL", (const gir_graph *)p->g, (unsigned)input.id,
                   (int)d->dtype, &d->shape);
        return GIR_ERR_INVALID_ARG;
    }
    if ((uintptr_t)data % align) {
        gir__pfail(p, GIR_ERR_INVALID_ARG, "bind: input %N %T%S: data is not aligned to %l bytes as %T needs",
                   (const gir_graph *)p->g, (unsigned)input.id, (int)d->dtype, &d->shape, (long long)align, (int)d->dtype);
        return GIR_ERR_INVALID_ARG;
    }
    if (v) p->vals[v - 1].ptr = (void *)data;
    return GIR_OK;
}

/* where kernels read an empty input (a 0-byte constant or an input bound to NULL): a valid address, never read */
static const double gir__empty = 0.0;
GIR_API gir_status gir_run(gir_plan *p) {
    uint32_t k, j;
    gir__kx kx;
    if (!p) return GIR_ERR_INVALID_ARG;
    p->status = GIR_OK;
    p->msg[0] = 0;
    for (k = 0; k < p->nvals; ++k) {
        gir__val *v = &p->vals[k];
        if (v->kind == GIR__VAL_DATA) v->ptr = (void *)p->g->nodes[v->node].attr->data;
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
        if (p->fgroup && p->fgroup[k]) { gir__fuse_run(p, p->fgroup[k] - 1); continue; }
        for (j = 0; j < s->nin; ++j) {
            const gir__val *iv = &p->vals[p->sin[s->in0 + j]];
            p->kin[j].p = iv->ptr ? iv->ptr : (const void *)&gir__empty;   /* an empty value may have no memory */
            p->kin[j].s = &iv->shape;
            p->kin[j].dt = iv->dtype;
            p->kin[j].tr = j < 8 ? (s->tr >> j) & 1 : 0;    /* bits for the first 8 inputs (matmul uses 2) */
        }
        kx.op = s->op;
        kx.dtype = o->dtype;
        kx.shape = &o->shape;
        kx.attr = s->attr;
        kx.out = o->ptr;
        kx.nin = (int)s->nin;
        kx.in = p->kin;
        kx.scratch = p->scratch;
        kx.run = p->runs;
        kx.node = o->node;
        kx.msg = p->msg;
#if defined(GIR_THREADS)
        kx.par = &p->par;
#else
        kx.par = NULL;
#endif
        st = gir__kernel_table[s->op](&kx);
        if (st != GIR_OK) {
            p->status = st;
            ++p->runs;
            return st;
        }
    }
    ++p->runs;
    return GIR_OK;
}
GIR_API const void *gir_plan_data(const gir_plan *p, gir_node n) {
    uint32_t v;
    if (!p || gir__handle_kind(p->g, n) != GIR__H_OWN || n.id >= p->nmap || !(v = p->map[n.id])) return NULL;
    if (p->vals[v - 1].kind == GIR__VAL_DATA) return p->g->nodes[n.id].attr->data;
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
                            "output)", n.id, gir__ops[p->g->nodes[n.id].op].name);
        return GIR_ERR_INVALID_ARG;
    }
    val = &p->vals[v - 1];
    if (val->kind == GIR__VAL_FUSED) {
        if (msg) gir__pfail(msg, GIR_ERR_INVALID_ARG, "plan_scalar: node %u (%s): fused away (compile it as an output)",
                            n.id, gir__ops[p->g->nodes[n.id].op].name);
        return GIR_ERR_INVALID_ARG;
    }
    if ((cnt = gir__numel(&val->shape)) != 1) {
        if (msg) gir__pfail(msg, GIR_ERR_SHAPE, "plan_scalar: node %u (%s): %S has %l elements, not one", n.id,
                            gir__ops[p->g->nodes[n.id].op].name, &val->shape, (long long)cnt);
        return GIR_ERR_SHAPE;
    }
    ptr = gir_plan_data(p, n);
    if (!ptr || (val->kind == GIR__VAL_TEMP && p->runs == 0)) {
        if (msg) gir__pfail(msg, GIR_ERR_UNBOUND, "plan_scalar: node %u (%s): no value yet (%s)", n.id,
                            gir__ops[p->g->nodes[n.id].op].name, ptr ? "the plan has not run" : "input not bound");
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
        for (j = 0; j < 2; ++j) {
            in[j] = (uint32_t)j < s->nin ? p->vals[p->sin[s->in0 + j]].shape : o->shape;
            if ((uint32_t)j < s->nin && (s->tr >> j & 1) && in[j].rank >= 2) {
                int32_t t = in[j].dim[in[j].rank - 1];
                in[j].dim[in[j].rank - 1] = in[j].dim[in[j].rank - 2];
                in[j].dim[in[j].rank - 2] = t;
            }
        }
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
