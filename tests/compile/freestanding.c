/* Cross-compiled for Cortex-M4 (-ffreestanding): nothing non-portable may creep into gir.h. */
#define GIR_IMPLEMENTATION
#include "../../gir.h"
