#!/usr/bin/env bash
# Runs one fuzz target (fuzz/, docs/reliability.md) for SECONDS; the corpus grows between runs.
# usage: scripts/fuzz.sh TARGET SECONDS      TARGET: elf_loader pte vela_bin_stream tflite npu_stream cpu options vela_ini gdb_packet
#        scripts/fuzz.sh --build              build every target and the seed corpora, run nothing
# Build directory: build-fuzz/ (or $CORSIM_FUZZ_BUILD_DIR), configured with clang-14 and
# -DCORSIM_FUZZ=ON on first use. Findings land in <build>/fuzz/work/TARGET/artifacts; exit status 1.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
if [ "${1:-}" != --build ]; then
  [ $# -eq 2 ] || { echo "usage: scripts/fuzz.sh TARGET SECONDS | --build" >&2; exit 2; }
  target=${1%_fuzz} seconds=$2
  [[ "$seconds" =~ ^[0-9]+$ ]] || { echo "fuzz.sh: SECONDS must be a whole number, not '$seconds'" >&2; exit 2; }
fi
build=${CORSIM_FUZZ_BUILD_DIR:-$root/build-fuzz}
if [ ! -f "$build/build.ninja" ]; then
  launcher=()
  command -v ccache > /dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
  cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
        -DCMAKE_C_COMPILER=clang-14 -DCMAKE_CXX_COMPILER=clang++-14 "${launcher[@]}" \
        -DCORSIM_FUZZ=ON -DCORSIM_BUILD_FIRMWARE=OFF -DCORSIM_BUILD_TESTS=OFF -DCORSIM_BUILD_BENCH=OFF > /dev/null
fi
if [ "$1" = --build ]; then
  exec cmake --build "$build" -j"$(nproc)" --target corsim_fuzz
fi
cmake --build "$build" --target "${target}_fuzz" corsim_fuzz_seed_corpus > /dev/null || {
  echo "fuzz.sh: cannot build ${target}_fuzz (targets: $(ls "$root/fuzz" | sed -n 's/_fuzz\.cpp$//p' | tr '\n' ' '))" >&2
  exit 2
}
seed_dirs=("$build/fuzz/seeds")
# The firmware tests of a normal build, when there is one, are real ELFs too.
elfs=()
main_build=${CORSIM_BUILD_DIR:-$root/build}
[ -d "$main_build/firmware/tests" ] && mapfile -t elfs < <(find "$main_build/firmware" -name '*.elf' | head -n 200)
if [ ${#elfs[@]} -gt 0 ] && [[ "$target" == elf_loader || "$target" == cpu ]]; then
  extra=$build/fuzz/firmware_seeds
  rm -rf "$extra"
  "$build/fuzz/corsim_fuzz_seeds" "$extra" "$(sed -n 's/^CORSIM_MODELS_DIR:PATH=//p' "$build/CMakeCache.txt")" \
    "${elfs[@]}" > /dev/null || true
  seed_dirs+=("$extra")
fi
exec "$root/fuzz/run_fuzzer.sh" "$build/fuzz/${target}_fuzz" "$seconds" "$build/fuzz/work/$target" "$root/fuzz" \
  "${seed_dirs[@]}"
