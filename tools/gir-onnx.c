/* gir-onnx - ONNX models from the command line, through gir.h's public API.
     gir-onnx info  model.onnx [--dim NAME=N]...
         the opset, the inputs and outputs (dtype, shape), the op types and their counts, the
         parameters, and whether gir.h imports it (else the importer's message naming the node)
     gir-onnx run   model.onnx input_0.pb ... [--dim NAME=N]... [-o DIR] [-n COUNT]
         runs the model on serialized TensorProtos (the inputs in the model's order) and prints
         each output (COUNT values, default 16; -n 0 all), or writes DIR/output_<k>.pb
     gir-onnx image model.onnx out.img [--dim NAME=N]...
         writes the inference plan as a plan image (README: Firmware: plan images), prints its
         size, the RAM it needs and the ops a GIR_ONLY_OPS firmware build needs, and checks that
         the image, opened as a device opens it, gives the plan's outputs (on inputs of zeros)
   Symbolic dimensions take their --dim values; otherwise run takes them from the input tensors'
   shapes and info and image give them 1. run fixes graph inputs of type int64 (shapes, axes), and
   any other the importer asks to know, at import to its files' values: gir.h needs shape inputs
   known when the graph is built.
   Build: make gir-onnx (build/gir-onnx). Exit status: 0 ok, 1 the model or an input failed, 2 usage. */
#define GIR_IMPLEMENTATION
#include "../gir.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_IO = 64, MAX_DIMS = 16, MAX_OPS = 256, NAME = 128 };

/* ---- the model's outline, read with a small protobuf walker (ONNX's onnx.proto field numbers) ---- */
typedef struct pb { const unsigned char *p, *end; } pb;
typedef struct onnx_value {
    char name[NAME];
    int elem, rank;                 /* TensorProto.DataType; rank -1: unknown */
    int64_t dim[8];                 /* -1: symbolic (param) or unknown */
    char param[8][64];
} onnx_value;
typedef struct onnx_outline {
    int64_t ir_version, opset;
    char producer[64];
    int n_in, n_out, n_ops, n_nodes, n_init;
    onnx_value in[MAX_IO], out[MAX_IO];
    char op[MAX_OPS][100];
    int op_count[MAX_OPS];
    int64_t params;
    char (*init)[NAME];             /* the initializers' names */
} onnx_outline;

static int pb_varint(pb *b, uint64_t *v) {
    int shift = 0;
    *v = 0;
    while (b->p < b->end && shift < 64) {
        unsigned c = *b->p++;
        *v |= (uint64_t)(c & 0x7f) << shift;
        if (!(c & 0x80)) return 1;
        shift += 7;
    }
    return 0;
}
/* the next field of b: its number, a varint in *v, or a length-delimited part in *sub; 0 at the end
   or on malformed bytes (*bad set) */
static int pb_next(pb *b, uint32_t *field, uint64_t *v, pb *sub, int *bad) {
    uint64_t key, n;
    if (b->p >= b->end) return 0;
    if (!pb_varint(b, &key)) return (*bad = 1), 0;
    *field = (uint32_t)(key >> 3);
    sub->p = sub->end = NULL;
    switch (key & 7) {
    case 0: return pb_varint(b, v) ? 1 : (*bad = 1, 0);
    case 1: n = 8; break;
    case 5: n = 4; break;
    case 2:
        if (!pb_varint(b, &n) || n > (uint64_t)(b->end - b->p)) return (*bad = 1), 0;
        sub->p = b->p;
        sub->end = b->p + n;
        break;
    default: return (*bad = 1), 0;
    }
    if (n > (uint64_t)(b->end - b->p)) return (*bad = 1), 0;
    b->p += n;
    return 1;
}
static void pb_str(const pb *s, char *out, size_t cap) {
    size_t n = (size_t)(s->end - s->p);
    if (n >= cap) n = cap - 1;
    memcpy(out, s->p, n);
    out[n] = 0;
}

/* ValueInfoProto: name, and type.tensor_type's elem_type and shape */
static void read_value(pb b, onnx_value *v, int *bad) {
    uint32_t f, f2, f3, f4;
    uint64_t x;
    pb s, t, u, w, d;
    memset(v, 0, sizeof *v);
    v->rank = -1;
    while (pb_next(&b, &f, &x, &s, bad)) {
        if (f == 1 && s.p) pb_str(&s, v->name, sizeof v->name);
        while (f == 2 && s.p && pb_next(&s, &f2, &x, &t, bad))           /* TypeProto */
            while (f2 == 1 && t.p && pb_next(&t, &f3, &x, &u, bad)) {     /* Tensor */
                if (f3 == 1 && !u.p) v->elem = (int)x;
                if (f3 != 2 || !u.p) continue;
                v->rank = 0;
                while (pb_next(&u, &f4, &x, &w, bad))                     /* TensorShapeProto.dim */
                    if (f4 == 1 && w.p && v->rank < 8) {
                        int r = v->rank++;
                        v->dim[r] = -1;
                        while (pb_next(&w, &f4, &x, &d, bad))
                            if (f4 == 1 && !d.p) v->dim[r] = (int64_t)x;
                            else if (f4 == 2 && d.p) pb_str(&d, v->param[r], sizeof v->param[r]);
                    }
            }
    }
}
/* NodeProto: counts its op_type (domain-qualified when not the default domain) */
static void read_node(pb b, onnx_outline *m, int *bad) {
    char op[64] = "", domain[32] = "", full[100];
    uint32_t f;
    uint64_t x;
    pb s;
    int k;
    while (pb_next(&b, &f, &x, &s, bad))
        if (f == 4 && s.p) pb_str(&s, op, sizeof op);
        else if (f == 7 && s.p) pb_str(&s, domain, sizeof domain);
    snprintf(full, sizeof full, "%s%s%s", domain, *domain ? "." : "", op);
    for (k = 0; k < m->n_ops && strcmp(m->op[k], full); ++k) {}
    if (k == m->n_ops && k < MAX_OPS) strcpy(m->op[m->n_ops++], full);
    if (k < MAX_OPS) m->op_count[k]++;
    m->n_nodes++;
}
/* TensorProto of an initializer: its name and element count */
static void read_init(pb b, onnx_outline *m, int *bad) {
    uint32_t f;
    uint64_t x;
    pb s, t;
    int64_t count = 1;
    char (*grown)[NAME] = (char (*)[NAME])realloc(m->init, (size_t)(m->n_init + 1) * NAME);
    if (!grown) return;
    m->init = grown;
    m->init[m->n_init][0] = 0;
    while (pb_next(&b, &f, &x, &s, bad))
        if (f == 1 && !s.p) count *= (int64_t)x;
        else if (f == 1)                                                  /* packed dims */
            for (t = s; t.p < t.end && pb_varint(&t, &x);) count *= (int64_t)x;
        else if (f == 8 && s.p) pb_str(&s, m->init[m->n_init], NAME);
    m->params += count;
    m->n_init++;
}
static int is_init(const onnx_outline *m, const char *name) {
    for (int k = 0; k < m->n_init; ++k)
        if (!strcmp(m->init[k], name)) return 1;
    return 0;
}
/* GraphProto: initializers first (older models list them among the inputs too), then the rest */
static void read_graph(pb g, onnx_outline *m, int *bad) {
    uint32_t f;
    uint64_t x;
    pb s, b = g;
    while (pb_next(&b, &f, &x, &s, bad))
        if (f == 5 && s.p) read_init(s, m, bad);
    for (b = g; pb_next(&b, &f, &x, &s, bad);) {
        if (f == 1 && s.p) read_node(s, m, bad);
        if (f == 11 && s.p && m->n_in < MAX_IO) {
            read_value(s, &m->in[m->n_in], bad);
            m->n_in += !is_init(m, m->in[m->n_in].name);
        }
        if (f == 12 && s.p && m->n_out < MAX_IO) read_value(s, &m->out[m->n_out++], bad);
    }
}
/* ModelProto: 0, or 1 with a message when the bytes are not one */
static int read_outline(const unsigned char *data, size_t size, onnx_outline *m) {
    uint32_t f, f2;
    uint64_t x;
    pb b = {data, data + size}, s, t;
    int bad = 0;
    char domain[32];
    memset(m, 0, sizeof *m);
    while (pb_next(&b, &f, &x, &s, &bad)) {
        if (f == 1 && !s.p) m->ir_version = (int64_t)x;
        if (f == 2 && s.p) pb_str(&s, m->producer, sizeof m->producer);
        if (f == 7 && s.p) read_graph(s, m, &bad);
        if (f != 8 || !s.p) continue;
        domain[0] = 0;
        int64_t version = 0;
        while (pb_next(&s, &f2, &x, &t, &bad))
            if (f2 == 1 && t.p) pb_str(&t, domain, sizeof domain);
            else if (f2 == 2 && !t.p) version = (int64_t)x;
        if (!*domain || !strcmp(domain, "ai.onnx")) m->opset = version;
    }
    if (bad) fprintf(stderr, "error: not an ONNX model (malformed protobuf)\n");
    return bad;
}

/* ---- files and names ---- */
static unsigned char *read_file(const char *path, size_t *size) {
    FILE *f = fopen(path, "rb");
    unsigned char *data = NULL;
    long n = -1;
    if (f && fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0 &&
        (data = (unsigned char *)malloc((size_t)n + 1)) && fread(data, 1, (size_t)n, f) != (size_t)n) {
        free(data);
        data = NULL;
    }
    if (f) fclose(f);
    if (!data) fprintf(stderr, "error: cannot read %s\n", path);
    *size = (size_t)(n > 0 ? n : 0);
    return data;
}
static const char *elem_name(int e) {
    static const char *const names[] = {"undefined", "float", "uint8", "int8", "uint16", "int16", "int32",
                                        "int64", "string", "bool", "float16", "double", "uint32", "uint64",
                                        "complex64", "complex128", "bfloat16"};
    return e >= 0 && e <= 16 ? names[e] : "?";
}
static void print_value(const onnx_value *v) {
    printf("  %-24s %-8s ", v->name, elem_name(v->elem));
    if (v->rank < 0) {
        printf("shape unknown\n");
        return;
    }
    printf("[");
    for (int k = 0; k < v->rank; ++k)
        if (v->param[k][0]) printf("%s%s", k ? "," : "", v->param[k]);
        else if (v->dim[k] >= 0) printf("%s%lld", k ? "," : "", (long long)v->dim[k]);
        else printf("%s?", k ? "," : "");
    printf("]\n");
}
static void print_shape(FILE *f, gir_shape s) {
    fprintf(f, "[");
    for (int k = 0; k < s.rank; ++k) fprintf(f, "%s%d", k ? "," : "", (int)s.dim[k]);
    fprintf(f, "]");
}

/* ---- the import: symbolic dimensions and known inputs ---- */
typedef struct options {
    int n_dims, n_known, count;
    const char *dim_name[MAX_DIMS];
    int32_t dim_value[MAX_DIMS];
    const char *known_name[MAX_IO];
    const double *known_value[MAX_IO];
    int known_count[MAX_IO];
    const char *out_dir;
} options;

/* name=value for a symbolic dimension; the first value given for a name wins */
static void add_dim(options *o, const char *name, int32_t value, int say) {
    for (int k = 0; k < o->n_dims; ++k)
        if (!strcmp(o->dim_name[k], name)) return;
    if (o->n_dims == MAX_DIMS) return;
    o->dim_name[o->n_dims] = name;
    o->dim_value[o->n_dims++] = value;
    if (say) printf("dimension '%s' = %d (the default; --dim %s=N sets it)\n", name, (int)value, name);
}
static void default_dims(options *o, onnx_outline *m) {
    for (int k = 0; k < m->n_in; ++k)
        for (int j = 0; j < m->in[k].rank; ++j)
            if (m->in[k].param[j][0]) add_dim(o, m->in[k].param[j], 1, 1);
}
/* the model as a new graph; NULL with why (cap bytes) saying why not */
static gir_graph *import(const unsigned char *data, size_t size, const options *o, gir_node *outs, int *n_out,
                         char *why, size_t cap) {
    gir_onnx_desc desc = {0};
    gir_graph *g = NULL;
    desc.n_dims = o->n_dims;
    desc.dim_names = o->dim_name;
    desc.dim_values = o->dim_value;
    desc.n_known = o->n_known;
    desc.known_names = o->known_name;
    desc.known_values = o->known_value;
    desc.known_counts = o->known_count;
    if (gir_onnx_import(data, size, &desc, &g, MAX_IO, outs, n_out, why, cap)) return NULL;
    if (*n_out > MAX_IO) {
        snprintf(why, cap, "%d outputs (this tool takes at most %d)", *n_out, MAX_IO);
        gir_graph_free(g);
        return NULL;
    }
    return g;
}
static gir_graph *import_or_say(const unsigned char *data, size_t size, const options *o, gir_node *outs,
                                int *n_out) {
    char why[512];
    gir_graph *g = import(data, size, o, outs, n_out, why, sizeof why);
    if (!g) printf("not supported by gir.h: %s\n", why);
    return g;
}

/* ---- info ---- */
static int cmd_info(const unsigned char *data, size_t size, options *o) {
    onnx_outline *m = (onnx_outline *)calloc(1, sizeof *m);
    gir_node outs[MAX_IO];
    gir_plan *p = NULL;
    int n_out = 0, rc = 1;
    if (!m || read_outline(data, size, m)) goto done;
    printf("ONNX ir_version %lld, opset %lld, producer '%s'\n", (long long)m->ir_version,
           (long long)m->opset, m->producer);
    printf("inputs (%d):\n", m->n_in);
    for (int k = 0; k < m->n_in; ++k) print_value(&m->in[k]);
    printf("outputs (%d):\n", m->n_out);
    for (int k = 0; k < m->n_out; ++k) print_value(&m->out[k]);
    printf("%d nodes of %d op types:", m->n_nodes, m->n_ops);
    for (int k = 0; k < m->n_ops; ++k) printf("%s %s x%d", k % 6 ? "," : "\n ", m->op[k], m->op_count[k]);
    printf("\n%d initializers, %lld parameters\n", m->n_init, (long long)m->params);
    default_dims(o, m);
    char why[512];
    gir_graph *g = import(data, size, o, outs, &n_out, why, sizeof why);
    if (!g) {
        printf("not supported by gir.h: %s\n", why);
        if (strstr(why, "comes from graph input"))
            printf("(gir-onnx run fixes such inputs at import to the values of its input files)\n");
        goto done;
    }
    gir_compile_desc cd = {0};
    cd.flags = GIR_COMPILE_EVAL;
    if (gir_plan_compile(g, n_out, outs, &cd, &p)) {
        printf("not supported by gir.h: %s\n", gir_graph_message(g));
    } else {
        gir_plan_stats st = gir_plan_query_stats(p);
        printf("supported by gir.h: a graph of %u nodes, a plan of %d steps and %lu arena bytes\n",
               (unsigned)gir_graph_node_count(g), st.steps, (unsigned long)st.arena_bytes);
        rc = 0;
    }
    gir_plan_free(p);
    gir_graph_free(g);
done:
    if (m) free(m->init);
    free(m);
    return rc;
}

/* ---- run ---- */
typedef struct tensor_file {
    unsigned char *data;
    size_t size;
    gir_shape shape;
    void *values;
    int known;          /* fixed at import: values are doubles */
} tensor_file;

/* input k fixed at import to the values of its file */
static int fix_input(options *o, const onnx_outline *m, tensor_file *t, int k, const char *path) {
    char msg[256];
    size_t n = 1;
    for (int j = 0; j < t[k].shape.rank; ++j) n *= (size_t)t[k].shape.dim[j];
    double *vals = (double *)malloc((n ? n : 1) * sizeof(double));
    t[k].values = vals;
    t[k].known = 1;
    if (!vals || n > INT32_MAX ||
        gir_onnx_read_tensor(t[k].data, t[k].size, GIR_DTYPE_F64, vals, n * sizeof(double), &t[k].shape, msg,
                             sizeof msg))
        return fprintf(stderr, "error: %s: %s\n", path, vals ? msg : "out of memory"), 1;
    o->known_name[o->n_known] = m->in[k].name;
    o->known_value[o->n_known] = vals;
    o->known_count[o->n_known++] = (int)n;
    return 0;
}

/* the input files' shapes give the symbolic dimensions; int64 inputs become known values */
static int scan_inputs(onnx_outline *m, tensor_file *t, char **paths, options *o) {
    char msg[256];
    for (int k = 0; k < m->n_in; ++k) {
        const onnx_value *v = &m->in[k];
        if (!(t[k].data = read_file(paths[k], &t[k].size))) return 1;
        if (gir_onnx_read_tensor(t[k].data, t[k].size, GIR_DTYPE_F64, NULL, 0, &t[k].shape, msg,
                                 sizeof msg))
            return fprintf(stderr, "error: %s: %s\n", paths[k], msg), 1;
        if (v->rank >= 0 && t[k].shape.rank != v->rank)
            return fprintf(stderr, "error: %s: rank %d, the model's input '%s' has rank %d\n", paths[k],
                           (int)t[k].shape.rank, v->name, v->rank), 1;
        for (int j = 0; j < v->rank; ++j)
            if (v->param[j][0]) add_dim(o, v->param[j], t[k].shape.dim[j], 0);
        if (v->elem == 7 && fix_input(o, m, t, k, paths[k])) return 1;   /* int64: shapes, axes ... */
    }
    return 0;
}
/* the model as a new graph; each input the importer asks to know (a Resize's scales, a Range's
   limit ...) is fixed to its file's values, and the import tried again */
static gir_graph *import_run(const unsigned char *data, size_t size, options *o, const onnx_outline *m,
                             tensor_file *t, char **paths, gir_node *outs, int *n_out) {
    static const char asked[] = "comes from graph input '";
    char why[512];
    for (;;) {
        gir_graph *g = import(data, size, o, outs, n_out, why, sizeof why);
        const char *q = g ? NULL : strstr(why, asked);
        int k = 0;
        if (g) return g;
        for (q = q ? q + strlen(asked) : NULL; q && k < m->n_in; ++k) {
            size_t n = strlen(m->in[k].name);
            if (!t[k].known && !strncmp(q, m->in[k].name, n) && q[n] == '\'') break;
        }
        if (!q || k == m->n_in) {
            printf("not supported by gir.h: %s\n", why);
            return NULL;
        }
        if (fix_input(o, m, t, k, paths[k])) return NULL;
    }
}
static int same_shape(gir_shape a, gir_shape b) {
    int same = a.rank == b.rank;
    for (int k = 0; same && k < a.rank; ++k) same = a.dim[k] == b.dim[k];
    return same;
}
/* binds the graph's inputs (the model's inputs that are not known) to the files' values */
static int bind_inputs(gir_graph *g, gir_plan *p, onnx_outline *m, tensor_file *t, char **paths) {
    char msg[256];
    int j = 0;
    for (int k = 0; k < m->n_in; ++k) {
        if (t[k].known) continue;
        gir_node x = gir_graph_input(g, j++);
        gir_dtype dt = gir_node_dtype(g, x);
        gir_shape want = gir_node_shape(g, x);
        size_t bytes = gir_dtype_size(dt);
        for (int d = 0; d < want.rank; ++d) bytes *= (size_t)want.dim[d];
        if (!same_shape(want, t[k].shape)) {
            fprintf(stderr, "error: %s: shape ", paths[k]);
            print_shape(stderr, t[k].shape);
            fprintf(stderr, " for input '%s', which gir.h built as %s ", m->in[k].name, gir_dtype_name(dt));
            print_shape(stderr, want);
            return fprintf(stderr, "\n"), 1;
        }
        if (!(t[k].values = malloc(bytes ? bytes : 1)) ||
            gir_onnx_read_tensor(t[k].data, t[k].size, dt, t[k].values, bytes, &want, msg, sizeof msg))
            return fprintf(stderr, "error: %s: %s\n", paths[k], t[k].values ? msg : "out of memory"), 1;
        if (gir_plan_bind_bytes(p, x, t[k].values, bytes))
            return fprintf(stderr, "error: %s: %s\n", paths[k], gir_plan_message(p)), 1;
    }
    if (j != gir_graph_input_count(g))
        return fprintf(stderr, "error: gir.h's graph has %d inputs, %d given\n", gir_graph_input_count(g), j), 1;
    return 0;
}

/* value k of a plan's output as a double */
static double value_at(const void *p, gir_dtype dt, size_t k) {
    switch (dt) {
    case GIR_DTYPE_F32: return ((const float *)p)[k];
    case GIR_DTYPE_F64: return ((const double *)p)[k];
    case GIR_DTYPE_I32: return ((const int32_t *)p)[k];
    default: return ((const uint8_t *)p)[k];   /* u8, b8 */
    }
}
static void print_output(gir_graph *g, gir_node y, const void *data, int count) {
    gir_shape s = gir_node_shape(g, y);
    size_t n = 1;
    for (int d = 0; d < s.rank; ++d) n *= (size_t)s.dim[d];
    printf("%s: %s ", gir_node_name(g, y) ? gir_node_name(g, y) : "?", gir_dtype_name(gir_node_dtype(g, y)));
    print_shape(stdout, s);
    for (size_t k = 0; k < n && (count <= 0 || k < (size_t)count); ++k)
        printf("%s%.9g", k % 8 ? " " : "\n  ", value_at(data, gir_node_dtype(g, y), k));
    if (count > 0 && n > (size_t)count) printf("\n  ... (%lu values in all)", (unsigned long)n);
    printf("\n");
}
/* a TensorProto: dims (1), data_type (2), name (8), raw_data (9, little-endian) */
static void put_varint(FILE *f, uint64_t v) {
    for (; v >= 0x80; v >>= 7) fputc((int)(v & 0x7f) | 0x80, f);
    fputc((int)v, f);
}
static int write_output(gir_graph *g, gir_node y, const void *data, const char *dir, int k) {
    static const int onnx_type[] = {0, 9, 2, 6, 1, 11};   /* by gir_dtype: b8 u8 i32 f32 f64 */
    const char *name = gir_node_name(g, y) ? gir_node_name(g, y) : "";
    gir_dtype dt = gir_node_dtype(g, y);
    gir_shape s = gir_node_shape(g, y);
    size_t n = gir_dtype_size(dt), es = n;
    const uint16_t one = 1;
    char path[1024];
    for (int d = 0; d < s.rank; ++d) n *= (size_t)s.dim[d];
    snprintf(path, sizeof path, "%s/output_%d.pb", dir, k);
    FILE *f = fopen(path, "wb");
    if (!f) return fprintf(stderr, "error: cannot write %s\n", path), 1;
    for (int d = 0; d < s.rank; ++d) {
        fputc(1 << 3, f);
        put_varint(f, (uint64_t)s.dim[d]);
    }
    fputc(2 << 3, f);
    put_varint(f, (uint64_t)onnx_type[dt]);
    fputc(8 << 3 | 2, f);
    put_varint(f, strlen(name));
    fputs(name, f);
    fputc(9 << 3 | 2, f);
    put_varint(f, n);
    for (size_t b = 0; b < n; ++b)   /* each element's bytes, least significant first */
        fputc(((const unsigned char *)data)[*(const unsigned char *)&one ? b : b + es - 1 - 2 * (b % es)], f);
    if (fclose(f)) return fprintf(stderr, "error: cannot write %s\n", path), 1;
    printf("wrote %s\n", path);
    return 0;
}
static int cmd_run(const unsigned char *data, size_t size, options *o, int n_files, char **paths) {
    onnx_outline *m = (onnx_outline *)calloc(1, sizeof *m);
    tensor_file t[MAX_IO];
    gir_node outs[MAX_IO];
    gir_graph *g = NULL;
    gir_plan *p = NULL;
    gir_compile_desc cd = {0};
    int n_out = 0, rc = 1;
    memset(t, 0, sizeof t);
    if (!m || read_outline(data, size, m)) goto done;
    if (n_files != m->n_in) {
        fprintf(stderr, "error: the model has %d inputs, %d files given\n", m->n_in, n_files);
        goto done;
    }
    if (scan_inputs(m, t, paths, o)) goto done;
    default_dims(o, m);
    if (!(g = import_run(data, size, o, m, t, paths, outs, &n_out))) goto done;
    cd.flags = GIR_COMPILE_EVAL;
    if (gir_plan_compile(g, n_out, outs, &cd, &p)) {
        fprintf(stderr, "error: %s\n", gir_graph_message(g));
        goto done;
    }
    if (bind_inputs(g, p, m, t, paths)) goto done;
    if (gir_plan_run(p)) {
        fprintf(stderr, "error: %s\n", gir_plan_message(p));
        goto done;
    }
    rc = 0;
    for (int k = 0; k < n_out && !rc; ++k)
        if (o->out_dir) rc = write_output(g, outs[k], gir_plan_data(p, outs[k]), o->out_dir, k);
        else print_output(g, outs[k], gir_plan_data(p, outs[k]), o->count);
done:
    for (int k = 0; k < MAX_IO; ++k) {
        free(t[k].data);
        free(t[k].values);
    }
    gir_plan_free(p);
    gir_graph_free(g);
    if (m) free(m->init);
    free(m);
    return rc;
}

/* ---- image ---- */
/* the image opened as a device opens it, and run on inputs of zeros beside the plan: 0 when every
   output has the plan's bits */
static int check_image(gir_graph *g, gir_plan *p, const unsigned char *img, size_t len, size_t ram,
                       int n_in, const gir_node *ins, int n_out, const gir_node *outs) {
    void *zeros[MAX_IO] = {0}, *mem = malloc(ram ? ram : 1);
    gir_image *m = NULL;
    char msg[512] = "out of memory";
    int rc = 1;
    if (!mem || gir_image_open(img, len, mem, ram, &m, msg, sizeof msg)) goto done;
    for (int k = 0; k < n_in; ++k) {
        gir_shape s = gir_node_shape(g, ins[k]);
        size_t bytes = gir_dtype_size(gir_node_dtype(g, ins[k]));
        for (int d = 0; d < s.rank; ++d) bytes *= (size_t)s.dim[d];
        if (!(zeros[k] = calloc(bytes ? bytes : 1, 1))) goto done;
        if (gir_plan_bind_bytes(p, ins[k], zeros[k], bytes) || gir_image_bind(m, k, zeros[k], bytes)) {
            snprintf(msg, sizeof msg, "binding input %d: %.200s%.200s", k, gir_plan_message(p),
                     gir_image_message(m));
            goto done;
        }
    }
    if (gir_plan_run(p) || gir_image_run(m)) {
        snprintf(msg, sizeof msg, "%.200s%.200s", gir_plan_message(p), gir_image_message(m));
        goto done;
    }
    rc = 0;
    for (int k = 0; k < n_out && !rc; ++k) {
        size_t bytes = 0;
        const void *got = gir_image_output(m, k, &bytes), *want = gir_plan_data(p, outs[k]);
        if ((rc = !got || !want || memcmp(got, want, bytes) != 0))
            snprintf(msg, sizeof msg, "output %d differs from the plan's", k);
    }
done:
    if (rc) fprintf(stderr, "error: the image, run as a device runs it: %s\n", msg);
    else printf("opened as a device opens it and run on inputs of zeros: the plan's outputs, bit for bit\n");
    for (int k = 0; k < n_in; ++k) free(zeros[k]);
    free(mem);
    return rc;
}
static int save_image(gir_graph *g, gir_plan *p, int n_out, const gir_node *outs, const char *path) {
    gir_node ins[MAX_IO];
    gir_op ops[GIR_OP__COUNT];
    int n_in = gir_graph_input_count(g), rc = 1;
    size_t len = 0, ram = 0;
    unsigned char *img = NULL;
    FILE *f = NULL;
    if (n_in > MAX_IO) return fprintf(stderr, "error: %d inputs (at most %d)\n", n_in, MAX_IO), 1;
    for (int k = 0; k < n_in; ++k) ins[k] = gir_graph_input(g, k);
    gir_plan_write_image(p, n_in, ins, n_out, outs, NULL, 0, &len);
    if (!len || !(img = (unsigned char *)malloc(len)) ||
        gir_plan_write_image(p, n_in, ins, n_out, outs, img, len, &len) ||
        gir_image_ram_size(img, len, &ram)) {
        fprintf(stderr, "error: image: %s\n", img ? gir_plan_message(p) : "out of memory");
    } else if (!(f = fopen(path, "wb")) || fwrite(img, 1, len, f) != len) {
        fprintf(stderr, "error: cannot write %s\n", path);
    } else {
        int n = gir_image_ops(img, len, ops, GIR_OP__COUNT);
        printf("wrote %s: %lu bytes, %lu bytes of RAM to run (%d inputs, %d outputs)\n",
               path, (unsigned long)len, (unsigned long)ram, n_in, n_out);
        printf("a GIR_ONLY_OPS build needs:");
        for (int k = 0; k < n; ++k) printf(" %s", gir_op_name(ops[k]));
        printf("\n");
        rc = check_image(g, p, img, len, ram, n_in, ins, n_out, outs);
    }
    if (f && fclose(f)) rc = 1;
    free(img);
    return rc;
}
static int cmd_image(const unsigned char *data, size_t size, options *o, const char *path) {
    onnx_outline *m = (onnx_outline *)calloc(1, sizeof *m);
    gir_node outs[MAX_IO];
    gir_graph *g = NULL;
    gir_plan *p = NULL;
    gir_compile_desc cd = {0};
    int n_out = 0, rc = 1;
    if (!m || read_outline(data, size, m)) goto done;
    default_dims(o, m);
    if (!(g = import_or_say(data, size, o, outs, &n_out))) goto done;
    cd.flags = GIR_COMPILE_EVAL | GIR_COMPILE_NO_FUSION;   /* images hold unfused steps */
    if (gir_plan_compile(g, n_out, outs, &cd, &p)) fprintf(stderr, "error: %s\n", gir_graph_message(g));
    else rc = save_image(g, p, n_out, outs, path);
done:
    gir_plan_free(p);
    gir_graph_free(g);
    if (m) free(m->init);
    free(m);
    return rc;
}

/* ---- the command line ---- */
static int usage(void) {
    fprintf(stderr, "usage: gir-onnx info  model.onnx [--dim NAME=N]...\n"
                    "       gir-onnx run   model.onnx input_0.pb ... [--dim NAME=N]... [-o DIR] [-n COUNT]\n"
                    "       gir-onnx image model.onnx out.img [--dim NAME=N]...\n");
    return 2;
}
/* takes the options out of argv; the other arguments stay, in order; 1 on a bad option */
static int parse_options(int *argc, char **argv, options *o) {
    int n = 0;
    for (int k = 0; k < *argc; ++k) {
        char *a = argv[k], *eq, *end;
        if (!strcmp(a, "--dim") && k + 1 < *argc && (eq = strchr(argv[k + 1], '='))) {
            long v = strtol(eq + 1, &end, 10);
            *eq = 0;
            if (*end || end == eq + 1 || v < 0 || v > INT32_MAX || o->n_dims == MAX_DIMS)
                return fprintf(stderr, "error: --dim %s=%s: want NAME=N, N >= 0\n", argv[k + 1], eq + 1), 1;
            add_dim(o, argv[++k], (int32_t)v, 0);
        } else if (!strcmp(a, "-o") && k + 1 < *argc) {
            o->out_dir = argv[++k];
        } else if (!strcmp(a, "-n") && k + 1 < *argc) {
            o->count = atoi(argv[++k]);
        } else if (a[0] == '-' && a[1]) {
            return fprintf(stderr, "error: unknown option %s\n", a), 1;
        } else {
            argv[n++] = a;
        }
    }
    *argc = n;
    return 0;
}
int main(int argc, char **argv) {
    options o;
    size_t size = 0;
    unsigned char *data;
    int rc;
    memset(&o, 0, sizeof o);
    o.count = 16;
    argc -= 1;
    argv += 1;
    if (parse_options(&argc, argv, &o)) return 2;
    if (argc < 2) return usage();
    int info = !strcmp(argv[0], "info"), run = !strcmp(argv[0], "run"), image = !strcmp(argv[0], "image");
    if ((!info && !run && !image) || (info && argc != 2) || (image && argc != 3)) return usage();
    if (!(data = read_file(argv[1], &size))) return 1;
    if (info) rc = cmd_info(data, size, &o);
    else if (run) rc = cmd_run(data, size, &o, argc - 2, argv + 2);
    else rc = cmd_image(data, size, &o, argv[2]);
    free(data);
    return rc;
}
