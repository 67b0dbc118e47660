#!/usr/bin/python3
"""make_golden.py - the outside oracle: writes tests/oracles/golden.txt, the expected results for every op in ops.def.

    /usr/bin/python3 tests/oracles/make_golden.py                 write tests/oracles/golden.txt (make golden)
    /usr/bin/python3 tests/oracles/make_golden.py --check [FILE]  exit 1 (naming the first differing case) unless
                                                          FILE (tests/oracles/golden.txt) is what it would write
Needs python3-numpy, python3-torch and python3-mpmath (a dependency of torch, through sympy); without
them it exits with status 77, which make test reports as a skip.

The op list comes from ops.def (read by the generator's own parser, table order). An elementwise row's
cases come from its REF(...) column (ops.def's header comment describes it): nothing here names such an
op. Every other op has a case spec below (@spec). An op with neither, or with both, stops the script
(exit 1, naming the op), so a new row cannot be forgotten. Attributes are given by name and written in
the order and kind numbering of the row's ATTR(...) column, so the file follows the table when
attributes are reordered.

Reproducible: the same bytes on every machine. Float references are computed with 40-digit arithmetic
(mpmath) from inputs already rounded to their dtype, then rounded once to the output dtype; NumPy,
BLAS/LAPACK and torch, whose float64 kernels depend on the CPU (AVX-512 versions of exp, sin, ... and of
the BLAS kernels round differently in the last bit), only cross-check them. Random data comes from
NumPy generators seeded by the op's name, so one op's cases do not move when another op is added.

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

try:
    import mpmath
    import numpy as np
except ImportError as _e:                  # exit status 77: the check reports a skip
    sys.stderr.write("make_golden.py: %s: needs python3-numpy, python3-torch and python3-mpmath\n" % _e)
    sys.exit(77)

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
OPS_DEF = os.path.join(ROOT, "ops.def")
OUT = os.path.join(HERE, "golden.txt")

DTYPES = ["b8", "u8", "i32", "f32", "f64"]          # promotion order
FLOATS = ("f32", "f64")
INTS = ("u8", "i32")


def die(msg):
    sys.stderr.write("make_golden.py: error: %s\n" % msg)
    sys.exit(1)


# ------------------------------------------------------------------------------------ ops.def parsing
# the generator's own reader (standard library only), so the table is read one way everywhere
sys.path.insert(0, os.path.join(ROOT, "gen"))
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


# ------------------------------------------------------------------------------------ high precision
# Float references are computed in 40-digit arithmetic (mpmath) from the inputs as their dtype holds them,
# then rounded once to the output dtype. NumPy's float64 functions, BLAS/LAPACK and torch pick kernels by
# CPU (AVX-512 versions of exp, sin, ... differ from the scalar ones in the last bit), so values computed
# with them differ between machines; these do not. NumPy/torch still cross-check every float result.
HP_DIGITS = 40


def H(x):
    """An array as an object array of exact mpmath numbers."""
    a = np.asarray(x)
    return np.frompyfunc(lambda v: mpmath.mpf(v if a.dtype.kind == "f" else int(v)), 1, 1)(a)


def hp_round1(dt, v):
    """One mpmath number rounded to dt (nearest, ties to even), as a Python float."""
    if not isinstance(v, mpmath.mpf) or not mpmath.isfinite(v):
        return float(v)
    with mpmath.workprec(53 if dt == "f64" else 24):
        return float(+v)


def R(dt, X):
    """An object array of mpmath numbers rounded to the float dtype dt."""
    X = np.asarray(X, dtype=object)
    return np.array([hp_round1(dt, v) for v in X.reshape(-1)], dtype=np.float64).reshape(X.shape)


def hpmap(fn, X):
    return np.frompyfunc(fn, 1, 1)(X)


def agree(where, got, ref, rtol=1e-10):
    """The 40-digit result against a float64 one (NumPy, torch): same non-finite values, close otherwise."""
    got, ref = np.asarray(got, np.float64), np.asarray(ref, np.float64)
    fin = np.isfinite(got) & np.isfinite(ref)
    with np.errstate(invalid="ignore"):
        same = np.where(fin, np.abs(got - ref) <= rtol * (1 + np.abs(ref)),
                        (got == ref) | (np.isnan(got) & np.isnan(ref)))
    if not np.all(same):
        k = int(np.argmin(same.reshape(-1)))
        die("%s: the 40-digit value %r and the float64 cross-check %r differ (element %d)"
            % (where, got.reshape(-1)[k], ref.reshape(-1)[k], k))


def _round_half_even(x):
    f = mpmath.floor(x)
    d = x - f
    return f + 1 if d > 0.5 or (d == 0.5 and int(f) % 2) else f


def _trunc(x):
    return mpmath.floor(x) if x >= 0 else mpmath.ceil(x)


def _fmod(x, y):
    if y == 0:
        raise ZeroDivisionError
    return x - _trunc(x / y) * y


def _mod(x, y):
    r = _fmod(x, y)
    return r + y if r != 0 and (r < 0) != (y < 0) else r


class HPNumpy:
    """The np.<name> a REF expression may use, on one mpmath number at a time (NumPy's semantics)."""
    pi, e = mpmath.pi, mpmath.e
    abs, absolute, negative = staticmethod(abs), staticmethod(abs), staticmethod(lambda x: -x)
    sign = staticmethod(mpmath.sign)
    square = staticmethod(lambda x: x * x)
    sqrt, exp, expm1, log, log1p = (staticmethod(mpmath.sqrt), staticmethod(mpmath.exp),
                                    staticmethod(mpmath.expm1), staticmethod(mpmath.log), staticmethod(mpmath.log1p))
    log2 = staticmethod(lambda x: mpmath.log(x, 2))
    sin, cos, tan = staticmethod(mpmath.sin), staticmethod(mpmath.cos), staticmethod(mpmath.tan)
    arcsin, arccos, arctan = staticmethod(mpmath.asin), staticmethod(mpmath.acos), staticmethod(mpmath.atan)
    sinh, cosh, tanh = staticmethod(mpmath.sinh), staticmethod(mpmath.cosh), staticmethod(mpmath.tanh)
    floor, ceil, trunc = staticmethod(mpmath.floor), staticmethod(mpmath.ceil), staticmethod(_trunc)
    round, rint = staticmethod(_round_half_even), staticmethod(_round_half_even)
    fmod, mod, remainder = staticmethod(_fmod), staticmethod(_mod), staticmethod(_mod)
    floor_divide = staticmethod(lambda x, y: mpmath.floor(x / y))
    power = staticmethod(lambda x, y: x ** y)
    maximum = staticmethod(lambda x, y: x if x >= y else y)
    minimum = staticmethod(lambda x, y: x if x <= y else y)
    clip = staticmethod(lambda x, lo, hi: min(max(x, lo), hi))
    where = staticmethod(lambda c, x, y: x if c else y)
    logaddexp = staticmethod(lambda x, y: max(x, y) + mpmath.log1p(mpmath.exp(-abs(x - y))))


# ------------------------------------------------------------------------------------ cases from REF(...)
# An elementwise row's REF column (see the comment at the top of ops.def) is all its cases need.
REF_DTYPES = {"NUM": ("f32", "f64", "i32"), "CMP": ("f32", "f64", "i32"), "FLOAT": FLOATS, "TEST": FLOATS,
              "LOGIC": ("b8",), "INT": ("i32", "u8"), "INDEX": ("f32", "i32"), "ANY": ("f32", "i32")}
NP_DTYPE = {"b8": np.bool_, "u8": np.uint8, "i32": np.int32, "f32": np.float64, "f64": np.float64}
BCAST_SHAPES = [(3, 1), (4,), (2, 1, 1)]


def np_erf(x):
    import math
    return np.vectorize(math.erf, otypes=[np.float64])(x)


class Ref:
    """The REF column of one row, ready to evaluate."""

    def __init__(self, op):
        self.op = op
        self.keys = op.ref_keys
        self.where = "%s:%d: REF of %s" % (os.path.basename(OPS_DEF), op.line, op.name)
        self.attrs = dict((nm, self.keys[nm]) for _, nm, _ in op.attrs)
        self.code = self.compile(op.ref)
        self.kinks = [self.compile(k) for k in self.keys.get("kink", ())]
        self.margin = self.keys.get("margin", 0.05)

    def compile(self, text):
        return compile(text, self.where, "eval")

    def numpy(self, code, values):
        """code evaluated by NumPy: inputs as arrays of their dtype, floats as float64."""
        env = {"np": np, "erf": np_erf}
        env.update(self.attrs)
        for (nm, _), (dt, v) in zip(self.op.inputs, values):
            env[nm] = np.asarray(v).astype(NP_DTYPE[dt])
        with np.errstate(all="ignore"):
            try:
                return np.asarray(eval(code, {"__builtins__": {}}, env))
            except (AttributeError, NameError, TypeError, ValueError) as e:
                die("%s: NumPy cannot evaluate it: %s" % (self.where, e))

    def hp(self, values, shape):
        """The expression at every element with 40-digit numbers; None where that fails (division by zero,
        a complex result): NumPy's value is taken there."""
        ins = [np.broadcast_to(np.asarray(v), shape) for dt, v in values]
        out = np.empty(shape, dtype=object)
        for idx in np.ndindex(*shape):
            env = {"np": HPNumpy, "erf": mpmath.erf}
            env.update((k, mpmath.mpf(v) if isinstance(v, float) else v) for k, v in self.attrs.items())
            for (nm, arg), (dt, _), a in zip(self.op.inputs, values, ins):
                env[nm] = bool(a[idx]) if dt == "b8" else mpmath.mpf(float(a[idx]) if dt in FLOATS else int(a[idx]))
            try:
                v = eval(self.code, {"__builtins__": {}}, env)
            except (ZeroDivisionError, ValueError, OverflowError):
                v = None
            except AttributeError as e:
                die("%s: make_golden.py has no 40-digit version of it (%s): add the function to HPNumpy" % (self.where, e))
            if isinstance(v, (int, float)) and not isinstance(v, bool):
                v = mpmath.mpf(v)                 # np.maximum(a, 0) may give the 0
            out[idx] = v if isinstance(v, mpmath.mpf) and mpmath.isfinite(v) else None
        return out

    def expected(self, values, odt, label):
        ref = self.numpy(self.code, values)
        shape = np.broadcast_shapes(*[np.shape(v) for _, v in values])
        ref = np.broadcast_to(ref, shape)
        if odt not in FLOATS:
            if ref.dtype.kind == "f" and not np.all(ref == np.round(ref)):
                die("%s: %s gives non-integer values for %s" % (self.where, label, odt))
            return ref.astype(np.int64) if ref.dtype != np.bool_ else ref
        hp = self.hp(values, shape).reshape(-1)
        missing = np.array([v is None for v in hp]).reshape(shape)
        if np.any(missing & np.isfinite(ref)):
            die("%s: %s: no 40-digit value where NumPy gives a finite one" % (self.where, label))
        wide = np.array([np.nan if v is None else hp_round1("f64", v) for v in hp]).reshape(shape)
        agree("%s, case %s" % (self.where, label), np.where(missing, ref, wide), ref, 1e-9)
        got = np.array([np.nan if v is None else hp_round1(odt, v) for v in hp]).reshape(shape)
        return np.where(missing, ref, got)

    def violations(self, values):
        """Where the inputs are within margin of a kink (or a kink expression is NaN)."""
        shape = np.broadcast_shapes(*[np.shape(v) for _, v in values])
        bad = np.zeros(shape, bool)
        for k in self.kinks:
            v = np.broadcast_to(self.numpy(k, values), shape)
            bad |= ~(np.abs(v) >= self.margin)
        return bad

    def draw(self, rng, name, dt, shape):
        lo, hi = self.keys.get(name) or self.keys.get("dom") or (-2, 2)
        if dt == "b8":
            return B(rng, shape)
        if dt in INTS:
            lo, hi = int(np.ceil(lo)), int(np.floor(hi))
            lo = max(lo, 0) if dt == "u8" else lo
            if lo > hi:
                die("%s: the interval of %s holds no %s values" % (self.where, name, dt))
            return I(rng, shape, lo, hi, dt)
        grid = self.keys.get("grid")
        if grid:
            return cvt(dt, rng.integers(int(np.ceil(lo / grid)), int(np.floor(hi / grid)) + 1, size=shape) * grid)
        return U(rng, dt, shape, lo, hi)


def reduce_to(mask, shape):
    """A mask over a broadcast result reduced to one input's shape: true where any of its uses is."""
    m = np.asarray(mask)
    lead = m.ndim - len(shape)
    m = np.any(m, axis=tuple(range(lead))) if lead else m
    axes = tuple(k for k, d in enumerate(shape) if d == 1 and m.shape[k] != 1)
    return np.any(m, axis=axes, keepdims=True).reshape(shape) if axes else m.reshape(shape)


def ref_case(rng, ref, label, dts, shapes, values=None):
    """One case: the inputs (IN order) of the given dtypes and shapes, drawn from their intervals away from
    the kinks, or the given values (edge cases: checked forward only where they are near a kink)."""
    op = ref.op
    if values is None:
        values = [(dt, ref.draw(rng, nm, dt, sh)) for (nm, _), dt, sh in zip(op.inputs, dts, shapes)]
        for _ in range(1000):
            bad = ref.violations(values) if ref.kinks and any(dt in FLOATS for dt in dts) else None
            if bad is None or not bad.any():
                break
            for k, ((nm, arg), (dt, v)) in enumerate(zip(op.inputs, values)):
                if not arg:
                    redo = reduce_to(bad, np.shape(v))
                    values[k] = (dt, np.where(redo, ref.draw(rng, nm, dt, np.shape(v)), v))
        else:
            die("%s: case %s: cannot draw inputs away from the kinks" % (ref.where, label))
    nograd = bool(ref.kinks) and bool(ref.violations(values).any())
    parent_dts = [dt for (nm, arg), dt in zip(op.inputs, dts) if not arg]
    odt = "b8" if op.dtype in ("CMP", "LOGIC", "TEST") else promote(parent_dts)
    return Case(label, values, (odt, ref.expected(values, odt, label)), ref.attrs, nograd=nograd)


def edge_values(vals, dt):
    """The edge values a dtype holds (integers: the integral ones in range; floats: those that do not
    overflow)."""
    out = []
    for v in vals:
        if dt == "b8":
            ok = v in (0, 1)
        elif dt in INTS:
            lo, hi = (0, 255) if dt == "u8" else (-2 ** 31, 2 ** 31 - 1)
            ok = v == v and abs(v) != float("inf") and v == int(v) and lo <= v <= hi
        else:
            with np.errstate(over="ignore"):
                ok = not (np.isfinite(v) and not np.isfinite(cvt(dt, v)))
        if ok and not any(np.array_equal(np.float64(v), np.float64(w), equal_nan=True) and
                          np.signbit(v) == np.signbit(w) for w in out):
            out.append(v)
    return out


def ref_cases(rng, op):
    ref = Ref(op)
    dtypes = ref.keys.get("dtypes") or REF_DTYPES[op.dtype]
    n = len(op.inputs)
    argdt = lambda dt: ["b8" if arg else dt for _, arg in op.inputs]
    cases = [ref_case(rng, ref, dt, argdt(dt), [(3, 4)] * n) for dt in dtypes]
    if n > 1:
        cases.append(ref_case(rng, ref, "bcast_" + dtypes[0], argdt(dtypes[0]), BCAST_SHAPES[:n]))
        cases.append(ref_case(rng, ref, "scalar_" + dtypes[-1], argdt(dtypes[-1]), [(2, 3)] + [()] * (n - 1)))
    else:
        cases.append(ref_case(rng, ref, "scalar_" + dtypes[-1], argdt(dtypes[-1]), [()]))
    if op.dtype in ("NUM", "CMP") and len(op.parents) >= 2 and "i32" in dtypes and "f32" in dtypes:
        dts, first = [], True
        for _, arg in op.inputs:
            dts.append("b8" if arg else "i32" if first else "f32")
            first = first and arg
        cases.append(ref_case(rng, ref, "promote_i32_f32", dts, [(3, 4)] + [(4,)] * (n - 1)))
    for dt in dtypes:
        vals = edge_values(ref.keys.get("edge", ()), dt)
        if not vals:
            continue
        grid = np.meshgrid(*([np.array(vals, np.float64)] * len(op.parents)), indexing="ij")
        cols = iter(g.reshape(-1) for g in grid)
        size = len(vals) ** len(op.parents)
        values = [("b8", B(rng, (size,))) if arg else (dt, cvt(dt, next(cols))) for _, arg in op.inputs]
        cases.append(ref_case(rng, ref, "edge_" + dt, [v[0] for v in values], None, values))
    return cases


# ------------------------------------------------------------------------------------ case specs
SPECS = {}
# Rows a tensor-in, tensor-out case cannot build: a call needs a function (a body graph) besides its tensors. Their
# suite of tests/unit covers them; golden.txt names it ("suite <op> <suite>") and the runner's table checks accept it.
OWN_SUITE = {"call": "func", "if": "func", "loop": "func", "while_loop": "func", "result": "func"}


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


@spec("add_n")
def _add_n(rng, op):
    a, b, c = U(rng, "f32", (2, 3), -2, 2), U(rng, "f32", (3,), -2, 2), U(rng, "f32", (2, 1), -2, 2)
    d, e, f = (U(rng, "f64", (4,), -2, 2) for _ in range(3))
    g, h, k = I(rng, (2, 2), -5, 5), I(rng, (2, 2), -5, 5), I(rng, (), -5, 5)
    return [Case("bcast", [("f32", a), ("f32", b), ("f32", c)], ("f32", a + b + c)),
            Case("f64", [("f64", d), ("f64", e), ("f64", f)], ("f64", d + e + f)),
            Case("i32", [("i32", g), ("i32", h), ("i32", k)], ("i32", g + h + k))]


# -- reductions
def _count(x, ax):
    return int(np.prod([x.shape[a] for a in ax])) if ax is not None else x.size


def _logsumexp(x, axis, keepdims):
    m = np.max(x, axis=axis, keepdims=True)
    r = m + np.log(np.sum(np.exp(x - m), axis=axis, keepdims=True))
    return r if keepdims else np.squeeze(r, axis=axis)


def _hp_logsumexp(X, axis, keepdims):
    m = np.max(X, axis=axis, keepdims=True)
    r = m + hpmap(mpmath.log, np.sum(hpmap(mpmath.exp, X - m), axis=axis, keepdims=True))
    return r if keepdims else np.squeeze(r, axis=axis)


def _hp_var(X, ax, kd, dd):
    d = X - np.sum(X, axis=ax, keepdims=True) / _count(X, ax)
    return np.sum(d * d, axis=ax, keepdims=kd) / (_count(X, ax) - dd)


# name: (NumPy reference, 40-digit version for float inputs or None when NumPy's is exact)
REDUCE = {
    "sum": (lambda x, ax, kd, dd: np.sum(x, axis=ax, keepdims=kd),
            lambda X, ax, kd, dd: np.sum(X, axis=ax, keepdims=kd)),
    "mean": (lambda x, ax, kd, dd: np.mean(x, axis=ax, keepdims=kd),
             lambda X, ax, kd, dd: np.sum(X, axis=ax, keepdims=kd) / _count(X, ax)),
    "prod": (lambda x, ax, kd, dd: np.prod(x, axis=ax, keepdims=kd),
             lambda X, ax, kd, dd: np.prod(X, axis=ax, keepdims=kd)),
    "max": (lambda x, ax, kd, dd: np.max(x, axis=ax, keepdims=kd), None),
    "min": (lambda x, ax, kd, dd: np.min(x, axis=ax, keepdims=kd), None),
    "var": (lambda x, ax, kd, dd: np.var(x, axis=ax, keepdims=kd, ddof=dd), _hp_var),
    "logsumexp": (lambda x, ax, kd, dd: _logsumexp(x, ax, kd), lambda X, ax, kd, dd: _hp_logsumexp(X, ax, kd)),
    "all": (lambda x, ax, kd, dd: np.all(x != 0, axis=ax, keepdims=kd), None),
    "any": (lambda x, ax, kd, dd: np.any(x != 0, axis=ax, keepdims=kd), None),
}


def _reduce_ref(nm, dt, v, ax, kd, dd):
    fn, hp = REDUCE[nm]
    ref = fn(v, ax, kd, dd)
    if hp is None or dt not in FLOATS:
        return ref
    X = hp(H(v), ax, kd, dd)
    agree("%s %s" % (nm, dt), R("f64", X), ref)
    return R(dt, X)


@spec(*REDUCE)
def _reduce(rng, op):
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
        cases.append(Case(label, [(dt, v)], (odt, _reduce_ref(nm, dt, v, ax, bool(keep), ddof)), attrs,
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


def hp_ref(dt, X, check):
    """X (40 digits) rounded to dt, after checking it against the float64 value check."""
    agree("float64 cross-check", R("f64", X), check, 1e-9)
    return R(dt, X)


def per_matrix(x, fn):
    """fn applied, in 40-digit mpmath, to each matrix of the last two axes of x."""
    x = np.asarray(x, np.float64)
    outs = []
    for idx in np.ndindex(*x.shape[:-2]):
        r = fn(mpmath.matrix(x[idx].tolist()))
        outs.append(np.array(r.tolist(), dtype=object) if isinstance(r, mpmath.matrix) else r)
    return np.array(outs, dtype=object).reshape(x.shape[:-2] + np.shape(outs[0]))


@spec("matmul")
def _matmul(rng, op):
    a, b = N(rng, "f32", (3, 4)), N(rng, "f32", (4, 2))
    c, d = N(rng, "f32", (2, 1, 3, 4)), N(rng, "f32", (3, 4, 5))
    e, f = N(rng, "f64", (2, 2, 3)), N(rng, "f64", (2, 3, 2))
    g, h = I(rng, (2, 3), -5, 5), I(rng, (3, 2), -5, 5)
    mm = lambda dt, x, y: hp_ref(dt, np.matmul(H(x), H(y)), np.matmul(x, y))
    return [Case("plain", [("f32", a), ("f32", b)], ("f32", mm("f32", a, b))),
            Case("batch_bcast", [("f32", c), ("f32", d)], ("f32", mm("f32", c, d))),
            Case("batch_f64", [("f64", e), ("f64", f)], ("f64", mm("f64", e, f))),
            Case("i32", [("i32", g), ("i32", h)], ("i32", g @ h))]


@spec("dot")
def _dot(rng, op):
    a, b = N(rng, "f32", (5,)), N(rng, "f32", (5,))
    c, d = N(rng, "f64", (7,)), N(rng, "f64", (7,))
    g, h = I(rng, (4,), -5, 5), I(rng, (4,), -5, 5)
    dot = lambda dt, x, y: hp_ref(dt, np.dot(H(x), H(y)), np.dot(x, y))
    return [Case("f32", [("f32", a), ("f32", b)], ("f32", dot("f32", a, b))),
            Case("f64", [("f64", c), ("f64", d)], ("f64", dot("f64", c, d))),
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
    tr = lambda dt, v: hp_ref(dt, np.trace(H(v), axis1=-2, axis2=-1), np.trace(v, axis1=-2, axis2=-1))
    return [Case("f32", [("f32", x)], ("f32", tr("f32", x))), Case("batch_f64", [("f64", y)], ("f64", tr("f64", y))),
            Case("i32", [("i32", k)], ("i32", np.trace(k, axis1=-2, axis2=-1)))]


def well_conditioned(rng, dt, shape, flip_sign=False):
    """Normal entries plus 3 I; flip_sign swaps rows 0 and 1 of the (first) matrix: negative det."""
    n = shape[-1]
    a = rng.normal(size=shape) * 0.7 + 3.0 * np.eye(n)
    if flip_sign:
        m = a if a.ndim == 2 else a[0]
        m[[0, 1], :] = m[[1, 0], :]
    return cvt(dt, a)


def spd(rng, dt, shape):
    """m m^T + n I, symmetric positive definite (the product rounded once, not by BLAS)."""
    n = shape[-1]
    m = rng.normal(size=shape)
    a = R("f64", np.matmul(H(m), np.swapaxes(H(m), -1, -2))) + n * np.eye(n)
    return cvt(dt, 0.5 * (a + np.swapaxes(a, -1, -2)))


@spec("inverse")
def _inverse(rng, op):
    x = well_conditioned(rng, "f32", (3, 3))
    y = well_conditioned(rng, "f64", (2, 4, 4))
    inv = lambda dt, v: hp_ref(dt, per_matrix(v, mpmath.inverse), np.linalg.inv(v))
    return [Case("f32", [("f32", x)], ("f32", inv("f32", x)), tol=LINALG_TOL32),
            Case("batch_f64", [("f64", y)], ("f64", inv("f64", y)))]


@spec("det", "logdet")
def _det(rng, op):
    if op.lname == "det":
        f, hp = np.linalg.det, mpmath.det
    else:
        f, hp = (lambda v: np.linalg.slogdet(v)[1]), (lambda m: mpmath.log(abs(mpmath.det(m))))
    x = well_conditioned(rng, "f32", (3, 3))
    y = well_conditioned(rng, "f64", (2, 3, 3), flip_sign=True)      # first det negative
    z = well_conditioned(rng, "f64", (2, 2), flip_sign=True)
    assert np.linalg.det(y[0]) < 0 < np.linalg.det(y[1]) and np.linalg.det(z) < 0
    d = lambda dt, v: hp_ref(dt, per_matrix(v, hp), f(v))
    return [Case("f32", [("f32", x)], ("f32", d("f32", x)), tol=LINALG_TOL32),
            Case("batch_negdet_f64", [("f64", y)], ("f64", d("f64", y))),
            Case("negdet_2x2_f64", [("f64", z)], ("f64", d("f64", z)))]


@spec("cholesky")
def _cholesky(rng, op):
    x = spd(rng, "f32", (3, 3))
    y = spd(rng, "f64", (4, 4))
    z = spd(rng, "f64", (2, 3, 3))
    ch = lambda dt, v: hp_ref(dt, per_matrix(v, mpmath.cholesky), np.linalg.cholesky(v))
    return [Case("f32", [("f32", x)], ("f32", ch("f32", x)), tol=LINALG_TOL32),
            Case("f64", [("f64", y)], ("f64", ch("f64", y))),
            Case("batch_f64", [("f64", z)], ("f64", ch("f64", z)))]


def _hp_solve(t, b):
    """t^-1 b in 40 digits, column by column."""
    T = mpmath.matrix(np.asarray(t, np.float64).tolist())
    cols = [mpmath.lu_solve(T, mpmath.matrix(np.asarray(b, np.float64)[:, j].tolist())) for j in range(b.shape[1])]
    return np.array([[cols[j][i] for j in range(b.shape[1])] for i in range(b.shape[0])], dtype=object)


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
        t = t.T if trans else t
        x = hp_ref(dt, _hp_solve(t, b), np.linalg.solve(t, b))
        cases.append(Case(label, [(dt, a), (dt, b)], (dt, x), {"lower": lower, "trans": trans},
                          tol=LINALG_TOL32 if dt == "f32" else None))
    return cases


# -- neural network
def _hp_log_softmax(X, axis):
    Z = X - np.max(X, axis=axis, keepdims=True)
    return Z - hpmap(mpmath.log, np.sum(hpmap(mpmath.exp, Z), axis=axis, keepdims=True))


@spec("softmax", "log_softmax")
def _softmax(rng, op):
    import torch
    soft = op.lname == "softmax"
    f = torch.softmax if soft else torch.log_softmax

    def ref(dt, v, axis):
        L = _hp_log_softmax(H(v), axis)
        return hp_ref(dt, hpmap(mpmath.exp, L) if soft else L, tn(f(tt(v), axis)))
    x = N(rng, "f32", (3, 4), 2.0)
    y = N(rng, "f32", (2, 3, 4), 2.0)
    z = N(rng, "f64", (4, 2), 2.0)
    w = cvt("f32", [[1000.0, 1001.0, 999.0], [-50.0, 0.0, 50.0]])    # needs the max shift
    return [Case("last", [("f32", x)], ("f32", ref("f32", x, -1)), {"axis": -1}),
            Case("middle", [("f32", y)], ("f32", ref("f32", y, 1)), {"axis": 1}),
            Case("axis0_f64", [("f64", z)], ("f64", ref("f64", z, 0)), {"axis": 0}),
            Case("large", [("f32", w)], ("f32", ref("f32", w, 1)), {"axis": 1})]


def _log_softmax_last(x):
    import torch
    return tn(torch.log_softmax(tt(x), -1))


@spec("xent_logits")
def _xent(rng, op):
    x = N(rng, "f32", (4, 5), 2.0)
    lx = cvt("i32", [0, 4, 2, 2])
    y = N(rng, "f64", (3, 3), 2.0)
    ly = cvt("i32", [2, 1, 0])

    def pick(dt, v, lab):
        rows = np.arange(len(lab))
        return hp_ref(dt, -_hp_log_softmax(H(v), -1)[rows, lab], -_log_softmax_last(v)[rows, lab])
    return [Case("f32", [("f32", x), ("i32", lx)], ("f32", pick("f32", x, lx))),
            Case("f64", [("f64", y), ("i32", ly)], ("f64", pick("f64", y, ly)))]


@spec("xent_logits_prob")
def _xent_prob(rng, op):
    cases = []
    for label, dt, shape in [("f32", "f32", (3, 4)), ("f64", "f64", (2, 5))]:
        x = N(rng, dt, shape, 2.0)
        p = rng.uniform(0.05, 1.0, size=shape)
        p = cvt(dt, p / p.sum(axis=-1, keepdims=True))
        y = hp_ref(dt, -np.sum(H(p) * _hp_log_softmax(H(x), -1), axis=-1),
                   -np.sum(p * _log_softmax_last(x), axis=-1))
        cases.append(Case(label, [(dt, x), (dt, p)], (dt, y)))
    return cases


@spec("mse")
def _mse(rng, op):
    a, b = N(rng, "f32", (3, 4)), N(rng, "f32", (3, 4))
    c, d = N(rng, "f64", (5,)), N(rng, "f64", (5,))
    mse = lambda dt, u, v: hp_ref(dt, np.sum((H(u) - H(v)) ** 2) / u.size, np.mean((u - v) ** 2))
    return [Case("f32", [("f32", a), ("f32", b)], ("f32", mse("f32", a, b))),
            Case("f64", [("f64", c), ("f64", d)], ("f64", mse("f64", c, d)))]


# (label, dtype, x shape, w shape, stride, padding, dilation, groups)
CONV = [("plain", "f32", (1, 2, 5, 5), (3, 2, 3, 3), [1, 1], [0, 0], [1, 1], 1),
        ("stride2_pad1", "f32", (2, 2, 6, 6), (2, 2, 3, 3), [2, 2], [1, 1], [1, 1], 1),
        ("dil2_groups2_f64", "f64", (1, 4, 7, 6), (4, 2, 2, 3), [1, 1], [1, 0], [2, 2], 2),
        ("mixed", "f32", (1, 2, 5, 5), (4, 1, 3, 2), [2, 1], [0, 1], [1, 2], 2)]
CONV_TOL32 = (2e-5, 2e-5)


def _conv_terms(xs, ws, st, pa, di, gr):
    """The output shape of conv2d and every product in it, as (y index, x index, w index): y, dL/dx and
    dL/dw are sums over these (positions in the zero padding contribute nothing)."""
    n_, c_, h_, w_ = xs
    k_, cg, kh, kw = ws
    oh = (h_ + 2 * pa[0] - di[0] * (kh - 1) - 1) // st[0] + 1
    ow = (w_ + 2 * pa[1] - di[1] * (kw - 1) - 1) // st[1] + 1
    terms = []
    for n, k, i, j, c, a, b in np.ndindex(n_, k_, oh, ow, cg, kh, kw):
        h, w = i * st[0] - pa[0] + a * di[0], j * st[1] - pa[1] + b * di[1]
        if 0 <= h < h_ and 0 <= w < w_:
            terms.append(((n, k, i, j), (n, k // (k_ // gr) * cg + c, h, w), (k, c, a, b)))
    return (n_, k_, oh, ow), terms


def _hp_sums(shape, pairs):
    """An object array of the given shape: the sum of u * v over (index, u, v) in pairs."""
    out = np.empty(shape, dtype=object)
    for idx in np.ndindex(*shape):
        out[idx] = mpmath.mpf(0)
    for idx, u, v in pairs:
        out[idx] += u * v
    return out


def _conv_parts(rng, cfg):
    """x, w, y = conv2d(x, w), gy, dx = dL/dx, dw = dL/dw for L = sum(y * gy) in 40 digits, checked against
    torch's conv2d and autograd."""
    import torch.nn.functional as F
    label, dt, xs, ws, st, pa, di, gr = cfg
    x, w = N(rng, dt, xs), N(rng, dt, ws, 0.5)
    ys, terms = _conv_terms(xs, ws, st, pa, di, gr)
    gy = N(rng, dt, ys)
    X, W, G = H(x), H(w), H(gy)
    y = _hp_sums(ys, ((t[0], X[t[1]], W[t[2]]) for t in terms))
    dx = _hp_sums(xs, ((t[1], G[t[0]], W[t[2]]) for t in terms))
    dw = _hp_sums(ws, ((t[2], G[t[0]], X[t[1]]) for t in terms))
    tx, tw = tt(x).requires_grad_(True), tt(w).requires_grad_(True)
    ty = F.conv2d(tx, tw, None, st, pa, di, gr)
    (ty * tt(gy)).sum().backward()
    y, dx, dw = hp_ref(dt, y, tn(ty)), hp_ref(dt, dx, tn(tx.grad)), hp_ref(dt, dw, tn(tw.grad))
    attrs = {"stride": st, "padding": pa, "dilation": di, "groups": gr}
    return label, dt, x, w, y, gy, dx, dw, attrs


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


def _pool_windows(xs, k, s, p):
    """The output shape of a pool and, per output element, the input positions of its window that are
    not padding, in row-major order."""
    n_, c_, h_, w_ = xs
    oh, ow = (h_ + 2 * p[0] - k[0]) // s[0] + 1, (w_ + 2 * p[1] - k[1]) // s[1] + 1
    wins = {}
    for n, c, i, j in np.ndindex(n_, c_, oh, ow):
        wins[(n, c, i, j)] = [(n, c, i * s[0] - p[0] + a, j * s[1] - p[1] + b) for a, b in np.ndindex(k[0], k[1])
                              if 0 <= i * s[0] - p[0] + a < h_ and 0 <= j * s[1] - p[1] + b < w_]
    return (n_, c_, oh, ow), wins


def _pool_parts(rng, cfg, kind, incl=True):
    """x, y = pool(x), gy, dx = dL/dx for L = sum(y * gy): max pools pick the first maximum of each window
    (padding is -inf), average pools divide by kh * kw (incl, count_include_pad) or by the positions inside
    the input; sums in 40 digits, checked against torch."""
    import torch.nn.functional as F
    label, dt, xs, k, s, p = cfg
    x = distinct(rng, dt, xs, -4, 4)
    ys, wins = _pool_windows(xs, k, s, p)
    gy = N(rng, dt, ys)
    X, G = H(x), H(gy)
    if kind == "max":
        first = dict((o, max(win, key=lambda q: (x[q], -win.index(q)))) for o, win in wins.items())
        y = np.empty(ys, dtype=object)
        for o, q in first.items():
            y[o] = X[q]
        dx = _hp_sums(xs, ((q, G[o], 1) for o, q in first.items()))
    else:
        area = lambda win: k[0] * k[1] if incl else len(win)
        y = _hp_sums(ys, ((o, X[q], mpmath.mpf(1) / area(win)) for o, win in wins.items() for q in win))
        dx = _hp_sums(xs, ((q, G[o], mpmath.mpf(1) / area(win)) for o, win in wins.items() for q in win))
    tx = tt(x).requires_grad_(True)
    if kind == "max":
        ty = F.max_pool2d(tx, k, s, p)
    else:
        ty = F.avg_pool2d(tx, k, s, p, count_include_pad=incl)
    (ty * tt(gy)).sum().backward()
    y, dx = hp_ref(dt, y, tn(ty)), hp_ref(dt, dx, tn(tx.grad))
    attrs = {"kernel": k, "stride": s, "padding": p}
    if kind == "avg":
        attrs["count_include_pad"] = int(incl)
    return label, dt, x, y, gy, dx, attrs


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


# max_pool2d_pick also takes the 2x2 window paths other than the stride-2 one: overlapping, and clipped by padding
POOL_PICK = POOL + [("k2s1_f64", "f64", (1, 2, 5, 5), [2, 2], [1, 1], [0, 0]),
                    ("k2s2p1", "f32", (1, 1, 5, 6), [2, 2], [2, 2], [1, 1])]


@spec("max_pool2d_pick")
def _max_pool_pick(rng, op):
    """v at each window's first maximum of x: the indices torch's max_pool2d returns (x without ties), checked
    against the first maximum of each window found here."""
    import torch
    import torch.nn.functional as F
    cases = []
    for label, dt, xs, k, s, p in POOL_PICK:
        x = distinct(rng, dt, xs, -4, 4)
        v = N(rng, dt, xs)
        ys, wins = _pool_windows(xs, k, s, p)
        _, idx = F.max_pool2d(tt(x), k, s, p, return_indices=True)
        flat = torch.flatten(tt(v), 2)
        y = tn(torch.gather(flat, 2, torch.flatten(idx, 2)).reshape(idx.shape))
        mine = np.empty(ys)
        for o, win in wins.items():
            mine[o] = v[max(win, key=lambda q: (x[q], -win.index(q)))]
        agree("max_pool2d_pick windows", mine, y, 0)
        cases.append(Case(label, [(dt, v), (dt, x)], (dt, y), {"kernel": k, "stride": s, "padding": p}))
    return cases


@spec("avg_pool2d_bwd")
def _avg_pool_bwd(rng, op):
    cases = []
    for cfg, incl in _avg_cfgs():
        label, dt, x, y, gy, dx, attrs = _pool_parts(rng, cfg, "avg", incl)
        attrs["xshape"] = x.shape
        cases.append(Case(label, [(dt, gy)], (dt, dx), attrs))
    return cases


# -- training (tests/unit/train.c checks these against torch.optim and torch.nn; see make_golden_train.py)
@spec("assign")
def _assign(rng, op):
    # the runner builds input 0 as a variable; the node's value is the new value
    cases = []
    for label, dt, shape in (("f64", "f64", (2, 3)), ("f32_scalar", "f32", ())):
        var, value = N(rng, dt, shape), N(rng, dt, shape)
        cases.append(Case(label, [(dt, var), (dt, value)], (dt, value)))
    return cases


@spec("train_eval")
def _train_eval(rng, op):
    # a plan compiled without GIR_COMPILE_EVAL computes the training value
    cases = []
    for label, dt, shape in (("f32", "f32", (3, 2)), ("f64", "f64", (4,))):
        train, ev = N(rng, dt, shape), N(rng, dt, shape)
        cases.append(Case(label, [(dt, train), (dt, ev)], (dt, train)))
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


def golden_text(ops):
    chunks = ["# golden.txt - expected results for every gir op, written by tests/oracles/make_golden.py from\n"
              "# ops.def (table order). Do not edit: change the script or the REF column and run it again.\n"]
    ncases = 0
    for op in ops:
        if op.lname in OWN_SUITE:
            chunks.append("\n# %s\nsuite %s %s\n" % (op.lname, op.lname, OWN_SUITE[op.lname]))
            continue
        rng = np.random.default_rng(zlib.crc32(op.lname.encode()))
        cases = ref_cases(rng, op) if op.ref is not None else SPECS[op.lname](rng, op)
        if not cases:
            die("op %s: the spec made no cases" % op.lname)
        labels = [c.label for c in cases]
        if len(set(labels)) != len(labels):
            die("op %s: duplicate case labels" % op.lname)
        chunks.append("\n# %s\n" % op.lname)
        for c in cases:
            chunks.append(case_text(op, c))
            ncases += 1
    return "".join(chunks), ncases


def first_difference(old, new):
    """The case (op and label) of the first line where two golden texts differ."""
    a, b = old.split("\n"), new.split("\n")
    k = next((i for i in range(min(len(a), len(b))) if a[i] != b[i]), min(len(a), len(b)))
    case = next((l for l in reversed(b[:k + 1]) if l.startswith("case ")), "(header)")
    return k + 1, case


def main(argv):
    check = argv[1:2] == ["--check"]
    if argv[1:] and not check or len(argv) > 3:
        sys.stderr.write("usage: make_golden.py [--check [FILE]]\n")
        return 2
    try:
        import torch
    except ImportError as e:
        sys.stderr.write("make_golden.py: %s: needs python3-numpy, python3-torch and python3-mpmath\n" % e)
        return 77
    torch.set_num_threads(1)
    mpmath.mp.dps = HP_DIGITS
    ops = parse_ops(OPS_DEF)
    bad = [op for op in ops if (op.ref is None) == (op.lname not in SPECS) and op.lname not in OWN_SUITE]
    for op in bad:
        sys.stderr.write("make_golden.py: error: op %s (ops.def line %d) has %s\n" % (
            op.lname, op.line, "a REF(...) in ops.def and a case spec in tests/oracles/make_golden.py: keep one"
            if op.ref is not None else "neither a REF(...) in ops.def nor a case spec in tests/oracles/make_golden.py"))
    if bad:
        return 1
    stale = sorted((set(SPECS) | set(OWN_SUITE)) - {op.lname for op in ops})
    if stale:
        die("case spec(s) for op(s) not in ops.def: %s" % ", ".join(stale))
    text, ncases = golden_text(ops)
    if check:
        path = argv[2] if len(argv) > 2 else OUT
        shown = argv[2] if len(argv) > 2 else os.path.relpath(OUT, os.path.dirname(HERE))
        try:
            with open(path, encoding="utf-8", newline="") as f:
                old = f.read()
        except OSError as e:
            die("cannot read %s: %s" % (path, e.strerror))
        if old != text:
            line, case = first_difference(old, text)
            sys.stderr.write("make_golden.py: %s differs from a fresh generation from line %d (%s)\n"
                             "...... Fix: /usr/bin/python3 tests/oracles/make_golden.py (make golden)\n"
                             % (shown, line, case))
            return 1
        print("make_golden.py: %s is what make_golden.py makes (%d cases)" % (shown, ncases))
        return 0
    with open(OUT, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)
    print("make_golden.py: %d cases, %d/%d ops covered, %s: %d bytes"
          % (ncases, len(ops), len(ops), os.path.relpath(OUT, os.path.dirname(HERE)), len(text.encode())))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
