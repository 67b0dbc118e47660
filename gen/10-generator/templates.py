"""templates.py - the C templates of gen/ (*.tmpl.c) made into their instances in gir.h: the kernel templates once
per float dtype, the vector templates once per instruction set and float dtype. Both kinds are written in one
dialect, read here alone. Python 3 standard library only.

The dialect. Per float dtype (every template):
    GIR_T                 the element type: float, double
    GIR_SFX               the dtype's suffix (f32, f64), also inside a name: gir__la_lu_GIR_SFX
    GIR_PICK(a, b)        a in the f32 instance, b in the f64 one (a constant written for each precision)
    /*@f32*/ ... /*@f64*/ ... /*@end*/    lines of one dtype's instance only, each marker a line of its own
Per instruction set as well (vector templates only; written against the vocabulary of gen/40-vector/simd_<isa>.c):
    GIR_V_name            gir__<isa>_name_<sfx>, a function of the vocabulary or of the template itself
    GIR_VEC, GIR_MASK     the vector and mask types; GIR_LANES the elements a vector; GIR_FN the specifiers
    v = GIR_POLY(u, c0, ..., cn);          Horner's scheme for c0 + c1 u + ... + cn u^n, one line a step
A marker left over after instantiation (a vector marker in a kernel template) is an error.
"""
# How gir.h's code is made for each dtype and instruction set (ISA), and where:
#   1. Templates in the dialect above, instantiated here: the kernel templates (TEMPLATES in gen/gir_gen.py:
#      gen/30-base/scalar_vocab.tmpl.c, gen/70-kernels/kern_linalg.tmpl.c, kern_nn.tmpl.c) per float dtype, each
#      at its marker (TEMPLATE_MARKERS, else @@TEMPLATES@@); the vector templates (VMATH_TEMPLATE,
#      VREDUCE_TEMPLATE) per ISA of SIMD_ISAS and float dtype. (These were two dialects, plain GIR_T/GIR_SFX
#      replacement and the vector markers, read by two functions; they are one since the generator's split.)
#   2. The C preprocessor, at compile time: X-macros that paste a dtype's type and suffix (and the intrinsics'
#      suffix) into names. The vector vocabulary of each ISA (GIR__AVX512_VOCAB(T, S, V, M, P, LANES), _IVOCAB and
#      _BYTES in gen/40-vector/simd_avx512.c, and their like in simd_avx2.c, simd_neon.c, simd_mve.c); the GEMM and GEMV
#      micro-kernels per ISA and dtype (GIR__UK_DEF(isa, target, T, S, P, rows), GIR__DOT_DEF, GIR__PACK_AVX512
#      in gen/70-kernels/gemm.c and gemv.c, with register blocks unrolled by GIR__ROWS_n / GIR__COLS_n).
#   3. Python writing C for each row of ops.def: scalar_lower.py (per dtype), simd_lower.py (per ISA and dtype:
#      emit_simd_kernel), reduce_lower.py (per dtype).
# One style, proposed: what is written by hand once for several dtypes or ISAs is a template of this dialect
# (its instances are plain C in gir.h, so a compiler message or a debugger points at a line of real code, not at
# one line of a macro's expansion); Python writes C only for what the rows of ops.def decide (3 is generation
# from the table, not a template, and stays); the preprocessor keeps what must stay a macro in gir.h (the
# user's GIR_* overrides, the GIR__IF selections). The scalar vocabulary is a kernel template
# (gen/30-base/scalar_vocab.tmpl.c). Left to do, in the C fragments: simd_<isa>.c's vocabularies become one
# vector template per ISA, which needs a marker for the intrinsics' per-dtype suffix (ps/pd, epi32/epi8);
# gemm.c's unrolled micro-kernels need a repeat marker, or stay macros as the one exception.
import re

from gen_common import CTYPE, SFX, GenError, split_top
from simd_lower import SIMD_ISAS, o1_region

VMATH_TEMPLATE = "40-vector/vmath.tmpl.c"     # instantiated per instruction set and float dtype (SIMD_ISAS)
VREDUCE_TEMPLATE = "40-vector/vreduce.tmpl.c" # the same: row and column reductions, softmax, cross-entropy
FLOAT_DTYPES = ["F32", "F64"]
LEFT_OVER = re.compile(r"\bGIR_(?:T|SFX|PICK|POLY|VEC|MASK|LANES|FN|V_[A-Za-z0-9_]+)\b|/\*@(?:f32|f64|end)\*/")


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


def dtype_lines(text, sfx):
    """The text without the lines of the other dtype (and without the /*@...*/ marker lines)."""
    lines, keep = [], True
    for line in text.split("\n"):
        m = re.match(r"^/\*@(f32|f64|end)\*/$", line.strip())
        if m:
            keep = m.group(1) in ("end", sfx)
            continue
        if keep:
            lines.append(line)
    return "\n".join(lines)


def horner(t, name):
    """Each statement '[GIR_VEC ]v = GIR_POLY(u, c0, ..., cn);' as Horner's scheme on the vocabulary's fma."""
    for a, b, args in reversed(call_spans(t, "GIR_POLY")):
        start = t.rfind("\n", 0, a) + 1
        m = re.match(r"^(\s*)((?:GIR_VEC\s+)?)([a-z][a-z0-9_]*)\s*=\s*$", t[start:a])
        u, cs = args[0], [" ".join(c.split()) for c in args[1:]]
        if not m or not re.match(r"^[a-z][a-z0-9_]*$", u) or t[b:b + 1] != ";":
            raise GenError("gen/%s: error: GIR_POLY must be a statement 'v = GIR_POLY(name, c0, ...);'" % name)
        ind, v = m.group(1), m.group(3)
        e = ["%s%s%s = GIR_V_set1(%s);" % (ind, m.group(2), v, cs[-1])]
        e += ["%s%s = GIR_V_fma(%s, %s, GIR_V_set1(%s));" % (ind, v, v, u, c) for c in reversed(cs[:-1])]
        t = t[:start] + "\n".join(e) + t[b + 1:]
    return t


def instance(text, name, dt, isa=None):
    """One instance of the template gen/<name> for float dtype dt and, for a vector template, instruction set isa.
    A vector template's own header comment (on the dialect) stays in gen/; a kernel template's (on its kernels)
    goes with each instance."""
    sfx = SFX[dt]
    t = dtype_lines(text, sfx)
    if isa:
        t = t[t.index("*/") + 2:].lstrip("\n")
    for a, b, args in reversed(call_spans(t, "GIR_PICK")):
        t = t[:a] + args[0 if dt == "F32" else 1] + t[b:]
    if isa:
        t = horner(t, name)
        t = t.replace("GIR_FN", "GIR__%s_FN" % isa.upper()).replace("GIR_VEC", "gir__%s_v%s" % (isa, sfx))
        t = t.replace("GIR_MASK", "gir__%s_m%s" % (isa, sfx))
        t = re.sub(r"\bGIR_V_([a-z0-9]+)", r"gir__%s_\1_%s" % (isa, sfx), t)
        t = re.sub(r"\bGIR_LANES\b", "GIR__LANES_%s_%s" % (isa.upper(), dt), t)
    t = re.sub(r"\bGIR_T\b", CTYPE[dt], t.replace("GIR_SFX", sfx))
    m = LEFT_OVER.search(t)
    if m:
        raise GenError("gen/%s: error: %s is not a marker of a template instantiated per %s" %
                       (name, m.group(0), "instruction set and dtype" if isa else "dtype (the vector markers are "
                        "for the templates of gen/40-vector)"))
    return t


def kernel_instances(text, name):
    """A kernel template once for f32 and once for f64."""
    return "\n".join("/* >>%s (%s) instantiated from gen/%s */\n%s" % (name.split(".")[0], SFX[dt], name,
                                                                      instance(text, name, dt))
                     for dt in FLOAT_DTYPES)


def vector_instances(text, name):
    """A vector template for every instruction set and float dtype it has, each set under its feature macro."""
    out = []
    for isa, have, _, dts, _ in SIMD_ISAS:
        out.append("#if defined(%s)" % have)
        body = []
        for dt in dts:
            body.append("/* >>%s (%s, %s) instantiated from gen/%s */" % (name.split(".")[0], isa, SFX[dt], name))
            body.append(instance(text, name, dt, isa).rstrip("\n"))
        out += o1_region(isa, body)
        out.append("#endif")
    return "\n".join(out)
