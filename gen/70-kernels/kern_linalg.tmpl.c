/*
 * kern_linalg.tmpl.c -- dense linear-algebra kernels for gir.h.
 *
 * TEMPLATE: the build generator instantiates this file once for float and
 * once for double by plain text substitution:
 *     GIR_T   -> float | double
 *     GIR_SFX -> f32   | f64
 *
 * Contents (all matrices contiguous row-major; "batched" kernels process
 * `batch` independent n x n matrices stored back to back):
 *   gir__la_inverse_*   Gauss-Jordan inverse, partial pivoting.
 *                       scratch: n*n elements.  Returns 1 if any matrix is
 *                       exactly singular (that matrix's output is all NaN).
 *   gir__la_det_*       determinant via LU with partial pivoting.
 *                       scratch: n*n elements.  Singular -> 0.  Returns 0.
 *   gir__la_logdet_*    log|det| (numpy slogdet "logabsdet").
 *                       scratch: n*n elements.  Singular -> -inf.  Returns 0.
 *   gir__la_cholesky_*  lower L with A = L L^T; reads only the lower
 *                       triangle of A, writes zeros above the diagonal.
 *                       Returns 1 if any matrix is not positive definite.
 *   gir__la_trisolve_*  solve op(A) X = B, A triangular (other triangle is
 *                       ignored), op(A) = A or A^T.
 * Only gir__sqrt/log/exp/fabs_<sfx> are used for math; no allocation.
 */

/* LU factorisation in place (upper factor only is kept meaningful).
 * Returns 1 if an exactly zero pivot column is met, 0 otherwise.
 * *neg is toggled once per row swap. */
static int gir__la_lu_GIR_SFX(int64_t n, GIR_T *s, int *neg)
{
    int64_t i, j, k;
    *neg = 0;
    for (k = 0; k < n; ++k) {
        int64_t piv = k;
        GIR_T best = gir__fabs_GIR_SFX(s[k * n + k]);
        GIR_T pv;
        for (i = k + 1; i < n; ++i) {
            GIR_T v = gir__fabs_GIR_SFX(s[i * n + k]);
            if (v > best) { best = v; piv = i; }
        }
        if (best == (GIR_T)0) return 1;
        if (piv != k) {
            GIR_T *r0 = s + k * n, *r1 = s + piv * n;
            for (j = k; j < n; ++j) { GIR_T t = r0[j]; r0[j] = r1[j]; r1[j] = t; }
            *neg = !*neg;
        }
        pv = s[k * n + k];
        for (i = k + 1; i < n; ++i) {
            GIR_T *ri = s + i * n;
            const GIR_T *rk = s + k * n;
            GIR_T f = ri[k] / pv;
            ri[k] = f;
            if (f != (GIR_T)0)
                for (j = k + 1; j < n; ++j) ri[j] -= f * rk[j];
        }
    }
    return 0;
}

/* scratch: n*n elements. */
static int gir__la_inverse_GIR_SFX(int64_t batch, int64_t n, const GIR_T *a,
                                   GIR_T *out, GIR_T *scratch)
{
    int status = 0;
    int64_t nn = n * n, bi, i, j, k;
    for (bi = 0; bi < batch; ++bi) {
        const GIR_T *A = a + bi * nn;
        GIR_T *X = out + bi * nn;
        GIR_T *S = scratch;
        int singular = 0;
        for (i = 0; i < nn; ++i) { S[i] = A[i]; X[i] = (GIR_T)0; }
        for (i = 0; i < n; ++i) X[i * n + i] = (GIR_T)1;
        for (k = 0; k < n && !singular; ++k) {
            int64_t piv = k;
            GIR_T best = gir__fabs_GIR_SFX(S[k * n + k]);
            GIR_T inv;
            for (i = k + 1; i < n; ++i) {
                GIR_T v = gir__fabs_GIR_SFX(S[i * n + k]);
                if (v > best) { best = v; piv = i; }
            }
            if (best == (GIR_T)0) { singular = 1; break; }
            if (piv != k) {
                GIR_T *s0 = S + k * n, *s1 = S + piv * n;
                GIR_T *x0 = X + k * n, *x1 = X + piv * n;
                for (j = k; j < n; ++j) { GIR_T t = s0[j]; s0[j] = s1[j]; s1[j] = t; }
                for (j = 0; j < n; ++j) { GIR_T t = x0[j]; x0[j] = x1[j]; x1[j] = t; }
            }
            inv = (GIR_T)1 / S[k * n + k];
            {
                GIR_T *sk = S + k * n, *xk = X + k * n;
                sk[k] = (GIR_T)1;
                for (j = k + 1; j < n; ++j) sk[j] *= inv;
                for (j = 0; j < n; ++j) xk[j] *= inv;
            }
            for (i = 0; i < n; ++i) {
                GIR_T *si, *xi;
                const GIR_T *sk, *xk;
                GIR_T f;
                if (i == k) continue;
                si = S + i * n; xi = X + i * n;
                sk = S + k * n; xk = X + k * n;
                f = si[k];
                if (f == (GIR_T)0) continue;
                si[k] = (GIR_T)0;
                for (j = k + 1; j < n; ++j) si[j] -= f * sk[j];
                for (j = 0; j < n; ++j) xi[j] -= f * xk[j];
            }
        }
        if (singular) {
            GIR_T zero = (GIR_T)0;
            GIR_T nan = zero / zero;
            for (i = 0; i < nn; ++i) X[i] = nan;
            status = 1;
        }
    }
    return status;
}

/* scratch: n*n elements. Singular matrices give 0; always returns 0. */
static int gir__la_det_GIR_SFX(int64_t batch, int64_t n, const GIR_T *a,
                               GIR_T *out, GIR_T *scratch)
{
    int64_t nn = n * n, bi, i;
    for (bi = 0; bi < batch; ++bi) {
        const GIR_T *A = a + bi * nn;
        int neg;
        GIR_T d;
        for (i = 0; i < nn; ++i) scratch[i] = A[i];
        if (gir__la_lu_GIR_SFX(n, scratch, &neg)) {
            out[bi] = (GIR_T)0;
            continue;
        }
        d = (GIR_T)1;
        for (i = 0; i < n; ++i) d *= scratch[i * n + i];
        out[bi] = neg ? -d : d;
    }
    return 0;
}

/* scratch: n*n elements. out = log|det|; singular -> -inf; returns 0. */
static int gir__la_logdet_GIR_SFX(int64_t batch, int64_t n, const GIR_T *a,
                                  GIR_T *out, GIR_T *scratch)
{
    int64_t nn = n * n, bi, i;
    for (bi = 0; bi < batch; ++bi) {
        const GIR_T *A = a + bi * nn;
        int neg;
        GIR_T acc;
        for (i = 0; i < nn; ++i) scratch[i] = A[i];
        if (gir__la_lu_GIR_SFX(n, scratch, &neg)) {
            out[bi] = gir__log_GIR_SFX((GIR_T)0);
            continue;
        }
        acc = (GIR_T)0;
        for (i = 0; i < n; ++i)
            acc += gir__log_GIR_SFX(gir__fabs_GIR_SFX(scratch[i * n + i]));
        out[bi] = acc;
    }
    return 0;
}

/* Row-oriented (Cholesky-Banachiewicz). Reads only a[i][j] with j <= i.
 * A non-positive (or NaN) pivot sets that diagonal entry to NaN, the rest of
 * the matrix is still computed (and becomes NaN), and 1 is returned. */
static int gir__la_cholesky_GIR_SFX(int64_t batch, int64_t n, const GIR_T *a,
                                    GIR_T *out)
{
    int status = 0;
    int64_t nn = n * n, bi, i, j, p;
    for (bi = 0; bi < batch; ++bi) {
        const GIR_T *A = a + bi * nn;
        GIR_T *L = out + bi * nn;
        for (i = 0; i < n; ++i) {
            GIR_T *li = L + i * n;
            for (j = 0; j <= i; ++j) {
                const GIR_T *lj = L + j * n;
                GIR_T s = A[i * n + j];
                for (p = 0; p < j; ++p) s -= li[p] * lj[p];
                if (j < i) {
                    li[j] = s / lj[j];
                } else if (s > (GIR_T)0) {
                    li[i] = gir__sqrt_GIR_SFX(s);
                } else {
                    GIR_T zero = (GIR_T)0;
                    li[i] = zero / zero;
                    status = 1;
                }
            }
            for (j = i + 1; j < n; ++j) li[j] = (GIR_T)0;
        }
    }
    return status;
}

/* Solve op(A) X = B for each batch; A n x n (stride n*n), B/X n x m
 * (stride n*m).  Only the `lower` (or upper) triangle of A incl. diagonal is
 * read.  op(A) = A^T if trans.  x must not alias b. */
static void gir__la_trisolve_GIR_SFX(int64_t batch, int64_t n, int64_t m,
                                     const GIR_T *a, const GIR_T *b, GIR_T *x,
                                     int lower, int trans)
{
    int64_t bi, i, j, p;
    /* op(A) is lower triangular iff exactly one of (lower, trans) holds */
    int fwd = (lower != 0) != (trans != 0);
    /* element op(A)[i][p] = a[i*rs + p*cs] */
    int64_t rs = trans ? 1 : n, cs = trans ? n : 1;
    for (bi = 0; bi < batch; ++bi) {
        const GIR_T *A = a + bi * n * n;
        const GIR_T *B = b + bi * n * m;
        GIR_T *X = x + bi * n * m;
        int64_t t;
        for (t = 0; t < n; ++t) {
            int64_t p0, p1;
            GIR_T *xi;
            GIR_T d;
            i = fwd ? t : n - 1 - t;
            xi = X + i * m;
            for (j = 0; j < m; ++j) xi[j] = B[i * m + j];
            if (fwd) { p0 = 0; p1 = i; } else { p0 = i + 1; p1 = n; }
            for (p = p0; p < p1; ++p) {
                GIR_T c = A[i * rs + p * cs];
                const GIR_T *xp = X + p * m;
                for (j = 0; j < m; ++j) xi[j] -= c * xp[j];
            }
            d = A[i * n + i];
            for (j = 0; j < m; ++j) xi[j] /= d;
        }
    }
}
