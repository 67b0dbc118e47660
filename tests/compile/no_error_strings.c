/* GIR_NO_ERROR_STRINGS: messages shrink to the status name; errors are still reported. A plan image keeps a
   short message ("image: " and the status name), a kernel's failure in it too. */
#define GIR_NO_ERROR_STRINGS
#define GIR_IMPLEMENTATION
#include "../../gir.h"
#include <string.h>

/* a Cholesky factor run from a plan image: unbound, then on a matrix that is not positive definite */
static int image_messages(void) {
    static uint64_t img[4096], ram[4096];
    const double bad[4] = {-1, 0, 0, 1};
    char want[64] = "image: ";
    gir_graph *g = gir_graph_new(NULL);
    gir_node x = gir_input(g, GIR_DTYPE_F64, gir_shape2(2, 2));
    gir_node y = gir_cholesky(g, x);
    gir_plan *p = NULL;
    gir_image *m = NULL;
    size_t len = 0, need = 0;
    int ok = gir_plan_compile(g, 1, &y, NULL, &p) == GIR_OK &&
             gir_plan_write_image(p, 1, &x, 1, &y, img, sizeof img, &len) == GIR_OK &&
             gir_image_ram_size(img, len, &need) == GIR_OK && need <= sizeof ram &&
             gir_image_open(img, len, ram, sizeof ram, &m, NULL, 0) == GIR_OK;
    strcat(want, gir_status_name(GIR_ERR_UNBOUND));
    ok = ok && gir_image_run(m) == GIR_ERR_UNBOUND && strcmp(gir_image_message(m), want) == 0;
    ok = ok && gir_image_bind(m, 0, bad, sizeof bad) == GIR_OK && gir_image_run(m) == GIR_ERR_NUMERIC &&
         strcmp(gir_image_message(m), gir_status_name(GIR_ERR_NUMERIC)) == 0;
    gir_plan_free(p);
    gir_graph_free(g);
    return ok;
}

int main(void) {
    gir_graph *g = gir_graph_new(NULL);
    gir_node a = gir_input(g, GIR_DTYPE_F32, gir_shape2(2, 3)), b = gir_input(g, GIR_DTYPE_F32, gir_shape2(2, 3));
    int ok = gir_matmul(g, a, b).id == 0 && gir_graph_status(g) == GIR_ERR_SHAPE &&
             strcmp(gir_graph_message(g), "incompatible shapes") == 0;
    gir_graph_free(g);
    ok = ok && image_messages();
    return ok ? 0 : 1;
}
