@ Prints identification registers of the platform's devices in hex, one per line, for the
@ differential check against QEMU: UART0 PID0, system timer 0 PID0, S32K timer PID0, SYSINFO
@ SYS_VERSION / SYS_CONFIG / PID0, SCC ID, then EOT.
#include "vectors.inc"
  .thumb_func
  .global reset
reset:
  bl uart_init
  adr r4, addresses
next:
  ldr r5, [r4], #4
  cbz r5, done
  ldr r1, [r5]
  bl print_hex
  b next
done:
  b uart_eot

  .align 2
addresses:
  .word 0x49303FE0, 0x48000FE0, 0x4802FFE0, 0x48020000, 0x48020004, 0x48020FE0, 0x49300FFC, 0
