/* >>simd_avx2: the vector vocabulary on AVX2 + FMA: 8 floats or 4 doubles a vector; a mask is a vector whose
   lanes are all ones or all zeros; partial loads and stores use vmaskmov, which touches no memory past n -- */
#if defined(GIR__HAVE_AVX2)
/*@intrinsics*/
#define GIR__LANES_AVX2_F32 8
#define GIR__LANES_AVX2_F64 4
#define GIR__AVX2_FN GIR__TARGET_AVX2 static GIR__INLINE
#define GIR__AVX2_FNP GIR__AVX2_FN GIR__ALWAYS_INLINE /* the partial loads and stores the GEMM kernels call */
typedef __m256  gir__avx2_vf32;
typedef __m256  gir__avx2_mf32;
typedef __m256d gir__avx2_vf64;
typedef __m256d gir__avx2_mf64;

/* T: the element type, S: its suffix, V: vector (and mask), P: ps or pd, LANES: elements a vector */
#define GIR__AVX2_VOCAB(T, S, V, P, LANES)                                                                          \
GIR__AVX2_FN V gir__avx2_set1_##S(T x) { return _mm256_set1_##P(x); }                                               \
GIR__AVX2_FN V gir__avx2_load_##S(const T *p) { return _mm256_loadu_##P(p); }                                       \
GIR__AVX2_FN void gir__avx2_store_##S(T *p, V x) { _mm256_storeu_##P(p, x); }                                       \
GIR__AVX2_FNP V gir__avx2_loadn_##S(const T *p, int n) { return _mm256_maskload_##P(p, gir__avx2_first_##S(n)); }   \
GIR__AVX2_FNP void gir__avx2_storen_##S(T *p, int n, V x) { _mm256_maskstore_##P(p, gir__avx2_first_##S(n), x); }   \
GIR__AVX2_FN V gir__avx2_add_##S(V x, V y) { return _mm256_add_##P(x, y); }                                         \
GIR__AVX2_FN V gir__avx2_sub_##S(V x, V y) { return _mm256_sub_##P(x, y); }                                         \
GIR__AVX2_FN V gir__avx2_mul_##S(V x, V y) { return _mm256_mul_##P(x, y); }                                         \
GIR__AVX2_FN V gir__avx2_div_##S(V x, V y) { return _mm256_div_##P(x, y); }                                         \
GIR__AVX2_FN V gir__avx2_fma_##S(V x, V y, V z) { return _mm256_fmadd_##P(x, y, z); }                               \
GIR__AVX2_FN V gir__avx2_fnma_##S(V x, V y, V z) { return _mm256_fnmadd_##P(x, y, z); }                             \
GIR__AVX2_FN V gir__avx2_neg_##S(V x) { return _mm256_xor_##P(x, _mm256_set1_##P((T)-0.0)); }                       \
GIR__AVX2_FN V gir__avx2_abs_##S(V x) { return _mm256_andnot_##P(_mm256_set1_##P((T)-0.0), x); }                    \
GIR__AVX2_FN V gir__avx2_copysign_##S(V x, V y) {                                                                   \
    V s = _mm256_set1_##P((T)-0.0);                                                                                 \
    return _mm256_or_##P(_mm256_andnot_##P(s, x), _mm256_and_##P(s, y)); }                                          \
GIR__AVX2_FN V gir__avx2_sqrt_##S(V x) { return _mm256_sqrt_##P(x); }                                               \
GIR__AVX2_FN V gir__avx2_floor_##S(V x) { return _mm256_round_##P(x, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC); }  \
GIR__AVX2_FN V gir__avx2_ceil_##S(V x) { return _mm256_round_##P(x, _MM_FROUND_TO_POS_INF | _MM_FROUND_NO_EXC); }   \
GIR__AVX2_FN V gir__avx2_round_##S(V x) {                                                                           \
    return _mm256_round_##P(x, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC); }                                    \
GIR__AVX2_FN V gir__avx2_lt_##S(V x, V y) { return _mm256_cmp_##P(x, y, _CMP_LT_OQ); }                              \
GIR__AVX2_FN V gir__avx2_le_##S(V x, V y) { return _mm256_cmp_##P(x, y, _CMP_LE_OQ); }                              \
GIR__AVX2_FN V gir__avx2_gt_##S(V x, V y) { return _mm256_cmp_##P(x, y, _CMP_GT_OQ); }                              \
GIR__AVX2_FN V gir__avx2_ge_##S(V x, V y) { return _mm256_cmp_##P(x, y, _CMP_GE_OQ); }                              \
GIR__AVX2_FN V gir__avx2_eq_##S(V x, V y) { return _mm256_cmp_##P(x, y, _CMP_EQ_OQ); }                              \
GIR__AVX2_FN V gir__avx2_ne_##S(V x, V y) { return _mm256_cmp_##P(x, y, _CMP_NEQ_UQ); }                             \
GIR__AVX2_FN V gir__avx2_isnan_##S(V x) { return _mm256_cmp_##P(x, x, _CMP_UNORD_Q); }                              \
GIR__AVX2_FN V gir__avx2_mand_##S(V a, V b) { return _mm256_and_##P(a, b); }                                        \
GIR__AVX2_FN V gir__avx2_mor_##S(V a, V b) { return _mm256_or_##P(a, b); }                                          \
GIR__AVX2_FN V gir__avx2_mnot_##S(V a) { return _mm256_xor_##P(a, _mm256_cmp_##P(a, a, _CMP_TRUE_UQ)); }            \
GIR__AVX2_FN int gir__avx2_any_##S(V a) { return _mm256_movemask_##P(a) != 0; }                                     \
GIR__AVX2_FN V gir__avx2_select_##S(V m, V x, V y) { return _mm256_blendv_##P(y, x, m); }                           \
/* min/max as the scalar vocabulary: a NaN in either operand gives NaN, and equal operands give y */                \
GIR__AVX2_FN V gir__avx2_min_##S(V x, V y) {                                                                        \
    return _mm256_blendv_##P(_mm256_min_##P(x, y), x, gir__avx2_isnan_##S(x)); }                                    \
GIR__AVX2_FN V gir__avx2_max_##S(V x, V y) {                                                                        \
    return _mm256_blendv_##P(_mm256_max_##P(x, y), x, gir__avx2_isnan_##S(x)); }                                    \
/* x limited to [lo, hi]; a NaN x stays NaN */                                                                      \
GIR__AVX2_FN V gir__avx2_clamp_##S(V x, V lo, V hi) { return _mm256_min_##P(hi, _mm256_max_##P(lo, x)); }           \
/* a scalar function lane by lane, for what has no vector version */                                                \
GIR__AVX2_FN V gir__avx2_map1_##S(T (*f)(T), V x) {                                                                 \
    T t[LANES]; int j; _mm256_storeu_##P(t, x);                                                                     \
    for (j = 0; j < LANES; ++j) t[j] = f(t[j]);                                                                     \
    return _mm256_loadu_##P(t); }                                                                                   \
GIR__AVX2_FN V gir__avx2_map2_##S(T (*f)(T, T), V x, V y) {                                                         \
    T t[LANES], u[LANES]; int j; _mm256_storeu_##P(t, x); _mm256_storeu_##P(u, y);                                  \
    for (j = 0; j < LANES; ++j) t[j] = f(t[j], u[j]);                                                               \
    return _mm256_loadu_##P(t); }

/* lanes [0, n) of a partial load or store */
GIR__AVX2_FNP __m256i gir__avx2_first_f32(int n) {
    return _mm256_cmpgt_epi32(_mm256_set1_epi32(n), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
}
GIR__AVX2_FNP __m256i gir__avx2_first_f64(int n) {
    return _mm256_cmpgt_epi64(_mm256_set1_epi64x(n), _mm256_setr_epi64x(0, 1, 2, 3));
}
GIR__AVX2_VOCAB(float, f32, gir__avx2_vf32, ps, 8)
GIR__AVX2_VOCAB(double, f64, gir__avx2_vf64, pd, 4)
#undef GIR__AVX2_VOCAB
/* the even and the odd elements of lo then hi, in order (a 2x2 max pool's columns) */
GIR__AVX2_FN __m256 gir__avx2_evens_f32(__m256 lo, __m256 hi) {
    return _mm256_castpd_ps(_mm256_permute4x64_pd(_mm256_castps_pd(_mm256_shuffle_ps(lo, hi, 0x88)), 0xD8)); }
GIR__AVX2_FN __m256 gir__avx2_odds_f32(__m256 lo, __m256 hi) {
    return _mm256_castpd_ps(_mm256_permute4x64_pd(_mm256_castps_pd(_mm256_shuffle_ps(lo, hi, 0xDD)), 0xD8)); }
GIR__AVX2_FN __m256d gir__avx2_evens_f64(__m256d lo, __m256d hi) {
    return _mm256_permute4x64_pd(_mm256_unpacklo_pd(lo, hi), 0xD8); }
GIR__AVX2_FN __m256d gir__avx2_odds_f64(__m256d lo, __m256d hi) {
    return _mm256_permute4x64_pd(_mm256_unpackhi_pd(lo, hi), 0xD8); }
/* Integers: 8 int32 or 32 uint8 a vector (b8 uses the u8 vectors); a mask is a vector of all-ones or all-zeros
   lanes. Arithmetic wraps as the scalar vocabulary does. AVX2 has no byte multiply (u8 products are two 16-bit
   multiplies, even and odd bytes), no unsigned byte compare (done with max/min and equality) and no masked byte
   load or store (partial u8 vectors go through a small buffer) */
#define GIR__LANES_AVX2_I32 8
#define GIR__LANES_AVX2_U8 32
typedef __m256i gir__avx2_vi32;
typedef __m256i gir__avx2_mi32;
typedef __m256i gir__avx2_vu8;
typedef __m256i gir__avx2_mu8;
#define GIR__AVX2_IVOCAB(T, S, E)                                                                                   \
GIR__AVX2_FN __m256i gir__avx2_load_##S(const T *p) { return _mm256_loadu_si256((const __m256i *)(const void *)p); } \
GIR__AVX2_FN void gir__avx2_store_##S(T *p, __m256i x) { _mm256_storeu_si256((__m256i *)(void *)p, x); }            \
GIR__AVX2_FN __m256i gir__avx2_add_##S(__m256i x, __m256i y) { return _mm256_add_##E(x, y); }                       \
GIR__AVX2_FN __m256i gir__avx2_sub_##S(__m256i x, __m256i y) { return _mm256_sub_##E(x, y); }                       \
GIR__AVX2_FN __m256i gir__avx2_eq_##S(__m256i x, __m256i y) { return _mm256_cmpeq_##E(x, y); }                      \
GIR__AVX2_FN __m256i gir__avx2_mnot_##S(__m256i a) { return _mm256_xor_si256(a, _mm256_set1_epi32(-1)); }           \
GIR__AVX2_FN __m256i gir__avx2_ne_##S(__m256i x, __m256i y) { return gir__avx2_mnot_##S(_mm256_cmpeq_##E(x, y)); }  \
GIR__AVX2_FN __m256i gir__avx2_mand_##S(__m256i a, __m256i b) { return _mm256_and_si256(a, b); }                    \
GIR__AVX2_FN __m256i gir__avx2_mor_##S(__m256i a, __m256i b) { return _mm256_or_si256(a, b); }                      \
GIR__AVX2_FN __m256i gir__avx2_mxor_##S(__m256i a, __m256i b) { return _mm256_xor_si256(a, b); }                    \
GIR__AVX2_FN __m256i gir__avx2_select_##S(__m256i m, __m256i x, __m256i y) { return _mm256_blendv_epi8(y, x, m); }
GIR__AVX2_IVOCAB(int32_t, i32, epi32)
GIR__AVX2_IVOCAB(uint8_t, u8, epi8)
#undef GIR__AVX2_IVOCAB
GIR__AVX2_FN __m256i gir__avx2_set1_i32(int32_t x) { return _mm256_set1_epi32(x); }
GIR__AVX2_FN __m256i gir__avx2_loadn_i32(const int32_t *p, int n) {
    return _mm256_maskload_epi32((const int *)(const void *)p, gir__avx2_first_f32(n)); }
GIR__AVX2_FN void gir__avx2_storen_i32(int32_t *p, int n, __m256i x) {
    _mm256_maskstore_epi32((int *)(void *)p, gir__avx2_first_f32(n), x); }
GIR__AVX2_FN __m256i gir__avx2_mul_i32(__m256i x, __m256i y) { return _mm256_mullo_epi32(x, y); }
GIR__AVX2_FN __m256i gir__avx2_abs_i32(__m256i x) { return _mm256_abs_epi32(x); }
GIR__AVX2_FN __m256i gir__avx2_max_i32(__m256i x, __m256i y) { return _mm256_max_epi32(x, y); }
GIR__AVX2_FN __m256i gir__avx2_min_i32(__m256i x, __m256i y) { return _mm256_min_epi32(x, y); }
GIR__AVX2_FN __m256i gir__avx2_gt_i32(__m256i x, __m256i y) { return _mm256_cmpgt_epi32(x, y); }
GIR__AVX2_FN __m256i gir__avx2_lt_i32(__m256i x, __m256i y) { return _mm256_cmpgt_epi32(y, x); }
GIR__AVX2_FN __m256i gir__avx2_le_i32(__m256i x, __m256i y) { return gir__avx2_mnot_i32(_mm256_cmpgt_epi32(x, y)); }
GIR__AVX2_FN __m256i gir__avx2_ge_i32(__m256i x, __m256i y) { return gir__avx2_mnot_i32(_mm256_cmpgt_epi32(y, x)); }
GIR__AVX2_FN __m256i gir__avx2_set1_u8(uint8_t x) { return _mm256_set1_epi8((char)x); }
GIR__AVX2_FN __m256i gir__avx2_loadn_u8(const uint8_t *p, int n) {
    uint8_t t[32] = {0};
    GIR_MEMCPY(t, p, (size_t)n);
    return gir__avx2_load_u8(t);
}
GIR__AVX2_FN void gir__avx2_storen_u8(uint8_t *p, int n, __m256i x) {
    uint8_t t[32];
    gir__avx2_store_u8(t, x);
    GIR_MEMCPY(p, t, (size_t)n);
}
GIR__AVX2_FN __m256i gir__avx2_mul_u8(__m256i x, __m256i y) {
    __m256i even = _mm256_mullo_epi16(x, y);
    __m256i odd = _mm256_mullo_epi16(_mm256_srli_epi16(x, 8), _mm256_srli_epi16(y, 8));
    return _mm256_or_si256(_mm256_and_si256(even, _mm256_set1_epi16(0xFF)), _mm256_slli_epi16(odd, 8));
}
GIR__AVX2_FN __m256i gir__avx2_max_u8(__m256i x, __m256i y) { return _mm256_max_epu8(x, y); }
GIR__AVX2_FN __m256i gir__avx2_min_u8(__m256i x, __m256i y) { return _mm256_min_epu8(x, y); }
GIR__AVX2_FN __m256i gir__avx2_ge_u8(__m256i x, __m256i y) { return _mm256_cmpeq_epi8(_mm256_max_epu8(x, y), x); }
GIR__AVX2_FN __m256i gir__avx2_le_u8(__m256i x, __m256i y) { return _mm256_cmpeq_epi8(_mm256_min_epu8(x, y), x); }
GIR__AVX2_FN __m256i gir__avx2_gt_u8(__m256i x, __m256i y) { return gir__avx2_mnot_u8(gir__avx2_le_u8(x, y)); }
GIR__AVX2_FN __m256i gir__avx2_lt_u8(__m256i x, __m256i y) { return gir__avx2_mnot_u8(gir__avx2_ge_u8(x, y)); }
GIR__AVX2_FN __m256 gir__avx2_mxor_f32(__m256 a, __m256 b) { return _mm256_xor_ps(a, b); }
GIR__AVX2_FN __m256d gir__avx2_mxor_f64(__m256d a, __m256d b) { return _mm256_xor_pd(a, b); }

/* masks to and from b8 bytes (0 or 1 out, nonzero is true in). 32-bit lanes narrow by two saturating packs
   (-1 stays -1); 64-bit lanes first gather their low halves. Partial forms go through a small buffer. */
GIR__AVX2_FN __m128i gir__avx2_bytes_i32(__m256i m) {       /* the 8 lanes' bytes in the low 8 bytes, 0 or 1 */
    __m128i w = _mm_packs_epi32(_mm256_castsi256_si128(m), _mm256_extracti128_si256(m, 1));
    return _mm_and_si128(_mm_packs_epi16(w, w), _mm_set1_epi8(1));
}
GIR__AVX2_FN void gir__avx2_storeb_i32(uint8_t *p, __m256i m) { _mm_storel_epi64((__m128i *)(void *)p, gir__avx2_bytes_i32(m)); }
GIR__AVX2_FN void gir__avx2_storeb_f32(uint8_t *p, __m256 m) { gir__avx2_storeb_i32(p, _mm256_castps_si256(m)); }
GIR__AVX2_FN void gir__avx2_storeb_f64(uint8_t *p, __m256d m) {
    __m256i lo = _mm256_permutevar8x32_epi32(_mm256_castpd_si256(m), _mm256_setr_epi32(0, 2, 4, 6, 0, 2, 4, 6));
    int32_t v = _mm_cvtsi128_si32(gir__avx2_bytes_i32(lo));
    GIR_MEMCPY(p, &v, 4);
}
GIR__AVX2_FN void gir__avx2_storeb_u8(uint8_t *p, __m256i m) { gir__avx2_store_u8(p, _mm256_and_si256(m, _mm256_set1_epi8(1))); }
GIR__AVX2_FN __m256i gir__avx2_loadb_i32(const uint8_t *p) {
    __m256i v = _mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)(const void *)p));
    return gir__avx2_mnot_i32(_mm256_cmpeq_epi32(v, _mm256_setzero_si256()));
}
GIR__AVX2_FN __m256 gir__avx2_loadb_f32(const uint8_t *p) { return _mm256_castsi256_ps(gir__avx2_loadb_i32(p)); }
GIR__AVX2_FN __m256d gir__avx2_loadb_f64(const uint8_t *p) {
    int32_t b;
    __m256i v;
    GIR_MEMCPY(&b, p, 4);
    v = _mm256_cvtepu8_epi64(_mm_cvtsi32_si128(b));
    return _mm256_castsi256_pd(gir__avx2_mnot_i32(_mm256_cmpeq_epi64(v, _mm256_setzero_si256())));
}
GIR__AVX2_FN __m256i gir__avx2_loadb_u8(const uint8_t *p) {
    return gir__avx2_mnot_u8(_mm256_cmpeq_epi8(gir__avx2_load_u8(p), _mm256_setzero_si256()));
}
#define GIR__AVX2_BYTESN(S, M, LANES)                                                                               \
GIR__AVX2_FN void gir__avx2_storebn_##S(uint8_t *p, int n, M m) {                                                   \
    uint8_t t[LANES]; gir__avx2_storeb_##S(t, m); GIR_MEMCPY(p, t, (size_t)n); }                                    \
GIR__AVX2_FN M gir__avx2_loadbn_##S(const uint8_t *p, int n) {                                                      \
    uint8_t t[LANES] = {0}; GIR_MEMCPY(t, p, (size_t)n); return gir__avx2_loadb_##S(t); }
GIR__AVX2_BYTESN(f32, __m256, 8)
GIR__AVX2_BYTESN(f64, __m256d, 4)
GIR__AVX2_BYTESN(i32, __m256i, 8)
GIR__AVX2_BYTESN(u8, __m256i, 32)
#undef GIR__AVX2_BYTESN
/* 1/x for finite normal x (here the correctly rounded quotient) */
GIR__AVX2_FN gir__avx2_vf32 gir__avx2_recip_f32(gir__avx2_vf32 x) {
    return gir__avx2_div_f32(gir__avx2_set1_f32(1), x);
}
GIR__AVX2_FN gir__avx2_vf64 gir__avx2_recip_f64(gir__avx2_vf64 x) {
    return gir__avx2_div_f64(gir__avx2_set1_f64(1), x);
}

/* Exponent arithmetic without float <-> int conversions: for an integral v in [0, 2^23), the float 2^23 + v
   has v in its low mantissa bits, so shifting its bits left by 23 gives the float 2^(v - 127) when v is a
   biased exponent (doubles: 2^52 and 52). x 2^k is done as two factors 2^floor(k/2) and 2^(k - floor(k/2)),
   each a normal number for |k| <= 2 emax - 2, so the product rounds once. */
GIR__AVX2_FN __m256 gir__avx2_pow2i_f32(__m256 k) {         /* 2^k for integral k in [-126, 127] */
    __m256 b = _mm256_add_ps(k, _mm256_set1_ps(8388608.0f + 127.0f));
    return _mm256_castsi256_ps(_mm256_slli_epi32(_mm256_castps_si256(b), 23));
}
GIR__AVX2_FN __m256d gir__avx2_pow2i_f64(__m256d k) {      /* 2^k for integral k in [-1022, 1023] */
    __m256d b = _mm256_add_pd(k, _mm256_set1_pd(4503599627370496.0 + 1023.0));
    return _mm256_castsi256_pd(_mm256_slli_epi64(_mm256_castpd_si256(b), 52));
}
GIR__AVX2_FN __m256 gir__avx2_ldexp_f32(__m256 x, __m256 k) {
    __m256 h = _mm256_floor_ps(_mm256_mul_ps(k, _mm256_set1_ps(0.5f)));
    return _mm256_mul_ps(_mm256_mul_ps(x, gir__avx2_pow2i_f32(h)), gir__avx2_pow2i_f32(_mm256_sub_ps(k, h)));
}
GIR__AVX2_FN __m256d gir__avx2_ldexp_f64(__m256d x, __m256d k) {
    __m256d h = _mm256_floor_pd(_mm256_mul_pd(k, _mm256_set1_pd(0.5)));
    return _mm256_mul_pd(_mm256_mul_pd(x, gir__avx2_pow2i_f64(h)), gir__avx2_pow2i_f64(_mm256_sub_pd(k, h)));
}
/* finite x != 0: floor(log2 |x|) and |x| scaled into [1, 2); subnormals are first scaled up by 2^24 (2^54) */
GIR__AVX2_FN __m256 gir__avx2_normal_f32(__m256 x, __m256 *bias) {
    __m256 a = gir__avx2_abs_f32(x), tiny = _mm256_cmp_ps(a, _mm256_set1_ps(FLT_MIN), _CMP_LT_OQ);
    *bias = _mm256_blendv_ps(_mm256_set1_ps(127.0f), _mm256_set1_ps(127.0f + 24.0f), tiny);
    return _mm256_blendv_ps(a, _mm256_mul_ps(a, _mm256_set1_ps(16777216.0f)), tiny);
}
GIR__AVX2_FN __m256 gir__avx2_logb_f32(__m256 x) {
    __m256 bias, a = gir__avx2_normal_f32(x, &bias);
    __m256i e = _mm256_srli_epi32(_mm256_castps_si256(a), 23);
    return _mm256_sub_ps(_mm256_cvtepi32_ps(e), bias);
}
GIR__AVX2_FN __m256 gir__avx2_mant_f32(__m256 x) {
    __m256 bias, a = gir__avx2_normal_f32(x, &bias);
    __m256i m = _mm256_and_si256(_mm256_castps_si256(a), _mm256_set1_epi32(0x007FFFFF));
    (void)bias;
    return _mm256_castsi256_ps(_mm256_or_si256(m, _mm256_set1_epi32(0x3F800000)));
}
GIR__AVX2_FN __m256d gir__avx2_normal_f64(__m256d x, __m256d *bias) {
    __m256d a = gir__avx2_abs_f64(x), tiny = _mm256_cmp_pd(a, _mm256_set1_pd(DBL_MIN), _CMP_LT_OQ);
    *bias = _mm256_blendv_pd(_mm256_set1_pd(1023.0), _mm256_set1_pd(1023.0 + 54.0), tiny);
    return _mm256_blendv_pd(a, _mm256_mul_pd(a, _mm256_set1_pd(18014398509481984.0)), tiny);
}
GIR__AVX2_FN __m256d gir__avx2_logb_f64(__m256d x) {
    __m256d bias, a = gir__avx2_normal_f64(x, &bias), two52 = _mm256_set1_pd(4503599627370496.0);
    __m256i e = _mm256_srli_epi64(_mm256_castpd_si256(a), 52);       /* the biased exponent, then as a double */
    __m256d ed = _mm256_sub_pd(_mm256_castsi256_pd(_mm256_or_si256(e, _mm256_castpd_si256(two52))), two52);
    return _mm256_sub_pd(ed, bias);
}
GIR__AVX2_FN __m256d gir__avx2_mant_f64(__m256d x) {
    __m256d bias, a = gir__avx2_normal_f64(x, &bias);
    __m256i m = _mm256_and_si256(_mm256_castpd_si256(a), _mm256_set1_epi64x(0x000FFFFFFFFFFFFFll));
    (void)bias;
    return _mm256_castsi256_pd(_mm256_or_si256(m, _mm256_set1_epi64x(0x3FF0000000000000ll)));
}
/*@intrinsics end*/
#endif
