#!/usr/bin/env bash
# Runs one PACBTI firmware program (firmware/pacbti/) on corsim and checks the exit status, a line
# of its console output, and, for a program that must fault, that corsim's fault report names the
# expected cause at the expected address. The address is read from the ELF with binutils
# (objdump/nm), never from corsim.
#
#   run_pacbti.sh CORSIM ELF STATUS [--corsim-arg ARG]... [--stdout TEXT]
#                 [--fault CAUSE --at-insn FUNCTION MNEMONIC | --fault CAUSE --at-symbol SYMBOL]
#     STATUS      the exit status corsim must return
#     ARG         passed to corsim before the ELF (--cpu cortex-m85, --platform corstone-320, ...)
#     TEXT        a line the program must print (stdout)
#     CAUSE       the fault text corsim must print: "guest fault: CAUSE at pc 0xADDRESS"
#     --at-insn   ADDRESS is the first MNEMONIC instruction of FUNCTION (arm-none-eabi-objdump)
#     --at-symbol ADDRESS is SYMBOL's address (arm-none-eabi-nm, Thumb bit cleared)
set -uo pipefail
corsim=${1:?corsim}; elf=${2:?elf}; status=${3:?status}; shift 3
text=""; cause=""; func=""; mnemonic=""; symbol=""; corsim_args=()
while [ $# -gt 0 ]; do
  case "$1" in
    --corsim-arg) corsim_args+=("$2"); shift 2 ;;
    --stdout) text=$2; shift 2 ;;
    --fault) cause=$2; shift 2 ;;
    --at-insn) func=$2; mnemonic=$3; shift 3 ;;
    --at-symbol) symbol=$2; shift 2 ;;
    *) echo "run_pacbti.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
absolute() { case "$1" in /*) echo "$1" ;; */*) echo "$PWD/$1" ;; *) echo "$1" ;; esac; }
corsim=$(absolute "$corsim"); elf=$(absolute "$elf")
[ -f "$elf" ] || { echo "run_pacbti.sh: no such firmware: $elf (build the corsim_firmware target)" >&2; exit 2; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$work" && timeout --kill-after=5 60 "$corsim" "${corsim_args[@]}" "$elf" </dev/null >out.txt 2>err.txt)
rc=$?
fail() { echo "FAIL: $*" >&2; echo "--- stdout" >&2; cat "$work/out.txt" >&2; echo "--- stderr" >&2; cat "$work/err.txt" >&2; exit 1; }

[ "$rc" -eq "$status" ] || fail "corsim ${corsim_args[*]} exited with $rc, expected $status"
if [ -n "$text" ]; then
  grep -qxF -- "$text" "$work/out.txt" || fail "no line '$text' in the program's output"
fi
if [ -n "$cause" ]; then
  if [ -n "$func" ]; then
    address=$(arm-none-eabi-objdump -d "$elf" |
              awk -v f="<$func>:" -v m="$mnemonic" '$2 == f { inside = 1; next } /^$/ { inside = 0 }
                   inside && $0 ~ ("\t" m "\t") { sub(":", "", $1); print $1; exit }')
  else
    address=$(arm-none-eabi-nm "$elf" | awk -v s="$symbol" '$3 == s { print $1; exit }')
    [ -n "$address" ] && address=$(printf '%x' $((0x$address & ~1)))
  fi
  [ -n "$address" ] || fail "cannot find the expected fault address in $elf"
  expected=$(printf 'guest fault: %s at pc 0x%08x' "$cause" "0x$address")
  grep -qF -- "$expected" "$work/err.txt" || fail "corsim did not report '$expected'"
  echo "corsim reported: $expected"
fi
exit 0
