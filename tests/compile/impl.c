/* The implementation translation unit of the two-file build: the only one with GIR_IMPLEMENTATION. */
#define GIR_IMPLEMENTATION
#include "../../gir.h"
