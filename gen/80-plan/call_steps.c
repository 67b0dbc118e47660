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
/* result j written at dst (NULL: in the plan's arena, where compile placed it) */
static void gir__plan_put_hook(gir__frame *k, int j, void *dst) {
    gir__call *c = (gir__call *)(void *)k;
    gir__val *v = &c->plan->vals[c->vi[k->np + j] - 1];
    v->ptr = dst ? dst : (void *)(c->plan->arena + v->off);
}
static void gir__call_hooks(gir__call *c) {
    c->k.bind = gir__plan_bind_hook;
    c->k.res = gir__plan_res_hook;
    c->k.run = gir__plan_run_hook;
    c->k.put = gir__plan_put_hook;
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
/* carry j's slot (other: its other one) when side (bit j) says which holds it; carries past the 64th are
   always copied, so step t finds them in the second slots when t is odd */
static unsigned char *gir__carry_at(const gir__frame *c, unsigned char *two, uint64_t side, int32_t t, int j,
                                    int other) {
    int second = (j < 64 ? (int)(side >> j & 1u) : (int)(t & 1)) ^ other;
    return (second ? two : c->buf) + c->at[j];
}
/* the results of step t that the callee writes where they go (bit j; the first 64 results): a carry to its other
   slot, or over its own (*own, bit j), a stacked result to slot ts of its stack */
static uint64_t gir__loop_puts(gir__frame *c, unsigned char *two, uint64_t side, int32_t t, size_t ts, int nc,
                               uint64_t *own) {
    uint64_t put = 0, bit;
    int j;
    *own = 0;
    for (j = 0; c->puts && j < c->nr && j < 64; ++j) {
        if (!(c->puts[j] & GIR__PUT_AT) || !c->at[c->nr + j]) continue;
        bit = (uint64_t)1 << j;
        if (j < nc && (c->puts[j] & GIR__PUT_OWN)) *own |= bit;
        c->put(c, j, j < nc ? gir__carry_at(c, two, side, t, j, !(*own & bit))
                            : c->buf + c->at[j] + ts * c->at[c->nr + j]);
        put |= bit;
    }
    return put;
}
/* a scan step (attributes a: length i1, carries i2, per-step inputs i3, reverse i4): the carries start from their
   arguments in the buffer's carry slots; step t binds them, slice t of each per-step input and the invariants,
   and runs the function, which writes its results where they go (gir__loop_puts) or they are copied there
   after: a carry to its other slot (the buffer's end: a result may be a carry the step read), with which it then
   swaps, or over its own slot; the others to slot t of their stack. At the end the carries go back to the first
   slots. */
static gir_status gir__call_loop(gir__frame *c, const gir_attr *a, const gir__kin *arg) {
    int32_t T = a->i[1], t, nc = a->i[2], nx = a->i[3];
    int j, np = c->np, nr = c->nr;
    gir_status st = GIR_OK;
    unsigned char *two = c->buf + c->bytes - gir__call_slot(c, nc);
    uint64_t side = 0, put = 0, own = 0;          /* side, bit j: carry j is in its second slot */
    gir__carries_start(c, arg, nc);
    for (t = 0; t < T && st == GIR_OK; ++t) {
        size_t ts = (size_t)(a->i[4] ? T - 1 - t : t);
        for (j = 0; j < nc; ++j) c->bind(c, j, gir__carry_at(c, two, side, t, j, 0));
        for (; j < np; ++j) {
            const unsigned char *src = (const unsigned char *)arg[j].p;
            c->bind(c, j, j < nc + nx ? src + ts * c->at[2 * nr + j] : src);
        }
        put = gir__loop_puts(c, two, side, t, ts, nc, &own);
        st = c->run(c);
        for (j = 0; j < nr && st == GIR_OK; ++j) {
            size_t one = c->at[nr + j];
            uint64_t bit = j < 64 ? (uint64_t)1 << j : 0;
            if (!(put & bit) && one)
                gir__call_copy(j < nc ? gir__carry_at(c, two, side, t, j, 1) : c->buf + c->at[j] + ts * one,
                               c->res(c, j), one);
            if (j < nc && !(own & bit)) side ^= bit;
        }
    }
    for (j = 0; j < nr && j < 64; ++j)
        if (put >> j & 1u) c->put(c, j, NULL);
    for (j = 0; j < nc; ++j)
        if (gir__carry_at(c, two, side, t, j, 0) != c->buf + c->at[j] && c->at[nr + j])
            gir__call_copy(c->buf + c->at[j], gir__carry_at(c, two, side, t, j, 0), c->at[nr + j]);
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
