/* onnx_digits.c - a CNN trained in PyTorch, imported into gir.h from ONNX, checked, fine-tuned,
   and sent on: as a plan image for a Cortex-M, and as ONNX again.
     1. imports examples/data/digits_cnn.onnx with its weights as variables: conv 3x3 - ReLU -
        2x2 max pool, twice, then a dense layer, trained for 2 epochs by the PyTorch twin,
        examples/torch/onnx_digits.py. Checks that it gets PyTorch's count of correct test images
        and PyTorch's logits of the last one (digits_cnn.txt); exits 1 otherwise
     2. fine-tunes it: a loss on the imported logits, gradients through every imported op, SGD with
        momentum inside the training plan (gir_optim_updates), 4 epochs; the twin fine-tunes the
        same way on the same batches, and the counts of correct test images must agree within 2
     3. writes the one-image inference plan as a plan image (README: Firmware: plan images)
     4. exports the fine-tuned model (gir_onnx_export) and writes its count of correct test images
        and last logits beside it, for examples/onnx_digits_ort.js to check in ONNX Runtime
   The model is imported twice: for batches of 32 to train, and for one image at a time to test and
   deploy; the weights go from the one to the other by name (gir_graph_save_variables).
   Build and run (from the repository root; make onnx-demo runs it all):
       gcc -std=c99 -O2 -I. examples/onnx_digits.c -o build/onnx_digits -lm
       ./build/onnx_digits [digits.csv [model.onnx [out.img [out.onnx]]]]                         */
#define GIR_IMPLEMENTATION
#include "gir.h"
#include "digits_data.h"
#include <math.h>

enum { BATCH = 32, EPOCHS = 4, CLASSES = DIGITS_CLASSES, MAX_VARS = 16 };
static const double LR = 0.02, MOMENTUM = 0.9;

/* the model in a new graph, for `batch` images at a time: its input and its logits */
static gir_graph *import(const char *path, int32_t batch, gir_node *images, gir_node *logits) {
    const char *dim = "batch";   /* the symbolic batch axis of the model's input and output */
    gir_onnx_desc desc = {0};
    gir_graph *g = NULL;
    char msg[256];
    int n_out = 0;
    desc.variables = 1;   /* the weights become variables: trainable */
    desc.n_dims = 1;
    desc.dim_names = &dim;
    desc.dim_values = &batch;
    gir_status st = gir_onnx_import_file(path, &desc, &g, 1, logits, &n_out, msg, sizeof msg);
    if (st == GIR_OK && n_out != 1) {
        gir_graph_free(g);
        snprintf(msg, sizeof msg, "%d outputs, want 1 (the logits)", n_out);
        st = GIR_ERR_UNSUPPORTED;
    }
    if (st) return fprintf(stderr, "error: %s: %s\n", path, msg), NULL;
    *images = gir_graph_input(g, 0);
    return g;
}

/* correct predictions on the test images, one at a time; the plan computes pred = argmax(logits) */
static int test_correct(gir_plan *p, gir_node images, gir_node pred, const digits_data *d) {
    int hits = 0;
    for (int i = 0; i < d->n_test; ++i) {
        gir_plan_bind(p, images, d->x_test + (size_t)i * DIGITS_PIX);
        if (gir_plan_run(p))
            return fprintf(stderr, "error: testing: %s\n", gir_plan_message(p)), -1;
        hits += gir_plan_scalar(p, pred) == d->y_test[i];
    }
    return hits;
}

/* "correct N of M" and the logits of the last test image: PyTorch's (read, with "tuned N", its
   count after the same fine-tuning) or gir.h's (written) */
static int read_ref(const char *path, int *correct, float *z, int *tuned) {
    FILE *f = fopen(path, "r");
    int ok = f && fscanf(f, "correct %d of %*d logits_last", correct) == 1;
    for (int k = 0; ok && k < CLASSES; ++k) ok = fscanf(f, "%f", &z[k]) == 1;
    ok = ok && fscanf(f, " tuned %d", tuned) == 1;
    if (f) fclose(f);
    return ok ? 0 : (fprintf(stderr, "error: %s: want correct, logits_last, tuned\n", path), 1);
}
static int write_ref(const char *path, int correct, int n, const float *z) {
    FILE *f = fopen(path, "w");
    if (!f) return fprintf(stderr, "error: cannot write %s\n", path), 1;
    fprintf(f, "correct %d of %d\nlogits_last", correct, n);
    for (int k = 0; k < CLASSES; ++k) fprintf(f, " %.9g", z[k]);
    fprintf(f, "\n");
    return fclose(f) != 0;
}
/* path with its ".onnx" replaced by ".txt" */
static const char *txt_path(const char *onnx, char *buf, size_t cap) {
    snprintf(buf, cap, "%.*s.txt", (int)strlen(onnx) - 5, onnx);
    return buf;
}

/* the weights (variables w[0..n-1] of `from`) into the variables of the same names in `to` */
static int copy_weights(gir_graph *from, int n, const gir_node *w, gir_graph *to) {
    static unsigned char buf[1 << 16];
    size_t size = 0;
    return gir_graph_save_variables(from, n, w, buf, sizeof buf, &size) ||
           gir_graph_load_variables(to, buf, size, 0);
}

/* the plan as an image file, its outputs the logits and the class; prints its size and the RAM a
   device needs to run it */
static int write_image(gir_plan *p, gir_node images, const gir_node *outs, const char *path) {
    static unsigned char img[1 << 16];
    size_t len = 0, ram = 0;
    if (gir_plan_write_image(p, 1, &images, 2, outs, img, sizeof img, &len) ||
        gir_image_ram_size(img, len, &ram))
        return fprintf(stderr, "error: image: %s\n", gir_plan_message(p)), 1;
    FILE *f = fopen(path, "wb");
    int rc = !f || fwrite(img, 1, len, f) != len;
    if ((f && fclose(f)) || rc) return fprintf(stderr, "error: cannot write %s\n", path), 1;
    printf("plan image %s: %lu bytes, %lu bytes of RAM to run\n",
           path, (unsigned long)len, (unsigned long)ram);
    return 0;
}

int main(int argc, char **argv) {
    const char *csv = argc > 1 ? argv[1] : "examples/data/digits.csv";
    const char *model = argc > 2 ? argv[2] : "examples/data/digits_cnn.onnx";
    const char *image = argc > 3 ? argv[3] : "build/digits_cnn.img";
    const char *tuned = argc > 4 ? argv[4] : "build/digits_cnn_tuned.onnx";
    static float xb[BATCH * DIGITS_PIX];
    int32_t yb[BATCH];
    float ref[CLASSES];
    char txt[512];
    int rc = 1, ref_correct, ref_tuned, correct, nvar, nb;
    digits_data d;
    gir_node x, logits, x1, logits1, var[MAX_VARS], grads[MAX_VARS];
    gir_node outs[2 + GIR_OPTIM_MAX_UPDATES(MAX_VARS)];
    gir_plan *train = NULL, *test = NULL;
    gir_compile_desc no_fusion = {0};
    if (digits_load(csv, BATCH, &d)) return 1;
    gir_graph *g = import(model, BATCH, &x, &logits);
    gir_graph *dev = g ? import(model, 1, &x1, &logits1) : NULL;
    if (!g || !dev) goto done;
    /* one image at a time: the test, and the device's plan (images hold unfused steps) */
    gir_node dev_outs[2] = {logits1, gir_argmax(dev, logits1, 1, 0)};
    no_fusion.flags = GIR_COMPILE_NO_FUSION;
    if (gir_plan_compile(dev, 2, dev_outs, &no_fusion, &test)) {
        fprintf(stderr, "error: %s\n", gir_graph_message(dev));
        goto done;
    }
    /* 1. PyTorch's count of correct test images, and its logits of the last */
    if (read_ref(txt_path(model, txt, sizeof txt), &ref_correct, ref, &ref_tuned) ||
        (correct = test_correct(test, x1, dev_outs[1], &d)) < 0)
        goto done;
    const float *zl = (const float *)gir_plan_data(test, logits1);   /* of the last test image */
    double dz = 0;
    for (int k = 0; k < CLASSES; ++k) dz = fmax(dz, fabs(zl[k] - ref[k]));
    printf("imported %s: test accuracy %.2f%% (%d of %d; PyTorch: %d), "
           "logits of the last test image within %.1e of PyTorch's\n",
           model, 100.0 * correct / d.n_test, correct, d.n_test, ref_correct, dz);
    if (correct != ref_correct || !(dz < 1e-4)) {
        fprintf(stderr, "error: gir.h's results differ from PyTorch's\n");
        goto done;
    }
    /* 2. fine-tuning: the loss on the imported logits, its gradients, the updates */
    gir_node labels = gir_input(g, GIR_DTYPE_I32, gir_shape1(BATCH));
    gir_node lr = gir_input(g, GIR_DTYPE_F64, gir_shape0());
    gir_optim_desc opt = gir_optim_defaults(GIR_OPTIM_SGD);
    opt.momentum = MOMENTUM;
    if ((nvar = gir_graph_variable_count(g)) > MAX_VARS) {   /* the weights, as imported */
        fprintf(stderr, "error: %d variables, at most %d\n", nvar, MAX_VARS);
        goto done;
    }
    for (int k = 0; k < nvar; ++k) var[k] = gir_graph_variable(g, k);
    outs[0] = gir_mean(g, gir_xent_logits(g, logits, labels), gir_ints0(), 0);
    outs[1] = gir_sum(g, gir_cast(g, gir_eq(g, gir_argmax(g, logits, 1, 0), labels), GIR_DTYPE_I32),
                      gir_ints0(), 0);
    gir_grad(g, outs[0], nvar, var, grads);
    int nout = 2 + gir_optim_updates(g, &opt, nvar, var, grads, lr, outs + 2);
    if (gir_graph_status(g) || gir_plan_compile(g, nout, outs, NULL, &train)) {
        fprintf(stderr, "error: building the training step: %s\n", gir_graph_message(g));
        goto done;
    }
    gir_plan_bind(train, x, xb);
    gir_plan_bind(train, labels, yb);
    gir_plan_bind(train, lr, &LR);
    nb = d.n_train / BATCH;
    printf("fine-tuning %d variables: batch %d, SGD lr %g momentum %g\n",
           nvar, BATCH, LR, MOMENTUM);
    printf("%5s %10s %10s %10s\n", "epoch", "loss", "train acc", "test acc");
    for (int epoch = 1; epoch <= EPOCHS; ++epoch) {
        double sum_loss = 0, hits = 0;
        digits_shuffle(&d);
        for (int b = 0; b < nb; ++b) {
            digits_batch(&d, b, BATCH, xb, yb);
            if (gir_plan_run(train)) {
                fprintf(stderr, "error: training: %s\n", gir_plan_message(train));
                goto done;
            }
            sum_loss += gir_plan_scalar(train, outs[0]);
            hits += gir_plan_scalar(train, outs[1]);
        }
        if (copy_weights(g, nvar, var, dev)) {
            fprintf(stderr, "error: %s%s\n", gir_graph_message(g), gir_graph_message(dev));
            goto done;
        }
        if ((correct = test_correct(test, x1, dev_outs[1], &d)) < 0) goto done;
        printf("%5d %10.5f %9.2f%% %9.2f%%\n", epoch, sum_loss / nb,
               100.0 * hits / (nb * BATCH), 100.0 * correct / d.n_test);
    }
    /* the twin fine-tunes the same weights on the same batches: float32 rounding may differ */
    printf("PyTorch, fine-tuned the same way: test accuracy %.2f%% (%d of %d)\n",
           100.0 * ref_tuned / d.n_test, ref_tuned, d.n_test);
    if (abs(correct - ref_tuned) > 2) {
        fprintf(stderr, "error: more than 2 test images from PyTorch's fine-tuning\n");
        goto done;
    }
    /* 3. the device's plan as an image */
    if (write_image(test, x1, dev_outs, image)) goto done;
    /* 4. the fine-tuned model as ONNX, and its results beside it */
    FILE *f = fopen(tuned, "wb");
    rc = !f || gir_onnx_export_file(dev, 1, &logits1, f);
    if ((f && fclose(f)) || rc) {
        fprintf(stderr, "error: export to %s: %s\n",
                tuned, f ? gir_graph_message(dev) : "cannot open");
        rc = 1;
        goto done;
    }
    printf("exported %s\n", tuned);
    rc = write_ref(txt_path(tuned, txt, sizeof txt), correct, d.n_test, zl);
done:
    gir_plan_free(train);
    gir_plan_free(test);
    gir_graph_free(g);
    gir_graph_free(dev);
    digits_free(&d);
    return rc;
}
