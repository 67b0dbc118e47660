/* >>fuse: elementwise fusion. gir_plan_compile groups chains of elementwise steps of one output shape into one step
   (gir__fuse_plan); gir_plan_run walks the group's output in chunks of plan->chunk elements and runs every member's
   generated loop on the chunk (gir__fuse_run), so the group reads its inputs and writes its output once, and the
   values between its members live in chunk buffers in the plan's scratch, small enough to stay in L1.
   A member of a group that is not its last (its root) is consumed only inside the group and is not an output
   of the plan: it gets kind GIR__VAL_FUSED, no place in the arena (gir_plan_data gives NULL for it), and off is
   its chunk buffer's offset in the scratch. The exception: a member whose value goes into a variable
   (GIR__VAL_INVAR, gen/80-plan/update.c) writes each chunk there, and may have readers after the group. */
struct gir__fgroup {
    uint32_t m0, nm;        /* members: plan->fsteps[m0 .. m0 + nm), in step order; the last is the root */
    uint32_t val;           /* the root's value: the group's output */
    uint64_t rd, wr;        /* the bytes it reads and writes in memory (gir_plan_query_stats; gen/80-plan/compile.c) */
};

/*@cold*/
/* a step fusion can take: a cast, or an elementwise kernel that exists for its dtype (the others fail at run
   time, with their message, unfused) */
static int gir__fuse_ok(const gir_plan *p, const gir__step *s) {
    int dt;
    if (s->op == GIR_OP_CAST) return s->nin == 1;       /* cast has a fused loop of its own (gir__fuse_cast) */
    if (gir__kernel_of(s->op) != gir__k_eltwise || s->nin < 1 || s->nin > 3) return 0;
    dt = p->vals[p->sin[s->in0]].dtype;
    return gir__ew_scalar(s->op, dt) != 0;
}

/* the work arrays of the grouping pass, one allocation */
typedef struct gir__fwork {
    uint32_t *nuse, *inuse, *prod, *grp, *last, *mem;
    uint32_t *asg;          /* value (a variable) -> the step + 1 of its assign (gen/80-plan/modes.c) */
    uint32_t  nasg;         /* assign steps: none, no step can cross one */
    uint8_t  *isout, *cand;
} gir__fwork;

/* step s, run at root r, would read a variable after the step that writes it (an assign, or a step that
   computes the new value in place, between them and not in group gid: a member that does writes each chunk
   after s read it) */
static int gir__fuse_crosses(const gir_plan *p, const gir__fwork *w, uint32_t s, uint32_t r, uint32_t gid) {
    const gir__step *st = &p->steps[s];
    uint32_t j, a;
    for (j = 0; j < st->nin; ++j)
        if ((a = w->asg[p->sin[st->in0 + j]]) != 0 && a - 1 > s && a - 1 < r && w->grp[a - 1] != gid) return 1;
    return 0;
}
/* step s's value v can join the group of root r although a step outside it reads v: v is written into a
   variable (gen/80-plan/update.c), which the member writes chunk by chunk, and every other reader runs after r */
static int gir__fuse_shared(const gir_plan *p, const gir__fwork *w, uint32_t v, uint32_t r) {
    uint32_t k, j, later = 0;
    if (p->vals[v].kind != GIR__VAL_INVAR) return 0;
    for (k = r + 1; k < p->nsteps; ++k)
        for (j = 0; j < p->steps[k].nin; ++j) later += p->sin[p->steps[k].in0 + j] == v;
    return w->inuse[v] + later == w->nuse[v];
}

/* grows the group whose root is step r (group id gid): walks down from r, taking each producer of a member's
   input that is fusable, not an output, of the root's shape and used by members only. Its users all come
   after it, so when the walk reaches it every user in the group is known. Returns the number of members,
   listed in w->mem in decreasing step order. */
static uint32_t gir__fuse_grow(gir_plan *p, gir__fwork *w, uint32_t r, uint32_t gid) {
    const gir_shape *rs = &p->vals[p->steps[r].val].shape;
    uint32_t nm = 0, pending = 0, k, j;
    int64_t s;
    for (s = r; s >= 0 && (s == (int64_t)r || pending); --s) {
        const gir__step *st = &p->steps[s];
        if (s != (int64_t)r) {
            if (!w->cand[s]) continue;
            w->cand[s] = 0;
            --pending;
            if (w->grp[s] || ((w->isout[st->val] || w->inuse[st->val] != w->nuse[st->val]) &&
                                !gir__fuse_shared(p, w, st->val, r)) ||
                !gir__shape_eq(&p->vals[st->val].shape, rs) || !gir__fuse_ok(p, st) ||
                (w->nasg && gir__fuse_crosses(p, w, (uint32_t)s, r, gid)))
                continue;
        }
        w->grp[s] = gid;
        w->mem[nm++] = (uint32_t)s;
        for (j = 0; j < st->nin; ++j) {
            uint32_t v = p->sin[st->in0 + j];
            ++w->inuse[v];
            if (w->prod[v] && !w->cand[w->prod[v] - 1] && !w->grp[w->prod[v] - 1]) {
                w->cand[w->prod[v] - 1] = 1;
                ++pending;
            }
        }
    }
    for (k = 0; k < nm; ++k) {                   /* counts are per group */
        const gir__step *st = &p->steps[w->mem[k]];
        for (j = 0; j < st->nin; ++j) w->inuse[p->sin[st->in0 + j]] = 0;
    }
    return nm;
}

/* chunk buffers of a group's members (all but the root), reused once their last reader has run: returns the
   number of buffers */
static uint32_t gir__fuse_slots(gir_plan *p, gir__fwork *w, const struct gir__fgroup *gr, size_t bufb) {
    uint32_t m, j, nslots = 0, *busy = w->mem;         /* mem is free again here: slot -> 1 while in use */
    for (m = 0; m < gr->nm; ++m) {
        const gir__step *s = &p->fsteps[gr->m0 + m];
        for (j = 0; j < s->nin; ++j) w->last[p->sin[s->in0 + j]] = m;
    }
    for (m = 0; m + 1 < gr->nm; ++m) {
        const gir__step *s = &p->fsteps[gr->m0 + m];
        uint32_t slot = 0;
        if (p->vals[s->val].kind != GIR__VAL_INVAR) {   /* else written into its variable, chunk by chunk */
            while (slot < nslots && busy[slot]) ++slot;
            if (slot == nslots) busy[nslots++] = 0;
            busy[slot] = 1;
            p->vals[s->val].kind = GIR__VAL_FUSED;
            p->vals[s->val].off = slot * bufb;
        }
        for (j = 0; j < s->nin; ++j) {              /* inputs read for the last time: their buffers are free */
            const gir__val *iv = &p->vals[p->sin[s->in0 + j]];
            if (iv->kind == GIR__VAL_FUSED && w->last[p->sin[s->in0 + j]] == m)
                busy[iv->off / bufb] = 0;
        }
    }
    return nslots;
}

/* groups the plan's steps (see the top of this fragment); the members leave plan->steps for plan->fsteps and
   the root stays in place, marked in plan->fgroup. *scratch grows to what the chunk buffers need. */
static gir_status gir__fuse_plan(gir_plan *p, int n_out, const gir_node *outs, size_t chunk, size_t *scratch) {
    gir__fwork w;
    size_t nv = p->nvals ? p->nvals : 1, ns = p->nsteps ? p->nsteps : 1, bytes, bufb;
    uint32_t k, j, ng = 0, nf = 0, at = 0, wr = 0;
    int64_t big;
    void *mem;
    int o;
    p->chunk = chunk;
    bytes = nv * 5 * sizeof(uint32_t) + ns * 2 * sizeof(uint32_t) + nv + ns;
    mem = gir__alloc(&p->ta, bytes);
    if (!mem) return GIR_ERR_OUT_OF_MEMORY;
    GIR_MEMSET(mem, 0, bytes);
    w.nuse = (uint32_t *)mem; w.inuse = w.nuse + nv; w.prod = w.inuse + nv; w.last = w.prod + nv;
    w.grp = w.last + nv; w.mem = w.grp + ns;
    w.asg = w.mem + ns;
    w.isout = (uint8_t *)(w.asg + nv); w.cand = w.isout + nv;
    w.nasg = 0;
    for (o = 0; o < n_out; ++o) w.isout[p->map[outs[o].id] - 1] = 1;
    for (k = 0; k < p->nsteps; ++k) {
        const gir__step *s = &p->steps[k];
        w.prod[s->val] = k + 1;
        if (gir__op_is(s->op, GIR__F_WRITES)) { w.asg[p->sin[s->in0]] = k + 1; ++w.nasg; }
        if (p->vals[s->val].kind == GIR__VAL_INVAR) { w.asg[p->vals[s->val].off] = k + 1; ++w.nasg; }
        for (j = 0; j < s->nin; ++j) ++w.nuse[p->sin[s->in0 + j]];
    }
    for (k = p->nsteps; k-- > 0;) {              /* roots from the last step down: each group is maximal */
        uint32_t nm;
        if (w.grp[k] || !gir__fuse_ok(p, &p->steps[k])) continue;
        nm = gir__fuse_grow(p, &w, k, ng + 1);
        if (nm < 2) { w.grp[k] = 0; continue; }
        ++ng;
        nf += nm;
    }
    if (ng) {
        p->groups = (struct gir__fgroup *)gir__alloc(&p->a, ng * sizeof *p->groups);
        p->fsteps = (gir__step *)gir__alloc(&p->a, nf * sizeof *p->fsteps);
        p->fgroup = (uint32_t *)gir__alloc(&p->a, (ns + p->nasg) * sizeof *p->fgroup);   /* + folded updates */
        if (!p->groups || !p->fsteps || !p->fgroup) { gir__free(&p->ta, mem, bytes); return GIR_ERR_OUT_OF_MEMORY; }
        for (k = 0; k < ng; ++k) p->groups[k].nm = 0;
        for (k = 0; k < p->nsteps; ++k) if (w.grp[k]) ++p->groups[w.grp[k] - 1].nm;
        for (k = 0; k < ng; ++k) { p->groups[k].m0 = at; at += p->groups[k].nm; p->groups[k].nm = 0; }
        for (k = 0; k < p->nsteps; ++k)          /* members in step order: the root comes last */
            if (w.grp[k]) {
                struct gir__fgroup *gr = &p->groups[w.grp[k] - 1];
                p->fsteps[gr->m0 + gr->nm++] = p->steps[k];
            }
        for (k = 0, wr = 0; k < p->nsteps; ++k) {
            uint32_t gid = w.grp[k];
            if (gid) {
                struct gir__fgroup *gr = &p->groups[gid - 1];
                if (p->fsteps[gr->m0 + gr->nm - 1].val != p->steps[k].val) continue;    /* not the root */
                gr->val = p->steps[k].val;
            }
            p->fgroup[wr] = gid;
            p->steps[wr++] = p->steps[k];
        }
        p->nsteps = wr;
        p->nfused = nf;
        p->ngroups = ng;
        for (k = 0, big = 1; k < ng; ++k)         /* no chunk longer than the largest group */
            if (gir__numel(&p->vals[p->groups[k].val].shape) > big) big = gir__numel(&p->vals[p->groups[k].val].shape);
        if ((int64_t)chunk > big) p->chunk = chunk = (size_t)big;
        bufb = gir__align_up(chunk * 8);
        for (k = 0; k < ng; ++k) {
            uint32_t nslots = gir__fuse_slots(p, &w, &p->groups[k], bufb);
            size_t need = nslots * bufb;
            if (need > p->fuse_bytes) p->fuse_bytes = need;
            if (need > *scratch) *scratch = need;
        }
    }
    gir__free(&p->ta, mem, bytes);
    return GIR_OK;
}

/*@cold end*/
/* where a member reads one of its inputs that does not broadcast, from element s0 of the group's output, in the
   chunk that starts at i0: in a chunk buffer, at the value's offset (stride 1), or one element (stride 0) */
static GIR__INLINE void gir__fuse_in(unsigned char *buf, const gir__val *iv, int64_t i0, int64_t s0,
                                     const void **ptr, int64_t *st) {
    int64_t es = (int64_t)gir__esize(iv->dtype);
    const unsigned char *src = iv->ptr ? (const unsigned char *)iv->ptr : (const unsigned char *)&gir__empty;
    if (iv->kind == GIR__VAL_FUSED) { *ptr = buf + iv->off + (s0 - i0) * es; *st = 1; }
    else if (gir__numel(&iv->shape) == 1) { *ptr = src; *st = 0; }
    else { *ptr = src + s0 * es; *st = 1; }
}

/* a member whose inputs broadcast (bc[j]) runs in the runs gir__ew_apply gives it: each spans the trailing axes
   [ro, rank) of the group's shape, inner elements, along which every input advances by 1 or stays; idx is the
   current run's index over the other axes and off[j] where it puts input j (strides ist[j]), stepped from run to
   run. The strides are those gir__ew_apply gives the same kernel, so the answers are the same to the bit, but for
   which NaN comes out of two NaN operands: a vector instruction returns the one in the operand the compiler put
   first, which may differ between a kernel's full and partial vectors. */
typedef struct gir__fuse_runs {
    int     ro, ax, bc[3];
    int64_t inner, idx[GIR_MAX_RANK], ist[3][GIR_MAX_RANK], off[3];
} gir__fuse_runs;
/* sets r up for the run that holds element i0; 0 when no input broadcasts (a chunk is then one run) */
static int gir__fuse_runs_init(const gir_plan *p, const gir__step *s, const gir_shape *os, int64_t i0,
                               gir__fuse_runs *r) {
    int64_t total = gir__numel(os), t;
    int na = os->rank, any = 0, d;
    uint32_t j;
    for (j = 0; j < s->nin; ++j) {
        const gir__val *iv = &p->vals[p->sin[s->in0 + j]];
        r->bc[j] = iv->kind != GIR__VAL_FUSED && (t = gir__numel(&iv->shape)) != 1 && t != total;
        if (r->bc[j]) { any = 1; na = gir__ew_uniform(&iv->shape, os, na); }
    }
    if (!any) return 0;
    r->ro = os->rank - na;
    r->ax = gir__ew_run_axis(os, na);
    for (d = r->ro, r->inner = 1; d < os->rank; ++d) r->inner *= os->dim[d];
    for (d = r->ro - 1, t = i0 / r->inner; d >= 0; --d) { r->idx[d] = t % os->dim[d]; t /= os->dim[d]; }
    for (j = 0; j < s->nin; ++j) {
        if (!r->bc[j]) continue;
        gir__bstrides(&p->vals[p->sin[s->in0 + j]].shape, os, r->ist[j]);
        for (d = 0, r->off[j] = 0; d < r->ro; ++d) r->off[j] += r->idx[d] * r->ist[j][d];
    }
    return 1;
}
/* the next run: its index one on, each broadcast input's offset with it */
static GIR__INLINE void gir__fuse_runs_step(gir__fuse_runs *r, const gir_shape *os, uint32_t nin) {
    uint32_t j;
    int d;
    for (d = r->ro - 1; d >= 0; --d) {
        for (j = 0; j < nin; ++j) if (r->bc[j]) r->off[j] += r->ist[j][d];
        if (++r->idx[d] < os->dim[d]) return;
        for (j = 0; j < nin; ++j) if (r->bc[j]) r->off[j] -= r->idx[d] * r->ist[j][d];
        r->idx[d] = 0;
    }
}

/* a cast as gir__k_cast does it (same values, bit for bit), on n elements read with stride st (0 or 1): the
   casts of a comparison's b8 (relu's gradient) have loops of their own */
static void gir__fuse_cast(int64_t n, void *out, int odt, const void *in, int idt, int64_t st) {
    const uint8_t *b = (const uint8_t *)in;
    int64_t k, es = (int64_t)gir__esize(odt);
    if (idt == odt && st) GIR_MEMCPY(out, in, (size_t)(n * es));
    else if (idt == odt) for (k = 0; k < n; ++k) GIR_MEMCPY((char *)out + k * es, in, (size_t)es);
    else if ((idt == GIR_DTYPE_B8 || idt == GIR_DTYPE_U8) && odt == GIR_DTYPE_F32)
        for (k = 0; k < n; ++k) ((float *)out)[k] = (float)b[k * st];
    else if ((idt == GIR_DTYPE_B8 || idt == GIR_DTYPE_U8) && odt == GIR_DTYPE_F64)
        for (k = 0; k < n; ++k) ((double *)out)[k] = (double)b[k * st];
    else gir__cast_run(n, out, odt, in, idt, st);
}

/*@cold*/
/* the members' scalar parameters, unpacked once at compile time: a chunk runs every member, and unpacking a
   step's attributes per chunk would cost more than the chunk */
static gir_status gir__fuse_params(const gir_graph *g, gir_plan *p) {
    uint32_t k;
    gir_attr a;
    p->fpar = (double (*)[3])gir__alloc(&p->a, p->nfused * sizeof *p->fpar);
    if (!p->fpar) return GIR_ERR_OUT_OF_MEMORY;
    for (k = 0; k < p->nfused; ++k) {
        const gir_attr *t = p->fsteps[k].attr ? gir__attr_ref(g, p->fsteps[k].attr, &a) : &gir__no_attr;
        GIR_MEMCPY(p->fpar[k], t->f, sizeof p->fpar[k]);
    }
    return GIR_OK;
}
/*@cold end*/
/* runs member m of fused group gr on the chunk [i0, i0 + n), with chunk buffers at buf: in the runs of
   gir__fuse_runs when an input broadcasts, else in one call. What does not change from run to run (the kernel,
   where each input that does not broadcast is at i0 and its step in bytes, element sizes) is found once. */
static void gir__fuse_member(const gir_plan *p, const struct gir__fgroup *gr, uint32_t m, int64_t i0, int64_t n,
                             unsigned char *buf) {
    const gir_shape *os = &p->vals[gr->val].shape;
    const gir__step *s = &p->fsteps[gr->m0 + m];
    const gir__val *sv = &p->vals[s->val];
    const unsigned char *base[3];
    unsigned char *out;
    int64_t es = (int64_t)gir__esize(sv->dtype), ies[3], step[3], st[3], s0, len, pos;
    int idt = p->vals[p->sin[s->in0]].dtype, runs;
    gir__ew_fn fn = s->op == GIR_OP_CAST ? NULL : gir__ew_pick(s->op, idt);      /* a cast: as fuse_ok */
    gir__fuse_runs r;
    uint32_t j;
    runs = gir__fuse_runs_init(p, s, os, i0, &r);
    for (j = 0; j < s->nin; ++j) {
        const gir__val *iv = &p->vals[p->sin[s->in0 + j]];
        const void *at;
        ies[j] = (int64_t)gir__esize(iv->dtype);
        if (runs && r.bc[j]) { base[j] = (const unsigned char *)iv->ptr; continue; }
        gir__fuse_in(buf, iv, i0, i0, &at, &st[j]);
        base[j] = (const unsigned char *)at;
        step[j] = st[j] * ies[j];
    }
    out = sv->kind == GIR__VAL_FUSED ? buf + sv->off : (unsigned char *)sv->ptr + i0 * es;
    for (s0 = i0, pos = runs ? i0 % r.inner : 0; s0 < i0 + n; s0 += len, pos = 0, out += len * es) {
        const void *ptr[3];
        len = runs && r.inner - pos < i0 + n - s0 ? r.inner - pos : i0 + n - s0;
        for (j = 0; j < s->nin; ++j) {
            if (!runs || !r.bc[j]) ptr[j] = base[j] + (s0 - i0) * step[j];
            else {
                st[j] = r.ist[j][r.ax];
                ptr[j] = base[j] + (r.off[j] + pos * st[j]) * ies[j];
            }
        }
        if (!fn) gir__fuse_cast(len, out, sv->dtype, ptr[0], idt, st[0]);
        else fn(len, out, ptr, st, p->fpar[gr->m0 + m]);
        if (runs) gir__fuse_runs_step(&r, os, s->nin);
    }
}
/* runs the chunks [c0, c1) of fused group gr, with chunk buffers at buf: every member in step order */
static void gir__fuse_chunks(const gir_plan *p, const struct gir__fgroup *gr, int64_t c0, int64_t c1,
                             unsigned char *buf) {
    int64_t total = gir__numel(&p->vals[gr->val].shape), i0, ch = (int64_t)p->chunk;
    uint32_t m;
    for (i0 = c0 * ch; i0 < total && i0 < c1 * ch; i0 += ch)
        for (m = 0; m < gr->nm; ++m) gir__fuse_member(p, gr, m, i0, total - i0 < ch ? total - i0 : ch, buf);
}

#if defined(GIR_THREADS)
/* a long group with a hook: task t runs its share of the chunks with chunk buffers of its own (the plan's scratch
   holds nthreads sets, see gir_plan_set_parallel). The chunks are the same as on one thread, so are the results. */
typedef struct gir__fuse_job {
    const gir_plan *p;
    const struct gir__fgroup *gr;
    int64_t nchunks, nt;
} gir__fuse_job;
static void gir__fuse_task(void *ctx, int t) {
    const gir__fuse_job *j = (const gir__fuse_job *)ctx;
    gir__fuse_chunks(j->p, j->gr, j->nchunks * t / j->nt, j->nchunks * (t + 1) / j->nt,
                     (unsigned char *)j->p->scratch + (size_t)t * j->p->fuse_bytes);
}
#endif

/* a group of one element (scalar code): no input broadcasts and each is one element, so every member is one call
   of its loop, with the pointers and strides gir__fuse_member would find (no runs, no chunk arithmetic) */
static void gir__fuse_one(const gir_plan *p, const struct gir__fgroup *gr, unsigned char *buf) {
    uint32_t m, j;
    for (m = 0; m < gr->nm; ++m) {
        const gir__step *s = &p->fsteps[gr->m0 + m];
        const gir__val *sv = &p->vals[s->val];
        const void *ptr[3];
        int64_t st[3];
        int idt = p->vals[p->sin[s->in0]].dtype;
        void *out = sv->kind == GIR__VAL_FUSED ? (void *)(buf + sv->off) : sv->ptr;
        for (j = 0; j < s->nin; ++j) {
            const gir__val *iv = &p->vals[p->sin[s->in0 + j]];
            st[j] = iv->kind == GIR__VAL_FUSED;
            ptr[j] = st[j] ? (const void *)(buf + iv->off) : iv->ptr ? iv->ptr : (const void *)&gir__empty;
        }
        if (s->op == GIR_OP_CAST) gir__fuse_cast(1, out, sv->dtype, ptr[0], idt, st[0]);
        else gir__ew_pick(s->op, idt)(1, out, ptr, st, p->fpar[gr->m0 + m]);
    }
}
/* runs fused group gi over its whole output */
static void gir__fuse_run(gir_plan *p, uint32_t gi) {
    const struct gir__fgroup *gr = &p->groups[gi];
    int64_t total = gir__numel(&p->vals[gr->val].shape), nchunks = (total + (int64_t)p->chunk - 1) / (int64_t)p->chunk;
    if (total == 1) {
        gir__fuse_one(p, gr, (unsigned char *)p->scratch);
        return;
    }
#if defined(GIR_THREADS)
    int nt = gir__par_threads(&p->par);
    if (total >= GIR__EW_PAR_MIN && nt > 1 && nchunks > 1) {
        gir__fuse_job j;
        j.p = p; j.gr = gr; j.nchunks = nchunks; j.nt = nchunks < nt ? nchunks : nt;
        gir__par_for(&p->par, (int)j.nt, gir__fuse_task, &j);
        return;
    }
#endif
    gir__fuse_chunks(p, gr, 0, nchunks, (unsigned char *)p->scratch);
}

