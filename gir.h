/* gir.h - v0.1.0 - graph IR for numerical programs, symbolic reverse-mode autodiff, CPU executor
   SPDX-License-Identifier: MIT            (full text at the end of this file)

   GENERATED FILE - DO NOT EDIT. Edit ops.def or the fragments in gen/, then run:
       python3 gen/gir_gen.py ops.def -o gir.h          (or: make)
   Generator: gen/gir_gen.py 0.1.0   Inputs: ops.def sha256=45e02f3c6f34e50afd6c7d48afd06fd7bc60f51ca25cea816bbc74ca94952a36
                                          gen/ sha256=d9c3200b61448ac0

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
     gir_compile(g, 3, outs, &p);
     gir_plan_bind_bytes(p, x, &xv, sizeof xv);   (checks the size and alignment for an f64 scalar)
     gir_run(p);                             (run it again with new data any number of times)
     printf("%g %g %g\n", *(const double *)gir_plan_data(p, f),
            *(const double *)gir_plan_data(p, df), *(const double *)gir_plan_data(p, d2f));
     gir_plan_free(p); gir_graph_free(g);   (prints 19 12 4; the two frees may come in either order)

   CONFIGURATION (define before the #include that has GIR_IMPLEMENTATION)
     GIR_STATIC                  every function static (private copies in several files)
     GIR_API                     declaration prefix (default extern)
     GIR_MAX_RANK                max tensor rank, default 6 (>= 2)
     GIR_MALLOC/REALLOC/FREE     default allocator, (size, user) (p, old, new, user) (p, user)
     GIR_NO_MALLOC               no heap code: every graph and plan needs a gir_allocator
     GIR_NO_STDIO                drop the FILE* helpers (gir_dump)
     GIR_NO_ERROR_STRINGS        short messages: status names only
     GIR_ASSERT(c)               internal invariants (never triggered by user input)
     GIR_EXPF, GIR_EXP, GIR_LOGF ... route each libm function (freestanding builds)
     GIR_NO_SIMD                 portable scalar kernels only
     GIR_NO_AVX512, GIR_NO_AVX2  drop one x86 instruction set (both are compiled with target attributes
                                 and chosen at run time from cpuid, so plain -O2 builds use them too)
     GIR_NO_NEON, GIR_NO_MVE     drop AArch64 NEON / Cortex-M Helium (used when the target has them)

   ERRORS
     Builders never abort. A bad handle, shape or dtype records the first error in the graph
     (gir_graph_status / gir_graph_message: op, node id and shapes, for example
     "matmul: node 7: inner dimensions differ: [4,8] x [3,8]") and returns the invalid handle {0};
     builders given {0} return {0} without a new message, so code can build everything and check
     once. The graph built so far stays usable. gir_compile returns a gir_status and records its
     errors in the graph like a builder; gir_plan_bind and gir_run return a gir_status and keep their
     message in the plan (gir_plan_message). Binding an input the plan does not read is a no-op.
     A handle knows its graph: a node of another graph given to a builder, gir_grad, gir_compile or a
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

   WHAT gir.h DOES NOT DO (yet): threads, GPUs, dynamic shapes, sparse tensors, f16 storage.

   OPS (121 operators, 92 differentiable; generated from ops.def)
     name, (inputs; attributes: @ marks a non-differentiable argument), dtype rule, has adjoint, forward;
     below each, what it computes and its conventions
   input             (; dtype, shape)                                         attr   no   kernel none
                     A graph input of the given dtype and shape; its data is bound to a plan with
                     gir_plan_bind before gir_run.
   variable          (; dtype, shape, init)                                   attr   no   kernel none
                     Trainable values of the given dtype and shape, copied from init when the node is built
                     (init NULL gives zeros); gir_node_data reaches them.
   constant          (; dtype, shape, values)                                 attr   no   kernel none
                     Fixed values of the given dtype and shape, copied from values (row-major) when the node
                     is built.
   fill              (; dtype, shape, value)                                  attr   no   kernel fill
                     A tensor of the given dtype and shape with every element equal to value (converted to the
                     dtype).
   eye               (; dtype, n, m, k)                                       attr   no   kernel eye
                     An n x m matrix of the given dtype with ones on diagonal k (k > 0 above the main
                     diagonal, k < 0 below) and zeros elsewhere, as np.eye(n, m, k).
   arange            (; dtype, start, stop, step)                             attr   no   kernel arange
                     start, start + step, ... up to but excluding stop, as np.arange: ceil((stop - start) /
                     step) elements (none when that is negative); step must be nonzero.
   rand_uniform      (; dtype, shape, lo, hi, seed)                           attr   no   kernel random
                     Uniform values in [lo, hi) from a counter-based generator keyed by seed: the same seed
                     gives the same numbers, and each run of a plan draws new ones.
   rand_normal       (; dtype, shape, mean, std, seed)                        attr   no   kernel random
                     Normal values with the given mean and std from the counter-based generator keyed by seed;
                     each run of a plan draws new ones.
   not               (a)                                                      logic  no   = not(a)
                     Logical not of a b8 tensor.
   and               (a, b)                                                   logic  no   = and(a, b)
                     Logical and of two b8 tensors, NumPy broadcasting.
   or                (a, b)                                                   logic  no   = or(a, b)
                     Logical or of two b8 tensors, NumPy broadcasting.
   xor               (a, b)                                                   logic  no   = xor(a, b)
                     Logical exclusive or of two b8 tensors, NumPy broadcasting.
   gt                (a, b)                                                   cmp    no   = (a > b)
                     a > b after dtype promotion, NumPy broadcasting; b8 result.
   ge                (a, b)                                                   cmp    no   = (a >= b)
                     a >= b after dtype promotion, NumPy broadcasting; b8 result.
   lt                (a, b)                                                   cmp    no   = (a < b)
                     a < b after dtype promotion, NumPy broadcasting; b8 result.
   le                (a, b)                                                   cmp    no   = (a <= b)
                     a <= b after dtype promotion, NumPy broadcasting; b8 result.
   eq                (a, b)                                                   cmp    no   = (a == b)
                     a == b after dtype promotion, NumPy broadcasting; b8 result (NaN equals nothing).
   ne                (a, b)                                                   cmp    no   = (a != b)
                     a != b after dtype promotion, NumPy broadcasting; b8 result.
   approx_eq         (a, b; atol, rtol)                                       cmp    no   = (abs((a - b)) <= (p0 + (p1 * abs(b))))
                     |a - b| <= atol + rtol * |b| in the promoted dtype (np.isclose without equal NaNs); b8
                     result.
   isnan             (a)                                                      test   no   = isnan(a)
                     True where a is NaN; float inputs, b8 result.
   isinf             (a)                                                      test   no   = isinf(a)
                     True where a is +inf or -inf; float inputs, b8 result.
   isfinite          (a)                                                      test   no   = isfinite(a)
                     True where a is neither infinite nor NaN; float inputs, b8 result.
   add               (a, b)                                                   num    yes  = (a + b)
                     a + b. Dtypes promote along b8 < u8 < i32 < f32 < f64 (a rank-0 constant takes the other
                     operand's dtype); shapes broadcast as in NumPy and each gradient is summed back to its
                     input's shape.
   sub               (a, b)                                                   num    yes  = (a - b)
                     a - b, with the promotion and broadcasting of add.
   mul               (a, b)                                                   num    yes  = (a * b)
                     a * b, with the promotion and broadcasting of add.
   div               (a, b)                                                   float  yes  = (a / b)
                     a / b for floats (integer inputs are rejected: cast them, or use floordiv); division by
                     zero gives inf or NaN.
   neg               (a)                                                      num    yes  = -a
                     -a.
   pow               (a, b)                                                   float  yes  = pow(a, b)
                     a raised to b (C pow): a negative a with a non-integer b gives NaN; the gradient for b is
                     g * y * log(a).
   maximum           (a, b)                                                   num    yes  = max(a, b)
                     The larger of a and b (NaN if either is NaN, as np.maximum); at a tie the gradient goes
                     to a.
   minimum           (a, b)                                                   num    yes  = min(a, b)
                     The smaller of a and b (NaN if either is NaN, as np.minimum); at a tie the gradient goes
                     to a.
   mod               (a, b)                                                   num    yes  = mod(a, b)
                     Remainder of floor division, with the sign of b, as Python and NumPy % (np.mod): a -
                     floor(a / b) * b. Integers: a mod 0 is 0 (NumPy: 0 and a warning); floats: NaN. Gradients
                     1 and -floor(a / b).
   floordiv          (a, b)                                                   num    yes  = floordiv(a, b)
                     Floor division, as Python and NumPy // (np.floor_divide): floor(a / b). Integers: a // 0
                     is 0 (NumPy: 0 and a warning); floats: a / 0 (inf or NaN). Zero gradient: the result is
                     piecewise constant. Named int_div (integers only) in 0.1; gir_int_div remains as an
                     alias.
   add_n             (xs...)                                                  num    yes  kernel add_n
                     Sum of 1 to 64 tensors (GIR__MAX_IN) with the promotion and broadcasting of add; the
                     builder takes a count and an array of handles.
   abs               (a)                                                      num    yes  = abs(a)
                     |a|; the gradient at 0 is 0.
   sign              (a)                                                      num    yes  = sign(a)
                     -1, 0 or 1 by the sign of a (NaN stays NaN); zero gradient.
   square            (a)                                                      num    yes  = (a * a)
                     a * a.
   sqrt              (a)                                                      float  yes  = sqrt(a)
                     Square root; a negative input gives NaN.
   rsqrt             (a)                                                      float  yes  = (1 / sqrt(a))
                     1 / sqrt(a).
   reciprocal        (a)                                                      float  yes  = (1 / a)
                     1 / a.
   exp               (a)                                                      float  yes  = exp(a)
                     e to the power a.
   expm1             (a)                                                      float  yes  = expm1(a)
                     exp(a) - 1, accurate for small a.
   log               (a)                                                      float  yes  = log(a)
                     Natural logarithm: log(0) is -inf, a negative input gives NaN.
   log1p             (a)                                                      float  yes  = log1p(a)
                     log(1 + a), accurate for small a.
   log2              (a)                                                      float  yes  = log2(a)
                     Base-2 logarithm.
   sin               (a)                                                      float  yes  = sin(a)
                     Sine (radians).
   cos               (a)                                                      float  yes  = cos(a)
                     Cosine (radians).
   tan               (a)                                                      float  yes  = tan(a)
                     Tangent (radians).
   asin              (a)                                                      float  yes  = asin(a)
                     Arcsine, in [-pi/2, pi/2]; NaN outside [-1, 1]; the gradient is infinite at -1 and 1.
   acos              (a)                                                      float  yes  = acos(a)
                     Arccosine, in [0, pi]; NaN outside [-1, 1]; the gradient is infinite at -1 and 1.
   atan              (a)                                                      float  yes  = atan(a)
                     Arctangent, in (-pi/2, pi/2).
   sinh              (a)                                                      float  yes  = sinh(a)
                     Hyperbolic sine.
   cosh              (a)                                                      float  yes  = cosh(a)
                     Hyperbolic cosine.
   tanh              (a)                                                      float  yes  = tanh(a)
                     Hyperbolic tangent.
   sigmoid           (a)                                                      float  yes  = sigmoid(a)
                     Logistic sigmoid 1 / (1 + exp(-a)).
   softplus          (a)                                                      float  yes  = (max(a, 0) + log1p(exp(-abs(a))))
                     log(1 + exp(a)), computed as max(a, 0) + log1p(exp(-|a|)) so that it neither overflows
                     nor loses small values.
   relu              (a)                                                      num    yes  = max(a, 0)
                     max(a, 0); the gradient at 0 is 0.
   leaky_relu        (a; alpha)                                               float  yes  = select((a > 0), a, (p0 * a))
                     a where a > 0, alpha * a elsewhere.
   elu               (a; alpha)                                               float  yes  = select((a > 0), a, (p0 * expm1(a)))
                     a where a > 0, alpha * (exp(a) - 1) elsewhere.
   gelu              (a)                                                      float  yes  = ((0.5 * a) * (1 + erf((a * 0.7071067811865476))))
                     Exact GELU, a * Phi(a) = 0.5 * a * (1 + erf(a / sqrt(2))), as torch.nn.functional.gelu;
                     gelu_tanh is the tanh approximation.
   silu              (a)                                                      float  yes  = (a * sigmoid(a))
                     a * sigmoid(a) (swish).
   erf               (a)                                                      float  yes  = erf(a)
                     Error function.
   floor             (a)                                                      float  yes  = floor(a)
                     Largest integer <= a; zero gradient.
   ceil              (a)                                                      float  yes  = ceil(a)
                     Smallest integer >= a; zero gradient.
   round             (a)                                                      float  yes  = round(a)
                     Nearest integer, ties to even (as np.round and torch.round); zero gradient.
   clamp             (a; lo, hi)                                              num    yes  = min(max(a, p0), p1)
                     min(max(a, lo), hi) (np.clip); for integer tensors lo and hi are truncated toward zero;
                     the gradient is 1 inside [lo, hi] and 0 outside.
   sum               (x; axes, keepdims)                                      num    yes  kernel reduce
                     Sum over axes; axes is a gir_ints list (negative axes count from the end; gir_ints0()
                     reduces every axis); keepdims nonzero keeps each reduced axis with length 1. Integers are
                     summed in their own dtype.
   mean              (x; axes, keepdims)                                      float  yes  kernel reduce
                     Mean over axes (float); axes is a gir_ints list (negative axes count from the end;
                     gir_ints0() reduces every axis); keepdims nonzero keeps each reduced axis with length 1.
   prod              (x; axes, keepdims)                                      num    yes  kernel reduce
                     Product over axes; axes is a gir_ints list (negative axes count from the end; gir_ints0()
                     reduces every axis); keepdims nonzero keeps each reduced axis with length 1.
   max               (x; axes, keepdims)                                      num    yes  kernel reduce
                     Largest element over axes; axes is a gir_ints list (negative axes count from the end;
                     gir_ints0() reduces every axis); keepdims nonzero keeps each reduced axis with length 1.
                     The gradient is shared equally by tied maxima.
   min               (x; axes, keepdims)                                      num    yes  kernel reduce
                     Smallest element over axes; axes is a gir_ints list (negative axes count from the end;
                     gir_ints0() reduces every axis); keepdims nonzero keeps each reduced axis with length 1.
                     The gradient is shared equally by tied minima.
   var               (x; axes, keepdims, ddof)                                float  yes  kernel reduce
                     Variance over axes, sum((x - mean)^2) / max(0, count - ddof) as np.var and torch.var
                     (ddof 0: population, 1: sample; ddof >= count gives inf, nan for equal values, and so
                     does the gradient); axes is a gir_ints list (negative axes count from the end;
                     gir_ints0() reduces every axis); keepdims nonzero keeps each reduced axis with length 1.
   logsumexp         (x; axes, keepdims)                                      float  yes  kernel reduce
                     log(sum(exp(x))) over axes, with the maximum shifted out; axes is a gir_ints list
                     (negative axes count from the end; gir_ints0() reduces every axis); keepdims nonzero
                     keeps each reduced axis with length 1.
   argmax            (x; axis, keepdims)                                      index  no   kernel argreduce
                     i32 index of the first largest element along axis (negative counts from the end);
                     keepdims nonzero keeps that axis with length 1; an empty axis is an error.
   argmin            (x; axis, keepdims)                                      index  no   kernel argreduce
                     i32 index of the first smallest element along axis (negative counts from the end);
                     keepdims nonzero keeps that axis with length 1; an empty axis is an error.
   all               (x; axes, keepdims)                                      logic  no   kernel reduce
                     b8: whether every element over axes is true; axes is a gir_ints list (negative axes count
                     from the end; gir_ints0() reduces every axis); keepdims nonzero keeps each reduced axis
                     with length 1.
   any               (x; axes, keepdims)                                      logic  no   kernel reduce
                     b8: whether any element over axes is true; axes is a gir_ints list (negative axes count
                     from the end; gir_ints0() reduces every axis); keepdims nonzero keeps each reduced axis
                     with length 1.
   reshape           (x; shape)                                               any    yes  kernel copy
                     The same elements in row-major order under a new shape; one extent may be -1 and is then
                     inferred, e.g. gir_shape2(4, -1).
   transpose         (x; perm)                                                any    yes  kernel transpose
                     Permutes axes: output axis k is input axis perm[k] (negative entries count from the end);
                     gir_ints0() reverses all axes, as NumPy.
   broadcast_to      (x; shape)                                               any    yes  kernel broadcast
                     Repeats x to shape by NumPy broadcasting (size-1 and missing leading axes); the gradient
                     is summed back.
   slice             (x; axis, start, stop, step)                             any    yes  kernel slice
                     x[start:stop:step] along axis with Python semantics: negative start and stop count from
                     the end, out-of-range values are clamped, step may be negative (not 0). GIR_SLICE_NONE is
                     an omitted bound (Python's None), so x[::-1] is slice(x, axis, GIR_SLICE_NONE,
                     GIR_SLICE_NONE, -1). The node stores the bounds normalised.
   unslice           (x; axis, start, stop, step, len)                        any    yes  kernel unslice
                     The adjoint of slice: zeros with len elements along axis, x placed at start:stop:step
                     (same conventions as slice).
   concat            (xs...; axis)                                            any    yes  kernel concat
                     Joins 1 to 64 tensors (GIR__MAX_IN) along axis; every other extent must agree; the
                     builder takes a count and an array of handles.
   flip              (x; axes)                                                any    yes  kernel flip
                     Reverses the order of elements along each axis in axes (negative axes count from the
                     end).
   pad               (x; before, after, value)                                any    yes  kernel pad
                     Constant padding: before[k] and after[k] elements equal to value on axis k; gir_ints0()
                     pads nothing on that side.
   index_select      (x, @index; axis)                                        any    yes  kernel index_select
                     np.take(x, index, axis) / torch.index_select with an i32 index tensor: the result has
                     shape x.shape[:axis] + index.shape + x.shape[axis+1:]; indices in [-len, len) (negative
                     count from the end); an index out of range is a run-time error. For torch.gather
                     semantics see gather.
   index_add         (x, @index; axis, len)                                   num    yes  kernel index_add
                     The adjoint of index_select: len entries along axis, where each slice of x is added at
                     its index (repeated indices accumulate, np.add.at); index is i32 and its shape matches x
                     from axis on.
   one_hot           (@index; depth, dtype)                                   attr   no   kernel one_hot
                     i32 indices to one-hot vectors of the given dtype in a new last axis of length depth; an
                     index outside [0, depth) is a run-time error.
   where             (@cond, a, b)                                            any    yes  = select(cond, a, b)
                     a where the b8 cond is true, b elsewhere; cond, a and b broadcast together; a and b
                     promote as in add (b8 values too).
   diag              (x; k)                                                   any    yes  kernel diag
                     Vectors [..., n] to matrices [..., n+|k|, n+|k|] with the vector on diagonal k (k > 0
                     above the main diagonal), as np.diag(v, k) / torch.diag_embed.
   diagonal          (x; k)                                                   any    yes  kernel diagonal
                     Diagonal k of the matrices in the last two axes: [..., m, n] to [..., len], as
                     np.diagonal(x, k, -2, -1).
   triu              (x; k)                                                   any    yes  kernel tri
                     The upper triangle of the matrices in the last two axes: keeps the elements with column -
                     row >= k, zeros the rest (np.triu).
   tril              (x; k)                                                   any    yes  kernel tri
                     The lower triangle of the matrices in the last two axes: keeps the elements with column -
                     row <= k, zeros the rest (np.tril).
   cast              (x; dtype)                                               attr   yes  kernel cast
                     Converts to dtype: float to integer truncates toward zero and saturates (NaN gives 0), to
                     b8 tests for nonzero, b8 to numbers gives 0 or 1; the gradient is cast back.
   stop_gradient     (x)                                                      any    no   kernel copy
                     Identity on values; gradients stop here by design.
   matmul            (a, b)                                                   num    yes  kernel matmul
                     Matrix product of the last two axes, leading axes are batch axes broadcast as in NumPy
                     (np.matmul); both operands need rank >= 2 (dot and outer take vectors).
   dot               (a, b)                                                   num    yes  kernel dot
                     Inner product of two vectors of one length; rank-0 result.
   outer             (a, b)                                                   num    yes  kernel outer
                     Outer product of two vectors: [m] and [n] give [m, n].
   trace             (x)                                                      num    yes  kernel trace
                     Sum of the main diagonal of the matrices in the last two axes: [..., m, n] to [...].
   inverse           (x)                                                      float  yes  kernel linalg
                     Inverse of square matrices in the last two axes (Gauss-Jordan, partial pivoting); an
                     exactly singular matrix is a run-time error.
   det               (x)                                                      float  yes  kernel linalg
                     Determinant of square matrices in the last two axes (LU, partial pivoting).
   logdet            (x)                                                      float  yes  kernel linalg
                     log|det| of square matrices in the last two axes (logabsdet of np.linalg.slogdet); a
                     singular matrix gives -inf.
   cholesky          (x)                                                      float  yes  kernel linalg
                     Lower-triangular L with x = L L^T, reading only the lower triangle of x; a matrix that is
                     not positive definite is a run-time error.
   trisolve          (a, b; lower, trans)                                     float  yes  kernel trisolve
                     Solves op(a) x = b for triangular a: lower nonzero reads the lower triangle of a, else
                     the upper; trans nonzero solves with a transposed; b is [..., n, m] with a's batch axes.
   softmax           (x; axis)                                                float  yes  kernel softmax
                     exp(x) / sum(exp(x)) along axis (negative counts from the end), with the maximum shifted
                     out.
   log_softmax       (x; axis)                                                float  yes  kernel softmax
                     x - logsumexp(x) along axis (negative counts from the end).
   xent_logits       (logits, @labels)                                        float  yes  kernel xent
                     Cross-entropy of each row of logits [N, C] with an i32 class label per row (labels rank
                     1, [N], values in [0, C)): output [N], logsumexp(row) - row[label]; take sum or mean for
                     a loss. A label out of range is a run-time error.
   xent_logits_prob  (logits, probs)                                          float  yes  kernel xent_prob
                     Cross-entropy of each row of logits [N, C] with target probabilities [N, C]: output [N],
                     -sum(probs * log_softmax(row)).
   bce_logits        (x, t)                                                   float  yes  = ((max(x, 0) - (x * t)) + log1p(exp(-abs(x))))
                     Binary cross-entropy of logits x with targets t, elementwise with broadcasting, computed
                     stably as max(x, 0) - x * t + log1p(exp(-|x|)).
   mse               (a, b)                                                   float  yes  kernel mse
                     Mean of (a - b)^2 over all elements of two tensors of one shape; rank-0 result.
   conv2d            (x, w; stride, padding, dilation, groups)                float  yes  kernel conv
                     2-D cross-correlation as torch conv2d without bias: x NCHW [N, C, H, W], w OIHW [K,
                     C/groups, kh, kw], output [N, K, OH, OW]; stride, padding and dilation are gir_ints of
                     one or two values (height, width; one value serves both); gir_ints0() gives stride 1,
                     padding 0, dilation 1; padding adds zeros on both sides; groups 0 means 1.
   conv2d_bwd_data   (gy, w; stride, padding, dilation, groups, xshape)       float  yes  kernel conv
                     Gradient of conv2d for x: from gy [N, K, OH, OW] and w OIHW, a result of shape xshape
                     (NCHW); attributes as conv2d.
   conv2d_bwd_filter (x, gy; stride, padding, dilation, groups, wshape)       float  yes  kernel conv
                     Gradient of conv2d for w: from x NCHW and gy [N, K, OH, OW], a result of shape wshape
                     (OIHW); attributes as conv2d.
   max_pool2d        (x; kernel, stride, padding)                             float  yes  kernel pool
                     Max over kernel windows of x NCHW; kernel, stride and padding are gir_ints of one or two
                     values (height, width); stride gir_ints0() means stride = kernel; padding is at most half
                     the kernel; padding acts as -inf; the gradient goes to the first maximum of each window
                     in row-major order.
   max_pool2d_bwd    (gy, @x; kernel, stride, padding)                        float  no   kernel pool
                     Gradient of max_pool2d: gy routed to the first maximum of each window of x (row-major);
                     attributes as max_pool2d.
   avg_pool2d        (x; kernel, stride, padding, count_include_pad)          float  yes  kernel pool
                     Mean over kernel windows of x NCHW; kernel, stride and padding are gir_ints of one or two
                     values (height, width); stride gir_ints0() means stride = kernel; padding is at most half
                     the kernel; count_include_pad 1 divides every window by kh * kw (PyTorch's default), 0 by
                     the number of positions inside x.
   avg_pool2d_bwd    (gy; kernel, stride, padding, count_include_pad, xshape) float  yes  kernel pool
                     Gradient of avg_pool2d: gy spread evenly over each window, a result of shape xshape
                     (NCHW); attributes as avg_pool2d.
   dropout           (x; p, seed)                                             float  yes  kernel dropout
                     Training dropout: each element is zeroed with probability p and the others scaled by 1 /
                     (1 - p) (p = 1 gives zeros); the mask comes from the generator keyed by seed, is new on
                     each run, and the gradient reuses it.
   gather            (x, @index; axis)                                        any    yes  kernel gather
                     torch.gather / np.take_along_axis: index (i32) has x's rank, out[p] = x[p with the axis
                     coordinate replaced by index[p]]; off the axis index may be shorter than x (torch's rule;
                     it is not broadcast); indices in [-len, len); an index out of range is a run-time error.
   scatter_add       (x, @index, src; axis)                                   num    yes  kernel scatter_add
                     torch.scatter_add, gather's adjoint: x plus src added at the positions gather reads
                     (repeated indices accumulate); index (i32) has src's shape.
   fmod              (a, b)                                                   num    yes  = fmod(a, b)
                     Remainder of truncated division, with the sign of a, as C fmod and np.fmod: a - trunc(a /
                     b) * b. Integers: a fmod 0 is 0 (as NumPy); floats: NaN. Gradients 1 and -trunc(a / b).
   gelu_tanh         (a)                                                      float  yes  = ((0.5 * a) * (1 + tanh((0.7978845608028654 * (a + (((0.044715 * a) * a) * a))))))
                     GELU, tanh approximation: 0.5 * a * (1 + tanh(sqrt(2 / pi) * (a + 0.044715 * a^3))), as
                     torch.nn.functional.gelu(a, approximate='tanh').
*/
#ifndef GIR_H_INCLUDED
#define GIR_H_INCLUDED
/* >>version ------------------------------------------------------------------------------------------ */
#define GIR_VERSION_MAJOR 0
#define GIR_VERSION_MINOR 1
#define GIR_VERSION_PATCH 0
#define GIR_VERSION ((GIR_VERSION_MAJOR << 16) | (GIR_VERSION_MINOR << 8) | GIR_VERSION_PATCH)
#define GIR_VERSION_STRING "0.1.0"
#define GIR_OPSDEF_SHA256 "45e02f3c6f34e50afd6c7d48afd06fd7bc60f51ca25cea816bbc74ca94952a36"

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

/* status codes: one X-macro gives the enum and the strings */
#define GIR__STATUS(X) \
    X(OK,            "ok") \
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
    X(LIMIT,         "size limit exceeded")
typedef enum gir_status {
#define GIR__STATUS_ENUM(name, str) GIR_ERR_##name,
    GIR__STATUS(GIR__STATUS_ENUM)
#undef GIR__STATUS_ENUM
    GIR_STATUS__COUNT
} gir_status;
#define GIR_OK GIR_ERR_OK

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
    GIR_GROUP_CORE,
    GIR_GROUP_LOGIC,
    GIR_GROUP_MATH,
    GIR_GROUP_REDUCE,
    GIR_GROUP_SHAPE,
    GIR_GROUP_LINALG,
    GIR_GROUP_NN,
    GIR_GROUP_CONV,
    GIR_GROUP_RANDOM,
    GIR_GROUP__COUNT
} gir_group;

/* generated from ops.def: one value per row, in table order */
typedef enum gir_op {
    GIR_OP__INVALID = 0,
    GIR_OP_INPUT,
    GIR_OP_VARIABLE,
    GIR_OP_CONSTANT,
    GIR_OP_FILL,
    GIR_OP_EYE,
    GIR_OP_ARANGE,
    GIR_OP_RAND_UNIFORM,
    GIR_OP_RAND_NORMAL,
    GIR_OP_NOT,
    GIR_OP_AND,
    GIR_OP_OR,
    GIR_OP_XOR,
    GIR_OP_GT,
    GIR_OP_GE,
    GIR_OP_LT,
    GIR_OP_LE,
    GIR_OP_EQ,
    GIR_OP_NE,
    GIR_OP_APPROX_EQ,
    GIR_OP_ISNAN,
    GIR_OP_ISINF,
    GIR_OP_ISFINITE,
    GIR_OP_ADD,
    GIR_OP_SUB,
    GIR_OP_MUL,
    GIR_OP_DIV,
    GIR_OP_NEG,
    GIR_OP_POW,
    GIR_OP_MAXIMUM,
    GIR_OP_MINIMUM,
    GIR_OP_MOD,
    GIR_OP_FLOORDIV,
    GIR_OP_ADD_N,
    GIR_OP_ABS,
    GIR_OP_SIGN,
    GIR_OP_SQUARE,
    GIR_OP_SQRT,
    GIR_OP_RSQRT,
    GIR_OP_RECIPROCAL,
    GIR_OP_EXP,
    GIR_OP_EXPM1,
    GIR_OP_LOG,
    GIR_OP_LOG1P,
    GIR_OP_LOG2,
    GIR_OP_SIN,
    GIR_OP_COS,
    GIR_OP_TAN,
    GIR_OP_ASIN,
    GIR_OP_ACOS,
    GIR_OP_ATAN,
    GIR_OP_SINH,
    GIR_OP_COSH,
    GIR_OP_TANH,
    GIR_OP_SIGMOID,
    GIR_OP_SOFTPLUS,
    GIR_OP_RELU,
    GIR_OP_LEAKY_RELU,
    GIR_OP_ELU,
    GIR_OP_GELU,
    GIR_OP_SILU,
    GIR_OP_ERF,
    GIR_OP_FLOOR,
    GIR_OP_CEIL,
    GIR_OP_ROUND,
    GIR_OP_CLAMP,
    GIR_OP_SUM,
    GIR_OP_MEAN,
    GIR_OP_PROD,
    GIR_OP_MAX,
    GIR_OP_MIN,
    GIR_OP_VAR,
    GIR_OP_LOGSUMEXP,
    GIR_OP_ARGMAX,
    GIR_OP_ARGMIN,
    GIR_OP_ALL,
    GIR_OP_ANY,
    GIR_OP_RESHAPE,
    GIR_OP_TRANSPOSE,
    GIR_OP_BROADCAST_TO,
    GIR_OP_SLICE,
    GIR_OP_UNSLICE,
    GIR_OP_CONCAT,
    GIR_OP_FLIP,
    GIR_OP_PAD,
    GIR_OP_INDEX_SELECT,
    GIR_OP_INDEX_ADD,
    GIR_OP_ONE_HOT,
    GIR_OP_WHERE,
    GIR_OP_DIAG,
    GIR_OP_DIAGONAL,
    GIR_OP_TRIU,
    GIR_OP_TRIL,
    GIR_OP_CAST,
    GIR_OP_STOP_GRADIENT,
    GIR_OP_MATMUL,
    GIR_OP_DOT,
    GIR_OP_OUTER,
    GIR_OP_TRACE,
    GIR_OP_INVERSE,
    GIR_OP_DET,
    GIR_OP_LOGDET,
    GIR_OP_CHOLESKY,
    GIR_OP_TRISOLVE,
    GIR_OP_SOFTMAX,
    GIR_OP_LOG_SOFTMAX,
    GIR_OP_XENT_LOGITS,
    GIR_OP_XENT_LOGITS_PROB,
    GIR_OP_BCE_LOGITS,
    GIR_OP_MSE,
    GIR_OP_CONV2D,
    GIR_OP_CONV2D_BWD_DATA,
    GIR_OP_CONV2D_BWD_FILTER,
    GIR_OP_MAX_POOL2D,
    GIR_OP_MAX_POOL2D_BWD,
    GIR_OP_AVG_POOL2D,
    GIR_OP_AVG_POOL2D_BWD,
    GIR_OP_DROPOUT,
    GIR_OP_GATHER,
    GIR_OP_SCATTER_ADD,
    GIR_OP_FMOD,
    GIR_OP_GELU_TANH,
    GIR_OP__COUNT
} gir_op;
#define GIR_OP_INT_DIV GIR_OP_FLOORDIV  /* the 0.1 name of floordiv (integers only then); to be removed */

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

typedef struct gir_graph_desc {          /* zero = defaults */
    gir_allocator allocator;
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

/* the op table at run time */
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
/* core */
GIR_API gir_node gir_input(gir_graph *g, gir_dtype dtype, gir_shape shape);
GIR_API gir_node gir_variable(gir_graph *g, gir_dtype dtype, gir_shape shape, const void *init);
GIR_API gir_node gir_constant(gir_graph *g, gir_dtype dtype, gir_shape shape, const void *values);
GIR_API gir_node gir_fill(gir_graph *g, gir_dtype dtype, gir_shape shape, double value);
GIR_API gir_node gir_eye(gir_graph *g, gir_dtype dtype, int n, int m, int k);
GIR_API gir_node gir_arange(gir_graph *g, gir_dtype dtype, double start, double stop, double step);
/* random */
GIR_API gir_node gir_rand_uniform(gir_graph *g, gir_dtype dtype, gir_shape shape, double lo, double hi, uint64_t seed);
GIR_API gir_node gir_rand_normal(gir_graph *g, gir_dtype dtype, gir_shape shape, double mean, double std, uint64_t seed);
/* logic */
GIR_API gir_node gir_not(gir_graph *g, gir_node a);
GIR_API gir_node gir_and(gir_graph *g, gir_node a, gir_node b);
GIR_API gir_node gir_or(gir_graph *g, gir_node a, gir_node b);
GIR_API gir_node gir_xor(gir_graph *g, gir_node a, gir_node b);
GIR_API gir_node gir_gt(gir_graph *g, gir_node a, gir_node b);
GIR_API gir_node gir_ge(gir_graph *g, gir_node a, gir_node b);
GIR_API gir_node gir_lt(gir_graph *g, gir_node a, gir_node b);
GIR_API gir_node gir_le(gir_graph *g, gir_node a, gir_node b);
GIR_API gir_node gir_eq(gir_graph *g, gir_node a, gir_node b);
GIR_API gir_node gir_ne(gir_graph *g, gir_node a, gir_node b);
GIR_API gir_node gir_approx_eq(gir_graph *g, gir_node a, gir_node b, double atol, double rtol);
GIR_API gir_node gir_isnan(gir_graph *g, gir_node a);
GIR_API gir_node gir_isinf(gir_graph *g, gir_node a);
GIR_API gir_node gir_isfinite(gir_graph *g, gir_node a);
/* core */
GIR_API gir_node gir_add(gir_graph *g, gir_node a, gir_node b);
GIR_API gir_node gir_sub(gir_graph *g, gir_node a, gir_node b);
GIR_API gir_node gir_mul(gir_graph *g, gir_node a, gir_node b);
GIR_API gir_node gir_div(gir_graph *g, gir_node a, gir_node b);
GIR_API gir_node gir_neg(gir_graph *g, gir_node a);
GIR_API gir_node gir_pow(gir_graph *g, gir_node a, gir_node b);
GIR_API gir_node gir_maximum(gir_graph *g, gir_node a, gir_node b);
GIR_API gir_node gir_minimum(gir_graph *g, gir_node a, gir_node b);
GIR_API gir_node gir_mod(gir_graph *g, gir_node a, gir_node b);
GIR_API gir_node gir_floordiv(gir_graph *g, gir_node a, gir_node b);
GIR_API gir_node gir_add_n(gir_graph *g, int n, const gir_node *xs);
/* math */
GIR_API gir_node gir_abs(gir_graph *g, gir_node a);
GIR_API gir_node gir_sign(gir_graph *g, gir_node a);
GIR_API gir_node gir_square(gir_graph *g, gir_node a);
GIR_API gir_node gir_sqrt(gir_graph *g, gir_node a);
GIR_API gir_node gir_rsqrt(gir_graph *g, gir_node a);
GIR_API gir_node gir_reciprocal(gir_graph *g, gir_node a);
GIR_API gir_node gir_exp(gir_graph *g, gir_node a);
GIR_API gir_node gir_expm1(gir_graph *g, gir_node a);
GIR_API gir_node gir_log(gir_graph *g, gir_node a);
GIR_API gir_node gir_log1p(gir_graph *g, gir_node a);
GIR_API gir_node gir_log2(gir_graph *g, gir_node a);
GIR_API gir_node gir_sin(gir_graph *g, gir_node a);
GIR_API gir_node gir_cos(gir_graph *g, gir_node a);
GIR_API gir_node gir_tan(gir_graph *g, gir_node a);
GIR_API gir_node gir_asin(gir_graph *g, gir_node a);
GIR_API gir_node gir_acos(gir_graph *g, gir_node a);
GIR_API gir_node gir_atan(gir_graph *g, gir_node a);
GIR_API gir_node gir_sinh(gir_graph *g, gir_node a);
GIR_API gir_node gir_cosh(gir_graph *g, gir_node a);
GIR_API gir_node gir_tanh(gir_graph *g, gir_node a);
GIR_API gir_node gir_sigmoid(gir_graph *g, gir_node a);
GIR_API gir_node gir_softplus(gir_graph *g, gir_node a);
GIR_API gir_node gir_relu(gir_graph *g, gir_node a);
GIR_API gir_node gir_leaky_relu(gir_graph *g, gir_node a, double alpha);
GIR_API gir_node gir_elu(gir_graph *g, gir_node a, double alpha);
GIR_API gir_node gir_gelu(gir_graph *g, gir_node a);
GIR_API gir_node gir_silu(gir_graph *g, gir_node a);
GIR_API gir_node gir_erf(gir_graph *g, gir_node a);
GIR_API gir_node gir_floor(gir_graph *g, gir_node a);
GIR_API gir_node gir_ceil(gir_graph *g, gir_node a);
GIR_API gir_node gir_round(gir_graph *g, gir_node a);
GIR_API gir_node gir_clamp(gir_graph *g, gir_node a, double lo, double hi);
/* reduce */
GIR_API gir_node gir_sum(gir_graph *g, gir_node x, gir_ints axes, int keepdims);
GIR_API gir_node gir_mean(gir_graph *g, gir_node x, gir_ints axes, int keepdims);
GIR_API gir_node gir_prod(gir_graph *g, gir_node x, gir_ints axes, int keepdims);
GIR_API gir_node gir_max(gir_graph *g, gir_node x, gir_ints axes, int keepdims);
GIR_API gir_node gir_min(gir_graph *g, gir_node x, gir_ints axes, int keepdims);
GIR_API gir_node gir_var(gir_graph *g, gir_node x, gir_ints axes, int keepdims, int ddof);
GIR_API gir_node gir_logsumexp(gir_graph *g, gir_node x, gir_ints axes, int keepdims);
GIR_API gir_node gir_argmax(gir_graph *g, gir_node x, int axis, int keepdims);
GIR_API gir_node gir_argmin(gir_graph *g, gir_node x, int axis, int keepdims);
GIR_API gir_node gir_all(gir_graph *g, gir_node x, gir_ints axes, int keepdims);
GIR_API gir_node gir_any(gir_graph *g, gir_node x, gir_ints axes, int keepdims);
/* shape */
GIR_API gir_node gir_reshape(gir_graph *g, gir_node x, gir_shape shape);
GIR_API gir_node gir_transpose(gir_graph *g, gir_node x, gir_ints perm);
GIR_API gir_node gir_broadcast_to(gir_graph *g, gir_node x, gir_shape shape);
GIR_API gir_node gir_slice(gir_graph *g, gir_node x, int axis, int start, int stop, int step);
GIR_API gir_node gir_unslice(gir_graph *g, gir_node x, int axis, int start, int stop, int step, int len);
GIR_API gir_node gir_concat(gir_graph *g, int n, const gir_node *xs, int axis);
GIR_API gir_node gir_flip(gir_graph *g, gir_node x, gir_ints axes);
GIR_API gir_node gir_pad(gir_graph *g, gir_node x, gir_ints before, gir_ints after, double value);
GIR_API gir_node gir_index_select(gir_graph *g, gir_node x, gir_node index, int axis);
GIR_API gir_node gir_index_add(gir_graph *g, gir_node x, gir_node index, int axis, int len);
GIR_API gir_node gir_one_hot(gir_graph *g, gir_node index, int depth, gir_dtype dtype);
GIR_API gir_node gir_where(gir_graph *g, gir_node cond, gir_node a, gir_node b);
GIR_API gir_node gir_diag(gir_graph *g, gir_node x, int k);
GIR_API gir_node gir_diagonal(gir_graph *g, gir_node x, int k);
GIR_API gir_node gir_triu(gir_graph *g, gir_node x, int k);
GIR_API gir_node gir_tril(gir_graph *g, gir_node x, int k);
/* core */
GIR_API gir_node gir_cast(gir_graph *g, gir_node x, gir_dtype dtype);
GIR_API gir_node gir_stop_gradient(gir_graph *g, gir_node x);
/* linalg */
GIR_API gir_node gir_matmul(gir_graph *g, gir_node a, gir_node b);
GIR_API gir_node gir_dot(gir_graph *g, gir_node a, gir_node b);
GIR_API gir_node gir_outer(gir_graph *g, gir_node a, gir_node b);
GIR_API gir_node gir_trace(gir_graph *g, gir_node x);
GIR_API gir_node gir_inverse(gir_graph *g, gir_node x);
GIR_API gir_node gir_det(gir_graph *g, gir_node x);
GIR_API gir_node gir_logdet(gir_graph *g, gir_node x);
GIR_API gir_node gir_cholesky(gir_graph *g, gir_node x);
GIR_API gir_node gir_trisolve(gir_graph *g, gir_node a, gir_node b, int lower, int trans);
/* nn */
GIR_API gir_node gir_softmax(gir_graph *g, gir_node x, int axis);
GIR_API gir_node gir_log_softmax(gir_graph *g, gir_node x, int axis);
GIR_API gir_node gir_xent_logits(gir_graph *g, gir_node logits, gir_node labels);
GIR_API gir_node gir_xent_logits_prob(gir_graph *g, gir_node logits, gir_node probs);
GIR_API gir_node gir_bce_logits(gir_graph *g, gir_node x, gir_node t);
GIR_API gir_node gir_mse(gir_graph *g, gir_node a, gir_node b);
/* conv */
GIR_API gir_node gir_conv2d(gir_graph *g, gir_node x, gir_node w, gir_ints stride, gir_ints padding, gir_ints dilation, int groups);
GIR_API gir_node gir_conv2d_bwd_data(gir_graph *g, gir_node gy, gir_node w, gir_ints stride, gir_ints padding, gir_ints dilation, int groups, gir_shape xshape);
GIR_API gir_node gir_conv2d_bwd_filter(gir_graph *g, gir_node x, gir_node gy, gir_ints stride, gir_ints padding, gir_ints dilation, int groups, gir_shape wshape);
GIR_API gir_node gir_max_pool2d(gir_graph *g, gir_node x, gir_ints kernel, gir_ints stride, gir_ints padding);
GIR_API gir_node gir_max_pool2d_bwd(gir_graph *g, gir_node gy, gir_node x, gir_ints kernel, gir_ints stride, gir_ints padding);
GIR_API gir_node gir_avg_pool2d(gir_graph *g, gir_node x, gir_ints kernel, gir_ints stride, gir_ints padding, int count_include_pad);
GIR_API gir_node gir_avg_pool2d_bwd(gir_graph *g, gir_node gy, gir_ints kernel, gir_ints stride, gir_ints padding, int count_include_pad, gir_shape xshape);
/* nn */
GIR_API gir_node gir_dropout(gir_graph *g, gir_node x, double p, uint64_t seed);
/* shape */
GIR_API gir_node gir_gather(gir_graph *g, gir_node x, gir_node index, int axis);
GIR_API gir_node gir_scatter_add(gir_graph *g, gir_node x, gir_node index, gir_node src, int axis);
/* core */
GIR_API gir_node gir_fmod(gir_graph *g, gir_node a, gir_node b);
/* math */
GIR_API gir_node gir_gelu_tanh(gir_graph *g, gir_node a);

/* convenience builders composed of table ops */
GIR_API gir_node gir_scalar(gir_graph *g, gir_dtype dtype, double value);
GIR_API gir_node gir_int_div(gir_graph *g, gir_node a, gir_node b);     /* 0.1 name of gir_floordiv */
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
GIR_API gir_node gir_conv2d_bias(gir_graph *g, gir_node x, gir_node w, gir_node bias, gir_ints stride,
                                 gir_ints padding, gir_ints dilation, int groups);   /* bias [K] */
GIR_API gir_node gir_layer_norm(gir_graph *g, gir_node x, gir_node gamma, gir_node beta, int axis, double eps);
GIR_API gir_node gir_batch_norm(gir_graph *g, gir_node x, gir_node gamma, gir_node beta, double eps);

/* >>autodiff: gradients are nodes of the same graph, so they can be differentiated again.
   y must hold one element. grads[k] receives d y / d wrt[k] (zeros when y does not depend on it). */
GIR_API gir_status gir_grad(gir_graph *g, gir_node y, int n, const gir_node *wrt, gir_node *grads);

/* >>exec: compile the nodes needed for outputs into a plan; run it any number of times */
GIR_API gir_status  gir_compile(gir_graph *g, int n_out, const gir_node *outs, gir_plan **out_plan);
GIR_API void        gir_plan_free(gir_plan *p);
/* bind an input to the caller's buffer; the pointer is kept, and read by every gir_run. gir_plan_bind checks
   nothing about the buffer (size, dtype, alignment): prefer gir_plan_bind_bytes, which also checks that bytes
   is numel * gir_dtype_size of the input and that data is aligned to the dtype's size. */
GIR_API gir_status  gir_plan_bind(gir_plan *p, gir_node input, const void *data);
GIR_API gir_status  gir_plan_bind_bytes(gir_plan *p, gir_node input, const void *data, size_t bytes);
GIR_API gir_status  gir_run(gir_plan *p);
GIR_API const void *gir_plan_data(const gir_plan *p, gir_node n);   /* value after gir_run; NULL: not in p */
GIR_API const char *gir_plan_message(const gir_plan *p);
GIR_API size_t      gir_plan_arena_bytes(const gir_plan *p);        /* intermediate values */
GIR_API int         gir_plan_step_count(const gir_plan *p);

#ifndef GIR_NO_STDIO
#include <stdio.h>
GIR_API void gir_dump(const gir_graph *g, FILE *f);                 /* one line per node */
#endif

#ifdef __cplusplus
}
#endif
#endif /* GIR_H_INCLUDED */

#if defined(GIR_IMPLEMENTATION) && !defined(GIR_IMPLEMENTATION_DONE)
#define GIR_IMPLEMENTATION_DONE

/* >>config: set only by the user, defaulted here, checked for consistency ------------------------------- */
#if defined(GIR_MALLOC) || defined(GIR_REALLOC) || defined(GIR_FREE)
#  if !(defined(GIR_MALLOC) && defined(GIR_REALLOC) && defined(GIR_FREE))
#    error "gir: define all of GIR_MALLOC, GIR_REALLOC, GIR_FREE, or none"
#  endif
#  if defined(GIR_NO_MALLOC)
#    error "gir: GIR_NO_MALLOC and GIR_MALLOC exclude each other"
#  endif
#elif !defined(GIR_NO_MALLOC)
#  include <stdlib.h>
#  define GIR_MALLOC(sz, user)            ((void)(user), malloc(sz))
#  define GIR_REALLOC(p, oldsz, sz, user) ((void)(user), (void)(oldsz), realloc((p), (sz)))
#  define GIR_FREE(p, user)               ((void)(user), free(p))
#endif
#ifndef GIR_ASSERT
#  include <assert.h>
#  define GIR_ASSERT(c) assert(c)
#endif
#ifndef GIR_MEMCPY
#  include <string.h>
#  define GIR_MEMCPY(d, s, n) memcpy((d), (s), (n))
#  define GIR_MEMSET(d, v, n) memset((d), (v), (n))
#endif
#include <math.h>
#include <float.h>

/* >>platform -------------------------------------------------------------------------------------------- */
#if defined(__cplusplus)
#  define GIR__INLINE inline
#elif defined(__GNUC__) || defined(__clang__)
#  define GIR__INLINE __inline__
#else
#  define GIR__INLINE
#endif
#define GIR__ALIGN 64
#define GIR__UNUSED(x) ((void)(x))

/* The vector vocabulary, scalar form (generated from the list in gen/gir_gen.py): each libm function
   can be routed with GIR_<NAME>F (float) and GIR_<NAME> (double). */
#ifndef GIR_ABSF
#  define GIR_ABSF fabsf
#endif
#ifndef GIR_ABS
#  define GIR_ABS fabs
#endif
#ifndef GIR_ACOSF
#  define GIR_ACOSF acosf
#endif
#ifndef GIR_ACOS
#  define GIR_ACOS acos
#endif
#ifndef GIR_ASINF
#  define GIR_ASINF asinf
#endif
#ifndef GIR_ASIN
#  define GIR_ASIN asin
#endif
#ifndef GIR_ATANF
#  define GIR_ATANF atanf
#endif
#ifndef GIR_ATAN
#  define GIR_ATAN atan
#endif
#ifndef GIR_CEILF
#  define GIR_CEILF ceilf
#endif
#ifndef GIR_CEIL
#  define GIR_CEIL ceil
#endif
#ifndef GIR_COSF
#  define GIR_COSF cosf
#endif
#ifndef GIR_COS
#  define GIR_COS cos
#endif
#ifndef GIR_COSHF
#  define GIR_COSHF coshf
#endif
#ifndef GIR_COSH
#  define GIR_COSH cosh
#endif
#ifndef GIR_ERFF
#  define GIR_ERFF erff
#endif
#ifndef GIR_ERF
#  define GIR_ERF erf
#endif
#ifndef GIR_EXPF
#  define GIR_EXPF expf
#endif
#ifndef GIR_EXP
#  define GIR_EXP exp
#endif
#ifndef GIR_EXPM1F
#  define GIR_EXPM1F expm1f
#endif
#ifndef GIR_EXPM1
#  define GIR_EXPM1 expm1
#endif
#ifndef GIR_FABSF
#  define GIR_FABSF fabsf
#endif
#ifndef GIR_FABS
#  define GIR_FABS fabs
#endif
#ifndef GIR_FLOORF
#  define GIR_FLOORF floorf
#endif
#ifndef GIR_FLOOR
#  define GIR_FLOOR floor
#endif
#ifndef GIR_FMODF
#  define GIR_FMODF fmodf
#endif
#ifndef GIR_FMOD
#  define GIR_FMOD fmod
#endif
#ifndef GIR_LOGF
#  define GIR_LOGF logf
#endif
#ifndef GIR_LOG
#  define GIR_LOG log
#endif
#ifndef GIR_LOG1PF
#  define GIR_LOG1PF log1pf
#endif
#ifndef GIR_LOG1P
#  define GIR_LOG1P log1p
#endif
#ifndef GIR_LOG2F
#  define GIR_LOG2F log2f
#endif
#ifndef GIR_LOG2
#  define GIR_LOG2 log2
#endif
#ifndef GIR_POWF
#  define GIR_POWF powf
#endif
#ifndef GIR_POW
#  define GIR_POW pow
#endif
#ifndef GIR_ROUNDF
#  define GIR_ROUNDF nearbyintf
#endif
#ifndef GIR_ROUND
#  define GIR_ROUND nearbyint
#endif
#ifndef GIR_SINF
#  define GIR_SINF sinf
#endif
#ifndef GIR_SIN
#  define GIR_SIN sin
#endif
#ifndef GIR_SINHF
#  define GIR_SINHF sinhf
#endif
#ifndef GIR_SINH
#  define GIR_SINH sinh
#endif
#ifndef GIR_SQRTF
#  define GIR_SQRTF sqrtf
#endif
#ifndef GIR_SQRT
#  define GIR_SQRT sqrt
#endif
#ifndef GIR_TANF
#  define GIR_TANF tanf
#endif
#ifndef GIR_TAN
#  define GIR_TAN tan
#endif
#ifndef GIR_TANHF
#  define GIR_TANHF tanhf
#endif
#ifndef GIR_TANH
#  define GIR_TANH tanh
#endif
static GIR__INLINE float gir__abs_f32(float x) { return GIR_ABSF(x); }
static GIR__INLINE double gir__abs_f64(double x) { return GIR_ABS(x); }
static GIR__INLINE float gir__acos_f32(float x) { return GIR_ACOSF(x); }
static GIR__INLINE double gir__acos_f64(double x) { return GIR_ACOS(x); }
static GIR__INLINE float gir__asin_f32(float x) { return GIR_ASINF(x); }
static GIR__INLINE double gir__asin_f64(double x) { return GIR_ASIN(x); }
static GIR__INLINE float gir__atan_f32(float x) { return GIR_ATANF(x); }
static GIR__INLINE double gir__atan_f64(double x) { return GIR_ATAN(x); }
static GIR__INLINE float gir__ceil_f32(float x) { return GIR_CEILF(x); }
static GIR__INLINE double gir__ceil_f64(double x) { return GIR_CEIL(x); }
static GIR__INLINE float gir__cos_f32(float x) { return GIR_COSF(x); }
static GIR__INLINE double gir__cos_f64(double x) { return GIR_COS(x); }
static GIR__INLINE float gir__cosh_f32(float x) { return GIR_COSHF(x); }
static GIR__INLINE double gir__cosh_f64(double x) { return GIR_COSH(x); }
static GIR__INLINE float gir__erf_f32(float x) { return GIR_ERFF(x); }
static GIR__INLINE double gir__erf_f64(double x) { return GIR_ERF(x); }
static GIR__INLINE float gir__exp_f32(float x) { return GIR_EXPF(x); }
static GIR__INLINE double gir__exp_f64(double x) { return GIR_EXP(x); }
static GIR__INLINE float gir__expm1_f32(float x) { return GIR_EXPM1F(x); }
static GIR__INLINE double gir__expm1_f64(double x) { return GIR_EXPM1(x); }
static GIR__INLINE float gir__fabs_f32(float x) { return GIR_FABSF(x); }
static GIR__INLINE double gir__fabs_f64(double x) { return GIR_FABS(x); }
static GIR__INLINE float gir__floor_f32(float x) { return GIR_FLOORF(x); }
static GIR__INLINE double gir__floor_f64(double x) { return GIR_FLOOR(x); }
static GIR__INLINE float gir__fmod_f32(float x, float y) { return GIR_FMODF(x, y); }
static GIR__INLINE double gir__fmod_f64(double x, double y) { return GIR_FMOD(x, y); }
static GIR__INLINE float gir__log_f32(float x) { return GIR_LOGF(x); }
static GIR__INLINE double gir__log_f64(double x) { return GIR_LOG(x); }
static GIR__INLINE float gir__log1p_f32(float x) { return GIR_LOG1PF(x); }
static GIR__INLINE double gir__log1p_f64(double x) { return GIR_LOG1P(x); }
static GIR__INLINE float gir__log2_f32(float x) { return GIR_LOG2F(x); }
static GIR__INLINE double gir__log2_f64(double x) { return GIR_LOG2(x); }
static GIR__INLINE float gir__pow_f32(float x, float y) { return GIR_POWF(x, y); }
static GIR__INLINE double gir__pow_f64(double x, double y) { return GIR_POW(x, y); }
static GIR__INLINE float gir__round_f32(float x) { return GIR_ROUNDF(x); }
static GIR__INLINE double gir__round_f64(double x) { return GIR_ROUND(x); }
static GIR__INLINE float gir__sin_f32(float x) { return GIR_SINF(x); }
static GIR__INLINE double gir__sin_f64(double x) { return GIR_SIN(x); }
static GIR__INLINE float gir__sinh_f32(float x) { return GIR_SINHF(x); }
static GIR__INLINE double gir__sinh_f64(double x) { return GIR_SINH(x); }
static GIR__INLINE float gir__sqrt_f32(float x) { return GIR_SQRTF(x); }
static GIR__INLINE double gir__sqrt_f64(double x) { return GIR_SQRT(x); }
static GIR__INLINE float gir__tan_f32(float x) { return GIR_TANF(x); }
static GIR__INLINE double gir__tan_f64(double x) { return GIR_TAN(x); }
static GIR__INLINE float gir__tanh_f32(float x) { return GIR_TANHF(x); }
static GIR__INLINE double gir__tanh_f64(double x) { return GIR_TANH(x); }

#define GIR__VOCAB_FLOAT(T, S) \
static GIR__INLINE T gir__v_abs_##S(T x) { return gir__fabs_##S(x); } \
static GIR__INLINE T gir__v_sign_##S(T x) { return x > 0 ? (T)1 : x < 0 ? (T)-1 : x; } \
static GIR__INLINE T gir__v_max_##S(T x, T y) { return (x > y || x != x) ? x : y; } \
static GIR__INLINE T gir__v_min_##S(T x, T y) { return (x < y || x != x) ? x : y; } \
static GIR__INLINE T gir__v_sigmoid_##S(T x) { return (T)1 / ((T)1 + gir__exp_##S(-x)); } \
static GIR__INLINE int gir__v_isnan_##S(T x) { return x != x; } \
static GIR__INLINE int gir__v_isinf_##S(T x) { return x == x && (x - x) != (x - x); } \
static GIR__INLINE int gir__v_isfinite_##S(T x) { return (x - x) == (x - x); } \
static GIR__INLINE T gir__v_sqrt_##S(T x) { return gir__sqrt_##S(x); } \
static GIR__INLINE T gir__v_exp_##S(T x) { return gir__exp_##S(x); } \
static GIR__INLINE T gir__v_expm1_##S(T x) { return gir__expm1_##S(x); } \
static GIR__INLINE T gir__v_log_##S(T x) { return gir__log_##S(x); } \
static GIR__INLINE T gir__v_log1p_##S(T x) { return gir__log1p_##S(x); } \
static GIR__INLINE T gir__v_log2_##S(T x) { return gir__log2_##S(x); } \
static GIR__INLINE T gir__v_sin_##S(T x) { return gir__sin_##S(x); } \
static GIR__INLINE T gir__v_cos_##S(T x) { return gir__cos_##S(x); } \
static GIR__INLINE T gir__v_tan_##S(T x) { return gir__tan_##S(x); } \
static GIR__INLINE T gir__v_asin_##S(T x) { return gir__asin_##S(x); } \
static GIR__INLINE T gir__v_acos_##S(T x) { return gir__acos_##S(x); } \
static GIR__INLINE T gir__v_atan_##S(T x) { return gir__atan_##S(x); } \
static GIR__INLINE T gir__v_sinh_##S(T x) { return gir__sinh_##S(x); } \
static GIR__INLINE T gir__v_cosh_##S(T x) { return gir__cosh_##S(x); } \
static GIR__INLINE T gir__v_tanh_##S(T x) { return gir__tanh_##S(x); } \
static GIR__INLINE T gir__v_erf_##S(T x) { return gir__erf_##S(x); } \
static GIR__INLINE T gir__v_floor_##S(T x) { return gir__floor_##S(x); } \
static GIR__INLINE T gir__v_ceil_##S(T x) { return gir__ceil_##S(x); } \
static GIR__INLINE T gir__v_round_##S(T x) { return gir__round_##S(x); } \
static GIR__INLINE T gir__v_pow_##S(T x, T y) { return gir__pow_##S(x, y); }
GIR__VOCAB_FLOAT(float, f32)
GIR__VOCAB_FLOAT(double, f64)

/* i32 arithmetic wraps modulo 2^32 (two's complement), as NumPy and PyTorch do: it is done in uint32_t and
   converted back without undefined or implementation-defined behaviour. Integer floor division and modulo
   follow NumPy 1.24: x // 0 = 0, x % 0 = 0, INT32_MIN // -1 = INT32_MIN, INT32_MIN % -1 = 0. */
static GIR__INLINE int32_t gir__i32_of_u32(uint32_t v) {
    return v <= 2147483647u ? (int32_t)v : (int32_t)(v - 2147483648u) + (-2147483647 - 1);
}
static GIR__INLINE int32_t gir__v_add_i32(int32_t x, int32_t y) { return gir__i32_of_u32((uint32_t)x + (uint32_t)y); }
static GIR__INLINE int32_t gir__v_sub_i32(int32_t x, int32_t y) { return gir__i32_of_u32((uint32_t)x - (uint32_t)y); }
static GIR__INLINE int32_t gir__v_mul_i32(int32_t x, int32_t y) { return gir__i32_of_u32((uint32_t)x * (uint32_t)y); }
static GIR__INLINE int32_t gir__v_neg_i32(int32_t x) { return gir__i32_of_u32(0u - (uint32_t)x); }
static GIR__INLINE int32_t gir__v_abs_i32(int32_t x) { return x < 0 ? gir__v_neg_i32(x) : x; }
static GIR__INLINE int32_t gir__v_sign_i32(int32_t x) { return (int32_t)(x > 0 ? 1 : x < 0 ? -1 : 0); }
static GIR__INLINE int32_t gir__v_max_i32(int32_t x, int32_t y) { return x > y ? x : y; }
static GIR__INLINE int32_t gir__v_min_i32(int32_t x, int32_t y) { return x < y ? x : y; }
static GIR__INLINE int32_t gir__v_idiv_i32(int32_t x, int32_t y) {
    int32_t q;
    if (y == 0) return 0;
    if (y == -1) return gir__v_neg_i32(x);
    q = (int32_t)(x / y);
    if ((x % y != 0) && ((x < 0) != (y < 0))) q = (int32_t)(q - 1);
    return q;
}
static GIR__INLINE int32_t gir__v_imod_i32(int32_t x, int32_t y) {
    int32_t r;
    if (y == 0 || y == -1) return 0;
    r = (int32_t)(x % y);
    if (r != 0 && ((r < 0) != (y < 0))) r = (int32_t)(r + y);
    return r;
}

/* Remainders and floor division as NumPy computes them for floats (np.fmod, np.mod, np.floor_divide):
   mod takes the sign of y, floordiv is exactly floor(x / y) and consistent with mod; a zero y gives NaN
   (fmod, mod) and x / y (floordiv), as in NumPy. */
#define GIR__VOCAB_DIVMOD(T, S) \
static GIR__INLINE T gir__v_fmod_##S(T x, T y) { return gir__fmod_##S(x, y); } \
static GIR__INLINE T gir__v_mod_##S(T x, T y) { \
    T m = gir__fmod_##S(x, y); \
    if (y == 0) return m; \
    if (m == 0) return y < 0 ? -(T)0 : (T)0; \
    return (y < 0) != (m < 0) ? m + y : m; } \
static GIR__INLINE T gir__v_floordiv_##S(T x, T y) { \
    T m, d, f; \
    if (y == 0) return x / y; \
    m = gir__fmod_##S(x, y); \
    d = (x - m) / y; \
    if (m != 0 && (y < 0) != (m < 0)) d -= 1; \
    if (d == 0) return x / y < 0 ? -(T)0 : (T)0; \
    f = gir__floor_##S(d); \
    return d - f > (T)0.5 ? f + 1 : f; }
GIR__VOCAB_DIVMOD(float, f32)
GIR__VOCAB_DIVMOD(double, f64)

static GIR__INLINE uint8_t gir__v_abs_u8(uint8_t x) { return x; }
static GIR__INLINE uint8_t gir__v_sign_u8(uint8_t x) { return (uint8_t)(x > 0); }
static GIR__INLINE uint8_t gir__v_max_u8(uint8_t x, uint8_t y) { return x > y ? x : y; }
static GIR__INLINE uint8_t gir__v_min_u8(uint8_t x, uint8_t y) { return x < y ? x : y; }
static GIR__INLINE uint8_t gir__v_idiv_u8(uint8_t x, uint8_t y) { return (uint8_t)(y ? x / y : 0); }
static GIR__INLINE uint8_t gir__v_imod_u8(uint8_t x, uint8_t y) { return (uint8_t)(y ? x % y : 0); }
/* the integer forms of fmod (truncated), mod and floordiv (floored); a zero divisor gives 0, as NumPy */
static GIR__INLINE int32_t gir__v_fmod_i32(int32_t x, int32_t y) { return y == 0 || y == -1 ? 0 : x % y; }
static GIR__INLINE int32_t gir__v_mod_i32(int32_t x, int32_t y) { return gir__v_imod_i32(x, y); }
static GIR__INLINE int32_t gir__v_floordiv_i32(int32_t x, int32_t y) { return gir__v_idiv_i32(x, y); }
static GIR__INLINE uint8_t gir__v_fmod_u8(uint8_t x, uint8_t y) { return (uint8_t)(y ? x % y : 0); }
static GIR__INLINE uint8_t gir__v_mod_u8(uint8_t x, uint8_t y) { return gir__v_imod_u8(x, y); }
static GIR__INLINE uint8_t gir__v_floordiv_u8(uint8_t x, uint8_t y) { return gir__v_idiv_u8(x, y); }
/* double -> integer conversions made total: NaN -> 0, out of range saturates, otherwise truncation */
static GIR__INLINE uint8_t gir__sat_u8(double v) { return (uint8_t)(v != v || v <= 0 ? 0 : v >= 255 ? 255 : v); }
static GIR__INLINE int32_t gir__sat_i32(double v) {
    return v != v ? 0 : v <= -2147483648.0 ? (int32_t)(-2147483647 - 1) : v >= 2147483647.0 ? 2147483647 : (int32_t)v;
}
static GIR__INLINE uint8_t gir__v_not_b8(uint8_t x) { return (uint8_t)!x; }
static GIR__INLINE uint8_t gir__v_and_b8(uint8_t x, uint8_t y) { return (uint8_t)(x && y); }
static GIR__INLINE uint8_t gir__v_or_b8(uint8_t x, uint8_t y) { return (uint8_t)(x || y); }
static GIR__INLINE uint8_t gir__v_xor_b8(uint8_t x, uint8_t y) { return (uint8_t)(!x != !y); }

/* >>memory: every allocation goes through the graph's or plan's allocator ------------------------------- */
static void *gir__default_alloc(size_t n, void *user) {
#ifdef GIR_NO_MALLOC
    (void)n; (void)user; return NULL;
#else
    return GIR_MALLOC(n, user);
#endif
}
static void *gir__default_realloc(void *p, size_t old, size_t n, void *user) {
#ifdef GIR_NO_MALLOC
    (void)p; (void)old; (void)n; (void)user; return NULL;
#else
    return GIR_REALLOC(p, old, n, user);
#endif
}
static void gir__default_free(void *p, void *user) {
#ifdef GIR_NO_MALLOC
    (void)p; (void)user;
#else
    GIR_FREE(p, user);
#endif
}
static gir_allocator gir__allocator_or_default(const gir_allocator *a) {
    gir_allocator r;
    if (a && a->alloc_fn && a->free_fn) {
        r = *a;
        if (!r.realloc_fn) r.realloc_fn = NULL;
        return r;
    }
    r.alloc_fn = gir__default_alloc;
    r.realloc_fn = gir__default_realloc;
    r.free_fn = gir__default_free;
    r.user = a ? a->user : NULL;
    return r;
}
static void *gir__alloc(const gir_allocator *a, size_t n) {
    return n ? a->alloc_fn(n, a->user) : NULL;
}
static void gir__free(const gir_allocator *a, void *p, size_t n) {
    (void)n;
    if (p) a->free_fn(p, a->user);
}
/* grow an array to hold at least want elements; 0 on success (the old block is kept on failure) */
static int gir__grow(const gir_allocator *a, void **p, size_t *cap, size_t want, size_t elem) {
    size_t nc = *cap ? *cap : 16;
    void *np;
    if (want <= *cap) return 0;
    while (nc < want) {
        if (nc > ((size_t)-1) / 2 / elem) return 1;
        nc *= 2;
    }
    if (a->realloc_fn) {
        np = a->realloc_fn(*p, *cap * elem, nc * elem, a->user);
        if (!np) return 1;
    } else {
        np = a->alloc_fn(nc * elem, a->user);
        if (!np) return 1;
        if (*p) {
            GIR_MEMCPY(np, *p, *cap * elem);
            a->free_fn(*p, a->user);
        }
    }
    *p = np;
    *cap = nc;
    return 0;
}

/* >>status ---------------------------------------------------------------------------------------------- */
static const char *const gir__status_names[GIR_STATUS__COUNT] = {
#define GIR__STATUS_STR(name, str) str,
    GIR__STATUS(GIR__STATUS_STR)
#undef GIR__STATUS_STR
};
GIR_API const char *gir_status_name(gir_status s) {
    return (unsigned)s < (unsigned)GIR_STATUS__COUNT ? gir__status_names[s] : "unknown status";
}

/* a small formatter so messages need no stdio: %s %d %u %g(approx) %S(shape) */
#define GIR__MSG 256
typedef struct gir__buf { char *p; size_t n, len; } gir__buf;
static void gir__puts(gir__buf *b, const char *s) {
    while (*s && b->len + 1 < b->n) b->p[b->len++] = *s++;
    b->p[b->len] = 0;
}
static void gir__putl(gir__buf *b, long long v) {
    char t[24];
    int k = 0;
    unsigned long long u = v < 0 ? (unsigned long long)(-(v + 1)) + 1u : (unsigned long long)v;
    if (v < 0) gir__puts(b, "-");
    do { t[k++] = (char)('0' + (int)(u % 10u)); u /= 10u; } while (u);
    while (k) { char c[2]; c[0] = t[--k]; c[1] = 0; gir__puts(b, c); }
}
static void gir__putshape(gir__buf *b, const gir_shape *s) {
    int k;
    if (s->rank < 0 || s->rank > GIR_MAX_RANK) {           /* never read past the struct */
        gir__puts(b, "[rank ");
        gir__putl(b, s->rank);
        gir__puts(b, "]");
        return;
    }
    gir__puts(b, "[");
    for (k = 0; k < s->rank; ++k) {
        if (k) gir__puts(b, ",");
        gir__putl(b, s->dim[k]);
    }
    gir__puts(b, "]");
}

/* >>internal types ---------------------------------------------------------------------------------------- */
enum { GIR__DT_NUM, GIR__DT_FLOAT, GIR__DT_CMP, GIR__DT_LOGIC, GIR__DT_TEST, GIR__DT_INT, GIR__DT_INDEX,
       GIR__DT_ANY, GIR__DT_ATTR };
enum { GIR__SH_SAME, GIR__SH_BCAST, GIR__SH_REDUCE, GIR__SH_SCALAR, GIR__SH_ATTR_SHAPE, GIR__SH_FN };
enum { GIR__F_KINK = 1, GIR__F_RNG = 2, GIR__F_COMM = 4, GIR__F_BLOCK = 8 };
#define GIR__DTYPE_SLOTS 6
/* Input limits (gen/gir_gen.py reads both and rejects a row that does not fit): a variadic node takes
   1 to GIR__MAX_IN inputs; a row with a fixed list has at most GIR__MAX_ROW_IN (argmask bits and the
   elementwise driver's arrays). */
#define GIR__MAX_IN 64                   /* = GIR_MAX_VARIADIC, the public name */
#if GIR__MAX_IN != GIR_MAX_VARIADIC
#  error "gir: GIR__MAX_IN and GIR_MAX_VARIADIC disagree"
#endif
#define GIR__MAX_ROW_IN 16

typedef struct gir__node {
    uint16_t  op;
    uint8_t   dtype;
    uint8_t   ntype;
    uint16_t  grad_level;
    uint16_t  nparents;     /* inputs [0, nparents) are parents, the rest arguments */
    uint32_t  nin;
    uint32_t  in0;          /* first input in the graph's input pool */
    gir_shape shape;
    gir_attr  attr;         /* attr.data owned: the node's values (constants, variables) */
    size_t    data_bytes;
} gir__node;

struct gir_graph {
    gir_allocator a;
    gir__node    *nodes;    /* nodes[0] is the invalid node */
    size_t        nnodes, cap;
    uint32_t     *ins;
    size_t        nins, inscap;
    gir_status    status;
    char          msg[GIR__MSG];
    uint16_t      grad_level;   /* level given to nodes built while gir_grad runs */
    uint32_t      tag;          /* in every handle of this graph's nodes */
    uint32_t      plans;        /* live plans compiled from this graph: they read its nodes and data */
    int           freed;        /* gir_graph_free was called; the memory goes with the last plan */
};

/* shape / build context handed to shape functions */
typedef struct gir__bctx {
    gir_graph       *g;
    gir_op           op;
    uint32_t         id;        /* the id the node will get */
    int              n;         /* inputs */
    const gir_node  *in;
    gir_attr         attr;      /* may be normalised by the shape function */
    gir_shape        out;
    int              dtype;     /* output dtype, may be set by the shape function */
} gir__bctx;

typedef struct gir__opinfo {
    const char *name;
    int         nparents, nargs, variadic;
    unsigned    argmask;    /* bit k: IN position k is an argument */
    int         dtrule, shrule;
    gir_status (*shape_fn)(gir__bctx *b);
    int         flags;
    int         group;
    int         diff;
    int         axis_i;     /* index of the i attribute named 'axis', or -1 */
    int         axes_l;     /* index of the l attribute named 'axes', or -1 */
    const char *attrs;
    const char *no_adj;
    int         in_name0;   /* the first of its inputs' names in gir__in_names (builder order) */
} gir__opinfo;

/* >>simd: which vector instruction sets this build uses ----------------------------------------------------
   Chosen at compile time from the compiler's target macros, so a firmware build compiles no variant its
   target lacks. On x86-64 with gcc or clang the AVX2+FMA and AVX-512 variants are compiled whatever -m
   flags the build uses (each function carries its own target attribute) and picked at run time from
   cpuid, so a plain -O2 build still runs vector code; a build that targets AVX-512 itself (-march=...)
   needs no run-time check. GIR_NO_SIMD forces the portable scalar kernels everywhere; GIR_NO_AVX512,
   GIR_NO_AVX2, GIR_NO_NEON and GIR_NO_MVE drop one instruction set. */
#define GIR__ISA_SCALAR 0
#define GIR__ISA_AVX2   1       /* AVX2 + FMA, 256-bit */
#define GIR__ISA_AVX512 2       /* AVX-512 F/DQ/BW/VL, 512-bit */
#define GIR__ISA_NEON   3       /* AArch64 Advanced SIMD, 128-bit */
#define GIR__ISA_MVE    4       /* Armv8.1-M Helium with floating point, 128-bit */

#if !defined(GIR_NO_SIMD) && (defined(__x86_64__) || defined(_M_X64)) && (defined(__GNUC__) || defined(__clang__))
#  include <immintrin.h>
#  if !defined(GIR_NO_AVX2)
#    define GIR__HAVE_AVX2 1
#    define GIR__TARGET_AVX2 __attribute__((target("avx2,fma")))
#  endif
#  if !defined(GIR_NO_AVX512)
#    define GIR__HAVE_AVX512 1
#    define GIR__TARGET_AVX512 __attribute__((target("avx512f,avx512dq,avx512bw,avx512vl,avx2,fma")))
#  endif
#endif
#if !defined(GIR_NO_SIMD) && !defined(GIR_NO_NEON) && defined(__aarch64__) && defined(__ARM_NEON)
#  include <arm_neon.h>
#  define GIR__HAVE_NEON 1
#endif
#if !defined(GIR_NO_SIMD) && !defined(GIR_NO_MVE) && defined(__ARM_FEATURE_MVE) && (__ARM_FEATURE_MVE & 2)
#  include <arm_mve.h>
#  define GIR__HAVE_MVE 1
#endif

/* the best instruction set this machine runs, among those compiled in (x86: asked of cpuid once) */
static int gir__simd_level(void) {
#if defined(GIR__HAVE_AVX512) || defined(GIR__HAVE_AVX2)
    static volatile int level = -1;         /* a benign race: every thread computes the same value */
    if (level < 0) {
        int l = GIR__ISA_SCALAR;
        __builtin_cpu_init();
#  if defined(GIR__HAVE_AVX2)
        if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) l = GIR__ISA_AVX2;
#  endif
#  if defined(GIR__HAVE_AVX512)
        if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512dq") &&
            __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vl") && l == GIR__ISA_AVX2)
            l = GIR__ISA_AVX512;
#  endif
        level = l;
    }
    return level;
#elif defined(GIR__HAVE_NEON)
    return GIR__ISA_NEON;
#elif defined(GIR__HAVE_MVE)
    return GIR__ISA_MVE;
#else
    return GIR__ISA_SCALAR;
#endif
}
GIR_API const char *gir_simd_name(void) {
    static const char *const names[] = {"scalar", "avx2", "avx512", "neon", "mve"};
    return names[gir__simd_level()];
}

/* >>simd_avx512: the vector vocabulary on AVX-512 (F, DQ, BW, VL): 16 floats or 8 doubles a vector; masks
   are mask registers, so partial loads and stores are masked and never touch memory past n ------------- */
#if defined(GIR__HAVE_AVX512)
#define GIR__LANES_AVX512_F32 16
#define GIR__LANES_AVX512_F64 8
#define GIR__AVX512_FN GIR__TARGET_AVX512 static GIR__INLINE
/* (the zero-masking forms with an all-ones mask are the plain instructions; g++ 12 warns about the
   unmasked intrinsics' undefined pass-through operand) */
typedef __m512    gir__avx512_vf32;
typedef __mmask16 gir__avx512_mf32;
typedef __m512d   gir__avx512_vf64;
typedef __mmask8  gir__avx512_mf64;

/* T: the element type, S: its suffix, V: vector, M: mask, P: ps or pd, LANES: elements a vector */
#define GIR__AVX512_VOCAB(T, S, V, M, P, LANES)                                                                     \
GIR__AVX512_FN V gir__avx512_set1_##S(T x) { return _mm512_set1_##P(x); }                                           \
GIR__AVX512_FN V gir__avx512_load_##S(const T *p) { return _mm512_loadu_##P(p); }                                   \
GIR__AVX512_FN void gir__avx512_store_##S(T *p, V x) { _mm512_storeu_##P(p, x); }                                   \
GIR__AVX512_FN M gir__avx512_first_##S(int n) { return (M)((1u << n) - 1u); }                                       \
GIR__AVX512_FN V gir__avx512_loadn_##S(const T *p, int n) {                                                         \
    return _mm512_maskz_loadu_##P(gir__avx512_first_##S(n), p); }                                                   \
GIR__AVX512_FN void gir__avx512_storen_##S(T *p, int n, V x) {                                                      \
    _mm512_mask_storeu_##P(p, gir__avx512_first_##S(n), x); }                                                       \
GIR__AVX512_FN V gir__avx512_add_##S(V x, V y) { return _mm512_add_##P(x, y); }                                     \
GIR__AVX512_FN V gir__avx512_sub_##S(V x, V y) { return _mm512_sub_##P(x, y); }                                     \
GIR__AVX512_FN V gir__avx512_mul_##S(V x, V y) { return _mm512_mul_##P(x, y); }                                     \
GIR__AVX512_FN V gir__avx512_div_##S(V x, V y) { return _mm512_div_##P(x, y); }                                     \
GIR__AVX512_FN V gir__avx512_fma_##S(V x, V y, V z) { return _mm512_fmadd_##P(x, y, z); }                           \
GIR__AVX512_FN V gir__avx512_fnma_##S(V x, V y, V z) { return _mm512_fnmadd_##P(x, y, z); }                         \
GIR__AVX512_FN V gir__avx512_neg_##S(V x) { return _mm512_xor_##P(x, _mm512_set1_##P((T)-0.0)); }                   \
GIR__AVX512_FN V gir__avx512_abs_##S(V x) { return _mm512_andnot_##P(_mm512_set1_##P((T)-0.0), x); }                \
GIR__AVX512_FN V gir__avx512_copysign_##S(V x, V y) {                                                               \
    V s = _mm512_set1_##P((T)-0.0);                                                                                 \
    return _mm512_or_##P(_mm512_andnot_##P(s, x), _mm512_and_##P(s, y)); }                                          \
GIR__AVX512_FN V gir__avx512_sqrt_##S(V x) {                                                                        \
    return _mm512_maskz_sqrt_##P((M)-1, x); }                                                                       \
GIR__AVX512_FN V gir__avx512_floor_##S(V x) {                                                                       \
    return _mm512_maskz_roundscale_##P((M)-1, x, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC); }                      \
GIR__AVX512_FN V gir__avx512_ceil_##S(V x) {                                                                        \
    return _mm512_maskz_roundscale_##P((M)-1, x, _MM_FROUND_TO_POS_INF | _MM_FROUND_NO_EXC); }                      \
GIR__AVX512_FN V gir__avx512_round_##S(V x) {                                                                       \
    return _mm512_maskz_roundscale_##P((M)-1, x, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC); }                  \
GIR__AVX512_FN M gir__avx512_lt_##S(V x, V y) { return _mm512_cmp_##P##_mask(x, y, _CMP_LT_OQ); }                   \
GIR__AVX512_FN M gir__avx512_le_##S(V x, V y) { return _mm512_cmp_##P##_mask(x, y, _CMP_LE_OQ); }                   \
GIR__AVX512_FN M gir__avx512_gt_##S(V x, V y) { return _mm512_cmp_##P##_mask(x, y, _CMP_GT_OQ); }                   \
GIR__AVX512_FN M gir__avx512_ge_##S(V x, V y) { return _mm512_cmp_##P##_mask(x, y, _CMP_GE_OQ); }                   \
GIR__AVX512_FN M gir__avx512_eq_##S(V x, V y) { return _mm512_cmp_##P##_mask(x, y, _CMP_EQ_OQ); }                   \
GIR__AVX512_FN M gir__avx512_ne_##S(V x, V y) { return _mm512_cmp_##P##_mask(x, y, _CMP_NEQ_UQ); }                  \
GIR__AVX512_FN M gir__avx512_isnan_##S(V x) { return _mm512_cmp_##P##_mask(x, x, _CMP_UNORD_Q); }                   \
GIR__AVX512_FN M gir__avx512_mand_##S(M a, M b) { return (M)(a & b); }                                              \
GIR__AVX512_FN M gir__avx512_mor_##S(M a, M b) { return (M)(a | b); }                                               \
GIR__AVX512_FN M gir__avx512_mnot_##S(M a) { return (M)~a; }                                                        \
GIR__AVX512_FN int gir__avx512_any_##S(M a) { return a != 0; }                                                      \
GIR__AVX512_FN V gir__avx512_select_##S(M m, V x, V y) { return _mm512_mask_blend_##P(m, y, x); }                   \
/* min/max as the scalar vocabulary: a NaN in either operand gives NaN, and equal operands give y */                \
GIR__AVX512_FN V gir__avx512_min_##S(V x, V y) {                                                                    \
    V r = _mm512_maskz_min_##P((M)-1, x, y);                                                                        \
    return _mm512_mask_mov_##P(r, gir__avx512_isnan_##S(x), x); }                                                   \
GIR__AVX512_FN V gir__avx512_max_##S(V x, V y) {                                                                    \
    V r = _mm512_maskz_max_##P((M)-1, x, y);                                                                        \
    return _mm512_mask_mov_##P(r, gir__avx512_isnan_##S(x), x); }                                                   \
/* x limited to [lo, hi]; a NaN x stays NaN */                                                                      \
GIR__AVX512_FN V gir__avx512_clamp_##S(V x, V lo, V hi) {                                                           \
    return _mm512_maskz_min_##P((M)-1, hi, _mm512_maskz_max_##P((M)-1, lo, x)); }                                   \
/* x 2^k for integral k, |k| <= 2 emax - 2, rounded once (overflow to inf, gradual underflow) */                    \
GIR__AVX512_FN V gir__avx512_ldexp_##S(V x, V k) {                                                                  \
    return _mm512_maskz_scalef_##P((M)-1, x, k); }                                                                  \
/* finite x != 0 (subnormals too): floor(log2 |x|), and |x| scaled into [1, 2) */                                   \
GIR__AVX512_FN V gir__avx512_logb_##S(V x) {                                                                        \
    return _mm512_maskz_getexp_##P((M)-1, x); }                                                                     \
GIR__AVX512_FN V gir__avx512_mant_##S(V x) {                                                                        \
    return _mm512_maskz_getmant_##P((M)-1, x, _MM_MANT_NORM_1_2, _MM_MANT_SIGN_zero); }                             \
/* a scalar function lane by lane, for what has no vector version */                                                \
GIR__AVX512_FN V gir__avx512_map1_##S(T (*f)(T), V x) {                                                             \
    T t[LANES]; int j; _mm512_storeu_##P(t, x);                                                                     \
    for (j = 0; j < LANES; ++j) t[j] = f(t[j]);                                                                     \
    return _mm512_loadu_##P(t); }                                                                                   \
GIR__AVX512_FN V gir__avx512_map2_##S(T (*f)(T, T), V x, V y) {                                                     \
    T t[LANES], u[LANES]; int j; _mm512_storeu_##P(t, x); _mm512_storeu_##P(u, y);                                  \
    for (j = 0; j < LANES; ++j) t[j] = f(t[j], u[j]);                                                               \
    return _mm512_loadu_##P(t); }
GIR__AVX512_VOCAB(float, f32, gir__avx512_vf32, gir__avx512_mf32, ps, 16)
GIR__AVX512_VOCAB(double, f64, gir__avx512_vf64, gir__avx512_mf64, pd, 8)
#undef GIR__AVX512_VOCAB
/* 1/x for finite normal x, within an ulp (not always correctly rounded): a 14-bit estimate and Newton steps
   r + r (1 - x r), which the FMA units do faster than the divider */
GIR__AVX512_FN __m512 gir__avx512_recip_f32(__m512 x) {
    __m512 r = _mm512_maskz_rcp14_ps((__mmask16)-1, x);
    return _mm512_fmadd_ps(r, _mm512_fnmadd_ps(x, r, _mm512_set1_ps(1.0f)), r);
}
GIR__AVX512_FN __m512d gir__avx512_recip_f64(__m512d x) {
    __m512d r = _mm512_maskz_rcp14_pd((__mmask8)-1, x), one = _mm512_set1_pd(1.0);
    r = _mm512_fmadd_pd(r, _mm512_fnmadd_pd(x, r, one), r);
    return _mm512_fmadd_pd(r, _mm512_fnmadd_pd(x, r, one), r);
}
#endif

/* >>simd_avx2: the vector vocabulary on AVX2 + FMA: 8 floats or 4 doubles a vector; a mask is a vector whose
   lanes are all ones or all zeros; partial loads and stores use vmaskmov, which touches no memory past n -- */
#if defined(GIR__HAVE_AVX2)
#define GIR__LANES_AVX2_F32 8
#define GIR__LANES_AVX2_F64 4
#define GIR__AVX2_FN GIR__TARGET_AVX2 static GIR__INLINE
typedef __m256  gir__avx2_vf32;
typedef __m256  gir__avx2_mf32;
typedef __m256d gir__avx2_vf64;
typedef __m256d gir__avx2_mf64;

/* T: the element type, S: its suffix, V: vector (and mask), P: ps or pd, LANES: elements a vector */
#define GIR__AVX2_VOCAB(T, S, V, P, LANES)                                                                          \
GIR__AVX2_FN V gir__avx2_set1_##S(T x) { return _mm256_set1_##P(x); }                                               \
GIR__AVX2_FN V gir__avx2_load_##S(const T *p) { return _mm256_loadu_##P(p); }                                       \
GIR__AVX2_FN void gir__avx2_store_##S(T *p, V x) { _mm256_storeu_##P(p, x); }                                       \
GIR__AVX2_FN V gir__avx2_loadn_##S(const T *p, int n) { return _mm256_maskload_##P(p, gir__avx2_first_##S(n)); }    \
GIR__AVX2_FN void gir__avx2_storen_##S(T *p, int n, V x) { _mm256_maskstore_##P(p, gir__avx2_first_##S(n), x); }    \
GIR__AVX2_FN V gir__avx2_add_##S(V x, V y) { return _mm256_add_##P(x, y); }                                         \
GIR__AVX2_FN V gir__avx2_sub_##S(V x, V y) { return _mm256_sub_##P(x, y); }                                         \
GIR__AVX2_FN V gir__avx2_mul_##S(V x, V y) { return _mm256_mul_##P(x, y); }                                         \
GIR__AVX2_FN V gir__avx2_div_##S(V x, V y) { return _mm256_div_##P(x, y); }                                         \
GIR__AVX2_FN V gir__avx2_fma_##S(V x, V y, V z) { return _mm256_fmadd_##P(x, y, z); }                               \
GIR__AVX2_FN V gir__avx2_fnma_##S(V x, V y, V z) { return _mm256_fnmadd_##P(x, y, z); }                             \
GIR__AVX2_FN V gir__avx2_neg_##S(V x) { return _mm256_xor_##P(x, _mm256_set1_##P((T)-0.0)); }                       \
GIR__AVX2_FN V gir__avx2_abs_##S(V x) { return _mm256_andnot_##P(_mm256_set1_##P((T)-0.0), x); }                    \
GIR__AVX2_FN V gir__avx2_copysign_##S(V x, V y) {                                                                   \
    V s = _mm256_set1_##P((T)-0.0);                                                                                 \
    return _mm256_or_##P(_mm256_andnot_##P(s, x), _mm256_and_##P(s, y)); }                                          \
GIR__AVX2_FN V gir__avx2_sqrt_##S(V x) { return _mm256_sqrt_##P(x); }                                               \
GIR__AVX2_FN V gir__avx2_floor_##S(V x) { return _mm256_round_##P(x, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC); }  \
GIR__AVX2_FN V gir__avx2_ceil_##S(V x) { return _mm256_round_##P(x, _MM_FROUND_TO_POS_INF | _MM_FROUND_NO_EXC); }   \
GIR__AVX2_FN V gir__avx2_round_##S(V x) {                                                                           \
    return _mm256_round_##P(x, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC); }                                    \
GIR__AVX2_FN V gir__avx2_lt_##S(V x, V y) { return _mm256_cmp_##P(x, y, _CMP_LT_OQ); }                              \
GIR__AVX2_FN V gir__avx2_le_##S(V x, V y) { return _mm256_cmp_##P(x, y, _CMP_LE_OQ); }                              \
GIR__AVX2_FN V gir__avx2_gt_##S(V x, V y) { return _mm256_cmp_##P(x, y, _CMP_GT_OQ); }                              \
GIR__AVX2_FN V gir__avx2_ge_##S(V x, V y) { return _mm256_cmp_##P(x, y, _CMP_GE_OQ); }                              \
GIR__AVX2_FN V gir__avx2_eq_##S(V x, V y) { return _mm256_cmp_##P(x, y, _CMP_EQ_OQ); }                              \
GIR__AVX2_FN V gir__avx2_ne_##S(V x, V y) { return _mm256_cmp_##P(x, y, _CMP_NEQ_UQ); }                             \
GIR__AVX2_FN V gir__avx2_isnan_##S(V x) { return _mm256_cmp_##P(x, x, _CMP_UNORD_Q); }                              \
GIR__AVX2_FN V gir__avx2_mand_##S(V a, V b) { return _mm256_and_##P(a, b); }                                        \
GIR__AVX2_FN V gir__avx2_mor_##S(V a, V b) { return _mm256_or_##P(a, b); }                                          \
GIR__AVX2_FN V gir__avx2_mnot_##S(V a) { return _mm256_xor_##P(a, _mm256_cmp_##P(a, a, _CMP_TRUE_UQ)); }            \
GIR__AVX2_FN int gir__avx2_any_##S(V a) { return _mm256_movemask_##P(a) != 0; }                                     \
GIR__AVX2_FN V gir__avx2_select_##S(V m, V x, V y) { return _mm256_blendv_##P(y, x, m); }                           \
/* min/max as the scalar vocabulary: a NaN in either operand gives NaN, and equal operands give y */                \
GIR__AVX2_FN V gir__avx2_min_##S(V x, V y) {                                                                        \
    return _mm256_blendv_##P(_mm256_min_##P(x, y), x, gir__avx2_isnan_##S(x)); }                                    \
GIR__AVX2_FN V gir__avx2_max_##S(V x, V y) {                                                                        \
    return _mm256_blendv_##P(_mm256_max_##P(x, y), x, gir__avx2_isnan_##S(x)); }                                    \
/* x limited to [lo, hi]; a NaN x stays NaN */                                                                      \
GIR__AVX2_FN V gir__avx2_clamp_##S(V x, V lo, V hi) { return _mm256_min_##P(hi, _mm256_max_##P(lo, x)); }           \
/* a scalar function lane by lane, for what has no vector version */                                                \
GIR__AVX2_FN V gir__avx2_map1_##S(T (*f)(T), V x) {                                                                 \
    T t[LANES]; int j; _mm256_storeu_##P(t, x);                                                                     \
    for (j = 0; j < LANES; ++j) t[j] = f(t[j]);                                                                     \
    return _mm256_loadu_##P(t); }                                                                                   \
GIR__AVX2_FN V gir__avx2_map2_##S(T (*f)(T, T), V x, V y) {                                                         \
    T t[LANES], u[LANES]; int j; _mm256_storeu_##P(t, x); _mm256_storeu_##P(u, y);                                  \
    for (j = 0; j < LANES; ++j) t[j] = f(t[j], u[j]);                                                               \
    return _mm256_loadu_##P(t); }

/* lanes [0, n) of a partial load or store */
GIR__AVX2_FN __m256i gir__avx2_first_f32(int n) {
    return _mm256_cmpgt_epi32(_mm256_set1_epi32(n), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
}
GIR__AVX2_FN __m256i gir__avx2_first_f64(int n) {
    return _mm256_cmpgt_epi64(_mm256_set1_epi64x(n), _mm256_setr_epi64x(0, 1, 2, 3));
}
GIR__AVX2_VOCAB(float, f32, gir__avx2_vf32, ps, 8)
GIR__AVX2_VOCAB(double, f64, gir__avx2_vf64, pd, 4)
#undef GIR__AVX2_VOCAB
/* 1/x for finite normal x (here the correctly rounded quotient) */
GIR__AVX2_FN gir__avx2_vf32 gir__avx2_recip_f32(gir__avx2_vf32 x) {
    return gir__avx2_div_f32(gir__avx2_set1_f32(1), x);
}
GIR__AVX2_FN gir__avx2_vf64 gir__avx2_recip_f64(gir__avx2_vf64 x) {
    return gir__avx2_div_f64(gir__avx2_set1_f64(1), x);
}

/* Exponent arithmetic without float <-> int conversions: for an integral v in [0, 2^23), the float 2^23 + v
   has v in its low mantissa bits, so shifting its bits left by 23 gives the float 2^(v - 127) when v is a
   biased exponent (doubles: 2^52 and 52). x 2^k is done as two factors 2^floor(k/2) and 2^(k - floor(k/2)),
   each a normal number for |k| <= 2 emax - 2, so the product rounds once. */
GIR__AVX2_FN __m256 gir__avx2_pow2i_f32(__m256 k) {         /* 2^k for integral k in [-126, 127] */
    __m256 b = _mm256_add_ps(k, _mm256_set1_ps(8388608.0f + 127.0f));
    return _mm256_castsi256_ps(_mm256_slli_epi32(_mm256_castps_si256(b), 23));
}
GIR__AVX2_FN __m256d gir__avx2_pow2i_f64(__m256d k) {      /* 2^k for integral k in [-1022, 1023] */
    __m256d b = _mm256_add_pd(k, _mm256_set1_pd(4503599627370496.0 + 1023.0));
    return _mm256_castsi256_pd(_mm256_slli_epi64(_mm256_castpd_si256(b), 52));
}
GIR__AVX2_FN __m256 gir__avx2_ldexp_f32(__m256 x, __m256 k) {
    __m256 h = _mm256_floor_ps(_mm256_mul_ps(k, _mm256_set1_ps(0.5f)));
    return _mm256_mul_ps(_mm256_mul_ps(x, gir__avx2_pow2i_f32(h)), gir__avx2_pow2i_f32(_mm256_sub_ps(k, h)));
}
GIR__AVX2_FN __m256d gir__avx2_ldexp_f64(__m256d x, __m256d k) {
    __m256d h = _mm256_floor_pd(_mm256_mul_pd(k, _mm256_set1_pd(0.5)));
    return _mm256_mul_pd(_mm256_mul_pd(x, gir__avx2_pow2i_f64(h)), gir__avx2_pow2i_f64(_mm256_sub_pd(k, h)));
}
/* finite x != 0: floor(log2 |x|) and |x| scaled into [1, 2); subnormals are first scaled up by 2^24 (2^54) */
GIR__AVX2_FN __m256 gir__avx2_normal_f32(__m256 x, __m256 *bias) {
    __m256 a = gir__avx2_abs_f32(x), tiny = _mm256_cmp_ps(a, _mm256_set1_ps(FLT_MIN), _CMP_LT_OQ);
    *bias = _mm256_blendv_ps(_mm256_set1_ps(127.0f), _mm256_set1_ps(127.0f + 24.0f), tiny);
    return _mm256_blendv_ps(a, _mm256_mul_ps(a, _mm256_set1_ps(16777216.0f)), tiny);
}
GIR__AVX2_FN __m256 gir__avx2_logb_f32(__m256 x) {
    __m256 bias, a = gir__avx2_normal_f32(x, &bias);
    __m256i e = _mm256_srli_epi32(_mm256_castps_si256(a), 23);
    return _mm256_sub_ps(_mm256_cvtepi32_ps(e), bias);
}
GIR__AVX2_FN __m256 gir__avx2_mant_f32(__m256 x) {
    __m256 bias, a = gir__avx2_normal_f32(x, &bias);
    __m256i m = _mm256_and_si256(_mm256_castps_si256(a), _mm256_set1_epi32(0x007FFFFF));
    (void)bias;
    return _mm256_castsi256_ps(_mm256_or_si256(m, _mm256_set1_epi32(0x3F800000)));
}
GIR__AVX2_FN __m256d gir__avx2_normal_f64(__m256d x, __m256d *bias) {
    __m256d a = gir__avx2_abs_f64(x), tiny = _mm256_cmp_pd(a, _mm256_set1_pd(DBL_MIN), _CMP_LT_OQ);
    *bias = _mm256_blendv_pd(_mm256_set1_pd(1023.0), _mm256_set1_pd(1023.0 + 54.0), tiny);
    return _mm256_blendv_pd(a, _mm256_mul_pd(a, _mm256_set1_pd(18014398509481984.0)), tiny);
}
GIR__AVX2_FN __m256d gir__avx2_logb_f64(__m256d x) {
    __m256d bias, a = gir__avx2_normal_f64(x, &bias), two52 = _mm256_set1_pd(4503599627370496.0);
    __m256i e = _mm256_srli_epi64(_mm256_castpd_si256(a), 52);       /* the biased exponent, then as a double */
    __m256d ed = _mm256_sub_pd(_mm256_castsi256_pd(_mm256_or_si256(e, _mm256_castpd_si256(two52))), two52);
    return _mm256_sub_pd(ed, bias);
}
GIR__AVX2_FN __m256d gir__avx2_mant_f64(__m256d x) {
    __m256d bias, a = gir__avx2_normal_f64(x, &bias);
    __m256i m = _mm256_and_si256(_mm256_castpd_si256(a), _mm256_set1_epi64x(0x000FFFFFFFFFFFFFll));
    (void)bias;
    return _mm256_castsi256_pd(_mm256_or_si256(m, _mm256_set1_epi64x(0x3FF0000000000000ll)));
}
#endif

/* >>simd_neon: the vector vocabulary on AArch64 Advanced SIMD: 4 floats or 2 doubles a vector; a mask is a
   vector of all-ones or all-zeros lanes; partial loads and stores go through a small buffer -------------- */
#if defined(GIR__HAVE_NEON)
#define GIR__LANES_NEON_F32 4
#define GIR__LANES_NEON_F64 2
#define GIR__NEON_FN static GIR__INLINE
typedef float32x4_t gir__neon_vf32;
typedef uint32x4_t  gir__neon_mf32;
typedef float64x2_t gir__neon_vf64;
typedef uint64x2_t  gir__neon_mf64;

/* T: the element type, S: its suffix, V: vector, M: mask, U: the mask's lane suffix, LANES: elements a vector */
#define GIR__NEON_VOCAB(T, S, V, M, U, LANES)                                                                       \
GIR__NEON_FN V gir__neon_set1_##S(T x) { return vdupq_n_##S(x); }                                                   \
GIR__NEON_FN V gir__neon_load_##S(const T *p) { return vld1q_##S(p); }                                              \
GIR__NEON_FN void gir__neon_store_##S(T *p, V x) { vst1q_##S(p, x); }                                               \
GIR__NEON_FN V gir__neon_loadn_##S(const T *p, int n) {                                                             \
    T t[LANES]; int j; for (j = 0; j < LANES; ++j) t[j] = j < n ? p[j] : (T)0;                                      \
    return vld1q_##S(t); }                                                                                          \
GIR__NEON_FN void gir__neon_storen_##S(T *p, int n, V x) {                                                          \
    T t[LANES]; int j; vst1q_##S(t, x); for (j = 0; j < n; ++j) p[j] = t[j]; }                                      \
GIR__NEON_FN V gir__neon_add_##S(V x, V y) { return vaddq_##S(x, y); }                                              \
GIR__NEON_FN V gir__neon_sub_##S(V x, V y) { return vsubq_##S(x, y); }                                              \
GIR__NEON_FN V gir__neon_mul_##S(V x, V y) { return vmulq_##S(x, y); }                                              \
GIR__NEON_FN V gir__neon_div_##S(V x, V y) { return vdivq_##S(x, y); }                                              \
GIR__NEON_FN V gir__neon_fma_##S(V x, V y, V z) { return vfmaq_##S(z, x, y); }                                      \
GIR__NEON_FN V gir__neon_fnma_##S(V x, V y, V z) { return vfmsq_##S(z, x, y); }                                     \
GIR__NEON_FN V gir__neon_neg_##S(V x) { return vnegq_##S(x); }                                                      \
GIR__NEON_FN V gir__neon_abs_##S(V x) { return vabsq_##S(x); }                                                      \
GIR__NEON_FN V gir__neon_copysign_##S(V x, V y) {                                                                   \
    return vbslq_##S(vreinterpretq_##U##_##S(vdupq_n_##S((T)-0.0)), y, x); }                                        \
GIR__NEON_FN V gir__neon_sqrt_##S(V x) { return vsqrtq_##S(x); }                                                    \
GIR__NEON_FN V gir__neon_floor_##S(V x) { return vrndmq_##S(x); }                                                   \
GIR__NEON_FN V gir__neon_ceil_##S(V x) { return vrndpq_##S(x); }                                                    \
GIR__NEON_FN V gir__neon_round_##S(V x) { return vrndnq_##S(x); }                                                   \
GIR__NEON_FN M gir__neon_lt_##S(V x, V y) { return vcltq_##S(x, y); }                                               \
GIR__NEON_FN M gir__neon_le_##S(V x, V y) { return vcleq_##S(x, y); }                                               \
GIR__NEON_FN M gir__neon_gt_##S(V x, V y) { return vcgtq_##S(x, y); }                                               \
GIR__NEON_FN M gir__neon_ge_##S(V x, V y) { return vcgeq_##S(x, y); }                                               \
GIR__NEON_FN M gir__neon_eq_##S(V x, V y) { return vceqq_##S(x, y); }                                               \
GIR__NEON_FN M gir__neon_ne_##S(V x, V y) { return gir__neon_mnot_##S(vceqq_##S(x, y)); }                           \
GIR__NEON_FN M gir__neon_isnan_##S(V x) { return gir__neon_mnot_##S(vceqq_##S(x, x)); }                             \
GIR__NEON_FN M gir__neon_mand_##S(M a, M b) { return vandq_##U(a, b); }                                             \
GIR__NEON_FN M gir__neon_mor_##S(M a, M b) { return vorrq_##U(a, b); }                                              \
GIR__NEON_FN V gir__neon_select_##S(M m, V x, V y) { return vbslq_##S(m, x, y); }                                   \
/* min/max as the scalar vocabulary: a NaN in either operand gives NaN, and equal operands give y */                \
GIR__NEON_FN V gir__neon_min_##S(V x, V y) {                                                                        \
    return vbslq_##S(vorrq_##U(vcltq_##S(x, y), gir__neon_isnan_##S(x)), x, y); }                                   \
GIR__NEON_FN V gir__neon_max_##S(V x, V y) {                                                                        \
    return vbslq_##S(vorrq_##U(vcgtq_##S(x, y), gir__neon_isnan_##S(x)), x, y); }                                   \
/* x limited to [lo, hi]; a NaN x stays NaN (fmax/fmin propagate NaN) */                                            \
GIR__NEON_FN V gir__neon_clamp_##S(V x, V lo, V hi) { return vminq_##S(vmaxq_##S(x, lo), hi); }                     \
/* a scalar function lane by lane, for what has no vector version */                                                \
GIR__NEON_FN V gir__neon_map1_##S(T (*f)(T), V x) {                                                                 \
    T t[LANES]; int j; vst1q_##S(t, x);                                                                             \
    for (j = 0; j < LANES; ++j) t[j] = f(t[j]);                                                                     \
    return vld1q_##S(t); }                                                                                          \
GIR__NEON_FN V gir__neon_map2_##S(T (*f)(T, T), V x, V y) {                                                         \
    T t[LANES], u[LANES]; int j; vst1q_##S(t, x); vst1q_##S(u, y);                                                  \
    for (j = 0; j < LANES; ++j) t[j] = f(t[j], u[j]);                                                               \
    return vld1q_##S(t); }
GIR__NEON_FN uint32x4_t gir__neon_mnot_f32(uint32x4_t a) { return vmvnq_u32(a); }
GIR__NEON_FN uint64x2_t gir__neon_mnot_f64(uint64x2_t a) {
    return vreinterpretq_u64_u32(vmvnq_u32(vreinterpretq_u32_u64(a))); }
GIR__NEON_FN int gir__neon_any_f32(uint32x4_t a) { return vmaxvq_u32(a) != 0; }
GIR__NEON_FN int gir__neon_any_f64(uint64x2_t a) { return vmaxvq_u32(vreinterpretq_u32_u64(a)) != 0; }
GIR__NEON_VOCAB(float, f32, gir__neon_vf32, gir__neon_mf32, u32, 4)
GIR__NEON_VOCAB(double, f64, gir__neon_vf64, gir__neon_mf64, u64, 2)
#undef GIR__NEON_VOCAB
/* 1/x for finite normal x (here the correctly rounded quotient) */
GIR__NEON_FN gir__neon_vf32 gir__neon_recip_f32(gir__neon_vf32 x) {
    return gir__neon_div_f32(gir__neon_set1_f32(1), x);
}
GIR__NEON_FN gir__neon_vf64 gir__neon_recip_f64(gir__neon_vf64 x) {
    return gir__neon_div_f64(gir__neon_set1_f64(1), x);
}

/* x 2^k for integral k, |k| <= 2 emax - 2: two normal factors 2^floor(k/2) and 2^(k - floor(k/2)), so the
   product rounds once */
GIR__NEON_FN float32x4_t gir__neon_ldexp_f32(float32x4_t x, float32x4_t k) {
    int32x4_t ki = vcvtnq_s32_f32(k), h = vshrq_n_s32(ki, 1), b = vdupq_n_s32(127);
    float32x4_t s1 = vreinterpretq_f32_s32(vshlq_n_s32(vaddq_s32(h, b), 23));
    float32x4_t s2 = vreinterpretq_f32_s32(vshlq_n_s32(vaddq_s32(vsubq_s32(ki, h), b), 23));
    return vmulq_f32(vmulq_f32(x, s1), s2);
}
GIR__NEON_FN float64x2_t gir__neon_ldexp_f64(float64x2_t x, float64x2_t k) {
    int64x2_t ki = vcvtnq_s64_f64(k), h = vshrq_n_s64(ki, 1), b = vdupq_n_s64(1023);
    float64x2_t s1 = vreinterpretq_f64_s64(vshlq_n_s64(vaddq_s64(h, b), 52));
    float64x2_t s2 = vreinterpretq_f64_s64(vshlq_n_s64(vaddq_s64(vsubq_s64(ki, h), b), 52));
    return vmulq_f64(vmulq_f64(x, s1), s2);
}
/* finite x != 0: floor(log2 |x|) and |x| scaled into [1, 2); subnormals are first scaled up by 2^24 (2^54) */
GIR__NEON_FN uint32x4_t gir__neon_normal_f32(float32x4_t x, float32x4_t *bias) {
    float32x4_t a = vabsq_f32(x);
    uint32x4_t tiny = vcltq_f32(a, vdupq_n_f32(FLT_MIN));
    *bias = vbslq_f32(tiny, vdupq_n_f32(127.0f + 24.0f), vdupq_n_f32(127.0f));
    return vreinterpretq_u32_f32(vbslq_f32(tiny, vmulq_f32(a, vdupq_n_f32(16777216.0f)), a));
}
GIR__NEON_FN float32x4_t gir__neon_logb_f32(float32x4_t x) {
    float32x4_t bias;
    uint32x4_t a = gir__neon_normal_f32(x, &bias);
    return vsubq_f32(vcvtq_f32_u32(vshrq_n_u32(a, 23)), bias);
}
GIR__NEON_FN float32x4_t gir__neon_mant_f32(float32x4_t x) {
    float32x4_t bias;
    uint32x4_t a = gir__neon_normal_f32(x, &bias);
    (void)bias;
    return vreinterpretq_f32_u32(vorrq_u32(vandq_u32(a, vdupq_n_u32(0x007FFFFFu)), vdupq_n_u32(0x3F800000u)));
}
GIR__NEON_FN uint64x2_t gir__neon_normal_f64(float64x2_t x, float64x2_t *bias) {
    float64x2_t a = vabsq_f64(x);
    uint64x2_t tiny = vcltq_f64(a, vdupq_n_f64(DBL_MIN));
    *bias = vbslq_f64(tiny, vdupq_n_f64(1023.0 + 54.0), vdupq_n_f64(1023.0));
    return vreinterpretq_u64_f64(vbslq_f64(tiny, vmulq_f64(a, vdupq_n_f64(18014398509481984.0)), a));
}
GIR__NEON_FN float64x2_t gir__neon_logb_f64(float64x2_t x) {
    float64x2_t bias;
    uint64x2_t a = gir__neon_normal_f64(x, &bias);
    return vsubq_f64(vcvtq_f64_u64(vshrq_n_u64(a, 52)), bias);
}
GIR__NEON_FN float64x2_t gir__neon_mant_f64(float64x2_t x) {
    float64x2_t bias;
    uint64x2_t a = gir__neon_normal_f64(x, &bias);
    (void)bias;
    return vreinterpretq_f64_u64(vorrq_u64(vandq_u64(a, vdupq_n_u64(0x000FFFFFFFFFFFFFull)),
                                           vdupq_n_u64(0x3FF0000000000000ull)));
}
#endif

/* >>simd_mve: the vector vocabulary on Armv8.1-M Helium (MVE with floating point): 4 floats a vector, f32
   only (MVE has no double lanes); a mask is a lane predicate; partial loads and stores are tail-predicated.
   MVE has no vector divide or square root: those go lane by lane through the scalar unit. Its float lanes
   flush subnormals to zero and return the default NaN, unlike the scalar FPU. ------------------------------ */
#if defined(GIR__HAVE_MVE)
#define GIR__LANES_MVE_F32 4
#define GIR__MVE_FN static GIR__INLINE
typedef float32x4_t  gir__mve_vf32;
typedef mve_pred16_t gir__mve_mf32;

GIR__MVE_FN float32x4_t gir__mve_set1_f32(float x) { return vdupq_n_f32(x); }
GIR__MVE_FN float32x4_t gir__mve_load_f32(const float *p) { return vld1q_f32(p); }
GIR__MVE_FN void gir__mve_store_f32(float *p, float32x4_t x) { vst1q_f32(p, x); }
GIR__MVE_FN float32x4_t gir__mve_loadn_f32(const float *p, int n) { return vldrwq_z_f32(p, vctp32q((uint32_t)n)); }
GIR__MVE_FN void gir__mve_storen_f32(float *p, int n, float32x4_t x) { vstrwq_p_f32(p, x, vctp32q((uint32_t)n)); }
GIR__MVE_FN float32x4_t gir__mve_add_f32(float32x4_t x, float32x4_t y) { return vaddq_f32(x, y); }
GIR__MVE_FN float32x4_t gir__mve_sub_f32(float32x4_t x, float32x4_t y) { return vsubq_f32(x, y); }
GIR__MVE_FN float32x4_t gir__mve_mul_f32(float32x4_t x, float32x4_t y) { return vmulq_f32(x, y); }
GIR__MVE_FN float32x4_t gir__mve_fma_f32(float32x4_t x, float32x4_t y, float32x4_t z) { return vfmaq_f32(z, x, y); }
GIR__MVE_FN float32x4_t gir__mve_fnma_f32(float32x4_t x, float32x4_t y, float32x4_t z) { return vfmsq_f32(z, x, y); }
GIR__MVE_FN float32x4_t gir__mve_neg_f32(float32x4_t x) { return vnegq_f32(x); }
GIR__MVE_FN float32x4_t gir__mve_abs_f32(float32x4_t x) { return vabsq_f32(x); }
GIR__MVE_FN float32x4_t gir__mve_copysign_f32(float32x4_t x, float32x4_t y) {
    uint32x4_t s = vdupq_n_u32(0x80000000u);
    uint32x4_t a = vbicq_u32(vreinterpretq_u32_f32(x), s), b = vandq_u32(vreinterpretq_u32_f32(y), s);
    return vreinterpretq_f32_u32(vorrq_u32(a, b));
}
GIR__MVE_FN float32x4_t gir__mve_floor_f32(float32x4_t x) { return vrndmq_f32(x); }
GIR__MVE_FN float32x4_t gir__mve_ceil_f32(float32x4_t x) { return vrndpq_f32(x); }
GIR__MVE_FN float32x4_t gir__mve_round_f32(float32x4_t x) { return vrndnq_f32(x); }
GIR__MVE_FN mve_pred16_t gir__mve_lt_f32(float32x4_t x, float32x4_t y) { return vcmpltq_f32(x, y); }
GIR__MVE_FN mve_pred16_t gir__mve_le_f32(float32x4_t x, float32x4_t y) { return vcmpleq_f32(x, y); }
GIR__MVE_FN mve_pred16_t gir__mve_gt_f32(float32x4_t x, float32x4_t y) { return vcmpgtq_f32(x, y); }
GIR__MVE_FN mve_pred16_t gir__mve_ge_f32(float32x4_t x, float32x4_t y) { return vcmpgeq_f32(x, y); }
GIR__MVE_FN mve_pred16_t gir__mve_eq_f32(float32x4_t x, float32x4_t y) { return vcmpeqq_f32(x, y); }
GIR__MVE_FN mve_pred16_t gir__mve_ne_f32(float32x4_t x, float32x4_t y) { return vcmpneq_f32(x, y); }
GIR__MVE_FN mve_pred16_t gir__mve_isnan_f32(float32x4_t x) { return vcmpneq_f32(x, x); }
GIR__MVE_FN mve_pred16_t gir__mve_mand_f32(mve_pred16_t a, mve_pred16_t b) { return (mve_pred16_t)(a & b); }
GIR__MVE_FN mve_pred16_t gir__mve_mor_f32(mve_pred16_t a, mve_pred16_t b) { return (mve_pred16_t)(a | b); }
GIR__MVE_FN mve_pred16_t gir__mve_mnot_f32(mve_pred16_t a) { return vpnot(a); }
GIR__MVE_FN int gir__mve_any_f32(mve_pred16_t a) { return a != 0; }
GIR__MVE_FN float32x4_t gir__mve_select_f32(mve_pred16_t m, float32x4_t x, float32x4_t y) {
    return vpselq_f32(x, y, m); }
/* min/max as the scalar vocabulary: a NaN in either operand gives NaN, and equal operands give y */
GIR__MVE_FN float32x4_t gir__mve_min_f32(float32x4_t x, float32x4_t y) {
    return vpselq_f32(x, y, (mve_pred16_t)(vcmpltq_f32(x, y) | vcmpneq_f32(x, x)));
}
GIR__MVE_FN float32x4_t gir__mve_max_f32(float32x4_t x, float32x4_t y) {
    return vpselq_f32(x, y, (mve_pred16_t)(vcmpgtq_f32(x, y) | vcmpneq_f32(x, x)));
}
/* x limited to [lo, hi]; a NaN x stays NaN (vmaxnm/vminnm would drop it) */
GIR__MVE_FN float32x4_t gir__mve_clamp_f32(float32x4_t x, float32x4_t lo, float32x4_t hi) {
    return vpselq_f32(x, vminnmq_f32(vmaxnmq_f32(x, lo), hi), vcmpneq_f32(x, x));
}
/* a scalar function lane by lane: for what has no vector version, and for MVE's missing divide and sqrt */
GIR__MVE_FN float32x4_t gir__mve_map1_f32(float (*f)(float), float32x4_t x) {
    float t[4];
    int j;
    vst1q_f32(t, x);
    for (j = 0; j < 4; ++j) t[j] = f(t[j]);
    return vld1q_f32(t);
}
GIR__MVE_FN float32x4_t gir__mve_map2_f32(float (*f)(float, float), float32x4_t x, float32x4_t y) {
    float t[4], u[4];
    int j;
    vst1q_f32(t, x);
    vst1q_f32(u, y);
    for (j = 0; j < 4; ++j) t[j] = f(t[j], u[j]);
    return vld1q_f32(t);
}
GIR__MVE_FN float32x4_t gir__mve_div_f32(float32x4_t x, float32x4_t y) {
    float t[4], u[4];
    int j;
    vst1q_f32(t, x);
    vst1q_f32(u, y);
    for (j = 0; j < 4; ++j) t[j] = t[j] / u[j];
    return vld1q_f32(t);
}
GIR__MVE_FN float32x4_t gir__mve_recip_f32(float32x4_t x) { return gir__mve_div_f32(vdupq_n_f32(1.0f), x); }
GIR__MVE_FN float32x4_t gir__mve_sqrt_f32(float32x4_t x) { return gir__mve_map1_f32(gir__sqrt_f32, x); }
/* x 2^k for integral k, |k| <= 252: two normal factors 2^floor(k/2) and 2^(k - floor(k/2)) */
GIR__MVE_FN float32x4_t gir__mve_ldexp_f32(float32x4_t x, float32x4_t k) {
    int32x4_t ki = vcvtq_s32_f32(k), h = vshrq_n_s32(ki, 1);
    float32x4_t s1 = vreinterpretq_f32_s32(vshlq_n_s32(vaddq_n_s32(h, 127), 23));
    float32x4_t s2 = vreinterpretq_f32_s32(vshlq_n_s32(vaddq_n_s32(vsubq_s32(ki, h), 127), 23));
    return vmulq_f32(vmulq_f32(x, s1), s2);
}
/* finite x != 0: floor(log2 |x|) and |x| scaled into [1, 2) (the lanes flush subnormals, so no scaling) */
GIR__MVE_FN float32x4_t gir__mve_logb_f32(float32x4_t x) {
    uint32x4_t a = vreinterpretq_u32_f32(vabsq_f32(x));
    return vsubq_f32(vcvtq_f32_u32(vshrq_n_u32(a, 23)), vdupq_n_f32(127.0f));
}
GIR__MVE_FN float32x4_t gir__mve_mant_f32(float32x4_t x) {
    uint32x4_t a = vreinterpretq_u32_f32(vabsq_f32(x));
    return vreinterpretq_f32_u32(vorrq_u32(vandq_u32(a, vdupq_n_u32(0x007FFFFFu)), vdupq_n_u32(0x3F800000u)));
}
#endif

/* >>vmath: exp, expm1, log, log1p, log2, tanh, sigmoid, erf (and sign) on vectors, written once in
   gen/vmath.tmpl.c against the vocabulary above and instantiated for each instruction set and float dtype
   compiled in. Range reduction (Cody-Waite for exp, exponent and mantissa for log), then minimax polynomials
   (gen/vmath_fit.py). Special values follow C99 Annex F: +-0, +-inf and NaN give what libm gives, subnormal
   inputs and results are kept (MVE's lanes flush them to zero).
   Maximum error against the exact result, in units of the last place of the result (ulp, subnormal ulp
   below the normal range), the bound the test "simd/vmath_accuracy_*" enforces, and what was measured:
   f32 over every one of the 2^32 floats, f64 over 2^23 random values in each of seven ranges (the
   whole range by bits and by exponent, |x| < 1, < 40, < 760, near 1, just above -1), plus edge values:
                 exp    expm1  log    log1p  log2   tanh   sigmoid erf
     f32 bound   1.5    2      1      1.5    2      1.5    2.5     1
         measured 1.05  1.60   0.92   1.47   1.67   1.34   2.40    0.99
     f64 bound   1.5    2      1.5    2      2      1.5    2.5     1.5
         measured 0.98  1.81   1.20   1.66   1.60   1.34   2.33    1.21
   (measured on AVX-512 and AVX2, the same to two decimals; NEON under emulation with the test's default
   sweep, every 2^11-th float, within the same bounds; MVE not measured: its lanes flush subnormals.) */
#if defined(GIR__HAVE_AVX512)
/* >>vmath (avx512, f32) instantiated from gen/vmath.tmpl.c */
/* expm1(r) for |r| <= ln2/2 (+ rounding slack): r + r^2 q(r) */
GIR__AVX512_FN gir__avx512_vf32 gir__avx512_expm1r_f32(gir__avx512_vf32 r) {
    gir__avx512_vf32 q = gir__avx512_set1_f32(1.388251549e-03f);
    q = gir__avx512_fma_f32(q, r, gir__avx512_set1_f32(8.366552182e-03f));
    q = gir__avx512_fma_f32(q, r, gir__avx512_set1_f32(4.166720062e-02f));
    q = gir__avx512_fma_f32(q, r, gir__avx512_set1_f32(1.666654348e-01f));
    q = gir__avx512_fma_f32(q, r, gir__avx512_set1_f32(4.999999702e-01f));
    return gir__avx512_fma_f32(gir__avx512_mul_f32(r, r), q, r);
}
/* x = k ln2 + r with k = round(x / ln2), |r| <= ln2/2 (Cody-Waite: ln2 in two parts, k times the first exact) */
GIR__AVX512_FN gir__avx512_vf32 gir__avx512_expreduce_f32(gir__avx512_vf32 x, gir__avx512_vf32 *k) {
    gir__avx512_vf32 kk = gir__avx512_round_f32(gir__avx512_mul_f32(x, gir__avx512_set1_f32(1.4426950216293335f)));
    gir__avx512_vf32 r = gir__avx512_fnma_f32(kk, gir__avx512_set1_f32(0.693145751953125f), x);
    *k = kk;
    return gir__avx512_fnma_f32(kk, gir__avx512_set1_f32(1.428606765330187e-06f), r);
}
/* exp(x) = 2^k exp(r); x is first limited to where exp is between half the smallest subnormal and twice the
   largest finite number, so inf, 0 and the subnormal results come out of the final scaling */
GIR__AVX512_FN gir__avx512_vf32 gir__avx512_exp_f32(gir__avx512_vf32 x) {
    gir__avx512_vf32 k, r;
    x = gir__avx512_clamp_f32(x, gir__avx512_set1_f32(-104.0f), gir__avx512_set1_f32(89.0f));
    r = gir__avx512_expreduce_f32(x, &k);
    return gir__avx512_ldexp_f32(gir__avx512_add_f32(gir__avx512_expm1r_f32(r), gir__avx512_set1_f32(1)), k);
}
/* expm1(x) = 2^k expm1(r) + (2^k - 1): exact but for the last rounding while 2^k - 1 is exact (k <= 24, 53);
   beyond that 2^k (1 + expm1(r)) - 1. The result has x's sign, which keeps expm1(-0) = -0. */
GIR__AVX512_FN gir__avx512_vf32 gir__avx512_expm1_f32(gir__avx512_vf32 x) {
    gir__avx512_vf32 one = gir__avx512_set1_f32(1), kmax = gir__avx512_set1_f32(24.0f), k, r, p, s, lo, hi;
    x = gir__avx512_clamp_f32(x, gir__avx512_set1_f32(-30.0f), gir__avx512_set1_f32(89.0f));
    r = gir__avx512_expreduce_f32(x, &k);
    p = gir__avx512_expm1r_f32(r);
    s = gir__avx512_ldexp_f32(one, gir__avx512_min_f32(k, kmax));
    lo = gir__avx512_fma_f32(s, p, gir__avx512_sub_f32(s, one));
    hi = gir__avx512_sub_f32(gir__avx512_ldexp_f32(gir__avx512_add_f32(p, one), k), one);
    return gir__avx512_copysign_f32(gir__avx512_select_f32(gir__avx512_gt_f32(k, kmax), hi, lo), x);
}

/* log1p(f) for f in [sqrt(1/2) - 1, sqrt(2) - 1] */
GIR__AVX512_FN gir__avx512_vf32 gir__avx512_log1pr_f32(gir__avx512_vf32 f) {
    gir__avx512_vf32 g = gir__avx512_set1_f32(-7.622932643e-02f);
    g = gir__avx512_fma_f32(g, f, gir__avx512_set1_f32(1.290632337e-01f));
    g = gir__avx512_fma_f32(g, f, gir__avx512_set1_f32(-1.324347258e-01f));
    g = gir__avx512_fma_f32(g, f, gir__avx512_set1_f32(1.418158114e-01f));
    g = gir__avx512_fma_f32(g, f, gir__avx512_set1_f32(-1.660899967e-01f));
    g = gir__avx512_fma_f32(g, f, gir__avx512_set1_f32(2.000198364e-01f));
    g = gir__avx512_fma_f32(g, f, gir__avx512_set1_f32(-2.500158548e-01f));
    g = gir__avx512_fma_f32(g, f, gir__avx512_set1_f32(3.333332539e-01f));
    g = gir__avx512_fma_f32(g, f, gir__avx512_set1_f32(-4.999998808e-01f));
    return gir__avx512_fma_f32(gir__avx512_mul_f32(f, f), g, f);
}
/* finite x > 0 as 2^e (1 + f) with f in [sqrt(1/2) - 1, sqrt(2) - 1]; f is exact */
GIR__AVX512_FN gir__avx512_vf32 gir__avx512_logsplit_f32(gir__avx512_vf32 x, gir__avx512_vf32 *e) {
    gir__avx512_vf32 one = gir__avx512_set1_f32(1), m = gir__avx512_mant_f32(x), b = gir__avx512_logb_f32(x);
    gir__avx512_mf32 up = gir__avx512_gt_f32(m, gir__avx512_set1_f32(1.4142135381698608f));
    *e = gir__avx512_select_f32(up, gir__avx512_add_f32(b, one), b);
    return gir__avx512_sub_f32(gir__avx512_select_f32(up, gir__avx512_mul_f32(m, gir__avx512_set1_f32(0.5)), m), one);
}
/* where x is not finite and positive: log(+-0) = -inf, log(x < 0) = NaN, log(inf) = inf, log(NaN) = NaN */
GIR__AVX512_FN gir__avx512_vf32 gir__avx512_logspecial_f32(gir__avx512_vf32 x, gir__avx512_vf32 res) {
    gir__avx512_vf32 zero = gir__avx512_set1_f32(0), inf = gir__avx512_set1_f32(HUGE_VALF);
    gir__avx512_mf32 ok = gir__avx512_mand_f32(gir__avx512_gt_f32(x, zero), gir__avx512_lt_f32(x, inf));
    gir__avx512_vf32 sp = gir__avx512_select_f32(gir__avx512_lt_f32(x, zero), gir__avx512_set1_f32(NAN), x);
    sp = gir__avx512_select_f32(gir__avx512_eq_f32(x, zero), gir__avx512_neg_f32(inf), sp);
    return gir__avx512_select_f32(ok, res, sp);
}
/* e ln2 + log1p(f), ln2 in two parts */
GIR__AVX512_FN gir__avx512_vf32 gir__avx512_logjoin_f32(gir__avx512_vf32 e, gir__avx512_vf32 l) {
    gir__avx512_vf32 lo = gir__avx512_fma_f32(e, gir__avx512_set1_f32(1.428606765330187e-06f), l);
    return gir__avx512_fma_f32(e, gir__avx512_set1_f32(0.693145751953125f), lo);
}
GIR__AVX512_FN gir__avx512_vf32 gir__avx512_log_f32(gir__avx512_vf32 x) {
    gir__avx512_vf32 e, f = gir__avx512_logsplit_f32(x, &e);
    return gir__avx512_logspecial_f32(x, gir__avx512_logjoin_f32(e, gir__avx512_log1pr_f32(f)));
}
GIR__AVX512_FN gir__avx512_vf32 gir__avx512_log2_f32(gir__avx512_vf32 x) {
    gir__avx512_vf32 e, f = gir__avx512_logsplit_f32(x, &e);
    gir__avx512_vf32 l = gir__avx512_log1pr_f32(f);
    return gir__avx512_logspecial_f32(x, gir__avx512_fma_f32(l, gir__avx512_set1_f32(1.4426950216293335f), e));
}
/* log1p(x) = log(u) for u = 1 + x rounded, corrected by the rounding error c = x - (u - 1): with u = 2^e (1 + f),
   log1p(x) = e ln2 + log1p(f + c 2^-e). The result has x's sign, which keeps log1p(-0) = -0. */
GIR__AVX512_FN gir__avx512_vf32 gir__avx512_log1p_f32(gir__avx512_vf32 x) {
    gir__avx512_vf32 one = gir__avx512_set1_f32(1), u = gir__avx512_add_f32(x, one), e, f, c;
    f = gir__avx512_logsplit_f32(u, &e);
    c = gir__avx512_sub_f32(x, gir__avx512_sub_f32(u, one));
    f = gir__avx512_add_f32(f, gir__avx512_ldexp_f32(c, gir__avx512_neg_f32(e)));
    return gir__avx512_logspecial_f32(u, gir__avx512_copysign_f32(gir__avx512_logjoin_f32(e, gir__avx512_log1pr_f32(f)), x));
}

/* tanh: |x| < 0.625: x + x^3 P(x^2); beyond, 1 - 2 / (exp(2|x|) + 1) with |x| limited to where tanh rounds
   to 1 (so exp stays finite); the sign of x last, which keeps tanh(-0) = -0 */
GIR__AVX512_FN gir__avx512_vf32 gir__avx512_tanh_f32(gir__avx512_vf32 x) {
    gir__avx512_vf32 one = gir__avx512_set1_f32(1), a = gir__avx512_abs_f32(x), a2 = gir__avx512_mul_f32(a, a), near0, far, e;
    gir__avx512_vf32 p = gir__avx512_set1_f32(-5.704986863e-03f);
    p = gir__avx512_fma_f32(p, a2, gir__avx512_set1_f32(2.063908800e-02f));
    p = gir__avx512_fma_f32(p, a2, gir__avx512_set1_f32(-5.373971537e-02f));
    p = gir__avx512_fma_f32(p, a2, gir__avx512_set1_f32(1.333144158e-01f));
    p = gir__avx512_fma_f32(p, a2, gir__avx512_set1_f32(-3.333328068e-01f));
    gir__avx512_mf32 m = gir__avx512_lt_f32(a, gir__avx512_set1_f32(0.625));
    near0 = gir__avx512_fma_f32(gir__avx512_mul_f32(a, a2), p, a);
    if (!gir__avx512_any_f32(gir__avx512_mnot_f32(m))) return gir__avx512_copysign_f32(near0, x);       /* all lanes near 0 */
    e = gir__avx512_clamp_f32(a, gir__avx512_set1_f32(0), gir__avx512_set1_f32(9.5f));
    e = gir__avx512_exp_f32(gir__avx512_add_f32(e, e));
    far = gir__avx512_fnma_f32(gir__avx512_set1_f32(2), gir__avx512_recip_f32(gir__avx512_add_f32(e, one)), one);
    return gir__avx512_copysign_f32(gir__avx512_select_f32(m, near0, far), x);
}
/* sigmoid(x) = 1 / (1 + exp(-x)) for x >= 0, exp(x) / (1 + exp(x)) below: exp never overflows, and very
   negative x keep their subnormal results */
GIR__AVX512_FN gir__avx512_vf32 gir__avx512_sigmoid_f32(gir__avx512_vf32 x) {
    gir__avx512_vf32 one = gir__avx512_set1_f32(1), e = gir__avx512_exp_f32(gir__avx512_neg_f32(gir__avx512_abs_f32(x)));
    return gir__avx512_div_f32(gir__avx512_select_f32(gir__avx512_lt_f32(x, gir__avx512_set1_f32(0)), e, one), gir__avx512_add_f32(one, e));
}
/* erf: |x| < 1: x + x E1(x^2); beyond, 1 - exp(-x^2) R(1/|x| - t0) with R ~ erfc(x) exp(x^2), |x| limited to where
   erf rounds to 1; the sign of x last */
GIR__AVX512_FN gir__avx512_vf32 gir__avx512_erf_f32(gir__avx512_vf32 x) {
    gir__avx512_vf32 one = gir__avx512_set1_f32(1), a = gir__avx512_abs_f32(x), a2 = gir__avx512_mul_f32(a, a), near0, t, u, r;
    gir__avx512_vf32 p = gir__avx512_set1_f32(7.853860734e-05f);
    p = gir__avx512_fma_f32(p, a2, gir__avx512_set1_f32(-8.010193706e-04f));
    p = gir__avx512_fma_f32(p, a2, gir__avx512_set1_f32(5.188327748e-03f));
    p = gir__avx512_fma_f32(p, a2, gir__avx512_set1_f32(-2.685381286e-02f));
    p = gir__avx512_fma_f32(p, a2, gir__avx512_set1_f32(1.128358543e-01f));
    p = gir__avx512_fma_f32(p, a2, gir__avx512_set1_f32(-3.761262596e-01f));
    p = gir__avx512_fma_f32(p, a2, gir__avx512_set1_f32(1.283791661e-01f));
    gir__avx512_mf32 m = gir__avx512_lt_f32(a, one);
    near0 = gir__avx512_fma_f32(a, p, a);
    if (!gir__avx512_any_f32(gir__avx512_mnot_f32(m))) return gir__avx512_copysign_f32(near0, x);       /* all lanes below 1 */
    a = gir__avx512_clamp_f32(a, one, gir__avx512_set1_f32(4.0f));
    t = gir__avx512_recip_f32(a);
    u = gir__avx512_sub_f32(t, gir__avx512_set1_f32(0.625f));
    r = gir__avx512_set1_f32(-1.794482954e-02f);
    r = gir__avx512_fma_f32(r, u, gir__avx512_set1_f32(4.108286649e-02f));
    r = gir__avx512_fma_f32(r, u, gir__avx512_set1_f32(-4.714085534e-02f));
    r = gir__avx512_fma_f32(r, u, gir__avx512_set1_f32(2.344835363e-02f));
    r = gir__avx512_fma_f32(r, u, gir__avx512_set1_f32(4.375990108e-02f));
    r = gir__avx512_fma_f32(r, u, gir__avx512_set1_f32(-1.723958254e-01f));
    r = gir__avx512_fma_f32(r, u, gir__avx512_set1_f32(3.822838664e-01f));
    r = gir__avx512_fma_f32(r, u, gir__avx512_set1_f32(3.059529960e-01f));
    r = gir__avx512_fnma_f32(gir__avx512_exp_f32(gir__avx512_neg_f32(gir__avx512_mul_f32(a, a))), r, one);
    return gir__avx512_copysign_f32(gir__avx512_select_f32(m, near0, r), x);
}
/* sign: 1, -1, or x itself for +-0 and NaN (as the scalar vocabulary) */
GIR__AVX512_FN gir__avx512_vf32 gir__avx512_sign_f32(gir__avx512_vf32 x) {
    gir__avx512_vf32 zero = gir__avx512_set1_f32(0), one = gir__avx512_set1_f32(1);
    return gir__avx512_select_f32(gir__avx512_gt_f32(x, zero), one, gir__avx512_select_f32(gir__avx512_lt_f32(x, zero), gir__avx512_neg_f32(one), x));
}
/* >>vmath (avx512, f64) instantiated from gen/vmath.tmpl.c */
/* expm1(r) for |r| <= ln2/2 (+ rounding slack): r + r^2 q(r) */
GIR__AVX512_FN gir__avx512_vf64 gir__avx512_expm1r_f64(gir__avx512_vf64 r) {
    gir__avx512_vf64 q = gir__avx512_set1_f64(2.08753291474622718e-09);
    q = gir__avx512_fma_f64(q, r, gir__avx512_set1_f64(2.51090332440628366e-08));
    q = gir__avx512_fma_f64(q, r, gir__avx512_set1_f64(2.75574028005675252e-07));
    q = gir__avx512_fma_f64(q, r, gir__avx512_set1_f64(2.75572442310684295e-06));
    q = gir__avx512_fma_f64(q, r, gir__avx512_set1_f64(2.48015871721701743e-05));
    q = gir__avx512_fma_f64(q, r, gir__avx512_set1_f64(1.98412698860941689e-04));
    q = gir__avx512_fma_f64(q, r, gir__avx512_set1_f64(1.38888888889626520e-03));
    q = gir__avx512_fma_f64(q, r, gir__avx512_set1_f64(8.33333333332164639e-03));
    q = gir__avx512_fma_f64(q, r, gir__avx512_set1_f64(4.16666666666665048e-02));
    q = gir__avx512_fma_f64(q, r, gir__avx512_set1_f64(1.66666666666666768e-01));
    q = gir__avx512_fma_f64(q, r, gir__avx512_set1_f64(5.00000000000000000e-01));
    return gir__avx512_fma_f64(gir__avx512_mul_f64(r, r), q, r);
}
/* x = k ln2 + r with k = round(x / ln2), |r| <= ln2/2 (Cody-Waite: ln2 in two parts, k times the first exact) */
GIR__AVX512_FN gir__avx512_vf64 gir__avx512_expreduce_f64(gir__avx512_vf64 x, gir__avx512_vf64 *k) {
    gir__avx512_vf64 kk = gir__avx512_round_f64(gir__avx512_mul_f64(x, gir__avx512_set1_f64(1.4426950408889634)));
    gir__avx512_vf64 r = gir__avx512_fnma_f64(kk, gir__avx512_set1_f64(0.6931471803691238), x);
    *k = kk;
    return gir__avx512_fnma_f64(kk, gir__avx512_set1_f64(1.9082149292705877e-10), r);
}
/* exp(x) = 2^k exp(r); x is first limited to where exp is between half the smallest subnormal and twice the
   largest finite number, so inf, 0 and the subnormal results come out of the final scaling */
GIR__AVX512_FN gir__avx512_vf64 gir__avx512_exp_f64(gir__avx512_vf64 x) {
    gir__avx512_vf64 k, r;
    x = gir__avx512_clamp_f64(x, gir__avx512_set1_f64(-746.0), gir__avx512_set1_f64(710.0));
    r = gir__avx512_expreduce_f64(x, &k);
    return gir__avx512_ldexp_f64(gir__avx512_add_f64(gir__avx512_expm1r_f64(r), gir__avx512_set1_f64(1)), k);
}
/* expm1(x) = 2^k expm1(r) + (2^k - 1): exact but for the last rounding while 2^k - 1 is exact (k <= 24, 53);
   beyond that 2^k (1 + expm1(r)) - 1. The result has x's sign, which keeps expm1(-0) = -0. */
GIR__AVX512_FN gir__avx512_vf64 gir__avx512_expm1_f64(gir__avx512_vf64 x) {
    gir__avx512_vf64 one = gir__avx512_set1_f64(1), kmax = gir__avx512_set1_f64(53.0), k, r, p, s, lo, hi;
    x = gir__avx512_clamp_f64(x, gir__avx512_set1_f64(-60.0), gir__avx512_set1_f64(710.0));
    r = gir__avx512_expreduce_f64(x, &k);
    p = gir__avx512_expm1r_f64(r);
    s = gir__avx512_ldexp_f64(one, gir__avx512_min_f64(k, kmax));
    lo = gir__avx512_fma_f64(s, p, gir__avx512_sub_f64(s, one));
    hi = gir__avx512_sub_f64(gir__avx512_ldexp_f64(gir__avx512_add_f64(p, one), k), one);
    return gir__avx512_copysign_f64(gir__avx512_select_f64(gir__avx512_gt_f64(k, kmax), hi, lo), x);
}

/* log1p(f) for f in [sqrt(1/2) - 1, sqrt(2) - 1] */
GIR__AVX512_FN gir__avx512_vf64 gir__avx512_log1pr_f64(gir__avx512_vf64 f) {
    /* log(1 + f) = 2 atanh(s) = 2s + s z T(z), s = f / (2 + f), z = s^2, written as f - (f^2/2 - s (f^2/2 + z T))
       so that the rounding of s only touches a small correction */
    gir__avx512_vf64 s = gir__avx512_div_f64(f, gir__avx512_add_f64(f, gir__avx512_set1_f64(2.0))), z = gir__avx512_mul_f64(s, s);
    gir__avx512_vf64 h = gir__avx512_mul_f64(gir__avx512_set1_f64(0.5), gir__avx512_mul_f64(f, f));
    gir__avx512_vf64 t = gir__avx512_set1_f64(1.47977666049350004e-01);
    t = gir__avx512_fma_f64(t, z, gir__avx512_set1_f64(1.53138787496209766e-01));
    t = gir__avx512_fma_f64(t, z, gir__avx512_set1_f64(1.81835706408768005e-01));
    t = gir__avx512_fma_f64(t, z, gir__avx512_set1_f64(2.22221984597927052e-01));
    t = gir__avx512_fma_f64(t, z, gir__avx512_set1_f64(2.85714287434086334e-01));
    t = gir__avx512_fma_f64(t, z, gir__avx512_set1_f64(3.99999999994104960e-01));
    t = gir__avx512_fma_f64(t, z, gir__avx512_set1_f64(6.66666666666673513e-01));
    t = gir__avx512_mul_f64(z, t);
    return gir__avx512_sub_f64(f, gir__avx512_fnma_f64(s, gir__avx512_add_f64(h, t), h));
}
/* finite x > 0 as 2^e (1 + f) with f in [sqrt(1/2) - 1, sqrt(2) - 1]; f is exact */
GIR__AVX512_FN gir__avx512_vf64 gir__avx512_logsplit_f64(gir__avx512_vf64 x, gir__avx512_vf64 *e) {
    gir__avx512_vf64 one = gir__avx512_set1_f64(1), m = gir__avx512_mant_f64(x), b = gir__avx512_logb_f64(x);
    gir__avx512_mf64 up = gir__avx512_gt_f64(m, gir__avx512_set1_f64(1.4142135623730951));
    *e = gir__avx512_select_f64(up, gir__avx512_add_f64(b, one), b);
    return gir__avx512_sub_f64(gir__avx512_select_f64(up, gir__avx512_mul_f64(m, gir__avx512_set1_f64(0.5)), m), one);
}
/* where x is not finite and positive: log(+-0) = -inf, log(x < 0) = NaN, log(inf) = inf, log(NaN) = NaN */
GIR__AVX512_FN gir__avx512_vf64 gir__avx512_logspecial_f64(gir__avx512_vf64 x, gir__avx512_vf64 res) {
    gir__avx512_vf64 zero = gir__avx512_set1_f64(0), inf = gir__avx512_set1_f64(HUGE_VAL);
    gir__avx512_mf64 ok = gir__avx512_mand_f64(gir__avx512_gt_f64(x, zero), gir__avx512_lt_f64(x, inf));
    gir__avx512_vf64 sp = gir__avx512_select_f64(gir__avx512_lt_f64(x, zero), gir__avx512_set1_f64(NAN), x);
    sp = gir__avx512_select_f64(gir__avx512_eq_f64(x, zero), gir__avx512_neg_f64(inf), sp);
    return gir__avx512_select_f64(ok, res, sp);
}
/* e ln2 + log1p(f), ln2 in two parts */
GIR__AVX512_FN gir__avx512_vf64 gir__avx512_logjoin_f64(gir__avx512_vf64 e, gir__avx512_vf64 l) {
    gir__avx512_vf64 lo = gir__avx512_fma_f64(e, gir__avx512_set1_f64(1.9082149292705877e-10), l);
    return gir__avx512_fma_f64(e, gir__avx512_set1_f64(0.6931471803691238), lo);
}
GIR__AVX512_FN gir__avx512_vf64 gir__avx512_log_f64(gir__avx512_vf64 x) {
    gir__avx512_vf64 e, f = gir__avx512_logsplit_f64(x, &e);
    return gir__avx512_logspecial_f64(x, gir__avx512_logjoin_f64(e, gir__avx512_log1pr_f64(f)));
}
GIR__AVX512_FN gir__avx512_vf64 gir__avx512_log2_f64(gir__avx512_vf64 x) {
    gir__avx512_vf64 e, f = gir__avx512_logsplit_f64(x, &e);
    gir__avx512_vf64 l = gir__avx512_log1pr_f64(f);
    return gir__avx512_logspecial_f64(x, gir__avx512_fma_f64(l, gir__avx512_set1_f64(1.4426950408889634), e));
}
/* log1p(x) = log(u) for u = 1 + x rounded, corrected by the rounding error c = x - (u - 1): with u = 2^e (1 + f),
   log1p(x) = e ln2 + log1p(f + c 2^-e). The result has x's sign, which keeps log1p(-0) = -0. */
GIR__AVX512_FN gir__avx512_vf64 gir__avx512_log1p_f64(gir__avx512_vf64 x) {
    gir__avx512_vf64 one = gir__avx512_set1_f64(1), u = gir__avx512_add_f64(x, one), e, f, c;
    f = gir__avx512_logsplit_f64(u, &e);
    c = gir__avx512_sub_f64(x, gir__avx512_sub_f64(u, one));
    f = gir__avx512_add_f64(f, gir__avx512_ldexp_f64(c, gir__avx512_neg_f64(e)));
    return gir__avx512_logspecial_f64(u, gir__avx512_copysign_f64(gir__avx512_logjoin_f64(e, gir__avx512_log1pr_f64(f)), x));
}

/* tanh: |x| < 0.625: x + x^3 P(x^2); beyond, 1 - 2 / (exp(2|x|) + 1) with |x| limited to where tanh rounds
   to 1 (so exp stays finite); the sign of x last, which keeps tanh(-0) = -0 */
GIR__AVX512_FN gir__avx512_vf64 gir__avx512_tanh_f64(gir__avx512_vf64 x) {
    gir__avx512_vf64 one = gir__avx512_set1_f64(1), a = gir__avx512_abs_f64(x), a2 = gir__avx512_mul_f64(a, a), near0, far, e;
    gir__avx512_vf64 p = gir__avx512_set1_f64(6.04246861307320453e-06);
    p = gir__avx512_fma_f64(p, a2, gir__avx512_set1_f64(-3.01872210362896549e-05));
    p = gir__avx512_fma_f64(p, a2, gir__avx512_set1_f64(9.15584121588349138e-05));
    p = gir__avx512_fma_f64(p, a2, gir__avx512_set1_f64(-2.37011730291413793e-04));
    p = gir__avx512_fma_f64(p, a2, gir__avx512_set1_f64(5.89451798978704762e-04));
    p = gir__avx512_fma_f64(p, a2, gir__avx512_set1_f64(-1.45572594808043463e-03));
    p = gir__avx512_fma_f64(p, a2, gir__avx512_set1_f64(3.59211399988257742e-03));
    p = gir__avx512_fma_f64(p, a2, gir__avx512_set1_f64(-8.86323431258025443e-03));
    p = gir__avx512_fma_f64(p, a2, gir__avx512_set1_f64(2.18694884687156074e-02));
    p = gir__avx512_fma_f64(p, a2, gir__avx512_set1_f64(-5.39682539660589142e-02));
    p = gir__avx512_fma_f64(p, a2, gir__avx512_set1_f64(1.33333333333297416e-01));
    p = gir__avx512_fma_f64(p, a2, gir__avx512_set1_f64(-3.33333333333333148e-01));
    gir__avx512_mf64 m = gir__avx512_lt_f64(a, gir__avx512_set1_f64(0.625));
    near0 = gir__avx512_fma_f64(gir__avx512_mul_f64(a, a2), p, a);
    if (!gir__avx512_any_f64(gir__avx512_mnot_f64(m))) return gir__avx512_copysign_f64(near0, x);       /* all lanes near 0 */
    e = gir__avx512_clamp_f64(a, gir__avx512_set1_f64(0), gir__avx512_set1_f64(20.0));
    e = gir__avx512_exp_f64(gir__avx512_add_f64(e, e));
    far = gir__avx512_fnma_f64(gir__avx512_set1_f64(2), gir__avx512_recip_f64(gir__avx512_add_f64(e, one)), one);
    return gir__avx512_copysign_f64(gir__avx512_select_f64(m, near0, far), x);
}
/* sigmoid(x) = 1 / (1 + exp(-x)) for x >= 0, exp(x) / (1 + exp(x)) below: exp never overflows, and very
   negative x keep their subnormal results */
GIR__AVX512_FN gir__avx512_vf64 gir__avx512_sigmoid_f64(gir__avx512_vf64 x) {
    gir__avx512_vf64 one = gir__avx512_set1_f64(1), e = gir__avx512_exp_f64(gir__avx512_neg_f64(gir__avx512_abs_f64(x)));
    return gir__avx512_div_f64(gir__avx512_select_f64(gir__avx512_lt_f64(x, gir__avx512_set1_f64(0)), e, one), gir__avx512_add_f64(one, e));
}
/* erf: |x| < 1: x + x E1(x^2); beyond, 1 - exp(-x^2) R(1/|x| - t0) with R ~ erfc(x) exp(x^2), |x| limited to where
   erf rounds to 1; the sign of x last */
GIR__AVX512_FN gir__avx512_vf64 gir__avx512_erf_f64(gir__avx512_vf64 x) {
    gir__avx512_vf64 one = gir__avx512_set1_f64(1), a = gir__avx512_abs_f64(x), a2 = gir__avx512_mul_f64(a, a), near0, t, u, r;
    gir__avx512_vf64 p = gir__avx512_set1_f64(-7.77946696398075802e-10);
    p = gir__avx512_fma_f64(p, a2, gir__avx512_set1_f64(1.37109795225038121e-08));
    p = gir__avx512_fma_f64(p, a2, gir__avx512_set1_f64(-1.62063135401739151e-07));
    p = gir__avx512_fma_f64(p, a2, gir__avx512_set1_f64(1.64471315402976936e-06));
    p = gir__avx512_fma_f64(p, a2, gir__avx512_set1_f64(-1.49247122992561295e-05));
    p = gir__avx512_fma_f64(p, a2, gir__avx512_set1_f64(1.20552935767416700e-04));
    p = gir__avx512_fma_f64(p, a2, gir__avx512_set1_f64(-8.54832592930851475e-04));
    p = gir__avx512_fma_f64(p, a2, gir__avx512_set1_f64(5.22397760611833031e-03));
    p = gir__avx512_fma_f64(p, a2, gir__avx512_set1_f64(-2.68661706431114478e-02));
    p = gir__avx512_fma_f64(p, a2, gir__avx512_set1_f64(1.12837916709441849e-01));
    p = gir__avx512_fma_f64(p, a2, gir__avx512_set1_f64(-3.76126389031835207e-01));
    p = gir__avx512_fma_f64(p, a2, gir__avx512_set1_f64(1.28379167095512559e-01));
    gir__avx512_mf64 m = gir__avx512_lt_f64(a, one);
    near0 = gir__avx512_fma_f64(a, p, a);
    if (!gir__avx512_any_f64(gir__avx512_mnot_f64(m))) return gir__avx512_copysign_f64(near0, x);       /* all lanes below 1 */
    a = gir__avx512_clamp_f64(a, one, gir__avx512_set1_f64(6.0));
    t = gir__avx512_recip_f64(a);
    {
        gir__avx512_vf64 v = gir__avx512_sub_f64(t, gir__avx512_set1_f64(0.3333333333333333)), r1, r2;
        u = gir__avx512_sub_f64(t, gir__avx512_set1_f64(0.75));
        r1 = gir__avx512_set1_f64(3.33790611928581362e-04);
        r1 = gir__avx512_fma_f64(r1, u, gir__avx512_set1_f64(-3.07677555349851993e-03));
        r1 = gir__avx512_fma_f64(r1, u, gir__avx512_set1_f64(5.94497242771328122e-03));
        r1 = gir__avx512_fma_f64(r1, u, gir__avx512_set1_f64(-7.40590647290151078e-03));
        r1 = gir__avx512_fma_f64(r1, u, gir__avx512_set1_f64(7.08160006110431471e-03));
        r1 = gir__avx512_fma_f64(r1, u, gir__avx512_set1_f64(-4.39623951571823431e-03));
        r1 = gir__avx512_fma_f64(r1, u, gir__avx512_set1_f64(-1.04179807214768065e-03));
        r1 = gir__avx512_fma_f64(r1, u, gir__avx512_set1_f64(8.90743239860404892e-03));
        r1 = gir__avx512_fma_f64(r1, u, gir__avx512_set1_f64(-1.76963255791780169e-02));
        r1 = gir__avx512_fma_f64(r1, u, gir__avx512_set1_f64(2.41010175418103177e-02));
        r1 = gir__avx512_fma_f64(r1, u, gir__avx512_set1_f64(-2.21991953007243947e-02));
        r1 = gir__avx512_fma_f64(r1, u, gir__avx512_set1_f64(2.44389829723768706e-03));
        r1 = gir__avx512_fma_f64(r1, u, gir__avx512_set1_f64(4.95677724359199559e-02));
        r1 = gir__avx512_fma_f64(r1, u, gir__avx512_set1_f64(-1.54570073313942097e-01));
        r1 = gir__avx512_fma_f64(r1, u, gir__avx512_set1_f64(3.41368858699433786e-01));
        r1 = gir__avx512_fma_f64(r1, u, gir__avx512_set1_f64(3.51134694028905292e-01));
        r2 = gir__avx512_set1_f64(2.80559424893266396e+00);
        r2 = gir__avx512_fma_f64(r2, v, gir__avx512_set1_f64(-1.26014283993188836e+00));
        r2 = gir__avx512_fma_f64(r2, v, gir__avx512_set1_f64(-5.92617435300840989e-01));
        r2 = gir__avx512_fma_f64(r2, v, gir__avx512_set1_f64(9.92844723780985428e-01));
        r2 = gir__avx512_fma_f64(r2, v, gir__avx512_set1_f64(-6.53794259561449653e-01));
        r2 = gir__avx512_fma_f64(r2, v, gir__avx512_set1_f64(1.63463153604917588e-01));
        r2 = gir__avx512_fma_f64(r2, v, gir__avx512_set1_f64(1.79973325538932305e-01));
        r2 = gir__avx512_fma_f64(r2, v, gir__avx512_set1_f64(-2.78473629219136209e-01));
        r2 = gir__avx512_fma_f64(r2, v, gir__avx512_set1_f64(1.81075835636815646e-01));
        r2 = gir__avx512_fma_f64(r2, v, gir__avx512_set1_f64(-4.65770198513882315e-03));
        r2 = gir__avx512_fma_f64(r2, v, gir__avx512_set1_f64(-1.34841283763333958e-01));
        r2 = gir__avx512_fma_f64(r2, v, gir__avx512_set1_f64(1.61472856046137841e-01));
        r2 = gir__avx512_fma_f64(r2, v, gir__avx512_set1_f64(-5.01461107299590245e-02));
        r2 = gir__avx512_fma_f64(r2, v, gir__avx512_set1_f64(-1.81416956244121547e-01));
        r2 = gir__avx512_fma_f64(r2, v, gir__avx512_set1_f64(4.89350340064560574e-01));
        r2 = gir__avx512_fma_f64(r2, v, gir__avx512_set1_f64(1.79001151181389956e-01));
        r = gir__avx512_select_f64(gir__avx512_lt_f64(a, gir__avx512_set1_f64(2.0)), r1, r2);
    }
    r = gir__avx512_fnma_f64(gir__avx512_exp_f64(gir__avx512_neg_f64(gir__avx512_mul_f64(a, a))), r, one);
    return gir__avx512_copysign_f64(gir__avx512_select_f64(m, near0, r), x);
}
/* sign: 1, -1, or x itself for +-0 and NaN (as the scalar vocabulary) */
GIR__AVX512_FN gir__avx512_vf64 gir__avx512_sign_f64(gir__avx512_vf64 x) {
    gir__avx512_vf64 zero = gir__avx512_set1_f64(0), one = gir__avx512_set1_f64(1);
    return gir__avx512_select_f64(gir__avx512_gt_f64(x, zero), one, gir__avx512_select_f64(gir__avx512_lt_f64(x, zero), gir__avx512_neg_f64(one), x));
}
#endif
#if defined(GIR__HAVE_AVX2)
/* >>vmath (avx2, f32) instantiated from gen/vmath.tmpl.c */
/* expm1(r) for |r| <= ln2/2 (+ rounding slack): r + r^2 q(r) */
GIR__AVX2_FN gir__avx2_vf32 gir__avx2_expm1r_f32(gir__avx2_vf32 r) {
    gir__avx2_vf32 q = gir__avx2_set1_f32(1.388251549e-03f);
    q = gir__avx2_fma_f32(q, r, gir__avx2_set1_f32(8.366552182e-03f));
    q = gir__avx2_fma_f32(q, r, gir__avx2_set1_f32(4.166720062e-02f));
    q = gir__avx2_fma_f32(q, r, gir__avx2_set1_f32(1.666654348e-01f));
    q = gir__avx2_fma_f32(q, r, gir__avx2_set1_f32(4.999999702e-01f));
    return gir__avx2_fma_f32(gir__avx2_mul_f32(r, r), q, r);
}
/* x = k ln2 + r with k = round(x / ln2), |r| <= ln2/2 (Cody-Waite: ln2 in two parts, k times the first exact) */
GIR__AVX2_FN gir__avx2_vf32 gir__avx2_expreduce_f32(gir__avx2_vf32 x, gir__avx2_vf32 *k) {
    gir__avx2_vf32 kk = gir__avx2_round_f32(gir__avx2_mul_f32(x, gir__avx2_set1_f32(1.4426950216293335f)));
    gir__avx2_vf32 r = gir__avx2_fnma_f32(kk, gir__avx2_set1_f32(0.693145751953125f), x);
    *k = kk;
    return gir__avx2_fnma_f32(kk, gir__avx2_set1_f32(1.428606765330187e-06f), r);
}
/* exp(x) = 2^k exp(r); x is first limited to where exp is between half the smallest subnormal and twice the
   largest finite number, so inf, 0 and the subnormal results come out of the final scaling */
GIR__AVX2_FN gir__avx2_vf32 gir__avx2_exp_f32(gir__avx2_vf32 x) {
    gir__avx2_vf32 k, r;
    x = gir__avx2_clamp_f32(x, gir__avx2_set1_f32(-104.0f), gir__avx2_set1_f32(89.0f));
    r = gir__avx2_expreduce_f32(x, &k);
    return gir__avx2_ldexp_f32(gir__avx2_add_f32(gir__avx2_expm1r_f32(r), gir__avx2_set1_f32(1)), k);
}
/* expm1(x) = 2^k expm1(r) + (2^k - 1): exact but for the last rounding while 2^k - 1 is exact (k <= 24, 53);
   beyond that 2^k (1 + expm1(r)) - 1. The result has x's sign, which keeps expm1(-0) = -0. */
GIR__AVX2_FN gir__avx2_vf32 gir__avx2_expm1_f32(gir__avx2_vf32 x) {
    gir__avx2_vf32 one = gir__avx2_set1_f32(1), kmax = gir__avx2_set1_f32(24.0f), k, r, p, s, lo, hi;
    x = gir__avx2_clamp_f32(x, gir__avx2_set1_f32(-30.0f), gir__avx2_set1_f32(89.0f));
    r = gir__avx2_expreduce_f32(x, &k);
    p = gir__avx2_expm1r_f32(r);
    s = gir__avx2_ldexp_f32(one, gir__avx2_min_f32(k, kmax));
    lo = gir__avx2_fma_f32(s, p, gir__avx2_sub_f32(s, one));
    hi = gir__avx2_sub_f32(gir__avx2_ldexp_f32(gir__avx2_add_f32(p, one), k), one);
    return gir__avx2_copysign_f32(gir__avx2_select_f32(gir__avx2_gt_f32(k, kmax), hi, lo), x);
}

/* log1p(f) for f in [sqrt(1/2) - 1, sqrt(2) - 1] */
GIR__AVX2_FN gir__avx2_vf32 gir__avx2_log1pr_f32(gir__avx2_vf32 f) {
    gir__avx2_vf32 g = gir__avx2_set1_f32(-7.622932643e-02f);
    g = gir__avx2_fma_f32(g, f, gir__avx2_set1_f32(1.290632337e-01f));
    g = gir__avx2_fma_f32(g, f, gir__avx2_set1_f32(-1.324347258e-01f));
    g = gir__avx2_fma_f32(g, f, gir__avx2_set1_f32(1.418158114e-01f));
    g = gir__avx2_fma_f32(g, f, gir__avx2_set1_f32(-1.660899967e-01f));
    g = gir__avx2_fma_f32(g, f, gir__avx2_set1_f32(2.000198364e-01f));
    g = gir__avx2_fma_f32(g, f, gir__avx2_set1_f32(-2.500158548e-01f));
    g = gir__avx2_fma_f32(g, f, gir__avx2_set1_f32(3.333332539e-01f));
    g = gir__avx2_fma_f32(g, f, gir__avx2_set1_f32(-4.999998808e-01f));
    return gir__avx2_fma_f32(gir__avx2_mul_f32(f, f), g, f);
}
/* finite x > 0 as 2^e (1 + f) with f in [sqrt(1/2) - 1, sqrt(2) - 1]; f is exact */
GIR__AVX2_FN gir__avx2_vf32 gir__avx2_logsplit_f32(gir__avx2_vf32 x, gir__avx2_vf32 *e) {
    gir__avx2_vf32 one = gir__avx2_set1_f32(1), m = gir__avx2_mant_f32(x), b = gir__avx2_logb_f32(x);
    gir__avx2_mf32 up = gir__avx2_gt_f32(m, gir__avx2_set1_f32(1.4142135381698608f));
    *e = gir__avx2_select_f32(up, gir__avx2_add_f32(b, one), b);
    return gir__avx2_sub_f32(gir__avx2_select_f32(up, gir__avx2_mul_f32(m, gir__avx2_set1_f32(0.5)), m), one);
}
/* where x is not finite and positive: log(+-0) = -inf, log(x < 0) = NaN, log(inf) = inf, log(NaN) = NaN */
GIR__AVX2_FN gir__avx2_vf32 gir__avx2_logspecial_f32(gir__avx2_vf32 x, gir__avx2_vf32 res) {
    gir__avx2_vf32 zero = gir__avx2_set1_f32(0), inf = gir__avx2_set1_f32(HUGE_VALF);
    gir__avx2_mf32 ok = gir__avx2_mand_f32(gir__avx2_gt_f32(x, zero), gir__avx2_lt_f32(x, inf));
    gir__avx2_vf32 sp = gir__avx2_select_f32(gir__avx2_lt_f32(x, zero), gir__avx2_set1_f32(NAN), x);
    sp = gir__avx2_select_f32(gir__avx2_eq_f32(x, zero), gir__avx2_neg_f32(inf), sp);
    return gir__avx2_select_f32(ok, res, sp);
}
/* e ln2 + log1p(f), ln2 in two parts */
GIR__AVX2_FN gir__avx2_vf32 gir__avx2_logjoin_f32(gir__avx2_vf32 e, gir__avx2_vf32 l) {
    gir__avx2_vf32 lo = gir__avx2_fma_f32(e, gir__avx2_set1_f32(1.428606765330187e-06f), l);
    return gir__avx2_fma_f32(e, gir__avx2_set1_f32(0.693145751953125f), lo);
}
GIR__AVX2_FN gir__avx2_vf32 gir__avx2_log_f32(gir__avx2_vf32 x) {
    gir__avx2_vf32 e, f = gir__avx2_logsplit_f32(x, &e);
    return gir__avx2_logspecial_f32(x, gir__avx2_logjoin_f32(e, gir__avx2_log1pr_f32(f)));
}
GIR__AVX2_FN gir__avx2_vf32 gir__avx2_log2_f32(gir__avx2_vf32 x) {
    gir__avx2_vf32 e, f = gir__avx2_logsplit_f32(x, &e);
    gir__avx2_vf32 l = gir__avx2_log1pr_f32(f);
    return gir__avx2_logspecial_f32(x, gir__avx2_fma_f32(l, gir__avx2_set1_f32(1.4426950216293335f), e));
}
/* log1p(x) = log(u) for u = 1 + x rounded, corrected by the rounding error c = x - (u - 1): with u = 2^e (1 + f),
   log1p(x) = e ln2 + log1p(f + c 2^-e). The result has x's sign, which keeps log1p(-0) = -0. */
GIR__AVX2_FN gir__avx2_vf32 gir__avx2_log1p_f32(gir__avx2_vf32 x) {
    gir__avx2_vf32 one = gir__avx2_set1_f32(1), u = gir__avx2_add_f32(x, one), e, f, c;
    f = gir__avx2_logsplit_f32(u, &e);
    c = gir__avx2_sub_f32(x, gir__avx2_sub_f32(u, one));
    f = gir__avx2_add_f32(f, gir__avx2_ldexp_f32(c, gir__avx2_neg_f32(e)));
    return gir__avx2_logspecial_f32(u, gir__avx2_copysign_f32(gir__avx2_logjoin_f32(e, gir__avx2_log1pr_f32(f)), x));
}

/* tanh: |x| < 0.625: x + x^3 P(x^2); beyond, 1 - 2 / (exp(2|x|) + 1) with |x| limited to where tanh rounds
   to 1 (so exp stays finite); the sign of x last, which keeps tanh(-0) = -0 */
GIR__AVX2_FN gir__avx2_vf32 gir__avx2_tanh_f32(gir__avx2_vf32 x) {
    gir__avx2_vf32 one = gir__avx2_set1_f32(1), a = gir__avx2_abs_f32(x), a2 = gir__avx2_mul_f32(a, a), near0, far, e;
    gir__avx2_vf32 p = gir__avx2_set1_f32(-5.704986863e-03f);
    p = gir__avx2_fma_f32(p, a2, gir__avx2_set1_f32(2.063908800e-02f));
    p = gir__avx2_fma_f32(p, a2, gir__avx2_set1_f32(-5.373971537e-02f));
    p = gir__avx2_fma_f32(p, a2, gir__avx2_set1_f32(1.333144158e-01f));
    p = gir__avx2_fma_f32(p, a2, gir__avx2_set1_f32(-3.333328068e-01f));
    gir__avx2_mf32 m = gir__avx2_lt_f32(a, gir__avx2_set1_f32(0.625));
    near0 = gir__avx2_fma_f32(gir__avx2_mul_f32(a, a2), p, a);
    if (!gir__avx2_any_f32(gir__avx2_mnot_f32(m))) return gir__avx2_copysign_f32(near0, x);       /* all lanes near 0 */
    e = gir__avx2_clamp_f32(a, gir__avx2_set1_f32(0), gir__avx2_set1_f32(9.5f));
    e = gir__avx2_exp_f32(gir__avx2_add_f32(e, e));
    far = gir__avx2_fnma_f32(gir__avx2_set1_f32(2), gir__avx2_recip_f32(gir__avx2_add_f32(e, one)), one);
    return gir__avx2_copysign_f32(gir__avx2_select_f32(m, near0, far), x);
}
/* sigmoid(x) = 1 / (1 + exp(-x)) for x >= 0, exp(x) / (1 + exp(x)) below: exp never overflows, and very
   negative x keep their subnormal results */
GIR__AVX2_FN gir__avx2_vf32 gir__avx2_sigmoid_f32(gir__avx2_vf32 x) {
    gir__avx2_vf32 one = gir__avx2_set1_f32(1), e = gir__avx2_exp_f32(gir__avx2_neg_f32(gir__avx2_abs_f32(x)));
    return gir__avx2_div_f32(gir__avx2_select_f32(gir__avx2_lt_f32(x, gir__avx2_set1_f32(0)), e, one), gir__avx2_add_f32(one, e));
}
/* erf: |x| < 1: x + x E1(x^2); beyond, 1 - exp(-x^2) R(1/|x| - t0) with R ~ erfc(x) exp(x^2), |x| limited to where
   erf rounds to 1; the sign of x last */
GIR__AVX2_FN gir__avx2_vf32 gir__avx2_erf_f32(gir__avx2_vf32 x) {
    gir__avx2_vf32 one = gir__avx2_set1_f32(1), a = gir__avx2_abs_f32(x), a2 = gir__avx2_mul_f32(a, a), near0, t, u, r;
    gir__avx2_vf32 p = gir__avx2_set1_f32(7.853860734e-05f);
    p = gir__avx2_fma_f32(p, a2, gir__avx2_set1_f32(-8.010193706e-04f));
    p = gir__avx2_fma_f32(p, a2, gir__avx2_set1_f32(5.188327748e-03f));
    p = gir__avx2_fma_f32(p, a2, gir__avx2_set1_f32(-2.685381286e-02f));
    p = gir__avx2_fma_f32(p, a2, gir__avx2_set1_f32(1.128358543e-01f));
    p = gir__avx2_fma_f32(p, a2, gir__avx2_set1_f32(-3.761262596e-01f));
    p = gir__avx2_fma_f32(p, a2, gir__avx2_set1_f32(1.283791661e-01f));
    gir__avx2_mf32 m = gir__avx2_lt_f32(a, one);
    near0 = gir__avx2_fma_f32(a, p, a);
    if (!gir__avx2_any_f32(gir__avx2_mnot_f32(m))) return gir__avx2_copysign_f32(near0, x);       /* all lanes below 1 */
    a = gir__avx2_clamp_f32(a, one, gir__avx2_set1_f32(4.0f));
    t = gir__avx2_recip_f32(a);
    u = gir__avx2_sub_f32(t, gir__avx2_set1_f32(0.625f));
    r = gir__avx2_set1_f32(-1.794482954e-02f);
    r = gir__avx2_fma_f32(r, u, gir__avx2_set1_f32(4.108286649e-02f));
    r = gir__avx2_fma_f32(r, u, gir__avx2_set1_f32(-4.714085534e-02f));
    r = gir__avx2_fma_f32(r, u, gir__avx2_set1_f32(2.344835363e-02f));
    r = gir__avx2_fma_f32(r, u, gir__avx2_set1_f32(4.375990108e-02f));
    r = gir__avx2_fma_f32(r, u, gir__avx2_set1_f32(-1.723958254e-01f));
    r = gir__avx2_fma_f32(r, u, gir__avx2_set1_f32(3.822838664e-01f));
    r = gir__avx2_fma_f32(r, u, gir__avx2_set1_f32(3.059529960e-01f));
    r = gir__avx2_fnma_f32(gir__avx2_exp_f32(gir__avx2_neg_f32(gir__avx2_mul_f32(a, a))), r, one);
    return gir__avx2_copysign_f32(gir__avx2_select_f32(m, near0, r), x);
}
/* sign: 1, -1, or x itself for +-0 and NaN (as the scalar vocabulary) */
GIR__AVX2_FN gir__avx2_vf32 gir__avx2_sign_f32(gir__avx2_vf32 x) {
    gir__avx2_vf32 zero = gir__avx2_set1_f32(0), one = gir__avx2_set1_f32(1);
    return gir__avx2_select_f32(gir__avx2_gt_f32(x, zero), one, gir__avx2_select_f32(gir__avx2_lt_f32(x, zero), gir__avx2_neg_f32(one), x));
}
/* >>vmath (avx2, f64) instantiated from gen/vmath.tmpl.c */
/* expm1(r) for |r| <= ln2/2 (+ rounding slack): r + r^2 q(r) */
GIR__AVX2_FN gir__avx2_vf64 gir__avx2_expm1r_f64(gir__avx2_vf64 r) {
    gir__avx2_vf64 q = gir__avx2_set1_f64(2.08753291474622718e-09);
    q = gir__avx2_fma_f64(q, r, gir__avx2_set1_f64(2.51090332440628366e-08));
    q = gir__avx2_fma_f64(q, r, gir__avx2_set1_f64(2.75574028005675252e-07));
    q = gir__avx2_fma_f64(q, r, gir__avx2_set1_f64(2.75572442310684295e-06));
    q = gir__avx2_fma_f64(q, r, gir__avx2_set1_f64(2.48015871721701743e-05));
    q = gir__avx2_fma_f64(q, r, gir__avx2_set1_f64(1.98412698860941689e-04));
    q = gir__avx2_fma_f64(q, r, gir__avx2_set1_f64(1.38888888889626520e-03));
    q = gir__avx2_fma_f64(q, r, gir__avx2_set1_f64(8.33333333332164639e-03));
    q = gir__avx2_fma_f64(q, r, gir__avx2_set1_f64(4.16666666666665048e-02));
    q = gir__avx2_fma_f64(q, r, gir__avx2_set1_f64(1.66666666666666768e-01));
    q = gir__avx2_fma_f64(q, r, gir__avx2_set1_f64(5.00000000000000000e-01));
    return gir__avx2_fma_f64(gir__avx2_mul_f64(r, r), q, r);
}
/* x = k ln2 + r with k = round(x / ln2), |r| <= ln2/2 (Cody-Waite: ln2 in two parts, k times the first exact) */
GIR__AVX2_FN gir__avx2_vf64 gir__avx2_expreduce_f64(gir__avx2_vf64 x, gir__avx2_vf64 *k) {
    gir__avx2_vf64 kk = gir__avx2_round_f64(gir__avx2_mul_f64(x, gir__avx2_set1_f64(1.4426950408889634)));
    gir__avx2_vf64 r = gir__avx2_fnma_f64(kk, gir__avx2_set1_f64(0.6931471803691238), x);
    *k = kk;
    return gir__avx2_fnma_f64(kk, gir__avx2_set1_f64(1.9082149292705877e-10), r);
}
/* exp(x) = 2^k exp(r); x is first limited to where exp is between half the smallest subnormal and twice the
   largest finite number, so inf, 0 and the subnormal results come out of the final scaling */
GIR__AVX2_FN gir__avx2_vf64 gir__avx2_exp_f64(gir__avx2_vf64 x) {
    gir__avx2_vf64 k, r;
    x = gir__avx2_clamp_f64(x, gir__avx2_set1_f64(-746.0), gir__avx2_set1_f64(710.0));
    r = gir__avx2_expreduce_f64(x, &k);
    return gir__avx2_ldexp_f64(gir__avx2_add_f64(gir__avx2_expm1r_f64(r), gir__avx2_set1_f64(1)), k);
}
/* expm1(x) = 2^k expm1(r) + (2^k - 1): exact but for the last rounding while 2^k - 1 is exact (k <= 24, 53);
   beyond that 2^k (1 + expm1(r)) - 1. The result has x's sign, which keeps expm1(-0) = -0. */
GIR__AVX2_FN gir__avx2_vf64 gir__avx2_expm1_f64(gir__avx2_vf64 x) {
    gir__avx2_vf64 one = gir__avx2_set1_f64(1), kmax = gir__avx2_set1_f64(53.0), k, r, p, s, lo, hi;
    x = gir__avx2_clamp_f64(x, gir__avx2_set1_f64(-60.0), gir__avx2_set1_f64(710.0));
    r = gir__avx2_expreduce_f64(x, &k);
    p = gir__avx2_expm1r_f64(r);
    s = gir__avx2_ldexp_f64(one, gir__avx2_min_f64(k, kmax));
    lo = gir__avx2_fma_f64(s, p, gir__avx2_sub_f64(s, one));
    hi = gir__avx2_sub_f64(gir__avx2_ldexp_f64(gir__avx2_add_f64(p, one), k), one);
    return gir__avx2_copysign_f64(gir__avx2_select_f64(gir__avx2_gt_f64(k, kmax), hi, lo), x);
}

/* log1p(f) for f in [sqrt(1/2) - 1, sqrt(2) - 1] */
GIR__AVX2_FN gir__avx2_vf64 gir__avx2_log1pr_f64(gir__avx2_vf64 f) {
    /* log(1 + f) = 2 atanh(s) = 2s + s z T(z), s = f / (2 + f), z = s^2, written as f - (f^2/2 - s (f^2/2 + z T))
       so that the rounding of s only touches a small correction */
    gir__avx2_vf64 s = gir__avx2_div_f64(f, gir__avx2_add_f64(f, gir__avx2_set1_f64(2.0))), z = gir__avx2_mul_f64(s, s);
    gir__avx2_vf64 h = gir__avx2_mul_f64(gir__avx2_set1_f64(0.5), gir__avx2_mul_f64(f, f));
    gir__avx2_vf64 t = gir__avx2_set1_f64(1.47977666049350004e-01);
    t = gir__avx2_fma_f64(t, z, gir__avx2_set1_f64(1.53138787496209766e-01));
    t = gir__avx2_fma_f64(t, z, gir__avx2_set1_f64(1.81835706408768005e-01));
    t = gir__avx2_fma_f64(t, z, gir__avx2_set1_f64(2.22221984597927052e-01));
    t = gir__avx2_fma_f64(t, z, gir__avx2_set1_f64(2.85714287434086334e-01));
    t = gir__avx2_fma_f64(t, z, gir__avx2_set1_f64(3.99999999994104960e-01));
    t = gir__avx2_fma_f64(t, z, gir__avx2_set1_f64(6.66666666666673513e-01));
    t = gir__avx2_mul_f64(z, t);
    return gir__avx2_sub_f64(f, gir__avx2_fnma_f64(s, gir__avx2_add_f64(h, t), h));
}
/* finite x > 0 as 2^e (1 + f) with f in [sqrt(1/2) - 1, sqrt(2) - 1]; f is exact */
GIR__AVX2_FN gir__avx2_vf64 gir__avx2_logsplit_f64(gir__avx2_vf64 x, gir__avx2_vf64 *e) {
    gir__avx2_vf64 one = gir__avx2_set1_f64(1), m = gir__avx2_mant_f64(x), b = gir__avx2_logb_f64(x);
    gir__avx2_mf64 up = gir__avx2_gt_f64(m, gir__avx2_set1_f64(1.4142135623730951));
    *e = gir__avx2_select_f64(up, gir__avx2_add_f64(b, one), b);
    return gir__avx2_sub_f64(gir__avx2_select_f64(up, gir__avx2_mul_f64(m, gir__avx2_set1_f64(0.5)), m), one);
}
/* where x is not finite and positive: log(+-0) = -inf, log(x < 0) = NaN, log(inf) = inf, log(NaN) = NaN */
GIR__AVX2_FN gir__avx2_vf64 gir__avx2_logspecial_f64(gir__avx2_vf64 x, gir__avx2_vf64 res) {
    gir__avx2_vf64 zero = gir__avx2_set1_f64(0), inf = gir__avx2_set1_f64(HUGE_VAL);
    gir__avx2_mf64 ok = gir__avx2_mand_f64(gir__avx2_gt_f64(x, zero), gir__avx2_lt_f64(x, inf));
    gir__avx2_vf64 sp = gir__avx2_select_f64(gir__avx2_lt_f64(x, zero), gir__avx2_set1_f64(NAN), x);
    sp = gir__avx2_select_f64(gir__avx2_eq_f64(x, zero), gir__avx2_neg_f64(inf), sp);
    return gir__avx2_select_f64(ok, res, sp);
}
/* e ln2 + log1p(f), ln2 in two parts */
GIR__AVX2_FN gir__avx2_vf64 gir__avx2_logjoin_f64(gir__avx2_vf64 e, gir__avx2_vf64 l) {
    gir__avx2_vf64 lo = gir__avx2_fma_f64(e, gir__avx2_set1_f64(1.9082149292705877e-10), l);
    return gir__avx2_fma_f64(e, gir__avx2_set1_f64(0.6931471803691238), lo);
}
GIR__AVX2_FN gir__avx2_vf64 gir__avx2_log_f64(gir__avx2_vf64 x) {
    gir__avx2_vf64 e, f = gir__avx2_logsplit_f64(x, &e);
    return gir__avx2_logspecial_f64(x, gir__avx2_logjoin_f64(e, gir__avx2_log1pr_f64(f)));
}
GIR__AVX2_FN gir__avx2_vf64 gir__avx2_log2_f64(gir__avx2_vf64 x) {
    gir__avx2_vf64 e, f = gir__avx2_logsplit_f64(x, &e);
    gir__avx2_vf64 l = gir__avx2_log1pr_f64(f);
    return gir__avx2_logspecial_f64(x, gir__avx2_fma_f64(l, gir__avx2_set1_f64(1.4426950408889634), e));
}
/* log1p(x) = log(u) for u = 1 + x rounded, corrected by the rounding error c = x - (u - 1): with u = 2^e (1 + f),
   log1p(x) = e ln2 + log1p(f + c 2^-e). The result has x's sign, which keeps log1p(-0) = -0. */
GIR__AVX2_FN gir__avx2_vf64 gir__avx2_log1p_f64(gir__avx2_vf64 x) {
    gir__avx2_vf64 one = gir__avx2_set1_f64(1), u = gir__avx2_add_f64(x, one), e, f, c;
    f = gir__avx2_logsplit_f64(u, &e);
    c = gir__avx2_sub_f64(x, gir__avx2_sub_f64(u, one));
    f = gir__avx2_add_f64(f, gir__avx2_ldexp_f64(c, gir__avx2_neg_f64(e)));
    return gir__avx2_logspecial_f64(u, gir__avx2_copysign_f64(gir__avx2_logjoin_f64(e, gir__avx2_log1pr_f64(f)), x));
}

/* tanh: |x| < 0.625: x + x^3 P(x^2); beyond, 1 - 2 / (exp(2|x|) + 1) with |x| limited to where tanh rounds
   to 1 (so exp stays finite); the sign of x last, which keeps tanh(-0) = -0 */
GIR__AVX2_FN gir__avx2_vf64 gir__avx2_tanh_f64(gir__avx2_vf64 x) {
    gir__avx2_vf64 one = gir__avx2_set1_f64(1), a = gir__avx2_abs_f64(x), a2 = gir__avx2_mul_f64(a, a), near0, far, e;
    gir__avx2_vf64 p = gir__avx2_set1_f64(6.04246861307320453e-06);
    p = gir__avx2_fma_f64(p, a2, gir__avx2_set1_f64(-3.01872210362896549e-05));
    p = gir__avx2_fma_f64(p, a2, gir__avx2_set1_f64(9.15584121588349138e-05));
    p = gir__avx2_fma_f64(p, a2, gir__avx2_set1_f64(-2.37011730291413793e-04));
    p = gir__avx2_fma_f64(p, a2, gir__avx2_set1_f64(5.89451798978704762e-04));
    p = gir__avx2_fma_f64(p, a2, gir__avx2_set1_f64(-1.45572594808043463e-03));
    p = gir__avx2_fma_f64(p, a2, gir__avx2_set1_f64(3.59211399988257742e-03));
    p = gir__avx2_fma_f64(p, a2, gir__avx2_set1_f64(-8.86323431258025443e-03));
    p = gir__avx2_fma_f64(p, a2, gir__avx2_set1_f64(2.18694884687156074e-02));
    p = gir__avx2_fma_f64(p, a2, gir__avx2_set1_f64(-5.39682539660589142e-02));
    p = gir__avx2_fma_f64(p, a2, gir__avx2_set1_f64(1.33333333333297416e-01));
    p = gir__avx2_fma_f64(p, a2, gir__avx2_set1_f64(-3.33333333333333148e-01));
    gir__avx2_mf64 m = gir__avx2_lt_f64(a, gir__avx2_set1_f64(0.625));
    near0 = gir__avx2_fma_f64(gir__avx2_mul_f64(a, a2), p, a);
    if (!gir__avx2_any_f64(gir__avx2_mnot_f64(m))) return gir__avx2_copysign_f64(near0, x);       /* all lanes near 0 */
    e = gir__avx2_clamp_f64(a, gir__avx2_set1_f64(0), gir__avx2_set1_f64(20.0));
    e = gir__avx2_exp_f64(gir__avx2_add_f64(e, e));
    far = gir__avx2_fnma_f64(gir__avx2_set1_f64(2), gir__avx2_recip_f64(gir__avx2_add_f64(e, one)), one);
    return gir__avx2_copysign_f64(gir__avx2_select_f64(m, near0, far), x);
}
/* sigmoid(x) = 1 / (1 + exp(-x)) for x >= 0, exp(x) / (1 + exp(x)) below: exp never overflows, and very
   negative x keep their subnormal results */
GIR__AVX2_FN gir__avx2_vf64 gir__avx2_sigmoid_f64(gir__avx2_vf64 x) {
    gir__avx2_vf64 one = gir__avx2_set1_f64(1), e = gir__avx2_exp_f64(gir__avx2_neg_f64(gir__avx2_abs_f64(x)));
    return gir__avx2_div_f64(gir__avx2_select_f64(gir__avx2_lt_f64(x, gir__avx2_set1_f64(0)), e, one), gir__avx2_add_f64(one, e));
}
/* erf: |x| < 1: x + x E1(x^2); beyond, 1 - exp(-x^2) R(1/|x| - t0) with R ~ erfc(x) exp(x^2), |x| limited to where
   erf rounds to 1; the sign of x last */
GIR__AVX2_FN gir__avx2_vf64 gir__avx2_erf_f64(gir__avx2_vf64 x) {
    gir__avx2_vf64 one = gir__avx2_set1_f64(1), a = gir__avx2_abs_f64(x), a2 = gir__avx2_mul_f64(a, a), near0, t, u, r;
    gir__avx2_vf64 p = gir__avx2_set1_f64(-7.77946696398075802e-10);
    p = gir__avx2_fma_f64(p, a2, gir__avx2_set1_f64(1.37109795225038121e-08));
    p = gir__avx2_fma_f64(p, a2, gir__avx2_set1_f64(-1.62063135401739151e-07));
    p = gir__avx2_fma_f64(p, a2, gir__avx2_set1_f64(1.64471315402976936e-06));
    p = gir__avx2_fma_f64(p, a2, gir__avx2_set1_f64(-1.49247122992561295e-05));
    p = gir__avx2_fma_f64(p, a2, gir__avx2_set1_f64(1.20552935767416700e-04));
    p = gir__avx2_fma_f64(p, a2, gir__avx2_set1_f64(-8.54832592930851475e-04));
    p = gir__avx2_fma_f64(p, a2, gir__avx2_set1_f64(5.22397760611833031e-03));
    p = gir__avx2_fma_f64(p, a2, gir__avx2_set1_f64(-2.68661706431114478e-02));
    p = gir__avx2_fma_f64(p, a2, gir__avx2_set1_f64(1.12837916709441849e-01));
    p = gir__avx2_fma_f64(p, a2, gir__avx2_set1_f64(-3.76126389031835207e-01));
    p = gir__avx2_fma_f64(p, a2, gir__avx2_set1_f64(1.28379167095512559e-01));
    gir__avx2_mf64 m = gir__avx2_lt_f64(a, one);
    near0 = gir__avx2_fma_f64(a, p, a);
    if (!gir__avx2_any_f64(gir__avx2_mnot_f64(m))) return gir__avx2_copysign_f64(near0, x);       /* all lanes below 1 */
    a = gir__avx2_clamp_f64(a, one, gir__avx2_set1_f64(6.0));
    t = gir__avx2_recip_f64(a);
    {
        gir__avx2_vf64 v = gir__avx2_sub_f64(t, gir__avx2_set1_f64(0.3333333333333333)), r1, r2;
        u = gir__avx2_sub_f64(t, gir__avx2_set1_f64(0.75));
        r1 = gir__avx2_set1_f64(3.33790611928581362e-04);
        r1 = gir__avx2_fma_f64(r1, u, gir__avx2_set1_f64(-3.07677555349851993e-03));
        r1 = gir__avx2_fma_f64(r1, u, gir__avx2_set1_f64(5.94497242771328122e-03));
        r1 = gir__avx2_fma_f64(r1, u, gir__avx2_set1_f64(-7.40590647290151078e-03));
        r1 = gir__avx2_fma_f64(r1, u, gir__avx2_set1_f64(7.08160006110431471e-03));
        r1 = gir__avx2_fma_f64(r1, u, gir__avx2_set1_f64(-4.39623951571823431e-03));
        r1 = gir__avx2_fma_f64(r1, u, gir__avx2_set1_f64(-1.04179807214768065e-03));
        r1 = gir__avx2_fma_f64(r1, u, gir__avx2_set1_f64(8.90743239860404892e-03));
        r1 = gir__avx2_fma_f64(r1, u, gir__avx2_set1_f64(-1.76963255791780169e-02));
        r1 = gir__avx2_fma_f64(r1, u, gir__avx2_set1_f64(2.41010175418103177e-02));
        r1 = gir__avx2_fma_f64(r1, u, gir__avx2_set1_f64(-2.21991953007243947e-02));
        r1 = gir__avx2_fma_f64(r1, u, gir__avx2_set1_f64(2.44389829723768706e-03));
        r1 = gir__avx2_fma_f64(r1, u, gir__avx2_set1_f64(4.95677724359199559e-02));
        r1 = gir__avx2_fma_f64(r1, u, gir__avx2_set1_f64(-1.54570073313942097e-01));
        r1 = gir__avx2_fma_f64(r1, u, gir__avx2_set1_f64(3.41368858699433786e-01));
        r1 = gir__avx2_fma_f64(r1, u, gir__avx2_set1_f64(3.51134694028905292e-01));
        r2 = gir__avx2_set1_f64(2.80559424893266396e+00);
        r2 = gir__avx2_fma_f64(r2, v, gir__avx2_set1_f64(-1.26014283993188836e+00));
        r2 = gir__avx2_fma_f64(r2, v, gir__avx2_set1_f64(-5.92617435300840989e-01));
        r2 = gir__avx2_fma_f64(r2, v, gir__avx2_set1_f64(9.92844723780985428e-01));
        r2 = gir__avx2_fma_f64(r2, v, gir__avx2_set1_f64(-6.53794259561449653e-01));
        r2 = gir__avx2_fma_f64(r2, v, gir__avx2_set1_f64(1.63463153604917588e-01));
        r2 = gir__avx2_fma_f64(r2, v, gir__avx2_set1_f64(1.79973325538932305e-01));
        r2 = gir__avx2_fma_f64(r2, v, gir__avx2_set1_f64(-2.78473629219136209e-01));
        r2 = gir__avx2_fma_f64(r2, v, gir__avx2_set1_f64(1.81075835636815646e-01));
        r2 = gir__avx2_fma_f64(r2, v, gir__avx2_set1_f64(-4.65770198513882315e-03));
        r2 = gir__avx2_fma_f64(r2, v, gir__avx2_set1_f64(-1.34841283763333958e-01));
        r2 = gir__avx2_fma_f64(r2, v, gir__avx2_set1_f64(1.61472856046137841e-01));
        r2 = gir__avx2_fma_f64(r2, v, gir__avx2_set1_f64(-5.01461107299590245e-02));
        r2 = gir__avx2_fma_f64(r2, v, gir__avx2_set1_f64(-1.81416956244121547e-01));
        r2 = gir__avx2_fma_f64(r2, v, gir__avx2_set1_f64(4.89350340064560574e-01));
        r2 = gir__avx2_fma_f64(r2, v, gir__avx2_set1_f64(1.79001151181389956e-01));
        r = gir__avx2_select_f64(gir__avx2_lt_f64(a, gir__avx2_set1_f64(2.0)), r1, r2);
    }
    r = gir__avx2_fnma_f64(gir__avx2_exp_f64(gir__avx2_neg_f64(gir__avx2_mul_f64(a, a))), r, one);
    return gir__avx2_copysign_f64(gir__avx2_select_f64(m, near0, r), x);
}
/* sign: 1, -1, or x itself for +-0 and NaN (as the scalar vocabulary) */
GIR__AVX2_FN gir__avx2_vf64 gir__avx2_sign_f64(gir__avx2_vf64 x) {
    gir__avx2_vf64 zero = gir__avx2_set1_f64(0), one = gir__avx2_set1_f64(1);
    return gir__avx2_select_f64(gir__avx2_gt_f64(x, zero), one, gir__avx2_select_f64(gir__avx2_lt_f64(x, zero), gir__avx2_neg_f64(one), x));
}
#endif
#if defined(GIR__HAVE_NEON)
/* >>vmath (neon, f32) instantiated from gen/vmath.tmpl.c */
/* expm1(r) for |r| <= ln2/2 (+ rounding slack): r + r^2 q(r) */
GIR__NEON_FN gir__neon_vf32 gir__neon_expm1r_f32(gir__neon_vf32 r) {
    gir__neon_vf32 q = gir__neon_set1_f32(1.388251549e-03f);
    q = gir__neon_fma_f32(q, r, gir__neon_set1_f32(8.366552182e-03f));
    q = gir__neon_fma_f32(q, r, gir__neon_set1_f32(4.166720062e-02f));
    q = gir__neon_fma_f32(q, r, gir__neon_set1_f32(1.666654348e-01f));
    q = gir__neon_fma_f32(q, r, gir__neon_set1_f32(4.999999702e-01f));
    return gir__neon_fma_f32(gir__neon_mul_f32(r, r), q, r);
}
/* x = k ln2 + r with k = round(x / ln2), |r| <= ln2/2 (Cody-Waite: ln2 in two parts, k times the first exact) */
GIR__NEON_FN gir__neon_vf32 gir__neon_expreduce_f32(gir__neon_vf32 x, gir__neon_vf32 *k) {
    gir__neon_vf32 kk = gir__neon_round_f32(gir__neon_mul_f32(x, gir__neon_set1_f32(1.4426950216293335f)));
    gir__neon_vf32 r = gir__neon_fnma_f32(kk, gir__neon_set1_f32(0.693145751953125f), x);
    *k = kk;
    return gir__neon_fnma_f32(kk, gir__neon_set1_f32(1.428606765330187e-06f), r);
}
/* exp(x) = 2^k exp(r); x is first limited to where exp is between half the smallest subnormal and twice the
   largest finite number, so inf, 0 and the subnormal results come out of the final scaling */
GIR__NEON_FN gir__neon_vf32 gir__neon_exp_f32(gir__neon_vf32 x) {
    gir__neon_vf32 k, r;
    x = gir__neon_clamp_f32(x, gir__neon_set1_f32(-104.0f), gir__neon_set1_f32(89.0f));
    r = gir__neon_expreduce_f32(x, &k);
    return gir__neon_ldexp_f32(gir__neon_add_f32(gir__neon_expm1r_f32(r), gir__neon_set1_f32(1)), k);
}
/* expm1(x) = 2^k expm1(r) + (2^k - 1): exact but for the last rounding while 2^k - 1 is exact (k <= 24, 53);
   beyond that 2^k (1 + expm1(r)) - 1. The result has x's sign, which keeps expm1(-0) = -0. */
GIR__NEON_FN gir__neon_vf32 gir__neon_expm1_f32(gir__neon_vf32 x) {
    gir__neon_vf32 one = gir__neon_set1_f32(1), kmax = gir__neon_set1_f32(24.0f), k, r, p, s, lo, hi;
    x = gir__neon_clamp_f32(x, gir__neon_set1_f32(-30.0f), gir__neon_set1_f32(89.0f));
    r = gir__neon_expreduce_f32(x, &k);
    p = gir__neon_expm1r_f32(r);
    s = gir__neon_ldexp_f32(one, gir__neon_min_f32(k, kmax));
    lo = gir__neon_fma_f32(s, p, gir__neon_sub_f32(s, one));
    hi = gir__neon_sub_f32(gir__neon_ldexp_f32(gir__neon_add_f32(p, one), k), one);
    return gir__neon_copysign_f32(gir__neon_select_f32(gir__neon_gt_f32(k, kmax), hi, lo), x);
}

/* log1p(f) for f in [sqrt(1/2) - 1, sqrt(2) - 1] */
GIR__NEON_FN gir__neon_vf32 gir__neon_log1pr_f32(gir__neon_vf32 f) {
    gir__neon_vf32 g = gir__neon_set1_f32(-7.622932643e-02f);
    g = gir__neon_fma_f32(g, f, gir__neon_set1_f32(1.290632337e-01f));
    g = gir__neon_fma_f32(g, f, gir__neon_set1_f32(-1.324347258e-01f));
    g = gir__neon_fma_f32(g, f, gir__neon_set1_f32(1.418158114e-01f));
    g = gir__neon_fma_f32(g, f, gir__neon_set1_f32(-1.660899967e-01f));
    g = gir__neon_fma_f32(g, f, gir__neon_set1_f32(2.000198364e-01f));
    g = gir__neon_fma_f32(g, f, gir__neon_set1_f32(-2.500158548e-01f));
    g = gir__neon_fma_f32(g, f, gir__neon_set1_f32(3.333332539e-01f));
    g = gir__neon_fma_f32(g, f, gir__neon_set1_f32(-4.999998808e-01f));
    return gir__neon_fma_f32(gir__neon_mul_f32(f, f), g, f);
}
/* finite x > 0 as 2^e (1 + f) with f in [sqrt(1/2) - 1, sqrt(2) - 1]; f is exact */
GIR__NEON_FN gir__neon_vf32 gir__neon_logsplit_f32(gir__neon_vf32 x, gir__neon_vf32 *e) {
    gir__neon_vf32 one = gir__neon_set1_f32(1), m = gir__neon_mant_f32(x), b = gir__neon_logb_f32(x);
    gir__neon_mf32 up = gir__neon_gt_f32(m, gir__neon_set1_f32(1.4142135381698608f));
    *e = gir__neon_select_f32(up, gir__neon_add_f32(b, one), b);
    return gir__neon_sub_f32(gir__neon_select_f32(up, gir__neon_mul_f32(m, gir__neon_set1_f32(0.5)), m), one);
}
/* where x is not finite and positive: log(+-0) = -inf, log(x < 0) = NaN, log(inf) = inf, log(NaN) = NaN */
GIR__NEON_FN gir__neon_vf32 gir__neon_logspecial_f32(gir__neon_vf32 x, gir__neon_vf32 res) {
    gir__neon_vf32 zero = gir__neon_set1_f32(0), inf = gir__neon_set1_f32(HUGE_VALF);
    gir__neon_mf32 ok = gir__neon_mand_f32(gir__neon_gt_f32(x, zero), gir__neon_lt_f32(x, inf));
    gir__neon_vf32 sp = gir__neon_select_f32(gir__neon_lt_f32(x, zero), gir__neon_set1_f32(NAN), x);
    sp = gir__neon_select_f32(gir__neon_eq_f32(x, zero), gir__neon_neg_f32(inf), sp);
    return gir__neon_select_f32(ok, res, sp);
}
/* e ln2 + log1p(f), ln2 in two parts */
GIR__NEON_FN gir__neon_vf32 gir__neon_logjoin_f32(gir__neon_vf32 e, gir__neon_vf32 l) {
    gir__neon_vf32 lo = gir__neon_fma_f32(e, gir__neon_set1_f32(1.428606765330187e-06f), l);
    return gir__neon_fma_f32(e, gir__neon_set1_f32(0.693145751953125f), lo);
}
GIR__NEON_FN gir__neon_vf32 gir__neon_log_f32(gir__neon_vf32 x) {
    gir__neon_vf32 e, f = gir__neon_logsplit_f32(x, &e);
    return gir__neon_logspecial_f32(x, gir__neon_logjoin_f32(e, gir__neon_log1pr_f32(f)));
}
GIR__NEON_FN gir__neon_vf32 gir__neon_log2_f32(gir__neon_vf32 x) {
    gir__neon_vf32 e, f = gir__neon_logsplit_f32(x, &e);
    gir__neon_vf32 l = gir__neon_log1pr_f32(f);
    return gir__neon_logspecial_f32(x, gir__neon_fma_f32(l, gir__neon_set1_f32(1.4426950216293335f), e));
}
/* log1p(x) = log(u) for u = 1 + x rounded, corrected by the rounding error c = x - (u - 1): with u = 2^e (1 + f),
   log1p(x) = e ln2 + log1p(f + c 2^-e). The result has x's sign, which keeps log1p(-0) = -0. */
GIR__NEON_FN gir__neon_vf32 gir__neon_log1p_f32(gir__neon_vf32 x) {
    gir__neon_vf32 one = gir__neon_set1_f32(1), u = gir__neon_add_f32(x, one), e, f, c;
    f = gir__neon_logsplit_f32(u, &e);
    c = gir__neon_sub_f32(x, gir__neon_sub_f32(u, one));
    f = gir__neon_add_f32(f, gir__neon_ldexp_f32(c, gir__neon_neg_f32(e)));
    return gir__neon_logspecial_f32(u, gir__neon_copysign_f32(gir__neon_logjoin_f32(e, gir__neon_log1pr_f32(f)), x));
}

/* tanh: |x| < 0.625: x + x^3 P(x^2); beyond, 1 - 2 / (exp(2|x|) + 1) with |x| limited to where tanh rounds
   to 1 (so exp stays finite); the sign of x last, which keeps tanh(-0) = -0 */
GIR__NEON_FN gir__neon_vf32 gir__neon_tanh_f32(gir__neon_vf32 x) {
    gir__neon_vf32 one = gir__neon_set1_f32(1), a = gir__neon_abs_f32(x), a2 = gir__neon_mul_f32(a, a), near0, far, e;
    gir__neon_vf32 p = gir__neon_set1_f32(-5.704986863e-03f);
    p = gir__neon_fma_f32(p, a2, gir__neon_set1_f32(2.063908800e-02f));
    p = gir__neon_fma_f32(p, a2, gir__neon_set1_f32(-5.373971537e-02f));
    p = gir__neon_fma_f32(p, a2, gir__neon_set1_f32(1.333144158e-01f));
    p = gir__neon_fma_f32(p, a2, gir__neon_set1_f32(-3.333328068e-01f));
    gir__neon_mf32 m = gir__neon_lt_f32(a, gir__neon_set1_f32(0.625));
    near0 = gir__neon_fma_f32(gir__neon_mul_f32(a, a2), p, a);
    if (!gir__neon_any_f32(gir__neon_mnot_f32(m))) return gir__neon_copysign_f32(near0, x);       /* all lanes near 0 */
    e = gir__neon_clamp_f32(a, gir__neon_set1_f32(0), gir__neon_set1_f32(9.5f));
    e = gir__neon_exp_f32(gir__neon_add_f32(e, e));
    far = gir__neon_fnma_f32(gir__neon_set1_f32(2), gir__neon_recip_f32(gir__neon_add_f32(e, one)), one);
    return gir__neon_copysign_f32(gir__neon_select_f32(m, near0, far), x);
}
/* sigmoid(x) = 1 / (1 + exp(-x)) for x >= 0, exp(x) / (1 + exp(x)) below: exp never overflows, and very
   negative x keep their subnormal results */
GIR__NEON_FN gir__neon_vf32 gir__neon_sigmoid_f32(gir__neon_vf32 x) {
    gir__neon_vf32 one = gir__neon_set1_f32(1), e = gir__neon_exp_f32(gir__neon_neg_f32(gir__neon_abs_f32(x)));
    return gir__neon_div_f32(gir__neon_select_f32(gir__neon_lt_f32(x, gir__neon_set1_f32(0)), e, one), gir__neon_add_f32(one, e));
}
/* erf: |x| < 1: x + x E1(x^2); beyond, 1 - exp(-x^2) R(1/|x| - t0) with R ~ erfc(x) exp(x^2), |x| limited to where
   erf rounds to 1; the sign of x last */
GIR__NEON_FN gir__neon_vf32 gir__neon_erf_f32(gir__neon_vf32 x) {
    gir__neon_vf32 one = gir__neon_set1_f32(1), a = gir__neon_abs_f32(x), a2 = gir__neon_mul_f32(a, a), near0, t, u, r;
    gir__neon_vf32 p = gir__neon_set1_f32(7.853860734e-05f);
    p = gir__neon_fma_f32(p, a2, gir__neon_set1_f32(-8.010193706e-04f));
    p = gir__neon_fma_f32(p, a2, gir__neon_set1_f32(5.188327748e-03f));
    p = gir__neon_fma_f32(p, a2, gir__neon_set1_f32(-2.685381286e-02f));
    p = gir__neon_fma_f32(p, a2, gir__neon_set1_f32(1.128358543e-01f));
    p = gir__neon_fma_f32(p, a2, gir__neon_set1_f32(-3.761262596e-01f));
    p = gir__neon_fma_f32(p, a2, gir__neon_set1_f32(1.283791661e-01f));
    gir__neon_mf32 m = gir__neon_lt_f32(a, one);
    near0 = gir__neon_fma_f32(a, p, a);
    if (!gir__neon_any_f32(gir__neon_mnot_f32(m))) return gir__neon_copysign_f32(near0, x);       /* all lanes below 1 */
    a = gir__neon_clamp_f32(a, one, gir__neon_set1_f32(4.0f));
    t = gir__neon_recip_f32(a);
    u = gir__neon_sub_f32(t, gir__neon_set1_f32(0.625f));
    r = gir__neon_set1_f32(-1.794482954e-02f);
    r = gir__neon_fma_f32(r, u, gir__neon_set1_f32(4.108286649e-02f));
    r = gir__neon_fma_f32(r, u, gir__neon_set1_f32(-4.714085534e-02f));
    r = gir__neon_fma_f32(r, u, gir__neon_set1_f32(2.344835363e-02f));
    r = gir__neon_fma_f32(r, u, gir__neon_set1_f32(4.375990108e-02f));
    r = gir__neon_fma_f32(r, u, gir__neon_set1_f32(-1.723958254e-01f));
    r = gir__neon_fma_f32(r, u, gir__neon_set1_f32(3.822838664e-01f));
    r = gir__neon_fma_f32(r, u, gir__neon_set1_f32(3.059529960e-01f));
    r = gir__neon_fnma_f32(gir__neon_exp_f32(gir__neon_neg_f32(gir__neon_mul_f32(a, a))), r, one);
    return gir__neon_copysign_f32(gir__neon_select_f32(m, near0, r), x);
}
/* sign: 1, -1, or x itself for +-0 and NaN (as the scalar vocabulary) */
GIR__NEON_FN gir__neon_vf32 gir__neon_sign_f32(gir__neon_vf32 x) {
    gir__neon_vf32 zero = gir__neon_set1_f32(0), one = gir__neon_set1_f32(1);
    return gir__neon_select_f32(gir__neon_gt_f32(x, zero), one, gir__neon_select_f32(gir__neon_lt_f32(x, zero), gir__neon_neg_f32(one), x));
}
/* >>vmath (neon, f64) instantiated from gen/vmath.tmpl.c */
/* expm1(r) for |r| <= ln2/2 (+ rounding slack): r + r^2 q(r) */
GIR__NEON_FN gir__neon_vf64 gir__neon_expm1r_f64(gir__neon_vf64 r) {
    gir__neon_vf64 q = gir__neon_set1_f64(2.08753291474622718e-09);
    q = gir__neon_fma_f64(q, r, gir__neon_set1_f64(2.51090332440628366e-08));
    q = gir__neon_fma_f64(q, r, gir__neon_set1_f64(2.75574028005675252e-07));
    q = gir__neon_fma_f64(q, r, gir__neon_set1_f64(2.75572442310684295e-06));
    q = gir__neon_fma_f64(q, r, gir__neon_set1_f64(2.48015871721701743e-05));
    q = gir__neon_fma_f64(q, r, gir__neon_set1_f64(1.98412698860941689e-04));
    q = gir__neon_fma_f64(q, r, gir__neon_set1_f64(1.38888888889626520e-03));
    q = gir__neon_fma_f64(q, r, gir__neon_set1_f64(8.33333333332164639e-03));
    q = gir__neon_fma_f64(q, r, gir__neon_set1_f64(4.16666666666665048e-02));
    q = gir__neon_fma_f64(q, r, gir__neon_set1_f64(1.66666666666666768e-01));
    q = gir__neon_fma_f64(q, r, gir__neon_set1_f64(5.00000000000000000e-01));
    return gir__neon_fma_f64(gir__neon_mul_f64(r, r), q, r);
}
/* x = k ln2 + r with k = round(x / ln2), |r| <= ln2/2 (Cody-Waite: ln2 in two parts, k times the first exact) */
GIR__NEON_FN gir__neon_vf64 gir__neon_expreduce_f64(gir__neon_vf64 x, gir__neon_vf64 *k) {
    gir__neon_vf64 kk = gir__neon_round_f64(gir__neon_mul_f64(x, gir__neon_set1_f64(1.4426950408889634)));
    gir__neon_vf64 r = gir__neon_fnma_f64(kk, gir__neon_set1_f64(0.6931471803691238), x);
    *k = kk;
    return gir__neon_fnma_f64(kk, gir__neon_set1_f64(1.9082149292705877e-10), r);
}
/* exp(x) = 2^k exp(r); x is first limited to where exp is between half the smallest subnormal and twice the
   largest finite number, so inf, 0 and the subnormal results come out of the final scaling */
GIR__NEON_FN gir__neon_vf64 gir__neon_exp_f64(gir__neon_vf64 x) {
    gir__neon_vf64 k, r;
    x = gir__neon_clamp_f64(x, gir__neon_set1_f64(-746.0), gir__neon_set1_f64(710.0));
    r = gir__neon_expreduce_f64(x, &k);
    return gir__neon_ldexp_f64(gir__neon_add_f64(gir__neon_expm1r_f64(r), gir__neon_set1_f64(1)), k);
}
/* expm1(x) = 2^k expm1(r) + (2^k - 1): exact but for the last rounding while 2^k - 1 is exact (k <= 24, 53);
   beyond that 2^k (1 + expm1(r)) - 1. The result has x's sign, which keeps expm1(-0) = -0. */
GIR__NEON_FN gir__neon_vf64 gir__neon_expm1_f64(gir__neon_vf64 x) {
    gir__neon_vf64 one = gir__neon_set1_f64(1), kmax = gir__neon_set1_f64(53.0), k, r, p, s, lo, hi;
    x = gir__neon_clamp_f64(x, gir__neon_set1_f64(-60.0), gir__neon_set1_f64(710.0));
    r = gir__neon_expreduce_f64(x, &k);
    p = gir__neon_expm1r_f64(r);
    s = gir__neon_ldexp_f64(one, gir__neon_min_f64(k, kmax));
    lo = gir__neon_fma_f64(s, p, gir__neon_sub_f64(s, one));
    hi = gir__neon_sub_f64(gir__neon_ldexp_f64(gir__neon_add_f64(p, one), k), one);
    return gir__neon_copysign_f64(gir__neon_select_f64(gir__neon_gt_f64(k, kmax), hi, lo), x);
}

/* log1p(f) for f in [sqrt(1/2) - 1, sqrt(2) - 1] */
GIR__NEON_FN gir__neon_vf64 gir__neon_log1pr_f64(gir__neon_vf64 f) {
    /* log(1 + f) = 2 atanh(s) = 2s + s z T(z), s = f / (2 + f), z = s^2, written as f - (f^2/2 - s (f^2/2 + z T))
       so that the rounding of s only touches a small correction */
    gir__neon_vf64 s = gir__neon_div_f64(f, gir__neon_add_f64(f, gir__neon_set1_f64(2.0))), z = gir__neon_mul_f64(s, s);
    gir__neon_vf64 h = gir__neon_mul_f64(gir__neon_set1_f64(0.5), gir__neon_mul_f64(f, f));
    gir__neon_vf64 t = gir__neon_set1_f64(1.47977666049350004e-01);
    t = gir__neon_fma_f64(t, z, gir__neon_set1_f64(1.53138787496209766e-01));
    t = gir__neon_fma_f64(t, z, gir__neon_set1_f64(1.81835706408768005e-01));
    t = gir__neon_fma_f64(t, z, gir__neon_set1_f64(2.22221984597927052e-01));
    t = gir__neon_fma_f64(t, z, gir__neon_set1_f64(2.85714287434086334e-01));
    t = gir__neon_fma_f64(t, z, gir__neon_set1_f64(3.99999999994104960e-01));
    t = gir__neon_fma_f64(t, z, gir__neon_set1_f64(6.66666666666673513e-01));
    t = gir__neon_mul_f64(z, t);
    return gir__neon_sub_f64(f, gir__neon_fnma_f64(s, gir__neon_add_f64(h, t), h));
}
/* finite x > 0 as 2^e (1 + f) with f in [sqrt(1/2) - 1, sqrt(2) - 1]; f is exact */
GIR__NEON_FN gir__neon_vf64 gir__neon_logsplit_f64(gir__neon_vf64 x, gir__neon_vf64 *e) {
    gir__neon_vf64 one = gir__neon_set1_f64(1), m = gir__neon_mant_f64(x), b = gir__neon_logb_f64(x);
    gir__neon_mf64 up = gir__neon_gt_f64(m, gir__neon_set1_f64(1.4142135623730951));
    *e = gir__neon_select_f64(up, gir__neon_add_f64(b, one), b);
    return gir__neon_sub_f64(gir__neon_select_f64(up, gir__neon_mul_f64(m, gir__neon_set1_f64(0.5)), m), one);
}
/* where x is not finite and positive: log(+-0) = -inf, log(x < 0) = NaN, log(inf) = inf, log(NaN) = NaN */
GIR__NEON_FN gir__neon_vf64 gir__neon_logspecial_f64(gir__neon_vf64 x, gir__neon_vf64 res) {
    gir__neon_vf64 zero = gir__neon_set1_f64(0), inf = gir__neon_set1_f64(HUGE_VAL);
    gir__neon_mf64 ok = gir__neon_mand_f64(gir__neon_gt_f64(x, zero), gir__neon_lt_f64(x, inf));
    gir__neon_vf64 sp = gir__neon_select_f64(gir__neon_lt_f64(x, zero), gir__neon_set1_f64(NAN), x);
    sp = gir__neon_select_f64(gir__neon_eq_f64(x, zero), gir__neon_neg_f64(inf), sp);
    return gir__neon_select_f64(ok, res, sp);
}
/* e ln2 + log1p(f), ln2 in two parts */
GIR__NEON_FN gir__neon_vf64 gir__neon_logjoin_f64(gir__neon_vf64 e, gir__neon_vf64 l) {
    gir__neon_vf64 lo = gir__neon_fma_f64(e, gir__neon_set1_f64(1.9082149292705877e-10), l);
    return gir__neon_fma_f64(e, gir__neon_set1_f64(0.6931471803691238), lo);
}
GIR__NEON_FN gir__neon_vf64 gir__neon_log_f64(gir__neon_vf64 x) {
    gir__neon_vf64 e, f = gir__neon_logsplit_f64(x, &e);
    return gir__neon_logspecial_f64(x, gir__neon_logjoin_f64(e, gir__neon_log1pr_f64(f)));
}
GIR__NEON_FN gir__neon_vf64 gir__neon_log2_f64(gir__neon_vf64 x) {
    gir__neon_vf64 e, f = gir__neon_logsplit_f64(x, &e);
    gir__neon_vf64 l = gir__neon_log1pr_f64(f);
    return gir__neon_logspecial_f64(x, gir__neon_fma_f64(l, gir__neon_set1_f64(1.4426950408889634), e));
}
/* log1p(x) = log(u) for u = 1 + x rounded, corrected by the rounding error c = x - (u - 1): with u = 2^e (1 + f),
   log1p(x) = e ln2 + log1p(f + c 2^-e). The result has x's sign, which keeps log1p(-0) = -0. */
GIR__NEON_FN gir__neon_vf64 gir__neon_log1p_f64(gir__neon_vf64 x) {
    gir__neon_vf64 one = gir__neon_set1_f64(1), u = gir__neon_add_f64(x, one), e, f, c;
    f = gir__neon_logsplit_f64(u, &e);
    c = gir__neon_sub_f64(x, gir__neon_sub_f64(u, one));
    f = gir__neon_add_f64(f, gir__neon_ldexp_f64(c, gir__neon_neg_f64(e)));
    return gir__neon_logspecial_f64(u, gir__neon_copysign_f64(gir__neon_logjoin_f64(e, gir__neon_log1pr_f64(f)), x));
}

/* tanh: |x| < 0.625: x + x^3 P(x^2); beyond, 1 - 2 / (exp(2|x|) + 1) with |x| limited to where tanh rounds
   to 1 (so exp stays finite); the sign of x last, which keeps tanh(-0) = -0 */
GIR__NEON_FN gir__neon_vf64 gir__neon_tanh_f64(gir__neon_vf64 x) {
    gir__neon_vf64 one = gir__neon_set1_f64(1), a = gir__neon_abs_f64(x), a2 = gir__neon_mul_f64(a, a), near0, far, e;
    gir__neon_vf64 p = gir__neon_set1_f64(6.04246861307320453e-06);
    p = gir__neon_fma_f64(p, a2, gir__neon_set1_f64(-3.01872210362896549e-05));
    p = gir__neon_fma_f64(p, a2, gir__neon_set1_f64(9.15584121588349138e-05));
    p = gir__neon_fma_f64(p, a2, gir__neon_set1_f64(-2.37011730291413793e-04));
    p = gir__neon_fma_f64(p, a2, gir__neon_set1_f64(5.89451798978704762e-04));
    p = gir__neon_fma_f64(p, a2, gir__neon_set1_f64(-1.45572594808043463e-03));
    p = gir__neon_fma_f64(p, a2, gir__neon_set1_f64(3.59211399988257742e-03));
    p = gir__neon_fma_f64(p, a2, gir__neon_set1_f64(-8.86323431258025443e-03));
    p = gir__neon_fma_f64(p, a2, gir__neon_set1_f64(2.18694884687156074e-02));
    p = gir__neon_fma_f64(p, a2, gir__neon_set1_f64(-5.39682539660589142e-02));
    p = gir__neon_fma_f64(p, a2, gir__neon_set1_f64(1.33333333333297416e-01));
    p = gir__neon_fma_f64(p, a2, gir__neon_set1_f64(-3.33333333333333148e-01));
    gir__neon_mf64 m = gir__neon_lt_f64(a, gir__neon_set1_f64(0.625));
    near0 = gir__neon_fma_f64(gir__neon_mul_f64(a, a2), p, a);
    if (!gir__neon_any_f64(gir__neon_mnot_f64(m))) return gir__neon_copysign_f64(near0, x);       /* all lanes near 0 */
    e = gir__neon_clamp_f64(a, gir__neon_set1_f64(0), gir__neon_set1_f64(20.0));
    e = gir__neon_exp_f64(gir__neon_add_f64(e, e));
    far = gir__neon_fnma_f64(gir__neon_set1_f64(2), gir__neon_recip_f64(gir__neon_add_f64(e, one)), one);
    return gir__neon_copysign_f64(gir__neon_select_f64(m, near0, far), x);
}
/* sigmoid(x) = 1 / (1 + exp(-x)) for x >= 0, exp(x) / (1 + exp(x)) below: exp never overflows, and very
   negative x keep their subnormal results */
GIR__NEON_FN gir__neon_vf64 gir__neon_sigmoid_f64(gir__neon_vf64 x) {
    gir__neon_vf64 one = gir__neon_set1_f64(1), e = gir__neon_exp_f64(gir__neon_neg_f64(gir__neon_abs_f64(x)));
    return gir__neon_div_f64(gir__neon_select_f64(gir__neon_lt_f64(x, gir__neon_set1_f64(0)), e, one), gir__neon_add_f64(one, e));
}
/* erf: |x| < 1: x + x E1(x^2); beyond, 1 - exp(-x^2) R(1/|x| - t0) with R ~ erfc(x) exp(x^2), |x| limited to where
   erf rounds to 1; the sign of x last */
GIR__NEON_FN gir__neon_vf64 gir__neon_erf_f64(gir__neon_vf64 x) {
    gir__neon_vf64 one = gir__neon_set1_f64(1), a = gir__neon_abs_f64(x), a2 = gir__neon_mul_f64(a, a), near0, t, u, r;
    gir__neon_vf64 p = gir__neon_set1_f64(-7.77946696398075802e-10);
    p = gir__neon_fma_f64(p, a2, gir__neon_set1_f64(1.37109795225038121e-08));
    p = gir__neon_fma_f64(p, a2, gir__neon_set1_f64(-1.62063135401739151e-07));
    p = gir__neon_fma_f64(p, a2, gir__neon_set1_f64(1.64471315402976936e-06));
    p = gir__neon_fma_f64(p, a2, gir__neon_set1_f64(-1.49247122992561295e-05));
    p = gir__neon_fma_f64(p, a2, gir__neon_set1_f64(1.20552935767416700e-04));
    p = gir__neon_fma_f64(p, a2, gir__neon_set1_f64(-8.54832592930851475e-04));
    p = gir__neon_fma_f64(p, a2, gir__neon_set1_f64(5.22397760611833031e-03));
    p = gir__neon_fma_f64(p, a2, gir__neon_set1_f64(-2.68661706431114478e-02));
    p = gir__neon_fma_f64(p, a2, gir__neon_set1_f64(1.12837916709441849e-01));
    p = gir__neon_fma_f64(p, a2, gir__neon_set1_f64(-3.76126389031835207e-01));
    p = gir__neon_fma_f64(p, a2, gir__neon_set1_f64(1.28379167095512559e-01));
    gir__neon_mf64 m = gir__neon_lt_f64(a, one);
    near0 = gir__neon_fma_f64(a, p, a);
    if (!gir__neon_any_f64(gir__neon_mnot_f64(m))) return gir__neon_copysign_f64(near0, x);       /* all lanes below 1 */
    a = gir__neon_clamp_f64(a, one, gir__neon_set1_f64(6.0));
    t = gir__neon_recip_f64(a);
    {
        gir__neon_vf64 v = gir__neon_sub_f64(t, gir__neon_set1_f64(0.3333333333333333)), r1, r2;
        u = gir__neon_sub_f64(t, gir__neon_set1_f64(0.75));
        r1 = gir__neon_set1_f64(3.33790611928581362e-04);
        r1 = gir__neon_fma_f64(r1, u, gir__neon_set1_f64(-3.07677555349851993e-03));
        r1 = gir__neon_fma_f64(r1, u, gir__neon_set1_f64(5.94497242771328122e-03));
        r1 = gir__neon_fma_f64(r1, u, gir__neon_set1_f64(-7.40590647290151078e-03));
        r1 = gir__neon_fma_f64(r1, u, gir__neon_set1_f64(7.08160006110431471e-03));
        r1 = gir__neon_fma_f64(r1, u, gir__neon_set1_f64(-4.39623951571823431e-03));
        r1 = gir__neon_fma_f64(r1, u, gir__neon_set1_f64(-1.04179807214768065e-03));
        r1 = gir__neon_fma_f64(r1, u, gir__neon_set1_f64(8.90743239860404892e-03));
        r1 = gir__neon_fma_f64(r1, u, gir__neon_set1_f64(-1.76963255791780169e-02));
        r1 = gir__neon_fma_f64(r1, u, gir__neon_set1_f64(2.41010175418103177e-02));
        r1 = gir__neon_fma_f64(r1, u, gir__neon_set1_f64(-2.21991953007243947e-02));
        r1 = gir__neon_fma_f64(r1, u, gir__neon_set1_f64(2.44389829723768706e-03));
        r1 = gir__neon_fma_f64(r1, u, gir__neon_set1_f64(4.95677724359199559e-02));
        r1 = gir__neon_fma_f64(r1, u, gir__neon_set1_f64(-1.54570073313942097e-01));
        r1 = gir__neon_fma_f64(r1, u, gir__neon_set1_f64(3.41368858699433786e-01));
        r1 = gir__neon_fma_f64(r1, u, gir__neon_set1_f64(3.51134694028905292e-01));
        r2 = gir__neon_set1_f64(2.80559424893266396e+00);
        r2 = gir__neon_fma_f64(r2, v, gir__neon_set1_f64(-1.26014283993188836e+00));
        r2 = gir__neon_fma_f64(r2, v, gir__neon_set1_f64(-5.92617435300840989e-01));
        r2 = gir__neon_fma_f64(r2, v, gir__neon_set1_f64(9.92844723780985428e-01));
        r2 = gir__neon_fma_f64(r2, v, gir__neon_set1_f64(-6.53794259561449653e-01));
        r2 = gir__neon_fma_f64(r2, v, gir__neon_set1_f64(1.63463153604917588e-01));
        r2 = gir__neon_fma_f64(r2, v, gir__neon_set1_f64(1.79973325538932305e-01));
        r2 = gir__neon_fma_f64(r2, v, gir__neon_set1_f64(-2.78473629219136209e-01));
        r2 = gir__neon_fma_f64(r2, v, gir__neon_set1_f64(1.81075835636815646e-01));
        r2 = gir__neon_fma_f64(r2, v, gir__neon_set1_f64(-4.65770198513882315e-03));
        r2 = gir__neon_fma_f64(r2, v, gir__neon_set1_f64(-1.34841283763333958e-01));
        r2 = gir__neon_fma_f64(r2, v, gir__neon_set1_f64(1.61472856046137841e-01));
        r2 = gir__neon_fma_f64(r2, v, gir__neon_set1_f64(-5.01461107299590245e-02));
        r2 = gir__neon_fma_f64(r2, v, gir__neon_set1_f64(-1.81416956244121547e-01));
        r2 = gir__neon_fma_f64(r2, v, gir__neon_set1_f64(4.89350340064560574e-01));
        r2 = gir__neon_fma_f64(r2, v, gir__neon_set1_f64(1.79001151181389956e-01));
        r = gir__neon_select_f64(gir__neon_lt_f64(a, gir__neon_set1_f64(2.0)), r1, r2);
    }
    r = gir__neon_fnma_f64(gir__neon_exp_f64(gir__neon_neg_f64(gir__neon_mul_f64(a, a))), r, one);
    return gir__neon_copysign_f64(gir__neon_select_f64(m, near0, r), x);
}
/* sign: 1, -1, or x itself for +-0 and NaN (as the scalar vocabulary) */
GIR__NEON_FN gir__neon_vf64 gir__neon_sign_f64(gir__neon_vf64 x) {
    gir__neon_vf64 zero = gir__neon_set1_f64(0), one = gir__neon_set1_f64(1);
    return gir__neon_select_f64(gir__neon_gt_f64(x, zero), one, gir__neon_select_f64(gir__neon_lt_f64(x, zero), gir__neon_neg_f64(one), x));
}
#endif
#if defined(GIR__HAVE_MVE)
/* >>vmath (mve, f32) instantiated from gen/vmath.tmpl.c */
/* expm1(r) for |r| <= ln2/2 (+ rounding slack): r + r^2 q(r) */
GIR__MVE_FN gir__mve_vf32 gir__mve_expm1r_f32(gir__mve_vf32 r) {
    gir__mve_vf32 q = gir__mve_set1_f32(1.388251549e-03f);
    q = gir__mve_fma_f32(q, r, gir__mve_set1_f32(8.366552182e-03f));
    q = gir__mve_fma_f32(q, r, gir__mve_set1_f32(4.166720062e-02f));
    q = gir__mve_fma_f32(q, r, gir__mve_set1_f32(1.666654348e-01f));
    q = gir__mve_fma_f32(q, r, gir__mve_set1_f32(4.999999702e-01f));
    return gir__mve_fma_f32(gir__mve_mul_f32(r, r), q, r);
}
/* x = k ln2 + r with k = round(x / ln2), |r| <= ln2/2 (Cody-Waite: ln2 in two parts, k times the first exact) */
GIR__MVE_FN gir__mve_vf32 gir__mve_expreduce_f32(gir__mve_vf32 x, gir__mve_vf32 *k) {
    gir__mve_vf32 kk = gir__mve_round_f32(gir__mve_mul_f32(x, gir__mve_set1_f32(1.4426950216293335f)));
    gir__mve_vf32 r = gir__mve_fnma_f32(kk, gir__mve_set1_f32(0.693145751953125f), x);
    *k = kk;
    return gir__mve_fnma_f32(kk, gir__mve_set1_f32(1.428606765330187e-06f), r);
}
/* exp(x) = 2^k exp(r); x is first limited to where exp is between half the smallest subnormal and twice the
   largest finite number, so inf, 0 and the subnormal results come out of the final scaling */
GIR__MVE_FN gir__mve_vf32 gir__mve_exp_f32(gir__mve_vf32 x) {
    gir__mve_vf32 k, r;
    x = gir__mve_clamp_f32(x, gir__mve_set1_f32(-104.0f), gir__mve_set1_f32(89.0f));
    r = gir__mve_expreduce_f32(x, &k);
    return gir__mve_ldexp_f32(gir__mve_add_f32(gir__mve_expm1r_f32(r), gir__mve_set1_f32(1)), k);
}
/* expm1(x) = 2^k expm1(r) + (2^k - 1): exact but for the last rounding while 2^k - 1 is exact (k <= 24, 53);
   beyond that 2^k (1 + expm1(r)) - 1. The result has x's sign, which keeps expm1(-0) = -0. */
GIR__MVE_FN gir__mve_vf32 gir__mve_expm1_f32(gir__mve_vf32 x) {
    gir__mve_vf32 one = gir__mve_set1_f32(1), kmax = gir__mve_set1_f32(24.0f), k, r, p, s, lo, hi;
    x = gir__mve_clamp_f32(x, gir__mve_set1_f32(-30.0f), gir__mve_set1_f32(89.0f));
    r = gir__mve_expreduce_f32(x, &k);
    p = gir__mve_expm1r_f32(r);
    s = gir__mve_ldexp_f32(one, gir__mve_min_f32(k, kmax));
    lo = gir__mve_fma_f32(s, p, gir__mve_sub_f32(s, one));
    hi = gir__mve_sub_f32(gir__mve_ldexp_f32(gir__mve_add_f32(p, one), k), one);
    return gir__mve_copysign_f32(gir__mve_select_f32(gir__mve_gt_f32(k, kmax), hi, lo), x);
}

/* log1p(f) for f in [sqrt(1/2) - 1, sqrt(2) - 1] */
GIR__MVE_FN gir__mve_vf32 gir__mve_log1pr_f32(gir__mve_vf32 f) {
    gir__mve_vf32 g = gir__mve_set1_f32(-7.622932643e-02f);
    g = gir__mve_fma_f32(g, f, gir__mve_set1_f32(1.290632337e-01f));
    g = gir__mve_fma_f32(g, f, gir__mve_set1_f32(-1.324347258e-01f));
    g = gir__mve_fma_f32(g, f, gir__mve_set1_f32(1.418158114e-01f));
    g = gir__mve_fma_f32(g, f, gir__mve_set1_f32(-1.660899967e-01f));
    g = gir__mve_fma_f32(g, f, gir__mve_set1_f32(2.000198364e-01f));
    g = gir__mve_fma_f32(g, f, gir__mve_set1_f32(-2.500158548e-01f));
    g = gir__mve_fma_f32(g, f, gir__mve_set1_f32(3.333332539e-01f));
    g = gir__mve_fma_f32(g, f, gir__mve_set1_f32(-4.999998808e-01f));
    return gir__mve_fma_f32(gir__mve_mul_f32(f, f), g, f);
}
/* finite x > 0 as 2^e (1 + f) with f in [sqrt(1/2) - 1, sqrt(2) - 1]; f is exact */
GIR__MVE_FN gir__mve_vf32 gir__mve_logsplit_f32(gir__mve_vf32 x, gir__mve_vf32 *e) {
    gir__mve_vf32 one = gir__mve_set1_f32(1), m = gir__mve_mant_f32(x), b = gir__mve_logb_f32(x);
    gir__mve_mf32 up = gir__mve_gt_f32(m, gir__mve_set1_f32(1.4142135381698608f));
    *e = gir__mve_select_f32(up, gir__mve_add_f32(b, one), b);
    return gir__mve_sub_f32(gir__mve_select_f32(up, gir__mve_mul_f32(m, gir__mve_set1_f32(0.5)), m), one);
}
/* where x is not finite and positive: log(+-0) = -inf, log(x < 0) = NaN, log(inf) = inf, log(NaN) = NaN */
GIR__MVE_FN gir__mve_vf32 gir__mve_logspecial_f32(gir__mve_vf32 x, gir__mve_vf32 res) {
    gir__mve_vf32 zero = gir__mve_set1_f32(0), inf = gir__mve_set1_f32(HUGE_VALF);
    gir__mve_mf32 ok = gir__mve_mand_f32(gir__mve_gt_f32(x, zero), gir__mve_lt_f32(x, inf));
    gir__mve_vf32 sp = gir__mve_select_f32(gir__mve_lt_f32(x, zero), gir__mve_set1_f32(NAN), x);
    sp = gir__mve_select_f32(gir__mve_eq_f32(x, zero), gir__mve_neg_f32(inf), sp);
    return gir__mve_select_f32(ok, res, sp);
}
/* e ln2 + log1p(f), ln2 in two parts */
GIR__MVE_FN gir__mve_vf32 gir__mve_logjoin_f32(gir__mve_vf32 e, gir__mve_vf32 l) {
    gir__mve_vf32 lo = gir__mve_fma_f32(e, gir__mve_set1_f32(1.428606765330187e-06f), l);
    return gir__mve_fma_f32(e, gir__mve_set1_f32(0.693145751953125f), lo);
}
GIR__MVE_FN gir__mve_vf32 gir__mve_log_f32(gir__mve_vf32 x) {
    gir__mve_vf32 e, f = gir__mve_logsplit_f32(x, &e);
    return gir__mve_logspecial_f32(x, gir__mve_logjoin_f32(e, gir__mve_log1pr_f32(f)));
}
GIR__MVE_FN gir__mve_vf32 gir__mve_log2_f32(gir__mve_vf32 x) {
    gir__mve_vf32 e, f = gir__mve_logsplit_f32(x, &e);
    gir__mve_vf32 l = gir__mve_log1pr_f32(f);
    return gir__mve_logspecial_f32(x, gir__mve_fma_f32(l, gir__mve_set1_f32(1.4426950216293335f), e));
}
/* log1p(x) = log(u) for u = 1 + x rounded, corrected by the rounding error c = x - (u - 1): with u = 2^e (1 + f),
   log1p(x) = e ln2 + log1p(f + c 2^-e). The result has x's sign, which keeps log1p(-0) = -0. */
GIR__MVE_FN gir__mve_vf32 gir__mve_log1p_f32(gir__mve_vf32 x) {
    gir__mve_vf32 one = gir__mve_set1_f32(1), u = gir__mve_add_f32(x, one), e, f, c;
    f = gir__mve_logsplit_f32(u, &e);
    c = gir__mve_sub_f32(x, gir__mve_sub_f32(u, one));
    f = gir__mve_add_f32(f, gir__mve_ldexp_f32(c, gir__mve_neg_f32(e)));
    return gir__mve_logspecial_f32(u, gir__mve_copysign_f32(gir__mve_logjoin_f32(e, gir__mve_log1pr_f32(f)), x));
}

/* tanh: |x| < 0.625: x + x^3 P(x^2); beyond, 1 - 2 / (exp(2|x|) + 1) with |x| limited to where tanh rounds
   to 1 (so exp stays finite); the sign of x last, which keeps tanh(-0) = -0 */
GIR__MVE_FN gir__mve_vf32 gir__mve_tanh_f32(gir__mve_vf32 x) {
    gir__mve_vf32 one = gir__mve_set1_f32(1), a = gir__mve_abs_f32(x), a2 = gir__mve_mul_f32(a, a), near0, far, e;
    gir__mve_vf32 p = gir__mve_set1_f32(-5.704986863e-03f);
    p = gir__mve_fma_f32(p, a2, gir__mve_set1_f32(2.063908800e-02f));
    p = gir__mve_fma_f32(p, a2, gir__mve_set1_f32(-5.373971537e-02f));
    p = gir__mve_fma_f32(p, a2, gir__mve_set1_f32(1.333144158e-01f));
    p = gir__mve_fma_f32(p, a2, gir__mve_set1_f32(-3.333328068e-01f));
    gir__mve_mf32 m = gir__mve_lt_f32(a, gir__mve_set1_f32(0.625));
    near0 = gir__mve_fma_f32(gir__mve_mul_f32(a, a2), p, a);
    if (!gir__mve_any_f32(gir__mve_mnot_f32(m))) return gir__mve_copysign_f32(near0, x);       /* all lanes near 0 */
    e = gir__mve_clamp_f32(a, gir__mve_set1_f32(0), gir__mve_set1_f32(9.5f));
    e = gir__mve_exp_f32(gir__mve_add_f32(e, e));
    far = gir__mve_fnma_f32(gir__mve_set1_f32(2), gir__mve_recip_f32(gir__mve_add_f32(e, one)), one);
    return gir__mve_copysign_f32(gir__mve_select_f32(m, near0, far), x);
}
/* sigmoid(x) = 1 / (1 + exp(-x)) for x >= 0, exp(x) / (1 + exp(x)) below: exp never overflows, and very
   negative x keep their subnormal results */
GIR__MVE_FN gir__mve_vf32 gir__mve_sigmoid_f32(gir__mve_vf32 x) {
    gir__mve_vf32 one = gir__mve_set1_f32(1), e = gir__mve_exp_f32(gir__mve_neg_f32(gir__mve_abs_f32(x)));
    return gir__mve_div_f32(gir__mve_select_f32(gir__mve_lt_f32(x, gir__mve_set1_f32(0)), e, one), gir__mve_add_f32(one, e));
}
/* erf: |x| < 1: x + x E1(x^2); beyond, 1 - exp(-x^2) R(1/|x| - t0) with R ~ erfc(x) exp(x^2), |x| limited to where
   erf rounds to 1; the sign of x last */
GIR__MVE_FN gir__mve_vf32 gir__mve_erf_f32(gir__mve_vf32 x) {
    gir__mve_vf32 one = gir__mve_set1_f32(1), a = gir__mve_abs_f32(x), a2 = gir__mve_mul_f32(a, a), near0, t, u, r;
    gir__mve_vf32 p = gir__mve_set1_f32(7.853860734e-05f);
    p = gir__mve_fma_f32(p, a2, gir__mve_set1_f32(-8.010193706e-04f));
    p = gir__mve_fma_f32(p, a2, gir__mve_set1_f32(5.188327748e-03f));
    p = gir__mve_fma_f32(p, a2, gir__mve_set1_f32(-2.685381286e-02f));
    p = gir__mve_fma_f32(p, a2, gir__mve_set1_f32(1.128358543e-01f));
    p = gir__mve_fma_f32(p, a2, gir__mve_set1_f32(-3.761262596e-01f));
    p = gir__mve_fma_f32(p, a2, gir__mve_set1_f32(1.283791661e-01f));
    gir__mve_mf32 m = gir__mve_lt_f32(a, one);
    near0 = gir__mve_fma_f32(a, p, a);
    if (!gir__mve_any_f32(gir__mve_mnot_f32(m))) return gir__mve_copysign_f32(near0, x);       /* all lanes below 1 */
    a = gir__mve_clamp_f32(a, one, gir__mve_set1_f32(4.0f));
    t = gir__mve_recip_f32(a);
    u = gir__mve_sub_f32(t, gir__mve_set1_f32(0.625f));
    r = gir__mve_set1_f32(-1.794482954e-02f);
    r = gir__mve_fma_f32(r, u, gir__mve_set1_f32(4.108286649e-02f));
    r = gir__mve_fma_f32(r, u, gir__mve_set1_f32(-4.714085534e-02f));
    r = gir__mve_fma_f32(r, u, gir__mve_set1_f32(2.344835363e-02f));
    r = gir__mve_fma_f32(r, u, gir__mve_set1_f32(4.375990108e-02f));
    r = gir__mve_fma_f32(r, u, gir__mve_set1_f32(-1.723958254e-01f));
    r = gir__mve_fma_f32(r, u, gir__mve_set1_f32(3.822838664e-01f));
    r = gir__mve_fma_f32(r, u, gir__mve_set1_f32(3.059529960e-01f));
    r = gir__mve_fnma_f32(gir__mve_exp_f32(gir__mve_neg_f32(gir__mve_mul_f32(a, a))), r, one);
    return gir__mve_copysign_f32(gir__mve_select_f32(m, near0, r), x);
}
/* sign: 1, -1, or x itself for +-0 and NaN (as the scalar vocabulary) */
GIR__MVE_FN gir__mve_vf32 gir__mve_sign_f32(gir__mve_vf32 x) {
    gir__mve_vf32 zero = gir__mve_set1_f32(0), one = gir__mve_set1_f32(1);
    return gir__mve_select_f32(gir__mve_gt_f32(x, zero), one, gir__mve_select_f32(gir__mve_lt_f32(x, zero), gir__mve_neg_f32(one), x));
}
#endif

/* >>handles: a node handle carries the tag of the graph that made it ------------------------------------------
   Every graph gets a nonzero tag that differs from the tags of the graphs made before it by this copy of the
   implementation (the next 2^32 - 2 graphs, whatever their addresses: a graph allocated where a freed one was
   gets a new tag, so the old graph's handles are refused). The tag is a counter, started at a point taken from
   the counter's own address (so that copies of the implementation under GIR_STATIC start at different points)
   and scrambled by a bijection, so tags of consecutive graphs differ in many bits. Every handle the library
   makes comes from gir__handle; every handle it is given is sorted by gir__handle_kind. */
static uint32_t gir__tag_counter;

static uint32_t gir__mix32(uint32_t x) {      /* a bijection of the 32-bit integers (xorshift-multiply) */
    x ^= x >> 16;
    x *= 0x7feb352dU;
    x ^= x >> 15;
    x *= 0x846ca68bU;
    x ^= x >> 16;
    return x;
}
static uint32_t gir__new_tag(void) {
    uint32_t base = gir__mix32((uint32_t)(uintptr_t)&gir__tag_counter), t;
    do {
#if (defined(__GNUC__) || defined(__clang__)) && !defined(__TINYC__)
        t = __atomic_add_fetch(&gir__tag_counter, 1u, __ATOMIC_RELAXED);   /* graphs made by several threads */
#else
        t = ++gir__tag_counter;
#endif
        t = gir__mix32(t + base);
    } while (!t);
    return t;
}

/* the handle of node id of g; id 0 (or no graph) gives the invalid handle {0, 0} */
static gir_node gir__handle(const gir_graph *g, uint32_t id) {
    gir_node h;
    h.id = g ? id : 0;
    h.tag = (g && id) ? g->tag : 0;
    return h;
}

enum { GIR__H_NONE, GIR__H_OWN, GIR__H_FOREIGN, GIR__H_UNTAGGED, GIR__H_RANGE };
/* GIR__H_NONE: id 0, the invalid handle (a failed builder's result); GIR__H_OWN: a node of g; the rest are
   errors: another graph's handle, a handle no graph made (tag 0), an id beyond g's nodes */
static int gir__handle_kind(const gir_graph *g, gir_node h) {
    if (!h.id) return GIR__H_NONE;
    if (!h.tag) return GIR__H_UNTAGGED;
    if (!g || h.tag != g->tag) return GIR__H_FOREIGN;
    return h.id < g->nnodes ? GIR__H_OWN : GIR__H_RANGE;
}
/* the end of a message "<what> (id N) ..." for an error kind */
static const char *gir__handle_why(int kind) {
    switch (kind) {
    case GIR__H_NONE: return "is the invalid handle (an earlier builder failed)";
    case GIR__H_FOREIGN: return "belongs to another graph";
    case GIR__H_UNTAGGED: return "was not made by any graph (tag 0)";
    default: return "is not a node of this graph";
    }
}

/* >>graph: nodes, the generic builder, dtype and shape rules -------------------------------------------- */
#include <stdarg.h>

/* generated from ops.def: the op table at run time */
static gir_status gir__sh_arange(gir__bctx *b);
static gir_status gir__sh_argreduce(gir__bctx *b);
static gir_status gir__sh_broadcast_to(gir__bctx *b);
static gir_status gir__sh_concat(gir__bctx *b);
static gir_status gir__sh_conv2d(gir__bctx *b);
static gir_status gir__sh_conv2d_bwd_data(gir__bctx *b);
static gir_status gir__sh_conv2d_bwd_filter(gir__bctx *b);
static gir_status gir__sh_det(gir__bctx *b);
static gir_status gir__sh_diag(gir__bctx *b);
static gir_status gir__sh_diagonal(gir__bctx *b);
static gir_status gir__sh_dot(gir__bctx *b);
static gir_status gir__sh_dropout(gir__bctx *b);
static gir_status gir__sh_eye(gir__bctx *b);
static gir_status gir__sh_gather(gir__bctx *b);
static gir_status gir__sh_index_add(gir__bctx *b);
static gir_status gir__sh_index_select(gir__bctx *b);
static gir_status gir__sh_matmul(gir__bctx *b);
static gir_status gir__sh_matrix(gir__bctx *b);
static gir_status gir__sh_mse(gir__bctx *b);
static gir_status gir__sh_one_hot(gir__bctx *b);
static gir_status gir__sh_outer(gir__bctx *b);
static gir_status gir__sh_pad(gir__bctx *b);
static gir_status gir__sh_pool2d(gir__bctx *b);
static gir_status gir__sh_pool2d_bwd(gir__bctx *b);
static gir_status gir__sh_pool2d_bwd_avg(gir__bctx *b);
static gir_status gir__sh_reshape(gir__bctx *b);
static gir_status gir__sh_scatter_add(gir__bctx *b);
static gir_status gir__sh_slice(gir__bctx *b);
static gir_status gir__sh_square(gir__bctx *b);
static gir_status gir__sh_trace(gir__bctx *b);
static gir_status gir__sh_transpose(gir__bctx *b);
static gir_status gir__sh_trisolve(gir__bctx *b);
static gir_status gir__sh_unslice(gir__bctx *b);
static gir_status gir__sh_where(gir__bctx *b);
static gir_status gir__sh_xent(gir__bctx *b);
static gir_status gir__sh_xent_prob(gir__bctx *b);
static const char *const gir__in_names[152] = {"a", "a", "b", "a", "b", "a", "b", "a", "b", "a", "b", "a", "b", "a", "b", "a", "b", "a", "b", "a", "b", "a", "a", "a", "a", "b", "a", "b", "a", "b", "a", "b", "a", "a", "b", "a", "b", "a", "b", "a", "b", "a", "b", "xs", "a", "a", "a", "a", "a", "a", "a", "a", "a", "a", "a", "a", "a", "a", "a", "a", "a", "a", "a", "a", "a", "a", "a", "a", "a", "a", "a", "a", "a", "a", "a", "a", "x", "x", "x", "x", "x", "x", "x", "x", "x", "x", "x", "x", "x", "x", "x", "x", "xs", "x", "x", "x", "index", "x", "index", "index", "cond", "a", "b", "x", "x", "x", "x", "x", "x", "a", "b", "a", "b", "a", "b", "x", "x", "x", "x", "x", "a", "b", "x", "x", "logits", "labels", "logits", "probs", "x", "t", "a", "b", "x", "w", "gy", "w", "x", "gy", "x", "gy", "x", "x", "gy", "x", "x", "index", "x", "index", "src", "a", "b", "a"};
static const gir__opinfo gir__ops[GIR_OP__COUNT] = {
    {"invalid", 0, 0, 0, 0u, 0, 0, 0, 0, 0, 0, -1, -1, "", "", 0},
    {"input", 0, 0, 0, 0u, GIR__DT_ATTR, GIR__SH_ATTR_SHAPE, 0, 0, GIR_GROUP_CORE, 0, -1, -1, "dtype:dtype,shape:shape", "no inputs: data is bound at run time", 0},
    {"variable", 0, 0, 0, 0u, GIR__DT_ATTR, GIR__SH_ATTR_SHAPE, 0, 0, GIR_GROUP_CORE, 0, -1, -1, "dtype:dtype,shape:shape,data:init", "no inputs: holds trainable data", 0},
    {"constant", 0, 0, 0, 0u, GIR__DT_ATTR, GIR__SH_ATTR_SHAPE, 0, 0, GIR_GROUP_CORE, 0, -1, -1, "dtype:dtype,shape:shape,data:values", "no inputs", 0},
    {"fill", 0, 0, 0, 0u, GIR__DT_ATTR, GIR__SH_ATTR_SHAPE, 0, 0, GIR_GROUP_CORE, 0, -1, -1, "dtype:dtype,shape:shape,f:value", "no inputs", 0},
    {"eye", 0, 0, 0, 0u, GIR__DT_ATTR, GIR__SH_FN, gir__sh_eye, 0, GIR_GROUP_CORE, 0, -1, -1, "dtype:dtype,i:n,i:m,i:k", "no inputs", 0},
    {"arange", 0, 0, 0, 0u, GIR__DT_ATTR, GIR__SH_FN, gir__sh_arange, 0, GIR_GROUP_CORE, 0, -1, -1, "dtype:dtype,f:start,f:stop,f:step", "no inputs", 0},
    {"rand_uniform", 0, 0, 0, 0u, GIR__DT_ATTR, GIR__SH_ATTR_SHAPE, 0, GIR__F_RNG, GIR_GROUP_RANDOM, 0, -1, -1, "dtype:dtype,shape:shape,f:lo,f:hi,seed:seed", "no inputs", 0},
    {"rand_normal", 0, 0, 0, 0u, GIR__DT_ATTR, GIR__SH_ATTR_SHAPE, 0, GIR__F_RNG, GIR_GROUP_RANDOM, 0, -1, -1, "dtype:dtype,shape:shape,f:mean,f:std,seed:seed", "no inputs", 0},
    {"not", 1, 0, 0, 0u, GIR__DT_LOGIC, GIR__SH_SAME, 0, 0, GIR_GROUP_LOGIC, 0, -1, -1, "", "logical", 0},
    {"and", 2, 0, 0, 0u, GIR__DT_LOGIC, GIR__SH_BCAST, 0, GIR__F_COMM, GIR_GROUP_LOGIC, 0, -1, -1, "", "logical", 1},
    {"or", 2, 0, 0, 0u, GIR__DT_LOGIC, GIR__SH_BCAST, 0, GIR__F_COMM, GIR_GROUP_LOGIC, 0, -1, -1, "", "logical", 3},
    {"xor", 2, 0, 0, 0u, GIR__DT_LOGIC, GIR__SH_BCAST, 0, GIR__F_COMM, GIR_GROUP_LOGIC, 0, -1, -1, "", "logical", 5},
    {"gt", 2, 0, 0, 0u, GIR__DT_CMP, GIR__SH_BCAST, 0, 0, GIR_GROUP_LOGIC, 0, -1, -1, "", "logical", 7},
    {"ge", 2, 0, 0, 0u, GIR__DT_CMP, GIR__SH_BCAST, 0, 0, GIR_GROUP_LOGIC, 0, -1, -1, "", "logical", 9},
    {"lt", 2, 0, 0, 0u, GIR__DT_CMP, GIR__SH_BCAST, 0, 0, GIR_GROUP_LOGIC, 0, -1, -1, "", "logical", 11},
    {"le", 2, 0, 0, 0u, GIR__DT_CMP, GIR__SH_BCAST, 0, 0, GIR_GROUP_LOGIC, 0, -1, -1, "", "logical", 13},
    {"eq", 2, 0, 0, 0u, GIR__DT_CMP, GIR__SH_BCAST, 0, GIR__F_COMM, GIR_GROUP_LOGIC, 0, -1, -1, "", "logical", 15},
    {"ne", 2, 0, 0, 0u, GIR__DT_CMP, GIR__SH_BCAST, 0, GIR__F_COMM, GIR_GROUP_LOGIC, 0, -1, -1, "", "logical", 17},
    {"approx_eq", 2, 0, 0, 0u, GIR__DT_CMP, GIR__SH_BCAST, 0, 0, GIR_GROUP_LOGIC, 0, -1, -1, "f:atol,f:rtol", "logical", 19},
    {"isnan", 1, 0, 0, 0u, GIR__DT_TEST, GIR__SH_SAME, 0, 0, GIR_GROUP_LOGIC, 0, -1, -1, "", "logical", 21},
    {"isinf", 1, 0, 0, 0u, GIR__DT_TEST, GIR__SH_SAME, 0, 0, GIR_GROUP_LOGIC, 0, -1, -1, "", "logical", 22},
    {"isfinite", 1, 0, 0, 0u, GIR__DT_TEST, GIR__SH_SAME, 0, 0, GIR_GROUP_LOGIC, 0, -1, -1, "", "logical", 23},
    {"add", 2, 0, 0, 0u, GIR__DT_NUM, GIR__SH_BCAST, 0, GIR__F_COMM, GIR_GROUP_CORE, 1, -1, -1, "", "", 24},
    {"sub", 2, 0, 0, 0u, GIR__DT_NUM, GIR__SH_BCAST, 0, 0, GIR_GROUP_CORE, 1, -1, -1, "", "", 26},
    {"mul", 2, 0, 0, 0u, GIR__DT_NUM, GIR__SH_BCAST, 0, GIR__F_COMM, GIR_GROUP_CORE, 1, -1, -1, "", "", 28},
    {"div", 2, 0, 0, 0u, GIR__DT_FLOAT, GIR__SH_BCAST, 0, 0, GIR_GROUP_CORE, 1, -1, -1, "", "", 30},
    {"neg", 1, 0, 0, 0u, GIR__DT_NUM, GIR__SH_SAME, 0, 0, GIR_GROUP_CORE, 1, -1, -1, "", "", 32},
    {"pow", 2, 0, 0, 0u, GIR__DT_FLOAT, GIR__SH_BCAST, 0, 0, GIR_GROUP_CORE, 1, -1, -1, "", "", 33},
    {"maximum", 2, 0, 0, 0u, GIR__DT_NUM, GIR__SH_BCAST, 0, GIR__F_KINK, GIR_GROUP_CORE, 1, -1, -1, "", "", 35},
    {"minimum", 2, 0, 0, 0u, GIR__DT_NUM, GIR__SH_BCAST, 0, GIR__F_KINK, GIR_GROUP_CORE, 1, -1, -1, "", "", 37},
    {"mod", 2, 0, 0, 0u, GIR__DT_NUM, GIR__SH_BCAST, 0, GIR__F_KINK, GIR_GROUP_CORE, 1, -1, -1, "", "", 39},
    {"floordiv", 2, 0, 0, 0u, GIR__DT_NUM, GIR__SH_BCAST, 0, GIR__F_KINK, GIR_GROUP_CORE, 1, -1, -1, "", "", 41},
    {"add_n", 1, 0, 1, 0u, GIR__DT_NUM, GIR__SH_BCAST, 0, 0, GIR_GROUP_CORE, 1, -1, -1, "", "", 43},
    {"abs", 1, 0, 0, 0u, GIR__DT_NUM, GIR__SH_SAME, 0, GIR__F_KINK, GIR_GROUP_MATH, 1, -1, -1, "", "", 44},
    {"sign", 1, 0, 0, 0u, GIR__DT_NUM, GIR__SH_SAME, 0, GIR__F_KINK, GIR_GROUP_MATH, 1, -1, -1, "", "", 45},
    {"square", 1, 0, 0, 0u, GIR__DT_NUM, GIR__SH_SAME, 0, 0, GIR_GROUP_MATH, 1, -1, -1, "", "", 46},
    {"sqrt", 1, 0, 0, 0u, GIR__DT_FLOAT, GIR__SH_SAME, 0, 0, GIR_GROUP_MATH, 1, -1, -1, "", "", 47},
    {"rsqrt", 1, 0, 0, 0u, GIR__DT_FLOAT, GIR__SH_SAME, 0, 0, GIR_GROUP_MATH, 1, -1, -1, "", "", 48},
    {"reciprocal", 1, 0, 0, 0u, GIR__DT_FLOAT, GIR__SH_SAME, 0, 0, GIR_GROUP_MATH, 1, -1, -1, "", "", 49},
    {"exp", 1, 0, 0, 0u, GIR__DT_FLOAT, GIR__SH_SAME, 0, 0, GIR_GROUP_MATH, 1, -1, -1, "", "", 50},
    {"expm1", 1, 0, 0, 0u, GIR__DT_FLOAT, GIR__SH_SAME, 0, 0, GIR_GROUP_MATH, 1, -1, -1, "", "", 51},
    {"log", 1, 0, 0, 0u, GIR__DT_FLOAT, GIR__SH_SAME, 0, 0, GIR_GROUP_MATH, 1, -1, -1, "", "", 52},
    {"log1p", 1, 0, 0, 0u, GIR__DT_FLOAT, GIR__SH_SAME, 0, 0, GIR_GROUP_MATH, 1, -1, -1, "", "", 53},
    {"log2", 1, 0, 0, 0u, GIR__DT_FLOAT, GIR__SH_SAME, 0, 0, GIR_GROUP_MATH, 1, -1, -1, "", "", 54},
    {"sin", 1, 0, 0, 0u, GIR__DT_FLOAT, GIR__SH_SAME, 0, 0, GIR_GROUP_MATH, 1, -1, -1, "", "", 55},
    {"cos", 1, 0, 0, 0u, GIR__DT_FLOAT, GIR__SH_SAME, 0, 0, GIR_GROUP_MATH, 1, -1, -1, "", "", 56},
    {"tan", 1, 0, 0, 0u, GIR__DT_FLOAT, GIR__SH_SAME, 0, 0, GIR_GROUP_MATH, 1, -1, -1, "", "", 57},
    {"asin", 1, 0, 0, 0u, GIR__DT_FLOAT, GIR__SH_SAME, 0, 0, GIR_GROUP_MATH, 1, -1, -1, "", "", 58},
    {"acos", 1, 0, 0, 0u, GIR__DT_FLOAT, GIR__SH_SAME, 0, 0, GIR_GROUP_MATH, 1, -1, -1, "", "", 59},
    {"atan", 1, 0, 0, 0u, GIR__DT_FLOAT, GIR__SH_SAME, 0, 0, GIR_GROUP_MATH, 1, -1, -1, "", "", 60},
    {"sinh", 1, 0, 0, 0u, GIR__DT_FLOAT, GIR__SH_SAME, 0, 0, GIR_GROUP_MATH, 1, -1, -1, "", "", 61},
    {"cosh", 1, 0, 0, 0u, GIR__DT_FLOAT, GIR__SH_SAME, 0, 0, GIR_GROUP_MATH, 1, -1, -1, "", "", 62},
    {"tanh", 1, 0, 0, 0u, GIR__DT_FLOAT, GIR__SH_SAME, 0, 0, GIR_GROUP_MATH, 1, -1, -1, "", "", 63},
    {"sigmoid", 1, 0, 0, 0u, GIR__DT_FLOAT, GIR__SH_SAME, 0, 0, GIR_GROUP_MATH, 1, -1, -1, "", "", 64},
    {"softplus", 1, 0, 0, 0u, GIR__DT_FLOAT, GIR__SH_SAME, 0, 0, GIR_GROUP_MATH, 1, -1, -1, "", "", 65},
    {"relu", 1, 0, 0, 0u, GIR__DT_NUM, GIR__SH_SAME, 0, GIR__F_KINK, GIR_GROUP_MATH, 1, -1, -1, "", "", 66},
    {"leaky_relu", 1, 0, 0, 0u, GIR__DT_FLOAT, GIR__SH_SAME, 0, GIR__F_KINK, GIR_GROUP_MATH, 1, -1, -1, "f:alpha", "", 67},
    {"elu", 1, 0, 0, 0u, GIR__DT_FLOAT, GIR__SH_SAME, 0, GIR__F_KINK, GIR_GROUP_MATH, 1, -1, -1, "f:alpha", "", 68},
    {"gelu", 1, 0, 0, 0u, GIR__DT_FLOAT, GIR__SH_SAME, 0, 0, GIR_GROUP_MATH, 1, -1, -1, "", "", 69},
    {"silu", 1, 0, 0, 0u, GIR__DT_FLOAT, GIR__SH_SAME, 0, 0, GIR_GROUP_MATH, 1, -1, -1, "", "", 70},
    {"erf", 1, 0, 0, 0u, GIR__DT_FLOAT, GIR__SH_SAME, 0, 0, GIR_GROUP_MATH, 1, -1, -1, "", "", 71},
    {"floor", 1, 0, 0, 0u, GIR__DT_FLOAT, GIR__SH_SAME, 0, GIR__F_KINK, GIR_GROUP_MATH, 1, -1, -1, "", "", 72},
    {"ceil", 1, 0, 0, 0u, GIR__DT_FLOAT, GIR__SH_SAME, 0, GIR__F_KINK, GIR_GROUP_MATH, 1, -1, -1, "", "", 73},
    {"round", 1, 0, 0, 0u, GIR__DT_FLOAT, GIR__SH_SAME, 0, GIR__F_KINK, GIR_GROUP_MATH, 1, -1, -1, "", "", 74},
    {"clamp", 1, 0, 0, 0u, GIR__DT_NUM, GIR__SH_SAME, 0, GIR__F_KINK, GIR_GROUP_MATH, 1, -1, -1, "f:lo,f:hi", "", 75},
    {"sum", 1, 0, 0, 0u, GIR__DT_NUM, GIR__SH_REDUCE, 0, 0, GIR_GROUP_REDUCE, 1, -1, 0, "l:axes,i:keepdims", "", 76},
    {"mean", 1, 0, 0, 0u, GIR__DT_FLOAT, GIR__SH_REDUCE, 0, 0, GIR_GROUP_REDUCE, 1, -1, 0, "l:axes,i:keepdims", "", 77},
    {"prod", 1, 0, 0, 0u, GIR__DT_NUM, GIR__SH_REDUCE, 0, 0, GIR_GROUP_REDUCE, 1, -1, 0, "l:axes,i:keepdims", "", 78},
    {"max", 1, 0, 0, 0u, GIR__DT_NUM, GIR__SH_REDUCE, 0, GIR__F_KINK, GIR_GROUP_REDUCE, 1, -1, 0, "l:axes,i:keepdims", "", 79},
    {"min", 1, 0, 0, 0u, GIR__DT_NUM, GIR__SH_REDUCE, 0, GIR__F_KINK, GIR_GROUP_REDUCE, 1, -1, 0, "l:axes,i:keepdims", "", 80},
    {"var", 1, 0, 0, 0u, GIR__DT_FLOAT, GIR__SH_REDUCE, 0, 0, GIR_GROUP_REDUCE, 1, -1, 0, "l:axes,i:keepdims,i:ddof", "", 81},
    {"logsumexp", 1, 0, 0, 0u, GIR__DT_FLOAT, GIR__SH_REDUCE, 0, 0, GIR_GROUP_REDUCE, 1, -1, 0, "l:axes,i:keepdims", "", 82},
    {"argmax", 1, 0, 0, 0u, GIR__DT_INDEX, GIR__SH_FN, gir__sh_argreduce, 0, GIR_GROUP_REDUCE, 0, 0, -1, "i:axis,i:keepdims", "index output", 83},
    {"argmin", 1, 0, 0, 0u, GIR__DT_INDEX, GIR__SH_FN, gir__sh_argreduce, 0, GIR_GROUP_REDUCE, 0, 0, -1, "i:axis,i:keepdims", "index output", 84},
    {"all", 1, 0, 0, 0u, GIR__DT_LOGIC, GIR__SH_REDUCE, 0, 0, GIR_GROUP_REDUCE, 0, -1, 0, "l:axes,i:keepdims", "logical", 85},
    {"any", 1, 0, 0, 0u, GIR__DT_LOGIC, GIR__SH_REDUCE, 0, 0, GIR_GROUP_REDUCE, 0, -1, 0, "l:axes,i:keepdims", "logical", 86},
    {"reshape", 1, 0, 0, 0u, GIR__DT_ANY, GIR__SH_FN, gir__sh_reshape, 0, GIR_GROUP_SHAPE, 1, -1, -1, "shape:shape", "", 87},
    {"transpose", 1, 0, 0, 0u, GIR__DT_ANY, GIR__SH_FN, gir__sh_transpose, 0, GIR_GROUP_SHAPE, 1, -1, -1, "l:perm", "", 88},
    {"broadcast_to", 1, 0, 0, 0u, GIR__DT_ANY, GIR__SH_FN, gir__sh_broadcast_to, 0, GIR_GROUP_SHAPE, 1, -1, -1, "shape:shape", "", 89},
    {"slice", 1, 0, 0, 0u, GIR__DT_ANY, GIR__SH_FN, gir__sh_slice, 0, GIR_GROUP_SHAPE, 1, 0, -1, "i:axis,i:start,i:stop,i:step", "", 90},
    {"unslice", 1, 0, 0, 0u, GIR__DT_ANY, GIR__SH_FN, gir__sh_unslice, 0, GIR_GROUP_SHAPE, 1, 0, -1, "i:axis,i:start,i:stop,i:step,i:len", "", 91},
    {"concat", 1, 0, 1, 0u, GIR__DT_ANY, GIR__SH_FN, gir__sh_concat, 0, GIR_GROUP_SHAPE, 1, 0, -1, "i:axis", "", 92},
    {"flip", 1, 0, 0, 0u, GIR__DT_ANY, GIR__SH_SAME, 0, 0, GIR_GROUP_SHAPE, 1, -1, 0, "l:axes", "", 93},
    {"pad", 1, 0, 0, 0u, GIR__DT_ANY, GIR__SH_FN, gir__sh_pad, 0, GIR_GROUP_SHAPE, 1, -1, -1, "l:before,l:after,f:value", "", 94},
    {"index_select", 1, 1, 0, 2u, GIR__DT_ANY, GIR__SH_FN, gir__sh_index_select, 0, GIR_GROUP_SHAPE, 1, 0, -1, "i:axis", "", 95},
    {"index_add", 1, 1, 0, 2u, GIR__DT_NUM, GIR__SH_FN, gir__sh_index_add, 0, GIR_GROUP_SHAPE, 1, 0, -1, "i:axis,i:len", "", 97},
    {"one_hot", 0, 1, 0, 1u, GIR__DT_ATTR, GIR__SH_FN, gir__sh_one_hot, 0, GIR_GROUP_SHAPE, 0, -1, -1, "i:depth,dtype:dtype", "index input", 99},
    {"where", 2, 1, 0, 1u, GIR__DT_ANY, GIR__SH_FN, gir__sh_where, 0, GIR_GROUP_SHAPE, 1, -1, -1, "", "", 100},
    {"diag", 1, 0, 0, 0u, GIR__DT_ANY, GIR__SH_FN, gir__sh_diag, 0, GIR_GROUP_SHAPE, 1, -1, -1, "i:k", "", 103},
    {"diagonal", 1, 0, 0, 0u, GIR__DT_ANY, GIR__SH_FN, gir__sh_diagonal, 0, GIR_GROUP_SHAPE, 1, -1, -1, "i:k", "", 104},
    {"triu", 1, 0, 0, 0u, GIR__DT_ANY, GIR__SH_FN, gir__sh_matrix, 0, GIR_GROUP_SHAPE, 1, -1, -1, "i:k", "", 105},
    {"tril", 1, 0, 0, 0u, GIR__DT_ANY, GIR__SH_FN, gir__sh_matrix, 0, GIR_GROUP_SHAPE, 1, -1, -1, "i:k", "", 106},
    {"cast", 1, 0, 0, 0u, GIR__DT_ATTR, GIR__SH_SAME, 0, 0, GIR_GROUP_CORE, 1, -1, -1, "dtype:dtype", "", 107},
    {"stop_gradient", 1, 0, 0, 0u, GIR__DT_ANY, GIR__SH_SAME, 0, GIR__F_BLOCK, GIR_GROUP_CORE, 0, -1, -1, "", "blocks gradients by design", 108},
    {"matmul", 2, 0, 0, 0u, GIR__DT_NUM, GIR__SH_FN, gir__sh_matmul, 0, GIR_GROUP_LINALG, 1, -1, -1, "", "", 109},
    {"dot", 2, 0, 0, 0u, GIR__DT_NUM, GIR__SH_FN, gir__sh_dot, GIR__F_COMM, GIR_GROUP_LINALG, 1, -1, -1, "", "", 111},
    {"outer", 2, 0, 0, 0u, GIR__DT_NUM, GIR__SH_FN, gir__sh_outer, 0, GIR_GROUP_LINALG, 1, -1, -1, "", "", 113},
    {"trace", 1, 0, 0, 0u, GIR__DT_NUM, GIR__SH_FN, gir__sh_trace, 0, GIR_GROUP_LINALG, 1, -1, -1, "", "", 115},
    {"inverse", 1, 0, 0, 0u, GIR__DT_FLOAT, GIR__SH_FN, gir__sh_square, 0, GIR_GROUP_LINALG, 1, -1, -1, "", "", 116},
    {"det", 1, 0, 0, 0u, GIR__DT_FLOAT, GIR__SH_FN, gir__sh_det, 0, GIR_GROUP_LINALG, 1, -1, -1, "", "", 117},
    {"logdet", 1, 0, 0, 0u, GIR__DT_FLOAT, GIR__SH_FN, gir__sh_det, 0, GIR_GROUP_LINALG, 1, -1, -1, "", "", 118},
    {"cholesky", 1, 0, 0, 0u, GIR__DT_FLOAT, GIR__SH_FN, gir__sh_square, 0, GIR_GROUP_LINALG, 1, -1, -1, "", "", 119},
    {"trisolve", 2, 0, 0, 0u, GIR__DT_FLOAT, GIR__SH_FN, gir__sh_trisolve, 0, GIR_GROUP_LINALG, 1, -1, -1, "i:lower,i:trans", "", 120},
    {"softmax", 1, 0, 0, 0u, GIR__DT_FLOAT, GIR__SH_SAME, 0, 0, GIR_GROUP_NN, 1, 0, -1, "i:axis", "", 122},
    {"log_softmax", 1, 0, 0, 0u, GIR__DT_FLOAT, GIR__SH_SAME, 0, 0, GIR_GROUP_NN, 1, 0, -1, "i:axis", "", 123},
    {"xent_logits", 1, 1, 0, 2u, GIR__DT_FLOAT, GIR__SH_FN, gir__sh_xent, 0, GIR_GROUP_NN, 1, -1, -1, "", "", 124},
    {"xent_logits_prob", 2, 0, 0, 0u, GIR__DT_FLOAT, GIR__SH_FN, gir__sh_xent_prob, 0, GIR_GROUP_NN, 1, -1, -1, "", "", 126},
    {"bce_logits", 2, 0, 0, 0u, GIR__DT_FLOAT, GIR__SH_BCAST, 0, 0, GIR_GROUP_NN, 1, -1, -1, "", "", 128},
    {"mse", 2, 0, 0, 0u, GIR__DT_FLOAT, GIR__SH_FN, gir__sh_mse, 0, GIR_GROUP_NN, 1, -1, -1, "", "", 130},
    {"conv2d", 2, 0, 0, 0u, GIR__DT_FLOAT, GIR__SH_FN, gir__sh_conv2d, 0, GIR_GROUP_CONV, 1, -1, -1, "l:stride,l:padding,l:dilation,i:groups", "", 132},
    {"conv2d_bwd_data", 2, 0, 0, 0u, GIR__DT_FLOAT, GIR__SH_FN, gir__sh_conv2d_bwd_data, 0, GIR_GROUP_CONV, 1, -1, -1, "l:stride,l:padding,l:dilation,i:groups,shape:xshape", "", 134},
    {"conv2d_bwd_filter", 2, 0, 0, 0u, GIR__DT_FLOAT, GIR__SH_FN, gir__sh_conv2d_bwd_filter, 0, GIR_GROUP_CONV, 1, -1, -1, "l:stride,l:padding,l:dilation,i:groups,shape:wshape", "", 136},
    {"max_pool2d", 1, 0, 0, 0u, GIR__DT_FLOAT, GIR__SH_FN, gir__sh_pool2d, GIR__F_KINK, GIR_GROUP_CONV, 1, -1, -1, "l:kernel,l:stride,l:padding", "", 138},
    {"max_pool2d_bwd", 1, 1, 0, 2u, GIR__DT_FLOAT, GIR__SH_FN, gir__sh_pool2d_bwd, 0, GIR_GROUP_CONV, 0, -1, -1, "l:kernel,l:stride,l:padding", "second-order gradients through max_pool2d are not provided", 139},
    {"avg_pool2d", 1, 0, 0, 0u, GIR__DT_FLOAT, GIR__SH_FN, gir__sh_pool2d, 0, GIR_GROUP_CONV, 1, -1, -1, "l:kernel,l:stride,l:padding,i:count_include_pad", "", 141},
    {"avg_pool2d_bwd", 1, 0, 0, 0u, GIR__DT_FLOAT, GIR__SH_FN, gir__sh_pool2d_bwd_avg, 0, GIR_GROUP_CONV, 1, -1, -1, "l:kernel,l:stride,l:padding,i:count_include_pad,shape:xshape", "", 142},
    {"dropout", 1, 0, 0, 0u, GIR__DT_FLOAT, GIR__SH_FN, gir__sh_dropout, GIR__F_RNG, GIR_GROUP_NN, 1, -1, -1, "f:p,seed:seed", "", 143},
    {"gather", 1, 1, 0, 2u, GIR__DT_ANY, GIR__SH_FN, gir__sh_gather, 0, GIR_GROUP_SHAPE, 1, 0, -1, "i:axis", "", 144},
    {"scatter_add", 2, 1, 0, 2u, GIR__DT_NUM, GIR__SH_FN, gir__sh_scatter_add, 0, GIR_GROUP_SHAPE, 1, 0, -1, "i:axis", "", 146},
    {"fmod", 2, 0, 0, 0u, GIR__DT_NUM, GIR__SH_BCAST, 0, GIR__F_KINK, GIR_GROUP_CORE, 1, -1, -1, "", "", 149},
    {"gelu_tanh", 1, 0, 0, 0u, GIR__DT_FLOAT, GIR__SH_SAME, 0, 0, GIR_GROUP_MATH, 1, -1, -1, "", "", 151},
};
static int gir__ew_lacks(int op, int dt);   /* an elementwise op without a kernel for dt (gen/kernels.c) */

static const uint8_t gir__dtype_sizes[GIR_DTYPE__COUNT] = {0, 1, 1, 4, 4, 8};
static const char *const gir__dtype_names[GIR_DTYPE__COUNT] = {"invalid", "b8", "u8", "i32", "f32", "f64"};

GIR_API size_t gir_dtype_size(gir_dtype dt) {
    return (unsigned)dt < (unsigned)GIR_DTYPE__COUNT ? gir__dtype_sizes[dt] : 0;
}
GIR_API const char *gir_dtype_name(gir_dtype dt) {
    return (unsigned)dt < (unsigned)GIR_DTYPE__COUNT ? gir__dtype_names[dt] : "invalid";
}
static int gir__is_float(int dt) { return dt == GIR_DTYPE_F32 || dt == GIR_DTYPE_F64; }
static int gir__is_int(int dt) { return dt == GIR_DTYPE_U8 || dt == GIR_DTYPE_I32; }
static int gir__is_num(int dt) { return dt >= GIR_DTYPE_U8 && dt <= GIR_DTYPE_F64; }

/* messages: %s string, %d int, %u unsigned, %l long long, %S const gir_shape*, %T dtype (int), %g double */
static void gir__vformat(gir__buf *b, const char *fmt, va_list ap) {
    for (; *fmt; ++fmt) {
        if (*fmt != '%' || !fmt[1]) {
            char c[2];
            c[0] = *fmt; c[1] = 0;
            gir__puts(b, c);
            continue;
        }
        switch (*++fmt) {
        case 's': gir__puts(b, va_arg(ap, const char *)); break;
        case 'd': gir__putl(b, va_arg(ap, int)); break;
        case 'u': gir__putl(b, (long long)va_arg(ap, unsigned)); break;
        case 'l': gir__putl(b, va_arg(ap, long long)); break;
        case 'S': gir__putshape(b, va_arg(ap, const gir_shape *)); break;
        case 'T': gir__puts(b, gir_dtype_name((gir_dtype)va_arg(ap, int))); break;
        case 'g': {
            double v = va_arg(ap, double);
            long long ip;
            if (v != v) { gir__puts(b, "nan"); break; }
            if (v < 0) { gir__puts(b, "-"); v = -v; }
            if (v > 1e18) { gir__puts(b, "inf"); break; }
            ip = (long long)v;
            gir__putl(b, ip);
            v -= (double)ip;
            if (v > 0) {
                int k;
                gir__puts(b, ".");
                for (k = 0; k < 6 && v > 1e-9; ++k) {
                    v *= 10;
                    gir__putl(b, (long long)v);
                    v -= (double)(long long)v;
                }
            }
            break;
        }
        default: { char c[2]; c[0] = *fmt; c[1] = 0; gir__puts(b, c); }
        }
    }
}
static void gir__format(char *dst, size_t n, const char *fmt, ...) {
    gir__buf b;
    va_list ap;
    b.p = dst; b.n = n; b.len = 0; dst[0] = 0;
    va_start(ap, fmt);
    gir__vformat(&b, fmt, ap);
    va_end(ap);
}

/* record the first error of a graph; later errors are dropped so the first cause is kept */
static void gir__gfail(gir_graph *g, gir_status s, const char *fmt, ...) {
    gir__buf b;
    va_list ap;
    if (!g || g->status != GIR_OK) return;
    g->status = s;
    b.p = g->msg; b.n = sizeof g->msg; b.len = 0; g->msg[0] = 0;
#ifdef GIR_NO_ERROR_STRINGS
    (void)fmt; (void)ap;
    gir__puts(&b, gir_status_name(s));
#else
    va_start(ap, fmt);
    gir__vformat(&b, fmt, ap);
    va_end(ap);
#endif
}

/* shapes ------------------------------------------------------------------------------------------------- */
GIR_API gir_shape gir_shapev(int rank, const int32_t *dims) {
    gir_shape s;
    int k;
    GIR_MEMSET(&s, 0, sizeof s);
    s.rank = (int32_t)rank;
    if (rank < 0 || rank > GIR_MAX_RANK) return s;       /* kept as given: every builder rejects it, naming it */
    if (rank > 0 && !dims) { s.rank = -1; return s; }  /* the invalid shape, rejected by every builder */
    for (k = 0; k < rank; ++k) s.dim[k] = dims[k];
    return s;
}
GIR_API gir_shape gir_shape0(void) { return gir_shapev(0, NULL); }
GIR_API gir_shape gir_shape1(int32_t d0) { return gir_shapev(1, &d0); }
GIR_API gir_shape gir_shape2(int32_t d0, int32_t d1) { int32_t d[2]; d[0] = d0; d[1] = d1; return gir_shapev(2, d); }
GIR_API gir_shape gir_shape3(int32_t d0, int32_t d1, int32_t d2) {
    int32_t d[3]; d[0] = d0; d[1] = d1; d[2] = d2; return gir_shapev(3, d);
}
GIR_API gir_shape gir_shape4(int32_t d0, int32_t d1, int32_t d2, int32_t d3) {
    int32_t d[4]; d[0] = d0; d[1] = d1; d[2] = d2; d[3] = d3; return gir_shapev(4, d);
}
GIR_API gir_ints gir_intsv(int n, const int32_t *v) {
    gir_ints r;
    int k;
    GIR_MEMSET(&r, 0, sizeof r);
    r.n = (int32_t)n;
    if (n < 0 || n > GIR_MAX_RANK) return r;               /* kept as given: every builder rejects it */
    if (n > 0 && !v) { r.n = -1; return r; }             /* the invalid list, rejected by every builder */
    for (k = 0; k < n; ++k) r.v[k] = v[k];
    return r;
}
GIR_API gir_ints gir_ints0(void) { return gir_intsv(0, NULL); }
GIR_API gir_ints gir_ints1(int32_t v0) { return gir_intsv(1, &v0); }
GIR_API gir_ints gir_ints2(int32_t v0, int32_t v1) { int32_t v[2]; v[0] = v0; v[1] = v1; return gir_intsv(2, v); }
GIR_API gir_ints gir_ints3(int32_t v0, int32_t v1, int32_t v2) {
    int32_t v[3]; v[0] = v0; v[1] = v1; v[2] = v2; return gir_intsv(3, v);
}
GIR_API gir_ints gir_ints4(int32_t v0, int32_t v1, int32_t v2, int32_t v3) {
    int32_t v[4]; v[0] = v0; v[1] = v1; v[2] = v2; v[3] = v3; return gir_intsv(4, v);
}
static int64_t gir__numel(const gir_shape *s) {
    int64_t n = 1;
    int k;
    for (k = 0; k < s->rank; ++k) n *= s->dim[k];
    return n;
}
static int gir__shape_eq(const gir_shape *a, const gir_shape *b) {
    int k;
    if (a->rank != b->rank) return 0;
    for (k = 0; k < a->rank; ++k)
        if (a->dim[k] != b->dim[k]) return 0;
    return 1;
}
/* The largest tensor gir.h accepts: 2^40 elements, so byte counts never overflow a 64-bit size_t. The product
   of the nonzero dimensions is bounded too, so no partial product of a shape (outer x axis x inner) overflows.
   Each multiplication is checked before it is done. */
#define GIR__MAX_NUMEL ((int64_t)1 << 40)
static int gir__mul_ok(int64_t *n, int64_t d) {          /* *n *= max(d, 1) when the result stays in bounds */
    if (d > 1) {
        if (*n > GIR__MAX_NUMEL / d) return 0;
        *n *= d;
    }
    return 1;
}
static int gir__dims_ok(const gir_shape *s) {             /* a shape whose rank is already known to be valid */
    int64_t n = 1;
    int k;
    for (k = 0; k < s->rank; ++k)
        if (s->dim[k] < 0 || !gir__mul_ok(&n, s->dim[k])) return 0;
    return 1;
}
static int gir__rank_ok(int32_t rank) { return rank >= 0 && rank <= GIR_MAX_RANK; }
/* the bytes of a valid shape's values; 0 when they would not fit in half a size_t (a 32-bit target) */
static int gir__bytes(const gir_shape *s, int dt, size_t *out) {
    uint64_t n = (uint64_t)gir__numel(s), es = gir__dtype_sizes[dt];
    if (n > (uint64_t)((size_t)-1 / 2) / 8u) return 0;
    *out = (size_t)(n * es);
    return 1;
}
static int gir__shape_ok(const gir_shape *s) { return gir__rank_ok(s->rank) && gir__dims_ok(s); }

/* graph --------------------------------------------------------------------------------------------------- */
GIR_API void gir_attr_zero(gir_attr *a) { GIR_MEMSET(a, 0, sizeof *a); }

GIR_API gir_graph *gir_graph_new(const gir_graph_desc *desc) {
    gir_allocator a = gir__allocator_or_default(desc ? &desc->allocator : NULL);
    gir_graph *g = (gir_graph *)gir__alloc(&a, sizeof *g);
    if (!g) return NULL;
    GIR_MEMSET(g, 0, sizeof *g);
    g->a = a;
    if (gir__grow(&g->a, (void **)&g->nodes, &g->cap, 64, sizeof(gir__node))) {
        gir__free(&a, g, sizeof *g);
        return NULL;
    }
    GIR_MEMSET(&g->nodes[0], 0, sizeof(gir__node));
    g->nnodes = 1;
    g->tag = gir__new_tag();
    return g;
}
/* the graph's memory; gir_graph_free calls it, or the last plan's gir_plan_free when plans outlived the graph */
static void gir__graph_release(gir_graph *g) {
    size_t k;
    gir_allocator a = g->a;
    for (k = 1; k < g->nnodes; ++k)
        gir__free(&a, (void *)g->nodes[k].attr.data, g->nodes[k].data_bytes);
    gir__free(&a, g->nodes, g->cap * sizeof(gir__node));
    gir__free(&a, g->ins, g->inscap * sizeof(uint32_t));
    gir__free(&a, g, sizeof *g);
}
GIR_API void gir_graph_free(gir_graph *g) {
    if (!g || g->freed) return;
    g->freed = 1;
    if (!g->plans) gir__graph_release(g);
}
GIR_API gir_status gir_graph_status(const gir_graph *g) { return g ? g->status : GIR_ERR_INVALID_ARG; }
GIR_API const char *gir_graph_message(const gir_graph *g) { return g ? g->msg : "no graph (NULL)"; }
GIR_API void gir_graph_clear_error(gir_graph *g) { if (g) { g->status = GIR_OK; g->msg[0] = 0; } }
GIR_API uint32_t gir_graph_node_count(const gir_graph *g) { return g ? (uint32_t)g->nnodes - 1 : 0; }
GIR_API int gir_graph_input_count(const gir_graph *g) {
    size_t k;
    int n = 0;
    for (k = 1; g && k < g->nnodes; ++k) n += g->nodes[k].op == GIR_OP_INPUT;
    return n;
}
GIR_API gir_node gir_graph_input(const gir_graph *g, int index) {
    size_t k;
    for (k = 1; g && index >= 0 && k < g->nnodes; ++k)
        if (g->nodes[k].op == GIR_OP_INPUT && index-- == 0) return gir__handle(g, (uint32_t)k);
    return gir__handle(NULL, 0);
}

/* the node behind a handle of g; NULL for the invalid handle and for any handle g did not make */
static const gir__node *gir__get(const gir_graph *g, gir_node n) {
    return gir__handle_kind(g, n) == GIR__H_OWN ? &g->nodes[n.id] : NULL;
}
GIR_API gir_op gir_node_op(const gir_graph *g, gir_node n) {
    const gir__node *d = gir__get(g, n); return d ? (gir_op)d->op : GIR_OP__INVALID;
}
GIR_API gir_dtype gir_node_dtype(const gir_graph *g, gir_node n) {
    const gir__node *d = gir__get(g, n); return d ? (gir_dtype)d->dtype : GIR_DTYPE__INVALID;
}
GIR_API gir_shape gir_node_shape(const gir_graph *g, gir_node n) {
    const gir__node *d = gir__get(g, n);
    gir_shape s;
    if (d) return d->shape;
    GIR_MEMSET(&s, 0, sizeof s);
    return s;
}
GIR_API gir_node_type gir_node_type_of(const gir_graph *g, gir_node n) {
    const gir__node *d = gir__get(g, n); return d ? (gir_node_type)d->ntype : GIR_NODE_CONSTANT;
}
GIR_API int gir_node_grad_level(const gir_graph *g, gir_node n) {
    const gir__node *d = gir__get(g, n); return d ? d->grad_level : 0;
}
GIR_API int gir_node_parent_count(const gir_graph *g, gir_node n) {
    const gir__node *d = gir__get(g, n); return d ? d->nparents : 0;
}
GIR_API int gir_node_arg_count(const gir_graph *g, gir_node n) {
    const gir__node *d = gir__get(g, n); return d ? (int)d->nin - d->nparents : 0;
}
GIR_API gir_node gir_node_input(const gir_graph *g, gir_node n, int k) {
    const gir__node *d = gir__get(g, n);
    if (d && k >= 0 && (uint32_t)k < d->nin) return gir__handle(g, g->ins[d->in0 + (uint32_t)k]);
    return gir__handle(NULL, 0);
}
GIR_API gir_attr gir_node_attr(const gir_graph *g, gir_node n) {
    const gir__node *d = gir__get(g, n);
    gir_attr a;
    gir_attr_zero(&a);
    if (d) { a = d->attr; a.data = NULL; }
    return a;
}
GIR_API int64_t gir_node_numel(const gir_graph *g, gir_node n) {
    const gir__node *d = gir__get(g, n); return d ? gir__numel(&d->shape) : 0;
}
GIR_API void *gir_node_data(gir_graph *g, gir_node n) {
    const gir__node *d = gir__get(g, n); return d ? (void *)d->attr.data : NULL;
}

/* op table queries */
static int gir__op_ok(gir_op op) { return op > GIR_OP__INVALID && op < GIR_OP__COUNT; }
GIR_API const char *gir_op_name(gir_op op) { return gir__op_ok(op) ? gir__ops[op].name : "invalid"; }
GIR_API gir_op gir_op_from_name(const char *name) {
    int k;
    if (!name) return GIR_OP__INVALID;
    for (k = 1; k < GIR_OP__COUNT; ++k) {
        const char *a = gir__ops[k].name, *b = name;
        while (*a && *a == *b) { ++a; ++b; }
        if (!*a && !*b) return (gir_op)k;
    }
    return GIR_OP__INVALID;
}
GIR_API int gir_op_parent_count(gir_op op) {
    return !gir__op_ok(op) ? 0 : gir__ops[op].variadic ? -1 : gir__ops[op].nparents;
}
GIR_API int gir_op_arg_count(gir_op op) { return gir__op_ok(op) ? gir__ops[op].nargs : 0; }
GIR_API int gir_op_input_is_arg(gir_op op, int k) {
    return gir__op_ok(op) && k >= 0 && k < GIR__MAX_ROW_IN && !gir__ops[op].variadic && ((gir__ops[op].argmask >> k) & 1u);
}
GIR_API int gir_op_differentiable(gir_op op) { return gir__op_ok(op) ? gir__ops[op].diff : 0; }
GIR_API const char *gir_op_no_adjoint_reason(gir_op op) { return gir__op_ok(op) ? gir__ops[op].no_adj : ""; }
GIR_API const char *gir_op_attr_spec(gir_op op) { return gir__op_ok(op) ? gir__ops[op].attrs : ""; }
GIR_API int gir_op_is_random(gir_op op) { return gir__op_ok(op) && (gir__ops[op].flags & GIR__F_RNG); }
GIR_API int gir_op_has_kinks(gir_op op) { return gir__op_ok(op) && (gir__ops[op].flags & GIR__F_KINK); }
GIR_API gir_group gir_op_group(gir_op op) { return gir__op_ok(op) ? (gir_group)gir__ops[op].group : GIR_GROUP__COUNT; }

/* build helpers ------------------------------------------------------------------------------------------- */
static const gir__node *gir__bin(const gir__bctx *b, int k) { return &b->g->nodes[b->in[k].id]; }
static const char *gir__bname(const gir__bctx *b) { return gir__ops[b->op].name; }
#define GIR__BFAIL(b, s, ...) (gir__gfail((b)->g, (s), __VA_ARGS__), (s))

/* Attributes the caller built by hand: a shape's or a list's rank is checked before anything reads it, and
   a shape's dimensions before anything multiplies them. */
static gir_status gir__check_rank(gir__bctx *b, int32_t rank, const char *what) {
    if (rank < 0)
        return GIR__BFAIL(b, GIR_ERR_ATTR, "%s: node %u: %s: rank %d < 0", gir__bname(b), b->id, what, (int)rank);
    if (rank > GIR_MAX_RANK)
        return GIR__BFAIL(b, GIR_ERR_ATTR, "%s: node %u: %s: rank %d > GIR_MAX_RANK %d", gir__bname(b), b->id, what,
                          (int)rank, GIR_MAX_RANK);
    return GIR_OK;
}
static gir_status gir__check_shape(gir__bctx *b, const gir_shape *s, const char *what) {
    gir_status st = gir__check_rank(b, s->rank, what);
    int k;
    if (st) return st;
    for (k = 0; k < s->rank; ++k)
        if (s->dim[k] < 0)
            return GIR__BFAIL(b, GIR_ERR_ATTR, "%s: node %u: %s %S has a negative dimension", gir__bname(b), b->id,
                              what, s);
    if (!gir__dims_ok(s))
        return GIR__BFAIL(b, GIR_ERR_LIMIT, "%s: node %u: %s %S has more than 2^40 elements", gir__bname(b), b->id,
                          what, s);
    return GIR_OK;
}
static int gir__starts(const char *s, const char *prefix) {
    while (*prefix && *s == *prefix) { ++s; ++prefix; }
    return !*prefix;
}
/* the rank of every list (l:) and shape (shape:) attribute the op's row declares */
static gir_status gir__check_attr_ranks(gir__bctx *b, const char *spec) {
    int nl = 0;
    while (*spec) {
        const char *name = spec;
        char what[32];
        int j = 0;
        gir_status st = GIR_OK;
        while (*name && *name != ':') ++name;
        if (*name) ++name;
        while (name[j] && name[j] != ',' && j < (int)sizeof what - 1) { what[j] = name[j]; ++j; }
        what[j] = 0;
        if (gir__starts(spec, "l:") && nl < 3) st = gir__check_rank(b, b->attr.l[nl++].n, what);
        else if (gir__starts(spec, "shape:")) st = gir__check_rank(b, b->attr.shape.rank, what);
        if (st) return st;
        while (*spec && *spec != ',') ++spec;
        if (*spec) ++spec;
    }
    return GIR_OK;
}

/* normalise an axis against a rank (negative counts from the end) */
static gir_status gir__axis(gir__bctx *b, int32_t *axis, int rank, const char *what) {
    int32_t a = *axis;
    if (a < 0) a += rank;
    if (a < 0 || a >= rank)
        return GIR__BFAIL(b, GIR_ERR_ATTR, "%s: node %u: %s %d out of range for rank %d",
                          gir__bname(b), b->id, what, (int)*axis, rank);
    *axis = a;
    return GIR_OK;
}
/* normalise an axis list: sorted, no duplicates; an empty list means every axis when all_if_empty */
static gir_status gir__axes(gir__bctx *b, gir_ints *ax, int rank, int all_if_empty) {
    uint32_t seen = 0;
    int k, n = 0;
    if (ax->n < 0 || ax->n > GIR_MAX_RANK)
        return GIR__BFAIL(b, GIR_ERR_ATTR, "%s: node %u: bad axis list (%d entries)", gir__bname(b), b->id, (int)ax->n);
    for (k = 0; k < ax->n; ++k) {
        int32_t a = ax->v[k];
        gir_status s = gir__axis(b, &a, rank, "axis");
        if (s) return s;
        if (seen & (1u << a))
            return GIR__BFAIL(b, GIR_ERR_ATTR, "%s: node %u: axis %d repeated", gir__bname(b), b->id, (int)a);
        seen |= 1u << a;
    }
    if (ax->n == 0 && all_if_empty) seen = (rank >= 32) ? 0xffffffffu : ((1u << rank) - 1u);
    for (k = 0; k < rank; ++k)
        if (seen & (1u << k)) ax->v[n++] = k;
    ax->n = n;
    return GIR_OK;
}
static int gir__has_axis(const gir_ints *ax, int a) {
    int k;
    for (k = 0; k < ax->n; ++k)
        if (ax->v[k] == a) return 1;
    return 0;
}
/* NumPy broadcasting of two shapes into out; 0 when incompatible */
static int gir__bcast2(const gir_shape *a, const gir_shape *b, gir_shape *out) {
    int r = a->rank > b->rank ? a->rank : b->rank, k;
    gir_shape o;
    GIR_MEMSET(&o, 0, sizeof o);
    o.rank = r;
    for (k = 0; k < r; ++k) {
        int ia = k - (r - a->rank), ib = k - (r - b->rank);
        int32_t da = ia >= 0 ? a->dim[ia] : 1, db = ib >= 0 ? b->dim[ib] : 1;
        if (da != db && da != 1 && db != 1) return 0;
        o.dim[k] = da == 1 ? db : da;
    }
    *out = o;
    return 1;
}
/* inputs are stored parents first, then arguments; messages count them in builder (IN) order */
/* the name of builder input pos, as the row's IN column gives it (one name for all of a variadic list) */
static const char *gir__in_name(const gir__opinfo *oi, int pos) {
    int n = oi->variadic ? 1 : oi->nparents + oi->nargs;
    return n ? gir__in_names[oi->in_name0 + (pos < n ? pos : n - 1)] : "";
}
static int gir__in_pos(const gir__opinfo *oi, int k) {
    int want = k < oi->nparents ? k : k - oi->nparents, is_arg = k >= oi->nparents, j;
    if (oi->variadic) return k;
    for (j = 0; j < 32; ++j)
        if ((int)((oi->argmask >> j) & 1u) == is_arg && want-- == 0) return j;
    return k;
}
static gir_status gir__need_rank(gir__bctx *b, int k, int lo, int hi) {
    const gir__node *x = gir__bin(b, k);
    int pos = gir__in_pos(&gir__ops[b->op], k);
    if (x->shape.rank < lo || x->shape.rank > hi) {
        if (lo == hi)
            return GIR__BFAIL(b, GIR_ERR_SHAPE, "%s: node %u: %s (input %d) must have rank %d, got %S",
                              gir__bname(b), b->id, gir__in_name(&gir__ops[b->op], pos), pos, lo, &x->shape);
        return GIR__BFAIL(b, GIR_ERR_SHAPE, "%s: node %u: %s (input %d) must have rank %d..%d, got %S",
                          gir__bname(b), b->id, gir__in_name(&gir__ops[b->op], pos), pos, lo, hi, &x->shape);
    }
    return GIR_OK;
}
static gir_status gir__need_dtype(gir__bctx *b, int k, int dt) {
    const gir__node *x = gir__bin(b, k);
    if (x->dtype != dt)
        return GIR__BFAIL(b, GIR_ERR_DTYPE, "%s: node %u: %s (input %d) must be %T, got %T %S", gir__bname(b), b->id,
                          gir__in_name(&gir__ops[b->op], gir__in_pos(&gir__ops[b->op], k)),
                          gir__in_pos(&gir__ops[b->op], k), dt, (int)x->dtype, &x->shape);
    return GIR_OK;
}

/* >>shapes: the shape functions the table names (gir__sh_<name>), called by the generic builder ---------------- */
static gir_status gir__sh_eye(gir__bctx *b) {
    if (b->attr.i[0] < 0 || b->attr.i[1] < 0)
        return GIR__BFAIL(b, GIR_ERR_ATTR, "eye: node %u: n = %d and m = %d must be >= 0", b->id, (int)b->attr.i[0],
                          (int)b->attr.i[1]);
    b->out = gir_shape2(b->attr.i[0], b->attr.i[1]);
    return GIR_OK;
}
static gir_status gir__sh_arange(gir__bctx *b) {
    double start = b->attr.f[0], stop = b->attr.f[1], step = b->attr.f[2], n;
    if (!(step > 0 || step < 0) || start != start || stop != stop)
        return GIR__BFAIL(b, GIR_ERR_ATTR, "arange: node %u: step must be nonzero and bounds finite", b->id);
    n = (stop - start) / step;
    if (n != n || n > 2147483647.0)            /* checked before any conversion: inf and NaN included */
        return GIR__BFAIL(b, GIR_ERR_LIMIT, "arange: node %u: [%g, %g) by %g has too many elements", b->id, start, stop, step);
    n = n <= 0 ? 0 : (double)(int64_t)n + ((double)(int64_t)n < n ? 1 : 0);
    b->out = gir_shape1((int32_t)n);
    return GIR_OK;
}
static gir_status gir__sh_argreduce(gir__bctx *b) {
    const gir__node *x = gir__bin(b, 0);
    gir_status s;
    int k, r = 0;
    if (x->shape.rank < 1) return gir__need_rank(b, 0, 1, GIR_MAX_RANK);
    if ((s = gir__axis(b, &b->attr.i[0], x->shape.rank, "axis")) != GIR_OK) return s;
    b->attr.i[1] = b->attr.i[1] ? 1 : 0;
    for (k = 0; k < x->shape.rank; ++k) {
        if (k == b->attr.i[0]) {
            if (b->attr.i[1]) b->out.dim[r++] = 1;
        } else {
            b->out.dim[r++] = x->shape.dim[k];
        }
    }
    b->out.rank = r;
    if (x->shape.dim[b->attr.i[0]] == 0)
        return GIR__BFAIL(b, GIR_ERR_SHAPE, "%s: node %u: empty axis %d in %S", gir__bname(b), b->id,
                          (int)b->attr.i[0], &x->shape);
    return GIR_OK;
}
static gir_status gir__reduce_shape(gir__bctx *b) {
    const gir__node *x = gir__bin(b, 0);
    gir_status s;
    int k, r = 0;
    if ((s = gir__axes(b, &b->attr.l[0], x->shape.rank, 1)) != GIR_OK) return s;
    b->attr.i[0] = b->attr.i[0] ? 1 : 0;
    for (k = 0; k < x->shape.rank; ++k) {
        if (gir__has_axis(&b->attr.l[0], k)) {
            if (b->attr.i[0]) b->out.dim[r++] = 1;
        } else {
            b->out.dim[r++] = x->shape.dim[k];
        }
    }
    b->out.rank = r;
    if ((b->op == GIR_OP_MAX || b->op == GIR_OP_MIN) && gir__numel(&x->shape) == 0)
        return GIR__BFAIL(b, GIR_ERR_SHAPE, "%s: node %u: reduction of an empty tensor %S", gir__bname(b), b->id,
                          &x->shape);
    if (b->op == GIR_OP_VAR && b->attr.i[1] < 0)
        return GIR__BFAIL(b, GIR_ERR_ATTR, "var: node %u: ddof %d < 0", b->id, (int)b->attr.i[1]);
    return GIR_OK;
}
static gir_status gir__sh_reshape(gir__bctx *b) {
    const gir__node *x = gir__bin(b, 0);
    gir_shape t = b->attr.shape;
    int64_t known = 1, bound = 1, n = gir__numel(&x->shape);
    int k, infer = -1;
    gir_status s = gir__check_rank(b, t.rank, "target shape");
    if (s) return s;
    for (k = 0; k < t.rank; ++k) {
        if (t.dim[k] == -1 && infer < 0) infer = k;
        else if (t.dim[k] < 0)
            return GIR__BFAIL(b, GIR_ERR_ATTR, "reshape: node %u: bad target shape %S", b->id, &t);
        else if (!gir__mul_ok(&bound, t.dim[k]))    /* bound >= known: neither product overflows */
            return GIR__BFAIL(b, GIR_ERR_LIMIT, "reshape: node %u: target shape %S has more than 2^40 elements", b->id, &t);
        else known *= t.dim[k];
    }
    if (infer >= 0) {
        if (known == 0 || n % known)
            return GIR__BFAIL(b, GIR_ERR_SHAPE, "reshape: node %u: cannot reshape %S into %S", b->id, &x->shape, &t);
        t.dim[infer] = (int32_t)(n / known);
        known *= t.dim[infer];
    }
    if (known != n)
        return GIR__BFAIL(b, GIR_ERR_SHAPE, "reshape: node %u: cannot reshape %S (%l elements) into %S", b->id,
                          &x->shape, (long long)n, &t);
    b->attr.shape = t;
    b->out = t;
    return GIR_OK;
}
static gir_status gir__sh_transpose(gir__bctx *b) {
    const gir__node *x = gir__bin(b, 0);
    gir_ints *p = &b->attr.l[0];
    uint32_t seen = 0;
    int k, r = x->shape.rank;
    if (p->n == 0) {                      /* no permutation: reverse the axes, like NumPy */
        p->n = r;
        for (k = 0; k < r; ++k) p->v[k] = r - 1 - k;
    }
    if (p->n != r)
        return GIR__BFAIL(b, GIR_ERR_ATTR, "transpose: node %u: permutation has %d entries for %S", b->id,
                          (int)p->n, &x->shape);
    for (k = 0; k < r; ++k) {
        gir_status s = gir__axis(b, &p->v[k], r, "permutation entry");
        if (s) return s;
        if (seen & (1u << p->v[k]))
            return GIR__BFAIL(b, GIR_ERR_ATTR, "transpose: node %u: axis %d repeated in permutation", b->id,
                              (int)p->v[k]);
        seen |= 1u << p->v[k];
        b->out.dim[k] = x->shape.dim[p->v[k]];
    }
    b->out.rank = r;
    return GIR_OK;
}
static gir_status gir__sh_broadcast_to(gir__bctx *b) {
    const gir__node *x = gir__bin(b, 0);
    gir_shape o;
    gir_status s = gir__check_shape(b, &b->attr.shape, "target shape");
    if (s) return s;
    if (x->shape.rank > b->attr.shape.rank || !gir__bcast2(&x->shape, &b->attr.shape, &o) ||
        !gir__shape_eq(&o, &b->attr.shape))
        return GIR__BFAIL(b, GIR_ERR_SHAPE, "broadcast_to: node %u: cannot broadcast %S to %S", b->id, &x->shape,
                          &b->attr.shape);
    b->out = b->attr.shape;
    return GIR_OK;
}
/* a slice bound as Python's slice.indices makes it: GIR_SLICE_NONE is the default for the step's direction,
   negative counts from the end, and the result is clamped to [0, len] (step > 0) or [-1, len - 1] (step < 0) */
static int64_t gir__slice_bound(int64_t v, int64_t len, int64_t step, int is_stop) {
    int64_t lo = step > 0 ? 0 : -1, hi = step > 0 ? len : len - 1;
    if (v == GIR_SLICE_NONE) return (step > 0) == !!is_stop ? hi : lo;
    if (v < 0) v += len;
    return v < lo ? lo : v > hi ? hi : v;
}
/* Python slice semantics on an axis of length len; returns the number of elements. The bounds are stored
   normalised so that normalising again changes nothing: an empty slice is 0:0, and a stop before index 0
   (step < 0) is GIR_SLICE_NONE */
static int32_t gir__slice_norm(int32_t len, int32_t *start, int32_t *stop, int32_t step) {
    int64_t a = gir__slice_bound(*start, len, step, 0), e = gir__slice_bound(*stop, len, step, 1), n;
    n = step > 0 ? (e > a ? (e - a + step - 1) / step : 0) : (a > e ? (a - e - (int64_t)step - 1) / -(int64_t)step : 0);
    if (n == 0) a = e = 0;
    *start = (int32_t)a;
    *stop = e < 0 ? GIR_SLICE_NONE : (int32_t)e;
    return (int32_t)n;
}
static gir_status gir__sh_slice(gir__bctx *b) {
    const gir__node *x = gir__bin(b, 0);
    gir_status s;
    if (x->shape.rank < 1) return gir__need_rank(b, 0, 1, GIR_MAX_RANK);
    if ((s = gir__axis(b, &b->attr.i[0], x->shape.rank, "axis")) != GIR_OK) return s;
    if (b->attr.i[3] == 0)
        return GIR__BFAIL(b, GIR_ERR_ATTR, "slice: node %u: step must not be 0", b->id);
    b->out = x->shape;
    b->out.dim[b->attr.i[0]] = gir__slice_norm(x->shape.dim[b->attr.i[0]], &b->attr.i[1], &b->attr.i[2], b->attr.i[3]);
    return GIR_OK;
}
static gir_status gir__sh_unslice(gir__bctx *b) {
    const gir__node *x = gir__bin(b, 0);
    gir_status s;
    int32_t cnt;
    if (x->shape.rank < 1) return gir__need_rank(b, 0, 1, GIR_MAX_RANK);
    if ((s = gir__axis(b, &b->attr.i[0], x->shape.rank, "axis")) != GIR_OK) return s;
    if (b->attr.i[3] == 0 || b->attr.i[4] < 0)
        return GIR__BFAIL(b, GIR_ERR_ATTR, "unslice: node %u: step %d must not be 0 and len %d must be >= 0", b->id,
                          (int)b->attr.i[3], (int)b->attr.i[4]);
    cnt = gir__slice_norm(b->attr.i[4], &b->attr.i[1], &b->attr.i[2], b->attr.i[3]);
    if (cnt != x->shape.dim[b->attr.i[0]])
        return GIR__BFAIL(b, GIR_ERR_SHAPE, "unslice: node %u: the slice has %d elements on axis %d, input %S",
                          b->id, (int)cnt, (int)b->attr.i[0], &x->shape);
    b->out = x->shape;
    b->out.dim[b->attr.i[0]] = b->attr.i[4];
    return GIR_OK;
}
static gir_status gir__sh_concat(gir__bctx *b) {
    const gir__node *x0 = gir__bin(b, 0);
    gir_status s;
    int k, j;
    int64_t total = 0;
    if (x0->shape.rank < 1) return gir__need_rank(b, 0, 1, GIR_MAX_RANK);
    if ((s = gir__axis(b, &b->attr.i[0], x0->shape.rank, "axis")) != GIR_OK) return s;
    for (k = 0; k < b->n; ++k) {
        const gir__node *x = gir__bin(b, k);
        int ok = x->shape.rank == x0->shape.rank;
        for (j = 0; ok && j < x0->shape.rank; ++j)
            if (j != b->attr.i[0] && x->shape.dim[j] != x0->shape.dim[j]) ok = 0;
        if (!ok)
            return GIR__BFAIL(b, GIR_ERR_SHAPE, "concat: node %u: input %d %S does not match input 0 %S off axis %d",
                              b->id, k, &x->shape, &x0->shape, (int)b->attr.i[0]);
        total += x->shape.dim[b->attr.i[0]];
    }
    if (total > 2147483647)
        return GIR__BFAIL(b, GIR_ERR_LIMIT, "concat: node %u: axis %d of the result would have %l elements, more "
                          "than INT32_MAX (input 0 %S)", b->id, (int)b->attr.i[0], (long long)total, &x0->shape);
    b->out = x0->shape;
    b->out.dim[b->attr.i[0]] = (int32_t)total;
    return GIR_OK;
}
static gir_status gir__sh_pad(gir__bctx *b) {
    const gir__node *x = gir__bin(b, 0);
    int k, r = x->shape.rank;
    for (k = 0; k < 2; ++k) {
        gir_ints *l = &b->attr.l[k];
        int j;
        if (l->n == 0) {
            l->n = r;
            for (j = 0; j < r; ++j) l->v[j] = 0;
        }
        if (l->n != r)
            return GIR__BFAIL(b, GIR_ERR_ATTR, "pad: node %u: %s has %d entries for %S", b->id,
                              k ? "after" : "before", (int)l->n, &x->shape);
        for (j = 0; j < r; ++j)
            if (l->v[j] < 0)
                return GIR__BFAIL(b, GIR_ERR_ATTR, "pad: node %u: negative padding %d", b->id, (int)l->v[j]);
    }
    b->out = x->shape;
    for (k = 0; k < r; ++k) {
        int64_t d = (int64_t)x->shape.dim[k] + b->attr.l[0].v[k] + b->attr.l[1].v[k];
        if (d > 2147483647)
            return GIR__BFAIL(b, GIR_ERR_LIMIT, "pad: node %u: axis %d of %S would have %l elements, more than "
                              "INT32_MAX", b->id, k, &x->shape, (long long)d);
        b->out.dim[k] = (int32_t)d;
    }
    return GIR_OK;
}
static gir_status gir__sh_index_select(gir__bctx *b) {
    const gir__node *x = gir__bin(b, 0), *ix = gir__bin(b, 1);
    gir_status s;
    int k, r = 0, ax;
    if (x->shape.rank < 1) return gir__need_rank(b, 0, 1, GIR_MAX_RANK);
    if ((s = gir__need_dtype(b, 1, GIR_DTYPE_I32)) != GIR_OK) return s;
    if ((s = gir__axis(b, &b->attr.i[0], x->shape.rank, "axis")) != GIR_OK) return s;
    ax = b->attr.i[0];
    if (x->shape.rank - 1 + ix->shape.rank > GIR_MAX_RANK)
        return GIR__BFAIL(b, GIR_ERR_LIMIT, "index_select: node %u: result rank exceeds GIR_MAX_RANK (%S, index %S)",
                          b->id, &x->shape, &ix->shape);
    for (k = 0; k < ax; ++k) b->out.dim[r++] = x->shape.dim[k];
    for (k = 0; k < ix->shape.rank; ++k) b->out.dim[r++] = ix->shape.dim[k];
    for (k = ax + 1; k < x->shape.rank; ++k) b->out.dim[r++] = x->shape.dim[k];
    b->out.rank = r;
    return GIR_OK;
}
static gir_status gir__sh_index_add(gir__bctx *b) {
    const gir__node *x = gir__bin(b, 0), *ix = gir__bin(b, 1);
    gir_status s;
    int k, r = 0, ax, orank = x->shape.rank - ix->shape.rank + 1;
    if ((s = gir__need_dtype(b, 1, GIR_DTYPE_I32)) != GIR_OK) return s;
    if (orank < 1)
        return GIR__BFAIL(b, GIR_ERR_SHAPE, "index_add: node %u: input %S has lower rank than index %S", b->id,
                          &x->shape, &ix->shape);
    if ((s = gir__axis(b, &b->attr.i[0], orank, "axis")) != GIR_OK) return s;
    ax = b->attr.i[0];
    for (k = 0; k < ix->shape.rank; ++k)
        if (x->shape.dim[ax + k] != ix->shape.dim[k])
            return GIR__BFAIL(b, GIR_ERR_SHAPE, "index_add: node %u: input %S does not hold index %S at axis %d",
                              b->id, &x->shape, &ix->shape, ax);
    if (b->attr.i[1] < 0) return GIR__BFAIL(b, GIR_ERR_ATTR, "index_add: node %u: len < 0", b->id);
    for (k = 0; k < ax; ++k) b->out.dim[r++] = x->shape.dim[k];
    b->out.dim[r++] = b->attr.i[1];
    for (k = ax + ix->shape.rank; k < x->shape.rank; ++k) b->out.dim[r++] = x->shape.dim[k];
    b->out.rank = r;
    return GIR_OK;
}
/* gather and scatter_add (torch): index has the rank of x and, off the axis, at most x's extent */
static gir_status gir__along_check(gir__bctx *b, const gir__node *x, const gir__node *ix) {
    gir_status s;
    int k;
    if (x->shape.rank < 1) return gir__need_rank(b, 0, 1, GIR_MAX_RANK);
    if ((s = gir__axis(b, &b->attr.i[0], x->shape.rank, "axis")) != GIR_OK) return s;
    if (ix->shape.rank != x->shape.rank)
        return GIR__BFAIL(b, GIR_ERR_SHAPE, "%s: node %u: index %S must have the rank of x %S (np.take-style indexing "
                          "is index_select)", gir__bname(b), b->id, &ix->shape, &x->shape);
    for (k = 0; k < x->shape.rank; ++k)
        if (k != b->attr.i[0] && ix->shape.dim[k] > x->shape.dim[k])
            return GIR__BFAIL(b, GIR_ERR_SHAPE, "%s: node %u: index %S is larger than x %S on axis %d",
                              gir__bname(b), b->id, &ix->shape, &x->shape, k);
    return GIR_OK;
}
static gir_status gir__sh_gather(gir__bctx *b) {
    const gir__node *x = gir__bin(b, 0), *ix = gir__bin(b, 1);
    gir_status s;
    if ((s = gir__need_dtype(b, 1, GIR_DTYPE_I32)) != GIR_OK) return s;
    if ((s = gir__along_check(b, x, ix)) != GIR_OK) return s;
    b->out = ix->shape;
    return GIR_OK;
}
static gir_status gir__sh_scatter_add(gir__bctx *b) {
    const gir__node *x = gir__bin(b, 0), *src = gir__bin(b, 1), *ix = gir__bin(b, 2);
    gir_status s;
    if ((s = gir__need_dtype(b, 2, GIR_DTYPE_I32)) != GIR_OK) return s;
    if ((s = gir__along_check(b, x, ix)) != GIR_OK) return s;
    if (!gir__shape_eq(&ix->shape, &src->shape))
        return GIR__BFAIL(b, GIR_ERR_SHAPE, "scatter_add: node %u: index %S and src %S must have one shape", b->id,
                          &ix->shape, &src->shape);
    b->out = x->shape;
    return GIR_OK;
}
static gir_status gir__sh_one_hot(gir__bctx *b) {
    const gir__node *ix = gir__bin(b, 0);
    gir_status s;
    if ((s = gir__need_dtype(b, 0, GIR_DTYPE_I32)) != GIR_OK) return s;
    if (ix->shape.rank >= GIR_MAX_RANK) return gir__need_rank(b, 0, 0, GIR_MAX_RANK - 1);
    if (b->attr.i[0] < 0) return GIR__BFAIL(b, GIR_ERR_ATTR, "one_hot: node %u: depth %d < 0", b->id, (int)b->attr.i[0]);
    b->out = ix->shape;
    b->out.dim[b->out.rank++] = b->attr.i[0];
    return GIR_OK;
}
static gir_status gir__sh_where(gir__bctx *b) {
    const gir__node *a = gir__bin(b, 0), *c = gir__bin(b, 1), *cond = gir__bin(b, 2);
    gir_shape t;
    if (cond->dtype != GIR_DTYPE_B8)
        return GIR__BFAIL(b, GIR_ERR_DTYPE, "where: node %u: cond must be b8, got %T %S", b->id, (int)cond->dtype,
                          &cond->shape);
    if (!gir__bcast2(&a->shape, &c->shape, &t) || !gir__bcast2(&t, &cond->shape, &b->out))
        return GIR__BFAIL(b, GIR_ERR_SHAPE, "where: node %u: cond %S, a %S and b %S do not broadcast", b->id,
                          &cond->shape, &a->shape, &c->shape);
    return GIR_OK;
}
/* [..., n] -> [..., n + |k|, n + |k|] with the vector on diagonal k */
static gir_status gir__sh_diag(gir__bctx *b) {
    const gir__node *x = gir__bin(b, 0);
    gir_status s = gir__need_rank(b, 0, 1, GIR_MAX_RANK - 1);
    int64_t k = b->attr.i[0], len;
    if (s) return s;
    len = x->shape.dim[x->shape.rank - 1] + (k < 0 ? -k : k);
    if (len > 2147483647)
        return GIR__BFAIL(b, GIR_ERR_LIMIT, "diag: node %u: %S with k = %d is too large", b->id, &x->shape, (int)k);
    b->out = x->shape;
    b->out.dim[b->out.rank - 1] = (int32_t)len;
    b->out.dim[b->out.rank] = (int32_t)len;
    b->out.rank++;
    return GIR_OK;
}
/* the length of diagonal k of an m x n matrix */
static int32_t gir__diag_len(int64_t m, int64_t n, int64_t k) {
    int64_t d = k >= 0 ? (m < n - k ? m : n - k) : (m + k < n ? m + k : n);
    return d > 0 ? (int32_t)d : 0;
}
static gir_status gir__sh_matrix(gir__bctx *b) {
    gir_status s = gir__need_rank(b, 0, 2, GIR_MAX_RANK);
    if (s) return s;
    b->out = gir__bin(b, 0)->shape;
    return GIR_OK;
}
static gir_status gir__sh_diagonal(gir__bctx *b) {
    const gir__node *x = gir__bin(b, 0);
    gir_status s = gir__need_rank(b, 0, 2, GIR_MAX_RANK);
    if (s) return s;
    b->out = x->shape;
    b->out.rank--;
    b->out.dim[b->out.rank - 1] = gir__diag_len(x->shape.dim[x->shape.rank - 2], x->shape.dim[x->shape.rank - 1],
                                                b->attr.i[0]);
    return GIR_OK;
}
static gir_status gir__sh_trace(gir__bctx *b) {
    gir_status s = gir__need_rank(b, 0, 2, GIR_MAX_RANK);
    if (s) return s;
    b->out = gir__bin(b, 0)->shape;
    b->out.rank -= 2;
    return GIR_OK;
}
static gir_status gir__sh_square(gir__bctx *b) {
    const gir__node *x = gir__bin(b, 0);
    gir_status s = gir__need_rank(b, 0, 2, GIR_MAX_RANK);
    if (s) return s;
    if (x->shape.dim[x->shape.rank - 1] != x->shape.dim[x->shape.rank - 2])
        return GIR__BFAIL(b, GIR_ERR_SHAPE, "%s: node %u: needs square matrices, got %S", gir__bname(b), b->id,
                          &x->shape);
    b->out = x->shape;
    return GIR_OK;
}
static gir_status gir__sh_det(gir__bctx *b) {
    gir_status s = gir__sh_square(b);
    if (s) return s;
    b->out.rank -= 2;
    return GIR_OK;
}
static gir_status gir__sh_matmul(gir__bctx *b) {
    const gir__node *x = gir__bin(b, 0), *y = gir__bin(b, 1);
    gir_shape ba = x->shape, bb = y->shape, bo;
    int ra = x->shape.rank, rb = y->shape.rank;
    if (ra < 2 || rb < 2)
        return GIR__BFAIL(b, GIR_ERR_SHAPE, "matmul: node %u: needs rank >= 2 operands, got %S x %S (use dot or "
                          "reshape for vectors)", b->id, &x->shape, &y->shape);
    if (x->shape.dim[ra - 1] != y->shape.dim[rb - 2])
        return GIR__BFAIL(b, GIR_ERR_SHAPE, "matmul: node %u: inner dimensions differ: %S x %S", b->id, &x->shape,
                          &y->shape);
    ba.rank -= 2;
    bb.rank -= 2;
    if (!gir__bcast2(&ba, &bb, &bo))
        return GIR__BFAIL(b, GIR_ERR_SHAPE, "matmul: node %u: batch dimensions do not broadcast: %S x %S", b->id,
                          &x->shape, &y->shape);
    bo.dim[bo.rank++] = x->shape.dim[ra - 2];
    bo.dim[bo.rank++] = y->shape.dim[rb - 1];
    b->out = bo;
    return GIR_OK;
}
static gir_status gir__sh_dot(gir__bctx *b) {
    const gir__node *x = gir__bin(b, 0), *y = gir__bin(b, 1);
    if (x->shape.rank != 1 || y->shape.rank != 1 || x->shape.dim[0] != y->shape.dim[0])
        return GIR__BFAIL(b, GIR_ERR_SHAPE, "dot: node %u: needs two vectors of one length, got %S . %S", b->id,
                          &x->shape, &y->shape);
    b->out = gir_shape0();
    return GIR_OK;
}
static gir_status gir__sh_outer(gir__bctx *b) {
    const gir__node *x = gir__bin(b, 0), *y = gir__bin(b, 1);
    if (x->shape.rank != 1 || y->shape.rank != 1)
        return GIR__BFAIL(b, GIR_ERR_SHAPE, "outer: node %u: needs two vectors, got %S, %S", b->id, &x->shape,
                          &y->shape);
    b->out = gir_shape2(x->shape.dim[0], y->shape.dim[0]);
    return GIR_OK;
}
static gir_status gir__sh_trisolve(gir__bctx *b) {
    const gir__node *a = gir__bin(b, 0), *y = gir__bin(b, 1);
    gir_status s = gir__sh_square(b);
    int k;
    if (s) return s;
    if (y->shape.rank != a->shape.rank || y->shape.dim[y->shape.rank - 2] != a->shape.dim[a->shape.rank - 1])
        return GIR__BFAIL(b, GIR_ERR_SHAPE, "trisolve: node %u: right-hand side %S does not fit %S", b->id,
                          &y->shape, &a->shape);
    for (k = 0; k < a->shape.rank - 2; ++k)
        if (a->shape.dim[k] != y->shape.dim[k])
            return GIR__BFAIL(b, GIR_ERR_SHAPE, "trisolve: node %u: batch dimensions differ: %S, %S", b->id,
                              &a->shape, &y->shape);
    b->attr.i[0] = b->attr.i[0] ? 1 : 0;
    b->attr.i[1] = b->attr.i[1] ? 1 : 0;
    b->out = y->shape;
    return GIR_OK;
}
static gir_status gir__sh_xent(gir__bctx *b) {
    const gir__node *x = gir__bin(b, 0), *l = gir__bin(b, 1);
    gir_status s;
    if ((s = gir__need_rank(b, 0, 2, 2)) != GIR_OK) return s;
    if ((s = gir__need_dtype(b, 1, GIR_DTYPE_I32)) != GIR_OK) return s;
    if (l->shape.rank != 1 || l->shape.dim[0] != x->shape.dim[0])
        return GIR__BFAIL(b, GIR_ERR_SHAPE, "xent_logits: node %u: labels %S do not match logits %S", b->id,
                          &l->shape, &x->shape);
    b->out = gir_shape1(x->shape.dim[0]);
    return GIR_OK;
}
static gir_status gir__sh_xent_prob(gir__bctx *b) {
    const gir__node *x = gir__bin(b, 0), *p = gir__bin(b, 1);
    gir_status s;
    if ((s = gir__need_rank(b, 0, 2, 2)) != GIR_OK) return s;
    if (!gir__shape_eq(&x->shape, &p->shape))
        return GIR__BFAIL(b, GIR_ERR_SHAPE, "xent_logits_prob: node %u: probabilities %S do not match logits %S",
                          b->id, &p->shape, &x->shape);
    b->out = gir_shape1(x->shape.dim[0]);
    return GIR_OK;
}
static gir_status gir__sh_mse(gir__bctx *b) {
    const gir__node *x = gir__bin(b, 0), *y = gir__bin(b, 1);
    if (!gir__shape_eq(&x->shape, &y->shape))
        return GIR__BFAIL(b, GIR_ERR_SHAPE, "mse: node %u: shapes differ: %S, %S", b->id, &x->shape, &y->shape);
    b->out = gir_shape0();
    return GIR_OK;
}
/* 2-D window attributes: a list of two, or empty for the default */
static gir_status gir__pair(gir__bctx *b, gir_ints *l, int32_t dflt0, int32_t dflt1, int32_t lo, const char *what) {
    if (l->n == 0) { l->n = 2; l->v[0] = dflt0; l->v[1] = dflt1; }
    if (l->n == 1) { l->n = 2; l->v[1] = l->v[0]; }
    if (l->n != 2 || l->v[0] < lo || l->v[1] < lo)
        return GIR__BFAIL(b, GIR_ERR_ATTR, "%s: node %u: %s must be one or two values >= %d", gir__bname(b), b->id,
                          what, (int)lo);
    return GIR_OK;
}
/* One spatial axis of a sliding window: the dilated window and the padded input must each fit in int32_t
   (then so does the output, and every index a kernel forms fits in int64_t); all arithmetic is 64-bit.
   Writes the output length, 0 when the window does not fit in the padded input. */
static gir_status gir__window(gir__bctx *b, int32_t in, int32_t k, int32_t s, int32_t p, int32_t d, const char *axis,
                              int32_t *out) {
    int64_t span = (int64_t)d * ((int64_t)k - 1) + 1, padded = (int64_t)in + 2 * (int64_t)p;
    if (span > 2147483647)
        return GIR__BFAIL(b, GIR_ERR_ATTR, "%s: node %u: a window of %d with dilation %d spans %l %s elements, more "
                          "than INT32_MAX", gir__bname(b), b->id, (int)k, (int)d, (long long)span, axis);
    if (padded > 2147483647)
        return GIR__BFAIL(b, GIR_ERR_ATTR, "%s: node %u: padding %d makes the padded %s %l, more than INT32_MAX",
                          gir__bname(b), b->id, (int)p, axis, (long long)padded);
    *out = padded < span ? 0 : (int32_t)((padded - span) / s + 1);
    return GIR_OK;
}
/* checks x [N,C,H,W] against w [K,C/groups,kh,kw]; writes the conv output shape to *o */
static gir_status gir__conv_check(gir__bctx *b, const gir_shape *xs, const gir_shape *ws, gir_shape *o) {
    gir_status s;
    gir_attr *A = &b->attr;
    int32_t oh = 0, ow = 0;
    if ((s = gir__pair(b, &A->l[0], 1, 1, 1, "stride")) != GIR_OK) return s;
    if ((s = gir__pair(b, &A->l[1], 0, 0, 0, "padding")) != GIR_OK) return s;
    if ((s = gir__pair(b, &A->l[2], 1, 1, 1, "dilation")) != GIR_OK) return s;
    if (A->i[0] == 0) A->i[0] = 1;
    if (xs->rank != 4 || ws->rank != 4)
        return GIR__BFAIL(b, GIR_ERR_SHAPE, "%s: node %u: needs x [N,C,H,W] and w [K,C/groups,kh,kw], got %S, %S",
                          gir__bname(b), b->id, xs, ws);
    if (A->i[0] < 1 || xs->dim[1] % A->i[0] || ws->dim[0] % A->i[0] || (int64_t)ws->dim[1] * A->i[0] != xs->dim[1])
        return GIR__BFAIL(b, GIR_ERR_SHAPE, "%s: node %u: channels do not fit groups=%d: x %S, w %S", gir__bname(b),
                          b->id, (int)A->i[0], xs, ws);
    if ((s = gir__window(b, xs->dim[2], ws->dim[2], A->l[0].v[0], A->l[1].v[0], A->l[2].v[0], "height", &oh)) ||
        (s = gir__window(b, xs->dim[3], ws->dim[3], A->l[0].v[1], A->l[1].v[1], A->l[2].v[1], "width", &ow)))
        return s;
    *o = gir_shape4(xs->dim[0], ws->dim[0], oh, ow);
    if (oh < 1 || ow < 1)
        return GIR__BFAIL(b, GIR_ERR_SHAPE, "%s: node %u: window larger than the padded input: x %S, w %S",
                          gir__bname(b), b->id, xs, ws);
    return GIR_OK;
}
static gir_status gir__sh_conv2d(gir__bctx *b) {
    return gir__conv_check(b, &gir__bin(b, 0)->shape, &gir__bin(b, 1)->shape, &b->out);
}
static gir_status gir__sh_conv2d_bwd_data(gir__bctx *b) {
    gir_shape o;
    const gir__node *gy = gir__bin(b, 0);
    gir_status s = gir__check_shape(b, &b->attr.shape, "xshape");
    if (!s) s = gir__conv_check(b, &b->attr.shape, &gir__bin(b, 1)->shape, &o);
    if (s) return s;
    if (!gir__shape_eq(&o, &gy->shape))
        return GIR__BFAIL(b, GIR_ERR_SHAPE, "conv2d_bwd_data: node %u: gradient %S does not match the output %S",
                          b->id, &gy->shape, &o);
    b->out = b->attr.shape;
    return GIR_OK;
}
static gir_status gir__sh_conv2d_bwd_filter(gir__bctx *b) {
    gir_shape o;
    const gir__node *gy = gir__bin(b, 1);
    gir_status s = gir__check_shape(b, &b->attr.shape, "wshape");
    if (!s) s = gir__conv_check(b, &gir__bin(b, 0)->shape, &b->attr.shape, &o);
    if (s) return s;
    if (!gir__shape_eq(&o, &gy->shape))
        return GIR__BFAIL(b, GIR_ERR_SHAPE, "conv2d_bwd_filter: node %u: gradient %S does not match the output %S",
                          b->id, &gy->shape, &o);
    b->out = b->attr.shape;
    return GIR_OK;
}
/* pooling: as PyTorch, padding is at most half the kernel, so every window holds at least one input element */
static gir_status gir__pool_check(gir__bctx *b, const gir_shape *xs, gir_shape *o) {
    gir_status s;
    gir_attr *A = &b->attr;
    int32_t oh = 0, ow = 0;
    if ((s = gir__pair(b, &A->l[0], 0, 0, 1, "kernel")) != GIR_OK) return s;
    if ((s = gir__pair(b, &A->l[1], A->l[0].v[0], A->l[0].v[1], 1, "stride")) != GIR_OK) return s;
    if ((s = gir__pair(b, &A->l[2], 0, 0, 0, "padding")) != GIR_OK) return s;
    if (2 * (int64_t)A->l[2].v[0] > A->l[0].v[0] || 2 * (int64_t)A->l[2].v[1] > A->l[0].v[1])
        return GIR__BFAIL(b, GIR_ERR_ATTR, "%s: node %u: padding [%d,%d] must be at most half the kernel [%d,%d]",
                          gir__bname(b), b->id, (int)A->l[2].v[0], (int)A->l[2].v[1], (int)A->l[0].v[0],
                          (int)A->l[0].v[1]);
    if (xs->rank != 4)
        return GIR__BFAIL(b, GIR_ERR_SHAPE, "%s: node %u: needs x [N,C,H,W], got %S", gir__bname(b), b->id, xs);
    if ((s = gir__window(b, xs->dim[2], A->l[0].v[0], A->l[1].v[0], A->l[2].v[0], 1, "height", &oh)) ||
        (s = gir__window(b, xs->dim[3], A->l[0].v[1], A->l[1].v[1], A->l[2].v[1], 1, "width", &ow)))
        return s;
    *o = gir_shape4(xs->dim[0], xs->dim[1], oh, ow);
    if (oh < 1 || ow < 1)
        return GIR__BFAIL(b, GIR_ERR_SHAPE, "%s: node %u: window larger than the padded input %S", gir__bname(b),
                          b->id, xs);
    return GIR_OK;
}
static gir_status gir__sh_pool2d(gir__bctx *b) { return gir__pool_check(b, &gir__bin(b, 0)->shape, &b->out); }
static gir_status gir__sh_pool2d_bwd(gir__bctx *b) {
    gir_shape o;
    const gir__node *gy = gir__bin(b, 0), *x = gir__bin(b, 1);
    gir_status s = gir__pool_check(b, &x->shape, &o);
    if (s) return s;
    if (!gir__shape_eq(&o, &gy->shape) || gy->dtype != x->dtype)
        return GIR__BFAIL(b, GIR_ERR_SHAPE, "%s: node %u: gradient %S %T does not match the pooled input %S %T",
                          gir__bname(b), b->id, &gy->shape, (int)gy->dtype, &o, (int)x->dtype);
    b->out = x->shape;
    return GIR_OK;
}
static gir_status gir__sh_pool2d_bwd_avg(gir__bctx *b) {
    gir_shape o;
    const gir__node *gy = gir__bin(b, 0);
    gir_status s = gir__check_shape(b, &b->attr.shape, "xshape");
    if (!s) s = gir__pool_check(b, &b->attr.shape, &o);
    if (s) return s;
    if (!gir__shape_eq(&o, &gy->shape))
        return GIR__BFAIL(b, GIR_ERR_SHAPE, "%s: node %u: gradient %S does not match the pooled input %S",
                          gir__bname(b), b->id, &gy->shape, &o);
    b->out = b->attr.shape;
    return GIR_OK;
}

static gir_status gir__sh_dropout(gir__bctx *b) {
    if (!(b->attr.f[0] >= 0 && b->attr.f[0] <= 1))
        return GIR__BFAIL(b, GIR_ERR_ATTR, "dropout: node %u: p = %g is not in [0, 1]", b->id, b->attr.f[0]);
    b->out = gir__bin(b, 0)->shape;
    return GIR_OK;
}

/* >>build: the generic builder every named builder calls, and gir_dump ------------------------------------------- */
static const char *gir__dtrule_text(int r) {
    switch (r) {
    case GIR__DT_NUM: return "numeric (u8, i32, f32, f64)";
    case GIR__DT_FLOAT: return "float (f32, f64)";
    case GIR__DT_CMP: return "b8 or numeric (b8, u8, i32, f32, f64)";
    case GIR__DT_LOGIC: return "b8";
    case GIR__DT_TEST: return "float (f32, f64)";
    case GIR__DT_INT: return "integer (u8, i32)";
    case GIR__DT_INDEX: return "numeric (u8, i32, f32, f64)";
    default: return "any";
    }
}
static int gir__dt_allowed(int rule, int dt) {
    switch (rule) {
    case GIR__DT_NUM: case GIR__DT_INDEX: return gir__is_num(dt);
    case GIR__DT_CMP: return dt == GIR_DTYPE_B8 || gir__is_num(dt);
    case GIR__DT_FLOAT: return gir__is_num(dt);        /* integers may promote with a float parent */
    case GIR__DT_TEST: return gir__is_float(dt);
    case GIR__DT_LOGIC: return dt == GIR_DTYPE_B8;
    case GIR__DT_INT: return gir__is_int(dt);
    default: return dt > 0 && dt < GIR_DTYPE__COUNT;
    }
}

/* attribute values no shape rule looks at */
static gir_status gir__check_values(gir__bctx *b) {
    if (b->op == GIR_OP_CLAMP && b->attr.f[0] > b->attr.f[1])
        return GIR__BFAIL(b, GIR_ERR_ATTR, "clamp: node %u: lo %g > hi %g (lo must not exceed hi)", b->id,
                          b->attr.f[0], b->attr.f[1]);
    return GIR_OK;
}
/* the value of a rank-0 constant as its node holds it, when known at build time */
static int gir__scalar_value(const gir__node *x, double *v) {
    if (x->op == GIR_OP_FILL) {
        *v = x->dtype == GIR_DTYPE_U8 ? gir__sat_u8(x->attr.f[0]) : x->dtype == GIR_DTYPE_I32 ?
             gir__sat_i32(x->attr.f[0]) : x->attr.f[0];
        return 1;
    }
    if (x->op != GIR_OP_CONSTANT || !x->attr.data) return 0;
    switch (x->dtype) {
    case GIR_DTYPE_U8: case GIR_DTYPE_B8: *v = *(const uint8_t *)x->attr.data; return 1;
    case GIR_DTYPE_I32: *v = *(const int32_t *)x->attr.data; return 1;
    case GIR_DTYPE_F32: *v = *(const float *)x->attr.data; return 1;
    default: *v = *(const double *)x->attr.data; return 1;
    }
}
static int gir__kind(int dt) { return dt == GIR_DTYPE_B8 ? 0 : gir__is_int(dt) ? 1 : 2; }
static int gir__weak(const gir__node *x, int np) { return np > 1 && x->shape.rank == 0 && x->ntype == GIR_NODE_CONSTANT; }
/* The common dtype of the parents. Promotion follows the order b8 < u8 < i32 < f32 < f64, but a rank-0 constant
   (a scalar such as gir_scalar's) adapts to the other parents, as in NumPy 2: x_f32 * 2.0 stays f32; a float
   scalar with integer or b8 tensors gives at least f32, an integer scalar with b8 tensors its own dtype. An
   integer scalar must fit the dtype it adapts to (NumPy 2 raises OverflowError for u8 + 300), except in
   comparisons, which then compare in the scalar's dtype (u8 == 300 is false, as in NumPy 2). */
static gir_status gir__promote(gir__bctx *b, const gir__opinfo *oi, const gir_node *stor, int np, int *pdt) {
    gir_graph *g = b->g;
    int strong = 0, weak = 0, k;
    for (k = 0; k < np; ++k) {
        const gir__node *x = &g->nodes[stor[k].id];
        if (!gir__dt_allowed(oi->dtrule, x->dtype))
            return GIR__BFAIL(b, GIR_ERR_DTYPE, "%s: node %u: %s (input %d) must be %s, got %T %S", oi->name, b->id,
                              gir__in_name(oi, gir__in_pos(oi, k)), gir__in_pos(oi, k), gir__dtrule_text(oi->dtrule),
                              (int)x->dtype, &x->shape);
        if (gir__weak(x, np)) { if (x->dtype > weak) weak = x->dtype; }
        else if (x->dtype > strong) strong = x->dtype;
    }
    *pdt = !strong ? weak : (!weak || gir__kind(weak) <= gir__kind(strong)) ? strong
         : gir__is_float(weak) ? GIR_DTYPE_F32 : weak;
    for (k = 0; k < np && gir__is_int(*pdt); ++k) {
        const gir__node *x = &g->nodes[stor[k].id];
        double v, lo = *pdt == GIR_DTYPE_U8 ? 0.0 : -2147483648.0, hi = *pdt == GIR_DTYPE_U8 ? 255.0 : 2147483647.0;
        if (!gir__weak(x, np) || !gir__is_int(x->dtype) || !gir__scalar_value(x, &v) || (v >= lo && v <= hi)) continue;
        if (oi->dtrule == GIR__DT_CMP) { *pdt = x->dtype > *pdt ? x->dtype : *pdt; continue; }
        return GIR__BFAIL(b, GIR_ERR_DTYPE, "%s: node %u: the scalar %g (%s, input %d) does not fit %T, the dtype "
                          "of the other operand (cast one side first)", oi->name, b->id, v,
                          gir__in_name(oi, gir__in_pos(oi, k)), gir__in_pos(oi, k), *pdt);
    }
    return GIR_OK;
}
GIR_API gir_node gir_op_build(gir_graph *g, gir_op op, int n, const gir_node *in, const gir_attr *attr) {
    gir_node bad = gir__handle(NULL, 0), ord[GIR_MAX_VARIADIC], *stor = ord;
    const gir__opinfo *oi;
    const gir__node *x0 = NULL;     /* the first parent, which the dtype and shape rules read */
    gir__bctx b;
    gir__node *nd;
    int k, np, pdt = 0, odt = 0, ntype, level;
    size_t bytes = 0;
    void *data = NULL;
    gir_status s = GIR_OK;
    if (!g) return bad;
    if (!gir__op_ok(op)) {
        gir__gfail(g, GIR_ERR_INVALID_ARG, "op_build: unknown op %d", (int)op);
        return bad;
    }
    oi = &gir__ops[op];
    GIR_MEMSET(&b, 0, sizeof b);
    b.g = g; b.op = op; b.id = (uint32_t)g->nnodes; b.n = n;
    if (oi->variadic ? (n < 1 || n > GIR_MAX_VARIADIC) : (n != oi->nparents + oi->nargs)) {
        if (oi->variadic)
            gir__gfail(g, GIR_ERR_INVALID_ARG, "%s: node %u: takes 1 to GIR_MAX_VARIADIC (%d) inputs, got %d", oi->name,
                       b.id, GIR_MAX_VARIADIC, n);
        else
            gir__gfail(g, GIR_ERR_INVALID_ARG, "%s: node %u: takes %d input(s), got %d", oi->name, b.id,
                       oi->nparents + oi->nargs, n);
        return bad;
    }
    if (n > 0 && !in) {
        gir__gfail(g, GIR_ERR_INVALID_ARG, "%s: node %u: input array is NULL", oi->name, b.id);
        return bad;
    }
    /* storage order: parents first, then arguments (IN order within each) */
    np = oi->variadic ? n : oi->nparents;
    {
        int p = 0, a = np;
        for (k = 0; k < n; ++k) {
            if (!oi->variadic && k < 32 && ((oi->argmask >> k) & 1u)) ord[a++] = in[k];
            else ord[p++] = in[k];
        }
    }
    for (k = 0; k < n; ++k) {
        int kind = gir__handle_kind(g, stor[k]);
        if (kind == GIR__H_NONE) return bad;          /* poisoned input: no new message */
        if (kind != GIR__H_OWN) {
            gir__gfail(g, GIR_ERR_HANDLE, "%s: node %u: %s (input %d, id %u) %s", oi->name, b.id,
                       gir__in_name(oi, gir__in_pos(oi, k)), gir__in_pos(oi, k), (unsigned)stor[k].id, gir__handle_why(kind));
            return bad;
        }
    }
    b.in = stor;
    if (attr) b.attr = *attr;
    b.attr.data = NULL;
    if (gir__check_attr_ranks(&b, oi->attrs)) return bad;
    if (gir__promote(&b, oi, stor, np, &pdt)) return bad;
    if (np > 0) x0 = &g->nodes[stor[0].id];
    if (np > 0 && gir__ew_lacks(op, pdt)) {
        gir__gfail(g, GIR_ERR_DTYPE, "%s: node %u: not defined for %T inputs", oi->name, b.id, pdt);
        return bad;
    }
    if (!x0 && (oi->dtrule != GIR__DT_ATTR || oi->shrule == GIR__SH_SAME || oi->shrule == GIR__SH_BCAST ||
                oi->shrule == GIR__SH_REDUCE)) {           /* a table row whose rules read a parent it lacks */
        gir__gfail(g, GIR_ERR_INVALID_ARG, "%s: node %u: its dtype and shape rules need a parent", oi->name, b.id);
        return bad;
    }
    switch (oi->dtrule) {
    case GIR__DT_FLOAT:
        if (!gir__is_float(pdt)) {
            gir__gfail(g, GIR_ERR_DTYPE, "%s: node %u: needs float (f32, f64) inputs, got %T %S (cast it first)",
                       oi->name, b.id, (int)x0->dtype, &x0->shape);
            return bad;
        }
        odt = pdt; break;
    case GIR__DT_CMP: case GIR__DT_LOGIC: case GIR__DT_TEST: odt = GIR_DTYPE_B8; break;
    case GIR__DT_INDEX: odt = GIR_DTYPE_I32; break;
    case GIR__DT_ATTR:
        odt = b.attr.dtype;
        if (odt <= 0 || odt >= GIR_DTYPE__COUNT) {
            gir__gfail(g, GIR_ERR_ATTR, "%s: node %u: bad dtype attribute %d", oi->name, b.id, (int)b.attr.dtype);
            return bad;
        }
        break;
    default: odt = pdt;
    }
    b.dtype = odt;
    /* shape rule */
    switch (oi->shrule) {
    case GIR__SH_SAME:
        b.out = x0->shape;
        if (oi->axis_i >= 0) s = gir__axis(&b, &b.attr.i[oi->axis_i], b.out.rank, "axis");
        if (!s && oi->axes_l >= 0) s = gir__axes(&b, &b.attr.l[oi->axes_l], b.out.rank, 0);
        break;
    case GIR__SH_BCAST:
        b.out = x0->shape;
        for (k = 1; k < np && !s; ++k) {
            const gir_shape *xs = &g->nodes[stor[k].id].shape;
            gir_shape prev = b.out;
            if (!gir__bcast2(&prev, xs, &b.out))
                s = GIR__BFAIL(&b, GIR_ERR_SHAPE, "%s: node %u: shapes do not broadcast: %S and %S", oi->name, b.id,
                               &prev, xs);
        }
        break;
    case GIR__SH_REDUCE: s = gir__reduce_shape(&b); break;
    case GIR__SH_SCALAR: b.out = gir_shape0(); break;
    case GIR__SH_ATTR_SHAPE:
        b.out = b.attr.shape;
        s = gir__check_shape(&b, &b.out, "shape");
        break;
    default: s = oi->shape_fn(&b);
    }
    if (!s) s = gir__check_values(&b);
    if (s) return bad;
    if (!gir__shape_ok(&b.out)) {
        int neg = !gir__rank_ok(b.out.rank);
        for (k = 0; !neg && k < b.out.rank; ++k) neg = b.out.dim[k] < 0;
        if (neg) gir__gfail(g, GIR_ERR_SHAPE, "%s: node %u: result %S is not a valid shape", oi->name, b.id, &b.out);
        else gir__gfail(g, GIR_ERR_LIMIT, "%s: node %u: result %S has more than 2^40 elements", oi->name, b.id, &b.out);
        return bad;
    }
    odt = b.dtype;
    /* promotion: cast parents whose dtype differs from the common one */
    if (oi->dtrule != GIR__DT_ATTR && oi->dtrule != GIR__DT_INDEX && np > 1) {
        int cast_to = pdt;
        for (k = 0; k < np; ++k) {
            if (g->nodes[stor[k].id].dtype != cast_to) {
                gir_attr ca;
                gir_node c;
                gir_attr_zero(&ca);
                ca.dtype = cast_to;
                c = gir_op_build(g, GIR_OP_CAST, 1, &stor[k], &ca);
                if (!c.id) return bad;
                stor[k] = c;
            }
        }
        b.id = (uint32_t)g->nnodes;
    }
    /* node type and grad level, from the inputs */
    level = g->grad_level;
    if (n == 0) {
        ntype = (op == GIR_OP_INPUT || op == GIR_OP_VARIABLE) ? GIR_NODE_INPUT : GIR_NODE_CONSTANT;
    } else {
        int diff_in = 0, any_in = 0;
        for (k = 0; k < n; ++k) {
            const gir__node *x = &g->nodes[stor[k].id];
            int t = x->ntype;
            if (x->grad_level > level) level = x->grad_level;
            if (t >= GIR_NODE_INPUT) any_in = 1;
            if (k < np && gir__is_float(x->dtype) && (t == GIR_NODE_INPUT || t == GIR_NODE_INPUT_DERIVED)) diff_in = 1;
        }
        /* a float op without an adjoint stays on the gradient path (gir_grad reports it) unless it blocks */
        if (diff_in && gir__is_float(odt) && !(oi->flags & GIR__F_BLOCK)) ntype = GIR_NODE_INPUT_DERIVED;
        else if (any_in) ntype = GIR_NODE_INPUT_DERIVED_NON_DIFF;
        else ntype = GIR_NODE_CONSTANT_DERIVED;
    }
    /* storage: everything is reserved before anything is changed, so a failure leaves the graph as it was */
    if (op == GIR_OP_VARIABLE || op == GIR_OP_CONSTANT) {
        if (!gir__bytes(&b.out, odt, &bytes)) {
            gir__gfail(g, GIR_ERR_LIMIT, "%s: node %u: %T %S has more bytes than size_t counts", oi->name, b.id, odt,
                       &b.out);
            return bad;
        }
        data = gir__alloc(&g->a, bytes ? bytes : 1);
        if (!data) {
            gir__gfail(g, GIR_ERR_OUT_OF_MEMORY, "%s: node %u: out of memory for %l bytes of data", oi->name, b.id,
                       (long long)bytes);
            return bad;
        }
        if (attr && attr->data) GIR_MEMCPY(data, attr->data, bytes);
        else GIR_MEMSET(data, 0, bytes);
    }
    if (gir__grow(&g->a, (void **)&g->nodes, &g->cap, g->nnodes + 1, sizeof(gir__node)) ||
        gir__grow(&g->a, (void **)&g->ins, &g->inscap, g->nins + (size_t)n, sizeof(uint32_t)) ||
        g->nnodes >= 0xffffffffu) {
        gir__free(&g->a, data, bytes);
        gir__gfail(g, GIR_ERR_OUT_OF_MEMORY, "%s: node %u: out of memory growing the graph", oi->name, b.id);
        return bad;
    }
    nd = &g->nodes[g->nnodes];
    GIR_MEMSET(nd, 0, sizeof *nd);
    nd->op = (uint16_t)op;
    nd->dtype = (uint8_t)odt;
    nd->ntype = (uint8_t)ntype;
    nd->grad_level = (uint16_t)level;
    nd->nparents = (uint16_t)np;
    nd->nin = (uint32_t)n;
    nd->in0 = (uint32_t)g->nins;
    nd->shape = b.out;
    nd->attr = b.attr;
    nd->attr.data = data;
    nd->data_bytes = bytes;
    for (k = 0; k < n; ++k) g->ins[g->nins++] = stor[k].id;
    return gir__handle(g, (uint32_t)g->nnodes++);
}

/* generated from ops.def: one builder per row */
GIR_API gir_node gir_input(gir_graph *g, gir_dtype dtype, gir_shape shape) {
    gir_attr A;
    gir_attr_zero(&A);
    A.dtype = (int32_t)dtype;
    A.shape = shape;
    return gir_op_build(g, GIR_OP_INPUT, 0, NULL, &A);
}
GIR_API gir_node gir_variable(gir_graph *g, gir_dtype dtype, gir_shape shape, const void *init) {
    gir_attr A;
    gir_attr_zero(&A);
    A.dtype = (int32_t)dtype;
    A.shape = shape;
    A.data = init;
    return gir_op_build(g, GIR_OP_VARIABLE, 0, NULL, &A);
}
GIR_API gir_node gir_constant(gir_graph *g, gir_dtype dtype, gir_shape shape, const void *values) {
    gir_attr A;
    gir_attr_zero(&A);
    A.dtype = (int32_t)dtype;
    A.shape = shape;
    A.data = values;
    return gir_op_build(g, GIR_OP_CONSTANT, 0, NULL, &A);
}
GIR_API gir_node gir_fill(gir_graph *g, gir_dtype dtype, gir_shape shape, double value) {
    gir_attr A;
    gir_attr_zero(&A);
    A.dtype = (int32_t)dtype;
    A.shape = shape;
    A.f[0] = value;
    return gir_op_build(g, GIR_OP_FILL, 0, NULL, &A);
}
GIR_API gir_node gir_eye(gir_graph *g, gir_dtype dtype, int n, int m, int k) {
    gir_attr A;
    gir_attr_zero(&A);
    A.dtype = (int32_t)dtype;
    A.i[0] = (int32_t)n;
    A.i[1] = (int32_t)m;
    A.i[2] = (int32_t)k;
    return gir_op_build(g, GIR_OP_EYE, 0, NULL, &A);
}
GIR_API gir_node gir_arange(gir_graph *g, gir_dtype dtype, double start, double stop, double step) {
    gir_attr A;
    gir_attr_zero(&A);
    A.dtype = (int32_t)dtype;
    A.f[0] = start;
    A.f[1] = stop;
    A.f[2] = step;
    return gir_op_build(g, GIR_OP_ARANGE, 0, NULL, &A);
}
GIR_API gir_node gir_rand_uniform(gir_graph *g, gir_dtype dtype, gir_shape shape, double lo, double hi, uint64_t seed) {
    gir_attr A;
    gir_attr_zero(&A);
    A.dtype = (int32_t)dtype;
    A.shape = shape;
    A.f[0] = lo;
    A.f[1] = hi;
    A.seed = seed;
    return gir_op_build(g, GIR_OP_RAND_UNIFORM, 0, NULL, &A);
}
GIR_API gir_node gir_rand_normal(gir_graph *g, gir_dtype dtype, gir_shape shape, double mean, double std, uint64_t seed) {
    gir_attr A;
    gir_attr_zero(&A);
    A.dtype = (int32_t)dtype;
    A.shape = shape;
    A.f[0] = mean;
    A.f[1] = std;
    A.seed = seed;
    return gir_op_build(g, GIR_OP_RAND_NORMAL, 0, NULL, &A);
}
GIR_API gir_node gir_not(gir_graph *g, gir_node a) {
    gir_attr A;
    gir_node in[1];
    gir_attr_zero(&A);
    in[0] = a;
    return gir_op_build(g, GIR_OP_NOT, 1, in, &A);
}
GIR_API gir_node gir_and(gir_graph *g, gir_node a, gir_node b) {
    gir_attr A;
    gir_node in[2];
    gir_attr_zero(&A);
    in[0] = a;
    in[1] = b;
    return gir_op_build(g, GIR_OP_AND, 2, in, &A);
}
GIR_API gir_node gir_or(gir_graph *g, gir_node a, gir_node b) {
    gir_attr A;
    gir_node in[2];
    gir_attr_zero(&A);
    in[0] = a;
    in[1] = b;
    return gir_op_build(g, GIR_OP_OR, 2, in, &A);
}
GIR_API gir_node gir_xor(gir_graph *g, gir_node a, gir_node b) {
    gir_attr A;
    gir_node in[2];
    gir_attr_zero(&A);
    in[0] = a;
    in[1] = b;
    return gir_op_build(g, GIR_OP_XOR, 2, in, &A);
}
GIR_API gir_node gir_gt(gir_graph *g, gir_node a, gir_node b) {
    gir_attr A;
    gir_node in[2];
    gir_attr_zero(&A);
    in[0] = a;
    in[1] = b;
    return gir_op_build(g, GIR_OP_GT, 2, in, &A);
}
GIR_API gir_node gir_ge(gir_graph *g, gir_node a, gir_node b) {
    gir_attr A;
    gir_node in[2];
    gir_attr_zero(&A);
    in[0] = a;
    in[1] = b;
    return gir_op_build(g, GIR_OP_GE, 2, in, &A);
}
GIR_API gir_node gir_lt(gir_graph *g, gir_node a, gir_node b) {
    gir_attr A;
    gir_node in[2];
    gir_attr_zero(&A);
    in[0] = a;
    in[1] = b;
    return gir_op_build(g, GIR_OP_LT, 2, in, &A);
}
GIR_API gir_node gir_le(gir_graph *g, gir_node a, gir_node b) {
    gir_attr A;
    gir_node in[2];
    gir_attr_zero(&A);
    in[0] = a;
    in[1] = b;
    return gir_op_build(g, GIR_OP_LE, 2, in, &A);
}
GIR_API gir_node gir_eq(gir_graph *g, gir_node a, gir_node b) {
    gir_attr A;
    gir_node in[2];
    gir_attr_zero(&A);
    in[0] = a;
    in[1] = b;
    return gir_op_build(g, GIR_OP_EQ, 2, in, &A);
}
GIR_API gir_node gir_ne(gir_graph *g, gir_node a, gir_node b) {
    gir_attr A;
    gir_node in[2];
    gir_attr_zero(&A);
    in[0] = a;
    in[1] = b;
    return gir_op_build(g, GIR_OP_NE, 2, in, &A);
}
GIR_API gir_node gir_approx_eq(gir_graph *g, gir_node a, gir_node b, double atol, double rtol) {
    gir_attr A;
    gir_node in[2];
    gir_attr_zero(&A);
    in[0] = a;
    in[1] = b;
    A.f[0] = atol;
    A.f[1] = rtol;
    return gir_op_build(g, GIR_OP_APPROX_EQ, 2, in, &A);
}
GIR_API gir_node gir_isnan(gir_graph *g, gir_node a) {
    gir_attr A;
    gir_node in[1];
    gir_attr_zero(&A);
    in[0] = a;
    return gir_op_build(g, GIR_OP_ISNAN, 1, in, &A);
}
GIR_API gir_node gir_isinf(gir_graph *g, gir_node a) {
    gir_attr A;
    gir_node in[1];
    gir_attr_zero(&A);
    in[0] = a;
    return gir_op_build(g, GIR_OP_ISINF, 1, in, &A);
}
GIR_API gir_node gir_isfinite(gir_graph *g, gir_node a) {
    gir_attr A;
    gir_node in[1];
    gir_attr_zero(&A);
    in[0] = a;
    return gir_op_build(g, GIR_OP_ISFINITE, 1, in, &A);
}
GIR_API gir_node gir_add(gir_graph *g, gir_node a, gir_node b) {
    gir_attr A;
    gir_node in[2];
    gir_attr_zero(&A);
    in[0] = a;
    in[1] = b;
    return gir_op_build(g, GIR_OP_ADD, 2, in, &A);
}
GIR_API gir_node gir_sub(gir_graph *g, gir_node a, gir_node b) {
    gir_attr A;
    gir_node in[2];
    gir_attr_zero(&A);
    in[0] = a;
    in[1] = b;
    return gir_op_build(g, GIR_OP_SUB, 2, in, &A);
}
GIR_API gir_node gir_mul(gir_graph *g, gir_node a, gir_node b) {
    gir_attr A;
    gir_node in[2];
    gir_attr_zero(&A);
    in[0] = a;
    in[1] = b;
    return gir_op_build(g, GIR_OP_MUL, 2, in, &A);
}
GIR_API gir_node gir_div(gir_graph *g, gir_node a, gir_node b) {
    gir_attr A;
    gir_node in[2];
    gir_attr_zero(&A);
    in[0] = a;
    in[1] = b;
    return gir_op_build(g, GIR_OP_DIV, 2, in, &A);
}
GIR_API gir_node gir_neg(gir_graph *g, gir_node a) {
    gir_attr A;
    gir_node in[1];
    gir_attr_zero(&A);
    in[0] = a;
    return gir_op_build(g, GIR_OP_NEG, 1, in, &A);
}
GIR_API gir_node gir_pow(gir_graph *g, gir_node a, gir_node b) {
    gir_attr A;
    gir_node in[2];
    gir_attr_zero(&A);
    in[0] = a;
    in[1] = b;
    return gir_op_build(g, GIR_OP_POW, 2, in, &A);
}
GIR_API gir_node gir_maximum(gir_graph *g, gir_node a, gir_node b) {
    gir_attr A;
    gir_node in[2];
    gir_attr_zero(&A);
    in[0] = a;
    in[1] = b;
    return gir_op_build(g, GIR_OP_MAXIMUM, 2, in, &A);
}
GIR_API gir_node gir_minimum(gir_graph *g, gir_node a, gir_node b) {
    gir_attr A;
    gir_node in[2];
    gir_attr_zero(&A);
    in[0] = a;
    in[1] = b;
    return gir_op_build(g, GIR_OP_MINIMUM, 2, in, &A);
}
GIR_API gir_node gir_mod(gir_graph *g, gir_node a, gir_node b) {
    gir_attr A;
    gir_node in[2];
    gir_attr_zero(&A);
    in[0] = a;
    in[1] = b;
    return gir_op_build(g, GIR_OP_MOD, 2, in, &A);
}
GIR_API gir_node gir_floordiv(gir_graph *g, gir_node a, gir_node b) {
    gir_attr A;
    gir_node in[2];
    gir_attr_zero(&A);
    in[0] = a;
    in[1] = b;
    return gir_op_build(g, GIR_OP_FLOORDIV, 2, in, &A);
}
GIR_API gir_node gir_add_n(gir_graph *g, int n, const gir_node *xs) {
    gir_attr A;
    gir_attr_zero(&A);
    return gir_op_build(g, GIR_OP_ADD_N, n, xs, &A);
}
GIR_API gir_node gir_abs(gir_graph *g, gir_node a) {
    gir_attr A;
    gir_node in[1];
    gir_attr_zero(&A);
    in[0] = a;
    return gir_op_build(g, GIR_OP_ABS, 1, in, &A);
}
GIR_API gir_node gir_sign(gir_graph *g, gir_node a) {
    gir_attr A;
    gir_node in[1];
    gir_attr_zero(&A);
    in[0] = a;
    return gir_op_build(g, GIR_OP_SIGN, 1, in, &A);
}
GIR_API gir_node gir_square(gir_graph *g, gir_node a) {
    gir_attr A;
    gir_node in[1];
    gir_attr_zero(&A);
    in[0] = a;
    return gir_op_build(g, GIR_OP_SQUARE, 1, in, &A);
}
GIR_API gir_node gir_sqrt(gir_graph *g, gir_node a) {
    gir_attr A;
    gir_node in[1];
    gir_attr_zero(&A);
    in[0] = a;
    return gir_op_build(g, GIR_OP_SQRT, 1, in, &A);
}
GIR_API gir_node gir_rsqrt(gir_graph *g, gir_node a) {
    gir_attr A;
    gir_node in[1];
    gir_attr_zero(&A);
    in[0] = a;
    return gir_op_build(g, GIR_OP_RSQRT, 1, in, &A);
}
GIR_API gir_node gir_reciprocal(gir_graph *g, gir_node a) {
    gir_attr A;
    gir_node in[1];
    gir_attr_zero(&A);
    in[0] = a;
    return gir_op_build(g, GIR_OP_RECIPROCAL, 1, in, &A);
}
GIR_API gir_node gir_exp(gir_graph *g, gir_node a) {
    gir_attr A;
    gir_node in[1];
    gir_attr_zero(&A);
    in[0] = a;
    return gir_op_build(g, GIR_OP_EXP, 1, in, &A);
}
GIR_API gir_node gir_expm1(gir_graph *g, gir_node a) {
    gir_attr A;
    gir_node in[1];
    gir_attr_zero(&A);
    in[0] = a;
    return gir_op_build(g, GIR_OP_EXPM1, 1, in, &A);
}
GIR_API gir_node gir_log(gir_graph *g, gir_node a) {
    gir_attr A;
    gir_node in[1];
    gir_attr_zero(&A);
    in[0] = a;
    return gir_op_build(g, GIR_OP_LOG, 1, in, &A);
}
GIR_API gir_node gir_log1p(gir_graph *g, gir_node a) {
    gir_attr A;
    gir_node in[1];
    gir_attr_zero(&A);
    in[0] = a;
    return gir_op_build(g, GIR_OP_LOG1P, 1, in, &A);
}
GIR_API gir_node gir_log2(gir_graph *g, gir_node a) {
    gir_attr A;
    gir_node in[1];
    gir_attr_zero(&A);
    in[0] = a;
    return gir_op_build(g, GIR_OP_LOG2, 1, in, &A);
}
GIR_API gir_node gir_sin(gir_graph *g, gir_node a) {
    gir_attr A;
    gir_node in[1];
    gir_attr_zero(&A);
    in[0] = a;
    return gir_op_build(g, GIR_OP_SIN, 1, in, &A);
}
GIR_API gir_node gir_cos(gir_graph *g, gir_node a) {
    gir_attr A;
    gir_node in[1];
    gir_attr_zero(&A);
    in[0] = a;
    return gir_op_build(g, GIR_OP_COS, 1, in, &A);
}
GIR_API gir_node gir_tan(gir_graph *g, gir_node a) {
    gir_attr A;
    gir_node in[1];
    gir_attr_zero(&A);
    in[0] = a;
    return gir_op_build(g, GIR_OP_TAN, 1, in, &A);
}
GIR_API gir_node gir_asin(gir_graph *g, gir_node a) {
    gir_attr A;
    gir_node in[1];
    gir_attr_zero(&A);
    in[0] = a;
    return gir_op_build(g, GIR_OP_ASIN, 1, in, &A);
}
GIR_API gir_node gir_acos(gir_graph *g, gir_node a) {
    gir_attr A;
    gir_node in[1];
    gir_attr_zero(&A);
    in[0] = a;
    return gir_op_build(g, GIR_OP_ACOS, 1, in, &A);
}
GIR_API gir_node gir_atan(gir_graph *g, gir_node a) {
    gir_attr A;
    gir_node in[1];
    gir_attr_zero(&A);
    in[0] = a;
    return gir_op_build(g, GIR_OP_ATAN, 1, in, &A);
}
GIR_API gir_node gir_sinh(gir_graph *g, gir_node a) {
    gir_attr A;
    gir_node in[1];
    gir_attr_zero(&A);
    in[0] = a;
    return gir_op_build(g, GIR_OP_SINH, 1, in, &A);
}
GIR_API gir_node gir_cosh(gir_graph *g, gir_node a) {
    gir_attr A;
    gir_node in[1];
    gir_attr_zero(&A);
    in[0] = a;
    return gir_op_build(g, GIR_OP_COSH, 1, in, &A);
}
GIR_API gir_node gir_tanh(gir_graph *g, gir_node a) {
    gir_attr A;
    gir_node in[1];
    gir_attr_zero(&A);
    in[0] = a;
    return gir_op_build(g, GIR_OP_TANH, 1, in, &A);
}
GIR_API gir_node gir_sigmoid(gir_graph *g, gir_node a) {
    gir_attr A;
    gir_node in[1];
    gir_attr_zero(&A);
    in[0] = a;
    return gir_op_build(g, GIR_OP_SIGMOID, 1, in, &A);
}
GIR_API gir_node gir_softplus(gir_graph *g, gir_node a) {
    gir_attr A;
    gir_node in[1];
    gir_attr_zero(&A);
    in[0] = a;
    return gir_op_build(g, GIR_OP_SOFTPLUS, 1, in, &A);
}
GIR_API gir_node gir_relu(gir_graph *g, gir_node a) {
    gir_attr A;
    gir_node in[1];
    gir_attr_zero(&A);
    in[0] = a;
    return gir_op_build(g, GIR_OP_RELU, 1, in, &A);
}
GIR_API gir_node gir_leaky_relu(gir_graph *g, gir_node a, double alpha) {
    gir_attr A;
    gir_node in[1];
    gir_attr_zero(&A);
    in[0] = a;
    A.f[0] = alpha;
    return gir_op_build(g, GIR_OP_LEAKY_RELU, 1, in, &A);
}
GIR_API gir_node gir_elu(gir_graph *g, gir_node a, double alpha) {
    gir_attr A;
    gir_node in[1];
    gir_attr_zero(&A);
    in[0] = a;
    A.f[0] = alpha;
    return gir_op_build(g, GIR_OP_ELU, 1, in, &A);
}
GIR_API gir_node gir_gelu(gir_graph *g, gir_node a) {
    gir_attr A;
    gir_node in[1];
    gir_attr_zero(&A);
    in[0] = a;
    return gir_op_build(g, GIR_OP_GELU, 1, in, &A);
}
GIR_API gir_node gir_silu(gir_graph *g, gir_node a) {
    gir_attr A;
    gir_node in[1];
    gir_attr_zero(&A);
    in[0] = a;
    return gir_op_build(g, GIR_OP_SILU, 1, in, &A);
}
GIR_API gir_node gir_erf(gir_graph *g, gir_node a) {
    gir_attr A;
    gir_node in[1];
    gir_attr_zero(&A);
    in[0] = a;
    return gir_op_build(g, GIR_OP_ERF, 1, in, &A);
}
GIR_API gir_node gir_floor(gir_graph *g, gir_node a) {
    gir_attr A;
    gir_node in[1];
    gir_attr_zero(&A);
    in[0] = a;
    return gir_op_build(g, GIR_OP_FLOOR, 1, in, &A);
}
GIR_API gir_node gir_ceil(gir_graph *g, gir_node a) {
    gir_attr A;
    gir_node in[1];
    gir_attr_zero(&A);
    in[0] = a;
    return gir_op_build(g, GIR_OP_CEIL, 1, in, &A);
}
GIR_API gir_node gir_round(gir_graph *g, gir_node a) {
    gir_attr A;
    gir_node in[1];
    gir_attr_zero(&A);
    in[0] = a;
    return gir_op_build(g, GIR_OP_ROUND, 1, in, &A);
}
GIR_API gir_node gir_clamp(gir_graph *g, gir_node a, double lo, double hi) {
    gir_attr A;
    gir_node in[1];
    gir_attr_zero(&A);
    in[0] = a;
    A.f[0] = lo;
    A.f[1] = hi;
    return gir_op_build(g, GIR_OP_CLAMP, 1, in, &A);
}
GIR_API gir_node gir_sum(gir_graph *g, gir_node x, gir_ints axes, int keepdims) {
    gir_attr A;
    gir_node in[1];
    gir_attr_zero(&A);
    in[0] = x;
    A.l[0] = axes;
    A.i[0] = (int32_t)keepdims;
    return gir_op_build(g, GIR_OP_SUM, 1, in, &A);
}
GIR_API gir_node gir_mean(gir_graph *g, gir_node x, gir_ints axes, int keepdims) {
    gir_attr A;
    gir_node in[1];
    gir_attr_zero(&A);
    in[0] = x;
    A.l[0] = axes;
    A.i[0] = (int32_t)keepdims;
    return gir_op_build(g, GIR_OP_MEAN, 1, in, &A);
}
GIR_API gir_node gir_prod(gir_graph *g, gir_node x, gir_ints axes, int keepdims) {
    gir_attr A;
    gir_node in[1];
    gir_attr_zero(&A);
    in[0] = x;
    A.l[0] = axes;
    A.i[0] = (int32_t)keepdims;
    return gir_op_build(g, GIR_OP_PROD, 1, in, &A);
}
GIR_API gir_node gir_max(gir_graph *g, gir_node x, gir_ints axes, int keepdims) {
    gir_attr A;
    gir_node in[1];
    gir_attr_zero(&A);
    in[0] = x;
    A.l[0] = axes;
    A.i[0] = (int32_t)keepdims;
    return gir_op_build(g, GIR_OP_MAX, 1, in, &A);
}
GIR_API gir_node gir_min(gir_graph *g, gir_node x, gir_ints axes, int keepdims) {
    gir_attr A;
    gir_node in[1];
    gir_attr_zero(&A);
    in[0] = x;
    A.l[0] = axes;
    A.i[0] = (int32_t)keepdims;
    return gir_op_build(g, GIR_OP_MIN, 1, in, &A);
}
GIR_API gir_node gir_var(gir_graph *g, gir_node x, gir_ints axes, int keepdims, int ddof) {
    gir_attr A;
    gir_node in[1];
    gir_attr_zero(&A);
    in[0] = x;
    A.l[0] = axes;
    A.i[0] = (int32_t)keepdims;
    A.i[1] = (int32_t)ddof;
    return gir_op_build(g, GIR_OP_VAR, 1, in, &A);
}
GIR_API gir_node gir_logsumexp(gir_graph *g, gir_node x, gir_ints axes, int keepdims) {
    gir_attr A;
    gir_node in[1];
    gir_attr_zero(&A);
    in[0] = x;
    A.l[0] = axes;
    A.i[0] = (int32_t)keepdims;
    return gir_op_build(g, GIR_OP_LOGSUMEXP, 1, in, &A);
}
GIR_API gir_node gir_argmax(gir_graph *g, gir_node x, int axis, int keepdims) {
    gir_attr A;
    gir_node in[1];
    gir_attr_zero(&A);
    in[0] = x;
    A.i[0] = (int32_t)axis;
    A.i[1] = (int32_t)keepdims;
    return gir_op_build(g, GIR_OP_ARGMAX, 1, in, &A);
}
GIR_API gir_node gir_argmin(gir_graph *g, gir_node x, int axis, int keepdims) {
    gir_attr A;
    gir_node in[1];
    gir_attr_zero(&A);
    in[0] = x;
    A.i[0] = (int32_t)axis;
    A.i[1] = (int32_t)keepdims;
    return gir_op_build(g, GIR_OP_ARGMIN, 1, in, &A);
}
GIR_API gir_node gir_all(gir_graph *g, gir_node x, gir_ints axes, int keepdims) {
    gir_attr A;
    gir_node in[1];
    gir_attr_zero(&A);
    in[0] = x;
    A.l[0] = axes;
    A.i[0] = (int32_t)keepdims;
    return gir_op_build(g, GIR_OP_ALL, 1, in, &A);
}
GIR_API gir_node gir_any(gir_graph *g, gir_node x, gir_ints axes, int keepdims) {
    gir_attr A;
    gir_node in[1];
    gir_attr_zero(&A);
    in[0] = x;
    A.l[0] = axes;
    A.i[0] = (int32_t)keepdims;
    return gir_op_build(g, GIR_OP_ANY, 1, in, &A);
}
GIR_API gir_node gir_reshape(gir_graph *g, gir_node x, gir_shape shape) {
    gir_attr A;
    gir_node in[1];
    gir_attr_zero(&A);
    in[0] = x;
    A.shape = shape;
    return gir_op_build(g, GIR_OP_RESHAPE, 1, in, &A);
}
GIR_API gir_node gir_transpose(gir_graph *g, gir_node x, gir_ints perm) {
    gir_attr A;
    gir_node in[1];
    gir_attr_zero(&A);
    in[0] = x;
    A.l[0] = perm;
    return gir_op_build(g, GIR_OP_TRANSPOSE, 1, in, &A);
}
GIR_API gir_node gir_broadcast_to(gir_graph *g, gir_node x, gir_shape shape) {
    gir_attr A;
    gir_node in[1];
    gir_attr_zero(&A);
    in[0] = x;
    A.shape = shape;
    return gir_op_build(g, GIR_OP_BROADCAST_TO, 1, in, &A);
}
GIR_API gir_node gir_slice(gir_graph *g, gir_node x, int axis, int start, int stop, int step) {
    gir_attr A;
    gir_node in[1];
    gir_attr_zero(&A);
    in[0] = x;
    A.i[0] = (int32_t)axis;
    A.i[1] = (int32_t)start;
    A.i[2] = (int32_t)stop;
    A.i[3] = (int32_t)step;
    return gir_op_build(g, GIR_OP_SLICE, 1, in, &A);
}
GIR_API gir_node gir_unslice(gir_graph *g, gir_node x, int axis, int start, int stop, int step, int len) {
    gir_attr A;
    gir_node in[1];
    gir_attr_zero(&A);
    in[0] = x;
    A.i[0] = (int32_t)axis;
    A.i[1] = (int32_t)start;
    A.i[2] = (int32_t)stop;
    A.i[3] = (int32_t)step;
    A.i[4] = (int32_t)len;
    return gir_op_build(g, GIR_OP_UNSLICE, 1, in, &A);
}
GIR_API gir_node gir_concat(gir_graph *g, int n, const gir_node *xs, int axis) {
    gir_attr A;
    gir_attr_zero(&A);
    A.i[0] = (int32_t)axis;
    return gir_op_build(g, GIR_OP_CONCAT, n, xs, &A);
}
GIR_API gir_node gir_flip(gir_graph *g, gir_node x, gir_ints axes) {
    gir_attr A;
    gir_node in[1];
    gir_attr_zero(&A);
    in[0] = x;
    A.l[0] = axes;
    return gir_op_build(g, GIR_OP_FLIP, 1, in, &A);
}
GIR_API gir_node gir_pad(gir_graph *g, gir_node x, gir_ints before, gir_ints after, double value) {
    gir_attr A;
    gir_node in[1];
    gir_attr_zero(&A);
    in[0] = x;
    A.l[0] = before;
    A.l[1] = after;
    A.f[0] = value;
    return gir_op_build(g, GIR_OP_PAD, 1, in, &A);
}
GIR_API gir_node gir_index_select(gir_graph *g, gir_node x, gir_node index, int axis) {
    gir_attr A;
    gir_node in[2];
    gir_attr_zero(&A);
    in[0] = x;
    in[1] = index;
    A.i[0] = (int32_t)axis;
    return gir_op_build(g, GIR_OP_INDEX_SELECT, 2, in, &A);
}
GIR_API gir_node gir_index_add(gir_graph *g, gir_node x, gir_node index, int axis, int len) {
    gir_attr A;
    gir_node in[2];
    gir_attr_zero(&A);
    in[0] = x;
    in[1] = index;
    A.i[0] = (int32_t)axis;
    A.i[1] = (int32_t)len;
    return gir_op_build(g, GIR_OP_INDEX_ADD, 2, in, &A);
}
GIR_API gir_node gir_one_hot(gir_graph *g, gir_node index, int depth, gir_dtype dtype) {
    gir_attr A;
    gir_node in[1];
    gir_attr_zero(&A);
    in[0] = index;
    A.i[0] = (int32_t)depth;
    A.dtype = (int32_t)dtype;
    return gir_op_build(g, GIR_OP_ONE_HOT, 1, in, &A);
}
GIR_API gir_node gir_where(gir_graph *g, gir_node cond, gir_node a, gir_node b) {
    gir_attr A;
    gir_node in[3];
    gir_attr_zero(&A);
    in[0] = cond;
    in[1] = a;
    in[2] = b;
    return gir_op_build(g, GIR_OP_WHERE, 3, in, &A);
}
GIR_API gir_node gir_diag(gir_graph *g, gir_node x, int k) {
    gir_attr A;
    gir_node in[1];
    gir_attr_zero(&A);
    in[0] = x;
    A.i[0] = (int32_t)k;
    return gir_op_build(g, GIR_OP_DIAG, 1, in, &A);
}
GIR_API gir_node gir_diagonal(gir_graph *g, gir_node x, int k) {
    gir_attr A;
    gir_node in[1];
    gir_attr_zero(&A);
    in[0] = x;
    A.i[0] = (int32_t)k;
    return gir_op_build(g, GIR_OP_DIAGONAL, 1, in, &A);
}
GIR_API gir_node gir_triu(gir_graph *g, gir_node x, int k) {
    gir_attr A;
    gir_node in[1];
    gir_attr_zero(&A);
    in[0] = x;
    A.i[0] = (int32_t)k;
    return gir_op_build(g, GIR_OP_TRIU, 1, in, &A);
}
GIR_API gir_node gir_tril(gir_graph *g, gir_node x, int k) {
    gir_attr A;
    gir_node in[1];
    gir_attr_zero(&A);
    in[0] = x;
    A.i[0] = (int32_t)k;
    return gir_op_build(g, GIR_OP_TRIL, 1, in, &A);
}
GIR_API gir_node gir_cast(gir_graph *g, gir_node x, gir_dtype dtype) {
    gir_attr A;
    gir_node in[1];
    gir_attr_zero(&A);
    in[0] = x;
    A.dtype = (int32_t)dtype;
    return gir_op_build(g, GIR_OP_CAST, 1, in, &A);
}
GIR_API gir_node gir_stop_gradient(gir_graph *g, gir_node x) {
    gir_attr A;
    gir_node in[1];
    gir_attr_zero(&A);
    in[0] = x;
    return gir_op_build(g, GIR_OP_STOP_GRADIENT, 1, in, &A);
}
GIR_API gir_node gir_matmul(gir_graph *g, gir_node a, gir_node b) {
    gir_attr A;
    gir_node in[2];
    gir_attr_zero(&A);
    in[0] = a;
    in[1] = b;
    return gir_op_build(g, GIR_OP_MATMUL, 2, in, &A);
}
GIR_API gir_node gir_dot(gir_graph *g, gir_node a, gir_node b) {
    gir_attr A;
    gir_node in[2];
    gir_attr_zero(&A);
    in[0] = a;
    in[1] = b;
    return gir_op_build(g, GIR_OP_DOT, 2, in, &A);
}
GIR_API gir_node gir_outer(gir_graph *g, gir_node a, gir_node b) {
    gir_attr A;
    gir_node in[2];
    gir_attr_zero(&A);
    in[0] = a;
    in[1] = b;
    return gir_op_build(g, GIR_OP_OUTER, 2, in, &A);
}
GIR_API gir_node gir_trace(gir_graph *g, gir_node x) {
    gir_attr A;
    gir_node in[1];
    gir_attr_zero(&A);
    in[0] = x;
    return gir_op_build(g, GIR_OP_TRACE, 1, in, &A);
}
GIR_API gir_node gir_inverse(gir_graph *g, gir_node x) {
    gir_attr A;
    gir_node in[1];
    gir_attr_zero(&A);
    in[0] = x;
    return gir_op_build(g, GIR_OP_INVERSE, 1, in, &A);
}
GIR_API gir_node gir_det(gir_graph *g, gir_node x) {
    gir_attr A;
    gir_node in[1];
    gir_attr_zero(&A);
    in[0] = x;
    return gir_op_build(g, GIR_OP_DET, 1, in, &A);
}
GIR_API gir_node gir_logdet(gir_graph *g, gir_node x) {
    gir_attr A;
    gir_node in[1];
    gir_attr_zero(&A);
    in[0] = x;
    return gir_op_build(g, GIR_OP_LOGDET, 1, in, &A);
}
GIR_API gir_node gir_cholesky(gir_graph *g, gir_node x) {
    gir_attr A;
    gir_node in[1];
    gir_attr_zero(&A);
    in[0] = x;
    return gir_op_build(g, GIR_OP_CHOLESKY, 1, in, &A);
}
GIR_API gir_node gir_trisolve(gir_graph *g, gir_node a, gir_node b, int lower, int trans) {
    gir_attr A;
    gir_node in[2];
    gir_attr_zero(&A);
    in[0] = a;
    in[1] = b;
    A.i[0] = (int32_t)lower;
    A.i[1] = (int32_t)trans;
    return gir_op_build(g, GIR_OP_TRISOLVE, 2, in, &A);
}
GIR_API gir_node gir_softmax(gir_graph *g, gir_node x, int axis) {
    gir_attr A;
    gir_node in[1];
    gir_attr_zero(&A);
    in[0] = x;
    A.i[0] = (int32_t)axis;
    return gir_op_build(g, GIR_OP_SOFTMAX, 1, in, &A);
}
GIR_API gir_node gir_log_softmax(gir_graph *g, gir_node x, int axis) {
    gir_attr A;
    gir_node in[1];
    gir_attr_zero(&A);
    in[0] = x;
    A.i[0] = (int32_t)axis;
    return gir_op_build(g, GIR_OP_LOG_SOFTMAX, 1, in, &A);
}
GIR_API gir_node gir_xent_logits(gir_graph *g, gir_node logits, gir_node labels) {
    gir_attr A;
    gir_node in[2];
    gir_attr_zero(&A);
    in[0] = logits;
    in[1] = labels;
    return gir_op_build(g, GIR_OP_XENT_LOGITS, 2, in, &A);
}
GIR_API gir_node gir_xent_logits_prob(gir_graph *g, gir_node logits, gir_node probs) {
    gir_attr A;
    gir_node in[2];
    gir_attr_zero(&A);
    in[0] = logits;
    in[1] = probs;
    return gir_op_build(g, GIR_OP_XENT_LOGITS_PROB, 2, in, &A);
}
GIR_API gir_node gir_bce_logits(gir_graph *g, gir_node x, gir_node t) {
    gir_attr A;
    gir_node in[2];
    gir_attr_zero(&A);
    in[0] = x;
    in[1] = t;
    return gir_op_build(g, GIR_OP_BCE_LOGITS, 2, in, &A);
}
GIR_API gir_node gir_mse(gir_graph *g, gir_node a, gir_node b) {
    gir_attr A;
    gir_node in[2];
    gir_attr_zero(&A);
    in[0] = a;
    in[1] = b;
    return gir_op_build(g, GIR_OP_MSE, 2, in, &A);
}
GIR_API gir_node gir_conv2d(gir_graph *g, gir_node x, gir_node w, gir_ints stride, gir_ints padding, gir_ints dilation, int groups) {
    gir_attr A;
    gir_node in[2];
    gir_attr_zero(&A);
    in[0] = x;
    in[1] = w;
    A.l[0] = stride;
    A.l[1] = padding;
    A.l[2] = dilation;
    A.i[0] = (int32_t)groups;
    return gir_op_build(g, GIR_OP_CONV2D, 2, in, &A);
}
GIR_API gir_node gir_conv2d_bwd_data(gir_graph *g, gir_node gy, gir_node w, gir_ints stride, gir_ints padding, gir_ints dilation, int groups, gir_shape xshape) {
    gir_attr A;
    gir_node in[2];
    gir_attr_zero(&A);
    in[0] = gy;
    in[1] = w;
    A.l[0] = stride;
    A.l[1] = padding;
    A.l[2] = dilation;
    A.i[0] = (int32_t)groups;
    A.shape = xshape;
    return gir_op_build(g, GIR_OP_CONV2D_BWD_DATA, 2, in, &A);
}
GIR_API gir_node gir_conv2d_bwd_filter(gir_graph *g, gir_node x, gir_node gy, gir_ints stride, gir_ints padding, gir_ints dilation, int groups, gir_shape wshape) {
    gir_attr A;
    gir_node in[2];
    gir_attr_zero(&A);
    in[0] = x;
    in[1] = gy;
    A.l[0] = stride;
    A.l[1] = padding;
    A.l[2] = dilation;
    A.i[0] = (int32_t)groups;
    A.shape = wshape;
    return gir_op_build(g, GIR_OP_CONV2D_BWD_FILTER, 2, in, &A);
}
GIR_API gir_node gir_max_pool2d(gir_graph *g, gir_node x, gir_ints kernel, gir_ints stride, gir_ints padding) {
    gir_attr A;
    gir_node in[1];
    gir_attr_zero(&A);
    in[0] = x;
    A.l[0] = kernel;
    A.l[1] = stride;
    A.l[2] = padding;
    return gir_op_build(g, GIR_OP_MAX_POOL2D, 1, in, &A);
}
GIR_API gir_node gir_max_pool2d_bwd(gir_graph *g, gir_node gy, gir_node x, gir_ints kernel, gir_ints stride, gir_ints padding) {
    gir_attr A;
    gir_node in[2];
    gir_attr_zero(&A);
    in[0] = gy;
    in[1] = x;
    A.l[0] = kernel;
    A.l[1] = stride;
    A.l[2] = padding;
    return gir_op_build(g, GIR_OP_MAX_POOL2D_BWD, 2, in, &A);
}
GIR_API gir_node gir_avg_pool2d(gir_graph *g, gir_node x, gir_ints kernel, gir_ints stride, gir_ints padding, int count_include_pad) {
    gir_attr A;
    gir_node in[1];
    gir_attr_zero(&A);
    in[0] = x;
    A.l[0] = kernel;
    A.l[1] = stride;
    A.l[2] = padding;
    A.i[0] = (int32_t)count_include_pad;
    return gir_op_build(g, GIR_OP_AVG_POOL2D, 1, in, &A);
}
GIR_API gir_node gir_avg_pool2d_bwd(gir_graph *g, gir_node gy, gir_ints kernel, gir_ints stride, gir_ints padding, int count_include_pad, gir_shape xshape) {
    gir_attr A;
    gir_node in[1];
    gir_attr_zero(&A);
    in[0] = gy;
    A.l[0] = kernel;
    A.l[1] = stride;
    A.l[2] = padding;
    A.i[0] = (int32_t)count_include_pad;
    A.shape = xshape;
    return gir_op_build(g, GIR_OP_AVG_POOL2D_BWD, 1, in, &A);
}
GIR_API gir_node gir_dropout(gir_graph *g, gir_node x, double p, uint64_t seed) {
    gir_attr A;
    gir_node in[1];
    gir_attr_zero(&A);
    in[0] = x;
    A.f[0] = p;
    A.seed = seed;
    return gir_op_build(g, GIR_OP_DROPOUT, 1, in, &A);
}
GIR_API gir_node gir_gather(gir_graph *g, gir_node x, gir_node index, int axis) {
    gir_attr A;
    gir_node in[2];
    gir_attr_zero(&A);
    in[0] = x;
    in[1] = index;
    A.i[0] = (int32_t)axis;
    return gir_op_build(g, GIR_OP_GATHER, 2, in, &A);
}
GIR_API gir_node gir_scatter_add(gir_graph *g, gir_node x, gir_node index, gir_node src, int axis) {
    gir_attr A;
    gir_node in[3];
    gir_attr_zero(&A);
    in[0] = x;
    in[1] = index;
    in[2] = src;
    A.i[0] = (int32_t)axis;
    return gir_op_build(g, GIR_OP_SCATTER_ADD, 3, in, &A);
}
GIR_API gir_node gir_fmod(gir_graph *g, gir_node a, gir_node b) {
    gir_attr A;
    gir_node in[2];
    gir_attr_zero(&A);
    in[0] = a;
    in[1] = b;
    return gir_op_build(g, GIR_OP_FMOD, 2, in, &A);
}
GIR_API gir_node gir_gelu_tanh(gir_graph *g, gir_node a) {
    gir_attr A;
    gir_node in[1];
    gir_attr_zero(&A);
    in[0] = a;
    return gir_op_build(g, GIR_OP_GELU_TANH, 1, in, &A);
}

#ifndef GIR_NO_STDIO
GIR_API void gir_dump(const gir_graph *g, FILE *f) {
    size_t k;
    static const char *const nt[] = {"const", "const_derived", "input", "input_nondiff", "input_derived"};
    if (!g || !f) return;
    for (k = 1; k < g->nnodes; ++k) {
        const gir__node *d = &g->nodes[k];
        char sh[96];
        uint32_t j;
        gir__format(sh, sizeof sh, "%S", &d->shape);
        fprintf(f, "%%%u = %s(", (unsigned)k, gir__ops[d->op].name);
        for (j = 0; j < d->nin; ++j)
            fprintf(f, "%s%s%%%u", j ? ", " : "", j >= d->nparents ? "@" : "", (unsigned)g->ins[d->in0 + j]);
        fprintf(f, ") : %s%s  %s  level %d\n", gir__dtype_names[d->dtype], sh, nt[d->ntype], d->grad_level);
    }
}
#endif

/* >>compose: builders composed of table ops (scalar, zeros, expand_dims, split, layer_norm, batch_norm, flatten,
   split_sizes, conv2d_bias, ...). Their messages name the builder and the argument the user passed. */
/* convenience builders: compositions of table ops -----------------------------------------------------------
   Their messages name the builder and the argument the user passed. An argument's node, or NULL: {0} (an earlier
   failure) passes on quietly, a handle from elsewhere is reported. */
static const gir__node *gir__arg(gir_graph *g, gir_node x, const char *fn, const char *what) {
    int kind = gir__handle_kind(g, x);
    if (kind == GIR__H_OWN) return &g->nodes[x.id];
    if (kind != GIR__H_NONE)
        gir__gfail(g, GIR_ERR_HANDLE, "%s: %s (id %u) %s", fn, what, (unsigned)x.id, gir__handle_why(kind));
    return NULL;
}
/* the end of a composed builder: an error a table op raised inside it (out of memory, or a check the builder
   leaves to the op) gets the builder's name in front, so "conv2d_bias: conv2d: node 7: ..." */
static gir_node gir__named(gir_graph *g, int was_ok, const char *fn, gir_node r) {
#ifndef GIR_NO_ERROR_STRINGS
    size_t n = 0, add = 0, k;
    if (!g || !was_ok || g->status == GIR_OK) return r;
    while (fn[add]) ++add;
    add += 2;
    while (g->msg[n]) ++n;
    if (add >= sizeof g->msg) return r;
    if (n + add >= sizeof g->msg) n = sizeof g->msg - 1 - add;
    for (k = n + 1; k-- > 0;) g->msg[k + add] = k == n ? 0 : g->msg[k];
    for (k = 0; k < add - 2; ++k) g->msg[k] = fn[k];
    g->msg[add - 2] = ':';
    g->msg[add - 1] = ' ';
#else
    (void)g; (void)was_ok; (void)fn;
#endif
    return r;
}
static int gir__ok(const gir_graph *g) { return g && g->status == GIR_OK; }
/* a fill of value, named fn in a message */
static gir_node gir__filled(gir_graph *g, gir_dtype dtype, gir_shape shape, double value, const char *fn) {
    int was_ok = gir__ok(g);
    return gir__named(g, was_ok, fn, gir_fill(g, dtype, shape, value));
}
static gir_node gir__reshaped(gir_graph *g, gir_node x, gir_shape shape, const char *fn) {
    int was_ok = gir__ok(g);
    return gir__named(g, was_ok, fn, gir_reshape(g, x, shape));
}
GIR_API gir_node gir_int_div(gir_graph *g, gir_node a, gir_node b) { return gir_floordiv(g, a, b); }
GIR_API gir_node gir_scalar(gir_graph *g, gir_dtype dtype, double value) {
    return gir__filled(g, dtype, gir_shape0(), value, "scalar");
}
GIR_API gir_node gir_zeros(gir_graph *g, gir_dtype dtype, gir_shape shape) {
    return gir__filled(g, dtype, shape, 0.0, "zeros");
}
GIR_API gir_node gir_ones(gir_graph *g, gir_dtype dtype, gir_shape shape) {
    return gir__filled(g, dtype, shape, 1.0, "ones");
}
GIR_API gir_node gir_zeros_like(gir_graph *g, gir_node x) {
    const gir__node *d = gir__arg(g, x, "zeros_like", "x");
    gir_node bad = gir__handle(NULL, 0);
    if (!d) return bad;
    return gir__filled(g, (gir_dtype)d->dtype, d->shape, 0.0, "zeros_like");
}
GIR_API gir_node gir_ones_like(gir_graph *g, gir_node x) {
    const gir__node *d = gir__arg(g, x, "ones_like", "x");
    gir_node bad = gir__handle(NULL, 0);
    if (!d) return bad;
    return gir__filled(g, (gir_dtype)d->dtype, d->shape, 1.0, "ones_like");
}
GIR_API gir_node gir_expand_dims(gir_graph *g, gir_node x, int axis) {
    const gir__node *d = gir__arg(g, x, "expand_dims", "x");
    gir_shape s;
    gir_node bad = gir__handle(NULL, 0);
    int k, a = axis;
    if (!d) return bad;
    if (d->shape.rank >= GIR_MAX_RANK) {
        gir__gfail(g, GIR_ERR_SHAPE, "expand_dims: x %S already has rank GIR_MAX_RANK (%d)", &d->shape, GIR_MAX_RANK);
        return bad;
    }
    if (a < 0) a += d->shape.rank + 1;
    if (a < 0 || a > d->shape.rank) {
        gir__gfail(g, GIR_ERR_ATTR, "expand_dims: axis %d out of range for x %S (%d..%d)", axis, &d->shape,
                   -d->shape.rank - 1, d->shape.rank);
        return bad;
    }
    s.rank = d->shape.rank + 1;
    for (k = 0; k < s.rank; ++k) s.dim[k] = k < a ? d->shape.dim[k] : k == a ? 1 : d->shape.dim[k - 1];
    return gir__reshaped(g, x, s, "expand_dims");
}
GIR_API gir_node gir_squeeze(gir_graph *g, gir_node x, int axis) {
    const gir__node *d = gir__arg(g, x, "squeeze", "x");
    gir_shape s;
    gir_node bad = gir__handle(NULL, 0);
    int k, a = axis;
    if (!d) return bad;
    if (a < 0) a += d->shape.rank;
    if (a < 0 || a >= d->shape.rank) {
        gir__gfail(g, GIR_ERR_ATTR, "squeeze: axis %d out of range for x %S", axis, &d->shape);
        return bad;
    }
    if (d->shape.dim[a] != 1) {
        gir__gfail(g, GIR_ERR_ATTR, "squeeze: axis %d of x %S has length %d, not 1", axis, &d->shape,
                   (int)d->shape.dim[a]);
        return bad;
    }
    s.rank = d->shape.rank - 1;
    for (k = 0; k < s.rank; ++k) s.dim[k] = d->shape.dim[k < a ? k : k + 1];
    return gir__reshaped(g, x, s, "squeeze");
}
GIR_API gir_node gir_permute_last2(gir_graph *g, gir_node x) {
    const gir__node *d = gir__arg(g, x, "permute_last2", "x");
    gir_ints p;
    gir_node bad = gir__handle(NULL, 0);
    int k, was_ok = gir__ok(g);
    if (!d) return bad;
    if (d->shape.rank < 2) {
        gir__gfail(g, GIR_ERR_SHAPE, "permute_last2: x must have rank >= 2, got %S", &d->shape);
        return bad;
    }
    p.n = d->shape.rank;
    for (k = 0; k < p.n; ++k) p.v[k] = k;
    p.v[p.n - 2] = p.n - 1;
    p.v[p.n - 1] = p.n - 2;
    return gir__named(g, was_ok, "permute_last2", gir_transpose(g, x, p));
}
/* consecutive slices of x's axis into out[0..n), of lengths sizes[k] (or each when sizes is NULL): n, or 0 when
   a slice failed (then every out[k] is {0}) */
static int gir__slices(gir_graph *g, gir_node x, int axis, int n, const int32_t *sizes, int32_t each, gir_node *out,
                       const char *fn) {
    gir_node none = gir__handle(NULL, 0);
    int k, j, was_ok = gir__ok(g);
    int32_t at = 0;
    for (k = 0; k < n; ++k) {
        int32_t len = sizes ? sizes[k] : each;
        out[k] = gir_slice(g, x, axis, at, at + len, 1);
        if (!out[k].id) {
            for (j = 0; j < n; ++j) out[j] = none;
            gir__named(g, was_ok, fn, none);
            return 0;
        }
        at += len;
    }
    return n;
}
/* np.split(x, parts, axis): parts equal slices */
GIR_API int gir_split(gir_graph *g, gir_node x, int axis, int parts, gir_node *out) {
    const gir__node *d = gir__arg(g, x, "split", "x");
    int a = axis;
    if (!d) return 0;
    if (parts < 1 || !out) {
        if (!out) gir__gfail(g, GIR_ERR_INVALID_ARG, "split: out is NULL");
        else gir__gfail(g, GIR_ERR_INVALID_ARG, "split: parts %d must be >= 1", parts);
        return 0;
    }
    if (a < 0) a += d->shape.rank;
    if (a < 0 || a >= d->shape.rank) {
        gir__gfail(g, GIR_ERR_ATTR, "split: axis %d out of range for x %S", axis, &d->shape);
        return 0;
    }
    if (d->shape.dim[a] % parts) {
        gir__gfail(g, GIR_ERR_SHAPE, "split: cannot split axis %d of x %S (length %d) into %d equal parts", axis,
                   &d->shape, (int)d->shape.dim[a], parts);
        return 0;
    }
    return gir__slices(g, x, a, parts, NULL, d->shape.dim[a] / parts, out, "split");
}
/* a float tensor argument of a composed builder, its shape and dtype copied out (building moves the nodes) */
static int gir__float_arg(gir_graph *g, gir_node x, const char *fn, const char *what, gir_shape *s, int *dt) {
    const gir__node *d = gir__arg(g, x, fn, what);
    if (!d) return 0;
    if (!gir__is_float(d->dtype)) {
        gir__gfail(g, GIR_ERR_DTYPE, "%s: %s must be f32 or f64, got %T %S", fn, what, (int)d->dtype, &d->shape);
        return 0;
    }
    *s = d->shape;
    *dt = d->dtype;
    return 1;
}
static int gir__eps_ok(gir_graph *g, const char *fn, double eps) {
    if (eps >= 0) return 1;
    gir__gfail(g, GIR_ERR_ATTR, "%s: eps %g must be >= 0", fn, eps);
    return 0;
}
/* x normalised by its mean and variance over axes (population variance), then * gamma + beta */
static gir_node gir__normalize(gir_graph *g, gir_node x, gir_ints ax, int dt, double eps, gir_node gamma,
                               gir_node beta) {
    gir_node mu = gir_mean(g, x, ax, 1);
    gir_node xc = gir_sub(g, x, mu);
    gir_node var = gir_mean(g, gir_square(g, xc), ax, 1);
    gir_node inv = gir_rsqrt(g, gir_add(g, var, gir_scalar(g, (gir_dtype)dt, eps)));
    return gir_add(g, gir_mul(g, gir_mul(g, xc, inv), gamma), beta);
}
/* (x - mean) / sqrt(var + eps) * gamma + beta over one axis; gamma and beta broadcast to x's shape */
GIR_API gir_node gir_layer_norm(gir_graph *g, gir_node x, gir_node gamma, gir_node beta, int axis, double eps) {
    static const char *const what[2] = {"gamma", "beta"};
    gir_node bad = gir__handle(NULL, 0), gb[2];
    gir_shape xs, o;
    int dt, k, a = axis, was_ok = gir__ok(g);
    gb[0] = gamma; gb[1] = beta;
    if (!gir__float_arg(g, x, "layer_norm", "x", &xs, &dt)) return bad;
    if (a < 0) a += xs.rank;
    if (a < 0 || a >= xs.rank) {
        gir__gfail(g, GIR_ERR_ATTR, "layer_norm: axis %d out of range for x %S", axis, &xs);
        return bad;
    }
    for (k = 0; k < 2; ++k) {
        gir_shape ns = gir_shape1(xs.dim[a]), ps;
        int pdt;
        if (!gir__float_arg(g, gb[k], "layer_norm", what[k], &ps, &pdt)) return bad;
        if (!gir__bcast2(&xs, &ps, &o) || !gir__shape_eq(&o, &xs)) {
            gir__gfail(g, GIR_ERR_SHAPE, "layer_norm: %s %S does not match the normalized shape %S of x %S (axis %d; "
                       "%s must broadcast to x)", what[k], &ps, &ns, &xs, axis, what[k]);
            return bad;
        }
    }
    if (!gir__eps_ok(g, "layer_norm", eps)) return bad;
    return gir__named(g, was_ok, "layer_norm", gir__normalize(g, x, gir_ints1(a), dt, eps, gamma, beta));
}
/* training-mode batch norm over every axis but 1 (N, C[, ...]); gamma and beta are [C] or broadcast to x */
GIR_API gir_node gir_batch_norm(gir_graph *g, gir_node x, gir_node gamma, gir_node beta, double eps) {
    static const char *const what[2] = {"gamma", "beta"};
    gir_node bad = gir__handle(NULL, 0), gb[2];
    gir_ints ax;
    gir_shape xs, cs, o;
    int dt, k, reshape[2], was_ok = gir__ok(g);
    gb[0] = gamma; gb[1] = beta;
    if (!gir__float_arg(g, x, "batch_norm", "x", &xs, &dt)) return bad;
    if (xs.rank < 2) {
        gir__gfail(g, GIR_ERR_SHAPE, "batch_norm: x must have rank >= 2 (N, C, ...), got %S", &xs);
        return bad;
    }
    ax.n = 0;
    cs.rank = xs.rank;
    for (k = 0; k < xs.rank; ++k) {
        if (k != 1) ax.v[ax.n++] = k;
        cs.dim[k] = k == 1 ? xs.dim[1] : 1;
    }
    for (k = 0; k < 2; ++k) {
        gir_shape ps;
        int pdt;
        if (!gir__float_arg(g, gb[k], "batch_norm", what[k], &ps, &pdt)) return bad;
        reshape[k] = ps.rank == 1 && ps.dim[0] == xs.dim[1];
        if (!reshape[k] && (ps.rank != xs.rank || !gir__bcast2(&xs, &ps, &o) || !gir__shape_eq(&o, &xs)) && ps.rank) {
            gir__gfail(g, GIR_ERR_SHAPE, "batch_norm: %s %S does not match the %d channels of x %S (give [%d], or a "
                       "shape of x's rank that broadcasts to x)", what[k], &ps, (int)xs.dim[1], &xs, (int)xs.dim[1]);
            return bad;
        }
    }
    if (!gir__eps_ok(g, "batch_norm", eps)) return bad;
    if (reshape[0]) gamma = gir_reshape(g, gamma, cs);
    if (reshape[1]) beta = gir_reshape(g, beta, cs);
    return gir__named(g, was_ok, "batch_norm", gir__normalize(g, x, ax, dt, eps, gamma, beta));
}

/* torch.flatten(x, start_dim, end_dim): axes start_dim..end_dim (negative: from the end) become one; a rank-0 x
   counts as rank 1 and gives [1] */
GIR_API gir_node gir_flatten(gir_graph *g, gir_node x, int start_dim, int end_dim) {
    const gir__node *d = gir__arg(g, x, "flatten", "x");
    gir_node bad = gir__handle(NULL, 0);
    gir_shape xs, s;
    int r, a = start_dim, e = end_dim, k;
    int64_t len = 1;
    if (!d) return bad;
    xs = d->shape;
    r = xs.rank ? xs.rank : 1;
    if (a < 0) a += r;
    if (e < 0) e += r;
    if (a < 0 || a >= r || e < 0 || e >= r) {
        gir__gfail(g, GIR_ERR_ATTR, "flatten: %s %d out of range for x %S", (a < 0 || a >= r) ? "start_dim" : "end_dim",
                   (a < 0 || a >= r) ? start_dim : end_dim, &xs);
        return bad;
    }
    if (a > e) {
        gir__gfail(g, GIR_ERR_ATTR, "flatten: start_dim %d comes after end_dim %d in x %S", start_dim, end_dim, &xs);
        return bad;
    }
    if (xs.rank == 0) return gir__reshaped(g, x, gir_shape1(1), "flatten");
    for (k = a; k <= e; ++k) len *= xs.dim[k];
    if (len > 2147483647) {
        gir__gfail(g, GIR_ERR_LIMIT, "flatten: axes %d..%d of x %S hold more than 2^31 - 1 elements", a, e, &xs);
        return bad;
    }
    s.rank = xs.rank - (e - a);
    for (k = 0; k < s.rank; ++k) s.dim[k] = k < a ? xs.dim[k] : k == a ? (int32_t)len : xs.dim[k + e - a];
    return gir__reshaped(g, x, s, "flatten");
}

/* torch.split(x, sizes, axis): n consecutive slices of the given lengths, which must add up to the axis */
GIR_API int gir_split_sizes(gir_graph *g, gir_node x, int axis, int n, const int32_t *sizes, gir_node *out) {
    const gir__node *d = gir__arg(g, x, "split_sizes", "x");
    int64_t total = 0;
    int k, a = axis;
    if (!d) return 0;
    if (n < 1 || !sizes || !out) {
        if (n < 1) gir__gfail(g, GIR_ERR_INVALID_ARG, "split_sizes: n %d must be >= 1", n);
        else gir__gfail(g, GIR_ERR_INVALID_ARG, "split_sizes: %s is NULL", sizes ? "out" : "sizes");
        return 0;
    }
    if (a < 0) a += d->shape.rank;
    if (a < 0 || a >= d->shape.rank) {
        gir__gfail(g, GIR_ERR_ATTR, "split_sizes: axis %d out of range for x %S", axis, &d->shape);
        return 0;
    }
    for (k = 0; k < n; ++k) {
        if (sizes[k] < 0) {
            gir__gfail(g, GIR_ERR_ATTR, "split_sizes: sizes[%d] = %d is negative", k, (int)sizes[k]);
            return 0;
        }
        total += sizes[k];
    }
    if (total != d->shape.dim[a]) {
        gir__gfail(g, GIR_ERR_SHAPE, "split_sizes: sizes add up to %l, but axis %d of x %S has length %d",
                   (long long)total, axis, &d->shape, (int)d->shape.dim[a]);
        return 0;
    }
    return gir__slices(g, x, a, n, sizes, 0, out, "split_sizes");
}

/* torch.nn.functional.conv2d(x, w, bias): conv2d plus bias[k] on output channel k; bias is [K] for w [K, ...] */
GIR_API gir_node gir_conv2d_bias(gir_graph *g, gir_node x, gir_node w, gir_node bias, gir_ints stride,
                                 gir_ints padding, gir_ints dilation, int groups) {
    const gir__node *xd = gir__arg(g, x, "conv2d_bias", "x"), *wd = gir__arg(g, w, "conv2d_bias", "w");
    const gir__node *bd = gir__arg(g, bias, "conv2d_bias", "bias");
    gir_node bad = gir__handle(NULL, 0), y;
    int was_ok = gir__ok(g);
    int32_t k;
    if (!xd || !wd || !bd) return bad;
    if (!gir__is_num(bd->dtype)) {
        gir__gfail(g, GIR_ERR_DTYPE, "conv2d_bias: bias must be numeric, got %T %S", (int)bd->dtype, &bd->shape);
        return bad;
    }
    if (wd->shape.rank == 4 && (bd->shape.rank != 1 || bd->shape.dim[0] != wd->shape.dim[0])) {
        gir__gfail(g, GIR_ERR_SHAPE, "conv2d_bias: bias %S must be [%d], one value per output channel of w %S",
                   &bd->shape, (int)wd->shape.dim[0], &wd->shape);
        return bad;
    }
    k = wd->shape.dim[0];
    y = gir_conv2d(g, x, w, stride, padding, dilation, groups);
    if (y.id) y = gir_add(g, y, gir_reshape(g, bias, gir_shape3(k, 1, 1)));
    return gir__named(g, was_ok, "conv2d_bias", y);
}

/* >>autodiff: adjoint helpers, the generated adjoints, gir_grad ----------------------------------------------
   An adjoint builds the gradient of each parent as nodes of the same graph, from the output's gradient g.
   Helpers gir__ah_<name> are what ops.def's ADJ expressions may call besides the table's own builders; each
   gets the node being differentiated (a copy: the node array may move while nodes are built) and its inputs. */
typedef void (*gir__adj_fn)(gir_graph *G, const gir__node *nd, gir_node y, gir_node g, const gir_node *x, int n,
                            const uint8_t *need, gir_node *dx);

static const gir__node *gir__n(gir_graph *G, gir_node h) { return &G->nodes[h.id]; }
static gir_shape gir__shape_of(gir_graph *G, gir_node h) { return G->nodes[h.id].shape; }

/* a number as a rank-0 constant of g's dtype (it broadcasts against anything) */
static gir_node gir__ah_num(gir_graph *G, gir_node g, double v) {
    if (!g.id) return gir__handle(NULL, 0);
    return gir_scalar(G, (gir_dtype)gir__n(G, g)->dtype, v);
}
/* sum t back to ref's shape: the adjoint of NumPy broadcasting */
static gir_node gir__ah_unbroadcast(gir_graph *G, const gir__node *nd, const gir_node *x, gir_node t, gir_node ref) {
    gir_shape ts, rs;
    gir_ints ax;
    int k, lead;
    (void)nd; (void)x;
    if (!t.id || !ref.id) return gir__handle(NULL, 0);
    ts = gir__shape_of(G, t);
    rs = gir__shape_of(G, ref);
    if (gir__shape_eq(&ts, &rs)) return t;
    lead = ts.rank - rs.rank;
    ax.n = 0;
    for (k = 0; k < ts.rank; ++k)
        if (k < lead || (rs.dim[k - lead] == 1 && ts.dim[k] != 1)) ax.v[ax.n++] = k;
    if (ax.n) t = gir_sum(G, t, ax, 1);
    return gir_reshape(G, t, rs);
}
static gir_node gir__ah_mask(gir_graph *G, const gir__node *nd, const gir_node *x, gir_node b) {
    (void)x;
    return gir_cast(G, b, (gir_dtype)nd->dtype);
}
static gir_node gir__ah_zeros_like(gir_graph *G, const gir__node *nd, const gir_node *x, gir_node t) {
    (void)nd; (void)x;
    return gir_zeros_like(G, t);
}
/* reductions: the shape with the reduced axes kept as 1 */
static gir_shape gir__keepdims_shape(gir_graph *G, const gir__node *nd, const gir_node *x) {
    gir_shape s = gir__shape_of(G, x[0]);
    int k;
    for (k = 0; k < nd->attr.l[0].n; ++k) s.dim[nd->attr.l[0].v[k]] = 1;
    return s;
}
static gir_node gir__ah_keep(gir_graph *G, const gir__node *nd, const gir_node *x, gir_node t) {
    return gir_reshape(G, t, gir__keepdims_shape(G, nd, x));
}
static gir_node gir__ah_expand(gir_graph *G, const gir__node *nd, const gir_node *x, gir_node t) {
    return gir_broadcast_to(G, gir__ah_keep(G, nd, x, t), gir__shape_of(G, x[0]));
}
static double gir__reduced_count(gir_graph *G, const gir__node *nd, const gir_node *x) {
    gir_shape s = gir__shape_of(G, x[0]);
    double c = 1;
    int k;
    for (k = 0; k < nd->attr.l[0].n; ++k) c *= s.dim[nd->attr.l[0].v[k]];
    return c;
}
static gir_node gir__ah_rcount(gir_graph *G, const gir__node *nd, const gir_node *x) {
    return gir_scalar(G, (gir_dtype)nd->dtype, 1.0 / gir__reduced_count(G, nd, x));
}
/* 1 / max(0, n - ddof), as the forward divides: inf when ddof >= n, so the gradient is not finite either */
static gir_node gir__ah_rdof(gir_graph *G, const gir__node *nd, const gir_node *x) {
    double d = gir__reduced_count(G, nd, x) - nd->attr.i[1];
    return gir_scalar(G, (gir_dtype)nd->dtype, 1.0 / (d > 0 ? d : 0.0));
}
static gir_node gir__ah_rmean(gir_graph *G, const gir__node *nd, const gir_node *x, gir_node t) {
    (void)x;
    return gir_mean(G, t, nd->attr.l[0], 1);
}
/* max/min: the gradient goes to every element equal to the result, shared equally between ties */
static gir_node gir__ah_tiemask(gir_graph *G, const gir__node *nd, const gir_node *x, gir_node xin, gir_node m) {
    gir_node k = gir_cast(G, gir_eq(G, xin, m), (gir_dtype)nd->dtype);
    (void)x;
    return gir_div(G, k, gir_sum(G, k, nd->attr.l[0], 1));
}
static gir_node gir__ah_like(gir_graph *G, const gir__node *nd, const gir_node *x, gir_node t, gir_node ref) {
    (void)nd; (void)x;
    return gir_reshape(G, t, gir__shape_of(G, ref));
}
static gir_node gir__ah_untranspose(gir_graph *G, const gir__node *nd, const gir_node *x, gir_node t) {
    gir_ints inv = nd->attr.l[0];
    int k;
    (void)x;
    for (k = 0; k < inv.n; ++k) inv.v[nd->attr.l[0].v[k]] = k;
    return gir_transpose(G, t, inv);
}
static gir_node gir__ah_slice_back(gir_graph *G, const gir__node *nd, const gir_node *x, gir_node t, gir_node ref) {
    const gir_attr *A = &nd->attr;
    (void)x;
    return gir_unslice(G, t, A->i[0], A->i[1], A->i[2], A->i[3], gir__shape_of(G, ref).dim[A->i[0]]);
}
static gir_node gir__ah_reslice(gir_graph *G, const gir__node *nd, const gir_node *x, gir_node t) {
    const gir_attr *A = &nd->attr;
    (void)x;
    return gir_slice(G, t, A->i[0], A->i[1], A->i[2], A->i[3]);
}
static gir_node gir__ah_concat_part(gir_graph *G, const gir__node *nd, const gir_node *x, gir_node t, int i) {
    int ax = nd->attr.i[0], k;
    int32_t off = 0;
    for (k = 0; k < i; ++k) off += gir__shape_of(G, x[k]).dim[ax];
    return gir_slice(G, t, ax, off, off + gir__shape_of(G, x[i]).dim[ax], 1);
}
static gir_node gir__ah_reflip(gir_graph *G, const gir__node *nd, const gir_node *x, gir_node t) {
    (void)x;
    return gir_flip(G, t, nd->attr.l[0]);
}
static gir_node gir__ah_unpad(gir_graph *G, const gir__node *nd, const gir_node *x, gir_node t, gir_node ref) {
    gir_shape rs = gir__shape_of(G, ref);
    int k;
    (void)x;
    for (k = 0; k < rs.rank; ++k)
        if (nd->attr.l[0].v[k] || nd->attr.l[1].v[k])
            t = gir_slice(G, t, k, nd->attr.l[0].v[k], nd->attr.l[0].v[k] + rs.dim[k], 1);
    return t;
}
static gir_node gir__ah_unselect(gir_graph *G, const gir__node *nd, const gir_node *x, gir_node t, gir_node ref) {
    return gir_index_add(G, t, x[1], nd->attr.i[0], gir__shape_of(G, ref).dim[nd->attr.i[0]]);
}
static gir_node gir__ah_reselect(gir_graph *G, const gir__node *nd, const gir_node *x, gir_node t) {
    return gir_index_select(G, t, x[1], nd->attr.i[0]);
}
/* the adjoint of diagonal k: the vector back on diagonal k of a square matrix, whose last two axes are then cut
   or padded to the parent's m x n (every entry of the diagonal lies inside m x n) */
static gir_node gir__ah_undiagonal(gir_graph *G, const gir__node *nd, const gir_node *x, gir_node t) {
    gir_shape xs = gir__shape_of(G, x[0]), ds;
    gir_node d;
    gir_ints before, after;
    int k, r = xs.rank, pad = 0;
    if (!t.id) return t;
    if (gir__shape_of(G, t).dim[r - 2] == 0) return gir_zeros_like(G, x[0]);
    d = gir_diag(G, t, nd->attr.i[0]);
    if (!d.id) return d;
    ds = gir__shape_of(G, d);
    before.n = after.n = r;
    for (k = 0; k < r; ++k) before.v[k] = after.v[k] = 0;
    for (k = r - 2; k < r; ++k) {
        if (ds.dim[k] > xs.dim[k]) d = gir_slice(G, d, k, 0, xs.dim[k], 1);
        else if (ds.dim[k] < xs.dim[k]) { after.v[k] = xs.dim[k] - ds.dim[k]; pad = 1; }
    }
    return pad ? gir_pad(G, d, before, after, 0.0) : d;
}
static gir_node gir__ah_cast_like(gir_graph *G, const gir__node *nd, const gir_node *x, gir_node t, gir_node ref) {
    (void)nd; (void)x;
    return gir_cast(G, t, (gir_dtype)gir__n(G, ref)->dtype);
}
static gir_node gir__ah_mT(gir_graph *G, const gir__node *nd, const gir_node *x, gir_node t) {
    (void)nd; (void)x;
    return gir_permute_last2(G, t);
}
static gir_node gir__ah_sumaxis(gir_graph *G, const gir__node *nd, const gir_node *x, gir_node t, int axis) {
    (void)nd; (void)x;
    return gir_sum(G, t, gir_ints1(axis), 0);
}
static gir_node gir__ah_col(gir_graph *G, const gir__node *nd, const gir_node *x, gir_node t) {
    gir_shape s = gir__shape_of(G, t);
    (void)nd; (void)x;
    s.dim[s.rank++] = 1;
    return gir_reshape(G, t, s);
}
/* reshape [...] to [..., 1, 1] so a per-matrix value broadcasts over its matrix */
static gir_node gir__ah_cell(gir_graph *G, const gir__node *nd, const gir_node *x, gir_node t) {
    gir_shape s = gir__shape_of(G, t);
    (void)nd; (void)x;
    s.dim[s.rank++] = 1;
    s.dim[s.rank++] = 1;
    return gir_reshape(G, t, s);
}
static gir_node gir__ah_untrace(gir_graph *G, const gir__node *nd, const gir_node *x, gir_node t, gir_node ref) {
    gir_shape rs = gir__shape_of(G, ref);
    gir_node e = gir_eye(G, (gir_dtype)nd->dtype, rs.dim[rs.rank - 2], rs.dim[rs.rank - 1], 0);
    return gir_mul(G, gir__ah_cell(G, nd, x, t), e);
}
static gir_node gir__ah_trisolve_adj(gir_graph *G, const gir__node *nd, const gir_node *x, gir_node t) {
    return gir_trisolve(G, x[0], t, nd->attr.i[0], !nd->attr.i[1]);
}
/* d A for X = op(A)^-1 B, given dB: -dB X^T (or -X dB^T when transposed), kept to A's triangle */
static gir_node gir__ah_trisolve_da(gir_graph *G, const gir__node *nd, const gir_node *x, gir_node db, gir_node y) {
    gir_node p = nd->attr.i[1] ? gir_matmul(G, y, gir_permute_last2(G, db)) : gir_matmul(G, db, gir_permute_last2(G, y));
    (void)x;
    p = nd->attr.i[0] ? gir_tril(G, p, 0) : gir_triu(G, p, 0);
    return gir_neg(G, p);
}
static gir_node gir__ah_axsum(gir_graph *G, const gir__node *nd, const gir_node *x, gir_node t) {
    (void)x;
    return gir_sum(G, t, gir_ints1(nd->attr.i[0]), 1);
}
static gir_node gir__ah_lastcol(gir_graph *G, const gir__node *nd, const gir_node *x, gir_node t) {
    return gir__ah_col(G, nd, x, t);
}
static gir_node gir__ah_lastsum(gir_graph *G, const gir__node *nd, const gir_node *x, gir_node t) {
    (void)nd; (void)x;
    return gir_sum(G, t, gir_ints1(-1), 1);
}
static gir_node gir__ah_onehot_like(gir_graph *G, const gir__node *nd, const gir_node *x, gir_node idx, gir_node ref) {
    gir_shape rs = gir__shape_of(G, ref);
    (void)nd; (void)x;
    return gir_one_hot(G, idx, rs.dim[rs.rank - 1], (gir_dtype)gir__n(G, ref)->dtype);
}
static gir_node gir__ah_rsize(gir_graph *G, const gir__node *nd, const gir_node *x, gir_node ref) {
    gir_shape rs = gir__shape_of(G, ref);
    int64_t c = gir__numel(&rs);
    (void)x;
    return gir_scalar(G, (gir_dtype)nd->dtype, c ? 1.0 / (double)c : 0.0);
}
/* conv2d and its two backward ops are bilinear: each adjoint is one of the other two */
static gir_node gir__ah_conv_fwd(gir_graph *G, const gir__node *nd, const gir_node *x, gir_node a, gir_node w) {
    const gir_attr *A = &nd->attr;
    (void)x;
    return gir_conv2d(G, a, w, A->l[0], A->l[1], A->l[2], A->i[0]);
}
static gir_node gir__ah_conv_dx(gir_graph *G, const gir__node *nd, const gir_node *x, gir_node gy, gir_node w) {
    const gir_attr *A = &nd->attr;
    return gir_conv2d_bwd_data(G, gy, w, A->l[0], A->l[1], A->l[2], A->i[0], gir__shape_of(G, x[0]));
}
static gir_node gir__ah_conv_dw(gir_graph *G, const gir__node *nd, const gir_node *x, gir_node xin, gir_node gy) {
    const gir_attr *A = &nd->attr;
    return gir_conv2d_bwd_filter(G, xin, gy, A->l[0], A->l[1], A->l[2], A->i[0], gir__shape_of(G, x[1]));
}
/* for conv2d_bwd_data(gy, w): d w = bwd_filter(x = upstream, gy) */
static gir_node gir__ah_conv_dw_of_dx(gir_graph *G, const gir__node *nd, const gir_node *x, gir_node up, gir_node gy) {
    const gir_attr *A = &nd->attr;
    return gir_conv2d_bwd_filter(G, up, gy, A->l[0], A->l[1], A->l[2], A->i[0], gir__shape_of(G, x[1]));
}
/* for conv2d_bwd_filter(x, gy): d x = bwd_data(gy, w = upstream) */
static gir_node gir__ah_conv_dx_of_dw(gir_graph *G, const gir__node *nd, const gir_node *x, gir_node gy, gir_node up) {
    const gir_attr *A = &nd->attr;
    return gir_conv2d_bwd_data(G, gy, up, A->l[0], A->l[1], A->l[2], A->i[0], gir__shape_of(G, x[0]));
}
static gir_node gir__ah_maxpool_dx(gir_graph *G, const gir__node *nd, const gir_node *x, gir_node t, gir_node xin) {
    const gir_attr *A = &nd->attr;
    (void)x;
    return gir_max_pool2d_bwd(G, t, xin, A->l[0], A->l[1], A->l[2]);
}
static gir_node gir__ah_avgpool_dx(gir_graph *G, const gir__node *nd, const gir_node *x, gir_node t, gir_node xin) {
    const gir_attr *A = &nd->attr;
    (void)x;
    return gir_avg_pool2d_bwd(G, t, A->l[0], A->l[1], A->l[2], A->i[0], gir__shape_of(G, xin));
}
static gir_node gir__ah_avgpool_fwd(gir_graph *G, const gir__node *nd, const gir_node *x, gir_node t) {
    const gir_attr *A = &nd->attr;
    (void)x;
    return gir_avg_pool2d(G, t, A->l[0], A->l[1], A->l[2], A->i[0]);
}

/* cholesky, A = L L^T, reading A's lower triangle. With P = Phi(L^T Lbar) (lower triangle, diagonal halved)
   and S = L^-T P L^-1, the gradient for symmetric perturbations is (S + S^T) / 2; as the kernel reads only
   the lower triangle, entry (i, j), i > j, stands for both (i, j) and (j, i): dA = tril(S + S^T), halved on
   the diagonal. */
static void gir__adjfn_cholesky(gir_graph *G, const gir__node *nd, gir_node y, gir_node g, const gir_node *x, int n,
                                const uint8_t *need, gir_node *dx) {
    gir_dtype dt = (gir_dtype)nd->dtype;
    int32_t m = nd->shape.dim[nd->shape.rank - 1];
    gir_node half_diag = gir_sub(G, gir_ones(G, dt, gir_shape2(m, m)), gir_mul(G, gir_eye(G, dt, m, m, 0), gir_scalar(G, dt, 0.5)));
    gir_node p = gir_mul(G, gir_tril(G, gir_matmul(G, gir_permute_last2(G, y), g), 0), half_diag);
    gir_node xa = gir_trisolve(G, y, p, 1, 1);                                          /* L^-T P */
    gir_node s = gir_permute_last2(G, gir_trisolve(G, y, gir_permute_last2(G, xa), 1, 1)); /* L^-T P L^-1 */
    gir_node sym = gir_add(G, s, gir_permute_last2(G, s));
    (void)x; (void)n; (void)need;
    dx[0] = gir_mul(G, gir_tril(G, sym, 0), half_diag);
}

/* generated from ops.def: one adjoint per differentiable row */
/* generated from ops.def:150 (ADD) */
static void gir__adj_add(gir_graph *G, const gir__node *nd, gir_node y, gir_node g, const gir_node *x, int n, const uint8_t *need, gir_node *dx) {
    (void)y;
    if (need[0]) dx[0] = gir__ah_unbroadcast(G, nd, x, g, x[0]);
    if (need[1]) dx[1] = gir__ah_unbroadcast(G, nd, x, g, x[1]);
    (void)n;
}
/* generated from ops.def:155 (SUB) */
static void gir__adj_sub(gir_graph *G, const gir__node *nd, gir_node y, gir_node g, const gir_node *x, int n, const uint8_t *need, gir_node *dx) {
    (void)y;
    if (need[0]) dx[0] = gir__ah_unbroadcast(G, nd, x, g, x[0]);
    if (need[1]) dx[1] = gir__ah_unbroadcast(G, nd, x, gir_neg(G, g), x[1]);
    (void)n;
}
/* generated from ops.def:157 (MUL) */
static void gir__adj_mul(gir_graph *G, const gir__node *nd, gir_node y, gir_node g, const gir_node *x, int n, const uint8_t *need, gir_node *dx) {
    (void)y;
    if (need[0]) dx[0] = gir__ah_unbroadcast(G, nd, x, gir_mul(G, g, x[1]), x[0]);
    if (need[1]) dx[1] = gir__ah_unbroadcast(G, nd, x, gir_mul(G, g, x[0]), x[1]);
    (void)n;
}
/* generated from ops.def:159 (DIV) */
static void gir__adj_div(gir_graph *G, const gir__node *nd, gir_node y, gir_node g, const gir_node *x, int n, const uint8_t *need, gir_node *dx) {
    if (need[0]) dx[0] = gir__ah_unbroadcast(G, nd, x, gir_div(G, g, x[1]), x[0]);
    if (need[1]) dx[1] = gir__ah_unbroadcast(G, nd, x, gir_div(G, gir_mul(G, gir_neg(G, g), y), x[1]), x[1]);
    (void)n;
}
/* generated from ops.def:163 (NEG) */
static void gir__adj_neg(gir_graph *G, const gir__node *nd, gir_node y, gir_node g, const gir_node *x, int n, const uint8_t *need, gir_node *dx) {
    (void)y;
    (void)nd;
    (void)x;
    if (need[0]) dx[0] = gir_neg(G, g);
    (void)n;
}
/* generated from ops.def:165 (POW) */
static void gir__adj_pow(gir_graph *G, const gir__node *nd, gir_node y, gir_node g, const gir_node *x, int n, const uint8_t *need, gir_node *dx) {
    if (need[0]) dx[0] = gir__ah_unbroadcast(G, nd, x, gir_mul(G, gir_mul(G, g, x[1]), gir_pow(G, x[0], gir_sub(G, x[1], gir__ah_num(G, g, 1)))), x[0]);
    if (need[1]) dx[1] = gir__ah_unbroadcast(G, nd, x, gir_mul(G, gir_mul(G, g, y), gir_log(G, x[0])), x[1]);
    (void)n;
}
/* generated from ops.def:170 (MAXIMUM) */
static void gir__adj_maximum(gir_graph *G, const gir__node *nd, gir_node y, gir_node g, const gir_node *x, int n, const uint8_t *need, gir_node *dx) {
    (void)y;
    if (need[0]) dx[0] = gir__ah_unbroadcast(G, nd, x, gir_mul(G, g, gir__ah_mask(G, nd, x, gir_ge(G, x[0], x[1]))), x[0]);
    if (need[1]) dx[1] = gir__ah_unbroadcast(G, nd, x, gir_mul(G, g, gir__ah_mask(G, nd, x, gir_lt(G, x[0], x[1]))), x[1]);
    (void)n;
}
/* generated from ops.def:174 (MINIMUM) */
static void gir__adj_minimum(gir_graph *G, const gir__node *nd, gir_node y, gir_node g, const gir_node *x, int n, const uint8_t *need, gir_node *dx) {
    (void)y;
    if (need[0]) dx[0] = gir__ah_unbroadcast(G, nd, x, gir_mul(G, g, gir__ah_mask(G, nd, x, gir_le(G, x[0], x[1]))), x[0]);
    if (need[1]) dx[1] = gir__ah_unbroadcast(G, nd, x, gir_mul(G, g, gir__ah_mask(G, nd, x, gir_gt(G, x[0], x[1]))), x[1]);
    (void)n;
}
/* generated from ops.def:178 (MOD) */
static void gir__adj_mod(gir_graph *G, const gir__node *nd, gir_node y, gir_node g, const gir_node *x, int n, const uint8_t *need, gir_node *dx) {
    (void)y;
    if (need[0]) dx[0] = gir__ah_unbroadcast(G, nd, x, g, x[0]);
    if (need[1]) dx[1] = gir__ah_unbroadcast(G, nd, x, gir_mul(G, gir_neg(G, g), gir_floor(G, gir_div(G, x[0], x[1]))), x[1]);
    (void)n;
}
/* generated from ops.def:185 (FLOORDIV) */
static void gir__adj_floordiv(gir_graph *G, const gir__node *nd, gir_node y, gir_node g, const gir_node *x, int n, const uint8_t *need, gir_node *dx) {
    (void)y;
    (void)g;
    if (need[0]) dx[0] = gir__ah_unbroadcast(G, nd, x, gir__ah_zeros_like(G, nd, x, x[0]), x[0]);
    if (need[1]) dx[1] = gir__ah_unbroadcast(G, nd, x, gir__ah_zeros_like(G, nd, x, x[1]), x[1]);
    (void)n;
}
/* generated from ops.def:192 (ADD_N) */
static void gir__adj_add_n(gir_graph *G, const gir__node *nd, gir_node y, gir_node g, const gir_node *x, int n, const uint8_t *need, gir_node *dx) {
    (void)y;
    int i;
    for (i = 0; i < n; ++i)
        if (need[i]) dx[i] = gir__ah_unbroadcast(G, nd, x, g, x[i]);
}
/* generated from ops.def:197 (ABS) */
static void gir__adj_abs(gir_graph *G, const gir__node *nd, gir_node y, gir_node g, const gir_node *x, int n, const uint8_t *need, gir_node *dx) {
    (void)y;
    (void)nd;
    if (need[0]) dx[0] = gir_mul(G, g, gir_sign(G, x[0]));
    (void)n;
}
/* generated from ops.def:199 (SIGN) */
static void gir__adj_sign(gir_graph *G, const gir__node *nd, gir_node y, gir_node g, const gir_node *x, int n, const uint8_t *need, gir_node *dx) {
    (void)y;
    (void)g;
    if (need[0]) dx[0] = gir__ah_zeros_like(G, nd, x, x[0]);
    (void)n;
}
/* generated from ops.def:201 (SQUARE) */
static void gir__adj_square(gir_graph *G, const gir__node *nd, gir_node y, gir_node g, const gir_node *x, int n, const uint8_t *need, gir_node *dx) {
    (void)y;
    (void)nd;
    if (need[0]) dx[0] = gir_mul(G, gir_mul(G, gir__ah_num(G, g, 2), g), x[0]);
    (void)n;
}
/* generated from ops.def:203 (SQRT) */
static void gir__adj_sqrt(gir_graph *G, const gir__node *nd, gir_node y, gir_node g, const gir_node *x, int n, const uint8_t *need, gir_node *dx) {
    (void)nd;
    (void)x;
    if (need[0]) dx[0] = gir_div(G, gir_mul(G, gir__ah_num(G, g, 0.5), g), y);
    (void)n;
}
/* generated from ops.def:205 (RSQRT) */
static void gir__adj_rsqrt(gir_graph *G, const gir__node *nd, gir_node y, gir_node g, const gir_node *x, int n, const uint8_t *need, gir_node *dx) {
    (void)nd;
    (void)x;
    if (need[0]) dx[0] = gir_mul(G, gir_mul(G, gir_mul(G, gir_mul(G, gir__ah_num(G, g, -0.5), g), y), y), y);
    (void)n;
}
/* generated from ops.def:207 (RECIPROCAL) */
static void gir__adj_reciprocal(gir_graph *G, const gir__node *nd, gir_node y, gir_node g, const gir_node *x, int n, const uint8_t *need, gir_node *dx) {
    (void)nd;
    (void)x;
    if (need[0]) dx[0] = gir_mul(G, gir_mul(G, gir_neg(G, g), y), y);
    (void)n;
}
/* generated from ops.def:209 (EXP) */
static void gir__adj_exp(gir_graph *G, const gir__node *nd, gir_node y, gir_node g, const gir_node *x, int n, const uint8_t *need, gir_node *dx) {
    (void)nd;
    (void)x;
    if (need[0]) dx[0] = gir_mul(G, g, y);
    (void)n;
}
/* generated from ops.def:211 (EXPM1) */
static void gir__adj_expm1(gir_graph *G, const gir__node *nd, gir_node y, gir_node g, const gir_node *x, int n, const uint8_t *need, gir_node *dx) {
    (void)nd;
    (void)x;
    if (need[0]) dx[0] = gir_mul(G, g, gir_add(G, y, gir__ah_num(G, g, 1)));
    (void)n;
}
/* generated from ops.def:214 (LOG) */
static void gir__adj_log(gir_graph *G, const gir__node *nd, gir_node y, gir_node g, const gir_node *x, int n, const uint8_t *need, gir_node *dx) {
    (void)y;
    (void)nd;
    if (need[0]) dx[0] = gir_div(G, g, x[0]);
    (void)n;
}
/* generated from ops.def:216 (LOG1P) */
static void gir__adj_log1p(gir_graph *G, const gir__node *nd, gir_node y, gir_node g, const gir_node *x, int n, const uint8_t *need, gir_node *dx) {
    (void)y;
    (void)nd;
    if (need[0]) dx[0] = gir_div(G, g, gir_add(G, x[0], gir__ah_num(G, g, 1)));
    (void)n;
}
/* generated from ops.def:219 (LOG2) */
static void gir__adj_log2(gir_graph *G, const gir__node *nd, gir_node y, gir_node g, const gir_node *x, int n, const uint8_t *need, gir_node *dx) {
    (void)y;
    (void)nd;
    if (need[0]) dx[0] = gir_div(G, g, gir_mul(G, x[0], gir__ah_num(G, g, 0.6931471805599453)));
    (void)n;
}
/* generated from ops.def:222 (SIN) */
static void gir__adj_sin(gir_graph *G, const gir__node *nd, gir_node y, gir_node g, const gir_node *x, int n, const uint8_t *need, gir_node *dx) {
    (void)y;
    (void)nd;
    if (need[0]) dx[0] = gir_mul(G, g, gir_cos(G, x[0]));
    (void)n;
}
/* generated from ops.def:224 (COS) */
static void gir__adj_cos(gir_graph *G, const gir__node *nd, gir_node y, gir_node g, const gir_node *x, int n, const uint8_t *need, gir_node *dx) {
    (void)y;
    (void)nd;
    if (need[0]) dx[0] = gir_mul(G, gir_neg(G, g), gir_sin(G, x[0]));
    (void)n;
}
/* generated from ops.def:226 (TAN) */
static void gir__adj_tan(gir_graph *G, const gir__node *nd, gir_node y, gir_node g, const gir_node *x, int n, const uint8_t *need, gir_node *dx) {
    (void)nd;
    (void)x;
    if (need[0]) dx[0] = gir_mul(G, g, gir_add(G, gir__ah_num(G, g, 1), gir_mul(G, y, y)));
    (void)n;
}
/* generated from ops.def:228 (ASIN) */
static void gir__adj_asin(gir_graph *G, const gir__node *nd, gir_node y, gir_node g, const gir_node *x, int n, const uint8_t *need, gir_node *dx) {
    (void)y;
    (void)nd;
    if (need[0]) dx[0] = gir_mul(G, g, gir_rsqrt(G, gir_sub(G, gir__ah_num(G, g, 1), gir_mul(G, x[0], x[0]))));
    (void)n;
}
/* generated from ops.def:232 (ACOS) */
static void gir__adj_acos(gir_graph *G, const gir__node *nd, gir_node y, gir_node g, const gir_node *x, int n, const uint8_t *need, gir_node *dx) {
    (void)y;
    (void)nd;
    if (need[0]) dx[0] = gir_mul(G, gir_neg(G, g), gir_rsqrt(G, gir_sub(G, gir__ah_num(G, g, 1), gir_mul(G, x[0], x[0]))));
    (void)n;
}
/* generated from ops.def:236 (ATAN) */
static void gir__adj_atan(gir_graph *G, const gir__node *nd, gir_node y, gir_node g, const gir_node *x, int n, const uint8_t *need, gir_node *dx) {
    (void)y;
    (void)nd;
    if (need[0]) dx[0] = gir_div(G, g, gir_add(G, gir__ah_num(G, g, 1), gir_mul(G, x[0], x[0])));
    (void)n;
}
/* generated from ops.def:238 (SINH) */
static void gir__adj_sinh(gir_graph *G, const gir__node *nd, gir_node y, gir_node g, const gir_node *x, int n, const uint8_t *need, gir_node *dx) {
    (void)y;
    (void)nd;
    if (need[0]) dx[0] = gir_mul(G, g, gir_cosh(G, x[0]));
    (void)n;
}
/* generated from ops.def:240 (COSH) */
static void gir__adj_cosh(gir_graph *G, const gir__node *nd, gir_node y, gir_node g, const gir_node *x, int n, const uint8_t *need, gir_node *dx) {
    (void)y;
    (void)nd;
    if (need[0]) dx[0] = gir_mul(G, g, gir_sinh(G, x[0]));
    (void)n;
}
/* generated from ops.def:242 (TANH) */
static void gir__adj_tanh(gir_graph *G, const gir__node *nd, gir_node y, gir_node g, const gir_node *x, int n, const uint8_t *need, gir_node *dx) {
    (void)nd;
    (void)x;
    if (need[0]) dx[0] = gir_mul(G, g, gir_sub(G, gir__ah_num(G, g, 1), gir_mul(G, y, y)));
    (void)n;
}
/* generated from ops.def:244 (SIGMOID) */
static void gir__adj_sigmoid(gir_graph *G, const gir__node *nd, gir_node y, gir_node g, const gir_node *x, int n, const uint8_t *need, gir_node *dx) {
    (void)nd;
    (void)x;
    if (need[0]) dx[0] = gir_mul(G, gir_mul(G, g, y), gir_sub(G, gir__ah_num(G, g, 1), y));
    (void)n;
}
/* generated from ops.def:246 (SOFTPLUS) */
static void gir__adj_softplus(gir_graph *G, const gir__node *nd, gir_node y, gir_node g, const gir_node *x, int n, const uint8_t *need, gir_node *dx) {
    (void)y;
    (void)nd;
    if (need[0]) dx[0] = gir_mul(G, g, gir_sigmoid(G, x[0]));
    (void)n;
}
/* generated from ops.def:251 (RELU) */
static void gir__adj_relu(gir_graph *G, const gir__node *nd, gir_node y, gir_node g, const gir_node *x, int n, const uint8_t *need, gir_node *dx) {
    (void)y;
    if (need[0]) dx[0] = gir_mul(G, g, gir__ah_mask(G, nd, x, gir_gt(G, x[0], gir__ah_num(G, g, 0))));
    (void)n;
}
/* generated from ops.def:253 (LEAKY_RELU) */
static void gir__adj_leaky_relu(gir_graph *G, const gir__node *nd, gir_node y, gir_node g, const gir_node *x, int n, const uint8_t *need, gir_node *dx) {
    (void)y;
    if (need[0]) dx[0] = gir_mul(G, g, gir_add(G, gir_mul(G, gir__ah_mask(G, nd, x, gir_gt(G, x[0], gir__ah_num(G, g, 0))), gir_sub(G, gir__ah_num(G, g, 1), gir__ah_num(G, g, (double)nd->attr.f[0]))), gir__ah_num(G, g, (double)nd->attr.f[0])));
    (void)n;
}
/* generated from ops.def:256 (ELU) */
static void gir__adj_elu(gir_graph *G, const gir__node *nd, gir_node y, gir_node g, const gir_node *x, int n, const uint8_t *need, gir_node *dx) {
    if (need[0]) dx[0] = gir_mul(G, g, gir_where(G, gir_gt(G, x[0], gir__ah_num(G, g, 0)), gir__ah_num(G, g, 1), gir_add(G, y, gir__ah_num(G, g, (double)nd->attr.f[0]))));
    (void)n;
}
/* generated from ops.def:260 (GELU) */
static void gir__adj_gelu(gir_graph *G, const gir__node *nd, gir_node y, gir_node g, const gir_node *x, int n, const uint8_t *need, gir_node *dx) {
    (void)y;
    (void)nd;
    if (need[0]) dx[0] = gir_mul(G, g, gir_add(G, gir_mul(G, gir__ah_num(G, g, 0.5), gir_add(G, gir__ah_num(G, g, 1), gir_erf(G, gir_mul(G, x[0], gir__ah_num(G, g, 0.7071067811865476))))), gir_mul(G, gir_mul(G, x[0], gir__ah_num(G, g, 0.3989422804014327)), gir_exp(G, gir_mul(G, gir_mul(G, gir__ah_num(G, g, -0.5), x[0]), x[0])))));
    (void)n;
}
/* generated from ops.def:266 (SILU) */
static void gir__adj_silu(gir_graph *G, const gir__node *nd, gir_node y, gir_node g, const gir_node *x, int n, const uint8_t *need, gir_node *dx) {
    (void)y;
    (void)nd;
    if (need[0]) dx[0] = gir_mul(G, gir_mul(G, g, gir_sigmoid(G, x[0])), gir_add(G, gir__ah_num(G, g, 1), gir_mul(G, x[0], gir_sub(G, gir__ah_num(G, g, 1), gir_sigmoid(G, x[0])))));
    (void)n;
}
/* generated from ops.def:269 (ERF) */
static void gir__adj_erf(gir_graph *G, const gir__node *nd, gir_node y, gir_node g, const gir_node *x, int n, const uint8_t *need, gir_node *dx) {
    (void)y;
    (void)nd;
    if (need[0]) dx[0] = gir_mul(G, gir_mul(G, g, gir__ah_num(G, g, 1.1283791670955126)), gir_exp(G, gir_mul(G, gir_neg(G, x[0]), x[0])));
    (void)n;
}
/* generated from ops.def:272 (FLOOR) */
static void gir__adj_floor(gir_graph *G, const gir__node *nd, gir_node y, gir_node g, const gir_node *x, int n, const uint8_t *need, gir_node *dx) {
    (void)y;
    (void)g;
    if (need[0]) dx[0] = gir__ah_zeros_like(G, nd, x, x[0]);
    (void)n;
}
/* generated from ops.def:274 (CEIL) */
static void gir__adj_ceil(gir_graph *G, const gir__node *nd, gir_node y, gir_node g, const gir_node *x, int n, const uint8_t *need, gir_node *dx) {
    (void)y;
    (void)g;
    if (need[0]) dx[0] = gir__ah_zeros_like(G, nd, x, x[0]);
    (void)n;
}
/* generated from ops.def:276 (ROUND) */
static void gir__adj_round(gir_graph *G, const gir__node *nd, gir_node y, gir_node g, const gir_node *x, int n, const uint8_t *need, gir_node *dx) {
    (void)y;
    (void)g;
    if (need[0]) dx[0] = gir__ah_zeros_like(G, nd, x, x[0]);
    (void)n;
}
/* generated from ops.def:279 (CLAMP) */
static void gir__adj_clamp(gir_graph *G, const gir__node *nd, gir_node y, gir_node g, const gir_node *x, int n, const uint8_t *need, gir_node *dx) {
    (void)y;
    if (need[0]) dx[0] = gir_mul(G, g, gir__ah_mask(G, nd, x, gir_and(G, gir_ge(G, x[0], gir__ah_num(G, g, (double)nd->attr.f[0])), gir_le(G, x[0], gir__ah_num(G, g, (double)nd->attr.f[1])))));
    (void)n;
}
/* generated from ops.def:285 (SUM) */
static void gir__adj_sum(gir_graph *G, const gir__node *nd, gir_node y, gir_node g, const gir_node *x, int n, const uint8_t *need, gir_node *dx) {
    (void)y;
    if (need[0]) dx[0] = gir__ah_expand(G, nd, x, g);
    (void)n;
}
/* generated from ops.def:290 (MEAN) */
static void gir__adj_mean(gir_graph *G, const gir__node *nd, gir_node y, gir_node g, const gir_node *x, int n, const uint8_t *need, gir_node *dx) {
    (void)y;
    if (need[0]) dx[0] = gir_mul(G, gir__ah_expand(G, nd, x, g), gir__ah_rcount(G, nd, x));
    (void)n;
}
/* generated from ops.def:295 (PROD) */
static void gir__adj_prod(gir_graph *G, const gir__node *nd, gir_node y, gir_node g, const gir_node *x, int n, const uint8_t *need, gir_node *dx) {
    if (need[0]) dx[0] = gir_div(G, gir_mul(G, gir__ah_keep(G, nd, x, g), gir__ah_keep(G, nd, x, y)), x[0]);
    (void)n;
}
/* generated from ops.def:300 (MAX) */
static void gir__adj_max(gir_graph *G, const gir__node *nd, gir_node y, gir_node g, const gir_node *x, int n, const uint8_t *need, gir_node *dx) {
    if (need[0]) dx[0] = gir_mul(G, gir__ah_keep(G, nd, x, g), gir__ah_tiemask(G, nd, x, x[0], gir__ah_keep(G, nd, x, y)));
    (void)n;
}
/* generated from ops.def:306 (MIN) */
static void gir__adj_min(gir_graph *G, const gir__node *nd, gir_node y, gir_node g, const gir_node *x, int n, const uint8_t *need, gir_node *dx) {
    if (need[0]) dx[0] = gir_mul(G, gir__ah_keep(G, nd, x, g), gir__ah_tiemask(G, nd, x, x[0], gir__ah_keep(G, nd, x, y)));
    (void)n;
}
/* generated from ops.def:312 (VAR) */
static void gir__adj_var(gir_graph *G, const gir__node *nd, gir_node y, gir_node g, const gir_node *x, int n, const uint8_t *need, gir_node *dx) {
    (void)y;
    if (need[0]) dx[0] = gir_mul(G, gir_mul(G, gir__ah_keep(G, nd, x, g), gir_sub(G, x[0], gir__ah_rmean(G, nd, x, x[0]))), gir_mul(G, gir__ah_num(G, g, 2), gir__ah_rdof(G, nd, x)));
    (void)n;
}
/* generated from ops.def:319 (LOGSUMEXP) */
static void gir__adj_logsumexp(gir_graph *G, const gir__node *nd, gir_node y, gir_node g, const gir_node *x, int n, const uint8_t *need, gir_node *dx) {
    if (need[0]) dx[0] = gir_mul(G, gir__ah_keep(G, nd, x, g), gir_exp(G, gir_sub(G, x[0], gir__ah_keep(G, nd, x, y))));
    (void)n;
}
/* generated from ops.def:347 (RESHAPE) */
static void gir__adj_reshape(gir_graph *G, const gir__node *nd, gir_node y, gir_node g, const gir_node *x, int n, const uint8_t *need, gir_node *dx) {
    (void)y;
    if (need[0]) dx[0] = gir__ah_like(G, nd, x, g, x[0]);
    (void)n;
}
/* generated from ops.def:351 (TRANSPOSE) */
static void gir__adj_transpose(gir_graph *G, const gir__node *nd, gir_node y, gir_node g, const gir_node *x, int n, const uint8_t *need, gir_node *dx) {
    (void)y;
    if (need[0]) dx[0] = gir__ah_untranspose(G, nd, x, g);
    (void)n;
}
/* generated from ops.def:356 (BROADCAST_TO) */
static void gir__adj_broadcast_to(gir_graph *G, const gir__node *nd, gir_node y, gir_node g, const gir_node *x, int n, const uint8_t *need, gir_node *dx) {
    (void)y;
    if (need[0]) dx[0] = gir__ah_unbroadcast(G, nd, x, g, x[0]);
    (void)n;
}
/* generated from ops.def:361 (SLICE) */
static void gir__adj_slice(gir_graph *G, const gir__node *nd, gir_node y, gir_node g, const gir_node *x, int n, const uint8_t *need, gir_node *dx) {
    (void)y;
    if (need[0]) dx[0] = gir__ah_slice_back(G, nd, x, g, x[0]);
    (void)n;
}
/* generated from ops.def:368 (UNSLICE) */
static void gir__adj_unslice(gir_graph *G, const gir__node *nd, gir_node y, gir_node g, const gir_node *x, int n, const uint8_t *need, gir_node *dx) {
    (void)y;
    if (need[0]) dx[0] = gir__ah_reslice(G, nd, x, g);
    (void)n;
}
/* generated from ops.def:373 (CONCAT) */
static void gir__adj_concat(gir_graph *G, const gir__node *nd, gir_node y, gir_node g, const gir_node *x, int n, const uint8_t *need, gir_node *dx) {
    (void)y;
    int i;
    for (i = 0; i < n; ++i)
        if (need[i]) dx[i] = gir__ah_concat_part(G, nd, x, g, i);
}
/* generated from ops.def:378 (FLIP) */
static void gir__adj_flip(gir_graph *G, const gir__node *nd, gir_node y, gir_node g, const gir_node *x, int n, const uint8_t *need, gir_node *dx) {
    (void)y;
    if (need[0]) dx[0] = gir__ah_reflip(G, nd, x, g);
    (void)n;
}
/* generated from ops.def:380 (PAD) */
static void gir__adj_pad(gir_graph *G, const gir__node *nd, gir_node y, gir_node g, const gir_node *x, int n, const uint8_t *need, gir_node *dx) {
    (void)y;
    if (need[0]) dx[0] = gir__ah_unpad(G, nd, x, g, x[0]);
    (void)n;
}
/* generated from ops.def:385 (INDEX_SELECT) */
static void gir__adj_index_select(gir_graph *G, const gir__node *nd, gir_node y, gir_node g, const gir_node *x, int n, const uint8_t *need, gir_node *dx) {
    (void)y;
    if (need[0]) dx[0] = gir__ah_unselect(G, nd, x, g, x[0]);
    (void)n;
}
/* generated from ops.def:391 (INDEX_ADD) */
static void gir__adj_index_add(gir_graph *G, const gir__node *nd, gir_node y, gir_node g, const gir_node *x, int n, const uint8_t *need, gir_node *dx) {
    (void)y;
    if (need[0]) dx[0] = gir__ah_reselect(G, nd, x, g);
    (void)n;
}
/* generated from ops.def:402 (WHERE) */
static void gir__adj_where(gir_graph *G, const gir__node *nd, gir_node y, gir_node g, const gir_node *x, int n, const uint8_t *need, gir_node *dx) {
    (void)y;
    if (need[0]) dx[0] = gir__ah_unbroadcast(G, nd, x, gir_where(G, x[2], g, gir__ah_num(G, g, 0)), x[0]);
    if (need[1]) dx[1] = gir__ah_unbroadcast(G, nd, x, gir_where(G, x[2], gir__ah_num(G, g, 0), g), x[1]);
    (void)n;
}
/* generated from ops.def:407 (DIAG) */
static void gir__adj_diag(gir_graph *G, const gir__node *nd, gir_node y, gir_node g, const gir_node *x, int n, const uint8_t *need, gir_node *dx) {
    (void)y;
    (void)x;
    if (need[0]) dx[0] = gir_diagonal(G, g, nd->attr.i[0]);
    (void)n;
}
/* generated from ops.def:411 (DIAGONAL) */
static void gir__adj_diagonal(gir_graph *G, const gir__node *nd, gir_node y, gir_node g, const gir_node *x, int n, const uint8_t *need, gir_node *dx) {
    (void)y;
    if (need[0]) dx[0] = gir__ah_undiagonal(G, nd, x, g);
    (void)n;
}
/* generated from ops.def:415 (TRIU) */
static void gir__adj_triu(gir_graph *G, const gir__node *nd, gir_node y, gir_node g, const gir_node *x, int n, const uint8_t *need, gir_node *dx) {
    (void)y;
    (void)x;
    if (need[0]) dx[0] = gir_triu(G, g, nd->attr.i[0]);
    (void)n;
}
/* generated from ops.def:419 (TRIL) */
static void gir__adj_tril(gir_graph *G, const gir__node *nd, gir_node y, gir_node g, const gir_node *x, int n, const uint8_t *need, gir_node *dx) {
    (void)y;
    (void)x;
    if (need[0]) dx[0] = gir_tril(G, g, nd->attr.i[0]);
    (void)n;
}
/* generated from ops.def:423 (CAST) */
static void gir__adj_cast(gir_graph *G, const gir__node *nd, gir_node y, gir_node g, const gir_node *x, int n, const uint8_t *need, gir_node *dx) {
    (void)y;
    if (need[0]) dx[0] = gir__ah_cast_like(G, nd, x, g, x[0]);
    (void)n;
}
/* generated from ops.def:431 (MATMUL) */
static void gir__adj_matmul(gir_graph *G, const gir__node *nd, gir_node y, gir_node g, const gir_node *x, int n, const uint8_t *need, gir_node *dx) {
    (void)y;
    if (need[0]) dx[0] = gir__ah_unbroadcast(G, nd, x, gir_matmul(G, g, gir__ah_mT(G, nd, x, x[1])), x[0]);
    if (need[1]) dx[1] = gir__ah_unbroadcast(G, nd, x, gir_matmul(G, gir__ah_mT(G, nd, x, x[0]), g), x[1]);
    (void)n;
}
/* generated from ops.def:436 (DOT) */
static void gir__adj_dot(gir_graph *G, const gir__node *nd, gir_node y, gir_node g, const gir_node *x, int n, const uint8_t *need, gir_node *dx) {
    (void)y;
    (void)nd;
    if (need[0]) dx[0] = gir_mul(G, g, x[1]);
    if (need[1]) dx[1] = gir_mul(G, g, x[0]);
    (void)n;
}
/* generated from ops.def:438 (OUTER) */
static void gir__adj_outer(gir_graph *G, const gir__node *nd, gir_node y, gir_node g, const gir_node *x, int n, const uint8_t *need, gir_node *dx) {
    (void)y;
    if (need[0]) dx[0] = gir__ah_sumaxis(G, nd, x, gir_mul(G, g, x[1]), 1);
    if (need[1]) dx[1] = gir__ah_sumaxis(G, nd, x, gir_mul(G, g, gir__ah_col(G, nd, x, x[0])), 0);
    (void)n;
}
/* generated from ops.def:441 (TRACE) */
static void gir__adj_trace(gir_graph *G, const gir__node *nd, gir_node y, gir_node g, const gir_node *x, int n, const uint8_t *need, gir_node *dx) {
    (void)y;
    if (need[0]) dx[0] = gir__ah_untrace(G, nd, x, g, x[0]);
    (void)n;
}
/* generated from ops.def:443 (INVERSE) */
static void gir__adj_inverse(gir_graph *G, const gir__node *nd, gir_node y, gir_node g, const gir_node *x, int n, const uint8_t *need, gir_node *dx) {
    if (need[0]) dx[0] = gir_neg(G, gir_matmul(G, gir_matmul(G, gir__ah_mT(G, nd, x, y), g), gir__ah_mT(G, nd, x, y)));
    (void)n;
}
/* generated from ops.def:448 (DET) */
static void gir__adj_det(gir_graph *G, const gir__node *nd, gir_node y, gir_node g, const gir_node *x, int n, const uint8_t *need, gir_node *dx) {
    if (need[0]) dx[0] = gir_mul(G, gir__ah_cell(G, nd, x, gir_mul(G, g, y)), gir__ah_mT(G, nd, x, gir_inverse(G, x[0])));
    (void)n;
}
/* generated from ops.def:451 (LOGDET) */
static void gir__adj_logdet(gir_graph *G, const gir__node *nd, gir_node y, gir_node g, const gir_node *x, int n, const uint8_t *need, gir_node *dx) {
    (void)y;
    if (need[0]) dx[0] = gir_mul(G, gir__ah_cell(G, nd, x, g), gir__ah_mT(G, nd, x, gir_inverse(G, x[0])));
    (void)n;
}
/* generated from ops.def:460 (TRISOLVE) */
static void gir__adj_trisolve(gir_graph *G, const gir__node *nd, gir_node y, gir_node g, const gir_node *x, int n, const uint8_t *need, gir_node *dx) {
    if (need[0]) dx[0] = gir__ah_trisolve_da(G, nd, x, gir__ah_trisolve_adj(G, nd, x, g), y);
    if (need[1]) dx[1] = gir__ah_trisolve_adj(G, nd, x, g);
    (void)n;
}
/* generated from ops.def:466 (SOFTMAX) */
static void gir__adj_softmax(gir_graph *G, const gir__node *nd, gir_node y, gir_node g, const gir_node *x, int n, const uint8_t *need, gir_node *dx) {
    if (need[0]) dx[0] = gir_mul(G, y, gir_sub(G, g, gir__ah_axsum(G, nd, x, gir_mul(G, g, y))));
    (void)n;
}
/* generated from ops.def:469 (LOG_SOFTMAX) */
static void gir__adj_log_softmax(gir_graph *G, const gir__node *nd, gir_node y, gir_node g, const gir_node *x, int n, const uint8_t *need, gir_node *dx) {
    if (need[0]) dx[0] = gir_sub(G, g, gir_mul(G, gir_exp(G, y), gir__ah_axsum(G, nd, x, g)));
    (void)n;
}
/* generated from ops.def:472 (XENT_LOGITS) */
static void gir__adj_xent_logits(gir_graph *G, const gir__node *nd, gir_node y, gir_node g, const gir_node *x, int n, const uint8_t *need, gir_node *dx) {
    (void)y;
    if (need[0]) dx[0] = gir_mul(G, gir__ah_lastcol(G, nd, x, g), gir_sub(G, gir_softmax(G, x[0], (-1)), gir__ah_onehot_like(G, nd, x, x[1], x[0])));
    (void)n;
}
/* generated from ops.def:478 (XENT_LOGITS_PROB) */
static void gir__adj_xent_logits_prob(gir_graph *G, const gir__node *nd, gir_node y, gir_node g, const gir_node *x, int n, const uint8_t *need, gir_node *dx) {
    (void)y;
    if (need[0]) dx[0] = gir_mul(G, gir__ah_lastcol(G, nd, x, g), gir_sub(G, gir_mul(G, gir_softmax(G, x[0], (-1)), gir__ah_lastsum(G, nd, x, x[1])), x[1]));
    if (need[1]) dx[1] = gir_mul(G, gir_neg(G, gir__ah_lastcol(G, nd, x, g)), gir_log_softmax(G, x[0], (-1)));
    (void)n;
}
/* generated from ops.def:483 (BCE_LOGITS) */
static void gir__adj_bce_logits(gir_graph *G, const gir__node *nd, gir_node y, gir_node g, const gir_node *x, int n, const uint8_t *need, gir_node *dx) {
    (void)y;
    if (need[0]) dx[0] = gir__ah_unbroadcast(G, nd, x, gir_mul(G, g, gir_sub(G, gir_sigmoid(G, x[0]), x[1])), x[0]);
    if (need[1]) dx[1] = gir__ah_unbroadcast(G, nd, x, gir_mul(G, gir_neg(G, g), x[0]), x[1]);
    (void)n;
}
/* generated from ops.def:488 (MSE) */
static void gir__adj_mse(gir_graph *G, const gir__node *nd, gir_node y, gir_node g, const gir_node *x, int n, const uint8_t *need, gir_node *dx) {
    (void)y;
    if (need[0]) dx[0] = gir_mul(G, gir_mul(G, gir_mul(G, gir__ah_num(G, g, 2), g), gir_sub(G, x[0], x[1])), gir__ah_rsize(G, nd, x, x[0]));
    if (need[1]) dx[1] = gir_mul(G, gir_mul(G, gir_mul(G, gir__ah_num(G, g, -2), g), gir_sub(G, x[0], x[1])), gir__ah_rsize(G, nd, x, x[0]));
    (void)n;
}
/* generated from ops.def:491 (CONV2D) */
static void gir__adj_conv2d(gir_graph *G, const gir__node *nd, gir_node y, gir_node g, const gir_node *x, int n, const uint8_t *need, gir_node *dx) {
    (void)y;
    if (need[0]) dx[0] = gir__ah_conv_dx(G, nd, x, g, x[1]);
    if (need[1]) dx[1] = gir__ah_conv_dw(G, nd, x, x[0], g);
    (void)n;
}
/* generated from ops.def:498 (CONV2D_BWD_DATA) */
static void gir__adj_conv2d_bwd_data(gir_graph *G, const gir__node *nd, gir_node y, gir_node g, const gir_node *x, int n, const uint8_t *need, gir_node *dx) {
    (void)y;
    if (need[0]) dx[0] = gir__ah_conv_fwd(G, nd, x, g, x[1]);
    if (need[1]) dx[1] = gir__ah_conv_dw_of_dx(G, nd, x, g, x[0]);
    (void)n;
}
/* generated from ops.def:504 (CONV2D_BWD_FILTER) */
static void gir__adj_conv2d_bwd_filter(gir_graph *G, const gir__node *nd, gir_node y, gir_node g, const gir_node *x, int n, const uint8_t *need, gir_node *dx) {
    (void)y;
    if (need[0]) dx[0] = gir__ah_conv_dx_of_dw(G, nd, x, x[1], g);
    if (need[1]) dx[1] = gir__ah_conv_fwd(G, nd, x, x[0], g);
    (void)n;
}
/* generated from ops.def:510 (MAX_POOL2D) */
static void gir__adj_max_pool2d(gir_graph *G, const gir__node *nd, gir_node y, gir_node g, const gir_node *x, int n, const uint8_t *need, gir_node *dx) {
    (void)y;
    if (need[0]) dx[0] = gir__ah_maxpool_dx(G, nd, x, g, x[0]);
    (void)n;
}
/* generated from ops.def:521 (AVG_POOL2D) */
static void gir__adj_avg_pool2d(gir_graph *G, const gir__node *nd, gir_node y, gir_node g, const gir_node *x, int n, const uint8_t *need, gir_node *dx) {
    (void)y;
    if (need[0]) dx[0] = gir__ah_avgpool_dx(G, nd, x, g, x[0]);
    (void)n;
}
/* generated from ops.def:529 (AVG_POOL2D_BWD) */
static void gir__adj_avg_pool2d_bwd(gir_graph *G, const gir__node *nd, gir_node y, gir_node g, const gir_node *x, int n, const uint8_t *need, gir_node *dx) {
    (void)y;
    if (need[0]) dx[0] = gir__ah_avgpool_fwd(G, nd, x, g);
    (void)n;
}
/* generated from ops.def:535 (DROPOUT) */
static void gir__adj_dropout(gir_graph *G, const gir__node *nd, gir_node y, gir_node g, const gir_node *x, int n, const uint8_t *need, gir_node *dx) {
    (void)y;
    (void)x;
    if (need[0]) dx[0] = gir_dropout(G, g, nd->attr.f[0], nd->attr.seed);
    (void)n;
}
/* generated from ops.def:542 (GATHER) */
static void gir__adj_gather(gir_graph *G, const gir__node *nd, gir_node y, gir_node g, const gir_node *x, int n, const uint8_t *need, gir_node *dx) {
    (void)y;
    if (need[0]) dx[0] = gir_scatter_add(G, gir__ah_zeros_like(G, nd, x, x[0]), x[1], g, nd->attr.i[0]);
    (void)n;
}
/* generated from ops.def:548 (SCATTER_ADD) */
static void gir__adj_scatter_add(gir_graph *G, const gir__node *nd, gir_node y, gir_node g, const gir_node *x, int n, const uint8_t *need, gir_node *dx) {
    (void)y;
    if (need[0]) dx[0] = g;
    if (need[1]) dx[1] = gir_gather(G, g, x[2], nd->attr.i[0]);
    (void)n;
}
/* generated from ops.def:553 (FMOD) */
static void gir__adj_fmod(gir_graph *G, const gir__node *nd, gir_node y, gir_node g, const gir_node *x, int n, const uint8_t *need, gir_node *dx) {
    (void)y;
    if (need[0]) dx[0] = gir__ah_unbroadcast(G, nd, x, g, x[0]);
    if (need[1]) dx[1] = gir__ah_unbroadcast(G, nd, x, gir_mul(G, gir_mul(G, gir_neg(G, g), gir_sign(G, gir_div(G, x[0], x[1]))), gir_floor(G, gir_abs(G, gir_div(G, x[0], x[1])))), x[1]);
    (void)n;
}
/* generated from ops.def:560 (GELU_TANH) */
static void gir__adj_gelu_tanh(gir_graph *G, const gir__node *nd, gir_node y, gir_node g, const gir_node *x, int n, const uint8_t *need, gir_node *dx) {
    (void)y;
    (void)nd;
    if (need[0]) dx[0] = gir_mul(G, g, gir_add(G, gir_mul(G, gir__ah_num(G, g, 0.5), gir_add(G, gir__ah_num(G, g, 1), gir_tanh(G, gir_mul(G, gir__ah_num(G, g, 0.7978845608028654), gir_add(G, x[0], gir_mul(G, gir_mul(G, gir_mul(G, gir__ah_num(G, g, 0.044715), x[0]), x[0]), x[0])))))), gir_mul(G, gir_mul(G, gir_mul(G, gir_mul(G, gir__ah_num(G, g, 0.5), x[0]), gir_sub(G, gir__ah_num(G, g, 1), gir_mul(G, gir_tanh(G, gir_mul(G, gir__ah_num(G, g, 0.7978845608028654), gir_add(G, x[0], gir_mul(G, gir_mul(G, gir_mul(G, gir__ah_num(G, g, 0.044715), x[0]), x[0]), x[0])))), gir_tanh(G, gir_mul(G, gir__ah_num(G, g, 0.7978845608028654), gir_add(G, x[0], gir_mul(G, gir_mul(G, gir_mul(G, gir__ah_num(G, g, 0.044715), x[0]), x[0]), x[0]))))))), gir__ah_num(G, g, 0.7978845608028654)), gir_add(G, gir__ah_num(G, g, 1), gir_mul(G, gir_mul(G, gir__ah_num(G, g, 0.134145), x[0]), x[0])))));
    (void)n;
}
static const gir__adj_fn gir__adj_table[GIR_OP__COUNT] = {
    0,
    0, /* INPUT: no inputs: data is bound at run time */
    0, /* VARIABLE: no inputs: holds trainable data */
    0, /* CONSTANT: no inputs */
    0, /* FILL: no inputs */
    0, /* EYE: no inputs */
    0, /* ARANGE: no inputs */
    0, /* RAND_UNIFORM: no inputs */
    0, /* RAND_NORMAL: no inputs */
    0, /* NOT: logical */
    0, /* AND: logical */
    0, /* OR: logical */
    0, /* XOR: logical */
    0, /* GT: logical */
    0, /* GE: logical */
    0, /* LT: logical */
    0, /* LE: logical */
    0, /* EQ: logical */
    0, /* NE: logical */
    0, /* APPROX_EQ: logical */
    0, /* ISNAN: logical */
    0, /* ISINF: logical */
    0, /* ISFINITE: logical */
    gir__adj_add,
    gir__adj_sub,
    gir__adj_mul,
    gir__adj_div,
    gir__adj_neg,
    gir__adj_pow,
    gir__adj_maximum,
    gir__adj_minimum,
    gir__adj_mod,
    gir__adj_floordiv,
    gir__adj_add_n,
    gir__adj_abs,
    gir__adj_sign,
    gir__adj_square,
    gir__adj_sqrt,
    gir__adj_rsqrt,
    gir__adj_reciprocal,
    gir__adj_exp,
    gir__adj_expm1,
    gir__adj_log,
    gir__adj_log1p,
    gir__adj_log2,
    gir__adj_sin,
    gir__adj_cos,
    gir__adj_tan,
    gir__adj_asin,
    gir__adj_acos,
    gir__adj_atan,
    gir__adj_sinh,
    gir__adj_cosh,
    gir__adj_tanh,
    gir__adj_sigmoid,
    gir__adj_softplus,
    gir__adj_relu,
    gir__adj_leaky_relu,
    gir__adj_elu,
    gir__adj_gelu,
    gir__adj_silu,
    gir__adj_erf,
    gir__adj_floor,
    gir__adj_ceil,
    gir__adj_round,
    gir__adj_clamp,
    gir__adj_sum,
    gir__adj_mean,
    gir__adj_prod,
    gir__adj_max,
    gir__adj_min,
    gir__adj_var,
    gir__adj_logsumexp,
    0, /* ARGMAX: index output */
    0, /* ARGMIN: index output */
    0, /* ALL: logical */
    0, /* ANY: logical */
    gir__adj_reshape,
    gir__adj_transpose,
    gir__adj_broadcast_to,
    gir__adj_slice,
    gir__adj_unslice,
    gir__adj_concat,
    gir__adj_flip,
    gir__adj_pad,
    gir__adj_index_select,
    gir__adj_index_add,
    0, /* ONE_HOT: index input */
    gir__adj_where,
    gir__adj_diag,
    gir__adj_diagonal,
    gir__adj_triu,
    gir__adj_tril,
    gir__adj_cast,
    0, /* STOP_GRADIENT: blocks gradients by design */
    gir__adj_matmul,
    gir__adj_dot,
    gir__adj_outer,
    gir__adj_trace,
    gir__adj_inverse,
    gir__adj_det,
    gir__adj_logdet,
    gir__adjfn_cholesky,
    gir__adj_trisolve,
    gir__adj_softmax,
    gir__adj_log_softmax,
    gir__adj_xent_logits,
    gir__adj_xent_logits_prob,
    gir__adj_bce_logits,
    gir__adj_mse,
    gir__adj_conv2d,
    gir__adj_conv2d_bwd_data,
    gir__adj_conv2d_bwd_filter,
    gir__adj_max_pool2d,
    0, /* MAX_POOL2D_BWD: second-order gradients through max_pool2d are not provided */
    gir__adj_avg_pool2d,
    gir__adj_avg_pool2d_bwd,
    gir__adj_dropout,
    gir__adj_gather,
    gir__adj_scatter_add,
    gir__adj_fmod,
    gir__adj_gelu_tanh,
};

/* gir_grad's checks of its arguments: GIR_OK, or the error it recorded */
static gir_status gir__grad_check(gir_graph *g, gir_node y, int n, const gir_node *wrt) {
    int k, kind = gir__handle_kind(g, y);
    const gir__node *d;
    if (kind == GIR__H_NONE) {
        gir__gfail(g, GIR_ERR_HANDLE, "grad: the output is an invalid node (an earlier builder failed: %s)",
                   g->msg[0] ? g->msg : "no message");
        return GIR_ERR_HANDLE;
    }
    if (kind != GIR__H_OWN) {
        gir__gfail(g, GIR_ERR_HANDLE, "grad: the output (id %u) %s", (unsigned)y.id, gir__handle_why(kind));
        return GIR_ERR_HANDLE;
    }
    for (k = 0; k < n; ++k)
        if ((kind = gir__handle_kind(g, wrt[k])) != GIR__H_OWN) {
            gir__gfail(g, GIR_ERR_HANDLE, "grad: wrt[%d] (id %u) %s", k, (unsigned)wrt[k].id, gir__handle_why(kind));
            return GIR_ERR_HANDLE;
        }
    d = &g->nodes[y.id];
    if (gir__numel(&d->shape) != 1 || !gir__is_float(d->dtype)) {
        gir__gfail(g, GIR_ERR_SHAPE, "grad: the output node %u must be one float element, got %T %S", (unsigned)y.id,
                   (int)d->dtype, &d->shape);
        return GIR_ERR_SHAPE;
    }
    return GIR_OK;
}

/* The reverse sweep over y and the nodes before it. Nodes built here get grad level 1 + y's level (a node's
   level is the largest among its inputs and the level it was built at, so y's level covers its ancestry). A
   wrt node built after y cannot be below it: its gradient is zeros. */
GIR_API gir_status gir_grad(gir_graph *g, gir_node y, int n, const gir_node *wrt, gir_node *grads) {
    gir_node *adj = NULL, xs[GIR_MAX_VARIADIC], dx[GIR_MAX_VARIADIC];
    uint8_t needp[GIR_MAX_VARIADIC];
    uint8_t *dep = NULL;
    size_t cnt;
    uint16_t old_level;
    int k;
    uint32_t id;
    gir_status st;
    if (!g) return GIR_ERR_INVALID_ARG;
    if (n < 0 || (n > 0 && (!wrt || !grads))) {
        gir__gfail(g, GIR_ERR_INVALID_ARG, "grad: needs n >= 0 and arrays for wrt and grads");
        return GIR_ERR_INVALID_ARG;
    }
    for (k = 0; k < n; ++k) grads[k] = gir__handle(NULL, 0);
    if ((st = gir__grad_check(g, y, n, wrt)) != GIR_OK) return st;
    cnt = (size_t)y.id + 1;
    adj = (gir_node *)gir__alloc(&g->a, cnt * sizeof(gir_node));
    dep = (uint8_t *)gir__alloc(&g->a, cnt);
    if (!adj || !dep) {
        gir__free(&g->a, adj, cnt * sizeof(gir_node));
        gir__free(&g->a, dep, cnt);
        gir__gfail(g, GIR_ERR_OUT_OF_MEMORY, "grad: out of memory");
        return GIR_ERR_OUT_OF_MEMORY;
    }
    for (id = 0; id < cnt; ++id) adj[id] = gir__handle(NULL, 0);
    GIR_MEMSET(dep, 0, cnt);
    for (k = 0; k < n; ++k)
        if (wrt[k].id < cnt) dep[wrt[k].id] = 1;
    /* dep: the node depends differentiably on something in wrt */
    for (id = 1; id < cnt; ++id) {
        const gir__node *d = &g->nodes[id];
        uint32_t j;
        for (j = 0; j < d->nparents && !dep[id]; ++j)
            if (dep[g->ins[d->in0 + j]]) dep[id] = 1;
    }
    old_level = g->grad_level;
    g->grad_level = (uint16_t)(g->nodes[y.id].grad_level + 1);
    adj[y.id] = gir_ones_like(g, y);
    if (!adj[y.id].id) st = g->status ? g->status : GIR_ERR_OUT_OF_MEMORY;
    for (id = y.id; id >= 1 && st == GIR_OK; --id) {
        gir__node nd;
        uint32_t j;
        int want = 0;
        if (!adj[id].id || !dep[id]) continue;
        nd = g->nodes[id];                                   /* a copy: building nodes may move the array */
        if (nd.ntype != GIR_NODE_INPUT_DERIVED) continue;
        for (j = 0; j < nd.nin && j < GIR_MAX_VARIADIC; ++j) xs[j] = gir__handle(g, g->ins[nd.in0 + j]);
        for (j = 0; j < nd.nparents; ++j) {
            const gir__node *p = &g->nodes[xs[j].id];
            needp[j] = (uint8_t)(dep[xs[j].id] && gir__is_float(p->dtype) &&
                                 (p->ntype == GIR_NODE_INPUT || p->ntype == GIR_NODE_INPUT_DERIVED));
            if (needp[j]) want = 1;
        }
        if (!want) continue;
        if (!gir__adj_table[nd.op]) {
            gir__gfail(g, GIR_ERR_NO_ADJOINT, "%s: node %u: cannot differentiate: %s", gir__ops[nd.op].name,
                       (unsigned)id, gir__ops[nd.op].no_adj);
            st = GIR_ERR_NO_ADJOINT;
            break;
        }
        for (j = 0; j < nd.nparents; ++j) dx[j] = gir__handle(NULL, 0);
        gir__adj_table[nd.op](g, &nd, gir__handle(g, id), adj[id], xs, (int)nd.nparents, needp, dx);
        for (j = 0; j < nd.nparents; ++j) {
            uint32_t p = xs[j].id;
            const gir__node *pn = &g->nodes[p];
            if (!needp[j]) continue;
            if (!dx[j].id) { st = g->status ? g->status : GIR_ERR_OUT_OF_MEMORY; break; }
            if (!gir__shape_eq(&g->nodes[dx[j].id].shape, &pn->shape)) {
                gir__gfail(g, GIR_ERR_SHAPE, "%s: node %u: adjoint of parent %u has shape %S, parent is %S",
                           gir__ops[nd.op].name, (unsigned)id, (unsigned)j, &g->nodes[dx[j].id].shape, &pn->shape);
                st = GIR_ERR_SHAPE;
                break;
            }
            adj[p] = adj[p].id ? gir_add(g, adj[p], dx[j]) : dx[j];
            if (!adj[p].id) { st = g->status ? g->status : GIR_ERR_OUT_OF_MEMORY; break; }
        }
    }
    for (k = 0; k < n && st == GIR_OK; ++k) {
        uint32_t w = wrt[k].id;
        grads[k] = (w < cnt && adj[w].id) ? adj[w] : gir_zeros_like(g, wrt[k]);
        if (!grads[k].id) st = g->status ? g->status : GIR_ERR_OUT_OF_MEMORY;
    }
    if (st != GIR_OK)
        for (k = 0; k < n; ++k) grads[k] = gir__handle(NULL, 0);
    g->grad_level = old_level;
    gir__free(&g->a, adj, cnt * sizeof(gir_node));
    gir__free(&g->a, dep, cnt);
    return st;
}

/* >>gemm: packed, register-blocked matrix multiply for f32 and f64 -----------------------------------------------
   gir__gemm computes C[m x n] = A[m x k] B[k x n] (or C += A B). A and B are read through element strides,
   so row-major, transposed and other layouts are all read in place: A(i, p) = a[i*rsa + p*csa] and
   B(p, j) = b[p*rsb + j*csb]. C is row-major with row stride ldc.
   Blocking in the Goto/BLIS manner, for one core:
     for each block of NC columns of B and C
       for each block of KC steps of k:  pack B[KC x NC] into panels of NR columns
         for each block of MC rows of A: pack A[MC x KC] into panels of MR rows
           for each NR-column panel of B
             for each MR-row panel of A: the micro-kernel adds panel x panel into an MR x NR tile of C
   A micro-kernel holds its MR x NR tile of C in registers. At each step of k it loads one row of the B
   panel (two vectors), broadcasts the MR values of the A panel one by one and issues 2 MR fused
   multiply-adds. Rows left over at the bottom edge go to kernels with fewer rows (MR = 14 leaves 13 as
   8 + 4 + 1); columns left over at the right edge are computed in full from zero-padded panels and only
   n columns are stored.
   Sizes for f32 on AVX-512 (a Zen 5 core: 48 KiB L1d, 1 MiB L2, two 512-bit FMA pipes), chosen by measuring:
   MR x NR = 14 x 32 (28 accumulators of the 32 zmm registers), KC = 512, MC = 168, NC = 3072. The packed
   A block (168 x 512, 336 KiB) stays in L2; each B panel (512 x 32, 64 KiB) is used by the 12 A panels of
   the block while it is in L2 (and partly L1); C is read and written once per KC steps of k, which is why
   KC is large. When n is a multiple of 64, a 6 x 64 tile is used instead (fewer loads per multiply-add, no
   padding then; 2-6 % faster at n = 64 and 192). f64 uses 14 x 16 (or 6 x 32) with KC = 384, MC = 112;
   AVX2 6 x 16 / 6 x 8; NEON 8 x 8 / 8 x 4; Helium 3 x 8 (8 vector registers); the scalar reference 4 x 2.
   The k and m extents are split into equal blocks.
   Operands are read in place instead of packed when packing costs more than it saves: a row-major A whose
   rows span at most 1 MiB (the gir__gemm_ukd_* kernels read its rows directly), a B with contiguous rows
   used by few rows of A or spanning at most 256 KiB (only its partial last panel is packed). Small and
   skinny shapes (k = 1, m = 1, n = 1, few rows or columns) never reach the packed path: gir__gemm_small
   (section gemv) computes them from the operands in place. Packing buffers come from the plan's scratch memory (gir__gemm_scratch bytes,
   64-byte aligned), so a run allocates nothing. All kernels use fused multiply-add except the scalar
   ones, which are the portable reference (GIR_NO_SIMD). */

/* one micro-kernel body for every instruction set, written against a small vocabulary P##_X:
   _E element type, _V vector type, _S broadcast type, _L lanes, _ZERO(), _LOAD(p), _STORE(p, v), _BCAST(x), _FMA(s, v, acc) =
   acc + s*v, _VFMA(x, y, acc) = acc + x*y, _ADD(v, w), _PREFETCH(p) into L1, _PREFETCH2(p) towards L2.
   Rows are spelled out by the GIR__ROWS_<R> lists. */
#define GIR__ROWS_1(X, P)  X(0, P)
#define GIR__ROWS_2(X, P)  X(0, P) X(1, P)
#define GIR__ROWS_3(X, P)  GIR__ROWS_2(X, P) X(2, P)
#define GIR__ROWS_4(X, P)  GIR__ROWS_2(X, P) X(2, P) X(3, P)
#define GIR__ROWS_6(X, P)  GIR__ROWS_4(X, P) X(4, P) X(5, P)
#define GIR__ROWS_8(X, P)  GIR__ROWS_6(X, P) X(6, P) X(7, P)
#define GIR__ROWS_12(X, P) GIR__ROWS_8(X, P) X(8, P) X(9, P) X(10, P) X(11, P)
#define GIR__ROWS_14(X, P) GIR__ROWS_12(X, P) X(12, P) X(13, P)
/* a row of the tile is V vectors (V = 2 or 4), spelled out by the GIR__COLS_<V> lists; each per-row step X has
   the forms X_2 and X_4 */
#define GIR__COLS_2(X, i, P) X(i, 0, P) X(i, 1, P)
#define GIR__COLS_4(X, i, P) X(i, 0, P) X(i, 1, P) X(i, 2, P) X(i, 3, P)
#define GIR__UK_Z1(i, j, P) P##_V c##i##_##j = P##_ZERO();
#define GIR__UK_ZERO_2(i, P) GIR__COLS_2(GIR__UK_Z1, i, P)
#define GIR__UK_ZERO_4(i, P) GIR__COLS_4(GIR__UK_Z1, i, P)
#define GIR__UK_B1(i, j, P) P##_V b##j = P##_LOAD(b + j * P##_L);
#define GIR__UK_F1(i, j, P) c##i##_##j = P##_FMA(v_, b##j, c##i##_##j);
/* the tile of C is fetched towards L2 when the kernel starts and into L1 GIR__UK_LATE steps before the end: rows
   of C a power of two apart share L1 sets, so fetched early they evict each other before they are used */
#define GIR__UK_LATE 128
#define GIR__UK_L2(i, j, P) P##_PREFETCH2(c + i * ldc + j * P##_L);
#define GIR__UK_L1(i, j, P) P##_PREFETCH(c + i * ldc + j * P##_L);
#define GIR__UK_PREF2_2(i, P) GIR__COLS_2(GIR__UK_L2, i, P)
#define GIR__UK_PREF2_4(i, P) GIR__COLS_4(GIR__UK_L2, i, P)
#define GIR__UK_PREF_2(i, P) GIR__COLS_2(GIR__UK_L1, i, P)
#define GIR__UK_PREF_4(i, P) GIR__COLS_4(GIR__UK_L1, i, P)
#define GIR__UK_STEP_2(i, P) { P##_S v_ = P##_BCAST(a[i]); GIR__COLS_2(GIR__UK_F1, i, P) }
#define GIR__UK_STEP_4(i, P) { P##_S v_ = P##_BCAST(a[i]); GIR__COLS_4(GIR__UK_F1, i, P) }
/* A read in place: row i at r<3 (i / 3)>[(i % 3) * as], so the addresses need only a few registers */
#define GIR__UK_STEPD_2(i, P) { P##_S v_ = P##_BCAST(GIR__UKD_AT_##i); GIR__COLS_2(GIR__UK_F1, i, P) }
#define GIR__UK_STEPD_4(i, P) { P##_S v_ = P##_BCAST(GIR__UKD_AT_##i); GIR__COLS_4(GIR__UK_F1, i, P) }
#define GIR__UKD_AT_0 r0[0]
#define GIR__UKD_AT_1 r0[as]
#define GIR__UKD_AT_2 r0[2 * as]
#define GIR__UKD_AT_3 r3[0]
#define GIR__UKD_AT_4 r3[as]
#define GIR__UKD_AT_5 r3[2 * as]
#define GIR__UKD_AT_6 r6[0]
#define GIR__UKD_AT_7 r6[as]
#define GIR__UKD_AT_8 r6[2 * as]
#define GIR__UKD_AT_9 r9[0]
#define GIR__UKD_AT_10 r9[as]
#define GIR__UKD_AT_11 r9[2 * as]
#define GIR__UKD_AT_12 r12[0]
#define GIR__UKD_AT_13 r12[as]
#define GIR__UKD_BASE(i, P) GIR__UKD_BASE_##i(P)
#define GIR__UKD_BASE_0(P) const P##_E *r0 = a;
#define GIR__UKD_BASE_3(P) const P##_E *r3 = a + 3 * as;
#define GIR__UKD_BASE_6(P) const P##_E *r6 = a + 6 * as;
#define GIR__UKD_BASE_9(P) const P##_E *r9 = a + 9 * as;
#define GIR__UKD_BASE_12(P) const P##_E *r12 = a + 12 * as;
#define GIR__UKD_NEXT(i, P) GIR__UKD_NEXT_##i
#define GIR__UKD_NEXT_0 ++r0;
#define GIR__UKD_NEXT_3 ++r3;
#define GIR__UKD_NEXT_6 ++r6;
#define GIR__UKD_NEXT_9 ++r9;
#define GIR__UKD_NEXT_12 ++r12;
#define GIR__UKD_BASE_1(P)
#define GIR__UKD_BASE_2(P)
#define GIR__UKD_BASE_4(P)
#define GIR__UKD_BASE_5(P)
#define GIR__UKD_BASE_7(P)
#define GIR__UKD_BASE_8(P)
#define GIR__UKD_BASE_10(P)
#define GIR__UKD_BASE_11(P)
#define GIR__UKD_BASE_13(P)
#define GIR__UKD_NEXT_1
#define GIR__UKD_NEXT_2
#define GIR__UKD_NEXT_4
#define GIR__UKD_NEXT_5
#define GIR__UKD_NEXT_7
#define GIR__UKD_NEXT_8
#define GIR__UKD_NEXT_10
#define GIR__UKD_NEXT_11
#define GIR__UKD_NEXT_13
/* per kernel kind: declarations before the loop and the step of A after each k */
#define GIR__UKP_SETUP(R, P)
#define GIR__UKP_NEXT(R, P) a += as;
#define GIR__UKD_SETUP(R, P) GIR__ROWS_##R(GIR__UKD_BASE, P)
#define GIR__UKD_NEXTS(R, P) GIR__ROWS_##R(GIR__UKD_NEXT, P)
#define GIR__UK_P1(i, j, P)                                                                                 \
    if (acc) c##i##_##j = P##_ADD(c##i##_##j, P##_LOAD(c + i * ldc + j * P##_L));                          \
    P##_STORE(c + i * ldc + j * P##_L, c##i##_##j);
#define GIR__UK_S1(i, j, P) P##_STORE(t + i * w_ + j * P##_L, c##i##_##j);
#define GIR__UK_PUT_2(i, P) GIR__COLS_2(GIR__UK_P1, i, P)
#define GIR__UK_PUT_4(i, P) GIR__COLS_4(GIR__UK_P1, i, P)
#define GIR__UK_SAVE_2(i, P) GIR__COLS_2(GIR__UK_S1, i, P)
#define GIR__UK_SAVE_4(i, P) GIR__COLS_4(GIR__UK_S1, i, P)
/* NAME(k, a, as, b, ldb, c, ldc, n, acc): C[R x n] (=, or += if acc) sum over p < k of column p of A times
   row b[p*ldb .. p*ldb + NR), NR = V lanes; n <= NR columns are stored. STEP, SETUP, NEXT say where A is:
   packed (gir__gemm_uk_*: column p at a[p*as .. p*as + R)) or in place (gir__gemm_ukd_*: A(i, p) at
   a[i*as + p], a row-major A read without packing) */
#define GIR__UK_BODY(NAME, ATTR, T, SFX, P, R, V, STEP, SETUP, NEXT)                                        \
ATTR static void NAME(int64_t k, const void *av, int64_t as, const void *bv, int64_t ldb, void *cv,         \
                      int64_t ldc, int n, int acc) {                                                        \
    const T *a = (const T *)av, *b = (const T *)bv;                                                         \
    T *c = (T *)cv;                                                                                         \
    int64_t p;                                                                                              \
    SETUP(R, P)                                                                                             \
    GIR__ROWS_##R(GIR__UK_ZERO_##V, P)                                                                      \
    GIR__UNUSED(as);                                                                                        \
    if (k > GIR__UK_LATE) { GIR__ROWS_##R(GIR__UK_PREF2_##V, P) }                                           \
    for (p = 0; p < k - GIR__UK_LATE; ++p, b += ldb) {                                                      \
        GIR__COLS_##V(GIR__UK_B1, 0, P)                                                                     \
        GIR__ROWS_##R(STEP##_##V, P)                                                                        \
        NEXT(R, P)                                                                                          \
    }                                                                                                       \
    GIR__ROWS_##R(GIR__UK_PREF_##V, P)                                                                      \
    for (; p < k; ++p, b += ldb) {                                                                          \
        GIR__COLS_##V(GIR__UK_B1, 0, P)                                                                     \
        GIR__ROWS_##R(STEP##_##V, P)                                                                        \
        NEXT(R, P)                                                                                          \
    }                                                                                                       \
    if (n == V * P##_L) {                                                                                   \
        GIR__ROWS_##R(GIR__UK_PUT_##V, P)                                                                   \
    } else {                                                                                                \
        T t[R * V * P##_L];                                                                                 \
        const int w_ = V * P##_L;                                                                           \
        GIR__ROWS_##R(GIR__UK_SAVE_##V, P)                                                                  \
        gir__gemm_edge_##SFX(t, R, w_, c, ldc, n, acc);                                                     \
    }                                                                                                       \
}
#define GIR__UK_DEFV(ISA, ATTR, T, SFX, P, R, V)                                                            \
    GIR__UK_BODY(gir__gemm_uk_##SFX##_##R##__##ISA, ATTR, T, SFX, P, R, V, GIR__UK_STEP, GIR__UKP_SETUP,      \
                 GIR__UKP_NEXT)                                                                             \
    GIR__UK_BODY(gir__gemm_ukd_##SFX##_##R##__##ISA, ATTR, T, SFX, P, R, V, GIR__UK_STEPD, GIR__UKD_SETUP,    \
                 GIR__UKD_NEXTS)
#define GIR__UK_DEF(ISA, ATTR, T, SFX, P, R) GIR__UK_DEFV(ISA, ATTR, T, SFX, P, R, 2)

/* gir__gemm_dot_<sfx>__<isa>(k, x, y, out): out[q] = sum over p < k of x[q][p] y[q][p] for q < 4, two
   accumulators each: the dot products of rows of A with columns of B (both contiguous). Order: lane l of the
   first accumulator sums the products p = l (mod L) of the even vectors and of the last, partial one (masked),
   the second those of the odd vectors; the two are added and their lanes summed as a pairwise tree */
#define GIR__DOT_INIT(q, P) P##_V s##q = P##_ZERO(), u##q = P##_ZERO();
#define GIR__DOT_TWO(q, P) s##q = P##_VFMA(P##_LOAD(x##q + p), P##_LOAD(y##q + p), s##q); \
                           u##q = P##_VFMA(P##_LOAD(x##q + p + P##_L), P##_LOAD(y##q + p + P##_L), u##q);
#define GIR__DOT_ONE(q, P) s##q = P##_VFMA(P##_LOAD(x##q + p), P##_LOAD(y##q + p), s##q);
#define GIR__DOT_REST(q, P) s##q = P##_VFMA(P##_LOADN(x##q + p, r_), P##_LOADN(y##q + p, r_), s##q);
#define GIR__DOT_OUT(q, P) out[q] = P##_HSUM(P##_ADD(s##q, u##q));
#define GIR__DOT_DEF(ISA, ATTR, T, SFX, P)                                                                  \
ATTR static void gir__gemm_dot_##SFX##__##ISA(int64_t k, const void *const *xv, const void *const *yv, void *ov) { \
    const T *x0 = (const T *)xv[0], *x1 = (const T *)xv[1], *x2 = (const T *)xv[2], *x3 = (const T *)xv[3]; \
    const T *y0 = (const T *)yv[0], *y1 = (const T *)yv[1], *y2 = (const T *)yv[2], *y3 = (const T *)yv[3]; \
    T *out = (T *)ov;                                                                                       \
    int64_t p = 0;                                                                                          \
    GIR__ROWS_4(GIR__DOT_INIT, P)                                                                           \
    for (; p + 2 * P##_L <= k; p += 2 * P##_L) { GIR__ROWS_4(GIR__DOT_TWO, P) }                             \
    for (; p + P##_L <= k; p += P##_L) { GIR__ROWS_4(GIR__DOT_ONE, P) }                                     \
    if (p < k) {                                                                                            \
        int r_ = (int)(k - p);                                                                              \
        GIR__ROWS_4(GIR__DOT_REST, P)                                                                       \
    }                                                                                                       \
    GIR__ROWS_4(GIR__DOT_OUT, P)                                                                            \
}

/* typed helpers: the partial tile store and the packing of a block into panels */
#define GIR__GEMM_TYPED(T, SFX)                                                                             \
static void gir__gemm_edge_##SFX(const T *t, int rows, int w, T *c, int64_t ldc, int n, int acc) {          \
    int i, j;                                                                                               \
    for (i = 0; i < rows; ++i)                                                                              \
        for (j = 0; j < n; ++j) c[i * ldc + j] = acc ? c[i * ldc + j] + t[i * w + j] : t[i * w + j];       \
}                                                                                                           \
/* h rows x kb steps (row i, step p at s[i*rs + p*cs]) into panels of w rows, one after another: panel q   \
   holds d[q*w*kb + p*w + i] = row q*w + i at step p, and rows past h are zero */                          \
static void gir__gemm_pack_##SFX(int64_t h, int64_t kb, const void *sv, int64_t rs, int64_t cs, void *dv,   \
                                 int w) {                                                                   \
    const T *s = (const T *)sv;                                                                             \
    T *d = (T *)dv;                                                                                         \
    int64_t i0, i, p;                                                                                       \
    for (i0 = 0; i0 < h; i0 += w, d += w * kb) {                                                            \
        int64_t hh = h - i0 < w ? h - i0 : w;                                                               \
        const T *si = s + i0 * rs;                                                                          \
        if (rs == 1 && hh == w) {                                                                           \
            for (p = 0; p < kb; ++p) GIR_MEMCPY(d + p * w, si + p * cs, (size_t)w * sizeof(T));             \
            continue;                                                                                       \
        }                                                                                                   \
        if (hh < w)                                                                                         \
            for (p = 0; p < kb; ++p)                                                                        \
                for (i = hh; i < w; ++i) d[p * w + i] = (T)0;                                               \
        if (cs == 1)                                                                                        \
            for (i = 0; i < hh; ++i)                                                                        \
                for (p = 0; p < kb; ++p) d[p * w + i] = si[i * rs + p];                                     \
        else                                                                                                \
            for (p = 0; p < kb; ++p)                                                                        \
                for (i = 0; i < hh; ++i) d[p * w + i] = si[i * rs + p * cs];                                \
    }                                                                                                       \
}
GIR__GEMM_TYPED(float, f32)
GIR__GEMM_TYPED(double, f64)

/* the vocabulary's partial loads and stores, P##_LOADN(p, r) and P##_STOREN(p, r, v) for the first r < L lanes
   (from each instruction set's vector vocabulary), and P##_HSUM(v), the sum of the lanes as a pairwise tree */
#define GIR__S32_LOADN(p, r) ((void)(r), *(p))
#define GIR__S32_STOREN(p, r, v) ((void)(r), *(p) = (v))
#define GIR__S64_LOADN(p, r) ((void)(r), *(p))
#define GIR__S64_STOREN(p, r, v) ((void)(r), *(p) = (v))
#define GIR__Z32_LOADN(p, r) gir__avx512_loadn_f32(p, r)
#define GIR__Z32_STOREN(p, r, v) gir__avx512_storen_f32(p, r, v)
#define GIR__Z64_LOADN(p, r) gir__avx512_loadn_f64(p, r)
#define GIR__Z64_STOREN(p, r, v) gir__avx512_storen_f64(p, r, v)
#define GIR__Y32_LOADN(p, r) gir__avx2_loadn_f32(p, r)
#define GIR__Y32_STOREN(p, r, v) gir__avx2_storen_f32(p, r, v)
#define GIR__Y64_LOADN(p, r) gir__avx2_loadn_f64(p, r)
#define GIR__Y64_STOREN(p, r, v) gir__avx2_storen_f64(p, r, v)
#define GIR__N32_LOADN(p, r) gir__neon_loadn_f32(p, r)
#define GIR__N32_STOREN(p, r, v) gir__neon_storen_f32(p, r, v)
#define GIR__N64_LOADN(p, r) gir__neon_loadn_f64(p, r)
#define GIR__N64_STOREN(p, r, v) gir__neon_storen_f64(p, r, v)
#define GIR__M32_LOADN(p, r) gir__mve_loadn_f32(p, r)
#define GIR__M32_STOREN(p, r, v) gir__mve_storen_f32(p, r, v)

#define GIR__S32_HSUM(v) (v)
#define GIR__S64_HSUM(v) (v)
#define GIR__Z32_HSUM(v) gir__gemm_hsum_f32__avx512(v)
#define GIR__Z64_HSUM(v) gir__gemm_hsum_f64__avx512(v)
#define GIR__Y32_HSUM(v) gir__gemm_hsum_f32__avx2(v)
#define GIR__Y64_HSUM(v) gir__gemm_hsum_f64__avx2(v)
#define GIR__N32_HSUM(v) vaddvq_f32(v)
#define GIR__N64_HSUM(v) vaddvq_f64(v)
#define GIR__M32_HSUM(v) ((vgetq_lane_f32(v, 0) + vgetq_lane_f32(v, 2)) + (vgetq_lane_f32(v, 1) + vgetq_lane_f32(v, 3)))
#if defined(GIR__HAVE_AVX2)
GIR__TARGET_AVX2 static GIR__INLINE float gir__gemm_hsum_f32__avx2(__m256 v) {
    __m128 h = _mm_add_ps(_mm256_castps256_ps128(v), _mm256_extractf128_ps(v, 1));
    h = _mm_add_ps(h, _mm_movehl_ps(h, h));
    return _mm_cvtss_f32(_mm_add_ss(h, _mm_shuffle_ps(h, h, 1)));
}
GIR__TARGET_AVX2 static GIR__INLINE double gir__gemm_hsum_f64__avx2(__m256d v) {
    __m128d h = _mm_add_pd(_mm256_castpd256_pd128(v), _mm256_extractf128_pd(v, 1));
    return _mm_cvtsd_f64(_mm_add_sd(h, _mm_unpackhi_pd(h, h)));
}
#endif
#if defined(GIR__HAVE_AVX512)
/* (zero-masking extracts: g++ 12 warns about the undefined pass-through operand of the plain ones and casts) */
GIR__TARGET_AVX512 static GIR__INLINE float gir__gemm_hsum_f32__avx512(__m512 v) {
    __m256 q = _mm256_add_ps(_mm512_maskz_extractf32x8_ps(0xFF, v, 0), _mm512_maskz_extractf32x8_ps(0xFF, v, 1));
    __m128 h = _mm_add_ps(_mm256_castps256_ps128(q), _mm256_extractf128_ps(q, 1));
    h = _mm_add_ps(h, _mm_movehl_ps(h, h));
    return _mm_cvtss_f32(_mm_add_ss(h, _mm_shuffle_ps(h, h, 1)));
}
GIR__TARGET_AVX512 static GIR__INLINE double gir__gemm_hsum_f64__avx512(__m512d v) {
    __m256d q = _mm256_add_pd(_mm512_maskz_extractf64x4_pd(0xF, v, 0), _mm512_maskz_extractf64x4_pd(0xF, v, 1));
    __m128d h = _mm_add_pd(_mm256_castpd256_pd128(q), _mm256_extractf128_pd(q, 1));
    return _mm_cvtsd_f64(_mm_add_sd(h, _mm_unpackhi_pd(h, h)));
}
#endif

/* the portable reference: scalar "vectors" of one lane, so NR = 2 */
#define GIR__S32_E float
#define GIR__S32_V float
#define GIR__S32_S float
#define GIR__S32_L 1
#define GIR__S32_ZERO() 0.0f
#define GIR__S32_LOAD(p) (*(p))
#define GIR__S32_STORE(p, v) (*(p) = (v))
#define GIR__S32_BCAST(x) (x)
#define GIR__S32_FMA(s, v, acc) ((acc) + (s) * (v))
#define GIR__S32_ADD(v, w) ((v) + (w))
#define GIR__S32_VFMA(x, y, acc) ((acc) + (x) * (y))
#define GIR__S32_PREFETCH(p) ((void)(p))
#define GIR__S32_PREFETCH2(p) ((void)(p))
#define GIR__S64_E double
#define GIR__S64_V double
#define GIR__S64_S double
#define GIR__S64_L 1
#define GIR__S64_ZERO() 0.0
#define GIR__S64_LOAD(p) (*(p))
#define GIR__S64_STORE(p, v) (*(p) = (v))
#define GIR__S64_BCAST(x) (x)
#define GIR__S64_FMA(s, v, acc) ((acc) + (s) * (v))
#define GIR__S64_ADD(v, w) ((v) + (w))
#define GIR__S64_VFMA(x, y, acc) ((acc) + (x) * (y))
#define GIR__S64_PREFETCH(p) ((void)(p))
#define GIR__S64_PREFETCH2(p) ((void)(p))
GIR__UK_DEF(scalar, , float, f32, GIR__S32, 4)
GIR__UK_DEF(scalar, , float, f32, GIR__S32, 2)
GIR__UK_DEF(scalar, , float, f32, GIR__S32, 1)
GIR__UK_DEF(scalar, , double, f64, GIR__S64, 4)
GIR__UK_DEF(scalar, , double, f64, GIR__S64, 2)
GIR__UK_DEF(scalar, , double, f64, GIR__S64, 1)
GIR__DOT_DEF(scalar, , float, f32, GIR__S32)
GIR__DOT_DEF(scalar, , double, f64, GIR__S64)

#if defined(GIR__HAVE_AVX512)
#define GIR__Z32_E float
#define GIR__Z32_V __m512
#define GIR__Z32_S __m512
#define GIR__Z32_L 16
#define GIR__Z32_ZERO() _mm512_setzero_ps()
#define GIR__Z32_LOAD(p) _mm512_loadu_ps(p)
#define GIR__Z32_STORE(p, v) _mm512_storeu_ps(p, v)
#define GIR__Z32_BCAST(x) _mm512_set1_ps(x)
#define GIR__Z32_FMA(s, v, acc) _mm512_fmadd_ps(s, v, acc)
#define GIR__Z32_ADD(v, w) _mm512_add_ps(v, w)
#define GIR__Z32_VFMA(x, y, acc) _mm512_fmadd_ps(x, y, acc)
#define GIR__Z32_PREFETCH(p) __builtin_prefetch(p, 1)
#define GIR__Z32_PREFETCH2(p) __builtin_prefetch(p, 1, 2)
#define GIR__Z64_E double
#define GIR__Z64_V __m512d
#define GIR__Z64_S __m512d
#define GIR__Z64_L 8
#define GIR__Z64_ZERO() _mm512_setzero_pd()
#define GIR__Z64_LOAD(p) _mm512_loadu_pd(p)
#define GIR__Z64_STORE(p, v) _mm512_storeu_pd(p, v)
#define GIR__Z64_BCAST(x) _mm512_set1_pd(x)
#define GIR__Z64_FMA(s, v, acc) _mm512_fmadd_pd(s, v, acc)
#define GIR__Z64_ADD(v, w) _mm512_add_pd(v, w)
#define GIR__Z64_VFMA(x, y, acc) _mm512_fmadd_pd(x, y, acc)
#define GIR__Z64_PREFETCH(p) __builtin_prefetch(p, 1)
#define GIR__Z64_PREFETCH2(p) __builtin_prefetch(p, 1, 2)
GIR__UK_DEF(avx512, GIR__TARGET_AVX512, float, f32, GIR__Z32, 14)
GIR__UK_DEF(avx512, GIR__TARGET_AVX512, float, f32, GIR__Z32, 8)
GIR__UK_DEF(avx512, GIR__TARGET_AVX512, float, f32, GIR__Z32, 4)
GIR__UK_DEF(avx512, GIR__TARGET_AVX512, float, f32, GIR__Z32, 2)
GIR__UK_DEF(avx512, GIR__TARGET_AVX512, float, f32, GIR__Z32, 1)
GIR__UK_DEF(avx512, GIR__TARGET_AVX512, double, f64, GIR__Z64, 14)
GIR__UK_DEF(avx512, GIR__TARGET_AVX512, double, f64, GIR__Z64, 8)
GIR__UK_DEF(avx512, GIR__TARGET_AVX512, double, f64, GIR__Z64, 4)
GIR__UK_DEF(avx512, GIR__TARGET_AVX512, double, f64, GIR__Z64, 2)
GIR__UK_DEF(avx512, GIR__TARGET_AVX512, double, f64, GIR__Z64, 1)
GIR__UK_DEFV(avx512w, GIR__TARGET_AVX512, float, f32, GIR__Z32, 6, 4)
GIR__UK_DEFV(avx512w, GIR__TARGET_AVX512, float, f32, GIR__Z32, 4, 4)
GIR__UK_DEFV(avx512w, GIR__TARGET_AVX512, float, f32, GIR__Z32, 2, 4)
GIR__UK_DEFV(avx512w, GIR__TARGET_AVX512, float, f32, GIR__Z32, 1, 4)
GIR__UK_DEFV(avx512w, GIR__TARGET_AVX512, double, f64, GIR__Z64, 6, 4)
GIR__UK_DEFV(avx512w, GIR__TARGET_AVX512, double, f64, GIR__Z64, 4, 4)
GIR__UK_DEFV(avx512w, GIR__TARGET_AVX512, double, f64, GIR__Z64, 2, 4)
GIR__UK_DEFV(avx512w, GIR__TARGET_AVX512, double, f64, GIR__Z64, 1, 4)
GIR__DOT_DEF(avx512, GIR__TARGET_AVX512, float, f32, GIR__Z32)
GIR__DOT_DEF(avx512, GIR__TARGET_AVX512, double, f64, GIR__Z64)
/* packing with AVX-512: panels whose rows are contiguous are copied a vector at a time; panels whose rows
   run along k (row-major A, transposed B) are transposed 16 x 16 (f32) or 8 x 8 (f64) in registers, each
   stage swapping one bit of the row index with the same bit of the column index */
#define GIR__R8(X) X(0) X(1) X(2) X(3) X(4) X(5) X(6) X(7)
#define GIR__R16(X) GIR__R8(X) X(8) X(9) X(10) X(11) X(12) X(13) X(14) X(15)
#define GIR__PK_SWAP(x, y, lo, hi, PERM, V) { V t_ = PERM(r##x, lo, r##y); r##y = PERM(r##x, hi, r##y); r##x = t_; }
#define GIR__PK_W32(x, y, lo, hi) GIR__PK_SWAP(x, y, lo, hi, _mm512_permutex2var_ps, __m512)
#define GIR__PK_W64(x, y, lo, hi) GIR__PK_SWAP(x, y, lo, hi, _mm512_permutex2var_pd, __m512d)
#define GIR__PK_Z32(i) \
    __m512 r##i = (i) < nrow ? _mm512_maskz_loadu_ps(km, si + (g + (i)) * rs + p) : _mm512_setzero_ps();
#define GIR__PK_Z64(i) \
    __m512d r##i = (i) < nrow ? _mm512_maskz_loadu_pd(km, si + (g + (i)) * rs + p) : _mm512_setzero_pd();
#define GIR__PK_S32(i) if ((i) < np) _mm512_mask_storeu_ps(d + (p + (i)) * w + g, sm, r##i);
#define GIR__PK_S64(i) if ((i) < np) _mm512_mask_storeu_pd(d + (p + (i)) * w + g, sm, r##i);
/* the swap indices for bit b of a lanes-wide transpose: lo[j] = j's bit b ? lanes + (j ^ b) : j,
   hi[j] = j's bit b ? lanes + j : j | b */
GIR__TARGET_AVX512 static void gir__gemm_swapidx(int lanes, int b, int32_t *lo, int32_t *hi) {
    int j;
    for (j = 0; j < lanes; ++j) {
        lo[j] = (j & b) ? lanes + (j ^ b) : j;
        hi[j] = (j & b) ? lanes + j : (j | b);
    }
}
GIR__TARGET_AVX512 static void gir__gemm_tpack_f32__avx512(int64_t hh, int64_t kb, const float *si, int64_t rs,
                                                             float *d, int w) {
    int32_t lo[4][16], hi[4][16];
    __m512i l0, l1, l2, l3, h0, h1, h2, h3;
    int64_t g, p;
    int j;
    for (j = 0; j < 4; ++j) gir__gemm_swapidx(16, 1 << j, lo[j], hi[j]);
    l0 = _mm512_loadu_si512(lo[0]); l1 = _mm512_loadu_si512(lo[1]);
    l2 = _mm512_loadu_si512(lo[2]); l3 = _mm512_loadu_si512(lo[3]);
    h0 = _mm512_loadu_si512(hi[0]); h1 = _mm512_loadu_si512(hi[1]);
    h2 = _mm512_loadu_si512(hi[2]); h3 = _mm512_loadu_si512(hi[3]);
    for (g = 0; g < w; g += 16) {
        int64_t nrow = hh - g < 0 ? 0 : hh - g;
        __mmask16 sm = (__mmask16)(w - g >= 16 ? 0xFFFF : (1u << (w - g)) - 1);
        for (p = 0; p < kb; p += 16) {
            int64_t np = kb - p < 16 ? kb - p : 16;
            __mmask16 km = (__mmask16)(np == 16 ? 0xFFFF : (1u << np) - 1);
            GIR__R16(GIR__PK_Z32)
            GIR__PK_W32(0, 1, l0, h0) GIR__PK_W32(2, 3, l0, h0)
            GIR__PK_W32(4, 5, l0, h0) GIR__PK_W32(6, 7, l0, h0)
            GIR__PK_W32(8, 9, l0, h0) GIR__PK_W32(10, 11, l0, h0)
            GIR__PK_W32(12, 13, l0, h0) GIR__PK_W32(14, 15, l0, h0)
            GIR__PK_W32(0, 2, l1, h1) GIR__PK_W32(1, 3, l1, h1)
            GIR__PK_W32(4, 6, l1, h1) GIR__PK_W32(5, 7, l1, h1)
            GIR__PK_W32(8, 10, l1, h1) GIR__PK_W32(9, 11, l1, h1)
            GIR__PK_W32(12, 14, l1, h1) GIR__PK_W32(13, 15, l1, h1)
            GIR__PK_W32(0, 4, l2, h2) GIR__PK_W32(1, 5, l2, h2)
            GIR__PK_W32(2, 6, l2, h2) GIR__PK_W32(3, 7, l2, h2)
            GIR__PK_W32(8, 12, l2, h2) GIR__PK_W32(9, 13, l2, h2)
            GIR__PK_W32(10, 14, l2, h2) GIR__PK_W32(11, 15, l2, h2)
            GIR__PK_W32(0, 8, l3, h3) GIR__PK_W32(1, 9, l3, h3)
            GIR__PK_W32(2, 10, l3, h3) GIR__PK_W32(3, 11, l3, h3)
            GIR__PK_W32(4, 12, l3, h3) GIR__PK_W32(5, 13, l3, h3)
            GIR__PK_W32(6, 14, l3, h3) GIR__PK_W32(7, 15, l3, h3)
            GIR__R16(GIR__PK_S32)
        }
    }
}
GIR__TARGET_AVX512 static void gir__gemm_tpack_f64__avx512(int64_t hh, int64_t kb, const double *si, int64_t rs,
                                                             double *d, int w) {
    int32_t lo[3][16], hi[3][16];
    int64_t lo64[3][8], hi64[3][8];
    __m512i l0, l1, l2, h0, h1, h2;
    int64_t g, p;
    int j, q;
    for (j = 0; j < 3; ++j) {
        gir__gemm_swapidx(8, 1 << j, lo[j], hi[j]);
        for (q = 0; q < 8; ++q) { lo64[j][q] = lo[j][q]; hi64[j][q] = hi[j][q]; }
    }
    l0 = _mm512_loadu_si512(lo64[0]); l1 = _mm512_loadu_si512(lo64[1]); l2 = _mm512_loadu_si512(lo64[2]);
    h0 = _mm512_loadu_si512(hi64[0]); h1 = _mm512_loadu_si512(hi64[1]); h2 = _mm512_loadu_si512(hi64[2]);
    for (g = 0; g < w; g += 8) {
        int64_t nrow = hh - g < 0 ? 0 : hh - g;
        __mmask8 sm = (__mmask8)(w - g >= 8 ? 0xFF : (1u << (w - g)) - 1);
        for (p = 0; p < kb; p += 8) {
            int64_t np = kb - p < 8 ? kb - p : 8;
            __mmask8 km = (__mmask8)(np == 8 ? 0xFF : (1u << np) - 1);
            GIR__R8(GIR__PK_Z64)
            GIR__PK_W64(0, 1, l0, h0) GIR__PK_W64(2, 3, l0, h0)
            GIR__PK_W64(4, 5, l0, h0) GIR__PK_W64(6, 7, l0, h0)
            GIR__PK_W64(0, 2, l1, h1) GIR__PK_W64(1, 3, l1, h1)
            GIR__PK_W64(4, 6, l1, h1) GIR__PK_W64(5, 7, l1, h1)
            GIR__PK_W64(0, 4, l2, h2) GIR__PK_W64(1, 5, l2, h2)
            GIR__PK_W64(2, 6, l2, h2) GIR__PK_W64(3, 7, l2, h2)
            GIR__R8(GIR__PK_S64)
        }
    }
}
/* the packing of gir__gemm_pack_<sfx>, with the two common layouts vectorised */
#define GIR__PACK_AVX512(SFX, T, L, PS)                                                                       \
GIR__TARGET_AVX512 static void gir__gemm_pack_##SFX##__avx512(int64_t h, int64_t kb, const void *sv, int64_t rs, \
                                                            int64_t cs, void *dv, int w) {                  \
    const T *s = (const T *)sv;                                                                             \
    T *d = (T *)dv;                                                                                         \
    int64_t i0, p, j;                                                                                       \
    for (i0 = 0; i0 < h; i0 += w, d += w * kb) {                                                            \
        int64_t hh = h - i0 < w ? h - i0 : w;                                                               \
        const T *si = s + i0 * rs;                                                                          \
        if (rs == 1 && hh == w && w % L == 0)                                                               \
            for (p = 0; p < kb; ++p)                                                                        \
                for (j = 0; j < w; j += L) _mm512_storeu_##PS(d + p * w + j, _mm512_loadu_##PS(si + p * cs + j));   \
        else if (cs == 1)                                                                                   \
            gir__gemm_tpack_##SFX##__avx512(hh, kb, si, rs, d, w);                                          \
        else                                                                                                \
            gir__gemm_pack_##SFX(hh, kb, si, rs, cs, d, w);                                                 \
    }                                                                                                       \
}
GIR__PACK_AVX512(f32, float, 16, ps)
GIR__PACK_AVX512(f64, double, 8, pd)
#endif

#if defined(GIR__HAVE_AVX2)
#define GIR__Y32_E float
#define GIR__Y32_V __m256
#define GIR__Y32_S __m256
#define GIR__Y32_L 8
#define GIR__Y32_ZERO() _mm256_setzero_ps()
#define GIR__Y32_LOAD(p) _mm256_loadu_ps(p)
#define GIR__Y32_STORE(p, v) _mm256_storeu_ps(p, v)
#define GIR__Y32_BCAST(x) _mm256_set1_ps(x)
#define GIR__Y32_FMA(s, v, acc) _mm256_fmadd_ps(s, v, acc)
#define GIR__Y32_ADD(v, w) _mm256_add_ps(v, w)
#define GIR__Y32_VFMA(x, y, acc) _mm256_fmadd_ps(x, y, acc)
#define GIR__Y32_PREFETCH(p) __builtin_prefetch(p, 1)
#define GIR__Y32_PREFETCH2(p) __builtin_prefetch(p, 1, 2)
#define GIR__Y64_E double
#define GIR__Y64_V __m256d
#define GIR__Y64_S __m256d
#define GIR__Y64_L 4
#define GIR__Y64_ZERO() _mm256_setzero_pd()
#define GIR__Y64_LOAD(p) _mm256_loadu_pd(p)
#define GIR__Y64_STORE(p, v) _mm256_storeu_pd(p, v)
#define GIR__Y64_BCAST(x) _mm256_set1_pd(x)
#define GIR__Y64_FMA(s, v, acc) _mm256_fmadd_pd(s, v, acc)
#define GIR__Y64_ADD(v, w) _mm256_add_pd(v, w)
#define GIR__Y64_VFMA(x, y, acc) _mm256_fmadd_pd(x, y, acc)
#define GIR__Y64_PREFETCH(p) __builtin_prefetch(p, 1)
#define GIR__Y64_PREFETCH2(p) __builtin_prefetch(p, 1, 2)
GIR__UK_DEF(avx2, GIR__TARGET_AVX2, float, f32, GIR__Y32, 6)
GIR__UK_DEF(avx2, GIR__TARGET_AVX2, float, f32, GIR__Y32, 4)
GIR__UK_DEF(avx2, GIR__TARGET_AVX2, float, f32, GIR__Y32, 2)
GIR__UK_DEF(avx2, GIR__TARGET_AVX2, float, f32, GIR__Y32, 1)
GIR__UK_DEF(avx2, GIR__TARGET_AVX2, double, f64, GIR__Y64, 6)
GIR__UK_DEF(avx2, GIR__TARGET_AVX2, double, f64, GIR__Y64, 4)
GIR__UK_DEF(avx2, GIR__TARGET_AVX2, double, f64, GIR__Y64, 2)
GIR__UK_DEF(avx2, GIR__TARGET_AVX2, double, f64, GIR__Y64, 1)
GIR__DOT_DEF(avx2, GIR__TARGET_AVX2, float, f32, GIR__Y32)
GIR__DOT_DEF(avx2, GIR__TARGET_AVX2, double, f64, GIR__Y64)
#endif

#if defined(GIR__HAVE_NEON)
#define GIR__N32_E float
#define GIR__N32_V float32x4_t
#define GIR__N32_S float32x4_t
#define GIR__N32_L 4
#define GIR__N32_ZERO() vdupq_n_f32(0.0f)
#define GIR__N32_LOAD(p) vld1q_f32(p)
#define GIR__N32_STORE(p, v) vst1q_f32(p, v)
#define GIR__N32_BCAST(x) vdupq_n_f32(x)
#define GIR__N32_FMA(s, v, acc) vfmaq_f32(acc, s, v)
#define GIR__N32_ADD(v, w) vaddq_f32(v, w)
#define GIR__N32_VFMA(x, y, acc) vfmaq_f32(acc, x, y)
#define GIR__N32_PREFETCH(p) __builtin_prefetch(p, 1)
#define GIR__N32_PREFETCH2(p) __builtin_prefetch(p, 1, 2)
#define GIR__N64_E double
#define GIR__N64_V float64x2_t
#define GIR__N64_S float64x2_t
#define GIR__N64_L 2
#define GIR__N64_ZERO() vdupq_n_f64(0.0)
#define GIR__N64_LOAD(p) vld1q_f64(p)
#define GIR__N64_STORE(p, v) vst1q_f64(p, v)
#define GIR__N64_BCAST(x) vdupq_n_f64(x)
#define GIR__N64_FMA(s, v, acc) vfmaq_f64(acc, s, v)
#define GIR__N64_ADD(v, w) vaddq_f64(v, w)
#define GIR__N64_VFMA(x, y, acc) vfmaq_f64(acc, x, y)
#define GIR__N64_PREFETCH(p) __builtin_prefetch(p, 1)
#define GIR__N64_PREFETCH2(p) __builtin_prefetch(p, 1, 2)
GIR__UK_DEF(neon, , float, f32, GIR__N32, 8)
GIR__UK_DEF(neon, , float, f32, GIR__N32, 4)
GIR__UK_DEF(neon, , float, f32, GIR__N32, 2)
GIR__UK_DEF(neon, , float, f32, GIR__N32, 1)
GIR__UK_DEF(neon, , double, f64, GIR__N64, 8)
GIR__UK_DEF(neon, , double, f64, GIR__N64, 4)
GIR__UK_DEF(neon, , double, f64, GIR__N64, 2)
GIR__UK_DEF(neon, , double, f64, GIR__N64, 1)
GIR__DOT_DEF(neon, , float, f32, GIR__N32)
GIR__DOT_DEF(neon, , double, f64, GIR__N64)
#endif

#if defined(GIR__HAVE_MVE)
/* Helium has 8 vector registers: 3 rows x 2 vectors of C plus one row of B; the A value stays scalar */
#define GIR__M32_E float
#define GIR__M32_V float32x4_t
#define GIR__M32_S float
#define GIR__M32_L 4
#define GIR__M32_ZERO() vdupq_n_f32(0.0f)
#define GIR__M32_LOAD(p) vld1q_f32(p)
#define GIR__M32_STORE(p, v) vst1q_f32(p, v)
#define GIR__M32_BCAST(x) (x)
#define GIR__M32_FMA(s, v, acc) vfmaq_n_f32(acc, v, s)
#define GIR__M32_ADD(v, w) vaddq_f32(v, w)
#define GIR__M32_VFMA(x, y, acc) vfmaq_f32(acc, x, y)
#define GIR__M32_PREFETCH(p) ((void)(p))
#define GIR__M32_PREFETCH2(p) ((void)(p))
GIR__UK_DEF(mve, , float, f32, GIR__M32, 3)
GIR__UK_DEF(mve, , float, f32, GIR__M32, 2)
GIR__UK_DEF(mve, , float, f32, GIR__M32, 1)
GIR__DOT_DEF(mve, , float, f32, GIR__M32)
#endif

/* ------------------------------------------------------------------------------------- configurations */
typedef void (*gir__gemm_uk)(int64_t k, const void *a, int64_t as, const void *b, int64_t ldb, void *c,
                             int64_t ldc, int n, int acc);
typedef void (*gir__gemm_pk)(int64_t h, int64_t kb, const void *s, int64_t rs, int64_t cs, void *d, int w);
typedef void (*gir__gemm_dk)(int64_t k, const void *const *x, const void *const *y, void *out);
typedef struct gir__gemm_cfg gir__gemm_cfg;
struct gir__gemm_cfg {
    const char  *isa;
    int          es, mr, nr;     /* element bytes; the micro-tile */
    int64_t      kc, mc, nc;     /* cache blocks: mc a multiple of mr, nc of nr */
    int          rows[5];        /* the micro-kernels: rows[0] = mr, then fewer rows, descending to 1 */
    gir__gemm_uk uk[5], ukd[5];  /* A packed; A read in place */
    gir__gemm_pk pack;
    gir__gemm_dk dot;
    const gir__gemm_cfg *wide;   /* a wider tile for when n is a multiple of its NR, or NULL */
};
/* the kernel lists of one instruction set and dtype: rows r0 > r1 > ... */
#define GIR__UKS(ISA, SFX, r0, r1, r2, r3, r4) {r0, r1, r2, r3, r4},                                          \
    {gir__gemm_uk_##SFX##_##r0##__##ISA, gir__gemm_uk_##SFX##_##r1##__##ISA, gir__gemm_uk_##SFX##_##r2##__##ISA, \
     gir__gemm_uk_##SFX##_##r3##__##ISA, gir__gemm_uk_##SFX##_##r4##__##ISA},                                 \
    {gir__gemm_ukd_##SFX##_##r0##__##ISA, gir__gemm_ukd_##SFX##_##r1##__##ISA,                               \
     gir__gemm_ukd_##SFX##_##r2##__##ISA, gir__gemm_ukd_##SFX##_##r3##__##ISA, gir__gemm_ukd_##SFX##_##r4##__##ISA}

static const gir__gemm_cfg gir__gemm_scalar_f32 = {
    "scalar", 4, 4, 2, 256, 128, 4096, GIR__UKS(scalar, f32, 4, 2, 1, 1, 1), gir__gemm_pack_f32,
    gir__gemm_dot_f32__scalar, NULL};
static const gir__gemm_cfg gir__gemm_scalar_f64 = {
    "scalar", 8, 4, 2, 256, 64, 4096, GIR__UKS(scalar, f64, 4, 2, 1, 1, 1), gir__gemm_pack_f64,
    gir__gemm_dot_f64__scalar, NULL};
#if defined(GIR__HAVE_AVX512)
/* 6 x 64 (6 x 32 f64): fewer loads per multiply-add than 14 x 32, faster when no column is padding */
static const gir__gemm_cfg gir__gemm_avx512w_f32 = {
    "avx512", 4, 6, 64, 512, 168, 3072, GIR__UKS(avx512w, f32, 6, 4, 2, 1, 1), gir__gemm_pack_f32__avx512,
    gir__gemm_dot_f32__avx512, NULL};
static const gir__gemm_cfg gir__gemm_avx512w_f64 = {
    "avx512", 8, 6, 32, 384, 112, 1536, GIR__UKS(avx512w, f64, 6, 4, 2, 1, 1), gir__gemm_pack_f64__avx512,
    gir__gemm_dot_f64__avx512, NULL};
static const gir__gemm_cfg gir__gemm_avx512_f32 = {
    "avx512", 4, 14, 32, 512, 168, 3072, GIR__UKS(avx512, f32, 14, 8, 4, 2, 1), gir__gemm_pack_f32__avx512,
    gir__gemm_dot_f32__avx512, &gir__gemm_avx512w_f32};
static const gir__gemm_cfg gir__gemm_avx512_f64 = {
    "avx512", 8, 14, 16, 384, 112, 1536, GIR__UKS(avx512, f64, 14, 8, 4, 2, 1), gir__gemm_pack_f64__avx512,
    gir__gemm_dot_f64__avx512, &gir__gemm_avx512w_f64};
#endif
#if defined(GIR__HAVE_AVX2)
static const gir__gemm_cfg gir__gemm_avx2_f32 = {
    "avx2", 4, 6, 16, 512, 192, 4096, GIR__UKS(avx2, f32, 6, 4, 2, 1, 1), gir__gemm_pack_f32,
    gir__gemm_dot_f32__avx2, NULL};
static const gir__gemm_cfg gir__gemm_avx2_f64 = {
    "avx2", 8, 6, 8, 256, 96, 2048, GIR__UKS(avx2, f64, 6, 4, 2, 1, 1), gir__gemm_pack_f64,
    gir__gemm_dot_f64__avx2, NULL};
#endif
#if defined(GIR__HAVE_NEON)
static const gir__gemm_cfg gir__gemm_neon_f32 = {
    "neon", 4, 8, 8, 256, 128, 4096, GIR__UKS(neon, f32, 8, 4, 2, 1, 1), gir__gemm_pack_f32,
    gir__gemm_dot_f32__neon, NULL};
static const gir__gemm_cfg gir__gemm_neon_f64 = {
    "neon", 8, 8, 4, 256, 64, 2048, GIR__UKS(neon, f64, 8, 4, 2, 1, 1), gir__gemm_pack_f64,
    gir__gemm_dot_f64__neon, NULL};
#endif
#if defined(GIR__HAVE_MVE)
static const gir__gemm_cfg gir__gemm_mve_f32 = {
    "mve", 4, 3, 8, 128, 48, 512, GIR__UKS(mve, f32, 3, 2, 1, 1, 1), gir__gemm_pack_f32,
    gir__gemm_dot_f32__mve, NULL};
#endif

/* the configuration this machine runs for a float dtype */
static const gir__gemm_cfg *gir__gemm_cfg_for(int dtype) {
    int f32 = dtype == GIR_DTYPE_F32, level = gir__simd_level();
    GIR__UNUSED(level);
#if defined(GIR__HAVE_AVX512)
    if (level == GIR__ISA_AVX512) return f32 ? &gir__gemm_avx512_f32 : &gir__gemm_avx512_f64;
#endif
#if defined(GIR__HAVE_AVX2)
    if (level == GIR__ISA_AVX2) return f32 ? &gir__gemm_avx2_f32 : &gir__gemm_avx2_f64;
#endif
#if defined(GIR__HAVE_NEON)
    return f32 ? &gir__gemm_neon_f32 : &gir__gemm_neon_f64;
#endif
#if defined(GIR__HAVE_MVE)
    if (f32) return &gir__gemm_mve_f32;
#endif
    return f32 ? &gir__gemm_scalar_f32 : &gir__gemm_scalar_f64;
}

/* ----------------------------------------------------------------------------------------------- driver */
static int64_t gir__gemm_min(int64_t x, int64_t y) { return x < y ? x : y; }
static int64_t gir__gemm_round(int64_t x, int64_t q) { return (x + q - 1) / q * q; }
static size_t gir__gemm_align(size_t n) { return (n + 63) & ~(size_t)63; }
/* packing buffer bytes for up to h rows (or columns) in panels of w, of one block of k */
static size_t gir__gemm_pbytes(const gir__gemm_cfg *g, int64_t h, int64_t hc, int w, int64_t k) {
    int64_t elems = gir__gemm_round(gir__gemm_min(h, hc), w) * gir__gemm_min(k, g->kc);
    return gir__gemm_align((size_t)elems * (size_t)g->es);
}
static size_t gir__gemm_abytes(const gir__gemm_cfg *g, int64_t m, int64_t k) {
    return gir__gemm_pbytes(g, m, g->mc, g->mr, k);
}
/* scratch bytes gir__gemm needs for these sizes (and any smaller ones) */
static size_t gir__gemm_scratch(const gir__gemm_cfg *g, int64_t m, int64_t n, int64_t k) {
    if (m <= 0 || n <= 0 || k <= 0) return 0;
    if (g->wide && n % g->wide->nr == 0) g = g->wide;
    return gir__gemm_abytes(g, m, k) + gir__gemm_pbytes(g, n, g->nc, g->nr, k);
}
/* read B in place (its rows contiguous) rather than pack it: when few rows of A use each panel, or when the
   rows of the block span at most 256 KiB (packing a small B costs more than its strided reads; measured) */
static int gir__gemm_direct_b(const gir__gemm_cfg *g, int64_t m, int64_t kb, int64_t rsb) {
    return m <= 2 * g->mr || kb * rsb * g->es <= 262144;
}
/* read A in place (its rows contiguous) rather than pack it: when the rows of A span at most 1 MiB */
static int gir__gemm_direct_a(const gir__gemm_cfg *g, int64_t m, int64_t rsa, int64_t csa) {
    return csa == 1 && rsa > 0 && m * rsa * g->es <= 1048576;
}

/* one MC x KC block of A (packed panels at a, as = 0; or rows a[i*as + p] read in place) times the KC x NC
   block of B (packed panels; or rows b[p*ldb + j] with only the partial last panel packed, at bedge) into C */
static void gir__gemm_block(const gir__gemm_cfg *g, int64_t mb, int64_t nb, int64_t kb, const char *a, int64_t as,
                            const char *b, int64_t ldb, const char *bedge, char *c, int64_t ldc, int acc) {
    const gir__gemm_uk *uk = as ? g->ukd : g->uk;
    int64_t es = g->es, jr, ir;
    for (jr = 0; jr < nb; jr += g->nr) {
        int nn = (int)gir__gemm_min(g->nr, nb - jr);
        const char *bj = !bedge ? b + jr * kb * es : nn == g->nr ? b + jr * es : bedge;
        int64_t lb = bedge && nn == g->nr ? ldb : g->nr;
        for (ir = 0; ir < mb; ir += g->mr) {
            int64_t rows = gir__gemm_min(g->mr, mb - ir), r0 = 0;
            const char *ai = as ? a + ir * as * es : a + ir * kb * es;
            int u = 0;
            while (r0 < rows) {
                while (g->rows[u] > rows - r0) ++u;
                uk[u](kb, ai + r0 * (as ? as : 1) * es, as ? as : g->mr, bj, lb, c + ((ir + r0) * ldc + jr) * es, ldc,
                      nn, acc);
                r0 += g->rows[u];
            }
        }
    }
}

/* the paths of gir__gemm (its return value): the packed path or one of the small shapes of gir__gemm_small */
#define GIR__GEMM_PACKED 0
#define GIR__GEMM_OUTER  1      /* k = 1: outer product */
#define GIR__GEMM_ROWV   2      /* m = 1: vector times matrix */
#define GIR__GEMM_COLV   3      /* n = 1, A transposed: matrix times vector */
#define GIR__GEMM_DOTS   4      /* few rows or columns, dot products */
#define GIR__GEMM_EMPTY  5      /* m, n or k is 0 */
static int gir__gemm_small(const gir__gemm_cfg *g, int64_t m, int64_t n, int64_t k, const void *a, int64_t rsa,
                           int64_t csa, const void *b, int64_t rsb, int64_t csb, void *c, int64_t ldc, int acc);
/* C[m x n] (=, or += if acc) A[m x k] B[k x n] with the layouts described at the top of this section;
   scratch: gir__gemm_scratch(g, m, n, k) bytes, 64-byte aligned. Returns the path it took. */
static int gir__gemm(const gir__gemm_cfg *g, int64_t m, int64_t n, int64_t k, const void *a, int64_t rsa,
                      int64_t csa, const void *b, int64_t rsb, int64_t csb, void *c, int64_t ldc, int acc,
                      void *scratch) {
    int64_t es = g->es, jc, pc, ic, i, kc, mc;
    int direct_a = gir__gemm_direct_a(g, m, rsa, csa);
    char *ap = (char *)scratch, *bp;
    int path;
    if (m <= 0 || n <= 0) return GIR__GEMM_EMPTY;
    if (k <= 0) {
        if (!acc)
            for (i = 0; i < m; ++i) GIR_MEMSET((char *)c + i * ldc * es, 0, (size_t)(n * es));
        return GIR__GEMM_EMPTY;
    }
    path = gir__gemm_small(g, m, n, k, a, rsa, csa, b, rsb, csb, c, ldc, acc);
    if (path != GIR__GEMM_PACKED) return path;
    if (g->wide && n % g->wide->nr == 0) g = g->wide;           /* same choice as gir__gemm_scratch */
    bp = ap + gir__gemm_abytes(g, m, k);
    kc = (k + (k + g->kc - 1) / g->kc - 1) / ((k + g->kc - 1) / g->kc);          /* k in equal blocks <= KC */
    mc = gir__gemm_round((m + (m + g->mc - 1) / g->mc - 1) / ((m + g->mc - 1) / g->mc), g->mr);
    for (jc = 0; jc < n; jc += g->nc) {
        int64_t nb = gir__gemm_min(g->nc, n - jc);
        for (pc = 0; pc < k; pc += kc) {
            int64_t kb = gir__gemm_min(kc, k - pc), full = nb / g->nr * g->nr;
            const char *bs = (const char *)b + (pc * rsb + jc * csb) * es;
            int direct = csb == 1 && gir__gemm_direct_b(g, m, kb, rsb);
            if (!direct) g->pack(nb, kb, bs, csb, rsb, bp, g->nr);
            else if (full < nb) g->pack(nb - full, kb, bs + full * es, 1, rsb, bp, g->nr);
            for (ic = 0; ic < m; ic += mc) {
                int64_t mb = gir__gemm_min(mc, m - ic);
                const char *as = (const char *)a + (ic * rsa + pc * csa) * es;
                if (!direct_a) g->pack(mb, kb, as, rsa, csa, ap, g->mr);
                gir__gemm_block(g, mb, nb, kb, direct_a ? as : ap, direct_a ? rsa : 0, direct ? bs : bp, rsb,
                                direct ? bp : NULL, (char *)c + (ic * ldc + jc) * es, ldc, acc || pc > 0);
            }
        }
    }
    return GIR__GEMM_PACKED;
}

/* >>gemv: small and skinny GEMM shapes, computed from the operands in place --------------------------------
   gir__gemm_small runs at gir__gemm's entry and takes the shapes for which packing costs as much as the
   arithmetic it saves (a neural network's matmuls at batch 1 are all of these):
     - k = 1, B's row contiguous: the outer product C[i, :] = A(i, 0) B[0, :], one row at a time
       (GIR__GEMM_OUTER);
     - m = 1, B's rows contiguous: y = x B as a sum of rows of B scaled by the elements of x
       (GIR__GEMM_ROWV), the forward pass of a dense layer;
     - n = 1, A's columns contiguous (a transposed A): C[:, 0] as a sum of columns of A scaled by the
       elements of B (GIR__GEMM_COLV), the same kernel with the roles of A and B exchanged;
     - A's rows and B's columns contiguous and few rows or columns in C: dot products of rows of A with
       columns of B (GIR__GEMM_DOTS, gir__gemm_dots), e.g. g Wᵀ in a dense layer's backward pass.
   Anything else returns GIR__GEMM_PACKED and goes through the packed path.
   Summation order: the ROWV / COLV kernels give each output element one accumulator and add the products
   in order of p, 0 + x[0] M[0] + x[1] M[1] + ... (fused multiply-adds except in the scalar reference),
   then add C when accumulating: for k <= KC this is the order of the packed micro-kernels, so the two agree
   exactly for k <= KC and up to rounding beyond. OUTER rounds each product once and then adds C, as a
   micro-kernel with k = 1 does. DOTS splits each sum over the lanes of two vector accumulators (see
   gir__gemm_dot_*), so it differs from the packed path by rounding only. The vector kernels keep V
   vectors of columns in flight (several independent accumulators; 4 on Helium, which has 8 registers) and
   finish the last partial vector with masked loads and stores, so they never read or write past the
   operands. */

/* gir__gemv_<sfx>__<isa>(len, k, x, incx, mat, ldm, y, acc): y[j] (=, or += if acc) sum over p < k of
   x[p*incx] mat[p*ldm + j], for j < len: V vectors of columns at a time, then one vector, then the rest
   masked */
#define GIR__GV_ZERO(q, P) P##_V c##q = P##_ZERO();
#define GIR__GV_FMA(q, P) c##q = P##_FMA(s_, P##_LOAD(r_ + q * P##_L), c##q);
#define GIR__GV_PUT(q, P)                                                                                   \
    if (acc) c##q = P##_ADD(c##q, P##_LOAD(y + j + q * P##_L));                                             \
    P##_STORE(y + j + q * P##_L, c##q);
#define GIR__GEMV_DEF(ISA, ATTR, T, SFX, P, V)                                                              \
ATTR static void gir__gemv_##SFX##__##ISA(int64_t len, int64_t k, const void *xv, int64_t incx, const void *mv, \
                                          int64_t ldm, void *yv, int acc) {                                 \
    const T *x = (const T *)xv, *mat = (const T *)mv, *r_;                                                  \
    T *y = (T *)yv;                                                                                         \
    int64_t j = 0, p;                                                                                       \
    for (; j + V * P##_L <= len; j += V * P##_L) {                                                          \
        GIR__ROWS_##V(GIR__GV_ZERO, P)                                                                      \
        for (p = 0, r_ = mat + j; p < k; ++p, r_ += ldm) {                                                  \
            P##_S s_ = P##_BCAST(x[p * incx]);                                                              \
            GIR__ROWS_##V(GIR__GV_FMA, P)                                                                   \
        }                                                                                                   \
        GIR__ROWS_##V(GIR__GV_PUT, P)                                                                       \
    }                                                                                                       \
    for (; j + P##_L <= len; j += P##_L) {                                                                  \
        GIR__GV_ZERO(0, P)                                                                                  \
        for (p = 0, r_ = mat + j; p < k; ++p, r_ += ldm) {                                                  \
            P##_S s_ = P##_BCAST(x[p * incx]);                                                              \
            GIR__GV_FMA(0, P)                                                                               \
        }                                                                                                   \
        GIR__GV_PUT(0, P)                                                                                   \
    }                                                                                                       \
    if (j < len) {                                                                                          \
        int rest = (int)(len - j);                                                                          \
        GIR__GV_ZERO(0, P)                                                                                  \
        for (p = 0, r_ = mat + j; p < k; ++p, r_ += ldm)                                                    \
            c0 = P##_FMA(P##_BCAST(x[p * incx]), P##_LOADN(r_, rest), c0);                                  \
        if (acc) c0 = P##_ADD(c0, P##_LOADN(y + j, rest));                                                  \
        P##_STOREN(y + j, rest, c0);                                                                        \
    }                                                                                                       \
}
/* gir__gemm_outer_<sfx>__<isa>(m, n, a, rsa, b, c, ldc, acc): C[i, j] (=, or += if acc) a[i*rsa] b[j] */
#define GIR__OUTER_DEF(ISA, ATTR, T, SFX, P)                                                                \
ATTR static void gir__gemm_outer_##SFX##__##ISA(int64_t m, int64_t n, const void *av, int64_t rsa,            \
                                                const void *bv, void *cv, int64_t ldc, int acc) {           \
    const T *a = (const T *)av, *b = (const T *)bv;                                                         \
    int64_t i, j;                                                                                           \
    for (i = 0; i < m; ++i) {                                                                               \
        P##_S s_ = P##_BCAST(a[i * rsa]);                                                                   \
        T *ci = (T *)cv + i * ldc;                                                                          \
        for (j = 0; j + P##_L <= n; j += P##_L) {                                                           \
            P##_V v_ = P##_FMA(s_, P##_LOAD(b + j), P##_ZERO());                                            \
            P##_STORE(ci + j, acc ? P##_ADD(v_, P##_LOAD(ci + j)) : v_);                                    \
        }                                                                                                   \
        if (j < n) {                                                                                        \
            int rest = (int)(n - j);                                                                        \
            P##_V v_ = P##_FMA(s_, P##_LOADN(b + j, rest), P##_ZERO());                                     \
            P##_STOREN(ci + j, rest, acc ? P##_ADD(v_, P##_LOADN(ci + j, rest)) : v_);                      \
        }                                                                                                   \
    }                                                                                                       \
}
#define GIR__SMALL_DEF(ISA, ATTR, T, SFX, P, V) GIR__GEMV_DEF(ISA, ATTR, T, SFX, P, V)                       \
    GIR__OUTER_DEF(ISA, ATTR, T, SFX, P)

GIR__SMALL_DEF(scalar, , float, f32, GIR__S32, 4)
GIR__SMALL_DEF(scalar, , double, f64, GIR__S64, 4)
#if defined(GIR__HAVE_AVX512)
GIR__SMALL_DEF(avx512, GIR__TARGET_AVX512, float, f32, GIR__Z32, 8)
GIR__SMALL_DEF(avx512, GIR__TARGET_AVX512, double, f64, GIR__Z64, 8)
#endif
#if defined(GIR__HAVE_AVX2)
GIR__SMALL_DEF(avx2, GIR__TARGET_AVX2, float, f32, GIR__Y32, 8)
GIR__SMALL_DEF(avx2, GIR__TARGET_AVX2, double, f64, GIR__Y64, 8)
#endif
#if defined(GIR__HAVE_NEON)
GIR__SMALL_DEF(neon, , float, f32, GIR__N32, 8)
GIR__SMALL_DEF(neon, , double, f64, GIR__N64, 8)
#endif
#if defined(GIR__HAVE_MVE)
GIR__SMALL_DEF(mve, , float, f32, GIR__M32, 4)
#endif

typedef void (*gir__gemv_fn)(int64_t len, int64_t k, const void *x, int64_t incx, const void *mat, int64_t ldm,
                             void *y, int acc);
typedef void (*gir__outer_fn)(int64_t m, int64_t n, const void *a, int64_t rsa, const void *b, void *c,
                              int64_t ldc, int acc);
typedef struct gir__small_set { gir__gemv_fn gemv; gir__outer_fn outer; } gir__small_set;
#define GIR__SMALL_SET(ISA, SFX) {gir__gemv_##SFX##__##ISA, gir__gemm_outer_##SFX##__##ISA}

/* the kernels of the instruction set and dtype of a GEMM configuration (a wide tile's too) */
static gir__small_set gir__gemm_small_for(const gir__gemm_cfg *g) {
    static const gir__small_set s32 = GIR__SMALL_SET(scalar, f32), s64 = GIR__SMALL_SET(scalar, f64);
#if defined(GIR__HAVE_AVX512)
    static const gir__small_set z32 = GIR__SMALL_SET(avx512, f32), z64 = GIR__SMALL_SET(avx512, f64);
    if (g == &gir__gemm_avx512_f32 || g == &gir__gemm_avx512w_f32) return z32;
    if (g == &gir__gemm_avx512_f64 || g == &gir__gemm_avx512w_f64) return z64;
#endif
#if defined(GIR__HAVE_AVX2)
    static const gir__small_set y32 = GIR__SMALL_SET(avx2, f32), y64 = GIR__SMALL_SET(avx2, f64);
    if (g == &gir__gemm_avx2_f32) return y32;
    if (g == &gir__gemm_avx2_f64) return y64;
#endif
#if defined(GIR__HAVE_NEON)
    static const gir__small_set n32 = GIR__SMALL_SET(neon, f32), n64 = GIR__SMALL_SET(neon, f64);
    if (g == &gir__gemm_neon_f32) return n32;
    if (g == &gir__gemm_neon_f64) return n64;
#endif
#if defined(GIR__HAVE_MVE)
    static const gir__small_set m32 = GIR__SMALL_SET(mve, f32);
    if (g == &gir__gemm_mve_f32) return m32;
#endif
    return g->es == 4 ? s32 : s64;
}

/* C (=, or += if acc) A B as dot products of rows of A with columns of B, both contiguous (csa == 1, rsb == 1),
   four outputs at a time, taken in row-major order of C */
static void gir__gemm_dots(const gir__gemm_cfg *g, int64_t m, int64_t n, int64_t k, const char *a, int64_t rsa,
                           const char *b, int64_t csb, char *c, int64_t ldc, int acc) {
    const void *x[4], *y[4];
    int64_t ii[4], jj[4], es = g->es, i = 0, j = 0;
    union { float f[4]; double d[4]; } o;
    int q, nq;
    while (i < m) {
        for (nq = 0; nq < 4 && i < m; ++nq) {
            ii[nq] = i; jj[nq] = j;
            x[nq] = a + i * rsa * es;
            y[nq] = b + j * csb * es;
            if (++j == n) { j = 0; ++i; }
        }
        for (q = nq; q < 4; ++q) { x[q] = x[0]; y[q] = y[0]; }
        g->dot(k, x, y, &o);
        for (q = 0; q < nq; ++q) {
            int64_t off = ii[q] * ldc + jj[q];
            if (es == 4) ((float *)c)[off] = acc ? ((float *)c)[off] + o.f[q] : o.f[q];
            else ((double *)c)[off] = acc ? ((double *)c)[off] + o.d[q] : o.d[q];
        }
    }
}

/* the path gir__gemm takes for these sizes and layouts (m, n, k >= 1) */
static int gir__gemm_small_path(const gir__gemm_cfg *g, int64_t m, int64_t n, int64_t k, int64_t rsa, int64_t csa,
                                int64_t rsb, int64_t csb, int64_t ldc) {
    if (k == 1 && csb == 1) return GIR__GEMM_OUTER;
    if (m == 1 && csb == 1) return GIR__GEMM_ROWV;
    if (n == 1 && rsa == 1 && ldc == 1) return GIR__GEMM_COLV;
    if (csa == 1 && rsb == 1 && (2 * n <= g->nr || 2 * m <= g->mr)) return GIR__GEMM_DOTS;
    return GIR__GEMM_PACKED;
}

/* gir__gemm's small and skinny shapes (m, n, k >= 1): runs one and says which, or returns GIR__GEMM_PACKED */
static int gir__gemm_small(const gir__gemm_cfg *g, int64_t m, int64_t n, int64_t k, const void *a, int64_t rsa,
                           int64_t csa, const void *b, int64_t rsb, int64_t csb, void *c, int64_t ldc, int acc) {
    int path = gir__gemm_small_path(g, m, n, k, rsa, csa, rsb, csb, ldc);
    gir__small_set s;
    if (path == GIR__GEMM_PACKED) return path;
    s = gir__gemm_small_for(g);
    if (path == GIR__GEMM_OUTER) s.outer(m, n, a, rsa, b, c, ldc, acc);
    else if (path == GIR__GEMM_ROWV) s.gemv(n, k, a, csa, b, rsb, c, acc);
    else if (path == GIR__GEMM_COLV) s.gemv(m, k, b, rsb, a, csa, c, acc);
    else gir__gemm_dots(g, m, n, k, (const char *)a, rsa, (const char *)b, csb, (char *)c, ldc, acc);
    return path;
}

/* >>kernels: scalar reference kernels. The table at the end maps each op to its kernel; elementwise rows
   get generated per-dtype loops (gir__ew_table) behind one broadcasting driver, so a SIMD variant can
   replace a table cell without touching the driver. */
typedef struct gir__kin {
    const void      *p;
    const gir_shape *s;
    int              dt;
    int              tr;        /* read with the last two axes swapped: only float matmul gets this */
} gir__kin;
typedef struct gir__kx {
    int              op, dtype;
    const gir_shape *shape;
    const gir_attr  *attr;
    void            *out;
    int              nin;
    const gir__kin  *in;        /* parents, then arguments */
    void            *scratch;
    uint64_t         run;       /* how many times the plan ran before: keys random streams */
    uint32_t         node;
    char            *msg;       /* GIR__MSG bytes, for errors */
} gir__kx;
typedef gir_status (*gir__kernel_fn)(gir__kx *k);
typedef void (*gir__ew_fn)(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p);

static gir_status gir__kfail(gir__kx *k, gir_status s, const char *fmt, ...) {
    gir__buf b;
    va_list ap;
    b.p = k->msg; b.n = GIR__MSG; b.len = 0; k->msg[0] = 0;
    gir__puts(&b, gir__ops[k->op].name);
    gir__puts(&b, ": node ");
    gir__putl(&b, k->node);
    gir__puts(&b, ": ");
    va_start(ap, fmt);
    gir__vformat(&b, fmt, ap);
    va_end(ap);
    return s;
}

/* slow generic element access, for kernels whose cost is not in the element loop */
static double gir__getd(const void *p, int dt, int64_t i) {
    switch (dt) {
    case GIR_DTYPE_B8: case GIR_DTYPE_U8: return ((const uint8_t *)p)[i];
    case GIR_DTYPE_I32: return ((const int32_t *)p)[i];
    case GIR_DTYPE_F32: return ((const float *)p)[i];
    default: return ((const double *)p)[i];
    }
}
/* store with C99 cast semantics made total: floats to integers truncate toward zero and saturate, NaN -> 0 */
static void gir__setd(void *p, int dt, int64_t i, double v) {
    switch (dt) {
    case GIR_DTYPE_B8: ((uint8_t *)p)[i] = (uint8_t)(v != 0); break;
    case GIR_DTYPE_U8: ((uint8_t *)p)[i] = gir__sat_u8(v); break;
    case GIR_DTYPE_I32: ((int32_t *)p)[i] = gir__sat_i32(v); break;
    case GIR_DTYPE_F32: ((float *)p)[i] = (float)v; break;
    default: ((double *)p)[i] = v;
    }
}
static size_t gir__esize(int dt) { return gir__dtype_sizes[dt]; }
/* integer elements as uint32_t: sums and products of u8 and i32 wrap modulo 2^8 and 2^32 (as NumPy with the
   same dtype), never overflow a signed type, and stay exact where doubles would round */
static uint32_t gir__getu(const void *p, int dt, int64_t i) {
    return dt == GIR_DTYPE_I32 ? (uint32_t)((const int32_t *)p)[i] : (uint32_t)((const uint8_t *)p)[i];
}
static void gir__setu(void *p, int dt, int64_t i, uint32_t v) {
    if (dt == GIR_DTYPE_I32) ((int32_t *)p)[i] = gir__i32_of_u32(v);
    else ((uint8_t *)p)[i] = (uint8_t)(v & 255u);
}

/* row-major strides (elements) of a shape, and of a shape broadcast into out's rank (0 on broadcast axes) */
static void gir__bstrides(const gir_shape *s, const gir_shape *out, int64_t *st) {
    int r = out->rank, k, off = out->rank - s->rank;
    int64_t acc = 1;
    for (k = r - 1; k >= 0; --k) {
        int j = k - off;
        int32_t d = j >= 0 ? s->dim[j] : 1;
        st[k] = (d == 1 && out->dim[k] != 1) || j < 0 ? 0 : acc;
        acc *= d;
    }
}

/* the broadcasting driver: calls fn on runs along the last axis (or once on the whole when no input
   broadcasts) */
static void gir__ew_apply(gir__ew_fn fn, void *out, int odt, const gir_shape *os, int nin, const gir__kin *in,
                          const double *p) {
    int64_t st[GIR__MAX_ROW_IN][GIR_MAX_RANK], idx[GIR_MAX_RANK], run[GIR__MAX_ROW_IN], total = gir__numel(os);
    int64_t inner, outer, o;
    const void *ptr[GIR__MAX_ROW_IN];
    int j, d, r = os->rank, flat = 1;
    if (total == 0) return;
    for (j = 0; j < nin; ++j) {
        int64_t n = gir__numel(in[j].s);
        if (n == 1) run[j] = 0;
        else if (gir__shape_eq(in[j].s, os) || n == total) run[j] = 1;
        else flat = 0;
        ptr[j] = in[j].p;
    }
    if (flat || r == 0) {
        for (j = 0; j < nin; ++j) if (gir__numel(in[j].s) == 1) run[j] = 0; else run[j] = 1;
        fn(total, out, ptr, run, p);
        return;
    }
    for (j = 0; j < nin; ++j) gir__bstrides(in[j].s, os, st[j]);
    inner = os->dim[r - 1];
    outer = total / inner;
    for (d = 0; d < r; ++d) idx[d] = 0;
    for (o = 0; o < outer; ++o) {
        int64_t rem = o;
        for (d = r - 2; d >= 0; --d) { idx[d] = rem % os->dim[d]; rem /= os->dim[d]; }
        for (j = 0; j < nin; ++j) {
            int64_t off = 0;
            for (d = 0; d < r - 1; ++d) off += idx[d] * st[j][d];
            ptr[j] = (const char *)in[j].p + off * (int64_t)gir__esize(in[j].dt);
            run[j] = st[j][r - 1];
        }
        fn(inner, (char *)out + o * inner * (int64_t)gir__esize(odt), ptr, run, p);
    }
}

/* generated from ops.def: one scalar loop per elementwise row and compute dtype */
/* generated from ops.def:114 (NOT): not(a) */
static void gir__k_not_b8__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    uint8_t *o = (uint8_t *)out;
    const uint8_t *x0 = (const uint8_t *)in[0];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        uint8_t v0 = x0[k * st[0]];
        o[k] = (uint8_t)(gir__v_not_b8(v0));
    }
}
/* generated from ops.def:116 (AND): and(a, b) */
static void gir__k_and_b8__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    uint8_t *o = (uint8_t *)out;
    const uint8_t *x0 = (const uint8_t *)in[0];
    const uint8_t *x1 = (const uint8_t *)in[1];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        uint8_t v0 = x0[k * st[0]];
        uint8_t v1 = x1[k * st[1]];
        o[k] = (uint8_t)(gir__v_and_b8(v0, v1));
    }
}
/* generated from ops.def:118 (OR): or(a, b) */
static void gir__k_or_b8__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    uint8_t *o = (uint8_t *)out;
    const uint8_t *x0 = (const uint8_t *)in[0];
    const uint8_t *x1 = (const uint8_t *)in[1];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        uint8_t v0 = x0[k * st[0]];
        uint8_t v1 = x1[k * st[1]];
        o[k] = (uint8_t)(gir__v_or_b8(v0, v1));
    }
}
/* generated from ops.def:120 (XOR): xor(a, b) */
static void gir__k_xor_b8__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    uint8_t *o = (uint8_t *)out;
    const uint8_t *x0 = (const uint8_t *)in[0];
    const uint8_t *x1 = (const uint8_t *)in[1];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        uint8_t v0 = x0[k * st[0]];
        uint8_t v1 = x1[k * st[1]];
        o[k] = (uint8_t)(gir__v_xor_b8(v0, v1));
    }
}
/* generated from ops.def:122 (GT): (a > b) */
static void gir__k_gt_b8__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    uint8_t *o = (uint8_t *)out;
    const uint8_t *x0 = (const uint8_t *)in[0];
    const uint8_t *x1 = (const uint8_t *)in[1];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        uint8_t v0 = x0[k * st[0]];
        uint8_t v1 = x1[k * st[1]];
        o[k] = (uint8_t)((v0 > v1));
    }
}
static void gir__k_gt_u8__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    uint8_t *o = (uint8_t *)out;
    const uint8_t *x0 = (const uint8_t *)in[0];
    const uint8_t *x1 = (const uint8_t *)in[1];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        uint8_t v0 = x0[k * st[0]];
        uint8_t v1 = x1[k * st[1]];
        o[k] = (uint8_t)((v0 > v1));
    }
}
static void gir__k_gt_i32__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    uint8_t *o = (uint8_t *)out;
    const int32_t *x0 = (const int32_t *)in[0];
    const int32_t *x1 = (const int32_t *)in[1];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        int32_t v0 = x0[k * st[0]];
        int32_t v1 = x1[k * st[1]];
        o[k] = (uint8_t)((v0 > v1));
    }
}
static void gir__k_gt_f32__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    uint8_t *o = (uint8_t *)out;
    const float *x0 = (const float *)in[0];
    const float *x1 = (const float *)in[1];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        float v0 = x0[k * st[0]];
        float v1 = x1[k * st[1]];
        o[k] = (uint8_t)((v0 > v1));
    }
}
static void gir__k_gt_f64__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    uint8_t *o = (uint8_t *)out;
    const double *x0 = (const double *)in[0];
    const double *x1 = (const double *)in[1];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        double v0 = x0[k * st[0]];
        double v1 = x1[k * st[1]];
        o[k] = (uint8_t)((v0 > v1));
    }
}
/* generated from ops.def:124 (GE): (a >= b) */
static void gir__k_ge_b8__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    uint8_t *o = (uint8_t *)out;
    const uint8_t *x0 = (const uint8_t *)in[0];
    const uint8_t *x1 = (const uint8_t *)in[1];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        uint8_t v0 = x0[k * st[0]];
        uint8_t v1 = x1[k * st[1]];
        o[k] = (uint8_t)((v0 >= v1));
    }
}
static void gir__k_ge_u8__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    uint8_t *o = (uint8_t *)out;
    const uint8_t *x0 = (const uint8_t *)in[0];
    const uint8_t *x1 = (const uint8_t *)in[1];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        uint8_t v0 = x0[k * st[0]];
        uint8_t v1 = x1[k * st[1]];
        o[k] = (uint8_t)((v0 >= v1));
    }
}
static void gir__k_ge_i32__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    uint8_t *o = (uint8_t *)out;
    const int32_t *x0 = (const int32_t *)in[0];
    const int32_t *x1 = (const int32_t *)in[1];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        int32_t v0 = x0[k * st[0]];
        int32_t v1 = x1[k * st[1]];
        o[k] = (uint8_t)((v0 >= v1));
    }
}
static void gir__k_ge_f32__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    uint8_t *o = (uint8_t *)out;
    const float *x0 = (const float *)in[0];
    const float *x1 = (const float *)in[1];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        float v0 = x0[k * st[0]];
        float v1 = x1[k * st[1]];
        o[k] = (uint8_t)((v0 >= v1));
    }
}
static void gir__k_ge_f64__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    uint8_t *o = (uint8_t *)out;
    const double *x0 = (const double *)in[0];
    const double *x1 = (const double *)in[1];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        double v0 = x0[k * st[0]];
        double v1 = x1[k * st[1]];
        o[k] = (uint8_t)((v0 >= v1));
    }
}
/* generated from ops.def:126 (LT): (a < b) */
static void gir__k_lt_b8__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    uint8_t *o = (uint8_t *)out;
    const uint8_t *x0 = (const uint8_t *)in[0];
    const uint8_t *x1 = (const uint8_t *)in[1];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        uint8_t v0 = x0[k * st[0]];
        uint8_t v1 = x1[k * st[1]];
        o[k] = (uint8_t)((v0 < v1));
    }
}
static void gir__k_lt_u8__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    uint8_t *o = (uint8_t *)out;
    const uint8_t *x0 = (const uint8_t *)in[0];
    const uint8_t *x1 = (const uint8_t *)in[1];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        uint8_t v0 = x0[k * st[0]];
        uint8_t v1 = x1[k * st[1]];
        o[k] = (uint8_t)((v0 < v1));
    }
}
static void gir__k_lt_i32__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    uint8_t *o = (uint8_t *)out;
    const int32_t *x0 = (const int32_t *)in[0];
    const int32_t *x1 = (const int32_t *)in[1];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        int32_t v0 = x0[k * st[0]];
        int32_t v1 = x1[k * st[1]];
        o[k] = (uint8_t)((v0 < v1));
    }
}
static void gir__k_lt_f32__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    uint8_t *o = (uint8_t *)out;
    const float *x0 = (const float *)in[0];
    const float *x1 = (const float *)in[1];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        float v0 = x0[k * st[0]];
        float v1 = x1[k * st[1]];
        o[k] = (uint8_t)((v0 < v1));
    }
}
static void gir__k_lt_f64__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    uint8_t *o = (uint8_t *)out;
    const double *x0 = (const double *)in[0];
    const double *x1 = (const double *)in[1];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        double v0 = x0[k * st[0]];
        double v1 = x1[k * st[1]];
        o[k] = (uint8_t)((v0 < v1));
    }
}
/* generated from ops.def:128 (LE): (a <= b) */
static void gir__k_le_b8__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    uint8_t *o = (uint8_t *)out;
    const uint8_t *x0 = (const uint8_t *)in[0];
    const uint8_t *x1 = (const uint8_t *)in[1];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        uint8_t v0 = x0[k * st[0]];
        uint8_t v1 = x1[k * st[1]];
        o[k] = (uint8_t)((v0 <= v1));
    }
}
static void gir__k_le_u8__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    uint8_t *o = (uint8_t *)out;
    const uint8_t *x0 = (const uint8_t *)in[0];
    const uint8_t *x1 = (const uint8_t *)in[1];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        uint8_t v0 = x0[k * st[0]];
        uint8_t v1 = x1[k * st[1]];
        o[k] = (uint8_t)((v0 <= v1));
    }
}
static void gir__k_le_i32__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    uint8_t *o = (uint8_t *)out;
    const int32_t *x0 = (const int32_t *)in[0];
    const int32_t *x1 = (const int32_t *)in[1];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        int32_t v0 = x0[k * st[0]];
        int32_t v1 = x1[k * st[1]];
        o[k] = (uint8_t)((v0 <= v1));
    }
}
static void gir__k_le_f32__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    uint8_t *o = (uint8_t *)out;
    const float *x0 = (const float *)in[0];
    const float *x1 = (const float *)in[1];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        float v0 = x0[k * st[0]];
        float v1 = x1[k * st[1]];
        o[k] = (uint8_t)((v0 <= v1));
    }
}
static void gir__k_le_f64__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    uint8_t *o = (uint8_t *)out;
    const double *x0 = (const double *)in[0];
    const double *x1 = (const double *)in[1];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        double v0 = x0[k * st[0]];
        double v1 = x1[k * st[1]];
        o[k] = (uint8_t)((v0 <= v1));
    }
}
/* generated from ops.def:130 (EQ): (a == b) */
static void gir__k_eq_b8__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    uint8_t *o = (uint8_t *)out;
    const uint8_t *x0 = (const uint8_t *)in[0];
    const uint8_t *x1 = (const uint8_t *)in[1];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        uint8_t v0 = x0[k * st[0]];
        uint8_t v1 = x1[k * st[1]];
        o[k] = (uint8_t)((v0 == v1));
    }
}
static void gir__k_eq_u8__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    uint8_t *o = (uint8_t *)out;
    const uint8_t *x0 = (const uint8_t *)in[0];
    const uint8_t *x1 = (const uint8_t *)in[1];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        uint8_t v0 = x0[k * st[0]];
        uint8_t v1 = x1[k * st[1]];
        o[k] = (uint8_t)((v0 == v1));
    }
}
static void gir__k_eq_i32__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    uint8_t *o = (uint8_t *)out;
    const int32_t *x0 = (const int32_t *)in[0];
    const int32_t *x1 = (const int32_t *)in[1];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        int32_t v0 = x0[k * st[0]];
        int32_t v1 = x1[k * st[1]];
        o[k] = (uint8_t)((v0 == v1));
    }
}
static void gir__k_eq_f32__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    uint8_t *o = (uint8_t *)out;
    const float *x0 = (const float *)in[0];
    const float *x1 = (const float *)in[1];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        float v0 = x0[k * st[0]];
        float v1 = x1[k * st[1]];
        o[k] = (uint8_t)((v0 == v1));
    }
}
static void gir__k_eq_f64__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    uint8_t *o = (uint8_t *)out;
    const double *x0 = (const double *)in[0];
    const double *x1 = (const double *)in[1];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        double v0 = x0[k * st[0]];
        double v1 = x1[k * st[1]];
        o[k] = (uint8_t)((v0 == v1));
    }
}
/* generated from ops.def:133 (NE): (a != b) */
static void gir__k_ne_b8__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    uint8_t *o = (uint8_t *)out;
    const uint8_t *x0 = (const uint8_t *)in[0];
    const uint8_t *x1 = (const uint8_t *)in[1];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        uint8_t v0 = x0[k * st[0]];
        uint8_t v1 = x1[k * st[1]];
        o[k] = (uint8_t)((v0 != v1));
    }
}
static void gir__k_ne_u8__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    uint8_t *o = (uint8_t *)out;
    const uint8_t *x0 = (const uint8_t *)in[0];
    const uint8_t *x1 = (const uint8_t *)in[1];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        uint8_t v0 = x0[k * st[0]];
        uint8_t v1 = x1[k * st[1]];
        o[k] = (uint8_t)((v0 != v1));
    }
}
static void gir__k_ne_i32__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    uint8_t *o = (uint8_t *)out;
    const int32_t *x0 = (const int32_t *)in[0];
    const int32_t *x1 = (const int32_t *)in[1];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        int32_t v0 = x0[k * st[0]];
        int32_t v1 = x1[k * st[1]];
        o[k] = (uint8_t)((v0 != v1));
    }
}
static void gir__k_ne_f32__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    uint8_t *o = (uint8_t *)out;
    const float *x0 = (const float *)in[0];
    const float *x1 = (const float *)in[1];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        float v0 = x0[k * st[0]];
        float v1 = x1[k * st[1]];
        o[k] = (uint8_t)((v0 != v1));
    }
}
static void gir__k_ne_f64__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    uint8_t *o = (uint8_t *)out;
    const double *x0 = (const double *)in[0];
    const double *x1 = (const double *)in[1];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        double v0 = x0[k * st[0]];
        double v1 = x1[k * st[1]];
        o[k] = (uint8_t)((v0 != v1));
    }
}
/* generated from ops.def:135 (APPROX_EQ): (abs((a - b)) <= (p0 + (p1 * abs(b)))) */
static void gir__k_approx_eq_u8__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    uint8_t *o = (uint8_t *)out;
    const uint8_t *x0 = (const uint8_t *)in[0];
    const uint8_t *x1 = (const uint8_t *)in[1];
    int64_t k;
    for (k = 0; k < n; ++k) {
        uint8_t v0 = x0[k * st[0]];
        uint8_t v1 = x1[k * st[1]];
        o[k] = (uint8_t)((gir__v_abs_u8(((uint8_t)(v0 - v1))) <= ((uint8_t)(gir__sat_u8(p[0]) + ((uint8_t)(gir__sat_u8(p[1]) * gir__v_abs_u8(v1)))))));
    }
}
static void gir__k_approx_eq_i32__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    uint8_t *o = (uint8_t *)out;
    const int32_t *x0 = (const int32_t *)in[0];
    const int32_t *x1 = (const int32_t *)in[1];
    int64_t k;
    for (k = 0; k < n; ++k) {
        int32_t v0 = x0[k * st[0]];
        int32_t v1 = x1[k * st[1]];
        o[k] = (uint8_t)((gir__v_abs_i32(gir__v_sub_i32(v0, v1)) <= gir__v_add_i32(gir__sat_i32(p[0]), gir__v_mul_i32(gir__sat_i32(p[1]), gir__v_abs_i32(v1)))));
    }
}
static void gir__k_approx_eq_f32__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    uint8_t *o = (uint8_t *)out;
    const float *x0 = (const float *)in[0];
    const float *x1 = (const float *)in[1];
    int64_t k;
    for (k = 0; k < n; ++k) {
        float v0 = x0[k * st[0]];
        float v1 = x1[k * st[1]];
        o[k] = (uint8_t)((gir__v_abs_f32((v0 - v1)) <= (((float)p[0]) + (((float)p[1]) * gir__v_abs_f32(v1)))));
    }
}
static void gir__k_approx_eq_f64__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    uint8_t *o = (uint8_t *)out;
    const double *x0 = (const double *)in[0];
    const double *x1 = (const double *)in[1];
    int64_t k;
    for (k = 0; k < n; ++k) {
        double v0 = x0[k * st[0]];
        double v1 = x1[k * st[1]];
        o[k] = (uint8_t)((gir__v_abs_f64((v0 - v1)) <= (((double)p[0]) + (((double)p[1]) * gir__v_abs_f64(v1)))));
    }
}
/* generated from ops.def:140 (ISNAN): isnan(a) */
static void gir__k_isnan_f32__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    uint8_t *o = (uint8_t *)out;
    const float *x0 = (const float *)in[0];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        float v0 = x0[k * st[0]];
        o[k] = (uint8_t)(gir__v_isnan_f32(v0));
    }
}
static void gir__k_isnan_f64__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    uint8_t *o = (uint8_t *)out;
    const double *x0 = (const double *)in[0];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        double v0 = x0[k * st[0]];
        o[k] = (uint8_t)(gir__v_isnan_f64(v0));
    }
}
/* generated from ops.def:143 (ISINF): isinf(a) */
static void gir__k_isinf_f32__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    uint8_t *o = (uint8_t *)out;
    const float *x0 = (const float *)in[0];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        float v0 = x0[k * st[0]];
        o[k] = (uint8_t)(gir__v_isinf_f32(v0));
    }
}
static void gir__k_isinf_f64__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    uint8_t *o = (uint8_t *)out;
    const double *x0 = (const double *)in[0];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        double v0 = x0[k * st[0]];
        o[k] = (uint8_t)(gir__v_isinf_f64(v0));
    }
}
/* generated from ops.def:146 (ISFINITE): isfinite(a) */
static void gir__k_isfinite_f32__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    uint8_t *o = (uint8_t *)out;
    const float *x0 = (const float *)in[0];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        float v0 = x0[k * st[0]];
        o[k] = (uint8_t)(gir__v_isfinite_f32(v0));
    }
}
static void gir__k_isfinite_f64__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    uint8_t *o = (uint8_t *)out;
    const double *x0 = (const double *)in[0];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        double v0 = x0[k * st[0]];
        o[k] = (uint8_t)(gir__v_isfinite_f64(v0));
    }
}
/* generated from ops.def:150 (ADD): (a + b) */
static void gir__k_add_u8__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    uint8_t *o = (uint8_t *)out;
    const uint8_t *x0 = (const uint8_t *)in[0];
    const uint8_t *x1 = (const uint8_t *)in[1];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        uint8_t v0 = x0[k * st[0]];
        uint8_t v1 = x1[k * st[1]];
        o[k] = (uint8_t)(((uint8_t)(v0 + v1)));
    }
}
static void gir__k_add_i32__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    int32_t *o = (int32_t *)out;
    const int32_t *x0 = (const int32_t *)in[0];
    const int32_t *x1 = (const int32_t *)in[1];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        int32_t v0 = x0[k * st[0]];
        int32_t v1 = x1[k * st[1]];
        o[k] = (int32_t)(gir__v_add_i32(v0, v1));
    }
}
static void gir__k_add_f32__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    const float *x1 = (const float *)in[1];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        float v0 = x0[k * st[0]];
        float v1 = x1[k * st[1]];
        o[k] = (float)((v0 + v1));
    }
}
static void gir__k_add_f64__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    const double *x1 = (const double *)in[1];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        double v0 = x0[k * st[0]];
        double v1 = x1[k * st[1]];
        o[k] = (double)((v0 + v1));
    }
}
/* generated from ops.def:155 (SUB): (a - b) */
static void gir__k_sub_u8__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    uint8_t *o = (uint8_t *)out;
    const uint8_t *x0 = (const uint8_t *)in[0];
    const uint8_t *x1 = (const uint8_t *)in[1];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        uint8_t v0 = x0[k * st[0]];
        uint8_t v1 = x1[k * st[1]];
        o[k] = (uint8_t)(((uint8_t)(v0 - v1)));
    }
}
static void gir__k_sub_i32__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    int32_t *o = (int32_t *)out;
    const int32_t *x0 = (const int32_t *)in[0];
    const int32_t *x1 = (const int32_t *)in[1];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        int32_t v0 = x0[k * st[0]];
        int32_t v1 = x1[k * st[1]];
        o[k] = (int32_t)(gir__v_sub_i32(v0, v1));
    }
}
static void gir__k_sub_f32__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    const float *x1 = (const float *)in[1];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        float v0 = x0[k * st[0]];
        float v1 = x1[k * st[1]];
        o[k] = (float)((v0 - v1));
    }
}
static void gir__k_sub_f64__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    const double *x1 = (const double *)in[1];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        double v0 = x0[k * st[0]];
        double v1 = x1[k * st[1]];
        o[k] = (double)((v0 - v1));
    }
}
/* generated from ops.def:157 (MUL): (a * b) */
static void gir__k_mul_u8__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    uint8_t *o = (uint8_t *)out;
    const uint8_t *x0 = (const uint8_t *)in[0];
    const uint8_t *x1 = (const uint8_t *)in[1];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        uint8_t v0 = x0[k * st[0]];
        uint8_t v1 = x1[k * st[1]];
        o[k] = (uint8_t)(((uint8_t)(v0 * v1)));
    }
}
static void gir__k_mul_i32__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    int32_t *o = (int32_t *)out;
    const int32_t *x0 = (const int32_t *)in[0];
    const int32_t *x1 = (const int32_t *)in[1];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        int32_t v0 = x0[k * st[0]];
        int32_t v1 = x1[k * st[1]];
        o[k] = (int32_t)(gir__v_mul_i32(v0, v1));
    }
}
static void gir__k_mul_f32__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    const float *x1 = (const float *)in[1];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        float v0 = x0[k * st[0]];
        float v1 = x1[k * st[1]];
        o[k] = (float)((v0 * v1));
    }
}
static void gir__k_mul_f64__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    const double *x1 = (const double *)in[1];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        double v0 = x0[k * st[0]];
        double v1 = x1[k * st[1]];
        o[k] = (double)((v0 * v1));
    }
}
/* generated from ops.def:159 (DIV): (a / b) */
static void gir__k_div_f32__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    const float *x1 = (const float *)in[1];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        float v0 = x0[k * st[0]];
        float v1 = x1[k * st[1]];
        o[k] = (float)((v0 / v1));
    }
}
static void gir__k_div_f64__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    const double *x1 = (const double *)in[1];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        double v0 = x0[k * st[0]];
        double v1 = x1[k * st[1]];
        o[k] = (double)((v0 / v1));
    }
}
/* generated from ops.def:163 (NEG): -a */
static void gir__k_neg_u8__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    uint8_t *o = (uint8_t *)out;
    const uint8_t *x0 = (const uint8_t *)in[0];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        uint8_t v0 = x0[k * st[0]];
        o[k] = (uint8_t)(((uint8_t)-v0));
    }
}
static void gir__k_neg_i32__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    int32_t *o = (int32_t *)out;
    const int32_t *x0 = (const int32_t *)in[0];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        int32_t v0 = x0[k * st[0]];
        o[k] = (int32_t)(gir__v_neg_i32(v0));
    }
}
static void gir__k_neg_f32__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        float v0 = x0[k * st[0]];
        o[k] = (float)((-v0));
    }
}
static void gir__k_neg_f64__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        double v0 = x0[k * st[0]];
        o[k] = (double)((-v0));
    }
}
/* generated from ops.def:165 (POW): pow(a, b) */
static void gir__k_pow_f32__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    const float *x1 = (const float *)in[1];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        float v0 = x0[k * st[0]];
        float v1 = x1[k * st[1]];
        o[k] = (float)(gir__v_pow_f32(v0, v1));
    }
}
static void gir__k_pow_f64__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    const double *x1 = (const double *)in[1];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        double v0 = x0[k * st[0]];
        double v1 = x1[k * st[1]];
        o[k] = (double)(gir__v_pow_f64(v0, v1));
    }
}
/* generated from ops.def:170 (MAXIMUM): max(a, b) */
static void gir__k_maximum_u8__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    uint8_t *o = (uint8_t *)out;
    const uint8_t *x0 = (const uint8_t *)in[0];
    const uint8_t *x1 = (const uint8_t *)in[1];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        uint8_t v0 = x0[k * st[0]];
        uint8_t v1 = x1[k * st[1]];
        o[k] = (uint8_t)(gir__v_max_u8(v0, v1));
    }
}
static void gir__k_maximum_i32__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    int32_t *o = (int32_t *)out;
    const int32_t *x0 = (const int32_t *)in[0];
    const int32_t *x1 = (const int32_t *)in[1];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        int32_t v0 = x0[k * st[0]];
        int32_t v1 = x1[k * st[1]];
        o[k] = (int32_t)(gir__v_max_i32(v0, v1));
    }
}
static void gir__k_maximum_f32__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    const float *x1 = (const float *)in[1];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        float v0 = x0[k * st[0]];
        float v1 = x1[k * st[1]];
        o[k] = (float)(gir__v_max_f32(v0, v1));
    }
}
static void gir__k_maximum_f64__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    const double *x1 = (const double *)in[1];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        double v0 = x0[k * st[0]];
        double v1 = x1[k * st[1]];
        o[k] = (double)(gir__v_max_f64(v0, v1));
    }
}
/* generated from ops.def:174 (MINIMUM): min(a, b) */
static void gir__k_minimum_u8__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    uint8_t *o = (uint8_t *)out;
    const uint8_t *x0 = (const uint8_t *)in[0];
    const uint8_t *x1 = (const uint8_t *)in[1];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        uint8_t v0 = x0[k * st[0]];
        uint8_t v1 = x1[k * st[1]];
        o[k] = (uint8_t)(gir__v_min_u8(v0, v1));
    }
}
static void gir__k_minimum_i32__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    int32_t *o = (int32_t *)out;
    const int32_t *x0 = (const int32_t *)in[0];
    const int32_t *x1 = (const int32_t *)in[1];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        int32_t v0 = x0[k * st[0]];
        int32_t v1 = x1[k * st[1]];
        o[k] = (int32_t)(gir__v_min_i32(v0, v1));
    }
}
static void gir__k_minimum_f32__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    const float *x1 = (const float *)in[1];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        float v0 = x0[k * st[0]];
        float v1 = x1[k * st[1]];
        o[k] = (float)(gir__v_min_f32(v0, v1));
    }
}
static void gir__k_minimum_f64__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    const double *x1 = (const double *)in[1];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        double v0 = x0[k * st[0]];
        double v1 = x1[k * st[1]];
        o[k] = (double)(gir__v_min_f64(v0, v1));
    }
}
/* generated from ops.def:178 (MOD): mod(a, b) */
static void gir__k_mod_u8__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    uint8_t *o = (uint8_t *)out;
    const uint8_t *x0 = (const uint8_t *)in[0];
    const uint8_t *x1 = (const uint8_t *)in[1];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        uint8_t v0 = x0[k * st[0]];
        uint8_t v1 = x1[k * st[1]];
        o[k] = (uint8_t)(gir__v_mod_u8(v0, v1));
    }
}
static void gir__k_mod_i32__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    int32_t *o = (int32_t *)out;
    const int32_t *x0 = (const int32_t *)in[0];
    const int32_t *x1 = (const int32_t *)in[1];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        int32_t v0 = x0[k * st[0]];
        int32_t v1 = x1[k * st[1]];
        o[k] = (int32_t)(gir__v_mod_i32(v0, v1));
    }
}
static void gir__k_mod_f32__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    const float *x1 = (const float *)in[1];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        float v0 = x0[k * st[0]];
        float v1 = x1[k * st[1]];
        o[k] = (float)(gir__v_mod_f32(v0, v1));
    }
}
static void gir__k_mod_f64__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    const double *x1 = (const double *)in[1];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        double v0 = x0[k * st[0]];
        double v1 = x1[k * st[1]];
        o[k] = (double)(gir__v_mod_f64(v0, v1));
    }
}
/* generated from ops.def:185 (FLOORDIV): floordiv(a, b) */
static void gir__k_floordiv_u8__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    uint8_t *o = (uint8_t *)out;
    const uint8_t *x0 = (const uint8_t *)in[0];
    const uint8_t *x1 = (const uint8_t *)in[1];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        uint8_t v0 = x0[k * st[0]];
        uint8_t v1 = x1[k * st[1]];
        o[k] = (uint8_t)(gir__v_floordiv_u8(v0, v1));
    }
}
static void gir__k_floordiv_i32__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    int32_t *o = (int32_t *)out;
    const int32_t *x0 = (const int32_t *)in[0];
    const int32_t *x1 = (const int32_t *)in[1];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        int32_t v0 = x0[k * st[0]];
        int32_t v1 = x1[k * st[1]];
        o[k] = (int32_t)(gir__v_floordiv_i32(v0, v1));
    }
}
static void gir__k_floordiv_f32__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    const float *x1 = (const float *)in[1];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        float v0 = x0[k * st[0]];
        float v1 = x1[k * st[1]];
        o[k] = (float)(gir__v_floordiv_f32(v0, v1));
    }
}
static void gir__k_floordiv_f64__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    const double *x1 = (const double *)in[1];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        double v0 = x0[k * st[0]];
        double v1 = x1[k * st[1]];
        o[k] = (double)(gir__v_floordiv_f64(v0, v1));
    }
}
/* generated from ops.def:197 (ABS): abs(a) */
static void gir__k_abs_u8__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    uint8_t *o = (uint8_t *)out;
    const uint8_t *x0 = (const uint8_t *)in[0];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        uint8_t v0 = x0[k * st[0]];
        o[k] = (uint8_t)(gir__v_abs_u8(v0));
    }
}
static void gir__k_abs_i32__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    int32_t *o = (int32_t *)out;
    const int32_t *x0 = (const int32_t *)in[0];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        int32_t v0 = x0[k * st[0]];
        o[k] = (int32_t)(gir__v_abs_i32(v0));
    }
}
static void gir__k_abs_f32__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        float v0 = x0[k * st[0]];
        o[k] = (float)(gir__v_abs_f32(v0));
    }
}
static void gir__k_abs_f64__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        double v0 = x0[k * st[0]];
        o[k] = (double)(gir__v_abs_f64(v0));
    }
}
/* generated from ops.def:199 (SIGN): sign(a) */
static void gir__k_sign_u8__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    uint8_t *o = (uint8_t *)out;
    const uint8_t *x0 = (const uint8_t *)in[0];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        uint8_t v0 = x0[k * st[0]];
        o[k] = (uint8_t)(gir__v_sign_u8(v0));
    }
}
static void gir__k_sign_i32__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    int32_t *o = (int32_t *)out;
    const int32_t *x0 = (const int32_t *)in[0];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        int32_t v0 = x0[k * st[0]];
        o[k] = (int32_t)(gir__v_sign_i32(v0));
    }
}
static void gir__k_sign_f32__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        float v0 = x0[k * st[0]];
        o[k] = (float)(gir__v_sign_f32(v0));
    }
}
static void gir__k_sign_f64__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        double v0 = x0[k * st[0]];
        o[k] = (double)(gir__v_sign_f64(v0));
    }
}
/* generated from ops.def:201 (SQUARE): (a * a) */
static void gir__k_square_u8__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    uint8_t *o = (uint8_t *)out;
    const uint8_t *x0 = (const uint8_t *)in[0];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        uint8_t v0 = x0[k * st[0]];
        o[k] = (uint8_t)(((uint8_t)(v0 * v0)));
    }
}
static void gir__k_square_i32__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    int32_t *o = (int32_t *)out;
    const int32_t *x0 = (const int32_t *)in[0];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        int32_t v0 = x0[k * st[0]];
        o[k] = (int32_t)(gir__v_mul_i32(v0, v0));
    }
}
static void gir__k_square_f32__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        float v0 = x0[k * st[0]];
        o[k] = (float)((v0 * v0));
    }
}
static void gir__k_square_f64__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        double v0 = x0[k * st[0]];
        o[k] = (double)((v0 * v0));
    }
}
/* generated from ops.def:203 (SQRT): sqrt(a) */
static void gir__k_sqrt_f32__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        float v0 = x0[k * st[0]];
        o[k] = (float)(gir__v_sqrt_f32(v0));
    }
}
static void gir__k_sqrt_f64__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        double v0 = x0[k * st[0]];
        o[k] = (double)(gir__v_sqrt_f64(v0));
    }
}
/* generated from ops.def:205 (RSQRT): (1 / sqrt(a)) */
static void gir__k_rsqrt_f32__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        float v0 = x0[k * st[0]];
        o[k] = (float)((((float)1) / gir__v_sqrt_f32(v0)));
    }
}
static void gir__k_rsqrt_f64__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        double v0 = x0[k * st[0]];
        o[k] = (double)((((double)1) / gir__v_sqrt_f64(v0)));
    }
}
/* generated from ops.def:207 (RECIPROCAL): (1 / a) */
static void gir__k_reciprocal_f32__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        float v0 = x0[k * st[0]];
        o[k] = (float)((((float)1) / v0));
    }
}
static void gir__k_reciprocal_f64__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        double v0 = x0[k * st[0]];
        o[k] = (double)((((double)1) / v0));
    }
}
/* generated from ops.def:209 (EXP): exp(a) */
static void gir__k_exp_f32__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        float v0 = x0[k * st[0]];
        o[k] = (float)(gir__v_exp_f32(v0));
    }
}
static void gir__k_exp_f64__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        double v0 = x0[k * st[0]];
        o[k] = (double)(gir__v_exp_f64(v0));
    }
}
/* generated from ops.def:211 (EXPM1): expm1(a) */
static void gir__k_expm1_f32__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        float v0 = x0[k * st[0]];
        o[k] = (float)(gir__v_expm1_f32(v0));
    }
}
static void gir__k_expm1_f64__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        double v0 = x0[k * st[0]];
        o[k] = (double)(gir__v_expm1_f64(v0));
    }
}
/* generated from ops.def:214 (LOG): log(a) */
static void gir__k_log_f32__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        float v0 = x0[k * st[0]];
        o[k] = (float)(gir__v_log_f32(v0));
    }
}
static void gir__k_log_f64__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        double v0 = x0[k * st[0]];
        o[k] = (double)(gir__v_log_f64(v0));
    }
}
/* generated from ops.def:216 (LOG1P): log1p(a) */
static void gir__k_log1p_f32__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        float v0 = x0[k * st[0]];
        o[k] = (float)(gir__v_log1p_f32(v0));
    }
}
static void gir__k_log1p_f64__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        double v0 = x0[k * st[0]];
        o[k] = (double)(gir__v_log1p_f64(v0));
    }
}
/* generated from ops.def:219 (LOG2): log2(a) */
static void gir__k_log2_f32__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        float v0 = x0[k * st[0]];
        o[k] = (float)(gir__v_log2_f32(v0));
    }
}
static void gir__k_log2_f64__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        double v0 = x0[k * st[0]];
        o[k] = (double)(gir__v_log2_f64(v0));
    }
}
/* generated from ops.def:222 (SIN): sin(a) */
static void gir__k_sin_f32__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        float v0 = x0[k * st[0]];
        o[k] = (float)(gir__v_sin_f32(v0));
    }
}
static void gir__k_sin_f64__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        double v0 = x0[k * st[0]];
        o[k] = (double)(gir__v_sin_f64(v0));
    }
}
/* generated from ops.def:224 (COS): cos(a) */
static void gir__k_cos_f32__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        float v0 = x0[k * st[0]];
        o[k] = (float)(gir__v_cos_f32(v0));
    }
}
static void gir__k_cos_f64__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        double v0 = x0[k * st[0]];
        o[k] = (double)(gir__v_cos_f64(v0));
    }
}
/* generated from ops.def:226 (TAN): tan(a) */
static void gir__k_tan_f32__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        float v0 = x0[k * st[0]];
        o[k] = (float)(gir__v_tan_f32(v0));
    }
}
static void gir__k_tan_f64__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        double v0 = x0[k * st[0]];
        o[k] = (double)(gir__v_tan_f64(v0));
    }
}
/* generated from ops.def:228 (ASIN): asin(a) */
static void gir__k_asin_f32__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        float v0 = x0[k * st[0]];
        o[k] = (float)(gir__v_asin_f32(v0));
    }
}
static void gir__k_asin_f64__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        double v0 = x0[k * st[0]];
        o[k] = (double)(gir__v_asin_f64(v0));
    }
}
/* generated from ops.def:232 (ACOS): acos(a) */
static void gir__k_acos_f32__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        float v0 = x0[k * st[0]];
        o[k] = (float)(gir__v_acos_f32(v0));
    }
}
static void gir__k_acos_f64__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        double v0 = x0[k * st[0]];
        o[k] = (double)(gir__v_acos_f64(v0));
    }
}
/* generated from ops.def:236 (ATAN): atan(a) */
static void gir__k_atan_f32__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        float v0 = x0[k * st[0]];
        o[k] = (float)(gir__v_atan_f32(v0));
    }
}
static void gir__k_atan_f64__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        double v0 = x0[k * st[0]];
        o[k] = (double)(gir__v_atan_f64(v0));
    }
}
/* generated from ops.def:238 (SINH): sinh(a) */
static void gir__k_sinh_f32__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        float v0 = x0[k * st[0]];
        o[k] = (float)(gir__v_sinh_f32(v0));
    }
}
static void gir__k_sinh_f64__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        double v0 = x0[k * st[0]];
        o[k] = (double)(gir__v_sinh_f64(v0));
    }
}
/* generated from ops.def:240 (COSH): cosh(a) */
static void gir__k_cosh_f32__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        float v0 = x0[k * st[0]];
        o[k] = (float)(gir__v_cosh_f32(v0));
    }
}
static void gir__k_cosh_f64__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        double v0 = x0[k * st[0]];
        o[k] = (double)(gir__v_cosh_f64(v0));
    }
}
/* generated from ops.def:242 (TANH): tanh(a) */
static void gir__k_tanh_f32__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        float v0 = x0[k * st[0]];
        o[k] = (float)(gir__v_tanh_f32(v0));
    }
}
static void gir__k_tanh_f64__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        double v0 = x0[k * st[0]];
        o[k] = (double)(gir__v_tanh_f64(v0));
    }
}
/* generated from ops.def:244 (SIGMOID): sigmoid(a) */
static void gir__k_sigmoid_f32__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        float v0 = x0[k * st[0]];
        o[k] = (float)(gir__v_sigmoid_f32(v0));
    }
}
static void gir__k_sigmoid_f64__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        double v0 = x0[k * st[0]];
        o[k] = (double)(gir__v_sigmoid_f64(v0));
    }
}
/* generated from ops.def:246 (SOFTPLUS): (max(a, 0) + log1p(exp(-abs(a)))) */
static void gir__k_softplus_f32__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        float v0 = x0[k * st[0]];
        o[k] = (float)((gir__v_max_f32(v0, ((float)0)) + gir__v_log1p_f32(gir__v_exp_f32((-gir__v_abs_f32(v0))))));
    }
}
static void gir__k_softplus_f64__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        double v0 = x0[k * st[0]];
        o[k] = (double)((gir__v_max_f64(v0, ((double)0)) + gir__v_log1p_f64(gir__v_exp_f64((-gir__v_abs_f64(v0))))));
    }
}
/* generated from ops.def:251 (RELU): max(a, 0) */
static void gir__k_relu_u8__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    uint8_t *o = (uint8_t *)out;
    const uint8_t *x0 = (const uint8_t *)in[0];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        uint8_t v0 = x0[k * st[0]];
        o[k] = (uint8_t)(gir__v_max_u8(v0, ((uint8_t)0)));
    }
}
static void gir__k_relu_i32__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    int32_t *o = (int32_t *)out;
    const int32_t *x0 = (const int32_t *)in[0];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        int32_t v0 = x0[k * st[0]];
        o[k] = (int32_t)(gir__v_max_i32(v0, ((int32_t)0)));
    }
}
static void gir__k_relu_f32__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        float v0 = x0[k * st[0]];
        o[k] = (float)(gir__v_max_f32(v0, ((float)0)));
    }
}
static void gir__k_relu_f64__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        double v0 = x0[k * st[0]];
        o[k] = (double)(gir__v_max_f64(v0, ((double)0)));
    }
}
/* generated from ops.def:253 (LEAKY_RELU): select((a > 0), a, (p0 * a)) */
static void gir__k_leaky_relu_f32__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    int64_t k;
    for (k = 0; k < n; ++k) {
        float v0 = x0[k * st[0]];
        o[k] = (float)(((v0 > ((float)0)) ? v0 : (((float)p[0]) * v0)));
    }
}
static void gir__k_leaky_relu_f64__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    int64_t k;
    for (k = 0; k < n; ++k) {
        double v0 = x0[k * st[0]];
        o[k] = (double)(((v0 > ((double)0)) ? v0 : (((double)p[0]) * v0)));
    }
}
/* generated from ops.def:256 (ELU): select((a > 0), a, (p0 * expm1(a))) */
static void gir__k_elu_f32__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    int64_t k;
    for (k = 0; k < n; ++k) {
        float v0 = x0[k * st[0]];
        o[k] = (float)(((v0 > ((float)0)) ? v0 : (((float)p[0]) * gir__v_expm1_f32(v0))));
    }
}
static void gir__k_elu_f64__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    int64_t k;
    for (k = 0; k < n; ++k) {
        double v0 = x0[k * st[0]];
        o[k] = (double)(((v0 > ((double)0)) ? v0 : (((double)p[0]) * gir__v_expm1_f64(v0))));
    }
}
/* generated from ops.def:260 (GELU): ((0.5 * a) * (1 + erf((a * 0.7071067811865476)))) */
static void gir__k_gelu_f32__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        float v0 = x0[k * st[0]];
        o[k] = (float)(((((float)0.5) * v0) * (((float)1) + gir__v_erf_f32((v0 * ((float)0.7071067811865476))))));
    }
}
static void gir__k_gelu_f64__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        double v0 = x0[k * st[0]];
        o[k] = (double)(((((double)0.5) * v0) * (((double)1) + gir__v_erf_f64((v0 * ((double)0.7071067811865476))))));
    }
}
/* generated from ops.def:266 (SILU): (a * sigmoid(a)) */
static void gir__k_silu_f32__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        float v0 = x0[k * st[0]];
        o[k] = (float)((v0 * gir__v_sigmoid_f32(v0)));
    }
}
static void gir__k_silu_f64__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        double v0 = x0[k * st[0]];
        o[k] = (double)((v0 * gir__v_sigmoid_f64(v0)));
    }
}
/* generated from ops.def:269 (ERF): erf(a) */
static void gir__k_erf_f32__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        float v0 = x0[k * st[0]];
        o[k] = (float)(gir__v_erf_f32(v0));
    }
}
static void gir__k_erf_f64__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        double v0 = x0[k * st[0]];
        o[k] = (double)(gir__v_erf_f64(v0));
    }
}
/* generated from ops.def:272 (FLOOR): floor(a) */
static void gir__k_floor_f32__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        float v0 = x0[k * st[0]];
        o[k] = (float)(gir__v_floor_f32(v0));
    }
}
static void gir__k_floor_f64__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        double v0 = x0[k * st[0]];
        o[k] = (double)(gir__v_floor_f64(v0));
    }
}
/* generated from ops.def:274 (CEIL): ceil(a) */
static void gir__k_ceil_f32__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        float v0 = x0[k * st[0]];
        o[k] = (float)(gir__v_ceil_f32(v0));
    }
}
static void gir__k_ceil_f64__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        double v0 = x0[k * st[0]];
        o[k] = (double)(gir__v_ceil_f64(v0));
    }
}
/* generated from ops.def:276 (ROUND): round(a) */
static void gir__k_round_f32__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        float v0 = x0[k * st[0]];
        o[k] = (float)(gir__v_round_f32(v0));
    }
}
static void gir__k_round_f64__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        double v0 = x0[k * st[0]];
        o[k] = (double)(gir__v_round_f64(v0));
    }
}
/* generated from ops.def:279 (CLAMP): min(max(a, p0), p1) */
static void gir__k_clamp_u8__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    uint8_t *o = (uint8_t *)out;
    const uint8_t *x0 = (const uint8_t *)in[0];
    int64_t k;
    for (k = 0; k < n; ++k) {
        uint8_t v0 = x0[k * st[0]];
        o[k] = (uint8_t)(gir__v_min_u8(gir__v_max_u8(v0, gir__sat_u8(p[0])), gir__sat_u8(p[1])));
    }
}
static void gir__k_clamp_i32__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    int32_t *o = (int32_t *)out;
    const int32_t *x0 = (const int32_t *)in[0];
    int64_t k;
    for (k = 0; k < n; ++k) {
        int32_t v0 = x0[k * st[0]];
        o[k] = (int32_t)(gir__v_min_i32(gir__v_max_i32(v0, gir__sat_i32(p[0])), gir__sat_i32(p[1])));
    }
}
static void gir__k_clamp_f32__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    int64_t k;
    for (k = 0; k < n; ++k) {
        float v0 = x0[k * st[0]];
        o[k] = (float)(gir__v_min_f32(gir__v_max_f32(v0, ((float)p[0])), ((float)p[1])));
    }
}
static void gir__k_clamp_f64__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    int64_t k;
    for (k = 0; k < n; ++k) {
        double v0 = x0[k * st[0]];
        o[k] = (double)(gir__v_min_f64(gir__v_max_f64(v0, ((double)p[0])), ((double)p[1])));
    }
}
/* generated from ops.def:402 (WHERE): select(cond, a, b) */
static void gir__k_where_b8__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    uint8_t *o = (uint8_t *)out;
    const uint8_t *x0 = (const uint8_t *)in[0];
    const uint8_t *x1 = (const uint8_t *)in[1];
    const uint8_t *x2 = (const uint8_t *)in[2];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        uint8_t v0 = x0[k * st[0]];
        uint8_t v1 = x1[k * st[1]];
        uint8_t v2 = x2[k * st[2]];
        o[k] = (uint8_t)((v2 ? v0 : v1));
    }
}
static void gir__k_where_u8__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    uint8_t *o = (uint8_t *)out;
    const uint8_t *x0 = (const uint8_t *)in[0];
    const uint8_t *x1 = (const uint8_t *)in[1];
    const uint8_t *x2 = (const uint8_t *)in[2];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        uint8_t v0 = x0[k * st[0]];
        uint8_t v1 = x1[k * st[1]];
        uint8_t v2 = x2[k * st[2]];
        o[k] = (uint8_t)((v2 ? v0 : v1));
    }
}
static void gir__k_where_i32__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    int32_t *o = (int32_t *)out;
    const int32_t *x0 = (const int32_t *)in[0];
    const int32_t *x1 = (const int32_t *)in[1];
    const uint8_t *x2 = (const uint8_t *)in[2];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        int32_t v0 = x0[k * st[0]];
        int32_t v1 = x1[k * st[1]];
        uint8_t v2 = x2[k * st[2]];
        o[k] = (int32_t)((v2 ? v0 : v1));
    }
}
static void gir__k_where_f32__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    const float *x1 = (const float *)in[1];
    const uint8_t *x2 = (const uint8_t *)in[2];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        float v0 = x0[k * st[0]];
        float v1 = x1[k * st[1]];
        uint8_t v2 = x2[k * st[2]];
        o[k] = (float)((v2 ? v0 : v1));
    }
}
static void gir__k_where_f64__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    const double *x1 = (const double *)in[1];
    const uint8_t *x2 = (const uint8_t *)in[2];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        double v0 = x0[k * st[0]];
        double v1 = x1[k * st[1]];
        uint8_t v2 = x2[k * st[2]];
        o[k] = (double)((v2 ? v0 : v1));
    }
}
/* generated from ops.def:483 (BCE_LOGITS): ((max(x, 0) - (x * t)) + log1p(exp(-abs(x)))) */
static void gir__k_bce_logits_f32__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    const float *x1 = (const float *)in[1];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        float v0 = x0[k * st[0]];
        float v1 = x1[k * st[1]];
        o[k] = (float)(((gir__v_max_f32(v0, ((float)0)) - (v0 * v1)) + gir__v_log1p_f32(gir__v_exp_f32((-gir__v_abs_f32(v0))))));
    }
}
static void gir__k_bce_logits_f64__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    const double *x1 = (const double *)in[1];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        double v0 = x0[k * st[0]];
        double v1 = x1[k * st[1]];
        o[k] = (double)(((gir__v_max_f64(v0, ((double)0)) - (v0 * v1)) + gir__v_log1p_f64(gir__v_exp_f64((-gir__v_abs_f64(v0))))));
    }
}
/* generated from ops.def:553 (FMOD): fmod(a, b) */
static void gir__k_fmod_u8__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    uint8_t *o = (uint8_t *)out;
    const uint8_t *x0 = (const uint8_t *)in[0];
    const uint8_t *x1 = (const uint8_t *)in[1];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        uint8_t v0 = x0[k * st[0]];
        uint8_t v1 = x1[k * st[1]];
        o[k] = (uint8_t)(gir__v_fmod_u8(v0, v1));
    }
}
static void gir__k_fmod_i32__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    int32_t *o = (int32_t *)out;
    const int32_t *x0 = (const int32_t *)in[0];
    const int32_t *x1 = (const int32_t *)in[1];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        int32_t v0 = x0[k * st[0]];
        int32_t v1 = x1[k * st[1]];
        o[k] = (int32_t)(gir__v_fmod_i32(v0, v1));
    }
}
static void gir__k_fmod_f32__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    const float *x1 = (const float *)in[1];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        float v0 = x0[k * st[0]];
        float v1 = x1[k * st[1]];
        o[k] = (float)(gir__v_fmod_f32(v0, v1));
    }
}
static void gir__k_fmod_f64__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    const double *x1 = (const double *)in[1];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        double v0 = x0[k * st[0]];
        double v1 = x1[k * st[1]];
        o[k] = (double)(gir__v_fmod_f64(v0, v1));
    }
}
/* generated from ops.def:560 (GELU_TANH): ((0.5 * a) * (1 + tanh((0.7978845608028654 * (a + (((0.044715 * a) * a) * a)))))) */
static void gir__k_gelu_tanh_f32__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        float v0 = x0[k * st[0]];
        o[k] = (float)(((((float)0.5) * v0) * (((float)1) + gir__v_tanh_f32((((float)0.7978845608028654) * (v0 + (((((float)0.044715) * v0) * v0) * v0)))))));
    }
}
static void gir__k_gelu_tanh_f64__scalar(int64_t n, void *out, const void *const *in, const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    int64_t k;
    (void)p;
    for (k = 0; k < n; ++k) {
        double v0 = x0[k * st[0]];
        o[k] = (double)(((((double)0.5) * v0) * (((double)1) + gir__v_tanh_f64((((double)0.7978845608028654) * (v0 + (((((double)0.044715) * v0) * v0) * v0)))))));
    }
}
static const gir__ew_fn gir__ew_table[GIR_OP__COUNT][GIR__DTYPE_SLOTS] = {
    {0, 0, 0, 0, 0, 0},
    {0, 0, 0, 0, 0, 0}, /* INPUT */
    {0, 0, 0, 0, 0, 0}, /* VARIABLE */
    {0, 0, 0, 0, 0, 0}, /* CONSTANT */
    {0, 0, 0, 0, 0, 0}, /* FILL */
    {0, 0, 0, 0, 0, 0}, /* EYE */
    {0, 0, 0, 0, 0, 0}, /* ARANGE */
    {0, 0, 0, 0, 0, 0}, /* RAND_UNIFORM */
    {0, 0, 0, 0, 0, 0}, /* RAND_NORMAL */
    {0, gir__k_not_b8__scalar, 0, 0, 0, 0},
    {0, gir__k_and_b8__scalar, 0, 0, 0, 0},
    {0, gir__k_or_b8__scalar, 0, 0, 0, 0},
    {0, gir__k_xor_b8__scalar, 0, 0, 0, 0},
    {0, gir__k_gt_b8__scalar, gir__k_gt_u8__scalar, gir__k_gt_i32__scalar, gir__k_gt_f32__scalar, gir__k_gt_f64__scalar},
    {0, gir__k_ge_b8__scalar, gir__k_ge_u8__scalar, gir__k_ge_i32__scalar, gir__k_ge_f32__scalar, gir__k_ge_f64__scalar},
    {0, gir__k_lt_b8__scalar, gir__k_lt_u8__scalar, gir__k_lt_i32__scalar, gir__k_lt_f32__scalar, gir__k_lt_f64__scalar},
    {0, gir__k_le_b8__scalar, gir__k_le_u8__scalar, gir__k_le_i32__scalar, gir__k_le_f32__scalar, gir__k_le_f64__scalar},
    {0, gir__k_eq_b8__scalar, gir__k_eq_u8__scalar, gir__k_eq_i32__scalar, gir__k_eq_f32__scalar, gir__k_eq_f64__scalar},
    {0, gir__k_ne_b8__scalar, gir__k_ne_u8__scalar, gir__k_ne_i32__scalar, gir__k_ne_f32__scalar, gir__k_ne_f64__scalar},
    {0, 0, gir__k_approx_eq_u8__scalar, gir__k_approx_eq_i32__scalar, gir__k_approx_eq_f32__scalar, gir__k_approx_eq_f64__scalar},
    {0, 0, 0, 0, gir__k_isnan_f32__scalar, gir__k_isnan_f64__scalar},
    {0, 0, 0, 0, gir__k_isinf_f32__scalar, gir__k_isinf_f64__scalar},
    {0, 0, 0, 0, gir__k_isfinite_f32__scalar, gir__k_isfinite_f64__scalar},
    {0, 0, gir__k_add_u8__scalar, gir__k_add_i32__scalar, gir__k_add_f32__scalar, gir__k_add_f64__scalar},
    {0, 0, gir__k_sub_u8__scalar, gir__k_sub_i32__scalar, gir__k_sub_f32__scalar, gir__k_sub_f64__scalar},
    {0, 0, gir__k_mul_u8__scalar, gir__k_mul_i32__scalar, gir__k_mul_f32__scalar, gir__k_mul_f64__scalar},
    {0, 0, 0, 0, gir__k_div_f32__scalar, gir__k_div_f64__scalar},
    {0, 0, gir__k_neg_u8__scalar, gir__k_neg_i32__scalar, gir__k_neg_f32__scalar, gir__k_neg_f64__scalar},
    {0, 0, 0, 0, gir__k_pow_f32__scalar, gir__k_pow_f64__scalar},
    {0, 0, gir__k_maximum_u8__scalar, gir__k_maximum_i32__scalar, gir__k_maximum_f32__scalar, gir__k_maximum_f64__scalar},
    {0, 0, gir__k_minimum_u8__scalar, gir__k_minimum_i32__scalar, gir__k_minimum_f32__scalar, gir__k_minimum_f64__scalar},
    {0, 0, gir__k_mod_u8__scalar, gir__k_mod_i32__scalar, gir__k_mod_f32__scalar, gir__k_mod_f64__scalar},
    {0, 0, gir__k_floordiv_u8__scalar, gir__k_floordiv_i32__scalar, gir__k_floordiv_f32__scalar, gir__k_floordiv_f64__scalar},
    {0, 0, 0, 0, 0, 0}, /* ADD_N */
    {0, 0, gir__k_abs_u8__scalar, gir__k_abs_i32__scalar, gir__k_abs_f32__scalar, gir__k_abs_f64__scalar},
    {0, 0, gir__k_sign_u8__scalar, gir__k_sign_i32__scalar, gir__k_sign_f32__scalar, gir__k_sign_f64__scalar},
    {0, 0, gir__k_square_u8__scalar, gir__k_square_i32__scalar, gir__k_square_f32__scalar, gir__k_square_f64__scalar},
    {0, 0, 0, 0, gir__k_sqrt_f32__scalar, gir__k_sqrt_f64__scalar},
    {0, 0, 0, 0, gir__k_rsqrt_f32__scalar, gir__k_rsqrt_f64__scalar},
    {0, 0, 0, 0, gir__k_reciprocal_f32__scalar, gir__k_reciprocal_f64__scalar},
    {0, 0, 0, 0, gir__k_exp_f32__scalar, gir__k_exp_f64__scalar},
    {0, 0, 0, 0, gir__k_expm1_f32__scalar, gir__k_expm1_f64__scalar},
    {0, 0, 0, 0, gir__k_log_f32__scalar, gir__k_log_f64__scalar},
    {0, 0, 0, 0, gir__k_log1p_f32__scalar, gir__k_log1p_f64__scalar},
    {0, 0, 0, 0, gir__k_log2_f32__scalar, gir__k_log2_f64__scalar},
    {0, 0, 0, 0, gir__k_sin_f32__scalar, gir__k_sin_f64__scalar},
    {0, 0, 0, 0, gir__k_cos_f32__scalar, gir__k_cos_f64__scalar},
    {0, 0, 0, 0, gir__k_tan_f32__scalar, gir__k_tan_f64__scalar},
    {0, 0, 0, 0, gir__k_asin_f32__scalar, gir__k_asin_f64__scalar},
    {0, 0, 0, 0, gir__k_acos_f32__scalar, gir__k_acos_f64__scalar},
    {0, 0, 0, 0, gir__k_atan_f32__scalar, gir__k_atan_f64__scalar},
    {0, 0, 0, 0, gir__k_sinh_f32__scalar, gir__k_sinh_f64__scalar},
    {0, 0, 0, 0, gir__k_cosh_f32__scalar, gir__k_cosh_f64__scalar},
    {0, 0, 0, 0, gir__k_tanh_f32__scalar, gir__k_tanh_f64__scalar},
    {0, 0, 0, 0, gir__k_sigmoid_f32__scalar, gir__k_sigmoid_f64__scalar},
    {0, 0, 0, 0, gir__k_softplus_f32__scalar, gir__k_softplus_f64__scalar},
    {0, 0, gir__k_relu_u8__scalar, gir__k_relu_i32__scalar, gir__k_relu_f32__scalar, gir__k_relu_f64__scalar},
    {0, 0, 0, 0, gir__k_leaky_relu_f32__scalar, gir__k_leaky_relu_f64__scalar},
    {0, 0, 0, 0, gir__k_elu_f32__scalar, gir__k_elu_f64__scalar},
    {0, 0, 0, 0, gir__k_gelu_f32__scalar, gir__k_gelu_f64__scalar},
    {0, 0, 0, 0, gir__k_silu_f32__scalar, gir__k_silu_f64__scalar},
    {0, 0, 0, 0, gir__k_erf_f32__scalar, gir__k_erf_f64__scalar},
    {0, 0, 0, 0, gir__k_floor_f32__scalar, gir__k_floor_f64__scalar},
    {0, 0, 0, 0, gir__k_ceil_f32__scalar, gir__k_ceil_f64__scalar},
    {0, 0, 0, 0, gir__k_round_f32__scalar, gir__k_round_f64__scalar},
    {0, 0, gir__k_clamp_u8__scalar, gir__k_clamp_i32__scalar, gir__k_clamp_f32__scalar, gir__k_clamp_f64__scalar},
    {0, 0, 0, 0, 0, 0}, /* SUM */
    {0, 0, 0, 0, 0, 0}, /* MEAN */
    {0, 0, 0, 0, 0, 0}, /* PROD */
    {0, 0, 0, 0, 0, 0}, /* MAX */
    {0, 0, 0, 0, 0, 0}, /* MIN */
    {0, 0, 0, 0, 0, 0}, /* VAR */
    {0, 0, 0, 0, 0, 0}, /* LOGSUMEXP */
    {0, 0, 0, 0, 0, 0}, /* ARGMAX */
    {0, 0, 0, 0, 0, 0}, /* ARGMIN */
    {0, 0, 0, 0, 0, 0}, /* ALL */
    {0, 0, 0, 0, 0, 0}, /* ANY */
    {0, 0, 0, 0, 0, 0}, /* RESHAPE */
    {0, 0, 0, 0, 0, 0}, /* TRANSPOSE */
    {0, 0, 0, 0, 0, 0}, /* BROADCAST_TO */
    {0, 0, 0, 0, 0, 0}, /* SLICE */
    {0, 0, 0, 0, 0, 0}, /* UNSLICE */
    {0, 0, 0, 0, 0, 0}, /* CONCAT */
    {0, 0, 0, 0, 0, 0}, /* FLIP */
    {0, 0, 0, 0, 0, 0}, /* PAD */
    {0, 0, 0, 0, 0, 0}, /* INDEX_SELECT */
    {0, 0, 0, 0, 0, 0}, /* INDEX_ADD */
    {0, 0, 0, 0, 0, 0}, /* ONE_HOT */
    {0, gir__k_where_b8__scalar, gir__k_where_u8__scalar, gir__k_where_i32__scalar, gir__k_where_f32__scalar, gir__k_where_f64__scalar},
    {0, 0, 0, 0, 0, 0}, /* DIAG */
    {0, 0, 0, 0, 0, 0}, /* DIAGONAL */
    {0, 0, 0, 0, 0, 0}, /* TRIU */
    {0, 0, 0, 0, 0, 0}, /* TRIL */
    {0, 0, 0, 0, 0, 0}, /* CAST */
    {0, 0, 0, 0, 0, 0}, /* STOP_GRADIENT */
    {0, 0, 0, 0, 0, 0}, /* MATMUL */
    {0, 0, 0, 0, 0, 0}, /* DOT */
    {0, 0, 0, 0, 0, 0}, /* OUTER */
    {0, 0, 0, 0, 0, 0}, /* TRACE */
    {0, 0, 0, 0, 0, 0}, /* INVERSE */
    {0, 0, 0, 0, 0, 0}, /* DET */
    {0, 0, 0, 0, 0, 0}, /* LOGDET */
    {0, 0, 0, 0, 0, 0}, /* CHOLESKY */
    {0, 0, 0, 0, 0, 0}, /* TRISOLVE */
    {0, 0, 0, 0, 0, 0}, /* SOFTMAX */
    {0, 0, 0, 0, 0, 0}, /* LOG_SOFTMAX */
    {0, 0, 0, 0, 0, 0}, /* XENT_LOGITS */
    {0, 0, 0, 0, 0, 0}, /* XENT_LOGITS_PROB */
    {0, 0, 0, 0, gir__k_bce_logits_f32__scalar, gir__k_bce_logits_f64__scalar},
    {0, 0, 0, 0, 0, 0}, /* MSE */
    {0, 0, 0, 0, 0, 0}, /* CONV2D */
    {0, 0, 0, 0, 0, 0}, /* CONV2D_BWD_DATA */
    {0, 0, 0, 0, 0, 0}, /* CONV2D_BWD_FILTER */
    {0, 0, 0, 0, 0, 0}, /* MAX_POOL2D */
    {0, 0, 0, 0, 0, 0}, /* MAX_POOL2D_BWD */
    {0, 0, 0, 0, 0, 0}, /* AVG_POOL2D */
    {0, 0, 0, 0, 0, 0}, /* AVG_POOL2D_BWD */
    {0, 0, 0, 0, 0, 0}, /* DROPOUT */
    {0, 0, 0, 0, 0, 0}, /* GATHER */
    {0, 0, 0, 0, 0, 0}, /* SCATTER_ADD */
    {0, 0, gir__k_fmod_u8__scalar, gir__k_fmod_i32__scalar, gir__k_fmod_f32__scalar, gir__k_fmod_f64__scalar},
    {0, 0, 0, 0, gir__k_gelu_tanh_f32__scalar, gir__k_gelu_tanh_f64__scalar},
};
#if defined(GIR__HAVE_AVX512)
/* generated from ops.def: avx512 kernels (float rows; integer, bool and compare rows stay scalar) */
GIR__TARGET_AVX512 static void gir__k_add_f32__avx512(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    const float *x1 = (const float *)in[1];
    gir__avx512_vf32 v0, v1, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx512_set1_f32(x0[0]);
    v1 = gir__avx512_set1_f32(x1[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX512_F32) {
        int t = n - k < GIR__LANES_AVX512_F32 ? (int)(n - k) : GIR__LANES_AVX512_F32;
        if (st[0]) v0 = t == GIR__LANES_AVX512_F32 ? gir__avx512_load_f32(x0 + k) : gir__avx512_loadn_f32(x0 + k, t);
        if (st[1]) v1 = t == GIR__LANES_AVX512_F32 ? gir__avx512_load_f32(x1 + k) : gir__avx512_loadn_f32(x1 + k, t);
        r = gir__avx512_add_f32(v0, v1);
        if (t == GIR__LANES_AVX512_F32) gir__avx512_store_f32(o + k, r); else gir__avx512_storen_f32(o + k, t, r);
    }
}
GIR__TARGET_AVX512 static void gir__k_add_f64__avx512(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    const double *x1 = (const double *)in[1];
    gir__avx512_vf64 v0, v1, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx512_set1_f64(x0[0]);
    v1 = gir__avx512_set1_f64(x1[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX512_F64) {
        int t = n - k < GIR__LANES_AVX512_F64 ? (int)(n - k) : GIR__LANES_AVX512_F64;
        if (st[0]) v0 = t == GIR__LANES_AVX512_F64 ? gir__avx512_load_f64(x0 + k) : gir__avx512_loadn_f64(x0 + k, t);
        if (st[1]) v1 = t == GIR__LANES_AVX512_F64 ? gir__avx512_load_f64(x1 + k) : gir__avx512_loadn_f64(x1 + k, t);
        r = gir__avx512_add_f64(v0, v1);
        if (t == GIR__LANES_AVX512_F64) gir__avx512_store_f64(o + k, r); else gir__avx512_storen_f64(o + k, t, r);
    }
}
GIR__TARGET_AVX512 static void gir__k_sub_f32__avx512(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    const float *x1 = (const float *)in[1];
    gir__avx512_vf32 v0, v1, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx512_set1_f32(x0[0]);
    v1 = gir__avx512_set1_f32(x1[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX512_F32) {
        int t = n - k < GIR__LANES_AVX512_F32 ? (int)(n - k) : GIR__LANES_AVX512_F32;
        if (st[0]) v0 = t == GIR__LANES_AVX512_F32 ? gir__avx512_load_f32(x0 + k) : gir__avx512_loadn_f32(x0 + k, t);
        if (st[1]) v1 = t == GIR__LANES_AVX512_F32 ? gir__avx512_load_f32(x1 + k) : gir__avx512_loadn_f32(x1 + k, t);
        r = gir__avx512_sub_f32(v0, v1);
        if (t == GIR__LANES_AVX512_F32) gir__avx512_store_f32(o + k, r); else gir__avx512_storen_f32(o + k, t, r);
    }
}
GIR__TARGET_AVX512 static void gir__k_sub_f64__avx512(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    const double *x1 = (const double *)in[1];
    gir__avx512_vf64 v0, v1, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx512_set1_f64(x0[0]);
    v1 = gir__avx512_set1_f64(x1[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX512_F64) {
        int t = n - k < GIR__LANES_AVX512_F64 ? (int)(n - k) : GIR__LANES_AVX512_F64;
        if (st[0]) v0 = t == GIR__LANES_AVX512_F64 ? gir__avx512_load_f64(x0 + k) : gir__avx512_loadn_f64(x0 + k, t);
        if (st[1]) v1 = t == GIR__LANES_AVX512_F64 ? gir__avx512_load_f64(x1 + k) : gir__avx512_loadn_f64(x1 + k, t);
        r = gir__avx512_sub_f64(v0, v1);
        if (t == GIR__LANES_AVX512_F64) gir__avx512_store_f64(o + k, r); else gir__avx512_storen_f64(o + k, t, r);
    }
}
GIR__TARGET_AVX512 static void gir__k_mul_f32__avx512(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    const float *x1 = (const float *)in[1];
    gir__avx512_vf32 v0, v1, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx512_set1_f32(x0[0]);
    v1 = gir__avx512_set1_f32(x1[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX512_F32) {
        int t = n - k < GIR__LANES_AVX512_F32 ? (int)(n - k) : GIR__LANES_AVX512_F32;
        if (st[0]) v0 = t == GIR__LANES_AVX512_F32 ? gir__avx512_load_f32(x0 + k) : gir__avx512_loadn_f32(x0 + k, t);
        if (st[1]) v1 = t == GIR__LANES_AVX512_F32 ? gir__avx512_load_f32(x1 + k) : gir__avx512_loadn_f32(x1 + k, t);
        r = gir__avx512_mul_f32(v0, v1);
        if (t == GIR__LANES_AVX512_F32) gir__avx512_store_f32(o + k, r); else gir__avx512_storen_f32(o + k, t, r);
    }
}
GIR__TARGET_AVX512 static void gir__k_mul_f64__avx512(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    const double *x1 = (const double *)in[1];
    gir__avx512_vf64 v0, v1, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx512_set1_f64(x0[0]);
    v1 = gir__avx512_set1_f64(x1[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX512_F64) {
        int t = n - k < GIR__LANES_AVX512_F64 ? (int)(n - k) : GIR__LANES_AVX512_F64;
        if (st[0]) v0 = t == GIR__LANES_AVX512_F64 ? gir__avx512_load_f64(x0 + k) : gir__avx512_loadn_f64(x0 + k, t);
        if (st[1]) v1 = t == GIR__LANES_AVX512_F64 ? gir__avx512_load_f64(x1 + k) : gir__avx512_loadn_f64(x1 + k, t);
        r = gir__avx512_mul_f64(v0, v1);
        if (t == GIR__LANES_AVX512_F64) gir__avx512_store_f64(o + k, r); else gir__avx512_storen_f64(o + k, t, r);
    }
}
GIR__TARGET_AVX512 static void gir__k_div_f32__avx512(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    const float *x1 = (const float *)in[1];
    gir__avx512_vf32 v0, v1, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx512_set1_f32(x0[0]);
    v1 = gir__avx512_set1_f32(x1[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX512_F32) {
        int t = n - k < GIR__LANES_AVX512_F32 ? (int)(n - k) : GIR__LANES_AVX512_F32;
        if (st[0]) v0 = t == GIR__LANES_AVX512_F32 ? gir__avx512_load_f32(x0 + k) : gir__avx512_loadn_f32(x0 + k, t);
        if (st[1]) v1 = t == GIR__LANES_AVX512_F32 ? gir__avx512_load_f32(x1 + k) : gir__avx512_loadn_f32(x1 + k, t);
        r = gir__avx512_div_f32(v0, v1);
        if (t == GIR__LANES_AVX512_F32) gir__avx512_store_f32(o + k, r); else gir__avx512_storen_f32(o + k, t, r);
    }
}
GIR__TARGET_AVX512 static void gir__k_div_f64__avx512(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    const double *x1 = (const double *)in[1];
    gir__avx512_vf64 v0, v1, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx512_set1_f64(x0[0]);
    v1 = gir__avx512_set1_f64(x1[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX512_F64) {
        int t = n - k < GIR__LANES_AVX512_F64 ? (int)(n - k) : GIR__LANES_AVX512_F64;
        if (st[0]) v0 = t == GIR__LANES_AVX512_F64 ? gir__avx512_load_f64(x0 + k) : gir__avx512_loadn_f64(x0 + k, t);
        if (st[1]) v1 = t == GIR__LANES_AVX512_F64 ? gir__avx512_load_f64(x1 + k) : gir__avx512_loadn_f64(x1 + k, t);
        r = gir__avx512_div_f64(v0, v1);
        if (t == GIR__LANES_AVX512_F64) gir__avx512_store_f64(o + k, r); else gir__avx512_storen_f64(o + k, t, r);
    }
}
GIR__TARGET_AVX512 static void gir__k_neg_f32__avx512(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    gir__avx512_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx512_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX512_F32) {
        int t = n - k < GIR__LANES_AVX512_F32 ? (int)(n - k) : GIR__LANES_AVX512_F32;
        if (st[0]) v0 = t == GIR__LANES_AVX512_F32 ? gir__avx512_load_f32(x0 + k) : gir__avx512_loadn_f32(x0 + k, t);
        r = gir__avx512_neg_f32(v0);
        if (t == GIR__LANES_AVX512_F32) gir__avx512_store_f32(o + k, r); else gir__avx512_storen_f32(o + k, t, r);
    }
}
GIR__TARGET_AVX512 static void gir__k_neg_f64__avx512(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    gir__avx512_vf64 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx512_set1_f64(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX512_F64) {
        int t = n - k < GIR__LANES_AVX512_F64 ? (int)(n - k) : GIR__LANES_AVX512_F64;
        if (st[0]) v0 = t == GIR__LANES_AVX512_F64 ? gir__avx512_load_f64(x0 + k) : gir__avx512_loadn_f64(x0 + k, t);
        r = gir__avx512_neg_f64(v0);
        if (t == GIR__LANES_AVX512_F64) gir__avx512_store_f64(o + k, r); else gir__avx512_storen_f64(o + k, t, r);
    }
}
GIR__TARGET_AVX512 static void gir__k_pow_f32__avx512(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    const float *x1 = (const float *)in[1];
    gir__avx512_vf32 v0, v1, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx512_set1_f32(x0[0]);
    v1 = gir__avx512_set1_f32(x1[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX512_F32) {
        int t = n - k < GIR__LANES_AVX512_F32 ? (int)(n - k) : GIR__LANES_AVX512_F32;
        if (st[0]) v0 = t == GIR__LANES_AVX512_F32 ? gir__avx512_load_f32(x0 + k) : gir__avx512_loadn_f32(x0 + k, t);
        if (st[1]) v1 = t == GIR__LANES_AVX512_F32 ? gir__avx512_load_f32(x1 + k) : gir__avx512_loadn_f32(x1 + k, t);
        r = gir__avx512_map2_f32(gir__v_pow_f32, v0, v1);
        if (t == GIR__LANES_AVX512_F32) gir__avx512_store_f32(o + k, r); else gir__avx512_storen_f32(o + k, t, r);
    }
}
GIR__TARGET_AVX512 static void gir__k_pow_f64__avx512(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    const double *x1 = (const double *)in[1];
    gir__avx512_vf64 v0, v1, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx512_set1_f64(x0[0]);
    v1 = gir__avx512_set1_f64(x1[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX512_F64) {
        int t = n - k < GIR__LANES_AVX512_F64 ? (int)(n - k) : GIR__LANES_AVX512_F64;
        if (st[0]) v0 = t == GIR__LANES_AVX512_F64 ? gir__avx512_load_f64(x0 + k) : gir__avx512_loadn_f64(x0 + k, t);
        if (st[1]) v1 = t == GIR__LANES_AVX512_F64 ? gir__avx512_load_f64(x1 + k) : gir__avx512_loadn_f64(x1 + k, t);
        r = gir__avx512_map2_f64(gir__v_pow_f64, v0, v1);
        if (t == GIR__LANES_AVX512_F64) gir__avx512_store_f64(o + k, r); else gir__avx512_storen_f64(o + k, t, r);
    }
}
GIR__TARGET_AVX512 static void gir__k_maximum_f32__avx512(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    const float *x1 = (const float *)in[1];
    gir__avx512_vf32 v0, v1, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx512_set1_f32(x0[0]);
    v1 = gir__avx512_set1_f32(x1[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX512_F32) {
        int t = n - k < GIR__LANES_AVX512_F32 ? (int)(n - k) : GIR__LANES_AVX512_F32;
        if (st[0]) v0 = t == GIR__LANES_AVX512_F32 ? gir__avx512_load_f32(x0 + k) : gir__avx512_loadn_f32(x0 + k, t);
        if (st[1]) v1 = t == GIR__LANES_AVX512_F32 ? gir__avx512_load_f32(x1 + k) : gir__avx512_loadn_f32(x1 + k, t);
        r = gir__avx512_max_f32(v0, v1);
        if (t == GIR__LANES_AVX512_F32) gir__avx512_store_f32(o + k, r); else gir__avx512_storen_f32(o + k, t, r);
    }
}
GIR__TARGET_AVX512 static void gir__k_maximum_f64__avx512(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    const double *x1 = (const double *)in[1];
    gir__avx512_vf64 v0, v1, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx512_set1_f64(x0[0]);
    v1 = gir__avx512_set1_f64(x1[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX512_F64) {
        int t = n - k < GIR__LANES_AVX512_F64 ? (int)(n - k) : GIR__LANES_AVX512_F64;
        if (st[0]) v0 = t == GIR__LANES_AVX512_F64 ? gir__avx512_load_f64(x0 + k) : gir__avx512_loadn_f64(x0 + k, t);
        if (st[1]) v1 = t == GIR__LANES_AVX512_F64 ? gir__avx512_load_f64(x1 + k) : gir__avx512_loadn_f64(x1 + k, t);
        r = gir__avx512_max_f64(v0, v1);
        if (t == GIR__LANES_AVX512_F64) gir__avx512_store_f64(o + k, r); else gir__avx512_storen_f64(o + k, t, r);
    }
}
GIR__TARGET_AVX512 static void gir__k_minimum_f32__avx512(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    const float *x1 = (const float *)in[1];
    gir__avx512_vf32 v0, v1, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx512_set1_f32(x0[0]);
    v1 = gir__avx512_set1_f32(x1[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX512_F32) {
        int t = n - k < GIR__LANES_AVX512_F32 ? (int)(n - k) : GIR__LANES_AVX512_F32;
        if (st[0]) v0 = t == GIR__LANES_AVX512_F32 ? gir__avx512_load_f32(x0 + k) : gir__avx512_loadn_f32(x0 + k, t);
        if (st[1]) v1 = t == GIR__LANES_AVX512_F32 ? gir__avx512_load_f32(x1 + k) : gir__avx512_loadn_f32(x1 + k, t);
        r = gir__avx512_min_f32(v0, v1);
        if (t == GIR__LANES_AVX512_F32) gir__avx512_store_f32(o + k, r); else gir__avx512_storen_f32(o + k, t, r);
    }
}
GIR__TARGET_AVX512 static void gir__k_minimum_f64__avx512(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    const double *x1 = (const double *)in[1];
    gir__avx512_vf64 v0, v1, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx512_set1_f64(x0[0]);
    v1 = gir__avx512_set1_f64(x1[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX512_F64) {
        int t = n - k < GIR__LANES_AVX512_F64 ? (int)(n - k) : GIR__LANES_AVX512_F64;
        if (st[0]) v0 = t == GIR__LANES_AVX512_F64 ? gir__avx512_load_f64(x0 + k) : gir__avx512_loadn_f64(x0 + k, t);
        if (st[1]) v1 = t == GIR__LANES_AVX512_F64 ? gir__avx512_load_f64(x1 + k) : gir__avx512_loadn_f64(x1 + k, t);
        r = gir__avx512_min_f64(v0, v1);
        if (t == GIR__LANES_AVX512_F64) gir__avx512_store_f64(o + k, r); else gir__avx512_storen_f64(o + k, t, r);
    }
}
GIR__TARGET_AVX512 static void gir__k_mod_f32__avx512(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    const float *x1 = (const float *)in[1];
    gir__avx512_vf32 v0, v1, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx512_set1_f32(x0[0]);
    v1 = gir__avx512_set1_f32(x1[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX512_F32) {
        int t = n - k < GIR__LANES_AVX512_F32 ? (int)(n - k) : GIR__LANES_AVX512_F32;
        if (st[0]) v0 = t == GIR__LANES_AVX512_F32 ? gir__avx512_load_f32(x0 + k) : gir__avx512_loadn_f32(x0 + k, t);
        if (st[1]) v1 = t == GIR__LANES_AVX512_F32 ? gir__avx512_load_f32(x1 + k) : gir__avx512_loadn_f32(x1 + k, t);
        r = gir__avx512_map2_f32(gir__v_mod_f32, v0, v1);
        if (t == GIR__LANES_AVX512_F32) gir__avx512_store_f32(o + k, r); else gir__avx512_storen_f32(o + k, t, r);
    }
}
GIR__TARGET_AVX512 static void gir__k_mod_f64__avx512(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    const double *x1 = (const double *)in[1];
    gir__avx512_vf64 v0, v1, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx512_set1_f64(x0[0]);
    v1 = gir__avx512_set1_f64(x1[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX512_F64) {
        int t = n - k < GIR__LANES_AVX512_F64 ? (int)(n - k) : GIR__LANES_AVX512_F64;
        if (st[0]) v0 = t == GIR__LANES_AVX512_F64 ? gir__avx512_load_f64(x0 + k) : gir__avx512_loadn_f64(x0 + k, t);
        if (st[1]) v1 = t == GIR__LANES_AVX512_F64 ? gir__avx512_load_f64(x1 + k) : gir__avx512_loadn_f64(x1 + k, t);
        r = gir__avx512_map2_f64(gir__v_mod_f64, v0, v1);
        if (t == GIR__LANES_AVX512_F64) gir__avx512_store_f64(o + k, r); else gir__avx512_storen_f64(o + k, t, r);
    }
}
GIR__TARGET_AVX512 static void gir__k_floordiv_f32__avx512(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    const float *x1 = (const float *)in[1];
    gir__avx512_vf32 v0, v1, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx512_set1_f32(x0[0]);
    v1 = gir__avx512_set1_f32(x1[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX512_F32) {
        int t = n - k < GIR__LANES_AVX512_F32 ? (int)(n - k) : GIR__LANES_AVX512_F32;
        if (st[0]) v0 = t == GIR__LANES_AVX512_F32 ? gir__avx512_load_f32(x0 + k) : gir__avx512_loadn_f32(x0 + k, t);
        if (st[1]) v1 = t == GIR__LANES_AVX512_F32 ? gir__avx512_load_f32(x1 + k) : gir__avx512_loadn_f32(x1 + k, t);
        r = gir__avx512_map2_f32(gir__v_floordiv_f32, v0, v1);
        if (t == GIR__LANES_AVX512_F32) gir__avx512_store_f32(o + k, r); else gir__avx512_storen_f32(o + k, t, r);
    }
}
GIR__TARGET_AVX512 static void gir__k_floordiv_f64__avx512(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    const double *x1 = (const double *)in[1];
    gir__avx512_vf64 v0, v1, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx512_set1_f64(x0[0]);
    v1 = gir__avx512_set1_f64(x1[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX512_F64) {
        int t = n - k < GIR__LANES_AVX512_F64 ? (int)(n - k) : GIR__LANES_AVX512_F64;
        if (st[0]) v0 = t == GIR__LANES_AVX512_F64 ? gir__avx512_load_f64(x0 + k) : gir__avx512_loadn_f64(x0 + k, t);
        if (st[1]) v1 = t == GIR__LANES_AVX512_F64 ? gir__avx512_load_f64(x1 + k) : gir__avx512_loadn_f64(x1 + k, t);
        r = gir__avx512_map2_f64(gir__v_floordiv_f64, v0, v1);
        if (t == GIR__LANES_AVX512_F64) gir__avx512_store_f64(o + k, r); else gir__avx512_storen_f64(o + k, t, r);
    }
}
GIR__TARGET_AVX512 static void gir__k_abs_f32__avx512(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    gir__avx512_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx512_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX512_F32) {
        int t = n - k < GIR__LANES_AVX512_F32 ? (int)(n - k) : GIR__LANES_AVX512_F32;
        if (st[0]) v0 = t == GIR__LANES_AVX512_F32 ? gir__avx512_load_f32(x0 + k) : gir__avx512_loadn_f32(x0 + k, t);
        r = gir__avx512_abs_f32(v0);
        if (t == GIR__LANES_AVX512_F32) gir__avx512_store_f32(o + k, r); else gir__avx512_storen_f32(o + k, t, r);
    }
}
GIR__TARGET_AVX512 static void gir__k_abs_f64__avx512(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    gir__avx512_vf64 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx512_set1_f64(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX512_F64) {
        int t = n - k < GIR__LANES_AVX512_F64 ? (int)(n - k) : GIR__LANES_AVX512_F64;
        if (st[0]) v0 = t == GIR__LANES_AVX512_F64 ? gir__avx512_load_f64(x0 + k) : gir__avx512_loadn_f64(x0 + k, t);
        r = gir__avx512_abs_f64(v0);
        if (t == GIR__LANES_AVX512_F64) gir__avx512_store_f64(o + k, r); else gir__avx512_storen_f64(o + k, t, r);
    }
}
GIR__TARGET_AVX512 static void gir__k_sign_f32__avx512(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    gir__avx512_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx512_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX512_F32) {
        int t = n - k < GIR__LANES_AVX512_F32 ? (int)(n - k) : GIR__LANES_AVX512_F32;
        if (st[0]) v0 = t == GIR__LANES_AVX512_F32 ? gir__avx512_load_f32(x0 + k) : gir__avx512_loadn_f32(x0 + k, t);
        r = gir__avx512_sign_f32(v0);
        if (t == GIR__LANES_AVX512_F32) gir__avx512_store_f32(o + k, r); else gir__avx512_storen_f32(o + k, t, r);
    }
}
GIR__TARGET_AVX512 static void gir__k_sign_f64__avx512(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    gir__avx512_vf64 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx512_set1_f64(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX512_F64) {
        int t = n - k < GIR__LANES_AVX512_F64 ? (int)(n - k) : GIR__LANES_AVX512_F64;
        if (st[0]) v0 = t == GIR__LANES_AVX512_F64 ? gir__avx512_load_f64(x0 + k) : gir__avx512_loadn_f64(x0 + k, t);
        r = gir__avx512_sign_f64(v0);
        if (t == GIR__LANES_AVX512_F64) gir__avx512_store_f64(o + k, r); else gir__avx512_storen_f64(o + k, t, r);
    }
}
GIR__TARGET_AVX512 static void gir__k_square_f32__avx512(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    gir__avx512_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx512_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX512_F32) {
        int t = n - k < GIR__LANES_AVX512_F32 ? (int)(n - k) : GIR__LANES_AVX512_F32;
        if (st[0]) v0 = t == GIR__LANES_AVX512_F32 ? gir__avx512_load_f32(x0 + k) : gir__avx512_loadn_f32(x0 + k, t);
        r = gir__avx512_mul_f32(v0, v0);
        if (t == GIR__LANES_AVX512_F32) gir__avx512_store_f32(o + k, r); else gir__avx512_storen_f32(o + k, t, r);
    }
}
GIR__TARGET_AVX512 static void gir__k_square_f64__avx512(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    gir__avx512_vf64 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx512_set1_f64(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX512_F64) {
        int t = n - k < GIR__LANES_AVX512_F64 ? (int)(n - k) : GIR__LANES_AVX512_F64;
        if (st[0]) v0 = t == GIR__LANES_AVX512_F64 ? gir__avx512_load_f64(x0 + k) : gir__avx512_loadn_f64(x0 + k, t);
        r = gir__avx512_mul_f64(v0, v0);
        if (t == GIR__LANES_AVX512_F64) gir__avx512_store_f64(o + k, r); else gir__avx512_storen_f64(o + k, t, r);
    }
}
GIR__TARGET_AVX512 static void gir__k_sqrt_f32__avx512(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    gir__avx512_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx512_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX512_F32) {
        int t = n - k < GIR__LANES_AVX512_F32 ? (int)(n - k) : GIR__LANES_AVX512_F32;
        if (st[0]) v0 = t == GIR__LANES_AVX512_F32 ? gir__avx512_load_f32(x0 + k) : gir__avx512_loadn_f32(x0 + k, t);
        r = gir__avx512_sqrt_f32(v0);
        if (t == GIR__LANES_AVX512_F32) gir__avx512_store_f32(o + k, r); else gir__avx512_storen_f32(o + k, t, r);
    }
}
GIR__TARGET_AVX512 static void gir__k_sqrt_f64__avx512(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    gir__avx512_vf64 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx512_set1_f64(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX512_F64) {
        int t = n - k < GIR__LANES_AVX512_F64 ? (int)(n - k) : GIR__LANES_AVX512_F64;
        if (st[0]) v0 = t == GIR__LANES_AVX512_F64 ? gir__avx512_load_f64(x0 + k) : gir__avx512_loadn_f64(x0 + k, t);
        r = gir__avx512_sqrt_f64(v0);
        if (t == GIR__LANES_AVX512_F64) gir__avx512_store_f64(o + k, r); else gir__avx512_storen_f64(o + k, t, r);
    }
}
GIR__TARGET_AVX512 static void gir__k_rsqrt_f32__avx512(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    const gir__avx512_vf32 c0 = gir__avx512_set1_f32((float)1);
    gir__avx512_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx512_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX512_F32) {
        int t = n - k < GIR__LANES_AVX512_F32 ? (int)(n - k) : GIR__LANES_AVX512_F32;
        if (st[0]) v0 = t == GIR__LANES_AVX512_F32 ? gir__avx512_load_f32(x0 + k) : gir__avx512_loadn_f32(x0 + k, t);
        r = gir__avx512_div_f32(c0, gir__avx512_sqrt_f32(v0));
        if (t == GIR__LANES_AVX512_F32) gir__avx512_store_f32(o + k, r); else gir__avx512_storen_f32(o + k, t, r);
    }
}
GIR__TARGET_AVX512 static void gir__k_rsqrt_f64__avx512(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    const gir__avx512_vf64 c0 = gir__avx512_set1_f64((double)1);
    gir__avx512_vf64 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx512_set1_f64(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX512_F64) {
        int t = n - k < GIR__LANES_AVX512_F64 ? (int)(n - k) : GIR__LANES_AVX512_F64;
        if (st[0]) v0 = t == GIR__LANES_AVX512_F64 ? gir__avx512_load_f64(x0 + k) : gir__avx512_loadn_f64(x0 + k, t);
        r = gir__avx512_div_f64(c0, gir__avx512_sqrt_f64(v0));
        if (t == GIR__LANES_AVX512_F64) gir__avx512_store_f64(o + k, r); else gir__avx512_storen_f64(o + k, t, r);
    }
}
GIR__TARGET_AVX512 static void gir__k_reciprocal_f32__avx512(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    const gir__avx512_vf32 c0 = gir__avx512_set1_f32((float)1);
    gir__avx512_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx512_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX512_F32) {
        int t = n - k < GIR__LANES_AVX512_F32 ? (int)(n - k) : GIR__LANES_AVX512_F32;
        if (st[0]) v0 = t == GIR__LANES_AVX512_F32 ? gir__avx512_load_f32(x0 + k) : gir__avx512_loadn_f32(x0 + k, t);
        r = gir__avx512_div_f32(c0, v0);
        if (t == GIR__LANES_AVX512_F32) gir__avx512_store_f32(o + k, r); else gir__avx512_storen_f32(o + k, t, r);
    }
}
GIR__TARGET_AVX512 static void gir__k_reciprocal_f64__avx512(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    const gir__avx512_vf64 c0 = gir__avx512_set1_f64((double)1);
    gir__avx512_vf64 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx512_set1_f64(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX512_F64) {
        int t = n - k < GIR__LANES_AVX512_F64 ? (int)(n - k) : GIR__LANES_AVX512_F64;
        if (st[0]) v0 = t == GIR__LANES_AVX512_F64 ? gir__avx512_load_f64(x0 + k) : gir__avx512_loadn_f64(x0 + k, t);
        r = gir__avx512_div_f64(c0, v0);
        if (t == GIR__LANES_AVX512_F64) gir__avx512_store_f64(o + k, r); else gir__avx512_storen_f64(o + k, t, r);
    }
}
GIR__TARGET_AVX512 static void gir__k_exp_f32__avx512(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    gir__avx512_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx512_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX512_F32) {
        int t = n - k < GIR__LANES_AVX512_F32 ? (int)(n - k) : GIR__LANES_AVX512_F32;
        if (st[0]) v0 = t == GIR__LANES_AVX512_F32 ? gir__avx512_load_f32(x0 + k) : gir__avx512_loadn_f32(x0 + k, t);
        r = gir__avx512_exp_f32(v0);
        if (t == GIR__LANES_AVX512_F32) gir__avx512_store_f32(o + k, r); else gir__avx512_storen_f32(o + k, t, r);
    }
}
GIR__TARGET_AVX512 static void gir__k_exp_f64__avx512(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    gir__avx512_vf64 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx512_set1_f64(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX512_F64) {
        int t = n - k < GIR__LANES_AVX512_F64 ? (int)(n - k) : GIR__LANES_AVX512_F64;
        if (st[0]) v0 = t == GIR__LANES_AVX512_F64 ? gir__avx512_load_f64(x0 + k) : gir__avx512_loadn_f64(x0 + k, t);
        r = gir__avx512_exp_f64(v0);
        if (t == GIR__LANES_AVX512_F64) gir__avx512_store_f64(o + k, r); else gir__avx512_storen_f64(o + k, t, r);
    }
}
GIR__TARGET_AVX512 static void gir__k_expm1_f32__avx512(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    gir__avx512_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx512_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX512_F32) {
        int t = n - k < GIR__LANES_AVX512_F32 ? (int)(n - k) : GIR__LANES_AVX512_F32;
        if (st[0]) v0 = t == GIR__LANES_AVX512_F32 ? gir__avx512_load_f32(x0 + k) : gir__avx512_loadn_f32(x0 + k, t);
        r = gir__avx512_expm1_f32(v0);
        if (t == GIR__LANES_AVX512_F32) gir__avx512_store_f32(o + k, r); else gir__avx512_storen_f32(o + k, t, r);
    }
}
GIR__TARGET_AVX512 static void gir__k_expm1_f64__avx512(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    gir__avx512_vf64 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx512_set1_f64(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX512_F64) {
        int t = n - k < GIR__LANES_AVX512_F64 ? (int)(n - k) : GIR__LANES_AVX512_F64;
        if (st[0]) v0 = t == GIR__LANES_AVX512_F64 ? gir__avx512_load_f64(x0 + k) : gir__avx512_loadn_f64(x0 + k, t);
        r = gir__avx512_expm1_f64(v0);
        if (t == GIR__LANES_AVX512_F64) gir__avx512_store_f64(o + k, r); else gir__avx512_storen_f64(o + k, t, r);
    }
}
GIR__TARGET_AVX512 static void gir__k_log_f32__avx512(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    gir__avx512_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx512_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX512_F32) {
        int t = n - k < GIR__LANES_AVX512_F32 ? (int)(n - k) : GIR__LANES_AVX512_F32;
        if (st[0]) v0 = t == GIR__LANES_AVX512_F32 ? gir__avx512_load_f32(x0 + k) : gir__avx512_loadn_f32(x0 + k, t);
        r = gir__avx512_log_f32(v0);
        if (t == GIR__LANES_AVX512_F32) gir__avx512_store_f32(o + k, r); else gir__avx512_storen_f32(o + k, t, r);
    }
}
GIR__TARGET_AVX512 static void gir__k_log_f64__avx512(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    gir__avx512_vf64 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx512_set1_f64(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX512_F64) {
        int t = n - k < GIR__LANES_AVX512_F64 ? (int)(n - k) : GIR__LANES_AVX512_F64;
        if (st[0]) v0 = t == GIR__LANES_AVX512_F64 ? gir__avx512_load_f64(x0 + k) : gir__avx512_loadn_f64(x0 + k, t);
        r = gir__avx512_log_f64(v0);
        if (t == GIR__LANES_AVX512_F64) gir__avx512_store_f64(o + k, r); else gir__avx512_storen_f64(o + k, t, r);
    }
}
GIR__TARGET_AVX512 static void gir__k_log1p_f32__avx512(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    gir__avx512_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx512_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX512_F32) {
        int t = n - k < GIR__LANES_AVX512_F32 ? (int)(n - k) : GIR__LANES_AVX512_F32;
        if (st[0]) v0 = t == GIR__LANES_AVX512_F32 ? gir__avx512_load_f32(x0 + k) : gir__avx512_loadn_f32(x0 + k, t);
        r = gir__avx512_log1p_f32(v0);
        if (t == GIR__LANES_AVX512_F32) gir__avx512_store_f32(o + k, r); else gir__avx512_storen_f32(o + k, t, r);
    }
}
GIR__TARGET_AVX512 static void gir__k_log1p_f64__avx512(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    gir__avx512_vf64 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx512_set1_f64(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX512_F64) {
        int t = n - k < GIR__LANES_AVX512_F64 ? (int)(n - k) : GIR__LANES_AVX512_F64;
        if (st[0]) v0 = t == GIR__LANES_AVX512_F64 ? gir__avx512_load_f64(x0 + k) : gir__avx512_loadn_f64(x0 + k, t);
        r = gir__avx512_log1p_f64(v0);
        if (t == GIR__LANES_AVX512_F64) gir__avx512_store_f64(o + k, r); else gir__avx512_storen_f64(o + k, t, r);
    }
}
GIR__TARGET_AVX512 static void gir__k_log2_f32__avx512(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    gir__avx512_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx512_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX512_F32) {
        int t = n - k < GIR__LANES_AVX512_F32 ? (int)(n - k) : GIR__LANES_AVX512_F32;
        if (st[0]) v0 = t == GIR__LANES_AVX512_F32 ? gir__avx512_load_f32(x0 + k) : gir__avx512_loadn_f32(x0 + k, t);
        r = gir__avx512_log2_f32(v0);
        if (t == GIR__LANES_AVX512_F32) gir__avx512_store_f32(o + k, r); else gir__avx512_storen_f32(o + k, t, r);
    }
}
GIR__TARGET_AVX512 static void gir__k_log2_f64__avx512(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    gir__avx512_vf64 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx512_set1_f64(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX512_F64) {
        int t = n - k < GIR__LANES_AVX512_F64 ? (int)(n - k) : GIR__LANES_AVX512_F64;
        if (st[0]) v0 = t == GIR__LANES_AVX512_F64 ? gir__avx512_load_f64(x0 + k) : gir__avx512_loadn_f64(x0 + k, t);
        r = gir__avx512_log2_f64(v0);
        if (t == GIR__LANES_AVX512_F64) gir__avx512_store_f64(o + k, r); else gir__avx512_storen_f64(o + k, t, r);
    }
}
GIR__TARGET_AVX512 static void gir__k_sin_f32__avx512(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    gir__avx512_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx512_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX512_F32) {
        int t = n - k < GIR__LANES_AVX512_F32 ? (int)(n - k) : GIR__LANES_AVX512_F32;
        if (st[0]) v0 = t == GIR__LANES_AVX512_F32 ? gir__avx512_load_f32(x0 + k) : gir__avx512_loadn_f32(x0 + k, t);
        r = gir__avx512_map1_f32(gir__v_sin_f32, v0);
        if (t == GIR__LANES_AVX512_F32) gir__avx512_store_f32(o + k, r); else gir__avx512_storen_f32(o + k, t, r);
    }
}
GIR__TARGET_AVX512 static void gir__k_sin_f64__avx512(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    gir__avx512_vf64 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx512_set1_f64(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX512_F64) {
        int t = n - k < GIR__LANES_AVX512_F64 ? (int)(n - k) : GIR__LANES_AVX512_F64;
        if (st[0]) v0 = t == GIR__LANES_AVX512_F64 ? gir__avx512_load_f64(x0 + k) : gir__avx512_loadn_f64(x0 + k, t);
        r = gir__avx512_map1_f64(gir__v_sin_f64, v0);
        if (t == GIR__LANES_AVX512_F64) gir__avx512_store_f64(o + k, r); else gir__avx512_storen_f64(o + k, t, r);
    }
}
GIR__TARGET_AVX512 static void gir__k_cos_f32__avx512(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    gir__avx512_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx512_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX512_F32) {
        int t = n - k < GIR__LANES_AVX512_F32 ? (int)(n - k) : GIR__LANES_AVX512_F32;
        if (st[0]) v0 = t == GIR__LANES_AVX512_F32 ? gir__avx512_load_f32(x0 + k) : gir__avx512_loadn_f32(x0 + k, t);
        r = gir__avx512_map1_f32(gir__v_cos_f32, v0);
        if (t == GIR__LANES_AVX512_F32) gir__avx512_store_f32(o + k, r); else gir__avx512_storen_f32(o + k, t, r);
    }
}
GIR__TARGET_AVX512 static void gir__k_cos_f64__avx512(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    gir__avx512_vf64 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx512_set1_f64(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX512_F64) {
        int t = n - k < GIR__LANES_AVX512_F64 ? (int)(n - k) : GIR__LANES_AVX512_F64;
        if (st[0]) v0 = t == GIR__LANES_AVX512_F64 ? gir__avx512_load_f64(x0 + k) : gir__avx512_loadn_f64(x0 + k, t);
        r = gir__avx512_map1_f64(gir__v_cos_f64, v0);
        if (t == GIR__LANES_AVX512_F64) gir__avx512_store_f64(o + k, r); else gir__avx512_storen_f64(o + k, t, r);
    }
}
GIR__TARGET_AVX512 static void gir__k_tan_f32__avx512(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    gir__avx512_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx512_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX512_F32) {
        int t = n - k < GIR__LANES_AVX512_F32 ? (int)(n - k) : GIR__LANES_AVX512_F32;
        if (st[0]) v0 = t == GIR__LANES_AVX512_F32 ? gir__avx512_load_f32(x0 + k) : gir__avx512_loadn_f32(x0 + k, t);
        r = gir__avx512_map1_f32(gir__v_tan_f32, v0);
        if (t == GIR__LANES_AVX512_F32) gir__avx512_store_f32(o + k, r); else gir__avx512_storen_f32(o + k, t, r);
    }
}
GIR__TARGET_AVX512 static void gir__k_tan_f64__avx512(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    gir__avx512_vf64 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx512_set1_f64(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX512_F64) {
        int t = n - k < GIR__LANES_AVX512_F64 ? (int)(n - k) : GIR__LANES_AVX512_F64;
        if (st[0]) v0 = t == GIR__LANES_AVX512_F64 ? gir__avx512_load_f64(x0 + k) : gir__avx512_loadn_f64(x0 + k, t);
        r = gir__avx512_map1_f64(gir__v_tan_f64, v0);
        if (t == GIR__LANES_AVX512_F64) gir__avx512_store_f64(o + k, r); else gir__avx512_storen_f64(o + k, t, r);
    }
}
GIR__TARGET_AVX512 static void gir__k_asin_f32__avx512(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    gir__avx512_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx512_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX512_F32) {
        int t = n - k < GIR__LANES_AVX512_F32 ? (int)(n - k) : GIR__LANES_AVX512_F32;
        if (st[0]) v0 = t == GIR__LANES_AVX512_F32 ? gir__avx512_load_f32(x0 + k) : gir__avx512_loadn_f32(x0 + k, t);
        r = gir__avx512_map1_f32(gir__v_asin_f32, v0);
        if (t == GIR__LANES_AVX512_F32) gir__avx512_store_f32(o + k, r); else gir__avx512_storen_f32(o + k, t, r);
    }
}
GIR__TARGET_AVX512 static void gir__k_asin_f64__avx512(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    gir__avx512_vf64 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx512_set1_f64(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX512_F64) {
        int t = n - k < GIR__LANES_AVX512_F64 ? (int)(n - k) : GIR__LANES_AVX512_F64;
        if (st[0]) v0 = t == GIR__LANES_AVX512_F64 ? gir__avx512_load_f64(x0 + k) : gir__avx512_loadn_f64(x0 + k, t);
        r = gir__avx512_map1_f64(gir__v_asin_f64, v0);
        if (t == GIR__LANES_AVX512_F64) gir__avx512_store_f64(o + k, r); else gir__avx512_storen_f64(o + k, t, r);
    }
}
GIR__TARGET_AVX512 static void gir__k_acos_f32__avx512(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    gir__avx512_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx512_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX512_F32) {
        int t = n - k < GIR__LANES_AVX512_F32 ? (int)(n - k) : GIR__LANES_AVX512_F32;
        if (st[0]) v0 = t == GIR__LANES_AVX512_F32 ? gir__avx512_load_f32(x0 + k) : gir__avx512_loadn_f32(x0 + k, t);
        r = gir__avx512_map1_f32(gir__v_acos_f32, v0);
        if (t == GIR__LANES_AVX512_F32) gir__avx512_store_f32(o + k, r); else gir__avx512_storen_f32(o + k, t, r);
    }
}
GIR__TARGET_AVX512 static void gir__k_acos_f64__avx512(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    gir__avx512_vf64 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx512_set1_f64(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX512_F64) {
        int t = n - k < GIR__LANES_AVX512_F64 ? (int)(n - k) : GIR__LANES_AVX512_F64;
        if (st[0]) v0 = t == GIR__LANES_AVX512_F64 ? gir__avx512_load_f64(x0 + k) : gir__avx512_loadn_f64(x0 + k, t);
        r = gir__avx512_map1_f64(gir__v_acos_f64, v0);
        if (t == GIR__LANES_AVX512_F64) gir__avx512_store_f64(o + k, r); else gir__avx512_storen_f64(o + k, t, r);
    }
}
GIR__TARGET_AVX512 static void gir__k_atan_f32__avx512(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    gir__avx512_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx512_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX512_F32) {
        int t = n - k < GIR__LANES_AVX512_F32 ? (int)(n - k) : GIR__LANES_AVX512_F32;
        if (st[0]) v0 = t == GIR__LANES_AVX512_F32 ? gir__avx512_load_f32(x0 + k) : gir__avx512_loadn_f32(x0 + k, t);
        r = gir__avx512_map1_f32(gir__v_atan_f32, v0);
        if (t == GIR__LANES_AVX512_F32) gir__avx512_store_f32(o + k, r); else gir__avx512_storen_f32(o + k, t, r);
    }
}
GIR__TARGET_AVX512 static void gir__k_atan_f64__avx512(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    gir__avx512_vf64 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx512_set1_f64(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX512_F64) {
        int t = n - k < GIR__LANES_AVX512_F64 ? (int)(n - k) : GIR__LANES_AVX512_F64;
        if (st[0]) v0 = t == GIR__LANES_AVX512_F64 ? gir__avx512_load_f64(x0 + k) : gir__avx512_loadn_f64(x0 + k, t);
        r = gir__avx512_map1_f64(gir__v_atan_f64, v0);
        if (t == GIR__LANES_AVX512_F64) gir__avx512_store_f64(o + k, r); else gir__avx512_storen_f64(o + k, t, r);
    }
}
GIR__TARGET_AVX512 static void gir__k_sinh_f32__avx512(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    gir__avx512_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx512_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX512_F32) {
        int t = n - k < GIR__LANES_AVX512_F32 ? (int)(n - k) : GIR__LANES_AVX512_F32;
        if (st[0]) v0 = t == GIR__LANES_AVX512_F32 ? gir__avx512_load_f32(x0 + k) : gir__avx512_loadn_f32(x0 + k, t);
        r = gir__avx512_map1_f32(gir__v_sinh_f32, v0);
        if (t == GIR__LANES_AVX512_F32) gir__avx512_store_f32(o + k, r); else gir__avx512_storen_f32(o + k, t, r);
    }
}
GIR__TARGET_AVX512 static void gir__k_sinh_f64__avx512(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    gir__avx512_vf64 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx512_set1_f64(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX512_F64) {
        int t = n - k < GIR__LANES_AVX512_F64 ? (int)(n - k) : GIR__LANES_AVX512_F64;
        if (st[0]) v0 = t == GIR__LANES_AVX512_F64 ? gir__avx512_load_f64(x0 + k) : gir__avx512_loadn_f64(x0 + k, t);
        r = gir__avx512_map1_f64(gir__v_sinh_f64, v0);
        if (t == GIR__LANES_AVX512_F64) gir__avx512_store_f64(o + k, r); else gir__avx512_storen_f64(o + k, t, r);
    }
}
GIR__TARGET_AVX512 static void gir__k_cosh_f32__avx512(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    gir__avx512_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx512_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX512_F32) {
        int t = n - k < GIR__LANES_AVX512_F32 ? (int)(n - k) : GIR__LANES_AVX512_F32;
        if (st[0]) v0 = t == GIR__LANES_AVX512_F32 ? gir__avx512_load_f32(x0 + k) : gir__avx512_loadn_f32(x0 + k, t);
        r = gir__avx512_map1_f32(gir__v_cosh_f32, v0);
        if (t == GIR__LANES_AVX512_F32) gir__avx512_store_f32(o + k, r); else gir__avx512_storen_f32(o + k, t, r);
    }
}
GIR__TARGET_AVX512 static void gir__k_cosh_f64__avx512(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    gir__avx512_vf64 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx512_set1_f64(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX512_F64) {
        int t = n - k < GIR__LANES_AVX512_F64 ? (int)(n - k) : GIR__LANES_AVX512_F64;
        if (st[0]) v0 = t == GIR__LANES_AVX512_F64 ? gir__avx512_load_f64(x0 + k) : gir__avx512_loadn_f64(x0 + k, t);
        r = gir__avx512_map1_f64(gir__v_cosh_f64, v0);
        if (t == GIR__LANES_AVX512_F64) gir__avx512_store_f64(o + k, r); else gir__avx512_storen_f64(o + k, t, r);
    }
}
GIR__TARGET_AVX512 static void gir__k_tanh_f32__avx512(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    gir__avx512_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx512_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX512_F32) {
        int t = n - k < GIR__LANES_AVX512_F32 ? (int)(n - k) : GIR__LANES_AVX512_F32;
        if (st[0]) v0 = t == GIR__LANES_AVX512_F32 ? gir__avx512_load_f32(x0 + k) : gir__avx512_loadn_f32(x0 + k, t);
        r = gir__avx512_tanh_f32(v0);
        if (t == GIR__LANES_AVX512_F32) gir__avx512_store_f32(o + k, r); else gir__avx512_storen_f32(o + k, t, r);
    }
}
GIR__TARGET_AVX512 static void gir__k_tanh_f64__avx512(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    gir__avx512_vf64 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx512_set1_f64(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX512_F64) {
        int t = n - k < GIR__LANES_AVX512_F64 ? (int)(n - k) : GIR__LANES_AVX512_F64;
        if (st[0]) v0 = t == GIR__LANES_AVX512_F64 ? gir__avx512_load_f64(x0 + k) : gir__avx512_loadn_f64(x0 + k, t);
        r = gir__avx512_tanh_f64(v0);
        if (t == GIR__LANES_AVX512_F64) gir__avx512_store_f64(o + k, r); else gir__avx512_storen_f64(o + k, t, r);
    }
}
GIR__TARGET_AVX512 static void gir__k_sigmoid_f32__avx512(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    gir__avx512_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx512_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX512_F32) {
        int t = n - k < GIR__LANES_AVX512_F32 ? (int)(n - k) : GIR__LANES_AVX512_F32;
        if (st[0]) v0 = t == GIR__LANES_AVX512_F32 ? gir__avx512_load_f32(x0 + k) : gir__avx512_loadn_f32(x0 + k, t);
        r = gir__avx512_sigmoid_f32(v0);
        if (t == GIR__LANES_AVX512_F32) gir__avx512_store_f32(o + k, r); else gir__avx512_storen_f32(o + k, t, r);
    }
}
GIR__TARGET_AVX512 static void gir__k_sigmoid_f64__avx512(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    gir__avx512_vf64 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx512_set1_f64(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX512_F64) {
        int t = n - k < GIR__LANES_AVX512_F64 ? (int)(n - k) : GIR__LANES_AVX512_F64;
        if (st[0]) v0 = t == GIR__LANES_AVX512_F64 ? gir__avx512_load_f64(x0 + k) : gir__avx512_loadn_f64(x0 + k, t);
        r = gir__avx512_sigmoid_f64(v0);
        if (t == GIR__LANES_AVX512_F64) gir__avx512_store_f64(o + k, r); else gir__avx512_storen_f64(o + k, t, r);
    }
}
GIR__TARGET_AVX512 static void gir__k_softplus_f32__avx512(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    const gir__avx512_vf32 c0 = gir__avx512_set1_f32((float)0);
    gir__avx512_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx512_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX512_F32) {
        int t = n - k < GIR__LANES_AVX512_F32 ? (int)(n - k) : GIR__LANES_AVX512_F32;
        if (st[0]) v0 = t == GIR__LANES_AVX512_F32 ? gir__avx512_load_f32(x0 + k) : gir__avx512_loadn_f32(x0 + k, t);
        r = gir__avx512_add_f32(gir__avx512_max_f32(v0, c0), gir__avx512_log1p_f32(gir__avx512_exp_f32(gir__avx512_neg_f32(gir__avx512_abs_f32(v0)))));
        if (t == GIR__LANES_AVX512_F32) gir__avx512_store_f32(o + k, r); else gir__avx512_storen_f32(o + k, t, r);
    }
}
GIR__TARGET_AVX512 static void gir__k_softplus_f64__avx512(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    const gir__avx512_vf64 c0 = gir__avx512_set1_f64((double)0);
    gir__avx512_vf64 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx512_set1_f64(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX512_F64) {
        int t = n - k < GIR__LANES_AVX512_F64 ? (int)(n - k) : GIR__LANES_AVX512_F64;
        if (st[0]) v0 = t == GIR__LANES_AVX512_F64 ? gir__avx512_load_f64(x0 + k) : gir__avx512_loadn_f64(x0 + k, t);
        r = gir__avx512_add_f64(gir__avx512_max_f64(v0, c0), gir__avx512_log1p_f64(gir__avx512_exp_f64(gir__avx512_neg_f64(gir__avx512_abs_f64(v0)))));
        if (t == GIR__LANES_AVX512_F64) gir__avx512_store_f64(o + k, r); else gir__avx512_storen_f64(o + k, t, r);
    }
}
GIR__TARGET_AVX512 static void gir__k_relu_f32__avx512(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    const gir__avx512_vf32 c0 = gir__avx512_set1_f32((float)0);
    gir__avx512_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx512_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX512_F32) {
        int t = n - k < GIR__LANES_AVX512_F32 ? (int)(n - k) : GIR__LANES_AVX512_F32;
        if (st[0]) v0 = t == GIR__LANES_AVX512_F32 ? gir__avx512_load_f32(x0 + k) : gir__avx512_loadn_f32(x0 + k, t);
        r = gir__avx512_max_f32(v0, c0);
        if (t == GIR__LANES_AVX512_F32) gir__avx512_store_f32(o + k, r); else gir__avx512_storen_f32(o + k, t, r);
    }
}
GIR__TARGET_AVX512 static void gir__k_relu_f64__avx512(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    const gir__avx512_vf64 c0 = gir__avx512_set1_f64((double)0);
    gir__avx512_vf64 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx512_set1_f64(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX512_F64) {
        int t = n - k < GIR__LANES_AVX512_F64 ? (int)(n - k) : GIR__LANES_AVX512_F64;
        if (st[0]) v0 = t == GIR__LANES_AVX512_F64 ? gir__avx512_load_f64(x0 + k) : gir__avx512_loadn_f64(x0 + k, t);
        r = gir__avx512_max_f64(v0, c0);
        if (t == GIR__LANES_AVX512_F64) gir__avx512_store_f64(o + k, r); else gir__avx512_storen_f64(o + k, t, r);
    }
}
GIR__TARGET_AVX512 static void gir__k_leaky_relu_f32__avx512(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    const gir__avx512_vf32 c0 = gir__avx512_set1_f32((float)0);
    const gir__avx512_vf32 c1 = gir__avx512_set1_f32((float)p[0]);
    gir__avx512_vf32 v0, r;
    int64_t k;
    if (n <= 0) return;
    v0 = gir__avx512_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX512_F32) {
        int t = n - k < GIR__LANES_AVX512_F32 ? (int)(n - k) : GIR__LANES_AVX512_F32;
        if (st[0]) v0 = t == GIR__LANES_AVX512_F32 ? gir__avx512_load_f32(x0 + k) : gir__avx512_loadn_f32(x0 + k, t);
        r = gir__avx512_select_f32(gir__avx512_gt_f32(v0, c0), v0, gir__avx512_mul_f32(c1, v0));
        if (t == GIR__LANES_AVX512_F32) gir__avx512_store_f32(o + k, r); else gir__avx512_storen_f32(o + k, t, r);
    }
}
GIR__TARGET_AVX512 static void gir__k_leaky_relu_f64__avx512(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    const gir__avx512_vf64 c0 = gir__avx512_set1_f64((double)0);
    const gir__avx512_vf64 c1 = gir__avx512_set1_f64((double)p[0]);
    gir__avx512_vf64 v0, r;
    int64_t k;
    if (n <= 0) return;
    v0 = gir__avx512_set1_f64(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX512_F64) {
        int t = n - k < GIR__LANES_AVX512_F64 ? (int)(n - k) : GIR__LANES_AVX512_F64;
        if (st[0]) v0 = t == GIR__LANES_AVX512_F64 ? gir__avx512_load_f64(x0 + k) : gir__avx512_loadn_f64(x0 + k, t);
        r = gir__avx512_select_f64(gir__avx512_gt_f64(v0, c0), v0, gir__avx512_mul_f64(c1, v0));
        if (t == GIR__LANES_AVX512_F64) gir__avx512_store_f64(o + k, r); else gir__avx512_storen_f64(o + k, t, r);
    }
}
GIR__TARGET_AVX512 static void gir__k_elu_f32__avx512(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    const gir__avx512_vf32 c0 = gir__avx512_set1_f32((float)0);
    const gir__avx512_vf32 c1 = gir__avx512_set1_f32((float)p[0]);
    gir__avx512_vf32 v0, r;
    int64_t k;
    if (n <= 0) return;
    v0 = gir__avx512_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX512_F32) {
        int t = n - k < GIR__LANES_AVX512_F32 ? (int)(n - k) : GIR__LANES_AVX512_F32;
        if (st[0]) v0 = t == GIR__LANES_AVX512_F32 ? gir__avx512_load_f32(x0 + k) : gir__avx512_loadn_f32(x0 + k, t);
        r = gir__avx512_select_f32(gir__avx512_gt_f32(v0, c0), v0, gir__avx512_mul_f32(c1, gir__avx512_expm1_f32(v0)));
        if (t == GIR__LANES_AVX512_F32) gir__avx512_store_f32(o + k, r); else gir__avx512_storen_f32(o + k, t, r);
    }
}
GIR__TARGET_AVX512 static void gir__k_elu_f64__avx512(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    const gir__avx512_vf64 c0 = gir__avx512_set1_f64((double)0);
    const gir__avx512_vf64 c1 = gir__avx512_set1_f64((double)p[0]);
    gir__avx512_vf64 v0, r;
    int64_t k;
    if (n <= 0) return;
    v0 = gir__avx512_set1_f64(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX512_F64) {
        int t = n - k < GIR__LANES_AVX512_F64 ? (int)(n - k) : GIR__LANES_AVX512_F64;
        if (st[0]) v0 = t == GIR__LANES_AVX512_F64 ? gir__avx512_load_f64(x0 + k) : gir__avx512_loadn_f64(x0 + k, t);
        r = gir__avx512_select_f64(gir__avx512_gt_f64(v0, c0), v0, gir__avx512_mul_f64(c1, gir__avx512_expm1_f64(v0)));
        if (t == GIR__LANES_AVX512_F64) gir__avx512_store_f64(o + k, r); else gir__avx512_storen_f64(o + k, t, r);
    }
}
GIR__TARGET_AVX512 static void gir__k_gelu_f32__avx512(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    const gir__avx512_vf32 c0 = gir__avx512_set1_f32((float)0.5);
    const gir__avx512_vf32 c1 = gir__avx512_set1_f32((float)1);
    const gir__avx512_vf32 c2 = gir__avx512_set1_f32((float)0.7071067811865476);
    gir__avx512_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx512_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX512_F32) {
        int t = n - k < GIR__LANES_AVX512_F32 ? (int)(n - k) : GIR__LANES_AVX512_F32;
        if (st[0]) v0 = t == GIR__LANES_AVX512_F32 ? gir__avx512_load_f32(x0 + k) : gir__avx512_loadn_f32(x0 + k, t);
        r = gir__avx512_mul_f32(gir__avx512_mul_f32(c0, v0), gir__avx512_add_f32(c1, gir__avx512_erf_f32(gir__avx512_mul_f32(v0, c2))));
        if (t == GIR__LANES_AVX512_F32) gir__avx512_store_f32(o + k, r); else gir__avx512_storen_f32(o + k, t, r);
    }
}
GIR__TARGET_AVX512 static void gir__k_gelu_f64__avx512(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    const gir__avx512_vf64 c0 = gir__avx512_set1_f64((double)0.5);
    const gir__avx512_vf64 c1 = gir__avx512_set1_f64((double)1);
    const gir__avx512_vf64 c2 = gir__avx512_set1_f64((double)0.7071067811865476);
    gir__avx512_vf64 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx512_set1_f64(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX512_F64) {
        int t = n - k < GIR__LANES_AVX512_F64 ? (int)(n - k) : GIR__LANES_AVX512_F64;
        if (st[0]) v0 = t == GIR__LANES_AVX512_F64 ? gir__avx512_load_f64(x0 + k) : gir__avx512_loadn_f64(x0 + k, t);
        r = gir__avx512_mul_f64(gir__avx512_mul_f64(c0, v0), gir__avx512_add_f64(c1, gir__avx512_erf_f64(gir__avx512_mul_f64(v0, c2))));
        if (t == GIR__LANES_AVX512_F64) gir__avx512_store_f64(o + k, r); else gir__avx512_storen_f64(o + k, t, r);
    }
}
GIR__TARGET_AVX512 static void gir__k_silu_f32__avx512(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    gir__avx512_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx512_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX512_F32) {
        int t = n - k < GIR__LANES_AVX512_F32 ? (int)(n - k) : GIR__LANES_AVX512_F32;
        if (st[0]) v0 = t == GIR__LANES_AVX512_F32 ? gir__avx512_load_f32(x0 + k) : gir__avx512_loadn_f32(x0 + k, t);
        r = gir__avx512_mul_f32(v0, gir__avx512_sigmoid_f32(v0));
        if (t == GIR__LANES_AVX512_F32) gir__avx512_store_f32(o + k, r); else gir__avx512_storen_f32(o + k, t, r);
    }
}
GIR__TARGET_AVX512 static void gir__k_silu_f64__avx512(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    gir__avx512_vf64 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx512_set1_f64(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX512_F64) {
        int t = n - k < GIR__LANES_AVX512_F64 ? (int)(n - k) : GIR__LANES_AVX512_F64;
        if (st[0]) v0 = t == GIR__LANES_AVX512_F64 ? gir__avx512_load_f64(x0 + k) : gir__avx512_loadn_f64(x0 + k, t);
        r = gir__avx512_mul_f64(v0, gir__avx512_sigmoid_f64(v0));
        if (t == GIR__LANES_AVX512_F64) gir__avx512_store_f64(o + k, r); else gir__avx512_storen_f64(o + k, t, r);
    }
}
GIR__TARGET_AVX512 static void gir__k_erf_f32__avx512(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    gir__avx512_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx512_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX512_F32) {
        int t = n - k < GIR__LANES_AVX512_F32 ? (int)(n - k) : GIR__LANES_AVX512_F32;
        if (st[0]) v0 = t == GIR__LANES_AVX512_F32 ? gir__avx512_load_f32(x0 + k) : gir__avx512_loadn_f32(x0 + k, t);
        r = gir__avx512_erf_f32(v0);
        if (t == GIR__LANES_AVX512_F32) gir__avx512_store_f32(o + k, r); else gir__avx512_storen_f32(o + k, t, r);
    }
}
GIR__TARGET_AVX512 static void gir__k_erf_f64__avx512(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    gir__avx512_vf64 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx512_set1_f64(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX512_F64) {
        int t = n - k < GIR__LANES_AVX512_F64 ? (int)(n - k) : GIR__LANES_AVX512_F64;
        if (st[0]) v0 = t == GIR__LANES_AVX512_F64 ? gir__avx512_load_f64(x0 + k) : gir__avx512_loadn_f64(x0 + k, t);
        r = gir__avx512_erf_f64(v0);
        if (t == GIR__LANES_AVX512_F64) gir__avx512_store_f64(o + k, r); else gir__avx512_storen_f64(o + k, t, r);
    }
}
GIR__TARGET_AVX512 static void gir__k_floor_f32__avx512(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    gir__avx512_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx512_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX512_F32) {
        int t = n - k < GIR__LANES_AVX512_F32 ? (int)(n - k) : GIR__LANES_AVX512_F32;
        if (st[0]) v0 = t == GIR__LANES_AVX512_F32 ? gir__avx512_load_f32(x0 + k) : gir__avx512_loadn_f32(x0 + k, t);
        r = gir__avx512_floor_f32(v0);
        if (t == GIR__LANES_AVX512_F32) gir__avx512_store_f32(o + k, r); else gir__avx512_storen_f32(o + k, t, r);
    }
}
GIR__TARGET_AVX512 static void gir__k_floor_f64__avx512(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    gir__avx512_vf64 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx512_set1_f64(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX512_F64) {
        int t = n - k < GIR__LANES_AVX512_F64 ? (int)(n - k) : GIR__LANES_AVX512_F64;
        if (st[0]) v0 = t == GIR__LANES_AVX512_F64 ? gir__avx512_load_f64(x0 + k) : gir__avx512_loadn_f64(x0 + k, t);
        r = gir__avx512_floor_f64(v0);
        if (t == GIR__LANES_AVX512_F64) gir__avx512_store_f64(o + k, r); else gir__avx512_storen_f64(o + k, t, r);
    }
}
GIR__TARGET_AVX512 static void gir__k_ceil_f32__avx512(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    gir__avx512_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx512_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX512_F32) {
        int t = n - k < GIR__LANES_AVX512_F32 ? (int)(n - k) : GIR__LANES_AVX512_F32;
        if (st[0]) v0 = t == GIR__LANES_AVX512_F32 ? gir__avx512_load_f32(x0 + k) : gir__avx512_loadn_f32(x0 + k, t);
        r = gir__avx512_ceil_f32(v0);
        if (t == GIR__LANES_AVX512_F32) gir__avx512_store_f32(o + k, r); else gir__avx512_storen_f32(o + k, t, r);
    }
}
GIR__TARGET_AVX512 static void gir__k_ceil_f64__avx512(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    gir__avx512_vf64 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx512_set1_f64(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX512_F64) {
        int t = n - k < GIR__LANES_AVX512_F64 ? (int)(n - k) : GIR__LANES_AVX512_F64;
        if (st[0]) v0 = t == GIR__LANES_AVX512_F64 ? gir__avx512_load_f64(x0 + k) : gir__avx512_loadn_f64(x0 + k, t);
        r = gir__avx512_ceil_f64(v0);
        if (t == GIR__LANES_AVX512_F64) gir__avx512_store_f64(o + k, r); else gir__avx512_storen_f64(o + k, t, r);
    }
}
GIR__TARGET_AVX512 static void gir__k_round_f32__avx512(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    gir__avx512_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx512_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX512_F32) {
        int t = n - k < GIR__LANES_AVX512_F32 ? (int)(n - k) : GIR__LANES_AVX512_F32;
        if (st[0]) v0 = t == GIR__LANES_AVX512_F32 ? gir__avx512_load_f32(x0 + k) : gir__avx512_loadn_f32(x0 + k, t);
        r = gir__avx512_round_f32(v0);
        if (t == GIR__LANES_AVX512_F32) gir__avx512_store_f32(o + k, r); else gir__avx512_storen_f32(o + k, t, r);
    }
}
GIR__TARGET_AVX512 static void gir__k_round_f64__avx512(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    gir__avx512_vf64 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx512_set1_f64(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX512_F64) {
        int t = n - k < GIR__LANES_AVX512_F64 ? (int)(n - k) : GIR__LANES_AVX512_F64;
        if (st[0]) v0 = t == GIR__LANES_AVX512_F64 ? gir__avx512_load_f64(x0 + k) : gir__avx512_loadn_f64(x0 + k, t);
        r = gir__avx512_round_f64(v0);
        if (t == GIR__LANES_AVX512_F64) gir__avx512_store_f64(o + k, r); else gir__avx512_storen_f64(o + k, t, r);
    }
}
GIR__TARGET_AVX512 static void gir__k_clamp_f32__avx512(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    const gir__avx512_vf32 c0 = gir__avx512_set1_f32((float)p[0]);
    const gir__avx512_vf32 c1 = gir__avx512_set1_f32((float)p[1]);
    gir__avx512_vf32 v0, r;
    int64_t k;
    if (n <= 0) return;
    v0 = gir__avx512_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX512_F32) {
        int t = n - k < GIR__LANES_AVX512_F32 ? (int)(n - k) : GIR__LANES_AVX512_F32;
        if (st[0]) v0 = t == GIR__LANES_AVX512_F32 ? gir__avx512_load_f32(x0 + k) : gir__avx512_loadn_f32(x0 + k, t);
        r = gir__avx512_min_f32(gir__avx512_max_f32(v0, c0), c1);
        if (t == GIR__LANES_AVX512_F32) gir__avx512_store_f32(o + k, r); else gir__avx512_storen_f32(o + k, t, r);
    }
}
GIR__TARGET_AVX512 static void gir__k_clamp_f64__avx512(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    const gir__avx512_vf64 c0 = gir__avx512_set1_f64((double)p[0]);
    const gir__avx512_vf64 c1 = gir__avx512_set1_f64((double)p[1]);
    gir__avx512_vf64 v0, r;
    int64_t k;
    if (n <= 0) return;
    v0 = gir__avx512_set1_f64(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX512_F64) {
        int t = n - k < GIR__LANES_AVX512_F64 ? (int)(n - k) : GIR__LANES_AVX512_F64;
        if (st[0]) v0 = t == GIR__LANES_AVX512_F64 ? gir__avx512_load_f64(x0 + k) : gir__avx512_loadn_f64(x0 + k, t);
        r = gir__avx512_min_f64(gir__avx512_max_f64(v0, c0), c1);
        if (t == GIR__LANES_AVX512_F64) gir__avx512_store_f64(o + k, r); else gir__avx512_storen_f64(o + k, t, r);
    }
}
GIR__TARGET_AVX512 static void gir__k_bce_logits_f32__avx512(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    const float *x1 = (const float *)in[1];
    const gir__avx512_vf32 c0 = gir__avx512_set1_f32((float)0);
    gir__avx512_vf32 v0, v1, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx512_set1_f32(x0[0]);
    v1 = gir__avx512_set1_f32(x1[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX512_F32) {
        int t = n - k < GIR__LANES_AVX512_F32 ? (int)(n - k) : GIR__LANES_AVX512_F32;
        if (st[0]) v0 = t == GIR__LANES_AVX512_F32 ? gir__avx512_load_f32(x0 + k) : gir__avx512_loadn_f32(x0 + k, t);
        if (st[1]) v1 = t == GIR__LANES_AVX512_F32 ? gir__avx512_load_f32(x1 + k) : gir__avx512_loadn_f32(x1 + k, t);
        r = gir__avx512_add_f32(gir__avx512_sub_f32(gir__avx512_max_f32(v0, c0), gir__avx512_mul_f32(v0, v1)), gir__avx512_log1p_f32(gir__avx512_exp_f32(gir__avx512_neg_f32(gir__avx512_abs_f32(v0)))));
        if (t == GIR__LANES_AVX512_F32) gir__avx512_store_f32(o + k, r); else gir__avx512_storen_f32(o + k, t, r);
    }
}
GIR__TARGET_AVX512 static void gir__k_bce_logits_f64__avx512(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    const double *x1 = (const double *)in[1];
    const gir__avx512_vf64 c0 = gir__avx512_set1_f64((double)0);
    gir__avx512_vf64 v0, v1, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx512_set1_f64(x0[0]);
    v1 = gir__avx512_set1_f64(x1[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX512_F64) {
        int t = n - k < GIR__LANES_AVX512_F64 ? (int)(n - k) : GIR__LANES_AVX512_F64;
        if (st[0]) v0 = t == GIR__LANES_AVX512_F64 ? gir__avx512_load_f64(x0 + k) : gir__avx512_loadn_f64(x0 + k, t);
        if (st[1]) v1 = t == GIR__LANES_AVX512_F64 ? gir__avx512_load_f64(x1 + k) : gir__avx512_loadn_f64(x1 + k, t);
        r = gir__avx512_add_f64(gir__avx512_sub_f64(gir__avx512_max_f64(v0, c0), gir__avx512_mul_f64(v0, v1)), gir__avx512_log1p_f64(gir__avx512_exp_f64(gir__avx512_neg_f64(gir__avx512_abs_f64(v0)))));
        if (t == GIR__LANES_AVX512_F64) gir__avx512_store_f64(o + k, r); else gir__avx512_storen_f64(o + k, t, r);
    }
}
GIR__TARGET_AVX512 static void gir__k_fmod_f32__avx512(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    const float *x1 = (const float *)in[1];
    gir__avx512_vf32 v0, v1, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx512_set1_f32(x0[0]);
    v1 = gir__avx512_set1_f32(x1[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX512_F32) {
        int t = n - k < GIR__LANES_AVX512_F32 ? (int)(n - k) : GIR__LANES_AVX512_F32;
        if (st[0]) v0 = t == GIR__LANES_AVX512_F32 ? gir__avx512_load_f32(x0 + k) : gir__avx512_loadn_f32(x0 + k, t);
        if (st[1]) v1 = t == GIR__LANES_AVX512_F32 ? gir__avx512_load_f32(x1 + k) : gir__avx512_loadn_f32(x1 + k, t);
        r = gir__avx512_map2_f32(gir__v_fmod_f32, v0, v1);
        if (t == GIR__LANES_AVX512_F32) gir__avx512_store_f32(o + k, r); else gir__avx512_storen_f32(o + k, t, r);
    }
}
GIR__TARGET_AVX512 static void gir__k_fmod_f64__avx512(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    const double *x1 = (const double *)in[1];
    gir__avx512_vf64 v0, v1, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx512_set1_f64(x0[0]);
    v1 = gir__avx512_set1_f64(x1[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX512_F64) {
        int t = n - k < GIR__LANES_AVX512_F64 ? (int)(n - k) : GIR__LANES_AVX512_F64;
        if (st[0]) v0 = t == GIR__LANES_AVX512_F64 ? gir__avx512_load_f64(x0 + k) : gir__avx512_loadn_f64(x0 + k, t);
        if (st[1]) v1 = t == GIR__LANES_AVX512_F64 ? gir__avx512_load_f64(x1 + k) : gir__avx512_loadn_f64(x1 + k, t);
        r = gir__avx512_map2_f64(gir__v_fmod_f64, v0, v1);
        if (t == GIR__LANES_AVX512_F64) gir__avx512_store_f64(o + k, r); else gir__avx512_storen_f64(o + k, t, r);
    }
}
GIR__TARGET_AVX512 static void gir__k_gelu_tanh_f32__avx512(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    const gir__avx512_vf32 c0 = gir__avx512_set1_f32((float)0.5);
    const gir__avx512_vf32 c1 = gir__avx512_set1_f32((float)1);
    const gir__avx512_vf32 c2 = gir__avx512_set1_f32((float)0.7978845608028654);
    const gir__avx512_vf32 c3 = gir__avx512_set1_f32((float)0.044715);
    gir__avx512_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx512_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX512_F32) {
        int t = n - k < GIR__LANES_AVX512_F32 ? (int)(n - k) : GIR__LANES_AVX512_F32;
        if (st[0]) v0 = t == GIR__LANES_AVX512_F32 ? gir__avx512_load_f32(x0 + k) : gir__avx512_loadn_f32(x0 + k, t);
        r = gir__avx512_mul_f32(gir__avx512_mul_f32(c0, v0), gir__avx512_add_f32(c1, gir__avx512_tanh_f32(gir__avx512_mul_f32(c2, gir__avx512_add_f32(v0, gir__avx512_mul_f32(gir__avx512_mul_f32(gir__avx512_mul_f32(c3, v0), v0), v0))))));
        if (t == GIR__LANES_AVX512_F32) gir__avx512_store_f32(o + k, r); else gir__avx512_storen_f32(o + k, t, r);
    }
}
GIR__TARGET_AVX512 static void gir__k_gelu_tanh_f64__avx512(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    const gir__avx512_vf64 c0 = gir__avx512_set1_f64((double)0.5);
    const gir__avx512_vf64 c1 = gir__avx512_set1_f64((double)1);
    const gir__avx512_vf64 c2 = gir__avx512_set1_f64((double)0.7978845608028654);
    const gir__avx512_vf64 c3 = gir__avx512_set1_f64((double)0.044715);
    gir__avx512_vf64 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx512_set1_f64(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX512_F64) {
        int t = n - k < GIR__LANES_AVX512_F64 ? (int)(n - k) : GIR__LANES_AVX512_F64;
        if (st[0]) v0 = t == GIR__LANES_AVX512_F64 ? gir__avx512_load_f64(x0 + k) : gir__avx512_loadn_f64(x0 + k, t);
        r = gir__avx512_mul_f64(gir__avx512_mul_f64(c0, v0), gir__avx512_add_f64(c1, gir__avx512_tanh_f64(gir__avx512_mul_f64(c2, gir__avx512_add_f64(v0, gir__avx512_mul_f64(gir__avx512_mul_f64(gir__avx512_mul_f64(c3, v0), v0), v0))))));
        if (t == GIR__LANES_AVX512_F64) gir__avx512_store_f64(o + k, r); else gir__avx512_storen_f64(o + k, t, r);
    }
}
static const gir__ew_fn gir__ew_table_avx512[GIR_OP__COUNT][GIR__DTYPE_SLOTS] = {
    {0, 0, 0, 0, 0, 0},
    {0, 0, 0, 0, 0, 0}, /* INPUT */
    {0, 0, 0, 0, 0, 0}, /* VARIABLE */
    {0, 0, 0, 0, 0, 0}, /* CONSTANT */
    {0, 0, 0, 0, 0, 0}, /* FILL */
    {0, 0, 0, 0, 0, 0}, /* EYE */
    {0, 0, 0, 0, 0, 0}, /* ARANGE */
    {0, 0, 0, 0, 0, 0}, /* RAND_UNIFORM */
    {0, 0, 0, 0, 0, 0}, /* RAND_NORMAL */
    {0, 0, 0, 0, 0, 0}, /* NOT */
    {0, 0, 0, 0, 0, 0}, /* AND */
    {0, 0, 0, 0, 0, 0}, /* OR */
    {0, 0, 0, 0, 0, 0}, /* XOR */
    {0, 0, 0, 0, 0, 0}, /* GT */
    {0, 0, 0, 0, 0, 0}, /* GE */
    {0, 0, 0, 0, 0, 0}, /* LT */
    {0, 0, 0, 0, 0, 0}, /* LE */
    {0, 0, 0, 0, 0, 0}, /* EQ */
    {0, 0, 0, 0, 0, 0}, /* NE */
    {0, 0, 0, 0, 0, 0}, /* APPROX_EQ */
    {0, 0, 0, 0, 0, 0}, /* ISNAN */
    {0, 0, 0, 0, 0, 0}, /* ISINF */
    {0, 0, 0, 0, 0, 0}, /* ISFINITE */
    {0, 0, 0, 0, gir__k_add_f32__avx512, gir__k_add_f64__avx512}, /* ADD */
    {0, 0, 0, 0, gir__k_sub_f32__avx512, gir__k_sub_f64__avx512}, /* SUB */
    {0, 0, 0, 0, gir__k_mul_f32__avx512, gir__k_mul_f64__avx512}, /* MUL */
    {0, 0, 0, 0, gir__k_div_f32__avx512, gir__k_div_f64__avx512}, /* DIV */
    {0, 0, 0, 0, gir__k_neg_f32__avx512, gir__k_neg_f64__avx512}, /* NEG */
    {0, 0, 0, 0, gir__k_pow_f32__avx512, gir__k_pow_f64__avx512}, /* POW */
    {0, 0, 0, 0, gir__k_maximum_f32__avx512, gir__k_maximum_f64__avx512}, /* MAXIMUM */
    {0, 0, 0, 0, gir__k_minimum_f32__avx512, gir__k_minimum_f64__avx512}, /* MINIMUM */
    {0, 0, 0, 0, gir__k_mod_f32__avx512, gir__k_mod_f64__avx512}, /* MOD */
    {0, 0, 0, 0, gir__k_floordiv_f32__avx512, gir__k_floordiv_f64__avx512}, /* FLOORDIV */
    {0, 0, 0, 0, 0, 0}, /* ADD_N */
    {0, 0, 0, 0, gir__k_abs_f32__avx512, gir__k_abs_f64__avx512}, /* ABS */
    {0, 0, 0, 0, gir__k_sign_f32__avx512, gir__k_sign_f64__avx512}, /* SIGN */
    {0, 0, 0, 0, gir__k_square_f32__avx512, gir__k_square_f64__avx512}, /* SQUARE */
    {0, 0, 0, 0, gir__k_sqrt_f32__avx512, gir__k_sqrt_f64__avx512}, /* SQRT */
    {0, 0, 0, 0, gir__k_rsqrt_f32__avx512, gir__k_rsqrt_f64__avx512}, /* RSQRT */
    {0, 0, 0, 0, gir__k_reciprocal_f32__avx512, gir__k_reciprocal_f64__avx512}, /* RECIPROCAL */
    {0, 0, 0, 0, gir__k_exp_f32__avx512, gir__k_exp_f64__avx512}, /* EXP */
    {0, 0, 0, 0, gir__k_expm1_f32__avx512, gir__k_expm1_f64__avx512}, /* EXPM1 */
    {0, 0, 0, 0, gir__k_log_f32__avx512, gir__k_log_f64__avx512}, /* LOG */
    {0, 0, 0, 0, gir__k_log1p_f32__avx512, gir__k_log1p_f64__avx512}, /* LOG1P */
    {0, 0, 0, 0, gir__k_log2_f32__avx512, gir__k_log2_f64__avx512}, /* LOG2 */
    {0, 0, 0, 0, gir__k_sin_f32__avx512, gir__k_sin_f64__avx512}, /* SIN */
    {0, 0, 0, 0, gir__k_cos_f32__avx512, gir__k_cos_f64__avx512}, /* COS */
    {0, 0, 0, 0, gir__k_tan_f32__avx512, gir__k_tan_f64__avx512}, /* TAN */
    {0, 0, 0, 0, gir__k_asin_f32__avx512, gir__k_asin_f64__avx512}, /* ASIN */
    {0, 0, 0, 0, gir__k_acos_f32__avx512, gir__k_acos_f64__avx512}, /* ACOS */
    {0, 0, 0, 0, gir__k_atan_f32__avx512, gir__k_atan_f64__avx512}, /* ATAN */
    {0, 0, 0, 0, gir__k_sinh_f32__avx512, gir__k_sinh_f64__avx512}, /* SINH */
    {0, 0, 0, 0, gir__k_cosh_f32__avx512, gir__k_cosh_f64__avx512}, /* COSH */
    {0, 0, 0, 0, gir__k_tanh_f32__avx512, gir__k_tanh_f64__avx512}, /* TANH */
    {0, 0, 0, 0, gir__k_sigmoid_f32__avx512, gir__k_sigmoid_f64__avx512}, /* SIGMOID */
    {0, 0, 0, 0, gir__k_softplus_f32__avx512, gir__k_softplus_f64__avx512}, /* SOFTPLUS */
    {0, 0, 0, 0, gir__k_relu_f32__avx512, gir__k_relu_f64__avx512}, /* RELU */
    {0, 0, 0, 0, gir__k_leaky_relu_f32__avx512, gir__k_leaky_relu_f64__avx512}, /* LEAKY_RELU */
    {0, 0, 0, 0, gir__k_elu_f32__avx512, gir__k_elu_f64__avx512}, /* ELU */
    {0, 0, 0, 0, gir__k_gelu_f32__avx512, gir__k_gelu_f64__avx512}, /* GELU */
    {0, 0, 0, 0, gir__k_silu_f32__avx512, gir__k_silu_f64__avx512}, /* SILU */
    {0, 0, 0, 0, gir__k_erf_f32__avx512, gir__k_erf_f64__avx512}, /* ERF */
    {0, 0, 0, 0, gir__k_floor_f32__avx512, gir__k_floor_f64__avx512}, /* FLOOR */
    {0, 0, 0, 0, gir__k_ceil_f32__avx512, gir__k_ceil_f64__avx512}, /* CEIL */
    {0, 0, 0, 0, gir__k_round_f32__avx512, gir__k_round_f64__avx512}, /* ROUND */
    {0, 0, 0, 0, gir__k_clamp_f32__avx512, gir__k_clamp_f64__avx512}, /* CLAMP */
    {0, 0, 0, 0, 0, 0}, /* SUM */
    {0, 0, 0, 0, 0, 0}, /* MEAN */
    {0, 0, 0, 0, 0, 0}, /* PROD */
    {0, 0, 0, 0, 0, 0}, /* MAX */
    {0, 0, 0, 0, 0, 0}, /* MIN */
    {0, 0, 0, 0, 0, 0}, /* VAR */
    {0, 0, 0, 0, 0, 0}, /* LOGSUMEXP */
    {0, 0, 0, 0, 0, 0}, /* ARGMAX */
    {0, 0, 0, 0, 0, 0}, /* ARGMIN */
    {0, 0, 0, 0, 0, 0}, /* ALL */
    {0, 0, 0, 0, 0, 0}, /* ANY */
    {0, 0, 0, 0, 0, 0}, /* RESHAPE */
    {0, 0, 0, 0, 0, 0}, /* TRANSPOSE */
    {0, 0, 0, 0, 0, 0}, /* BROADCAST_TO */
    {0, 0, 0, 0, 0, 0}, /* SLICE */
    {0, 0, 0, 0, 0, 0}, /* UNSLICE */
    {0, 0, 0, 0, 0, 0}, /* CONCAT */
    {0, 0, 0, 0, 0, 0}, /* FLIP */
    {0, 0, 0, 0, 0, 0}, /* PAD */
    {0, 0, 0, 0, 0, 0}, /* INDEX_SELECT */
    {0, 0, 0, 0, 0, 0}, /* INDEX_ADD */
    {0, 0, 0, 0, 0, 0}, /* ONE_HOT */
    {0, 0, 0, 0, 0, 0}, /* WHERE */
    {0, 0, 0, 0, 0, 0}, /* DIAG */
    {0, 0, 0, 0, 0, 0}, /* DIAGONAL */
    {0, 0, 0, 0, 0, 0}, /* TRIU */
    {0, 0, 0, 0, 0, 0}, /* TRIL */
    {0, 0, 0, 0, 0, 0}, /* CAST */
    {0, 0, 0, 0, 0, 0}, /* STOP_GRADIENT */
    {0, 0, 0, 0, 0, 0}, /* MATMUL */
    {0, 0, 0, 0, 0, 0}, /* DOT */
    {0, 0, 0, 0, 0, 0}, /* OUTER */
    {0, 0, 0, 0, 0, 0}, /* TRACE */
    {0, 0, 0, 0, 0, 0}, /* INVERSE */
    {0, 0, 0, 0, 0, 0}, /* DET */
    {0, 0, 0, 0, 0, 0}, /* LOGDET */
    {0, 0, 0, 0, 0, 0}, /* CHOLESKY */
    {0, 0, 0, 0, 0, 0}, /* TRISOLVE */
    {0, 0, 0, 0, 0, 0}, /* SOFTMAX */
    {0, 0, 0, 0, 0, 0}, /* LOG_SOFTMAX */
    {0, 0, 0, 0, 0, 0}, /* XENT_LOGITS */
    {0, 0, 0, 0, 0, 0}, /* XENT_LOGITS_PROB */
    {0, 0, 0, 0, gir__k_bce_logits_f32__avx512, gir__k_bce_logits_f64__avx512}, /* BCE_LOGITS */
    {0, 0, 0, 0, 0, 0}, /* MSE */
    {0, 0, 0, 0, 0, 0}, /* CONV2D */
    {0, 0, 0, 0, 0, 0}, /* CONV2D_BWD_DATA */
    {0, 0, 0, 0, 0, 0}, /* CONV2D_BWD_FILTER */
    {0, 0, 0, 0, 0, 0}, /* MAX_POOL2D */
    {0, 0, 0, 0, 0, 0}, /* MAX_POOL2D_BWD */
    {0, 0, 0, 0, 0, 0}, /* AVG_POOL2D */
    {0, 0, 0, 0, 0, 0}, /* AVG_POOL2D_BWD */
    {0, 0, 0, 0, 0, 0}, /* DROPOUT */
    {0, 0, 0, 0, 0, 0}, /* GATHER */
    {0, 0, 0, 0, 0, 0}, /* SCATTER_ADD */
    {0, 0, 0, 0, gir__k_fmod_f32__avx512, gir__k_fmod_f64__avx512}, /* FMOD */
    {0, 0, 0, 0, gir__k_gelu_tanh_f32__avx512, gir__k_gelu_tanh_f64__avx512}, /* GELU_TANH */
};
#endif
#if defined(GIR__HAVE_AVX2)
/* generated from ops.def: avx2 kernels (float rows; integer, bool and compare rows stay scalar) */
GIR__TARGET_AVX2 static void gir__k_add_f32__avx2(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    const float *x1 = (const float *)in[1];
    gir__avx2_vf32 v0, v1, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx2_set1_f32(x0[0]);
    v1 = gir__avx2_set1_f32(x1[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX2_F32) {
        int t = n - k < GIR__LANES_AVX2_F32 ? (int)(n - k) : GIR__LANES_AVX2_F32;
        if (st[0]) v0 = t == GIR__LANES_AVX2_F32 ? gir__avx2_load_f32(x0 + k) : gir__avx2_loadn_f32(x0 + k, t);
        if (st[1]) v1 = t == GIR__LANES_AVX2_F32 ? gir__avx2_load_f32(x1 + k) : gir__avx2_loadn_f32(x1 + k, t);
        r = gir__avx2_add_f32(v0, v1);
        if (t == GIR__LANES_AVX2_F32) gir__avx2_store_f32(o + k, r); else gir__avx2_storen_f32(o + k, t, r);
    }
}
GIR__TARGET_AVX2 static void gir__k_add_f64__avx2(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    const double *x1 = (const double *)in[1];
    gir__avx2_vf64 v0, v1, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx2_set1_f64(x0[0]);
    v1 = gir__avx2_set1_f64(x1[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX2_F64) {
        int t = n - k < GIR__LANES_AVX2_F64 ? (int)(n - k) : GIR__LANES_AVX2_F64;
        if (st[0]) v0 = t == GIR__LANES_AVX2_F64 ? gir__avx2_load_f64(x0 + k) : gir__avx2_loadn_f64(x0 + k, t);
        if (st[1]) v1 = t == GIR__LANES_AVX2_F64 ? gir__avx2_load_f64(x1 + k) : gir__avx2_loadn_f64(x1 + k, t);
        r = gir__avx2_add_f64(v0, v1);
        if (t == GIR__LANES_AVX2_F64) gir__avx2_store_f64(o + k, r); else gir__avx2_storen_f64(o + k, t, r);
    }
}
GIR__TARGET_AVX2 static void gir__k_sub_f32__avx2(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    const float *x1 = (const float *)in[1];
    gir__avx2_vf32 v0, v1, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx2_set1_f32(x0[0]);
    v1 = gir__avx2_set1_f32(x1[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX2_F32) {
        int t = n - k < GIR__LANES_AVX2_F32 ? (int)(n - k) : GIR__LANES_AVX2_F32;
        if (st[0]) v0 = t == GIR__LANES_AVX2_F32 ? gir__avx2_load_f32(x0 + k) : gir__avx2_loadn_f32(x0 + k, t);
        if (st[1]) v1 = t == GIR__LANES_AVX2_F32 ? gir__avx2_load_f32(x1 + k) : gir__avx2_loadn_f32(x1 + k, t);
        r = gir__avx2_sub_f32(v0, v1);
        if (t == GIR__LANES_AVX2_F32) gir__avx2_store_f32(o + k, r); else gir__avx2_storen_f32(o + k, t, r);
    }
}
GIR__TARGET_AVX2 static void gir__k_sub_f64__avx2(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    const double *x1 = (const double *)in[1];
    gir__avx2_vf64 v0, v1, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx2_set1_f64(x0[0]);
    v1 = gir__avx2_set1_f64(x1[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX2_F64) {
        int t = n - k < GIR__LANES_AVX2_F64 ? (int)(n - k) : GIR__LANES_AVX2_F64;
        if (st[0]) v0 = t == GIR__LANES_AVX2_F64 ? gir__avx2_load_f64(x0 + k) : gir__avx2_loadn_f64(x0 + k, t);
        if (st[1]) v1 = t == GIR__LANES_AVX2_F64 ? gir__avx2_load_f64(x1 + k) : gir__avx2_loadn_f64(x1 + k, t);
        r = gir__avx2_sub_f64(v0, v1);
        if (t == GIR__LANES_AVX2_F64) gir__avx2_store_f64(o + k, r); else gir__avx2_storen_f64(o + k, t, r);
    }
}
GIR__TARGET_AVX2 static void gir__k_mul_f32__avx2(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    const float *x1 = (const float *)in[1];
    gir__avx2_vf32 v0, v1, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx2_set1_f32(x0[0]);
    v1 = gir__avx2_set1_f32(x1[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX2_F32) {
        int t = n - k < GIR__LANES_AVX2_F32 ? (int)(n - k) : GIR__LANES_AVX2_F32;
        if (st[0]) v0 = t == GIR__LANES_AVX2_F32 ? gir__avx2_load_f32(x0 + k) : gir__avx2_loadn_f32(x0 + k, t);
        if (st[1]) v1 = t == GIR__LANES_AVX2_F32 ? gir__avx2_load_f32(x1 + k) : gir__avx2_loadn_f32(x1 + k, t);
        r = gir__avx2_mul_f32(v0, v1);
        if (t == GIR__LANES_AVX2_F32) gir__avx2_store_f32(o + k, r); else gir__avx2_storen_f32(o + k, t, r);
    }
}
GIR__TARGET_AVX2 static void gir__k_mul_f64__avx2(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    const double *x1 = (const double *)in[1];
    gir__avx2_vf64 v0, v1, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx2_set1_f64(x0[0]);
    v1 = gir__avx2_set1_f64(x1[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX2_F64) {
        int t = n - k < GIR__LANES_AVX2_F64 ? (int)(n - k) : GIR__LANES_AVX2_F64;
        if (st[0]) v0 = t == GIR__LANES_AVX2_F64 ? gir__avx2_load_f64(x0 + k) : gir__avx2_loadn_f64(x0 + k, t);
        if (st[1]) v1 = t == GIR__LANES_AVX2_F64 ? gir__avx2_load_f64(x1 + k) : gir__avx2_loadn_f64(x1 + k, t);
        r = gir__avx2_mul_f64(v0, v1);
        if (t == GIR__LANES_AVX2_F64) gir__avx2_store_f64(o + k, r); else gir__avx2_storen_f64(o + k, t, r);
    }
}
GIR__TARGET_AVX2 static void gir__k_div_f32__avx2(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    const float *x1 = (const float *)in[1];
    gir__avx2_vf32 v0, v1, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx2_set1_f32(x0[0]);
    v1 = gir__avx2_set1_f32(x1[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX2_F32) {
        int t = n - k < GIR__LANES_AVX2_F32 ? (int)(n - k) : GIR__LANES_AVX2_F32;
        if (st[0]) v0 = t == GIR__LANES_AVX2_F32 ? gir__avx2_load_f32(x0 + k) : gir__avx2_loadn_f32(x0 + k, t);
        if (st[1]) v1 = t == GIR__LANES_AVX2_F32 ? gir__avx2_load_f32(x1 + k) : gir__avx2_loadn_f32(x1 + k, t);
        r = gir__avx2_div_f32(v0, v1);
        if (t == GIR__LANES_AVX2_F32) gir__avx2_store_f32(o + k, r); else gir__avx2_storen_f32(o + k, t, r);
    }
}
GIR__TARGET_AVX2 static void gir__k_div_f64__avx2(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    const double *x1 = (const double *)in[1];
    gir__avx2_vf64 v0, v1, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx2_set1_f64(x0[0]);
    v1 = gir__avx2_set1_f64(x1[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX2_F64) {
        int t = n - k < GIR__LANES_AVX2_F64 ? (int)(n - k) : GIR__LANES_AVX2_F64;
        if (st[0]) v0 = t == GIR__LANES_AVX2_F64 ? gir__avx2_load_f64(x0 + k) : gir__avx2_loadn_f64(x0 + k, t);
        if (st[1]) v1 = t == GIR__LANES_AVX2_F64 ? gir__avx2_load_f64(x1 + k) : gir__avx2_loadn_f64(x1 + k, t);
        r = gir__avx2_div_f64(v0, v1);
        if (t == GIR__LANES_AVX2_F64) gir__avx2_store_f64(o + k, r); else gir__avx2_storen_f64(o + k, t, r);
    }
}
GIR__TARGET_AVX2 static void gir__k_neg_f32__avx2(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    gir__avx2_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx2_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX2_F32) {
        int t = n - k < GIR__LANES_AVX2_F32 ? (int)(n - k) : GIR__LANES_AVX2_F32;
        if (st[0]) v0 = t == GIR__LANES_AVX2_F32 ? gir__avx2_load_f32(x0 + k) : gir__avx2_loadn_f32(x0 + k, t);
        r = gir__avx2_neg_f32(v0);
        if (t == GIR__LANES_AVX2_F32) gir__avx2_store_f32(o + k, r); else gir__avx2_storen_f32(o + k, t, r);
    }
}
GIR__TARGET_AVX2 static void gir__k_neg_f64__avx2(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    gir__avx2_vf64 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx2_set1_f64(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX2_F64) {
        int t = n - k < GIR__LANES_AVX2_F64 ? (int)(n - k) : GIR__LANES_AVX2_F64;
        if (st[0]) v0 = t == GIR__LANES_AVX2_F64 ? gir__avx2_load_f64(x0 + k) : gir__avx2_loadn_f64(x0 + k, t);
        r = gir__avx2_neg_f64(v0);
        if (t == GIR__LANES_AVX2_F64) gir__avx2_store_f64(o + k, r); else gir__avx2_storen_f64(o + k, t, r);
    }
}
GIR__TARGET_AVX2 static void gir__k_pow_f32__avx2(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    const float *x1 = (const float *)in[1];
    gir__avx2_vf32 v0, v1, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx2_set1_f32(x0[0]);
    v1 = gir__avx2_set1_f32(x1[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX2_F32) {
        int t = n - k < GIR__LANES_AVX2_F32 ? (int)(n - k) : GIR__LANES_AVX2_F32;
        if (st[0]) v0 = t == GIR__LANES_AVX2_F32 ? gir__avx2_load_f32(x0 + k) : gir__avx2_loadn_f32(x0 + k, t);
        if (st[1]) v1 = t == GIR__LANES_AVX2_F32 ? gir__avx2_load_f32(x1 + k) : gir__avx2_loadn_f32(x1 + k, t);
        r = gir__avx2_map2_f32(gir__v_pow_f32, v0, v1);
        if (t == GIR__LANES_AVX2_F32) gir__avx2_store_f32(o + k, r); else gir__avx2_storen_f32(o + k, t, r);
    }
}
GIR__TARGET_AVX2 static void gir__k_pow_f64__avx2(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    const double *x1 = (const double *)in[1];
    gir__avx2_vf64 v0, v1, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx2_set1_f64(x0[0]);
    v1 = gir__avx2_set1_f64(x1[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX2_F64) {
        int t = n - k < GIR__LANES_AVX2_F64 ? (int)(n - k) : GIR__LANES_AVX2_F64;
        if (st[0]) v0 = t == GIR__LANES_AVX2_F64 ? gir__avx2_load_f64(x0 + k) : gir__avx2_loadn_f64(x0 + k, t);
        if (st[1]) v1 = t == GIR__LANES_AVX2_F64 ? gir__avx2_load_f64(x1 + k) : gir__avx2_loadn_f64(x1 + k, t);
        r = gir__avx2_map2_f64(gir__v_pow_f64, v0, v1);
        if (t == GIR__LANES_AVX2_F64) gir__avx2_store_f64(o + k, r); else gir__avx2_storen_f64(o + k, t, r);
    }
}
GIR__TARGET_AVX2 static void gir__k_maximum_f32__avx2(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    const float *x1 = (const float *)in[1];
    gir__avx2_vf32 v0, v1, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx2_set1_f32(x0[0]);
    v1 = gir__avx2_set1_f32(x1[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX2_F32) {
        int t = n - k < GIR__LANES_AVX2_F32 ? (int)(n - k) : GIR__LANES_AVX2_F32;
        if (st[0]) v0 = t == GIR__LANES_AVX2_F32 ? gir__avx2_load_f32(x0 + k) : gir__avx2_loadn_f32(x0 + k, t);
        if (st[1]) v1 = t == GIR__LANES_AVX2_F32 ? gir__avx2_load_f32(x1 + k) : gir__avx2_loadn_f32(x1 + k, t);
        r = gir__avx2_max_f32(v0, v1);
        if (t == GIR__LANES_AVX2_F32) gir__avx2_store_f32(o + k, r); else gir__avx2_storen_f32(o + k, t, r);
    }
}
GIR__TARGET_AVX2 static void gir__k_maximum_f64__avx2(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    const double *x1 = (const double *)in[1];
    gir__avx2_vf64 v0, v1, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx2_set1_f64(x0[0]);
    v1 = gir__avx2_set1_f64(x1[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX2_F64) {
        int t = n - k < GIR__LANES_AVX2_F64 ? (int)(n - k) : GIR__LANES_AVX2_F64;
        if (st[0]) v0 = t == GIR__LANES_AVX2_F64 ? gir__avx2_load_f64(x0 + k) : gir__avx2_loadn_f64(x0 + k, t);
        if (st[1]) v1 = t == GIR__LANES_AVX2_F64 ? gir__avx2_load_f64(x1 + k) : gir__avx2_loadn_f64(x1 + k, t);
        r = gir__avx2_max_f64(v0, v1);
        if (t == GIR__LANES_AVX2_F64) gir__avx2_store_f64(o + k, r); else gir__avx2_storen_f64(o + k, t, r);
    }
}
GIR__TARGET_AVX2 static void gir__k_minimum_f32__avx2(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    const float *x1 = (const float *)in[1];
    gir__avx2_vf32 v0, v1, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx2_set1_f32(x0[0]);
    v1 = gir__avx2_set1_f32(x1[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX2_F32) {
        int t = n - k < GIR__LANES_AVX2_F32 ? (int)(n - k) : GIR__LANES_AVX2_F32;
        if (st[0]) v0 = t == GIR__LANES_AVX2_F32 ? gir__avx2_load_f32(x0 + k) : gir__avx2_loadn_f32(x0 + k, t);
        if (st[1]) v1 = t == GIR__LANES_AVX2_F32 ? gir__avx2_load_f32(x1 + k) : gir__avx2_loadn_f32(x1 + k, t);
        r = gir__avx2_min_f32(v0, v1);
        if (t == GIR__LANES_AVX2_F32) gir__avx2_store_f32(o + k, r); else gir__avx2_storen_f32(o + k, t, r);
    }
}
GIR__TARGET_AVX2 static void gir__k_minimum_f64__avx2(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    const double *x1 = (const double *)in[1];
    gir__avx2_vf64 v0, v1, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx2_set1_f64(x0[0]);
    v1 = gir__avx2_set1_f64(x1[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX2_F64) {
        int t = n - k < GIR__LANES_AVX2_F64 ? (int)(n - k) : GIR__LANES_AVX2_F64;
        if (st[0]) v0 = t == GIR__LANES_AVX2_F64 ? gir__avx2_load_f64(x0 + k) : gir__avx2_loadn_f64(x0 + k, t);
        if (st[1]) v1 = t == GIR__LANES_AVX2_F64 ? gir__avx2_load_f64(x1 + k) : gir__avx2_loadn_f64(x1 + k, t);
        r = gir__avx2_min_f64(v0, v1);
        if (t == GIR__LANES_AVX2_F64) gir__avx2_store_f64(o + k, r); else gir__avx2_storen_f64(o + k, t, r);
    }
}
GIR__TARGET_AVX2 static void gir__k_mod_f32__avx2(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    const float *x1 = (const float *)in[1];
    gir__avx2_vf32 v0, v1, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx2_set1_f32(x0[0]);
    v1 = gir__avx2_set1_f32(x1[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX2_F32) {
        int t = n - k < GIR__LANES_AVX2_F32 ? (int)(n - k) : GIR__LANES_AVX2_F32;
        if (st[0]) v0 = t == GIR__LANES_AVX2_F32 ? gir__avx2_load_f32(x0 + k) : gir__avx2_loadn_f32(x0 + k, t);
        if (st[1]) v1 = t == GIR__LANES_AVX2_F32 ? gir__avx2_load_f32(x1 + k) : gir__avx2_loadn_f32(x1 + k, t);
        r = gir__avx2_map2_f32(gir__v_mod_f32, v0, v1);
        if (t == GIR__LANES_AVX2_F32) gir__avx2_store_f32(o + k, r); else gir__avx2_storen_f32(o + k, t, r);
    }
}
GIR__TARGET_AVX2 static void gir__k_mod_f64__avx2(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    const double *x1 = (const double *)in[1];
    gir__avx2_vf64 v0, v1, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx2_set1_f64(x0[0]);
    v1 = gir__avx2_set1_f64(x1[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX2_F64) {
        int t = n - k < GIR__LANES_AVX2_F64 ? (int)(n - k) : GIR__LANES_AVX2_F64;
        if (st[0]) v0 = t == GIR__LANES_AVX2_F64 ? gir__avx2_load_f64(x0 + k) : gir__avx2_loadn_f64(x0 + k, t);
        if (st[1]) v1 = t == GIR__LANES_AVX2_F64 ? gir__avx2_load_f64(x1 + k) : gir__avx2_loadn_f64(x1 + k, t);
        r = gir__avx2_map2_f64(gir__v_mod_f64, v0, v1);
        if (t == GIR__LANES_AVX2_F64) gir__avx2_store_f64(o + k, r); else gir__avx2_storen_f64(o + k, t, r);
    }
}
GIR__TARGET_AVX2 static void gir__k_floordiv_f32__avx2(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    const float *x1 = (const float *)in[1];
    gir__avx2_vf32 v0, v1, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx2_set1_f32(x0[0]);
    v1 = gir__avx2_set1_f32(x1[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX2_F32) {
        int t = n - k < GIR__LANES_AVX2_F32 ? (int)(n - k) : GIR__LANES_AVX2_F32;
        if (st[0]) v0 = t == GIR__LANES_AVX2_F32 ? gir__avx2_load_f32(x0 + k) : gir__avx2_loadn_f32(x0 + k, t);
        if (st[1]) v1 = t == GIR__LANES_AVX2_F32 ? gir__avx2_load_f32(x1 + k) : gir__avx2_loadn_f32(x1 + k, t);
        r = gir__avx2_map2_f32(gir__v_floordiv_f32, v0, v1);
        if (t == GIR__LANES_AVX2_F32) gir__avx2_store_f32(o + k, r); else gir__avx2_storen_f32(o + k, t, r);
    }
}
GIR__TARGET_AVX2 static void gir__k_floordiv_f64__avx2(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    const double *x1 = (const double *)in[1];
    gir__avx2_vf64 v0, v1, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx2_set1_f64(x0[0]);
    v1 = gir__avx2_set1_f64(x1[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX2_F64) {
        int t = n - k < GIR__LANES_AVX2_F64 ? (int)(n - k) : GIR__LANES_AVX2_F64;
        if (st[0]) v0 = t == GIR__LANES_AVX2_F64 ? gir__avx2_load_f64(x0 + k) : gir__avx2_loadn_f64(x0 + k, t);
        if (st[1]) v1 = t == GIR__LANES_AVX2_F64 ? gir__avx2_load_f64(x1 + k) : gir__avx2_loadn_f64(x1 + k, t);
        r = gir__avx2_map2_f64(gir__v_floordiv_f64, v0, v1);
        if (t == GIR__LANES_AVX2_F64) gir__avx2_store_f64(o + k, r); else gir__avx2_storen_f64(o + k, t, r);
    }
}
GIR__TARGET_AVX2 static void gir__k_abs_f32__avx2(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    gir__avx2_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx2_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX2_F32) {
        int t = n - k < GIR__LANES_AVX2_F32 ? (int)(n - k) : GIR__LANES_AVX2_F32;
        if (st[0]) v0 = t == GIR__LANES_AVX2_F32 ? gir__avx2_load_f32(x0 + k) : gir__avx2_loadn_f32(x0 + k, t);
        r = gir__avx2_abs_f32(v0);
        if (t == GIR__LANES_AVX2_F32) gir__avx2_store_f32(o + k, r); else gir__avx2_storen_f32(o + k, t, r);
    }
}
GIR__TARGET_AVX2 static void gir__k_abs_f64__avx2(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    gir__avx2_vf64 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx2_set1_f64(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX2_F64) {
        int t = n - k < GIR__LANES_AVX2_F64 ? (int)(n - k) : GIR__LANES_AVX2_F64;
        if (st[0]) v0 = t == GIR__LANES_AVX2_F64 ? gir__avx2_load_f64(x0 + k) : gir__avx2_loadn_f64(x0 + k, t);
        r = gir__avx2_abs_f64(v0);
        if (t == GIR__LANES_AVX2_F64) gir__avx2_store_f64(o + k, r); else gir__avx2_storen_f64(o + k, t, r);
    }
}
GIR__TARGET_AVX2 static void gir__k_sign_f32__avx2(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    gir__avx2_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx2_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX2_F32) {
        int t = n - k < GIR__LANES_AVX2_F32 ? (int)(n - k) : GIR__LANES_AVX2_F32;
        if (st[0]) v0 = t == GIR__LANES_AVX2_F32 ? gir__avx2_load_f32(x0 + k) : gir__avx2_loadn_f32(x0 + k, t);
        r = gir__avx2_sign_f32(v0);
        if (t == GIR__LANES_AVX2_F32) gir__avx2_store_f32(o + k, r); else gir__avx2_storen_f32(o + k, t, r);
    }
}
GIR__TARGET_AVX2 static void gir__k_sign_f64__avx2(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    gir__avx2_vf64 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx2_set1_f64(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX2_F64) {
        int t = n - k < GIR__LANES_AVX2_F64 ? (int)(n - k) : GIR__LANES_AVX2_F64;
        if (st[0]) v0 = t == GIR__LANES_AVX2_F64 ? gir__avx2_load_f64(x0 + k) : gir__avx2_loadn_f64(x0 + k, t);
        r = gir__avx2_sign_f64(v0);
        if (t == GIR__LANES_AVX2_F64) gir__avx2_store_f64(o + k, r); else gir__avx2_storen_f64(o + k, t, r);
    }
}
GIR__TARGET_AVX2 static void gir__k_square_f32__avx2(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    gir__avx2_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx2_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX2_F32) {
        int t = n - k < GIR__LANES_AVX2_F32 ? (int)(n - k) : GIR__LANES_AVX2_F32;
        if (st[0]) v0 = t == GIR__LANES_AVX2_F32 ? gir__avx2_load_f32(x0 + k) : gir__avx2_loadn_f32(x0 + k, t);
        r = gir__avx2_mul_f32(v0, v0);
        if (t == GIR__LANES_AVX2_F32) gir__avx2_store_f32(o + k, r); else gir__avx2_storen_f32(o + k, t, r);
    }
}
GIR__TARGET_AVX2 static void gir__k_square_f64__avx2(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    gir__avx2_vf64 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx2_set1_f64(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX2_F64) {
        int t = n - k < GIR__LANES_AVX2_F64 ? (int)(n - k) : GIR__LANES_AVX2_F64;
        if (st[0]) v0 = t == GIR__LANES_AVX2_F64 ? gir__avx2_load_f64(x0 + k) : gir__avx2_loadn_f64(x0 + k, t);
        r = gir__avx2_mul_f64(v0, v0);
        if (t == GIR__LANES_AVX2_F64) gir__avx2_store_f64(o + k, r); else gir__avx2_storen_f64(o + k, t, r);
    }
}
GIR__TARGET_AVX2 static void gir__k_sqrt_f32__avx2(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    gir__avx2_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx2_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX2_F32) {
        int t = n - k < GIR__LANES_AVX2_F32 ? (int)(n - k) : GIR__LANES_AVX2_F32;
        if (st[0]) v0 = t == GIR__LANES_AVX2_F32 ? gir__avx2_load_f32(x0 + k) : gir__avx2_loadn_f32(x0 + k, t);
        r = gir__avx2_sqrt_f32(v0);
        if (t == GIR__LANES_AVX2_F32) gir__avx2_store_f32(o + k, r); else gir__avx2_storen_f32(o + k, t, r);
    }
}
GIR__TARGET_AVX2 static void gir__k_sqrt_f64__avx2(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    gir__avx2_vf64 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx2_set1_f64(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX2_F64) {
        int t = n - k < GIR__LANES_AVX2_F64 ? (int)(n - k) : GIR__LANES_AVX2_F64;
        if (st[0]) v0 = t == GIR__LANES_AVX2_F64 ? gir__avx2_load_f64(x0 + k) : gir__avx2_loadn_f64(x0 + k, t);
        r = gir__avx2_sqrt_f64(v0);
        if (t == GIR__LANES_AVX2_F64) gir__avx2_store_f64(o + k, r); else gir__avx2_storen_f64(o + k, t, r);
    }
}
GIR__TARGET_AVX2 static void gir__k_rsqrt_f32__avx2(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    const gir__avx2_vf32 c0 = gir__avx2_set1_f32((float)1);
    gir__avx2_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx2_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX2_F32) {
        int t = n - k < GIR__LANES_AVX2_F32 ? (int)(n - k) : GIR__LANES_AVX2_F32;
        if (st[0]) v0 = t == GIR__LANES_AVX2_F32 ? gir__avx2_load_f32(x0 + k) : gir__avx2_loadn_f32(x0 + k, t);
        r = gir__avx2_div_f32(c0, gir__avx2_sqrt_f32(v0));
        if (t == GIR__LANES_AVX2_F32) gir__avx2_store_f32(o + k, r); else gir__avx2_storen_f32(o + k, t, r);
    }
}
GIR__TARGET_AVX2 static void gir__k_rsqrt_f64__avx2(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    const gir__avx2_vf64 c0 = gir__avx2_set1_f64((double)1);
    gir__avx2_vf64 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx2_set1_f64(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX2_F64) {
        int t = n - k < GIR__LANES_AVX2_F64 ? (int)(n - k) : GIR__LANES_AVX2_F64;
        if (st[0]) v0 = t == GIR__LANES_AVX2_F64 ? gir__avx2_load_f64(x0 + k) : gir__avx2_loadn_f64(x0 + k, t);
        r = gir__avx2_div_f64(c0, gir__avx2_sqrt_f64(v0));
        if (t == GIR__LANES_AVX2_F64) gir__avx2_store_f64(o + k, r); else gir__avx2_storen_f64(o + k, t, r);
    }
}
GIR__TARGET_AVX2 static void gir__k_reciprocal_f32__avx2(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    const gir__avx2_vf32 c0 = gir__avx2_set1_f32((float)1);
    gir__avx2_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx2_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX2_F32) {
        int t = n - k < GIR__LANES_AVX2_F32 ? (int)(n - k) : GIR__LANES_AVX2_F32;
        if (st[0]) v0 = t == GIR__LANES_AVX2_F32 ? gir__avx2_load_f32(x0 + k) : gir__avx2_loadn_f32(x0 + k, t);
        r = gir__avx2_div_f32(c0, v0);
        if (t == GIR__LANES_AVX2_F32) gir__avx2_store_f32(o + k, r); else gir__avx2_storen_f32(o + k, t, r);
    }
}
GIR__TARGET_AVX2 static void gir__k_reciprocal_f64__avx2(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    const gir__avx2_vf64 c0 = gir__avx2_set1_f64((double)1);
    gir__avx2_vf64 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx2_set1_f64(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX2_F64) {
        int t = n - k < GIR__LANES_AVX2_F64 ? (int)(n - k) : GIR__LANES_AVX2_F64;
        if (st[0]) v0 = t == GIR__LANES_AVX2_F64 ? gir__avx2_load_f64(x0 + k) : gir__avx2_loadn_f64(x0 + k, t);
        r = gir__avx2_div_f64(c0, v0);
        if (t == GIR__LANES_AVX2_F64) gir__avx2_store_f64(o + k, r); else gir__avx2_storen_f64(o + k, t, r);
    }
}
GIR__TARGET_AVX2 static void gir__k_exp_f32__avx2(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    gir__avx2_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx2_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX2_F32) {
        int t = n - k < GIR__LANES_AVX2_F32 ? (int)(n - k) : GIR__LANES_AVX2_F32;
        if (st[0]) v0 = t == GIR__LANES_AVX2_F32 ? gir__avx2_load_f32(x0 + k) : gir__avx2_loadn_f32(x0 + k, t);
        r = gir__avx2_exp_f32(v0);
        if (t == GIR__LANES_AVX2_F32) gir__avx2_store_f32(o + k, r); else gir__avx2_storen_f32(o + k, t, r);
    }
}
GIR__TARGET_AVX2 static void gir__k_exp_f64__avx2(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    gir__avx2_vf64 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx2_set1_f64(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX2_F64) {
        int t = n - k < GIR__LANES_AVX2_F64 ? (int)(n - k) : GIR__LANES_AVX2_F64;
        if (st[0]) v0 = t == GIR__LANES_AVX2_F64 ? gir__avx2_load_f64(x0 + k) : gir__avx2_loadn_f64(x0 + k, t);
        r = gir__avx2_exp_f64(v0);
        if (t == GIR__LANES_AVX2_F64) gir__avx2_store_f64(o + k, r); else gir__avx2_storen_f64(o + k, t, r);
    }
}
GIR__TARGET_AVX2 static void gir__k_expm1_f32__avx2(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    gir__avx2_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx2_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX2_F32) {
        int t = n - k < GIR__LANES_AVX2_F32 ? (int)(n - k) : GIR__LANES_AVX2_F32;
        if (st[0]) v0 = t == GIR__LANES_AVX2_F32 ? gir__avx2_load_f32(x0 + k) : gir__avx2_loadn_f32(x0 + k, t);
        r = gir__avx2_expm1_f32(v0);
        if (t == GIR__LANES_AVX2_F32) gir__avx2_store_f32(o + k, r); else gir__avx2_storen_f32(o + k, t, r);
    }
}
GIR__TARGET_AVX2 static void gir__k_expm1_f64__avx2(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    gir__avx2_vf64 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx2_set1_f64(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX2_F64) {
        int t = n - k < GIR__LANES_AVX2_F64 ? (int)(n - k) : GIR__LANES_AVX2_F64;
        if (st[0]) v0 = t == GIR__LANES_AVX2_F64 ? gir__avx2_load_f64(x0 + k) : gir__avx2_loadn_f64(x0 + k, t);
        r = gir__avx2_expm1_f64(v0);
        if (t == GIR__LANES_AVX2_F64) gir__avx2_store_f64(o + k, r); else gir__avx2_storen_f64(o + k, t, r);
    }
}
GIR__TARGET_AVX2 static void gir__k_log_f32__avx2(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    gir__avx2_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx2_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX2_F32) {
        int t = n - k < GIR__LANES_AVX2_F32 ? (int)(n - k) : GIR__LANES_AVX2_F32;
        if (st[0]) v0 = t == GIR__LANES_AVX2_F32 ? gir__avx2_load_f32(x0 + k) : gir__avx2_loadn_f32(x0 + k, t);
        r = gir__avx2_log_f32(v0);
        if (t == GIR__LANES_AVX2_F32) gir__avx2_store_f32(o + k, r); else gir__avx2_storen_f32(o + k, t, r);
    }
}
GIR__TARGET_AVX2 static void gir__k_log_f64__avx2(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    gir__avx2_vf64 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx2_set1_f64(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX2_F64) {
        int t = n - k < GIR__LANES_AVX2_F64 ? (int)(n - k) : GIR__LANES_AVX2_F64;
        if (st[0]) v0 = t == GIR__LANES_AVX2_F64 ? gir__avx2_load_f64(x0 + k) : gir__avx2_loadn_f64(x0 + k, t);
        r = gir__avx2_log_f64(v0);
        if (t == GIR__LANES_AVX2_F64) gir__avx2_store_f64(o + k, r); else gir__avx2_storen_f64(o + k, t, r);
    }
}
GIR__TARGET_AVX2 static void gir__k_log1p_f32__avx2(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    gir__avx2_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx2_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX2_F32) {
        int t = n - k < GIR__LANES_AVX2_F32 ? (int)(n - k) : GIR__LANES_AVX2_F32;
        if (st[0]) v0 = t == GIR__LANES_AVX2_F32 ? gir__avx2_load_f32(x0 + k) : gir__avx2_loadn_f32(x0 + k, t);
        r = gir__avx2_log1p_f32(v0);
        if (t == GIR__LANES_AVX2_F32) gir__avx2_store_f32(o + k, r); else gir__avx2_storen_f32(o + k, t, r);
    }
}
GIR__TARGET_AVX2 static void gir__k_log1p_f64__avx2(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    gir__avx2_vf64 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx2_set1_f64(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX2_F64) {
        int t = n - k < GIR__LANES_AVX2_F64 ? (int)(n - k) : GIR__LANES_AVX2_F64;
        if (st[0]) v0 = t == GIR__LANES_AVX2_F64 ? gir__avx2_load_f64(x0 + k) : gir__avx2_loadn_f64(x0 + k, t);
        r = gir__avx2_log1p_f64(v0);
        if (t == GIR__LANES_AVX2_F64) gir__avx2_store_f64(o + k, r); else gir__avx2_storen_f64(o + k, t, r);
    }
}
GIR__TARGET_AVX2 static void gir__k_log2_f32__avx2(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    gir__avx2_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx2_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX2_F32) {
        int t = n - k < GIR__LANES_AVX2_F32 ? (int)(n - k) : GIR__LANES_AVX2_F32;
        if (st[0]) v0 = t == GIR__LANES_AVX2_F32 ? gir__avx2_load_f32(x0 + k) : gir__avx2_loadn_f32(x0 + k, t);
        r = gir__avx2_log2_f32(v0);
        if (t == GIR__LANES_AVX2_F32) gir__avx2_store_f32(o + k, r); else gir__avx2_storen_f32(o + k, t, r);
    }
}
GIR__TARGET_AVX2 static void gir__k_log2_f64__avx2(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    gir__avx2_vf64 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx2_set1_f64(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX2_F64) {
        int t = n - k < GIR__LANES_AVX2_F64 ? (int)(n - k) : GIR__LANES_AVX2_F64;
        if (st[0]) v0 = t == GIR__LANES_AVX2_F64 ? gir__avx2_load_f64(x0 + k) : gir__avx2_loadn_f64(x0 + k, t);
        r = gir__avx2_log2_f64(v0);
        if (t == GIR__LANES_AVX2_F64) gir__avx2_store_f64(o + k, r); else gir__avx2_storen_f64(o + k, t, r);
    }
}
GIR__TARGET_AVX2 static void gir__k_sin_f32__avx2(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    gir__avx2_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx2_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX2_F32) {
        int t = n - k < GIR__LANES_AVX2_F32 ? (int)(n - k) : GIR__LANES_AVX2_F32;
        if (st[0]) v0 = t == GIR__LANES_AVX2_F32 ? gir__avx2_load_f32(x0 + k) : gir__avx2_loadn_f32(x0 + k, t);
        r = gir__avx2_map1_f32(gir__v_sin_f32, v0);
        if (t == GIR__LANES_AVX2_F32) gir__avx2_store_f32(o + k, r); else gir__avx2_storen_f32(o + k, t, r);
    }
}
GIR__TARGET_AVX2 static void gir__k_sin_f64__avx2(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    gir__avx2_vf64 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx2_set1_f64(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX2_F64) {
        int t = n - k < GIR__LANES_AVX2_F64 ? (int)(n - k) : GIR__LANES_AVX2_F64;
        if (st[0]) v0 = t == GIR__LANES_AVX2_F64 ? gir__avx2_load_f64(x0 + k) : gir__avx2_loadn_f64(x0 + k, t);
        r = gir__avx2_map1_f64(gir__v_sin_f64, v0);
        if (t == GIR__LANES_AVX2_F64) gir__avx2_store_f64(o + k, r); else gir__avx2_storen_f64(o + k, t, r);
    }
}
GIR__TARGET_AVX2 static void gir__k_cos_f32__avx2(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    gir__avx2_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx2_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX2_F32) {
        int t = n - k < GIR__LANES_AVX2_F32 ? (int)(n - k) : GIR__LANES_AVX2_F32;
        if (st[0]) v0 = t == GIR__LANES_AVX2_F32 ? gir__avx2_load_f32(x0 + k) : gir__avx2_loadn_f32(x0 + k, t);
        r = gir__avx2_map1_f32(gir__v_cos_f32, v0);
        if (t == GIR__LANES_AVX2_F32) gir__avx2_store_f32(o + k, r); else gir__avx2_storen_f32(o + k, t, r);
    }
}
GIR__TARGET_AVX2 static void gir__k_cos_f64__avx2(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    gir__avx2_vf64 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx2_set1_f64(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX2_F64) {
        int t = n - k < GIR__LANES_AVX2_F64 ? (int)(n - k) : GIR__LANES_AVX2_F64;
        if (st[0]) v0 = t == GIR__LANES_AVX2_F64 ? gir__avx2_load_f64(x0 + k) : gir__avx2_loadn_f64(x0 + k, t);
        r = gir__avx2_map1_f64(gir__v_cos_f64, v0);
        if (t == GIR__LANES_AVX2_F64) gir__avx2_store_f64(o + k, r); else gir__avx2_storen_f64(o + k, t, r);
    }
}
GIR__TARGET_AVX2 static void gir__k_tan_f32__avx2(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    gir__avx2_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx2_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX2_F32) {
        int t = n - k < GIR__LANES_AVX2_F32 ? (int)(n - k) : GIR__LANES_AVX2_F32;
        if (st[0]) v0 = t == GIR__LANES_AVX2_F32 ? gir__avx2_load_f32(x0 + k) : gir__avx2_loadn_f32(x0 + k, t);
        r = gir__avx2_map1_f32(gir__v_tan_f32, v0);
        if (t == GIR__LANES_AVX2_F32) gir__avx2_store_f32(o + k, r); else gir__avx2_storen_f32(o + k, t, r);
    }
}
GIR__TARGET_AVX2 static void gir__k_tan_f64__avx2(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    gir__avx2_vf64 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx2_set1_f64(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX2_F64) {
        int t = n - k < GIR__LANES_AVX2_F64 ? (int)(n - k) : GIR__LANES_AVX2_F64;
        if (st[0]) v0 = t == GIR__LANES_AVX2_F64 ? gir__avx2_load_f64(x0 + k) : gir__avx2_loadn_f64(x0 + k, t);
        r = gir__avx2_map1_f64(gir__v_tan_f64, v0);
        if (t == GIR__LANES_AVX2_F64) gir__avx2_store_f64(o + k, r); else gir__avx2_storen_f64(o + k, t, r);
    }
}
GIR__TARGET_AVX2 static void gir__k_asin_f32__avx2(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    gir__avx2_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx2_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX2_F32) {
        int t = n - k < GIR__LANES_AVX2_F32 ? (int)(n - k) : GIR__LANES_AVX2_F32;
        if (st[0]) v0 = t == GIR__LANES_AVX2_F32 ? gir__avx2_load_f32(x0 + k) : gir__avx2_loadn_f32(x0 + k, t);
        r = gir__avx2_map1_f32(gir__v_asin_f32, v0);
        if (t == GIR__LANES_AVX2_F32) gir__avx2_store_f32(o + k, r); else gir__avx2_storen_f32(o + k, t, r);
    }
}
GIR__TARGET_AVX2 static void gir__k_asin_f64__avx2(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    gir__avx2_vf64 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx2_set1_f64(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX2_F64) {
        int t = n - k < GIR__LANES_AVX2_F64 ? (int)(n - k) : GIR__LANES_AVX2_F64;
        if (st[0]) v0 = t == GIR__LANES_AVX2_F64 ? gir__avx2_load_f64(x0 + k) : gir__avx2_loadn_f64(x0 + k, t);
        r = gir__avx2_map1_f64(gir__v_asin_f64, v0);
        if (t == GIR__LANES_AVX2_F64) gir__avx2_store_f64(o + k, r); else gir__avx2_storen_f64(o + k, t, r);
    }
}
GIR__TARGET_AVX2 static void gir__k_acos_f32__avx2(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    gir__avx2_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx2_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX2_F32) {
        int t = n - k < GIR__LANES_AVX2_F32 ? (int)(n - k) : GIR__LANES_AVX2_F32;
        if (st[0]) v0 = t == GIR__LANES_AVX2_F32 ? gir__avx2_load_f32(x0 + k) : gir__avx2_loadn_f32(x0 + k, t);
        r = gir__avx2_map1_f32(gir__v_acos_f32, v0);
        if (t == GIR__LANES_AVX2_F32) gir__avx2_store_f32(o + k, r); else gir__avx2_storen_f32(o + k, t, r);
    }
}
GIR__TARGET_AVX2 static void gir__k_acos_f64__avx2(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    gir__avx2_vf64 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx2_set1_f64(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX2_F64) {
        int t = n - k < GIR__LANES_AVX2_F64 ? (int)(n - k) : GIR__LANES_AVX2_F64;
        if (st[0]) v0 = t == GIR__LANES_AVX2_F64 ? gir__avx2_load_f64(x0 + k) : gir__avx2_loadn_f64(x0 + k, t);
        r = gir__avx2_map1_f64(gir__v_acos_f64, v0);
        if (t == GIR__LANES_AVX2_F64) gir__avx2_store_f64(o + k, r); else gir__avx2_storen_f64(o + k, t, r);
    }
}
GIR__TARGET_AVX2 static void gir__k_atan_f32__avx2(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    gir__avx2_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx2_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX2_F32) {
        int t = n - k < GIR__LANES_AVX2_F32 ? (int)(n - k) : GIR__LANES_AVX2_F32;
        if (st[0]) v0 = t == GIR__LANES_AVX2_F32 ? gir__avx2_load_f32(x0 + k) : gir__avx2_loadn_f32(x0 + k, t);
        r = gir__avx2_map1_f32(gir__v_atan_f32, v0);
        if (t == GIR__LANES_AVX2_F32) gir__avx2_store_f32(o + k, r); else gir__avx2_storen_f32(o + k, t, r);
    }
}
GIR__TARGET_AVX2 static void gir__k_atan_f64__avx2(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    gir__avx2_vf64 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx2_set1_f64(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX2_F64) {
        int t = n - k < GIR__LANES_AVX2_F64 ? (int)(n - k) : GIR__LANES_AVX2_F64;
        if (st[0]) v0 = t == GIR__LANES_AVX2_F64 ? gir__avx2_load_f64(x0 + k) : gir__avx2_loadn_f64(x0 + k, t);
        r = gir__avx2_map1_f64(gir__v_atan_f64, v0);
        if (t == GIR__LANES_AVX2_F64) gir__avx2_store_f64(o + k, r); else gir__avx2_storen_f64(o + k, t, r);
    }
}
GIR__TARGET_AVX2 static void gir__k_sinh_f32__avx2(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    gir__avx2_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx2_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX2_F32) {
        int t = n - k < GIR__LANES_AVX2_F32 ? (int)(n - k) : GIR__LANES_AVX2_F32;
        if (st[0]) v0 = t == GIR__LANES_AVX2_F32 ? gir__avx2_load_f32(x0 + k) : gir__avx2_loadn_f32(x0 + k, t);
        r = gir__avx2_map1_f32(gir__v_sinh_f32, v0);
        if (t == GIR__LANES_AVX2_F32) gir__avx2_store_f32(o + k, r); else gir__avx2_storen_f32(o + k, t, r);
    }
}
GIR__TARGET_AVX2 static void gir__k_sinh_f64__avx2(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    gir__avx2_vf64 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx2_set1_f64(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX2_F64) {
        int t = n - k < GIR__LANES_AVX2_F64 ? (int)(n - k) : GIR__LANES_AVX2_F64;
        if (st[0]) v0 = t == GIR__LANES_AVX2_F64 ? gir__avx2_load_f64(x0 + k) : gir__avx2_loadn_f64(x0 + k, t);
        r = gir__avx2_map1_f64(gir__v_sinh_f64, v0);
        if (t == GIR__LANES_AVX2_F64) gir__avx2_store_f64(o + k, r); else gir__avx2_storen_f64(o + k, t, r);
    }
}
GIR__TARGET_AVX2 static void gir__k_cosh_f32__avx2(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    gir__avx2_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx2_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX2_F32) {
        int t = n - k < GIR__LANES_AVX2_F32 ? (int)(n - k) : GIR__LANES_AVX2_F32;
        if (st[0]) v0 = t == GIR__LANES_AVX2_F32 ? gir__avx2_load_f32(x0 + k) : gir__avx2_loadn_f32(x0 + k, t);
        r = gir__avx2_map1_f32(gir__v_cosh_f32, v0);
        if (t == GIR__LANES_AVX2_F32) gir__avx2_store_f32(o + k, r); else gir__avx2_storen_f32(o + k, t, r);
    }
}
GIR__TARGET_AVX2 static void gir__k_cosh_f64__avx2(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    gir__avx2_vf64 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx2_set1_f64(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX2_F64) {
        int t = n - k < GIR__LANES_AVX2_F64 ? (int)(n - k) : GIR__LANES_AVX2_F64;
        if (st[0]) v0 = t == GIR__LANES_AVX2_F64 ? gir__avx2_load_f64(x0 + k) : gir__avx2_loadn_f64(x0 + k, t);
        r = gir__avx2_map1_f64(gir__v_cosh_f64, v0);
        if (t == GIR__LANES_AVX2_F64) gir__avx2_store_f64(o + k, r); else gir__avx2_storen_f64(o + k, t, r);
    }
}
GIR__TARGET_AVX2 static void gir__k_tanh_f32__avx2(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    gir__avx2_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx2_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX2_F32) {
        int t = n - k < GIR__LANES_AVX2_F32 ? (int)(n - k) : GIR__LANES_AVX2_F32;
        if (st[0]) v0 = t == GIR__LANES_AVX2_F32 ? gir__avx2_load_f32(x0 + k) : gir__avx2_loadn_f32(x0 + k, t);
        r = gir__avx2_tanh_f32(v0);
        if (t == GIR__LANES_AVX2_F32) gir__avx2_store_f32(o + k, r); else gir__avx2_storen_f32(o + k, t, r);
    }
}
GIR__TARGET_AVX2 static void gir__k_tanh_f64__avx2(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    gir__avx2_vf64 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx2_set1_f64(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX2_F64) {
        int t = n - k < GIR__LANES_AVX2_F64 ? (int)(n - k) : GIR__LANES_AVX2_F64;
        if (st[0]) v0 = t == GIR__LANES_AVX2_F64 ? gir__avx2_load_f64(x0 + k) : gir__avx2_loadn_f64(x0 + k, t);
        r = gir__avx2_tanh_f64(v0);
        if (t == GIR__LANES_AVX2_F64) gir__avx2_store_f64(o + k, r); else gir__avx2_storen_f64(o + k, t, r);
    }
}
GIR__TARGET_AVX2 static void gir__k_sigmoid_f32__avx2(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    gir__avx2_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx2_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX2_F32) {
        int t = n - k < GIR__LANES_AVX2_F32 ? (int)(n - k) : GIR__LANES_AVX2_F32;
        if (st[0]) v0 = t == GIR__LANES_AVX2_F32 ? gir__avx2_load_f32(x0 + k) : gir__avx2_loadn_f32(x0 + k, t);
        r = gir__avx2_sigmoid_f32(v0);
        if (t == GIR__LANES_AVX2_F32) gir__avx2_store_f32(o + k, r); else gir__avx2_storen_f32(o + k, t, r);
    }
}
GIR__TARGET_AVX2 static void gir__k_sigmoid_f64__avx2(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    gir__avx2_vf64 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx2_set1_f64(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX2_F64) {
        int t = n - k < GIR__LANES_AVX2_F64 ? (int)(n - k) : GIR__LANES_AVX2_F64;
        if (st[0]) v0 = t == GIR__LANES_AVX2_F64 ? gir__avx2_load_f64(x0 + k) : gir__avx2_loadn_f64(x0 + k, t);
        r = gir__avx2_sigmoid_f64(v0);
        if (t == GIR__LANES_AVX2_F64) gir__avx2_store_f64(o + k, r); else gir__avx2_storen_f64(o + k, t, r);
    }
}
GIR__TARGET_AVX2 static void gir__k_softplus_f32__avx2(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    const gir__avx2_vf32 c0 = gir__avx2_set1_f32((float)0);
    gir__avx2_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx2_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX2_F32) {
        int t = n - k < GIR__LANES_AVX2_F32 ? (int)(n - k) : GIR__LANES_AVX2_F32;
        if (st[0]) v0 = t == GIR__LANES_AVX2_F32 ? gir__avx2_load_f32(x0 + k) : gir__avx2_loadn_f32(x0 + k, t);
        r = gir__avx2_add_f32(gir__avx2_max_f32(v0, c0), gir__avx2_log1p_f32(gir__avx2_exp_f32(gir__avx2_neg_f32(gir__avx2_abs_f32(v0)))));
        if (t == GIR__LANES_AVX2_F32) gir__avx2_store_f32(o + k, r); else gir__avx2_storen_f32(o + k, t, r);
    }
}
GIR__TARGET_AVX2 static void gir__k_softplus_f64__avx2(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    const gir__avx2_vf64 c0 = gir__avx2_set1_f64((double)0);
    gir__avx2_vf64 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx2_set1_f64(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX2_F64) {
        int t = n - k < GIR__LANES_AVX2_F64 ? (int)(n - k) : GIR__LANES_AVX2_F64;
        if (st[0]) v0 = t == GIR__LANES_AVX2_F64 ? gir__avx2_load_f64(x0 + k) : gir__avx2_loadn_f64(x0 + k, t);
        r = gir__avx2_add_f64(gir__avx2_max_f64(v0, c0), gir__avx2_log1p_f64(gir__avx2_exp_f64(gir__avx2_neg_f64(gir__avx2_abs_f64(v0)))));
        if (t == GIR__LANES_AVX2_F64) gir__avx2_store_f64(o + k, r); else gir__avx2_storen_f64(o + k, t, r);
    }
}
GIR__TARGET_AVX2 static void gir__k_relu_f32__avx2(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    const gir__avx2_vf32 c0 = gir__avx2_set1_f32((float)0);
    gir__avx2_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx2_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX2_F32) {
        int t = n - k < GIR__LANES_AVX2_F32 ? (int)(n - k) : GIR__LANES_AVX2_F32;
        if (st[0]) v0 = t == GIR__LANES_AVX2_F32 ? gir__avx2_load_f32(x0 + k) : gir__avx2_loadn_f32(x0 + k, t);
        r = gir__avx2_max_f32(v0, c0);
        if (t == GIR__LANES_AVX2_F32) gir__avx2_store_f32(o + k, r); else gir__avx2_storen_f32(o + k, t, r);
    }
}
GIR__TARGET_AVX2 static void gir__k_relu_f64__avx2(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    const gir__avx2_vf64 c0 = gir__avx2_set1_f64((double)0);
    gir__avx2_vf64 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx2_set1_f64(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX2_F64) {
        int t = n - k < GIR__LANES_AVX2_F64 ? (int)(n - k) : GIR__LANES_AVX2_F64;
        if (st[0]) v0 = t == GIR__LANES_AVX2_F64 ? gir__avx2_load_f64(x0 + k) : gir__avx2_loadn_f64(x0 + k, t);
        r = gir__avx2_max_f64(v0, c0);
        if (t == GIR__LANES_AVX2_F64) gir__avx2_store_f64(o + k, r); else gir__avx2_storen_f64(o + k, t, r);
    }
}
GIR__TARGET_AVX2 static void gir__k_leaky_relu_f32__avx2(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    const gir__avx2_vf32 c0 = gir__avx2_set1_f32((float)0);
    const gir__avx2_vf32 c1 = gir__avx2_set1_f32((float)p[0]);
    gir__avx2_vf32 v0, r;
    int64_t k;
    if (n <= 0) return;
    v0 = gir__avx2_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX2_F32) {
        int t = n - k < GIR__LANES_AVX2_F32 ? (int)(n - k) : GIR__LANES_AVX2_F32;
        if (st[0]) v0 = t == GIR__LANES_AVX2_F32 ? gir__avx2_load_f32(x0 + k) : gir__avx2_loadn_f32(x0 + k, t);
        r = gir__avx2_select_f32(gir__avx2_gt_f32(v0, c0), v0, gir__avx2_mul_f32(c1, v0));
        if (t == GIR__LANES_AVX2_F32) gir__avx2_store_f32(o + k, r); else gir__avx2_storen_f32(o + k, t, r);
    }
}
GIR__TARGET_AVX2 static void gir__k_leaky_relu_f64__avx2(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    const gir__avx2_vf64 c0 = gir__avx2_set1_f64((double)0);
    const gir__avx2_vf64 c1 = gir__avx2_set1_f64((double)p[0]);
    gir__avx2_vf64 v0, r;
    int64_t k;
    if (n <= 0) return;
    v0 = gir__avx2_set1_f64(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX2_F64) {
        int t = n - k < GIR__LANES_AVX2_F64 ? (int)(n - k) : GIR__LANES_AVX2_F64;
        if (st[0]) v0 = t == GIR__LANES_AVX2_F64 ? gir__avx2_load_f64(x0 + k) : gir__avx2_loadn_f64(x0 + k, t);
        r = gir__avx2_select_f64(gir__avx2_gt_f64(v0, c0), v0, gir__avx2_mul_f64(c1, v0));
        if (t == GIR__LANES_AVX2_F64) gir__avx2_store_f64(o + k, r); else gir__avx2_storen_f64(o + k, t, r);
    }
}
GIR__TARGET_AVX2 static void gir__k_elu_f32__avx2(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    const gir__avx2_vf32 c0 = gir__avx2_set1_f32((float)0);
    const gir__avx2_vf32 c1 = gir__avx2_set1_f32((float)p[0]);
    gir__avx2_vf32 v0, r;
    int64_t k;
    if (n <= 0) return;
    v0 = gir__avx2_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX2_F32) {
        int t = n - k < GIR__LANES_AVX2_F32 ? (int)(n - k) : GIR__LANES_AVX2_F32;
        if (st[0]) v0 = t == GIR__LANES_AVX2_F32 ? gir__avx2_load_f32(x0 + k) : gir__avx2_loadn_f32(x0 + k, t);
        r = gir__avx2_select_f32(gir__avx2_gt_f32(v0, c0), v0, gir__avx2_mul_f32(c1, gir__avx2_expm1_f32(v0)));
        if (t == GIR__LANES_AVX2_F32) gir__avx2_store_f32(o + k, r); else gir__avx2_storen_f32(o + k, t, r);
    }
}
GIR__TARGET_AVX2 static void gir__k_elu_f64__avx2(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    const gir__avx2_vf64 c0 = gir__avx2_set1_f64((double)0);
    const gir__avx2_vf64 c1 = gir__avx2_set1_f64((double)p[0]);
    gir__avx2_vf64 v0, r;
    int64_t k;
    if (n <= 0) return;
    v0 = gir__avx2_set1_f64(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX2_F64) {
        int t = n - k < GIR__LANES_AVX2_F64 ? (int)(n - k) : GIR__LANES_AVX2_F64;
        if (st[0]) v0 = t == GIR__LANES_AVX2_F64 ? gir__avx2_load_f64(x0 + k) : gir__avx2_loadn_f64(x0 + k, t);
        r = gir__avx2_select_f64(gir__avx2_gt_f64(v0, c0), v0, gir__avx2_mul_f64(c1, gir__avx2_expm1_f64(v0)));
        if (t == GIR__LANES_AVX2_F64) gir__avx2_store_f64(o + k, r); else gir__avx2_storen_f64(o + k, t, r);
    }
}
GIR__TARGET_AVX2 static void gir__k_gelu_f32__avx2(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    const gir__avx2_vf32 c0 = gir__avx2_set1_f32((float)0.5);
    const gir__avx2_vf32 c1 = gir__avx2_set1_f32((float)1);
    const gir__avx2_vf32 c2 = gir__avx2_set1_f32((float)0.7071067811865476);
    gir__avx2_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx2_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX2_F32) {
        int t = n - k < GIR__LANES_AVX2_F32 ? (int)(n - k) : GIR__LANES_AVX2_F32;
        if (st[0]) v0 = t == GIR__LANES_AVX2_F32 ? gir__avx2_load_f32(x0 + k) : gir__avx2_loadn_f32(x0 + k, t);
        r = gir__avx2_mul_f32(gir__avx2_mul_f32(c0, v0), gir__avx2_add_f32(c1, gir__avx2_erf_f32(gir__avx2_mul_f32(v0, c2))));
        if (t == GIR__LANES_AVX2_F32) gir__avx2_store_f32(o + k, r); else gir__avx2_storen_f32(o + k, t, r);
    }
}
GIR__TARGET_AVX2 static void gir__k_gelu_f64__avx2(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    const gir__avx2_vf64 c0 = gir__avx2_set1_f64((double)0.5);
    const gir__avx2_vf64 c1 = gir__avx2_set1_f64((double)1);
    const gir__avx2_vf64 c2 = gir__avx2_set1_f64((double)0.7071067811865476);
    gir__avx2_vf64 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx2_set1_f64(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX2_F64) {
        int t = n - k < GIR__LANES_AVX2_F64 ? (int)(n - k) : GIR__LANES_AVX2_F64;
        if (st[0]) v0 = t == GIR__LANES_AVX2_F64 ? gir__avx2_load_f64(x0 + k) : gir__avx2_loadn_f64(x0 + k, t);
        r = gir__avx2_mul_f64(gir__avx2_mul_f64(c0, v0), gir__avx2_add_f64(c1, gir__avx2_erf_f64(gir__avx2_mul_f64(v0, c2))));
        if (t == GIR__LANES_AVX2_F64) gir__avx2_store_f64(o + k, r); else gir__avx2_storen_f64(o + k, t, r);
    }
}
GIR__TARGET_AVX2 static void gir__k_silu_f32__avx2(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    gir__avx2_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx2_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX2_F32) {
        int t = n - k < GIR__LANES_AVX2_F32 ? (int)(n - k) : GIR__LANES_AVX2_F32;
        if (st[0]) v0 = t == GIR__LANES_AVX2_F32 ? gir__avx2_load_f32(x0 + k) : gir__avx2_loadn_f32(x0 + k, t);
        r = gir__avx2_mul_f32(v0, gir__avx2_sigmoid_f32(v0));
        if (t == GIR__LANES_AVX2_F32) gir__avx2_store_f32(o + k, r); else gir__avx2_storen_f32(o + k, t, r);
    }
}
GIR__TARGET_AVX2 static void gir__k_silu_f64__avx2(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    gir__avx2_vf64 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx2_set1_f64(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX2_F64) {
        int t = n - k < GIR__LANES_AVX2_F64 ? (int)(n - k) : GIR__LANES_AVX2_F64;
        if (st[0]) v0 = t == GIR__LANES_AVX2_F64 ? gir__avx2_load_f64(x0 + k) : gir__avx2_loadn_f64(x0 + k, t);
        r = gir__avx2_mul_f64(v0, gir__avx2_sigmoid_f64(v0));
        if (t == GIR__LANES_AVX2_F64) gir__avx2_store_f64(o + k, r); else gir__avx2_storen_f64(o + k, t, r);
    }
}
GIR__TARGET_AVX2 static void gir__k_erf_f32__avx2(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    gir__avx2_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx2_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX2_F32) {
        int t = n - k < GIR__LANES_AVX2_F32 ? (int)(n - k) : GIR__LANES_AVX2_F32;
        if (st[0]) v0 = t == GIR__LANES_AVX2_F32 ? gir__avx2_load_f32(x0 + k) : gir__avx2_loadn_f32(x0 + k, t);
        r = gir__avx2_erf_f32(v0);
        if (t == GIR__LANES_AVX2_F32) gir__avx2_store_f32(o + k, r); else gir__avx2_storen_f32(o + k, t, r);
    }
}
GIR__TARGET_AVX2 static void gir__k_erf_f64__avx2(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    gir__avx2_vf64 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx2_set1_f64(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX2_F64) {
        int t = n - k < GIR__LANES_AVX2_F64 ? (int)(n - k) : GIR__LANES_AVX2_F64;
        if (st[0]) v0 = t == GIR__LANES_AVX2_F64 ? gir__avx2_load_f64(x0 + k) : gir__avx2_loadn_f64(x0 + k, t);
        r = gir__avx2_erf_f64(v0);
        if (t == GIR__LANES_AVX2_F64) gir__avx2_store_f64(o + k, r); else gir__avx2_storen_f64(o + k, t, r);
    }
}
GIR__TARGET_AVX2 static void gir__k_floor_f32__avx2(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    gir__avx2_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx2_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX2_F32) {
        int t = n - k < GIR__LANES_AVX2_F32 ? (int)(n - k) : GIR__LANES_AVX2_F32;
        if (st[0]) v0 = t == GIR__LANES_AVX2_F32 ? gir__avx2_load_f32(x0 + k) : gir__avx2_loadn_f32(x0 + k, t);
        r = gir__avx2_floor_f32(v0);
        if (t == GIR__LANES_AVX2_F32) gir__avx2_store_f32(o + k, r); else gir__avx2_storen_f32(o + k, t, r);
    }
}
GIR__TARGET_AVX2 static void gir__k_floor_f64__avx2(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    gir__avx2_vf64 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx2_set1_f64(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX2_F64) {
        int t = n - k < GIR__LANES_AVX2_F64 ? (int)(n - k) : GIR__LANES_AVX2_F64;
        if (st[0]) v0 = t == GIR__LANES_AVX2_F64 ? gir__avx2_load_f64(x0 + k) : gir__avx2_loadn_f64(x0 + k, t);
        r = gir__avx2_floor_f64(v0);
        if (t == GIR__LANES_AVX2_F64) gir__avx2_store_f64(o + k, r); else gir__avx2_storen_f64(o + k, t, r);
    }
}
GIR__TARGET_AVX2 static void gir__k_ceil_f32__avx2(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    gir__avx2_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx2_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX2_F32) {
        int t = n - k < GIR__LANES_AVX2_F32 ? (int)(n - k) : GIR__LANES_AVX2_F32;
        if (st[0]) v0 = t == GIR__LANES_AVX2_F32 ? gir__avx2_load_f32(x0 + k) : gir__avx2_loadn_f32(x0 + k, t);
        r = gir__avx2_ceil_f32(v0);
        if (t == GIR__LANES_AVX2_F32) gir__avx2_store_f32(o + k, r); else gir__avx2_storen_f32(o + k, t, r);
    }
}
GIR__TARGET_AVX2 static void gir__k_ceil_f64__avx2(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    gir__avx2_vf64 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx2_set1_f64(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX2_F64) {
        int t = n - k < GIR__LANES_AVX2_F64 ? (int)(n - k) : GIR__LANES_AVX2_F64;
        if (st[0]) v0 = t == GIR__LANES_AVX2_F64 ? gir__avx2_load_f64(x0 + k) : gir__avx2_loadn_f64(x0 + k, t);
        r = gir__avx2_ceil_f64(v0);
        if (t == GIR__LANES_AVX2_F64) gir__avx2_store_f64(o + k, r); else gir__avx2_storen_f64(o + k, t, r);
    }
}
GIR__TARGET_AVX2 static void gir__k_round_f32__avx2(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    gir__avx2_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx2_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX2_F32) {
        int t = n - k < GIR__LANES_AVX2_F32 ? (int)(n - k) : GIR__LANES_AVX2_F32;
        if (st[0]) v0 = t == GIR__LANES_AVX2_F32 ? gir__avx2_load_f32(x0 + k) : gir__avx2_loadn_f32(x0 + k, t);
        r = gir__avx2_round_f32(v0);
        if (t == GIR__LANES_AVX2_F32) gir__avx2_store_f32(o + k, r); else gir__avx2_storen_f32(o + k, t, r);
    }
}
GIR__TARGET_AVX2 static void gir__k_round_f64__avx2(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    gir__avx2_vf64 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx2_set1_f64(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX2_F64) {
        int t = n - k < GIR__LANES_AVX2_F64 ? (int)(n - k) : GIR__LANES_AVX2_F64;
        if (st[0]) v0 = t == GIR__LANES_AVX2_F64 ? gir__avx2_load_f64(x0 + k) : gir__avx2_loadn_f64(x0 + k, t);
        r = gir__avx2_round_f64(v0);
        if (t == GIR__LANES_AVX2_F64) gir__avx2_store_f64(o + k, r); else gir__avx2_storen_f64(o + k, t, r);
    }
}
GIR__TARGET_AVX2 static void gir__k_clamp_f32__avx2(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    const gir__avx2_vf32 c0 = gir__avx2_set1_f32((float)p[0]);
    const gir__avx2_vf32 c1 = gir__avx2_set1_f32((float)p[1]);
    gir__avx2_vf32 v0, r;
    int64_t k;
    if (n <= 0) return;
    v0 = gir__avx2_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX2_F32) {
        int t = n - k < GIR__LANES_AVX2_F32 ? (int)(n - k) : GIR__LANES_AVX2_F32;
        if (st[0]) v0 = t == GIR__LANES_AVX2_F32 ? gir__avx2_load_f32(x0 + k) : gir__avx2_loadn_f32(x0 + k, t);
        r = gir__avx2_min_f32(gir__avx2_max_f32(v0, c0), c1);
        if (t == GIR__LANES_AVX2_F32) gir__avx2_store_f32(o + k, r); else gir__avx2_storen_f32(o + k, t, r);
    }
}
GIR__TARGET_AVX2 static void gir__k_clamp_f64__avx2(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    const gir__avx2_vf64 c0 = gir__avx2_set1_f64((double)p[0]);
    const gir__avx2_vf64 c1 = gir__avx2_set1_f64((double)p[1]);
    gir__avx2_vf64 v0, r;
    int64_t k;
    if (n <= 0) return;
    v0 = gir__avx2_set1_f64(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX2_F64) {
        int t = n - k < GIR__LANES_AVX2_F64 ? (int)(n - k) : GIR__LANES_AVX2_F64;
        if (st[0]) v0 = t == GIR__LANES_AVX2_F64 ? gir__avx2_load_f64(x0 + k) : gir__avx2_loadn_f64(x0 + k, t);
        r = gir__avx2_min_f64(gir__avx2_max_f64(v0, c0), c1);
        if (t == GIR__LANES_AVX2_F64) gir__avx2_store_f64(o + k, r); else gir__avx2_storen_f64(o + k, t, r);
    }
}
GIR__TARGET_AVX2 static void gir__k_bce_logits_f32__avx2(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    const float *x1 = (const float *)in[1];
    const gir__avx2_vf32 c0 = gir__avx2_set1_f32((float)0);
    gir__avx2_vf32 v0, v1, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx2_set1_f32(x0[0]);
    v1 = gir__avx2_set1_f32(x1[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX2_F32) {
        int t = n - k < GIR__LANES_AVX2_F32 ? (int)(n - k) : GIR__LANES_AVX2_F32;
        if (st[0]) v0 = t == GIR__LANES_AVX2_F32 ? gir__avx2_load_f32(x0 + k) : gir__avx2_loadn_f32(x0 + k, t);
        if (st[1]) v1 = t == GIR__LANES_AVX2_F32 ? gir__avx2_load_f32(x1 + k) : gir__avx2_loadn_f32(x1 + k, t);
        r = gir__avx2_add_f32(gir__avx2_sub_f32(gir__avx2_max_f32(v0, c0), gir__avx2_mul_f32(v0, v1)), gir__avx2_log1p_f32(gir__avx2_exp_f32(gir__avx2_neg_f32(gir__avx2_abs_f32(v0)))));
        if (t == GIR__LANES_AVX2_F32) gir__avx2_store_f32(o + k, r); else gir__avx2_storen_f32(o + k, t, r);
    }
}
GIR__TARGET_AVX2 static void gir__k_bce_logits_f64__avx2(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    const double *x1 = (const double *)in[1];
    const gir__avx2_vf64 c0 = gir__avx2_set1_f64((double)0);
    gir__avx2_vf64 v0, v1, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx2_set1_f64(x0[0]);
    v1 = gir__avx2_set1_f64(x1[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX2_F64) {
        int t = n - k < GIR__LANES_AVX2_F64 ? (int)(n - k) : GIR__LANES_AVX2_F64;
        if (st[0]) v0 = t == GIR__LANES_AVX2_F64 ? gir__avx2_load_f64(x0 + k) : gir__avx2_loadn_f64(x0 + k, t);
        if (st[1]) v1 = t == GIR__LANES_AVX2_F64 ? gir__avx2_load_f64(x1 + k) : gir__avx2_loadn_f64(x1 + k, t);
        r = gir__avx2_add_f64(gir__avx2_sub_f64(gir__avx2_max_f64(v0, c0), gir__avx2_mul_f64(v0, v1)), gir__avx2_log1p_f64(gir__avx2_exp_f64(gir__avx2_neg_f64(gir__avx2_abs_f64(v0)))));
        if (t == GIR__LANES_AVX2_F64) gir__avx2_store_f64(o + k, r); else gir__avx2_storen_f64(o + k, t, r);
    }
}
GIR__TARGET_AVX2 static void gir__k_fmod_f32__avx2(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    const float *x1 = (const float *)in[1];
    gir__avx2_vf32 v0, v1, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx2_set1_f32(x0[0]);
    v1 = gir__avx2_set1_f32(x1[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX2_F32) {
        int t = n - k < GIR__LANES_AVX2_F32 ? (int)(n - k) : GIR__LANES_AVX2_F32;
        if (st[0]) v0 = t == GIR__LANES_AVX2_F32 ? gir__avx2_load_f32(x0 + k) : gir__avx2_loadn_f32(x0 + k, t);
        if (st[1]) v1 = t == GIR__LANES_AVX2_F32 ? gir__avx2_load_f32(x1 + k) : gir__avx2_loadn_f32(x1 + k, t);
        r = gir__avx2_map2_f32(gir__v_fmod_f32, v0, v1);
        if (t == GIR__LANES_AVX2_F32) gir__avx2_store_f32(o + k, r); else gir__avx2_storen_f32(o + k, t, r);
    }
}
GIR__TARGET_AVX2 static void gir__k_fmod_f64__avx2(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    const double *x1 = (const double *)in[1];
    gir__avx2_vf64 v0, v1, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx2_set1_f64(x0[0]);
    v1 = gir__avx2_set1_f64(x1[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX2_F64) {
        int t = n - k < GIR__LANES_AVX2_F64 ? (int)(n - k) : GIR__LANES_AVX2_F64;
        if (st[0]) v0 = t == GIR__LANES_AVX2_F64 ? gir__avx2_load_f64(x0 + k) : gir__avx2_loadn_f64(x0 + k, t);
        if (st[1]) v1 = t == GIR__LANES_AVX2_F64 ? gir__avx2_load_f64(x1 + k) : gir__avx2_loadn_f64(x1 + k, t);
        r = gir__avx2_map2_f64(gir__v_fmod_f64, v0, v1);
        if (t == GIR__LANES_AVX2_F64) gir__avx2_store_f64(o + k, r); else gir__avx2_storen_f64(o + k, t, r);
    }
}
GIR__TARGET_AVX2 static void gir__k_gelu_tanh_f32__avx2(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    const gir__avx2_vf32 c0 = gir__avx2_set1_f32((float)0.5);
    const gir__avx2_vf32 c1 = gir__avx2_set1_f32((float)1);
    const gir__avx2_vf32 c2 = gir__avx2_set1_f32((float)0.7978845608028654);
    const gir__avx2_vf32 c3 = gir__avx2_set1_f32((float)0.044715);
    gir__avx2_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx2_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX2_F32) {
        int t = n - k < GIR__LANES_AVX2_F32 ? (int)(n - k) : GIR__LANES_AVX2_F32;
        if (st[0]) v0 = t == GIR__LANES_AVX2_F32 ? gir__avx2_load_f32(x0 + k) : gir__avx2_loadn_f32(x0 + k, t);
        r = gir__avx2_mul_f32(gir__avx2_mul_f32(c0, v0), gir__avx2_add_f32(c1, gir__avx2_tanh_f32(gir__avx2_mul_f32(c2, gir__avx2_add_f32(v0, gir__avx2_mul_f32(gir__avx2_mul_f32(gir__avx2_mul_f32(c3, v0), v0), v0))))));
        if (t == GIR__LANES_AVX2_F32) gir__avx2_store_f32(o + k, r); else gir__avx2_storen_f32(o + k, t, r);
    }
}
GIR__TARGET_AVX2 static void gir__k_gelu_tanh_f64__avx2(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    const gir__avx2_vf64 c0 = gir__avx2_set1_f64((double)0.5);
    const gir__avx2_vf64 c1 = gir__avx2_set1_f64((double)1);
    const gir__avx2_vf64 c2 = gir__avx2_set1_f64((double)0.7978845608028654);
    const gir__avx2_vf64 c3 = gir__avx2_set1_f64((double)0.044715);
    gir__avx2_vf64 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__avx2_set1_f64(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_AVX2_F64) {
        int t = n - k < GIR__LANES_AVX2_F64 ? (int)(n - k) : GIR__LANES_AVX2_F64;
        if (st[0]) v0 = t == GIR__LANES_AVX2_F64 ? gir__avx2_load_f64(x0 + k) : gir__avx2_loadn_f64(x0 + k, t);
        r = gir__avx2_mul_f64(gir__avx2_mul_f64(c0, v0), gir__avx2_add_f64(c1, gir__avx2_tanh_f64(gir__avx2_mul_f64(c2, gir__avx2_add_f64(v0, gir__avx2_mul_f64(gir__avx2_mul_f64(gir__avx2_mul_f64(c3, v0), v0), v0))))));
        if (t == GIR__LANES_AVX2_F64) gir__avx2_store_f64(o + k, r); else gir__avx2_storen_f64(o + k, t, r);
    }
}
static const gir__ew_fn gir__ew_table_avx2[GIR_OP__COUNT][GIR__DTYPE_SLOTS] = {
    {0, 0, 0, 0, 0, 0},
    {0, 0, 0, 0, 0, 0}, /* INPUT */
    {0, 0, 0, 0, 0, 0}, /* VARIABLE */
    {0, 0, 0, 0, 0, 0}, /* CONSTANT */
    {0, 0, 0, 0, 0, 0}, /* FILL */
    {0, 0, 0, 0, 0, 0}, /* EYE */
    {0, 0, 0, 0, 0, 0}, /* ARANGE */
    {0, 0, 0, 0, 0, 0}, /* RAND_UNIFORM */
    {0, 0, 0, 0, 0, 0}, /* RAND_NORMAL */
    {0, 0, 0, 0, 0, 0}, /* NOT */
    {0, 0, 0, 0, 0, 0}, /* AND */
    {0, 0, 0, 0, 0, 0}, /* OR */
    {0, 0, 0, 0, 0, 0}, /* XOR */
    {0, 0, 0, 0, 0, 0}, /* GT */
    {0, 0, 0, 0, 0, 0}, /* GE */
    {0, 0, 0, 0, 0, 0}, /* LT */
    {0, 0, 0, 0, 0, 0}, /* LE */
    {0, 0, 0, 0, 0, 0}, /* EQ */
    {0, 0, 0, 0, 0, 0}, /* NE */
    {0, 0, 0, 0, 0, 0}, /* APPROX_EQ */
    {0, 0, 0, 0, 0, 0}, /* ISNAN */
    {0, 0, 0, 0, 0, 0}, /* ISINF */
    {0, 0, 0, 0, 0, 0}, /* ISFINITE */
    {0, 0, 0, 0, gir__k_add_f32__avx2, gir__k_add_f64__avx2}, /* ADD */
    {0, 0, 0, 0, gir__k_sub_f32__avx2, gir__k_sub_f64__avx2}, /* SUB */
    {0, 0, 0, 0, gir__k_mul_f32__avx2, gir__k_mul_f64__avx2}, /* MUL */
    {0, 0, 0, 0, gir__k_div_f32__avx2, gir__k_div_f64__avx2}, /* DIV */
    {0, 0, 0, 0, gir__k_neg_f32__avx2, gir__k_neg_f64__avx2}, /* NEG */
    {0, 0, 0, 0, gir__k_pow_f32__avx2, gir__k_pow_f64__avx2}, /* POW */
    {0, 0, 0, 0, gir__k_maximum_f32__avx2, gir__k_maximum_f64__avx2}, /* MAXIMUM */
    {0, 0, 0, 0, gir__k_minimum_f32__avx2, gir__k_minimum_f64__avx2}, /* MINIMUM */
    {0, 0, 0, 0, gir__k_mod_f32__avx2, gir__k_mod_f64__avx2}, /* MOD */
    {0, 0, 0, 0, gir__k_floordiv_f32__avx2, gir__k_floordiv_f64__avx2}, /* FLOORDIV */
    {0, 0, 0, 0, 0, 0}, /* ADD_N */
    {0, 0, 0, 0, gir__k_abs_f32__avx2, gir__k_abs_f64__avx2}, /* ABS */
    {0, 0, 0, 0, gir__k_sign_f32__avx2, gir__k_sign_f64__avx2}, /* SIGN */
    {0, 0, 0, 0, gir__k_square_f32__avx2, gir__k_square_f64__avx2}, /* SQUARE */
    {0, 0, 0, 0, gir__k_sqrt_f32__avx2, gir__k_sqrt_f64__avx2}, /* SQRT */
    {0, 0, 0, 0, gir__k_rsqrt_f32__avx2, gir__k_rsqrt_f64__avx2}, /* RSQRT */
    {0, 0, 0, 0, gir__k_reciprocal_f32__avx2, gir__k_reciprocal_f64__avx2}, /* RECIPROCAL */
    {0, 0, 0, 0, gir__k_exp_f32__avx2, gir__k_exp_f64__avx2}, /* EXP */
    {0, 0, 0, 0, gir__k_expm1_f32__avx2, gir__k_expm1_f64__avx2}, /* EXPM1 */
    {0, 0, 0, 0, gir__k_log_f32__avx2, gir__k_log_f64__avx2}, /* LOG */
    {0, 0, 0, 0, gir__k_log1p_f32__avx2, gir__k_log1p_f64__avx2}, /* LOG1P */
    {0, 0, 0, 0, gir__k_log2_f32__avx2, gir__k_log2_f64__avx2}, /* LOG2 */
    {0, 0, 0, 0, gir__k_sin_f32__avx2, gir__k_sin_f64__avx2}, /* SIN */
    {0, 0, 0, 0, gir__k_cos_f32__avx2, gir__k_cos_f64__avx2}, /* COS */
    {0, 0, 0, 0, gir__k_tan_f32__avx2, gir__k_tan_f64__avx2}, /* TAN */
    {0, 0, 0, 0, gir__k_asin_f32__avx2, gir__k_asin_f64__avx2}, /* ASIN */
    {0, 0, 0, 0, gir__k_acos_f32__avx2, gir__k_acos_f64__avx2}, /* ACOS */
    {0, 0, 0, 0, gir__k_atan_f32__avx2, gir__k_atan_f64__avx2}, /* ATAN */
    {0, 0, 0, 0, gir__k_sinh_f32__avx2, gir__k_sinh_f64__avx2}, /* SINH */
    {0, 0, 0, 0, gir__k_cosh_f32__avx2, gir__k_cosh_f64__avx2}, /* COSH */
    {0, 0, 0, 0, gir__k_tanh_f32__avx2, gir__k_tanh_f64__avx2}, /* TANH */
    {0, 0, 0, 0, gir__k_sigmoid_f32__avx2, gir__k_sigmoid_f64__avx2}, /* SIGMOID */
    {0, 0, 0, 0, gir__k_softplus_f32__avx2, gir__k_softplus_f64__avx2}, /* SOFTPLUS */
    {0, 0, 0, 0, gir__k_relu_f32__avx2, gir__k_relu_f64__avx2}, /* RELU */
    {0, 0, 0, 0, gir__k_leaky_relu_f32__avx2, gir__k_leaky_relu_f64__avx2}, /* LEAKY_RELU */
    {0, 0, 0, 0, gir__k_elu_f32__avx2, gir__k_elu_f64__avx2}, /* ELU */
    {0, 0, 0, 0, gir__k_gelu_f32__avx2, gir__k_gelu_f64__avx2}, /* GELU */
    {0, 0, 0, 0, gir__k_silu_f32__avx2, gir__k_silu_f64__avx2}, /* SILU */
    {0, 0, 0, 0, gir__k_erf_f32__avx2, gir__k_erf_f64__avx2}, /* ERF */
    {0, 0, 0, 0, gir__k_floor_f32__avx2, gir__k_floor_f64__avx2}, /* FLOOR */
    {0, 0, 0, 0, gir__k_ceil_f32__avx2, gir__k_ceil_f64__avx2}, /* CEIL */
    {0, 0, 0, 0, gir__k_round_f32__avx2, gir__k_round_f64__avx2}, /* ROUND */
    {0, 0, 0, 0, gir__k_clamp_f32__avx2, gir__k_clamp_f64__avx2}, /* CLAMP */
    {0, 0, 0, 0, 0, 0}, /* SUM */
    {0, 0, 0, 0, 0, 0}, /* MEAN */
    {0, 0, 0, 0, 0, 0}, /* PROD */
    {0, 0, 0, 0, 0, 0}, /* MAX */
    {0, 0, 0, 0, 0, 0}, /* MIN */
    {0, 0, 0, 0, 0, 0}, /* VAR */
    {0, 0, 0, 0, 0, 0}, /* LOGSUMEXP */
    {0, 0, 0, 0, 0, 0}, /* ARGMAX */
    {0, 0, 0, 0, 0, 0}, /* ARGMIN */
    {0, 0, 0, 0, 0, 0}, /* ALL */
    {0, 0, 0, 0, 0, 0}, /* ANY */
    {0, 0, 0, 0, 0, 0}, /* RESHAPE */
    {0, 0, 0, 0, 0, 0}, /* TRANSPOSE */
    {0, 0, 0, 0, 0, 0}, /* BROADCAST_TO */
    {0, 0, 0, 0, 0, 0}, /* SLICE */
    {0, 0, 0, 0, 0, 0}, /* UNSLICE */
    {0, 0, 0, 0, 0, 0}, /* CONCAT */
    {0, 0, 0, 0, 0, 0}, /* FLIP */
    {0, 0, 0, 0, 0, 0}, /* PAD */
    {0, 0, 0, 0, 0, 0}, /* INDEX_SELECT */
    {0, 0, 0, 0, 0, 0}, /* INDEX_ADD */
    {0, 0, 0, 0, 0, 0}, /* ONE_HOT */
    {0, 0, 0, 0, 0, 0}, /* WHERE */
    {0, 0, 0, 0, 0, 0}, /* DIAG */
    {0, 0, 0, 0, 0, 0}, /* DIAGONAL */
    {0, 0, 0, 0, 0, 0}, /* TRIU */
    {0, 0, 0, 0, 0, 0}, /* TRIL */
    {0, 0, 0, 0, 0, 0}, /* CAST */
    {0, 0, 0, 0, 0, 0}, /* STOP_GRADIENT */
    {0, 0, 0, 0, 0, 0}, /* MATMUL */
    {0, 0, 0, 0, 0, 0}, /* DOT */
    {0, 0, 0, 0, 0, 0}, /* OUTER */
    {0, 0, 0, 0, 0, 0}, /* TRACE */
    {0, 0, 0, 0, 0, 0}, /* INVERSE */
    {0, 0, 0, 0, 0, 0}, /* DET */
    {0, 0, 0, 0, 0, 0}, /* LOGDET */
    {0, 0, 0, 0, 0, 0}, /* CHOLESKY */
    {0, 0, 0, 0, 0, 0}, /* TRISOLVE */
    {0, 0, 0, 0, 0, 0}, /* SOFTMAX */
    {0, 0, 0, 0, 0, 0}, /* LOG_SOFTMAX */
    {0, 0, 0, 0, 0, 0}, /* XENT_LOGITS */
    {0, 0, 0, 0, 0, 0}, /* XENT_LOGITS_PROB */
    {0, 0, 0, 0, gir__k_bce_logits_f32__avx2, gir__k_bce_logits_f64__avx2}, /* BCE_LOGITS */
    {0, 0, 0, 0, 0, 0}, /* MSE */
    {0, 0, 0, 0, 0, 0}, /* CONV2D */
    {0, 0, 0, 0, 0, 0}, /* CONV2D_BWD_DATA */
    {0, 0, 0, 0, 0, 0}, /* CONV2D_BWD_FILTER */
    {0, 0, 0, 0, 0, 0}, /* MAX_POOL2D */
    {0, 0, 0, 0, 0, 0}, /* MAX_POOL2D_BWD */
    {0, 0, 0, 0, 0, 0}, /* AVG_POOL2D */
    {0, 0, 0, 0, 0, 0}, /* AVG_POOL2D_BWD */
    {0, 0, 0, 0, 0, 0}, /* DROPOUT */
    {0, 0, 0, 0, 0, 0}, /* GATHER */
    {0, 0, 0, 0, 0, 0}, /* SCATTER_ADD */
    {0, 0, 0, 0, gir__k_fmod_f32__avx2, gir__k_fmod_f64__avx2}, /* FMOD */
    {0, 0, 0, 0, gir__k_gelu_tanh_f32__avx2, gir__k_gelu_tanh_f64__avx2}, /* GELU_TANH */
};
#endif
#if defined(GIR__HAVE_NEON)
/* generated from ops.def: neon kernels (float rows; integer, bool and compare rows stay scalar) */
static void gir__k_add_f32__neon(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    const float *x1 = (const float *)in[1];
    gir__neon_vf32 v0, v1, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__neon_set1_f32(x0[0]);
    v1 = gir__neon_set1_f32(x1[0]);
    for (k = 0; k < n; k += GIR__LANES_NEON_F32) {
        int t = n - k < GIR__LANES_NEON_F32 ? (int)(n - k) : GIR__LANES_NEON_F32;
        if (st[0]) v0 = t == GIR__LANES_NEON_F32 ? gir__neon_load_f32(x0 + k) : gir__neon_loadn_f32(x0 + k, t);
        if (st[1]) v1 = t == GIR__LANES_NEON_F32 ? gir__neon_load_f32(x1 + k) : gir__neon_loadn_f32(x1 + k, t);
        r = gir__neon_add_f32(v0, v1);
        if (t == GIR__LANES_NEON_F32) gir__neon_store_f32(o + k, r); else gir__neon_storen_f32(o + k, t, r);
    }
}
static void gir__k_add_f64__neon(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    const double *x1 = (const double *)in[1];
    gir__neon_vf64 v0, v1, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__neon_set1_f64(x0[0]);
    v1 = gir__neon_set1_f64(x1[0]);
    for (k = 0; k < n; k += GIR__LANES_NEON_F64) {
        int t = n - k < GIR__LANES_NEON_F64 ? (int)(n - k) : GIR__LANES_NEON_F64;
        if (st[0]) v0 = t == GIR__LANES_NEON_F64 ? gir__neon_load_f64(x0 + k) : gir__neon_loadn_f64(x0 + k, t);
        if (st[1]) v1 = t == GIR__LANES_NEON_F64 ? gir__neon_load_f64(x1 + k) : gir__neon_loadn_f64(x1 + k, t);
        r = gir__neon_add_f64(v0, v1);
        if (t == GIR__LANES_NEON_F64) gir__neon_store_f64(o + k, r); else gir__neon_storen_f64(o + k, t, r);
    }
}
static void gir__k_sub_f32__neon(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    const float *x1 = (const float *)in[1];
    gir__neon_vf32 v0, v1, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__neon_set1_f32(x0[0]);
    v1 = gir__neon_set1_f32(x1[0]);
    for (k = 0; k < n; k += GIR__LANES_NEON_F32) {
        int t = n - k < GIR__LANES_NEON_F32 ? (int)(n - k) : GIR__LANES_NEON_F32;
        if (st[0]) v0 = t == GIR__LANES_NEON_F32 ? gir__neon_load_f32(x0 + k) : gir__neon_loadn_f32(x0 + k, t);
        if (st[1]) v1 = t == GIR__LANES_NEON_F32 ? gir__neon_load_f32(x1 + k) : gir__neon_loadn_f32(x1 + k, t);
        r = gir__neon_sub_f32(v0, v1);
        if (t == GIR__LANES_NEON_F32) gir__neon_store_f32(o + k, r); else gir__neon_storen_f32(o + k, t, r);
    }
}
static void gir__k_sub_f64__neon(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    const double *x1 = (const double *)in[1];
    gir__neon_vf64 v0, v1, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__neon_set1_f64(x0[0]);
    v1 = gir__neon_set1_f64(x1[0]);
    for (k = 0; k < n; k += GIR__LANES_NEON_F64) {
        int t = n - k < GIR__LANES_NEON_F64 ? (int)(n - k) : GIR__LANES_NEON_F64;
        if (st[0]) v0 = t == GIR__LANES_NEON_F64 ? gir__neon_load_f64(x0 + k) : gir__neon_loadn_f64(x0 + k, t);
        if (st[1]) v1 = t == GIR__LANES_NEON_F64 ? gir__neon_load_f64(x1 + k) : gir__neon_loadn_f64(x1 + k, t);
        r = gir__neon_sub_f64(v0, v1);
        if (t == GIR__LANES_NEON_F64) gir__neon_store_f64(o + k, r); else gir__neon_storen_f64(o + k, t, r);
    }
}
static void gir__k_mul_f32__neon(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    const float *x1 = (const float *)in[1];
    gir__neon_vf32 v0, v1, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__neon_set1_f32(x0[0]);
    v1 = gir__neon_set1_f32(x1[0]);
    for (k = 0; k < n; k += GIR__LANES_NEON_F32) {
        int t = n - k < GIR__LANES_NEON_F32 ? (int)(n - k) : GIR__LANES_NEON_F32;
        if (st[0]) v0 = t == GIR__LANES_NEON_F32 ? gir__neon_load_f32(x0 + k) : gir__neon_loadn_f32(x0 + k, t);
        if (st[1]) v1 = t == GIR__LANES_NEON_F32 ? gir__neon_load_f32(x1 + k) : gir__neon_loadn_f32(x1 + k, t);
        r = gir__neon_mul_f32(v0, v1);
        if (t == GIR__LANES_NEON_F32) gir__neon_store_f32(o + k, r); else gir__neon_storen_f32(o + k, t, r);
    }
}
static void gir__k_mul_f64__neon(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    const double *x1 = (const double *)in[1];
    gir__neon_vf64 v0, v1, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__neon_set1_f64(x0[0]);
    v1 = gir__neon_set1_f64(x1[0]);
    for (k = 0; k < n; k += GIR__LANES_NEON_F64) {
        int t = n - k < GIR__LANES_NEON_F64 ? (int)(n - k) : GIR__LANES_NEON_F64;
        if (st[0]) v0 = t == GIR__LANES_NEON_F64 ? gir__neon_load_f64(x0 + k) : gir__neon_loadn_f64(x0 + k, t);
        if (st[1]) v1 = t == GIR__LANES_NEON_F64 ? gir__neon_load_f64(x1 + k) : gir__neon_loadn_f64(x1 + k, t);
        r = gir__neon_mul_f64(v0, v1);
        if (t == GIR__LANES_NEON_F64) gir__neon_store_f64(o + k, r); else gir__neon_storen_f64(o + k, t, r);
    }
}
static void gir__k_div_f32__neon(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    const float *x1 = (const float *)in[1];
    gir__neon_vf32 v0, v1, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__neon_set1_f32(x0[0]);
    v1 = gir__neon_set1_f32(x1[0]);
    for (k = 0; k < n; k += GIR__LANES_NEON_F32) {
        int t = n - k < GIR__LANES_NEON_F32 ? (int)(n - k) : GIR__LANES_NEON_F32;
        if (st[0]) v0 = t == GIR__LANES_NEON_F32 ? gir__neon_load_f32(x0 + k) : gir__neon_loadn_f32(x0 + k, t);
        if (st[1]) v1 = t == GIR__LANES_NEON_F32 ? gir__neon_load_f32(x1 + k) : gir__neon_loadn_f32(x1 + k, t);
        r = gir__neon_div_f32(v0, v1);
        if (t == GIR__LANES_NEON_F32) gir__neon_store_f32(o + k, r); else gir__neon_storen_f32(o + k, t, r);
    }
}
static void gir__k_div_f64__neon(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    const double *x1 = (const double *)in[1];
    gir__neon_vf64 v0, v1, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__neon_set1_f64(x0[0]);
    v1 = gir__neon_set1_f64(x1[0]);
    for (k = 0; k < n; k += GIR__LANES_NEON_F64) {
        int t = n - k < GIR__LANES_NEON_F64 ? (int)(n - k) : GIR__LANES_NEON_F64;
        if (st[0]) v0 = t == GIR__LANES_NEON_F64 ? gir__neon_load_f64(x0 + k) : gir__neon_loadn_f64(x0 + k, t);
        if (st[1]) v1 = t == GIR__LANES_NEON_F64 ? gir__neon_load_f64(x1 + k) : gir__neon_loadn_f64(x1 + k, t);
        r = gir__neon_div_f64(v0, v1);
        if (t == GIR__LANES_NEON_F64) gir__neon_store_f64(o + k, r); else gir__neon_storen_f64(o + k, t, r);
    }
}
static void gir__k_neg_f32__neon(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    gir__neon_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__neon_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_NEON_F32) {
        int t = n - k < GIR__LANES_NEON_F32 ? (int)(n - k) : GIR__LANES_NEON_F32;
        if (st[0]) v0 = t == GIR__LANES_NEON_F32 ? gir__neon_load_f32(x0 + k) : gir__neon_loadn_f32(x0 + k, t);
        r = gir__neon_neg_f32(v0);
        if (t == GIR__LANES_NEON_F32) gir__neon_store_f32(o + k, r); else gir__neon_storen_f32(o + k, t, r);
    }
}
static void gir__k_neg_f64__neon(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    gir__neon_vf64 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__neon_set1_f64(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_NEON_F64) {
        int t = n - k < GIR__LANES_NEON_F64 ? (int)(n - k) : GIR__LANES_NEON_F64;
        if (st[0]) v0 = t == GIR__LANES_NEON_F64 ? gir__neon_load_f64(x0 + k) : gir__neon_loadn_f64(x0 + k, t);
        r = gir__neon_neg_f64(v0);
        if (t == GIR__LANES_NEON_F64) gir__neon_store_f64(o + k, r); else gir__neon_storen_f64(o + k, t, r);
    }
}
static void gir__k_pow_f32__neon(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    const float *x1 = (const float *)in[1];
    gir__neon_vf32 v0, v1, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__neon_set1_f32(x0[0]);
    v1 = gir__neon_set1_f32(x1[0]);
    for (k = 0; k < n; k += GIR__LANES_NEON_F32) {
        int t = n - k < GIR__LANES_NEON_F32 ? (int)(n - k) : GIR__LANES_NEON_F32;
        if (st[0]) v0 = t == GIR__LANES_NEON_F32 ? gir__neon_load_f32(x0 + k) : gir__neon_loadn_f32(x0 + k, t);
        if (st[1]) v1 = t == GIR__LANES_NEON_F32 ? gir__neon_load_f32(x1 + k) : gir__neon_loadn_f32(x1 + k, t);
        r = gir__neon_map2_f32(gir__v_pow_f32, v0, v1);
        if (t == GIR__LANES_NEON_F32) gir__neon_store_f32(o + k, r); else gir__neon_storen_f32(o + k, t, r);
    }
}
static void gir__k_pow_f64__neon(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    const double *x1 = (const double *)in[1];
    gir__neon_vf64 v0, v1, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__neon_set1_f64(x0[0]);
    v1 = gir__neon_set1_f64(x1[0]);
    for (k = 0; k < n; k += GIR__LANES_NEON_F64) {
        int t = n - k < GIR__LANES_NEON_F64 ? (int)(n - k) : GIR__LANES_NEON_F64;
        if (st[0]) v0 = t == GIR__LANES_NEON_F64 ? gir__neon_load_f64(x0 + k) : gir__neon_loadn_f64(x0 + k, t);
        if (st[1]) v1 = t == GIR__LANES_NEON_F64 ? gir__neon_load_f64(x1 + k) : gir__neon_loadn_f64(x1 + k, t);
        r = gir__neon_map2_f64(gir__v_pow_f64, v0, v1);
        if (t == GIR__LANES_NEON_F64) gir__neon_store_f64(o + k, r); else gir__neon_storen_f64(o + k, t, r);
    }
}
static void gir__k_maximum_f32__neon(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    const float *x1 = (const float *)in[1];
    gir__neon_vf32 v0, v1, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__neon_set1_f32(x0[0]);
    v1 = gir__neon_set1_f32(x1[0]);
    for (k = 0; k < n; k += GIR__LANES_NEON_F32) {
        int t = n - k < GIR__LANES_NEON_F32 ? (int)(n - k) : GIR__LANES_NEON_F32;
        if (st[0]) v0 = t == GIR__LANES_NEON_F32 ? gir__neon_load_f32(x0 + k) : gir__neon_loadn_f32(x0 + k, t);
        if (st[1]) v1 = t == GIR__LANES_NEON_F32 ? gir__neon_load_f32(x1 + k) : gir__neon_loadn_f32(x1 + k, t);
        r = gir__neon_max_f32(v0, v1);
        if (t == GIR__LANES_NEON_F32) gir__neon_store_f32(o + k, r); else gir__neon_storen_f32(o + k, t, r);
    }
}
static void gir__k_maximum_f64__neon(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    const double *x1 = (const double *)in[1];
    gir__neon_vf64 v0, v1, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__neon_set1_f64(x0[0]);
    v1 = gir__neon_set1_f64(x1[0]);
    for (k = 0; k < n; k += GIR__LANES_NEON_F64) {
        int t = n - k < GIR__LANES_NEON_F64 ? (int)(n - k) : GIR__LANES_NEON_F64;
        if (st[0]) v0 = t == GIR__LANES_NEON_F64 ? gir__neon_load_f64(x0 + k) : gir__neon_loadn_f64(x0 + k, t);
        if (st[1]) v1 = t == GIR__LANES_NEON_F64 ? gir__neon_load_f64(x1 + k) : gir__neon_loadn_f64(x1 + k, t);
        r = gir__neon_max_f64(v0, v1);
        if (t == GIR__LANES_NEON_F64) gir__neon_store_f64(o + k, r); else gir__neon_storen_f64(o + k, t, r);
    }
}
static void gir__k_minimum_f32__neon(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    const float *x1 = (const float *)in[1];
    gir__neon_vf32 v0, v1, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__neon_set1_f32(x0[0]);
    v1 = gir__neon_set1_f32(x1[0]);
    for (k = 0; k < n; k += GIR__LANES_NEON_F32) {
        int t = n - k < GIR__LANES_NEON_F32 ? (int)(n - k) : GIR__LANES_NEON_F32;
        if (st[0]) v0 = t == GIR__LANES_NEON_F32 ? gir__neon_load_f32(x0 + k) : gir__neon_loadn_f32(x0 + k, t);
        if (st[1]) v1 = t == GIR__LANES_NEON_F32 ? gir__neon_load_f32(x1 + k) : gir__neon_loadn_f32(x1 + k, t);
        r = gir__neon_min_f32(v0, v1);
        if (t == GIR__LANES_NEON_F32) gir__neon_store_f32(o + k, r); else gir__neon_storen_f32(o + k, t, r);
    }
}
static void gir__k_minimum_f64__neon(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    const double *x1 = (const double *)in[1];
    gir__neon_vf64 v0, v1, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__neon_set1_f64(x0[0]);
    v1 = gir__neon_set1_f64(x1[0]);
    for (k = 0; k < n; k += GIR__LANES_NEON_F64) {
        int t = n - k < GIR__LANES_NEON_F64 ? (int)(n - k) : GIR__LANES_NEON_F64;
        if (st[0]) v0 = t == GIR__LANES_NEON_F64 ? gir__neon_load_f64(x0 + k) : gir__neon_loadn_f64(x0 + k, t);
        if (st[1]) v1 = t == GIR__LANES_NEON_F64 ? gir__neon_load_f64(x1 + k) : gir__neon_loadn_f64(x1 + k, t);
        r = gir__neon_min_f64(v0, v1);
        if (t == GIR__LANES_NEON_F64) gir__neon_store_f64(o + k, r); else gir__neon_storen_f64(o + k, t, r);
    }
}
static void gir__k_mod_f32__neon(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    const float *x1 = (const float *)in[1];
    gir__neon_vf32 v0, v1, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__neon_set1_f32(x0[0]);
    v1 = gir__neon_set1_f32(x1[0]);
    for (k = 0; k < n; k += GIR__LANES_NEON_F32) {
        int t = n - k < GIR__LANES_NEON_F32 ? (int)(n - k) : GIR__LANES_NEON_F32;
        if (st[0]) v0 = t == GIR__LANES_NEON_F32 ? gir__neon_load_f32(x0 + k) : gir__neon_loadn_f32(x0 + k, t);
        if (st[1]) v1 = t == GIR__LANES_NEON_F32 ? gir__neon_load_f32(x1 + k) : gir__neon_loadn_f32(x1 + k, t);
        r = gir__neon_map2_f32(gir__v_mod_f32, v0, v1);
        if (t == GIR__LANES_NEON_F32) gir__neon_store_f32(o + k, r); else gir__neon_storen_f32(o + k, t, r);
    }
}
static void gir__k_mod_f64__neon(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    const double *x1 = (const double *)in[1];
    gir__neon_vf64 v0, v1, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__neon_set1_f64(x0[0]);
    v1 = gir__neon_set1_f64(x1[0]);
    for (k = 0; k < n; k += GIR__LANES_NEON_F64) {
        int t = n - k < GIR__LANES_NEON_F64 ? (int)(n - k) : GIR__LANES_NEON_F64;
        if (st[0]) v0 = t == GIR__LANES_NEON_F64 ? gir__neon_load_f64(x0 + k) : gir__neon_loadn_f64(x0 + k, t);
        if (st[1]) v1 = t == GIR__LANES_NEON_F64 ? gir__neon_load_f64(x1 + k) : gir__neon_loadn_f64(x1 + k, t);
        r = gir__neon_map2_f64(gir__v_mod_f64, v0, v1);
        if (t == GIR__LANES_NEON_F64) gir__neon_store_f64(o + k, r); else gir__neon_storen_f64(o + k, t, r);
    }
}
static void gir__k_floordiv_f32__neon(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    const float *x1 = (const float *)in[1];
    gir__neon_vf32 v0, v1, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__neon_set1_f32(x0[0]);
    v1 = gir__neon_set1_f32(x1[0]);
    for (k = 0; k < n; k += GIR__LANES_NEON_F32) {
        int t = n - k < GIR__LANES_NEON_F32 ? (int)(n - k) : GIR__LANES_NEON_F32;
        if (st[0]) v0 = t == GIR__LANES_NEON_F32 ? gir__neon_load_f32(x0 + k) : gir__neon_loadn_f32(x0 + k, t);
        if (st[1]) v1 = t == GIR__LANES_NEON_F32 ? gir__neon_load_f32(x1 + k) : gir__neon_loadn_f32(x1 + k, t);
        r = gir__neon_map2_f32(gir__v_floordiv_f32, v0, v1);
        if (t == GIR__LANES_NEON_F32) gir__neon_store_f32(o + k, r); else gir__neon_storen_f32(o + k, t, r);
    }
}
static void gir__k_floordiv_f64__neon(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    const double *x1 = (const double *)in[1];
    gir__neon_vf64 v0, v1, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__neon_set1_f64(x0[0]);
    v1 = gir__neon_set1_f64(x1[0]);
    for (k = 0; k < n; k += GIR__LANES_NEON_F64) {
        int t = n - k < GIR__LANES_NEON_F64 ? (int)(n - k) : GIR__LANES_NEON_F64;
        if (st[0]) v0 = t == GIR__LANES_NEON_F64 ? gir__neon_load_f64(x0 + k) : gir__neon_loadn_f64(x0 + k, t);
        if (st[1]) v1 = t == GIR__LANES_NEON_F64 ? gir__neon_load_f64(x1 + k) : gir__neon_loadn_f64(x1 + k, t);
        r = gir__neon_map2_f64(gir__v_floordiv_f64, v0, v1);
        if (t == GIR__LANES_NEON_F64) gir__neon_store_f64(o + k, r); else gir__neon_storen_f64(o + k, t, r);
    }
}
static void gir__k_abs_f32__neon(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    gir__neon_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__neon_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_NEON_F32) {
        int t = n - k < GIR__LANES_NEON_F32 ? (int)(n - k) : GIR__LANES_NEON_F32;
        if (st[0]) v0 = t == GIR__LANES_NEON_F32 ? gir__neon_load_f32(x0 + k) : gir__neon_loadn_f32(x0 + k, t);
        r = gir__neon_abs_f32(v0);
        if (t == GIR__LANES_NEON_F32) gir__neon_store_f32(o + k, r); else gir__neon_storen_f32(o + k, t, r);
    }
}
static void gir__k_abs_f64__neon(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    gir__neon_vf64 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__neon_set1_f64(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_NEON_F64) {
        int t = n - k < GIR__LANES_NEON_F64 ? (int)(n - k) : GIR__LANES_NEON_F64;
        if (st[0]) v0 = t == GIR__LANES_NEON_F64 ? gir__neon_load_f64(x0 + k) : gir__neon_loadn_f64(x0 + k, t);
        r = gir__neon_abs_f64(v0);
        if (t == GIR__LANES_NEON_F64) gir__neon_store_f64(o + k, r); else gir__neon_storen_f64(o + k, t, r);
    }
}
static void gir__k_sign_f32__neon(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    gir__neon_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__neon_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_NEON_F32) {
        int t = n - k < GIR__LANES_NEON_F32 ? (int)(n - k) : GIR__LANES_NEON_F32;
        if (st[0]) v0 = t == GIR__LANES_NEON_F32 ? gir__neon_load_f32(x0 + k) : gir__neon_loadn_f32(x0 + k, t);
        r = gir__neon_sign_f32(v0);
        if (t == GIR__LANES_NEON_F32) gir__neon_store_f32(o + k, r); else gir__neon_storen_f32(o + k, t, r);
    }
}
static void gir__k_sign_f64__neon(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    gir__neon_vf64 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__neon_set1_f64(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_NEON_F64) {
        int t = n - k < GIR__LANES_NEON_F64 ? (int)(n - k) : GIR__LANES_NEON_F64;
        if (st[0]) v0 = t == GIR__LANES_NEON_F64 ? gir__neon_load_f64(x0 + k) : gir__neon_loadn_f64(x0 + k, t);
        r = gir__neon_sign_f64(v0);
        if (t == GIR__LANES_NEON_F64) gir__neon_store_f64(o + k, r); else gir__neon_storen_f64(o + k, t, r);
    }
}
static void gir__k_square_f32__neon(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    gir__neon_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__neon_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_NEON_F32) {
        int t = n - k < GIR__LANES_NEON_F32 ? (int)(n - k) : GIR__LANES_NEON_F32;
        if (st[0]) v0 = t == GIR__LANES_NEON_F32 ? gir__neon_load_f32(x0 + k) : gir__neon_loadn_f32(x0 + k, t);
        r = gir__neon_mul_f32(v0, v0);
        if (t == GIR__LANES_NEON_F32) gir__neon_store_f32(o + k, r); else gir__neon_storen_f32(o + k, t, r);
    }
}
static void gir__k_square_f64__neon(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    gir__neon_vf64 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__neon_set1_f64(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_NEON_F64) {
        int t = n - k < GIR__LANES_NEON_F64 ? (int)(n - k) : GIR__LANES_NEON_F64;
        if (st[0]) v0 = t == GIR__LANES_NEON_F64 ? gir__neon_load_f64(x0 + k) : gir__neon_loadn_f64(x0 + k, t);
        r = gir__neon_mul_f64(v0, v0);
        if (t == GIR__LANES_NEON_F64) gir__neon_store_f64(o + k, r); else gir__neon_storen_f64(o + k, t, r);
    }
}
static void gir__k_sqrt_f32__neon(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    gir__neon_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__neon_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_NEON_F32) {
        int t = n - k < GIR__LANES_NEON_F32 ? (int)(n - k) : GIR__LANES_NEON_F32;
        if (st[0]) v0 = t == GIR__LANES_NEON_F32 ? gir__neon_load_f32(x0 + k) : gir__neon_loadn_f32(x0 + k, t);
        r = gir__neon_sqrt_f32(v0);
        if (t == GIR__LANES_NEON_F32) gir__neon_store_f32(o + k, r); else gir__neon_storen_f32(o + k, t, r);
    }
}
static void gir__k_sqrt_f64__neon(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    gir__neon_vf64 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__neon_set1_f64(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_NEON_F64) {
        int t = n - k < GIR__LANES_NEON_F64 ? (int)(n - k) : GIR__LANES_NEON_F64;
        if (st[0]) v0 = t == GIR__LANES_NEON_F64 ? gir__neon_load_f64(x0 + k) : gir__neon_loadn_f64(x0 + k, t);
        r = gir__neon_sqrt_f64(v0);
        if (t == GIR__LANES_NEON_F64) gir__neon_store_f64(o + k, r); else gir__neon_storen_f64(o + k, t, r);
    }
}
static void gir__k_rsqrt_f32__neon(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    const gir__neon_vf32 c0 = gir__neon_set1_f32((float)1);
    gir__neon_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__neon_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_NEON_F32) {
        int t = n - k < GIR__LANES_NEON_F32 ? (int)(n - k) : GIR__LANES_NEON_F32;
        if (st[0]) v0 = t == GIR__LANES_NEON_F32 ? gir__neon_load_f32(x0 + k) : gir__neon_loadn_f32(x0 + k, t);
        r = gir__neon_div_f32(c0, gir__neon_sqrt_f32(v0));
        if (t == GIR__LANES_NEON_F32) gir__neon_store_f32(o + k, r); else gir__neon_storen_f32(o + k, t, r);
    }
}
static void gir__k_rsqrt_f64__neon(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    const gir__neon_vf64 c0 = gir__neon_set1_f64((double)1);
    gir__neon_vf64 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__neon_set1_f64(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_NEON_F64) {
        int t = n - k < GIR__LANES_NEON_F64 ? (int)(n - k) : GIR__LANES_NEON_F64;
        if (st[0]) v0 = t == GIR__LANES_NEON_F64 ? gir__neon_load_f64(x0 + k) : gir__neon_loadn_f64(x0 + k, t);
        r = gir__neon_div_f64(c0, gir__neon_sqrt_f64(v0));
        if (t == GIR__LANES_NEON_F64) gir__neon_store_f64(o + k, r); else gir__neon_storen_f64(o + k, t, r);
    }
}
static void gir__k_reciprocal_f32__neon(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    const gir__neon_vf32 c0 = gir__neon_set1_f32((float)1);
    gir__neon_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__neon_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_NEON_F32) {
        int t = n - k < GIR__LANES_NEON_F32 ? (int)(n - k) : GIR__LANES_NEON_F32;
        if (st[0]) v0 = t == GIR__LANES_NEON_F32 ? gir__neon_load_f32(x0 + k) : gir__neon_loadn_f32(x0 + k, t);
        r = gir__neon_div_f32(c0, v0);
        if (t == GIR__LANES_NEON_F32) gir__neon_store_f32(o + k, r); else gir__neon_storen_f32(o + k, t, r);
    }
}
static void gir__k_reciprocal_f64__neon(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    const gir__neon_vf64 c0 = gir__neon_set1_f64((double)1);
    gir__neon_vf64 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__neon_set1_f64(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_NEON_F64) {
        int t = n - k < GIR__LANES_NEON_F64 ? (int)(n - k) : GIR__LANES_NEON_F64;
        if (st[0]) v0 = t == GIR__LANES_NEON_F64 ? gir__neon_load_f64(x0 + k) : gir__neon_loadn_f64(x0 + k, t);
        r = gir__neon_div_f64(c0, v0);
        if (t == GIR__LANES_NEON_F64) gir__neon_store_f64(o + k, r); else gir__neon_storen_f64(o + k, t, r);
    }
}
static void gir__k_exp_f32__neon(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    gir__neon_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__neon_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_NEON_F32) {
        int t = n - k < GIR__LANES_NEON_F32 ? (int)(n - k) : GIR__LANES_NEON_F32;
        if (st[0]) v0 = t == GIR__LANES_NEON_F32 ? gir__neon_load_f32(x0 + k) : gir__neon_loadn_f32(x0 + k, t);
        r = gir__neon_exp_f32(v0);
        if (t == GIR__LANES_NEON_F32) gir__neon_store_f32(o + k, r); else gir__neon_storen_f32(o + k, t, r);
    }
}
static void gir__k_exp_f64__neon(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    gir__neon_vf64 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__neon_set1_f64(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_NEON_F64) {
        int t = n - k < GIR__LANES_NEON_F64 ? (int)(n - k) : GIR__LANES_NEON_F64;
        if (st[0]) v0 = t == GIR__LANES_NEON_F64 ? gir__neon_load_f64(x0 + k) : gir__neon_loadn_f64(x0 + k, t);
        r = gir__neon_exp_f64(v0);
        if (t == GIR__LANES_NEON_F64) gir__neon_store_f64(o + k, r); else gir__neon_storen_f64(o + k, t, r);
    }
}
static void gir__k_expm1_f32__neon(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    gir__neon_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__neon_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_NEON_F32) {
        int t = n - k < GIR__LANES_NEON_F32 ? (int)(n - k) : GIR__LANES_NEON_F32;
        if (st[0]) v0 = t == GIR__LANES_NEON_F32 ? gir__neon_load_f32(x0 + k) : gir__neon_loadn_f32(x0 + k, t);
        r = gir__neon_expm1_f32(v0);
        if (t == GIR__LANES_NEON_F32) gir__neon_store_f32(o + k, r); else gir__neon_storen_f32(o + k, t, r);
    }
}
static void gir__k_expm1_f64__neon(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    gir__neon_vf64 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__neon_set1_f64(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_NEON_F64) {
        int t = n - k < GIR__LANES_NEON_F64 ? (int)(n - k) : GIR__LANES_NEON_F64;
        if (st[0]) v0 = t == GIR__LANES_NEON_F64 ? gir__neon_load_f64(x0 + k) : gir__neon_loadn_f64(x0 + k, t);
        r = gir__neon_expm1_f64(v0);
        if (t == GIR__LANES_NEON_F64) gir__neon_store_f64(o + k, r); else gir__neon_storen_f64(o + k, t, r);
    }
}
static void gir__k_log_f32__neon(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    gir__neon_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__neon_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_NEON_F32) {
        int t = n - k < GIR__LANES_NEON_F32 ? (int)(n - k) : GIR__LANES_NEON_F32;
        if (st[0]) v0 = t == GIR__LANES_NEON_F32 ? gir__neon_load_f32(x0 + k) : gir__neon_loadn_f32(x0 + k, t);
        r = gir__neon_log_f32(v0);
        if (t == GIR__LANES_NEON_F32) gir__neon_store_f32(o + k, r); else gir__neon_storen_f32(o + k, t, r);
    }
}
static void gir__k_log_f64__neon(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    gir__neon_vf64 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__neon_set1_f64(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_NEON_F64) {
        int t = n - k < GIR__LANES_NEON_F64 ? (int)(n - k) : GIR__LANES_NEON_F64;
        if (st[0]) v0 = t == GIR__LANES_NEON_F64 ? gir__neon_load_f64(x0 + k) : gir__neon_loadn_f64(x0 + k, t);
        r = gir__neon_log_f64(v0);
        if (t == GIR__LANES_NEON_F64) gir__neon_store_f64(o + k, r); else gir__neon_storen_f64(o + k, t, r);
    }
}
static void gir__k_log1p_f32__neon(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    gir__neon_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__neon_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_NEON_F32) {
        int t = n - k < GIR__LANES_NEON_F32 ? (int)(n - k) : GIR__LANES_NEON_F32;
        if (st[0]) v0 = t == GIR__LANES_NEON_F32 ? gir__neon_load_f32(x0 + k) : gir__neon_loadn_f32(x0 + k, t);
        r = gir__neon_log1p_f32(v0);
        if (t == GIR__LANES_NEON_F32) gir__neon_store_f32(o + k, r); else gir__neon_storen_f32(o + k, t, r);
    }
}
static void gir__k_log1p_f64__neon(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    gir__neon_vf64 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__neon_set1_f64(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_NEON_F64) {
        int t = n - k < GIR__LANES_NEON_F64 ? (int)(n - k) : GIR__LANES_NEON_F64;
        if (st[0]) v0 = t == GIR__LANES_NEON_F64 ? gir__neon_load_f64(x0 + k) : gir__neon_loadn_f64(x0 + k, t);
        r = gir__neon_log1p_f64(v0);
        if (t == GIR__LANES_NEON_F64) gir__neon_store_f64(o + k, r); else gir__neon_storen_f64(o + k, t, r);
    }
}
static void gir__k_log2_f32__neon(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    gir__neon_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__neon_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_NEON_F32) {
        int t = n - k < GIR__LANES_NEON_F32 ? (int)(n - k) : GIR__LANES_NEON_F32;
        if (st[0]) v0 = t == GIR__LANES_NEON_F32 ? gir__neon_load_f32(x0 + k) : gir__neon_loadn_f32(x0 + k, t);
        r = gir__neon_log2_f32(v0);
        if (t == GIR__LANES_NEON_F32) gir__neon_store_f32(o + k, r); else gir__neon_storen_f32(o + k, t, r);
    }
}
static void gir__k_log2_f64__neon(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    gir__neon_vf64 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__neon_set1_f64(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_NEON_F64) {
        int t = n - k < GIR__LANES_NEON_F64 ? (int)(n - k) : GIR__LANES_NEON_F64;
        if (st[0]) v0 = t == GIR__LANES_NEON_F64 ? gir__neon_load_f64(x0 + k) : gir__neon_loadn_f64(x0 + k, t);
        r = gir__neon_log2_f64(v0);
        if (t == GIR__LANES_NEON_F64) gir__neon_store_f64(o + k, r); else gir__neon_storen_f64(o + k, t, r);
    }
}
static void gir__k_sin_f32__neon(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    gir__neon_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__neon_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_NEON_F32) {
        int t = n - k < GIR__LANES_NEON_F32 ? (int)(n - k) : GIR__LANES_NEON_F32;
        if (st[0]) v0 = t == GIR__LANES_NEON_F32 ? gir__neon_load_f32(x0 + k) : gir__neon_loadn_f32(x0 + k, t);
        r = gir__neon_map1_f32(gir__v_sin_f32, v0);
        if (t == GIR__LANES_NEON_F32) gir__neon_store_f32(o + k, r); else gir__neon_storen_f32(o + k, t, r);
    }
}
static void gir__k_sin_f64__neon(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    gir__neon_vf64 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__neon_set1_f64(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_NEON_F64) {
        int t = n - k < GIR__LANES_NEON_F64 ? (int)(n - k) : GIR__LANES_NEON_F64;
        if (st[0]) v0 = t == GIR__LANES_NEON_F64 ? gir__neon_load_f64(x0 + k) : gir__neon_loadn_f64(x0 + k, t);
        r = gir__neon_map1_f64(gir__v_sin_f64, v0);
        if (t == GIR__LANES_NEON_F64) gir__neon_store_f64(o + k, r); else gir__neon_storen_f64(o + k, t, r);
    }
}
static void gir__k_cos_f32__neon(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    gir__neon_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__neon_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_NEON_F32) {
        int t = n - k < GIR__LANES_NEON_F32 ? (int)(n - k) : GIR__LANES_NEON_F32;
        if (st[0]) v0 = t == GIR__LANES_NEON_F32 ? gir__neon_load_f32(x0 + k) : gir__neon_loadn_f32(x0 + k, t);
        r = gir__neon_map1_f32(gir__v_cos_f32, v0);
        if (t == GIR__LANES_NEON_F32) gir__neon_store_f32(o + k, r); else gir__neon_storen_f32(o + k, t, r);
    }
}
static void gir__k_cos_f64__neon(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    gir__neon_vf64 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__neon_set1_f64(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_NEON_F64) {
        int t = n - k < GIR__LANES_NEON_F64 ? (int)(n - k) : GIR__LANES_NEON_F64;
        if (st[0]) v0 = t == GIR__LANES_NEON_F64 ? gir__neon_load_f64(x0 + k) : gir__neon_loadn_f64(x0 + k, t);
        r = gir__neon_map1_f64(gir__v_cos_f64, v0);
        if (t == GIR__LANES_NEON_F64) gir__neon_store_f64(o + k, r); else gir__neon_storen_f64(o + k, t, r);
    }
}
static void gir__k_tan_f32__neon(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    gir__neon_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__neon_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_NEON_F32) {
        int t = n - k < GIR__LANES_NEON_F32 ? (int)(n - k) : GIR__LANES_NEON_F32;
        if (st[0]) v0 = t == GIR__LANES_NEON_F32 ? gir__neon_load_f32(x0 + k) : gir__neon_loadn_f32(x0 + k, t);
        r = gir__neon_map1_f32(gir__v_tan_f32, v0);
        if (t == GIR__LANES_NEON_F32) gir__neon_store_f32(o + k, r); else gir__neon_storen_f32(o + k, t, r);
    }
}
static void gir__k_tan_f64__neon(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    gir__neon_vf64 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__neon_set1_f64(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_NEON_F64) {
        int t = n - k < GIR__LANES_NEON_F64 ? (int)(n - k) : GIR__LANES_NEON_F64;
        if (st[0]) v0 = t == GIR__LANES_NEON_F64 ? gir__neon_load_f64(x0 + k) : gir__neon_loadn_f64(x0 + k, t);
        r = gir__neon_map1_f64(gir__v_tan_f64, v0);
        if (t == GIR__LANES_NEON_F64) gir__neon_store_f64(o + k, r); else gir__neon_storen_f64(o + k, t, r);
    }
}
static void gir__k_asin_f32__neon(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    gir__neon_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__neon_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_NEON_F32) {
        int t = n - k < GIR__LANES_NEON_F32 ? (int)(n - k) : GIR__LANES_NEON_F32;
        if (st[0]) v0 = t == GIR__LANES_NEON_F32 ? gir__neon_load_f32(x0 + k) : gir__neon_loadn_f32(x0 + k, t);
        r = gir__neon_map1_f32(gir__v_asin_f32, v0);
        if (t == GIR__LANES_NEON_F32) gir__neon_store_f32(o + k, r); else gir__neon_storen_f32(o + k, t, r);
    }
}
static void gir__k_asin_f64__neon(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    gir__neon_vf64 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__neon_set1_f64(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_NEON_F64) {
        int t = n - k < GIR__LANES_NEON_F64 ? (int)(n - k) : GIR__LANES_NEON_F64;
        if (st[0]) v0 = t == GIR__LANES_NEON_F64 ? gir__neon_load_f64(x0 + k) : gir__neon_loadn_f64(x0 + k, t);
        r = gir__neon_map1_f64(gir__v_asin_f64, v0);
        if (t == GIR__LANES_NEON_F64) gir__neon_store_f64(o + k, r); else gir__neon_storen_f64(o + k, t, r);
    }
}
static void gir__k_acos_f32__neon(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    gir__neon_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__neon_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_NEON_F32) {
        int t = n - k < GIR__LANES_NEON_F32 ? (int)(n - k) : GIR__LANES_NEON_F32;
        if (st[0]) v0 = t == GIR__LANES_NEON_F32 ? gir__neon_load_f32(x0 + k) : gir__neon_loadn_f32(x0 + k, t);
        r = gir__neon_map1_f32(gir__v_acos_f32, v0);
        if (t == GIR__LANES_NEON_F32) gir__neon_store_f32(o + k, r); else gir__neon_storen_f32(o + k, t, r);
    }
}
static void gir__k_acos_f64__neon(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    gir__neon_vf64 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__neon_set1_f64(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_NEON_F64) {
        int t = n - k < GIR__LANES_NEON_F64 ? (int)(n - k) : GIR__LANES_NEON_F64;
        if (st[0]) v0 = t == GIR__LANES_NEON_F64 ? gir__neon_load_f64(x0 + k) : gir__neon_loadn_f64(x0 + k, t);
        r = gir__neon_map1_f64(gir__v_acos_f64, v0);
        if (t == GIR__LANES_NEON_F64) gir__neon_store_f64(o + k, r); else gir__neon_storen_f64(o + k, t, r);
    }
}
static void gir__k_atan_f32__neon(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    gir__neon_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__neon_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_NEON_F32) {
        int t = n - k < GIR__LANES_NEON_F32 ? (int)(n - k) : GIR__LANES_NEON_F32;
        if (st[0]) v0 = t == GIR__LANES_NEON_F32 ? gir__neon_load_f32(x0 + k) : gir__neon_loadn_f32(x0 + k, t);
        r = gir__neon_map1_f32(gir__v_atan_f32, v0);
        if (t == GIR__LANES_NEON_F32) gir__neon_store_f32(o + k, r); else gir__neon_storen_f32(o + k, t, r);
    }
}
static void gir__k_atan_f64__neon(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    gir__neon_vf64 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__neon_set1_f64(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_NEON_F64) {
        int t = n - k < GIR__LANES_NEON_F64 ? (int)(n - k) : GIR__LANES_NEON_F64;
        if (st[0]) v0 = t == GIR__LANES_NEON_F64 ? gir__neon_load_f64(x0 + k) : gir__neon_loadn_f64(x0 + k, t);
        r = gir__neon_map1_f64(gir__v_atan_f64, v0);
        if (t == GIR__LANES_NEON_F64) gir__neon_store_f64(o + k, r); else gir__neon_storen_f64(o + k, t, r);
    }
}
static void gir__k_sinh_f32__neon(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    gir__neon_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__neon_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_NEON_F32) {
        int t = n - k < GIR__LANES_NEON_F32 ? (int)(n - k) : GIR__LANES_NEON_F32;
        if (st[0]) v0 = t == GIR__LANES_NEON_F32 ? gir__neon_load_f32(x0 + k) : gir__neon_loadn_f32(x0 + k, t);
        r = gir__neon_map1_f32(gir__v_sinh_f32, v0);
        if (t == GIR__LANES_NEON_F32) gir__neon_store_f32(o + k, r); else gir__neon_storen_f32(o + k, t, r);
    }
}
static void gir__k_sinh_f64__neon(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    gir__neon_vf64 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__neon_set1_f64(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_NEON_F64) {
        int t = n - k < GIR__LANES_NEON_F64 ? (int)(n - k) : GIR__LANES_NEON_F64;
        if (st[0]) v0 = t == GIR__LANES_NEON_F64 ? gir__neon_load_f64(x0 + k) : gir__neon_loadn_f64(x0 + k, t);
        r = gir__neon_map1_f64(gir__v_sinh_f64, v0);
        if (t == GIR__LANES_NEON_F64) gir__neon_store_f64(o + k, r); else gir__neon_storen_f64(o + k, t, r);
    }
}
static void gir__k_cosh_f32__neon(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    gir__neon_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__neon_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_NEON_F32) {
        int t = n - k < GIR__LANES_NEON_F32 ? (int)(n - k) : GIR__LANES_NEON_F32;
        if (st[0]) v0 = t == GIR__LANES_NEON_F32 ? gir__neon_load_f32(x0 + k) : gir__neon_loadn_f32(x0 + k, t);
        r = gir__neon_map1_f32(gir__v_cosh_f32, v0);
        if (t == GIR__LANES_NEON_F32) gir__neon_store_f32(o + k, r); else gir__neon_storen_f32(o + k, t, r);
    }
}
static void gir__k_cosh_f64__neon(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    gir__neon_vf64 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__neon_set1_f64(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_NEON_F64) {
        int t = n - k < GIR__LANES_NEON_F64 ? (int)(n - k) : GIR__LANES_NEON_F64;
        if (st[0]) v0 = t == GIR__LANES_NEON_F64 ? gir__neon_load_f64(x0 + k) : gir__neon_loadn_f64(x0 + k, t);
        r = gir__neon_map1_f64(gir__v_cosh_f64, v0);
        if (t == GIR__LANES_NEON_F64) gir__neon_store_f64(o + k, r); else gir__neon_storen_f64(o + k, t, r);
    }
}
static void gir__k_tanh_f32__neon(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    gir__neon_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__neon_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_NEON_F32) {
        int t = n - k < GIR__LANES_NEON_F32 ? (int)(n - k) : GIR__LANES_NEON_F32;
        if (st[0]) v0 = t == GIR__LANES_NEON_F32 ? gir__neon_load_f32(x0 + k) : gir__neon_loadn_f32(x0 + k, t);
        r = gir__neon_tanh_f32(v0);
        if (t == GIR__LANES_NEON_F32) gir__neon_store_f32(o + k, r); else gir__neon_storen_f32(o + k, t, r);
    }
}
static void gir__k_tanh_f64__neon(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    gir__neon_vf64 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__neon_set1_f64(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_NEON_F64) {
        int t = n - k < GIR__LANES_NEON_F64 ? (int)(n - k) : GIR__LANES_NEON_F64;
        if (st[0]) v0 = t == GIR__LANES_NEON_F64 ? gir__neon_load_f64(x0 + k) : gir__neon_loadn_f64(x0 + k, t);
        r = gir__neon_tanh_f64(v0);
        if (t == GIR__LANES_NEON_F64) gir__neon_store_f64(o + k, r); else gir__neon_storen_f64(o + k, t, r);
    }
}
static void gir__k_sigmoid_f32__neon(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    gir__neon_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__neon_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_NEON_F32) {
        int t = n - k < GIR__LANES_NEON_F32 ? (int)(n - k) : GIR__LANES_NEON_F32;
        if (st[0]) v0 = t == GIR__LANES_NEON_F32 ? gir__neon_load_f32(x0 + k) : gir__neon_loadn_f32(x0 + k, t);
        r = gir__neon_sigmoid_f32(v0);
        if (t == GIR__LANES_NEON_F32) gir__neon_store_f32(o + k, r); else gir__neon_storen_f32(o + k, t, r);
    }
}
static void gir__k_sigmoid_f64__neon(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    gir__neon_vf64 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__neon_set1_f64(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_NEON_F64) {
        int t = n - k < GIR__LANES_NEON_F64 ? (int)(n - k) : GIR__LANES_NEON_F64;
        if (st[0]) v0 = t == GIR__LANES_NEON_F64 ? gir__neon_load_f64(x0 + k) : gir__neon_loadn_f64(x0 + k, t);
        r = gir__neon_sigmoid_f64(v0);
        if (t == GIR__LANES_NEON_F64) gir__neon_store_f64(o + k, r); else gir__neon_storen_f64(o + k, t, r);
    }
}
static void gir__k_softplus_f32__neon(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    const gir__neon_vf32 c0 = gir__neon_set1_f32((float)0);
    gir__neon_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__neon_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_NEON_F32) {
        int t = n - k < GIR__LANES_NEON_F32 ? (int)(n - k) : GIR__LANES_NEON_F32;
        if (st[0]) v0 = t == GIR__LANES_NEON_F32 ? gir__neon_load_f32(x0 + k) : gir__neon_loadn_f32(x0 + k, t);
        r = gir__neon_add_f32(gir__neon_max_f32(v0, c0), gir__neon_log1p_f32(gir__neon_exp_f32(gir__neon_neg_f32(gir__neon_abs_f32(v0)))));
        if (t == GIR__LANES_NEON_F32) gir__neon_store_f32(o + k, r); else gir__neon_storen_f32(o + k, t, r);
    }
}
static void gir__k_softplus_f64__neon(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    const gir__neon_vf64 c0 = gir__neon_set1_f64((double)0);
    gir__neon_vf64 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__neon_set1_f64(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_NEON_F64) {
        int t = n - k < GIR__LANES_NEON_F64 ? (int)(n - k) : GIR__LANES_NEON_F64;
        if (st[0]) v0 = t == GIR__LANES_NEON_F64 ? gir__neon_load_f64(x0 + k) : gir__neon_loadn_f64(x0 + k, t);
        r = gir__neon_add_f64(gir__neon_max_f64(v0, c0), gir__neon_log1p_f64(gir__neon_exp_f64(gir__neon_neg_f64(gir__neon_abs_f64(v0)))));
        if (t == GIR__LANES_NEON_F64) gir__neon_store_f64(o + k, r); else gir__neon_storen_f64(o + k, t, r);
    }
}
static void gir__k_relu_f32__neon(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    const gir__neon_vf32 c0 = gir__neon_set1_f32((float)0);
    gir__neon_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__neon_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_NEON_F32) {
        int t = n - k < GIR__LANES_NEON_F32 ? (int)(n - k) : GIR__LANES_NEON_F32;
        if (st[0]) v0 = t == GIR__LANES_NEON_F32 ? gir__neon_load_f32(x0 + k) : gir__neon_loadn_f32(x0 + k, t);
        r = gir__neon_max_f32(v0, c0);
        if (t == GIR__LANES_NEON_F32) gir__neon_store_f32(o + k, r); else gir__neon_storen_f32(o + k, t, r);
    }
}
static void gir__k_relu_f64__neon(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    const gir__neon_vf64 c0 = gir__neon_set1_f64((double)0);
    gir__neon_vf64 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__neon_set1_f64(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_NEON_F64) {
        int t = n - k < GIR__LANES_NEON_F64 ? (int)(n - k) : GIR__LANES_NEON_F64;
        if (st[0]) v0 = t == GIR__LANES_NEON_F64 ? gir__neon_load_f64(x0 + k) : gir__neon_loadn_f64(x0 + k, t);
        r = gir__neon_max_f64(v0, c0);
        if (t == GIR__LANES_NEON_F64) gir__neon_store_f64(o + k, r); else gir__neon_storen_f64(o + k, t, r);
    }
}
static void gir__k_leaky_relu_f32__neon(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    const gir__neon_vf32 c0 = gir__neon_set1_f32((float)0);
    const gir__neon_vf32 c1 = gir__neon_set1_f32((float)p[0]);
    gir__neon_vf32 v0, r;
    int64_t k;
    if (n <= 0) return;
    v0 = gir__neon_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_NEON_F32) {
        int t = n - k < GIR__LANES_NEON_F32 ? (int)(n - k) : GIR__LANES_NEON_F32;
        if (st[0]) v0 = t == GIR__LANES_NEON_F32 ? gir__neon_load_f32(x0 + k) : gir__neon_loadn_f32(x0 + k, t);
        r = gir__neon_select_f32(gir__neon_gt_f32(v0, c0), v0, gir__neon_mul_f32(c1, v0));
        if (t == GIR__LANES_NEON_F32) gir__neon_store_f32(o + k, r); else gir__neon_storen_f32(o + k, t, r);
    }
}
static void gir__k_leaky_relu_f64__neon(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    const gir__neon_vf64 c0 = gir__neon_set1_f64((double)0);
    const gir__neon_vf64 c1 = gir__neon_set1_f64((double)p[0]);
    gir__neon_vf64 v0, r;
    int64_t k;
    if (n <= 0) return;
    v0 = gir__neon_set1_f64(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_NEON_F64) {
        int t = n - k < GIR__LANES_NEON_F64 ? (int)(n - k) : GIR__LANES_NEON_F64;
        if (st[0]) v0 = t == GIR__LANES_NEON_F64 ? gir__neon_load_f64(x0 + k) : gir__neon_loadn_f64(x0 + k, t);
        r = gir__neon_select_f64(gir__neon_gt_f64(v0, c0), v0, gir__neon_mul_f64(c1, v0));
        if (t == GIR__LANES_NEON_F64) gir__neon_store_f64(o + k, r); else gir__neon_storen_f64(o + k, t, r);
    }
}
static void gir__k_elu_f32__neon(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    const gir__neon_vf32 c0 = gir__neon_set1_f32((float)0);
    const gir__neon_vf32 c1 = gir__neon_set1_f32((float)p[0]);
    gir__neon_vf32 v0, r;
    int64_t k;
    if (n <= 0) return;
    v0 = gir__neon_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_NEON_F32) {
        int t = n - k < GIR__LANES_NEON_F32 ? (int)(n - k) : GIR__LANES_NEON_F32;
        if (st[0]) v0 = t == GIR__LANES_NEON_F32 ? gir__neon_load_f32(x0 + k) : gir__neon_loadn_f32(x0 + k, t);
        r = gir__neon_select_f32(gir__neon_gt_f32(v0, c0), v0, gir__neon_mul_f32(c1, gir__neon_expm1_f32(v0)));
        if (t == GIR__LANES_NEON_F32) gir__neon_store_f32(o + k, r); else gir__neon_storen_f32(o + k, t, r);
    }
}
static void gir__k_elu_f64__neon(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    const gir__neon_vf64 c0 = gir__neon_set1_f64((double)0);
    const gir__neon_vf64 c1 = gir__neon_set1_f64((double)p[0]);
    gir__neon_vf64 v0, r;
    int64_t k;
    if (n <= 0) return;
    v0 = gir__neon_set1_f64(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_NEON_F64) {
        int t = n - k < GIR__LANES_NEON_F64 ? (int)(n - k) : GIR__LANES_NEON_F64;
        if (st[0]) v0 = t == GIR__LANES_NEON_F64 ? gir__neon_load_f64(x0 + k) : gir__neon_loadn_f64(x0 + k, t);
        r = gir__neon_select_f64(gir__neon_gt_f64(v0, c0), v0, gir__neon_mul_f64(c1, gir__neon_expm1_f64(v0)));
        if (t == GIR__LANES_NEON_F64) gir__neon_store_f64(o + k, r); else gir__neon_storen_f64(o + k, t, r);
    }
}
static void gir__k_gelu_f32__neon(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    const gir__neon_vf32 c0 = gir__neon_set1_f32((float)0.5);
    const gir__neon_vf32 c1 = gir__neon_set1_f32((float)1);
    const gir__neon_vf32 c2 = gir__neon_set1_f32((float)0.7071067811865476);
    gir__neon_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__neon_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_NEON_F32) {
        int t = n - k < GIR__LANES_NEON_F32 ? (int)(n - k) : GIR__LANES_NEON_F32;
        if (st[0]) v0 = t == GIR__LANES_NEON_F32 ? gir__neon_load_f32(x0 + k) : gir__neon_loadn_f32(x0 + k, t);
        r = gir__neon_mul_f32(gir__neon_mul_f32(c0, v0), gir__neon_add_f32(c1, gir__neon_erf_f32(gir__neon_mul_f32(v0, c2))));
        if (t == GIR__LANES_NEON_F32) gir__neon_store_f32(o + k, r); else gir__neon_storen_f32(o + k, t, r);
    }
}
static void gir__k_gelu_f64__neon(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    const gir__neon_vf64 c0 = gir__neon_set1_f64((double)0.5);
    const gir__neon_vf64 c1 = gir__neon_set1_f64((double)1);
    const gir__neon_vf64 c2 = gir__neon_set1_f64((double)0.7071067811865476);
    gir__neon_vf64 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__neon_set1_f64(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_NEON_F64) {
        int t = n - k < GIR__LANES_NEON_F64 ? (int)(n - k) : GIR__LANES_NEON_F64;
        if (st[0]) v0 = t == GIR__LANES_NEON_F64 ? gir__neon_load_f64(x0 + k) : gir__neon_loadn_f64(x0 + k, t);
        r = gir__neon_mul_f64(gir__neon_mul_f64(c0, v0), gir__neon_add_f64(c1, gir__neon_erf_f64(gir__neon_mul_f64(v0, c2))));
        if (t == GIR__LANES_NEON_F64) gir__neon_store_f64(o + k, r); else gir__neon_storen_f64(o + k, t, r);
    }
}
static void gir__k_silu_f32__neon(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    gir__neon_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__neon_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_NEON_F32) {
        int t = n - k < GIR__LANES_NEON_F32 ? (int)(n - k) : GIR__LANES_NEON_F32;
        if (st[0]) v0 = t == GIR__LANES_NEON_F32 ? gir__neon_load_f32(x0 + k) : gir__neon_loadn_f32(x0 + k, t);
        r = gir__neon_mul_f32(v0, gir__neon_sigmoid_f32(v0));
        if (t == GIR__LANES_NEON_F32) gir__neon_store_f32(o + k, r); else gir__neon_storen_f32(o + k, t, r);
    }
}
static void gir__k_silu_f64__neon(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    gir__neon_vf64 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__neon_set1_f64(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_NEON_F64) {
        int t = n - k < GIR__LANES_NEON_F64 ? (int)(n - k) : GIR__LANES_NEON_F64;
        if (st[0]) v0 = t == GIR__LANES_NEON_F64 ? gir__neon_load_f64(x0 + k) : gir__neon_loadn_f64(x0 + k, t);
        r = gir__neon_mul_f64(v0, gir__neon_sigmoid_f64(v0));
        if (t == GIR__LANES_NEON_F64) gir__neon_store_f64(o + k, r); else gir__neon_storen_f64(o + k, t, r);
    }
}
static void gir__k_erf_f32__neon(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    gir__neon_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__neon_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_NEON_F32) {
        int t = n - k < GIR__LANES_NEON_F32 ? (int)(n - k) : GIR__LANES_NEON_F32;
        if (st[0]) v0 = t == GIR__LANES_NEON_F32 ? gir__neon_load_f32(x0 + k) : gir__neon_loadn_f32(x0 + k, t);
        r = gir__neon_erf_f32(v0);
        if (t == GIR__LANES_NEON_F32) gir__neon_store_f32(o + k, r); else gir__neon_storen_f32(o + k, t, r);
    }
}
static void gir__k_erf_f64__neon(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    gir__neon_vf64 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__neon_set1_f64(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_NEON_F64) {
        int t = n - k < GIR__LANES_NEON_F64 ? (int)(n - k) : GIR__LANES_NEON_F64;
        if (st[0]) v0 = t == GIR__LANES_NEON_F64 ? gir__neon_load_f64(x0 + k) : gir__neon_loadn_f64(x0 + k, t);
        r = gir__neon_erf_f64(v0);
        if (t == GIR__LANES_NEON_F64) gir__neon_store_f64(o + k, r); else gir__neon_storen_f64(o + k, t, r);
    }
}
static void gir__k_floor_f32__neon(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    gir__neon_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__neon_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_NEON_F32) {
        int t = n - k < GIR__LANES_NEON_F32 ? (int)(n - k) : GIR__LANES_NEON_F32;
        if (st[0]) v0 = t == GIR__LANES_NEON_F32 ? gir__neon_load_f32(x0 + k) : gir__neon_loadn_f32(x0 + k, t);
        r = gir__neon_floor_f32(v0);
        if (t == GIR__LANES_NEON_F32) gir__neon_store_f32(o + k, r); else gir__neon_storen_f32(o + k, t, r);
    }
}
static void gir__k_floor_f64__neon(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    gir__neon_vf64 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__neon_set1_f64(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_NEON_F64) {
        int t = n - k < GIR__LANES_NEON_F64 ? (int)(n - k) : GIR__LANES_NEON_F64;
        if (st[0]) v0 = t == GIR__LANES_NEON_F64 ? gir__neon_load_f64(x0 + k) : gir__neon_loadn_f64(x0 + k, t);
        r = gir__neon_floor_f64(v0);
        if (t == GIR__LANES_NEON_F64) gir__neon_store_f64(o + k, r); else gir__neon_storen_f64(o + k, t, r);
    }
}
static void gir__k_ceil_f32__neon(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    gir__neon_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__neon_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_NEON_F32) {
        int t = n - k < GIR__LANES_NEON_F32 ? (int)(n - k) : GIR__LANES_NEON_F32;
        if (st[0]) v0 = t == GIR__LANES_NEON_F32 ? gir__neon_load_f32(x0 + k) : gir__neon_loadn_f32(x0 + k, t);
        r = gir__neon_ceil_f32(v0);
        if (t == GIR__LANES_NEON_F32) gir__neon_store_f32(o + k, r); else gir__neon_storen_f32(o + k, t, r);
    }
}
static void gir__k_ceil_f64__neon(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    gir__neon_vf64 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__neon_set1_f64(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_NEON_F64) {
        int t = n - k < GIR__LANES_NEON_F64 ? (int)(n - k) : GIR__LANES_NEON_F64;
        if (st[0]) v0 = t == GIR__LANES_NEON_F64 ? gir__neon_load_f64(x0 + k) : gir__neon_loadn_f64(x0 + k, t);
        r = gir__neon_ceil_f64(v0);
        if (t == GIR__LANES_NEON_F64) gir__neon_store_f64(o + k, r); else gir__neon_storen_f64(o + k, t, r);
    }
}
static void gir__k_round_f32__neon(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    gir__neon_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__neon_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_NEON_F32) {
        int t = n - k < GIR__LANES_NEON_F32 ? (int)(n - k) : GIR__LANES_NEON_F32;
        if (st[0]) v0 = t == GIR__LANES_NEON_F32 ? gir__neon_load_f32(x0 + k) : gir__neon_loadn_f32(x0 + k, t);
        r = gir__neon_round_f32(v0);
        if (t == GIR__LANES_NEON_F32) gir__neon_store_f32(o + k, r); else gir__neon_storen_f32(o + k, t, r);
    }
}
static void gir__k_round_f64__neon(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    gir__neon_vf64 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__neon_set1_f64(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_NEON_F64) {
        int t = n - k < GIR__LANES_NEON_F64 ? (int)(n - k) : GIR__LANES_NEON_F64;
        if (st[0]) v0 = t == GIR__LANES_NEON_F64 ? gir__neon_load_f64(x0 + k) : gir__neon_loadn_f64(x0 + k, t);
        r = gir__neon_round_f64(v0);
        if (t == GIR__LANES_NEON_F64) gir__neon_store_f64(o + k, r); else gir__neon_storen_f64(o + k, t, r);
    }
}
static void gir__k_clamp_f32__neon(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    const gir__neon_vf32 c0 = gir__neon_set1_f32((float)p[0]);
    const gir__neon_vf32 c1 = gir__neon_set1_f32((float)p[1]);
    gir__neon_vf32 v0, r;
    int64_t k;
    if (n <= 0) return;
    v0 = gir__neon_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_NEON_F32) {
        int t = n - k < GIR__LANES_NEON_F32 ? (int)(n - k) : GIR__LANES_NEON_F32;
        if (st[0]) v0 = t == GIR__LANES_NEON_F32 ? gir__neon_load_f32(x0 + k) : gir__neon_loadn_f32(x0 + k, t);
        r = gir__neon_min_f32(gir__neon_max_f32(v0, c0), c1);
        if (t == GIR__LANES_NEON_F32) gir__neon_store_f32(o + k, r); else gir__neon_storen_f32(o + k, t, r);
    }
}
static void gir__k_clamp_f64__neon(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    const gir__neon_vf64 c0 = gir__neon_set1_f64((double)p[0]);
    const gir__neon_vf64 c1 = gir__neon_set1_f64((double)p[1]);
    gir__neon_vf64 v0, r;
    int64_t k;
    if (n <= 0) return;
    v0 = gir__neon_set1_f64(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_NEON_F64) {
        int t = n - k < GIR__LANES_NEON_F64 ? (int)(n - k) : GIR__LANES_NEON_F64;
        if (st[0]) v0 = t == GIR__LANES_NEON_F64 ? gir__neon_load_f64(x0 + k) : gir__neon_loadn_f64(x0 + k, t);
        r = gir__neon_min_f64(gir__neon_max_f64(v0, c0), c1);
        if (t == GIR__LANES_NEON_F64) gir__neon_store_f64(o + k, r); else gir__neon_storen_f64(o + k, t, r);
    }
}
static void gir__k_bce_logits_f32__neon(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    const float *x1 = (const float *)in[1];
    const gir__neon_vf32 c0 = gir__neon_set1_f32((float)0);
    gir__neon_vf32 v0, v1, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__neon_set1_f32(x0[0]);
    v1 = gir__neon_set1_f32(x1[0]);
    for (k = 0; k < n; k += GIR__LANES_NEON_F32) {
        int t = n - k < GIR__LANES_NEON_F32 ? (int)(n - k) : GIR__LANES_NEON_F32;
        if (st[0]) v0 = t == GIR__LANES_NEON_F32 ? gir__neon_load_f32(x0 + k) : gir__neon_loadn_f32(x0 + k, t);
        if (st[1]) v1 = t == GIR__LANES_NEON_F32 ? gir__neon_load_f32(x1 + k) : gir__neon_loadn_f32(x1 + k, t);
        r = gir__neon_add_f32(gir__neon_sub_f32(gir__neon_max_f32(v0, c0), gir__neon_mul_f32(v0, v1)), gir__neon_log1p_f32(gir__neon_exp_f32(gir__neon_neg_f32(gir__neon_abs_f32(v0)))));
        if (t == GIR__LANES_NEON_F32) gir__neon_store_f32(o + k, r); else gir__neon_storen_f32(o + k, t, r);
    }
}
static void gir__k_bce_logits_f64__neon(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    const double *x1 = (const double *)in[1];
    const gir__neon_vf64 c0 = gir__neon_set1_f64((double)0);
    gir__neon_vf64 v0, v1, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__neon_set1_f64(x0[0]);
    v1 = gir__neon_set1_f64(x1[0]);
    for (k = 0; k < n; k += GIR__LANES_NEON_F64) {
        int t = n - k < GIR__LANES_NEON_F64 ? (int)(n - k) : GIR__LANES_NEON_F64;
        if (st[0]) v0 = t == GIR__LANES_NEON_F64 ? gir__neon_load_f64(x0 + k) : gir__neon_loadn_f64(x0 + k, t);
        if (st[1]) v1 = t == GIR__LANES_NEON_F64 ? gir__neon_load_f64(x1 + k) : gir__neon_loadn_f64(x1 + k, t);
        r = gir__neon_add_f64(gir__neon_sub_f64(gir__neon_max_f64(v0, c0), gir__neon_mul_f64(v0, v1)), gir__neon_log1p_f64(gir__neon_exp_f64(gir__neon_neg_f64(gir__neon_abs_f64(v0)))));
        if (t == GIR__LANES_NEON_F64) gir__neon_store_f64(o + k, r); else gir__neon_storen_f64(o + k, t, r);
    }
}
static void gir__k_fmod_f32__neon(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    const float *x1 = (const float *)in[1];
    gir__neon_vf32 v0, v1, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__neon_set1_f32(x0[0]);
    v1 = gir__neon_set1_f32(x1[0]);
    for (k = 0; k < n; k += GIR__LANES_NEON_F32) {
        int t = n - k < GIR__LANES_NEON_F32 ? (int)(n - k) : GIR__LANES_NEON_F32;
        if (st[0]) v0 = t == GIR__LANES_NEON_F32 ? gir__neon_load_f32(x0 + k) : gir__neon_loadn_f32(x0 + k, t);
        if (st[1]) v1 = t == GIR__LANES_NEON_F32 ? gir__neon_load_f32(x1 + k) : gir__neon_loadn_f32(x1 + k, t);
        r = gir__neon_map2_f32(gir__v_fmod_f32, v0, v1);
        if (t == GIR__LANES_NEON_F32) gir__neon_store_f32(o + k, r); else gir__neon_storen_f32(o + k, t, r);
    }
}
static void gir__k_fmod_f64__neon(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    const double *x1 = (const double *)in[1];
    gir__neon_vf64 v0, v1, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__neon_set1_f64(x0[0]);
    v1 = gir__neon_set1_f64(x1[0]);
    for (k = 0; k < n; k += GIR__LANES_NEON_F64) {
        int t = n - k < GIR__LANES_NEON_F64 ? (int)(n - k) : GIR__LANES_NEON_F64;
        if (st[0]) v0 = t == GIR__LANES_NEON_F64 ? gir__neon_load_f64(x0 + k) : gir__neon_loadn_f64(x0 + k, t);
        if (st[1]) v1 = t == GIR__LANES_NEON_F64 ? gir__neon_load_f64(x1 + k) : gir__neon_loadn_f64(x1 + k, t);
        r = gir__neon_map2_f64(gir__v_fmod_f64, v0, v1);
        if (t == GIR__LANES_NEON_F64) gir__neon_store_f64(o + k, r); else gir__neon_storen_f64(o + k, t, r);
    }
}
static void gir__k_gelu_tanh_f32__neon(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    const gir__neon_vf32 c0 = gir__neon_set1_f32((float)0.5);
    const gir__neon_vf32 c1 = gir__neon_set1_f32((float)1);
    const gir__neon_vf32 c2 = gir__neon_set1_f32((float)0.7978845608028654);
    const gir__neon_vf32 c3 = gir__neon_set1_f32((float)0.044715);
    gir__neon_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__neon_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_NEON_F32) {
        int t = n - k < GIR__LANES_NEON_F32 ? (int)(n - k) : GIR__LANES_NEON_F32;
        if (st[0]) v0 = t == GIR__LANES_NEON_F32 ? gir__neon_load_f32(x0 + k) : gir__neon_loadn_f32(x0 + k, t);
        r = gir__neon_mul_f32(gir__neon_mul_f32(c0, v0), gir__neon_add_f32(c1, gir__neon_tanh_f32(gir__neon_mul_f32(c2, gir__neon_add_f32(v0, gir__neon_mul_f32(gir__neon_mul_f32(gir__neon_mul_f32(c3, v0), v0), v0))))));
        if (t == GIR__LANES_NEON_F32) gir__neon_store_f32(o + k, r); else gir__neon_storen_f32(o + k, t, r);
    }
}
static void gir__k_gelu_tanh_f64__neon(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    double *o = (double *)out;
    const double *x0 = (const double *)in[0];
    const gir__neon_vf64 c0 = gir__neon_set1_f64((double)0.5);
    const gir__neon_vf64 c1 = gir__neon_set1_f64((double)1);
    const gir__neon_vf64 c2 = gir__neon_set1_f64((double)0.7978845608028654);
    const gir__neon_vf64 c3 = gir__neon_set1_f64((double)0.044715);
    gir__neon_vf64 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__neon_set1_f64(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_NEON_F64) {
        int t = n - k < GIR__LANES_NEON_F64 ? (int)(n - k) : GIR__LANES_NEON_F64;
        if (st[0]) v0 = t == GIR__LANES_NEON_F64 ? gir__neon_load_f64(x0 + k) : gir__neon_loadn_f64(x0 + k, t);
        r = gir__neon_mul_f64(gir__neon_mul_f64(c0, v0), gir__neon_add_f64(c1, gir__neon_tanh_f64(gir__neon_mul_f64(c2, gir__neon_add_f64(v0, gir__neon_mul_f64(gir__neon_mul_f64(gir__neon_mul_f64(c3, v0), v0), v0))))));
        if (t == GIR__LANES_NEON_F64) gir__neon_store_f64(o + k, r); else gir__neon_storen_f64(o + k, t, r);
    }
}
static const gir__ew_fn gir__ew_table_neon[GIR_OP__COUNT][GIR__DTYPE_SLOTS] = {
    {0, 0, 0, 0, 0, 0},
    {0, 0, 0, 0, 0, 0}, /* INPUT */
    {0, 0, 0, 0, 0, 0}, /* VARIABLE */
    {0, 0, 0, 0, 0, 0}, /* CONSTANT */
    {0, 0, 0, 0, 0, 0}, /* FILL */
    {0, 0, 0, 0, 0, 0}, /* EYE */
    {0, 0, 0, 0, 0, 0}, /* ARANGE */
    {0, 0, 0, 0, 0, 0}, /* RAND_UNIFORM */
    {0, 0, 0, 0, 0, 0}, /* RAND_NORMAL */
    {0, 0, 0, 0, 0, 0}, /* NOT */
    {0, 0, 0, 0, 0, 0}, /* AND */
    {0, 0, 0, 0, 0, 0}, /* OR */
    {0, 0, 0, 0, 0, 0}, /* XOR */
    {0, 0, 0, 0, 0, 0}, /* GT */
    {0, 0, 0, 0, 0, 0}, /* GE */
    {0, 0, 0, 0, 0, 0}, /* LT */
    {0, 0, 0, 0, 0, 0}, /* LE */
    {0, 0, 0, 0, 0, 0}, /* EQ */
    {0, 0, 0, 0, 0, 0}, /* NE */
    {0, 0, 0, 0, 0, 0}, /* APPROX_EQ */
    {0, 0, 0, 0, 0, 0}, /* ISNAN */
    {0, 0, 0, 0, 0, 0}, /* ISINF */
    {0, 0, 0, 0, 0, 0}, /* ISFINITE */
    {0, 0, 0, 0, gir__k_add_f32__neon, gir__k_add_f64__neon}, /* ADD */
    {0, 0, 0, 0, gir__k_sub_f32__neon, gir__k_sub_f64__neon}, /* SUB */
    {0, 0, 0, 0, gir__k_mul_f32__neon, gir__k_mul_f64__neon}, /* MUL */
    {0, 0, 0, 0, gir__k_div_f32__neon, gir__k_div_f64__neon}, /* DIV */
    {0, 0, 0, 0, gir__k_neg_f32__neon, gir__k_neg_f64__neon}, /* NEG */
    {0, 0, 0, 0, gir__k_pow_f32__neon, gir__k_pow_f64__neon}, /* POW */
    {0, 0, 0, 0, gir__k_maximum_f32__neon, gir__k_maximum_f64__neon}, /* MAXIMUM */
    {0, 0, 0, 0, gir__k_minimum_f32__neon, gir__k_minimum_f64__neon}, /* MINIMUM */
    {0, 0, 0, 0, gir__k_mod_f32__neon, gir__k_mod_f64__neon}, /* MOD */
    {0, 0, 0, 0, gir__k_floordiv_f32__neon, gir__k_floordiv_f64__neon}, /* FLOORDIV */
    {0, 0, 0, 0, 0, 0}, /* ADD_N */
    {0, 0, 0, 0, gir__k_abs_f32__neon, gir__k_abs_f64__neon}, /* ABS */
    {0, 0, 0, 0, gir__k_sign_f32__neon, gir__k_sign_f64__neon}, /* SIGN */
    {0, 0, 0, 0, gir__k_square_f32__neon, gir__k_square_f64__neon}, /* SQUARE */
    {0, 0, 0, 0, gir__k_sqrt_f32__neon, gir__k_sqrt_f64__neon}, /* SQRT */
    {0, 0, 0, 0, gir__k_rsqrt_f32__neon, gir__k_rsqrt_f64__neon}, /* RSQRT */
    {0, 0, 0, 0, gir__k_reciprocal_f32__neon, gir__k_reciprocal_f64__neon}, /* RECIPROCAL */
    {0, 0, 0, 0, gir__k_exp_f32__neon, gir__k_exp_f64__neon}, /* EXP */
    {0, 0, 0, 0, gir__k_expm1_f32__neon, gir__k_expm1_f64__neon}, /* EXPM1 */
    {0, 0, 0, 0, gir__k_log_f32__neon, gir__k_log_f64__neon}, /* LOG */
    {0, 0, 0, 0, gir__k_log1p_f32__neon, gir__k_log1p_f64__neon}, /* LOG1P */
    {0, 0, 0, 0, gir__k_log2_f32__neon, gir__k_log2_f64__neon}, /* LOG2 */
    {0, 0, 0, 0, gir__k_sin_f32__neon, gir__k_sin_f64__neon}, /* SIN */
    {0, 0, 0, 0, gir__k_cos_f32__neon, gir__k_cos_f64__neon}, /* COS */
    {0, 0, 0, 0, gir__k_tan_f32__neon, gir__k_tan_f64__neon}, /* TAN */
    {0, 0, 0, 0, gir__k_asin_f32__neon, gir__k_asin_f64__neon}, /* ASIN */
    {0, 0, 0, 0, gir__k_acos_f32__neon, gir__k_acos_f64__neon}, /* ACOS */
    {0, 0, 0, 0, gir__k_atan_f32__neon, gir__k_atan_f64__neon}, /* ATAN */
    {0, 0, 0, 0, gir__k_sinh_f32__neon, gir__k_sinh_f64__neon}, /* SINH */
    {0, 0, 0, 0, gir__k_cosh_f32__neon, gir__k_cosh_f64__neon}, /* COSH */
    {0, 0, 0, 0, gir__k_tanh_f32__neon, gir__k_tanh_f64__neon}, /* TANH */
    {0, 0, 0, 0, gir__k_sigmoid_f32__neon, gir__k_sigmoid_f64__neon}, /* SIGMOID */
    {0, 0, 0, 0, gir__k_softplus_f32__neon, gir__k_softplus_f64__neon}, /* SOFTPLUS */
    {0, 0, 0, 0, gir__k_relu_f32__neon, gir__k_relu_f64__neon}, /* RELU */
    {0, 0, 0, 0, gir__k_leaky_relu_f32__neon, gir__k_leaky_relu_f64__neon}, /* LEAKY_RELU */
    {0, 0, 0, 0, gir__k_elu_f32__neon, gir__k_elu_f64__neon}, /* ELU */
    {0, 0, 0, 0, gir__k_gelu_f32__neon, gir__k_gelu_f64__neon}, /* GELU */
    {0, 0, 0, 0, gir__k_silu_f32__neon, gir__k_silu_f64__neon}, /* SILU */
    {0, 0, 0, 0, gir__k_erf_f32__neon, gir__k_erf_f64__neon}, /* ERF */
    {0, 0, 0, 0, gir__k_floor_f32__neon, gir__k_floor_f64__neon}, /* FLOOR */
    {0, 0, 0, 0, gir__k_ceil_f32__neon, gir__k_ceil_f64__neon}, /* CEIL */
    {0, 0, 0, 0, gir__k_round_f32__neon, gir__k_round_f64__neon}, /* ROUND */
    {0, 0, 0, 0, gir__k_clamp_f32__neon, gir__k_clamp_f64__neon}, /* CLAMP */
    {0, 0, 0, 0, 0, 0}, /* SUM */
    {0, 0, 0, 0, 0, 0}, /* MEAN */
    {0, 0, 0, 0, 0, 0}, /* PROD */
    {0, 0, 0, 0, 0, 0}, /* MAX */
    {0, 0, 0, 0, 0, 0}, /* MIN */
    {0, 0, 0, 0, 0, 0}, /* VAR */
    {0, 0, 0, 0, 0, 0}, /* LOGSUMEXP */
    {0, 0, 0, 0, 0, 0}, /* ARGMAX */
    {0, 0, 0, 0, 0, 0}, /* ARGMIN */
    {0, 0, 0, 0, 0, 0}, /* ALL */
    {0, 0, 0, 0, 0, 0}, /* ANY */
    {0, 0, 0, 0, 0, 0}, /* RESHAPE */
    {0, 0, 0, 0, 0, 0}, /* TRANSPOSE */
    {0, 0, 0, 0, 0, 0}, /* BROADCAST_TO */
    {0, 0, 0, 0, 0, 0}, /* SLICE */
    {0, 0, 0, 0, 0, 0}, /* UNSLICE */
    {0, 0, 0, 0, 0, 0}, /* CONCAT */
    {0, 0, 0, 0, 0, 0}, /* FLIP */
    {0, 0, 0, 0, 0, 0}, /* PAD */
    {0, 0, 0, 0, 0, 0}, /* INDEX_SELECT */
    {0, 0, 0, 0, 0, 0}, /* INDEX_ADD */
    {0, 0, 0, 0, 0, 0}, /* ONE_HOT */
    {0, 0, 0, 0, 0, 0}, /* WHERE */
    {0, 0, 0, 0, 0, 0}, /* DIAG */
    {0, 0, 0, 0, 0, 0}, /* DIAGONAL */
    {0, 0, 0, 0, 0, 0}, /* TRIU */
    {0, 0, 0, 0, 0, 0}, /* TRIL */
    {0, 0, 0, 0, 0, 0}, /* CAST */
    {0, 0, 0, 0, 0, 0}, /* STOP_GRADIENT */
    {0, 0, 0, 0, 0, 0}, /* MATMUL */
    {0, 0, 0, 0, 0, 0}, /* DOT */
    {0, 0, 0, 0, 0, 0}, /* OUTER */
    {0, 0, 0, 0, 0, 0}, /* TRACE */
    {0, 0, 0, 0, 0, 0}, /* INVERSE */
    {0, 0, 0, 0, 0, 0}, /* DET */
    {0, 0, 0, 0, 0, 0}, /* LOGDET */
    {0, 0, 0, 0, 0, 0}, /* CHOLESKY */
    {0, 0, 0, 0, 0, 0}, /* TRISOLVE */
    {0, 0, 0, 0, 0, 0}, /* SOFTMAX */
    {0, 0, 0, 0, 0, 0}, /* LOG_SOFTMAX */
    {0, 0, 0, 0, 0, 0}, /* XENT_LOGITS */
    {0, 0, 0, 0, 0, 0}, /* XENT_LOGITS_PROB */
    {0, 0, 0, 0, gir__k_bce_logits_f32__neon, gir__k_bce_logits_f64__neon}, /* BCE_LOGITS */
    {0, 0, 0, 0, 0, 0}, /* MSE */
    {0, 0, 0, 0, 0, 0}, /* CONV2D */
    {0, 0, 0, 0, 0, 0}, /* CONV2D_BWD_DATA */
    {0, 0, 0, 0, 0, 0}, /* CONV2D_BWD_FILTER */
    {0, 0, 0, 0, 0, 0}, /* MAX_POOL2D */
    {0, 0, 0, 0, 0, 0}, /* MAX_POOL2D_BWD */
    {0, 0, 0, 0, 0, 0}, /* AVG_POOL2D */
    {0, 0, 0, 0, 0, 0}, /* AVG_POOL2D_BWD */
    {0, 0, 0, 0, 0, 0}, /* DROPOUT */
    {0, 0, 0, 0, 0, 0}, /* GATHER */
    {0, 0, 0, 0, 0, 0}, /* SCATTER_ADD */
    {0, 0, 0, 0, gir__k_fmod_f32__neon, gir__k_fmod_f64__neon}, /* FMOD */
    {0, 0, 0, 0, gir__k_gelu_tanh_f32__neon, gir__k_gelu_tanh_f64__neon}, /* GELU_TANH */
};
#endif
#if defined(GIR__HAVE_MVE)
/* generated from ops.def: mve kernels (float rows; integer, bool and compare rows stay scalar) */
static void gir__k_add_f32__mve(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    const float *x1 = (const float *)in[1];
    gir__mve_vf32 v0, v1, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__mve_set1_f32(x0[0]);
    v1 = gir__mve_set1_f32(x1[0]);
    for (k = 0; k < n; k += GIR__LANES_MVE_F32) {
        int t = n - k < GIR__LANES_MVE_F32 ? (int)(n - k) : GIR__LANES_MVE_F32;
        if (st[0]) v0 = t == GIR__LANES_MVE_F32 ? gir__mve_load_f32(x0 + k) : gir__mve_loadn_f32(x0 + k, t);
        if (st[1]) v1 = t == GIR__LANES_MVE_F32 ? gir__mve_load_f32(x1 + k) : gir__mve_loadn_f32(x1 + k, t);
        r = gir__mve_add_f32(v0, v1);
        if (t == GIR__LANES_MVE_F32) gir__mve_store_f32(o + k, r); else gir__mve_storen_f32(o + k, t, r);
    }
}
static void gir__k_sub_f32__mve(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    const float *x1 = (const float *)in[1];
    gir__mve_vf32 v0, v1, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__mve_set1_f32(x0[0]);
    v1 = gir__mve_set1_f32(x1[0]);
    for (k = 0; k < n; k += GIR__LANES_MVE_F32) {
        int t = n - k < GIR__LANES_MVE_F32 ? (int)(n - k) : GIR__LANES_MVE_F32;
        if (st[0]) v0 = t == GIR__LANES_MVE_F32 ? gir__mve_load_f32(x0 + k) : gir__mve_loadn_f32(x0 + k, t);
        if (st[1]) v1 = t == GIR__LANES_MVE_F32 ? gir__mve_load_f32(x1 + k) : gir__mve_loadn_f32(x1 + k, t);
        r = gir__mve_sub_f32(v0, v1);
        if (t == GIR__LANES_MVE_F32) gir__mve_store_f32(o + k, r); else gir__mve_storen_f32(o + k, t, r);
    }
}
static void gir__k_mul_f32__mve(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    const float *x1 = (const float *)in[1];
    gir__mve_vf32 v0, v1, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__mve_set1_f32(x0[0]);
    v1 = gir__mve_set1_f32(x1[0]);
    for (k = 0; k < n; k += GIR__LANES_MVE_F32) {
        int t = n - k < GIR__LANES_MVE_F32 ? (int)(n - k) : GIR__LANES_MVE_F32;
        if (st[0]) v0 = t == GIR__LANES_MVE_F32 ? gir__mve_load_f32(x0 + k) : gir__mve_loadn_f32(x0 + k, t);
        if (st[1]) v1 = t == GIR__LANES_MVE_F32 ? gir__mve_load_f32(x1 + k) : gir__mve_loadn_f32(x1 + k, t);
        r = gir__mve_mul_f32(v0, v1);
        if (t == GIR__LANES_MVE_F32) gir__mve_store_f32(o + k, r); else gir__mve_storen_f32(o + k, t, r);
    }
}
static void gir__k_div_f32__mve(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    const float *x1 = (const float *)in[1];
    gir__mve_vf32 v0, v1, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__mve_set1_f32(x0[0]);
    v1 = gir__mve_set1_f32(x1[0]);
    for (k = 0; k < n; k += GIR__LANES_MVE_F32) {
        int t = n - k < GIR__LANES_MVE_F32 ? (int)(n - k) : GIR__LANES_MVE_F32;
        if (st[0]) v0 = t == GIR__LANES_MVE_F32 ? gir__mve_load_f32(x0 + k) : gir__mve_loadn_f32(x0 + k, t);
        if (st[1]) v1 = t == GIR__LANES_MVE_F32 ? gir__mve_load_f32(x1 + k) : gir__mve_loadn_f32(x1 + k, t);
        r = gir__mve_div_f32(v0, v1);
        if (t == GIR__LANES_MVE_F32) gir__mve_store_f32(o + k, r); else gir__mve_storen_f32(o + k, t, r);
    }
}
static void gir__k_neg_f32__mve(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    gir__mve_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__mve_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_MVE_F32) {
        int t = n - k < GIR__LANES_MVE_F32 ? (int)(n - k) : GIR__LANES_MVE_F32;
        if (st[0]) v0 = t == GIR__LANES_MVE_F32 ? gir__mve_load_f32(x0 + k) : gir__mve_loadn_f32(x0 + k, t);
        r = gir__mve_neg_f32(v0);
        if (t == GIR__LANES_MVE_F32) gir__mve_store_f32(o + k, r); else gir__mve_storen_f32(o + k, t, r);
    }
}
static void gir__k_pow_f32__mve(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    const float *x1 = (const float *)in[1];
    gir__mve_vf32 v0, v1, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__mve_set1_f32(x0[0]);
    v1 = gir__mve_set1_f32(x1[0]);
    for (k = 0; k < n; k += GIR__LANES_MVE_F32) {
        int t = n - k < GIR__LANES_MVE_F32 ? (int)(n - k) : GIR__LANES_MVE_F32;
        if (st[0]) v0 = t == GIR__LANES_MVE_F32 ? gir__mve_load_f32(x0 + k) : gir__mve_loadn_f32(x0 + k, t);
        if (st[1]) v1 = t == GIR__LANES_MVE_F32 ? gir__mve_load_f32(x1 + k) : gir__mve_loadn_f32(x1 + k, t);
        r = gir__mve_map2_f32(gir__v_pow_f32, v0, v1);
        if (t == GIR__LANES_MVE_F32) gir__mve_store_f32(o + k, r); else gir__mve_storen_f32(o + k, t, r);
    }
}
static void gir__k_maximum_f32__mve(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    const float *x1 = (const float *)in[1];
    gir__mve_vf32 v0, v1, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__mve_set1_f32(x0[0]);
    v1 = gir__mve_set1_f32(x1[0]);
    for (k = 0; k < n; k += GIR__LANES_MVE_F32) {
        int t = n - k < GIR__LANES_MVE_F32 ? (int)(n - k) : GIR__LANES_MVE_F32;
        if (st[0]) v0 = t == GIR__LANES_MVE_F32 ? gir__mve_load_f32(x0 + k) : gir__mve_loadn_f32(x0 + k, t);
        if (st[1]) v1 = t == GIR__LANES_MVE_F32 ? gir__mve_load_f32(x1 + k) : gir__mve_loadn_f32(x1 + k, t);
        r = gir__mve_max_f32(v0, v1);
        if (t == GIR__LANES_MVE_F32) gir__mve_store_f32(o + k, r); else gir__mve_storen_f32(o + k, t, r);
    }
}
static void gir__k_minimum_f32__mve(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    const float *x1 = (const float *)in[1];
    gir__mve_vf32 v0, v1, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__mve_set1_f32(x0[0]);
    v1 = gir__mve_set1_f32(x1[0]);
    for (k = 0; k < n; k += GIR__LANES_MVE_F32) {
        int t = n - k < GIR__LANES_MVE_F32 ? (int)(n - k) : GIR__LANES_MVE_F32;
        if (st[0]) v0 = t == GIR__LANES_MVE_F32 ? gir__mve_load_f32(x0 + k) : gir__mve_loadn_f32(x0 + k, t);
        if (st[1]) v1 = t == GIR__LANES_MVE_F32 ? gir__mve_load_f32(x1 + k) : gir__mve_loadn_f32(x1 + k, t);
        r = gir__mve_min_f32(v0, v1);
        if (t == GIR__LANES_MVE_F32) gir__mve_store_f32(o + k, r); else gir__mve_storen_f32(o + k, t, r);
    }
}
static void gir__k_mod_f32__mve(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    const float *x1 = (const float *)in[1];
    gir__mve_vf32 v0, v1, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__mve_set1_f32(x0[0]);
    v1 = gir__mve_set1_f32(x1[0]);
    for (k = 0; k < n; k += GIR__LANES_MVE_F32) {
        int t = n - k < GIR__LANES_MVE_F32 ? (int)(n - k) : GIR__LANES_MVE_F32;
        if (st[0]) v0 = t == GIR__LANES_MVE_F32 ? gir__mve_load_f32(x0 + k) : gir__mve_loadn_f32(x0 + k, t);
        if (st[1]) v1 = t == GIR__LANES_MVE_F32 ? gir__mve_load_f32(x1 + k) : gir__mve_loadn_f32(x1 + k, t);
        r = gir__mve_map2_f32(gir__v_mod_f32, v0, v1);
        if (t == GIR__LANES_MVE_F32) gir__mve_store_f32(o + k, r); else gir__mve_storen_f32(o + k, t, r);
    }
}
static void gir__k_floordiv_f32__mve(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    const float *x1 = (const float *)in[1];
    gir__mve_vf32 v0, v1, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__mve_set1_f32(x0[0]);
    v1 = gir__mve_set1_f32(x1[0]);
    for (k = 0; k < n; k += GIR__LANES_MVE_F32) {
        int t = n - k < GIR__LANES_MVE_F32 ? (int)(n - k) : GIR__LANES_MVE_F32;
        if (st[0]) v0 = t == GIR__LANES_MVE_F32 ? gir__mve_load_f32(x0 + k) : gir__mve_loadn_f32(x0 + k, t);
        if (st[1]) v1 = t == GIR__LANES_MVE_F32 ? gir__mve_load_f32(x1 + k) : gir__mve_loadn_f32(x1 + k, t);
        r = gir__mve_map2_f32(gir__v_floordiv_f32, v0, v1);
        if (t == GIR__LANES_MVE_F32) gir__mve_store_f32(o + k, r); else gir__mve_storen_f32(o + k, t, r);
    }
}
static void gir__k_abs_f32__mve(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    gir__mve_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__mve_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_MVE_F32) {
        int t = n - k < GIR__LANES_MVE_F32 ? (int)(n - k) : GIR__LANES_MVE_F32;
        if (st[0]) v0 = t == GIR__LANES_MVE_F32 ? gir__mve_load_f32(x0 + k) : gir__mve_loadn_f32(x0 + k, t);
        r = gir__mve_abs_f32(v0);
        if (t == GIR__LANES_MVE_F32) gir__mve_store_f32(o + k, r); else gir__mve_storen_f32(o + k, t, r);
    }
}
static void gir__k_sign_f32__mve(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    gir__mve_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__mve_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_MVE_F32) {
        int t = n - k < GIR__LANES_MVE_F32 ? (int)(n - k) : GIR__LANES_MVE_F32;
        if (st[0]) v0 = t == GIR__LANES_MVE_F32 ? gir__mve_load_f32(x0 + k) : gir__mve_loadn_f32(x0 + k, t);
        r = gir__mve_sign_f32(v0);
        if (t == GIR__LANES_MVE_F32) gir__mve_store_f32(o + k, r); else gir__mve_storen_f32(o + k, t, r);
    }
}
static void gir__k_square_f32__mve(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    gir__mve_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__mve_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_MVE_F32) {
        int t = n - k < GIR__LANES_MVE_F32 ? (int)(n - k) : GIR__LANES_MVE_F32;
        if (st[0]) v0 = t == GIR__LANES_MVE_F32 ? gir__mve_load_f32(x0 + k) : gir__mve_loadn_f32(x0 + k, t);
        r = gir__mve_mul_f32(v0, v0);
        if (t == GIR__LANES_MVE_F32) gir__mve_store_f32(o + k, r); else gir__mve_storen_f32(o + k, t, r);
    }
}
static void gir__k_sqrt_f32__mve(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    gir__mve_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__mve_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_MVE_F32) {
        int t = n - k < GIR__LANES_MVE_F32 ? (int)(n - k) : GIR__LANES_MVE_F32;
        if (st[0]) v0 = t == GIR__LANES_MVE_F32 ? gir__mve_load_f32(x0 + k) : gir__mve_loadn_f32(x0 + k, t);
        r = gir__mve_sqrt_f32(v0);
        if (t == GIR__LANES_MVE_F32) gir__mve_store_f32(o + k, r); else gir__mve_storen_f32(o + k, t, r);
    }
}
static void gir__k_rsqrt_f32__mve(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    const gir__mve_vf32 c0 = gir__mve_set1_f32((float)1);
    gir__mve_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__mve_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_MVE_F32) {
        int t = n - k < GIR__LANES_MVE_F32 ? (int)(n - k) : GIR__LANES_MVE_F32;
        if (st[0]) v0 = t == GIR__LANES_MVE_F32 ? gir__mve_load_f32(x0 + k) : gir__mve_loadn_f32(x0 + k, t);
        r = gir__mve_div_f32(c0, gir__mve_sqrt_f32(v0));
        if (t == GIR__LANES_MVE_F32) gir__mve_store_f32(o + k, r); else gir__mve_storen_f32(o + k, t, r);
    }
}
static void gir__k_reciprocal_f32__mve(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    const gir__mve_vf32 c0 = gir__mve_set1_f32((float)1);
    gir__mve_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__mve_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_MVE_F32) {
        int t = n - k < GIR__LANES_MVE_F32 ? (int)(n - k) : GIR__LANES_MVE_F32;
        if (st[0]) v0 = t == GIR__LANES_MVE_F32 ? gir__mve_load_f32(x0 + k) : gir__mve_loadn_f32(x0 + k, t);
        r = gir__mve_div_f32(c0, v0);
        if (t == GIR__LANES_MVE_F32) gir__mve_store_f32(o + k, r); else gir__mve_storen_f32(o + k, t, r);
    }
}
static void gir__k_exp_f32__mve(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    gir__mve_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__mve_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_MVE_F32) {
        int t = n - k < GIR__LANES_MVE_F32 ? (int)(n - k) : GIR__LANES_MVE_F32;
        if (st[0]) v0 = t == GIR__LANES_MVE_F32 ? gir__mve_load_f32(x0 + k) : gir__mve_loadn_f32(x0 + k, t);
        r = gir__mve_exp_f32(v0);
        if (t == GIR__LANES_MVE_F32) gir__mve_store_f32(o + k, r); else gir__mve_storen_f32(o + k, t, r);
    }
}
static void gir__k_expm1_f32__mve(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    gir__mve_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__mve_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_MVE_F32) {
        int t = n - k < GIR__LANES_MVE_F32 ? (int)(n - k) : GIR__LANES_MVE_F32;
        if (st[0]) v0 = t == GIR__LANES_MVE_F32 ? gir__mve_load_f32(x0 + k) : gir__mve_loadn_f32(x0 + k, t);
        r = gir__mve_expm1_f32(v0);
        if (t == GIR__LANES_MVE_F32) gir__mve_store_f32(o + k, r); else gir__mve_storen_f32(o + k, t, r);
    }
}
static void gir__k_log_f32__mve(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    gir__mve_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__mve_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_MVE_F32) {
        int t = n - k < GIR__LANES_MVE_F32 ? (int)(n - k) : GIR__LANES_MVE_F32;
        if (st[0]) v0 = t == GIR__LANES_MVE_F32 ? gir__mve_load_f32(x0 + k) : gir__mve_loadn_f32(x0 + k, t);
        r = gir__mve_log_f32(v0);
        if (t == GIR__LANES_MVE_F32) gir__mve_store_f32(o + k, r); else gir__mve_storen_f32(o + k, t, r);
    }
}
static void gir__k_log1p_f32__mve(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    gir__mve_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__mve_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_MVE_F32) {
        int t = n - k < GIR__LANES_MVE_F32 ? (int)(n - k) : GIR__LANES_MVE_F32;
        if (st[0]) v0 = t == GIR__LANES_MVE_F32 ? gir__mve_load_f32(x0 + k) : gir__mve_loadn_f32(x0 + k, t);
        r = gir__mve_log1p_f32(v0);
        if (t == GIR__LANES_MVE_F32) gir__mve_store_f32(o + k, r); else gir__mve_storen_f32(o + k, t, r);
    }
}
static void gir__k_log2_f32__mve(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    gir__mve_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__mve_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_MVE_F32) {
        int t = n - k < GIR__LANES_MVE_F32 ? (int)(n - k) : GIR__LANES_MVE_F32;
        if (st[0]) v0 = t == GIR__LANES_MVE_F32 ? gir__mve_load_f32(x0 + k) : gir__mve_loadn_f32(x0 + k, t);
        r = gir__mve_log2_f32(v0);
        if (t == GIR__LANES_MVE_F32) gir__mve_store_f32(o + k, r); else gir__mve_storen_f32(o + k, t, r);
    }
}
static void gir__k_sin_f32__mve(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    gir__mve_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__mve_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_MVE_F32) {
        int t = n - k < GIR__LANES_MVE_F32 ? (int)(n - k) : GIR__LANES_MVE_F32;
        if (st[0]) v0 = t == GIR__LANES_MVE_F32 ? gir__mve_load_f32(x0 + k) : gir__mve_loadn_f32(x0 + k, t);
        r = gir__mve_map1_f32(gir__v_sin_f32, v0);
        if (t == GIR__LANES_MVE_F32) gir__mve_store_f32(o + k, r); else gir__mve_storen_f32(o + k, t, r);
    }
}
static void gir__k_cos_f32__mve(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    gir__mve_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__mve_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_MVE_F32) {
        int t = n - k < GIR__LANES_MVE_F32 ? (int)(n - k) : GIR__LANES_MVE_F32;
        if (st[0]) v0 = t == GIR__LANES_MVE_F32 ? gir__mve_load_f32(x0 + k) : gir__mve_loadn_f32(x0 + k, t);
        r = gir__mve_map1_f32(gir__v_cos_f32, v0);
        if (t == GIR__LANES_MVE_F32) gir__mve_store_f32(o + k, r); else gir__mve_storen_f32(o + k, t, r);
    }
}
static void gir__k_tan_f32__mve(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    gir__mve_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__mve_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_MVE_F32) {
        int t = n - k < GIR__LANES_MVE_F32 ? (int)(n - k) : GIR__LANES_MVE_F32;
        if (st[0]) v0 = t == GIR__LANES_MVE_F32 ? gir__mve_load_f32(x0 + k) : gir__mve_loadn_f32(x0 + k, t);
        r = gir__mve_map1_f32(gir__v_tan_f32, v0);
        if (t == GIR__LANES_MVE_F32) gir__mve_store_f32(o + k, r); else gir__mve_storen_f32(o + k, t, r);
    }
}
static void gir__k_asin_f32__mve(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    gir__mve_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__mve_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_MVE_F32) {
        int t = n - k < GIR__LANES_MVE_F32 ? (int)(n - k) : GIR__LANES_MVE_F32;
        if (st[0]) v0 = t == GIR__LANES_MVE_F32 ? gir__mve_load_f32(x0 + k) : gir__mve_loadn_f32(x0 + k, t);
        r = gir__mve_map1_f32(gir__v_asin_f32, v0);
        if (t == GIR__LANES_MVE_F32) gir__mve_store_f32(o + k, r); else gir__mve_storen_f32(o + k, t, r);
    }
}
static void gir__k_acos_f32__mve(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    gir__mve_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__mve_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_MVE_F32) {
        int t = n - k < GIR__LANES_MVE_F32 ? (int)(n - k) : GIR__LANES_MVE_F32;
        if (st[0]) v0 = t == GIR__LANES_MVE_F32 ? gir__mve_load_f32(x0 + k) : gir__mve_loadn_f32(x0 + k, t);
        r = gir__mve_map1_f32(gir__v_acos_f32, v0);
        if (t == GIR__LANES_MVE_F32) gir__mve_store_f32(o + k, r); else gir__mve_storen_f32(o + k, t, r);
    }
}
static void gir__k_atan_f32__mve(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    gir__mve_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__mve_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_MVE_F32) {
        int t = n - k < GIR__LANES_MVE_F32 ? (int)(n - k) : GIR__LANES_MVE_F32;
        if (st[0]) v0 = t == GIR__LANES_MVE_F32 ? gir__mve_load_f32(x0 + k) : gir__mve_loadn_f32(x0 + k, t);
        r = gir__mve_map1_f32(gir__v_atan_f32, v0);
        if (t == GIR__LANES_MVE_F32) gir__mve_store_f32(o + k, r); else gir__mve_storen_f32(o + k, t, r);
    }
}
static void gir__k_sinh_f32__mve(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    gir__mve_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__mve_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_MVE_F32) {
        int t = n - k < GIR__LANES_MVE_F32 ? (int)(n - k) : GIR__LANES_MVE_F32;
        if (st[0]) v0 = t == GIR__LANES_MVE_F32 ? gir__mve_load_f32(x0 + k) : gir__mve_loadn_f32(x0 + k, t);
        r = gir__mve_map1_f32(gir__v_sinh_f32, v0);
        if (t == GIR__LANES_MVE_F32) gir__mve_store_f32(o + k, r); else gir__mve_storen_f32(o + k, t, r);
    }
}
static void gir__k_cosh_f32__mve(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    gir__mve_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__mve_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_MVE_F32) {
        int t = n - k < GIR__LANES_MVE_F32 ? (int)(n - k) : GIR__LANES_MVE_F32;
        if (st[0]) v0 = t == GIR__LANES_MVE_F32 ? gir__mve_load_f32(x0 + k) : gir__mve_loadn_f32(x0 + k, t);
        r = gir__mve_map1_f32(gir__v_cosh_f32, v0);
        if (t == GIR__LANES_MVE_F32) gir__mve_store_f32(o + k, r); else gir__mve_storen_f32(o + k, t, r);
    }
}
static void gir__k_tanh_f32__mve(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    gir__mve_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__mve_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_MVE_F32) {
        int t = n - k < GIR__LANES_MVE_F32 ? (int)(n - k) : GIR__LANES_MVE_F32;
        if (st[0]) v0 = t == GIR__LANES_MVE_F32 ? gir__mve_load_f32(x0 + k) : gir__mve_loadn_f32(x0 + k, t);
        r = gir__mve_tanh_f32(v0);
        if (t == GIR__LANES_MVE_F32) gir__mve_store_f32(o + k, r); else gir__mve_storen_f32(o + k, t, r);
    }
}
static void gir__k_sigmoid_f32__mve(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    gir__mve_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__mve_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_MVE_F32) {
        int t = n - k < GIR__LANES_MVE_F32 ? (int)(n - k) : GIR__LANES_MVE_F32;
        if (st[0]) v0 = t == GIR__LANES_MVE_F32 ? gir__mve_load_f32(x0 + k) : gir__mve_loadn_f32(x0 + k, t);
        r = gir__mve_sigmoid_f32(v0);
        if (t == GIR__LANES_MVE_F32) gir__mve_store_f32(o + k, r); else gir__mve_storen_f32(o + k, t, r);
    }
}
static void gir__k_softplus_f32__mve(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    const gir__mve_vf32 c0 = gir__mve_set1_f32((float)0);
    gir__mve_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__mve_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_MVE_F32) {
        int t = n - k < GIR__LANES_MVE_F32 ? (int)(n - k) : GIR__LANES_MVE_F32;
        if (st[0]) v0 = t == GIR__LANES_MVE_F32 ? gir__mve_load_f32(x0 + k) : gir__mve_loadn_f32(x0 + k, t);
        r = gir__mve_add_f32(gir__mve_max_f32(v0, c0), gir__mve_log1p_f32(gir__mve_exp_f32(gir__mve_neg_f32(gir__mve_abs_f32(v0)))));
        if (t == GIR__LANES_MVE_F32) gir__mve_store_f32(o + k, r); else gir__mve_storen_f32(o + k, t, r);
    }
}
static void gir__k_relu_f32__mve(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    const gir__mve_vf32 c0 = gir__mve_set1_f32((float)0);
    gir__mve_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__mve_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_MVE_F32) {
        int t = n - k < GIR__LANES_MVE_F32 ? (int)(n - k) : GIR__LANES_MVE_F32;
        if (st[0]) v0 = t == GIR__LANES_MVE_F32 ? gir__mve_load_f32(x0 + k) : gir__mve_loadn_f32(x0 + k, t);
        r = gir__mve_max_f32(v0, c0);
        if (t == GIR__LANES_MVE_F32) gir__mve_store_f32(o + k, r); else gir__mve_storen_f32(o + k, t, r);
    }
}
static void gir__k_leaky_relu_f32__mve(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    const gir__mve_vf32 c0 = gir__mve_set1_f32((float)0);
    const gir__mve_vf32 c1 = gir__mve_set1_f32((float)p[0]);
    gir__mve_vf32 v0, r;
    int64_t k;
    if (n <= 0) return;
    v0 = gir__mve_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_MVE_F32) {
        int t = n - k < GIR__LANES_MVE_F32 ? (int)(n - k) : GIR__LANES_MVE_F32;
        if (st[0]) v0 = t == GIR__LANES_MVE_F32 ? gir__mve_load_f32(x0 + k) : gir__mve_loadn_f32(x0 + k, t);
        r = gir__mve_select_f32(gir__mve_gt_f32(v0, c0), v0, gir__mve_mul_f32(c1, v0));
        if (t == GIR__LANES_MVE_F32) gir__mve_store_f32(o + k, r); else gir__mve_storen_f32(o + k, t, r);
    }
}
static void gir__k_elu_f32__mve(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    const gir__mve_vf32 c0 = gir__mve_set1_f32((float)0);
    const gir__mve_vf32 c1 = gir__mve_set1_f32((float)p[0]);
    gir__mve_vf32 v0, r;
    int64_t k;
    if (n <= 0) return;
    v0 = gir__mve_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_MVE_F32) {
        int t = n - k < GIR__LANES_MVE_F32 ? (int)(n - k) : GIR__LANES_MVE_F32;
        if (st[0]) v0 = t == GIR__LANES_MVE_F32 ? gir__mve_load_f32(x0 + k) : gir__mve_loadn_f32(x0 + k, t);
        r = gir__mve_select_f32(gir__mve_gt_f32(v0, c0), v0, gir__mve_mul_f32(c1, gir__mve_expm1_f32(v0)));
        if (t == GIR__LANES_MVE_F32) gir__mve_store_f32(o + k, r); else gir__mve_storen_f32(o + k, t, r);
    }
}
static void gir__k_gelu_f32__mve(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    const gir__mve_vf32 c0 = gir__mve_set1_f32((float)0.5);
    const gir__mve_vf32 c1 = gir__mve_set1_f32((float)1);
    const gir__mve_vf32 c2 = gir__mve_set1_f32((float)0.7071067811865476);
    gir__mve_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__mve_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_MVE_F32) {
        int t = n - k < GIR__LANES_MVE_F32 ? (int)(n - k) : GIR__LANES_MVE_F32;
        if (st[0]) v0 = t == GIR__LANES_MVE_F32 ? gir__mve_load_f32(x0 + k) : gir__mve_loadn_f32(x0 + k, t);
        r = gir__mve_mul_f32(gir__mve_mul_f32(c0, v0), gir__mve_add_f32(c1, gir__mve_erf_f32(gir__mve_mul_f32(v0, c2))));
        if (t == GIR__LANES_MVE_F32) gir__mve_store_f32(o + k, r); else gir__mve_storen_f32(o + k, t, r);
    }
}
static void gir__k_silu_f32__mve(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    gir__mve_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__mve_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_MVE_F32) {
        int t = n - k < GIR__LANES_MVE_F32 ? (int)(n - k) : GIR__LANES_MVE_F32;
        if (st[0]) v0 = t == GIR__LANES_MVE_F32 ? gir__mve_load_f32(x0 + k) : gir__mve_loadn_f32(x0 + k, t);
        r = gir__mve_mul_f32(v0, gir__mve_sigmoid_f32(v0));
        if (t == GIR__LANES_MVE_F32) gir__mve_store_f32(o + k, r); else gir__mve_storen_f32(o + k, t, r);
    }
}
static void gir__k_erf_f32__mve(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    gir__mve_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__mve_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_MVE_F32) {
        int t = n - k < GIR__LANES_MVE_F32 ? (int)(n - k) : GIR__LANES_MVE_F32;
        if (st[0]) v0 = t == GIR__LANES_MVE_F32 ? gir__mve_load_f32(x0 + k) : gir__mve_loadn_f32(x0 + k, t);
        r = gir__mve_erf_f32(v0);
        if (t == GIR__LANES_MVE_F32) gir__mve_store_f32(o + k, r); else gir__mve_storen_f32(o + k, t, r);
    }
}
static void gir__k_floor_f32__mve(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    gir__mve_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__mve_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_MVE_F32) {
        int t = n - k < GIR__LANES_MVE_F32 ? (int)(n - k) : GIR__LANES_MVE_F32;
        if (st[0]) v0 = t == GIR__LANES_MVE_F32 ? gir__mve_load_f32(x0 + k) : gir__mve_loadn_f32(x0 + k, t);
        r = gir__mve_floor_f32(v0);
        if (t == GIR__LANES_MVE_F32) gir__mve_store_f32(o + k, r); else gir__mve_storen_f32(o + k, t, r);
    }
}
static void gir__k_ceil_f32__mve(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    gir__mve_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__mve_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_MVE_F32) {
        int t = n - k < GIR__LANES_MVE_F32 ? (int)(n - k) : GIR__LANES_MVE_F32;
        if (st[0]) v0 = t == GIR__LANES_MVE_F32 ? gir__mve_load_f32(x0 + k) : gir__mve_loadn_f32(x0 + k, t);
        r = gir__mve_ceil_f32(v0);
        if (t == GIR__LANES_MVE_F32) gir__mve_store_f32(o + k, r); else gir__mve_storen_f32(o + k, t, r);
    }
}
static void gir__k_round_f32__mve(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    gir__mve_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__mve_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_MVE_F32) {
        int t = n - k < GIR__LANES_MVE_F32 ? (int)(n - k) : GIR__LANES_MVE_F32;
        if (st[0]) v0 = t == GIR__LANES_MVE_F32 ? gir__mve_load_f32(x0 + k) : gir__mve_loadn_f32(x0 + k, t);
        r = gir__mve_round_f32(v0);
        if (t == GIR__LANES_MVE_F32) gir__mve_store_f32(o + k, r); else gir__mve_storen_f32(o + k, t, r);
    }
}
static void gir__k_clamp_f32__mve(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    const gir__mve_vf32 c0 = gir__mve_set1_f32((float)p[0]);
    const gir__mve_vf32 c1 = gir__mve_set1_f32((float)p[1]);
    gir__mve_vf32 v0, r;
    int64_t k;
    if (n <= 0) return;
    v0 = gir__mve_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_MVE_F32) {
        int t = n - k < GIR__LANES_MVE_F32 ? (int)(n - k) : GIR__LANES_MVE_F32;
        if (st[0]) v0 = t == GIR__LANES_MVE_F32 ? gir__mve_load_f32(x0 + k) : gir__mve_loadn_f32(x0 + k, t);
        r = gir__mve_min_f32(gir__mve_max_f32(v0, c0), c1);
        if (t == GIR__LANES_MVE_F32) gir__mve_store_f32(o + k, r); else gir__mve_storen_f32(o + k, t, r);
    }
}
static void gir__k_bce_logits_f32__mve(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    const float *x1 = (const float *)in[1];
    const gir__mve_vf32 c0 = gir__mve_set1_f32((float)0);
    gir__mve_vf32 v0, v1, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__mve_set1_f32(x0[0]);
    v1 = gir__mve_set1_f32(x1[0]);
    for (k = 0; k < n; k += GIR__LANES_MVE_F32) {
        int t = n - k < GIR__LANES_MVE_F32 ? (int)(n - k) : GIR__LANES_MVE_F32;
        if (st[0]) v0 = t == GIR__LANES_MVE_F32 ? gir__mve_load_f32(x0 + k) : gir__mve_loadn_f32(x0 + k, t);
        if (st[1]) v1 = t == GIR__LANES_MVE_F32 ? gir__mve_load_f32(x1 + k) : gir__mve_loadn_f32(x1 + k, t);
        r = gir__mve_add_f32(gir__mve_sub_f32(gir__mve_max_f32(v0, c0), gir__mve_mul_f32(v0, v1)), gir__mve_log1p_f32(gir__mve_exp_f32(gir__mve_neg_f32(gir__mve_abs_f32(v0)))));
        if (t == GIR__LANES_MVE_F32) gir__mve_store_f32(o + k, r); else gir__mve_storen_f32(o + k, t, r);
    }
}
static void gir__k_fmod_f32__mve(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    const float *x1 = (const float *)in[1];
    gir__mve_vf32 v0, v1, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__mve_set1_f32(x0[0]);
    v1 = gir__mve_set1_f32(x1[0]);
    for (k = 0; k < n; k += GIR__LANES_MVE_F32) {
        int t = n - k < GIR__LANES_MVE_F32 ? (int)(n - k) : GIR__LANES_MVE_F32;
        if (st[0]) v0 = t == GIR__LANES_MVE_F32 ? gir__mve_load_f32(x0 + k) : gir__mve_loadn_f32(x0 + k, t);
        if (st[1]) v1 = t == GIR__LANES_MVE_F32 ? gir__mve_load_f32(x1 + k) : gir__mve_loadn_f32(x1 + k, t);
        r = gir__mve_map2_f32(gir__v_fmod_f32, v0, v1);
        if (t == GIR__LANES_MVE_F32) gir__mve_store_f32(o + k, r); else gir__mve_storen_f32(o + k, t, r);
    }
}
static void gir__k_gelu_tanh_f32__mve(int64_t n, void *out, const void *const *in,
                                 const int64_t *st, const double *p) {
    float *o = (float *)out;
    const float *x0 = (const float *)in[0];
    const gir__mve_vf32 c0 = gir__mve_set1_f32((float)0.5);
    const gir__mve_vf32 c1 = gir__mve_set1_f32((float)1);
    const gir__mve_vf32 c2 = gir__mve_set1_f32((float)0.7978845608028654);
    const gir__mve_vf32 c3 = gir__mve_set1_f32((float)0.044715);
    gir__mve_vf32 v0, r;
    int64_t k;
    (void)p;
    if (n <= 0) return;
    v0 = gir__mve_set1_f32(x0[0]);
    for (k = 0; k < n; k += GIR__LANES_MVE_F32) {
        int t = n - k < GIR__LANES_MVE_F32 ? (int)(n - k) : GIR__LANES_MVE_F32;
        if (st[0]) v0 = t == GIR__LANES_MVE_F32 ? gir__mve_load_f32(x0 + k) : gir__mve_loadn_f32(x0 + k, t);
        r = gir__mve_mul_f32(gir__mve_mul_f32(c0, v0), gir__mve_add_f32(c1, gir__mve_tanh_f32(gir__mve_mul_f32(c2, gir__mve_add_f32(v0, gir__mve_mul_f32(gir__mve_mul_f32(gir__mve_mul_f32(c3, v0), v0), v0))))));
        if (t == GIR__LANES_MVE_F32) gir__mve_store_f32(o + k, r); else gir__mve_storen_f32(o + k, t, r);
    }
}
static const gir__ew_fn gir__ew_table_mve[GIR_OP__COUNT][GIR__DTYPE_SLOTS] = {
    {0, 0, 0, 0, 0, 0},
    {0, 0, 0, 0, 0, 0}, /* INPUT */
    {0, 0, 0, 0, 0, 0}, /* VARIABLE */
    {0, 0, 0, 0, 0, 0}, /* CONSTANT */
    {0, 0, 0, 0, 0, 0}, /* FILL */
    {0, 0, 0, 0, 0, 0}, /* EYE */
    {0, 0, 0, 0, 0, 0}, /* ARANGE */
    {0, 0, 0, 0, 0, 0}, /* RAND_UNIFORM */
    {0, 0, 0, 0, 0, 0}, /* RAND_NORMAL */
    {0, 0, 0, 0, 0, 0}, /* NOT */
    {0, 0, 0, 0, 0, 0}, /* AND */
    {0, 0, 0, 0, 0, 0}, /* OR */
    {0, 0, 0, 0, 0, 0}, /* XOR */
    {0, 0, 0, 0, 0, 0}, /* GT */
    {0, 0, 0, 0, 0, 0}, /* GE */
    {0, 0, 0, 0, 0, 0}, /* LT */
    {0, 0, 0, 0, 0, 0}, /* LE */
    {0, 0, 0, 0, 0, 0}, /* EQ */
    {0, 0, 0, 0, 0, 0}, /* NE */
    {0, 0, 0, 0, 0, 0}, /* APPROX_EQ */
    {0, 0, 0, 0, 0, 0}, /* ISNAN */
    {0, 0, 0, 0, 0, 0}, /* ISINF */
    {0, 0, 0, 0, 0, 0}, /* ISFINITE */
    {0, 0, 0, 0, gir__k_add_f32__mve, 0}, /* ADD */
    {0, 0, 0, 0, gir__k_sub_f32__mve, 0}, /* SUB */
    {0, 0, 0, 0, gir__k_mul_f32__mve, 0}, /* MUL */
    {0, 0, 0, 0, gir__k_div_f32__mve, 0}, /* DIV */
    {0, 0, 0, 0, gir__k_neg_f32__mve, 0}, /* NEG */
    {0, 0, 0, 0, gir__k_pow_f32__mve, 0}, /* POW */
    {0, 0, 0, 0, gir__k_maximum_f32__mve, 0}, /* MAXIMUM */
    {0, 0, 0, 0, gir__k_minimum_f32__mve, 0}, /* MINIMUM */
    {0, 0, 0, 0, gir__k_mod_f32__mve, 0}, /* MOD */
    {0, 0, 0, 0, gir__k_floordiv_f32__mve, 0}, /* FLOORDIV */
    {0, 0, 0, 0, 0, 0}, /* ADD_N */
    {0, 0, 0, 0, gir__k_abs_f32__mve, 0}, /* ABS */
    {0, 0, 0, 0, gir__k_sign_f32__mve, 0}, /* SIGN */
    {0, 0, 0, 0, gir__k_square_f32__mve, 0}, /* SQUARE */
    {0, 0, 0, 0, gir__k_sqrt_f32__mve, 0}, /* SQRT */
    {0, 0, 0, 0, gir__k_rsqrt_f32__mve, 0}, /* RSQRT */
    {0, 0, 0, 0, gir__k_reciprocal_f32__mve, 0}, /* RECIPROCAL */
    {0, 0, 0, 0, gir__k_exp_f32__mve, 0}, /* EXP */
    {0, 0, 0, 0, gir__k_expm1_f32__mve, 0}, /* EXPM1 */
    {0, 0, 0, 0, gir__k_log_f32__mve, 0}, /* LOG */
    {0, 0, 0, 0, gir__k_log1p_f32__mve, 0}, /* LOG1P */
    {0, 0, 0, 0, gir__k_log2_f32__mve, 0}, /* LOG2 */
    {0, 0, 0, 0, gir__k_sin_f32__mve, 0}, /* SIN */
    {0, 0, 0, 0, gir__k_cos_f32__mve, 0}, /* COS */
    {0, 0, 0, 0, gir__k_tan_f32__mve, 0}, /* TAN */
    {0, 0, 0, 0, gir__k_asin_f32__mve, 0}, /* ASIN */
    {0, 0, 0, 0, gir__k_acos_f32__mve, 0}, /* ACOS */
    {0, 0, 0, 0, gir__k_atan_f32__mve, 0}, /* ATAN */
    {0, 0, 0, 0, gir__k_sinh_f32__mve, 0}, /* SINH */
    {0, 0, 0, 0, gir__k_cosh_f32__mve, 0}, /* COSH */
    {0, 0, 0, 0, gir__k_tanh_f32__mve, 0}, /* TANH */
    {0, 0, 0, 0, gir__k_sigmoid_f32__mve, 0}, /* SIGMOID */
    {0, 0, 0, 0, gir__k_softplus_f32__mve, 0}, /* SOFTPLUS */
    {0, 0, 0, 0, gir__k_relu_f32__mve, 0}, /* RELU */
    {0, 0, 0, 0, gir__k_leaky_relu_f32__mve, 0}, /* LEAKY_RELU */
    {0, 0, 0, 0, gir__k_elu_f32__mve, 0}, /* ELU */
    {0, 0, 0, 0, gir__k_gelu_f32__mve, 0}, /* GELU */
    {0, 0, 0, 0, gir__k_silu_f32__mve, 0}, /* SILU */
    {0, 0, 0, 0, gir__k_erf_f32__mve, 0}, /* ERF */
    {0, 0, 0, 0, gir__k_floor_f32__mve, 0}, /* FLOOR */
    {0, 0, 0, 0, gir__k_ceil_f32__mve, 0}, /* CEIL */
    {0, 0, 0, 0, gir__k_round_f32__mve, 0}, /* ROUND */
    {0, 0, 0, 0, gir__k_clamp_f32__mve, 0}, /* CLAMP */
    {0, 0, 0, 0, 0, 0}, /* SUM */
    {0, 0, 0, 0, 0, 0}, /* MEAN */
    {0, 0, 0, 0, 0, 0}, /* PROD */
    {0, 0, 0, 0, 0, 0}, /* MAX */
    {0, 0, 0, 0, 0, 0}, /* MIN */
    {0, 0, 0, 0, 0, 0}, /* VAR */
    {0, 0, 0, 0, 0, 0}, /* LOGSUMEXP */
    {0, 0, 0, 0, 0, 0}, /* ARGMAX */
    {0, 0, 0, 0, 0, 0}, /* ARGMIN */
    {0, 0, 0, 0, 0, 0}, /* ALL */
    {0, 0, 0, 0, 0, 0}, /* ANY */
    {0, 0, 0, 0, 0, 0}, /* RESHAPE */
    {0, 0, 0, 0, 0, 0}, /* TRANSPOSE */
    {0, 0, 0, 0, 0, 0}, /* BROADCAST_TO */
    {0, 0, 0, 0, 0, 0}, /* SLICE */
    {0, 0, 0, 0, 0, 0}, /* UNSLICE */
    {0, 0, 0, 0, 0, 0}, /* CONCAT */
    {0, 0, 0, 0, 0, 0}, /* FLIP */
    {0, 0, 0, 0, 0, 0}, /* PAD */
    {0, 0, 0, 0, 0, 0}, /* INDEX_SELECT */
    {0, 0, 0, 0, 0, 0}, /* INDEX_ADD */
    {0, 0, 0, 0, 0, 0}, /* ONE_HOT */
    {0, 0, 0, 0, 0, 0}, /* WHERE */
    {0, 0, 0, 0, 0, 0}, /* DIAG */
    {0, 0, 0, 0, 0, 0}, /* DIAGONAL */
    {0, 0, 0, 0, 0, 0}, /* TRIU */
    {0, 0, 0, 0, 0, 0}, /* TRIL */
    {0, 0, 0, 0, 0, 0}, /* CAST */
    {0, 0, 0, 0, 0, 0}, /* STOP_GRADIENT */
    {0, 0, 0, 0, 0, 0}, /* MATMUL */
    {0, 0, 0, 0, 0, 0}, /* DOT */
    {0, 0, 0, 0, 0, 0}, /* OUTER */
    {0, 0, 0, 0, 0, 0}, /* TRACE */
    {0, 0, 0, 0, 0, 0}, /* INVERSE */
    {0, 0, 0, 0, 0, 0}, /* DET */
    {0, 0, 0, 0, 0, 0}, /* LOGDET */
    {0, 0, 0, 0, 0, 0}, /* CHOLESKY */
    {0, 0, 0, 0, 0, 0}, /* TRISOLVE */
    {0, 0, 0, 0, 0, 0}, /* SOFTMAX */
    {0, 0, 0, 0, 0, 0}, /* LOG_SOFTMAX */
    {0, 0, 0, 0, 0, 0}, /* XENT_LOGITS */
    {0, 0, 0, 0, 0, 0}, /* XENT_LOGITS_PROB */
    {0, 0, 0, 0, gir__k_bce_logits_f32__mve, 0}, /* BCE_LOGITS */
    {0, 0, 0, 0, 0, 0}, /* MSE */
    {0, 0, 0, 0, 0, 0}, /* CONV2D */
    {0, 0, 0, 0, 0, 0}, /* CONV2D_BWD_DATA */
    {0, 0, 0, 0, 0, 0}, /* CONV2D_BWD_FILTER */
    {0, 0, 0, 0, 0, 0}, /* MAX_POOL2D */
    {0, 0, 0, 0, 0, 0}, /* MAX_POOL2D_BWD */
    {0, 0, 0, 0, 0, 0}, /* AVG_POOL2D */
    {0, 0, 0, 0, 0, 0}, /* AVG_POOL2D_BWD */
    {0, 0, 0, 0, 0, 0}, /* DROPOUT */
    {0, 0, 0, 0, 0, 0}, /* GATHER */
    {0, 0, 0, 0, 0, 0}, /* SCATTER_ADD */
    {0, 0, 0, 0, gir__k_fmod_f32__mve, 0}, /* FMOD */
    {0, 0, 0, 0, gir__k_gelu_tanh_f32__mve, 0}, /* GELU_TANH */
};
#endif
/* the elementwise kernel of an op and compute dtype on this machine: the best instruction set's, or the
   scalar loop where that set has none */
static gir__ew_fn gir__ew_pick(int op, int dt) {
    gir__ew_fn fn = 0;
    switch (gir__simd_level()) {
#if defined(GIR__HAVE_AVX512)
    case GIR__ISA_AVX512: fn = gir__ew_table_avx512[op][dt]; break;
#endif
#if defined(GIR__HAVE_AVX2)
    case GIR__ISA_AVX2: fn = gir__ew_table_avx2[op][dt]; break;
#endif
#if defined(GIR__HAVE_NEON)
    case GIR__ISA_NEON: fn = gir__ew_table_neon[op][dt]; break;
#endif
#if defined(GIR__HAVE_MVE)
    case GIR__ISA_MVE: fn = gir__ew_table_mve[op][dt]; break;
#endif
    default: break;
    }
    return fn ? fn : gir__ew_table[op][dt];
}

static int gir__ew_lacks(int op, int dt) {
    int d, any = 0;
    if (op <= 0 || op >= GIR_OP__COUNT || dt <= 0 || dt >= GIR__DTYPE_SLOTS) return 0;
    for (d = 0; d < GIR__DTYPE_SLOTS; ++d) any |= gir__ew_table[op][d] != 0;
    return any && !gir__ew_table[op][dt];
}
static gir_status gir__k_eltwise(gir__kx *k) {
    gir__ew_fn fn = gir__ew_pick(k->op, k->in[0].dt);
    if (!fn) return gir__kfail(k, GIR_ERR_DTYPE, "no kernel for %T", k->in[0].dt);
    gir__ew_apply(fn, k->out, k->dtype, k->shape, k->nin, k->in, k->attr->f);
    return GIR_OK;
}
static gir_status gir__k_none(gir__kx *k) { (void)k; return GIR_OK; }
static gir_status gir__k_add_n(gir__kx *k) {
    gir__ew_fn fn = gir__ew_pick(GIR_OP_ADD, k->dtype);
    gir__kin two[2];
    int j;
    GIR_MEMSET(k->out, 0, (size_t)gir__numel(k->shape) * gir__esize(k->dtype));
    two[0].p = k->out; two[0].s = k->shape; two[0].dt = k->dtype; two[0].tr = 0;
    for (j = 0; j < k->nin; ++j) {
        two[1] = k->in[j];
        gir__ew_apply(fn, k->out, k->dtype, k->shape, 2, two, k->attr->f);
    }
    return GIR_OK;
}
static gir_status gir__k_fill(gir__kx *k) {
    int64_t n = gir__numel(k->shape), i;
    for (i = 0; i < n; ++i) gir__setd(k->out, k->dtype, i, k->attr->f[0]);
    return GIR_OK;
}
static gir_status gir__k_eye(gir__kx *k) {
    int64_t n = k->shape->dim[0], m = k->shape->dim[1], d = k->attr->i[2], i;
    GIR_MEMSET(k->out, 0, (size_t)(n * m) * gir__esize(k->dtype));
    for (i = d < 0 ? -d : 0; i < n && i + d < m; ++i) gir__setd(k->out, k->dtype, i * m + i + d, 1.0);
    return GIR_OK;
}
static gir_status gir__k_arange(gir__kx *k) {
    int64_t n = k->shape->dim[0], i;
    for (i = 0; i < n; ++i) gir__setd(k->out, k->dtype, i, k->attr->f[0] + (double)i * k->attr->f[2]);
    return GIR_OK;
}
/* counter-based random numbers: element i of run r of a node with seed s is a hash of (s, r, i), so results
   do not depend on the order elements are computed in */
static uint64_t gir__mix(uint64_t z) {
    z += 0x9E3779B97F4A7C15ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}
static double gir__uniform01(uint64_t key, int64_t i) {     /* (0, 1] with 53 bits */
    return ((double)(gir__mix(key ^ gir__mix((uint64_t)i)) >> 11) + 1.0) * (1.0 / 9007199254740992.0);
}
static uint64_t gir__rng_key(const gir__kx *k) { return gir__mix(k->attr->seed) ^ gir__mix(k->run * 0xD1B54A32D192ED03ull); }
static gir_status gir__k_random(gir__kx *k) {
    int64_t n = gir__numel(k->shape), i;
    uint64_t key = gir__rng_key(k);
    const double *f = k->attr->f;
    for (i = 0; i < n; ++i) {
        double v;
        if (k->op == GIR_OP_RAND_UNIFORM) {
            v = f[0] + (f[1] - f[0]) * (1.0 - gir__uniform01(key, i));
        } else {
            double u1 = gir__uniform01(key, 2 * i), u2 = gir__uniform01(key, 2 * i + 1);
            v = f[0] + f[1] * gir__sqrt_f64(-2.0 * gir__log_f64(u1)) * gir__cos_f64(6.283185307179586 * u2);
        }
        gir__setd(k->out, k->dtype, i, v);
    }
    return GIR_OK;
}
static gir_status gir__k_dropout(gir__kx *k) {
    int64_t n = gir__numel(k->shape), i;
    uint64_t key = gir__rng_key(k);
    double p = k->attr->f[0], scale = p < 1 ? 1.0 / (1.0 - p) : 0.0;
    for (i = 0; i < n; ++i) {
        int keep = (1.0 - gir__uniform01(key, i)) >= p;
        gir__setd(k->out, k->dtype, i, keep ? gir__getd(k->in[0].p, k->dtype, i) * scale : 0.0);
    }
    return GIR_OK;
}

/* reductions: one pass over the input in memory order; the output index moves with the input index */
static int64_t gir__reduce_next(int64_t *idx, int64_t o, const int64_t *ostr, const gir_shape *xs) {
    int d;
    for (d = xs->rank - 1; d >= 0; --d) {          /* advance the multi-index and the output index */
        o += ostr[d];
        if (++idx[d] < xs->dim[d]) break;
        o -= ostr[d] * xs->dim[d];
        idx[d] = 0;
    }
    return o;
}
/* integer sum and prod: accumulated in uint32_t scratch, wrapping */
static void gir__reduce_int(gir__kx *k, const int64_t *ostr, int64_t nout) {
    const gir_shape *xs = k->in[0].s;
    uint32_t *acc = (uint32_t *)k->scratch;
    int64_t idx[GIR_MAX_RANK], n = gir__numel(xs), i, o;
    int d, prod = k->op == GIR_OP_PROD;
    for (o = 0; o < nout; ++o) acc[o] = prod ? 1u : 0u;
    for (d = 0; d < xs->rank; ++d) idx[d] = 0;
    for (i = 0, o = 0; i < n; ++i) {
        uint32_t v = gir__getu(k->in[0].p, k->in[0].dt, i);
        acc[o] = prod ? acc[o] * v : acc[o] + v;
        o = gir__reduce_next(idx, o, ostr, xs);
    }
    for (o = 0; o < nout; ++o) gir__setu(k->out, k->dtype, o, acc[o]);
}
static gir_status gir__k_reduce(gir__kx *k) {
    const gir_shape *xs = k->in[0].s;
    const void *x = k->in[0].p;
    int xdt = k->in[0].dt, r = xs->rank, d, op = k->op, pass;
    int64_t ostr[GIR_MAX_RANK], idx[GIR_MAX_RANK], n = gir__numel(xs), nout = gir__numel(k->shape), i, o, acc_s;
    double *acc, *aux, cnt;
    const gir_ints *ax = &k->attr->l[0];
    if (nout == 0) return GIR_OK;
    acc = (double *)k->scratch;
    aux = acc + nout;
    /* output strides in the keepdims layout, 0 on reduced axes */
    acc_s = 1;
    for (d = r - 1; d >= 0; --d) {
        if (gir__has_axis(ax, d)) ostr[d] = 0;
        else { ostr[d] = acc_s; acc_s *= xs->dim[d]; }
    }
    if ((op == GIR_OP_SUM || op == GIR_OP_PROD) && gir__is_int(k->dtype)) {
        gir__reduce_int(k, ostr, nout);
        return GIR_OK;
    }
    cnt = nout ? (double)n / (double)nout : 0;
    for (pass = 0; pass < 2; ++pass) {
        int second = pass == 1;
        if (second && op != GIR_OP_VAR && op != GIR_OP_LOGSUMEXP) break;
        for (o = 0; o < nout; ++o) {
            double init = 0;
            if (!second) {
                if (op == GIR_OP_PROD || op == GIR_OP_ALL) init = 1;
                else if (op == GIR_OP_MAX || op == GIR_OP_LOGSUMEXP) init = -HUGE_VAL;
                else if (op == GIR_OP_MIN) init = HUGE_VAL;
            }
            acc[o] = init;
        }
        for (d = 0; d < r; ++d) idx[d] = 0;
        o = 0;
        for (i = 0; i < n; ++i) {
            double v = gir__getd(x, xdt, i), *a = &acc[o];
            switch (second ? -op : op) {
            case GIR_OP_SUM: case GIR_OP_MEAN: case GIR_OP_VAR: *a += v; break;
            case GIR_OP_PROD: *a *= v; break;
            case GIR_OP_MAX: case GIR_OP_LOGSUMEXP: if (*a == *a && (v > *a || v != v)) *a = v; break;
            case GIR_OP_MIN: if (*a == *a && (v < *a || v != v)) *a = v; break;
            case GIR_OP_ALL: if (v == 0) *a = 0; break;
            case GIR_OP_ANY: if (v != 0) *a = 1; break;
            case -GIR_OP_VAR: *a += (v - aux[o]) * (v - aux[o]); break;
            case -GIR_OP_LOGSUMEXP: *a += (aux[o] == -HUGE_VAL || aux[o] == HUGE_VAL) ? 0 : gir__exp_f64(v - aux[o]); break;
            default: break;
            }
            o = gir__reduce_next(idx, o, ostr, xs);
        }
        if (!second && (op == GIR_OP_VAR || op == GIR_OP_LOGSUMEXP))
            for (o = 0; o < nout; ++o) aux[o] = op == GIR_OP_VAR ? (cnt ? acc[o] / cnt : 0.0 / (cnt - cnt)) : acc[o];
    }
    for (o = 0; o < nout; ++o) {
        double v = acc[o];
        if (op == GIR_OP_MEAN) v = cnt ? v / cnt : 0.0 / (cnt - cnt);
        else if (op == GIR_OP_VAR) v = v / (cnt > k->attr->i[1] ? cnt - k->attr->i[1] : 0.0);   /* max(0, n - ddof) */
        else if (op == GIR_OP_LOGSUMEXP) v = (aux[o] == -HUGE_VAL || aux[o] == HUGE_VAL || aux[o] != aux[o]) ? aux[o] : aux[o] + gir__log_f64(v);
        gir__setd(k->out, k->dtype, o, v);
    }
    return GIR_OK;
}
/* outer x len x inner decomposition of a shape around one axis */
static void gir__around(const gir_shape *s, int axis, int64_t *outer, int64_t *len, int64_t *inner) {
    int d;
    *outer = 1; *inner = 1;
    for (d = 0; d < axis; ++d) *outer *= s->dim[d];
    for (d = axis + 1; d < s->rank; ++d) *inner *= s->dim[d];
    *len = s->dim[axis];
}
static gir_status gir__k_argreduce(gir__kx *k) {
    int64_t outer, len, inner, a, b, j;
    int dt = k->in[0].dt;
    gir__around(k->in[0].s, k->attr->i[0], &outer, &len, &inner);
    for (a = 0; a < outer; ++a)
        for (b = 0; b < inner; ++b) {
            int64_t best = 0;
            double bv = gir__getd(k->in[0].p, dt, a * len * inner + b);
            for (j = 1; j < len && bv == bv; ++j) {
                double v = gir__getd(k->in[0].p, dt, (a * len + j) * inner + b);
                if (v != v || (k->op == GIR_OP_ARGMAX ? v > bv : v < bv)) { bv = v; best = j; }
            }
            ((int32_t *)k->out)[a * inner + b] = (int32_t)best;
        }
    return GIR_OK;
}
static gir_status gir__k_copy(gir__kx *k) {
    if (k->out != k->in[0].p) GIR_MEMCPY(k->out, k->in[0].p, (size_t)gir__numel(k->shape) * gir__esize(k->dtype));
    return GIR_OK;
}
static void gir__copy_el(void *dst, int64_t di, const void *src, int64_t si, size_t es) {
    switch (es) {
    case 1: ((uint8_t *)dst)[di] = ((const uint8_t *)src)[si]; break;
    case 4: ((uint32_t *)dst)[di] = ((const uint32_t *)src)[si]; break;
    default: ((uint64_t *)dst)[di] = ((const uint64_t *)src)[si];
    }
}
/* out[i] = in[sum idx_d * st_d] for the output multi-index: transpose and broadcast */
static void gir__gather_strided(void *out, const gir_shape *os, const void *in, const int64_t *st, size_t es) {
    int64_t idx[GIR_MAX_RANK], n = gir__numel(os), i, off = 0;
    int d, r = os->rank;
    for (d = 0; d < r; ++d) idx[d] = 0;
    for (i = 0; i < n; ++i) {
        gir__copy_el(out, i, in, off, es);
        for (d = r - 1; d >= 0; --d) {
            off += st[d];
            if (++idx[d] < os->dim[d]) break;
            off -= st[d] * os->dim[d];
            idx[d] = 0;
        }
    }
}
static gir_status gir__k_transpose(gir__kx *k) {
    int64_t ist[GIR_MAX_RANK], st[GIR_MAX_RANK], acc = 1;
    int d, r = k->shape->rank;
    for (d = r - 1; d >= 0; --d) { ist[d] = acc; acc *= k->in[0].s->dim[d]; }
    for (d = 0; d < r; ++d) st[d] = ist[k->attr->l[0].v[d]];
    gir__gather_strided(k->out, k->shape, k->in[0].p, st, gir__esize(k->dtype));
    return GIR_OK;
}
static gir_status gir__k_broadcast(gir__kx *k) {
    int64_t st[GIR_MAX_RANK];
    gir__bstrides(k->in[0].s, k->shape, st);
    gir__gather_strided(k->out, k->shape, k->in[0].p, st, gir__esize(k->dtype));
    return GIR_OK;
}
static gir_status gir__k_flip(gir__kx *k) {
    int64_t st[GIR_MAX_RANK], acc = 1, base = 0;
    int d, r = k->shape->rank;
    for (d = r - 1; d >= 0; --d) {
        st[d] = acc;
        if (gir__has_axis(&k->attr->l[0], d) && k->shape->dim[d] > 0) {
            base += acc * (k->shape->dim[d] - 1);
            st[d] = -acc;
        }
        acc *= k->shape->dim[d];
    }
    if (gir__numel(k->shape) == 0) return GIR_OK;
    gir__gather_strided(k->out, k->shape, (const char *)k->in[0].p + base * (int64_t)gir__esize(k->dtype), st,
                        gir__esize(k->dtype));
    return GIR_OK;
}
static gir_status gir__k_slice(gir__kx *k) {
    int64_t outer, len, inner, olen, a, j;
    size_t es = gir__esize(k->dtype);
    const gir_attr *A = k->attr;
    gir__around(k->in[0].s, A->i[0], &outer, &len, &inner);
    olen = k->shape->dim[A->i[0]];
    for (a = 0; a < outer; ++a)
        for (j = 0; j < olen; ++j)
            GIR_MEMCPY((char *)k->out + (size_t)((a * olen + j) * inner) * es,
                       (const char *)k->in[0].p + (size_t)((a * len + A->i[1] + j * A->i[3]) * inner) * es,
                       (size_t)inner * es);
    return GIR_OK;
}
static gir_status gir__k_unslice(gir__kx *k) {
    int64_t outer, len, inner, olen, a, j;
    size_t es = gir__esize(k->dtype);
    const gir_attr *A = k->attr;
    gir__around(k->in[0].s, A->i[0], &outer, &len, &inner);
    olen = k->shape->dim[A->i[0]];
    GIR_MEMSET(k->out, 0, (size_t)gir__numel(k->shape) * es);
    for (a = 0; a < outer; ++a)
        for (j = 0; j < len; ++j)
            GIR_MEMCPY((char *)k->out + (size_t)((a * olen + A->i[1] + j * A->i[3]) * inner) * es,
                       (const char *)k->in[0].p + (size_t)((a * len + j) * inner) * es, (size_t)inner * es);
    return GIR_OK;
}
static gir_status gir__k_concat(gir__kx *k) {
    int64_t outer, olen, inner, a, off = 0;
    size_t es = gir__esize(k->dtype);
    int j, ax = k->attr->i[0];
    gir__around(k->shape, ax, &outer, &olen, &inner);
    for (j = 0; j < k->nin; ++j) {
        int64_t len = k->in[j].s->dim[ax];
        for (a = 0; a < outer; ++a)
            GIR_MEMCPY((char *)k->out + (size_t)((a * olen + off) * inner) * es,
                       (const char *)k->in[j].p + (size_t)(a * len * inner) * es, (size_t)(len * inner) * es);
        off += len;
    }
    return GIR_OK;
}
static gir_status gir__k_pad(gir__kx *k) {
    int64_t ost[GIR_MAX_RANK], idx[GIR_MAX_RANK], acc = 1, n = gir__numel(k->in[0].s), no = gir__numel(k->shape), i, o = 0;
    int d, r = k->shape->rank;
    size_t es = gir__esize(k->dtype);
    for (i = 0; i < no; ++i) gir__setd(k->out, k->dtype, i, k->attr->f[0]);
    for (d = r - 1; d >= 0; --d) { ost[d] = acc; acc *= k->shape->dim[d]; }
    for (d = 0; d < r; ++d) { idx[d] = 0; o += ost[d] * k->attr->l[0].v[d]; }
    for (i = 0; i < n; ++i) {
        gir__copy_el(k->out, o, k->in[0].p, i, es);
        for (d = r - 1; d >= 0; --d) {
            o += ost[d];
            if (++idx[d] < k->in[0].s->dim[d]) break;
            o -= ost[d] * k->in[0].s->dim[d];
            idx[d] = 0;
        }
    }
    return GIR_OK;
}
static gir_status gir__k_index_select(gir__kx *k) {
    int64_t outer, len, inner, a, j, ni = gir__numel(k->in[1].s);
    size_t es = gir__esize(k->dtype);
    const int32_t *ix = (const int32_t *)k->in[1].p;
    gir__around(k->in[0].s, k->attr->i[0], &outer, &len, &inner);
    for (j = 0; j < ni; ++j)
        if (ix[j] < -len || ix[j] >= len)
            return gir__kfail(k, GIR_ERR_INDEX, "index %d at position %l is out of range for axis length %l",
                              (int)ix[j], (long long)j, (long long)len);
    for (a = 0; a < outer; ++a)
        for (j = 0; j < ni; ++j) {
            int64_t s = ix[j] < 0 ? ix[j] + len : ix[j];
            GIR_MEMCPY((char *)k->out + (size_t)((a * ni + j) * inner) * es,
                       (const char *)k->in[0].p + (size_t)((a * len + s) * inner) * es, (size_t)inner * es);
        }
    return GIR_OK;
}
static gir_status gir__k_index_add(gir__kx *k) {
    int64_t outer, len, inner, a, j, b, ni = gir__numel(k->in[1].s);
    const int32_t *ix = (const int32_t *)k->in[1].p;
    int dt = k->dtype;
    gir__around(k->shape, k->attr->i[0], &outer, &len, &inner);
    for (j = 0; j < ni; ++j)
        if (ix[j] < -len || ix[j] >= len)
            return gir__kfail(k, GIR_ERR_INDEX, "index %d at position %l is out of range for axis length %l",
                              (int)ix[j], (long long)j, (long long)len);
    GIR_MEMSET(k->out, 0, (size_t)gir__numel(k->shape) * gir__esize(dt));
    for (a = 0; a < outer; ++a)
        for (j = 0; j < ni; ++j) {
            int64_t s = ix[j] < 0 ? ix[j] + len : ix[j], oo = (a * len + s) * inner, io = (a * ni + j) * inner;
            for (b = 0; b < inner; ++b) {
                if (gir__is_int(dt))
                    gir__setu(k->out, dt, oo + b, gir__getu(k->out, dt, oo + b) + gir__getu(k->in[0].p, dt, io + b));
                else
                    gir__setd(k->out, dt, oo + b, gir__getd(k->out, dt, oo + b) + gir__getd(k->in[0].p, dt, io + b));
            }
        }
    return GIR_OK;
}
/* gather and scatter_add (torch): every index checked before anything is written */
static gir_status gir__along_indices(gir__kx *k, const gir__kin *ix, int64_t len) {
    const int32_t *v = (const int32_t *)ix->p;
    int64_t n = gir__numel(ix->s), j;
    for (j = 0; j < n; ++j)
        if (v[j] < -len || v[j] >= len)
            return gir__kfail(k, GIR_ERR_INDEX, "index %d at position %l is out of range for axis %d of length %l",
                              (int)v[j], (long long)j, (int)k->attr->i[0], (long long)len);
    return GIR_OK;
}
/* for each position p of the index (in memory order), the offset in x of p with the axis coordinate replaced by
   index[p]: calls fn(k, p, offset) */
static void gir__along_walk(gir__kx *k, const gir_shape *xs, const gir__kin *ix,
                            void (*fn)(gir__kx *k, int64_t p, int64_t xo)) {
    const int32_t *v = (const int32_t *)ix->p;
    int64_t st[GIR_MAX_RANK], idx[GIR_MAX_RANK], n = gir__numel(ix->s), acc = 1, base = 0, p, len;
    int d, r = xs->rank, ax = k->attr->i[0];
    for (d = r - 1; d >= 0; --d) { st[d] = acc; acc *= xs->dim[d]; idx[d] = 0; }
    len = xs->dim[ax];
    for (p = 0; p < n; ++p) {
        fn(k, p, base + (v[p] < 0 ? v[p] + len : v[p]) * st[ax]);
        for (d = r - 1; d >= 0; --d) {                 /* next index position; base skips the axis */
            if (d != ax) base += st[d];
            if (++idx[d] < ix->s->dim[d]) break;
            if (d != ax) base -= st[d] * ix->s->dim[d];
            idx[d] = 0;
        }
    }
}
static void gir__gather_one(gir__kx *k, int64_t p, int64_t xo) {
    gir__copy_el(k->out, p, k->in[0].p, xo, gir__esize(k->dtype));
}
static gir_status gir__k_gather(gir__kx *k) {
    gir_status s = gir__along_indices(k, &k->in[1], k->in[0].s->dim[k->attr->i[0]]);
    if (s) return s;
    gir__along_walk(k, k->in[0].s, &k->in[1], gir__gather_one);
    return GIR_OK;
}
static void gir__scatter_one(gir__kx *k, int64_t p, int64_t xo) {
    gir__setd(k->out, k->dtype, xo, gir__getd(k->out, k->dtype, xo) + gir__getd(k->in[1].p, k->dtype, p));
}
static gir_status gir__k_scatter_add(gir__kx *k) {
    gir_status s = gir__along_indices(k, &k->in[2], k->shape->dim[k->attr->i[0]]);
    if (s) return s;
    if (k->out != k->in[0].p) GIR_MEMCPY(k->out, k->in[0].p, (size_t)gir__numel(k->shape) * gir__esize(k->dtype));
    gir__along_walk(k, k->shape, &k->in[2], gir__scatter_one);
    return GIR_OK;
}
static gir_status gir__k_one_hot(gir__kx *k) {
    int64_t ni = gir__numel(k->in[0].s), depth = k->attr->i[0], j;
    const int32_t *ix = (const int32_t *)k->in[0].p;
    GIR_MEMSET(k->out, 0, (size_t)gir__numel(k->shape) * gir__esize(k->dtype));
    for (j = 0; j < ni; ++j) {
        if (ix[j] < 0 || ix[j] >= depth)
            return gir__kfail(k, GIR_ERR_INDEX, "index %d at position %l is not in [0, %l)", (int)ix[j], (long long)j,
                              (long long)depth);
        gir__setd(k->out, k->dtype, j * depth + ix[j], 1.0);
    }
    return GIR_OK;
}
/* diagonal k of an L x L (diag) or m x n (diagonal) matrix starts at row r0, column c0 */
static gir_status gir__k_diag(gir__kx *k) {
    int64_t L = k->shape->dim[k->shape->rank - 1], n = k->in[0].s->dim[k->in[0].s->rank - 1], b, i;
    int64_t nb = gir__numel(k->in[0].s) / (n ? n : 1), kk = k->attr->i[0], r0 = kk < 0 ? -kk : 0, c0 = kk > 0 ? kk : 0;
    size_t es = gir__esize(k->dtype);
    GIR_MEMSET(k->out, 0, (size_t)gir__numel(k->shape) * es);
    for (b = 0; b < nb; ++b)
        for (i = 0; i < n; ++i) gir__copy_el(k->out, b * L * L + (r0 + i) * L + c0 + i, k->in[0].p, b * n + i, es);
    return GIR_OK;
}
static gir_status gir__k_diagonal(gir__kx *k) {
    const gir_shape *xs = k->in[0].s;
    int64_t m = xs->dim[xs->rank - 2], n = xs->dim[xs->rank - 1], d = k->shape->dim[k->shape->rank - 1], b, i;
    int64_t batch = gir__numel(k->shape) / (d ? d : 1), kk = k->attr->i[0], r0 = kk < 0 ? -kk : 0, c0 = kk > 0 ? kk : 0;
    size_t es = gir__esize(k->dtype);
    if (d == 0) return GIR_OK;
    for (b = 0; b < batch; ++b)
        for (i = 0; i < d; ++i) gir__copy_el(k->out, b * d + i, k->in[0].p, b * m * n + (r0 + i) * n + c0 + i, es);
    return GIR_OK;
}
static gir_status gir__k_tri(gir__kx *k) {
    int64_t m = k->shape->dim[k->shape->rank - 2], n = k->shape->dim[k->shape->rank - 1];
    int64_t total = gir__numel(k->shape), i;
    size_t es = gir__esize(k->dtype);
    int upper = k->op == GIR_OP_TRIU;
    int64_t kk = k->attr->i[0];
    for (i = 0; i < total; ++i) {
        int64_t r = (i / n) % (m ? m : 1), c = i % n, keep = upper ? (c - r >= kk) : (c - r <= kk);
        if (keep) gir__copy_el(k->out, i, k->in[0].p, i, es);
        else GIR_MEMSET((char *)k->out + (size_t)i * es, 0, es);
    }
    return GIR_OK;
}
static gir_status gir__k_cast(gir__kx *k) {
    int64_t n = gir__numel(k->shape), i;
    if (k->in[0].dt == k->dtype) return gir__k_copy(k);
    for (i = 0; i < n; ++i) gir__setd(k->out, k->dtype, i, gir__getd(k->in[0].p, k->in[0].dt, i));
    return GIR_OK;
}

/* linear algebra and NN kernel templates, instantiated for f32 and f64 */
/* >>kern_linalg (f32) instantiated from gen/kern_linalg.tmpl.c */
/*
 * kern_linalg.tmpl.c -- dense linear-algebra kernels for gir.h.
 *
 * TEMPLATE: the build generator instantiates this file once for float and
 * once for double by plain text substitution:
 *     float   -> float | double
 *     f32 -> f32   | f64
 *
 * Contents (all matrices contiguous row-major; "batched" kernels process
 * `batch` independent n x n matrices stored back to back):
 *   gir__la_inverse_*   Gauss-Jordan inverse, partial pivoting.
 *                       scratch: n*n elements.  Returns 1 if any matrix is
 *                       exactly singular (that matrix's output is all NaN).
 *   gir__la_det_*       determinant via LU with partial pivoting.
 *                       scratch: n*n elements.  Singular -> 0.  Returns 0.
 *   gir__la_logdet_*    log|det| (numpy slogdet "logabsdet").
 *                       scratch: n*n elements.  Singular -> -inf.  Returns 0.
 *   gir__la_cholesky_*  lower L with A = L L^T; reads only the lower
 *                       triangle of A, writes zeros above the diagonal.
 *                       Returns 1 if any matrix is not positive definite.
 *   gir__la_trisolve_*  solve op(A) X = B, A triangular (other triangle is
 *                       ignored), op(A) = A or A^T.
 * Only gir__sqrt/log/exp/fabs_<sfx> are used for math; no allocation.
 */

/* LU factorisation in place (upper factor only is kept meaningful).
 * Returns 1 if an exactly zero pivot column is met, 0 otherwise.
 * *neg is toggled once per row swap. */
static int gir__la_lu_f32(int64_t n, float *s, int *neg)
{
    int64_t i, j, k;
    *neg = 0;
    for (k = 0; k < n; ++k) {
        int64_t piv = k;
        float best = gir__fabs_f32(s[k * n + k]);
        float pv;
        for (i = k + 1; i < n; ++i) {
            float v = gir__fabs_f32(s[i * n + k]);
            if (v > best) { best = v; piv = i; }
        }
        if (best == (float)0) return 1;
        if (piv != k) {
            float *r0 = s + k * n, *r1 = s + piv * n;
            for (j = k; j < n; ++j) { float t = r0[j]; r0[j] = r1[j]; r1[j] = t; }
            *neg = !*neg;
        }
        pv = s[k * n + k];
        for (i = k + 1; i < n; ++i) {
            float *ri = s + i * n;
            const float *rk = s + k * n;
            float f = ri[k] / pv;
            ri[k] = f;
            if (f != (float)0)
                for (j = k + 1; j < n; ++j) ri[j] -= f * rk[j];
        }
    }
    return 0;
}

/* scratch: n*n elements. */
static int gir__la_inverse_f32(int64_t batch, int64_t n, const float *a,
                                   float *out, float *scratch)
{
    int status = 0;
    int64_t nn = n * n, bi, i, j, k;
    for (bi = 0; bi < batch; ++bi) {
        const float *A = a + bi * nn;
        float *X = out + bi * nn;
        float *S = scratch;
        int singular = 0;
        for (i = 0; i < nn; ++i) { S[i] = A[i]; X[i] = (float)0; }
        for (i = 0; i < n; ++i) X[i * n + i] = (float)1;
        for (k = 0; k < n && !singular; ++k) {
            int64_t piv = k;
            float best = gir__fabs_f32(S[k * n + k]);
            float inv;
            for (i = k + 1; i < n; ++i) {
                float v = gir__fabs_f32(S[i * n + k]);
                if (v > best) { best = v; piv = i; }
            }
            if (best == (float)0) { singular = 1; break; }
            if (piv != k) {
                float *s0 = S + k * n, *s1 = S + piv * n;
                float *x0 = X + k * n, *x1 = X + piv * n;
                for (j = k; j < n; ++j) { float t = s0[j]; s0[j] = s1[j]; s1[j] = t; }
                for (j = 0; j < n; ++j) { float t = x0[j]; x0[j] = x1[j]; x1[j] = t; }
            }
            inv = (float)1 / S[k * n + k];
            {
                float *sk = S + k * n, *xk = X + k * n;
                sk[k] = (float)1;
                for (j = k + 1; j < n; ++j) sk[j] *= inv;
                for (j = 0; j < n; ++j) xk[j] *= inv;
            }
            for (i = 0; i < n; ++i) {
                float *si, *xi;
                const float *sk, *xk;
                float f;
                if (i == k) continue;
                si = S + i * n; xi = X + i * n;
                sk = S + k * n; xk = X + k * n;
                f = si[k];
                if (f == (float)0) continue;
                si[k] = (float)0;
                for (j = k + 1; j < n; ++j) si[j] -= f * sk[j];
                for (j = 0; j < n; ++j) xi[j] -= f * xk[j];
            }
        }
        if (singular) {
            float zero = (float)0;
            float nan = zero / zero;
            for (i = 0; i < nn; ++i) X[i] = nan;
            status = 1;
        }
    }
    return status;
}

/* scratch: n*n elements. Singular matrices give 0; always returns 0. */
static int gir__la_det_f32(int64_t batch, int64_t n, const float *a,
                               float *out, float *scratch)
{
    int64_t nn = n * n, bi, i;
    for (bi = 0; bi < batch; ++bi) {
        const float *A = a + bi * nn;
        int neg;
        float d;
        for (i = 0; i < nn; ++i) scratch[i] = A[i];
        if (gir__la_lu_f32(n, scratch, &neg)) {
            out[bi] = (float)0;
            continue;
        }
        d = (float)1;
        for (i = 0; i < n; ++i) d *= scratch[i * n + i];
        out[bi] = neg ? -d : d;
    }
    return 0;
}

/* scratch: n*n elements. out = log|det|; singular -> -inf; returns 0. */
static int gir__la_logdet_f32(int64_t batch, int64_t n, const float *a,
                                  float *out, float *scratch)
{
    int64_t nn = n * n, bi, i;
    for (bi = 0; bi < batch; ++bi) {
        const float *A = a + bi * nn;
        int neg;
        float acc;
        for (i = 0; i < nn; ++i) scratch[i] = A[i];
        if (gir__la_lu_f32(n, scratch, &neg)) {
            out[bi] = gir__log_f32((float)0);
            continue;
        }
        acc = (float)0;
        for (i = 0; i < n; ++i)
            acc += gir__log_f32(gir__fabs_f32(scratch[i * n + i]));
        out[bi] = acc;
    }
    return 0;
}

/* Row-oriented (Cholesky-Banachiewicz). Reads only a[i][j] with j <= i.
 * A non-positive (or NaN) pivot sets that diagonal entry to NaN, the rest of
 * the matrix is still computed (and becomes NaN), and 1 is returned. */
static int gir__la_cholesky_f32(int64_t batch, int64_t n, const float *a,
                                    float *out)
{
    int status = 0;
    int64_t nn = n * n, bi, i, j, p;
    for (bi = 0; bi < batch; ++bi) {
        const float *A = a + bi * nn;
        float *L = out + bi * nn;
        for (i = 0; i < n; ++i) {
            float *li = L + i * n;
            for (j = 0; j <= i; ++j) {
                const float *lj = L + j * n;
                float s = A[i * n + j];
                for (p = 0; p < j; ++p) s -= li[p] * lj[p];
                if (j < i) {
                    li[j] = s / lj[j];
                } else if (s > (float)0) {
                    li[i] = gir__sqrt_f32(s);
                } else {
                    float zero = (float)0;
                    li[i] = zero / zero;
                    status = 1;
                }
            }
            for (j = i + 1; j < n; ++j) li[j] = (float)0;
        }
    }
    return status;
}

/* Solve op(A) X = B for each batch; A n x n (stride n*n), B/X n x m
 * (stride n*m).  Only the `lower` (or upper) triangle of A incl. diagonal is
 * read.  op(A) = A^T if trans.  x must not alias b. */
static void gir__la_trisolve_f32(int64_t batch, int64_t n, int64_t m,
                                     const float *a, const float *b, float *x,
                                     int lower, int trans)
{
    int64_t bi, i, j, p;
    /* op(A) is lower triangular iff exactly one of (lower, trans) holds */
    int fwd = (lower != 0) != (trans != 0);
    /* element op(A)[i][p] = a[i*rs + p*cs] */
    int64_t rs = trans ? 1 : n, cs = trans ? n : 1;
    for (bi = 0; bi < batch; ++bi) {
        const float *A = a + bi * n * n;
        const float *B = b + bi * n * m;
        float *X = x + bi * n * m;
        int64_t t;
        for (t = 0; t < n; ++t) {
            int64_t p0, p1;
            float *xi;
            float d;
            i = fwd ? t : n - 1 - t;
            xi = X + i * m;
            for (j = 0; j < m; ++j) xi[j] = B[i * m + j];
            if (fwd) { p0 = 0; p1 = i; } else { p0 = i + 1; p1 = n; }
            for (p = p0; p < p1; ++p) {
                float c = A[i * rs + p * cs];
                const float *xp = X + p * m;
                for (j = 0; j < m; ++j) xi[j] -= c * xp[j];
            }
            d = A[i * n + i];
            for (j = 0; j < m; ++j) xi[j] /= d;
        }
    }
}

/* >>kern_linalg (f64) instantiated from gen/kern_linalg.tmpl.c */
/*
 * kern_linalg.tmpl.c -- dense linear-algebra kernels for gir.h.
 *
 * TEMPLATE: the build generator instantiates this file once for float and
 * once for double by plain text substitution:
 *     double   -> float | double
 *     f64 -> f32   | f64
 *
 * Contents (all matrices contiguous row-major; "batched" kernels process
 * `batch` independent n x n matrices stored back to back):
 *   gir__la_inverse_*   Gauss-Jordan inverse, partial pivoting.
 *                       scratch: n*n elements.  Returns 1 if any matrix is
 *                       exactly singular (that matrix's output is all NaN).
 *   gir__la_det_*       determinant via LU with partial pivoting.
 *                       scratch: n*n elements.  Singular -> 0.  Returns 0.
 *   gir__la_logdet_*    log|det| (numpy slogdet "logabsdet").
 *                       scratch: n*n elements.  Singular -> -inf.  Returns 0.
 *   gir__la_cholesky_*  lower L with A = L L^T; reads only the lower
 *                       triangle of A, writes zeros above the diagonal.
 *                       Returns 1 if any matrix is not positive definite.
 *   gir__la_trisolve_*  solve op(A) X = B, A triangular (other triangle is
 *                       ignored), op(A) = A or A^T.
 * Only gir__sqrt/log/exp/fabs_<sfx> are used for math; no allocation.
 */

/* LU factorisation in place (upper factor only is kept meaningful).
 * Returns 1 if an exactly zero pivot column is met, 0 otherwise.
 * *neg is toggled once per row swap. */
static int gir__la_lu_f64(int64_t n, double *s, int *neg)
{
    int64_t i, j, k;
    *neg = 0;
    for (k = 0; k < n; ++k) {
        int64_t piv = k;
        double best = gir__fabs_f64(s[k * n + k]);
        double pv;
        for (i = k + 1; i < n; ++i) {
            double v = gir__fabs_f64(s[i * n + k]);
            if (v > best) { best = v; piv = i; }
        }
        if (best == (double)0) return 1;
        if (piv != k) {
            double *r0 = s + k * n, *r1 = s + piv * n;
            for (j = k; j < n; ++j) { double t = r0[j]; r0[j] = r1[j]; r1[j] = t; }
            *neg = !*neg;
        }
        pv = s[k * n + k];
        for (i = k + 1; i < n; ++i) {
            double *ri = s + i * n;
            const double *rk = s + k * n;
            double f = ri[k] / pv;
            ri[k] = f;
            if (f != (double)0)
                for (j = k + 1; j < n; ++j) ri[j] -= f * rk[j];
        }
    }
    return 0;
}

/* scratch: n*n elements. */
static int gir__la_inverse_f64(int64_t batch, int64_t n, const double *a,
                                   double *out, double *scratch)
{
    int status = 0;
    int64_t nn = n * n, bi, i, j, k;
    for (bi = 0; bi < batch; ++bi) {
        const double *A = a + bi * nn;
        double *X = out + bi * nn;
        double *S = scratch;
        int singular = 0;
        for (i = 0; i < nn; ++i) { S[i] = A[i]; X[i] = (double)0; }
        for (i = 0; i < n; ++i) X[i * n + i] = (double)1;
        for (k = 0; k < n && !singular; ++k) {
            int64_t piv = k;
            double best = gir__fabs_f64(S[k * n + k]);
            double inv;
            for (i = k + 1; i < n; ++i) {
                double v = gir__fabs_f64(S[i * n + k]);
                if (v > best) { best = v; piv = i; }
            }
            if (best == (double)0) { singular = 1; break; }
            if (piv != k) {
                double *s0 = S + k * n, *s1 = S + piv * n;
                double *x0 = X + k * n, *x1 = X + piv * n;
                for (j = k; j < n; ++j) { double t = s0[j]; s0[j] = s1[j]; s1[j] = t; }
                for (j = 0; j < n; ++j) { double t = x0[j]; x0[j] = x1[j]; x1[j] = t; }
            }
            inv = (double)1 / S[k * n + k];
            {
                double *sk = S + k * n, *xk = X + k * n;
                sk[k] = (double)1;
                for (j = k + 1; j < n; ++j) sk[j] *= inv;
                for (j = 0; j < n; ++j) xk[j] *= inv;
            }
            for (i = 0; i < n; ++i) {
                double *si, *xi;
                const double *sk, *xk;
                double f;
                if (i == k) continue;
                si = S + i * n; xi = X + i * n;
                sk = S + k * n; xk = X + k * n;
                f = si[k];
                if (f == (double)0) continue;
                si[k] = (double)0;
                for (j = k + 1; j < n; ++j) si[j] -= f * sk[j];
                for (j = 0; j < n; ++j) xi[j] -= f * xk[j];
            }
        }
        if (singular) {
            double zero = (double)0;
            double nan = zero / zero;
            for (i = 0; i < nn; ++i) X[i] = nan;
            status = 1;
        }
    }
    return status;
}

/* scratch: n*n elements. Singular matrices give 0; always returns 0. */
static int gir__la_det_f64(int64_t batch, int64_t n, const double *a,
                               double *out, double *scratch)
{
    int64_t nn = n * n, bi, i;
    for (bi = 0; bi < batch; ++bi) {
        const double *A = a + bi * nn;
        int neg;
        double d;
        for (i = 0; i < nn; ++i) scratch[i] = A[i];
        if (gir__la_lu_f64(n, scratch, &neg)) {
            out[bi] = (double)0;
            continue;
        }
        d = (double)1;
        for (i = 0; i < n; ++i) d *= scratch[i * n + i];
        out[bi] = neg ? -d : d;
    }
    return 0;
}

/* scratch: n*n elements. out = log|det|; singular -> -inf; returns 0. */
static int gir__la_logdet_f64(int64_t batch, int64_t n, const double *a,
                                  double *out, double *scratch)
{
    int64_t nn = n * n, bi, i;
    for (bi = 0; bi < batch; ++bi) {
        const double *A = a + bi * nn;
        int neg;
        double acc;
        for (i = 0; i < nn; ++i) scratch[i] = A[i];
        if (gir__la_lu_f64(n, scratch, &neg)) {
            out[bi] = gir__log_f64((double)0);
            continue;
        }
        acc = (double)0;
        for (i = 0; i < n; ++i)
            acc += gir__log_f64(gir__fabs_f64(scratch[i * n + i]));
        out[bi] = acc;
    }
    return 0;
}

/* Row-oriented (Cholesky-Banachiewicz). Reads only a[i][j] with j <= i.
 * A non-positive (or NaN) pivot sets that diagonal entry to NaN, the rest of
 * the matrix is still computed (and becomes NaN), and 1 is returned. */
static int gir__la_cholesky_f64(int64_t batch, int64_t n, const double *a,
                                    double *out)
{
    int status = 0;
    int64_t nn = n * n, bi, i, j, p;
    for (bi = 0; bi < batch; ++bi) {
        const double *A = a + bi * nn;
        double *L = out + bi * nn;
        for (i = 0; i < n; ++i) {
            double *li = L + i * n;
            for (j = 0; j <= i; ++j) {
                const double *lj = L + j * n;
                double s = A[i * n + j];
                for (p = 0; p < j; ++p) s -= li[p] * lj[p];
                if (j < i) {
                    li[j] = s / lj[j];
                } else if (s > (double)0) {
                    li[i] = gir__sqrt_f64(s);
                } else {
                    double zero = (double)0;
                    li[i] = zero / zero;
                    status = 1;
                }
            }
            for (j = i + 1; j < n; ++j) li[j] = (double)0;
        }
    }
    return status;
}

/* Solve op(A) X = B for each batch; A n x n (stride n*n), B/X n x m
 * (stride n*m).  Only the `lower` (or upper) triangle of A incl. diagonal is
 * read.  op(A) = A^T if trans.  x must not alias b. */
static void gir__la_trisolve_f64(int64_t batch, int64_t n, int64_t m,
                                     const double *a, const double *b, double *x,
                                     int lower, int trans)
{
    int64_t bi, i, j, p;
    /* op(A) is lower triangular iff exactly one of (lower, trans) holds */
    int fwd = (lower != 0) != (trans != 0);
    /* element op(A)[i][p] = a[i*rs + p*cs] */
    int64_t rs = trans ? 1 : n, cs = trans ? n : 1;
    for (bi = 0; bi < batch; ++bi) {
        const double *A = a + bi * n * n;
        const double *B = b + bi * n * m;
        double *X = x + bi * n * m;
        int64_t t;
        for (t = 0; t < n; ++t) {
            int64_t p0, p1;
            double *xi;
            double d;
            i = fwd ? t : n - 1 - t;
            xi = X + i * m;
            for (j = 0; j < m; ++j) xi[j] = B[i * m + j];
            if (fwd) { p0 = 0; p1 = i; } else { p0 = i + 1; p1 = n; }
            for (p = p0; p < p1; ++p) {
                double c = A[i * rs + p * cs];
                const double *xp = X + p * m;
                for (j = 0; j < m; ++j) xi[j] -= c * xp[j];
            }
            d = A[i * n + i];
            for (j = 0; j < m; ++j) xi[j] /= d;
        }
    }
}

/* >>kern_nn (f32) instantiated from gen/kern_nn.tmpl.c */
/*
 * kern_nn.tmpl.c -- 2-D convolution and pooling kernels for gir.h.
 *
 * TEMPLATE: the build generator instantiates this file once for float and
 * once for double by plain text substitution:
 *     float   -> float | double
 *     f32 -> f32   | f64
 * Type-independent pieces (gir__conv_p, gir__nn_span) are guarded so they
 * are defined only once.
 *
 * Layout NCHW, PyTorch semantics, no bias.  Input x [n, c, h, w], weights
 * w [k, c/groups, kh, kw], output y [n, k, oh, ow] (oh/ow given by caller).
 *   gir__nn_conv2d_*             y = conv(x, w)
 *   gir__nn_conv2d_bwd_data_*    gx = dL/dx   (fully overwritten)
 *   gir__nn_conv2d_bwd_filter_*  gw = dL/dw   (fully overwritten)
 *   gir__nn_maxpool2d_*          padding acts as -inf, dilation honoured
 *   gir__nn_maxpool2d_bwd_*      grad to first max in row-major window scan
 *   gir__nn_avgpool2d_*          divide by kh*kw (incl, PyTorch's count_include_pad=True)
 *                                or by the window's positions inside the input
 *   gir__nn_avgpool2d_bwd_*
 */

#ifndef GIR__NN_PARAMS_DEFINED
#define GIR__NN_PARAMS_DEFINED
typedef struct gir__conv_p {
    int64_t n, c, h, w;      /* input batch, channels, height, width */
    int64_t k;               /* output channels (conv); equals c for pooling */
    int64_t kh, kw;          /* kernel window */
    int64_t oh, ow;          /* output height, width (already computed by caller) */
    int64_t sh, sw;          /* stride */
    int64_t ph, pw;          /* zero padding, top/left and bottom/right equal */
    int64_t dh, dw;          /* dilation (pooling uses 1) */
    int64_t groups;          /* conv groups; c and k divisible by groups */
    int64_t incl;            /* average pooling counts the padding (count_include_pad) */
} gir__conv_p;

/* Output positions o in [*lo, *hi) with 0 <= o*s + off < lim, o < osz. */
static void gir__nn_span(int64_t off, int64_t s, int64_t lim, int64_t osz,
                         int64_t *lo, int64_t *hi)
{
    int64_t l = off >= 0 ? 0 : (-off + s - 1) / s;
    int64_t r = (lim - 1 - off >= 0) ? (lim - 1 - off) / s + 1 : 0;
    if (r > osz) r = osz;
    if (l > r) l = r;
    *lo = l;
    *hi = r;
}

/* the divisor of average-pooling window (oy, ox): kh*kw, or its positions inside the input */
static int64_t gir__nn_avg_count(const gir__conv_p *p, int64_t oy, int64_t ox)
{
    int64_t y0 = oy * p->sh - p->ph, x0 = ox * p->sw - p->pw, y1 = y0 + p->kh, x1 = x0 + p->kw;
    if (p->incl) return p->kh * p->kw;
    y0 = y0 < 0 ? 0 : y0; x0 = x0 < 0 ? 0 : x0;
    y1 = y1 > p->h ? p->h : y1; x1 = x1 > p->w ? p->w : x1;
    return (y1 > y0 && x1 > x0) ? (y1 - y0) * (x1 - x0) : 1;
}
#endif /* GIR__NN_PARAMS_DEFINED */

static void gir__nn_conv2d_f32(const gir__conv_p *p, const float *x,
                                   const float *w, float *y)
{
    int64_t cg = p->c / p->groups, kg = p->k / p->groups;
    int64_t hw = p->h * p->w, ohw = p->oh * p->ow;
    int64_t b, oc, ic, ky, kx, oy, ox, i;
    for (b = 0; b < p->n; ++b) {
        for (oc = 0; oc < p->k; ++oc) {
            float *yp = y + (b * p->k + oc) * ohw;
            int64_t g = oc / kg;
            for (i = 0; i < ohw; ++i) yp[i] = (float)0;
            for (ic = 0; ic < cg; ++ic) {
                const float *xp = x + (b * p->c + g * cg + ic) * hw;
                const float *wp = w + (oc * cg + ic) * p->kh * p->kw;
                for (ky = 0; ky < p->kh; ++ky) {
                    int64_t y0, y1;
                    int64_t offy = ky * p->dh - p->ph;
                    gir__nn_span(offy, p->sh, p->h, p->oh, &y0, &y1);
                    for (kx = 0; kx < p->kw; ++kx) {
                        int64_t x0, x1;
                        int64_t offx = kx * p->dw - p->pw;
                        float wv = wp[ky * p->kw + kx];
                        gir__nn_span(offx, p->sw, p->w, p->ow, &x0, &x1);
                        for (oy = y0; oy < y1; ++oy) {
                            float *yr = yp + oy * p->ow;
                            const float *xr = xp + (oy * p->sh + offy) * p->w + offx;
                            if (p->sw == 1)
                                for (ox = x0; ox < x1; ++ox) yr[ox] += wv * xr[ox];
                            else
                                for (ox = x0; ox < x1; ++ox) yr[ox] += wv * xr[ox * p->sw];
                        }
                    }
                }
            }
        }
    }
}

static void gir__nn_conv2d_bwd_data_f32(const gir__conv_p *p, const float *gy,
                                            const float *w, float *gx)
{
    int64_t cg = p->c / p->groups, kg = p->k / p->groups;
    int64_t hw = p->h * p->w, ohw = p->oh * p->ow;
    int64_t b, oc, ic, ky, kx, oy, ox, i;
    for (i = 0; i < p->n * p->c * hw; ++i) gx[i] = (float)0;
    for (b = 0; b < p->n; ++b) {
        for (oc = 0; oc < p->k; ++oc) {
            const float *gp = gy + (b * p->k + oc) * ohw;
            int64_t g = oc / kg;
            for (ic = 0; ic < cg; ++ic) {
                float *xp = gx + (b * p->c + g * cg + ic) * hw;
                const float *wp = w + (oc * cg + ic) * p->kh * p->kw;
                for (ky = 0; ky < p->kh; ++ky) {
                    int64_t y0, y1;
                    int64_t offy = ky * p->dh - p->ph;
                    gir__nn_span(offy, p->sh, p->h, p->oh, &y0, &y1);
                    for (kx = 0; kx < p->kw; ++kx) {
                        int64_t x0, x1;
                        int64_t offx = kx * p->dw - p->pw;
                        float wv = wp[ky * p->kw + kx];
                        gir__nn_span(offx, p->sw, p->w, p->ow, &x0, &x1);
                        for (oy = y0; oy < y1; ++oy) {
                            const float *gr = gp + oy * p->ow;
                            float *xr = xp + (oy * p->sh + offy) * p->w + offx;
                            if (p->sw == 1)
                                for (ox = x0; ox < x1; ++ox) xr[ox] += wv * gr[ox];
                            else
                                for (ox = x0; ox < x1; ++ox) xr[ox * p->sw] += wv * gr[ox];
                        }
                    }
                }
            }
        }
    }
}

static void gir__nn_conv2d_bwd_filter_f32(const gir__conv_p *p, const float *x,
                                              const float *gy, float *gw)
{
    int64_t cg = p->c / p->groups, kg = p->k / p->groups;
    int64_t hw = p->h * p->w, ohw = p->oh * p->ow;
    int64_t b, oc, ic, ky, kx, oy, ox;
    for (oc = 0; oc < p->k; ++oc) {
        int64_t g = oc / kg;
        for (ic = 0; ic < cg; ++ic) {
            float *wp = gw + (oc * cg + ic) * p->kh * p->kw;
            for (ky = 0; ky < p->kh; ++ky) {
                int64_t y0, y1;
                int64_t offy = ky * p->dh - p->ph;
                gir__nn_span(offy, p->sh, p->h, p->oh, &y0, &y1);
                for (kx = 0; kx < p->kw; ++kx) {
                    int64_t x0, x1;
                    int64_t offx = kx * p->dw - p->pw;
                    float s = (float)0;
                    gir__nn_span(offx, p->sw, p->w, p->ow, &x0, &x1);
                    for (b = 0; b < p->n; ++b) {
                        const float *gp = gy + (b * p->k + oc) * ohw;
                        const float *xp = x + (b * p->c + g * cg + ic) * hw;
                        for (oy = y0; oy < y1; ++oy) {
                            const float *gr = gp + oy * p->ow;
                            const float *xr = xp + (oy * p->sh + offy) * p->w + offx;
                            for (ox = x0; ox < x1; ++ox) s += gr[ox] * xr[ox * p->sw];
                        }
                    }
                    wp[ky * p->kw + kx] = s;
                }
            }
        }
    }
}

/* Index (within one h*w plane) of the first max of the window of output
 * (oy, ox); -1 if the window lies entirely in padding.  NaN wins (as in
 * PyTorch: a later NaN replaces an earlier one).  Only the window cells
 * inside the input are visited, so a large kernel costs nothing extra. */
static int64_t gir__nn_maxpos_f32(const gir__conv_p *p, const float *xp,
                                      int64_t oy, int64_t ox)
{
    int64_t ky, kx, best = -1, y0, y1, x0, x1;
    int64_t by = oy * p->sh - p->ph, bx = ox * p->sw - p->pw;
    float bv = (float)0;
    gir__nn_span(by, p->dh, p->h, p->kh, &y0, &y1);
    gir__nn_span(bx, p->dw, p->w, p->kw, &x0, &x1);
    for (ky = y0; ky < y1; ++ky) {
        int64_t iy = by + ky * p->dh;
        for (kx = x0; kx < x1; ++kx) {
            int64_t ix = bx + kx * p->dw;
            float v = xp[iy * p->w + ix];
            if (best < 0 || v > bv || v != v) { bv = v; best = iy * p->w + ix; }
        }
    }
    return best;
}

static void gir__nn_maxpool2d_f32(const gir__conv_p *p, const float *x, float *y)
{
    int64_t hw = p->h * p->w, ohw = p->oh * p->ow;
    int64_t pl, oy, ox;
    float ninf = gir__log_f32((float)0); /* -inf */
    for (pl = 0; pl < p->n * p->c; ++pl) {
        const float *xp = x + pl * hw;
        float *yp = y + pl * ohw;
        for (oy = 0; oy < p->oh; ++oy)
            for (ox = 0; ox < p->ow; ++ox) {
                int64_t at = gir__nn_maxpos_f32(p, xp, oy, ox);
                yp[oy * p->ow + ox] = at < 0 ? ninf : xp[at];
            }
    }
}

static void gir__nn_maxpool2d_bwd_f32(const gir__conv_p *p, const float *x,
                                          const float *gy, float *gx)
{
    int64_t hw = p->h * p->w, ohw = p->oh * p->ow;
    int64_t pl, oy, ox, i;
    for (i = 0; i < p->n * p->c * hw; ++i) gx[i] = (float)0;
    for (pl = 0; pl < p->n * p->c; ++pl) {
        const float *xp = x + pl * hw;
        const float *gp = gy + pl * ohw;
        float *gxp = gx + pl * hw;
        for (oy = 0; oy < p->oh; ++oy)
            for (ox = 0; ox < p->ow; ++ox) {
                int64_t at = gir__nn_maxpos_f32(p, xp, oy, ox);
                if (at >= 0) gxp[at] += gp[oy * p->ow + ox];
            }
    }
}

static void gir__nn_avgpool2d_f32(const gir__conv_p *p, const float *x, float *y)
{
    int64_t hw = p->h * p->w, ohw = p->oh * p->ow;
    int64_t pl, oy, ox, ky, kx;
    for (pl = 0; pl < p->n * p->c; ++pl) {
        const float *xp = x + pl * hw;
        float *yp = y + pl * ohw;
        for (oy = 0; oy < p->oh; ++oy)
            for (ox = 0; ox < p->ow; ++ox) {
                float s = (float)0;
                int64_t by = oy * p->sh - p->ph, bx = ox * p->sw - p->pw, y0, y1, x0, x1;
                gir__nn_span(by, p->dh, p->h, p->kh, &y0, &y1);
                gir__nn_span(bx, p->dw, p->w, p->kw, &x0, &x1);
                for (ky = y0; ky < y1; ++ky)
                    for (kx = x0; kx < x1; ++kx) s += xp[(by + ky * p->dh) * p->w + bx + kx * p->dw];
                yp[oy * p->ow + ox] = s / (float)gir__nn_avg_count(p, oy, ox);
            }
    }
}

static void gir__nn_avgpool2d_bwd_f32(const gir__conv_p *p, const float *gy, float *gx)
{
    int64_t hw = p->h * p->w, ohw = p->oh * p->ow;
    int64_t pl, oy, ox, ky, kx, i;
    for (i = 0; i < p->n * p->c * hw; ++i) gx[i] = (float)0;
    for (pl = 0; pl < p->n * p->c; ++pl) {
        const float *gp = gy + pl * ohw;
        float *gxp = gx + pl * hw;
        for (oy = 0; oy < p->oh; ++oy)
            for (ox = 0; ox < p->ow; ++ox) {
                float g = gp[oy * p->ow + ox] / (float)gir__nn_avg_count(p, oy, ox);
                int64_t by = oy * p->sh - p->ph, bx = ox * p->sw - p->pw, y0, y1, x0, x1;
                gir__nn_span(by, p->dh, p->h, p->kh, &y0, &y1);
                gir__nn_span(bx, p->dw, p->w, p->kw, &x0, &x1);
                for (ky = y0; ky < y1; ++ky)
                    for (kx = x0; kx < x1; ++kx) gxp[(by + ky * p->dh) * p->w + bx + kx * p->dw] += g;
            }
    }
}

/* >>kern_nn (f64) instantiated from gen/kern_nn.tmpl.c */
/*
 * kern_nn.tmpl.c -- 2-D convolution and pooling kernels for gir.h.
 *
 * TEMPLATE: the build generator instantiates this file once for float and
 * once for double by plain text substitution:
 *     double   -> float | double
 *     f64 -> f32   | f64
 * Type-independent pieces (gir__conv_p, gir__nn_span) are guarded so they
 * are defined only once.
 *
 * Layout NCHW, PyTorch semantics, no bias.  Input x [n, c, h, w], weights
 * w [k, c/groups, kh, kw], output y [n, k, oh, ow] (oh/ow given by caller).
 *   gir__nn_conv2d_*             y = conv(x, w)
 *   gir__nn_conv2d_bwd_data_*    gx = dL/dx   (fully overwritten)
 *   gir__nn_conv2d_bwd_filter_*  gw = dL/dw   (fully overwritten)
 *   gir__nn_maxpool2d_*          padding acts as -inf, dilation honoured
 *   gir__nn_maxpool2d_bwd_*      grad to first max in row-major window scan
 *   gir__nn_avgpool2d_*          divide by kh*kw (incl, PyTorch's count_include_pad=True)
 *                                or by the window's positions inside the input
 *   gir__nn_avgpool2d_bwd_*
 */

#ifndef GIR__NN_PARAMS_DEFINED
#define GIR__NN_PARAMS_DEFINED
typedef struct gir__conv_p {
    int64_t n, c, h, w;      /* input batch, channels, height, width */
    int64_t k;               /* output channels (conv); equals c for pooling */
    int64_t kh, kw;          /* kernel window */
    int64_t oh, ow;          /* output height, width (already computed by caller) */
    int64_t sh, sw;          /* stride */
    int64_t ph, pw;          /* zero padding, top/left and bottom/right equal */
    int64_t dh, dw;          /* dilation (pooling uses 1) */
    int64_t groups;          /* conv groups; c and k divisible by groups */
    int64_t incl;            /* average pooling counts the padding (count_include_pad) */
} gir__conv_p;

/* Output positions o in [*lo, *hi) with 0 <= o*s + off < lim, o < osz. */
static void gir__nn_span(int64_t off, int64_t s, int64_t lim, int64_t osz,
                         int64_t *lo, int64_t *hi)
{
    int64_t l = off >= 0 ? 0 : (-off + s - 1) / s;
    int64_t r = (lim - 1 - off >= 0) ? (lim - 1 - off) / s + 1 : 0;
    if (r > osz) r = osz;
    if (l > r) l = r;
    *lo = l;
    *hi = r;
}

/* the divisor of average-pooling window (oy, ox): kh*kw, or its positions inside the input */
static int64_t gir__nn_avg_count(const gir__conv_p *p, int64_t oy, int64_t ox)
{
    int64_t y0 = oy * p->sh - p->ph, x0 = ox * p->sw - p->pw, y1 = y0 + p->kh, x1 = x0 + p->kw;
    if (p->incl) return p->kh * p->kw;
    y0 = y0 < 0 ? 0 : y0; x0 = x0 < 0 ? 0 : x0;
    y1 = y1 > p->h ? p->h : y1; x1 = x1 > p->w ? p->w : x1;
    return (y1 > y0 && x1 > x0) ? (y1 - y0) * (x1 - x0) : 1;
}
#endif /* GIR__NN_PARAMS_DEFINED */

static void gir__nn_conv2d_f64(const gir__conv_p *p, const double *x,
                                   const double *w, double *y)
{
    int64_t cg = p->c / p->groups, kg = p->k / p->groups;
    int64_t hw = p->h * p->w, ohw = p->oh * p->ow;
    int64_t b, oc, ic, ky, kx, oy, ox, i;
    for (b = 0; b < p->n; ++b) {
        for (oc = 0; oc < p->k; ++oc) {
            double *yp = y + (b * p->k + oc) * ohw;
            int64_t g = oc / kg;
            for (i = 0; i < ohw; ++i) yp[i] = (double)0;
            for (ic = 0; ic < cg; ++ic) {
                const double *xp = x + (b * p->c + g * cg + ic) * hw;
                const double *wp = w + (oc * cg + ic) * p->kh * p->kw;
                for (ky = 0; ky < p->kh; ++ky) {
                    int64_t y0, y1;
                    int64_t offy = ky * p->dh - p->ph;
                    gir__nn_span(offy, p->sh, p->h, p->oh, &y0, &y1);
                    for (kx = 0; kx < p->kw; ++kx) {
                        int64_t x0, x1;
                        int64_t offx = kx * p->dw - p->pw;
                        double wv = wp[ky * p->kw + kx];
                        gir__nn_span(offx, p->sw, p->w, p->ow, &x0, &x1);
                        for (oy = y0; oy < y1; ++oy) {
                            double *yr = yp + oy * p->ow;
                            const double *xr = xp + (oy * p->sh + offy) * p->w + offx;
                            if (p->sw == 1)
                                for (ox = x0; ox < x1; ++ox) yr[ox] += wv * xr[ox];
                            else
                                for (ox = x0; ox < x1; ++ox) yr[ox] += wv * xr[ox * p->sw];
                        }
                    }
                }
            }
        }
    }
}

static void gir__nn_conv2d_bwd_data_f64(const gir__conv_p *p, const double *gy,
                                            const double *w, double *gx)
{
    int64_t cg = p->c / p->groups, kg = p->k / p->groups;
    int64_t hw = p->h * p->w, ohw = p->oh * p->ow;
    int64_t b, oc, ic, ky, kx, oy, ox, i;
    for (i = 0; i < p->n * p->c * hw; ++i) gx[i] = (double)0;
    for (b = 0; b < p->n; ++b) {
        for (oc = 0; oc < p->k; ++oc) {
            const double *gp = gy + (b * p->k + oc) * ohw;
            int64_t g = oc / kg;
            for (ic = 0; ic < cg; ++ic) {
                double *xp = gx + (b * p->c + g * cg + ic) * hw;
                const double *wp = w + (oc * cg + ic) * p->kh * p->kw;
                for (ky = 0; ky < p->kh; ++ky) {
                    int64_t y0, y1;
                    int64_t offy = ky * p->dh - p->ph;
                    gir__nn_span(offy, p->sh, p->h, p->oh, &y0, &y1);
                    for (kx = 0; kx < p->kw; ++kx) {
                        int64_t x0, x1;
                        int64_t offx = kx * p->dw - p->pw;
                        double wv = wp[ky * p->kw + kx];
                        gir__nn_span(offx, p->sw, p->w, p->ow, &x0, &x1);
                        for (oy = y0; oy < y1; ++oy) {
                            const double *gr = gp + oy * p->ow;
                            double *xr = xp + (oy * p->sh + offy) * p->w + offx;
                            if (p->sw == 1)
                                for (ox = x0; ox < x1; ++ox) xr[ox] += wv * gr[ox];
                            else
                                for (ox = x0; ox < x1; ++ox) xr[ox * p->sw] += wv * gr[ox];
                        }
                    }
                }
            }
        }
    }
}

static void gir__nn_conv2d_bwd_filter_f64(const gir__conv_p *p, const double *x,
                                              const double *gy, double *gw)
{
    int64_t cg = p->c / p->groups, kg = p->k / p->groups;
    int64_t hw = p->h * p->w, ohw = p->oh * p->ow;
    int64_t b, oc, ic, ky, kx, oy, ox;
    for (oc = 0; oc < p->k; ++oc) {
        int64_t g = oc / kg;
        for (ic = 0; ic < cg; ++ic) {
            double *wp = gw + (oc * cg + ic) * p->kh * p->kw;
            for (ky = 0; ky < p->kh; ++ky) {
                int64_t y0, y1;
                int64_t offy = ky * p->dh - p->ph;
                gir__nn_span(offy, p->sh, p->h, p->oh, &y0, &y1);
                for (kx = 0; kx < p->kw; ++kx) {
                    int64_t x0, x1;
                    int64_t offx = kx * p->dw - p->pw;
                    double s = (double)0;
                    gir__nn_span(offx, p->sw, p->w, p->ow, &x0, &x1);
                    for (b = 0; b < p->n; ++b) {
                        const double *gp = gy + (b * p->k + oc) * ohw;
                        const double *xp = x + (b * p->c + g * cg + ic) * hw;
                        for (oy = y0; oy < y1; ++oy) {
                            const double *gr = gp + oy * p->ow;
                            const double *xr = xp + (oy * p->sh + offy) * p->w + offx;
                            for (ox = x0; ox < x1; ++ox) s += gr[ox] * xr[ox * p->sw];
                        }
                    }
                    wp[ky * p->kw + kx] = s;
                }
            }
        }
    }
}

/* Index (within one h*w plane) of the first max of the window of output
 * (oy, ox); -1 if the window lies entirely in padding.  NaN wins (as in
 * PyTorch: a later NaN replaces an earlier one).  Only the window cells
 * inside the input are visited, so a large kernel costs nothing extra. */
static int64_t gir__nn_maxpos_f64(const gir__conv_p *p, const double *xp,
                                      int64_t oy, int64_t ox)
{
    int64_t ky, kx, best = -1, y0, y1, x0, x1;
    int64_t by = oy * p->sh - p->ph, bx = ox * p->sw - p->pw;
    double bv = (double)0;
    gir__nn_span(by, p->dh, p->h, p->kh, &y0, &y1);
    gir__nn_span(bx, p->dw, p->w, p->kw, &x0, &x1);
    for (ky = y0; ky < y1; ++ky) {
        int64_t iy = by + ky * p->dh;
        for (kx = x0; kx < x1; ++kx) {
            int64_t ix = bx + kx * p->dw;
            double v = xp[iy * p->w + ix];
            if (best < 0 || v > bv || v != v) { bv = v; best = iy * p->w + ix; }
        }
    }
    return best;
}

static void gir__nn_maxpool2d_f64(const gir__conv_p *p, const double *x, double *y)
{
    int64_t hw = p->h * p->w, ohw = p->oh * p->ow;
    int64_t pl, oy, ox;
    double ninf = gir__log_f64((double)0); /* -inf */
    for (pl = 0; pl < p->n * p->c; ++pl) {
        const double *xp = x + pl * hw;
        double *yp = y + pl * ohw;
        for (oy = 0; oy < p->oh; ++oy)
            for (ox = 0; ox < p->ow; ++ox) {
                int64_t at = gir__nn_maxpos_f64(p, xp, oy, ox);
                yp[oy * p->ow + ox] = at < 0 ? ninf : xp[at];
            }
    }
}

static void gir__nn_maxpool2d_bwd_f64(const gir__conv_p *p, const double *x,
                                          const double *gy, double *gx)
{
    int64_t hw = p->h * p->w, ohw = p->oh * p->ow;
    int64_t pl, oy, ox, i;
    for (i = 0; i < p->n * p->c * hw; ++i) gx[i] = (double)0;
    for (pl = 0; pl < p->n * p->c; ++pl) {
        const double *xp = x + pl * hw;
        const double *gp = gy + pl * ohw;
        double *gxp = gx + pl * hw;
        for (oy = 0; oy < p->oh; ++oy)
            for (ox = 0; ox < p->ow; ++ox) {
                int64_t at = gir__nn_maxpos_f64(p, xp, oy, ox);
                if (at >= 0) gxp[at] += gp[oy * p->ow + ox];
            }
    }
}

static void gir__nn_avgpool2d_f64(const gir__conv_p *p, const double *x, double *y)
{
    int64_t hw = p->h * p->w, ohw = p->oh * p->ow;
    int64_t pl, oy, ox, ky, kx;
    for (pl = 0; pl < p->n * p->c; ++pl) {
        const double *xp = x + pl * hw;
        double *yp = y + pl * ohw;
        for (oy = 0; oy < p->oh; ++oy)
            for (ox = 0; ox < p->ow; ++ox) {
                double s = (double)0;
                int64_t by = oy * p->sh - p->ph, bx = ox * p->sw - p->pw, y0, y1, x0, x1;
                gir__nn_span(by, p->dh, p->h, p->kh, &y0, &y1);
                gir__nn_span(bx, p->dw, p->w, p->kw, &x0, &x1);
                for (ky = y0; ky < y1; ++ky)
                    for (kx = x0; kx < x1; ++kx) s += xp[(by + ky * p->dh) * p->w + bx + kx * p->dw];
                yp[oy * p->ow + ox] = s / (double)gir__nn_avg_count(p, oy, ox);
            }
    }
}

static void gir__nn_avgpool2d_bwd_f64(const gir__conv_p *p, const double *gy, double *gx)
{
    int64_t hw = p->h * p->w, ohw = p->oh * p->ow;
    int64_t pl, oy, ox, ky, kx, i;
    for (i = 0; i < p->n * p->c * hw; ++i) gx[i] = (double)0;
    for (pl = 0; pl < p->n * p->c; ++pl) {
        const double *gp = gy + pl * ohw;
        double *gxp = gx + pl * hw;
        for (oy = 0; oy < p->oh; ++oy)
            for (ox = 0; ox < p->ow; ++ox) {
                double g = gp[oy * p->ow + ox] / (double)gir__nn_avg_count(p, oy, ox);
                int64_t by = oy * p->sh - p->ph, bx = ox * p->sw - p->pw, y0, y1, x0, x1;
                gir__nn_span(by, p->dh, p->h, p->kh, &y0, &y1);
                gir__nn_span(bx, p->dw, p->w, p->kw, &x0, &x1);
                for (ky = y0; ky < y1; ++ky)
                    for (kx = x0; kx < x1; ++kx) gxp[(by + ky * p->dh) * p->w + bx + kx * p->dw] += g;
            }
    }
}


/* batched matmul with broadcast batch axes: a [..., m, kk] x b [..., kk, n]; f32 and f64 through gir__gemm, which
   also reads an operand whose last two axes are swapped (in[j].tr) in place */
static gir_status gir__k_matmul(gir__kx *k) {
    gir_shape ob = *k->shape, ab = *k->in[0].s, bb = *k->in[1].s;
    int64_t m, kk, n, ast[GIR_MAX_RANK], bst[GIR_MAX_RANK], idx[GIR_MAX_RANK], nb, t, es = (int64_t)gir__esize(k->dtype);
    int64_t rsa, csa, rsb, csb;
    const gir__gemm_cfg *g = NULL;
    int d, r, ta = k->in[0].tr, tb = k->in[1].tr;
    m = ab.dim[ab.rank - 2 + ta]; kk = ab.dim[ab.rank - 1 - ta]; n = bb.dim[bb.rank - 1 - tb];
    rsa = ta ? 1 : kk; csa = ta ? m : 1; rsb = tb ? 1 : n; csb = tb ? kk : 1;
    ob.rank -= 2; ab.rank -= 2; bb.rank -= 2;
    r = ob.rank;
    if (m == 0 || n == 0) return GIR_OK;                  /* nothing to write; an empty input may be NULL */
    if (kk == 0) {                                       /* empty sums */
        GIR_MEMSET(k->out, 0, (size_t)gir__numel(k->shape) * gir__esize(k->dtype));
        return GIR_OK;
    }
    gir__bstrides(&ab, &ob, ast);
    gir__bstrides(&bb, &ob, bst);
    nb = gir__numel(&ob);
    if (k->dtype == GIR_DTYPE_F32 || k->dtype == GIR_DTYPE_F64) {
        g = gir__gemm_cfg_for(k->dtype);
        if (nb > 1 && !ta && gir__numel(&bb) == 1 && gir__numel(&ab) == nb) { m *= nb; nb = 1; }  /* one B: rows */
    }
    for (t = 0; t < nb; ++t) {
        int64_t rem = t, ao = 0, bo = 0, i, j, p;
        for (d = r - 1; d >= 0; --d) { idx[d] = rem % ob.dim[d]; rem /= ob.dim[d]; }
        for (d = 0; d < r; ++d) { ao += idx[d] * ast[d]; bo += idx[d] * bst[d]; }
        ao *= m * kk;
        bo *= kk * n;
        if (g)
            gir__gemm(g, m, n, kk, (const char *)k->in[0].p + ao * es, rsa, csa, (const char *)k->in[1].p + bo * es, rsb,
                      csb, (char *)k->out + t * m * n * es, n, 0, k->scratch);
        else
            for (i = 0; i < m; ++i)
                for (j = 0; j < n; ++j) {
                    uint32_t s = 0;
                    for (p = 0; p < kk; ++p)
                        s += gir__getu(k->in[0].p, k->dtype, ao + i * kk + p) * gir__getu(k->in[1].p, k->dtype, bo + p * n + j);
                    gir__setu(k->out, k->dtype, t * m * n + i * n + j, s);
                }
    }
    return GIR_OK;
}
/* dot, outer and trace: integer dtypes accumulate in uint32_t (wrapping), floats in double */
static gir_status gir__k_dot(gir__kx *k) {
    int64_t n = k->in[0].s->dim[0], i;
    const void *a = k->in[0].p, *b = k->in[1].p;
    double s = 0;
    uint32_t u = 0;
    for (i = 0; i < n; ++i) {
        if (gir__is_int(k->dtype)) u += gir__getu(a, k->dtype, i) * gir__getu(b, k->dtype, i);
        else s += gir__getd(a, k->dtype, i) * gir__getd(b, k->dtype, i);
    }
    if (gir__is_int(k->dtype)) gir__setu(k->out, k->dtype, 0, u);
    else gir__setd(k->out, k->dtype, 0, s);
    return GIR_OK;
}
static gir_status gir__k_outer(gir__kx *k) {
    int64_t m = k->shape->dim[0], n = k->shape->dim[1], i, j;
    const void *a = k->in[0].p, *b = k->in[1].p;
    for (i = 0; i < m; ++i)
        for (j = 0; j < n; ++j) {
            if (gir__is_int(k->dtype)) gir__setu(k->out, k->dtype, i * n + j, gir__getu(a, k->dtype, i) * gir__getu(b, k->dtype, j));
            else gir__setd(k->out, k->dtype, i * n + j, gir__getd(a, k->dtype, i) * gir__getd(b, k->dtype, j));
        }
    return GIR_OK;
}
static gir_status gir__k_trace(gir__kx *k) {
    const gir_shape *xs = k->in[0].s;
    int64_t m = xs->dim[xs->rank - 2], n = xs->dim[xs->rank - 1], d = m < n ? m : n, nb = gir__numel(k->shape), b, i;
    for (b = 0; b < nb; ++b) {
        double s = 0;
        uint32_t u = 0;
        for (i = 0; i < d; ++i) {
            if (gir__is_int(k->dtype)) u += gir__getu(k->in[0].p, k->dtype, b * m * n + i * n + i);
            else s += gir__getd(k->in[0].p, k->dtype, b * m * n + i * n + i);
        }
        if (gir__is_int(k->dtype)) gir__setu(k->out, k->dtype, b, u);
        else gir__setd(k->out, k->dtype, b, s);
    }
    return GIR_OK;
}
static gir_status gir__k_linalg(gir__kx *k) {
    const gir_shape *xs = k->in[0].s;
    int64_t n = xs->dim[xs->rank - 1], batch = n ? gir__numel(xs) / (n * n) : 0, b;
    int f = k->dtype == GIR_DTYPE_F32, rc = 0;
    if (n == 0) {               /* 0x0 matrices: det 1 and log|det| 0 (empty products, as NumPy); nothing else */
        if (k->op == GIR_OP_DET || k->op == GIR_OP_LOGDET)
            for (b = 0; b < gir__numel(k->shape); ++b) gir__setd(k->out, k->dtype, b, k->op == GIR_OP_DET ? 1.0 : 0.0);
        return GIR_OK;
    }
    switch (k->op) {
    case GIR_OP_INVERSE:
        rc = f ? gir__la_inverse_f32(batch, n, (const float *)k->in[0].p, (float *)k->out, (float *)k->scratch)
               : gir__la_inverse_f64(batch, n, (const double *)k->in[0].p, (double *)k->out, (double *)k->scratch);
        if (rc) return gir__kfail(k, GIR_ERR_NUMERIC, "a matrix of %S is singular", xs);
        break;
    case GIR_OP_DET:
        if (f) gir__la_det_f32(batch, n, (const float *)k->in[0].p, (float *)k->out, (float *)k->scratch);
        else gir__la_det_f64(batch, n, (const double *)k->in[0].p, (double *)k->out, (double *)k->scratch);
        break;
    case GIR_OP_LOGDET:
        if (f) gir__la_logdet_f32(batch, n, (const float *)k->in[0].p, (float *)k->out, (float *)k->scratch);
        else gir__la_logdet_f64(batch, n, (const double *)k->in[0].p, (double *)k->out, (double *)k->scratch);
        break;
    default:
        rc = f ? gir__la_cholesky_f32(batch, n, (const float *)k->in[0].p, (float *)k->out)
               : gir__la_cholesky_f64(batch, n, (const double *)k->in[0].p, (double *)k->out);
        if (rc) return gir__kfail(k, GIR_ERR_NUMERIC, "a matrix of %S is not positive definite", xs);
    }
    return GIR_OK;
}
static gir_status gir__k_trisolve(gir__kx *k) {
    const gir_shape *as = k->in[0].s;
    int64_t n = as->dim[as->rank - 1], m = k->shape->dim[k->shape->rank - 1], batch = n ? gir__numel(as) / (n * n) : 0;
    if (gir__numel(k->shape) == 0) return GIR_OK;        /* nothing to write; an empty input may be NULL */
    if (k->dtype == GIR_DTYPE_F32)
        gir__la_trisolve_f32(batch, n, m, (const float *)k->in[0].p, (const float *)k->in[1].p, (float *)k->out,
                             k->attr->i[0], k->attr->i[1]);
    else
        gir__la_trisolve_f64(batch, n, m, (const double *)k->in[0].p, (const double *)k->in[1].p, (double *)k->out,
                             k->attr->i[0], k->attr->i[1]);
    return GIR_OK;
}
static gir_status gir__k_softmax(gir__kx *k) {
    int64_t outer, len, inner, a, b, j;
    int dt = k->dtype, logsm = k->op == GIR_OP_LOG_SOFTMAX;
    gir__around(k->shape, k->attr->i[0], &outer, &len, &inner);
    for (a = 0; a < outer; ++a)
        for (b = 0; b < inner; ++b) {
            int64_t base = a * len * inner + b;
            double mx = -HUGE_VAL, s = 0;
            for (j = 0; j < len; ++j) {
                double v = gir__getd(k->in[0].p, dt, base + j * inner);
                if (v > mx || v != v) mx = v;
            }
            for (j = 0; j < len; ++j) s += gir__exp_f64(gir__getd(k->in[0].p, dt, base + j * inner) - mx);
            for (j = 0; j < len; ++j) {
                double v = gir__getd(k->in[0].p, dt, base + j * inner) - mx;
                gir__setd(k->out, dt, base + j * inner, logsm ? v - gir__log_f64(s) : gir__exp_f64(v) / s);
            }
        }
    return GIR_OK;
}
static double gir__row_lse(const void *x, int dt, int64_t base, int64_t c) {
    double mx = -HUGE_VAL, s = 0;
    int64_t j;
    for (j = 0; j < c; ++j) { double v = gir__getd(x, dt, base + j); if (v > mx || v != v) mx = v; }
    if (mx == HUGE_VAL || mx == -HUGE_VAL || mx != mx) return mx;
    for (j = 0; j < c; ++j) s += gir__exp_f64(gir__getd(x, dt, base + j) - mx);
    return mx + gir__log_f64(s);
}
static gir_status gir__k_xent(gir__kx *k) {
    int64_t nr = k->in[0].s->dim[0], c = k->in[0].s->dim[1], r;
    const int32_t *lab = (const int32_t *)k->in[1].p;
    for (r = 0; r < nr; ++r) {
        if (lab[r] < 0 || lab[r] >= c)
            return gir__kfail(k, GIR_ERR_INDEX, "label %d of row %l is not in [0, %l)", (int)lab[r], (long long)r, (long long)c);
        gir__setd(k->out, k->dtype, r, gir__row_lse(k->in[0].p, k->dtype, r * c, c) - gir__getd(k->in[0].p, k->dtype, r * c + lab[r]));
    }
    return GIR_OK;
}
static gir_status gir__k_xent_prob(gir__kx *k) {
    int64_t nr = k->in[0].s->dim[0], c = k->in[0].s->dim[1], r, j;
    for (r = 0; r < nr; ++r) {
        double lse = gir__row_lse(k->in[0].p, k->dtype, r * c, c), s = 0;
        for (j = 0; j < c; ++j)
            s -= gir__getd(k->in[1].p, k->dtype, r * c + j) * (gir__getd(k->in[0].p, k->dtype, r * c + j) - lse);
        gir__setd(k->out, k->dtype, r, s);
    }
    return GIR_OK;
}
static gir_status gir__k_mse(gir__kx *k) {
    int64_t n = gir__numel(k->in[0].s), i;
    double s = 0;
    for (i = 0; i < n; ++i) {
        double d = gir__getd(k->in[0].p, k->dtype, i) - gir__getd(k->in[1].p, k->dtype, i);
        s += d * d;
    }
    gir__setd(k->out, k->dtype, 0, n ? s / (double)n : 0.0 / (double)(n - n));
    return GIR_OK;
}
static void gir__conv_fill(gir__conv_p *p, const gir_shape *xs, const gir_shape *ws, const gir_shape *ys,
                           const gir_attr *A) {
    p->n = xs->dim[0]; p->c = xs->dim[1]; p->h = xs->dim[2]; p->w = xs->dim[3];
    p->k = ws ? ws->dim[0] : xs->dim[1];
    p->kh = ws ? ws->dim[2] : A->l[0].v[0];
    p->kw = ws ? ws->dim[3] : A->l[0].v[1];
    p->oh = ys->dim[2]; p->ow = ys->dim[3];
    p->sh = ws ? A->l[0].v[0] : A->l[1].v[0];
    p->sw = ws ? A->l[0].v[1] : A->l[1].v[1];
    p->ph = ws ? A->l[1].v[0] : A->l[2].v[0];
    p->pw = ws ? A->l[1].v[1] : A->l[2].v[1];
    p->dh = ws ? A->l[2].v[0] : 1;
    p->dw = ws ? A->l[2].v[1] : 1;
    p->groups = ws ? A->i[0] : 1;
    p->incl = 1;
}
static gir_status gir__k_conv(gir__kx *k) {
    gir__conv_p p;
    int f = k->dtype == GIR_DTYPE_F32;
    const void *a = k->in[0].p, *b = k->in[1].p;
    switch (k->op) {
    case GIR_OP_CONV2D:
        gir__conv_fill(&p, k->in[0].s, k->in[1].s, k->shape, k->attr);
        if (f) gir__nn_conv2d_f32(&p, (const float *)a, (const float *)b, (float *)k->out);
        else gir__nn_conv2d_f64(&p, (const double *)a, (const double *)b, (double *)k->out);
        break;
    case GIR_OP_CONV2D_BWD_DATA:
        gir__conv_fill(&p, k->shape, k->in[1].s, k->in[0].s, k->attr);
        if (f) gir__nn_conv2d_bwd_data_f32(&p, (const float *)a, (const float *)b, (float *)k->out);
        else gir__nn_conv2d_bwd_data_f64(&p, (const double *)a, (const double *)b, (double *)k->out);
        break;
    default:
        gir__conv_fill(&p, k->in[0].s, k->shape, k->in[1].s, k->attr);
        if (f) gir__nn_conv2d_bwd_filter_f32(&p, (const float *)a, (const float *)b, (float *)k->out);
        else gir__nn_conv2d_bwd_filter_f64(&p, (const double *)a, (const double *)b, (double *)k->out);
    }
    return GIR_OK;
}
static gir_status gir__k_pool(gir__kx *k) {
    gir__conv_p p;
    int f = k->dtype == GIR_DTYPE_F32;
    switch (k->op) {
    case GIR_OP_MAX_POOL2D:
        gir__conv_fill(&p, k->in[0].s, NULL, k->shape, k->attr);
        if (f) gir__nn_maxpool2d_f32(&p, (const float *)k->in[0].p, (float *)k->out);
        else gir__nn_maxpool2d_f64(&p, (const double *)k->in[0].p, (double *)k->out);
        break;
    case GIR_OP_AVG_POOL2D:
        gir__conv_fill(&p, k->in[0].s, NULL, k->shape, k->attr);
        p.incl = k->attr->i[0] != 0;
        if (f) gir__nn_avgpool2d_f32(&p, (const float *)k->in[0].p, (float *)k->out);
        else gir__nn_avgpool2d_f64(&p, (const double *)k->in[0].p, (double *)k->out);
        break;
    case GIR_OP_MAX_POOL2D_BWD:
        gir__conv_fill(&p, k->shape, NULL, k->in[0].s, k->attr);
        if (f) gir__nn_maxpool2d_bwd_f32(&p, (const float *)k->in[1].p, (const float *)k->in[0].p, (float *)k->out);
        else gir__nn_maxpool2d_bwd_f64(&p, (const double *)k->in[1].p, (const double *)k->in[0].p, (double *)k->out);
        break;
    default:
        gir__conv_fill(&p, k->shape, NULL, k->in[0].s, k->attr);
        p.incl = k->attr->i[0] != 0;
        if (f) gir__nn_avgpool2d_bwd_f32(&p, (const float *)k->in[0].p, (float *)k->out);
        else gir__nn_avgpool2d_bwd_f64(&p, (const double *)k->in[0].p, (double *)k->out);
    }
    return GIR_OK;
}
/* generated from ops.def: the kernel of each op */
static const gir__kernel_fn gir__kernel_table[GIR_OP__COUNT] = {
    0,
    gir__k_none, /* INPUT */
    gir__k_none, /* VARIABLE */
    gir__k_none, /* CONSTANT */
    gir__k_fill, /* FILL */
    gir__k_eye, /* EYE */
    gir__k_arange, /* ARANGE */
    gir__k_random, /* RAND_UNIFORM */
    gir__k_random, /* RAND_NORMAL */
    gir__k_eltwise, /* NOT */
    gir__k_eltwise, /* AND */
    gir__k_eltwise, /* OR */
    gir__k_eltwise, /* XOR */
    gir__k_eltwise, /* GT */
    gir__k_eltwise, /* GE */
    gir__k_eltwise, /* LT */
    gir__k_eltwise, /* LE */
    gir__k_eltwise, /* EQ */
    gir__k_eltwise, /* NE */
    gir__k_eltwise, /* APPROX_EQ */
    gir__k_eltwise, /* ISNAN */
    gir__k_eltwise, /* ISINF */
    gir__k_eltwise, /* ISFINITE */
    gir__k_eltwise, /* ADD */
    gir__k_eltwise, /* SUB */
    gir__k_eltwise, /* MUL */
    gir__k_eltwise, /* DIV */
    gir__k_eltwise, /* NEG */
    gir__k_eltwise, /* POW */
    gir__k_eltwise, /* MAXIMUM */
    gir__k_eltwise, /* MINIMUM */
    gir__k_eltwise, /* MOD */
    gir__k_eltwise, /* FLOORDIV */
    gir__k_add_n, /* ADD_N */
    gir__k_eltwise, /* ABS */
    gir__k_eltwise, /* SIGN */
    gir__k_eltwise, /* SQUARE */
    gir__k_eltwise, /* SQRT */
    gir__k_eltwise, /* RSQRT */
    gir__k_eltwise, /* RECIPROCAL */
    gir__k_eltwise, /* EXP */
    gir__k_eltwise, /* EXPM1 */
    gir__k_eltwise, /* LOG */
    gir__k_eltwise, /* LOG1P */
    gir__k_eltwise, /* LOG2 */
    gir__k_eltwise, /* SIN */
    gir__k_eltwise, /* COS */
    gir__k_eltwise, /* TAN */
    gir__k_eltwise, /* ASIN */
    gir__k_eltwise, /* ACOS */
    gir__k_eltwise, /* ATAN */
    gir__k_eltwise, /* SINH */
    gir__k_eltwise, /* COSH */
    gir__k_eltwise, /* TANH */
    gir__k_eltwise, /* SIGMOID */
    gir__k_eltwise, /* SOFTPLUS */
    gir__k_eltwise, /* RELU */
    gir__k_eltwise, /* LEAKY_RELU */
    gir__k_eltwise, /* ELU */
    gir__k_eltwise, /* GELU */
    gir__k_eltwise, /* SILU */
    gir__k_eltwise, /* ERF */
    gir__k_eltwise, /* FLOOR */
    gir__k_eltwise, /* CEIL */
    gir__k_eltwise, /* ROUND */
    gir__k_eltwise, /* CLAMP */
    gir__k_reduce, /* SUM */
    gir__k_reduce, /* MEAN */
    gir__k_reduce, /* PROD */
    gir__k_reduce, /* MAX */
    gir__k_reduce, /* MIN */
    gir__k_reduce, /* VAR */
    gir__k_reduce, /* LOGSUMEXP */
    gir__k_argreduce, /* ARGMAX */
    gir__k_argreduce, /* ARGMIN */
    gir__k_reduce, /* ALL */
    gir__k_reduce, /* ANY */
    gir__k_copy, /* RESHAPE */
    gir__k_transpose, /* TRANSPOSE */
    gir__k_broadcast, /* BROADCAST_TO */
    gir__k_slice, /* SLICE */
    gir__k_unslice, /* UNSLICE */
    gir__k_concat, /* CONCAT */
    gir__k_flip, /* FLIP */
    gir__k_pad, /* PAD */
    gir__k_index_select, /* INDEX_SELECT */
    gir__k_index_add, /* INDEX_ADD */
    gir__k_one_hot, /* ONE_HOT */
    gir__k_eltwise, /* WHERE */
    gir__k_diag, /* DIAG */
    gir__k_diagonal, /* DIAGONAL */
    gir__k_tri, /* TRIU */
    gir__k_tri, /* TRIL */
    gir__k_cast, /* CAST */
    gir__k_copy, /* STOP_GRADIENT */
    gir__k_matmul, /* MATMUL */
    gir__k_dot, /* DOT */
    gir__k_outer, /* OUTER */
    gir__k_trace, /* TRACE */
    gir__k_linalg, /* INVERSE */
    gir__k_linalg, /* DET */
    gir__k_linalg, /* LOGDET */
    gir__k_linalg, /* CHOLESKY */
    gir__k_trisolve, /* TRISOLVE */
    gir__k_softmax, /* SOFTMAX */
    gir__k_softmax, /* LOG_SOFTMAX */
    gir__k_xent, /* XENT_LOGITS */
    gir__k_xent_prob, /* XENT_LOGITS_PROB */
    gir__k_eltwise, /* BCE_LOGITS */
    gir__k_mse, /* MSE */
    gir__k_conv, /* CONV2D */
    gir__k_conv, /* CONV2D_BWD_DATA */
    gir__k_conv, /* CONV2D_BWD_FILTER */
    gir__k_pool, /* MAX_POOL2D */
    gir__k_pool, /* MAX_POOL2D_BWD */
    gir__k_pool, /* AVG_POOL2D */
    gir__k_pool, /* AVG_POOL2D_BWD */
    gir__k_dropout, /* DROPOUT */
    gir__k_gather, /* GATHER */
    gir__k_scatter_add, /* SCATTER_ADD */
    gir__k_eltwise, /* FMOD */
    gir__k_eltwise, /* GELU_TANH */
};

/* scratch bytes a step needs, by kernel family, so a new row of a family needs nothing more */
static size_t gir__scratch_bytes(int op, int dt, const gir_shape *out, const gir_shape *in0) {
    gir__kernel_fn k = gir__kernel_table[op];
    if (k == gir__k_reduce) return 2 * (size_t)gir__numel(out) * sizeof(double);
    if (k == gir__k_linalg) {
        int64_t n = in0->dim[in0->rank - 1];
        return (size_t)(n * n + n) * gir__esize(dt);
    }
    if (k == gir__k_matmul && (dt == GIR_DTYPE_F32 || dt == GIR_DTYPE_F64)) {
        int64_t n = out->dim[out->rank - 1];
        return n ? gir__gemm_scratch(gir__gemm_cfg_for(dt), gir__numel(out) / n, n, in0->dim[in0->rank - 1]) : 0;
    }
    return 0;
}

/* >>exec: compile a graph into a plan, run the plan ------------------------------------------------------------
   A plan holds copies of what it needs from the graph (ops, shapes, attributes), one buffer per value at an
   offset in one arena, and the order of steps. gir_run executes the steps without allocating; constants and
   variables are read from the graph's storage on every run, so training updates are seen at once.
   Ownership: a plan keeps its graph's memory alive. gir_graph_free on a graph with live plans only marks it
   freed; the last gir_plan_free of those plans releases it. Graphs and plans can be freed in any order. */
enum { GIR__VAL_TEMP, GIR__VAL_INPUT, GIR__VAL_DATA };
typedef struct gir__val {
    void      *ptr;
    gir_shape  shape;
    uint32_t   node;
    uint8_t    dtype, kind;
    size_t     off, bytes;
} gir__val;
typedef struct gir__step {
    uint32_t val;          /* the value it writes */
    uint32_t nin, in0;     /* its inputs: value indices in sin[in0 .. in0+nin) */
    uint16_t op;
    uint8_t  tr;           /* bit j: input j is read with its last two axes swapped (see gir__step_in) */
    gir_attr attr;
} gir__step;
struct gir_plan {
    gir_allocator a;
    gir_graph    *g;
    gir__val     *vals;
    uint32_t      nvals;
    uint32_t     *map;      /* node id -> value index + 1 (0: not in the plan) */
    size_t        nmap;
    gir__step    *steps;
    uint32_t      nsteps;
    uint32_t     *sin;
    size_t        nsin;
    void         *arena_raw;
    unsigned char *arena;
    size_t        arena_bytes;
    void         *scratch_raw;
    void         *scratch;
    size_t        scratch_bytes;
    gir__kin     *kin;
    uint64_t      runs;
    gir_status    status;
    char          msg[GIR__MSG];
};

static void gir__pfail(gir_plan *p, gir_status s, const char *fmt, ...) {
    gir__buf b;
    va_list ap;
    p->status = s;
    b.p = p->msg; b.n = sizeof p->msg; b.len = 0; p->msg[0] = 0;
    va_start(ap, fmt);
    gir__vformat(&b, fmt, ap);
    va_end(ap);
}
static size_t gir__align_up(size_t n) { return (n + (GIR__ALIGN - 1)) & ~(size_t)(GIR__ALIGN - 1); }

GIR_API void gir_plan_free(gir_plan *p) {
    gir_allocator a;
    if (!p) return;
    a = p->a;
    if (p->g && --p->g->plans == 0 && p->g->freed) gir__graph_release(p->g);
    gir__free(&a, p->vals, 0);
    gir__free(&a, p->map, 0);
    gir__free(&a, p->steps, 0);
    gir__free(&a, p->sin, 0);
    gir__free(&a, p->arena_raw, 0);
    gir__free(&a, p->scratch_raw, 0);
    gir__free(&a, p->kin, 0);
    gir__free(&a, p, sizeof *p);
}

/* the node a step reads for input k of node d, usually that input itself. A float matmul reads a transpose of
   the last two axes in place instead (the GEMM takes strides; *tr = 1): the transpose is then computed only
   if something else needs it, so the adjoints matmul(g, mT(x)) copy nothing. */
static uint32_t gir__step_in(const gir_graph *g, const gir__node *d, uint32_t k, int *tr) {
    uint32_t in = g->ins[d->in0 + k];
    const gir__node *t = &g->nodes[in];
    int r = t->shape.rank, j;
    *tr = 0;
    if (d->op != GIR_OP_MATMUL || (d->dtype != GIR_DTYPE_F32 && d->dtype != GIR_DTYPE_F64) ||
        t->op != GIR_OP_TRANSPOSE || r < 2 || t->attr.l[0].n != r)
        return in;
    for (j = 0; j < r - 2; ++j)
        if (t->attr.l[0].v[j] != j) return in;
    if (t->attr.l[0].v[r - 2] != r - 1 || t->attr.l[0].v[r - 1] != r - 2) return in;
    *tr = 1;
    return g->ins[t->in0];
}

GIR_API gir_status gir_compile(gir_graph *g, int n_out, const gir_node *outs, gir_plan **out_plan) {
    gir_plan *p;
    uint8_t *need;
    size_t cnt, id, off = 0, scratch = 0, maxin = 1;
    uint32_t nv = 0, ns = 0, k;
    int j;
    if (!out_plan) return GIR_ERR_INVALID_ARG;
    *out_plan = NULL;
    if (!g) return GIR_ERR_INVALID_ARG;
    if (n_out < 1 || !outs) {
        gir__gfail(g, GIR_ERR_INVALID_ARG, "compile: needs at least one output");
        return GIR_ERR_INVALID_ARG;
    }
    for (j = 0; j < n_out; ++j) {
        int kind = gir__handle_kind(g, outs[j]);
        if (kind != GIR__H_OWN) {
            gir__gfail(g, GIR_ERR_HANDLE, "compile: output %d (id %u) %s", j, (unsigned)outs[j].id,
                       gir__handle_why(kind));
            return GIR_ERR_HANDLE;
        }
    }
    cnt = g->nnodes;
    p = (gir_plan *)gir__alloc(&g->a, sizeof *p);
    need = (uint8_t *)gir__alloc(&g->a, cnt);
    if (!p || !need) {
        gir__free(&g->a, p, sizeof *p);
        gir__free(&g->a, need, cnt);
        gir__gfail(g, GIR_ERR_OUT_OF_MEMORY, "compile: out of memory");
        return GIR_ERR_OUT_OF_MEMORY;
    }
    GIR_MEMSET(p, 0, sizeof *p);
    GIR_MEMSET(need, 0, cnt);
    p->a = g->a;
    for (j = 0; j < n_out; ++j) need[outs[j].id] = 1;
    for (id = cnt - 1; id >= 1; --id) {      /* ids are topological: one backward sweep marks every input */
        const gir__node *d = &g->nodes[id];
        int tr;
        if (!need[id]) continue;
        for (k = 0; k < d->nin; ++k) need[gir__step_in(g, d, k, &tr)] = 1;
        ++nv;
        if (d->op != GIR_OP_INPUT && d->op != GIR_OP_VARIABLE && d->op != GIR_OP_CONSTANT) {
            ++ns;
            p->nsin += d->nin;
            if (d->nin > maxin) maxin = d->nin;
        }
    }
    p->nmap = cnt;
    p->map = (uint32_t *)gir__alloc(&p->a, cnt * sizeof(uint32_t));
    p->vals = (gir__val *)gir__alloc(&p->a, (nv ? nv : 1) * sizeof(gir__val));
    p->steps = (gir__step *)gir__alloc(&p->a, (ns ? ns : 1) * sizeof(gir__step));
    p->sin = (uint32_t *)gir__alloc(&p->a, (p->nsin ? p->nsin : 1) * sizeof(uint32_t));
    p->kin = (gir__kin *)gir__alloc(&p->a, maxin * sizeof(gir__kin));
    if (!p->map || !p->vals || !p->steps || !p->sin || !p->kin) goto oom;
    GIR_MEMSET(p->map, 0, cnt * sizeof(uint32_t));
    p->nsin = 0;
    for (id = 1; id < cnt; ++id) {
        const gir__node *d = &g->nodes[id];
        gir__val *v;
        if (!need[id]) continue;
        v = &p->vals[p->nvals];
        GIR_MEMSET(v, 0, sizeof *v);
        v->node = (uint32_t)id;
        v->shape = d->shape;
        v->dtype = d->dtype;
        if (!gir__bytes(&d->shape, d->dtype, &v->bytes) || gir__align_up(v->bytes) > ((size_t)-1) / 2 - off) {
            gir__free(&g->a, need, cnt);
            gir_plan_free(p);
            gir__gfail(g, GIR_ERR_LIMIT, "compile: node %u: %T %S does not fit in the address space (%l bytes before it)",
                       (unsigned)id, (int)d->dtype, &d->shape, (long long)off);
            return GIR_ERR_LIMIT;
        }
        p->map[id] = ++p->nvals;
        if (d->op == GIR_OP_INPUT) { v->kind = GIR__VAL_INPUT; continue; }
        if (d->op == GIR_OP_VARIABLE || d->op == GIR_OP_CONSTANT) { v->kind = GIR__VAL_DATA; continue; }
        v->kind = GIR__VAL_TEMP;
        v->off = off;
        off += gir__align_up(v->bytes ? v->bytes : 1);
        {
            gir__step *s = &p->steps[p->nsteps++];
            size_t sb;
            s->val = p->nvals - 1;
            s->op = d->op;
            s->attr = d->attr;
            s->attr.data = NULL;
            s->nin = d->nin;
            s->in0 = (uint32_t)p->nsin;
            s->tr = 0;
            for (k = 0; k < d->nin; ++k) {
                int tr;
                p->sin[p->nsin++] = p->map[gir__step_in(g, d, k, &tr)] - 1;
                if (tr) s->tr = (uint8_t)(s->tr | 1u << k);
            }
            sb = gir__scratch_bytes(d->op, d->dtype, &d->shape, d->nin ? &g->nodes[g->ins[d->in0]].shape : &d->shape);
            if (sb > scratch) scratch = sb;
        }
    }
    p->arena_bytes = off;
    p->scratch_bytes = scratch;
    if (off) {
        p->arena_raw = gir__alloc(&p->a, off + GIR__ALIGN);
        if (!p->arena_raw) goto oom;
        p->arena = (unsigned char *)p->arena_raw + (GIR__ALIGN - (size_t)((uintptr_t)p->arena_raw % GIR__ALIGN)) % GIR__ALIGN;
    }
    if (scratch) {
        p->scratch_raw = gir__alloc(&p->a, scratch + GIR__ALIGN);
        if (!p->scratch_raw) goto oom;
        p->scratch = (unsigned char *)p->scratch_raw + (GIR__ALIGN - (size_t)((uintptr_t)p->scratch_raw % GIR__ALIGN)) % GIR__ALIGN;
    }
    for (k = 0; k < p->nvals; ++k)
        if (p->vals[k].kind == GIR__VAL_TEMP) p->vals[k].ptr = p->arena + p->vals[k].off;
    gir__free(&g->a, need, cnt);
    p->g = g;                      /* from here on the plan holds the graph (see gir_plan_free) */
    ++g->plans;
    *out_plan = p;
    return GIR_OK;
oom:
    gir__free(&g->a, need, cnt);
    gir_plan_free(p);
    gir__gfail(g, GIR_ERR_OUT_OF_MEMORY, "compile: out of memory");
    return GIR_ERR_OUT_OF_MEMORY;
}

/* the plan's value for an input node: *val = its index + 1, or 0 for an input of the graph the plan does not
   read. A handle that is not an input of the plan's graph is an error, recorded in the plan. */
static gir_status gir__bind_find(gir_plan *p, gir_node input, uint32_t *val) {
    const gir_graph *g = p->g;
    int kind = gir__handle_kind(g, input);
    *val = 0;
    if (kind != GIR__H_OWN) {
        gir__pfail(p, GIR_ERR_HANDLE, "bind: input (id %u) %s", (unsigned)input.id, gir__handle_why(kind));
        return GIR_ERR_HANDLE;
    }
    if (g->nodes[input.id].op != GIR_OP_INPUT) {
        gir__pfail(p, GIR_ERR_INVALID_ARG, "bind: node %u (%s) is not an input", (unsigned)input.id,
                   gir__ops[g->nodes[input.id].op].name);
        return GIR_ERR_INVALID_ARG;
    }
    if (input.id < p->nmap) *val = p->map[input.id];
    return GIR_OK;
}
GIR_API gir_status gir_plan_bind(gir_plan *p, gir_node input, const void *data) {
    uint32_t v;
    gir_status s;
    if (!p) return GIR_ERR_INVALID_ARG;
    if ((s = gir__bind_find(p, input, &v)) != GIR_OK) return s;
    if (v) p->vals[v - 1].ptr = (void *)data;      /* v == 0: an input this plan does not read, nothing to do */
    return GIR_OK;
}
/* as gir_plan_bind, after checking that bytes is what the input holds and that data is aligned for its dtype */
GIR_API gir_status gir_plan_bind_bytes(gir_plan *p, gir_node input, const void *data, size_t bytes) {
    const gir__node *d;
    size_t need, align;
    uint32_t v;
    gir_status s;
    if (!p) return GIR_ERR_INVALID_ARG;
    if ((s = gir__bind_find(p, input, &v)) != GIR_OK) return s;
    d = &p->g->nodes[input.id];
    align = gir__dtype_sizes[d->dtype];
    need = (size_t)gir__numel(&d->shape) * align;
    if (bytes != need) {
        gir__pfail(p, GIR_ERR_INVALID_ARG, "bind: input node %u %T%S needs %l bytes (%l x %l), got %l",
                   (unsigned)input.id, (int)d->dtype, &d->shape, (long long)need, (long long)gir__numel(&d->shape),
                   (long long)align, (long long)bytes);
        return GIR_ERR_INVALID_ARG;
    }
    if (!data && need) {
        gir__pfail(p, GIR_ERR_INVALID_ARG, "bind: input node %u %T%S: data is NULL", (unsigned)input.id,
                   (int)d->dtype, &d->shape);
        return GIR_ERR_INVALID_ARG;
    }
    if ((uintptr_t)data % align) {
        gir__pfail(p, GIR_ERR_INVALID_ARG, "bind: input node %u %T%S: data is not aligned to %l bytes as %T needs",
                   (unsigned)input.id, (int)d->dtype, &d->shape, (long long)align, (int)d->dtype);
        return GIR_ERR_INVALID_ARG;
    }
    if (v) p->vals[v - 1].ptr = (void *)data;
    return GIR_OK;
}

/* where kernels read an empty input (a 0-byte constant or an input bound to NULL): a valid address, never read */
static const double gir__empty = 0.0;
GIR_API gir_status gir_run(gir_plan *p) {
    uint32_t k, j;
    gir__kx kx;
    if (!p) return GIR_ERR_INVALID_ARG;
    p->status = GIR_OK;
    p->msg[0] = 0;
    for (k = 0; k < p->nvals; ++k) {
        gir__val *v = &p->vals[k];
        if (v->kind == GIR__VAL_DATA) v->ptr = (void *)p->g->nodes[v->node].attr.data;
        else if (v->kind == GIR__VAL_INPUT && !v->ptr && v->bytes) {
            gir__pfail(p, GIR_ERR_UNBOUND, "run: input node %u %T %S is not bound (gir_plan_bind)", (unsigned)v->node,
                       (int)v->dtype, &v->shape);
            return GIR_ERR_UNBOUND;
        }
    }
    for (k = 0; k < p->nsteps; ++k) {
        const gir__step *s = &p->steps[k];
        gir__val *o = &p->vals[s->val];
        gir_status st;
        for (j = 0; j < s->nin; ++j) {
            const gir__val *iv = &p->vals[p->sin[s->in0 + j]];
            p->kin[j].p = iv->ptr ? iv->ptr : (const void *)&gir__empty;   /* an empty value may have no memory */
            p->kin[j].s = &iv->shape;
            p->kin[j].dt = iv->dtype;
            p->kin[j].tr = j < 8 ? (s->tr >> j) & 1 : 0;    /* bits for the first 8 inputs (matmul uses 2) */
        }
        kx.op = s->op;
        kx.dtype = o->dtype;
        kx.shape = &o->shape;
        kx.attr = &s->attr;
        kx.out = o->ptr;
        kx.nin = (int)s->nin;
        kx.in = p->kin;
        kx.scratch = p->scratch;
        kx.run = p->runs;
        kx.node = o->node;
        kx.msg = p->msg;
        st = gir__kernel_table[s->op](&kx);
        if (st != GIR_OK) {
            p->status = st;
            ++p->runs;
            return st;
        }
    }
    ++p->runs;
    return GIR_OK;
}
GIR_API const void *gir_plan_data(const gir_plan *p, gir_node n) {
    uint32_t v;
    if (!p || gir__handle_kind(p->g, n) != GIR__H_OWN || n.id >= p->nmap || !(v = p->map[n.id])) return NULL;
    if (p->vals[v - 1].kind == GIR__VAL_DATA) return p->g->nodes[n.id].attr.data;
    return p->vals[v - 1].ptr;
}
GIR_API const char *gir_plan_message(const gir_plan *p) { return p ? p->msg : "no plan (NULL)"; }
GIR_API size_t gir_plan_arena_bytes(const gir_plan *p) { return p ? p->arena_bytes : 0; }
GIR_API int gir_plan_step_count(const gir_plan *p) { return p ? (int)p->nsteps : 0; }

#endif /* GIR_IMPLEMENTATION */

/*
   MIT License

   Copyright (c) 2026 the gir.h authors

   Permission is hereby granted, free of charge, to any person obtaining a copy
   of this software and associated documentation files (the "Software"), to deal
   in the Software without restriction, including without limitation the rights
   to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
   copies of the Software, and to permit persons to whom the Software is
   furnished to do so, subject to the following conditions:

   The above copyright notice and this permission notice shall be included in all
   copies or substantial portions of the Software.

   THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
   IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
   FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
   AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
   LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
   OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
   SOFTWARE.
*/
