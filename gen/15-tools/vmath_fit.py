#!/usr/bin/env python3
"""vmath_fit.py - the polynomial coefficients of gen/40-vector/vmath.tmpl.c, by the Remez exchange algorithm.

    python3 gen/15-tools/vmath_fit.py            print every fit: coefficients rounded to float / double, and
                                        the weighted minimax error before rounding (tanh's also after:
                                        the error its rounded coefficients carry), and tanh's reduction
                                        constants

Offline tool, not run by make: needs mpmath. Each fit minimises max |w(x) (f(x) - p(x))| over an
interval, where w turns the error of the fitted part into a relative error of the final function.
"""
import sys
import struct

try:
    import mpmath as mp
except ImportError:  # pragma: no cover
    sys.stderr.write("vmath_fit.py needs mpmath\n")
    sys.exit(1)

mp.mp.dps = 60


def remez(f, w, a, b, n, iters=40, grid=4000):
    """Coefficients c0..cn of p(x) = sum c_k x^k minimising max |w (f - p)| on [a, b]."""
    m = n + 2
    xs = [(a + b) / 2 + (b - a) / 2 * mp.cos(mp.pi * (m - 1 - j) / (m - 1)) for j in range(m)]
    xs = [x + (b - a) / 1000 if w(x) < mp.mpf(10) ** -20 else x for x in xs]   # not where w vanishes
    dense = [a + (b - a) * mp.mpf(j) / grid for j in range(grid + 1)]
    c, E = None, None
    for _ in range(iters):
        A = mp.matrix(m, m)
        rhs = mp.matrix(m, 1)
        for j, x in enumerate(xs):
            for k in range(n + 1):
                A[j, k] = x ** k
            A[j, n + 1] = (-1) ** j / w(x)
            rhs[j] = f(x)
        sol = mp.lu_solve(A, rhs)
        c = [sol[k] for k in range(n + 1)]
        E = sol[n + 1]

        def err(x):
            return w(x) * (f(x) - mp.polyval(c[::-1], x))
        # local extrema of the error on the dense grid, with their signs, then one per sign run
        vals = [err(x) for x in dense]
        ext = []
        for j in range(len(dense)):
            left = vals[j - 1] if j > 0 else None
            right = vals[j + 1] if j + 1 < len(dense) else None
            v = vals[j]
            if (left is None or abs(v) >= abs(left)) and (right is None or abs(v) >= abs(right)):
                ext.append((dense[j], v))
        runs = []
        for x, v in ext:
            if runs and mp.sign(runs[-1][1]) == mp.sign(v):
                if abs(v) > abs(runs[-1][1]):
                    runs[-1] = (x, v)
            else:
                runs.append((x, v))
        while len(runs) > m:                 # drop the smallest end
            if abs(runs[0][1]) < abs(runs[-1][1]):
                runs.pop(0)
            else:
                runs.pop()
        if len(runs) < m:
            break
        new = [x for x, _ in runs]
        if max(abs(p - q) for p, q in zip(new, xs)) < (b - a) * mp.mpf(10) ** -30:
            break
        xs = new
    worst = max(abs(w(x) * (f(x) - mp.polyval(c[::-1], x))) for x in dense)
    return c, worst


def as_f32(v):
    return struct.unpack("f", struct.pack("f", float(v)))[0]


def show(name, c, worst, f32, measured=None):
    """The fit's coefficients rounded to float / double; measured: (f, w, a, b) to print the weighted max error
    of those rounded coefficients too (on a dense grid, evaluated exactly), the error the code carries."""
    print("%s: weighted max error %s (%.2f bits)" % (name, mp.nstr(worst, 4), float(-mp.log(worst, 2))))
    rc = [mp.mpf(as_f32(v)) if f32 else mp.mpf(float(v)) for v in c]
    for k, v in enumerate(rc):
        print(("    c%d = %.9ef" if f32 else "    c%d = %.17e") % (k, float(v)))
    if measured:
        f, w, a, b = measured
        grid = [a + (b - a) * mp.mpf(j) / 20000 for j in range(20001)]
        e = max(abs(w(x) * (f(x) - mp.polyval(rc[::-1], x))) for x in grid)
        print("    with the coefficients rounded: weighted max error %s (%.2f bits)" % (mp.nstr(e, 4),
                                                                                   float(-mp.log(e, 2))))


def fits():
    ln2h = mp.log(2) / 2 + mp.mpf("0.0002")
    # exp / expm1 core: expm1(r) = r + r^2 q(r), weighted for expm1's relative error (stricter than exp's)
    q = lambda r: (mp.expm1(r) - r) / r ** 2 if r != 0 else mp.mpf(1) / 2
    wq = lambda r: r * r / abs(mp.expm1(r)) if r != 0 else mp.mpf(10) ** -40
    for deg, f32 in ((4, True), (10, False)):
        c, e = remez(q, wq, -ln2h, ln2h, deg)
        show("expm1 core q(r), degree %d" % deg, c, e, f32)
    # log core, f32: log1p(f) = f + f^2 g(f) on [sqrt(1/2) - 1, sqrt(2) - 1]
    lo, hi = mp.sqrt(mp.mpf(1) / 2) - 1 - mp.mpf("0.0001"), mp.sqrt(2) - 1 + mp.mpf("0.0001")
    g = lambda f: (mp.log1p(f) - f) / f ** 2 if f != 0 else -mp.mpf(1) / 2
    wg = lambda f: f * f / abs(mp.log1p(f)) if f != 0 else mp.mpf(10) ** -40
    c, e = remez(g, wg, lo, hi, 8)
    show("log1p core g(f), f32, degree 8", c, e, True)
    # log core, f64: log1p(f) = 2s + s z T(z), s = f / (2 + f), z = s^2
    smax = (mp.sqrt(2) - 1) / (mp.sqrt(2) + 1) + mp.mpf("0.0001")
    T = lambda z: (2 * mp.atanh(mp.sqrt(z)) - 2 * mp.sqrt(z)) / mp.sqrt(z) ** 3 if z != 0 else mp.mpf(2) / 3
    wT = lambda z: z / 2
    c, e = remez(T, wT, mp.mpf(0), smax ** 2, 6)
    show("log core T(z), f64, degree 6", c, e, False)
    tanh_fits()
    # erf, small arguments: erf(x) = x + x E1(x^2), E1 = erf(x) / x - 1 (so x + x E1 rounds once, in an fma)
    for cut, deg, f32 in ((mp.mpf(1), 6, True), (mp.mpf(1), 11, False)):
        Ef = lambda y: mp.erf(mp.sqrt(y)) / mp.sqrt(y) if y != 0 else 2 / mp.sqrt(mp.pi)
        c, e = remez(lambda y: Ef(y) - 1, lambda y: 1 / Ef(y), mp.mpf(0), cut ** 2, deg)
        show("erf small E1(x^2), |x| < %s, degree %d" % (mp.nstr(cut, 4), deg), c, e, f32)
    # erf, large arguments: erf(x) = 1 - exp(-x^2) R(x), R = erfc(x) exp(x^2), in u = 1/x - t0 (t0 the middle
    # of the interval in 1/x: small coefficients, no cancellation in Horner's scheme)
    for lo_, hi_, deg, f32 in ((1, 4, 7, True), (1, 2, 15, False), (2, 6, 15, False)):
        ta, tb = mp.mpf(1) / hi_, mp.mpf(1) / lo_
        t0 = (ta + tb) / 2
        R = lambda u: mp.erfc(1 / (u + t0)) * mp.exp(1 / (u + t0) ** 2)
        wR = lambda u: mp.exp(-1 / (u + t0) ** 2) / mp.erf(1 / (u + t0))
        c, e = remez(R, wR, ta - t0, tb - t0, deg)
        show("erf large R(1/x - %s), %g <= x <= %g, degree %d" % (mp.nstr(t0, 8), lo_, hi_, deg), c, e, f32)


def tanh_fits():
    """tanh(r) = r + r^3 P(r^2) for |r| < 1, weighted for tanh's relative error: the one polynomial of
    gen/40-vector/vmath.tmpl.c's tanh, which reduces |x| >= 1 to |r| <= ln2/4 by tanh's addition theorem (there
    tanh(k ln2/2) = (2^k - 1) / (2^k + 1) exactly); with the constants of that reduction."""
    P = lambda y: (mp.tanh(mp.sqrt(y)) - mp.sqrt(y)) / mp.sqrt(y) ** 3 if y != 0 else -mp.mpf(1) / 3
    wP = lambda y: y * mp.sqrt(y) / mp.tanh(mp.sqrt(y)) if y != 0 else mp.mpf(10) ** -40
    cut = mp.mpf(1)
    for deg, f32 in ((6, True), (14, False)):
        c, e = remez(P, wP, mp.mpf(0), cut ** 2, deg)
        show("tanh P(r^2), |r| < %s, degree %d" % (mp.nstr(cut, 4), deg), c, e, f32, (P, wP, mp.mpf(0), cut ** 2))
    # |x| = k ln2/2 + r: ln2/2 in two parts (half of exp's), the first with few enough bits that k times it is
    # exact; |x| is limited to where tanh rounds to 1: 1 - tanh x = 2 / (e^2x + 1) < half an ulp below 1
    halves = ((True, mp.mpf("0.693145751953125") / 2, 24), (False, mp.mpf(float("0.6931471803691238")) / 2, 53))
    for f32, hi, bits in halves:
        lo = mp.log(2) / 2 - hi
        xmax = mp.log(2 * 2 ** (bits + 1) - 1) / 2
        print("tanh reduction, %s: ln2/2 = %s + %s; 2/ln2 = %s; tanh rounds to 1 beyond %s" % (
            "f32" if f32 else "f64", mp.nstr(hi, 20), ("%.9e" % as_f32(lo)) if f32 else ("%.17e" % float(lo)),
            mp.nstr(2 / mp.log(2), 17), mp.nstr(xmax, 6)))


if __name__ == "__main__":
    fits()
