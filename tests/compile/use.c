/* The second translation unit: declarations only. Builds y = sum(relu(x) * 2), runs it, checks the value. */
#include "../../gir.h"
#include <stdio.h>

int main(void) {
    gir_graph *g = gir_graph_new(NULL);
    float xv[4] = {-1.0f, 2.0f, -3.0f, 4.0f};
    gir_node x = gir_input(g, GIR_DTYPE_F32, gir_shape1(4));
    gir_node y = gir_sum(g, gir_mul(g, gir_relu(g, x), gir_scalar(g, GIR_DTYPE_F32, 2.0)), gir_ints0(), 0);
    gir_plan *p = NULL;
    int ok;
    if (gir_plan_compile(g, 1, &y, NULL, &p) != GIR_OK) { printf("%s\n", gir_graph_message(g)); return 1; }
    gir_plan_bind(p, x, xv);
    ok = gir_plan_run(p) == GIR_OK && *(const float *)gir_plan_data(p, y) == 12.0f;
    gir_plan_free(p);
    gir_graph_free(g);
    return ok ? 0 : 1;
}
