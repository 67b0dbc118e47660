/* >>select: selective builds (GIR_NO_OPS_<group>, GIR_NO_OP_<op>, GIR_ONLY_OPS) ---------------------------
   The op tables name an op's kernel, vector kernels, adjoint and shape rule only through GIR__IF, so the code
   of a left-out op is never referenced: the compiler drops it (and -ffunction-sections -Wl,--gc-sections what
   is left). gir_op_build fails on a left-out op with GIR_ERR_NOT_BUILT, naming the op and the macro. */
@@OP_SELECT@@
#define GIR__IFS(w, s) GIR__IFS_(w, s)
#define GIR__IFS_(w, s) GIR__IFS_##w(s)
#define GIR__IFS_0(s) s
#define GIR__IFS_1(s) ""
#define GIR__IFS_2(s) ""
#define GIR__IFS_3(s) ""
#if (GIR__SELECTIVE || defined(GIR_ONLY_F32)) && (defined(__GNUC__) || defined(__clang__))
/* the kernels and helpers of left-out ops (and, with GIR_ONLY_F32, of other dtypes) stay defined (static) but
   unreferenced */
#  pragma GCC diagnostic ignored "-Wunused-function"
#endif
