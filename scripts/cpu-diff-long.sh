#!/bin/sh
# The long run of the random differential CPU test (docs/cpu-diff.md): by default 1,000,000 random
# instructions per class over the CI classes (12 M in total), seed from the date, on QEMU and corsim.
# Needs a configured build (scripts/build.sh or cmake) with corsim and the cpu_diff tool.
#   scripts/cpu-diff-long.sh [BUILD_DIR] [PER_CLASS] [SEED] [CLASSES|all]
# Prints per class "checked N, mismatches M"; details of mismatches go to BUILD_DIR/cpu_diff_long/mismatches.txt.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
per_class=${2:-1000000}
seed=${3:-$(date +%Y%m%d)}
classes=${4:-int-alu,int-shift,int-mul,int-div,dsp,load,store,ldst-multiple,vfp-arith,vfp-convert,vfp-move,vfp-ldst}
cmake --build "$build" --target corsim-cpu-diff
work=$build/cpu_diff_long
mkdir -p "$work"
exec "$build/tests/cpu_diff/corsim-cpu-diff" --corsim "$build/sim/corsim" \
  --runner "$build/tests/cpu_diff/cpu_diff_runner.elf" --classes "$classes" \
  --per-class "$per_class" --seed "$seed" --work "$work" --details "$work/mismatches.txt" --timeout 3600
