#!/usr/bin/env python3
"""run.py - `make bench`: gir.h against its anchors, side by side in one run, printed as ratios.

    run.py GIR_BENCH [BLAS_BENCH|-] [--rounds N] [--flags "CFLAGS"] [--cc CC] [--ort ORT_DIR] [NAME ...]

Each round runs gir.h's workloads, then OpenBLAS (AVX-512 core type where the CPU has it, and the default core
type, which stands in for it in the lines that have no default-core-type line of their own), then NumPy
and PyTorch, so a drift of the machine's speed touches both sides of a ratio alike. After the rounds each
figure is the median over rounds (each program reports its own median of repetitions) and every comparison
prints one line:

    bench <name> gir=<value> <anchor>=<value> <unit> ratio=<x.xx>      (ratio > 1: gir.h is better)

A missing anchor is said and skipped; nothing is installed.

The ort_* lines are inference against ONNX Runtime (onnxruntime-node in ORT_DIR, default build/ort, as
`make onnx-ort` installs it; run by node): before the rounds bench/onnx_models.py exports the models from
PyTorch into GIR_BENCH's folder (bench_onnx/: the MLP 784-256-256-10, the CNN of cnn_train_b32, an identity
model; a batch dimension each, opset 17, seed 1) with their input data and PyTorch's outputs. In each round
gir_bench imports each model (the batch given as a dim at import), compiles it once and times gir_plan_run, and
bench/ort_bench.js times session.run on 1 thread (intraOpNumThreads 1, interOpNumThreads 1, graph optimization
'all', sequential); both first check their output against PyTorch's. Times are microseconds per run call:

    bench ort_mlp_b1 gir=<us> ort=<us> us ratio=<ort/gir>      (batch 1; also ort_mlp_b64, ort_cnn_b32)
    bench ort_call_overhead gir=<us> ort=<us> us               (the identity model, [1, 784]: what a run call
                                                                 costs each side when the model does nothing)

ONNX Runtime's time includes its JavaScript binding (a tensor per output, a promise resumed from setImmediate);
ort_call_overhead measures that, so subtract it from ort= to judge the batch-1 line. Without node, the package or
the export (PyTorch), each ort_* line is `bench <name> skip: <reason>`.

Every training line (mlp_train_*, mlp_adam_b64, cnn_train_b32) runs the plan users build: gradients and the
optimizer's updates (gir_optim_updates) in one plan, the updates written into the variables by the plan itself.
mlp_train_b1_copy is the same step with the update computed as plan outputs and copied back into the variables
by the caller (the way these lines ran before): a labelled comparison, so a regression of the in-plan path shows.
mlp_train_b64_2t is the batch-64 SGD step on 2 threads (the built-in pool) against the same plan on 1 thread,
timed in alternation. arena_mlp_b1 is the batch-1 SGD plan's arena against the liveness bound of its own order.

lstm_train_t64 is one training step of torch.nn.LSTM(32, 128) over 64 steps at batch 16 (gir_lstm: its cell run by
gir_scan), a linear head 128 -> 10 on every step's hidden state, mean cross-entropy, Adam lr 1e-3 in the plan,
against the same model and step in PyTorch (nn.LSTM, nn.Linear, torch.optim.Adam; 1 thread), in ms:

    bench lstm_train_t64 gir=<ms> torch=<ms> ms ratio=<torch/gir>

scan_overhead is what a step of gir_scan costs: c' = tanh(c * w + x_t) on f32 scalars, 100,000 steps, forward,
against the same 100,000 steps unrolled into one graph (slice t of xs, then the same ops), both compiled once and
timed in alternation by gir_bench, in ns per step:

    bench scan_overhead gir=<ns> unrolled=<ns> ns ratio=<unrolled/scan>

mlp_b1_traffic is the memory one training step of the MLP 784-256-256-10 at batch 1 moves, built as users build
it (gir_dense, gir_train_compile, SGD), from the plan's own counts (gir_plan_stats bytes_read + bytes_written),
against the floor of 3 x the weights' bytes (a read for the forward pass, a read-modify-write for the update).

compile_impl_o2 is the CPU time (user + system, of the compiler and its subprocesses) of
`CC -std=c99 -O2 -c tests/compile/impl.c`, the translation unit that defines GIR_IMPLEMENTATION, once a round,
against its budget of 8 s.
"""
import os
import platform
import resource
import statistics
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
# name, anchor, unit; for time units a lower value is better
COMPARISONS = [
    ("sgemm_64", "openblas", "GFLOP/s"), ("sgemm_256", "openblas", "GFLOP/s"),
    ("sgemm_1024", "openblas", "GFLOP/s"), ("sgemm_2048", "openblas", "GFLOP/s"),
    ("sgemm_64", "openblas_default", "GFLOP/s"), ("sgemm_1024", "openblas_default", "GFLOP/s"),
    ("mlp_train_b64", "torch", "ms"), ("mlp_train_b1", "torch", "ms"), ("mlp_adam_b64", "torch", "ms"),
    ("mlp_train_b1_copy", "torch", "ms"), ("mlp_train_b64_2t", "gir_1t", "ms"),
    ("ad_overhead", "torch", "us/op"),
    ("fused_tanh_16m", "numpy", "GB/s"), ("exp_1m", "numpy", "GB/s"), ("tanh_1m", "numpy", "GB/s"),
    ("softmax_16m", "numpy", "GB/s"),
    ("sgemm_1024_2t", "gir_1t", "GFLOP/s"),
    ("cnn_train_b32", "torch", "ms"), ("lstm_train_t64", "torch", "ms"),
    ("scan_overhead", "unrolled", "ns"),                                             # per step, see above
    ("cse_nodes_mlp", "before", "nodes"), ("cse_nodes_d4", "before", "nodes"),
    ("arena_mlp_b64", "lower_bound", "KiB"), ("arena_mlp_b1", "lower_bound", "KiB"), ("arena_vs_naive", "naive", "KiB"),   # sizes, printed by gir_bench
    ("meta_bytes_per_node", "before", "bytes"), ("mlp_b1_traffic", "floor", "bytes"),
    ("m4_infer_instr", "hand", "instr"), ("m4_train_instr", "hand", "instr"),      # bench/m4/run.sh, under qemu:
    ("m4_infer_instr_packed", "hand", "instr"), ("m4_train_instr_packed", "hand", "instr"),   # the two builds
    ("m4_train_ram", "aifes", "bytes"),                                              # and the device's RAM
    ("compile_impl_o2", "budget", "s"),                                              # timed here, see above
    ("ort_mlp_b1", "ort", "us"), ("ort_mlp_b64", "ort", "us"), ("ort_cnn_b32", "ort", "us"),
    ("ort_call_overhead", "ort", "us"),                                              # no ratio: see above
]
LOWER_IS_BETTER = {"ms", "us/op", "nodes", "KiB", "bytes", "instr", "s", "us", "ns"}
M4_NAMES = {"m4_infer_instr", "m4_train_instr", "m4_infer_instr_packed", "m4_train_instr_packed", "m4_train_ram"}
COMPILE_NAMES = {"compile_impl_o2"}
ORT_NAMES = {"ort_mlp_b1", "ort_mlp_b64", "ort_cnn_b32", "ort_call_overhead"}
NO_RATIO = {"ort_call_overhead"}
# Fixed anchors: figures of an earlier gir.h, measured once. meta_bytes_per_node: a node record (56 bytes) plus the
# full attribute block it copied (176 bytes), 232 bytes, as the issue measured it. gir.h's side (bench/gir_bench.c):
# the bytes the graph's allocator handed out while the MLP 64-32-10 training graph (gradients, SGD updates as
# assign nodes) was built with the capacity hints gir_graph_usage gave for a first build, gir_grad's work arrays
# included, minus the bytes of the constants' and variables' values, divided by the node count.
# m4_train_ram's anchor: AIfES 2.2 training the same 64-32-10 MLP with SGD at batch 16 on a Cortex-M4F at -Os, as the
# firmware issue measured it: 28.1 KB of RAM and 8.4 KB of stack, 36,544 bytes.
FIXED = {("before", "meta_bytes_per_node"): (232.0, "bytes"), ("budget", "compile_impl_o2"): (8.0, "s"),
         ("aifes", "m4_train_ram"): (36544.0, "bytes")}



def has_avx512():
    """Whether this CPU has AVX-512F (Linux's /proc/cpuinfo; False where it cannot be read)."""
    try:
        with open("/proc/cpuinfo") as f:
            return any(line.startswith("flags") and " avx512f" in line for line in f)
    except OSError:
        return False

def compile_seconds(cc):
    """CPU seconds of compiling tests/compile/impl.c at -O2 with cc, or None when the compiler fails."""
    src = os.path.join(HERE, "..", "tests", "compile", "impl.c")
    with tempfile.TemporaryDirectory() as tmp:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        try:
            rc = subprocess.run(cc.split() + ["-std=c99", "-O2", "-c", src, "-o", os.path.join(tmp, "impl.o")],
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, timeout=1800)
        except (OSError, subprocess.TimeoutExpired) as e:
            sys.stderr.write("run.py: %s: %s\n" % (cc, e))
            return None
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if rc.returncode != 0:
        sys.stderr.write("run.py: %s -O2 -c tests/compile/impl.c exited %d: %s\n" % (cc, rc.returncode, rc.stderr[-500:]))
        return None
    return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def ort_ready(ort_dir, model_dir):
    """None when the ort_* lines can run (the models are exported into model_dir), else why not."""
    if not shutil.which("node"):
        return "no node on PATH (apt-get install nodejs npm; make onnx-ort)"
    if not os.path.isdir(os.path.join(ort_dir, "node_modules", "onnxruntime-node")):
        return "%s/node_modules/onnxruntime-node is missing (make onnx-ort)" % ort_dir
    if not os.path.exists("/usr/bin/python3"):
        return "no /usr/bin/python3 to export the models from PyTorch"
    try:
        out = subprocess.run(["/usr/bin/python3", os.path.join(HERE, "onnx_models.py"), model_dir],
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=600)
    except (OSError, subprocess.TimeoutExpired) as e:
        return "bench/onnx_models.py: %s" % e
    if out.returncode != 0:
        return "bench/onnx_models.py failed: %s" % (out.stdout.strip().splitlines() or ["?"])[-1]
    return None


def run(cmd, env=None):
    try:
        out = subprocess.run(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=1800)
    except (OSError, subprocess.TimeoutExpired) as e:
        sys.stderr.write("run.py: %s: %s\n" % (cmd[0], e))
        return []
    if out.returncode != 0:
        sys.stderr.write("run.py: %s exited %d: %s\n" % (" ".join(cmd), out.returncode, out.stderr.strip()[-500:]))
    elif out.stderr.strip():
        sys.stderr.write(out.stderr)
    rows = []
    for line in out.stdout.splitlines():
        f = line.split()
        if len(f) == 4:
            try:
                rows.append((f[0], f[1], float(f[2]), f[3]))
            except ValueError:
                pass
    return rows


def main(argv):
    rounds, flags, names, progs, cc = 3, "?", [], [], os.environ.get("CC", "cc")
    ort_dir = os.path.join(HERE, "..", "build", "ort")
    k = 1
    while k < len(argv):
        if argv[k] == "--rounds":
            rounds = int(argv[k + 1]); k += 2
        elif argv[k] == "--flags":
            flags = argv[k + 1]; k += 2
        elif argv[k] == "--cc":
            cc = argv[k + 1]; k += 2
        elif argv[k] == "--ort":
            ort_dir = argv[k + 1]; k += 2
        elif len(progs) < 2 and (os.sep in argv[k] or argv[k] == "-"):
            progs.append(argv[k]); k += 1
        else:
            names.append(argv[k]); k += 1
    gir, blas = progs[0], progs[1] if len(progs) > 1 and progs[1] != "-" else None
    wanted = [n for n, _, _ in COMPARISONS if not names or n in names]
    print("machine: %s, %d cores; %s; gir.h built with: %s; %s" % (
        platform.processor() or platform.machine(), os.cpu_count() or 0, platform.platform(), flags,
        time.strftime("%Y-%m-%d")))
    if not blas:
        print("note: OpenBLAS anchor skipped (apt-get install libopenblas-dev)")
    elif not has_avx512():
        print("note: this CPU has no AVX-512: OpenBLAS runs with its default core type only")
    if not os.path.exists("/usr/bin/python3"):
        print("note: NumPy/PyTorch anchors skipped (no /usr/bin/python3)")
    vals = {}
    if M4_NAMES & set(wanted):      # instruction counts under qemu -icount do not vary: one run, outside the rounds
        for src, name, v, unit in run(["sh", os.path.join(HERE, "m4", "run.sh")]):
            vals.setdefault((src, name), []).append((v, unit))
    for r in range(rounds if COMPILE_NAMES & set(wanted) else 0):
        secs = compile_seconds(cc)
        if secs is not None:
            vals.setdefault(("gir", "compile_impl_o2"), []).append((secs, "s"))
    model_dir = os.path.join(os.path.dirname(os.path.abspath(gir)), "bench_onnx")
    ort_skip = ort_ready(ort_dir, model_dir) if ORT_NAMES & set(wanted) else None
    ort = sorted(ORT_NAMES & set(wanted)) if not ort_skip else []
    rest = [n for n in wanted if n not in M4_NAMES and n not in COMPILE_NAMES and (n not in ORT_NAMES or ort)]
    for r in range(rounds if rest else 0):
        rows = run([gir] + sorted(set(rest)), dict(os.environ, GIR_BENCH_ONNX=model_dir))
        others = [n for n in rest if n not in ORT_NAMES]
        if blas and others:
            if has_avx512():                 # the AVX-512 core type stops with SIGILL on a CPU without it
                env = dict(os.environ, OPENBLAS_NUM_THREADS="1", OPENBLAS_CORETYPE="SkylakeX")
                rows += run([blas] + others, env)
            env = dict(os.environ, OPENBLAS_NUM_THREADS="1")
            env.pop("OPENBLAS_CORETYPE", None)
            rows += [("openblas_default",) + row[1:] for row in run([blas] + others, env)]
        if os.path.exists("/usr/bin/python3") and others:
            rows += run(["/usr/bin/python3", os.path.join(HERE, "anchors.py")] + others)
        if ort:
            rows += run(["node", os.path.join(HERE, "ort_bench.js"), ort_dir, model_dir] + ort)
        for src, name, v, unit in rows:
            vals.setdefault((src, name), []).append((v, unit))
        sys.stderr.write("round %d of %d done\n" % (r + 1, rounds))
    med = {key: (statistics.median(v for v, _ in xs), xs[0][1]) for key, xs in vals.items()}
    med.update(FIXED)
    for name, anchor, unit in COMPARISONS:
        if name not in wanted:
            continue
        if name in ORT_NAMES and ort_skip:
            print("bench %s skip: %s" % (name, ort_skip))
            continue
        if anchor == "gir_1t":         # timed in alternation with the line's 1-thread twin
            g, a = med.get(("gir", name)), med.get(("gir", name[:-3] + "_1t"))
        else:
            g, a = med.get(("gir", name)), med.get((anchor, name))
        if anchor == "openblas" and not a and (name, "openblas_default", unit) not in COMPARISONS:
            anchor, a = "openblas_default", med.get(("openblas_default", name))     # no AVX-512 core type here
        if not g or not a:
            print("skip %s vs %s: %s" % (name, anchor, "no gir.h figure (not built yet)" if not g else "anchor missing"))
            continue
        if name in NO_RATIO:
            print("bench %s gir=%.4g %s=%.4g %s" % (name, g[0], anchor, a[0], unit))
            continue
        ratio = a[0] / g[0] if unit in LOWER_IS_BETTER else g[0] / a[0]
        print("bench %s gir=%.4g %s=%.4g %s ratio=%.2f" % (name, g[0], anchor, a[0], unit, ratio))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
