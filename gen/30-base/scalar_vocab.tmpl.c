/* scalar_vocab.tmpl.c -- the vector vocabulary's scalar form for float and double (gir__v_<name>_f32 and _f64):
   what an elementwise row's FWD expression calls in the scalar loops (gen/10-generator/scalar_lower.py) and the
   kernels call for one value. Instantiated once per float dtype (gen/10-generator/templates.py) where
   gen/30-base/config.c has @@SCALAR_VOCAB@@, after the libm routing (gir__exp_f32, ...) it calls. */
static GIR__INLINE GIR_T gir__v_abs_GIR_SFX(GIR_T x) { return gir__fabs_GIR_SFX(x); }
static GIR__INLINE GIR_T gir__v_sign_GIR_SFX(GIR_T x) { return x > 0 ? (GIR_T)1 : x < 0 ? (GIR_T)-1 : x; }
static GIR__INLINE GIR_T gir__v_max_GIR_SFX(GIR_T x, GIR_T y) { return (x > y || x != x) ? x : y; }
static GIR__INLINE GIR_T gir__v_min_GIR_SFX(GIR_T x, GIR_T y) { return (x < y || x != x) ? x : y; }
static GIR__INLINE GIR_T gir__v_sigmoid_GIR_SFX(GIR_T x) { return (GIR_T)1 / ((GIR_T)1 + gir__exp_GIR_SFX(-x)); }
static GIR__INLINE int gir__v_isnan_GIR_SFX(GIR_T x) { return x != x; }
static GIR__INLINE int gir__v_isinf_GIR_SFX(GIR_T x) { return x == x && (x - x) != (x - x); }
static GIR__INLINE int gir__v_isfinite_GIR_SFX(GIR_T x) { return (x - x) == (x - x); }
static GIR__INLINE GIR_T gir__v_sqrt_GIR_SFX(GIR_T x) { return gir__sqrt_GIR_SFX(x); }
static GIR__INLINE GIR_T gir__v_exp_GIR_SFX(GIR_T x) { return gir__exp_GIR_SFX(x); }
static GIR__INLINE GIR_T gir__v_expm1_GIR_SFX(GIR_T x) { return gir__expm1_GIR_SFX(x); }
static GIR__INLINE GIR_T gir__v_log_GIR_SFX(GIR_T x) { return gir__log_GIR_SFX(x); }
static GIR__INLINE GIR_T gir__v_log1p_GIR_SFX(GIR_T x) { return gir__log1p_GIR_SFX(x); }
static GIR__INLINE GIR_T gir__v_log2_GIR_SFX(GIR_T x) { return gir__log2_GIR_SFX(x); }
static GIR__INLINE GIR_T gir__v_sin_GIR_SFX(GIR_T x) { return gir__sin_GIR_SFX(x); }
static GIR__INLINE GIR_T gir__v_cos_GIR_SFX(GIR_T x) { return gir__cos_GIR_SFX(x); }
static GIR__INLINE GIR_T gir__v_tan_GIR_SFX(GIR_T x) { return gir__tan_GIR_SFX(x); }
static GIR__INLINE GIR_T gir__v_asin_GIR_SFX(GIR_T x) { return gir__asin_GIR_SFX(x); }
static GIR__INLINE GIR_T gir__v_acos_GIR_SFX(GIR_T x) { return gir__acos_GIR_SFX(x); }
static GIR__INLINE GIR_T gir__v_atan_GIR_SFX(GIR_T x) { return gir__atan_GIR_SFX(x); }
static GIR__INLINE GIR_T gir__v_sinh_GIR_SFX(GIR_T x) { return gir__sinh_GIR_SFX(x); }
static GIR__INLINE GIR_T gir__v_cosh_GIR_SFX(GIR_T x) { return gir__cosh_GIR_SFX(x); }
static GIR__INLINE GIR_T gir__v_tanh_GIR_SFX(GIR_T x) { return gir__tanh_GIR_SFX(x); }
static GIR__INLINE GIR_T gir__v_erf_GIR_SFX(GIR_T x) { return gir__erf_GIR_SFX(x); }
static GIR__INLINE GIR_T gir__v_floor_GIR_SFX(GIR_T x) { return gir__floor_GIR_SFX(x); }
static GIR__INLINE GIR_T gir__v_ceil_GIR_SFX(GIR_T x) { return gir__ceil_GIR_SFX(x); }
static GIR__INLINE GIR_T gir__v_round_GIR_SFX(GIR_T x) { return gir__round_GIR_SFX(x); }
static GIR__INLINE GIR_T gir__v_pow_GIR_SFX(GIR_T x, GIR_T y) { return gir__pow_GIR_SFX(x, y); }

/* Remainders and floor division as NumPy computes them for floats (np.fmod, np.mod, np.floor_divide):
   mod takes the sign of y, floordiv is exactly floor(x / y) and consistent with mod; a zero y gives NaN
   (fmod, mod) and x / y (floordiv), as in NumPy. */
static GIR__INLINE GIR_T gir__v_fmod_GIR_SFX(GIR_T x, GIR_T y) { return gir__fmod_GIR_SFX(x, y); }
static GIR__INLINE GIR_T gir__v_mod_GIR_SFX(GIR_T x, GIR_T y) {
    GIR_T m = gir__fmod_GIR_SFX(x, y);
    if (y == 0) return m;
    if (m == 0) return y < 0 ? -(GIR_T)0 : (GIR_T)0;
    return (y < 0) != (m < 0) ? m + y : m;
}
static GIR__INLINE GIR_T gir__v_floordiv_GIR_SFX(GIR_T x, GIR_T y) {
    GIR_T m, d, f;
    if (y == 0) return x / y;
    m = gir__fmod_GIR_SFX(x, y);
    d = (x - m) / y;
    if (m != 0 && (y < 0) != (m < 0)) d -= 1;
    if (d == 0) return x / y < 0 ? -(GIR_T)0 : (GIR_T)0;
    f = gir__floor_GIR_SFX(d);
    return d - f > (GIR_T)0.5 ? f + 1 : f;
}
