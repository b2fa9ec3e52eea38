@ Requests a system reset through AIRCR (VECTKEY 0x05FA, SYSRESETREQ bit 2), then spins.
#include "vectors.inc"
  .thumb_func
  .global reset
reset:
  ldr r3, =0xE000ED0C
  ldr r2, =0x05FA0004
  str r2, [r3]
  dsb
  b .
