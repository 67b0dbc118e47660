"""ref_column.py - the REF column of ops.def: how tests/oracles/make_golden.py computes an elementwise row's
expected values (a NumPy expression over the inputs and attributes, and its settings), parsed and checked
here so that a bad REF is an error at generation, with its line. Python 3 standard library only."""
import ast

from gen_common import MAX_DEPTH, check_text, err, ew_dtypes, tree_depth, walk  # noqa: F401

# REF("numpy expression", key=value, ...): how tests/oracles/make_golden.py computes the expected values of an
# elementwise row, or REF() when the row's cases are written in tests/oracles/make_golden.py. The column is read
# with Python's own parser; every value is a literal.
REF_DTYPES = {"b8": "B8", "u8": "U8", "i32": "I32", "f32": "F32", "f64": "F64"}
REF_KEYS = {"dom": "interval", "grid": "number", "kink": "strings", "margin": "number", "dtypes": "dtypes",
            "edge": "numbers"}
REF_NP_NODES = (ast.Expression, ast.BinOp, ast.UnaryOp, ast.Compare, ast.Call, ast.Attribute, ast.Name,
                ast.Constant, ast.Load, ast.keyword, ast.operator, ast.unaryop, ast.cmpop)


def ref_literal(path, line, node):
    """A literal of the REF column: a number (nan, inf, -x), a string, a dtype name, or a tuple of them."""
    if isinstance(node, ast.Constant) and isinstance(node.value, (int, float, str)) and \
            not isinstance(node.value, bool):
        return node.value
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        v = ref_literal(path, line, node.operand)
        if isinstance(v, (int, float)):
            return -v
    if isinstance(node, ast.Name) and node.id in ("nan", "inf"):
        return float(node.id)
    if isinstance(node, ast.Name) and node.id in REF_DTYPES:
        return node.id
    if isinstance(node, ast.Tuple):
        return tuple(ref_literal(path, line, e) for e in node.elts)
    err(path, line, "REF: '%s' is not a literal (numbers, nan, inf, strings, dtype names, tuples)"
        % ast_text(node))


def ast_text(node):
    try:
        return ast.unparse(node)
    except Exception:               # ast.unparse is Python 3.9+; only used in messages
        return type(node).__name__


def parse_py(path, line, what, text, mode="eval"):
    if len(text) > 2000:
        err(path, line, "%s is longer than 2000 characters" % what)
    try:
        tree = ast.parse(text, mode=mode)
    except (SyntaxError, ValueError, RecursionError, MemoryError) as e:
        err(path, line, "%s: cannot read '%s' (%s)" % (what, text, getattr(e, "msg", None) or type(e).__name__))
    if tree_depth(tree, ast.iter_child_nodes) > 2 * MAX_DEPTH:
        err(path, line, "%s: '%s' is nested more than %d levels deep" % (what, text, MAX_DEPTH))
    return tree


def check_ref_expr(path, line, op, what, text):
    """A NumPy expression over the row's inputs and attributes (by name), np.<function> and erf."""
    check_text(path, line, what, text)
    tree = parse_py(path, line, what, text)
    known = set(nm for nm, _ in op.inputs) | set(nm for _, nm, _ in op.attrs) | {"np", "erf"}
    for n in ast.walk(tree):
        if not isinstance(n, REF_NP_NODES) or (isinstance(n, ast.Constant) and
                                               not isinstance(n.value, (int, float))):
            err(path, line, "%s: '%s' is not allowed in '%s' (numbers, names, operators, calls and np.<name>)"
                % (what, ast_text(n), text))
        if isinstance(n, ast.Name) and n.id not in known:
            err(path, line, "%s uses '%s', which is neither an input (%s), an attribute, np nor erf"
                % (what, n.id, ", ".join(nm for nm, _ in op.inputs)))
        if isinstance(n, ast.Attribute) and not (isinstance(n.value, ast.Name) and n.value.id == "np"):
            err(path, line, "%s: only np.<name> may be looked up, not '%s'" % (what, ast_text(n)))
    return text


def parse_ref(path, line, op, col):
    op.ref = None
    op.ref_keys = {}
    tree = parse_py(path, line, "REF", col)
    call = tree.body
    if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id == "REF"):
        err(path, line, "the oracle column must be REF(\"numpy expression\", ...) or REF(), got '%s'" % col)
    if not call.args and not call.keywords:
        return
    if op.fwd_expr is None:
        err(path, line, "REF(...) is for elementwise FWD rows; the cases of KERNEL(%s) are written in "
            "tests/oracles/make_golden.py: use REF()" % op.kernel)
    if len(call.args) != 1 or not isinstance(call.args[0], ast.Constant) or not isinstance(call.args[0].value, str):
        err(path, line, "REF takes one expression string, then key=value settings")
    op.ref = check_ref_expr(path, line, op, "REF", call.args[0].value)
    attr_names = [nm for _, nm, _ in op.attrs]
    in_names = [nm for nm, _ in op.inputs]
    for kw in call.keywords:
        k = kw.arg
        if k is None:
            err(path, line, "REF: '**' is not a setting")
        if k in op.ref_keys:
            err(path, line, "REF: '%s' is given twice" % k)
        v = ref_literal(path, line, kw.value)
        kind = REF_KEYS.get(k) or ("interval" if k in in_names else "number" if k in attr_names else None)
        if kind is None:
            err(path, line, "REF: unknown setting '%s' (one of %s, an input's name for its interval, or an "
                "attribute's name for its value)" % (k, ", ".join(REF_KEYS)))
        v = check_ref_value(path, line, op, k, kind, v)
        op.ref_keys[k] = v
    for nm in attr_names:
        if nm not in op.ref_keys:
            err(path, line, "REF: attribute '%s' needs a value (%s=...)" % (nm, nm))
    for dt in op.ref_keys.get("dtypes", ()):
        if REF_DTYPES[dt] not in ew_dtypes(op):
            err(path, line, "REF: dtype %s has no kernel under dtype rule %s" % (dt, op.dtype))


def check_ref_value(path, line, op, k, kind, v):
    num = lambda x: isinstance(x, (int, float))
    if kind == "number" and num(v) and v == v:
        return v
    if kind == "interval" and isinstance(v, tuple) and len(v) == 2 and all(num(x) and abs(x) < 1e300 for x in v) \
            and v[0] < v[1]:
        return v
    if kind == "numbers" and isinstance(v, tuple) and v and all(num(x) for x in v):
        return v
    if kind == "dtypes" and isinstance(v, tuple) and v and all(x in REF_DTYPES for x in v) and len(set(v)) == len(v):
        return v
    if kind == "strings" and isinstance(v, str):
        v = (v,)
    if kind == "strings" and isinstance(v, tuple) and v and all(isinstance(x, str) for x in v):
        return tuple(check_ref_expr(path, line, op, "REF kink", x) for x in v)
    want = {"number": "a number", "interval": "(lo, hi) with lo < hi", "numbers": "a tuple of numbers",
            "dtypes": "a tuple of distinct dtype names (b8 u8 i32 f32 f64)",
            "strings": "an expression string or a tuple of them"}[kind]
    err(path, line, "REF: %s must be %s, got %r" % (k, want, v))
