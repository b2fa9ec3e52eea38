#!/usr/bin/env bash
# CTest dropin.sweep_parallel / dropin.sweep_slurm: corsim-sweep runs a 3x3x2 matrix (three bundled
# models x three DDR latencies x two CPU timing models) and merges one table.
#   parallel: GNU parallel on this machine.
#   slurm:    a single-node Slurm (munged + slurmctld + slurmd from Debian's slurm-wlm) started
#             here in a temporary folder on private ports, the sweep submitted as a job array with
#             `sbatch --wait`, the daemons stopped afterwards.
# Checks: 18 rows, all status 0; each row equals its cell's own --stats file (the merge); a cell
# re-run directly with corsim gives the same cycles (the cell ran what the matrix says); per model
# and CPU the cycles never fall as the DDR latency grows (the memory axis reached the simulator);
# a cell that fails (a model compiled for another MAC count) is status 5 in the table and the sweep
# exits 1.
# Arguments: ENGINE corsim-sweep corsim runner models-build-folder.
set -uo pipefail
engine=$1 sweep=$2 corsim=$3 runner=$4 models=$5
for f in "$sweep" "$corsim" "$runner" "$models/demo_classifier/model.pte" "$models/depthwise_stride3/model.pte" \
         "$models/cpu_only_softmax/model.pte" "$models/fc_softmax/model.pte"; do
  [ -e "$f" ] || { echo "FAIL: missing $f"; exit 1; }
done
tmp=$(mktemp -d)
daemons=()
cleanup() {
  for pidfile in "${daemons[@]}"; do [ -f "$pidfile" ] && kill "$(cat "$pidfile")" 2>/dev/null; done
  sleep 0.5
  rm -rf "$tmp"
}
trap cleanup EXIT
cat >"$tmp/matrix.json" <<JSON
{"corsim": "$corsim", "firmware": "$runner", "max_cycles": 500000000,
 "models": {"demo": "$models/demo_classifier/model.pte", "depthwise": "$models/depthwise_stride3/model.pte",
            "cpu_softmax": "$models/cpu_only_softmax/model.pte"},
 "memory": {"ddr-10": ["-C", "memory.DDR.latency=10"], "ddr-40": ["-C", "memory.DDR.latency=40"],
            "ddr-160": ["-C", "memory.DDR.latency=160"]},
 "cpu": {"m55": ["--cpu", "cortex-m55"], "m85": ["--cpu", "cortex-m85"]}}
JSON
cat >"$tmp/bad.json" <<JSON
{"corsim": "$corsim", "firmware": "$runner", "models": {"fc_u55_32": "$models/fc_softmax/model.pte"}}
JSON

start_slurm() {
  command -v slurmctld >/dev/null && command -v slurmd >/dev/null && command -v munged >/dev/null ||
    { echo "FAIL: slurm-wlm/munge not installed (scripts/setup-deps.sh)"; exit 1; }
  local s=$tmp/slurm host
  host=$(hostname -s)
  mkdir -p "$s/state" "$s/spool" "$s/munge"
  dd if=/dev/urandom of="$s/munge/key" bs=1024 count=1 2>/dev/null
  chmod 400 "$s/munge/key"
  munged --key-file="$s/munge/key" --socket="$s/munge/sock" --pid-file="$s/munge/pid" --log-file="$s/munge/log" \
    --seed-file="$s/munge/seed" --force || { echo "FAIL: munged did not start"; exit 1; }
  daemons+=("$s/munge/pid")
  local port=$((20000 + RANDOM % 20000))
  cat >"$s/slurm.conf" <<CONF
ClusterName=corsimsweep
SlurmctldHost=$host
SlurmctldPort=$port
SlurmdPort=$((port + 1))
AuthType=auth/munge
AuthInfo=socket=$s/munge/sock
CryptoType=crypto/munge
SlurmUser=root
SlurmdUser=root
StateSaveLocation=$s/state
SlurmdSpoolDir=$s/spool
SlurmctldPidFile=$s/slurmctld.pid
SlurmdPidFile=$s/slurmd.pid
SlurmctldLogFile=$s/ctld.log
SlurmdLogFile=$s/d.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
MpiDefault=none
ReturnToService=2
NodeName=$host CPUs=$(nproc) State=UNKNOWN
PartitionName=sweep Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
  export SLURM_CONF=$s/slurm.conf
  slurmctld -c -f "$SLURM_CONF" || { echo "FAIL: slurmctld did not start"; exit 1; }
  daemons+=("$s/slurmctld.pid")
  slurmd -f "$SLURM_CONF" || { echo "FAIL: slurmd did not start"; exit 1; }
  daemons+=("$s/slurmd.pid")
  for _ in $(seq 1 30); do
    sinfo -h -o %t 2>/dev/null | grep -q idle && return 0
    sleep 0.5
  done
  echo "FAIL: the Slurm node never became idle"; tail -5 "$s/ctld.log" "$s/d.log"; exit 1
}

fail=0
case "$engine" in
  parallel) "$sweep" run "$tmp/matrix.json" --work "$tmp/w" --engine parallel --jobs 2 || { echo "FAIL: sweep status $?"; fail=1; } ;;
  slurm)
    start_slurm
    # Bounded, so the daemons are always stopped by the EXIT trap (CTest's own timeout would kill the script).
    timeout 140 "$sweep" run "$tmp/matrix.json" --work "$tmp/w" --engine slurm --wait || { echo "FAIL: sweep status $?"; fail=1; }
    grep -qx '#SBATCH --array=0-17' "$tmp/w/sweep.sbatch" || { echo "FAIL: sbatch script"; cat "$tmp/w/sweep.sbatch"; fail=1; }
    ls "$tmp"/w/jobs/slurm-*_17.out >/dev/null 2>&1 || { echo "FAIL: no Slurm output of task 17"; fail=1; } ;;
  *) echo "unknown engine $engine"; exit 2 ;;
esac

python3 - "$tmp/w" "$corsim" "$runner" "$models" <<'PY' || fail=1
import csv, json, os, subprocess, sys
work, corsim, runner, models = sys.argv[1:]
rows = list(csv.DictReader(open(os.path.join(work, "results.csv"))))
bad = []
if len(rows) != 18:
    bad.append(f"{len(rows)} rows, expected 18")
plan = json.load(open(os.path.join(work, "plan.json")))
for i, (cell, row) in enumerate(zip(plan["cells"], rows)):
    stats = json.load(open(os.path.join(work, "jobs", f"{i}.stats.json")))
    if row["status"] != "0":
        bad.append(f"row {i}: status {row['status']} {row['error']}")
    if [row[k] for k in ("model", "npu", "memory", "cpu")] != [cell[k] for k in ("model", "npu", "memory", "cpu")]:
        bad.append(f"row {i}: axes {row} != cell {cell}")
    if int(row["cycles"]) != stats["cycles"] or int(row["instructions"]) != stats["instructions"]:
        bad.append(f"row {i}: cycles/instructions differ from its stats file")
# One cell run by hand: the depthwise model, DDR latency 160, Cortex-M85.
r = [x for x in rows if (x["model"], x["memory"], x["cpu"]) == ("depthwise", "ddr-160", "m85")][0]
model = os.path.join(models, "depthwise_stride3", "model.pte")
subprocess.run([corsim, "-q", "--data", f"{model}@0x70000000", "--semihosting-cmdline",
                f"executor_runner --model-addr 0x70000000 --model-size {os.path.getsize(model)}",
                "--stats", os.path.join(work, "direct.json"), "-C", "memory.DDR.latency=160", "--cpu", "cortex-m85", runner],
               stdout=subprocess.DEVNULL, check=True)
direct = json.load(open(os.path.join(work, "direct.json")))
if direct["cycles"] != int(r["cycles"]):
    bad.append(f"direct run: {direct['cycles']} cycles, the sweep's row {r['cycles']}")
# DDR latency: never fewer cycles with a slower DDR; and it matters for the NPU model (DDR-resident weights).
for model in ("demo", "depthwise", "cpu_softmax"):
    for cpu in ("m55", "m85"):
        c = [int(x["cycles"]) for lat in ("ddr-10", "ddr-40", "ddr-160") for x in rows
             if (x["model"], x["memory"], x["cpu"]) == (model, lat, cpu)]
        if c != sorted(c):
            bad.append(f"{model} {cpu}: cycles fall as DDR latency grows: {c}")
        if c[0] == c[-1]:
            bad.append(f"{model} {cpu}: DDR latency 10 and 160 give the same cycles {c[0]}: the axis did not reach the simulator")
for b in bad:
    print("FAIL", b)
print("ok   table" if not bad else f"{len(bad)} failure(s)")
sys.exit(1 if bad else 0)
PY

# A failing cell: status 5 in the table, the sweep exits 1. A bad matrix: one line, status 2.
if [ "$engine" = parallel ]; then
  echo '{"firmware": "x.elf", "models": {"m": "no-such.pte"}}' >"$tmp/badmatrix.json"
  err=$("$sweep" run "$tmp/badmatrix.json" --work "$tmp/bm" 2>&1 >/dev/null)
  status=$?
  [ "$status" = 2 ] && [ "$(wc -l <<<"$err")" = 1 ] && [[ "$err" == "corsim-sweep: error: model 'm': "*"no-such.pte' not found" ]] ||
    { echo "FAIL: bad matrix: status $status, '$err'"; fail=1; }
  "$sweep" run "$tmp/bad.json" --work "$tmp/bad" --engine parallel >/dev/null
  status=$?
  [ "$status" = 1 ] && grep -q '^fc_u55_32,default,default,default,5,' "$tmp/bad/results.csv" ||
    { echo "FAIL: failing cell: status $status"; cat "$tmp/bad/results.csv"; fail=1; }
fi
exit $fail
