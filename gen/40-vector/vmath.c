/* >>vmath: exp, expm1, log, log1p, log2, tanh, sigmoid, erf (and sign) on vectors, written once in
   gen/40-vector/vmath.tmpl.c against the vocabulary above and instantiated for each instruction set and float dtype
   compiled in. Range reduction (Cody-Waite for exp, exponent and mantissa for log, multiples of ln2/2 and tanh's
   addition theorem for tanh, which calls no exp), then minimax polynomials (gen/15-tools/vmath_fit.py). Special
   values follow C99 Annex F: +-0, +-inf and NaN give what libm gives, subnormal inputs and results are kept
   (MVE's lanes flush them to zero).
   Maximum error against the exact result, in units of the last place of the result (ulp, subnormal ulp
   below the normal range), the bound the test "simd/vmath_accuracy_*" enforces, and what was measured:
   f32 over every one of the 2^32 floats, f64 over 2^23 random values in each of seven ranges (the
   whole range by bits and by exponent, |x| < 1, < 40, < 760, near 1, just above -1), plus edge values:
                 exp    expm1  log    log1p  log2   tanh   sigmoid erf
     f32 bound   1.5    2      1      1.5    2      1.5    2.5     1
         measured 1.05  1.60   0.92   1.47   1.67   1.05   2.40    0.99
     f64 bound   1.5    2      1.5    2      2      1.5    2.5     1.5
         measured 0.98  1.81   1.20   1.66   1.60   1.06   2.33    1.21
   (measured on AVX-512 and AVX2, the same to two decimals; NEON under emulation with the test's default
   sweep, every 2^11-th float, within the same bounds; MVE not measured: its lanes flush subnormals. tanh:
   measured on AVX2; f32 on NEON under emulation over every float of [0.5, 2) ("simd/vmath_tanh_f32"), 1.05,
   on MVE over every 8th, 1.04; AVX-512 runs the same correctly rounded operations as AVX2.) */
@@VMATH@@
