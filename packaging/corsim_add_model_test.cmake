# corsim_add_model_test(NAME name MODEL model.pte EXPECT_OUTPUT expected.bin
#                       [FIRMWARE runner.elf] [INPUTS in0.bin ...] [MAX_CYCLES n]
#                       [PLATFORM corstone-300|corstone-320] [ARGS corsim options...])
#
# A CTest test that runs MODEL on the executor runner FIRMWARE (default: the bundled runner of
# PLATFORM) under corsim and fails when the run fails (any non-zero status of corsim's table,
# docs/sim.md), when output 0 differs from EXPECT_OUTPUT byte for byte, or when the run needs more
# than MAX_CYCLES cycles (corsim --max-cycles: status 4). The per-operator report
# (<build>/corsim_tests/<name>/<name>.report.json) is kept and attached to the test as its artifact.
# The model is placed at 0x70000000 (the runner's model slot, --data), inputs are read through
# semihosting from the test's folder (-i), output 0 is written there (-o).
function(corsim_add_model_test)
  cmake_parse_arguments(PARSE_ARGV 0 T "" "NAME;FIRMWARE;MODEL;EXPECT_OUTPUT;MAX_CYCLES;PLATFORM" "INPUTS;ARGS")
  foreach(required NAME MODEL EXPECT_OUTPUT)
    if(NOT T_${required})
      message(FATAL_ERROR "corsim_add_model_test: ${required} is required")
    endif()
  endforeach()
  if(T_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "corsim_add_model_test(${T_NAME}): unknown arguments ${T_UNPARSED_ARGUMENTS}")
  endif()
  if(NOT T_PLATFORM)
    set(T_PLATFORM corstone-300)
  endif()
  if(NOT T_FIRMWARE)
    if(T_PLATFORM STREQUAL "corstone-320")
      set(T_FIRMWARE "${corsim_RUNNER_CORSTONE320}")
    else()
      set(T_FIRMWARE "${corsim_RUNNER}")
    endif()
  endif()
  set(dir "${CMAKE_CURRENT_BINARY_DIR}/corsim_tests/${T_NAME}")
  foreach(p MODEL EXPECT_OUTPUT FIRMWARE)
    get_filename_component(T_${p} "${T_${p}}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
  endforeach()
  set(inputs)
  foreach(i IN LISTS T_INPUTS)
    get_filename_component(i "${i}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
    list(APPEND inputs "${i}")
  endforeach()
  string(REPLACE ";" "|" inputs "${inputs}")
  string(REPLACE ";" "|" args "${T_ARGS}")
  add_test(NAME ${T_NAME}
           COMMAND ${CMAKE_COMMAND}
                   "-DCORSIM=${corsim_EXECUTABLE}" "-DFIRMWARE=${T_FIRMWARE}" "-DMODEL=${T_MODEL}"
                   "-DEXPECT_OUTPUT=${T_EXPECT_OUTPUT}" "-DMAX_CYCLES=${T_MAX_CYCLES}" "-DPLATFORM=${T_PLATFORM}"
                   "-DINPUTS=${inputs}" "-DARGS=${args}" "-DDIR=${dir}" "-DNAME=${T_NAME}"
                   -P "${CMAKE_CURRENT_FUNCTION_LIST_DIR}/corsim_model_test_driver.cmake")
  set_tests_properties(${T_NAME} PROPERTIES ATTACHED_FILES "${dir}/${T_NAME}.report.json" LABELS corsim)
endfunction()
