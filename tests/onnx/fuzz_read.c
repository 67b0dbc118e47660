/* fuzz_read.c - the ONNX reader (gen/90-library/onnx_read.c) on any bytes: the input is decoded as a model (every
   initializer and attribute then read in every dtype), as a bare TensorProto (gir_onnx_read_tensor), and imported
   (gir_onnx_import; a graph it builds is compiled and freed; a failure must leave nothing allocated). Under
   libFuzzer:  clang -std=c99 -g -O1 -fsanitize=fuzzer,address,undefined -DFUZZ_LIBFUZZER -I. tests/onnx/fuzz_read.c -lm
   Without it, main() replays files, and with --mutate N SEED also N byte flips and truncations of each:
       cc -std=c99 -g -O1 -fsanitize=address,undefined -I. tests/onnx/fuzz_read.c -o fuzz_read -lm
       ./fuzz_read --mutate 200 1 model.onnx input_0.pb ...
   It prints how many inputs it ran and how many decoded; a sanitizer report is the failure. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#define GIR_IMPLEMENTATION
#include "gir.h"

static long n_runs, n_models, n_tensors;

static void fz_tensor(const gir__ox_tensor *t) {
    static const gir_dtype dts[5] = {GIR_DTYPE_B8, GIR_DTYPE_U8, GIR_DTYPE_I32, GIR_DTYPE_F32, GIR_DTYPE_F64};
    int64_t n = gir__ox_tensor_numel(t);
    char msg[256];
    int k;
    if (n < 0 || n > (1 << 20)) return;
    for (k = 0; k < 5; ++k) {
        void *out = malloc((size_t)n * 8 + 1);
        gir__ox_tensor_read(t, dts[k], out, n, msg, sizeof msg);
        free(out);
    }
}
static void fz_model(const uint8_t *data, size_t size) {
    gir__ox_model m;
    char msg[256];
    int i, j;
    if (gir__ox_decode(&m, data, size, NULL, msg, sizeof msg) != GIR_OK) return;
    ++n_models;
    for (i = 0; i < m.n_init; ++i) fz_tensor(&m.init[i]);
    for (i = 0; i < m.n_node; ++i)
        for (j = 0; j < m.node[i].n_attr; ++j) {
            const gir__ox_attr *a = &m.node[i].attr[j];
            int64_t iv[8];
            double fv[8];
            gir__ox_str sv[8];
            gir__ox_attr_ints(a, iv, 8);
            gir__ox_attr_floats(a, fv, 8);
            gir__ox_attr_strings(a, sv, 8);
            gir__ox_attr_ints(a, NULL, 0);
            if (a->type == 4) fz_tensor(&a->t);
        }
    gir__ox_free(&m, NULL);
}
static size_t fz_numel(const gir_shape *s) {
    size_t n = 1;
    int k;
    for (k = 0; k < s->rank; ++k) {
        if (s->dim[k] && n > ((size_t)1 << 40) / (size_t)s->dim[k]) return (size_t)1 << 40;
        n *= (size_t)s->dim[k];
    }
    return n;
}
static void fz_pb(const uint8_t *data, size_t size) {
    gir_shape s;
    char msg[256];
    size_t cap;
    void *out;
    if (gir_onnx_read_tensor(data, size, GIR_DTYPE_F32, NULL, 0, &s, msg, sizeof msg) != GIR_OK) return;
    cap = (size_t)fz_numel(&s);
    if (cap > (1u << 22)) return;
    out = malloc(cap * 8 + 1);
    if (gir_onnx_read_tensor(data, size, GIR_DTYPE_F64, out, cap * 8, &s, msg, sizeof msg) == GIR_OK) ++n_tensors;
    gir_onnx_read_tensor(data, size, GIR_DTYPE_I32, out, cap * 4, &s, msg, sizeof msg);
    gir_onnx_read_tensor(data, size, GIR_DTYPE_F32, out, cap * 4 - (cap > 0), &s, msg, sizeof msg);
    free(out);
}
/* the importer on the same bytes, symbolic dims in fz_dims fixed to 2, with an allocator that refuses blocks over
   64 MiB or 256 MiB live (a huge claimed shape must be an error, not a crash); on success the graph is compiled */
static const char *const fz_dims[] = {"N", "batch", "batch_size", "B", "M", "T", "seq", "seq_len", "sequence", "len",
                                      "n", "b", "s", "unk__0", "unk__1", "unk__2", "dynamic", "height", "width"};
static const int32_t fz_dim_values[sizeof fz_dims / sizeof fz_dims[0]] = {2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
                                                                          2, 2, 2, 2, 2};
static size_t fz_live;
static void *fz_alloc(size_t n, void *user) {
    size_t *p;
    (void)user;
    if (n > ((size_t)64 << 20) || fz_live + n > ((size_t)256 << 20)) return NULL;
    if (!(p = (size_t *)malloc(n + 16))) return NULL;
    *p = n;
    fz_live += n;
    return (char *)p + 16;
}
static void fz_free(void *q, void *user) {
    (void)user;
    if (!q) return;
    fz_live -= *(size_t *)(void *)((char *)q - 16);
    free((char *)q - 16);
}
static long n_imports, n_compiled;
static void fz_import(const uint8_t *data, size_t size) {
    gir_onnx_desc d;
    gir_graph *g = NULL;
    gir_plan *p = NULL;
    gir_node outs[16];
    int n_out = 0;
    char msg[320];
    memset(&d, 0, sizeof d);
    d.graph.allocator.alloc_fn = fz_alloc;
    d.graph.allocator.free_fn = fz_free;
    d.n_dims = (int)(sizeof fz_dims / sizeof fz_dims[0]);
    d.dim_names = fz_dims;
    d.dim_values = fz_dim_values;
    d.variables = (int)(size & 1);
    if (gir_onnx_import(data, size, &d, &g, 16, outs, &n_out, msg, sizeof msg) != GIR_OK) {
        if (g || n_out || fz_live) { fprintf(stderr, "fuzz_read: a failed import left a graph or memory\n"); abort(); }
        return;
    }
    ++n_imports;
    if (n_out > 16) n_out = 16;
    if (n_out > 0 && gir_plan_compile(g, n_out, outs, NULL, &p) == GIR_OK) ++n_compiled;
    gir_plan_free(p);
    gir_graph_free(g);
    if (fz_live) {
        fprintf(stderr, "fuzz_read: %lu bytes left after gir_graph_free\n", (unsigned long)fz_live);
        abort();
    }
}
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    ++n_runs;
    fz_model(data, size);
    fz_pb(data, size);
    fz_import(data, size);
    return 0;
}

#ifndef FUZZ_LIBFUZZER
static unsigned long fz_rand(unsigned long long *st) {
    *st = *st * 6364136223846793005ull + 1442695040888963407ull;
    return (unsigned long)(*st >> 33);
}
/* the file as it is, then rounds of: a truncation, 1 to 4 random bytes changed, a truncation of such a change */
static void fz_mutate(const uint8_t *b, size_t n, long rounds, unsigned long long *st) {
    uint8_t *c = (uint8_t *)malloc(n + 1);
    long r;
    int k;
    LLVMFuzzerTestOneInput(b, n);
    for (r = 0; r < rounds && n; ++r) {
        size_t len = n;
        memcpy(c, b, n);
        if (r % 3 == 0) len = fz_rand(st) % n;
        else {
            for (k = 1 + (int)(fz_rand(st) % 4); k > 0; --k) c[fz_rand(st) % n] = (uint8_t)fz_rand(st);
            if (r % 3 == 2) len = n - fz_rand(st) % (n < 16 ? n : 16);
        }
        LLVMFuzzerTestOneInput(c, len);
    }
    free(c);
}
int main(int argc, char **argv) {
    long rounds = 0;
    unsigned long long st = 1;
    int i = 1;
    if (argc > 3 && !strcmp(argv[1], "--mutate")) { rounds = atol(argv[2]); st = strtoull(argv[3], NULL, 10); i = 4; }
    for (; i < argc; ++i) {
        FILE *f = fopen(argv[i], "rb");
        uint8_t *b;
        long n;
        if (!f) { fprintf(stderr, "fuzz_read: cannot open %s\n", argv[i]); return 2; }
        fseek(f, 0, SEEK_END);
        n = ftell(f);
        fseek(f, 0, SEEK_SET);
        b = (uint8_t *)malloc((size_t)n + 1);
        if (n < 0 || fread(b, 1, (size_t)n, f) != (size_t)n) {
            fprintf(stderr, "fuzz_read: cannot read %s\n", argv[i]);
            return 2;
        }
        fclose(f);
        fz_mutate(b, (size_t)n, rounds, &st);
        free(b);
    }
    printf("%ld inputs, %ld decoded as models, %ld read as tensors, %ld imported, %ld compiled\n", n_runs, n_models,
           n_tensors, n_imports, n_compiled);
    return 0;
}
#endif
