/* Row and column reductions, softmax and cross-entropy rows on the vocabulary of gen/simd_<isa>.c and the vector
   math of gen/40-vector/vmath.tmpl.c, instantiated by gen/gir_gen.py as that file is (GIR_V_name becomes
   gir__<isa>_name_<dtype>, GIR_LANES the elements a vector); the kinds GIR__VR_* are in gen/40-vector/vreduce.c. */

/* lanes [0, t) */
GIR_FN GIR_MASK GIR_V_below(int t) {
    GIR_T idx[GIR_LANES];
    int j;
    for (j = 0; j < GIR_LANES; ++j) idx[j] = (GIR_T)j;
    return GIR_V_lt(GIR_V_load(idx), GIR_V_set1((GIR_T)t));
}
/* the identity of a kind: 0 for sums, -inf for max, inf for min */
GIR_FN double GIR_V_neutral(int what) {
    return what == GIR__VR_MAX ? -HUGE_VAL : what == GIR__VR_MIN ? HUGE_VAL : 0.0;
}
/* two partial results of a kind joined: the sum, or the scalar rule for max and min (NaN wins, else the larger
   or smaller; a tie keeps t) */
GIR_FN double GIR_V_join(int what, double t, double h) {
    if (what == GIR__VR_MAX) return (t == t && (h > t || h != h)) ? h : t;
    if (what == GIR__VR_MIN) return (t == t && (h < t || h != h)) ? h : t;
    return t + h;
}
/* the lanes of a vector joined, in double, pairwise */
GIR_FN double GIR_V_hjoin(int what, GIR_VEC v) {
    GIR_T t[GIR_LANES];
    double d[GIR_LANES];
    int j, w;
    GIR_V_store(t, v);
    for (j = 0; j < GIR_LANES; ++j) d[j] = t[j];
    for (w = GIR_LANES / 2; w >= 1; w /= 2)
        for (j = 0; j < w; ++j) d[j] = GIR_V_join(what, d[j], d[j + w]);
    return d[0];
}
/* one step of a kind: accumulator a, elements v (and w), shift m */
GIR__VR_FLAT GIR_FN GIR_VEC GIR_V_racc(int what, GIR_VEC a, GIR_VEC v, GIR_VEC w, GIR_VEC m) {
    switch (what) {
    case GIR__VR_SUM: return GIR_V_add(a, v);
    case GIR__VR_SQDEV: v = GIR_V_sub(v, m); return GIR_V_fma(v, v, a);
    case GIR__VR_EXPSUM: return GIR_V_add(a, GIR_V_exp(GIR_V_sub(v, m)));
    case GIR__VR_MAX: return GIR_V_max(a, v);
    case GIR__VR_MIN: return GIR_V_min(a, v);
    default: return GIR_V_fma(w, GIR_V_sub(v, m), a);
    }
}
/* two accumulators of a kind as one vector */
GIR__VR_FLAT GIR_FN GIR_VEC GIR_V_vjoin(int what, GIR_VEC a, GIR_VEC b) {
    return what == GIR__VR_MAX ? GIR_V_max(a, b) : what == GIR__VR_MIN ? GIR_V_min(a, b) : GIR_V_add(a, b);
}
/* x[0, n) (and w[0, n) for XDOT) reduced: four vector accumulators; a lane takes at most 16 elements before
   the block's total goes into a double */
GIR__VR_FLAT GIR_FN double GIR_V_rowred(int what, const GIR_T *x, const GIR_T *w, int64_t n, GIR_T mv) {
    const int64_t step = 4 * GIR_LANES, blk = 16 * step;
    GIR_VEC m = GIR_V_set1(mv), z = GIR_V_set1(0), init = GIR_V_set1((GIR_T)GIR_V_neutral(what));
    double t = GIR_V_neutral(what);
    int64_t i = 0;
    int xd = what == GIR__VR_XDOT;
    while (i < n) {
        int64_t end = n - i > blk ? i + blk : n;
        GIR_VEC a0 = init, a1 = init, a2 = init, a3 = init;
        for (; i + step <= end; i += step) {
            a0 = GIR_V_racc(what, a0, GIR_V_load(x + i), xd ? GIR_V_load(w + i) : z, m);
            a1 = GIR_V_racc(what, a1, GIR_V_load(x + i + GIR_LANES), xd ? GIR_V_load(w + i + GIR_LANES) : z, m);
            a2 = GIR_V_racc(what, a2, GIR_V_load(x + i + 2 * GIR_LANES), xd ? GIR_V_load(w + i + 2 * GIR_LANES) : z, m);
            a3 = GIR_V_racc(what, a3, GIR_V_load(x + i + 3 * GIR_LANES), xd ? GIR_V_load(w + i + 3 * GIR_LANES) : z, m);
        }
        for (; i + GIR_LANES <= end; i += GIR_LANES)
            a0 = GIR_V_racc(what, a0, GIR_V_load(x + i), xd ? GIR_V_load(w + i) : z, m);
        if (i < end) {                              /* the last lanes; the others keep a1 */
            int r = (int)(end - i);
            GIR_VEC v = GIR_V_racc(what, a1, GIR_V_loadn(x + i, r), xd ? GIR_V_loadn(w + i, r) : z, m);
            a1 = GIR_V_select(GIR_V_below(r), v, a1);
            i = end;
        }
        a0 = GIR_V_vjoin(what, GIR_V_vjoin(what, a0, a1), GIR_V_vjoin(what, a2, a3));
        t = GIR_V_join(what, t, GIR_V_hjoin(what, a0));
    }
    return t;
}
/* y = exp(x - m) on x[0, n), returning its sum (blocks as GIR_V_rowred) */
GIR_FN double GIR_V_expstore(const GIR_T *x, GIR_T *y, int64_t n, GIR_T mv) {
    const int64_t step = 2 * GIR_LANES, blk = 16 * step;
    GIR_VEC m = GIR_V_set1(mv), e0, e1;
    double t = 0;
    int64_t i = 0;
    while (i < n) {
        int64_t end = n - i > blk ? i + blk : n;
        GIR_VEC a0 = GIR_V_set1(0), a1 = a0;
        for (; i + step <= end; i += step) {
            e0 = GIR_V_exp(GIR_V_sub(GIR_V_load(x + i), m));
            e1 = GIR_V_exp(GIR_V_sub(GIR_V_load(x + i + GIR_LANES), m));
            GIR_V_store(y + i, e0);
            GIR_V_store(y + i + GIR_LANES, e1);
            a0 = GIR_V_add(a0, e0);
            a1 = GIR_V_add(a1, e1);
        }
        for (; i < end; i += GIR_LANES) {
            int r = end - i < GIR_LANES ? (int)(end - i) : GIR_LANES;
            if (r == GIR_LANES) {
                e0 = GIR_V_exp(GIR_V_sub(GIR_V_load(x + i), m));
                GIR_V_store(y + i, e0);
            } else {
                e0 = GIR_V_exp(GIR_V_sub(GIR_V_loadn(x + i, r), m));
                GIR_V_storen(y + i, r, e0);
                e0 = GIR_V_select(GIR_V_below(r), e0, GIR_V_set1(0));
            }
            a0 = GIR_V_add(a0, e0);
        }
        t += GIR_V_hjoin(GIR__VR_SUM, GIR_V_add(a0, a1));
    }
    return t;
}
/* y = (x - a) - b, or (when x is NULL) y = y b, on [0, n) */
GIR_FN void GIR_V_affine(const GIR_T *x, GIR_T *y, int64_t n, GIR_T av, GIR_T bv) {
    GIR_VEC a = GIR_V_set1(av), b = GIR_V_set1(bv);
    int64_t i;
    for (i = 0; i + GIR_LANES <= n; i += GIR_LANES)
        GIR_V_store(y + i, x ? GIR_V_sub(GIR_V_sub(GIR_V_load(x + i), a), b) : GIR_V_mul(GIR_V_load(y + i), b));
    if (i < n) {
        int r = (int)(n - i);
        GIR_V_storen(y + i, r, x ? GIR_V_sub(GIR_V_sub(GIR_V_loadn(x + i, r), a), b) : GIR_V_mul(GIR_V_loadn(y + i, r), b));
    }
}
GIR_FN void GIR_V_softmax(const void *xv, void *yv, int64_t rows, int64_t n, int logsm) {
    const GIR_T *x = (const GIR_T *)xv;
    GIR_T *y = (GIR_T *)yv;
    int64_t r;
    for (r = 0; r < rows; ++r) {
        const GIR_T *xr = x + r * n;
        GIR_T *yr = y + r * n, m = (GIR_T)GIR_V_rowred(GIR__VR_MAX, xr, NULL, n, 0);
        if (logsm) {
            double s = GIR_V_rowred(GIR__VR_EXPSUM, xr, NULL, n, m);
            GIR_V_affine(xr, yr, n, m, (GIR_T)gir__log_f64(s));
        } else {
            double s = GIR_V_expstore(xr, yr, n, m);
            GIR_V_affine(NULL, yr, n, 0, (GIR_T)(1.0 / s));
        }
    }
}
GIR_FN void GIR_V_rows(int what, const void *xv, int64_t rows, int64_t n, double *acc, const double *aux) {
    const GIR_T *x = (const GIR_T *)xv;
    int64_t r;
    switch (what) {
    case GIR__VR_SUM: for (r = 0; r < rows; ++r) acc[r] = GIR_V_rowred(GIR__VR_SUM, x + r * n, NULL, n, 0); break;
    case GIR__VR_MAX: for (r = 0; r < rows; ++r) acc[r] = GIR_V_rowred(GIR__VR_MAX, x + r * n, NULL, n, 0); break;
    case GIR__VR_MIN: for (r = 0; r < rows; ++r) acc[r] = GIR_V_rowred(GIR__VR_MIN, x + r * n, NULL, n, 0); break;
    case GIR__VR_SQDEV:
        for (r = 0; r < rows; ++r) acc[r] = GIR_V_rowred(GIR__VR_SQDEV, x + r * n, NULL, n, (GIR_T)aux[r]);
        break;
    default:
        for (r = 0; r < rows; ++r) acc[r] = GIR_V_rowred(GIR__VR_EXPSUM, x + r * n, NULL, n, (GIR_T)aux[r]);
    }
}
/* columns b0 .. b0 + t of x [len, inner] down the rows (two accumulators, blocks of 128 rows), joined into acc */
GIR__VR_FLAT GIR_FN void GIR_V_colblock(int what, const GIR_T *x, int64_t len, int64_t inner, int64_t b0, int t,
                                         double *acc, const double *aux) {
    GIR_T buf[GIR_LANES];
    GIR_VEC m = GIR_V_set1(0), z = m, init = GIR_V_set1((GIR_T)GIR_V_neutral(what));
    int64_t j0, j;
    int q;
    if (aux) {
        for (q = 0; q < GIR_LANES; ++q) buf[q] = q < t ? (GIR_T)aux[b0 + q] : (GIR_T)0;
        m = GIR_V_load(buf);
    }
    for (j0 = 0; j0 < len; j0 += 128) {
        int64_t j1 = len - j0 > 128 ? j0 + 128 : len;
        GIR_VEC a0 = init, a1 = init;
        const GIR_T *p = x + j0 * inner + b0;
        if (t == GIR_LANES) {
            for (j = j0; j + 1 < j1; j += 2, p += 2 * inner) {
                a0 = GIR_V_racc(what, a0, GIR_V_load(p), z, m);
                a1 = GIR_V_racc(what, a1, GIR_V_load(p + inner), z, m);
            }
            if (j < j1) a0 = GIR_V_racc(what, a0, GIR_V_load(p), z, m);
        } else {
            for (j = j0; j < j1; ++j, p += inner) a0 = GIR_V_racc(what, a0, GIR_V_loadn(p, t), z, m);
        }
        GIR_V_store(buf, GIR_V_vjoin(what, a0, a1));
        for (q = 0; q < t; ++q) acc[b0 + q] = GIR_V_join(what, acc[b0 + q], buf[q]);
    }
}
GIR_FN void GIR_V_cols(int what, const void *xv, int64_t outer, int64_t len, int64_t inner, double *acc,
                       const double *aux) {
    const GIR_T *x = (const GIR_T *)xv;
    int64_t a, b;
    for (a = 0; a < outer; ++a)
        for (b = 0; b < inner; b += GIR_LANES) {
            const GIR_T *xa = x + a * len * inner;
            double *ca = acc + a * inner;
            const double *xx = aux ? aux + a * inner : NULL;
            int t = inner - b < GIR_LANES ? (int)(inner - b) : GIR_LANES;
            switch (what) {
            case GIR__VR_SUM: GIR_V_colblock(GIR__VR_SUM, xa, len, inner, b, t, ca, xx); break;
            case GIR__VR_MAX: GIR_V_colblock(GIR__VR_MAX, xa, len, inner, b, t, ca, xx); break;
            case GIR__VR_MIN: GIR_V_colblock(GIR__VR_MIN, xa, len, inner, b, t, ca, xx); break;
            case GIR__VR_SQDEV: GIR_V_colblock(GIR__VR_SQDEV, xa, len, inner, b, t, ca, xx); break;
            default: GIR_V_colblock(GIR__VR_EXPSUM, xa, len, inner, b, t, ca, xx);
            }
        }
}
/* logsumexp of x[0, n) with the maximum shifted out; an infinite or NaN maximum is the result */
GIR_FN double GIR_V_lse(const void *xv, int64_t n) {
    const GIR_T *x = (const GIR_T *)xv;
    double m = GIR_V_rowred(GIR__VR_MAX, x, NULL, n, 0);
    if (m == HUGE_VAL || m == -HUGE_VAL || m != m) return m;
    return m + gir__log_f64(GIR_V_rowred(GIR__VR_EXPSUM, x, NULL, n, (GIR_T)m));
}
GIR_FN double GIR_V_xdot(const void *wv, const void *xv, int64_t n, double c) {
    return GIR_V_rowred(GIR__VR_XDOT, (const GIR_T *)xv, (const GIR_T *)wv, n, (GIR_T)c);
}
/* the scalar kernel's comparisons, lane by lane, so the same bits: the first maximum of each pair of a row
   (b > a ? b : a) for a block of whole rows into hm, over the block as one flat run (w is even, so no pair
   spans two rows), then of the two rows' (b > t ? b : t, a tie keeps the top row's); a NaN stops the loop at
   its block */
#define GIR__VR_HM 512
GIR_FN int64_t GIR_V_max2x2(const void *xv, int64_t rows, int64_t w, void *yv) {
    const GIR_T *x = (const GIR_T *)xv;
    GIR_T *y = (GIR_T *)yv, hm[GIR__VR_HM];
    int64_t ow = w / 2, per = w > 0 ? GIR__VR_HM / w : 0, r0, r, nr, i, n, o;
    if (w % 2 || per < 1) return 0;
    for (r0 = 0; r0 < rows; r0 += nr) {
        const GIR_T *xs = x + r0 * 2 * w;
        nr = rows - r0 < per ? rows - r0 : per;
        for (i = 0, n = nr * w; i + GIR_LANES <= n; i += GIR_LANES) {
            GIR_VEC p = GIR_V_load(xs + 2 * i), q = GIR_V_load(xs + 2 * i + GIR_LANES);
            GIR_VEC a = GIR_V_evens(p, q), b = GIR_V_odds(p, q);
            if (GIR_V_any(GIR_V_mor(GIR_V_isnan(a), GIR_V_isnan(b)))) return r0;
            GIR_V_store(hm + i, GIR_V_select(GIR_V_gt(b, a), b, a));
        }
        for (; i < n; ++i) {
            GIR_T a = xs[2 * i], b = xs[2 * i + 1];
            if (a != a || b != b) return r0;
            hm[i] = b > a ? b : a;
        }
        for (r = 0; r < nr; ++r) {
            const GIR_T *t = hm + r * w, *u = t + ow;
            GIR_T *yr = y + (r0 + r) * ow;
            for (o = 0; o + GIR_LANES <= ow; o += GIR_LANES) {
                GIR_VEC a = GIR_V_load(t + o), b = GIR_V_load(u + o);
                GIR_V_store(yr + o, GIR_V_select(GIR_V_gt(b, a), b, a));
            }
            for (; o < ow; ++o) yr[o] = u[o] > t[o] ? u[o] : t[o];
        }
    }
    return rows;
}
static const gir__vr_fns GIR_V_vrfns = {GIR_V_rows, GIR_V_cols, GIR_V_softmax, GIR_V_lse, GIR_V_xdot, GIR_V_max2x2};
