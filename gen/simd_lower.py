"""simd_lower.py - the vector side of gen/gir_gen.py: the vector math instances (gen/vmath.tmpl.c per
instruction set and float dtype) and the elementwise rows lowered to each instruction set's vocabulary
(gen/simd_<isa>.c), with their kernel tables and the run-time choice among them. Python 3 standard library
only."""
import re

from gen_common import (ARITH, BOOL_OUT, CMP_OPS, CTYPE, DTYPES, SFX, VMATH_TEMPLATE, VOCAB, GenError,
                        ew_dtypes, split_top, storage, walk)


# (name, feature macro from gen/simd.c, attribute a kernel needs, float dtypes with vectors there)
SIMD_ISAS = [
    ("avx512", "GIR__HAVE_AVX512", "GIR__TARGET_AVX512 ", ["F32", "F64"]),
    ("avx2", "GIR__HAVE_AVX2", "GIR__TARGET_AVX2 ", ["F32", "F64"]),
    ("neon", "GIR__HAVE_NEON", "", ["F32", "F64"]),
    ("mve", "GIR__HAVE_MVE", "", ["F32"]),
]
# How each float function of VOCAB runs in a vector kernel: on vectors (gen/simd_*.c or gen/vmath.tmpl.c), lane
# by lane through the scalar vocabulary, or not at all (the row keeps its scalar kernel).
SIMD_VEC = {"abs", "sign", "sqrt", "exp", "expm1", "log", "log1p", "log2", "tanh", "sigmoid", "erf", "floor",
            "ceil", "round", "max", "min", "select"}
SIMD_LANE = {"sin", "cos", "tan", "asin", "acos", "atan", "sinh", "cosh", "pow", "fmod", "mod", "floordiv"}
SIMD_NONE = {"isnan", "isinf", "isfinite", "idiv", "imod", "not", "and", "or", "xor"}


def simd_check_vocab():
    for fn in sorted(VOCAB):
        if sum(fn in c for c in (SIMD_VEC, SIMD_LANE, SIMD_NONE)) != 1:
            raise GenError("gen/gir_gen.py: error: vocabulary function '%s' must be in exactly one of SIMD_VEC, "
                           "SIMD_LANE, SIMD_NONE" % fn)


def call_spans(text, name):
    """(start, end, [args]) of each call name(...) in text, outermost first, for balanced parentheses."""
    out, i = [], 0
    while True:
        j = text.find(name + "(", i)
        if j < 0:
            return out
        depth, k = 0, j + len(name)
        while True:
            if text[k] == "(":
                depth += 1
            elif text[k] == ")":
                depth -= 1
                if depth == 0:
                    break
            k += 1
        out.append((j, k + 1, split_top(text[j + len(name) + 1:k])))
        i = k + 1


def vmath_instance(text, isa, dt, fnmacro):
    sfx = SFX[dt]
    lines, keep = [], True
    for line in text.split("\n"):
        m = re.match(r"^/\*@(f32|f64|end)\*/$", line.strip())
        if m:
            keep = m.group(1) in ("end", sfx)
            continue
        if keep:
            lines.append(line)
    t = "\n".join(lines)
    t = t[t.index("*/") + 2:].lstrip("\n")          # the template's own header comment stays in gen/
    for a, b, args in reversed(call_spans(t, "GIR_PICK")):
        t = t[:a] + args[0 if dt == "F32" else 1] + t[b:]
    for a, b, args in reversed(call_spans(t, "GIR_POLY")):      # "[GIR_VEC ]v = GIR_POLY(u, c0, ..., cn);"
        start = t.rfind("\n", 0, a) + 1
        m = re.match(r"^(\s*)((?:GIR_VEC\s+)?)([a-z][a-z0-9_]*)\s*=\s*$", t[start:a])
        u, cs = args[0], [" ".join(c.split()) for c in args[1:]]
        if not m or not re.match(r"^[a-z][a-z0-9_]*$", u) or t[b:b + 1] != ";":
            raise GenError("gen/%s: error: GIR_POLY must be a statement 'v = GIR_POLY(name, c0, ...);'"
                           % VMATH_TEMPLATE)
        ind, v = m.group(1), m.group(3)
        e = ["%s%s%s = GIR_V_set1(%s);" % (ind, m.group(2), v, cs[-1])]
        e += ["%s%s = GIR_V_fma(%s, %s, GIR_V_set1(%s));" % (ind, v, v, u, c) for c in reversed(cs[:-1])]
        t = t[:start] + "\n".join(e) + t[b + 1:]
    t = t.replace("GIR_FN", fnmacro).replace("GIR_VEC", "gir__%s_v%s" % (isa, sfx))
    t = t.replace("GIR_MASK", "gir__%s_m%s" % (isa, sfx))
    t = re.sub(r"\bGIR_V_([a-z0-9]+)", r"gir__%s_\1_%s" % (isa, sfx), t)
    return re.sub(r"\bGIR_T\b", CTYPE[dt], t)


def emit_vmath(text):
    out = []
    for isa, have, _, dts in SIMD_ISAS:
        out.append("#if defined(%s)" % have)
        for dt in dts:
            out.append("/* >>vmath (%s, %s) instantiated from gen/%s */" % (isa, SFX[dt], VMATH_TEMPLATE))
            out.append(vmath_instance(text, isa, dt, "GIR__%s_FN" % isa.upper()).rstrip("\n"))
        out.append("#endif")
    return "\n".join(out)


def simd_ok(op, dt, dts):
    """Does op get a vector kernel for dtype dt on an instruction set with float dtypes dts?"""
    if op.fwd_expr is None or op.dtype in BOOL_OUT or op.args or dt not in dts or dt not in ew_dtypes(op):
        return False
    return all(n[0] != "call" or n[1] in SIMD_VEC or n[1] in SIMD_LANE for n in walk(op.fwd_expr))


def lower_simd(op, e, dt, isa, consts):
    """A FWD expression as vector C over v0, v1, ...; numbers and attributes become hoisted constants."""
    T, sfx = CTYPE[dt], SFX[dt]
    names = {nm: "v%d" % j for j, nm in enumerate(storage(op))}

    def vf(name, *args):
        return "gir__%s_%s_%s(%s)" % (isa, name, sfx, ", ".join(args))

    def const(text):
        if text not in consts:
            consts[text] = "c%d" % len(consts)
        return consts[text]

    def go(n):                                       # (C text, is it a mask)
        k = n[0]
        if k == "num":
            return const("(%s)%s" % (T, n[1])), False
        if k == "var":
            if n[1] in names:
                return names[n[1]], False
            return const("(%s)p[%d]" % (T, int(n[1][1:]))), False
        if k == "neg":
            return vf("neg", val(n[1])), False
        if k == "bin":
            return vf(ARITH[n[1]], val(n[2]), val(n[3])), False
        if k == "cmp":
            return vf(CMP_OPS[n[1]], val(n[2]), val(n[3])), True
        f, args = n[1], n[2]
        if f == "select":
            c, is_mask = go(args[0])
            if not is_mask:
                c = vf("ne", c, const("(%s)0" % T))
            return vf("select", c, val(args[1]), val(args[2])), False
        if f in SIMD_LANE:
            return vf("map%d" % len(args), "gir__v_%s_%s" % (f, sfx), *[val(a) for a in args]), False
        return vf(f, *[val(a) for a in args]), False

    def val(n):
        c, is_mask = go(n)
        return vf("select", c, const("(%s)1" % T), const("(%s)0" % T)) if is_mask else c
    return val(e)


def emit_simd_kernel(op, dt, isa, attr):
    T, sfx = CTYPE[dt], SFX[dt]
    V, L = "gir__%s_v%s" % (isa, sfx), "GIR__LANES_%s_%s" % (isa.upper(), dt)
    consts = {}
    expr = lower_simd(op, op.fwd_expr, dt, isa, consts)
    nin = len(storage(op))
    out = ["%sstatic void gir__k_%s_%s__%s(int64_t n, void *out, const void *const *in," % (attr, op.lname, sfx, isa),
           "                                 const int64_t *st, const double *p) {"]
    out.append("    %s *o = (%s *)out;" % (T, T))
    for j in range(nin):
        out.append("    const %s *x%d = (const %s *)in[%d];" % (T, j, T, j))
    for text, nm in consts.items():
        out.append("    const %s %s = gir__%s_set1_%s(%s);" % (V, nm, isa, sfx, text))
    out.append("    %s %s, r;" % (V, ", ".join("v%d" % j for j in range(nin))))
    out.append("    int64_t k;")
    if "p[" not in "".join(consts):
        out.append("    (void)p;")
    out.append("    if (n <= 0) return;")
    for j in range(nin):
        out.append("    v%d = gir__%s_set1_%s(x%d[0]);" % (j, isa, sfx, j))
    out.append("    for (k = 0; k < n; k += %s) {" % L)
    out.append("        int t = n - k < %s ? (int)(n - k) : %s;" % (L, L))
    for j in range(nin):
        out.append("        if (st[%d]) v%d = t == %s ? gir__%s_load_%s(x%d + k) : gir__%s_loadn_%s(x%d + k, t);"
                   % (j, j, L, isa, sfx, j, isa, sfx, j))
    out.append("        r = %s;" % expr)
    out.append("        if (t == %s) gir__%s_store_%s(o + k, r); else gir__%s_storen_%s(o + k, t, r);"
               % (L, isa, sfx, isa, sfx))
    out.append("    }")
    used = set(n[1] for n in walk(op.fwd_expr) if n[0] == "var")
    for j, nm in enumerate(storage(op)):      # an input the expression ignores is still loaded: mark it used
        if nm not in used:
            out.append("    (void)v%d;" % j)
    out.append("}")
    return out


def emit_simd_ew(ops):
    """Per instruction set: a vector kernel per elementwise row and float dtype, and their table; then the
    run-time choice among the tables."""
    simd_check_vocab()
    out = []
    for isa, have, attr, dts in SIMD_ISAS:
        out.append("#if defined(%s)" % have)
        out.append("/* generated from ops.def: %s kernels (float rows; integer, bool and compare rows stay "
                   "scalar) */" % isa)
        for op in ops:
            for dt in ("F32", "F64"):
                if simd_ok(op, dt, dts):
                    out += emit_simd_kernel(op, dt, isa, attr)
        out.append("static const gir__ew_fn gir__ew_table_%s[GIR_OP__COUNT][GIR__DTYPE_SLOTS] = {" % isa)
        out.append("    {0, 0, 0, 0, 0, 0},")
        for op in ops:
            cells = ["0"] + ["gir__k_%s_%s__%s" % (op.lname, SFX[dt], isa) if simd_ok(op, dt, dts) else "0"
                             for dt in DTYPES]
            out.append("    {%s}, /* %s */" % (", ".join(cells), op.name))
        out.append("};")
        out.append("#endif")
    out.append("/* the elementwise kernel of an op and compute dtype on this machine: the best instruction set's, "
               "or the")
    out.append("   scalar loop where that set has none */")
    out.append("static gir__ew_fn gir__ew_pick(int op, int dt) {")
    out.append("    gir__ew_fn fn = 0;")
    out.append("    switch (gir__simd_level()) {")
    for isa, have, _, _ in SIMD_ISAS:
        out.append("#if defined(%s)" % have)
        out.append("    case GIR__ISA_%s: fn = gir__ew_table_%s[op][dt]; break;" % (isa.upper(), isa))
        out.append("#endif")
    out.append("    default: break;")
    out.append("    }")
    out.append("    return fn ? fn : gir__ew_table[op][dt];")
    out.append("}")
    return "\n".join(out)

