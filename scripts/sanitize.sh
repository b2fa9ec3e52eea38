#!/usr/bin/env bash
# The sanitizer stage of CI (docs/reliability.md): corsim, corsim-npu, corsim-pte, the model
# compiler and the host test suites built with clang under AddressSanitizer + UBSan (and libFuzzer
# coverage, so the same build runs the fuzz smoke), then `ctest -L 'sanitize|fuzz'`.
# Build directory: build-sanitize/ (or $CORSIM_SANITIZE_BUILD_DIR). The firmware is the normal
# build's ($CORSIM_BUILD_DIR or build/; run scripts/build.sh first): the target side is not
# sanitized, so it is not compiled twice. Extra ctest arguments are passed on.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
main=${CORSIM_BUILD_DIR:-$root/build}
build=${CORSIM_SANITIZE_BUILD_DIR:-$root/build-sanitize}
[ -f "$main/firmware/executor_runner.elf" ] || {
  echo "sanitize.sh: no firmware in $main/firmware; build it first (scripts/build.sh)" >&2
  exit 2
}
start=$(date +%s)
if [ ! -f "$build/build.ninja" ]; then
  launcher=()
  command -v ccache > /dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
  cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
        -DCMAKE_C_COMPILER=clang-14 -DCMAKE_CXX_COMPILER=clang++-14 "${launcher[@]}" \
        -DCORSIM_FUZZ=ON -DCORSIM_BUILD_BENCH=OFF -DCORSIM_PTE_SANITIZE=OFF \
        -DCORSIM_PREBUILT_FIRMWARE_DIR="$main/firmware" > /dev/null
fi
cmake --build "$build" -j"$(nproc)" --target corsim corsim-npu corsim-pte corsim-mc corsim_models \
  runtime_tests pte_tests model_compiler_tests ethos_u_driver_tests npu_tests corsim_fuzz
built=$(date +%s)
cd "$build"
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
status=0
ctest --output-on-failure -j"$(nproc)" -L 'sanitize|fuzz' "$@" || status=$?
echo "sanitize.sh: build $((built - start)) s, tests $(($(date +%s) - built)) s" >&2
exit $status
