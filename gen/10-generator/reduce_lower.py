"""reduce_lower.py - the REDUCE column form of ops.def for gen/gir_gen.py: what a reduction row computes, lowered
to the scalar double path, the f32 path and the vector path's kinds of gen/kernels.c and gen/f32.c.

    REDUCE(init, combine, finish)                       one pass over the reduced elements
    REDUCE(init, combine, finish; init, combine, finish) two passes: the second reads the first one's result as m

init is a number or inf (-inf); combine gives the new accumulator from the accumulator a and the element v
(and m); finish gives the result from a, m and n (the number of elements reduced into it). Expressions use the
vector vocabulary, + - * / and comparisons, the int attributes i0..i4 and the float attributes p0..p2.
Python 3 standard library only."""
from gen_common import VOCAB, err, expr_str, split_top, walk

# combine forms the vector path (gen/vreduce.tmpl.c) has a kind for: text of the combine -> (kind, aux)
# aux: None (no aux), "m" (the previous pass's result), "0" (zeros: a sum of squares is SQDEV about 0)
VECTOR_FORMS = {
    "(a + v)": ("GIR__VR_SUM", None), "(v + a)": ("GIR__VR_SUM", None),
    "max(v, a)": ("GIR__VR_MAX", None), "max(a, v)": ("GIR__VR_MAX", None),
    "min(v, a)": ("GIR__VR_MIN", None), "min(a, v)": ("GIR__VR_MIN", None),
    "(a + ((v - m) * (v - m)))": ("GIR__VR_SQDEV", "m"), "(a + (v * v))": ("GIR__VR_SQDEV", "0"),
    # EXPSUM adds exp(v - m) also where m is not finite; a finish that then ignores a (logsumexp's) agrees
    "(a + select(isfinite(m), exp((v - m)), 0))": ("GIR__VR_EXPSUM", "m"),
}
STAGE_VARS = ("init", {"inf"}), ("combine", {"a", "v", "inf"}), ("finish", {"a", "n", "inf"})


class Red:
    """The stages of one reduction row: [(init, combine, finish)] as expression trees."""
    def __init__(self, stages):
        self.stages = stages


def parse_reduce(path, line, op, text, parse_expr):
    stages = []
    for k, st in enumerate(split_top(text, ";")):
        parts = split_top(st)
        if len(parts) != 3:
            err(path, line, "REDUCE: a pass is 'init, combine, finish', got '%s'" % st.strip())
        trees = [parse_expr(t, path, line) for t in parts]
        for (what, allowed), tree in zip(STAGE_VARS, trees):
            check_names(path, line, op, what, tree, allowed | ({"m"} if k and what != "init" else set()))
        stages.append(tuple(trees))
    if not 1 <= len(stages) <= 2:
        err(path, line, "REDUCE has one pass or two (separated by ';'), not %d" % len(stages))
    if any(t[0] not in ("num", "var") and not (t[0] == "neg" and t[1][0] in ("num", "var")) for t, _, _ in stages):
        err(path, line, "REDUCE: init is a number, inf or -inf")
    return Red(stages)


def check_names(path, line, op, what, tree, allowed):
    nattr = {kind: sum(1 for k2, _, _ in op.attrs if k2 == kind) for kind in ("i", "f")}
    for n in walk(tree):
        if n[0] == "var":
            v = n[1]
            ok = v in allowed or (v[0] in "ip" and v[1:].isdigit() and what != "init" and
                                  int(v[1:]) < nattr["i" if v[0] == "i" else "f"])
            if not ok:
                err(path, line, "REDUCE: the %s names '%s' (it may use %s and the attributes i0.., p0..)"
                    % (what, v, ", ".join(sorted(allowed))))
        if n[0] == "call" and (n[1] not in VOCAB or len(n[2]) != VOCAB[n[1]][0]):
            err(path, line, "REDUCE: '%s' with %d argument(s) is not in the vector vocabulary" % (n[1], len(n[2])))


def lower(e, dt, names=None):
    """C for expression e in double (dt F64) or float (F32); a, v, m, n are C variables of that type (or the
    C expressions names gives)."""
    T, S, inf = ("double", "f64", "HUGE_VAL") if dt == "F64" else ("float", "f32", "HUGE_VALF")

    def go(n):
        k = n[0]
        if k == "num":
            return "((%s)%s)" % (T, n[1])
        if k == "var":
            v = n[1]
            if v == "inf":
                return inf
            if v[0] == "i" and v[1:].isdigit():
                return "((%s)i[%s])" % (T, v[1:])
            if v[0] == "p" and v[1:].isdigit():
                return "p[%s]" % v[1:] if dt == "F64" else "gir__f32_of_f64(p[%s])" % v[1:]
            return (names or {}).get(v, v)
        if k == "neg":
            return "(-%s)" % go(n[1])
        if k in ("bin", "cmp"):
            return "(%s %s %s)" % (go(n[2]), n[1], go(n[3]))
        args = [go(a) for a in n[2]]
        if n[1] == "select":
            return "(%s ? %s : %s)" % tuple(args)
        return "gir__v_%s_%s(%s)" % (n[1], S, ", ".join("(%s)%s" % (T, a) for a in args))
    return go(e)


def wraps(red):
    """A one-pass reduction an integer output accumulates in uint32_t, wrapping: combine of a, v, numbers and
    + - *, finish a, an integer init."""
    init, comb, fin = red.stages[0]
    ok = len(red.stages) == 1 and fin == ("var", "a") and init[0] == "num" and init[1].isdigit()
    return ok and all(n[0] == "num" and n[1].isdigit() or n[0] == "var" and n[1] in "av" or
                      n[0] == "bin" and n[1] in "+-*" for n in walk(comb))


def lower_wrap(e):
    if e[0] == "num":
        return "%su" % e[1]
    if e[0] == "var":
        return e[1]
    return "(%s %s %s)" % (lower_wrap(e[2]), e[1], lower_wrap(e[3]))


def cases(ops, part):
    """Distinct expressions of one part (0 init, 1 combine, 2 finish) over the rows, in row order."""
    out = []
    for op in ops:
        for st in op.red.stages:
            if expr_str(st[part]) not in [expr_str(x) for x in out]:
                out.append(st[part])
    return out


def index(lst, e):
    return [expr_str(x) for x in lst].index(expr_str(e))


def emit_red_table(ops):
    """The reductions' rows, gir__reds[gir__op_info(op)->red], and their enum (before the op table)."""
    reds = [op for op in ops if op.red]
    tabs = [cases(reds, k) for k in range(3)]
    out = ["/* generated from the REDUCE forms of ops.def (gen/reduce_lower.py): each pass's cases of gir__red_* */",
           "enum { GIR__RED__NONE,"]
    for op in reds:
        out += ["#if !GIR__WHY_%s" % op.name, "    GIR__RED_%s," % op.name, "#endif"]
    out += ["    GIR__RED__COUNT };", "static const gir__redinfo gir__reds[GIR__RED__COUNT] = {",
            "    {0, 0, {0, 0}, {0, 0}, {0, 0}, {-1, -1}},"]
    for op in reds:
        st = op.red.stages
        vec = [VECTOR_FORMS.get(expr_str(c)) for _, c, _ in st]
        vec = [v if not (v and v[1] == "0" and k) else None for k, v in enumerate(vec)]  # zeros: first pass only
        flags = ["GIR__RF_WRAP"] if wraps(op.red) else []
        if len(st) == 1 and st[0][0] in (("var", "inf"), ("neg", ("var", "inf"))):   # max, min: as NumPy
            flags.append("GIR__RF_NOEMPTY")
        flags += ["GIR__RF_ZERO << %d" % k for k, v in enumerate(vec) if v and v[1] == "0"]
        two = lambda xs: "{%s}" % ", ".join(str(x) for x in (xs + xs[-1:])[:2])
        cell = [two([index(tabs[k], s[k]) for s in st]) for k in range(3)]
        kinds = [v[0] if v and all(vec) else "-1" for v in vec]
        out += ["#if !GIR__WHY_%s" % op.name,
                "    {%d, %s, %s, %s, %s, %s}, /* %s: %s */" % (len(st), " | ".join(flags) or "0", cell[0], cell[1],
                                                          cell[2], two(kinds), op.lname, red_text(op.red)), "#endif"]
    out.append("};")
    return out


def red_text(red):
    return "; ".join(", ".join(expr_str(x) for x in st) for st in red.stages)


def switch(head, body_of, exprs, default, prelude=()):
    out = [head] + ["    " + p for p in prelude] + ["    switch (c) {"]
    for k, e in enumerate(exprs):
        out.append("    case %d: %s  /* %s */" % (k, body_of(e), expr_str(e)))
    return out + ["    default: %s" % default, "    }", "}"]


def additive(e):
    """The term t of a combine a + t or t + a (the f32 path adds it compensated), else None."""
    if e[0] == "bin" and e[1] == "+":
        if e[2] == ("var", "a"):
            return e[3]
        if e[3] == ("var", "a"):
            return e[2]
    return None


def guard(reds, pred):
    """The #if that keeps a case: some row that pred accepts is in the build."""
    return "#if " + " || ".join("!GIR__WHY_%s" % op.name for op in reds if pred(op))


def row_fn(head, unused, combs, body_of, guard_of):
    """A switch on the combine c around one loop per case (the macros GIR__RED_ROW* of gen/70-kernels/f32.c):
    the compiler keeps each case's accumulator in a register."""
    out = [head, "    int64_t j;", "    (void)j; " + " ".join("(void)%s;" % u for u in unused), "    switch (c) {"]
    for k, e in enumerate(combs):
        body = body_of(e)
        if body:
            out += [guard_of(e), "    case %d: %s; return;  /* %s */" % (k, body, expr_str(e)), "#endif"]
    return out + ["    default: return;", "    }", "}"]


def row_body(e, dt):
    """The loop of combine e in double or float (the f32 path adds the term of a + t compensated)."""
    T = "double" if dt == "F64" else "float"
    aux = "GIR__RED_AUX" if any(n == ("var", "m") for n in walk(e)) else "GIR__RED_NOAUX"
    if dt == "F32" and additive(e):
        return "GIR__RED_ROWC(%s, %s, gir__f32_add(&a, &e, %s))" % (T, aux, lower(additive(e), dt))
    return "GIR__RED_ROW(%s, %s, a = %s)" % (T, aux, lower(e, dt))


def emit_red_code(ops):
    """The scalar cases of the reductions' init and finish, in double and float, and their combines as loops over
    a row: double, float and the wrapping integer ones."""
    reds = [op for op in ops if op.red]
    inits, combs, fins = [cases(reds, k) for k in range(3)]
    out = ["/* generated from the REDUCE forms of ops.def (gen/reduce_lower.py): case c of a part of a reduction, as",
           "   gir__reds numbers them; gir__red_row_* run combine c over a row of len elements of x: into acc[0] when",
           "   one, else element j into acc[j] (aux[j]: its m); the f32 path adds the term of a + t compensated */"]
    for dt, T, S in (("F64", "double", "f64"), ("F32", "float", "f32")):
        out += switch("static GIR__INLINE %s gir__red_init_%s(int c) {" % (T, S),
                      lambda e: "return %s;" % lower(e, dt), inits, "return 0;")
        out += switch("static GIR__INLINE %s gir__red_fin_%s(int c, %s a, %s m, %s n, const int32_t *i, "
                      "const double *p) {" % (T, S, T, T, T), lambda e: "return %s;" % lower(e, dt), fins,
                      "return a;", ["(void)m; (void)n; (void)i; (void)p;"])
    uses = lambda e: guard(reds, lambda op: any(expr_str(st[1]) == expr_str(e) for st in op.red.stages))
    out += row_fn("static void gir__red_row_f64(int c, const double *x, int64_t len, int one, double *acc, "
                  "const double *aux) {", ["x", "len", "one", "acc", "aux"], combs,
                  lambda e: row_body(e, "F64"), uses)
    out += row_fn("static void gir__red_row_f32(int c, const float *x, int64_t len, int one, float *acc, float *cmp, "
                  "const float *aux) {", ["x", "len", "one", "acc", "cmp", "aux"], combs,
                  lambda e: row_body(e, "F32"), uses)
    wrap = lambda e: any(wraps(op.red) and expr_str(op.red.stages[0][1]) == expr_str(e) for op in reds)
    out += row_fn("static void gir__red_row_wrap(int c, const uint32_t *x, int64_t len, int one, uint32_t *acc) {",
                  ["x", "len", "one", "acc"], combs,
                  lambda e: wrap(e) and "GIR__RED_ROW(uint32_t, GIR__RED_NOAUX, a = %s)" % lower_wrap(e),
                  lambda e: guard(reds, lambda op: wraps(op.red) and expr_str(op.red.stages[0][1]) == expr_str(e)))
    return "\n".join(out)
