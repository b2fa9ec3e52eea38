# Floating-point (VFP) instruction handlers, relative to cpu/ (docs/vfp.md). cpu/CMakeLists.txt
# includes this file, compiles them into corsim_cpu and links corsim_cpu_fp.
set(CORSIM_CPU_FP_SOURCES
  isa/vfp.cpp
  isa/vfp_move.cpp
  disasm/vfp_disasm.cpp
)
