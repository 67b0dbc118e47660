/* >>gemv: small and skinny GEMM shapes, computed from the operands in place --------------------------------
   gir__gemm_small runs at gir__gemm's entry and takes the shapes for which packing costs as much as the
   arithmetic it saves (a neural network's matmuls at batch 1 are all of these):
     - k = 1, B's row contiguous: the outer product C[i, :] = A(i, 0) B[0, :], one row at a time
       (GIR__GEMM_OUTER);
     - m = 1, B's rows contiguous: y = x B as a sum of rows of B scaled by the elements of x
       (GIR__GEMM_ROWV), the forward pass of a dense layer;
     - n = 1, A's columns contiguous (a transposed A): C[:, 0] as a sum of columns of A scaled by the
       elements of B (GIR__GEMM_COLV), the same kernel with the roles of A and B exchanged;
     - A's rows and B's columns contiguous and few rows or columns in C: dot products of rows of A with
       columns of B (GIR__GEMM_DOTS, gir__gemm_dots), e.g. g Wᵀ in a dense layer's backward pass.
   Anything else returns GIR__GEMM_PACKED and goes through the packed path (gen/70-kernels/gemm.c); gir__gemm,
   the entry of both, ends this fragment.
   Summation order: the ROWV / COLV kernels give each output element one accumulator and add the products
   in order of p, 0 + x[0] M[0] + x[1] M[1] + ... (fused multiply-adds except in the scalar reference),
   then add C when accumulating: for k <= KC this is the order of the packed micro-kernels, so the two agree
   exactly for k <= KC and up to rounding beyond. OUTER rounds each product once and then adds C, as a
   micro-kernel with k = 1 does. DOTS splits each sum over the lanes of two vector accumulators (see
   gir__gemm_dot_*), so it differs from the packed path by rounding only. The vector kernels keep V
   vectors of columns in flight (several independent accumulators; 4 on Helium, which has 8 registers) and
   finish the last partial vector with masked loads and stores, so they never read or write past the
   operands. */

/* gir__gemv_<sfx>__<isa>(len, k, x, incx, mat, ldm, y, acc): y[j] (=, or += if acc) sum over p < k of
   x[p*incx] mat[p*ldm + j], for j < len: V vectors of columns at a time, then one vector, then the rest
   masked */
#define GIR__GV_ZERO(q, P) P##_V c##q = P##_ZERO();
#define GIR__GV_FMA(q, P) c##q = P##_FMA(s_, P##_LOAD(r_ + q * P##_L), c##q);
#define GIR__GV_PUT(q, P)                                                                                   \
    if (acc) c##q = P##_ADD(c##q, P##_LOAD(y + j + q * P##_L));                                             \
    P##_STORE(y + j + q * P##_L, c##q);
#define GIR__GEMV_DEF(ISA, ATTR, T, SFX, P, V)                                                              \
ATTR static void gir__gemv_##SFX##__##ISA(int64_t len, int64_t k, const void *xv, int64_t incx, const void *mv, \
                                          int64_t ldm, void *yv, int acc) {                                 \
    const T *x = (const T *)xv, *mat = (const T *)mv, *r_;                                                  \
    T *y = (T *)yv;                                                                                         \
    int64_t j = 0, p;                                                                                       \
    for (; j + V * P##_L <= len; j += V * P##_L) {                                                          \
        GIR__ROWS_##V(GIR__GV_ZERO, P)                                                                      \
        for (p = 0, r_ = mat + j; p < k; ++p, r_ += ldm) {                                                  \
            P##_S s_ = P##_BCAST(x[p * incx]);                                                              \
            GIR__ROWS_##V(GIR__GV_FMA, P)                                                                   \
        }                                                                                                   \
        GIR__ROWS_##V(GIR__GV_PUT, P)                                                                       \
    }                                                                                                       \
    for (; j + P##_L <= len; j += P##_L) {                                                                  \
        GIR__GV_ZERO(0, P)                                                                                  \
        for (p = 0, r_ = mat + j; p < k; ++p, r_ += ldm) {                                                  \
            P##_S s_ = P##_BCAST(x[p * incx]);                                                              \
            GIR__GV_FMA(0, P)                                                                               \
        }                                                                                                   \
        GIR__GV_PUT(0, P)                                                                                   \
    }                                                                                                       \
    if (j < len) {                                                                                          \
        int rest = (int)(len - j);                                                                          \
        GIR__GV_ZERO(0, P)                                                                                  \
        for (p = 0, r_ = mat + j; p < k; ++p, r_ += ldm)                                                    \
            c0 = P##_FMA(P##_BCAST(x[p * incx]), P##_LOADN(r_, rest), c0);                                  \
        if (acc) c0 = P##_ADD(c0, P##_LOADN(y + j, rest));                                                  \
        P##_STOREN(y + j, rest, c0);                                                                        \
    }                                                                                                       \
}
/* gir__gemm_outer_<sfx>__<isa>(m, n, a, rsa, b, c, ldc, acc): C[i, j] (=, or += if acc) a[i*rsa] b[j] */
#define GIR__OUTER_DEF(ISA, ATTR, T, SFX, P)                                                                \
ATTR static void gir__gemm_outer_##SFX##__##ISA(int64_t m, int64_t n, const void *av, int64_t rsa,            \
                                                const void *bv, void *cv, int64_t ldc, int acc) {           \
    const T *a = (const T *)av, *b = (const T *)bv;                                                         \
    int64_t i, j;                                                                                           \
    for (i = 0; i < m; ++i) {                                                                               \
        P##_S s_ = P##_BCAST(a[i * rsa]);                                                                   \
        T *ci = (T *)cv + i * ldc;                                                                          \
        for (j = 0; j + P##_L <= n; j += P##_L) {                                                           \
            P##_V v_ = P##_FMA(s_, P##_LOAD(b + j), P##_ZERO());                                            \
            P##_STORE(ci + j, acc ? P##_ADD(v_, P##_LOAD(ci + j)) : v_);                                    \
        }                                                                                                   \
        if (j < n) {                                                                                        \
            int rest = (int)(n - j);                                                                        \
            P##_V v_ = P##_FMA(s_, P##_LOADN(b + j, rest), P##_ZERO());                                     \
            P##_STOREN(ci + j, rest, acc ? P##_ADD(v_, P##_LOADN(ci + j, rest)) : v_);                      \
        }                                                                                                   \
    }                                                                                                       \
}
#define GIR__SMALL_DEF(ISA, ATTR, T, SFX, P, V) GIR__GEMV_DEF(ISA, ATTR, T, SFX, P, V)                       \
    GIR__OUTER_DEF(ISA, ATTR, T, SFX, P)

GIR__SMALL_DEF(scalar, , float, f32, GIR__S32, 4)
GIR__SMALL_DEF(scalar, , double, f64, GIR__S64, 4)
#if defined(GIR__HAVE_AVX512)
GIR__SMALL_DEF(avx512, GIR__TARGET_AVX512, float, f32, GIR__Z32, 8)
GIR__SMALL_DEF(avx512, GIR__TARGET_AVX512, double, f64, GIR__Z64, 8)
#endif
#if defined(GIR__HAVE_AVX2)
GIR__SMALL_DEF(avx2, GIR__TARGET_AVX2, float, f32, GIR__Y32, 8)
GIR__SMALL_DEF(avx2, GIR__TARGET_AVX2, double, f64, GIR__Y64, 8)
#endif
#if defined(GIR__HAVE_NEON)
GIR__SMALL_DEF(neon, , float, f32, GIR__N32, 8)
GIR__SMALL_DEF(neon, , double, f64, GIR__N64, 8)
#endif
#if defined(GIR__HAVE_MVE)
GIR__SMALL_DEF(mve, , float, f32, GIR__M32, 4)
#endif

typedef void (*gir__gemv_fn)(int64_t len, int64_t k, const void *x, int64_t incx, const void *mat, int64_t ldm,
                             void *y, int acc);
typedef void (*gir__outer_fn)(int64_t m, int64_t n, const void *a, int64_t rsa, const void *b, void *c,
                              int64_t ldc, int acc);
typedef struct gir__small_set { gir__gemv_fn gemv; gir__outer_fn outer; } gir__small_set;
#define GIR__SMALL_SET(ISA, SFX) {gir__gemv_##SFX##__##ISA, gir__gemm_outer_##SFX##__##ISA}

/* the kernels of the instruction set and dtype of a GEMM configuration (a wide tile's too) */
static gir__small_set gir__gemm_small_for(const gir__gemm_cfg *g) {
    static const gir__small_set s32 = GIR__SMALL_SET(scalar, f32), s64 = GIR__SMALL_SET(scalar, f64);
#if defined(GIR__HAVE_AVX512)
    static const gir__small_set z32 = GIR__SMALL_SET(avx512, f32), z64 = GIR__SMALL_SET(avx512, f64);
    if (g == &gir__gemm_avx512_f32 || g == &gir__gemm_avx512w_f32) return z32;
    if (g == &gir__gemm_avx512_f64 || g == &gir__gemm_avx512w_f64) return z64;
#endif
#if defined(GIR__HAVE_AVX2)
    static const gir__small_set y32 = GIR__SMALL_SET(avx2, f32), y64 = GIR__SMALL_SET(avx2, f64);
    if (g == &gir__gemm_avx2_f32) return y32;
    if (g == &gir__gemm_avx2_f64) return y64;
#endif
#if defined(GIR__HAVE_NEON)
    static const gir__small_set n32 = GIR__SMALL_SET(neon, f32), n64 = GIR__SMALL_SET(neon, f64);
    if (g == &gir__gemm_neon_f32) return n32;
    if (g == &gir__gemm_neon_f64) return n64;
#endif
#if defined(GIR__HAVE_MVE)
    static const gir__small_set m32 = GIR__SMALL_SET(mve, f32);
    if (g == &gir__gemm_mve_f32) return m32;
#endif
    return g->es == 4 ? s32 : s64;
}

/* C (=, or += if acc) A B as dot products of rows of A with columns of B, both contiguous (csa == 1, rsb == 1),
   four outputs at a time, taken in row-major order of C */
static void gir__gemm_dots(const gir__gemm_cfg *g, int64_t m, int64_t n, int64_t k, const char *a, int64_t rsa,
                           const char *b, int64_t csb, char *c, int64_t ldc, int acc) {
    const void *x[4], *y[4];
    int64_t ii[4], jj[4], es = g->es, i = 0, j = 0;
    union { float f[4]; double d[4]; } o;
    int q, nq;
    while (i < m) {
        for (nq = 0; nq < 4 && i < m; ++nq) {
            ii[nq] = i; jj[nq] = j;
            x[nq] = a + i * rsa * es;
            y[nq] = b + j * csb * es;
            if (++j == n) { j = 0; ++i; }
        }
        for (q = nq; q < 4; ++q) { x[q] = x[0]; y[q] = y[0]; }
        g->dot(k, x, y, &o);
        for (q = 0; q < nq; ++q) {
            int64_t off = ii[q] * ldc + jj[q];
            if (es == 4) ((float *)c)[off] = acc ? ((float *)c)[off] + o.f[q] : o.f[q];
            else ((double *)c)[off] = acc ? ((double *)c)[off] + o.d[q] : o.d[q];
        }
    }
}

/* the path gir__gemm takes for these sizes and layouts (m, n, k >= 1) */
static int gir__gemm_small_path(const gir__gemm_cfg *g, int64_t m, int64_t n, int64_t k, int64_t rsa, int64_t csa,
                                int64_t rsb, int64_t csb, int64_t ldc) {
    if (k == 1 && csb == 1) return GIR__GEMM_OUTER;
    if (m == 1 && csb == 1) return GIR__GEMM_ROWV;
    if (n == 1 && rsa == 1 && ldc == 1) return GIR__GEMM_COLV;
    if (csa == 1 && rsb == 1 && (2 * n <= g->nr || 2 * m <= g->mr)) return GIR__GEMM_DOTS;
    return GIR__GEMM_PACKED;
}

/* gir__gemm's small and skinny shapes (m, n, k >= 1): runs one and says which, or returns GIR__GEMM_PACKED */
static int gir__gemm_small(const gir__gemm_cfg *g, int64_t m, int64_t n, int64_t k, const void *a, int64_t rsa,
                           int64_t csa, const void *b, int64_t rsb, int64_t csb, void *c, int64_t ldc, int acc) {
    int path = gir__gemm_small_path(g, m, n, k, rsa, csa, rsb, csb, ldc);
    gir__small_set s;
    if (path == GIR__GEMM_PACKED) return path;
    s = gir__gemm_small_for(g);
    if (path == GIR__GEMM_OUTER) s.outer(m, n, a, rsa, b, c, ldc, acc);
    else if (path == GIR__GEMM_ROWV) s.gemv(n, k, a, csa, b, rsb, c, acc);
    else if (path == GIR__GEMM_COLV) s.gemv(m, k, b, rsb, a, csa, c, acc);
    else gir__gemm_dots(g, m, n, k, (const char *)a, rsa, (const char *)b, csb, (char *)c, ldc, acc);
    return path;
}

/* C = A B as its transpose B^T A^T when B would be packed (its columns strided: a B^T read in place, say) and A
   is at most half as wide: A^T (m x k) is packed rather than B (k x n), B^T's rows are read in place, and the
   result goes through scratch into C. Each element sees the same products (fma(x, y, z) is fma(y, x, z)) in the
   same blocks of k, so the bits are the direct way's. Only when that needs no more scratch than the direct way
   (room: gir__gemm_scratch's), and with acc only for one block of k (else C would join the sum at another
   point). Returns the configuration to run it with, or NULL. */
static const gir__gemm_cfg *gir__gemm_swap(const gir__gemm_cfg *g, int64_t m, int64_t n, int64_t k, int64_t csa,
                                           int64_t rsb, int64_t csb, int acc, size_t room) {
    const gir__gemm_cfg *s = g->wide && m % g->wide->nr == 0 ? g->wide : g;
    size_t need;
    if (csb == 1 || rsb != 1 || csa != 1 || 2 * m > n || s->kc != g->kc || (acc && k > g->kc) ||
        !gir__gemm_direct_a(s, n, csb, rsb))
        return NULL;
    need = gir__gemm_pbytes(s, m, s->nc, s->nr, k) + gir__gemm_align((size_t)(m * n * g->es));
    return need <= room ? s : NULL;
}
/* C (=, or += if acc) the n x m tile t transposed */
static void gir__gemm_untranspose(int64_t es, int64_t m, int64_t n, const void *t, void *c, int64_t ldc, int acc) {
    int64_t i, j;
    for (i = 0; i < m; ++i)
        if (es == 4) {
            float *o = (float *)c + i * ldc;
            const float *v = (const float *)t + i;
            for (j = 0; j < n; ++j) o[j] = acc ? o[j] + v[j * m] : v[j * m];
        } else {
            double *o = (double *)c + i * ldc;
            const double *v = (const double *)t + i;
            for (j = 0; j < n; ++j) o[j] = acc ? o[j] + v[j * m] : v[j * m];
        }
}
/* C[m x n] (=, or += if acc) A[m x k] B[k x n] with the layouts described at the top of gen/70-kernels/gemm.c;
   scratch: gir__gemm_scratch(g, m, n, k) bytes, 64-byte aligned (gir__gemm_scratch_par with a hook);
   par: the plan's parallel-for hook, or NULL. Returns the path it took. */
static int gir__gemm(const gir__gemm_cfg *g, int64_t m, int64_t n, int64_t k, const void *a, int64_t rsa,
                     int64_t csa, const void *b, int64_t rsb, int64_t csb, void *c, int64_t ldc, int acc,
                     void *scratch, const gir__par *par) {
    const gir__gemm_cfg *sw;
    int64_t es = g->es, i;
    int path;
    GIR__UNUSED(par);
    if (m <= 0 || n <= 0) return GIR__GEMM_EMPTY;
    if (k <= 0) {
        if (!acc)
            for (i = 0; i < m; ++i) GIR_MEMSET((char *)c + i * ldc * es, 0, (size_t)(n * es));
        return GIR__GEMM_EMPTY;
    }
    path = gir__gemm_small(g, m, n, k, a, rsa, csa, b, rsb, csb, c, ldc, acc);
    if (path != GIR__GEMM_PACKED) return path;
    sw = gir__gemm_swap(g, m, n, k, csa, rsb, csb, acc, gir__gemm_scratch(g, m, n, k));
    if (g->wide && n % g->wide->nr == 0) g = g->wide;           /* same choice as gir__gemm_scratch */
#if defined(GIR_THREADS)
    if (gir__gemm_split(g, m, n, k, a, rsa, csa, b, rsb, csb, c, ldc, acc, scratch, par)) return GIR__GEMM_PACKED;
#endif
    if (sw) {
        char *t = (char *)scratch + gir__gemm_pbytes(sw, m, sw->nc, sw->nr, k);
        gir__gemm_loops(sw, n, m, k, b, csb, rsb, a, csa, rsa, t, m, 0, scratch);
        gir__gemm_untranspose(es, m, n, t, c, ldc, acc);
        return GIR__GEMM_PACKED;
    }
    gir__gemm_loops(g, m, n, k, a, rsa, csa, b, rsb, csb, c, ldc, acc, scratch);
    return GIR__GEMM_PACKED;
}
