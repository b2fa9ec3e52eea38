# The block JIT (cpu/jit/, docs/cpu.md "Block JIT"): x86-64 code generated with xbyak (Debian
# libxbyak-dev, header-only). Other hosts build the stand-in, which has no JIT (the interpreter
# runs everything). Paths relative to cpu/; sets CORSIM_CPU_JIT_SOURCES.
if(CMAKE_SYSTEM_PROCESSOR MATCHES "^(x86_64|AMD64|amd64)$")
  find_path(CORSIM_XBYAK_INCLUDE_DIR xbyak/xbyak.h)
  if(NOT CORSIM_XBYAK_INCLUDE_DIR)
    message(FATAL_ERROR "xbyak/xbyak.h not found: install libxbyak-dev (scripts/setup-deps.sh)")
  endif()
  set(CORSIM_CPU_JIT_SOURCES jit/block_jit.cpp jit/inline_forms.cpp jit/compiled_retire_m55.cpp
      jit/compiled_retire_m85.cpp)
else()
  set(CORSIM_CPU_JIT_SOURCES jit/no_jit.cpp)
endif()
