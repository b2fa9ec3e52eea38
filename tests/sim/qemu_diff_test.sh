#!/usr/bin/env bash
# CTest: the sim test programs print the same console output on corsim and on QEMU's mps3-an547 (the
# functional reference, docs/firmware.md "How the QEMU comparison works"). QEMU does not stop on
# EOT, so its output is cut at the first 0x04 (corsim ends the run there and does not print it).
# Arguments: corsim binary, directory of the sim test programs, program names...
set -uo pipefail
corsim=$1 fw=$2
shift 2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
for prog in "$@"; do
  "$corsim" -q "$fw/$prog.elf" >"$tmp/corsim.out" </dev/null
  # QEMU never stops on EOT: wait until its output holds the 0x04 byte (at most 30 s: a loaded
  # CI host can be slow to start it), stop it, and keep what came before.
  qemu-system-arm -M mps3-an547 -nographic -monitor none -serial stdio \
      -semihosting-config enable=on,target=native -kernel "$fw/$prog.elf" </dev/null >"$tmp/qemu.raw" 2>/dev/null &
  qemu=$!
  for _ in $(seq 600); do
    [ "$(tr -dc '\004' <"$tmp/qemu.raw" | wc -c)" -gt 0 ] && break
    kill -0 "$qemu" 2>/dev/null || break
    sleep 0.05
  done
  kill "$qemu" 2>/dev/null
  wait "$qemu" 2>/dev/null
  python3 -c 'import sys; d = open(sys.argv[1], "rb").read(); sys.stdout.buffer.write(d.split(b"\x04")[0])' \
      "$tmp/qemu.raw" >"$tmp/qemu.out"
  if cmp -s "$tmp/corsim.out" "$tmp/qemu.out"; then
    echo "$prog: same output"
  else
    echo "$prog: outputs differ"
    echo "--- corsim"; od -c "$tmp/corsim.out" | head -5
    echo "--- qemu"; od -c "$tmp/qemu.out" | head -5
    fail=1
  fi
done
exit $fail
