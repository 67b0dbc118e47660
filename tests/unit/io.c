/* suite_io: save and load (gen/90-library/io.c) - variables by name, whole graphs, resuming training bit for bit, the
   committed files of tests/programs/data, every class of malformed file, out-of-memory while loading */
#include "../programs/io_ref.h"

/* CRC-32 (IEEE, reflected), bit by bit: an independent check of the files' checksums */
static uint32_t io_crc(const unsigned char *p, size_t n) {
    uint32_t c = 0xffffffffu;
    size_t k;
    int b;
    for (k = 0; k < n; ++k) {
        c ^= p[k];
        for (b = 0; b < 8; ++b) c = (c >> 1) ^ (0xEDB88320u & (0u - (c & 1u)));
    }
    return ~c;
}
/* a byte buffer to compose files by hand */
typedef struct iob { unsigned char b[8192]; size_t n; } iob;
static void iob_u(iob *f, uint64_t v, int bytes) {
    int k;
    for (k = 0; k < bytes && f->n < sizeof f->b; ++k) f->b[f->n++] = (unsigned char)(v >> (8 * k));
}
static void iob_str(iob *f, const char *s) {
    size_t n = strlen(s);
    iob_u(f, n, 1);
    for (; *s && f->n < sizeof f->b; ++s) f->b[f->n++] = (unsigned char)*s;
}
static uint64_t io_get(const unsigned char *p, int bytes) {
    uint64_t v = 0;
    int k;
    for (k = bytes - 1; k >= 0; --k) v = (v << 8) | p[k];
    return v;
}
static void io_put(unsigned char *p, uint64_t v, int bytes) {
    int k;
    for (k = 0; k < bytes; ++k) p[k] = (unsigned char)(v >> (8 * k));
}
/* header (version, flags, nsec) + one section of tag around payload */
static void io_wrap(iob *out, uint32_t version, uint32_t flags, const char *tag, const iob *payload) {
    size_t start;
    out->n = 0;
    iob_u(out, 0x46524947u, 4);          /* "GIRF" */
    iob_u(out, 0x0A1A0A0Du, 4);
    iob_u(out, version, 4);
    iob_u(out, flags, 4);
    iob_u(out, 1, 4);
    iob_u(out, io_crc(out->b, 20), 4);
    start = out->n;
    iob_u(out, io_get((const unsigned char *)tag, 4), 4);
    iob_u(out, payload->n, 8);
    memcpy(out->b + out->n, payload->b, payload->n);
    out->n += payload->n;
    iob_u(out, io_crc(out->b + start, out->n - start), 4);
}
/* the checksums of a one-section file made right again after an edit */
static void io_fix_crc(unsigned char *p, size_t n) {
    io_put(p + 20, io_crc(p, 20), 4);
    io_put(p + n - 4, io_crc(p + 24, n - 28), 4);
}
/* graph nodes by hand */
static void io_node_input(iob *f, int dt, int rank, const uint32_t *dims, const char *name) {
    int k;
    iob_str(f, "input"); iob_u(f, 0, 2); iob_u(f, 0, 1);
    iob_u(f, (uint64_t)dt, 1); iob_u(f, (uint64_t)rank, 1);
    for (k = 0; k < rank; ++k) iob_u(f, dims[k], 4);
    iob_str(f, name);
}
static void io_node_unary(iob *f, const char *op, uint32_t in, const char *name) {
    iob_str(f, op); iob_u(f, 0, 2); iob_u(f, 1, 1); iob_u(f, in, 4); iob_str(f, name);
}

/* load_graph on payload must fail with a message containing want; 0 (and why) otherwise */
static int io_graph_fails(const iob *payload, const char *want) {
    iob file;
    gir_graph *g = (gir_graph *)1;
    gir_node outs[2];
    char msg[256];
    int n = -1;
    gir_status s;
    io_wrap(&file, 1, 0, "GRPH", payload);
    s = gir_graph_load(file.b, file.n, NULL, &g, 2, outs, &n, msg, sizeof msg);
    CHECK(s != GIR_OK && g == NULL && n == 0, "'%s': loaded (status %d)", want, (int)s);
    CHECK(strstr(msg, want) != NULL, "want '%s', got '%s'", want, msg);
    return 1;
}

/* every variable of every dtype and rank (0..GIR_MAX_RANK, empty ones, scoped names) saved, then loaded into the
   same graph built with zeros: the same bytes; and to a FILE* the same bytes as to memory */
static int test_io_variables_roundtrip_all_dtypes_ranks(void) {
    gir_node o1[4], o2[4];
    gir_graph *a = ioref_build(0, o1), *b = ioref_build(1, o2);
    size_t n = 0, n2 = 0;
    unsigned char *buf, *fbuf;
    char msg[256];
    int k, nvars = 0, differed = 0;
    FILE *f;
    CHECK(a && b && gir_graph_status(a) == GIR_OK, "build: %s", a ? gir_graph_message(a) : "");
    CHECK(gir_graph_save_variables(a, 0, NULL, NULL, 0, &n) == GIR_OK && n > 24, "size query: %s", gir_graph_message(a));
    buf = (unsigned char *)malloc(n);
    fbuf = (unsigned char *)malloc(n + 16);
    CHECK(buf && fbuf, "malloc");
    CHECK(gir_graph_save_variables(a, 0, NULL, buf, n, &n2) == GIR_OK && n2 == n, "save: %s", gir_graph_message(a));
    CHECK(io_crc(buf, 20) == (uint32_t)io_get(buf + 20, 4) && io_crc(buf + 24, n - 28) == (uint32_t)io_get(buf + n - 4, 4),
          "the checksums are not CRC-32");
    for (k = 0; k < gir_graph_variable_count(b); ++k) {
        gir_node va = gir_graph_variable(a, k), vb = gir_graph_variable(b, k);
        size_t bytes = (size_t)gir_node_numel(a, va) * gir_dtype_size(gir_node_dtype(a, va));
        if (bytes && memcmp(gir_node_data(a, va), gir_node_data(b, vb), bytes)) ++differed;
        ++nvars;
    }
    CHECK(nvars == GIR_MAX_RANK + 8 && differed >= GIR_MAX_RANK + 5, "%d variables, %d differ before the load", nvars, differed);
    CHECK(gir_graph_load_variables(b, buf, n, 0) == GIR_OK, "load: %s", gir_graph_message(b));
    CHECK(ioref_same_named(a, b, msg, sizeof msg), "after the load: %s", msg);
    f = tmpfile();
    CHECK(f, "tmpfile");
    CHECK(gir_graph_save_variables_file(a, 0, NULL, f) == GIR_OK, "save to FILE: %s", gir_graph_message(a));
    rewind(f);
    CHECK(fread(fbuf, 1, n + 16, f) == n && !memcmp(fbuf, buf, n), "FILE* and memory differ");
    fclose(f);
    free(buf); free(fbuf);
    gir_graph_free(a); gir_graph_free(b);
    return 1;
}

/* the list attributes: their lengths and entries (past n a builder may leave anything) */
static int io_same_lists(const gir_attr *a, const gir_attr *b) {
    int k;
    for (k = 0; k < 3; ++k)
        if (a->l[k].n != b->l[k].n || (a->l[k].n > 0 && memcmp(a->l[k].v, b->l[k].v, sizeof(int32_t) * (size_t)a->l[k].n)))
            return 0;
    return 1;
}
/* the same nodes (op, dtype, shape, name, inputs, grad level, attributes) and constant and variable bytes */
static int io_same_graph(gir_graph *a, gir_graph *b) {
    uint32_t k, n = gir_graph_node_count(a);
    CHECK(n == gir_graph_node_count(b), "node counts %u and %u", (unsigned)n, (unsigned)gir_graph_node_count(b));
    for (k = 1; k <= n; ++k) {
        gir_node na = gir_graph_input(a, 0), nb = gir_graph_input(b, 0);
        gir_shape sa, sb;
        gir_attr aa, ab;
        int j, nin;
        na.id = k; nb.id = k;
        nin = gir_node_arg_count(a, na) + gir_node_parent_count(a, na);
        sa = gir_node_shape(a, na); sb = gir_node_shape(b, nb);
        aa = gir_node_attr(a, na); ab = gir_node_attr(b, nb);
        CHECK(gir_node_op(a, na) == gir_node_op(b, nb) && gir_node_dtype(a, na) == gir_node_dtype(b, nb) &&
              sa.rank == sb.rank && !memcmp(sa.dim, sb.dim, sizeof(int32_t) * (size_t)sa.rank) &&
              !strcmp(gir_node_name(a, na), gir_node_name(b, nb)) &&
              nin == gir_node_arg_count(b, nb) + gir_node_parent_count(b, nb) &&
              gir_node_grad_level(a, na) == gir_node_grad_level(b, nb) &&
              !memcmp(aa.f, ab.f, sizeof aa.f) && !memcmp(aa.i, ab.i, sizeof aa.i) && io_same_lists(&aa, &ab) &&
              aa.seed == ab.seed && aa.dtype == ab.dtype,
              "node %u differs: %s '%s' and %s '%s'", (unsigned)k, gir_op_name(gir_node_op(a, na)), gir_node_name(a, na),
              gir_op_name(gir_node_op(b, nb)), gir_node_name(b, nb));
        for (j = 0; j < nin; ++j)
            CHECK(gir_node_input(a, na, j).id == gir_node_input(b, nb, j).id, "node %u input %d", (unsigned)k, j);
        if (gir_node_op(a, na) == GIR_OP_VARIABLE || gir_node_op(a, na) == GIR_OP_CONSTANT) {
            size_t bytes = (size_t)gir_node_numel(a, na) * gir_dtype_size(gir_node_dtype(a, na));
            CHECK(!bytes || !memcmp(gir_node_data(a, na), gir_node_data(b, nb), bytes), "node %u: values differ", (unsigned)k);
        }
    }
    return 1;
}
/* a training graph (dense layer, loss, gradients, attributes of every kind) saved whole and loaded in a new graph:
   the same nodes, names and outputs, and running it gives the same loss, gradients and outputs, bit for bit */
static int test_io_graph_roundtrip_training_graph(void) {
    gir_node outs[4], louts[4], few[2];
    gir_graph *a = ioref_build(0, outs), *b = NULL, *c = NULL;
    gir_plan *pa, *pb;
    size_t n = 0;
    unsigned char *buf;
    char msg[256];
    int k, nout = 0;
    CHECK(a && gir_graph_status(a) == GIR_OK, "build");
    CHECK(gir_graph_save(a, 4, outs, NULL, 0, &n) == GIR_OK && (buf = (unsigned char *)malloc(n)) != NULL, "size");
    CHECK(gir_graph_save(a, 4, outs, buf, n, &n) == GIR_OK, "save: %s", gir_graph_message(a));
    CHECK(gir_graph_load(buf, n, NULL, &b, 4, louts, &nout, msg, sizeof msg) == GIR_OK && b && nout == 4, "load: %s", msg);
    if (!io_same_graph(a, b)) return 0;
    for (k = 0; k < 4; ++k) CHECK(louts[k].id == outs[k].id && louts[k].tag != outs[k].tag, "output %d", k);
    CHECK(!strcmp(gir_node_name(b, louts[0]), "out/loss") && gir_graph_find(b, "layer1/w").id == gir_graph_find(a, "layer1/w").id,
          "names");
    pa = ioref_run(a, outs);
    pb = ioref_run(b, louts);
    CHECK(pa && pb, "run");
    for (k = 0; k < 4; ++k) {
        size_t bytes = (size_t)gir_node_numel(a, outs[k]) * gir_dtype_size(gir_node_dtype(a, outs[k]));
        CHECK(!memcmp(gir_plan_data(pa, outs[k]), gir_plan_data(pb, louts[k]), bytes), "output %d differs", k);
    }
    CHECK(*(const float *)gir_plan_data(pa, outs[0]) > 0.0f, "a zero loss tests nothing");
    gir_plan_free(pa); gir_plan_free(pb);
    /* fewer output slots than outputs: the first ones, and the count */
    CHECK(gir_graph_load(buf, n, NULL, &c, 2, few, &nout, NULL, 0) == GIR_OK && nout == 4 && few[1].id == outs[1].id, "max_out");
    gir_graph_free(c);
    CHECK(gir_graph_load(buf, n, NULL, &c, 0, NULL, NULL, NULL, 0) == GIR_OK, "no outputs wanted");
    gir_graph_free(c);
    /* a file of the reloaded graph is the same file */
    {
        unsigned char *again = (unsigned char *)malloc(n);
        size_t n2 = 0;
        CHECK(again && gir_graph_save(b, 4, louts, again, n, &n2) == GIR_OK && n2 == n && !memcmp(again, buf, n), "resave");
        free(again);
    }
    free(buf);
    gir_graph_free(a); gir_graph_free(b);
    return 1;
}

/* resuming: a model and its momentum buffers are variables; SGD with momentum written with gir_grad and ops */
typedef struct io_sgd { gir_graph *g; gir_node x, t, var[4], next[4], loss; gir_plan *p; } io_sgd;
static int io_sgd_build(io_sgd *m) {
    gir_node wrt[2], gr[2];
    double w0[3] = {0.3, -0.2, 0.1}, b0 = 0.05;
    int k;
    m->g = gir_graph_new(NULL);
    m->p = NULL;
    if (!m->g) return 0;
    m->x = gir_input(m->g, GIR_DTYPE_F64, gir_shape2(8, 3));
    m->t = gir_input(m->g, GIR_DTYPE_F64, gir_shape1(8));
    gir_graph_push_scope(m->g, "model");
    m->var[0] = gir_name(m->g, gir_variable(m->g, GIR_DTYPE_F64, gir_shape1(3), w0), "w");
    m->var[1] = gir_name(m->g, gir_variable(m->g, GIR_DTYPE_F64, gir_shape0(), &b0), "b");
    gir_graph_pop_scope(m->g);
    gir_graph_push_scope(m->g, "opt");
    m->var[2] = gir_name(m->g, gir_variable(m->g, GIR_DTYPE_F64, gir_shape1(3), NULL), "w_v");
    m->var[3] = gir_name(m->g, gir_variable(m->g, GIR_DTYPE_F64, gir_shape0(), NULL), "b_v");
    gir_graph_pop_scope(m->g);
    m->loss = gir_mean(m->g, gir_square(m->g, gir_sub(m->g, gir_add(m->g, gir_sum(m->g, gir_mul(m->g, m->x, m->var[0]),
                                                                                  gir_ints1(1), 0), m->var[1]), m->t)),
                       gir_ints0(), 0);
    wrt[0] = m->var[0]; wrt[1] = m->var[1];
    if (gir_grad(m->g, m->loss, 2, wrt, gr) != GIR_OK) return 0;
    for (k = 0; k < 2; ++k) {    /* v = 0.9 v + g; w = w - 0.05 v */
        m->next[2 + k] = gir_add(m->g, gir_mul(m->g, gir_scalar(m->g, GIR_DTYPE_F64, 0.9), m->var[2 + k]), gr[k]);
        m->next[k] = gir_sub(m->g, m->var[k], gir_mul(m->g, gir_scalar(m->g, GIR_DTYPE_F64, 0.05), m->next[2 + k]));
    }
    {
        gir_node outs[5];
        for (k = 0; k < 4; ++k) outs[k] = m->next[k];
        outs[4] = m->loss;
        return gir_plan_compile(m->g, 5, outs, NULL, &m->p) == GIR_OK;
    }
}
/* training steps first..last-1: batch s is made from s; the new values copied into the variables */
static int io_sgd_train(io_sgd *m, int first, int last) {
    static double xs[24], ts[8];
    int s, k;
    for (s = first; s < last; ++s) {
        for (k = 0; k < 24; ++k) xs[k] = sin(0.7 * s + 1.3 * k);
        for (k = 0; k < 8; ++k) ts[k] = 0.5 * xs[3 * k] - 2.0 * xs[3 * k + 1] + 0.25 * xs[3 * k + 2] + 0.125;
        if (gir_plan_bind(m->p, m->x, xs) || gir_plan_bind(m->p, m->t, ts) || gir_plan_run(m->p)) return 0;
        for (k = 0; k < 4; ++k)
            memcpy(gir_node_data(m->g, m->var[k]), gir_plan_data(m->p, m->next[k]),
                   (size_t)gir_node_numel(m->g, m->var[k]) * 8);
    }
    return 1;
}
static void io_sgd_free(io_sgd *m) { gir_plan_free(m->p); gir_graph_free(m->g); }
static int io_sgd_same(io_sgd *a, io_sgd *b) {
    int k;
    for (k = 0; k < 4; ++k)
        if (memcmp(gir_node_data(a->g, a->var[k]), gir_node_data(b->g, b->var[k]), (size_t)gir_node_numel(a->g, a->var[k]) * 8))
            return 0;
    return 1;
}
/* train 5 steps, save every variable, load into a graph built anew, train 4 more == 9 steps straight, bit for bit;
   saving only the model (not the momentum) does not resume (so the test sees the optimizer state) */
static int test_io_resume_training_bit_exact(void) {
    io_sgd a, b, c, d;
    unsigned char buf[1024];
    size_t n = 0;
    gir_node model[2];
    CHECK(io_sgd_build(&a) && io_sgd_build(&b) && io_sgd_build(&c) && io_sgd_build(&d), "build");
    CHECK(io_sgd_train(&a, 0, 5) && io_sgd_train(&c, 0, 9) && io_sgd_train(&d, 0, 5), "train");
    CHECK(gir_graph_save_variables(a.g, 0, NULL, buf, sizeof buf, &n) == GIR_OK, "save: %s", gir_graph_message(a.g));
    io_sgd_free(&a);
    CHECK(gir_graph_load_variables(b.g, buf, n, 0) == GIR_OK, "load: %s", gir_graph_message(b.g));
    CHECK(io_sgd_same(&b, &d) && !io_sgd_same(&b, &c), "after the load: not the state after 5 steps");
    CHECK(io_sgd_train(&b, 5, 9), "train more");
    CHECK(io_sgd_same(&b, &c), "resumed training differs from training straight");
    io_sgd_free(&b);
    /* only the model: the momentum starts from zero again */
    model[0] = d.var[0]; model[1] = d.var[1];
    CHECK(gir_graph_save_variables(d.g, 2, model, buf, sizeof buf, &n) == GIR_OK, "save 2: %s", gir_graph_message(d.g));
    CHECK(io_sgd_build(&b), "build");
    CHECK(gir_graph_load_variables(b.g, buf, n, 0) == GIR_ERR_INVALID_ARG &&
          strstr(gir_graph_message(b.g), "the graph's variable 'opt/w_v' is not in the file"), "strict: %s",
          gir_graph_message(b.g));
    gir_graph_clear_error(b.g);
    CHECK(gir_graph_load_variables(b.g, buf, n, GIR_LOAD_PARTIAL) == GIR_OK, "partial: %s", gir_graph_message(b.g));
    CHECK(io_sgd_train(&b, 5, 9) && !io_sgd_same(&b, &c), "without the momentum it resumed all the same");
    io_sgd_free(&b); io_sgd_free(&c); io_sgd_free(&d);
    return 1;
}

/* a snapshot of every variable's bytes */
static size_t io_snapshot(gir_graph *g, unsigned char *out, size_t cap) {
    size_t at = 0;
    int k;
    for (k = 0; k < gir_graph_variable_count(g); ++k) {
        gir_node v = gir_graph_variable(g, k);
        size_t bytes = (size_t)gir_node_numel(g, v) * gir_dtype_size(gir_node_dtype(g, v));
        if (at + bytes <= cap) memcpy(out + at, gir_node_data(g, v), bytes);
        at += bytes;
    }
    return at;
}
/* load_variables on file must fail with status st (0: any) and a message containing want, change no variable,
   and leave the graph usable */
static int io_vars_fail(gir_graph *g, const unsigned char *file, size_t n, int st, const char *want) {
    static unsigned char before[4096], after[4096];
    size_t nb = io_snapshot(g, before, sizeof before);
    gir_status s = gir_graph_load_variables(g, file, n, 0);
    CHECK(s != GIR_OK && (!st || (int)s == st), "'%s': status %d", want, (int)s);
    CHECK(strstr(gir_graph_message(g), want) != NULL, "want '%s', got '%s'", want, gir_graph_message(g));
    CHECK(io_snapshot(g, after, sizeof after) == nb && !memcmp(before, after, nb), "'%s': a variable changed", want);
    gir_graph_clear_error(g);
    return 1;
}
/* a graph of two variables 'a' f32 [3,4] and 'b' f64 [2], and x, a named input */
static gir_graph *io_small(gir_node *a, gir_node *b) {
    gir_graph *g = gir_graph_new(NULL);
    float av[12];
    double bv[2] = {1.5, -2.5};
    int k;
    for (k = 0; k < 12; ++k) av[k] = (float)k - 4.5f;
    *a = gir_name(g, gir_variable(g, GIR_DTYPE_F32, gir_shape2(3, 4), av), "a");
    *b = gir_name(g, gir_variable(g, GIR_DTYPE_F64, gir_shape1(2), bv), "b");
    gir_name(g, gir_input(g, GIR_DTYPE_F32, gir_shape1(2)), "x");
    return g;
}
/* a VARS payload: count, then entries added by the caller */
static void io_var_entry(iob *p, const char *name, int dt, int rank, const uint32_t *dims, int64_t numel) {
    int k;
    iob_str(p, name); iob_u(p, (uint64_t)dt, 1); iob_u(p, (uint64_t)rank, 1);
    for (k = 0; k < rank; ++k) iob_u(p, dims[k], 4);
    for (k = 0; k < numel * (int64_t)(dt == 5 ? 8 : dt >= 3 ? 4 : 1); ++k) iob_u(p, (uint64_t)(k % 2), 1);
}
/* variables files: strict and partial, dtype and shape mismatches naming the variable and both shapes, names
   the graph lacks or has as other nodes, order and duplicates; a failure changes nothing and the graph goes on */
static int test_io_variables_mismatch_strict_partial(void) {
    gir_node a, b, o1, o2;
    gir_graph *g = io_small(&a, &b), *h = io_small(&o1, &o2);
    iob p, f;
    uint32_t d34[2] = {3, 4}, d43[2] = {4, 3}, d2[1] = {2};
    unsigned char buf[512];
    size_t n = 0;
    gir_plan *pl = NULL;
    CHECK(g && h && gir_graph_status(g) == GIR_OK, "build");
    memset(gir_node_data(h, o1), 0, 48);
    CHECK(gir_graph_save_variables(h, 0, NULL, buf, sizeof buf, &n) == GIR_OK, "save");
    /* shape */
    p.n = 0; iob_u(&p, 2, 4); io_var_entry(&p, "a", 4, 2, d43, 12); io_var_entry(&p, "b", 5, 1, d2, 2);
    io_wrap(&f, 1, 0, "VARS", &p);
    if (!io_vars_fail(g, f.b, f.n, GIR_ERR_SHAPE, "variable 'a' is f32 [4,3] in the file, f32 [3,4] in the graph")) return 0;
    /* dtype, in the second entry: the first (valid) entry must not be written either */
    p.n = 0; iob_u(&p, 2, 4); io_var_entry(&p, "a", 4, 2, d34, 12); io_var_entry(&p, "b", 4, 1, d2, 2);
    io_wrap(&f, 1, 0, "VARS", &p);
    if (!io_vars_fail(g, f.b, f.n, GIR_ERR_DTYPE, "variable 'b' is f32 [2] in the file, f64 [2] in the graph")) return 0;
    /* not a variable */
    p.n = 0; iob_u(&p, 3, 4); io_var_entry(&p, "a", 4, 2, d34, 12); io_var_entry(&p, "b", 5, 1, d2, 2);
    io_var_entry(&p, "x", 4, 1, d2, 2);
    io_wrap(&f, 1, 0, "VARS", &p);
    if (!io_vars_fail(g, f.b, f.n, 0, "'x' is a node of op input in the graph, not a variable")) return 0;
    /* extra name: strict fails, partial skips it */
    p.n = 0; iob_u(&p, 3, 4); io_var_entry(&p, "a", 4, 2, d34, 12); io_var_entry(&p, "b", 5, 1, d2, 2);
    io_var_entry(&p, "c", 4, 1, d2, 2);
    io_wrap(&f, 1, 0, "VARS", &p);
    if (!io_vars_fail(g, f.b, f.n, 0, "variable 2: 'c' is not a variable of the graph")) return 0;
    CHECK(gir_graph_load_variables(g, f.b, f.n, GIR_LOAD_PARTIAL) == GIR_OK, "partial: %s", gir_graph_message(g));
    {   /* the file's bytes 0,1,0,1,... as little-endian elements */
        uint32_t a1;
        uint64_t b1;
        memcpy(&a1, (const float *)gir_node_data(g, a) + 1, 4);
        memcpy(&b1, (const double *)gir_node_data(g, b) + 1, 8);
        CHECK(a1 == 0x01000100u && b1 == 0x0100010001000100ull, "partial load did not write: %x", (unsigned)a1);
    }
    /* missing name */
    p.n = 0; iob_u(&p, 1, 4); io_var_entry(&p, "b", 5, 1, d2, 2);
    io_wrap(&f, 1, 0, "VARS", &p);
    if (!io_vars_fail(g, f.b, f.n, 0, "the graph's variable 'a' is not in the file")) return 0;
    /* order and duplicates */
    p.n = 0; iob_u(&p, 2, 4); io_var_entry(&p, "b", 5, 1, d2, 2); io_var_entry(&p, "a", 4, 2, d34, 12);
    io_wrap(&f, 1, 0, "VARS", &p);
    if (!io_vars_fail(g, f.b, f.n, 0, "'a' after 'b': the names must be unique and in ascending order")) return 0;
    p.n = 0; iob_u(&p, 2, 4); io_var_entry(&p, "a", 4, 2, d34, 12); io_var_entry(&p, "a", 4, 2, d34, 12);
    io_wrap(&f, 1, 0, "VARS", &p);
    if (!io_vars_fail(g, f.b, f.n, 0, "'a' after 'a'")) return 0;
    /* the graph goes on: a good file loads, and it compiles and runs */
    CHECK(gir_graph_load_variables(g, buf, n, 0) == GIR_OK && ((const float *)gir_node_data(g, a))[5] == 0.0f, "good file: %s",
          gir_graph_message(g));
    {
        gir_node s = gir_sum(g, a, gir_ints0(), 0);
        CHECK(gir_plan_compile(g, 1, &s, NULL, &pl) == GIR_OK && gir_plan_run(pl) == GIR_OK, "run: %s", gir_graph_message(g));
        CHECK(*(const float *)gir_plan_data(pl, s) == 0.0f, "sum");
        gir_plan_free(pl);
    }
    gir_graph_free(g); gir_graph_free(h);
    return 1;
}

/* save errors: the size query, a buffer too small, lists that are not named variables */
static int test_io_save_errors(void) {
    gir_node a, b, list[2];
    gir_graph *g = io_small(&a, &b), *o = gir_graph_new(NULL);
    unsigned char buf[256];
    size_t n = 0, m = 0;
    gir_node anon;
    CHECK(g && o, "build");
    anon = gir_variable(g, GIR_DTYPE_F32, gir_shape0(), NULL);
    CHECK(gir_graph_save_variables(g, 0, NULL, NULL, 0, &n) == GIR_OK && n == 24 + 12 + 4 + (2 + 2 + 8 + 48) + (2 + 2 + 4 + 16) + 4,
          "size %u", (unsigned)n);
    CHECK(gir_graph_save_variables(g, 0, NULL, buf, n - 1, &m) == GIR_ERR_LIMIT && m == n &&
          strstr(gir_graph_message(g), "buffer holds"), "small buffer: %s", gir_graph_message(g));
    gir_graph_clear_error(g);
    list[0] = a; list[1] = anon;
    CHECK(gir_graph_save_variables(g, 2, list, buf, sizeof buf, &m) == GIR_ERR_INVALID_ARG &&
          strstr(gir_graph_message(g), "unnamed"), "unnamed: %s", gir_graph_message(g));
    gir_graph_clear_error(g);
    list[1] = gir_graph_find(g, "x");
    CHECK(gir_graph_save_variables(g, 2, list, buf, sizeof buf, &m) == GIR_ERR_INVALID_ARG &&
          strstr(gir_graph_message(g), "not a variable"), "input: %s", gir_graph_message(g));
    gir_graph_clear_error(g);
    list[1] = a;
    CHECK(gir_graph_save_variables(g, 2, list, buf, sizeof buf, &m) == GIR_ERR_INVALID_ARG &&
          strstr(gir_graph_message(g), "twice"), "twice: %s", gir_graph_message(g));
    gir_graph_clear_error(g);
    list[1] = gir_input(o, GIR_DTYPE_F32, gir_shape0());
    CHECK(gir_graph_save(g, 2, list, buf, sizeof buf, &m) == GIR_ERR_HANDLE &&
          strstr(gir_graph_message(g), "another graph"), "foreign: %s", gir_graph_message(g));
    gir_graph_clear_error(g);
    CHECK(gir_graph_save_variables(g, -1, NULL, buf, sizeof buf, &m) == GIR_ERR_INVALID_ARG, "negative");
    gir_graph_clear_error(g);
    CHECK(gir_graph_save_variables(NULL, 0, NULL, buf, sizeof buf, &m) == GIR_ERR_INVALID_ARG, "NULL graph");
    CHECK(gir_graph_load_variables(g, NULL, 10, 0) == GIR_ERR_INVALID_ARG, "NULL data");
    gir_graph_clear_error(g);
    gir_graph_free(g); gir_graph_free(o);
    return 1;
}

/* the header and the sections: every truncation, magic, version, flags, checksums, tags, trailing bytes */
static int test_io_malformed_header_sections_truncation(void) {
    gir_node outs[4], a, b;
    gir_graph *ref = ioref_build(0, outs), *g = io_small(&a, &b), *loaded = NULL;
    unsigned char gf[4096], vf[512], t[4096];
    size_t gn = 0, vn = 0, k;
    char msg[256];
    CHECK(ref && g, "build");
    CHECK(gir_graph_save(ref, 4, outs, gf, sizeof gf, &gn) == GIR_OK, "save graph");
    CHECK(gir_graph_save_variables(g, 0, NULL, vf, sizeof vf, &vn) == GIR_OK, "save vars");
    for (k = 0; k < gn; ++k) {        /* every prefix of a graph file */
        CHECK(gir_graph_load(gf, k, NULL, &loaded, 4, outs, NULL, msg, sizeof msg) != GIR_OK && !loaded &&
              strstr(msg, "truncated"), "graph cut at %u: '%s'", (unsigned)k, msg);
    }
    for (k = 0; k < vn; ++k)
        if (!io_vars_fail(g, vf, k, 0, "truncated")) return 0;
    memcpy(t, vf, vn); t[0] = 'X';
    if (!io_vars_fail(g, t, vn, 0, "bad magic")) return 0;
    memcpy(t, vf, vn); t[20] ^= 1;
    if (!io_vars_fail(g, t, vn, 0, "the header checksum does not match")) return 0;
    memcpy(t, vf, vn); t[8] = 4; io_put(t + 20, io_crc(t, 20), 4);
    if (!io_vars_fail(g, t, vn, 0, "format version 4; this gir.h reads versions 1 to 3")) return 0;
    memcpy(t, vf, vn); t[8] = 0; io_put(t + 20, io_crc(t, 20), 4);
    if (!io_vars_fail(g, t, vn, 0, "format version 0")) return 0;
    memcpy(t, vf, vn); t[12] = 4; io_put(t + 20, io_crc(t, 20), 4);
    if (!io_vars_fail(g, t, vn, 0, "unknown flags 4")) return 0;
    memcpy(t, vf, vn); t[16] = 0; io_put(t + 20, io_crc(t, 20), 4);
    if (!io_vars_fail(g, t, vn, 0, "0 sections")) return 0;
    memcpy(t, vf, vn); t[16] = 9; io_put(t + 20, io_crc(t, 20), 4);
    if (!io_vars_fail(g, t, vn, 0, "9 sections")) return 0;
    memcpy(t, vf, vn); t[16] = 2; io_put(t + 20, io_crc(t, 20), 4);
    if (!io_vars_fail(g, t, vn, 0, "truncated: a section tag")) return 0;
    for (k = 24; k < vn; ++k) {        /* every byte of the section: the section checksum sees it */
        memcpy(t, vf, vn); t[k] ^= 0x10;
        if (!io_vars_fail(g, t, vn, 0, k < 36 ? "section 0" : "section 0: the checksum does not match")) return 0;
    }
    memcpy(t, vf, vn); t[24] = 'Q'; io_fix_crc(t, vn);
    if (!io_vars_fail(g, t, vn, 0, "section 0 has an unknown tag")) return 0;
    memcpy(t, vf, vn); memcpy(t + vn, vf + 24, vn - 24); t[16] = 2; io_put(t + 20, io_crc(t, 20), 4);
    if (!io_vars_fail(g, t, 2 * vn - 24, 0, "section 1 repeats a section")) return 0;
    memcpy(t, vf, vn); t[vn] = 0;
    if (!io_vars_fail(g, t, vn + 1, 0, "1 bytes after the last section")) return 0;
    memcpy(t, vf, vn); io_put(t + 28, (uint64_t)1 << 62, 8); io_fix_crc(t, vn);
    if (!io_vars_fail(g, t, vn, 0, "truncated: section 0")) return 0;
    if (!io_vars_fail(g, gf, gn, 0, "the file has no variables")) return 0;
    CHECK(gir_graph_load(vf, vn, NULL, &loaded, 0, NULL, NULL, msg, sizeof msg) != GIR_OK && strstr(msg, "the file has no graph"),
          "vars as graph: %s", msg);
    CHECK(gir_graph_load(NULL, 0, NULL, &loaded, 0, NULL, NULL, msg, sizeof msg) == GIR_ERR_INVALID_ARG, "NULL data");
    CHECK(gir_graph_load(gf, gn, NULL, NULL, 0, NULL, NULL, msg, 8) == GIR_ERR_INVALID_ARG && strlen(msg) == 7, "NULL out");
    gir_graph_free(ref); gir_graph_free(g);
    return 1;
}

/* the contents of a graph: unknown op, inputs forward or to node 0, builder-refused attributes and input counts,
   names malformed or duplicated, ranks, dimensions, sizes, dtypes, counts, values, trailing bytes */
static int test_io_malformed_graph_contents(void) {
    iob p;
    uint32_t d2[1] = {2}, d7[9] = {1, 1, 1, 1, 1, 1, 1, 1, 1}, big[3] = {0x7fffffffu, 0x7fffffffu, 0x7fffffffu}, neg[1] = {0xffffffffu};
    int k;
#define IO_GRAPH(build, want) do { p.n = 0; build; if (!io_graph_fails(&p, want)) return 0; } while (0)
    /* the valid base: 2 nodes (x, neg x) and 1 output; each case changes one thing */
    p.n = 0; iob_u(&p, 2, 4); io_node_input(&p, 4, 1, d2, "x"); io_node_unary(&p, "neg", 1, "y"); iob_u(&p, 1, 4); iob_u(&p, 2, 4);
    {
        iob f;
        gir_graph *g = NULL;
        gir_node o;
        int n = 0;
        io_wrap(&f, 1, 0, "GRPH", &p);
        CHECK(gir_graph_load(f.b, f.n, NULL, &g, 1, &o, &n, NULL, 0) == GIR_OK && n == 1 &&
              !strcmp(gir_node_name(g, o), "y") && gir_node_op(g, o) == GIR_OP_NEG, "the base case does not load");
        gir_graph_free(g);
    }
    IO_GRAPH((iob_u(&p, 2, 4), io_node_input(&p, 4, 1, d2, "x"), io_node_unary(&p, "no_such_op", 1, "y"), iob_u(&p, 0, 4)),
             "load: node 2: unknown op 'no_such_op' (written by a newer gir.h?)");
    IO_GRAPH((iob_u(&p, 2, 4), io_node_input(&p, 4, 1, d2, "x"), io_node_unary(&p, "ne\x01", 1, "y"), iob_u(&p, 0, 4)),
             "node 2: the op name has a byte 1");
    IO_GRAPH((iob_u(&p, 2, 4), io_node_input(&p, 4, 1, d2, "x"), io_node_unary(&p, "neg", 2, "y"), iob_u(&p, 0, 4)),
             "node 2: neg: input 0 refers to node 2 (an earlier node: 1 to 1)");
    IO_GRAPH((iob_u(&p, 2, 4), io_node_input(&p, 4, 1, d2, "x"), io_node_unary(&p, "neg", 0, "y"), iob_u(&p, 0, 4)),
             "input 0 refers to node 0");
    IO_GRAPH((iob_u(&p, 1, 4), io_node_unary(&p, "neg", 1, "y"), iob_u(&p, 0, 4)), "refers to node 1 (an earlier node: 1 to 0)");
    /* the builders' checks: input count, dtype, attributes */
    IO_GRAPH((iob_u(&p, 2, 4), io_node_input(&p, 4, 1, d2, "x"), iob_str(&p, "neg"), iob_u(&p, 0, 2), iob_u(&p, 2, 1),
              iob_u(&p, 1, 4), iob_u(&p, 1, 4), iob_str(&p, ""), iob_u(&p, 0, 4)),
             "node 2: neg: node 2: takes 1 input(s), got 2");
    IO_GRAPH((iob_u(&p, 2, 4), io_node_input(&p, 4, 1, d2, "x"), iob_str(&p, "neg"), iob_u(&p, 0, 2), iob_u(&p, 65, 1)),
             "neg has 65 inputs > GIR_MAX_VARIADIC 64");
    IO_GRAPH((iob_u(&p, 2, 4), io_node_input(&p, 1, 1, d2, "x"), io_node_unary(&p, "exp", 1, ""), iob_u(&p, 0, 4)), "exp: node 2");
    IO_GRAPH((iob_u(&p, 2, 4), io_node_input(&p, 4, 1, d2, "x"), iob_str(&p, "clamp"), iob_u(&p, 0, 2), iob_u(&p, 1, 1),
              iob_u(&p, 1, 4), iob_u(&p, 0x4000000000000000ull, 8), iob_u(&p, 0x3ff0000000000000ull, 8), iob_str(&p, ""),
              iob_u(&p, 0, 4)),
             "clamp: node 2: lo 2 > hi 1");
    IO_GRAPH((iob_u(&p, 2, 4), io_node_input(&p, 4, 1, d2, "x"), iob_str(&p, "sum"), iob_u(&p, 0, 2), iob_u(&p, 1, 1),
              iob_u(&p, 1, 4), iob_u(&p, 1, 1), iob_u(&p, 5, 4), iob_u(&p, 0, 4), iob_str(&p, ""), iob_u(&p, 0, 4)),
             "sum: node 2");
    IO_GRAPH((iob_u(&p, 2, 4), io_node_input(&p, 4, 1, d2, "x"), iob_str(&p, "sum"), iob_u(&p, 0, 2), iob_u(&p, 1, 1),
              iob_u(&p, 1, 4), iob_u(&p, 7, 1)),
             "a list attribute has 7 entries > GIR_MAX_RANK 6");
    /* names */
    IO_GRAPH((iob_u(&p, 1, 4), io_node_input(&p, 4, 1, d2, "a//b"), iob_u(&p, 0, 4)), "node 1: the node's name is malformed");
    IO_GRAPH((iob_u(&p, 1, 4), io_node_input(&p, 4, 1, d2, "/a"), iob_u(&p, 0, 4)), "is malformed");
    IO_GRAPH((iob_u(&p, 1, 4), io_node_input(&p, 4, 1, d2, "a\x01"), iob_u(&p, 0, 4)), "is malformed");
    IO_GRAPH((iob_u(&p, 1, 4), iob_str(&p, "input"), iob_u(&p, 0, 2), iob_u(&p, 0, 1), iob_u(&p, 4, 1), iob_u(&p, 0, 1),
              iob_u(&p, 200, 1)),
             "the node's name has length 200 (1 to GIR_MAX_NAME 127)");
    IO_GRAPH((iob_u(&p, 2, 4), io_node_input(&p, 4, 1, d2, "x"), io_node_input(&p, 4, 1, d2, "x"), iob_u(&p, 0, 4)),
             "node 2: name: 'x' is already node 1 'x'");
    /* ranks, dimensions, sizes, dtypes */
    IO_GRAPH((iob_u(&p, 1, 4), io_node_input(&p, 4, 7, d7, "x"), iob_u(&p, 0, 4)), "the shape attribute has rank 7 > GIR_MAX_RANK 6");
    IO_GRAPH((iob_u(&p, 1, 4), io_node_input(&p, 4, 1, neg, "x"), iob_u(&p, 0, 4)), "input: node 1");
    IO_GRAPH((iob_u(&p, 1, 4), io_node_input(&p, 4, 3, big, "x"), iob_u(&p, 0, 4)), "more than 2^40 elements");
    IO_GRAPH((iob_u(&p, 1, 4), io_node_input(&p, 9, 1, d2, "x"), iob_u(&p, 0, 4)), "the dtype attribute: unknown dtype code 9");
    IO_GRAPH((iob_u(&p, 1, 4), io_node_input(&p, 0, 1, d2, "x"), iob_u(&p, 0, 4)), "unknown dtype code 0");
    IO_GRAPH((iob_u(&p, 1, 4), iob_str(&p, "variable"), iob_u(&p, 0, 2), iob_u(&p, 0, 1), iob_u(&p, 5, 1), iob_u(&p, 3, 1),
              iob_u(&p, big[0], 4), iob_u(&p, big[1], 4), iob_u(&p, big[2], 4), iob_str(&p, "v")),
             "node 1: shape [2147483647,2147483647,2147483647] has a negative dimension or more than 2^40 elements");
    IO_GRAPH((iob_u(&p, 1, 4), iob_str(&p, "variable"), iob_u(&p, 0, 2), iob_u(&p, 0, 1), iob_u(&p, 5, 1), iob_u(&p, 1, 1),
              iob_u(&p, neg[0], 4), iob_str(&p, "v")),
             "has a negative dimension");
    IO_GRAPH((iob_u(&p, 1, 4), iob_str(&p, "variable"), iob_u(&p, 0, 2), iob_u(&p, 0, 1), iob_u(&p, 5, 1), iob_u(&p, 1, 1),
              iob_u(&p, 1000, 4), iob_str(&p, "v"), iob_u(&p, 0, 8)),
             "truncated: the values needs 8000 bytes");
    IO_GRAPH((iob_u(&p, 1, 4), iob_str(&p, "constant"), iob_u(&p, 0, 2), iob_u(&p, 0, 1), iob_u(&p, 1, 1), iob_u(&p, 1, 1),
              iob_u(&p, 3, 4), iob_str(&p, ""), iob_u(&p, 1, 1), iob_u(&p, 0, 1), iob_u(&p, 2, 1), iob_u(&p, 0, 4)),
             "b8 value 2 at element 2 is not 0 or 1");
    /* counts */
    IO_GRAPH((iob_u(&p, 0xffffffffu, 4), io_node_input(&p, 4, 1, d2, "x")), "4294967295 nodes do not fit a section");
    IO_GRAPH((iob_u(&p, 1, 4), io_node_input(&p, 4, 1, d2, "x"), iob_u(&p, 1000, 4)), "1000 outputs do not fit the section");
    IO_GRAPH((iob_u(&p, 1, 4), io_node_input(&p, 4, 1, d2, "x"), iob_u(&p, 1, 4), iob_u(&p, 2, 4)), "output 0 is node 2 (1 to 1)");
    IO_GRAPH((iob_u(&p, 1, 4), io_node_input(&p, 4, 1, d2, "x"), iob_u(&p, 1, 4), iob_u(&p, 0, 4)), "output 0 is node 0");
    IO_GRAPH((iob_u(&p, 1, 4), io_node_input(&p, 4, 1, d2, "x"), iob_u(&p, 0, 4), iob_u(&p, 0, 1)), "1 bytes after the outputs");
    /* a variables payload: counts, dtype codes, rank, b8 values */
    {
        gir_node a, b;
        gir_graph *g = io_small(&a, &b);
        iob f;
        uint32_t d34[2] = {3, 4};
        CHECK(g, "build");
        p.n = 0; iob_u(&p, 1000000, 4); io_var_entry(&p, "a", 4, 2, d34, 12);
        io_wrap(&f, 1, 0, "VARS", &p);
        if (!io_vars_fail(g, f.b, f.n, 0, "1000000 variables do not fit a section of 64 bytes")) return 0;
        p.n = 0; iob_u(&p, 1, 4); io_var_entry(&p, "a", 6, 2, d34, 12);
        io_wrap(&f, 1, 0, "VARS", &p);
        if (!io_vars_fail(g, f.b, f.n, 0, "variable 0: the dtype: unknown dtype code 6")) return 0;
        p.n = 0; iob_u(&p, 1, 4); io_var_entry(&p, "a", 4, 9, d7, 1);
        io_wrap(&f, 1, 0, "VARS", &p);
        if (!io_vars_fail(g, f.b, f.n, 0, "the shape has rank 9 > GIR_MAX_RANK")) return 0;
        p.n = 0; iob_u(&p, 1, 4); iob_str(&p, "a b");
        io_wrap(&f, 1, 0, "VARS", &p);
        if (!io_vars_fail(g, f.b, f.n, 0, "the variable's name is malformed")) return 0;
        p.n = 0; iob_u(&p, 1, 4); io_var_entry(&p, "a", 4, 2, d34, 12); iob_u(&p, 0, 1);
        io_wrap(&f, 1, 0, "VARS", &p);
        if (!io_vars_fail(g, f.b, f.n, 0, "1 bytes after the last variable")) return 0;
        for (k = 0; k < 2; ++k) {     /* the graph is still whole */
            CHECK(gir_graph_status(g) == GIR_OK && gir_graph_find(g, "a").id == a.id, "graph after the errors");
        }
        gir_graph_free(g);
    }
#undef IO_GRAPH
    return 1;
}

/* out of memory at every allocation of a graph load: an error with a message, and nothing left allocated */
static int io_oom_left, io_oom_live;
static void *io_oom_alloc(size_t n, void *user) {
    void *p;
    (void)user;
    if (io_oom_left == 0) return NULL;
    --io_oom_left;
    p = malloc(n);
    if (p) ++io_oom_live;
    return p;
}
static void io_oom_free(void *p, void *user) { (void)user; if (p) { --io_oom_live; free(p); } }
static int test_io_load_graph_out_of_memory_injection(void) {
    gir_node outs[4], louts[4];
    gir_graph *ref = ioref_build(0, outs), *g = NULL;
    gir_graph_desc d;
    static unsigned char buf[4096];
    size_t n = 0;
    char msg[256];
    int k, failures = 0;
    CHECK(ref && gir_graph_save(ref, 4, outs, buf, sizeof buf, &n) == GIR_OK, "save");
    memset(&d, 0, sizeof d);
    d.allocator.alloc_fn = io_oom_alloc;
    d.allocator.free_fn = io_oom_free;
    for (k = 0; k < 10000; ++k) {
        gir_status s;
        io_oom_left = k;
        io_oom_live = 0;
        s = gir_graph_load(buf, n, &d, &g, 4, louts, NULL, msg, sizeof msg);
        if (s == GIR_OK) break;
        CHECK(s == GIR_ERR_OUT_OF_MEMORY && strstr(msg, "out of memory") && !g, "allocation %d: %d '%s'", k, (int)s, msg);
        CHECK(io_oom_live == 0, "allocation %d: %d blocks leaked", k, io_oom_live);
        ++failures;
    }
    CHECK(g && failures > 20, "never loaded, or too few allocations (%d)", failures);
    if (!io_same_graph(ref, g)) return 0;
    gir_graph_free(g);
    CHECK(io_oom_live == 0, "%d blocks left after the free", io_oom_live);
    gir_graph_free(ref);
    return 1;
}

/* gir_graph_load_variables allocates nothing: a counting allocator sees no call during a load of the reference variables */
static int io_count_calls;
static void *io_count_alloc(size_t n, void *user) { (void)user; ++io_count_calls; return malloc(n); }
static void *io_count_realloc(void *p, size_t o, size_t n, void *user) { (void)o; (void)user; ++io_count_calls; return realloc(p, n); }
static void io_count_free(void *p, void *user) { (void)user; ++io_count_calls; free(p); }
static int test_io_load_variables_allocates_nothing(void) {
    gir_node outs[4];
    gir_graph *ref = ioref_build(0, outs), *g;
    gir_graph_desc d;
    gir_node a, b;
    static unsigned char buf[2048];
    size_t n = 0;
    int before;
    float av[12];
    memset(&d, 0, sizeof d);
    d.allocator.alloc_fn = io_count_alloc;
    d.allocator.realloc_fn = io_count_realloc;
    d.allocator.free_fn = io_count_free;
    g = gir_graph_new(&d);
    CHECK(ref && g, "build");
    memset(av, 0, sizeof av);
    a = gir_name(g, gir_variable(g, GIR_DTYPE_F32, gir_shape2(3, 4), av), "layer1/w");
    b = gir_name(g, gir_variable(g, GIR_DTYPE_F32, gir_shape1(4), av), "layer1/b");
    CHECK(gir_graph_save_variables(ref, 0, NULL, buf, sizeof buf, &n) == GIR_OK, "save");
    before = io_count_calls;
    CHECK(gir_graph_load_variables(g, buf, n, GIR_LOAD_PARTIAL) == GIR_OK, "load: %s", gir_graph_message(g));
    CHECK(io_count_calls == before, "%d allocator calls during the load", io_count_calls - before);
    CHECK(!memcmp(gir_node_data(g, a), gir_node_data(ref, gir_graph_find(ref, "layer1/w")), 48) &&
          !memcmp(gir_node_data(g, b), gir_node_data(ref, gir_graph_find(ref, "layer1/b")), 16), "values not loaded");
    gir_graph_free(g); gir_graph_free(ref);
    return 1;
}

/* the files of tests/programs/data, written by gir.h 0.1's format version 1 on a little-endian host, still load: same
   names, values and results as the reference graph built here, and saving here gives the same bytes */
static int test_io_committed_files_still_load(void) {
    char msg[256];
    CHECK(ioref_check("tests/programs/data", msg, sizeof msg), "%s", msg);
    return 1;
}

/* the step index of node n in plan p, or -1 */
static int io_step_of(const gir_plan *p, gir_node n) {
    int k;
    for (k = 0; k < gir_plan_query_stats(p).steps; ++k)
        if (gir_plan_step_node(p, k).id == n.id) return k;
    return -1;
}
/* x -> a = exp(x), b = log(x): two independent steps; with_cons adds "b before a" */
static gir_graph *io_cons_graph(int with_cons, gir_node *outs) {
    gir_graph *g = gir_graph_new(NULL);
    gir_node x;
    if (!g) return NULL;
    x = gir_input(g, GIR_DTYPE_F64, gir_shape1(4));
    outs[0] = gir_exp(g, x);
    outs[1] = gir_log(g, x);
    if (with_cons) gir_graph_constrain(g, outs[1], outs[0]);
    return g;
}
/* a plan of the graph's outputs, unfused: 1 when b's step runs before a's */
static int io_b_first(gir_graph *g, const gir_node *outs, int *ok) {
    gir_compile_desc cd;
    gir_plan *p = NULL;
    int r;
    memset(&cd, 0, sizeof cd);
    cd.flags = GIR_COMPILE_NO_FUSION;
    *ok = gir_plan_compile(g, 2, outs, &cd, &p) == GIR_OK && io_step_of(p, outs[0]) >= 0 && io_step_of(p, outs[1]) >= 0;
    r = *ok && io_step_of(p, outs[1]) < io_step_of(p, outs[0]);
    gir_plan_free(p);
    return r;
}
/* gir_graph_constrain's constraints go into the file (format version 2) and come back: the loaded graph schedules as
   the saved one; a graph without any is written as version 1; a constraint naming a node out of range or making
   a cycle is a malformed file */
static int test_io_graph_constraints_saved_and_loaded(void) {
    gir_node o0[2], o1[2], lo[2];
    gir_graph *g0 = io_cons_graph(0, o0), *g1 = io_cons_graph(1, o1), *l = NULL;
    unsigned char *buf, *t;
    size_t n = 0, n0 = 0;
    char msg[256];
    int nl = 0, ok0, ok1, okl, first0, first1;
    CHECK(g0 && g1 && gir_graph_status(g1) == GIR_OK, "build: %s", g1 ? gir_graph_message(g1) : "");
    first0 = io_b_first(g0, o0, &ok0);
    first1 = io_b_first(g1, o1, &ok1);
    CHECK(ok0 && ok1 && !first0 && first1, "precondition: unconstrained b first %d, constrained b first %d", first0,
          first1);
    CHECK(gir_graph_save(g0, 2, o0, NULL, 0, &n0) == GIR_OK && gir_graph_save(g1, 2, o1, NULL, 0, &n) == GIR_OK &&
          n == n0 + 12, "sizes %d and %d: one constraint is 12 bytes", (int)n0, (int)n);
    buf = (unsigned char *)malloc(n);
    t = (unsigned char *)malloc(n);
    CHECK(buf && t, "malloc");
    CHECK(gir_graph_save(g1, 2, o1, buf, n, &n) == GIR_OK, "save: %s", gir_graph_message(g1));
    CHECK(io_get(buf + 8, 4) == 2 && io_get(buf + n - 16, 4) == 1 && io_get(buf + n - 12, 4) == o1[1].id &&
          io_get(buf + n - 8, 4) == o1[0].id, "version %d, constraint list %d: %d before %d", (int)io_get(buf + 8, 4),
          (int)io_get(buf + n - 16, 4), (int)io_get(buf + n - 12, 4), (int)io_get(buf + n - 8, 4));
    CHECK(gir_graph_load(buf, n, NULL, &l, 2, lo, &nl, msg, sizeof msg) == GIR_OK && nl == 2, "load: %s", msg);
    CHECK(io_b_first(l, lo, &okl) && okl, "the loaded graph does not keep the constraint");
    gir_graph_free(l);
    l = NULL;
    memcpy(t, buf, n); io_put(t + n - 12, 99, 4); io_fix_crc(t, n);
    CHECK(gir_graph_load(t, n, NULL, &l, 2, lo, &nl, msg, sizeof msg) != GIR_OK && !l &&
          strstr(msg, "constraint 0: node 99 before node 2 (nodes are 1 to 3)"), "out of range: '%s'", msg);
    memcpy(t, buf, n); io_put(t + n - 12, o1[0].id, 4); io_put(t + n - 8, 1, 4); io_fix_crc(t, n);
    CHECK(gir_graph_load(t, n, NULL, &l, 2, lo, &nl, msg, sizeof msg) != GIR_OK && !l && strstr(msg, "makes a cycle"),
          "cycle: '%s'", msg);
    memcpy(t, buf, n); io_put(t + n - 16, 2, 4); io_fix_crc(t, n);
    CHECK(gir_graph_load(t, n, NULL, &l, 2, lo, &nl, msg, sizeof msg) != GIR_OK && !l &&
          strstr(msg, "2 constraints do not fit"), "count: '%s'", msg);
    memcpy(t, buf, n); io_put(t + 8, 1, 4); io_fix_crc(t, n);
    CHECK(gir_graph_load(t, n, NULL, &l, 2, lo, &nl, msg, sizeof msg) != GIR_OK && !l &&
          strstr(msg, "12 bytes after the outputs"), "a version 1 file with a list: '%s'", msg);
    free(t);
    free(buf);
    CHECK(gir_graph_save(g0, 2, o0, NULL, 0, &n0) == GIR_OK && (buf = (unsigned char *)malloc(n0)) != NULL &&
          gir_graph_save(g0, 2, o0, buf, n0, &n0) == GIR_OK && io_get(buf + 8, 4) == 1,
          "without constraints the file is version 1");
    free(buf);
    gir_graph_free(g0);
    gir_graph_free(g1);
    return 1;
}
/* save_variables orders names however many there are (the loader requires ascending names, and a file of more than
   64 variables takes the allocated id list), and a variable listed twice is an error that writes nothing */
static int test_io_variables_many_sorted_and_repeated(void) {
    gir_graph *g = gir_graph_new(NULL), *h = gir_graph_new(NULL);
    gir_node v[100], w[100], two[2];
    char nm[16];
    unsigned char *buf;
    size_t n = 0;
    int k;
    for (k = 0; k < 100; ++k) {             /* names in a scrambled order: v37, v74, v11, ... */
        snprintf(nm, sizeof nm, "v%02d", (k * 37) % 100);
        v[k] = gir_name(g, gir_variable(g, GIR_DTYPE_F64, gir_shape1(2), NULL), nm);
        w[k] = gir_name(h, gir_variable(h, GIR_DTYPE_F64, gir_shape1(2), NULL), nm);
        ((double *)gir_node_data(g, v[k]))[0] = k;
    }
    CHECK(gir_graph_save_variables(g, 100, v, NULL, 0, &n) == GIR_OK && (buf = (unsigned char *)malloc(n)) != NULL &&
          gir_graph_save_variables(g, 100, v, buf, n, &n) == GIR_OK, "save: %s", gir_graph_message(g));
    CHECK(gir_graph_load_variables(h, buf, n, 0) == GIR_OK, "load: %s", gir_graph_message(h));
    for (k = 0; k < 100; ++k) CHECK(((const double *)gir_node_data(h, w[k]))[0] == k, "variable %d", k);
    two[0] = v[5]; two[1] = v[5];
    CHECK(gir_graph_save_variables(g, 2, two, buf, n, &n) == GIR_ERR_INVALID_ARG &&
          strstr(gir_graph_message(g), "is twice in the list"), "twice: %s", gir_graph_message(g));
    free(buf);
    gir_graph_free(g);
    gir_graph_free(h);
    return 1;
}
/* ---- graphs that call functions (format version 3): every function reached is saved with its body once ---- */

/* the functions of the round trip: a cell h' = tanh(h * w + x), y = h' * h' (called, and a scan's step), 2 log x
   and x * x (a cond's branches), Newton's step for sqrt a and its test (the whiles) */
static gir_func *iof_cell(gir_graph *b) {
    gir_node p[3], r[2];
    int k;
    for (k = 0; k < 3; ++k) p[k] = gir_input(b, GIR_DTYPE_F64, gir_shape1(3));
    r[0] = gir_tanh(b, gir_add(b, gir_mul(b, p[0], p[2]), p[1]));
    r[1] = gir_mul(b, r[0], r[0]);
    return gir_func_new(b, "cell", 3, p, 2, r);
}
static gir_func *iof_branch(gir_graph *b, int which) {
    gir_node x = gir_input(b, GIR_DTYPE_F64, gir_shape1(3)), r;
    r = which ? gir_mul(b, gir_log(b, x), gir_scalar(b, GIR_DTYPE_F64, 2.0)) : gir_mul(b, x, x);
    return gir_func_new(b, which ? "twolog" : "square", 1, &x, 1, &r);
}
static gir_func *iof_newton(gir_graph *b, int test) {
    gir_node p[2], r[2];
    p[0] = gir_input(b, GIR_DTYPE_F64, gir_shape0());
    p[1] = gir_input(b, GIR_DTYPE_F64, gir_shape0());
    if (test) {
        gir_node e = gir_abs(b, gir_sub(b, gir_mul(b, p[0], p[0]), p[1]));
        r[0] = gir_gt(b, e, gir_mul(b, p[1], gir_scalar(b, GIR_DTYPE_F64, 1e-12)));
        return gir_func_new(b, "unconverged", 2, p, 1, r);
    }
    r[0] = gir_mul(b, gir_add(b, p[0], gir_div(b, p[1], p[0])), gir_scalar(b, GIR_DTYPE_F64, 0.5));
    r[1] = p[1];
    return gir_func_new(b, "newton", 2, p, 2, r);
}
enum { IOF_T = 6, IOF_NOUT = 11 };
static const char *const iof_in_names[7] = {"h0", "x", "xs", "w", "pred", "a", "x0"};
/* G calls the cell, conds between the branches, scans the cell over IOF_T steps (carries kept every 2 steps),
   runs an unbounded while and a masked one (max_trip 20: its step is a function of their own that calls and
   conds, in graphs G holds), and takes the gradient of a loss of them all: the scan's gradient makes functions
   in the cell's body and in a graph of its own. outs: the loss, four values, the while's, five gradients. The
   bodies' graphs are released with G. */
static gir_graph *iof_build(gir_node *outs) {
    gir_graph *B = gir_graph_new(NULL), *C = gir_graph_new(NULL), *N = gir_graph_new(NULL), *G = gir_graph_new(NULL);
    gir_func *cell = iof_cell(B), *tl = iof_branch(C, 1), *sq = iof_branch(C, 0), *nt = iof_newton(N, 0);
    gir_func *un = iof_newton(N, 1);
    gir_node in[7], c[2], q, s[2], wr[2], mr[2], args[3], init[2], terms[6], loss, wrt[5];
    gir_scan_desc d;
    int k;
    in[0] = gir_input(G, GIR_DTYPE_F64, gir_shape1(3));
    in[1] = gir_input(G, GIR_DTYPE_F64, gir_shape1(3));
    in[2] = gir_input(G, GIR_DTYPE_F64, gir_shape2(IOF_T, 3));
    in[3] = gir_input(G, GIR_DTYPE_F64, gir_shape1(3));
    in[4] = gir_input(G, GIR_DTYPE_B8, gir_shape0());
    in[5] = gir_input(G, GIR_DTYPE_F64, gir_shape0());
    in[6] = gir_input(G, GIR_DTYPE_F64, gir_shape0());
    for (k = 0; k < 7; ++k) gir_name(G, in[k], iof_in_names[k]);
    args[0] = in[0]; args[1] = in[1]; args[2] = in[3];
    gir_func_call(G, cell, 3, args, 2, c);
    gir_cond(G, in[4], tl, sq, 1, &in[1], 1, &q);
    memset(&d, 0, sizeof d);
    d.length = IOF_T; d.n_carry = 1; d.n_xs = 1; d.checkpoint = 2;
    args[1] = in[2];
    gir_scan(G, cell, &d, 3, args, 2, s);
    init[0] = in[6]; init[1] = in[5];
    gir_while(G, un, nt, 0, 2, init, wr);
    gir_while(G, un, nt, 20, 2, init, mr);
    terms[0] = gir_sum(G, c[0], gir_ints0(), 0);
    terms[1] = gir_sum(G, c[1], gir_ints0(), 0);
    terms[2] = gir_sum(G, q, gir_ints0(), 0);
    terms[3] = gir_sum(G, s[0], gir_ints0(), 0);
    terms[4] = gir_sum(G, gir_mul(G, s[1], s[1]), gir_ints0(), 0);
    terms[5] = mr[0];
    for (loss = terms[0], k = 1; k < 6; ++k) loss = gir_add(G, loss, terms[k]);
    wrt[0] = in[0]; wrt[1] = in[1]; wrt[2] = in[2]; wrt[3] = in[3]; wrt[4] = in[5];
    outs[0] = gir_name(G, loss, "loss"); outs[1] = c[0]; outs[2] = q; outs[3] = s[1]; outs[4] = wr[0]; outs[5] = mr[0];
    gir_grad(G, loss, 5, wrt, outs + 6);
    gir_graph_free(B); gir_graph_free(C); gir_graph_free(N);
    return G;
}
/* a plan of g's outputs, its inputs (found by name) bound to the values of run (the cond's predicate: run & 1) */
static gir_plan *iof_run(gir_graph *g, int nout, const gir_node *outs, int run) {
    static double h0[3] = {0.1, -0.4, 0.7}, x[3] = {0.5, 1.5, 3.0}, xs[IOF_T * 3], w[3] = {0.9, -0.5, 1.3};
    static double a = 7.0, x0 = 1.0;
    static uint8_t pred[2] = {0, 1};
    const void *vals[7];
    gir_plan *p = NULL;
    int k;
    for (k = 0; k < IOF_T * 3; ++k) xs[k] = 0.5 * sin(0.7 * k + 0.3);
    vals[0] = h0; vals[1] = x; vals[2] = xs; vals[3] = w; vals[4] = &pred[run & 1]; vals[5] = &a; vals[6] = &x0;
    if (gir_plan_compile(g, nout, outs, NULL, &p) != GIR_OK) return NULL;
    for (k = 0; k < 7; ++k) gir_plan_bind(p, gir_graph_find(g, iof_in_names[k]), vals[k]);
    if (gir_plan_run(p) != GIR_OK) { gir_plan_free(p); return NULL; }
    return p;
}
/* the outputs of two plans, byte for byte */
static int iof_same_values(gir_graph *a, gir_plan *pa, const gir_node *oa, gir_plan *pb, const gir_node *ob, int n,
                           const char *what) {
    int k;
    for (k = 0; k < n; ++k) {
        size_t bytes = (size_t)gir_node_numel(a, oa[k]) * gir_dtype_size(gir_node_dtype(a, oa[k]));
        CHECK(gir_plan_data(pa, oa[k]) && gir_plan_data(pb, ob[k]) && !memcmp(gir_plan_data(pa, oa[k]),
              gir_plan_data(pb, ob[k]), bytes), "%s: output %d differs", what, k);
    }
    return 1;
}
/* the graph saved and loaded: the same nodes in the graph and in each function's body, the same functions; run,
   the same bits (both predicates); saved again, the same file; a gradient built again on the loaded graph (its
   functions' VJPs made anew) gives the gradients' bits */
static int test_io_functions_roundtrip_bit_exact(void) {
    gir_node outs[IOF_NOUT], lo[IOF_NOUT], wrt[5], g2[5];
    gir_graph *G = iof_build(outs), *L = NULL;
    gir_plan *pg, *pl;
    unsigned char *buf, *again;
    size_t n = 0, n2 = 0;
    char msg[256];
    uint32_t k;
    int nout = 0, run;
    CHECK(gir_graph_status(G) == GIR_OK, "build: %s", gir_graph_message(G));
    CHECK(gir_graph_save(G, IOF_NOUT, outs, NULL, 0, &n) == GIR_OK && (buf = (unsigned char *)malloc(n)) != NULL &&
          gir_graph_save(G, IOF_NOUT, outs, buf, n, &n) == GIR_OK, "save: %s", gir_graph_message(G));
    CHECK(io_get(buf + 8, 4) == 3, "version %d, want 3", (int)io_get(buf + 8, 4));
    if (verbose) printf("  %u nodes, %u functions called, %u bodies: a file of %u bytes\n", (unsigned)(G->nnodes - 1),
                        (unsigned)G->ncallees, (unsigned)io_get(buf + 36, 4), (unsigned)n);
    CHECK(gir_graph_load(buf, n, NULL, &L, IOF_NOUT, lo, &nout, msg, sizeof msg) == GIR_OK && nout == IOF_NOUT,
          "load: %s", msg);
    if (!io_same_graph(G, L)) return 0;
    CHECK(G->ncallees == L->ncallees && G->ncallees >= 6, "%u functions called, %u after loading",
          (unsigned)G->ncallees, (unsigned)L->ncallees);
    for (k = 0; k < G->ncallees; ++k) {
        const gir_func *f = G->callees[k], *h = L->callees[k];
        CHECK(!strcmp(f->name, h->name) && f->nparams == h->nparams && f->nresults == h->nresults &&
              !memcmp(f->params, h->params, (size_t)(f->nparams + f->nresults) * sizeof(uint32_t)) &&
              f->body != h->body, "function %u: '%s' and '%s'", (unsigned)k, f->name, h->name);
        if (!io_same_graph(f->body, h->body)) return 0;
    }
    for (run = 0; run < 2; ++run) {
        pg = iof_run(G, IOF_NOUT, outs, run);
        pl = iof_run(L, IOF_NOUT, lo, run);
        CHECK(pg && pl, "run %d: %s / %s", run, gir_graph_message(G), gir_graph_message(L));
        CHECK(*(const double *)gir_plan_data(pg, outs[4]) == *(const double *)gir_plan_data(pg, outs[5]) &&
              fabs(*(const double *)gir_plan_data(pg, outs[4]) - sqrt(7.0)) < 1e-12, "the whiles' sqrt 7");
        if (!iof_same_values(G, pg, outs, pl, lo, IOF_NOUT, run ? "then" : "else")) return 0;
        gir_plan_free(pl);
        if (run) break;
        gir_plan_free(pg);
    }
    again = (unsigned char *)malloc(n);
    CHECK(again && gir_graph_save(L, IOF_NOUT, lo, again, n, &n2) == GIR_OK && n2 == n && !memcmp(again, buf, n),
          "saving the loaded graph gives another file (%u bytes, %u before)", (unsigned)n2, (unsigned)n);
    for (k = 0; k < 5; ++k) wrt[k] = gir_graph_find(L, iof_in_names[k < 4 ? k : 5]);
    CHECK(gir_grad(L, lo[0], 5, wrt, g2) == GIR_OK, "grad after loading: %s", gir_graph_message(L));
    pl = iof_run(L, 5, g2, 1);
    CHECK(pl, "run the new gradient: %s", gir_graph_message(L));
    if (!iof_same_values(G, pg, outs + 6, pl, g2, 5, "the gradient built after loading")) return 0;
    gir_plan_free(pl); gir_plan_free(pg);
    free(again); free(buf);
    gir_graph_free(L); gir_graph_free(G);
    return 1;
}

/* A small file of a call, by hand: body 0 holds f(p) = -p (f64 [2]); the graph calls it on x and names the
   result y. Each damage case changes one field of iof_file from iof_base. */
typedef struct iof_file {
    uint32_t nbodies, body_calls, body_call[2], nfuncs, np, param, nr, result, calls, call[2], func;
    const char *name;                  /* NULL: a name with a NUL byte in it */
} iof_file;
static const iof_file iof_base = {1, 0, {0, 0}, 1, 1, 1, 1, 2, 1, {0, 0}, 0, "f"};
static void iof_body(iob *p, uint32_t ncalls, const uint32_t *call, const iof_file *c) {
    uint32_t d2[1] = {2}, j, k;
    iob_u(p, ncalls, 4);
    for (j = 0; j < ncalls && j < 2; ++j) { iob_u(p, call[0], 4); iob_u(p, call[1], 4); }
    iob_u(p, 2, 4);
    io_node_input(p, 5, 1, d2, "");
    io_node_unary(p, "neg", 1, "");
    iob_u(p, 0, 4);
    iob_u(p, c->nfuncs, 4);
    for (j = 0; j < c->nfuncs && j < 2; ++j) {
        if (c->name) iob_str(p, c->name);
        else { iob_u(p, 3, 1); iob_u(p, 'a', 1); iob_u(p, 0, 1); iob_u(p, 'b', 1); }
        iob_u(p, c->np, 4);
        for (k = 0; k < c->np && k < 70; ++k) iob_u(p, c->param, 4);
        iob_u(p, c->nr, 4);
        for (k = 0; k < c->nr && k < 2; ++k) iob_u(p, c->result, 4);
    }
}
/* the calling graph: its calls list, x, the call and its result y, one output, no constraint */
static void iof_top(iob *p, uint32_t ncalls, const uint32_t *call, uint32_t func) {
    uint32_t d2[1] = {2}, j;
    iob_u(p, ncalls, 4);
    for (j = 0; j < ncalls && j < 2; ++j) { iob_u(p, call[0], 4); iob_u(p, call[1], 4); }
    iob_u(p, 3, 4);
    io_node_input(p, 5, 1, d2, "x");
    iob_str(p, "call"); iob_u(p, 0, 2); iob_u(p, 1, 1); iob_u(p, 1, 4); iob_u(p, func, 4); iob_u(p, 2, 1); iob_str(p, "");
    iob_str(p, "result"); iob_u(p, 0, 2); iob_u(p, 1, 1); iob_u(p, 2, 4); iob_u(p, 0, 4); iob_u(p, 5, 1); iob_str(p, "y");
    iob_u(p, 1, 4); iob_u(p, 3, 4);
    iob_u(p, 0, 4);
}
static void iof_compose(iob *out, const iof_file *c) {
    iob p;
    p.n = 0;
    iob_u(&p, c->nbodies, 4);
    if (c->nbodies) iof_body(&p, c->body_calls, c->body_call, c);
    iof_top(&p, c->calls, c->call, c->func);
    io_wrap(out, 3, 0, "GRPH", &p);
}
/* a chain of nb bodies, each calling the one before it (all f(p) = -p), and the graph calling the last */
static void iof_chain(iob *out, uint32_t nb) {
    iob p;
    uint32_t k, call[2];
    p.n = 0;
    iob_u(&p, nb, 4);
    for (k = 0; k < nb; ++k) {
        call[0] = k - 1; call[1] = 0;
        iof_body(&p, k ? 1u : 0u, call, &iof_base);
    }
    call[0] = nb - 1; call[1] = 0;
    iof_top(&p, 1, call, 0);
    io_wrap(out, 3, 0, "GRPH", &p);
}
static int iof_fails(const iof_file *c, const char *want) {
    iob f;
    gir_graph *g = (gir_graph *)1;
    gir_node o;
    char msg[256];
    int n = -1;
    gir_status s;
    iof_compose(&f, c);
    s = gir_graph_load(f.b, f.n, NULL, &g, 1, &o, &n, msg, sizeof msg);
    CHECK(s != GIR_OK && g == NULL && n == 0, "'%s': loaded (status %d)", want, (int)s);
    CHECK(strstr(msg, want) != NULL, "want '%s', got '%s'", want, msg);
    return 1;
}
/* load data: 1 when it loads (and then it saves again and loads again), 0 when it is refused with a message */
static int iof_try(const unsigned char *data, size_t n, int *ok) {
    gir_graph *g = NULL, *h = NULL;
    gir_node o[4], o2[4];
    unsigned char *buf;
    char msg[256];
    size_t m = 0;
    int nout = 0;
    *ok = 1;
    if (gir_graph_load(data, n, NULL, &g, 4, o, &nout, msg, sizeof msg) != GIR_OK) {
        if (g || !msg[0]) *ok = 0;
        return 0;
    }
    nout = nout > 4 ? 4 : nout;
    if (gir_graph_save(g, nout, o, NULL, 0, &m) != GIR_OK || !(buf = (unsigned char *)malloc(m)) ||
        gir_graph_save(g, nout, o, buf, m, &m) != GIR_OK || gir_graph_load(buf, m, NULL, &h, 4, o2, NULL, msg, sizeof msg))
        *ok = 0;
    else free(buf);
    gir_graph_free(h);
    gir_graph_free(g);
    return 1;
}
/* damage in the bodies and the calls lists: a function index or body out of range, a graph calling itself (or a
   later body), a function twice in a list, counts that do not fit, names, parameters and results the builders
   refuse, calls nested deeper than 64; every prefix of the file is truncated; every byte changed (checksums made
   right) loads or is refused, never crashes */
static int test_io_functions_malformed(void) {
    iof_file c;
    iob f, h;
    gir_graph *B = gir_graph_new(NULL), *G = gir_graph_new(NULL), *L = NULL;
    gir_node p, r, x, y;
    gir_func *fn;
    unsigned char saved[512], t[512];
    size_t n = 0, k;
    char msg[256], name32[33];
    int ok, loads = 0, j;
    /* the base case is the file gir_graph_save writes */
    p = gir_input(B, GIR_DTYPE_F64, gir_shape1(2));
    r = gir_neg(B, p);
    fn = gir_func_new(B, "f", 1, &p, 1, &r);
    x = gir_name(G, gir_input(G, GIR_DTYPE_F64, gir_shape1(2)), "x");
    CHECK(fn && gir_func_call(G, fn, 1, &x, 1, &y) == GIR_OK && gir_name(G, y, "y").id, "build: %s", gir_graph_message(G));
    CHECK(gir_graph_save(G, 1, &y, saved, sizeof saved, &n) == GIR_OK, "save: %s", gir_graph_message(G));
    iof_compose(&f, &iof_base);
    CHECK(f.n == n && !memcmp(f.b, saved, n), "the file by hand (%u bytes) is not the file saved (%u)", (unsigned)f.n,
          (unsigned)n);
    gir_graph_free(G); gir_graph_free(B);
#define IOF_CASE(field, want) do { c = iof_base; field; if (!iof_fails(&c, want)) return 0; } while (0)
    IOF_CASE(c.call[0] = 1, "load: called function 0 is in body 1, not one of the 1 before this graph");
    IOF_CASE((c.body_calls = 1), "load: body 0: called function 0 is in body 0, not one of the 0 before this graph (a "
             "graph that calls itself or a later one would recurse)");
    IOF_CASE(c.call[1] = 1, "load: called function 0 is function 1 of body 0, which has 1");
    IOF_CASE(c.calls = 2, "load: called function 1: 'f' of body 0 is in the list twice");
    IOF_CASE(c.func = 1, "load: node 2: call: node 2: function 1 is not one of the graph's 1 functions");
    IOF_CASE(c.calls = 0, "function 0 is not one of the graph's 0 functions");
    IOF_CASE(c.nfuncs = 0, "load: body 0: a body without a function");
    IOF_CASE(c.np = 0, "load: body 0: function 0: 'f' has 0 parameters (1 to 64)");
    IOF_CASE(c.np = 65, "'f' has 65 parameters (1 to 64)");
    IOF_CASE(c.param = 3, "load: body 0: function 0: parameter 0 is node 3 (1 to 2)");
    IOF_CASE(c.param = 0, "parameter 0 is node 0 (1 to 2)");
    IOF_CASE(c.param = 2, "is not an input of the body");
    IOF_CASE(c.np = 2, "func_new: params[0] and params[1] are both");
    IOF_CASE(c.result = 5, "load: body 0: function 0: result 0 is node 5 (1 to 2)");
    IOF_CASE(c.nr = 0, "'f' has 0 results (1 to what the section holds)");
    IOF_CASE(c.nr = 1000, "'f' has 1000 results");
    IOF_CASE(c.name = "", "load: body 0: function 0: the function's name has length 0 (1 to 31)");
    memset(name32, 'a', 32); name32[32] = 0;
    IOF_CASE(c.name = name32, "the function's name has length 32 (1 to 31)");
    IOF_CASE(c.name = NULL, "the function's name has a NUL byte");
    IOF_CASE(c.nbodies = 1000000, "load: 1000000 bodies do not fit the section");
    IOF_CASE(c.calls = 1000000, "load: 1000000 functions called do not fit the section");
    IOF_CASE(c.body_calls = 1000000, "load: body 0: 1000000 functions called do not fit the section");
    IOF_CASE(c.nfuncs = 1000000, "load: body 0: 1000000 functions do not fit the section");
    IOF_CASE(c.nbodies = 0, "load: called function 0 is in body 0, not one of the 0 before this graph");
#undef IOF_CASE
    /* a version 2 reader's view of it: the body count read as the node count */
    iof_compose(&f, &iof_base);
    io_put(f.b + 8, 2, 4); io_fix_crc(f.b, f.n);
    CHECK(gir_graph_load(f.b, f.n, NULL, &L, 0, NULL, NULL, msg, sizeof msg) != GIR_OK && !L, "version 2 loaded");
    /* nesting: 65 bodies in a chain (the last calls 64 deep) load, and save to the same file; 66 do not */
    iof_chain(&h, 65);
    CHECK(gir_graph_load(h.b, h.n, NULL, &L, 1, &y, NULL, msg, sizeof msg) == GIR_OK, "65 bodies: %s", msg);
    CHECK(gir_graph_save(L, 1, &y, f.b, sizeof f.b, &n) == GIR_OK && n == h.n && !memcmp(f.b, h.b, n), "65 bodies saved again");
    gir_graph_free(L);
    L = NULL;
    iof_chain(&h, 66);
    CHECK(gir_graph_load(h.b, h.n, NULL, &L, 1, &y, NULL, msg, sizeof msg) != GIR_OK && !L &&
          strstr(msg, "load: body 65: its calls nest 65 deep (at most 64)"), "66 bodies: '%s'", msg);
    /* every prefix; every byte changed three ways */
    iof_compose(&f, &iof_base);
    for (k = 0; k < f.n; ++k)
        CHECK(gir_graph_load(f.b, k, NULL, &L, 0, NULL, NULL, msg, sizeof msg) != GIR_OK && !L && strstr(msg, "truncated"),
              "cut at %u: '%s'", (unsigned)k, msg);
    for (k = 24; k < f.n - 4; ++k)
        for (j = 0; j < 3; ++j) {
            static const unsigned char mask[3] = {0x01, 0x80, 0xff};
            memcpy(t, f.b, f.n);
            t[k] ^= mask[j];
            io_fix_crc(t, f.n);
            loads += iof_try(t, f.n, &ok);
            CHECK(ok, "byte %u ^ %02x: loaded but did not save and load again, or refused without a message",
                  (unsigned)k, (unsigned)mask[j]);
        }
    CHECK(loads > 0 && loads < (int)(3 * (f.n - 28)), "%d of %d damaged files loaded", loads, (int)(3 * (f.n - 28)));
    if (verbose) printf("  %d of %d damaged files loaded (and saved and loaded again)\n", loads, (int)(3 * (f.n - 28)));
    return 1;
}

/* out of memory at every allocation of a load of the round trip's file (bodies, functions, calls lists): an error
   with a message, and nothing left allocated; then it loads whole */
static int test_io_functions_load_out_of_memory(void) {
    gir_node outs[IOF_NOUT], lo[IOF_NOUT];
    gir_graph *G = iof_build(outs), *L = NULL;
    gir_graph_desc d;
    unsigned char *buf;
    size_t n = 0;
    char msg[256];
    int k, failures = 0;
    CHECK(gir_graph_save(G, IOF_NOUT, outs, NULL, 0, &n) == GIR_OK && (buf = (unsigned char *)malloc(n)) != NULL &&
          gir_graph_save(G, IOF_NOUT, outs, buf, n, &n) == GIR_OK, "save: %s", gir_graph_message(G));
    memset(&d, 0, sizeof d);
    d.allocator.alloc_fn = io_oom_alloc;
    d.allocator.free_fn = io_oom_free;
    for (k = 0; k < 100000; ++k) {
        gir_status s;
        io_oom_left = k;
        io_oom_live = 0;
        s = gir_graph_load(buf, n, &d, &L, IOF_NOUT, lo, NULL, msg, sizeof msg);
        if (s == GIR_OK) break;
        CHECK(s == GIR_ERR_OUT_OF_MEMORY && strstr(msg, "out of memory") && !L, "allocation %d: %d '%s'", k, (int)s, msg);
        CHECK(io_oom_live == 0, "allocation %d: %d blocks leaked", k, io_oom_live);
        ++failures;
    }
    CHECK(L && failures > 100, "never loaded, or too few allocations (%d)", failures);
    if (verbose) printf("  a load of %u bytes refused cleanly at each of its first %d allocations\n", (unsigned)n, failures);
    if (!io_same_graph(G, L)) return 0;
    gir_graph_free(L);
    CHECK(io_oom_live == 0, "%d blocks left after the free", io_oom_live);
    free(buf);
    gir_graph_free(G);
    return 1;
}
static void suite_io(void) {
    RUN("io/variables_roundtrip_all_dtypes_ranks", test_io_variables_roundtrip_all_dtypes_ranks());
    RUN("io/graph_roundtrip_training_graph", test_io_graph_roundtrip_training_graph());
    RUN("io/resume_training_bit_exact", test_io_resume_training_bit_exact());
    RUN("io/variables_mismatch_strict_partial", test_io_variables_mismatch_strict_partial());
    RUN("io/save_errors", test_io_save_errors());
    RUN("io/malformed_header_sections_truncation", test_io_malformed_header_sections_truncation());
    RUN("io/malformed_graph_contents", test_io_malformed_graph_contents());
    RUN("io/load_graph_out_of_memory_injection", test_io_load_graph_out_of_memory_injection());
    RUN("io/load_variables_allocates_nothing", test_io_load_variables_allocates_nothing());
    RUN("io/committed_files_still_load", test_io_committed_files_still_load());
    RUN("io/graph_constraints_saved_and_loaded", test_io_graph_constraints_saved_and_loaded());
    RUN("io/variables_many_sorted_and_repeated", test_io_variables_many_sorted_and_repeated());
    RUN("io/functions_roundtrip_bit_exact", test_io_functions_roundtrip_bit_exact());
    RUN("io/functions_malformed", test_io_functions_malformed());
    RUN("io/functions_load_out_of_memory", test_io_functions_load_out_of_memory());
}
