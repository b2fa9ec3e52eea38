@ Prints "OK\n" on UART0, then EOT (0x04): corsim must print OK and exit 0.
#include "vectors.inc"
  .thumb_func
  .global reset
reset:
  bl uart_init
  adr r1, message
  bl uart_puts
  b uart_eot
  .align 2
message:
  .asciz "OK\n"
