/*
 * kern_nn.tmpl.c -- 2-D convolution and pooling kernels for gir.h.
 *
 * TEMPLATE: the build generator instantiates this file once for float and
 * once for double by plain text substitution:
 *     GIR_T   -> float | double
 *     GIR_SFX -> f32   | f64
 * Type-independent pieces (gir__conv_p, gir__nn_span, the im2col blocking)
 * are guarded so they are defined only once.
 *
 * Layout NCHW, PyTorch semantics, no bias.  Input x [n, c, h, w], weights
 * w [k, c/groups, kh, kw], output y [n, k, oh, ow] (oh/ow given by caller).
 *   gir__nn_conv2d_*             y = conv(x, w)
 *   gir__nn_conv2d_bwd_data_*    gx = dL/dx   (fully overwritten)
 *   gir__nn_conv2d_bwd_filter_*  gw = dL/dw   (fully overwritten)
 *   gir__nn_maxpool2d_*          padding acts as -inf, dilation honoured
 *   gir__nn_maxpool2d_bwd_*      grad to first max in row-major window scan
 *   gir__nn_maxpool2d_pick_*     v at that first max (the transpose of _bwd in gy)
 *   gir__nn_avgpool2d_*          divide by kh*kw (incl, PyTorch's count_include_pad=True)
 *                                or by the window's cells inside the input
 *   gir__nn_avgpool2d_bwd_*
 *
 * Convolution runs as matrix products through the packed GEMM (gir__gemm).
 * The im2col matrix of one group has a row per (ic, ky, kx) of the group's
 * cg = c/groups input channels and a column per output position (image, oy,
 * ox), the positions of all images in a row; then, per group of kg = k/groups
 * output channels,
 *     forward      y_g  = w_g [kg x rows] . col [rows x cols]
 *     backward x   col  = w_g^T . gy_g, added back into gx (col2im)
 *     backward w   gw_g = gy_g [kg x cols] . col^T
 * The matrix is built in blocks of gir__conv_cols columns in the step's
 * scratch memory: whole images while they fit the budget (small images, as
 * in the first layers of small networks, then give wide products), else parts
 * of one image, so the scratch stays bounded whatever the layer.  A block
 * inside one image reads gy and writes y in place; a block of several images
 * goes through a [kg x cols] buffer.  A 1x1 kernel with stride 1 and no
 * padding reads x in place (its im2col matrix is x itself).  For stride 1
 * with the output as large as the input, blocks of whole images are built by
 * shifted copies (gir__conv_staged).  Measured against the direct scalar
 * loops this replaced (gcc -O2, one core): 3x3 64->64 on 32x32, batch 8,
 * 6 -> 100 GFLOP/s forward, 6 -> 72 data gradient, 3.5 -> 91 filter
 * gradient; the small layers of cnn_train_b32 become im2col-bound, and one
 * block of all 32 images gives products wide enough for the micro-kernels.
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

/* im2col blocks: bytes of one block of the matrix (at least 64 columns, or one whole image) and of the buffer */
#define GIR__CONV_BLOCK_BYTES 262144
static int64_t gir__conv_rows(const gir__conv_p *p) { return p->c / p->groups * p->kh * p->kw; }
/* columns per block: a multiple of oh*ow (whole images) or, for large images, a multiple of 64 below it; the
   budget bounds both the im2col block [rows x cols] and the buffer [kg x cols] */
static int64_t gir__conv_cols(const gir__conv_p *p, int64_t es)
{
    int64_t rows = gir__conv_rows(p), kg = p->k / p->groups, ohw = p->oh * p->ow, total = p->n * ohw;
    int64_t tall = rows > kg ? rows : kg, cols = GIR__CONV_BLOCK_BYTES / ((tall > 0 ? tall : 1) * es);
    if (cols < 64) cols = 64;
    cols = cols >= ohw ? cols / ohw * ohw : cols / 64 * 64;
    return cols > total ? total : cols;
}
/* columns of the block starting at column j0 */
static int64_t gir__conv_len(int64_t cols, int64_t ohw, int64_t total, int64_t j0)
{
    int64_t end = cols >= ohw ? j0 + cols : j0 - j0 % ohw + ohw;
    if (cols < ohw && end > j0 + cols) end = j0 + cols;
    return (end > total ? total : end) - j0;
}
/* a 1x1 kernel with stride 1 and no padding: the im2col matrix of an image is x itself */
static int gir__conv_plain(const gir__conv_p *p)
{
    return p->kh == 1 && p->kw == 1 && p->sh == 1 && p->sw == 1 && p->ph == 0 && p->pw == 0;
}
/* The staged im2col, for stride 1 with the output as large as the input (a "same" convolution) when blocks hold
   whole images: the planes of one input channel of all images of a block are copied next to each other, with a
   margin of gir__conv_margin cells on both sides, and each row of the im2col matrix is then one shifted copy of
   them, its cells that read the padding (or a neighbouring row or image) set to 0 afterwards. */
static int gir__conv_staged(const gir__conv_p *p, int64_t cols)
{
    return p->sh == 1 && p->sw == 1 && p->oh == p->h && p->ow == p->w && cols >= p->oh * p->ow && cols > 0;
}
static int64_t gir__conv_margin(const gir__conv_p *p)
{
    int64_t ty = (p->kh - 1) * p->dh - p->ph, tx = (p->kw - 1) * p->dw - p->pw;
    return (p->ph > ty ? p->ph : ty) * p->w + (p->pw > tx ? p->pw : tx);
}
/* scratch layout: the im2col block [rows x cols], a [kg x cols] buffer, the stage and its list of cells to clear
   (staged only), then the GEMM's packing memory */
/* bytes of one im2col block */
static size_t gir__conv_col_bytes(const gir__conv_p *p, int64_t es)
{
    return gir__gemm_align((size_t)(gir__conv_rows(p) * gir__conv_cols(p, es) * es));
}
typedef struct gir__conv_ws {
    void *col, *buf, *stage, *zl, *gemm;
} gir__conv_ws;
static size_t gir__conv_ws_bytes(const gir__conv_p *p, int64_t es, void *scratch, gir__conv_ws *ws)
{
    int64_t cols = gir__conv_cols(p, es), cg = p->c / p->groups;
    size_t col = gir__conv_col_bytes(p, es);
    size_t buf = gir__gemm_align((size_t)(p->k / p->groups * cols * es)), st = 0, zl = 0;
    if (gir__conv_staged(p, cols)) {
        st = gir__gemm_align((size_t)(cg * (cols + 2 * gir__conv_margin(p)) * es));
        zl = gir__gemm_align((size_t)(p->oh * p->ow) * sizeof(int32_t));
    }
    if (ws) {
        ws->col = scratch;
        ws->buf = (char *)scratch + col;
        ws->stage = (char *)scratch + col + buf;
        ws->zl = (char *)scratch + col + buf + st;
        ws->gemm = (char *)scratch + col + buf + st + zl;
    }
    return col + buf + st + zl;
}
/* scratch bytes of conv2d (which 0), its data gradient (1) or its filter gradient (2) */
static size_t gir__conv_scratch(const gir__conv_p *p, const gir__gemm_cfg *g, int which)
{
    int64_t es = g->es, rows = gir__conv_rows(p), kg = p->k / p->groups, cols = gir__conv_cols(p, es);
    size_t gs = which == 0 ? gir__gemm_scratch(g, kg, cols, rows)
              : which == 1 ? gir__gemm_scratch(g, rows, cols, kg) : gir__gemm_scratch(g, kg, rows, cols);
    return gir__conv_ws_bytes(p, es, NULL, NULL) + gs;
}
/* Pooling visits, for each output row, the rows of its windows inside the input (found once per row), and for
   each output column the window's columns inside the input: all kw of them, without bound checks, for the
   columns whose window lies inside the input, clipped only near the padding. */
typedef struct gir__nn_wins {
    int64_t rs, ny, row;     /* row stride dh*w; window rows inside the input; index of the first one */
    int64_t ix0, ix1;        /* the output columns whose window lies inside the input */
} gir__nn_wins;
static void gir__nn_wins_init(const gir__conv_p *p, gir__nn_wins *v)
{
    v->rs = p->dh * p->w;
    gir__nn_span(-p->pw, p->sw, p->w - (p->kw - 1) * p->dw, p->ow, &v->ix0, &v->ix1);
}
static void gir__nn_wins_row(const gir__conv_p *p, gir__nn_wins *v, int64_t oy)
{
    int64_t by = oy * p->sh - p->ph, y0 = 0, y1 = p->kh;
    if (by < 0 || by + (p->kh - 1) * p->dh >= p->h) gir__nn_span(by, p->dh, p->h, p->kh, &y0, &y1);
    v->ny = y1 - y0;
    v->row = (by + y0 * p->dh) * p->w;
}
/* the first cell (index in the plane) and the number of columns of window ox of the current row */
static int64_t gir__nn_wins_col(const gir__conv_p *p, const gir__nn_wins *v, int64_t ox, int64_t *nx)
{
    int64_t bx = ox * p->sw - p->pw, x0, x1;
    if (ox >= v->ix0 && ox < v->ix1) { *nx = p->kw; return v->row + bx; }
    gir__nn_span(bx, p->dw, p->w, p->kw, &x0, &x1);
    *nx = x1 - x0;
    return v->row + bx + x0 * p->dw;
}
#endif /* GIR__NN_PARAMS_DEFINED */

/* Stride 1 and ow == w: output cell q of an image reads input cell q + shift of plane x for the taps of one row
   of the im2col matrix. Copies the run [qa, qb) of cells between the first and the last valid one, the cells
   outside it being 0, then clears the cells of each output row outside the valid columns [x0, x1) (they read a
   neighbouring input row). Back: clears those cells, then adds the run into x. */
static void gir__nn_run_GIR_SFX(const gir__conv_p *p, GIR_T *x, int64_t shift, GIR_T *col, int64_t qa, int64_t qb,
                                int64_t x0, int64_t x1, int back)
{
    int64_t ohw = p->oh * p->ow, ow = p->ow, oy, i;
    if (!back) {
        for (i = 0; i < qa; ++i) col[i] = (GIR_T)0;
        if (qb > qa) GIR_MEMCPY(col + qa, x + shift + qa, (size_t)(qb - qa) * sizeof(GIR_T));
        for (i = qb; i < ohw; ++i) col[i] = (GIR_T)0;
    }
    if (x0 > 0 || x1 < ow)
        for (oy = 0; oy < p->oh; ++oy) {
            for (i = 0; i < x0; ++i) col[oy * ow + i] = (GIR_T)0;
            for (i = x1; i < ow; ++i) col[oy * ow + i] = (GIR_T)0;
        }
    if (back)
        for (i = qa; i < qb; ++i) x[shift + i] += col[i];
}

/* One row of the im2col matrix (taps offy, offx, valid output rows [y0, y1) and columns [x0, x1)) over the
   positions [q0, q1) of one image: col[ci + q] <-> x[xi + (oy*sh)*w + ox*sw] (q = oy*ow + ox); gather (back = 0;
   cells in the padding give 0) or add back into x (back = 1) */
static void gir__nn_row_GIR_SFX(const gir__conv_p *p, GIR_T *x, int64_t xi, GIR_T *col, int64_t ci, int64_t q0,
                                int64_t q1, const int64_t *span, int back)
{
    int64_t ow = p->ow, sw = p->sw, y0 = span[0], y1 = span[1], x0 = span[2], x1 = span[3], oy, i;
    for (oy = q0 / ow; oy * ow < q1; ++oy) {
        int64_t a = q0 > oy * ow ? q0 - oy * ow : 0, e = q1 - oy * ow < ow ? q1 - oy * ow : ow;
        int64_t c = ci + oy * ow, xr = xi + oy * p->sh * p->w, lo = a > x0 ? a : x0, hi = e < x1 ? e : x1;
        if (oy < y0 || oy >= y1) lo = hi = e;
        if (hi < lo) hi = lo;
        if (back) {
            for (i = lo; i < hi; ++i) x[xr + i * sw] += col[c + i];
            continue;
        }
        for (i = a; i < lo; ++i) col[c + i] = (GIR_T)0;
        if (sw == 1)
            for (i = lo; i < hi; ++i) col[c + i] = x[xr + i];
        else
            for (i = lo; i < hi; ++i) col[c + i] = x[xr + i * sw];
        for (i = hi; i < e; ++i) col[c + i] = (GIR_T)0;
    }
}

/* Between the im2col rows of group g over the whole images [j0, j0 + len) and x, through the stage (see
   gir__conv_staged): gather (back = 0) or add back (back = 1; the planes of x are overwritten, as each is
   reached by one block and group only and was zero) */
static void gir__nn_staged_GIR_SFX(const gir__conv_p *p, GIR_T *x, int64_t g, int64_t j0, int64_t len, GIR_T *col,
                                   int back, const gir__conv_ws *ws)
{
    int64_t cg = p->c / p->groups, hw = p->h * p->w, b0 = j0 / hw, nb = len / hw, mg = gir__conv_margin(p);
    int64_t rl = len + 2 * mg, ic, ky, kx, r = 0, b, i, y0, y1, x0, x1, oy, ox;
    GIR_T *stage = (GIR_T *)ws->stage;
    int32_t *zl = (int32_t *)ws->zl;
    size_t pb = (size_t)hw * sizeof(GIR_T);
    /* the add kernel, as a caller of the elementwise table names the op it wants */
    gir__ew_fn add = gir__ew_pick(GIR_OP_ADD, sizeof(GIR_T) == 4 ? GIR_DTYPE_F32 : GIR_DTYPE_F64);
    int64_t st[2] = {1, 1};
    if (back) GIR_MEMSET(stage, 0, (size_t)(cg * rl) * sizeof(GIR_T));
    else
        for (ic = 0; ic < cg; ++ic) {
            GIR_T *s = stage + ic * rl;
            for (i = 0; i < mg; ++i) s[i] = s[mg + len + i] = (GIR_T)0;
            for (b = 0; b < nb; ++b) GIR_MEMCPY(s + mg + b * hw, x + ((b0 + b) * p->c + g * cg + ic) * hw, pb);
        }
    for (ic = 0; ic < cg; ++ic)
        for (ky = 0; ky < p->kh; ++ky)
            for (kx = 0; kx < p->kw; ++kx, ++r) {
                int64_t offy = ky * p->dh - p->ph, offx = kx * p->dw - p->pw, nz = 0;
                GIR_T *c = col + r * len, *s = stage + ic * rl + mg + offy * p->w + offx;
                gir__nn_span(offy, 1, p->h, p->oh, &y0, &y1);
                gir__nn_span(offx, 1, p->w, p->ow, &x0, &x1);
                for (oy = 0; oy < p->oh; ++oy)           /* the cells of an image that read the padding */
                    for (ox = 0; ox < p->ow; ++ox)
                        if (oy < y0 || oy >= y1 || ox < x0 || ox >= x1) zl[nz++] = (int32_t)(oy * p->ow + ox);
                if (!back) GIR_MEMCPY(c, s, (size_t)len * sizeof(GIR_T));
                for (b = 0; b < nb; ++b)
                    for (i = 0; i < nz; ++i) c[b * hw + zl[i]] = (GIR_T)0;
                if (back) {                              /* s += c through the vector add kernel */
                    const void *in[2];
                    in[0] = s;
                    in[1] = c;
                    add(len, s, in, st, NULL);
                }
            }
    if (back)
        for (ic = 0; ic < cg; ++ic)
            for (b = 0; b < nb; ++b)
                GIR_MEMCPY(x + ((b0 + b) * p->c + g * cg + ic) * hw, stage + ic * rl + mg + b * hw, pb);
}

/* Between rows (ic, ky, kx) x columns [j0, j0 + len) of the im2col matrix of group g (col, row stride len) and
   the input x: gather (back = 0) or add back into x (back = 1: x += col) */
static void gir__nn_cols_GIR_SFX(const gir__conv_p *p, GIR_T *x, int64_t g, int64_t j0, int64_t len,
                                 GIR_T *col, int back, const gir__conv_ws *ws)
{
    int64_t cg = p->c / p->groups, hw = p->h * p->w, ohw = p->oh * p->ow, ic, ky, kx, r = 0, span[4];
    int runs = p->sh == 1 && p->sw == 1 && p->ow == p->w && j0 % ohw == 0 && len % ohw == 0;
    if (gir__conv_staged(p, gir__conv_cols(p, (int64_t)sizeof(GIR_T)))) {
        gir__nn_staged_GIR_SFX(p, x, g, j0, len, col, back, ws);
        return;
    }
    for (ic = 0; ic < cg; ++ic)
        for (ky = 0; ky < p->kh; ++ky)
            for (kx = 0; kx < p->kw; ++kx, ++r) {
                int64_t offy = ky * p->dh - p->ph, offx = kx * p->dw - p->pw, j = j0;
                gir__nn_span(offy, p->sh, p->h, p->oh, &span[0], &span[1]);
                gir__nn_span(offx, p->sw, p->w, p->ow, &span[2], &span[3]);
                if (runs) {                              /* whole images, each one run */
                    int64_t qa = span[0] * p->ow + span[2], qb = (span[1] - 1) * p->ow + span[3], b;
                    if (span[1] <= span[0] || span[3] <= span[2]) qa = qb = ohw;
                    for (b = j0 / ohw; b < (j0 + len) / ohw; ++b)
                        gir__nn_run_GIR_SFX(p, x + (b * p->c + g * cg + ic) * hw, offy * p->w + offx,
                                            col + r * len + b * ohw - j0, qa, qb, span[2], span[3], back);
                    continue;
                }
                while (j < j0 + len) {                   /* the part of one image */
                    int64_t b = j / ohw, q0 = j - b * ohw, q1 = q0 + (j0 + len - j);
                    if (q1 > ohw) q1 = ohw;
                    gir__nn_row_GIR_SFX(p, x, (b * p->c + g * cg + ic) * hw + offy * p->w + offx, col,
                                        r * len + (j - j0) - q0, q0, q1, span, back);
                    j += q1 - q0;
                }
            }
}

/* Between the planes [b, b + cnt) x [ch, ch + nc) of an NCHW tensor t with nt channels of hw cells and a buffer
   buf [nc x cnt*hw]: to the buffer (in = 1) or from it */
static void gir__nn_planes_GIR_SFX(GIR_T *t, int64_t nt, int64_t hw, int64_t b, int64_t cnt, int64_t ch, int64_t nc,
                                   GIR_T *buf, int in)
{
    int64_t i, c, len = cnt * hw;
    for (i = 0; i < cnt; ++i)
        for (c = 0; c < nc; ++c) {
            GIR_T *pl = t + ((b + i) * nt + ch + c) * hw, *bu = buf + c * len + i * hw;
            if (in) GIR_MEMCPY(bu, pl, (size_t)hw * sizeof(GIR_T));
            else GIR_MEMCPY(pl, bu, (size_t)hw * sizeof(GIR_T));
        }
}

/* y = conv(x, w); scratch: gir__conv_scratch(p, g, 0) bytes, 64-byte aligned */
static void gir__nn_conv2d_GIR_SFX(const gir__conv_p *p, const gir__gemm_cfg *gc, const GIR_T *x,
                                   const GIR_T *w, GIR_T *y, void *scratch)
{
    int64_t es = (int64_t)sizeof(GIR_T), rows = gir__conv_rows(p), cg = p->c / p->groups, kg = p->k / p->groups;
    int64_t hw = p->h * p->w, ohw = p->oh * p->ow, total = p->n * ohw, cols = gir__conv_cols(p, es), j0, len, g;
    gir__conv_ws ws;
    GIR_T *col, *buf;
    void *gs;
    gir__conv_ws_bytes(p, es, scratch, &ws);
    col = (GIR_T *)ws.col; buf = (GIR_T *)ws.buf; gs = ws.gemm;
    for (j0 = 0; j0 < total; j0 += len) {
        int64_t b = j0 / ohw, q0 = j0 - b * ohw;
        int one;
        len = gir__conv_len(cols, ohw, total, j0);
        one = q0 + len <= ohw;                                   /* inside one image */
        for (g = 0; g < p->groups; ++g) {
            const GIR_T *bm = col, *wg = w + g * kg * rows;
            int64_t ldb = len;
            if (one && gir__conv_plain(p)) { bm = x + (b * p->c + g * cg) * hw + q0; ldb = hw; }
            else gir__nn_cols_GIR_SFX(p, (GIR_T *)x, g, j0, len, col, 0, &ws);
            if (one) {
                gir__gemm(gc, kg, len, rows, wg, rows, 1, bm, ldb, 1, y + (b * p->k + g * kg) * ohw + q0, ohw, 0, gs, NULL);
                continue;
            }
            gir__gemm(gc, kg, len, rows, wg, rows, 1, bm, ldb, 1, buf, len, 0, gs, NULL);
            gir__nn_planes_GIR_SFX(y, p->k, ohw, b, len / ohw, g * kg, kg, buf, 0);
        }
    }
}

/* gx = dL/dx from gy and w; scratch: gir__conv_scratch(p, g, 1) bytes */
static void gir__nn_conv2d_bwd_data_GIR_SFX(const gir__conv_p *p, const gir__gemm_cfg *gc, const GIR_T *gy,
                                            const GIR_T *w, GIR_T *gx, void *scratch)
{
    int64_t es = (int64_t)sizeof(GIR_T), rows = gir__conv_rows(p), cg = p->c / p->groups, kg = p->k / p->groups;
    int64_t hw = p->h * p->w, ohw = p->oh * p->ow, total = p->n * ohw, cols = gir__conv_cols(p, es), j0, len, g;
    gir__conv_ws ws;
    GIR_T *col, *buf;
    void *gs;
    gir__conv_ws_bytes(p, es, scratch, &ws);
    col = (GIR_T *)ws.col; buf = (GIR_T *)ws.buf; gs = ws.gemm;
    if (p->n * p->c * hw > 0) GIR_MEMSET(gx, 0, (size_t)(p->n * p->c * hw) * sizeof(GIR_T));
    for (j0 = 0; j0 < total; j0 += len) {
        int64_t b = j0 / ohw, q0 = j0 - b * ohw;
        int one;
        len = gir__conv_len(cols, ohw, total, j0);
        one = q0 + len <= ohw;
        for (g = 0; g < p->groups; ++g) {
            const GIR_T *bm = gy + (b * p->k + g * kg) * ohw + q0, *wg = w + g * kg * rows;
            int64_t ldb = ohw;
            if (!one) {
                gir__nn_planes_GIR_SFX((GIR_T *)gy, p->k, ohw, b, len / ohw, g * kg, kg, buf, 1);
                bm = buf;
                ldb = len;
            }
            if (one && gir__conv_plain(p)) {
                gir__gemm(gc, rows, len, kg, wg, 1, rows, bm, ldb, 1, gx + (b * p->c + g * cg) * hw + q0, hw, 1, gs, NULL);
                continue;
            }
            gir__gemm(gc, rows, len, kg, wg, 1, rows, bm, ldb, 1, col, len, 0, gs, NULL);
            gir__nn_cols_GIR_SFX(p, gx, g, j0, len, col, 1, &ws);
        }
    }
}

/* gw = dL/dw from x and gy; scratch: gir__conv_scratch(p, g, 2) bytes */
static void gir__nn_conv2d_bwd_filter_GIR_SFX(const gir__conv_p *p, const gir__gemm_cfg *gc, const GIR_T *x,
                                              const GIR_T *gy, GIR_T *gw, void *scratch)
{
    int64_t es = (int64_t)sizeof(GIR_T), rows = gir__conv_rows(p), cg = p->c / p->groups, kg = p->k / p->groups;
    int64_t hw = p->h * p->w, ohw = p->oh * p->ow, total = p->n * ohw, cols = gir__conv_cols(p, es), j0, len, g;
    gir__conv_ws ws;
    GIR_T *col, *buf;
    void *gs;
    gir__conv_ws_bytes(p, es, scratch, &ws);
    col = (GIR_T *)ws.col; buf = (GIR_T *)ws.buf; gs = ws.gemm;
    if (total == 0 && p->k * rows > 0) GIR_MEMSET(gw, 0, (size_t)(p->k * rows) * sizeof(GIR_T));
    for (j0 = 0; j0 < total; j0 += len) {
        int64_t b = j0 / ohw, q0 = j0 - b * ohw;
        int one;
        len = gir__conv_len(cols, ohw, total, j0);
        one = q0 + len <= ohw;
        for (g = 0; g < p->groups; ++g) {
            const GIR_T *am = gy + (b * p->k + g * kg) * ohw + q0, *bm = col;
            int64_t lda = ohw, csb = len;
            if (!one) {
                gir__nn_planes_GIR_SFX((GIR_T *)gy, p->k, ohw, b, len / ohw, g * kg, kg, buf, 1);
                am = buf;
                lda = len;
            }
            if (one && gir__conv_plain(p)) { bm = x + (b * p->c + g * cg) * hw + q0; csb = hw; }
            else gir__nn_cols_GIR_SFX(p, (GIR_T *)x, g, j0, len, col, 0, &ws);
            gir__gemm(gc, kg, rows, len, am, lda, 1, bm, 1, csb, gw + g * kg * rows, rows, j0 > 0, gs, NULL);
        }
    }
}

/* one step of a running first maximum: cell idx against the best so far (a later NaN replaces an earlier one, as
   in PyTorch). Without branches on the data (random data would mispredict them): bv is the running maximum (a
   max instruction), nan whether a NaN was seen */
static void gir__nn_amax_GIR_SFX(const GIR_T *xp, int64_t idx, GIR_T *bv, int *nan, int64_t *best)
{
    GIR_T e = xp[idx];
    int isnan = e != e, up = ((e > *bv) & !*nan) | isnan;
    *nan |= isnan;
    *bv = e > *bv ? e : *bv;
    *best += (idx - *best) & -(int64_t)up;
}
/* the first maximum of the window at xp[at + i*rs + j*dw], i < ny, j < nx; -1 if it is empty */
static int64_t gir__nn_argmax_GIR_SFX(const GIR_T *xp, int64_t at, int64_t ny, int64_t nx, int64_t rs, int64_t dw)
{
    int64_t best = at, i, j;
    int nan = 0;
    GIR_T bv;
    if (ny <= 0 || nx <= 0) return -1;
    bv = xp[at];
    for (i = 0; i < ny; ++i)
        for (j = 0; j < nx; ++j) gir__nn_amax_GIR_SFX(xp, at + i * rs + j * dw, &bv, &nan, &best);
    return best;
}
/* the first maximum of a 2x2 window inside the input */
static int64_t gir__nn_argmax4_GIR_SFX(const GIR_T *xp, int64_t at, int64_t rs, int64_t dw)
{
    int64_t best = at;
    int nan = 0;
    GIR_T bv = xp[at];
    gir__nn_amax_GIR_SFX(xp, at, &bv, &nan, &best);
    gir__nn_amax_GIR_SFX(xp, at + dw, &bv, &nan, &best);
    gir__nn_amax_GIR_SFX(xp, at + rs, &bv, &nan, &best);
    gir__nn_amax_GIR_SFX(xp, at + rs + dw, &bv, &nan, &best);
    return best;
}

/* max pooling of one output row oy of plane xp: forward (gy NULL: y = vp at each window's first maximum of xp;
   vp == xp for max_pool2d, another plane for max_pool2d_pick) or backward (gx += gy at each window's first
   maximum). The windows inside the input, 2x2 ones above all (but for max_pool2d_pick, which takes the general
   scan), skip the clipping. */
static void gir__nn_maxrow_GIR_SFX(const gir__conv_p *p, const gir__nn_wins *v, const GIR_T *xp, const GIR_T *vp,
                                   const GIR_T *gy, GIR_T *y, GIR_T *gx)
{
    int64_t ox, nx, at, sw = p->sw, dw = p->dw, rs = v->rs, lo = v->ix0, hi = v->ix1;
    GIR_T ninf = gir__log_GIR_SFX((GIR_T)0); /* -inf */
    if (v->ny != p->kh) lo = hi = p->ow;                 /* clipped rows: every window the slow way */
    for (ox = 0; ox < p->ow; ++ox) {
        if (ox == lo) {                                  /* the full windows [lo, hi) */
            at = v->row + lo * sw - p->pw;
            if (p->kh == 2 && p->kw == 2 && !gy && vp == xp)
                for (; ox < hi; ++ox, at += sw) {
                    GIR_T a = xp[at], b = xp[at + dw], c = xp[at + rs], d = xp[at + rs + dw];
                    GIR_T m = a > b ? a : b, n = c > d ? c : d;
                    y[ox] = m > n ? m : n;
                    if (a != a || b != b || c != c || d != d) y[ox] = xp[gir__nn_argmax4_GIR_SFX(xp, at, rs, dw)];
                }
            else if (p->kh == 2 && p->kw == 2 && gy)
                for (; ox < hi; ++ox, at += sw) {           /* first maximum of each row, then of the two */
                    GIR_T a = xp[at], b = xp[at + dw], c = xp[at + rs], d = xp[at + rs + dw];
                    GIR_T m = a < b ? b : a, n = c < d ? d : c;
                    int64_t i0 = at + (dw & -(int64_t)(b > a)), i1 = at + rs + (dw & -(int64_t)(d > c));
                    int64_t m4 = i0 + ((i1 - i0) & -(int64_t)(n > m));
                    if (a != a || b != b || c != c || d != d) m4 = gir__nn_argmax4_GIR_SFX(xp, at, rs, dw);
                    gx[m4] += gy[ox];
                }
            else
                for (; ox < hi; ++ox, at += sw) {
                    int64_t m = gir__nn_argmax_GIR_SFX(xp, at, p->kh, p->kw, rs, dw);
                    if (gy) gx[m] += gy[ox];
                    else y[ox] = vp[m];
                }
            if (ox >= p->ow) break;
        }
        at = gir__nn_wins_col(p, v, ox, &nx);
        at = gir__nn_argmax_GIR_SFX(xp, at, v->ny, nx, rs, dw);
        if (!gy) y[ox] = at < 0 ? ninf : vp[at];
        else if (at >= 0) gx[at] += gy[ox];
    }
}

/* max_pool2d's values with 2x2 windows, stride 2, no padding or dilation: the first maximum of each row of a
   window, then of the two; in vectors where this machine has them (gir__vr_fns.max2x2, the same comparisons, so
   the same bits) over the planes as one run of row pairs when h is even (else plane by plane), the rest here */
static void gir__nn_max2x2_fwd_GIR_SFX(const gir__conv_p *p, const GIR_T *x, GIR_T *out)
{
    const gir__vr_fns *vr = gir__vr_pick(GIR_PICK(GIR_DTYPE_F32, GIR_DTYPE_F64));
    int64_t w = p->w, np = p->h % 2 ? 1 : p->n * p->c, pl, r, ox;
    for (pl = 0; pl < p->n * p->c; pl += np) {
        const GIR_T *xp = x + pl * p->h * w;
        GIR_T *y = out + pl * p->oh * p->ow;
        for (r = vr ? vr->max2x2(xp, np * p->oh, w, y) : 0, y += r * p->ow; r < np * p->oh; ++r) {
            int64_t at = 2 * r * w;
            for (ox = 0; ox < p->ow; ++ox, at += 2) {
                GIR_T a = xp[at], b = xp[at + 1], c = xp[at + w], d = xp[at + w + 1];
                GIR_T m = a < b ? b : a, n = c < d ? d : c;
                *y++ = a != a || b != b || c != c || d != d ? xp[gir__nn_argmax4_GIR_SFX(xp, at, w, 1)]
                                                            : m < n ? n : m;
            }
        }
    }
}
/* max pooling with 2x2 windows, stride 2, no padding or dilation (the common case; every window inside the input),
   forward (gy NULL: v at each window's first maximum of x) or backward, in plain loops: the first maximum of each
   row of a window, then of the two (max_pool2d itself, v is x: gir__nn_max2x2_fwd) */
static void gir__nn_max2x2_GIR_SFX(const gir__conv_p *p, const GIR_T *x, const GIR_T *v, const GIR_T *gy, GIR_T *out)
{
    int64_t w = p->w, hw = p->h * w, pl, oy, ox;
    if (!gy && v == x) {
        gir__nn_max2x2_fwd_GIR_SFX(p, x, out);
        return;
    }
    for (pl = 0; pl < p->n * p->c; ++pl)
        for (oy = 0; oy < p->oh; ++oy) {
            const GIR_T *xp = x + pl * hw, *vp = v && v != x ? v + pl * hw : xp;     /* bwd (v NULL): xp */
            int64_t at = 2 * oy * w;
            for (ox = 0; ox < p->ow; ++ox, at += 2) {
                GIR_T a = xp[at], b = xp[at + 1], c = xp[at + w], d = xp[at + w + 1];
                GIR_T m = a < b ? b : a, n = c < d ? d : c;       /* max instructions */
                int64_t i0 = at + (b > a), i1 = at + w + (d > c);  /* indices by arithmetic: no branches */
                int64_t i4 = i0 + ((i1 - i0) & -(int64_t)(n > m));
                if (a != a || b != b || c != c || d != d) i4 = gir__nn_argmax4_GIR_SFX(xp, at, w, 1);
                if (gy) out[pl * hw + i4] += *gy++;
                else *out++ = vp[i4];
            }
        }
}

/* max pooling forward (gy == NULL: out = v at each window's first maximum of x) or backward (out += gy at each
   window's first maximum, out zeroed first); one window scan serves max_pool2d, max_pool2d_bwd and
   max_pool2d_pick, so all three agree on the maximum chosen */
static void gir__nn_maxpool_GIR_SFX(const gir__conv_p *p, const GIR_T *x, const GIR_T *v, const GIR_T *gy,
                                    GIR_T *out)
{
    int64_t hw = p->h * p->w, ohw = p->oh * p->ow, pl, oy;
    gir__nn_wins w;
    gir__nn_wins_init(p, &w);
    if (gy && p->n * p->c * hw > 0) GIR_MEMSET(out, 0, (size_t)(p->n * p->c * hw) * sizeof(GIR_T));
    if (p->kh == 2 && p->kw == 2 && p->sh == 2 && p->sw == 2 && p->ph == 0 && p->pw == 0 && p->dh == 1 && p->dw == 1) {
        gir__nn_max2x2_GIR_SFX(p, x, v, gy, out);
        return;
    }
    for (pl = 0; pl < p->n * p->c; ++pl)
        for (oy = 0; oy < p->oh; ++oy) {
            gir__nn_wins_row(p, &w, oy);
            if (gy) gir__nn_maxrow_GIR_SFX(p, &w, x + pl * hw, x + pl * hw, gy + pl * ohw + oy * p->ow, NULL,
                                           out + pl * hw);
            else gir__nn_maxrow_GIR_SFX(p, &w, x + pl * hw, v + pl * hw, NULL, out + pl * ohw + oy * p->ow, NULL);
        }
}
static void gir__nn_maxpool2d_GIR_SFX(const gir__conv_p *p, const GIR_T *x, GIR_T *y)
{
    gir__nn_maxpool_GIR_SFX(p, x, x, NULL, y);
}
static void gir__nn_maxpool2d_bwd_GIR_SFX(const gir__conv_p *p, const GIR_T *x, const GIR_T *gy, GIR_T *gx)
{
    gir__nn_maxpool_GIR_SFX(p, x, NULL, gy, gx);
}
static void gir__nn_maxpool2d_pick_GIR_SFX(const gir__conv_p *p, const GIR_T *x, const GIR_T *v, GIR_T *y)
{
    gir__nn_maxpool_GIR_SFX(p, x, v, NULL, y);
}

static void gir__nn_avgpool2d_GIR_SFX(const gir__conv_p *p, const GIR_T *x, GIR_T *y)
{
    int64_t hw = p->h * p->w, pl, oy, ox, i, j, nx;
    gir__nn_wins v;
    gir__nn_wins_init(p, &v);
    for (pl = 0; pl < p->n * p->c; ++pl) {
        const GIR_T *xp = x + pl * hw;
        for (oy = 0; oy < p->oh; ++oy) {
            gir__nn_wins_row(p, &v, oy);
            for (ox = 0; ox < p->ow; ++ox) {
                int64_t c0 = gir__nn_wins_col(p, &v, ox, &nx);
                GIR_T s = (GIR_T)0;
                for (i = 0; i < v.ny; ++i)
                    for (j = 0; j < nx; ++j) s += xp[c0 + i * v.rs + j * p->dw];
                *y++ = s / (GIR_T)(p->incl ? p->kh * p->kw : v.ny * nx > 0 ? v.ny * nx : 1);
            }
        }
    }
}

static void gir__nn_avgpool2d_bwd_GIR_SFX(const gir__conv_p *p, const GIR_T *gy, GIR_T *gx)
{
    int64_t hw = p->h * p->w, pl, oy, ox, i, j, nx;
    gir__nn_wins v;
    gir__nn_wins_init(p, &v);
    if (p->n * p->c * hw > 0) GIR_MEMSET(gx, 0, (size_t)(p->n * p->c * hw) * sizeof(GIR_T));
    for (pl = 0; pl < p->n * p->c; ++pl) {
        GIR_T *gxp = gx + pl * hw;
        for (oy = 0; oy < p->oh; ++oy) {
            gir__nn_wins_row(p, &v, oy);
            for (ox = 0; ox < p->ow; ++ox) {
                int64_t c0 = gir__nn_wins_col(p, &v, ox, &nx);
                GIR_T g = *gy++ / (GIR_T)(p->incl ? p->kh * p->kw : v.ny * nx > 0 ? v.ny * nx : 1);
                for (i = 0; i < v.ny; ++i)
                    for (j = 0; j < nx; ++j) gxp[c0 + i * v.rs + j * p->dw] += g;
            }
        }
    }
}
