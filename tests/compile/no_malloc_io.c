/* GIR_NO_MALLOC + GIR_NO_STDIO: save and load without a heap. A graph (a dense layer, its loss and gradient) is saved
   into a static buffer, loaded whole into a new graph whose allocator hands out a static array, compiled and run:
   the same results. Its variables are then saved and loaded back into the first graph. */
#define GIR_NO_MALLOC
#define GIR_NO_STDIO
#define GIR_IMPLEMENTATION
#include "../../gir.h"
#include <string.h>

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

static unsigned char file[8192], vfile[1024];

static gir_status run(gir_graph *g, const gir_node *outs, const float *x, float *res) {
    gir_plan *p = NULL;
    gir_status s = gir_plan_compile(g, 2, outs, NULL, &p);
    if (s) return s;
    if ((s = gir_plan_bind_bytes(p, gir_graph_find(g, "x"), x, 6 * sizeof(float))) == GIR_OK && (s = gir_plan_run(p)) == GIR_OK) {
        memcpy(res, gir_plan_data(p, outs[0]), sizeof(float));
        memcpy(res + 1, gir_plan_data(p, outs[1]), 6 * sizeof(float));
    }
    gir_plan_free(p);
    return s;
}
int main(void) {
    gir_graph_desc d;
    gir_graph *g, *h = NULL;
    gir_node x, w, loss, outs[2], louts[2];
    static const float w0[6] = {0.5f, -1.0f, 0.25f, 2.0f, -0.5f, 1.5f}, xv[6] = {1, 2, 3, 4, 5, 6};
    float r1[7], r2[7];
    size_t n = 0, need = 0, vn = 0;
    char msg[128];
    int nout = 0;
    memset(&d, 0, sizeof d);
    d.allocator.alloc_fn = bump_alloc;
    d.allocator.free_fn = bump_free;
    g = gir_graph_new(&d);
    if (!g) return 2;
    x = gir_name(g, gir_input(g, GIR_DTYPE_F32, gir_shape2(2, 3)), "x");
    w = gir_name(g, gir_variable(g, GIR_DTYPE_F32, gir_shape2(3, 2), w0), "layer/w");
    loss = gir_name(g, gir_sum(g, gir_tanh(g, gir_matmul(g, x, w)), gir_ints0(), 0), "loss");
    outs[0] = loss;
    if (gir_grad(g, loss, 1, &w, &outs[1]) != GIR_OK) return 3;
    if (gir_graph_save(g, 2, outs, NULL, 0, &need) != GIR_OK || need > sizeof file) return 4;
    if (gir_graph_save(g, 2, outs, file, sizeof file, &n) != GIR_OK || n != need) return 5;
    if (gir_graph_load(file, n, &d, &h, 2, louts, &nout, msg, sizeof msg) != GIR_OK || nout != 2) return 6;
    if (run(g, outs, xv, r1) != GIR_OK || run(h, louts, xv, r2) != GIR_OK || memcmp(r1, r2, sizeof r1)) return 7;
    {   /* no allocator: no memory, an error with a message */
        gir_graph *none = NULL;
        if (gir_graph_load(file, n, NULL, &none, 2, louts, &nout, msg, sizeof msg) != GIR_ERR_OUT_OF_MEMORY || !msg[0] || none)
            return 8;
    }
    /* the trained values back: variables by name, into the first graph, without allocating */
    ((float *)gir_node_data(h, gir_graph_find(h, "layer/w")))[0] = 7.0f;
    if (gir_graph_save_variables(h, 0, NULL, vfile, sizeof vfile, &vn) != GIR_OK) return 9;
    need = used;
    if (gir_graph_load_variables(g, vfile, vn, 0) != GIR_OK || used != need) return 10;
    if (((const float *)gir_node_data(g, w))[0] != 7.0f) return 11;
    gir_graph_free(h);
    gir_graph_free(g);
    return 0;
}
