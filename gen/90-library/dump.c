/* >>dump: Graphviz DOT of a graph (each function body it reaches a cluster) and its plan, a text dump of a plan, and
   the text dump of a graph (gir_graph_dump).
   Everything but gir_graph_dump is written through one sink: a FILE (without GIR_NO_STDIO) or a caller's buffer,
   which keeps a NUL and counts the length of the whole text (snprintf's contract), so firmware can dump without
   stdio. gir_graph_dump writes to a FILE only. All of it is cold code (COLD_FRAGMENTS). */
typedef struct gir__out {
    char  *p;
    size_t cap, len;
    void  *f;           /* a FILE *, or NULL: write into p */
} gir__out;
static void gir__out_n(gir__out *o, const char *s, size_t n) {
#ifndef GIR_NO_STDIO
    if (o->f) { fwrite(s, 1, n, (FILE *)o->f); o->len += n; return; }
#endif
    if (o->cap) {
        size_t room = o->len < o->cap - 1 ? o->cap - 1 - o->len : 0, k = n < room ? n : room;
        if (k) GIR_MEMCPY(o->p + o->len, s, k);
        o->p[o->len + k < o->cap - 1 ? o->len + k : o->cap - 1] = 0;
    }
    o->len += n;
}
static void gir__out_s(gir__out *o, const char *s) {
    size_t n = 0;
    while (s[n]) ++n;
    gir__out_n(o, s, n);
}
/* gir__vformat's directives (%s %d %u %l %S %T %N); one piece is at most a few hundred characters */
static void gir__out_f(gir__out *o, const char *fmt, ...) {
    char t[512];
    gir__buf b;
    va_list ap;
    b.p = t; b.n = sizeof t; b.len = 0; t[0] = 0;
    va_start(ap, fmt);
    gir__vformat(&b, fmt, ap);
    va_end(ap);
    gir__out_n(o, t, b.len);
}
/* a string inside a DOT "..." string: quotes and backslashes escaped, control characters left out */
static void gir__out_dotstr(gir__out *o, const char *s) {
    for (; *s; ++s) {
        if (*s == '"' || *s == '\\') gir__out_n(o, "\\", 1);
        if ((unsigned char)*s >= 0x20) gir__out_n(o, s, 1);
    }
}

/* What the dumps read of a plan, all here (the plan's layout may change: only this block reads it). A value:
   the node it holds, its kind, arena offset and bytes, and its lifetime in step indices: first = the step that
   writes it (-1: an input or data, there before the run), last = the last step that reads it (-1: none reads it,
   an output). A step: the value (and node) it writes, its op, its fused group (0: none), and the values it reads
   (a fused group's: its members' inputs that are not inside the group). */
typedef struct gir__dval { uint32_t node; int kind; size_t off, bytes; long first, last; } gir__dval;
typedef struct gir__dstep { uint32_t val, node; int op; uint32_t group; } gir__dstep;
static uint32_t gir__plan_val_of(const gir_plan *p, uint32_t id) { return id < p->nmap ? p->map[id] : 0; }
static void gir__plan_step(const gir_plan *p, uint32_t k, gir__dstep *ds) {
    const gir__step *s = &p->steps[k];
    ds->val = s->val;
    ds->node = p->vals[s->val].node;
    ds->op = s->op;
    ds->group = p->fgroup ? p->fgroup[k] : 0;
}
static void gir__plan_val(const gir_plan *p, uint32_t v, gir__dval *dv) {
    const gir__val *x = &p->vals[v];
    uint32_t k, i, r;
    dv->node = x->node;
    dv->kind = x->kind;
    dv->off = x->off;
    dv->bytes = x->bytes;
    dv->first = dv->last = -1;
    for (k = 0; k < p->nsteps; ++k) {
        if (p->steps[k].val == v && dv->first < 0) dv->first = (long)k;
        for (i = 0; (r = gir__plan_step_read(p, k, i)) != (uint32_t)-1; ++i)
            if (r == v) dv->last = (long)k;
    }
}

static const char *const gir__ntype_names[] = {"const", "const_derived", "input", "input_nondiff", "input_derived"};
static const char *const gir__ntype_fill[] = {"#d9d9d9", "#eeeeee", "#9ecae1", "#fdd49e", "#c7e9c0"};
/* a node's DOT id: n<id> in the graph itself, c<k>_n<id> in cluster k (cl = k + 1), the body of some function */
static void gir__dot_id(gir__out *o, unsigned cl, uint32_t id) {
    if (cl) gir__out_f(o, "c%u_", cl - 1);
    gir__out_f(o, "n%u", (unsigned)id);
}
/* a function a node runs, in its label: 'name' (cluster k) */
static void gir__dot_fn(gir__out *o, const char *what, const gir_func *f, const gir__bodies *l) {
    size_t k = gir__body_index(l, f->body);
    gir__out_f(o, "\\n%s '", what);
    gir__out_dotstr(o, f->name);
    gir__out_s(o, "'");
    if (k < l->n) gir__out_f(o, " (cluster %u)", (unsigned)k);
}
/* the label lines of a call, if, scan or while: the functions it runs; a scan's steps, carries and checkpoint */
static void gir__dot_tuple(gir__out *o, const gir_graph *g, const gir__node *d, const gir__bodies *l) {
    gir_attr ta;
    const gir_attr *a = gir__attr_load(g, d, &ta);
    int two = gir__op_is(d->op, GIR__F_BRANCH | GIR__F_UNTIL);
    if (a->i[0] < 0 || (uint32_t)a->i[0] >= g->ncallees || (two && (a->i[1] < 0 || (uint32_t)a->i[1] >= g->ncallees)))
        return;
    if (gir__op_is(d->op, GIR__F_BRANCH)) {
        gir__dot_fn(o, "then", g->callees[a->i[0]], l);
        gir__dot_fn(o, "else", g->callees[a->i[1]], l);
    } else if (gir__op_is(d->op, GIR__F_UNTIL)) {
        gir__dot_fn(o, "body", g->callees[a->i[0]], l);
        gir__dot_fn(o, "while", g->callees[a->i[1]], l);
    } else if (gir__op_is(d->op, GIR__F_LOOP)) {
        gir__dot_fn(o, "scan", g->callees[a->i[0]], l);
        gir__out_f(o, "\\nlength %d%s, carries %d, per-step inputs %d", (int)a->i[1], a->i[4] ? " reverse" : "",
                   (int)a->i[2], (int)a->i[3]);
        if (a->f[0] >= 1) gir__out_f(o, "\\ncheckpoint every %d steps", (int)a->f[0]);
        else if (a->f[0] == GIR_SCAN_CHECKPOINT_AUTO) gir__out_s(o, "\\ncheckpoint from the sizes (auto)");
        else gir__out_s(o, "\\ncheckpoint every step");
    } else gir__dot_fn(o, "calls", g->callees[a->i[0]], l);
}
static void gir__dot_node(gir__out *o, const gir_graph *g, const gir_plan *p, uint32_t id, unsigned cl,
                          const gir__bodies *l) {
    const gir__node *d = &g->nodes[id];
    uint32_t v = p ? gir__plan_val_of(p, id) : 0;
    gir__out_s(o, cl ? "    " : "  ");
    gir__dot_id(o, cl, id);
    gir__out_f(o, " [label=\"%%%u %s", (unsigned)id, gir__op_names[d->op]);
    if (d->name) {
        gir__out_s(o, " '");
        gir__out_dotstr(o, gir__name_at(g, d->name));
        gir__out_s(o, "'");
    }
    gir__out_f(o, "\\n%T%S\\n%s", (int)d->dtype, gir__nshape(g, d), d->ntype < 5 ? gir__ntype_names[d->ntype] : "?");
    if (gir__op_is(d->op, GIR__F_TUPLE)) gir__dot_tuple(o, g, d, l);
    if (v) {
        gir__dval dv;
        gir__plan_val(p, v - 1, &dv);
        if (dv.kind == GIR__VAL_TEMP) {
            gir__out_f(o, "\\nstep %l  off %l  %l B  live %l..", (long long)dv.first, (long long)dv.off,
                       (long long)dv.bytes, (long long)dv.first);
            if (dv.last >= 0) gir__out_f(o, "%l", (long long)dv.last);
            else gir__out_s(o, "end");
        } else if (dv.kind == GIR__VAL_FUSED) {
            gir__out_f(o, "\\nfused: no buffer  %l B", (long long)dv.bytes);
        } else if (dv.kind == GIR__VAL_VIEW) {
            gir__out_f(o, "\\nin its call's value  %l B", (long long)dv.bytes);
        } else if (dv.kind == GIR__VAL_INVAR) {
            gir__out_f(o, "\\nin variable %%%u  %l B", (unsigned)p->vals[dv.off].node, (long long)dv.bytes);
        } else {
            gir__out_f(o, "\\n%s  %l B  read until ", dv.kind == GIR__VAL_INPUT ? "input" : "data", (long long)dv.bytes);
            if (dv.last >= 0) gir__out_f(o, "%l", (long long)dv.last);
            else gir__out_s(o, "end");
        }
    }
    gir__out_f(o, "\", style=\"filled%s\", fillcolor=\"%s\"];\n", p && !v ? ",dotted" : "",
               d->ntype < 5 ? gir__ntype_fill[d->ntype] : "white");
}
/* the nodes and edges of g (cl = 0) or of cluster cl - 1's body */
static void gir__dot_nodes(gir__out *o, const gir_graph *g, const gir_plan *p, unsigned cl, const gir__bodies *l) {
    uint32_t id, j;
    for (id = 1; id < g->nnodes; ++id) gir__dot_node(o, g, p, id, cl, l);
    for (id = 1; id < g->nnodes; ++id) {
        const gir__node *d = &g->nodes[id];
        for (j = 0; j < d->nin; ++j) {
            gir__out_s(o, cl ? "    " : "  ");
            gir__dot_id(o, cl, g->ins[d->in0 + j]);
            gir__out_s(o, " -> ");
            gir__dot_id(o, cl, id);
            gir__out_s(o, j < d->nparents ? ";\n" : " [style=dashed];\n");
        }
    }
}
/* a dotted edge from each call, if, scan and while node of g (cl as gir__dot_nodes) to the cluster of each
   function it runs, ending at the function's first parameter; drawn outside every cluster */
static void gir__dot_call_edges(gir__out *o, const gir_graph *g, unsigned cl, const gir__bodies *l) {
    uint32_t id;
    int k;
    for (id = 1; id < g->nnodes; ++id) {
        const gir__node *d = &g->nodes[id];
        gir_attr ta;
        const gir_attr *a;
        if (!gir__op_is(d->op, GIR__F_TUPLE)) continue;
        a = gir__attr_load(g, d, &ta);
        for (k = 0; k < (gir__op_is(d->op, GIR__F_BRANCH | GIR__F_UNTIL) ? 2 : 1); ++k) {
            const gir_func *f;
            size_t c;
            if (a->i[k] < 0 || (uint32_t)a->i[k] >= g->ncallees) continue;
            f = g->callees[a->i[k]];
            if ((c = gir__body_index(l, f->body)) >= l->n) continue;
            gir__out_s(o, "  ");
            gir__dot_id(o, cl, id);
            gir__out_s(o, " -> ");
            gir__dot_id(o, (unsigned)c + 1, f->params[0]);
            gir__out_f(o, " [lhead=cluster_%u, style=dotted];\n", (unsigned)c);
        }
    }
}
/* each function's body as a cluster (the bodies a file of the graph would hold, in that order), labelled with
   its number and the names of its functions, oldest first */
static void gir__dot_clusters(gir__out *o, const gir__bodies *l) {
    size_t k;
    uint32_t j;
    for (k = 0; k < l->n; ++k) {
        const gir_graph *b = l->b[k].g;
        const gir_func *f;
        gir__out_f(o, "  subgraph cluster_%u {\n    label=\"cluster %u: ", (unsigned)k, (unsigned)k);
        for (j = 0; (f = gir__func_at(b, j)) != NULL; ++j) {
            if (j) gir__out_s(o, ", ");
            gir__out_dotstr(o, f->name);
        }
        gir__out_s(o, "\";\n    style=rounded;\n");
        gir__dot_nodes(o, b, NULL, (unsigned)k + 1, l);
        gir__out_s(o, "  }\n");
    }
    for (k = 0; k < l->n; ++k) gir__dot_call_edges(o, l->b[k].g, (unsigned)k + 1, l);
}
static size_t gir__dump_dot_to(const gir_graph *g, const gir_plan *p, gir__out *o) {
    gir__bodies l;
    if (!g) return 0;
    if (p && p->g != g) p = NULL;                 /* a plan of another graph: the graph alone */
    GIR_MEMSET(&l, 0, sizeof l);
    if (g->ncallees && gir__bodies_add(&g->a, &l, g, 0) != 0) gir__bodies_free(&g->a, &l);   /* no clusters */
    gir__out_s(o, "digraph gir {\n  node [shape=box, fontname=\"monospace\"];\n");
    if (l.n) gir__out_s(o, "  compound=true;\n");
    if (p) gir__out_f(o, "  label=\"plan: %u steps, arena %l bytes\";\n", (unsigned)p->nsteps, (long long)p->arena_bytes);
    gir__dot_nodes(o, g, p, 0, &l);
    gir__dot_clusters(o, &l);
    gir__dot_call_edges(o, g, 0, &l);
    gir__out_s(o, "}\n");
    gir__bodies_free(&g->a, &l);
    return o->len;
}
/* one step of a plan dump: index, op, node, type, where its value lies, its fused group, traffic and reads */
static void gir__plan_dump_step(const gir_plan *p, uint32_t k, gir__out *o) {
    uint32_t j, r;
    uint64_t rd, wr;
    gir__dstep ds;
    gir__dval dv;
    const gir__node *d;
    gir__plan_step(p, k, &ds);
    gir__plan_val(p, ds.val, &dv);
    d = &p->g->nodes[ds.node];
    gir__out_f(o, "%u  %s  %%%u", (unsigned)k, gir__op_names[ds.op], (unsigned)ds.node);
    if (d->name) gir__out_f(o, " '%s'", gir__name_at(p->g, d->name));
    gir__out_f(o, "  %T%S", (int)d->dtype, gir__nshape(p->g, d));
    if (dv.kind == GIR__VAL_TEMP) gir__out_f(o, "  off %l  bytes %l", (long long)dv.off, (long long)dv.bytes);
    else if (dv.kind == GIR__VAL_INVAR)
        gir__out_f(o, "  in %%%u  bytes %l", (unsigned)p->vals[dv.off].node, (long long)dv.bytes);
    else if (dv.kind == GIR__VAL_VIEW) gir__out_f(o, "  in its call's value  bytes %l", (long long)dv.bytes);
    else gir__out_f(o, "  fused  bytes %l", (long long)dv.bytes);
    if (ds.group) gir__out_f(o, "  group %u", (unsigned)(ds.group - 1));
    gir__step_traffic(p, k, &rd, &wr);
    gir__out_f(o, "  rd %l wr %l", (long long)rd, (long long)wr);
    gir__out_s(o, "  reads");
    for (j = 0; (r = gir__plan_step_read(p, k, j)) != (uint32_t)-1; ++j) {
        gir__dval iv;
        gir__plan_val(p, r, &iv);
        gir__out_f(o, " %%%u", (unsigned)iv.node);
    }
    gir__out_s(o, "\n");
}
/* a plan, then after each call step the plan of each function it runs (an if's then and else, a while's body and
   condition), each line of it indented by two spaces more and headed by the function's name */
static void gir__plan_dump_at(const gir_plan *p, gir__out *o, int depth) {
    uint32_t k, c;
    gir_plan_stats st = gir_plan_query_stats(p);
    gir__out_f(o, "plan: %u steps, %u values, arena %l bytes; a run reads %l bytes and writes %l\n",
               (unsigned)p->nsteps, (unsigned)p->nvals, (long long)p->arena_bytes, (long long)st.bytes_read,
               (long long)st.bytes_written);
    for (k = 0; k < p->nsteps; ++k) {
        gir__dstep ds;
        gir__plan_step(p, k, &ds);
        gir__out_n(o, "                                ", (size_t)(2 * depth));
        gir__plan_dump_step(p, k, o);
        for (c = 0; c < p->ncalls; ++c) {
            if (p->calls[c].node != ds.node || !p->calls[c].plan) continue;
            gir__out_n(o, "                                ", (size_t)(2 * depth + 2));
            gir__out_f(o, "%s ", p->calls[c].f && p->calls[c].f->name[0] ? p->calls[c].f->name : "(function)");
            gir__plan_dump_at(p->calls[c].plan, o, depth + 1);
        }
    }
}
static size_t gir__plan_dump_to(const gir_plan *p, gir__out *o) {
    if (!p || !p->g) return 0;
    gir__plan_dump_at(p, o, 0);
    return o->len;
}
GIR_API size_t gir_graph_dump_dot_buf(const gir_graph *g, const gir_plan *p, char *buf, size_t cap) {
    gir__out o;
    o.p = buf; o.cap = buf ? cap : 0; o.len = 0; o.f = NULL;
    if (o.cap) buf[0] = 0;
    return gir__dump_dot_to(g, p, &o);
}
GIR_API size_t gir_plan_dump_buf(const gir_plan *p, char *buf, size_t cap) {
    gir__out o;
    o.p = buf; o.cap = buf ? cap : 0; o.len = 0; o.f = NULL;
    if (o.cap) buf[0] = 0;
    return gir__plan_dump_to(p, &o);
}
#ifndef GIR_NO_STDIO
GIR_API void gir_graph_dump_dot(const gir_graph *g, const gir_plan *p, FILE *f) {
    gir__out o;
    if (!f) return;
    o.p = NULL; o.cap = 0; o.len = 0; o.f = f;
    gir__dump_dot_to(g, p, &o);
}
GIR_API void gir_plan_dump(const gir_plan *p, FILE *f) {
    gir__out o;
    if (!f) return;
    o.p = NULL; o.cap = 0; o.len = 0; o.f = f;
    gir__plan_dump_to(p, &o);
}
#endif

#ifndef GIR_NO_STDIO
/* one attribute's value: kind is the spec's "f", "i", "l", "sh", "dt" or "se"; k its index among its kind */
static void gir__dump_attr1(const gir_attr *a, const char *kind, int k, char *out, size_t cap) {
    gir_shape l;
    int m;
    if (kind[0] == 'f') gir__format(out, cap, "%g", a->f[k]);
    else if (kind[0] == 'i') gir__format(out, cap, "%d", a->i[k]);
    else if (kind[0] == 'l') {                    /* an int list, printed as a shape is */
        l.rank = a->l[k].n < GIR_MAX_RANK ? a->l[k].n : GIR_MAX_RANK;
        for (m = 0; m < l.rank; ++m) l.dim[m] = a->l[k].v[m];
        gir__format(out, cap, "%S", &l);
    } else if (kind[1] == 'h') gir__format(out, cap, "%S", &a->shape);
    else if (kind[1] == 't') gir__format(out, cap, "%T", (int)a->dtype);
    else gir__format(out, cap, "%l", (long long)a->seed);
}
/* the attributes of node d as " {name=value, ...}" from its row's spec (gir_op_attr_spec), "" for none */
static void gir__dump_attrs(const gir_graph *g, const gir__node *d, char *out, size_t cap) {
    const char *s = gir__op_info(d->op)->attrs;
    gir_attr ta;
    const gir_attr *a = gir__attr_load(g, d, &ta);
    size_t at = 0;
    int count[3] = {0, 0, 0};                     /* f, i, l entries seen */
    out[0] = 0;
    while (s && *s && at + 8 < cap) {
        const char *colon = s, *e;
        int slot = s[0] == 'f' ? 0 : s[0] == 'i' ? 1 : s[0] == 'l' ? 2 : -1;
        while (*colon && *colon != ':') ++colon;
        for (e = colon; *e && *e != ','; ++e) {}
        if (!*colon) break;
        gir__format(out + at, cap - at, "%s%.*s=", at ? ", " : " {", (int)(e - colon - 1), colon + 1);
        while (out[at]) ++at;
        gir__dump_attr1(a, s, slot >= 0 ? count[slot]++ : 0, out + at, cap - at);
        while (out[at]) ++at;
        s = *e ? e + 1 : e;
    }
    if (at && at + 1 < cap) gir__format(out + at, cap - at, "}");
}
GIR_API void gir_graph_dump(const gir_graph *g, FILE *f) {
    size_t k;
    static const char *const nt[] = {"const", "const_derived", "input", "input_nondiff", "input_derived"};
    if (!g || !f) return;
    for (k = 1; k < g->nnodes; ++k) {
        const gir__node *d = &g->nodes[k];
        char sh[96], at[256];
        uint32_t j;
        gir__format(sh, sizeof sh, "%S", gir__nshape(g, d));
        gir__dump_attrs(g, d, at, sizeof at);
        fprintf(f, "%%%u = %s(", (unsigned)k, gir__op_names[d->op]);
        for (j = 0; j < d->nin; ++j)
            fprintf(f, "%s%s%%%u", j ? ", " : "", j >= d->nparents ? "@" : "", (unsigned)g->ins[d->in0 + j]);
        fprintf(f, ")%s : %s%s  %s  level %d%s%s%s\n", at, gir__dtype_names[d->dtype], sh, nt[d->ntype], d->grad_level,
                d->name ? "  '" : "", d->name ? gir__name_at(g, d->name) : "", d->name ? "'" : "");
    }
}
#endif
