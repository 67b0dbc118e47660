/* io_data - the committed save files of tests/programs/data, and the check that any host reads them.
     io_data write DATA_DIR [CORPUS_DIR]   writes io_v1_graph.gir and io_v1_vars.gir (and fuzz seeds)
     io_data check DATA_DIR                loads both files written on a little-endian host and checks every
                                           node, name and value against the reference graph built here, the
                                           results of running it, and that saving here gives the same bytes.
   Prints "big-endian host" or "little-endian host" first: under qemu-s390x the check runs big-endian. */
#define GIR_IMPLEMENTATION
#include "../../gir.h"
#include "io_ref.h"

static int write_file(const char *dir, const char *name, const void *p, size_t n) {
    char path[512];
    FILE *f;
    snprintf(path, sizeof path, "%s/%s", dir, name);
    if (!(f = fopen(path, "wb"))) return 0;
    if (fwrite(p, 1, n, f) != n) { fclose(f); return 0; }
    return fclose(f) == 0;
}
/* a seed that calls functions (format version 3): a call, a cond, a scan of 4 steps kept every 2 with its
   gradient, and a while whose step is x <- x / 2 while x > 1 */
static int write_func_seed(const char *dir) {
    gir_graph *b = gir_graph_new(NULL), *s = gir_graph_new(NULL);
    gir_node p[2], r[2], x, xs, pred, a[2], c[2], q, sc[2], wl, outs[4];
    gir_func *cell, *half, *above;
    gir_scan_desc d;
    unsigned char buf[8192];
    size_t n = 0;
    int ok;
    p[0] = gir_input(b, GIR_DTYPE_F32, gir_shape1(2));
    p[1] = gir_input(b, GIR_DTYPE_F32, gir_shape1(2));
    r[0] = gir_tanh(b, gir_add(b, p[0], p[1]));
    r[1] = gir_mul(b, r[0], r[0]);
    cell = gir_func_new(b, "cell", 2, p, 2, r);
    r[0] = gir_mul(b, p[0], gir_scalar(b, GIR_DTYPE_F32, 0.5f));
    half = gir_func_new(b, "half", 1, p, 1, r);
    r[0] = gir_gt(b, gir_sum(b, p[0], gir_ints0(), 0), gir_scalar(b, GIR_DTYPE_F32, 1.0f));
    above = gir_func_new(b, "above", 1, p, 1, r);
    x = gir_name(s, gir_input(s, GIR_DTYPE_F32, gir_shape1(2)), "x");
    xs = gir_name(s, gir_input(s, GIR_DTYPE_F32, gir_shape2(4, 2)), "xs");
    pred = gir_name(s, gir_input(s, GIR_DTYPE_B8, gir_shape0()), "pred");
    a[0] = x; a[1] = x;
    gir_func_call(s, cell, 2, a, 2, c);
    gir_cond(s, pred, half, half, 1, &x, 1, &q);
    memset(&d, 0, sizeof d);
    d.length = 4; d.n_carry = 1; d.n_xs = 1; d.checkpoint = 2;
    a[1] = xs;
    gir_scan(s, cell, &d, 2, a, 2, sc);
    gir_while(s, above, half, 0, 1, &x, &wl);
    outs[0] = gir_add(s, gir_add(s, gir_sum(s, c[1], gir_ints0(), 0), gir_sum(s, q, gir_ints0(), 0)),
                      gir_sum(s, sc[1], gir_ints0(), 0));
    outs[1] = wl;
    gir_grad(s, outs[0], 2, a, outs + 2);
    ok = gir_graph_status(s) == GIR_OK && gir_graph_save(s, 4, outs, buf, sizeof buf, &n) == GIR_OK &&
         write_file(dir, "func_graph.gir", buf, n);
    if (!ok) fprintf(stderr, "func seed: %s\n", gir_graph_message(s));
    gir_graph_free(s);
    gir_graph_free(b);
    return ok;
}
/* fuzz seeds: the reference files and a few small ones */
static int write_corpus(const char *dir, const unsigned char *g, size_t gn, const unsigned char *v, size_t vn) {
    gir_graph *s = gir_graph_new(NULL);
    gir_node x, outs[2];
    unsigned char buf[4096];
    size_t n = 0;
    int ok = write_file(dir, "ref_graph.gir", g, gn) && write_file(dir, "ref_vars.gir", v, vn);
    x = gir_name(s, gir_input(s, GIR_DTYPE_F32, gir_shape1(3)), "x");
    outs[0] = gir_name(s, gir_tanh(s, gir_mul(s, x, gir_name(s, gir_variable(s, GIR_DTYPE_F32, gir_shape1(3), NULL), "w"))), "y");
    outs[1] = gir_sum(s, gir_one_hot(s, gir_constant(s, GIR_DTYPE_I32, gir_shape1(1), NULL), 4, GIR_DTYPE_F64), gir_ints0(), 1);
    ok = ok && gir_graph_save(s, 2, outs, buf, sizeof buf, &n) == GIR_OK && write_file(dir, "small_graph.gir", buf, n);
    ok = ok && gir_graph_save_variables(s, 0, NULL, buf, sizeof buf, &n) == GIR_OK && write_file(dir, "small_vars.gir", buf, n);
    gir_graph_free(s);
    return ok && write_func_seed(dir);
}
int main(int argc, char **argv) {
    const uint16_t one = 1;
    printf("%s host\n", *(const unsigned char *)&one ? "little-endian" : "big-endian");
    if (argc >= 3 && !strcmp(argv[1], "check")) {
        char why[256];
        int ok = ioref_check(argv[2], why, sizeof why);
        printf("%s: %s\n", ok ? "ok" : "FAIL", why);
        return ok ? 0 : 1;
    }
    if (argc >= 3 && !strcmp(argv[1], "write")) {
        unsigned char *g, *v;
        size_t gn, vn;
        if (!ioref_save(&g, &gn, &v, &vn) || !write_file(argv[2], "io_v1_graph.gir", g, gn) ||
            !write_file(argv[2], "io_v1_vars.gir", v, vn) || (argc >= 4 && !write_corpus(argv[3], g, gn, v, vn))) {
            fprintf(stderr, "write failed\n");
            return 1;
        }
        printf("wrote %u + %u bytes\n", (unsigned)gn, (unsigned)vn);
        free(g); free(v);
        return 0;
    }
    fprintf(stderr, "usage: io_data write DATA_DIR [CORPUS_DIR] | io_data check DATA_DIR\n");
    return 2;
}
