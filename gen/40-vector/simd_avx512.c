/* >>simd_avx512: the vector vocabulary on AVX-512 (F, DQ, BW, VL): 16 floats or 8 doubles a vector; masks
   are mask registers, so partial loads and stores are masked and never touch memory past n ------------- */
#if defined(GIR__HAVE_AVX512)
/*@intrinsics*/
#define GIR__LANES_AVX512_F32 16
#define GIR__LANES_AVX512_F64 8
#define GIR__AVX512_FN GIR__TARGET_AVX512 static GIR__INLINE
#define GIR__AVX512_FNP GIR__AVX512_FN GIR__ALWAYS_INLINE /* the partial loads and stores the GEMM kernels call */
/* (the zero-masking forms with an all-ones mask are the plain instructions; g++ 12 warns about the
   unmasked intrinsics' undefined pass-through operand) */
typedef __m512    gir__avx512_vf32;
typedef __mmask16 gir__avx512_mf32;
typedef __m512d   gir__avx512_vf64;
typedef __mmask8  gir__avx512_mf64;

/* T: the element type, S: its suffix, V: vector, M: mask, P: ps or pd, LANES: elements a vector */
#define GIR__AVX512_VOCAB(T, S, V, M, P, LANES)                                                                     \
GIR__AVX512_FN V gir__avx512_set1_##S(T x) { return _mm512_set1_##P(x); }                                           \
GIR__AVX512_FN V gir__avx512_load_##S(const T *p) { return _mm512_loadu_##P(p); }                                   \
GIR__AVX512_FN void gir__avx512_store_##S(T *p, V x) { _mm512_storeu_##P(p, x); }                                   \
GIR__AVX512_FNP M gir__avx512_first_##S(int n) { return (M)((1u << n) - 1u); }                                      \
GIR__AVX512_FNP V gir__avx512_loadn_##S(const T *p, int n) {                                                        \
    return _mm512_maskz_loadu_##P(gir__avx512_first_##S(n), p); }                                                   \
GIR__AVX512_FNP void gir__avx512_storen_##S(T *p, int n, V x) {                                                     \
    _mm512_mask_storeu_##P(p, gir__avx512_first_##S(n), x); }                                                       \
GIR__AVX512_FN V gir__avx512_add_##S(V x, V y) { return _mm512_add_##P(x, y); }                                     \
GIR__AVX512_FN V gir__avx512_sub_##S(V x, V y) { return _mm512_sub_##P(x, y); }                                     \
GIR__AVX512_FN V gir__avx512_mul_##S(V x, V y) { return _mm512_mul_##P(x, y); }                                     \
GIR__AVX512_FN V gir__avx512_div_##S(V x, V y) { return _mm512_div_##P(x, y); }                                     \
GIR__AVX512_FN V gir__avx512_fma_##S(V x, V y, V z) { return _mm512_fmadd_##P(x, y, z); }                           \
GIR__AVX512_FN V gir__avx512_fnma_##S(V x, V y, V z) { return _mm512_fnmadd_##P(x, y, z); }                         \
GIR__AVX512_FN V gir__avx512_neg_##S(V x) { return _mm512_xor_##P(x, _mm512_set1_##P((T)-0.0)); }                   \
GIR__AVX512_FN V gir__avx512_abs_##S(V x) { return _mm512_andnot_##P(_mm512_set1_##P((T)-0.0), x); }                \
GIR__AVX512_FN V gir__avx512_copysign_##S(V x, V y) {                                                               \
    V s = _mm512_set1_##P((T)-0.0);                                                                                 \
    return _mm512_or_##P(_mm512_andnot_##P(s, x), _mm512_and_##P(s, y)); }                                          \
GIR__AVX512_FN V gir__avx512_sqrt_##S(V x) {                                                                        \
    return _mm512_maskz_sqrt_##P((M)-1, x); }                                                                       \
GIR__AVX512_FN V gir__avx512_floor_##S(V x) {                                                                       \
    return _mm512_maskz_roundscale_##P((M)-1, x, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC); }                      \
GIR__AVX512_FN V gir__avx512_ceil_##S(V x) {                                                                        \
    return _mm512_maskz_roundscale_##P((M)-1, x, _MM_FROUND_TO_POS_INF | _MM_FROUND_NO_EXC); }                      \
GIR__AVX512_FN V gir__avx512_round_##S(V x) {                                                                       \
    return _mm512_maskz_roundscale_##P((M)-1, x, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC); }                  \
GIR__AVX512_FN M gir__avx512_lt_##S(V x, V y) { return _mm512_cmp_##P##_mask(x, y, _CMP_LT_OQ); }                   \
GIR__AVX512_FN M gir__avx512_le_##S(V x, V y) { return _mm512_cmp_##P##_mask(x, y, _CMP_LE_OQ); }                   \
GIR__AVX512_FN M gir__avx512_gt_##S(V x, V y) { return _mm512_cmp_##P##_mask(x, y, _CMP_GT_OQ); }                   \
GIR__AVX512_FN M gir__avx512_ge_##S(V x, V y) { return _mm512_cmp_##P##_mask(x, y, _CMP_GE_OQ); }                   \
GIR__AVX512_FN M gir__avx512_eq_##S(V x, V y) { return _mm512_cmp_##P##_mask(x, y, _CMP_EQ_OQ); }                   \
GIR__AVX512_FN M gir__avx512_ne_##S(V x, V y) { return _mm512_cmp_##P##_mask(x, y, _CMP_NEQ_UQ); }                  \
GIR__AVX512_FN M gir__avx512_isnan_##S(V x) { return _mm512_cmp_##P##_mask(x, x, _CMP_UNORD_Q); }                   \
GIR__AVX512_FN M gir__avx512_mand_##S(M a, M b) { return (M)(a & b); }                                              \
GIR__AVX512_FN M gir__avx512_mor_##S(M a, M b) { return (M)(a | b); }                                               \
GIR__AVX512_FN M gir__avx512_mnot_##S(M a) { return (M)~a; }                                                        \
GIR__AVX512_FN int gir__avx512_any_##S(M a) { return a != 0; }                                                      \
GIR__AVX512_FN V gir__avx512_select_##S(M m, V x, V y) { return _mm512_mask_blend_##P(m, y, x); }                   \
/* min/max as the scalar vocabulary: a NaN in either operand gives NaN, and equal operands give y */                \
GIR__AVX512_FN V gir__avx512_min_##S(V x, V y) {                                                                    \
    V r = _mm512_maskz_min_##P((M)-1, x, y);                                                                        \
    return _mm512_mask_mov_##P(r, gir__avx512_isnan_##S(x), x); }                                                   \
GIR__AVX512_FN V gir__avx512_max_##S(V x, V y) {                                                                    \
    V r = _mm512_maskz_max_##P((M)-1, x, y);                                                                        \
    return _mm512_mask_mov_##P(r, gir__avx512_isnan_##S(x), x); }                                                   \
/* x limited to [lo, hi]; a NaN x stays NaN */                                                                      \
GIR__AVX512_FN V gir__avx512_clamp_##S(V x, V lo, V hi) {                                                           \
    return _mm512_maskz_min_##P((M)-1, hi, _mm512_maskz_max_##P((M)-1, lo, x)); }                                   \
/* x 2^k for integral k, |k| <= 2 emax - 2, rounded once (overflow to inf, gradual underflow) */                    \
GIR__AVX512_FN V gir__avx512_ldexp_##S(V x, V k) {                                                                  \
    return _mm512_maskz_scalef_##P((M)-1, x, k); }                                                                  \
/* 2^k for integral k in the normal exponent range */                                                               \
GIR__AVX512_FN V gir__avx512_pow2i_##S(V k) {                                                                       \
    return _mm512_maskz_scalef_##P((M)-1, _mm512_set1_##P((T)1), k); }                                              \
/* finite x != 0 (subnormals too): floor(log2 |x|), and |x| scaled into [1, 2) */                                   \
GIR__AVX512_FN V gir__avx512_logb_##S(V x) {                                                                        \
    return _mm512_maskz_getexp_##P((M)-1, x); }                                                                     \
GIR__AVX512_FN V gir__avx512_mant_##S(V x) {                                                                        \
    return _mm512_maskz_getmant_##P((M)-1, x, _MM_MANT_NORM_1_2, _MM_MANT_SIGN_zero); }                             \
/* a scalar function lane by lane, for what has no vector version */                                                \
GIR__AVX512_FN V gir__avx512_map1_##S(T (*f)(T), V x) {                                                             \
    T t[LANES]; int j; _mm512_storeu_##P(t, x);                                                                     \
    for (j = 0; j < LANES; ++j) t[j] = f(t[j]);                                                                     \
    return _mm512_loadu_##P(t); }                                                                                   \
GIR__AVX512_FN V gir__avx512_map2_##S(T (*f)(T, T), V x, V y) {                                                     \
    T t[LANES], u[LANES]; int j; _mm512_storeu_##P(t, x); _mm512_storeu_##P(u, y);                                  \
    for (j = 0; j < LANES; ++j) t[j] = f(t[j], u[j]);                                                               \
    return _mm512_loadu_##P(t); }
GIR__AVX512_VOCAB(float, f32, gir__avx512_vf32, gir__avx512_mf32, ps, 16)
GIR__AVX512_VOCAB(double, f64, gir__avx512_vf64, gir__avx512_mf64, pd, 8)
/* the even and the odd elements of lo then hi, in order (a 2x2 max pool's columns) */
GIR__AVX512_FN __m512 gir__avx512_evens_f32(__m512 lo, __m512 hi) {
    __m512i k = _mm512_set_epi32(30, 28, 26, 24, 22, 20, 18, 16, 14, 12, 10, 8, 6, 4, 2, 0);
    return _mm512_permutex2var_ps(lo, k, hi); }
GIR__AVX512_FN __m512 gir__avx512_odds_f32(__m512 lo, __m512 hi) {
    __m512i k = _mm512_set_epi32(31, 29, 27, 25, 23, 21, 19, 17, 15, 13, 11, 9, 7, 5, 3, 1);
    return _mm512_permutex2var_ps(lo, k, hi); }
GIR__AVX512_FN __m512d gir__avx512_evens_f64(__m512d lo, __m512d hi) {
    return _mm512_permutex2var_pd(lo, _mm512_set_epi64(14, 12, 10, 8, 6, 4, 2, 0), hi); }
GIR__AVX512_FN __m512d gir__avx512_odds_f64(__m512d lo, __m512d hi) {
    return _mm512_permutex2var_pd(lo, _mm512_set_epi64(15, 13, 11, 9, 7, 5, 3, 1), hi); }
#undef GIR__AVX512_VOCAB
/* 1/x for finite normal x, within an ulp (not always correctly rounded): a 14-bit estimate and Newton steps
   r + r (1 - x r), which the FMA units do faster than the divider */
GIR__AVX512_FN __m512 gir__avx512_recip_f32(__m512 x) {
    __m512 r = _mm512_maskz_rcp14_ps((__mmask16)-1, x);
    return _mm512_fmadd_ps(r, _mm512_fnmadd_ps(x, r, _mm512_set1_ps(1.0f)), r);
}
GIR__AVX512_FN __m512d gir__avx512_recip_f64(__m512d x) {
    __m512d r = _mm512_maskz_rcp14_pd((__mmask8)-1, x), one = _mm512_set1_pd(1.0);
    r = _mm512_fmadd_pd(r, _mm512_fnmadd_pd(x, r, one), r);
    return _mm512_fmadd_pd(r, _mm512_fnmadd_pd(x, r, one), r);
}

/* Integers: 16 int32 or 64 uint8 a vector (b8 uses the u8 vectors). Arithmetic wraps as the scalar vocabulary
   does; x86 has no byte multiply, so u8 products are two 16-bit multiplies (even and odd bytes) */
#define GIR__LANES_AVX512_I32 16
#define GIR__LANES_AVX512_U8 64
typedef __m512i   gir__avx512_vi32;
typedef __mmask16 gir__avx512_mi32;
typedef __m512i   gir__avx512_vu8;
typedef __mmask64 gir__avx512_mu8;
GIR__AVX512_FN __mmask16 gir__avx512_first_i32(int n) { return (__mmask16)((1u << n) - 1u); }
GIR__AVX512_FN __mmask64 gir__avx512_first_u8(int n) {
    return (__mmask64)(n >= 64 ? ~0ull : (1ull << n) - 1u); }
/* T: the element type, S: its suffix, E: the intrinsics' element (epi32, epi8), U: unsigned or signed
   compare form (epi32, epu8), M: mask */
#define GIR__AVX512_IVOCAB(T, S, E, U, M)                                                                           \
GIR__AVX512_FN __m512i gir__avx512_load_##S(const T *p) { return _mm512_loadu_si512(p); }                            \
GIR__AVX512_FN void gir__avx512_store_##S(T *p, __m512i x) { _mm512_storeu_si512(p, x); }                            \
GIR__AVX512_FN __m512i gir__avx512_loadn_##S(const T *p, int n) {                                                   \
    return _mm512_maskz_loadu_##E(gir__avx512_first_##S(n), p); }                                                   \
GIR__AVX512_FN void gir__avx512_storen_##S(T *p, int n, __m512i x) {                                                \
    _mm512_mask_storeu_##E(p, gir__avx512_first_##S(n), x); }                                                       \
GIR__AVX512_FN __m512i gir__avx512_add_##S(__m512i x, __m512i y) { return _mm512_add_##E(x, y); }                    \
GIR__AVX512_FN __m512i gir__avx512_sub_##S(__m512i x, __m512i y) { return _mm512_sub_##E(x, y); }                    \
GIR__AVX512_FN __m512i gir__avx512_max_##S(__m512i x, __m512i y) { return _mm512_maskz_max_##U((M)-1, x, y); }       \
GIR__AVX512_FN __m512i gir__avx512_min_##S(__m512i x, __m512i y) { return _mm512_maskz_min_##U((M)-1, x, y); }       \
GIR__AVX512_FN M gir__avx512_lt_##S(__m512i x, __m512i y) { return _mm512_cmp_##U##_mask(x, y, _MM_CMPINT_LT); }     \
GIR__AVX512_FN M gir__avx512_le_##S(__m512i x, __m512i y) { return _mm512_cmp_##U##_mask(x, y, _MM_CMPINT_LE); }     \
GIR__AVX512_FN M gir__avx512_gt_##S(__m512i x, __m512i y) { return _mm512_cmp_##U##_mask(x, y, _MM_CMPINT_NLE); }    \
GIR__AVX512_FN M gir__avx512_ge_##S(__m512i x, __m512i y) { return _mm512_cmp_##U##_mask(x, y, _MM_CMPINT_NLT); }    \
GIR__AVX512_FN M gir__avx512_eq_##S(__m512i x, __m512i y) { return _mm512_cmp_##U##_mask(x, y, _MM_CMPINT_EQ); }     \
GIR__AVX512_FN M gir__avx512_ne_##S(__m512i x, __m512i y) { return _mm512_cmp_##U##_mask(x, y, _MM_CMPINT_NE); }     \
GIR__AVX512_FN M gir__avx512_mand_##S(M a, M b) { return (M)(a & b); }                                              \
GIR__AVX512_FN M gir__avx512_mor_##S(M a, M b) { return (M)(a | b); }                                               \
GIR__AVX512_FN M gir__avx512_mxor_##S(M a, M b) { return (M)(a ^ b); }                                              \
GIR__AVX512_FN M gir__avx512_mnot_##S(M a) { return (M)~a; }                                                        \
GIR__AVX512_FN __m512i gir__avx512_select_##S(M m, __m512i x, __m512i y) { return _mm512_mask_blend_##E(m, y, x); }
GIR__AVX512_IVOCAB(int32_t, i32, epi32, epi32, __mmask16)
GIR__AVX512_IVOCAB(uint8_t, u8, epi8, epu8, __mmask64)
#undef GIR__AVX512_IVOCAB
GIR__AVX512_FN __m512i gir__avx512_set1_i32(int32_t x) { return _mm512_set1_epi32(x); }
GIR__AVX512_FN __m512i gir__avx512_set1_u8(uint8_t x) { return _mm512_set1_epi8((char)x); }
GIR__AVX512_FN __m512i gir__avx512_mul_i32(__m512i x, __m512i y) { return _mm512_mullo_epi32(x, y); }
GIR__AVX512_FN __m512i gir__avx512_abs_i32(__m512i x) { return _mm512_maskz_abs_epi32((__mmask16)-1, x); }
GIR__AVX512_FN __m512i gir__avx512_mul_u8(__m512i x, __m512i y) {
    __m512i even = _mm512_mullo_epi16(x, y);
    __m512i odd = _mm512_mullo_epi16(_mm512_srli_epi16(x, 8), _mm512_srli_epi16(y, 8));
    return _mm512_or_si512(_mm512_and_si512(even, _mm512_set1_epi16(0xFF)), _mm512_slli_epi16(odd, 8));
}
/* masks to and from b8 bytes (0 or 1 out, nonzero is true in), lanes [0, n) only: S the lanes' suffix, M its
   mask, B the byte mask type, W the byte vector's intrinsic prefix (_mm for 16 bytes or fewer) */
#define GIR__AVX512_BYTES(S, M, B, W, VB)                                                                           \
GIR__AVX512_FN void gir__avx512_storebn_##S(uint8_t *p, int n, M m) {                                               \
    W##_mask_storeu_epi8(p, (B)gir__avx512_first_##S(n), W##_maskz_set1_epi8((B)m, 1)); }                            \
GIR__AVX512_FN M gir__avx512_loadbn_##S(const uint8_t *p, int n) {                                                  \
    VB v = W##_maskz_loadu_epi8((B)gir__avx512_first_##S(n), p);                                                    \
    return (M)W##_test_epi8_mask(v, v); }
GIR__AVX512_BYTES(f32, __mmask16, __mmask16, _mm, __m128i)
GIR__AVX512_BYTES(f64, __mmask8, __mmask16, _mm, __m128i)
GIR__AVX512_BYTES(i32, __mmask16, __mmask16, _mm, __m128i)
GIR__AVX512_BYTES(u8, __mmask64, __mmask64, _mm512, __m512i)
#undef GIR__AVX512_BYTES
GIR__AVX512_FN void gir__avx512_storeb_f32(uint8_t *p, __mmask16 m) { gir__avx512_storebn_f32(p, 16, m); }
GIR__AVX512_FN void gir__avx512_storeb_f64(uint8_t *p, __mmask8 m) { gir__avx512_storebn_f64(p, 8, m); }
GIR__AVX512_FN void gir__avx512_storeb_i32(uint8_t *p, __mmask16 m) {
    _mm_storeu_si128((__m128i *)(void *)p, _mm_maskz_set1_epi8(m, 1)); }
GIR__AVX512_FN void gir__avx512_storeb_u8(uint8_t *p, __mmask64 m) { _mm512_storeu_si512(p, _mm512_maskz_set1_epi8(m, 1)); }
GIR__AVX512_FN __mmask16 gir__avx512_loadb_f32(const uint8_t *p) {
    __m128i v = _mm_loadu_si128((const __m128i *)(const void *)p); return _mm_test_epi8_mask(v, v); }
GIR__AVX512_FN __mmask8 gir__avx512_loadb_f64(const uint8_t *p) { return gir__avx512_loadbn_f64(p, 8); }
GIR__AVX512_FN __mmask16 gir__avx512_loadb_i32(const uint8_t *p) { return gir__avx512_loadb_f32(p); }
GIR__AVX512_FN __mmask64 gir__avx512_loadb_u8(const uint8_t *p) {
    __m512i v = _mm512_loadu_si512(p); return _mm512_test_epi8_mask(v, v); }
GIR__AVX512_FN __mmask16 gir__avx512_mxor_f32(__mmask16 a, __mmask16 b) { return (__mmask16)(a ^ b); }
GIR__AVX512_FN __mmask8 gir__avx512_mxor_f64(__mmask8 a, __mmask8 b) { return (__mmask8)(a ^ b); }
/*@intrinsics end*/
#endif
