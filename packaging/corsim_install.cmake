# Install rules, the CMake package for users' projects and the Debian package (docs/install.md).
#
#   <prefix>/bin/corsim, corsim-pte, corsim-npu, corsim-mc, corsim-kernels, corsim-sweep, corsim-compare
#   <prefix>/lib/corsim/fvp/FVP_Corstone_SSE-300_Ethos-U55 ... -> ../../../bin/corsim (put first on PATH)
#   <prefix>/share/corsim/run_fvp.sh, firmware/*.elf, models/demo_classifier/
#   <prefix>/lib/cmake/corsim/corsimConfig.cmake: find_package(corsim) and corsim_add_model_test()
#
# Included at the end of the top directory (sim/CMakeLists.txt defers it there), when every target
# it installs exists.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(CORSIM_INSTALL_DATADIR ${CMAKE_INSTALL_DATADIR}/corsim)
set(CORSIM_INSTALL_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/corsim)
set(CORSIM_INSTALL_FVPDIR ${CMAKE_INSTALL_LIBDIR}/corsim/fvp)

install(TARGETS corsim corsim-pte corsim-npu corsim-mc corsim-kernels RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(PROGRAMS ${PROJECT_SOURCE_DIR}/tools/sweep/corsim-sweep DESTINATION ${CMAKE_INSTALL_BINDIR})
install(PROGRAMS ${PROJECT_SOURCE_DIR}/tools/compare/corsim-compare DESTINATION ${CMAKE_INSTALL_BINDIR})
install(PROGRAMS ${PROJECT_SOURCE_DIR}/scripts/run_fvp.sh DESTINATION ${CORSIM_INSTALL_DATADIR})

# The FVP drop-ins: relative links, so the tree (and the .deb) can move.
file(RELATIVE_PATH fvp_to_bin /${CORSIM_INSTALL_FVPDIR} /${CMAKE_INSTALL_BINDIR}/corsim)
foreach(fvp ${CORSIM_FVP_NAMES})
  install(CODE "
    set(dir \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/${CORSIM_INSTALL_FVPDIR}\")
    file(MAKE_DIRECTORY \"\${dir}\")
    message(STATUS \"Installing: \${dir}/${fvp} -> ${fvp_to_bin}\")
    file(CREATE_LINK \"${fvp_to_bin}\" \"\${dir}/${fvp}\" SYMBOLIC)")
endforeach()

if(CORSIM_BUILD_FIRMWARE)
  install(FILES ${CMAKE_BINARY_DIR}/firmware/executor_runner.elf ${CMAKE_BINARY_DIR}/firmware/executor_runner_corstone320.elf
                ${CMAKE_BINARY_DIR}/firmware/demo.elf
          DESTINATION ${CORSIM_INSTALL_DATADIR}/firmware)
endif()
install(FILES ${CMAKE_BINARY_DIR}/models/demo_classifier/model.pte ${CMAKE_BINARY_DIR}/models/demo_classifier/input.bin
              ${CMAKE_BINARY_DIR}/models/demo_classifier/expected_output.bin
        DESTINATION ${CORSIM_INSTALL_DATADIR}/models/demo_classifier)

set(pkg_dir ${CMAKE_BINARY_DIR}/packaging)
configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/corsimConfig.cmake.in ${pkg_dir}/corsimConfig.cmake
  INSTALL_DESTINATION ${CORSIM_INSTALL_CMAKEDIR}
  PATH_VARS CMAKE_INSTALL_BINDIR CORSIM_INSTALL_DATADIR CORSIM_INSTALL_FVPDIR)
write_basic_package_version_file(${pkg_dir}/corsimConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES ${pkg_dir}/corsimConfig.cmake ${pkg_dir}/corsimConfigVersion.cmake
              ${CMAKE_CURRENT_LIST_DIR}/corsim_add_model_test.cmake ${CMAKE_CURRENT_LIST_DIR}/corsim_model_test_driver.cmake
        DESTINATION ${CORSIM_INSTALL_CMAKEDIR})

# The Debian package: `cpack -G DEB` in the build folder (docs/install.md).
set(CPACK_PACKAGE_NAME corsim)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_CONTACT "corsim maintainers <corsim@invalid>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "Simulator of Arm Corstone systems (Cortex-M55/M85 + Ethos-U55/U85) with FVP drop-ins")
set(CPACK_GENERATOR DEB)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)  # dpkg-shlibdeps: libfmt, libspdlog, libelf, libstdc++
set(CPACK_DEBIAN_PACKAGE_DEPENDS "python3")               # corsim-sweep
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "parallel")           # corsim-sweep's local engine (Slurm: the cluster's own)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
include(CPack)
