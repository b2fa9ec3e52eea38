@ Prints "tick" on UART0 about every five million instructions, forever: guest output interleaved
@ with the progress line on a terminal (dropin.progress_tty).
#include "../../sim/firmware/vectors.inc"
  .thumb_func
  .global reset
reset:
  bl uart_init
1:
  adr r1, message
  bl uart_puts
  ldr r4, =2500000
2:
  subs r4, r4, #1
  bne 2b
  b 1b
  .align 2
message:
  .asciz "tick\n"
