# Flags and helpers for bare-metal Corstone programs (included by firmware/cross/CMakeLists.txt).
#
# Platforms: one platform library per (platform, ISA variant), built from firmware/platform/common
# with the platform's platform_config.h and linker script (firmware/platform/<platform>/).
#   corstone300  Cortex-M55 (-mcpu=cortex-m55...)
#   corstone320  Cortex-M85: GCC 12 has no -mcpu=cortex-m85, so -march=armv8.1-m.main with the
#                M85's extensions (DSP, MVE with FP, double-precision FPU). The M85's PACBTI is
#                left out: GCC 12 cannot emit it (issue 14).
# ISA variants. Each program is built for one; the platform library exists once per variant
# (<platform>_<variant>), so soft- and hard-float programs live side by side:
#   int  integer ISA, no FPU, no MVE, soft float  (multilib thumb/v8-m.main/nofp)
#   fp   FPU without MVE, hard float               (multilib thumb/v8-m.main+dp/hard)
#   mve  FPU and MVE, hard float                   (multilib thumb/v8-m.main+dp/hard)
# CORSIM_FIRMWARE_VARIANT is the default for programs that do not name one.
set(CORSIM_FIRMWARE_PLATFORMS corstone300 corstone320)
set(CORSIM_FIRMWARE_VARIANTS int fp mve)
set(CORSIM_FIRMWARE_FLAGS_corstone300_int -mcpu=cortex-m55+nofp+nomve -mfloat-abi=soft -mthumb)
set(CORSIM_FIRMWARE_FLAGS_corstone300_fp -mcpu=cortex-m55+nomve -mfloat-abi=hard -mthumb)
set(CORSIM_FIRMWARE_FLAGS_corstone300_mve -mcpu=cortex-m55 -mfloat-abi=hard -mthumb)
set(CORSIM_FIRMWARE_FLAGS_corstone320_int -march=armv8.1-m.main+dsp -mfloat-abi=soft -mthumb)
set(CORSIM_FIRMWARE_FLAGS_corstone320_fp -march=armv8.1-m.main+dsp+fp.dp -mfloat-abi=hard -mthumb)
set(CORSIM_FIRMWARE_FLAGS_corstone320_mve -march=armv8.1-m.main+mve.fp+fp.dp -mfloat-abi=hard -mthumb)
if(NOT CORSIM_FIRMWARE_VARIANT IN_LIST CORSIM_FIRMWARE_VARIANTS)
  message(FATAL_ERROR "CORSIM_FIRMWARE_VARIANT must be one of ${CORSIM_FIRMWARE_VARIANTS}, not "
                      "'${CORSIM_FIRMWARE_VARIANT}'")
endif()

# corsim_firmware_target_variant(<target> <platform> <variant>): compile and link <target> for the
# platform's core in <variant>.
function(corsim_firmware_target_variant target platform variant)
  if(NOT platform IN_LIST CORSIM_FIRMWARE_PLATFORMS)
    message(FATAL_ERROR "${target}: unknown firmware platform '${platform}' (${CORSIM_FIRMWARE_PLATFORMS})")
  endif()
  if(NOT variant IN_LIST CORSIM_FIRMWARE_VARIANTS)
    message(FATAL_ERROR "${target}: unknown firmware variant '${variant}' (${CORSIM_FIRMWARE_VARIANTS})")
  endif()
  target_compile_options(${target} PRIVATE ${CORSIM_FIRMWARE_FLAGS_${platform}_${variant}})
  target_link_options(${target} PRIVATE ${CORSIM_FIRMWARE_FLAGS_${platform}_${variant}})
  set_target_properties(${target} PROPERTIES CORSIM_FIRMWARE_VARIANT ${variant})
endfunction()

# corsim_add_platform_library(<platform> <linker script>): <platform>_<variant> for every variant,
# from the shared sources in firmware/platform/common and the calling directory's platform_config.h.
function(corsim_add_platform_library platform script)
  set(common ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/../platform/common)
  foreach(variant ${CORSIM_FIRMWARE_VARIANTS})
    set(lib ${platform}_${variant})
    add_library(${lib} STATIC ${common}/startup.S ${common}/handlers.c ${common}/reset.c ${common}/uart.c
                              ${common}/semihosting.c ${common}/syscalls.c ${common}/cache.c)
    corsim_firmware_target_variant(${lib} ${platform} ${variant})
    target_compile_options(${lib} PRIVATE -O2)
    target_include_directories(${lib} PUBLIC ${CMAKE_CURRENT_SOURCE_DIR} ${common})
    set_target_properties(${lib} PROPERTIES CORSIM_LINKER_SCRIPT ${script} CORSIM_PLATFORM ${platform})
  endforeach()
endfunction()

# Optimisation is chosen per program (tests are built at several levels), not by build type.
set(CMAKE_BUILD_TYPE "" CACHE STRING "" FORCE)
set(CMAKE_C_STANDARD 11)
set(CMAKE_CXX_STANDARD 17)
add_compile_options(-g -ffunction-sections -fdata-sections -Wall -Wextra
                    -Wno-unused-parameter
                    $<$<COMPILE_LANGUAGE:CXX>:-fno-exceptions> $<$<COMPILE_LANGUAGE:CXX>:-fno-rtti>)
add_link_options(-nostartfiles -Wl,--gc-sections)

# CMake's "Generic" system has no WHOLE_ARCHIVE link feature; GNU ld spells it like this.
set(CMAKE_LINK_LIBRARY_USING_WHOLE_ARCHIVE
    "LINKER:--whole-archive" "<LINK_ITEM>" "LINKER:--no-whole-archive")
set(CMAKE_LINK_LIBRARY_USING_WHOLE_ARCHIVE_SUPPORTED TRUE)

# corsim_add_firmware(<name> [PLATFORM corstone300|corstone320] [VARIANT int|fp|mve] OPT <level>
#                     OUTPUT <path.elf> SOURCES <files...>)
# One executable for one platform (default corstone300) and ISA variant (default
# CORSIM_FIRMWARE_VARIANT), linked with the whole
# platform archive of that variant (<platform>_<variant>: vectors, reset, newlib syscalls) and its
# linker script; a .map file is written next to the ELF.
function(corsim_add_firmware name)
  cmake_parse_arguments(arg "" "PLATFORM;VARIANT;OPT;OUTPUT" "SOURCES;INCLUDES;DEFINES" ${ARGN})
  if(NOT arg_PLATFORM)
    set(arg_PLATFORM corstone300)
  endif()
  if(NOT arg_VARIANT)
    set(arg_VARIANT ${CORSIM_FIRMWARE_VARIANT})
  endif()
  set(platform_lib ${arg_PLATFORM}_${arg_VARIANT})
  if(NOT arg_OPT)
    set(arg_OPT O2)
  endif()
  get_filename_component(out_dir ${arg_OUTPUT} DIRECTORY)
  get_filename_component(out_name ${arg_OUTPUT} NAME_WE)
  add_executable(${name} ${arg_SOURCES})
  corsim_firmware_target_variant(${name} ${arg_PLATFORM} ${arg_VARIANT})
  target_compile_options(${name} PRIVATE -${arg_OPT})
  target_include_directories(${name} PRIVATE ${arg_INCLUDES})
  target_compile_definitions(${name} PRIVATE ${arg_DEFINES})
  get_target_property(script ${platform_lib} CORSIM_LINKER_SCRIPT)
  target_link_options(${name} PRIVATE -T${script} -Wl,-Map=${out_dir}/${out_name}.map)
  target_link_libraries(${name} PRIVATE "$<LINK_LIBRARY:WHOLE_ARCHIVE,${platform_lib}>")
  set_target_properties(${name} PROPERTIES
    OUTPUT_NAME ${out_name} SUFFIX .elf RUNTIME_OUTPUT_DIRECTORY ${out_dir}
    LINK_DEPENDS ${script})
endfunction()
