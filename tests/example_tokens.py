#!/usr/bin/env python3
"""example_tokens.py - the examples are written for a reader, and stay within twice their PyTorch twins.

    python3 tests/example_tokens.py [--known-over "NAME ..."] [NAME ...]   (default: every examples/torch/*.py)

For each C example with a PyTorch twin (examples/torch/<name>.py):
  - its length is counted in tokens, as a compiler sees them: identifiers, numbers, strings, operators and
    punctuation; comments do not count, nor do Python's standalone docstrings, indentation and newlines.
    Tokens cannot be saved by packing lines, so the budget (at most twice the twin's tokens) measures the
    API, not the layout. Shared headers (examples/digits_data.h and its twin) are not counted.
  - every line of every example (examples/*.c, examples/firmware/*.c) is within 100 columns, and holds at
    most one statement: a second ';' on a line is an error,
    except in the header of a for loop.
Prints one line per pair and one per layout problem; exits 1 when an example is over its budget, breaks the
layout rules, or has no twin. --known-over names examples known to be over the budget (the API work that
brings them within it is open): they are reported, not failed, and one that comes within budget fails until
it is taken off the list, so the list stays true. Standard library only.
"""
import io
import os
import re
import sys
import tokenize

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MAX_COLUMNS = 100
C_TOKEN = re.compile(r'"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])+\'|[A-Za-z_]\w*|\.?\d(?:[\w.]|[eEpP][+-])*'
                     r'|->|\+\+|--|<<=?|>>=?|[<>=!&|^+\-*/%]=|&&|\|\||##|\.\.\.|\S')


def strip_c_comments(text):
    """The text with its comments blanked (newlines kept), strings left as they are."""
    pat = re.compile(r'/\*.*?\*/|//[^\n]*|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])+\'', re.S)
    return pat.sub(lambda m: m.group(0) if m.group(0)[0] in "\"'" else re.sub(r"[^\n]", " ", m.group(0)), text)


def c_tokens(text):
    return len(C_TOKEN.findall(strip_c_comments(text)))


def py_tokens(text):
    skip = {tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT,
            tokenize.ENCODING, tokenize.ENDMARKER}
    count, line_start = 0, True
    for tok in tokenize.generate_tokens(io.StringIO(text).readline):
        if tok.type in (tokenize.NEWLINE, tokenize.NL):
            line_start = True
            continue
        if tok.type in skip:
            continue
        if line_start and tok.type == tokenize.STRING:
            continue             # a docstring or a string that stands alone documents, it computes nothing
        line_start = False
        count += 1
    return count


def layout_problems(path, text):
    """'file:line: why' for each line over MAX_COLUMNS or with a second statement."""
    out = []
    code = strip_c_comments(text)
    for n, (line, bare) in enumerate(zip(text.split("\n"), code.split("\n")), 1):
        if len(line) > MAX_COLUMNS:
            out.append("%s:%d: %d columns (at most %d)" % (path, n, len(line), MAX_COLUMNS))
        bare = re.sub(r'"(?:\\.|[^"\\])*"|\'(?:\\.|[^\'\\])+\'', '""', bare)
        bare = re.sub(r"\bfor\s*\(.*\)", "for()", bare)
        if bare.count(";") > 1:
            out.append("%s:%d: more than one statement on the line" % (path, n))
    return out


def example_files():
    """Every C file a reader of examples/ opens (the data header excepted: it is data)."""
    out = []
    for d in ("examples", os.path.join("examples", "firmware")):
        for f in sorted(os.listdir(os.path.join(ROOT, d))):
            if f.endswith(".c"):
                out.append(os.path.join(ROOT, d, f))
    return out


def example_path(name):
    c_path = os.path.join(ROOT, "examples", name + ".c")
    if not os.path.exists(c_path):   # an example with files of its own (examples/firmware/firmware.c)
        c_path = os.path.join(ROOT, "examples", name, name + ".c")
    return c_path


def main(argv):
    known = set()
    if argv[:1] == ["--known-over"] and len(argv) > 1:
        known, argv = set(argv[1].split()), argv[2:]
    names = argv or sorted(f[:-3] for f in os.listdir(os.path.join(ROOT, "examples", "torch")) if f.endswith(".py"))
    bad = 0
    for name in names:
        if not argv and os.path.exists(os.path.join(ROOT, "examples", name + ".h")):
            continue   # a twin of a shared header (a data loader), not of an example
        c_path, py_path = example_path(name), os.path.join(ROOT, "examples", "torch", name + ".py")
        if not os.path.exists(c_path) or not os.path.exists(py_path):
            print("%-16s missing %s" % (name, os.path.relpath(py_path if os.path.exists(c_path) else c_path, ROOT)))
            bad += 1
            continue
        with open(c_path, encoding="utf-8") as f:
            c_text = f.read()
        with open(py_path, encoding="utf-8") as f:
            py = py_tokens(f.read())
        c = c_tokens(c_text)
        within = c <= 2 * py
        ok = within != (name in known)
        note = ""
        if within and name in known:
            note = "  within budget: take it off the known-over list"
        elif not within:
            note = "  OVER (known)" if name in known else "  OVER"
        print("%-16s C %5d tokens, PyTorch %5d tokens, ratio %.2f (at most 2.00)%s" %
              (name, c, py, c / py if py else float("inf"), note))
        bad += not ok
    for path in example_files():
        with open(path, encoding="utf-8") as f:
            problems = layout_problems(os.path.relpath(path, ROOT), f.read())
        for p in problems:
            print(p)
        bad += len(problems)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
