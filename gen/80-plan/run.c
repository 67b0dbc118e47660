/* >>run: binding a plan's inputs, running its steps (gir_plan_run), reading its values, the parallel-for hook ------- */
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
/* one run at a time: a plan's values, arena and message are its run's own */
static int gir__busy_enter(int *flag) {
#if defined(GIR_THREADS) && (defined(__GNUC__) || defined(__clang__)) && !defined(__TINYC__)
    return __atomic_exchange_n(flag, 1, __ATOMIC_ACQUIRE);
#else
    int was = *flag;
    *flag = 1;
    return was;
#endif
}
static void gir__busy_leave(int *flag) {
#if defined(GIR_THREADS) && (defined(__GNUC__) || defined(__clang__)) && !defined(__TINYC__)
    __atomic_store_n(flag, 0, __ATOMIC_RELEASE);
#else
    *flag = 0;
#endif
}
/* the plans of call (or if) node id: [*first, *first + count); equal calls share one node's (its representative) */
static gir__call *gir__calls_of(const gir_plan *p, uint32_t id, uint32_t *count) {
    uint32_t k = 0, n = 0;
    while (k < p->ncalls && p->calls[k].node != id) ++k;
    while (k + n < p->ncalls && p->calls[k + n].node == id) ++n;
    *count = n;
    return p->calls + k;
}
/* a call step runs its function's plan on the arguments' values (an if step the plan its predicate picks, a scan
   step its plan once a step: gen/80-plan/call_steps.c); a result step is a view of the call's buffer */
static gir_status gir__run_call(gir_plan *p, const gir__step *s, gir__val *o) {
    uint32_t n, j;
    gir__call *c;
    gir__frame *ran;
    gir_attr a;
    gir_status st;
    if (gir__op_is(s->op, GIR__F_PROJ)) return GIR_OK;
    c = gir__calls_of(p, o->node, &n);
    for (j = 0; j < s->nin; ++j) {
        const gir__val *iv = &p->vals[p->sin[s->in0 + j]];
        p->kin[j].p = iv->ptr ? iv->ptr : (const void *)&gir__empty;
    }
    st = gir__call_step(s->op, &c[0].k, n > 1 ? &c[1].k : NULL,
                        s->attr ? gir__attr_ref(p->g, s->attr, &a) : &gir__no_attr, p->kin, &ran);
    if (st != GIR_OK)
        gir__pfail(p, st, "run: %N (%s of '%s'): %s", (const gir_graph *)p->g, (unsigned)o->node,
                   gir__op_names[s->op], ((gir__call *)(void *)ran)->f->name,
                   gir_plan_message(((gir__call *)(void *)ran)->plan));
    return st;
}
/* one step that is not a fused group: its inputs, then its kernel */
static gir_status gir__run_step(gir_plan *p, const gir__step *s, gir__val *o) {
    gir_attr ta;                   /* the attributes of the step that runs (unpacked from the graph's store) */
    uint32_t j;
    if (gir__op_is(s->op, GIR__F_TUPLE | GIR__F_PROJ)) return gir__run_call(p, s, o);
    for (j = 0; j < s->nin; ++j) {
        const gir__val *iv = &p->vals[p->sin[s->in0 + j]];
        p->kin[j].p = iv->ptr ? iv->ptr : (const void *)&gir__empty;   /* an empty value may have no memory */
        p->kin[j].s = &iv->shape;
        p->kin[j].dt = iv->dtype;
        p->kin[j].tr = j < 8 ? (s->tr >> j) & 1 : 0;    /* bits for the first 8 inputs (matmul uses 2) */
    }
    if (GIR__ONLY_F32 && !gir__f32_step_ok(s->op, o->dtype, p->kin, s->nin)) {
        gir__pfail(p, GIR_ERR_NOT_BUILT, "run: %N (%s): f64, or integer work, and this build has GIR_ONLY_F32",
                   (const gir_graph *)p->g, (unsigned)o->node, gir__op_names[s->op]);
        return GIR_ERR_NOT_BUILT;
    }
    return gir__step_kernel(s, o->dtype, &o->shape, o->ptr, o->node, p->kin,
                            s->attr ? gir__attr_ref(p->g, s->attr, &ta) : &gir__no_attr, p->scratch, p->runs,
                            p->msg,
#if defined(GIR_THREADS)
                            &p->par);
#else
                            NULL);
#endif
}
#if defined(GIR_THREADS)
/* a hook that returned before running every task it was given left the step's output incomplete: an error */
static gir_status gir__par_check(gir_plan *p, uint32_t node, uint16_t op) {
    int missed = p->par_missed;
    if (!missed) return GIR_OK;
    p->par_missed = 0;
    gir__pfail(p, GIR_ERR_INVALID_ARG, "run: %N (%s): the parallel hook returned with %d of its tasks not run (a hook "
               "runs every task before it returns)", (const gir_graph *)p->g, (unsigned)node, gir__op_names[op], missed);
    return GIR_ERR_INVALID_ARG;
}
#endif
/* the memory of the variable whose new value v is computed into (a value of kind GIR__VAL_INVAR) */
static void *gir__val_var_data(const gir_plan *p, const gir__val *v) {
    return gir__node_data(p->g, &p->g->nodes[p->vals[v->off].node]);
}
static gir_status gir__plan_run_steps(gir_plan *p) {
    uint32_t k;
    p->status = GIR_OK;
    p->msg[0] = 0;
    for (k = 0; k < p->nvals; ++k) {
        gir__val *v = &p->vals[k];
        if (v->kind == GIR__VAL_DATA) v->ptr = gir__node_data(p->g, &p->g->nodes[v->node]);
        else if (v->kind == GIR__VAL_INVAR) v->ptr = gir__val_var_data(p, v);
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
        st = p->fgroup && p->fgroup[k] ? (gir__fuse_run(p, p->fgroup[k] - 1), GIR_OK) : gir__run_step(p, s, o);
#if defined(GIR_THREADS)
        if (st == GIR_OK) st = gir__par_check(p, o->node, s->op);
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
GIR_API gir_status gir_plan_run(gir_plan *p) {
    gir_status st;
    if (!p) return GIR_ERR_INVALID_ARG;
    if (gir__busy_enter(&p->busy)) return GIR_ERR_BUSY;   /* no message: the running call owns it */
    st = gir__plan_run_steps(p);
    gir__busy_leave(&p->busy);
    return st;
}
GIR_API const void *gir_plan_data(const gir_plan *p, gir_node n) {
    uint32_t v;
    if (!p || gir__handle_kind(p->g, n) != GIR__H_OWN || n.id >= p->nmap || !(v = p->map[n.id])) return NULL;
    if (p->vals[v - 1].kind == GIR__VAL_DATA) return gir__node_data(p->g, &p->g->nodes[p->vals[v - 1].node]);
    if (p->vals[v - 1].kind == GIR__VAL_INVAR)       /* the variable's memory: the new value once a run wrote it */
        return gir__val_var_data(p, &p->vals[v - 1]);
    return p->vals[v - 1].ptr;
}
GIR_API const char *gir_plan_message(const gir_plan *p) { return p ? p->msg : "no plan (NULL)"; }
/* the value of n after a run, with the checks gir_plan_data leaves to the caller: n is a node of the plan's graph, in
   the plan, not fused away, holds one element when `one` asks it, and has a value. who names the caller in the
   message written to msg (NULL: no message). */
static gir_status gir__plan_value(const gir_plan *p, gir_node n, int one, const char *who, gir_plan *msg,
                                  const gir__val **out, const void **data) {
    uint32_t v = 0;
    const gir__val *val;
    const void *ptr;
    int64_t cnt;
    if (!p) return GIR_ERR_INVALID_ARG;
    if (gir__handle_kind(p->g, n) != GIR__H_OWN) {
        if (msg) gir__pfail(msg, GIR_ERR_HANDLE, "%s: node %u: not a node of the plan's graph", who, n.id);
        return GIR_ERR_HANDLE;
    }
    if (n.id >= p->nmap || !(v = p->map[n.id])) {
        if (msg) gir__pfail(msg, GIR_ERR_INVALID_ARG, "%s: node %u (%s): not in the plan (compile it as an "
                            "output)", who, n.id, gir__op_names[p->g->nodes[n.id].op]);
        return GIR_ERR_INVALID_ARG;
    }
    val = &p->vals[v - 1];
    if (val->kind == GIR__VAL_FUSED) {
        if (msg) gir__pfail(msg, GIR_ERR_INVALID_ARG, "%s: node %u (%s): fused away (compile it as an output)",
                            who, n.id, gir__op_names[p->g->nodes[n.id].op]);
        return GIR_ERR_INVALID_ARG;
    }
    if (one && (cnt = gir__numel(&val->shape)) != 1) {
        if (msg) gir__pfail(msg, GIR_ERR_SHAPE, "%s: node %u (%s): %S has %l elements, not one", who, n.id,
                            gir__op_names[p->g->nodes[n.id].op], &val->shape, (long long)cnt);
        return GIR_ERR_SHAPE;
    }
    ptr = gir_plan_data(p, n);
    if (!ptr || ((val->kind == GIR__VAL_TEMP || val->kind == GIR__VAL_INVAR || val->kind == GIR__VAL_VIEW) &&
                 p->runs == 0)) {
        if (msg) gir__pfail(msg, GIR_ERR_UNBOUND, "%s: node %u (%s): no value yet (%s)", who, n.id,
                            gir__op_names[p->g->nodes[n.id].op], ptr ? "the plan has not run" : "input not bound");
        return GIR_ERR_UNBOUND;
    }
    *out = val;
    *data = ptr;
    return GIR_OK;
}
/* a one-element value as a double: the checks of gir__plan_value, then one load of its dtype */
static gir_status gir__plan_scalar(const gir_plan *p, gir_node n, double *value, gir_plan *msg) {
    const gir__val *val = NULL;
    const void *ptr = NULL;
    gir_status s = gir__plan_value(p, n, 1, "plan_scalar", msg, &val, &ptr);
    if (s != GIR_OK) return s;
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
GIR_API gir_status gir_plan_read(gir_plan *p, gir_node n, void *dst, size_t bytes) {
    const gir__val *val = NULL;
    const void *ptr = NULL;
    gir_status s = gir__plan_value(p, n, 0, "plan_read", p, &val, &ptr);
    uint64_t have;
    if (s != GIR_OK) return s;
    have = (uint64_t)gir__numel(&val->shape) * gir_dtype_size((gir_dtype)val->dtype);
    if (!dst || (uint64_t)bytes != have) {
        gir__pfail(p, GIR_ERR_INVALID_ARG, "plan_read: node %u (%s): %T%S is %l bytes; the buffer %s%l bytes", n.id,
                   gir__op_names[p->g->nodes[n.id].op], (int)val->dtype, &val->shape,
                   (long long)have, dst ? "has " : "is NULL, given ", (long long)bytes);
        return GIR_ERR_INVALID_ARG;
    }
    if (have) GIR_MEMCPY(dst, ptr, (size_t)have);
    return GIR_OK;
}
/* the i-th value step k reads from memory (a fused group's: its members' inputs from outside the group), or
   (uint32_t)-1 past the last */
static uint32_t gir__plan_step_read(const gir_plan *p, uint32_t k, uint32_t i) {
    const gir__step *s = &p->steps[k];
    uint32_t m, nm = 1, j;
    if (p->fgroup && p->fgroup[k]) {
        const struct gir__fgroup *gr = &p->groups[p->fgroup[k] - 1];
        s = &p->fsteps[gr->m0];
        nm = gr->nm;
    }
    for (m = 0; m < nm; ++m)
        for (j = 0; j < s[m].nin; ++j) {
            uint32_t v = p->sin[s[m].in0 + j];
            if (p->vals[v].kind != GIR__VAL_FUSED && i-- == 0) return v;
        }
    return (uint32_t)-1;
}
/* the bytes step k reads and writes in memory: its inputs, each once, and its value; an assign writes its variable
   (its input 0, not read) as well as its own value; a fused group's, found at compile (gir__groups_traffic) */
static void gir__step_traffic(const gir_plan *p, uint32_t k, uint64_t *rd, uint64_t *wr) {
    const gir__step *s = &p->steps[k];
    const gir__val *o = &p->vals[s->val];
    int writes = gir__op_is(s->op, GIR__F_WRITES);
    uint32_t i, j, r;
    if (p->fgroup && p->fgroup[k]) {
        *rd = p->groups[p->fgroup[k] - 1].rd;
        *wr = p->groups[p->fgroup[k] - 1].wr;
        return;
    }
    *rd = *wr = 0;
    if ((s->flags & GIR__STEP_INPLACE) && gir__kernel_of(s->op) == gir__k_copy) return;     /* copies nothing */
    for (i = writes ? 1u : 0u; i < s->nin; ++i) {
        r = p->sin[s->in0 + i];
        if (p->vals[r].kind == GIR__VAL_FUSED) continue;
        for (j = writes ? 1u : 0u; j < i && p->sin[s->in0 + j] != r; ++j) {}
        if (j == i) *rd += p->vals[r].bytes;
    }
    *wr = (o->kind == GIR__VAL_FUSED || o->kind == GIR__VAL_VIEW ? 0 : o->bytes) + (writes ? o->bytes : 0);
}
GIR_API gir_plan_stats gir_plan_query_stats(const gir_plan *p) {
    gir_plan_stats st;
    uint32_t k;
    GIR_MEMSET(&st, 0, sizeof st);
    if (!p) return st;
    st.arena_bytes = p->arena_bytes;
    st.scratch_bytes = p->scratch_bytes;
    st.live_peak = p->live_peak;
    st.steps = (int)p->nsteps;
    st.values = (int)p->nvals;
    st.fused_groups = (int)p->ngroups;
    st.fused_nodes = (int)p->nfused;
    st.inplace_steps = (int)p->ninplace;
    st.folded_steps = (int)p->nfold;
    st.merged = (int)p->npass[GIR__PASS_MERGED];
    st.simplified = (int)p->npass[GIR__PASS_SIMPLIFIED];
    st.dead = (int)p->npass[GIR__PASS_DEAD];
    st.steps_run = p->steps_run;
    for (k = 0; k < p->nsteps; ++k) {
        uint64_t rd, wr;
        if (p->steps[k].flags & GIR__STEP_FOLD) continue;      /* run once, on the first run */
        gir__step_traffic(p, k, &rd, &wr);
        st.bytes_read += rd;
        st.bytes_written += wr;
    }
    return st;
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
/* the scratch bytes the plan's steps need with nt threads; the shapes are the ones gir_plan_compile saw (an input read
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
    if (gir__calls_scratch(p) > need) need = gir__calls_scratch(p);
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
        gir__plan_point(p);                 /* the nested plans' memory moved with the scratch */
    }
    p->par.fn = fn;
    p->par.user = user;
    p->par.nt = nthreads;
    p->par.missed = &p->par_missed;
    return GIR_OK;
}
GIR_API int gir_plan_threads(const gir_plan *p) { return p && p->par.fn && p->par.nt > 1 ? p->par.nt : 1; }
#endif
