#!/usr/bin/env python3
"""suites.py - writes tests/unit/suites.h, the test runner's list of suites, from the files of tests/unit.

    python3 tests/unit/suites.py            write tests/unit/suites.h
    python3 tests/unit/suites.py --check    exit 1 (and say what to run) when suites.h is not what it would write

Every file of tests/unit but main.c is a suite: <name>.c defines `static void suite_<name>(void)`, named after
the fragment of gen/ (or the concern) it covers. The folder is the registration: a new suite is a new file and
a run of this script; make test checks that suites.h is current. suites.h includes each suite and defines
run_suites(), which calls them in the order of their names. A build may leave a suite out with
-DGIR_TEST_NO_<NAME> (the Cortex-M55 runner leaves out io to fit its flash): the runner then prints a skip for
it, with the macro. Standard library only.
"""
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "suites.h")


def suites():
    """The suite names, sorted; a file without its suite_<name> function is an error."""
    names = []
    for f in sorted(os.listdir(HERE)):
        if not f.endswith(".c") or f == "main.c":
            continue
        name = f[:-2]
        with open(os.path.join(HERE, f), encoding="utf-8") as fh:
            if not re.search(r"^static void suite_%s\(void\)" % re.escape(name), fh.read(), re.M):
                sys.exit("suites.py: tests/unit/%s defines no 'static void suite_%s(void)'" % (f, name))
        names.append(name)
    return names


def text(names):
    out = ["/* suites.h - the suites of the test runner, one per file of tests/unit: written by tests/unit/suites.py",
           "   from that folder (make test checks it is current). Do not edit: add a file, then run the script. */"]
    for n in names:
        out += ["#if !defined(GIR_TEST_NO_%s)" % n.upper(), '#include "%s.c"' % n, "#endif"]
    out += ["", "static void run_suites(void) {"]
    for n in names:
        out += ["#if defined(GIR_TEST_NO_%s)" % n.upper(),
                '    skip_test("%s/", "left out of this build (GIR_TEST_NO_%s)");' % (n, n.upper()),
                "#else", "    suite_%s();" % n, "#endif"]
    out += ["}", ""]
    return "\n".join(out)


def main(argv):
    want = text(suites())
    if argv[1:] == ["--check"]:
        try:
            with open(OUT, encoding="utf-8") as f:
                have = f.read()
        except OSError:
            have = None
        if have != want:
            print("tests/unit/suites.h is not the list of the suites in tests/unit; run: python3 tests/unit/suites.py")
            return 1
        print("tests/unit/suites.h lists the %d suites of tests/unit" % want.count("#include"))
        return 0
    if argv[1:]:
        sys.stderr.write("usage: python3 tests/unit/suites.py [--check]\n")
        return 2
    with open(OUT, "w", encoding="utf-8") as f:
        f.write(want)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
