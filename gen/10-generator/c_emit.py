"""c_emit.py - the C that gir.h declares and tabulates for every row of ops.def: the enum gir_op and the
X-macro GIR_OPS, the builders gir_<op>() and their prototypes, the op information tables (names, groups, flags,
rows of the ops a build keeps), the kernel table, and the libm routing and scalar wrappers of the vector
vocabulary. Python 3 standard library only."""
import hashlib
import textwrap

from gen_common import VOCAB, emit_fn_index
from reduce_lower import emit_red_table
from table import BUILTIN_SHAPES

LIBM_EXTRA = ["fabs", "sqrt", "exp", "log"]   # also used by hand-written kernels


# ---------------------------------------------------------------------------------------------- builders
ATTR_CTYPE = {"f": "double", "i": "int", "l": "gir_ints", "shape": "gir_shape", "dtype": "gir_dtype",
              "seed": "uint64_t", "data": "const void *"}


def builder_params(op):
    """The C parameters of gir_<op>(): the graph, the inputs (a count and an array for a variadic op), then the
    attributes in the row's order."""
    ps = ["gir_graph *g"]
    if op.variadic:
        ps += ["int n", "const gir_node *%s" % op.inputs[0][0]]
    else:
        ps += ["gir_node %s" % nm for nm, _ in op.inputs]
    for kind, nm, _ in op.attrs:
        t = ATTR_CTYPE[kind]
        ps.append(t + ("" if t.endswith("*") else " ") + nm)
    return ps


def attr_store(kind, nm, k):
    """The statement that puts attribute parameter nm into its slot of the builder's gir_attr A."""
    return {"f": "A.f[%d] = %s;" % (k, nm), "i": "A.i[%d] = (int32_t)%s;" % (k, nm),
            "l": "A.l[%d] = %s;" % (k, nm), "shape": "A.shape = %s;" % nm,
            "dtype": "A.dtype = (int32_t)%s;" % nm, "seed": "A.seed = %s;" % nm,
            "data": "A.data = %s;" % nm}[kind]


def emit_builders(ops):
    """The builder of every op: its inputs and attributes packed for gir_op_build, the generic builder."""
    out = []
    for op in ops:
        out.append("GIR_API gir_node gir_%s(%s) {" % (op.lname, ", ".join(builder_params(op))))
        aref = "&A" if op.attrs else "NULL"      # a row without attributes passes none (all zeros)
        if op.attrs:
            out.append("    gir_attr A;")
        if not op.variadic and op.inputs:
            out.append("    gir_node in[%d];" % len(op.inputs))
        if op.attrs:
            out.append("    gir_attr_zero(&A);")
        for j, (nm, _) in enumerate(op.inputs if not op.variadic else []):
            out.append("    in[%d] = %s;" % (j, nm))
        for kind, nm, k in op.attrs:
            out.append("    " + attr_store(kind, nm, k))
        if op.variadic:
            out.append("    return gir_op_build(g, GIR_OP_%s, n, %s, %s);" % (op.name, op.inputs[0][0], aref))
        elif op.inputs:
            out.append("    return gir_op_build(g, GIR_OP_%s, %d, in, %s);" % (op.name, len(op.inputs), aref))
        else:
            out.append("    return gir_op_build(g, GIR_OP_%s, 0, NULL, %s);" % (op.name, aref))
        out.append("}")
    return "\n".join(out)


def emit_protos(ops):
    """The builders' prototypes for the public header, under a comment per group."""
    out = []
    group = None
    for op in ops:
        if op.group != group:
            group = op.group
            out.append("/* %s */" % group.lower())
        out.append("GIR_API gir_node gir_%s(%s);" % (op.lname, ", ".join(builder_params(op))))
    return "\n".join(out)


def emit_enum(ops):
    """The enum gir_op (0 is no op) and the X-macro GIR_OPS over the rows."""
    out = ["typedef enum gir_op {", "    GIR_OP__INVALID = 0,"]
    for op in ops:
        out.append("    GIR_OP_%s," % op.name)
    out.append("    GIR_OP__COUNT")
    out.append("} gir_op;")
    out.append("/* every op as X(NAME, name, GROUP), in table order: GIR_OP_##NAME is its value, gir_##name its")
    out.append("   builder, GIR_GROUP_##GROUP its group (ops.def itself is the X-macro with every column) */")
    out.append("#define GIR_OPS(X) \\")
    out += ["    X(%s, %s, %s)%s" % (op.name, op.lname, op.group, " \\" if k + 1 < len(ops) else "")
            for k, op in enumerate(ops)]
    return "\n".join(out)


# ---------------------------------------------------------------------------------------------- op tables
def shape_id(op):
    """The shape rule of a row as gir__opinfo holds it: a built-in rule, or FN for a gir__sh_<name> function."""
    return "GIR__SH_" + (op.shape if op.shape in BUILTIN_SHAPES else "FN")


def emit_opinfo(ops):
    """The tables of what the passes ask of an op: names, groups, input names, flags, reductions and the rows
    gir__ops, with a row only for the ops a build keeps."""
    out = ["static gir_status gir__sh_%s(gir__bctx *b);" % nm
           for nm in sorted(set(op.shape for op in ops if op.shape not in BUILTIN_SHAPES))]
    names, first = [], {}
    for op in ops:                       # the inputs' names in builder (IN) order, for messages
        first[op.name] = len(names)
        names += [nm for nm, _ in op.inputs]
    words = sorted(set(names)) or [""]   # each distinct name once; gir__in_names holds indices into them
    out.append("static const char *const gir__in_words[%d] = {%s};" % (len(words), ", ".join('"%s"' % w for w in words)))
    out.append("static const unsigned char gir__in_names[%d] = {%s};"
               % (max(len(names), 1), ", ".join(str(words.index(nm)) for nm in names) or "0"))
    def table(head, cells):             # a C array initialiser, wrapped
        return [head + " {"] + textwrap.wrap(", ".join(cells), 110, initial_indent="    ",
                                             subsequent_indent="    ", break_long_words=False) + ["};"]
    # the table's fingerprint: op numbers, inputs and attributes; a plan image (gen/90-library/image.c) records it, so an
    # image opens only in a gir.h whose ops mean what they meant to its writer
    sig = "\n".join("%s(%s)[%s]" % (op.lname, ",".join(nm for nm, _ in op.inputs),
                                     ",".join("%s:%s:%d" % a for a in op.attrs)) for op in ops)
    out.append("#define GIR__OPS_HASH 0x%08xu" % (int(hashlib.sha256(sig.encode()).hexdigest()[:8], 16)))
    out += table("static const char *const gir__op_names[GIR_OP__COUNT] =",
                 ['"invalid"'] + ['"%s"' % op.lname for op in ops])
    out += table("static const unsigned char gir__op_groups[GIR_OP__COUNT] =",
                 ["0"] + ["GIR_GROUP_" + op.group for op in ops])
    out += emit_red_table(ops)       # the rows of the kept ops (gir__op_row) come with the selection: op_select.py
    # flags and reductions in tables of their own: plan images test them without linking gir__ops (shape rules)
    for head, cell in (("static const uint16_t gir__op_flags[GIR__OPR__COUNT]", lambda op: " | ".join(
            "GIR__F_" + f for f in op.flags) or "0"), ("static const unsigned char gir__op_red[GIR__OPR__COUNT]",
            lambda op: "GIR__RED_" + op.name if op.red else "0")):
        out += [head + " = {", "    0,"]
        for op in ops:
            out += ["#if !GIR__WHY_%s" % op.name, "    %s,   /* %s */" % (cell(op), op.lname), "#endif"]
        out.append("};")
    out += ["static const gir__opinfo gir__ops[GIR__OPR__COUNT] = {",
           "    {\"\", \"\", 0, 0, 0u, 0, 0, 0, 0, 0, 0, -1, -1}, /* invalid */"]
    for op in ops:
        attrs = ",".join("%s:%s" % (k, n) for k, n, _ in op.attrs)
        shapefn = "gir__sh_%s" % op.shape if op.shape not in BUILTIN_SHAPES else "0"
        reason = op.no_adj if op.no_adj is not None else ""
        argmask = sum(1 << j for j, (_, a) in enumerate(op.inputs) if a)
        axis_i = next((k for kind, nm, k in op.attrs if kind == "i" and nm == "axis"), -1)
        axes_l = next((k for kind, nm, k in op.attrs if kind == "l" and nm == "axes"), -1)
        out += ["#if !GIR__WHY_%s" % op.name,
                "    {\"%s\", \"%s\", %s, %d, %du, %d, %d, %d, GIR__DT_%s, %s, %d, %d, %d}, /* %s */"
                % (attrs, reason.replace('"', '\\"'), shapefn, first[op.name], argmask, len(op.parents),
                   len(op.args), 1 if op.variadic else 0, op.dtype, shape_id(op),
                   1 if op.differentiable else 0, axis_i, axes_l, op.lname),
                "#endif"]
    out.append("};")
    out.append("/* the row of an op (0 < op < GIR_OP__COUNT): the \"invalid\" row, all zeros, for a left-out op */")
    out.append("static const gir__opinfo *gir__op_info(int op) { return &gir__ops[gir__op_row[op]]; }")
    return "\n".join(out)


def emit_kernel_table(ops):
    """The kernel of every op, through a byte per op into the kernels a build keeps."""
    out = emit_fn_index(ops, "gir__kernel_fn", "gir__kernels", "KFN", lambda op: "gir__k_eltwise"
                        if op.fwd_expr is not None else "gir__k_" + op.kernel)
    out += ["/* the kernel of an op, 0 if it is left out */",
            "static gir__kernel_fn gir__kernel_of(int op) { return gir__kernels[gir__kernels_ix[gir__op_row[op]]]; }"]
    return "\n".join(out)


# ---------------------------------------------------------------------------------------------- libm
def emit_libm_routed():
    """GIR__LIBM_ROUTED when the user routes every libm function gir.h calls: then <math.h> is not included.
    exp for f32 is gir.h's own (gen/30-base/config.c: gir__expf), so GIR_EXPF need not be among them."""
    names = []
    for fn in sorted(set(list(VOCAB) + LIBM_EXTRA)):
        ent = VOCAB.get(fn)
        if ent[2] if ent else fn:
            names += [n for n in ("GIR_%sF" % fn.upper(), "GIR_%s" % fn.upper()) if n != "GIR_EXPF"]
    conds = ["defined(%s)" % n for n in names]
    lines = ["#if " + conds[0]]
    for c in conds[1:]:
        lines[-1] += " && \\"
        lines.append("    " + c)
    return "\n".join(lines + ["#  define GIR__LIBM_ROUTED 1", "#endif"])


def emit_vocab():
    """GIR_<FN>F and GIR_<FN>: the libm function each name of the vocabulary calls (a user may route it), and
    the scalar wrappers gir__<fn>_f32 and gir__<fn>_f64 the generated scalar loops call."""
    out = []
    for fn in sorted(set(list(VOCAB) + LIBM_EXTRA)):
        ent = VOCAB.get(fn)
        libm = ent[2] if ent else fn
        if libm:
            U = fn.upper()
            out.append("#ifndef GIR_%sF" % U)
            out.append("#  define GIR_%sF %sf" % (U, libm))
            out.append("#endif")
            out.append("#ifndef GIR_%s" % U)
            out.append("#  define GIR_%s %s" % (U, libm))
            out.append("#endif")
    for fn in sorted(set(list(VOCAB) + LIBM_EXTRA)):
        ent = VOCAB.get(fn)
        libm = ent[2] if ent else fn
        if libm:
            U = fn.upper()
            out.append("static GIR__INLINE float gir__%s_f32(float x) { return GIR_%sF(x); }" % (fn, U)
                       if (ent is None or ent[0] == 1) else
                       "static GIR__INLINE float gir__%s_f32(float x, float y) { return GIR_%sF(x, y); }" % (fn, U))
            out.append("static GIR__INLINE double gir__%s_f64(double x) { return GIR_%s(x); }" % (fn, U)
                       if (ent is None or ent[0] == 1) else
                       "static GIR__INLINE double gir__%s_f64(double x, double y) { return GIR_%s(x, y); }" % (fn, U))
    return "\n".join(out)
