#define GIR_STATIC
#define GIR_IMPLEMENTATION
#include "../../gir.h"
double static_a_value(void);
int main(void) {
    gir_graph *g = gir_graph_new(NULL);
    int ok = g != NULL && static_a_value() == 1.0;
    gir_graph_free(g);
    return ok ? 0 : 1;
}
