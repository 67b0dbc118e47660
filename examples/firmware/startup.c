/* startup.c - reset and fault handling of the firmware example on a Cortex-M55 (Arm MPS3 AN547
   board, as qemu models it): the vector table, a reset handler that turns on the FPU and Helium,
   copies .data, clears .bss and starts newlib with semihosting, and a fault handler that leaves
   through semihosting with status 0x80 | UFSR (so a crash ends the run instead of hanging it); and
   the board's memory for gir.h, a bump allocator over a static arena in DTCM (board.h). The linker
   script is an547.ld. */
#include "board.h"
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static unsigned char arena[FW_ARENA_BYTES] __attribute__((aligned(16)));
size_t fw_arena_used;
void *fw_alloc(size_t n, void *user) {
    size_t at = (fw_arena_used + 15u) & ~(size_t)15u;
    (void)user;
    if (n > sizeof arena - at) return NULL;
    fw_arena_used = at + n;
    return arena + at;
}
/* bump: copy, the old block stays */
void *fw_realloc(void *p, size_t old_n, size_t n, void *user) {
    void *q = fw_alloc(n, user);
    if (q && p) memcpy(q, p, old_n < n ? old_n : n);
    return q;
}
void fw_free(void *p, void *user) {
    (void)p;
    (void)user;
}

extern uint32_t __stack_top, __data_load, __data_start, __data_end, __bss_start__, __bss_end__;
extern int main(void);
extern void initialise_monitor_handles(void);
extern void __libc_init_array(void);
void Reset_Handler(void);
void Fault_Handler(void);

__attribute__((section(".vectors"), used)) static void (*const vectors[16])(void) = {
    (void (*)(void))(uintptr_t)&__stack_top, Reset_Handler, Fault_Handler, Fault_Handler,
    Fault_Handler, Fault_Handler, Fault_Handler, 0,
    0, 0, 0, Fault_Handler,
    Fault_Handler, 0, Fault_Handler, Fault_Handler};

/* semihosting SYS_EXIT_EXTENDED (0x20): {ADP_Stopped_ApplicationExit, status} */
static void semihost_exit(uint32_t status) {
    volatile uint32_t block[2];
    register uint32_t r0 __asm__("r0") = 0x20;
    register volatile uint32_t *r1 __asm__("r1") = block;
    block[0] = 0x20026;
    block[1] = status;
    __asm__ volatile("bkpt 0xab" : : "r"(r0), "r"(r1) : "memory");
    for (;;) {}
}

void Fault_Handler(void) {
    uint32_t ufsr = (*(volatile uint32_t *)0xE000ED28u) >> 16;   /* the UsageFault status of CFSR */
    semihost_exit(0x80u | (ufsr & 0x7Fu));
}

/* compiled without floating point use before CPACR is written: only integer copies here */
void Reset_Handler(void) {
    uint32_t *s = &__data_load, *d = &__data_start;
    /* CPACR: CP10, CP11 full access (FPU and MVE) */
    *(volatile uint32_t *)0xE000ED88u |= 0xFu << 20;
    __asm__ volatile("dsb\n\tisb" ::: "memory");
    while (d < &__data_end) *d++ = *s++;
    for (d = &__bss_start__; d < &__bss_end__;) *d++ = 0;
    initialise_monitor_handles();
    __libc_init_array();
    exit(main());
}

void _init(void) {}   /* crti.o is not linked (-nostartfiles) */
void _fini(void) {}
