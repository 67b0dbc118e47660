/* onnx_build.c - gir_onnx_import: the GIR_ONNX lines of ops.def (gen/10-generator/onnx_lower.py makes each a
   function gir__oxl_<type>_<since> and the table gir__ox_lines), the names of the model's values, and the import:
   initializers, inputs, then each node by its line, into a new graph that is freed on any error. */
#ifndef GIR_NO_ONNX
/* the GIR_ONNX lines of ops.def */
@@ONNX_LINES@@

/* the line of an op type for an opset: the highest since at or below it (the table is sorted by type, since) */
static const gir__oxline *gir__ox_line(gir__ox_str type, int64_t opset) {
    const gir__oxline *best = NULL;
    int j;
    for (j = 0; j < GIR__OX_NLINES; ++j)
        if (gir__ox_str_is(type, gir__ox_lines[j].type) && gir__ox_lines[j].since <= opset) best = &gir__ox_lines[j];
    return best;
}

/* two names of the file alike, byte for byte (no <string.h>: freestanding builds route only memcpy and memset) */
static int gir__ox_str_eq(gir__ox_str a, gir__ox_str b) {
    uint32_t j;
    if (a.n != b.n) return 0;
    for (j = 0; j < a.n; ++j) if (a.p[j] != b.p[j]) return 0;
    return 1;
}
/* the nodes of the model's values by name: open addressing over a power-of-two table */
typedef struct gir__oxval { gir_node n; const gir__ox_tensor *t; } gir__oxval;   /* t: the file's tensor, if any */
typedef struct gir__oxmap { uint32_t cap; gir__ox_str *key; gir__oxval *val; } gir__oxmap;
static uint32_t gir__ox_hash(gir__ox_str s) {
    uint32_t h = 2166136261u, j;
    for (j = 0; j < s.n; ++j) h = (h ^ (unsigned char)s.p[j]) * 16777619u;
    return h;
}
static gir__oxval *gir__ox_slot(gir__oxmap *m, gir__ox_str s, int add) {   /* s empty: none (p may be NULL) */
    uint32_t h = gir__ox_hash(s) & (m->cap - 1);
    if (!s.n) return NULL;
    while (m->key[h].p) {
        if (gir__ox_str_eq(m->key[h], s)) return &m->val[h];
        h = (h + 1) & (m->cap - 1);
    }
    if (!add) return NULL;
    m->key[h] = s;
    return &m->val[h];
}
/* a node name from an ONNX name: characters gir.h does not take in names become '_'; too long or taken: none */
static void gir__ox_name(gir_graph *g, gir_node n, gir__ox_str s) {
    char buf[GIR_MAX_NAME + 1];
    uint32_t j;
    if (!s.n || s.n > GIR_MAX_NAME || gir_node_name(g, n)[0]) return;
    for (j = 0; j < s.n; ++j) {
        char ch = s.p[j];
        int ok = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') ||
                 ch == '_' || ch == '.' || ch == ':' || ch == '+' || ch == '-';
        buf[j] = ok ? ch : '_';
    }
    buf[s.n] = 0;
    if (!gir_graph_find(g, buf).id) gir_name(g, n, buf);
}

typedef struct gir__oxrun {             /* one import, or the build of one subgraph within it */
    gir_graph *g;
    const gir__ox_model *m;
    const gir_onnx_desc *desc;
    gir__oxmap map;
    gir_status st;
    char msg[320];
    struct gir__oxrun *parent;          /* a subgraph's: the graph of the node that holds it */
    gir__oxsub *sub;                    /* a subgraph's: its inputs, outputs and the outer values it reads */
    int depth;                          /* subgraphs within subgraphs */
    int (*build_sub)(gir__oxn *c, gir__oxsub *s);
} gir__oxrun;
static void gir__ox_rfail(gir__oxrun *r, gir_status s, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    gir__first_error(&r->st, r->msg, sizeof r->msg, s, fmt, ap);
    va_end(ap);
}
static void gir__oxr_put(gir__oxrun *r, gir__ox_str name, gir_node n, const gir__ox_tensor *t) {
    gir__oxval *slot = gir__ox_slot(&r->map, name, 1);
    if (!slot) return;                          /* an empty name: a value nothing can refer to */
    slot->n = n;
    slot->t = t;
}
static void gir__ox_inits(gir__oxrun *r) {
    int j;
    for (j = 0; j < r->m->n_init && r->st == GIR_OK; ++j) {
        const gir__ox_tensor *t = &r->m->init[j];
        char m[200];
        gir_status st;
        gir_node n = gir__ox_tensor_node(r->g, t, r->desc->variables, m, sizeof m, &st);
        if (st != GIR_OK) gir__ox_rfail(r, st, "initializer '%.*s': %s", (int)t->name.n, t->name.p, m);
        if (gir_graph_status(r->g) != GIR_OK)       /* out of memory in the graph's stores */
            gir__ox_rfail(r, gir_graph_status(r->g), "initializer '%.*s': %s", (int)t->name.n, t->name.p,
                          gir_graph_message(r->g));
        if (n.id) gir__ox_name(r->g, n, t->name);
        gir__oxr_put(r, t->name, n, t);
    }
}
/* a graph input's shape: fixed dimensions, symbolic ones from desc (dim_names / dim_values) */
static int gir__ox_input_shape(gir__oxrun *r, const gir__ox_value *v, gir_shape *s) {
    int j, k;
    if (!v->has_shape) {
        gir__ox_rfail(r, GIR_ERR_UNSUPPORTED, "input '%.*s' has no shape in the model", (int)v->name.n, v->name.p);
        return 0;
    }
    s->rank = v->rank;
    for (j = 0; j < v->rank; ++j) {
        int64_t d = v->dim[j];
        for (k = 0; d < 0 && v->param[j].n && k < r->desc->n_dims; ++k)
            if (gir__ox_str_is(v->param[j], r->desc->dim_names[k])) d = r->desc->dim_values[k];
        if (d < 0 || d > INT32_MAX) {
            gir__ox_rfail(r, GIR_ERR_INVALID_ARG, "input '%.*s': dimension %d is '%.*s': give its value in "
                          "gir_onnx_desc (dim_names, dim_values)", (int)v->name.n, v->name.p, j,
                          (int)v->param[j].n, v->param[j].p);
            return 0;
        }
        s->dim[j] = (int32_t)d;
    }
    return 1;
}
/* a graph input given values at import (desc known_names / known_values / known_counts): a constant; else {0} */
static gir_node gir__ox_known(gir__oxrun *r, const gir__ox_value *v, gir_dtype dt, gir_shape s) {
    const gir_onnx_desc *d = r->desc;
    gir_node none = {0, 0}, y;
    int64_t n = 1, j;
    int k;
    void *buf;
    for (k = 0; k < d->n_known && !gir__ox_str_is(v->name, d->known_names[k]); ++k) {}
    if (k == d->n_known) return none;
    for (j = 0; j < s.rank; ++j) n *= s.dim[j];
    if (n != d->known_counts[k]) {
        gir__ox_rfail(r, GIR_ERR_SHAPE, "input '%s' holds %l values, known_counts gives %d", d->known_names[k],
                      (long long)n, d->known_counts[k]);
        return none;
    }
    buf = gir__alloc(&r->g->a, (size_t)(n ? n : 1) * 8);
    if (!buf) {
        gir__ox_rfail(r, GIR_ERR_OUT_OF_MEMORY, "the values of input '%s'", d->known_names[k]);
        return none;
    }
    for (j = 0; j < n; ++j) gir__setd(buf, (int)dt, j, d->known_values[k][j]);
    y = gir_constant(r->g, dt, s, buf);
    gir__free(&r->g->a, buf, (size_t)(n ? n : 1) * 8);
    return y;
}
static void gir__ox_inputs(gir__oxrun *r) {
    int j, dt;
    for (j = 0; j < r->m->n_input && r->st == GIR_OK; ++j) {
        const gir__ox_value *v = &r->m->input[j];
        gir_shape s;
        gir_node n;
        if (gir__ox_slot(&r->map, v->name, 0)) continue;        /* an initializer listed as an input (IR < 4) */
        dt = gir__ox_dtype(v->type);
        if (dt < 0) {
            gir__ox_rfail(r, GIR_ERR_UNSUPPORTED, "input '%.*s': %s %d", (int)v->name.n, v->name.p,
                          v->type ? "ONNX dtype" : "not a tensor (sequence, map or optional), type", (int)v->type);
            return;
        }
        if (!gir__ox_input_shape(r, v, &s)) return;
        n = gir__ox_known(r, v, (gir_dtype)dt, s);
        if (r->st == GIR_OK && !n.id) n = gir_input(r->g, (gir_dtype)dt, s);
        if (gir_graph_status(r->g) != GIR_OK)
            gir__ox_rfail(r, gir_graph_status(r->g), "input '%.*s': %s", (int)v->name.n, v->name.p,
                          gir_graph_message(r->g));
        gir__ox_name(r->g, n, v->name);
        gir__oxr_put(r, v->name, n, NULL);
    }
}
/* an outer value o of r's parent brought into r's graph (a subgraph's body): a constant, or computed from constants
   only, as a constant of its own (so that shapes and axes stay known); anything else as a parameter that the call
   passes (r->sub's cap_outer / cap_in) */
static gir_node gir__ox_bring(gir__oxrun *r, const gir__oxval *o, gir__ox_str name) {
    gir_graph *pg = r->parent->g;
    gir_node_type ty = gir_node_type_of(pg, o->n);
    gir_dtype dt = gir_node_dtype(pg, o->n);
    gir_shape s = gir_node_shape(pg, o->n);
    gir_node y = {0, 0};
    gir_plan *p = NULL;
    gir__oxsub *sb = r->sub;
    if (gir__op_is(gir_node_op(pg, o->n), GIR__F_LEAF_CONST)) return gir_constant(r->g, dt, s, gir_node_data(pg, o->n));
    if (ty == GIR_NODE_CONSTANT || ty == GIR_NODE_CONSTANT_DERIVED) {
        if (gir_plan_compile(pg, 1, &o->n, NULL, &p) == GIR_OK && gir_plan_run(p) == GIR_OK)
            y = gir_constant(r->g, dt, s, gir_plan_data(p, o->n));
        if (p) gir_plan_free(p);
        if (y.id) return y;
    }
    if (sb->n_cap >= GIR__OX_SUB_MAX) {
        gir__ox_rfail(r, GIR_ERR_LIMIT, "the body reads more than %d values of the graphs around it", GIR__OX_SUB_MAX);
        return y;
    }
    y = gir_input(r->g, dt, s);
    gir__ox_name(r->g, y, name);
    sb->cap_outer[sb->n_cap] = o->n;
    sb->cap_in[sb->n_cap++] = y;
    return y;
}
/* the value of a name: r's own, else (a subgraph) an enclosing graph's brought in; NULL when none has it */
static gir__oxval *gir__ox_lookup(gir__oxrun *r, gir__ox_str name) {
    gir__oxval *v = gir__ox_slot(&r->map, name, 0), *o;
    gir_node n;
    if (v || !r->parent || !name.n) return v;
    if (!(o = gir__ox_lookup(r->parent, name)) || !o->n.id) return o;
    n = gir__ox_bring(r, o, name);
    if (!n.id) return NULL;
    gir__oxr_put(r, name, n, o->t);
    return gir__ox_slot(&r->map, name, 0);
}
static int gir__ox_node_inputs(gir__oxrun *r, const gir__ox_node *nd, gir__oxn *c) {
    int j;
    for (j = 0; j < nd->n_in; ++j) {
        gir__oxval *slot = nd->in[j].n ? gir__ox_lookup(r, nd->in[j]) : NULL;
        if (nd->in[j].n && !slot) {
            gir__oxn_fail(c, GIR_ERR_INVALID_ARG, "input '%.*s' is not defined before the node (the nodes of an "
                         "ONNX graph are in topological order)", (int)nd->in[j].n, nd->in[j].p);
            return 0;
        }
        c->x[j] = slot ? slot->n : c->none;
        c->t[j] = slot ? slot->t : NULL;
    }
    c->n_x = nd->n_in;
    return 1;
}
/* after a line: every attribute read, no output past the first asked for, no graph error */
static void gir__ox_node_check(gir__oxn *c) {
    int j;
    if (c->st == GIR_OK && gir_graph_status(c->g) != GIR_OK)
        gir__oxn_fail(c, gir_graph_status(c->g), "%s", gir_graph_message(c->g));
    for (j = 0; j < c->nd->n_attr; ++j)
        if (!((c->used >> j) & 1u))
            gir__oxn_fail(c, GIR_ERR_UNSUPPORTED, "attribute '%.*s' is not supported", (int)c->nd->attr[j].name.n,
                         c->nd->attr[j].name.p);
    for (j = 1; j < c->nd->n_out; ++j)
        if (c->nd->out[j].n && (j >= GIR__OX_MAX_OUT || !c->y[j].id))
            gir__oxn_fail(c, GIR_ERR_UNSUPPORTED, "output %d ('%.*s') is not supported", j, (int)c->nd->out[j].n,
                         c->nd->out[j].p);
}
static void gir__oxr_node(gir__oxrun *r, int k) {
    const gir__ox_node *nd = &r->m->node[k];
    const gir__oxline *line = NULL;
    gir__oxn c;
    gir_node y = {0, 0};
    int j;
    GIR_MEMSET(&c, 0, sizeof c);
    c.g = r->g; c.nd = nd; c.k = k;
    c.run = r; c.sub = r->build_sub; c.opset = r->m->opset;
    if (nd->domain.n && !gir__ox_str_is(nd->domain, "ai.onnx") && !gir__ox_str_is(nd->domain, "ai.onnx.preview.training"))
        gir__oxn_fail(&c, GIR_ERR_UNSUPPORTED, "domain '%.*s' is not supported", (int)nd->domain.n, nd->domain.p);
    else if (r->m->opset < 1 && (!nd->domain.n || gir__ox_str_is(nd->domain, "ai.onnx")))
        gir__oxn_fail(&c, GIR_ERR_INVALID_ARG, "the model imports no opset of the ONNX domain (opset_import)");
    else if (!(line = gir__ox_line(nd->op_type, r->m->opset < 1 ? 1 : r->m->opset)))
        gir__oxn_fail(&c, GIR_ERR_UNSUPPORTED, "op type not supported at opset %l", (long long)r->m->opset);
    else if (nd->n_in > GIR__OX_MAX_IN || nd->n_attr > 32 || nd->n_out < 1)
        gir__oxn_fail(&c, GIR_ERR_UNSUPPORTED, "%d inputs, %d outputs, %d attributes", nd->n_in, nd->n_out,
                     nd->n_attr);
    if (line && c.st == GIR_OK && gir__ox_node_inputs(r, nd, &c)) {
        y = line->fn(&c);
        if (c.identity) y = c.x[0];
        gir__ox_node_check(&c);
        if (c.st == GIR_OK && !y.id && !c.y_t) gir__oxn_fail(&c, GIR_ERR_INVALID_ARG, "no output was built");
    }
    if (c.st != GIR_OK) {
        gir__ox_rfail(r, c.st, "node %d '%.*s' (%.*s): %s", k, (int)nd->name.n, nd->name.p, (int)nd->op_type.n,
                      nd->op_type.p, c.msg);
        return;
    }
    gir__oxr_put(r, nd->out[0], y, c.y_t);
    for (j = 1; j < nd->n_out && j < GIR__OX_MAX_OUT; ++j)
        if (nd->out[j].n) gir__oxr_put(r, nd->out[j], c.y[j], NULL);
}
static void gir__ox_outputs(gir__oxrun *r, int max_out, gir_node *outs, int *n_out) {
    int j;
    for (j = 0; j < r->m->n_output && r->st == GIR_OK; ++j) {
        const gir__ox_value *v = &r->m->output[j];
        gir__oxval *slot = gir__ox_slot(&r->map, v->name, 0);
        if (!slot || !slot->n.id) {
            gir__ox_rfail(r, GIR_ERR_INVALID_ARG, "output '%.*s' is not computed by any node", (int)v->name.n,
                          v->name.p);
            return;
        }
        gir__ox_name(r->g, slot->n, v->name);
        if (j < max_out) outs[j] = slot->n;
    }
    if (n_out && r->st == GIR_OK) *n_out = r->m->n_output;
}
/* the table of names for the values of r's graph (and, in a subgraph, the outer values it reads); its bytes */
static size_t gir__ox_map_new(gir__oxrun *r) {
    int j;
    uint64_t want = 2 + GIR__OX_SUB_MAX;
    size_t bytes;
    for (j = 0; j < r->m->n_node; ++j) want += (uint64_t)r->m->node[j].n_out;
    want += (uint64_t)r->m->n_init + (uint64_t)r->m->n_input;
    for (r->map.cap = 16; r->map.cap < 2 * want && r->map.cap < (1u << 30); r->map.cap *= 2) {}
    bytes = (size_t)r->map.cap * (sizeof(gir__ox_str) + sizeof(gir__oxval));
    r->map.key = (gir__ox_str *)gir__alloc(&r->g->a, bytes);
    if (!r->map.key) {
        gir__ox_rfail(r, GIR_ERR_OUT_OF_MEMORY, "%z bytes for the names of the model's values", bytes);
        return 0;
    }
    GIR_MEMSET(r->map.key, 0, bytes);
    r->map.val = (gir__oxval *)(void *)(r->map.key + r->map.cap);
    return bytes;
}
static void gir__ox_build(gir__oxrun *r, int max_out, gir_node *outs, int *n_out) {
    int j;
    size_t bytes = gir__ox_map_new(r);
    if (!bytes) return;
    gir__ox_inits(r);
    gir__ox_inputs(r);
    for (j = 0; j < r->m->n_node && r->st == GIR_OK; ++j) gir__oxr_node(r, j);
    gir__ox_outputs(r, max_out, outs, n_out);
    gir__free(&r->g->a, r->map.key, bytes);
}
/* a subgraph's inputs bound as s says: parameters, or (konst) the b8 constant true */
static void gir__ox_sub_inputs(gir__oxrun *r, gir__oxsub *s) {
    int j;
    for (j = 0; j < s->n_in && r->st == GIR_OK; ++j) {
        const gir__ox_value *v = &r->m->input[j];
        int dt = v->type ? gir__ox_dtype(v->type) : (int)s->dt[j];
        gir_node n;
        if (dt != (int)s->dt[j]) {
            gir__ox_rfail(r, GIR_ERR_INVALID_ARG, "input %d '%.*s' is ONNX dtype %d, the node gives it %T", j,
                          (int)v->name.n, v->name.p, (int)v->type, (int)s->dt[j]);
            return;
        }
        if ((s->konst >> j) & 1u) n = gir_scalar(r->g, GIR_DTYPE_B8, 1);
        else n = gir_input(r->g, s->dt[j], s->shape[j]);
        gir__ox_name(r->g, n, v->name);
        s->in[j] = n;
        gir__oxr_put(r, v->name, n, NULL);
    }
}
static void gir__ox_sub_outputs(gir__oxrun *r, gir__oxsub *s) {
    int j;
    if (r->m->n_output > GIR__OX_SUB_MAX)
        gir__ox_rfail(r, GIR_ERR_LIMIT, "%d outputs, at most %d", r->m->n_output, GIR__OX_SUB_MAX);
    for (j = 0; j < r->m->n_output && r->st == GIR_OK; ++j) {
        gir__oxval *v = gir__ox_lookup(r, r->m->output[j].name);
        if (!v || !v->n.id) {
            gir__ox_rfail(r, GIR_ERR_INVALID_ARG, "output '%.*s' is not computed by any node",
                          (int)r->m->output[j].name.n, r->m->output[j].name.p);
            return;
        }
        s->out[j] = v->n;
    }
    s->n_out = r->m->n_output;
}
/* c's subgraph attribute s->attr built in a graph of its own on c's allocator (s->body, set after an error too):
   its inputs bound as s says, its nodes by their lines, its outputs in s->out; 0 after an error (in c) */
static int gir__ox_sub_build(gir__oxn *c, gir__oxsub *s) {
    gir__oxrun *parent = (gir__oxrun *)c->run, r;
    const gir__ox_attr *a = gir__ox_attr_find(c, s->attr);
    gir_onnx_desc desc;
    gir_graph_desc gd;
    gir__ox_model m;
    size_t bytes;
    int j;
    GIR_MEMCPY(&desc, parent->desc, sizeof desc);
    s->body = NULL;
    s->n_out = s->n_cap = 0;
    if (!a || a->type != 5 || !a->g || parent->depth >= 8) {
        gir__oxn_fail(c, !a ? GIR_ERR_INVALID_ARG : a->type != 5 || !a->g ? GIR_ERR_ATTR : GIR_ERR_LIMIT, "attribute "
                      "'%s' %s", s->attr, !a ? "is missing" : a->type != 5 || !a->g ? "is not a graph" :
                      "is a subgraph nested 8 deep in others");
        return 0;
    }
    GIR_MEMSET(&r, 0, sizeof r);
    GIR_MEMSET(&gd, 0, sizeof gd);
    gd.allocator = c->g->a;
    desc.variables = 0;                 /* a body reads no variable: its initializers are constants */
    desc.n_known = 0;
    r.desc = &desc; r.parent = parent; r.sub = s; r.depth = parent->depth + 1; r.build_sub = parent->build_sub;
    if ((r.st = gir__ox_decode_graph(&m, a->g, a->g_n, &c->g->a, r.msg, sizeof r.msg)) != GIR_OK) {
        gir__oxn_fail(c, r.st, "%s: %s", s->attr, r.msg);
        return 0;
    }
    m.opset = parent->m->opset;
    r.m = &m;
    if (!(s->body = r.g = gir_graph_new(&gd))) gir__ox_rfail(&r, GIR_ERR_OUT_OF_MEMORY, "out of memory: a new graph");
    else if (m.n_input != s->n_in)
        gir__ox_rfail(&r, GIR_ERR_INVALID_ARG, "the body has %d inputs, the node gives it %d", m.n_input, s->n_in);
    else if ((bytes = gir__ox_map_new(&r)) != 0) {
        gir__ox_inits(&r);
        gir__ox_sub_inputs(&r, s);
        for (j = 0; j < m.n_node && r.st == GIR_OK; ++j) gir__oxr_node(&r, j);
        if (r.st == GIR_OK) gir__ox_sub_outputs(&r, s);
        gir__free(&r.g->a, r.map.key, bytes);
    }
    gir__ox_free(&m, &c->g->a);
    if (r.st != GIR_OK) gir__oxn_fail(c, r.st, "%s: %s", s->attr, r.msg);
    return r.st == GIR_OK;
}
GIR_API gir_status gir_onnx_import(const void *data, size_t size, const gir_onnx_desc *desc, gir_graph **out,
                                   int max_out, gir_node *outs, int *n_out, char *msg, size_t msgcap) {
    static gir_onnx_desc zero_desc;
    gir__oxrun r;
    gir__ox_model m;
    gir_allocator a;
    GIR_MEMSET(&r, 0, sizeof r);
    if (msg && msgcap) msg[0] = 0;
    if (n_out) *n_out = 0;
    if (out) *out = NULL;
    r.desc = desc ? desc : &zero_desc;
    r.build_sub = gir__ox_sub_build;
    a = gir__allocator_or_default(&r.desc->graph.allocator);
    if (!out || !data || max_out < 0 || (max_out > 0 && !outs) || (r.desc->n_dims > 0 &&
        (!r.desc->dim_names || !r.desc->dim_values)) || (r.desc->n_known > 0 && (!r.desc->known_names ||
        !r.desc->known_values || !r.desc->known_counts)))
        gir__ox_rfail(&r, GIR_ERR_INVALID_ARG, !out ? "out is NULL" : !data ? "the data is NULL"
                      : max_out < 0 || (max_out > 0 && !outs) ? "bad output array"
                      : "n_dims or n_known without their names, values or counts");
    else if ((r.st = gir__ox_decode(&m, data, size, &a, r.msg, sizeof r.msg)) == GIR_OK) {
        r.m = &m;
        if (!(r.g = gir_graph_new(&r.desc->graph)))
            gir__ox_rfail(&r, GIR_ERR_OUT_OF_MEMORY, "out of memory: a new graph");
        else gir__ox_build(&r, max_out, outs, n_out);
        gir__ox_free(&m, &a);
    }
    if (r.st != GIR_OK) {
        if (r.g) gir_graph_free(r.g);
        if (n_out) *n_out = 0;
        if (msg && msgcap) gir__format(msg, msgcap, "%s", r.msg);
        return r.st;
    }
    *out = r.g;
    return GIR_OK;
}
#ifndef GIR_NO_STDIO
GIR_API gir_status gir_onnx_import_file(const char *path, const gir_onnx_desc *desc, gir_graph **out, int max_out,
                                        gir_node *outs, int *n_out, char *msg, size_t msgcap) {
    gir_allocator a = gir__allocator_or_default(desc ? &desc->graph.allocator : NULL);
    size_t size = 0;
    void *data = NULL;
    gir_status st;
    FILE *f = path ? fopen(path, "rb") : NULL;
    if (out) *out = NULL;
    if (f && fseek(f, 0, SEEK_END) == 0) {
        long n = ftell(f);
        if (n >= 0 && fseek(f, 0, SEEK_SET) == 0) size = (size_t)n;
        data = gir__alloc(&a, size ? size : 1);
        if (data && size && fread(data, 1, size, f) != size) { gir__free(&a, data, size); data = NULL; }
    }
    if (f) fclose(f);
    if (!data) {
        if (msg && msgcap) gir__format(msg, msgcap, "cannot read '%s'", path ? path : "(null)");
        return f ? GIR_ERR_OUT_OF_MEMORY : GIR_ERR_INVALID_ARG;
    }
    st = gir_onnx_import(data, size, desc, out, max_out, outs, n_out, msg, msgcap);
    gir__free(&a, data, size ? size : 1);
    return st;
}
#endif
#endif /* GIR_NO_ONNX */
