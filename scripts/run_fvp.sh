#!/usr/bin/env bash
# Runs firmware on corsim, the way ExecuTorch users run it on the Corstone FVP (docs/e2e.md,
# docs/fvp-drop-in.md).
#
#   scripts/run_fvp.sh                               # bundled runner + bundled demo_classifier model
#   scripts/run_fvp.sh firmware.elf [options]        # options go to corsim (corsim --help, docs/sim.md)
#   scripts/run_fvp.sh firmware.elf model.pte [opts] # an ExecuTorch program on the executor runner
#   scripts/run_fvp.sh model.pte [opts]              # same, with the bundled executor runner
#
# Firmware and models are recognised by content (ELF magic; "ET12"/"BP08" at bytes 4..7), so
# ExecuTorch's `arm_executor_runner` (no suffix) is firmware. Every option that takes a value
# accepts `--opt=value` and `--opt value`.
# ExecuTorch's run_fvp.sh options, with its meaning: --elf=FILE, --data=FILE@ADDR, --target=T
# (ethos-u55-32|64|128|256 and cortex-m* run on Corstone-300; ethos-u85-128..2048 and cortex-m85 on
# Corstone-320, with the Corstone-320 runner when no firmware is given), --timeout=SECONDS (default
# 600), --semihosting-cwd=DIR, --bundle=FILE (the runner reads it by semihosting from its
# directory), --fast (the FVP's fast NPU model: accepted, corsim's NPU timing always runs),
# --etrecord=FILE (named in the Inspector command with --etdump), --trace_file=FILE (the FVP's PMU
# trace: not produced, a warning). Unknown options are ignored with a warning, as ExecuTorch's
# script ignores them. With no --target, a model compiled for an Ethos-U85 selects Corstone-320
# and its MAC count (corsim-pte npu-target).
# corsim additions: --input FILE (one per model input, in order), --report-json FILE, --report-html
# FILE, --report-csv FILE, --dump-tensors DIR (the runner writes tensor markers), --trace FILE
# (Chrome/Perfetto trace of the operators; --itrace[=FILE] is corsim's instruction trace),
# --etdump FILE (python3 -m devtools.inspector.inspector_cli --etdump_path FILE --source_time_scale
# cycles --target_time_scale cycles), --cpu cortex-m55|cortex-m85, --timing on|off, --cpu-engine interp|jit, --vela-config
# FILE --system-config NAME --memory-mode NAME (a user's vela.ini for the NPU's memories), and corsim's
# own options (--max-cycles, --stats, -C NAME=VALUE, --platform, ...).
#
# Exit status: corsim's table (docs/sim.md "Exit status": 2 bad input, 3 guest fault, 4 timeout,
# 5 model/input not loaded, 6 model failed while running, 7 NPU error, 8 semihosting misuse, 130
# interrupted), and 1 when the run ended well but the firmware printed an error line ("E [",
# "F [", "[critical]", "Hard fault"), as ExecuTorch's script checks its log (without its false
# success when nothing ran). The firmware's first error line is repeated on stderr verbatim.
# Builds what a run needs when missing (corsim, corsim-pte, the runner, the demo model; not the
# tests: scripts/test.sh) with scripts/build.sh; build dir: build/ or $CORSIM_BUILD_DIR.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
if [ -z "${CORSIM_BUILD_DIR:-}" ] && [ -x "$here/../../bin/corsim" ] && [ -d "$here/firmware" ]; then
  # Installed (packaging/: <prefix>/share/corsim/run_fvp.sh): nothing is ever built.
  installed=1
  prefix=$(cd "$here/../.." && pwd)
  corsim=$prefix/bin/corsim
  corsim_pte=$prefix/bin/corsim-pte
  demo=$here/firmware/demo.elf
  runner=$here/firmware/executor_runner.elf
  runner_corstone320=$here/firmware/executor_runner_corstone320.elf
  bundled_model=$here/models/demo_classifier/model.pte
else
  installed=""
  root=$(cd "$here/.." && pwd)
  build=${CORSIM_BUILD_DIR:-$root/build}
  corsim=$build/sim/corsim
  demo=$build/firmware/demo.elf
  runner=$build/firmware/executor_runner.elf
  runner_corstone320=$build/firmware/executor_runner_corstone320.elf
  corsim_pte=$build/tools/pte/corsim-pte
  # The default model is generated at build time by the model compiler (tools/models/demo_classifier.json).
  bundled_model=$build/models/demo_classifier/model.pte
fi
# build ARGS...: scripts/build.sh in a source tree; an installed tree has everything already.
build() {
  [ -z "$installed" ] || return 0
  "$root/scripts/build.sh" "$@" >&2
}
model_addr=0x70000000

usage() {
  sed -n '2,36p' "$0" | sed 's/^# \{0,1\}//'
}
die() {
  echo "run_fvp.sh: $*" >&2
  exit 2
}
# A model or input that cannot be loaded: status 5, as the runner reports it (docs/sim.md).
die_model() {
  echo "run_fvp.sh: $*" >&2
  exit 5
}

firmware=""
model=""
platform=""  # corstone-320 once a target or the model asks for it
data_model_addr=""
inputs=()
corsim_args=()
target_given=""
timeout=600          # ExecuTorch's run_fvp.sh default (--timeout=600, the FVP's --timelimit)
etrecord=""
bundle=""
etdump_given=""
runner_args=""       # extra executor-runner options (--tensor-markers for --dump-tensors)

# is_elf FILE / is_pte FILE: by content (ELF magic; ".pte"/".bpte" identifiers "ET12"/"BP08" at
# bytes 4..7, ExecuTorch's schema/program.fbs and bundled_program_schema.fbs file_identifier), so
# ExecuTorch's `arm_executor_runner` (no suffix) is firmware.
is_elf() { [ -f "$1" ] && [ "$(head -c 4 -- "$1" | od -An -c | tr -d ' ')" = '177ELF' ]; }
is_pte() { [ -f "$1" ] && case "$(head -c 8 -- "$1" | tail -c 4)" in ET[0-9][0-9]|BP[0-9][0-9]) true ;; *) false ;; esac; }
set_firmware() {
  [ -z "$firmware" ] || die "more than one firmware given ('$firmware', '$1')"
  firmware=$1
}
set_model() {
  [ -z "$model" ] || die "more than one model given ('$model', '$1')"
  model=$1
}
set_target() {
  local target=$1
  case "$target" in
    ethos-u55-32|ethos-u55-64|ethos-u55-128|ethos-u55-256)
      platform=""
      corsim_args+=(--platform corstone-300 -C "ethosu.num_macs=${target##*-}") ;;
    ethos-u85-128|ethos-u85-256|ethos-u85-512|ethos-u85-1024|ethos-u85-2048)
      platform=corstone-320
      corsim_args+=(--platform corstone-320 -C "mps4_board.subsystem.ethosu.num_macs=${target##*-}") ;;
    cortex-m85*) platform=corstone-320; corsim_args+=(--platform corstone-320) ;;  # as ExecuTorch: the SSE-320 FVP
    cortex-m*) corsim_args+=(--platform corstone-300 --cpu cortex-m55) ;;  # ExecuTorch: every other Cortex-M on the SSE-300's M55
    *) die "target '$target' is not supported (ethos-u55-32/64/128/256, ethos-u85-128/256/512/1024/2048, cortex-m*)" ;;
  esac
  target_given=1
}
add_data() {
  local spec=$1 file addr
  file=${spec%@*}
  addr=${spec##*@}
  [ "$file" != "$spec" ] || die "--data expects FILE@ADDR, got '$spec'"
  if [ -z "$model" ] && { is_pte "$file" || [ "${file##*.}" = pte ]; }; then
    model=$file
    data_model_addr=$addr
  else
    corsim_args+=(--data "$spec")
  fi
}

# need_value REST...: the option's value, from `--opt=value` or the next argument (then skipped).
need_value() {
  if [ -n "$has_val" ]; then return 0; fi
  [ $# -gt 0 ] || die "$opt needs a value"
  val=$1
  shift_extra=1
}
# Options that take a value accept `--opt=value` and `--opt value` with one meaning.
while [ $# -gt 0 ]; do
  opt=$1 val="" has_val=""
  case "$opt" in
    --*=*) val=${opt#*=}; opt=${opt%%=*}; has_val=1 ;;
  esac
  shift_extra=0
  case "$opt" in
    -h|--help) usage; exit 0 ;;
    --) shift; corsim_args+=("$@"); break ;;
    # ExecuTorch's backends/arm/scripts/run_fvp.sh options, with its meaning:
    --elf) need_value "${@:2}"; set_firmware "$val" ;;
    --data) need_value "${@:2}"; add_data "$val" ;;
    --target) need_value "${@:2}"; set_target "$val" ;;
    --timeout) need_value "${@:2}"; timeout=$val ;;
    --semihosting-cwd) need_value "${@:2}"; corsim_args+=(--semihosting-root "$val") ;;
    --bundle) need_value "${@:2}"; bundle=$val ;;
    --etrecord) need_value "${@:2}"; etrecord=$val ;;
    --trace_file)
      need_value "${@:2}"
      echo "run_fvp.sh: warning: --trace_file=$val: the FVP's Ethos-U PMU trace is not produced by corsim; --trace FILE writes its Chrome trace of the operators" >&2 ;;
    --fast) corsim_args+=(-C "ethosu.extra_args=--fast") ;;
    # corsim additions.
    --input) need_value "${@:2}"; inputs+=("$val") ;;
    --report-json) need_value "${@:2}"; corsim_args+=(--report-json "$val") ;;
    --report-html|--report-csv) need_value "${@:2}"; corsim_args+=("$opt" "$val") ;;
    --dump-tensors) need_value "${@:2}"; corsim_args+=(--dump-tensors "$val"); runner_args+=" --tensor-markers" ;;
    --etdump) need_value "${@:2}"; corsim_args+=(--etdump "$val"); etdump_given=1 ;;
    --trace) need_value "${@:2}"; corsim_args+=(--chrome-trace "$val") ;;
    --itrace) if [ -n "$has_val" ]; then corsim_args+=("--trace=$val"); else corsim_args+=(--trace); fi ;;
    # corsim's own options pass through (corsim --help, docs/sim.md).
    --platform)
      need_value "${@:2}"; target_given=1
      if [ "$val" = corstone-320 ]; then platform=corstone-320; else platform=""; fi
      corsim_args+=(--platform "$val") ;;
    --semihosting-cmdline|--semihosting-root|--max-cycles|--stats|--chrome-trace|--cpu|--cpu-engine|--timing|--cyclelimit|--cpulimit|--simlimit|--timelimit|--config-file|--vela-config|--system-config|--memory-mode|--gdb)
      need_value "${@:2}"; corsim_args+=("$opt" "$val") ;;
    -C|-a|-f)
      [ $# -gt 1 ] || die "$opt needs a value"
      corsim_args+=("$opt" "$2"); shift_extra=1 ;;
    -C*) corsim_args+=("$opt") ;;
    -q|--quiet|--stat|--no-progress|--gdb-wait) corsim_args+=("$opt") ;;
    -*)
      # ExecuTorch's script ignores what it does not know; so does this one, but says so.
      echo "run_fvp.sh: warning: unknown option '$1' ignored" >&2 ;;
    *)
      if is_elf "$opt"; then
        set_firmware "$opt"
      elif is_pte "$opt"; then
        set_model "$opt"
      elif [ ! -e "$opt" ]; then
        die "'$opt' not found"
      else
        case "$opt" in
          *.pte|*.bpte) set_model "$opt" ;;  # not an ExecuTorch program: the runner says what is wrong with it
          *) die "'$opt' is neither an ELF firmware nor an ExecuTorch program (.pte)" ;;
        esac
      fi
      ;;
  esac
  shift
  [ "$shift_extra" = 0 ] || shift
done
corsim_args+=(--timeout "$timeout")
# --bundle (ExecuTorch: the semihosting runner reads the program from the host, `-m NAME` in its
# directory). The bundled runner reads a plain .pte that way; a BundleIO .bpte it reports as not
# supported.
if [ -n "$bundle" ]; then
  [ -f "$bundle" ] || die_model "bundle '$bundle' not found"
  [ -z "$model" ] || die "--bundle and a model given"
  bundle_dir=$(cd "$(dirname "$bundle")" && pwd)
  corsim_args+=(--semihosting-root "$bundle_dir" --semihosting-cmdline "executor_runner -m $(basename "$bundle") -o out")
fi
[ -z "$etrecord" ] || [ -z "$etdump_given" ] ||
  echo "run_fvp.sh: with the ETRecord: python3 -m devtools.inspector.inspector_cli --etdump_path ETDUMP --etrecord_path $etrecord --source_time_scale cycles --target_time_scale cycles" >&2
[ -z "$etrecord" ] || [ -n "$etdump_given" ] ||
  echo "run_fvp.sh: note: --etrecord=$etrecord is used with --etdump FILE (the Inspector's --etrecord_path)" >&2

if [ -z "$firmware" ] && [ -z "$model" ] && [ -z "$bundle" ] && [ ${#inputs[@]} -eq 0 ]; then
  # No argument: the executor runner with the bundled default model (both built by the project).
  # Build when nothing runnable is there yet (a fresh clone); else fall back to the demo firmware.
  # Only what this run needs (the simulator, corsim-pte, the runner and the demo model: minutes on
  # a fresh clone); scripts/test.sh builds the rest, every test included.
  if [ ! -x "$corsim" ] || { { [ ! -f "$runner" ] || [ ! -f "$bundled_model" ]; } && [ ! -f "$demo" ]; }; then
    build --target corsim corsim-pte corsim_demo_model corsim_runner_firmware
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
# NPU comes from the delegate's COP1 CONFIG word (corsim-pte npu-target; Vela ConfigRegister).
# A model corsim-pte cannot read keeps the Corstone-300 flow: the runner then reports what is wrong
# with it, as before.
if [ -n "$model" ] && [ -z "$target_given" ]; then
  [ -f "$model" ] || die_model "model '$model' not found"
  if [ ! -x "$corsim_pte" ]; then build --target corsim-pte || true; fi
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
    if [ ! -f "$runner_corstone320" ]; then build --target corsim_runner_firmware_corstone320; fi
    [ -f "$runner_corstone320" ] || die "the Corstone-320 executor runner was not built ($runner_corstone320)"
    firmware=$runner_corstone320
  else
    if [ ! -f "$runner" ]; then build --target corsim_runner_firmware; fi
    [ -f "$runner" ] || die "the executor runner was not built ($runner)"
    firmware=$runner
  fi
fi
if [ ! -x "$corsim" ]; then build --target corsim; fi
[ -x "$corsim" ] || die "corsim was not built ($corsim)"

tmp=""
cleanup() { [ -z "$tmp" ] || rm -rf "$tmp"; }
trap cleanup EXIT
if [ -n "$model" ] || [ ${#inputs[@]} -gt 0 ]; then
  cmdline="executor_runner"
  if [ -n "$model" ]; then
    [ -f "$model" ] || die_model "model '$model' not found"
    addr=${data_model_addr:-$model_addr}
    corsim_args+=(--data "$model@$addr")
    cmdline+=" --model-addr $addr --model-size $(stat -c %s "$model")"
  fi
  if [ ${#inputs[@]} -gt 0 ]; then
    # Semihosting only reaches files under its root: copy the inputs into a private directory.
    tmp=$(mktemp -d)
    i=0
    for f in "${inputs[@]}"; do
      [ -f "$f" ] || die_model "input '$f' not found"
      cp "$f" "$tmp/input$i.bin"
      cmdline+=" -i input$i.bin"
      i=$((i + 1))
    done
    corsim_args+=(--semihosting-root "$tmp")
  fi
  # --tensor-markers is the project's runner's option: another firmware (ExecuTorch's own runner)
  # does not get it, and corsim then dumps the NPU outputs only.
  if [ -n "$runner_args" ] && [ "$(realpath -- "$firmware")" != "$(realpath -- "$runner")" ] &&
     [ "$(realpath -- "$firmware")" != "$(realpath -- "$runner_corstone320")" ]; then
    runner_args=""
  fi
  corsim_args+=(--semihosting-cmdline "$cmdline$runner_args")
fi

[ -n "$tmp" ] || tmp=$(mktemp -d)
log=$tmp/console.log
# corsim's console is block-buffered into a pipe; a user watching a terminal sees it line by line.
line_buffered=()
if [ -t 1 ] && command -v stdbuf >/dev/null; then line_buffered=(stdbuf -oL); fi
set +e
"${line_buffered[@]}" "$corsim" "${corsim_args[@]}" "$firmware" | tee "$log"
status=${PIPESTATUS[0]}
set -e
# The firmware's error lines, shown verbatim whatever bytes surround them (-a: a console with raw
# bytes, such as an empty or corrupt model's identifier, is still read as text).
errors=$(grep -a -E '^(E \[|F \[|\[critical\]|Hard fault)' "$log" | head -5 || true)
if [ "$status" = 0 ] && [ -n "$errors" ]; then
  echo "run_fvp.sh: the firmware printed an error line:" >&2
  printf '%s\n' "$errors" >&2
  exit 1
fi
if [ "$status" != 0 ] && [ -n "$errors" ]; then
  echo "run_fvp.sh: the firmware's first error line: $(printf '%s\n' "$errors" | head -1)" >&2
fi
exit "$status"
