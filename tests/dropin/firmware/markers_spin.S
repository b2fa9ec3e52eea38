@ Writes the runtime's trace markers (runtime/trace/markers.h: ITM stimulus port p at
@ 0xE0000000 + 4p) for one whole instruction, "op0" (KernelCall, index 0), then begins
@ instruction 1, "op1", and never ends it: it spins. Interrupted (SIGINT) or timed out, corsim
@ must still write the per-operator report of what ran: op0 complete, op1 named as where it stopped.
#include "../../sim/firmware/vectors.inc"
  .thumb_func
  .global reset
reset:
  ldr r3, =0xE0000000
  movs r2, #1
  str r2, [r3, #24]           @ port 6: Method::execute starts
  ldr r2, =0x0030706f         @ "op0" and a NUL
  str r2, [r3, #4]            @ port 1: name
  movs r2, #0
  str r2, [r3, #16]           @ port 4: kind KernelCall
  str r2, [r3, #8]            @ port 2: begin, chain 0 index 0
  ldr r4, =1000
1:
  subs r4, r4, #1
  bne 1b
  str r2, [r3, #12]           @ port 3: end, chain 0 index 0
  ldr r2, =0x0031706f         @ "op1"
  str r2, [r3, #4]
  movs r2, #0
  str r2, [r3, #16]
  movs r2, #1
  str r2, [r3, #8]            @ begin index 1
2:
  b 2b
