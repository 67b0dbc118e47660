#!/bin/sh
# pruned.sh - part of `make size-check`: a left-out op leaves nothing behind but its name, read from the symbol
# tables of the host selective builds. sel_only keeps the ops of an MLP (GIR_ONLY_OPS), sel_no_conv all but the
# conv group and tanh: their op tables must have rows for the kept ops only, and no kernel, adjoint, shape rule
# or attribute string of a left-out op may be linked.
# Usage: sh tests/size/pruned.sh <dir holding sel_only and sel_no_conv>     (NM may be overridden)
set -u
B=${1:-build/sel}
NM=${NM:-nm}
fail=0 n=0
symsize() { $NM -S -t d "$1" | awk -v s="$2" '$4 == s { print $2 + 0; f = 1 } END { if (!f) print 0 }'; }
has() { $NM "$1" | grep -q " $2\$"; }
check() { n=$((n + 1)); if ! eval "$1"; then echo "FAIL pruned: $2"; fail=$((fail + 1)); fi; }
for tab in gir__ops gir__ew_rows gir__kernels gir__adjs; do
    so=$(symsize "$B/sel_only" $tab) sn=$(symsize "$B/sel_no_conv" $tab)
    check "[ $sn -gt 0 ] && [ $((so * 2)) -lt $sn ]" "table $tab: $so bytes with GIR_ONLY_OPS (an MLP), $sn with all but conv and tanh"
done
for sym in gir__k_tanh_f32__scalar gir__adj_tanh gir__sh_conv2d gir__k_conv; do
    check "! has $B/sel_no_conv $sym && ! has $B/sel_only $sym" "$sym of a left-out op is linked"
done
check "has $B/sel_no_conv gir__k_sigmoid_f32__scalar && has $B/sel_no_conv gir__adj_sigmoid" "sigmoid (kept) lost its kernel or adjoint"
check "has $B/sel_only gir__k_relu_f32__scalar && has $B/sel_only gir__adj_relu" "relu (kept) lost its kernel or adjoint"
check "! grep -q 'l:stride,l:padding,l:dilation' $B/sel_no_conv && ! grep -q 'l:stride,l:padding,l:dilation' $B/sel_only" \
      "the attribute spec of conv2d (left out) is linked"
check "grep -q 'conv2d' $B/sel_only" "the name of a left-out op (for its message) is gone"
echo "$((n - fail)) passed, $fail failed"
exit $fail
