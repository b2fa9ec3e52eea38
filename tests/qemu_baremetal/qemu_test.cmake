# corsim_add_qemu_test: one bare-metal test program on QEMU's Cortex-M55 (mps3-an547), either
# compared byte for byte with corsim or checked line by line by a host program. The program is one
# C file with its case table; the shared runtime (baremetal.c, baremetal.ld) gives it the vector
# table, start-up, FPU/MVE enable, output and exit; run_qemu_test.sh runs it. docs/cpu-diff.md,
# "Bare-metal QEMU differential programs", tells how to add one.
#
# corsim_add_qemu_test(<program>              ELF <program>.elf, build target <program>_elf,
#                                             output in <binary dir>/<program>_out/
#   TEST <ctest name> SOURCE <main.c> [DEPENDS <headers it includes>...]
#   CASES <executions per form> SEED <64-bit seed>      (-DCASES_PER_OP, -DQEMU_TEST_SEED)
#   [CPU <-mcpu value>]                       default cortex-m55+nomve: the C around the
#                                             instructions under test stays free of MVE
#   [COMPILE_OPTIONS <more gcc options>...]
#   LABELS <labels>... TIMEOUT <seconds>
#   TITLE <summary line prefix> [CORSIM_OPTIONS <options>...]   compare with corsim, or
#   CHECK <host target>                       hand QEMU's output to a checker program instead)
# Needs arm-none-eabi-gcc and qemu-system-arm; without them
# the test is not defined.
find_program(CORSIM_ARM_GCC arm-none-eabi-gcc)
find_program(CORSIM_QEMU_ARM qemu-system-arm)
set(CORSIM_QEMU_BAREMETAL_DIR ${CMAKE_CURRENT_LIST_DIR})

function(corsim_add_qemu_test program)
  cmake_parse_arguments(PARSE_ARGV 1 arg ""
    "TEST;SOURCE;CASES;SEED;CPU;TIMEOUT;TITLE;CHECK" "DEPENDS;COMPILE_OPTIONS;LABELS;CORSIM_OPTIONS")
  foreach(required TEST SOURCE CASES SEED LABELS TIMEOUT)
    if(NOT DEFINED arg_${required})
      message(FATAL_ERROR "corsim_add_qemu_test(${program}): ${required} is missing")
    endif()
  endforeach()
  if(NOT arg_CHECK AND NOT DEFINED arg_TITLE)
    message(FATAL_ERROR "corsim_add_qemu_test(${program}): give TITLE (compare with corsim) or CHECK")
  endif()
  if(NOT CORSIM_ARM_GCC OR NOT CORSIM_QEMU_ARM)
    return()
  endif()
  if(NOT arg_CPU)
    set(arg_CPU cortex-m55+nomve)
  endif()
  set(rt ${CORSIM_QEMU_BAREMETAL_DIR})
  set(source ${CMAKE_CURRENT_SOURCE_DIR}/${arg_SOURCE})
  set(depends)
  foreach(d ${arg_DEPENDS})
    list(APPEND depends ${CMAKE_CURRENT_SOURCE_DIR}/${d})
  endforeach()
  set(elf ${CMAKE_CURRENT_BINARY_DIR}/${program}.elf)
  add_custom_command(
    OUTPUT ${elf}
    COMMAND ${CORSIM_ARM_GCC} -mcpu=${arg_CPU} -mthumb -mfloat-abi=hard -O2
            -ffreestanding -fno-builtin -nostdlib -nostartfiles ${arg_COMPILE_OPTIONS}
            -DCASES_PER_OP=${arg_CASES} -DQEMU_TEST_SEED=${arg_SEED}ull -I${rt} -T ${rt}/baremetal.ld
            ${source} ${rt}/baremetal.c -o ${elf} -lgcc
    DEPENDS ${source} ${depends} ${rt}/baremetal.c ${rt}/baremetal.h ${rt}/semihosting.h
            ${rt}/baremetal.ld
    COMMENT "Cross-compiling the QEMU test program ${program}"
    VERBATIM)
  add_custom_target(${program}_elf ALL DEPENDS ${elf})
  set(out ${CMAKE_CURRENT_BINARY_DIR}/${program}_out)
  if(arg_CHECK)
    add_test(NAME ${arg_TEST}
             COMMAND ${rt}/run_qemu_test.sh ${arg_TEST} ${CORSIM_QEMU_ARM} ${elf} ${out}
                     check $<TARGET_FILE:${arg_CHECK}>)
  else()
    add_test(NAME ${arg_TEST}
             COMMAND ${rt}/run_qemu_test.sh "${arg_TITLE}" ${CORSIM_QEMU_ARM} ${elf} ${out}
                     compare $<TARGET_FILE:corsim> ${arg_CORSIM_OPTIONS})
  endif()
  set_tests_properties(${arg_TEST} PROPERTIES LABELS "${arg_LABELS}" TIMEOUT ${arg_TIMEOUT})
endfunction()
