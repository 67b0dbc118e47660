/* >>simd: which vector instruction sets this build uses ----------------------------------------------------
   Chosen at compile time from the compiler's target macros, so a firmware build compiles no variant its
   target lacks. On x86-64 with gcc or clang the AVX2+FMA and AVX-512 variants are compiled whatever -m
   flags the build uses (each function carries its own target attribute) and picked at run time from
   cpuid, so a plain -O2 build still runs vector code; a build that targets AVX-512 itself (-march=...)
   needs no run-time check. GIR_NO_SIMD forces the portable scalar kernels everywhere; GIR_NO_AVX512,
   GIR_NO_AVX2, GIR_NO_NEON and GIR_NO_MVE drop one instruction set. */
#define GIR__ISA_SCALAR 0
#define GIR__ISA_AVX2   1       /* AVX2 + FMA, 256-bit */
#define GIR__ISA_AVX512 2       /* AVX-512 F/DQ/BW/VL, 512-bit */
#define GIR__ISA_NEON   3       /* AArch64 Advanced SIMD, 128-bit */
#define GIR__ISA_MVE    4       /* Armv8.1-M Helium with floating point, 128-bit */

#if !defined(GIR_NO_SIMD) && (defined(__x86_64__) || defined(_M_X64)) && (defined(__GNUC__) || defined(__clang__))
#  include <immintrin.h>
#  if !defined(GIR_NO_AVX2)
#    define GIR__HAVE_AVX2 1
#    define GIR__TARGET_AVX2 __attribute__((target("avx2,fma")))
#  endif
#  if !defined(GIR_NO_AVX512)
#    define GIR__HAVE_AVX512 1
#    define GIR__TARGET_AVX512 __attribute__((target("avx512f,avx512dq,avx512bw,avx512vl,avx2,fma")))
#  endif
#endif
#if !defined(GIR_NO_SIMD) && !defined(GIR_NO_NEON) && defined(__aarch64__) && defined(__ARM_NEON)
#  include <arm_neon.h>
#  define GIR__HAVE_NEON 1
#endif
#if !defined(GIR_NO_SIMD) && !defined(GIR_NO_MVE) && defined(__ARM_FEATURE_MVE) && (__ARM_FEATURE_MVE & 2)
#  include <arm_mve.h>
#  define GIR__HAVE_MVE 1
#endif

/* the best instruction set this machine runs, among those compiled in (x86: asked of cpuid once) */
static int gir__simd_level(void) {
#if defined(GIR__HAVE_AVX512) || defined(GIR__HAVE_AVX2)
    static volatile int level = -1;         /* a benign race: every thread computes the same value */
    if (level < 0) {
        int l = GIR__ISA_SCALAR;
        __builtin_cpu_init();
#  if defined(GIR__HAVE_AVX2)
        if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) l = GIR__ISA_AVX2;
#  endif
#  if defined(GIR__HAVE_AVX512)
        if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512dq") &&
            __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vl") && l == GIR__ISA_AVX2)
            l = GIR__ISA_AVX512;
#  endif
        level = l;
    }
    return level;
#elif defined(GIR__HAVE_NEON)
    return GIR__ISA_NEON;
#elif defined(GIR__HAVE_MVE)
    return GIR__ISA_MVE;
#else
    return GIR__ISA_SCALAR;
#endif
}
/* the instruction sets by GIR__ISA_ number, as gir_simd_name and gir_image_target name them */
static const char *const gir__isa_names[5] = {"scalar", "avx2", "avx512", "neon", "mve"};
GIR_API const char *gir_simd_name(void) { return gir__isa_names[gir__simd_level()]; }
