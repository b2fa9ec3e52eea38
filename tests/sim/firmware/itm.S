@ Writes trace markers to ITM stimulus ports 0 and 5 (0xE0000000 + 4*port), then EOT.
#include "vectors.inc"
  .thumb_func
  .global reset
reset:
  bl uart_init
  ldr r3, =0xE0000000
  ldr r2, =0xABCD
  str r2, [r3]                @ port 0, word
  movs r2, #0x42
  strb r2, [r3, #20]          @ port 5, byte
  b uart_eot
