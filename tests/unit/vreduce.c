/* unit/vreduce.c - the vector reductions, softmax and cross-entropy rows (gen/40-vector/vreduce.tmpl.c): each op run
   through a plan with the vector path and again with the scalar loops (gir__vr_off), both checked against
   a double-precision reference written here, for reduced lengths 0, 1, lanes - 1, lanes, lanes + 1 and
   large odd ones, every axis pattern (last axes, leading axes, all, middle, keepdims, size-1 axes, a pattern
   that stays scalar), f32 and f64; special values against the scalar loops; the accuracy of long f32 sums;
   and that the vector path is really taken (gir__vr_hits). Included by unit/main.c. */

static uint32_t rd_seed = 2463534242u;
static double rd_unit(void) {                       /* [-1, 1) */
    rd_seed ^= rd_seed << 13; rd_seed ^= rd_seed >> 17; rd_seed ^= rd_seed << 5;
    return (double)(rd_seed >> 8) / 8388608.0 - 1.0;
}
static double rd_eps(int dt) { return dt == GIR_DTYPE_F32 ? (double)FLT_EPSILON : DBL_EPSILON; }
/* does this machine have vector reductions for dt? (the hits counter must then move) */
static int rd_vec_expected(int dt) {
    int level = gir__simd_level();
    return level != GIR__ISA_SCALAR && !(level == GIR__ISA_MVE && dt == GIR_DTYPE_F64);
}
static int rd_lanes(int dt) {
    int level = gir__simd_level(), f32 = dt == GIR_DTYPE_F32;
    if (level == GIR__ISA_AVX512) return f32 ? 16 : 8;
    if (level == GIR__ISA_AVX2) return f32 ? 8 : 4;
    return f32 ? 4 : 2;
}
static void rd_store(void *p, int dt, int64_t i, double v) {
    if (dt == GIR_DTYPE_F32) ((float *)p)[i] = (float)v;
    else ((double *)p)[i] = v;
}
enum { RD_SUM, RD_MEAN, RD_MAX, RD_MIN, RD_VAR, RD_LSE, RD_SOFTMAX, RD_LOGSM, RD_XENT, RD_XENTP, RD__N };
static const char *const rd_names[RD__N] = {"sum", "mean", "max", "min", "var", "logsumexp", "softmax",
                                            "log_softmax", "xent_logits", "xent_logits_prob"};

/* run op on x (and the second input w), vector path or not (vec), into out (doubles); returns 0 with why set
   on failure; *hit: whether the vector path was taken */
static int rd_run(int op, int dt, gir_shape s, gir_ints axes, int keep, int axis, const void *x, const void *w,
                  int vec, double *out, int64_t nout, int *hit) {
    gir_graph *g = gir_graph_new(NULL);
    gir_node in = gir_input(g, (gir_dtype)dt, s), in2, y;
    gir_plan *p = NULL;
    unsigned long h0;
    int64_t k;
    const void *v;
    in2.id = 0; in2.tag = 0;
    switch (op) {
    case RD_SUM: y = gir_sum(g, in, axes, keep); break;
    case RD_MEAN: y = gir_mean(g, in, axes, keep); break;
    case RD_MAX: y = gir_max(g, in, axes, keep); break;
    case RD_MIN: y = gir_min(g, in, axes, keep); break;
    case RD_VAR: y = gir_var(g, in, axes, keep, 1); break;
    case RD_LSE: y = gir_logsumexp(g, in, axes, keep); break;
    case RD_SOFTMAX: y = gir_softmax(g, in, axis); break;
    case RD_LOGSM: y = gir_log_softmax(g, in, axis); break;
    case RD_XENT: in2 = gir_input(g, GIR_DTYPE_I32, gir_shape1(s.dim[0])); y = gir_xent_logits(g, in, in2); break;
    default: in2 = gir_input(g, (gir_dtype)dt, s); y = gir_xent_logits_prob(g, in, in2);
    }
    if (gir_plan_compile(g, 1, &y, NULL, &p) != GIR_OK) {
        snprintf(why, sizeof why, "%s: compile: %s", rd_names[op], gir_graph_message(g));
        gir_graph_free(g);
        return 0;
    }
    gir_plan_bind(p, in, x);
    if (in2.id) gir_plan_bind(p, in2, w);
    gir__vr_off = !vec;
    h0 = gir__vr_hits;
    if (gir_plan_run(p) != GIR_OK) {
        snprintf(why, sizeof why, "%s: run: %s", rd_names[op], gir_plan_message(p));
        gir__vr_off = 0;
        gir_plan_free(p);
        gir_graph_free(g);
        return 0;
    }
    *hit = gir__vr_hits != h0;
    gir__vr_off = 0;
    v = gir_plan_data(p, y);
    for (k = 0; k < nout; ++k) out[k] = getv(v, dt, k);
    gir_plan_free(p);
    gir_graph_free(g);
    return 1;
}
/* got against want: both NaN, equal (infinities too), or within tol */
static int rd_close(double got, double want, double tol) {
    if (want != want || got != got) return want != want && got != got;
    if (isinf(want) || isinf(got)) return got == want;
    return fabs(got - want) <= tol;
}

/* ---------------------------------------------------------------------------------------------- reductions */
/* the reference: output index of each element for the reduced axes in mask, and the reductions in double */
static void rd_reference(int op, const double *x, const int32_t *dims, int rank, unsigned mask, double *ref,
                         double *tol, int64_t nout, int dt) {
    int64_t n = 1, i, o, *oi;
    double *m1, *m2, *sa, cnt;
    int d;
    for (d = 0; d < rank; ++d) n *= dims[d];
    cnt = nout ? (double)n / (double)nout : 0;
    oi = (int64_t *)malloc((size_t)(n ? n : 1) * sizeof(int64_t));
    m1 = (double *)calloc((size_t)nout + 1, sizeof(double));
    m2 = (double *)calloc((size_t)nout + 1, sizeof(double));
    sa = (double *)calloc((size_t)nout + 1, sizeof(double));
    for (i = 0; i < n; ++i) {
        int64_t rem = i, os = 1;
        o = 0;
        for (d = rank - 1; d >= 0; --d) {
            int64_t id = rem % dims[d];
            rem /= dims[d];
            if (!(mask >> d & 1)) { o += id * os; os *= dims[d]; }
        }
        oi[i] = o;
    }
    for (o = 0; o < nout; ++o) m1[o] = op == RD_MIN ? HUGE_VAL : op == RD_MAX || op == RD_LSE ? -HUGE_VAL : 0;
    for (i = 0; i < n; ++i) {                      /* pass 1: sum, |sum|, max or min */
        o = oi[i];
        if (op == RD_MAX || op == RD_LSE) m1[o] = x[i] > m1[o] ? x[i] : m1[o];
        else if (op == RD_MIN) m1[o] = x[i] < m1[o] ? x[i] : m1[o];
        else m1[o] += x[i];
        sa[o] += fabs(x[i]);
    }
    for (o = 0; o < nout; ++o) m2[o] = 0;
    for (i = 0; i < n; ++i) {                      /* pass 2: squared deviations, exp sums */
        o = oi[i];
        if (op == RD_VAR) m2[o] += (x[i] - m1[o] / cnt) * (x[i] - m1[o] / cnt);
        if (op == RD_LSE) m2[o] += exp(x[i] - m1[o]);
    }
    for (o = 0; o < nout; ++o) {
        double e = rd_eps(dt);
        switch (op) {
        case RD_SUM: ref[o] = m1[o]; tol[o] = 100 * e * sa[o]; break;
        case RD_MEAN: ref[o] = m1[o] / cnt; tol[o] = 100 * e * sa[o] / cnt; break;
        case RD_MAX: case RD_MIN: ref[o] = m1[o]; tol[o] = 0; break;
        case RD_VAR: ref[o] = m2[o] / (cnt - 1); tol[o] = 200 * e * (m2[o] + sa[o] * sa[o] / cnt * e) / (cnt - 1); break;
        default: ref[o] = m1[o] + log(m2[o]); tol[o] = 200 * e * (1 + fabs(ref[o]));
        }
        if (cnt == 0) ref[o] = op == RD_SUM ? 0 : op == RD_MAX || op == RD_LSE ? -HUGE_VAL : op == RD_MIN ? HUGE_VAL : NAN;
        if (op == RD_VAR && cnt == 1) ref[o] = NAN;        /* 0 / 0 */
    }
    free(oi); free(m1); free(m2); free(sa);
}
/* one reduction op, dtype and axis pattern (mask: the reduced axes): vector and scalar against the reference */
static int rd_case(int op, int dt, int rank, const int32_t *dims, unsigned mask, int keep, int vec_pattern) {
    gir_shape s = gir_shapev(rank, dims);
    gir_ints axes = gir_ints0();
    int64_t n = 1, nout = 1, i;
    int d, pass, ok = 1, hit;
    double *x, *ref, *tol, *got;
    void *xb;
    for (d = 0; d < rank; ++d) {
        n *= dims[d];
        if (mask >> d & 1) axes.v[axes.n++] = d;
        else nout *= dims[d];
    }
    if (axes.n == rank) axes = gir_ints0();
    x = (double *)malloc((size_t)(n + 1) * sizeof(double));
    xb = malloc((size_t)(n + 1) * sizeof(double));
    ref = (double *)malloc((size_t)(nout + 1) * sizeof(double));
    tol = (double *)malloc((size_t)(nout + 1) * sizeof(double));
    got = (double *)malloc((size_t)(nout + 1) * sizeof(double));
    for (i = 0; i < n; ++i) {
        /* max: all negative, min: all positive, so a lane past the end read as 0 would show */
        double base = op == RD_MAX ? -2.0 : op == RD_MIN ? 2.0 : 0.5;
        rd_store(xb, dt, i, base + rd_unit() * (op == RD_LSE ? 20.0 : 1.0));
        x[i] = getv(xb, dt, i);
    }
    rd_reference(op, x, dims, rank, mask, ref, tol, nout, dt);
    for (pass = 0; pass < 2 && ok; ++pass) {
        if (!rd_run(op, dt, s, axes, keep, 0, xb, NULL, pass == 0, got, nout, &hit)) { ok = 0; break; }
        if (pass == 0 && hit != (vec_pattern && nout > 0 && rd_vec_expected(dt))) {
            snprintf(why, sizeof why, "%s %s rank %d mask %u: vector path %s", rd_names[op], gir_dtype_name((gir_dtype)dt),
                     rank, mask, hit ? "taken where it should not be" : "not taken");
            ok = 0;
        }
        for (i = 0; i < nout && ok; ++i)
            if (!rd_close(got[i], ref[i], tol[i] + 0.5 * rd_eps(dt) * fabs(ref[i]))) {
                snprintf(why, sizeof why, "%s %s %s dims [%d %d %d] mask %u keep %d: out[%ld] = %.17g, reference %.17g (tol %.3g)",
                         pass ? "scalar" : "vector", rd_names[op], gir_dtype_name((gir_dtype)dt), (int)dims[0],
                         rank > 1 ? (int)dims[1] : 0, rank > 2 ? (int)dims[2] : 0, mask, keep, (long)i, got[i], ref[i], tol[i]);
                ok = 0;
            }
    }
    free(x); free(xb); free(ref); free(tol); free(got);
    return ok;
}
/* every axis pattern for one dtype and op, reduced lengths around the vector width */
static int rd_patterns(int op, int dt) {
    int L = rd_lanes(dt), k;
    int32_t lens[7];
    lens[0] = 0; lens[1] = 1; lens[2] = L - 1; lens[3] = L; lens[4] = L + 1; lens[5] = 4 * L + 3; lens[6] = 9001;
    for (k = 0; k < 7; ++k) {
        int32_t m = lens[k], inner = k % 4 == 0 ? 2 * L + 3 : k % 4 == 1 ? L - 1 : k % 4 == 2 ? L : L + 1;
        int32_t d_last[2], d_lead[2], d_mid[3], d_two[3], d_rkr[3], d_one[4], d_nchw[4];
        d_last[0] = 3; d_last[1] = m;
        d_lead[0] = m; d_lead[1] = inner;
        d_mid[0] = 2; d_mid[1] = m; d_mid[2] = 3;
        d_two[0] = 2; d_two[1] = 3; d_two[2] = m;
        d_rkr[0] = 3; d_rkr[1] = m; d_rkr[2] = 2;
        d_one[0] = 1; d_one[1] = m; d_one[2] = 1; d_one[3] = inner;
        d_nchw[0] = 4; d_nchw[1] = m; d_nchw[2] = 3; d_nchw[3] = inner;
        if (op == RD_VAR && m < 2) continue;                /* ddof 1: needs two elements */
        if ((op == RD_MAX || op == RD_MIN) && m == 0) continue;     /* an error at build time */
        if (!rd_case(op, dt, 2, d_last, 2u, 0, 1)) return 0;            /* the last axis: rows */
        if (!rd_case(op, dt, 2, d_lead, 1u, 0, 1)) return 0;            /* the leading axis: columns */
        if (!rd_case(op, dt, 2, d_last, 3u, 0, 1)) return 0;            /* all axes */
        if (!rd_case(op, dt, 3, d_mid, 2u, 1, 1)) return 0;             /* the middle axis, keepdims */
        if (!rd_case(op, dt, 3, d_two, 3u, 0, 1)) return 0;             /* two leading axes */
        if (!rd_case(op, dt, 3, d_two, 6u, 1, 1)) return 0;             /* two last axes, keepdims */
        if (!rd_case(op, dt, 4, d_one, 3u, 0, 1)) return 0;             /* size-1 axes around the run */
        /* two reduced runs around a kept one: sums and means add vector row sums (a bias gradient over N, H, W),
           the others are scalar (one run if m <= 1) */
        if (!rd_case(op, dt, 3, d_rkr, 5u, 0, m <= 1 || op == RD_SUM || op == RD_MEAN)) return 0;
        if (!rd_case(op, dt, 4, d_nchw, 13u, 1, m <= 1 || op == RD_SUM || op == RD_MEAN)) return 0;
    }
    return 1;
}
static int test_reduce_vec_axis_patterns(int op) {
    return rd_patterns(op, GIR_DTYPE_F32) && rd_patterns(op, GIR_DTYPE_F64);
}
/* NaN and infinities in the last lanes, the first lanes and the middle: the vector path gives what the scalar
   loops give (max and min: NaN wherever a NaN is; sums: NaN or inf as IEEE addition) */
static int test_reduce_vec_special_values(void) {
    static const double sp[] = {NAN, HUGE_VAL, -HUGE_VAL};
    int op, dt, si, pos, mask, hit;
    for (dt = GIR_DTYPE_F32; dt <= GIR_DTYPE_F64; ++dt)
        for (op = RD_SUM; op <= RD_LSE; ++op)
            for (si = 0; si < 3; ++si)
                for (pos = 0; pos < 4; ++pos)
                    for (mask = 1; mask <= 2; ++mask) {
                        int32_t dims[2] = {37, 21};
                        double vg[37], sg[37];
                        gir_ints axes = gir_ints1(mask == 1 ? 0 : 1);
                        int64_t no = mask == 1 ? 21 : 37, i, at[4] = {0, 20, 36 * 21 + 20, 18 * 21 + 9};
                        void *xb = malloc(37 * 21 * sizeof(double));
                        for (i = 0; i < 37 * 21; ++i) rd_store(xb, dt, i, rd_unit());
                        rd_store(xb, dt, at[pos], sp[si]);
                        if (pos == 3) rd_store(xb, dt, at[pos] + 1, -sp[si]);    /* inf - inf */
                        if (!rd_run(op, dt, gir_shapev(2, dims), axes, 0, 0, xb, NULL, 1, vg, no, &hit)) return 0;
                        CHECK(hit == rd_vec_expected(dt), "%s: vector path taken: %d", rd_names[op], hit);
                        if (!rd_run(op, dt, gir_shapev(2, dims), axes, 0, 0, xb, NULL, 0, sg, no, &hit)) return 0;
                        for (i = 0; i < no; ++i)
                            CHECK(rd_close(vg[i], sg[i], 1e-4 * (1 + fabs(sg[i]))),
                                  "%s %s special %g at %ld axis %d: out[%ld] vector %.9g, scalar %.9g", rd_names[op],
                                  gir_dtype_name((gir_dtype)dt), sp[si], (long)at[pos], mask - 1, (long)i, vg[i], sg[i]);
                        if ((op == RD_MAX || op == RD_MIN) && si == 0) {
                            int64_t oat = mask == 1 ? at[pos] % 21 : at[pos] / 21;
                            CHECK(vg[oat] != vg[oat], "%s over a NaN: %g", rd_names[op], vg[oat]);
                        }
                        free(xb);
                    }
    return 1;
}
/* 10^7 f32 elements of 0.1f: the sum within the documented bound (16 + 2) eps sum |x| (and the final rounding)
   of the exact one (a plain f32 loop is about 9% off), and the mean likewise; the vector path taken */
static int test_reduce_vec_f32_long_sum_accuracy(void) {
    const int32_t n = 10000000;
    float *x = (float *)malloc((size_t)n * sizeof(float)), naive = 0;
    double exact = (double)n * (double)0.1f, got[1], bound = 18.0 * FLT_EPSILON * exact + 0.5 * 0.0625;
    int32_t i;
    int hit;
    gir_shape s = gir_shape1(n);
    CHECK(x != NULL, "out of memory");
    for (i = 0; i < n; ++i) x[i] = 0.1f;
    for (i = 0; i < n; ++i) naive += x[i];
    if (!rd_run(RD_SUM, GIR_DTYPE_F32, s, gir_ints0(), 0, 0, x, NULL, 1, got, 1, &hit)) return 0;
    CHECK(hit == rd_vec_expected(GIR_DTYPE_F32), "vector path taken: %d", hit);
    CHECK(fabs(got[0] - exact) <= bound, "sum %.9g, exact %.9g, bound %.3g (a naive f32 loop: %.9g)", got[0], exact,
          bound, (double)naive);
    if (!rd_run(RD_MEAN, GIR_DTYPE_F32, s, gir_ints0(), 0, 0, x, NULL, 1, got, 1, &hit)) return 0;
    CHECK(fabs(got[0] - (double)0.1f) <= bound / n + 0.5 * FLT_EPSILON * 0.1, "mean %.9g", got[0]);
    free(x);
    return 1;
}

/* ------------------------------------------------------------------------------------- softmax, xent */
/* softmax or log-softmax of each row of x [rows, n] along axis 1 (or of x [2, n, 3] along the middle axis),
   against the reference; softmax rows must sum to 1 */
static int rd_softmax_case(int op, int dt, int32_t n, int middle) {
    int32_t rows = 3, dims[3];
    int64_t total, i, r, j, b, inner = middle ? 3 : 1, outer = middle ? 2 : rows;
    double *x, *got, e = rd_eps(dt);
    void *xb;
    int pass, hit, ok = 1;
    dims[0] = middle ? 2 : rows; dims[1] = n; dims[2] = 3;
    total = outer * n * inner;
    x = (double *)malloc((size_t)(total + 1) * sizeof(double));
    got = (double *)malloc((size_t)(total + 1) * sizeof(double));
    xb = malloc((size_t)(total + 1) * sizeof(double));
    for (i = 0; i < total; ++i) {
        rd_store(xb, dt, i, rd_unit() * 20.0);
        x[i] = getv(xb, dt, i);
    }
    for (pass = 0; pass < 2 && ok; ++pass) {
        if (!rd_run(op, dt, gir_shapev(middle ? 3 : 2, dims), gir_ints0(), 0, 1, xb, NULL, pass == 0, got, total, &hit)) {
            ok = 0;
            break;
        }
        if (pass == 0 && hit != (!middle && rd_vec_expected(dt))) {
            snprintf(why, sizeof why, "%s %s n=%d: vector path taken: %d", rd_names[op], gir_dtype_name((gir_dtype)dt), (int)n, hit);
            ok = 0;
        }
        for (r = 0; r < outer && ok; ++r)
            for (b = 0; b < inner && ok; ++b) {
                double m = -HUGE_VAL, s = 0, rowsum = 0, rowtol = 0;
                for (j = 0; j < n; ++j) m = x[(r * n + j) * inner + b] > m ? x[(r * n + j) * inner + b] : m;
                for (j = 0; j < n; ++j) s += exp(x[(r * n + j) * inner + b] - m);
                for (j = 0; j < n && ok; ++j) {
                    int64_t at = (r * n + j) * inner + b;
                    double d = x[at] - m, want = op == RD_SOFTMAX ? exp(d) / s : d - log(s);
                    double tol = op == RD_SOFTMAX ? (fabs(d) + 80) * e * want : (80 + 2 * fabs(d) + fabs(want)) * e;
                    rowsum += got[at];
                    rowtol += tol;
                    if (!rd_close(got[at], want, tol)) {
                        snprintf(why, sizeof why, "%s %s %s n=%d middle=%d: row %ld element %ld = %.17g, reference %.17g",
                                 pass ? "scalar" : "vector", rd_names[op], gir_dtype_name((gir_dtype)dt), (int)n, middle,
                                 (long)r, (long)j, got[at], want);
                        ok = 0;
                    }
                }
                if (ok && op == RD_SOFTMAX && n > 0 && fabs(rowsum - 1) > rowtol + n * e) {
                    snprintf(why, sizeof why, "%s softmax %s n=%d: row %ld sums to %.17g", pass ? "scalar" : "vector",
                             gir_dtype_name((gir_dtype)dt), (int)n, (long)r, rowsum);
                    ok = 0;
                }
            }
    }
    free(x); free(got); free(xb);
    return ok;
}
static int test_softmax_vec_rows(void) {
    int dt, op, k, mid;
    for (dt = GIR_DTYPE_F32; dt <= GIR_DTYPE_F64; ++dt) {
        int L = rd_lanes(dt);
        int32_t lens[8];
        lens[0] = 1; lens[1] = L - 1; lens[2] = L; lens[3] = L + 1; lens[4] = 2 * L + 1; lens[5] = 1024;
        lens[6] = 4099; lens[7] = 0;
        for (op = RD_SOFTMAX; op <= RD_LOGSM; ++op)
            for (k = 0; k < 8; ++k)
                for (mid = 0; mid < 2; ++mid)
                    if (!rd_softmax_case(op, dt, lens[k], mid)) return 0;
    }
    return 1;
}
/* the row kernels straight: in place (y = x) as out of place, for lengths around the vector width */
static int test_softmax_vec_in_place(void) {
    int dt, logsm, k;
    for (dt = GIR_DTYPE_F32; dt <= GIR_DTYPE_F64; ++dt) {
        const gir__vr_fns *vr = gir__vr_pick(dt);
        int L = rd_lanes(dt);
        int64_t lens[5], i;
        size_t es = dt == GIR_DTYPE_F32 ? 4 : 8;
        if (!rd_vec_expected(dt)) {
            CHECK(vr == NULL, "vector reductions where the machine has none");
            continue;
        }
        CHECK(vr != NULL, "no vector reductions for %s", gir_dtype_name((gir_dtype)dt));
        lens[0] = 1; lens[1] = L - 1; lens[2] = L + 1; lens[3] = 3 * L + 5; lens[4] = 5001;
        for (logsm = 0; logsm < 2; ++logsm)
            for (k = 0; k < 5; ++k) {
                int64_t n = lens[k] * 2;           /* two rows */
                void *x = malloc((size_t)n * es), *y = malloc((size_t)(n + L) * es);
                for (i = 0; i < n; ++i) rd_store(x, dt, i, rd_unit() * 10);
                memset(y, 0x5A, (size_t)(n + L) * es);
                vr->softmax(x, y, 2, lens[k], logsm);
                for (i = 0; i < L * (int64_t)es; ++i)
                    CHECK(((unsigned char *)y)[(size_t)n * es + (size_t)i] == 0x5A, "wrote past the end (n=%ld)", (long)lens[k]);
                vr->softmax(x, x, 2, lens[k], logsm);
                CHECK(!memcmp(x, y, (size_t)n * es), "in place differs from out of place (n=%ld, log %d)", (long)lens[k], logsm);
                free(x); free(y);
            }
    }
    return 1;
}
/* rows of -inf, with +inf, with NaN, with one -inf: what the scalar loops give (NaN rows; exp(-inf) = 0) */
static int test_softmax_vec_special_rows(void) {
    int dt, op, kind, hit;
    for (dt = GIR_DTYPE_F32; dt <= GIR_DTYPE_F64; ++dt)
        for (op = RD_SOFTMAX; op <= RD_XENTP; ++op)
            for (kind = 0; kind < 5; ++kind) {
                int32_t dims[2] = {2, 19};
                double vg[38], sg[38], ex[38];
                void *xb = malloc(38 * sizeof(double)), *wb = malloc(38 * sizeof(double));
                int32_t lab[2] = {3, 18};
                int64_t i, no = op >= RD_XENT ? 2 : 38;
                for (i = 0; i < 38; ++i) {
                    double v = rd_unit() * 3;
                    if (kind == 0) v = -HUGE_VAL;
                    if (kind == 1 && i % 19 == 18) v = HUGE_VAL;
                    if (kind == 2 && i % 19 == 17) v = NAN;
                    if (kind == 3 && i % 19 == 3) v = -HUGE_VAL;
                    rd_store(xb, dt, i, v);
                    rd_store(wb, dt, i, 1.0 / 19);
                }
                if (!rd_run(op, dt, gir_shapev(2, dims), gir_ints0(), 0, 1, xb, op == RD_XENT ? (void *)lab : wb, 1, vg, no, &hit)) return 0;
                CHECK(hit == rd_vec_expected(dt), "%s: vector path taken: %d", rd_names[op], hit);
                if (!rd_run(op, dt, gir_shapev(2, dims), gir_ints0(), 0, 1, xb, op == RD_XENT ? (void *)lab : wb, 0, sg, no, &hit)) return 0;
                for (i = 0; i < no; ++i) {
                    ex[i] = vg[i];
                    CHECK(rd_close(vg[i], sg[i], 1e-5 * (1 + fabs(sg[i]))), "%s %s row kind %d: out[%ld] vector %.9g, scalar %.9g",
                          rd_names[op], gir_dtype_name((gir_dtype)dt), kind, (long)i, vg[i], sg[i]);
                }
                if (kind <= 2 && op <= RD_LOGSM) CHECK(ex[0] != ex[0] && ex[37] != ex[37], "kind %d: not NaN", kind);
                if (kind == 3 && op == RD_SOFTMAX) CHECK(ex[3] == 0 && ex[22] == 0, "softmax of -inf: %g", ex[3]);
                if (kind == 3 && op == RD_LOGSM) CHECK(ex[3] == -HUGE_VAL, "log_softmax of -inf: %g", ex[3]);
                free(xb); free(wb);
            }
    return 1;
}
/* cross-entropy rows (labels, probabilities) against the reference, C around the vector width */
static int test_xent_vec_rows(void) {
    int dt, op, k, pass, hit;
    for (dt = GIR_DTYPE_F32; dt <= GIR_DTYPE_F64; ++dt) {
        int L = rd_lanes(dt);
        int32_t cs[7];
        cs[0] = 1; cs[1] = L - 1; cs[2] = L; cs[3] = L + 1; cs[4] = 10; cs[5] = 1001; cs[6] = 9001;
        for (op = RD_XENT; op <= RD_XENTP; ++op)
            for (k = 0; k < 7; ++k) {
                int32_t c = cs[k], nr = 5, lab[5], dims[2];
                int64_t i, r, j, total = (int64_t)nr * c;
                double *x = (double *)malloc((size_t)total * sizeof(double)), *w = (double *)malloc((size_t)total * sizeof(double));
                double got[5], e = rd_eps(dt);
                void *xb = malloc((size_t)total * sizeof(double)), *wb = malloc((size_t)total * sizeof(double));
                dims[0] = nr; dims[1] = c;
                for (i = 0; i < total; ++i) {
                    rd_store(xb, dt, i, rd_unit() * 15);
                    x[i] = getv(xb, dt, i);
                    rd_store(wb, dt, i, (rd_unit() + 1) / c);
                    w[i] = getv(wb, dt, i);
                }
                for (r = 0; r < nr; ++r) lab[r] = (int32_t)((r * 7919) % c);
                for (pass = 0; pass < 2; ++pass) {
                    if (!rd_run(op, dt, gir_shapev(2, dims), gir_ints0(), 0, 1, xb, op == RD_XENT ? (void *)lab : wb, pass == 0,
                                 got, nr, &hit)) return 0;
                    CHECK(pass || hit == rd_vec_expected(dt), "%s: vector path taken: %d", rd_names[op], hit);
                    for (r = 0; r < nr; ++r) {
                        double m = -HUGE_VAL, s = 0, lse, want = 0, tol = 0;
                        for (j = 0; j < c; ++j) m = x[r * c + j] > m ? x[r * c + j] : m;
                        for (j = 0; j < c; ++j) s += exp(x[r * c + j] - m);
                        lse = m + log(s);
                        if (op == RD_XENT) { want = lse - x[r * c + lab[r]]; tol = 100 * e * (1 + fabs(lse) + fabs(want)); }
                        else
                            for (j = 0; j < c; ++j) {
                                want -= w[r * c + j] * (x[r * c + j] - lse);
                                tol += 100 * e * w[r * c + j] * (fabs(x[r * c + j]) + fabs(lse));
                            }
                        CHECK(rd_close(got[r], want, tol), "%s %s %s C=%d: row %ld = %.17g, reference %.17g", pass ? "scalar" : "vector",
                              rd_names[op], gir_dtype_name((gir_dtype)dt), (int)c, (long)r, got[r], want);
                    }
                }
                free(x); free(w); free(xb); free(wb);
            }
    }
    return 1;
}
/* ------------------------------------------------------------------------ each instruction set directly */
typedef struct rd_isa { const char *name; const gir__vr_fns *f[2]; int lanes[2]; } rd_isa;
static int rd_isas(rd_isa *t) {
    int n = 0, level = gir__simd_level();
    (void)level; (void)t;
#if defined(GIR__HAVE_AVX512)
    if (level == GIR__ISA_AVX512) {
        t[n].name = "avx512"; t[n].f[0] = &gir__avx512_vrfns_f32; t[n].f[1] = &gir__avx512_vrfns_f64;
        t[n].lanes[0] = GIR__LANES_AVX512_F32; t[n].lanes[1] = GIR__LANES_AVX512_F64; ++n;
    }
#endif
#if defined(GIR__HAVE_AVX2)
    if (level == GIR__ISA_AVX2 || level == GIR__ISA_AVX512) {
        t[n].name = "avx2"; t[n].f[0] = &gir__avx2_vrfns_f32; t[n].f[1] = &gir__avx2_vrfns_f64;
        t[n].lanes[0] = GIR__LANES_AVX2_F32; t[n].lanes[1] = GIR__LANES_AVX2_F64; ++n;
    }
#endif
#if defined(GIR__HAVE_NEON)
    if (level == GIR__ISA_NEON) {
        t[n].name = "neon"; t[n].f[0] = &gir__neon_vrfns_f32; t[n].f[1] = &gir__neon_vrfns_f64;
        t[n].lanes[0] = GIR__LANES_NEON_F32; t[n].lanes[1] = GIR__LANES_NEON_F64; ++n;
    }
#endif
#if defined(GIR__HAVE_MVE)
    if (level == GIR__ISA_MVE) {
        t[n].name = "mve"; t[n].f[0] = &gir__mve_vrfns_f32; t[n].f[1] = NULL;
        t[n].lanes[0] = GIR__LANES_MVE_F32; t[n].lanes[1] = 0; ++n;
    }
#endif
    return n;
}
/* x [2, n, inner] reduced along n with kind `what` by one table (rows when inner is 1, else columns),
   against double loops; m: each output's shift (mean or max) for SQDEV and EXPSUM */
static int rd_isa_case(const rd_isa *t, int d, int what, int64_t n, int64_t inner) {
    int dt = d ? GIR_DTYPE_F64 : GIR_DTYPE_F32;
    int64_t total = 2 * n * inner, i, a, j, b, no = 2 * inner;
    void *xb = malloc((size_t)(total + 1) * 8);
    double *x = (double *)malloc((size_t)(total + 1) * sizeof(double)), *acc = (double *)malloc((size_t)no * sizeof(double));
    double *aux = (double *)malloc((size_t)no * sizeof(double)), e = rd_eps(dt);
    int ok = 1;
    for (i = 0; i < total; ++i) {
        rd_store(xb, dt, i, (what == GIR__VR_MAX ? -2 : what == GIR__VR_MIN ? 2 : 0) + rd_unit() * 4);
        x[i] = getv(xb, dt, i);
    }
    for (a = 0; a < 2; ++a)
        for (b = 0; b < inner; ++b) {
            double mx = -HUGE_VAL, sm = 0;
            for (j = 0; j < n; ++j) { double v = x[(a * n + j) * inner + b]; mx = v > mx ? v : mx; sm += v; }
            aux[a * inner + b] = what == GIR__VR_EXPSUM ? (n ? mx : 0) : n ? sm / (double)n : 0;
            if (dt == GIR_DTYPE_F32) aux[a * inner + b] = (float)aux[a * inner + b];
            acc[a * inner + b] = what == GIR__VR_MAX ? -HUGE_VAL : what == GIR__VR_MIN ? HUGE_VAL : 0;
        }
    if (inner == 1) t->f[d]->rows(what, xb, 2, n, acc, aux);
    else t->f[d]->cols(what, xb, 2, n, inner, acc, aux);
    for (a = 0; a < 2 && ok; ++a)
        for (b = 0; b < inner && ok; ++b) {
            double want = what == GIR__VR_MAX ? -HUGE_VAL : what == GIR__VR_MIN ? HUGE_VAL : 0, mag = 0, m = aux[a * inner + b];
            for (j = 0; j < n; ++j) {
                double v = x[(a * n + j) * inner + b], term = v;
                if (what == GIR__VR_MAX) want = v > want ? v : want;
                else if (what == GIR__VR_MIN) want = v < want ? v : want;
                else {
                    if (what == GIR__VR_SQDEV) term = (v - m) * (v - m);
                    if (what == GIR__VR_EXPSUM) term = exp(v - m);
                    want += term;
                    mag += fabs(term) + (what == GIR__VR_SUM ? 0 : 4 * fabs(term) * (fabs(v) + fabs(m) + 1));
                }
            }
            if (!rd_close(acc[a * inner + b], want, 80 * e * mag)) {
                snprintf(why, sizeof why, "%s %s kind %d n=%ld inner=%ld: out[%ld][%ld] = %.17g, reference %.17g", t->name,
                         gir_dtype_name((gir_dtype)dt), what, (long)n, (long)inner, (long)a, (long)b, acc[a * inner + b], want);
                ok = 0;
            }
        }
    free(xb); free(x); free(acc); free(aux);
    return ok;
}
/* every table this machine runs (x86 with AVX-512: the AVX2 one too), each kind, rows and columns, lengths and
   widths around its own vector width; and its softmax, logsumexp and w (x - c) rows */
static int test_reduce_vec_each_isa(void) {
    rd_isa t[4];
    int nt = rd_isas(t), k, d, what, a, b;
    for (k = 0; k < nt; ++k)
        for (d = 0; d < 2; ++d) {
            int L = t[k].lanes[d];
            int64_t lens[7], inners[5];
            if (!t[k].f[d]) continue;
            lens[0] = 0; lens[1] = 1; lens[2] = L - 1; lens[3] = L; lens[4] = L + 1; lens[5] = 4 * L + 3;
            lens[6] = 256 * L + 2 * L + 5;                /* past one block along a row and down a column */
            inners[0] = 1; inners[1] = L - 1; inners[2] = L; inners[3] = L + 1; inners[4] = 4 * L + 3;
            for (what = GIR__VR_SUM; what <= GIR__VR_MIN; ++what)
                for (a = 0; a < 7; ++a)
                    for (b = 0; b < 5; ++b)
                        if (!rd_isa_case(&t[k], d, what, lens[a], inners[b])) return 0;
            for (a = 1; a < 7; ++a) {                   /* softmax rows against the double formula, lse, xdot */
                int dt = d ? GIR_DTYPE_F64 : GIR_DTYPE_F32;
                int64_t n = lens[a], j;
                double *x = (double *)malloc((size_t)n * sizeof(double)), e = rd_eps(dt), mx = -HUGE_VAL, s = 0, lse, dot = 0, mag = 0;
                void *xb = malloc((size_t)n * 8), *yb = malloc((size_t)(n + L) * 8), *wb = malloc((size_t)n * 8);
                for (j = 0; j < n; ++j) {
                    rd_store(xb, dt, j, rd_unit() * 30);
                    rd_store(wb, dt, j, rd_unit());
                    x[j] = getv(xb, dt, j);
                    mx = x[j] > mx ? x[j] : mx;
                }
                for (j = 0; j < n; ++j) s += exp(x[j] - mx);
                lse = mx + log(s);
                CHECK(rd_close(t[k].f[d]->lse(xb, n), lse, 80 * e * (1 + fabs(lse))), "%s %s lse n=%ld: %.17g, reference %.17g",
                      t[k].name, gir_dtype_name((gir_dtype)dt), (long)n, t[k].f[d]->lse(xb, n), lse);
                for (j = 0; j < n; ++j) {
                    dot += getv(wb, dt, j) * (x[j] - 1.5);
                    mag += fabs(getv(wb, dt, j)) * (fabs(x[j]) + 1.5);
                }
                CHECK(rd_close(t[k].f[d]->xdot(wb, xb, n, 1.5), dot, 80 * e * mag), "%s %s xdot n=%ld: %.17g, reference %.17g",
                      t[k].name, gir_dtype_name((gir_dtype)dt), (long)n, t[k].f[d]->xdot(wb, xb, n, 1.5), dot);
                t[k].f[d]->softmax(xb, yb, 1, n, 0);
                for (j = 0; j < n; ++j) {
                    double want = exp(x[j] - mx) / s;
                    CHECK(rd_close(getv(yb, dt, j), want, (fabs(x[j] - mx) + 80) * e * want), "%s %s softmax n=%ld: y[%ld] = %.17g, "
                          "reference %.17g", t[k].name, gir_dtype_name((gir_dtype)dt), (long)n, (long)j, getv(yb, dt, j), want);
                }
                free(x); free(xb); free(yb); free(wb);
            }
        }
    return 1;
}
/* the scalar loops stay under GIR_NO_SIMD; where vectors exist, the kernels take them */
static int test_reduce_vec_dispatch(void) {
#if defined(GIR_NO_SIMD)
    CHECK(gir__vr_pick(GIR_DTYPE_F32) == NULL && gir__vr_pick(GIR_DTYPE_F64) == NULL, "vector reductions under GIR_NO_SIMD");
#endif
    CHECK(gir__vr_pick(GIR_DTYPE_I32) == NULL && gir__vr_pick(GIR_DTYPE_U8) == NULL, "vector reductions for integers");
    CHECK((gir__vr_pick(GIR_DTYPE_F32) != NULL) == rd_vec_expected(GIR_DTYPE_F32), "f32: %s", gir_simd_name());
    CHECK((gir__vr_pick(GIR_DTYPE_F64) != NULL) == rd_vec_expected(GIR_DTYPE_F64), "f64: %s", gir_simd_name());
    return 1;
}

static void suite_vreduce(void) {
    RUN("reduce/vec_sum_axis_patterns", test_reduce_vec_axis_patterns(RD_SUM));
    RUN("reduce/vec_mean_axis_patterns", test_reduce_vec_axis_patterns(RD_MEAN));
    RUN("reduce/vec_max_axis_patterns", test_reduce_vec_axis_patterns(RD_MAX));
    RUN("reduce/vec_min_axis_patterns", test_reduce_vec_axis_patterns(RD_MIN));
    RUN("reduce/vec_var_axis_patterns", test_reduce_vec_axis_patterns(RD_VAR));
    RUN("reduce/vec_logsumexp_axis_patterns", test_reduce_vec_axis_patterns(RD_LSE));
    RUN("reduce/vec_special_values_as_scalar", test_reduce_vec_special_values());
    RUN_MIB(48, "reduce/vec_f32_long_sum_accuracy", test_reduce_vec_f32_long_sum_accuracy());
    RUN("reduce/softmax_vec_rows_and_middle_axis", test_softmax_vec_rows());
    RUN("reduce/softmax_vec_in_place", test_softmax_vec_in_place());
    RUN("reduce/softmax_xent_vec_special_rows", test_softmax_vec_special_rows());
    RUN("reduce/xent_vec_rows", test_xent_vec_rows());
    RUN("reduce/vec_each_isa_rows_cols_softmax", test_reduce_vec_each_isa());
    RUN("reduce/vec_dispatch", test_reduce_vec_dispatch());
}
