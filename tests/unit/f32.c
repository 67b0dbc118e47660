/* f32 stays f32 (gen/70-kernels/f32.c): the f32 kernels' results bounded against f64 computed here, the f32 loops taken
   (gir__f32_hits), conversions without double helpers (gen/40-vector/ew_loops.c); weights in flash (gen/50-ir/dataref.c). */

static uint64_t f32_rng_state = 0x9E3779B97F4A7C15ull;
static double f32_unit(void) {             /* [0, 1) */
    f32_rng_state = f32_rng_state * 6364136223846793005ull + 1442695040888963407ull;
    return (double)(f32_rng_state >> 11) * (1.0 / 9007199254740992.0);
}
/* run y = f(x) for one f32 input x of shape s; out gets numel(y) values as double; NULL on failure */
typedef gir_node (*f32_unary_fn)(gir_graph *g, gir_node x, int arg);
static int f32_run1(f32_unary_fn fn, int arg, gir_shape s, int dt, const void *xv, double *out, int64_t *nout) {
    gir_graph *g = gir_graph_new(NULL);
    gir_node x = gir_input(g, (gir_dtype)dt, s), y = fn(g, x, arg);
    gir_plan *p = NULL;
    int64_t i, n;
    const void *yv;
    int ok = gir_graph_status(g) == GIR_OK && gir_plan_compile(g, 1, &y, NULL, &p) == GIR_OK && gir_plan_bind(p, x, xv) == GIR_OK &&
             gir_plan_run(p) == GIR_OK;
    if (ok) {
        n = gir_node_numel(g, y);
        yv = gir_plan_data(p, y);
        for (i = 0; i < n; ++i) out[i] = getv(yv, gir_node_dtype(g, y), i);
        *nout = n;
    } else
        snprintf(why, sizeof why, "graph: %s plan: %s", gir_graph_message(g), p ? gir_plan_message(p) : "");
    gir_plan_free(p);
    gir_graph_free(g);
    return ok;
}

/* ---------------------------------------------------------------------------- long sums */
static gir_node f32_sum_all(gir_graph *g, gir_node x, int arg) { (void)arg; return gir_sum(g, x, gir_ints0(), 0); }
/* 10^6 f32 values near 0.1 summed by the f32 loop: within 3 eps_f32 sum |x| (+ half an ulp of the result)
   of the f64 sum, a bound a plain f32 accumulator misses by far; with the vector paths on, the same bound */
static int test_f32_sum_1e6_compensated_vs_f64(void) {
    const int32_t n = 1000000;
    float *x = (float *)malloc((size_t)n * sizeof(float)), naive = 0;
    double exact = 0, sabs = 0, got, bound;
    int64_t i, m;
    unsigned long hits;
    int pass;
    CHECK(x != NULL, "out of memory");
    for (i = 0; i < n; ++i) {
        x[i] = (float)(0.1 + 0.01 * f32_unit());
        exact += x[i];
        sabs += fabs((double)x[i]);
        naive += x[i];
    }
    bound = 3.0 * FLT_EPSILON * sabs + 0.5 * FLT_EPSILON * fabs(exact);
    CHECK(fabs((double)naive - exact) > 4 * bound, "the test's bound %g is too loose: a plain f32 loop is off by %g", bound,
          fabs((double)naive - exact));
    for (pass = 0; pass < 2; ++pass) {
        gir__vr_off = pass == 0;
        hits = gir__f32_hits;
        if (!f32_run1(f32_sum_all, 0, gir_shape1(n), GIR_DTYPE_F32, x, &got, &m)) { gir__vr_off = 0; free(x); return 0; }
        gir__vr_off = 0;
        if (pass == 0) CHECK(gir__f32_hits == hits + 1, "the f32 loop was not taken (%lu calls)", gir__f32_hits - hits);
        CHECK(fabs(got - exact) <= bound, "%s: sum %.9g, f64 %.9g, off %g > bound %g (plain f32 loop: %.9g)",
              pass ? "default path" : "f32 loop", got, exact, fabs(got - exact), bound, (double)naive);
    }
    free(x);
    return 1;
}

/* ---------------------------------------------------------------------------- reductions */
enum { F32_SUM, F32_MEAN, F32_VAR, F32_VAR1, F32_MAX, F32_MIN, F32_LSE, F32_PROD, F32_NRED };
static gir_ints f32_axes;
static gir_node f32_red(gir_graph *g, gir_node x, int which) {
    switch (which) {
    case F32_SUM: return gir_sum(g, x, f32_axes, 0);
    case F32_MEAN: return gir_mean(g, x, f32_axes, 0);
    case F32_VAR: return gir_var(g, x, f32_axes, 0, 0);
    case F32_VAR1: return gir_var(g, x, f32_axes, 0, 1);
    case F32_MAX: return gir_max(g, x, f32_axes, 0);
    case F32_MIN: return gir_min(g, x, f32_axes, 0);
    case F32_LSE: return gir_logsumexp(g, x, f32_axes, 0);
    default: return gir_prod(g, x, f32_axes, 0);
    }
}
/* reference of the reduction of the cnt elements x[at[0]], ..., x[at[cnt - 1]] of one output, in double */
static double f32_red_ref(int which, const float *x, const int64_t *at, int32_t cnt, double *scale) {
    double s = 0, sa = 0, mx = -HUGE_VAL, mn = HUGE_VAL, pr = 1, mean, sq = 0;
    int32_t j;
    for (j = 0; j < cnt; ++j) {
        double v = x[at[j]];
        s += v; sa += fabs(v); pr *= v;
        if (v > mx) mx = v;
        if (v < mn) mn = v;
    }
    mean = cnt ? s / cnt : 0;
    for (j = 0; j < cnt; ++j) sq += (x[at[j]] - mean) * (x[at[j]] - mean);
    *scale = sa;
    switch (which) {
    case F32_SUM: return s;
    case F32_MEAN: *scale = cnt ? sa / cnt : 0; return cnt ? mean : NAN;
    case F32_VAR: *scale = cnt ? 4.0 * (sq + sa * sa / cnt) / cnt : 0; return cnt ? sq / cnt : NAN;
    case F32_VAR1: *scale = cnt > 1 ? 4.0 * (sq + sa * sa / cnt) / (cnt - 1) : 0; return cnt > 1 ? sq / (cnt - 1) : NAN;
    case F32_MAX: *scale = 0; return mx;
    case F32_MIN: *scale = 0; return mn;
    case F32_LSE: {
        double e = 0;
        for (j = 0; j < cnt; ++j) e += exp(x[at[j]] - mx);
        *scale = fabs(mx) + 2.0;
        return cnt ? mx + log(e) : -HUGE_VAL;
    }
    default: *scale = fabs(pr) * (cnt + 2); return pr;
    }
}
/* the elements of x [2, n, 3] grouped by the output (row-major) they reduce into over the axes in mask (bit d:
   axis d): output o's are at[first[o]], ..., at[first[o + 1] - 1], in x's order */
static void f32_red_groups(int32_t n, unsigned mask, int64_t m, int64_t *first, int64_t *at) {
    int32_t dims[3], id[3];
    int64_t i, o;
    int d;
    dims[0] = 2; dims[1] = n; dims[2] = 3;
    for (o = 0; o <= m; ++o) first[o] = 0;
    for (i = 0; i < 2 * (int64_t)n * 3; ++i) {
        id[0] = (int32_t)(i / (3 * (int64_t)n)); id[1] = (int32_t)(i / 3 % n); id[2] = (int32_t)(i % 3);
        for (o = 0, d = 0; d < 3; ++d) if (!(mask >> d & 1)) o = o * dims[d] + id[d];
        at[i] = o;                               /* for now: the output of element i */
        ++first[o + 1];
    }
    for (o = 0; o < m; ++o) first[o + 1] += first[o];
    {
        int64_t *fill = first + m + 1;            /* the next free place of each output */
        for (o = 0; o < m; ++o) fill[o] = first[o];
        for (i = 0; i < 2 * (int64_t)n * 3; ++i) at[6 * 1001 + fill[at[i]]++] = i;
        for (i = 0; i < 2 * (int64_t)n * 3; ++i) at[i] = at[6 * 1001 + i];
    }
}
/* every reduction of x [2, n, 3] over axes {1}, {0, 2}, {2}, all, at awkward n, on the f32 loops (bounded against
   f64: 4 eps_f32 of the sum of |terms|, or n eps relative for prod) and on the default paths */
static int test_f32_reductions_awkward_lengths_vs_f64(void) {
    static const int32_t lens[] = {0, 1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 33, 1001};
    static const unsigned masks[] = {2u, 5u, 4u, 7u};
    float *x = (float *)malloc(2 * 1001 * 3 * sizeof(float));
    double *got = (double *)malloc(2 * 1001 * 3 * sizeof(double));
    int64_t *first = (int64_t *)malloc((2 * 2 * 1001 * 3 + 2) * sizeof(int64_t));
    int64_t *at = (int64_t *)malloc(2 * 2 * 1001 * 3 * sizeof(int64_t));
    size_t li, mi;
    int which, pass;
    CHECK(x && got && first && at, "out of memory");
    for (li = 0; li < sizeof lens / sizeof lens[0]; ++li)
        for (mi = 0; mi < 4; ++mi)
            for (which = 0; which < F32_NRED; ++which)
                for (pass = 0; pass < 2; ++pass) {
                    int32_t n = lens[li], d;
                    int64_t i, m, o;
                    unsigned long hits = gir__f32_hits;
                    if (n == 0 && (which == F32_MAX || which == F32_MIN)) continue;    /* an error: no identity */
                    for (i = 0; i < 2 * n * 3; ++i)
                        x[i] = (float)(which == F32_PROD ? 0.9 + 0.2 * f32_unit() : 4.0 * f32_unit() - 2.0);
                    f32_axes.n = 0;
                    for (d = 0; d < 3; ++d) if (masks[mi] >> d & 1) f32_axes.v[f32_axes.n++] = d;
                    gir__vr_off = pass == 0;
                    if (!f32_run1(f32_red, which, gir_shape3(2, n, 3), GIR_DTYPE_F32, x, got, &m)) { gir__vr_off = 0; return 0; }
                    gir__vr_off = 0;
                    if (pass == 0 && n > 0)
                        CHECK(gir__f32_hits > hits, "n %d op %d axes %u: the f32 loop was not taken", (int)n, which, masks[mi]);
                    f32_red_groups(n, masks[mi], m, first, at);
                    for (o = 0; o < m; ++o) {
                        double scale, tol, ref = f32_red_ref(which, x, at + first[o], (int32_t)(first[o + 1] - first[o]),
                                                             &scale);
                        tol = which == F32_PROD ? scale * FLT_EPSILON : 4.0 * FLT_EPSILON * (scale + fabs(ref)) + 1e-30;
                        if (ref != ref) { CHECK(got[o] != got[o], "n %d op %d: %g, want NaN", (int)n, which, got[o]); continue; }
                        if (fabs(ref) == HUGE_VAL) { CHECK(got[o] == ref, "n %d op %d: %g, want %g", (int)n, which, got[o], ref); continue; }
                        CHECK(fabs(got[o] - ref) <= tol, "%s: n %d op %d axes %u out %d: %.9g, f64 %.9g, tol %g",
                              pass ? "default" : "f32 loop", (int)n, which, masks[mi], (int)o, got[o], ref, tol);
                    }
                }
    free(x);
    free(got);
    free(first);
    free(at);
    return 1;
}

/* ---------------------------------------------------------------------------- softmax, cross-entropy */
static gir_node f32_softmax(gir_graph *g, gir_node x, int axis) { return gir_softmax(g, x, axis); }
static gir_node f32_logsoftmax(gir_graph *g, gir_node x, int axis) { return gir_log_softmax(g, x, axis); }
/* softmax and log-softmax of x [3, n, 5] along the middle and last axes, f32 loop and default path, against f64 */
static int test_f32_softmax_axes_vs_f64(void) {
    static const int32_t lens[] = {1, 2, 3, 5, 8, 17, 100};
    float x[3 * 100 * 5];
    double got[3 * 100 * 5];
    size_t li;
    int axis, logsm, pass;
    for (li = 0; li < sizeof lens / sizeof lens[0]; ++li)
        for (axis = 1; axis <= 2; ++axis)
            for (logsm = 0; logsm < 2; ++logsm)
                for (pass = 0; pass < 2; ++pass) {
                    int32_t n = lens[li], dims[3];
                    int64_t i, m, a, b, j, outer, len, inner;
                    unsigned long hits = gir__f32_hits;
                    dims[0] = 3; dims[1] = n; dims[2] = 5;
                    for (i = 0; i < 3 * n * 5; ++i) x[i] = (float)(30.0 * f32_unit() - 15.0);
                    gir__vr_off = pass == 0;
                    if (!f32_run1(logsm ? f32_logsoftmax : f32_softmax, axis, gir_shape3(3, n, 5), GIR_DTYPE_F32, x, got, &m)) {
                        gir__vr_off = 0;
                        return 0;
                    }
                    gir__vr_off = 0;
                    if (pass == 0) CHECK(gir__f32_hits > hits, "the f32 loop was not taken");
                    outer = axis == 1 ? 3 : 3 * n; len = dims[axis]; inner = axis == 1 ? 5 : 1;
                    for (a = 0; a < outer; ++a)
                        for (b = 0; b < inner; ++b) {
                            double mx = -HUGE_VAL, s = 0;
                            const float *xr = x + a * len * inner + b;
                            for (j = 0; j < len; ++j) if (xr[j * inner] > mx) mx = xr[j * inner];
                            for (j = 0; j < len; ++j) s += exp(xr[j * inner] - mx);
                            for (j = 0; j < len; ++j) {
                                double ref = logsm ? xr[j * inner] - mx - log(s) : exp(xr[j * inner] - mx) / s;
                                double v = got[a * len * inner + b + j * inner];
                                /* exp of x - max carries eps |x - max| of relative error in f32 */
                                double tol = 8.0 * FLT_EPSILON * (logsm ? fabs(ref) + 16.0 : ref * (1.0 + mx - xr[j * inner])) + 1e-37;
                                CHECK(fabs(v - ref) <= tol, "%s n %d axis %d %s: %.9g, f64 %.9g", pass ? "default" : "f32 loop",
                                      (int)n, axis, logsm ? "log_softmax" : "softmax", v, ref);
                            }
                        }
                }
    return 1;
}
/* xent_logits, xent_logits_prob, mse, dot and outer of f32 on the f32 loops against f64 */
static int test_f32_xent_mse_dot_outer_vs_f64(void) {
    enum { R = 7, C = 13 };
    float lg[R * C], pr[R * C], v1[R * C], v2[R * C];
    int32_t lab[R];
    double ref, tol;
    int64_t r, j;
    gir_graph *g = gir_graph_new(NULL);
    gir_node xl = gir_input(g, GIR_DTYPE_F32, gir_shape2(R, C)), yl = gir_input(g, GIR_DTYPE_I32, gir_shape1(R));
    gir_node xp = gir_input(g, GIR_DTYPE_F32, gir_shape2(R, C)), a = gir_input(g, GIR_DTYPE_F32, gir_shape1(R * C));
    gir_node b = gir_input(g, GIR_DTYPE_F32, gir_shape1(R * C)), outs[5];
    gir_plan *p = NULL;
    const float *o;
    unsigned long hits = gir__f32_hits;
    for (r = 0; r < R; ++r) {
        double s = 0;
        lab[r] = (int32_t)(f32_unit() * C);
        for (j = 0; j < C; ++j) { lg[r * C + j] = (float)(20.0 * f32_unit() - 10.0); pr[r * C + j] = (float)f32_unit(); s += pr[r * C + j]; }
        for (j = 0; j < C; ++j) pr[r * C + j] = (float)(pr[r * C + j] / s);
    }
    for (j = 0; j < R * C; ++j) { v1[j] = (float)(2.0 * f32_unit() - 1.0); v2[j] = (float)(2.0 * f32_unit() - 1.0); }
    outs[0] = gir_xent_logits(g, xl, yl);
    outs[1] = gir_xent_logits_prob(g, xl, xp);
    outs[2] = gir_mse(g, a, b);
    outs[3] = gir_dot(g, a, b);
    outs[4] = gir_outer(g, gir_slice(g, a, 0, 0, R, 1), gir_slice(g, b, 0, 0, C, 1));
    gir__vr_off = 1;
    CHECK(gir_plan_compile(g, 5, outs, NULL, &p) == GIR_OK, "compile: %s", gir_graph_message(g));
    gir_plan_bind(p, xl, lg); gir_plan_bind(p, yl, lab); gir_plan_bind(p, xp, pr); gir_plan_bind(p, a, v1); gir_plan_bind(p, b, v2);
    CHECK(gir_plan_run(p) == GIR_OK, "run: %s", gir_plan_message(p));
    gir__vr_off = 0;
    CHECK(gir__f32_hits >= hits + 4, "f32 loops taken %lu times, want 4", gir__f32_hits - hits);
    for (r = 0; r < R; ++r) {
        double mx = -HUGE_VAL, s = 0, lse, xp_ref = 0;
        for (j = 0; j < C; ++j) if (lg[r * C + j] > mx) mx = lg[r * C + j];
        for (j = 0; j < C; ++j) s += exp(lg[r * C + j] - mx);
        lse = mx + log(s);
        for (j = 0; j < C; ++j) xp_ref -= pr[r * C + j] * (lg[r * C + j] - lse);
        o = (const float *)gir_plan_data(p, outs[0]);
        ref = lse - lg[r * C + lab[r]];
        CHECK(fabs(o[r] - ref) <= 8 * FLT_EPSILON * (fabs(lse) + 10), "xent row %d: %.9g, f64 %.9g", (int)r, o[r], ref);
        o = (const float *)gir_plan_data(p, outs[1]);
        CHECK(fabs(o[r] - xp_ref) <= 8 * FLT_EPSILON * (fabs(lse) + 10), "xent_prob row %d: %.9g, f64 %.9g", (int)r, o[r], xp_ref);
    }
    ref = 0; tol = 0;
    for (j = 0; j < R * C; ++j) { ref += ((double)v1[j] - v2[j]) * ((double)v1[j] - v2[j]); }
    o = (const float *)gir_plan_data(p, outs[2]);
    CHECK(fabs(o[0] - ref / (R * C)) <= 4 * FLT_EPSILON * ref / (R * C), "mse %.9g, f64 %.9g", o[0], ref / (R * C));
    ref = 0;
    for (j = 0; j < R * C; ++j) { ref += (double)v1[j] * v2[j]; tol += fabs((double)v1[j] * v2[j]); }
    o = (const float *)gir_plan_data(p, outs[3]);
    CHECK(fabs(o[0] - ref) <= 4 * FLT_EPSILON * tol, "dot %.9g, f64 %.9g", o[0], ref);
    o = (const float *)gir_plan_data(p, outs[4]);
    for (r = 0; r < R; ++r)
        for (j = 0; j < C; ++j) CHECK(o[r * C + j] == v1[r] * v2[j], "outer [%d, %d]", (int)r, (int)j);
    gir_plan_free(p);
    gir_graph_free(g);
    return 1;
}

/* ---------------------------------------------------------------------------- conversions */
static uint64_t f32_bits64(void) { return (uint64_t)(f32_unit() * 4294967296.0) << 32 | (uint64_t)(f32_unit() * 4294967296.0); }
/* double -> float with integer operations gives the bits of the C cast (round to nearest even) on random bit
   patterns of every exponent, halfway cases, subnormals, overflow, zeros, infinities; float -> double is exact */
static int test_f32_conversion_bits_match_casts(void) {
    int64_t i;
    for (i = 0; i < 400000; ++i) {
        union { double d; uint64_t u; } v;
        union { float f; uint32_t u; } a, b;
        uint64_t r = f32_bits64();
        switch (i % 4) {
        case 0: v.u = r; break;                                                        /* anything */
        case 1: v.u = (r & 0x800FFFFFFFFFFFFFull) | (uint64_t)(874 + (int)(r >> 52 & 0x3F)) << 52; break; /* near subnormals */
        case 2: v.u = (r & 0x800FFFFFE0000000ull) | 0x10000000ull | (uint64_t)(1023 + (int)(r >> 52 & 0x7F) - 64) << 52; break; /* ties */
        default: v.u = (r & 0x800FFFFFFFFFFFFFull) | (uint64_t)(1150 + (int)(r >> 52 & 0x3)) << 52;   /* near overflow */
        }
        a.f = gir__f32_of_f64_bits(v.d);
        b.f = (float)v.d;
        if (v.d != v.d) CHECK(a.f != a.f, "NaN %016llx", (unsigned long long)v.u);
        else CHECK(a.u == b.u, "%.17g (%016llx): %08x, cast %08x", v.d, (unsigned long long)v.u, (unsigned)a.u, (unsigned)b.u);
    }
    for (i = 0; i < 400000; ++i) {
        union { float f; uint32_t u; } x;
        double d;
        x.u = (uint32_t)(f32_unit() * 4294967296.0);
        if (i % 3 == 0) x.u &= 0x807FFFFFu;                   /* subnormals and zeros */
        d = gir__f64_of_f32_bits(x.f);
        if (x.f != x.f) CHECK(d != d, "NaN %08x", (unsigned)x.u);
        else CHECK(d == (double)x.f && (d < 0) == (x.f < 0) && ((d == 0) ? (1 / d < 0) == (1 / x.f < 0) : 1),
                   "%08x: %.17g, cast %.17g", (unsigned)x.u, d, (double)x.f);
    }
    return 1;
}
static gir_node f32_cast_to(gir_graph *g, gir_node x, int dt) { return gir_cast(g, x, (gir_dtype)dt); }
/* casts between f32 and b8, u8, i32, f64 give the C results made total (saturation, NaN -> 0) */
static int test_f32_casts_through_float(void) {
    static const float xf[] = {0.0f, -0.0f, 0.5f, 1.5f, -1.5f, 254.9f, 255.5f, 300.0f, -7.0f, 2147483520.0f, 3e9f,
                               -3e9f, 1e-45f, 3.4e38f};
    int32_t xi[4] = {0, -5, 123456789, -2147483647 - 1};
    uint8_t xu[3] = {0, 7, 255};
    double got[16];
    int64_t m, i;
    float nanv[1];
    nanv[0] = (float)NAN;
    if (!f32_run1(f32_cast_to, GIR_DTYPE_U8, gir_shape1(14), GIR_DTYPE_F32, xf, got, &m)) return 0;
    for (i = 0; i < m; ++i) {
        double want = xf[i] <= 0 ? 0 : xf[i] >= 255 ? 255 : (double)(uint8_t)xf[i];
        CHECK(got[i] == want, "u8 of %g: %g, want %g", xf[i], got[i], want);
    }
    if (!f32_run1(f32_cast_to, GIR_DTYPE_I32, gir_shape1(14), GIR_DTYPE_F32, xf, got, &m)) return 0;
    for (i = 0; i < m; ++i) {
        double want = xf[i] <= -2147483648.0 ? -2147483648.0 : xf[i] >= 2147483647.0 ? 2147483647.0 : (double)(int32_t)xf[i];
        CHECK(got[i] == want, "i32 of %g: %g, want %g", xf[i], got[i], want);
    }
    if (!f32_run1(f32_cast_to, GIR_DTYPE_B8, gir_shape1(14), GIR_DTYPE_F32, xf, got, &m)) return 0;
    for (i = 0; i < m; ++i) CHECK(got[i] == (xf[i] != 0), "b8 of %g: %g", xf[i], got[i]);
    if (!f32_run1(f32_cast_to, GIR_DTYPE_F64, gir_shape1(14), GIR_DTYPE_F32, xf, got, &m)) return 0;
    for (i = 0; i < m; ++i) CHECK(got[i] == (double)xf[i], "f64 of %g: %.17g", xf[i], got[i]);
    if (!f32_run1(f32_cast_to, GIR_DTYPE_I32, gir_shape1(1), GIR_DTYPE_F32, nanv, got, &m)) return 0;
    CHECK(got[0] == 0, "i32 of NaN: %g", got[0]);
    if (!f32_run1(f32_cast_to, GIR_DTYPE_F32, gir_shape1(4), GIR_DTYPE_I32, xi, got, &m)) return 0;
    for (i = 0; i < m; ++i) CHECK(got[i] == (double)(float)xi[i], "f32 of %d: %.9g", (int)xi[i], got[i]);
    if (!f32_run1(f32_cast_to, GIR_DTYPE_F32, gir_shape1(3), GIR_DTYPE_U8, xu, got, &m)) return 0;
    for (i = 0; i < m; ++i) CHECK(got[i] == xu[i], "f32 of %d: %g", xu[i], got[i]);
    return 1;
}

/* ---------------------------------------------------------------------------- weights in flash */
static size_t f32_alloc_total;
static const void *f32_freed_bad;
static const void *f32_watch;
static void *f32_alloc(size_t n, void *u) { (void)u; f32_alloc_total += n; return malloc(n); }
static void *f32_realloc(void *p, size_t o, size_t n, void *u) { (void)u; f32_alloc_total += n > o ? n - o : 0; return realloc(p, n); }
static void f32_free(void *p, void *u) { (void)u; if (p && p == f32_watch) f32_freed_bad = p; free(p); }
static gir_graph *f32_counting_graph(void) {
    gir_graph_desc d;
    memset(&d, 0, sizeof d);
    d.allocator.alloc_fn = f32_alloc; d.allocator.realloc_fn = f32_realloc; d.allocator.free_fn = f32_free;
    return gir_graph_new(&d);
}
/* a constant_ref's values are read where the caller keeps them: gir_plan_data and gir_node_data give the caller's
   pointer, the graph's allocator does not grow by the data size, the results are right, freeing leaves them alone */
static int test_f32_constant_ref_plan_reads_callers_pointer(void) {
    enum { N = 4096 };
    static float w[N];
    float xv[N];
    gir_graph *g = f32_counting_graph();
    gir_node x, c, y, two[2];
    gir_plan *p = NULL;
    size_t before;
    int64_t i;
    const float *out;
    for (i = 0; i < N; ++i) { w[i] = (float)i * 0.5f; xv[i] = 1.0f; }
    x = gir_input(g, GIR_DTYPE_F32, gir_shape1(N));
    before = f32_alloc_total;
    c = gir_constant_ref(g, GIR_DTYPE_F32, gir_shape1(N), w);
    CHECK(c.id && gir_graph_status(g) == GIR_OK, "constant_ref: %s", gir_graph_message(g));
    CHECK(f32_alloc_total - before < sizeof w / 4, "the graph allocated %lu bytes for a %lu-byte constant",
          (unsigned long)(f32_alloc_total - before), (unsigned long)sizeof w);
    CHECK(gir_node_is_ref(g, c) == 1 && gir_node_is_ref(g, x) == 0, "gir_node_is_ref");
    CHECK(gir_node_data(g, c) == (void *)w, "gir_node_data is not the caller's pointer");
    y = gir_add(g, x, c);
    two[0] = y; two[1] = c;
    CHECK(gir_plan_compile(g, 2, two, NULL, &p) == GIR_OK, "compile: %s", gir_graph_message(g));
    gir_plan_bind(p, x, xv);
    CHECK(gir_plan_run(p) == GIR_OK, "run: %s", gir_plan_message(p));
    CHECK(gir_plan_data(p, c) == (const void *)w, "gir_plan_data of the constant is not the caller's pointer");
    out = (const float *)gir_plan_data(p, y);
    for (i = 0; i < N; ++i) CHECK(out[i] == w[i] + 1.0f, "y[%d] = %g", (int)i, out[i]);
    w[3] = 100.0f;                              /* read in place: a change shows in the next run */
    CHECK(gir_plan_run(p) == GIR_OK && out[3] == 101.0f, "y[3] = %g after the caller's change", out[3]);
    f32_watch = w; f32_freed_bad = NULL;
    gir_plan_free(p);
    gir_graph_free(g);
    f32_watch = NULL;
    CHECK(f32_freed_bad == NULL, "the caller's data was passed to free");
    return 1;
}
/* NULL or misaligned data is GIR_ERR_INVALID_ARG naming the op, the dtype and the alignment; the graph goes on */
static int test_f32_constant_ref_checks_alignment(void) {
    static double d[4];
    gir_graph *g = gir_graph_new(NULL);
    gir_node c = gir_constant_ref(g, GIR_DTYPE_F64, gir_shape1(2), (const char *)d + 4);
    CHECK(!c.id && gir_graph_status(g) == GIR_ERR_INVALID_ARG, "misaligned accepted: %s", gir_graph_message(g));
    CHECK(strstr(gir_graph_message(g), "constant_ref") && strstr(gir_graph_message(g), "8-byte aligned"), "message: %s",
          gir_graph_message(g));
    gir_graph_clear_error(g);
    c = gir_variable_ref(g, GIR_DTYPE_F32, gir_shape1(2), NULL);
    CHECK(!c.id && gir_graph_status(g) == GIR_ERR_INVALID_ARG && strstr(gir_graph_message(g), "variable_ref"),
          "NULL accepted: %s", gir_graph_message(g));
    gir_graph_clear_error(g);
    c = gir_constant_ref(g, GIR_DTYPE_F64, gir_shape1(2), d);
    CHECK(c.id && gir_graph_status(g) == GIR_OK, "aligned refused: %s", gir_graph_message(g));
    gir_graph_free(g);
    return 1;
}
/* a variable_ref is read-only: a plan assigning it does not compile (the message names it), gir_init and
   gir_graph_load_variables refuse it, an inference plan reads it in place; saving reads it, and a loaded copy matches */
static int test_f32_variable_ref_read_only(void) {
    static const float w[6] = {1, 2, 3, 4, 5, 6};
    static unsigned char buf[4096];
    size_t size = 0;
    gir_graph *g = gir_graph_new(NULL), *h = gir_graph_new(NULL);
    gir_node v = gir_name(g, gir_variable_ref(g, GIR_DTYPE_F32, gir_shape2(2, 3), w), "fc/w"), up, y, hv, two[2];
    gir_plan *p = NULL;
    CHECK(v.id && gir_graph_status(g) == GIR_OK, "variable_ref: %s", gir_graph_message(g));
    up = gir_assign(g, v, gir_mul(g, v, gir_scalar(g, GIR_DTYPE_F32, 2.0)));
    CHECK(gir_plan_compile(g, 1, &up, NULL, &p) == GIR_ERR_INVALID_ARG && !p, "a plan writing a read-only variable compiled");
    CHECK(strstr(gir_graph_message(g), "fc/w") && strstr(gir_graph_message(g), "read-only"), "message: %s",
          gir_graph_message(g));
    gir_graph_clear_error(g);
    CHECK(gir_init_zeros(g, v) == GIR_ERR_INVALID_ARG && w[0] == 1, "gir_init wrote a read-only variable");
    gir_graph_clear_error(g);
    y = gir_sum(g, v, gir_ints0(), 0);
    two[0] = y; two[1] = v;
    CHECK(gir_plan_compile(g, 2, two, NULL, &p) == GIR_OK && gir_plan_run(p) == GIR_OK, "inference: %s", gir_graph_message(g));
    CHECK(gir_plan_data(p, v) == (const void *)w && gir_plan_scalar(p, y) == 21.0, "inference reads %p, sum %g",
          gir_plan_data(p, v), gir_plan_scalar(p, y));
    gir_plan_free(p);
    CHECK(gir_graph_save_variables(g, 1, &v, buf, sizeof buf, &size) == GIR_OK, "save: %s", gir_graph_message(g));
    CHECK(gir_graph_load_variables(g, buf, size, 0) == GIR_ERR_INVALID_ARG && strstr(gir_graph_message(g), "read-only"),
          "loading into a read-only variable: %s", gir_graph_message(g));
    hv = gir_name(h, gir_variable(h, GIR_DTYPE_F32, gir_shape2(2, 3), NULL), "fc/w");
    CHECK(gir_graph_load_variables(h, buf, size, 0) == GIR_OK, "load: %s", gir_graph_message(h));
    CHECK(memcmp(gir_node_data(h, hv), w, sizeof w) == 0, "saved values differ");
    gir_graph_free(g);
    gir_graph_free(h);
    return 1;
}

static void suite_f32(void) {
    RUN("f32/sum_1e6_compensated_vs_f64", test_f32_sum_1e6_compensated_vs_f64());
    RUN("f32/reductions_awkward_lengths_vs_f64", test_f32_reductions_awkward_lengths_vs_f64());
    RUN("f32/softmax_axes_vs_f64", test_f32_softmax_axes_vs_f64());
    RUN("f32/xent_mse_dot_outer_vs_f64", test_f32_xent_mse_dot_outer_vs_f64());
    RUN("f32/conversion_bits_match_casts", test_f32_conversion_bits_match_casts());
    RUN("f32/casts_through_float", test_f32_casts_through_float());
    RUN("f32/constant_ref_plan_reads_callers_pointer", test_f32_constant_ref_plan_reads_callers_pointer());
    RUN("f32/constant_ref_checks_alignment", test_f32_constant_ref_checks_alignment());
    RUN("f32/variable_ref_read_only", test_f32_variable_ref_read_only());
}
