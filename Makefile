# gir.h - make regenerates the header; make test runs every check; make demo trains the digits MLP.
PYTHON ?= python3
CC     ?= gcc
B      := build

.PHONY: all generate test test-all cross-test demo golden examples fuzz fuzz-io bench clean size size-check firmware-demo \
        onnx-test onnx-export-test onnx-ort onnx-torch-test onnx-torch-data onnx-demo onnx-digits-model \
        gir-onnx
all: generate

# `make` always regenerates (it is deterministic and takes under a second). Nothing else depends on
# the generator's inputs by timestamp, so after a clone `make demo` and `make test` never need Python
# to rebuild gir.h, whatever order git wrote the files in; `make test` checks that gir.h is current.
generate:
	$(PYTHON) gen/gir_gen.py ops.def -o gir.h
	$(PYTHON) gen/gir_gen.py ops.def --readme README.md

# only when gir.h is missing
gir.h:
	$(PYTHON) gen/gir_gen.py ops.def -o gir.h

# make test: the checks a contributor runs before each commit (a few minutes); make test-all: the whole matrix
# (compilers x standards x -O levels, configurations, sanitizers, cross-compiles, firmware, sizes, fuzzing,
# packaging); .ci/run runs make test-all and make cross-test
test:
	@GIR_TEST_TIER=quick sh tests/run_all.sh

test-all:
	@GIR_TEST_TIER=all sh tests/run_all.sh

# the whole test runner on AArch64 (NEON, qemu-aarch64), Cortex-M4F (scalar FPU) and Cortex-M55 (Helium) under
# qemu-system-arm with semihosting, and an LSTM training image on both Cortex-Ms (m4img, m55img); exit status =
# failures (tests/cross/run.sh; TARGETS="a64 m4 m55 m4img m55img")
TARGETS ?= a64 m4 m55 m4img m55img
cross-test:
	@sh tests/cross/run.sh $(TARGETS)

# a long fuzz campaign under ASan+UBSan with gcc and clang (make test runs 300 rounds of the same fuzzer)
FUZZ_ROUNDS ?= 6000
FUZZ_SEED   ?= 100000
SAN := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
fuzz:
	@mkdir -p $(B)
	gcc -std=c99 -O1 -g $(SAN) tests/unit/main.c -o $(B)/fuzz_gcc -lm
	clang -std=c99 -O1 -g $(SAN) tests/unit/main.c -o $(B)/fuzz_clang -lm
	ASAN_OPTIONS=allocator_may_return_null=1 ./$(B)/fuzz_gcc --filter fuzz/ --fuzz $(FUZZ_ROUNDS) $(FUZZ_SEED) -v
	ASAN_OPTIONS=allocator_may_return_null=1 ./$(B)/fuzz_clang --filter fuzz/ --fuzz $(FUZZ_ROUNDS) $(FUZZ_SEED) -v

# save and load: a libFuzzer campaign over gir_graph_load_variables and gir_graph_load (tests/programs/fuzz_load.c) under
# ASan+UBSan, FUZZ_IO_RUNS executions from the seeds of tests/programs/fuzz_corpus (make test runs it for 30 s)
FUZZ_IO_RUNS ?= 1000000
fuzz-io:
	@mkdir -p $(B)
	clang -std=c99 -Wall -Wextra -Werror -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
		tests/programs/fuzz_load.c -o $(B)/fuzz_load -lm
	@rm -rf $(B)/fuzz_io_corpus && cp -r tests/programs/fuzz_corpus $(B)/fuzz_io_corpus
	@rc=0; start=$$(date +%s); ./$(B)/fuzz_load -runs=$(FUZZ_IO_RUNS) -seed=$(FUZZ_SEED) -print_final_stats=1 \
		-artifact_prefix=$(B)/fuzz_io_ $(B)/fuzz_io_corpus > $(B)/fuzz_io.log 2>&1 || rc=$$?; \
	grep -E 'INITED|DONE|^Done|stat::|ERROR|SUMMARY' $(B)/fuzz_io.log; \
	echo "fuzz-io: $$(( $$(date +%s) - start )) s, exit $$rc, crashes: $$(ls $(B)/fuzz_io_crash-* 2>/dev/null | wc -l)"; \
	[ $$rc -eq 0 ]

# ONNX import against the ONNX 1.12 backend tests (Debian's libonnx-testdata): every case of node/, then of
# pytorch-converted/, pytorch-operator/ and simple/; a line per failed case, a closing line per folder, and a table
# of the op types in $(B)/onnx_table_<folder>.txt. ONNX_DIR=<dir> runs any folder laid out as the backend's tests
# (<case>/model.onnx, <case>/test_data_set_<n>/input_<k>.pb and output_<k>.pb). The runner is built with
# GIR_MAX_RANK=8: some cases have rank 7.
ONNX_DATA ?= /usr/share/libonnx-testdata/data
ONNX_DIR  ?= $(ONNX_DATA)/node $(ONNX_DATA)/pytorch-converted $(ONNX_DATA)/pytorch-operator $(ONNX_DATA)/simple
onnx-test:
	@mkdir -p $(B)
	$(CC) -std=c99 -Wall -Wextra -Werror -Wno-format-truncation -O1 -DGIR_MAX_RANK=8 tests/onnx/onnx_test.c \
		-o $(B)/onnx_test -lm
	@rc=0; for d in $(ONNX_DIR); do \
		./$(B)/onnx_test $$d --exclude tests/onnx/exclude.txt --table $(B)/onnx_table_$$(basename $$d).txt || rc=1; \
	done; exit $$rc

# gir.h against OpenBLAS, NumPy, PyTorch and ONNX Runtime (ORT_DIR, below), side by side; BENCH_CFLAGS is how
# gir.h is built
BENCH_CFLAGS ?= -O2
BENCH_ROUNDS ?= 3
bench:
	@mkdir -p $(B)
	$(CC) -std=c99 $(BENCH_CFLAGS) -DGIR_THREADS -pthread bench/gir_bench.c -o $(B)/gir_bench -lm
	@if $(CC) -O2 bench/blas_bench.c -o $(B)/blas_bench -lopenblas 2>/dev/null; then b=$(B)/blas_bench; else b=-; fi; \
	$(PYTHON) bench/run.py $(B)/gir_bench $$b --rounds $(BENCH_ROUNDS) --flags "$(CC) -std=c99 $(BENCH_CFLAGS) -DGIR_THREADS -pthread" --cc "$(CC)" \
		--ort $(ORT_DIR) $(BENCH)

# the golden data are committed; remaking them needs python3-numpy and python3-torch
golden:
	/usr/bin/python3 tests/oracles/make_golden.py
	/usr/bin/python3 tests/oracles/make_golden_ad.py
	/usr/bin/python3 tests/oracles/make_golden_init.py
	/usr/bin/python3 tests/oracles/make_golden_train.py

$(B)/%: examples/%.c gir.h
	@mkdir -p $(B)
	$(CC) -std=c99 -O2 -Wall -Wextra -Werror -I. $< -o $@ -lm

examples: $(B)/hello $(B)/hessian_vector $(B)/mlp_digits $(B)/cnn_digits $(B)/newton $(B)/onnx_digits \
          $(B)/logreg $(B)/rnn_sine $(B)/rnn_scan $(B)/pendulum_while

demo: $(B)/mlp_digits
	./$(B)/mlp_digits examples/data/digits.csv

# Cortex-M4 footprint in three configurations against budgets (needs gcc-arm-none-eabi, libnewlib-arm-none-eabi)
size:
	@sh tests/size/size.sh $(B)/size

# selective builds on the host: left-out ops fail clearly, GIR_ONLY_OPS builds train correctly
SEL_ONLY := -DGIR_ONLY_OPS -DGIR_WITH_OP_INPUT -DGIR_WITH_OP_VARIABLE -DGIR_WITH_OP_MATMUL -DGIR_WITH_OP_ADD \
            -DGIR_WITH_OP_RELU -DGIR_WITH_OP_XENT_LOGITS -DGIR_WITH_OP_MEAN -DGIR_WITH_OP_ASSIGN
size-check:
	@mkdir -p $(B)
	$(CC) -std=c99 -O1 -Wall -Wextra -Werror -I. -DSEL_NO_CONV -DGIR_NO_OPS_CONV -DGIR_NO_OP_TANH tests/size/selective.c -o $(B)/sel_no_conv -lm
	./$(B)/sel_no_conv
	$(CC) -std=c99 -O1 -Wall -Wextra -Werror -I. -DSEL_ONLY $(SEL_ONLY) tests/size/selective.c -o $(B)/sel_only -lm
	./$(B)/sel_only
	g++ -x c++ -std=c++11 -O1 -Wall -Wextra -Werror -I. -DSEL_ONLY $(SEL_ONLY) -DGIR_NO_STDIO -c tests/size/selective.c -o $(B)/sel_only_cxx.o
	$(CC) -std=c99 -O1 -Wall -Wextra -Werror -I. -DSEL_F32 -DGIR_ONLY_F32 tests/size/selective.c -o $(B)/sel_f32 -lm
	./$(B)/sel_f32
	clang -std=c99 -O1 -Wall -Wextra -Werror -I. -DSEL_NO_CONV -DGIR_NO_OPS_CONV -DGIR_NO_OP_TANH -c tests/size/selective.c -o $(B)/sel_clang.o
	sh tests/size/pruned.sh $(B)

# the on-device training example on a Cortex-M55 (mps3-an547) under qemu (needs qemu-system-arm too)
firmware-demo:
	@$(MAKE) -s -C examples/firmware run

clean:
	rm -rf $(B)

# ONNX export: every case of $(ONNX_DIR) that gir.h imports and passes is exported (gir_onnx_export), imported again
# and run: outputs bit-identical (onnx_test --roundtrip); the exports are saved in $(B)/onnx_export and checked by
# onnx.checker (full_check) and run by ONNX Runtime against gir.h's outputs (tests/onnx/ort_check.py). ONNX Runtime
# is onnxruntime-node in $(B)/ort: `make onnx-ort` installs it (npm; its package carries the Linux x64 library).
ORT_DIR ?= $(B)/ort
onnx-export-test:
	@mkdir -p $(B)
	$(CC) -std=c99 -Wall -Wextra -Werror -Wno-format-truncation -O1 -DGIR_MAX_RANK=8 tests/onnx/onnx_test.c \
		-o $(B)/onnx_test -lm
	@rm -rf $(B)/onnx_export; rc=0; for d in $(ONNX_DIR); do mkdir -p $(B)/onnx_export/$$(basename $$d); \
		./$(B)/onnx_test $$d --exclude tests/onnx/exclude.txt --roundtrip --save $(B)/onnx_export/$$(basename $$d) \
			| grep -v '^onnx ' || rc=1; done; \
	if [ -d $(ORT_DIR)/node_modules/onnxruntime-node ]; then \
		/usr/bin/python3 tests/onnx/ort_check.py $(B)/onnx_export $(ORT_DIR) || rc=1; \
	else echo "onnx-export-test: $(ORT_DIR)/node_modules/onnxruntime-node is missing (make onnx-ort): ONNX Runtime and checker skipped"; fi; \
	exit $$rc
onnx-ort:
	mkdir -p $(ORT_DIR) && cd $(ORT_DIR) && npm install --ignore-scripts onnxruntime-node@1.30.0

# PyTorch 1.13 exports (tests/onnx/torch: an MLP, a CNN with BatchNorm exported in eval and in training mode, a
# LayerNorm + GELU block, an LSTM and a GRU, each at opsets 11, 13 and 17 with a dynamic batch, two batch sizes)
# against PyTorch's outputs within 1e-5 relative and 1e-6 absolute (PyTorch's own float32 outputs are up to 3e-7
# from its float64 ones), every case required to pass (--strict), and round-tripped through export.
# make onnx-torch-data writes the cases again (tests/onnx/torch_export.py: torch 1.13, onnx, numpy).
TORCH_PYTHON ?= /usr/bin/python3
onnx-torch-test:
	@mkdir -p $(B)
	$(CC) -std=c99 -Wall -Wextra -Werror -Wno-format-truncation -O1 -DGIR_MAX_RANK=8 tests/onnx/onnx_test.c \
		-o $(B)/onnx_test -lm
	./$(B)/onnx_test tests/onnx/torch --rtol 1e-5 --atol 1e-6 --strict --roundtrip -v
onnx-torch-data:
	$(TORCH_PYTHON) tests/onnx/torch_export.py

# the ONNX example end to end: examples/onnx_digits.c imports the CNN its PyTorch twin trained and exported
# (examples/data/digits_cnn.onnx, committed), checks it against PyTorch's results, fine-tunes it and exports the
# fine-tuned model; examples/onnx_digits_ort.js then runs that export in ONNX Runtime (make onnx-ort)
# and checks it gets gir.h's results. Needs a C compiler only; without ONNX Runtime and node the last step is skipped.
NODE ?= node
onnx-demo: $(B)/onnx_digits
	./$(B)/onnx_digits examples/data/digits.csv examples/data/digits_cnn.onnx $(B)/digits_cnn_tuned.onnx
	@if [ -d $(ORT_DIR)/node_modules/onnxruntime-node ] && command -v $(NODE) > /dev/null; then \
		echo "$(NODE) examples/onnx_digits_ort.js $(ORT_DIR) examples/data/digits.csv $(B)/digits_cnn_tuned.onnx"; \
		$(NODE) examples/onnx_digits_ort.js $(ORT_DIR) examples/data/digits.csv $(B)/digits_cnn_tuned.onnx; \
	else echo "onnx-demo: ONNX Runtime check skipped: needs $(NODE) and $(ORT_DIR)/node_modules/onnxruntime-node" \
		"(make onnx-ort)"; fi

# remakes examples/data/digits_cnn.onnx and digits_cnn.txt (needs python3-torch and python3-onnx; deterministic)
onnx-digits-model:
	/usr/bin/python3 examples/torch/onnx_digits.py examples/data/digits.csv examples/data/digits_cnn.onnx

# gir-onnx: info, run and image for ONNX models from the command line (tools/gir-onnx.c)
gir-onnx: $(B)/gir-onnx
$(B)/gir-onnx: tools/gir-onnx.c gir.h
	@mkdir -p $(B)
	$(CC) -std=c99 -O2 -Wall -Wextra -Werror $< -o $@ -lm
