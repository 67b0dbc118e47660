/* unit/gemv.c - the small and skinny GEMM shapes (gen/70-kernels/gemv.c): outer products (k = 1), vector times matrix
   (m = 1), matrix times vector (n = 1) and dot products, each against a naive double-accumulated reference over a
   sweep of shapes, all four layouts, overwrite and accumulate, strided C, f32 and f64, for every configuration
   this machine runs; gir__gemm's return value shows which path each shape took. Uses the helpers of
   unit/gemm.c (gm_rand, gm_get, gm_set, gm_close, gm_matmul_t, gm_shape). */

static const int64_t sg_sizes[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 15, 16, 17, 31, 33, 63, 64, 65};
#define SG_NSIZES ((int)(sizeof sg_sizes / sizeof sg_sizes[0]))

/* the path gir__gemm should take, stated from the shapes and layouts (m, n, k >= 1) */
static int sg_expected_path(const gir__gemm_cfg *g, int64_t m, int64_t n, int64_t k, int ta, int tb, int64_t ldc) {
    if (k == 1) return GIR__GEMM_OUTER;                  /* B's one row is contiguous in every layout */
    if (m == 1 && !tb) return GIR__GEMM_ROWV;
    if (n == 1 && ta && ldc == 1) return GIR__GEMM_COLV;
    if ((!ta || m == 1) && (tb || n == 1) && (2 * n <= g->nr || 2 * m <= g->mr)) return GIR__GEMM_DOTS;
    return GIR__GEMM_PACKED;
}

/* one product C (=, or += if acc) op(A) op(B): ta: A stored k x m, tb: B stored n x k; C has row stride
   n + cpad and a guard after it. The values are multiples of 2^-23 in [-1, 1), exact in f32 and f64, so one
   double-accumulated reference (want, and mag = |c0| + sum |a||b|) serves both. */
typedef struct sg_case {
    int64_t m, n, k, ldc, size;         /* size: elements of C with its guard */
    int ta, tb, acc;
    double *a, *b, *c0, *want, *mag;
} sg_case;
static void sg_free(sg_case *t) { free(t->a); free(t->b); free(t->c0); free(t->want); free(t->mag); }
static int sg_make(sg_case *t, int64_t m, int64_t n, int64_t k, int ta, int tb, int acc, int64_t cpad) {
    int64_t i, p, rsa = ta ? 1 : k, csa = ta ? m : 1, rsb = tb ? 1 : n, csb = tb ? k : 1;
    t->m = m; t->n = n; t->k = k; t->ta = ta; t->tb = tb; t->acc = acc; t->ldc = n + cpad; t->size = m * t->ldc + 19;
    t->a = (double *)malloc((size_t)(m * k) * sizeof(double));
    t->b = (double *)malloc((size_t)(k * n) * sizeof(double));
    t->c0 = (double *)malloc((size_t)t->size * sizeof(double));
    t->want = (double *)malloc((size_t)t->size * sizeof(double));
    t->mag = (double *)malloc((size_t)t->size * sizeof(double));
    if (!t->a || !t->b || !t->c0 || !t->want || !t->mag) { sg_free(t); return 0; }
    for (i = 0; i < m * k; ++i) t->a[i] = gm_rand();
    for (i = 0; i < k * n; ++i) t->b[i] = gm_rand();
    for (i = 0; i < t->size; ++i) {
        int pad = i >= m * t->ldc || i % t->ldc >= n;
        double w;
        t->c0[i] = pad ? 777.0 : acc ? gm_rand() : 1e30;                 /* 1e30: must be overwritten */
        if (pad) { t->want[i] = 777.0; t->mag[i] = 0; continue; }
        w = acc ? t->c0[i] : 0;
        t->mag[i] = fabs(w);
        for (p = 0; p < k; ++p) {
            double x = t->a[i / t->ldc * rsa + p * csa] * t->b[p * rsb + i % t->ldc * csb];
            w += x;
            t->mag[i] += fabs(x);
        }
        t->want[i] = w;
    }
    return 1;
}
/* run a case through g: every element within (k + 2) eps mag of the reference, padding and guard untouched,
   and the path taken the expected one; counts[path] is bumped */
static int sg_run(const gir__gemm_cfg *g, const sg_case *t, long *counts) {
    int es = g->es, path, want_path;
    int64_t m = t->m, n = t->n, k = t->k, ldc = t->ldc, i;
    size_t sb = gir__gemm_scratch(g, m, n, k);
    void *a = malloc((size_t)(m * k) * es), *b = malloc((size_t)(k * n) * es), *c = malloc((size_t)t->size * es);
    void *scr = sb ? malloc(sb + 64) : NULL;
    char *sa = (char *)scr;
    int ok = 1;
    if (!a || !b || !c || (sb && !scr)) {
        free(a); free(b); free(c); free(scr);
        FAILF("out of memory");
    }
    if (sa) sa += (64 - (uintptr_t)sa % 64) % 64;
    for (i = 0; i < m * k; ++i) gm_set(a, es, i, t->a[i]);
    for (i = 0; i < k * n; ++i) gm_set(b, es, i, t->b[i]);
    for (i = 0; i < t->size; ++i) gm_set(c, es, i, t->c0[i]);
    path = gir__gemm(g, m, n, k, a, t->ta ? 1 : k, t->ta ? m : 1, b, t->tb ? 1 : n, t->tb ? k : 1, c, ldc, t->acc, sa, NULL);
    want_path = sg_expected_path(g, m, n, k, t->ta, t->tb, ldc);
    if (path != want_path) {
        snprintf(why, sizeof why, "%s %dB m=%ld n=%ld k=%ld ta=%d tb=%d ldc=%ld: took path %d, want %d", g->isa, es,
                 (long)m, (long)n, (long)k, t->ta, t->tb, (long)ldc, path, want_path);
        ok = 0;
    }
    if (path >= 0 && path < 6) ++counts[path];
    for (i = 0; i < t->size && ok; ++i) {
        double got = gm_get(c, es, i);
        if (i >= m * ldc || i % ldc >= n ? got != 777.0 : !gm_close(got, t->want[i], t->mag[i], k, es)) {
            snprintf(why, sizeof why, "%s %dB m=%ld n=%ld k=%ld ta=%d tb=%d acc=%d ldc=%ld path %d: C[%ld][%ld] = %.17g, "
                     "want %.17g", g->isa, es, (long)m, (long)n, (long)k, t->ta, t->tb, t->acc, (long)ldc, path,
                     (long)(i / ldc), (long)(i % ldc), got, t->want[i]);
            ok = 0;
        }
    }
    free(a); free(b); free(c); free(scr);
    return ok;
}
/* one case through every configuration in cfgs[0..nc) */
static int sg_check_all(const gir__gemm_cfg *const *cfgs, int nc, int64_t m, int64_t n, int64_t k, int ta, int tb,
                        int acc, int64_t cpad, long (*counts)[6]) {
    sg_case t;
    int q, ok = 1;
    CHECK(sg_make(&t, m, n, k, ta, tb, acc, cpad), "out of memory");
    for (q = 0; q < nc && ok; ++q) ok = sg_run(cfgs[q], &t, counts[q]);
    sg_free(&t);
    return ok;
}

/* the configurations this machine runs: scalar, and each compiled instruction set the CPU has */
static int sg_configs(const gir__gemm_cfg **cfgs) {
    int n = 0, level = gir__simd_level();
    (void)level;
    cfgs[n++] = &gir__gemm_scalar_f32;
    cfgs[n++] = &gir__gemm_scalar_f64;
#if defined(GIR__HAVE_AVX2)
    if (level == GIR__ISA_AVX2 || level == GIR__ISA_AVX512) { cfgs[n++] = &gir__gemm_avx2_f32; cfgs[n++] = &gir__gemm_avx2_f64; }
#endif
#if defined(GIR__HAVE_AVX512)
    if (level == GIR__ISA_AVX512) {
        cfgs[n++] = &gir__gemm_avx512_f32; cfgs[n++] = &gir__gemm_avx512_f64;
        cfgs[n++] = &gir__gemm_avx512w_f32; cfgs[n++] = &gir__gemm_avx512w_f64;
    }
#endif
#if defined(GIR__HAVE_NEON)
    cfgs[n++] = &gir__gemm_neon_f32; cfgs[n++] = &gir__gemm_neon_f64;
#endif
#if defined(GIR__HAVE_MVE)
    cfgs[n++] = &gir__gemm_mve_f32;
#endif
    return n;
}

/* every m, n, k of sg_sizes, all four layouts (overwrite and accumulate alternating, every third with a padded
   C), through each configuration; every small path and the packed path are taken by each */
static int test_smallgemm_sweep_all_shapes_layouts(void) {
    const gir__gemm_cfg *cfgs[12];
    long counts[12][6];
    int nc = sg_configs(cfgs), q, im, in, ik, layout;
    memset(counts, 0, sizeof counts);
    for (im = 0; im < SG_NSIZES; ++im)
        for (in = 0; in < SG_NSIZES; ++in)
            for (ik = 0; ik < SG_NSIZES; ++ik)
                for (layout = 0; layout < 4; ++layout) {
                    int s = im + in + ik + layout;
                    if (!sg_check_all(cfgs, nc, sg_sizes[im], sg_sizes[in], sg_sizes[ik], layout & 1, layout >> 1, s % 2,
                                      s % 3 == 0 ? 2 : 0, counts))
                        return 0;
                }
    for (q = 0; q < nc; ++q)
        CHECK(counts[q][GIR__GEMM_OUTER] > 0 && counts[q][GIR__GEMM_ROWV] > 0 && counts[q][GIR__GEMM_COLV] > 0 &&
              counts[q][GIR__GEMM_DOTS] > 0 && counts[q][GIR__GEMM_PACKED] > 0,
              "%s %dB: paths taken outer %ld, rowv %ld, colv %ld, dots %ld, packed %ld", cfgs[q]->isa, cfgs[q]->es,
              counts[q][GIR__GEMM_OUTER], counts[q][GIR__GEMM_ROWV], counts[q][GIR__GEMM_COLV],
              counts[q][GIR__GEMM_DOTS], counts[q][GIR__GEMM_PACKED]);
    return 1;
}

/* long and wide vectors: m = 1 with large n and k (k past KC, so the packed path would split it), n = 1 with
   large m, k = 1 with large m and n, each layout */
static int test_smallgemm_long_vectors(void) {
    static const int64_t shapes[][3] = {
        {1, 1031, 777}, {1, 4099, 3}, {1, 257, 1100}, {1, 10, 256}, {1, 256, 784}, {1, 1, 5000},
        {1031, 1, 777}, {4099, 1, 3}, {300, 1, 1100}, {784, 1, 256},
        {300, 517, 1}, {784, 256, 1}, {1, 4099, 1}, {4099, 1, 1},
    };
    const gir__gemm_cfg *cfgs[12];
    long counts[12][6];
    int nc = sg_configs(cfgs), q, s, layout;
    memset(counts, 0, sizeof counts);
    for (s = 0; s < (int)(sizeof shapes / sizeof shapes[0]); ++s)
        for (layout = 0; layout < 4; ++layout)
            if (!sg_check_all(cfgs, nc, shapes[s][0], shapes[s][1], shapes[s][2], layout & 1, layout >> 1,
                              (s + layout) % 2, 0, counts))
                return 0;
    for (q = 0; q < nc; ++q)
        CHECK(counts[q][GIR__GEMM_OUTER] > 0 && counts[q][GIR__GEMM_ROWV] > 0 && counts[q][GIR__GEMM_COLV] > 0 &&
              counts[q][GIR__GEMM_DOTS] > 0, "%s %dB: paths taken outer %ld, rowv %ld, colv %ld, dots %ld",
              cfgs[q]->isa, cfgs[q]->es, counts[q][GIR__GEMM_OUTER], counts[q][GIR__GEMM_ROWV],
              counts[q][GIR__GEMM_COLV], counts[q][GIR__GEMM_DOTS]);
    return 1;
}

/* the paths are the ones documented, for the shapes of a dense layer at batch 1 (x W, g Wᵀ, xᵀ g) and the
   machine's own configuration; a square product stays packed */
static int test_smallgemm_dense_layer_paths(void) {
    static const int dts[2] = {GIR_DTYPE_F32, GIR_DTYPE_F64};
    int q;
    for (q = 0; q < 2; ++q) {
        const gir__gemm_cfg *g = gir__gemm_cfg_for(dts[q]);
        long counts[1][6];
        memset(counts, 0, sizeof counts);
        if (!sg_check_all(&g, 1, 1, 256, 784, 0, 0, 0, 0, counts)) return 0;     /* forward x W */
        if (!sg_check_all(&g, 1, 1, 784, 256, 0, 1, 0, 0, counts)) return 0;     /* backward g Wᵀ */
        if (!sg_check_all(&g, 1, 784, 256, 1, 1, 0, 0, 0, counts)) return 0;     /* weight gradient xᵀ g */
        if (!sg_check_all(&g, 1, 256, 1, 784, 1, 0, 0, 0, counts)) return 0;     /* Wᵀ x as a column */
        if (!sg_check_all(&g, 1, 64, 64, 64, 0, 0, 0, 0, counts)) return 0;
        CHECK(counts[0][GIR__GEMM_ROWV] == 1 && counts[0][GIR__GEMM_DOTS] == 1 && counts[0][GIR__GEMM_OUTER] == 1 &&
              counts[0][GIR__GEMM_COLV] == 1 && counts[0][GIR__GEMM_PACKED] == 1,
              "%s: paths outer %ld, rowv %ld, colv %ld, dots %ld, packed %ld", gir_dtype_name((gir_dtype)dts[q]),
              counts[0][GIR__GEMM_OUTER], counts[0][GIR__GEMM_ROWV], counts[0][GIR__GEMM_COLV],
              counts[0][GIR__GEMM_DOTS], counts[0][GIR__GEMM_PACKED]);
    }
    return 1;
}

/* the same kernels (ROWV, COLV, OUTER, DOTS) run from a plan's matmul: batched, broadcast batch axes, transposed
   operands read in place, against the double reference */
static int test_smallgemm_matmul_batched_broadcast_transposed(void) {
    static const int dts[2] = {GIR_DTYPE_F32, GIR_DTYPE_F64};
    int q;
    for (q = 0; q < 2; ++q) {
        int dt = dts[q];
        if (!gm_matmul_t(dt, gm_shape(4, 2, 3, 1, 17), gm_shape(3, 3, 17, 33, 0), 0, 0, 0, "[2,3,1,17] x [3,17,33]")) return 0;
        if (!gm_matmul_t(dt, gm_shape(3, 1, 1, 65, 0), gm_shape(3, 4, 65, 31, 0), 0, 0, 0, "[1,1,65] x [4,65,31]")) return 0;
        if (!gm_matmul_t(dt, gm_shape(3, 4, 9, 1, 0), gm_shape(3, 1, 1, 63, 0), 0, 0, 0, "[4,9,1] x [1,1,63]")) return 0;
        if (!gm_matmul_t(dt, gm_shape(3, 5, 16, 9, 0), gm_shape(3, 1, 16, 1, 0), 1, 0, 0, "T([5,16,9]) x [1,16,1]")) return 0;
        if (!gm_matmul_t(dt, gm_shape(3, 3, 33, 7, 0), gm_shape(2, 33, 1, 0, 0), 1, 0, 0, "T([3,33,7]) x [33,1]")) return 0;
        if (!gm_matmul_t(dt, gm_shape(3, 2, 1, 64, 0), gm_shape(3, 2, 15, 64, 0), 0, 1, 0, "[2,1,64] x T([2,15,64])")) return 0;
        if (!gm_matmul_t(dt, gm_shape(3, 6, 1, 5, 0), gm_shape(3, 6, 7, 1, 0), 1, 1, 0, "T([6,1,5]) x T([6,7,1])")) return 0;
        if (!gm_matmul_t(dt, gm_shape(4, 2, 1, 31, 1), gm_shape(3, 3, 1, 17, 0), 0, 0, 0, "[2,1,31,1] x [3,1,17]")) return 0;
    }
    return 1;
}

static void suite_gemv(void) {
    RUN("smallgemm/sweep_m_n_k_1_to_65_all_layouts_every_isa_f32_f64", test_smallgemm_sweep_all_shapes_layouts());
    RUN_MIB(20, "smallgemm/long_vectors_rowv_colv_outer_past_kc", test_smallgemm_long_vectors());
    RUN("smallgemm/dense_layer_batch1_shapes_take_their_paths", test_smallgemm_dense_layer_paths());
    RUN("smallgemm/matmul_batched_broadcast_transposed_small_paths", test_smallgemm_matmul_batched_broadcast_transposed());
}
