"""rules_lower.py - the rule lines of ops.def for gen/gir_gen.py, checked and collected into tables: GIR_RULE
(simplification rules) into gir__rules, which gen/80-plan/passes.c matches nodes against, and GIR_FOLD (an
update folded into the op that makes its gradient) into gir__folds, which gen/80-plan/update.c matches plan steps
against. Python 3 standard library only."""
import re
import textwrap
from gen_common import err

PATTERNS = ["ANY", "NONE", "ONE", "ADD0", "SUB0", "INT0", "SELF"]       # GIR__RP_<pattern> in gen/passes.c
RESULTS = ["X0", "X1", "X0_IN0"]                                        # GIR__RR_<result>
RULE = re.compile(r"^[ \t]*GIR_RULE\s*\(([^)]*)\)[ \t]*$", re.M)
FOLD = re.compile(r"^[ \t]*GIR_FOLD\s*\(([^)]*)\)[ \t]*$", re.M)


def parse_rules(path, clean, ops):
    """[(op, in0, in1, result, line)] from the comment-free text of ops.def."""
    names = {op.name: op for op in ops}
    out = []
    for m in RULE.finditer(clean):
        line = clean.count("\n", 0, m.start()) + 1
        cols = [c.strip() for c in m.group(1).split(",")]
        if cols == ["op", "in0", "in1", "result"]:
            continue                                        # the default X-macro definition
        if len(cols) != 4:
            err(path, line, "GIR_RULE(op, in0, in1, result) has 4 columns, this one %d" % len(cols))
        op, in0, in1, res = cols
        if op not in names:
            err(path, line, "GIR_RULE names the op %s, which is not a row of the table" % op)
        for p in (in0, in1):
            if p not in PATTERNS:
                err(path, line, "unknown rule pattern '%s' (one of %s)" % (p, ", ".join(PATTERNS)))
        if res not in RESULTS:
            err(path, line, "unknown rule result '%s' (one of %s)" % (res, ", ".join(RESULTS)))
        if in0 == "NONE" or (res == "X1" and in1 == "NONE") or (res == "X0_IN0" and in0 != "SELF"):
            err(path, line, "GIR_RULE(%s): in0 is an input, X1 needs in1 and X0_IN0 needs in0 SELF" % op)
        nin = 1 if in1 == "NONE" else 2
        o = names[op]
        if not o.variadic and len(o.inputs) != nin:
            err(path, line, "GIR_RULE(%s) matches %d input(s); the op has %d" % (op, nin, len(o.inputs)))
        out.append((op, in0, in1, res, line))
    return out


def emit_rules(rules, ops):
    """gir__rules, the rows grouped by op in table order (an op's own rows keep the order of ops.def: the first
    that matches wins), and gir__rule_at, an op's first row (0: it has none)."""
    order = {op.name: k for k, op in enumerate(ops)}
    rows = sorted(rules, key=lambda r: order[r[0]])
    at = {}
    for k, r in enumerate(rows):
        at.setdefault(r[0], k + 1)
    out = ["/* generated from the GIR_RULE lines of ops.def (gen/rules_lower.py), grouped by op; row 0 matches no node */",
           "static const gir__rule gir__rules[%d] = {" % (len(rows) + 1), "    {0, {0, 0}, 0},"]
    for op, in0, in1, res, line in rows:
        out.append("    {GIR__IF(GIR__WHY_%s, GIR_OP_%s), {GIR__RP_%s, GIR__RP_%s}, GIR__RR_%s},   /* ops.def:%d */"
                   % (op, op, in0, in1, res, line))
    out.append("};")
    cells = ["0"] + [str(at.get(op.name, 0)) for op in ops]
    out.append("/* the first row of gir__rules of each op, 0 for none; its rows follow it */")
    out.append("static const unsigned char gir__rule_at[GIR_OP__COUNT] = {")
    out += textwrap.wrap(", ".join(cells), 110, initial_indent="    ", subsequent_indent="    ")
    out.append("};")
    return "\n".join(out)


def parse_folds(path, clean, ops):
    """[(update, scale, product, negate, line)] from the GIR_FOLD lines: update and scale take two inputs,
    negate one, product two (its kernel takes a third it adds into, gen/70-kernels)."""
    names = {op.name: op for op in ops}
    want = {"update": 2, "scale": 2, "product": 2, "negate": 1}
    out = []
    for m in FOLD.finditer(clean):
        line = clean.count("\n", 0, m.start()) + 1
        cols = [c.strip() for c in m.group(1).split(",")]
        if cols == list(want):
            continue                                        # the default X-macro definition
        if len(cols) != 4:
            err(path, line, "GIR_FOLD(update, scale, product, negate) has 4 columns, this one %d" % len(cols))
        for role, op in zip(want, cols):
            if op not in names:
                err(path, line, "GIR_FOLD names the op %s, which is not a row of the table" % op)
            if names[op].variadic or len(names[op].inputs) != want[role]:
                err(path, line, "GIR_FOLD: %s is its %s, which takes %d input(s); %s has %d"
                    % (op, role, want[role], op, len(names[op].inputs)))
        out.append(tuple(cols) + (line,))
    return out


def emit_folds(folds):
    """gir__folds: one row per GIR_FOLD line; a row whose ops a selective build leaves out holds a 0 there and
    matches no step."""
    out = ["/* generated from the GIR_FOLD lines of ops.def (gen/10-generator/rules_lower.py) */",
           "static const gir__fold_rule gir__folds[%d] = {" % max(len(folds), 1)]
    for row in folds:
        cells = ", ".join("GIR__IF(GIR__WHY_%s, GIR_OP_%s)" % (op, op) for op in row[:4])
        out.append("    {%s},   /* ops.def:%d */" % (cells, row[4]))
    if not folds:
        out.append("    {0, 0, 0, 0},")
    out.append("};")
    return "\n".join(out)
