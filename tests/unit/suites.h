/* suites.h - the suites of the test runner, one per file of tests/unit: written by tests/unit/suites.py
   from that folder (make test checks it is current). Do not edit: add a file, then run the script. */
#if !defined(GIR_TEST_NO_API)
#include "api.c"
#endif
#if !defined(GIR_TEST_NO_BUILD)
#include "build.c"
#endif
#if !defined(GIR_TEST_NO_F32)
#include "f32.c"
#endif
#if !defined(GIR_TEST_NO_FUNC)
#include "func.c"
#endif
#if !defined(GIR_TEST_NO_FUSE)
#include "fuse.c"
#endif
#if !defined(GIR_TEST_NO_FWDMODE)
#include "fwdmode.c"
#endif
#if !defined(GIR_TEST_NO_GEMM)
#include "gemm.c"
#endif
#if !defined(GIR_TEST_NO_GEMV)
#include "gemv.c"
#endif
#if !defined(GIR_TEST_NO_GRAPH)
#include "graph.c"
#endif
#if !defined(GIR_TEST_NO_IMAGE)
#include "image.c"
#endif
#if !defined(GIR_TEST_NO_IMAGE_CALLS)
#include "image_calls.c"
#endif
#if !defined(GIR_TEST_NO_INIT)
#include "init.c"
#endif
#if !defined(GIR_TEST_NO_IO)
#include "io.c"
#endif
#if !defined(GIR_TEST_NO_KERN_NN)
#include "kern_nn.c"
#endif
#if !defined(GIR_TEST_NO_MEMORY)
#include "memory.c"
#endif
#if !defined(GIR_TEST_NO_NAMES)
#include "names.c"
#endif
#if !defined(GIR_TEST_NO_NUMERICS)
#include "numerics.c"
#endif
#if !defined(GIR_TEST_NO_ONNX_IMPORT)
#include "onnx_import.c"
#endif
#if !defined(GIR_TEST_NO_ONNX_READ)
#include "onnx_read.c"
#endif
#if !defined(GIR_TEST_NO_ONNX_WRITE)
#include "onnx_write.c"
#endif
#if !defined(GIR_TEST_NO_OPS)
#include "ops.c"
#endif
#if !defined(GIR_TEST_NO_OVERHEAD)
#include "overhead.c"
#endif
#if !defined(GIR_TEST_NO_PASSES)
#include "passes.c"
#endif
#if !defined(GIR_TEST_NO_PLAN)
#include "plan.c"
#endif
#if !defined(GIR_TEST_NO_PLAN_CALLS)
#include "plan_calls.c"
#endif
#if !defined(GIR_TEST_NO_POOL_GRAD)
#include "pool_grad.c"
#endif
#if !defined(GIR_TEST_NO_RESUME)
#include "resume.c"
#endif
#if !defined(GIR_TEST_NO_SELECT)
#include "select.c"
#endif
#if !defined(GIR_TEST_NO_SEMANTICS)
#include "semantics.c"
#endif
#if !defined(GIR_TEST_NO_SIMD)
#include "simd.c"
#endif
#if !defined(GIR_TEST_NO_SIMD_INT)
#include "simd_int.c"
#endif
#if !defined(GIR_TEST_NO_THREADS)
#include "threads.c"
#endif
#if !defined(GIR_TEST_NO_TRAIN)
#include "train.c"
#endif
#if !defined(GIR_TEST_NO_TRAINER)
#include "trainer.c"
#endif
#if !defined(GIR_TEST_NO_VREDUCE)
#include "vreduce.c"
#endif

static void run_suites(void) {
#if defined(GIR_TEST_NO_API)
    skip_test("api/", "left out of this build (GIR_TEST_NO_API)");
#else
    suite_api();
#endif
#if defined(GIR_TEST_NO_BUILD)
    skip_test("build/", "left out of this build (GIR_TEST_NO_BUILD)");
#else
    suite_build();
#endif
#if defined(GIR_TEST_NO_F32)
    skip_test("f32/", "left out of this build (GIR_TEST_NO_F32)");
#else
    suite_f32();
#endif
#if defined(GIR_TEST_NO_FUNC)
    skip_test("func/", "left out of this build (GIR_TEST_NO_FUNC)");
#else
    suite_func();
#endif
#if defined(GIR_TEST_NO_FUSE)
    skip_test("fuse/", "left out of this build (GIR_TEST_NO_FUSE)");
#else
    suite_fuse();
#endif
#if defined(GIR_TEST_NO_FWDMODE)
    skip_test("fwdmode/", "left out of this build (GIR_TEST_NO_FWDMODE)");
#else
    suite_fwdmode();
#endif
#if defined(GIR_TEST_NO_GEMM)
    skip_test("gemm/", "left out of this build (GIR_TEST_NO_GEMM)");
#else
    suite_gemm();
#endif
#if defined(GIR_TEST_NO_GEMV)
    skip_test("gemv/", "left out of this build (GIR_TEST_NO_GEMV)");
#else
    suite_gemv();
#endif
#if defined(GIR_TEST_NO_GRAPH)
    skip_test("graph/", "left out of this build (GIR_TEST_NO_GRAPH)");
#else
    suite_graph();
#endif
#if defined(GIR_TEST_NO_IMAGE)
    skip_test("image/", "left out of this build (GIR_TEST_NO_IMAGE)");
#else
    suite_image();
#endif
#if defined(GIR_TEST_NO_IMAGE_CALLS)
    skip_test("image_calls/", "left out of this build (GIR_TEST_NO_IMAGE_CALLS)");
#else
    suite_image_calls();
#endif
#if defined(GIR_TEST_NO_INIT)
    skip_test("init/", "left out of this build (GIR_TEST_NO_INIT)");
#else
    suite_init();
#endif
#if defined(GIR_TEST_NO_IO)
    skip_test("io/", "left out of this build (GIR_TEST_NO_IO)");
#else
    suite_io();
#endif
#if defined(GIR_TEST_NO_KERN_NN)
    skip_test("kern_nn/", "left out of this build (GIR_TEST_NO_KERN_NN)");
#else
    suite_kern_nn();
#endif
#if defined(GIR_TEST_NO_MEMORY)
    skip_test("memory/", "left out of this build (GIR_TEST_NO_MEMORY)");
#else
    suite_memory();
#endif
#if defined(GIR_TEST_NO_NAMES)
    skip_test("names/", "left out of this build (GIR_TEST_NO_NAMES)");
#else
    suite_names();
#endif
#if defined(GIR_TEST_NO_NUMERICS)
    skip_test("numerics/", "left out of this build (GIR_TEST_NO_NUMERICS)");
#else
    suite_numerics();
#endif
#if defined(GIR_TEST_NO_ONNX_IMPORT)
    skip_test("onnx_import/", "left out of this build (GIR_TEST_NO_ONNX_IMPORT)");
#else
    suite_onnx_import();
#endif
#if defined(GIR_TEST_NO_ONNX_READ)
    skip_test("onnx_read/", "left out of this build (GIR_TEST_NO_ONNX_READ)");
#else
    suite_onnx_read();
#endif
#if defined(GIR_TEST_NO_ONNX_WRITE)
    skip_test("onnx_write/", "left out of this build (GIR_TEST_NO_ONNX_WRITE)");
#else
    suite_onnx_write();
#endif
#if defined(GIR_TEST_NO_OPS)
    skip_test("ops/", "left out of this build (GIR_TEST_NO_OPS)");
#else
    suite_ops();
#endif
#if defined(GIR_TEST_NO_OVERHEAD)
    skip_test("overhead/", "left out of this build (GIR_TEST_NO_OVERHEAD)");
#else
    suite_overhead();
#endif
#if defined(GIR_TEST_NO_PASSES)
    skip_test("passes/", "left out of this build (GIR_TEST_NO_PASSES)");
#else
    suite_passes();
#endif
#if defined(GIR_TEST_NO_PLAN)
    skip_test("plan/", "left out of this build (GIR_TEST_NO_PLAN)");
#else
    suite_plan();
#endif
#if defined(GIR_TEST_NO_PLAN_CALLS)
    skip_test("plan_calls/", "left out of this build (GIR_TEST_NO_PLAN_CALLS)");
#else
    suite_plan_calls();
#endif
#if defined(GIR_TEST_NO_POOL_GRAD)
    skip_test("pool_grad/", "left out of this build (GIR_TEST_NO_POOL_GRAD)");
#else
    suite_pool_grad();
#endif
#if defined(GIR_TEST_NO_RESUME)
    skip_test("resume/", "left out of this build (GIR_TEST_NO_RESUME)");
#else
    suite_resume();
#endif
#if defined(GIR_TEST_NO_SELECT)
    skip_test("select/", "left out of this build (GIR_TEST_NO_SELECT)");
#else
    suite_select();
#endif
#if defined(GIR_TEST_NO_SEMANTICS)
    skip_test("semantics/", "left out of this build (GIR_TEST_NO_SEMANTICS)");
#else
    suite_semantics();
#endif
#if defined(GIR_TEST_NO_SIMD)
    skip_test("simd/", "left out of this build (GIR_TEST_NO_SIMD)");
#else
    suite_simd();
#endif
#if defined(GIR_TEST_NO_SIMD_INT)
    skip_test("simd_int/", "left out of this build (GIR_TEST_NO_SIMD_INT)");
#else
    suite_simd_int();
#endif
#if defined(GIR_TEST_NO_THREADS)
    skip_test("threads/", "left out of this build (GIR_TEST_NO_THREADS)");
#else
    suite_threads();
#endif
#if defined(GIR_TEST_NO_TRAIN)
    skip_test("train/", "left out of this build (GIR_TEST_NO_TRAIN)");
#else
    suite_train();
#endif
#if defined(GIR_TEST_NO_TRAINER)
    skip_test("trainer/", "left out of this build (GIR_TEST_NO_TRAINER)");
#else
    suite_trainer();
#endif
#if defined(GIR_TEST_NO_VREDUCE)
    skip_test("vreduce/", "left out of this build (GIR_TEST_NO_VREDUCE)");
#else
    suite_vreduce();
#endif
}
