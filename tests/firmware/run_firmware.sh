#!/usr/bin/env bash
# Runs one firmware ELF on corsim and/or QEMU (-M mps3-an547) and checks the result.
#
#   run_firmware.sh MODE ELF [options]
#     MODE corsim   run on corsim; pass if it exits with the expected status
#     MODE qemu     run on QEMU; pass if it exits with the expected status
#     MODE diff     run on both; pass if both exit with the expected status and their console
#                   outputs (stdout) are byte-identical
#     MODE host     run on QEMU and the host executable given by --host; pass if both exit with
#                   the expected status and print the same bytes (validates a workload's checksum)
#   options: --corsim PATH  --qemu PATH  --host PATH  --expect-exit N (default 0)
#            --timeout SECONDS (default 60, per run)  --keep DIR (keep outputs there)
#            --corsim-arg ARG (repeatable: e.g. --platform corstone-320 for a Corstone-320 build)
#            --qemu-elf PATH  the ELF QEMU runs instead of ELF (the Corstone-300 build of the same
#                             program when ELF is built for a platform QEMU does not model)
set -uo pipefail

mode=${1:?mode}; elf=${2:?elf}; shift 2
corsim=corsim; qemu=qemu-system-arm; host=""; expect=0; limit=60; keep=""; qemu_elf=""; corsim_args=()
while [ $# -gt 0 ]; do
  case "$1" in
    --corsim) corsim=$2; shift 2 ;;
    --qemu) qemu=$2; shift 2 ;;
    --host) host=$2; shift 2 ;;
    --expect-exit) expect=$2; shift 2 ;;
    --timeout) limit=$2; shift 2 ;;
    --keep) keep=$2; shift 2 ;;
    --corsim-arg) corsim_args+=("$2"); shift 2 ;;
    --qemu-elf) qemu_elf=$2; shift 2 ;;
    *) echo "run_firmware.sh: unknown option $1" >&2; exit 2 ;;
  esac
done

if [ ! -f "$elf" ]; then
  echo "run_firmware.sh: no such firmware: $elf (build the corsim_firmware target)" >&2
  exit 2
fi
# Each simulator runs in its own empty directory (semihosting files land there), so paths given
# relative to the caller are made absolute first.
absolute() { case "$1" in /*) echo "$1" ;; */*) echo "$PWD/$1" ;; *) echo "$1" ;; esac; }
elf=$(absolute "$elf"); corsim=$(absolute "$corsim"); qemu=$(absolute "$qemu")
[ -n "$host" ] && host=$(absolute "$host")
qemu_elf=$(absolute "${qemu_elf:-$elf}")
if [ ! -f "$qemu_elf" ]; then
  echo "run_firmware.sh: no such firmware for QEMU: $qemu_elf" >&2
  exit 2
fi
[ -n "$keep" ] && keep=$(absolute "$keep")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# run NAME COMMAND...: stdout to $work/NAME.out, stderr to $work/NAME.err, status to $work/NAME.rc
run() {
  local name=$1; shift
  mkdir -p "$work/$name.cwd"
  (cd "$work/$name.cwd" && timeout --kill-after=5 "$limit" "$@" </dev/null >"$work/$name.out" 2>"$work/$name.err")
  local rc=$?
  echo "$rc" >"$work/$name.rc"
  if [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; then
    echo "$name: timed out after ${limit}s" >&2
  fi
}

run_qemu() {
  run qemu "$qemu" -M mps3-an547 -nographic -monitor none -serial stdio \
    -semihosting-config enable=on,target=native -kernel "$qemu_elf"
}
run_corsim() {
  if ! command -v "$corsim" >/dev/null; then
    echo "run_firmware.sh: corsim binary not found: $corsim" >&2
    exit 2
  fi
  run corsim "$corsim" ${corsim_args[@]+"${corsim_args[@]}"} "$elf"
}

# check NAME: the status must be the expected one
failed=0
check() {
  local name=$1 rc
  rc=$(cat "$work/$name.rc")
  if [ "$rc" != "$expect" ]; then
    echo "$name: exit status $rc, expected $expect" >&2
    failed=1
  fi
}

show() {
  local name=$1
  echo "---- $name stdout ----"; cat "$work/$name.out"
  if [ -s "$work/$name.err" ]; then echo "---- $name stderr ----"; tail -n 40 "$work/$name.err"; fi
}

compare() {
  local a=$1 b=$2
  if ! cmp -s "$work/$a.out" "$work/$b.out"; then
    echo "outputs differ ($a vs $b):" >&2
    diff -a -u --label "$a" --label "$b" "$work/$a.out" "$work/$b.out" | head -n 60
    failed=1
  fi
}

case "$mode" in
  corsim) run_corsim; check corsim; show corsim ;;
  qemu) run_qemu; check qemu; show qemu ;;
  diff) run_qemu; run_corsim; check qemu; check corsim; show corsim; compare qemu corsim ;;
  host)
    [ -x "$host" ] || { echo "run_firmware.sh: --host executable missing: $host" >&2; exit 2; }
    run_qemu; run host "$host"; check qemu; check host; show qemu; compare qemu host ;;
  *) echo "run_firmware.sh: unknown mode $mode" >&2; exit 2 ;;
esac

if [ -n "$keep" ]; then mkdir -p "$keep" && cp "$work"/*.out "$work"/*.err "$work"/*.rc "$keep"/; fi
exit "$failed"
