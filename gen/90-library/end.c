/* >>end: the last fragment of the implementation */
#if defined(GIR__OWN_MATH_CONSTANTS)       /* gen/30-base/config.c: every libm function was routed, <math.h> not included */
#  undef HUGE_VAL
#  undef HUGE_VALF
#  undef NAN
#  undef GIR__OWN_MATH_CONSTANTS
#endif
