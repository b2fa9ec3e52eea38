@ Executes UDF in bad_instruction; the HardFault handler spins (an unhandled fault).
#include "vectors.inc"
  .thumb_func
  .global reset
reset:
  movs r0, #0x11
  movs r7, #0x77
  bl bad_instruction
  b .
  .thumb_func
  .global bad_instruction
  .type bad_instruction, %function
bad_instruction:
  nop
  udf #0
  bx lr
  .size bad_instruction, . - bad_instruction
