#!/bin/sh
# With GIR_MEMCPY and GIR_MEMSET routed, no compiler-generated memcpy / memmove / memset call may remain in the
# Cortex-M4 object (-Os and -O2, -ffunction-sections): struct copies and zero fills go through the routes. The
# only exceptions are the API functions that return a large struct by value (gir_node_attr, gir_optim_defaults,
# gir_train_defaults, gir_plan_query_stats):
# GCC copies the return value with memcpy (GCC requires memcpy/memset of every freestanding environment);
# --gc-sections drops them when a program does not call them. The ONNX exporter (gir__oew_*, gir__oxe_*, gir__oxo_*)
# (and gir__oxgraph_*) passes its lists of ints by value too: host-side code that --gc-sections drops from a device that does not export.
# Exit 0: passed, 1: failed, 77: skipped.
B=${1:-build/f32}
CC=${ARMCC:-arm-none-eabi-gcc}
command -v "$CC" >/dev/null 2>&1 || { echo "skip: $CC not found"; exit 77; }
mkdir -p "$B" || exit 1
printf '%s\n' '#include <stddef.h>' 'void *my_memcpy(void *d, const void *s, size_t n);' \
    'void *my_memset(void *d, int v, size_t n);' '#define GIR_MEMCPY(d, s, n) my_memcpy((d), (s), (n))' \
    '#define GIR_MEMSET(d, v, n) my_memset((d), (v), (n))' '#define GIR_IMPLEMENTATION' '#include "gir.h"' \
    > "$B/routed_mem.c"
rc=0
for opt in -Os -O2; do
    $CC -mcpu=cortex-m4 -mthumb -mfloat-abi=hard -mfpu=fpv4-sp-d16 -ffreestanding -std=c99 $opt -Wall -Wextra -Werror \
        -ffunction-sections -I. -c "$B/routed_mem.c" -o "$B/routed_mem.o" || exit 1
    bad=$(arm-none-eabi-objdump -r "$B/routed_mem.o" | awk '/RELOCATION RECORDS FOR/ {sec=$4}
        / (memcpy|memmove|memset)$/ {print sec}' | grep -v -e '\.text\.gir_node_attr\]' -e '\.text\.gir_optim_defaults\]' \
        -e '\.text\.gir_train_defaults\]' -e '\.text\.gir_plan_query_stats\]' \
        -e '\.text\.gir__oew_' -e '\.text\.gir__oxe_' -e '\.text\.gir__oxo_' -e '\.text\.gir__oxgraph_' | sort -u)
    if [ -n "$bad" ]; then echo "FAIL $opt: compiler-made memcpy/memset in: $bad"; rc=1; else echo "ok $opt: no memcpy/memset outside the routes"; fi
done
exit $rc
