/* GIR_NO_MALLOC: no heap code is compiled; every byte comes from a fixed buffer through the allocator.
   A bump allocator over a static array builds, differentiates, compiles and runs a small graph. */
#define GIR_NO_MALLOC
#define GIR_NO_STDIO
#define GIR_IMPLEMENTATION
#include "../../gir.h"

static unsigned char pool[1 << 20];
static size_t used;
static void *bump_alloc(size_t n, void *user) {
    size_t at = (used + 63) & ~(size_t)63;
    (void)user;
    if (at + n > sizeof pool) return NULL;
    used = at + n;
    return pool + at;
}
static void bump_free(void *p, void *user) { (void)p; (void)user; }

int main(void) {
    gir_graph_desc d;
    gir_graph *g;
    gir_node x, y, dx;
    gir_plan *p = NULL;
    double xv = 2.0;
    int ok;
    d.allocator.alloc_fn = bump_alloc;
    d.allocator.realloc_fn = NULL;            /* gir.h copies into a new block when growing */
    d.allocator.free_fn = bump_free;
    d.allocator.user = NULL;
    if (gir_graph_new(NULL) != NULL) return 2;   /* without an allocator there is no memory at all */
    g = gir_graph_new(&d);
    if (!g) return 3;
    x = gir_input(g, GIR_DTYPE_F64, gir_shape0());
    y = gir_mul(g, gir_sin(g, x), x);
    if (gir_grad(g, y, 1, &x, &dx) != GIR_OK || gir_plan_compile(g, 1, &dx, NULL, &p) != GIR_OK) return 4;
    gir_plan_bind(p, x, &xv);
    ok = gir_plan_run(p) == GIR_OK;
    /* d/dx x sin x = sin x + x cos x */
    ok = ok && *(const double *)gir_plan_data(p, dx) > 0.076 && *(const double *)gir_plan_data(p, dx) < 0.078;
    gir_plan_free(p);
    gir_graph_free(g);
    return ok ? 0 : 1;
}
