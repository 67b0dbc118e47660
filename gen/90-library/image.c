/* >>image: a compiled plan as one block of bytes, written on the host, run in place by firmware ---------------
   THE IMAGE (version 2; a version-1 image, which this reader also reads, has no value of kind "in a variable"). Every field is in the writer's byte order (the reader tells the other order by the
   magic and refuses it); sections start at offsets aligned to 4, values at offsets aligned to 16.
     header   gir__ihdr: magic "GIRI", version, GIR__OPS_HASH and GIR_MAX_RANK of the writer, the image's bytes,
              the CRC-32 of every byte but its own field's four (the rest of the header too), the counts and the
              offsets of the sections below, the arena and variable-copy bytes the plan needs (not its scratch:
              the reader's kernels may need other scratch than the writer's, whose GEMM blocks are its own, so the
              reader sizes it)
     vals     gir__ival[nvals]: shape, dtype, kind (temporary, input, constant, variable, in a variable, none:
              a value no step writes nor reads, such as a gradient folded into its update's GEMM), bytes,
              the plan's node id (for messages) and an offset: in the arena (a temporary), in the image (values)
              or, for a variable's new value computed in its memory (gen/80-plan/update.c), the variable's index
     steps    gir__step[nsteps] as gen/80-plan/plan_record.c defines it; attr is 1 + the offset of its packed attributes
     sin      u32[nsin]: the steps' inputs, value indices; ins u32[nin], outs u32[nout]: the values the device
              binds and reads, in the writer's order (in ins, GIR__IMG_NONE for an input the plan does not read)
     attrs    the steps' attributes in gen/50-ir/graph.c's packed form (never a data pointer), then at least
              GIR__ATTR_MAXBYTES bytes before the image ends, so a packed record is never read past it
     data     the values of the constants and of the variables, each at its offset
   The first six fields and what the CRC covers stay the same in every version, so that the reader tells a
   damaged image (its CRC fails) from an intact one written by another gir.h (byte order, version, op table or
   GIR_MAX_RANK). The writer only copies a plan that gir_plan_compile checked. The reader checks what would make it
   read or write outside the image or its RAM, so that a forged image (its checksum made right) is refused or runs
   inside them: counts, offsets, alignment, indices, kinds, sizes (shape x dtype = bytes), that every input is
   listed, the ops of this build, and each step built again by its op's rules from its inputs' shapes and dtypes
   and its attributes (arity, dtypes, attribute values, the result's shape and dtype). It cannot tell forged
   numbers (weights, attribute values the rules accept) from true ones. */
#define GIR__IMG_MAGIC 0x49524947u   /* "GIRI" as a little-endian u32 */
#define GIR__IMG_CIGAM 0x47524949u   /* the magic as a host of the other byte order reads it */
#define GIR__IMG_VERSION 2u
#define GIR__IMG_NONE 0xffffffffu     /* in ins: an input the plan does not read */
#define GIR__IMG_MAXIN 16             /* the most inputs a step of an image reads (the reader's check holds them) */
typedef struct gir__ihdr {
    uint32_t magic, version, ops_hash, max_rank, bytes, crc;
    uint32_t nvals, nsteps, nsin, nin, nout, maxin;
    uint32_t o_vals, o_steps, o_sin, o_ins, o_outs, o_attrs, attr_bytes;
    uint32_t arena, vars;
} gir__ihdr;
#define GIR__IMG_CRC_AT (offsetof(gir__ihdr, crc) + 4u)   /* the byte after the CRC's own field */
/* the CRC of an image of n >= sizeof(gir__ihdr) bytes: every byte but the CRC field's */
static uint32_t gir__img_crc(const unsigned char *img, uint32_t n) {
    return gir__crc32(gir__crc32(0, img, offsetof(gir__ihdr, crc)), img + GIR__IMG_CRC_AT, n - GIR__IMG_CRC_AT);
}
typedef struct gir__ival {
    gir_shape shape;
    uint32_t  node, off, bytes;
    uint8_t   dtype, kind, pad[2];
} gir__ival;
enum { GIR__IV_TEMP, GIR__IV_INPUT, GIR__IV_CONST, GIR__IV_VAR, GIR__IV_INVAR, GIR__IV_NONE };
#define GIR__IV_DATA(kind) ((kind) == GIR__IV_CONST || (kind) == GIR__IV_VAR)   /* its bytes are in the image */
/* In this order, so that its size is 16 + 4 pointers + the message on every ABI gir.h knows (a 1-byte enum, 4-byte
   alignment of uint64_t): gir_image_ram_size_for counts it so for another target */
struct gir_image {
    uint64_t             runs;
    const unsigned char *img;
    void               **ptr;     /* each value's memory: the arena, the image, a variable's copy, a bound input */
    gir__kin            *kin;
    unsigned char       *scratch;
#if defined(GIR_NO_ERROR_STRINGS)
    char                 msg[GIR__MSG_SHORT];     /* "image: " and a status name */
#else
    char                 msg[GIR__MSG];
#endif
    int                  folded;  /* the steps of constant subexpressions have run */
    gir_status           status;
};
static uint32_t gir__a16(uint64_t n) { return (uint32_t)((n + 15u) & ~(uint64_t)15u); }

/*@cold*/
/* -- the writer ----------------------------------------------------------------------------------------- */
/* *v: the value index of node n in plan p (GIR__IMG_NONE: an input it does not read); 0 on an error, recorded in p */
static int gir__img_val(gir_plan *p, gir_node n, int k, int input, uint32_t *v) {
    int kind = gir__handle_kind(p->g, n);
    if (kind != GIR__H_OWN) {
        gir__pfail(p, GIR_ERR_HANDLE, "plan_image: %s %d (id %u) %s", input ? "input" : "output", k, (unsigned)n.id,
                   gir__handle_why(kind));
        return 0;
    }
    if (input && !gir__op_is(p->g->nodes[n.id].op, GIR__F_LEAF_IN)) {
        gir__pfail(p, GIR_ERR_INVALID_ARG, "plan_image: input %d: %N (%s) is not an input", k, (const gir_graph *)p->g,
                   (unsigned)n.id, gir__op_names[p->g->nodes[n.id].op]);
        return 0;
    }
    if (n.id >= p->nmap || !p->map[n.id]) {
        if (input) { *v = GIR__IMG_NONE; return 1; }     /* an input the plan does not read: binding it does nothing */
        gir__pfail(p, GIR_ERR_INVALID_ARG, "plan_image: output %d: %N is not a value of the plan", k,
                   (const gir_graph *)p->g, (unsigned)n.id);
        return 0;
    }
    *v = p->map[n.id] - 1;
    return 1;
}
/* the kinds of the image's values: a variable some step writes is copied to RAM, other data stays put */
static void gir__img_kinds(const gir_plan *p, uint8_t *kind) {
    uint32_t k;
    for (k = 0; k < p->nvals; ++k) {
        const gir__val *v = &p->vals[k];
        kind[k] = v->kind == GIR__VAL_TEMP ? GIR__IV_TEMP : v->kind == GIR__VAL_INPUT ? GIR__IV_INPUT :
                  v->kind == GIR__VAL_INVAR ? GIR__IV_INVAR : v->kind == GIR__VAL_FUSED ? GIR__IV_NONE : GIR__IV_CONST;
    }
    for (k = 0; k < p->nsteps; ++k)
        if (gir__op_is(p->steps[k].op, GIR__F_WRITES)) kind[p->sin[p->steps[k].in0]] = GIR__IV_VAR;
    for (k = 0; k < p->nvals; ++k)
        if (p->vals[k].kind == GIR__VAL_INVAR) kind[p->vals[k].off] = GIR__IV_VAR;
}
/* the packed attributes of step s (no data pointer) in pk; their bytes */
static size_t gir__img_attr(const gir_plan *p, const gir__step *s, unsigned char *pk) {
    gir_attr a;
    if (!s->attr) return 0;
    gir__attr_ref(p->g, s->attr, &a);
    a.data = NULL;
    return gir__attr_pack(&a, pk);
}
/* lays the image out in h (offsets, counts, bytes); 0 when it would pass 4 GiB */
static int gir__img_layout(const gir_plan *p, const uint8_t *kind, int n_in, int n_out, gir__ihdr *h) {
    unsigned char pk[GIR__ATTR_MAXBYTES];
    uint64_t at, vars = 0;
    uint32_t k;
    GIR_MEMSET(h, 0, sizeof *h);
    h->magic = GIR__IMG_MAGIC; h->version = GIR__IMG_VERSION; h->ops_hash = GIR__OPS_HASH;
    h->max_rank = GIR_MAX_RANK;
    h->nvals = p->nvals; h->nsteps = p->nsteps; h->nsin = (uint32_t)p->nsin;
    h->nin = (uint32_t)n_in; h->nout = (uint32_t)n_out;
    h->arena = (uint32_t)p->arena_bytes;
    if (p->arena_bytes > 0xffffffffu) return 0;
    at = sizeof *h;
    h->o_vals = (uint32_t)at;  at += (uint64_t)p->nvals * sizeof(gir__ival);
    h->o_steps = (uint32_t)at; at += (uint64_t)p->nsteps * sizeof(gir__step);
    h->o_sin = (uint32_t)at;   at += (uint64_t)p->nsin * 4u;
    h->o_ins = (uint32_t)at;   at += (uint64_t)n_in * 4u;
    h->o_outs = (uint32_t)at;  at += (uint64_t)n_out * 4u;
    h->o_attrs = (uint32_t)at;
    for (k = 0; k < p->nsteps; ++k) {
        if (p->steps[k].nin > h->maxin) h->maxin = p->steps[k].nin;
        at += gir__img_attr(p, &p->steps[k], pk);
    }
    h->attr_bytes = (uint32_t)(at - h->o_attrs);
    at += GIR__ATTR_MAXBYTES;                 /* the reader's margin, shared with the values that follow */
    for (k = 0; k < p->nvals; ++k)
        if (GIR__IV_DATA(kind[k])) {
            at = gir__a16(at) + p->vals[k].bytes;
            if (kind[k] == GIR__IV_VAR) vars += gir__a16(p->vals[k].bytes);
        }
    h->vars = (uint32_t)vars;
    h->bytes = gir__a16(at);
    return at < 0xfffffff0u && vars < 0xfffffff0u;
}
/* writes the sections after the header into img (h->bytes of them, zeroed) */
static void gir__img_write(const gir_plan *p, const uint8_t *kind, const uint32_t *io, gir__ihdr *h, unsigned char *img) {
    gir__ival *iv = (gir__ival *)(void *)(img + h->o_vals);
    gir__step *st = (gir__step *)(void *)(img + h->o_steps);
    uint32_t k, at = h->o_attrs, dat = h->o_attrs + h->attr_bytes + GIR__ATTR_MAXBYTES;
    for (k = 0; k < p->nvals; ++k) {
        const gir__val *v = &p->vals[k];
        iv[k].shape = v->shape;
        iv[k].node = v->node;
        iv[k].bytes = (uint32_t)v->bytes;
        iv[k].dtype = v->dtype;
        iv[k].kind = kind[k];
        iv[k].off = (uint32_t)v->off;
        if (GIR__IV_DATA(kind[k])) {
            dat = gir__a16(dat);
            iv[k].off = dat;
            if (v->bytes) GIR_MEMCPY(img + dat, gir__node_data(p->g, &p->g->nodes[v->node]), v->bytes);
            dat += (uint32_t)v->bytes;
        }
    }
    for (k = 0; k < p->nsteps; ++k) {
        size_t n = gir__img_attr(p, &p->steps[k], img + at);
        st[k] = p->steps[k];
        st[k].attr = n ? at - h->o_attrs + 1 : 0;
        at += (uint32_t)n;
    }
    if (p->nsin) GIR_MEMCPY(img + h->o_sin, p->sin, p->nsin * 4u);
    if (h->nin + h->nout) GIR_MEMCPY(img + h->o_ins, io, (h->nin + h->nout) * 4u);
    GIR_MEMCPY(img, h, sizeof *h);
    h->crc = gir__img_crc(img, h->bytes);
    GIR_MEMCPY(img, h, sizeof *h);
}
/* checks the lists and finds their values (io: the inputs' then the outputs' indices) */
static int gir__img_lists(gir_plan *p, int n_in, const gir_node *ins, int n_out, const gir_node *outs, uint32_t *io) {
    uint32_t k;
    int j;
    for (j = 0; j < n_in; ++j)
        if (!gir__img_val(p, ins[j], j, 1, &io[j])) return 0;
    for (j = 0; j < n_out; ++j)
        if (!gir__img_val(p, outs[j], j, 0, &io[n_in + j])) return 0;
    for (k = 0; k < p->nvals; ++k) {            /* the device could not bind an input left out of the list */
        if (p->vals[k].kind != GIR__VAL_INPUT) continue;
        for (j = 0; j < n_in && io[j] != k; ++j) {}
        if (j == n_in) {
            gir__pfail(p, GIR_ERR_INVALID_ARG, "plan_image: the plan reads input %N %T %S, which ins does not list",
                       (const gir_graph *)p->g, (unsigned)p->vals[k].node, (int)p->vals[k].dtype, &p->vals[k].shape);
            return 0;
        }
    }
    return 1;
}
GIR_API gir_status gir_plan_write_image(gir_plan *p, int n_in, const gir_node *ins, int n_out, const gir_node *outs,
                                  void *buf, size_t cap, size_t *len) {
    gir__ihdr h;
    uint32_t *io;
    uint8_t *kind;
    size_t tmp;
    int ok;
    if (!p || !len) return GIR_ERR_INVALID_ARG;
    *len = 0;
    p->status = GIR_OK;
    p->msg[0] = 0;
    if (n_in < 0 || n_out < 0 || (n_in && !ins) || (n_out && !outs) || n_in > 0xffff || n_out > 0xffff) {
        gir__pfail(p, GIR_ERR_INVALID_ARG, "plan_image: bad lists (%d inputs, %d outputs)", n_in, n_out);
        return GIR_ERR_INVALID_ARG;
    }
    if (p->ncalls) {
        gir__pfail(p, GIR_ERR_UNSUPPORTED, "plan_image: %N calls '%s': plan images cannot hold calls yet",
                   (const gir_graph *)p->g, (unsigned)p->calls[0].node, p->calls[0].f->name);
        return GIR_ERR_UNSUPPORTED;
    }
    if (p->nfused) {
        gir__pfail(p, GIR_ERR_INVALID_ARG, "plan_image: the plan fuses %u steps: compile it with "
                   "GIR_COMPILE_NO_FUSION for an image", (unsigned)p->nfused);
        return GIR_ERR_INVALID_ARG;
    }
    for (tmp = 0; tmp < p->nsteps; ++tmp)
        if (p->steps[tmp].nin > GIR__IMG_MAXIN) {
            gir__pfail(p, GIR_ERR_LIMIT, "plan_image: step %l (%s) reads %l inputs, an image's steps at most %l",
                       (long long)tmp, gir__op_names[p->steps[tmp].op], (long long)p->steps[tmp].nin,
                       (long long)GIR__IMG_MAXIN);
            return GIR_ERR_LIMIT;
        }
    tmp = (size_t)(n_in + n_out) * 4u + p->nvals;
    if (!(io = (uint32_t *)gir__alloc(&p->a, tmp ? tmp : 1))) {
        gir__pfail(p, GIR_ERR_OUT_OF_MEMORY, "plan_image: out of memory");
        return GIR_ERR_OUT_OF_MEMORY;
    }
    kind = (uint8_t *)(io + n_in + n_out);
    ok = gir__img_lists(p, n_in, ins, n_out, outs, io);
    if (ok) {
        gir__img_kinds(p, kind);
        if (!gir__img_layout(p, kind, n_in, n_out, &h)) {
            gir__pfail(p, GIR_ERR_LIMIT, "plan_image: the image would pass 4 GiB");
            ok = 0;
        } else if ((*len = h.bytes) <= cap && buf) {
            GIR_MEMSET(buf, 0, h.bytes);
            gir__img_write(p, kind, io, &h, (unsigned char *)buf);
        } else if (buf) {
            gir__pfail(p, GIR_ERR_LIMIT, "plan_image: the image takes %l bytes, the buffer holds %l (ask with buf "
                       "NULL first)", (long long)h.bytes, (long long)cap);
            ok = 0;
        }
    }
    gir__free(&p->a, io, tmp ? tmp : 1);
    return ok ? GIR_OK : p->status;
}

/* -- the reader ----------------------------------------------------------------------------------------- */
#ifdef GIR_NO_ERROR_STRINGS          /* status names only (gen/70-kernels/kernels.c) */
#define gir__ifail(msg, cap, s, ...) gir__msg_status(msg, cap, "image: ", s)
#else
static gir_status gir__ifail(char *msg, size_t cap, gir_status s, const char *fmt, ...) {
    gir__buf b;
    va_list ap;
    if (!msg || !cap) return s;
    b.p = msg; b.n = cap; b.len = 0; msg[0] = 0;
    gir__puts(&b, "image: ");
    va_start(ap, fmt);
    gir__vformat(&b, fmt, ap);
    va_end(ap);
    return s;
}
#endif
/* section [off, off + n * size) lies in the image's bytes, aligned to 4 */
static int gir__img_in(const gir__ihdr *h, uint32_t off, uint32_t n, uint32_t size) {
    return off % 4u == 0 && off >= sizeof *h && (uint64_t)off + (uint64_t)n * size <= h->bytes;
}
/* a header field of an image in the other byte order (swap) or this one */
static uint32_t gir__img_u32(uint32_t v, int swap) {
    return swap ? (v >> 24) | ((v >> 8) & 0xff00u) | ((v << 8) & 0xff0000u) | (v << 24) : v;
}
static gir_status gir__img_check_head(const unsigned char *img, size_t len, char *msg, size_t cap) {
    const gir__ihdr *h = (const gir__ihdr *)(const void *)img;
    uint32_t bytes;
    int swap;
    if (!img || (uintptr_t)img % 8u) return gir__ifail(msg, cap, GIR_ERR_INVALID_ARG, "the image is %s",
                                                        img ? "not aligned to 8 bytes" : "NULL");
    if (len < sizeof *h) return gir__ifail(msg, cap, GIR_ERR_INVALID_ARG, "%l bytes, shorter than a header", (long long)len);
    swap = h->magic == GIR__IMG_CIGAM;
    if (h->magic != GIR__IMG_MAGIC && h->magic != GIR__IMG_CIGAM)
        return gir__ifail(msg, cap, GIR_ERR_INVALID_ARG, "not an image, or a damaged one (bad magic)");
    /* the CRC first: a damaged header says it is damaged, not that another gir.h wrote it */
    if ((bytes = gir__img_u32(h->bytes, swap)) > len || bytes < sizeof *h)
        return gir__ifail(msg, cap, GIR_ERR_INVALID_ARG, "truncated or damaged: its header says %l bytes, %l given",
                          (long long)bytes, (long long)len);
    if (gir__img_crc(img, bytes) != gir__img_u32(h->crc, swap))
        return gir__ifail(msg, cap, GIR_ERR_INVALID_ARG, "damaged (bad checksum)");
    if (swap) return gir__ifail(msg, cap, GIR_ERR_INVALID_ARG, "written by another gir.h, on a host of the other byte order");
    if (h->version < 1u || h->version > GIR__IMG_VERSION)
        return gir__ifail(msg, cap, GIR_ERR_INVALID_ARG, "written by another gir.h: version %l, this gir.h reads %l",
                          (long long)h->version, (long long)GIR__IMG_VERSION);
    if (h->max_rank != GIR_MAX_RANK)
        return gir__ifail(msg, cap, GIR_ERR_INVALID_ARG, "written by another gir.h, with GIR_MAX_RANK %l (this one has "
                          "%l)", (long long)h->max_rank, (long long)GIR_MAX_RANK);
    if (h->ops_hash != GIR__OPS_HASH)
        return gir__ifail(msg, cap, GIR_ERR_INVALID_ARG, "written by a gir.h with another op table");
    if (!gir__img_in(h, h->o_vals, h->nvals, sizeof(gir__ival)) || !gir__img_in(h, h->o_steps, h->nsteps, sizeof(gir__step)) ||
        !gir__img_in(h, h->o_sin, h->nsin, 4) || !gir__img_in(h, h->o_ins, h->nin, 4) ||
        !gir__img_in(h, h->o_outs, h->nout, 4) ||
        !gir__img_in(h, h->o_attrs, 1, h->attr_bytes + (uint64_t)GIR__ATTR_MAXBYTES > 0xffffffffu ? 0xffffffffu :
                     h->attr_bytes + (uint32_t)GIR__ATTR_MAXBYTES) || h->maxin > 0xffffu)
        return gir__ifail(msg, cap, GIR_ERR_INVALID_ARG, "a section lies outside the image");
    return GIR_OK;
}
/* every value: kind, dtype, shape, bytes and where its memory is; the variables' copies take *vars bytes */
static gir_status gir__img_check_vals(const unsigned char *img, char *msg, size_t cap) {
    const gir__ihdr *h = (const gir__ihdr *)(const void *)img;
    const gir__ival *v = (const gir__ival *)(const void *)(img + h->o_vals);
    uint64_t vars = 0;
    uint32_t k;
    for (k = 0; k < h->nvals; ++k) {
        size_t b;
        int ok = v[k].dtype > 0 && v[k].dtype < GIR_DTYPE__COUNT && v[k].kind <= GIR__IV_NONE &&
                 gir__shape_ok(&v[k].shape) && gir__bytes(&v[k].shape, v[k].dtype, &b) && b == v[k].bytes;
        if (ok && v[k].kind == GIR__IV_TEMP)      /* inside the arena, aligned for its elements */
            ok = (uint64_t)v[k].off + v[k].bytes <= h->arena && v[k].off % gir__dtype_sizes[v[k].dtype] == 0;
        if (ok && v[k].kind == GIR__IV_INVAR)       /* a variable before it, of its dtype and bytes */
            ok = v[k].off < k && v[v[k].off].kind == GIR__IV_VAR && v[v[k].off].bytes == v[k].bytes &&
                 v[v[k].off].dtype == v[k].dtype;
        if (ok && GIR__IV_DATA(v[k].kind))
            ok = v[k].off % 16u == 0 && v[k].off >= h->o_attrs + h->attr_bytes &&
                 (uint64_t)v[k].off + v[k].bytes <= h->bytes;
        if (!ok) return gir__ifail(msg, cap, GIR_ERR_INVALID_ARG, "value %l (node %l) is malformed", (long long)k,
                                   (long long)v[k].node);
        if (GIR__ONLY_F32 && v[k].dtype == GIR_DTYPE_F64)
            return gir__ifail(msg, cap, GIR_ERR_NOT_BUILT, "value %l (node %l) is %T, and this build has GIR_ONLY_F32",
                              (long long)k, (long long)v[k].node, (int)v[k].dtype);
        if (v[k].kind == GIR__IV_VAR) vars += gir__a16(v[k].bytes);
    }
    if (vars != h->vars) return gir__ifail(msg, cap, GIR_ERR_INVALID_ARG, "the variables' bytes disagree");
    return GIR_OK;
}
/* every step: a kept op, a temporary (or a variable's new value) to write, inputs in range, attributes inside their section */
/* GIR_ONLY_F32: step s of a checked image runs on the f32 kernels (gir__f32_step_ok) */
static int gir__img_f32_step(const unsigned char *img, const gir__step *s) {
    const gir__ihdr *h = (const gir__ihdr *)(const void *)img;
    const gir__ival *v = (const gir__ival *)(const void *)(img + h->o_vals);
    const uint32_t *sin = (const uint32_t *)(const void *)(img + h->o_sin);
    gir__kin in[GIR__IMG_MAXIN];
    uint32_t j;
    if (s->nin > GIR__IMG_MAXIN) return 1;       /* refused by gir__img_check_rules, which says why */
    for (j = 0; j < s->nin; ++j) in[j].dt = v[sin[s->in0 + j]].dtype;
    return gir__f32_step_ok(s->op, v[s->val].dtype, in, s->nin);
}
static gir_status gir__img_check_steps(const unsigned char *img, char *msg, size_t cap) {
    const gir__ihdr *h = (const gir__ihdr *)(const void *)img;
    const gir__ival *v = (const gir__ival *)(const void *)(img + h->o_vals);
    const gir__step *s = (const gir__step *)(const void *)(img + h->o_steps);
    const uint32_t *sin = (const uint32_t *)(const void *)(img + h->o_sin);
    const uint32_t *ins = (const uint32_t *)(const void *)(img + h->o_ins);
    const uint32_t *outs = (const uint32_t *)(const void *)(img + h->o_outs);
    uint32_t k, j;
    for (k = 0; k < h->nsin; ++k)              /* first: the step checks below read the values of inputs */
        if (sin[k] >= h->nvals) return gir__ifail(msg, cap, GIR_ERR_INVALID_ARG, "step input %l is malformed", (long long)k);
    for (k = 0; k < h->nsteps; ++k) {
        int ok = s[k].val < h->nvals && (v[s[k].val].kind == GIR__IV_TEMP || v[s[k].val].kind == GIR__IV_INVAR) &&
                 s[k].nin <= h->maxin &&
                 (uint64_t)s[k].in0 + s[k].nin <= h->nsin &&
                 (!s[k].attr || (s[k].attr <= h->attr_bytes && !(img[h->o_attrs + s[k].attr] & 0x40u)));
        for (j = 0; ok && j < s[k].nin; ++j) ok = v[sin[s[k].in0 + j]].kind != GIR__IV_NONE;     /* read by none */
        if (!ok || s[k].op == 0 || s[k].op >= GIR_OP__COUNT)
            return gir__ifail(msg, cap, GIR_ERR_INVALID_ARG, "step %l is malformed", (long long)k);
        if (GIR__OP_ABSENT(s[k].op))
            return gir__ifail(msg, cap, GIR_ERR_NOT_BUILT, "step %l: op '%s' is not in this build", (long long)k,
                              gir__op_names[s[k].op]);
        if (GIR__ONLY_F32 && !gir__img_f32_step(img, &s[k]))
            return gir__ifail(msg, cap, GIR_ERR_NOT_BUILT, "step %l (%s): integer work, and this build has "
                              "GIR_ONLY_F32", (long long)k, gir__op_names[s[k].op]);
        if (gir__op_is(s[k].op, GIR__F_WRITES) && (s[k].nin < 1 || v[sin[s[k].in0]].kind != GIR__IV_VAR))
            return gir__ifail(msg, cap, GIR_ERR_INVALID_ARG, "step %l assigns to a value that is no variable",
                              (long long)k);
    }
    for (j = 0; j < h->nin; ++j)
        if (ins[j] != GIR__IMG_NONE && (ins[j] >= h->nvals || v[ins[j]].kind != GIR__IV_INPUT))
            return gir__ifail(msg, cap, GIR_ERR_INVALID_ARG, "input %l is malformed", (long long)j);
    for (k = 0; k < h->nvals; ++k) {           /* every input is listed: the device binds it (the writer's rule) */
        for (j = 0; v[k].kind == GIR__IV_INPUT && j < h->nin && ins[j] != k; ++j) {}
        if (v[k].kind == GIR__IV_INPUT && j == h->nin)
            return gir__ifail(msg, cap, GIR_ERR_INVALID_ARG, "value %l (node %l) is an input no list names",
                              (long long)k, (long long)v[k].node);
    }
    for (j = 0; j < h->nout; ++j)
        if (outs[j] >= h->nvals) return gir__ifail(msg, cap, GIR_ERR_INVALID_ARG, "output %l is malformed", (long long)j);
    return GIR_OK;
}
/* -- every step against its op's rules ----------------------------------------------------------------------- */
/* A forged image can pass the checks above with a step whose shapes disagree (a matmul whose inner dimensions
   differ, an add whose operands do not broadcast to its result, a slice past its input): its kernel would read or
   write past a value. So each step is built again, as gir_op_build builds a node, from its inputs' shapes and
   dtypes and its attributes, by the rules of its op's row (gen/50-ir/build.c, gen/50-ir/shapes.c), and the result
   must be the step's value. The rules read their inputs as graph nodes: a graph on the stack holds the step's
   inputs and nothing else. Steps as plans make them: a training or eval form of train_eval copies its first input,
   and a product that takes one input more than its row (a GIR_FOLD, gen/80-plan/update.c) adds the result into it. */
typedef struct gir__ichk {
    gir_graph  g;
    gir__node  nd[GIR__IMG_MAXIN + 1];
    gir__sblk  blk;
    gir_shape  sh[GIR__IMG_MAXIN + 1];          /* the shape store's bytes: they follow its block header */
    gir_node   in[GIR__IMG_MAXIN];
    gir__bctx  b;
    gir_attr   a0;                              /* the step's attributes as the image holds them */
} gir__ichk;
/* the first op with flag f: the op a variable's node has */
static int gir__img_op_with(unsigned f) {
    int op;
    for (op = 1; op < GIR_OP__COUNT && !gir__op_is(op, f); ++op) {}
    return op;
}
/* a product step with one input more than its row: a folded update's (gir__folds) */
static int gir__img_folded(const gir__step *s, const gir__opinfo *oi) {
    size_t r;
    if (oi->variadic || s->nin != (uint32_t)oi->nparents + oi->nargs + 1u) return 0;
    for (r = 0; r < sizeof gir__folds / sizeof gir__folds[0]; ++r)
        if (gir__folds[r].product && gir__folds[r].product == s->op) return 1;
    return 0;
}
/* the stack graph of step s: its inputs as nodes 1..n (transposed where it reads them so) */
static void gir__img_chk_graph(gir__ichk *c, const unsigned char *img, const gir__step *s, uint32_t n) {
    const gir__ihdr *h = (const gir__ihdr *)(const void *)img;
    const gir__ival *v = (const gir__ival *)(const void *)(img + h->o_vals);
    const uint32_t *sin = (const uint32_t *)(const void *)(img + h->o_sin);
    uint32_t j;
    GIR_MEMSET(&c->g, 0, sizeof c->g);
    GIR_MEMSET(c->nd, 0, sizeof c->nd);
    c->blk.next = NULL;
    c->blk.start = 0;
    c->blk.size = c->blk.used = (uint32_t)sizeof c->sh;
    c->g.shapes.head = c->g.shapes.tail = &c->blk;
    c->g.nodes = c->nd;
    c->g.nnodes = n + 1;
    for (j = 0; j < n; ++j) {
        const gir__ival *x = &v[sin[s->in0 + j]];
        c->sh[j] = gir__step_shape(&x->shape, j < 8 ? (s->tr >> j) & 1 : 0);
        c->nd[j + 1].dtype = x->dtype;
        c->nd[j + 1].shp = 1 + j * (uint32_t)sizeof(gir_shape);
        c->nd[j + 1].op = (uint16_t)(x->kind == GIR__IV_VAR ? gir__img_op_with(GIR__F_LEAF_VAR) : 0);
        c->in[j].id = j + 1;
    }
}
/* step k of a checked image built again by its op's rules: 0 when it gives the step's value; else the message */
static int gir__img_rebuild(gir__ichk *c, const unsigned char *img, uint32_t k) {
    const gir__ihdr *h = (const gir__ihdr *)(const void *)img;
    const gir__ival *v = (const gir__ival *)(const void *)(img + h->o_vals);
    const gir__step *s = (const gir__step *)(const void *)(img + h->o_steps) + k;
    const gir__opinfo *oi = gir__op_info(s->op);
    const gir__ival *o = &v[s->val];
    uint32_t n = s->nin - (uint32_t)gir__img_folded(s, oi);
    int np = oi->variadic ? (int)n : oi->nparents, pdt = 0, j;
    gir__bctx *b = &c->b;
    gir__img_chk_graph(c, img, s, s->nin);
#if GIR__KEPT_F_EVAL_PICK1
    if (gir__op_is(s->op, GIR__F_EVAL_PICK1))       /* train_eval's step: a copy of its first input */
        return !s->nin || c->nd[1].dtype != o->dtype || !gir__shape_eq(&c->sh[0], &o->shape);
#endif
    if (oi->variadic ? (n < 1 || n > GIR_MAX_VARIADIC) : n != (uint32_t)oi->nparents + oi->nargs) return 1;
    b->g = &c->g; b->op = (gir_op)s->op; b->id = o->node; b->n = (int)n; b->in = c->in;
    b->dtype = 0;                       /* zeros, not gir__no_attr: a device that runs images does not link it */
    GIR_MEMSET(&b->out, 0, sizeof b->out);
    if (s->attr) gir__attr_unpack(img + h->o_attrs + s->attr - 1, &b->attr);
    else GIR_MEMSET(&b->attr, 0, sizeof b->attr);
    b->attr.data = NULL;
    b->zero = !s->attr && !oi->attrs[0];
    GIR_MEMCPY(&c->a0, &b->attr, sizeof c->a0);
    for (j = 0; j < 4; ++j) {                     /* list lengths and the shape's rank inside their arrays */
        int32_t r = j < 3 ? b->attr.l[j].n : b->attr.shape.rank;
        if (r < 0 || r > GIR_MAX_RANK) return 1;
    }
    for (j = 0; j < np; ++j) {                   /* the builder casts parents to one dtype (but for these rules) */
        if (!gir__dt_allowed(oi->dtrule, c->nd[j + 1].dtype)) return 1;
        if (c->nd[j + 1].dtype != c->nd[1].dtype && oi->dtrule != GIR__DT_ATTR && oi->dtrule != GIR__DT_INDEX) return 1;
        if (c->nd[j + 1].dtype > pdt) pdt = c->nd[j + 1].dtype;
    }
    if (gir__bld_dtype(b, oi, np > 0 ? &c->nd[1] : NULL, pdt) || gir__bld_shape(b, oi, np > 0 ? &c->nd[1] : NULL, np))
        return 1;
    if (n < s->nin && (c->nd[n + 1].dtype != o->dtype || !gir__shape_eq(&c->sh[n], &o->shape))) return 1;
    for (j = 0; j < (int)sizeof c->a0; ++j)      /* attributes as the rules leave them (axes >= 0, sorted) */
        if (((const unsigned char *)&c->a0)[j] != ((const unsigned char *)&b->attr)[j]) return 1;
    return b->dtype != o->dtype || !gir__shape_eq(&b->out, &o->shape);
}
/* every step of a checked image against its op's rules */
static gir_status gir__img_check_rules(const unsigned char *img, char *msg, size_t cap) {
    const gir__ihdr *h = (const gir__ihdr *)(const void *)img;
    const gir__ival *v = (const gir__ival *)(const void *)(img + h->o_vals);
    const gir__step *s = (const gir__step *)(const void *)(img + h->o_steps);
    gir__ichk c;
    uint32_t k;
    (void)v; (void)s;                            /* read by the messages only, which GIR_NO_ERROR_STRINGS drops */
    if (h->maxin > GIR__IMG_MAXIN)
        return gir__ifail(msg, cap, GIR_ERR_INVALID_ARG, "a step reads %l inputs, an image's at most %l",
                          (long long)h->maxin, (long long)GIR__IMG_MAXIN);
    for (k = 0; k < h->nsteps; ++k)
        if (gir__img_rebuild(&c, img, k))
            return gir__ifail(msg, cap, GIR_ERR_INVALID_ARG, "step %l is malformed: %s (node %l) %T %S disagrees "
                              "with its op's rules%s%s", (long long)k, gir__op_names[s[k].op], (long long)v[s[k].val].node,
                              (int)v[s[k].val].dtype, &v[s[k].val].shape, c.g.msg[0] ? ": " : "", c.g.msg);
    return GIR_OK;
}
/* the scratch the kernels of a build need for the image's steps (of a checked image): a build whose GEMM is the
   instruction set isa's (GIR__ISA_) and packs (packed) */
static size_t gir__img_scratch_on(const unsigned char *img, int isa, int packed) {
    const gir__ihdr *h = (const gir__ihdr *)(const void *)img;
    const gir__ival *v = (const gir__ival *)(const void *)(img + h->o_vals);
    const gir__step *s = (const gir__step *)(const void *)(img + h->o_steps);
    const uint32_t *sin = (const uint32_t *)(const void *)(img + h->o_sin);
    size_t most = 0, b;
    uint32_t k;
    int j;
    for (k = 0; k < h->nsteps; ++k) {
        gir_shape in[2];
        for (j = 0; j < 2; ++j)
            in[j] = (uint32_t)j < s[k].nin ? gir__step_shape(&v[sin[s[k].in0 + j]].shape, s[k].tr >> j & 1) : v[s[k].val].shape;
        b = gir__scratch_bytes_on(s[k].op, v[s[k].val].dtype, &v[s[k].val].shape, &in[0], s[k].nin > 1 ? &in[1] : NULL,
                                  &gir__gemm_nums[isa][v[s[k].val].dtype == GIR_DTYPE_F64], packed);
        if (b > most) most = b;
    }
    return most;
}
/* the RAM a checked image needs on a build with these sizes of gir_image, a pointer and gir__kin, whose GEMM is
   the instruction set isa's and packs (packed): struct, pointers, kernel inputs, variables, then the arena and
   scratch at GIR__ALIGN (ram is aligned to 8: at most GIR__ALIGN - 8 bytes of padding) */
static uint64_t gir__img_ram_of(const unsigned char *img, uint64_t image_bytes, uint64_t ptr_bytes, uint64_t kin_bytes,
                                int isa, int packed) {
    const gir__ihdr *h = (const gir__ihdr *)(const void *)img;
    return gir__a16(image_bytes) + gir__a16((uint64_t)h->nvals * ptr_bytes) + gir__a16((uint64_t)h->maxin * kin_bytes) +
           h->vars + (GIR__ALIGN - 8) + (((uint64_t)h->arena + GIR__ALIGN - 1) & ~(uint64_t)(GIR__ALIGN - 1)) +
           gir__img_scratch_on(img, isa, packed);
}
/* ... on this build, from its own sizes (what gir_image_open lays out) */
static uint64_t gir__img_ram(const unsigned char *img) {
    return gir__img_ram_of(img, sizeof(gir_image), sizeof(void *), sizeof(gir__kin), gir__simd_level(), GIR__PACKED_GEMM);
}
/* every check of gir_image_open */
static gir_status gir__img_check(const unsigned char *img, size_t len, char *msg, size_t cap) {
    gir_status s;
    if ((s = gir__img_check_head(img, len, msg, cap)) != GIR_OK || (s = gir__img_check_vals(img, msg, cap)) != GIR_OK ||
        (s = gir__img_check_steps(img, msg, cap)) != GIR_OK)
        return s;
    return gir__img_check_rules(img, msg, cap);
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
/* ... on a target, from its pointer size: gir_image is 16 + 4 pointers + the message (its field order above),
   gir__kin two pointers and two ints; image/ram_for_other_targets and every image the tests open check this
   against the sizes of the build that runs them */
GIR_API gir_status gir_image_ram_size_for(const void *image, size_t len, const gir_image_target *target,
                                          size_t *bytes) {
    const int nisa = (int)(sizeof gir__isa_names / sizeof gir__isa_names[0]);
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
    ram = gir__img_ram_of((const unsigned char *)image, 16 + 4 * pb + (target->error_strings ? GIR__MSG : GIR__MSG_SHORT),
                          pb, 2 * pb + 8, isa, target->packed_gemm != 0);
    if (ram > (size_t)-1 || (pb == 4 && ram > 0xFFFFFFFFu)) return GIR_ERR_LIMIT;
    *bytes = (size_t)ram;
    return GIR_OK;
}
GIR_API gir_status gir_image_open(const void *image, size_t len, void *ram, size_t ram_bytes, gir_image **out,
                                  char *msg, size_t msgcap) {
    const unsigned char *img = (const unsigned char *)image;
    const gir__ihdr *h = (const gir__ihdr *)image;
    const gir__ival *v;
    gir_image *m;
    unsigned char *at, *arena;
    uint32_t k;
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
    at = (unsigned char *)ram + gir__a16(sizeof *m);
    m->ptr = (void **)(void *)at;
    at += gir__a16((uint64_t)h->nvals * sizeof(void *));
    m->kin = (gir__kin *)(void *)at;
    at += gir__a16((uint64_t)h->maxin * sizeof(gir__kin));
    arena = at + h->vars;
    arena += (GIR__ALIGN - (size_t)((uintptr_t)arena % GIR__ALIGN)) % GIR__ALIGN;
    m->scratch = arena + (((size_t)h->arena + GIR__ALIGN - 1) & ~(size_t)(GIR__ALIGN - 1));
    v = (const gir__ival *)(const void *)(img + h->o_vals);
    for (k = 0; k < h->nvals; ++k) {
        switch (v[k].kind) {
        case GIR__IV_TEMP: m->ptr[k] = arena + v[k].off; break;
        case GIR__IV_INPUT: m->ptr[k] = NULL; break;
        case GIR__IV_CONST: m->ptr[k] = (void *)(uintptr_t)(img + v[k].off); break;
        case GIR__IV_INVAR: m->ptr[k] = m->ptr[v[k].off]; break;      /* checked: a variable before it */
        case GIR__IV_NONE: m->ptr[k] = NULL; break;                    /* checked: no step reads it */
        default:
            if (v[k].bytes) GIR_MEMCPY(at, img + v[k].off, v[k].bytes);
            m->ptr[k] = at;
            at += gir__a16(v[k].bytes);
        }
    }
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
    m->ptr[val] = (void *)(uintptr_t)data;
    return GIR_OK;
}
GIR_API gir_status gir_image_run(gir_image *m) {
    const gir__ihdr *h;
    const gir__ival *v;
    const gir__step *s;
    const uint32_t *sin;
    uint32_t k, j;
    gir_attr ta;
    int zeros = 0;                  /* ta holds zeros: what a step without attributes reads */
    if (!m) return GIR_ERR_INVALID_ARG;
    h = (const gir__ihdr *)(const void *)m->img;
    v = (const gir__ival *)(const void *)(m->img + h->o_vals);
    s = (const gir__step *)(const void *)(m->img + h->o_steps);
    sin = (const uint32_t *)(const void *)(m->img + h->o_sin);
    m->status = GIR_OK;
    m->msg[0] = 0;
    for (k = 0; k < h->nin; ++k) {
        uint32_t val = ((const uint32_t *)(const void *)(m->img + h->o_ins))[k];
        if (val != GIR__IMG_NONE && !m->ptr[val] && v[val].bytes)
            return m->status = gir__ifail(m->msg, sizeof m->msg, GIR_ERR_UNBOUND, "run: input %l (node %l) %T %S is "
                                          "not bound (gir_image_bind)", (long long)k, (long long)v[val].node,
                                          (int)v[val].dtype, &v[val].shape);
    }
    for (k = 0; k < h->nsteps; ++k, ++s) {
        if ((s->flags & GIR__STEP_FOLD) && m->folded) continue;     /* run once, on the first good run */
        for (j = 0; j < s->nin; ++j) {
            uint32_t in = sin[s->in0 + j];
            m->kin[j].p = m->ptr[in] ? m->ptr[in] : (const void *)&gir__empty;
            m->kin[j].s = &v[in].shape;
            m->kin[j].dt = v[in].dtype;
            m->kin[j].tr = j < 8 ? (s->tr >> j) & 1 : 0;
        }
        if (s->attr) gir__attr_unpack(m->img + h->o_attrs + s->attr - 1, &ta);
        else if (!zeros) GIR_MEMSET(&ta, 0, sizeof ta);            /* no attributes: all zeros (once in a row) */
        zeros = !s->attr;
        m->status = gir__step_kernel(s, v[s->val].dtype, &v[s->val].shape, m->ptr[s->val], v[s->val].node, m->kin,
                                     &ta, m->scratch, m->runs, m->msg, NULL);
        if (m->status != GIR_OK) break;
    }
    ++m->runs;
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
    return m->ptr[val];
}
GIR_API const char *gir_image_message(const gir_image *m) { return m ? m->msg : "no image (NULL)"; }
GIR_API int gir_image_ops(const void *image, size_t len, gir_op *ops, int max) {
    const unsigned char *img = (const unsigned char *)image;
    const gir__ihdr *h = (const gir__ihdr *)image;
    const gir__step *s;
    uint32_t k;
    int op, n = 0;
    if (gir__img_check_head(img, len, NULL, 0) != GIR_OK) return -1;
    s = (const gir__step *)(const void *)(img + h->o_steps);
    for (op = 1; op < GIR_OP__COUNT; ++op) {         /* ascending, each once: one pass over the steps per op */
        for (k = 0; k < h->nsteps && s[k].op != op; ++k) {}
        if (k == h->nsteps) continue;
        if (ops && n < max) ops[n] = (gir_op)op;
        ++n;
    }
    return n;
}
GIR_API unsigned gir_image_dtypes(const void *image, size_t len) {
    const unsigned char *img = (const unsigned char *)image;
    const gir__ihdr *h = (const gir__ihdr *)image;
    const gir__ival *v;
    unsigned mask = 0;
    uint32_t k;
    if (gir__img_check_head(img, len, NULL, 0) != GIR_OK) return 0;
    v = (const gir__ival *)(const void *)(img + h->o_vals);
    for (k = 0; k < h->nvals; ++k)
        if (v[k].dtype < 32) mask |= 1u << v[k].dtype;
    return mask;
}
