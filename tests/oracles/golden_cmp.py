#!/usr/bin/env python3
"""golden_cmp.py - compare a committed oracle file with the one its script makes on this machine.

    python3 tests/oracles/golden_cmp.py COMMITTED REGENERATED
    python3 tests/oracles/golden_cmp.py --self-test

The files are lines of words. Words that are not numbers must be equal. Numbers are compared with the
tolerance this file states for the committed file's name (TOLERANCE below): 0 means bit for bit. The
float64 values PyTorch computes through BLAS (matrix products, convolutions) are not reproducible across
CPUs: OpenBLAS picks a kernel for the CPU it runs on and sums in another order, so the last bits of a
value can differ between an Intel and an AMD machine, or between OpenBLAS and the reference BLAS. A value
that is wrong differs by far more than the tolerance (gir.h itself is checked against these files at 1e-6
and looser), so the check still fails when an oracle changes.

Prints one line saying where the first difference is (line, word, both values) and exits 1, or prints how
many numbers were compared and the largest difference seen, and exits 0. Standard library only.
"""
import math
import os
import sys

# file name -> (relative, absolute): a number passes when |a - b| <= relative * max(|a|, |b|) + absolute
TOLERANCE = {
    "golden.txt": (0.0, 0.0),           # mpmath at 40 digits, rounded once: the same bits everywhere
    "golden_init.txt": (0.0, 0.0),      # closed-form gains and bounds, no BLAS
    # torch.autograd.functional on products and convolutions in float64: last-bit differences across
    # BLAS kernels were measured at up to 8e-15 absolute on values up to 5.3
    "golden_ad.txt": (1e-12, 1e-13),
    # training steps of small MLPs in float64: measured up to 4.5e-16 absolute
    "golden_train.txt": (1e-12, 1e-13),
}


def number(word):
    try:
        return float(word)
    except ValueError:
        return None


def same(x, y, rel, ab):
    if x == y or (math.isnan(x) and math.isnan(y)):
        return True
    if math.isinf(x) or math.isinf(y):
        return False
    return abs(x - y) <= rel * max(abs(x), abs(y)) + ab


def compare(committed, regenerated, tol):
    """None and the count of numbers and the largest difference, or the first difference as a sentence."""
    rel, ab = tol
    with open(committed, encoding="utf-8") as f:
        a = f.read().splitlines()
    with open(regenerated, encoding="utf-8") as f:
        b = f.read().splitlines()
    count, worst = 0, 0.0
    for i in range(max(len(a), len(b))):
        if i >= len(a) or i >= len(b):
            return "line %d: only the %s file has it" % (i + 1, "committed" if i < len(a) else "regenerated"), 0, 0
        wa, wb = a[i].split(), b[i].split()
        if len(wa) != len(wb):
            return "line %d: %d words in the committed file, %d regenerated" % (i + 1, len(wa), len(wb)), 0, 0
        for k, (x, y) in enumerate(zip(wa, wb)):
            if x == y:
                count += number(x) is not None
                continue
            fx, fy = number(x), number(y)
            if fx is None or fy is None or not same(fx, fy, rel, ab):
                return ("line %d, word %d: committed %s, regenerated %s (tolerance: relative %g, absolute %g)"
                        % (i + 1, k + 1, x, y, rel, ab)), 0, 0
            count += 1
            worst = max(worst, abs(fx - fy))
    return None, count, worst


def self_test(tmp):
    """The comparison accepts a last-bit difference and rejects a value wrong in its tenth digit."""
    base = "fn mlp\nout f64 2 : 5.270970984870538 0.0024466599946753043\n"
    cases = [("golden_ad.txt", "5.270970984870546", True), ("golden_ad.txt", "5.270970985870538", False),
             ("golden.txt", "5.270970984870539", False), ("golden_ad.txt", "5.270970984870538 1", False)]
    bad = []
    for name, value, ok in cases:
        p, q = os.path.join(tmp, "a_" + name), os.path.join(tmp, name)
        with open(p, "w", encoding="utf-8") as f:
            f.write(base)
        with open(q, "w", encoding="utf-8") as f:
            f.write(base.replace("5.270970984870538", value))
        why, _, _ = compare(p, q, TOLERANCE[name])
        if (why is None) != ok:
            bad.append("%s with %s: %s" % (name, value, why or "accepted"))
    return bad


def main(argv):
    if argv[1:] == ["--self-test"]:
        import tempfile
        with tempfile.TemporaryDirectory() as tmp:
            bad = self_test(tmp)
        print("golden_cmp self-test: %s" % ("; ".join(bad) if bad else "ok"))
        return 1 if bad else 0
    if len(argv) != 3:
        sys.stderr.write("usage: python3 tests/oracles/golden_cmp.py COMMITTED REGENERATED | --self-test\n")
        return 2
    name = os.path.basename(argv[1])
    if name not in TOLERANCE:
        sys.stderr.write("golden_cmp.py: no tolerance stated for %s (add it to TOLERANCE)\n" % name)
        return 2
    why, count, worst = compare(argv[1], argv[2], TOLERANCE[name])
    if why:
        print("%s: the committed file and the one regenerated on this machine differ: %s" % (argv[1], why))
        return 1
    print("%s: %d numbers agree with the regenerated file (largest difference %.3g)" % (argv[1], count, worst))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
