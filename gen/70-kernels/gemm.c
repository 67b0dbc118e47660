/* >>gemm: packed, register-blocked matrix multiply for f32 and f64 -----------------------------------------------
   gir__gemm (at the end of gen/70-kernels/gemv.c, which takes the small shapes first) computes
   C[m x n] = A[m x k] B[k x n] (or C += A B). A and B are read through element strides,
   so row-major, transposed and other layouts are all read in place: A(i, p) = a[i*rsa + p*csa] and
   B(p, j) = b[p*rsb + j*csb]. C is row-major with row stride ldc.
   Blocking in the Goto/BLIS manner, for one core:
     for each block of NC columns of B and C
       for each block of KC steps of k:  pack B[KC x NC] into panels of NR columns
         for each block of MC rows of A: pack A[MC x KC] into panels of MR rows
           for each NR-column panel of B
             for each MR-row panel of A: the micro-kernel adds panel x panel into an MR x NR tile of C
   A micro-kernel holds its MR x NR tile of C in registers. At each step of k it loads one row of the B
   panel (two vectors), broadcasts the MR values of the A panel one by one and issues 2 MR fused
   multiply-adds. Rows left over at the bottom edge go to kernels with fewer rows (MR = 14 leaves 13 as
   8 + 4 + 1); columns left over at the right edge are computed in full from zero-padded panels and only
   n columns are stored.
   Sizes for f32 on AVX-512 (a Zen 5 core: 48 KiB L1d, 1 MiB L2, two 512-bit FMA pipes), chosen by measuring:
   MR x NR = 14 x 32 (28 accumulators of the 32 zmm registers), KC = 512, MC = 168, NC = 3072. The packed
   A block (168 x 512, 336 KiB) stays in L2; each B panel (512 x 32, 64 KiB) is used by the 12 A panels of
   the block while it is in L2 (and partly L1); C is read and written once per KC steps of k, which is why
   KC is large. When n is a multiple of 64, a 6 x 64 tile is used instead (fewer loads per multiply-add, no
   padding then; 2-6 % faster at n = 64 and 192). f64 uses 14 x 16 (or 6 x 32) with KC = 384, MC = 112;
   AVX2 6 x 16 / 6 x 8; NEON 8 x 8 / 8 x 4; Helium 3 x 8 (8 vector registers); the scalar reference 4 x 2.
   The k and m extents are split into equal blocks.
   Operands are read in place instead of packed when packing costs more than it saves: a row-major A whose
   rows span at most 1 MiB (the micro-kernels read its rows directly), a B with contiguous rows
   used by few rows of A or spanning at most 256 KiB (only its partial last panel is packed). Small and
   skinny shapes (k = 1, m = 1, n = 1, few rows or columns) never reach the packed path: gir__gemm_small
   (gen/70-kernels/gemv.c) computes them from the operands in place. Packing buffers come from the plan's scratch memory (gir__gemm_scratch bytes,
   64-byte aligned), so a run allocates nothing. All kernels use fused multiply-add except the scalar
   ones, which are the portable reference (GIR_NO_SIMD). */

/* one micro-kernel body for every instruction set, written against a small vocabulary P##_X:
   _E element type, _V vector type, _S broadcast type, _L lanes, _ZERO(), _LOAD(p), _STORE(p, v), _BCAST(x), _FMA(s, v, acc) =
   acc + s*v, _VFMA(x, y, acc) = acc + x*y, _ADD(v, w), _PREFETCH(p) into L1, _PREFETCH2(p) towards L2.
   Rows are spelled out by the GIR__ROWS_<R> lists. */
#define GIR__ROWS_1(X, P)  X(0, P)
#define GIR__ROWS_2(X, P)  X(0, P) X(1, P)
#define GIR__ROWS_3(X, P)  GIR__ROWS_2(X, P) X(2, P)
#define GIR__ROWS_4(X, P)  GIR__ROWS_2(X, P) X(2, P) X(3, P)
#define GIR__ROWS_6(X, P)  GIR__ROWS_4(X, P) X(4, P) X(5, P)
#define GIR__ROWS_8(X, P)  GIR__ROWS_6(X, P) X(6, P) X(7, P)
#define GIR__ROWS_12(X, P) GIR__ROWS_8(X, P) X(8, P) X(9, P) X(10, P) X(11, P)
#define GIR__ROWS_14(X, P) GIR__ROWS_12(X, P) X(12, P) X(13, P)
/* a row of the tile is V vectors (V = 2 or 4), spelled out by the GIR__COLS_<V> lists; each per-row step X has
   the forms X_2 and X_4 */
#define GIR__COLS_2(X, i, P) X(i, 0, P) X(i, 1, P)
#define GIR__COLS_4(X, i, P) X(i, 0, P) X(i, 1, P) X(i, 2, P) X(i, 3, P)
#define GIR__UK_Z1(i, j, P) P##_V c##i##_##j = P##_ZERO();
#define GIR__UK_ZERO_2(i, P) GIR__COLS_2(GIR__UK_Z1, i, P)
#define GIR__UK_ZERO_4(i, P) GIR__COLS_4(GIR__UK_Z1, i, P)
#define GIR__UK_B1(i, j, P) P##_V b##j = P##_LOAD(b + j * P##_L);
#define GIR__UK_F1(i, j, P) c##i##_##j = P##_FMA(v_, b##j, c##i##_##j);
/* the tile of C is fetched towards L2 when the kernel starts and into L1 GIR__UK_LATE steps before the end: rows
   of C a power of two apart share L1 sets, so fetched early they evict each other before they are used */
#define GIR__UK_LATE 128
#define GIR__UK_L2(i, j, P) P##_PREFETCH2(c + i * ldc + j * P##_L);
#define GIR__UK_L1(i, j, P) P##_PREFETCH(c + i * ldc + j * P##_L);
#define GIR__UK_PREF2_2(i, P) GIR__COLS_2(GIR__UK_L2, i, P)
#define GIR__UK_PREF2_4(i, P) GIR__COLS_4(GIR__UK_L2, i, P)
#define GIR__UK_PREF_2(i, P) GIR__COLS_2(GIR__UK_L1, i, P)
#define GIR__UK_PREF_4(i, P) GIR__COLS_4(GIR__UK_L1, i, P)
/* row i of A at r<3 (i / 3)>[(i % 3) * as], each r advancing ps elements a step of k, so the addresses need only a
   few registers: as = 1, ps = MR for a packed panel of A; as = its row stride, ps = 1 for A read in place */
#define GIR__UK_STEPD_2(i, P) { P##_S v_ = P##_BCAST(GIR__UKD_AT_##i); GIR__COLS_2(GIR__UK_F1, i, P) }
#define GIR__UK_STEPD_4(i, P) { P##_S v_ = P##_BCAST(GIR__UKD_AT_##i); GIR__COLS_4(GIR__UK_F1, i, P) }
#define GIR__UKD_AT_0 r0[0]
#define GIR__UKD_AT_1 r0[as]
#define GIR__UKD_AT_2 r0[2 * as]
#define GIR__UKD_AT_3 r3[0]
#define GIR__UKD_AT_4 r3[as]
#define GIR__UKD_AT_5 r3[2 * as]
#define GIR__UKD_AT_6 r6[0]
#define GIR__UKD_AT_7 r6[as]
#define GIR__UKD_AT_8 r6[2 * as]
#define GIR__UKD_AT_9 r9[0]
#define GIR__UKD_AT_10 r9[as]
#define GIR__UKD_AT_11 r9[2 * as]
#define GIR__UKD_AT_12 r12[0]
#define GIR__UKD_AT_13 r12[as]
#define GIR__UKD_BASE(i, P) GIR__UKD_BASE_##i(P)
#define GIR__UKD_BASE_0(P) const P##_E *r0 = a;
#define GIR__UKD_BASE_3(P) const P##_E *r3 = a + 3 * as;
#define GIR__UKD_BASE_6(P) const P##_E *r6 = a + 6 * as;
#define GIR__UKD_BASE_9(P) const P##_E *r9 = a + 9 * as;
#define GIR__UKD_BASE_12(P) const P##_E *r12 = a + 12 * as;
#define GIR__UKD_NEXT(i, P) GIR__UKD_NEXT_##i
#define GIR__UKD_NEXT_0 r0 += ps;
#define GIR__UKD_NEXT_3 r3 += ps;
#define GIR__UKD_NEXT_6 r6 += ps;
#define GIR__UKD_NEXT_9 r9 += ps;
#define GIR__UKD_NEXT_12 r12 += ps;
#define GIR__UKD_BASE_1(P)
#define GIR__UKD_BASE_2(P)
#define GIR__UKD_BASE_4(P)
#define GIR__UKD_BASE_5(P)
#define GIR__UKD_BASE_7(P)
#define GIR__UKD_BASE_8(P)
#define GIR__UKD_BASE_10(P)
#define GIR__UKD_BASE_11(P)
#define GIR__UKD_BASE_13(P)
#define GIR__UKD_NEXT_1
#define GIR__UKD_NEXT_2
#define GIR__UKD_NEXT_4
#define GIR__UKD_NEXT_5
#define GIR__UKD_NEXT_7
#define GIR__UKD_NEXT_8
#define GIR__UKD_NEXT_10
#define GIR__UKD_NEXT_11
#define GIR__UKD_NEXT_13
#define GIR__UK_P1(i, j, P)                                                                                 \
    if (acc) c##i##_##j = P##_ADD(c##i##_##j, P##_LOAD(c + i * ldc + j * P##_L));                          \
    P##_STORE(c + i * ldc + j * P##_L, c##i##_##j);
#define GIR__UK_S1(i, j, P) P##_STORE(t + i * w_ + j * P##_L, c##i##_##j);
#define GIR__UK_PUT_2(i, P) GIR__COLS_2(GIR__UK_P1, i, P)
#define GIR__UK_PUT_4(i, P) GIR__COLS_4(GIR__UK_P1, i, P)
#define GIR__UK_SAVE_2(i, P) GIR__COLS_2(GIR__UK_S1, i, P)
#define GIR__UK_SAVE_4(i, P) GIR__COLS_4(GIR__UK_S1, i, P)
/* NAME(k, a, as, ps, b, ldb, c, ldc, n, acc): C[R x n] (=, or += if acc) sum over p < k of column p of A times
   row b[p*ldb .. p*ldb + NR), NR = V lanes; n <= NR columns are stored. A(i, p) is a[i*as + p*ps]: a packed
   panel (as = 1, ps = MR) or a row-major A read without packing (as = its row stride, ps = 1). One kernel
   serves both (the two forms differ by a few integer adds a step, beside 2 R multiply-adds), so each row count
   is compiled once. */
#define GIR__UK_BODY(NAME, ATTR, T, SFX, P, R, V)                                                           \
ATTR static void NAME(int64_t k, const void *av, int64_t as, int64_t ps, const void *bv, int64_t ldb,       \
                      void *cv, int64_t ldc, int n, int acc) {                                              \
    const T *a = (const T *)av, *b = (const T *)bv;                                                         \
    T *c = (T *)cv;                                                                                         \
    int64_t p;                                                                                              \
    GIR__ROWS_##R(GIR__UKD_BASE, P)                                                                         \
    GIR__ROWS_##R(GIR__UK_ZERO_##V, P)                                                                      \
    GIR__UNUSED(as);                                                                                        \
    if (k > GIR__UK_LATE) { GIR__ROWS_##R(GIR__UK_PREF2_##V, P) }                                           \
    for (p = 0; p < k - GIR__UK_LATE; ++p, b += ldb) {                                                      \
        GIR__COLS_##V(GIR__UK_B1, 0, P)                                                                     \
        GIR__ROWS_##R(GIR__UK_STEPD_##V, P)                                                                 \
        GIR__ROWS_##R(GIR__UKD_NEXT, P)                                                                     \
    }                                                                                                       \
    GIR__ROWS_##R(GIR__UK_PREF_##V, P)                                                                      \
    for (; p < k; ++p, b += ldb) {                                                                          \
        GIR__COLS_##V(GIR__UK_B1, 0, P)                                                                     \
        GIR__ROWS_##R(GIR__UK_STEPD_##V, P)                                                                 \
        GIR__ROWS_##R(GIR__UKD_NEXT, P)                                                                     \
    }                                                                                                       \
    if (n == V * P##_L) {                                                                                   \
        GIR__ROWS_##R(GIR__UK_PUT_##V, P)                                                                   \
    } else {                                                                                                \
        T t[R * V * P##_L];                                                                                 \
        const int w_ = V * P##_L;                                                                           \
        GIR__ROWS_##R(GIR__UK_SAVE_##V, P)                                                                  \
        gir__gemm_edge_##SFX(t, R, w_, c, ldc, n, acc);                                                     \
    }                                                                                                       \
}
#define GIR__UK_DEFV(ISA, ATTR, T, SFX, P, R, V) GIR__UK_BODY(gir__gemm_uk_##SFX##_##R##__##ISA, ATTR, T, SFX, P, R, V)
#define GIR__UK_DEF(ISA, ATTR, T, SFX, P, R) GIR__UK_DEFV(ISA, ATTR, T, SFX, P, R, 2)

/* gir__gemm_dot_<sfx>__<isa>(k, x, y, out): out[q] = sum over p < k of x[q][p] y[q][p] for q < 4, two
   accumulators each: the dot products of rows of A with columns of B (both contiguous). Order: lane l of the
   first accumulator sums the products p = l (mod L) of the even vectors and of the last, partial one (masked),
   the second those of the odd vectors; the two are added and their lanes summed as a pairwise tree */
#define GIR__DOT_INIT(q, P) P##_V s##q = P##_ZERO(), u##q = P##_ZERO();
#define GIR__DOT_TWO(q, P) s##q = P##_VFMA(P##_LOAD(x##q + p), P##_LOAD(y##q + p), s##q); \
                           u##q = P##_VFMA(P##_LOAD(x##q + p + P##_L), P##_LOAD(y##q + p + P##_L), u##q);
#define GIR__DOT_ONE(q, P) s##q = P##_VFMA(P##_LOAD(x##q + p), P##_LOAD(y##q + p), s##q);
#define GIR__DOT_REST(q, P) s##q = P##_VFMA(P##_LOADN(x##q + p, r_), P##_LOADN(y##q + p, r_), s##q);
#define GIR__DOT_OUT(q, P) out[q] = P##_HSUM(P##_ADD(s##q, u##q));
#define GIR__DOT_DEF(ISA, ATTR, T, SFX, P)                                                                  \
ATTR static void gir__gemm_dot_##SFX##__##ISA(int64_t k, const void *const *xv, const void *const *yv, void *ov) { \
    const T *x0 = (const T *)xv[0], *x1 = (const T *)xv[1], *x2 = (const T *)xv[2], *x3 = (const T *)xv[3]; \
    const T *y0 = (const T *)yv[0], *y1 = (const T *)yv[1], *y2 = (const T *)yv[2], *y3 = (const T *)yv[3]; \
    T *out = (T *)ov;                                                                                       \
    int64_t p = 0;                                                                                          \
    GIR__ROWS_4(GIR__DOT_INIT, P)                                                                           \
    for (; p + 2 * P##_L <= k; p += 2 * P##_L) { GIR__ROWS_4(GIR__DOT_TWO, P) }                             \
    for (; p + P##_L <= k; p += P##_L) { GIR__ROWS_4(GIR__DOT_ONE, P) }                                     \
    if (p < k) {                                                                                            \
        int r_ = (int)(k - p);                                                                              \
        GIR__ROWS_4(GIR__DOT_REST, P)                                                                       \
    }                                                                                                       \
    GIR__ROWS_4(GIR__DOT_OUT, P)                                                                            \
}

/* typed helpers: the partial tile store and the packing of a block into panels */
#define GIR__GEMM_TYPED(T, SFX)                                                                             \
static void gir__gemm_edge_##SFX(const T *t, int rows, int w, T *c, int64_t ldc, int n, int acc) {          \
    int i, j;                                                                                               \
    for (i = 0; i < rows; ++i)                                                                              \
        for (j = 0; j < n; ++j) c[i * ldc + j] = acc ? c[i * ldc + j] + t[i * w + j] : t[i * w + j];       \
}                                                                                                           \
/* h rows x kb steps (row i, step p at s[i*rs + p*cs]) into panels of w rows, one after another: panel q   \
   holds d[q*w*kb + p*w + i] = row q*w + i at step p, and rows past h are zero */                          \
static void gir__gemm_pack_##SFX(int64_t h, int64_t kb, const void *sv, int64_t rs, int64_t cs, void *dv,   \
                                 int w) {                                                                   \
    const T *s = (const T *)sv;                                                                             \
    T *d = (T *)dv;                                                                                         \
    int64_t i0, i, p;                                                                                       \
    for (i0 = 0; i0 < h; i0 += w, d += w * kb) {                                                            \
        int64_t hh = h - i0 < w ? h - i0 : w;                                                               \
        const T *si = s + i0 * rs;                                                                          \
        if (rs == 1 && hh == w) {                                                                           \
            for (p = 0; p < kb; ++p) GIR_MEMCPY(d + p * w, si + p * cs, (size_t)w * sizeof(T));             \
            continue;                                                                                       \
        }                                                                                                   \
        if (hh < w)                                                                                         \
            for (p = 0; p < kb; ++p)                                                                        \
                for (i = hh; i < w; ++i) d[p * w + i] = (T)0;                                               \
        if (cs == 1)                                                                                        \
            for (i = 0; i < hh; ++i)                                                                        \
                for (p = 0; p < kb; ++p) d[p * w + i] = si[i * rs + p];                                     \
        else                                                                                                \
            for (p = 0; p < kb; ++p)                                                                        \
                for (i = 0; i < hh; ++i) d[p * w + i] = si[i * rs + p * cs];                                \
    }                                                                                                       \
}
GIR__GEMM_TYPED(float, f32)
GIR__GEMM_TYPED(double, f64)

/* the vocabulary's partial loads and stores, P##_LOADN(p, r) and P##_STOREN(p, r, v) for the first r < L lanes
   (from each instruction set's vector vocabulary), and P##_HSUM(v), the sum of the lanes as a pairwise tree */
#define GIR__S32_LOADN(p, r) ((void)(r), *(p))
#define GIR__S32_STOREN(p, r, v) ((void)(r), *(p) = (v))
#define GIR__S64_LOADN(p, r) ((void)(r), *(p))
#define GIR__S64_STOREN(p, r, v) ((void)(r), *(p) = (v))
#define GIR__Z32_LOADN(p, r) gir__avx512_loadn_f32(p, r)
#define GIR__Z32_STOREN(p, r, v) gir__avx512_storen_f32(p, r, v)
#define GIR__Z64_LOADN(p, r) gir__avx512_loadn_f64(p, r)
#define GIR__Z64_STOREN(p, r, v) gir__avx512_storen_f64(p, r, v)
#define GIR__Y32_LOADN(p, r) gir__avx2_loadn_f32(p, r)
#define GIR__Y32_STOREN(p, r, v) gir__avx2_storen_f32(p, r, v)
#define GIR__Y64_LOADN(p, r) gir__avx2_loadn_f64(p, r)
#define GIR__Y64_STOREN(p, r, v) gir__avx2_storen_f64(p, r, v)
#define GIR__N32_LOADN(p, r) gir__neon_loadn_f32(p, r)
#define GIR__N32_STOREN(p, r, v) gir__neon_storen_f32(p, r, v)
#define GIR__N64_LOADN(p, r) gir__neon_loadn_f64(p, r)
#define GIR__N64_STOREN(p, r, v) gir__neon_storen_f64(p, r, v)
#define GIR__M32_LOADN(p, r) gir__mve_loadn_f32(p, r)
#define GIR__M32_STOREN(p, r, v) gir__mve_storen_f32(p, r, v)

#define GIR__S32_HSUM(v) (v)
#define GIR__S64_HSUM(v) (v)
#define GIR__Z32_HSUM(v) gir__gemm_hsum_f32__avx512(v)
#define GIR__Z64_HSUM(v) gir__gemm_hsum_f64__avx512(v)
#define GIR__Y32_HSUM(v) gir__gemm_hsum_f32__avx2(v)
#define GIR__Y64_HSUM(v) gir__gemm_hsum_f64__avx2(v)
#define GIR__N32_HSUM(v) vaddvq_f32(v)
#define GIR__N64_HSUM(v) vaddvq_f64(v)
#define GIR__M32_HSUM(v) ((vgetq_lane_f32(v, 0) + vgetq_lane_f32(v, 2)) + (vgetq_lane_f32(v, 1) + vgetq_lane_f32(v, 3)))
#if defined(GIR__HAVE_AVX2)
GIR__TARGET_AVX2 static GIR__INLINE float gir__gemm_hsum_f32__avx2(__m256 v) {
    __m128 h = _mm_add_ps(_mm256_castps256_ps128(v), _mm256_extractf128_ps(v, 1));
    h = _mm_add_ps(h, _mm_movehl_ps(h, h));
    return _mm_cvtss_f32(_mm_add_ss(h, _mm_shuffle_ps(h, h, 1)));
}
GIR__TARGET_AVX2 static GIR__INLINE double gir__gemm_hsum_f64__avx2(__m256d v) {
    __m128d h = _mm_add_pd(_mm256_castpd256_pd128(v), _mm256_extractf128_pd(v, 1));
    return _mm_cvtsd_f64(_mm_add_sd(h, _mm_unpackhi_pd(h, h)));
}
#endif
#if defined(GIR__HAVE_AVX512)
/* (zero-masking extracts: g++ 12 warns about the undefined pass-through operand of the plain ones and casts) */
GIR__TARGET_AVX512 static GIR__INLINE float gir__gemm_hsum_f32__avx512(__m512 v) {
    __m256 q = _mm256_add_ps(_mm512_maskz_extractf32x8_ps(0xFF, v, 0), _mm512_maskz_extractf32x8_ps(0xFF, v, 1));
    __m128 h = _mm_add_ps(_mm256_castps256_ps128(q), _mm256_extractf128_ps(q, 1));
    h = _mm_add_ps(h, _mm_movehl_ps(h, h));
    return _mm_cvtss_f32(_mm_add_ss(h, _mm_shuffle_ps(h, h, 1)));
}
GIR__TARGET_AVX512 static GIR__INLINE double gir__gemm_hsum_f64__avx512(__m512d v) {
    __m256d q = _mm256_add_pd(_mm512_maskz_extractf64x4_pd(0xF, v, 0), _mm512_maskz_extractf64x4_pd(0xF, v, 1));
    __m128d h = _mm_add_pd(_mm256_castpd256_pd128(q), _mm256_extractf128_pd(q, 1));
    return _mm_cvtsd_f64(_mm_add_sd(h, _mm_unpackhi_pd(h, h)));
}
#endif

/* the portable reference: scalar "vectors" of one lane, so NR = 2 */
#define GIR__S32_E float
#define GIR__S32_V float
#define GIR__S32_S float
#define GIR__S32_L 1
#define GIR__S32_ZERO() 0.0f
#define GIR__S32_LOAD(p) (*(p))
#define GIR__S32_STORE(p, v) (*(p) = (v))
#define GIR__S32_BCAST(x) (x)
#define GIR__S32_FMA(s, v, acc) ((acc) + (s) * (v))
#define GIR__S32_ADD(v, w) ((v) + (w))
#define GIR__S32_VFMA(x, y, acc) ((acc) + (x) * (y))
#define GIR__S32_PREFETCH(p) ((void)(p))
#define GIR__S32_PREFETCH2(p) ((void)(p))
#define GIR__S64_E double
#define GIR__S64_V double
#define GIR__S64_S double
#define GIR__S64_L 1
#define GIR__S64_ZERO() 0.0
#define GIR__S64_LOAD(p) (*(p))
#define GIR__S64_STORE(p, v) (*(p) = (v))
#define GIR__S64_BCAST(x) (x)
#define GIR__S64_FMA(s, v, acc) ((acc) + (s) * (v))
#define GIR__S64_ADD(v, w) ((v) + (w))
#define GIR__S64_VFMA(x, y, acc) ((acc) + (x) * (y))
#define GIR__S64_PREFETCH(p) ((void)(p))
#define GIR__S64_PREFETCH2(p) ((void)(p))
GIR__UK_DEF(scalar, , float, f32, GIR__S32, 4)
GIR__UK_DEF(scalar, , float, f32, GIR__S32, 2)
GIR__UK_DEF(scalar, , float, f32, GIR__S32, 1)
GIR__UK_DEF(scalar, , double, f64, GIR__S64, 4)
GIR__UK_DEF(scalar, , double, f64, GIR__S64, 2)
GIR__UK_DEF(scalar, , double, f64, GIR__S64, 1)
GIR__DOT_DEF(scalar, , float, f32, GIR__S32)
GIR__DOT_DEF(scalar, , double, f64, GIR__S64)

#if defined(GIR__HAVE_AVX512)
#define GIR__Z32_E float
#define GIR__Z32_V __m512
#define GIR__Z32_S __m512
#define GIR__Z32_L 16
#define GIR__Z32_ZERO() _mm512_setzero_ps()
#define GIR__Z32_LOAD(p) _mm512_loadu_ps(p)
#define GIR__Z32_STORE(p, v) _mm512_storeu_ps(p, v)
#define GIR__Z32_BCAST(x) _mm512_set1_ps(x)
#define GIR__Z32_FMA(s, v, acc) _mm512_fmadd_ps(s, v, acc)
#define GIR__Z32_ADD(v, w) _mm512_add_ps(v, w)
#define GIR__Z32_VFMA(x, y, acc) _mm512_fmadd_ps(x, y, acc)
#define GIR__Z32_PREFETCH(p) __builtin_prefetch(p, 1)
#define GIR__Z32_PREFETCH2(p) __builtin_prefetch(p, 1, 2)
#define GIR__Z64_E double
#define GIR__Z64_V __m512d
#define GIR__Z64_S __m512d
#define GIR__Z64_L 8
#define GIR__Z64_ZERO() _mm512_setzero_pd()
#define GIR__Z64_LOAD(p) _mm512_loadu_pd(p)
#define GIR__Z64_STORE(p, v) _mm512_storeu_pd(p, v)
#define GIR__Z64_BCAST(x) _mm512_set1_pd(x)
#define GIR__Z64_FMA(s, v, acc) _mm512_fmadd_pd(s, v, acc)
#define GIR__Z64_ADD(v, w) _mm512_add_pd(v, w)
#define GIR__Z64_VFMA(x, y, acc) _mm512_fmadd_pd(x, y, acc)
#define GIR__Z64_PREFETCH(p) __builtin_prefetch(p, 1)
#define GIR__Z64_PREFETCH2(p) __builtin_prefetch(p, 1, 2)
GIR__UK_DEF(avx512, GIR__TARGET_AVX512, float, f32, GIR__Z32, 14)
GIR__UK_DEF(avx512, GIR__TARGET_AVX512, float, f32, GIR__Z32, 8)
GIR__UK_DEF(avx512, GIR__TARGET_AVX512, float, f32, GIR__Z32, 4)
GIR__UK_DEF(avx512, GIR__TARGET_AVX512, float, f32, GIR__Z32, 2)
GIR__UK_DEF(avx512, GIR__TARGET_AVX512, float, f32, GIR__Z32, 1)
GIR__UK_DEF(avx512, GIR__TARGET_AVX512, double, f64, GIR__Z64, 14)
GIR__UK_DEF(avx512, GIR__TARGET_AVX512, double, f64, GIR__Z64, 8)
GIR__UK_DEF(avx512, GIR__TARGET_AVX512, double, f64, GIR__Z64, 4)
GIR__UK_DEF(avx512, GIR__TARGET_AVX512, double, f64, GIR__Z64, 2)
GIR__UK_DEF(avx512, GIR__TARGET_AVX512, double, f64, GIR__Z64, 1)
GIR__UK_DEFV(avx512w, GIR__TARGET_AVX512, float, f32, GIR__Z32, 6, 4)
GIR__UK_DEFV(avx512w, GIR__TARGET_AVX512, float, f32, GIR__Z32, 4, 4)
GIR__UK_DEFV(avx512w, GIR__TARGET_AVX512, float, f32, GIR__Z32, 2, 4)
GIR__UK_DEFV(avx512w, GIR__TARGET_AVX512, float, f32, GIR__Z32, 1, 4)
GIR__UK_DEFV(avx512w, GIR__TARGET_AVX512, double, f64, GIR__Z64, 6, 4)
GIR__UK_DEFV(avx512w, GIR__TARGET_AVX512, double, f64, GIR__Z64, 4, 4)
GIR__UK_DEFV(avx512w, GIR__TARGET_AVX512, double, f64, GIR__Z64, 2, 4)
GIR__UK_DEFV(avx512w, GIR__TARGET_AVX512, double, f64, GIR__Z64, 1, 4)
GIR__DOT_DEF(avx512, GIR__TARGET_AVX512, float, f32, GIR__Z32)
GIR__DOT_DEF(avx512, GIR__TARGET_AVX512, double, f64, GIR__Z64)
/* packing with AVX-512: panels whose rows are contiguous are copied a vector at a time; panels whose rows
   run along k (row-major A, transposed B) are transposed 16 x 16 (f32) or 8 x 8 (f64) in registers, each
   stage swapping one bit of the row index with the same bit of the column index */
#define GIR__R8(X) X(0) X(1) X(2) X(3) X(4) X(5) X(6) X(7)
#define GIR__R16(X) GIR__R8(X) X(8) X(9) X(10) X(11) X(12) X(13) X(14) X(15)
#define GIR__PK_SWAP(x, y, lo, hi, PERM, V) { V t_ = PERM(r##x, lo, r##y); r##y = PERM(r##x, hi, r##y); r##x = t_; }
#define GIR__PK_W32(x, y, lo, hi) GIR__PK_SWAP(x, y, lo, hi, _mm512_permutex2var_ps, __m512)
#define GIR__PK_W64(x, y, lo, hi) GIR__PK_SWAP(x, y, lo, hi, _mm512_permutex2var_pd, __m512d)
#define GIR__PK_Z32(i) \
    __m512 r##i = (i) < nrow ? _mm512_maskz_loadu_ps(km, si + (g + (i)) * rs + p) : _mm512_setzero_ps();
#define GIR__PK_Z64(i) \
    __m512d r##i = (i) < nrow ? _mm512_maskz_loadu_pd(km, si + (g + (i)) * rs + p) : _mm512_setzero_pd();
#define GIR__PK_S32(i) if ((i) < np) _mm512_mask_storeu_ps(d + (p + (i)) * w + g, sm, r##i);
#define GIR__PK_S64(i) if ((i) < np) _mm512_mask_storeu_pd(d + (p + (i)) * w + g, sm, r##i);
/* the swap indices for bit b of a lanes-wide transpose: lo[j] = j's bit b ? lanes + (j ^ b) : j,
   hi[j] = j's bit b ? lanes + j : j | b */
GIR__TARGET_AVX512 static void gir__gemm_swapidx(int lanes, int b, int32_t *lo, int32_t *hi) {
    int j;
    for (j = 0; j < lanes; ++j) {
        lo[j] = (j & b) ? lanes + (j ^ b) : j;
        hi[j] = (j & b) ? lanes + j : (j | b);
    }
}
GIR__TARGET_AVX512 static void gir__gemm_tpack_f32__avx512(int64_t hh, int64_t kb, const float *si, int64_t rs,
                                                             float *d, int w) {
    int32_t lo[4][16], hi[4][16];
    __m512i l0, l1, l2, l3, h0, h1, h2, h3;
    int64_t g, p;
    int j;
    for (j = 0; j < 4; ++j) gir__gemm_swapidx(16, 1 << j, lo[j], hi[j]);
    l0 = _mm512_loadu_si512(lo[0]); l1 = _mm512_loadu_si512(lo[1]);
    l2 = _mm512_loadu_si512(lo[2]); l3 = _mm512_loadu_si512(lo[3]);
    h0 = _mm512_loadu_si512(hi[0]); h1 = _mm512_loadu_si512(hi[1]);
    h2 = _mm512_loadu_si512(hi[2]); h3 = _mm512_loadu_si512(hi[3]);
    for (g = 0; g < w; g += 16) {
        int64_t nrow = hh - g < 0 ? 0 : hh - g;
        __mmask16 sm = (__mmask16)(w - g >= 16 ? 0xFFFF : (1u << (w - g)) - 1);
        for (p = 0; p < kb; p += 16) {
            int64_t np = kb - p < 16 ? kb - p : 16;
            __mmask16 km = (__mmask16)(np == 16 ? 0xFFFF : (1u << np) - 1);
            GIR__R16(GIR__PK_Z32)
            GIR__PK_W32(0, 1, l0, h0) GIR__PK_W32(2, 3, l0, h0)
            GIR__PK_W32(4, 5, l0, h0) GIR__PK_W32(6, 7, l0, h0)
            GIR__PK_W32(8, 9, l0, h0) GIR__PK_W32(10, 11, l0, h0)
            GIR__PK_W32(12, 13, l0, h0) GIR__PK_W32(14, 15, l0, h0)
            GIR__PK_W32(0, 2, l1, h1) GIR__PK_W32(1, 3, l1, h1)
            GIR__PK_W32(4, 6, l1, h1) GIR__PK_W32(5, 7, l1, h1)
            GIR__PK_W32(8, 10, l1, h1) GIR__PK_W32(9, 11, l1, h1)
            GIR__PK_W32(12, 14, l1, h1) GIR__PK_W32(13, 15, l1, h1)
            GIR__PK_W32(0, 4, l2, h2) GIR__PK_W32(1, 5, l2, h2)
            GIR__PK_W32(2, 6, l2, h2) GIR__PK_W32(3, 7, l2, h2)
            GIR__PK_W32(8, 12, l2, h2) GIR__PK_W32(9, 13, l2, h2)
            GIR__PK_W32(10, 14, l2, h2) GIR__PK_W32(11, 15, l2, h2)
            GIR__PK_W32(0, 8, l3, h3) GIR__PK_W32(1, 9, l3, h3)
            GIR__PK_W32(2, 10, l3, h3) GIR__PK_W32(3, 11, l3, h3)
            GIR__PK_W32(4, 12, l3, h3) GIR__PK_W32(5, 13, l3, h3)
            GIR__PK_W32(6, 14, l3, h3) GIR__PK_W32(7, 15, l3, h3)
            GIR__R16(GIR__PK_S32)
        }
    }
}
GIR__TARGET_AVX512 static void gir__gemm_tpack_f64__avx512(int64_t hh, int64_t kb, const double *si, int64_t rs,
                                                             double *d, int w) {
    int32_t lo[3][16], hi[3][16];
    int64_t lo64[3][8], hi64[3][8];
    __m512i l0, l1, l2, h0, h1, h2;
    int64_t g, p;
    int j, q;
    for (j = 0; j < 3; ++j) {
        gir__gemm_swapidx(8, 1 << j, lo[j], hi[j]);
        for (q = 0; q < 8; ++q) { lo64[j][q] = lo[j][q]; hi64[j][q] = hi[j][q]; }
    }
    l0 = _mm512_loadu_si512(lo64[0]); l1 = _mm512_loadu_si512(lo64[1]); l2 = _mm512_loadu_si512(lo64[2]);
    h0 = _mm512_loadu_si512(hi64[0]); h1 = _mm512_loadu_si512(hi64[1]); h2 = _mm512_loadu_si512(hi64[2]);
    for (g = 0; g < w; g += 8) {
        int64_t nrow = hh - g < 0 ? 0 : hh - g;
        __mmask8 sm = (__mmask8)(w - g >= 8 ? 0xFF : (1u << (w - g)) - 1);
        for (p = 0; p < kb; p += 8) {
            int64_t np = kb - p < 8 ? kb - p : 8;
            __mmask8 km = (__mmask8)(np == 8 ? 0xFF : (1u << np) - 1);
            GIR__R8(GIR__PK_Z64)
            GIR__PK_W64(0, 1, l0, h0) GIR__PK_W64(2, 3, l0, h0)
            GIR__PK_W64(4, 5, l0, h0) GIR__PK_W64(6, 7, l0, h0)
            GIR__PK_W64(0, 2, l1, h1) GIR__PK_W64(1, 3, l1, h1)
            GIR__PK_W64(4, 6, l1, h1) GIR__PK_W64(5, 7, l1, h1)
            GIR__PK_W64(0, 4, l2, h2) GIR__PK_W64(1, 5, l2, h2)
            GIR__PK_W64(2, 6, l2, h2) GIR__PK_W64(3, 7, l2, h2)
            GIR__R8(GIR__PK_S64)
        }
    }
}
/* the packing of gir__gemm_pack_<sfx>, with the two common layouts vectorised */
#define GIR__PACK_AVX512(SFX, T, L, PS)                                                                       \
GIR__TARGET_AVX512 static void gir__gemm_pack_##SFX##__avx512(int64_t h, int64_t kb, const void *sv, int64_t rs, \
                                                            int64_t cs, void *dv, int w) {                  \
    const T *s = (const T *)sv;                                                                             \
    T *d = (T *)dv;                                                                                         \
    int64_t i0, p, j;                                                                                       \
    for (i0 = 0; i0 < h; i0 += w, d += w * kb) {                                                            \
        int64_t hh = h - i0 < w ? h - i0 : w;                                                               \
        const T *si = s + i0 * rs;                                                                          \
        if (rs == 1 && hh == w && w % L == 0)                                                               \
            for (p = 0; p < kb; ++p)                                                                        \
                for (j = 0; j < w; j += L) _mm512_storeu_##PS(d + p * w + j, _mm512_loadu_##PS(si + p * cs + j));   \
        else if (cs == 1)                                                                                   \
            gir__gemm_tpack_##SFX##__avx512(hh, kb, si, rs, d, w);                                          \
        else                                                                                                \
            gir__gemm_pack_##SFX(hh, kb, si, rs, cs, d, w);                                                 \
    }                                                                                                       \
}
GIR__PACK_AVX512(f32, float, 16, ps)
GIR__PACK_AVX512(f64, double, 8, pd)
#endif

#if defined(GIR__HAVE_AVX2)
/* packing with AVX2, f32: panels whose rows run along k (row-major A, transposed B: a weight matrix of ONNX's
   Gemm with transB) are transposed 8 x 8 in registers (pairs of rows interleaved, then pairs of pairs, then the
   128-bit halves swapped); the last k % 8 steps and every other layout as gir__gemm_pack_f32 packs them */
GIR__TARGET_AVX2 static void gir__gemm_tpack8_f32__avx2(const float *si, int64_t rs, float *d, int w) {
    __m256 r0 = _mm256_loadu_ps(si), r1 = _mm256_loadu_ps(si + rs), r2 = _mm256_loadu_ps(si + 2 * rs);
    __m256 r3 = _mm256_loadu_ps(si + 3 * rs), r4 = _mm256_loadu_ps(si + 4 * rs), r5 = _mm256_loadu_ps(si + 5 * rs);
    __m256 r6 = _mm256_loadu_ps(si + 6 * rs), r7 = _mm256_loadu_ps(si + 7 * rs);
    __m256 t0 = _mm256_unpacklo_ps(r0, r1), t1 = _mm256_unpackhi_ps(r0, r1), t2 = _mm256_unpacklo_ps(r2, r3);
    __m256 t3 = _mm256_unpackhi_ps(r2, r3), t4 = _mm256_unpacklo_ps(r4, r5), t5 = _mm256_unpackhi_ps(r4, r5);
    __m256 t6 = _mm256_unpacklo_ps(r6, r7), t7 = _mm256_unpackhi_ps(r6, r7);
    r0 = _mm256_shuffle_ps(t0, t2, 0x44); r1 = _mm256_shuffle_ps(t0, t2, 0xEE);
    r2 = _mm256_shuffle_ps(t1, t3, 0x44); r3 = _mm256_shuffle_ps(t1, t3, 0xEE);
    r4 = _mm256_shuffle_ps(t4, t6, 0x44); r5 = _mm256_shuffle_ps(t4, t6, 0xEE);
    r6 = _mm256_shuffle_ps(t5, t7, 0x44); r7 = _mm256_shuffle_ps(t5, t7, 0xEE);
    _mm256_storeu_ps(d, _mm256_permute2f128_ps(r0, r4, 0x20));
    _mm256_storeu_ps(d + w, _mm256_permute2f128_ps(r1, r5, 0x20));
    _mm256_storeu_ps(d + 2 * w, _mm256_permute2f128_ps(r2, r6, 0x20));
    _mm256_storeu_ps(d + 3 * w, _mm256_permute2f128_ps(r3, r7, 0x20));
    _mm256_storeu_ps(d + 4 * w, _mm256_permute2f128_ps(r0, r4, 0x31));
    _mm256_storeu_ps(d + 5 * w, _mm256_permute2f128_ps(r1, r5, 0x31));
    _mm256_storeu_ps(d + 6 * w, _mm256_permute2f128_ps(r2, r6, 0x31));
    _mm256_storeu_ps(d + 7 * w, _mm256_permute2f128_ps(r3, r7, 0x31));
}
/* a whole panel whose rows are contiguous at each step (rs 1: a transposed A, a row-major B): w floats a step,
   by 8 and one masked remainder (the generic pack makes a library call for each step's few bytes) */
GIR__TARGET_AVX2 static void gir__gemm_rpack_f32__avx2(int64_t kb, const float *si, int64_t cs, float *d, int w) {
    static const int32_t lanes[16] = {-1, -1, -1, -1, -1, -1, -1, -1, 0, 0, 0, 0, 0, 0, 0, 0};
    __m256i rest = _mm256_loadu_si256((const __m256i *)(const void *)(lanes + 8 - w % 8));
    int64_t p;
    int g, w8 = w / 8 * 8;
    for (p = 0; p < kb; ++p, si += cs, d += w) {
        for (g = 0; g < w8; g += 8) _mm256_storeu_ps(d + g, _mm256_loadu_ps(si + g));
        if (w8 < w) _mm256_maskstore_ps(d + w8, rest, _mm256_maskload_ps(si + w8, rest));
    }
}
GIR__TARGET_AVX2 static void gir__gemm_pack_f32__avx2(int64_t h, int64_t kb, const void *sv, int64_t rs, int64_t cs,
                                                      void *dv, int w) {
    const float *s = (const float *)sv;
    float *d = (float *)dv;
    int64_t i0, p, g, k8 = kb / 8 * 8;
    for (i0 = 0; i0 < h; i0 += w, d += w * kb) {
        const float *si = s + i0 * rs;
        if (rs == 1 && h - i0 >= w) {
            gir__gemm_rpack_f32__avx2(kb, si, cs, d, w);
            continue;
        }
        if (cs != 1 || h - i0 < w || w % 8 != 0 || k8 == 0) {
            gir__gemm_pack_f32(h - i0 < w ? h - i0 : w, kb, si, rs, cs, d, w);
            continue;
        }
        for (g = 0; g < w; g += 8)
            for (p = 0; p < k8; p += 8) gir__gemm_tpack8_f32__avx2(si + g * rs + p, rs, d + p * w + g, w);
        if (k8 < kb) gir__gemm_pack_f32(w, kb - k8, si + k8, rs, 1, d + k8 * w, w);
    }
}
#endif

#if defined(GIR__HAVE_AVX2)
#define GIR__Y32_E float
#define GIR__Y32_V __m256
#define GIR__Y32_S __m256
#define GIR__Y32_L 8
#define GIR__Y32_ZERO() _mm256_setzero_ps()
#define GIR__Y32_LOAD(p) _mm256_loadu_ps(p)
#define GIR__Y32_STORE(p, v) _mm256_storeu_ps(p, v)
#define GIR__Y32_BCAST(x) _mm256_set1_ps(x)
#define GIR__Y32_FMA(s, v, acc) _mm256_fmadd_ps(s, v, acc)
#define GIR__Y32_ADD(v, w) _mm256_add_ps(v, w)
#define GIR__Y32_VFMA(x, y, acc) _mm256_fmadd_ps(x, y, acc)
#define GIR__Y32_PREFETCH(p) __builtin_prefetch(p, 1)
#define GIR__Y32_PREFETCH2(p) __builtin_prefetch(p, 1, 2)
#define GIR__Y64_E double
#define GIR__Y64_V __m256d
#define GIR__Y64_S __m256d
#define GIR__Y64_L 4
#define GIR__Y64_ZERO() _mm256_setzero_pd()
#define GIR__Y64_LOAD(p) _mm256_loadu_pd(p)
#define GIR__Y64_STORE(p, v) _mm256_storeu_pd(p, v)
#define GIR__Y64_BCAST(x) _mm256_set1_pd(x)
#define GIR__Y64_FMA(s, v, acc) _mm256_fmadd_pd(s, v, acc)
#define GIR__Y64_ADD(v, w) _mm256_add_pd(v, w)
#define GIR__Y64_VFMA(x, y, acc) _mm256_fmadd_pd(x, y, acc)
#define GIR__Y64_PREFETCH(p) __builtin_prefetch(p, 1)
#define GIR__Y64_PREFETCH2(p) __builtin_prefetch(p, 1, 2)
GIR__UK_DEF(avx2, GIR__TARGET_AVX2, float, f32, GIR__Y32, 6)
GIR__UK_DEF(avx2, GIR__TARGET_AVX2, float, f32, GIR__Y32, 4)
GIR__UK_DEF(avx2, GIR__TARGET_AVX2, float, f32, GIR__Y32, 2)
GIR__UK_DEF(avx2, GIR__TARGET_AVX2, float, f32, GIR__Y32, 1)
GIR__UK_DEF(avx2, GIR__TARGET_AVX2, double, f64, GIR__Y64, 6)
GIR__UK_DEF(avx2, GIR__TARGET_AVX2, double, f64, GIR__Y64, 4)
GIR__UK_DEF(avx2, GIR__TARGET_AVX2, double, f64, GIR__Y64, 2)
GIR__UK_DEF(avx2, GIR__TARGET_AVX2, double, f64, GIR__Y64, 1)
GIR__DOT_DEF(avx2, GIR__TARGET_AVX2, float, f32, GIR__Y32)
GIR__DOT_DEF(avx2, GIR__TARGET_AVX2, double, f64, GIR__Y64)
#endif

#if defined(GIR__HAVE_NEON)
#define GIR__N32_E float
#define GIR__N32_V float32x4_t
#define GIR__N32_S float32x4_t
#define GIR__N32_L 4
#define GIR__N32_ZERO() vdupq_n_f32(0.0f)
#define GIR__N32_LOAD(p) vld1q_f32(p)
#define GIR__N32_STORE(p, v) vst1q_f32(p, v)
#define GIR__N32_BCAST(x) vdupq_n_f32(x)
#define GIR__N32_FMA(s, v, acc) vfmaq_f32(acc, s, v)
#define GIR__N32_ADD(v, w) vaddq_f32(v, w)
#define GIR__N32_VFMA(x, y, acc) vfmaq_f32(acc, x, y)
#define GIR__N32_PREFETCH(p) __builtin_prefetch(p, 1)
#define GIR__N32_PREFETCH2(p) __builtin_prefetch(p, 1, 2)
#define GIR__N64_E double
#define GIR__N64_V float64x2_t
#define GIR__N64_S float64x2_t
#define GIR__N64_L 2
#define GIR__N64_ZERO() vdupq_n_f64(0.0)
#define GIR__N64_LOAD(p) vld1q_f64(p)
#define GIR__N64_STORE(p, v) vst1q_f64(p, v)
#define GIR__N64_BCAST(x) vdupq_n_f64(x)
#define GIR__N64_FMA(s, v, acc) vfmaq_f64(acc, s, v)
#define GIR__N64_ADD(v, w) vaddq_f64(v, w)
#define GIR__N64_VFMA(x, y, acc) vfmaq_f64(acc, x, y)
#define GIR__N64_PREFETCH(p) __builtin_prefetch(p, 1)
#define GIR__N64_PREFETCH2(p) __builtin_prefetch(p, 1, 2)
GIR__UK_DEF(neon, , float, f32, GIR__N32, 8)
GIR__UK_DEF(neon, , float, f32, GIR__N32, 4)
GIR__UK_DEF(neon, , float, f32, GIR__N32, 2)
GIR__UK_DEF(neon, , float, f32, GIR__N32, 1)
GIR__UK_DEF(neon, , double, f64, GIR__N64, 8)
GIR__UK_DEF(neon, , double, f64, GIR__N64, 4)
GIR__UK_DEF(neon, , double, f64, GIR__N64, 2)
GIR__UK_DEF(neon, , double, f64, GIR__N64, 1)
GIR__DOT_DEF(neon, , float, f32, GIR__N32)
GIR__DOT_DEF(neon, , double, f64, GIR__N64)
#endif

#if defined(GIR__HAVE_MVE)
/* Helium has 8 vector registers: 3 rows x 2 vectors of C plus one row of B; the A value stays scalar */
#define GIR__M32_E float
#define GIR__M32_V float32x4_t
#define GIR__M32_S float
#define GIR__M32_L 4
#define GIR__M32_ZERO() vdupq_n_f32(0.0f)
#define GIR__M32_LOAD(p) vld1q_f32(p)
#define GIR__M32_STORE(p, v) vst1q_f32(p, v)
#define GIR__M32_BCAST(x) (x)
#define GIR__M32_FMA(s, v, acc) vfmaq_n_f32(acc, v, s)
#define GIR__M32_ADD(v, w) vaddq_f32(v, w)
#define GIR__M32_VFMA(x, y, acc) vfmaq_f32(acc, x, y)
#define GIR__M32_PREFETCH(p) ((void)(p))
#define GIR__M32_PREFETCH2(p) ((void)(p))
GIR__UK_DEF(mve, , float, f32, GIR__M32, 3)
GIR__UK_DEF(mve, , float, f32, GIR__M32, 2)
GIR__UK_DEF(mve, , float, f32, GIR__M32, 1)
GIR__DOT_DEF(mve, , float, f32, GIR__M32)
#endif

/* ------------------------------------------------------------------------------------- configurations */
typedef void (*gir__gemm_uk)(int64_t k, const void *a, int64_t as, int64_t ps, const void *b, int64_t ldb,
                             void *c, int64_t ldc, int n, int acc);
typedef void (*gir__gemm_pk)(int64_t h, int64_t kb, const void *s, int64_t rs, int64_t cs, void *d, int w);
typedef void (*gir__gemm_dk)(int64_t k, const void *const *x, const void *const *y, void *out);
typedef struct gir__gemm_cfg gir__gemm_cfg;
struct gir__gemm_cfg {
    const char  *isa;
    int          es, mr, nr;     /* element bytes; the micro-tile */
    int64_t      kc, mc, nc;     /* cache blocks: mc a multiple of mr, nc of nr */
    int          rows[5];        /* the micro-kernels: rows[0] = mr, then fewer rows, descending to 1 */
    gir__gemm_uk uk[5];          /* A packed or read in place */
    gir__gemm_pk pack;
    gir__gemm_dk dot;
    const gir__gemm_cfg *wide;   /* a wider tile for when n is a multiple of its NR, or NULL */
};
/* the kernel lists of one instruction set and dtype: rows r0 > r1 > ... */
#define GIR__UKS(ISA, SFX, r0, r1, r2, r3, r4) {r0, r1, r2, r3, r4},                                          \
    {gir__gemm_uk_##SFX##_##r0##__##ISA, gir__gemm_uk_##SFX##_##r1##__##ISA, gir__gemm_uk_##SFX##_##r2##__##ISA, \
     gir__gemm_uk_##SFX##_##r3##__##ISA, gir__gemm_uk_##SFX##_##r4##__##ISA}

/* The blocking of each instruction set's GEMM (name, element bytes, micro-tile, cache blocks), written once: the
   configurations below take them, and so does gir__gemm_nums, which every build compiles (numbers, no kernels),
   so that a host can size the scratch of another target's GEMM (gir_image_ram_size_for). */
#define GIR__GEMM_SCALAR_F32 "scalar", 4, 4, 2, 256, 128, 4096
#define GIR__GEMM_SCALAR_F64 "scalar", 8, 4, 2, 256, 64, 4096
#define GIR__GEMM_AVX512W_F32 "avx512", 4, 6, 64, 512, 168, 3072
#define GIR__GEMM_AVX512W_F64 "avx512", 8, 6, 32, 384, 112, 1536
#define GIR__GEMM_AVX512_F32 "avx512", 4, 14, 32, 512, 168, 3072
#define GIR__GEMM_AVX512_F64 "avx512", 8, 14, 16, 384, 112, 1536
#define GIR__GEMM_AVX2_F32 "avx2", 4, 6, 16, 512, 192, 4096
#define GIR__GEMM_AVX2_F64 "avx2", 8, 6, 8, 256, 96, 2048
#define GIR__GEMM_NEON_F32 "neon", 4, 8, 8, 256, 128, 4096
#define GIR__GEMM_NEON_F64 "neon", 8, 8, 4, 256, 64, 2048
#define GIR__GEMM_MVE_F32 "mve", 4, 3, 8, 128, 48, 512

static const gir__gemm_cfg gir__gemm_scalar_f32 = {
    GIR__GEMM_SCALAR_F32, GIR__UKS(scalar, f32, 4, 2, 1, 1, 1), gir__gemm_pack_f32, gir__gemm_dot_f32__scalar, NULL};
static const gir__gemm_cfg gir__gemm_scalar_f64 = {
    GIR__GEMM_SCALAR_F64, GIR__UKS(scalar, f64, 4, 2, 1, 1, 1), gir__gemm_pack_f64, gir__gemm_dot_f64__scalar, NULL};
#if defined(GIR__HAVE_AVX512)
/* 6 x 64 (6 x 32 f64): fewer loads per multiply-add than 14 x 32, faster when no column is padding */
static const gir__gemm_cfg gir__gemm_avx512w_f32 = {
    GIR__GEMM_AVX512W_F32, GIR__UKS(avx512w, f32, 6, 4, 2, 1, 1), gir__gemm_pack_f32__avx512,
    gir__gemm_dot_f32__avx512, NULL};
static const gir__gemm_cfg gir__gemm_avx512w_f64 = {
    GIR__GEMM_AVX512W_F64, GIR__UKS(avx512w, f64, 6, 4, 2, 1, 1), gir__gemm_pack_f64__avx512,
    gir__gemm_dot_f64__avx512, NULL};
static const gir__gemm_cfg gir__gemm_avx512_f32 = {
    GIR__GEMM_AVX512_F32, GIR__UKS(avx512, f32, 14, 8, 4, 2, 1), gir__gemm_pack_f32__avx512,
    gir__gemm_dot_f32__avx512, &gir__gemm_avx512w_f32};
static const gir__gemm_cfg gir__gemm_avx512_f64 = {
    GIR__GEMM_AVX512_F64, GIR__UKS(avx512, f64, 14, 8, 4, 2, 1), gir__gemm_pack_f64__avx512,
    gir__gemm_dot_f64__avx512, &gir__gemm_avx512w_f64};
#endif
#if defined(GIR__HAVE_AVX2)
static const gir__gemm_cfg gir__gemm_avx2_f32 = {
    GIR__GEMM_AVX2_F32, GIR__UKS(avx2, f32, 6, 4, 2, 1, 1), gir__gemm_pack_f32__avx2, gir__gemm_dot_f32__avx2, NULL};
static const gir__gemm_cfg gir__gemm_avx2_f64 = {
    GIR__GEMM_AVX2_F64, GIR__UKS(avx2, f64, 6, 4, 2, 1, 1), gir__gemm_pack_f64, gir__gemm_dot_f64__avx2, NULL};
#endif
#if defined(GIR__HAVE_NEON)
static const gir__gemm_cfg gir__gemm_neon_f32 = {
    GIR__GEMM_NEON_F32, GIR__UKS(neon, f32, 8, 4, 2, 1, 1), gir__gemm_pack_f32, gir__gemm_dot_f32__neon, NULL};
static const gir__gemm_cfg gir__gemm_neon_f64 = {
    GIR__GEMM_NEON_F64, GIR__UKS(neon, f64, 8, 4, 2, 1, 1), gir__gemm_pack_f64, gir__gemm_dot_f64__neon, NULL};
#endif
#if defined(GIR__HAVE_MVE)
static const gir__gemm_cfg gir__gemm_mve_f32 = {
    GIR__GEMM_MVE_F32, GIR__UKS(mve, f32, 3, 2, 1, 1, 1), gir__gemm_pack_f32, gir__gemm_dot_f32__mve, NULL};
#endif
/* every instruction set's blocking without its kernels, for the scratch sizes of a target (gir__gemm_scratch
   reads nothing else); a target's f64 GEMM where it has none of its own (Helium) is the scalar one */
static const gir__gemm_cfg gir__gemm_nums_avx512w[2] = {
    {GIR__GEMM_AVX512W_F32, {0}, {0}, 0, 0, NULL}, {GIR__GEMM_AVX512W_F64, {0}, {0}, 0, 0, NULL}};
static const gir__gemm_cfg gir__gemm_nums[5][2] = {
    {{GIR__GEMM_SCALAR_F32, {0}, {0}, 0, 0, NULL}, {GIR__GEMM_SCALAR_F64, {0}, {0}, 0, 0, NULL}},
    {{GIR__GEMM_AVX2_F32, {0}, {0}, 0, 0, NULL}, {GIR__GEMM_AVX2_F64, {0}, {0}, 0, 0, NULL}},
    {{GIR__GEMM_AVX512_F32, {0}, {0}, 0, 0, &gir__gemm_nums_avx512w[0]},
     {GIR__GEMM_AVX512_F64, {0}, {0}, 0, 0, &gir__gemm_nums_avx512w[1]}},
    {{GIR__GEMM_NEON_F32, {0}, {0}, 0, 0, NULL}, {GIR__GEMM_NEON_F64, {0}, {0}, 0, 0, NULL}},
    {{GIR__GEMM_MVE_F32, {0}, {0}, 0, 0, NULL}, {GIR__GEMM_SCALAR_F64, {0}, {0}, 0, 0, NULL}}};

/* the configuration this machine runs for a float dtype */
static const gir__gemm_cfg *gir__gemm_cfg_for(int dtype) {
    int f32 = dtype == GIR_DTYPE_F32, level = gir__simd_level();
    GIR__UNUSED(level);
#if defined(GIR__HAVE_AVX512)
    if (level == GIR__ISA_AVX512) return f32 ? &gir__gemm_avx512_f32 : &gir__gemm_avx512_f64;
#endif
#if defined(GIR__HAVE_AVX2)
    if (level == GIR__ISA_AVX2) return f32 ? &gir__gemm_avx2_f32 : &gir__gemm_avx2_f64;
#endif
#if defined(GIR__HAVE_NEON)
    return f32 ? &gir__gemm_neon_f32 : &gir__gemm_neon_f64;
#endif
#if defined(GIR__HAVE_MVE)
    if (f32) return &gir__gemm_mve_f32;
#endif
    return f32 ? &gir__gemm_scalar_f32 : &gir__gemm_scalar_f64;
}

/* ----------------------------------------------------------------------------------------------- driver */
static int64_t gir__gemm_min(int64_t x, int64_t y) { return x < y ? x : y; }
static int64_t gir__gemm_round(int64_t x, int64_t q) { return (x + q - 1) / q * q; }
static size_t gir__gemm_align(size_t n) { return (n + 63) & ~(size_t)63; }
/* packing buffer bytes for up to h rows (or columns) in panels of w, of one block of k */
static size_t gir__gemm_pbytes(const gir__gemm_cfg *g, int64_t h, int64_t hc, int w, int64_t k) {
    int64_t elems = gir__gemm_round(gir__gemm_min(h, hc), w) * gir__gemm_min(k, g->kc);
    return gir__gemm_align((size_t)elems * (size_t)g->es);
}
static size_t gir__gemm_abytes(const gir__gemm_cfg *g, int64_t m, int64_t k) {
    return gir__gemm_pbytes(g, m, g->mc, g->mr, k);
}
/* scratch bytes gir__gemm needs for these sizes (and any smaller ones) */
static size_t gir__gemm_scratch(const gir__gemm_cfg *g, int64_t m, int64_t n, int64_t k) {
    if (m <= 0 || n <= 0 || k <= 0) return 0;
    if (g->wide && n % g->wide->nr == 0) g = g->wide;
    return gir__gemm_abytes(g, m, k) + gir__gemm_pbytes(g, n, g->nc, g->nr, k);
}
/* read B in place (its rows contiguous) rather than pack it: when few rows of A use each panel, or when the
   rows of the block span at most 256 KiB (packing a small B costs more than its strided reads; measured) */
static int gir__gemm_direct_b(const gir__gemm_cfg *g, int64_t m, int64_t kb, int64_t rsb) {
    return m <= 2 * g->mr || kb * rsb * g->es <= 262144;
}
/* read A in place (its rows contiguous) rather than pack it: when the rows of A span at most 1 MiB */
static int gir__gemm_direct_a(const gir__gemm_cfg *g, int64_t m, int64_t rsa, int64_t csa) {
    return csa == 1 && rsa > 0 && m * rsa * g->es <= 1048576;
}

/* one MC x KC block of A (packed panels at a, as = 0; or rows a[i*as + p] read in place) times the KC x NC
   block of B (packed panels; or rows b[p*ldb + j] with only the partial last panel packed, at bedge) into C */
static void gir__gemm_block(const gir__gemm_cfg *g, int64_t mb, int64_t nb, int64_t kb, const char *a, int64_t as,
                            const char *b, int64_t ldb, const char *bedge, char *c, int64_t ldc, int acc) {
    const gir__gemm_uk *uk = g->uk;
    int64_t es = g->es, jr, ir;
    for (jr = 0; jr < nb; jr += g->nr) {
        int nn = (int)gir__gemm_min(g->nr, nb - jr);
        const char *bj = !bedge ? b + jr * kb * es : nn == g->nr ? b + jr * es : bedge;
        int64_t lb = bedge && nn == g->nr ? ldb : g->nr;
        for (ir = 0; ir < mb; ir += g->mr) {
            int64_t rows = gir__gemm_min(g->mr, mb - ir), r0 = 0;
            const char *ai = as ? a + ir * as * es : a + ir * kb * es;
            int u = 0;
            while (r0 < rows) {
                while (g->rows[u] > rows - r0) ++u;
                uk[u](kb, ai + r0 * (as ? as : 1) * es, as ? as : 1, as ? 1 : g->mr, bj, lb,
                      c + ((ir + r0) * ldc + jr) * es, ldc, nn, acc);
                r0 += g->rows[u];
            }
        }
    }
}

/* the paths of gir__gemm (its return value): the packed path or one of the small shapes of gir__gemm_small */
#define GIR__GEMM_PACKED 0
#define GIR__GEMM_OUTER  1      /* k = 1: outer product */
#define GIR__GEMM_ROWV   2      /* m = 1: vector times matrix */
#define GIR__GEMM_COLV   3      /* n = 1, A transposed: matrix times vector */
#define GIR__GEMM_DOTS   4      /* few rows or columns, dot products */
#define GIR__GEMM_EMPTY  5      /* m, n or k is 0 */
/* the macro loops of the blocking above, for configuration g as chosen (no wider tile is picked here) */
static void gir__gemm_loops(const gir__gemm_cfg *g, int64_t m, int64_t n, int64_t k, const void *a, int64_t rsa,
                            int64_t csa, const void *b, int64_t rsb, int64_t csb, void *c, int64_t ldc, int acc,
                            void *scratch) {
    int64_t es = g->es, jc, pc, ic, kc, mc;
    int direct_a = gir__gemm_direct_a(g, m, rsa, csa);
    char *ap = (char *)scratch, *bp = ap + (direct_a ? 0 : gir__gemm_abytes(g, m, k));
    kc = (k + (k + g->kc - 1) / g->kc - 1) / ((k + g->kc - 1) / g->kc);          /* k in equal blocks <= KC */
    mc = gir__gemm_round((m + (m + g->mc - 1) / g->mc - 1) / ((m + g->mc - 1) / g->mc), g->mr);
    for (jc = 0; jc < n; jc += g->nc) {
        int64_t nb = gir__gemm_min(g->nc, n - jc);
        for (pc = 0; pc < k; pc += kc) {
            int64_t kb = gir__gemm_min(kc, k - pc), full = nb / g->nr * g->nr;
            const char *bs = (const char *)b + (pc * rsb + jc * csb) * es;
            int direct = csb == 1 && gir__gemm_direct_b(g, m, kb, rsb);
            if (!direct) g->pack(nb, kb, bs, csb, rsb, bp, g->nr);
            else if (full < nb) g->pack(nb - full, kb, bs + full * es, 1, rsb, bp, g->nr);
            for (ic = 0; ic < m; ic += mc) {
                int64_t mb = gir__gemm_min(mc, m - ic);
                const char *as = (const char *)a + (ic * rsa + pc * csa) * es;
                if (!direct_a) g->pack(mb, kb, as, rsa, csa, ap, g->mr);
                gir__gemm_block(g, mb, nb, kb, direct_a ? as : ap, direct_a ? rsa : 0, direct ? bs : bp, rsb,
                                direct ? bp : NULL, (char *)c + (ic * ldc + jc) * es, ldc, acc || pc > 0);
            }
        }
    }
}

#if defined(GIR_THREADS)
/* Threads: the product is cut into at most nt slices of rows of C (each packs all of B it uses, its own
   rows of A) or of columns of C (each packs all of A, its own columns of B), whichever packs less twice,
   and every slice runs the macro loops above with its own part of the scratch memory (nt times the
   one-thread amount, gir__gemm_scratch_par). Slices start at multiples of MR or NR and the blocks of k are
   the same, so every element of C sees the same multiply-adds in the same order as with one thread. */
#define GIR__GEMM_PAR_MIN 2097152.0      /* m n k at which splitting pays (about 128^3; measured) */
typedef struct gir__gemm_job {
    const gir__gemm_cfg *g;
    int64_t              m, n, k, rsa, csa, rsb, csb, ldc, step;
    const char          *a, *b;
    char                *c, *scratch;
    size_t               region;
    int                  acc, cols;
} gir__gemm_job;
static void gir__gemm_task(void *ctx, int t) {
    const gir__gemm_job *j = (const gir__gemm_job *)ctx;
    int64_t lo = t * j->step, es = j->g->es, len = gir__gemm_min(j->step, (j->cols ? j->n : j->m) - lo);
    char *s = j->scratch + (size_t)t * j->region;
    if (len <= 0) return;
    if (j->cols)
        gir__gemm_loops(j->g, j->m, len, j->k, j->a, j->rsa, j->csa, j->b + lo * j->csb * es, j->rsb, j->csb,
                        j->c + lo * es, j->ldc, j->acc, s);
    else
        gir__gemm_loops(j->g, len, j->n, j->k, j->a + lo * j->rsa * es, j->rsa, j->csa, j->b, j->rsb, j->csb,
                        j->c + lo * j->ldc * es, j->ldc, j->acc, s);
}
/* scratch bytes for gir__gemm with a hook of nt threads: the one-thread amount once per thread */
static size_t gir__gemm_scratch_par(const gir__gemm_cfg *g, int64_t m, int64_t n, int64_t k, int nt) {
    size_t one = gir__gemm_scratch(g, m, n, k);
    return nt > 1 && one <= ((size_t)-1) / (size_t)nt ? one * (size_t)nt : one;
}
/* 1 when the product was split across the plan's threads (and is done), 0 when it is left to one thread */
static int gir__gemm_split(const gir__gemm_cfg *g, int64_t m, int64_t n, int64_t k, const void *a, int64_t rsa,
                           int64_t csa, const void *b, int64_t rsb, int64_t csb, void *c, int64_t ldc, int acc,
                           void *scratch, const gir__par *par) {
    gir__gemm_job j;
    int64_t nt = gir__par_threads(par), q, pieces;
    if (nt < 2 || (double)m * (double)n * (double)k < GIR__GEMM_PAR_MIN) return 0;
    /* columns when that packs less: the slices then repack A (unless A is read in place), rows repack B */
    j.cols = (gir__gemm_direct_a(g, m, rsa, csa) ? 0 : m) < n || m < 2 * nt * g->mr;
    if (j.cols && n < 2 * g->nr) return 0;
    q = j.cols ? g->nr : g->mr;
    j.step = gir__gemm_round(((j.cols ? n : m) + nt - 1) / nt, q);
    pieces = ((j.cols ? n : m) + j.step - 1) / j.step;
    j.g = g; j.m = m; j.n = n; j.k = k; j.rsa = rsa; j.csa = csa; j.rsb = rsb; j.csb = csb; j.ldc = ldc;
    j.a = (const char *)a; j.b = (const char *)b; j.c = (char *)c; j.scratch = (char *)scratch;
    j.region = gir__gemm_scratch(g, m, n, k);
    j.acc = acc;
    gir__par_for(par, (int)pieces, gir__gemm_task, &j);
    return 1;
}
#endif
