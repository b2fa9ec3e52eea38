@ Sleeps in WFI while SysTick (B11) counts 5000 processor cycles; its handler prints "S" three
@ times on successive wraps, then the program prints "done" and ends with EOT.
#define SYSTICK_HANDLER systick_handler
#include "vectors.inc"
  .equ SYST_CSR, 0xE000E010
  .thumb_func
  .global reset
reset:
  bl uart_init
  movs r6, #0
  ldr r3, =SYST_CSR
  ldr r2, =4999
  str r2, [r3, #4]            @ RVR: period 5000 cycles
  str r2, [r3, #8]            @ CVR: any write clears it
  movs r2, #7
  str r2, [r3]                @ ENABLE | TICKINT | CLKSOURCE
wait:
  wfi
  cmp r6, #3
  blt wait
  ldr r3, =SYST_CSR
  movs r2, #0
  str r2, [r3]
  adr r1, done
  bl uart_puts
  b uart_eot
  .thumb_func
systick_handler:
  ldr r0, =UART0
  movs r2, #'S'
  str r2, [r0]
  adds r6, r6, #1
  bx lr
  .align 2
done:
  .asciz "done\n"
