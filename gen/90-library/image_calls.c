/* >>image_calls: the call steps of a plan image: their checks, their frames, and the runner of a sub-image -------
   An image whose plan calls functions (gir_func_call, gir_cond, gir_scan, gir_while) holds each function's plan as
   a sub-image (gen/90-library/image.c). The reader checks each call step against the sub-images it runs as the
   shape rules check a call node against its function (gen/50-ir/shapes.c): an argument per parameter, of its dtype
   and shape (a scan's per-step inputs one axis of [length] deeper), carries that come back in the same dtype and
   shape, an if's predicate a b8 scalar and its two functions alike, a while's condition a b8 scalar; a result
   step views one of the call's results, in its dtype and shape. Opened, each call record is a gir__frame that
   gen/80-plan/call_steps.c runs as it runs a nested plan, and a sub-image's arena lies at the start of its
   caller's scratch, as a nested plan's does (gen/80-plan/compile.c: gir__plan_point). */
/*@cold*/
/* the sub-images and call records of a header: none before version 3, and none a build without call ops reads (it
   refuses their steps: gir__img_check_steps), so that its firmware keeps none of this code */
static uint32_t gir__img_nsub(const gir__ihdr *h) { return GIR__KEPT_F_TUPLE && h->version >= 3u ? h->nsub : 0u; }
static uint32_t gir__img_ncall(const gir__ihdr *h) { return GIR__KEPT_F_TUPLE && h->version >= 3u ? h->ncall : 0u; }
static const gir__ihdr *gir__ih(const unsigned char *b) { return (const gir__ihdr *)(const void *)b; }
static const gir__ival *gir__iv(const unsigned char *b) {
    return (const gir__ival *)(const void *)(b + gir__ih(b)->o_vals);
}
static const gir__step *gir__ist(const unsigned char *b) {
    return (const gir__step *)(const void *)(b + gir__ih(b)->o_steps);
}
static const uint32_t *gir__iu32(const unsigned char *b, uint32_t off) { return (const uint32_t *)(const void *)(b + off); }
static const gir__icall_rec *gir__irec(const unsigned char *b) {
    return (const gir__icall_rec *)(const void *)(b + gir__ih(b)->o_call);
}
/* sub-image s of an image whose table is checked (0: the image itself) */
static const unsigned char *gir__img_sub(const unsigned char *img, uint32_t s) {
    return s ? img + gir__iu32(img, gir__ih(img)->o_sub)[s - 1] : img;
}
/* input j of step s of sub-image b; parameter j of sub-image c (NULL: unread), its result j */
static const gir__ival *gir__img_arg(const unsigned char *b, const gir__step *s, uint32_t j) {
    return &gir__iv(b)[gir__iu32(b, gir__ih(b)->o_sin)[s->in0 + j]];
}
static const gir__ival *gir__img_par(const unsigned char *c, uint32_t j) {
    uint32_t v = gir__iu32(c, gir__ih(c)->o_ins)[j];
    return v == GIR__IMG_NONE ? NULL : &gir__iv(c)[v];
}
static const gir__ival *gir__img_res(const unsigned char *c, uint32_t j) {
    return &gir__iv(c)[gir__iu32(c, gir__ih(c)->o_outs)[j]];
}
/* x has y's dtype and shape (stack > 0: with an axis of stack in front); x is a b8 scalar */
static int gir__iv_like(const gir__ival *x, const gir__ival *y, int32_t stack) {
    int r;
    if (!y) return 1;                            /* an unread parameter takes anything */
    if (x->dtype != y->dtype || x->shape.rank != y->shape.rank + (stack > 0)) return 0;
    if (stack > 0 && x->shape.dim[0] != stack) return 0;
    for (r = 0; r < y->shape.rank; ++r)
        if (x->shape.dim[r + (stack > 0)] != y->shape.dim[r]) return 0;
    return 1;
}
static int gir__iv_b8(const gir__ival *x) { return x->dtype == GIR_DTYPE_B8 && x->shape.rank == 0; }
/* sub-image s (>= 1) of an image whose first header is checked lies inside it, its sections inside it */
static int gir__img_sub_in(const unsigned char *img, uint32_t s) {
    const gir__ihdr *h = gir__ih(img), *u;
    uint32_t o = gir__iu32(img, h->o_sub)[s - 1];
    if (o % 16u || o < gir__img_hbytes(h) || (uint64_t)o + sizeof *u > h->bytes) return 0;
    u = gir__ih(img + o);
    return u->bytes <= h->bytes - o && u->version == GIR__IMG_VERSION && !u->nsub && gir__img_sections(u);
}
/* every sub-image's header, sections, values, steps and their rules (the first header's checks cover it) */
static gir_status gir__img_check_subs(const unsigned char *img, char *msg, size_t cap) {
    const gir__ihdr *h = gir__ih(img);
    uint32_t s, n = gir__img_nsub(h);
    gir_status st;
    for (s = 1; s <= n; ++s) {
        uint32_t o = gir__iu32(img, h->o_sub)[s - 1];
        if (!gir__img_sub_in(img, s))
            return gir__ifail(msg, cap, GIR_ERR_INVALID_ARG, "sub-image %l is malformed", (long long)s);
        if ((st = gir__img_check_vals(img + o, msg, cap)) != GIR_OK || (st = gir__img_check_steps(img + o, msg, cap)) != GIR_OK ||
            (st = gir__img_check_rules(img + o, msg, cap)) != GIR_OK)
            return st;
    }
    return GIR_OK;
}
/* scan step s's carries, per-step inputs and length against parameters np and results nr (the shape rule's) */
static int gir__img_scan_attrs(const gir_attr *a, uint32_t np, uint32_t nr) {
    return a->i[1] >= 1 && a->i[2] >= 0 && a->i[3] >= 0 && (uint32_t)a->i[2] <= np &&
           (uint32_t)a->i[3] <= np - (uint32_t)a->i[2] && (uint32_t)a->i[2] <= nr;
}
/* step s (of sub-image b) against the sub-images c0 (and c1) it runs: 1 when they agree (and its value, where
   gir__call_layout places the results at multiples of 16, lies at one) */
static int gir__img_call_ok(const unsigned char *img, const unsigned char *b, const gir__step *s, uint32_t t0) {
    const unsigned char *c0 = gir__img_sub(img, t0), *c1 = gir__img_nrec(s->op) > 1 ? gir__img_sub(img, t0 + 1) : NULL;
    uint32_t off = gir__op_is(s->op, GIR__F_BRANCH) ? 1u : 0u, np = gir__ih(c0)->nin, nr = gir__ih(c0)->nout, j;
    int32_t T = 0, nc = (int32_t)nr, nx = 0;
    gir_attr a;
    if (s->nin != np + off || (c1 && gir__ih(c1)->nin != np) || gir__iv(b)[s->val].off % 16u) return 0;
    for (j = 0; j < nr; ++j)
        if (gir__img_res(c0, j)->kind == GIR__IV_NONE) return 0;
    if (gir__op_is(s->op, GIR__F_LOOP)) {
        if (!s->attr) return 0;
        gir__attr_unpack(b + gir__ih(b)->o_attrs + s->attr - 1, &a);
        if (!gir__img_scan_attrs(&a, np, nr)) return 0;
        T = a.i[1]; nc = a.i[2]; nx = a.i[3];
    } else if (gir__op_is(s->op, GIR__F_UNTIL)) {
        if (nr != np || gir__ih(c1)->nout != 1 || !gir__iv_b8(gir__img_res(c1, 0))) return 0;
    } else if (c1) {                                 /* an if: a b8 predicate, two functions alike */
        if (!gir__iv_b8(gir__img_arg(b, s, 0)) || gir__ih(c1)->nout != nr) return 0;
        for (j = 0; j < nr; ++j)
            if (!gir__iv_like(gir__img_res(c1, j), gir__img_res(c0, j), 0)) return 0;
    }
    for (j = 0; j < np; ++j) {
        const gir__ival *x = gir__img_arg(b, s, j + off);
        int32_t step = (int32_t)j >= nc && (int32_t)j < nc + nx ? T : 0;
        if ((int32_t)j < nc && (gir__op_is(s->op, GIR__F_LOOP | GIR__F_UNTIL)) && !gir__iv_like(x, gir__img_res(c0, j), 0))
            return 0;                                /* a carry: argument, result and parameter alike */
        if (!gir__iv_like(x, gir__img_par(c0, j), step) || (c1 && !gir__iv_like(x, gir__img_par(c1, j), 0))) return 0;
    }
    return 1;
}
/* the call record of sub-image b whose step writes value u (NULL: none) */
static const gir__icall_rec *gir__img_rec_of(const unsigned char *b, uint32_t u) {
    const gir__icall_rec *r = gir__irec(b);
    uint32_t k;
    for (k = 0; k < gir__img_ncall(gir__ih(b)); ++k)
        if (gir__ist(b)[r[k].step].val == u) return &r[k];
    return NULL;
}
/* result step k of sub-image b: it views a result of a call step of b, in that result's dtype and shape (a scan's
   per-step result stacked [length] deep) */
static int gir__img_proj_ok(const unsigned char *img, const unsigned char *b, uint32_t k) {
    const gir__step *s = &gir__ist(b)[k];
    const gir__icall_rec *r;
    const unsigned char *c;
    gir_attr a, ca;
    int32_t stack = 0;
    if (s->nin != 1 || !s->attr || gir__iv(b)[s->val].off != k) return 0;
    if (!(r = gir__img_rec_of(b, gir__iu32(b, gir__ih(b)->o_sin)[s->in0]))) return 0;
    c = gir__img_sub(img, r->sub);
    gir__attr_unpack(b + gir__ih(b)->o_attrs + s->attr - 1, &a);
    if (a.i[0] < 0 || (uint32_t)a.i[0] >= gir__ih(c)->nout) return 0;
    if (gir__op_is(gir__ist(b)[r->step].op, GIR__F_LOOP)) {     /* checked: it has attributes */
        gir__attr_unpack(b + gir__ih(b)->o_attrs + gir__ist(b)[r->step].attr - 1, &ca);
        if (a.i[0] >= ca.i[2]) stack = ca.i[1];
    }
    return gir__iv_like(&gir__iv(b)[s->val], gir__img_res(c, (uint32_t)a.i[0]), stack);
}
/* sub-image s's call records: in step order, one per call and scan step and two per if and while step, naming the
   sub-images *next, *next + 1, ... in turn, each after s */
static int gir__img_recs_ok(const unsigned char *img, uint32_t s, uint32_t *next) {
    const unsigned char *b = gir__img_sub(img, s);
    const gir__icall_rec *rec = gir__irec(b);
    uint32_t k, j, r = 0, n = gir__img_nsub(gir__ih(img));
    for (k = 0; k < gir__ih(b)->nsteps; ++k)
        for (j = 0; j < gir__img_nrec(gir__ist(b)[k].op); ++j, ++r, ++*next)
            if (r >= gir__img_ncall(gir__ih(b)) || rec[r].step != k || rec[r].sub != *next || *next <= s || *next > n)
                return 0;
    return r == gir__img_ncall(gir__ih(b));
}
/* every call and result step of every sub-image, and every result value placed by its step */
static gir_status gir__img_check_calls(const unsigned char *img, char *msg, size_t cap) {
    uint32_t s, k, next = 1, n = gir__img_nsub(gir__ih(img));
    if (!GIR__KEPT_F_TUPLE) return GIR_OK;
    for (s = 0; s <= n; ++s) {
        const unsigned char *b = gir__img_sub(img, s);
        const gir__step *st = gir__ist(b);
        if (!gir__img_recs_ok(img, s, &next))
            return gir__ifail(msg, cap, GIR_ERR_INVALID_ARG, "sub-image %l: its call records are malformed", (long long)s);
        for (k = 0; k < gir__ih(b)->nsteps; ++k) {
            int ok = !gir__op_is(st[k].op, GIR__F_PROJ) || gir__img_proj_ok(img, b, k);
            const gir__icall_rec *r = gir__img_nrec(st[k].op) ? gir__img_rec_of(b, st[k].val) : NULL;
            if (ok && r) ok = gir__img_call_ok(img, b, &st[k], r->sub);
            if (!ok)
                return gir__ifail(msg, cap, GIR_ERR_INVALID_ARG, "sub-image %l: step %l (%s, node %l) disagrees with "
                                  "the call it makes or reads", (long long)s, (long long)k, gir__op_names[st[k].op],
                                  (long long)gir__iv(b)[st[k].val].node);
        }
        for (k = 0; k < gir__ih(b)->nvals; ++k)     /* a result's memory is set by its step (gir_image_open) */
            if (gir__iv(b)[k].kind == GIR__IV_VIEW &&
                (gir__iv(b)[k].off >= gir__ih(b)->nsteps || st[gir__iv(b)[k].off].val != k))
                return gir__ifail(msg, cap, GIR_ERR_INVALID_ARG, "sub-image %l: value %l (node %l), a call's result, "
                                  "has no step that places it", (long long)s, (long long)k, (long long)gir__iv(b)[k].node);
    }
    if (next != n + 1) return gir__ifail(msg, cap, GIR_ERR_INVALID_ARG, "a sub-image that no call runs");
    return GIR_OK;
}
/* the calls below sub-image s, d deep, nest at most GIR__IMG_MAXDEPTH deep (the open and run recurse so deep) */
static int gir__img_depth_ok(const unsigned char *img, uint32_t s, int d) {
    const unsigned char *b = gir__img_sub(img, s);
    uint32_t r;
    if (d > GIR__IMG_MAXDEPTH) return 0;
    for (r = 0; r < gir__img_ncall(gir__ih(b)); ++r)
        if (!gir__img_depth_ok(img, gir__irec(b)[r].sub, d + 1)) return 0;
    return 1;
}
/* the scratch sub-image s of a checked image needs on a build (gir__img_scratch_on): its kernels', or the arena
   and scratch of a sub-image it runs, which lie there */
static uint64_t gir__img_scratch_tree(const unsigned char *img, uint32_t s, int isa, int packed) {
    const unsigned char *b = gir__img_sub(img, s);
    uint64_t most = gir__img_scratch_on(b, isa, packed), n;
    uint32_t r;
    for (r = 0; r < gir__img_ncall(gir__ih(b)); ++r) {
        uint32_t t = gir__irec(b)[r].sub;
        n = (((uint64_t)gir__ih(gir__img_sub(img, t))->arena + GIR__ALIGN - 1) & ~(uint64_t)(GIR__ALIGN - 1)) +
            gir__img_scratch_tree(img, t, isa, packed);
        if (n > most) most = n;
    }
    return most;
}
/*@cold end*/
/* -- the frames of an open image's calls ------------------------------------------------------------------- */
static void gir__img_bind_hook(gir__frame *k, int j, const void *src) {
    const gir__icall *c = (const gir__icall *)(const void *)k;
    gir__isub *u = &c->m->sub[c->sub];
    uint32_t v = gir__iu32(u->img, gir__ih(u->img)->o_ins)[j];
    if (v != GIR__IMG_NONE) u->ptr[v] = (void *)(uintptr_t)(src ? src : (const void *)&gir__empty);
}
static const void *gir__img_res_hook(const gir__frame *k, int j) {
    const gir__icall *c = (const gir__icall *)(const void *)k;
    const gir__isub *u = &c->m->sub[c->sub];
    return u->ptr[gir__iu32(u->img, gir__ih(u->img)->o_outs)[j]];
}
/* runs the steps of sub-image si of an open image (0: the image's own); a call step runs its frames */
static gir_status gir__img_steps(gir_image *m, uint32_t si) {
    gir__isub *u = &m->sub[si];
    const gir__ihdr *h = gir__ih(u->img);
    const gir__ival *v = gir__iv(u->img);
    const gir__step *s = gir__ist(u->img);
    const uint32_t *sin = gir__iu32(u->img, h->o_sin);
    uint32_t k, j, r = 0;
    gir_attr ta;
    gir_status st = GIR_OK;
    int zeros = 0;                  /* ta holds zeros: what a step without attributes reads */
    for (k = 0; k < h->nsteps; ++k, ++s) {
        if (((s->flags & GIR__STEP_FOLD) && m->folded) || (GIR__KEPT_F_TUPLE && gir__op_is(s->op, GIR__F_PROJ)))
            continue;
        for (j = 0; j < s->nin; ++j) {       /* run once, on the first good run; a result: a view */
            uint32_t in = sin[s->in0 + j];
            u->kin[j].p = u->ptr[in] ? u->ptr[in] : (const void *)&gir__empty;
            u->kin[j].s = &v[in].shape;
            u->kin[j].dt = v[in].dtype;
            u->kin[j].tr = j < 8 ? (s->tr >> j) & 1 : 0;
        }
        if (s->attr) gir__attr_unpack(u->img + h->o_attrs + s->attr - 1, &ta);
        else if (!zeros) GIR_MEMSET(&ta, 0, sizeof ta);            /* no attributes: all zeros (once in a row) */
        zeros = !s->attr;
#if GIR__KEPT_F_TUPLE
        if (gir__op_is(s->op, GIR__F_TUPLE)) {
            gir__icall *c = &m->call[gir__irec(u->img)[r].sub - 1];
            gir__frame *ran;
            uint32_t n = gir__img_nrec(s->op);
            r += n;
            st = gir__call_step(s->op, &c->k, n > 1 ? &c[1].k : NULL, &ta, u->kin, &ran);
            if (st != GIR_OK) break;
            continue;
        }
#endif
        st = gir__step_kernel(s, v[s->val].dtype, &v[s->val].shape, u->ptr[s->val], v[s->val].node, u->kin, &ta,
                              u->scratch, u->runs, m->msg, NULL);
        if (st != GIR_OK) break;
    }
    (void)r;
    ++u->runs;
    return st;
}
static gir_status gir__img_run_hook(gir__frame *k) {
    gir__icall *c = (gir__icall *)(void *)k;
    return gir__img_steps(c->m, c->sub);
}
