/* unit/gemm.c - the packed GEMM (gen/70-kernels/gemm.c): each micro-kernel set (scalar, AVX2, AVX-512, NEON, MVE; f32 and
   f64) against a naive double-precision reference for odd shapes, block edges, transposed operands,
   accumulation and strided C; matmul through it (batched with broadcasting, one row, one column); its packing
   memory comes from the plan. Included by unit/main.c (uses its CHECK/FAILF/RUN and the internals of gir.h). */

static uint32_t gm_seed = 12345u;
static double gm_rand(void) {                      /* uniform in [-1, 1) */
    gm_seed = gm_seed * 1664525u + 1013904223u;
    return (double)(gm_seed >> 8) / 8388608.0 - 1.0;
}
static double gm_get(const void *p, int es, int64_t i) { return es == 4 ? (double)((const float *)p)[i] : ((const double *)p)[i]; }
static void gm_set(void *p, int es, int64_t i, double v) {
    if (es == 4) ((float *)p)[i] = (float)v;
    else ((double *)p)[i] = v;
}
/* |got - want| within (k + 2) eps (|c0| + sum |a||b|): the bound of a k-term dot product in floating point */
static int gm_close(double got, double want, double mag, int64_t k, int es) {
    double eps = es == 4 ? (double)FLT_EPSILON : DBL_EPSILON;
    return fabs(got - want) <= (double)(k + 2) * eps * mag + 1e-300;
}

/* one product C (=, or += if acc) op(A) op(B) through configuration g. ta: A is stored k x m (read as its
   transpose); tb: B is stored n x k. C has row stride n + cpad; its padding and the bytes after the scratch
   must stay untouched. */
static int gm_check(const gir__gemm_cfg *g, int64_t m, int64_t n, int64_t k, int ta, int tb, int acc, int64_t cpad) {
    int es = g->es;
    int64_t ldc = n + cpad, i, j, p, rsa = ta ? 1 : k, csa = ta ? m : 1, rsb = tb ? 1 : n, csb = tb ? k : 1;
    size_t sb = gir__gemm_scratch(g, m, n, k), guard = 256, q;
    void *a = malloc((size_t)(m * k + 1) * es), *b = malloc((size_t)(k * n + 1) * es);
    void *c = malloc((size_t)(m * ldc + 1) * es), *c0 = malloc((size_t)(m * ldc + 1) * es);
    unsigned char *raw = (unsigned char *)malloc(sb + 64 + guard), *scr;
    int ok = 1;
    CHECK(a && b && c && c0 && raw, "out of memory");
    scr = raw + (64 - (uintptr_t)raw % 64) % 64;
    memset(scr, 0xA5, sb + guard);
    for (i = 0; i < m * k; ++i) gm_set(a, es, i, gm_rand());
    for (i = 0; i < k * n; ++i) gm_set(b, es, i, gm_rand());
    for (i = 0; i < m * ldc; ++i) {
        int pad = i % ldc >= n;
        gm_set(c0, es, i, pad ? 777.0 : acc ? gm_rand() : 1e30);     /* 1e30: must be overwritten */
    }
    memcpy(c, c0, (size_t)(m * ldc) * es);
    gir__gemm(g, m, n, k, a, rsa, csa, b, rsb, csb, c, ldc, acc, scr, NULL);
    for (i = 0; i < m && ok; ++i)
        for (j = 0; j < ldc && ok; ++j) {
            double want = acc ? gm_get(c0, es, i * ldc + j) : 0, mag = fabs(want), got = gm_get(c, es, i * ldc + j);
            if (j >= n) {
                if (got != 777.0) {
                    snprintf(why, sizeof why, "%s %dB m=%ld n=%ld k=%ld: padding C[%ld][%ld] changed to %g", g->isa, es,
                             (long)m, (long)n, (long)k, (long)i, (long)j, got);
                    ok = 0;
                }
                continue;
            }
            for (p = 0; p < k; ++p) {
                double x = gm_get(a, es, i * rsa + p * csa) * gm_get(b, es, p * rsb + j * csb);
                want += x;
                mag += fabs(x);
            }
            if (!gm_close(got, want, mag, k, es)) {
                snprintf(why, sizeof why, "%s %dB m=%ld n=%ld k=%ld ta=%d tb=%d acc=%d ldc=%ld: C[%ld][%ld] = %.17g, want %.17g",
                         g->isa, es, (long)m, (long)n, (long)k, ta, tb, acc, (long)ldc, (long)i, (long)j, got, want);
                ok = 0;
            }
        }
    for (q = sb; q < sb + guard && ok; ++q)
        if (scr[q] != 0xA5) {
            snprintf(why, sizeof why, "%s %dB m=%ld n=%ld k=%ld: wrote past its %lu scratch bytes (byte %lu)", g->isa, es,
                     (long)m, (long)n, (long)k, (unsigned long)sb, (unsigned long)q);
            ok = 0;
        }
    free(a); free(b); free(c); free(c0); free(raw);
    return ok;
}

/* odd shapes, block edges, all four layouts, both modes: one configuration */
static int gm_cfg_all(const gir__gemm_cfg *g) {
    int64_t mr = g->mr, nr = g->nr, kc = g->kc, mc = g->mc, nc = g->nc;
    int64_t shapes[][3] = {
        {1, 1, 1}, {7, 5, 13}, {300, 3, 17}, {3, 300, 17}, {5, 6, 0}, {1, 1, 0}, {9, 33, 1}, {64, 64, 64},
        {mr - 1, nr - 1, 5}, {mr - 1, nr, 5}, {mr - 1, nr + 1, 5}, {mr, nr - 1, 5}, {mr, nr, 5}, {mr, nr + 1, 5},
        {mr + 1, nr - 1, 5}, {mr + 1, nr, 5}, {mr + 1, nr + 1, 5}, {2 * mr + 1, 2 * nr + 3, 7}, {3 * mr + 1, 3 * nr, 9},
        {mr + 3, nr + 2, kc - 1}, {mr + 3, nr + 2, kc}, {mr + 3, nr + 2, kc + 1}, {2, nr + 2, 2 * kc + 3},
        {mc - 1, 7, 3}, {mc, 2 * nr + 1, 3}, {mc + 1, 7, kc + 1}, {2, nc + 1, 2}, {3 * mr + 1, nc + 1, 2},
        {300, 40, 1000}, {3 * mr + 1, 300, 600},     /* spans over 1 MiB / 256 KiB: A and B packed, not read in place */
    };
    int s, layout;
    for (s = 0; s < (int)(sizeof shapes / sizeof shapes[0]); ++s) {
        int64_t m = shapes[s][0] < 1 ? 1 : shapes[s][0], n = shapes[s][1] < 1 ? 1 : shapes[s][1];
        for (layout = 0; layout < 4; ++layout)
            if (!gm_check(g, m, n, shapes[s][2], layout & 1, layout >> 1, (s + layout) % 2, (s + layout) % 3 == 0 ? 3 : 0))
                return 0;
    }
    return 1;
}
static int test_gemm_scalar_f32(void) { return gm_cfg_all(&gir__gemm_scalar_f32); }
static int test_gemm_scalar_f64(void) { return gm_cfg_all(&gir__gemm_scalar_f64); }
#if defined(GIR__HAVE_AVX2)
static int test_gemm_avx2_f32(void) { return gm_cfg_all(&gir__gemm_avx2_f32); }
static int test_gemm_avx2_f64(void) { return gm_cfg_all(&gir__gemm_avx2_f64); }
#endif
#if defined(GIR__HAVE_AVX512)
static int test_gemm_avx512_f32(void) { return gm_cfg_all(&gir__gemm_avx512_f32); }
static int test_gemm_avx512_f64(void) { return gm_cfg_all(&gir__gemm_avx512_f64); }
static int test_gemm_avx512_wide_f32(void) { return gm_cfg_all(&gir__gemm_avx512w_f32); }
static int test_gemm_avx512_wide_f64(void) { return gm_cfg_all(&gir__gemm_avx512w_f64); }
#endif
#if defined(GIR__HAVE_NEON)
static int test_gemm_neon_f32(void) { return gm_cfg_all(&gir__gemm_neon_f32); }
static int test_gemm_neon_f64(void) { return gm_cfg_all(&gir__gemm_neon_f64); }
#endif
#if defined(GIR__HAVE_MVE)
static int test_gemm_mve_f32(void) { return gm_cfg_all(&gir__gemm_mve_f32); }
#endif
/* matmul runs the best compiled instruction set this machine has (the scalar kernels when GIR_NO_SIMD) */
static int test_gemm_dispatch(void) {
    const char *want = gir_simd_name();
    CHECK(!strcmp(gir__gemm_cfg_for(GIR_DTYPE_F32)->isa, want), "f32 GEMM runs %s on a machine that has %s",
          gir__gemm_cfg_for(GIR_DTYPE_F32)->isa, want);
    CHECK(!strcmp(gir__gemm_cfg_for(GIR_DTYPE_F64)->isa, !strcmp(want, "mve") ? "scalar" : want),
          "f64 GEMM runs %s on a machine that has %s", gir__gemm_cfg_for(GIR_DTYPE_F64)->isa, want);
#if defined(GIR_NO_SIMD)
    CHECK(!strcmp(want, "scalar"), "GIR_NO_SIMD runs %s", want);
#endif
    return 1;
}

/* C = A B^T (B stored n x k, read transposed) when A is short: gir__gemm computes it as its transpose (A^T packed,
   B^T's rows read in place) and must give the bits of the same product with B stored k x n (the direct way), for
   this machine's GEMM and the scalar one; with acc only where k fits one block. The swap must be taken. */
static int gm_swap_bits(const gir__gemm_cfg *g, int64_t m, int64_t n, int64_t k, int acc) {
    int es = g->es;
    int64_t i, j;
    size_t sb = gir__gemm_scratch(g, m, n, k);
    char *a = (char *)malloc((size_t)(m * k) * es), *bt = (char *)malloc((size_t)(k * n) * es);
    char *b = (char *)malloc((size_t)(k * n) * es), *c[2], *raw = (char *)malloc(sb + 64), *scr;
    c[0] = (char *)malloc((size_t)(m * n) * es);
    c[1] = (char *)malloc((size_t)(m * n) * es);
    CHECK(a && bt && b && c[0] && c[1] && raw, "out of memory");
    scr = raw + (64 - (uintptr_t)raw % 64) % 64;
    for (i = 0; i < m * k; ++i) gm_set(a, es, i, gm_rand());
    for (i = 0; i < n; ++i)
        for (j = 0; j < k; ++j) {
            gm_set(bt, es, i * k + j, gm_rand());
            memcpy(b + (j * n + i) * es, bt + (i * k + j) * es, (size_t)es);
        }
    for (i = 0; i < m * n; ++i) gm_set(c[0], es, i, acc ? gm_rand() : 1e30);
    memcpy(c[1], c[0], (size_t)(m * n) * es);
    CHECK(gir__gemm_swap(g, m, n, k, 1, 1, k, acc, sb) != NULL, "%s %dB m=%ld n=%ld k=%ld acc=%d: not swapped",
          g->isa, es, (long)m, (long)n, (long)k, acc);
    gir__gemm(g, m, n, k, a, k, 1, bt, 1, k, c[0], n, acc, scr, NULL);
    gir__gemm(g, m, n, k, a, k, 1, b, n, 1, c[1], n, acc, scr, NULL);
    for (i = 0; i < m * n; ++i)
        CHECK(!memcmp(c[0] + i * es, c[1] + i * es, (size_t)es), "%s %dB m=%ld n=%ld k=%ld acc=%d: C[%ld] %.17g swapped, "
              "%.17g direct", g->isa, es, (long)m, (long)n, (long)k, acc, (long)i, gm_get(c[0], es, i),
              gm_get(c[1], es, i));
    free(a); free(bt); free(b); free(c[0]); free(c[1]); free(raw);
    return 1;
}
static int test_gemm_swap_same_bits(void) {
    const gir__gemm_cfg *cf[4];
    int q;
    cf[0] = &gir__gemm_scalar_f32;
    cf[1] = &gir__gemm_scalar_f64;
    cf[2] = gir__gemm_cfg_for(GIR_DTYPE_F32);
    cf[3] = gir__gemm_cfg_for(GIR_DTYPE_F64);
    for (q = 0; q < 4; ++q) {
        const gir__gemm_cfg *g = cf[q];
        int64_t m = 2 * g->mr + 1;
        if (!gm_swap_bits(g, 16, 128, 512, 0) || !gm_swap_bits(g, m, 4 * m + g->nr + 3, g->kc + 7, 0) ||
            !gm_swap_bits(g, g->mr + 2, 4 * (g->mr + 2) + g->nr, g->kc, 1) || !gm_swap_bits(g, m, 4 * m + 1, g->kc - 1, 1))
            return 0;
    }
    return 1;
}

/* ----------------------------------------------------------------------------------- matmul through it */
/* a [..., m, k] x b [..., k, n] as a graph, against a reference that broadcasts the batch axes by index. ta / tb:
   the operand is given as its transpose (stored [..., k, m] / [..., n, k]) and the graph multiplies
   permute_last2 of it, which the plan must read in place (no transpose step) unless the transpose is also an
   output (out_t, with ta) */
static int gm_matmul_t(int dt, gir_shape as, gir_shape bs, int ta, int tb, int out_t, const char *label) {
    gir_graph *g = gir_graph_new(NULL);
    gir_node x = gir_input(g, (gir_dtype)dt, as), y = gir_input(g, (gir_dtype)dt, bs);
    gir_node xa = ta ? gir_permute_last2(g, x) : x, yb = tb ? gir_permute_last2(g, y) : y, z = gir_matmul(g, xa, yb);
    gir_node outs[2];
    gir_plan *p = NULL;
    gir_shape zs = gir_node_shape(g, z);
    int es = dt == GIR_DTYPE_F32 ? 4 : 8, r = zs.rank, d, ntr = 0, want_tr = out_t && ta;
    int64_t na = gir__numel(&as), nb = gir__numel(&bs), m = zs.dim[r - 2], n = zs.dim[r - 1];
    int64_t k = ta ? as.dim[as.rank - 2] : as.dim[as.rank - 1], t, i, j, p2, nbat = 1;
    void *av = malloc((size_t)(na + 1) * es), *bv = malloc((size_t)(nb + 1) * es);
    const void *zv;
    int ok = 1;
    CHECK(gir_graph_status(g) == GIR_OK && av && bv, "%s: build: %s", label, gir_graph_message(g));
    for (i = 0; i < na; ++i) gm_set(av, es, i, gm_rand());
    for (i = 0; i < nb; ++i) gm_set(bv, es, i, gm_rand());
    outs[0] = z; outs[1] = xa;
    CHECK(gir_plan_compile(g, want_tr ? 2 : 1, outs, NULL, &p) == GIR_OK, "%s: compile: %s", label, gir_graph_message(g));
    for (i = 0; i < p->nsteps; ++i) ntr += p->steps[i].op == GIR_OP_TRANSPOSE;
    CHECK(ntr == want_tr, "%s: the plan has %d transpose steps, want %d", label, ntr, want_tr);
    gir_plan_bind(p, x, av);
    gir_plan_bind(p, y, bv);
    CHECK(gir_plan_run(p) == GIR_OK, "%s: run: %s", label, gir_plan_message(p));
    zv = gir_plan_data(p, z);
    if (want_tr) {                                  /* the transpose, computed as well, is the exact transpose */
        const void *tv = gir_plan_data(p, xa);
        for (i = 0; i < na; ++i) {
            int64_t b0 = i / (m * k), ii = i % (m * k) / k, pp = i % k;
            CHECK(gm_get(tv, es, i) == gm_get(av, es, b0 * m * k + pp * m + ii), "%s: transpose output [%ld]", label, (long)i);
        }
    }
    for (d = 0; d < r - 2; ++d) nbat *= zs.dim[d];
    for (t = 0; t < nbat && ok; ++t) {
        int64_t ao = 0, bo = 0, rem = t, sa = 1, sbb = 1;
        for (d = r - 3; d >= 0; --d) {             /* batch index of z -> offsets into a and b (size-1 axes broadcast) */
            int64_t ix = rem % zs.dim[d], da = d - (r - as.rank), db = d - (r - bs.rank);
            rem /= zs.dim[d];
            if (da >= 0) { ao += (as.dim[da] == 1 ? 0 : ix) * sa; sa *= as.dim[da]; }
            if (db >= 0) { bo += (bs.dim[db] == 1 ? 0 : ix) * sbb; sbb *= bs.dim[db]; }
        }
        for (i = 0; i < m && ok; ++i)
            for (j = 0; j < n && ok; ++j) {
                double want = 0, mag = 0, got = gm_get(zv, es, (t * m + i) * n + j);
                for (p2 = 0; p2 < k; ++p2) {
                    double v = gm_get(av, es, ao * m * k + (ta ? p2 * m + i : i * k + p2)) *
                               gm_get(bv, es, bo * k * n + (tb ? j * k + p2 : p2 * n + j));
                    want += v;
                    mag += fabs(v);
                }
                if (!gm_close(got, want, mag, k, es)) {
                    snprintf(why, sizeof why, "%s %s: batch %ld, [%ld][%ld] = %.17g, want %.17g", label,
                             gir_dtype_name((gir_dtype)dt), (long)t, (long)i, (long)j, got, want);
                    ok = 0;
                }
            }
    }
    gir_plan_free(p);
    gir_graph_free(g);
    free(av); free(bv);
    return ok;
}
static int gm_matmul(int dt, gir_shape as, gir_shape bs, const char *label) { return gm_matmul_t(dt, as, bs, 0, 0, 0, label); }
static gir_shape gm_shape(int rank, int32_t d0, int32_t d1, int32_t d2, int32_t d3) {
    int32_t dims[4];
    dims[0] = d0; dims[1] = d1; dims[2] = d2; dims[3] = d3;
    return gir_shapev(rank, dims);
}
static int test_gemm_matmul_batched_broadcast(void) {
    static const int dts[2] = {GIR_DTYPE_F32, GIR_DTYPE_F64};
    int q;
    for (q = 0; q < 2; ++q) {
        int dt = dts[q];
        if (!gm_matmul(dt, gm_shape(4, 2, 3, 17, 19), gm_shape(3, 3, 19, 33, 0), "[2,3,17,19] x [3,19,33]")) return 0;
        if (!gm_matmul(dt, gm_shape(2, 17, 19, 0, 0), gm_shape(3, 4, 19, 33, 0), "[17,19] x [4,19,33]")) return 0;
        if (!gm_matmul(dt, gm_shape(4, 2, 1, 15, 40), gm_shape(4, 1, 3, 40, 9), "[2,1,15,40] x [1,3,40,9]")) return 0;
        if (!gm_matmul(dt, gm_shape(3, 5, 13, 21, 0), gm_shape(2, 21, 35, 0, 0), "[5,13,21] x [21,35]")) return 0;
        if (!gm_matmul(dt, gm_shape(3, 1, 31, 8, 0), gm_shape(3, 3, 8, 30, 0), "[1,31,8] x [3,8,30]")) return 0;
        if (!gm_matmul(dt, gm_shape(3, 4, 0, 8, 0), gm_shape(3, 4, 8, 5, 0), "[4,0,8] x [4,8,5]")) return 0;
        if (!gm_matmul(dt, gm_shape(3, 3, 6, 0, 0), gm_shape(3, 3, 0, 5, 0), "[3,6,0] x [3,0,5]")) return 0;
    }
    return 1;
}
static int test_gemm_matmul_one_row_one_column(void) {
    static const int dts[2] = {GIR_DTYPE_F32, GIR_DTYPE_F64};
    int q;
    for (q = 0; q < 2; ++q) {
        int dt = dts[q];
        if (!gm_matmul(dt, gm_shape(2, 1, 300, 0, 0), gm_shape(2, 300, 70, 0, 0), "[1,300] x [300,70]")) return 0;
        if (!gm_matmul(dt, gm_shape(2, 70, 300, 0, 0), gm_shape(2, 300, 1, 0, 0), "[70,300] x [300,1]")) return 0;
        if (!gm_matmul(dt, gm_shape(2, 1, 300, 0, 0), gm_shape(2, 300, 1, 0, 0), "[1,300] x [300,1]")) return 0;
        if (!gm_matmul(dt, gm_shape(3, 6, 1, 40, 0), gm_shape(3, 6, 40, 1, 0), "[6,1,40] x [6,40,1]")) return 0;
    }
    return 1;
}
/* permute_last2 feeding a matmul is read in place (no transpose step), batched and broadcast, A, B or both */
static int test_gemm_matmul_reads_transpose_in_place(void) {
    static const int dts[2] = {GIR_DTYPE_F32, GIR_DTYPE_F64};
    int q;
    for (q = 0; q < 2; ++q) {
        int dt = dts[q];
        if (!gm_matmul_t(dt, gm_shape(2, 19, 17, 0, 0), gm_shape(2, 19, 33, 0, 0), 1, 0, 0, "T([19,17]) x [19,33]")) return 0;
        if (!gm_matmul_t(dt, gm_shape(2, 17, 19, 0, 0), gm_shape(2, 33, 19, 0, 0), 0, 1, 0, "[17,19] x T([33,19])")) return 0;
        if (!gm_matmul_t(dt, gm_shape(2, 300, 40, 0, 0), gm_shape(2, 70, 300, 0, 0), 1, 1, 0, "T([300,40]) x T([70,300])")) return 0;
        if (!gm_matmul_t(dt, gm_shape(4, 2, 1, 6, 4), gm_shape(3, 3, 5, 6, 0), 1, 1, 0, "T([2,1,6,4]) x T([3,5,6])")) return 0;
        if (!gm_matmul_t(dt, gm_shape(3, 5, 13, 21, 0), gm_shape(2, 35, 13, 0, 0), 1, 1, 0, "T([5,13,21]) x T([35,13])")) return 0;
        if (!gm_matmul_t(dt, gm_shape(2, 1, 300, 0, 0), gm_shape(2, 70, 300, 0, 0), 0, 1, 0, "[1,300] x T([70,300])")) return 0;
        if (!gm_matmul_t(dt, gm_shape(2, 300, 1, 0, 0), gm_shape(2, 300, 1, 0, 0), 1, 0, 0, "T([300,1]) x [300,1]")) return 0;
        if (!gm_matmul_t(dt, gm_shape(2, 19, 17, 0, 0), gm_shape(2, 19, 33, 0, 0), 1, 0, 1, "T([19,17]) x [19,33], T an output"))
            return 0;
    }
    return 1;
}
/* the adjoints of matmul, dX = dY W^T and dW = X^T dY, read W^T and X^T in place: no transpose step */
static int test_gemm_matmul_adjoints_copy_no_transpose(void) {
    gir_graph *g = gir_graph_new(NULL);
    gir_node x = gir_input(g, GIR_DTYPE_F64, gir_shape2(8, 5)), w = gir_input(g, GIR_DTYPE_F64, gir_shape2(5, 3));
    gir_node y = gir_sum(g, gir_square(g, gir_matmul(g, x, w)), gir_ints0(), 0), wrt[2], gr[2];
    gir_plan *p = NULL;
    double xv[40], wv[15], yv[24];
    const double *dx, *dw;
    int i, j, q, ntr = 0;
    for (i = 0; i < 40; ++i) xv[i] = gm_rand();
    for (i = 0; i < 15; ++i) wv[i] = gm_rand();
    wrt[0] = x; wrt[1] = w;
    CHECK(gir_grad(g, y, 2, wrt, gr) == GIR_OK, "grad: %s", gir_graph_message(g));
    CHECK(gir_plan_compile(g, 2, gr, NULL, &p) == GIR_OK, "compile: %s", gir_graph_message(g));
    for (i = 0; i < (int)p->nsteps; ++i) ntr += p->steps[i].op == GIR_OP_TRANSPOSE;
    CHECK(ntr == 0, "the gradient plan copies %d transposes", ntr);
    gir_plan_bind(p, x, xv);
    gir_plan_bind(p, w, wv);
    CHECK(gir_plan_run(p) == GIR_OK, "run: %s", gir_plan_message(p));
    dx = (const double *)gir_plan_data(p, gr[0]);
    dw = (const double *)gir_plan_data(p, gr[1]);
    for (i = 0; i < 8; ++i)                         /* y = sum (x w)^2: dy/d(xw) = 2 x w */
        for (j = 0; j < 3; ++j) {
            yv[i * 3 + j] = 0;
            for (q = 0; q < 5; ++q) yv[i * 3 + j] += xv[i * 5 + q] * wv[q * 3 + j];
        }
    for (i = 0; i < 8; ++i)
        for (q = 0; q < 5; ++q) {
            double want = 0;
            for (j = 0; j < 3; ++j) want += 2 * yv[i * 3 + j] * wv[q * 3 + j];
            CHECK(fabs(dx[i * 5 + q] - want) <= 1e-12 * (1 + fabs(want)), "dx[%d][%d] = %g, want %g", i, q, dx[i * 5 + q], want);
        }
    for (q = 0; q < 5; ++q)
        for (j = 0; j < 3; ++j) {
            double want = 0;
            for (i = 0; i < 8; ++i) want += 2 * xv[i * 5 + q] * yv[i * 3 + j];
            CHECK(fabs(dw[q * 3 + j] - want) <= 1e-12 * (1 + fabs(want)), "dw[%d][%d] = %g, want %g", q, j, dw[q * 3 + j], want);
        }
    gir_plan_free(p);
    gir_graph_free(g);
    return 1;
}
/* the plan reserves the packing memory when it compiles; running allocates nothing */
static int test_gemm_matmul_scratch_from_plan(void) {
    failing f;
    gir_allocator al;
    gir_graph_desc d;
    gir_graph *g;
    gir_node x, w, y;
    gir_plan *p = NULL;
    float *xv = (float *)malloc(200 * 300 * sizeof(float)), *wv = (float *)malloc(300 * 150 * sizeof(float));
    size_t need = gir__gemm_scratch(gir__gemm_cfg_for(GIR_DTYPE_F32), 200, 150, 300);
    long before;
    int i;
    CHECK(xv && wv, "out of memory");
    for (i = 0; i < 200 * 300; ++i) xv[i] = (float)gm_rand();
    for (i = 0; i < 300 * 150; ++i) wv[i] = (float)gm_rand();
    memset(&f, 0, sizeof f);
    al.alloc_fn = f_alloc; al.realloc_fn = f_realloc; al.free_fn = f_free; al.user = &f;
    memset(&d, 0, sizeof d);
    d.allocator = al;
    g = gir_graph_new(&d);
    x = gir_input(g, GIR_DTYPE_F32, gir_shape2(200, 300));
    w = gir_input(g, GIR_DTYPE_F32, gir_shape2(300, 150));
    y = gir_matmul(g, x, w);
    CHECK(gir_plan_compile(g, 1, &y, NULL, &p) == GIR_OK, "compile: %s", gir_graph_message(g));
#if defined(GIR_NO_PACKED_GEMM)                 /* plain loops: no packing buffers at all */
    (void)need;
    CHECK(p->scratch_bytes == 0, "the plan has %lu scratch bytes, plain loops need none", (unsigned long)p->scratch_bytes);
#else
    CHECK(need > 0 && p->scratch_bytes >= need, "the plan has %lu scratch bytes, the GEMM needs %lu",
          (unsigned long)p->scratch_bytes, (unsigned long)need);
#endif
    gir_plan_bind(p, x, xv);
    gir_plan_bind(p, w, wv);
    before = f.count;
    for (i = 0; i < 3; ++i) CHECK(gir_plan_run(p) == GIR_OK, "run: %s", gir_plan_message(p));
    CHECK(f.count == before, "gir_plan_run allocated %ld times", f.count - before);
    {
        const float *yv = (const float *)gir_plan_data(p, y);
        double want = 0, mag = 0;
        for (i = 0; i < 300; ++i) { want += (double)xv[199 * 300 + i] * wv[i * 150 + 149]; mag += fabs((double)xv[199 * 300 + i] * wv[i * 150 + 149]); }
        CHECK(gm_close(yv[199 * 150 + 149], want, mag, 300, 4), "y[199][149] = %g, want %g", yv[199 * 150 + 149], want);
    }
    gir_plan_free(p);
    gir_graph_free(g);
    free(xv); free(wv);
    CHECK(f.live == 0, "leak");
    return 1;
}

static void suite_gemm(void) {
    int level = gir__simd_level();
    (void)level;
    RUN("gemm/scalar_f32_odd_shapes_block_edges_transposes", test_gemm_scalar_f32());
    RUN("gemm/scalar_f64_odd_shapes_block_edges_transposes", test_gemm_scalar_f64());
#if defined(GIR__HAVE_AVX2)
    if (level == GIR__ISA_AVX2 || level == GIR__ISA_AVX512) {
        RUN("gemm/avx2_f32_odd_shapes_block_edges_transposes", test_gemm_avx2_f32());
        RUN("gemm/avx2_f64_odd_shapes_block_edges_transposes", test_gemm_avx2_f64());
    }
#endif
#if defined(GIR__HAVE_AVX512)
    if (level == GIR__ISA_AVX512) {
        RUN("gemm/avx512_f32_odd_shapes_block_edges_transposes", test_gemm_avx512_f32());
        RUN("gemm/avx512_f64_odd_shapes_block_edges_transposes", test_gemm_avx512_f64());
        RUN("gemm/avx512_wide_tile_f32_odd_shapes_block_edges_transposes", test_gemm_avx512_wide_f32());
        RUN("gemm/avx512_wide_tile_f64_odd_shapes_block_edges_transposes", test_gemm_avx512_wide_f64());
    }
#endif
    skip_missing_isas("gemm/");
#if defined(GIR__HAVE_NEON)
    RUN("gemm/neon_f32_odd_shapes_block_edges_transposes", test_gemm_neon_f32());
    RUN("gemm/neon_f64_odd_shapes_block_edges_transposes", test_gemm_neon_f64());
#endif
#if defined(GIR__HAVE_MVE)
    RUN("gemm/mve_f32_odd_shapes_block_edges_transposes", test_gemm_mve_f32());
#endif
    RUN("gemm/dispatch_picks_the_best_compiled_isa", test_gemm_dispatch());
    RUN("gemm/transposed_b_computed_as_its_transpose_same_bits", test_gemm_swap_same_bits());
    RUN("gemm/matmul_batched_broadcast", test_gemm_matmul_batched_broadcast());
    RUN("gemm/matmul_one_row_one_column", test_gemm_matmul_one_row_one_column());
    RUN("gemm/matmul_reads_transpose_in_place", test_gemm_matmul_reads_transpose_in_place());
    RUN("gemm/matmul_adjoints_copy_no_transpose", test_gemm_matmul_adjoints_copy_no_transpose());
    RUN("gemm/matmul_packing_scratch_from_plan_run_allocates_nothing", test_gemm_matmul_scratch_from_plan());
}
