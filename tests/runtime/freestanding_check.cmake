# Compile check: every runtime source must build for the target with arm-none-eabi-g++ as C++17
# without exceptions or RTTI, and its objects must not reference the heap, exceptions, stdio or
# other libstdc++ runtime symbols (the runtime is freestanding; docs/runtime.md).
#
# Run by CTest as: cmake -DCXX=... -DNM=... -DSRC_DIR=... -DGEN_DIR=... -DFLATBUFFERS_DIR=... -DWORK_DIR=...
#                      -DSOURCES=a;b -P this
foreach(var CXX NM SRC_DIR GEN_DIR FLATBUFFERS_DIR WORK_DIR SOURCES)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "freestanding_check: ${var} not set")
  endif()
endforeach()

file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR}/include ${WORK_DIR}/obj)
# Only the flatbuffers headers come from the host's include directory.
file(CREATE_LINK ${FLATBUFFERS_DIR}/flatbuffers ${WORK_DIR}/include/flatbuffers SYMBOLIC)

# OPTIONS: the runtime's host compile options (CORSIM_RUNTIME_OPTIONS), so both builds agree.
set(flags -std=c++17 -mcpu=cortex-m55+nofp+nomve -mfloat-abi=soft -mthumb -O2
    ${OPTIONS} -fno-exceptions -fno-rtti -Werror
    -I${SRC_DIR} -I${GEN_DIR} -isystem ${WORK_DIR}/include)

set(objects)
foreach(src ${SOURCES})
  if(IS_ABSOLUTE ${src})
    set(path ${src})
  else()
    set(path ${SRC_DIR}/runtime/${src})
  endif()
  string(REPLACE "/" "_" obj ${src})
  set(obj ${WORK_DIR}/obj/${obj}.o)
  execute_process(COMMAND ${CXX} ${flags} -c ${path} -o ${obj}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "arm-none-eabi-g++ failed on runtime/${src}:\n${out}${err}")
  endif()
  list(APPEND objects ${obj})
endforeach()

execute_process(COMMAND ${NM} -u ${objects} OUTPUT_VARIABLE undefined RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "nm failed")
endif()
# operator new/delete, malloc family, exception machinery, stdio, libstdc++ internals.
set(forbidden "(^| )(malloc|calloc|realloc|free|_Znw[jm]|_Zna[jm]|_Zdl|_Zda|__cxa_throw|__cxa_allocate_exception|__cxa_begin_catch|__gxx_personality_v0|printf|puts|fwrite|_ZSt[a-zA-Z0-9_]*)$")
string(REPLACE "\n" ";" lines "${undefined}")
foreach(line ${lines})
  string(STRIP "${line}" line)
  if(line MATCHES "^U (.*)$")
    set(sym ${CMAKE_MATCH_1})
    if(" ${sym}" MATCHES "${forbidden}")
      message(FATAL_ERROR "runtime object references a forbidden symbol: ${sym}")
    endif()
  endif()
endforeach()
list(LENGTH objects n)
message(STATUS "freestanding_check: ${n} runtime sources compile for Cortex-M55 without heap/exception/stdio symbols")
