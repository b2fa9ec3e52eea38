# Flags and helpers for bare-metal Corstone programs (included by firmware/cross/CMakeLists.txt).
#
# ISA variants. Each program is built for one; the platform library exists once per variant
# (corstone300_<variant>), so soft- and hard-float programs live side by side:
#   int  -mcpu=cortex-m55+nofp+nomve -mfloat-abi=soft  (multilib thumb/v8-m.main/nofp)
#   fp   -mcpu=cortex-m55+nomve -mfloat-abi=hard       (multilib thumb/v8-m.main+dp/hard)
#   mve  -mcpu=cortex-m55 -mfloat-abi=hard             (multilib thumb/v8-m.main+dp/hard)
# CORSIM_FIRMWARE_VARIANT is the default for programs that do not name one.
set(CORSIM_FIRMWARE_VARIANTS int fp mve)
set(CORSIM_FIRMWARE_FLAGS_int -mcpu=cortex-m55+nofp+nomve -mfloat-abi=soft -mthumb)
set(CORSIM_FIRMWARE_FLAGS_fp -mcpu=cortex-m55+nomve -mfloat-abi=hard -mthumb)
set(CORSIM_FIRMWARE_FLAGS_mve -mcpu=cortex-m55 -mfloat-abi=hard -mthumb)
if(NOT CORSIM_FIRMWARE_VARIANT IN_LIST CORSIM_FIRMWARE_VARIANTS)
  message(FATAL_ERROR "CORSIM_FIRMWARE_VARIANT must be one of ${CORSIM_FIRMWARE_VARIANTS}, not "
                      "'${CORSIM_FIRMWARE_VARIANT}'")
endif()
set(CORSIM_FIRMWARE_ARCH_FLAGS ${CORSIM_FIRMWARE_FLAGS_${CORSIM_FIRMWARE_VARIANT}})

# corsim_firmware_target_variant(<target> <variant>): compile and link <target> for <variant>.
function(corsim_firmware_target_variant target variant)
  if(NOT variant IN_LIST CORSIM_FIRMWARE_VARIANTS)
    message(FATAL_ERROR "${target}: unknown firmware variant '${variant}' (${CORSIM_FIRMWARE_VARIANTS})")
  endif()
  target_compile_options(${target} PRIVATE ${CORSIM_FIRMWARE_FLAGS_${variant}})
  target_link_options(${target} PRIVATE ${CORSIM_FIRMWARE_FLAGS_${variant}})
  set_target_properties(${target} PROPERTIES CORSIM_FIRMWARE_VARIANT ${variant})
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

# corsim_add_firmware(<name> [PLATFORM <platform>] [VARIANT int|fp|mve] OPT <level>
#                     OUTPUT <path.elf> SOURCES <files...>)
# One executable for one ISA variant (default CORSIM_FIRMWARE_VARIANT), linked with the whole
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
  corsim_firmware_target_variant(${name} ${arg_VARIANT})
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
