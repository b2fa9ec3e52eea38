# The ELF files the cross build produces, known to the host configure before the cross configure
# has run (so CTest and other targets can name them).
function(corsim_firmware_outputs dir out_var)
  set(files ${dir}/demo.elf ${dir}/bench/workload.elf)
  foreach(test ${CORSIM_FIRMWARE_TESTS})
    corsim_firmware_test_opts(${test} opts)
    foreach(opt ${opts})
      list(APPEND files ${dir}/tests/${test}-${opt}.elf)
    endforeach()
  endforeach()
  set(${out_var} ${files} PARENT_SCOPE)
endfunction()
