/* image_lstm.c - an LSTM training step as a plan image: the cell a function, gir_scan running it over the steps,
   the gradients through the scan and Adam's updates in one f32 plan, written as an image before the first step
   and run from it on the same inputs as the plan. After every step the loss and every variable (the weights and
   Adam's state, which the image keeps in its RAM) must have the plan's bytes. Three cases: the cell unrolled in
   the graph (no calls, which images have always taken: it proves the comparison itself), a scan keeping every
   step's carries and a scan with checkpoints (GIR_SCAN_CHECKPOINT_AUTO). A scan's image must not grow with the
   sequence: the image of 1,000 steps is within 1,024 bytes of the image of 10. Small enough for Cortex-M4 (16 MiB
   of RAM) and for the Cortex-M55's 512 KiB ITCM under qemu (tests/cross/run.sh: m4img, m55img); make test runs it
   on the host. Prints a line per check, then "N passed, N failed"; the exit status is the number of failures.
       gcc -std=c99 -O2 tests/programs/image_lstm.c -o build/image_lstm -lm && ./build/image_lstm            */
#define GIR_IMPLEMENTATION
#include "../../gir.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>

/* batch, input, hidden and readout sizes, the sequence, the long sequence of the size check, training steps */
enum { B = 4, I = 3, H = 8, O = 2, T = 10, T_LONG = 1000, STEPS = 5, NVAR = 5, NOUT = 1 + GIR_OPTIM_MAX_UPDATES(NVAR) };
enum { UNROLLED, SCAN, SCAN_CHECKPOINT };
static const char *const case_name[3] = {"unrolled", "scan", "scan, checkpointed"};
static const float LR = 0.02f;

static int n_pass, n_fail;
static char why[512];
/* one check's line: "ok   name" or "FAIL name: why" */
static void report(const char *name, int ok) {
    if (ok) { ++n_pass; printf("ok   %s\n", name); }
    else { ++n_fail; printf("FAIL %s: %s\n", name, why[0] ? why : "(no message)"); }
    why[0] = 0;
}

/* the training step: loss, then the updates (compiled); loss, then the variable each update writes (read back) */
typedef struct model {
    gir_graph *g;
    gir_plan *p;
    gir_node x, y, lr, var[NVAR], outs[NOUT], reads[NOUT];
    int nout;
} model;
static void model_free(model *m) { gir_plan_free(m->p); gir_graph_free(m->g); memset(m, 0, sizeof *m); }

/* an LSTM cell (gates i, f, g, o along the 4H axis): z = x w_x + h w_h + b; c' = s(f) c + s(i) tanh(g);
   h' = s(o) tanh(c') */
static void cell(gir_graph *g, gir_node h, gir_node c, gir_node x, const gir_node *w, gir_node *hn, gir_node *cn) {
    gir_node z = gir_add(g, gir_add(g, gir_matmul(g, x, w[0]), gir_matmul(g, h, w[1])), w[2]), gate[4];
    gir_split(g, z, 1, 4, gate);
    *cn = gir_add(g, gir_mul(g, gir_sigmoid(g, gate[1]), c), gir_mul(g, gir_sigmoid(g, gate[0]), gir_tanh(g, gate[2])));
    *hn = gir_mul(g, gir_sigmoid(g, gate[3]), gir_tanh(g, *cn));
}
/* the hidden states of every step, [len * B, H] in step order: the cell over x [len, B, I], from h = c = 0 */
static gir_node lstm(model *m, int kind, int len) {
    gir_graph *g = m->g;
    gir_node h = gir_zeros(g, GIR_DTYPE_F32, gir_shape2(B, H)), c = h, hs[T], xt[T], none = {0, 0};
    int t;
    if (kind == UNROLLED) {                    /* len steps of the cell in the graph itself: len <= T */
        gir_split(g, m->x, 0, len, xt);
        for (t = 0; t < len; ++t) {
            cell(g, h, c, gir_reshape(g, xt[t], gir_shape2(B, I)), m->var, &hs[t], &c);
            h = hs[t];
        }
        return gir_concat(g, len, hs, 0);
    } else {                                   /* the cell as a function (h, c, x_t, w_x, w_h, b) -> (h', c', h') */
        gir_graph *cg = gir_graph_new(NULL);
        gir_node prm[6], res[3], a[6];
        gir_scan_desc d;
        gir_func *f;
        if (!cg) { snprintf(why, sizeof why, "out of memory"); return none; }
        prm[0] = gir_input(cg, GIR_DTYPE_F32, gir_shape2(B, H));
        prm[1] = gir_input(cg, GIR_DTYPE_F32, gir_shape2(B, H));
        prm[2] = gir_input(cg, GIR_DTYPE_F32, gir_shape2(B, I));
        prm[3] = gir_input(cg, GIR_DTYPE_F32, gir_shape2(I, 4 * H));
        prm[4] = gir_input(cg, GIR_DTYPE_F32, gir_shape2(H, 4 * H));
        prm[5] = gir_input(cg, GIR_DTYPE_F32, gir_shape1(4 * H));
        cell(cg, prm[0], prm[1], prm[2], prm + 3, &res[0], &res[1]);
        res[2] = res[0];
        if (!(f = gir_func_new(cg, "lstm_cell", 6, prm, 3, res))) {
            snprintf(why, sizeof why, "the cell: %s", gir_graph_message(cg));
            gir_graph_free(cg);
            return none;
        }
        memset(&d, 0, sizeof d);
        d.length = len; d.n_carry = 2; d.n_xs = 1;
        d.checkpoint = kind == SCAN_CHECKPOINT ? GIR_SCAN_CHECKPOINT_AUTO : 0;
        a[0] = h; a[1] = c; a[2] = m->x;       /* carries, the per-step x, the weights as invariants */
        for (t = 0; t < 3; ++t) a[3 + t] = m->var[t];
        t = gir_scan(g, f, &d, 6, a, 3, res) == GIR_OK;
        gir_graph_free(cg);                    /* the function lives on with the graph that calls it */
        return t ? gir_reshape(g, res[2], gir_shape2(len * B, H)) : none;   /* none: g's error says why */
    }
}
/* the model for a sequence of len steps: an LSTM, a linear readout of every step's h, the mean squared error
   against y, gradients of every variable and Adam (f32 step count: no double on the device); compiled without
   fusion, as an image needs. 0 with `why` set on failure */
static int model_build(model *m, int kind, int len) {
    static const char *const names[NVAR] = {"lstm/w_x", "lstm/w_h", "lstm/b", "head/w", "head/b"};
    gir_shape shapes[NVAR];
    gir_node grads[NVAR], pred;
    gir_optim_desc opt;
    gir_compile_desc cd;
    int k;
    memset(m, 0, sizeof *m);
    shapes[0] = gir_shape2(I, 4 * H); shapes[1] = gir_shape2(H, 4 * H); shapes[2] = gir_shape1(4 * H);
    shapes[3] = gir_shape2(H, O); shapes[4] = gir_shape1(O);
    if (!(m->g = gir_graph_new(NULL))) { snprintf(why, sizeof why, "out of memory"); return 0; }
    for (k = 0; k < NVAR; ++k) {               /* fixed seeds: every build and every target starts alike */
        m->var[k] = gir_name(m->g, gir_variable(m->g, GIR_DTYPE_F32, shapes[k], NULL), names[k]);
        gir_init_uniform(m->g, m->var[k], -0.35, 0.35, (uint64_t)k + 11);
    }
    m->x = gir_input(m->g, GIR_DTYPE_F32, gir_shape3(len, B, I));
    m->y = gir_input(m->g, GIR_DTYPE_F32, gir_shape2(len * B, O));
    m->lr = gir_input(m->g, GIR_DTYPE_F32, gir_shape0());
    pred = gir_add(m->g, gir_matmul(m->g, lstm(m, kind, len), m->var[3]), m->var[4]);
    m->outs[0] = m->reads[0] = gir_mse(m->g, pred, m->y);
    if (gir_grad(m->g, m->outs[0], NVAR, m->var, grads) != GIR_OK) {
        if (!why[0]) snprintf(why, sizeof why, "build: %s", gir_graph_message(m->g));
        return 0;
    }
    opt = gir_optim_defaults(GIR_OPTIM_ADAM);
    opt.step_dtype = GIR_DTYPE_F32;
    m->nout = 1 + gir_optim_updates(m->g, &opt, NVAR, m->var, grads, m->lr, m->outs + 1);
    if (m->nout == 1 || gir_graph_status(m->g) != GIR_OK) {
        snprintf(why, sizeof why, "build: %s", gir_graph_message(m->g));
        return 0;
    }
    for (k = 1; k < m->nout; ++k) m->reads[k] = gir_node_input(m->g, m->outs[k], 0);
    memset(&cd, 0, sizeof cd);
    cd.flags = GIR_COMPILE_NO_FUSION;          /* images refuse fused plans */
    if (gir_plan_compile(m->g, m->nout, m->outs, &cd, &m->p) != GIR_OK) {
        snprintf(why, sizeof why, "compile: %s", gir_graph_message(m->g));
        return 0;
    }
    return 1;
}
/* the image's bytes (buf NULL: only *len); 0 with the writer's message in `why` */
static int image_write(model *m, void *buf, size_t *len) {
    gir_node ins[3];
    ins[0] = m->x; ins[1] = m->y; ins[2] = m->lr;
    if (gir_plan_write_image(m->p, 3, ins, m->nout, m->reads, buf, buf ? *len : 0, len) == GIR_OK) return 1;
    snprintf(why, sizeof why, "gir_plan_write_image: %s", gir_plan_message(m->p));
    return 0;
}
/* the name of read k: the loss or the variable */
static const char *read_name(const model *m, int k) {
    const char *s = k ? gir_node_name(m->g, m->reads[k]) : "loss";
    return s && *s ? s : "(unnamed)";
}

/* one case: build, write and open the image before the first step, STEPS steps of the plan and of the image
   compared byte for byte, the loss falling; the scans also the size of their image at T_LONG steps */
static void run_case(int kind, const float *x, const float *y) {
    char name[160];
    model m;
    void *img = NULL, *ramblk = NULL;
    gir_image *im = NULL;
    size_t len = 0, ram = 0;
    float loss[STEPS];
    int built, opened = 0, ran = 0, same = 1, k, s;
    const char *cn = case_name[kind];
    built = model_build(&m, kind, T);
    snprintf(name, sizeof name, "%s: an LSTM training step (T = %d, Adam) builds and compiles without fusion", cn, T);
    report(name, built);
    /* the image, written before the first step and opened in RAM of exactly gir_image_ram_size bytes: both blocks
       malloc'd to the byte, so that under ASan a read or write past either is an error */
    if (built && image_write(&m, NULL, &len)) {
        char msg[256] = "";
        img = malloc(len);
        if (!img) snprintf(why, sizeof why, "no memory for an image of %lu bytes", (unsigned long)len);
        else if (image_write(&m, img, &len)) {
            if (gir_image_ram_size(img, len, &ram) != GIR_OK) snprintf(why, sizeof why, "gir_image_ram_size failed");
            else if (!(ramblk = malloc(ram))) snprintf(why, sizeof why, "no memory for %lu bytes", (unsigned long)ram);
            else if (gir_image_open(img, len, ramblk, ram, &im, msg, sizeof msg) != GIR_OK)
                snprintf(why, sizeof why, "gir_image_open: %s", msg);
            else if (gir_image_bind(im, 0, x, sizeof(float) * T * B * I) != GIR_OK ||
                     gir_image_bind(im, 1, y, sizeof(float) * T * B * O) != GIR_OK ||
                     gir_image_bind(im, 2, &LR, sizeof LR) != GIR_OK)
                snprintf(why, sizeof why, "gir_image_bind: %s", gir_image_message(im));
            else opened = 1;
        }
    } else if (!built) snprintf(why, sizeof why, "no plan");
    if (opened) snprintf(name, sizeof name, "%s: the image (%lu bytes) is written before the first step and opens in "
                         "%lu bytes of RAM, gir_image_ram_size's", cn, (unsigned long)len, (unsigned long)ram);
    else snprintf(name, sizeof name, "%s: the image is written before the first step and opens in gir_image_ram_size "
                  "bytes of RAM", cn);
    report(name, opened);
    /* STEPS steps: the plan's always (it trains without the image), the image's when it opened */
    if (built) {
        gir_plan_bind_bytes(m.p, m.x, x, sizeof(float) * T * B * I);
        gir_plan_bind_bytes(m.p, m.y, y, sizeof(float) * T * B * O);
        gir_plan_bind_bytes(m.p, m.lr, &LR, sizeof LR);
    }
    for (s = 0; built && s < STEPS; ++s) {
        if (gir_plan_run(m.p) != GIR_OK) {
            snprintf(why, sizeof why, "step %d: gir_plan_run: %s", s, gir_plan_message(m.p));
            break;
        }
        loss[s] = *(const float *)gir_plan_data(m.p, m.reads[0]);
        if (opened && same && gir_image_run(im) != GIR_OK) {
            snprintf(why, sizeof why, "step %d: gir_image_run: %s", s, gir_image_message(im));
            same = 0;
        }
        for (k = 0; opened && same && k < m.nout; ++k) {
            size_t want = (size_t)gir_node_numel(m.g, m.reads[k]) * gir_dtype_size(gir_node_dtype(m.g, m.reads[k]));
            size_t got_bytes = 0, j;
            const unsigned char *a = (const unsigned char *)gir_plan_data(m.p, m.reads[k]);
            const unsigned char *b = (const unsigned char *)gir_image_output(im, k, &got_bytes);
            if (!a || !b || got_bytes != want) {
                snprintf(why, sizeof why, "step %d, %s: %lu bytes from the image, %lu from the plan%s", s,
                         read_name(&m, k), (unsigned long)got_bytes, (unsigned long)want, a ? "" : " (no plan data)");
                same = 0;
            } else if (memcmp(a, b, want)) {
                for (j = 0; a[j] == b[j]; ++j) {}
                snprintf(why, sizeof why, "step %d, %s (output %d): byte %lu of %lu differs: plan 0x%02x, image "
                         "0x%02x", s, read_name(&m, k), k, (unsigned long)j, (unsigned long)want, a[j], b[j]);
                same = 0;
            }
        }
        ran = s + 1;
    }
    if (built && opened && ran < STEPS && same) same = 0;   /* the plan failed: `why` says where */
    if (!opened && !why[0]) snprintf(why, sizeof why, "not run: no image (above)");
    snprintf(name, sizeof name, "%s: %d steps from the image give the plan's bytes (the loss and %d variables after "
             "each)", cn, STEPS, built ? m.nout - 1 : 0);
    report(name, built && opened && same);
    if (ran == STEPS && !(loss[STEPS - 1] < loss[0]))
        snprintf(why, sizeof why, "loss %.6f at the first step, %.6f at the last", (double)loss[0],
                 (double)loss[STEPS - 1]);
    else if (ran < STEPS && !why[0]) snprintf(why, sizeof why, "the plan ran %d of %d steps", ran, STEPS);
    snprintf(name, sizeof name, "%s: the plan's loss falls over the %d steps (%.6f -> %.6f)", cn, STEPS,
             ran ? (double)loss[0] : 0.0, ran ? (double)loss[ran - 1] : 0.0);
    report(name, ran == STEPS && loss[STEPS - 1] < loss[0]);
    /* a scan's image holds the cell once: its size does not follow the sequence's length (sized only: buf NULL) */
    if (kind != UNROLLED) {
        model lm;
        size_t llen = 0;
        int ok = 0;
        len = 0;
        memset(&lm, 0, sizeof lm);
        if (!built) snprintf(why, sizeof why, "no plan");
        else if (model_build(&lm, kind, T_LONG) && image_write(&lm, NULL, &llen) && image_write(&m, NULL, &len)) {
            ok = llen <= len + 1024 && len <= llen + 1024;
            if (!ok) snprintf(why, sizeof why, "%lu bytes at T = %d, %lu at T = %d", (unsigned long)llen, T_LONG,
                              (unsigned long)len, T);
        }
        model_free(&lm);
        if (ok) snprintf(name, sizeof name, "%s: the image for T = %d (%lu bytes) is within 1,024 bytes of T = %d's "
                         "(%lu)", cn, T_LONG, (unsigned long)llen, T, (unsigned long)len);
        else snprintf(name, sizeof name, "%s: the image for T = %d is within 1,024 bytes of T = %d's", cn, T_LONG, T);
        report(name, ok);
    }
    free(ramblk);
    free(img);
    model_free(&m);
}

int main(void) {
    static float x[T * B * I], y[T * B * O];
    int t, b, i;
    for (t = 0; t < T; ++t)                    /* a fixed batch: waves in x, the targets waves a step behind */
        for (b = 0; b < B; ++b) {
            for (i = 0; i < I; ++i) x[(t * B + b) * I + i] = sinf(0.37f * (float)t + 0.9f * (float)b + 1.3f * (float)i);
            for (i = 0; i < O; ++i)
                y[(t * B + b) * O + i] = 0.5f * cosf(0.37f * (float)(t - 1) * (float)(i + 1) + 0.9f * (float)b);
        }
    printf("instruction set: %s\n", gir_simd_name());
    run_case(UNROLLED, x, y);
    run_case(SCAN, x, y);
    run_case(SCAN_CHECKPOINT, x, y);
    printf("%d passed, %d failed\n", n_pass, n_fail);
    return n_fail;
}
