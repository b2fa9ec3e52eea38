# The firmware test programs, shared by the cross build (firmware/tests/CMakeLists.txt builds each
# <name>.c at every listed level into tests/<name>-<opt>.elf) and the host CTest registration
# (tests/firmware/CMakeLists.txt). Add a test: write firmware/tests/<name>.c, add the name here.
set(CORSIM_FIRMWARE_TESTS
  arith
  strings
  printf
  setjmp
  svc
  systick
  pendsv
  nvic
  system
  hardfault
  unaligned
  stack_limit
  exclusive
  conditional
  dsp
  armv81m
  cxx
  files
  algorithms
  exit_status
  abort
  fp_context
  mve_int8
  mve_float
  mve_complex
  gdb_target
)

# Also built for Corstone-320 (the Cortex-M85 flags, corstone320 platform library) at -O2, into
# tests/corstone320/<name>-O2.elf: console, SysTick, exceptions (SVC, faults), FP and MVE. CTest
# runs each on corsim --platform corstone-320 and compares its output with the Corstone-300 build
# of the same program on QEMU (tests/firmware/CMakeLists.txt).
set(CORSIM_FIRMWARE_TESTS_CORSTONE320
  printf
  systick
  svc
  hardfault
  fp_context
  mve_int8
  mve_float
)

# Optimisation levels per test: every test at -O0, -O2 and -Os unless listed otherwise.
set(corsim_fw_opts_exit_status O2)
set(corsim_fw_opts_abort O2)
set(corsim_fw_source_cxx cxx.cpp)
set(corsim_fw_variant_fp_context fp)  # hard float, FPU without MVE
# MVE compiled kernels (issue 3 item 4, docs/mve.md): -O3 auto-vectorisation and arm_mve.h.
set(corsim_fw_opts_mve_int8 O3 O2)
set(corsim_fw_variant_mve_int8 mve)
set(corsim_fw_opts_mve_float O3 O2)
set(corsim_fw_variant_mve_float mve)
set(corsim_fw_opts_mve_complex O3 O2)
set(corsim_fw_variant_mve_complex mve)
# The program tests/gdb debugs: -O0 so every source line is a stop, MVE for q0.
set(corsim_fw_opts_gdb_target O0)
set(corsim_fw_variant_gdb_target mve)

function(corsim_firmware_test_opts test out_var)
  if(DEFINED corsim_fw_opts_${test})
    set(${out_var} ${corsim_fw_opts_${test}} PARENT_SCOPE)
  else()
    set(${out_var} O0 O2 Os PARENT_SCOPE)
  endif()
endfunction()

# ISA variant per test (firmware/cmake/firmware.cmake: int, fp, mve); default: the build's
# CORSIM_FIRMWARE_VARIANT. Set corsim_fw_variant_<test> for a test that needs the FPU or MVE.
function(corsim_firmware_test_variant test out_var)
  if(DEFINED corsim_fw_variant_${test})
    set(${out_var} ${corsim_fw_variant_${test}} PARENT_SCOPE)
  else()
    set(${out_var} ${CORSIM_FIRMWARE_VARIANT} PARENT_SCOPE)
  endif()
endfunction()

function(corsim_firmware_test_source test out_var)
  if(DEFINED corsim_fw_source_${test})
    set(${out_var} ${corsim_fw_source_${test}} PARENT_SCOPE)
  else()
    set(${out_var} ${test}.c PARENT_SCOPE)
  endif()
endfunction()

# A test that must end with a status other than 0 (checked on QEMU and corsim alike).
set(corsim_fw_expect_exit_exit_status 42)
set(corsim_fw_expect_exit_abort 134)  # 128 + SIGABRT, from _kill in syscalls.c
set(corsim_fw_expect_exit_gdb_target 9)
