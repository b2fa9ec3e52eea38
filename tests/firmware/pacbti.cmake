# PACBTI firmware (firmware/pacbti/, compiled by clang-14 with -mbranch-protection=standard):
#   firmware.pacbti.<program>.<core>   corsim --cpu <core>; labels firmware;corsim;cpu
#   firmware.pacbti.<program>.diff     corsim (Cortex-M55) against QEMU 7.2 (no PACBTI: the hint
#                                      instructions are NOPs on both); labels firmware;qemu
# Included by tests/firmware/CMakeLists.txt, which defines driver, tools and corsim_exe.
set(pacbti_dir ${CORSIM_FIRMWARE_DIR}/pacbti)
set(pacbti_driver ${CMAKE_CURRENT_SOURCE_DIR}/run_pacbti.sh)

function(pacbti_test name elf cpu status)
  add_test(NAME firmware.pacbti.${name} COMMAND ${pacbti_driver} ${corsim_exe} ${pacbti_dir}/${elf} ${cpu} ${status} ${ARGN})
  set_tests_properties(firmware.pacbti.${name} PROPERTIES LABELS "firmware;corsim;cpu" TIMEOUT 120)
endfunction()

# Protected code runs on the M85 with PAC and BTI enabled from start-up.
pacbti_test(run.m85 run.elf cortex-m85 0 --stdout "pacbti: all checks passed")
# A stack overflow overwrites the saved LR and PAC: the M85 faults at victim's AUT (corsim exits 3,
# an unhandled guest fault); the M55 executes AUT as a NOP and returns into hijacked() (status 42).
pacbti_test(tamper.m85 tamper.elf cortex-m85 3 --stdout "tamper: overflowing a stack buffer"
            --fault "UsageFault (INVSTATE: pointer authentication failed)" --at-insn victim aut)
pacbti_test(tamper.m55 tamper.elf cortex-m55 42 --stdout "tamper: control flow hijacked")
# An indirect call to code without a landing pad: the M85 faults at the target; the M55 does not.
pacbti_test(bti_violation.m85 bti_violation.elf cortex-m85 3
            --fault "UsageFault (INVSTATE: branch target is not BTI/PACBTI)" --at-symbol no_landing_pad)
pacbti_test(bti_violation.m55 bti_violation.elf cortex-m55 42 --stdout "bti: the call returned")

foreach(program tamper bti_violation)
  add_test(NAME firmware.pacbti.${program}.diff
           COMMAND ${driver} diff ${pacbti_dir}/${program}.elf ${tools} --expect-exit 42)
  set_tests_properties(firmware.pacbti.${program}.diff PROPERTIES LABELS "firmware;qemu" TIMEOUT 120)
endforeach()
