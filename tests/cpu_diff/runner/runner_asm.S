/* Entering and leaving one test case (docs/cpu-diff.md). run_case loads the whole register state
 * and jumps to the case's code slot; the slot ends by branching to the image trampoline, which
 * loads case_return's address; case_return stores every register. A fault in the case arrives at
 * diff_fault_handler, which records the fault and resumes at case_return with the registers as the
 * exception frame restores them. Offsets follow DiffState (diff_case.h). */
  .syntax unified
  .thumb
  .arch armv8.1-m.main
  .arch_extension mve.fp

  .equ OFF_LR, 13*4
  .equ OFF_APSR, 14*4
  .equ OFF_FPSCR, 15*4
  .equ OFF_VPR, 16*4
  .equ OFF_FAULT, 17*4
  .equ OFF_Q, 18*4
  .equ CASE_SP, 0x30030000

  .bss
  .align 2
saved_sp: .space 4
out_ptr: .space 4
  .global diff_in_case
diff_in_case: .space 4

  .text
/* void run_case(const DiffState* in, uint32_t slot_thumb_address, DiffState* out) */
  .global run_case
  .type run_case, %function
  .thumb_func
run_case:
  push {r4-r11, lr}
  ldr r3, =saved_sp
  str sp, [r3]
  ldr r3, =out_ptr
  str r2, [r3]
  movs r3, #0
  str r3, [r2, #OFF_FAULT]
  ldr r3, =diff_in_case
  movs r4, #1
  str r4, [r3]
  ldr r3, =CASE_SP
  mov sp, r3
  str r1, [sp, #-4]!
  add r3, r0, #OFF_Q
  vldm r3, {d0-d15}
  ldr r3, [r0, #OFF_FPSCR]
  vmsr fpscr, r3
  ldr r3, [r0, #OFF_VPR]
  vmsr vpr, r3
  ldr r3, [r0, #OFF_APSR]
  msr APSR_nzcvqg, r3
  ldr lr, [r0, #OFF_LR]
  ldm r0, {r0-r12}
  pop {pc}
  .ltorg

  .global case_return
  .type case_return, %function
  .thumb_func
case_return:
  push {r0-r12, lr}
  ldr r0, =out_ptr
  ldr r0, [r0]
  mrs r1, APSR
  str r1, [r0, #OFF_APSR]
  vmrs r1, fpscr
  str r1, [r0, #OFF_FPSCR]
  vmrs r1, vpr
  str r1, [r0, #OFF_VPR]
  add r1, r0, #OFF_Q
  vstm r1, {d0-d15}
  pop {r1-r7}
  stm r0!, {r1-r7}
  pop {r1-r7}
  stm r0!, {r1-r7}
  ldr r1, =diff_in_case
  movs r2, #0
  str r2, [r1]
  ldr r1, =saved_sp
  ldr r1, [r1]
  mov sp, r1
  pop {r4-r11, pc}
  .ltorg

/* Every fault vector. In a case: fault word = exception number << 24 | CFSR[23:0] (HFSR.FORCED
 * adds bit 23 when a fault escalated), CFSR/HFSR cleared, the stacked PC set to case_return, the
 * stacked IT bits cleared and T set, and VPR.MASK01/MASK23 cleared (a VPT block left open by the
 * faulting instruction must not reach the runner's code; P0 is kept and compared). Outside a case
 * the runner itself faulted: report and stop. */
  .global diff_fault_handler
  .type diff_fault_handler, %function
  .thumb_func
diff_fault_handler:
  ldr r0, =diff_in_case
  ldr r0, [r0]
  cbz r0, runner_fault
  ldr r0, =0xE000ED28        /* CFSR */
  ldr r1, [r0]
  str r1, [r0]
  ldr r2, [r0, #4]           /* HFSR */
  str r2, [r0, #4]
  bic r1, r1, #0xFF000000
  tst r2, #0x40000000        /* FORCED */
  it ne
  orrne r1, r1, #0x00800000
  mrs r3, ipsr
  orr r1, r1, r3, lsl #24
  ldr r0, =out_ptr
  ldr r0, [r0]
  str r1, [r0, #OFF_FAULT]
  ldr r0, =case_return
  bic r0, r0, #1
  str r0, [sp, #24]          /* stacked return address */
  ldr r1, [sp, #28]          /* stacked xPSR: clear IT/ICI, set T */
  ldr r2, =0xF9FF03FF
  and r1, r1, r2
  orr r1, r1, #0x01000000
  str r1, [sp, #28]
  vmrs r1, vpr
  uxth r1, r1
  vmsr vpr, r1
  bx lr
runner_fault:
  mrs r0, ipsr
  b diff_runner_fault         /* C: reports and exits; never returns */
  .ltorg
