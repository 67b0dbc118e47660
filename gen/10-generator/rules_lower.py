"""rules_lower.py - the rule lines of ops.def for gen/gir_gen.py, checked and collected into tables: GIR_RULE
(simplification rules) into gir__rules, which gen/80-plan/passes.c matches nodes against, GIR_FOLD (an
update folded into the op that makes its gradient) into gir__folds, which gen/80-plan/update.c matches plan steps
against, GIR_ACCUM (a sum of a product folded into the product) into gir__accums, for
gen/80-plan/accumulate.c, and GIR_JOIN (a sum of two zero-padded parts as one) into gir__joins, for the reverse
sweep (gen/60-autodiff/autodiff.c). Python 3 standard library only."""
import re
import textwrap
from gen_common import err

PATTERNS = ["ANY", "NONE", "ONE", "ADD0", "SUB0", "INT0", "SELF"]       # GIR__RP_<pattern> in gen/passes.c
RESULTS = ["X0", "X1", "X0_IN0"]                                        # GIR__RR_<result>
RULE = re.compile(r"^[ \t]*GIR_RULE\s*\(([^)]*)\)[ \t]*$", re.M)


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


def parse_oprules(path, clean, ops, macro, want):
    """[(op, ..., line)] from the macro(...) lines of ops.def, one op per role of want ({role: inputs}, in
    order): each a row of the table taking that many inputs (None: a list). The default X-macro definition is
    skipped."""
    names = {op.name: op for op in ops}
    head = "%s(%s)" % (macro, ", ".join(want))
    out = []
    for m in re.finditer(r"^[ \t]*%s\s*\(([^)]*)\)[ \t]*$" % macro, clean, re.M):
        line = clean.count("\n", 0, m.start()) + 1
        cols = [c.strip() for c in m.group(1).split(",")]
        if cols == list(want):
            continue                                        # the default X-macro definition
        if len(cols) != len(want):
            err(path, line, "%s has %d columns, this one %d" % (head, len(want), len(cols)))
        for role, op in zip(want, cols):
            if op not in names:
                err(path, line, "%s names the op %s, which is not a row of the table" % (macro, op))
            if want[role] is None and not names[op].variadic:
                err(path, line, "%s: %s is its %s, which takes a list of inputs; %s does not" % (macro, op, role, op))
            if want[role] is not None and (names[op].variadic or len(names[op].inputs) != want[role]):
                err(path, line, "%s: %s is its %s, which takes %d input(s); %s has %d"
                    % (macro, op, role, want[role], op, len(names[op].inputs)))
        out.append(tuple(cols) + (line,))
    return out


def parse_folds(path, clean, ops):
    """[(update, scale, product, negate, line)] from the GIR_FOLD lines: update and scale take two inputs,
    negate one, product two (its kernel takes a third it adds into, gen/70-kernels)."""
    return parse_oprules(path, clean, ops, "GIR_FOLD", {"update": 2, "scale": 2, "product": 2, "negate": 1})


def parse_accums(path, clean, ops):
    """[(sum, product, line)] from the GIR_ACCUM lines: both take two inputs (product's kernel takes a third it
    adds into, gen/70-kernels)."""
    return parse_oprules(path, clean, ops, "GIR_ACCUM", {"sum": 2, "product": 2})


def emit_oprules(rules, macro, name, ctype):
    """name: one row of ctype per macro line; a row whose ops a selective build leaves out holds a 0 there and
    matches no step."""
    out = ["/* generated from the %s lines of ops.def (gen/10-generator/rules_lower.py) */" % macro,
           "static const %s %s[%d] = {" % (ctype, name, max(len(rules), 1))]
    for row in rules:
        cells = ", ".join("GIR__IF(GIR__WHY_%s, GIR_OP_%s)" % (op, op) for op in row[:-1])
        out.append("    {%s},   /* ops.def:%d */" % (cells, row[-1]))
    if not rules:
        out.append("    {0},")
    out.append("};")
    return "\n".join(out)


def parse_joins(path, clean, ops):
    """[(sum, part, join, line)] from the GIR_JOIN lines: sum takes two inputs, part one, join a list."""
    return parse_oprules(path, clean, ops, "GIR_JOIN", {"sum": 2, "part": 1, "join": None})


def emit_folds(folds):
    return emit_oprules(folds, "GIR_FOLD", "gir__folds", "gir__fold_rule")


def emit_accums(accums):
    return emit_oprules(accums, "GIR_ACCUM", "gir__accums", "gir__accum_rule")


def emit_joins(joins):
    return emit_oprules(joins, "GIR_JOIN", "gir__joins", "gir__join_rule")
