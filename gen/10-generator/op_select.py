"""op_select.py - selective builds for gen/gir_gen.py: which ops a firmware build keeps.

Every op gets GIR__HAS_<NAME> (1: kept, 0: left out) and GIR__IF_<NAME>(x) (x, or 0 when left out), from the
user's GIR_NO_OP_<NAME>, GIR_NO_OPS_<GROUP> and GIR_ONLY_OPS with GIR_WITH_OP_<NAME> / GIR_WITH_OPS_<GROUP>. The
tables (kernels, vector kernels, adjoints, shape rules) name an op's code only through GIR__IF_<NAME>, so the code
of a left-out op is unreferenced and dropped by the compiler. With GIR_ONLY_OPS the ops that a kept op's adjoint
builds (found by following the calls of the generated adjoint, the gir__ah_ helpers, ADJ_FN functions and
composite builders in the fragments) and the ops gir_grad itself builds are kept too, unless
GIR_ONLY_OPS_NO_GRAD says that the build makes no gradients. Python 3 standard library only."""
import re
import textwrap

from table import BUILTIN_SHAPES

CALL = re.compile(r"\b(gir_[A-Za-z0-9_]+)\s*\(")


def c_functions(text):
    """name -> body of each function defined at column 0 in C text (a crude splitter: enough for the fragments,
    whose functions start at column 0 and end with a '}' line)."""
    out = {}
    lines = text.split("\n")
    i = 0
    head = re.compile(r"^(?:static|GIR_API)\b[^;=]*?\b(gir_[A-Za-z0-9_]+)\s*\(")
    while i < len(lines):
        m = head.match(lines[i])
        if m and not lines[i].rstrip().endswith(";"):
            j = i
            while j < len(lines) and lines[j] != "}" and not (j == i and lines[j].rstrip().endswith("}")):
                j += 1
            out.setdefault(m.group(1), []).append("\n".join(lines[i:j + 1]))
            i = j + 1
            continue
        i += 1
    return {k: "\n".join(v) for k, v in out.items()}


def reach(funcs, roots):
    """Every function name reachable from roots through direct calls."""
    seen, todo = set(), list(roots)
    while todo:
        f = todo.pop()
        if f in seen:
            continue
        seen.add(f)
        for m in CALL.finditer(funcs.get(f, "")):
            if m.group(1) not in seen:       # generated builders are not in funcs: leaves
                todo.append(m.group(1))
    return seen


def op_dependencies(ops, frag_text, adj_code):
    """(deps, grad_core): deps[name] = names of the ops the adjoint of op name builds (itself excluded);
    grad_core = the ops that gir_grad builds on its own (seeds, sums of contributions)."""
    funcs = c_functions(frag_text + "\n" + adj_code)
    builder = {"gir_" + op.lname: op.name for op in ops}
    deps = {}
    for op in ops:
        roots = []
        if op.adj:
            roots.append("gir__adj_" + op.lname)
        if op.adj_fn:
            roots.append("gir__adjfn_" + op.adj_fn)
        seen = reach(funcs, roots)
        deps[op.name] = sorted(set(builder[f] for f in seen if f in builder) - {op.name})
    core = reach(funcs, [f for f in ("gir_grad", "gir_vjp") if f in funcs] +
                 [f for f in funcs if f.startswith("gir__grad")])
    # the driver reaches adjoints only through the table: what it builds directly is its own
    grad_core = sorted(set(builder[f] for f in core if f in builder))
    return deps, grad_core


def kept(names):
    """A C condition: some op of names is kept (0 when names is empty)."""
    return "(%s)" % (" || ".join("!GIR__WHY_%s" % n for n in names) if names else "0")


def emit_select(ops, deps, grad_core, groups):
    users = {op.name: [] for op in ops}
    for op in ops:
        for d in deps[op.name]:
            users[d].append(op)
    out = ["/* generated from ops.def: GIR__WHY_<op> is 0 for an op this build keeps, 1 for one left out by",
           "   GIR_NO_OP_<op>, 3 by GIR_NO_OPS_<group>, 2 by GIR_ONLY_OPS (no GIR_WITH_OP_<op> nor",
           "   GIR_WITH_OPS_<group>; kept then also: the ops the adjoint of a kept op builds, and the ops gir_grad",
           "   builds, unless GIR_ONLY_OPS_NO_GRAD). GIR__IF(GIR__WHY_<op>, x) is x for a kept op, else 0. */",
           "#define GIR__IF(w, x) GIR__IF_(w, x)",
           "#define GIR__IF_(w, x) GIR__IF_##w(x)",
           "#define GIR__IF_0(x) x",
           "#define GIR__IF_1(x) 0",
           "#define GIR__IF_2(x) 0",
           "#define GIR__IF_3(x) 0"]
    for op in ops:
        want = ["defined(GIR_WITH_OP_%s)" % op.name, "defined(GIR_WITH_OPS_%s)" % op.group]
        need = sorted(set("defined(GIR_WITH_OP_%s) || defined(GIR_WITH_OPS_%s)" % (u.name, u.group)
                          for u in users[op.name]))
        cond = " || ".join(want)
        if op.name in grad_core:
            cond += " || !defined(GIR_ONLY_OPS_NO_GRAD)"
        elif need:
            cond += " || (!defined(GIR_ONLY_OPS_NO_GRAD) && (%s))" % " || ".join(need)
        out += ["#if defined(GIR_NO_OP_%s)" % op.name,
                "#  define GIR__WHY_%s 1" % op.name,
                "#elif defined(GIR_NO_OPS_%s)" % op.group,
                "#  define GIR__WHY_%s 3" % op.name,
                "#elif defined(GIR_ONLY_OPS) && !(%s)" % cond,
                "#  define GIR__WHY_%s 2" % op.name,
                "#else",
                "#  define GIR__WHY_%s 0" % op.name,
                "#endif"]
    why = ["GIR__WHY_%s" % op.name for op in ops]
    lines, cur = [], []
    for w in why:
        if len(" | ".join(cur + [w])) > 100:
            lines.append(" | ".join(cur))
            cur = []
        cur.append(w)
    lines.append(" | ".join(cur))
    out.append("#define GIR__SELECTIVE (" + (" | \\\n    ".join(lines)) + ")   /* nonzero: some op is left out */")
    # the rows of the ops this build keeps: the tables per op (flags, kernels, adjoints, elementwise rows) hold a
    # row for a kept op only, gir__op_row[op] its index there (0: the "invalid" row, for a left-out op)
    out.append("enum { GIR__OPR__INVALID,")
    for op in ops:
        out += ["#if !GIR__WHY_%s" % op.name, "    GIR__OPR_%s," % op.name, "#endif"]
    out.append("    GIR__OPR__COUNT };")
    out.append("static const unsigned char gir__op_row[GIR_OP__COUNT] = {")
    out += textwrap.wrap(", ".join(["0"] + ["GIR__IF(GIR__WHY_%s, GIR__OPR_%s)" % (op.name, op.name) for op in ops]),
                         110, initial_indent="    ", subsequent_indent="    ", break_long_words=False)
    out.append("};")
    out += ["/* GIR__OP_ABSENT(op): nonzero for an op left out, its GIR__WHY_<op>; a build whose messages are status",
            "   names only needs no more than whether (a valid op has a row exactly when it is kept), and says 2 */",
            "#if defined(GIR_NO_ERROR_STRINGS)",
            "#  define GIR__OP_ABSENT(op) ((op) != 0 && !gir__op_row[op] ? 2 : 0)",
            "#else",
            "static const unsigned char gir__op_absent[GIR_OP__COUNT] = {0,"]
    out += ["    " + ", ".join(l.split(" | ")) + "," for l in lines]
    out += ["};", "#  define GIR__OP_ABSENT(op) gir__op_absent[op]", "#endif"]
    fams = {}
    for op in ops:
        fams.setdefault(op.kernel if op.fwd_expr is None else "eltwise", []).append(op.name)
    out.append("/* GIR__KEPT_K_<family>: some op of the kernel family gir__k_<family> is kept */")
    for fam in sorted(fams):
        out.append("#define GIR__KEPT_K_%s %s" % (fam, kept(fams[fam])))
    out.append("/* GIR__KEPT_SH_<rule>, GIR__KEPT_DT_<rule>: some kept op has the built-in shape or dtype rule <rule> (the "
               "builder's switches keep its case) */")
    for rule in BUILTIN_SHAPES:
        out.append("#define GIR__KEPT_SH_%s %s" % (rule, kept([op.name for op in ops if op.shape == rule])))
    for rule in ("FLOAT", "CMP", "LOGIC", "TEST", "INDEX", "ATTR"):      # the rules with a case of their own
        out.append("#define GIR__KEPT_DT_%s %s" % (rule, kept([op.name for op in ops if op.dtype == rule])))
    out.append("#define GIR__KEPT_F_EVAL_PICK1 %s   /* some kept op has the flag EVAL_PICK1 */"
               % kept([op.name for op in ops if "EVAL_PICK1" in op.flags]))
    out.append("#define GIR__KEPT_F_TUPLE %s   /* some kept op has the flag TUPLE (a call: images run sub-images) */"
               % kept([op.name for op in ops if "TUPLE" in op.flags]))
    for what, kind, name in (("AXIS", "i", "axis"), ("AXES", "l", "axes")):
        names = [op.name for op in ops if op.shape == "SAME" and any(k == kind and n == name for k, n, _ in op.attrs)]
        out.append("#define GIR__KEPT_SAME_%s %s   /* a kept op of shape rule SAME has an attribute %s:%s */"
                   % (what, kept(names), kind, name))
    out.append("static const char *const gir__group_names[%d] = {%s};" % (len(groups), ", ".join('"%s"' % g for g in groups)))
    return "\n".join(out)
