/* digits_data.h - the UCI handwritten digits (examples/data/digits.csv) for the gir.h examples: what a PyTorch
   user gets from a data-set library and a DataLoader. Loads the CSV (64 pixels 0..16, then a label 0..9 per line;
   pixels scaled to [0, 1]), shuffles it with a fixed generator and keeps the last 20% as the test set, so every
   example (and examples/torch/digits_data.py) trains and tests on the same split; then hands out shuffled
   minibatches of the training set. */
#ifndef DIGITS_DATA_H
#define DIGITS_DATA_H
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { DIGITS_PIX = 64, DIGITS_CLASSES = 10 };
typedef struct digits_data {
    int      n, n_train, n_test;
    float   *x_train, *x_test;     /* [n_train, 64], [n_test, 64] */
    int32_t *y_train, *y_test;
    int     *order;                /* the training samples in this epoch's order (digits_shuffle) */
} digits_data;

static uint64_t digits_rng = 1;   /* a 64-bit LCG (Knuth's MMIX constants): the split and the epochs' orders */
static uint32_t digits_rand(void) {
    digits_rng = digits_rng * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)(digits_rng >> 32);
}
static void digits_permute(int *idx, int n) {
    int i;
    for (i = n - 1; i > 0; --i) {
        int j = (int)(digits_rand() % (uint32_t)(i + 1)), t = idx[i];
        idx[i] = idx[j];
        idx[j] = t;
    }
}

/* Reads lines of 64 pixels (0..16) and a label (0..9); pixels scaled to [0,1]. Returns the count, -1 on error. */
static int digits_read_csv(const char *path, float **px, int32_t **py) {
    FILE *f = fopen(path, "r");
    char line[1024];
    int n = 0, cap = 0, lineno = 0;
    if (!f) { fprintf(stderr, "error: cannot open %s: %s\n", path, strerror(errno)); return -1; }
    *px = NULL; *py = NULL;
    while (fgets(line, sizeof line, f)) {
        char *s = line, *end;
        int k;
        ++lineno;
        if (strspn(line, " \t\r\n") == strlen(line)) continue;   /* blank line */
        if (n == cap) {
            float *nx;
            int32_t *ny;
            cap = cap ? 2 * cap : 1024;
            nx = (float *)realloc(*px, (size_t)cap * DIGITS_PIX * sizeof(float));
            if (nx) *px = nx;
            ny = (int32_t *)realloc(*py, (size_t)cap * sizeof(int32_t));
            if (ny) *py = ny;
            if (!nx || !ny) { fprintf(stderr, "error: out of memory\n"); goto fail; }
        }
        for (k = 0; k <= DIGITS_PIX; ++k) {
            long v = strtol(s, &end, 10);
            if (end == s || v < 0 || v > (k < DIGITS_PIX ? 16 : DIGITS_CLASSES - 1) || (k < DIGITS_PIX && *end != ','))
                break;
            if (k < DIGITS_PIX) (*px)[(size_t)n * DIGITS_PIX + (size_t)k] = (float)v / 16.0f;
            else (*py)[n] = (int32_t)v;
            s = end + (k < DIGITS_PIX);   /* past the comma */
        }
        if (k <= DIGITS_PIX || strspn(end, " \t\r\n") != strlen(end)) {
            fprintf(stderr, "error: %s:%d: malformed at field %d: want %d comma-separated integers, pixels 0..16 "
                    "then a label 0..9\n", path, lineno, k + 1, DIGITS_PIX + 1);
            goto fail;
        }
        ++n;
    }
    if (ferror(f)) { fprintf(stderr, "error: reading %s: %s\n", path, strerror(errno)); goto fail; }
    fclose(f);
    return n;
fail:
    fclose(f);
    free(*px); free(*py);
    *px = NULL; *py = NULL;
    return -1;
}

static void digits_free(digits_data *d) {
    free(d->x_train); free(d->x_test); free(d->y_train); free(d->y_test); free(d->order);
    memset(d, 0, sizeof *d);
}
/* loads path and splits it: 0 on success; otherwise prints why and returns 1. min_train: the batch size */
static int digits_load(const char *path, int min_train, digits_data *d) {
    float *X = NULL;
    int32_t *Y = NULL;
    int *perm = NULL, i;
    memset(d, 0, sizeof *d);
    if ((d->n = digits_read_csv(path, &X, &Y)) < 0) return 1;
    d->n_test = (d->n + 4) / 5;   /* the last 20% after shuffling */
    d->n_train = d->n - d->n_test;
    if (d->n_train < min_train) {
        fprintf(stderr, "error: %s: only %d samples, need at least %d\n", path, d->n, min_train + (min_train + 3) / 4);
        free(X); free(Y);
        return 1;
    }
    perm = (int *)malloc((size_t)d->n * sizeof(int));
    d->x_train = (float *)malloc((size_t)d->n_train * DIGITS_PIX * sizeof(float));
    d->x_test = (float *)malloc((size_t)d->n_test * DIGITS_PIX * sizeof(float));
    d->y_train = (int32_t *)malloc((size_t)d->n_train * sizeof(int32_t));
    d->y_test = (int32_t *)malloc((size_t)d->n_test * sizeof(int32_t));
    d->order = (int *)malloc((size_t)d->n_train * sizeof(int));
    if (!perm || !d->x_train || !d->x_test || !d->y_train || !d->y_test || !d->order) {
        fprintf(stderr, "error: out of memory\n");
        free(X); free(Y); free(perm); digits_free(d);
        return 1;
    }
    for (i = 0; i < d->n; ++i) perm[i] = i;
    digits_permute(perm, d->n);
    for (i = 0; i < d->n; ++i) {
        int test = i >= d->n_train, j = test ? i - d->n_train : i;
        memcpy((test ? d->x_test : d->x_train) + (size_t)j * DIGITS_PIX, X + (size_t)perm[i] * DIGITS_PIX,
               DIGITS_PIX * sizeof(float));
        (test ? d->y_test : d->y_train)[j] = Y[perm[i]];
    }
    for (i = 0; i < d->n_train; ++i) d->order[i] = i;
    free(X); free(Y); free(perm);
    return 0;
}
/* a new epoch: the training samples in a new order */
static void digits_shuffle(digits_data *d) { digits_permute(d->order, d->n_train); }
/* minibatch b (0, 1, ...) of the epoch's order into x [batch, 64] and y [batch] */
static void digits_batch(const digits_data *d, int b, int batch, float *x, int32_t *y) {
    int i;
    for (i = 0; i < batch; ++i) {
        int s = d->order[b * batch + i];
        memcpy(x + (size_t)i * DIGITS_PIX, d->x_train + (size_t)s * DIGITS_PIX, DIGITS_PIX * sizeof(float));
        y[i] = d->y_train[s];
    }
}
#endif
