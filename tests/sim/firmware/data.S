@ Checks the word that --data placed at 0x60000000 ("CSIM" = 0x4D495343) and reports on UART0.
#include "vectors.inc"
  .thumb_func
  .global reset
reset:
  bl uart_init
  ldr r3, =0x60000000
  ldr r3, [r3]
  ldr r2, =0x4D495343
  cmp r2, r3
  ite eq
  adreq r1, good
  adrne r1, bad
  bl uart_puts
  b uart_eot
  .align 2
good:
  .asciz "data ok\n"
  .align 2
bad:
  .asciz "data bad\n"
