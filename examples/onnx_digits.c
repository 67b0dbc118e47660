/* onnx_digits.c - a CNN trained in PyTorch, imported into gir.h from ONNX, checked, fine-tuned,
   and sent on: as a plan image for a Cortex-M, and as ONNX again.
     1. imports examples/data/digits_cnn.onnx with its weights as variables: conv 3x3 - ReLU -
        2x2 max pool, twice, then a dense layer, trained for 2 epochs by the PyTorch twin,
        examples/torch/onnx_digits.py. Checks that it gets PyTorch's count of correct test images
        and PyTorch's logits of the last one (digits_cnn.txt); exits 1 otherwise
     2. fine-tunes it: a loss on the imported logits, gradients through every imported op, SGD with
        momentum inside the training plan (gir_train_compile), 4 epochs; the twin fine-tunes the
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

enum { BATCH = 32, EPOCHS = 4, CLASSES = DIGITS_CLASSES };
static const double LR = 0.02, MOMENTUM = 0.9;

/* the model for one image at a time: the test, and the device's plan */
typedef struct one_image {
    gir_graph *g;
    gir_plan *plan;      /* unfused: plan images hold unfused steps */
    gir_node x, out[2];  /* the image; the logits and the class */
} one_image;

/* the model in a new graph, for `batch` images at a time: its input and its logits (the model's
   first output) */
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
    if (gir_onnx_import_file(path, &desc, &g, 1, logits, &n_out, msg, sizeof msg))
        return fprintf(stderr, "error: %s: %s\n", path, msg), NULL;
    *images = gir_graph_input(g, 0);
    return g;
}
static int import_one_image(const char *path, one_image *m) {
    gir_compile_desc no_fusion = {0};
    no_fusion.flags = GIR_COMPILE_NO_FUSION;
    if (!(m->g = import(path, 1, &m->x, &m->out[0]))) return 1;
    m->out[1] = gir_argmax(m->g, m->out[0], 1, 0);
    if (gir_plan_compile(m->g, 2, m->out, &no_fusion, &m->plan))
        return fprintf(stderr, "error: %s\n", gir_graph_message(m->g)), 1;
    return 0;
}

/* correct predictions on the test images, one at a time; -1 on error */
static int test_correct(const one_image *m, const digits_data *d) {
    int hits = 0;
    for (int i = 0; i < d->n_test; ++i) {
        gir_plan_bind(m->plan, m->x, d->x_test + (size_t)i * DIGITS_PIX);
        if (gir_plan_run(m->plan))
            return fprintf(stderr, "error: testing: %s\n", gir_plan_message(m->plan)), -1;
        hits += gir_plan_scalar(m->plan, m->out[1]) == d->y_test[i];
    }
    return hits;
}
/* the logits of the last test image tested */
static const float *last_logits(const one_image *m) {
    return (const float *)gir_plan_data(m->plan, m->out[0]);
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

/* 1. the imported model against PyTorch: the same count of correct test images, the same logits */
static int check_import(const one_image *m, const digits_data *d, const char *model, int *tuned) {
    float ref[CLASSES];
    char txt[512];
    int correct, ref_correct;
    double dz = 0;
    if (read_ref(txt_path(model, txt, sizeof txt), &ref_correct, ref, tuned) ||
        (correct = test_correct(m, d)) < 0)
        return 1;
    for (int k = 0; k < CLASSES; ++k) dz = fmax(dz, fabs(last_logits(m)[k] - ref[k]));
    printf("imported %s: test accuracy %.2f%% (%d of %d; PyTorch: %d), "
           "logits of the last test image within %.1e of PyTorch's\n",
           model, 100.0 * correct / d->n_test, correct, d->n_test, ref_correct, dz);
    if (correct == ref_correct && dz < 1e-4) return 0;
    return fprintf(stderr, "error: gir.h's results differ from PyTorch's\n"), 1;
}

/* the weights of `from` into the variables of the same names in `to` (the optimizer's state, which
   `to` lacks, stays behind) */
static int copy_weights(gir_graph *from, gir_graph *to) {
    static unsigned char buf[1 << 16];
    size_t size = 0;
    if (gir_graph_save_variables(from, 0, NULL, buf, sizeof buf, &size) ||
        gir_graph_load_variables(to, buf, size, GIR_LOAD_PARTIAL))
        return fprintf(stderr, "error: %s%s\n", gir_graph_message(from), gir_graph_message(to)), 1;
    return 0;
}

/* 2. fine-tunes the model imported for batches, g: a loss on its logits; gir_train_compile builds
   the gradients of every imported weight and the optimizer's updates, one step a gir_plan_run;
   after each epoch, the weights go to the one-image model and it is tested. Returns its count of
   correct test images, -1 on error */
static int fine_tune(gir_graph *g, gir_node x, gir_node logits, digits_data *d, one_image *m) {
    static float xb[BATCH * DIGITS_PIX];
    int32_t yb[BATCH];
    gir_node labels = gir_input(g, GIR_DTYPE_I32, gir_shape1(BATCH));
    gir_node loss = gir_mean(g, gir_xent_logits(g, logits, labels), gir_ints0(), 0);
    gir_node hits = gir_sum(g, gir_cast(g, gir_eq(g, gir_argmax(g, logits, 1, 0), labels),
                                        GIR_DTYPE_I32), gir_ints0(), 0);
    gir_plan *train = NULL;
    gir_train_desc opt = gir_train_defaults(GIR_OPTIM_SGD, LR);
    int nb = d->n_train / BATCH, correct = -1;
    opt.optim.momentum = MOMENTUM;
    opt.n_extra = 1;
    opt.extra = &hits;
    if (gir_train_compile(g, loss, &opt, &train))
        return fprintf(stderr, "error: the training step: %s\n", gir_graph_message(g)), -1;
    gir_plan_bind(train, x, xb);
    gir_plan_bind(train, labels, yb);
    printf("fine-tuning %d weights: batch %d, SGD lr %g momentum %g\n",
           gir_graph_variable_count(m->g), BATCH, LR, MOMENTUM);
    printf("%5s %10s %10s %10s\n", "epoch", "loss", "train acc", "test acc");
    for (int epoch = 1; epoch <= EPOCHS; ++epoch) {
        double sum_loss = 0, sum_hits = 0;
        digits_shuffle(d);
        for (int b = 0; b < nb; ++b) {
            digits_batch(d, b, BATCH, xb, yb);
            if (gir_plan_run(train)) {
                fprintf(stderr, "error: training: %s\n", gir_plan_message(train));
                correct = -1;
                goto done;
            }
            sum_loss += gir_plan_scalar(train, loss);
            sum_hits += gir_plan_scalar(train, hits);
        }
        if (copy_weights(g, m->g) || (correct = test_correct(m, d)) < 0) goto done;
        printf("%5d %10.5f %9.2f%% %9.2f%%\n", epoch, sum_loss / nb,
               100.0 * sum_hits / (nb * BATCH), 100.0 * correct / d->n_test);
    }
done:
    gir_plan_free(train);
    return correct;
}

/* 3. the one-image plan as an image file; prints its size and the RAM a device needs to run it */
static int write_image(const one_image *m, const char *path) {
    static unsigned char img[1 << 16];
    size_t len = 0, ram = 0;
    if (gir_plan_write_image(m->plan, 1, &m->x, 2, m->out, img, sizeof img, &len) ||
        gir_image_ram_size(img, len, &ram))
        return fprintf(stderr, "error: image: %s\n", gir_plan_message(m->plan)), 1;
    FILE *f = fopen(path, "wb");
    int rc = !f || fwrite(img, 1, len, f) != len;
    if ((f && fclose(f)) || rc) return fprintf(stderr, "error: cannot write %s\n", path), 1;
    printf("plan image %s: %lu bytes, %lu bytes of RAM to run\n",
           path, (unsigned long)len, (unsigned long)ram);
    return 0;
}

/* 4. the fine-tuned model as ONNX, and beside it its count of correct test images and the
   logits of the last */
static int export_model(const one_image *m, const char *path, int correct, int n) {
    char txt[512];
    FILE *f = fopen(path, "wb");
    int rc = !f || gir_onnx_export_file(m->g, 1, &m->out[0], f);
    if ((f && fclose(f)) || rc) {
        const char *why = f ? gir_graph_message(m->g) : "cannot open";
        return fprintf(stderr, "error: export to %s: %s\n", path, why), 1;
    }
    printf("exported %s\n", path);
    return write_ref(txt_path(path, txt, sizeof txt), correct, n, last_logits(m));
}

int main(int argc, char **argv) {
    const char *csv = argc > 1 ? argv[1] : "examples/data/digits.csv";
    const char *model = argc > 2 ? argv[2] : "examples/data/digits_cnn.onnx";
    const char *image = argc > 3 ? argv[3] : "build/digits_cnn.img";
    const char *tuned = argc > 4 ? argv[4] : "build/digits_cnn_tuned.onnx";
    one_image dev = {0};
    gir_node x, logits;
    digits_data d;
    int rc = 1, ref_tuned, correct;
    if (digits_load(csv, BATCH, &d)) return 1;
    /* the model twice: for batches to train, for one image at a time to test and deploy */
    gir_graph *g = import(model, BATCH, &x, &logits);
    if (!g || import_one_image(model, &dev) || check_import(&dev, &d, model, &ref_tuned) ||
        (correct = fine_tune(g, x, logits, &d, &dev)) < 0)
        goto done;
    /* the twin fine-tunes the same weights on the same batches: float32 rounding may differ */
    printf("PyTorch, fine-tuned the same way: test accuracy %.2f%% (%d of %d)\n",
           100.0 * ref_tuned / d.n_test, ref_tuned, d.n_test);
    if (abs(correct - ref_tuned) > 2) {
        fprintf(stderr, "error: more than 2 test images from PyTorch's fine-tuning\n");
        goto done;
    }
    rc = write_image(&dev, image) || export_model(&dev, tuned, correct, d.n_test);
done:
    gir_plan_free(dev.plan);
    gir_graph_free(dev.g);
    gir_graph_free(g);
    digits_free(&d);
    return rc;
}
