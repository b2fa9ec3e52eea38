# PACBTI firmware (firmware/pacbti/, compiled by clang-14 with -mbranch-protection=standard):
#   firmware.pacbti.<program>.corstone320   --platform corstone-320 (its core, the M85)
#   firmware.pacbti.<program>.m85           the Corstone-300 build with --cpu cortex-m85
#   firmware.pacbti.<program>.m55           the Corstone-300 build with --cpu cortex-m55
#        (labels firmware;corsim;cpu)
#   firmware.pacbti.<program>.diff          the Corstone-300 build on corsim's default core (M55)
#        against QEMU 7.2 (no PACBTI: the hint instructions are NOPs on both); labels firmware;qemu
# Included by tests/firmware/CMakeLists.txt, which defines driver, tools and corsim_exe.
set(pacbti_dir ${CORSIM_FIRMWARE_DIR}/pacbti)
set(pacbti_driver ${CMAKE_CURRENT_SOURCE_DIR}/run_pacbti.sh)

# pacbti_test(<program> <run> <corsim args...> STATUS <n> [checks...])
function(pacbti_test program run)
  cmake_parse_arguments(arg "" "STATUS" "ARGS;CHECKS" ${ARGN})
  set(platform corstone300)
  if(run STREQUAL corstone320)
    set(platform corstone320)
  endif()
  set(corsim_args)
  foreach(a ${arg_ARGS})
    list(APPEND corsim_args --corsim-arg ${a})
  endforeach()
  add_test(NAME firmware.pacbti.${program}.${run}
           COMMAND ${pacbti_driver} ${corsim_exe} ${pacbti_dir}/${platform}/${program}.elf ${arg_STATUS}
                   ${corsim_args} ${arg_CHECKS})
  set_tests_properties(firmware.pacbti.${program}.${run} PROPERTIES LABELS "firmware;corsim;cpu" TIMEOUT 120)
endfunction()

set(on_corstone320 ARGS --platform corstone-320)
set(on_m85 ARGS --cpu cortex-m85)
set(on_m55 ARGS --cpu cortex-m55)
set(auth_failed "UsageFault (INVSTATE: pointer authentication failed)")
set(no_landing_pad "UsageFault (INVSTATE: branch target is not BTI/PACBTI)")

# Protected code runs on the M85 with PAC and BTI enabled from start-up.
foreach(run corstone320 m85)
  pacbti_test(run ${run} ${on_${run}} STATUS 0 CHECKS --stdout "pacbti: all checks passed")
  # A stack overflow overwrites the saved LR and PAC: the M85 faults at victim's AUT (corsim exits
  # 3, an unhandled guest fault).
  pacbti_test(tamper ${run} ${on_${run}} STATUS 3
              CHECKS --stdout "tamper: overflowing a stack buffer" --fault "${auth_failed}" --at-insn victim aut)
  # An indirect call to code without a landing pad faults at the target.
  pacbti_test(bti_violation ${run} ${on_${run}} STATUS 3 CHECKS --fault "${no_landing_pad}" --at-symbol no_landing_pad)
endforeach()
# The M55 executes the hint instructions as NOPs: the corrupted return lands in hijacked() and the
# call without a landing pad succeeds (status 42 both).
pacbti_test(tamper m55 ${on_m55} STATUS 42 CHECKS --stdout "tamper: control flow hijacked")
pacbti_test(bti_violation m55 ${on_m55} STATUS 42 CHECKS --stdout "bti: the call returned")

foreach(program tamper bti_violation)
  add_test(NAME firmware.pacbti.${program}.diff
           COMMAND ${driver} diff ${pacbti_dir}/corstone300/${program}.elf ${tools} --expect-exit 42)
  set_tests_properties(firmware.pacbti.${program}.diff PROPERTIES LABELS "firmware;qemu" TIMEOUT 120)
endforeach()
