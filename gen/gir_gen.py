#!/usr/bin/env python3
"""gir_gen.py - expands ops.def and the C fragments in gen/ into the single header gir.h.

    python3 gen/gir_gen.py ops.def -o gir.h        write gir.h
    python3 gen/gir_gen.py ops.def --check gir.h   exit 1 (naming the fix) when gir.h is stale
    python3 gen/gir_gen.py ops.def --list          print the op table as the generator reads it
    python3 gen/gir_gen.py ops.def --readme README.md        rewrite the README's op table
    python3 gen/gir_gen.py ops.def --check-readme README.md  exit 1 when that table is stale
    --partial (with any of these): the table is not the whole library (the generator's test tables), so
    do not require the ops the C fragments use; the header it makes will not compile.

Python 3 standard library only. The output depends on nothing but the input files: no time, no
host, no dictionary order, '\n' line endings.
"""
# This file is the command and the list of the fragments; the work is done by the modules in gen/10-generator:
#   table.py          ops.def's GIR_OP rows read and checked, column by column
#   expr.py           the FWD/ADJ expression language      ref_column.py   the REF column
#   fragments.py      the C fragments read, checked against the table, and turned into parts of gir.h
#   templates.py      the *.tmpl.c templates instantiated per dtype (and instruction set)
#   c_emit.py         enum, builders, prototypes, op tables, kernel table, libm routing
#   scalar_lower.py   FWD rows as scalar C loops           simd_lower.py   FWD rows per instruction set
#   reduce_lower.py   REDUCE rows                          adjoint_lower.py  ADJ rows as node-building C
#   rules_lower.py    GIR_RULE lines                       op_select.py    selective builds (GIR_ONLY_OPS...)
#   onnx_lower.py     GIR_ONNX lines: the ONNX importer's table
#   onnx_out_lower.py GIR_ONNX_OUT lines (and the GIR_ONNX lines that are one op): the ONNX exporter's table
#   op_listing.py     the op list of gir.h's comment, --list and the README's table
#   gen_common.py     what several of them share
import hashlib
import os
import re
import sys

VERSION = "0.2.0"
HERE = os.path.dirname(os.path.abspath(__file__))
GEN_VERSION = VERSION

# The generator's own modules sit in gen/10-generator (python -I leaves the script's directory off sys.path);
# they are imported once, so this file run as a script and the helpers share one GenError.
sys.dont_write_bytecode = True
MODULES = os.path.join(HERE, "10-generator")
if MODULES not in sys.path:
    sys.path.insert(0, MODULES)
import expr  # noqa: E402
from gen_common import GenError, decode_utf8, strip_comments  # noqa: E402
from table import GROUPS, parse_ops  # noqa: E402
from fragments import check_fit, check_named_code, cold_regions, license_block, read, substitute  # noqa: E402
from templates import VMATH_TEMPLATE, VREDUCE_TEMPLATE, kernel_instances, vector_instances  # noqa: E402
from c_emit import (emit_builders, emit_enum, emit_kernel_table, emit_libm_routed, emit_opinfo,  # noqa: E402
                    emit_protos, emit_vocab)
from scalar_lower import emit_ew_kernels  # noqa: E402
from simd_lower import emit_simd_ew  # noqa: E402
from reduce_lower import emit_red_code  # noqa: E402
from adjoint_lower import emit_adjoints  # noqa: E402
from rules_lower import (emit_accums, emit_folds, emit_joins, emit_rules, parse_accums, parse_folds,  # noqa: E402
                         parse_joins, parse_rules)
from onnx_lower import emit_onnx, parse_onnx  # noqa: E402
from onnx_out_lower import emit_onnx_out, parse_onnx_out  # noqa: E402
from op_select import emit_select, op_dependencies  # noqa: E402
from op_listing import oplist_text, splice_readme  # noqa: E402

# Fragments in the order they appear in gir.h, by layer: gen/<nn-layer>/, the layers numbered in pipeline order
# (a layer uses only the layers before it). Templates are instantiated once per float dtype.
LAYERS = [
    ("20-api", ["header.h"]),
    ("30-base", ["config.c", "select.c", "handle.c", "dtype.c", "store.c", "format.c"]),
    ("40-vector", ["simd.c", "simd_avx512.c", "simd_avx2.c", "simd_neon.c", "simd_mve.c", "vmath.c", "vreduce.c",
                   "ew_loops.c"]),
    ("50-ir", ["dims.c", "graph.c", "checks.c", "shapes.c", "build.c", "func.c", "names.c", "dataref.c", "compose.c",
                "replay.c"]),
    ("60-autodiff", ["autodiff.c", "fwdmode.c"]),
    ("70-kernels", ["threads.c", "gemm.c", "gemv.c", "f32.c", "kernels.c"]),
    ("80-plan", ["passes.c", "plan_record.c", "fuse.c", "plan.c", "modes.c", "update.c", "accumulate.c", "call_steps.c", "compile.c", "run.c"]),
    ("90-library", ["init.c", "dump.c", "train.c", "trainer.c", "layers.c", "io.c", "onnx_read.c", "onnx_import.c",
                    "onnx_ops_tensor.c", "onnx_ops_nn.c", "onnx_ops_signal.c", "onnx_ops_control.c",
                    "onnx_build.c", "onnx_write.c", "image.c", "image_calls.c", "image_run.c",
                    "end.c"]),
]
FRAGMENTS = ["%s/%s" % (layer, f) for layer, files in LAYERS for f in files]
DECL_FRAGMENT = FRAGMENTS[0]
IMPL_FRAGMENTS = FRAGMENTS[1:]
TEMPLATES = ["30-base/scalar_vocab.tmpl.c", "70-kernels/kern_linalg.tmpl.c", "70-kernels/kern_nn.tmpl.c"]
# the marker each template's instances replace (a template not named here: @@TEMPLATES@@, at the end of kernels.c)
TEMPLATE_MARKERS = {"30-base/scalar_vocab.tmpl.c": "SCALAR_VOCAB"}
# Fragments whose functions run neither inside a kernel's loop nor on the path from a graph to a plan that
# gir_plan_compile takes for every node (the generic builder, the graph passes, scheduling and planning stay at the
# build's level: bench ad_overhead): shape rules, composed builders, initialisers, adjoints, forward mode, save and
# load. gcc compiles them at -O1 when the build optimises for speed (GIR__COLD in gen/30-base/config.c), which
# takes about half of the compile time of -O2. Other fragments mark such regions with a line /*@cold*/ ...
# /*@cold end*/. A function of a cold region is not inlined into the code around it (gcc does not inline across
# optimisation levels): the small helpers kernels call stay outside.
COLD_FRAGMENTS = ["50-ir/shapes.c", "50-ir/func.c", "50-ir/replay.c", "50-ir/names.c", "50-ir/dataref.c", "50-ir/compose.c", "90-library/init.c",
                  "60-autodiff/autodiff.c", "60-autodiff/fwdmode.c", "80-plan/modes.c", "90-library/io.c"]
# Fragments that run once for a model, never per node of a graph being built nor per step: the ONNX reader,
# importer and exporter, the DOT and text dumps, the one-call trainer and layers. gcc compiles them at -O0 under
# GIR__COLD (about 2 s of an -O2 build's 25 against -O1); what they do costs little beside the I/O around it.
# (io.c stays at -O1: its CRC-32 runs over every byte of a checkpoint.)
ONCE_FRAGMENTS = ["90-library/dump.c", "90-library/trainer.c", "90-library/layers.c"] + [
    "90-library/onnx_%s.c" % f for f in ("read", "import", "ops_tensor", "ops_nn", "ops_signal", "ops_control", "build",
                                               "write")]
COLD_BEGIN = "#if defined(GIR__COLD)\n#pragma GCC push_options\n#pragma GCC optimize (\"O1\")\n#endif"
ONCE_BEGIN = "#if defined(GIR__COLD)\n#pragma GCC push_options\n#pragma GCC optimize (\"O0\")\n#endif"
COLD_END = "#if defined(GIR__COLD)\n#pragma GCC pop_options\n#endif"


GEN_MODULES = ["gir_gen.py"] + ["10-generator/" + m for m in (      # the generator itself (its hash is in gir.h)
    "gen_common.py", "table.py", "expr.py", "ref_column.py", "fragments.py", "templates.py", "c_emit.py",
    "scalar_lower.py", "simd_lower.py", "reduce_lower.py", "adjoint_lower.py", "rules_lower.py", "onnx_lower.py",
    "onnx_out_lower.py", "op_select.py",
    "op_listing.py")]


def load_ops(opsdef_path, partial=False):
    """The rows of ops.def as Op objects, checked (also used by tests/oracles/make_golden.py)."""
    path = os.path.basename(opsdef_path)
    try:
        with open(opsdef_path, "rb") as f:
            opsdef = decode_utf8(path, f.read())
    except OSError as e:
        raise GenError("%s: error: cannot read it (%s)" % (opsdef_path, e.strerror))
    # the helpers an ADJ may call are the gir__ah_<name> functions of the autodiff fragment
    expr.HELPERS = set(re.findall(r"\bgir__ah_([A-Za-z0-9_]+)\s*\(", read("60-autodiff/autodiff.c")))
    ops = parse_ops(path, opsdef)
    check_fit(path, ops, DECL_FRAGMENT, IMPL_FRAGMENTS + TEMPLATES, partial)
    return ops, opsdef


def check_gen_modules():
    """Every module of gen/10-generator is in GEN_MODULES, so that a change to any of them changes gir.h's hash."""
    have = set("10-generator/" + f for f in os.listdir(MODULES) if f.endswith(".py"))
    missing = sorted(have - set(GEN_MODULES))
    if missing:
        raise GenError("gen/gir_gen.py: error: GEN_MODULES does not list gen/%s" % ", gen/".join(missing))


def markers(opsdef_path, ops, opsdef, partial):
    """What each @@MARKER@@ of the fragments stands for."""
    path = os.path.basename(opsdef_path)
    frag_text = "".join(read(f) for f in IMPL_FRAGMENTS)
    check_named_code(path, ops, frag_text, read("60-autodiff/autodiff.c"))
    adjoints = emit_adjoints(ops, partial)
    deps, grad_core = op_dependencies(ops, frag_text, adjoints)
    clean = strip_comments(opsdef_path, opsdef)
    onnx_lines = parse_onnx(path, clean, ops)
    frags = [DECL_FRAGMENT] + IMPL_FRAGMENTS + TEMPLATES + [VMATH_TEMPLATE, VREDUCE_TEMPLATE] + GEN_MODULES
    marks = {
        "VERSION": VERSION,
        "OPSDEF_SHA256": hashlib.sha256(opsdef.encode()).hexdigest(),
        "TEMPLATES_SHA256": hashlib.sha256("".join(read(f) for f in frags).encode()).hexdigest()[:16],
        "OP_ENUM": emit_enum(ops),
        "OP_PROTOS": emit_protos(ops),
        "OP_COUNT": str(len(ops)),
        "OP_DIFF_COUNT": str(sum(1 for op in ops if op.differentiable)),
        "OP_LIST": "\n".join(oplist_text(ops, docs=True)),
        "OP_INFO": emit_opinfo(ops),
        "BUILDERS": emit_builders(ops),
        "VOCAB": emit_vocab(),
        "LIBM_ROUTED": emit_libm_routed(),
        "EW_KERNELS": emit_ew_kernels(ops),
        "REDUCE_CODE": emit_red_code(ops),
        "RULES": emit_rules(parse_rules(path, strip_comments(opsdef_path, opsdef), ops), ops),
        "FOLDS": emit_folds(parse_folds(path, strip_comments(opsdef_path, opsdef), ops)),
        "ACCUMS": emit_accums(parse_accums(path, strip_comments(opsdef_path, opsdef), ops)),
        "JOINS": emit_joins(parse_joins(path, strip_comments(opsdef_path, opsdef), ops)),
        "ONNX_LINES": emit_onnx(path, onnx_lines, ops),
        "ONNX_OUT": emit_onnx_out(path, onnx_lines, parse_onnx_out(path, clean, ops), ops),
        "VMATH": vector_instances(read(VMATH_TEMPLATE), VMATH_TEMPLATE),
        "VREDUCE": vector_instances(read(VREDUCE_TEMPLATE), VREDUCE_TEMPLATE),
        "SIMD_EW_KERNELS": emit_simd_ew(ops),
        "ADJOINTS": adjoints,
        "OP_SELECT": emit_select(ops, deps, grad_core, GROUPS),
        "KERNEL_TABLE": emit_kernel_table(ops),
        "TEMPLATES": "\n".join(kernel_instances(read(t), t) for t in TEMPLATES if t not in TEMPLATE_MARKERS),
        "GROUPS": "\n".join("    GIR_GROUP_%s," % g for g in GROUPS),
    }
    marks.update({m: kernel_instances(read(t), t) for t, m in TEMPLATE_MARKERS.items()})
    return marks


def generate(opsdef_path, partial=False):
    """gir.h's text and the rows: the declarations, then the implementation fragments in their order (each with
    its markers expanded and its cold regions marked), then the licence."""
    check_gen_modules()
    ops, opsdef = load_ops(opsdef_path, partial)
    gen = markers(opsdef_path, ops, opsdef, partial)
    parts = [substitute(read(DECL_FRAGMENT), DECL_FRAGMENT, gen)]
    parts.append("#if defined(GIR_IMPLEMENTATION) && !defined(GIR_IMPLEMENTATION_DONE)\n"
                 "#define GIR_IMPLEMENTATION_DONE\n")
    for f in IMPL_FRAGMENTS:
        text = substitute(read(f), f, gen)
        if f in ONCE_FRAGMENTS:
            parts.append(cold_regions(f, text, ONCE_FRAGMENTS, ONCE_BEGIN, COLD_END))
        else:
            parts.append(cold_regions(f, text, COLD_FRAGMENTS, COLD_BEGIN, COLD_END))
    parts.append("#endif /* GIR_IMPLEMENTATION */\n")
    parts.append(license_block())
    text = "\n".join(p.rstrip("\n") + "\n" for p in parts)
    return text, ops


# ---------------------------------------------------------------------------------------------- the commands
def write_header(text, out):
    """-o: write gir.h whole, then rename it: never a half-written header."""
    tmp = out + ".tmp"
    try:
        with open(tmp, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
        os.replace(tmp, out)
    except OSError as e:
        sys.stderr.write("%s: error: cannot write it (%s)\n" % (out, e.strerror))
        if os.path.exists(tmp):
            os.remove(tmp)
        return 1
    return 0


def check_header(text, opsdef, out):
    """--check: 1, naming the first line that differs and the fix, when the file is not what -o would write."""
    try:
        with open(out, "rb") as f:
            old = f.read().decode("utf-8", "replace")
    except OSError:
        old = ""
    if old != text:
        a, b = old.split("\n"), text.split("\n")
        ln = next((i + 1 for i in range(min(len(a), len(b))) if a[i] != b[i]), min(len(a), len(b)) + 1)
        sys.stderr.write("ERROR: %s does not agree with %s + gen/ (first difference at line %d)\n"
                         "...... Fix: python3 gen/gir_gen.py %s -o %s\n" % (out, opsdef, ln, opsdef, out))
        return 1
    return 0


def readme(ops, opsdef, mode, path):
    """--readme rewrites the op table of the README when it changed; --check-readme says whether it did."""
    try:
        with open(path, "rb") as f:
            old = decode_utf8(path, f.read())
        new = splice_readme(old, ops)
    except OSError as e:
        sys.stderr.write("%s: error: cannot read it (%s)\n" % (path, e.strerror))
        return 1
    except GenError as e:
        sys.stderr.write(str(e) + "\n")
        return 1
    if mode == "--readme":
        if new != old:
            with open(path, "w", encoding="utf-8", newline="\n") as f:
                f.write(new)
        return 0
    if new != old:
        sys.stderr.write("ERROR: the op table in %s does not agree with %s\n"
                         "...... Fix: python3 gen/gir_gen.py %s --readme %s\n" % (path, opsdef, opsdef, path))
        return 1
    return 0


def list_ops(ops):
    """--list: the op table as the generator reads it."""
    for line in oplist_text(ops, ""):
        print(line)
    print("%d ops, %d differentiable" % (len(ops), sum(1 for op in ops if op.differentiable)))
    return 0


def list_names(ops):
    """--names: a line per op of what a builder's caller needs (name, parents, arguments, variadic, dtype rule,
    flags, attributes, differentiable)."""
    for op in ops:
        print(op.lname, len(op.parents), len(op.args), int(op.variadic), op.dtype,
              ",".join(op.flags) or "-", ",".join("%s:%s" % (k, n) for k, n, _ in op.attrs) or "-",
              int(op.differentiable))
    return 0


def main(argv):
    partial = "--partial" in argv[1:]
    args = [a for a in argv[1:] if a != "--partial"]
    if not args or args[0] in ("-h", "--help"):
        print(__doc__.strip())
        return 0 if args else 2
    opsdef = args[0]
    try:
        text, ops = generate(opsdef, partial)
    except GenError as e:
        sys.stderr.write(str(e) + "\n")
        return 1
    if len(args) >= 3 and args[1] == "-o":
        return write_header(text, args[2])
    if len(args) >= 3 and args[1] == "--check":
        return check_header(text, opsdef, args[2])
    if len(args) >= 3 and args[1] in ("--readme", "--check-readme"):
        return readme(ops, opsdef, args[1], args[2])
    if len(args) >= 2 and args[1] == "--list":
        return list_ops(ops)
    if len(args) >= 2 and args[1] == "--names":
        return list_names(ops)
    sys.stderr.write("usage: gir_gen.py ops.def (-o gir.h | --check gir.h | --list | --names)\n")
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
