#!/usr/bin/env python3
"""test_gen.py - tests of the gir.h generator, gen/gir_gen.py.

    python3 tests/gen/test_gen.py [REPO_ROOT] [--pending]

Runs the generator as a subprocess and checks
  1. determinism and staleness: generating twice (and more) under different PYTHONHASHSEED values, from
     another working directory and from a copy of ops.def gives the same bytes; the committed gir.h is
     what the generator writes now; --check accepts a fresh file and rejects a changed copy, naming the
     fix command and the first differing line. The same for the README's generated op table
     (--check-readme).
  2. negative fixtures, tests/gen/bad/*.def: each must make the generator exit 1 with
     '<file>:<line>: error: <message>' on stderr, for the line and message given on the fixture's first
     line, '/* expect: <line>: <substring of the message> */'. As a control, each fixture without its
     offending row must generate cleanly, so a fixture cannot fail for a reason other than its own.
  3. the positive fixture tests/gen/good/small.def: generates, and its enum, builder prototypes,
     builder definitions, op info table and --list are exactly its rows.
  4. the generator imports nothing outside the standard library, and runs with only the standard
     library on sys.path.
  5. robustness: damaged copies of good/small.def (bytes cut, pasted, deep nesting, bytes that are not
     UTF-8, open comments and strings) are each accepted or one clean error, never an exception.
  6. a copy of ops.def without a row the C fragments need (TRIU, NEG) or an adjoint's operators build
     (LT) is an error naming where it is needed; ops.def with unusual but valid rows appended gives a
     header that compiles as C99 and C++11 (gcc, g++; a skip without them).
The test tables (fixtures, good/small.def) are partial, so they are generated with --partial.
--pending also runs tests/gen/pending/*.def: fixtures (same format as bad/) for errors the generator does
not report correctly yet. They fail until the generator is fixed; then move them to bad/.

Prints one line per check ('ok   name' or 'FAIL name: why'), then 'N passed, N failed'; the exit status
is 1 if any check failed. Standard library only; everything the generator writes goes to a temporary
directory, nothing into the repository.
"""
import ast
import concurrent.futures
import os
import queue
import re
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import threading

HERE = os.path.dirname(os.path.abspath(__file__))

# The rows of tests/gen/good/small.def, in table order, and the builder prototypes they must produce.
SMALL_OPS = ["INPUT", "ADD", "SUB", "MUL", "DIV", "NEG", "ADD_N", "EXP", "SUM", "CONCAT", "WHERE",
             "STOP_GRADIENT", "DROPOUT"]
SMALL_DIFFERENTIABLE = 11
SMALL_PROTOS = [
    "GIR_API gir_node gir_input(gir_graph *g, gir_dtype dtype, gir_shape shape);",
    "GIR_API gir_node gir_add(gir_graph *g, gir_node a, gir_node b);",
    "GIR_API gir_node gir_sub(gir_graph *g, gir_node a, gir_node b);",
    "GIR_API gir_node gir_mul(gir_graph *g, gir_node a, gir_node b);",
    "GIR_API gir_node gir_div(gir_graph *g, gir_node a, gir_node b);",
    "GIR_API gir_node gir_neg(gir_graph *g, gir_node a);",
    "GIR_API gir_node gir_add_n(gir_graph *g, int n, const gir_node *xs);",
    "GIR_API gir_node gir_exp(gir_graph *g, gir_node a);",
    "GIR_API gir_node gir_sum(gir_graph *g, gir_node x, gir_ints axes, int keepdims);",
    "GIR_API gir_node gir_concat(gir_graph *g, int n, const gir_node *xs, int axis);",
    "GIR_API gir_node gir_where(gir_graph *g, gir_node cond, gir_node a, gir_node b);",
    "GIR_API gir_node gir_stop_gradient(gir_graph *g, gir_node x);",
    "GIR_API gir_node gir_dropout(gir_graph *g, gir_node x, double p, uint64_t seed);",
]
MIN_BAD_FIXTURES = 20
EXPECT = re.compile(r"^/\* expect: (\d+): (.+?) \*/$")
PROTO = re.compile(r"^GIR_API gir_node gir_([a-z0-9_]+)\(.*\);$", re.M)


# ---------------------------------------------------------------------------------------------- plumbing
class Paths:
    def __init__(self, root):
        self.root = root
        self.gen = os.path.join(root, "gen", "gir_gen.py")
        self.opsdef = os.path.join(root, "ops.def")
        self.girh = os.path.join(root, "gir.h")
        self.readme = os.path.join(root, "README.md")
        fixtures = os.path.join(root, "tests", "gen")
        self.fixtures = fixtures if os.path.isdir(os.path.join(fixtures, "bad")) else HERE
        self.bad = os.path.join(self.fixtures, "bad")
        self.good = os.path.join(self.fixtures, "good")
        self.pending = os.path.join(self.fixtures, "pending")


class Run:
    """The outcome of one generator process."""

    def __init__(self, rc, out, err):
        self.rc, self.out, self.err = rc, out, err

    def why(self):
        """A one-line account of a run that should have succeeded."""
        if self.rc is None:
            return "timed out"
        return "exit status %d: %s" % (self.rc, one_line(self.err) or "(no stderr)")


def one_line(s, limit=300):
    s = " | ".join(l.strip() for l in s.strip().splitlines() if l.strip())
    return s if len(s) <= limit else s[:limit] + "..."


def run_gen(P, args, cwd=None, env=None, flags=("-S",)):
    """Run the generator. -S (no site module) by default: the generator must not need anything from
    site-packages, and interpreter start-up is several times faster without it."""
    e = dict(os.environ)
    e.update(env or {})
    cmd = [sys.executable] + list(flags) + [P.gen] + list(args)
    try:
        r = subprocess.run(cmd, cwd=cwd or P.root, env=e, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           timeout=120)
    except subprocess.TimeoutExpired:
        return Run(None, b"", "")
    return Run(r.returncode, r.stdout, r.stderr.decode("utf-8", "replace"))


# A driver process that runs many small generations prints a line after each; each line must come within
# ITEM_TIMEOUT seconds of the one before. The limit is per item, not per batch, and generous: one small
# table generates in a fraction of a second, so only a hang reaches it, however busy the machine.
ITEM_TIMEOUT = 120


def stream_lines(cmd, cwd):
    """(the lines a driver printed, None) or (the lines so far, why it stopped early)."""
    err = tempfile.TemporaryFile()
    proc = subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=err)
    q = queue.Queue()

    def reader():
        for raw in proc.stdout:
            q.put(raw.decode("utf-8", "replace").rstrip("\n"))
        q.put(None)
    threading.Thread(target=reader, daemon=True).start()
    lines, why = [], None
    while True:
        try:
            line = q.get(timeout=ITEM_TIMEOUT)
        except queue.Empty:
            proc.kill()
            why = "no progress for %d s after %d lines (a generation hangs)" % (ITEM_TIMEOUT, len(lines))
            break
        if line is None:
            break
        lines.append(line)
    rc = proc.wait()
    err.seek(0)
    if why is None and rc != 0:
        why = "exit status %d: %s" % (rc, one_line(err.read().decode("utf-8", "replace")) or "(no stderr)")
    err.close()
    return lines, why


def read_bytes(path):
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError:
        return None


def first_diff_line(a, b):
    la, lb = a.split(b"\n"), b.split(b"\n")
    for i in range(min(len(la), len(lb))):
        if la[i] != lb[i]:
            return i + 1
    return min(len(la), len(lb)) + 1


class Report:
    def __init__(self):
        self.passed = 0
        self.failed = 0

    def check(self, name, why):
        """why: None when the check passed, else the reason it failed."""
        if why:
            self.failed += 1
            print("FAIL %s: %s" % (name, " | ".join(str(why).splitlines())))
        else:
            self.passed += 1
            print("ok   %s" % name)
        sys.stdout.flush()

    def skip(self, name, why):
        """Neither a pass nor a failure: the check could not run here."""
        print("skip %s: %s" % (name, why))
        sys.stdout.flush()


# ---------------------------------------------------------------------------------------------- 1. determinism
def check_determinism(P, pool, rep, tmp, jobs):
    outs = {}
    for label in ("seed-0", "seed-random", "seed-12345"):
        r = jobs[label].result()
        path = os.path.join(tmp, "gir.%s.h" % label)
        data = read_bytes(path)
        rep.check("generate ops.def -o (PYTHONHASHSEED=%s)" % label[5:],
                  None if r.rc == 0 and not r.err and data else r.why())
        outs[label] = data
    fresh = outs["seed-0"]

    why = None
    if not all(outs.values()):
        why = "a generation failed (see above)"
    else:
        for label in ("seed-random", "seed-12345"):
            if outs[label] != fresh:
                why = "PYTHONHASHSEED=0 and PYTHONHASHSEED=%s differ from line %d" % (
                    label[5:], first_diff_line(fresh, outs[label]))
                break
    rep.check("determinism: PYTHONHASHSEED=0, random and 12345 give identical bytes", why)

    r = jobs["cwd"].result()
    data = read_bytes(os.path.join(tmp, "elsewhere", "gir.h"))
    why = r.why() if r.rc != 0 else None
    if not why and fresh and data != fresh:
        why = "differs from the generation in the repository from line %d" % first_diff_line(fresh, data or b"")
    rep.check("determinism: a copy of ops.def in another working directory gives identical bytes", why)

    why = None
    if fresh is None:
        why = "no fresh generation"
    elif b"\r" in fresh:
        why = "carriage return at line %d" % (fresh[:fresh.index(b"\r")].count(b"\n") + 1)
    elif not fresh.endswith(b"\n"):
        why = "does not end with a newline"
    rep.check("output has '\\n' line endings only and ends with a newline", why)

    committed = read_bytes(P.girh)
    why = None
    if fresh is None:
        why = "no fresh generation"
    elif committed is None:
        why = "gir.h is missing; run: python3 gen/gir_gen.py ops.def -o gir.h"
    elif committed != fresh:
        why = ("gir.h is stale (first difference at line %d); run: python3 gen/gir_gen.py ops.def -o gir.h"
               % first_diff_line(committed, fresh))
    rep.check("staleness: the committed gir.h equals a fresh generation", why)

    if fresh is None:
        rep.check("--check", "no fresh generation to check against")
        return
    fresh_path = os.path.join(tmp, "gir.seed-0.h")
    lines = fresh.split(b"\n")
    k = len(lines) // 2
    while k < len(lines) and not re.search(rb"[A-Za-z]", lines[k]):
        k += 1
    changed_path = os.path.join(tmp, "gir.changed.h")
    crlf_path = os.path.join(tmp, "gir.crlf.h")
    missing_path = os.path.join(tmp, "no-such-dir", "gir.h")
    why = None
    if k == len(lines):
        why = "no line with a letter in the second half of the output"
    else:
        j = re.search(rb"[A-Za-z]", lines[k]).start()
        line = bytearray(lines[k])
        line[j] ^= 0x20  # swap the case of one letter: one byte changed
        lines[k] = bytes(line)
        changed = b"\n".join(lines)
        with open(changed_path, "wb") as f:
            f.write(changed)
        with open(crlf_path, "wb") as f:
            f.write(fresh.replace(b"\n", b"\r\n"))
    if why:
        rep.check("--check", why)
        return
    runs = {name: pool.submit(run_gen, P, ["ops.def", "--check", path])
            for name, path in (("fresh", fresh_path), ("changed", changed_path), ("crlf", crlf_path),
                               ("missing", missing_path))}

    r = runs["fresh"].result()
    rep.check("--check: exit 0 and nothing on stderr for a fresh file",
              None if r.rc == 0 and not r.err and not r.out else r.why() + " / stdout: %r" % r.out[:200])

    def stale_why(r, path, line=None):
        fix = "Fix: python3 gen/gir_gen.py ops.def -o %s" % path
        if r.rc != 1:
            return "exit status %s, expected 1 (stderr: %s)" % (r.rc, one_line(r.err))
        if not r.err.startswith("ERROR:"):
            return "stderr does not start with 'ERROR:': %s" % one_line(r.err)
        if fix not in r.err:
            return "stderr does not name the fix %r: %s" % (fix, one_line(r.err))
        if line is not None and "first difference at line %d)" % line not in r.err:
            return "stderr does not name line %d as the first difference: %s" % (line, one_line(r.err))
        return None

    r = runs["changed"].result()
    why = stale_why(r, changed_path, k + 1)
    if not why and read_bytes(changed_path) != changed:
        why = "--check modified the file it checked"
    rep.check("--check: one changed byte -> exit 1, 'ERROR: ...', the fix command and the line (%d)" % (k + 1),
              why)
    rep.check("--check: the same text with CRLF line endings -> exit 1 naming the fix",
              stale_why(runs["crlf"].result(), crlf_path, 1))
    rep.check("--check: a missing file -> exit 1 naming the fix", stale_why(runs["missing"].result(), missing_path))


README_BEGIN = b"<!-- ops:begin"


def prepare_readme(P, pool, tmp, jobs):
    """Start --check-readme on README.md and on a copy with one byte changed inside the op table."""
    data = read_bytes(P.readme)
    jobs["readme"] = pool.submit(run_gen, P, ["ops.def", "--check-readme", "README.md"])
    if data is None or README_BEGIN not in data:
        return
    lines = data.split(b"\n")
    k = next(i for i, l in enumerate(lines) if l.startswith(README_BEGIN)) + 3   # first op row
    m = re.search(rb"[A-Za-z]", lines[k]) if k < len(lines) else None
    if not m:
        return
    line = bytearray(lines[k])
    line[m.start()] ^= 0x20
    lines[k] = bytes(line)
    path = os.path.join(tmp, "README.changed.md")
    with open(path, "wb") as f:
        f.write(b"\n".join(lines))
    jobs["readme-changed"] = (path, read_bytes(path), pool.submit(run_gen, P, ["ops.def", "--check-readme", path]))


def check_readme(P, rep, jobs):
    r = jobs["readme"].result()
    rep.check("staleness: README.md's op table agrees with ops.def (--check-readme)",
              None if r.rc == 0 and not r.err else r.why() + "; run: python3 gen/gir_gen.py ops.def --readme README.md")
    if "readme-changed" not in jobs:
        rep.check("--check-readme: a changed op table -> exit 1 naming the fix",
                  "README.md has no op table (no '<!-- ops:begin' line) to change")
        return
    path, data, fut = jobs["readme-changed"]
    r = fut.result()
    fix = "Fix: python3 gen/gir_gen.py ops.def --readme %s" % path
    why = None
    if r.rc != 1:
        why = "exit status %s, expected 1 (stderr: %s)" % (r.rc, one_line(r.err))
    elif not r.err.startswith("ERROR:") or fix not in r.err:
        why = "stderr does not start with 'ERROR:' and name %r: %s" % (fix, one_line(r.err))
    elif read_bytes(path) != data:
        why = "--check-readme modified the file it checked"
    rep.check("--check-readme: one changed byte in the op table -> exit 1, 'ERROR: ...' and the fix command", why)


# ---------------------------------------------------------------------------------------------- 2. bad fixtures
def read_expect(path):
    with open(path, encoding="utf-8", errors="surrogateescape") as f:
        m = EXPECT.match(f.readline().rstrip("\n"))
    return (int(m.group(1)), m.group(2)) if m else None


def bad_fixture_why(path, exp, r, out_path):
    if exp is None:
        return "first line is not '/* expect: <line>: <message substring> */'"
    line, text = exp
    base = os.path.basename(path)
    prefix = "%s:%d: error: " % (base, line)
    if r.rc is None:
        return "timed out"
    if "Traceback (most recent call last)" in r.err:
        return "the generator crashed: %s" % one_line(r.err.strip().splitlines()[-1])
    if r.rc != 1:
        return "exit status %d, expected 1 (stderr: %s)" % (r.rc, one_line(r.err) or "none")
    msgs = r.err.strip().splitlines()
    if len(msgs) != 1:
        return "expected one line on stderr, got %d: %s" % (len(msgs), one_line(r.err))
    if not msgs[0].startswith(prefix):
        return "message does not start with %r: %s" % (prefix, msgs[0])
    if text not in msgs[0]:
        return "message does not contain %r: %s" % (text, msgs[0])
    if os.path.exists(out_path):
        return "the generator failed but still wrote its output file"
    return None


def paren_balance(line):
    s = re.sub(r'"(?:[^"\\]|\\.)*"', "", line)
    return s.count("(") - s.count(")")


def without_row(text, line):
    """text without the GIR_OP row starting at line (1-based), or None if there is no complete row there."""
    lines = text.split("\n")
    i = line - 1
    if i < 1 or i >= len(lines) or not lines[i].lstrip().startswith("GIR_OP"):
        return None
    depth = 0
    for j in range(i, len(lines)):
        depth += paren_balance(lines[j])
        if depth <= 0:
            return "\n".join(lines[:i] + lines[j + 1:])
    return None


def fixture_files(d):
    try:
        return sorted(os.path.join(d, f) for f in os.listdir(d) if f.endswith(".def"))
    except OSError:
        return []


# The controls run in one process (interpreter start-up would be most of the time of 50 runs): it imports
# the generator from gen/ without writing bytecode there and calls its main() once per file, as the
# command line would, printing 'path<TAB>exit status<TAB>stderr'.
CONTROL_DRIVER = r"""
import io, sys
sys.dont_write_bytecode = True
sys.path.insert(0, sys.argv[1])
import gir_gen
for path in sys.argv[2:]:
    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = out, err
    try:
        rc = gir_gen.main(["gir_gen.py", path, "--partial", "--list"])
    except BaseException as e:
        rc = "crash %s: %s" % (type(e).__name__, e)
    finally:
        sys.stdout, sys.stderr = saved
    print("%s\t%s\t%s" % (path, rc, " | ".join(err.getvalue().splitlines())))
    sys.stdout.flush()
"""


def run_controls(P, paths):
    """{path: None if the generator accepts it, else why not}."""
    if not paths:
        return {}
    cmd = [sys.executable, "-S", "-B", "-c", CONTROL_DRIVER, os.path.dirname(P.gen)] + paths
    res = dict((p, "no result") for p in paths)
    lines, why = stream_lines(cmd, P.root)
    for line in lines:
        f = line.split("\t", 2)
        if len(f) == 3 and f[0] in res:
            res[f[0]] = None if f[1] == "0" else "exit status %s: %s" % (f[1], f[2] or "(no stderr)")
    for p in paths:
        if res[p] == "no result":
            res[p] = "no result (%s)" % why
            why = "the driver stopped at an earlier control"
    return res


def submit_fixtures(P, pool, tmp, files, sub, controls):
    """Start the runs for a directory of failing fixtures: ({path: (expect, run, out_path, control path)},
    future of the controls' results)."""
    jobs = {}
    os.makedirs(os.path.join(tmp, sub, "ctl"), exist_ok=True)
    for path in files:
        base = os.path.basename(path)
        exp = read_expect(path)
        out_path = os.path.join(tmp, sub, base + ".h")
        run = pool.submit(run_gen, P, [path, "--partial", "-o", out_path])
        cpath = None
        if controls and exp:
            with open(path, encoding="utf-8", errors="surrogateescape") as f:
                rest = without_row(f.read(), exp[0])
            if rest is not None:
                # same basename, in its own directory: the control is the fixture, one row shorter
                cpath = os.path.join(tmp, sub, "ctl", base)
                with open(cpath, "w", encoding="utf-8", errors="surrogateescape") as f:
                    f.write(rest)
        jobs[path] = (exp, run, out_path, cpath)
    ctl = pool.submit(run_controls, P, [j[3] for j in jobs.values() if j[3]])
    return jobs, ctl


def check_bad(P, rep, jobs, sub, controls):
    jobs, ctl = jobs
    for path, (exp, run, out_path, _) in jobs.items():
        rep.check("%s/%s" % (sub, os.path.basename(path)), bad_fixture_why(path, exp, run.result(), out_path))
    if not controls:
        return
    rep.check("%s/: at least %d fixtures" % (sub, MIN_BAD_FIXTURES),
              None if len(jobs) >= MIN_BAD_FIXTURES else "found %d" % len(jobs))
    res = ctl.result()
    bad = ["%s: %s" % (os.path.basename(p), one_line(why, 200)) for p, why in sorted(res.items()) if why]
    if len(bad) > 5:
        bad[5:] = ["and %d more" % (len(bad) - 5)]
    rep.check("%s/: each fixture is valid without its offending row (%d controls; an unbalanced row or an "
              "empty table has none)" % (sub, len(res)), "; ".join(bad) if bad else None)


# ---------------------------------------------------------------------------------------------- 2b. robustness
# Damaged tables: good/small.def with bytes cut out, pasted in or replaced by what has broken generators
# before (deep nesting, a byte that is not UTF-8, an open comment, an open string). Every one must give
# exit status 0, or 1 with one '<file>:<line>: error:' line: never an exception. One process, seeded.
MUTATIONS = 300
ROBUST_DRIVER = r"""
import io, random, sys
sys.dont_write_bytecode = True
sys.path.insert(0, sys.argv[1])
import gir_gen
base, path, n = open(sys.argv[2], "rb").read(), sys.argv[3], int(sys.argv[4])
rnd = random.Random(20240611)
bits = [b"(" * 300, b"-" * 300, b"a + " * 300, b"\xff", b"\xe9", b"/*", b'"', b"*/", b"??/", b"\\", b"(", b")",
        b",", b";", b"@", b"...", b"1e999", b"int", b"REF(", b"DOC(", b"dom=(", b"\x00", b"\r"]
bad = 0
for k in range(n):
    s = base
    for _ in range(rnd.randint(1, 3)):
        i = rnd.randrange(len(s))
        m = rnd.random()
        if m < 0.3:
            s = s[:i] + s[i + rnd.randint(1, 8):]
        elif m < 0.7:
            s = s[:i] + rnd.choice(bits) + s[i:]
        else:
            j = rnd.randrange(len(s))
            s = s[:i] + s[j:j + rnd.randint(1, 40)] + s[i:]
    with open(path, "wb") as f:
        f.write(s)
    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = out, err
    try:
        rc = gir_gen.main(["gir_gen.py", path, "--partial", "--list"])
        why = None
    except BaseException as e:
        rc, why = None, "%s: %s" % (type(e).__name__, str(e)[:120])
    finally:
        sys.stdout, sys.stderr = saved
    lines = err.getvalue().strip().splitlines()
    if why is None and rc == 1 and not (len(lines) == 1 and ": error: " in lines[0]):
        why = "exit 1 with %d line(s) on stderr: %r" % (len(lines), err.getvalue()[:160])
    if why is None and rc not in (0, 1):
        why = "exit status %r" % rc
    if why:
        bad += 1
        if bad == 1:
            keep = path + ".first"
            with open(keep, "wb") as f:
                f.write(s)
            print("mutation %d: %s" % (k, why))
    print("mutation %d done" % k)
    sys.stdout.flush()
print("done %d %d" % (n, bad))
"""


def run_robustness(P, tmp):
    path = os.path.join(tmp, "mutated.def")
    cmd = [sys.executable, "-S", "-B", "-c", ROBUST_DRIVER, os.path.dirname(P.gen), os.path.join(P.good, "small.def"),
           path, str(MUTATIONS)]
    lines, why = stream_lines(cmd, tmp)
    out = "\n".join(lines)
    m = re.search(r"^done (\d+) (\d+)$", out, re.M)
    if why or not m:
        return "the driver failed after %d mutations: %s" % (sum(l.endswith(" done") for l in lines), why)
    if m.group(2) != "0":
        return "%s of %s damaged tables were not a clean error; first: %s" % (m.group(2), m.group(1), one_line(out, 200))
    return None


# ---------------------------------------------------------------------------------------------- 2c. needed ops
# Rows the hand-written C uses: without --partial (the test tables above are partial), a copy of ops.def
# without one of them must be an error naming where it is needed, not a header that does not compile.
NEEDED = [("TRIU", r"^gen/60-autodiff/autodiff\.c:\d+: error: gir_triu needs the op TRIU, which the table does not have"),
          ("NEG", r"^gen/[\w-]+/\w+\.c:\d+: error: gir_neg needs the op NEG"),
          ("LT", r"^(ops\.def:\d+: error: ADJ of MAXIMUM builds lt nodes, but the table has no LT row|"
                 r"gen/[\w-]+/\w+\.c:\d+: error: gir_lt needs the op LT)")]


def prepare_needed(P, pool, tmp, jobs):
    with open(P.opsdef, encoding="utf-8") as f:
        text = f.read()
    for name, _ in NEEDED:
        m = re.search(r"^GIR_OP\(%s,.*?\n(?=GIR_OP|/\*|#undef)" % name, text, re.M | re.S)
        d = os.path.join(tmp, "without_" + name)
        os.makedirs(d)
        with open(os.path.join(d, "ops.def"), "w", encoding="utf-8") as f:
            f.write(text[:m.start()] + text[m.end():] if m else text)
        jobs["needed-" + name] = (m is not None, d, pool.submit(run_gen, P, ["ops.def", "-o", "gir.h"], cwd=d))


def check_needed(rep, jobs):
    for name, want in NEEDED:
        found, d, fut = jobs["needed-" + name]
        r = fut.result()
        why = None
        if not found:
            why = "ops.def has no %s row to take out" % name
        elif "Traceback" in r.err or r.rc != 1 or not re.search(want, r.err.strip()):
            why = "exit status %s, stderr: %s" % (r.rc, one_line(r.err) or "(none)")
        elif os.path.exists(os.path.join(d, "gir.h")):
            why = "the generator failed but wrote gir.h"
        rep.check("ops.def without %s (which the C fragments need): an error naming where, no header" % name, why)


# ---------------------------------------------------------------------------------------------- 2d. it compiles
# What the generator accepts must compile: ops.def with unusual but valid rows appended (an expression
# that ignores an input, GIR__MAX_ROW_IN inputs, punctuation in the texts), as C99 and as C++11.
ODD_ROWS = r"""
GIR_OP(FIRST_OF,    IN(a, b),    NUM,   BCAST,      0,    CORE,  ATTR(),  FWD("a"),
       ADJ(g; zeros_like(x1)), REF("a + 0 * b"), DOC("a, ignoring b's values (b's shape still broadcasts).'%?!"))
GIR_OP(SUM16,       IN(p, q, r, s, t, u, v, w, x1, x2, x3, x4, x5, x6, x7, x8), FLOAT, BCAST, 0, MATH, ATTR(),
       FWD("p + q + r + s + t + u + v + w + x1 + x2 + x3 + x4 + x5 + x6 + x7 + x8"),
       NO_ADJ("a test row: 'q' ? "), REF(), DOC("Sixteen inputs, the most a row may have."))
GIR_OP(SCALED,      IN(a),       FLOAT, SAME,       0,    MATH,  ATTR(f:alpha_, i:n_), FWD("a * p0"),
       ADJ(g * p0), REF(), DOC("a * alpha_; n_ unused."))
"""
COMPILERS = [["gcc", "-std=c99"], ["g++", "-x", "c++", "-std=c++11"]]
# A new reduction is one row: its REDUCE form gives the double, f32, integer and vector loops, ADJ its gradient.
RED_ROW = r"""
GIR_OP(SUM_SQUARES, IN(x),       NUM,   REDUCE,     0,    REDUCE,ATTR(l:axes, i:keepdims),
       REDUCE(0, a + v * v, a), ADJ(expand(g) * 2 * x0), REF(), DOC("Sum of squares over axes."))
"""
RED_MAIN = r"""#define GIR_IMPLEMENTATION
#include "gir.h"
#include <stdio.h>
static int run(gir_dtype dt, const void *x, double *y, double *dx) {
    gir_graph *g = gir_graph_new(NULL);
    gir_node in = gir_input(g, dt, gir_shape1(3)), out[2];
    gir_plan *p;
    int k;
    out[0] = gir_sum_squares(g, in, gir_ints0(), 0);
    if (dt == GIR_DTYPE_I32) out[1] = out[0];
    else if (gir_grad(g, out[0], 1, &in, &out[1])) return 1;
    if (gir_plan_compile(g, 2, out, NULL, &p) || gir_plan_bind(p, in, x) || gir_plan_run(p)) return 1;
    for (k = 0; k < 4; ++k) {
        const void *d = gir_plan_data(p, out[k > 0]);
        int j = k > 0 ? k - 1 : 0;
        double v = dt == GIR_DTYPE_F32 ? ((const float *)d)[j] : dt == GIR_DTYPE_F64 ? ((const double *)d)[j]
                 : ((const int32_t *)d)[j];
        if (k == 0) *y = v; else dx[k - 1] = v;
    }
    gir_plan_free(p);
    gir_graph_free(g);
    return 0;
}
int main(void) {
    static const float xf[3] = {1, 2, 3};
    static const double xd[3] = {1, 2, 3};
    static const int32_t xi[3] = {1, 2, 3};
    double y, dx[3];
    int off, bad = 0;
    for (off = 0; off < 2; ++off) {       /* the vector path where there is one, then the scalar loops */
        gir__vr_off = off;
        if (run(GIR_DTYPE_F32, xf, &y, dx) || y != 14 || dx[0] != 2 || dx[1] != 4 || dx[2] != 6) bad |= 1;
        if (run(GIR_DTYPE_F64, xd, &y, dx) || y != 14 || dx[0] != 2 || dx[1] != 4 || dx[2] != 6) bad |= 2;
        if (run(GIR_DTYPE_I32, xi, &y, dx) || y != 14) bad |= 4;
    }
    printf("%s %d\n", bad ? "bad" : "ok", bad);
    return bad;
}
"""


def prepare_compiles(P, pool, tmp, jobs):
    with open(P.opsdef, encoding="utf-8") as f:
        text = f.read()
    d = os.path.join(tmp, "odd")
    os.makedirs(d)
    with open(os.path.join(d, "ops.def"), "w", encoding="utf-8") as f:
        f.write(text.replace("#undef GIR_OP", ODD_ROWS.strip() + "\n#undef GIR_OP"))
    with open(os.path.join(d, "impl.c"), "w", encoding="utf-8") as f:
        f.write('#define GIR_IMPLEMENTATION\n#include "gir.h"\n')
    jobs["odd"] = (d, pool.submit(run_gen, P, ["ops.def", "-o", "gir.h"], cwd=d))
    d = os.path.join(tmp, "reduce")
    os.makedirs(d)
    with open(os.path.join(d, "ops.def"), "w", encoding="utf-8") as f:
        f.write(text.replace("#undef GIR_OP\n", RED_ROW.strip() + "\n#undef GIR_OP\n"))
    with open(os.path.join(d, "main.c"), "w", encoding="utf-8") as f:
        f.write(RED_MAIN)
    jobs["reduce"] = (d, pool.submit(run_gen, P, ["ops.def", "-o", "gir.h"], cwd=d))


def check_reduce_row(rep, jobs):
    d, fut = jobs["reduce"]
    r = fut.result()
    name = ("a reduction row appended (sum_squares: REDUCE(0, a + v * v, a)): compiles, and gives 14 and the "
            "gradient 2x for [1, 2, 3] in f32, f64 and i32, on the vector path and the scalar loops")
    if r.rc != 0:
        rep.check(name, r.why())
        return
    if not shutil.which("gcc"):
        rep.skip(name, "gcc not found")
        return
    # -O0: the program checks values, and builds in a third of -O1's time
    cmd = ["gcc", "-std=c99", "-O0", "-Wall", "-Wextra", "-Werror", "main.c", "-o", "main", "-lm"]
    c = subprocess.run(cmd, cwd=d, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=300)
    if c.returncode:
        rep.check(name, "does not compile: " + one_line(c.stdout.decode("utf-8", "replace"))[:300])
        return
    e = subprocess.run([os.path.join(d, "main")], cwd=d, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=60)
    out = e.stdout.decode("utf-8", "replace").strip()
    rep.check(name, None if e.returncode == 0 and out == "ok 0" else "the program says '%s'" % out)


def check_compiles(rep, jobs):
    d, fut = jobs["odd"]
    r = fut.result()
    name = "ops.def with unusual valid rows appended: generates, and the header compiles as C99 and C++11"
    if r.rc != 0:
        rep.check(name, r.why())
        return
    for cc in COMPILERS:
        if not shutil.which(cc[0]):
            rep.skip(name, "%s not found" % cc[0])
            return
        cmd = cc + ["-Wall", "-Wextra", "-Werror", "-fsyntax-only", "impl.c"]
        c = subprocess.run(cmd, cwd=d, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=300)
        if c.returncode:
            errs = [l for l in c.stdout.decode("utf-8", "replace").splitlines() if "error" in l]
            rep.check(name, "%s: %s" % (" ".join(cc), one_line(" | ".join(errs[:3]))))
            return
    rep.check(name, None)


# ---------------------------------------------------------------------------------------------- 3. good fixture
def enum_names(text):
    m = re.search(r"GIR_OP__INVALID = 0,\n(.*?)\n\s*GIR_OP__COUNT\b", text, re.S)
    return re.findall(r"^\s*GIR_OP_([A-Z0-9_]+),", m.group(1), re.M) if m else None


def opinfo_names(text):
    """The op names of gir__op_names (every op) when the rows of gir__ops (the kept ops) name the same, in order"""
    m = re.search(r"gir__op_names\[GIR_OP__COUNT\] = \{\n(.*?)\n\};", text, re.S)
    r = re.search(r"gir__ops\[GIR__OPR__COUNT\] = \{\n(.*?)\n\};", text, re.S)
    names = re.findall(r'"([a-z0-9_]+)"', m.group(1)) if m else None
    rows = re.findall(r'^\s*\{.*\}, /\* ([a-z0-9_]+) \*/$', r.group(1), re.M) if r else None
    return names if names == rows else None


def check_good(P, rep, tmp, jobs, full_text):
    name = "good/small.def"
    r = jobs["small"].result()
    data = read_bytes(os.path.join(tmp, "small.h"))
    ok = r.rc == 0 and not r.err and data is not None
    rep.check(name + ": generates (exit 0, nothing on stderr)", None if ok else r.why())
    if not ok:
        return
    text = data.decode("utf-8")

    got = enum_names(text)
    rep.check(name + ": the enum is GIR_OP__INVALID, exactly the rows in table order, GIR_OP__COUNT",
              None if got == SMALL_OPS else "enum values %s" % got)

    # builder prototypes: every 'GIR_API gir_node gir_x(...);' line except the hand-written ones of
    # gen/20-api/header.h, which are those the full generation has for names that are not ops
    why = None
    if full_text is None:
        why = "no full generation to tell the hand-written prototypes apart"
    else:
        full_ops = set(n.lower() for n in (enum_names(full_text) or []))
        handwritten = set(PROTO.findall(full_text)) - full_ops
        protos = [m.group(0) for m in PROTO.finditer(text) if m.group(1) not in handwritten]
        if protos != SMALL_PROTOS:
            missing = [p for p in SMALL_PROTOS if p not in protos]
            extra = [p for p in protos if p not in SMALL_PROTOS]
            why = "missing %s; unexpected %s%s" % (missing, extra, "" if missing or extra else "; order differs")
    rep.check(name + ": the builder prototypes are exactly the rows' (types and names of every parameter)", why)

    bad = []
    for op, proto in zip(SMALL_OPS, SMALL_PROTOS):
        start = text.find(proto[:-1] + " {\n")
        end = text.find("\n}", start)
        body = text[start:end] if start >= 0 else ""
        if not body:
            bad.append("%s: no definition" % op)
        elif "return gir_op_build(g, GIR_OP_%s," % op not in body:
            bad.append("%s: does not build GIR_OP_%s" % (op, op))
    rep.check(name + ": each builder is defined and builds its own op", "; ".join(bad) if bad else None)

    got = opinfo_names(text)
    want = ["invalid"] + [o.lower() for o in SMALL_OPS]
    rep.check(name + ": the op info table names the rows in order", None if got == want else "names %s" % got)

    r = jobs["small-list"].result()
    out = r.out.decode("utf-8", "replace").strip().splitlines()
    want_last = "%d ops, %d differentiable" % (len(SMALL_OPS), SMALL_DIFFERENTIABLE)
    why = r.why() if r.rc != 0 or r.err else None
    if not why:
        names = [l.split()[0] for l in out[:-1] if l.strip()]
        if not out or out[-1] != want_last:
            why = "last line %r, expected %r" % (out[-1] if out else "", want_last)
        elif names != [o.lower() for o in SMALL_OPS]:
            why = "rows %s" % names
    rep.check(name + ": --list prints the rows and '%s'" % want_last, why)


# ---------------------------------------------------------------------------------------------- -O1 regions
def check_regions(P, rep):
    """The region markers of the C fragments (/*@cold*/, /*@intrinsics*/ and their ends) become the pragma lines;
    a marker that does not pair with the one before it, an open region and a marker in a fragment that is
    cold as a whole are errors naming the fragment."""
    sys.path.insert(0, os.path.join(os.path.dirname(P.gen), "10-generator"))
    try:
        import fragments
    finally:
        sys.path.pop(0)

    def run(text, cold=()):
        try:
            return fragments.cold_regions("x/t.c", text, list(cold), "BEGIN", "END")
        except fragments.GenError as e:
            return "error: %s" % e
    cases = [("/*@intrinsics*/\na\n/*@intrinsics end*/\nb\n/*@cold*/\nc\n/*@cold end*/", "",
              "BEGIN\na\nEND\nb\nBEGIN\nc\nEND\n"),
             ("  /*@intrinsics*/\na\n/*@cold end*/", "does not pair", None),
             ("/*@cold*/\n/*@intrinsics*/\na", "does not pair", None),
             ("/*@intrinsics end*/", "does not pair", None),
             ("/*@intrinsics*/\na", "region without /*@intrinsics end*/", None)]
    why = []
    for text, error, want in cases:
        got = run(text)
        if (error and ("gen/x/t.c" not in got or error not in got)) or (want and got != want):
            why.append("%r gave %r" % (text, got))
    got = run("a\n/*@intrinsics*/\nb\n/*@intrinsics end*/", cold=["x/t.c"])
    if "in a fragment of COLD_FRAGMENTS" not in got:
        why.append("a marker in a cold fragment gave %r" % got)
    if run("a", cold=["x/t.c"]) != "BEGIN\na\nEND\n":
        why.append("a cold fragment is not one region")
    rep.check("-O1 regions: markers become pragmas; unpaired, open and nested markers are errors", "; ".join(why))


# ---------------------------------------------------------------------------------------------- 4. stdlib only
def is_stdlib(mod):
    names = getattr(sys, "stdlib_module_names", None)
    if names is not None:
        return mod in names
    # Python < 3.10: where would the module come from?
    import importlib.util
    if mod in sys.builtin_module_names:
        return True
    spec = importlib.util.find_spec(mod)
    if spec is None or not spec.origin:
        return False
    if spec.origin in ("built-in", "frozen"):
        return True
    std = os.path.abspath(sysconfig.get_paths()["stdlib"]) + os.sep
    return os.path.abspath(spec.origin).startswith(std) and "site-packages" not in spec.origin


def check_stdlib(P, rep, tmp, jobs, fresh):
    """The generator and the modules of its own it imports (gen/10-generator/<name>.py) use the standard library
    only."""
    gen_dir = os.path.join(os.path.dirname(P.gen), "10-generator")
    bad, mods, own, todo = [], set(), [], [P.gen]
    while todo:
        path = todo.pop()
        own.append(path)
        try:
            with open(path, encoding="utf-8") as f:
                tree = ast.parse(f.read(), path)
        except (OSError, SyntaxError) as e:
            bad.append("%s: cannot parse: %s" % (os.path.basename(path), e))
            continue
        where = os.path.basename(path)
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name.split(".")[0] for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    bad.append("%s line %d: relative import" % (where, node.lineno))
                elif node.module:
                    names = [node.module.split(".")[0]]
            elif isinstance(node, ast.Call):
                fn = node.func
                if (isinstance(fn, ast.Name) and fn.id == "__import__") or \
                        (isinstance(fn, ast.Attribute) and fn.attr == "import_module"):
                    bad.append("%s line %d: dynamic import" % (where, node.lineno))
            for mod in names:
                mine = os.path.join(gen_dir, mod + ".py")
                if os.path.isfile(mine):
                    if mine not in own and mine not in todo:
                        todo.append(mine)
                    continue
                mods.add(mod)
                if not is_stdlib(mod):
                    bad.append("%s line %d: '%s' is not in the standard library" % (where, node.lineno, mod))
    rep.check("gen/gir_gen.py and its own modules (%s) import only standard library modules (%s)"
              % (", ".join(sorted(os.path.basename(p) for p in own[1:])) or "none", ", ".join(sorted(mods))),
              "; ".join(bad) if bad else None)

    r = jobs["isolated"].result()
    data = read_bytes(os.path.join(tmp, "gir.isolated.h"))
    why = r.why() if r.rc != 0 or r.err or data is None else None
    if not why and fresh is not None and data != fresh:
        why = "output differs from the normal run from line %d" % first_diff_line(fresh, data)
    rep.check("gen/gir_gen.py runs with only the standard library on sys.path (python -I -S), same bytes", why)


# ---------------------------------------------------------------------------------------------- main
def main(argv):
    opts = [a for a in argv[1:] if a.startswith("--")]
    args = [a for a in argv[1:] if not a.startswith("--")]
    if len(args) > 1 or any(o not in ("--pending",) for o in opts):
        sys.stderr.write("usage: python3 tests/gen/test_gen.py [REPO_ROOT] [--pending]\n")
        return 2
    root = os.path.abspath(args[0]) if args else os.path.dirname(os.path.dirname(HERE))
    P = Paths(root)
    if not os.path.isfile(P.gen):
        sys.stderr.write("test_gen.py: no generator at %s\n" % P.gen)
        return 2
    rep = Report()
    tmp = tempfile.mkdtemp(prefix="gir-gen-test-")
    workers = max(2, os.cpu_count() or 2)
    try:
        with concurrent.futures.ThreadPoolExecutor(max_workers=workers) as pool:
            # start everything that does not depend on another run, then report part by part
            jobs = {}
            for label, seed in (("seed-0", "0"), ("seed-random", "random"), ("seed-12345", "12345")):
                jobs[label] = pool.submit(run_gen, P, ["ops.def", "-o", os.path.join(tmp, "gir.%s.h" % label)],
                                          env={"PYTHONHASHSEED": seed})
            elsewhere = os.path.join(tmp, "elsewhere")
            os.makedirs(elsewhere)
            shutil.copyfile(P.opsdef, os.path.join(elsewhere, "ops.def"))
            jobs["cwd"] = pool.submit(run_gen, P, ["ops.def", "-o", "gir.h"], cwd=elsewhere)
            jobs["isolated"] = pool.submit(run_gen, P, ["ops.def", "-o", os.path.join(tmp, "gir.isolated.h")],
                                           flags=("-I", "-S"))
            prepare_readme(P, pool, tmp, jobs)
            small = os.path.join(P.good, "small.def")
            jobs["small"] = pool.submit(run_gen, P, [small, "--partial", "-o", os.path.join(tmp, "small.h")])
            jobs["small-list"] = pool.submit(run_gen, P, [small, "--partial", "--list"])
            prepare_needed(P, pool, tmp, jobs)
            prepare_compiles(P, pool, tmp, jobs)
            jobs["robust"] = pool.submit(run_robustness, P, tmp)
            bad_jobs = submit_fixtures(P, pool, tmp, fixture_files(P.bad), "bad", True)
            pending_jobs = (submit_fixtures(P, pool, tmp, fixture_files(P.pending), "pending", False)
                            if "--pending" in opts else None)

            check_determinism(P, pool, rep, tmp, jobs)
            check_readme(P, rep, jobs)
            check_bad(P, rep, bad_jobs, "bad", True)
            fresh = read_bytes(os.path.join(tmp, "gir.seed-0.h"))
            check_good(P, rep, tmp, jobs, fresh.decode("utf-8") if fresh else None)
            check_stdlib(P, rep, tmp, jobs, fresh)
            check_needed(rep, jobs)
            check_compiles(rep, jobs)
            check_reduce_row(rep, jobs)
            check_regions(P, rep)
            rep.check("robustness: %d damaged copies of good/small.def each give exit 0 or one 'file:line: error:' "
                      "line, never an exception" % MUTATIONS, jobs["robust"].result())
            if pending_jobs is not None:
                check_bad(P, rep, pending_jobs, "pending", False)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print("%d passed, %d failed" % (rep.passed, rep.failed))
    return 1 if rep.failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
