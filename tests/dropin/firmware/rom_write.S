@ Stores to the QSPI flash (Corstone-300 Secure alias 0x3800_0000, ROM for the CPU: ExecuTorch
@ Corstone-300.ld): the write is refused with a bus error (BusFault, escalated to HardFault),
@ whose handler spins. corsim must name the read-only memory and end with status 3.
#include "../../sim/firmware/vectors.inc"
  .thumb_func
  .global reset
reset:
  ldr r1, =0x38000010
  movs r2, #0x5a
  str r2, [r1]
  b .
