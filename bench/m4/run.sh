#!/bin/sh
# run.sh - the Cortex-M4 side of `make bench`: builds bench/m4/mlp_m4.c (gir.h and hand-written C, inference and
# training) for Cortex-M4F, runs each under qemu-system-arm (mps2-an386, -icount shift=0, semihosting) and prints
# bench/run.py rows. Two builds of each, both sides with the same flags:
#   firmware  what make size measures: -Os, GIR_NO_PACKED_GEMM and GIR_NO_ERROR_STRINGS, the plan run as a plan
#             image (BENCH_IMAGE): "gir m4_infer_instr <n> instr", "hand m4_infer_instr <n> instr", and train;
#             and "gir m4_train_ram <n> bytes": the training image's RAM and the stack a step takes
#   packed    -O2, the packed GEMM, the plan run as built on the device: m4_infer_instr_packed, m4_train_instr_packed
# The two programs must agree (the softmax output or the training loss, to 1e-3 relative) or nothing is printed
# for that pair. Needs gcc-arm-none-eabi, picolibc-arm-none-eabi and qemu-system-arm; otherwise says so.
# Usage: sh bench/m4/run.sh [build-dir]
B=${1:-build/bench_m4}
CC=${ARMCC:-arm-none-eabi-gcc}
if ! command -v "$CC" >/dev/null 2>&1 || ! command -v qemu-system-arm >/dev/null 2>&1; then
    echo "m4 bench skipped: $CC or qemu-system-arm not found (apt-get install gcc-arm-none-eabi" \
         "picolibc-arm-none-eabi qemu-system-arm)" >&2
    exit 0
fi
mkdir -p "$B" || exit 1
M4="-mcpu=cortex-m4 -mthumb -mfpu=fpv4-sp-d16 -mfloat-abi=hard"
PICO="--specs=picolibc.specs --oslib=semihost --crt0=semihost -Wl,--defsym=__flash=0 -Wl,--defsym=__flash_size=0x400000
      -Wl,--defsym=__ram=0x20000000 -Wl,--defsym=__ram_size=0x400000 -Wl,--defsym=__stack_size=0x8000"
status=0
FIRMWARE="-Os -DBENCH_IMAGE -DGIR_NO_PACKED_GEMM -DGIR_NO_ERROR_STRINGS"
for build in firmware packed; do
    case $build in firmware) opt=$FIRMWARE suffix=;; *) opt=-O2 suffix=_packed;; esac
    for mode in infer train; do
        def=; [ $mode = train ] && def=-DBENCH_TRAIN
        for who in gir hand; do
            hd=; [ $who = hand ] && hd=-DBENCH_HAND
            elf=$B/${build}_${mode}_$who.elf
            # shellcheck disable=SC2086
            if ! $CC $M4 -std=c99 $opt -Wall -Wextra -Werror -ffunction-sections -fdata-sections $PICO \
                    -Wl,--gc-sections $def $hd bench/m4/mlp_m4.c -o "$elf" -lm; then
                echo "m4 bench: building $elf failed" >&2; status=1; continue
            fi
            out=$(timeout 300 qemu-system-arm -M mps2-an386 -nographic -semihosting-config enable=on,target=native \
                  -icount shift=0 -kernel "$elf" </dev/null 2>&1)
            echo "m4 bench: $build $mode $who: $out" >&2
            eval "${who}_instr=\$(echo \"\$out\" | sed -n 's/.*instr=\([0-9]*\).*/\1/p')"
            eval "${who}_check=\$(echo \"\$out\" | sed -n 's/.*check=\([0-9.]*\).*/\1/p')"
            eval "${who}_ram=\$(echo \"\$out\" | sed -n 's/.* ram=\([0-9]*\) stack=\([0-9]*\).*/\1 \2/p')"
        done
        # shellcheck disable=SC2154
        if [ -z "$gir_instr" ] || [ -z "$hand_instr" ] ||
           ! awk -v a="$gir_check" -v b="$hand_check" 'BEGIN { d = a - b; if (d < 0) d = -d; exit !(a != "" && d <= 1e-3 * (b < 0 ? -b : b) + 1e-6) }'; then
            echo "m4 bench: $build $mode: gir.h and the hand-written program disagree or failed (check $gir_check vs $hand_check)" >&2
            status=1; continue
        fi
        echo "gir m4_${mode}_instr$suffix $gir_instr instr"
        echo "hand m4_${mode}_instr$suffix $hand_instr instr"
        # shellcheck disable=SC2086
        if [ $build$mode = firmwaretrain ] && set -- $gir_ram && [ $# -eq 2 ] && [ "$1" -gt 0 ]; then
            echo "m4 bench: training RAM: the image's $1 bytes and $2 bytes of stack" >&2
            echo "gir m4_train_ram $(($1 + $2)) bytes"
        fi
    done
done
exit $status
