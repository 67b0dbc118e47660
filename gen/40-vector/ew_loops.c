/* >>ew_loops: the loops of the elementwise ops, generated from ops.def: one scalar loop per elementwise row and
   compute dtype, the vector loops of each instruction set, and the tables that pick one (gir__ew_scalar,
   gir__ew_pick). The broadcasting driver that runs them is gir__ew_apply (gen/70-kernels/kernels.c), fusion runs
   them chunk by chunk (gen/80-plan/fuse.c), and the generic builder (gen/50-ir/build.c) refuses a dtype an op has
   no loop for (gir__ew_lacks). */
typedef void (*gir__ew_fn)(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p);

/* double -> float, rounding to nearest even, written with integer operations: on an FPU without double
   precision (Cortex-M4: __ARM_FP lacks bit 3) a plain cast would call the soft-float __aeabi_d2f */
static float gir__f32_of_f64_bits(double v) {
    union { double d; uint64_t u; } in;
    union { float f; uint32_t u; } out;
    uint64_t m;
    uint32_t r;
    int e, fe;
    in.d = v;
    m = in.u & 0xFFFFFFFFFFFFFull;
    e = (int)((in.u >> 52) & 0x7FF);
    fe = e - 1023 + 127;
    if (e == 0x7FF) r = 0x7F800000u | (m ? 0x400000u | (uint32_t)(m >> 29) : 0u);       /* inf, NaN (quiet) */
    else if (fe >= 0xFF) r = 0x7F800000u;                                                  /* overflow: inf */
    else {
        int sh = fe > 0 ? 29 : 30 - fe;             /* bits of the 53-bit significand that do not fit */
        uint64_t sig = e ? m | (1ull << 52) : m, rem, half;
        if (sh > 54) r = 0u;                                                   /* below half the least subnormal */
        else {
            r = (uint32_t)(sig >> sh);
            rem = sig & ((1ull << sh) - 1u);
            half = 1ull << (sh - 1);
            if (fe > 0) r = ((uint32_t)fe << 23) + (r & 0x7FFFFFu);
            if (rem > half || (rem == half && (r & 1u))) ++r;                  /* a carry may reach inf: right */
        }
    }
    out.u = r | (uint32_t)(in.u >> 32 & 0x80000000u);
    return out.f;
}
#if defined(__ARM_FP) && !(__ARM_FP & 8)
#  define GIR__SP_FPU 1                 /* a single-precision-only FPU */
#else
#  define GIR__SP_FPU 0
#endif
static GIR__INLINE float gir__f32_of_f64(double v) { return GIR__SP_FPU ? gir__f32_of_f64_bits(v) : (float)v; }
/* float -> double, exact, with integer operations (as above: no __aeabi_f2d on a single-precision FPU) */
static double gir__f64_of_f32_bits(float v) {
    union { float f; uint32_t u; } in;
    union { double d; uint64_t u; } out;
    uint64_t m, sign;
    int e;
    in.f = v;
    sign = (uint64_t)(in.u & 0x80000000u) << 32;
    m = in.u & 0x7FFFFFu;
    e = (int)(in.u >> 23 & 0xFF);
    if (e == 0xFF) out.u = sign | 0x7FF0000000000000ull | m << 29;                     /* inf, NaN */
    else if (e == 0 && m == 0) out.u = sign;                                              /* zeros */
    else {
        if (e == 0) {                                   /* subnormal: normalise */
            e = 1;
            while (!(m & 0x800000u)) { m <<= 1; --e; }
            m &= 0x7FFFFFu;
        }
        out.u = sign | (uint64_t)(e - 127 + 1023) << 52 | m << 29;
    }
    return out.d;
}
static GIR__INLINE double gir__f64_of_f32(float v) { return GIR__SP_FPU ? gir__f64_of_f32_bits(v) : (double)v; }

/* generated from ops.def: one scalar loop per elementwise row and compute dtype */
@@EW_KERNELS@@

/* The last n - k (fewer than lanes) elements of a vector loop's call: each input that steps (st[j]) copied into
   one vector's worth of zeros, the loop fn run on that one vector, its first n - k results copied out. sizes
   holds the element sizes of the output (bits 0-3) and of inputs 0, 1, ... (bits 4-7, 8-11, ...: 0 past the
   last). So a vector loop has no partial loads or stores of its own: the tail is one body, compiled once, not
   once in each of the several hundred vector loops an x86 build compiles. */
#if defined(GIR__HAVE_AVX512)
#  define GIR__EW_TAIL_BYTES 64                             /* the widest vector this build compiles */
#elif defined(GIR__HAVE_AVX2)
#  define GIR__EW_TAIL_BYTES 32
#else
#  define GIR__EW_TAIL_BYTES 16                             /* NEON, Helium */
#endif
#if defined(GIR__HAVE_AVX512) || defined(GIR__HAVE_AVX2) || defined(GIR__HAVE_NEON) || defined(GIR__HAVE_MVE)
/* t elements of sz bytes: one 4- or 8-byte element (a scalar op's whole call) as one load and store */
static GIR__INLINE void gir__ew_bytes(unsigned char *d, const unsigned char *s, size_t t, size_t sz) {
    if (t == 1 && sz == 8) GIR_MEMCPY(d, s, 8);
    else if (t == 1 && sz == 4) GIR_MEMCPY(d, s, 4);
    else GIR_MEMCPY(d, s, t * sz);
}
static void gir__ew_tail(gir__ew_fn fn, int64_t k, int64_t n, void *out, const void *const *in,
                         const int64_t *st, const double *p, int lanes, unsigned sizes) {
    unsigned char buf[5][GIR__EW_TAIL_BYTES];              /* the output, then up to four inputs */
    const void *x[4];
    size_t t = (size_t)(n - k), osz = sizes & 15u;
    int j;
    for (j = 0; j < 4 && (sizes >> (4 * j + 4) & 15u) != 0; ++j) {
        size_t sz = sizes >> (4 * j + 4) & 15u;
        x[j] = in[j];
        if (st[j]) {
            GIR_MEMSET(buf[j + 1], 0, sizeof buf[j + 1]);
            gir__ew_bytes(buf[j + 1], (const unsigned char *)in[j] + (size_t)k * sz, t, sz);
            x[j] = buf[j + 1];
        }
    }
    fn(lanes, buf[0], x, st, p);
    gir__ew_bytes((unsigned char *)out + (size_t)k * osz, buf[0], t, osz);
}
#endif
@@SIMD_EW_KERNELS@@

/* an elementwise op without a loop for dt that has one for another dtype (the builder refuses such inputs) */
static int gir__ew_lacks(int op, int dt) {
    int d, any = 0;
    if (op <= 0 || op >= GIR_OP__COUNT || dt <= 0 || dt >= GIR__DTYPE_SLOTS || gir__ew_scalar(op, dt)) return 0;
    if (GIR__ONLY_F32) return gir__ew_scalar(op, GIR_DTYPE_F32) != 0;      /* the tables' one column (GIR__NF32) */
    for (d = 1; d < GIR__DTYPE_SLOTS; ++d) any |= gir__ew_scalar(op, d) != 0;
    return any;
}

