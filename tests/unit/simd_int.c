/* unit/simd_int.c - the vector kernels of the integer (u8, i32) and b8 rows, of the rows with b8 results
   (comparisons, isnan / isinf / isfinite, approx_eq) and of the rows with b8 conditions (where), on every
   instruction set this machine runs, against the scalar kernels: byte for byte, at lengths around each dtype's
   vector width, with broadcast operands, aliased outputs and the integers' special values (INT32_MIN, -1, 0,
   INT32_MAX, u8 255, ...). The float rows with float results are checked by tests/unit/simd.c. Included by
   unit/main.c. */

typedef const gir__ew_fn (*isimd_table)[GIR__DTYPE_SLOTS - 1];
#ifndef EWT          /* also in tests/unit/main.c: this file is built alone for Cortex-M55 (tests/programs/mve_intsimd.c) */
#  define EWT(table, op, dt) ((table)[gir__ew_row[op]][(dt) - 1])
#endif
/* ftz: the float lanes flush subnormals to zero (MVE, documented in gir.h): subnormal f32 inputs are flushed
   before both kernels run, so that the comparison checks everything else */
typedef struct isimd_target { const char *name; isimd_table table; int lanes[GIR__DTYPE_SLOTS], ftz; } isimd_target;

static int isimd_targets(isimd_target *t) {
    int n = 0, level = gir__simd_level(), k;
    (void)level;
    for (k = 0; k < 4; ++k) { t[k].ftz = 0; t[k].name = "scalar"; t[k].table = gir__ew_rows; }   /* all set */
#if defined(GIR__HAVE_AVX512)
    if (level == GIR__ISA_AVX512) {
        t[n].name = "avx512"; t[n].table = gir__ew_table_avx512;
        t[n].lanes[GIR_DTYPE_B8] = t[n].lanes[GIR_DTYPE_U8] = GIR__LANES_AVX512_U8;
        t[n].lanes[GIR_DTYPE_I32] = GIR__LANES_AVX512_I32;
        t[n].lanes[GIR_DTYPE_F32] = GIR__LANES_AVX512_F32; t[n].lanes[GIR_DTYPE_F64] = GIR__LANES_AVX512_F64; ++n;
    }
#endif
#if defined(GIR__HAVE_AVX2)
    if (level == GIR__ISA_AVX2 || level == GIR__ISA_AVX512) {
        t[n].name = "avx2"; t[n].table = gir__ew_table_avx2;
        t[n].lanes[GIR_DTYPE_B8] = t[n].lanes[GIR_DTYPE_U8] = GIR__LANES_AVX2_U8;
        t[n].lanes[GIR_DTYPE_I32] = GIR__LANES_AVX2_I32;
        t[n].lanes[GIR_DTYPE_F32] = GIR__LANES_AVX2_F32; t[n].lanes[GIR_DTYPE_F64] = GIR__LANES_AVX2_F64; ++n;
    }
#endif
#if defined(GIR__HAVE_NEON)
    if (level == GIR__ISA_NEON) {
        t[n].name = "neon"; t[n].table = gir__ew_table_neon;
        t[n].lanes[GIR_DTYPE_B8] = t[n].lanes[GIR_DTYPE_U8] = GIR__LANES_NEON_U8;
        t[n].lanes[GIR_DTYPE_I32] = GIR__LANES_NEON_I32;
        t[n].lanes[GIR_DTYPE_F32] = GIR__LANES_NEON_F32; t[n].lanes[GIR_DTYPE_F64] = GIR__LANES_NEON_F64; ++n;
    }
#endif
#if defined(GIR__HAVE_MVE)
    if (level == GIR__ISA_MVE) {
        t[n].name = "mve"; t[n].table = gir__ew_table_mve;
        t[n].lanes[GIR_DTYPE_B8] = t[n].lanes[GIR_DTYPE_U8] = GIR__LANES_MVE_U8;
        t[n].lanes[GIR_DTYPE_I32] = GIR__LANES_MVE_I32;
        t[n].lanes[GIR_DTYPE_F32] = GIR__LANES_MVE_F32; t[n].lanes[GIR_DTYPE_F64] = 0; t[n].ftz = 1; ++n;
    }
#endif
    return n;
}

/* does this suite check the (op, dt) cell: integer and b8 compute dtypes, and float rows with b8 results or
   b8 conditions */
static int isimd_mine(int op, int dt) {
    int r = gir__op_info(op)->dtrule;
    if (dt == GIR_DTYPE_B8 || dt == GIR_DTYPE_U8 || dt == GIR_DTYPE_I32) return 1;
    return gir_op_arg_count((gir_op)op) > 0 || r == GIR__DT_CMP || r == GIR__DT_TEST || r == GIR__DT_LOGIC;
}
static int isimd_bool_out(int op) {
    int r = gir__op_info(op)->dtrule;
    return r == GIR__DT_CMP || r == GIR__DT_TEST || r == GIR__DT_LOGIC;
}

static uint64_t isimd_rng = 0x2545F4914F6CDD1Dull;
static uint32_t isimd_bits(void) {
    isimd_rng = isimd_rng * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)(isimd_rng >> 32);
}
static int isimd_pick(int n) { return (int)(isimd_bits() % (uint32_t)n); }
/* one element of dtype dt: the special values often, small values (ties for the comparisons) often, else any */
static void isimd_value(void *p, int dt, int64_t k) {
    static const int32_t si[] = {-2147483647 - 1, -2147483647, -65536, -7, -2, -1, 0, 1, 2, 3, 7, 65536,
                                 2147483646, 2147483647};
    static const uint8_t su[] = {0, 1, 2, 3, 7, 127, 128, 129, 254, 255};
    static const double sf[] = {0.0, -0.0, 1.0, -1.0, 0.5, 2.0, -3.0, HUGE_VAL, -HUGE_VAL, NAN, 1e-40, -1e-310,
                                3.4028234663852886e+38, 1e300};
    int u = isimd_pick(10);
    switch (dt) {
    case GIR_DTYPE_B8:      /* 0 and 1, and now and then another nonzero byte (true, as the scalar kernels read it) */
        ((uint8_t *)p)[k] = (uint8_t)(u < 8 ? isimd_pick(2) : u == 8 ? 2 : 255);
        break;
    case GIR_DTYPE_U8:
        ((uint8_t *)p)[k] = u < 4 ? su[isimd_pick((int)(sizeof su))] : (uint8_t)(u < 7 ? isimd_pick(5) : isimd_pick(256));
        break;
    case GIR_DTYPE_I32:
        ((int32_t *)p)[k] = u < 4 ? si[isimd_pick((int)(sizeof si / sizeof si[0]))]
                          : u < 7 ? (int32_t)isimd_pick(11) - 5 : gir__i32_of_u32(isimd_bits());
        break;
    default: {
        double v = u < 4 ? sf[isimd_pick((int)(sizeof sf / sizeof sf[0]))]
                 : u < 7 ? (double)(isimd_pick(9) - 4) * 0.5 : ((double)isimd_bits() / 4294967296.0 - 0.5) * 100.0;
        if (dt == GIR_DTYPE_F32) ((float *)p)[k] = (float)v;
        else ((double *)p)[k] = v;
    }
    }
}
static void isimd_flush(float *p, int64_t n) {
    int64_t k;
    for (k = 0; k < n; ++k)
        if (p[k] != 0 && fabsf(p[k]) < FLT_MIN) p[k] = p[k] < 0 ? -0.0f : 0.0f;
}
/* results agree: bytes for integers and b8, bits for floats (any NaN matches any NaN) */
static int isimd_same(const void *a, const void *b, int dt, int64_t k) {
    if (dt == GIR_DTYPE_F32) {
        float x = ((const float *)a)[k], y = ((const float *)b)[k];
        return (x != x && y != y) || !memcmp(&x, &y, sizeof x);
    }
    if (dt == GIR_DTYPE_F64) {
        double x = ((const double *)a)[k], y = ((const double *)b)[k];
        return (x != x && y != y) || !memcmp(&x, &y, sizeof x);
    }
    return !memcmp((const char *)a + k * (int64_t)gir_dtype_size((gir_dtype)dt),
                   (const char *)b + k * (int64_t)gir_dtype_size((gir_dtype)dt), gir_dtype_size((gir_dtype)dt));
}
static void isimd_show(char *s, size_t cap, const void *p, int dt, int64_t k) {
    if (dt == GIR_DTYPE_F32) snprintf(s, cap, "%.9g", ((const float *)p)[k]);
    else if (dt == GIR_DTYPE_F64) snprintf(s, cap, "%.17g", ((const double *)p)[k]);
    else if (dt == GIR_DTYPE_I32) snprintf(s, cap, "%ld", (long)((const int32_t *)p)[k]);
    else snprintf(s, cap, "%u", (unsigned)((const uint8_t *)p)[k]);
}

/* one call of t's kernel for (op, dt) on n elements: each input contiguous (st 1) or a broadcast scalar (st 0),
   inputs allocated to their exact size (so ASan sees a read past n), the output separate or aliased to input
   `alias` (-1: none); against the scalar kernel, and no write past n */
static int isimd_case(const isimd_target *t, int op, int dt, int64_t n, const int64_t *st, int alias, const double *p) {
    gir__ew_fn vf = EWT(t->table, op, dt), sf = EWT(gir__ew_rows, op, dt);
    int np = gir_op_parent_count((gir_op)op), nin = np + gir_op_arg_count((gir_op)op), j, ok = 1;
    int odt = isimd_bool_out(op) ? GIR_DTYPE_B8 : dt, L = t->lanes[dt];
    size_t oes = gir_dtype_size((gir_dtype)odt), guard = (size_t)(L + 3) * oes;
    void *in[4], *sout, *vout;
    const void *vin[4];
    int64_t k;
    char a[64], b[64], x0[64], x1[64];
    for (j = 0; j < nin; ++j) {
        int idt = j < np ? dt : GIR_DTYPE_B8;
        int64_t m = st[j] ? n : 1;
        in[j] = malloc((size_t)(m ? m : 1) * gir_dtype_size((gir_dtype)idt));
        for (k = 0; k < m; ++k) isimd_value(in[j], idt, k);
        if (t->ftz && idt == GIR_DTYPE_F32) isimd_flush((float *)in[j], m);
        vin[j] = in[j];
    }
    sout = malloc((size_t)(n ? n : 1) * oes);
    vout = malloc((size_t)n * oes + guard);
    GIR_MEMSET(vout, 0x5A, (size_t)n * oes + guard);
    sf(n, sout, (const void *const *)vin, st, p);
    if (alias >= 0) {
        GIR_MEMCPY(vout, in[alias], (size_t)n * oes);
        vin[alias] = vout;
    }
    vf(n, vout, (const void *const *)vin, st, p);
    for (k = 0; k < n && ok; ++k)
        if (!isimd_same(vout, sout, odt, k)) {
            isimd_show(a, sizeof a, vout, odt, k);
            isimd_show(b, sizeof b, sout, odt, k);
            isimd_show(x0, sizeof x0, in[0], dt, st[0] ? k : 0);
            x1[0] = 0;
            if (np > 1) isimd_show(x1, sizeof x1, in[1], dt, st[1] ? k : 0);
            snprintf(why, sizeof why, "%s %s %s n=%lld st=%d,%d,%d alias=%d p=%g,%g: element %lld: vector %s, "
                     "scalar %s (inputs %s %s)", t->name, gir_op_name((gir_op)op), gir_dtype_name((gir_dtype)dt),
                     (long long)n, (int)st[0], nin > 1 ? (int)st[1] : -1, nin > 2 ? (int)st[2] : -1, alias, p[0], p[1],
                     (long long)k, a, b, x0, x1);
            ok = 0;
        }
    for (k = 0; k < (int64_t)guard && ok; ++k)
        if (((unsigned char *)vout)[(size_t)n * oes + (size_t)k] != 0x5A) {
            snprintf(why, sizeof why, "%s %s %s n=%lld: wrote past the end", t->name, gir_op_name((gir_op)op),
                     gir_dtype_name((gir_dtype)dt), (long long)n);
            ok = 0;
        }
    for (j = 0; j < nin; ++j) free(in[j]);
    free(sout);
    free(vout);
    return ok;
}
/* every (op, dt) of this suite with a vector kernel on t: n = 0, 1, L-1, L, L+1, 2L+3 and large odd sizes, every
   combination of contiguous and broadcast inputs, the output separate and aliased to each contiguous input of
   its element size, and two sets of attributes (ordinary, and huge / NaN ones the integer kernels saturate) */
static int test_isimd_kernels(const isimd_target *t) {
    static const double ps[2][3] = {{-3.5, 2.75, 0.25}, {1e300, -1e300, NAN}};
    int op, dt, checked = 0;
    for (op = 1; op < GIR_OP__COUNT; ++op)
        for (dt = 1; dt < GIR__DTYPE_SLOTS; ++dt) {
            int L = t->lanes[dt], np = gir_op_parent_count((gir_op)op), nin = np + gir_op_arg_count((gir_op)op);
            int li, s, pi, odt = isimd_bool_out(op) ? GIR_DTYPE_B8 : dt;
            int64_t lens[8];
            if (!EWT(t->table, op, dt) || !isimd_mine(op, dt)) continue;
            CHECK(L > 0 && EWT(gir__ew_rows, op, dt), "%s %s %s: a vector kernel without lanes or a scalar kernel",
                  t->name, gir_op_name((gir_op)op), gir_dtype_name((gir_dtype)dt));
            lens[0] = 0; lens[1] = 1; lens[2] = L - 1; lens[3] = L; lens[4] = L + 1; lens[5] = 2 * L + 3;
            lens[6] = 3001; lens[7] = 3 * L * L + 7;
            for (s = 0; s < (1 << nin); ++s) {          /* bit j of s: input j is a broadcast scalar */
                int64_t st[4];
                int j, alias;
                if (s == (1 << nin) - 1 && nin > 1) continue;
                for (j = 0; j < nin; ++j) st[j] = !((s >> j) & 1);
                for (li = 0; li < 8; ++li)
                    for (pi = 0; pi < 2; ++pi)
                        for (alias = -1; alias < nin; ++alias) {
                            int adt = alias < np ? dt : GIR_DTYPE_B8;
                            if (alias >= 0 && (!st[alias] || gir_dtype_size((gir_dtype)adt) != gir_dtype_size((gir_dtype)odt)))
                                continue;
                            if (!isimd_case(t, op, dt, lens[li], st, alias, ps[pi])) return 0;
                        }
            }
            ++checked;
        }
    /* the rows this suite is about must have vector kernels here: a lowering silently dropped fails */
    CHECK(EWT(t->table, GIR_OP_ADD, GIR_DTYPE_I32) && EWT(t->table, GIR_OP_MUL, GIR_DTYPE_U8) &&
          EWT(t->table, GIR_OP_GT, GIR_DTYPE_F32) && EWT(t->table, GIR_OP_EQ, GIR_DTYPE_I32) &&
          EWT(t->table, GIR_OP_AND, GIR_DTYPE_B8) && EWT(t->table, GIR_OP_WHERE, GIR_DTYPE_F32) &&
          EWT(t->table, GIR_OP_WHERE, GIR_DTYPE_U8) && EWT(t->table, GIR_OP_ISNAN, GIR_DTYPE_F32) &&
          EWT(t->table, GIR_OP_CLAMP, GIR_DTYPE_I32),
          "%s: a row / dtype expected to be vectorised has only its scalar kernel", t->name);
    CHECK(checked >= 60, "%s: only %d integer, b8 and b8-result op/dtype pairs have vector kernels", t->name, checked);
    return 1;
}

/* a graph run takes the vector kernels: i32 add (wrapping), f32 compare and where over 1001 elements equal
   the best target's kernels, and the kernel picked is that target's */
static int test_isimd_in_graph(void) {
    isimd_target t[4];
    int n = isimd_targets(t), k;
    gir_graph *g = gir_graph_new(NULL);
    gir_node a = gir_input(g, GIR_DTYPE_I32, gir_shape1(1001)), b = gir_input(g, GIR_DTYPE_I32, gir_shape1(1001));
    gir_node x = gir_input(g, GIR_DTYPE_F32, gir_shape1(1001)), y = gir_input(g, GIR_DTYPE_F32, gir_shape1(1001));
    gir_node outs[3];
    gir_plan *p = NULL;
    static int32_t av[1001], bv[1001], sum[1001];
    static float xv[1001], yv[1001], sel[1001];
    static uint8_t gt[1001];
    const void *in[3];
    int64_t st[3] = {1, 1, 1};
    const int32_t *gs;
    const uint8_t *gg;
    const float *gw;
    outs[0] = gir_add(g, a, b);
    outs[1] = gir_gt(g, x, y);
    outs[2] = gir_where(g, outs[1], x, y);
    for (k = 0; k < 1001; ++k) {
        isimd_value(av, GIR_DTYPE_I32, k); isimd_value(bv, GIR_DTYPE_I32, k);
        isimd_value(xv, GIR_DTYPE_F32, k); isimd_value(yv, GIR_DTYPE_F32, k);
    }
    isimd_flush(xv, 1001);          /* no subnormals here: MVE's lanes flush them */
    isimd_flush(yv, 1001);
    CHECK(gir_plan_compile(g, 3, outs, NULL, &p) == GIR_OK, "compile: %s", gir_graph_message(g));
    gir_plan_bind(p, a, av); gir_plan_bind(p, b, bv); gir_plan_bind(p, x, xv); gir_plan_bind(p, y, yv);
    CHECK(gir_plan_run(p) == GIR_OK, "run: %s", gir_plan_message(p));
    gs = (const int32_t *)gir_plan_data(p, outs[0]);
    gg = (const uint8_t *)gir_plan_data(p, outs[1]);
    gw = (const float *)gir_plan_data(p, outs[2]);
    in[0] = av; in[1] = bv;
    EWT(n ? t[0].table : gir__ew_rows, GIR_OP_ADD, GIR_DTYPE_I32)(1001, sum, in, st, NULL);
    in[0] = xv; in[1] = yv;
    EWT(n ? t[0].table : gir__ew_rows, GIR_OP_GT, GIR_DTYPE_F32)(1001, gt, in, st, NULL);
    in[2] = gt;
    EWT(n ? t[0].table : gir__ew_rows, GIR_OP_WHERE, GIR_DTYPE_F32)(1001, sel, in, st, NULL);
    for (k = 0; k < 1001; ++k) {
        CHECK(gs[k] == gir__i32_of_u32((uint32_t)av[k] + (uint32_t)bv[k]) && gs[k] == sum[k],
              "add i32 element %d: graph %ld, kernel %ld", k, (long)gs[k], (long)sum[k]);
        CHECK(gg[k] == (xv[k] > yv[k]) && gg[k] == gt[k], "gt f32 element %d: graph %d, kernel %d", k, gg[k], gt[k]);
        CHECK(isimd_same(gw, sel, GIR_DTYPE_F32, k), "where f32 element %d: graph %g, kernel %g", k, gw[k], sel[k]);
    }
    if (n)
        CHECK(gir__ew_pick(GIR_OP_ADD, GIR_DTYPE_I32) == EWT(t[0].table, GIR_OP_ADD, GIR_DTYPE_I32) &&
              gir__ew_pick(GIR_OP_GT, GIR_DTYPE_F32) == EWT(t[0].table, GIR_OP_GT, GIR_DTYPE_F32) &&
              gir__ew_pick(GIR_OP_WHERE, GIR_DTYPE_F32) == EWT(t[0].table, GIR_OP_WHERE, GIR_DTYPE_F32),
              "the executor does not pick the %s kernels", t[0].name);
    gir_plan_free(p);
    gir_graph_free(g);
    return 1;
}

static void suite_simd_int(void) {
    isimd_target t[4];
    int n = isimd_targets(t), k;
    char name[96];
    RUN("intsimd/graph_runs_the_integer_and_compare_vector_kernels", test_isimd_in_graph());
    skip_missing_isas("intsimd/");
    for (k = 0; k < n; ++k) {
        snprintf(name, sizeof name, "intsimd/%s/integer_b8_compare_where_kernels_vs_scalar", t[k].name);
        RUN(name, test_isimd_kernels(&t[k]));
    }
}
