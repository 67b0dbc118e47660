/* >>call_steps: how a call, if, scan or while step runs its function, in a plan or in a plan image --------------
   A call step binds its function's parameters, runs it, and copies its results into the call node's value,
   the buffer its result nodes view (gen/80-plan/compile.c lays it out, gir__call_layout). The callee is a
   gir__frame: a plan nested in the calling plan (the hooks below) or a sub-image of a plan image
   (gen/90-library/image_calls.c); the steps below are the same code for both, so an image computes what its plan
   does, bit for bit. The arguments come in arg (their memory in .p), as the caller's kernel inputs. */
/* the hooks of a nested plan: parameter j bound, result j read through the value indices compile found */
static void gir__plan_bind_hook(gir__frame *k, int j, const void *src) {
    gir__call *c = (gir__call *)(void *)k;
    if (c->vi[j]) c->plan->vals[c->vi[j] - 1].ptr = (void *)(src ? src : (const void *)&gir__empty);
}
static const void *gir__plan_res_hook(const gir__frame *k, int j) {
    const gir__call *c = (const gir__call *)(const void *)k;
    return c->plan->vals[c->vi[k->np + j] - 1].ptr;
}
static gir_status gir__plan_run_hook(gir__frame *k) { return gir_plan_run(((gir__call *)(void *)k)->plan); }
static void gir__call_hooks(gir__call *c) {
    c->k.bind = gir__plan_bind_hook;
    c->k.res = gir__plan_res_hook;
    c->k.run = gir__plan_run_hook;
}
/* n bytes from src to dst, which never overlap in a plan's or a true image's arena; a forged image's offsets may
   make them overlap, where memcpy may not go: nothing is copied then (what it computes is wrong anyway) */
static void gir__call_copy(void *dst, const void *src, size_t n) {
    uintptr_t d = (uintptr_t)dst, s = (uintptr_t)src;
    if (d + n <= s || s + n <= d) GIR_MEMCPY(dst, src, n);
}
/* the carries' start: the first n arguments copied to their slots in the buffer */
static void gir__carries_start(const gir__frame *c, const gir__kin *arg, int n) {
    int j;
    for (j = 0; j < n; ++j)
        if (c->at[c->nr + j]) gir__call_copy(c->buf + c->at[j], arg[j].p, c->at[c->nr + j]);
}
/* a scan step (attributes a: length i1, carries i2, per-step inputs i3, reverse i4): the carries start from their
   arguments in the buffer's carry slots; step t binds them, slice t of each per-step input and the invariants,
   runs the function, and copies its results: the carries to their other slots (the buffer's end: a result may
   be a carry the step read), which then swap with the first, the others to slot t of their stack */
static gir_status gir__call_loop(gir__frame *c, const gir_attr *a, const gir__kin *arg) {
    int32_t T = a->i[1], t, nc = a->i[2], nx = a->i[3];
    int j, np = c->np, nr = c->nr;
    gir_status st = GIR_OK;
    size_t cb = gir__call_slot(c, nc);
    unsigned char *cur = c->buf, *nxt = c->buf + c->bytes - cb, *sw;
    gir__carries_start(c, arg, nc);
    for (t = 0; t < T && st == GIR_OK; ++t) {
        size_t ts = (size_t)(a->i[4] ? T - 1 - t : t);
        for (j = 0; j < nc; ++j) c->bind(c, j, cur + c->at[j]);
        for (; j < np; ++j) {
            const unsigned char *src = (const unsigned char *)arg[j].p;
            c->bind(c, j, j < nc + nx ? src + ts * c->at[2 * nr + j] : src);
        }
        st = c->run(c);
        for (j = 0; j < nr && st == GIR_OK; ++j) {
            size_t one = c->at[nr + j];
            unsigned char *dst = j < nc ? nxt + c->at[j] : c->buf + c->at[j] + ts * one;
            if (one) gir__call_copy(dst, c->res(c, j), one);
        }
        sw = cur; cur = nxt; nxt = sw;
    }
    if (cur != c->buf && cb) gir__call_copy(c->buf, cur, cb);
    return st;
}
/* a while step: body and cond take the same carries; they start from the arguments and swap between the
   buffer's two halves after each step, while cond on them is true */
static gir_status gir__call_while(gir__frame *body, gir__frame *cond, const gir__kin *arg) {
    gir_status st = GIR_OK;
    size_t cb = body->bytes / 2;
    unsigned char *cur = body->buf, *nxt = body->buf + cb, *sw;
    int j, nc = body->np;
    gir__carries_start(body, arg, nc);
    for (;;) {
        for (j = 0; j < nc; ++j) {
            cond->bind(cond, j, cur + body->at[j]);
            body->bind(body, j, cur + body->at[j]);
        }
        if ((st = cond->run(cond)) != GIR_OK) return st;
        if (!*(const uint8_t *)cond->res(cond, 0)) break;
        if ((st = body->run(body)) != GIR_OK) return st;
        for (j = 0; j < nc; ++j)
            if (body->at[nc + j]) gir__call_copy(nxt + body->at[j], body->res(body, j), body->at[nc + j]);
        sw = cur; cur = nxt; nxt = sw;
    }
    if (cur != body->buf && cb) gir__call_copy(body->buf, cur, cb);
    return GIR_OK;
}
/* a call or if step: the arguments bound, the function run, its results copied to the call's buffer */
static gir_status gir__call_plain(gir__frame *c, const gir__kin *arg) {
    gir_status st;
    int j;
    for (j = 0; j < c->np; ++j) c->bind(c, j, arg[j].p);
    st = c->run(c);
    for (j = 0; j < c->nr && st == GIR_OK; ++j)
        if (c->at[c->nr + j]) gir__call_copy(c->buf + c->at[j], c->res(c, j), c->at[c->nr + j]);
    return st;
}
/* a step of op op whose callees are c[0] (and c[1]: an if's else function, a while's condition), its attributes
   a, its inputs' memory arg[0 .. nin); *ran: the callee that ran last (for the caller's message) */
static gir_status gir__call_step(int op, gir__frame *c0, gir__frame *c1, const gir_attr *a, const gir__kin *arg,
                                 gir__frame **ran) {
    *ran = c0;
    if (gir__op_is(op, GIR__F_UNTIL)) return gir__call_while(c0, c1, arg);
    if (gir__op_is(op, GIR__F_LOOP)) return gir__call_loop(c0, a, arg);
    if (gir__op_is(op, GIR__F_BRANCH)) {                 /* if: the predicate picks then (c0) or else (c1) */
        if (!*(const uint8_t *)arg[0].p) *ran = c1;
        return gir__call_plain(*ran, arg + 1);
    }
    return gir__call_plain(c0, arg);
}
