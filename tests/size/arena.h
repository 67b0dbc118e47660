/* arena.h - a bump allocator over a static buffer, the gir_allocator of the size programs (GIR_NO_MALLOC) */
#ifndef SIZE_ARENA_H
#define SIZE_ARENA_H
#include <stddef.h>
#include <string.h>

typedef struct size_arena { unsigned char *base; size_t cap, used; } size_arena;

#ifndef SIZE_BASELINE
static void *size_alloc(size_t n, void *user) {
    size_arena *a = (size_arena *)user;
    size_t at = (a->used + 15u) & ~(size_t)15u;
    if (n > a->cap || at > a->cap - n) return NULL;
    a->used = at + n;
    return a->base + at;
}
static void *size_realloc(void *p, size_t old_size, size_t new_size, void *user) {
    void *q = size_alloc(new_size, user);
    if (q && p) memcpy(q, p, old_size < new_size ? old_size : new_size);
    return q;
}
static void size_free(void *p, void *user) { (void)p; (void)user; }
#endif
#endif
