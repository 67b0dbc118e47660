/* Counts calls of the double-precision helpers (soft-float __aeabi_d*, conversions, libm's double functions) in
   an arm-none-eabi program linked with -Wl,--wrap=<name> for each name below: each __wrap_<name> adds one to
   gir_f32_dcalls and jumps to __real_<name> with every register and flag as it found them (the
   caller's return address is kept in gir_f32_dcallers, for arm-none-eabi-addr2line). */
#include <stdint.h>
volatile uint32_t gir_f32_dcalls, gir_f32_dcallers[16];     /* the return addresses of the last 16 calls */
#define DC_THUNK(name) \
    __asm__(".text\n.thumb\n.syntax unified\n.global __wrap_" #name "\n.type __wrap_" #name ", %function\n" \
            ".thumb_func\n__wrap_" #name ":\n push {r0, r1}\n ldr r0, =gir_f32_dcalls\n ldr r1, [r0]\n" \
            " add r1, r1, #1\n str r1, [r0]\n and r1, r1, #15\n ldr r0, =gir_f32_dcallers\n" \
            " str lr, [r0, r1, lsl #2]\n pop {r0, r1}\n b.w __real_" #name "\n.ltorg\n");
DC_THUNK(__aeabi_dadd) DC_THUNK(__aeabi_dsub) DC_THUNK(__aeabi_drsub) DC_THUNK(__aeabi_dmul) DC_THUNK(__aeabi_ddiv)
DC_THUNK(__aeabi_dcmpeq) DC_THUNK(__aeabi_dcmplt) DC_THUNK(__aeabi_dcmple) DC_THUNK(__aeabi_dcmpge)
DC_THUNK(__aeabi_dcmpgt) DC_THUNK(__aeabi_dcmpun) DC_THUNK(__aeabi_cdcmple) DC_THUNK(__aeabi_cdcmpeq)
DC_THUNK(__aeabi_cdrcmple) DC_THUNK(__aeabi_d2f) DC_THUNK(__aeabi_f2d) DC_THUNK(__aeabi_i2d) DC_THUNK(__aeabi_ui2d)
DC_THUNK(__aeabi_l2d) DC_THUNK(__aeabi_ul2d) DC_THUNK(__aeabi_d2iz) DC_THUNK(__aeabi_d2uiz) DC_THUNK(__aeabi_d2lz)
DC_THUNK(__aeabi_d2ulz) DC_THUNK(exp) DC_THUNK(log) DC_THUNK(sqrt) DC_THUNK(pow) DC_THUNK(expm1) DC_THUNK(log1p)
DC_THUNK(tanh) DC_THUNK(cos) DC_THUNK(sin) DC_THUNK(floor) DC_THUNK(ceil) DC_THUNK(fabs) DC_THUNK(fmod)
DC_THUNK(round) DC_THUNK(erf) DC_THUNK(log2)
