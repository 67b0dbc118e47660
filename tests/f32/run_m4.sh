#!/bin/sh
# Builds tests/f32/mlp_train_m4.c for Cortex-M4 (hard float, -Os, --gc-sections, picolibc) with every double
# helper wrapped by a counting thunk (tests/f32/dcount.c) and runs it under qemu (mps2-an386): an f32 training
# step must call no double-precision helper, and its loss must fall. Exit 0: passed, 1: failed, 77: skipped.
# Usage: tests/f32/run_m4.sh [build-dir]
B=${1:-build/f32}
CC=${ARMCC:-arm-none-eabi-gcc}
if ! command -v "$CC" >/dev/null 2>&1 || ! command -v qemu-system-arm >/dev/null 2>&1; then
    echo "skip: $CC or qemu-system-arm not found (apt-get install gcc-arm-none-eabi picolibc-arm-none-eabi qemu-system-arm)"
    exit 77
fi
mkdir -p "$B" || exit 1
WRAP=$(grep -o 'DC_THUNK([a-z0-9_]*)' tests/f32/dcount.c | sed 's/DC_THUNK(\(.*\))/-Wl,--wrap=\1/' | tr '\n' ' ')
M4="-mcpu=cortex-m4 -mthumb -mfpu=fpv4-sp-d16 -mfloat-abi=hard"
PICO="--specs=picolibc.specs --oslib=semihost --crt0=semihost -Wl,--defsym=__flash=0 -Wl,--defsym=__flash_size=0x400000
      -Wl,--defsym=__ram=0x20000000 -Wl,--defsym=__ram_size=0x400000 -Wl,--defsym=__stack_size=0x8000"
# shellcheck disable=SC2086
$CC $M4 -std=c99 -Os -Wall -Wextra -Werror -ffunction-sections -fdata-sections $PICO -Wl,--gc-sections \
    -DGIR_F32_DCOUNT $WRAP tests/f32/mlp_train_m4.c tests/f32/dcount.c -o "$B/f32_mlp_m4.elf" -lm || exit 1
timeout 120 qemu-system-arm -M mps2-an386 -nographic -semihosting-config enable=on,target=native -icount shift=0 \
    -kernel "$B/f32_mlp_m4.elf" </dev/null || exit 1
# the same step from a plan image in a GIR_ONLY_F32 build: opens (i32 labels, a b8 mask), trains, no double call
# shellcheck disable=SC2086
$CC $M4 -std=c99 -Os -Wall -Wextra -Werror -ffunction-sections -fdata-sections $PICO -Wl,--gc-sections \
    -DGIR_F32_DCOUNT -DGIR_F32_IMAGE -DGIR_ONLY_F32 $WRAP tests/f32/mlp_train_m4.c tests/f32/dcount.c \
    -o "$B/f32_mlp_image_m4.elf" -lm || exit 1
timeout 120 qemu-system-arm -M mps2-an386 -nographic -semihosting-config enable=on,target=native -icount shift=0 \
    -kernel "$B/f32_mlp_image_m4.elf" </dev/null
