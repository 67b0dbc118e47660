/* >>simd_mve: the vector vocabulary on Armv8.1-M Helium (MVE with floating point): 4 floats a vector, f32
   only (MVE has no double lanes); a mask is a lane predicate; partial loads and stores are tail-predicated.
   MVE has no vector divide or square root: those go lane by lane through the scalar unit. Its float lanes
   flush subnormals to zero and return the default NaN, unlike the scalar FPU. ------------------------------ */
#if defined(GIR__HAVE_MVE)
#define GIR__LANES_MVE_F32 4
#define GIR__MVE_FN static GIR__INLINE
typedef float32x4_t  gir__mve_vf32;
typedef mve_pred16_t gir__mve_mf32;

GIR__MVE_FN float32x4_t gir__mve_set1_f32(float x) { return vdupq_n_f32(x); }
GIR__MVE_FN float32x4_t gir__mve_load_f32(const float *p) { return vld1q_f32(p); }
GIR__MVE_FN void gir__mve_store_f32(float *p, float32x4_t x) { vst1q_f32(p, x); }
GIR__MVE_FN float32x4_t gir__mve_loadn_f32(const float *p, int n) { return vldrwq_z_f32(p, vctp32q((uint32_t)n)); }
GIR__MVE_FN void gir__mve_storen_f32(float *p, int n, float32x4_t x) { vstrwq_p_f32(p, x, vctp32q((uint32_t)n)); }
GIR__MVE_FN float32x4_t gir__mve_add_f32(float32x4_t x, float32x4_t y) { return vaddq_f32(x, y); }
GIR__MVE_FN float32x4_t gir__mve_sub_f32(float32x4_t x, float32x4_t y) { return vsubq_f32(x, y); }
GIR__MVE_FN float32x4_t gir__mve_mul_f32(float32x4_t x, float32x4_t y) { return vmulq_f32(x, y); }
GIR__MVE_FN float32x4_t gir__mve_fma_f32(float32x4_t x, float32x4_t y, float32x4_t z) { return vfmaq_f32(z, x, y); }
GIR__MVE_FN float32x4_t gir__mve_fnma_f32(float32x4_t x, float32x4_t y, float32x4_t z) { return vfmsq_f32(z, x, y); }
GIR__MVE_FN float32x4_t gir__mve_neg_f32(float32x4_t x) { return vnegq_f32(x); }
GIR__MVE_FN float32x4_t gir__mve_abs_f32(float32x4_t x) { return vabsq_f32(x); }
GIR__MVE_FN float32x4_t gir__mve_copysign_f32(float32x4_t x, float32x4_t y) {
    uint32x4_t s = vdupq_n_u32(0x80000000u);
    uint32x4_t a = vbicq_u32(vreinterpretq_u32_f32(x), s), b = vandq_u32(vreinterpretq_u32_f32(y), s);
    return vreinterpretq_f32_u32(vorrq_u32(a, b));
}
GIR__MVE_FN float32x4_t gir__mve_floor_f32(float32x4_t x) { return vrndmq_f32(x); }
GIR__MVE_FN float32x4_t gir__mve_ceil_f32(float32x4_t x) { return vrndpq_f32(x); }
GIR__MVE_FN float32x4_t gir__mve_round_f32(float32x4_t x) { return vrndnq_f32(x); }
/* x < y as y > x: the LT and LE conditions hold for unordered operands (a NaN), GT and GE do not */
GIR__MVE_FN mve_pred16_t gir__mve_lt_f32(float32x4_t x, float32x4_t y) { return vcmpgtq_f32(y, x); }
GIR__MVE_FN mve_pred16_t gir__mve_le_f32(float32x4_t x, float32x4_t y) { return vcmpgeq_f32(y, x); }
GIR__MVE_FN mve_pred16_t gir__mve_gt_f32(float32x4_t x, float32x4_t y) { return vcmpgtq_f32(x, y); }
GIR__MVE_FN mve_pred16_t gir__mve_ge_f32(float32x4_t x, float32x4_t y) { return vcmpgeq_f32(x, y); }
GIR__MVE_FN mve_pred16_t gir__mve_eq_f32(float32x4_t x, float32x4_t y) { return vcmpeqq_f32(x, y); }
GIR__MVE_FN mve_pred16_t gir__mve_ne_f32(float32x4_t x, float32x4_t y) { return vcmpneq_f32(x, y); }
GIR__MVE_FN mve_pred16_t gir__mve_isnan_f32(float32x4_t x) { return vcmpneq_f32(x, x); }
GIR__MVE_FN mve_pred16_t gir__mve_mand_f32(mve_pred16_t a, mve_pred16_t b) { return (mve_pred16_t)(a & b); }
GIR__MVE_FN mve_pred16_t gir__mve_mor_f32(mve_pred16_t a, mve_pred16_t b) { return (mve_pred16_t)(a | b); }
GIR__MVE_FN mve_pred16_t gir__mve_mnot_f32(mve_pred16_t a) { return vpnot(a); }
GIR__MVE_FN int gir__mve_any_f32(mve_pred16_t a) { return a != 0; }
GIR__MVE_FN float32x4_t gir__mve_select_f32(mve_pred16_t m, float32x4_t x, float32x4_t y) {
    return vpselq_f32(x, y, m); }
/* min/max as the scalar vocabulary: a NaN in either operand gives NaN, and equal operands give y */
GIR__MVE_FN float32x4_t gir__mve_min_f32(float32x4_t x, float32x4_t y) {
    return vpselq_f32(x, y, (mve_pred16_t)(vcmpgtq_f32(y, x) | vcmpneq_f32(x, x)));
}
GIR__MVE_FN float32x4_t gir__mve_max_f32(float32x4_t x, float32x4_t y) {
    return vpselq_f32(x, y, (mve_pred16_t)(vcmpgtq_f32(x, y) | vcmpneq_f32(x, x)));
}
/* x limited to [lo, hi]; a NaN x stays NaN (vmaxnm/vminnm would drop it) */
GIR__MVE_FN float32x4_t gir__mve_clamp_f32(float32x4_t x, float32x4_t lo, float32x4_t hi) {
    return vpselq_f32(x, vminnmq_f32(vmaxnmq_f32(x, lo), hi), vcmpneq_f32(x, x));
}
/* a scalar function lane by lane: for what has no vector version, and for MVE's missing divide and sqrt */
GIR__MVE_FN float32x4_t gir__mve_map1_f32(float (*f)(float), float32x4_t x) {
    float t[4];
    int j;
    vst1q_f32(t, x);
    for (j = 0; j < 4; ++j) t[j] = f(t[j]);
    return vld1q_f32(t);
}
/* the even and the odd elements of lo then hi, in order (a 2x2 max pool's columns), through memory */
GIR__MVE_FN float32x4_t gir__mve_evens_f32(float32x4_t lo, float32x4_t hi) {
    float t[8], u[4];
    int j;
    vst1q_f32(t, lo);
    vst1q_f32(t + 4, hi);
    for (j = 0; j < 4; ++j) u[j] = t[2 * j + 0];
    return vld1q_f32(u);
}
GIR__MVE_FN float32x4_t gir__mve_odds_f32(float32x4_t lo, float32x4_t hi) {
    float t[8], u[4];
    int j;
    vst1q_f32(t, lo);
    vst1q_f32(t + 4, hi);
    for (j = 0; j < 4; ++j) u[j] = t[2 * j + 1];
    return vld1q_f32(u);
}
GIR__MVE_FN float32x4_t gir__mve_map2_f32(float (*f)(float, float), float32x4_t x, float32x4_t y) {
    float t[4], u[4];
    int j;
    vst1q_f32(t, x);
    vst1q_f32(u, y);
    for (j = 0; j < 4; ++j) t[j] = f(t[j], u[j]);
    return vld1q_f32(t);
}
GIR__MVE_FN float32x4_t gir__mve_div_f32(float32x4_t x, float32x4_t y) {
    float t[4], u[4];
    int j;
    vst1q_f32(t, x);
    vst1q_f32(u, y);
    for (j = 0; j < 4; ++j) t[j] = t[j] / u[j];
    return vld1q_f32(t);
}
GIR__MVE_FN float32x4_t gir__mve_recip_f32(float32x4_t x) { return gir__mve_div_f32(vdupq_n_f32(1.0f), x); }
GIR__MVE_FN float32x4_t gir__mve_sqrt_f32(float32x4_t x) { return gir__mve_map1_f32(gir__sqrt_f32, x); }
/* Integers: 4 int32 or 16 uint8 a vector (b8 uses the u8 vectors); a mask is a lane predicate; partial loads
   and stores are tail-predicated. Arithmetic wraps as the scalar vocabulary does (vabsq_s32 too). */
#define GIR__LANES_MVE_I32 4
#define GIR__LANES_MVE_U8 16
typedef int32x4_t    gir__mve_vi32;
typedef mve_pred16_t gir__mve_mi32;
typedef uint8x16_t   gir__mve_vu8;
typedef mve_pred16_t gir__mve_mu8;
/* T: the element type, S: its suffix, I: the intrinsics' suffix, V: vector, W: the load/store width (w, b), C: the
   tail predicate's lane size */
#define GIR__MVE_IVOCAB(T, S, I, V, W, C)                                                                           \
GIR__MVE_FN V gir__mve_set1_##S(T x) { return vdupq_n_##I(x); }                                                     \
GIR__MVE_FN V gir__mve_load_##S(const T *p) { return vld1q_##I(p); }                                                \
GIR__MVE_FN void gir__mve_store_##S(T *p, V x) { vst1q_##I(p, x); }                                                 \
GIR__MVE_FN V gir__mve_loadn_##S(const T *p, int n) { return vldr##W##q_z_##I(p, vctp##C##q((uint32_t)n)); }       \
GIR__MVE_FN void gir__mve_storen_##S(T *p, int n, V x) { vstr##W##q_p_##I(p, x, vctp##C##q((uint32_t)n)); }        \
GIR__MVE_FN V gir__mve_add_##S(V x, V y) { return vaddq_##I(x, y); }                                                \
GIR__MVE_FN V gir__mve_sub_##S(V x, V y) { return vsubq_##I(x, y); }                                                \
GIR__MVE_FN V gir__mve_mul_##S(V x, V y) { return vmulq_##I(x, y); }                                                \
GIR__MVE_FN V gir__mve_max_##S(V x, V y) { return vmaxq_##I(x, y); }                                                \
GIR__MVE_FN V gir__mve_min_##S(V x, V y) { return vminq_##I(x, y); }                                                \
GIR__MVE_FN mve_pred16_t gir__mve_eq_##S(V x, V y) { return vcmpeqq_##I(x, y); }                                    \
GIR__MVE_FN mve_pred16_t gir__mve_ne_##S(V x, V y) { return vcmpneq_##I(x, y); }                                    \
GIR__MVE_FN mve_pred16_t gir__mve_mand_##S(mve_pred16_t a, mve_pred16_t b) { return (mve_pred16_t)(a & b); }        \
GIR__MVE_FN mve_pred16_t gir__mve_mor_##S(mve_pred16_t a, mve_pred16_t b) { return (mve_pred16_t)(a | b); }         \
GIR__MVE_FN mve_pred16_t gir__mve_mxor_##S(mve_pred16_t a, mve_pred16_t b) { return (mve_pred16_t)(a ^ b); }        \
GIR__MVE_FN mve_pred16_t gir__mve_mnot_##S(mve_pred16_t a) { return vpnot(a); }                                    \
GIR__MVE_FN V gir__mve_select_##S(mve_pred16_t m, V x, V y) { return vpselq_##I(x, y, m); }
GIR__MVE_IVOCAB(int32_t, i32, s32, int32x4_t, w, 32)
GIR__MVE_IVOCAB(uint8_t, u8, u8, uint8x16_t, b, 8)
#undef GIR__MVE_IVOCAB
GIR__MVE_FN int32x4_t gir__mve_abs_i32(int32x4_t x) { return vabsq_s32(x); }
GIR__MVE_FN mve_pred16_t gir__mve_lt_i32(int32x4_t x, int32x4_t y) { return vcmpltq_s32(x, y); }
GIR__MVE_FN mve_pred16_t gir__mve_le_i32(int32x4_t x, int32x4_t y) { return vcmpleq_s32(x, y); }
GIR__MVE_FN mve_pred16_t gir__mve_gt_i32(int32x4_t x, int32x4_t y) { return vcmpgtq_s32(x, y); }
GIR__MVE_FN mve_pred16_t gir__mve_ge_i32(int32x4_t x, int32x4_t y) { return vcmpgeq_s32(x, y); }
/* unsigned compares are "higher" and "higher or same" */
GIR__MVE_FN mve_pred16_t gir__mve_gt_u8(uint8x16_t x, uint8x16_t y) { return vcmphiq_u8(x, y); }
GIR__MVE_FN mve_pred16_t gir__mve_ge_u8(uint8x16_t x, uint8x16_t y) { return vcmpcsq_u8(x, y); }
GIR__MVE_FN mve_pred16_t gir__mve_lt_u8(uint8x16_t x, uint8x16_t y) { return vcmphiq_u8(y, x); }
GIR__MVE_FN mve_pred16_t gir__mve_le_u8(uint8x16_t x, uint8x16_t y) { return vcmpcsq_u8(y, x); }
GIR__MVE_FN mve_pred16_t gir__mve_mxor_f32(mve_pred16_t a, mve_pred16_t b) { return (mve_pred16_t)(a ^ b); }
/* predicates to and from b8 bytes (0 or 1 out, nonzero is true in): 32-bit lanes through the narrowing byte
   store and the widening byte load; lanes [0, n) */
GIR__MVE_FN void gir__mve_storebn_f32(uint8_t *p, int n, mve_pred16_t m) {
    vstrbq_p_u32(p, vpselq_u32(vdupq_n_u32(1), vdupq_n_u32(0), m), vctp32q((uint32_t)n)); }
GIR__MVE_FN void gir__mve_storeb_f32(uint8_t *p, mve_pred16_t m) { vstrbq_u32(p, vpselq_u32(vdupq_n_u32(1), vdupq_n_u32(0), m)); }
GIR__MVE_FN mve_pred16_t gir__mve_loadbn_f32(const uint8_t *p, int n) {
    return vcmpneq_u32(vldrbq_z_u32(p, vctp32q((uint32_t)n)), vdupq_n_u32(0)); }
GIR__MVE_FN mve_pred16_t gir__mve_loadb_f32(const uint8_t *p) { return vcmpneq_u32(vldrbq_u32(p), vdupq_n_u32(0)); }
GIR__MVE_FN void gir__mve_storebn_i32(uint8_t *p, int n, mve_pred16_t m) { gir__mve_storebn_f32(p, n, m); }
GIR__MVE_FN void gir__mve_storeb_i32(uint8_t *p, mve_pred16_t m) { gir__mve_storeb_f32(p, m); }
GIR__MVE_FN mve_pred16_t gir__mve_loadbn_i32(const uint8_t *p, int n) { return gir__mve_loadbn_f32(p, n); }
GIR__MVE_FN mve_pred16_t gir__mve_loadb_i32(const uint8_t *p) { return gir__mve_loadb_f32(p); }
GIR__MVE_FN void gir__mve_storebn_u8(uint8_t *p, int n, mve_pred16_t m) {
    vstrbq_p_u8(p, vpselq_u8(vdupq_n_u8(1), vdupq_n_u8(0), m), vctp8q((uint32_t)n)); }
GIR__MVE_FN void gir__mve_storeb_u8(uint8_t *p, mve_pred16_t m) { vst1q_u8(p, vpselq_u8(vdupq_n_u8(1), vdupq_n_u8(0), m)); }
GIR__MVE_FN mve_pred16_t gir__mve_loadbn_u8(const uint8_t *p, int n) {
    return vcmpneq_u8(vldrbq_z_u8(p, vctp8q((uint32_t)n)), vdupq_n_u8(0)); }
GIR__MVE_FN mve_pred16_t gir__mve_loadb_u8(const uint8_t *p) { return vcmpneq_u8(vld1q_u8(p), vdupq_n_u8(0)); }
/* 2^k for integral k in [-126, 127]: the biased exponent shifted into place */
GIR__MVE_FN float32x4_t gir__mve_pow2i_f32(float32x4_t k) {
    return vreinterpretq_f32_s32(vshlq_n_s32(vaddq_n_s32(vcvtq_s32_f32(k), 127), 23));
}
/* x 2^k for integral k, |k| <= 252: two normal factors 2^floor(k/2) and 2^(k - floor(k/2)) */
GIR__MVE_FN float32x4_t gir__mve_ldexp_f32(float32x4_t x, float32x4_t k) {
    int32x4_t ki = vcvtq_s32_f32(k), h = vshrq_n_s32(ki, 1);
    float32x4_t s1 = vreinterpretq_f32_s32(vshlq_n_s32(vaddq_n_s32(h, 127), 23));
    float32x4_t s2 = vreinterpretq_f32_s32(vshlq_n_s32(vaddq_n_s32(vsubq_s32(ki, h), 127), 23));
    return vmulq_f32(vmulq_f32(x, s1), s2);
}
/* finite x != 0: floor(log2 |x|) and |x| scaled into [1, 2) (the lanes flush subnormals, so no scaling) */
GIR__MVE_FN float32x4_t gir__mve_logb_f32(float32x4_t x) {
    uint32x4_t a = vreinterpretq_u32_f32(vabsq_f32(x));
    return vsubq_f32(vcvtq_f32_u32(vshrq_n_u32(a, 23)), vdupq_n_f32(127.0f));
}
GIR__MVE_FN float32x4_t gir__mve_mant_f32(float32x4_t x) {
    uint32x4_t a = vreinterpretq_u32_f32(vabsq_f32(x));
    return vreinterpretq_f32_u32(vorrq_u32(vandq_u32(a, vdupq_n_u32(0x007FFFFFu)), vdupq_n_u32(0x3F800000u)));
}
#endif
