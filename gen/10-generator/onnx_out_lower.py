"""onnx_out_lower.py - gir_onnx_export's table: for each op of ops.def the ONNX nodes that compute it, as C functions
gir__oxo_<op> and the table gir__oxo_fns (indexed by op; NULL: the op has no ONNX form).

An op's export comes from one of two places:
  - a GIR_ONNX line (the import table) whose expression is exactly one table op applied to x0, x1, ... in order,
    its attributes given by attr_f / attr_i / attr_ints / attr_dtype: read backwards, that line is the export
    (GIR_ONNX(LeakyRelu, 6, "leaky_relu(x0, attr_f(alpha, 0.01))") exports leaky_relu as LeakyRelu with alpha);
    of several such lines for one op, the one with the highest opset not above the export's opset;
  - a GIR_ONNX_OUT(op, "expression") line, which takes precedence. Its expression is a tree of ONNX nodes:
      Type(v, ..., attr...)   an ONNX node of op type Type (domain ""); the outermost one gives the op's value
      x0, x1, ...             the node's inputs in builder order (cast to the dtype the op computes in, as ONNX
                              wants one type where gir.h promotes); xs: every input of a variadic op
      i64(list) i64s(int)     an int64 initializer: 1-D of a list (or one int), 0-D of an int
      i64opt(list)            i64(list), or the omitted optional input when the list is empty; i32s(int) 0-D int32
      num(float) nums(list)   a 0-D / 1-D initializer of the output's dtype
      attr_f(name, float)  attr_i(name, int)  attr_ints(name, list)  attr_dtype(name, dtype)
      attr_t(name, float)     ONNX attributes; an attr_ints of an empty list is left out (the ONNX default:
                              Transpose's reversed axes, all axes of a reduction); attr_t: a tensor of one element
                              of the output's dtype
    where a value of an attribute is an attribute of the op by its ATTR name, a number, 'oshape' (the output's
    shape), 'dtype' (the output's dtype) or a helper gir__oxe_<name> of gen/90-library/onnx_write.c (HELPERS).
Python 3 standard library only."""
import re

from gen_common import err, walk
from expr import parse_expr

OPSET = 17          # the opset gir_onnx_export writes
LINE = re.compile(r'^[ \t]*GIR_ONNX_OUT\s*\(\s*([A-Za-z_][A-Za-z0-9_]*)\s*,\s*"([^"]*)"\s*\)[ \t]*$', re.M)
# helpers of attribute values: name -> (kind of result, kinds of arguments); kinds: int, float, ints
HELPERS = {
    "hw": ("ints", ("ints", "int")),        # one or two values as (height, width); none: the int twice
    "hwk": ("ints", ("ints", "ints")),      # hw(first, 1), or hw(second, 1) when first is empty (pool strides)
    "pads4": ("ints", ("ints",)),           # one or two paddings as ONNX's (top, left, bottom, right)
    "nz1": ("int", ("int",)),               # 0 as 1 (groups)
    "pads": ("ints", ("ints", "ints")),     # before and after per axis of x0 as ONNX's pads (begins, then ends)
    "slice_end": ("int", ("int",)),         # a normalised slice stop: GIR_SLICE_NONE as INT64_MIN
    "all_axes": ("ints", ("ints",)),        # the list, or every axis of x0 when it is empty
    "fill": ("ints", ("ints", "int")),      # as many copies of the int as the list has values
    "two": ("ints", ("int", "int")),        # the list of two ints
    "convt_op": ("ints", ("ints", "ints", "ints")),   # conv2d_bwd_data's output_padding from stride, padding, dilation
}
ATTR_KIND = {"attr_f": "float", "attr_i": "int", "attr_ints": "ints", "attr_dtype": "dtype", "attr_t": "float"}
IMPORT_ATTR = {"attr_f": "f", "attr_i": "i", "attr_ints": "l", "attr_dtype": "dtype"}
VALUE_FNS = {"i64": "ints", "i64s": "int", "i64opt": "ints", "num": "float", "nums": "ints",
             "i32s": "int"}


def derive(lines, ops):
    """{op lname: (tree, text, line)} from the GIR_ONNX lines that are one table op applied to x0, x1, ... in order"""
    by = {op.lname: op for op in ops}
    best = {}
    for typ, since, tree, text, line in lines:
        if since > OPSET or tree[0] != "call" or tree[1] not in by:
            continue
        op, args = by[tree[1]], tree[2]
        if op.variadic or len(args) != len(op.inputs) + len(op.attrs):
            continue
        if any(args[k] != ("var", "x%d" % k) for k in range(len(op.inputs))):
            continue
        attrs = []
        for (kind, name, slot), a in zip(op.attrs, args[len(op.inputs):]):
            if a[0] != "call" or IMPORT_ATTR.get(a[1]) != kind or not a[2] or a[2][0][0] != "var":
                break
            attrs.append(("call", a[1], [a[2][0], ("var", name)]))
        else:
            tree_out = ("call", typ, [("var", "x%d" % k) for k in range(len(op.inputs))] + attrs)
            if op.lname not in best or best[op.lname][0] < since:
                best[op.lname] = (since, tree_out, "%s (from GIR_ONNX(%s, %d))" % (typ, typ, since), line)
    return {k: v[1:] for k, v in best.items()}


def parse_onnx_out(path, clean, ops):
    """{op lname: (tree, text, line)} of the GIR_ONNX_OUT lines, checked."""
    by = {op.lname: op for op in ops}
    out = {}
    for m in LINE.finditer(clean):
        line = clean.count("\n", 0, m.start()) + 1
        name, text = m.group(1), m.group(2)
        if name not in by:
            err(path, line, "GIR_ONNX_OUT names '%s', which is not an op of the table" % name)
        if name in out:
            err(path, line, "GIR_ONNX_OUT(%s) is given twice" % name)
        tree = parse_expr(text, path, line)
        if tree[0] != "call" or not tree[1][:1].isupper():
            err(path, line, "GIR_ONNX_OUT(%s): the expression must be an ONNX node, Type(...)" % name)
        out[name] = (tree, text, line)
    if len(re.findall(r"^[ \t]*GIR_ONNX_OUT\s*\(", clean, re.M)) != len(out):
        err(path, 1, "a GIR_ONNX_OUT line does not read as GIR_ONNX_OUT(op, \"expression\")")
    return out


class Lower:
    """C statements for one op's expression."""

    def __init__(self, op, path, line):
        self.op, self.path, self.line = op, path, line
        self.attrs = {name: (kind, slot) for kind, name, slot in op.attrs}
        self.stmts, self.n = [], 0

    def fail(self, msg):
        err(self.path, self.line, "GIR_ONNX_OUT(%s): %s" % (self.op.lname, msg))

    def scalar(self, n, want):
        """C for an attribute value of kind want (int, float, ints, dtype)."""
        k = n[0]
        if k == "num" and want in ("int", "float"):
            if want == "int" and not re.match(r"^\d+$", n[1]):
                self.fail("%s is not an integer" % n[1])
            return n[1] if want == "float" else "(int64_t)%s" % n[1]
        if k == "neg" and want in ("int", "float"):
            return "(-%s)" % self.scalar(n[1], want)
        if k == "var":
            nm = n[1]
            if nm == "oshape" and want == "ints":
                return "gir__oxe_shape(c->oshape)"
            if nm == "dtype" and want == "dtype":
                return "c->dtype"
            if nm in self.attrs:
                kind, slot = self.attrs[nm]
                got = {"f": "float", "i": "int", "l": "ints", "shape": "ints", "dtype": "dtype"}.get(kind)
                if got == want or (got == "int" and want == "float"):
                    return {"f": "c->a.f[%d]" % slot, "i": "(int64_t)c->a.i[%d]" % slot,
                            "l": "gir__oxe_ints(c->a.l[%d])" % slot, "shape": "gir__oxe_shape(c->a.shape)",
                            "dtype": "(gir_dtype)c->a.dtype"}[kind]
                self.fail("attribute '%s' is not a value of kind %s" % (nm, want))
            self.fail("'%s' is not an attribute of the op, oshape or dtype" % nm)
        if k == "call" and n[1] in HELPERS:
            res, kinds = HELPERS[n[1]]
            if res != want and not (res == "int" and want == "float"):
                self.fail("%s gives a value of kind %s, %s is wanted" % (n[1], res, want))
            if len(n[2]) != len(kinds):
                self.fail("%s takes %d arguments" % (n[1], len(kinds)))
            return "gir__oxe_%s(c%s)" % (n[1], "".join(", " + self.scalar(a, w) for a, w in zip(n[2], kinds)))
        self.fail("cannot read a value of kind %s here" % want)

    def kind(self, n):
        """int, float, ints or dtype: what an attribute value is."""
        if n[0] == "num":
            return "int" if re.match(r"^\d+$", n[1]) else "float"
        if n[0] == "neg":
            return self.kind(n[1])
        if n[0] == "var" and n[1] in self.attrs:
            return {"f": "float", "i": "int", "l": "ints", "shape": "ints", "dtype": "dtype"}.get(self.attrs[n[1]][0])
        if n[0] == "var":
            return {"oshape": "ints", "dtype": "dtype"}.get(n[1])
        if n[0] == "call" and n[1] in HELPERS:
            return HELPERS[n[1]][0]
        return None

    def value(self, n):
        """C for an ONNX value (an input of a node): a temporary holding its reference."""
        if n[0] == "var" and re.match(r"^x\d$", n[1]):
            k = int(n[1][1:])
            if self.op.variadic or k >= len(self.op.inputs):
                self.fail("%s is not an input of the op" % n[1])
            return self.emit("gir__oew_x(c, %d)" % k)
        if n[0] == "call" and n[1] in VALUE_FNS:
            if len(n[2]) != 1:
                self.fail("%s takes one argument" % n[1])
            want = VALUE_FNS[n[1]]
            if want == "ints" and self.kind(n[2][0]) == "int":
                return self.emit("gir__oew_%s(c, gir__oxe_one(%s))" % (n[1], self.scalar(n[2][0], "int")))
            return self.emit("gir__oew_%s(c, %s)" % (n[1], self.scalar(n[2][0], want)))
        if n[0] == "call" and n[1][:1].isupper():
            return self.node(n, False)
        self.fail("'%s' is not an ONNX value" % (n[1] if n[0] in ("var", "call") else n[0]))

    def emit(self, call):
        t = "v%d" % self.n
        self.n += 1
        self.stmts.append("%s = %s;" % (t, call))
        return t

    def node(self, n, last):
        ins, attrs = [], []
        for a in n[2]:
            if a[0] == "call" and a[1] in ATTR_KIND:
                if len(a[2]) != 2 or a[2][0][0] != "var":
                    self.fail("%s(name, value)" % a[1])
                attrs.append((a[1], a[2][0][1], self.scalar(a[2][1], ATTR_KIND[a[1]])))
            elif attrs:
                self.fail("the inputs of %s come before its attributes" % n[1])
            elif a == ("var", "xs"):
                if not self.op.variadic:
                    self.fail("xs: the op is not variadic")
                self.stmts.append("gir__oew_xs(c);")
                ins.append(None)
            else:
                ins.append(self.value(a))
        self.stmts.append("gir__oew_begin(c, \"%s\");" % n[1])
        for v in ins:
            self.stmts.append("gir__oew_in_xs(c);" if v is None else "gir__oew_in(c, %s);" % v)
        for fn, name, val in attrs:
            self.stmts.append("gir__oew_%s(c, \"%s\", %s);" % (fn, name, val))
        return self.emit("gir__oew_end(c, %d)" % (1 if last else 0))


def emit_onnx_out(path, lines, explicit, ops):
    """The export functions and their table."""
    table = derive(lines, ops)
    table.update(explicit)
    out = ["/* generated from the GIR_ONNX_OUT lines of ops.def and the GIR_ONNX lines that are one op "
           "(gen/10-generator/onnx_out_lower.py) */", "#define GIR__OX_OPSET %d" % OPSET]
    for op in ops:
        if op.lname not in table:
            continue
        tree, text, line = table[op.lname]
        lw = Lower(op, path, line)
        res = lw.node(tree, True)
        out.append("static gir__oxv gir__oxo_%s(gir__oew *c) {   /* ops.def:%d %s */" % (op.lname, line, text))
        out.append("    gir__oxv %s;" % ", ".join("v%d" % k for k in range(lw.n)))
        out += ["    " + s for s in lw.stmts]
        out.append("    return %s;" % res)
        out.append("}")
    missing = [op.lname for op in ops if op.lname not in table]
    out.append("/* ops without an ONNX form: %s */" % ", ".join(missing))
    out.append("static gir__oxv (*const gir__oxo_fns[%d])(gir__oew *c) = {" % (len(ops) + 1))
    out.append("    NULL,")
    out += ["    %s," % ("gir__oxo_" + op.lname if op.lname in table else "NULL") for op in ops]
    out.append("};")
    return "\n".join(out)


def exported(lines, explicit, ops):
    """The ops with an ONNX form (for the listing)."""
    t = derive(lines, ops)
    t.update(explicit)
    return [op.lname for op in ops if op.lname in t]
