# gir.h - make regenerates the header; make test runs every check; make demo trains the digits MLP.
PYTHON ?= python3
CC     ?= gcc
B      := build
GEN_INPUTS := ops.def LICENSE $(wildcard gen/*.py gen/*.c gen/*.h)

.PHONY: all test demo golden examples clean
all: gir.h

gir.h: $(GEN_INPUTS)
	$(PYTHON) gen/gir_gen.py ops.def -o gir.h
	$(PYTHON) gen/gir_gen.py ops.def --readme README.md

test:
	@sh tests/run_all.sh

# the golden data are committed; remaking them needs python3-numpy and python3-torch
golden:
	/usr/bin/python3 tests/make_golden.py

$(B)/%: examples/%.c gir.h
	@mkdir -p $(B)
	$(CC) -std=c99 -O2 -Wall -Wextra -Werror -I. $< -o $@ -lm

examples: $(B)/hello $(B)/hessian_vector $(B)/mlp_digits

demo: $(B)/mlp_digits
	./$(B)/mlp_digits examples/data/digits.csv

clean:
	rm -rf $(B)
