# Sources of the exception model, the system control space and the DSP/system instructions,
# relative to cpu/. cpu/CMakeLists.txt includes this file and compiles them into corsim_cpu.
# CORSIM_CPU_SYS_CORE_SOURCES do not depend on the Cpu class.
set(CORSIM_CPU_SYS_CORE_SOURCES
  exceptions/exception_unit.cpp
  exceptions/exception_entry.cpp
  exceptions/fp_context.cpp
  scs/itm.cpp
  scs/dwt.cpp
  scs/fpb.cpp
  scs/pmu.cpp
  scs/systick.cpp
  scs/mpu_sau.cpp
  scs/nvic_registers.cpp
  scs/scb_registers.cpp
  scs/impdef.cpp
  scs/system_control_space.cpp
)
# Instruction handlers (need the Cpu class).
set(CORSIM_CPU_SYS_SOURCES ${CORSIM_CPU_SYS_CORE_SOURCES}
  isa/dsp.cpp
  isa/system.cpp
  disasm/system_disasm.cpp
)
