"""table.py - reading ops.def: the GIR_OP rows found in the comment-free text, each row split into its eleven
columns and checked column by column into an Op (gen_common), then the checks across rows (duplicate names,
the size of gir_op, the adjoints against the other rows). The expression columns are read by expr.py, the
REDUCE form by reduce_lower.py and the REF column by ref_column.py; this module says what every column may
hold and in which order a row's errors are found. Python 3 standard library only."""
import re

from gen_common import DT_RULES, Op, check_text, err, ew_dtypes, expr_str, split_top, strip_comments
from expr import check_adjoint, check_fwd, parse_expr
from reduce_lower import parse_reduce
from ref_column import parse_ref

BUILTIN_SHAPES = ["SAME", "BCAST", "REDUCE", "SCALAR", "ATTR_SHAPE"]
FLAGS = ["KINK", "RNG", "COMM", "BLOCK", "LEAF_IN", "LEAF_VAR", "LEAF_CONST", "LEAF_FILL", "WRITES", "EVAL_ID",
         "EVAL_PICK1", "TUPLE", "PROJ", "BRANCH", "LOOP", "UNTIL"]           # bit k of gir__opinfo.flags is FLAGS[k] (GIR__F_<flag> in gen/config.c)
GROUPS = ["CORE", "LOGIC", "MATH", "REDUCE", "SHAPE", "LINALG", "NN", "CONV", "RANDOM"]
ATTR_KINDS = {"f": 3, "i": 5, "l": 3, "shape": 1, "dtype": 1, "seed": 1, "data": 1}
COLUMNS = ["name", "in", "dtype", "shape", "flags", "group", "attrs", "fwd", "adj", "ref", "doc"]
RESERVED = {"g", "in", "A", "n"}          # the generated builder's own names (c_emit.emit_builders)
LOWER_NAME = re.compile(r"^[a-z][a-z0-9_]*$")

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


# ---------------------------------------------------------------------------------------------- the rows
def row_bodies(path, clean):
    """(line, body) of each GIR_OP row of the comment-free text, the body with its whitespace runs made one
    space. A row ends at the parenthesis that closes GIR_OP( and must end its line."""
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
        yield line, body


def parse_ops(path, text):
    """The rows of ops.def (its text), each checked alone and then against the others."""
    ops = [parse_row(path, line, body) for line, body in row_bodies(path, strip_comments(path, text))
           if not body.startswith("name, in, dtype")]      # that one is the default X-macro definition
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
    """One row, column by column; the first error found ends the run, so the order of the steps is the order in
    which a row's mistakes are reported."""
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
    taken = parse_inputs(op, cols[1])
    parse_dtype_shape_flags_group(op, cols[2], cols[3], cols[4], cols[5])
    parse_attrs(op, cols[6], taken)
    parse_forward(op, cols[7])
    parse_adjoint(op, cols[8])
    parse_ref(path, line, op, cols[9])
    parse_doc(op, cols[10])
    return op


# ---------------------------------------------------------------------------------------------- the columns
def call_args(s, name, path, line):
    """The text between the parentheses of a column written name(...)."""
    m = re.match(r"^%s\s*\((.*)\)$" % name, s, re.S)
    if not m:
        err(path, line, "expected %s(...), got '%s'" % (name, s))
    return m.group(1).strip()


def check_c_name(path, line, what, nm):
    """An input or attribute name becomes a parameter of the builder: it must be one C and C++ accept."""
    if nm in C_RESERVED:
        err(path, line, "%s name '%s' is a C or C++ keyword or a standard name (the builder could not "
            "compile)" % (what, nm))
    if nm.startswith("gir_"):
        err(path, line, "%s name '%s' starts with 'gir_', which belongs to the library" % (what, nm))


def parse_inputs(op, col):
    """IN(name, @arg, name...): op.inputs as (name, is an argument), op.parents, op.args and op.variadic.
    Returns the names taken so far, which the attributes must not repeat."""
    path, line = op.path, op.line
    ins = call_args(col, "IN", path, line)
    op.inputs = []
    op.variadic = False
    for tok in split_top(ins) if ins else []:
        arg = tok.startswith("@")
        var = tok.endswith("...")
        nm = tok.strip("@.").strip()
        if not LOWER_NAME.match(nm):
            err(path, line, "bad input name '%s'" % tok)
        check_c_name(path, line, "input", nm)
        if var and (arg or len(split_top(ins)) != 1):
            err(path, line, "a variadic input must be the op's only input")
        op.variadic = op.variadic or var
        op.inputs.append((nm, arg))
    taken = set()
    for nm, _ in op.inputs:
        if nm in RESERVED:
            err(path, line, "input name '%s' is taken by the generated builder (avoid %s)"
                % (nm, ", ".join(sorted(RESERVED))))
        if nm in taken:
            err(path, line, "input name '%s' appears twice" % nm)
        taken.add(nm)
    op.parents = [nm for nm, a in op.inputs if not a]
    op.args = [nm for nm, a in op.inputs if a]
    return taken


def parse_dtype_shape_flags_group(op, dtype, shape, flags, group):
    """The dtype rule, the shape rule, the flags and the group: names from fixed lists (a shape rule may also
    name a function gir__sh_<name> of the fragments, checked when the header is made)."""
    path, line = op.path, op.line
    op.dtype = dtype
    if op.dtype not in DT_RULES:
        err(path, line, "unknown dtype rule '%s' (one of %s)" % (op.dtype, ", ".join(DT_RULES)))
    op.shape = shape
    if op.shape not in BUILTIN_SHAPES and not LOWER_NAME.match(op.shape):
        err(path, line, "unknown shape rule '%s'" % op.shape)
    op.flags = [] if flags == "0" else [f.strip() for f in flags.split("|")]
    for f in op.flags:
        if f not in FLAGS:
            err(path, line, "unknown flag '%s' (one of %s)" % (f, ", ".join(FLAGS)))
    if "COMM" in op.flags and len(op.parents) != 2:
        err(path, line, "COMM on an op that does not have two parents")
    op.group = group
    if op.group not in GROUPS:
        err(path, line, "unknown group '%s' (one of %s)" % (op.group, ", ".join(GROUPS)))


def parse_attrs(op, col, taken):
    """ATTR(kind:name, ...): op.attrs as (kind, name, slot), slot k being the k-th of its kind in gir_attr."""
    path, line = op.path, op.line
    op.attrs = []
    count = {}
    at = call_args(col, "ATTR", path, line)
    for tok in split_top(at) if at else []:
        if ":" not in tok:
            err(path, line, "attribute '%s' must be kind:name" % tok)
        kind, nm = [t.strip() for t in tok.split(":", 1)]
        if not LOWER_NAME.match(nm):
            err(path, line, "attribute name '%s' must be a lower-case C identifier" % nm)
        check_c_name(path, line, "attribute", nm)
        # n is the builder's count of a variadic op's inputs; any other op may call an attribute n
        if nm in taken or nm in RESERVED - ({"n"} if not op.variadic else set()):
            err(path, line, "attribute name '%s' repeats an input or attribute name, or is taken by the "
                "generated builder" % nm)
        taken.add(nm)
        if kind not in ATTR_KINDS:
            err(path, line, "unknown attribute kind '%s' (one of %s)" % (kind, ", ".join(ATTR_KINDS)))
        k = count.get(kind, 0)
        if k >= ATTR_KINDS[kind]:
            err(path, line, "too many '%s' attributes (at most %d)" % (kind, ATTR_KINDS[kind]))
        count[kind] = k + 1
        op.attrs.append((kind, nm, k))
    if op.dtype == "ATTR" and "dtype" not in count:
        err(path, line, "dtype rule ATTR needs a dtype attribute")


def parse_forward(op, fwd):
    """FWD("expr") (an elementwise op: op.fwd_expr), REDUCE(...) (op.red) or KERNEL(family) (op.kernel)."""
    path, line = op.path, op.line
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
        if not LOWER_NAME.match(op.kernel):
            err(path, line, "bad kernel family name '%s'" % op.kernel)
    else:
        err(path, line, "forward must be FWD(\"expr\"), REDUCE(...) or KERNEL(name), got '%s'" % fwd)
    if op.fwd_expr is not None and op.variadic:
        err(path, line, "an elementwise FWD op cannot be variadic")
    if op.fwd_expr is not None and not ew_dtypes(op):
        err(path, line, "FWD '%s' uses functions that exist for none of the dtypes of rule %s"
            % (expr_str(op.fwd_expr), op.dtype))


def parse_adjoint(op, adj):
    """ADJ(term; term...) (op.adj, one term per parent), ADJ_FN(name) (op.adj_fn) or NO_ADJ("why")
    (op.no_adj); op.differentiable says whether there is a gradient."""
    path, line = op.path, op.line
    op.adj = None
    op.adj_fn = None
    op.no_adj = None
    if adj.startswith("NO_ADJ"):
        s = call_args(adj, "NO_ADJ", path, line)
        if not re.match(r'^("[^"]*"\s*)+$', s) or not "".join(re.findall(r'"([^"]*)"', s)).strip():
            err(path, line, "NO_ADJ needs a reason string")
        # adjacent strings are joined, as in DOC
        op.no_adj = check_text(path, line, "the NO_ADJ reason", "".join(re.findall(r'"([^"]*)"', s)))
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


def parse_doc(op, col):
    """DOC("text" "text"...): op.doc, what the op does."""
    path, line = op.path, op.line
    d = call_args(col, "DOC", path, line) if col.startswith("DOC") else ""
    if not re.match(r'^("[^"]*"\s*)+$', d) or not "".join(re.findall(r'"([^"]*)"', d)).strip():
        err(path, line, "%s has no DOC(\"...\"): every row says what the op does, its layouts and "
            "attribute conventions" % op.name)
    # adjacent strings are joined, as in C: a long text can span lines
    op.doc = check_text(path, line, "DOC", "".join(re.findall(r'"([^"]*)"', d)).strip())
