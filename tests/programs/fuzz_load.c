/* fuzz_load - a libFuzzer target over both loaders (clang -fsanitize=fuzzer,address,undefined).
   Every input is given as it is (the checksums reject almost every mutation) and repaired (every checksum
   rewritten, so mutations reach the parser and the builders) to gir_graph_load_variables (strict, then partial) on a fixed graph, which must stay whole and
   unchanged by a failed load, and to gir_graph_load; a graph that loads is saved again and must load again
   (the same bytes), and when it is small it is compiled and run with its inputs bound to zeros, and run again
   from a plan image (gir_plan_write_image), which must give the plan's bits; that image damaged by the input's bytes,
   its checksum made right, must open or be refused, never crash.
   A graph that calls functions is run, and made an image, when it is small (no while loop, short scans). Seeds: tests/programs/fuzz_corpus (tests/programs/io_data.c write). make
   test runs it for a short while, make fuzz-io for 10^6 executions. */
#define GIR_IMPLEMENTATION
#include "../../gir.h"
#include "io_ref.h"

static gir_graph *fixed;
static unsigned char snap_before[1 << 14], snap_after[1 << 14];

static size_t snapshot(unsigned char *out) {
    size_t at = 0;
    int k;
    for (k = 0; k < gir_graph_variable_count(fixed); ++k) {
        gir_node v = gir_graph_variable(fixed, k);
        size_t bytes = (size_t)gir_node_numel(fixed, v) * gir_dtype_size(gir_node_dtype(fixed, v));
        if (at + bytes <= sizeof snap_before) memcpy(out + at, gir_node_data(fixed, v), bytes);
        at += bytes;
    }
    return at;
}
static void load_vars(const uint8_t *data, size_t size, unsigned flags) {
    size_t n = snapshot(snap_before);
    gir_status s = gir_graph_load_variables(fixed, data, size, flags);
    if (s != GIR_OK) {
        if (!gir_graph_message(fixed)[0] || snapshot(snap_after) != n || memcmp(snap_before, snap_after, n)) __builtin_trap();
        gir_graph_clear_error(fixed);
    }
}
/* a loaded graph small enough to run: nodes of at most 4096 elements and 65536 element-steps in all (a body's
   nodes counted once per call, times the steps of the scans around it), no while loop (a damaged condition may
   never turn false), scans of at most 16 steps, calls nested at most 3 deep */
static int small_enough(const gir_graph *g, int depth, int64_t steps, int64_t *total) {
    uint32_t k;
    if (depth > 3) return 0;
    for (k = 1; k < g->nnodes; ++k) {
        const gir__node *d = &g->nodes[k];
        int64_t n = gir__numel(gir__nshape(g, d));
        gir_attr ta;
        const gir_attr *a;
        if (n > 4096 || (*total += n * steps) > (1 << 16)) return 0;
        if (!gir__op_is(d->op, GIR__F_TUPLE)) continue;
        a = gir__attr_load(g, d, &ta);
        if (gir__op_is(d->op, GIR__F_UNTIL) || (gir__op_is(d->op, GIR__F_LOOP) && a->i[1] > 16)) return 0;
        if (!small_enough(g->callees[a->i[0]]->body, depth + 1, steps * (gir__op_is(d->op, GIR__F_LOOP) ? a->i[1] : 1), total))
            return 0;
        if (gir__op_is(d->op, GIR__F_BRANCH) && !small_enough(g->callees[a->i[1]]->body, depth + 1, steps, total)) return 0;
    }
    return 1;
}
/* a small loaded graph: compiled, inputs bound to zeros, run; 0 when it is not small */
static int run_small(gir_graph *g, int nout, const gir_node *outs) {
    static double zeros[1 << 12];
    int64_t total = 0;
    gir_plan *p = NULL;
    int j;
    if (!small_enough(g, 0, 1, &total)) return 0;
    if (gir_plan_compile(g, nout, outs, NULL, &p) != GIR_OK) return 0;
    for (j = 0; j < gir_graph_input_count(g); ++j) gir_plan_bind(p, gir_graph_input(g, j), zeros);
    gir_plan_run(p);
    gir_plan_free(p);
    return 1;
}
/* a small loaded graph as a plan image: it runs to the bits of its plan; then the image damaged by the fuzzer's
   bytes, its checksum made right, must open or be refused without a crash (a damaged image is never run: its
   shapes and attributes are trusted) */
static void image_small(gir_graph *g, int nout, const gir_node *outs, const uint8_t *data, size_t size) {
    static double zeros[1 << 12];
    static uint64_t ram[1 << 15];
    gir_compile_desc d;
    gir_plan *p = NULL;
    gir_node ins[16];
    gir_image *m = NULL;
    uint64_t *img, *bad;
    size_t len = 0, need = 0, k;
    int nin = gir_graph_input_count(g), j;
    char msg[256];
    if (nin > 16) return;
    memset(&d, 0, sizeof d);
    d.flags = GIR_COMPILE_NO_FUSION;
    if (gir_plan_compile(g, nout, outs, &d, &p) != GIR_OK) return;
    for (j = 0; j < nin; ++j) ins[j] = gir_graph_input(g, j);
    if (gir_plan_write_image(p, nin, ins, nout, outs, NULL, 0, &len) != GIR_OK) __builtin_trap();
    img = (uint64_t *)malloc(len);
    bad = (uint64_t *)malloc(len);
    if (!img || !bad || gir_plan_write_image(p, nin, ins, nout, outs, img, len, &len) != GIR_OK) __builtin_trap();
    if (gir_image_ram_size(img, len, &need) != GIR_OK) __builtin_trap();
    if (need <= sizeof ram) {
        if (gir_image_open(img, len, ram, sizeof ram, &m, msg, sizeof msg) != GIR_OK) __builtin_trap();
        for (j = 0; j < nin; ++j) {
            gir_plan_bind(p, ins[j], zeros);
            gir_image_bind(m, j, zeros, (size_t)gir_node_numel(g, ins[j]) * gir_dtype_size(gir_node_dtype(g, ins[j])));
        }
        if ((gir_plan_run(p) == GIR_OK) != (gir_image_run(m) == GIR_OK)) __builtin_trap();
        for (j = 0; j < nout && !gir_plan_message(p)[0]; ++j) {
            size_t bytes = 0;
            const void *a = gir_image_output(m, j, &bytes), *b = gir_plan_data(p, outs[j]);
            if (bytes && (!a || !b || memcmp(a, b, bytes))) __builtin_trap();
        }
    }
    memcpy(bad, img, len);
    for (k = 0; k + 1 < size && k < 64; k += 2) ((uint8_t *)bad)[((size_t)data[k] * 131u + k) % len] ^= data[k + 1];
    if (len >= sizeof(gir__ihdr)) {
        gir__ihdr h;
        memcpy(&h, bad, sizeof h);
        if (h.bytes <= len && h.bytes >= GIR__IMG_CRC_AT) {
            memcpy(bad, &h, sizeof h);
            h.crc = gir__img_crc((const unsigned char *)bad, h.bytes);
            memcpy(bad, &h, sizeof h);
        }
    }
    if (gir_image_open(bad, len, ram, sizeof ram, &m, msg, sizeof msg) != GIR_OK && (m || !msg[0])) __builtin_trap();
    (void)gir_image_ops(bad, len, NULL, 0);
    free(img);
    free(bad);
    gir_plan_free(p);
}
static void load_graph(const uint8_t *data, size_t size) {
    gir_graph *g = NULL, *again = NULL;
    gir_node outs[8], outs2[8];
    char msg[256];
    int nout = 0, nout2 = 0;
    size_t n = 0, n2 = 0;
    unsigned char *buf;
    if (gir_graph_load(data, size, NULL, &g, 8, outs, &nout, msg, sizeof msg) != GIR_OK) {
        if (g || !msg[0]) __builtin_trap();
        return;
    }
    /* saved again, it loads again, and gives the same file */
    if (nout > 8) nout = 8;
    if (gir_graph_save(g, nout, outs, NULL, 0, &n) != GIR_OK || !(buf = (unsigned char *)malloc(n))) __builtin_trap();
    if (gir_graph_save(g, nout, outs, buf, n, &n2) != GIR_OK || n2 != n) __builtin_trap();
    if (gir_graph_load(buf, n, NULL, &again, 8, outs2, &nout2, msg, sizeof msg) != GIR_OK) __builtin_trap();
    if (gir_graph_node_count(again) != gir_graph_node_count(g)) __builtin_trap();
    free(buf);
    gir_graph_free(again);
    if (nout > 0 && run_small(g, nout, outs)) image_small(g, nout, outs, data, size);
    gir_graph_free(g);
}
static uint32_t crc32_bits(const uint8_t *p, size_t n) {
    uint32_t c = 0xffffffffu;
    size_t k;
    int b;
    for (k = 0; k < n; ++k) {
        c ^= p[k];
        for (b = 0; b < 8; ++b) c = (c >> 1) ^ (0xEDB88320u & (0u - (c & 1u)));
    }
    return ~c;
}
static void put32(uint8_t *p, uint32_t v) { p[0] = (uint8_t)v; p[1] = (uint8_t)(v >> 8); p[2] = (uint8_t)(v >> 16); p[3] = (uint8_t)(v >> 24); }
/* the header's checksum, and every section's whose length fits, made right */
static void repair(uint8_t *d, size_t n) {
    size_t at = 24;
    if (n < 24) return;
    put32(d + 20, crc32_bits(d, 20));
    while (n - at >= 16) {
        uint64_t len = 0;
        int k;
        for (k = 7; k >= 0; --k) len = (len << 8) | d[at + 4 + (size_t)k];
        if (len > n - at - 16) return;
        put32(d + at + 12 + (size_t)len, crc32_bits(d + at, 12 + (size_t)len));
        at += 16 + (size_t)len;
    }
}
static void load_all(const uint8_t *data, size_t size) {
    load_vars(data, size, 0);
    load_vars(data, size, GIR_LOAD_PARTIAL);
    load_graph(data, size);
}
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (!fixed) {
        gir_node outs[4];
        (void)ioref_check;                /* shared with the runner; not used here */
        fixed = ioref_build(1, outs);
        if (!fixed) __builtin_trap();
    }
    load_all(data, size);
    if (size >= 24) {
        uint8_t *copy = (uint8_t *)malloc(size);
        if (!copy) return 0;
        memcpy(copy, data, size);
        repair(copy, size);
        load_all(copy, size);
        free(copy);
    }
    return 0;
}
