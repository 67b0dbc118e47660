/* GIR_NO_ERROR_STRINGS: messages shrink to the status name; errors are still reported. */
#define GIR_NO_ERROR_STRINGS
#define GIR_IMPLEMENTATION
#include "../../gir.h"
#include <string.h>
int main(void) {
    gir_graph *g = gir_graph_new(NULL);
    gir_node a = gir_input(g, GIR_DTYPE_F32, gir_shape2(2, 3)), b = gir_input(g, GIR_DTYPE_F32, gir_shape2(2, 3));
    int ok = gir_matmul(g, a, b).id == 0 && gir_graph_status(g) == GIR_ERR_SHAPE &&
             strcmp(gir_graph_message(g), "incompatible shapes") == 0;
    gir_graph_free(g);
    return ok ? 0 : 1;
}
