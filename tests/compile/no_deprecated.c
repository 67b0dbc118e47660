/* GIR_NO_DEPRECATED leaves out every 0.1 name: this file declares each of them as something else, which would not
   compile if the header still had it. Compiled only (C99 and C++11). */
#define GIR_NO_DEPRECATED
#include "../../gir.h"

#if defined(GIR_ERR_OK) || defined(GIR_OP_INT_DIV) || defined(GIR_DEPRECATED)
#  error "GIR_NO_DEPRECATED left a deprecated macro"
#endif
int gir_int_div, gir_compile, gir_compile_ex, gir_compile_size, gir_run, gir_plan_image, gir_constrain;
int gir_plan_arena_bytes, gir_plan_live_peak, gir_plan_step_count, gir_plan_value_count, gir_plan_fused_groups;
int gir_plan_fused_nodes, gir_plan_inplace_steps, gir_plan_folded_steps, gir_plan_steps_run, gir_plan_pass_count;
int gir_pass_count, GIR_PASS_MERGED, GIR_PASS_SIMPLIFIED, GIR_PASS_DEAD, gir_init_spec;
int gir_find, gir_scope_push, gir_scope_pop, gir_scope, gir_dump_dot_buf, gir_dump, gir_dump_dot;
int gir_save_variables, gir_load_variables, gir_save_graph, gir_load_graph, gir_save_variables_file;
int gir_save_graph_file;
int main(void) {
    return gir_run + GIR_PASS_DEAD;
}
