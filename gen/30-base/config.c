/* >>config: set only by the user, defaulted here, checked for consistency ------------------------------- */
#if defined(GIR_MALLOC) || defined(GIR_REALLOC) || defined(GIR_FREE)
#  if !(defined(GIR_MALLOC) && defined(GIR_REALLOC) && defined(GIR_FREE))
#    error "gir: define all of GIR_MALLOC, GIR_REALLOC, GIR_FREE, or none"
#  endif
#  if defined(GIR_NO_MALLOC)
#    error "gir: GIR_NO_MALLOC and GIR_MALLOC exclude each other"
#  endif
#elif !defined(GIR_NO_MALLOC)
#  include <stdlib.h>
#  define GIR__LIBC_MALLOC 1           /* gir.h calls the C library's malloc itself (see >>memory: the cache) */
#  define GIR_MALLOC(sz, user)            ((void)(user), malloc(sz))
#  define GIR_REALLOC(p, oldsz, sz, user) ((void)(user), (void)(oldsz), realloc((p), (sz)))
#  define GIR_FREE(p, user)               ((void)(user), free(p))
#endif
#ifndef GIR_ASSERT
#  include <assert.h>
#  define GIR_ASSERT(c) assert(c)
#endif
#if !defined(GIR_MEMCPY) || !defined(GIR_MEMSET)
#  include <string.h>
#endif
#ifndef GIR_MEMCPY
#  define GIR_MEMCPY(d, s, n) memcpy((d), (s), (n))
#endif
#ifndef GIR_MEMSET
#  define GIR_MEMSET(d, v, n) memset((d), (v), (n))
#endif
/* <math.h> is included unless every libm function gir.h calls is routed (GIR_EXPF, GIR_EXP ... below) */
@@LIBM_ROUTED@@
#if !defined(GIR__LIBM_ROUTED) || !(defined(__GNUC__) || defined(__clang__))
#  include <math.h>
#elif !defined(HUGE_VAL)
/* no <math.h>: its three constants from the compiler, undefined again at the end of the implementation, so a
   later #include <math.h> defines its own */
#  define GIR__OWN_MATH_CONSTANTS
#  define HUGE_VAL (__builtin_huge_val())
#  define HUGE_VALF (__builtin_huge_valf())
#  define NAN (__builtin_nanf(""))
#endif
#include <float.h>
#ifndef GIR_FUSE_CHUNK
#  define GIR_FUSE_CHUNK 1024       /* elements per chunk of a fused elementwise step (see gen/80-plan/fuse.c) */
#endif
#if GIR_FUSE_CHUNK < 1
#  error "gir: GIR_FUSE_CHUNK must be at least 1"
#endif

/* >>platform -------------------------------------------------------------------------------------------- */
#if defined(__cplusplus)
#  define GIR__INLINE inline
#elif defined(__GNUC__) || defined(__clang__)
#  define GIR__INLINE __inline__
#else
#  define GIR__INLINE
#endif
/* a helper the compiler must inline even where optimisation levels differ: the partial loads and stores of the
   x86 vocabularies, which the GEMM kernels (at the build's level) call from the -O1 intrinsic regions' code */
#if defined(__GNUC__) || defined(__clang__)
#  define GIR__ALWAYS_INLINE __attribute__((always_inline))
#  define GIR__NOINLINE __attribute__((noinline))   /* a kernel's loop kept out of a large caller: its registers */
#else
#  define GIR__ALWAYS_INLINE
#  define GIR__NOINLINE
#endif
/* gcc, optimising for speed, compiles three kinds of code below the build's level (gen/gir_gen.py: COLD_FRAGMENTS,
   ONCE_FRAGMENTS and the marked regions), the rest as the build asks:
   - cold code, at -O1: it neither runs in a kernel's loop nor on gir_plan_compile's path for every node (shape
     rules, composed builders, initialisers, adjoints, save and load, ...);
   - the x86 intrinsic code, at -O1 (the AVX-512 and AVX2 vocabularies, vmath, vreduce and the elementwise
     kernels): written vector by vector, it ran as fast at -O1 on AVX2 (bench exp_1m, tanh_1m, fused_tanh_16m,
     softmax_16m, mlp_train_b64; AVX-512 not yet timed);
   - the code that runs once for a model, at -O0: the ONNX reader, importer and exporter, the dumps, the trainer's
     one call and the layers.
   Together they take about a third off an -O2 build of the implementation. Define GIR_NO_COLD to keep it all at
   the build's level. */
#if defined(__GNUC__) && !defined(__clang__) && !defined(__INTEL_COMPILER) && defined(__OPTIMIZE__) && \
    !defined(__OPTIMIZE_SIZE__) && !defined(GIR_NO_COLD)
#  define GIR__COLD 1
#endif
#define GIR__ALIGN 64
#define GIR__UNUSED(x) ((void)(x))
/* GIR_ONLY_F32: float kernels for f32 only. Every kernel reads its dtypes through GIR__KDT / GIR__KIDT, which
   are then the constant f32, so the compiler drops the other dtypes' code (on a Cortex-M4: all double-precision
   soft-float and the double libm); the elementwise tables keep their f32 column only (GIR__NF32). The steps whose
   kernels read the true dtypes run too: comparisons (b8 results), casts to and from f32, i32 arguments (labels,
   indices): gir__f32_step_ok. Any other step fails with GIR_ERR_NOT_BUILT (gir_plan_run, gir_image_open) before a
   kernel sees it. */
#if defined(GIR_ONLY_F32)
#  define GIR__ONLY_F32 1
#  define GIR__NF32(fn) 0
#else
#  define GIR__ONLY_F32 0
#  define GIR__NF32(fn) fn
#endif
#define GIR__KDT(k) (GIR__ONLY_F32 ? (int)GIR_DTYPE_F32 : (k)->dtype)
#define GIR__KIDT(k, j) (GIR__ONLY_F32 ? (int)GIR_DTYPE_F32 : (k)->in[j].dt)

/* exp for f32 is gir.h's own unless GIR_EXPF routes it: the algorithm of the vector kernels' exp
   (gen/40-vector/vmath.tmpl.c: k = round(x / ln2), r = x - k ln2 in two parts, exp(r) by its polynomial,
   times 2^k) on one float, within the same 1.5 ulp. A firmware build then links no libm expf (0.6 KB on a
   Cortex-M4), and the scalar and vector loops compute exp alike (to the FMA: GIR__FMAF fuses where the target
   has a fast one). 2^k is two normal factors, so a subnormal result is rounded once. Its coefficients are
   the f32 ones of vmath.tmpl.c's expreduce and expm1r: a refit changes both. */
#if defined(__FP_FAST_FMAF) && (defined(__GNUC__) || defined(__clang__))
#  define GIR__FMAF(a, b, c) __builtin_fmaf(a, b, c)
#else
#  define GIR__FMAF(a, b, c) ((a) * (b) + (c))
#endif
#ifndef GIR_EXPF
static float gir__expf(float x) {
    union { float f; uint32_t u; } s1, s2;
    float k, r, q;
    int32_t ki, k1;
    if (x != x) return x;
    x = x < -104.0f ? -104.0f : x > 89.0f ? 89.0f : x;      /* past both ends exp is 0 and inf */
    k = x * 1.4426950216293335f + 12582912.0f;              /* 1.5 * 2^23: the sum keeps round(x / ln2) */
    k -= 12582912.0f;
    r = GIR__FMAF(-k, 0.693145751953125f, x);
    r = GIR__FMAF(-k, 1.428606765330187e-06f, r);
    q = GIR__FMAF(r, 1.388251549e-03f, 8.366552182e-03f);
    q = GIR__FMAF(r, q, 4.166720062e-02f);
    q = GIR__FMAF(r, q, 1.666654348e-01f);
    q = GIR__FMAF(r, q, 4.999999702e-01f);
    r = GIR__FMAF(r * r, q, r) + 1.0f;
    ki = (int32_t)k;
    k1 = ki / 2;
    s1.u = (uint32_t)(k1 + 127) << 23;
    s2.u = (uint32_t)(ki - k1 + 127) << 23;
    return r * s1.f * s2.f;
}
#  define GIR_EXPF gir__expf
#endif

/* The vector vocabulary, scalar form (generated from the list in gen/gir_gen.py): each libm function
   can be routed with GIR_<NAME>F (float) and GIR_<NAME> (double); exp for f32 is routed above. */
@@VOCAB@@

/* the scalar vocabulary for f32 and f64: gen/30-base/scalar_vocab.tmpl.c, one instance a dtype */
@@SCALAR_VOCAB@@

/* i32 arithmetic wraps modulo 2^32 (two's complement), as NumPy and PyTorch do: it is done in uint32_t and
   converted back without undefined or implementation-defined behaviour. Integer floor division and modulo
   follow NumPy 1.24: x // 0 = 0, x % 0 = 0, INT32_MIN // -1 = INT32_MIN, INT32_MIN % -1 = 0. */
static GIR__INLINE int32_t gir__i32_of_u32(uint32_t v) {
    return v <= 2147483647u ? (int32_t)v : (int32_t)(v - 2147483648u) + (-2147483647 - 1);
}
static GIR__INLINE int32_t gir__v_add_i32(int32_t x, int32_t y) { return gir__i32_of_u32((uint32_t)x + (uint32_t)y); }
static GIR__INLINE int32_t gir__v_sub_i32(int32_t x, int32_t y) { return gir__i32_of_u32((uint32_t)x - (uint32_t)y); }
static GIR__INLINE int32_t gir__v_mul_i32(int32_t x, int32_t y) { return gir__i32_of_u32((uint32_t)x * (uint32_t)y); }
static GIR__INLINE int32_t gir__v_neg_i32(int32_t x) { return gir__i32_of_u32(0u - (uint32_t)x); }
static GIR__INLINE int32_t gir__v_abs_i32(int32_t x) { return x < 0 ? gir__v_neg_i32(x) : x; }
static GIR__INLINE int32_t gir__v_sign_i32(int32_t x) { return (int32_t)(x > 0 ? 1 : x < 0 ? -1 : 0); }
static GIR__INLINE int32_t gir__v_max_i32(int32_t x, int32_t y) { return x > y ? x : y; }
static GIR__INLINE int32_t gir__v_min_i32(int32_t x, int32_t y) { return x < y ? x : y; }
static GIR__INLINE int32_t gir__v_idiv_i32(int32_t x, int32_t y) {
    int32_t q;
    if (y == 0) return 0;
    if (y == -1) return gir__v_neg_i32(x);
    q = (int32_t)(x / y);
    if ((x % y != 0) && ((x < 0) != (y < 0))) q = (int32_t)(q - 1);
    return q;
}
static GIR__INLINE int32_t gir__v_imod_i32(int32_t x, int32_t y) {
    int32_t r;
    if (y == 0 || y == -1) return 0;
    r = (int32_t)(x % y);
    if (r != 0 && ((r < 0) != (y < 0))) r = (int32_t)(r + y);
    return r;
}

static GIR__INLINE uint8_t gir__v_abs_u8(uint8_t x) { return x; }
static GIR__INLINE uint8_t gir__v_sign_u8(uint8_t x) { return (uint8_t)(x > 0); }
static GIR__INLINE uint8_t gir__v_max_u8(uint8_t x, uint8_t y) { return x > y ? x : y; }
static GIR__INLINE uint8_t gir__v_min_u8(uint8_t x, uint8_t y) { return x < y ? x : y; }
static GIR__INLINE uint8_t gir__v_idiv_u8(uint8_t x, uint8_t y) { return (uint8_t)(y ? x / y : 0); }
static GIR__INLINE uint8_t gir__v_imod_u8(uint8_t x, uint8_t y) { return (uint8_t)(y ? x % y : 0); }
/* the integer forms of fmod (truncated), mod and floordiv (floored); a zero divisor gives 0, as NumPy */
static GIR__INLINE int32_t gir__v_fmod_i32(int32_t x, int32_t y) { return y == 0 || y == -1 ? 0 : x % y; }
static GIR__INLINE int32_t gir__v_mod_i32(int32_t x, int32_t y) { return gir__v_imod_i32(x, y); }
static GIR__INLINE int32_t gir__v_floordiv_i32(int32_t x, int32_t y) { return gir__v_idiv_i32(x, y); }
static GIR__INLINE uint8_t gir__v_fmod_u8(uint8_t x, uint8_t y) { return (uint8_t)(y ? x % y : 0); }
static GIR__INLINE uint8_t gir__v_mod_u8(uint8_t x, uint8_t y) { return gir__v_imod_u8(x, y); }
static GIR__INLINE uint8_t gir__v_floordiv_u8(uint8_t x, uint8_t y) { return gir__v_idiv_u8(x, y); }
/* double -> integer conversions made total: NaN -> 0, out of range saturates, otherwise truncation */
static GIR__INLINE uint8_t gir__sat_u8(double v) { return (uint8_t)(v != v || v <= 0 ? 0 : v >= 255 ? 255 : v); }
static GIR__INLINE int32_t gir__sat_i32(double v) {
    return v != v ? 0 : v <= -2147483648.0 ? (int32_t)(-2147483647 - 1) : v >= 2147483647.0 ? 2147483647 : (int32_t)v;
}
static GIR__INLINE uint8_t gir__v_not_b8(uint8_t x) { return (uint8_t)!x; }
static GIR__INLINE uint8_t gir__v_and_b8(uint8_t x, uint8_t y) { return (uint8_t)(x && y); }
static GIR__INLINE uint8_t gir__v_or_b8(uint8_t x, uint8_t y) { return (uint8_t)(x || y); }
static GIR__INLINE uint8_t gir__v_xor_b8(uint8_t x, uint8_t y) { return (uint8_t)(!x != !y); }

/* Counts, dims, offsets and indices are int64_t. On a 32-bit core a plain a / b of them calls libgcc's 64-bit
   division (__aeabi_ldivmod: about 0.7 KB of flash, and slow), so the code a plan image runs divides them with
   gir__udiv, for a >= 0 and b > 0 (a remainder is a - q b): in 32 bits when both fit (one udiv instruction), else bit by bit
   (a tensor of 2^32 elements does not fit such a core's memory anyway). A 64-bit target divides as usual.
   gir__f32_of_count converts a count to float the same way: through 32 bits (no __aeabi_l2f). */
#if defined(UINTPTR_MAX) && UINTPTR_MAX <= 0xFFFFFFFFu
static int64_t gir__udiv(int64_t a, int64_t b) {
    uint64_t q = 0, r = 0;
    int i;
    if (!(((uint64_t)a | (uint64_t)b) >> 32)) return (int64_t)((uint32_t)a / (uint32_t)b);
    for (i = 63; i >= 0; --i) {
        r = r << 1 | ((uint64_t)a >> i & 1u);
        if (r >= (uint64_t)b) { r -= (uint64_t)b; q |= (uint64_t)1 << i; }
    }
    return (int64_t)q;
}
static GIR__INLINE float gir__f32_of_count(int64_t n) { return (float)(uint32_t)n; }
#else
static GIR__INLINE int64_t gir__udiv(int64_t a, int64_t b) { return a / b; }
static GIR__INLINE float gir__f32_of_count(int64_t n) { return (float)n; }
#endif

/* >>memory: every allocation goes through the graph's or plan's allocator ------------------------------- */
/* The default allocator's cache of large blocks. Building, differentiating and compiling a graph takes a few
   dozen blocks of up to a few hundred KiB and gives them all back, and malloc returns such blocks to the system
   (it trims the heap's top or unmaps them), so the next graph faults every page in again. Where gir.h calls the
   C library's malloc itself (no GIR_MALLOC, no GIR_NO_MALLOC, no GIR_NO_ALLOC_CACHE) on a hosted target whose
   compiler has GCC's atomic builtins, the default allocator keeps up to GIR__CACHE_SLOTS freed blocks of
   GIR__CACHE_MIN bytes or more, GIR__CACHE_BYTES together, the oldest going first, and hands one back to a
   request it holds at most twice over (the best fit). Each block starts with a header holding its size, so a
   realloc within it moves nothing. A lock taken by exchange guards the cache; a thread that finds it taken goes
   to malloc or free at once instead of waiting. A failed malloc empties the cache and tries again, and
   gir_release_caches() empties it on demand; leak checkers see the kept blocks as reachable through it. Under
   AddressSanitizer a kept block is poisoned, so a use after gir.h freed it is still reported. */
#if defined(GIR__LIBC_MALLOC) && !defined(GIR_NO_ALLOC_CACHE) && (defined(__GNUC__) || defined(__clang__)) && \
    !defined(__TINYC__) && (defined(__unix__) || defined(__unix) || defined(__APPLE__) || defined(_WIN32))
#  define GIR__CACHE 1
#  define GIR__CACHE_SLOTS 32
#  define GIR__CACHE_MIN 4096                   /* smaller blocks go to free: malloc's own bins reuse them */
#  define GIR__CACHE_BYTES ((size_t)16 << 20)
#  if defined(__SANITIZE_ADDRESS__)
#    define GIR__ASAN 1
#  elif defined(__has_feature)
#    if __has_feature(address_sanitizer)
#      define GIR__ASAN 1
#    endif
#  endif
#endif
#if defined(GIR__CACHE) && defined(GIR__ASAN)
#  ifdef __cplusplus
extern "C" {
#  endif
void __asan_poison_memory_region(void const volatile *addr, size_t size);
void __asan_unpoison_memory_region(void const volatile *addr, size_t size);
#  ifdef __cplusplus
}
#  endif
#  define GIR__POISON(p, n) __asan_poison_memory_region((p), (n))
#  define GIR__UNPOISON(p, n) __asan_unpoison_memory_region((p), (n))
#else
#  define GIR__POISON(p, n) ((void)0)
#  define GIR__UNPOISON(p, n) ((void)0)
#endif
#if defined(GIR__CACHE)
/* the header before each block of the default allocator: its size; the union (16 bytes or more) keeps the block
   aligned as malloc's */
typedef union gir__mhdr { size_t n; void *p; long long ll; double d; long double ld; unsigned char pad[16]; } gir__mhdr;
static struct gir__cache_state {
    int        lock;                            /* 1 while a thread reads or changes the rest */
    unsigned   n;                               /* blocks kept, oldest first */
    size_t     bytes;
    gir__mhdr *blk[GIR__CACHE_SLOTS];
} gir__cache;
static int gir__cache_lock(void) { return !__atomic_exchange_n(&gir__cache.lock, 1, __ATOMIC_ACQUIRE); }
static void gir__cache_unlock(void) { __atomic_store_n(&gir__cache.lock, 0, __ATOMIC_RELEASE); }
/* the kept block that holds n bytes best, at most twice over, out of the cache (NULL: none, or the lock is taken) */
static gir__mhdr *gir__cache_take(size_t n) {
    gir__mhdr *h = NULL;
    unsigned k, best;
    if (n < GIR__CACHE_MIN || !gir__cache_lock()) return NULL;
    for (k = 0, best = gir__cache.n; k < gir__cache.n; ++k) {
        size_t m = gir__cache.blk[k]->n;
        if (m >= n && m / 2 <= n && (best == gir__cache.n || m < gir__cache.blk[best]->n)) best = k;
    }
    if (best < gir__cache.n) {
        h = gir__cache.blk[best];
        gir__cache.bytes -= h->n;
        for (k = best + 1; k < gir__cache.n; ++k) gir__cache.blk[k - 1] = gir__cache.blk[k];
        --gir__cache.n;
    }
    gir__cache_unlock();
    if (h) GIR__UNPOISON(h + 1, n);
    return h;
}
/* block h kept, the oldest ones making room for it, or freed (too small, too large, or the lock is taken) */
static void gir__cache_put(gir__mhdr *h) {
    gir__mhdr *out[GIR__CACHE_SLOTS];
    unsigned nout = 0, k;
    GIR__UNPOISON(h + 1, h->n);                  /* a block taken for less than its size had its tail poisoned */
    if (h->n < GIR__CACHE_MIN || h->n > GIR__CACHE_BYTES / 4 || !gir__cache_lock()) {
        GIR_FREE(h, NULL);
        return;
    }
    while (gir__cache.n && (gir__cache.n == GIR__CACHE_SLOTS || gir__cache.bytes + h->n > GIR__CACHE_BYTES)) {
        out[nout++] = gir__cache.blk[0];
        gir__cache.bytes -= gir__cache.blk[0]->n;
        for (k = 1; k < gir__cache.n; ++k) gir__cache.blk[k - 1] = gir__cache.blk[k];
        --gir__cache.n;
    }
    GIR__POISON(h + 1, h->n);
    gir__cache.blk[gir__cache.n++] = h;
    gir__cache.bytes += h->n;
    gir__cache_unlock();
    for (k = 0; k < nout; ++k) {
        GIR__UNPOISON(out[k] + 1, out[k]->n);
        GIR_FREE(out[k], NULL);
    }
}
/* malloc (h NULL) or realloc of a block with its header, n bytes after it; on failure once more with the cache
   emptied */
static gir__mhdr *gir__cache_sys(gir__mhdr *h, size_t n) {
    gir__mhdr *r;
    int k;
    if (n > ((size_t)-1) / 2) return NULL;
    for (k = 0; k < 2; ++k) {
        r = (gir__mhdr *)(h ? GIR_REALLOC(h, 0, sizeof *h + n, NULL) : GIR_MALLOC(sizeof *h + n, NULL));
        if (r) {
            r->n = n;
            return r;
        }
        gir_release_caches();
    }
    return NULL;
}
#endif
GIR_API void gir_release_caches(void) {
#if defined(GIR__CACHE)
    gir__mhdr *out[GIR__CACHE_SLOTS];
    unsigned n, k;
    while (!gir__cache_lock()) {}                /* others hold it for a few instructions */
    n = gir__cache.n;
    for (k = 0; k < n; ++k) out[k] = gir__cache.blk[k];
    gir__cache.n = 0;
    gir__cache.bytes = 0;
    gir__cache_unlock();
    for (k = 0; k < n; ++k) {
        GIR__UNPOISON(out[k] + 1, out[k]->n);
        GIR_FREE(out[k], NULL);
    }
#endif
}
static void *gir__default_alloc(size_t n, void *user) {
#if defined(GIR_NO_MALLOC)
    (void)n; (void)user; return NULL;
#elif defined(GIR__CACHE)
    gir__mhdr *h = gir__cache_take(n);
    (void)user;
    if (!h && !(h = gir__cache_sys(NULL, n))) return NULL;
    return h + 1;
#else
    return GIR_MALLOC(n, user);
#endif
}
static void *gir__default_realloc(void *p, size_t old, size_t n, void *user) {
#if defined(GIR_NO_MALLOC)
    (void)p; (void)old; (void)n; (void)user; return NULL;
#elif defined(GIR__CACHE)
    gir__mhdr *h, *nh;
    if (!p) return gir__default_alloc(n, user);
    h = (gir__mhdr *)p - 1;
    if (n <= h->n) {                             /* the block holds it already */
        GIR__UNPOISON(p, n);
        return p;
    }
    if ((nh = gir__cache_take(n)) != NULL) {     /* a kept block: the old one is kept in its place */
        GIR_MEMCPY(nh + 1, p, old < h->n ? old : h->n);
        gir__cache_put(h);
        return nh + 1;
    }
    GIR__UNPOISON(p, h->n);                      /* realloc reads the whole block */
    return (nh = gir__cache_sys(h, n)) != NULL ? nh + 1 : NULL;
#else
    return GIR_REALLOC(p, old, n, user);
#endif
}
static void gir__default_free(void *p, void *user) {
#if defined(GIR_NO_MALLOC)
    (void)p; (void)user;
#elif defined(GIR__CACHE)
    (void)user;
    if (p) gir__cache_put((gir__mhdr *)p - 1);
#else
    GIR_FREE(p, user);
#endif
}
static gir_allocator gir__allocator_or_default(const gir_allocator *a) {
    gir_allocator r;
    if (a && a->alloc_fn && a->free_fn) {
        r = *a;
        if (!r.realloc_fn) r.realloc_fn = NULL;
        return r;
    }
    r.alloc_fn = gir__default_alloc;
    r.realloc_fn = gir__default_realloc;
    r.free_fn = gir__default_free;
    r.user = a ? a->user : NULL;
    return r;
}
static void *gir__alloc(const gir_allocator *a, size_t n) {
    return n ? a->alloc_fn(n, a->user) : NULL;
}
static void gir__free(const gir_allocator *a, void *p, size_t n) {
    (void)n;
    if (p) a->free_fn(p, a->user);
}
/* grow an array to hold at least want elements; 0 on success (the old block is kept on failure) */
static int gir__grow(const gir_allocator *a, void **p, size_t *cap, size_t want, size_t elem) {
    size_t nc = *cap ? *cap : 16;
    void *np;
    if (want <= *cap) return 0;
    while (nc < want) {
        if (nc > ((size_t)-1) / 2 / elem) return 1;
        nc *= 2;
    }
    if (a->realloc_fn) {
        np = a->realloc_fn(*p, *cap * elem, nc * elem, a->user);
        if (!np) return 1;
    } else {
        np = a->alloc_fn(nc * elem, a->user);
        if (!np) return 1;
        if (*p) {
            GIR_MEMCPY(np, *p, *cap * elem);
            a->free_fn(*p, a->user);
        }
    }
    *p = np;
    *cap = nc;
    return 0;
}

/* >>status ---------------------------------------------------------------------------------------------- */
static const char *const gir__status_names[GIR_STATUS__COUNT] = {
    "ok",
#define GIR__STATUS_STR(name, str) str,
    GIR__STATUS(GIR__STATUS_STR)
#undef GIR__STATUS_STR
};
GIR_API const char *gir_status_name(gir_status s) {
    return (unsigned)s < (unsigned)GIR_STATUS__COUNT ? gir__status_names[s] : "unknown status";
}

/* a small formatter so messages need no stdio: %s %d %u %g(approx) %S(shape) */
#define GIR__MSG 256
/* under GIR_NO_ERROR_STRINGS a message is a prefix ("image: ") and a status name (at most 20 characters), which
   GIR__MSG_SHORT bytes hold: a plan image's state keeps that many, not GIR__MSG */
#define GIR__MSG_SHORT 32
typedef struct gir__buf { char *p; size_t n, len; } gir__buf;
static void gir__puts(gir__buf *b, const char *s) {
    while (*s && b->len + 1 < b->n) b->p[b->len++] = *s++;
    b->p[b->len] = 0;
}
static void gir__putl(gir__buf *b, long long v) {
    char t[24];
    int k = 0;
    unsigned long long u = v < 0 ? (unsigned long long)(-(v + 1)) + 1u : (unsigned long long)v;
    if (v < 0) gir__puts(b, "-");
    do { t[k++] = (char)('0' + (int)(u % 10u)); u /= 10u; } while (u);
    while (k) { char c[2]; c[0] = t[--k]; c[1] = 0; gir__puts(b, c); }
}
/* an address as 0x and lower-case hex digits (as glibc's %p), NULL as "NULL" */
static void gir__putp(gir__buf *b, const void *p) {
    char t[2 + 2 * sizeof(uintptr_t) + 1];
    uintptr_t u = (uintptr_t)p;
    int k = (int)sizeof t - 1;
    if (!p) { gir__puts(b, "NULL"); return; }
    t[k] = 0;
    do { t[--k] = "0123456789abcdef"[u & 15u]; u >>= 4; } while (u);
    t[--k] = 'x';
    t[--k] = '0';
    gir__puts(b, t + k);
}
static void gir__putshape(gir__buf *b, const gir_shape *s) {
    int k;
    if (s->rank < 0 || s->rank > GIR_MAX_RANK) {           /* never read past the struct */
        gir__puts(b, "[rank ");
        gir__putl(b, s->rank);
        gir__puts(b, "]");
        return;
    }
    gir__puts(b, "[");
    for (k = 0; k < s->rank; ++k) {
        if (k) gir__puts(b, ",");
        gir__putl(b, s->dim[k]);
    }
    gir__puts(b, "]");
}

/* >>internal types ---------------------------------------------------------------------------------------- */
enum { GIR__DT_NUM, GIR__DT_FLOAT, GIR__DT_CMP, GIR__DT_LOGIC, GIR__DT_TEST, GIR__DT_INT, GIR__DT_INDEX,
       GIR__DT_ANY, GIR__DT_ATTR };
enum { GIR__SH_SAME, GIR__SH_BCAST, GIR__SH_REDUCE, GIR__SH_SCALAR, GIR__SH_ATTR_SHAPE, GIR__SH_FN };
/* the flags column of ops.def (its header comment says what each means), in the order of FLAGS in gen/gir_gen.py;
   passes test them (gir__op_is), never an op's name */
enum { GIR__F_KINK = 1, GIR__F_RNG = 2, GIR__F_COMM = 4, GIR__F_BLOCK = 8, GIR__F_LEAF_IN = 16, GIR__F_LEAF_VAR = 32,
       GIR__F_LEAF_CONST = 64, GIR__F_LEAF_FILL = 128, GIR__F_WRITES = 256, GIR__F_EVAL_ID = 512,
       GIR__F_EVAL_PICK1 = 1024, GIR__F_TUPLE = 2048, GIR__F_PROJ = 4096,
       GIR__F_BRANCH = 8192, GIR__F_LOOP = 16384, GIR__F_UNTIL = 32768 };
#define GIR__F_LEAF_DATA (GIR__F_LEAF_VAR | GIR__F_LEAF_CONST)     /* leaves whose values the graph holds */
#define GIR__F_LEAF_STATE (GIR__F_LEAF_IN | GIR__F_LEAF_VAR)       /* leaves whose values change between runs */
#define gir__op_is(op, f) ((gir__op_flags[gir__op_row[op]] & (f)) != 0)   /* gir__op_flags: generated, per kept op */
#define gir__red_of(op) (&gir__reds[gir__op_red[gir__op_row[op]]])        /* a REDUCE row's gir__reds entry */
#define GIR__DTYPE_SLOTS 6
/* Input limits (gen/gir_gen.py reads both and rejects a row that does not fit): a variadic node takes
   1 to GIR__MAX_IN inputs; a row with a fixed list has at most GIR__MAX_ROW_IN (argmask bits and the
   elementwise driver's arrays). */
#define GIR__MAX_IN 64                   /* = GIR_MAX_VARIADIC, the public name */
#if GIR__MAX_IN != GIR_MAX_VARIADIC
#  error "gir: GIR__MAX_IN and GIR_MAX_VARIADIC disagree"
#endif
#define GIR__MAX_ROW_IN 16

/* A node record: 24 bytes whatever its op. Its attributes live in the graph's attribute store in a compact form
   (only the fields that are set, see gen/50-ir/graph.c); code that needs them as a gir_attr unpacks them
   (gir__attr_load, gir__view), and a plan unpacks its steps' when they run. Its shape lives in the graph's shape
   store, shared with every node of the same shape found cheaply (gir__shape_ref): read it with gir__nshape. */
typedef struct gir__node {
    uint16_t  op;
    uint8_t   dtype;
    uint8_t   ntype;
    uint16_t  grad_level;
    uint8_t   nparents;     /* inputs [0, nparents) are parents, the rest arguments */
    uint8_t   nin;          /* at most GIR__MAX_IN */
    uint32_t  in0;          /* first input in the graph's input pool */
    uint32_t  attr;         /* 1 + offset of its attributes in the graph's attribute store; 0: none (all zero) */
    uint32_t  name;         /* 1 + offset of its name in the graph's name pool; 0: unnamed (gen/50-ir/names.c) */
    uint32_t  shp;          /* 1 + offset of its shape in the graph's shape store: read it with gir__nshape */
} gir__node;
#if GIR__MAX_IN > 255
#  error "gir: gir__node.nin holds at most 255 inputs"
#endif

/* attr->i[4] of a constant or variable whose values stay in the caller's memory (gen/50-ir/dataref.c) */
#define GIR__REF 1
/* A byte store that grows by blocks that never move (the attribute store and the name pool): an entry keeps its
   address while the graph lives, and growing never copies. An entry is referred to by 1 + its offset; block k
   covers offsets [start, start + size). The first block takes the capacity hint when one was given. */
typedef struct gir__sblk {
    struct gir__sblk *next;
    uint32_t          start, size, used;
} gir__sblk;                                 /* the block's bytes follow the header */
typedef struct gir__store {
    gir__sblk *head, *tail;
    uint32_t   hint;                         /* bytes of the first block; 0: a small default */
} gir__store;

typedef struct gir__scope {
    uint16_t mark[GIR_MAX_SCOPE_DEPTH];      /* scope_len before each push */
    char     text[GIR_MAX_NAME + 1];
} gir__scope;
struct gir_graph {
    gir_allocator a;
    gir__node    *nodes;    /* nodes[0] is the invalid node */
    size_t        nnodes, cap;
    uint32_t     *ins;
    size_t        nins, inscap;
    gir__store    attrs;    /* compact attributes (gen/50-ir/graph.c); entries with data own that block of values */
    gir__store    names;    /* the name pool: NUL-terminated names, referred to by gir__node.name */
    gir__store    shapes;   /* the nodes' shapes, records of sizeof(gir_shape) shared where found (gir__shape_ref) */
    gir_status    status;
    char          msg[GIR__MSG];
    uint16_t      grad_level;   /* level given to nodes built while gir_grad runs */
    uint32_t      tag;          /* in every handle of this graph's nodes */
    uint32_t      plans;        /* live plans compiled from this graph: they read its nodes and data */
    int           freed;        /* gir_graph_free was called; the memory goes with the last plan */
    uint16_t      scope_len;    /* the length of the current scope prefix, "layer1/conv" (gir_graph_push_scope) */
    uint8_t       scope_depth;
    struct gir__scope *scope;   /* the prefix and the marks, allocated by the first gir_graph_push_scope; NULL before */
    uint32_t     *cons;         /* topological constraints, pairs (before, after) of node ids (gir_graph_constrain) */
    size_t        ncons, conscap;
    struct gir_func *funcs;     /* the functions whose body this graph is (gir_func_new), newest first */
    struct gir_func **callees;  /* the functions its call nodes call (attribute func indexes it); each held */
    uint32_t      ncallees, calleescap;
    const gir_node *cots;       /* while the reverse sweep runs a call's adjoint: its results' adjoints */
};
/* A function: a body graph, the nodes of it that are parameters (inputs of the body) and results. The body owns
   it; a graph that calls it holds the body (gir_graph.plans) until it is released itself. */
struct gir_func {
    gir_graph       *body;
    struct gir_func *next;      /* the body's list */
    struct gir_func *vjp;       /* gir_func_vjp's, built on the first call */
    struct gir_func *hist;      /* for a scan's gradient: f's carries, then its input carries as per-step results */
    struct gir_func *fhist;     /* the same with all of f's results first: a scan of it gives a scan of f's results,
                                   so the plan's passes let it stand for one (gen/80-plan/passes.c) */
    struct gir_func *svjp;      /* for a scan's gradient: one step of the reverse scan (gen/60-autodiff) */
    struct gir_func *rhist;     /* for a scan's gradient: f, then the residuals its VJP reads as per-step results */
    int              rhist_nps; /* the per-step parameters (carries and per-step inputs) rhist was cut for */
    uint64_t         sread;     /* bit k: svjp reads per-step parameter k (a carry or a per-step input) */
    uint32_t        *params, *results;
    int              nparams, nresults;
    char             name[32];
};

/* shape / build context handed to shape functions */
typedef struct gir__bctx {
    gir_graph       *g;
    gir_op           op;
    uint32_t         id;        /* the id the node will get */
    int              n;         /* inputs */
    const gir_node  *in;
    gir_attr         attr;      /* may be normalised by the shape function */
    gir_shape        out;
    int              dtype;     /* output dtype, may be set by the shape function */
    int              zero;      /* attr is all zeros and stays so (no attributes given, none in the op's row) */
} gir__bctx;

typedef struct gir__opinfo {    /* one row per kept op, narrow fields (28 bytes on 32-bit targets); the name: gir__op_names */
    const char *attrs;
    const char *no_adj;
    gir_status (*shape_fn)(gir__bctx *b);
    uint16_t    in_name0;   /* the first of its inputs' names in gir__in_names (builder order) */
    uint16_t    argmask;    /* bit k: IN position k is an argument (k < GIR__MAX_ROW_IN) */
    uint8_t     nparents, nargs, variadic;
    uint8_t     dtrule, shrule;
    uint8_t     diff;
    int8_t      axis_i;     /* index of the i attribute named 'axis', or -1 */
    int8_t      axes_l;     /* index of the l attribute named 'axes', or -1 */
} gir__opinfo;
/* the REDUCE form of a reduction row (ops.def; generated by gen/reduce_lower.py): one or two passes, each with
   the cases of gir__red_init_*, gir__red_row_* (step) and gir__red_fin_* it runs and its vector kind (GIR__VR_*, -1:
   the vector path does not serve the row) */
typedef struct gir__redinfo {
    uint8_t nstage;
    uint8_t flags;          /* GIR__RF_* */
    uint8_t init[2], step[2], fin[2];
    int8_t  vk[2];
} gir__redinfo;
/* WRAP: integer outputs accumulate in uint32_t with gir__red_row_wrap; NOEMPTY: one pass from +-inf (max, min), so
   an empty reduction is an error, as in NumPy; ZERO << pass: that pass's vector kind reads zeros as its aux (a sum of squares) */
enum { GIR__RF_WRAP = 1, GIR__RF_NOEMPTY = 2, GIR__RF_ZERO = 4 };
