"""op_listing.py - the op table as text for people: one line per op (with its DOC below it) in gir.h's header
comment and for --list, and the markdown table between the ops:begin / ops:end markers of the README.
Python 3 standard library only."""
import textwrap

from gen_common import GenError, expr_str


def oplist_rows(ops):
    """The columns of the op list, a tuple per op: name, (inputs; attributes), dtype rule, gradient, forward."""
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
    rows = oplist_rows(ops)
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
    """The README's text with the op table between its markers made anew (the rest is left as it is)."""
    b, e = "<!-- ops:begin (generated from ops.def by gen/gir_gen.py) -->\n", "<!-- ops:end -->"
    i, j = text.find(b), text.find(e)
    if i < 0 or j < i:
        raise GenError("README.md: error: no ops:begin / ops:end markers")
    return text[:i + len(b)] + readme_ops(ops) + text[j:]
