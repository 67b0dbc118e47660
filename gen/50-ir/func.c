/* >>func: functions (a body graph with parameters and results) and the call and result nodes that call them ----- */

/* the nodes of body that ids[0..n) are: own handles, else the error (fn, what[k]) recorded in body */
static gir_status gir__func_nodes(gir_graph *body, const char *what, int n, const gir_node *ids, uint32_t *out) {
    int k, kind;
    for (k = 0; k < n; ++k) {
        if ((kind = gir__handle_kind(body, ids[k])) != GIR__H_OWN) {
            gir__gfail(body, GIR_ERR_HANDLE, "func_new: %s[%d] (id %u) %s", what, k, (unsigned)ids[k].id,
                       gir__handle_why(kind));
            return GIR_ERR_HANDLE;
        }
        out[k] = ids[k].id;
    }
    return GIR_OK;
}
/* the parameters are distinct inputs of the body */
static gir_status gir__func_params_ok(gir_graph *body, int np, const uint32_t *par) {
    int k, j;
    for (k = 0; k < np; ++k) {
        const gir__node *d = &body->nodes[par[k]];
        if (!gir__op_is(d->op, GIR__F_LEAF_IN)) {
            gir__gfail(body, GIR_ERR_INVALID_ARG, "func_new: params[%d] %N (%s) is not an input of the body", k,
                       (const gir_graph *)body, (unsigned)par[k], gir__op_names[d->op]);
            return GIR_ERR_INVALID_ARG;
        }
        for (j = 0; j < k; ++j)
            if (par[j] == par[k]) {
                gir__gfail(body, GIR_ERR_INVALID_ARG, "func_new: params[%d] and params[%d] are both %N", j, k,
                           (const gir_graph *)body, (unsigned)par[k]);
                return GIR_ERR_INVALID_ARG;
            }
    }
    return GIR_OK;
}
/* what the results read: no input but the parameters, no variable, no write (a function has no state) */
static gir_status gir__func_reads_ok(gir_graph *body, int np, const uint32_t *par, int nr, const uint32_t *res) {
    uint32_t top = 0, id, j;
    uint8_t *seen;
    int k;
    gir_status st = GIR_OK;
    for (k = 0; k < nr; ++k) top = res[k] > top ? res[k] : top;
    if (!(seen = (uint8_t *)gir__alloc(&body->a, (size_t)top + 1))) {
        gir__gfail(body, GIR_ERR_OUT_OF_MEMORY, "func_new: out of memory");
        return GIR_ERR_OUT_OF_MEMORY;
    }
    GIR_MEMSET(seen, 0, (size_t)top + 1);
    for (k = 0; k < nr; ++k) seen[res[k]] = 1;
    for (k = 0; k < np; ++k) if (par[k] <= top) seen[par[k]] = 2;     /* a parameter: read, not walked */
    for (id = top; id >= 1 && st == GIR_OK; --id) {
        const gir__node *d = &body->nodes[id];
        const char *why = NULL;
        if (seen[id] != 1) continue;
        if (gir__op_is(d->op, GIR__F_LEAF_IN)) why = "an input that is not a parameter";
        else if (gir__op_is(d->op, GIR__F_LEAF_VAR)) why = "a variable (pass its value as a parameter)";
        else if (gir__op_is(d->op, GIR__F_WRITES)) why = "a write into a variable";
        if (why) {
            gir__gfail(body, GIR_ERR_INVALID_ARG, "func_new: the results read %N (%s), %s: a function has no "
                       "state", (const gir_graph *)body, (unsigned)id, gir__op_names[d->op], why);
            st = GIR_ERR_INVALID_ARG;
        }
        for (j = 0; j < d->nin; ++j)
            if (!seen[body->ins[d->in0 + j]]) seen[body->ins[d->in0 + j]] = 1;
    }
    gir__free(&body->a, seen, (size_t)top + 1);
    return st;
}
GIR_API gir_func *gir_func_new(gir_graph *body, const char *name, int n_params, const gir_node *params,
                               int n_results, const gir_node *results) {
    gir_func *f;
    uint32_t *ids;
    if (!body || body->status != GIR_OK) return NULL;
    if (n_params < 1 || n_params > GIR__MAX_IN || n_results < 1 || !params || !results) {
        gir__gfail(body, GIR_ERR_INVALID_ARG, "func_new: needs 1 to %d parameters, at least one result and their "
                   "arrays (got %d and %d)", GIR__MAX_IN, n_params, n_results);
        return NULL;
    }
    f = (gir_func *)gir__alloc(&body->a, sizeof *f);
    ids = (uint32_t *)gir__alloc(&body->a, (size_t)(n_params + n_results) * sizeof(uint32_t));
    if (!f || !ids) {
        gir__free(&body->a, f, sizeof *f);
        gir__free(&body->a, ids, (size_t)(n_params + n_results) * sizeof(uint32_t));
        gir__gfail(body, GIR_ERR_OUT_OF_MEMORY, "func_new: out of memory");
        return NULL;
    }
    if (gir__func_nodes(body, "params", n_params, params, ids) != GIR_OK ||
        gir__func_nodes(body, "results", n_results, results, ids + n_params) != GIR_OK ||
        gir__func_params_ok(body, n_params, ids) != GIR_OK ||
        gir__func_reads_ok(body, n_params, ids, n_results, ids + n_params) != GIR_OK) {
        gir__free(&body->a, f, sizeof *f);
        gir__free(&body->a, ids, (size_t)(n_params + n_results) * sizeof(uint32_t));
        return NULL;
    }
    GIR_MEMSET(f, 0, sizeof *f);
    f->body = body;
    f->params = ids;
    f->results = ids + n_params;
    f->nparams = n_params;
    f->nresults = n_results;
    gir__format(f->name, sizeof f->name, "%s", name && name[0] ? name : "func");
    f->next = body->funcs;
    body->funcs = f;
    return f;
}
/* the bytes of one value of body node id (a parameter's or a result's) */
static size_t gir__fbytes(const gir_func *f, uint32_t id) {
    const gir__node *d = &f->body->nodes[id];
    return (size_t)gir__numel(gir__nshape(f->body, d)) * gir__dtype_sizes[d->dtype];
}
GIR_API gir_graph *gir_func_body(const gir_func *f) { return f ? f->body : NULL; }
GIR_API const char *gir_func_name(const gir_func *f) { return f ? f->name : ""; }

/* the longest chain of calls below a function's body that a graph may call (gir__calls_into refuses deeper) */
#define GIR__CALL_DEPTH 64
/* 1 when graph b calls a function whose body is g, directly or through the functions it calls */
static int gir__calls_into(const gir_graph *b, const gir_graph *g, int depth) {
    uint32_t k;
    if (b == g) return 1;
    if (depth > GIR__CALL_DEPTH) return 1;         /* deeper than any call chain a graph is built with: refused */
    for (k = 0; k < b->ncallees; ++k)
        if (gir__calls_into(b->callees[k]->body, g, depth + 1)) return 1;
    return 0;
}
/* The bodies of the functions a graph calls, directly or through others (a file lists them so,
   gen/90-library/io.c; gir_graph_dump_dot draws each as a cluster): each once, after every body it calls, with
   nest, the longest chain of calls below it (0: it calls nothing). Memory from the graph's allocator. */
typedef struct gir__body { const gir_graph *g; uint32_t nest; } gir__body;
typedef struct gir__bodies { gir__body *b; size_t n, cap; } gir__bodies;
/* the index of body b in the list, l->n when it is not there */
static size_t gir__body_index(const gir__bodies *l, const gir_graph *b) {
    size_t k;
    for (k = 0; k < l->n && l->b[k].g != b; ++k) {}
    return k;
}
/* adds the bodies x calls that the list does not have yet, each after those it calls; 0, or 1 out of memory, 2
   calls nested deeper than GIR__CALL_DEPTH below a body (depth: x's distance from the graph the listing began at) */
static int gir__bodies_add(const gir_allocator *a, gir__bodies *l, const gir_graph *x, int depth) {
    uint32_t k, j, nest;
    int st;
    for (k = 0; k < x->ncallees; ++k) {
        const gir_graph *b = x->callees[k]->body;
        if (gir__body_index(l, b) < l->n) continue;
        if (depth > GIR__CALL_DEPTH) return 2;
        if ((st = gir__bodies_add(a, l, b, depth + 1)) != 0) return st;
        for (j = 0, nest = 0; j < b->ncallees; ++j) {            /* the bodies b calls are listed by now */
            uint32_t m = l->b[gir__body_index(l, b->callees[j]->body)].nest + 1;
            nest = m > nest ? m : nest;
        }
        if (nest > GIR__CALL_DEPTH) return 2;
        if (gir__grow(a, (void **)&l->b, &l->cap, l->n + 1, sizeof *l->b)) return 1;
        l->b[l->n].g = b;
        l->b[l->n++].nest = nest;
    }
    return 0;
}
static void gir__bodies_free(const gir_allocator *a, gir__bodies *l) {
    gir__free(a, l->b, l->cap * sizeof *l->b);
    l->b = NULL;
    l->n = l->cap = 0;
}
/* the index of f among its body's functions, oldest first; the function of that index */
static uint32_t gir__func_index(const gir_func *f) {
    uint32_t k = 0;
    for (f = f->next; f; f = f->next) ++k;
    return k;
}
static const gir_func *gir__func_at(const gir_graph *b, uint32_t k) {
    const gir_func *f;
    uint32_t n = 0;
    for (f = b->funcs; f; f = f->next) ++n;
    if (k >= n) return NULL;
    for (f = b->funcs; n > k + 1; f = f->next) --n;
    return f;
}
/* the index of f in g's list of functions, added (and its body held) when new; -1 and the error in g */
static int gir__callee(gir_graph *g, gir_func *f) {
    uint32_t k;
    size_t cap = g->calleescap;
    for (k = 0; k < g->ncallees; ++k)
        if (g->callees[k] == f) return (int)k;
    if (gir__calls_into(f->body, g, 0)) {
        gir__gfail(g, GIR_ERR_INVALID_ARG, "call: '%s' is a function of this graph or calls into it: a call "
                   "cannot recurse", f->name);
        return -1;
    }
    if (gir__grow(&g->a, (void **)&g->callees, &cap, (size_t)g->ncallees + 1, sizeof(gir_func *))) {
        gir__gfail(g, GIR_ERR_OUT_OF_MEMORY, "call: out of memory");
        return -1;
    }
    g->calleescap = (uint32_t)cap;
    g->callees[g->ncallees] = f;
    ++f->body->plans;                              /* the body lives while a graph calls it */
    return (int)g->ncallees++;
}
/* a result node per result of f, built right after the tuple c (the sweep reads them so) */
static gir_status gir__tuple_results(gir_graph *g, gir_node c, const gir_func *f, gir_node *results) {
    int k;
    for (k = 0; c.id && k < f->nresults; ++k)
        if (!(results[k] = gir_result(g, c, k, (gir_dtype)f->body->nodes[f->results[k]].dtype)).id) break;
    if (g->status != GIR_OK)
        for (k = 0; k < f->nresults; ++k) results[k] = gir__handle(NULL, 0);
    return g->status;
}
/* the common checks of gir_func_call and gir_cond: results cleared, the graph usable, f given, room for its results */
static gir_status gir__tuple_args(gir_graph *g, const char *fn, const gir_func *f, int n_args, const gir_node *args,
                                  int n_results, gir_node *results) {
    int k;
    for (k = 0; results && k < n_results; ++k) results[k] = gir__handle(NULL, 0);
    if (g->status != GIR_OK) return g->status;
    if (!f || (n_args > 0 && !args) || n_args > GIR__MAX_IN - 1 || !results || n_results != f->nresults) {
        gir__gfail(g, GIR_ERR_INVALID_ARG, "%s: needs a function, its arguments (at most %d) and room for its %d "
                   "result(s) (got %d)", fn, GIR__MAX_IN - 1, f ? f->nresults : 0, n_results);
        return GIR_ERR_INVALID_ARG;
    }
    return GIR_OK;
}
GIR_API gir_status gir_func_call(gir_graph *g, gir_func *f, int n_args, const gir_node *args, int n_results,
                                 gir_node *results) {
    int fi;
    if (!g) return GIR_ERR_INVALID_ARG;
    if (gir__tuple_args(g, "call", f, n_args, args, n_results, results) != GIR_OK) return g->status;
    if ((fi = gir__callee(g, f)) < 0) return g->status;
    return gir__tuple_results(g, gir_call(g, n_args, args, fi, GIR_DTYPE_U8), f, results);
}
GIR_API gir_status gir_cond(gir_graph *g, gir_node pred, gir_func *then_f, gir_func *else_f, int n_args,
                            const gir_node *args, int n_results, gir_node *results) {
    gir_node ins[GIR__MAX_IN];
    int k, ti, ei;
    if (!g) return GIR_ERR_INVALID_ARG;
    if (gir__tuple_args(g, "cond", then_f, n_args, args, n_results, results) != GIR_OK) return g->status;
    if (!else_f) {
        gir__gfail(g, GIR_ERR_INVALID_ARG, "cond: needs two functions, else_f is NULL");
        return GIR_ERR_INVALID_ARG;
    }
    if ((ti = gir__callee(g, then_f)) < 0 || (ei = gir__callee(g, else_f)) < 0) return g->status;
    ins[0] = pred;
    for (k = 0; k < n_args; ++k) ins[k + 1] = args[k];
    return gir__tuple_results(g, gir_if(g, n_args + 1, ins, ti, ei, GIR_DTYPE_U8), then_f, results);
}
/* desc's checkpoint, the steps between the carries a scan's gradient keeps: 0 (every step), k (a divisor of the
   length) or GIR_SCAN_CHECKPOINT_AUTO, which the gradient resolves from the sizes of the carries and the residuals
   (gir__scan_auto); an error in g otherwise */
static gir_status gir__scan_ckpt(gir_graph *g, const gir_scan_desc *d) {
    int k = d->checkpoint;
    if (k == GIR_SCAN_CHECKPOINT_AUTO || k == 0 || (k > 0 && d->length > 0 && d->length % k == 0)) return GIR_OK;
    gir__gfail(g, GIR_ERR_INVALID_ARG, "scan: checkpoint %d is not a divisor of the length %d (keep the carries "
               "every k steps for a k dividing it, 0 for every step, or GIR_SCAN_CHECKPOINT_AUTO)", k, d->length);
    return GIR_ERR_INVALID_ARG;
}
GIR_API gir_status gir_scan(gir_graph *g, gir_func *body, const gir_scan_desc *desc, int n_args,
                            const gir_node *args, int n_results, gir_node *results) {
    gir_node loop;
    int fi;
    if (!g) return GIR_ERR_INVALID_ARG;
    if (gir__tuple_args(g, "scan", body, n_args, args, n_results, results) != GIR_OK) return g->status;
    if (!desc) {
        gir__gfail(g, GIR_ERR_INVALID_ARG, "scan: the gir_scan_desc is NULL");
        return GIR_ERR_INVALID_ARG;
    }
    if (gir__scan_ckpt(g, desc) != GIR_OK || (fi = gir__callee(g, body)) < 0) return g->status;
    loop = gir_loop(g, n_args, args, fi, desc->length, desc->n_carry, desc->n_xs, desc->reverse ? 1 : 0,
                    (double)desc->checkpoint, GIR_DTYPE_U8);
    return gir__tuple_results(g, loop, body, results);
}
/* while with max_trip: a scan of max_trip steps of m(c) = cond_f(c) ? body_f(c) : c, an if (gir_cond) of body_f
   and hold (c -> c), so a step past the end runs nothing of body_f and its gradient never sees body_f there (a NaN
   body_f would make of the carries it stopped at reaches nothing). m's body and hold's are graphs of their own
   that the calling graph holds (freed with it). */
static gir_status gir__while_masked(gir_graph *g, gir_func *cond_f, gir_func *body_f, int max_trip, int n,
                                    const gir_node *init, gir_node *results) {
    gir_graph_desc wd;
    gir_graph *w[2] = {NULL, NULL};
    gir_node c[2][GIR__MAX_IN], nb[GIR__MAX_IN], m;
    gir_func *mf = NULL, *hold = NULL;
    gir_scan_desc d;
    char nm[48];
    int k, j;
    GIR_MEMSET(&wd, 0, sizeof wd);
    wd.allocator = g->a;
    for (j = 0; j < 2; ++j) {
        if (!(w[j] = gir_graph_new(&wd))) break;
        for (k = 0; k < n; ++k) {
            const gir__node *p = &body_f->body->nodes[body_f->params[k]];
            c[j][k] = gir_input(w[j], (gir_dtype)p->dtype, *gir__nshape(body_f->body, p));
        }
    }
    if (w[1]) {
        gir__format(nm, sizeof nm, "%s_hold", body_f->name);
        hold = gir_func_new(w[1], nm, n, c[1], n, c[1]);
    }
    if (hold && gir_func_call(w[0], cond_f, n, c[0], 1, &m) == GIR_OK &&
        gir_cond(w[0], m, body_f, hold, n, c[0], n, nb) == GIR_OK) {
        gir__format(nm, sizeof nm, "%s_masked", body_f->name);
        mf = gir_func_new(w[0], nm, n, c[0], n, nb);
    }
    if (mf) {
        GIR_MEMSET(&d, 0, sizeof d);
        d.length = max_trip;
        d.n_carry = n;
        gir_scan(g, mf, &d, n, init, n, results);
    } else {
        gir_graph *bad = !w[0] || !w[1] ? NULL : w[1]->status ? w[1] : w[0];
        gir__gfail(g, bad ? bad->status : GIR_ERR_OUT_OF_MEMORY, "while: %s", bad ? bad->msg : "out of memory");
    }
    gir_graph_free(w[0]);                /* released with the last graph that holds them (g, when the scan was built) */
    gir_graph_free(w[1]);
    return g->status;
}
GIR_API gir_status gir_while(gir_graph *g, gir_func *cond_f, gir_func *body_f, int max_trip, int n_init,
                             const gir_node *init, gir_node *results) {
    int fi, ci;
    if (!g) return GIR_ERR_INVALID_ARG;
    if (gir__tuple_args(g, "while", body_f, n_init, init, n_init, results) != GIR_OK) return g->status;
    if (!cond_f || max_trip < 0) {
        gir__gfail(g, GIR_ERR_INVALID_ARG, "while: needs a condition function and max_trip >= 0 (got %d)", max_trip);
        return GIR_ERR_INVALID_ARG;
    }
    if (max_trip > 0) return gir__while_masked(g, cond_f, body_f, max_trip, n_init, init, results);
    if ((fi = gir__callee(g, body_f)) < 0 || (ci = gir__callee(g, cond_f)) < 0) return g->status;
    return gir__tuple_results(g, gir_while_loop(g, n_init, init, fi, ci, GIR_DTYPE_U8), body_f, results);
}
