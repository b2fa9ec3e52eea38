#!/usr/bin/env bash
# CTest dropin.install_and_package: `cmake --install` into a temporary prefix; the example project
# (examples/model_test) configured against it with find_package(corsim), its tests passing and
# failing as they should; the FVP drop-ins and run_fvp.sh run from the installed tree; the Debian
# package (cpack -G DEB) installed by dpkg into an empty root (--root: its own dpkg database, no
# chroot: the host's shared libraries serve the binaries) and its Depends resolvable by apt
# (apt-get install --simulate), and the demo run from that root.
# Arguments: the build folder, the source folder.
set -uo pipefail
build=$1 src=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
ok() { echo "ok   $*"; }
bad() { echo "FAIL $*"; fail=1; }

cmake --install "$build" --prefix "$tmp/prefix" >"$tmp/install.log" 2>&1 || { cat "$tmp/install.log"; bad "cmake --install"; exit 1; }
p=$tmp/prefix
for f in bin/corsim bin/corsim-pte bin/corsim-sweep bin/corsim-compare lib/corsim/fvp/FVP_Corstone_SSE-300_Ethos-U55 lib/corsim/fvp/FVP_Corstone_SSE-320 \
         share/corsim/run_fvp.sh share/corsim/firmware/executor_runner.elf share/corsim/firmware/executor_runner_corstone320.elf \
         share/corsim/models/demo_classifier/model.pte lib/cmake/corsim/corsimConfig.cmake; do
  [ -e "$p/$f" ] || bad "not installed: $f"
done

# The FVP drop-in from the installed tree, by name on PATH.
PATH=$p/lib/corsim/fvp:$PATH FVP_Corstone_SSE-300_Ethos-U55 -C mps3_board.uart0.shutdown_on_eot=1 \
  -a "$p/share/corsim/firmware/executor_runner.elf" --data "$p/share/corsim/models/demo_classifier/model.pte@0x70000000" \
  --timelimit 60 >"$tmp/fvp.log" 2>&1 && grep -q "Program complete, exiting." "$tmp/fvp.log" && ok "installed FVP drop-in" ||
  { tail -5 "$tmp/fvp.log"; bad "installed FVP drop-in"; }

# run_fvp.sh from the installed tree: the bundled runner and demo model, nothing built.
"$p/share/corsim/run_fvp.sh" -q >"$tmp/run.log" 2>&1 && grep -q "Program complete, exiting." "$tmp/run.log" && ok "installed run_fvp.sh" ||
  { tail -5 "$tmp/run.log"; bad "installed run_fvp.sh"; }

# The example project: configure against the prefix, run its tests.
cmake -S "$src/examples/model_test" -B "$tmp/example" -DCMAKE_PREFIX_PATH="$p" -DEXAMPLE_FAILING_TESTS=ON >"$tmp/ex.log" 2>&1 ||
  { cat "$tmp/ex.log"; bad "example configure"; exit 1; }
ctest --test-dir "$tmp/example" --output-on-failure >"$tmp/ctest.log" 2>&1
passed() { grep -qE "Test +#[0-9]+: $1 \.+ +Passed" "$tmp/ctest.log"; }
failed() { grep -qE "Test +#[0-9]+: $1 \.+\*\*\*Failed" "$tmp/ctest.log"; }
passed demo_classifier && [ -s "$tmp/example/corsim_tests/demo_classifier/demo_classifier.report.json" ] &&
  ok "example: demo_classifier passes, report kept" || { cat "$tmp/ctest.log"; bad "example demo_classifier"; }
failed demo_wrong_output && grep -q "demo_wrong_output: output 0 differs from" "$tmp/ctest.log" &&
  ok "example: wrong output fails" || bad "example demo_wrong_output"
failed demo_over_budget && grep -q "demo_over_budget: cycle budget of 100000 exceeded (corsim status 4)" "$tmp/ctest.log" &&
  ok "example: cycle budget overrun fails" || bad "example demo_over_budget"

# The Debian package.
cpack --config "$build/CPackConfig.cmake" -B "$tmp/deb" >"$tmp/cpack.log" 2>&1 || { cat "$tmp/cpack.log"; bad "cpack"; exit 1; }
deb=$(ls "$tmp"/deb/corsim_*.deb)
dpkg-deb -f "$deb" Depends | grep -q "libfmt" || bad "deb: Depends lacks the shared libraries: $(dpkg-deb -f "$deb" Depends)"
apt-get install --simulate "$deb" >"$tmp/apt.log" 2>&1 && grep -q "^Inst corsim" "$tmp/apt.log" && ok "deb: dependencies resolvable" ||
  { cat "$tmp/apt.log"; bad "deb: apt-get install --simulate"; }
root=$tmp/root
mkdir -p "$root/var/lib/dpkg/info" "$root/var/lib/dpkg/updates"
: >"$root/var/lib/dpkg/status"
dpkg --root="$root" --force-depends --force-script-chrootless -i "$deb" >"$tmp/dpkg.log" 2>&1 || { cat "$tmp/dpkg.log"; bad "dpkg -i"; }
grep -q "^Status: install ok installed" "$root/var/lib/dpkg/status" || bad "dpkg: corsim not installed in the root"
"$root/usr/share/corsim/run_fvp.sh" -q >"$tmp/deb-run.log" 2>&1 && grep -q "Program complete, exiting." "$tmp/deb-run.log" &&
  ok "deb: demo runs from the installed package" || { tail -5 "$tmp/deb-run.log"; bad "deb demo"; }
cmake -S "$src/examples/model_test" -B "$tmp/example-deb" -DCMAKE_PREFIX_PATH="$root/usr" >/dev/null 2>&1 &&
  ctest --test-dir "$tmp/example-deb" >/dev/null 2>&1 && ok "deb: the example passes against the package" || bad "deb example"
exit $fail
