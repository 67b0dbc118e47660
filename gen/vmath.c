/* >>vmath: exp, expm1, log, log1p, log2, tanh, sigmoid, erf (and sign) on vectors, written once in
   gen/vmath.tmpl.c against the vocabulary above and instantiated for each instruction set and float dtype
   compiled in. Range reduction (Cody-Waite for exp, exponent and mantissa for log), then minimax polynomials
   (gen/vmath_fit.py). Special values follow C99 Annex F: +-0, +-inf and NaN give what libm gives, subnormal
   inputs and results are kept (MVE's lanes flush them to zero).
   Maximum error against the exact result, in units of the last place of the result, as measured by the test
   "simd/vmath_accuracy_*" (f32: every 2^7-th float of the whole range plus random and edge values; f64: random
   values over the whole range and the interesting intervals):
   (measured values: see below) */
@@VMATH@@
