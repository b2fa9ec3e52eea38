#!/usr/bin/env bash
# Runs firmware on corsim, the way ExecuTorch users run it on the Corstone FVP.
#
#   scripts/run_fvp.sh                          # the bundled demo firmware
#   scripts/run_fvp.sh firmware.elf [options]   # options go to corsim (see: corsim --help, docs/sim.md)
#
# Builds corsim (and, for the demo, the firmware) with scripts/build.sh when they are missing.
# The build directory is build/ or $CORSIM_BUILD_DIR. Exit status: corsim's (docs/sim.md).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${CORSIM_BUILD_DIR:-$root/build}
corsim=$build/sim/corsim
demo=$build/firmware/demo.elf

usage() {
  sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'
}

# Argument parsing: one pass, one case per option. Options of ExecuTorch's run_fvp.sh (--elf=,
# --data=, --timeout=, --semihosting-cwd=, --target=, the .pte argument) are added here as cases
# that append corsim options; everything unknown passes through to corsim unchanged.
firmware=""
corsim_args=()
while [ $# -gt 0 ]; do
  case "$1" in
    -h|--help)
      usage
      exit 0
      ;;
    --)
      shift
      corsim_args+=("$@")
      break
      ;;
    -*)
      corsim_args+=("$1")
      # corsim options that take a separate value: keep the value with its option.
      case "$1" in
        --platform|--data|--semihosting-cmdline|--semihosting-root|--max-cycles|--timeout|--stats|-C|-a|--timelimit)
          if [ $# -gt 1 ]; then corsim_args+=("$2"); shift; fi
          ;;
      esac
      ;;
    *.elf|*.axf)
      if [ -n "$firmware" ]; then
        echo "run_fvp.sh: more than one firmware given ('$firmware', '$1')" >&2
        exit 2
      fi
      firmware=$1
      ;;
    *)
      corsim_args+=("$1")
      ;;
  esac
  shift
done

if [ -z "$firmware" ]; then
  if [ ! -x "$corsim" ] || [ ! -f "$demo" ]; then
    "$root/scripts/build.sh" >&2
  fi
  if [ ! -f "$demo" ]; then
    echo "run_fvp.sh: the demo firmware was not built ($demo); is the firmware build enabled (CORSIM_BUILD_FIRMWARE=ON) and arm-none-eabi-gcc installed?" >&2
    exit 2
  fi
  firmware=$demo
elif [ ! -x "$corsim" ]; then
  "$root/scripts/build.sh" --target corsim >&2
fi

if [ ! -x "$corsim" ]; then
  echo "run_fvp.sh: corsim was not built ($corsim)" >&2
  exit 2
fi
exec "$corsim" "${corsim_args[@]}" "$firmware"
