/* onnx_test.c - runs ONNX backend tests through gir_onnx_import: every <case>/model.onnx of a directory laid out
   as the ONNX backend's tests, with its test_data_set_<n> folders of input_<k>.pb and output_<k>.pb, imported, compiled, run
   and compared with the ONNX backend's default tolerances (|got - want| <= atol + rtol |want|, atol 1e-7 and rtol
   1e-3 unless --atol and --rtol say otherwise; integers and bools exact; NaN matches NaN). A case passes, fails (a
   wrong value or shape, or an error other than GIR_ERR_UNSUPPORTED) or is unsupported (the import says what gir.h
   lacks).

   onnx_test <dir> [--only <prefix>] [--list <file of case names>] [--exclude <file>] [--table <file>] [--strict] [-v]
             [--rtol <r>] [--atol <a>] [--roundtrip [--save <dir>]]

   Prints a line per failed case (and with -v every case, a passing one with the largest errors of its float
   outputs: |got - want| / |want| where |want| >= atol / rtol, |got - want| below, and |got - want| / |want| over
   every nonzero want), then "onnx <dir>: N passed, N failed, N unsupported";
   --table writes a line per ONNX op type (of the cases' models) with its counts. Exit status: 1 when a case
   failed, or with --strict (a list of cases that must pass) when one was unsupported. --exclude names cases whose
   expected values contradict their model (one a line, '#' and the reason after it): they are not run, and are
   counted and listed as excluded. */
#define GIR_IMPLEMENTATION
#include "../../gir.h"
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_IO 16
#define MAX_CASES 4096

static double tol_rel = 1e-3, tol_abs = 1e-7;   /* --rtol, --atol */
static double max_rel, max_abs, max_rel_all;   /* the case's largest errors: relative where |want| >= atol / rtol,
                                                  absolute below, relative over every nonzero want */

static unsigned char *read_file(const char *path, size_t *size) {
    FILE *f = fopen(path, "rb");
    unsigned char *p = NULL;
    long n;
    *size = 0;
    if (!f) return NULL;
    if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0) {
        p = (unsigned char *)malloc((size_t)n + 1);
        if (p && fread(p, 1, (size_t)n, f) != (size_t)n) { free(p); p = NULL; }
        if (p) *size = (size_t)n;
    }
    fclose(f);
    return p;
}

static double value_at(const void *data, gir_dtype dt, int64_t k) {
    switch (dt) {
    case GIR_DTYPE_F32: return ((const float *)data)[k];
    case GIR_DTYPE_F64: return ((const double *)data)[k];
    case GIR_DTYPE_I32: return ((const int32_t *)data)[k];
    default: return ((const uint8_t *)data)[k];
    }
}

static int same_shape(gir_shape a, gir_shape b) {
    int j;
    if (a.rank != b.rank) return 0;
    for (j = 0; j < a.rank; ++j) if (a.dim[j] != b.dim[j]) return 0;
    return 1;
}

/* output k of a test set against its .pb file: 1 when it matches, else a note */
static int check_output(gir_graph *g, gir_plan *p, gir_node y, const char *pb, char *note, size_t cap) {
    size_t size, bytes;
    unsigned char *data = read_file(pb, &size);
    gir_shape ws, gs = gir_node_shape(g, y);
    gir_dtype dt = gir_node_dtype(g, y);
    double *want = NULL;
    const void *got = gir_plan_data(p, y);
    int64_t n = gir_node_numel(g, y), k;
    int ok = 0;
    char msg[200];
    if (!data) { snprintf(note, cap, "cannot read %s", pb); return 0; }
    bytes = (size_t)(n > 0 ? n : 1) * sizeof(double);
    want = (double *)malloc(bytes);
    if (gir_onnx_read_tensor(data, size, GIR_DTYPE_F64, NULL, 0, &ws, msg, sizeof msg) != GIR_OK)
        snprintf(note, cap, "%s: %s", pb, msg);
    else if (!same_shape(ws, gs) && !(gs.rank == 0 && ws.rank == 1 && ws.dim[0] == 1 && n == 1))
        snprintf(note, cap, "shape: want rank %d (%d ...), got rank %d (%d ...)", ws.rank, ws.rank ? ws.dim[0] : 0,
                 gs.rank, gs.rank ? gs.dim[0] : 0);
    else if (gir_onnx_read_tensor(data, size, GIR_DTYPE_F64, want, bytes, &ws, msg, sizeof msg) != GIR_OK)
        snprintf(note, cap, "%s: %s", pb, msg);
    else {
        int is_float = dt == GIR_DTYPE_F32 || dt == GIR_DTYPE_F64;
        ok = 1;
        for (k = 0; k < n && ok; ++k) {
            double w = want[k], v = value_at(got, dt, k), d = fabs(v - w);
            int match = (isnan(w) && isnan(v)) || (is_float ? d <= tol_abs + tol_rel * fabs(w) : v == w) ||
                        (isinf(w) && v == w);
            if (is_float && match && isfinite(w)) {
                double rel = w != 0 ? d / fabs(w) : 0;
                if (fabs(w) * tol_rel >= tol_abs) max_rel = rel > max_rel ? rel : max_rel;
                else max_abs = d > max_abs ? d : max_abs;
                max_rel_all = rel > max_rel_all ? rel : max_rel_all;
            }
            if (!match) {
                snprintf(note, cap, "element %lld: want %.9g, got %.9g (%s, %lld elements)", (long long)k, w, v,
                         gir_dtype_name(dt), (long long)n);
                ok = 0;
            }
        }
    }
    free(want);
    free(data);
    return ok;
}

/* bind input k of a test set from its .pb file; the buffer (to free after the run) or NULL with a note */
static void *bind_input(gir_graph *g, gir_plan *p, gir_node x, const char *pb, char *note, size_t cap) {
    size_t size, bytes = (size_t)gir_node_numel(g, x) * gir_dtype_size(gir_node_dtype(g, x));
    unsigned char *data = read_file(pb, &size);
    void *buf = malloc(bytes ? bytes : 1);
    gir_shape s;
    char msg[200];
    int ok = 0;
    if (!data) snprintf(note, cap, "cannot read %s", pb);
    else if (gir_onnx_read_tensor(data, size, gir_node_dtype(g, x), buf, bytes, &s, msg, sizeof msg) != GIR_OK)
        snprintf(note, cap, "%s: %s", pb, msg);
    else if (!same_shape(s, gir_node_shape(g, x))) snprintf(note, cap, "%s: not the input's shape", pb);
    else if (gir_plan_bind_bytes(p, x, buf, bytes) != GIR_OK) snprintf(note, cap, "bind: %s", gir_plan_message(p));
    else ok = 1;
    free(data);
    if (!ok) { free(buf); buf = NULL; }
    return buf;
}

/* one test_data_set_<k>: 1 when every output matches; the model's inputs in known (a bit each) were fixed at
   import and are not bound */
static int run_set(gir_graph *g, gir_plan *p, int n_out, const gir_node *outs, const char *set, unsigned known,
                   char *note, size_t cap) {
    void *bufs[MAX_IO];
    char path[1200];
    int n_in = gir_graph_input_count(g), k, f, ok = 1;
    if (n_in > MAX_IO) { snprintf(note, cap, "%d inputs", n_in); return 0; }
    for (k = 0; k < n_in; ++k) bufs[k] = NULL;
    for (k = 0, f = 0; k < n_in && ok; ++k, ++f) {
        while ((known >> f) & 1u) ++f;
        snprintf(path, sizeof path, "%s/input_%d.pb", set, f);
        ok = (bufs[k] = bind_input(g, p, gir_graph_input(g, k), path, note, cap)) != NULL;
    }
    if (ok && gir_plan_run(p) != GIR_OK) { snprintf(note, cap, "run: %s", gir_plan_message(p)); ok = 0; }
    for (k = 0; k < n_out && ok; ++k) {
        char sub[600];
        snprintf(path, sizeof path, "%s/output_%d.pb", set, k);
        ok = check_output(g, p, outs[k], path, sub, sizeof sub);
        if (!ok) snprintf(note, cap, "output %d ('%s'): %s", k, gir_node_name(g, outs[k]), sub);
    }
    for (k = 0; k < n_in; ++k) free(bufs[k]);
    return ok;
}

static int by_name(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* the entries of dir whose names start with prefix, sorted; count */
static int list_dir(const char *dir, const char *prefix, char **names, int max) {
    DIR *d = opendir(dir);
    struct dirent *e;
    int n = 0;
    if (!d) return 0;
    while ((e = readdir(d)) != NULL && n < max)
        if (e->d_name[0] != '.' && strncmp(e->d_name, prefix, strlen(prefix)) == 0) {
            names[n] = (char *)malloc(strlen(e->d_name) + 1);
            strcpy(names[n++], e->d_name);
        }
    closedir(d);
    qsort(names, (size_t)n, sizeof *names, by_name);
    return n;
}

/* the input_<f>.pb of a test set whose tensor is named name, its values as doubles (malloc'd); -1 if none */
static int find_input(const char *set, const char *name, double **vals, int *count) {
    int f;
    for (f = 0; f < MAX_IO; ++f) {
        char path[1200], msg[200];
        size_t size;
        unsigned char *data;
        gir__ox_tensor t;
        gir_shape s;
        int64_t n;
        snprintf(path, sizeof path, "%s/input_%d.pb", set, f);
        if (!(data = read_file(path, &size))) return -1;
        if (gir__ox_decode_tensor(&t, data, size, msg, sizeof msg) == GIR_OK && gir__ox_str_is(t.name, name) &&
            (n = gir__ox_tensor_numel(&t)) >= 0 && n < 1 << 20) {
            *vals = (double *)malloc((size_t)(n ? n : 1) * sizeof(double));
            *count = (int)n;
            gir_onnx_read_tensor(data, size, GIR_DTYPE_F64, *vals, (size_t)(n ? n : 1) * sizeof(double), &s, msg,
                                 sizeof msg);
            free(data);
            return f;
        }
        free(data);
    }
    return -1;
}

/* the symbolic dimensions of the model's inputs, valued by the shapes of a test set's inputs; count */
static int set_dims(const char *model, const char *set, char names[16][64], int32_t *values, const char **np) {
    char path[1200], msg[200];
    size_t size;
    unsigned char *data = read_file(model, &size);
    gir__ox_model m;
    gir_allocator a = gir__allocator_or_default(NULL);
    int n = 0, k, f = 0, j;
    if (!data || gir__ox_decode(&m, data, size, &a, msg, sizeof msg) != GIR_OK) { free(data); return 0; }
    for (k = 0; k < m.n_input; ++k) {
        const gir__ox_value *v = &m.input[k];
        unsigned char *pb;
        size_t pbn;
        gir_shape s;
        int init = 0;
        for (j = 0; j < m.n_init; ++j) init |= v->name.n == m.init[j].name.n &&
                                               memcmp(v->name.p, m.init[j].name.p, v->name.n) == 0;
        if (init) continue;
        snprintf(path, sizeof path, "%s/input_%d.pb", set, f++);
        if (!(pb = read_file(path, &pbn))) continue;
        if (gir_onnx_read_tensor(pb, pbn, GIR_DTYPE_F64, NULL, 0, &s, msg, sizeof msg) == GIR_OK && s.rank == v->rank)
            for (j = 0; j < v->rank && n < 16; ++j)
                if (v->dim[j] < 0 && v->param[j].n && v->param[j].n < 64) {
                    snprintf(names[n], 64, "%.*s", (int)v->param[j].n, v->param[j].p);
                    np[n] = names[n];
                    values[n++] = s.dim[j];
                }
        free(pb);
    }
    gir__ox_free(&m, &a);
    free(data);
    return n;
}

/* import with the graph inputs the importer asks to know (shape inputs) fixed to a test set's values */
static gir_status import_known(const char *model, const char *set, gir_graph **g, gir_node *outs, int *n_out,
                               unsigned *known, char *msg, size_t cap) {
    char names[8][128];
    const char *np[8];
    double *vals[8];
    const double *vp[8];
    int counts[8], n = 0, k;
    char dim_names[16][64];
    const char *dnp[16];
    int32_t dim_values[16];
    gir_onnx_desc desc;
    gir_status st;
    *known = 0;
    for (;;) {
        const char *q;
        int f;
        memset(&desc, 0, sizeof desc);
        desc.n_known = n; desc.known_names = np; desc.known_values = vp; desc.known_counts = counts;
        desc.n_dims = set_dims(model, set, dim_names, dim_values, dnp);
        desc.dim_names = dnp; desc.dim_values = dim_values;
        st = gir_onnx_import_file(model, &desc, g, MAX_IO, outs, n_out, msg, cap);
        q = st == GIR_ERR_UNSUPPORTED ? strstr(msg, "comes from graph input '") : NULL;
        if (!q || n == 8) break;
        q += strlen("comes from graph input '");
        for (k = 0; k < 127 && q[k] && q[k] != '\''; ++k) names[n][k] = q[k];
        names[n][k] = 0;
        if ((f = find_input(set, names[n], &vals[n], &counts[n])) < 0) break;
        np[n] = names[n];
        vp[n] = vals[n];
        *known |= 1u << f;
        ++n;
    }
    for (k = 0; k < n; ++k) free(vals[k]);
    return st;
}

/* --roundtrip: the imported graph exported (gir_onnx_export), the bytes imported again, compiled and run on the
   test set's inputs; every output must be bit-identical to the first import's (plan p, just run). 1: it is,
   0: it is not (note says why), -1: the graph has an op without an ONNX form. --save <dir> writes the exported
   model with the set's inputs and gir.h's outputs as a case of the backend's layout (for tests/onnx/ort_check.py). */
static const char *save_dir;
static int rt_mode;                     /* 1: --roundtrip, 2: also print the cases not exported (-v) */
static int rt_counts[3];
static void save_tensor(const char *path, gir_graph *g, gir_node y, const void *data) {
    FILE *f = fopen(path, "wb");
    gir__wr w;
    gir__oxt t;
    int64_t dims[GIR_MAX_RANK];
    gir_shape s = gir_node_shape(g, y);
    int j;
    if (!f) return;
    for (j = 0; j < s.rank; ++j) dims[j] = s.dim[j];
    memset(&w, 0, sizeof w);
    w.f = f;
    t.name = NULL; t.dt = gir_node_dtype(g, y); t.rank = s.rank; t.dims = dims; t.data = data;
    t.numel = gir_node_numel(g, y);
    gir__oxt_msg(&w, &t);
    fclose(f);
}
static void save_case(const char *name, const unsigned char *model, size_t size, gir_graph *h, int n_out,
                      const gir_node *outs, gir_plan *q, const char (*inputs)[1200]) {
    char path[1400];
    FILE *f;
    int k, n_in = gir_graph_input_count(h);
    snprintf(path, sizeof path, "mkdir -p '%s/%s/test_data_set_0'", save_dir, name);
    if (system(path) != 0) return;
    snprintf(path, sizeof path, "%s/%s/model.onnx", save_dir, name);
    if ((f = fopen(path, "wb")) != NULL) { fwrite(model, 1, size, f); fclose(f); }
    for (k = 0; k < n_in; ++k) {
        size_t n;
        unsigned char *d = read_file(inputs[k], &n);
        snprintf(path, sizeof path, "%s/%s/test_data_set_0/input_%d.pb", save_dir, name, k);
        if (d && (f = fopen(path, "wb")) != NULL) { fwrite(d, 1, n, f); fclose(f); }
        free(d);
    }
    for (k = 0; k < n_out; ++k) {
        snprintf(path, sizeof path, "%s/%s/test_data_set_0/output_%d.pb", save_dir, name, k);
        save_tensor(path, h, outs[k], gir_plan_data(q, outs[k]));
    }
}
/* the input file of the first import's graph input named as h's input x2 */
static int input_file(gir_graph *g, gir_graph *h, gir_node x2, unsigned known) {
    int k, f, n = gir_graph_input_count(g);
    for (k = 0, f = 0; k < n; ++k, ++f) {
        while ((known >> f) & 1u) ++f;
        if (strcmp(gir_node_name(g, gir_graph_input(g, k)), gir_node_name(h, x2)) == 0) return f;
    }
    return -1;
}
static int roundtrip(const char *name, gir_graph *g, gir_plan *p, int n_out, const gir_node *outs, const char *set,
                     unsigned known, char *note, size_t cap) {
    size_t size = 0;
    unsigned char *buf = NULL;
    gir_graph *h = NULL;
    gir_plan *q = NULL;
    gir_node outs2[MAX_IO];
    void *bufs[MAX_IO];
    char msg[400], inputs[MAX_IO][1200];
    int n2 = 0, k, n_in = 0, ok = 0;
    gir_status st = gir_onnx_export(g, n_out, outs, NULL, 0, &size);
    if (st == GIR_ERR_UNSUPPORTED) { snprintf(note, cap, "export: %s", gir_graph_message(g)); return -1; }
    buf = (unsigned char *)malloc(size ? size : 1);
    if (st != GIR_ERR_LIMIT || gir_onnx_export(g, n_out, outs, buf, size, &size) != GIR_OK)
        snprintf(note, cap, "export: %s", gir_graph_message(g));
    else if (gir_onnx_import(buf, size, NULL, &h, MAX_IO, outs2, &n2, msg, sizeof msg) != GIR_OK)
        snprintf(note, cap, "import of the export: %s", msg);
    else if (n2 != n_out || (n_in = gir_graph_input_count(h)) > MAX_IO) snprintf(note, cap, "%d outputs", n2);
    else if (gir_plan_compile(h, n2, outs2, NULL, &q) != GIR_OK) snprintf(note, cap, "compile: %s", gir_graph_message(h));
    else ok = 1;
    for (k = 0; k < n_in; ++k) bufs[k] = NULL;
    for (k = 0; k < n_in && ok; ++k) {
        int f = input_file(g, h, gir_graph_input(h, k), known);
        snprintf(inputs[k], sizeof inputs[k], "%s/input_%d.pb", set, f);
        ok = f >= 0 && (bufs[k] = bind_input(h, q, gir_graph_input(h, k), inputs[k], note, cap)) != NULL;
        /* p runs again on the same buffers: its inputs' first buffers are gone, and an output may be an input */
        ok = ok && gir_plan_bind(p, gir_graph_find(g, gir_node_name(h, gir_graph_input(h, k))), bufs[k]) == GIR_OK;
        if (f < 0) snprintf(note, cap, "input '%s' of the export is not the model's", gir_node_name(h, gir_graph_input(h, k)));
    }
    if (ok && (gir_plan_run(q) != GIR_OK || gir_plan_run(p) != GIR_OK)) {
        snprintf(note, cap, "run: %s", gir_plan_message(q));
        ok = 0;
    }
    for (k = 0; k < n_out && ok; ++k) {
        size_t bytes = (size_t)gir_node_numel(g, outs[k]) * gir_dtype_size(gir_node_dtype(g, outs[k]));
        ok = gir_node_dtype(h, outs2[k]) == gir_node_dtype(g, outs[k]) && same_shape(gir_node_shape(h, outs2[k]),
             gir_node_shape(g, outs[k])) && memcmp(gir_plan_data(p, outs[k]), gir_plan_data(q, outs2[k]), bytes) == 0;
        if (!ok) snprintf(note, cap, "round trip: output %d differs", k);
    }
    if (ok && save_dir) save_case(name, buf, size, h, n_out, outs2, q, (const char (*)[1200])inputs);
    for (k = 0; k < n_in; ++k) free(bufs[k]);
    if (q) gir_plan_free(q);
    if (h) gir_graph_free(h);
    free(buf);
    return ok;
}

/* a case: pass 1, fail 0, unsupported -1. Each test set imports the model anew, with the values of its symbolic
   dimensions and of the shape inputs the importer asks for taken from the set's inputs */
static int run_case(const char *dir, char *note, size_t cap) {
    char model[1200], set[1200], msg[400];
    char *sets[64];
    int n_sets = list_dir(dir, "test_data_set_", sets, 64), k, ok = n_sets > 0, n_out;
    snprintf(model, sizeof model, "%s/model.onnx", dir);
    if (!ok) snprintf(note, cap, "no test_data_set_<n>");
    for (k = 0; k < n_sets; ++k) {
        gir_graph *g = NULL;
        gir_plan *p = NULL;
        gir_node outs[MAX_IO];
        unsigned known;
        gir_status st;
        snprintf(set, sizeof set, "%s/%s", dir, sets[k]);
        free(sets[k]);
        if (!ok) continue;
        st = import_known(model, set, &g, outs, &n_out, &known, msg, sizeof msg);
        if (st != GIR_OK) {
            snprintf(note, cap, "%s: %s", gir_status_name(st), msg);
            ok = st == GIR_ERR_UNSUPPORTED ? -1 : 0;
        } else if (n_out > MAX_IO || gir_plan_compile(g, n_out, outs, NULL, &p) != GIR_OK) {
            snprintf(note, cap, "compile: %s", gir_graph_message(g));
            ok = 0;
        } else ok = run_set(g, p, n_out, outs, set, known, note, cap);
        if (ok > 0 && rt_mode && k == 0) {
            char rn[700];
            const char *base = strrchr(dir, '/');
            int r = roundtrip(base ? base + 1 : dir, g, p, n_out, outs, set, known, rn, sizeof rn);
            rt_counts[r > 0 ? 0 : r == 0 ? 1 : 2]++;
            if (r == 0) printf("ROUNDTRIP FAIL %s: %s\n", base ? base + 1 : dir, rn);
            else if (r < 0 && rt_mode > 1) printf("not exported %s: %s\n", base ? base + 1 : dir, rn);
        }
        if (p) gir_plan_free(p);
        if (g) gir_graph_free(g);
    }
    return ok;
}

/* the per-op-type table: a case counts once for each op type its model has */
#define MAX_TYPES 512
typedef struct op_row { char type[64]; int n[3]; } op_row;
static op_row rows[MAX_TYPES];
static int n_rows;

static void count_types(const char *dir, int result) {
    char path[1200], seen[64][64];
    size_t size;
    unsigned char *data;
    gir__ox_model m;
    gir_allocator a = gir__allocator_or_default(NULL);
    char msg[200];
    int j, k, n_seen = 0;
    snprintf(path, sizeof path, "%s/model.onnx", dir);
    if (!(data = read_file(path, &size))) return;
    if (gir__ox_decode(&m, data, size, &a, msg, sizeof msg) == GIR_OK) {
        for (j = 0; j < m.n_node; ++j) {
            char t[64];
            int dup = 0;
            snprintf(t, sizeof t, "%.*s", (int)m.node[j].op_type.n, m.node[j].op_type.p);
            for (k = 0; k < n_seen; ++k) dup |= strcmp(seen[k], t) == 0;
            if (dup || n_seen == 64) continue;
            strcpy(seen[n_seen++], t);
            for (k = 0; k < n_rows && strcmp(rows[k].type, t) != 0; ++k) {}
            if (k == n_rows && n_rows < MAX_TYPES) strcpy(rows[n_rows++].type, t);
            if (k < n_rows) rows[k].n[result > 0 ? 0 : result == 0 ? 1 : 2]++;
        }
        gir__ox_free(&m, &a);
    }
    free(data);
}

static int by_type(const void *a, const void *b) {
    return strcmp(((const op_row *)a)->type, ((const op_row *)b)->type);
}

static void write_table(const char *path) {
    FILE *f = fopen(path, "w");
    int k;
    if (!f) { fprintf(stderr, "cannot write %s\n", path); return; }
    qsort(rows, (size_t)n_rows, sizeof *rows, by_type);
    fprintf(f, "%-32s %7s %7s %12s\n", "op type", "passed", "failed", "unsupported");
    for (k = 0; k < n_rows; ++k)
        fprintf(f, "%-32s %7d %7d %12d\n", rows[k].type, rows[k].n[0], rows[k].n[1], rows[k].n[2]);
    fclose(f);
}

/* --list: a file of case names, one a line ('#' starts a comment) */
static int in_list(const char *list, const char *name) {
    const char *p = list;
    size_t n = strlen(name);
    while (p && *p) {
        if (strncmp(p, name, n) == 0 && (p[n] == '\n' || p[n] == 0 || p[n] == ' ')) return 1;
        p = strchr(p, '\n');
        if (p) ++p;
    }
    return 0;
}

int main(int argc, char **argv) {
    static char *cases[MAX_CASES];
    const char *dir = NULL, *only = "", *table = NULL;
    char *list = NULL, *excl = NULL;
    int verbose = 0, strict = 0, excluded = 0, n, k, tally[3] = {0, 0, 0};
    size_t size;
    for (k = 1; k < argc; ++k) {
        if (strcmp(argv[k], "--only") == 0 && k + 1 < argc) only = argv[++k];
        else if (strcmp(argv[k], "--table") == 0 && k + 1 < argc) table = argv[++k];
        else if (strcmp(argv[k], "--list") == 0 && k + 1 < argc) list = (char *)read_file(argv[++k], &size);
        else if (strcmp(argv[k], "--exclude") == 0 && k + 1 < argc) {
            size_t en;
            excl = (char *)read_file(argv[++k], &en);
            if (excl) excl[en] = 0;
        }
        else if (strcmp(argv[k], "-v") == 0) verbose = 1;
        else if (strcmp(argv[k], "--strict") == 0) strict = 1;
        else if (strcmp(argv[k], "--roundtrip") == 0) rt_mode = 1;
        else if (strcmp(argv[k], "--save") == 0 && k + 1 < argc) save_dir = argv[++k];
        else if (strcmp(argv[k], "--rtol") == 0 && k + 1 < argc) tol_rel = atof(argv[++k]);
        else if (strcmp(argv[k], "--atol") == 0 && k + 1 < argc) tol_abs = atof(argv[++k]);
        else dir = argv[k];
    }
    if (!dir) {
        fprintf(stderr, "usage: onnx_test <dir> [--only <prefix>] [--list <file>] [--exclude <file>] [--table <file>] "
                "[--strict] [-v] [--rtol <r>] [--atol <a>] [--roundtrip [--save <dir>]]\n");
        return 2;
    }
    if (list) list[size] = 0;
    if (rt_mode && verbose) rt_mode = 2;
    n = list_dir(dir, only, cases, MAX_CASES);
    for (k = 0; k < n; ++k) {
        char path[1200], note[700];
        FILE *f;
        int r;
        snprintf(path, sizeof path, "%s/%s/model.onnx", dir, cases[k]);
        if ((list && !in_list(list, cases[k])) || !(f = fopen(path, "rb"))) { free(cases[k]); continue; }
        if (excl && in_list(excl, cases[k])) {
            printf("excluded %s (see the exclusion list)\n", cases[k]);
            ++excluded;
            fclose(f);
            free(cases[k]);
            continue;
        }
        fclose(f);
        snprintf(path, sizeof path, "%s/%s", dir, cases[k]);
        note[0] = 0;
        max_rel = max_abs = max_rel_all = 0;
        r = run_case(path, note, sizeof note);
        tally[r > 0 ? 0 : r == 0 ? 1 : 2]++;
        if (r == 0) printf("FAIL %s: %s\n", cases[k], note);
        else if (r < 0 && (verbose || strict)) printf("%s %s: %s\n", strict ? "FAIL" : "unsupported", cases[k], note);
        else if (verbose)
            printf("pass %s (max relative error %.2g where |want| >= %g, max absolute error %.2g below; %.2g relative "
                   "over all)\n", cases[k], max_rel, tol_rel > 0 ? tol_abs / tol_rel : 0, max_abs, max_rel_all);
        if (table) count_types(path, r);
        free(cases[k]);
    }
    if (table) write_table(table);
    printf("onnx %s: %d passed, %d failed, %d unsupported, %d excluded\n", dir, tally[0], tally[1], tally[2],
           excluded);
    if (rt_mode)
        printf("roundtrip %s: %d of %d passing cases round-trip bit-identical, %d differ, %d not exported\n", dir,
               rt_counts[0], tally[0], rt_counts[1], rt_counts[2]);
    free(list);
    free(excl);
    return tally[1] || rt_counts[1] || (strict && tally[2]) ? 1 : 0;
}
