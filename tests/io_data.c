/* io_data - the committed save files of tests/data, and the check that any host reads them.
     io_data write DATA_DIR [CORPUS_DIR]   writes io_v1_graph.gir and io_v1_vars.gir (and fuzz seeds)
     io_data check DATA_DIR                loads both files written on a little-endian host and checks every
                                           node, name and value against the reference graph built here, the
                                           results of running it, and that saving here gives the same bytes.
   Prints "big-endian host" or "little-endian host" first: under qemu-s390x the check runs big-endian. */
#define GIR_IMPLEMENTATION
#include "../gir.h"
#include "io_ref.h"

static unsigned char *read_all(const char *path, size_t *n) {
    FILE *f = fopen(path, "rb");
    unsigned char *buf = NULL;
    long len;
    if (!f) return NULL;
    if (fseek(f, 0, SEEK_END) == 0 && (len = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0 &&
        (buf = (unsigned char *)malloc((size_t)len + 1)) != NULL && fread(buf, 1, (size_t)len, f) != (size_t)len) {
        free(buf);
        buf = NULL;
    }
    if (buf) *n = (size_t)len;
    fclose(f);
    return buf;
}
static int write_file(const char *dir, const char *name, const void *p, size_t n) {
    char path[512];
    FILE *f;
    snprintf(path, sizeof path, "%s/%s", dir, name);
    if (!(f = fopen(path, "wb"))) return 0;
    if (fwrite(p, 1, n, f) != n) { fclose(f); return 0; }
    return fclose(f) == 0;
}
/* the reference graph saved: its graph file and its variables file, in malloc'd buffers */
static int save_ref(unsigned char **gbuf, size_t *gn, unsigned char **vbuf, size_t *vn) {
    gir_node outs[4];
    gir_graph *g = ioref_build(0, outs);
    int ok = g && gir_graph_status(g) == GIR_OK && gir_save_graph(g, 4, outs, NULL, 0, gn) == GIR_OK &&
             gir_save_variables(g, 0, NULL, NULL, 0, vn) == GIR_OK;
    *gbuf = ok ? (unsigned char *)malloc(*gn) : NULL;
    *vbuf = ok ? (unsigned char *)malloc(*vn) : NULL;
    ok = ok && *gbuf && *vbuf && gir_save_graph(g, 4, outs, *gbuf, *gn, gn) == GIR_OK &&
         gir_save_variables(g, 0, NULL, *vbuf, *vn, vn) == GIR_OK;
    if (g && !ok) fprintf(stderr, "save: %s\n", gir_graph_message(g));
    gir_graph_free(g);
    return ok;
}
/* the graph saved again, over buf (which holds at least the file's bytes: the same graph) */
static int resave(gir_graph *g, const gir_node *outs, unsigned char *buf, size_t *n) {
    return gir_save_graph(g, 4, outs, buf, *n, n) == GIR_OK;
}
static int check(const char *dir) {
    char path[512], msg[256], why[256];
    unsigned char *gfile, *vfile, *gnow, *vnow;
    size_t gn = 0, vn = 0, gnn, vnn;
    gir_node routs[4], louts[4], zouts[4];
    gir_graph *ref, *loaded = NULL, *zero;
    gir_plan *pr, *pl;
    int k, nout = 0, ok = 1;
    unsigned nodes;
    snprintf(path, sizeof path, "%s/io_v1_graph.gir", dir);
    gfile = read_all(path, &gn);
    snprintf(path, sizeof path, "%s/io_v1_vars.gir", dir);
    vfile = read_all(path, &vn);
    if (!gfile || !vfile) { fprintf(stderr, "cannot read the files in %s\n", dir); return 0; }
    ref = ioref_build(0, routs);
    /* the whole graph: same nodes, names and values, same outputs, same results */
    if (gir_load_graph(gfile, gn, NULL, &loaded, 4, louts, &nout, msg, sizeof msg) != GIR_OK) {
        fprintf(stderr, "load_graph: %s\n", msg);
        return 0;
    }
    if (gir_graph_node_count(ref) != gir_graph_node_count(loaded) || !ioref_same_named(ref, loaded, why, sizeof why)) {
        fprintf(stderr, "graph: %s (%u and %u nodes)\n", why, (unsigned)gir_graph_node_count(ref),
                (unsigned)gir_graph_node_count(loaded));
        ok = 0;
    }
    for (k = 0; k < 4; ++k)
        if (nout != 4 || strcmp(gir_node_name(loaded, louts[k]), gir_node_name(ref, routs[k]))) {
            fprintf(stderr, "output %d: '%s', want '%s'\n", k, gir_node_name(loaded, louts[k]), gir_node_name(ref, routs[k]));
            ok = 0;
        }
    pr = ioref_run(ref, routs);
    pl = ok ? ioref_run(loaded, louts) : NULL;
    if (!pr || !pl) { fprintf(stderr, "run failed\n"); ok = 0; }
    for (k = 0; ok && k < 4; ++k) {
        size_t bytes = (size_t)gir_node_numel(ref, routs[k]) * gir_dtype_size(gir_node_dtype(ref, routs[k]));
        if (memcmp(gir_plan_data(pr, routs[k]), gir_plan_data(pl, louts[k]), bytes)) { fprintf(stderr, "output %d differs\n", k); ok = 0; }
    }
    /* the variables file into the same graph built with zeros */
    zero = ioref_build(1, zouts);
    if (gir_load_variables(zero, vfile, vn, 0) != GIR_OK) { fprintf(stderr, "load_variables: %s\n", gir_graph_message(zero)); ok = 0; }
    else if (!ioref_same_named(ref, zero, why, sizeof why)) { fprintf(stderr, "variables: %s\n", why); ok = 0; }
    /* saving here writes the same bytes: the loaded graph, and the variables of the graph built here */
    if (!save_ref(&gnow, &gnn, &vnow, &vnn) || !resave(loaded, louts, gnow, &gnn) || gnn != gn || vnn != vn ||
        memcmp(gnow, gfile, gn) || memcmp(vnow, vfile, vn)) {
        fprintf(stderr, "saving here gives other bytes (%u and %u, files %u and %u)\n", (unsigned)gnn, (unsigned)vnn,
                (unsigned)gn, (unsigned)vn);
        ok = 0;
    }
    nodes = (unsigned)gir_graph_node_count(ref);
    gir_plan_free(pr); gir_plan_free(pl);
    gir_graph_free(ref); gir_graph_free(loaded); gir_graph_free(zero);
    free(gfile); free(vfile); free(gnow); free(vnow);
    if (ok) printf("ok: %u + %u bytes, %u nodes, names, values and results match\n", (unsigned)gn, (unsigned)vn, nodes);
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
    ok = ok && gir_save_graph(s, 2, outs, buf, sizeof buf, &n) == GIR_OK && write_file(dir, "small_graph.gir", buf, n);
    ok = ok && gir_save_variables(s, 0, NULL, buf, sizeof buf, &n) == GIR_OK && write_file(dir, "small_vars.gir", buf, n);
    gir_graph_free(s);
    return ok;
}
int main(int argc, char **argv) {
    const uint16_t one = 1;
    printf("%s host\n", *(const unsigned char *)&one ? "little-endian" : "big-endian");
    if (argc >= 3 && !strcmp(argv[1], "check")) return check(argv[2]) ? 0 : 1;
    if (argc >= 3 && !strcmp(argv[1], "write")) {
        unsigned char *g, *v;
        size_t gn, vn;
        if (!save_ref(&g, &gn, &v, &vn) || !write_file(argv[2], "io_v1_graph.gir", g, gn) ||
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
