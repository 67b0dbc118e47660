#!/bin/sh
# size.sh - `make size`: the Cortex-M4 footprint of gir.h in three configurations, against budgets.
# Each program of tests/size/ is linked twice (newlib-nano, --gc-sections, a map file in build/size/): as it is,
# and with SIZE_BASELINE (the same program without any gir.h call). "gir" is the sum of the sizes of the
# gir_/gir__ functions and read-only tables left in the linked program (from its symbol table), of the string
# literals of the program's own object (from the map: the programs print nothing themselves) and of what main
# grew by over the baseline's (GIR_STATIC: the compiler inlines functions called once), and of the libm and
# libgcc members gir.h pulls in (the code and tables of those archives in the program's map and not in the
# baseline's: exp, log, 64-bit division, soft-float helpers); "delta" is the program's .text minus the
# baseline's, which adds libc (memcpy, memset) too.
# size_infer, size_train and size_train_adam (train.c with Adam: tests/size/train.c) run a plan image
# (gir_plan_write_image) that the program's host half writes: the device
# links gir.h's run-time and the kernels of the image's ops; size_all builds, differentiates and compiles on the
# device, so it links the graph code and every op.
# Prints `bench size_<config> gir=<bytes> budget=<bytes> bytes ratio=<budget/gir>` per configuration, with
# text/data/bss, and the 10 biggest symbols of a configuration over budget; exits 1 when one is.
# Usage: sh tests/size/size.sh [outdir]      (CC, HOSTCC, SIZE, NM may be overridden; SIZE_KNOWN_OVER="all" reports
# the named configurations over budget without failing: make test uses it for size_all, whose budget is not met)
set -u
OUT=${1:-build/size}
CC=${CC:-arm-none-eabi-gcc}
SIZE=${SIZE:-arm-none-eabi-size}
NM=${NM:-arm-none-eabi-nm}
mkdir -p "$OUT"
M4="-mcpu=cortex-m4 -mthumb -mfloat-abi=hard -mfpu=fpv4-sp-d16"
CFLAGS="$M4 -std=c99 -Os -Wall -Wextra -Werror -ffunction-sections -fdata-sections -I. -I$OUT"
LDFLAGS="--specs=nano.specs --specs=nosys.specs -Wl,--gc-sections"
FW="-DGIR_NO_MALLOC -DGIR_NO_STDIO -DGIR_NO_ERROR_STRINGS -DGIR_STATIC"
SMALL="-DGIR_NO_PACKED_GEMM"
# infer and train run a plan image made on the host by the program's SIZE_HOST half; its header selects the ops
# the image uses (GIR_ONLY_OPS, GIR_WITH_OP_...), so the device build keeps those kernels and nothing else
INFER="$FW $SMALL"
TRAIN="$FW $SMALL"
ALL="$FW"
fail=0
over=""
for cfg in infer:8192 train:16384 train_adam:16384 all:65536; do
    name=${cfg%%:*}; budget=${cfg#*:}
    src=tests/size/${name%%_*}.c; opt=""
    case $name in infer) defs=$INFER;; train) defs=$TRAIN;; train_adam) defs=$TRAIN; opt=-DSIZE_ADAM;; *) defs=$ALL;; esac
    elf=$OUT/$name.elf; base=$OUT/${name}_base.elf
    if [ "$name" != all ]; then
        if ! ${HOSTCC:-cc} -std=c99 -O1 -Wall -Wextra -Werror -I. -Itests/size -DSIZE_HOST $opt $src \
                -o "$OUT/${name}_host" -lm || ! "$OUT/${name}_host" > "$OUT/${name}_image.h"; then
            echo "size_$name: the host half failed"; fail=1; continue
        fi
    fi
    # shellcheck disable=SC2086
    if ! $CC $CFLAGS $defs $opt $src -o "$elf" $LDFLAGS -Wl,-Map="$OUT/$name.map" -lm ||
       ! $CC $CFLAGS -DSIZE_BASELINE $opt $src -o "$base" $LDFLAGS -Wl,-Map="$OUT/${name}_base.map" -lm; then
        echo "size_$name: build failed"; fail=1; continue
    fi
    set -- $($SIZE "$elf" | tail -1); text=$1 data=$2 bss=$3
    set -- $($SIZE "$base" | tail -1); btext=$1
    syms=$($NM -S -t d "$elf" | awk '$3 ~ /^[tTrR]$/ && $4 ~ /^gir_/ { s += $2 } END { print s + 0 }')
    # string literals have no symbol: the program's own object (not a library member) holds gir.h's only
    strs=$(awk 'function hex(h,  k, v) { v = 0; h = tolower(substr(h, 3))
                    for (k = 1; k <= length(h); ++k) v = v * 16 + index("0123456789abcdef", substr(h, k, 1)) - 1
                    return v }
                /^ \.rodata\.str/ { sec = 1; if (NF >= 4) { line = $0 } else next }
                sec { if (line == "") line = $0; n = split(line, f, " "); if (f[n] !~ /\.a\(/) s += hex(f[n - 1]);
                      sec = 0; line = "" }
                END { print s + 0 }' "$OUT/$name.map")
    # GIR_STATIC lets the compiler inline gir.h's functions called once into main: what main grew by is gir code
    inl=$(( $($NM -S -t d "$elf" | awk '$4 == "main" { print $2 + 0 }') - $($NM -S -t d "$base" | awk '$4 == "main" { print $2 + 0 }') ))
    [ "$inl" -lt 0 ] && inl=0
    # libm and libgcc members: their allocated input sections (code, tables, data) in the map, less the baseline's
    libs=$(awk 'function hex(h,  k, v) { v = 0; h = tolower(substr(h, 3))
                    for (k = 1; k <= length(h); ++k) v = v * 16 + index("0123456789abcdef", substr(h, k, 1)) - 1
                    return v }
                FNR == 1 { base = !base; on = 0 }
                /^Linker script and memory map/ { on = 1; next }
                !on { next }
                /^ \.(text|rodata|data|bss)/ { sec = $1; if (NF >= 4) line = $0; else { pend = 1; next } }
                pend { line = sec " " $0; pend = 0 }
                line != "" { n = split(line, f, " "); key = f[1] " " f[n]; line = ""
                             if (f[n] !~ /\/lib(m|gcc)[_a-z]*\.a\(/) next
                             if (base) seen[key] = 1; else if (!(key in seen)) s += hex(f[n - 1]) }
                END { print s + 0 }' "$OUT/${name}_base.map" "$OUT/$name.map")
    gir=$((syms + strs + inl + libs))
    ratio=$(awk -v b="$budget" -v g="$gir" 'BEGIN { printf "%.2f", (g > 0 ? b / g : 0) }')
    echo "bench size_$name gir=$gir budget=$budget bytes ratio=$ratio"
    echo "  size_$name: gir functions and tables $syms + strings $strs + inlined into main $inl + libm and libgcc $libs;" \
         "program text=$text data=$data bss=$bss;" \
         "baseline text=$btext; delta=$((text - btext)) (gir with the libm, libgcc and libc code it pulls in)"
    if [ "$gir" -gt "$budget" ]; then
        case " ${SIZE_KNOWN_OVER:-} " in
        *" $name "*) over="$over size_$name"; echo "  size_$name: over the budget of $budget by $((gir - budget)) bytes (known: SIZE_KNOWN_OVER); biggest symbols:" ;;
        *) echo "  size_$name: FAIL: gir code $gir bytes is over the budget of $budget by $((gir - budget)) bytes; biggest symbols:"
           fail=1 ;;
        esac
        $NM -S -t d --size-sort "$elf" | awk '$3 ~ /^[tTrR]$/' | tail -10 | awk '{ printf "    %8d %s %s\n", $2, $3, $4 }'
    fi
done
# the selective build must really leave code out: the conv kernel and the packed GEMM only in size_all
for sym in gir__k_conv gir__gemm_pack_f32; do
    if $NM "$OUT/infer.elf" | grep -q " $sym\$" || ! $NM "$OUT/all.elf" | grep -q " $sym\$"; then
        echo "size: FAIL: $sym should be linked into size_all only"; fail=1
    fi
done
# a device that runs plan images links no ONNX code (gir_onnx_import, the protobuf reader and writer)
for name in infer train train_adam; do
    ox=$($NM "$OUT/$name.elf" | awk '$3 ~ /^gir_+onnx|^gir__ox|^gir__oxw|^gir__pb/ { print $3 }' | head -5 | tr '\n' ' ')
    if [ -n "$ox" ]; then echo "size: FAIL: size_$name links ONNX code: $ox"; fail=1; fi
done
# an f32 model (size_infer's and both training images hold f32 values, i32 labels and b8 masks only: GIR_ONLY_F32)
# links no double-precision soft-float helper and no double libm function
for name in infer train train_adam; do
    dbl=$($NM "$OUT/$name.elf" | awk '$3 ~ /^__aeabi_d|^__(add|sub|mul|div)df3$|^__ieee754_(exp|log|pow)$/ { print $3 }' | tr '\n' ' ')
    if [ -n "$dbl" ]; then echo "size: FAIL: size_$name (f32 only) links double-precision code: $dbl"; fail=1; fi
done
# a left-out op leaves nothing behind but its name: no row of the op tables (the infer build keeps 6 of the
# 124 ops: its tables are a small part of size_all's), no elementwise kernel, adjoint or shape rule, no strings
symsize() { $NM -S -t d "$1" | awk -v s="$2" '$4 == s { print $2 + 0; f = 1 } END { if (!f) print 0 }'; }
for tab in gir__ops gir__ew_rows gir__kernels gir__adjs; do
    si=$(symsize "$OUT/infer.elf" $tab) sa=$(symsize "$OUT/all.elf" $tab)
    if [ "$sa" -eq 0 ] || [ $((si * 8)) -gt "$sa" ]; then
        echo "size: FAIL: table $tab is $si bytes in size_infer, $sa in size_all: left-out ops keep their rows"; fail=1
    fi
done
for sym in gir__k_tanh_f32__scalar gir__adj_tanh gir__sh_conv2d; do
    if $NM "$OUT/infer.elf" | grep -q " $sym\$" || ! $NM "$OUT/all.elf" | grep -q " $sym\$"; then
        echo "size: FAIL: $sym (of a left-out op) should be linked into size_all only"; fail=1
    fi
done
if grep -q "l:stride,l:padding,l:dilation" "$OUT/infer.elf" || ! grep -q "l:stride,l:padding,l:dilation" "$OUT/all.elf"; then
    echo "size: FAIL: the attribute spec of conv2d (a left-out op) should be in size_all only"; fail=1
fi
if [ $fail -ne 0 ]; then echo "size: FAILED (see above)"
elif [ -n "$over" ]; then echo "size: every check passed; over budget (known, SIZE_KNOWN_OVER):$over"
else echo "size: every configuration within budget"; fi
exit $fail
