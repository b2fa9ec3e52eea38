#!/usr/bin/env bash
# CoreMark on corsim's Cortex-M55 and Cortex-M85 models (issue 16; docs/timing.md "CoreMark").
#
#   scripts/coremark.sh PATH_TO_COREMARK [ITERATIONS]
#
# PATH_TO_COREMARK is a checkout of EEMBC CoreMark (github.com/eembc/coremark) that the user
# supplies: no CoreMark code is in this repository. The script builds it with corsim's own port
# layer (scripts/coremark/core_portme.{c,h}: DWT CYCCNT timer) and the firmware platform library
# (firmware/platform/common: vectors, reset, newlib console on UART0) for the Corstone-300 map:
# code in ITCM, data and stack in DTCM. GCC 12 -O3 -funroll-loops -finline-functions, once for
# each core (GCC 12 has no -mcpu=cortex-m85: the M85 build uses its architecture and extensions),
# runs each on corsim with the matching --cpu, checks CoreMark's own CRC validation, and prints
# CoreMark/MHz (iterations per million cycles) per core and the M85/M55 ratio.
#
# Environment: CORSIM (default build/sim/corsim), CC (default arm-none-eabi-gcc),
# COREMARK_OUT (build directory, default build/coremark).
set -euo pipefail

die() { echo "coremark.sh: $*" >&2; exit 1; }

[[ $# -ge 1 && $# -le 2 ]] || die "usage: scripts/coremark.sh PATH_TO_COREMARK [ITERATIONS]"
src=$1
iterations=${2:-300}
[[ -f $src/core_main.c && -f $src/coremark.h ]] || die "$src is not a CoreMark checkout (no core_main.c/coremark.h)"
[[ $iterations =~ ^[0-9]+$ && $iterations -gt 0 ]] || die "ITERATIONS must be a positive number, not '$iterations'"

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
corsim=${CORSIM:-$root/build/sim/corsim}
cc=${CC:-arm-none-eabi-gcc}
out=${COREMARK_OUT:-$root/build/coremark}
[[ -x $corsim ]] || die "no corsim at $corsim (build the corsim target, or set CORSIM)"
command -v "$cc" >/dev/null || die "no $cc on PATH (set CC)"
mkdir -p "$out"

platform=$root/firmware/platform
port=$root/scripts/coremark
opt="-O3 -funroll-loops -finline-functions"
gcc_version=$("$cc" -dumpversion)

# build CORE FLAGS...: one ELF per core.
build() {
  local core=$1; shift
  local elf=$out/coremark-$core.elf
  # shellcheck disable=SC2086
  "$cc" "$@" -mthumb -mfloat-abi=hard $opt -g -ffunction-sections -fdata-sections \
    -DITERATIONS="$iterations" -DPERFORMANCE_RUN=1 \
    -DCOMPILER_FLAGS="\"$opt $*\"" \
    -I"$port" -I"$src" -I"$platform/corstone300" -I"$platform/common" \
    "$src"/core_list_join.c "$src"/core_main.c "$src"/core_matrix.c "$src"/core_state.c \
    "$src"/core_util.c "$port"/core_portme.c \
    "$platform"/common/startup.S "$platform"/common/handlers.c "$platform"/common/reset.c \
    "$platform"/common/uart.c "$platform"/common/semihosting.c "$platform"/common/syscalls.c \
    "$platform"/common/cache.c \
    -nostartfiles --specs=nano.specs -Wl,--gc-sections -T"$platform/corstone300/corstone300.ld" \
    -Wl,-Map="$out/coremark-$core.map" -o "$elf" \
    || die "building CoreMark for $core failed"
  echo "$elf"
}

# run CORE ELF: prints CoreMark/MHz; fails unless CoreMark validated its results.
run() {
  local core=$1 elf=$2 log=$out/coremark-$1.log
  "$corsim" --cpu "$core" "$elf" >"$log" 2>&1 || { cat "$log" >&2; die "corsim failed on $core"; }
  grep -q "Correct operation validated" "$log" || { cat "$log" >&2; die "CoreMark did not validate on $core"; }
  local ticks iters
  ticks=$(awk -F: '/^Total ticks/ {gsub(/ /, "", $2); print $2}' "$log")
  iters=$(awk -F: '/^Iterations  / {gsub(/ /, "", $2); print $2}' "$log")
  [[ -n $ticks && -n $iters ]] || { cat "$log" >&2; die "no ticks/iterations in the $core output"; }
  awk -v i="$iters" -v t="$ticks" 'BEGIN { printf "%.3f\n", i * 1e6 / t }'
}

m55_elf=$(build cortex-m55 -mcpu=cortex-m55)
m85_elf=$(build cortex-m85 -march=armv8.1-m.main+mve.fp+fp.dp)
m55=$(run cortex-m55 "$m55_elf")
m85=$(run cortex-m85 "$m85_elf")
echo "CoreMark ($iterations iterations, GCC $gcc_version $opt, code ITCM, data/stack DTCM)"
echo "cortex-m55: $m55 CoreMark/MHz"
echo "cortex-m85: $m85 CoreMark/MHz"
awk -v a="$m85" -v b="$m55" 'BEGIN { printf "M85/M55 ratio: %.3f\n", a / b }'
