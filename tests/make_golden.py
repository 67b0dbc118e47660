#!/usr/bin/python3
"""make_golden.py - the outside oracle: writes tests/golden.txt, the expected results for every op in ops.def.

    /usr/bin/python3 tests/make_golden.py          (needs python3-numpy and python3-torch)

The op list comes from ops.def (parsed here, table order). Every op must have a case spec below: an op
without one stops the script (exit 1, naming the op), so a new row cannot be forgotten. Attributes are
given by name and written in the order and kind numbering of the row's ATTR(...) column, so the file
follows the table when attributes are reordered.

References are computed in float64 (NumPy; torch CPU float64 for erf/gelu, softmax, conv and pools)
from inputs already rounded to their dtype, then rounded to the output dtype. Random data uses fixed
seeds derived from the op name, so the output is the same bytes on every run.

File format (one item per line, whitespace separated):
    case <op> <label>
    attr f|i <k> <v>   attr l <k> <n> <v...>   attr shape <rank> <d...>   attr dtype <dt>
    attr seed <u64>    attr data : <v...>
    in  <dt> <rank> <d...> : <v...>            one per input, IN() order (args too, variadic: each)
    out <dt> <rank> <d...> : <v...>            absent for RNG ops
    tol <rtol> <atol>                          optional
    nograd                                     optional
    end
"""
import os
import re
import sys
import zlib

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
OPS_DEF = os.path.join(os.path.dirname(HERE), "ops.def")
OUT = os.path.join(HERE, "golden.txt")

DTYPES = ["b8", "u8", "i32", "f32", "f64"]          # promotion order
FLOATS = ("f32", "f64")
INTS = ("u8", "i32")


def die(msg):
    sys.stderr.write("make_golden.py: error: %s\n" % msg)
    sys.exit(1)


# ------------------------------------------------------------------------------------ ops.def parsing
# the generator's own reader (standard library only), so the table is read one way everywhere
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "gen"))
import gir_gen  # noqa: E402


def parse_ops(path):
    try:
        return gir_gen.load_ops(path)[0]
    except gir_gen.GenError as e:
        die(str(e))


# ------------------------------------------------------------------------------------ values and dtypes
def cvt(dt, x):
    """x as the values a tensor of dtype dt holds: float64 arrays for floats, int64 for the rest."""
    if dt not in DTYPES:
        raise ValueError("unknown dtype %r" % dt)
    a = np.asarray(x)
    if dt == "f32":
        return a.astype(np.float64).astype(np.float32).astype(np.float64)
    if dt == "f64":
        return a.astype(np.float64)
    if dt == "b8":
        if a.dtype != np.bool_ and not np.all((a == 0) | (a == 1)):
            raise ValueError("b8 values must be 0/1")
        return (a != 0).astype(np.int64)
    if a.dtype.kind == "f":
        if not np.all(np.isfinite(a)) or not np.all(a == np.round(a)):
            raise ValueError("non-integral value for %s" % dt)
    v = a.astype(np.int64)
    lo, hi = (0, 255) if dt == "u8" else (-2 ** 31, 2 ** 31 - 1)
    if v.size and (v.min() < lo or v.max() > hi):
        raise ValueError("value out of range for %s" % dt)
    return v


def fmt(dt, v):
    if dt == "f32":
        return "%.9g" % float(np.float32(v))
    if dt == "f64":
        return "%.17g" % float(v)
    return "%d" % int(v)


def tensor_text(dt, a):
    a = np.asarray(a)
    head = [dt, str(a.ndim)] + [str(d) for d in a.shape] + [":"]
    return " ".join(head + [fmt(dt, v) for v in a.reshape(-1)])


def promote(dts):
    return max(dts, key=DTYPES.index)


class Case:
    def __init__(self, label, ins=(), out=None, attrs=None, tol=None, nograd=False):
        self.label = label
        self.ins = [(dt, cvt(dt, a)) for dt, a in ins]
        self.out = None if out is None else (out[0], cvt(out[0], out[1]))
        self.attrs = dict(attrs or {})
        self.tol = tol
        self.nograd = nograd


# generators: every one returns values already rounded to the dtype
def U(rng, dt, shape, lo, hi):
    return cvt(dt, rng.uniform(lo, hi, size=shape))


def N(rng, dt, shape, scale=1.0):
    return cvt(dt, rng.normal(0.0, scale, size=shape))


def I(rng, shape, lo, hi, dt="i32"):
    """Integers in [lo, hi]."""
    return cvt(dt, rng.integers(lo, hi + 1, size=shape))


def B(rng, shape):
    return cvt("b8", rng.integers(0, 2, size=shape))


def away(rng, dt, shape, lo, hi, kinks, margin=0.05):
    """Uniform in [lo, hi], at least margin from each kink (a list, or a step: every multiple of it)."""
    x = rng.uniform(lo, hi, size=shape)
    for _ in range(1000):
        x = cvt(dt, x)
        if isinstance(kinks, float):
            d = np.abs(x / kinks - np.round(x / kinks)) * kinks
        else:
            d = np.min(np.abs(x[..., None] - np.asarray(kinks, np.float64)), axis=-1) if x.size else x
        bad = d < margin
        if not np.any(bad):
            return x
        x = np.where(bad, rng.uniform(lo, hi, size=shape), x)
    raise RuntimeError("away(): could not place values")


def distinct(rng, dt, shape, lo, hi, gap=0.1):
    """Values in [lo, hi] whose pairwise gaps are all >= 0.6 gap (no ties for max/min/argmax/pools)."""
    n = int(np.prod(shape))
    steps = int(np.floor((hi - lo) / gap)) - 1
    if steps < n:
        raise RuntimeError("distinct(): range too small")
    picks = np.sort(rng.choice(int(steps), size=n, replace=False)).astype(np.float64)
    v = lo + (picks + 0.5) * gap + rng.uniform(-0.2, 0.2, size=n) * gap
    return cvt(dt, rng.permutation(v).reshape(shape))


def tt(x):
    import torch
    return torch.tensor(np.asarray(x, dtype=np.float64), dtype=torch.float64)


def tn(t):
    return t.detach().numpy().astype(np.float64)


# ------------------------------------------------------------------------------------ case specs
SPECS = {}


def spec(*names):
    def reg(fn):
        for nm in names:
            if nm in SPECS:
                raise RuntimeError("two specs for %s" % nm)
            SPECS[nm] = fn
        return fn
    return reg


# -- orphans
@spec("input")
def _input(rng, op):
    x = N(rng, "f32", (2, 3))
    k = I(rng, (4,), -9, 9)
    s = cvt("f64", 0.1)
    return [Case("f32", [("f32", x)], ("f32", x), {"dtype": "f32", "shape": (2, 3)}),
            Case("i32", [("i32", k)], ("i32", k), {"dtype": "i32", "shape": (4,)}),
            Case("scalar_f64", [("f64", s)], ("f64", s), {"dtype": "f64", "shape": ()})]


@spec("variable", "constant")
def _data_orphan(rng, op):
    dname = [nm for kind, nm, k in op.attrs if kind == "data"][0]
    x = N(rng, "f32", (2, 3))
    d = N(rng, "f64", (3,))
    k = cvt("i32", -7)
    b = cvt("b8", [1, 0, 1])
    return [Case("f32", [], ("f32", x), {"dtype": "f32", "shape": (2, 3), dname: x}),
            Case("f64", [], ("f64", d), {"dtype": "f64", "shape": (3,), dname: d}),
            Case("scalar_i32", [], ("i32", k), {"dtype": "i32", "shape": (), dname: k}),
            Case("b8", [], ("b8", b), {"dtype": "b8", "shape": (3,), dname: b})]


@spec("fill")
def _fill(rng, op):
    return [Case("f32", [], ("f32", np.full((2, 3), 1.5)), {"dtype": "f32", "shape": (2, 3), "value": 1.5}),
            Case("i32", [], ("i32", np.full((4,), -3)), {"dtype": "i32", "shape": (4,), "value": -3.0}),
            Case("scalar_f64", [], ("f64", np.full((), 0.1)), {"dtype": "f64", "shape": (), "value": 0.1})]


@spec("eye")
def _eye(rng, op):
    def e(label, dt, n, m, k):
        return Case(label, [], (dt, np.eye(n, m, k)), {"dtype": dt, "n": n, "m": m, "k": k})
    return [e("f32", "f32", 3, 3, 0), e("i32", "i32", 4, 4, 0), e("one_f64", "f64", 1, 1, 0),
            e("wide_k1", "f32", 3, 5, 1), e("tall_km2_f64", "f64", 5, 3, -2), e("k_past_end", "i32", 2, 3, 4),
            e("empty_cols", "f32", 2, 0, 0)]


@spec("arange")
def _arange(rng, op):
    def ar(dt, start, stop, step):
        n = max(0, int(np.ceil((stop - start) / step)))
        return Case("%s_%g_%g_%g" % (dt, start, stop, step), [],
                    (dt, start + np.arange(n, dtype=np.float64) * step),
                    {"dtype": dt, "start": start, "stop": stop, "step": step})
    return [ar("f32", 0.0, 5.0, 1.0), ar("f32", 5.0, -1.0, -1.5), ar("f64", 0.0, 1.0, 0.1),
            ar("i32", 2.0, 11.0, 3.0)]


@spec("rand_uniform")
def _rand_uniform(rng, op):
    return [Case("f32", [], None, {"dtype": "f32", "shape": (100, 100), "lo": -1.0, "hi": 3.0, "seed": 42}),
            Case("f64", [], None, {"dtype": "f64", "shape": (10000,), "lo": 0.0, "hi": 1.0, "seed": 42})]


@spec("rand_normal")
def _rand_normal(rng, op):
    return [Case("f32", [], None, {"dtype": "f32", "shape": (100, 100), "mean": 1.0, "std": 2.0, "seed": 42}),
            Case("f64", [], None, {"dtype": "f64", "shape": (10000,), "mean": 0.0, "std": 1.0, "seed": 42})]


@spec("dropout")
def _dropout(rng, op):
    x = cvt("f32", 1.0 + rng.integers(0, 17, size=(100, 100)) / 16.0)
    return [Case("f32", [("f32", x)], None, {"p": 0.25, "seed": 42})]


# -- logical
@spec("not")
def _not(rng, op):
    a = B(rng, (2, 3))
    return [Case("plain", [("b8", a)], ("b8", a == 0))]


@spec("and", "or", "xor")
def _logic2(rng, op):
    f = {"and": np.logical_and, "or": np.logical_or, "xor": np.logical_xor}[op.lname]
    a = cvt("b8", [0, 0, 1, 1])
    b = cvt("b8", [0, 1, 0, 1])
    c = B(rng, (3, 1))
    d = B(rng, (4,))
    return [Case("table", [("b8", a), ("b8", b)], ("b8", f(a, b))),
            Case("bcast", [("b8", c), ("b8", d)], ("b8", f(c, d)))]


@spec("gt", "ge", "lt", "le", "eq", "ne")
def _cmp(rng, op):
    f = {"gt": np.greater, "ge": np.greater_equal, "lt": np.less, "le": np.less_equal,
         "eq": np.equal, "ne": np.not_equal}[op.lname]
    grid = np.array([-1.0, -0.5, 0.0, 0.5, 1.0])           # small value set: many ties
    a = cvt("f32", rng.choice(grid, size=(3, 4)))
    b = cvt("f32", rng.choice(grid, size=(3, 4)))
    c = I(rng, (3, 1), -2, 2)
    d = I(rng, (4,), -2, 2)
    e = cvt("f64", rng.choice(grid, size=(5,)))
    s = cvt("f64", 0.5)
    p, q = cvt("b8", [0, 0, 1, 1]), cvt("b8", [0, 1, 0, 1])           # b8 operands, as NumPy allows
    r, t = B(rng, (2, 1)), I(rng, (3,), -1, 2)
    cb = lambda u, v: f(u.astype(bool), v.astype(bool))
    return [Case("f32", [("f32", a), ("f32", b)], ("b8", f(a, b))),
            Case("bcast_i32", [("i32", c), ("i32", d)], ("b8", f(c, d))),
            Case("scalar_f64", [("f64", e), ("f64", s)], ("b8", f(e, s))),
            Case("b8", [("b8", p), ("b8", q)], ("b8", cb(p, q))),
            Case("b8_i32", [("b8", r), ("i32", t)], ("b8", f(r.astype(bool), t)))]


@spec("approx_eq")
def _approx_eq(rng, op):
    # atol 0.25, rtol 0.25: pairs exactly on the boundary are dyadic, so exact in any precision
    a = cvt("f32", [1.5, 1.5078125, 2.0, -2.75, -3.0, 0.25, 0.0, 0.5, 1.0, -1.0])
    b = cvt("f32", [1.0, 1.0, 1.0, -2.0, -2.0, 0.0, 0.25, 0.0, 1.0, 1.0])
    out1 = np.abs(a - b) <= 0.25 + 0.25 * np.abs(b)
    # atol 1e-6, rtol 1e-3: differences kept well away from the boundary
    y = N(rng, "f64", (3, 4))
    tol = 1e-6 + 1e-3 * np.abs(y)
    ratio = rng.choice([0.0, 0.3, 0.7, 1.4, 3.0, -0.5, -0.8, -2.0], size=y.shape)
    x = cvt("f64", y + ratio * tol)
    out2 = np.abs(x - y) <= 1e-6 + 1e-3 * np.abs(y)
    return [Case("boundary", [("f32", a), ("f32", b)], ("b8", out1), {"atol": 0.25, "rtol": 0.25}),
            Case("f64", [("f64", x), ("f64", y)], ("b8", out2), {"atol": 1e-6, "rtol": 1e-3})]


@spec("isnan", "isinf", "isfinite")
def _test(rng, op):
    f = {"isnan": np.isnan, "isinf": np.isinf, "isfinite": np.isfinite}[op.lname]
    a = cvt("f32", [[np.nan, np.inf, -np.inf, 0.0], [1.5, -2.25, 3.0e38, -np.nan]])
    b = cvt("f64", [np.inf, 1e308, np.nan, -0.0, -np.inf])
    return [Case("f32", [("f32", a)], ("b8", f(a))), Case("f64", [("f64", b)], ("b8", f(b)))]


# -- arithmetic
def binary_cases(rng, fn, lo, hi, ints=True, b_lo=None, b_hi=None, float_only=False):
    """plain f32, broadcast f32 [3,1]+[4], f64 with a scalar, and an i32 case for NUM ops."""
    b_lo = lo if b_lo is None else b_lo
    b_hi = hi if b_hi is None else b_hi
    cases = []
    a, b = U(rng, "f32", (2, 3), lo, hi), U(rng, "f32", (2, 3), b_lo, b_hi)
    cases.append(Case("plain", [("f32", a), ("f32", b)], ("f32", fn(a, b))))
    a, b = U(rng, "f32", (3, 1), lo, hi), U(rng, "f32", (4,), b_lo, b_hi)
    cases.append(Case("bcast", [("f32", a), ("f32", b)], ("f32", fn(a, b))))
    a, b = U(rng, "f64", (2, 3), lo, hi), U(rng, "f64", (), b_lo, b_hi)
    cases.append(Case("scalar_f64", [("f64", a), ("f64", b)], ("f64", fn(a, b))))
    if ints and not float_only:
        a, b = I(rng, (2, 3), -6, 6), I(rng, (2, 3), -6, 6)
        cases.append(Case("i32", [("i32", a), ("i32", b)], ("i32", fn(a, b))))
    return cases


def nonzero(rng, dt, shape, lo, hi):
    return cvt(dt, rng.choice([-1.0, 1.0], size=shape) * rng.uniform(lo, hi, size=shape))


@spec("add")
def _add(rng, op):
    cases = binary_cases(rng, np.add, -2, 2)
    a, b = I(rng, (2, 3), -5, 5), U(rng, "f32", (3,), -2, 2)
    cases.append(Case("promote_i32_f32", [("i32", a), ("f32", b)], ("f32", a + b)))
    return cases


@spec("sub")
def _sub(rng, op):
    return binary_cases(rng, np.subtract, -2, 2)


@spec("mul")
def _mul(rng, op):
    return binary_cases(rng, np.multiply, -2, 2)


@spec("div")
def _div(rng, op):
    a = U(rng, "f32", (2, 3), -2, 2)
    b = nonzero(rng, "f32", (2, 3), 0.5, 2)
    c = U(rng, "f32", (3, 1), -2, 2)
    d = nonzero(rng, "f32", (4,), 0.5, 2)
    e = U(rng, "f64", (5,), -2, 2)
    f = nonzero(rng, "f64", (5,), 0.5, 2)
    return [Case("plain", [("f32", a), ("f32", b)], ("f32", a / b)),
            Case("bcast", [("f32", c), ("f32", d)], ("f32", c / d)),
            Case("f64", [("f64", e), ("f64", f)], ("f64", e / f))]


@spec("neg")
def _neg(rng, op):
    x = N(rng, "f32", (2, 3))
    k = I(rng, (5,), -9, 9)
    s = cvt("f64", 2.5)
    return [Case("f32", [("f32", x)], ("f32", -x)), Case("i32", [("i32", k)], ("i32", -k)),
            Case("scalar_f64", [("f64", s)], ("f64", -s))]


@spec("pow")
def _pow(rng, op):
    return binary_cases(rng, np.power, 0.2, 3.0, ints=False, b_lo=-2.0, b_hi=2.5)


@spec("maximum", "minimum")
def _maxmin(rng, op):
    f = np.maximum if op.lname == "maximum" else np.minimum
    v = distinct(rng, "f32", (12,), -3, 3)
    a, b = v[:6].reshape(2, 3), v[6:].reshape(2, 3)
    w = distinct(rng, "f64", (7,), -3, 3)
    c, d = w[:3].reshape(3, 1), w[3:]
    e = cvt("i32", 2 * rng.integers(-4, 5, size=(2, 3)))          # even
    g = cvt("i32", 2 * rng.integers(-4, 5, size=(3,)) + 1)         # odd: no ties
    return [Case("plain", [("f32", a), ("f32", b)], ("f32", f(a, b))),
            Case("bcast_f64", [("f64", c), ("f64", d)], ("f64", f(c, d))),
            Case("i32", [("i32", e), ("i32", g)], ("i32", f(e, g)))]


@spec("mod", "int_div")
def _intdiv(rng, op):
    f = np.mod if op.lname == "mod" else np.floor_divide
    a = cvt("i32", [7, -7, 7, -7, 6, -6, 0, 13])
    b = cvt("i32", [3, 3, -3, -3, 4, 4, 5, -5])
    c = I(rng, (3, 1), -9, 9)
    d = cvt("i32", [2, -3, 4, -5])
    e = I(rng, (5,), 0, 200, "u8")
    g = I(rng, (5,), 1, 9, "u8")
    return [Case("signs", [("i32", a), ("i32", b)], ("i32", f(a, b))),
            Case("bcast", [("i32", c), ("i32", d)], ("i32", f(c, d))),
            Case("u8", [("u8", e), ("u8", g)], ("u8", f(e, g)))]


@spec("add_n")
def _add_n(rng, op):
    a, b, c = U(rng, "f32", (2, 3), -2, 2), U(rng, "f32", (3,), -2, 2), U(rng, "f32", (2, 1), -2, 2)
    d, e, f = (U(rng, "f64", (4,), -2, 2) for _ in range(3))
    g, h, k = I(rng, (2, 2), -5, 5), I(rng, (2, 2), -5, 5), I(rng, (), -5, 5)
    return [Case("bcast", [("f32", a), ("f32", b), ("f32", c)], ("f32", a + b + c)),
            Case("f64", [("f64", d), ("f64", e), ("f64", f)], ("f64", d + e + f)),
            Case("i32", [("i32", g), ("i32", h), ("i32", k)], ("i32", g + h + k))]


# -- unary math
def _torch1(name):
    def f(x):
        import torch
        import torch.nn.functional as F
        fn = {"erf": torch.erf, "gelu": F.gelu, "sigmoid": torch.sigmoid}[name]
        return tn(fn(tt(x)))
    return f


def _sig(x):
    return _torch1("sigmoid")(x)


# name: (reference, lo, hi, kinks (None, list or a float step), i32 case, attrs)
UNARY = {
    "abs":        (np.abs, -2, 2, [0.0], True, {}),
    "sign":       (np.sign, -2, 2, [0.0], True, {}),
    "square":     (np.square, -2, 2, None, True, {}),
    "sqrt":       (np.sqrt, 0.1, 4, None, False, {}),
    "rsqrt":      (lambda x: 1.0 / np.sqrt(x), 0.1, 4, None, False, {}),
    "reciprocal": (lambda x: 1.0 / x, -3, 3, [0.0], False, {}),          # |x| >= 0.3 (MARGIN)
    "exp":        (np.exp, -3, 3, None, False, {}),
    "expm1":      (np.expm1, -1, 1, None, False, {}),
    "log":        (np.log, 0.1, 5, None, False, {}),
    "log1p":      (np.log1p, -0.5, 2, None, False, {}),
    "log2":       (np.log2, 0.1, 8, None, False, {}),
    "sin":        (np.sin, -3, 3, None, False, {}),
    "cos":        (np.cos, -3, 3, None, False, {}),
    "tan":        (np.tan, -1.2, 1.2, None, False, {}),
    "asin":       (np.arcsin, -0.9, 0.9, None, False, {}),
    "acos":       (np.arccos, -0.9, 0.9, None, False, {}),
    "atan":       (np.arctan, -3, 3, None, False, {}),
    "sinh":       (np.sinh, -2, 2, None, False, {}),
    "cosh":       (np.cosh, -2, 2, None, False, {}),
    "tanh":       (np.tanh, -2, 2, None, False, {}),
    "sigmoid":    (_sig, -5, 5, None, False, {}),
    "softplus":   (lambda x: np.logaddexp(0.0, x), -5, 5, None, False, {}),
    "relu":       (lambda x: np.maximum(x, 0), -2, 2, [0.0], True, {}),
    "leaky_relu": (lambda x: np.where(x > 0, x, 0.1 * x), -2, 2, [0.0], False, {"alpha": 0.1}),
    "elu":        (lambda x: np.where(x > 0, x, 0.7 * np.expm1(x)), -2, 2, [0.0], False, {"alpha": 0.7}),
    "gelu":       (_torch1("gelu"), -3, 3, None, False, {}),
    "silu":       (lambda x: x * _sig(x), -4, 4, None, False, {}),
    "erf":        (_torch1("erf"), -2.5, 2.5, None, False, {}),
    "floor":      (np.floor, -3, 3, 0.5, False, {}),
    "ceil":       (np.ceil, -3, 3, 0.5, False, {}),
    "round":      (np.round, -3, 3, 0.5, False, {}),
    "clamp":      (lambda x: np.minimum(np.maximum(x, -0.5), 1.0), -2, 2, [-0.5, 1.0], True,
                   {"lo": -0.5, "hi": 1.0}),
}


MARGIN = {"reciprocal": 0.3}


def _unary(rng, op):
    fn, lo, hi, kinks, has_int, attrs = UNARY[op.lname]
    margin = MARGIN.get(op.lname, 0.05)
    gen = (lambda dt, shape: U(rng, dt, shape, lo, hi)) if kinks is None else \
          (lambda dt, shape: away(rng, dt, shape, lo, hi, kinks, margin))
    x = gen("f32", (3, 4))
    y = gen("f64", (5,))
    cases = [Case("f32", [("f32", x)], ("f32", fn(x)), attrs),
             Case("f64", [("f64", y)], ("f64", fn(y)), attrs)]
    if has_int:
        k = cvt("i32", [-3, -2, -1, 0, 1, 2, 3])
        if op.lname == "clamp":                 # integer bounds for an integer tensor
            cases.append(Case("i32", [("i32", k)], ("i32", np.clip(k, -2, 1)), {"lo": -2.0, "hi": 1.0}))
        else:
            cases.append(Case("i32", [("i32", k)], ("i32", fn(k)), attrs))
    extra = {
        "exp": [("f32", [0.0, 1.0, -20.0, 20.0, 80.0])],
        "expm1": [("f32", [1e-5, -3e-7, 1e-10, 0.5]), ("f64", [1e-12, -1e-9, 2e-6])],
        "log1p": [("f32", [1e-6, -2e-7, 1e-10, 3.0]), ("f64", [1e-13, -4e-10, 1e-5])],
        "log2": [("f32", [0.25, 1.0, 8.0, 1024.0, 3.0])],
        "sigmoid": [("f32", [-30.0, -12.0, 12.0, 30.0])],
        "softplus": [("f32", [-30.0, -12.0, 12.0, 30.0]), ("f64", [-40.0, 40.0, 1e-3])],
        "tanh": [("f32", [-9.0, -0.001, 0.001, 9.0])],
        "erf": [("f64", [-4.0, -0.01, 0.01, 4.0])],
        "gelu": [("f64", [-6.0, -0.01, 0.01, 6.0])],
    }.get(op.lname, [])
    for n, (dt, vals) in enumerate(extra):
        v = cvt(dt, vals)
        cases.append(Case("edge%d_%s" % (n, dt), [(dt, v)], (dt, fn(v)), attrs))
    if op.lname == "round":
        h = cvt("f32", [-2.5, -1.5, -0.5, 0.5, 1.5, 2.5, 3.5])   # ties go to even
        cases.append(Case("half_even", [("f32", h)], ("f32", np.round(h)), nograd=True))
    if op.lname == "exp":
        s = cvt("f32", 0.75)
        cases.append(Case("scalar", [("f32", s)], ("f32", np.exp(s))))
    return cases


for _nm in UNARY:
    spec(_nm)(_unary)


# -- reductions
def _logsumexp(x, axis, keepdims):
    m = np.max(x, axis=axis, keepdims=True)
    r = m + np.log(np.sum(np.exp(x - m), axis=axis, keepdims=True))
    return r if keepdims else np.squeeze(r, axis=axis)


REDUCE = {
    "sum": lambda x, ax, kd, dd: np.sum(x, axis=ax, keepdims=kd),
    "mean": lambda x, ax, kd, dd: np.mean(x, axis=ax, keepdims=kd),
    "prod": lambda x, ax, kd, dd: np.prod(x, axis=ax, keepdims=kd),
    "max": lambda x, ax, kd, dd: np.max(x, axis=ax, keepdims=kd),
    "min": lambda x, ax, kd, dd: np.min(x, axis=ax, keepdims=kd),
    "var": lambda x, ax, kd, dd: np.var(x, axis=ax, keepdims=kd, ddof=dd),
    "logsumexp": lambda x, ax, kd, dd: _logsumexp(x, ax, kd),
    "all": lambda x, ax, kd, dd: np.all(x != 0, axis=ax, keepdims=kd),
    "any": lambda x, ax, kd, dd: np.any(x != 0, axis=ax, keepdims=kd),
}


@spec(*REDUCE)
def _reduce(rng, op):
    fn = REDUCE[op.lname]
    nm = op.lname
    if nm in ("all", "any"):
        x = B(rng, (3, 4))
        x[0, :] = 1                         # one all-true row, one all-false row
        x[1, :] = 0
        y = cvt("b8", np.ones((2, 3)))
        plan = [("axis1", "b8", x, [1], 0, 0), ("axis0_keep", "b8", x, [0], 1, 0),
                ("all", "b8", x, [], 0, 0), ("ones_all_keep", "b8", y, [], 1, 0)]
    else:
        if nm == "prod":
            gen = lambda dt, s: U(rng, dt, s, 0.5, 1.5)
        elif nm in ("max", "min"):
            gen = lambda dt, s: distinct(rng, dt, s, -4, 4)
        else:
            gen = lambda dt, s: U(rng, dt, s, -2, 2)
        x = gen("f32", (3, 4, 5))
        y = gen("f64", (3, 4, 5))
        dd = {"var": [0, 1, 1]}.get(nm, [0, 0, 0])
        plan = [("axis1", "f32", x, [1], 0, dd[0]), ("axes0_m1_keep", "f64", y, [0, -1], 1, dd[1]),
                ("all", "f32", x, [], 0, dd[2])]
        if nm in ("sum", "prod", "max", "min"):
            k = cvt("i32", rng.permutation(12).reshape(3, 4) - 5) if nm != "prod" else \
                I(rng, (3, 4), -3, 3)
            plan.append(("i32_last_keep", "i32", k, [-1], 1, 0))
    cases = []
    for label, dt, v, axes, keep, ddof in plan:
        ax = tuple(axes) if axes else None
        odt = "b8" if nm in ("all", "any") else dt
        attrs = {"axes": axes, "keepdims": keep}
        if nm == "var":
            attrs["ddof"] = ddof
            label += "_ddof%d" % ddof
        cases.append(Case(label, [(dt, v)], (odt, fn(v, ax, bool(keep), ddof)), attrs,
                          tol=(1e-5, 1e-6) if (nm == "var" and dt == "f32") else None))
    if nm == "var":
        cases += _var_no_dof(rng)
    return cases


def _var_no_dof(rng):
    """ddof >= n: the sum of squares over max(0, n - ddof) = 0, i.e. inf, or nan for equal values (NumPy and
    torch.var agree); no gradient check: the value is not finite."""
    import warnings
    import torch
    x = U(rng, "f32", (3, 4), -2, 2)
    x[1, :] = 0.5                                   # a row of equal values: 0 / 0
    cases = []
    for ddof in (4, 6):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            want = np.var(x, axis=1, ddof=ddof)
        ref = tn(torch.var(tt(x), dim=1, correction=ddof))
        assert np.array_equal(want, ref, equal_nan=True), (want, ref)
        cases.append(Case("axis1_ddof%d_n4" % ddof, [("f32", x)], ("f32", want),
                          {"axes": [1], "keepdims": 0, "ddof": ddof}, nograd=True))
    return cases


@spec("argmax", "argmin")
def _argreduce(rng, op):
    f = np.argmax if op.lname == "argmax" else np.argmin
    x = distinct(rng, "f32", (3, 4, 5), -4, 4)
    y = distinct(rng, "f64", (4, 3), -3, 3)
    k = cvt("i32", rng.permutation(6).reshape(2, 3))
    cases = []
    for label, dt, v, axis, keep in [("axis1", "f32", x, 1, 0), ("axism1_keep", "f32", x, -1, 1),
                                     ("axis0_f64", "f64", y, 0, 0), ("i32_keep", "i32", k, 1, 1)]:
        r = f(v, axis=axis)
        if keep:
            r = np.expand_dims(r, axis)
        cases.append(Case(label, [(dt, v)], ("i32", r), {"axis": axis, "keepdims": keep}))
    return cases


# -- shape
@spec("reshape")
def _reshape(rng, op):
    x = N(rng, "f32", (2, 3, 4))
    y = N(rng, "f64", (6,))
    s = N(rng, "f32", (1,))
    k = I(rng, (2, 3), -9, 9)
    return [Case("infer", [("f32", x)], ("f32", x.reshape(4, 6)), {"shape": (4, -1)}),
            Case("f64", [("f64", y)], ("f64", y.reshape(2, 1, 3)), {"shape": (2, 1, 3)}),
            Case("to_scalar", [("f32", s)], ("f32", s.reshape(())), {"shape": ()}),
            Case("i32", [("i32", k)], ("i32", k.reshape(3, 2)), {"shape": (3, 2)})]


@spec("transpose")
def _transpose(rng, op):
    x = N(rng, "f32", (2, 3))
    y = N(rng, "f64", (2, 3, 4))
    k = I(rng, (2, 1, 3), -9, 9)
    return [Case("2d", [("f32", x)], ("f32", x.T), {"perm": [1, 0]}),
            Case("3d_f64", [("f64", y)], ("f64", np.transpose(y, (2, 0, 1))), {"perm": [2, 0, 1]}),
            Case("i32", [("i32", k)], ("i32", np.transpose(k, (1, 2, 0))), {"perm": [1, 2, 0]})]


@spec("broadcast_to")
def _broadcast_to(rng, op):
    x = N(rng, "f32", (3, 1))
    s = N(rng, "f64", ())
    b = B(rng, (4,))
    return [Case("3d", [("f32", x)], ("f32", np.broadcast_to(x, (2, 3, 4))), {"shape": (2, 3, 4)}),
            Case("scalar_f64", [("f64", s)], ("f64", np.broadcast_to(s, (2, 2))), {"shape": (2, 2)}),
            Case("b8", [("b8", b)], ("b8", np.broadcast_to(b, (3, 4))), {"shape": (3, 4)})]


NONE = -2 ** 31          # GIR_SLICE_NONE: Python's None as a slice bound


def _slice_idx(n, start, stop, step):
    py = lambda b: None if b == NONE else b
    return list(range(n))[slice(py(start), py(stop), step)]


# (label, dtype, axis, start, stop, step) on x [5, 6] (f32, f64) or [7, 2] (i32)
SLICES = [("step2", "f32", 1, 1, 5, 2), ("negative", "f64", 0, -4, -1, 1), ("i32_step3", "i32", 0, 0, 7, 3),
          ("mixed", "f32", 1, -5, 6, 2),
          ("reverse", "f32", 1, NONE, NONE, -1), ("reverse_step2_f64", "f64", 0, NONE, NONE, -2),
          ("down_from_4_to_1", "f32", 1, 4, 1, -1), ("neg_bounds_step2", "f64", 1, -1, -6, -2),
          ("stop_none_from_3", "i32", 0, 3, NONE, -3), ("start_past_end", "f32", 1, 50, 2, -2),
          ("empty_up_bounds", "f32", 1, 1, 4, -1), ("start_none_step1", "f64", 0, NONE, 3, 1)]


@spec("slice")
def _slice(rng, op):
    x = N(rng, "f32", (5, 6))
    y = N(rng, "f64", (5, 6))
    k = I(rng, (7, 2), -9, 9)
    cases = []
    for label, dt, axis, start, stop, step in SLICES:
        v = {"f32": x, "f64": y, "i32": k}[dt]
        idx = _slice_idx(v.shape[axis], start, stop, step)
        cases.append(Case(label, [(dt, v)], (dt, np.take(v, idx, axis=axis)),
                          {"axis": axis, "start": start, "stop": stop, "step": step}))
    return cases


@spec("unslice")
def _unslice(rng, op):
    cases = []
    for label, dt, full, axis, start, stop, step in [("step2", "f32", (5, 6), 1, 1, 5, 2),
                                                     ("negative", "f64", (5, 6), 0, -4, -1, 1),
                                                     ("i32_step3", "i32", (7, 2), 0, 0, 7, 3),
                                                     ("reverse", "f32", (5, 6), 1, NONE, NONE, -1),
                                                     ("neg_step2_f64", "f64", (5, 6), 0, -1, -6, -2),
                                                     ("stop_none_i32", "i32", (7, 2), 0, 3, NONE, -3)]:
        idx = _slice_idx(full[axis], start, stop, step)
        shp = list(full)
        shp[axis] = len(idx)
        v = I(rng, shp, -9, 9) if dt == "i32" else N(rng, dt, shp)
        out = np.zeros(full)
        sel = [slice(None)] * len(full)
        sel[axis] = idx
        out[tuple(sel)] = v
        cases.append(Case(label, [(dt, v)], (dt, out),
                          {"axis": axis, "start": start, "stop": stop, "step": step, "len": full[axis]}))
    return cases


@spec("concat")
def _concat(rng, op):
    a, b, c = N(rng, "f32", (2, 1)), N(rng, "f32", (2, 3)), N(rng, "f32", (2, 2))
    d, e = N(rng, "f64", (1, 3)), N(rng, "f64", (2, 3))
    g, h = I(rng, (2,), -9, 9), I(rng, (3,), -9, 9)
    return [Case("axis1_three", [("f32", a), ("f32", b), ("f32", c)], ("f32", np.concatenate([a, b, c], 1)),
                 {"axis": 1}),
            Case("axis0_f64", [("f64", d), ("f64", e)], ("f64", np.concatenate([d, e], 0)), {"axis": 0}),
            Case("i32_1d", [("i32", g), ("i32", h)], ("i32", np.concatenate([g, h])), {"axis": 0})]


@spec("flip")
def _flip(rng, op):
    x = N(rng, "f32", (3, 4))
    y = N(rng, "f64", (2, 3, 4))
    k = I(rng, (5,), -9, 9)
    return [Case("axis1", [("f32", x)], ("f32", np.flip(x, 1)), {"axes": [1]}),
            Case("axes02_f64", [("f64", y)], ("f64", np.flip(y, (0, 2))), {"axes": [0, 2]}),
            Case("i32", [("i32", k)], ("i32", np.flip(k, 0)), {"axes": [0]})]


@spec("pad")
def _pad(rng, op):
    x = N(rng, "f32", (2, 3))
    y = N(rng, "f64", (2, 2, 2))
    k = I(rng, (3,), -9, 9)

    def p(v, before, after, value):
        return np.pad(v, list(zip(before, after)), constant_values=value)
    return [Case("zero", [("f32", x)], ("f32", p(x, [1, 0], [0, 2], 0.0)),
                 {"before": [1, 0], "after": [0, 2], "value": 0.0}),
            Case("value_f64", [("f64", y)], ("f64", p(y, [0, 1, 2], [1, 0, 1], -1.5)),
                 {"before": [0, 1, 2], "after": [1, 0, 1], "value": -1.5}),
            Case("i32", [("i32", k)], ("i32", p(k, [2], [1], 7.0)),
                 {"before": [2], "after": [1], "value": 7.0})]


@spec("index_select")
def _index_select(rng, op):
    x = N(rng, "f32", (4, 3))
    i1 = cvt("i32", [3, 0, 3])
    y = N(rng, "f64", (2, 5))
    i2 = cvt("i32", [[4, 1], [1, 0]])
    z = N(rng, "f32", (3, 4))
    i0 = cvt("i32", 2)
    k = I(rng, (2, 3, 2), -9, 9)
    i3 = cvt("i32", [2, 2, 0, 1])
    return [Case("axis0", [("f32", x), ("i32", i1)], ("f32", np.take(x, i1, axis=0)), {"axis": 0}),
            Case("axis1_idx2d_f64", [("f64", y), ("i32", i2)], ("f64", np.take(y, i2, axis=1)), {"axis": 1}),
            Case("scalar_index", [("f32", z), ("i32", i0)], ("f32", np.take(z, i0, axis=1)), {"axis": 1}),
            Case("i32_middle", [("i32", k), ("i32", i3)], ("i32", np.take(k, i3, axis=1)), {"axis": 1})]


def _index_add(x, index, axis, n):
    oshape = x.shape[:axis] + (n,) + x.shape[axis + index.ndim:]
    out = np.zeros(oshape, dtype=x.dtype)
    np.add.at(out, (slice(None),) * axis + (index,), x)
    return out


@spec("index_add")
def _index_add_spec(rng, op):
    i1 = cvt("i32", [1, 3, 1, 0, 1])
    x = N(rng, "f32", (5, 3))
    i2 = cvt("i32", [[2, 0], [2, 2]])
    y = N(rng, "f64", (2, 2, 2, 2))
    i3 = cvt("i32", [0, 0, 2])
    k = I(rng, (2, 3), -9, 9)
    return [Case("axis0", [("f32", x), ("i32", i1)], ("f32", _index_add(x, i1, 0, 4)), {"axis": 0, "len": 4}),
            Case("axis1_idx2d_f64", [("f64", y), ("i32", i2)], ("f64", _index_add(y, i2, 1, 3)),
                 {"axis": 1, "len": 3}),
            Case("i32", [("i32", k), ("i32", i3)], ("i32", _index_add(k, i3, 1, 4)), {"axis": 1, "len": 4})]


# torch.gather / torch.scatter_add: (label, dtype, x shape, index shape, axis); off the axis the index may be
# shorter than x (torch reads the leading part); some indices negative (np.take_along_axis wraps them)
ALONG = [("axis0", "f32", (4, 3), (5, 3), 0), ("axis1_short", "f64", (3, 5), (2, 4), 1),
         ("axis_m1_3d", "f32", (2, 3, 4), (2, 2, 6), -1), ("middle_i32", "i32", (2, 4, 3), (2, 5, 3), 1),
         ("negative_f64", "f64", (3, 4), (3, 4), 0)]


def _along_parts(rng, cfg):
    label, dt, xs, ishape, axis = cfg
    x = I(rng, xs, -9, 9) if dt == "i32" else N(rng, dt, xs)
    n = xs[axis]
    index = cvt("i32", rng.integers(-n if label.startswith("negative") else 0, n, size=ishape))
    return label, dt, x, index, axis % len(xs)


@spec("gather")
def _gather(rng, op):
    import torch
    cases = []
    for cfg in ALONG:
        label, dt, x, index, axis = _along_parts(rng, cfg)
        pos = np.where(index < 0, index + x.shape[axis], index)
        want = tn(torch.gather(tt(x), axis, torch.tensor(pos, dtype=torch.int64)))
        if all(index.shape[d] == x.shape[d] for d in range(x.ndim) if d != axis):     # NumPy agrees here
            assert np.array_equal(want, np.take_along_axis(x, index.astype(np.int64), axis))
        cases.append(Case(label, [(dt, x), ("i32", index)], (dt, want), {"axis": cfg[4]}))
    return cases


@spec("scatter_add")
def _scatter_add(rng, op):
    import torch
    cases = []
    for cfg in ALONG:
        label, dt, x, index, axis = _along_parts(rng, cfg)
        src = I(rng, index.shape, -9, 9) if dt == "i32" else N(rng, dt, index.shape)
        pos = np.where(index < 0, index + x.shape[axis], index)
        want = tn(torch.scatter_add(tt(x), axis, torch.tensor(pos, dtype=torch.int64), tt(src)))
        cases.append(Case(label, [(dt, x), ("i32", index), (dt, src)], (dt, want), {"axis": cfg[4]}))
    return cases


@spec("one_hot")
def _one_hot(rng, op):
    a = cvt("i32", [0, 4, 2, 2])
    b = cvt("i32", [[2, 0, 1], [1, 1, 0]])
    c = cvt("i32", 1)
    return [Case("f32", [("i32", a)], ("f32", np.eye(5)[a]), {"depth": 5, "dtype": "f32"}),
            Case("i32_2d", [("i32", b)], ("i32", np.eye(3)[b]), {"depth": 3, "dtype": "i32"}),
            Case("scalar_f64", [("i32", c)], ("f64", np.eye(4)[c]), {"depth": 4, "dtype": "f64"})]


@spec("where")
def _where(rng, op):
    c, a, b = B(rng, (3, 4)), N(rng, "f32", (3, 4)), N(rng, "f32", (3, 4))
    d, e, f = B(rng, (3, 1)), N(rng, "f64", (4,)), N(rng, "f64", ())
    g, h, k = B(rng, (4,)), I(rng, (2, 4), -9, 9), I(rng, (2, 1), -9, 9)
    return [Case("plain", [("b8", c), ("f32", a), ("f32", b)], ("f32", np.where(c != 0, a, b))),
            Case("bcast_f64", [("b8", d), ("f64", e), ("f64", f)], ("f64", np.where(d != 0, e, f))),
            Case("i32", [("b8", g), ("i32", h), ("i32", k)], ("i32", np.where(g != 0, h, k))),
            _where_b8(rng, c)]


def _where_b8(rng, c):
    """b8 operands, as np.where takes them"""
    p, q = B(rng, (3, 4)), B(rng, (4,))
    return Case("b8_operands", [("b8", c), ("b8", p), ("b8", q)], ("b8", np.where(c != 0, p != 0, q != 0)))


@spec("diag")
def _diag(rng, op):
    x = N(rng, "f32", (4,))
    y = N(rng, "f64", (2,))
    k = I(rng, (3,), -9, 9)
    b = N(rng, "f64", (2, 3))
    c = I(rng, (2,), -9, 9)
    emb = lambda v, d: tn(__import__("torch").diag_embed(tt(v), offset=d))       # batched np.diag
    assert np.array_equal(emb(x, 2), np.diag(x, 2))
    return [Case("f32", [("f32", x)], ("f32", np.diag(x)), {"k": 0}),
            Case("f64", [("f64", y)], ("f64", np.diag(y)), {"k": 0}),
            Case("i32", [("i32", k)], ("i32", np.diag(k)), {"k": 0}),
            Case("k2_f32", [("f32", x)], ("f32", np.diag(x, 2)), {"k": 2}),
            Case("batch_km1_f64", [("f64", b)], ("f64", emb(b, -1)), {"k": -1}),
            Case("km3_i32", [("i32", c)], ("i32", np.diag(c, -3)), {"k": -3})]


@spec("diagonal")
def _diagonal(rng, op):
    x = N(rng, "f32", (3, 3))
    y = N(rng, "f64", (2, 3, 3))
    k = I(rng, (2, 1, 2, 2), -9, 9)
    w = N(rng, "f32", (3, 5))
    t = N(rng, "f64", (2, 5, 3))
    j = I(rng, (4, 3), -9, 9)
    dg = lambda v, d: np.diagonal(v, offset=d, axis1=-2, axis2=-1)
    return [Case("f32", [("f32", x)], ("f32", dg(x, 0)), {"k": 0}),
            Case("batch_f64", [("f64", y)], ("f64", dg(y, 0)), {"k": 0}),
            Case("i32_batch2", [("i32", k)], ("i32", dg(k, 0)), {"k": 0}),
            Case("wide_k1", [("f32", w)], ("f32", dg(w, 1)), {"k": 1}),
            Case("wide_k3", [("f32", w)], ("f32", dg(w, 3)), {"k": 3}),
            Case("wide_km1", [("f32", w)], ("f32", dg(w, -1)), {"k": -1}),
            Case("batch_tall_km2_f64", [("f64", t)], ("f64", dg(t, -2)), {"k": -2}),
            Case("batch_tall_k1_f64", [("f64", t)], ("f64", dg(t, 1)), {"k": 1}),
            Case("past_corner", [("f32", x)], ("f32", dg(x, 3)), {"k": 3}),
            Case("i32_km1", [("i32", j)], ("i32", dg(j, -1)), {"k": -1})]


@spec("triu", "tril")
def _tri(rng, op):
    f = np.triu if op.lname == "triu" else np.tril
    x = N(rng, "f32", (4, 4))
    y = N(rng, "f64", (2, 3, 4))
    z = N(rng, "f32", (4, 3))
    k = I(rng, (3, 3), -9, 9)
    return [Case("k0", [("f32", x)], ("f32", f(x, 0)), {"k": 0}),
            Case("batch_k1_f64", [("f64", y)], ("f64", f(y, 1)), {"k": 1}),
            Case("tall_km1", [("f32", z)], ("f32", f(z, -1)), {"k": -1}),
            Case("i32_k2", [("i32", k)], ("i32", f(k, 2)), {"k": 2})]


@spec("cast")
def _cast(rng, op):
    x = cvt("f32", [-2.75, -1.5, -0.5, 0.0, 0.25, 1.75, 3.5, 100.9])
    z = cvt("f32", [0.0, -0.0, 1.5, -3.0, 1e-30])
    k = I(rng, (2, 3), -100, 100)
    y = N(rng, "f32", (2, 2))
    b = cvt("b8", [1, 0, 1])
    d = cvt("f64", [0.1, -1e-300, 3.141592653589793])
    return [Case("f32_i32", [("f32", x)], ("i32", np.trunc(x)), {"dtype": "i32"}, nograd=True),
            Case("f32_b8", [("f32", z)], ("b8", z != 0), {"dtype": "b8"}, nograd=True),
            Case("i32_f32", [("i32", k)], ("f32", k), {"dtype": "f32"}),
            Case("f32_f64", [("f32", y)], ("f64", y), {"dtype": "f64"}),
            Case("f64_f32", [("f64", d)], ("f32", d), {"dtype": "f32"}, nograd=True),
            Case("b8_f32", [("b8", b)], ("f32", b), {"dtype": "f32"})]


@spec("stop_gradient")
def _stop_gradient(rng, op):
    x = N(rng, "f32", (2, 3))
    k = I(rng, (3,), -9, 9)
    return [Case("f32", [("f32", x)], ("f32", x), nograd=True), Case("i32", [("i32", k)], ("i32", k))]


# -- linear algebra
LINALG_TOL32 = (1e-4, 1e-5)


@spec("matmul")
def _matmul(rng, op):
    a, b = N(rng, "f32", (3, 4)), N(rng, "f32", (4, 2))
    c, d = N(rng, "f32", (2, 1, 3, 4)), N(rng, "f32", (3, 4, 5))
    e, f = N(rng, "f64", (2, 2, 3)), N(rng, "f64", (2, 3, 2))
    g, h = I(rng, (2, 3), -5, 5), I(rng, (3, 2), -5, 5)
    return [Case("plain", [("f32", a), ("f32", b)], ("f32", a @ b)),
            Case("batch_bcast", [("f32", c), ("f32", d)], ("f32", np.matmul(c, d))),
            Case("batch_f64", [("f64", e), ("f64", f)], ("f64", np.matmul(e, f))),
            Case("i32", [("i32", g), ("i32", h)], ("i32", g @ h))]


@spec("dot")
def _dot(rng, op):
    a, b = N(rng, "f32", (5,)), N(rng, "f32", (5,))
    c, d = N(rng, "f64", (7,)), N(rng, "f64", (7,))
    g, h = I(rng, (4,), -5, 5), I(rng, (4,), -5, 5)
    return [Case("f32", [("f32", a), ("f32", b)], ("f32", np.dot(a, b))),
            Case("f64", [("f64", c), ("f64", d)], ("f64", np.dot(c, d))),
            Case("i32", [("i32", g), ("i32", h)], ("i32", np.dot(g, h)))]


@spec("outer")
def _outer(rng, op):
    a, b = N(rng, "f32", (3,)), N(rng, "f32", (4,))
    c, d = N(rng, "f64", (2,)), N(rng, "f64", (3,))
    g, h = I(rng, (2,), -5, 5), I(rng, (2,), -5, 5)
    return [Case("f32", [("f32", a), ("f32", b)], ("f32", np.outer(a, b))),
            Case("f64", [("f64", c), ("f64", d)], ("f64", np.outer(c, d))),
            Case("i32", [("i32", g), ("i32", h)], ("i32", np.outer(g, h)))]


@spec("trace")
def _trace(rng, op):
    x = N(rng, "f32", (4, 4))
    y = N(rng, "f64", (2, 3, 3))
    k = I(rng, (3, 3), -9, 9)
    tr = lambda v: np.trace(v, axis1=-2, axis2=-1)
    return [Case("f32", [("f32", x)], ("f32", tr(x))), Case("batch_f64", [("f64", y)], ("f64", tr(y))),
            Case("i32", [("i32", k)], ("i32", tr(k)))]


def well_conditioned(rng, dt, shape, flip_sign=False):
    """Normal entries plus 3 I; flip_sign swaps rows 0 and 1 of the (first) matrix: negative det."""
    n = shape[-1]
    a = rng.normal(size=shape) * 0.7 + 3.0 * np.eye(n)
    if flip_sign:
        m = a if a.ndim == 2 else a[0]
        m[[0, 1], :] = m[[1, 0], :]
    return cvt(dt, a)


def spd(rng, dt, shape):
    n = shape[-1]
    m = rng.normal(size=shape)
    a = m @ np.swapaxes(m, -1, -2) + n * np.eye(n)
    return cvt(dt, 0.5 * (a + np.swapaxes(a, -1, -2)))


@spec("inverse")
def _inverse(rng, op):
    x = well_conditioned(rng, "f32", (3, 3))
    y = well_conditioned(rng, "f64", (2, 4, 4))
    return [Case("f32", [("f32", x)], ("f32", np.linalg.inv(x)), tol=LINALG_TOL32),
            Case("batch_f64", [("f64", y)], ("f64", np.linalg.inv(y)))]


@spec("det", "logdet")
def _det(rng, op):
    f = np.linalg.det if op.lname == "det" else (lambda v: np.linalg.slogdet(v)[1])
    x = well_conditioned(rng, "f32", (3, 3))
    y = well_conditioned(rng, "f64", (2, 3, 3), flip_sign=True)      # first det negative
    z = well_conditioned(rng, "f64", (2, 2), flip_sign=True)
    assert np.linalg.det(y[0]) < 0 < np.linalg.det(y[1]) and np.linalg.det(z) < 0
    return [Case("f32", [("f32", x)], ("f32", f(x)), tol=LINALG_TOL32),
            Case("batch_negdet_f64", [("f64", y)], ("f64", f(y))),
            Case("negdet_2x2_f64", [("f64", z)], ("f64", f(z)))]


@spec("cholesky")
def _cholesky(rng, op):
    x = spd(rng, "f32", (3, 3))
    y = spd(rng, "f64", (4, 4))
    z = spd(rng, "f64", (2, 3, 3))
    return [Case("f32", [("f32", x)], ("f32", np.linalg.cholesky(x)), tol=LINALG_TOL32),
            Case("f64", [("f64", y)], ("f64", np.linalg.cholesky(y))),
            Case("batch_f64", [("f64", z)], ("f64", np.linalg.cholesky(z)))]


@spec("trisolve")
def _trisolve(rng, op):
    cases = []
    for label, dt, n, m, lower, trans in [("lower_f32", "f32", 3, 2, 1, 0), ("upper_f64", "f64", 4, 3, 0, 0),
                                          ("lower_trans_f64", "f64", 4, 2, 1, 1),
                                          ("upper_trans_f32", "f32", 3, 1, 0, 1)]:
        body = rng.uniform(-1, 1, size=(n, n))
        garbage = rng.uniform(-50, 50, size=(n, n))        # the triangle that must not be read
        diag = np.diag(rng.uniform(2, 3, size=n))
        if lower:
            a = np.tril(body, -1) + diag + np.triu(garbage, 1)
        else:
            a = np.triu(body, 1) + diag + np.tril(garbage, -1)
        a = cvt(dt, a)
        b = U(rng, dt, (n, m), -2, 2)
        t = np.tril(a) if lower else np.triu(a)
        x = np.linalg.solve(t.T if trans else t, b)
        cases.append(Case(label, [(dt, a), (dt, b)], (dt, x), {"lower": lower, "trans": trans},
                          tol=LINALG_TOL32 if dt == "f32" else None))
    return cases


# -- neural network
@spec("softmax", "log_softmax")
def _softmax(rng, op):
    import torch
    f = torch.softmax if op.lname == "softmax" else torch.log_softmax
    x = N(rng, "f32", (3, 4), 2.0)
    y = N(rng, "f32", (2, 3, 4), 2.0)
    z = N(rng, "f64", (4, 2), 2.0)
    w = cvt("f32", [[1000.0, 1001.0, 999.0], [-50.0, 0.0, 50.0]])    # needs the max shift
    return [Case("last", [("f32", x)], ("f32", tn(f(tt(x), -1))), {"axis": -1}),
            Case("middle", [("f32", y)], ("f32", tn(f(tt(y), 1))), {"axis": 1}),
            Case("axis0_f64", [("f64", z)], ("f64", tn(f(tt(z), 0))), {"axis": 0}),
            Case("large", [("f32", w)], ("f32", tn(f(tt(w), 1))), {"axis": 1})]


def _log_softmax_last(x):
    import torch
    return tn(torch.log_softmax(tt(x), -1))


@spec("xent_logits")
def _xent(rng, op):
    x = N(rng, "f32", (4, 5), 2.0)
    lx = cvt("i32", [0, 4, 2, 2])
    y = N(rng, "f64", (3, 3), 2.0)
    ly = cvt("i32", [2, 1, 0])
    pick = lambda v, lab: -_log_softmax_last(v)[np.arange(len(lab)), lab]
    return [Case("f32", [("f32", x), ("i32", lx)], ("f32", pick(x, lx))),
            Case("f64", [("f64", y), ("i32", ly)], ("f64", pick(y, ly)))]


@spec("xent_logits_prob")
def _xent_prob(rng, op):
    cases = []
    for label, dt, shape in [("f32", "f32", (3, 4)), ("f64", "f64", (2, 5))]:
        x = N(rng, dt, shape, 2.0)
        p = rng.uniform(0.05, 1.0, size=shape)
        p = cvt(dt, p / p.sum(axis=-1, keepdims=True))
        cases.append(Case(label, [(dt, x), (dt, p)], (dt, -np.sum(p * _log_softmax_last(x), axis=-1))))
    return cases


@spec("bce_logits")
def _bce(rng, op):
    f = lambda x, t: np.maximum(x, 0) - x * t + np.log1p(np.exp(-np.abs(x)))
    x, t = N(rng, "f32", (3, 4), 2.0), U(rng, "f32", (3, 4), 0, 1)
    y, s = N(rng, "f32", (2, 3), 2.0), cvt("f32", [0.0, 1.0, 0.25])
    z = cvt("f64", [-40.0, -3.0, 0.5, 3.0, 40.0])
    u = U(rng, "f64", (5,), 0, 1)
    return [Case("plain", [("f32", x), ("f32", t)], ("f32", f(x, t))),
            Case("bcast", [("f32", y), ("f32", s)], ("f32", f(y, s))),
            Case("large_f64", [("f64", z), ("f64", u)], ("f64", f(z, u)))]


@spec("mse")
def _mse(rng, op):
    a, b = N(rng, "f32", (3, 4)), N(rng, "f32", (3, 4))
    c, d = N(rng, "f64", (5,)), N(rng, "f64", (5,))
    return [Case("f32", [("f32", a), ("f32", b)], ("f32", np.mean((a - b) ** 2))),
            Case("f64", [("f64", c), ("f64", d)], ("f64", np.mean((c - d) ** 2)))]


# (label, dtype, x shape, w shape, stride, padding, dilation, groups)
CONV = [("plain", "f32", (1, 2, 5, 5), (3, 2, 3, 3), [1, 1], [0, 0], [1, 1], 1),
        ("stride2_pad1", "f32", (2, 2, 6, 6), (2, 2, 3, 3), [2, 2], [1, 1], [1, 1], 1),
        ("dil2_groups2_f64", "f64", (1, 4, 7, 6), (4, 2, 2, 3), [1, 1], [1, 0], [2, 2], 2),
        ("mixed", "f32", (1, 2, 5, 5), (4, 1, 3, 2), [2, 1], [0, 1], [1, 2], 2)]
CONV_TOL32 = (2e-5, 2e-5)


def _conv_parts(rng, cfg):
    """x, w, y = conv2d(x, w), gy, dx = dL/dx, dw = dL/dw for L = sum(y * gy), by torch autograd."""
    import torch
    import torch.nn.functional as F
    label, dt, xs, ws, st, pa, di, gr = cfg
    x, w = N(rng, dt, xs), N(rng, dt, ws, 0.5)
    tx, tw = tt(x).requires_grad_(True), tt(w).requires_grad_(True)
    ty = F.conv2d(tx, tw, None, st, pa, di, gr)
    gy = N(rng, dt, tuple(ty.shape))
    (ty * tt(gy)).sum().backward()
    dx, dw = tn(tx.grad), tn(tw.grad)
    # cross-check autograd against torch.nn.grad
    assert np.allclose(dx, tn(torch.nn.grad.conv2d_input(xs, tt(w), tt(gy), st, pa, di, gr)), 1e-12, 1e-12)
    assert np.allclose(dw, tn(torch.nn.grad.conv2d_weight(tt(x), ws, tt(gy), st, pa, di, gr)), 1e-12, 1e-12)
    attrs = {"stride": st, "padding": pa, "dilation": di, "groups": gr}
    return label, dt, x, w, tn(ty), gy, dx, dw, attrs


@spec("conv2d")
def _conv2d(rng, op):
    cases = []
    for cfg in CONV:
        label, dt, x, w, y, gy, dx, dw, attrs = _conv_parts(rng, cfg)
        cases.append(Case(label, [(dt, x), (dt, w)], (dt, y), attrs, tol=CONV_TOL32 if dt == "f32" else None))
    return cases


@spec("conv2d_bwd_data")
def _conv2d_bwd_data(rng, op):
    cases = []
    for cfg in CONV:
        label, dt, x, w, y, gy, dx, dw, attrs = _conv_parts(rng, cfg)
        attrs["xshape"] = x.shape
        cases.append(Case(label, [(dt, gy), (dt, w)], (dt, dx), attrs, tol=CONV_TOL32 if dt == "f32" else None))
    return cases


@spec("conv2d_bwd_filter")
def _conv2d_bwd_filter(rng, op):
    cases = []
    for cfg in CONV:
        label, dt, x, w, y, gy, dx, dw, attrs = _conv_parts(rng, cfg)
        attrs["wshape"] = w.shape
        cases.append(Case(label, [(dt, x), (dt, gy)], (dt, dw), attrs, tol=CONV_TOL32 if dt == "f32" else None))
    return cases


# (label, dtype, x shape, kernel, stride, padding)
POOL = [("k2s2", "f32", (1, 2, 4, 4), [2, 2], [2, 2], [0, 0]),
        ("k3s2p1", "f32", (2, 1, 6, 5), [3, 3], [2, 2], [1, 1]),
        ("overlap_f64", "f64", (1, 2, 4, 5), [2, 3], [1, 2], [0, 1])]


# average pooling with count_include_pad=False: the divisor counts only positions inside the input
POOL_NOPAD = [("k3s2p1_nopad", "f32", (2, 1, 6, 5), [3, 3], [2, 2], [1, 1]),
              ("overlap_nopad_f64", "f64", (1, 2, 4, 5), [2, 3], [1, 2], [0, 1]),
              ("k2s1p1_nopad_f64", "f64", (1, 1, 3, 4), [2, 2], [1, 1], [1, 1])]


def _pool_parts(rng, cfg, kind, incl=True):
    import torch.nn.functional as F
    label, dt, xs, k, s, p = cfg
    x = distinct(rng, dt, xs, -4, 4)
    tx = tt(x).requires_grad_(True)
    if kind == "max":
        ty = F.max_pool2d(tx, k, s, p)
    else:
        ty = F.avg_pool2d(tx, k, s, p, count_include_pad=incl)
    gy = N(rng, dt, tuple(ty.shape))
    (ty * tt(gy)).sum().backward()
    attrs = {"kernel": k, "stride": s, "padding": p}
    if kind == "avg":
        attrs["count_include_pad"] = int(incl)
    return label, dt, x, tn(ty), gy, tn(tx.grad), attrs


def _avg_cfgs():
    return [(cfg, True) for cfg in POOL] + [(cfg, False) for cfg in POOL_NOPAD]


@spec("max_pool2d", "avg_pool2d")
def _pool(rng, op):
    cases = []
    for cfg, incl in ([(c, True) for c in POOL] if op.lname == "max_pool2d" else _avg_cfgs()):
        label, dt, x, y, gy, dx, attrs = _pool_parts(rng, cfg, op.lname[:3], incl)
        cases.append(Case(label, [(dt, x)], (dt, y), attrs))
    return cases


@spec("max_pool2d_bwd")
def _max_pool_bwd(rng, op):
    cases = []
    for cfg in POOL:
        label, dt, x, y, gy, dx, attrs = _pool_parts(rng, cfg, "max")
        cases.append(Case(label, [(dt, gy), (dt, x)], (dt, dx), attrs))
    return cases


@spec("avg_pool2d_bwd")
def _avg_pool_bwd(rng, op):
    cases = []
    for cfg, incl in _avg_cfgs():
        label, dt, x, y, gy, dx, attrs = _pool_parts(rng, cfg, "avg", incl)
        attrs["xshape"] = x.shape
        cases.append(Case(label, [(dt, gy)], (dt, dx), attrs))
    return cases


# ------------------------------------------------------------------------------------ checks and output
def expected_out_dtype(op, case, parent_dts):
    rule = op.dtype
    if rule in ("CMP", "LOGIC", "TEST"):
        return "b8"
    if rule == "INDEX":
        return "i32"
    if rule == "ATTR":
        return case.attrs["dtype"]
    return promote(parent_dts)


ALLOWED_IN = {"NUM": ("u8", "i32", "f32", "f64"), "CMP": ("b8", "u8", "i32", "f32", "f64"),
              "INDEX": ("u8", "i32", "f32", "f64"), "FLOAT": FLOATS, "TEST": FLOATS,
              "LOGIC": ("b8",), "INT": INTS, "ANY": tuple(DTYPES), "ATTR": tuple(DTYPES)}


def attr_lines(op, case, where):
    names = [nm for kind, nm, k in op.attrs]
    extra = sorted(set(case.attrs) - set(names))
    if extra:
        die("%s: attribute(s) %s not in the ATTR(...) column of %s" % (where, ", ".join(extra), op.name))
    lines = []
    for kind, nm, k in op.attrs:
        if nm not in case.attrs:
            die("%s: attribute %s:%s has no value" % (where, kind, nm))
        v = case.attrs[nm]
        if kind == "f":
            lines.append("attr f %d %r" % (k, float(v)))
        elif kind == "i":
            if int(v) != v:
                die("%s: int attribute %s is not an integer" % (where, nm))
            lines.append("attr i %d %d" % (k, int(v)))
        elif kind == "l":
            v = [int(t) for t in v]
            if len(v) > 6:
                die("%s: int list %s has more than 6 entries" % (where, nm))
            lines.append(" ".join(["attr l %d %d" % (k, len(v))] + [str(t) for t in v]))
        elif kind == "shape":
            v = [int(t) for t in v]
            lines.append(" ".join(["attr shape %d" % len(v)] + [str(t) for t in v]))
        elif kind == "dtype":
            if v not in DTYPES:
                die("%s: bad dtype %r" % (where, v))
            lines.append("attr dtype %s" % v)
        elif kind == "seed":
            if not 0 <= int(v) < 2 ** 64:
                die("%s: seed out of range" % where)
            lines.append("attr seed %d" % int(v))
        elif kind == "data":
            dt = case.attrs["dtype"]
            vals = cvt(dt, v)
            shp = tuple(case.attrs["shape"])
            if vals.size != int(np.prod(shp, dtype=np.int64)):
                die("%s: data has %d values, shape %s needs %d" % (where, vals.size, shp, np.prod(shp)))
            lines.append(" ".join(["attr data :"] + [fmt(dt, t) for t in vals.reshape(-1)]))
        else:
            die("%s: unknown attribute kind %s" % (where, kind))
    return lines


def case_text(op, case):
    where = "%s/%s" % (op.lname, case.label)
    if not re.match(r"^[A-Za-z0-9_.+-]+$", case.label):
        die("%s: bad label" % where)
    if op.variadic:
        if not case.ins:
            die("%s: a variadic op needs at least one input" % where)
        kinds = [False] * len(case.ins)
    else:
        if len(case.ins) != len(op.inputs) and not (op.lname == "input" and len(case.ins) == 1):
            die("%s: %d input line(s), IN() has %d" % (where, len(case.ins), len(op.inputs)))
        kinds = [a for nm, a in op.inputs] or [False] * len(case.ins)
    parent_dts = [dt for (dt, v), arg in zip(case.ins, kinds) if not arg]
    for dt in parent_dts:
        if op.inputs and dt not in ALLOWED_IN[op.dtype]:
            die("%s: input dtype %s not allowed by dtype rule %s" % (where, dt, op.dtype))
    rng_op = "RNG" in op.flags
    if rng_op != (case.out is None):
        die("%s: RNG ops have no out line, other ops need one" % where)
    lines = ["case %s %s" % (op.lname, case.label)] + attr_lines(op, case, where)
    lines += ["in " + tensor_text(dt, v) for dt, v in case.ins]
    if case.out is not None:
        odt, ov = case.out
        if op.inputs:
            want = expected_out_dtype(op, case, parent_dts)
            if odt != want:
                die("%s: out dtype %s, the %s rule gives %s" % (where, odt, op.dtype, want))
        elif odt != case.attrs["dtype"]:
            die("%s: out dtype %s differs from the dtype attribute" % (where, odt))
        if odt in INTS + ("b8",) and ov.dtype.kind == "f":
            die("%s: non-integer output" % where)
        if odt in FLOATS:
            ov = ov + 0.0                        # -0 -> 0: a sign of zero is not part of any result
        lines.append("out " + tensor_text(odt, ov))
    if case.tol is not None:
        lines.append("tol %r %r" % (float(case.tol[0]), float(case.tol[1])))
    floats_in = any(dt in FLOATS for dt in parent_dts)
    float_out = op.inputs and expected_out_dtype(op, case, parent_dts) in FLOATS
    if case.nograd or (op.inputs and (not op.differentiable or not floats_in or not float_out)):
        lines.append("nograd")
    lines.append("end")
    return "\n".join(lines) + "\n"


def main():
    import torch
    torch.set_num_threads(1)
    ops = parse_ops(OPS_DEF)
    missing = [op for op in ops if op.lname not in SPECS]
    for op in missing:
        sys.stderr.write("make_golden.py: error: op %s (ops.def line %d) has no case spec in "
                         "tests/make_golden.py\n" % (op.lname, op.line))
    if missing:
        sys.exit(1)
    stale = sorted(set(SPECS) - {op.lname for op in ops})
    if stale:
        die("case spec(s) for op(s) not in ops.def: %s" % ", ".join(stale))
    chunks = ["# golden.txt - expected results for every gir op, written by tests/make_golden.py from\n"
              "# ops.def (table order). Do not edit: change the script and run it again.\n"]
    ncases = 0
    for op in ops:
        rng = np.random.default_rng(zlib.crc32(op.lname.encode()))
        cases = SPECS[op.lname](rng, op)
        if not cases:
            die("op %s: the spec made no cases" % op.lname)
        labels = [c.label for c in cases]
        if len(set(labels)) != len(labels):
            die("op %s: duplicate case labels" % op.lname)
        chunks.append("\n# %s\n" % op.lname)
        for c in cases:
            chunks.append(case_text(op, c))
            ncases += 1
    text = "".join(chunks)
    with open(OUT, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)
    print("make_golden.py: %d cases, %d/%d ops covered, %s: %d bytes"
          % (ncases, len(ops), len(ops), os.path.relpath(OUT, os.path.dirname(HERE)), len(text.encode())))


if __name__ == "__main__":
    main()
