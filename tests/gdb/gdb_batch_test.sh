#!/usr/bin/env bash
# corsim's GDB server driven by Debian's gdb-multiarch in batch mode (docs/sim.md "GDB server").
# The program (firmware/tests/gdb_target.c) loads 0x11111111..0x44444444 into q0, increments a
# global `counter` five times while `total` sums 0..4, prints both and exits with status 9. Every
# expected value below comes from that source, not from corsim's output; cycles of the debugged
# run are checked against a run without --gdb, and --gdb alone must not change any run's cycles.
# usage: gdb_batch_test.sh CORSIM GDB FIRMWARE_DIR MODELS_DIR
set -euo pipefail
corsim=$1 gdb=$2 fw=$3 models=$4
elf=$fw/tests/gdb_target-O0.elf
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
[[ -f $elf ]] || fail "missing $elf (build corsim_firmware)"
command -v "$gdb" >/dev/null || fail "no $gdb (scripts/setup-deps.sh installs gdb-multiarch)"

# cycles FILE: the "cycles" of a --stats JSON file.
cycles() { sed -n 's/^ *"cycles": \([0-9]*\),*$/\1/p' "$1"; }

# debug NAME ELF GDB_SCRIPT [corsim options]: runs corsim --gdb 0 --gdb-wait on ELF under GDB with
# the script (connecting first); leaves NAME.gdb.out, .out, .err, .status, .json in $work.
debug() {
  local name=$1 elf=$2 script=$3
  shift 3
  : >"$work/$name.err"  # exists before the background job opens it: the poll below reads it at once
  "$corsim" --gdb 0 --gdb-wait --stats "$work/$name.json" "$@" "$elf" >"$work/$name.out" 2>"$work/$name.err" &
  local pid=$! port=""
  # Up to 60 s (a sanitizer build on a loaded CI host starts slowly); a run that ended without
  # listening fails at once.
  for _ in $(seq 600); do
    port=$(sed -n 's/.*listening on 127\.0\.0\.1:\([0-9]*\).*/\1/p' "$work/$name.err" || true)
    [[ -n $port ]] && break
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
  done
  [[ -n $port ]] || { kill "$pid"; fail "$name: corsim did not say where it listens: $(cat "$work/$name.err")"; }
  { echo "set pagination off"; echo "set confirm off"; echo "target remote 127.0.0.1:$port"; cat "$script"; } \
    >"$work/$name.gdb"
  timeout 120 "$gdb" -nx -batch -x "$work/$name.gdb" "$elf" >"$work/$name.gdb.out" 2>&1 || true
  local status=0
  wait "$pid" || status=$?
  echo "$status" >"$work/$name.status"
}

# expect NAME TEXT: GDB's output of session NAME contains TEXT (a fixed string).
expect() {
  grep -qF -- "$2" "$work/$1.gdb.out" || { cat "$work/$1.gdb.out" >&2; fail "$1: GDB output lacks '$2'"; }
}

# 1. Break at main, next, step into a function, MVE and core registers, a watchpoint on a global,
#    a hardware breakpoint, monitor commands, continue to the exit.
cat >"$work/s1.cmds" <<'GDB'
break main
continue
next
step
p/x $q0.u32
p/x $d1
p $vpr
info registers
p counter
watch counter
continue
continue
delete
hbreak gdb_target.c:25
continue
p counter
p total
monitor help
monitor npu
continue
GDB
debug s1 "$elf" "$work/s1.cmds"
expect s1 "Breakpoint 1, main () at"
expect s1 "20	  vector_loaded();"                                # next: the line after the VLDRW
expect s1 "vector_loaded () at"                                 # step: into the call
expect s1 "= {0x11111111, 0x22222222, 0x33333333, 0x44444444}"  # q0, lanes 0-3
expect s1 "= 0x4444444433333333"                                # d1 = the upper half of q0
grep -qE '^vpr +0x0 ' "$work/s1.gdb.out" || fail "s1: info registers shows no vpr"
for r in r0 sp lr pc xpsr fpscr msp psp primask control; do
  grep -qE "^$r +0x" "$work/s1.gdb.out" || fail "s1: info registers shows no $r"
done
expect s1 "Hardware watchpoint 2: counter"
expect s1 "Old value = 0"
expect s1 "New value = 1"
expect s1 "Old value = 1"
expect s1 "New value = 2"
expect s1 "Hardware assisted breakpoint 3 at"
expect s1 "Breakpoint 3, main () at"
expect s1 "= 5"    # counter after the loop
expect s1 "= 10"   # total = 0+1+2+3+4
expect s1 "monitor npu"
expect s1 "ethos-u55 registers"
expect s1 "[Inferior 1 (Remote target) exited with code 011]"  # GDB prints the status in octal
[[ $(cat "$work/s1.status") == 9 ]] || fail "s1: corsim exited with $(cat "$work/s1.status"), expected 9"
grep -qx "counter=5 total=10" "$work/s1.out" || fail "s1: console: $(cat "$work/s1.out")"

# The debugged run took exactly the cycles of a run without --gdb.
"$corsim" -q --stats "$work/ref.json" "$elf" >/dev/null 2>&1 || true
[[ -n $(cycles "$work/ref.json") && $(cycles "$work/ref.json") == $(cycles "$work/s1.json") ]] ||
  fail "cycles: $(cycles "$work/ref.json") without --gdb, $(cycles "$work/s1.json") debugged"

# 2. A memory write through the debug path: total starts at 100, so the program prints 110.
printf 'break main\ncontinue\nset var total = 100\np total\ncontinue\n' >"$work/s2.cmds"
debug s2 "$elf" "$work/s2.cmds"
expect s2 "= 100"
grep -qx "counter=5 total=110" "$work/s2.out" || fail "s2: console: $(cat "$work/s2.out")"

# 3. A breakpoint on an interrupt handler (firmware/tests/systick.c: g_ticks counts SysTick
#    interrupts, 0 before the first): reached by exception entry, the core stops on the handler's
#    first instruction before it runs (GDB names the breakpoint; a stop one instruction in would
#    read "0x... in SysTick_Handler"), once per interrupt. Cycles as without --gdb.
printf 'break SysTick_Handler\ncontinue\np g_ticks\ncontinue\np g_ticks\ndelete\ncontinue\n' >"$work/s3.cmds"
debug s3 "$fw/tests/systick-O2.elf" "$work/s3.cmds"
expect s3 "Breakpoint 1, SysTick_Handler () at"
expect s3 '$1 = 0'
expect s3 '$2 = 1'
expect s3 "[Inferior 1 (Remote target) exited normally]"
"$corsim" -q --stats "$work/ref3.json" "$fw/tests/systick-O2.elf" >/dev/null 2>&1 || true
[[ -n $(cycles "$work/ref3.json") && $(cycles "$work/ref3.json") == $(cycles "$work/s3.json") ]] ||
  fail "systick cycles: $(cycles "$work/ref3.json") without --gdb, $(cycles "$work/s3.json") debugged"

# 3b. Breakpoints on handlers entered by the instruction itself, not by an interrupt: SVC
#     (firmware/tests/fp_context.c calls SVC_Handler with `svc`) and a UsageFault (hardfault.c:
#     UDF with SHCSR.USGFAULTENA set). GDB must stop on each handler's first instruction: `info
#     symbol $pc` names the symbol alone only at its first byte ("NAME + N" past it).
printf 'break *SVC_Handler\ncontinue\ninfo symbol $pc\ndelete\ncontinue\n' >"$work/s3b.cmds"
debug s3b "$fw/tests/fp_context-O2.elf" "$work/s3b.cmds"
expect s3b "Breakpoint 1, "
grep -qE '^SVC_Handler in section' "$work/s3b.gdb.out" || { cat "$work/s3b.gdb.out" >&2; fail "s3b: not stopped on SVC_Handler's first instruction"; }
printf 'break *UsageFault_Handler\ncontinue\ninfo symbol $pc\ndelete\ncontinue\n' >"$work/s3c.cmds"
debug s3c "$fw/tests/hardfault-O2.elf" "$work/s3c.cmds"
expect s3c "Breakpoint 1, "
grep -qE '^UsageFault_Handler in section' "$work/s3c.gdb.out" || { cat "$work/s3c.gdb.out" >&2; fail "s3c: not stopped on UsageFault_Handler's first instruction"; }

# 4. Debugging with --timing off (one cycle per instruction; the hook stands in for the model):
#    the watchpoint stops at each write, and the cycles equal those of an untimed run without --gdb.
printf 'break main\ncontinue\nwatch counter\ncontinue\ncontinue\ndelete\ncontinue\n' >"$work/s4.cmds"
debug s4 "$elf" "$work/s4.cmds" --timing off
expect s4 "New value = 1"
expect s4 "New value = 2"
expect s4 "[Inferior 1 (Remote target) exited with code 011]"
"$corsim" -q --timing off --stats "$work/ref4.json" "$elf" >/dev/null 2>&1 || true
[[ -n $(cycles "$work/ref4.json") && $(cycles "$work/ref4.json") == $(cycles "$work/s4.json") ]] ||
  fail "--timing off cycles: $(cycles "$work/ref4.json") without --gdb, $(cycles "$work/s4.json") debugged"

# 5. monitor commands mid-model: the executor runner runs the MNIST model (quantize on the CPU,
#    one EthosUBackend delegate on the NPU, dequantize on the CPU: its .pte, models/README.md);
#    stopped where it prints the outputs, `monitor report` lists the three operators so far and
#    `monitor npu` shows the command stream's base the driver wrote (QBASE, not 0 after a job).
cp "$models/pte/mnist_ethos-u55-128.pte" "$work/m.pte" || fail "missing $models/pte/mnist_ethos-u55-128.pte"
printf 'break print_output\ncontinue\nmonitor report\nmonitor npu\ndelete\ncontinue\n' >"$work/s5.cmds"
debug s5 "$fw/executor_runner.elf" "$work/s5.cmds" --semihosting-root "$work" --semihosting-cmdline "runner -m m.pte"
expect s5 "Breakpoint 1, "
expect s5 "in (anonymous namespace)::print_output"
for op in "cortex_m::quantize_per_tensor.out" "EthosUBackend" "cortex_m::dequantize_per_tensor.out"; do
  grep -E "^ +[0-9]+ +$op +(CPU|NPU)" "$work/s5.gdb.out" >/dev/null || { cat "$work/s5.gdb.out" >&2; fail "s5: monitor report lacks $op"; }
done
expect s5 "ethos-u55 registers"
grep -E '^ +0x0010 QBASE +0x[0-9a-f]{8}$' "$work/s5.gdb.out" | grep -vq ' 0x00000000$' || fail "s5: QBASE is 0 or missing"
expect s5 "[Inferior 1 (Remote target) exited normally]"
[[ $(cat "$work/s5.status") == 0 ]] || fail "s5: corsim exited with $(cat "$work/s5.status")"

# 6. --gdb with no debugger attached changes no cycles: a program with SysTick interrupts, timed
#    and untimed.
for timing in on off; do
  for prog in tests/systick-O2.elf tests/gdb_target-O0.elf; do
    "$corsim" -q --timing "$timing" --stats "$work/a.json" "$fw/$prog" >/dev/null 2>&1 || true
    "$corsim" -q --timing "$timing" --gdb 0 --stats "$work/b.json" "$fw/$prog" >/dev/null 2>&1 || true
    a=$(cycles "$work/a.json") b=$(cycles "$work/b.json")
    [[ -n $a && $a == "$b" ]] || fail "$prog --timing $timing: $a cycles without --gdb, $b with"
  done
done
echo "PASS"
