# Flags and helpers for bare-metal Corstone programs (included by firmware/cross/CMakeLists.txt).
#
# The ISA variant is one option: CORSIM_FIRMWARE_VARIANT
#   int  -mcpu=cortex-m55+nofp+nomve -mfloat-abi=soft  (multilib thumb/v8-m.main/nofp)
#   mve  -mcpu=cortex-m55 -mfloat-abi=hard             (multilib thumb/v8-m.main+dp/hard)
if(CORSIM_FIRMWARE_VARIANT STREQUAL "int")
  set(CORSIM_FIRMWARE_ARCH_FLAGS -mcpu=cortex-m55+nofp+nomve -mfloat-abi=soft -mthumb)
elseif(CORSIM_FIRMWARE_VARIANT STREQUAL "mve")
  set(CORSIM_FIRMWARE_ARCH_FLAGS -mcpu=cortex-m55 -mfloat-abi=hard -mthumb)
else()
  message(FATAL_ERROR "CORSIM_FIRMWARE_VARIANT must be int or mve, not '${CORSIM_FIRMWARE_VARIANT}'")
endif()

# Optimisation is chosen per program (tests are built at several levels), not by build type.
set(CMAKE_BUILD_TYPE "" CACHE STRING "" FORCE)
set(CMAKE_C_STANDARD 11)
set(CMAKE_CXX_STANDARD 17)
add_compile_options(${CORSIM_FIRMWARE_ARCH_FLAGS} -g -ffunction-sections -fdata-sections -Wall -Wextra
                    -Wno-unused-parameter
                    $<$<COMPILE_LANGUAGE:CXX>:-fno-exceptions> $<$<COMPILE_LANGUAGE:CXX>:-fno-rtti>)
add_link_options(${CORSIM_FIRMWARE_ARCH_FLAGS} -nostartfiles -Wl,--gc-sections)

# CMake's "Generic" system has no WHOLE_ARCHIVE link feature; GNU ld spells it like this.
set(CMAKE_LINK_LIBRARY_USING_WHOLE_ARCHIVE
    "LINKER:--whole-archive" "<LINK_ITEM>" "LINKER:--no-whole-archive")
set(CMAKE_LINK_LIBRARY_USING_WHOLE_ARCHIVE_SUPPORTED TRUE)

# corsim_add_firmware(<name> PLATFORM <platform> OPT <level> OUTPUT <path.elf> SOURCES <files...>)
# One executable, linked with the whole platform archive (vectors, reset, newlib syscalls) and its
# linker script; a .map file is written next to the ELF.
function(corsim_add_firmware name)
  cmake_parse_arguments(arg "" "PLATFORM;OPT;OUTPUT" "SOURCES;INCLUDES;DEFINES" ${ARGN})
  if(NOT arg_PLATFORM)
    set(arg_PLATFORM corstone300)
  endif()
  if(NOT arg_OPT)
    set(arg_OPT O2)
  endif()
  get_filename_component(out_dir ${arg_OUTPUT} DIRECTORY)
  get_filename_component(out_name ${arg_OUTPUT} NAME_WE)
  add_executable(${name} ${arg_SOURCES})
  target_compile_options(${name} PRIVATE -${arg_OPT})
  target_include_directories(${name} PRIVATE ${arg_INCLUDES})
  target_compile_definitions(${name} PRIVATE ${arg_DEFINES})
  get_target_property(script ${arg_PLATFORM} CORSIM_LINKER_SCRIPT)
  target_link_options(${name} PRIVATE -T${script} -Wl,-Map=${out_dir}/${out_name}.map)
  target_link_libraries(${name} PRIVATE "$<LINK_LIBRARY:WHOLE_ARCHIVE,${arg_PLATFORM}>")
  set_target_properties(${name} PROPERTIES
    OUTPUT_NAME ${out_name} SUFFIX .elf RUNTIME_OUTPUT_DIRECTORY ${out_dir}
    LINK_DEPENDS ${script})
endfunction()
