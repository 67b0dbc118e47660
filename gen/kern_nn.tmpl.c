/*
 * kern_nn.tmpl.c -- 2-D convolution and pooling kernels for gir.h.
 *
 * TEMPLATE: the build generator instantiates this file once for float and
 * once for double by plain text substitution:
 *     GIR_T   -> float | double
 *     GIR_SFX -> f32   | f64
 * Type-independent pieces (gir__conv_p, gir__nn_span) are guarded so they
 * are defined only once.
 *
 * Layout NCHW, PyTorch semantics, no bias.  Input x [n, c, h, w], weights
 * w [k, c/groups, kh, kw], output y [n, k, oh, ow] (oh/ow given by caller).
 *   gir__nn_conv2d_*             y = conv(x, w)
 *   gir__nn_conv2d_bwd_data_*    gx = dL/dx   (fully overwritten)
 *   gir__nn_conv2d_bwd_filter_*  gw = dL/dw   (fully overwritten)
 *   gir__nn_maxpool2d_*          padding acts as -inf, dilation honoured
 *   gir__nn_maxpool2d_bwd_*      grad to first max in row-major window scan
 *   gir__nn_avgpool2d_*          divide by kh*kw (incl, PyTorch's count_include_pad=True)
 *                                or by the window's positions inside the input
 *   gir__nn_avgpool2d_bwd_*
 */

#ifndef GIR__NN_PARAMS_DEFINED
#define GIR__NN_PARAMS_DEFINED
typedef struct gir__conv_p {
    int64_t n, c, h, w;      /* input batch, channels, height, width */
    int64_t k;               /* output channels (conv); equals c for pooling */
    int64_t kh, kw;          /* kernel window */
    int64_t oh, ow;          /* output height, width (already computed by caller) */
    int64_t sh, sw;          /* stride */
    int64_t ph, pw;          /* zero padding, top/left and bottom/right equal */
    int64_t dh, dw;          /* dilation (pooling uses 1) */
    int64_t groups;          /* conv groups; c and k divisible by groups */
    int64_t incl;            /* average pooling counts the padding (count_include_pad) */
} gir__conv_p;

/* Output positions o in [*lo, *hi) with 0 <= o*s + off < lim, o < osz. */
static void gir__nn_span(int64_t off, int64_t s, int64_t lim, int64_t osz,
                         int64_t *lo, int64_t *hi)
{
    int64_t l = off >= 0 ? 0 : (-off + s - 1) / s;
    int64_t r = (lim - 1 - off >= 0) ? (lim - 1 - off) / s + 1 : 0;
    if (r > osz) r = osz;
    if (l > r) l = r;
    *lo = l;
    *hi = r;
}

/* the divisor of average-pooling window (oy, ox): kh*kw, or its positions inside the input */
static int64_t gir__nn_avg_count(const gir__conv_p *p, int64_t oy, int64_t ox)
{
    int64_t y0 = oy * p->sh - p->ph, x0 = ox * p->sw - p->pw, y1 = y0 + p->kh, x1 = x0 + p->kw;
    if (p->incl) return p->kh * p->kw;
    y0 = y0 < 0 ? 0 : y0; x0 = x0 < 0 ? 0 : x0;
    y1 = y1 > p->h ? p->h : y1; x1 = x1 > p->w ? p->w : x1;
    return (y1 > y0 && x1 > x0) ? (y1 - y0) * (x1 - x0) : 1;
}
#endif /* GIR__NN_PARAMS_DEFINED */

static void gir__nn_conv2d_GIR_SFX(const gir__conv_p *p, const GIR_T *x,
                                   const GIR_T *w, GIR_T *y)
{
    int64_t cg = p->c / p->groups, kg = p->k / p->groups;
    int64_t hw = p->h * p->w, ohw = p->oh * p->ow;
    int64_t b, oc, ic, ky, kx, oy, ox, i;
    for (b = 0; b < p->n; ++b) {
        for (oc = 0; oc < p->k; ++oc) {
            GIR_T *yp = y + (b * p->k + oc) * ohw;
            int64_t g = oc / kg;
            for (i = 0; i < ohw; ++i) yp[i] = (GIR_T)0;
            for (ic = 0; ic < cg; ++ic) {
                const GIR_T *xp = x + (b * p->c + g * cg + ic) * hw;
                const GIR_T *wp = w + (oc * cg + ic) * p->kh * p->kw;
                for (ky = 0; ky < p->kh; ++ky) {
                    int64_t y0, y1;
                    int64_t offy = ky * p->dh - p->ph;
                    gir__nn_span(offy, p->sh, p->h, p->oh, &y0, &y1);
                    for (kx = 0; kx < p->kw; ++kx) {
                        int64_t x0, x1;
                        int64_t offx = kx * p->dw - p->pw;
                        GIR_T wv = wp[ky * p->kw + kx];
                        gir__nn_span(offx, p->sw, p->w, p->ow, &x0, &x1);
                        for (oy = y0; oy < y1; ++oy) {
                            GIR_T *yr = yp + oy * p->ow;
                            const GIR_T *xr = xp + (oy * p->sh + offy) * p->w + offx;
                            if (p->sw == 1)
                                for (ox = x0; ox < x1; ++ox) yr[ox] += wv * xr[ox];
                            else
                                for (ox = x0; ox < x1; ++ox) yr[ox] += wv * xr[ox * p->sw];
                        }
                    }
                }
            }
        }
    }
}

static void gir__nn_conv2d_bwd_data_GIR_SFX(const gir__conv_p *p, const GIR_T *gy,
                                            const GIR_T *w, GIR_T *gx)
{
    int64_t cg = p->c / p->groups, kg = p->k / p->groups;
    int64_t hw = p->h * p->w, ohw = p->oh * p->ow;
    int64_t b, oc, ic, ky, kx, oy, ox, i;
    for (i = 0; i < p->n * p->c * hw; ++i) gx[i] = (GIR_T)0;
    for (b = 0; b < p->n; ++b) {
        for (oc = 0; oc < p->k; ++oc) {
            const GIR_T *gp = gy + (b * p->k + oc) * ohw;
            int64_t g = oc / kg;
            for (ic = 0; ic < cg; ++ic) {
                GIR_T *xp = gx + (b * p->c + g * cg + ic) * hw;
                const GIR_T *wp = w + (oc * cg + ic) * p->kh * p->kw;
                for (ky = 0; ky < p->kh; ++ky) {
                    int64_t y0, y1;
                    int64_t offy = ky * p->dh - p->ph;
                    gir__nn_span(offy, p->sh, p->h, p->oh, &y0, &y1);
                    for (kx = 0; kx < p->kw; ++kx) {
                        int64_t x0, x1;
                        int64_t offx = kx * p->dw - p->pw;
                        GIR_T wv = wp[ky * p->kw + kx];
                        gir__nn_span(offx, p->sw, p->w, p->ow, &x0, &x1);
                        for (oy = y0; oy < y1; ++oy) {
                            const GIR_T *gr = gp + oy * p->ow;
                            GIR_T *xr = xp + (oy * p->sh + offy) * p->w + offx;
                            if (p->sw == 1)
                                for (ox = x0; ox < x1; ++ox) xr[ox] += wv * gr[ox];
                            else
                                for (ox = x0; ox < x1; ++ox) xr[ox * p->sw] += wv * gr[ox];
                        }
                    }
                }
            }
        }
    }
}

static void gir__nn_conv2d_bwd_filter_GIR_SFX(const gir__conv_p *p, const GIR_T *x,
                                              const GIR_T *gy, GIR_T *gw)
{
    int64_t cg = p->c / p->groups, kg = p->k / p->groups;
    int64_t hw = p->h * p->w, ohw = p->oh * p->ow;
    int64_t b, oc, ic, ky, kx, oy, ox;
    for (oc = 0; oc < p->k; ++oc) {
        int64_t g = oc / kg;
        for (ic = 0; ic < cg; ++ic) {
            GIR_T *wp = gw + (oc * cg + ic) * p->kh * p->kw;
            for (ky = 0; ky < p->kh; ++ky) {
                int64_t y0, y1;
                int64_t offy = ky * p->dh - p->ph;
                gir__nn_span(offy, p->sh, p->h, p->oh, &y0, &y1);
                for (kx = 0; kx < p->kw; ++kx) {
                    int64_t x0, x1;
                    int64_t offx = kx * p->dw - p->pw;
                    GIR_T s = (GIR_T)0;
                    gir__nn_span(offx, p->sw, p->w, p->ow, &x0, &x1);
                    for (b = 0; b < p->n; ++b) {
                        const GIR_T *gp = gy + (b * p->k + oc) * ohw;
                        const GIR_T *xp = x + (b * p->c + g * cg + ic) * hw;
                        for (oy = y0; oy < y1; ++oy) {
                            const GIR_T *gr = gp + oy * p->ow;
                            const GIR_T *xr = xp + (oy * p->sh + offy) * p->w + offx;
                            for (ox = x0; ox < x1; ++ox) s += gr[ox] * xr[ox * p->sw];
                        }
                    }
                    wp[ky * p->kw + kx] = s;
                }
            }
        }
    }
}

/* Index (within one h*w plane) of the first max of the window of output
 * (oy, ox); -1 if the window lies entirely in padding.  NaN wins (as in
 * PyTorch: a later NaN replaces an earlier one).  Only the window cells
 * inside the input are visited, so a large kernel costs nothing extra. */
static int64_t gir__nn_maxpos_GIR_SFX(const gir__conv_p *p, const GIR_T *xp,
                                      int64_t oy, int64_t ox)
{
    int64_t ky, kx, best = -1, y0, y1, x0, x1;
    int64_t by = oy * p->sh - p->ph, bx = ox * p->sw - p->pw;
    GIR_T bv = (GIR_T)0;
    gir__nn_span(by, p->dh, p->h, p->kh, &y0, &y1);
    gir__nn_span(bx, p->dw, p->w, p->kw, &x0, &x1);
    for (ky = y0; ky < y1; ++ky) {
        int64_t iy = by + ky * p->dh;
        for (kx = x0; kx < x1; ++kx) {
            int64_t ix = bx + kx * p->dw;
            GIR_T v = xp[iy * p->w + ix];
            if (best < 0 || v > bv || v != v) { bv = v; best = iy * p->w + ix; }
        }
    }
    return best;
}

static void gir__nn_maxpool2d_GIR_SFX(const gir__conv_p *p, const GIR_T *x, GIR_T *y)
{
    int64_t hw = p->h * p->w, ohw = p->oh * p->ow;
    int64_t pl, oy, ox;
    GIR_T ninf = gir__log_GIR_SFX((GIR_T)0); /* -inf */
    for (pl = 0; pl < p->n * p->c; ++pl) {
        const GIR_T *xp = x + pl * hw;
        GIR_T *yp = y + pl * ohw;
        for (oy = 0; oy < p->oh; ++oy)
            for (ox = 0; ox < p->ow; ++ox) {
                int64_t at = gir__nn_maxpos_GIR_SFX(p, xp, oy, ox);
                yp[oy * p->ow + ox] = at < 0 ? ninf : xp[at];
            }
    }
}

static void gir__nn_maxpool2d_bwd_GIR_SFX(const gir__conv_p *p, const GIR_T *x,
                                          const GIR_T *gy, GIR_T *gx)
{
    int64_t hw = p->h * p->w, ohw = p->oh * p->ow;
    int64_t pl, oy, ox, i;
    for (i = 0; i < p->n * p->c * hw; ++i) gx[i] = (GIR_T)0;
    for (pl = 0; pl < p->n * p->c; ++pl) {
        const GIR_T *xp = x + pl * hw;
        const GIR_T *gp = gy + pl * ohw;
        GIR_T *gxp = gx + pl * hw;
        for (oy = 0; oy < p->oh; ++oy)
            for (ox = 0; ox < p->ow; ++ox) {
                int64_t at = gir__nn_maxpos_GIR_SFX(p, xp, oy, ox);
                if (at >= 0) gxp[at] += gp[oy * p->ow + ox];
            }
    }
}

static void gir__nn_avgpool2d_GIR_SFX(const gir__conv_p *p, const GIR_T *x, GIR_T *y)
{
    int64_t hw = p->h * p->w, ohw = p->oh * p->ow;
    int64_t pl, oy, ox, ky, kx;
    for (pl = 0; pl < p->n * p->c; ++pl) {
        const GIR_T *xp = x + pl * hw;
        GIR_T *yp = y + pl * ohw;
        for (oy = 0; oy < p->oh; ++oy)
            for (ox = 0; ox < p->ow; ++ox) {
                GIR_T s = (GIR_T)0;
                int64_t by = oy * p->sh - p->ph, bx = ox * p->sw - p->pw, y0, y1, x0, x1;
                gir__nn_span(by, p->dh, p->h, p->kh, &y0, &y1);
                gir__nn_span(bx, p->dw, p->w, p->kw, &x0, &x1);
                for (ky = y0; ky < y1; ++ky)
                    for (kx = x0; kx < x1; ++kx) s += xp[(by + ky * p->dh) * p->w + bx + kx * p->dw];
                yp[oy * p->ow + ox] = s / (GIR_T)gir__nn_avg_count(p, oy, ox);
            }
    }
}

static void gir__nn_avgpool2d_bwd_GIR_SFX(const gir__conv_p *p, const GIR_T *gy, GIR_T *gx)
{
    int64_t hw = p->h * p->w, ohw = p->oh * p->ow;
    int64_t pl, oy, ox, ky, kx, i;
    for (i = 0; i < p->n * p->c * hw; ++i) gx[i] = (GIR_T)0;
    for (pl = 0; pl < p->n * p->c; ++pl) {
        const GIR_T *gp = gy + pl * ohw;
        GIR_T *gxp = gx + pl * hw;
        for (oy = 0; oy < p->oh; ++oy)
            for (ox = 0; ox < p->ow; ++ox) {
                GIR_T g = gp[oy * p->ow + ox] / (GIR_T)gir__nn_avg_count(p, oy, ox);
                int64_t by = oy * p->sh - p->ph, bx = ox * p->sw - p->pw, y0, y1, x0, x1;
                gir__nn_span(by, p->dh, p->h, p->kh, &y0, &y1);
                gir__nn_span(bx, p->dw, p->w, p->kw, &x0, &x1);
                for (ky = y0; ky < y1; ++ky)
                    for (kx = x0; kx < x1; ++kx) gxp[(by + ky * p->dh) * p->w + bx + kx * p->dw] += g;
            }
    }
}
