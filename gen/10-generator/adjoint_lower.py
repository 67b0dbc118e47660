"""adjoint_lower.py - the ADJ column of ops.def lowered to C: for every row with ADJ terms a function
gir__adj_<op> that builds the gradient of each needed input as nodes of the graph (a builder call per
operator, in an order fixed by the generator, not by the compiler), and the table gir__adjs through which
gir_grad finds an op's adjoint (ADJ_FN rows name a hand-written gir__adjfn_<name>).
Python 3 standard library only."""
import re

from gen_common import ARITH, CMP_OPS, GenError, emit_fn_index, expr_str, walk


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
    """Is n made of numbers and attributes only (a helper's plain C argument rather than a node)?"""
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
    """Every gir__adj_<op>, the table of adjoints and gir__adj_of. partial: the table is not the whole library,
    so an ADJ may build ops it lacks."""
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
            "static gir__adj_fn gir__adj_of(int op) { return gir__adjs[gir__adjs_ix[gir__op_row[op]]]; }"]
    return "\n".join(out)
