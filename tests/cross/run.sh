#!/bin/sh
# cross/run.sh - make cross-test: the whole test runner (tests/unit/main.c) built for three targets, and a plan
# image's training program for the two Cortex-Ms, run under emulation, each run under `timeout`; every run ends
# with its "N passed, N failed" line, and the script with a total. Its exit status is the number of failures
# (at most 100).
#   a64   AArch64 Linux, NEON kernels: aarch64-linux-gnu-gcc -static, GIR_THREADS, run by qemu-aarch64
#   m4    Cortex-M4F bare metal, scalar kernels on the single-precision FPU (-mfloat-abi=hard): qemu-system-arm
#         -M mps2-an386 (16 MiB of RAM), picolibc with semihosting
#   m55   Cortex-M55 bare metal, Helium (MVE) kernels: qemu-system-arm -M mps3-an547, code in the 512 KiB ITCM
#         (built -Os to fit, without the io, resume, fwdmode, graph, func, trainer and passes suites: save/load,
#         forward mode, the graph's records, functions and loops, the one-call trainer and the graph passes have no
#         vector code of their own and run on the other two; about 1,600 bytes of the ITCM are left), data in DDR,
#         picolibc with semihosting
#   m4img, m55img   tests/programs/image_lstm.c on the same boards and memory maps (M4 -O2, M55 -Os): an LSTM
#         training step through a scan, written as a plan image and run from it, bit for bit against its plan; an
#         ELF of its own, as the m55 runner leaves too little of the ITCM for it (it takes about half)
# The bare-metal runners open tests/oracles/golden*.txt on the host through semihosting (run from the repository root).
# What does not fit a target is skipped by the runner itself, which prints each skip with its reason:
# threads/ on bare metal (no pthreads), and on the M4 the tests that need more than its 16 MiB of RAM.
#   sh tests/cross/run.sh [TARGET...]   (default: a64 m4 m55 m4img m55img); B is the build folder, CROSS_JOBS how many
#   targets build and run at once (2). Runner options (--filter S, -v) can go in CROSS_ARGS.
B=${B:-build}/cross
A64CC=${A64CC:-aarch64-linux-gnu-gcc}
ARMCC=${ARMCC:-arm-none-eabi-gcc}
JOBS=${CROSS_JOBS:-2}
ARGS=${CROSS_ARGS:-}
WARN="-std=c99 -Wall -Wextra -Werror"
PICO="--specs=picolibc.specs --oslib=semihost --crt0=semihost -ffunction-sections -fdata-sections -Wl,--gc-sections"
SEMI="-nographic -semihosting-config enable=on,target=native"
mkdir -p "$B"
targets=${*:-a64 m4 m55 m4img m55img}

# mem FLASH FLASH_SIZE RAM RAM_SIZE: picolibc's linker script placed on a board's memory map
mem() {
    echo "-Wl,--defsym=__flash=$1 -Wl,--defsym=__flash_size=$2 -Wl,--defsym=__ram=$3 -Wl,--defsym=__ram_size=$4" \
         "-Wl,--defsym=__stack_size=0x40000"
}
# one target: build, then run; everything goes to $B/<target>.log, the status to $B/<target>.rc
one() {
    t=$1
    start=$(date +%s)
    case $t in
    a64)
        need="$A64CC qemu-aarch64"
        build="$A64CC $WARN -O2 -static -DGIR_TEST_CROSS -DGIR_THREADS -pthread tests/unit/main.c -o $B/a64 -lm"
        run="timeout 900 qemu-aarch64 $B/a64 $ARGS" ;;
    m4)
        need="$ARMCC qemu-system-arm"
        build="$ARMCC -mcpu=cortex-m4 -mthumb -mfpu=fpv4-sp-d16 -mfloat-abi=hard $WARN -O2 $PICO -DGIR_TEST_CROSS \
            -DGIR_TEST_SEMIHOSTED -DGIR_TEST_RAM_MIB=16 $(mem 0x0 0x400000 0x21000000 0x1000000) \
            tests/unit/main.c -o $B/m4.elf -lm"
        run="timeout 1500 qemu-system-arm -M mps2-an386 $SEMI -kernel $B/m4.elf -append \"$ARGS\"" ;;
    m55)
        # GIR_NO_ONNX: with the ONNX reader, importer and exporter the whole runner overflows the 512 KiB ITCM; their
        # suites run on a64 and on the 32-bit m4. So do io, resume, fwdmode, graph (records, dumps, DOT), func,
        # plan_calls, names, trainer and passes, left out here too: none of them runs vector code of its own
        need="$ARMCC qemu-system-arm"
        build="$ARMCC -mcpu=cortex-m55 -mthumb -mfloat-abi=hard $WARN -Os $PICO -DGIR_TEST_CROSS -DGIR_NO_ONNX \
            -DGIR_TEST_SEMIHOSTED -DGIR_TEST_NO_IO -DGIR_TEST_NO_RESUME -DGIR_TEST_NO_FWDMODE \
            -DGIR_TEST_NO_GRAPH -DGIR_TEST_NO_FUNC -DGIR_TEST_NO_PLAN_CALLS -DGIR_TEST_NO_IMAGE_CALLS -DGIR_TEST_NO_NAMES -DGIR_TEST_NO_TRAINER \
            -DGIR_TEST_NO_PASSES -DGIR_TEST_RAM_MIB=128 $(mem 0x0 0x80000 0x60000000 0x8000000) \
            tests/unit/main.c -o $B/m55.elf -lm"
        run="timeout 1500 qemu-system-arm -M mps3-an547 $SEMI -kernel $B/m55.elf -append \"$ARGS\"" ;;
    m4img)
        need="$ARMCC qemu-system-arm"
        build="$ARMCC -mcpu=cortex-m4 -mthumb -mfpu=fpv4-sp-d16 -mfloat-abi=hard $WARN -O2 $PICO \
            $(mem 0x0 0x400000 0x21000000 0x1000000) tests/programs/image_lstm.c -o $B/m4img.elf -lm"
        run="timeout 300 qemu-system-arm -M mps2-an386 $SEMI -kernel $B/m4img.elf" ;;
    m55img)
        need="$ARMCC qemu-system-arm"
        build="$ARMCC -mcpu=cortex-m55 -mthumb -mfloat-abi=hard $WARN -Os $PICO \
            $(mem 0x0 0x80000 0x60000000 0x8000000) tests/programs/image_lstm.c -o $B/m55img.elf -lm"
        run="timeout 300 qemu-system-arm -M mps3-an547 $SEMI -kernel $B/m55img.elf" ;;
    *)  echo "unknown target $t (a64, m4, m55, m4img, m55img)" > "$B/$t.log"; echo 1 > "$B/$t.rc"; return ;;
    esac
    for tool in $need; do
        if ! command -v "$tool" > /dev/null 2>&1; then
            echo "$tool not found (.ci/run installs it)" > "$B/$t.log"; echo 1 > "$B/$t.rc"; return
        fi
    done
    { echo "\$ $build" | tr -s ' '; } > "$B/$t.log"
    if ! sh -c "$build" >> "$B/$t.log" 2>&1; then echo "build failed" >> "$B/$t.log"; echo 1 > "$B/$t.rc"; return; fi
    built=$(date +%s)
    { echo "\$ $run" | tr -s ' '; } >> "$B/$t.log"
    sh -c "$run" < /dev/null >> "$B/$t.log" 2>&1
    rc=$?
    [ $rc -eq 124 ] && echo "timed out" >> "$B/$t.log"
    echo "$t: build $((built - start)) s, run $(($(date +%s) - built)) s, exit $rc" >> "$B/$t.log"
    echo $rc > "$B/$t.rc"
}

# JOBS lanes, the targets dealt to them in turn (a64, m55 and m55img share one, the M4, the longest, has the other
# with m4img, a minute at most); the logs are printed in the targets' order
lane=0
while [ $lane -lt "$JOBS" ]; do
    (
        i=0
        for t in $targets; do
            [ $((i % JOBS)) -eq $lane ] && one "$t"
            i=$((i + 1))
        done
    ) &
    lane=$((lane + 1))
done
wait

pass=0
fail=0
for t in $targets; do
    echo "=== $t"
    grep -E '^(instruction set|skip|FAIL|timed out|build failed|[0-9]+ passed|.*not found|unknown target)' "$B/$t.log" \
        | grep -v '^skip grad2/' | head -n 60
    line=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$B/$t.log" | tail -n 1)
    rc=$(cat "$B/$t.rc" 2>/dev/null || echo 1)
    if [ -z "$line" ]; then
        fail=$((fail + 1)); tail -n 20 "$B/$t.log"
    else
        p=${line%% passed*}; f=${line#*passed, }; f=${f%% failed*}
        pass=$((pass + p)); fail=$((fail + f))
        [ "$f" -eq 0 ] && [ "$rc" -ne 0 ] && fail=$((fail + 1))
    fi
    tail -n 1 "$B/$t.log"
done
echo "cross-test: $pass passed, $fail failed"
[ $fail -gt 100 ] && fail=100
exit $fail
