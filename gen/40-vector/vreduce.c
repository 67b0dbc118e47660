/* >>vreduce: reductions, softmax and cross-entropy on vectors, written once in gen/40-vector/vreduce.tmpl.c against the
   vocabulary above and instantiated for each instruction set and float dtype compiled in; the kernels of
   gen/70-kernels/kernels.c take them through gir__vr_pick and keep their scalar loops for everything else (integer
   dtypes, prod, all/any, axis patterns other than one run of reduced axes, softmax along an inner axis).
   How sums are accumulated: f32 in f32 and f64 in f64, in several vector accumulators; each lane adds at
   most k = 16 (along a row) or 64 (down a column) elements before that block's total goes into a double, so
   the error of a long f32 sum stays that of a short one: within about (k + 2) eps sum |x| of the exact sum,
   plus the final rounding (the scalar kernel, adding in double, has n eps_f64 sum |x|). Max and min keep the
   scalar rule: NaN if any element is NaN; among tied +0 and -0 either may be the result. */
#define GIR__VR_SUM    0        /* sum x */
#define GIR__VR_SQDEV  1        /* sum (x - m)^2 */
#define GIR__VR_EXPSUM 2        /* sum exp(x - m) */
#define GIR__VR_MAX    3
#define GIR__VR_MIN    4
#define GIR__VR_XDOT   5        /* sum w (x - m) */
#if defined(__GNUC__) || defined(__clang__)
#  define GIR__VR_FLAT __attribute__((always_inline))     /* the loops get specialised for each kind */
#else
#  define GIR__VR_FLAT
#endif
typedef struct gir__vr_fns {
    /* acc[r] = the reduction of row r of x [rows, n]; aux[r]: its m (SQDEV, EXPSUM) */
    void (*rows)(int what, const void *x, int64_t rows, int64_t n, double *acc, const double *aux);
    /* acc[a inner + b] joined with the reduction of x[a, :, b] for x [outer, len, inner]; aux likewise */
    void (*cols)(int what, const void *x, int64_t outer, int64_t len, int64_t inner, double *acc, const double *aux);
    /* softmax or log-softmax of each row of x [rows, n] into y (which may be x) */
    void (*softmax)(const void *x, void *y, int64_t rows, int64_t n, int logsm);
    double (*lse)(const void *x, int64_t n);                    /* logsumexp of a row, max shifted out */
    double (*xdot)(const void *w, const void *x, int64_t n, double c);     /* sum w (x - c) */
    /* y[r][o] = the first maximum, in row-major order, of x[r][0][2o], x[r][0][2o + 1], x[r][1][2o],
       x[r][1][2o + 1] for x [rows, 2, w] and y [rows, w / 2] (2x2 max pooling, stride 2): whole rows, from the
       first until a NaN (w odd or over 512: none); returns the rows done */
    int64_t (*max2x2)(const void *x, int64_t rows, int64_t w, void *y);
} gir__vr_fns;
static int gir__vr_off;                         /* nonzero: the scalar loops (the tests compare the two) */
#if defined(GIR_TEST_COUNTERS)
static unsigned long gir__vr_hits;              /* kernel calls that took a vector path (the tests watch it) */
#  if defined(GIR_THREADS) && (defined(__GNUC__) || defined(__clang__)) && !defined(__TINYC__)
#    define GIR__VR_HIT() __atomic_fetch_add(&gir__vr_hits, 1ul, __ATOMIC_RELAXED)
#  else
#    define GIR__VR_HIT() (++gir__vr_hits)
#  endif
#else
#  define GIR__VR_HIT() ((void)0)               /* no global state written outside the tests */
#endif
@@VREDUCE@@
/* the vector reductions for dtype dt on this machine, NULL where there are none */
static const gir__vr_fns *gir__vr_pick(int dt) {
    const gir__vr_fns *f = NULL;
    int f64 = dt == GIR_DTYPE_F64;
    if (gir__vr_off || (dt != GIR_DTYPE_F32 && !f64)) return NULL;
    switch (gir__simd_level()) {
#if defined(GIR__HAVE_AVX512)
    case GIR__ISA_AVX512: f = f64 ? &gir__avx512_vrfns_f64 : &gir__avx512_vrfns_f32; break;
#endif
#if defined(GIR__HAVE_AVX2)
    case GIR__ISA_AVX2: f = f64 ? &gir__avx2_vrfns_f64 : &gir__avx2_vrfns_f32; break;
#endif
#if defined(GIR__HAVE_NEON)
    case GIR__ISA_NEON: f = f64 ? &gir__neon_vrfns_f64 : &gir__neon_vrfns_f32; break;
#endif
#if defined(GIR__HAVE_MVE)
    case GIR__ISA_MVE: f = f64 ? NULL : &gir__mve_vrfns_f32; break;
#endif
    default: break;
    }
    if (f) GIR__VR_HIT();
    return f;
}
