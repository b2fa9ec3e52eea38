#!/usr/bin/env bash
# Runs firmware on corsim, the way ExecuTorch users run it on the Corstone FVP (docs/e2e.md).
#
#   scripts/run_fvp.sh                               # bundled runner + bundled demo_classifier model
#   scripts/run_fvp.sh firmware.elf [options]        # options go to corsim (corsim --help, docs/sim.md)
#   scripts/run_fvp.sh firmware.elf model.pte [opts] # an ExecuTorch program on the executor runner
#   scripts/run_fvp.sh model.pte [opts]              # same, with the bundled executor runner
#
# ExecuTorch run_fvp.sh options: --elf=FILE, --data=FILE@ADDR, --target=ethos-u55-128 (platform
# and MAC count), --timeout=SECONDS, --semihosting-cwd=DIR. Targets: ethos-u55-32|64|128|256 and
# cortex-m55 run on Corstone-300; ethos-u85-128|256|512|1024|2048 and cortex-m85 on Corstone-320
# (the Corstone-320 runner when no firmware is given). With no --target, a model whose Ethos-U
# delegate was compiled for an Ethos-U85 selects Corstone-320 and its MAC count (corsim-pte
# npu-target); any other model runs on Corstone-300 as before. corsim additions: --input FILE (one per
# model input, in order), --report-json FILE (per-operator report), --trace FILE (Chrome/Perfetto
# trace of the operators; corsim's own instruction trace stays `--trace=FILE`/`--itrace`),
# --etdump FILE (the operators as an ExecuTorch ETDump: `python3 -m devtools.inspector.inspector_cli
# --etdump_path FILE --source_time_scale cycles --target_time_scale cycles`).
# CPU timing (docs/timing.md): --cpu cortex-m55|cortex-m85 and --timing on|off go to corsim
# (default: timing on, the platform's core: Cortex-M55 on Corstone-300, Cortex-M85 on Corstone-320).
#
# Exit status: corsim's (docs/sim.md: 2 bad input, 3 guest fault, 4 timeout), and 1 when the run
# itself ended well but the firmware printed an error line ("E [", "F [", "[critical]", "Hard
# fault"), as ExecuTorch's script checks its log (without its false success when nothing ran).
# Builds corsim (and the firmware) with scripts/build.sh when missing; build dir: build/ or
# $CORSIM_BUILD_DIR.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${CORSIM_BUILD_DIR:-$root/build}
corsim=$build/sim/corsim
demo=$build/firmware/demo.elf
runner=$build/firmware/executor_runner.elf
runner_corstone320=$build/firmware/executor_runner_corstone320.elf
corsim_pte=$build/tools/pte/corsim-pte
# The default model is generated at build time by the model compiler (tools/models/demo_classifier.json).
bundled_model=$build/models/demo_classifier/model.pte
model_addr=0x70000000

usage() {
  sed -n '2,27p' "$0" | sed 's/^# \{0,1\}//'
}
die() {
  echo "run_fvp.sh: $*" >&2
  exit 2
}

firmware=""
model=""
platform=""  # corstone-320 once a target or the model asks for it
data_model_addr=""
inputs=()
corsim_args=()
target_given=""
while [ $# -gt 0 ]; do
  case "$1" in
    -h|--help) usage; exit 0 ;;
    --) shift; corsim_args+=("$@"); break ;;
    --elf=*) [ -z "$firmware" ] || die "more than one firmware given"; firmware=${1#--elf=} ;;
    --data=*)
      spec=${1#--data=}
      file=${spec%@*}
      addr=${spec##*@}
      [ "$file" != "$spec" ] || die "--data expects FILE@ADDR, got '$spec'"
      if [ -z "$model" ] && [ "${file##*.}" = "pte" ]; then
        model=$file
        data_model_addr=$addr
      else
        corsim_args+=(--data "$spec")
      fi
      ;;
    --target=*)
      target=${1#--target=}
      case "$target" in
        ethos-u55-32|ethos-u55-64|ethos-u55-128|ethos-u55-256)
          corsim_args+=(--platform corstone-300 -C "ethosu.num_macs=${target##*-}") ;;
        ethos-u85-128|ethos-u85-256|ethos-u85-512|ethos-u85-1024|ethos-u85-2048)
          platform=corstone-320
          corsim_args+=(--platform corstone-320 -C "mps4_board.subsystem.ethosu.num_macs=${target##*-}") ;;
        cortex-m55*) corsim_args+=(--platform corstone-300 --cpu cortex-m55) ;;
        cortex-m85*) platform=corstone-320; corsim_args+=(--platform corstone-320) ;;  # as ExecuTorch: the SSE-320 FVP
        *) die "target '$target' is not supported (ethos-u55-32/64/128/256, ethos-u85-128/256/512/1024/2048, cortex-m55 or cortex-m85)" ;;
      esac
      target_given=1
      ;;
    --timeout=*) corsim_args+=(--timeout "${1#--timeout=}") ;;
    --semihosting-cwd=*) corsim_args+=(--semihosting-root "${1#--semihosting-cwd=}") ;;
    --input) [ $# -gt 1 ] || die "--input needs a file"; inputs+=("$2"); shift ;;
    --input=*) inputs+=("${1#--input=}") ;;
    --report-json) [ $# -gt 1 ] || die "--report-json needs a file"; corsim_args+=(--report-json "$2"); shift ;;
    --report-json=*) corsim_args+=(--report-json "${1#--report-json=}") ;;
    --etdump) [ $# -gt 1 ] || die "--etdump needs a file"; corsim_args+=(--etdump "$2"); shift ;;
    --etdump=*) corsim_args+=(--etdump "${1#--etdump=}") ;;
    --trace) [ $# -gt 1 ] || die "--trace needs a file"; corsim_args+=(--chrome-trace "$2"); shift ;;
    --itrace) corsim_args+=(--trace) ;;
    -*)
      corsim_args+=("$1")
      # corsim options that take a separate value: keep the value with its option.
      case "$1" in
        --platform|--data|--semihosting-cmdline|--semihosting-root|--max-cycles|--timeout|--stats|-C|-a|--timelimit|--chrome-trace|--cpu|--timing)
          if [ "$1" = --platform ] && [ $# -gt 1 ]; then target_given=1; [ "$2" != corstone-320 ] || platform=corstone-320; fi
          if [ $# -gt 1 ]; then corsim_args+=("$2"); shift; fi
          ;;
      esac
      ;;
    *.elf|*.axf)
      [ -z "$firmware" ] || die "more than one firmware given ('$firmware', '$1')"
      firmware=$1
      ;;
    *.pte)
      [ -z "$model" ] || die "more than one model given ('$model', '$1')"
      model=$1
      ;;
    *) corsim_args+=("$1") ;;
  esac
  shift
done

if [ -z "$firmware" ] && [ -z "$model" ] && [ ${#inputs[@]} -eq 0 ]; then
  # No argument: the executor runner with the bundled default model (both built by the project).
  # Build when nothing runnable is there yet (a fresh clone); else fall back to the demo firmware.
  if [ ! -x "$corsim" ] || { { [ ! -f "$runner" ] || [ ! -f "$bundled_model" ]; } && [ ! -f "$demo" ]; }; then
    "$root/scripts/build.sh" >&2
  fi
  if [ -f "$runner" ] && [ -f "$bundled_model" ]; then
    firmware=$runner
    model=$bundled_model
    # Its input, written by the model compiler next to the model with the host reference's
    # expected output (expected_output.bin), so the run can be checked.
    [ ! -f "$(dirname "$bundled_model")/input.bin" ] || inputs+=("$(dirname "$bundled_model")/input.bin")
  else
    [ -f "$demo" ] || die "the demo firmware was not built ($demo); is the firmware build enabled (CORSIM_BUILD_FIRMWARE=ON) and arm-none-eabi-gcc installed?"
    firmware=$demo
  fi
fi
# No --target (or --platform): a model compiled for an Ethos-U85 runs on Corstone-320 with that MAC
# count, as ExecuTorch's script would choose FVP_Corstone_SSE-320 for its ethos-u85 target. The
# NPU comes from the delegate's COP1 CONFIG word (corsim-pte npu-target; docs/spec/ethos-u.md §1.4).
# A model corsim-pte cannot read keeps the Corstone-300 flow: the runner then reports what is wrong
# with it, as before.
if [ -n "$model" ] && [ -z "$target_given" ]; then
  [ -f "$model" ] || die "model '$model' not found"
  if [ ! -x "$corsim_pte" ]; then "$root/scripts/build.sh" --target corsim-pte >&2 || true; fi
  [ -x "$corsim_pte" ] || echo "run_fvp.sh: corsim-pte was not built ($corsim_pte): the model's NPU is not read; Corstone-300" >&2
  npu=""
  [ ! -x "$corsim_pte" ] || npu=$("$corsim_pte" npu-target "$model" 2>/dev/null) || npu=""
  case "$npu" in
    ethos-u85-*)
      platform=corstone-320
      corsim_args+=(--platform corstone-320 -C "mps4_board.subsystem.ethosu.num_macs=${npu##*-}") ;;
  esac
fi
if [ -z "$firmware" ]; then
  if [ "$platform" = corstone-320 ]; then
    if [ ! -f "$runner_corstone320" ]; then "$root/scripts/build.sh" >&2; fi
    [ -f "$runner_corstone320" ] || die "the Corstone-320 executor runner was not built ($runner_corstone320)"
    firmware=$runner_corstone320
  else
    if [ ! -f "$runner" ]; then "$root/scripts/build.sh" >&2; fi
    [ -f "$runner" ] || die "the executor runner was not built ($runner)"
    firmware=$runner
  fi
fi
if [ ! -x "$corsim" ]; then "$root/scripts/build.sh" --target corsim >&2; fi
[ -x "$corsim" ] || die "corsim was not built ($corsim)"

tmp=""
cleanup() { [ -z "$tmp" ] || rm -rf "$tmp"; }
trap cleanup EXIT
if [ -n "$model" ] || [ ${#inputs[@]} -gt 0 ]; then
  cmdline="executor_runner"
  if [ -n "$model" ]; then
    [ -f "$model" ] || die "model '$model' not found"
    addr=${data_model_addr:-$model_addr}
    corsim_args+=(--data "$model@$addr")
    cmdline+=" --model-addr $addr --model-size $(stat -c %s "$model")"
  fi
  if [ ${#inputs[@]} -gt 0 ]; then
    # Semihosting only reaches files under its root: copy the inputs into a private directory.
    tmp=$(mktemp -d)
    i=0
    for f in "${inputs[@]}"; do
      [ -f "$f" ] || die "input '$f' not found"
      cp "$f" "$tmp/input$i.bin"
      cmdline+=" -i input$i.bin"
      i=$((i + 1))
    done
    corsim_args+=(--semihosting-root "$tmp")
  fi
  corsim_args+=(--semihosting-cmdline "$cmdline")
fi

[ -n "$tmp" ] || tmp=$(mktemp -d)
log=$tmp/console.log
set +e
"$corsim" "${corsim_args[@]}" "$firmware" | tee "$log"
status=${PIPESTATUS[0]}
set -e
if [ "$status" = 0 ] && grep -Eq '^(E \[|F \[|\[critical\]|Hard fault)' "$log"; then
  echo "run_fvp.sh: the firmware printed an error line:" >&2
  grep -E '^(E \[|F \[|\[critical\]|Hard fault)' "$log" | head -5 >&2
  exit 1
fi
exit "$status"
