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
GIR__MVE_FN mve_pred16_t gir__mve_lt_f32(float32x4_t x, float32x4_t y) { return vcmpltq_f32(x, y); }
GIR__MVE_FN mve_pred16_t gir__mve_le_f32(float32x4_t x, float32x4_t y) { return vcmpleq_f32(x, y); }
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
    return vpselq_f32(x, y, (mve_pred16_t)(vcmpltq_f32(x, y) | vcmpneq_f32(x, x)));
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
