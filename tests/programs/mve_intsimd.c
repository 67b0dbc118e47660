/* mve_intsimd.c - tests/unit/simd_int.c on its own, for targets the whole runner does not fit (Cortex-M55 with
   Helium under qemu-system-arm, 512 KiB of code): the vector kernels of the integer, b8, compare and where rows
   against the scalar ones. Exit status 0 when every check passes. */
#define GIR_IMPLEMENTATION
#include "../../gir.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>

static char why[1024];
static int n_pass, n_fail;
#define FAILF(...) do { snprintf(why, sizeof why, __VA_ARGS__); return 0; } while (0)
#define CHECK(c, ...) do { if (!(c)) FAILF(__VA_ARGS__); } while (0)
static void report(const char *name, int ok) {
    if (ok) { ++n_pass; printf("ok   %s\n", name); }
    else { ++n_fail; printf("FAIL %s: %s\n", name, why); }
    why[0] = 0;
}
#define RUN(name, expr) report(name, (expr))
/* the runner's skip report, which this program does not need: Helium is the only vector set of its target */
static void skip_missing_isas(const char *prefix) { (void)prefix; }
#include "../unit/simd_int.c"

int main(void) {
    suite_simd_int();
    printf("instruction set: %s\n%d passed, %d failed\n", gir_simd_name(), n_pass, n_fail);
    return n_fail != 0;
}
