/* Turns on pointer authentication and branch target identification before main() runs, on a
 * core that has the PACBTI extension (ID_ISAR5.PACBTI != 0, Arm DDI 0553 "ID_ISAR5"); on one
 * without it (Cortex-M55) it does nothing, and the PACBTI hint instructions the compiler emitted
 * execute as NOPs.
 *
 * Written in assembly so that it carries no PAC/AUT of its own: a function that enabled PAC
 * between its PAC and its AUT would fail its own authentication. It runs as a constructor, called
 * by newlib's __libc_init_array from the platform's Reset_Handler, so main() and everything it
 * calls run protected. The keys are fixed test values (privileged and unprivileged), CONTROL gets
 * BTI_EN (bit 4) and PAC_EN (bit 6) for privileged code. */
#include "pacbti_test.h"

__asm__(
    "  .section .text.pacbti_enable,\"ax\",%progbits\n"
    "  .global pacbti_enable\n"
    "  .type pacbti_enable, %function\n"
    "  .thumb_func\n"
    "pacbti_enable:\n"
    "  ldr r0, =0xE000ED74\n" /* ID_ISAR5 */
    "  ldr r0, [r0]\n"
    "  ubfx r0, r0, #20, #4\n"
    "  cbz r0, 1f\n"
    "  ldr r0, =0xAC0017B4\n  msr pac_key_p_0, r0\n"
    "  ldr r0, =0xAC01C9E2\n  msr pac_key_p_1, r0\n"
    "  ldr r0, =0xAC025D8F\n  msr pac_key_p_2, r0\n"
    "  ldr r0, =0xAC03A641\n  msr pac_key_p_3, r0\n"
    "  ldr r0, =0xAC104A7C\n  msr pac_key_u_0, r0\n"
    "  ldr r0, =0xAC1191E2\n  msr pac_key_u_1, r0\n"
    "  ldr r0, =0xAC123DB5\n  msr pac_key_u_2, r0\n"
    "  ldr r0, =0xAC13F068\n  msr pac_key_u_3, r0\n"
    "  mrs r0, control\n"
    "  orr r0, r0, #0x50\n" /* BTI_EN | PAC_EN */
    "  msr control, r0\n"
    "  isb\n"
    "1:\n"
    "  bx lr\n"
    "  .ltorg\n"
    "  .size pacbti_enable, . - pacbti_enable\n"
    "  .text\n");

void pacbti_enable(void);
static void (*const pacbti_enable_entry)(void) __attribute__((section(".init_array"), used)) = pacbti_enable;
