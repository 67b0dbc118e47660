/* >>image: a compiled plan as one block of bytes, written on the host, run in place by firmware ---------------
   THE IMAGE (version 3; versions 1 and 2, which this reader also reads, have no sub-images, and version 1 no value
   of kind "in a variable"). Every field is in the writer's byte order (the reader tells the other order by the
   magic and refuses it); sections start at offsets aligned to 4, values and sub-images at offsets aligned to 16.
     header   gir__ihdr: magic "GIRI", version, GIR__OPS_HASH and GIR_MAX_RANK of the writer, the image's bytes,
              the CRC-32 of every byte but its own field's four (the rest of the header too), the counts and the
              offsets of the sections below, the arena and variable-copy bytes the plan needs (not its scratch:
              the reader's kernels may need other scratch than the writer's, whose GEMM blocks are its own, so the
              reader sizes it)
     vals     gir__ival[nvals]: shape, dtype, kind (temporary, input, constant, variable, in a variable, none:
              a value no step writes nor reads, such as a gradient folded into its update's GEMM; a result of a
              call, a view of the call's value), bytes, the plan's node id (for messages) and an offset: in the
              arena (a temporary), in the image (values), for a variable's new value computed in its memory
              (gen/80-plan/update.c) the variable's index, for a result the step that places it
     steps    gir__step[nsteps] as gen/80-plan/plan_record.c defines it; attr is 1 + the offset of its packed attributes
     sin      u32[nsin]: the steps' inputs, value indices; ins u32[nin], outs u32[nout]: the values the device
              binds and reads, in the writer's order (in ins, GIR__IMG_NONE for an input the plan does not read)
     calls    gir__icall_rec[ncall]: for each call step (a call, if, scan, while), in step order, the sub-image it
              runs (an if's and a while's two: then and else, body and condition)
     subs     u32[nsub], in the first header only: the offsets of the sub-images, each a header and sections as
              above (offsets from its own start, its bytes its own extent, no CRC) holding the plan of a function
              a call step runs, its parameters as ins and its results as outs. Sub-image 0 is the image itself;
              the calls of sub-image 0, then of 1, 2, ... name 1, 2, 3, ... in turn, so each runs exactly one
              call's function, after its caller (nothing recurses), at most GIR__IMG_MAXDEPTH deep
     attrs    the steps' attributes in gen/50-ir/graph.c's packed form (never a data pointer), then at least
              GIR__ATTR_MAXBYTES bytes before the image ends, so a packed record is never read past it
     data     the values of the constants and of the variables, each at its offset
   The first six fields and what the CRC covers stay the same in every version, so that the reader tells a
   damaged image (its CRC fails) from an intact one written by another gir.h (byte order, version, op table or
   GIR_MAX_RANK). The writer only copies a plan that gir_plan_compile checked. The reader checks what would make it
   read or write outside the image or its RAM, so that a forged image (its checksum made right) is refused or runs
   inside them: counts, offsets, alignment, indices, kinds, sizes (shape x dtype = bytes), that every input is
   listed, the ops of this build, each step built again by its op's rules from its inputs' shapes and dtypes
   and its attributes (arity, dtypes, attribute values, the result's shape and dtype), and each call step against
   the sub-images it runs (gen/90-library/image_calls.c). It cannot tell forged numbers (weights, attribute values
   the rules accept) from true ones, nor a forged while step whose condition never turns false from a true one. */
#define GIR__IMG_MAGIC 0x49524947u   /* "GIRI" as a little-endian u32 */
#define GIR__IMG_CIGAM 0x47524949u   /* the magic as a host of the other byte order reads it */
#define GIR__IMG_VERSION 3u
#define GIR__IMG_NONE 0xffffffffu     /* in ins: an input the plan does not read */
#define GIR__IMG_MAXIN 16             /* the most inputs a step of an image reads (the reader's check holds them);
                                         a call step's: GIR__MAX_IN */
/* a call or result step, in a build with call ops (without, they are refused as ops this build lacks): no kernel */
#define GIR__IMG_CALLISH(op) (GIR__KEPT_F_TUPLE && (op) < GIR_OP__COUNT && gir__op_is((op), GIR__F_TUPLE | GIR__F_PROJ))
#define GIR__IMG_MAXDEPTH 16          /* the deepest nesting of calls an image holds (the reader recurses so deep) */
typedef struct gir__ihdr {
    uint32_t magic, version, ops_hash, max_rank, bytes, crc;
    uint32_t nvals, nsteps, nsin, nin, nout, maxin;
    uint32_t o_vals, o_steps, o_sin, o_ins, o_outs, o_attrs, attr_bytes;
    uint32_t arena, vars;
    uint32_t nsub, o_sub, ncall, o_call;       /* version 3 on */
} gir__ihdr;
typedef struct gir__icall_rec { uint32_t step, sub; } gir__icall_rec;
/* the header's bytes: versions 1 and 2 end before nsub */
static uint32_t gir__img_hbytes(const gir__ihdr *h) {
    return h->version < 3u ? (uint32_t)offsetof(gir__ihdr, nsub) : (uint32_t)sizeof *h;
}
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
enum { GIR__IV_TEMP, GIR__IV_INPUT, GIR__IV_CONST, GIR__IV_VAR, GIR__IV_INVAR, GIR__IV_NONE, GIR__IV_VIEW };
#define GIR__IV_DATA(kind) ((kind) == GIR__IV_CONST || (kind) == GIR__IV_VAR)   /* its bytes are in the image */
/* an opened sub-image: its runs (random ops key their streams by it), where it lies, each value's memory (the
   arena, the image, a variable's copy, a bound input, a call's value), its kernels' inputs and its scratch */
typedef struct gir__isub {
    uint64_t             runs;
    const unsigned char *img;
    void               **ptr;
    gir__kin            *kin;
    unsigned char       *scratch;
} gir__isub;
/* an opened call record: the frame its step runs (gen/80-plan/call_steps.c) and the sub-image behind it */
typedef struct gir__icall {
    gir__frame           k;
    struct gir_image    *m;
    uint32_t             sub, step;
} gir__icall;
/* In this order, so that on every ABI gir.h knows (a 1-byte enum, 4-byte alignment of uint64_t) gir_image takes
   3 pointers + the message + 8, gir__isub 8 + 4 pointers and gir__icall 9 pointers + 16: gir_image_ram_size_for
   counts them so for another target */
struct gir_image {
    const unsigned char *img;
    gir__isub           *sub;     /* sub-image 0: the image's own steps */
    gir__icall          *call;    /* call record k runs sub-image k + 1 */
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
                  v->kind == GIR__VAL_INVAR ? GIR__IV_INVAR : v->kind == GIR__VAL_FUSED ? GIR__IV_NONE :
                  v->kind == GIR__VAL_VIEW ? GIR__IV_VIEW : GIR__IV_CONST;
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
/* the call records of step s: a call's and a scan's one, an if's and a while's two, none for another step */
static uint32_t gir__img_nrec(int op) {
    return !gir__op_is(op, GIR__F_TUPLE) ? 0u : gir__op_is(op, GIR__F_BRANCH | GIR__F_UNTIL) ? 2u : 1u;
}
/* lays the sub-image of plan p out in h (offsets from its start, counts, bytes), with nsub sub-image offsets (the
   first header's); 0 when it would pass 4 GiB or a call's value 2 GiB */
static int gir__img_layout(const gir_plan *p, const uint8_t *kind, int n_in, int n_out, uint32_t nsub, gir__ihdr *h) {
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
    for (k = 0; k < p->nsteps; ++k) h->ncall += gir__img_nrec(p->steps[k].op);
    h->nsub = nsub;
    at = sizeof *h;
    h->o_vals = (uint32_t)at;  at += (uint64_t)p->nvals * sizeof(gir__ival);
    h->o_steps = (uint32_t)at; at += (uint64_t)p->nsteps * sizeof(gir__step);
    h->o_sin = (uint32_t)at;   at += (uint64_t)p->nsin * 4u;
    h->o_ins = (uint32_t)at;   at += (uint64_t)n_in * 4u;
    h->o_outs = (uint32_t)at;  at += (uint64_t)n_out * 4u;
    h->o_call = (uint32_t)at;  at += (uint64_t)h->ncall * sizeof(gir__icall_rec);
    h->o_sub = (uint32_t)at;   at += (uint64_t)nsub * 4u;
    h->o_attrs = (uint32_t)at;
    for (k = 0; k < p->nsteps; ++k) {
        if (p->steps[k].nin > h->maxin) h->maxin = p->steps[k].nin;
        at += gir__img_attr(p, &p->steps[k], pk);
    }
    h->attr_bytes = (uint32_t)(at - h->o_attrs);
    at += GIR__ATTR_MAXBYTES;                 /* the reader's margin, shared with the values that follow */
    for (k = 0; k < p->nvals; ++k) {
        if (GIR__IV_DATA(kind[k])) {
            at = gir__a16(at) + p->vals[k].bytes;
            if (kind[k] == GIR__IV_VAR) vars += gir__a16(p->vals[k].bytes);
        }
        if (gir__op_is(p->g->nodes[p->vals[k].node].op, GIR__F_TUPLE) && p->vals[k].bytes > 0x7fffffffu) return 0;
    }
    h->vars = (uint32_t)vars;
    h->bytes = gir__a16(at);
    return at < 0xfffffff0u && vars < 0xfffffff0u;
}
/* writes the sections of p's sub-image after its header h into img (h->bytes of them, zeroed; the header
   too). A call's value is a u8 vector of its bytes; a result names the step that places it; the call records
   name the sub-images *next, *next + 1, ... in step order */
static void gir__img_write(const gir_plan *p, const uint8_t *kind, const uint32_t *io, gir__ihdr *h, unsigned char *img,
                           uint32_t *next) {
    gir__ival *iv = (gir__ival *)(void *)(img + h->o_vals);
    gir__step *st = (gir__step *)(void *)(img + h->o_steps);
    gir__icall_rec *rec = (gir__icall_rec *)(void *)(img + h->o_call);
    uint32_t k, j, at = h->o_attrs, dat = h->o_attrs + h->attr_bytes + GIR__ATTR_MAXBYTES;
    for (k = 0; k < p->nvals; ++k) {
        const gir__val *v = &p->vals[k];
        iv[k].shape = gir__op_is(p->g->nodes[v->node].op, GIR__F_TUPLE) ? gir_shape1((int32_t)v->bytes) : v->shape;
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
        if (kind[p->steps[k].val] == GIR__IV_VIEW) iv[p->steps[k].val].off = k;
        for (j = 0; j < gir__img_nrec(p->steps[k].op); ++j, ++rec) {
            rec->step = k;
            rec->sub = (*next)++;
        }
    }
    if (p->nsin) GIR_MEMCPY(img + h->o_sin, p->sin, p->nsin * 4u);
    if (h->nin + h->nout) GIR_MEMCPY(img + h->o_ins, io, (h->nin + h->nout) * 4u);
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
/* the lists of a function's plan (call c): its parameters (an unread one GIR__IMG_NONE), then its results */
static void gir__img_sub_lists(const gir__call *c, uint32_t *io) {
    int j;
    for (j = 0; j < c->k.np + c->k.nr; ++j) io[j] = c->vi[j] ? c->vi[j] - 1 : GIR__IMG_NONE;
}
/* the plans a sub-image each: p, then breadth first the plans its call steps run, in step order (so the calls of
   sub-image 0, 1, 2, ... name 1, 2, 3, ... in turn); cl[k] the call whose plan pl[k] is; dep[k] its depth */
static void gir__img_plans(gir_plan *p, gir_plan **pl, const gir__call **cl, uint8_t *dep) {
    uint32_t i, n = 1, k, j, m;
    pl[0] = p; cl[0] = NULL; dep[0] = 0;
    for (i = 0; i < n; ++i)
        for (k = 0; k < pl[i]->nsteps; ++k) {
            const gir__step *s = &pl[i]->steps[k];
            const gir__call *c;
            if (!gir__img_nrec(s->op)) continue;
            c = gir__calls_of(pl[i], pl[i]->vals[s->val].node, &m);
            for (j = 0; j < m; ++j, ++n) {
                pl[n] = c[j].plan; cl[n] = &c[j];
                dep[n] = (uint8_t)(dep[i] < 255 ? dep[i] + 1 : 255);
            }
        }
}
/* the sub-images below p: its calls' plans and theirs */
static uint32_t gir__img_count(const gir_plan *p) {
    uint32_t n = 0, k;
    for (k = 0; k < p->ncalls; ++k) n += 1 + gir__img_count(p->calls[k].plan);
    return n;
}
/* what an image cannot hold, in plan q (call c's; NULL: p) of depth d: fused steps, a step that reads more than
   GIR__IMG_MAXIN inputs (a call step: GIR__MAX_IN), calls nested deeper than GIR__IMG_MAXDEPTH; 0 with the error
   in p */
static int gir__img_holds(gir_plan *p, const gir_plan *q, const gir__call *c, int d) {
    uint32_t k;
    if (q->nfused) {
        gir__pfail(p, GIR_ERR_INVALID_ARG, "plan_image: the plan%s%s%s fuses %u steps: compile it with "
                   "GIR_COMPILE_NO_FUSION for an image", c ? " of '" : "", c ? c->f->name : "", c ? "'" : "",
                   (unsigned)q->nfused);
        return 0;
    }
    if (d > GIR__IMG_MAXDEPTH) {
        gir__pfail(p, GIR_ERR_LIMIT, "plan_image: calls nest %d deep, an image's at most %d", d, GIR__IMG_MAXDEPTH);
        return 0;
    }
    for (k = 0; k < q->nsteps; ++k)
        if (!gir__img_nrec(q->steps[k].op) && q->steps[k].nin > GIR__IMG_MAXIN) {
            gir__pfail(p, GIR_ERR_LIMIT, "plan_image: step %l (%s) reads %l inputs, an image's steps at most %l",
                       (long long)k, gir__op_names[q->steps[k].op], (long long)q->steps[k].nin,
                       (long long)GIR__IMG_MAXIN);
            return 0;
        }
    return 1;
}
/* the writer's lists: the plans, their calls, depths, headers and offsets (gir__img_plans), then room for the
   kinds and lists of the largest */
typedef struct gir__imgw {
    gir_plan        **pl;
    const gir__call **cl;
    gir__ihdr        *hd;
    uint32_t         *base, *io, n;
    uint8_t          *dep, *kind;
    size_t            bytes;
} gir__imgw;
static int gir__imgw_new(gir_plan *p, int n_io, gir__imgw *w) {
    uint32_t i, most = 0, mio = (uint32_t)n_io;
    size_t per = 2 * sizeof(void *) + sizeof(gir__ihdr) + 4 + 1;
    unsigned char *m;
    w->n = 1 + gir__img_count(p);
    w->bytes = (size_t)w->n * per + 8;
    if (!(m = (unsigned char *)gir__alloc(&p->a, w->bytes))) return 0;
    w->pl = (gir_plan **)(void *)m;
    w->cl = (const gir__call **)(void *)(w->pl + w->n);
    w->hd = (gir__ihdr *)(void *)(w->cl + w->n);
    w->base = (uint32_t *)(void *)(w->hd + w->n);
    w->dep = (uint8_t *)(w->base + w->n);
    gir__img_plans(p, w->pl, w->cl, w->dep);
    for (i = 0; i < w->n; ++i) {
        if (w->pl[i]->nvals > most) most = w->pl[i]->nvals;
        if (i && (uint32_t)(w->cl[i]->k.np + w->cl[i]->k.nr) > mio) mio = (uint32_t)(w->cl[i]->k.np + w->cl[i]->k.nr);
    }
    w->io = (uint32_t *)gir__alloc(&p->a, (size_t)mio * 4u + most + 1);
    if (!w->io) { gir__free(&p->a, m, w->bytes); return 0; }
    w->kind = (uint8_t *)(w->io + mio);
    return 1;
}
static void gir__imgw_free(gir_plan *p, gir__imgw *w) {
    gir__free(&p->a, w->io, 0);
    gir__free(&p->a, w->pl, w->bytes);
}
/* lays every sub-image out (io holds the top's lists): 0 past 4 GiB */
static int gir__imgw_layout(gir__imgw *w, int n_in, int n_out) {
    uint64_t end = 0;
    uint32_t i;
    for (i = 0; i < w->n; ++i) {
        const gir__call *c = w->cl[i];
        gir__img_kinds(w->pl[i], w->kind);
        if (!gir__img_layout(w->pl[i], w->kind, c ? c->k.np : n_in, c ? c->k.nr : n_out, i ? 0 : w->n - 1, &w->hd[i]))
            return 0;
        w->base[i] = (uint32_t)end;
        end = gir__a16(end + w->hd[i].bytes);
        if (end >= 0xfffffff0u) return 0;
    }
    w->hd[0].bytes = (uint32_t)end;           /* the first header's: the whole image */
    return 1;
}
/* writes every sub-image into img (zeroed; w->io holds the top's lists), then the offsets and the CRC */
static void gir__imgw_write(gir__imgw *w, unsigned char *img) {
    uint32_t i, next = 1;
    for (i = 0; i < w->n; ++i) {
        gir__img_kinds(w->pl[i], w->kind);
        if (i) gir__img_sub_lists(w->cl[i], w->io);
        gir__img_write(w->pl[i], w->kind, w->io, &w->hd[i], img + w->base[i], &next);
    }
    if (w->n > 1) GIR_MEMCPY(img + w->hd[0].o_sub, w->base + 1, (w->n - 1) * 4u);
    w->hd[0].crc = gir__img_crc(img, w->hd[0].bytes);
    GIR_MEMCPY(img, &w->hd[0], sizeof w->hd[0]);
}
GIR_API gir_status gir_plan_write_image(gir_plan *p, int n_in, const gir_node *ins, int n_out, const gir_node *outs,
                                  void *buf, size_t cap, size_t *len) {
    gir__imgw w;
    uint32_t i;
    int ok;
    if (!p || !len) return GIR_ERR_INVALID_ARG;
    *len = 0;
    p->status = GIR_OK;
    p->msg[0] = 0;
    if (n_in < 0 || n_out < 0 || (n_in && !ins) || (n_out && !outs) || n_in > 0xffff || n_out > 0xffff) {
        gir__pfail(p, GIR_ERR_INVALID_ARG, "plan_image: bad lists (%d inputs, %d outputs)", n_in, n_out);
        return GIR_ERR_INVALID_ARG;
    }
    if (!gir__imgw_new(p, n_in + n_out, &w)) {
        gir__pfail(p, GIR_ERR_OUT_OF_MEMORY, "plan_image: out of memory");
        return GIR_ERR_OUT_OF_MEMORY;
    }
    for (ok = 1, i = 0; ok && i < w.n; ++i) ok = gir__img_holds(p, w.pl[i], w.cl[i], w.dep[i]);
    ok = ok && gir__img_lists(p, n_in, ins, n_out, outs, w.io);
    if (ok && !gir__imgw_layout(&w, n_in, n_out)) {
        gir__pfail(p, GIR_ERR_LIMIT, "plan_image: the image would pass 4 GiB (or a call's results 2 GiB)");
        ok = 0;
    }
    if (ok && (*len = w.hd[0].bytes) <= cap && buf) {
        GIR_MEMSET(buf, 0, w.hd[0].bytes);
        gir__imgw_write(&w, (unsigned char *)buf);
    } else if (ok && buf) {
        gir__pfail(p, GIR_ERR_LIMIT, "plan_image: the image takes %l bytes, the buffer holds %l (ask with buf "
                   "NULL first)", (long long)w.hd[0].bytes, (long long)cap);
        ok = 0;
    }
    gir__imgw_free(p, &w);
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
    return off % 4u == 0 && off >= gir__img_hbytes(h) && (uint64_t)off + (uint64_t)n * size <= h->bytes;
}
/* a header field of an image in the other byte order (swap) or this one */
static uint32_t gir__img_u32(uint32_t v, int swap) {
    return swap ? (v >> 24) | ((v >> 8) & 0xff00u) | ((v << 8) & 0xff0000u) | (v << 24) : v;
}
/* the sections of a (sub-)image's header h lie inside it (the sub-image table is the first header's) */
static int gir__img_sections(const gir__ihdr *h) {
    return gir__img_in(h, h->o_vals, h->nvals, sizeof(gir__ival)) &&
           gir__img_in(h, h->o_steps, h->nsteps, sizeof(gir__step)) &&
           gir__img_in(h, h->o_sin, h->nsin, 4) && gir__img_in(h, h->o_ins, h->nin, 4) &&
           gir__img_in(h, h->o_outs, h->nout, 4) &&
           (!GIR__KEPT_F_TUPLE || h->version < 3u || gir__img_in(h, h->o_call, h->ncall, sizeof(gir__icall_rec))) &&
           gir__img_in(h, h->o_attrs, 1, h->attr_bytes + (uint64_t)GIR__ATTR_MAXBYTES > 0xffffffffu ? 0xffffffffu :
                       h->attr_bytes + (uint32_t)GIR__ATTR_MAXBYTES) && h->maxin <= 0xffffu;
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
    if (!gir__img_sections(h) || (GIR__KEPT_F_TUPLE && h->version >= 3u && !gir__img_in(h, h->o_sub, h->nsub, 4)))
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
        int ok = v[k].dtype > 0 && v[k].dtype < GIR_DTYPE__COUNT &&
                 (v[k].kind < GIR__IV_VIEW || (v[k].kind == GIR__IV_VIEW && GIR__KEPT_F_TUPLE)) &&
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
/* the kind of value step s may write: a call step a temporary (its results), a result step a view of it, other
   steps a temporary or a variable's new value in the variable's memory */
static int gir__img_writes(const gir__step *s, int kind) {
    if (GIR__IMG_CALLISH(s->op)) return kind == (gir__op_is(s->op, GIR__F_TUPLE) ? GIR__IV_TEMP : GIR__IV_VIEW);
    return kind == GIR__IV_TEMP || kind == GIR__IV_INVAR;
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
        int ok = s[k].val < h->nvals && gir__img_writes(&s[k], v[s[k].val].kind) && s[k].nin <= h->maxin &&
                 (uint64_t)s[k].in0 + s[k].nin <= h->nsin &&
                 (!s[k].attr || (s[k].attr <= h->attr_bytes && !(img[h->o_attrs + s[k].attr] & 0x40u)));
        for (j = 0; ok && j < s[k].nin; ++j) ok = v[sin[s[k].in0 + j]].kind != GIR__IV_NONE;     /* read by none */
        if (!ok || s[k].op == 0 || s[k].op >= GIR_OP__COUNT)
            return gir__ifail(msg, cap, GIR_ERR_INVALID_ARG, "step %l is malformed", (long long)k);
        if (GIR__OP_ABSENT(s[k].op))
            return gir__ifail(msg, cap, GIR_ERR_NOT_BUILT, "step %l: op '%s' is not in this build", (long long)k,
                              gir__op_names[s[k].op]);
        if (GIR__ONLY_F32 && !GIR__IMG_CALLISH(s[k].op) && !gir__img_f32_step(img, &s[k]))
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
/* a product step with one input more than its row: a folded update's (gir__folds) or sum's (gir__accums) */
static int gir__img_folded(const gir__step *s, const gir__opinfo *oi) {
    size_t r;
    if (oi->variadic || s->nin != (uint32_t)oi->nparents + oi->nargs + 1u) return 0;
    for (r = 0; r < sizeof gir__folds / sizeof gir__folds[0]; ++r)
        if (gir__folds[r].product && gir__folds[r].product == s->op) return 1;
    return gir__accum_into(s->op);
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
    (void)v;                                     /* read by the messages only, which GIR_NO_ERROR_STRINGS drops */
    for (k = 0; k < h->nsteps; ++k) {
        if (GIR__IMG_CALLISH(s[k].op)) continue;        /* gen/90-library/image_calls.c */
        if (s[k].nin > GIR__IMG_MAXIN)
            return gir__ifail(msg, cap, GIR_ERR_INVALID_ARG, "step %l reads %l inputs, an image's at most %l",
                              (long long)k, (long long)s[k].nin, (long long)GIR__IMG_MAXIN);
        if (gir__img_rebuild(&c, img, k))
            return gir__ifail(msg, cap, GIR_ERR_INVALID_ARG, "step %l is malformed: %s (node %l) %T %S disagrees "
                              "with its op's rules%s%s", (long long)k, gir__op_names[s[k].op], (long long)v[s[k].val].node,
                              (int)v[s[k].val].dtype, &v[s[k].val].shape, c.g.msg[0] ? ": " : "", c.g.msg);
    }
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
        if (GIR__IMG_CALLISH(s[k].op)) continue;        /* no kernel */
        for (j = 0; j < 2; ++j)
            in[j] = (uint32_t)j < s[k].nin ? gir__step_shape(&v[sin[s[k].in0 + j]].shape, s[k].tr >> j & 1) : v[s[k].val].shape;
        b = gir__scratch_bytes_on(s[k].op, v[s[k].val].dtype, &v[s[k].val].shape, &in[0], s[k].nin > 1 ? &in[1] : NULL,
                                  &gir__gemm_nums[isa][v[s[k].val].dtype == GIR_DTYPE_F64], packed);
        if (b > most) most = b;
    }
    return most;
}
/*@cold end*/
