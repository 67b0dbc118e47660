/* Vector math on the vocabulary of gen/simd_<isa>.c, instantiated by gen/gir_gen.py once per instruction set
   and float dtype: GIR_V_name becomes gir__<isa>_name_<dtype>, GIR_VEC / GIR_MASK / GIR_T the vector, mask
   and element types, GIR_FN the instruction set's function specifiers, GIR_PICK(f32, f64) the dtype's
   constant, "v = GIR_POLY(u, c0, ..., cn);" Horner's scheme for c0 + c1 u + ... + cn u^n (a statement of its
   own, which becomes one line per step); the lines between
   a dtype's marker and the end marker are that dtype's only. Coefficients: gen/15-tools/vmath_fit.py (minimax). */

/* expm1(r) for |r| <= ln2/2 (+ rounding slack): r + r^2 q(r). gir__expf (gen/30-base/config.c), the scalar
   f32 exp, repeats the f32 coefficients here and in expreduce: a refit changes both. */
GIR_FN GIR_VEC GIR_V_expm1r(GIR_VEC r) {
/*@f32*/
    GIR_VEC q = GIR_POLY(r, 4.999999702e-01f, 1.666654348e-01f, 4.166720062e-02f, 8.366552182e-03f,
                         1.388251549e-03f);
/*@f64*/
    GIR_VEC q = GIR_POLY(r, 5.00000000000000000e-01, 1.66666666666666768e-01, 4.16666666666665048e-02,
                         8.33333333332164639e-03, 1.38888888889626520e-03, 1.98412698860941689e-04,
                         2.48015871721701743e-05, 2.75572442310684295e-06, 2.75574028005675252e-07,
                         2.51090332440628366e-08, 2.08753291474622718e-09);
/*@end*/
    return GIR_V_fma(GIR_V_mul(r, r), q, r);
}
/* x = k ln2 + r with k = round(x / ln2), |r| <= ln2/2 (Cody-Waite: ln2 in two parts, k times the first exact) */
GIR_FN GIR_VEC GIR_V_expreduce(GIR_VEC x, GIR_VEC *k) {
    GIR_VEC kk = GIR_V_round(GIR_V_mul(x, GIR_V_set1(GIR_PICK(1.4426950216293335f, 1.4426950408889634))));
    GIR_VEC r = GIR_V_fnma(kk, GIR_V_set1(GIR_PICK(0.693145751953125f, 0.6931471803691238)), x);
    *k = kk;
    return GIR_V_fnma(kk, GIR_V_set1(GIR_PICK(1.428606765330187e-06f, 1.9082149292705877e-10)), r);
}
/* exp(x) = 2^k exp(r); x is first limited to where exp is between half the smallest subnormal and twice the
   largest finite number, so inf, 0 and the subnormal results come out of the final scaling */
GIR_FN GIR_VEC GIR_V_exp(GIR_VEC x) {
    GIR_VEC k, r;
    x = GIR_V_clamp(x, GIR_V_set1(GIR_PICK(-104.0f, -746.0)), GIR_V_set1(GIR_PICK(89.0f, 710.0)));
    r = GIR_V_expreduce(x, &k);
    return GIR_V_ldexp(GIR_V_add(GIR_V_expm1r(r), GIR_V_set1(1)), k);
}
/* expm1(x) = 2^k expm1(r) + (2^k - 1): exact but for the last rounding while 2^k - 1 is exact (k <= 24, 53);
   beyond that 2^k (1 + expm1(r)) - 1. The result has x's sign, which keeps expm1(-0) = -0. */
GIR_FN GIR_VEC GIR_V_expm1(GIR_VEC x) {
    GIR_VEC one = GIR_V_set1(1), kmax = GIR_V_set1(GIR_PICK(24.0f, 53.0)), k, r, p, s, lo, hi;
    x = GIR_V_clamp(x, GIR_V_set1(GIR_PICK(-30.0f, -60.0)), GIR_V_set1(GIR_PICK(89.0f, 710.0)));
    r = GIR_V_expreduce(x, &k);
    p = GIR_V_expm1r(r);
    s = GIR_V_ldexp(one, GIR_V_min(k, kmax));
    lo = GIR_V_fma(s, p, GIR_V_sub(s, one));
    hi = GIR_V_sub(GIR_V_ldexp(GIR_V_add(p, one), k), one);
    return GIR_V_copysign(GIR_V_select(GIR_V_gt(k, kmax), hi, lo), x);
}

/* log1p(f) for f in [sqrt(1/2) - 1, sqrt(2) - 1] */
GIR_FN GIR_VEC GIR_V_log1pr(GIR_VEC f) {
/*@f32*/
    GIR_VEC g = GIR_POLY(f, -4.999998808e-01f, 3.333332539e-01f, -2.500158548e-01f, 2.000198364e-01f,
                         -1.660899967e-01f, 1.418158114e-01f, -1.324347258e-01f, 1.290632337e-01f,
                         -7.622932643e-02f);
    return GIR_V_fma(GIR_V_mul(f, f), g, f);
/*@f64*/
    /* log(1 + f) = 2 atanh(s) = 2s + s z T(z), s = f / (2 + f), z = s^2, written as f - (f^2/2 - s (f^2/2 + z T))
       so that the rounding of s only touches a small correction */
    GIR_VEC s = GIR_V_div(f, GIR_V_add(f, GIR_V_set1(2.0))), z = GIR_V_mul(s, s);
    GIR_VEC h = GIR_V_mul(GIR_V_set1(0.5), GIR_V_mul(f, f));
    GIR_VEC t = GIR_POLY(z, 6.66666666666673513e-01, 3.99999999994104960e-01, 2.85714287434086334e-01,
                         2.22221984597927052e-01, 1.81835706408768005e-01, 1.53138787496209766e-01,
                         1.47977666049350004e-01);
    t = GIR_V_mul(z, t);
    return GIR_V_sub(f, GIR_V_fnma(s, GIR_V_add(h, t), h));
/*@end*/
}
/* finite x > 0 as 2^e (1 + f) with f in [sqrt(1/2) - 1, sqrt(2) - 1]; f is exact */
GIR_FN GIR_VEC GIR_V_logsplit(GIR_VEC x, GIR_VEC *e) {
    GIR_VEC one = GIR_V_set1(1), m = GIR_V_mant(x), b = GIR_V_logb(x);
    GIR_MASK up = GIR_V_gt(m, GIR_V_set1(GIR_PICK(1.4142135381698608f, 1.4142135623730951)));
    *e = GIR_V_select(up, GIR_V_add(b, one), b);
    return GIR_V_sub(GIR_V_select(up, GIR_V_mul(m, GIR_V_set1(0.5)), m), one);
}
/* where x is not finite and positive: log(+-0) = -inf, log(x < 0) = NaN, log(inf) = inf, log(NaN) = NaN */
GIR_FN GIR_VEC GIR_V_logspecial(GIR_VEC x, GIR_VEC res) {
    GIR_VEC zero = GIR_V_set1(0), inf = GIR_V_set1(GIR_PICK(HUGE_VALF, HUGE_VAL));
    GIR_MASK ok = GIR_V_mand(GIR_V_gt(x, zero), GIR_V_lt(x, inf));
    GIR_VEC sp = GIR_V_select(GIR_V_lt(x, zero), GIR_V_set1(NAN), x);
    sp = GIR_V_select(GIR_V_eq(x, zero), GIR_V_neg(inf), sp);
    return GIR_V_select(ok, res, sp);
}
/* e ln2 + log1p(f), ln2 in two parts */
GIR_FN GIR_VEC GIR_V_logjoin(GIR_VEC e, GIR_VEC l) {
    GIR_VEC lo = GIR_V_fma(e, GIR_V_set1(GIR_PICK(1.428606765330187e-06f, 1.9082149292705877e-10)), l);
    return GIR_V_fma(e, GIR_V_set1(GIR_PICK(0.693145751953125f, 0.6931471803691238)), lo);
}
GIR_FN GIR_VEC GIR_V_log(GIR_VEC x) {
    GIR_VEC e, f = GIR_V_logsplit(x, &e);
    return GIR_V_logspecial(x, GIR_V_logjoin(e, GIR_V_log1pr(f)));
}
GIR_FN GIR_VEC GIR_V_log2(GIR_VEC x) {
    GIR_VEC e, f = GIR_V_logsplit(x, &e);
    GIR_VEC l = GIR_V_log1pr(f);
    return GIR_V_logspecial(x, GIR_V_fma(l, GIR_V_set1(GIR_PICK(1.4426950216293335f, 1.4426950408889634)), e));
}
/* log1p(x) = log(u) for u = 1 + x rounded, corrected by the rounding error c = x - (u - 1): with u = 2^e (1 + f),
   log1p(x) = e ln2 + log1p(f + c 2^-e). The result has x's sign, which keeps log1p(-0) = -0. */
GIR_FN GIR_VEC GIR_V_log1p(GIR_VEC x) {
    GIR_VEC one = GIR_V_set1(1), u = GIR_V_add(x, one), e, f, c;
    f = GIR_V_logsplit(u, &e);
    c = GIR_V_sub(x, GIR_V_sub(u, one));
    f = GIR_V_add(f, GIR_V_ldexp(c, GIR_V_neg(e)));
    return GIR_V_logspecial(u, GIR_V_copysign(GIR_V_logjoin(e, GIR_V_log1pr(f)), x));
}

/* tanh without exp: below 1, t = tanh|x| = r + r^3 P(r^2) with r = |x|. From 1 on, |x| = k ln2/2 + r with
   k = round(|x| 2/ln2), |r| <= ln2/4 (ln2/2 in two parts, k times the first exact), and tanh's addition theorem
   with tanh(k ln2/2) = (E - 1) / (E + 1) for E = 2^k, exact, gives 1 - tanh|x| = 2 (1 - t) / ((E + 1) + t (E - 1)):
   one polynomial, one division, and the result 1 minus that term, small beside it (a quotient of polynomials
   x P(x^2) / Q(x^2) over the whole range, its factors rounded near 1, was 5.2 ulp off in f32). |x| is first
   limited to where tanh rounds to 1 (so E stays finite); the sign of x last, which keeps tanh(-0) = -0 */
GIR_FN GIR_VEC GIR_V_tanh(GIR_VEC x) {
    GIR_VEC one = GIR_V_set1(1), a = GIR_V_abs(x), k, r, s, t, e, d;
    GIR_MASK m = GIR_V_lt(a, one);
    r = GIR_V_clamp(a, GIR_V_set1(0), GIR_V_set1(GIR_PICK(9.1f, 19.1)));
    k = GIR_V_round(GIR_V_mul(r, GIR_V_set1(GIR_PICK(2.8853900817779268f, 2.8853900817779268))));
    r = GIR_V_fnma(k, GIR_V_set1(GIR_PICK(0.3465728759765625f, 0.3465735901845619)), r);
    r = GIR_V_select(m, a, GIR_V_fnma(k, GIR_V_set1(GIR_PICK(7.143033827e-07f, 9.5410746463529385e-11)), r));
    s = GIR_V_mul(r, r);
/*@f32*/
    t = GIR_POLY(s, -3.333329558e-01f, 1.333234459e-01f, -5.387980118e-02f, 2.148665674e-02f, -7.946106605e-03f,
                 2.301364671e-03f, -3.584520018e-04f);
/*@f64*/
    t = GIR_POLY(s, -3.33333333333329429e-01, 1.33333333332928683e-01, -5.39682539534261513e-02,
                 2.18694882598227495e-02, -8.86323245170891894e-03, 3.59210560646910449e-03,
                 -1.45572132751470512e-03, 5.89618687166513339e-04, -2.38043865160676699e-04,
                 9.47681699472417428e-05, -3.60866209543751719e-05, 1.23413291575187133e-05,
                 -3.41968030350609400e-06, 6.54495949167321684e-07, -6.26932783251997913e-08);
/*@end*/
    t = GIR_V_fma(GIR_V_mul(r, s), t, r);
    if (!GIR_V_any(GIR_V_mnot(m))) return GIR_V_copysign(t, x);          /* all lanes below 1 */
    e = GIR_V_pow2i(k);
    d = GIR_V_fma(t, GIR_V_sub(e, one), GIR_V_add(e, one));
    d = GIR_V_fnma(GIR_V_set1(2), GIR_V_div(GIR_V_sub(one, t), d), one);
    return GIR_V_copysign(GIR_V_select(m, t, d), x);
}
/* sigmoid(x) = 1 / (1 + exp(-x)) for x >= 0, exp(x) / (1 + exp(x)) below: exp never overflows, and very
   negative x keep their subnormal results */
GIR_FN GIR_VEC GIR_V_sigmoid(GIR_VEC x) {
    GIR_VEC one = GIR_V_set1(1), e = GIR_V_exp(GIR_V_neg(GIR_V_abs(x)));
    return GIR_V_div(GIR_V_select(GIR_V_lt(x, GIR_V_set1(0)), e, one), GIR_V_add(one, e));
}
/* erf: |x| < 1: x + x E1(x^2); beyond, 1 - exp(-x^2) R(1/|x| - t0) with R ~ erfc(x) exp(x^2), |x| limited to where
   erf rounds to 1; the sign of x last */
GIR_FN GIR_VEC GIR_V_erf(GIR_VEC x) {
    GIR_VEC one = GIR_V_set1(1), a = GIR_V_abs(x), a2 = GIR_V_mul(a, a), near0, t, u, r;
/*@f32*/
    GIR_VEC p = GIR_POLY(a2, 1.283791661e-01f, -3.761262596e-01f, 1.128358543e-01f, -2.685381286e-02f,
                         5.188327748e-03f, -8.010193706e-04f, 7.853860734e-05f);
/*@f64*/
    GIR_VEC p = GIR_POLY(a2, 1.28379167095512559e-01, -3.76126389031835207e-01, 1.12837916709441849e-01,
                         -2.68661706431114478e-02, 5.22397760611833031e-03, -8.54832592930851475e-04,
                         1.20552935767416700e-04, -1.49247122992561295e-05, 1.64471315402976936e-06,
                         -1.62063135401739151e-07, 1.37109795225038121e-08, -7.77946696398075802e-10);
/*@end*/
    GIR_MASK m = GIR_V_lt(a, one);
    near0 = GIR_V_fma(a, p, a);
    if (!GIR_V_any(GIR_V_mnot(m))) return GIR_V_copysign(near0, x);       /* all lanes below 1 */
    a = GIR_V_clamp(a, one, GIR_V_set1(GIR_PICK(4.0f, 6.0)));
    t = GIR_V_recip(a);
/*@f32*/
    u = GIR_V_sub(t, GIR_V_set1(0.625f));
    r = GIR_POLY(u, 3.059529960e-01f, 3.822838664e-01f, -1.723958254e-01f, 4.375990108e-02f, 2.344835363e-02f,
                 -4.714085534e-02f, 4.108286649e-02f, -1.794482954e-02f);
/*@f64*/
    {
        GIR_VEC v = GIR_V_sub(t, GIR_V_set1(0.3333333333333333)), r1, r2;
        u = GIR_V_sub(t, GIR_V_set1(0.75));
        r1 = GIR_POLY(u, 3.51134694028905292e-01, 3.41368858699433786e-01, -1.54570073313942097e-01,
                      4.95677724359199559e-02, 2.44389829723768706e-03, -2.21991953007243947e-02,
                      2.41010175418103177e-02, -1.76963255791780169e-02, 8.90743239860404892e-03,
                      -1.04179807214768065e-03, -4.39623951571823431e-03, 7.08160006110431471e-03,
                      -7.40590647290151078e-03, 5.94497242771328122e-03, -3.07677555349851993e-03,
                      3.33790611928581362e-04);
        r2 = GIR_POLY(v, 1.79001151181389956e-01, 4.89350340064560574e-01, -1.81416956244121547e-01,
                      -5.01461107299590245e-02, 1.61472856046137841e-01, -1.34841283763333958e-01,
                      -4.65770198513882315e-03, 1.81075835636815646e-01, -2.78473629219136209e-01,
                      1.79973325538932305e-01, 1.63463153604917588e-01, -6.53794259561449653e-01,
                      9.92844723780985428e-01, -5.92617435300840989e-01, -1.26014283993188836e+00,
                      2.80559424893266396e+00);
        r = GIR_V_select(GIR_V_lt(a, GIR_V_set1(2.0)), r1, r2);
    }
/*@end*/
    r = GIR_V_fnma(GIR_V_exp(GIR_V_neg(GIR_V_mul(a, a))), r, one);
    return GIR_V_copysign(GIR_V_select(m, near0, r), x);
}
/* sign: 1, -1, or x itself for +-0 and NaN (as the scalar vocabulary) */
GIR_FN GIR_VEC GIR_V_sign(GIR_VEC x) {
    GIR_VEC zero = GIR_V_set1(0), one = GIR_V_set1(1);
    return GIR_V_select(GIR_V_gt(x, zero), one, GIR_V_select(GIR_V_lt(x, zero), GIR_V_neg(one), x));
}
