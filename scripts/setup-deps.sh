#!/usr/bin/env bash
# Installs exactly the Debian packages corsim needs that are missing. Idempotent.
set -euo pipefail
packages=(
  cmake ninja-build g++ pkg-config
  libelf-dev            # ELF loading
  libfmt-dev libspdlog-dev   # formatting and logging
  libgtest-dev libgmock-dev  # unit tests
  libbenchmark-dev      # bench/
  libxbyak-dev          # the CPU's block JIT on x86-64 hosts (cpu/jit/): header-only x86 assembler
  flatbuffers-compiler libflatbuffers-dev   # .pte (ExecuTorch flatbuffer) reader and writer
  gcc-arm-none-eabi libnewlib-arm-none-eabi libstdc++-arm-none-eabi-newlib  # firmware
  qemu-system-arm       # differential tests against -M mps3-an547
  gdb-multiarch         # tests/gdb: a real GDB debugs firmware through corsim --gdb in batch mode
  clang-14 llvm-14      # PACBTI firmware (GCC 12 cannot emit it), encoding/disassembly checks, CoreMark with the M55 FPGA's LLVM flags
  python3               # small test helpers; tools/sweep/corsim-sweep
  parallel              # corsim-sweep's local engine (GNU parallel)
  slurm-wlm munge       # corsim-sweep's cluster engine: tests/dropin starts a single-node Slurm
  chromium              # tests/e2e/report_test.py renders the HTML report headless (DOM check, screenshot)
  dpkg-dev fakeroot     # cpack -G DEB (dpkg-shlibdeps) for the Debian package test
  # Fuzzing and the sanitizer CI (docs/reliability.md): libFuzzer needs clang; the fuzzer and
  # sanitizer runtimes come with libclang-rt-14-dev, libFuzzer's own library with libfuzzer-14-dev.
  libclang-rt-14-dev libfuzzer-14-dev
)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
echo "corsim: installing ${missing[*]}" >&2
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
