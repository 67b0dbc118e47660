"""expr.py - the expression language of ops.def's FWD and ADJ columns: the tokenizer and parser (a tree of
tuples, gen_common's expr_* helpers walk it) and the checks of a forward expression against the vector
vocabulary and of an adjoint against the table's ops and the helpers of gen/60-autodiff/autodiff.c.
Python 3 standard library only."""
import re

from gen_common import CMP_OPS, MAX_DEPTH, VOCAB, err, expr_children, tree_depth, walk  # noqa: F401

TOKEN = re.compile(r"\s*(?:(\d+\.\d*(?:[eE][-+]?\d+)?|\d+(?:[eE][-+]?\d+)?|\.\d+)|([A-Za-z_][A-Za-z0-9_]*)"
                   r"|(<=|>=|==|!=|[-+*/(),<>]))")


def tokens(s, path, line):
    """The tokens of the expression text s: ("num", text), ("id", name) or ("op", symbol)."""
    toks, i = [], 0
    while i < len(s):
        m = TOKEN.match(s, i)
        if not m or m.end() == i:
            err(path, line, "cannot read expression at '%s'" % s[i:])
        if m.group(1):
            check_number(path, line, s, m.group(1))
            toks.append(("num", m.group(1)))
        elif m.group(2):
            toks.append(("id", m.group(2)))
        else:
            toks.append(("op", m.group(3)))
        i = m.end()
        while i < len(s) and s[i].isspace():
            i += 1
    return toks


class ExprParser:
    """Recursive descent over the tokens of one expression, loosest first: a comparison of sums of products of
    signed primaries (numbers, names, calls, parenthesised expressions). The nesting of parentheses, call
    arguments and signs is counted, so that a deep expression is an error rather than a RecursionError."""

    def __init__(self, s, path, line):
        self.s, self.path, self.line = s, path, line
        self.toks, self.p, self.depth = tokens(s, path, line), 0, 0

    def peek(self):
        return self.toks[self.p] if self.p < len(self.toks) else ("end", "")

    def take(self, kind=None, val=None):
        t = self.peek()
        if (kind and t[0] != kind) or (val and t[1] != val):
            err(self.path, self.line, "in '%s': expected %s, got '%s'" % (self.s, val or kind, t[1]))
        self.p += 1
        return t

    def comparison(self):
        self.depth += 1            # parentheses and call arguments nest here
        if self.depth > MAX_DEPTH:
            err(self.path, self.line, "in '%s': parentheses nested more than %d levels deep" % (self.s, MAX_DEPTH))
        a = self.sum()
        if self.peek()[0] == "op" and self.peek()[1] in CMP_OPS:
            o = self.take()[1]
            a = ("cmp", o, a, self.sum())
        self.depth -= 1
        return a

    def sum(self):
        a = self.product()
        while self.peek()[0] == "op" and self.peek()[1] in "+-":
            o = self.take()[1]
            a = ("bin", o, a, self.product())
        return a

    def product(self):
        a = self.unary()
        while self.peek()[0] == "op" and self.peek()[1] in "*/":
            o = self.take()[1]
            a = ("bin", o, a, self.unary())
        return a

    def unary(self):
        if self.peek() == ("op", "-"):
            self.take()
            self.depth += 1
            if self.depth > MAX_DEPTH:
                err(self.path, self.line, "in '%s': more than %d signs in a row" % (self.s, MAX_DEPTH))
            a = ("neg", self.unary())
            self.depth -= 1
            return a
        return self.primary()

    def primary(self):
        t = self.take()
        if t[0] == "num":
            return ("num", t[1])
        if t[0] == "id":
            if self.peek() != ("op", "("):
                return ("var", t[1])
            self.take()
            args = []
            if self.peek() != ("op", ")"):
                args.append(self.comparison())
                while self.peek() == ("op", ","):
                    self.take()
                    args.append(self.comparison())
            self.take("op", ")")
            return ("call", t[1], args)
        if t == ("op", "("):
            e = self.comparison()
            self.take("op", ")")
            return e
        err(self.path, self.line, "in '%s': unexpected '%s'" % (self.s, t[1]))


def parse_expr(s, path, line):
    """The tree of expression text s (a FWD, ADJ term, REDUCE stage): ("num", text), ("var", name),
    ("neg", e), ("bin", op, a, b), ("cmp", op, a, b) or ("call", name, [args])."""
    s = s.strip()
    parser = ExprParser(s, path, line)
    e = parser.comparison()
    if parser.p != len(parser.toks):
        err(path, line, "in '%s': unexpected '%s'" % (s, parser.peek()[1]))
    if tree_depth(e, expr_children) > MAX_DEPTH:
        err(path, line, "'%s' is nested more than %d levels deep (split a long chain of operators)"
            % (s, MAX_DEPTH))
    return e


def check_number(path, line, s, tok):
    """A number becomes a C literal: it must be one the compilers take without a warning."""
    v = float(tok)
    mant = re.split(r"[eE]", tok)[0]
    if v in (float("inf"), float("-inf")) or (v < 2.3e-308 and re.search(r"[1-9]", mant)):
        err(path, line, "in '%s': %s is outside the range of a normal double" % (s, tok))
    if re.match(r"^\d+$", tok) and int(tok) > 2 ** 31 - 1:
        err(path, line, "in '%s': the integer %s does not fit an int; write it as a float (%.17g)" % (s, tok, v))


def check_fwd(path, line, op, e):
    names = [nm for nm, _ in op.inputs]
    fattrs = ["p%d" % k for kind, _, k in op.attrs if kind == "f"]
    for n in walk(e):
        if n[0] == "var" and n[1] not in names and n[1] not in fattrs:
            err(path, line, "FWD uses '%s', which is neither an input (%s) nor an f attribute"
                % (n[1], ", ".join(names)))
        if n[0] == "call":
            if n[1] not in VOCAB:
                err(path, line, "FWD calls '%s', which is not in the vector vocabulary" % n[1])
            if len(n[2]) != VOCAB[n[1]][0]:
                err(path, line, "'%s' takes %d argument(s)" % (n[1], VOCAB[n[1]][0]))


ADJ_VARS = {"g", "y", "i", "s0"}
HELPERS = None  # filled from gen/60-autodiff/autodiff.c


def check_adjoint(path, op, ops_by_lname):
    if not op.adj:
        return
    for term in op.adj:
        for n in walk(term):
            if n[0] == "var":
                v = n[1]
                ok = (v in ADJ_VARS or re.match(r"^x\d$", v) and int(v[1]) < max(1, len(op.parents))
                      or re.match(r"^a\d$", v) and int(v[1]) < len(op.args)
                      or re.match(r"^p\d$", v) and int(v[1]) < attr_count(op, "f")
                      or re.match(r"^i\d$", v) and int(v[1]) < attr_count(op, "i"))
                if v == "i" and not op.variadic:
                    ok = False
                if v == "s0" and attr_count(op, "seed") == 0:
                    ok = False
                if not ok:
                    err(path, op.line, "ADJ of %s names '%s', which is not g, y, an input or an attribute"
                        % (op.name, v))
            if n[0] == "call":
                f = n[1]
                if f in ops_by_lname:
                    target = ops_by_lname[f]
                    want = len(target.inputs) + len(target.attrs)
                    if target.variadic:
                        err(path, op.line, "ADJ of %s calls variadic op '%s'" % (op.name, f))
                    if len(n[2]) != want:
                        err(path, op.line, "ADJ of %s: '%s' takes %d argument(s), given %d"
                            % (op.name, f, want, len(n[2])))
                elif f not in HELPERS:
                    err(path, op.line, "ADJ of %s calls '%s', which is neither an op nor a helper "
                        "gir__ah_%s in gen/60-autodiff/autodiff.c" % (op.name, f, f))


def attr_count(op, kind):
    return sum(1 for k, _, _ in op.attrs if k == kind)
