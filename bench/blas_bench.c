/* blas_bench.c - the OpenBLAS anchor of `make bench`: cblas_sgemm on square f32 matrices, printed as
 *     openblas <name> <GFLOP/s> GFLOP/s
 * (median of repetitions). The core type and thread count come from OPENBLAS_CORETYPE and
 * OPENBLAS_NUM_THREADS, which bench/run.py sets.
 */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <cblas.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}
static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}
static void bench(const char *label, int n) {
    float *a = (float *)malloc((size_t)n * n * sizeof(float)), *b = (float *)malloc((size_t)n * n * sizeof(float));
    float *c = (float *)calloc((size_t)n * n, sizeof(float));
    double s[7], t0, min_time = n >= 1024 ? 1.0 : 0.3;
    int k, reps = 1;
    if (!a || !b || !c) { fprintf(stderr, "blas_bench: out of memory\n"); exit(1); }
    for (k = 0; k < n * n; ++k) { a[k] = (float)((k * 7919) % 1000) / 1000.0f - 0.5f; b[k] = (float)((k * 104729) % 1000) / 1000.0f - 0.5f; }
    cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, n, n, n, 1.0f, a, n, b, n, 0.0f, c, n);
    for (;;) {
        int r;
        t0 = now();
        for (r = 0; r < reps; ++r) cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, n, n, n, 1.0f, a, n, b, n, 0.0f, c, n);
        if (now() - t0 >= min_time / 7 || reps > (1 << 20)) break;
        reps *= 2;
    }
    for (k = 0; k < 7; ++k) {
        int r;
        t0 = now();
        for (r = 0; r < reps; ++r) cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, n, n, n, 1.0f, a, n, b, n, 0.0f, c, n);
        s[k] = (now() - t0) / reps;
    }
    qsort(s, 7, sizeof s[0], cmp_double);
    printf("openblas %s %.2f GFLOP/s\n", label, 2.0 * n * n * (double)n / s[3] * 1e-9);
    free(a); free(b); free(c);
}
int main(int argc, char **argv) {
    static const int sizes[4] = {64, 256, 1024, 2048};
    int k, j;
    for (k = 0; k < 4; ++k) {
        char name[32];
        int want = argc < 2;
        snprintf(name, sizeof name, "sgemm_%d", sizes[k]);
        for (j = 1; j < argc; ++j) want |= !strcmp(argv[j], name);
        if (want) bench(name, sizes[k]);
    }
    return 0;
}
