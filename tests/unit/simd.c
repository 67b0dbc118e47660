/* unit/simd.c - the vector kernels: every instruction set this machine runs, against the scalar kernels
   (lengths around the vector width, broadcast operands, aliased output), and the vector math against
   double-precision (f32) and long double (f64) libm over the whole range. Included by unit/main.c.
   GIR_TEST_SIMD_SWEEP=k makes the accuracy sweep denser: every 2^k-th float (default k = 11). */

typedef const gir__ew_fn (*simd_table)[GIR__DTYPE_SLOTS - 1];
/* ftz: the f32 lanes flush subnormals to zero (MVE, documented in gir.h): subnormal f32 inputs are flushed before
   both kernels run, and a result the scalar kernel gives below FLT_MIN may come back as zero */
typedef struct simd_target { const char *name; simd_table table; int lanes[2], ftz; } simd_target;

/* the instruction sets compiled in that this machine runs (x86: AVX-512 machines run the AVX2 kernels too) */
static int simd_targets(simd_target *t) {
    int n = 0, level = gir__simd_level(), k;
    (void)level;
    for (k = 0; k < 4; ++k) t[k].ftz = 0;
#if defined(GIR__HAVE_AVX512)
    if (level == GIR__ISA_AVX512) {
        t[n].name = "avx512"; t[n].table = gir__ew_table_avx512;
        t[n].lanes[0] = GIR__LANES_AVX512_F32; t[n].lanes[1] = GIR__LANES_AVX512_F64; ++n;
    }
#endif
#if defined(GIR__HAVE_AVX2)
    if (level == GIR__ISA_AVX2 || level == GIR__ISA_AVX512) {
        t[n].name = "avx2"; t[n].table = gir__ew_table_avx2;
        t[n].lanes[0] = GIR__LANES_AVX2_F32; t[n].lanes[1] = GIR__LANES_AVX2_F64; ++n;
    }
#endif
#if defined(GIR__HAVE_NEON)
    if (level == GIR__ISA_NEON) {
        t[n].name = "neon"; t[n].table = gir__ew_table_neon;
        t[n].lanes[0] = GIR__LANES_NEON_F32; t[n].lanes[1] = GIR__LANES_NEON_F64; ++n;
    }
#endif
#if defined(GIR__HAVE_MVE)
    if (level == GIR__ISA_MVE) {
        t[n].name = "mve"; t[n].table = gir__ew_table_mve;
        t[n].lanes[0] = GIR__LANES_MVE_F32; t[n].lanes[1] = 0; t[n].ftz = 1; ++n;
    }
#endif
    return n;
}

/* ------------------------------------------------------------------------------ kernels against scalar */
static uint64_t simd_rng = 0x9E3779B97F4A7C15ull;
static double simd_unit(void) {          /* [0, 1) */
    simd_rng = simd_rng * 6364136223846793005ull + 1442695040888963407ull;
    return (double)(simd_rng >> 11) * (1.0 / 9007199254740992.0);
}
/* mostly moderate values, with special ones mixed in: zeros, infinities, NaN, subnormals, huge, halfway */
static double simd_value(void) {
    static const double sp[] = {0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 2.5, -2.5, 1e-40, -1e-310, 1e30, -1e30, 88.72,
                                89.0, -104.0, 710.0, -746.0, HUGE_VAL, -HUGE_VAL, NAN, 0.625, 1e-8, -1e-8, 3.0};
    double u = simd_unit();
    if (u < 0.06) return sp[(int)(simd_unit() * (double)(sizeof sp / sizeof sp[0]))];
    if (u < 0.2) return (simd_unit() - 0.5) * 200.0;
    return (simd_unit() - 0.5) * 16.0;
}
/* rows whose vector kernels must equal the scalar ones exactly: IEEE operations, or scalar libm lane by lane */
static int simd_exact_op(int op) {
    static const int ops[] = {GIR_OP_ADD, GIR_OP_SUB, GIR_OP_MUL, GIR_OP_DIV, GIR_OP_NEG, GIR_OP_POW,
                              GIR_OP_MAXIMUM, GIR_OP_MINIMUM, GIR_OP_ABS, GIR_OP_SIGN, GIR_OP_SQUARE, GIR_OP_SQRT,
                              GIR_OP_RSQRT, GIR_OP_RECIPROCAL, GIR_OP_SIN, GIR_OP_COS, GIR_OP_TAN, GIR_OP_ASIN,
                              GIR_OP_ACOS, GIR_OP_ATAN, GIR_OP_SINH, GIR_OP_COSH, GIR_OP_RELU, GIR_OP_LEAKY_RELU,
                              GIR_OP_FLOOR, GIR_OP_CEIL, GIR_OP_ROUND, GIR_OP_CLAMP};
    size_t k;
    for (k = 0; k < sizeof ops / sizeof ops[0]; ++k)
        if (ops[k] == op) return 1;
    return 0;
}
#define SIMD_TOL_ULP 16     /* vector math (<= 2.5 ulp, documented in gir.h) + scalar libm, and room for composition */
/* a vector result against the scalar one: exact rows must agree exactly (NaN with NaN), the others within
   SIMD_TOL_ULP ulps of the result, plus as many ulps of the inputs' size (rows composed of several functions
   can cancel), plus the smallest normal number (sigmoid's scalar form flushes its subnormal results) */
static int simd_close(int op, int dt, double v, double s, double insize) {
    double eps = dt == GIR_DTYPE_F32 ? FLT_EPSILON : DBL_EPSILON, tiny = dt == GIR_DTYPE_F32 ? FLT_MIN : DBL_MIN;
    if (v != v || s != s) return v != v && s != s;
    if (v == s) return 1;
    if (simd_exact_op(op)) return 0;
    if (isinf(v) || isinf(s)) return 0;
    return fabs(v - s) <= SIMD_TOL_ULP * eps * (fabs(s) + insize) + tiny;
}

static void simd_flush(float *p, int64_t n) {
    int64_t k;
    for (k = 0; k < n; ++k)
        if (p[k] != 0 && fabsf(p[k]) < FLT_MIN) p[k] = p[k] < 0 ? -0.0f : 0.0f;
}
static void simd_fill(void *p, int dt, int64_t n) {
    int64_t k;
    for (k = 0; k < n; ++k) {
        double v = simd_value();
        if (dt == GIR_DTYPE_F32) ((float *)p)[k] = (float)v;
        else ((double *)p)[k] = v;
    }
}
/* one call of a vector kernel with n elements: inputs contiguous (st 1) or broadcast scalars (st 0), the output
   separate or aliased to input `alias` (-1: none); checked against the scalar kernel, and for writes past n */
static int simd_case(const simd_target *t, int op, int dt, int64_t n, const int64_t *st, int alias) {
    gir__ew_fn vf = EWT(t->table, op, dt), sf = EWT(gir__ew_rows, op, dt);
    int nin = gir_op_parent_count((gir_op)op), j, lanes = t->lanes[dt == GIR_DTYPE_F64];
    size_t es = gir_dtype_size((gir_dtype)dt);
    int64_t k, guard = lanes + 3;
    void *in[4], *sout, *vout;
    const void *vin[4];
    double p[3] = {-0.5, 0.75, 0.25};        /* f attributes: leaky/elu alpha, clamp's lo and hi */
    int ok = 1;
    for (j = 0; j < nin; ++j) {
        in[j] = malloc((size_t)(st[j] ? (n ? n : 1) : 1) * es);
        simd_fill(in[j], dt, st[j] ? n : 1);
        if (t->ftz && dt == GIR_DTYPE_F32) simd_flush((float *)in[j], st[j] ? n : 1);
        vin[j] = in[j];
    }
    sout = malloc((size_t)(n ? n : 1) * es);
    vout = malloc((size_t)(n + guard) * es);
    GIR_MEMSET(vout, 0x5A, (size_t)(n + guard) * es);
    sf(n, sout, (const void *const *)vin, st, p);
    if (alias >= 0) {
        GIR_MEMCPY(vout, in[alias], (size_t)n * es);
        vin[alias] = vout;
    }
    vf(n, vout, (const void *const *)vin, st, p);
    for (k = 0; k < n && ok; ++k) {
        double s = getv(sout, dt, k), v = getv(vout, dt, k), insize = 0;
        for (j = 0; j < nin; ++j) insize += fabs(getv(in[j], dt, st[j] ? k : 0));
        if (insize != insize || isinf(insize)) insize = 0;
        if (t->ftz && dt == GIR_DTYPE_F32 && v == 0 && fabs(s) < FLT_MIN) continue;
        if (!simd_close(op, dt, v, s, insize)) {
            snprintf(why, sizeof why, "%s %s %s n=%lld st=%d,%d alias=%d: element %lld: vector %.9g, scalar %.9g "
                     "(inputs %.9g %.9g)", t->name, gir_op_name((gir_op)op), gir_dtype_name((gir_dtype)dt),
                     (long long)n, (int)st[0], nin > 1 ? (int)st[1] : -1, alias, (long long)k, v, s,
                     getv(in[0], dt, st[0] ? k : 0), nin > 1 ? getv(in[1], dt, st[1] ? k : 0) : 0.0);
            ok = 0;
        }
    }
    for (k = 0; k < (int64_t)((size_t)guard * es) && ok; ++k)
        if (((unsigned char *)vout)[(size_t)n * es + (size_t)k] != 0x5A) {
            snprintf(why, sizeof why, "%s %s %s n=%lld: wrote past the end", t->name, gir_op_name((gir_op)op),
                     gir_dtype_name((gir_dtype)dt), (long long)n);
            ok = 0;
        }
    for (j = 0; j < nin; ++j) free(in[j]);
    free(sout);
    free(vout);
    return ok;
}
/* every op with a vector kernel on t, f32 and f64: n = 0, 1, L-1, L, L+1, 2L+3 and a large odd size, each with
   contiguous and broadcast operands, output separate and aliased to each contiguous input */
static int test_simd_kernels(const simd_target *t) {
    static const int64_t ones[2] = {1, 1};
    int op, d, checked = 0;
    for (op = 1; op < GIR_OP__COUNT; ++op)
        for (d = 0; d < 2; ++d) {
            int dt = d ? GIR_DTYPE_F64 : GIR_DTYPE_F32, L = t->lanes[d], nin = gir_op_parent_count((gir_op)op), s, li;
            int64_t lens[7];
            if (!L || !EWT(t->table, op, dt)) continue;
            if (gir_op_arg_count((gir_op)op) || gir__op_info(op)->dtrule == GIR__DT_CMP || gir__op_info(op)->dtrule == GIR__DT_TEST)
                continue;           /* b8 conditions or b8 results: tests/unit/simd_int.c */
            CHECK(EWT(gir__ew_rows, op, dt), "%s %s: a vector kernel without a scalar one", t->name,
                  gir_op_name((gir_op)op));
            lens[0] = 0; lens[1] = 1; lens[2] = L - 1; lens[3] = L; lens[4] = L + 1; lens[5] = 2 * L + 3; lens[6] = 3001;
            for (s = 0; s < (nin == 2 ? 3 : 2); ++s)            /* st: all 1, then each input a broadcast scalar */
                for (li = 0; li < 7; ++li) {
                    int64_t st[2];
                    int alias;
                    st[0] = s != 1; st[1] = s != 2;
                    for (alias = -1; alias < nin; ++alias) {
                        if (alias >= 0 && !st[alias]) continue;
                        if (!simd_case(t, op, dt, lens[li], st, alias)) return 0;
                    }
                }
            if (!simd_case(t, op, dt, 100003, ones, -1)) return 0;
            ++checked;
        }
    /* 30 rows or more per dtype with vector lanes (MVE: f32 only) */
    CHECK(checked >= 30 * (!!t->lanes[0] + !!t->lanes[1]), "%s: only %d op/dtype pairs have vector kernels", t->name,
          checked);
    return 1;
}

/* ------------------------------------------------------------------------------ vector math accuracy */
/* the functions of gen/40-vector/vmath.tmpl.c, each through the vector kernel of the row that is just that function */
typedef struct simd_fn { const char *name; int op; double bound[2]; } simd_fn;
static const simd_fn simd_fns[] = {       /* maximum error in ulps, f32 and f64, as documented in gir.h (>>vmath) */
    {"exp", GIR_OP_EXP, {1.5, 1.5}}, {"expm1", GIR_OP_EXPM1, {2, 2}}, {"log", GIR_OP_LOG, {1, 1.5}},
    {"log1p", GIR_OP_LOG1P, {1.5, 2}}, {"log2", GIR_OP_LOG2, {2, 2}}, {"tanh", GIR_OP_TANH, {1.5, 1.5}},
    {"sigmoid", GIR_OP_SIGMOID, {2.5, 2.5}}, {"erf", GIR_OP_ERF, {1, 1.5}},
};
#define SIMD_NFN ((int)(sizeof simd_fns / sizeof simd_fns[0]))
/* the exact function: double libm for f32 (its error is far below a float ulp), long double libm for f64 */
static double simd_ref32(int f, double x) {
    switch (f) {
    case 0: return exp(x);
    case 1: return expm1(x);
    case 2: return log(x);
    case 3: return log1p(x);
    case 4: return log2(x);
    case 5: return tanh(x);
    case 6: return x >= 0 ? 1 / (1 + exp(-x)) : exp(x) / (1 + exp(x));
    default: return erf(x);
    }
}
static long double simd_ref64(int f, long double x) {
    switch (f) {
    case 0: return expl(x);
    case 1: return expm1l(x);
    case 2: return logl(x);
    case 3: return log1pl(x);
    case 4: return log2l(x);
    case 5: return tanhl(x);
    case 6: return x >= 0 ? 1 / (1 + expl(-x)) : expl(x) / (1 + expl(x));
    default: return erfl(x);
    }
}
/* the error of got against the exact ref in ulps of the dtype (subnormal ulp below the normal range); an
   infinite result stands for 2^(emax+1), so overflowing at the rounding boundary counts as the ulp it is */
static long double simd_ulps(int dt, long double got, long double ref) {
    int mant = dt == GIR_DTYPE_F32 ? 23 : 52, emin = dt == GIR_DTYPE_F32 ? -126 : -1022, e;
    long double big = dt == GIR_DTYPE_F32 ? 340282366920938463463374607431768211456.0L : ldexpl(1, 1024), a;
    if (ref != ref) return got != got ? 0 : HUGE_VALL;
    if (got != got) return HUGE_VALL;
    if (ref == 0 && got == 0) return signbit(ref) == signbit(got) ? 0 : HUGE_VALL;
    if (got == ref) return 0;
    if (fabsl(ref) > big) ref = ref < 0 ? -big : big;
    if (isinf(got)) got = got < 0 ? -big : big;
    a = fabsl(ref);
    if (a >= big) a = big / 2;
    frexpl(a, &e);
    e -= 1;
    if (e < emin) e = emin;
    return fabsl(got - ref) / ldexpl(1, e - mant);
}
typedef struct simd_acc { long double worst; double at; } simd_acc;
/* n inputs x of dtype dt through function f on each target; the worst errors so far in acc[target] */
static void simd_measure(const simd_target *t, int nt, int f, int dt, const double *x, int n, simd_acc *acc) {
    static float xf[4096], of[4096];
    static double od[4096];
    static long double ref[4096];
    const void *in[1];
    int64_t st[1] = {1};
    int k, j;
    for (k = 0; k < n; ++k) {
        if (dt == GIR_DTYPE_F32) xf[k] = (float)x[k];
        ref[k] = dt == GIR_DTYPE_F32 ? (long double)simd_ref32(f, xf[k]) : simd_ref64(f, x[k]);
    }
    for (j = 0; j < nt; ++j) {
        in[0] = dt == GIR_DTYPE_F32 ? (const void *)xf : (const void *)x;
        EWT(t[j].table, simd_fns[f].op, dt)(n, dt == GIR_DTYPE_F32 ? (void *)of : (void *)od, in, st, NULL);
        for (k = 0; k < n; ++k) {
            long double got = dt == GIR_DTYPE_F32 ? (long double)of[k] : (long double)od[k], e;
            /* flushing lanes: a subnormal input stands for zero, and a result below FLT_MIN may be zero */
            if (t[j].ftz && dt == GIR_DTYPE_F32 && ((xf[k] != 0 && fabsf(xf[k]) < FLT_MIN) || (got == 0 && fabsl(ref[k]) < FLT_MIN)))
                continue;
            if (got == ref[k] && (got != 0 || signbit(got) == signbit(ref[k]))) continue;
            e = simd_ulps(dt, got, ref[k]);
            if (e > acc[j].worst) { acc[j].worst = e; acc[j].at = dt == GIR_DTYPE_F32 ? xf[k] : x[k]; }
        }
    }
}
static int simd_sweep_shift(void) {
    const char *s = getenv("GIR_TEST_SIMD_SWEEP");
    int k = s ? atoi(s) : 11;
    return k < 0 ? 0 : k > 24 ? 24 : k;
}
/* values every function must get right: zeros, infinities, NaN, subnormals, overflow and underflow thresholds,
   the polynomial pieces' boundaries */
static const double simd_edges[] = {
    0.0, -0.0, HUGE_VAL, -HUGE_VAL, NAN, 1.0, -1.0, 1.401298464324817e-45, -1.401298464324817e-45,
    1.1754942106924411e-38, 1.1754943508222875e-38, 3.4028234663852886e+38, -3.4028234663852886e+38,
    4.9406564584124654e-324, 2.2250738585072009e-308, 2.2250738585072014e-308, 1.7976931348623157e+308,
    88.72283172607422, 88.72284, 88.7228, -87.33654, -103.27893, -103.97208, -104.0, -126.0, -149.0,
    709.782712893384, 709.7827128933841, -708.3964185322641, -745.1332191019411, -745.1332191019412, -746.0,
    0.625, -0.625, 0.62499994, 0.6250001, 2.0, -2.0, 4.0, -4.0, 6.0, 9.5, 20.0, -20.0, 3.9, 5.9,
    1.4142135, 0.70710677, -0.29289323, 0.41421357, -0.9999999, -0.99999994, 1e-30, -1e-30, 1e-300, 16777216.0,
    9007199254740992.0, 1e10, -1e10, 0.34657359, -0.34657359, 1e-7, -1e-7, 5.960464477539063e-08,
    0.99999994, 1.0000001, 0.9999999999999999, 1.0000000000000002, -1.0000001, 9.01, 9.0109, 9.02, 9.1, -9.1,
    19.06, 19.062, 19.1, -19.1, 1e-20, -1e-20};
/* every vector math function on every target, against libm: f32: every 2^k-th float (both signs, subnormals,
   infinities, NaNs), 2^17 random floats and the edges; f64: 2^(25-k) values in each of seven ranges (the
   whole range by bits and by exponent, around 0, +-40, +-760, near 1, just above -1) and the edges */
static int test_simd_accuracy(const simd_target *all, int nall, int dt) {
    static double x[4096];
    simd_target t[4];
    int f, k, j, shift = simd_sweep_shift(), n, d = dt == GIR_DTYPE_F64, nt = 0, bad = 0;
    for (j = 0; j < nall; ++j)
        if (all[j].lanes[d]) t[nt++] = all[j];          /* MVE: no doubles */
    for (f = 0; f < SIMD_NFN; ++f) {
        simd_acc acc[4];
        for (j = 0; j < nt; ++j) {
            acc[j].worst = 0; acc[j].at = 0;
            CHECK(EWT(t[j].table, simd_fns[f].op, dt), "%s: no vector %s for %s", t[j].name, simd_fns[f].name,
                  gir_dtype_name((gir_dtype)dt));
        }
        n = 0;
        if (!d) {
            uint64_t u;
            for (u = 0; u < ((uint64_t)1 << 32); u += (uint64_t)1 << shift) {
                uint32_t b = (uint32_t)u;
                float v;
                GIR_MEMCPY(&v, &b, 4);
                x[n++] = v;
                if (n == 4096) { simd_measure(t, nt, f, dt, x, n, acc); n = 0; }
            }
            for (k = 0; k < (1 << 17); ++k) {
                uint32_t b = (uint32_t)(simd_unit() * 4294967296.0);
                float v;
                GIR_MEMCPY(&v, &b, 4);
                x[n++] = v;
                if (n == 4096) { simd_measure(t, nt, f, dt, x, n, acc); n = 0; }
            }
        } else {
            int r, per = 1 << (25 - shift > 4 ? 25 - shift : 4);
            for (r = 0; r < 7; ++r)
                for (k = 0; k < per; ++k) {
                    double u = simd_unit(), v;
                    switch (r) {
                    case 0: v = 2 * u - 1; break;
                    case 1: v = 80 * u - 40; break;
                    case 2: v = 1500 * u - 760; break;
                    case 3: v = ldexp(1.0 + simd_unit(), (int)(u * 2098) - 1075) * (simd_unit() < 0.5 ? -1 : 1); break;
                    case 4: v = 1 + (2 * u - 1) / 1024; break;
                    case 5: v = -1 + u / 32; break;
                    default: {
                        uint64_t b = (uint64_t)(u * 18446744073709551616.0);
                        GIR_MEMCPY(&v, &b, 8);
                    }
                    }
                    x[n++] = v;
                    if (n == 4096) { simd_measure(t, nt, f, dt, x, n, acc); n = 0; }
                }
        }
        for (k = 0; k < (int)(sizeof simd_edges / sizeof simd_edges[0]); ++k) x[n++] = simd_edges[k];
        simd_measure(t, nt, f, dt, x, n, acc);
        for (j = 0; j < nt; ++j) {
            if (verbose) say("     %s %s %s: max error %.3Lf ulp at %.9g\n", t[j].name, gir_dtype_name((gir_dtype)dt),
                             simd_fns[f].name, acc[j].worst, acc[j].at);
            if (acc[j].worst > simd_fns[f].bound[d] && !bad)
                bad = snprintf(why, sizeof why, "%s %s %s: error %.3Lf ulp at %.17g (bound %g)", t[j].name,
                               gir_dtype_name((gir_dtype)dt), simd_fns[f].name, acc[j].worst, acc[j].at,
                               simd_fns[f].bound[d]);
        }
    }
    return !bad;
}

/* ------------------------------------------------------------------------------ tanh, densely */
/* tanh's rules beyond its error bound: odd (the sign of a zero kept), |tanh| <= 1, exactly +-1 from where tanh
   rounds to 1 (and at +-inf), tanh(x) = x where tanh rounds to x, NaN for NaN; why says which rule broke. */
static int simd_tanh_rules(const simd_target *t, int dt, double x, double y) {
    double one = dt == GIR_DTYPE_F32 ? 9.02 : 19.07, tiny = dt == GIR_DTYPE_F32 ? 1.0 / 8192 : 1.0 / 268435456;
    const char *bad = NULL;
    if (x != x) bad = y == y ? "not NaN" : NULL;
    else if (fabs(y) > 1) bad = "beyond 1";
    else if (fabs(x) >= one && y != (x < 0 ? -1 : 1)) bad = "not exactly +-1";
    else if (fabs(x) < tiny && y != x && !(t->ftz && y == 0 && fabs(x) < FLT_MIN)) bad = "not x itself";
    else if (y == 0 && signbit(y) != signbit(x)) bad = "the zero's sign lost";
    if (bad)
        snprintf(why, sizeof why, "%s %s tanh(%.17g) = %.17g: %s", t->name, gir_dtype_name((gir_dtype)dt), x, y, bad);
    return !bad;
}
/* n values x (doubles, or floats in xf) through tanh on target t, and -x: the worst error so far in acc, the rules,
   and tanh(-x) = -tanh(x) bit for bit */
static int simd_tanh_run(const simd_target *t, int dt, const double *x, const float *xf, int n, simd_acc *acc) {
    static float nf[4096], yf[4096], zf[4096];
    static double nd[4096], yd[4096], zd[4096];
    const void *in[1];
    int64_t st[1] = {1};
    int k, f32 = dt == GIR_DTYPE_F32;
    gir__ew_fn fn = EWT(t->table, GIR_OP_TANH, dt);
    for (k = 0; k < n; ++k) { if (f32) nf[k] = -xf[k]; else nd[k] = -x[k]; }
    in[0] = f32 ? (const void *)xf : (const void *)x;
    fn(n, f32 ? (void *)yf : (void *)yd, in, st, NULL);
    in[0] = f32 ? (const void *)nf : (const void *)nd;
    fn(n, f32 ? (void *)zf : (void *)zd, in, st, NULL);
    for (k = 0; k < n; ++k) {
        double xv = f32 ? xf[k] : x[k], y = f32 ? yf[k] : yd[k], z = f32 ? zf[k] : zd[k];
        long double ref = f32 ? (long double)tanh(xv) : tanhl((long double)xv), e;
        if (!simd_tanh_rules(t, dt, xv, y) || !simd_tanh_rules(t, dt, -xv, z)) return 0;
        CHECK(y != y || (z == -y && signbit(z) != signbit(y)), "%s %s: tanh(%.17g) = %.17g but tanh(-x) = %.17g",
              t->name, gir_dtype_name((gir_dtype)dt), xv, y, z);
        if (t->ftz && f32 && ((xv != 0 && fabs(xv) < FLT_MIN) || (y == 0 && fabsl(ref) < FLT_MIN))) continue;
        e = simd_ulps(dt, y, ref);
        if (e > acc->worst) { acc->worst = e; acc->at = xv; }
    }
    return 1;
}
/* tanh on every target, with its rules and error bound: f32 over every float of [0.5, 2) (where its two forms meet,
   at 1) and every 2^(k-3)-th positive float (subnormals, infinity and NaNs among them); f64 over 2^(25-k) random
   values in [0, 2], around 1, in [0, 20] (up to and past where it rounds to 1) and by exponent; then the edges; each
   value with both signs. Under emulation (make cross-test) the f32 sweeps take every 8th of those floats. */
#if defined(GIR_TEST_CROSS)
#define SIMD_TANH_THIN 3
#else
#define SIMD_TANH_THIN 0
#endif
static int test_simd_tanh(const simd_target *all, int nall, int dt) {
    static double x[4096];
    static float xf[4096];
    simd_target t[4];
    simd_acc acc;
    int j, k, n, nt = 0, shift = simd_sweep_shift(), d = dt == GIR_DTYPE_F64;
    for (j = 0; j < nall; ++j)
        if (all[j].lanes[d]) t[nt++] = all[j];
    for (j = 0; j < nt; ++j) {
        acc.worst = 0; acc.at = 0; n = 0;
        if (!d) {
            uint64_t u, dense = (uint64_t)1 << SIMD_TANH_THIN, step = dense << (shift > 3 ? shift - 3 : 0);
            for (u = 0; u < 0x80000000u; u += (u >= 0x3F000000u && u < 0x40000000u) ? dense : step) {
                uint32_t b = (uint32_t)u;
                GIR_MEMCPY(&xf[n], &b, 4);
                if (++n == 4096) { if (!simd_tanh_run(&t[j], dt, x, xf, n, &acc)) return 0; n = 0; }
            }
            for (k = 0; k < (int)(sizeof simd_edges / sizeof simd_edges[0]); ++k) xf[n++] = (float)simd_edges[k];
        } else {
            int per = 1 << (25 - shift > 4 ? 25 - shift : 4), r;
            for (r = 0; r < 4; ++r)
                for (k = 0; k < per; ++k) {
                    double u = simd_unit();
                    x[n++] = r == 0 ? 2 * u : r == 1 ? 1 + (u - 0.5) / 16 : r == 2 ? 20 * u
                           : ldexp(1.0 + simd_unit(), (int)(u * 1100) - 1075);
                    if (n == 4096) { if (!simd_tanh_run(&t[j], dt, x, xf, n, &acc)) return 0; n = 0; }
                }
            for (k = 0; k < (int)(sizeof simd_edges / sizeof simd_edges[0]); ++k) x[n++] = simd_edges[k];
        }
        if (!simd_tanh_run(&t[j], dt, x, xf, n, &acc)) return 0;
        if (verbose) say("     %s %s tanh, densely: max error %.3Lf ulp at %.9g\n", t[j].name,
                         gir_dtype_name((gir_dtype)dt), acc.worst, acc.at);
        CHECK(acc.worst <= simd_fns[5].bound[d], "%s %s tanh: error %.3Lf ulp at %.17g (bound %g)", t[j].name,
              gir_dtype_name((gir_dtype)dt), acc.worst, acc.at, simd_fns[5].bound[d]);
    }
    return 1;
}

/* ------------------------------------------------------------------------------ scalar exp */
/* the worst error of the scalar f32 exp at x so far, in acc */
static void simd_expf_at(float x, simd_acc *acc) {
    long double e = simd_ulps(GIR_DTYPE_F32, gir__exp_f32(x), (long double)exp((double)x));
    if (e > acc->worst) { acc->worst = e; acc->at = x; }
}
/* exp for f32 in the scalar loops is gir.h's own (gir__expf, unless GIR_EXPF routes it): within the vector exp's
   bound over every 2^k-th float and the edges, exp(0) = 1 exactly, 0 and inf past the ends, NaN for NaN. Under
   emulation (make cross-test, where a Cortex-M's double reference is soft-float) every 2^(k+6)-th float. */
#if defined(GIR_TEST_CROSS)
#define SIMD_EXPF_THIN 6
#else
#define SIMD_EXPF_THIN 0
#endif
static int test_scalar_expf(void) {
    simd_acc acc = {0, 0};
    uint64_t u;
    int k, shift = simd_sweep_shift() + SIMD_EXPF_THIN;
    for (u = 0; u < ((uint64_t)1 << 32); u += (uint64_t)1 << shift) {
        uint32_t b = (uint32_t)u;
        float x;
        GIR_MEMCPY(&x, &b, 4);
        simd_expf_at(x, &acc);
    }
    for (k = 0; k < (int)(sizeof simd_edges / sizeof simd_edges[0]); ++k) simd_expf_at((float)simd_edges[k], &acc);
    if (verbose) say("     scalar f32 exp: max error %.3Lf ulp at %.9g\n", acc.worst, acc.at);
    CHECK(acc.worst <= simd_fns[0].bound[0], "scalar f32 exp: error %.3Lf ulp at %.9g (bound %g)", acc.worst,
          acc.at, simd_fns[0].bound[0]);
    CHECK(gir__exp_f32(0.0f) == 1.0f && gir__exp_f32(-0.0f) == 1.0f, "exp(0) = %.9g", (double)gir__exp_f32(0.0f));
    CHECK(gir__exp_f32(-HUGE_VALF) == 0.0f && gir__exp_f32(-200.0f) == 0.0f, "exp(-inf) = %.9g",
          (double)gir__exp_f32(-HUGE_VALF));
    CHECK(gir__exp_f32(HUGE_VALF) == HUGE_VALF && gir__exp_f32(88.72284f) == HUGE_VALF, "exp(inf) = %.9g",
          (double)gir__exp_f32(HUGE_VALF));
    CHECK(gir__exp_f32(NAN) != gir__exp_f32(NAN), "exp(NaN) = %.9g", (double)gir__exp_f32(NAN));
    return 1;
}

/* ------------------------------------------------------------------------------ dispatch */
/* the kernel the executor runs is the best instruction set's where it has one, the scalar loop elsewhere;
   GIR_NO_SIMD (or a machine without vectors) gives scalar everywhere */
static int test_simd_dispatch(void) {
    simd_target t[4];
    int n = simd_targets(t), op, dt;
    const char *nm = gir_simd_name();
#if defined(GIR_NO_SIMD)
    CHECK(!strcmp(nm, "scalar") && n == 0, "GIR_NO_SIMD: instruction set %s, %d vector targets", nm, n);
#endif
    CHECK(n == 0 || !strcmp(nm, t[0].name), "gir_simd_name() is %s, the best target %s", nm, n ? t[0].name : "-");
    for (op = 1; op < GIR_OP__COUNT; ++op)
        for (dt = 1; dt < GIR__DTYPE_SLOTS; ++dt) {
            gir__ew_fn want = n && EWT(t[0].table, op, dt) ? EWT(t[0].table, op, dt) : EWT(gir__ew_rows, op, dt);
            CHECK(gir__ew_pick(op, dt) == want, "%s %s: the kernel picked is not the %s one", gir_op_name((gir_op)op),
                  gir_dtype_name((gir_dtype)dt), n && EWT(t[0].table, op, dt) ? t[0].name : "scalar");
        }
    return 1;
}
/* a graph run picks the vector kernels: exp over 1000 f32 values equals the vector kernel's own output */
static int test_simd_in_graph(void) {
    simd_target t[4];
    int n = simd_targets(t), k;
    gir_graph *g = gir_graph_new(NULL);
    gir_node x = gir_input(g, GIR_DTYPE_F32, gir_shape1(1000)), y = gir_tanh(g, gir_mul(g, x, gir_scalar(g, GIR_DTYPE_F32, 3.0)));
    gir_plan *p = NULL;
    float xv[1000], want[1000], tmp[1000];
    const float *got;
    const void *in[2];
    int64_t st[2] = {1, 0};
    float three = 3.0f;
    for (k = 0; k < 1000; ++k) xv[k] = (float)(simd_unit() * 10 - 5);
    CHECK(gir_plan_compile(g, 1, &y, NULL, &p) == GIR_OK, "compile: %s", gir_graph_message(g));
    gir_plan_bind(p, x, xv);
    CHECK(gir_plan_run(p) == GIR_OK, "run: %s", gir_plan_message(p));
    got = (const float *)gir_plan_data(p, y);
    in[0] = xv; in[1] = &three;
    EWT(n ? t[0].table : gir__ew_rows, GIR_OP_MUL, GIR_DTYPE_F32)(1000, tmp, in, st, NULL);
    in[0] = tmp;
    EWT(n ? t[0].table : gir__ew_rows, GIR_OP_TANH, GIR_DTYPE_F32)(1000, want, in, st, NULL);
    for (k = 0; k < 1000; ++k)
        CHECK(got[k] == want[k], "element %d: graph %.9g, %s kernel %.9g", k, got[k], n ? t[0].name : "scalar", want[k]);
    gir_plan_free(p);
    gir_graph_free(g);
    return 1;
}

static void suite_simd(void) {
    simd_target t[4];
    int n = simd_targets(t), k;
    char name[96];
    RUN("simd/dispatch", test_simd_dispatch());
    RUN("simd/graph_runs_the_vector_kernels", test_simd_in_graph());
    RUN("simd/scalar_expf", test_scalar_expf());
    skip_missing_isas("simd/");
    for (k = 0; k < n; ++k) {
        snprintf(name, sizeof name, "simd/%s/kernels_vs_scalar", t[k].name);
        RUN(name, test_simd_kernels(&t[k]));
    }
    if (n) {
        RUN("simd/vmath_accuracy_f32", test_simd_accuracy(t, n, GIR_DTYPE_F32));
        RUN("simd/vmath_accuracy_f64", test_simd_accuracy(t, n, GIR_DTYPE_F64));
        RUN("simd/vmath_tanh_f32", test_simd_tanh(t, n, GIR_DTYPE_F32));
        RUN("simd/vmath_tanh_f64", test_simd_tanh(t, n, GIR_DTYPE_F64));
    }
}
