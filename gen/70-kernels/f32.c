/* >>f32: f32 stays f32. The kernels of gen/70-kernels/kernels.c take these loops for f32 values when no vector path
   applies (scalar machines such as the Cortex-M4, GIR_NO_SIMD, axis patterns the vector code does not cover),
   so an f32 graph computes in float and a single-precision FPU never emulates double. Sums are compensated
   (Kahan): the error of an f32 sum of n terms stays within about 2 eps_f32 |sum| + n eps_f32^2 sum |x|, where a
   plain float accumulator has n eps_f32 sum |x|. The conversions between f32 and f64 that never call a soft-float
   helper (gir__f32_of_f64, gir__f64_of_f32) are in gen/40-vector/ew_loops.c, whose generated loops use them. */
static volatile unsigned long gir__f32_hits;    /* kernel calls that took an f32 loop (the tests watch it) */

/* s += v, compensated (Kahan): c carries the rounding error of s, at most about an ulp of s, so the sum of n
   terms stays within about 2 eps_f32 |sum| + n eps_f32^2 sum |x|; an infinite or NaN s stops the compensation and
   gir__f32_total gives s as it is */
static GIR__INLINE void gir__f32_add(float *s, float *c, float v) {
    float y = v - *c, t = *s + y;
    *c = t - t == 0 ? (t - *s) - y : 0.0f;
    *s = t;
}
static GIR__INLINE float gir__f32_total(float s, float c) { return s - s == 0 ? s - c : s; }
/* element i of an f32 view of a b8, u8, i32 or f32 buffer, and stores with C casts made total (as gir__setd) */
static GIR__INLINE float gir__getf(const void *p, int dt, int64_t i) {
    switch (dt) {
    case GIR_DTYPE_B8: case GIR_DTYPE_U8: return (float)((const uint8_t *)p)[i];
    case GIR_DTYPE_I32: return (float)((const int32_t *)p)[i];
    default: return ((const float *)p)[i];
    }
}
static GIR__INLINE void gir__setf(void *p, int dt, int64_t i, float v) {
    switch (dt) {
    case GIR_DTYPE_B8: ((uint8_t *)p)[i] = (uint8_t)(v != 0); break;
    case GIR_DTYPE_U8: ((uint8_t *)p)[i] = (uint8_t)(v != v || v <= 0 ? 0 : v >= 255 ? 255 : v); break;
    case GIR_DTYPE_I32:
        ((int32_t *)p)[i] = v != v ? 0 : v <= -2147483648.0f ? (int32_t)(-2147483647 - 1)
                          : v >= 2147483648.0f ? 2147483647 : (int32_t)v;
        break;
    default: ((float *)p)[i] = v;
    }
}

/* logsumexp of x[0, n) at stride st: the maximum shifted out; an infinite or NaN maximum is the result */
static float gir__f32_lse(const float *x, int64_t n, int64_t st) {
    float mx = -HUGE_VALF, s = 0, c = 0;
    int64_t j;
    for (j = 0; j < n; ++j) if (x[j * st] > mx || x[j * st] != x[j * st]) mx = x[j * st];
    if (mx - mx != 0) return mx;
    for (j = 0; j < n; ++j) gir__f32_add(&s, &c, gir__exp_f32(x[j * st] - mx));
    return mx + gir__log_f32(gir__f32_total(s, c));
}
/* softmax or log-softmax along the middle axis of x [outer, len, inner] into y (which may be x) */
static void gir__f32_softmax(const float *x, float *y, int64_t outer, int64_t len, int64_t inner, int logsm) {
    int64_t a, b, j;
    for (a = 0; a < outer; ++a)
        for (b = 0; b < inner; ++b) {
            const float *xr = x + a * len * inner + b;
            float *yr = y + a * len * inner + b, mx = -HUGE_VALF, s = 0, c = 0;
            for (j = 0; j < len; ++j) if (xr[j * inner] > mx || xr[j * inner] != xr[j * inner]) mx = xr[j * inner];
            for (j = 0; j < len; ++j) gir__f32_add(&s, &c, gir__exp_f32(xr[j * inner] - mx));
            s = gir__f32_total(s, c);
            if (logsm) {
                float ls = gir__log_f32(s);
                for (j = 0; j < len; ++j) yr[j * inner] = (xr[j * inner] - mx) - ls;
            } else {
                for (j = 0; j < len; ++j) yr[j * inner] = gir__exp_f32(xr[j * inner] - mx) / s;
            }
        }
}
/* sum w (x - c) over [0, n), compensated */
static float gir__f32_xdot(const float *w, const float *x, int64_t n, float c0) {
    float s = 0, c = 0;
    int64_t j;
    for (j = 0; j < n; ++j) gir__f32_add(&s, &c, w[j] * (x[j] - c0));
    return gir__f32_total(s, c);
}

/* reductions: the output index o moves with x's index; gir__reduce_next steps the multi-index idx over the axes
   before last (the row along the axes from last on is done) and gives the output index of the next row */
static int64_t gir__reduce_next(int64_t *idx, int64_t o, const int64_t *ostr, const gir_shape *xs, int last) {
    int d;
    for (d = last - 1; d >= 0; --d) {
        o += ostr[d];
        if (++idx[d] < xs->dim[d]) break;
        o -= ostr[d] * xs->dim[d];
        idx[d] = 0;
    }
    return o;
}
/* the loop of one case of a generated gir__red_row_*: STEP makes the accumulator a from a, the element v and m,
   the previous pass's result (M(j): aux[j] or none); a sits in a register over the row when it is one output */
#define GIR__RED_AUX(j) aux[j]
#define GIR__RED_NOAUX(j) 0
#define GIR__RED_ROW(T, M, STEP) do {                                                                        \
        if (one) {                                                                                          \
            T a = acc[0];                                                                                   \
            const T m = (T)M(0);                                                                            \
            for (j = 0; j < len; ++j) { const T v = x[j]; STEP; }                                          \
            acc[0] = a; (void)m;                                                                            \
        } else                                                                                              \
            for (j = 0; j < len; ++j) { T a = acc[j]; const T v = x[j], m = (T)M(j); STEP; acc[j] = a; (void)m; } \
    } while (0)
/* the same with e, the compensation of the f32 path's compensated sums (in cmp) */
#define GIR__RED_ROWC(T, M, STEP) do {                                                                       \
        if (one) {                                                                                          \
            T a = acc[0], e = cmp[0];                                                                       \
            const T m = (T)M(0);                                                                            \
            for (j = 0; j < len; ++j) { const T v = x[j]; STEP; }                                          \
            acc[0] = a; cmp[0] = e; (void)m;                                                                \
        } else                                                                                              \
            for (j = 0; j < len; ++j) {                                                                     \
                T a = acc[j], e = cmp[j];                                                                   \
                const T v = x[j], m = (T)M(j);                                                              \
                STEP; acc[j] = a; cmp[j] = e; (void)m;                                                      \
            }                                                                                               \
    } while (0)
@@REDUCE_CODE@@
/* A reduction of f32 x into f32 out (a row's REDUCE form, ri) over any axes, one pass per stage in memory order,
   a row of the last axis at a time: ostr holds the output strides in the keepdims layout (0 on reduced axes).
   scratch holds 3 nout floats. ia, pa: the node's int and float attributes. */
static void gir__f32_reduce(const gir__redinfo *ri, const float *x, const gir_shape *xs, const int64_t *ostr,
                            int64_t nout, float *out, float *scratch, const int32_t *ia, const double *pa) {
    float *acc = scratch, *cmp = scratch + nout, *aux = scratch + 2 * nout;
    int64_t idx[GIR_MAX_RANK], n = gir__numel(xs), i, o;
    float cnt = gir__f32_of_count(nout ? gir__udiv(n, nout) : 0);
    int r = xs->rank, one = !r || !ostr[r - 1], d, pass;
    int64_t row = r ? xs->dim[r - 1] : 1;
    for (o = 0; o < nout; ++o) aux[o] = 0;
    for (pass = 0; pass < ri->nstage; ++pass) {
        for (o = 0; o < nout; ++o) {
            cmp[o] = 0;
            acc[o] = gir__red_init_f32(ri->init[pass]);
        }
        for (d = 0; d < r; ++d) idx[d] = 0;
        for (i = 0, o = 0; i < n; i += row) {
            gir__red_row_f32(ri->step[pass], x + i, row, one, acc + o, cmp + o, aux + o);
            o = gir__reduce_next(idx, o, ostr, xs, r - 1);
        }
        for (o = 0; o < nout; ++o)
            aux[o] = gir__red_fin_f32(ri->fin[pass], gir__f32_total(acc[o], cmp[o]), aux[o], cnt, ia, pa);
    }
    for (o = 0; o < nout; ++o) out[o] = aux[o];
}
/* whether a vector path (gen/40-vector/vreduce.c) serves f32 sums here: then the kernels keep it */
static int gir__f32_vec(void) { return !gir__vr_off && gir__simd_level() != GIR__ISA_SCALAR; }
