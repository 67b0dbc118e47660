/* io_ref.h - the reference graph of the committed save files tests/programs/data/io_v1_graph.gir and io_v1_vars.gir.
   tests/programs/io_data.c writes them ("write") and checks them ("check", also under qemu on a big-endian host);
   tests/unit/io.c checks them in the test runner. Include after gir.h (with its implementation). */
#include <stdlib.h>
#include <string.h>

/* deterministic values of every dtype, with the awkward ones in front: -0, a subnormal, a NaN with a payload */
static void ioref_fill(void *p, gir_dtype dt, int64_t n, unsigned salt) {
    int64_t k;
    for (k = 0; k < n; ++k) {
        uint32_t u = (uint32_t)k * 2654435761u + salt * 40503u;
        switch (dt) {
        case GIR_DTYPE_B8: ((uint8_t *)p)[k] = (uint8_t)((u >> 7) & 1u); break;
        case GIR_DTYPE_U8: ((uint8_t *)p)[k] = (uint8_t)(u >> 11); break;
        case GIR_DTYPE_I32: memcpy((int32_t *)p + k, &u, 4); break;
        case GIR_DTYPE_F32: {
            float f = (float)((int)((u >> 9) % 33u) - 16) * 0.375f;
            uint32_t bits = k == 1 ? 0x80000000u : k == 2 ? 0x00000123u : 0;
            if (bits) memcpy(&f, &bits, 4);
            ((float *)p)[k] = f;
            break;
        }
        default: {
            double d = (double)((int)((u >> 5) % 101u) - 50) / 7.0;
            uint64_t bits = k == 1 ? 0x7ff8000000000123ull : k == 2 ? 0x8000000000000000ull : 0;
            if (bits) memcpy(&d, &bits, 8);
            ((double *)p)[k] = d;
        }
        }
    }
}
static gir_node ioref_var(gir_graph *g, gir_dtype dt, gir_shape s, const char *name, unsigned salt, int zero) {
    int64_t n = 1, k;
    void *buf;
    gir_node v;
    for (k = 0; k < s.rank; ++k) n *= s.dim[k];
    buf = calloc((size_t)(n ? n : 1), 8);
    if (!zero) ioref_fill(buf, dt, n, salt);
    v = gir_name(g, gir_variable(g, dt, s, buf), name);
    free(buf);
    return v;
}
/* a small training graph: a dense layer, a loss and its gradients, variables of every dtype and rank 0 to
   GIR_MAX_RANK, empty ones, names with scopes, and ops with every kind of attribute. zero: variables all zero.
   outs (4): loss, d loss / d w, d loss / d b, y */
static gir_graph *ioref_build(int zero, gir_node *outs) {
    gir_graph *g = gir_graph_new(NULL);
    gir_node x, t, w, b, c, h, y, e, loss, wrt[2], grads[2], extra;
    static const float cv[4] = {0.5f, -1.25f, 2.0f, 0.75f};
    int32_t dims[GIR_MAX_RANK];
    int r;
    if (!g) return NULL;
    x = gir_name(g, gir_input(g, GIR_DTYPE_F32, gir_shape2(2, 3)), "in/x");
    t = gir_name(g, gir_input(g, GIR_DTYPE_F32, gir_shape1(2)), "in/t");
    gir_graph_push_scope(g, "layer1");
    w = ioref_var(g, GIR_DTYPE_F32, gir_shape2(3, 4), "w", 1, zero);
    b = ioref_var(g, GIR_DTYPE_F32, gir_shape1(4), "b", 2, zero);
    h = gir_name(g, gir_leaky_relu(g, gir_add(g, gir_matmul(g, x, w), b), 0.125), "h");
    gir_graph_pop_scope(g);
    c = gir_constant(g, GIR_DTYPE_F32, gir_shape1(4), cv);
    y = gir_name(g, gir_sum(g, gir_mul(g, h, c), gir_ints1(-1), 0), "out/y");
    e = gir_sub(g, y, t);
    loss = gir_name(g, gir_mean(g, gir_square(g, e), gir_ints0(), 0), "out/loss");
    wrt[0] = w; wrt[1] = b;
    gir_grad(g, loss, 2, wrt, grads);
    gir_name(g, grads[0], "grad/w");
    gir_name(g, grads[1], "grad/b");
    /* attribute kinds: l (transpose, pad, reshape via shape), i (slice, softmax), f (clamp), dtype (cast), seed */
    extra = gir_transpose(g, gir_reshape(g, h, gir_shape2(4, 2)), gir_ints2(1, 0));
    extra = gir_pad(g, gir_slice(g, extra, 1, 1, GIR_SLICE_NONE, 1), gir_ints2(0, 1), gir_ints2(1, 0), -3.5);
    extra = gir_clamp(g, gir_softmax(g, gir_cast(g, extra, GIR_DTYPE_F64), 0), 0.0625, 0.875);
    gir_name(g, gir_dropout(g, extra, 0.25, 12345u), "misc/dropped");
    gir_name(g, gir_fill(g, GIR_DTYPE_I32, gir_shape2(2, 2), -7), "misc/fill");
    /* variables of every dtype and rank, empty ones included */
    gir_graph_push_scope(g, "misc");
    for (r = 0; r <= GIR_MAX_RANK; ++r) {
        char nm[16];
        int k;
        for (k = 0; k < r; ++k) dims[k] = k == r - 1 ? 3 : 2 - (k & 1);
        snprintf(nm, sizeof nm, "rank%d", r);
        ioref_var(g, (gir_dtype)(GIR_DTYPE_B8 + r % 5), gir_shapev(r, dims), nm, 10u + (unsigned)r, zero);
    }
    ioref_var(g, GIR_DTYPE_F64, gir_shape2(0, 3), "empty", 3, zero);
    ioref_var(g, GIR_DTYPE_B8, gir_shape1(9), "flags", 4, zero);
    ioref_var(g, GIR_DTYPE_U8, gir_shape2(2, 5), "bytes", 5, zero);
    ioref_var(g, GIR_DTYPE_I32, gir_shape0(), "count", 6, zero);
    ioref_var(g, GIR_DTYPE_F64, gir_shape3(2, 1, 3), "state/v", 7, zero);
    gir_graph_pop_scope(g);
    outs[0] = loss; outs[1] = grads[0]; outs[2] = grads[1]; outs[3] = y;
    return g;
}
/* the inputs the check binds */
static const float ioref_x[6] = {0.5f, -1.0f, 2.0f, 1.5f, 0.25f, -0.75f};
static const float ioref_t[2] = {1.0f, -2.0f};

/* compiles outs of g, binds the reference inputs (found by name), runs; NULL on failure */
static gir_plan *ioref_run(gir_graph *g, const gir_node *outs) {
    gir_plan *p = NULL;
    if (gir_plan_compile(g, 4, outs, NULL, &p) != GIR_OK) return NULL;
    if (gir_plan_bind_bytes(p, gir_graph_find(g, "in/x"), ioref_x, sizeof ioref_x) != GIR_OK ||
        gir_plan_bind_bytes(p, gir_graph_find(g, "in/t"), ioref_t, sizeof ioref_t) != GIR_OK || gir_plan_run(p) != GIR_OK) {
        gir_plan_free(p);
        return NULL;
    }
    return p;
}
/* 1 when every named node of a has a node of the same name in b with the same op, dtype, shape and values (a
   compiler may build the unnamed nodes of gir_grad in another order: C leaves the order of arguments open) */
static int ioref_same_named(gir_graph *a, gir_graph *b, char *err, size_t errn) {
    uint32_t k, n = gir_graph_node_count(a), named = 0;
    for (k = 1; k <= n; ++k) {
        gir_node na = gir_graph_input(a, 0), nb;
        gir_shape sa, sb;
        na.id = k;
        if (!*gir_node_name(a, na)) continue;
        ++named;
        nb = gir_graph_find(b, gir_node_name(a, na));
        sa = gir_node_shape(a, na); sb = gir_node_shape(b, nb);
        if (!nb.id || gir_node_op(a, na) != gir_node_op(b, nb) || gir_node_dtype(a, na) != gir_node_dtype(b, nb) ||
            sa.rank != sb.rank || memcmp(sa.dim, sb.dim, sizeof(int32_t) * (size_t)sa.rank)) {
            snprintf(err, errn, "'%s' differs", gir_node_name(a, na));
            return 0;
        }
        if (gir_node_op(a, na) == GIR_OP_VARIABLE) {
            size_t bytes = (size_t)gir_node_numel(a, na) * gir_dtype_size(gir_node_dtype(a, na));
            if (bytes && memcmp(gir_node_data(a, na), gir_node_data(b, nb), bytes)) {
                snprintf(err, errn, "'%s': values differ", gir_node_name(a, na));
                return 0;
            }
        }
    }
    if (named < 20) { snprintf(err, errn, "only %u named nodes", (unsigned)named); return 0; }
    return 1;
}

/* the committed files of dir against the reference graph built here; err: the first difference, or a summary */
static unsigned char *ioref_read_all(const char *path, size_t *n) {
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
/* the reference graph saved: its graph file and its variables file, in malloc'd buffers */
static int ioref_save(unsigned char **gbuf, size_t *gn, unsigned char **vbuf, size_t *vn) {
    gir_node outs[4];
    gir_graph *g = ioref_build(0, outs);
    int ok = g && gir_graph_status(g) == GIR_OK && gir_graph_save(g, 4, outs, NULL, 0, gn) == GIR_OK &&
             gir_graph_save_variables(g, 0, NULL, NULL, 0, vn) == GIR_OK;
    *gbuf = ok ? (unsigned char *)malloc(*gn) : NULL;
    *vbuf = ok ? (unsigned char *)malloc(*vn) : NULL;
    ok = ok && *gbuf && *vbuf && gir_graph_save(g, 4, outs, *gbuf, *gn, gn) == GIR_OK &&
         gir_graph_save_variables(g, 0, NULL, *vbuf, *vn, vn) == GIR_OK;
    gir_graph_free(g);
    return ok;
}
/* the graph saved again, over buf (which holds at least the file's bytes: the same graph) */
static int ioref_resave(gir_graph *g, const gir_node *outs, unsigned char *buf, size_t *n) {
    return gir_graph_save(g, 4, outs, buf, *n, n) == GIR_OK;
}
static int ioref_check(const char *dir, char *err, size_t errn) {
    char path[512], msg[256];
    unsigned char *gfile, *vfile, *gnow, *vnow;
    size_t gn = 0, vn = 0, gnn, vnn;
    gir_node routs[4], louts[4], zouts[4];
    gir_graph *ref, *loaded = NULL, *zero;
    gir_plan *pr, *pl;
    int k, nout = 0, ok = 1;
    unsigned nodes;
    snprintf(path, sizeof path, "%s/io_v1_graph.gir", dir);
    gfile = ioref_read_all(path, &gn);
    snprintf(path, sizeof path, "%s/io_v1_vars.gir", dir);
    vfile = ioref_read_all(path, &vn);
    if (!gfile || !vfile) { snprintf(err, errn, "cannot read the files in %s", dir); return 0; }
    ref = ioref_build(0, routs);
    /* the whole graph: same nodes, names and values, same outputs, same results */
    if (gir_graph_load(gfile, gn, NULL, &loaded, 4, louts, &nout, msg, sizeof msg) != GIR_OK) {
        snprintf(err, errn, "load_graph: %.200s", msg);
        gir_graph_free(ref); free(gfile); free(vfile);
        return 0;
    }
    if (gir_graph_node_count(ref) != gir_graph_node_count(loaded) || !ioref_same_named(ref, loaded, err, errn)) {
        if (gir_graph_node_count(ref) != gir_graph_node_count(loaded)) snprintf(err, errn, "%u and %u nodes", (unsigned)gir_graph_node_count(ref), (unsigned)gir_graph_node_count(loaded));
        ok = 0;
    }
    for (k = 0; k < 4; ++k)
        if (nout != 4 || strcmp(gir_node_name(loaded, louts[k]), gir_node_name(ref, routs[k]))) {
            snprintf(err, errn, "output %d: '%s', want '%s'", k, gir_node_name(loaded, louts[k]), gir_node_name(ref, routs[k]));
            ok = 0;
        }
    pr = ioref_run(ref, routs);
    pl = ok ? ioref_run(loaded, louts) : NULL;
    if (!pr || !pl) { snprintf(err, errn, "run failed"); ok = 0; }
    for (k = 0; ok && k < 4; ++k) {
        size_t bytes = (size_t)gir_node_numel(ref, routs[k]) * gir_dtype_size(gir_node_dtype(ref, routs[k]));
        if (memcmp(gir_plan_data(pr, routs[k]), gir_plan_data(pl, louts[k]), bytes)) { snprintf(err, errn, "output %d differs", k); ok = 0; }
    }
    /* the variables file into the same graph built with zeros */
    zero = ioref_build(1, zouts);
    if (gir_graph_load_variables(zero, vfile, vn, 0) != GIR_OK) { snprintf(err, errn, "load_variables: %.200s", gir_graph_message(zero)); ok = 0; }
    else if (!ioref_same_named(ref, zero, err, errn)) ok = 0;
    /* saving here writes the same bytes: the loaded graph, and the variables of the graph built here */
    if (!ioref_save(&gnow, &gnn, &vnow, &vnn) || !ioref_resave(loaded, louts, gnow, &gnn) || gnn != gn || vnn != vn ||
        memcmp(gnow, gfile, gn) || memcmp(vnow, vfile, vn)) {
        snprintf(err, errn, "saving here gives other bytes (%u and %u, files %u and %u)", (unsigned)gnn, (unsigned)vnn,
                (unsigned)gn, (unsigned)vn);
        ok = 0;
    }
    nodes = (unsigned)gir_graph_node_count(ref);
    gir_plan_free(pr); gir_plan_free(pl);
    gir_graph_free(ref); gir_graph_free(loaded); gir_graph_free(zero);
    free(gfile); free(vfile); free(gnow); free(vnow);
    if (ok) snprintf(err, errn, "%u + %u bytes, %u nodes, names, values and results match", (unsigned)gn, (unsigned)vn, nodes);
    return ok;
}
