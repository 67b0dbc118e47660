/* image_host.h - the host half of the size programs that run a plan image (infer.c, train.c): prints the image
   of plan p as a C header for the device half: the GIR_ONLY_OPS selection of the ops it uses (and GIR_ONLY_F32
   when its float values are f32 and none f64), the RAM it needs on the device (gir_image_ram_size_for) and its bytes
   in a const (flash) array aligned to 8. Needs gir.h's implementation and stdio. */
#ifndef SIZE_IMAGE_HOST_H
#define SIZE_IMAGE_HOST_H
#include <stdio.h>
#include <stdlib.h>

static int size_print_image(gir_plan *p, int n_in, const gir_node *ins, int n_out, const gir_node *outs) {
    size_t len = 0, ram = 0, k;
    unsigned char *img;
    gir_op ops[GIR_OP__COUNT];
    int n, j;
    /* the device: a Cortex-M4 (32-bit, no vectors) built as size.sh builds it (GIR_NO_PACKED_GEMM,
       GIR_NO_ERROR_STRINGS) */
    const gir_image_target m4 = {4, "scalar", 0, 0};
    if (gir_plan_write_image(p, n_in, ins, n_out, outs, NULL, 0, &len) != GIR_OK || !(img = (unsigned char *)malloc(len))) {
        fprintf(stderr, "image: %s\n", gir_plan_message(p));
        return 1;
    }
    if (gir_plan_write_image(p, n_in, ins, n_out, outs, img, len, &len) != GIR_OK ||
        gir_image_ram_size_for(img, len, &m4, &ram) != GIR_OK || (n = gir_image_ops(img, len, ops, GIR_OP__COUNT)) < 0) {
        fprintf(stderr, "image: %s\n", gir_plan_message(p));
        free(img);
        return 1;
    }
    printf("/* written by the host half of the program (SIZE_HOST): a plan image of %lu bytes */\n", (unsigned long)len);
    printf("#define GIR_ONLY_OPS\n#define GIR_ONLY_OPS_NO_GRAD\n");
    for (j = 0; j < n; ++j) {
        const char *c = gir_op_name(ops[j]);
        printf("#define GIR_WITH_OP_");
        for (; *c; ++c) putchar(*c >= 'a' && *c <= 'z' ? *c - 'a' + 'A' : *c);
        putchar('\n');
    }
    /* float work in f32 only (i32 labels and b8 masks beside it run on the f32 kernels): no f64 code */
    if ((gir_image_dtypes(img, len) & (1u << GIR_DTYPE_F32)) && !(gir_image_dtypes(img, len) & (1u << GIR_DTYPE_F64)))
        printf("#define GIR_ONLY_F32\n");
    printf("#define SIZE_IMAGE_RAM %lu\n", (unsigned long)ram);
    printf("#include <stdint.h>\nstatic const union { unsigned char b[%lu]; uint64_t align; } size_image = {{", (unsigned long)len);
    for (k = 0; k < len; ++k) printf("%s%u", k % 24 ? "," : k ? ",\n" : "\n", img[k]);
    printf("\n}};\n");
    free(img);
    return 0;
}
#endif
