@ Starts an Ethos-U55 job whose command stream lies outside memory (QBASE 0xF000_0000): the NPU
@ ends the job with STATUS.bus_status set (Ethos-U55 TRM, STATUS; registers: ethosu55_interface.h
@ QBASE 0x010, QSIZE 0x020, CMD 0x008 transition_to_running_state bit 0). The CPU then waits and
@ ends with EOT as if all went well: corsim must report the NPU's error status (exit 7).
#include "../../sim/firmware/vectors.inc"
  .thumb_func
  .global reset
reset:
  ldr r1, =0x58102000         @ Ethos-U55, Secure alias
  ldr r2, =0xF0000000
  str r2, [r1, #0x10]         @ QBASE
  movs r2, #0
  str r2, [r1, #0x14]         @ QBASE_HI
  movs r2, #16
  str r2, [r1, #0x20]         @ QSIZE
  movs r2, #1
  str r2, [r1, #0x08]         @ CMD: run
  ldr r3, =20000
1:
  subs r3, r3, #1
  bne 1b
  bl uart_init
  b uart_eot
