@ Reads the Corstone-320 NPU's ID register (Secure alias 0x5000_4000, spec/cortex-m.md §3.2), then
@ exits 0 by semihosting. Run with -C cpu.vtor=0x10000000 (its vectors are in ITCM, not BROM).
@ While the Ethos-U85 is not modelled, corsim must end the run at the read: one error line,
@ status 2.
#include "vectors.inc"
  .thumb_func
  .global reset
reset:
  ldr r1, =0x50004000
  ldr r0, [r1]
  ldr r1, =0x20026            @ ADP_Stopped_ApplicationExit
  movs r0, #0x18              @ SYS_EXIT
  bkpt 0xab
  b .
