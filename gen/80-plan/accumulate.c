/* >>accumulate: a product added to a value, computed by the product's kernel adding into that value ------------
   The GIR_ACCUM rows of ops.def: a step k = sum(X, M), M = product(A, B) written by step mm, becomes the step
   product(A, B, X) where k stood, and mm goes (M is never written), when
     - k writes a temporary of dtype f32 or f64, of X's and M's dtype and shape (no broadcast),
     - M is a temporary of rank 2 or more that k alone reads, not an output, nor named by a constraint,
     - the product's inner dimension is at most gir__accum_depth(): every build's GEMM then adds X once, after
       the whole dot product (gen/70-kernels/gemm.c, gemv.c), which is what the sum computes, so the bits stay.
   gir__accumulate runs in gir_plan_compile (gen/80-plan/compile.c) after the in-place updates and before fusion.
   The placement may then write the product over X where X dies (gir__plan_inplace_ok, gen/80-plan/plan.c); a
   scan's gradient adds each step's weight gradient into one buffer so (gen/80-plan/call_steps.c). */
typedef struct gir__accum_rule { uint16_t sum, product; } gir__accum_rule;
@@ACCUMS@@
/* the smallest depth block (KC) of every GEMM configuration any build has */
static int64_t gir__accum_depth(void) {
    int64_t kc = gir__gemm_nums_avx512w[0].kc;
    size_t i, j;
    for (i = 0; i < sizeof gir__gemm_nums / sizeof gir__gemm_nums[0]; ++i)
        for (j = 0; j < 2; ++j)
            if (gir__gemm_nums[i][j].kc < kc) kc = gir__gemm_nums[i][j].kc;
    if (gir__gemm_nums_avx512w[1].kc < kc) kc = gir__gemm_nums_avx512w[1].kc;
    return kc;
}
/* op is the product of a GIR_ACCUM row: its step may gain a third input (room in sin, gir__compile_mark) */
static int gir__accum_into(int op) {
    size_t r;
    for (r = 0; r < sizeof gir__accums / sizeof gir__accums[0]; ++r)
        if (gir__accums[r].product && gir__accums[r].product == op) return 1;
    return 0;
}
/* a step between mm and k writes variable value v (an assign, or a value computed into it) */
static int gir__accum_clobbered(const gir_plan *p, uint32_t mm, uint32_t k, uint32_t v) {
    uint32_t q;
    if (p->vals[v].kind != GIR__VAL_DATA) return 0;
    for (q = mm + 1; q < k; ++q) {
        const gir__step *s = &p->steps[q];
        const gir__val *o = &p->vals[s->val];
        if (s->op == GIR_OP__COUNT) continue;                      /* a product folded already */
        if ((o->kind == GIR__VAL_INVAR && o->off == v) || (gir__op_is(s->op, GIR__F_WRITES) && p->sin[s->in0] == v))
            return 1;
    }
    return 0;
}
/* step mm is rule r's product, of two inputs, writing m (rank >= 2, a temporary that one step reads), whose inner
   dimension is within the depth block, and whose inputs keep their values until step k */
static int gir__accum_product(const gir_graph *g, const gir_plan *p, const gir__accum_rule *r, uint32_t mm,
                              uint32_t m, uint32_t k, const uint32_t *nrd) {
    const gir__step *s = &p->steps[mm];
    const gir__val *a;
    if (mm >= k || s->op != r->product || s->nin != 2 || p->vals[m].isout || p->vals[m].kind != GIR__VAL_TEMP ||
        nrd[m] != 1)
        return 0;
    a = &p->vals[p->sin[s->in0]];
    if (p->vals[m].shape.rank < 2 || a->shape.rank < 2 || gir__update_constrained(g, p->vals[m].node)) return 0;
    if (a->shape.dim[a->shape.rank - 1 - (s->tr & 1)] > gir__accum_depth()) return 0;
    return !gir__accum_clobbered(p, mm, k, p->sin[s->in0]) && !gir__accum_clobbered(p, mm, k, p->sin[s->in0 + 1]);
}
/* step k is rule r's sum of a value and a product that folds (see above): the product's step, or GIR__NEVER;
   *x: the value it adds into */
static uint32_t gir__accum_find(const gir_graph *g, const gir_plan *p, const gir__accum_rule *r, uint32_t k,
                                const uint32_t *prod, const uint32_t *nrd, uint32_t *x) {
    const gir__step *s = &p->steps[k];
    const gir__val *o = &p->vals[s->val];
    uint32_t j;
    if (s->op != r->sum || s->nin != 2 || o->kind != GIR__VAL_TEMP) return GIR__NEVER;
    if (o->dtype != GIR_DTYPE_F32 && o->dtype != GIR_DTYPE_F64) return GIR__NEVER;
    for (j = 0; j < 2; ++j) {
        uint32_t m = p->sin[s->in0 + j], v = p->sin[s->in0 + 1 - j];
        const gir__val *mv = &p->vals[m], *xv = &p->vals[v];
        if (m == v || !prod[m] || mv->dtype != o->dtype || xv->dtype != o->dtype) continue;
        if (!gir__shape_eq(&mv->shape, &o->shape) || !gir__shape_eq(&xv->shape, &o->shape)) continue;
        if (gir__accum_product(g, p, r, prod[m] - 1, m, k, nrd)) {
            *x = v;
            return prod[m] - 1;
        }
    }
    return GIR__NEVER;
}
/* the sums of products that fold, each into its product's kernel. The product steps leave the plan; sin holds room
   for one more input per product (gir__compile_mark). prod[v]: 1 + the step writing v; nrd[v]: the steps reading v. */
static gir_status gir__accumulate(const gir_graph *g, gir_plan *p, unsigned flags) {
    size_t bytes = ((size_t)p->nvals + 1) * sizeof(uint32_t);
    uint32_t *prod, *nrd, k, n = 0, r, mm, x, j;
    if (flags & GIR_COMPILE_NO_ACCUM) return GIR_OK;
    prod = (uint32_t *)gir__alloc(&p->ta, bytes);
    nrd = (uint32_t *)gir__alloc(&p->ta, bytes);
    if (!prod || !nrd) {
        gir__free(&p->ta, nrd, bytes);
        gir__free(&p->ta, prod, bytes);
        return GIR_ERR_OUT_OF_MEMORY;
    }
    GIR_MEMSET(prod, 0, bytes);
    GIR_MEMSET(nrd, 0, bytes);
    for (k = 0; k < p->nsteps; ++k) {
        prod[p->steps[k].val] = k + 1;
        for (j = 0; j < p->steps[k].nin; ++j)
            if (!gir__in_dup(p, &p->steps[k], j)) ++nrd[p->sin[p->steps[k].in0 + j]];
    }
    for (r = 0; r < sizeof gir__accums / sizeof gir__accums[0]; ++r)
        for (k = 0; gir__accums[r].sum && gir__accums[r].product && k < p->nsteps; ++k) {
            gir__step *s = &p->steps[k];
            const gir__step *ps;
            if ((mm = gir__accum_find(g, p, &gir__accums[r], k, prod, nrd, &x)) == GIR__NEVER) continue;
            ps = &p->steps[mm];
            p->vals[ps->val].kind = GIR__VAL_FUSED;                 /* never written: no memory */
            prod[ps->val] = nrd[ps->val] = 0;
            s->op = ps->op;
            s->tr = ps->tr;
            s->attr = ps->attr;
            s->in0 = (uint32_t)p->nsin;
            s->nin = 3;
            p->sin[p->nsin++] = p->sin[ps->in0];
            p->sin[p->nsin++] = p->sin[ps->in0 + 1];
            p->sin[p->nsin++] = x;
            p->steps[mm].op = GIR_OP__COUNT;                        /* goes below */
        }
    for (k = 0; k < p->nsteps; ++k)
        if (p->steps[k].op != GIR_OP__COUNT) p->steps[n++] = p->steps[k];
    p->nsteps = n;
    gir__free(&p->ta, nrd, bytes);
    gir__free(&p->ta, prod, bytes);
    return GIR_OK;
}
