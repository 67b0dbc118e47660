#!/usr/bin/env python3
"""gir_gen.py - expands ops.def and the C fragments in gen/ into the single header gir.h.

    python3 gen/gir_gen.py ops.def -o gir.h        write gir.h
    python3 gen/gir_gen.py ops.def --check gir.h   exit 1 (naming the fix) when gir.h is stale
    python3 gen/gir_gen.py ops.def --list          print the op table as the generator reads it
    python3 gen/gir_gen.py ops.def --readme README.md        rewrite the README's op table
    python3 gen/gir_gen.py ops.def --check-readme README.md  exit 1 when that table is stale
    --partial (with any of these): the table is not the whole library (the generator's test tables), so
    do not require the ops the C fragments use; the header it makes will not compile.

Python 3 standard library only. The output depends on nothing but the input files: no time, no
host, no dictionary order, '\n' line endings.
"""
import ast
import hashlib
import os
import re
import sys
import textwrap

VERSION = "0.2.0"
HERE = os.path.dirname(os.path.abspath(__file__))
GEN_VERSION = VERSION

# The generator's own modules sit in gen/10-generator (python -I leaves the script's directory off sys.path);
# they are imported once, so this file run as a script and the helpers share one GenError.
sys.dont_write_bytecode = True
MODULES = os.path.join(HERE, "10-generator")
if MODULES not in sys.path:
    sys.path.insert(0, MODULES)
from gen_common import (ARITH, BOOL_OUT, CMP_OPS, CTYPE, DT_RULES, DTYPES, SFX, VMATH_TEMPLATE,  # noqa: E402
                        VREDUCE_TEMPLATE, VOCAB, GenError, Op, emit_ew_rows, emit_fn_index, err, ew_dtypes,
                        check_text, expr_children, expr_str, split_top, storage, walk)
from simd_lower import emit_simd_ew, emit_vmath  # noqa: E402
from op_select import emit_select, op_dependencies  # noqa: E402
from reduce_lower import emit_red_code, emit_red_table, parse_reduce  # noqa: E402
from rules_lower import emit_rules, parse_rules  # noqa: E402
import expr  # noqa: E402
from expr import ADJ_VARS, attr_count, check_adjoint, check_fwd, check_number, parse_expr  # noqa: E402,F401
from ref_column import parse_ref  # noqa: E402

# Fragments in the order they appear in gir.h, by layer: gen/<nn-layer>/, the layers numbered in pipeline order
# (a layer uses only the layers before it). Templates are instantiated once per float dtype.
LAYERS = [
    ("20-api", ["header.h"]),
    ("30-base", ["config.c", "select.c", "handle.c"]),
    ("40-vector", ["simd.c", "simd_avx512.c", "simd_avx2.c", "simd_neon.c", "simd_mve.c", "vmath.c", "vreduce.c"]),
    ("50-ir", ["graph.c", "shapes.c", "build.c", "names.c", "dataref.c", "compose.c"]),
    ("60-autodiff", ["autodiff.c", "fwdmode.c"]),
    ("70-kernels", ["threads.c", "gemm.c", "gemv.c", "f32.c", "kernels.c"]),
    ("80-plan", ["passes.c", "exec.c", "fuse.c", "plan.c"]),
    ("90-library", ["init.c", "dump.c", "train.c", "io.c", "image.c", "end.c"]),
]
FRAGMENTS = ["%s/%s" % (layer, f) for layer, files in LAYERS for f in files]
DECL_FRAGMENT = FRAGMENTS[0]
IMPL_FRAGMENTS = FRAGMENTS[1:]
TEMPLATES = ["70-kernels/kern_linalg.tmpl.c", "70-kernels/kern_nn.tmpl.c"]
# Fragments whose functions run neither inside a kernel's loop nor on the path from a graph to a plan that
# gir_plan_compile takes for every node (the generic builder, the graph passes, scheduling and planning stay at the
# build's level: bench ad_overhead): shape rules, composed builders, initialisers, adjoints, forward mode, dump,
# save and load. gcc compiles them at -O1 when the build optimises for speed (GIR__COLD in gen/30-base/config.c), which
# takes about half of the compile time of -O2. Other fragments mark such regions with a line /*@cold*/ ...
# /*@cold end*/. A function of a cold region is not inlined into the code around it (gcc does not inline across
# optimisation levels): the small helpers kernels call stay outside.
COLD_FRAGMENTS = ["50-ir/shapes.c", "50-ir/names.c", "50-ir/dataref.c", "50-ir/compose.c", "90-library/init.c",
                  "60-autodiff/autodiff.c", "60-autodiff/fwdmode.c", "90-library/dump.c", "90-library/io.c"]
COLD_BEGIN = "#if defined(GIR__COLD)\n#pragma GCC push_options\n#pragma GCC optimize (\"O1\")\n#endif"
COLD_END = "#if defined(GIR__COLD)\n#pragma GCC pop_options\n#endif"


def cold_regions(fname, text):
    """The fragment with its /*@cold*/ and /*@cold end*/ lines as the pragmas of COLD_BEGIN and COLD_END (or all
    of it in one region, for COLD_FRAGMENTS)."""
    lines, depth = [], 0
    for k, line in enumerate(text.rstrip("\n").split("\n")):
        mark = line.strip()
        if mark in ("/*@cold*/", "/*@cold end*/"):
            depth += 1 if mark == "/*@cold*/" else -1
            if depth not in (0, 1) or fname in COLD_FRAGMENTS:
                raise GenError("gen/%s:%d: error: %s %s" % (fname, k + 1, mark, "in a fragment of COLD_FRAGMENTS"
                               if fname in COLD_FRAGMENTS else "does not pair with the marker before it"))
            lines.append(COLD_BEGIN if depth else COLD_END)
        else:
            lines.append(line)
    if depth:
        raise GenError("gen/%s: error: a /*@cold*/ region without /*@cold end*/" % fname)
    if fname in COLD_FRAGMENTS:
        lines = [COLD_BEGIN] + lines + [COLD_END]
    return "\n".join(lines) + "\n"
GEN_MODULES = ["gir_gen.py", "10-generator/gen_common.py", "10-generator/expr.py", "10-generator/ref_column.py",
               "10-generator/simd_lower.py", "10-generator/op_select.py", "10-generator/reduce_lower.py",
               "10-generator/rules_lower.py"]     # the generator itself
BUILTIN_SHAPES = ["SAME", "BCAST", "REDUCE", "SCALAR", "ATTR_SHAPE"]
FLAGS = ["KINK", "RNG", "COMM", "BLOCK", "LEAF_IN", "LEAF_VAR", "LEAF_CONST", "LEAF_FILL", "WRITES", "EVAL_ID",
         "EVAL_PICK1"]           # bit k of gir__opinfo.flags is FLAGS[k] (GIR__F_<flag> in gen/config.c)
GROUPS = ["CORE", "LOGIC", "MATH", "REDUCE", "SHAPE", "LINALG", "NN", "CONV", "RANDOM"]
ATTR_KINDS = {"f": 3, "i": 5, "l": 3, "shape": 1, "dtype": 1, "seed": 1, "data": 1}
COLUMNS = ["name", "in", "dtype", "shape", "flags", "group", "attrs", "fwd", "adj", "ref", "doc"]

LIBM_EXTRA = ["fabs", "sqrt", "exp", "log"]   # also used by hand-written kernels


# ---------------------------------------------------------------------------------------------- parsing


# a block comment, an unterminated one, a line comment, a string, an unterminated quote, a character literal
# ('"' is no string); re.sub finds them left to right as a scanner would, far faster than one in Python
C_TOKEN = re.compile(r'/\*.*?\*/|/\*|//[^\n]*|"(?:\\.|[^"\\\n])*"|"|\'(?:\\[^\n]|[^\\\'\n])\'', re.S)


def strip_comments(path, text):
    """Blank out /* */ and // comments, keeping newlines so line numbers stay right. A comment or a
    string that does not end is an error (it would swallow the rows after it)."""
    def blank(m):
        s = m.group(0)
        if s == "/*":
            err(path, text.count("\n", 0, m.start()) + 1,
                "unterminated /* comment (it would hide every row after it)")
        if s == '"':
            err(path, text.count("\n", 0, m.start()) + 1, "unterminated string")
        if s.startswith("/*"):
            return re.sub(r"[^\n]", " ", s)
        if s.startswith("//"):
            return " " * len(s)
        if s.startswith('"'):
            return s
        return "'" + " " * (len(s) - 2) + "'"
    return C_TOKEN.sub(blank, text)


def call_args(s, name, path, line):
    m = re.match(r"^%s\s*\((.*)\)$" % name, s, re.S)
    if not m:
        err(path, line, "expected %s(...), got '%s'" % (name, s))
    return m.group(1).strip()


def parse_ops(path, text):
    clean = strip_comments(path, text)
    ops = []
    pos = 0
    for m in re.finditer(r"^[ \t]*GIR_OP\s*\(", clean, re.M):
        start = m.end()
        line = clean.count("\n", 0, m.start()) + 1
        depth, i = 1, start
        while i < len(clean) and depth:
            if clean[i] == "(":
                depth += 1
            elif clean[i] == ")":
                depth -= 1
            elif clean[i] == '"':
                j = clean.find('"', i + 1)
                if j < 0 or "\n" in clean[i:j]:
                    err(path, line, "unterminated string in GIR_OP row")
                i = j
            i += 1
        if depth:
            err(path, line, "unbalanced parentheses in GIR_OP row")
        body = " ".join(clean[start:i - 1].split())
        rest = clean[i:clean.find("\n", i) if clean.find("\n", i) >= 0 else len(clean)]
        if rest.strip():
            err(path, clean.count("\n", 0, i) + 1, "text after the end of a GIR_OP row: '%s' "
                "(one row per line)" % rest.strip())
        pos = i
        if body.startswith("name, in, dtype"):
            continue  # the default X-macro definition
        ops.append(parse_row(path, line, body))
    del pos
    if not ops:
        err(path, 1, "no GIR_OP rows")
    seen = {}
    for op in ops:
        if op.name in seen:
            err(path, op.line, "duplicate op name %s (first at line %d)" % (op.name, seen[op.name]))
        seen[op.name] = op.line
    if len(ops) > 65535:
        err(path, ops[-1].line, "more than 65535 ops: gir_op is stored in 16 bits")
    names = {op.name.lower(): op for op in ops}
    for op in ops:
        check_adjoint(path, op, names)
    return ops


def parse_row(path, line, body):
    cols = split_top(body)
    if len(cols) != len(COLUMNS):
        err(path, line, "a GIR_OP row has %d columns (%s), this one has %d"
            % (len(COLUMNS), ", ".join(COLUMNS), len(cols)))
    op = Op()
    op.line = line
    op.path = path
    op.name = cols[0]
    if not re.match(r"^[A-Z][A-Z0-9_]*$", op.name):
        err(path, line, "op name '%s' must be UPPER_CASE" % op.name)
    op.lname = op.name.lower()
    # inputs
    ins = call_args(cols[1], "IN", path, line)
    op.inputs = []
    op.variadic = False
    for tok in split_top(ins) if ins else []:
        arg = tok.startswith("@")
        var = tok.endswith("...")
        nm = tok.strip("@.").strip()
        if not re.match(r"^[a-z][a-z0-9_]*$", nm):
            err(path, line, "bad input name '%s'" % tok)
        check_c_name(path, line, "input", nm)
        if var and (arg or len(split_top(ins)) != 1):
            err(path, line, "a variadic input must be the op's only input")
        op.variadic = op.variadic or var
        op.inputs.append((nm, arg))
    reserved = {"g", "in", "A", "n"}          # the builder's own names
    seen_names = set()
    for nm, _ in op.inputs:
        if nm in reserved:
            err(path, line, "input name '%s' is taken by the generated builder (avoid %s)"
                % (nm, ", ".join(sorted(reserved))))
        if nm in seen_names:
            err(path, line, "input name '%s' appears twice" % nm)
        seen_names.add(nm)
    op.parents = [nm for nm, a in op.inputs if not a]
    op.args = [nm for nm, a in op.inputs if a]
    # dtype, shape, flags, group
    op.dtype = cols[2]
    if op.dtype not in DT_RULES:
        err(path, line, "unknown dtype rule '%s' (one of %s)" % (op.dtype, ", ".join(DT_RULES)))
    op.shape = cols[3]
    if op.shape not in BUILTIN_SHAPES and not re.match(r"^[a-z][a-z0-9_]*$", op.shape):
        err(path, line, "unknown shape rule '%s'" % op.shape)
    op.flags = [] if cols[4] == "0" else [f.strip() for f in cols[4].split("|")]
    for f in op.flags:
        if f not in FLAGS:
            err(path, line, "unknown flag '%s' (one of %s)" % (f, ", ".join(FLAGS)))
    if "COMM" in op.flags and len(op.parents) != 2:
        err(path, line, "COMM on an op that does not have two parents")
    op.group = cols[5]
    if op.group not in GROUPS:
        err(path, line, "unknown group '%s' (one of %s)" % (op.group, ", ".join(GROUPS)))
    # attributes
    op.attrs = []
    count = {}
    at = call_args(cols[6], "ATTR", path, line)
    for tok in split_top(at) if at else []:
        if ":" not in tok:
            err(path, line, "attribute '%s' must be kind:name" % tok)
        kind, nm = [t.strip() for t in tok.split(":", 1)]
        if not re.match(r"^[a-z][a-z0-9_]*$", nm):
            err(path, line, "attribute name '%s' must be a lower-case C identifier" % nm)
        check_c_name(path, line, "attribute", nm)
        if nm in seen_names or nm in reserved - ({"n"} if not op.variadic else set()):
            err(path, line, "attribute name '%s' repeats an input or attribute name, or is taken by the "
                "generated builder" % nm)
        seen_names.add(nm)
        if kind not in ATTR_KINDS:
            err(path, line, "unknown attribute kind '%s' (one of %s)" % (kind, ", ".join(ATTR_KINDS)))
        k = count.get(kind, 0)
        if k >= ATTR_KINDS[kind]:
            err(path, line, "too many '%s' attributes (at most %d)" % (kind, ATTR_KINDS[kind]))
        count[kind] = k + 1
        op.attrs.append((kind, nm, k))
    if op.dtype == "ATTR" and "dtype" not in count:
        err(path, line, "dtype rule ATTR needs a dtype attribute")
    # forward
    fwd = cols[7]
    op.fwd_expr = None
    op.kernel = None
    op.red = None
    if fwd.startswith("REDUCE"):
        if op.shape != "REDUCE" or len(op.parents) != 1 or op.args or op.variadic:
            err(path, line, "a REDUCE row has one parent and the REDUCE shape rule (axes l0, keepdims i0)")
        op.red = parse_reduce(path, line, op, call_args(fwd, "REDUCE", path, line), parse_expr)
        op.kernel = "reduce"
    elif fwd.startswith("FWD"):
        s = call_args(fwd, "FWD", path, line)
        if not (s.startswith('"') and s.endswith('"')):
            err(path, line, "FWD takes a string")
        op.fwd_expr = parse_expr(s[1:-1], path, line)
        check_fwd(path, line, op, op.fwd_expr)
    elif fwd.startswith("KERNEL"):
        op.kernel = call_args(fwd, "KERNEL", path, line)
        if not re.match(r"^[a-z][a-z0-9_]*$", op.kernel):
            err(path, line, "bad kernel family name '%s'" % op.kernel)
    else:
        err(path, line, "forward must be FWD(\"expr\"), REDUCE(...) or KERNEL(name), got '%s'" % fwd)
    if op.fwd_expr is not None and op.variadic:
        err(path, line, "an elementwise FWD op cannot be variadic")
    if op.fwd_expr is not None and not ew_dtypes(op):
        err(path, line, "FWD '%s' uses functions that exist for none of the dtypes of rule %s"
            % (expr_str(op.fwd_expr), op.dtype))
    # adjoint
    adj = cols[8]
    op.adj = None
    op.adj_fn = None
    op.no_adj = None
    if adj.startswith("NO_ADJ"):
        s = call_args(adj, "NO_ADJ", path, line)
        if not (s.startswith('"') and s.endswith('"') and len(s) > 2):
            err(path, line, "NO_ADJ needs a reason string")
        op.no_adj = check_text(path, line, "the NO_ADJ reason", s[1:-1])
    elif adj.startswith("ADJ_FN"):
        op.adj_fn = call_args(adj, "ADJ_FN", path, line)
    elif adj.startswith("ADJ"):
        terms = split_top(call_args(adj, "ADJ", path, line), ";")
        want = 1 if op.variadic else len(op.parents)
        if len(terms) != want:
            err(path, line, "ADJ has %d term(s) but the op has %d parent(s)" % (len(terms), want))
        op.adj = [parse_expr(t, path, line) for t in terms]
    else:
        err(path, line, "adjoint must be ADJ(...), ADJ_FN(name) or NO_ADJ(\"why\"), got '%s'" % adj)
    if (op.adj is not None or op.adj_fn) and not op.parents:
        err(path, line, "an op without parents cannot have an adjoint: use NO_ADJ")
    op.differentiable = op.adj is not None or op.adj_fn is not None
    parse_ref(path, line, op, cols[9])
    d = call_args(cols[10], "DOC", path, line) if cols[10].startswith("DOC") else ""
    if not re.match(r'^("[^"]*"\s*)+$', d) or not "".join(re.findall(r'"([^"]*)"', d)).strip():
        err(path, line, "%s has no DOC(\"...\"): every row says what the op does, its layouts and "
            "attribute conventions" % op.name)
    # adjacent strings are joined, as in C: a long text can span lines
    op.doc = check_text(path, line, "DOC", "".join(re.findall(r'"([^"]*)"', d)).strip())
    return op


# C89..C23 and C++ (up to C++20) keywords and alternative tokens, the fixed-width and size types the
# generated code names, and the object-like macros of the standard headers gir.h includes: none of them
# can be a builder parameter.
C_RESERVED = set("""
auto break case char const continue default do double else enum extern float for goto if inline int long
register restrict return short signed sizeof static struct switch typedef union unsigned void volatile
while alignas alignof bool constexpr false nullptr static_assert thread_local true typeof typeof_unqual
asm catch class concept consteval constinit const_cast co_await co_return co_yield decltype delete
dynamic_cast explicit export friend mutable namespace new noexcept operator private protected public
reinterpret_cast requires static_cast template this throw try typeid typename using virtual wchar_t
char8_t char16_t char32_t and and_eq bitand bitor compl not not_eq or or_eq xor xor_eq
int8_t uint8_t int16_t uint16_t int32_t uint32_t int64_t uint64_t intptr_t uintptr_t size_t ptrdiff_t
errno complex imaginary math_errhandling noreturn
""".split())


def check_c_name(path, line, what, nm):
    if nm in C_RESERVED:
        err(path, line, "%s name '%s' is a C or C++ keyword or a standard name (the builder could not "
            "compile)" % (what, nm))
    if nm.startswith("gir_"):
        err(path, line, "%s name '%s' starts with 'gir_', which belongs to the library" % (what, nm))


# ---------------------------------------------------------------------------------------------- emitters
def c_ident_param(nm):
    return nm


ATTR_CTYPE = {"f": "double", "i": "int", "l": "gir_ints", "shape": "gir_shape", "dtype": "gir_dtype",
              "seed": "uint64_t", "data": "const void *"}


def builder_params(op):
    ps = ["gir_graph *g"]
    if op.variadic:
        ps += ["int n", "const gir_node *%s" % op.inputs[0][0]]
    else:
        ps += ["gir_node %s" % nm for nm, _ in op.inputs]
    for kind, nm, _ in op.attrs:
        t = ATTR_CTYPE[kind]
        ps.append(t + ("" if t.endswith("*") else " ") + nm)
    return ps


def attr_store(kind, nm, k):
    return {"f": "A.f[%d] = %s;" % (k, nm), "i": "A.i[%d] = (int32_t)%s;" % (k, nm),
            "l": "A.l[%d] = %s;" % (k, nm), "shape": "A.shape = %s;" % nm,
            "dtype": "A.dtype = (int32_t)%s;" % nm, "seed": "A.seed = %s;" % nm,
            "data": "A.data = %s;" % nm}[kind]


def emit_builders(ops):
    out = []
    for op in ops:
        out.append("GIR_API gir_node gir_%s(gir_impl_params) {" .replace("gir_impl_params", ", ".join(builder_params(op))) % op.lname)
        aref = "&A" if op.attrs else "NULL"      # a row without attributes passes none (all zeros)
        if op.attrs:
            out.append("    gir_attr A;")
        if not op.variadic and op.inputs:
            out.append("    gir_node in[%d];" % len(op.inputs))
        if op.attrs:
            out.append("    gir_attr_zero(&A);")
        for j, (nm, _) in enumerate(op.inputs if not op.variadic else []):
            out.append("    in[%d] = %s;" % (j, nm))
        for kind, nm, k in op.attrs:
            out.append("    " + attr_store(kind, nm, k))
        if op.variadic:
            out.append("    return gir_op_build(g, GIR_OP_%s, n, %s, %s);" % (op.name, op.inputs[0][0], aref))
        elif op.inputs:
            out.append("    return gir_op_build(g, GIR_OP_%s, %d, in, %s);" % (op.name, len(op.inputs), aref))
        else:
            out.append("    return gir_op_build(g, GIR_OP_%s, 0, NULL, %s);" % (op.name, aref))
        out.append("}")
    return "\n".join(out)


def emit_protos(ops):
    out = []
    group = None
    for op in ops:
        if op.group != group:
            group = op.group
            out.append("/* %s */" % group.lower())
        out.append("GIR_API gir_node gir_%s(%s);" % (op.lname, ", ".join(builder_params(op))))
    return "\n".join(out)


def emit_enum(ops):
    out = ["typedef enum gir_op {", "    GIR_OP__INVALID = 0,"]
    for op in ops:
        out.append("    GIR_OP_%s," % op.name)
    out.append("    GIR_OP__COUNT")
    out.append("} gir_op;")
    out.append("/* every op as X(NAME, name, GROUP), in table order: GIR_OP_##NAME is its value, gir_##name its")
    out.append("   builder, GIR_GROUP_##GROUP its group (ops.def itself is the X-macro with every column) */")
    out.append("#define GIR_OPS(X) \\")
    out += ["    X(%s, %s, %s)%s" % (op.name, op.lname, op.group, " \\" if k + 1 < len(ops) else "")
            for k, op in enumerate(ops)]
    return "\n".join(out)


def shape_id(op):
    return "GIR__SH_" + (op.shape if op.shape in BUILTIN_SHAPES else "FN")


def emit_opinfo(ops):
    out = ["static gir_status gir__sh_%s(gir__bctx *b);" % nm
           for nm in sorted(set(op.shape for op in ops if op.shape not in BUILTIN_SHAPES))]
    names, first = [], {}
    for op in ops:                       # the inputs' names in builder (IN) order, for messages
        first[op.name] = len(names)
        names += [nm for nm, _ in op.inputs]
    words = sorted(set(names)) or [""]   # each distinct name once; gir__in_names holds indices into them
    out.append("static const char *const gir__in_words[%d] = {%s};" % (len(words), ", ".join('"%s"' % w for w in words)))
    out.append("static const unsigned char gir__in_names[%d] = {%s};"
               % (max(len(names), 1), ", ".join(str(words.index(nm)) for nm in names) or "0"))
    def table(head, cells):             # a C array initialiser, wrapped
        return [head + " {"] + textwrap.wrap(", ".join(cells), 110, initial_indent="    ",
                                             subsequent_indent="    ", break_long_words=False) + ["};"]
    # the table's fingerprint: op numbers, inputs and attributes; a plan image (gen/90-library/image.c) records it, so an
    # image opens only in a gir.h whose ops mean what they meant to its writer
    sig = "\n".join("%s(%s)[%s]" % (op.lname, ",".join(nm for nm, _ in op.inputs),
                                     ",".join("%s:%s:%d" % a for a in op.attrs)) for op in ops)
    out.append("#define GIR__OPS_HASH 0x%08xu" % (int(hashlib.sha256(sig.encode()).hexdigest()[:8], 16)))
    out += table("static const char *const gir__op_names[GIR_OP__COUNT] =",
                 ['"invalid"'] + ['"%s"' % op.lname for op in ops])
    out += table("static const unsigned char gir__op_groups[GIR_OP__COUNT] =",
                 ["0"] + ["GIR_GROUP_" + op.group for op in ops])
    # the rows of the ops this build keeps; gir__op_row[op] is 0 (the "invalid" row) for a left-out op
    out.append("enum { GIR__OPR__INVALID,")
    for op in ops:
        out += ["#if !GIR__WHY_%s" % op.name, "    GIR__OPR_%s," % op.name, "#endif"]
    out.append("    GIR__OPR__COUNT };")
    out += table("static const unsigned char gir__op_row[GIR_OP__COUNT] =",
                 ["0"] + ["GIR__IF(GIR__WHY_%s, GIR__OPR_%s)" % (op.name, op.name) for op in ops])
    out += emit_red_table(ops)
    # flags and reductions in tables of their own: plan images test them without linking gir__ops (shape rules)
    for head, cell in (("static const uint16_t gir__op_flags[GIR__OPR__COUNT]", lambda op: " | ".join(
            "GIR__F_" + f for f in op.flags) or "0"), ("static const unsigned char gir__op_red[GIR__OPR__COUNT]",
            lambda op: "GIR__RED_" + op.name if op.red else "0")):
        out += [head + " = {", "    0,"]
        for op in ops:
            out += ["#if !GIR__WHY_%s" % op.name, "    %s,   /* %s */" % (cell(op), op.lname), "#endif"]
        out.append("};")
    out += ["static const gir__opinfo gir__ops[GIR__OPR__COUNT] = {",
           "    {\"\", \"\", 0, 0, 0u, 0, 0, 0, 0, 0, 0, -1, -1}, /* invalid */"]
    for op in ops:
        attrs = ",".join("%s:%s" % (k, n) for k, n, _ in op.attrs)
        shapefn = "gir__sh_%s" % op.shape if op.shape not in BUILTIN_SHAPES else "0"
        reason = op.no_adj if op.no_adj is not None else ""
        argmask = sum(1 << j for j, (_, a) in enumerate(op.inputs) if a)
        axis_i = next((k for kind, nm, k in op.attrs if kind == "i" and nm == "axis"), -1)
        axes_l = next((k for kind, nm, k in op.attrs if kind == "l" and nm == "axes"), -1)
        out += ["#if !GIR__WHY_%s" % op.name,
                "    {\"%s\", \"%s\", %s, %d, %du, %d, %d, %d, GIR__DT_%s, %s, %d, %d, %d}, /* %s */"
                % (attrs, reason.replace('"', '\\"'), shapefn, first[op.name], argmask, len(op.parents),
                   len(op.args), 1 if op.variadic else 0, op.dtype, shape_id(op),
                   1 if op.differentiable else 0, axis_i, axes_l, op.lname),
                "#endif"]
    out.append("};")
    out.append("/* the row of an op (0 < op < GIR_OP__COUNT): the \"invalid\" row, all zeros, for a left-out op */")
    out.append("static const gir__opinfo *gir__op_info(int op) { return &gir__ops[gir__op_row[op]]; }")
    return "\n".join(out)


# ---- forward expressions -> scalar C
def lower_fwd(op, e, dt):
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
            if f in ("not", "and", "or", "xor", "isnan", "isinf", "isfinite"):
                return "gir__v_%s_%s(%s)" % (f, s, ", ".join(args))
            return "gir__v_%s_%s(%s)" % (f, s, ", ".join(args))
        raise AssertionError(n)
    return go(e)


def emit_ew_kernels(ops):
    out = []
    for op in ops:
        if op.fwd_expr is None:
            continue
        out.append("/* generated from ops.def:%d (%s): %s */" % (op.line, op.name, expr_str(op.fwd_expr)))
        for dt in ew_dtypes(op):
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
    out += emit_ew_rows(ops, "gir__ew_rows", lambda op, dt: "gir__k_%s_%s__scalar" % (op.lname, SFX[dt])
                        if dt in ew_dtypes(op) else None, index=True)
    out += ["/* the scalar loop of an elementwise op for a compute dtype, 0 if it has none (or is left out) */",
            "static gir__ew_fn gir__ew_scalar(int op, int dt) {",
            "    if (op <= 0 || op >= GIR_OP__COUNT || dt <= 0 || dt >= GIR__DTYPE_SLOTS) return 0;",
            "    return gir__ew_rows[gir__ew_row[op]][dt - 1];",
            "}"]
    return "\n".join(out)


def emit_libm_routed():
    """GIR__LIBM_ROUTED when the user routes every libm function gir.h calls: then <math.h> is not included."""
    names = []
    for fn in sorted(set(list(VOCAB) + LIBM_EXTRA)):
        ent = VOCAB.get(fn)
        if ent[2] if ent else fn:
            names += ["GIR_%sF" % fn.upper(), "GIR_%s" % fn.upper()]
    conds = ["defined(%s)" % n for n in names]
    lines = ["#if " + conds[0]]
    for c in conds[1:]:
        lines[-1] += " && \\"
        lines.append("    " + c)
    return "\n".join(lines + ["#  define GIR__LIBM_ROUTED 1", "#endif"])


def emit_vocab():
    out = []
    for fn in sorted(set(list(VOCAB) + LIBM_EXTRA)):
        ent = VOCAB.get(fn)
        libm = ent[2] if ent else fn
        if libm:
            U = fn.upper()
            out.append("#ifndef GIR_%sF" % U)
            out.append("#  define GIR_%sF %sf" % (U, libm))
            out.append("#endif")
            out.append("#ifndef GIR_%s" % U)
            out.append("#  define GIR_%s %s" % (U, libm))
            out.append("#endif")
    for fn in sorted(set(list(VOCAB) + LIBM_EXTRA)):
        ent = VOCAB.get(fn)
        libm = ent[2] if ent else fn
        if libm:
            U = fn.upper()
            out.append("static GIR__INLINE float gir__%s_f32(float x) { return GIR_%sF(x); }" % (fn, U)
                       if (ent is None or ent[0] == 1) else
                       "static GIR__INLINE float gir__%s_f32(float x, float y) { return GIR_%sF(x, y); }" % (fn, U))
            out.append("static GIR__INLINE double gir__%s_f64(double x) { return GIR_%s(x); }" % (fn, U)
                       if (ent is None or ent[0] == 1) else
                       "static GIR__INLINE double gir__%s_f64(double x, double y) { return GIR_%s(x, y); }" % (fn, U))
    return "\n".join(out)


# ---- adjoints -> node-building C
def lower_raw(op, n):
    """An expression of plain numbers and attributes, for non-node parameters (C double/int)."""
    k = n[0]
    if k == "num":
        return n[1]
    if k == "neg":
        return "(-%s)" % lower_raw(op, n[1])
    if k == "bin":
        return "(%s %s %s)" % (lower_raw(op, n[2]), n[1], lower_raw(op, n[3]))
    if k == "var":
        v = n[1]
        if v == "i":
            return "i"
        if v == "s0":
            return "nd->attr->seed"
        if re.match(r"^p\d$", v):
            return "nd->attr->f[%s]" % v[1:]
        if re.match(r"^i\d$", v):
            return "nd->attr->i[%s]" % v[1:]
    raise GenError("%s:%d: error: ADJ of %s: '%s' must be a number or attribute here"
                   % (op.path, op.line, op.name, expr_str(n)))


def is_raw(n):
    return all(m[0] in ("num", "neg", "bin") or (m[0] == "var" and (m[1] in ("i", "s0") or
               re.match(r"^[pi]\d$", m[1]))) for m in walk(n))


def lower_adj(op, e, ops_by_lname, partial=False, stmts=None):
    """C for one ADJ expression. Every node-building call becomes a statement of its own that assigns a temporary
    (t0, t1, ... appended to stmts), made left to right with each call's arguments first: C leaves the order in
    which a call's arguments are evaluated unspecified, so nested builder calls would number the gradient's nodes
    differently on different compilers. Returns the expression that holds the result (a temporary or a leaf:
    g, y, x[k])."""
    if stmts is None:
        stmts = []

    def emit(call):
        t = "t%d" % len(stmts)
        stmts.append("%s = %s;" % (t, call))
        return t

    def node(name, args):
        """A call of the builder of op name: the table must have it (the expression's operators too)."""
        if name not in ops_by_lname and not partial:
            raise GenError("%s:%d: error: ADJ of %s builds %s nodes, but the table has no %s row"
                           % (op.path, op.line, op.name, name, name.upper()))
        return emit("gir_%s(G, %s)" % (name, ", ".join(args)))

    def go(n):
        k = n[0]
        if k == "num":
            return emit("gir__ah_num(G, g, %s)" % n[1])
        if k == "var":
            v = n[1]
            if v in ("g", "y"):
                return v
            if v == "s0":
                raise GenError("%s:%d: error: ADJ of %s: the seed 's0' can only be passed to an op's seed "
                               "parameter" % (op.path, op.line, op.name))
            if v == "i" or re.match(r"^[pi]\d$", v):
                return emit("gir__ah_num(G, g, (double)%s)" % lower_raw(op, n))
            if v[0] == "x":
                return "x[%s]" % v[1:] if not op.variadic else "x[i]"
            if v[0] == "a":
                return "x[%d]" % (len(op.parents) + int(v[1:]))
        if k == "neg":
            if n[1][0] == "num":                  # a negative number is one constant, not neg(constant)
                return emit("gir__ah_num(G, g, -%s)" % n[1][1])
            return node("neg", [go(n[1])])
        if k == "bin":
            return node(ARITH[n[1]], [go(n[2]), go(n[3])])
        if k == "cmp":
            return node(CMP_OPS[n[1]], [go(n[2]), go(n[3])])
        if k == "call":
            f = n[1]
            if f in ops_by_lname:
                t = ops_by_lname[f]
                # the builder's parameters are the target's IN order, then its attributes
                args = [go(a) for a in n[2][:len(t.inputs)]]
                for (kind, nm, _), a in zip(t.attrs, n[2][len(t.inputs):]):
                    if kind in ("f", "i", "seed"):
                        args.append(lower_raw(op, a))
                    else:
                        raise GenError("%s:%d: error: ADJ of %s: attribute '%s' of %s cannot be given "
                                       "in an expression (use a helper)" % (op.path, op.line, op.name, nm, f))
                return emit("gir_%s(G, %s)" % (f, ", ".join(args)))
            args = [lower_raw(op, a) if is_raw(a) else go(a) for a in n[2]]
            return emit("gir__ah_%s(G, nd, x%s)" % (f, "".join(", " + a for a in args)))
        raise AssertionError(n)
    return go(e)


def adj_block(op, term, j, by, partial, indent):
    """The statements that set dx[j] (j: "i" in a variadic op's loop) when need[j]: one builder call each."""
    stmts = []
    c = lower_adj(op, term, by, partial, stmts)
    if op.shape == "BCAST":
        c = "gir__ah_unbroadcast(G, nd, x, %s, x[%s])" % (c, j)
    if not stmts:
        return [indent + "if (need[%s]) dx[%s] = %s;" % (j, j, c)]
    if c == stmts[-1].split(" = ")[0]:      # the last call's result: assign it to dx[j] at once
        c = stmts.pop().split(" = ", 1)[1][:-1]
    out = [indent + "if (need[%s]) {" % j]
    if stmts:
        out.append(indent + "    gir_node %s;" % ", ".join("t%d" % k for k in range(len(stmts))))
        out += [indent + "    " + st for st in stmts]
    out += [indent + "    dx[%s] = %s;" % (j, c), indent + "}"]
    return out


def emit_adjoints(ops, partial=False):
    by = {op.lname: op for op in ops}
    out = []
    for op in ops:
        if not op.adj:
            continue
        out.append("/* generated from ops.def:%d (%s) */" % (op.line, op.name))
        out.append("static void gir__adj_%s(gir_graph *G, const gir__nview *nd, gir_node y, gir_node g, "
                   "const gir_node *x, int n, const uint8_t *need, gir_node *dx) {" % op.lname)
        body = []
        if op.variadic:
            body.append("    int i;")
            body.append("    for (i = 0; i < n; ++i) {")
            body += adj_block(op, op.adj[0], "i", by, partial, "        ")
            body.append("    }")
        else:
            for j, term in enumerate(op.adj):
                body += adj_block(op, term, str(j), by, partial, "    ")
            body.append("    (void)n;")
        text = "\n".join(body)
        for v, used in (("G", re.search(r"\bG\b", text)), ("y", re.search(r"\by\b", text)), ("g", re.search(r"\bg\b", text)),
                        ("nd", re.search(r"\bnd\b", text)), ("x", re.search(r"\bx\b", text))):
            if not used:
                out.append("    (void)%s;" % v)
        out.append(text)
        out.append("}")
    out += emit_fn_index(ops, "gir__adj_fn", "gir__adjs", "ADJ", lambda op: "gir__adj_" + op.lname if op.adj
                         else "gir__adjfn_" + op.adj_fn if op.adj_fn else None)
    out += ["/* the adjoint rule of an op, 0 if it has none (or is left out) */",
            "static gir__adj_fn gir__adj_of(int op) { return gir__adjs[gir__adjs_ix[op]]; }"]
    return "\n".join(out)


def emit_kernel_table(ops):
    out = emit_fn_index(ops, "gir__kernel_fn", "gir__kernels", "KFN", lambda op: "gir__k_eltwise"
                        if op.fwd_expr is not None else "gir__k_" + op.kernel)
    out += ["/* the kernel of an op, 0 if it is left out */",
            "static gir__kernel_fn gir__kernel_of(int op) { return gir__kernels[gir__kernels_ix[op]]; }"]
    return "\n".join(out)


def emit_oplist(ops, width=100):
    """The op list for the header comment and the README."""
    rows = []
    for op in ops:
        ins = ", ".join(("@" if a else "") + nm + ("..." if op.variadic else "") for nm, a in op.inputs)
        at = ", ".join(nm for _, nm, _ in op.attrs)
        fw = ("= " + expr_str(op.fwd_expr)) if op.fwd_expr else "kernel " + op.kernel
        d = "yes" if op.differentiable else "no"
        rows.append((op.lname, "(" + ins + (("; " + at) if at else "") + ")", op.dtype.lower(), d, fw))
    return rows


def oplist_text(ops, prefix="   ", docs=False, width=110):
    """One line per op; with docs, its DOC wrapped below it."""
    rows = emit_oplist(ops)
    w0 = max(len(r[0]) for r in rows)
    w1 = max(len(r[1]) for r in rows)
    out = []
    for op, r in zip(ops, rows):
        line = "%s%-*s %-*s %-6s %-4s %s" % (prefix, w0, r[0], w1, r[1], r[2], r[3], r[4])
        out.append(line.rstrip())
        if docs:
            indent = " " * (len(prefix) + w0 + 1)
            out += textwrap.wrap(op.doc, width, initial_indent=indent, subsequent_indent=indent,
                                 break_on_hyphens=False)
    return out


def readme_ops(ops):
    """The README's op table (between the ops:begin / ops:end markers)."""
    rows = ["| op | inputs; attributes | dtype rule | gradient | forward | what it does |",
            "|---|---|---|---|---|---|"]
    for op in ops:
        ins = ", ".join(("@" if a else "") + nm + ("..." if op.variadic else "") for nm, a in op.inputs)
        at = ", ".join(nm for _, nm, _ in op.attrs)
        fw = ("`" + expr_str(op.fwd_expr) + "`") if op.fwd_expr else "kernel `" + op.kernel + "`"
        gr = "yes" if op.differentiable else "no: " + op.no_adj
        rows.append("| `%s` | %s | %s | %s | %s | %s |" % (op.lname, ins + ("; " + at if at else ""),
                                                         op.dtype.lower(), gr, fw, op.doc.replace("|", "&#124;")))
    n_diff = sum(1 for op in ops if op.differentiable)
    rows.append("")
    rows.append("%d operators, %d differentiable." % (len(ops), n_diff))
    return "\n".join(rows) + "\n"


def splice_readme(text, ops):
    b, e = "<!-- ops:begin (generated from ops.def by gen/gir_gen.py) -->\n", "<!-- ops:end -->"
    i, j = text.find(b), text.find(e)
    if i < 0 or j < i:
        raise GenError("README.md: error: no ops:begin / ops:end markers")
    return text[:i + len(b)] + readme_ops(ops) + text[j:]


def template_instances(text, name):
    out = []
    for dt in ("F32", "F64"):
        t = text.replace("GIR_SFX", SFX[dt]).replace("GIR_T", CTYPE[dt])
        out.append("/* >>%s (%s) instantiated from gen/%s */\n%s" % (name.split(".")[0], SFX[dt], name, t))
    return "\n".join(out)


def read(name):
    try:
        with open(os.path.join(HERE, name), "rb") as f:
            return decode_utf8("gen/" + name, f.read())
    except OSError as e:
        raise GenError("gen/%s: error: cannot read it (%s)" % (name, e.strerror))


def decode_utf8(path, data):
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        err(path, data.count(b"\n", 0, e.start) + 1, "byte 0x%02x is not UTF-8 (the table is UTF-8 text)"
            % data[e.start])


def c_identifiers(path, text, declared=False):
    """The identifiers of C code, comments, strings and the bodies of macros left out (a macro body uses
    names, it does not declare them); declared: the bodies of functions too (the header's forwarding
    functions)."""
    code = re.sub(r'"[^"\n]*"', '""', strip_comments(path, text)).replace("\\\n", " ")
    code = re.sub(r"^([ \t]*#[ \t]*define[ \t]+\w+(?:\([^)\n]*\))?).*$", r"\1", code, flags=re.M)
    if declared:
        out, i = [], 0
        for m in re.finditer(r"\)\s*\{", code):
            if m.start() < i:
                continue
            depth, j = 0, m.end() - 1
            while j < len(code):
                depth += {"{": 1, "}": -1}.get(code[j], 0)
                if depth == 0:
                    break
                j += 1
            out.append(code[i:m.start() + 1])
            i = j + 1
        code = "".join(out) + code[i:]
    return set(re.findall(r"\b[A-Za-z_][A-Za-z0-9_]*\b", code))


def fragment_limit(macro):
    """A limit the C fragments define (#define MACRO n in gen/30-base/config.c): the table must fit it."""
    m = re.search(r"^#define %s (\d+)\b" % macro, read("30-base/config.c"), re.M)
    if not m:
        raise GenError("gen/30-base/config.c: error: no '#define %s <n>'" % macro)
    return int(m.group(1))


def check_needed(ops, public):
    """Every op the hand-written fragments use (a builder gir_<op>() they call, a GIR_OP_<OP> they name) must
    be a row of the table, or the header would not compile."""
    have = set(op.lname for op in ops)
    for f in IMPL_FRAGMENTS + TEMPLATES:
        code = re.sub(r'"[^"\n]*"', '""', strip_comments("gen/" + f, read(f)))
        for m in re.finditer(r"\b(?:gir_([a-z0-9][a-z0-9_]*)\s*\(|GIR_OP_([A-Z0-9][A-Z0-9_]*)\b)", code):
            name = m.group(1) or m.group(2).lower()
            ident = "gir_" + m.group(1) if m.group(1) else "GIR_OP_" + m.group(2)
            if name not in have and ident not in public:
                err("gen/" + f, code.count("\n", 0, m.start()) + 1, "%s needs the op %s, which the table does not "
                    "have (a row renamed or removed?)" % (ident, name.upper()))


def check_fit(path, ops, partial=False):
    """Names the generator would make must not collide with the hand-written code, every row must fit the
    fixed arrays of the C side, and (unless the table is partial, as the generator's test tables are)
    every op the C fragments use must be in the table."""
    public = c_identifiers("gen/" + DECL_FRAGMENT, read(DECL_FRAGMENT), declared=True)
    internal = set()
    for f in IMPL_FRAGMENTS + TEMPLATES:
        internal |= c_identifiers("gen/" + f, read(f))
    internal |= {"gir__adj_of"}            # made by the generator beside the adjoints (emit_adjoints)
    if not partial:
        check_needed(ops, public)
    max_row, max_var = fragment_limit("GIR__MAX_ROW_IN"), fragment_limit("GIR__MAX_IN")
    if max_var > 64 or max_row > min(16, max_var):
        raise GenError("gen/30-base/config.c: error: GIR__MAX_IN must be at most 64, GIR__MAX_ROW_IN at most 16 "
                       "and at most GIR__MAX_IN")
    for op in ops:
        for name, kind in (("gir_" + op.lname, "its builder"), ("GIR_OP_" + op.name, "its enum value")):
            if name in public:
                err(path, op.line, "op %s: %s %s would collide with %s of the public API (gen/%s); "
                    "choose another name" % (op.name, kind, name, name, DECL_FRAGMENT))
        made = (["gir__adj_" + op.lname] if op.adj else []) + \
            ["gir__k_%s_%s__scalar" % (op.lname, SFX[dt]) for dt in (ew_dtypes(op) if op.fwd_expr else [])]
        for name in made:
            if name in internal:
                err(path, op.line, "op %s: the generated %s would collide with %s in gen/; choose another name"
                    % (op.name, name, name))
        if not op.variadic and len(op.inputs) > max_row:
            err(path, op.line, "op %s has %d inputs; a row has at most %d (GIR__MAX_ROW_IN in gen/30-base/config.c: "
                "the size of the fixed input arrays of the builder and the elementwise driver)"
                % (op.name, len(op.inputs), max_row))


def load_ops(opsdef_path, partial=False):
    """The rows of ops.def as Op objects, checked (also used by tests/oracles/make_golden.py)."""
    path = os.path.basename(opsdef_path)
    try:
        with open(opsdef_path, "rb") as f:
            opsdef = decode_utf8(path, f.read())
    except OSError as e:
        raise GenError("%s: error: cannot read it (%s)" % (opsdef_path, e.strerror))
    expr.HELPERS = set(re.findall(r"\bgir__ah_([A-Za-z0-9_]+)\s*\(", read("60-autodiff/autodiff.c")))
    ops = parse_ops(path, opsdef)
    check_fit(path, ops, partial)
    return ops, opsdef


def generate(opsdef_path, partial=False):
    ops, opsdef = load_ops(opsdef_path, partial)
    autodiff = read("60-autodiff/autodiff.c")
    by = {op.lname: op for op in ops}
    # shape functions and kernels named by the table must exist in the fragments
    frag_text = "".join(read(f) for f in IMPL_FRAGMENTS)
    for op in ops:
        if op.shape not in BUILTIN_SHAPES and "gir__sh_%s(" % op.shape not in frag_text:
            raise GenError("%s:%d: error: shape rule '%s' has no gir__sh_%s in gen/50-ir/shapes.c"
                           % (os.path.basename(opsdef_path), op.line, op.shape, op.shape))
        if op.kernel and "gir__k_%s(" % op.kernel not in frag_text:
            raise GenError("%s:%d: error: kernel family '%s' has no gir__k_%s in gen/70-kernels/kernels.c"
                           % (os.path.basename(opsdef_path), op.line, op.kernel, op.kernel))
        if op.adj_fn and "gir__adjfn_%s(" % op.adj_fn not in autodiff:
            raise GenError("%s:%d: error: ADJ_FN(%s) has no gir__adjfn_%s in gen/60-autodiff/autodiff.c"
                           % (os.path.basename(opsdef_path), op.line, op.adj_fn, op.adj_fn))
    adjoints = emit_adjoints(ops, partial)
    deps, grad_core = op_dependencies(ops, frag_text, adjoints)
    h_ops = hashlib.sha256(opsdef.encode()).hexdigest()
    frags = [DECL_FRAGMENT] + IMPL_FRAGMENTS + TEMPLATES + [VMATH_TEMPLATE, VREDUCE_TEMPLATE] + GEN_MODULES
    h_tpl = hashlib.sha256("".join(read(f) for f in frags).encode()).hexdigest()
    n_diff = sum(1 for op in ops if op.differentiable)
    gen = {
        "VERSION": VERSION,
        "OPSDEF_SHA256": h_ops,
        "TEMPLATES_SHA256": h_tpl[:16],
        "OP_ENUM": emit_enum(ops),
        "OP_PROTOS": emit_protos(ops),
        "OP_COUNT": str(len(ops)),
        "OP_DIFF_COUNT": str(n_diff),
        "OP_LIST": "\n".join(oplist_text(ops, docs=True)),
        "OP_INFO": emit_opinfo(ops),
        "BUILDERS": emit_builders(ops),
        "VOCAB": emit_vocab(),
        "LIBM_ROUTED": emit_libm_routed(),
        "EW_KERNELS": emit_ew_kernels(ops),
        "REDUCE_CODE": emit_red_code(ops),
        "RULES": emit_rules(parse_rules(os.path.basename(opsdef_path), strip_comments(opsdef_path, opsdef), ops)),
        "VMATH": emit_vmath(read(VMATH_TEMPLATE)),
        "VREDUCE": emit_vmath(read(VREDUCE_TEMPLATE), VREDUCE_TEMPLATE),
        "SIMD_EW_KERNELS": emit_simd_ew(ops),
        "ADJOINTS": adjoints,
        "OP_SELECT": emit_select(ops, deps, grad_core, GROUPS),
        "KERNEL_TABLE": emit_kernel_table(ops),
        "TEMPLATES": "\n".join(template_instances(read(t), t) for t in TEMPLATES),
        "GROUPS": "\n".join("    GIR_GROUP_%s," % g for g in GROUPS),
    }
    del by

    def subst(text, fname):
        def rep(m):
            key = m.group(1)
            if key not in gen:
                raise GenError("gen/%s: error: unknown marker @@%s@@" % (fname, key))
            return gen[key]
        return re.sub(r"@@([A-Z0-9_]+)@@", rep, text)

    parts = [subst(read(DECL_FRAGMENT), DECL_FRAGMENT)]
    parts.append("#if defined(GIR_IMPLEMENTATION) && !defined(GIR_IMPLEMENTATION_DONE)\n"
                 "#define GIR_IMPLEMENTATION_DONE\n")
    for f in IMPL_FRAGMENTS:
        parts.append(cold_regions(f, subst(read(f), f)))
    parts.append("#endif /* GIR_IMPLEMENTATION */\n")
    parts.append(license_block())
    text = "\n".join(p.rstrip("\n") + "\n" for p in parts)
    return text, ops


def license_block():
    path = os.path.join(HERE, "..", "LICENSE")
    with open(path, encoding="utf-8") as f:
        lic = f.read().rstrip("\n")
    return "/*\n" + "\n".join(("   " + l).rstrip() for l in lic.split("\n")) + "\n*/\n"


def main(argv):
    partial = "--partial" in argv[1:]
    args = [a for a in argv[1:] if a != "--partial"]
    if not args or args[0] in ("-h", "--help"):
        print(__doc__.strip())
        return 0 if args else 2
    opsdef = args[0]
    try:
        text, ops = generate(opsdef, partial)
    except GenError as e:
        sys.stderr.write(str(e) + "\n")
        return 1
    if len(args) >= 3 and args[1] == "-o":
        tmp = args[2] + ".tmp"            # written whole, then renamed: never a half-written header
        try:
            with open(tmp, "w", encoding="utf-8", newline="\n") as f:
                f.write(text)
            os.replace(tmp, args[2])
        except OSError as e:
            sys.stderr.write("%s: error: cannot write it (%s)\n" % (args[2], e.strerror))
            if os.path.exists(tmp):
                os.remove(tmp)
            return 1
        return 0
    if len(args) >= 3 and args[1] == "--check":
        try:
            with open(args[2], "rb") as f:
                old = f.read().decode("utf-8", "replace")
        except OSError:
            old = ""
        if old != text:
            a, b = old.split("\n"), text.split("\n")
            ln = next((i + 1 for i in range(min(len(a), len(b))) if a[i] != b[i]), min(len(a), len(b)) + 1)
            sys.stderr.write("ERROR: %s does not agree with %s + gen/ (first difference at line %d)\n"
                             "...... Fix: python3 gen/gir_gen.py %s -o %s\n" % (args[2], opsdef, ln, opsdef, args[2]))
            return 1
        return 0
    if len(args) >= 3 and args[1] in ("--readme", "--check-readme"):
        try:
            with open(args[2], "rb") as f:
                old = decode_utf8(args[2], f.read())
            new = splice_readme(old, ops)
        except OSError as e:
            sys.stderr.write("%s: error: cannot read it (%s)\n" % (args[2], e.strerror))
            return 1
        except GenError as e:
            sys.stderr.write(str(e) + "\n")
            return 1
        if args[1] == "--readme":
            if new != old:
                with open(args[2], "w", encoding="utf-8", newline="\n") as f:
                    f.write(new)
            return 0
        if new != old:
            sys.stderr.write("ERROR: the op table in %s does not agree with %s\n"
                             "...... Fix: python3 gen/gir_gen.py %s --readme %s\n" % (args[2], opsdef, opsdef, args[2]))
            return 1
        return 0
    if len(args) >= 2 and args[1] == "--list":
        for line in oplist_text(ops, ""):
            print(line)
        print("%d ops, %d differentiable" % (len(ops), sum(1 for op in ops if op.differentiable)))
        return 0
    if len(args) >= 2 and args[1] == "--names":
        for op in ops:
            print(op.lname, len(op.parents), len(op.args), int(op.variadic), op.dtype,
                  ",".join(op.flags) or "-", ",".join("%s:%s" % (k, n) for k, n, _ in op.attrs) or "-",
                  int(op.differentiable))
        return 0
    sys.stderr.write("usage: gir_gen.py ops.def (-o gir.h | --check gir.h | --list | --names)\n")
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
