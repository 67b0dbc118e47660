#!/usr/bin/env python3
"""example_lines.py - each C example with a PyTorch twin (examples/torch/<name>.py) is at most twice the twin's
length, counted in lines that hold code (shared headers such as examples/digits_data.h and their Python
counterparts are not counted): blank lines and lines that are only a comment do not count (C: // and
/* ... */ comments, Python: # comments and docstrings that stand alone). Prints one line per pair and exits 1
when a C example is over its budget or a twin is missing.
    python3 tests/example_lines.py [NAME ...]        (default: every examples/torch/*.py)"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def c_lines(text):
    text = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S)
    return sum(1 for line in text.split("\n") if line.strip() and not line.strip().startswith("//"))


def py_lines(text):
    text = re.sub(r'^\s*("""|\'\'\').*?\1\s*$', lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S | re.M)
    return sum(1 for line in text.split("\n") if line.strip() and not line.strip().startswith("#"))


def main(argv):
    names = argv or sorted(f[:-3] for f in os.listdir(os.path.join(ROOT, "examples", "torch")) if f.endswith(".py"))
    bad = 0
    for name in names:
        if not argv and os.path.exists(os.path.join(ROOT, "examples", name + ".h")):
            continue   # a twin of a shared header (a data loader), not of an example
        c_path = os.path.join(ROOT, "examples", name + ".c")
        if not os.path.exists(c_path):   # an example with files of its own (examples/firmware/firmware.c)
            c_path = os.path.join(ROOT, "examples", name, name + ".c")
        py_path = os.path.join(ROOT, "examples", "torch", name + ".py")
        if not os.path.exists(c_path) or not os.path.exists(py_path):
            print("%-16s missing %s" % (name, "examples/%s.c" % name if not os.path.exists(c_path)
                                        else "examples/torch/%s.py" % name))
            bad += 1
            continue
        c = c_lines(open(c_path).read())
        py = py_lines(open(py_path).read())
        ok = c <= 2 * py
        bad += not ok
        print("%-16s C %4d lines, PyTorch %4d lines, ratio %.2f (at most 2.00)%s" %
              (name, c, py, c / py if py else float("inf"), "" if ok else "  OVER"))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
