@ Prints 3000 lines alternating UART0 and semihosting (SYS_WRITE0): "<8 hex digits of i>\n" on the
@ UART, then "semihosting\n", for i = 0..2999; then faults (UDF, the HardFault handler spins).
@ corsim's buffered console must still deliver every line, in order (sim.console_order).
#include "vectors.inc"
  .thumb_func
  .global reset
reset:
  bl uart_init
  movs r4, #0
  ldr r5, =3000
loop:
  mov r1, r4
  bl print_hex                @ clobbers r1, r2, r3, r6
  movs r0, #SYS_WRITE0
  adr r1, semihosting_line
  bkpt 0xab
  ldr r0, =UART0
  adds r4, r4, #1
  cmp r4, r5
  bne loop
  udf #0
  b .
  .align 2
semihosting_line:
  .asciz "semihosting\n"
