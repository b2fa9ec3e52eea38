#!/usr/bin/env bash
# CTest sim.console_order: the guest console (UART0 and semihosting SYS_WRITE0, both to stdout) is
# buffered on the host (sim/platform/platform.cpp); with stdout a file or a pipe, every line must
# still arrive, in the order the guest wrote them, although the run ends in an unhandled fault.
# Arguments: corsim binary, the console_order.elf test program.
set -uo pipefail
corsim=$1 elf=$2
[ -x "$corsim" ] || { echo "corsim binary missing: $corsim"; exit 1; }
[ -f "$elf" ] || { echo "test program missing: $elf"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# What the program prints, written independently here (tests/sim/firmware/console_order.S).
for ((i = 0; i < 3000; i++)); do printf '%08x\nsemihosting\n' "$i"; done > "$tmp/expected"
fail=0
"$corsim" -q "$elf" > "$tmp/file.out" 2> "$tmp/file.err"; status=$?
[ "$status" = 3 ] || { echo "stdout to a file: status $status, expected 3 (guest fault)"; cat "$tmp/file.err"; fail=1; }
cmp "$tmp/expected" "$tmp/file.out" || { echo "stdout to a file: console output incomplete or out of order"; fail=1; }
"$corsim" -q "$elf" 2> "$tmp/pipe.err" | cat > "$tmp/pipe.out"; status=${PIPESTATUS[0]}
[ "$status" = 3 ] || { echo "stdout to a pipe: status $status, expected 3 (guest fault)"; fail=1; }
cmp "$tmp/expected" "$tmp/pipe.out" || { echo "stdout to a pipe: console output incomplete or out of order"; fail=1; }
exit $fail
