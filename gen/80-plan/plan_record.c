/* >>plan_record: what a plan holds, and gir_plan_free ---------------------------------------------------------
   A plan holds copies of what it needs from the graph (ops, shapes, attributes), one buffer per value at an
   offset in one arena, and the order of steps: gen/80-plan/compile.c makes it, gen/80-plan/run.c executes the
   steps without allocating; constants and variables are read from the graph's storage on every run, so
   training updates are seen at once.
   Ownership: a plan keeps its graph's memory alive. gir_graph_free on a graph with live plans only marks it
   freed; the last gir_plan_free of those plans releases it. Graphs and plans can be freed in any order. */
/* FUSED: see gen/80-plan/fuse.c; INVAR: written in a variable's memory, off its value (gen/80-plan/update.c) */
enum { GIR__VAL_TEMP, GIR__VAL_INPUT, GIR__VAL_DATA, GIR__VAL_FUSED, GIR__VAL_INVAR,
       GIR__VAL_VIEW };      /* a result of a call: its place in the call node's value, none of its own */
typedef struct gir__val {
    void      *ptr;
    gir_shape  shape;
    uint32_t   node;
    uint8_t    dtype, kind;
    uint8_t    isout, fold;  /* an output of the plan; the value of a step run once (gen/80-plan/plan.c) */
    uint32_t   first, last;  /* a temporary's step, and the last step that reads it (nsteps: kept to the end) */
    size_t     off, bytes;
} gir__val;
#define GIR__NEVER 0xFFFFFFFFu
typedef struct gir__step {
    uint32_t val;          /* the value it writes */
    uint32_t nin, in0;     /* its inputs: value indices in sin[in0 .. in0+nin) */
    uint16_t op;
    uint8_t  tr;           /* bit j: input j is read with its last two axes swapped (see gir__step_in) */
    uint8_t  flags;        /* GIR__STEP_*: gen/80-plan/plan.c */
    uint32_t attr;         /* its node's attributes in the graph's store (0: none), unpacked when the step runs */
} gir__step;
enum { GIR__STEP_FOLD = 1, GIR__STEP_INPLACE = 2 };
/* a bump allocator over the caller's buffer (gen/80-plan/plan.c); the buffer is aligned to GIR__BUMP_ALIGN */
#define GIR__BUMP_ALIGN 8
typedef struct gir__bump {
    unsigned char *base;
    size_t         cap, used, high, last;   /* high: the most bytes taken at once, both ends: what a buffer needs */
    size_t         top, ttop, tpeak;        /* the compile's temporaries, at the buffer's end; top before the last;
                                               the most top was */
    void          *lastp, *tlastp;
    gir_allocator  under;
} gir__bump;
enum { GIR__PM_ALLOC, GIR__PM_BUFFER, GIR__PM_MEASURE };   /* where a plan's memory comes from */
enum { GIR__PASS_MERGED, GIR__PASS_SIMPLIFIED, GIR__PASS_DEAD };   /* the counts of npass */
/* what a call step needs of the callee it runs, a nested plan or a sub-image of a plan image (gen/80-plan/call_steps.c
   runs the steps of both): where the call's results go, and hooks to bind parameter j, read result j, run it */
/* a callee's result j may be written where its call step wants it, as the step runs (a scan's carry or stack
   slot: then nothing is copied after the run): GIR__PUT_AT; a scan's carry j may be written over the slot its
   parameter j was bound to: GIR__PUT_OWN (gen/80-plan/compile.c decides, gir__call_puts) */
enum { GIR__PUT_AT = 1, GIR__PUT_OWN = 2 };
typedef struct gir__frame {
    unsigned char *buf;         /* the node's results, one after the other (a scan's: the carries, the stacked
                                   outputs, the carries' second slots): the call node's value in the arena */
    size_t        *at;          /* each result's place in buf, its bytes for one step, then each parameter's bytes */
    void         (*bind)(struct gir__frame *c, int j, const void *src);
    const void  *(*res)(const struct gir__frame *c, int j);
    gir_status   (*run)(struct gir__frame *c);
    void         (*put)(struct gir__frame *c, int j, void *dst);    /* result j written at dst (NULL: its own
                                                                       place) by the runs that follow */
    const uint8_t *puts;        /* GIR__PUT_* of each result: where put may send it (NULL: nowhere, it is copied) */
    size_t         bytes;
    int            np, nr;      /* parameters, results */
} gir__frame;
static size_t gir__up16(size_t n) { return (n + 15u) & ~(size_t)15u; }
/* the bytes of the first nc results of call c in its buffer (a scan's, a while's carries: one slot of them) */
static size_t gir__call_slot(const gir__frame *c, int nc) {
    return nc ? gir__up16(c->at[nc - 1] + c->at[c->nr + nc - 1]) : 0;
}
/* the places of a call's results in its buffer (c->at[j]), from their bytes for one step (c->at[nr + j]): one after
   the other, each at a multiple of 16 bytes (so a b8 result does not leave an f64 one misaligned), a scan's after
   its nc carries stacked T deep, and (twice: a scan, a while) the carries' second slot at the end; c->bytes, the
   buffer's. 0: past a quarter of the address space */
static int gir__call_layout(gir__frame *c, int nc, int32_t T, int twice) {
    size_t off = 0, n, one;
    int j;
    for (j = 0; j < c->nr; ++j) {
        c->at[j] = off = gir__up16(off);
        one = c->at[c->nr + j];
        n = j < nc ? 1u : (size_t)T;
        if (one && n > ((size_t)-1 / 4 - off) / one) return 0;
        off += n * one;
    }
    c->bytes = gir__up16(off) + (twice ? gir__call_slot(c, nc) : 0);
    return 1;
}
/* a call step's plan (an if step has two): the body of the function compiled on its own, bound to the call's
   arguments when it runs */
typedef struct gir__call {
    gir__frame     k;          /* first: the hooks get it and cast */
    uint32_t        node;       /* the call (or if) node */
    const gir_func *f;
    gir_plan       *plan;       /* nested in this plan: its arena and scratch in this plan's scratch */
    uint32_t       *vi;         /* the plan's value index + 1 of each parameter, then of each result (0: unread) */
} gir__call;
struct gir_plan {
    gir_allocator a;
    gir_allocator ta;       /* the compile's temporaries: the graph's allocator, or the buffer's end (gen/80-plan/plan.c) */
    gir__bump     bump;
    uint8_t       mode;     /* GIR__PM_* */
    uint8_t       nested;   /* a function's plan inside the plan of a call: its records from that plan's memory */
    uint8_t       folded;   /* the steps run once have run */
    int           busy;     /* gir_plan_run is running it (an atomic flag in GIR_THREADS builds) */
    uint8_t       sched_greedy;    /* the memory-greedy order was taken */
    uint32_t      nfold, ninplace;
    uint64_t      steps_run;
    size_t        live_peak;
    gir_graph    *g;
    gir__val     *vals;
    uint32_t      nvals;
    uint32_t     *map;      /* node id -> value index + 1 (0: not in the plan) */
    size_t        nmap;
    gir__step    *steps;
    uint32_t      nsteps;
    double      (*fpar)[3]; /* fused members' scalar parameters (attr f), fpar[k] for fsteps[k] */
    uint32_t     *sin;
    size_t        nsin;
    uint32_t      nasg;     /* assign steps compiled: vals, sin and steps have room for one folded update each
                               (gen/80-plan/update.c: 2 values, 6 inputs, 1 step) */
    void         *arena_raw;
    unsigned char *arena;
    size_t        arena_bytes;
    void         *scratch_raw;
    void         *scratch;
    size_t        scratch_bytes;
    gir__kin     *kin;
    struct gir__fgroup *groups;   /* fused groups (gen/80-plan/fuse.c): fgroup[k] = group + 1 of step k, 0: a plain step */
    gir__step    *fsteps;
    uint32_t     *fgroup;
    uint32_t      ngroups, nfused;
    uint32_t      npass[3];    /* nodes the passes merged, simplified away, found dead (gen/80-plan/passes.c) */
    size_t        chunk;
    size_t        fuse_bytes;  /* scratch one thread's chunk buffers take (the largest group's) */
    uint64_t      runs;
    gir__call    *calls;       /* one per call step (gen/80-plan/compile.c) */
    uint32_t      ncalls;
#if defined(GIR_THREADS)
    gir__par      par;      /* the parallel-for hook (gir_plan_set_parallel); zeros: one thread */
    int           par_missed;   /* tasks the hook did not run in the step that runs (gen/70-kernels/threads.c) */
#endif
    gir_status    status;
    char          msg[GIR__MSG];
};

static void gir__pfail(gir_plan *p, gir_status s, const char *fmt, ...) {
    gir__buf b;
    va_list ap;
    p->status = s;
    b.p = p->msg; b.n = sizeof p->msg; b.len = 0; p->msg[0] = 0;
    va_start(ap, fmt);
    gir__vformat(&b, fmt, ap);
    va_end(ap);
}
static GIR__INLINE size_t gir__align_up(size_t n) { return (n + (GIR__ALIGN - 1)) & ~(size_t)(GIR__ALIGN - 1); }
/* where kernels read an empty input (a 0-byte constant or an input bound to NULL): a valid address, never read */
static const double gir__empty = 0.0;

GIR_API void gir_plan_free(gir_plan *p) {
    gir_allocator a;
    if (!p) return;
    a = p->a;
    while (p->ncalls) {
        --p->ncalls;
        gir_plan_free(p->calls[p->ncalls].plan);
        gir__free(&a, p->calls[p->ncalls].vi, 0);
        gir__free(&a, p->calls[p->ncalls].k.at, 0);
        gir__free(&a, (void *)(uintptr_t)p->calls[p->ncalls].k.puts, 0);
    }
    gir__free(&a, p->calls, 0);
    if (p->g && --p->g->plans == 0 && p->g->freed) gir__graph_release(p->g);
    gir__free(&a, p->vals, 0);
    gir__free(&a, p->map, 0);
    gir__free(&a, p->steps, 0);
    gir__free(&a, p->fpar, 0);
    gir__free(&a, p->sin, 0);
    gir__free(&a, p->arena_raw, 0);
    gir__free(&a, p->scratch_raw, 0);
    gir__free(&a, p->kin, 0);
    gir__free(&a, p->groups, 0);
    gir__free(&a, p->fsteps, 0);
    gir__free(&a, p->fgroup, 0);
    if (p->mode == GIR__PM_ALLOC || p->nested) gir__free(&a, p, sizeof *p);
    else if (p->mode == GIR__PM_MEASURE && !p->bump.base) gir__free(&p->bump.under, p, sizeof *p);
}
