/* >>store: the byte stores of a graph (gir__store in gen/30-base/config.c: attributes, names, shapes) -------------
   Blocks that never move, appended to; a record is known by its reference, 1 + its offset. */
/* The byte stores (gen/30-base/config.c): room for n more bytes at the end at an offset aligned to align (see
   gir__store_put), a new block if the last one is full; 0 on success. A failure changes nothing. */
static int gir__store_reserve(const gir_allocator *a, gir__store *st, size_t n, uint32_t align) {
    gir__sblk *t = st->tail, *b;
    size_t size = t ? (size_t)t->size * 2 : st->hint ? st->hint : 96;
    size_t start = t ? (size_t)t->start + t->size : 0;
    if (t && t->size - ((t->used + align - 1) & ~(align - 1)) >= n && t->size >= ((t->used + align - 1) & ~(align - 1)))
        return 0;
    if (size < n) size = n;
    if (size > 0xfffffff0u - start || n > 0xfffffff0u) return 1;      /* references are 32-bit */
    b = (gir__sblk *)gir__alloc(a, sizeof *b + size);
    if (!b) return 1;
    b->next = NULL;
    b->start = (uint32_t)start;
    b->size = (uint32_t)size;
    b->used = 0;
    if (t) t->next = b;
    else st->head = b;
    st->tail = b;
    return 0;
}
/* n bytes at the end, at an offset that is a multiple of align (a power of two; the blocks' bytes are aligned to
   a pointer), after gir__store_reserve(n, align) succeeded; their reference, 1 + offset */
static uint32_t gir__store_put(gir__store *st, const void *p, size_t n, uint32_t align) {
    gir__sblk *t = st->tail;
    uint32_t ref;
    t->used = (t->used + align - 1) & ~(align - 1);
    ref = t->start + t->used + 1;
    GIR_MEMCPY((unsigned char *)(t + 1) + t->used, p, n);
    t->used += (uint32_t)n;
    return ref;
}
/* the bytes of a reference (ref > 0) */
static const unsigned char *gir__store_at(const gir__store *st, uint32_t ref) {
    const gir__sblk *b = st->tail;
    uint32_t off = ref - 1;
    if (off < b->start)
        for (b = st->head; off >= b->start + b->size; b = b->next) {}
    return (const unsigned char *)(b + 1) + (off - b->start);
}
static size_t gir__store_used(const gir__store *st) {
    const gir__sblk *b;
    size_t n = 0;
    for (b = st->head; b; b = b->next) n += b->used;
    return n;
}
static void gir__store_free(const gir_allocator *a, gir__store *st) {
    gir__sblk *b = st->head, *nx;
    for (; b; b = nx) { nx = b->next; gir__free(a, b, sizeof *b + b->size); }
    st->head = st->tail = NULL;
}
static const char *gir__name_at(const gir_graph *g, uint32_t ref) { return (const char *)gir__store_at(&g->names, ref); }
