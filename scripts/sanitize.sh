#!/usr/bin/env bash
# The sanitizer stage of CI (docs/reliability.md), after the normal build and its tests:
#  1. build-sanitize/: corsim, corsim-npu, corsim-pte, the model compiler and the host test suites
#     built with the project's compiler (GCC) under AddressSanitizer + UBSan; `ctest -L sanitize`.
#     The firmware is the normal build's ($CORSIM_BUILD_DIR or build/; run scripts/build.sh
#     first): the target side is not sanitized, so it is linked, not compiled twice.
#  2. build-fuzz/: the libFuzzer targets (clang-14, ASan + UBSan); `ctest -L fuzz` runs each for a
#     short smoke from its seeds and fails on any finding.
# Build directories: $CORSIM_SANITIZE_BUILD_DIR and $CORSIM_FUZZ_BUILD_DIR override them. Extra
# arguments go to both ctest runs (e.g. -R e2e).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
main=${CORSIM_BUILD_DIR:-$root/build}
sanitize=${CORSIM_SANITIZE_BUILD_DIR:-$root/build-sanitize}
fuzz=${CORSIM_FUZZ_BUILD_DIR:-$root/build-fuzz}
jobs=$(nproc)
[ -f "$main/firmware/executor_runner.elf" ] || {
  echo "sanitize.sh: no firmware in $main/firmware; build it first (scripts/build.sh)" >&2
  exit 2
}
launcher=()
command -v ccache > /dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
status=0

t0=$(date +%s)
if [ ! -f "$sanitize/build.ninja" ]; then
  cmake -S "$root" -B "$sanitize" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo "${launcher[@]}" \
        -DCORSIM_SANITIZE=ON -DCORSIM_BUILD_BENCH=OFF -DCORSIM_PTE_SANITIZE=OFF \
        -DCORSIM_PREBUILT_FIRMWARE_DIR="$main/firmware" > /dev/null
fi
cmake --build "$sanitize" -j"$jobs" --target corsim corsim-npu corsim-pte corsim-mc corsim_models \
  runtime_tests pte_tests model_compiler_tests ethos_u_driver_tests npu_tests gdb_tests sim_test_firmware corsim_fuzz
t1=$(date +%s)
(cd "$sanitize" && ctest --output-on-failure -j"$jobs" -L sanitize "$@") || status=1
t2=$(date +%s)

CORSIM_FUZZ_BUILD_DIR=$fuzz "$root/scripts/fuzz.sh" --build
t3=$(date +%s)
(cd "$fuzz" && ctest --output-on-failure -j"$jobs" -L fuzz "$@") || status=1
t4=$(date +%s)
echo "sanitize.sh: sanitizer build $((t1 - t0)) s, tests $((t2 - t1)) s; fuzz build $((t3 - t2)) s, smoke $((t4 - t3)) s" >&2
exit $status
