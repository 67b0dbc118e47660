/* onnx_digits.c - a CNN trained in PyTorch, imported into gir.h from ONNX, checked, fine-tuned,
   and sent on as ONNX again.
     1. imports examples/data/digits_cnn.onnx with its weights as variables: conv 3x3 - ReLU -
        2x2 max pool, twice, then a dense layer, trained for 2 epochs by the PyTorch twin,
        examples/torch/onnx_digits.py. Checks that it gets PyTorch's count of correct test images
        and PyTorch's logits of the last one (digits_cnn.txt); exits 1 otherwise
     2. fine-tunes it: a loss on the imported logits, gradients through every imported op, SGD with
        momentum inside the training plan (gir_train_compile), 4 epochs; the twin fine-tunes the
        same way on the same batches, and the counts of correct test images must agree within 2
     3. exports the fine-tuned model (gir_onnx_export) and writes its count of correct test images
        and last logits beside it, for examples/onnx_digits_ort.js to check in ONNX Runtime
   The model is imported twice: for batches of 32 to train, and for one image at a time to test;
   the weights go from the one to the other by name (gir_graph_save_variables). The same model as a
   plan image for a device: tools/gir-onnx.c image (README: ONNX models); plan images on a
   Cortex-M: examples/firmware.
   Any failure prints its message and exits 1 (gir.h never exits: each call returns a status).
   Build and run (from the repository root; make onnx-demo runs it all):
       gcc -std=c99 -O2 -I. examples/onnx_digits.c -o build/onnx_digits -lm
       ./build/onnx_digits [digits.csv [model.onnx [out.onnx]]]                                   */
#define GIR_IMPLEMENTATION
#include "gir.h"
#include "digits_data.h"
#include <math.h>

enum { BATCH = 32, EPOCHS = 4, CLASSES = DIGITS_CLASSES };
static const double LR = 0.02, MOMENTUM = 0.9;

/* the example's error handling: a failed step prints what failed and why, and exits */
static void check(int failed, const char *what, const char *why) {
    if (!failed)
        return;
    fprintf(stderr, "error: %s: %s\n", what, why);
    exit(1);
}

/* the model in a new graph, for `batch` images at a time (the value of its symbolic batch axis),
   with its weights as variables: trainable. Its input is gir_graph_input(g, 0); *logits is its
   first output */
static gir_graph *import(const char *path, int32_t batch, gir_node *logits) {
    const char *dim = "batch";
    gir_onnx_desc desc = {.variables = 1, .n_dims = 1, .dim_names = &dim, .dim_values = &batch};
    gir_graph *g;
    char msg[256];
    check(gir_onnx_import_file(path, &desc, &g, 1, logits, NULL, msg, sizeof msg), path, msg);
    return g;
}

/* the model for one image at a time, to test */
typedef struct one_image {
    gir_graph *g;
    gir_plan *plan;
    gir_node x, out[2];  /* the image; the logits and the class */
} one_image;

static one_image import_one_image(const char *path) {
    one_image m = {0};
    m.g = import(path, 1, &m.out[0]);
    m.x = gir_graph_input(m.g, 0);
    m.out[1] = gir_argmax(m.g, m.out[0], 1, 0);
    check(gir_plan_compile(m.g, 2, m.out, NULL, &m.plan), path, gir_graph_message(m.g));
    return m;
}

/* correct predictions on the test images, one at a time; the logits of the last stay in m.plan */
static int test_correct(const one_image *m, const digits_data *d) {
    int hits = 0;
    for (int i = 0; i < d->n_test; ++i) {
        gir_plan_bind(m->plan, m->x, d->x_test + i * DIGITS_PIX);
        check(gir_plan_run(m->plan), "testing", gir_plan_message(m->plan));
        hits += gir_plan_scalar(m->plan, m->out[1]) == d->y_test[i];
    }
    return hits;
}

/* path with its ".onnx" replaced by ".txt": "correct N of M", (PyTorch's only) "tuned N", its
   count after the same fine-tuning, and "logits_last" and the logits of the last test image */
static FILE *open_txt(const char *onnx, const char *mode) {
    char path[512];
    snprintf(path, sizeof path, "%.*s.txt", (int)strlen(onnx) - 5, onnx);
    FILE *f = fopen(path, mode);
    check(!f, path, "cannot open");
    return f;
}

/* 1. the imported model against PyTorch: the same count of correct test images, the same logits.
   Returns PyTorch's count after fine-tuning */
static int check_import(const one_image *m, const digits_data *d, const char *model) {
    FILE *f = open_txt(model, "r");
    float ref[CLASSES], z[CLASSES];
    int ref_correct = 0, tuned = 0;
    int ok = fscanf(f, "correct %d of %*d tuned %d logits_last", &ref_correct, &tuned) == 2;
    for (int k = 0; k < CLASSES; ++k)
        ok = ok && fscanf(f, "%f", &ref[k]) == 1;
    fclose(f);
    check(!ok, model, "its .txt wants correct, tuned, logits_last");
    int correct = test_correct(m, d);
    double dz = 0;
    gir_plan_read(m->plan, m->out[0], z, sizeof z);
    for (int k = 0; k < CLASSES; ++k)
        dz = fmax(dz, fabs(z[k] - ref[k]));
    printf("imported %s: %d of %d test images right (PyTorch: %d), "
           "the last one's logits within %.1e of PyTorch's\n",
           model, correct, d->n_test, ref_correct, dz);
    check(correct != ref_correct || dz >= 1e-4, model, "gir.h's results differ from PyTorch's");
    return tuned;
}

/* the weights of `from` into the variables of the same names in `to` (the optimizer's state, which
   `to` lacks, stays behind) */
static void copy_weights(gir_graph *from, gir_graph *to) {
    static unsigned char buf[1 << 16];
    size_t size = 0;
    check(gir_graph_save_variables(from, 0, NULL, buf, sizeof buf, &size), "save",
          gir_graph_message(from));
    check(gir_graph_load_variables(to, buf, size, GIR_LOAD_PARTIAL), "load", gir_graph_message(to));
}

/* 2. fine-tunes the model imported for batches, g: a loss on its logits; gir_train_compile builds
   the gradients of every imported weight and the optimizer's updates, one step a gir_plan_run;
   after each epoch, the weights go to the one-image model and it is tested. Returns its count of
   correct test images */
static int fine_tune(gir_graph *g, gir_node logits, digits_data *d, const one_image *m) {
    static float xb[BATCH * DIGITS_PIX];
    int32_t yb[BATCH];
    gir_node labels = gir_input(g, GIR_DTYPE_I32, gir_shape1(BATCH));
    gir_node loss = gir_mean(g, gir_xent_logits(g, logits, labels), gir_ints0(), 0);
    gir_plan *train = NULL;
    gir_train_desc opt = gir_train_defaults(GIR_OPTIM_SGD, LR);
    int nb = d->n_train / BATCH;
    int correct = 0;
    opt.optim.momentum = MOMENTUM;
    check(gir_train_compile(g, loss, &opt, &train), "the training step", gir_graph_message(g));
    gir_plan_bind(train, gir_graph_input(g, 0), xb);
    gir_plan_bind(train, labels, yb);
    for (int epoch = 1; epoch <= EPOCHS; ++epoch) {
        double sum_loss = 0;
        digits_shuffle(d);
        for (int b = 0; b < nb; ++b) {
            digits_batch(d, b, BATCH, xb, yb);
            check(gir_plan_run(train), "training", gir_plan_message(train));
            sum_loss += gir_plan_scalar(train, loss);
        }
        copy_weights(g, m->g);
        correct = test_correct(m, d);
        printf("fine-tuning, epoch %d: loss %.5f, %d of %d test images right\n",
               epoch, sum_loss / nb, correct, d->n_test);
    }
    gir_plan_free(train);
    return correct;
}

/* 3. the fine-tuned model as ONNX, and beside it its count of correct test images and the
   logits of the last */
static void export_model(const one_image *m, const char *path, int correct, int n) {
    float z[CLASSES];
    FILE *f = fopen(path, "wb");
    check(!f, path, "cannot open");
    check(gir_onnx_export_file(m->g, 1, &m->out[0], f), path, gir_graph_message(m->g));
    check(fclose(f) != 0, path, "cannot write");
    printf("exported %s\n", path);
    gir_plan_read(m->plan, m->out[0], z, sizeof z);
    f = open_txt(path, "w");
    fprintf(f, "correct %d of %d\nlogits_last", correct, n);
    for (int k = 0; k < CLASSES; ++k)
        fprintf(f, " %.9g", z[k]);
    fprintf(f, "\n");
    check(fclose(f) != 0, path, "cannot write its .txt");
}

int main(int argc, char **argv) {
    const char *csv = argc > 1 ? argv[1] : "examples/data/digits.csv";
    const char *model = argc > 2 ? argv[2] : "examples/data/digits_cnn.onnx";
    const char *tuned = argc > 3 ? argv[3] : "build/digits_cnn_tuned.onnx";
    digits_data d;
    gir_node logits;
    check(digits_load(csv, BATCH, &d), csv, "cannot load");
    /* the model twice: for batches to train, for one image at a time to test */
    gir_graph *g = import(model, BATCH, &logits);
    one_image dev = import_one_image(model);
    int ref_tuned = check_import(&dev, &d, model);
    int correct = fine_tune(g, logits, &d, &dev);
    /* the twin fine-tunes the same weights on the same batches: float32 rounding may differ */
    printf("PyTorch, fine-tuned the same way: %d of %d test images right\n", ref_tuned, d.n_test);
    check(abs(correct - ref_tuned) > 2, "fine-tuning", "more than 2 test images from PyTorch's");
    export_model(&dev, tuned, correct, d.n_test);
    gir_plan_free(dev.plan);
    gir_graph_free(dev.g);
    gir_graph_free(g);
    digits_free(&d);
    return 0;
}
