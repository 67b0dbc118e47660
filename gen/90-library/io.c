/* >>io: save and load variables and whole graphs ------------------------------------------------------------
   THE FILE FORMAT (versions 1 to 3). Every integer is little-endian, written byte by byte; a float is its IEEE-754
   bit pattern as an integer of its width (f32 as u32, f64 as u64), so every host reads a file the same way.
     file     = header section{nsections} (nothing after the last section)
     header   = magic "GIRF" 0D 0A 1A 0A (8 bytes), u32 version, u32 flags (0), u32 nsections (1 to 8), u32 CRC-32
                of the 20 bytes before it. The version is the lowest that holds the file: 3 for a graph that calls
                functions, else 2 for a graph with constraints, else 1, so a file without them stays readable by a
                gir.h that knows the older versions only.
     section  = u32 tag, u64 length, payload[length], u32 CRC-32 of tag, length and payload
                tags: "VARS" (variables by name), "GRPH" (a whole graph); at most one of each
     VARS     = u32 count, var{count}; the names in strictly ascending byte order (no duplicates)
     var      = str name, u8 dtype, u8 rank, u32 dim{rank}, values
     GRPH     = in version 3 only: u32 nbodies, body{nbodies}, calls; then u32 nnodes, node{nnodes}, u32 nouts,
                u32 out{nouts} (node numbers, 1..nnodes), and in versions 2 and 3: cons
     cons     = u32 ncons, (u32 before, u32 after){ncons}: the topological constraints of gir_graph_constrain in the
                order they were added (node numbers)
     body     = calls, u32 nnodes, node{nnodes}, cons, u32 nfuncs (1 or more), func{nfuncs}: the graph of one or
                more functions (a function's VJP and the functions a scan's gradient makes share its body). Every
                body reached from the graph through its calls is written once, after the bodies it calls.
     calls    = u32 ncalled, (u32 body, u32 func){ncalled}: the graph's list of the functions it calls, which
                the function attributes of its call, if, scan and while nodes index; each is function func
                (0-based, in its body's order) of body (0-based), a body written before this graph, so no graph
                calls itself, directly or through others; no function twice; the longest chain of calls below a
                body is at most GIR__CALL_DEPTH (64)
     func     = u8 length (1 to 31), name bytes (no NUL), u32 nparams (1 to 64), u32 param{nparams}, u32 nresults,
                u32 result{nresults} (node numbers of its body); the functions in the order gir_func_new made them
     node     = str op (its ops.def name, never its enum value), u16 grad level, u8 ninputs,
                u32 input{ninputs} (numbers of earlier nodes, 1 .. this node's number - 1, in the order the
                builder takes them), the attributes the op's ATTR column lists, in that order (f: u64 bits of a
                double; i: u32; l: u8 n then u32{n}; shape: u8 rank then u32{rank}; dtype: u8; seed: u64;
                data: nothing here), str name (length 0: unnamed), then for a row with a data attribute
                (constant, variable) its values
     str      = u8 length, bytes (no NUL; a name is 1 .. GIR_MAX_NAME bytes)
     dtype    = 1 b8, 2 u8, 3 i32, 4 f32, 5 f64 (the file's codes, fixed)
     values   = numel elements of the dtype's size, little-endian; b8 values are 0 or 1
   CRC-32 is the IEEE polynomial (reflected 0xEDB88320, as zlib's crc32). A reader checks the header, every
   section's CRC and every field before it changes anything; loading a graph rebuilds every node through
   gir_op_build and every function through gir_func_new, so a file cannot make a node or a function the builders
   would refuse. A function's derived functions (its VJP, a scan's step functions) are saved as functions of its
   body but not linked to it: a gradient built after loading makes them again, beside the loaded ones. The
   functions whose body the saved graph itself is (when it is one) are not saved: only those it calls. */
#define GIR__IO_VERSION 3u
#define GIR__IO_TAG_VARS 0x53524156u   /* "VARS" read as a little-endian u32 */
#define GIR__IO_TAG_GRPH 0x48505247u   /* "GRPH" */
static const unsigned char gir__io_magic[8] = {'G', 'I', 'R', 'F', 0x0D, 0x0A, 0x1A, 0x0A};

static uint32_t gir__crc32(uint32_t crc, const unsigned char *p, size_t n) {
    static const uint32_t t[16] = {0x00000000u, 0x1DB71064u, 0x3B6E20C8u, 0x26D930ACu, 0x76DC4190u, 0x6B6B51F4u,
                                   0x4DB26158u, 0x5005713Cu, 0xEDB88320u, 0xF00F9344u, 0xD6D6A3E8u, 0xCB61B38Cu,
                                   0x9B64C2B0u, 0x86D3D2D4u, 0xA00AE278u, 0xBDBDF21Cu};
    size_t k;
    crc = ~crc;
    for (k = 0; k < n; ++k) {
        crc ^= p[k];
        crc = (crc >> 4) ^ t[crc & 15u];
        crc = (crc >> 4) ^ t[crc & 15u];
    }
    return ~crc;
}

/* writer: counts every byte; copies into buf while they fit; streams to a FILE* when it has one */
typedef struct gir__wr {
    unsigned char *buf;
    size_t         cap, len;
    uint32_t       crc;
    int            crc_on, ioerr;
    gir__bodies    bodies;          /* a graph file of version 3: the bodies of the functions it calls */
#ifndef GIR_NO_STDIO
    FILE          *f;
#endif
} gir__wr;
static void gir__w_bytes(gir__wr *w, const void *p, size_t n) {
    if (w->crc_on) w->crc = gir__crc32(w->crc, (const unsigned char *)p, n);
    if (w->buf && w->len + n <= w->cap && n) GIR_MEMCPY(w->buf + w->len, p, n);
#ifndef GIR_NO_STDIO
    if (w->f && n && fwrite(p, 1, n, w->f) != n) w->ioerr = 1;
#endif
    w->len += n;
}
static void gir__w_uint(gir__wr *w, uint64_t v, int bytes) {
    unsigned char b[8];
    int k;
    for (k = 0; k < bytes; ++k) b[k] = (unsigned char)(v >> (8 * k));
    gir__w_bytes(w, b, (size_t)bytes);
}
static void gir__w_str(gir__wr *w, const char *s) {
    size_t n = gir__strlen_max(s, GIR_MAX_NAME);
    gir__w_uint(w, n, 1);
    gir__w_bytes(w, s, n);
}
/* numel values of dtype dt from p (native order) */
static void gir__w_values(gir__wr *w, const void *p, int dt, int64_t numel) {
    const unsigned char *b = (const unsigned char *)p;
    int64_t k;
    size_t es = gir__dtype_sizes[dt];
    for (k = 0; k < numel; ++k) {
        uint64_t v = 0;
        if (es == 1) v = b[k];
        else if (es == 4) { uint32_t u; GIR_MEMCPY(&u, b + (size_t)k * 4, 4); v = u; }
        else GIR_MEMCPY(&v, b + (size_t)k * 8, 8);
        gir__w_uint(w, v, (int)es);
    }
}
static void gir__w_shape(gir__wr *w, const gir_shape *s) {
    int k;
    gir__w_uint(w, (uint64_t)s->rank, 1);
    for (k = 0; k < s->rank; ++k) gir__w_uint(w, (uint32_t)s->dim[k], 4);
}

/* the payload writers, given the graph and the chosen nodes */
typedef void (*gir__payload_fn)(gir__wr *w, const gir_graph *g, int n, const uint32_t *ids);
static const char *gir__nm(const gir_graph *g, uint32_t id) { return gir__name_at(g, g->nodes[id].name); }
/* ids in ascending name order (shell sort: O(n^1.5) compares, no memory) */
static void gir__sort_by_name(const gir_graph *g, uint32_t *ids, int n) {
    int gap, k, j;
    for (gap = 1; gap < n / 3; gap = 3 * gap + 1) {}
    for (; gap > 0; gap /= 3)
        for (k = gap; k < n; ++k) {
            uint32_t v = ids[k];
            for (j = k; j >= gap && gir__strcmp(gir__nm(g, ids[j - gap]), gir__nm(g, v)) > 0; j -= gap) ids[j] = ids[j - gap];
            ids[j] = v;
        }
}
static void gir__vars_payload(gir__wr *w, const gir_graph *g, int n, const uint32_t *ids) {
    int k;
    gir__w_uint(w, (uint64_t)n, 4);
    for (k = 0; k < n; ++k) {          /* ids are in ascending name order (gir__save) */
        const gir__node *d = &g->nodes[ids[k]];
        gir__w_str(w, gir__nm(g, ids[k]));
        gir__w_uint(w, d->dtype, 1);
        gir__w_shape(w, gir__nshape(g, d));
        gir__w_values(w, gir__node_data(g, d), d->dtype, gir__numel(gir__nshape(g, d)));
    }
}
static void gir__node_attrs(gir__wr *w, const gir_graph *g, const gir__node *d) {
    const char *s = gir__op_info(d->op)->attrs;
    int nf = 0, ni = 0, nl = 0, k;
    gir_attr at;
    const gir_attr *a = gir__attr_load(g, d, &at);
    while (*s) {
        uint64_t bits;
        if (s[0] == 'f' && s[1] == ':') { GIR_MEMCPY(&bits, &a->f[nf++], 8); gir__w_uint(w, bits, 8); }
        else if (s[0] == 'i' && s[1] == ':') gir__w_uint(w, (uint32_t)a->i[ni++], 4);
        else if (s[0] == 'l' && s[1] == ':') {
            const gir_ints *l = &a->l[nl++];
            gir__w_uint(w, (uint64_t)l->n, 1);
            for (k = 0; k < l->n; ++k) gir__w_uint(w, (uint32_t)l->v[k], 4);
        } else if (s[0] == 's' && s[1] == 'h') gir__w_shape(w, &a->shape);
        else if (s[0] == 'd' && s[1] == 't') gir__w_uint(w, (uint64_t)a->dtype, 1);
        else if (s[0] == 's' && s[1] == 'e') gir__w_uint(w, a->seed, 8);
        while (*s && *s != ',') ++s;
        if (*s) ++s;
    }
}
/* a row whose ATTR column has a data attribute (constant, variable): its node's values follow it in the file */
static int gir__has_data(int op) {
    const char *s = gir__op_info(op)->attrs;
    for (; *s; ++s)
        if ((s == gir__op_info(op)->attrs || s[-1] == ',') && s[0] == 'd' && s[1] == 'a' && s[2] == 't' && s[3] == 'a' && s[4] == ':')
            return 1;
    return 0;
}
/* a graph's nodes: u32 nnodes, then each (its number in the file is its id) */
static void gir__w_nodes(gir__wr *w, const gir_graph *g) {
    size_t id;
    int k;
    gir__w_uint(w, (uint64_t)(g->nnodes - 1), 4);
    for (id = 1; id < g->nnodes; ++id) {
        const gir__node *d = &g->nodes[id];
        const gir__opinfo *oi = gir__op_info(d->op);
        uint32_t pa = 0, ar = d->nparents;
        gir__w_str(w, gir__op_names[d->op]);
        gir__w_uint(w, d->grad_level, 2);
        gir__w_uint(w, d->nin, 1);
        for (k = 0; k < (int)d->nin; ++k) {     /* storage order (parents, then arguments) back to builder order */
            int arg = !oi->variadic && k < 32 && ((oi->argmask >> k) & 1u);
            gir__w_uint(w, g->ins[d->in0 + (arg ? ar++ : pa++)], 4);
        }
        gir__node_attrs(w, g, d);
        gir__w_str(w, d->name ? gir__nm(g, (uint32_t)id) : "");
        if (gir__has_data(d->op)) gir__w_values(w, gir__node_data(g, d), d->dtype, gir__numel(gir__nshape(g, d)));
    }
}
static void gir__w_cons(gir__wr *w, const gir_graph *g) {
    size_t k;
    gir__w_uint(w, (uint64_t)(g->ncons / 2), 4);
    for (k = 0; k < g->ncons; ++k) gir__w_uint(w, g->cons[k], 4);
}
/* version 3: the functions g calls, each as (body, function) */
static void gir__w_calls(gir__wr *w, const gir_graph *g) {
    uint32_t k;
    gir__w_uint(w, g->ncallees, 4);
    for (k = 0; k < g->ncallees; ++k) {
        gir__w_uint(w, (uint64_t)gir__body_index(&w->bodies, g->callees[k]->body), 4);
        gir__w_uint(w, gir__func_index(g->callees[k]), 4);
    }
}
/* version 3: a body: its calls, nodes, constraints and functions, oldest first */
static void gir__w_body(gir__wr *w, const gir_graph *b) {
    uint32_t n = 0, k;
    int j;
    const gir_func *f;
    gir__w_calls(w, b);
    gir__w_nodes(w, b);
    gir__w_cons(w, b);
    for (f = b->funcs; f; f = f->next) ++n;
    gir__w_uint(w, n, 4);
    for (k = 0; k < n; ++k) {
        f = gir__func_at(b, k);
        gir__w_str(w, f->name);
        gir__w_uint(w, (uint64_t)f->nparams, 4);
        for (j = 0; j < f->nparams; ++j) gir__w_uint(w, f->params[j], 4);
        gir__w_uint(w, (uint64_t)f->nresults, 4);
        for (j = 0; j < f->nresults; ++j) gir__w_uint(w, f->results[j], 4);
    }
}
static uint32_t gir__io_version(const gir_graph *g) { return g->ncallees ? 3u : g->ncons ? 2u : 1u; }
static void gir__graph_payload(gir__wr *w, const gir_graph *g, int n, const uint32_t *ids) {
    uint32_t version = gir__io_version(g);
    size_t k;
    if (version >= 3) {
        gir__w_uint(w, (uint64_t)w->bodies.n, 4);
        for (k = 0; k < w->bodies.n; ++k) gir__w_body(w, w->bodies.b[k].g);
        gir__w_calls(w, g);
    }
    gir__w_nodes(w, g);
    gir__w_uint(w, (uint64_t)n, 4);
    for (k = 0; k < (size_t)n; ++k) gir__w_uint(w, ids[k], 4);
    if (version >= 2) gir__w_cons(w, g);
}
/* header and one section; the payload is written twice: once to count it, once for real */
static void gir__w_file(gir__wr *w, uint32_t tag, gir__payload_fn fn, const gir_graph *g, int n, const uint32_t *ids) {
    gir__wr cnt;
    GIR_MEMSET(&cnt, 0, sizeof cnt);
    cnt.bodies = w->bodies;
    fn(&cnt, g, n, ids);
    w->crc = 0; w->crc_on = 1;
    gir__w_bytes(w, gir__io_magic, 8);
    gir__w_uint(w, tag == GIR__IO_TAG_GRPH ? gir__io_version(g) : 1u, 4);
    gir__w_uint(w, 0, 4);
    gir__w_uint(w, 1, 4);
    w->crc_on = 0;
    gir__w_uint(w, w->crc, 4);
    w->crc = 0; w->crc_on = 1;
    gir__w_uint(w, tag, 4);
    gir__w_uint(w, cnt.len, 8);
    fn(w, g, n, ids);
    w->crc_on = 0;
    gir__w_uint(w, w->crc, 4);
}

/* the nodes a save writes: ids (storage the caller gives, n entries); 0 on success */
static gir_status gir__save_pick(gir_graph *g, int vars, int n, const gir_node *list, uint32_t *ids, int *count) {
    const char *what = vars ? "save_variables" : "save_graph";
    int k, m = 0;
    if (!g) return GIR_ERR_INVALID_ARG;
    if (n < 0 || (n > 0 && !list)) {
        gir__gfail(g, GIR_ERR_INVALID_ARG, "%s: %s", what, n < 0 ? "negative count" : "the node list is NULL");
        return GIR_ERR_INVALID_ARG;
    }
    if (vars && n == 0) {         /* every named variable */
        for (k = 1; k < (int)g->nnodes; ++k)
            if (gir__op_is(g->nodes[k].op, GIR__F_LEAF_VAR) && g->nodes[k].name) { if (ids) ids[m] = (uint32_t)k; ++m; }
        *count = m;
        return GIR_OK;
    }
    for (k = 0; k < n; ++k) {
        int kind = gir__handle_kind(g, list[k]);
        if (kind != GIR__H_OWN) {
            gir__gfail(g, GIR_ERR_HANDLE, "%s: node %d of the list (id %u) %s", what, k, (unsigned)list[k].id,
                       gir__handle_why(kind));
            return GIR_ERR_HANDLE;
        }
        if (vars && (!gir__op_is(g->nodes[list[k].id].op, GIR__F_LEAF_VAR) || !g->nodes[list[k].id].name)) {
            gir__gfail(g, GIR_ERR_INVALID_ARG, "save_variables: %N is %s (only named variables are saved by name)",
                       (const gir_graph *)g, (unsigned)list[k].id,
                       !gir__op_is(g->nodes[list[k].id].op, GIR__F_LEAF_VAR) ? "not a variable" : "unnamed");
            return GIR_ERR_INVALID_ARG;
        }
        if (ids) ids[k] = list[k].id;
    }
    *count = n;
    return GIR_OK;
}
/* a graph that calls functions: the bodies a file of version 3 holds, into w (the error in g) */
static gir_status gir__save_bodies(gir_graph *g, gir__wr *w) {
    int st = gir__bodies_add(&g->a, &w->bodies, g, 0);
    if (st == 1) gir__gfail(g, GIR_ERR_OUT_OF_MEMORY, "save_graph: out of memory");
    else if (st)
        gir__gfail(g, GIR_ERR_LIMIT, "save_graph: the functions it calls nest more than %d calls deep below a "
                   "function's body (the file format's limit)", GIR__CALL_DEPTH);
    if (st) gir__bodies_free(&g->a, &w->bodies);
    return st ? g->status : GIR_OK;
}
/* ids for the save: a small list on the stack, a larger one from the graph's allocator */
static gir_status gir__save(gir_graph *g, int vars, int n, const gir_node *list, gir__wr *w) {
    uint32_t small[64], *ids = small;
    int count = 0, k;
    gir_status s = gir__save_pick(g, vars, n, list, NULL, &count);
    if (s) return s;
    if (!vars && g->ncallees && gir__save_bodies(g, w) != GIR_OK) return g->status;
    if (count > 64) {
        ids = (uint32_t *)gir__alloc(&g->a, (size_t)count * sizeof *ids);
        if (!ids) {
            gir__gfail(g, GIR_ERR_OUT_OF_MEMORY, "%s: out of memory", vars ? "save_variables" : "save_graph");
            gir__bodies_free(&g->a, &w->bodies);
            return GIR_ERR_OUT_OF_MEMORY;
        }
    }
    gir__save_pick(g, vars, n, list, ids, &count);
    if (vars) gir__sort_by_name(g, ids, count);
    for (k = 1; vars && k < count; ++k)      /* names are unique: a repeated node is a repeated name */
        if (ids[k] == ids[k - 1]) {
            gir__gfail(g, GIR_ERR_INVALID_ARG, "save_variables: %N is twice in the list", (const gir_graph *)g,
                       (unsigned)ids[k]);
            if (ids != small) gir__free(&g->a, ids, (size_t)count * sizeof *ids);
            return GIR_ERR_INVALID_ARG;
        }
    gir__w_file(w, vars ? GIR__IO_TAG_VARS : GIR__IO_TAG_GRPH, vars ? gir__vars_payload : gir__graph_payload, g,
                count, ids);
    if (ids != small) gir__free(&g->a, ids, (size_t)count * sizeof *ids);
    gir__bodies_free(&g->a, &w->bodies);
    return GIR_OK;
}
static gir_status gir__save_buf(gir_graph *g, int vars, int n, const gir_node *list, void *buf, size_t cap,
                                size_t *size) {
    gir__wr w;
    gir_status s;
    GIR_MEMSET(&w, 0, sizeof w);
    w.buf = (unsigned char *)buf;
    w.cap = buf ? cap : 0;
    if (!g) return GIR_ERR_INVALID_ARG;
    if ((s = gir__save(g, vars, n, list, &w)) != GIR_OK) return s;
    if (size) *size = w.len;
    if (buf && w.len > cap) {
        gir__gfail(g, GIR_ERR_LIMIT, "%s: the file takes %l bytes, the buffer holds %l (ask with buf NULL first)",
                   vars ? "save_variables" : "save_graph", (long long)w.len, (long long)cap);
        return GIR_ERR_LIMIT;
    }
    return GIR_OK;
}
GIR_API gir_status gir_graph_save_variables(gir_graph *g, int n, const gir_node *vars, void *buf, size_t cap, size_t *size) {
    return gir__save_buf(g, 1, n, vars, buf, cap, size);
}
GIR_API gir_status gir_graph_save(gir_graph *g, int n_out, const gir_node *outs, void *buf, size_t cap, size_t *size) {
    return gir__save_buf(g, 0, n_out, outs, buf, cap, size);
}
#ifndef GIR_NO_STDIO
static gir_status gir__save_file(gir_graph *g, int vars, int n, const gir_node *list, FILE *f) {
    gir__wr w;
    gir_status s;
    GIR_MEMSET(&w, 0, sizeof w);
    if (!g) return GIR_ERR_INVALID_ARG;
    if (!f) {
        gir__gfail(g, GIR_ERR_INVALID_ARG, "%s: the FILE is NULL", vars ? "save_variables" : "save_graph");
        return GIR_ERR_INVALID_ARG;
    }
    w.f = f;
    if ((s = gir__save(g, vars, n, list, &w)) != GIR_OK) return s;
    if (w.ioerr) {
        gir__gfail(g, GIR_ERR_INVALID_ARG, "%s: writing the file failed", vars ? "save_variables" : "save_graph");
        return GIR_ERR_INVALID_ARG;
    }
    return GIR_OK;
}
GIR_API gir_status gir_graph_save_variables_file(gir_graph *g, int n, const gir_node *vars, FILE *f) {
    return gir__save_file(g, 1, n, vars, f);
}
GIR_API gir_status gir_graph_save_file(gir_graph *g, int n_out, const gir_node *outs, FILE *f) {
    return gir__save_file(g, 0, n_out, outs, f);
}
#endif

#ifdef GIR_NO_ERROR_STRINGS
#  define gir__no_strings 1
#else
#  define gir__no_strings 0
#endif
/* reader: every read is checked; the first error is kept in msg, later reads fail quietly */
typedef struct gir__rd {
    const unsigned char *p;
    size_t               n, at;
    int                  bad;
    gir_status           st;        /* the status of the first error: GIR_ERR_INVALID_ARG unless set before */
    char                 msg[GIR__MSG];
    const char          *where;   /* "variable 3", "node 7": the message's context */
    long long            index;
    uint32_t             version;   /* the file's format version */
    uint32_t             body;      /* 1 + the body being read (version 3), 0: the graph itself */
} gir__rd;
static void gir__rfail(gir__rd *r, const char *fmt, ...) {
    gir__buf b;
    va_list ap;
    if (r->bad) return;
    r->bad = 1;
    if (!r->st) r->st = GIR_ERR_INVALID_ARG;
    b.p = r->msg; b.n = sizeof r->msg; b.len = 0; r->msg[0] = 0;
    gir__puts(&b, "load: ");
    if (r->body && !gir__no_strings) {
        gir__puts(&b, "body ");
        gir__putl(&b, (long long)r->body - 1);
        gir__puts(&b, ": ");
    }
    if (r->where && !gir__no_strings) {
        gir__puts(&b, r->where);
        gir__puts(&b, " ");
        gir__putl(&b, r->index);
        gir__puts(&b, ": ");
    }
#ifdef GIR_NO_ERROR_STRINGS
    (void)fmt; (void)ap;
    gir__puts(&b, gir_status_name(r->st));
#else
    va_start(ap, fmt);
    gir__vformat(&b, fmt, ap);
    va_end(ap);
#endif
}
static int gir__r_need(gir__rd *r, size_t k, const char *what) {
    if (r->bad) return 0;
    if (k > r->n - r->at) {
        gir__rfail(r, "truncated: %s needs %l bytes at offset %l, %l left", what, (long long)k, (long long)r->at,
                   (long long)(r->n - r->at));
        return 0;
    }
    return 1;
}
static uint64_t gir__r_uint(gir__rd *r, int bytes, const char *what) {
    uint64_t v = 0;
    int k;
    if (!gir__r_need(r, (size_t)bytes, what)) return 0;
    for (k = 0; k < bytes; ++k) v |= (uint64_t)r->p[r->at + (size_t)k] << (8 * k);
    r->at += (size_t)bytes;
    return v;
}
/* a name (allow_empty: length 0 is "unnamed") into out[GIR_MAX_NAME + 1] */
static void gir__r_name(gir__rd *r, char *out, int allow_empty, const char *what) {
    size_t len = (size_t)gir__r_uint(r, 1, what);
    out[0] = 0;
    if (r->bad) return;
    if (len == 0 && allow_empty) return;
    if (len == 0 || len > GIR_MAX_NAME) {
        gir__rfail(r, "%s has length %d (1 to GIR_MAX_NAME %d)", what, (int)len, GIR_MAX_NAME);
        return;
    }
    if (!gir__r_need(r, len, what)) return;
    GIR_MEMCPY(out, r->p + r->at, len);
    out[len] = 0;
    r->at += len;
    if (gir__strlen_max(out, GIR_MAX_NAME) != len || !gir__name_ok(out, len))
        gir__rfail(r, "%s is malformed (parts of [A-Za-z0-9_.:+-] joined by single '/')", what);
}
static void gir__r_shape(gir__rd *r, gir_shape *s, const char *what) {
    int k;
    GIR_MEMSET(s, 0, sizeof *s);
    s->rank = (int32_t)gir__r_uint(r, 1, what);
    if (r->bad) return;
    if (s->rank > GIR_MAX_RANK) { gir__rfail(r, "%s has rank %d > GIR_MAX_RANK %d", what, (int)s->rank, GIR_MAX_RANK); return; }
    for (k = 0; k < s->rank; ++k) s->dim[k] = (int32_t)(uint32_t)gir__r_uint(r, 4, what);
}
/* numel values of dt: checks that they are there (and that b8 values are 0 or 1); copies them into dst if given */
static void gir__r_values(gir__rd *r, void *dst, int dt, const gir_shape *s) {
    size_t es = gir__dtype_sizes[dt], k, numel, bytes;
    unsigned char *o = (unsigned char *)dst;
    if (r->bad) return;
    if (!gir__dims_ok(s) || !gir__bytes(s, dt, &bytes)) {
        gir__rfail(r, "shape %S has a negative dimension or more than 2^40 elements", s);
        return;
    }
    if (!gir__r_need(r, bytes, "the values")) return;
    numel = bytes / es;
    for (k = 0; k < numel; ++k) {
        const unsigned char *b = r->p + r->at + k * es;
        if (dt == GIR_DTYPE_B8 && b[0] > 1) { gir__rfail(r, "b8 value %d at element %l is not 0 or 1", (int)b[0], (long long)k); return; }
        if (!o) continue;
        if (es == 1) o[k] = b[0];
        else if (es == 4) {
            uint32_t u = (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
            GIR_MEMCPY(o + k * 4, &u, 4);
        } else {
            uint64_t u = 0;
            int j;
            for (j = 7; j >= 0; --j) u = (u << 8) | b[j];
            GIR_MEMCPY(o + k * 8, &u, 8);
        }
    }
    r->at += bytes;
}
/* the header, then the section with the wanted tag: on success r covers its payload only */
static void gir__r_file(gir__rd *r, uint32_t want) {
    uint32_t version, flags, nsec, crc, k, found = 0, seen = 0;
    size_t end = r->n, pstart = 0, plen = 0;
    if (!gir__r_need(r, 24, "the header")) return;
    for (k = 0; k < 8; ++k)
        if (r->p[k] != gir__io_magic[k]) { gir__rfail(r, "bad magic: not a gir.h file"); return; }
    r->at = 8;
    version = (uint32_t)gir__r_uint(r, 4, "the version");
    flags = (uint32_t)gir__r_uint(r, 4, "the flags");
    nsec = (uint32_t)gir__r_uint(r, 4, "the section count");
    crc = (uint32_t)gir__r_uint(r, 4, "the header checksum");
    if (crc != gir__crc32(0, r->p, 20)) { gir__rfail(r, "the header checksum does not match (a damaged file)"); return; }
    r->version = version;
    if (version == 0 || version > GIR__IO_VERSION) {
        gir__rfail(r, "format version %u; this gir.h reads versions 1 to %u (a newer gir.h wrote it)", (unsigned)version,
                   GIR__IO_VERSION);
        return;
    }
    if (flags) { gir__rfail(r, "unknown flags %u in the header", (unsigned)flags); return; }
    if (nsec == 0 || nsec > 8) { gir__rfail(r, "%u sections (1 to 8)", (unsigned)nsec); return; }
    for (k = 0; k < nsec && !r->bad; ++k) {
        size_t start = r->at;
        uint32_t tag = (uint32_t)gir__r_uint(r, 4, "a section tag");
        uint64_t len = gir__r_uint(r, 8, "a section length");
        uint32_t bit = tag == GIR__IO_TAG_VARS ? 1u : tag == GIR__IO_TAG_GRPH ? 2u : 0u;
        if (r->bad) return;
        if (!bit) { gir__rfail(r, "section %u has an unknown tag %u", (unsigned)k, (unsigned)tag); return; }
        if (seen & bit) { gir__rfail(r, "section %u repeats a section", (unsigned)k); return; }
        seen |= bit;
        if (len > (uint64_t)(r->n - r->at) || r->n - r->at - (size_t)len < 4) {
            gir__rfail(r, "truncated: section %u is %l bytes long, %l are left", (unsigned)k, (long long)len,
                       (long long)(r->n - r->at));
            return;
        }
        r->at += (size_t)len;
        crc = (uint32_t)gir__r_uint(r, 4, "a section checksum");
        if (crc != gir__crc32(0, r->p + start, 12 + (size_t)len)) {
            gir__rfail(r, "section %u: the checksum does not match (a damaged file)", (unsigned)k);
            return;
        }
        if (tag == want) { found = 1; pstart = start + 12; plen = (size_t)len; }
    }
    if (r->bad) return;
    if (r->at != end) { gir__rfail(r, "%l bytes after the last section", (long long)(end - r->at)); return; }
    if (!found) {
        gir__rfail(r, want == GIR__IO_TAG_VARS ? "the file has no variables (a graph file: load it with gir_graph_load)"
                                                : "the file has no graph (a variables file: gir_graph_load_variables)");
        return;
    }
    r->p += pstart;
    r->n = plen;
    r->at = 0;
}
static void gir__rd_init(gir__rd *r, const void *data, size_t size) {
    GIR_MEMSET(r, 0, sizeof *r);
    r->p = (const unsigned char *)data;
    r->n = data ? size : 0;
}

/* >>io load: variables by name into an existing graph. Everything is read and checked first (pass 1); only a
   file that passes every check writes the values (pass 2), so a failed load changes no variable. */
static int gir__r_dtype(gir__rd *r, const char *what) {
    int dt = (int)gir__r_uint(r, 1, what);
    if (!r->bad && (dt <= 0 || dt >= GIR_DTYPE__COUNT)) gir__rfail(r, "%s: unknown dtype code %d", what, dt);
    return dt;
}
/* one entry of VARS: its name (checked against prev: ascending order), dtype, shape, values (written into the
   graph's variable when write is set); *id: the graph's variable of that name, 0 when the graph has none */
static void gir__r_var(gir__rd *r, gir_graph *g, char *name, const char *prev, int write, uint32_t *id) {
    gir_shape s;
    int dt;
    const gir__node *d;
    gir__r_name(r, name, 0, "the variable's name");
    if (!r->bad && prev && gir__strcmp(name, prev) <= 0)
        gir__rfail(r, "'%s' after '%s': the names must be unique and in ascending order", name, prev);
    dt = gir__r_dtype(r, "the dtype");
    gir__r_shape(r, &s, "the shape");
    *id = r->bad ? 0 : gir__find_id(g, name);
    d = *id ? &g->nodes[*id] : NULL;
    if (d && !gir__op_is(d->op, GIR__F_LEAF_VAR)) {
        gir__rfail(r, "'%s' is a node of op %s in the graph, not a variable", name, gir__op_names[d->op]);
        return;
    }
    if (d && gir__is_ref(g, d)) {                /* gen/50-ir/dataref.c */
        r->st = GIR_ERR_INVALID_ARG;
        gir__rfail(r, "variable '%s' is read-only (gir_variable_ref): nothing can be loaded into it", name);
        return;
    }
    if (d && (d->dtype != dt || !gir__shape_eq(gir__nshape(g, d), &s))) {
        r->st = d->dtype != dt ? GIR_ERR_DTYPE : GIR_ERR_SHAPE;
        gir__rfail(r, "variable '%s' is %T %S in the file, %T %S in the graph", name, dt, &s, (int)d->dtype, gir__nshape(g, d));
        return;
    }
    if (r->bad) return;
    gir__r_values(r, write && d ? gir_node_data(g, gir__handle(g, *id)) : NULL, dt, &s);
}
static int gir__named_vars(const gir_graph *g) {
    size_t k;
    int n = 0;
    for (k = 1; k < g->nnodes; ++k) n += gir__op_is(g->nodes[k].op, GIR__F_LEAF_VAR) && g->nodes[k].name;
    return n;
}
/* 1 when the VARS payload names this variable (payload already checked) */
static int gir__vars_has(const gir__rd *r0, gir_graph *g, const char *want) {
    gir__rd r;
    char name[GIR_MAX_NAME + 1];
    uint32_t k, n, id;
    GIR_MEMCPY(&r, r0, sizeof r);
    r.at = 0;
    n = (uint32_t)gir__r_uint(&r, 4, "the count");
    for (k = 0; k < n && !r.bad; ++k) {
        gir__r_var(&r, g, name, NULL, 0, &id);
        if (gir__streq(name, want)) return 1;
    }
    return 0;
}
static gir_status gir__load_vars(gir__rd *r, gir_graph *g, unsigned flags) {
    char name[2][GIR_MAX_NAME + 1];
    uint32_t n, k, id, matched = 0, pass;
    gir__r_file(r, GIR__IO_TAG_VARS);
    n = (uint32_t)gir__r_uint(r, 4, "the variable count");
    if (!r->bad && n > r->n / 4) gir__rfail(r, "%u variables do not fit a section of %l bytes", (unsigned)n, (long long)r->n);
    for (pass = 0; pass < 2 && !r->bad; ++pass) {
        r->at = 4;
        for (k = 0; k < n && !r->bad; ++k) {
            r->where = "variable";
            r->index = k;
            gir__r_var(r, g, name[k & 1], k ? name[(k - 1) & 1] : NULL, (int)pass, &id);
            if (!r->bad && !id && !(flags & GIR_LOAD_PARTIAL))
                gir__rfail(r, "'%s' is not a variable of the graph (GIR_LOAD_PARTIAL skips it)", name[k & 1]);
            matched += !pass && id;
        }
        r->where = NULL;
        if (!pass && !r->bad && r->at != r->n) gir__rfail(r, "%l bytes after the last variable", (long long)(r->n - r->at));
        if (!pass && !r->bad && !(flags & GIR_LOAD_PARTIAL) && (int)matched != gir__named_vars(g)) {
            for (k = 1; k < g->nnodes; ++k)
                if (gir__op_is(g->nodes[k].op, GIR__F_LEAF_VAR) && g->nodes[k].name && !gir__vars_has(r, g, gir__nm(g, k))) break;
            gir__rfail(r, "the graph's variable '%s' is not in the file (GIR_LOAD_PARTIAL keeps its value)",
                       k < g->nnodes ? gir__nm(g, k) : "?");
        }
    }
    return r->bad ? r->st : GIR_OK;
}
GIR_API gir_status gir_graph_load_variables(gir_graph *g, const void *data, size_t size, unsigned flags) {
    gir__rd r;
    gir_status s;
    if (!g) return GIR_ERR_INVALID_ARG;
    gir__rd_init(&r, data, size);
    if (!data) { gir__gfail(g, GIR_ERR_INVALID_ARG, "load_variables: the data is NULL"); return GIR_ERR_INVALID_ARG; }
    if ((s = gir__load_vars(&r, g, flags)) != GIR_OK) gir__gfail(g, s, "%s", r.msg);
    return s;
}

/* >>io load: a whole graph, rebuilt node by node through gir_op_build */
static void gir__r_attrs(gir__rd *r, gir_op op, gir_attr *a) {
    const char *s = gir__op_info(op)->attrs;
    int nf = 0, ni = 0, nl = 0, k;
    gir_attr_zero(a);
    while (*s && !r->bad) {
        if (s[0] == 'f' && s[1] == ':') {
            uint64_t bits = gir__r_uint(r, 8, "a float attribute");
            GIR_MEMCPY(&a->f[nf++], &bits, 8);
        } else if (s[0] == 'i' && s[1] == ':') a->i[ni++] = (int32_t)(uint32_t)gir__r_uint(r, 4, "an int attribute");
        else if (s[0] == 'l' && s[1] == ':') {
            gir_ints *l = &a->l[nl++];
            l->n = (int32_t)gir__r_uint(r, 1, "a list attribute");
            if (l->n > GIR_MAX_RANK) { gir__rfail(r, "a list attribute has %d entries > GIR_MAX_RANK %d", (int)l->n, GIR_MAX_RANK); return; }
            for (k = 0; k < l->n; ++k) l->v[k] = (int32_t)(uint32_t)gir__r_uint(r, 4, "a list attribute");
        } else if (s[0] == 's' && s[1] == 'h') gir__r_shape(r, &a->shape, "the shape attribute");
        else if (s[0] == 'd' && s[1] == 't') a->dtype = gir__r_dtype(r, "the dtype attribute");
        else if (s[0] == 's' && s[1] == 'e') a->seed = gir__r_uint(r, 8, "the seed attribute");
        while (*s && *s != ',') ++s;
        if (*s) ++s;
    }
}
/* the op of a node: its name in the file, looked up in the table */
static gir_op gir__r_op(gir__rd *r) {
    char nm[GIR_MAX_NAME + 1];
    size_t len = (size_t)gir__r_uint(r, 1, "the op name"), k;
    gir_op op;
    if (r->bad) return GIR_OP__INVALID;
    if (len == 0 || len > GIR_MAX_NAME) { gir__rfail(r, "the op name has length %d", (int)len); return GIR_OP__INVALID; }
    if (!gir__r_need(r, len, "the op name")) return GIR_OP__INVALID;
    GIR_MEMCPY(nm, r->p + r->at, len);
    nm[len] = 0;
    r->at += len;
    for (k = 0; k < len; ++k)
        if (!gir__name_char(nm[k])) { gir__rfail(r, "the op name has a byte %d that no op name has", (int)(unsigned char)nm[k]); return GIR_OP__INVALID; }
    op = gir_op_from_name(nm);
    if (op == GIR_OP__INVALID) gir__rfail(r, "unknown op '%s' (written by a newer gir.h?)", nm);
    return op;
}
/* node i of the file: read, checked, built; returns its id in g (0 on error) */
static uint32_t gir__r_node(gir__rd *r, gir_graph *g, const uint32_t *map, uint32_t i) {
    gir_node in[GIR_MAX_VARIADIC], h;
    gir_attr a;
    char name[GIR_MAX_NAME + 1];
    gir_op op = gir__r_op(r);
    uint32_t level = (uint32_t)gir__r_uint(r, 2, "the grad level"), n = (uint32_t)gir__r_uint(r, 1, "the input count"), k;
    size_t data_at = 0;
    if (r->bad) return 0;
    if (n > GIR_MAX_VARIADIC) { gir__rfail(r, "%s has %u inputs > GIR_MAX_VARIADIC %d", gir__op_names[op], (unsigned)n, GIR_MAX_VARIADIC); return 0; }
    for (k = 0; k < n && !r->bad; ++k) {
        uint32_t j = (uint32_t)gir__r_uint(r, 4, "an input");
        if (!r->bad && (j == 0 || j >= i)) {
            gir__rfail(r, "%s: input %u refers to node %u (an earlier node: 1 to %u)", gir__op_names[op], (unsigned)k,
                       (unsigned)j, (unsigned)(i - 1));
            return 0;
        }
        in[k] = gir__handle(g, map[j]);
    }
    gir__r_attrs(r, op, &a);
    gir__r_name(r, name, 1, "the node's name");
    if (!r->bad && gir__has_data(op)) {          /* the values must be in the file before anything is allocated */
        data_at = r->at;
        gir__r_values(r, NULL, a.dtype, &a.shape);
    }
    if (r->bad) return 0;
    g->grad_level = (uint16_t)level;
    h = gir_op_build(g, op, (int)n, in, &a);
    g->grad_level = 0;
    if (h.id && name[0]) h = gir_name(g, h, name);
    if (!h.id) {
        r->st = g->status ? g->status : GIR_ERR_INVALID_ARG;
        gir__rfail(r, "%s", g->msg[0] ? g->msg : "the builder refused it");
        return 0;
    }
    if (gir__has_data(op)) {
        const gir__node *d = &g->nodes[h.id];
        size_t end = r->at;
        if (d->dtype != a.dtype || !gir__shape_eq(gir__nshape(g, d), &a.shape)) { gir__rfail(r, "the builder changed its shape"); return 0; }
        r->at = data_at;
        gir__r_values(r, gir_node_data(g, h), d->dtype, gir__nshape(g, d));
        r->at = end;
    }
    return h.id;
}
/* version 2: the constraints, each added again by gir_graph_constrain (one that makes a cycle is refused there) */
static void gir__r_cons(gir__rd *r, gir_graph *g, const uint32_t *map, uint32_t n) {
    uint32_t nc = (uint32_t)gir__r_uint(r, 4, "the constraint count"), i;
    if (!r->bad && nc > (r->n - r->at) / 8) gir__rfail(r, "%u constraints do not fit the section", (unsigned)nc);
    for (i = 0; i < nc && !r->bad; ++i) {
        uint32_t a = (uint32_t)gir__r_uint(r, 4, "a constraint"), b = (uint32_t)gir__r_uint(r, 4, "a constraint");
        if (r->bad) return;
        if (a == 0 || a > n || b == 0 || b > n) {
            gir__rfail(r, "constraint %u: node %u before node %u (nodes are 1 to %u)", (unsigned)i, (unsigned)a,
                       (unsigned)b, (unsigned)n);
            return;
        }
        if (gir_graph_constrain(g, gir__handle(g, map[a]), gir__handle(g, map[b])) != GIR_OK) {
            r->st = g->status;
            gir__rfail(r, "constraint %u: %s", (unsigned)i, g->msg);
            return;
        }
    }
}
/* u32 nnodes, node{nnodes}, built into g; the map from the file's node numbers to g's ids (*n + 1 entries, from
   g's allocator, or NULL and *n = 0 when it cannot be had) */
static uint32_t *gir__r_nodes(gir__rd *r, gir_graph *g, uint32_t *n) {
    uint32_t i, *map;
    *n = (uint32_t)gir__r_uint(r, 4, "the node count");
    if (!r->bad && *n > r->n / 6) gir__rfail(r, "%u nodes do not fit a section of %l bytes", (unsigned)*n, (long long)r->n);
    if (r->bad || !(map = (uint32_t *)gir__alloc(&g->a, ((size_t)*n + 1) * sizeof *map))) {
        if (!r->bad) { r->st = GIR_ERR_OUT_OF_MEMORY; gir__rfail(r, "out of memory for %u nodes", (unsigned)*n); }
        *n = 0;
        return NULL;
    }
    map[0] = 0;
    for (i = 1; i <= *n && !r->bad; ++i) {
        r->where = "node";
        r->index = i;
        map[i] = gir__r_node(r, g, map, i);
    }
    r->where = NULL;
    return map;
}
/* version 3: what the reader keeps of a body: its graph, its functions (f[0..nf) made, fcap allotted), seen (per
   function: the stamp of the last calls list that named it) and nest (the longest chain of calls below it) */
typedef struct gir__rbody { gir_graph *g; gir_func **f; uint32_t *seen, nf, fcap, nest; } gir__rbody;
/* version 3: the calls list of g (the bodies before it: rb[0..nb)), each function added to g's list and its body
   held as gir_func_call does; stamp: a number of this list, that no other list has; *nest: the longest chain
   of calls below g */
static void gir__r_calls(gir__rd *r, gir_graph *g, gir__rbody *rb, uint32_t nb, uint32_t stamp, uint32_t *nest) {
    uint32_t n = (uint32_t)gir__r_uint(r, 4, "the count of functions called"), k;
    size_t cap = g->calleescap;
    *nest = 0;
    if (!r->bad && n > (r->n - r->at) / 8) gir__rfail(r, "%u functions called do not fit the section", (unsigned)n);
    for (k = 0; k < n && !r->bad; ++k) {
        uint32_t b = (uint32_t)gir__r_uint(r, 4, "a called function's body"), i = (uint32_t)gir__r_uint(r, 4, "a called function");
        gir_func *f;
        if (r->bad) return;
        if (b >= nb) {
            gir__rfail(r, "called function %u is in body %u, not one of the %u before this graph (a graph that calls "
                       "itself or a later one would recurse)", (unsigned)k, (unsigned)b, (unsigned)nb);
            return;
        }
        if (i >= rb[b].nf) {
            gir__rfail(r, "called function %u is function %u of body %u, which has %u", (unsigned)k, (unsigned)i,
                       (unsigned)b, (unsigned)rb[b].nf);
            return;
        }
        f = rb[b].f[i];
        if (rb[b].seen[i] == stamp) { gir__rfail(r, "called function %u: '%s' of body %u is in the list twice", (unsigned)k, f->name, (unsigned)b); return; }
        rb[b].seen[i] = stamp;
        if (gir__grow(&g->a, (void **)&g->callees, &cap, (size_t)k + 1, sizeof(gir_func *))) {
            r->st = GIR_ERR_OUT_OF_MEMORY;
            gir__rfail(r, "out of memory for the functions called");
            return;
        }
        g->calleescap = (uint32_t)cap;
        g->callees[g->ncallees++] = f;
        ++f->body->plans;                          /* the body lives while a graph calls it */
        *nest = rb[b].nest + 1 > *nest ? rb[b].nest + 1 : *nest;
    }
}
/* a parameter's or a result's node number (1..n) in the body b */
static gir_node gir__r_fnode(gir__rd *r, gir_graph *b, const uint32_t *map, uint32_t n, const char *what, uint32_t k) {
    uint32_t j = (uint32_t)gir__r_uint(r, 4, what);
    if (!r->bad && (j == 0 || j > n)) gir__rfail(r, "%s %u is node %u (1 to %u)", what, (unsigned)k, (unsigned)j, (unsigned)n);
    return gir__handle(b, r->bad ? 0 : map[j]);
}
/* version 3: one function of body b, made by gir_func_new (so its checks run on the file); NULL with r bad */
static gir_func *gir__r_func(gir__rd *r, gir_graph *b, const uint32_t *map, uint32_t n) {
    char name[sizeof(((gir_func *)0)->name)];
    gir_node par[GIR__MAX_IN], *res = NULL;
    size_t len = (size_t)gir__r_uint(r, 1, "the function's name");
    uint32_t np, nr = 0, k;
    gir_func *f = NULL;
    if (!r->bad && (len == 0 || len >= sizeof name)) gir__rfail(r, "the function's name has length %d (1 to %d)", (int)len, (int)sizeof name - 1);
    if (!gir__r_need(r, len, "the function's name")) return NULL;
    GIR_MEMCPY(name, r->p + r->at, len);
    name[len] = 0;
    r->at += len;
    if (gir__strlen_max(name, len) != len) gir__rfail(r, "the function's name has a NUL byte");
    np = (uint32_t)gir__r_uint(r, 4, "the parameter count");
    if (!r->bad && (np == 0 || np > GIR__MAX_IN)) gir__rfail(r, "'%s' has %u parameters (1 to %d)", name, (unsigned)np, GIR__MAX_IN);
    for (k = 0; k < np && !r->bad; ++k) par[k] = gir__r_fnode(r, b, map, n, "parameter", k);
    if (!r->bad) nr = (uint32_t)gir__r_uint(r, 4, "the result count");
    if (!r->bad && (nr == 0 || nr > (r->n - r->at) / 4)) gir__rfail(r, "'%s' has %u results (1 to what the section holds)", name, (unsigned)nr);
    if (!r->bad && !(res = (gir_node *)gir__alloc(&b->a, (size_t)nr * sizeof *res))) {
        r->st = GIR_ERR_OUT_OF_MEMORY;
        gir__rfail(r, "out of memory for '%s'", name);
    }
    for (k = 0; k < nr && !r->bad; ++k) res[k] = gir__r_fnode(r, b, map, n, "result", k);
    if (!r->bad && !(f = gir_func_new(b, name, (int)np, par, (int)nr, res))) {
        r->st = b->status ? b->status : GIR_ERR_OUT_OF_MEMORY;
        gir__rfail(r, "%s", b->msg);
    }
    gir__free(&b->a, res, (size_t)nr * sizeof *res);
    return f;
}
/* version 3: a body's functions, into rb->f */
static void gir__r_funcs(gir__rd *r, gir__rbody *rb, const uint32_t *map, uint32_t n) {
    uint32_t nf = (uint32_t)gir__r_uint(r, 4, "the function count"), k;
    size_t bytes = (size_t)nf * (sizeof *rb->f + sizeof *rb->seen);
    if (!r->bad && (nf == 0 || nf > (r->n - r->at) / 18))
        gir__rfail(r, nf ? "%u functions do not fit the section" : "a body without a function", (unsigned)nf);
    if (!r->bad && !(rb->f = (gir_func **)gir__alloc(&rb->g->a, bytes))) {
        r->st = GIR_ERR_OUT_OF_MEMORY;
        gir__rfail(r, "out of memory for %u functions", (unsigned)nf);
    }
    if (r->bad) return;
    rb->fcap = nf;
    rb->seen = (uint32_t *)(void *)(rb->f + nf);
    GIR_MEMSET(rb->seen, 0, (size_t)nf * sizeof *rb->seen);
    for (k = 0; k < nf && !r->bad; ++k) {
        r->where = "function";
        r->index = k;
        if ((rb->f[k] = gir__r_func(r, rb->g, map, n)) != NULL) rb->nf = k + 1;
    }
    r->where = NULL;
}
/* version 3: body i, a graph of its own with g's allocator (a graph that calls a function holds its body) */
static void gir__r_body(gir__rd *r, gir_graph *g, gir__rbody *rb, uint32_t i) {
    gir_graph_desc wd;
    uint32_t n = 0, *map;
    GIR_MEMSET(&wd, 0, sizeof wd);
    wd.allocator = g->a;
    if (!(rb[i].g = gir_graph_new(&wd))) {
        r->st = GIR_ERR_OUT_OF_MEMORY;
        gir__rfail(r, "out of memory for the body's graph");
        return;
    }
    gir__r_calls(r, rb[i].g, rb, i, i + 1, &rb[i].nest);
    if (!r->bad && rb[i].nest > GIR__CALL_DEPTH)
        gir__rfail(r, "its calls nest %u deep (at most %d)", (unsigned)rb[i].nest, GIR__CALL_DEPTH);
    map = gir__r_nodes(r, rb[i].g, &n);
    gir__r_cons(r, rb[i].g, map, n);
    gir__r_funcs(r, &rb[i], map, n);
    gir__free(&g->a, map, ((size_t)n + 1) * sizeof *map);
}
/* version 3: the bodies (*nb of them, from g's allocator: gir__r_bodies_free) */
static gir__rbody *gir__r_bodies(gir__rd *r, gir_graph *g, uint32_t *nb) {
    uint32_t n = (uint32_t)gir__r_uint(r, 4, "the body count"), k;
    gir__rbody *rb = NULL;
    *nb = 0;
    if (!r->bad && n > (r->n - r->at) / 32) gir__rfail(r, "%u bodies do not fit the section", (unsigned)n);
    if (!r->bad && n && !(rb = (gir__rbody *)gir__alloc(&g->a, (size_t)n * sizeof *rb))) {
        r->st = GIR_ERR_OUT_OF_MEMORY;
        gir__rfail(r, "out of memory for %u bodies", (unsigned)n);
    }
    if (r->bad || !n) return NULL;
    GIR_MEMSET(rb, 0, (size_t)n * sizeof *rb);
    *nb = n;
    for (k = 0; k < n && !r->bad; ++k) {
        r->body = k + 1;
        gir__r_body(r, g, rb, k);
    }
    r->body = 0;
    return rb;
}
/* the reader's hold on the bodies let go: a body some graph calls lives on, held by it; the others go */
static void gir__r_bodies_free(const gir_allocator *a, gir__rbody *rb, uint32_t nb) {
    uint32_t k;
    for (k = 0; k < nb; ++k) {
        if (rb[k].f) gir__free(a, rb[k].f, (size_t)rb[k].fcap * (sizeof *rb[k].f + sizeof *rb[k].seen));
        gir_graph_free(rb[k].g);
    }
    gir__free(a, rb, (size_t)nb * sizeof *rb);
}
/* u32 nouts, u32 out{nouts}: node numbers 1..n, the first max_out of them into outs */
static uint32_t gir__r_outs(gir__rd *r, gir_graph *g, const uint32_t *map, uint32_t n, int max_out, gir_node *outs) {
    uint32_t nout = (uint32_t)gir__r_uint(r, 4, "the output count"), i;
    if (!r->bad && nout > (r->n - r->at) / 4) gir__rfail(r, "%u outputs do not fit the section", (unsigned)nout);
    for (i = 0; i < nout && !r->bad; ++i) {
        uint32_t j = (uint32_t)gir__r_uint(r, 4, "an output");
        if (!r->bad && (j == 0 || j > n)) gir__rfail(r, "output %u is node %u (1 to %u)", (unsigned)i, (unsigned)j, (unsigned)n);
        else if (outs && (int)i < max_out) outs[i] = gir__handle(g, map[j]);
    }
    return nout;
}
static gir_graph *gir__load_graph(gir__rd *r, const gir_graph_desc *desc, int max_out, gir_node *outs, int *n_out) {
    gir_graph *g;
    gir__rbody *rb = NULL;
    gir_allocator a;
    uint32_t n = 0, nb = 0, nest, nout, *map;
    gir__r_file(r, GIR__IO_TAG_GRPH);
    if (r->bad) return NULL;
    if (!(g = gir_graph_new(desc))) { r->st = GIR_ERR_OUT_OF_MEMORY; gir__rfail(r, "out of memory for the graph"); return NULL; }
    a = g->a;
    if (r->version >= 3) {
        rb = gir__r_bodies(r, g, &nb);
        gir__r_calls(r, g, rb, nb, nb + 1, &nest);
    }
    map = gir__r_nodes(r, g, &n);
    nout = gir__r_outs(r, g, map, n, max_out, outs);
    if (r->version >= 2) gir__r_cons(r, g, map, n);
    if (!r->bad && r->at != r->n) gir__rfail(r, "%l bytes after the %s", (long long)(r->n - r->at),
                                             r->version >= 2 ? "constraints" : "outputs");
    gir__free(&a, map, ((size_t)n + 1) * sizeof *map);
    if (rb) gir__r_bodies_free(&a, rb, nb);
    if (r->bad) { gir_graph_free(g); return NULL; }
    if (n_out) *n_out = (int)nout;
    return g;
}
GIR_API gir_status gir_graph_load(const void *data, size_t size, const gir_graph_desc *desc, gir_graph **out,
                                  int max_out, gir_node *outs, int *n_out, char *msg, size_t msgcap) {
    gir__rd r;
    gir_graph *g;
    gir__rd_init(&r, data, size);
    if (msg && msgcap) msg[0] = 0;
    if (n_out) *n_out = 0;
    if (out) *out = NULL;
    if (!out || !data || max_out < 0 || (max_out > 0 && !outs)) {
        r.st = GIR_ERR_INVALID_ARG;
        gir__rfail(&r, !out ? "out is NULL" : !data ? "the data is NULL" : "bad output array");
        g = NULL;
    } else g = gir__load_graph(&r, desc, max_out, outs, n_out);
    if (!g && msg && msgcap) {
        gir__buf b;
        b.p = msg; b.n = msgcap; b.len = 0;
        gir__puts(&b, r.msg);
    }
    if (g) *out = g;
    return g ? GIR_OK : r.st;
}
