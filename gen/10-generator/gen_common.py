"""gen_common.py - what several modules of the generator use: the error type, the dtypes, the vector vocabulary,
the row type, the expression helpers, the kernel and function tables of gir.h, and the reading of text (UTF-8,
C comments) and its checks. Python 3 standard library only."""
import re


DTYPES = ["B8", "U8", "I32", "F32", "F64"]
CTYPE = {"B8": "uint8_t", "U8": "uint8_t", "I32": "int32_t", "F32": "float", "F64": "double"}
SFX = {"B8": "b8", "U8": "u8", "I32": "i32", "F32": "f32", "F64": "f64"}

# dtype rule -> (dtypes an elementwise kernel is generated for, i.e. the compute dtype)
DT_RULES = {
    "NUM": ["U8", "I32", "F32", "F64"],
    "FLOAT": ["F32", "F64"],
    "CMP": ["B8", "U8", "I32", "F32", "F64"],
    "LOGIC": ["B8"],
    "TEST": ["F32", "F64"],
    "INT": ["U8", "I32"],
    "INDEX": ["U8", "I32", "F32", "F64"],
    "ANY": ["B8", "U8", "I32", "F32", "F64"],
    "ATTR": ["B8", "U8", "I32", "F32", "F64"],
}
BOOL_OUT = {"CMP", "LOGIC", "TEST"}

# The vector vocabulary: function name -> (arity, dtype classes it exists for, libm f64 name or None).
# Every SIMD target implements exactly this list; scalar C wrappers are generated below.
VOCAB = {
    "abs": (1, "num", "fabs"), "sign": (1, "num", None), "sqrt": (1, "float", "sqrt"),
    "exp": (1, "float", "exp"), "expm1": (1, "float", "expm1"), "log": (1, "float", "log"),
    "log1p": (1, "float", "log1p"), "log2": (1, "float", "log2"), "sin": (1, "float", "sin"),
    "cos": (1, "float", "cos"), "tan": (1, "float", "tan"), "asin": (1, "float", "asin"),
    "acos": (1, "float", "acos"), "atan": (1, "float", "atan"), "sinh": (1, "float", "sinh"),
    "cosh": (1, "float", "cosh"), "tanh": (1, "float", "tanh"), "erf": (1, "float", "erf"),
    "floor": (1, "float", "floor"), "ceil": (1, "float", "ceil"), "round": (1, "float", "nearbyint"),
    "sigmoid": (1, "float", None), "pow": (2, "float", "pow"), "max": (2, "num", None),
    "min": (2, "num", None), "select": (3, "any", None), "isnan": (1, "float", None),
    "isinf": (1, "float", None), "isfinite": (1, "float", None), "fmod": (2, "num", "fmod"),
    "mod": (2, "num", None), "floordiv": (2, "num", None), "not": (1, "bool", None), "and": (2, "bool", None),
    "or": (2, "bool", None), "xor": (2, "bool", None),
}


class GenError(Exception):
    pass


def err(path, line, msg):
    raise GenError("%s:%d: error: %s" % (path, line, msg))


def split_top(s, sep=","):
    """Split s at top-level separators (outside (), [] and strings)."""
    out, depth, cur, q = [], 0, [], False
    for ch in s:
        if q:
            cur.append(ch)
            if ch == '"':
                q = False
            continue
        if ch == '"':
            q = True
        elif ch in "([":
            depth += 1
        elif ch in ")]":
            depth -= 1
        if ch == sep and depth == 0:
            out.append("".join(cur).strip())
            cur = []
        else:
            cur.append(ch)
    if "".join(cur).strip() or out:
        out.append("".join(cur).strip())
    return out


class Op:
    """One row of ops.def (attributes set by the row parser, table.py)."""


CMP_OPS = {"<": "lt", "<=": "le", ">": "gt", ">=": "ge", "==": "eq", "!=": "ne"}
ARITH = {"+": "add", "-": "sub", "*": "mul", "/": "div"}


def expr_children(e):
    return e[2] if e[0] == "call" else e[2:] if e[0] in ("bin", "cmp") else e[1:] if e[0] == "neg" else ()


def walk(e):
    yield e
    if e[0] == "call":
        for a in e[2]:
            yield from walk(a)
    elif e[0] in ("bin", "cmp"):
        yield from walk(e[2])
        yield from walk(e[3])
    elif e[0] == "neg":
        yield from walk(e[1])


def storage(op):
    """Input names in storage order: parents first, then arguments."""
    return op.parents + op.args


def vocab_ok(op, dt):
    """Is every function of op's FWD defined for dtype dt?"""
    cls = {"B8": "bool", "U8": "int", "I32": "int", "F32": "float", "F64": "float"}[dt]
    for n in walk(op.fwd_expr):
        if n[0] == "call":
            need = VOCAB[n[1]][1]
            if need == "any":
                continue
            if need == "num" and cls in ("int", "float"):
                continue
            if need != cls:
                return False
    return True


def ew_dtypes(op):
    return [dt for dt in DT_RULES[op.dtype] if vocab_ok(op, dt)]


def expr_str(e):
    k = e[0]
    if k == "num":
        return e[1]
    if k == "var":
        return e[1]
    if k == "neg":
        return "-" + expr_str(e[1])
    if k in ("bin", "cmp"):
        return "(%s %s %s)" % (expr_str(e[2]), e[1], expr_str(e[3]))
    return "%s(%s)" % (e[1], ", ".join(expr_str(a) for a in e[2]))


def emit_ew_rows(ops, table, cell, index=False):
    """An elementwise kernel table with one row per kept elementwise op (a left-out op leaves no row):
    table[row][compute dtype - 1], row = gir__ew_row[gir__op_row[op]] (0: no row, all cells 0). With index,
    also the row numbers (the enum GIR__EWR_<op>) and gir__ew_row, a byte per kept op; cell(op, dt) names a
    kernel or None."""
    ew = [op for op in ops if op.fwd_expr is not None]
    assert len(ew) < 256, "gir__ew_row is a byte"
    out = []
    if index:
        out.append("enum { GIR__EWR__NONE,")
        for op in ew:
            out += ["#if !GIR__WHY_%s" % op.name, "    GIR__EWR_%s," % op.name, "#endif"]
        out.append("    GIR__EWR__COUNT };")
        out.append("static const unsigned char gir__ew_row[GIR__OPR__COUNT] = {")
        out.append("    0,")                          # the invalid row
        for op in ops:
            row = "GIR__EWR_%s" % op.name if op.fwd_expr is not None else "0"
            out += ["#if !GIR__WHY_%s" % op.name, "    %s," % row, "#endif"]
        out.append("};")
    out.append("static const gir__ew_fn %s[GIR__EWR__COUNT][GIR__DTYPE_SLOTS - 1] = {" % table)
    out.append("    {%s}," % ", ".join(["0"] * len(DTYPES)))
    for op in ew:
        cells = [(cell(op, dt) if dt == "F32" else "GIR__NF32(%s)" % cell(op, dt)) if cell(op, dt) else "0"
                 for dt in DTYPES]   # GIR_ONLY_F32 keeps the f32 column only
        out += ["#if !GIR__WHY_%s" % op.name, "    {%s}," % ", ".join(cells), "#endif"]
    out.append("};")
    return out


def emit_fn_index(ops, ctype, table, tag, fn_of):
    """A per-op function table as a byte per kept op (table_ix[gir__op_row[op]]) into the distinct functions a
    build keeps (table[]; entry 0 is none): a function stays while one op that uses it is kept. fn_of(op) names
    the function or None. The enum GIR__<tag>_<FUNCTION> numbers the kept ones."""
    fns, users = [], {}
    for op in ops:
        fn = fn_of(op)
        if fn:
            if fn not in users:
                fns.append(fn)
                users[fn] = []
            users[fn].append(op.name)
    assert len(fns) < 256, "%s_ix is a byte" % table
    out = ["enum { GIR__%s__NONE," % tag]
    for fn in fns:
        out += ["#if " + " || ".join("!GIR__WHY_" + n for n in users[fn]), "    GIR__%s_%s," % (tag, fn.upper()), "#endif"]
    out.append("    GIR__%s__COUNT };" % tag)
    out.append("static const %s %s[GIR__%s__COUNT] = {" % (ctype, table, tag))
    out.append("    0,")
    for fn in fns:
        out += ["#if " + " || ".join("!GIR__WHY_" + n for n in users[fn]), "    %s," % fn, "#endif"]
    out.append("};")
    out.append("static const unsigned char %s_ix[GIR__OPR__COUNT] = {" % table)
    out.append("    0,")
    for op in ops:
        fn = fn_of(op)
        out += ["#if !GIR__WHY_%s" % op.name, "    %s, /* %s */" % ("GIR__%s_%s" % (tag, fn.upper()) if fn else "0",
                                                                   op.name), "#endif"]
    out.append("};")
    return out


# ---- checks shared by the row, REF and expression parsers
MAX_DEPTH = 64          # nesting of an expression (FWD, ADJ, REF): deeper is an error, not a crash
TRIGRAPH = re.compile(r"\?\?[=/'()!<>-]")


def check_text(path, line, what, s):
    """Text of a row that ends up in C comments and string literals: printable ASCII, and nothing that
    ends a comment, starts one, escapes or forms a trigraph."""
    for ch in s:
        if not " " <= ch <= "~":
            err(path, line, "%s contains the character %r: use printable ASCII" % (what, ch))
    for bad, why in (("*/", "would end a C comment"), ("/*", "would start a C comment"),
                     ("\\", "would start an escape in a C string")):
        if bad in s:
            err(path, line, "%s contains '%s', which %s" % (what, bad, why))
    m = TRIGRAPH.search(s)
    if m:
        err(path, line, "%s contains '%s', a C trigraph" % (what, m.group(0)))
    return s


def tree_depth(root, children):
    """Depth of a tree without recursion (a deep tree must be an error, not a RecursionError)."""
    best, stack = 0, [(root, 1)]
    while stack:
        n, d = stack.pop()
        best = max(best, d)
        stack.extend((c, d + 1) for c in children(n))
    return best


# ---- reading text: ops.def and the C fragments
def decode_utf8(path, data):
    """The text of a file's bytes; a byte that is not UTF-8 is an error naming its line."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        err(path, data.count(b"\n", 0, e.start) + 1, "byte 0x%02x is not UTF-8 (the table is UTF-8 text)"
            % data[e.start])


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
