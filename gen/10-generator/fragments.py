"""fragments.py - the hand-written C of gen/ as the generator reads it: the fragments' text, the checks of the
table against them (names the generator would make must not collide with theirs, every row must fit their
fixed arrays, every op, shape rule, kernel family and ADJ_FN they are asked for must exist), and the steps
that turn a fragment into its part of gir.h: the @@MARKER@@ substitution, the /*@cold*/ regions and the
licence (templates.py makes the instances of the templates). Which fragments there are, in which order, is
listed at the top of gen/gir_gen.py and passed in. Python 3 standard library only."""
import os
import re

from gen_common import SFX, GenError, decode_utf8, err, ew_dtypes, strip_comments
from table import BUILTIN_SHAPES

GEN = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))     # gen/


def read(name):
    """The text of gen/<name>."""
    try:
        with open(os.path.join(GEN, name), "rb") as f:
            return decode_utf8("gen/" + name, f.read())
    except OSError as e:
        raise GenError("gen/%s: error: cannot read it (%s)" % (name, e.strerror))


# ---------------------------------------------------------------------------------------------- checks
def c_identifiers(path, text, declared=False):
    """The identifiers of C code, comments, strings and the bodies of macros left out (a macro body uses
    names, it does not declare them); declared: the bodies of functions too (the header's forwarding
    functions)."""
    code = re.sub(r'"[^"\n]*"', '""', strip_comments(path, text)).replace("\\\n", " ")
    code = re.sub(r"^([ \t]*#[ \t]*define[ \t]+\w+(?:\([^)\n]*\))?).*$", r"\1", code, flags=re.M)
    if declared:
        code = without_bodies(code)
    return set(re.findall(r"\b[A-Za-z_][A-Za-z0-9_]*\b", code))


def without_bodies(code):
    """code with the braces of each function body and what they hold left out"""
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
    return "".join(out) + code[i:]


def fragment_limit(macro):
    """A limit the C fragments define (#define MACRO n in gen/30-base/config.c): the table must fit it."""
    m = re.search(r"^#define %s (\d+)\b" % macro, read("30-base/config.c"), re.M)
    if not m:
        raise GenError("gen/30-base/config.c: error: no '#define %s <n>'" % macro)
    return int(m.group(1))


def check_needed(ops, public, impl):
    """Every op the hand-written fragments (impl) use (a builder gir_<op>() they call, a GIR_OP_<OP> they name)
    must be a row of the table, or the header would not compile."""
    have = set(op.lname for op in ops)
    for f in impl:
        code = re.sub(r'"[^"\n]*"', '""', strip_comments("gen/" + f, read(f)))
        for m in re.finditer(r"\b(?:gir_([a-z0-9][a-z0-9_]*)\s*\(|GIR_OP_([A-Z0-9][A-Z0-9_]*)\b)", code):
            name = m.group(1) or m.group(2).lower()
            ident = "gir_" + m.group(1) if m.group(1) else "GIR_OP_" + m.group(2)
            if name not in have and ident not in public:
                err("gen/" + f, code.count("\n", 0, m.start()) + 1, "%s needs the op %s, which the table does not "
                    "have (a row renamed or removed?)" % (ident, name.upper()))


def check_fit(path, ops, decl, impl, partial=False):
    """Names the generator would make must not collide with the hand-written code (decl: the public
    declarations, impl: the other fragments and templates), every row must fit the fixed arrays of the C side,
    and (unless the table is partial, as the generator's test tables are) every op the C fragments use must be
    in the table."""
    public = c_identifiers("gen/" + decl, read(decl), declared=True)
    internal = set()
    for f in impl:
        internal |= c_identifiers("gen/" + f, read(f))
    internal |= {"gir__adj_of"}            # made by the generator beside the adjoints (adjoint_lower.py)
    if not partial:
        check_needed(ops, public, impl)
    max_row, max_var = fragment_limit("GIR__MAX_ROW_IN"), fragment_limit("GIR__MAX_IN")
    if max_var > 64 or max_row > min(16, max_var):
        raise GenError("gen/30-base/config.c: error: GIR__MAX_IN must be at most 64, GIR__MAX_ROW_IN at most 16 "
                       "and at most GIR__MAX_IN")
    for op in ops:
        for name, kind in (("gir_" + op.lname, "its builder"), ("GIR_OP_" + op.name, "its enum value")):
            if name in public:
                err(path, op.line, "op %s: %s %s would collide with %s of the public API (gen/%s); "
                    "choose another name" % (op.name, kind, name, name, decl))
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


def check_named_code(path, ops, frag_text, autodiff):
    """The shape rules, kernel families and ADJ_FN functions the rows name must be defined in the fragments
    (frag_text: all of them, autodiff: gen/60-autodiff/autodiff.c)."""
    for op in ops:
        if op.shape not in BUILTIN_SHAPES and "gir__sh_%s(" % op.shape not in frag_text:
            raise GenError("%s:%d: error: shape rule '%s' has no gir__sh_%s in gen/50-ir/shapes.c"
                           % (path, op.line, op.shape, op.shape))
        if op.kernel and "gir__k_%s(" % op.kernel not in frag_text:
            raise GenError("%s:%d: error: kernel family '%s' has no gir__k_%s in gen/70-kernels/kernels.c"
                           % (path, op.line, op.kernel, op.kernel))
        if op.adj_fn and "gir__adjfn_%s(" % op.adj_fn not in autodiff:
            raise GenError("%s:%d: error: ADJ_FN(%s) has no gir__adjfn_%s in gen/60-autodiff/autodiff.c"
                           % (path, op.line, op.adj_fn, op.adj_fn))


# ---------------------------------------------------------------------------------------------- the header's parts
def substitute(text, fname, markers):
    """The fragment with each @@KEY@@ replaced by markers[KEY]; an unknown key is an error."""
    def rep(m):
        key = m.group(1)
        if key not in markers:
            raise GenError("gen/%s: error: unknown marker @@%s@@" % (fname, key))
        return markers[key]
    return re.sub(r"@@([A-Z0-9_]+)@@", rep, text)


# Regions at -O1 inside other fragments: /*@cold*/ ... /*@cold end*/ for cold code, /*@intrinsics*/ ...
# /*@intrinsics end*/ for the x86 intrinsic code (the vocabularies, vmath, vreduce, the elementwise kernels), which
# simd_lower.py and templates.py mark per instruction set; gen/30-base/config.c says why each runs at -O1.
REGION_MARKS = {"/*@cold*/": ("cold", 1), "/*@cold end*/": ("cold", -1),
                "/*@intrinsics*/": ("intrinsics", 1), "/*@intrinsics end*/": ("intrinsics", -1)}


def cold_regions(fname, text, cold_fragments, begin, end):
    """The fragment with its region marker lines (REGION_MARKS) as the pragmas begin and end (or all of it in
    one region, for a fragment of cold_fragments)."""
    lines, open_kind = [], None
    for k, line in enumerate(text.rstrip("\n").split("\n")):
        mark = line.strip()
        if mark in REGION_MARKS:
            kind, step = REGION_MARKS[mark]
            if fname in cold_fragments or (step > 0) != (open_kind is None) or (step < 0 and kind != open_kind):
                raise GenError("gen/%s:%d: error: %s %s" % (fname, k + 1, mark, "in a fragment of COLD_FRAGMENTS"
                               if fname in cold_fragments else "does not pair with the marker before it"))
            open_kind = kind if step > 0 else None
            lines.append(begin if step > 0 else end)
        else:
            lines.append(line)
    if open_kind:
        raise GenError("gen/%s: error: a /*@%s*/ region without /*@%s end*/" % (fname, open_kind, open_kind))
    if fname in cold_fragments:
        lines = [begin] + lines + [end]
    return "\n".join(lines) + "\n"


def license_block():
    """The LICENSE file as the closing comment of gir.h."""
    with open(os.path.join(GEN, "..", "LICENSE"), encoding="utf-8") as f:
        lic = f.read().rstrip("\n")
    return "/*\n" + "\n".join(("   " + l).rstrip() for l in lic.split("\n")) + "\n*/\n"
