/* >>image_run: a plan image on the device: its RAM, gir_image_open, bind, run and read -------------------------
   The RAM of an open image, in this order: gir_image, a gir__isub per sub-image, a gir__icall per call record, the
   places of each call's results (gir__frame.at), each sub-image's value pointers and kernel inputs, the copies of
   the variables its steps write, then at GIR__ALIGN the arena of the image's own steps and their scratch, in
   which each sub-image's arena and scratch lie while its call step runs (gen/90-library/image_calls.c). */
static uint64_t gir__a16w(uint64_t n) { return (n + 15u) & ~(uint64_t)15u; }
/* the sizes of a build: gir_image, gir__isub, gir__icall, a pointer (and size_t), gir__kin; its GEMM's instruction
   set (GIR__ISA_) and whether it packs */
typedef struct gir__isizes { uint64_t image, sub, call, ptr, kin; int isa, packed; } gir__isizes;
/*@cold*/
/* the RAM a checked image needs on a build of sizes z (ram is aligned to 8: at most GIR__ALIGN - 8 bytes of
   padding before the arena) */
static uint64_t gir__img_ram_of(const unsigned char *img, const gir__isizes *z) {
    uint32_t s, r, n = gir__img_nsub(gir__ih(img));
    uint64_t ram = gir__a16w(z->image) + gir__a16w((uint64_t)(n + 1) * z->sub) + gir__a16w((uint64_t)n * z->call);
    for (s = 0; s <= n; ++s) {
        const unsigned char *b = gir__img_sub(img, s);
        ram += gir__a16w((uint64_t)gir__ih(b)->nvals * z->ptr) + gir__a16w((uint64_t)gir__ih(b)->maxin * z->kin) +
               gir__ih(b)->vars;
        for (r = 0; r < gir__img_ncall(gir__ih(b)); ++r) {
            const gir__ihdr *c = gir__ih(gir__img_sub(img, gir__irec(b)[r].sub));
            ram += gir__a16w((2 * (uint64_t)c->nout + c->nin) * z->ptr);
        }
    }
    return ram + (GIR__ALIGN - 8) + (((uint64_t)gir__ih(img)->arena + GIR__ALIGN - 1) & ~(uint64_t)(GIR__ALIGN - 1)) +
           gir__img_scratch_tree(img, 0, z->isa, z->packed);
}
/* ... on this build, from its own sizes (what gir_image_open lays out) */
static uint64_t gir__img_ram(const unsigned char *img) {
    gir__isizes z;
    z.image = sizeof(gir_image); z.sub = sizeof(gir__isub); z.call = sizeof(gir__icall); z.ptr = sizeof(void *);
    z.kin = sizeof(gir__kin); z.isa = gir__simd_level(); z.packed = GIR__PACKED_GEMM;
    return gir__img_ram_of(img, &z);
}
/* every check of gir_image_open */
static gir_status gir__img_check(const unsigned char *img, size_t len, char *msg, size_t cap) {
    gir_status s;
    if ((s = gir__img_check_head(img, len, msg, cap)) != GIR_OK || (s = gir__img_check_vals(img, msg, cap)) != GIR_OK ||
        (s = gir__img_check_steps(img, msg, cap)) != GIR_OK || (s = gir__img_check_rules(img, msg, cap)) != GIR_OK ||
        (s = gir__img_check_subs(img, msg, cap)) != GIR_OK || (s = gir__img_check_calls(img, msg, cap)) != GIR_OK)
        return s;
    if (!gir__img_depth_ok(img, 0, 0))
        return gir__ifail(msg, cap, GIR_ERR_INVALID_ARG, "calls nest deeper than %l", (long long)GIR__IMG_MAXDEPTH);
    return GIR_OK;
}
GIR_API gir_status gir_image_ram_size(const void *image, size_t len, size_t *bytes) {
    gir_status s;
    if (!bytes) return GIR_ERR_INVALID_ARG;
    *bytes = 0;
    if ((s = gir__img_check((const unsigned char *)image, len, NULL, 0)) != GIR_OK) return s;
    if (gir__img_ram((const unsigned char *)image) > (size_t)-1) return GIR_ERR_LIMIT;
    *bytes = (size_t)gir__img_ram((const unsigned char *)image);
    return GIR_OK;
}
GIR_API gir_image_target gir_image_target_native(void) {
    gir_image_target t;
    t.ptr_bytes = (int)sizeof(void *);
    t.isa = gir_simd_name();
    t.packed_gemm = GIR__PACKED_GEMM;
#if defined(GIR_NO_ERROR_STRINGS)
    t.error_strings = 0;
#else
    t.error_strings = 1;
#endif
    return t;
}
/* ... on a target, from its pointer size: gir_image is 3 pointers + 8 + the message, gir__isub 8 + 4 pointers,
   gir__icall 9 pointers + 16 (their field orders: gen/90-library/image.c), gir__kin two pointers and two ints; image/ram_for_other_targets and every image the tests open check this
   against the sizes of the build that runs them */
GIR_API gir_status gir_image_ram_size_for(const void *image, size_t len, const gir_image_target *target,
                                          size_t *bytes) {
    const int nisa = (int)(sizeof gir__isa_names / sizeof gir__isa_names[0]);
    gir__isizes z;
    uint64_t pb, ram;
    gir_status s;
    int isa;
    if (!bytes) return GIR_ERR_INVALID_ARG;
    *bytes = 0;
    if (!target || (target->ptr_bytes != 4 && target->ptr_bytes != 8) || !target->isa) return GIR_ERR_INVALID_ARG;
    for (isa = 0; isa < nisa && !gir__streq(target->isa, gir__isa_names[isa]); ++isa) {}
    if (isa == nisa) return GIR_ERR_INVALID_ARG;
    if ((s = gir__img_check((const unsigned char *)image, len, NULL, 0)) != GIR_OK) return s;
    pb = (uint64_t)target->ptr_bytes;
    z.image = 3 * pb + 8 + (target->error_strings ? GIR__MSG : GIR__MSG_SHORT);
    z.sub = 8 + 4 * pb; z.call = 9 * pb + 16; z.ptr = pb; z.kin = 2 * pb + 8;
    z.isa = isa; z.packed = target->packed_gemm != 0;
    ram = gir__img_ram_of((const unsigned char *)image, &z);
    if (ram > (size_t)-1 || (pb == 4 && ram > 0xFFFFFFFFu)) return GIR_ERR_LIMIT;
    *bytes = (size_t)ram;
    return GIR_OK;
}
/* sub-image s of an opened image: its arena at arena (the caller's scratch), its scratch after it, each value's
   memory (a variable's copy taken from *vars), then the same for the sub-images its calls run, in its scratch */
static void gir__img_place(gir_image *m, uint32_t s, unsigned char *arena, unsigned char **vars) {
    gir__isub *u = &m->sub[s];
    const gir__ival *v = gir__iv(u->img);
    uint32_t k;
    u->scratch = arena + (((size_t)gir__ih(u->img)->arena + GIR__ALIGN - 1) & ~(size_t)(GIR__ALIGN - 1));
    for (k = 0; k < gir__ih(u->img)->nvals; ++k) {
        switch (v[k].kind) {
        case GIR__IV_TEMP: u->ptr[k] = arena + v[k].off; break;
        case GIR__IV_CONST: u->ptr[k] = (void *)(uintptr_t)(u->img + v[k].off); break;
        case GIR__IV_INVAR: u->ptr[k] = u->ptr[v[k].off]; break;      /* checked: a variable before it */
        case GIR__IV_VAR:
            if (v[k].bytes) GIR_MEMCPY(*vars, u->img + v[k].off, v[k].bytes);
            u->ptr[k] = *vars;
            *vars += gir__a16(v[k].bytes);
            break;
        default: u->ptr[k] = NULL;      /* an input until bound; none: no step reads it; a result: its call's */
        }
    }
    for (k = 0; k < gir__img_ncall(gir__ih(u->img)); ++k)
        gir__img_place(m, gir__irec(u->img)[k].sub, u->scratch, vars);
}
#if GIR__KEPT_F_TUPLE
/* call record g (of step k of sub-image s) as a frame: its results placed in the call's value as the plan placed
   them, which must be that value's bytes (but for a while's condition, which only gives a flag) */
static int gir__img_frame(gir_image *m, uint32_t s, const gir__icall_rec *rec) {
    gir__icall *c = &m->call[rec->sub - 1];
    const unsigned char *b = m->sub[s].img, *t = m->sub[rec->sub].img;
    const gir__step *st = &gir__ist(b)[rec->step];
    int32_t nc = (int32_t)gir__ih(t)->nout, T = 1, j;
    gir_attr a;
    c->m = m; c->sub = rec->sub; c->step = rec->step;
    c->k.buf = (unsigned char *)m->sub[s].ptr[st->val];
    c->k.np = (int)gir__ih(t)->nin; c->k.nr = (int)gir__ih(t)->nout;
    c->k.bind = gir__img_bind_hook; c->k.res = gir__img_res_hook; c->k.run = gir__img_run_hook;
    c->k.puts = NULL;                      /* an image's results are copied where they go */
    for (j = 0; j < c->k.nr; ++j) c->k.at[c->k.nr + j] = gir__img_res(t, (uint32_t)j)->bytes;
    for (j = 0; j < c->k.np; ++j)
        c->k.at[2 * c->k.nr + j] = gir__img_par(t, (uint32_t)j) ? gir__img_par(t, (uint32_t)j)->bytes : 0;
    if (gir__op_is(st->op, GIR__F_LOOP)) {
        gir__attr_unpack(b + gir__ih(b)->o_attrs + st->attr - 1, &a);
        nc = a.i[2]; T = a.i[1];
    }
    if (!gir__call_layout(&c->k, nc, T, gir__op_is(st->op, GIR__F_LOOP | GIR__F_UNTIL))) return 0;
    return (gir__op_is(st->op, GIR__F_UNTIL) && rec != gir__img_rec_of(b, st->val)) ||
           c->k.bytes == gir__iv(b)[st->val].bytes;
}
/* the frames of every call record, then the memory of every result (a view of its call's value); 0: a call whose
   results do not fill its value */
static int gir__img_frames(gir_image *m) {
    uint32_t s, k, n = gir__img_nsub(gir__ih(m->img));
    for (s = 0; s <= n; ++s) {
        const unsigned char *b = m->sub[s].img;
        const gir__step *st = gir__ist(b);
        for (k = 0; k < gir__img_ncall(gir__ih(b)); ++k)
            if (!gir__img_frame(m, s, &gir__irec(b)[k])) return 0;
        for (k = 0; k < gir__ih(b)->nsteps; ++k) {
            const gir__icall_rec *r;
            gir_attr a;
            uint32_t u = gir__iu32(b, gir__ih(b)->o_sin)[st[k].in0];
            if (!gir__op_is(st[k].op, GIR__F_PROJ)) continue;
            r = gir__img_rec_of(b, u);                  /* checked: there is one */
            gir__attr_unpack(b + gir__ih(b)->o_attrs + st[k].attr - 1, &a);
            m->sub[s].ptr[st[k].val] = (unsigned char *)m->sub[s].ptr[u] + m->call[r->sub - 1].k.at[a.i[0]];
        }
    }
    return 1;
}
#endif
/* gir_image's RAM laid out (gen/90-library/image_run.c's opening comment) for a checked image; 0: see gir__img_frames */
static int gir__img_lay(gir_image *m, unsigned char *ram) {
    uint32_t s, n = gir__img_nsub(gir__ih(m->img));
    unsigned char *at = ram + gir__a16(sizeof *m), *arena;
    m->sub = (gir__isub *)(void *)at;
    at += gir__a16w((uint64_t)(n + 1) * sizeof(gir__isub));
    m->call = (gir__icall *)(void *)at;
    at += gir__a16w((uint64_t)n * sizeof(gir__icall));
    for (s = 0; s <= n; ++s) m->sub[s].img = gir__img_sub(m->img, s);
    for (s = 0; s < n; ++s) {          /* the places of each call's results, in record order */
        const gir__ihdr *c = gir__ih(m->sub[s + 1].img);
        m->call[s].k.at = (size_t *)(void *)at;
        at += gir__a16w((2 * (uint64_t)c->nout + c->nin) * sizeof(size_t));
    }
    for (s = 0; s <= n; ++s) {
        const gir__ihdr *h = gir__ih(m->sub[s].img);
        m->sub[s].runs = 0;
        m->sub[s].ptr = (void **)(void *)at;
        at += gir__a16w((uint64_t)h->nvals * sizeof(void *));
        m->sub[s].kin = (gir__kin *)(void *)at;
        at += gir__a16w((uint64_t)h->maxin * sizeof(gir__kin));
    }
    arena = at;
    for (s = 0; s <= n; ++s) arena += gir__ih(m->sub[s].img)->vars;
    arena += (GIR__ALIGN - (size_t)((uintptr_t)arena % GIR__ALIGN)) % GIR__ALIGN;
    gir__img_place(m, 0, arena, &at);
#if GIR__KEPT_F_TUPLE
    return gir__img_frames(m);
#else
    return 1;
#endif
}
GIR_API gir_status gir_image_open(const void *image, size_t len, void *ram, size_t ram_bytes, gir_image **out,
                                  char *msg, size_t msgcap) {
    const unsigned char *img = (const unsigned char *)image;
    gir_image *m;
    gir_status s;
    if (msg && msgcap) msg[0] = 0;
    if (!out) return gir__ifail(msg, msgcap, GIR_ERR_INVALID_ARG, "out is NULL");
    *out = NULL;
    if ((s = gir__img_check(img, len, msg, msgcap)) != GIR_OK) return s;
    if (!ram || (uintptr_t)ram % 8u)
        return gir__ifail(msg, msgcap, GIR_ERR_INVALID_ARG, "ram is %s", ram ? "not aligned to 8 bytes" : "NULL");
    if (gir__img_ram(img) > ram_bytes)
        return gir__ifail(msg, msgcap, GIR_ERR_OUT_OF_MEMORY, "ram of %l bytes is too small: the image needs %l "
                          "(gir_image_ram_size)", (long long)ram_bytes, (long long)gir__img_ram(img));
    m = (gir_image *)ram;
    GIR_MEMSET(m, 0, sizeof *m);
    m->img = img;
    if (!gir__img_lay(m, (unsigned char *)ram))
        return gir__ifail(msg, msgcap, GIR_ERR_INVALID_ARG, "a call's results do not fill its value");
    *out = m;
    return GIR_OK;
}
/*@cold end*/
GIR_API gir_status gir_image_bind(gir_image *m, int k, const void *data, size_t bytes) {
    const gir__ihdr *h;
    const gir__ival *v;
    uint32_t val;
    if (!m) return GIR_ERR_INVALID_ARG;
    h = (const gir__ihdr *)(const void *)m->img;
    if (k < 0 || (uint32_t)k >= h->nin)
        return m->status = gir__ifail(m->msg, sizeof m->msg, GIR_ERR_INDEX, "bind: input %d of %l", k, (long long)h->nin);
    val = ((const uint32_t *)(const void *)(m->img + h->o_ins))[k];
    if (val == GIR__IMG_NONE) return GIR_OK;
    v = (const gir__ival *)(const void *)(m->img + h->o_vals) + val;
    if (bytes != v->bytes || (!data && bytes) || (uintptr_t)data % gir__dtype_sizes[v->dtype])
        return m->status = gir__ifail(m->msg, sizeof m->msg, GIR_ERR_INVALID_ARG, "bind: input %d (node %l) %T %S "
                                      "takes %l bytes aligned to %l, got %l at %p", k, (long long)v->node, (int)v->dtype,
                                      &v->shape, (long long)v->bytes, (long long)gir__dtype_sizes[v->dtype],
                                      (long long)bytes, data);
    m->sub[0].ptr[val] = (void *)(uintptr_t)data;
    return GIR_OK;
}
GIR_API gir_status gir_image_run(gir_image *m) {
    const gir__ihdr *h;
    const gir__ival *v;
    uint32_t k;
    if (!m) return GIR_ERR_INVALID_ARG;
    h = gir__ih(m->img);
    v = gir__iv(m->img);
    m->status = GIR_OK;
    m->msg[0] = 0;
    for (k = 0; k < h->nin; ++k) {
        uint32_t val = gir__iu32(m->img, h->o_ins)[k];
        if (val != GIR__IMG_NONE && !m->sub[0].ptr[val] && v[val].bytes)
            return m->status = gir__ifail(m->msg, sizeof m->msg, GIR_ERR_UNBOUND, "run: input %l (node %l) %T %S is "
                                          "not bound (gir_image_bind)", (long long)k, (long long)v[val].node,
                                          (int)v[val].dtype, &v[val].shape);
    }
    m->status = gir__img_steps(m, 0);
    if (m->status == GIR_OK) m->folded = 1;
    return m->status;
}
GIR_API const void *gir_image_output(const gir_image *m, int k, size_t *bytes) {
    const gir__ihdr *h;
    uint32_t val;
    if (bytes) *bytes = 0;
    if (!m) return NULL;
    h = (const gir__ihdr *)(const void *)m->img;
    if (k < 0 || (uint32_t)k >= h->nout) return NULL;
    val = ((const uint32_t *)(const void *)(m->img + h->o_outs))[k];
    if (bytes) *bytes = ((const gir__ival *)(const void *)(m->img + h->o_vals))[val].bytes;
    return m->sub[0].ptr[val];
}
GIR_API const char *gir_image_message(const gir_image *m) { return m ? m->msg : "no image (NULL)"; }
/* the sub-images of an image whose first header is checked, each checked to lie inside it: their number + 1 (0:
   a sub-image that does not) */
static uint32_t gir__img_nsub_in(const unsigned char *img) {
    uint32_t s, n = gir__img_nsub(gir__ih(img));
    for (s = 1; s <= n; ++s)
        if (!gir__img_sub_in(img, s)) return 0;
    return n + 1;
}
GIR_API int gir_image_ops(const void *image, size_t len, gir_op *ops, int max) {
    const unsigned char *img = (const unsigned char *)image;
    uint32_t k, s, ns;
    int op, n = 0;
    if (gir__img_check_head(img, len, NULL, 0) != GIR_OK || !(ns = gir__img_nsub_in(img))) return -1;
    for (op = 1; op < GIR_OP__COUNT; ++op) {         /* ascending, each once: one pass over the steps per op */
        for (s = 0, k = 1; s < ns && k; ++s) {
            const unsigned char *b = gir__img_sub(img, s);
            for (k = 0; k < gir__ih(b)->nsteps && gir__ist(b)[k].op != op; ++k) {}
            k = k == gir__ih(b)->nsteps;
        }
        if (k) continue;
        if (ops && n < max) ops[n] = (gir_op)op;
        ++n;
    }
    return n;
}
GIR_API unsigned gir_image_dtypes(const void *image, size_t len) {
    const unsigned char *img = (const unsigned char *)image;
    unsigned mask = 0;
    uint32_t k, s, ns;
    if (gir__img_check_head(img, len, NULL, 0) != GIR_OK || !(ns = gir__img_nsub_in(img))) return 0;
    for (s = 0; s < ns; ++s) {
        const unsigned char *b = gir__img_sub(img, s);
        for (k = 0; k < gir__ih(b)->nvals; ++k)
            if (gir__iv(b)[k].dtype < 32) mask |= 1u << gir__iv(b)[k].dtype;
    }
    return mask;
}
