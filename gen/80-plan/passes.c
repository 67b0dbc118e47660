/* >>passes: graph-level passes that gir_plan_compile runs before it marks and orders steps ----------------------
   The graph is not changed: the passes compute a representative table rep[id], the node whose value node id
   equals (rep[id] = id for a node that stays). Compiling then marks and computes representatives only, and a
   node the plan covered that was merged or simplified away reads its representative's value.
   - common-subexpression elimination (GIR_COMPILE_NO_CSE turns it off): nodes with equal op, dtype, shape,
     attributes and representative inputs share one value. Never merged: inputs, variables, assigns and the
     random ops (their values depend on the run); constants only up to GIR__CSE_CONST_MAX bytes.
   - algebraic simplification (GIR_COMPILE_NO_SIMPLIFY): rules that give a node an existing node's value
     exactly, same dtype and shape: the GIR_RULE lines of ops.def, the eval-mode flags (see gir__simplify).
   - dead nodes: what lost its last use to the two passes is not marked, so not computed.
   need[] bits while compiling: GIR__N_NEED (computed after the passes), GIR__N_COVER (needed without them),
   GIR__N_SIMP (rep set by a simplification rule), GIR__N_ASSIGNED (a variable some assign writes), and what the
   rules ask of a node, found once: GIR__N_FACTS (found), GIR__N_ONE, GIR__N_ZPOS, GIR__N_ZNEG (gir__facts). */
enum { GIR__N_NEED = 1, GIR__N_COVER = 2, GIR__N_SIMP = 4, GIR__N_ASSIGNED = 8, GIR__N_FACTS = 16, GIR__N_ONE = 32,
       GIR__N_ZPOS = 64, GIR__N_ZNEG = 128 };
#define GIR__CSE_CONST_MAX 65536   /* constants larger than this are neither hashed nor compared */
#define GIR__CSE_SAMPLE 256        /* bytes of a constant that go into its hash (the first and last half) */

typedef struct gir__rw {
    const gir_graph *g;
    uint32_t *rep;          /* node -> representative; NULL: no pass ran (identity) */
    uint8_t  *need;
    int       simplify, eval;
    uint32_t *tab;          /* open-addressing table of representative ids, 0: empty */
    uint32_t *tag;          /* the high half of each entry's hash: most slots are passed over without comparing */
    size_t    mask;
    gir_allocator *a;       /* the plan's, for the table */
} gir__rw;

/* the node input k of node d reads after the passes: its input's representative; a reshape reads through
   reshapes (reshape of reshape reads the inner input directly: a fusion of two nodes, not a rule line) */
static GIR__INLINE uint32_t gir__pass_in(const gir__rw *w, const gir__node *d, uint32_t k) {
    const gir_graph *g = w->g;
    uint32_t in = g->ins[d->in0 + k];
    if (!w->rep) return in;
    in = w->rep[in];
    if (w->simplify && d->op == GIR_OP_RESHAPE)         /* a fusion of two nodes, not a column (see above) */
        while (g->nodes[in].op == GIR_OP_RESHAPE) in = w->rep[g->ins[g->nodes[in].in0]];
    return in;
}

/* ---- attributes: only the entries a row has (an attribute list's entries past its n may be uninitialised) */
typedef struct gir__akind { int nf, ni, nl, shape, dtype, seed; } gir__akind;
static void gir__attr_kinds(const char *s, gir__akind *k) {
    GIR_MEMSET(k, 0, sizeof *k);
    while (s && *s) {
        if (s[0] == 'f' && s[1] == ':') ++k->nf;
        else if (s[0] == 'i' && s[1] == ':') ++k->ni;
        else if (s[0] == 'l' && s[1] == ':') ++k->nl;
        else if (s[0] == 's' && s[1] == 'h') k->shape = 1;
        else if (s[0] == 'd' && s[1] == 't') k->dtype = 1;
        else if (s[0] == 's' && s[1] == 'e') k->seed = 1;
        while (*s && *s != ',') ++s;
        if (*s == ',') ++s;
    }
}
static uint64_t gir__h(uint64_t h, uint64_t v) { return gir__mix(h ^ v); }
static uint64_t gir__hbits(double x) {
    uint64_t u;
    GIR_MEMCPY(&u, &x, sizeof u);
    return u;
}
static uint64_t gir__hash_attr(uint64_t h, const gir_attr *a, const gir__akind *k) {
    int j, m;
    for (j = 0; j < k->nf; ++j) h = gir__h(h, gir__hbits(a->f[j]));
    for (j = 0; j < k->ni; ++j) h = gir__h(h, (uint32_t)a->i[j]);
    for (j = 0; j < k->nl; ++j)
        for (m = -1; m < a->l[j].n && m < GIR_MAX_RANK; ++m)
            h = gir__h(h, (uint32_t)(m < 0 ? a->l[j].n : a->l[j].v[m]));
    if (k->shape)
        for (m = -1; m < a->shape.rank && m < GIR_MAX_RANK; ++m)
            h = gir__h(h, (uint32_t)(m < 0 ? a->shape.rank : a->shape.dim[m]));
    if (k->dtype) h = gir__h(h, (uint32_t)a->dtype);
    if (k->seed) h = gir__h(h, a->seed);
    return h;
}
static int gir__ints_eq(const gir_ints *a, const gir_ints *b) {
    int m;
    if (a->n != b->n) return 0;
    for (m = 0; m < a->n && m < GIR_MAX_RANK; ++m)
        if (a->v[m] != b->v[m]) return 0;
    return 1;
}
static int gir__attr_eq(const gir_attr *a, const gir_attr *b, const gir__akind *k) {
    int j;
    for (j = 0; j < k->nf; ++j)
        if (gir__hbits(a->f[j]) != gir__hbits(b->f[j])) return 0;
    for (j = 0; j < k->ni; ++j)
        if (a->i[j] != b->i[j]) return 0;
    for (j = 0; j < k->nl; ++j)
        if (!gir__ints_eq(&a->l[j], &b->l[j])) return 0;
    if (k->shape && !gir__shape_eq(&a->shape, &b->shape)) return 0;
    if (k->dtype && a->dtype != b->dtype) return 0;
    return !k->seed || a->seed == b->seed;
}
/* the bytes of a constant node (0 when it has none) */
static size_t gir__const_bytes(const gir_graph *g, const gir__node *d) {
    size_t n = 0;
    if (!gir__op_is(d->op, GIR__F_LEAF_CONST) || !gir__node_data(g, d) || !gir__bytes(gir__nshape(g, d), d->dtype, &n))
        return 0;
    return n;
}

/* ---- structural hashing */
static int gir__cse_ok(const gir_graph *g, const gir__node *d) {
    if (gir__op_is(d->op, GIR__F_LEAF_STATE | GIR__F_WRITES | GIR__F_RNG)) return 0;
    return !gir__op_is(d->op, GIR__F_LEAF_CONST) || gir__const_bytes(g, d) <= GIR__CSE_CONST_MAX;
}
/* the effective inputs of node d, two-input commutative ops in a canonical order */
static void gir__cse_ins(const gir__rw *w, const gir__node *d, uint32_t k, uint32_t *a) {
    uint32_t x = gir__pass_in(w, d, k), y;
    if (d->nin == 2 && gir__op_is(d->op, GIR__F_COMM)) {
        y = gir__pass_in(w, d, 1u - k);
        if (k == 0 ? y < x : y > x) x = y;
    }
    *a = x;
}
static uint64_t gir__cse_hash(const gir__rw *w, const gir__node *d) {
    gir__akind ak;
    gir_attr ta;
    uint64_t h = gir__h((uint64_t)d->op << 8 | d->dtype, d->nin);
    uint32_t k, in;
    size_t nb = gir__const_bytes(w->g, d), j;
    const unsigned char *data = (const unsigned char *)gir__node_data(w->g, d);
    const gir_shape *sh = gir__nshape(w->g, d);
    const char *spec = gir__op_info(d->op)->attrs;
    int m;
    for (m = 0; m < sh->rank; ++m) h = gir__h(h, (uint32_t)sh->dim[m]);
    h = gir__h(h, (uint32_t)sh->rank);
    if (spec && *spec) {                    /* an op without attributes hashes none */
        gir__attr_kinds(spec, &ak);
        h = gir__hash_attr(h, gir__attr_read(w->g, d, &ta), &ak);
    }
    if (d->nin == 2 && gir__op_is(d->op, GIR__F_COMM)) {      /* as gir__cse_ins, each input found once */
        uint32_t x = gir__pass_in(w, d, 0), y = gir__pass_in(w, d, 1);
        h = gir__h(gir__h(h, x < y ? x : y), x < y ? y : x);
    } else
        for (k = 0; k < d->nin; ++k) {
            gir__cse_ins(w, d, k, &in);
            h = gir__h(h, in);
        }
    for (j = 0; j < nb; ++j)        /* a sample of a constant's bytes: the first and the last ones */
        if (j < GIR__CSE_SAMPLE / 2 || j >= nb - GIR__CSE_SAMPLE / 2)
            h = gir__h(h, data[j]);
        else j = nb - GIR__CSE_SAMPLE / 2 - 1;
    return h;
}
static int gir__cse_eq(const gir__rw *w, const gir__node *a, const gir__node *b) {
    gir__akind ak;
    gir_attr ta, tb;
    uint32_t k, x, y;
    size_t nb, j;
    const unsigned char *da, *db;
    if (a->op != b->op || a->dtype != b->dtype || a->nin != b->nin || !gir__shape_eq(gir__nshape(w->g, a), gir__nshape(w->g, b)))
        return 0;
    gir__attr_kinds(gir__op_info(a->op)->attrs, &ak);
    if (!gir__attr_eq(gir__attr_read(w->g, a, &ta), gir__attr_read(w->g, b, &tb), &ak)) return 0;
    for (k = 0; k < a->nin; ++k) {
        gir__cse_ins(w, a, k, &x);
        gir__cse_ins(w, b, k, &y);
        if (x != y) return 0;
    }
    if ((nb = gir__const_bytes(w->g, a)) != gir__const_bytes(w->g, b)) return 0;
    da = (const unsigned char *)gir__node_data(w->g, a);
    db = (const unsigned char *)gir__node_data(w->g, b);
    for (j = 0; j < nb; ++j)
        if (da[j] != db[j]) return 0;
    return 1;
}
/* the representative equal to node id already in the table, or 0 after inserting id */
static uint32_t gir__cse_find(gir__rw *w, uint32_t id) {
    const gir__node *d = &w->g->nodes[id];
    uint64_t h = gir__cse_hash(w, d);
    size_t s = (size_t)h & w->mask;
    while (w->tab[s]) {
        if (w->tag[s] == (uint32_t)(h >> 32) && gir__cse_eq(w, d, &w->g->nodes[w->tab[s]])) return w->tab[s];
        s = (s + 1) & w->mask;
    }
    w->tab[s] = id;
    w->tag[s] = (uint32_t)(h >> 32);
    return 0;
}

/* ---- algebraic simplification */
/* node c holds v in every element: a constant (at most GIR__CSE_CONST_MAX bytes) or a fill. For floats the
   sign of a zero counts (neg: -0.0); for integers any zero is zero. */
static int gir__all_is(const gir_graph *g, const gir__node *c, double v, int neg) {
    size_t nb, j, es;
    double x;
    gir_attr ta;
    if (gir__op_is(c->op, GIR__F_LEAF_FILL)) {
        x = gir__attr_load(g, c, &ta)->f[0];
        return x == v && (!gir__is_float(c->dtype) || (gir__hbits(x) >> 63) == (uint64_t)neg);
    }
    if (!gir__op_is(c->op, GIR__F_LEAF_CONST) || (nb = gir__const_bytes(g, c)) > GIR__CSE_CONST_MAX) return 0;
    es = gir__esize(c->dtype);
    for (j = 0; j < nb; j += es) {
        const unsigned char *e = (const unsigned char *)gir__node_data(g, c) + j;
        if (c->dtype == GIR_DTYPE_F32) {
            float f;
            GIR_MEMCPY(&f, e, sizeof f);
            x = f;
        } else if (c->dtype == GIR_DTYPE_F64) {
            GIR_MEMCPY(&x, e, sizeof x);
        } else if (c->dtype == GIR_DTYPE_I32) {
            int32_t i;
            GIR_MEMCPY(&i, e, sizeof i);
            x = i;
        } else x = *e;
        if (x != v || (gir__is_float(c->dtype) && (gir__hbits(x) >> 63) != (uint64_t)neg)) return 0;
    }
    return 1;
}
/* what node x holds in every element, found by gir__all_is once per compile and kept in need[x]: 1
   (GIR__N_ONE), +0 (GIR__N_ZPOS; for integers any zero) and -0 (GIR__N_ZNEG; for integers any zero too) */
static GIR__INLINE unsigned gir__facts(const gir__rw *w, uint32_t x) {
    const gir__node *c = &w->g->nodes[x];
    unsigned f = GIR__N_FACTS;
    if (w->need[x] & GIR__N_FACTS) return w->need[x];
    if (gir__op_is(c->op, GIR__F_LEAF_FILL | GIR__F_LEAF_CONST)) {
        if (gir__all_is(w->g, c, 1.0, 0)) f |= GIR__N_ONE;
        if (gir__all_is(w->g, c, 0.0, 0)) f |= GIR__N_ZPOS;
        if (gir__all_is(w->g, c, 0.0, 1)) f |= GIR__N_ZNEG;
    }
    w->need[x] = (uint8_t)(w->need[x] | f);
    return w->need[x];
}
/* the node x such that transpose(transpose(x, p), q) gives x; 0 if the composed permutation is not the
   identity (axis j of the result is axis p[q[j]] of x) */
static uint32_t gir__transpose_back(const gir__rw *w, const gir__node *d) {
    const gir__node *t = &w->g->nodes[gir__pass_in(w, d, 0)];
    int j, r = gir__nshape(w->g, d)->rank;
    gir_attr da, ta;
    const gir_ints *q = &gir__attr_load(w->g, d, &da)->l[0], *p = &gir__attr_load(w->g, t, &ta)->l[0];
    if (t->op != d->op || q->n != r || p->n != r) return 0;                  /* d is a transpose */
    for (j = 0; j < r; ++j)
        if (q->v[j] < 0 || q->v[j] >= r || p->v[q->v[j]] != j) return 0;
    return gir__pass_in(w, t, 0);
}
/* the rule table (GIR_RULE lines of ops.def): the patterns an input is matched against and the results */
enum { GIR__RP_ANY, GIR__RP_NONE, GIR__RP_ONE, GIR__RP_ADD0, GIR__RP_SUB0, GIR__RP_INT0, GIR__RP_SELF };
enum { GIR__RR_X0, GIR__RR_X1, GIR__RR_X0_IN0 };
typedef struct gir__rule { uint16_t op; uint8_t in[2], res; } gir__rule;
@@RULES@@
/* whether node x, an input of node d, matches pattern p. A zero that adding (sub: subtracting) leaves every x of
   that dtype as it is: integers any zero; floats -0.0 for add (x + -0 = x, also for x = -0) and +0.0 for sub
   (x - +0 = x); +0.0 + -0.0 is +0.0, so x + (+0) is not. */
static GIR__INLINE int gir__rule_in(const gir__rw *w, const gir__node *d, uint32_t x, int p) {
    if (p == GIR__RP_ANY) return 1;
    switch (p) {
    case GIR__RP_ONE: return (gir__facts(w, x) & GIR__N_ONE) != 0;
    case GIR__RP_ADD0: return (gir__facts(w, x) & (gir__is_float(w->g->nodes[x].dtype) ? GIR__N_ZNEG : GIR__N_ZPOS)) != 0;
    case GIR__RP_SUB0: return (gir__facts(w, x) & GIR__N_ZPOS) != 0;
    case GIR__RP_INT0: return !gir__is_float(d->dtype) && (gir__facts(w, x) & GIR__N_ZPOS) != 0;
    case GIR__RP_SELF: return w->g->nodes[x].op == d->op;
    default: return 1;
    }
}
/* the value the first matching rule of the table gives node d, whose inputs after the passes are a and b, or 0.
   Every node of a compile comes here and most ops have no rule: only the op's own rows are read (gir__rule_at),
   and the inputs are looked up once by the caller, not once per row. */
static uint32_t gir__rule_apply(const gir__rw *w, const gir__node *d, uint32_t a, uint32_t b) {
    size_t r;
    for (r = gir__rule_at[d->op]; r && r < sizeof gir__rules / sizeof gir__rules[0] && gir__rules[r].op == d->op; ++r) {
        const gir__rule *u = &gir__rules[r];
        uint32_t n = u->in[1] == GIR__RP_NONE ? 1u : 2u;
        if (d->nin != n || !gir__rule_in(w, d, a, u->in[0]) || (n == 2 && !gir__rule_in(w, d, b, u->in[1])))
            continue;
        return u->res == GIR__RR_X0_IN0 ? gir__pass_in(w, &w->g->nodes[a], 0) : u->res == GIR__RR_X1 ? b : a;
    }
    return 0;
}
/* a node whose value node d has exactly, by a rule, or 0. The caller checks dtype and shape. */
static uint32_t gir__simplify_rule(const gir__rw *w, const gir__node *d) {
    const gir_graph *g = w->g;
    uint32_t a = d->nin > 0 ? gir__pass_in(w, d, 0) : 0, b = d->nin > 1 ? gir__pass_in(w, d, 1) : 0;
    gir_attr da;
    int j, r = gir__nshape(g, d)->rank;
    if (w->eval && gir__op_is(d->op, GIR__F_EVAL_ID)) return a;          /* eval plans: dropout is the identity */
    if (w->eval && gir__op_is(d->op, GIR__F_EVAL_PICK1)) return b;       /* eval plans: train_eval's eval value */
    if (d->op == GIR_OP_TRANSPOSE) {     /* not a rule line: it compares the permutation attributes */
        for (j = 0; j < r && gir__attr_load(g, d, &da)->l[0].n == r && da.l[0].v[j] == j; ++j) {}
        return j == r ? a : gir__transpose_back(w, d);
    }
    return gir__rule_apply(w, d, a, b);
}
static uint32_t gir__simplify(const gir__rw *w, uint32_t id) {
    const gir__node *d = &w->g->nodes[id], *c;
    uint32_t r = gir__simplify_rule(w, d);
    if (!r || r == id) return 0;
    c = &w->g->nodes[r];
    if (c->dtype != d->dtype || !gir__shape_eq(gir__nshape(w->g, c), gir__nshape(w->g, d))) return 0;
    /* an assigned variable's value changes during the run: a node equal to its old value stays a copy */
    return (w->need[r] & GIR__N_ASSIGNED) ? 0 : r;
}

/* ---- scans that a scan of their gradient covers */
/* node y, a scan of f, has the arguments and the trip of node z, a scan of f->fhist or f->rhist
   (gen/60-autodiff/autodiff.c), both kept by the passes so far: f's results, else 0 */
static int gir__scan_covers(const gir__rw *w, uint32_t y, uint32_t z, const gir_attr *az) {
    const gir_graph *g = w->g;
    const gir__node *dy = &g->nodes[y], *dz = &g->nodes[z];
    const gir_func *f;
    gir_attr ay;
    uint32_t k;
    int j;
    if (dy->op != dz->op || dy->nin != dz->nin || w->rep[y] != y) return 0;
    gir__attr_read(g, dy, &ay);
    f = g->callees[ay.i[0]];
    if (f->fhist != g->callees[az->i[0]] && f->rhist != g->callees[az->i[0]]) return 0;
    for (j = 1; j <= 4; ++j)
        if (ay.i[j] != az->i[j]) return 0;
    for (k = 0; k < dy->nin; ++k)
        if (gir__pass_in(w, dy, k) != gir__pass_in(w, dz, k)) return 0;
    return f->nresults;
}
/* A gradient through a scan of f scans f->fhist (or f->rhist) over the same arguments, whose first results are
   f's: f's scan then reads its results from there and is not run. Only when the plan computes the fhist scan anyway (its
   GIR__N_COVER mark) and a call's results follow it (ids z + 1 ...); they are marked needed here, as the backward
   marking of gir_plan_compile, which meets them before the nodes that read them now, could not. */
static void gir__merge_scans(gir__rw *w, size_t last) {
    const gir_graph *g = w->g;
    uint32_t z, y, j, nr = 0;
    for (z = 1; z <= last; ++z) {
        const gir__node *dz = &g->nodes[z];
        gir_attr az;
        if (!gir__op_is(dz->op, GIR__F_LOOP) || !(w->need[z] & GIR__N_COVER) || w->rep[z] != z) continue;
        gir__attr_read(g, dz, &az);
        for (y = z - 1; y >= 1 && !(nr = (uint32_t)gir__scan_covers(w, y, z, &az)); --y) {}
        if (y < 1) continue;
        for (j = 0; j < nr; ++j) {
            if (w->rep[y + 1 + j] != y + 1 + j) continue;
            w->rep[y + 1 + j] = z + 1 + j;
            w->need[z + 1 + j] |= GIR__N_NEED;
        }
    }
}

/* the passes: rep[id] for ids 1 .. last (the largest output id). need[] holds GIR__N_COVER marks already. */
static gir_status gir__passes(gir__rw *w, unsigned flags, size_t last) {
    const gir_graph *g = w->g;
    size_t id, cap = 16;
    int cse = !(flags & GIR_COMPILE_NO_CSE);
    w->simplify = !(flags & GIR_COMPILE_NO_SIMPLIFY);
    for (id = 0; id < g->nnodes; ++id) w->rep[id] = (uint32_t)id;
    if (!cse && !w->simplify) return GIR_OK;
    for (id = 1; id <= last; ++id)
        if (gir__op_is(g->nodes[id].op, GIR__F_WRITES)) w->need[g->ins[g->nodes[id].in0]] |= GIR__N_ASSIGNED;
    if (cse) {
        while (cap < 2 * (last + 1)) cap *= 2;
        if (!(w->tab = (uint32_t *)gir__alloc(w->a, 2 * cap * sizeof(uint32_t)))) return GIR_ERR_OUT_OF_MEMORY;
        GIR_MEMSET(w->tab, 0, cap * sizeof(uint32_t));
        w->tag = w->tab + cap;
        w->mask = cap - 1;
    }
    for (id = 1; id <= last; ++id) {
        uint32_t r = w->simplify ? gir__simplify(w, (uint32_t)id) : 0;
        if (r) w->need[id] |= GIR__N_SIMP;
        else if (cse && gir__cse_ok(g, &g->nodes[id])) r = gir__cse_find(w, (uint32_t)id);
        if (r) w->rep[id] = r;
    }
    if (w->tab) gir__free(w->a, w->tab, 2 * cap * sizeof(uint32_t));
    w->tab = NULL;
    if (cse) gir__merge_scans(w, last);
    return GIR_OK;
}
