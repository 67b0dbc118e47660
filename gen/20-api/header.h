/* gir.h - v@@VERSION@@ - graph IR for numerical programs, symbolic reverse-mode autodiff, CPU executor
   SPDX-License-Identifier: MIT            (full text at the end of this file)

   GENERATED FILE - DO NOT EDIT. Edit ops.def or the fragments in gen/, then run:
       python3 gen/gir_gen.py ops.def -o gir.h          (or: make)
   Generator: gen/gir_gen.py @@VERSION@@   Inputs: ops.def sha256=@@OPSDEF_SHA256@@
                                          gen/ sha256=@@TEMPLATES_SHA256@@

   USE
     #define GIR_IMPLEMENTATION      in exactly one C or C++ file, before #include "gir.h";
     #include "gir.h"                everywhere else.
   C99 or C++; needs only a C compiler (libm, stdio and malloc can each be replaced or left out).

   QUICK START: f(x) = a*x^2 + b, its derivative and second derivative at x = 3
     gir_graph *g  = gir_graph_new(NULL);
     gir_node   x  = gir_input(g, GIR_DTYPE_F64, gir_shape0());
     gir_node   a  = gir_scalar(g, GIR_DTYPE_F64, 2.0), b = gir_scalar(g, GIR_DTYPE_F64, 1.0);
     gir_node   f  = gir_add(g, gir_mul(g, a, gir_square(g, x)), b);
     gir_node   df, d2f;
     gir_grad(g, f, 1, &x, &df);            (df is a node: 2*a*x)
     gir_grad(g, df, 1, &x, &d2f);          (the gradient of a gradient: 2*a)
     gir_node   outs[3] = {f, df, d2f};
     gir_plan  *p  = NULL;
     double     xv = 3.0;
     if (gir_graph_status(g) != GIR_OK) { puts(gir_graph_message(g)); return 1; }
     gir_plan_compile(g, 3, outs, NULL, &p);
     gir_plan_bind_bytes(p, x, &xv, sizeof xv);   (checks the size and alignment for an f64 scalar)
     gir_plan_run(p);                             (run it again with new data any number of times)
     printf("%g %g %g\n", *(const double *)gir_plan_data(p, f),
            *(const double *)gir_plan_data(p, df), *(const double *)gir_plan_data(p, d2f));
     gir_plan_free(p); gir_graph_free(g);   (prints 19 12 4; the two frees may come in either order)

   CONFIGURATION (define before the #include that has GIR_IMPLEMENTATION)
     GIR_STATIC                  every function static (private copies in several files)
     GIR_API                     declaration prefix (default extern)
     GIR_MAX_RANK                max tensor rank, default 6 (>= 2)
     GIR_MALLOC/REALLOC/FREE     default allocator, (size, user) (p, old, new, user) (p, user)
     GIR_NO_MALLOC               no heap code: every graph and plan needs a gir_allocator
     GIR_NO_ALLOC_CACHE          the default allocator frees every block at once (otherwise, with the C
                                 library's malloc, it keeps a few large freed blocks for the next graph:
                                 gir_release_caches)
     GIR_NO_STDIO                drop the FILE* functions (gir_graph_dump, gir_graph_dump_dot, gir_plan_dump,
                                 gir_graph_save_file, gir_graph_save_variables_file)
     GIR_NO_ONNX                 leave out ONNX reading (gir_onnx_read_tensor and the ONNX decoder)
     GIR_NO_DEPRECATED           leave out the 0.1 names (the deprecated block at the end of the API)
     GIR_NO_ERROR_STRINGS        short messages: status names only
     GIR_ASSERT(c)               internal invariants (never triggered by user input)
     GIR_EXPF, GIR_EXP, GIR_LOGF ... route each libm function (freestanding builds); with all of them
                                 routed (GCC, clang) gir.h does not include <math.h>
     GIR_MEMCPY, GIR_MEMSET      route memcpy and memset (each on its own); with both, no <string.h>
     GIR_NO_SIMD                 portable scalar kernels only
     GIR_NO_AVX512, GIR_NO_AVX2  drop one x86 instruction set (both are compiled with target attributes
                                 and chosen at run time from cpuid, so plain -O2 builds use them too)
     GIR_NO_NEON, GIR_NO_MVE     drop AArch64 NEON / Cortex-M Helium (used when the target has them)
     GIR_FUSE_CHUNK              elements per chunk of a fused elementwise step, default 1024
     GIR_JACOBIAN_MAX            the most sweeps gir_jacobian / gir_hessian build, default 4096
     GIR_THREADS                 per-plan parallel-for hook (gir_plan_set_parallel) and, on POSIX, the
                                 built-in pool gir_pool_* (link with -pthread); see >>threads below
     GIR_NO_POOL                 with GIR_THREADS: the hook only, no pthreads
     GIR_NO_OPS_<GROUP>          leave out an op group of ops.def (CORE, LOGIC, MATH, REDUCE, SHAPE, LINALG, NN,
     GIR_NO_OP_<OP>              CONV, RANDOM) or one op (GIR_NO_OP_CONV2D): no kernel, adjoint or shape rule of it
                                 is linked; building it fails with GIR_ERR_NOT_BUILT ("op 'conv2d' is not in this
                                 build (GIR_NO_OPS_CONV)") and the graph stays usable
     GIR_ONLY_OPS                keep only the ops named by GIR_WITH_OP_<OP> / GIR_WITH_OPS_<GROUP>, plus the ops their
                                 adjoints build and those gir_grad builds (ADD, FILL), unless GIR_ONLY_OPS_NO_GRAD
                                 (an inference build)
     GIR_NO_PACKED_GEMM          float matmul as plain loops: no packed GEMM code (small firmware builds)
     GIR_ONLY_F32                float kernels for f32 only: an f32 model's firmware links no double-precision
                                 code (soft-float helpers, double libm). i32, u8 and b8 values may sit beside
                                 (labels, indices, masks: comparisons, casts to and from f32, i32 arguments);
                                 an f64 value or integer work fails to run (and an image holding one to open)
                                 with GIR_ERR_NOT_BUILT

   ERRORS
     Builders never abort. A bad handle, shape or dtype records the first error in the graph
     (gir_graph_status / gir_graph_message: op, node id and shapes, for example
     "matmul: node 7: inner dimensions differ: [4,8] x [3,8]") and returns the invalid handle {0};
     builders given {0} return {0} without a new message, so code can build everything and check
     once. The graph built so far stays usable. gir_plan_compile returns a gir_status and records its
     errors in the graph like a builder; gir_plan_bind and gir_plan_run return a gir_status and keep their
     message in the plan (gir_plan_message). Binding an input the plan does not read is a no-op.
     A handle knows its graph: a node of another graph given to a builder, gir_grad, gir_plan_compile or a
     plan is GIR_ERR_HANDLE ("add: node 5: input 1 (id 2) belongs to another graph"); introspection
     (gir_node_*) and gir_plan_data give zeros / NULL for it.

   OWNERSHIP
     Graphs and plans may be freed in any order. A plan keeps what it reads of its graph alive:
     gir_graph_free on a graph with live plans only marks it freed (build nothing more through it);
     its memory is released by the gir_plan_free of the last plan compiled from it, and until then
     those plans bind, run and read their data as before. gir_plan_bind keeps the data pointer (the
     caller owns the buffer and keeps it alive while the plan may run).

   LIMITS AND ARITHMETIC
     A tensor has at most GIR_MAX_RANK axes of at most INT32_MAX elements each, and the product of its
     nonzero dimensions is at most 2^40 (larger results fail with GIR_ERR_LIMIT, naming op, node and shape).
     gir_shapev / gir_intsv keep a rank outside [0, GIR_MAX_RANK] as given, and give rank -1 when the array
     is NULL and the rank positive: every builder rejects both ("rank 7 > GIR_MAX_RANK 6", "rank -1 < 0").
     A variadic op (concat, add_n) takes 1 to GIR_MAX_VARIADIC (64) inputs. Window attributes of conv and
     pooling must keep the dilated window and the padded input within INT32_MAX (GIR_ERR_ATTR otherwise).
     Integer arithmetic wraps as in NumPy: i32 modulo 2^32, u8 modulo 2^8 (add, sub, mul, neg, abs, square,
     sum, prod, add_n, scatter_add, matmul, dot, outer, trace); int_div and mod floor, with x // 0 = 0,
     x % 0 = 0, INT32_MIN // -1 = INT32_MIN and INT32_MIN % -1 = 0 (NumPy 1.24). Float to integer
     conversions (cast, fill, arange) truncate toward zero and saturate; NaN gives 0.

   WHAT gir.h DOES NOT DO (yet): GPUs, dynamic shapes, sparse tensors, f16 storage.

   OPS (@@OP_COUNT@@ operators, @@OP_DIFF_COUNT@@ differentiable; generated from ops.def)
     name, (inputs; attributes: @ marks a non-differentiable argument), dtype rule, has adjoint, forward;
     below each, what it computes and its conventions
@@OP_LIST@@
*/
#ifndef GIR_H_INCLUDED
#define GIR_H_INCLUDED
/* >>version ------------------------------------------------------------------------------------------ */
#define GIR_VERSION_MAJOR 0
#define GIR_VERSION_MINOR 2
#define GIR_VERSION_PATCH 0
#define GIR_VERSION ((GIR_VERSION_MAJOR << 16) | (GIR_VERSION_MINOR << 8) | GIR_VERSION_PATCH)
#define GIR_VERSION_STRING "@@VERSION@@"
#define GIR_OPSDEF_SHA256 "@@OPSDEF_SHA256@@"

#ifndef GIR_API
#  ifdef GIR_STATIC
#    if defined(__GNUC__) || defined(__clang__)
#      define GIR_API static __attribute__((unused))
#    else
#      define GIR_API static
#    endif
#  else
#    define GIR_API extern
#  endif
#endif
#ifndef GIR_MAX_RANK
#  define GIR_MAX_RANK 6
#endif
#if GIR_MAX_RANK < 2 || GIR_MAX_RANK > 16
#  error "gir: GIR_MAX_RANK must be between 2 and 16"
#endif
#define GIR_MAX_VARIADIC 64     /* the most inputs a variadic op (concat, add_n) takes */
#define GIR_MAX_NAME 127        /* the longest node name, scope prefix included (gir_name) */
#define GIR_MAX_SCOPE_DEPTH 16  /* gir_graph_push_scope nesting */

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* >>types ---------------------------------------------------------------------------------------------- */
typedef enum gir_dtype {
    GIR_DTYPE__INVALID = 0,
    GIR_DTYPE_B8,      /* bool, one byte 0/1 */
    GIR_DTYPE_U8,
    GIR_DTYPE_I32,
    GIR_DTYPE_F32,
    GIR_DTYPE_F64,
    GIR_DTYPE__COUNT
} gir_dtype;

/* status codes: GIR_OK, then the errors, whose X-macro gives the enum and the strings */
#define GIR__STATUS(X) \
    X(INVALID_ARG,   "invalid argument") \
    X(HANDLE,        "invalid node handle") \
    X(SHAPE,         "incompatible shapes") \
    X(DTYPE,         "unsupported dtype") \
    X(ATTR,          "invalid attribute") \
    X(OUT_OF_MEMORY, "out of memory") \
    X(NO_ADJOINT,    "op has no adjoint") \
    X(UNBOUND,       "input not bound") \
    X(INDEX,         "index out of range") \
    X(NUMERIC,       "numerical failure") \
    X(LIMIT,         "size limit exceeded") \
    X(NOT_BUILT,     "op not in this build") \
    X(UNSUPPORTED,   "unsupported by gir.h") \
    X(BUSY,          "plan already running")
typedef enum gir_status {
    GIR_OK = 0,         /* success: "ok" */
#define GIR__STATUS_ENUM(name, str) GIR_ERR_##name,
    GIR__STATUS(GIR__STATUS_ENUM)
#undef GIR__STATUS_ENUM
    GIR_STATUS__COUNT
} gir_status;

/* node types, as Metadiff's Graph IR defines them: derived from the parents when a node is built */
typedef enum gir_node_type {
    GIR_NODE_CONSTANT = 0,           /* a constant: no input below it                          */
    GIR_NODE_CONSTANT_DERIVED,       /* computed from constants only                            */
    GIR_NODE_INPUT,                  /* an input or a variable                                  */
    GIR_NODE_INPUT_DERIVED_NON_DIFF, /* depends on an input, but not differentiably             */
    GIR_NODE_INPUT_DERIVED           /* depends differentiably on an input: gradients flow here */
} gir_node_type;

/* op groups, from the table's group column */
typedef enum gir_group {
@@GROUPS@@
    GIR_GROUP__COUNT
} gir_group;

/* generated from ops.def: one value per row, in table order */
@@OP_ENUM@@

/* A node handle: id numbers the node in its graph (0: the invalid handle, as {0} or {0, 0} gives it); tag says
   which graph made it, so a graph recognises its own handles and rejects another graph's (GIR_ERR_HANDLE). */
typedef struct gir_node { uint32_t id; uint32_t tag; } gir_node;
typedef struct gir_graph gir_graph;
typedef struct gir_plan gir_plan;

typedef struct gir_shape { int32_t rank; int32_t dim[GIR_MAX_RANK]; } gir_shape;
/* a slice bound left out, Python's None: gir_slice(g, x, axis, GIR_SLICE_NONE, GIR_SLICE_NONE, -1) is x[::-1] */
#define GIR_SLICE_NONE (-2147483647 - 1)
typedef struct gir_ints  { int32_t n;    int32_t v[GIR_MAX_RANK];   } gir_ints;

/* Attributes of a node, as the table's ATTR column names them (f: p0..p2, i: i0..i4, l: l0..l2, ...) */
typedef struct gir_attr {
    double      f[3];
    int32_t     i[5];
    gir_ints    l[3];
    gir_shape   shape;
    int32_t     dtype;
    uint64_t    seed;
    const void *data;   /* constant / variable values, copied when the node is built */
} gir_attr;

/* Every byte gir.h uses comes from here (NULL functions: GIR_MALLOC & co.) */
typedef struct gir_allocator {
    void *(*alloc_fn)(size_t size, void *user);
    void *(*realloc_fn)(void *p, size_t old_size, size_t new_size, void *user);
    void  (*free_fn)(void *p, void *user);
    void  *user;
} gir_allocator;

/* Capacity hints: when known (gir_graph_usage of the same graph built once), each store is one allocation made
   up front. Without them the node and input arrays double (realloc_fn, or a copy), and the attribute, name and
   shape stores add blocks that never move. A graph may outgrow its hints; it then grows as without them. */
typedef struct gir_graph_desc {          /* zero = defaults */
    gir_allocator allocator;
    size_t        node_capacity;         /* nodes (the invalid node 0 not counted) */
    size_t        input_capacity;        /* entries of the input pool: the inputs of all nodes together */
    size_t        attr_capacity;         /* bytes of compact attributes */
    size_t        name_capacity;         /* bytes of node names, a NUL after each */
    size_t        shape_capacity;        /* bytes of the shapes the nodes keep (each distinct run once) */
} gir_graph_desc;

/* >>api ----------------------------------------------------------------------------------------------- */
/* shapes and lists */
GIR_API gir_shape   gir_shape0(void);
GIR_API gir_shape   gir_shape1(int32_t d0);
GIR_API gir_shape   gir_shape2(int32_t d0, int32_t d1);
GIR_API gir_shape   gir_shape3(int32_t d0, int32_t d1, int32_t d2);
GIR_API gir_shape   gir_shape4(int32_t d0, int32_t d1, int32_t d2, int32_t d3);
GIR_API gir_shape   gir_shapev(int rank, const int32_t *dims);
GIR_API gir_ints    gir_ints0(void);
GIR_API gir_ints    gir_ints1(int32_t v0);
GIR_API gir_ints    gir_ints2(int32_t v0, int32_t v1);
GIR_API gir_ints    gir_ints3(int32_t v0, int32_t v1, int32_t v2);
GIR_API gir_ints    gir_ints4(int32_t v0, int32_t v1, int32_t v2, int32_t v3);
GIR_API gir_ints    gir_intsv(int n, const int32_t *v);
GIR_API size_t      gir_dtype_size(gir_dtype dt);
GIR_API const char *gir_dtype_name(gir_dtype dt);
GIR_API const char *gir_status_name(gir_status s);
GIR_API const char *gir_simd_name(void);   /* the kernels' instruction set here: "avx512", "avx2", "neon", "mve", "scalar" */

/* graph */
GIR_API gir_graph  *gir_graph_new(const gir_graph_desc *desc);     /* NULL when out of memory */
GIR_API void        gir_graph_free(gir_graph *g);                  /* plans of it stay usable */
GIR_API gir_status  gir_graph_status(const gir_graph *g);          /* the first error, sticky */
GIR_API const char *gir_graph_message(const gir_graph *g);         /* "" when GIR_OK */
GIR_API void        gir_graph_clear_error(gir_graph *g);
GIR_API uint32_t    gir_graph_node_count(const gir_graph *g);      /* valid ids are 1..count */
GIR_API int         gir_graph_input_count(const gir_graph *g);     /* the graph's inputs, indexed from 0 */
GIR_API gir_node    gir_graph_input(const gir_graph *g, int index); /* in the order they were built */
/* what the graph uses now, as capacity hints (its allocator left zero): a graph built again with them makes
   one allocation per store */
GIR_API gir_graph_desc gir_graph_usage(const gir_graph *g);
/* The default allocator (no gir_allocator given, gir.h calling malloc itself) keeps up to 32 freed blocks of 4 KiB
   to 4 MiB, 16 MiB in all, for the graphs and plans that come next, so building, compiling and freeing a graph
   again and again does not fault its memory in each time. gir_release_caches frees them (any thread, at any
   time); a failed malloc does too before it gives up. GIR_NO_ALLOC_CACHE leaves the cache out. */
GIR_API void        gir_release_caches(void);

/* introspection of a node (the invalid handle, or a handle of another graph, gives zeros / GIR_OP__INVALID) */
GIR_API gir_op        gir_node_op(const gir_graph *g, gir_node n);
GIR_API gir_dtype     gir_node_dtype(const gir_graph *g, gir_node n);
GIR_API gir_shape     gir_node_shape(const gir_graph *g, gir_node n);
GIR_API gir_node_type gir_node_type_of(const gir_graph *g, gir_node n);
GIR_API int           gir_node_grad_level(const gir_graph *g, gir_node n);
GIR_API int           gir_node_parent_count(const gir_graph *g, gir_node n);
GIR_API int           gir_node_arg_count(const gir_graph *g, gir_node n);
GIR_API gir_node      gir_node_input(const gir_graph *g, gir_node n, int k);  /* parents, then args */
GIR_API gir_attr      gir_node_attr(const gir_graph *g, gir_node n);
GIR_API int64_t       gir_node_numel(const gir_graph *g, gir_node n);
GIR_API void         *gir_node_data(gir_graph *g, gir_node n);    /* variable / constant values */
/* Weights in flash: a constant, or a read-only variable, whose values stay in the caller's memory (const arrays in
   flash or ROM): no copy is made, plans read data in place, gir_plan_data and gir_node_data of the node return
   data itself. data must stay valid and unchanged while the graph or any plan compiled from it lives, and be
   aligned to the element size (4 bytes for f32 and i32, 8 for f64; GIR_ERR_INVALID_ARG otherwise, or when NULL).
   A referenced variable is for inference plans: gir_plan_compile refuses a plan that assigns to it (naming it),
   and gir_init_* and gir_graph_load_variables refuse to write it; gir_graph_save_variables and gir_graph_save
   read it as any other (a loaded graph gets values of its own). */
GIR_API gir_node      gir_constant_ref(gir_graph *g, gir_dtype dtype, gir_shape shape, const void *data);
GIR_API gir_node      gir_variable_ref(gir_graph *g, gir_dtype dtype, gir_shape shape, const void *data);
GIR_API int           gir_node_is_ref(const gir_graph *g, gir_node n);   /* 1: its values are the caller's */

/* >>names: a node may carry a name, unique in its graph, that errors, gir_graph_dump and saved files use. Names are
   1..GIR_MAX_NAME characters from [A-Za-z0-9_.:+-] in parts joined by '/'. gir_name prefixes the current
   scope: inside gir_graph_push_scope(g, "layer1"), gir_name(g, w, "w") names w "layer1/w". It returns n (so
   w = gir_name(g, gir_variable(...), "w") reads as a declaration), or {0} with GIR_ERR_INVALID_ARG when the
   name is malformed, too long or already another node's ("name: 'layer1/w' is already node 5"). Naming a
   node again renames it. A graph error recorded inside a scope ends with "(in scope layer1)". */
GIR_API gir_node    gir_name(gir_graph *g, gir_node n, const char *name);
GIR_API const char *gir_node_name(const gir_graph *g, gir_node n);      /* "" when unnamed */
GIR_API gir_node    gir_graph_find(const gir_graph *g, const char *name);        /* {0} when no node has it */
GIR_API gir_status  gir_graph_push_scope(gir_graph *g, const char *scope);  /* nests up to GIR_MAX_SCOPE_DEPTH;
                                                                         the first push allocates the prefix */
GIR_API void        gir_graph_pop_scope(gir_graph *g);                       /* no-op at the top level */
GIR_API const char *gir_graph_scope(const gir_graph *g);                     /* "layer1/conv"; "" at the top */
/* the graph's variables (trainable parameters and optimizer state), in the order they were built */
GIR_API int         gir_graph_variable_count(const gir_graph *g);
GIR_API gir_node    gir_graph_variable(const gir_graph *g, int index);

/* the op table at run time; an op left out of a selective build keeps its name and group only: the other queries
   answer as for GIR_OP__INVALID (0, "") */
GIR_API const char *gir_op_name(gir_op op);                        /* "add" */
GIR_API gir_op      gir_op_from_name(const char *name);            /* GIR_OP__INVALID if unknown */
GIR_API int         gir_op_parent_count(gir_op op);                /* -1: variadic */
GIR_API int         gir_op_arg_count(gir_op op);
GIR_API int         gir_op_input_is_arg(gir_op op, int k);         /* builder input k is an argument */
GIR_API int         gir_op_differentiable(gir_op op);
GIR_API const char *gir_op_no_adjoint_reason(gir_op op);           /* "" when differentiable */
GIR_API const char *gir_op_attr_spec(gir_op op);                   /* "l:axes,i:keepdims" */
GIR_API int         gir_op_is_random(gir_op op);
GIR_API int         gir_op_has_kinks(gir_op op);
GIR_API gir_group   gir_op_group(gir_op op);

/* The generic builder every named builder calls: in = parents then arguments, as the row's IN lists */
GIR_API gir_node gir_op_build(gir_graph *g, gir_op op, int n, const gir_node *in, const gir_attr *attr);
GIR_API void     gir_attr_zero(gir_attr *a);

/* builders, one per ops.def row (generated) */
@@OP_PROTOS@@

/* convenience builders composed of table ops */
GIR_API gir_node gir_scalar(gir_graph *g, gir_dtype dtype, double value);
GIR_API gir_node gir_zeros(gir_graph *g, gir_dtype dtype, gir_shape shape);
GIR_API gir_node gir_ones(gir_graph *g, gir_dtype dtype, gir_shape shape);
GIR_API gir_node gir_zeros_like(gir_graph *g, gir_node x);
GIR_API gir_node gir_ones_like(gir_graph *g, gir_node x);
GIR_API gir_node gir_expand_dims(gir_graph *g, gir_node x, int axis);
GIR_API gir_node gir_squeeze(gir_graph *g, gir_node x, int axis);       /* axis of size 1 */
GIR_API gir_node gir_permute_last2(gir_graph *g, gir_node x);          /* swap the last two axes */
GIR_API int      gir_split(gir_graph *g, gir_node x, int axis, int parts, gir_node *out);  /* equal parts */
GIR_API int      gir_split_sizes(gir_graph *g, gir_node x, int axis, int n, const int32_t *sizes, gir_node *out);
GIR_API gir_node gir_flatten(gir_graph *g, gir_node x, int start_dim, int end_dim);   /* torch.flatten */
GIR_API gir_node gir_norm(gir_graph *g, gir_node x);        /* the 2-norm of all elements, a rank-0 node */
GIR_API gir_node gir_solve(gir_graph *g, gir_node a, gir_node b);   /* a^-1 b for a [n, n], b [n] or [n, k] */
GIR_API gir_node gir_conv2d_bias(gir_graph *g, gir_node x, gir_node w, gir_node bias, gir_ints stride,
                                 gir_ints padding, gir_ints dilation, int groups);   /* bias [K] */
GIR_API gir_node gir_layer_norm(gir_graph *g, gir_node x, gir_node gamma, gir_node beta, int axis, double eps);
GIR_API gir_node gir_batch_norm(gir_graph *g, gir_node x, gir_node gamma, gir_node beta, double eps);

/* >>init: fill a variable's values in place, as torch.nn.init does (uniform_, normal_, constant_, xavier_*_,
   kaiming_*_, and nn.Linear / nn.Conv2d reset_parameters). The numbers come from the counter-based generator of the
   random ops: element i of an init with seed s is element i of the first run of gir_rand_uniform /
   gir_rand_normal with seed s; uniform kinds give the same bits on every platform, normal kinds (Box-Muller)
   also go through the platform's log and cos. Random kinds need an f32 or f64 variable.
   Fans are computed from the shape as torch does for its layout [out, in, k...] (fan_in = dim 1 x the receptive
   field, fan_out = dim 0 x it); GIR_INIT_IN_OUT reads a shape as [k..., in, out], the layout of a dense weight used
   as x @ W. An error (not a variable, a random kind on an integer variable, rank < 2 or a fan of 0 for
   xavier / kaiming, an unknown mode / nonlinearity / layout, bounds a > b or not finite, std < 0, a constant the
   dtype cannot hold) is recorded in the graph like a builder's and leaves the values untouched.
       gir_init_layer(g, w, b, GIR_INIT_IN_OUT, 1);     (nn.Linear's default init for w [in, out] and b [out])
       gir_init_kaiming_normal(g, w, 0, GIR_INIT_FAN_OUT, GIR_NONLIN_RELU, GIR_INIT_OUT_IN, 7);              */
typedef enum gir_init_kind {
    GIR_INIT_UNIFORM, GIR_INIT_NORMAL, GIR_INIT_CONSTANT, GIR_INIT_XAVIER_UNIFORM, GIR_INIT_XAVIER_NORMAL,
    GIR_INIT_KAIMING_UNIFORM, GIR_INIT_KAIMING_NORMAL
} gir_init_kind;
typedef enum gir_init_layout { GIR_INIT_OUT_IN, GIR_INIT_IN_OUT } gir_init_layout;   /* torch's / x @ W */
typedef enum gir_init_mode { GIR_INIT_FAN_IN, GIR_INIT_FAN_OUT } gir_init_mode;
typedef enum gir_nonlinearity {   /* torch.nn.init.calculate_gain; 0 is torch's default for kaiming */
    GIR_NONLIN_LEAKY_RELU, GIR_NONLIN_RELU, GIR_NONLIN_LINEAR, GIR_NONLIN_SIGMOID, GIR_NONLIN_TANH, GIR_NONLIN_SELU
} gir_nonlinearity;
typedef struct gir_init_desc {    /* zeroed: torch's defaults of mode, nonlinearity and layout, fans from the shape */
    gir_init_kind    kind;
    double           a, b;          /* uniform [a, b); normal mean a, std b; constant a; xavier gain a;
                                       kaiming: a is leaky_relu's negative slope */
    gir_init_mode    mode;          /* kaiming: which fan */
    gir_nonlinearity nonlinearity;  /* kaiming */
    gir_init_layout  layout;
    int64_t          fan_in, fan_out;   /* either > 0: use these instead of the shape's (any rank) */
    uint64_t         seed;
} gir_init_desc;
GIR_API gir_status gir_init(gir_graph *g, gir_node v, const gir_init_desc *spec);
/* the distribution gir_init would draw from: uniform [*p0, *p1), normal with mean *p0 and std *p1, constant *p0 */
GIR_API gir_status gir_init_params(gir_graph *g, gir_node v, const gir_init_desc *spec, double *p0, double *p1);
GIR_API gir_status gir_init_fans(gir_graph *g, gir_node v, gir_init_layout layout, int64_t *fan_in, int64_t *fan_out);
GIR_API double     gir_init_gain(gir_nonlinearity nl, double param);   /* param: leaky_relu's negative slope */
GIR_API gir_status gir_init_uniform(gir_graph *g, gir_node v, double lo, double hi, uint64_t seed);
GIR_API gir_status gir_init_normal(gir_graph *g, gir_node v, double mean, double std, uint64_t seed);
GIR_API gir_status gir_init_constant(gir_graph *g, gir_node v, double value);   /* any dtype */
GIR_API gir_status gir_init_zeros(gir_graph *g, gir_node v);
GIR_API gir_status gir_init_ones(gir_graph *g, gir_node v);
GIR_API gir_status gir_init_xavier_uniform(gir_graph *g, gir_node v, double gain, gir_init_layout layout, uint64_t seed);
GIR_API gir_status gir_init_xavier_normal(gir_graph *g, gir_node v, double gain, gir_init_layout layout, uint64_t seed);
GIR_API gir_status gir_init_kaiming_uniform(gir_graph *g, gir_node v, double a, gir_init_mode mode, gir_nonlinearity nl,
                                            gir_init_layout layout, uint64_t seed);
GIR_API gir_status gir_init_kaiming_normal(gir_graph *g, gir_node v, double a, gir_init_mode mode, gir_nonlinearity nl,
                                           gir_init_layout layout, uint64_t seed);
/* nn.Linear / nn.Conv2d default: w as kaiming_uniform with a = sqrt(5), that is U(-1/sqrt(fan_in), 1/sqrt(fan_in)),
   and bias (skipped when {0}) U(-1/sqrt(fan_in), 1/sqrt(fan_in)) with w's fan_in, drawn with a seed derived from
   seed (not seed + 1: layers given seeds 1, 2, 3 share no stream between a bias and a weight) */
GIR_API gir_status gir_init_layer(gir_graph *g, gir_node w, gir_node bias, gir_init_layout layout, uint64_t seed);

/* >>autodiff: gradients are nodes of the same graph, so they can be differentiated again.
   y must hold one element. grads[k] receives d y / d wrt[k] (zeros when y does not depend on it). */
GIR_API gir_status gir_grad(gir_graph *g, gir_node y, int n, const gir_node *wrt, gir_node *grads);
/* Reverse mode with given cotangents (torch.autograd.functional.vjp): grads[k] = sum_i J_i(wrt[k])^T cotangents[i],
   J_i the Jacobian of outs[i]. cotangents[i] must have the shape and dtype of outs[i] (float); several outputs are
   differentiated in one sweep, their contributions summed. gir_grad(g, y, ...) is gir_vjp with a ones cotangent.
   n_out, n_wrt >= 1; a wrt no output depends on gets zeros. */
GIR_API gir_status gir_vjp(gir_graph *g, int n_out, const gir_node *outs, const gir_node *cotangents, int n_wrt,
                           const gir_node *wrt, gir_node *grads);
/* Forward mode (torch.autograd.functional.jvp): out_tangents[i] = sum_k J_i(ins[k]) tangents[k], tangents[k] of the
   shape and dtype of ins[k] (float). The result is nodes of the graph, so it can be differentiated again: gir_jvp of
   a gir_grad result is a Hessian-vector product (forward over reverse). No per-op forward rule: it is derived from
   the adjoints by the transpose trick (every adjoint is linear in the cotangent u, so d/du <vjp(u), t> = J t; see
   >>fwdmode). Building costs about two reverse sweeps of nodes; the compiled tangent does the work of hand-written
   forward rules. Tangent nodes get grad level 2 + the outputs' level (two sweeps). */
GIR_API gir_status gir_jvp(gir_graph *g, int n_out, const gir_node *outs, int n_in, const gir_node *ins,
                           const gir_node *tangents, gir_node *out_tangents);
/* The whole Jacobian as one node of shape y.shape ++ x.shape (torch.autograd.functional.jacobian, dtype of y): one
   reverse sweep per element of y, or one forward (gir_jvp) per element of x when x is smaller, stacked with
   concat. The smaller of the two element counts is limited to GIR_JACOBIAN_MAX (default 4096, GIR_ERR_LIMIT
   beyond), and the result's rank to GIR_MAX_RANK. gir_hessian: y holds one element; shape x.shape ++ x.shape,
   the Jacobian of the gradient (reverse over reverse). */
GIR_API gir_status gir_jacobian(gir_graph *g, gir_node y, gir_node x, gir_node *jac);
GIR_API gir_status gir_hessian(gir_graph *g, gir_node y, gir_node x, gir_node *hess);

/* >>exec: compile the nodes needed for outputs into a plan; run it any number of times. Options come in a
   gir_compile_desc; desc NULL or zeroed: the defaults. Elementwise fusion (the default):
   a chain of elementwise nodes of one output shape runs as one step, chunk by chunk, so memory is read and
   written once. A node fused away this way is only ever held a chunk at a time: gir_plan_data gives NULL for
   it. Ask for a node as one of the outputs to keep its value (outputs are never fused away), or compile with
   GIR_COMPILE_NO_FUSION. Fused and unfused plans give the same bits, except which NaN (sign, payload) a NaN
   result is. */
#define GIR_COMPILE_NO_FUSION 1u
/* An eval plan (PyTorch's model.eval()): a train_eval node computes only its eval value (batch norm with
   running statistics reads them), dropout is the identity, and the running-statistics updates a train_eval node
   carries never run. Without this flag a plan is a training plan (model.train(), PyTorch's default): train_eval
   nodes compute their training value and run their updates (assign nodes) in the same gir_plan_run. */
#define GIR_COMPILE_EVAL 2u
/* Graph passes, all on by default; the graph itself is never changed by compiling (node count, handles and
   names stay as built). Common-subexpression elimination: nodes with equal op, dtype, shape, attributes and
   inputs share one value (never inputs, variables, assigns, random ops; constants of equal bytes up to 64 KiB).
   Algebraic simplification: a node that equals one of its inputs exactly takes that input's value: x*1, 1*x,
   x/1, x-0, x+0 and 0+x (for floats only with -0.0, since -0.0 + 0.0 is +0.0), x*0 = 0 for integers only (float
   inf*0 and NaN*0 are NaN), neg(neg x), reshape of reshape (reads the inner input), transposes that compose to
   the identity, casts, reshapes and broadcasts to the input's own dtype and shape, stop_gradient, dropout in
   eval plans; each only where the result keeps the node's dtype and shape (x + zeros that broadcasts x larger
   stays). A "1" or "0" is a constant or fill node holding that value in every element. Nodes that lose their
   last use to the two are not computed. Optimised and unoptimised plans give the same bits, except which NaN
   (sign, payload) a NaN result is (a commutative op may see its operands swapped). gir_plan_data works for
   every node the plan covers, merged or not (two outputs may share one value); a node whose only use was
   simplified away gives NULL, like a node fused away. */
#define GIR_COMPILE_NO_CSE 4u
#define GIR_COMPILE_NO_SIMPLIFY 8u
/* Steps whose inputs are all constants (no random op among them) run on the plan's first gir_plan_run only; their
   values stay in the arena for later runs. A constant changed through gir_node_data after that first run is
   not seen by them: compile with GIR_COMPILE_NO_FOLD to compute them on every run. */
#define GIR_COMPILE_NO_FOLD 32u
/* An elementwise step whose input of the same dtype and shape is read there for the last time writes its
   result over that input (never over variables, constants, bound inputs or outputs). Also: the step that
   computes an assign's new value writes it straight into the variable (no assign step, no copy; see gir_assign),
   which this flag turns off too. */
#define GIR_COMPILE_NO_INPLACE 64u
/* One place in the arena per value, in creation order, no reuse (the naive plan, for comparisons); also the
   order of steps is creation order (adjusted only for constraints and variable updates). */
#define GIR_COMPILE_NO_REUSE 128u
/* An update V <- V - c (A B) (SGD: c the learning rate, A B the weight gradient, read by nothing else) is one
   GEMM that adds -c A B to V: the gradient is never written. The result differs from the unfolded one by the
   rounding of c's product: c (sum_p A_ip B_pj) against sum_p A_ip (c B_pj). This flag keeps the gradient. */
#define GIR_COMPILE_NO_FOLD_UPDATE 256u
/* A product added to a value of its shape, X + A B (f32, f64; the product read by nothing else), is one GEMM that
   adds into X (over X's memory when X dies there): the product is never written on its own. Only where the
   bits are the unfolded ones: an inner dimension within every build's smallest GEMM depth block (128), where the
   GEMM adds X once, after the whole sum. This flag keeps the product as a step of its own. */
#define GIR_COMPILE_NO_ACCUM 512u
typedef struct gir_compile_desc {
    unsigned flags;         /* GIR_COMPILE_* */
    int      fuse_chunk;    /* elements per chunk of a fused step; 0: GIR_FUSE_CHUNK */
    void    *buffer;        /* non-NULL: the plan lives in these buffer_bytes (aligned to 8 bytes), see below */
    size_t   buffer_bytes;
} gir_compile_desc;
/* The steps run in an order that keeps data dependencies, the ordering of variable updates (an assign after
   every reader of its variable) and the constraints of gir_graph_constrain, chosen to lower the peak of live bytes;
   each temporary gets a place in one arena, reused after its last reader. Compiling into a buffer: with
   desc->buffer set, the plan, its arrays, its arena and scratch and the compile's own work arrays all come
   from that buffer (nothing from the graph's allocator); the work arrays take its end and are dead before the
   arena and scratch are placed, which may reuse their space. gir_plan_compile_size gives the exact bytes it needs. It
   compiles once, counting, and keeps nothing; the arena and scratch are only counted, never allocated. Its work
   memory comes from the graph's allocator, or, when desc->buffer is set, from that buffer (aligned to 8 bytes)
   with no allocator call at all: such a work buffer needs the plan's records and the compile's work arrays,
   not the arena (too small: GIR_ERR_OUT_OF_MEMORY, "too small to measure in"). A buffer too small is
   GIR_ERR_OUT_OF_MEMORY, with a message naming the bytes needed; graph and buffer are left as they were for
   another try. gir_plan_free of such a plan frees nothing of the buffer; free the buffer after it. On any error
   *out_plan is NULL (gir_plan_run and gir_plan_free take NULL: GIR_ERR_INVALID_ARG, a no-op). */
GIR_API gir_status  gir_plan_compile(gir_graph *g, int n_out, const gir_node *outs, const gir_compile_desc *desc,
                                     gir_plan **out_plan);
GIR_API gir_status  gir_plan_compile_size(gir_graph *g, int n_out, const gir_node *outs, const gir_compile_desc *desc,
                                     size_t *bytes);
/* a topological constraint (PopART's topoCons): every plan runs before's step ahead of after's (a plan that
   computes only one of them ignores it). One that would make a cycle with the data dependencies and other
   constraints is GIR_ERR_INVALID_ARG, naming both nodes, and is not added. */
GIR_API gir_status  gir_graph_constrain(gir_graph *g, gir_node before, gir_node after);
/* Functions (PopART's called graphs). A function is a graph built the usual way, its body, with some of its
   inputs named as parameters and some of its nodes as results; gir_func_new checks that the results read no
   other input, no variable and write nothing. The body owns the function (gir_graph_free of the body frees it
   once no graph calls it). gir_func_call builds, in another graph, a call node and one result node per result (the
   handles in results[]); the arguments have the parameters' dtypes and shapes. A plan runs the body as a plan
   of its own each time the call's step runs. Gradients go through calls: the gradient of a call is a call of
   the function's VJP, gir_func_vjp(f), built once per function: its parameters are f's, then one cotangent per
   float result of f; its results are the gradients of f's float parameters. The VJP is itself a function, so
   gradients of gradients compose. gir_graph_save and gir_graph_load take the functions a graph calls along.
   A plan image of a graph with calls holds each function's plan once, as a sub-image (>>image below). Not yet:
   a call of a function of the calling graph itself. */
typedef struct gir_func gir_func;
GIR_API gir_func   *gir_func_new(gir_graph *body, const char *name, int n_params, const gir_node *params,
                                 int n_results, const gir_node *results);        /* NULL: see body's status */
GIR_API gir_status  gir_func_call(gir_graph *g, gir_func *f, int n_args, const gir_node *args, int n_results,
                                  gir_node *results);
/* cond (PopART's IfOp): pred, a b8 scalar, picks then_f (true) or else_f (false), which run on args and have
   one signature; only the picked one runs, so a NaN or inf the other would make reaches nothing, gradients
   included (where computes both sides). Its gradient is a cond on pred over the two VJPs. */
GIR_API gir_status  gir_cond(gir_graph *g, gir_node pred, gir_func *then_f, gir_func *else_f, int n_args,
                             const gir_node *args, int n_results, gir_node *results);
/* scan (JAX's lax.scan, a static trip count): body runs length times. Its parameters are n_carry carries (the
   first arguments give their start; the first n_carry results are their next values), n_xs per-step inputs (the
   next arguments, [length, ...]: step t reads slice t of axis 0) and invariants (the rest, the same every step).
   results: the carries after the last step, then each other result of body stacked along a new axis 0. reverse:
   steps length - 1 down to 0 (slice t still goes with step t). Gradients: a reverse scan of body's VJP over the
   residuals of every step (what the VJP reads of a step: outputs of products, reductions and shape ops, the step's
   carries and inputs; elementwise work is done again), which the forward scan keeps: memory length x the
   residuals (checkpoint 0). With checkpoint k > 0 (a divisor of length) the forward scan keeps the carries every
   k steps only, and the reverse scan recomputes a segment's k steps of residuals before running back over it:
   memory length / k x the carries + k x the residuals, one more forward pass, the same gradient bits.
   GIR_SCAN_CHECKPOINT_AUTO: the gradient picks k from the sizes, the divisor with the least length / k x the
   carries + k x the residuals (near sqrt(length x carries / residuals)), or 0 when none needs less than every
   step's residuals. A body that calls a function or draws random numbers, and a scan a gradient built, keep the
   carries and run body again. Zero the desc before setting it (= {0}) so fields added later keep their default. */
#define GIR_SCAN_CHECKPOINT_AUTO (-1)
typedef struct gir_scan_desc {
    int length;             /* steps, >= 1 */
    int n_carry, n_xs;
    int reverse;
    int checkpoint;         /* 0: keep every step's carries for the gradient; k: every k steps; _AUTO */
} gir_scan_desc;
GIR_API gir_status  gir_scan(gir_graph *g, gir_func *body, const gir_scan_desc *desc, int n_args,
                             const gir_node *args, int n_results, gir_node *results);
/* while (JAX's while_loop): body_f maps the carries (n_init, started by init) to their next values while cond_f,
   a b8 scalar of the same carries, is true (checked before each step); results: the last carries. max_trip 0:
   forward only, as many steps as it takes (gir_grad through it is an error naming the node). max_trip > 0: a scan
   of max_trip steps whose carries stop changing once cond_f is false, differentiable; it runs every step. */
GIR_API gir_status  gir_while(gir_graph *g, gir_func *cond_f, gir_func *body_f, int max_trip, int n_init,
                              const gir_node *init, gir_node *results);
GIR_API gir_func   *gir_func_vjp(gir_func *f);                                   /* NULL: see the body's status */
GIR_API gir_graph  *gir_func_body(const gir_func *f);
GIR_API const char *gir_func_name(const gir_func *f);
/* what a plan says about its memory and its order of steps */
typedef enum gir_value_kind {
    GIR_VALUE_ARENA,        /* a temporary in the arena, live from first_step to last_step */
    GIR_VALUE_KEPT,         /* in the arena, computed on the first run only and kept (a constant subgraph) */
    GIR_VALUE_FUSED,        /* inside a fused step: a chunk at a time, no place in the arena */
    GIR_VALUE_GRAPH         /* an input, variable or constant: the caller's or the graph's memory; also a
                               variable's new value computed straight into it (see gir_assign) */
} gir_value_kind;
typedef struct gir_plan_value {
    gir_value_kind kind;
    size_t offset, bytes;   /* its place in the arena: [offset, offset + bytes) */
    int first_step, last_step;   /* the step that writes it, the last step that reads it (nsteps: the plan's
                                    outputs and kept values, live to the end); -1 if not in the arena */
} gir_plan_value;
GIR_API gir_status  gir_plan_value_info(const gir_plan *p, gir_node n, gir_plan_value *info);
GIR_API gir_node    gir_plan_step_node(const gir_plan *p, int k);  /* the node step k computes (0 <= k < steps) */
/* what a plan holds and has done, in one struct: gir_plan_query_stats (zeros for a NULL plan) */
typedef struct gir_plan_stats {
    size_t   arena_bytes;    /* the arena: intermediate values */
    size_t   live_peak;      /* the most temporary bytes live at one step */
    int      steps;          /* kernel calls per run: a fused group is one */
    int      values;         /* values the plan holds (inputs included) */
    int      fused_groups;   /* fused steps in the plan */
    int      fused_nodes;    /* nodes computed inside them */
    int      inplace_steps;  /* elementwise steps that write over their input */
    int      folded_steps;   /* steps run on the first gir_plan_run only */
    int      merged;         /* nodes the passes took out: merged into an equal node (CSE), */
    int      simplified;     /* simplified into a node they equal, */
    int      dead;           /* or not computed because their uses went */
    uint64_t steps_run;      /* steps executed over all runs */
    uint64_t bytes_read;     /* memory one run's steps read and write (steps run once left out): each step's */
    uint64_t bytes_written;  /* values, an input read once per step, a fused chain's inner values not at all;
                                an assign writes twice (its value and the variable). gir_plan_dump per step */
    size_t   scratch_bytes;  /* work memory of one step at a time: kernels', and the plans of the functions that
                                call, if, scan and while steps run (their arenas: the largest, not the sum) */
} gir_plan_stats;
GIR_API gir_plan_stats gir_plan_query_stats(const gir_plan *p);
GIR_API void        gir_plan_free(gir_plan *p);
/* bind an input to the caller's buffer; the pointer is kept, and read by every gir_plan_run. gir_plan_bind checks
   nothing about the buffer (size, dtype, alignment): prefer gir_plan_bind_bytes, which also checks that bytes
   is numel * gir_dtype_size of the input and that data is aligned to the dtype's size. */
GIR_API gir_status  gir_plan_bind(gir_plan *p, gir_node input, const void *data);
GIR_API gir_status  gir_plan_bind_bytes(gir_plan *p, gir_node input, const void *data, size_t bytes);
/* one run of the plan's steps. A plan runs one gir_plan_run at a time: a call while it runs (from another thread,
   or from a parallel hook's task) returns GIR_ERR_BUSY at once and leaves the running call's message alone
   (in GIR_THREADS builds the flag is atomic). Plans compiled from one graph may run at the same time. */
GIR_API gir_status  gir_plan_run(gir_plan *p);
GIR_API const void *gir_plan_data(const gir_plan *p, gir_node n);   /* value after gir_plan_run; NULL: not in p */
/* Variables and assign nodes. A plan reads variables from the graph's storage. gir_assign(g, var, value) writes
   value into var during gir_plan_run, after every step of the plan that reads var's old value (those steps see the
   value var had when the run started), so one gir_plan_run is one training step. The assign node's value is the new
   value: gir_plan_data of the assign node and of the variable (after the run) both give it. A node that uses
   the assign node runs after the write. Two assigns of one variable in one plan, or a step that reads the
   variable yet depends on its assign, are errors of gir_plan_compile. Assign nodes run only when they are in the
   plan: pass them to gir_plan_compile as outputs (an optimizer's update nodes), or reach them through a train_eval
   node of a training plan. */
GIR_API const char *gir_plan_message(const gir_plan *p);
/* a one-element value of any dtype as a double, after gir_plan_run (outputs, inputs, variables, constants of the plan).
   gir_plan_scalar gives NaN when n is not in p, was fused away, or holds other than one element;
   gir_plan_read_scalar says which, as a status and a message in the plan (gir_plan_message), and leaves *value. */
GIR_API double      gir_plan_scalar(const gir_plan *p, gir_node n);
GIR_API gir_status  gir_plan_read_scalar(gir_plan *p, gir_node n, double *value);
/* copy the value of n after gir_plan_run into dst, which holds exactly bytes = numel * gir_dtype_size bytes: the
   checks of gir_plan_read_scalar (n in p, not fused away, has a value), then the size; on an error nothing is
   copied, and the status and message are in the plan (gir_plan_message). */
GIR_API gir_status  gir_plan_read(gir_plan *p, gir_node n, void *dst, size_t bytes);

/* >>threads (hosted builds, opt-in: define GIR_THREADS; without it only the two types below exist and gir_plan_run uses
   only the calling thread). A plan may carry a parallel-for hook. The hook runs task(ctx, i) once for every i in
   [0, ntasks), in any order, on any threads, possibly at the same time, and returns only when every call has
   returned; gir.h calls it only from inside gir_plan_run, on the thread that called gir_plan_run, with ntasks <= the
   plan's nthreads. Tasks never fail and never call the hook again. What runs in parallel: the GEMM of matmul
   (whole products of a batch, or row or column slices of one product) and elementwise ops (fused chains too) of
   65,536 elements or more; every task writes its own part of the output and does the same arithmetic in the same
   order as one thread, so results are bit for bit the same for every thread count and hook. A hook that returns
   before every task has run fails the step (GIR_ERR_INVALID_ARG, "the parallel hook returned with 3 of its tasks
   not run"). A plan runs once at a time (a second gir_plan_run meanwhile is GIR_ERR_BUSY); different plans may run
   at the same time, with one hook or several. */
typedef void (*gir_task_fn)(void *ctx, int i);
typedef void (*gir_parallel_fn)(void *user, int ntasks, gir_task_fn task, void *ctx);
#define GIR_MAX_THREADS 1024
#if defined(GIR_THREADS)
/* attach a hook (fn NULL or nthreads 1: run on the calling thread again). nthreads is how many tasks the plan
   may split a step into, 1..GIR_MAX_THREADS; the plan's scratch memory grows here (once per thread for the
   GEMM's packing buffers), so gir_plan_run still allocates nothing. GIR_ERR_OUT_OF_MEMORY keeps the old hook. */
GIR_API gir_status  gir_plan_set_parallel(gir_plan *p, gir_parallel_fn fn, void *user, int nthreads);
GIR_API int         gir_plan_threads(const gir_plan *p);            /* the nthreads in use: 1 without a hook */
#  if !defined(GIR_NO_POOL) && !defined(GIR_NO_MALLOC) && (defined(__unix__) || defined(__unix) || defined(__APPLE__))
/* the built-in pool (POSIX threads: link with -pthread): nthreads - 1 workers that sleep between jobs, plus
   the thread that calls it. Use it as a plan's hook with
       gir_plan_set_parallel(plan, gir_pool_parallel, pool, gir_pool_threads(pool));
   One pool may serve many plans; a job that finds the pool busy (plans run from several threads at once)
   runs on its calling thread. Free the pool after the last gir_plan_run that uses it. */
#    define GIR_HAVE_POOL 1
typedef struct gir_pool gir_pool;
GIR_API gir_pool   *gir_pool_new(int nthreads);                     /* NULL: out of memory, no threads, or n < 1 */
GIR_API void        gir_pool_free(gir_pool *pool);
GIR_API int         gir_pool_threads(const gir_pool *pool);
GIR_API void        gir_pool_parallel(void *pool, int ntasks, gir_task_fn task, void *ctx);   /* the hook */
#  endif
#endif

/* >>train: optimizers whose updates run inside the plan (PyTorch 1.13 torch.optim, step for step) */
typedef enum gir_optim_kind {
    GIR_OPTIM_SGD = 0,    /* torch.optim.SGD: lr, momentum, dampening, nesterov, weight_decay */
    GIR_OPTIM_ADAM,       /* torch.optim.Adam: lr, betas, eps, weight_decay (L2, added to the gradient), amsgrad */
    GIR_OPTIM_ADAMW       /* torch.optim.AdamW: as Adam, weight decay decoupled (param *= 1 - lr * wd) */
} gir_optim_kind;
typedef struct gir_optim_desc {   /* zero = torch's defaults, except as noted; or gir_optim_defaults(kind) */
    gir_optim_kind kind;
    double momentum;       /* SGD; 0: none */
    double dampening;      /* SGD */
    int    nesterov;       /* SGD; needs momentum > 0 and dampening 0 */
    double weight_decay;   /* 0: none (torch's AdamW defaults to 0.01: give it) */
    double beta1, beta2;   /* Adam, AdamW; 0: 0.9 and 0.999 (an actual 0 is not expressible; 1e-300 acts as 0) */
    double eps;            /* Adam, AdamW; 0: 1e-8 */
    int    amsgrad;        /* Adam, AdamW */
    gir_dtype step_dtype;  /* the step count and the scalars a step shares (Adam's bias corrections): 0 or
                              GIR_DTYPE_F64, as torch's Python floats; GIR_DTYPE_F32 for an f32 model that runs
                              no double (a GIR_ONLY_F32 image): they round to f32 first, so the updates can
                              differ from torch's in the last bit, and the count is exact to 2^24 steps */
} gir_optim_desc;
/* torch's defaults for kind, every field set: SGD all zeros; Adam betas (0.9, 0.999), eps 1e-8; AdamW the same
   and weight_decay 0.01 (kind out of range: SGD's) */
GIR_API gir_optim_desc gir_optim_defaults(gir_optim_kind kind);
/* The most update nodes gir_optim_updates makes for n parameters */
#define GIR_OPTIM_MAX_UPDATES(n) (4 * (n) + 1)
/* One optimizer step as nodes: params are variables (f32 or f64), grads[k] a node of params[k]'s dtype and
   shape (from gir_grad, gir_clip_grad_norm, ...), lr a float scalar node (rank 0 or one element; an input bound
   per step, or a schedule below). Creates the optimizer's state as variables (zeros) and writes to updates the
   assign nodes of one step, to pass to gir_plan_compile as outputs with the loss: updates[0..] hold, for each
   parameter in turn, its assign and then the assigns of its state, in this order:
       SGD with momentum: momentum_buffer          Adam, AdamW: exp_avg, exp_avg_sq[, max_exp_avg_sq (amsgrad)]
   and, last, the assign of the step count (a scalar variable of desc's step_dtype: the steps done; SGD with momentum uses it
   for torch's first step, where the buffer starts as the gradient; plain SGD has none). The variable an update
   writes is gir_node_input(g, updates[j], 0). The state of a named parameter is named after it, as torch's
   state_dict keys it: "layer1/w/exp_avg", "layer1/w/momentum_buffer", and the step count "<params[0]>/step"
   (gir_graph_save_variables then saves it with the parameters); a state name over GIR_MAX_NAME is an error
   (GIR_ERR_LIMIT), never a state left unnamed. Returns the number of update nodes (at most
   GIR_OPTIM_MAX_UPDATES(n)), 0 on error (the graph's error says why, for example a state name already taken). */
GIR_API int gir_optim_updates(gir_graph *g, const gir_optim_desc *desc, int n, const gir_node *params,
                              const gir_node *grads, gir_node lr, gir_node *updates);
/* torch.nn.utils.clip_grad_norm_(max_norm, norm_type 2) as nodes: total = the 2-norm of all grads together,
   clipped[k] = grads[k] * min(1, max_norm / (total + 1e-6)) (clipped may be grads: it is replaced). Returns total
   (f64, rank 0); {0} on error, with clipped untouched. */
GIR_API gir_node gir_clip_grad_norm(gir_graph *g, int n, const gir_node *grads, double max_norm, gir_node *clipped);
/* learning-rate schedules as f64 scalar nodes of a step count node (any numeric scalar: an input, or the
   optimizer's step variable), the closed forms of torch.optim.lr_scheduler:
   StepLR: lr * gamma ^ floor(step / step_size); CosineAnnealingLR: eta_min + (lr - eta_min) * (1 + cos(pi * step /
   t_max)) / 2. Or bind a plain f64 input as lr and compute the schedule in C. */
GIR_API gir_node gir_lr_step_decay(gir_graph *g, gir_node step, double lr, int step_size, double gamma);
GIR_API gir_node gir_lr_cosine(gir_graph *g, gir_node step, double lr, double eta_min, int t_max);
/* torch.nn.BatchNorm (1d, 2d: x is N, C[, ...]) with running statistics: a train_eval node. Training plans
   normalise with the batch's mean and (biased) variance and update the running statistics, which the builder
   creates as variables of x's dtype, shape [C] (mean 0, variance 1): running = (1 - momentum) * running +
   momentum * batch, with the unbiased batch variance (torch uses momentum 0.1). Eval plans (GIR_COMPILE_EVAL)
   normalise with the running statistics. gamma and beta: [C] or broadcast to x. running, when not NULL,
   receives the two variables (mean, var); when gamma is named ("bn1/gamma") they are named after it
   ("bn1/gamma/running_mean", "bn1/gamma/running_var"). */
GIR_API gir_node gir_batch_norm_running(gir_graph *g, gir_node x, gir_node gamma, gir_node beta, double momentum,
                                        double eps, gir_node *running);
/* a train_eval node of a training value and an eval value, with no updates */
GIR_API gir_node gir_train_eval2(gir_graph *g, gir_node train, gir_node eval);

/* >>trainer: a training plan in one call. From a float scalar loss, gir_train_compile builds the gradients of the
   parameters (gir_grad), clips them (clip_norm > 0: gir_clip_grad_norm), builds the optimizer's updates
   (gir_optim_updates) and compiles a training plan (gir_plan_compile with desc->compile) whose outputs are the loss,
   the extra outputs and the updates: one gir_plan_run is one training step, and read the loss and the extras with
   gir_plan_scalar / gir_plan_data as usual. The parameters are params[0..n_params), or with n_params 0 every
   trainable variable the loss reads: f32 or f64 variables, not read-only (gir_variable_ref), reached through
   parents in a training plan (so not an optimizer's state or batch norm's running statistics), in the order they
   were created, and only those whose names start with scope when scope is set ("head/": fine-tune the head).
   The learning rate is lr_node when set (an input bound per step, or a schedule of a step count), else the
   constant lr. On error (the graph already holding one, a loss that is not a float scalar, no trainable variable,
   anything gir_grad, gir_optim_updates or gir_plan_compile refuses) *plan is NULL and the graph's error says why;
   nodes built before the error stay in the graph.
       gir_train_desc t = gir_train_defaults(GIR_OPTIM_ADAM, 1e-3);
       t.n_extra = 1;
       t.extra = &hits;
       gir_train_compile(g, loss, &t, &train);                                                              */
typedef struct gir_train_desc {
    gir_optim_desc   optim;       /* the optimizer and its hyper-parameters */
    double           lr;          /* the learning rate, unless lr_node is set */
    gir_node         lr_node;     /* {0}: lr */
    int              n_params;    /* 0: every trainable variable the loss reads (under scope) */
    const gir_node  *params;
    const char      *scope;       /* NULL: any name */
    int              n_extra;     /* outputs the plan computes besides the loss (hits, logits) */
    const gir_node  *extra;
    double           clip_norm;   /* > 0: clip the gradients' total 2-norm to it first */
    gir_compile_desc compile;     /* flags, buffer */
    gir_plan       **eval;        /* non-NULL: also the matching eval plan (GIR_COMPILE_EVAL) of the loss and the
                                     extra outputs, without updates (validation batches, the model's eval()) */
} gir_train_desc;
/* every field zero but the optimizer's (gir_optim_defaults(kind)) and lr */
GIR_API gir_train_desc gir_train_defaults(gir_optim_kind kind, double lr);
GIR_API gir_status     gir_train_compile(gir_graph *g, gir_node loss, const gir_train_desc *desc, gir_plan **plan);

/* >>layers: torch.nn.Linear and torch.nn.Conv2d as one call each: the layer's parameters are created as variables
   of x's dtype named "<name>/w" and "<name>/b" (in the current scope), initialised as torch's reset_parameters
   (gir_init_layer) from a stream of each tensor's own: seed mixed with the weight's full name, so layers given one
   seed draw different values and a model built again with the same names and seed draws the same. A layer whose
   parameters exist already (the same names, a variable of the dtype and shape it needs) uses them, untouched: a
   forward pass built twice (for the training batch and the test set) shares its weights. Find the parameters
   with gir_graph_find(g, "fc1/w"). {0} on error (a name held by another kind of node, dtype or shape, a name too
   long, x not float, bad sizes).
   gir_dense: x [..., in] @ w [in, out] + b [out]. gir_conv2d_layer: x NCHW, w [out, C, kernel, kernel] (OIHW, as
   torch's), square kernel, stride and padding, no dilation, one group. */
GIR_API gir_node gir_dense(gir_graph *g, gir_node x, int32_t out, const char *name, uint64_t seed);
GIR_API gir_node gir_conv2d_layer(gir_graph *g, gir_node x, int32_t out, int32_t kernel, int32_t stride,
                                  int32_t padding, const char *name, uint64_t seed);
/* torch.nn.LSTM (one layer, zero initial state) as gir_scan of its cell over x [steps, batch, features]: the
   hidden state of every step, [steps, batch, hidden]. Parameters "<name>/w_ih" [features, 4 hidden], "w_hh"
   [hidden, 4 hidden] (x @ W layout: torch's weights transposed), "b_ih" and "b_hh" [4 hidden], gates i, f, g, o,
   drawn uniform in +-1/sqrt(hidden) as torch's. The cell is a function in a graph of its own, held by g. */
GIR_API gir_node gir_lstm(gir_graph *g, gir_node x, int32_t hidden, const char *name, uint64_t seed);

/* >>dump: the graph as Graphviz DOT (`dot -Tsvg`): one box per node (id, op, name, dtype, shape; the fill colour
   is its node type), parent edges solid, argument edges dashed. Given a plan of the graph (else NULL), the plan's
   values also show their step, arena offset, bytes and lifetime (the steps that write and last read them; "end":
   an output), and nodes the plan does not compute are dotted. The body of each function the graph calls,
   directly or through others, is a cluster (subgraph cluster_<n>, labelled with its number and its functions'
   names), and a call, if, scan or while node's box names the function(s) it runs and their cluster (a scan's
   also its length, carries, per-step inputs and checkpoint), with a dotted edge into that cluster; the plan
   shows in the graph's own nodes only. gir_plan_dump: one line per step, in order: step,
   op, node (%id 'name'), dtype and shape, arena offset and bytes, the values it reads; under a call, if, scan or
   while step, the name and the plan of each function it runs, each line two spaces further in.
   The _buf forms need no stdio: they write at most cap - 1 characters and a NUL into buf (buf may be NULL when
   cap is 0) and return the length of the whole text, as snprintf does: call once with cap 0 to size the buffer. */
GIR_API size_t gir_graph_dump_dot_buf(const gir_graph *g, const gir_plan *p, char *buf, size_t cap);
GIR_API size_t gir_plan_dump_buf(const gir_plan *p, char *buf, size_t cap);
#ifndef GIR_NO_STDIO
#include <stdio.h>
GIR_API void gir_graph_dump(const gir_graph *g, FILE *f);   /* a line per node: op, inputs, {attributes}, type */
GIR_API void gir_graph_dump_dot(const gir_graph *g, const gir_plan *p, FILE *f);
GIR_API void gir_plan_dump(const gir_plan *p, FILE *f);
#endif

/* >>io: save and load, in a versioned, checksummed binary format that reads the same on every host (layout:
   the comment at the top of gir.h's io section, and the README). Two kinds of file:
   - variables by name: gir_graph_save_variables writes the named variables of g (n 0: every named variable; or the n
     given, each a named variable) with name, dtype, shape and values. gir_graph_load_variables writes them into the
     variables of the same names in g: each must be a variable of the same dtype and shape ("variable 'w' is f32
     [3,4] in the file, f32 [4,3] in the graph"). Strict by default: a name of the file that g lacks, or a named
     variable of g that the file lacks, is an error; with GIR_LOAD_PARTIAL both are skipped (unnamed variables are
     never saved or loaded). It allocates nothing, and checks the whole file before it writes anything: a failed
     load changes no variable. Optimizer state kept in variables is saved and loaded the same way, so saving every
     variable and loading it into the same graph built anew resumes training bit for bit.
   - the whole graph: gir_graph_save writes every node (op by name, inputs, attributes, name, the values of
     constants and variables), the outputs listed (outs, n_out; any nodes) and the topological constraints of
     gir_graph_constrain (a file with constraints is format version 2), and the functions it calls, directly or
     through others, each body once with all its functions (format version 3; the version written is the lowest
     that holds the graph). gir_graph_load makes a new graph
     (desc: its allocator, as gir_graph_new) by calling gir_op_build for every node, so every check of the
     builders runs again on the file; it gives back the graph and the outputs: outs receives the first max_out of
     them, and *n_out is how many the file lists, which may be more than max_out (as snprintf's result: compare
     it with max_out, or load with max_out 0 to count first). On failure *out is NULL, nothing is kept, and msg (msgcap bytes, may be NULL) says
     why, as "load: node 7: unknown op 'foo' (written by a newer gir.h?)".
   Saving to memory: buf NULL asks for the size (*size); a buffer smaller than the file is GIR_ERR_LIMIT (the file
   is not complete). Save errors and gir_graph_load_variables' errors are recorded in the graph (gir_graph_message,
   "load: variable 2: ..."), like gir_plan_compile's; clear them with gir_graph_clear_error. A malformed file
   (truncated, bad magic or checksum, a newer version, counts, ranks or dimensions out of range, an unknown op,
   an input that is not an earlier node, attributes a builder refuses, malformed or duplicate names, a function
   index out of range, a call that would recurse, calls nested deeper than 64) is an error with a message, never
   a crash. */
#define GIR_LOAD_PARTIAL 1u     /* gir_graph_load_variables: skip names that only the file or only the graph has */
GIR_API gir_status gir_graph_save_variables(gir_graph *g, int n, const gir_node *vars, void *buf, size_t cap,
                                            size_t *size);
GIR_API gir_status gir_graph_load_variables(gir_graph *g, const void *data, size_t size, unsigned flags);
GIR_API gir_status gir_graph_save(gir_graph *g, int n_out, const gir_node *outs, void *buf, size_t cap, size_t *size);
GIR_API gir_status gir_graph_load(const void *data, size_t size, const gir_graph_desc *desc, gir_graph **out,
                                  int max_out, gir_node *outs, int *n_out, char *msg, size_t msgcap);
#ifndef GIR_NO_STDIO
GIR_API gir_status gir_graph_save_variables_file(gir_graph *g, int n, const gir_node *vars, FILE *f);
GIR_API gir_status gir_graph_save_file(gir_graph *g, int n_out, const gir_node *outs, FILE *f);
#endif

/* >>onnx: ONNX models in and out. gir_onnx_import builds a new graph from an ONNX ModelProto (data: the .onnx file's bytes,
   read by gir.h's own bounds-checked protobuf reader). Initializers become constants, or with desc->variables the
   float ones become variables (trainable, saved and loaded by name); graph inputs become gir inputs, their symbolic
   dimensions given by desc (dim_names[k] has the value dim_values[k]); every node and value keeps its ONNX name
   where gir.h's name rules allow (other characters become '_'), so gir_graph_find reaches them. The graph's
   outputs, in the model's order, go to outs (up to max_out; *n_out: how many the model has). Each node is built by
   the GIR_ONNX line of ops.def for its op type and the model's opset; dtypes: float, double, uint8, bool, and the
   integer types as i32 (int64 shapes and indices range-checked), float16 as f32. A model that needs what gir.h
   does not have (an op type, an attribute, a dtype, a shape input that depends on a graph input) fails with
   GIR_ERR_UNSUPPORTED and a message naming the node, its op type and what is missing; on any error *out is NULL
   and nothing is left allocated. GIR_NO_ONNX leaves all of it out. */
#ifndef GIR_NO_ONNX
typedef struct gir_onnx_desc {          /* zero = defaults */
    gir_graph_desc graph;               /* the new graph's allocator and limits */
    int variables;                      /* nonzero: float initializers become variables, else constants */
    int n_dims;                         /* symbolic dimensions given a value */
    const char *const *dim_names;
    const int32_t *dim_values;
    int n_known;                        /* graph inputs whose values are fixed at import: constants, so that */
    const char *const *known_names;     /* shape inputs (Reshape's shape, axes, ...) may be graph inputs; */
    const double *const *known_values;  /* known_values[k] holds known_counts[k] values (the input's element */
    const int *known_counts;            /* count), converted to its dtype */
} gir_onnx_desc;
GIR_API gir_status gir_onnx_import(const void *data, size_t size, const gir_onnx_desc *desc, gir_graph **out,
                                   int max_out, gir_node *outs, int *n_out, char *msg, size_t msgcap);
#ifndef GIR_NO_STDIO
GIR_API gir_status gir_onnx_import_file(const char *path, const gir_onnx_desc *desc, gir_graph **out, int max_out,
                                        gir_node *outs, int *n_out, char *msg, size_t msgcap);
#endif
/* gir_onnx_read_tensor reads a serialized ONNX TensorProto (as the input_0.pb / output_0.pb files of ONNX's
   test data) and converts its values to dtype into out (cap bytes, row-major, native byte order), giving its
   shape. Element types read: FLOAT, DOUBLE, FLOAT16, BFLOAT16, INT8/16/32/64, UINT8/16/32/64, BOOL, from raw_data
   or the typed fields. An integer dtype takes integer values within its range only (b8: 0 and 1), else
   GIR_ERR_UNSUPPORTED naming the element and its value; a float dtype takes any. out NULL with cap 0 asks for the
   shape only. Errors, with a message in msg (msgcap bytes, may be NULL): a malformed or truncated file, or one
   holding fewer or more values than its dims say (GIR_ERR_INVALID_ARG); rank over GIR_MAX_RANK, a dim over
   INT32_MAX, STRING / COMPLEX elements, external data (GIR_ERR_UNSUPPORTED); out smaller than the values
   (GIR_ERR_LIMIT, with the bytes needed). Nothing is allocated. Define GIR_NO_ONNX to leave ONNX reading out. */
GIR_API gir_status gir_onnx_read_tensor(const void *data, size_t size, gir_dtype dtype, void *out, size_t cap,
                                        gir_shape *shape, char *msg, size_t msgcap);
/* gir_onnx_export writes the nodes that outs need as an ONNX ModelProto (ir_version 8, opset 17, producer "gir.h")
   into buf (cap bytes). buf NULL asks for the size: *size is the bytes needed and the status GIR_ERR_LIMIT (the
   graph keeps no error); a buf too small gives the same with the error recorded. Graph inputs become the model's
   inputs, named by their gir names ('#<id>' when unnamed), constants and variables initializers holding their
   current values (a model trained in gir.h goes out trained), every other node the ONNX nodes of its op's
   GIR_ONNX_OUT line in ops.def or of its one-op GIR_ONNX line read backwards; parents are cast where gir.h
   promotes and ONNX wants one type; shapes, axes and pads are int64 initializers where ONNX takes them as inputs.
   The model is for evaluation: dropout and train_eval are written as the identity of what eval plans compute.
   Dtypes: f32 FLOAT, f64 DOUBLE, i32 INT32, u8 UINT8, b8 BOOL. A node whose op has no ONNX form fails with
   GIR_ERR_UNSUPPORTED naming the node and op; errors are recorded in the graph (gir_graph_message). */
GIR_API gir_status gir_onnx_export(gir_graph *g, int n_out, const gir_node *outs, void *buf, size_t cap,
                                   size_t *size);
#ifndef GIR_NO_STDIO
GIR_API gir_status gir_onnx_export_file(gir_graph *g, int n_out, const gir_node *outs, FILE *f);
#endif
#endif

/* >>image: a compiled plan as one block of bytes that firmware runs in place, with none of the graph code.
   On the host: compile with GIR_COMPILE_NO_FUSION, then gir_plan_write_image writes the plan's steps, values,
   attributes, constants and the starting values of its variables into buf (buf NULL or cap too small: only
   *len, the bytes it needs; too small is GIR_ERR_LIMIT). ins lists every input the plan reads and outs the
   nodes whose values the device reads (any node of the plan: outputs, variables, ...); the device names them
   by their place in these lists. Errors are recorded in the plan (gir_plan_message).
   On the device: gir_image_ram_size gives the RAM an image needs in the build that calls it (the most,
   whatever ram's alignment; its pointers, message and kernels' scratch are that build's, so a host's figure
   differs: gir_image_ram_size_for gives a target's on the host, below);
   gir_image_open checks the image (its CRC-32, every count, index and offset, that each op is in this build:
   GIR_ERR_NOT_BUILT) and lays out ram (aligned to 8): the plan's arena and scratch, and a copy of each variable
   an assign step of the plan writes. Constants, and variables nothing writes, are read where the image lies,
   so an image in flash keeps its weights there. The image must stay in place while it is open, aligned to 8.
   A failed open says why in msg (msgcap bytes, may be NULL). An image is written for the byte order, the
   GIR_MAX_RANK and the op table of the writer's gir.h and opens only in a gir.h that has the same ones (the
   error says which differs); the shapes and attributes it holds are trusted, as the writer checked them.
   gir_image_bind gives input k its data (bytes must be what the input holds; aligned to its element size),
   gir_image_run runs every step once (the steps of constant subexpressions on the first run only) and
   gir_image_output gives output k's values (*bytes: their size; may be NULL). gir_image_ops lists the ops an
   image's steps use, each once in ascending order (the first max in ops; returns how many, -1 for a bad
   image): the GIR_WITH_OP_<OP> a GIR_ONLY_OPS firmware build needs to open it. gir_image_dtypes gives the
   dtypes of its values as bits (1u << GIR_DTYPE_F32: f32; 0 for a bad image): an image without f64 values whose
   steps do float work in f32 opens in a GIR_ONLY_F32 build (an f32 training image, with its i32 labels and b8
   ReLU mask, does). The device's functions allocate nothing (gir_plan_write_image takes a small list from the
   graph's allocator while it writes). A plan whose graph calls functions (a call, if, scan or while) writes each
   function's plan as a sub-image its call steps run, so a scan's body is there once whatever its length; an if
   opens in the RAM of its larger branch. */
typedef struct gir_image gir_image;
/* What the RAM of an image depends on in the build that opens it. gir_image_target_native() describes the build
   that calls it; gir_image_ram_size_for(image, len, &target, &bytes) gives, on any host, the bytes that
   gir_image_ram_size returns in a build of that target (GIR_ERR_INVALID_ARG for a target it does not know). A
   Cortex-M4 firmware built as make size builds it: {4, "scalar", 0, 0}; a Cortex-M55: {4, "mve", ...}. */
typedef struct gir_image_target {
    int         ptr_bytes;      /* sizeof(void *) there: 4 or 8 */
    const char *isa;            /* its vector instruction set as gir_simd_name names it: "scalar" (no vectors, or
                                   GIR_NO_SIMD), "avx2", "avx512", "neon", "mve": its GEMM's blocking */
    int         packed_gemm;    /* 0: built GIR_NO_PACKED_GEMM (matmul takes no scratch) */
    int         error_strings;  /* 0: built GIR_NO_ERROR_STRINGS (a shorter message buffer) */
} gir_image_target;
GIR_API gir_image_target gir_image_target_native(void);
GIR_API gir_status gir_plan_write_image(gir_plan *p, int n_in, const gir_node *ins, int n_out, const gir_node *outs,
                                  void *buf, size_t cap, size_t *len);
GIR_API gir_status gir_image_ram_size(const void *image, size_t len, size_t *bytes);
GIR_API gir_status gir_image_ram_size_for(const void *image, size_t len, const gir_image_target *target,
                                          size_t *bytes);
GIR_API gir_status gir_image_open(const void *image, size_t len, void *ram, size_t ram_bytes, gir_image **out,
                                  char *msg, size_t msgcap);
GIR_API gir_status gir_image_bind(gir_image *m, int k, const void *data, size_t bytes);
GIR_API gir_status gir_image_run(gir_image *m);
GIR_API const void *gir_image_output(const gir_image *m, int k, size_t *bytes);
GIR_API const char *gir_image_message(const gir_image *m);
GIR_API int gir_image_ops(const void *image, size_t len, gir_op *ops, int max);
GIR_API unsigned gir_image_dtypes(const void *image, size_t len);

/* >>deprecated: the names of 0.1, each forwarding to its 0.2 name (CHANGELOG.md has the table); they go in 0.3.
   Define GIR_NO_DEPRECATED to leave them out, GIR_NO_DEPRECATION_WARNINGS to keep them without the compiler's
   deprecation warnings (gcc, clang and MSVC, C and C++). The constants and the type are macros and a typedef. */
#if !defined(GIR_NO_DEPRECATED)
#  if defined(GIR_NO_DEPRECATION_WARNINGS)
#    define GIR_DEPRECATED(use)
#  elif defined(__GNUC__) || defined(__clang__)
#    define GIR_DEPRECATED(use) __attribute__((deprecated("use " use)))
#  elif defined(_MSC_VER)
#    define GIR_DEPRECATED(use) __declspec(deprecated("use " use))
#  else
#    define GIR_DEPRECATED(use)
#  endif
#  if defined(__cplusplus)
#    define GIR__OLD static inline
#  elif defined(__GNUC__) || defined(__clang__)
#    define GIR__OLD static __inline__ __attribute__((unused))
#  elif defined(_MSC_VER)
#    define GIR__OLD static __inline
#  else
#    define GIR__OLD static inline
#  endif
#define GIR_ERR_OK GIR_OK
typedef gir_init_desc gir_init_spec;
#define GIR_OP_INT_DIV GIR_OP_FLOORDIV   /* floordiv was int_div (integers only) */
GIR_DEPRECATED("gir_floordiv")
GIR__OLD gir_node gir_int_div(gir_graph *g, gir_node a, gir_node b) { return gir_floordiv(g, a, b); }
GIR_DEPRECATED("gir_plan_compile (desc NULL)")
GIR__OLD gir_status gir_compile(gir_graph *g, int n_out, const gir_node *outs, gir_plan **out_plan) {
    return gir_plan_compile(g, n_out, outs, NULL, out_plan);
}
GIR_DEPRECATED("gir_plan_compile")
GIR__OLD gir_status gir_compile_ex(gir_graph *g, int n_out, const gir_node *outs, const gir_compile_desc *desc,
                                   gir_plan **out_plan) {
    return gir_plan_compile(g, n_out, outs, desc, out_plan);
}
GIR_DEPRECATED("gir_plan_query_stats(p).arena_bytes")
GIR__OLD size_t gir_plan_arena_bytes(const gir_plan *p) { return gir_plan_query_stats(p).arena_bytes; }
GIR_DEPRECATED("gir_plan_query_stats(p).live_peak")
GIR__OLD size_t gir_plan_live_peak(const gir_plan *p) { return gir_plan_query_stats(p).live_peak; }
GIR_DEPRECATED("gir_plan_query_stats(p).steps")
GIR__OLD int gir_plan_step_count(const gir_plan *p) { return gir_plan_query_stats(p).steps; }
GIR_DEPRECATED("gir_plan_query_stats(p).values")
GIR__OLD int gir_plan_value_count(const gir_plan *p) { return gir_plan_query_stats(p).values; }
GIR_DEPRECATED("gir_plan_query_stats(p).fused_groups")
GIR__OLD int gir_plan_fused_groups(const gir_plan *p) { return gir_plan_query_stats(p).fused_groups; }
GIR_DEPRECATED("gir_plan_query_stats(p).fused_nodes")
GIR__OLD int gir_plan_fused_nodes(const gir_plan *p) { return gir_plan_query_stats(p).fused_nodes; }
GIR_DEPRECATED("gir_plan_query_stats(p).inplace_steps")
GIR__OLD int gir_plan_inplace_steps(const gir_plan *p) { return gir_plan_query_stats(p).inplace_steps; }
GIR_DEPRECATED("gir_plan_query_stats(p).folded_steps")
GIR__OLD int gir_plan_folded_steps(const gir_plan *p) { return gir_plan_query_stats(p).folded_steps; }
GIR_DEPRECATED("gir_plan_query_stats(p).steps_run")
GIR__OLD uint64_t gir_plan_steps_run(const gir_plan *p) { return gir_plan_query_stats(p).steps_run; }
typedef enum gir_pass_count { GIR_PASS_MERGED = 0, GIR_PASS_SIMPLIFIED = 1, GIR_PASS_DEAD = 2 } gir_pass_count;
GIR_DEPRECATED("gir_plan_query_stats(p).merged, .simplified or .dead")
GIR__OLD int gir_plan_pass_count(const gir_plan *p, gir_pass_count what) {
    gir_plan_stats st = gir_plan_query_stats(p);
    return what == GIR_PASS_MERGED ? st.merged : what == GIR_PASS_SIMPLIFIED ? st.simplified
         : what == GIR_PASS_DEAD ? st.dead : 0;
}
GIR_DEPRECATED("gir_plan_run")
GIR__OLD gir_status gir_run(gir_plan *p) { return gir_plan_run(p); }
GIR_DEPRECATED("gir_plan_compile_size")
GIR__OLD gir_status gir_compile_size(gir_graph *g, int n_out, const gir_node *outs, const gir_compile_desc *desc,
                                     size_t *bytes) {
    return gir_plan_compile_size(g, n_out, outs, desc, bytes);
}
GIR_DEPRECATED("gir_plan_write_image")
GIR__OLD gir_status gir_plan_image(gir_plan *p, int n_in, const gir_node *ins, int n_out, const gir_node *outs,
                                   void *buf, size_t cap, size_t *len) {
    return gir_plan_write_image(p, n_in, ins, n_out, outs, buf, cap, len);
}
GIR_DEPRECATED("gir_graph_constrain")
GIR__OLD gir_status gir_constrain(gir_graph *g, gir_node before, gir_node after) {
    return gir_graph_constrain(g, before, after);
}
GIR_DEPRECATED("gir_graph_find")
GIR__OLD gir_node gir_find(const gir_graph *g, const char *name) { return gir_graph_find(g, name); }
GIR_DEPRECATED("gir_graph_push_scope")
GIR__OLD gir_status gir_scope_push(gir_graph *g, const char *scope) { return gir_graph_push_scope(g, scope); }
GIR_DEPRECATED("gir_graph_pop_scope")
GIR__OLD void gir_scope_pop(gir_graph *g) { gir_graph_pop_scope(g); }
GIR_DEPRECATED("gir_graph_scope")
GIR__OLD const char *gir_scope(const gir_graph *g) { return gir_graph_scope(g); }
GIR_DEPRECATED("gir_graph_dump_dot_buf")
GIR__OLD size_t gir_dump_dot_buf(const gir_graph *g, const gir_plan *p, char *buf, size_t cap) {
    return gir_graph_dump_dot_buf(g, p, buf, cap);
}
GIR_DEPRECATED("gir_graph_save_variables")
GIR__OLD gir_status gir_save_variables(gir_graph *g, int n, const gir_node *vars, void *buf, size_t cap,
                                       size_t *size) {
    return gir_graph_save_variables(g, n, vars, buf, cap, size);
}
GIR_DEPRECATED("gir_graph_load_variables")
GIR__OLD gir_status gir_load_variables(gir_graph *g, const void *data, size_t size, unsigned flags) {
    return gir_graph_load_variables(g, data, size, flags);
}
GIR_DEPRECATED("gir_graph_save")
GIR__OLD gir_status gir_save_graph(gir_graph *g, int n_out, const gir_node *outs, void *buf, size_t cap,
                                   size_t *size) {
    return gir_graph_save(g, n_out, outs, buf, cap, size);
}
GIR_DEPRECATED("gir_graph_load")
GIR__OLD gir_status gir_load_graph(const void *data, size_t size, const gir_graph_desc *desc, gir_graph **out,
                                   int max_out, gir_node *outs, int *n_out, char *msg, size_t msgcap) {
    return gir_graph_load(data, size, desc, out, max_out, outs, n_out, msg, msgcap);
}
#ifndef GIR_NO_STDIO
GIR_DEPRECATED("gir_graph_dump")
GIR__OLD void gir_dump(const gir_graph *g, FILE *f) { gir_graph_dump(g, f); }
GIR_DEPRECATED("gir_graph_dump_dot")
GIR__OLD void gir_dump_dot(const gir_graph *g, const gir_plan *p, FILE *f) { gir_graph_dump_dot(g, p, f); }
GIR_DEPRECATED("gir_graph_save_variables_file")
GIR__OLD gir_status gir_save_variables_file(gir_graph *g, int n, const gir_node *vars, FILE *f) {
    return gir_graph_save_variables_file(g, n, vars, f);
}
GIR_DEPRECATED("gir_graph_save_file")
GIR__OLD gir_status gir_save_graph_file(gir_graph *g, int n_out, const gir_node *outs, FILE *f) {
    return gir_graph_save_file(g, n_out, outs, f);
}
#endif
#endif /* <<deprecated */

#ifdef __cplusplus
}
#endif
#endif /* GIR_H_INCLUDED */
