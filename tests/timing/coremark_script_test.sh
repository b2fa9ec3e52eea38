#!/usr/bin/env bash
# scripts/coremark.sh (docs/timing.md "CoreMark") without CoreMark, whose code is not in this
# repository. Bad input: one line on stderr and a non-zero exit. A stand-in checkout whose
# core_main.c prints CoreMark's result lines for 300 iterations in 2,000,000 ticks
# (300 x 10^6 / 2,000,000 = 150.000 CoreMark/MHz, worked by hand) is built with GCC and with
# `--compiler clang`, run on corsim for both cores, and must give 150.000 on each and a ratio of
# 1.000; the clang build's objects must come from clang with the FPGA run's flags.
#
# usage: coremark_script_test.sh SCRIPT CORSIM
set -uo pipefail
script=$1
export CORSIM=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

# Bad input.
expect_refused() {
  local err
  err=$("$script" "$@" 2>&1 >/dev/null) && fail "accepted: $*"
  [[ $(printf '%s\n' "$err" | wc -l) -eq 1 && $err == coremark.sh:* ]] || fail "not one clear line for '$*': $err"
}
expect_refused
expect_refused --compiler icc "$work"
expect_refused --opt
expect_refused --bogus "$work"
expect_refused "$work"                       # not a CoreMark checkout
mkdir -p "$work/src"
touch "$work/src/core_main.c" "$work/src/coremark.h"
expect_refused "$work/src" 0                 # ITERATIONS must be positive
CLANG=no-such-clang expect_refused --compiler clang "$work/src"

# The stand-in checkout: CoreMark's file names, a main printing its result lines.
cat >"$work/src/coremark.h" <<'H'
#include "core_portme.h"
typedef ee_u32 secs_ret;
CORE_TICKS get_time(void);
secs_ret time_in_secs(CORE_TICKS ticks);
H
for f in core_list_join core_matrix core_state core_util; do echo "typedef int ${f}_unit;" >"$work/src/$f.c"; done
cat >"$work/src/core_main.c" <<'C'
#include <stdio.h>
#include "coremark.h"
int main(void) {
#ifdef __clang__
  printf("Compiled by clang\n");
#endif
  printf("Compiler version : %s\n", COMPILER_VERSION);
  printf("Compiler flags   : %s\n", COMPILER_FLAGS);
  printf("Total ticks      : %lu\n", 2000000ul);
  printf("Iterations       : %lu\n", (unsigned long)ITERATIONS);
  printf("Correct operation validated. See README.md for run and reporting rules.\n");
  return 0;
}
C

for compiler in gcc clang; do
  out=$work/out-$compiler
  result=$(COREMARK_OUT=$out "$script" --compiler "$compiler" "$work/src" 300 2>&1) || fail "$compiler: $result"
  grep -q '^cortex-m55: 150.000 CoreMark/MHz$' <<<"$result" || fail "$compiler: M55 not 150.000: $result"
  grep -q '^cortex-m85: 150.000 CoreMark/MHz$' <<<"$result" || fail "$compiler: M85 not 150.000: $result"
  grep -q '^M85/M55 ratio: 1.000$' <<<"$result" || fail "$compiler: ratio not 1.000: $result"
  if [[ $compiler == clang ]]; then
    grep -q '^Compiled by clang$' "$out/coremark-cortex-m55.log" || fail "clang: the M55 objects are not clang's"
    grep -q '^Compiler flags   : -Ofast -std=gnu11 -funsigned-char -fshort-enums -mcpu=cortex-m55$' \
      "$out/coremark-cortex-m55.log" || fail "clang: not the FPGA run's flags: $(cat "$out/coremark-cortex-m55.log")"
    grep -q '^Compiler version : .*clang version' "$out/coremark-cortex-m55.log" || fail "clang: version line"
  else
    grep -q '^Compiled by clang$' "$out/coremark-cortex-m55.log" && fail "gcc: objects from clang"
    grep -q '^Compiler flags   : -O3 -funroll-loops -finline-functions -mcpu=cortex-m55$' \
      "$out/coremark-cortex-m55.log" || fail "gcc: flags: $(cat "$out/coremark-cortex-m55.log")"
  fi
done
echo "PASS"
