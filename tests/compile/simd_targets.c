/* Cross-compiled for AArch64 (NEON) and Cortex-M55 (Helium, freestanding): the vector kernels of the target
   must be compiled in, warning-free. */
#define GIR_IMPLEMENTATION
#include "../../gir.h"

int gir_test_vector_kernels(void);
/* the cell of an instruction set's elementwise table for an op and compute dtype */
#define V(isa, op, dt) gir__ew_table_##isa[gir__ew_row[op]][(dt) - 1]
#if defined(__aarch64__)
#  if !defined(GIR__HAVE_NEON)
#    error "an AArch64 build without the NEON kernels"
#  endif
int gir_test_vector_kernels(void) {
    return V(neon, GIR_OP_TANH, GIR_DTYPE_F32) != 0 && V(neon, GIR_OP_ERF, GIR_DTYPE_F64) != 0 &&
           V(neon, GIR_OP_ADD, GIR_DTYPE_I32) != 0 && V(neon, GIR_OP_WHERE, GIR_DTYPE_U8) != 0;
}
#elif defined(__ARM_FEATURE_MVE)
#  if !defined(GIR__HAVE_MVE)
#    error "a Helium build without the MVE kernels"
#  endif
int gir_test_vector_kernels(void) {
    return V(mve, GIR_OP_TANH, GIR_DTYPE_F32) != 0 && V(mve, GIR_OP_TANH, GIR_DTYPE_F64) == 0 &&
           V(mve, GIR_OP_ADD, GIR_DTYPE_I32) != 0 && V(mve, GIR_OP_GT, GIR_DTYPE_F64) == 0;
}
#else
#  error "for AArch64 or Cortex-M55"
#endif
