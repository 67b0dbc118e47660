/* >>kernels: scalar reference kernels. The table at the end maps each op to its kernel; elementwise rows
   get generated per-dtype loops (gir__ew_rows, gen/40-vector/ew_loops.c) behind one broadcasting driver, so a SIMD variant can
   replace a table cell without touching the driver. */
typedef struct gir__kin {
    const void      *p;
    const gir_shape *s;
    int              dt;
    int              tr;        /* read with the last two axes swapped: only float matmul gets this */
} gir__kin;
typedef struct gir__kx {
    int              op, dtype;
    const gir_shape *shape;
    const gir_attr  *attr;
    void            *out;
    int              nin;
    const gir__kin  *in;        /* parents, then arguments */
    void            *scratch;
    uint64_t         run;       /* how many times the plan ran before: keys random streams */
    uint32_t         node;
    char            *msg;       /* GIR__MSG bytes for errors (GIR__MSG_SHORT under GIR_NO_ERROR_STRINGS) */
    const gir__par  *par;       /* the plan's parallel-for hook (GIR_THREADS), or NULL */
} gir__kx;
typedef gir_status (*gir__kernel_fn)(gir__kx *k);

#ifdef GIR_NO_ERROR_STRINGS
/* status names only: the messages' format strings, the op names and the formatter stay out of the build */
static gir_status gir__msg_status(char *msg, size_t cap, const char *prefix, gir_status s) {
    gir__buf b;
    if (!msg || !cap) return s;
    b.p = msg; b.n = cap; b.len = 0; msg[0] = 0;
    gir__puts(&b, prefix);
    gir__puts(&b, gir_status_name(s));
    return s;
}
#define gir__kfail(k, s, ...) gir__msg_status((k)->msg, GIR__MSG_SHORT, "", s)
#else
static gir_status gir__kfail(gir__kx *k, gir_status s, const char *fmt, ...) {
    gir__buf b;
    va_list ap;
    b.p = k->msg; b.n = GIR__MSG; b.len = 0; k->msg[0] = 0;
    gir__puts(&b, gir__op_names[k->op]);
    gir__puts(&b, ": node ");
    gir__putl(&b, k->node);
    gir__puts(&b, ": ");
    va_start(ap, fmt);
    gir__vformat(&b, fmt, ap);
    va_end(ap);
    return s;
}
#endif

/* slow generic element access, for kernels whose cost is not in the element loop */
static double gir__getd(const void *p, int dt, int64_t i) {
    switch (dt) {
    case GIR_DTYPE_B8: case GIR_DTYPE_U8: return ((const uint8_t *)p)[i];
    case GIR_DTYPE_I32: return ((const int32_t *)p)[i];
    case GIR_DTYPE_F32: return ((const float *)p)[i];
    default: return ((const double *)p)[i];
    }
}
/* store with C99 cast semantics made total: floats to integers truncate toward zero and saturate, NaN -> 0 */
static void gir__setd(void *p, int dt, int64_t i, double v) {
    switch (dt) {
    case GIR_DTYPE_B8: ((uint8_t *)p)[i] = (uint8_t)(v != 0); break;
    case GIR_DTYPE_U8: ((uint8_t *)p)[i] = gir__sat_u8(v); break;
    case GIR_DTYPE_I32: ((int32_t *)p)[i] = gir__sat_i32(v); break;
    case GIR_DTYPE_F32: ((float *)p)[i] = (float)v; break;
    default: ((double *)p)[i] = v;
    }
}
static size_t gir__esize(int dt) { return gir__dtype_sizes[dt]; }
/* integer elements as uint32_t: sums and products of u8 and i32 wrap modulo 2^8 and 2^32 (as NumPy with the
   same dtype), never overflow a signed type, and stay exact where doubles would round */
static uint32_t gir__getu(const void *p, int dt, int64_t i) {
    return dt == GIR_DTYPE_I32 ? (uint32_t)((const int32_t *)p)[i] : (uint32_t)((const uint8_t *)p)[i];
}
static void gir__setu(void *p, int dt, int64_t i, uint32_t v) {
    if (dt == GIR_DTYPE_I32) ((int32_t *)p)[i] = gir__i32_of_u32(v);
    else ((uint8_t *)p)[i] = (uint8_t)(v & 255u);
}

/* row-major strides (elements) of a shape, and of a shape broadcast into out's rank (0 on broadcast axes) */
static void gir__bstrides(const gir_shape *s, const gir_shape *out, int64_t *st) {
    int r = out->rank, k, off = out->rank - s->rank;
    int64_t acc = 1;
    for (k = r - 1; k >= 0; --k) {
        int j = k - off;
        int32_t d = j >= 0 ? s->dim[j] : 1;
        st[k] = (d == 1 && out->dim[k] != 1) || j < 0 ? 0 : acc;
        acc *= d;
    }
}

/* the number of trailing axes of out (at most axes) along which an input of shape s is uniform: it has out's
   lengths there (it advances by 1 over them) or length 1 (it stays); out's axes of length 1 count either way */
static int gir__ew_uniform(const gir_shape *s, const gir_shape *out, int axes) {
    int k, n = 0, cls = 0, off = out->rank - s->rank, c;
    for (k = out->rank - 1; k >= 0 && n < axes; --k, ++n) {
        if (out->dim[k] == 1) continue;
        c = k - off >= 0 && s->dim[k - off] != 1 ? 1 : 2;
        if (cls && c != cls) break;
        cls = c;
    }
    return n;
}
/* the innermost axis of out's last n that is longer than 1 (the last axis when none is): where an input's stride
   along a run of those n axes is read */
static int gir__ew_run_axis(const gir_shape *out, int n) {
    int k = out->rank - 1;
    while (k > out->rank - n && out->dim[k] == 1) --k;
    return k;
}

/* the broadcasting driver: calls fn on runs over the trailing axes along which every input is uniform (the last
   axis at least: a conv's bias [C,1,1] over [N,C,H,W] is added in runs of H*W), or once on the whole when no
   input broadcasts. With a hook (GIR_THREADS) and GIR__EW_PAR_MIN elements or more, the output is cut into one
   range per thread at multiples of 64 elements within a run, so each element is computed as with one thread. */
#define GIR__EW_PAR_MIN 65536
typedef struct gir__ew_job {
    gir__ew_fn       fn;
    char            *out;
    int64_t          oes, inner, total, nt;     /* inner: the run length (total when flat) */
    int              nin, ro;                   /* ro: the axes outside a run (0 when flat) */
    const gir_shape *os;
    const gir__kin  *in;
    const double    *p;
    int64_t          st[GIR__MAX_ROW_IN][GIR_MAX_RANK], run[GIR__MAX_ROW_IN];
} gir__ew_job;
/* elements [lo, hi) of the output, in runs */
static void gir__ew_range(const gir__ew_job *e, int64_t lo, int64_t hi) {
    int64_t idx[GIR_MAX_RANK], o, c0, c1, q;
    const void *ptr[GIR__MAX_ROW_IN];
    int j, d;
    for (; lo < hi; lo += c1 - c0) {
        int64_t rem;
        o = gir__udiv(lo, e->inner); c0 = lo - o * e->inner;
        c1 = hi - lo < e->inner - c0 ? c0 + (hi - lo) : e->inner;
        rem = o;
        for (d = e->ro - 1; d >= 0; --d) {
            q = gir__udiv(rem, e->os->dim[d]);          /* one division an axis: the remainder by product */
            idx[d] = rem - q * e->os->dim[d];
            rem = q;
        }
        for (j = 0; j < e->nin; ++j) {
            int64_t off = c0 * e->run[j];
            for (d = 0; d < e->ro; ++d) off += idx[d] * e->st[j][d];
            ptr[j] = (const char *)e->in[j].p + off * (int64_t)gir__esize(e->in[j].dt);
        }
        e->fn(c1 - c0, e->out + lo * e->oes, ptr, e->run, e->p);
    }
}
#if defined(GIR_THREADS)
/* the start of range t of nt: t/nt of the way, moved back to a multiple of 64 elements from its run's start */
static int64_t gir__ew_cut(const gir__ew_job *e, int64_t t) {
    int64_t b = t >= e->nt ? e->total : e->total / e->nt * t + e->total % e->nt * t / e->nt;
    return t >= e->nt ? b : b / e->inner * e->inner + (b % e->inner) / 64 * 64;
}
static void gir__ew_task(void *ctx, int t) {
    const gir__ew_job *e = (const gir__ew_job *)ctx;
    gir__ew_range(e, gir__ew_cut(e, t), gir__ew_cut(e, t + 1));
}
#endif
static void gir__ew_apply(gir__ew_fn fn, void *out, int odt, const gir_shape *os, int nin, const gir__kin *in,
                          const double *p, const gir__par *par) {
    gir__ew_job e;
    int64_t total = gir__numel(os);
    int j, flat = 1, na = os->rank, ax;
    if (total == 0) return;
    e.fn = fn; e.out = (char *)out; e.oes = (int64_t)gir__esize(odt); e.total = total;
    e.nin = nin; e.ro = 0; e.os = os; e.in = in; e.p = p; e.nt = 1;
    for (j = 0; j < nin; ++j) {
        int64_t n = gir__numel(in[j].s);
        if (n == 1) e.run[j] = 0;
        else if (gir__shape_eq(in[j].s, os) || n == total) e.run[j] = 1;
        else flat = 0;
    }
    if (flat || os->rank == 0) {
        for (j = 0; j < nin; ++j) e.run[j] = gir__numel(in[j].s) == 1 ? 0 : 1;
        e.inner = total;
    } else {
        for (j = 0; j < nin; ++j) na = gir__ew_uniform(in[j].s, os, na);
        ax = gir__ew_run_axis(os, na);
        for (j = 0; j < nin; ++j) {
            gir__bstrides(in[j].s, os, e.st[j]);
            e.run[j] = e.st[j][ax];
        }
        e.ro = os->rank - na;
        for (j = e.ro, e.inner = 1; j < os->rank; ++j) e.inner *= os->dim[j];
    }
#if defined(GIR_THREADS)
    if (total >= GIR__EW_PAR_MIN && gir__par_threads(par) > 1) {
        e.nt = gir__par_threads(par);
        if (e.nt > total / 64) e.nt = total / 64;
        gir__par_for(par, (int)e.nt, gir__ew_task, &e);
        return;
    }
#endif
    GIR__UNUSED(par);
    gir__ew_range(&e, 0, total);
}

static gir_status gir__k_eltwise(gir__kx *k) {
    gir__ew_fn fn = gir__ew_pick(k->op, GIR__KIDT(k, 0));
    if (!fn) return gir__kfail(k, GIR_ERR_DTYPE, "no kernel for %T", GIR__KIDT(k, 0));
    gir__ew_apply(fn, k->out, k->dtype, k->shape, k->nin, k->in, k->attr->f, k->par);   /* b8 of a comparison */
    return GIR_OK;
}
static gir_status gir__k_none(gir__kx *k) { (void)k; return GIR_OK; }
static gir_status gir__k_add_n(gir__kx *k) {
    gir__ew_fn fn = gir__ew_pick(GIR_OP_ADD, GIR__KDT(k));        /* add_n adds with add's kernel */
    gir__kin two[2];
    int j;
    GIR_MEMSET(k->out, 0, (size_t)gir__numel(k->shape) * gir__esize(GIR__KDT(k)));
    two[0].p = k->out; two[0].s = k->shape; two[0].dt = GIR__KDT(k); two[0].tr = 0;
    for (j = 0; j < k->nin; ++j) {
        two[1] = k->in[j];
        gir__ew_apply(fn, k->out, GIR__KDT(k), k->shape, 2, two, k->attr->f, k->par);
    }
    return GIR_OK;
}
static gir_status gir__k_fill(gir__kx *k) {
    int64_t n = gir__numel(k->shape), i;
    if (GIR__KDT(k) == GIR_DTYPE_F32) {
        float v = gir__f32_of_f64(k->attr->f[0]);
        for (i = 0; i < n; ++i) ((float *)k->out)[i] = v;
        return GIR_OK;
    }
    for (i = 0; i < n; ++i) gir__setd(k->out, GIR__KDT(k), i, k->attr->f[0]);
    return GIR_OK;
}
static gir_status gir__k_eye(gir__kx *k) {
    int64_t n = k->shape->dim[0], m = k->shape->dim[1], d = k->attr->i[2], i;
    GIR_MEMSET(k->out, 0, (size_t)(n * m) * gir__esize(GIR__KDT(k)));
    for (i = d < 0 ? -d : 0; i < n && i + d < m; ++i) {
        if (GIR__KDT(k) == GIR_DTYPE_F32) ((float *)k->out)[i * m + i + d] = 1.0f;
        else gir__setd(k->out, GIR__KDT(k), i * m + i + d, 1.0);
    }
    return GIR_OK;
}
static gir_status gir__k_arange(gir__kx *k) {
    int64_t n = k->shape->dim[0], i;
    for (i = 0; i < n; ++i) gir__setd(k->out, GIR__KDT(k), i, k->attr->f[0] + (double)i * k->attr->f[2]);
    return GIR_OK;
}
/* counter-based random numbers: element i of run r of a node with seed s is a hash of (s, r, i), so results
   do not depend on the order elements are computed in */
static uint64_t gir__mix(uint64_t z) {
    z += 0x9E3779B97F4A7C15ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}
static double gir__uniform01(uint64_t key, int64_t i) {     /* (0, 1] with 53 bits */
    return ((double)(gir__mix(key ^ gir__mix((uint64_t)i)) >> 11) + 1.0) * (1.0 / 9007199254740992.0);
}
static uint64_t gir__rng_key(const gir__kx *k) { return gir__mix(k->attr->seed) ^ gir__mix(k->run * 0xD1B54A32D192ED03ull); }
static gir_status gir__k_random(gir__kx *k) {
    int64_t n = gir__numel(k->shape), i;
    uint64_t key = gir__rng_key(k);
    const double *f = k->attr->f;
    for (i = 0; i < n; ++i) {
        double v;
        if (k->op == GIR_OP_RAND_UNIFORM) {          /* the family's own variants: uniform or normal */
            v = f[0] + (f[1] - f[0]) * (1.0 - gir__uniform01(key, i));
        } else {
            double u1 = gir__uniform01(key, 2 * i), u2 = gir__uniform01(key, 2 * i + 1);
            v = f[0] + f[1] * gir__sqrt_f64(-2.0 * gir__log_f64(u1)) * gir__cos_f64(6.283185307179586 * u2);
        }
        gir__setd(k->out, GIR__KDT(k), i, v);
    }
    return GIR_OK;
}
static gir_status gir__k_dropout(gir__kx *k) {
    int64_t n = gir__numel(k->shape), i;
    uint64_t key = gir__rng_key(k);
    double p = k->attr->f[0], scale = p < 1 ? 1.0 / (1.0 - p) : 0.0;
    for (i = 0; i < n; ++i) {
        int keep = (1.0 - gir__uniform01(key, i)) >= p;
        gir__setd(k->out, GIR__KDT(k), i, keep ? gir__getd(k->in[0].p, GIR__KDT(k), i) * scale : 0.0);
    }
    return GIR_OK;
}

/* reductions: one pass over the input in memory order, a row of the last axis at a time (gir__reduce_next in
   gen/70-kernels/f32.c); the double and integer loops read a row in blocks of GIR__RED_BLOCK elements */
#define GIR__RED_BLOCK 32
/* integer outputs of a WRAP row (sum, prod): accumulated in uint32_t scratch, wrapping */
static void gir__reduce_int(gir__kx *k, const gir__redinfo *ri, const int64_t *ostr, int64_t nout) {
    const gir_shape *xs = k->in[0].s;
    uint32_t *acc = (uint32_t *)k->scratch, init = (uint32_t)gir__red_init_f64(ri->init[0]), buf[GIR__RED_BLOCK];
    int64_t idx[GIR_MAX_RANK], n = gir__numel(xs), row = xs->rank ? xs->dim[xs->rank - 1] : 1, i, o, b, j, m;
    int r = xs->rank, one = !r || !ostr[r - 1], d;
    for (o = 0; o < nout; ++o) acc[o] = init;
    for (d = 0; d < r; ++d) idx[d] = 0;
    for (i = 0, o = 0; i < n; i += row) {
        for (b = 0; b < row; b += m) {
            m = row - b < GIR__RED_BLOCK ? row - b : GIR__RED_BLOCK;
            for (j = 0; j < m; ++j) buf[j] = gir__getu(k->in[0].p, GIR__KIDT(k, 0), i + b + j);
            gir__red_row_wrap(ri->step[0], buf, m, one, acc + o + (one ? 0 : b));
        }
        o = gir__reduce_next(idx, o, ostr, xs, r - 1);
    }
    for (o = 0; o < nout; ++o) gir__setu(k->out, GIR__KDT(k), o, acc[o]);
}
/* the vector reductions when they apply: a row whose passes all have a vector kind, of x's own float dtype,
   whose reduced axes (ignoring length-1 axes) are one run, x seen as [outer, len, inner] */
static const gir__vr_fns *gir__reduce_vec(const gir__kx *k, const gir__redinfo *ri, int64_t *outer, int64_t *len,
                                          int64_t *inner) {
    const gir_shape *xs = k->in[0].s;
    int d, state = 0;                     /* state: 0 before the reduced run, 1 in it, 2 after it */
    if (GIR__KIDT(k, 0) != GIR__KDT(k) || ri->vk[0] < 0) return NULL;
    *outer = *len = *inner = 1;
    for (d = 0; d < xs->rank; ++d) {
        if (xs->dim[d] == 1) continue;
        if (gir__has_axis(&k->attr->l[0], d)) {
            if (state == 2) return NULL;
            state = 1;
            *len *= xs->dim[d];
        } else if (state == 0) *outer *= xs->dim[d];
        else { state = 2; *inner *= xs->dim[d]; }
    }
    return gir__vr_pick(GIR__KDT(k));
}
/* a one-pass sum-like row (sum, mean) over leading and trailing axes around a kept run, [A, K, B] -> [K] (the
   bias gradient of an NCHW layer: axes 0, 2, 3): K vector row sums of length B per block of A, each added into
   acc (zeros) in double. tmp holds K doubles. Returns 0 when x is not of that form (the caller's other paths
   take it). */
static int gir__reduce_rkr(const gir__kx *k, const gir__redinfo *ri, double *acc, double *tmp) {
    const gir_shape *xs = k->in[0].s;
    const gir__vr_fns *vr;
    int d, state = 0;                  /* 0: leading reduced axes, 1: the kept run, 2: trailing reduced axes */
    int64_t A = 1, K = 1, B = 1, a, o;
    size_t es = gir__esize(GIR__KDT(k));
    if (GIR__KIDT(k, 0) != GIR__KDT(k) || ri->nstage != 1 || ri->vk[0] != GIR__VR_SUM || !(vr = gir__vr_pick(GIR__KDT(k))))
        return 0;
    for (d = 0; d < xs->rank; ++d) {
        int red = gir__has_axis(&k->attr->l[0], d);
        if (xs->dim[d] == 1) continue;
        if (state == 0 && red) A *= xs->dim[d];
        else if (state <= 1 && !red) { state = 1; K *= xs->dim[d]; }
        else if (state >= 1 && red) { state = 2; B *= xs->dim[d]; }
        else return 0;
    }
    if (A < 2 || B < 2 || state != 2) return 0;
    for (a = 0; a < A; ++a) {
        vr->rows(GIR__VR_SUM, (const char *)k->in[0].p + (size_t)(a * K * B) * es, K, B, tmp, NULL);
        for (o = 0; o < K; ++o) acc[o] += tmp[o];
    }
    return 1;
}
/* the scalar loop of one pass in double: combine step over x into acc (aux: m), a row of the last axis at a time,
   read into double in blocks unless x is f64 */
static void gir__reduce_rows(const gir__kx *k, int step, const int64_t *ostr, double *acc, const double *aux) {
    const gir_shape *xs = k->in[0].s;
    const void *x = k->in[0].p;
    int64_t idx[GIR_MAX_RANK], n = gir__numel(xs), row = xs->rank ? xs->dim[xs->rank - 1] : 1, i, o, b, j, m;
    int r = xs->rank, one = !r || !ostr[r - 1], xdt = GIR__KIDT(k, 0), d;
    double buf[GIR__RED_BLOCK];
    for (d = 0; d < r; ++d) idx[d] = 0;
    for (i = 0, o = 0; i < n; i += row) {
        if (xdt == GIR_DTYPE_F64) gir__red_row_f64(step, (const double *)x + i, row, one, acc + o, aux + o);
        else
            for (b = 0; b < row; b += m) {
                m = row - b < GIR__RED_BLOCK ? row - b : GIR__RED_BLOCK;
                for (j = 0; j < m; ++j) buf[j] = gir__getd(x, xdt, i + b + j);
                gir__red_row_f64(step, buf, m, one, acc + o + (one ? 0 : b), aux + o + (one ? 0 : b));
            }
        o = gir__reduce_next(idx, o, ostr, xs, r - 1);
    }
}
/* one pass of a reduction row in double: acc[o] from the row's init and combine, by the vector path (vr), the
   [A, K, B] path or the scalar loop; aux: the previous pass's results (m), zeros before the first */
static void gir__reduce_pass(gir__kx *k, const gir__redinfo *ri, int pass, const gir__vr_fns *vr, const int64_t *ostr,
                             const int64_t *oli, double *acc, double *aux) {
    const void *x = k->in[0].p;
    int64_t nout = gir__numel(k->shape), o;
    double init = gir__red_init_f64(ri->init[pass]);
    for (o = 0; o < nout; ++o) acc[o] = init;
    if (vr) {                                       /* oli: outer, len, inner */
        const double *m = pass || (ri->flags & (GIR__RF_ZERO << pass)) ? aux : NULL;
        if (oli[2] == 1) vr->rows(ri->vk[pass], x, oli[0], oli[1], acc, m);
        else vr->cols(ri->vk[pass], x, oli[0], oli[1], oli[2], acc, m);
        return;
    }
    if (!pass && gir__reduce_rkr(k, ri, acc, aux)) {
        for (o = 0; o < nout; ++o) aux[o] = 0;
        return;
    }
    gir__reduce_rows(k, ri->step[pass], ostr, acc, aux);
}
/* a REDUCE row of ops.def (its gir__reds entry: init, combine and finish of each pass, generated) */
static gir_status gir__k_reduce(gir__kx *k) {
    const gir__redinfo *ri = gir__red_of(k->op);
    const gir_shape *xs = k->in[0].s;
    int r = xs->rank, d, pass;
    int64_t ostr[GIR_MAX_RANK], oli[3] = {1, 1, 1}, nout = gir__numel(k->shape), o, acc_s;
    double *acc, *aux, cnt;
    const gir__vr_fns *vr;
    if (nout == 0) return GIR_OK;
    acc = (double *)k->scratch;
    aux = acc + nout;
    /* output strides in the keepdims layout, 0 on reduced axes */
    acc_s = 1;
    for (d = r - 1; d >= 0; --d) {
        if (gir__has_axis(&k->attr->l[0], d)) ostr[d] = 0;
        else { ostr[d] = acc_s; acc_s *= xs->dim[d]; }
    }
    if ((ri->flags & GIR__RF_WRAP) && gir__is_int(GIR__KDT(k))) {
        gir__reduce_int(k, ri, ostr, nout);
        return GIR_OK;
    }
    vr = gir__reduce_vec(k, ri, &oli[0], &oli[1], &oli[2]);
    if (!vr && GIR__KIDT(k, 0) == GIR_DTYPE_F32 && GIR__KDT(k) == GIR_DTYPE_F32 &&
        !(ri->nstage == 1 && ri->vk[0] == GIR__VR_SUM && gir__f32_vec())) {      /* f32 in f32 (gen/70-kernels/f32.c) */
        gir__f32_hits = gir__f32_hits + 1;
        gir__f32_reduce(ri, (const float *)k->in[0].p, xs, ostr, nout, (float *)k->out, (float *)k->scratch,
                        k->attr->i, k->attr->f);
        return GIR_OK;
    }
    cnt = (double)gir__numel(xs) / (double)nout;
    for (o = 0; o < nout; ++o) aux[o] = 0;
    for (pass = 0; pass < ri->nstage; ++pass) {
        gir__reduce_pass(k, ri, pass, vr, ostr, oli, acc, aux);
        for (o = 0; o < nout; ++o) aux[o] = gir__red_fin_f64(ri->fin[pass], acc[o], aux[o], cnt, k->attr->i, k->attr->f);
    }
    for (o = 0; o < nout; ++o) gir__setd(k->out, GIR__KDT(k), o, aux[o]);
    return GIR_OK;
}
/* outer x len x inner decomposition of a shape around one axis */
static void gir__around(const gir_shape *s, int axis, int64_t *outer, int64_t *len, int64_t *inner) {
    int d;
    *outer = 1; *inner = 1;
    for (d = 0; d < axis; ++d) *outer *= s->dim[d];
    for (d = axis + 1; d < s->rank; ++d) *inner *= s->dim[d];
    *len = s->dim[axis];
}
static gir_status gir__k_argreduce(gir__kx *k) {
    int64_t outer, len, inner, a, b, j;
    int dt = GIR__KIDT(k, 0);
    gir__around(k->in[0].s, k->attr->i[0], &outer, &len, &inner);
    for (a = 0; a < outer; ++a)
        for (b = 0; b < inner; ++b) {
            int64_t best = 0;
            double bv = gir__getd(k->in[0].p, dt, a * len * inner + b);
            for (j = 1; j < len && bv == bv; ++j) {     /* the family's variants: argmax or argmin */
                double v = gir__getd(k->in[0].p, dt, (a * len + j) * inner + b);
                if (v != v || (k->op == GIR_OP_ARGMAX ? v > bv : v < bv)) { bv = v; best = j; }
            }
            ((int32_t *)k->out)[a * inner + b] = (int32_t)best;
        }
    return GIR_OK;
}
static gir_status gir__k_copy(gir__kx *k) {
    if (k->out != k->in[0].p) GIR_MEMCPY(k->out, k->in[0].p, (size_t)gir__numel(k->shape) * gir__esize(GIR__KDT(k)));
    return GIR_OK;
}
static void gir__copy_el(void *dst, int64_t di, const void *src, int64_t si, size_t es) {
    switch (es) {
    case 1: ((uint8_t *)dst)[di] = ((const uint8_t *)src)[si]; break;
    case 4: ((uint32_t *)dst)[di] = ((const uint32_t *)src)[si]; break;
    default: ((uint64_t *)dst)[di] = ((const uint64_t *)src)[si];
    }
}
/* out[i] = in[sum idx_d * st_d] for the output multi-index: transpose and broadcast */
static void gir__gather_strided(void *out, const gir_shape *os, const void *in, const int64_t *st, size_t es) {
    int64_t idx[GIR_MAX_RANK], n = gir__numel(os), i, off = 0;
    int d, r = os->rank;
    for (d = 0; d < r; ++d) idx[d] = 0;
    for (i = 0; i < n; ++i) {
        gir__copy_el(out, i, in, off, es);
        for (d = r - 1; d >= 0; --d) {
            off += st[d];
            if (++idx[d] < os->dim[d]) break;
            off -= st[d] * os->dim[d];
            idx[d] = 0;
        }
    }
}
static gir_status gir__k_transpose(gir__kx *k) {
    int64_t ist[GIR_MAX_RANK], st[GIR_MAX_RANK], acc = 1;
    int d, r = k->shape->rank;
    for (d = r - 1; d >= 0; --d) { ist[d] = acc; acc *= k->in[0].s->dim[d]; }
    for (d = 0; d < r; ++d) st[d] = ist[k->attr->l[0].v[d]];
    gir__gather_strided(k->out, k->shape, k->in[0].p, st, gir__esize(GIR__KDT(k)));
    return GIR_OK;
}
static gir_status gir__k_broadcast(gir__kx *k) {
    int64_t st[GIR_MAX_RANK];
    gir__bstrides(k->in[0].s, k->shape, st);
    gir__gather_strided(k->out, k->shape, k->in[0].p, st, gir__esize(GIR__KDT(k)));
    return GIR_OK;
}
static gir_status gir__k_flip(gir__kx *k) {
    int64_t st[GIR_MAX_RANK], acc = 1, base = 0;
    int d, r = k->shape->rank;
    for (d = r - 1; d >= 0; --d) {
        st[d] = acc;
        if (gir__has_axis(&k->attr->l[0], d) && k->shape->dim[d] > 0) {
            base += acc * (k->shape->dim[d] - 1);
            st[d] = -acc;
        }
        acc *= k->shape->dim[d];
    }
    if (gir__numel(k->shape) == 0) return GIR_OK;
    gir__gather_strided(k->out, k->shape, (const char *)k->in[0].p + base * (int64_t)gir__esize(GIR__KDT(k)), st,
                        gir__esize(GIR__KDT(k)));
    return GIR_OK;
}
static gir_status gir__k_slice(gir__kx *k) {
    int64_t outer, len, inner, olen, a, j;
    size_t es = gir__esize(GIR__KDT(k));
    const gir_attr *A = k->attr;
    gir__around(k->in[0].s, A->i[0], &outer, &len, &inner);
    olen = k->shape->dim[A->i[0]];
    if (A->i[3] == 1) {                 /* step 1: each outer index's rows are one run (a gate of a packed GEMM) */
        for (a = 0; a < outer; ++a)
            GIR_MEMCPY((char *)k->out + (size_t)(a * olen * inner) * es,
                       (const char *)k->in[0].p + (size_t)((a * len + A->i[1]) * inner) * es, (size_t)(olen * inner) * es);
        return GIR_OK;
    }
    for (a = 0; a < outer; ++a)
        for (j = 0; j < olen; ++j)
            GIR_MEMCPY((char *)k->out + (size_t)((a * olen + j) * inner) * es,
                       (const char *)k->in[0].p + (size_t)((a * len + A->i[1] + j * A->i[3]) * inner) * es,
                       (size_t)inner * es);
    return GIR_OK;
}
static gir_status gir__k_unslice(gir__kx *k) {
    int64_t outer, len, inner, olen, a, j;
    size_t es = gir__esize(GIR__KDT(k));
    const gir_attr *A = k->attr;
    gir__around(k->in[0].s, A->i[0], &outer, &len, &inner);
    olen = k->shape->dim[A->i[0]];
    GIR_MEMSET(k->out, 0, (size_t)gir__numel(k->shape) * es);
    if (A->i[3] == 1) {                 /* step 1: one run per outer index */
        for (a = 0; a < outer; ++a)
            GIR_MEMCPY((char *)k->out + (size_t)((a * olen + A->i[1]) * inner) * es,
                       (const char *)k->in[0].p + (size_t)(a * len * inner) * es, (size_t)(len * inner) * es);
        return GIR_OK;
    }
    for (a = 0; a < outer; ++a)
        for (j = 0; j < len; ++j)
            GIR_MEMCPY((char *)k->out + (size_t)((a * olen + A->i[1] + j * A->i[3]) * inner) * es,
                       (const char *)k->in[0].p + (size_t)((a * len + j) * inner) * es, (size_t)inner * es);
    return GIR_OK;
}
static gir_status gir__k_concat(gir__kx *k) {
    int64_t outer, olen, inner, a, off = 0;
    size_t es = gir__esize(GIR__KDT(k));
    int j, ax = k->attr->i[0];
    gir__around(k->shape, ax, &outer, &olen, &inner);
    for (j = 0; j < k->nin; ++j) {
        int64_t len = k->in[j].s->dim[ax];
        for (a = 0; a < outer; ++a)
            GIR_MEMCPY((char *)k->out + (size_t)((a * olen + off) * inner) * es,
                       (const char *)k->in[j].p + (size_t)(a * len * inner) * es, (size_t)(len * inner) * es);
        off += len;
    }
    return GIR_OK;
}
static gir_status gir__k_pad(gir__kx *k) {
    int64_t ost[GIR_MAX_RANK], idx[GIR_MAX_RANK], acc = 1, n = gir__numel(k->in[0].s), no = gir__numel(k->shape), i, o = 0;
    int d, r = k->shape->rank;
    size_t es = gir__esize(GIR__KDT(k));
    for (i = 0; i < no; ++i) gir__setd(k->out, GIR__KDT(k), i, k->attr->f[0]);
    for (d = r - 1; d >= 0; --d) { ost[d] = acc; acc *= k->shape->dim[d]; }
    for (d = 0; d < r; ++d) { idx[d] = 0; o += ost[d] * k->attr->l[0].v[d]; }
    for (i = 0; i < n; ++i) {
        gir__copy_el(k->out, o, k->in[0].p, i, es);
        for (d = r - 1; d >= 0; --d) {
            o += ost[d];
            if (++idx[d] < k->in[0].s->dim[d]) break;
            o -= ost[d] * k->in[0].s->dim[d];
            idx[d] = 0;
        }
    }
    return GIR_OK;
}
static gir_status gir__k_index_select(gir__kx *k) {
    int64_t outer, len, inner, a, j, ni = gir__numel(k->in[1].s);
    size_t es = gir__esize(GIR__KDT(k));
    const int32_t *ix = (const int32_t *)k->in[1].p;
    gir__around(k->in[0].s, k->attr->i[0], &outer, &len, &inner);
    for (j = 0; j < ni; ++j)
        if (ix[j] < -len || ix[j] >= len)
            return gir__kfail(k, GIR_ERR_INDEX, "index %d at position %l is out of range for axis length %l",
                              (int)ix[j], (long long)j, (long long)len);
    for (a = 0; a < outer; ++a)
        for (j = 0; j < ni; ++j) {
            int64_t s = ix[j] < 0 ? ix[j] + len : ix[j];
            GIR_MEMCPY((char *)k->out + (size_t)((a * ni + j) * inner) * es,
                       (const char *)k->in[0].p + (size_t)((a * len + s) * inner) * es, (size_t)inner * es);
        }
    return GIR_OK;
}
static gir_status gir__k_index_add(gir__kx *k) {
    int64_t outer, len, inner, a, j, b, ni = gir__numel(k->in[1].s);
    const int32_t *ix = (const int32_t *)k->in[1].p;
    int dt = GIR__KDT(k);
    gir__around(k->shape, k->attr->i[0], &outer, &len, &inner);
    for (j = 0; j < ni; ++j)
        if (ix[j] < -len || ix[j] >= len)
            return gir__kfail(k, GIR_ERR_INDEX, "index %d at position %l is out of range for axis length %l",
                              (int)ix[j], (long long)j, (long long)len);
    GIR_MEMSET(k->out, 0, (size_t)gir__numel(k->shape) * gir__esize(dt));
    for (a = 0; a < outer; ++a)
        for (j = 0; j < ni; ++j) {
            int64_t s = ix[j] < 0 ? ix[j] + len : ix[j], oo = (a * len + s) * inner, io = (a * ni + j) * inner;
            for (b = 0; b < inner; ++b) {
                if (gir__is_int(dt))
                    gir__setu(k->out, dt, oo + b, gir__getu(k->out, dt, oo + b) + gir__getu(k->in[0].p, dt, io + b));
                else
                    gir__setd(k->out, dt, oo + b, gir__getd(k->out, dt, oo + b) + gir__getd(k->in[0].p, dt, io + b));
            }
        }
    return GIR_OK;
}
/* gather and scatter_add (torch): every index checked before anything is written */
static gir_status gir__along_indices(gir__kx *k, const gir__kin *ix, int64_t len) {
    const int32_t *v = (const int32_t *)ix->p;
    int64_t n = gir__numel(ix->s), j;
    for (j = 0; j < n; ++j)
        if (v[j] < -len || v[j] >= len)
            return gir__kfail(k, GIR_ERR_INDEX, "index %d at position %l is out of range for axis %d of length %l",
                              (int)v[j], (long long)j, (int)k->attr->i[0], (long long)len);
    return GIR_OK;
}
/* for each position p of the index (in memory order), the offset in x of p with the axis coordinate replaced by
   index[p]: calls fn(k, p, offset) */
static void gir__along_walk(gir__kx *k, const gir_shape *xs, const gir__kin *ix,
                            void (*fn)(gir__kx *k, int64_t p, int64_t xo)) {
    const int32_t *v = (const int32_t *)ix->p;
    int64_t st[GIR_MAX_RANK], idx[GIR_MAX_RANK], n = gir__numel(ix->s), acc = 1, base = 0, p, len;
    int d, r = xs->rank, ax = k->attr->i[0];
    for (d = r - 1; d >= 0; --d) { st[d] = acc; acc *= xs->dim[d]; idx[d] = 0; }
    len = xs->dim[ax];
    for (p = 0; p < n; ++p) {
        fn(k, p, base + (v[p] < 0 ? v[p] + len : v[p]) * st[ax]);
        for (d = r - 1; d >= 0; --d) {                 /* next index position; base skips the axis */
            if (d != ax) base += st[d];
            if (++idx[d] < ix->s->dim[d]) break;
            if (d != ax) base -= st[d] * ix->s->dim[d];
            idx[d] = 0;
        }
    }
}
static void gir__gather_one(gir__kx *k, int64_t p, int64_t xo) {
    gir__copy_el(k->out, p, k->in[0].p, xo, gir__esize(GIR__KDT(k)));
}
static gir_status gir__k_gather(gir__kx *k) {
    gir_status s = gir__along_indices(k, &k->in[1], k->in[0].s->dim[k->attr->i[0]]);
    if (s) return s;
    gir__along_walk(k, k->in[0].s, &k->in[1], gir__gather_one);
    return GIR_OK;
}
static void gir__scatter_one(gir__kx *k, int64_t p, int64_t xo) {
    gir__setd(k->out, GIR__KDT(k), xo, gir__getd(k->out, GIR__KDT(k), xo) + gir__getd(k->in[1].p, GIR__KDT(k), p));
}
static gir_status gir__k_scatter_add(gir__kx *k) {
    gir_status s = gir__along_indices(k, &k->in[2], k->shape->dim[k->attr->i[0]]);
    if (s) return s;
    if (k->out != k->in[0].p) GIR_MEMCPY(k->out, k->in[0].p, (size_t)gir__numel(k->shape) * gir__esize(GIR__KDT(k)));
    gir__along_walk(k, k->shape, &k->in[2], gir__scatter_one);
    return GIR_OK;
}
static gir_status gir__k_one_hot(gir__kx *k) {
    int64_t ni = gir__numel(k->in[0].s), depth = k->attr->i[0], j;
    const int32_t *ix = (const int32_t *)k->in[0].p;
    GIR_MEMSET(k->out, 0, (size_t)gir__numel(k->shape) * gir__esize(GIR__KDT(k)));
    for (j = 0; j < ni; ++j) {
        if (ix[j] < 0 || ix[j] >= depth)
            return gir__kfail(k, GIR_ERR_INDEX, "index %d at position %l is not in [0, %l)", (int)ix[j], (long long)j,
                              (long long)depth);
        if (GIR__KDT(k) == GIR_DTYPE_F32) ((float *)k->out)[j * depth + ix[j]] = 1.0f;
        else gir__setd(k->out, GIR__KDT(k), j * depth + ix[j], 1.0);
    }
    return GIR_OK;
}
/* diagonal k of an L x L (diag) or m x n (diagonal) matrix starts at row r0, column c0 */
static gir_status gir__k_diag(gir__kx *k) {
    int64_t L = k->shape->dim[k->shape->rank - 1], n = k->in[0].s->dim[k->in[0].s->rank - 1], b, i;
    int64_t nb = gir__numel(k->in[0].s) / (n ? n : 1), kk = k->attr->i[0], r0 = kk < 0 ? -kk : 0, c0 = kk > 0 ? kk : 0;
    size_t es = gir__esize(GIR__KDT(k));
    GIR_MEMSET(k->out, 0, (size_t)gir__numel(k->shape) * es);
    for (b = 0; b < nb; ++b)
        for (i = 0; i < n; ++i) gir__copy_el(k->out, b * L * L + (r0 + i) * L + c0 + i, k->in[0].p, b * n + i, es);
    return GIR_OK;
}
static gir_status gir__k_diagonal(gir__kx *k) {
    const gir_shape *xs = k->in[0].s;
    int64_t m = xs->dim[xs->rank - 2], n = xs->dim[xs->rank - 1], d = k->shape->dim[k->shape->rank - 1], b, i;
    int64_t batch = gir__numel(k->shape) / (d ? d : 1), kk = k->attr->i[0], r0 = kk < 0 ? -kk : 0, c0 = kk > 0 ? kk : 0;
    size_t es = gir__esize(GIR__KDT(k));
    if (d == 0) return GIR_OK;
    for (b = 0; b < batch; ++b)
        for (i = 0; i < d; ++i) gir__copy_el(k->out, b * d + i, k->in[0].p, b * m * n + (r0 + i) * n + c0 + i, es);
    return GIR_OK;
}
static gir_status gir__k_tri(gir__kx *k) {
    int64_t m = k->shape->dim[k->shape->rank - 2], n = k->shape->dim[k->shape->rank - 1];
    int64_t total = gir__numel(k->shape), i;
    size_t es = gir__esize(GIR__KDT(k));
    int upper = k->op == GIR_OP_TRIU;                    /* the family's variants: triu or tril */
    int64_t kk = k->attr->i[0];
    for (i = 0; i < total; ++i) {
        int64_t r = (i / n) % (m ? m : 1), c = i % n, keep = upper ? (c - r >= kk) : (c - r <= kk);
        if (keep) gir__copy_el(k->out, i, k->in[0].p, i, es);
        else GIR_MEMSET((char *)k->out + (size_t)i * es, 0, es);
    }
    return GIR_OK;
}
/* n elements of dtype idt read at stride st (0 or 1) cast to odt; f32 casts go through float, not double (gen/70-kernels/f32.c),
   so a single-precision FPU needs no double helper; a GIR_ONLY_F32 build has those casts only (gir__f32_step_ok).
   gir__k_cast and fused casts (gen/80-plan/fuse.c) share it. */
static void gir__cast_run(int64_t n, void *out, int odt, const void *in, int idt, int64_t st) {
    int64_t i;
    if (GIR__ONLY_F32 || ((idt == GIR_DTYPE_F32 || odt == GIR_DTYPE_F32) && idt != GIR_DTYPE_F64 && odt != GIR_DTYPE_F64))
        for (i = 0; i < n; ++i) gir__setf(out, odt, i, gir__getf(in, idt, i * st));
    else if (idt == GIR_DTYPE_F32 && odt == GIR_DTYPE_F64)
        for (i = 0; i < n; ++i) ((double *)out)[i] = gir__f64_of_f32(((const float *)in)[i * st]);
    else if (idt == GIR_DTYPE_F64 && odt == GIR_DTYPE_F32)
        for (i = 0; i < n; ++i) ((float *)out)[i] = gir__f32_of_f64(((const double *)in)[i * st]);
    else
        for (i = 0; i < n; ++i) gir__setd(out, odt, i, gir__getd(in, idt, i * st));
}
static gir_status gir__k_cast(gir__kx *k) {        /* the true dtypes: GIR_ONLY_F32 casts f32 to and from others */
    if (k->in[0].dt == k->dtype) return gir__k_copy(k);
    gir__cast_run(gir__numel(k->shape), k->out, k->dtype, k->in[0].p, k->in[0].dt, 1);
    return GIR_OK;
}

/* linear algebra and NN kernel templates, instantiated for f32 and f64 */
@@TEMPLATES@@

/* batched matmul with broadcast batch axes: a [..., m, kk] x b [..., kk, n]; f32 and f64 through gir__gemm, which
   also reads an operand whose last two axes are swapped (in[j].tr) in place */
typedef struct gir__mm_job {
    gir__kx             *k;
    const gir__gemm_cfg *g;
    int64_t              m, kk, n, rsa, csa, rsb, csb, nb, nt, es;
    int64_t              ast[GIR_MAX_RANK], bst[GIR_MAX_RANK];
    gir_shape            ob;
    size_t               region;      /* scratch bytes of one thread */
    int                  acc;         /* the product is added to out (a folded update, see gir__k_matmul) */
} gir__mm_job;
/* product t of the batch: the float GEMM (with scratch s and hook par) or the wrapping integer loop */
#if defined(GIR_NO_PACKED_GEMM)
/* GIR_NO_PACKED_GEMM (small firmware builds): one float product without packing or scratch, accumulating in the
   dtype. gir__dot4_<T> sums four columns of one row of out in registers (the four columns' pointers into b walk
   together down kk rows); its few live values stay in a 32-bit core's registers. Its strides and count are
   32-bit (a dimension is an int32_t, and so is a 2-D operand's stride); the offsets of a row and a column, which
   may pass 2^31 elements, are ptrdiff_t, the target's word: a 32-bit core does no 64-bit arithmetic. */
#define GIR__DOT4(T)                                                                                         \
    GIR__NOINLINE static void gir__dot4_##T(const T *a, int32_t sa, const T *const *b, int32_t sb, int32_t kk,  \
                                             T *s) {                                                         \
        const T *b0 = b[0], *b1 = b[1], *b2 = b[2], *b3 = b[3];                                              \
        T s0 = 0, s1 = 0, s2 = 0, s3 = 0;                                                                    \
        for (; kk > 0; --kk, a += sa, b0 += sb, b1 += sb, b2 += sb, b3 += sb) {                              \
            T x = *a;                                                                                        \
            s0 += x * *b0;                                                                                   \
            s1 += x * *b1;                                                                                   \
            s2 += x * *b2;                                                                                   \
            s3 += x * *b3;                                                                                   \
        }                                                                                                    \
        s[0] = s0;                                                                                           \
        s[1] = s1;                                                                                           \
        s[2] = s2;                                                                                           \
        s[3] = s3;                                                                                           \
    }
GIR__DOT4(float)
GIR__DOT4(double)
#undef GIR__DOT4
/* the rows of out, four columns at a time (past the last column, the fourth pointer repeats the last: its sum is
   not stored) */
#define GIR__MM_PLAIN(T) do {                                                                              \
        const T *a = (const T *)k->in[0].p + ao, *b = (const T *)k->in[1].p + bo, *bc[4];                   \
        T *o = (T *)k->out + t * j->m * j->n, s[4];                                                         \
        for (i = 0; i < m; ++i, o += n)                                                                     \
            for (c = 0; c < n; c += 4) {                                                                    \
                for (q = 0; q < 4; ++q) bc[q] = b + (ptrdiff_t)(c + q < n ? c + q : n - 1) * csb;           \
                gir__dot4_##T(a + (ptrdiff_t)i * rsa, csa, bc, rsb, kk, s);                                 \
                for (q = 0; q < 4 && c + q < n; ++q) o[c + q] = j->acc ? o[c + q] + s[q] : s[q];            \
            }                                                                                               \
    } while (0)
static void gir__mm_plain(const gir__mm_job *j, int64_t ao, int64_t bo, int64_t t) {
    const gir__kx *k = j->k;
    int32_t i, c, q, m = (int32_t)j->m, kk = (int32_t)j->kk, n = (int32_t)j->n;
    int32_t rsa = (int32_t)j->rsa, csa = (int32_t)j->csa, rsb = (int32_t)j->rsb, csb = (int32_t)j->csb;
    if (GIR__KDT(k) == GIR_DTYPE_F32) GIR__MM_PLAIN(float);
    else GIR__MM_PLAIN(double);
}
#undef GIR__MM_PLAIN
#endif
static void gir__mm_one(const gir__mm_job *j, int64_t t, void *s, const gir__par *par) {
    const gir__kx *k = j->k;
    int64_t rem = t, ao = 0, bo = 0, i, c, p, idx[GIR_MAX_RANK], m = j->m, kk = j->kk, n = j->n;
    int d;
    for (d = j->ob.rank - 1; d >= 0; --d) {
        int64_t q = gir__udiv(rem, j->ob.dim[d]);
        idx[d] = rem - q * j->ob.dim[d];
        rem = q;
    }
    for (d = 0; d < j->ob.rank; ++d) { ao += idx[d] * j->ast[d]; bo += idx[d] * j->bst[d]; }
    ao *= m * kk;
    bo *= kk * n;
#if defined(GIR_NO_PACKED_GEMM)
    (void)s; (void)par;
    if (GIR__KDT(k) == GIR_DTYPE_F32 || GIR__KDT(k) == GIR_DTYPE_F64) {   /* no GEMM configuration (j->g) is taken */
        gir__mm_plain(j, ao, bo, t);
        return;
    }
#else
    if (j->g) {
        gir__gemm(j->g, m, n, kk, (const char *)k->in[0].p + ao * j->es, j->rsa, j->csa,
                  (const char *)k->in[1].p + bo * j->es, j->rsb, j->csb, (char *)k->out + t * m * n * j->es, n, j->acc, s,
                  par);
        return;
    }
#endif
    for (i = 0; i < m; ++i)
        for (c = 0; c < n; ++c) {
            uint32_t acc = j->acc ? gir__getu(k->out, GIR__KDT(k), t * m * n + i * n + c) : 0u;
            for (p = 0; p < kk; ++p)
                acc += gir__getu(k->in[0].p, GIR__KDT(k), ao + i * kk + p) * gir__getu(k->in[1].p, GIR__KDT(k), bo + p * n + c);
            gir__setu(k->out, GIR__KDT(k), t * m * n + i * n + c, acc);
        }
}
#if defined(GIR_THREADS)
/* thread t of nt: its share of the batch's products, each on one thread with its own part of the scratch */
static void gir__mm_task(void *ctx, int t) {
    const gir__mm_job *j = (const gir__mm_job *)ctx;
    int64_t b0 = j->nb * t / j->nt, b1 = j->nb * (t + 1) / j->nt, b;
    for (b = b0; b < b1; ++b) gir__mm_one(j, b, (char *)j->k->scratch + (size_t)t * j->region, NULL);
}
#endif
/* a third input: out = in[2] + in[0] in[1], the product added to in[2] (an SGD update folded into the weight
   gradient's GEMM by gen/80-plan/update.c: out is then in[2]'s memory) */
static gir_status gir__mm_acc_start(gir__kx *k) {
    if (k->in[2].dt != GIR__KDT(k) || !gir__shape_eq(k->in[2].s, k->shape))
        return gir__kfail(k, GIR_ERR_SHAPE, "the value it adds to is %T%S, not %T%S", (int)k->in[2].dt, k->in[2].s,
                          (int)GIR__KDT(k), k->shape);
    if (k->out != k->in[2].p)
        GIR_MEMCPY(k->out, k->in[2].p, (size_t)gir__numel(k->shape) * gir__esize(GIR__KDT(k)));
    return GIR_OK;
}
static gir_status gir__k_matmul(gir__kx *k) {
    gir__mm_job j;
    gir_shape ab = *k->in[0].s, bb = *k->in[1].s;
    int64_t t;
    int ta = k->in[0].tr, tb = k->in[1].tr;
    gir_status st;
    j.acc = k->nin == 3;
    if (j.acc && (st = gir__mm_acc_start(k)) != GIR_OK) return st;
    j.k = k; j.g = NULL; j.ob = *k->shape; j.es = (int64_t)gir__esize(GIR__KDT(k));
    j.m = ab.dim[ab.rank - 2 + ta]; j.kk = ab.dim[ab.rank - 1 - ta]; j.n = bb.dim[bb.rank - 1 - tb];
    j.rsa = ta ? 1 : j.kk; j.csa = ta ? j.m : 1; j.rsb = tb ? 1 : j.n; j.csb = tb ? j.kk : 1;
    j.ob.rank -= 2; ab.rank -= 2; bb.rank -= 2;
    if (j.m == 0 || j.n == 0) return GIR_OK;              /* nothing to write; an empty input may be NULL */
    if (j.kk == 0) {                                     /* empty sums */
        if (!j.acc) GIR_MEMSET(k->out, 0, (size_t)gir__numel(k->shape) * gir__esize(GIR__KDT(k)));
        return GIR_OK;
    }
    gir__bstrides(&ab, &j.ob, j.ast);
    gir__bstrides(&bb, &j.ob, j.bst);
    j.nb = gir__numel(&j.ob);
    if (GIR__KDT(k) == GIR_DTYPE_F32 || GIR__KDT(k) == GIR_DTYPE_F64) {
#if !defined(GIR_NO_PACKED_GEMM)
        j.g = gir__gemm_cfg_for(GIR__KDT(k));
#endif
        if (j.nb > 1 && !ta && gir__numel(&bb) == 1 && gir__numel(&ab) == j.nb) { j.m *= j.nb; j.nb = 1; }  /* one B: rows */
    }
#if defined(GIR_THREADS)
    /* a batch of at least one product per thread: whole products per thread, else each product is split */
    j.nt = gir__par_threads(k->par);
    if (j.g && j.nt > 1 && j.nb >= j.nt && (double)j.m * (double)j.n * (double)j.kk * (double)j.nb >= GIR__GEMM_PAR_MIN) {
        j.region = gir__gemm_scratch(j.g, j.m, j.n, j.kk);
        gir__par_for(k->par, (int)j.nt, gir__mm_task, &j);
        return GIR_OK;
    }
#endif
    for (t = 0; t < j.nb; ++t) gir__mm_one(&j, t, k->scratch, k->par);
    return GIR_OK;
}
/* dot, outer and trace: integer dtypes accumulate in uint32_t (wrapping), floats in double */
static gir_status gir__k_dot(gir__kx *k) {
    int64_t n = k->in[0].s->dim[0], i;
    const void *a = k->in[0].p, *b = k->in[1].p;
    double s = 0;
    uint32_t u = 0;
    if (GIR__KDT(k) == GIR_DTYPE_F32) {                     /* f32 in f32 (gen/70-kernels/f32.c) */
        ((float *)k->out)[0] = gir__f32_xdot((const float *)a, (const float *)b, n, 0.0f);
        gir__f32_hits = gir__f32_hits + 1;
        return GIR_OK;
    }
    for (i = 0; i < n; ++i) {
        if (gir__is_int(GIR__KDT(k))) u += gir__getu(a, GIR__KDT(k), i) * gir__getu(b, GIR__KDT(k), i);
        else s += gir__getd(a, GIR__KDT(k), i) * gir__getd(b, GIR__KDT(k), i);
    }
    if (gir__is_int(GIR__KDT(k))) gir__setu(k->out, GIR__KDT(k), 0, u);
    else gir__setd(k->out, GIR__KDT(k), 0, s);
    return GIR_OK;
}
static gir_status gir__k_outer(gir__kx *k) {
    int64_t m = k->shape->dim[0], n = k->shape->dim[1], i, j;
    const void *a = k->in[0].p, *b = k->in[1].p;
    for (i = 0; i < m; ++i)
        for (j = 0; j < n; ++j) {
            if (GIR__KDT(k) == GIR_DTYPE_F32) ((float *)k->out)[i * n + j] = ((const float *)a)[i] * ((const float *)b)[j];
            else if (gir__is_int(GIR__KDT(k))) gir__setu(k->out, GIR__KDT(k), i * n + j, gir__getu(a, GIR__KDT(k), i) * gir__getu(b, GIR__KDT(k), j));
            else gir__setd(k->out, GIR__KDT(k), i * n + j, gir__getd(a, GIR__KDT(k), i) * gir__getd(b, GIR__KDT(k), j));
        }
    return GIR_OK;
}
static gir_status gir__k_trace(gir__kx *k) {
    const gir_shape *xs = k->in[0].s;
    int64_t m = xs->dim[xs->rank - 2], n = xs->dim[xs->rank - 1], d = m < n ? m : n, nb = gir__numel(k->shape), b, i;
    for (b = 0; b < nb; ++b) {
        double s = 0;
        uint32_t u = 0;
        for (i = 0; i < d; ++i) {
            if (gir__is_int(GIR__KDT(k))) u += gir__getu(k->in[0].p, GIR__KDT(k), b * m * n + i * n + i);
            else s += gir__getd(k->in[0].p, GIR__KDT(k), b * m * n + i * n + i);
        }
        if (gir__is_int(GIR__KDT(k))) gir__setu(k->out, GIR__KDT(k), b, u);
        else gir__setd(k->out, GIR__KDT(k), b, s);
    }
    return GIR_OK;
}
static gir_status gir__k_linalg(gir__kx *k) {
    const gir_shape *xs = k->in[0].s;
    int64_t n = xs->dim[xs->rank - 1], batch = n ? gir__numel(xs) / (n * n) : 0, b;
    int f = GIR__KDT(k) == GIR_DTYPE_F32, rc = 0;
    /* the family's own variants (inverse, det, logdet) by op; not columns */
    if (n == 0) {               /* 0x0 matrices: det 1 and log|det| 0 (empty products, as NumPy); nothing else */
        if (k->op == GIR_OP_DET || k->op == GIR_OP_LOGDET)
            for (b = 0; b < gir__numel(k->shape); ++b) gir__setd(k->out, GIR__KDT(k), b, k->op == GIR_OP_DET ? 1.0 : 0.0);
        return GIR_OK;
    }
    switch (k->op) {
    case GIR_OP_INVERSE:
        rc = f ? gir__la_inverse_f32(batch, n, (const float *)k->in[0].p, (float *)k->out, (float *)k->scratch)
               : gir__la_inverse_f64(batch, n, (const double *)k->in[0].p, (double *)k->out, (double *)k->scratch);
        if (rc) return gir__kfail(k, GIR_ERR_NUMERIC, "a matrix of %S is singular", xs);
        break;
    case GIR_OP_DET:
        if (f) gir__la_det_f32(batch, n, (const float *)k->in[0].p, (float *)k->out, (float *)k->scratch);
        else gir__la_det_f64(batch, n, (const double *)k->in[0].p, (double *)k->out, (double *)k->scratch);
        break;
    case GIR_OP_LOGDET:
        if (f) gir__la_logdet_f32(batch, n, (const float *)k->in[0].p, (float *)k->out, (float *)k->scratch);
        else gir__la_logdet_f64(batch, n, (const double *)k->in[0].p, (double *)k->out, (double *)k->scratch);
        break;
    default:
        rc = f ? gir__la_cholesky_f32(batch, n, (const float *)k->in[0].p, (float *)k->out)
               : gir__la_cholesky_f64(batch, n, (const double *)k->in[0].p, (double *)k->out);
        if (rc) return gir__kfail(k, GIR_ERR_NUMERIC, "a matrix of %S is not positive definite", xs);
    }
    return GIR_OK;
}
static gir_status gir__k_trisolve(gir__kx *k) {
    const gir_shape *as = k->in[0].s;
    int64_t n = as->dim[as->rank - 1], m = k->shape->dim[k->shape->rank - 1], batch = n ? gir__numel(as) / (n * n) : 0;
    if (gir__numel(k->shape) == 0) return GIR_OK;        /* nothing to write; an empty input may be NULL */
    if (GIR__KDT(k) == GIR_DTYPE_F32)
        gir__la_trisolve_f32(batch, n, m, (const float *)k->in[0].p, (const float *)k->in[1].p, (float *)k->out,
                             k->attr->i[0], k->attr->i[1]);
    else
        gir__la_trisolve_f64(batch, n, m, (const double *)k->in[0].p, (const double *)k->in[1].p, (double *)k->out,
                             k->attr->i[0], k->attr->i[1]);
    return GIR_OK;
}
static gir_status gir__k_softmax(gir__kx *k) {
    int64_t outer, len, inner, a, b, j;
    /* the family's variants; a build without log_softmax (GIR_ONLY_OPS) links no log for softmax */
    int dt = GIR__KDT(k), logsm = !GIR__WHY_LOG_SOFTMAX && k->op == GIR_OP_LOG_SOFTMAX;
    const gir__vr_fns *vr;
    gir__around(k->shape, k->attr->i[0], &outer, &len, &inner);
    if (inner == 1 && (vr = gir__vr_pick(dt)) != NULL) {      /* along the last axis: rows on vectors */
        vr->softmax(k->in[0].p, k->out, outer, len, logsm);
        return GIR_OK;
    }
    if (dt == GIR_DTYPE_F32) {
        gir__f32_hits = gir__f32_hits + 1;
        gir__f32_softmax((const float *)k->in[0].p, (float *)k->out, outer, len, inner, logsm);
        return GIR_OK;
    }
    for (a = 0; a < outer; ++a)
        for (b = 0; b < inner; ++b) {
            int64_t base = a * len * inner + b;
            double mx = -HUGE_VAL, s = 0;
            for (j = 0; j < len; ++j) {
                double v = gir__getd(k->in[0].p, dt, base + j * inner);
                if (v > mx || v != v) mx = v;
            }
            for (j = 0; j < len; ++j) s += gir__exp_f64(gir__getd(k->in[0].p, dt, base + j * inner) - mx);
            for (j = 0; j < len; ++j) {
                double v = gir__getd(k->in[0].p, dt, base + j * inner) - mx;
                gir__setd(k->out, dt, base + j * inner, logsm ? v - gir__log_f64(s) : gir__exp_f64(v) / s);
            }
        }
    return GIR_OK;
}
static double gir__row_lse(const void *x, int dt, int64_t base, int64_t c) {
    double mx = -HUGE_VAL, s = 0;
    int64_t j;
    for (j = 0; j < c; ++j) { double v = gir__getd(x, dt, base + j); if (v > mx || v != v) mx = v; }
    if (mx == HUGE_VAL || mx == -HUGE_VAL || mx != mx) return mx;
    for (j = 0; j < c; ++j) s += gir__exp_f64(gir__getd(x, dt, base + j) - mx);
    return mx + gir__log_f64(s);
}
/* logsumexp of row r of x [., c]: on vectors when vr is not NULL */
static double gir__xent_lse(const gir__vr_fns *vr, const void *x, int dt, int64_t r, int64_t c) {
    return vr ? vr->lse((const char *)x + (size_t)(r * c) * gir__esize(dt), c) : gir__row_lse(x, dt, r * c, c);
}
static gir_status gir__k_xent(gir__kx *k) {
    int64_t nr = k->in[0].s->dim[0], c = k->in[0].s->dim[1], r;
    const int32_t *lab = (const int32_t *)k->in[1].p;
    const gir__vr_fns *vr = nr ? gir__vr_pick(GIR__KDT(k)) : NULL;
    for (r = 0; r < nr; ++r) {
        if (lab[r] < 0 || lab[r] >= c)
            return gir__kfail(k, GIR_ERR_INDEX, "label %d of row %l is not in [0, %l)", (int)lab[r], (long long)r, (long long)c);
        if (!vr && GIR__KDT(k) == GIR_DTYPE_F32) {          /* f32 in f32 (gen/70-kernels/f32.c) */
            const float *x = (const float *)k->in[0].p + r * c;
            ((float *)k->out)[r] = gir__f32_lse(x, c, 1) - x[lab[r]];
            gir__f32_hits = gir__f32_hits + 1;
            continue;
        }
        gir__setd(k->out, GIR__KDT(k), r, gir__xent_lse(vr, k->in[0].p, GIR__KDT(k), r, c) - gir__getd(k->in[0].p, GIR__KDT(k), r * c + lab[r]));
    }
    return GIR_OK;
}
static gir_status gir__k_xent_prob(gir__kx *k) {
    int64_t nr = k->in[0].s->dim[0], c = k->in[0].s->dim[1], r, j;
    const gir__vr_fns *vr = nr ? gir__vr_pick(GIR__KDT(k)) : NULL;
    size_t rb = (size_t)c * gir__esize(GIR__KDT(k));
    if (!vr && GIR__KDT(k) == GIR_DTYPE_F32) {              /* f32 in f32 (gen/70-kernels/f32.c) */
        const float *x = (const float *)k->in[0].p, *w = (const float *)k->in[1].p;
        for (r = 0; r < nr; ++r)
            ((float *)k->out)[r] = -gir__f32_xdot(w + r * c, x + r * c, c, gir__f32_lse(x + r * c, c, 1));
        gir__f32_hits = gir__f32_hits + 1;
        return GIR_OK;
    }
    for (r = 0; r < nr; ++r) {
        double lse = gir__xent_lse(vr, k->in[0].p, GIR__KDT(k), r, c), s = 0;
        if (vr) s = -vr->xdot((const char *)k->in[1].p + (size_t)r * rb, (const char *)k->in[0].p + (size_t)r * rb, c, lse);
        else
            for (j = 0; j < c; ++j)
                s -= gir__getd(k->in[1].p, GIR__KDT(k), r * c + j) * (gir__getd(k->in[0].p, GIR__KDT(k), r * c + j) - lse);
        gir__setd(k->out, GIR__KDT(k), r, s);
    }
    return GIR_OK;
}
static gir_status gir__k_mse(gir__kx *k) {
    int64_t n = gir__numel(k->in[0].s), i;
    double s = 0;
    if (GIR__KDT(k) == GIR_DTYPE_F32) {                     /* f32 in f32 (gen/70-kernels/f32.c) */
        const float *a = (const float *)k->in[0].p, *b = (const float *)k->in[1].p;
        float fs = 0, fc = 0;
        for (i = 0; i < n; ++i) gir__f32_add(&fs, &fc, (a[i] - b[i]) * (a[i] - b[i]));
        ((float *)k->out)[0] = gir__f32_total(fs, fc) / (float)n;
        gir__f32_hits = gir__f32_hits + 1;
        return GIR_OK;
    }
    for (i = 0; i < n; ++i) {
        double d = gir__getd(k->in[0].p, GIR__KDT(k), i) - gir__getd(k->in[1].p, GIR__KDT(k), i);
        s += d * d;
    }
    gir__setd(k->out, GIR__KDT(k), 0, n ? s / (double)n : 0.0 / (double)(n - n));
    return GIR_OK;
}
/* the sizes of a convolution from x [N, C, H, W], w [K, C/groups, kh, kw] and y [N, K, OH, OW] (w NULL: pooling,
   K = C, groups 1); strides, padding and dilation are set by gir__conv_fill */
static void gir__conv_dims(gir__conv_p *p, const gir_shape *xs, const gir_shape *ws, const gir_shape *ys) {
    p->n = xs->dim[0]; p->c = xs->dim[1]; p->h = xs->dim[2]; p->w = xs->dim[3];
    p->k = ws ? ws->dim[0] : xs->dim[1];
    p->kh = ws ? ws->dim[2] : 1;
    p->kw = ws ? ws->dim[3] : 1;
    p->oh = ys->dim[2]; p->ow = ys->dim[3];
    p->groups = ws && ws->dim[1] > 0 ? xs->dim[1] / ws->dim[1] : 1;
    p->sh = p->sw = p->dh = p->dw = 1;
    p->ph = p->pw = 0;
    p->incl = 1;
}
static void gir__conv_fill(gir__conv_p *p, const gir_shape *xs, const gir_shape *ws, const gir_shape *ys,
                           const gir_attr *A) {
    gir__conv_dims(p, xs, ws, ys);
    p->kh = ws ? ws->dim[2] : A->l[0].v[0];
    p->kw = ws ? ws->dim[3] : A->l[0].v[1];
    p->sh = ws ? A->l[0].v[0] : A->l[1].v[0];
    p->sw = ws ? A->l[0].v[1] : A->l[1].v[1];
    p->ph = ws ? A->l[1].v[0] : A->l[2].v[0];
    p->pw = ws ? A->l[1].v[1] : A->l[2].v[1];
    p->dh = ws ? A->l[2].v[0] : 1;
    p->dw = ws ? A->l[2].v[1] : 1;
    p->groups = ws ? A->i[0] : 1;
}
/* conv2d and its gradients, as im2col blocks times the packed GEMM (kern_nn.tmpl.c) */
static gir_status gir__k_conv(gir__kx *k) {
    gir__conv_p p;
    int f = GIR__KDT(k) == GIR_DTYPE_F32;
    const gir__gemm_cfg *g = gir__gemm_cfg_for(GIR__KDT(k));
    const void *a = k->in[0].p, *b = k->in[1].p;
    void *s = k->scratch;
    switch (k->op) {                    /* the family's own variants (conv, pools, their backward ops) */
    case GIR_OP_CONV2D:
        gir__conv_fill(&p, k->in[0].s, k->in[1].s, k->shape, k->attr);
        if (f) gir__nn_conv2d_f32(&p, g, (const float *)a, (const float *)b, (float *)k->out, s);
        else gir__nn_conv2d_f64(&p, g, (const double *)a, (const double *)b, (double *)k->out, s);
        break;
    case GIR_OP_CONV2D_BWD_DATA:
        gir__conv_fill(&p, k->shape, k->in[1].s, k->in[0].s, k->attr);
        if (f) gir__nn_conv2d_bwd_data_f32(&p, g, (const float *)a, (const float *)b, (float *)k->out, s);
        else gir__nn_conv2d_bwd_data_f64(&p, g, (const double *)a, (const double *)b, (double *)k->out, s);
        break;
    default:
        gir__conv_fill(&p, k->in[0].s, k->shape, k->in[1].s, k->attr);
        if (f) gir__nn_conv2d_bwd_filter_f32(&p, g, (const float *)a, (const float *)b, (float *)k->out, s);
        else gir__nn_conv2d_bwd_filter_f64(&p, g, (const double *)a, (const double *)b, (double *)k->out, s);
    }
    return GIR_OK;
}
static gir_status gir__k_pool(gir__kx *k) {
    gir__conv_p p;
    int f = GIR__KDT(k) == GIR_DTYPE_F32;
    switch (k->op) {
    case GIR_OP_MAX_POOL2D:
        gir__conv_fill(&p, k->in[0].s, NULL, k->shape, k->attr);
        if (f) gir__nn_maxpool2d_f32(&p, (const float *)k->in[0].p, (float *)k->out);
        else gir__nn_maxpool2d_f64(&p, (const double *)k->in[0].p, (double *)k->out);
        break;
    case GIR_OP_AVG_POOL2D:
        gir__conv_fill(&p, k->in[0].s, NULL, k->shape, k->attr);
        p.incl = k->attr->i[0] != 0;
        if (f) gir__nn_avgpool2d_f32(&p, (const float *)k->in[0].p, (float *)k->out);
        else gir__nn_avgpool2d_f64(&p, (const double *)k->in[0].p, (double *)k->out);
        break;
    case GIR_OP_MAX_POOL2D_BWD:
        gir__conv_fill(&p, k->shape, NULL, k->in[0].s, k->attr);
        if (f) gir__nn_maxpool2d_bwd_f32(&p, (const float *)k->in[1].p, (const float *)k->in[0].p, (float *)k->out);
        else gir__nn_maxpool2d_bwd_f64(&p, (const double *)k->in[1].p, (const double *)k->in[0].p, (double *)k->out);
        break;
    case GIR_OP_MAX_POOL2D_PICK:
        gir__conv_fill(&p, k->in[1].s, NULL, k->shape, k->attr);
        if (f) gir__nn_maxpool2d_pick_f32(&p, (const float *)k->in[1].p, (const float *)k->in[0].p, (float *)k->out);
        else gir__nn_maxpool2d_pick_f64(&p, (const double *)k->in[1].p, (const double *)k->in[0].p,
                                        (double *)k->out);
        break;
    default:
        gir__conv_fill(&p, k->shape, NULL, k->in[0].s, k->attr);
        p.incl = k->attr->i[0] != 0;
        if (f) gir__nn_avgpool2d_bwd_f32(&p, (const float *)k->in[0].p, (float *)k->out);
        else gir__nn_avgpool2d_bwd_f64(&p, (const double *)k->in[0].p, (double *)k->out);
    }
    return GIR_OK;
}
/* writes the variable (in[0], the graph's storage) and the node's own value, both the new value */
static gir_status gir__k_assign(gir__kx *k) {
    size_t bytes = (size_t)gir__numel(k->shape) * gir__esize(k->dtype);
    if (bytes && k->in[0].p != k->in[1].p) GIR_MEMCPY((void *)(uintptr_t)k->in[0].p, k->in[1].p, bytes);
    if (bytes && k->out != k->in[1].p) GIR_MEMCPY(k->out, k->in[1].p, bytes);
    return GIR_OK;
}
/* generated from ops.def: the kernel of each op */
@@KERNEL_TABLE@@

/* GIR_ONLY_F32: whether a step of op with result dtype odt and inputs in[0..n) runs on the f32 kernels. No value
   is f64; all are f32, or the kernels handle the others with float work: an elementwise step on f32 inputs (a
   comparison's b8 result), a cast between f32 and i32, u8 or b8, or an f32 result whose other inputs are i32
   arguments (labels and indices, read as int32_t) */
static int gir__f32_step_ok(int op, int odt, const gir__kin *in, uint32_t n) {
    gir__kernel_fn k = gir__kernel_of(op);
    uint32_t j;
    int cast = 0, ew = 0;
#if GIR__KEPT_K_cast                      /* a selective build without these kernels does not link them */
    cast = k == gir__k_cast;
#endif
#if GIR__KEPT_K_eltwise
    ew = k == gir__k_eltwise;
#endif
    (void)k;
    if (odt == GIR_DTYPE_F64) return 0;
    for (j = 0; j < n; ++j) {
        if (in[j].dt == GIR_DTYPE_F64) return 0;
        if (in[j].dt == GIR_DTYPE_F32) continue;
        if (odt != GIR_DTYPE_F32 || (!cast && (in[j].dt != GIR_DTYPE_I32 || !gir_op_input_is_arg((gir_op)op, (int)j))))
            return 0;
    }
    return odt == GIR_DTYPE_F32 || (n == 1 && cast) || (n > 0 && ew);   /* else every input is f32 */
}

/* scratch bytes a step needs, by kernel family, so a new row of a family needs nothing more; in1: the second
   input's shape (NULL if none). On a build whose GEMM has the blocking g (for dt) and packs matmul's operands
   (packed; not under GIR_NO_PACKED_GEMM): this build's (gir__scratch_bytes) or a target's (gir_image_ram_size_for) */
static size_t gir__scratch_bytes_on(int op, int dt, const gir_shape *out, const gir_shape *in0, const gir_shape *in1,
                                    const gir__gemm_cfg *g, int packed) {
    gir__kernel_fn k = gir__kernel_of(op);
    (void)k; (void)dt; (void)out; (void)in0; (void)in1;   /* a selective build may keep none of these families */
    (void)g; (void)packed;
#if GIR__KEPT_K_reduce
    if (k == gir__k_reduce) return 2 * (size_t)gir__numel(out) * sizeof(double);
#endif
#if GIR__KEPT_K_linalg
    if (k == gir__k_linalg) {
        int64_t n = in0->dim[in0->rank - 1];
        return (size_t)(n * n + n) * gir__esize(dt);
    }
#endif
#if GIR__KEPT_K_matmul
    if (packed && k == gir__k_matmul && (dt == GIR_DTYPE_F32 || dt == GIR_DTYPE_F64)) {
        int64_t n = out->dim[out->rank - 1];
        return n ? gir__gemm_scratch(g, gir__numel(out) / n, n, in0->dim[in0->rank - 1]) : 0;
    }
#endif
#if GIR__KEPT_K_conv
    if (k == gir__k_conv && in1) {            /* x, w, y; gx, w, gy; x, gw, gy */
        gir__conv_p p;
        /* the conv family's variants: forward, data gradient, filter gradient */
        int which = op == GIR_OP_CONV2D ? 0 : op == GIR_OP_CONV2D_BWD_DATA ? 1 : 2;
        if (which == 0) gir__conv_dims(&p, in0, in1, out);
        else if (which == 1) gir__conv_dims(&p, out, in1, in0);
        else gir__conv_dims(&p, in0, out, in1);
        return gir__conv_scratch(&p, g, which);
    }
#endif
    return 0;
}
#if defined(GIR_NO_PACKED_GEMM)
#  define GIR__PACKED_GEMM 0
#else
#  define GIR__PACKED_GEMM 1
#endif
/* ... on this build */
static size_t gir__scratch_bytes(int op, int dt, const gir_shape *out, const gir_shape *in0, const gir_shape *in1) {
    return gir__scratch_bytes_on(op, dt, out, in0, in1, gir__gemm_cfg_for(dt), GIR__PACKED_GEMM);
}
#if defined(GIR_THREADS)
/* scratch bytes a step needs when the plan has nt threads: the GEMM's packing buffers once per thread */
static size_t gir__scratch_bytes_par(int op, int dt, const gir_shape *out, const gir_shape *in0, const gir_shape *in1,
                                     int nt) {
    if (gir__kernel_of(op) == gir__k_matmul && (dt == GIR_DTYPE_F32 || dt == GIR_DTYPE_F64) && nt > 1) {
        int64_t n = out->dim[out->rank - 1];
        return n ? gir__gemm_scratch_par(gir__gemm_cfg_for(dt), gir__numel(out) / n, n, in0->dim[in0->rank - 1], nt) : 0;
    }
    return gir__scratch_bytes(op, dt, out, in0, in1);
}
#endif
