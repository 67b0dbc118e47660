/* >>simd_neon: the vector vocabulary on AArch64 Advanced SIMD: 4 floats or 2 doubles a vector; a mask is a
   vector of all-ones or all-zeros lanes; partial loads and stores go through a small buffer -------------- */
#if defined(GIR__HAVE_NEON)
#define GIR__LANES_NEON_F32 4
#define GIR__LANES_NEON_F64 2
#define GIR__NEON_FN static GIR__INLINE
typedef float32x4_t gir__neon_vf32;
typedef uint32x4_t  gir__neon_mf32;
typedef float64x2_t gir__neon_vf64;
typedef uint64x2_t  gir__neon_mf64;

/* T: the element type, S: its suffix, V: vector, M: mask, U: the mask's lane suffix, LANES: elements a vector */
#define GIR__NEON_VOCAB(T, S, V, M, U, LANES)                                                                       \
GIR__NEON_FN V gir__neon_set1_##S(T x) { return vdupq_n_##S(x); }                                                   \
GIR__NEON_FN V gir__neon_load_##S(const T *p) { return vld1q_##S(p); }                                              \
GIR__NEON_FN void gir__neon_store_##S(T *p, V x) { vst1q_##S(p, x); }                                               \
GIR__NEON_FN V gir__neon_loadn_##S(const T *p, int n) {                                                             \
    T t[LANES]; int j; for (j = 0; j < LANES; ++j) t[j] = j < n ? p[j] : (T)0;                                      \
    return vld1q_##S(t); }                                                                                          \
GIR__NEON_FN void gir__neon_storen_##S(T *p, int n, V x) {                                                          \
    T t[LANES]; int j; vst1q_##S(t, x); for (j = 0; j < n; ++j) p[j] = t[j]; }                                      \
GIR__NEON_FN V gir__neon_add_##S(V x, V y) { return vaddq_##S(x, y); }                                              \
GIR__NEON_FN V gir__neon_sub_##S(V x, V y) { return vsubq_##S(x, y); }                                              \
GIR__NEON_FN V gir__neon_mul_##S(V x, V y) { return vmulq_##S(x, y); }                                              \
GIR__NEON_FN V gir__neon_div_##S(V x, V y) { return vdivq_##S(x, y); }                                              \
GIR__NEON_FN V gir__neon_fma_##S(V x, V y, V z) { return vfmaq_##S(z, x, y); }                                      \
GIR__NEON_FN V gir__neon_fnma_##S(V x, V y, V z) { return vfmsq_##S(z, x, y); }                                     \
GIR__NEON_FN V gir__neon_neg_##S(V x) { return vnegq_##S(x); }                                                      \
GIR__NEON_FN V gir__neon_abs_##S(V x) { return vabsq_##S(x); }                                                      \
GIR__NEON_FN V gir__neon_copysign_##S(V x, V y) {                                                                   \
    return vbslq_##S(vreinterpretq_##U##_##S(vdupq_n_##S((T)-0.0)), y, x); }                                        \
GIR__NEON_FN V gir__neon_sqrt_##S(V x) { return vsqrtq_##S(x); }                                                    \
GIR__NEON_FN V gir__neon_floor_##S(V x) { return vrndmq_##S(x); }                                                   \
GIR__NEON_FN V gir__neon_ceil_##S(V x) { return vrndpq_##S(x); }                                                    \
GIR__NEON_FN V gir__neon_round_##S(V x) { return vrndnq_##S(x); }                                                   \
GIR__NEON_FN M gir__neon_lt_##S(V x, V y) { return vcltq_##S(x, y); }                                               \
GIR__NEON_FN M gir__neon_le_##S(V x, V y) { return vcleq_##S(x, y); }                                               \
GIR__NEON_FN M gir__neon_gt_##S(V x, V y) { return vcgtq_##S(x, y); }                                               \
GIR__NEON_FN M gir__neon_ge_##S(V x, V y) { return vcgeq_##S(x, y); }                                               \
GIR__NEON_FN M gir__neon_eq_##S(V x, V y) { return vceqq_##S(x, y); }                                               \
GIR__NEON_FN M gir__neon_ne_##S(V x, V y) { return gir__neon_mnot_##S(vceqq_##S(x, y)); }                           \
GIR__NEON_FN M gir__neon_isnan_##S(V x) { return gir__neon_mnot_##S(vceqq_##S(x, x)); }                             \
GIR__NEON_FN M gir__neon_mand_##S(M a, M b) { return vandq_##U(a, b); }                                             \
GIR__NEON_FN M gir__neon_mor_##S(M a, M b) { return vorrq_##U(a, b); }                                              \
GIR__NEON_FN V gir__neon_select_##S(M m, V x, V y) { return vbslq_##S(m, x, y); }                                   \
/* min/max as the scalar vocabulary: a NaN in either operand gives NaN, and equal operands give y */                \
GIR__NEON_FN V gir__neon_min_##S(V x, V y) {                                                                        \
    return vbslq_##S(vorrq_##U(vcltq_##S(x, y), gir__neon_isnan_##S(x)), x, y); }                                   \
GIR__NEON_FN V gir__neon_max_##S(V x, V y) {                                                                        \
    return vbslq_##S(vorrq_##U(vcgtq_##S(x, y), gir__neon_isnan_##S(x)), x, y); }                                   \
/* x limited to [lo, hi]; a NaN x stays NaN (fmax/fmin propagate NaN) */                                            \
GIR__NEON_FN V gir__neon_clamp_##S(V x, V lo, V hi) { return vminq_##S(vmaxq_##S(x, lo), hi); }                     \
/* a scalar function lane by lane, for what has no vector version */                                                \
GIR__NEON_FN V gir__neon_map1_##S(T (*f)(T), V x) {                                                                 \
    T t[LANES]; int j; vst1q_##S(t, x);                                                                             \
    for (j = 0; j < LANES; ++j) t[j] = f(t[j]);                                                                     \
    return vld1q_##S(t); }                                                                                          \
GIR__NEON_FN V gir__neon_map2_##S(T (*f)(T, T), V x, V y) {                                                         \
    T t[LANES], u[LANES]; int j; vst1q_##S(t, x); vst1q_##S(u, y);                                                  \
    for (j = 0; j < LANES; ++j) t[j] = f(t[j], u[j]);                                                               \
    return vld1q_##S(t); }
GIR__NEON_FN uint32x4_t gir__neon_mnot_f32(uint32x4_t a) { return vmvnq_u32(a); }
GIR__NEON_FN uint64x2_t gir__neon_mnot_f64(uint64x2_t a) {
    return vreinterpretq_u64_u32(vmvnq_u32(vreinterpretq_u32_u64(a))); }
GIR__NEON_FN int gir__neon_any_f32(uint32x4_t a) { return vmaxvq_u32(a) != 0; }
GIR__NEON_FN int gir__neon_any_f64(uint64x2_t a) { return vmaxvq_u32(vreinterpretq_u32_u64(a)) != 0; }
GIR__NEON_VOCAB(float, f32, gir__neon_vf32, gir__neon_mf32, u32, 4)
GIR__NEON_VOCAB(double, f64, gir__neon_vf64, gir__neon_mf64, u64, 2)
#undef GIR__NEON_VOCAB
/* the even and the odd elements of lo then hi, in order (a 2x2 max pool's columns) */
GIR__NEON_FN float32x4_t gir__neon_evens_f32(float32x4_t lo, float32x4_t hi) { return vuzp1q_f32(lo, hi); }
GIR__NEON_FN float32x4_t gir__neon_odds_f32(float32x4_t lo, float32x4_t hi) { return vuzp2q_f32(lo, hi); }
GIR__NEON_FN float64x2_t gir__neon_evens_f64(float64x2_t lo, float64x2_t hi) { return vuzp1q_f64(lo, hi); }
GIR__NEON_FN float64x2_t gir__neon_odds_f64(float64x2_t lo, float64x2_t hi) { return vuzp2q_f64(lo, hi); }
/* Integers: 4 int32 or 16 uint8 a vector (b8 uses the u8 vectors); masks are all-ones or all-zeros lanes.
   Arithmetic wraps as the scalar vocabulary does (vabsq_s32 too: |INT32_MIN| is INT32_MIN). */
#define GIR__LANES_NEON_I32 4
#define GIR__LANES_NEON_U8 16
typedef int32x4_t  gir__neon_vi32;
typedef uint32x4_t gir__neon_mi32;
typedef uint8x16_t gir__neon_vu8;
typedef uint8x16_t gir__neon_mu8;
/* T: the element type, S: its suffix, I: the intrinsics' suffix, V: vector, M: mask, U: the mask's lane suffix,
   LANES: elements a vector */
#define GIR__NEON_IVOCAB(T, S, I, V, M, U, LANES)                                                                      \
GIR__NEON_FN V gir__neon_set1_##S(T x) { return vdupq_n_##I(x); }                                                   \
GIR__NEON_FN V gir__neon_load_##S(const T *p) { return vld1q_##I(p); }                                              \
GIR__NEON_FN void gir__neon_store_##S(T *p, V x) { vst1q_##I(p, x); }                                               \
GIR__NEON_FN V gir__neon_loadn_##S(const T *p, int n) {                                                             \
    T t[LANES]; int j; for (j = 0; j < LANES; ++j) t[j] = j < n ? p[j] : (T)0;                                      \
    return vld1q_##I(t); }                                                                                          \
GIR__NEON_FN void gir__neon_storen_##S(T *p, int n, V x) {                                                          \
    T t[LANES]; int j; vst1q_##I(t, x); for (j = 0; j < n; ++j) p[j] = t[j]; }                                      \
GIR__NEON_FN V gir__neon_add_##S(V x, V y) { return vaddq_##I(x, y); }                                              \
GIR__NEON_FN V gir__neon_sub_##S(V x, V y) { return vsubq_##I(x, y); }                                              \
GIR__NEON_FN V gir__neon_mul_##S(V x, V y) { return vmulq_##I(x, y); }                                              \
GIR__NEON_FN V gir__neon_max_##S(V x, V y) { return vmaxq_##I(x, y); }                                              \
GIR__NEON_FN V gir__neon_min_##S(V x, V y) { return vminq_##I(x, y); }                                              \
GIR__NEON_FN M gir__neon_lt_##S(V x, V y) { return vcltq_##I(x, y); }                                               \
GIR__NEON_FN M gir__neon_le_##S(V x, V y) { return vcleq_##I(x, y); }                                               \
GIR__NEON_FN M gir__neon_gt_##S(V x, V y) { return vcgtq_##I(x, y); }                                               \
GIR__NEON_FN M gir__neon_ge_##S(V x, V y) { return vcgeq_##I(x, y); }                                               \
GIR__NEON_FN M gir__neon_eq_##S(V x, V y) { return vceqq_##I(x, y); }                                               \
GIR__NEON_FN M gir__neon_ne_##S(V x, V y) { return vmvnq_##U(vceqq_##I(x, y)); }                                    \
GIR__NEON_FN M gir__neon_mand_##S(M a, M b) { return vandq_##U(a, b); }                                             \
GIR__NEON_FN M gir__neon_mor_##S(M a, M b) { return vorrq_##U(a, b); }                                              \
GIR__NEON_FN M gir__neon_mxor_##S(M a, M b) { return veorq_##U(a, b); }                                             \
GIR__NEON_FN M gir__neon_mnot_##S(M a) { return vmvnq_##U(a); }                                                     \
GIR__NEON_FN V gir__neon_select_##S(M m, V x, V y) { return vbslq_##I(m, x, y); }
GIR__NEON_IVOCAB(int32_t, i32, s32, int32x4_t, uint32x4_t, u32, 4)
GIR__NEON_IVOCAB(uint8_t, u8, u8, uint8x16_t, uint8x16_t, u8, 16)
#undef GIR__NEON_IVOCAB
GIR__NEON_FN int32x4_t gir__neon_abs_i32(int32x4_t x) { return vabsq_s32(x); }
GIR__NEON_FN uint32x4_t gir__neon_mxor_f32(uint32x4_t a, uint32x4_t b) { return veorq_u32(a, b); }
GIR__NEON_FN uint64x2_t gir__neon_mxor_f64(uint64x2_t a, uint64x2_t b) { return veorq_u64(a, b); }
/* masks to and from b8 bytes (0 or 1 out, nonzero is true in), narrowing or widening the lanes; lanes [0, n) */
GIR__NEON_FN uint8x8_t gir__neon_bytes_f32(uint32x4_t m) {      /* the 4 lanes' bytes first */
    uint16x4_t h = vmovn_u32(m);
    return vand_u8(vmovn_u16(vcombine_u16(h, h)), vdup_n_u8(1));
}
GIR__NEON_FN void gir__neon_storebn_f32(uint8_t *p, int n, uint32x4_t m) {
    uint8_t t[8]; int j; vst1_u8(t, gir__neon_bytes_f32(m)); for (j = 0; j < n; ++j) p[j] = t[j]; }
GIR__NEON_FN void gir__neon_storebn_f64(uint8_t *p, int n, uint64x2_t m) {
    uint32x2_t h = vmovn_u64(m);
    gir__neon_storebn_f32(p, n, vcombine_u32(h, h));
}
GIR__NEON_FN void gir__neon_storebn_u8(uint8_t *p, int n, uint8x16_t m) {
    gir__neon_storen_u8(p, n, vandq_u8(m, vdupq_n_u8(1))); }
GIR__NEON_FN void gir__neon_storeb_f32(uint8_t *p, uint32x4_t m) { gir__neon_storebn_f32(p, 4, m); }
GIR__NEON_FN void gir__neon_storeb_f64(uint8_t *p, uint64x2_t m) { gir__neon_storebn_f64(p, 2, m); }
GIR__NEON_FN void gir__neon_storeb_u8(uint8_t *p, uint8x16_t m) { vst1q_u8(p, vandq_u8(m, vdupq_n_u8(1))); }
GIR__NEON_FN uint32x4_t gir__neon_loadbn_f32(const uint8_t *p, int n) {
    uint8_t t[8] = {0}; int j; uint32x4_t v;
    for (j = 0; j < n; ++j) t[j] = p[j];
    v = vmovl_u16(vget_low_u16(vmovl_u8(vld1_u8(t))));
    return vtstq_u32(v, v);
}
GIR__NEON_FN uint64x2_t gir__neon_loadbn_f64(const uint8_t *p, int n) {
    uint64x2_t v = vmovl_u32(vget_low_u32(gir__neon_loadbn_f32(p, n < 2 ? n : 2)));
    return vtstq_u64(v, v);
}
GIR__NEON_FN uint8x16_t gir__neon_loadbn_u8(const uint8_t *p, int n) { uint8x16_t v = gir__neon_loadn_u8(p, n); return vtstq_u8(v, v); }
GIR__NEON_FN uint32x4_t gir__neon_loadb_f32(const uint8_t *p) { return gir__neon_loadbn_f32(p, 4); }
GIR__NEON_FN uint64x2_t gir__neon_loadb_f64(const uint8_t *p) { return gir__neon_loadbn_f64(p, 2); }
GIR__NEON_FN uint8x16_t gir__neon_loadb_u8(const uint8_t *p) { uint8x16_t v = vld1q_u8(p); return vtstq_u8(v, v); }
GIR__NEON_FN void gir__neon_storeb_i32(uint8_t *p, uint32x4_t m) { gir__neon_storebn_f32(p, 4, m); }
GIR__NEON_FN void gir__neon_storebn_i32(uint8_t *p, int n, uint32x4_t m) { gir__neon_storebn_f32(p, n, m); }
GIR__NEON_FN uint32x4_t gir__neon_loadb_i32(const uint8_t *p) { return gir__neon_loadbn_f32(p, 4); }
GIR__NEON_FN uint32x4_t gir__neon_loadbn_i32(const uint8_t *p, int n) { return gir__neon_loadbn_f32(p, n); }
/* 1/x for finite normal x (here the correctly rounded quotient) */
GIR__NEON_FN gir__neon_vf32 gir__neon_recip_f32(gir__neon_vf32 x) {
    return gir__neon_div_f32(gir__neon_set1_f32(1), x);
}
GIR__NEON_FN gir__neon_vf64 gir__neon_recip_f64(gir__neon_vf64 x) {
    return gir__neon_div_f64(gir__neon_set1_f64(1), x);
}

/* 2^k for integral k in the normal exponent range: the biased exponent shifted into place */
GIR__NEON_FN float32x4_t gir__neon_pow2i_f32(float32x4_t k) {
    return vreinterpretq_f32_s32(vshlq_n_s32(vaddq_s32(vcvtnq_s32_f32(k), vdupq_n_s32(127)), 23));
}
GIR__NEON_FN float64x2_t gir__neon_pow2i_f64(float64x2_t k) {
    return vreinterpretq_f64_s64(vshlq_n_s64(vaddq_s64(vcvtnq_s64_f64(k), vdupq_n_s64(1023)), 52));
}
/* x 2^k for integral k, |k| <= 2 emax - 2: two normal factors 2^floor(k/2) and 2^(k - floor(k/2)), so the
   product rounds once */
GIR__NEON_FN float32x4_t gir__neon_ldexp_f32(float32x4_t x, float32x4_t k) {
    int32x4_t ki = vcvtnq_s32_f32(k), h = vshrq_n_s32(ki, 1), b = vdupq_n_s32(127);
    float32x4_t s1 = vreinterpretq_f32_s32(vshlq_n_s32(vaddq_s32(h, b), 23));
    float32x4_t s2 = vreinterpretq_f32_s32(vshlq_n_s32(vaddq_s32(vsubq_s32(ki, h), b), 23));
    return vmulq_f32(vmulq_f32(x, s1), s2);
}
GIR__NEON_FN float64x2_t gir__neon_ldexp_f64(float64x2_t x, float64x2_t k) {
    int64x2_t ki = vcvtnq_s64_f64(k), h = vshrq_n_s64(ki, 1), b = vdupq_n_s64(1023);
    float64x2_t s1 = vreinterpretq_f64_s64(vshlq_n_s64(vaddq_s64(h, b), 52));
    float64x2_t s2 = vreinterpretq_f64_s64(vshlq_n_s64(vaddq_s64(vsubq_s64(ki, h), b), 52));
    return vmulq_f64(vmulq_f64(x, s1), s2);
}
/* finite x != 0: floor(log2 |x|) and |x| scaled into [1, 2); subnormals are first scaled up by 2^24 (2^54) */
GIR__NEON_FN uint32x4_t gir__neon_normal_f32(float32x4_t x, float32x4_t *bias) {
    float32x4_t a = vabsq_f32(x);
    uint32x4_t tiny = vcltq_f32(a, vdupq_n_f32(FLT_MIN));
    *bias = vbslq_f32(tiny, vdupq_n_f32(127.0f + 24.0f), vdupq_n_f32(127.0f));
    return vreinterpretq_u32_f32(vbslq_f32(tiny, vmulq_f32(a, vdupq_n_f32(16777216.0f)), a));
}
GIR__NEON_FN float32x4_t gir__neon_logb_f32(float32x4_t x) {
    float32x4_t bias;
    uint32x4_t a = gir__neon_normal_f32(x, &bias);
    return vsubq_f32(vcvtq_f32_u32(vshrq_n_u32(a, 23)), bias);
}
GIR__NEON_FN float32x4_t gir__neon_mant_f32(float32x4_t x) {
    float32x4_t bias;
    uint32x4_t a = gir__neon_normal_f32(x, &bias);
    (void)bias;
    return vreinterpretq_f32_u32(vorrq_u32(vandq_u32(a, vdupq_n_u32(0x007FFFFFu)), vdupq_n_u32(0x3F800000u)));
}
GIR__NEON_FN uint64x2_t gir__neon_normal_f64(float64x2_t x, float64x2_t *bias) {
    float64x2_t a = vabsq_f64(x);
    uint64x2_t tiny = vcltq_f64(a, vdupq_n_f64(DBL_MIN));
    *bias = vbslq_f64(tiny, vdupq_n_f64(1023.0 + 54.0), vdupq_n_f64(1023.0));
    return vreinterpretq_u64_f64(vbslq_f64(tiny, vmulq_f64(a, vdupq_n_f64(18014398509481984.0)), a));
}
GIR__NEON_FN float64x2_t gir__neon_logb_f64(float64x2_t x) {
    float64x2_t bias;
    uint64x2_t a = gir__neon_normal_f64(x, &bias);
    return vsubq_f64(vcvtq_f64_u64(vshrq_n_u64(a, 52)), bias);
}
GIR__NEON_FN float64x2_t gir__neon_mant_f64(float64x2_t x) {
    float64x2_t bias;
    uint64x2_t a = gir__neon_normal_f64(x, &bias);
    (void)bias;
    return vreinterpretq_f64_u64(vorrq_u64(vandq_u64(a, vdupq_n_u64(0x000FFFFFFFFFFFFFull)),
                                           vdupq_n_u64(0x3FF0000000000000ull)));
}
#endif
