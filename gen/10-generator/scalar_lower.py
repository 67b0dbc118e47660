"""scalar_lower.py - the FWD column of an elementwise row lowered to scalar C: one loop per compute dtype,
gir__k_<op>_<dtype>__scalar, over strided inputs, and the table gir__ew_rows that gir__ew_scalar reads. This is
the path every target has; simd_lower.py lowers the same expressions to the vector vocabulary.
Python 3 standard library only."""
import re

from gen_common import ARITH, BOOL_OUT, CTYPE, SFX, emit_ew_rows, ew_dtypes, expr_str, storage, walk
from simd_lower import SIMD_ISAS, simd_ok

# An x86 build with AVX2 kernels runs the scalar loop of a row and dtype that has an AVX2 (and so an AVX-512) kernel
# only on a CPU without AVX2: such loops are compiled at -O1 there, as cold code (gen/30-base/config.c, GIR__COLD).
X86_DTS = [isa[3] + isa[4] for isa in SIMD_ISAS if isa[0] == "avx2"][0]
X86_COLD = ["#if defined(GIR__COLD) && defined(GIR__HAVE_AVX2)\n#pragma GCC push_options\n"
            "#pragma GCC optimize (\"O1\")\n#endif",
            "#if defined(GIR__COLD) && defined(GIR__HAVE_AVX2)\n#pragma GCC pop_options\n#endif"]


def lower_fwd(op, e, dt):
    """C for expression e of op's FWD in compute dtype dt: inputs are v0, v1... (storage order), f attributes
    p[k]; functions of the vocabulary are the gir__v_<fn>_<dtype> of gen/30-base/config.c."""
    T = CTYPE[dt]
    s = SFX[dt]
    names = {nm: "v%d" % j for j, nm in enumerate(storage(op))}

    def go(n):
        k = n[0]
        if k == "num":
            return "((%s)%s)" % (T, n[1])
        if k == "var":
            if n[1] in names:
                return names[n[1]]
            if dt in ("U8", "I32"):           # attributes are doubles: convert without UB
                return "gir__sat_%s(p[%d])" % (SFX[dt], int(n[1][1:]))
            if dt == "F32":                   # no soft-float double conversion on single-precision FPUs
                return "gir__f32_of_f64(p[%d])" % int(n[1][1:])
            return "((%s)p[%d])" % (T, int(n[1][1:]))
        if k == "neg":
            if dt == "I32":
                return "gir__v_neg_i32(%s)" % go(n[1])
            return "(-%s)" % go(n[1]) if dt in ("F32", "F64") else "((%s)-%s)" % (T, go(n[1]))
        if k == "bin":       # i32 + - * wrap (vocabulary in gen/30-base/config.c); u8 is done in int and narrowed
            if dt in ("F32", "F64"):
                return "(%s %s %s)" % (go(n[2]), n[1], go(n[3]))
            if dt == "I32" and n[1] in "+-*":
                return "gir__v_%s_i32(%s, %s)" % (ARITH[n[1]], go(n[2]), go(n[3]))
            return "((%s)(%s %s %s))" % (T, go(n[2]), n[1], go(n[3]))
        if k == "cmp":
            return "(%s %s %s)" % (go(n[2]), n[1], go(n[3]))
        if k == "call":
            f = n[1]
            args = [go(a) for a in n[2]]
            if f == "select":
                return "(%s ? %s : %s)" % tuple(args)
            return "gir__v_%s_%s(%s)" % (f, s, ", ".join(args))
        raise AssertionError(n)
    return go(e)


def emit_ew_kernels(ops):
    """The scalar loop of every elementwise row for each of its compute dtypes, their table and gir__ew_scalar."""
    out, cold = [], False
    for op in ops:
        if op.fwd_expr is None:
            continue
        out.append("/* generated from ops.def:%d (%s): %s */" % (op.line, op.name, expr_str(op.fwd_expr)))
        for dt in ew_dtypes(op):
            if simd_ok(op, dt, X86_DTS) != cold:
                cold = not cold
                out.append(X86_COLD[0 if cold else 1])
            T = CTYPE[dt]
            OT = "uint8_t" if op.dtype in BOOL_OUT else T
            out.append("static void gir__k_%s_%s__scalar(int64_t n, void *out, const void *const *in, "
                       "const int64_t *st, const double *p) {" % (op.lname, SFX[dt]))
            out.append("    %s *o = (%s *)out;" % (OT, OT))
            for j, nm in enumerate(storage(op)):
                IT = "uint8_t" if nm in op.args else T
                out.append("    const %s *x%d = (const %s *)in[%d];" % (IT, j, IT, j))
            out.append("    int64_t k;")
            uses_p = any(n[0] == "var" and re.match(r"^p\d$", n[1]) for n in walk(op.fwd_expr))
            if not uses_p:
                out.append("    (void)p;")
            out.append("    for (k = 0; k < n; ++k) {")
            used = set(n[1] for n in walk(op.fwd_expr) if n[0] == "var")
            for j, nm in enumerate(storage(op)):
                IT = "uint8_t" if nm in op.args else T
                out.append("        %s v%d = x%d[k * st[%d]];" % (IT, j, j, j))
                if nm not in used:                # an input the expression ignores
                    out.append("        (void)v%d;" % j)
            out.append("        o[k] = (%s)(%s);" % (OT, lower_fwd(op, op.fwd_expr, dt)))
            out.append("    }")
            out.append("}")
    if cold:
        out.append(X86_COLD[1])
    out += emit_ew_rows(ops, "gir__ew_rows", lambda op, dt: "gir__k_%s_%s__scalar" % (op.lname, SFX[dt])
                        if dt in ew_dtypes(op) else None, index=True)
    out += ["/* the scalar loop of an elementwise op for a compute dtype, 0 if it has none (or is left out) */",
            "static gir__ew_fn gir__ew_scalar(int op, int dt) {",
            "    if (op <= 0 || op >= GIR_OP__COUNT || dt <= 0 || dt >= GIR__DTYPE_SLOTS) return 0;",
            "    return gir__ew_rows[gir__ew_row[gir__op_row[op]]][dt - 1];",
            "}"]
    return "\n".join(out)
