/* The 0.1 names still compile and do what their 0.2 names do (the header's deprecated block; they go in 0.3).
   Built with -Wno-deprecated-declarations, as C99 and C++11; make test also checks that the same file without
   that flag warns at the old names. Every old name of CHANGELOG.md's table is used here once. */
#define GIR_IMPLEMENTATION
#include "../../gir.h"
#include <stdio.h>
#include <string.h>

static int fail(const char *what) {
    printf("deprecated: %s\n", what);
    return 1;
}

int main(void) {
    gir_graph *g = gir_graph_new(NULL), *g2 = NULL;
    gir_node x, w, y, q, ws[1], outs[1];
    gir_plan *p = NULL, *p2 = NULL;
    gir_compile_desc desc;
    gir_init_spec spec;
    float xv[3] = {1.0f, -2.0f, 3.0f};
    unsigned char buf[4096], image[8192];
    char text[64];
    size_t size = 0, bytes = 0, len = 0;
    int n_out = 0;
    FILE *null = fopen("/dev/null", "w");
    if (!g) return fail("no graph");
    memset(&desc, 0, sizeof desc);
    memset(&spec, 0, sizeof spec);
    if (gir_scope_push(g, "layer") != GIR_ERR_OK || strcmp(gir_scope(g), "layer") != 0) return fail("scope");
    x = gir_name(g, gir_input(g, GIR_DTYPE_F32, gir_shape1(3)), "x");
    w = gir_name(g, gir_variable(g, GIR_DTYPE_F32, gir_shape1(3), NULL), "w");
    gir_scope_pop(g);
    spec.kind = GIR_INIT_CONSTANT;
    spec.a = 2.0;
    if (gir_init(g, w, &spec) != GIR_OK) return fail("gir_init_spec");
    y = gir_sum(g, gir_mul(g, x, w), gir_ints0(), 0);
    q = gir_int_div(g, gir_scalar(g, GIR_DTYPE_I32, -7), gir_scalar(g, GIR_DTYPE_I32, 2));
    if (gir_node_op(g, q) != GIR_OP_INT_DIV || GIR_OP_INT_DIV != GIR_OP_FLOORDIV) return fail("gir_int_div");
    if (gir_find(g, "layer/w").id != w.id) return fail("gir_find");
    if (gir_constrain(g, x, y) != GIR_OK) return fail("gir_constrain");
    if (gir_compile_size(g, 1, &y, &desc, &bytes) != GIR_OK || bytes == 0) return fail("gir_compile_size");
    desc.flags = GIR_COMPILE_NO_FUSION;
    if (gir_compile_ex(g, 1, &y, &desc, &p) != GIR_OK || gir_compile(g, 1, &q, &p2) != GIR_OK) return fail("compile");
    if (gir_plan_bind(p, x, xv) != GIR_OK || gir_run(p) != GIR_OK || gir_run(p2) != GIR_OK) return fail("gir_run");
    if (gir_plan_scalar(p, y) != 4.0 || gir_plan_scalar(p2, q) != -4.0) return fail("values");
    if (gir_plan_arena_bytes(p) != gir_plan_query_stats(p).arena_bytes ||
        gir_plan_live_peak(p) != gir_plan_query_stats(p).live_peak ||
        gir_plan_step_count(p) != gir_plan_query_stats(p).steps || gir_plan_step_count(p) < 1 ||
        gir_plan_value_count(p) != gir_plan_query_stats(p).values ||
        gir_plan_fused_groups(p) != 0 || gir_plan_fused_nodes(p) != 0 ||
        gir_plan_inplace_steps(p) != gir_plan_query_stats(p).inplace_steps ||
        gir_plan_folded_steps(p) != gir_plan_query_stats(p).folded_steps ||
        gir_plan_steps_run(p) != gir_plan_query_stats(p).steps_run || gir_plan_steps_run(p) == 0 ||
        gir_plan_pass_count(p, GIR_PASS_MERGED) != gir_plan_query_stats(p).merged ||
        gir_plan_pass_count(p, GIR_PASS_SIMPLIFIED) != gir_plan_query_stats(p).simplified ||
        gir_plan_pass_count(p, GIR_PASS_DEAD) != gir_plan_query_stats(p).dead) return fail("statistics");
    if (gir_plan_image(p, 1, &x, 1, &y, image, sizeof image, &len) != GIR_OK || len == 0) return fail("image");
    if (gir_dump_dot_buf(g, p, text, sizeof text) == 0) return fail("gir_dump_dot_buf");
    if (gir_save_variables(g, 0, NULL, buf, sizeof buf, &size) != GIR_OK) return fail("gir_save_variables");
    if (gir_load_variables(g, buf, size, 0) != GIR_OK) return fail("gir_load_variables");
    if (gir_save_graph(g, 1, &y, buf, sizeof buf, &size) != GIR_OK) return fail("gir_save_graph");
    if (gir_load_graph(buf, size, NULL, &g2, 1, outs, &n_out, text, sizeof text) != GIR_OK || n_out != 1)
        return fail("gir_load_graph");
    if (null) {
        gir_dump(g, null);
        gir_dump_dot(g, p, null);
        ws[0] = w;
        if (gir_save_variables_file(g, 1, ws, null) != GIR_OK || gir_save_graph_file(g, 1, &y, null) != GIR_OK)
            return fail("files");
        fclose(null);
    }
    gir_plan_free(p);
    gir_plan_free(p2);
    gir_graph_free(g2);
    gir_graph_free(g);
    return 0;
}
