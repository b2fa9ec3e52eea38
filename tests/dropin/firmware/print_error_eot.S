@ Prints an error line in ExecuTorch's log format ("E [...] ...") between raw bytes, then EOT: the
@ run itself succeeds (corsim 0), run_fvp.sh must report the line verbatim and exit 1.
#include "../../sim/firmware/vectors.inc"
  .thumb_func
  .global reset
reset:
  bl uart_init
  adr r1, message
  bl uart_puts
  b uart_eot
  .align 2
message:
  .asciz "PTE @ 0x70000000 [----\377\376\001\002]\nE [executorch:runner.cpp:1 main()] something failed\n"
