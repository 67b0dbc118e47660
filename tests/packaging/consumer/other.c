/* other.c - a second source file of the consumer: the declarations only */
#include "gir.h"

double other_version_check(void);
double other_version_check(void) {
    return GIR_VERSION_MAJOR * 10000 + GIR_VERSION_MINOR * 100 + GIR_VERSION_PATCH;
}
