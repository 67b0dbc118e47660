/* GIR_STATIC: each translation unit embeds a private copy; two of them link into one program. */
#define GIR_STATIC
#define GIR_IMPLEMENTATION
#include "../../gir.h"
double static_a_value(void);
double static_a_value(void) {
    gir_graph *g = gir_graph_new(NULL);
    gir_node y = gir_exp(g, gir_scalar(g, GIR_DTYPE_F64, 0.0));
    gir_plan *p = NULL;
    double v = -1;
    if (gir_plan_compile(g, 1, &y, NULL, &p) == GIR_OK && gir_plan_run(p) == GIR_OK) v = *(const double *)gir_plan_data(p, y);
    gir_plan_free(p);
    gir_graph_free(g);
    return v;
}
