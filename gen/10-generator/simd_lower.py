"""simd_lower.py - the vector side of the elementwise rows: the instruction sets (SIMD_ISAS), and each row's FWD
lowered to each instruction set's vocabulary (gen/40-vector/simd_<isa>.c), with their kernel tables and the
run-time choice among them. (The vector templates, vmath and vreduce, are instantiated by templates.py.)
Python 3 standard library only."""

from gen_common import (ARITH, BOOL_OUT, CMP_OPS, CTYPE, DTYPES, SFX, VOCAB, GenError, emit_ew_rows, ew_dtypes,
                        storage, walk)


# (name, feature macro from gen/40-vector/simd.c, attribute a kernel needs, float dtypes with vectors there, integer
# dtypes with vectors there; b8 rows run on the u8 vectors)
SIMD_ISAS = [
    ("avx512", "GIR__HAVE_AVX512", "GIR__TARGET_AVX512 ", ["F32", "F64"], ["U8", "I32"]),
    ("avx2", "GIR__HAVE_AVX2", "GIR__TARGET_AVX2 ", ["F32", "F64"], ["U8", "I32"]),
    ("neon", "GIR__HAVE_NEON", "", ["F32", "F64"], ["U8", "I32"]),
    ("mve", "GIR__HAVE_MVE", "", ["F32"], ["U8", "I32"]),
]
# the instruction sets whose intrinsic code gcc compiles at -O1 when the build asks for more (a region marked
# /*@intrinsics*/, see gen/gir_gen.py and gen/30-base/config.c): the two an x86 build compiles side by side
O1_ISAS = ("avx512", "avx2")


def o1_region(isa, lines):
    """lines inside the -O1 region markers when isa is one of O1_ISAS"""
    return ["/*@intrinsics*/"] + lines + ["/*@intrinsics end*/"] if isa in O1_ISAS else lines


# the inputs gir__ew_tail copies (gen/40-vector/ew_loops.c): a row with more keeps its scalar kernel
TAIL_INPUTS = 4
# the bytes of an element of each compute dtype's C type (CTYPE)
ESIZE = {"B8": 1, "U8": 1, "I32": 4, "F32": 4, "F64": 8}
# the vocabulary's name for a compute dtype's vectors: b8 values are bytes, as u8
VSFX = {"B8": "u8", "U8": "u8", "I32": "i32", "F32": "f32", "F64": "f64"}
# How each function of VOCAB runs in a float vector kernel: on vectors (gen/simd_*.c or gen/40-vector/vmath.tmpl.c; isnan,
# isinf, isfinite and the logic functions give masks), lane by lane through the scalar vocabulary, or not at all
# (the row keeps its scalar kernel).
SIMD_VEC = {"abs", "sign", "sqrt", "exp", "expm1", "log", "log1p", "log2", "tanh", "sigmoid", "erf", "floor",
            "ceil", "round", "max", "min", "select", "isnan", "isinf", "isfinite", "not", "and", "or", "xor"}
SIMD_LANE = {"sin", "cos", "tan", "asin", "acos", "atan", "sinh", "cosh", "pow", "fmod", "mod", "floordiv"}
SIMD_NONE = set()
# The functions with integer (u8, i32) and b8 vector forms. The others (fmod, mod, floordiv: no target has a
# vector integer divide) and the operator / keep the scalar kernel on integers.
SIMD_INT = {"abs", "sign", "max", "min", "select", "not", "and", "or", "xor"}
MASK_FN = {"not": "mnot", "and": "mand", "or": "mor", "xor": "mxor"}


class NoVector(Exception):
    """The expression has no vector form for this dtype: the row keeps its scalar kernel there."""


def simd_check_vocab():
    for fn in sorted(VOCAB):
        if sum(fn in c for c in (SIMD_VEC, SIMD_LANE, SIMD_NONE)) != 1:
            raise GenError("gen/10-generator/simd_lower.py: error: vocabulary function '%s' must be in exactly one of SIMD_VEC, "
                           "SIMD_LANE, SIMD_NONE" % fn)


def simd_ok(op, dt, dts):
    """Does op get a vector kernel for compute dtype dt on an instruction set with vector dtypes dts?"""
    if op.fwd_expr is None or dt not in ew_dtypes(op) or VSFX[dt] not in [SFX[d] for d in dts]:
        return False
    if len(storage(op)) > TAIL_INPUTS:
        return False
    try:
        lower_simd(op, op.fwd_expr, dt, "isa", {})
    except NoVector:
        return False
    return True


def lower_simd(op, e, dt, isa, consts):
    """A FWD expression as vector C over v0, v1, ... (the arguments, b8 conditions, are masks); numbers and
    attributes become hoisted constants. Returns (C text, is it a mask); NoVector when there is no vector form."""
    T, vs = CTYPE[dt], VSFX[dt]
    names = {nm: "v%d" % j for j, nm in enumerate(storage(op))}
    is_int = dt in ("B8", "U8", "I32")

    def vf(name, *args):
        return "gir__%s_%s_%s(%s)" % (isa, name, vs, ", ".join(args))

    def const(text):
        if text not in consts:
            consts[text] = "c%d" % len(consts)
        return consts[text]

    def num(text):
        return const("(%s)%s" % (T, text))

    def go(n, cond=False):                           # (C text, is it a mask)
        k = n[0]
        if k == "num":
            return num(n[1]), False
        if k == "var":
            if n[1] in op.args:                      # a b8 argument: loaded as a mask, used only as a condition
                if not cond:
                    raise NoVector()
                return names[n[1]], True
            if n[1] in names:
                return names[n[1]], False
            if dt in ("U8", "I32"):                  # attributes are doubles, converted as the scalar kernel does
                return const("gir__sat_%s(p[%d])" % (SFX[dt], int(n[1][1:]))), False
            return const("(%s)p[%d]" % (T, int(n[1][1:]))), False
        if k == "neg":
            return (vf("sub", num("0"), val(n[1])) if is_int else vf("neg", val(n[1]))), False
        if k == "bin":
            if is_int and n[1] == "/":
                raise NoVector()
            return vf(ARITH[n[1]], val(n[2]), val(n[3])), False
        if k == "cmp":
            return vf(CMP_OPS[n[1]], val(n[2]), val(n[3])), True
        f, args = n[1], n[2]
        if is_int and f not in SIMD_INT or not is_int and f not in SIMD_VEC and f not in SIMD_LANE:
            raise NoVector()
        if f == "select":
            return vf("select", mask(args[0], True), val(args[1]), val(args[2])), False
        if f in MASK_FN:
            return vf(MASK_FN[f], *[mask(a) for a in args]), True
        if f in SIMD_LANE:
            return vf("map%d" % len(args), "gir__v_%s_%s" % (f, SFX[dt]), *[val(a) for a in args]), False
        if f in ("isinf", "isfinite"):              # |x| == inf, |x| < inf (false for NaN)
            return vf("eq" if f == "isinf" else "lt", vf("abs", val(args[0])), num("HUGE_VAL")), True
        if f == "isnan":
            return vf("isnan", val(args[0])), True
        if is_int and f == "abs" and dt != "I32":   # u8: |x| is x
            return val(args[0]), False
        if is_int and f == "sign":                  # as the scalar vocabulary: -1, 0, 1 (u8: 0, 1)
            x = val(args[0])
            if dt != "I32":
                return vf("min", x, num("1")), False
            neg = vf("select", vf("lt", x, num("0")), num("-1"), num("0"))
            return vf("select", vf("gt", x, num("0")), num("1"), neg), False
        return vf(f, *[val(a) for a in args]), False

    def mask(n, cond=False):
        c, is_mask = go(n, cond)
        return c if is_mask else vf("ne", c, num("0"))

    def val(n):
        c, is_mask = go(n)
        return vf("select", c, num("1"), num("0")) if is_mask else c

    c, is_mask = go(e)
    if op.dtype in BOOL_OUT:                       # a b8 output: a mask, or u8 / b8 values stored as they are
        if not is_mask and dt not in ("B8", "U8"):
            raise NoVector()
        return c, is_mask
    return (vf("select", c, num("1"), num("0")) if is_mask else c), False


def tail_sizes(out_size, in_sizes):
    """gir__ew_tail's sizes argument (gen/40-vector/ew_loops.c): the element sizes of the output and of each
    input, 4 bits each, as a C constant"""
    return "0x%xu" % sum(sz << (4 * j) for j, sz in enumerate([out_size] + in_sizes))


def emit_simd_kernel(op, dt, isa, attr):
    T, sfx, vs = CTYPE[dt], SFX[dt], VSFX[dt]
    V, M, L = "gir__%s_v%s" % (isa, vs), "gir__%s_m%s" % (isa, vs), "GIR__LANES_%s_%s" % (isa.upper(), vs.upper())
    consts = {}
    expr, is_mask = lower_simd(op, op.fwd_expr, dt, isa, consts)
    OT = "uint8_t" if op.dtype in BOOL_OUT else T
    names = storage(op)
    vals = ["v%d" % j for j, nm in enumerate(names) if nm not in op.args]
    masks = ["v%d" % j for j, nm in enumerate(names) if nm in op.args]

    def vf(name, *args):
        return "gir__%s_%s_%s(%s)" % (isa, name, vs, ", ".join(args))
    out = ["%sstatic void gir__k_%s_%s__%s(int64_t n, void *out, const void *const *in," % (attr, op.lname, sfx, isa),
           "                                 const int64_t *st, const double *p) {"]
    out.append("    %s *o = (%s *)out;" % (OT, OT))
    for j, nm in enumerate(names):
        IT = "uint8_t" if nm in op.args else T
        out.append("    const %s *x%d = (const %s *)in[%d];" % (IT, j, IT, j))
    for text, nm in consts.items():
        out.append("    const %s %s = %s;" % (V, nm, vf("set1", text)))
    if vals or not is_mask:
        out.append("    %s %s;" % (V, ", ".join(vals + ([] if is_mask else ["r"]))))
    if masks or is_mask:
        out.append("    %s %s;" % (M, ", ".join(masks + (["r"] if is_mask else []))))
    out.append("    int64_t k;")
    if "p[" not in "".join(consts):
        out.append("    (void)p;")
    out.append("    if (n <= 0) return;")
    for j, nm in enumerate(names):
        if nm in op.args:                          # a broadcast condition: every lane x[0] != 0
            out.append("    v%d = %s;" % (j, vf("ne", vf("set1", "(%s)(x%d[0] != 0)" % (T, j)), vf("set1", "(%s)0" % T))))
        else:
            out.append("    v%d = %s;" % (j, vf("set1", "x%d[0]" % j)))
    out.append("    for (k = 0; k + %s <= n; k += %s) {" % (L, L))
    for j, nm in enumerate(names):
        ld = "loadb" if nm in op.args else "load"
        out.append("        if (st[%d]) v%d = %s;" % (j, j, vf(ld, "x%d + k" % j)))
    out.append("        r = %s;" % expr)
    out.append("        %s;" % vf("storeb" if is_mask else "store", "o + k", "r"))
    out.append("    }")
    sizes = tail_sizes(1 if OT == "uint8_t" else ESIZE[dt], [1 if nm in op.args else ESIZE[dt] for nm in names])
    out.append("    if (k < n) gir__ew_tail(gir__k_%s_%s__%s, k, n, out, in, st, p, %s, %s);"
               % (op.lname, sfx, isa, L, sizes))
    used = set(n[1] for n in walk(op.fwd_expr) if n[0] == "var")
    for j, nm in enumerate(names):            # an input the expression ignores is still loaded: mark it used
        if nm not in used:
            out.append("    (void)v%d;" % j)
    out.append("}")
    return out


def emit_simd_ew(ops):
    """Per instruction set: a vector kernel per elementwise row and compute dtype with a vector form, and their
    table; then the run-time choice among the tables."""
    simd_check_vocab()
    out = []
    for isa, have, attr, fdts, idts in SIMD_ISAS:
        dts = fdts + idts
        out.append("#if defined(%s)" % have)
        out.append("/* generated from ops.def: %s kernels (the rows and dtypes with a vector form; the others stay "
                   "scalar) */" % isa)
        body = []
        for op in ops:
            for dt in DTYPES:
                if simd_ok(op, dt, dts):
                    body += emit_simd_kernel(op, dt, isa, attr)
        out += o1_region(isa, body)
        out += emit_ew_rows(ops, "gir__ew_table_" + isa, lambda op, dt: "gir__k_%s_%s__%s" % (op.lname, SFX[dt], isa)
                            if simd_ok(op, dt, dts) else None)
        out.append("#endif")
    out.append("/* the elementwise kernel of an op and compute dtype on this machine: the best instruction set's, "
               "or the")
    out.append("   scalar loop where that set has none */")
    out.append("static gir__ew_fn gir__ew_pick(int op, int dt) {")
    out.append("    gir__ew_fn fn = 0;")
    out.append("    int r = op > 0 && op < GIR_OP__COUNT ? gir__ew_row[gir__op_row[op]] : 0;")
    out.append("    if (dt <= 0 || dt >= GIR__DTYPE_SLOTS) return 0;")
    out.append("    switch (gir__simd_level()) {")
    for isa, have, _, _, _ in SIMD_ISAS:
        out.append("#if defined(%s)" % have)
        out.append("    case GIR__ISA_%s: fn = gir__ew_table_%s[r][dt - 1]; break;" % (isa.upper(), isa))
        out.append("#endif")
    out.append("    default: break;")
    out.append("    }")
    out.append("    return fn ? fn : gir__ew_rows[r][dt - 1];")
    out.append("}")
    return "\n".join(out)

