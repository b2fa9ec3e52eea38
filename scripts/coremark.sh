#!/usr/bin/env bash
# CoreMark on corsim's Cortex-M55 and Cortex-M85 models (issue 16; docs/timing.md "CoreMark").
#
#   scripts/coremark.sh [--compiler gcc|clang] [--opt "FLAGS"] PATH_TO_COREMARK [ITERATIONS]
#
# PATH_TO_COREMARK is a checkout of EEMBC CoreMark (github.com/eembc/coremark) that the user
# supplies: no CoreMark code is in this repository. The script builds it with corsim's own port
# layer (scripts/coremark/core_portme.{c,h}: DWT CYCCNT timer) and the firmware platform library
# (firmware/platform/common: vectors, reset, newlib console on UART0) for the Corstone-300 map:
# code in ITCM, data and stack in DTCM; once for each core, runs each on corsim with the matching
# --cpu, checks CoreMark's own CRC validation, and prints CoreMark/MHz (iterations per million
# cycles) per core and the M85/M55 ratio.
#
# --compiler gcc (default): arm-none-eabi-gcc, -O3 -funroll-loops -finline-functions; the M55 with
#   -mcpu=cortex-m55, the M85 with -march=armv8.1-m.main+mve.fp+fp.dp (GCC 12 has no cortex-m85).
# --compiler clang: clang (clang-14) compiles CoreMark and the port layer with the flags of the
#   measured Cortex-M55 FPGA run of github.com/GorgonMeducer/coremark_cortex-m55 (llvm_build/
#   build.__i: LLVM 13, -Ofast, CoreMark/MHz 3.18; docs/timing.md "CoreMark"); the M55 with
#   -mcpu=cortex-m55, the M85 with -march=armv8.1-m.main+mve.fp+fp.dp (clang 14 has no
#   cortex-m85). newlib (headers and nano library) and the platform library come from
#   arm-none-eabi-gcc, which also links, as the FPGA project linked GCC's newlib.
# --opt replaces the optimisation flags of either compiler (e.g. --opt -Ofast).
#
# Environment: CORSIM (default build/sim/corsim), CC (default arm-none-eabi-gcc; always the
# platform compiler and linker), CLANG (default clang-14), COREMARK_OUT (build directory, default
# build/coremark or build/coremark-clang).
set -euo pipefail

die() { echo "coremark.sh: $*" >&2; exit 1; }
usage="usage: scripts/coremark.sh [--compiler gcc|clang] [--opt \"FLAGS\"] PATH_TO_COREMARK [ITERATIONS]"

compiler=gcc
opt=
while [[ $# -gt 0 && $1 == --* ]]; do
  case $1 in
    --compiler) [[ $# -ge 2 ]] || die "$usage"; compiler=$2; shift 2 ;;
    --opt) [[ $# -ge 2 && -n $2 ]] || die "--opt needs a non-empty flag string"; opt=$2; shift 2 ;;
    *) die "unknown option '$1'; $usage" ;;
  esac
done
[[ $compiler == gcc || $compiler == clang ]] || die "--compiler must be gcc or clang, not '$compiler'"
[[ $# -ge 1 && $# -le 2 ]] || die "$usage"
src=$1
iterations=${2:-300}
[[ -f $src/core_main.c && -f $src/coremark.h ]] || die "$src is not a CoreMark checkout (no core_main.c/coremark.h)"
[[ $iterations =~ ^[0-9]+$ && $iterations -gt 0 ]] || die "ITERATIONS must be a positive number, not '$iterations'"

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
corsim=${CORSIM:-$root/build/sim/corsim}
cc=${CC:-arm-none-eabi-gcc}
clang=${CLANG:-clang-14}
[[ -x $corsim ]] || die "no corsim at $corsim (build the corsim target, or set CORSIM)"
command -v "$cc" >/dev/null || die "no $cc on PATH (set CC)"

platform=$root/firmware/platform
port=$root/scripts/coremark
coremark_sources=("$src"/core_list_join.c "$src"/core_main.c "$src"/core_matrix.c "$src"/core_state.c
                  "$src"/core_util.c "$port"/core_portme.c)
platform_sources=("$platform"/common/startup.S "$platform"/common/handlers.c "$platform"/common/reset.c
                  "$platform"/common/uart.c "$platform"/common/semihosting.c
                  "$platform"/common/syscalls.c "$platform"/common/cache.c)
includes=(-I"$port" -I"$src" -I"$platform/corstone300" -I"$platform/common")
# shellcheck disable=SC2054  # -Wl,--gc-sections is one flag
link_flags=(-nostartfiles --specs=nano.specs -Wl,--gc-sections -T"$platform/corstone300/corstone300.ld")

if [[ $compiler == gcc ]]; then
  opt=${opt:-"-O3 -funroll-loops -finline-functions"}
  compiler_version="GCC $("$cc" -dumpversion)"
  out=${COREMARK_OUT:-$root/build/coremark}
else
  command -v "$clang" >/dev/null || die "no $clang on PATH (set CLANG)"
  # The FPGA project's LLVM flags (llvm_build/build.__i) that change code generation. Left out:
  # -fshort-wchar (CoreMark has no wchar_t; it would clash with newlib's 4-byte wchar_t), -fno-rtti
  # (C++ only), its "-lto" (a library name to a compile-only command; the README's -Ofast and
  # -Ofast+LTO rows, 3.18 and 3.17, show link-time optimisation does not matter).
  opt=${opt:-"-Ofast -std=gnu11 -funsigned-char -fshort-enums"}
  compiler_version=$("$clang" --version | head -1)
  out=${COREMARK_OUT:-$root/build/coremark-clang}
  # newlib's headers, as arm-none-eabi-gcc finds them (clang keeps its own compiler headers first).
  newlib_include=$(echo | "$cc" -xc -E -v - 2>&1 | awk '/^ .*arm-none-eabi\/include$/ {print $1}')
  [[ -d $newlib_include ]] || die "cannot find newlib's headers through $cc"
fi
mkdir -p "$out"

# build CORE FLAGS...: one ELF per core, FLAGS selecting the core for the chosen compiler.
build() {
  local core=$1; shift
  local elf=$out/coremark-$core.elf
  local defines=(-DITERATIONS="$iterations" -DPERFORMANCE_RUN=1 -DCOMPILER_FLAGS="\"$opt $*\""
                 -DCOMPILER_VERSION="\"$compiler_version\"")
  if [[ $compiler == gcc ]]; then
    # shellcheck disable=SC2086
    "$cc" "$@" -mthumb -mfloat-abi=hard $opt -g -ffunction-sections -fdata-sections "${defines[@]}" \
      "${includes[@]}" "${coremark_sources[@]}" "${platform_sources[@]}" "${link_flags[@]}" \
      -Wl,-Map="$out/coremark-$core.map" -o "$elf" || die "building CoreMark for $core failed"
  else
    local objects=() file obj
    mkdir -p "$out/$core"
    for file in "${coremark_sources[@]}"; do
      obj=$out/$core/$(basename "${file%.c}").o
      # shellcheck disable=SC2086
      "$clang" --target=arm-none-eabi "$@" -mthumb -mfloat-abi=hard $opt -g -ffunction-sections \
        -fdata-sections "${defines[@]}" "${includes[@]}" -isystem "$newlib_include" \
        -c "$file" -o "$obj" || die "compiling $(basename "$file") for $core with $clang failed"
      objects+=("$obj")
    done
    # The platform library (reset, UART, newlib hooks; outside CoreMark's timed loop) and the link
    # with GCC, for the newlib multilib of this core: Armv8.1-M with MVE, hard float.
    # -z noexecstack: clang objects carry no .note.GNU-stack, which ld 2.40 warns about (no stack
    # permissions exist on this bare-metal target).
    "$cc" -mcpu=cortex-m55 -mthumb -mfloat-abi=hard -O2 -g -ffunction-sections -fdata-sections -Wl,-z,noexecstack \
      "${includes[@]}" "${objects[@]}" "${platform_sources[@]}" "${link_flags[@]}" \
      -Wl,-Map="$out/coremark-$core.map" -o "$elf" || die "linking CoreMark for $core failed"
  fi
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
echo "CoreMark ($iterations iterations, $compiler_version $opt, code ITCM, data/stack DTCM)"
echo "cortex-m55: $m55 CoreMark/MHz"
echo "cortex-m85: $m85 CoreMark/MHz"
awk -v a="$m85" -v b="$m55" 'BEGIN { printf "M85/M55 ratio: %.3f\n", a / b }'
