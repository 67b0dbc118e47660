/* grad_order - the nodes of a gradient are numbered the same by every compiler.
     grad_order > out.txt   builds a graph of many ops whose adjoints nest builder calls, takes gir_grad, a
                            second order gradient and a Hessian, and writes the graph's DOT text and its save file
                            (as hex) to stdout.
   Training pieces (clipping, schedules, optimizers, batch norm's running statistics) follow the gradients.
   C leaves the order in which a call's arguments are evaluated unspecified; gir.h's adjoints build their nodes in
   statements of a fixed order, so the output of a gcc build and a clang build must be the same bytes
   (tests/run_all.sh compares them). */
#define GIR_IMPLEMENTATION
#include "../../gir.h"

static gir_node total(gir_graph *g, gir_node t) { return gir_sum(g, t, gir_ints0(), 0); }

/* a scalar loss of x [3,4], w [4,5], b [5], a [3,4], c [3,4], m [3,3] touching ops with nested adjoints. Written
   itself with at most one node-building argument per call, so that its own nodes come in one order */
static gir_node loss_of(gir_graph *g, const gir_node *in) {
    gir_node x = in[0], w = in[1], b = in[2], a = in[3], c = in[4], m = in[5], h, s, u, v, t[12];
    h = gir_tanh(g, gir_add(g, gir_matmul(g, x, w), b));
    s = gir_softmax(g, h, -1);
    t[0] = total(g, gir_mul(g, s, gir_log_softmax(g, h, 0)));
    u = gir_abs(g, a);
    t[1] = total(g, gir_pow(g, gir_add(g, u, gir_scalar(g, GIR_DTYPE_F64, 0.5)), c));
    t[2] = total(g, gir_maximum(g, a, c));
    v = gir_square(g, c);
    u = gir_add(g, v, gir_scalar(g, GIR_DTYPE_F64, 1));
    t[3] = total(g, gir_minimum(g, gir_div(g, a, u), x));
    u = gir_exp(g, gir_neg(g, a));
    t[4] = total(g, gir_sigmoid(g, gir_mul(g, u, gir_sin(g, c))));
    t[5] = total(g, gir_logsumexp(g, gir_mul(g, x, a), gir_ints1(1), 0));
    t[6] = total(g, gir_var(g, gir_sub(g, x, c), gir_ints1(0), 1, 1));
    t[7] = total(g, gir_max(g, gir_mul(g, a, c), gir_ints1(1), 0));
    u = gir_gt(g, a, c);
    v = gir_gelu(g, x);
    t[8] = total(g, gir_where(g, u, v, gir_softplus(g, c)));
    v = gir_square(g, a);
    u = gir_sqrt(g, gir_add(g, v, gir_scalar(g, GIR_DTYPE_F64, 1)));
    t[9] = total(g, gir_prod(g, gir_add(g, u, gir_atan(g, c)), gir_ints1(0), 0));
    u = gir_matmul(g, m, gir_transpose(g, m, gir_ints0()));
    t[10] = total(g, gir_cholesky(g, gir_add(g, u, gir_eye(g, GIR_DTYPE_F64, 3, 3, 0))));
    u = gir_mul(g, x, c);
    v = gir_ones(g, GIR_DTYPE_F64, gir_shape1(4));
    t[11] = total(g, gir_layer_norm(g, u, v, gir_zeros(g, GIR_DTYPE_F64, gir_shape1(4)), -1, 1e-5));
    return gir_add_n(g, 12, t);
}
static void hex(const unsigned char *p, size_t n) {
    size_t k;
    for (k = 0; k < n; ++k) printf("%02x%s", p[k], k % 32 == 31 || k + 1 == n ? "\n" : "");
}
int main(void) {
    gir_graph *g = gir_graph_new(NULL);
    gir_node in[6], d[6], dd[2], outs[32], y, y2, hess;
    unsigned char *buf;
    size_t n = 0;
    int k, nout;
    in[0] = gir_input(g, GIR_DTYPE_F64, gir_shape2(3, 4));
    in[1] = gir_variable(g, GIR_DTYPE_F64, gir_shape2(4, 5), NULL);
    in[2] = gir_variable(g, GIR_DTYPE_F64, gir_shape1(5), NULL);
    in[3] = gir_input(g, GIR_DTYPE_F64, gir_shape2(3, 4));
    in[4] = gir_input(g, GIR_DTYPE_F64, gir_shape2(3, 4));
    in[5] = gir_input(g, GIR_DTYPE_F64, gir_shape2(3, 3));
    y = loss_of(g, in);
    if (gir_grad(g, y, 6, in, d) != GIR_OK) { printf("grad: %s\n", gir_graph_message(g)); return 1; }
    /* second order: the gradient of a function of the gradients */
    y2 = total(g, gir_mul(g, d[0], d[3]));
    y2 = gir_add(g, y2, total(g, gir_square(g, d[4])));
    if (gir_grad(g, y2, 2, in + 3, dd) != GIR_OK) {
        printf("grad of grad: %s\n", gir_graph_message(g));
        return 1;
    }
    y2 = gir_exp(g, in[2]);
    if (gir_hessian(g, total(g, gir_pow(g, y2, gir_tanh(g, in[2]))), in[2], &hess) != GIR_OK) {
        printf("hessian: %s\n", gir_graph_message(g));
        return 1;
    }
    outs[0] = y;
    for (k = 0; k < 6; ++k) outs[1 + k] = d[k];
    outs[7] = dd[0]; outs[8] = dd[1]; outs[9] = hess;
    /* training: clipping, schedules, Adam (AdamW, amsgrad), SGD (momentum, nesterov), batch norm's statistics */
    {
        gir_node step = gir_input(g, GIR_DTYPE_F64, gir_shape0()), lr, clipped[2], sgd_p, bn, bx;
        gir_optim_desc od = gir_optim_defaults(GIR_OPTIM_ADAMW);
        int nu;
        lr = gir_lr_cosine(g, step, 0.1, 0.01, 50);
        lr = gir_mul(g, lr, gir_lr_step_decay(g, step, 1.0, 10, 0.5));
        outs[10] = gir_clip_grad_norm(g, 2, d + 1, 1.0, clipped);
        od.amsgrad = 1;
        nu = gir_optim_updates(g, &od, 2, in + 1, clipped, lr, outs + 11);
        od = gir_optim_defaults(GIR_OPTIM_SGD);
        od.momentum = 0.9; od.nesterov = 1; od.weight_decay = 0.01;
        sgd_p = gir_variable(g, GIR_DTYPE_F64, gir_shape1(5), NULL);
        nu += gir_optim_updates(g, &od, 1, &sgd_p, d + 2, lr, outs + 11 + nu);
        bx = gir_input(g, GIR_DTYPE_F64, gir_shape2(4, 3));
        bn = gir_variable(g, GIR_DTYPE_F64, gir_shape1(3), NULL);
        outs[11 + nu] = gir_batch_norm_running(g, bx, bn, bn, 0.1, 1e-5, NULL);
        nout = 12 + nu;
    }
    printf("nodes %lu, outputs", (unsigned long)gir_graph_node_count(g));
    for (k = 0; k < nout; ++k) printf(" %u", (unsigned)outs[k].id);
    printf("\n");
    gir_graph_dump_dot(g, NULL, stdout);
    if (gir_graph_save(g, nout, outs, NULL, 0, &n) != GIR_OK || !(buf = (unsigned char *)malloc(n)) ||
        gir_graph_save(g, nout, outs, buf, n, &n) != GIR_OK) {
        printf("save: %s\n", gir_graph_message(g));
        return 1;
    }
    hex(buf, n);
    free(buf);
    gir_graph_free(g);
    return 0;
}
