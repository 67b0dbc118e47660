"""onnx_lower.py - the GIR_ONNX lines of ops.def lowered to C for gir_onnx_import: for every line a function
gir__oxl_<type>_<since> that builds the ONNX node's first output (one builder call per statement, in an order the
generator fixes), and the table gir__ox_lines, sorted by type and opset, through which the importer finds a node's
line. Python 3 standard library only."""
import re

from gen_common import ARITH, CMP_OPS, err, walk
from expr import parse_expr

LINE = re.compile(r'^[ \t]*GIR_ONNX\s*\(\s*([A-Za-z_][A-Za-z0-9_]*)\s*,\s*(\d+)\s*,\s*"([^"]*)"\s*\)[ \t]*$', re.M)
# helpers whose value is a plain C value (an attribute, a list), not a node: name -> C function
RAW = {"attr_f": "gir__oxa_f", "attr_i": "gir__oxa_i", "attr_dtype": "gir__oxa_dtype", "attr_ints": "gir__oxa_ints",
       "axes": "gir__oxa_axes", "perm": "gir__oxa_perm", "spatial": "gir__oxa_spatial"}
ATTR_NAMED = ("attr_f", "attr_i", "attr_dtype", "attr_ints")     # their first argument names an attribute


def parse_onnx(path, clean, ops):
    """[(type, since, tree, text, line)] from the comment-free text of ops.def, checked."""
    by = {op.lname: op for op in ops}
    out, seen = [], set()
    for m in LINE.finditer(clean):
        line = clean.count("\n", 0, m.start()) + 1
        typ, since, text = m.group(1), int(m.group(2)), m.group(3)
        if (typ, since) in seen:
            err(path, line, "GIR_ONNX(%s, %d) is given twice" % (typ, since))
        seen.add((typ, since))
        tree = parse_expr(text, path, line)
        names = [id(n[2][0]) for n in walk(tree) if n[0] == "call" and n[1] in ATTR_NAMED and n[2]]
        for n in walk(tree):
            if n[0] == "var" and not re.match(r"^x\d$", n[1]) and id(n) not in names:
                err(path, line, "GIR_ONNX(%s): '%s' is not an input (x0, x1, ...)" % (typ, n[1]))
            if n[0] == "call" and n[1] in by and len(n[2]) != len(by[n[1]].inputs) + len(by[n[1]].attrs):
                err(path, line, "GIR_ONNX(%s): %s takes %d arguments, the line gives %d" % (
                    typ, n[1], len(by[n[1]].inputs) + len(by[n[1]].attrs), len(n[2])))
        out.append((typ, since, tree, text, line))
    if len(re.findall(r"^[ \t]*GIR_ONNX\s*\(", clean, re.M)) != len(out):
        err(path, 1, "a GIR_ONNX line does not read as GIR_ONNX(Type, since, \"expression\")")
    return sorted(out, key=lambda t: (t[0], t[1]))


def lower_line(typ, tree, by, stmts):
    """C for one expression; every node-building call is a statement assigning a temporary (see adjoint_lower)."""
    def emit(call):
        t = "t%d" % len(stmts)
        stmts.append("%s = %s;" % (t, call))
        return t

    def raw(n):
        k = n[0]
        if k == "num":
            return n[1]
        if k == "neg":
            return "(-%s)" % raw(n[1])
        if k == "bin" and is_raw(n):
            return "(%s %s %s)" % (raw(n[2]), n[1], raw(n[3]))
        if k == "call" and n[1] in RAW:
            if n[1] in ATTR_NAMED:
                if not n[2] or n[2][0][0] != "var":
                    raise ValueError("%s needs an attribute name first" % n[1])
                rest = [raw(a) for a in n[2][1:]]
                return "%s(c, \"%s\"%s)" % (RAW[n[1]], n[2][0][1], "".join(", " + a for a in rest))
            return "%s(c%s)" % (RAW[n[1]], "".join(", " + (raw(a) if is_raw(a) else go(a)) for a in n[2]))
        raise ValueError("'%s' is not a number or attribute" % (n[1] if k in ("var", "call") else k))

    def is_raw(n):
        k = n[0]
        if k == "num":
            return True
        if k == "neg":
            return is_raw(n[1])
        if k == "bin":
            return is_raw(n[2]) and is_raw(n[3])
        return k == "call" and n[1] in RAW

    def go(n):
        k = n[0]
        if is_raw(n):
            return emit("gir__oxh_num(c, %s)" % raw(n))
        if k == "var":
            return "x[%s]" % n[1][1:]
        if k == "neg":
            return emit("gir_neg(G, %s)" % go(n[1]))
        if k in ("bin", "cmp"):
            a, b = go(n[2]), go(n[3])
            return emit("gir_%s(G, %s, %s)" % ((ARITH if k == "bin" else CMP_OPS)[n[1]], a, b))
        f, args = n[1], n[2]
        if f in by:
            t = by[f]
            vals = [go(a) for a in args[:len(t.inputs)]] + [raw(a) for a in args[len(t.inputs):]]
            return emit("gir_%s(G, %s)" % (f, ", ".join(vals)))
        vals = [raw(a) if is_raw(a) else go(a) for a in args]
        return emit("gir__oxh_%s(c%s)" % (f, "".join(", " + v for v in vals)))
    return go(tree)


def inputs_read(tree):
    return sorted({int(n[1][1:]) for n in walk(tree) if n[0] == "var" and re.match(r"^x\d+$", n[1])})


def emit_onnx(path, lines, ops):
    """The functions of the GIR_ONNX lines and their table."""
    by = {op.lname: op for op in ops}
    out = ["/* generated from the GIR_ONNX lines of ops.def (gen/10-generator/onnx_lower.py) */"]
    for typ, since, tree, text, line in lines:
        stmts = []
        try:
            res = lower_line(typ, tree, by, stmts)
        except ValueError as e:
            err(path, line, "GIR_ONNX(%s, %d): %s" % (typ, since, e))
        need = inputs_read(tree)
        out.append("static gir_node gir__oxl_%s_%d(gir__oxn *c) {   /* ops.def:%d \"%s\" */" % (typ, since, line, text))
        out.append("    const gir_node *x = c->x;")
        out.append("    gir_graph *G = c->g;")
        if stmts:
            out.append("    gir_node %s;" % ", ".join("t%d" % k for k in range(len(stmts))))
        out.append("    (void)x; (void)G;")
        if need:
            out.append("    if (!gir__ox_need(c, 0x%xu)) return c->none;" % sum(1 << k for k in need))
        out += ["    " + s for s in stmts]
        out.append("    return %s;" % res)
        out.append("}")
    out.append("static const gir__oxline gir__ox_lines[%d] = {" % max(1, len(lines)))
    for typ, since, tree, text, line in lines:
        out.append("    {\"%s\", %d, gir__oxl_%s_%d}," % (typ, since, typ, since))
    out.append("};")
    out.append("#define GIR__OX_NLINES %d" % len(lines))
    return "\n".join(out)
