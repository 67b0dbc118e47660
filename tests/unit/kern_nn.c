/* unit/kern_nn.c - conv2d (forward, data gradient, filter gradient) as im2col blocks times the packed GEMM, and
   max/average pooling (gen/70-kernels/kern_nn.tmpl.c): each kernel against a naive reference written here (double
   accumulation) for odd shapes, f32 and f64; the im2col path really runs in the step's scratch memory and stays
   inside the bytes gir__conv_scratch reserves; a compiled plan reserves them. Included by unit/main.c (uses its
   CHECK/FAILF/RUN and the internals of gir.h). */

static uint32_t cv_seed = 777u;
static double cv_rand(void) {                      /* uniform in [-1, 1) */
    cv_seed = cv_seed * 1664525u + 1013904223u;
    return (double)(cv_seed >> 8) / 8388608.0 - 1.0;
}
static double cv_get(const void *p, int es, int64_t i) { return es == 4 ? (double)((const float *)p)[i] : ((const double *)p)[i]; }
static void cv_set(void *p, int es, int64_t i, double v) {
    if (es == 4) ((float *)p)[i] = (float)v;
    else ((double *)p)[i] = v;
}
/* random values, stored at the element size and read back (the reference sees exactly what the kernel sees) */
static void *cv_fill(int64_t n, int es, double *ref) {
    void *v = malloc((size_t)(n > 0 ? n : 1) * (size_t)es);
    int64_t i;
    if (!v) return NULL;
    for (i = 0; i < n; ++i) {
        cv_set(v, es, i, cv_rand());
        ref[i] = cv_get(v, es, i);
    }
    return v;
}

typedef struct cv_case {
    int n, c, h, w, k, kh, kw, sh, sw, ph, pw, dh, dw, groups;
} cv_case;

static void cv_params(const cv_case *t, gir__conv_p *p) {
    memset(p, 0, sizeof *p);
    p->n = t->n; p->c = t->c; p->h = t->h; p->w = t->w; p->k = t->k; p->kh = t->kh; p->kw = t->kw;
    p->sh = t->sh; p->sw = t->sw; p->ph = t->ph; p->pw = t->pw; p->dh = t->dh; p->dw = t->dw;
    p->groups = t->groups; p->incl = 1;
    p->oh = (t->h + 2 * t->ph - t->dh * (t->kh - 1) - 1) / t->sh + 1;
    p->ow = (t->w + 2 * t->pw - t->dw * (t->kw - 1) - 1) / t->sw + 1;
}

/* the definition, term by term: y = conv(x, w), gx = dL/dx and gw = dL/dw for upstream gradient gy, with the
   sums of the terms' magnitudes (for the rounding bound) */
static void cv_reference(const gir__conv_p *p, const double *x, const double *w, const double *gy, double *y,
                         double *gx, double *gw, double *my, double *mgx, double *mgw) {
    int64_t cg = p->c / p->groups, kg = p->k / p->groups, b, k, oy, ox, ic, ky, kx;
    int64_t ny = p->n * p->k * p->oh * p->ow, nx = p->n * p->c * p->h * p->w, nw = p->k * cg * p->kh * p->kw, i;
    for (i = 0; i < ny; ++i) y[i] = my[i] = 0;
    for (i = 0; i < nx; ++i) gx[i] = mgx[i] = 0;
    for (i = 0; i < nw; ++i) gw[i] = mgw[i] = 0;
    for (b = 0; b < p->n; ++b)
        for (k = 0; k < p->k; ++k)
            for (oy = 0; oy < p->oh; ++oy)
                for (ox = 0; ox < p->ow; ++ox) {
                    int64_t yi = ((b * p->k + k) * p->oh + oy) * p->ow + ox;
                    for (ic = 0; ic < cg; ++ic)
                        for (ky = 0; ky < p->kh; ++ky)
                            for (kx = 0; kx < p->kw; ++kx) {
                                int64_t iy = oy * p->sh - p->ph + ky * p->dh, ix = ox * p->sw - p->pw + kx * p->dw;
                                int64_t xi = ((b * p->c + k / kg * cg + ic) * p->h + iy) * p->w + ix;
                                int64_t wi = ((k * cg + ic) * p->kh + ky) * p->kw + kx;
                                if (iy < 0 || iy >= p->h || ix < 0 || ix >= p->w) continue;
                                y[yi] += x[xi] * w[wi];
                                my[yi] += fabs(x[xi] * w[wi]);
                                gx[xi] += gy[yi] * w[wi];
                                mgx[xi] += fabs(gy[yi] * w[wi]);
                                gw[wi] += gy[yi] * x[xi];
                                mgw[wi] += fabs(gy[yi] * x[xi]);
                            }
                }
}

/* got[i] against want[i] within (terms + 2) eps mag[i] */
static int cv_compare(const char *what, const cv_case *t, int es, const void *got, const double *want,
                      const double *mag, int64_t n, int64_t terms) {
    double eps = es == 4 ? (double)FLT_EPSILON : DBL_EPSILON;
    int64_t i;
    for (i = 0; i < n; ++i) {
        double g = cv_get(got, es, i);
        if (!(fabs(g - want[i]) <= (double)(terms + 2) * eps * mag[i] + 1e-300))
            FAILF("%s %dB n=%d c=%d %dx%d k=%d kernel %dx%d stride %d,%d pad %d,%d dil %d,%d groups %d: [%ld] = %.9g, "
                  "want %.9g", what, es, t->n, t->c, t->h, t->w, t->k, t->kh, t->kw, t->sh, t->sw, t->ph, t->pw, t->dh,
                  t->dw, t->groups, (long)i, g, want[i]);
    }
    return 1;
}

/* the scratch of one kernel call: sb bytes, 64-byte aligned, filled with 0xA5, then 256 guard bytes */
static unsigned char *cv_scratch(unsigned char *raw, size_t sb) {
    unsigned char *s = raw + (64 - (uintptr_t)raw % 64) % 64;
    memset(s, 0xA5, sb + 256);
    return s;
}
static int cv_guard_ok(const unsigned char *s, size_t sb) {
    size_t i;
    for (i = sb; i < sb + 256; ++i)
        if (s[i] != 0xA5) return 0;
    return 1;
}
static int cv_touched(const unsigned char *s, size_t n) {
    size_t i;
    for (i = 0; i < n; ++i)
        if (s[i] != 0xA5) return 1;
    return 0;
}

/* all three kernels of one case at element size es against the reference; *col_used: whether each wrote the
   im2col region of its scratch (bit 0 forward, 1 data, 2 filter) */
static int cv_check(const cv_case *t, int es, int *col_used) {
    gir__conv_p p;
    const gir__gemm_cfg *g = gir__gemm_cfg_for(es == 4 ? GIR_DTYPE_F32 : GIR_DTYPE_F64);
    int64_t ny, nx, nw, i;
    size_t sb[3], smax = 0, colb;
    double *rx, *rw, *rgy, *y, *gx, *gw, *my, *mgx, *mgw;
    void *x, *w, *gy, *out;
    unsigned char *raw, *s;
    int ok = 1, which;
    cv_params(t, &p);
    ny = p.n * p.k * p.oh * p.ow; nx = p.n * p.c * p.h * p.w; nw = p.k * (p.c / p.groups) * p.kh * p.kw;
    for (which = 0; which < 3; ++which) {
        sb[which] = gir__conv_scratch(&p, g, which);
        if (sb[which] > smax) smax = sb[which];
    }
    colb = gir__conv_col_bytes(&p, es);
    rx = (double *)malloc((size_t)(nx + ny + nw) * 3 * sizeof(double));
    raw = (unsigned char *)malloc(smax + 64 + 256);
    out = malloc((size_t)(nx + ny + nw) * (size_t)es);
    CHECK(rx && raw && out, "out of memory");
    rw = rx + nx; rgy = rw + nw; y = rgy + ny; gx = y + ny; gw = gx + nx; my = gw + nw; mgx = my + ny; mgw = mgx + nx;
    x = cv_fill(nx, es, rx); w = cv_fill(nw, es, rw); gy = cv_fill(ny, es, rgy);
    CHECK(x && w && gy, "out of memory");
    cv_reference(&p, rx, rw, rgy, y, gx, gw, my, mgx, mgw);
    *col_used = 0;
    for (which = 0; which < 3 && ok; ++which) {
        int64_t cnt = which == 0 ? ny : which == 1 ? nx : nw;
        for (i = 0; i < cnt; ++i) cv_set(out, es, i, 1e30);          /* every element must be written */
        s = cv_scratch(raw, sb[which]);
        if (es == 4) {
            if (which == 0) gir__nn_conv2d_f32(&p, g, (const float *)x, (const float *)w, (float *)out, s);
            else if (which == 1) gir__nn_conv2d_bwd_data_f32(&p, g, (const float *)gy, (const float *)w, (float *)out, s);
            else gir__nn_conv2d_bwd_filter_f32(&p, g, (const float *)x, (const float *)gy, (float *)out, s);
        } else {
            if (which == 0) gir__nn_conv2d_f64(&p, g, (const double *)x, (const double *)w, (double *)out, s);
            else if (which == 1) gir__nn_conv2d_bwd_data_f64(&p, g, (const double *)gy, (const double *)w, (double *)out, s);
            else gir__nn_conv2d_bwd_filter_f64(&p, g, (const double *)x, (const double *)gy, (double *)out, s);
        }
        if (!cv_guard_ok(s, sb[which])) {
            snprintf(why, sizeof why, "op %d %dB: wrote past its %lu scratch bytes", which, es, (unsigned long)sb[which]);
            ok = 0;
        }
        if (cv_touched(s, colb)) *col_used |= 1 << which;
        if (ok && which == 0) ok = cv_compare("conv2d", t, es, out, y, my, ny, (p.c / p.groups) * p.kh * p.kw);
        if (ok && which == 1) ok = cv_compare("conv2d_bwd_data", t, es, out, gx, mgx, nx, (p.k / p.groups) * p.kh * p.kw);
        if (ok && which == 2) ok = cv_compare("conv2d_bwd_filter", t, es, out, gw, mgw, nw, p.n * p.oh * p.ow);
    }
    free(rx); free(raw); free(out); free(x); free(w); free(gy);
    return ok;
}

/* n c h w k kh kw sh sw ph pw dh dw groups */
static const cv_case cv_cases[] = {
    {1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 1, 1, 1},          /* everything of size 1 */
    {1, 1, 5, 7, 1, 3, 3, 1, 1, 1, 1, 1, 1, 1},
    {2, 3, 7, 9, 17, 3, 3, 1, 1, 1, 1, 1, 1, 1},
    {3, 17, 6, 5, 3, 1, 1, 1, 1, 0, 0, 1, 1, 1},         /* 1x1: x read in place */
    {1, 17, 6, 5, 3, 1, 1, 1, 1, 0, 0, 1, 1, 1},
    {2, 3, 9, 8, 3, 1, 1, 2, 3, 0, 0, 1, 1, 1},          /* 1x1 strided */
    {2, 3, 9, 11, 4, 5, 2, 2, 1, 2, 1, 1, 1, 1},         /* 5x2 */
    {3, 3, 10, 10, 5, 3, 3, 3, 3, 2, 2, 1, 1, 1},        /* stride 3, padding 2 */
    {2, 3, 11, 9, 2, 3, 3, 1, 2, 1, 0, 2, 2, 1},         /* dilation 2 */
    {2, 3, 8, 8, 3, 3, 3, 2, 2, 2, 2, 2, 1, 1},
    {2, 6, 7, 7, 4, 3, 3, 1, 1, 1, 1, 1, 1, 2},          /* groups 2 */
    {2, 6, 7, 5, 10, 5, 2, 2, 1, 2, 1, 1, 1, 2},
    {2, 3, 6, 6, 3, 3, 3, 1, 1, 1, 1, 1, 1, 3},          /* depthwise */
    {3, 17, 5, 6, 34, 3, 3, 1, 1, 1, 1, 1, 1, 17},       /* depthwise, two filters per channel */
    {2, 3, 5, 5, 3, 5, 5, 1, 1, 0, 0, 1, 1, 1},          /* output 1x1 */
    {2, 3, 3, 3, 3, 3, 3, 3, 3, 1, 1, 1, 1, 1},          /* output 1x1 with padding and stride */
    {1, 3, 4, 4, 2, 2, 2, 1, 1, 0, 0, 3, 3, 1},          /* dilated to cover the input exactly */
    {32, 8, 4, 4, 16, 3, 3, 1, 1, 1, 1, 1, 1, 1},        /* the second layer of cnn_train_b32 */
    {5, 2, 17, 13, 3, 3, 3, 1, 1, 1, 1, 1, 1, 1},        /* blocks of several images, last one partial */
    {3, 2, 7, 9, 3, 3, 1, 1, 1, 0, 0, 1, 1, 1},          /* rows as wide as the input, fewer rows: runs */
    {2, 3, 8, 6, 2, 3, 3, 1, 1, 0, 1, 2, 1, 1},          /* the same with columns reading the padding */
    {2, 17, 24, 24, 3, 5, 2, 1, 1, 2, 1, 1, 1, 1},       /* an image in several blocks of 64 columns */
    {2, 17, 23, 21, 4, 5, 2, 1, 2, 1, 0, 1, 2, 1},       /* the same, strided and dilated */
};

static int test_conv_vs_reference(int es) {
    size_t t;
    int used;
    for (t = 0; t < sizeof cv_cases / sizeof cv_cases[0]; ++t)
        if (!cv_check(&cv_cases[t], es, &used)) return 0;
    return 1;
}

/* the im2col path writes its block into the scratch (bits 0-2 for the three ops); the 1x1 stride-1 case of one
   image reads x in place (forward and filter gradient write no im2col block) */
static int test_conv_im2col_taken(void) {
    cv_case a = {2, 3, 7, 9, 5, 3, 3, 1, 1, 1, 1, 1, 1, 1}, b = {1, 17, 6, 5, 3, 1, 1, 1, 1, 0, 0, 1, 1, 1};
    int used, es;
    for (es = 4; es <= 8; es += 4) {
        if (!cv_check(&a, es, &used)) return 0;
        CHECK(used == 7, "%dB 3x3: im2col blocks written by ops mask %d, want 7", es, used);
        if (!cv_check(&b, es, &used)) return 0;
        CHECK(used == 0, "%dB 1x1 of one image: im2col blocks written by ops mask %d, want none", es, used);
    }
    return 1;
}

/* the blocking: whole images per block while they fit, else parts of one image in multiples of 64 columns; the
   block and buffer bytes stay bounded for large layers */
static int test_conv_blocks_bounded(void) {
    cv_case big = {8, 64, 32, 32, 64, 3, 3, 1, 1, 1, 1, 1, 1, 1}, small = {32, 8, 4, 4, 16, 3, 3, 1, 1, 1, 1, 1, 1, 1};
    cv_case wide = {64, 1, 64, 64, 4096, 1, 1, 1, 1, 0, 0, 1, 1, 1};
    gir__conv_p p;
    int64_t cols, j, len, total;
    size_t ws;
    cv_params(&big, &p);
    cols = gir__conv_cols(&p, 4);
    CHECK(cols % 64 == 0 && cols < p.oh * p.ow, "64->64 32x32: %ld columns per block", (long)cols);
    CHECK(gir__conv_col_bytes(&p, 4) <= GIR__CONV_BLOCK_BYTES + 64, "64->64 32x32: %lu block bytes",
          (unsigned long)gir__conv_col_bytes(&p, 4));
    total = p.n * p.oh * p.ow;
    for (j = 0; j < total; j += len) {          /* blocks tile the columns and never cross an image */
        len = gir__conv_len(cols, p.oh * p.ow, total, j);
        CHECK(len > 0 && j / (p.oh * p.ow) == (j + len - 1) / (p.oh * p.ow), "block at %ld of %ld columns", (long)j,
              (long)len);
    }
    cv_params(&wide, &p);                       /* many filters over few rows: the buffer is bounded too */
    ws = gir__conv_ws_bytes(&p, 4, NULL, NULL);
    CHECK(ws <= 4096 * 64 * 4 + 2 * GIR__CONV_BLOCK_BYTES, "1 -> 4096 channels 1x1: %lu workspace bytes (64 columns "
          "of 4096 at most)", (unsigned long)ws);
    cv_params(&small, &p);
    cols = gir__conv_cols(&p, 4);
    CHECK(cols == p.n * p.oh * p.ow, "cnn second layer: %ld columns per block, want all %ld", (long)cols,
          (long)(p.n * p.oh * p.ow));
    return 1;
}

/* through the graph: a plan with conv2d and its gradients reserves the im2col scratch, and its results match the
   reference */
static int test_conv_plan(void) {
    cv_case t = {3, 4, 6, 7, 6, 3, 2, 2, 1, 1, 1, 1, 2, 2};
    gir__conv_p p;
    gir_graph *g = gir_graph_new(NULL);
    gir_plan *pl = NULL;
    gir_node x, w, y, loss, grads[2], wrt[2], outs[3];
    double *rx, *rw, *ones, *ry, *rgx, *rgw, *my, *mgx, *mgw;
    float *xv, *wv;
    int64_t nx, nw, ny, i;
    int ok = 1;
    cv_params(&t, &p);
    nx = p.n * p.c * p.h * p.w; nw = p.k * (p.c / p.groups) * p.kh * p.kw; ny = p.n * p.k * p.oh * p.ow;
    rx = (double *)malloc((size_t)(nx + nw + ny) * 3 * sizeof(double));
    CHECK(g && rx, "out of memory");
    rw = rx + nx; ones = rw + nw; ry = ones + ny; rgx = ry + ny; rgw = rgx + nx; my = rgw + nw; mgx = my + ny; mgw = mgx + nx;
    x = gir_variable(g, GIR_DTYPE_F32, gir_shape4(t.n, t.c, t.h, t.w), NULL);
    w = gir_variable(g, GIR_DTYPE_F32, gir_shape4(t.k, t.c / t.groups, t.kh, t.kw), NULL);
    y = gir_conv2d(g, x, w, gir_ints2(t.sh, t.sw), gir_ints2(t.ph, t.pw), gir_ints2(t.dh, t.dw), t.groups);
    loss = gir_sum(g, y, gir_ints0(), 0);
    wrt[0] = x; wrt[1] = w;
    gir_grad(g, loss, 2, wrt, grads);
    outs[0] = y; outs[1] = grads[0]; outs[2] = grads[1];
    CHECK(gir_graph_status(g) == GIR_OK, "%s", gir_graph_message(g));
    xv = (float *)gir_node_data(g, x); wv = (float *)gir_node_data(g, w);
    for (i = 0; i < nx; ++i) { xv[i] = (float)cv_rand(); rx[i] = xv[i]; }
    for (i = 0; i < nw; ++i) { wv[i] = (float)cv_rand(); rw[i] = wv[i]; }
    for (i = 0; i < ny; ++i) ones[i] = 1;
    CHECK(gir_plan_compile(g, 3, outs, NULL, &pl) == GIR_OK, "%s", gir_graph_message(g));
    if (pl->scratch_bytes < gir__conv_scratch(&p, gir__gemm_cfg_for(GIR_DTYPE_F32), 0) ||
        pl->scratch_bytes < gir__conv_scratch(&p, gir__gemm_cfg_for(GIR_DTYPE_F32), 1) ||
        pl->scratch_bytes < gir__conv_scratch(&p, gir__gemm_cfg_for(GIR_DTYPE_F32), 2)) {
        snprintf(why, sizeof why, "plan reserves %lu scratch bytes, fewer than conv2d needs", (unsigned long)pl->scratch_bytes);
        ok = 0;
    }
    if (ok && gir_plan_run(pl) != GIR_OK) { snprintf(why, sizeof why, "%s", gir_plan_message(pl)); ok = 0; }
    cv_reference(&p, rx, rw, ones, ry, rgx, rgw, my, mgx, mgw);
    if (ok) ok = cv_compare("plan conv2d", &t, 4, gir_plan_data(pl, y), ry, my, ny, nw);
    if (ok) ok = cv_compare("plan conv2d dx", &t, 4, gir_plan_data(pl, grads[0]), rgx, mgx, nx, nw);
    if (ok) ok = cv_compare("plan conv2d dw", &t, 4, gir_plan_data(pl, grads[1]), rgw, mgw, nw, ny);
    gir_plan_free(pl);
    gir_graph_free(g);
    free(rx);
    return ok;
}

/* ------------------------------------------------------------------------------------------------- pooling */
typedef struct pl_case {
    int n, c, h, w, kh, kw, sh, sw, ph, pw, dh, dw, incl;
} pl_case;

/* the definition: max (first maximum in row-major order; a later NaN replaces an earlier one; -inf if the window
   is all padding) and mean (over kh*kw, or over the cells inside the input) of each window; the gradients route gy
   to the maximum and spread it over the window's cells */
static void pl_reference(const gir__conv_p *p, const double *x, const double *gy, double *ymax, double *yavg,
                         double *gmax, double *gavg) {
    int64_t pl, oy, ox, ky, kx, hw = p->h * p->w, ohw = p->oh * p->ow, i;
    for (i = 0; i < p->n * p->c * hw; ++i) gmax[i] = gavg[i] = 0;
    for (pl = 0; pl < p->n * p->c; ++pl)
        for (oy = 0; oy < p->oh; ++oy)
            for (ox = 0; ox < p->ow; ++ox) {
                int64_t best = -1, inside = 0, o = pl * ohw + oy * p->ow + ox;
                double bv = 0, s = 0;
                for (ky = 0; ky < p->kh; ++ky)
                    for (kx = 0; kx < p->kw; ++kx) {
                        int64_t iy = oy * p->sh - p->ph + ky * p->dh, ix = ox * p->sw - p->pw + kx * p->dw, at;
                        if (iy < 0 || iy >= p->h || ix < 0 || ix >= p->w) continue;
                        at = pl * hw + iy * p->w + ix;
                        if (best < 0 || x[at] > bv || x[at] != x[at]) { best = at; bv = x[at]; }
                        s += x[at];
                        ++inside;
                    }
                ymax[o] = best < 0 ? -HUGE_VAL : bv;
                if (best >= 0) gmax[best] += gy[o];
                {
                    double cnt = p->incl ? (double)(p->kh * p->kw) : (double)(inside ? inside : 1);
                    yavg[o] = s / cnt;
                    for (ky = 0; ky < p->kh; ++ky)
                        for (kx = 0; kx < p->kw; ++kx) {
                            int64_t iy = oy * p->sh - p->ph + ky * p->dh, ix = ox * p->sw - p->pw + kx * p->dw;
                            if (iy >= 0 && iy < p->h && ix >= 0 && ix < p->w) gavg[pl * hw + iy * p->w + ix] += gy[o] / cnt;
                        }
                }
            }
}

/* exact for max (same values, same routing; NaN where the reference has NaN), within a few eps for mean */
static int pl_compare(const char *what, const pl_case *t, int es, const void *got, const double *want, int64_t n,
                      double tol) {
    int64_t i;
    for (i = 0; i < n; ++i) {
        double g = cv_get(got, es, i), d = want[i];
        int same = (g != g && d != d) || g == d || fabs(g - d) <= tol * (fabs(d) + 1);
        if (!same)
            FAILF("%s %dB n=%d c=%d %dx%d kernel %dx%d stride %d,%d pad %d,%d dil %d,%d incl %d: [%ld] = %.9g, want %.9g",
                  what, es, t->n, t->c, t->h, t->w, t->kh, t->kw, t->sh, t->sw, t->ph, t->pw, t->dh, t->dw, t->incl,
                  (long)i, g, d);
    }
    return 1;
}

static int pl_check(const pl_case *t, int es, int nans) {
    gir__conv_p p;
    int64_t nx, ny, i;
    double *rx, *rgy, *ymax, *yavg, *gmax, *gavg, eps = es == 4 ? (double)FLT_EPSILON : DBL_EPSILON;
    void *x, *gy, *out;
    int ok = 1;
    memset(&p, 0, sizeof p);
    p.n = t->n; p.c = p.k = t->c; p.h = t->h; p.w = t->w; p.kh = t->kh; p.kw = t->kw; p.sh = t->sh; p.sw = t->sw;
    p.ph = t->ph; p.pw = t->pw; p.dh = t->dh; p.dw = t->dw; p.groups = 1; p.incl = t->incl;
    p.oh = (t->h + 2 * t->ph - t->dh * (t->kh - 1) - 1) / t->sh + 1;
    p.ow = (t->w + 2 * t->pw - t->dw * (t->kw - 1) - 1) / t->sw + 1;
    nx = p.n * p.c * p.h * p.w; ny = p.n * p.c * p.oh * p.ow;
    rx = (double *)malloc((size_t)(nx + ny) * 4 * sizeof(double));
    out = malloc((size_t)(nx + ny) * (size_t)es);
    CHECK(rx && out, "out of memory");
    rgy = rx + nx; ymax = rgy + ny; yavg = ymax + ny; gmax = yavg + ny; gavg = gmax + nx;
    x = cv_fill(nx, es, rx); gy = cv_fill(ny, es, rgy);
    CHECK(x && gy, "out of memory");
    for (i = 0; i < nx; ++i) {                   /* ties (a value repeated within windows), NaNs if asked */
        double v = i % 5 == 3 ? 0.25 : i % 7 == 2 && nans ? 0.0 / (double)(nx - nx) : rx[i];
        cv_set(x, es, i, v);
        rx[i] = cv_get(x, es, i);
    }
    pl_reference(&p, rx, rgy, ymax, yavg, gmax, gavg);
    for (i = 0; i < nx; ++i) cv_set(out, es, i, 1e30);
    if (es == 4) gir__nn_maxpool2d_f32(&p, (const float *)x, (float *)out);
    else gir__nn_maxpool2d_f64(&p, (const double *)x, (double *)out);
    ok = pl_compare("max_pool2d", t, es, out, ymax, ny, 0);
    for (i = 0; i < nx && ok; ++i) cv_set(out, es, i, 1e30);
    if (ok && es == 4) gir__nn_maxpool2d_bwd_f32(&p, (const float *)x, (const float *)gy, (float *)out);
    if (ok && es == 8) gir__nn_maxpool2d_bwd_f64(&p, (const double *)x, (const double *)gy, (double *)out);
    if (ok) ok = pl_compare("max_pool2d_bwd", t, es, out, gmax, nx, 4 * eps);
    for (i = 0; i < nx && ok && !nans; ++i) cv_set(out, es, i, 1e30);
    if (ok && !nans && es == 4) gir__nn_avgpool2d_f32(&p, (const float *)x, (float *)out);
    if (ok && !nans && es == 8) gir__nn_avgpool2d_f64(&p, (const double *)x, (double *)out);
    if (ok && !nans) ok = pl_compare("avg_pool2d", t, es, out, yavg, ny, (double)(t->kh * t->kw + 2) * eps);
    for (i = 0; i < nx && ok && !nans; ++i) cv_set(out, es, i, 1e30);
    if (ok && !nans && es == 4) gir__nn_avgpool2d_bwd_f32(&p, (const float *)gy, (float *)out);
    if (ok && !nans && es == 8) gir__nn_avgpool2d_bwd_f64(&p, (const double *)gy, (double *)out);
    if (ok && !nans) ok = pl_compare("avg_pool2d_bwd", t, es, out, gavg, nx, (double)(t->kh * t->kw + 2) * 4 * eps);
    free(rx); free(out); free(x); free(gy);
    return ok;
}

/* n c h w kh kw sh sw ph pw dh dw incl */
static const pl_case pl_cases[] = {
    {1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 1, 1, 1},
    {2, 3, 8, 8, 2, 2, 2, 2, 0, 0, 1, 1, 1},           /* the common case */
    {32, 16, 4, 4, 2, 2, 2, 2, 0, 0, 1, 1, 1},
    {2, 3, 9, 7, 2, 2, 2, 2, 0, 0, 1, 1, 0},           /* odd sizes: the last row and column are dropped */
    {1, 17, 7, 9, 3, 3, 1, 1, 1, 1, 1, 1, 1},          /* padding acts as -inf / counts or not */
    {1, 17, 7, 9, 3, 3, 1, 1, 1, 1, 1, 1, 0},
    {2, 3, 11, 10, 3, 2, 3, 2, 1, 1, 1, 1, 0},
    {2, 3, 10, 11, 5, 5, 3, 3, 2, 2, 1, 1, 1},
    {2, 2, 9, 9, 3, 3, 2, 2, 1, 1, 2, 2, 0},           /* dilation (kernel-level only) */
    {1, 2, 3, 3, 3, 3, 3, 3, 1, 1, 1, 1, 0},           /* output 1x1 */
    {3, 2, 6, 5, 1, 1, 2, 3, 0, 0, 1, 1, 1},           /* 1x1 windows, strided */
    {1, 3, 4, 67, 2, 2, 2, 2, 0, 0, 1, 1, 1},          /* 2x2 rows of whole vectors and a tail */
    {2, 1, 5, 34, 2, 2, 2, 2, 0, 0, 1, 1, 1},
};

static int test_pool_vs_reference(int es) {
    size_t t;
    for (t = 0; t < sizeof pl_cases / sizeof pl_cases[0]; ++t) {
        if (!pl_check(&pl_cases[t], es, 0)) return 0;
        if (!pl_check(&pl_cases[t], es, 1)) return 0;
    }
    return 1;
}

/* max_pool2d 2x2 stride 2 in vectors (gir__vr_fns.max2x2) and in the scalar loop (gir__vr_off) give the same
   bits for rows of every width around the vector widths, over ties of +0 and -0, infinities and NaNs (a NaN
   in a block sends it and the rest of its row to the scalar loop) */
static int test_pool_max2x2_vector_as_scalar(int es) {
    static const double vals[] = {0.0, -0.0, 1.0, -1.0, 0.5, 1.0 / 0.0, -1.0 / 0.0, 2.0, -0.0, 0.0};
    static const int32_t wide[] = {254, 256, 258, 510, 512, 514, 1030};
    int32_t w, h, k, nan_at;
    for (k = 0; k < 132 + 7; ++k)
        for (h = 3; h <= 4; ++h)
            for (nan_at = -1; nan_at < 3; ++nan_at) {
                gir__conv_p p;
                int64_t nx, i;
                void *x, *yv, *ys;
                w = k < 132 ? k + 2 : wide[k - 132];
                nx = 6 * (int64_t)h * w;
                x = malloc((size_t)nx * (size_t)es); yv = malloc((size_t)nx * (size_t)es); ys = malloc((size_t)nx * (size_t)es);
                CHECK(x && yv && ys, "out of memory");
                memset(&p, 0, sizeof p);
                p.n = 2; p.c = p.k = 3; p.h = h; p.w = w; p.kh = p.kw = p.sh = p.sw = 2; p.dh = p.dw = 1; p.groups = 1;
                p.oh = h / 2; p.ow = w / 2;
                for (i = 0; i < nx; ++i) cv_set(x, es, i, i % 3 ? vals[(uint32_t)(cv_rand() * 5 + 5) % 10] : cv_rand());
                if (nan_at >= 0)                /* row 1: the first column, the last one pooled; the last plane's row 3 */
                    cv_set(x, es, nan_at == 2 ? nx - 1 - (h == 4 ? 0 : w) : w + (nan_at ? (w / 2) * 2 - 1 : 0),
                           0.0 / (double)(nx - nx));
                memset(yv, 0x5a, (size_t)nx * (size_t)es);
                memset(ys, 0x5a, (size_t)nx * (size_t)es);
                if (es == 4) gir__nn_maxpool2d_f32(&p, (const float *)x, (float *)yv);
                else gir__nn_maxpool2d_f64(&p, (const double *)x, (double *)yv);
                gir__vr_off = 1;
                if (es == 4) gir__nn_maxpool2d_f32(&p, (const float *)x, (float *)ys);
                else gir__nn_maxpool2d_f64(&p, (const double *)x, (double *)ys);
                gir__vr_off = 0;
                for (i = 0; i < nx; ++i)
                    CHECK(!memcmp((char *)yv + i * es, (char *)ys + i * es, (size_t)es), "h=%d w=%d nan_at=%d: y[%ld] = %g, "
                          "scalar %g", (int)h, (int)w, (int)nan_at, (long)i, cv_get(yv, es, i), cv_get(ys, es, i));
                free(x); free(yv); free(ys);
            }
    return 1;
}

static void suite_kern_nn(void) {
    RUN("conv/vs_reference_f32", test_conv_vs_reference(4));
    RUN("conv/vs_reference_f64", test_conv_vs_reference(8));
    RUN("conv/im2col_path_taken", test_conv_im2col_taken());
    RUN("conv/blocks_bounded", test_conv_blocks_bounded());
    RUN("conv/plan_scratch_and_grads", test_conv_plan());
    RUN("pool/vs_reference_f32", test_pool_vs_reference(4));
    RUN("pool/vs_reference_f64", test_pool_vs_reference(8));
    RUN("pool/max2x2_vector_as_scalar_f32", test_pool_max2x2_vector_as_scalar(4));
    RUN("pool/max2x2_vector_as_scalar_f64", test_pool_max2x2_vector_as_scalar(8));
}
