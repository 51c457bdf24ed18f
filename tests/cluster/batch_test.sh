#!/usr/bin/env bash
# A study spread over machines, end to end on real batch tools (docs/cluster.md): a sim and a
# report split into shards, run by GNU parallel and by a one-node Slurm cluster started here
# (munged, slurmctld and slurmd on 127.0.0.1, ports of their own, everything in a temporary
# folder, all stopped after), then merged; each merge must equal, byte for byte, what one
# machine prints for the whole study.
# Usage: batch_test.sh CHERRIES. Needs GNU parallel, and Slurm with munge as root (scripts/setup
# test installs them): exit 77 (skipped) without them, unless CI=true, where it fails.
set -euo pipefail
cherries=$1
skip() {
  if [ "${CI:-}" = true ]; then echo "batch test: FAIL: $1 (CI=true: it must run)" >&2; exit 1; fi
  echo "batch test: skipped: $1" >&2; exit 77
}
fail() { echo "batch test: FAIL: $*" >&2; exit 1; }
for tool in parallel sbatch squeue slurmctld slurmd munged mungekey python3; do
  command -v "$tool" >/dev/null || skip "$tool is missing (bash scripts/setup test)"
done
[ "$(id -u)" -eq 0 ] || skip "slurmd runs jobs as their user, so it must start as root (run as root, or in CI)"

work=$(mktemp -d)
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do
    for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$pid" 2>/dev/null || true
  done
  rm -rf "$work"
}
trap cleanup EXIT
cd "$work"

# The whole studies, on one machine.
sim=(sim --games 60 --players 3 --bot greedy --seed 11 --quiet)
report=(report --games 30 --players 2,3 --bots random,greedy --seed 7 --jobs 1)
"$cherries" "${sim[@]}" --json >whole-sim.json 2>/dev/null
"$cherries" "${report[@]}" -o whole.html --json whole-report.json 2>/dev/null

# merged NAME: the sim and report parts in parts-NAME/ merged, compared with the whole studies.
merged() {
  local name=$1
  "$cherries" merge --json parts-"$name"/sim-*.json >merged-sim-"$name".json || fail "$name: merge of the sim parts"
  cmp whole-sim.json merged-sim-"$name".json || fail "$name: the merged sim differs from the whole"
  "$cherries" report --from parts-"$name"/report-*.json -o merged-"$name".html --json merged-report-"$name".json \
    2>/dev/null || fail "$name: merge of the report parts"
  cmp whole-report.json merged-report-"$name".json || fail "$name: the merged report's numbers differ from the whole"
  cmp whole.html merged-"$name".html || fail "$name: the merged report page differs from the whole"
  echo "batch test: $name: 3 sim parts and 3 report parts merged, byte for byte the whole"
}

# GNU parallel, local slots.
mkdir parts-parallel
seq 1 3 | parallel --will-cite --halt now,fail=1 -j 2 \
  "'$cherries' ${sim[*]} --shard {}/3 > parts-parallel/sim-{}.json" || fail "parallel: a sim shard failed"
seq 1 3 | parallel --will-cite --halt now,fail=1 -j 2 \
  "'$cherries' ${report[*]} --shard {}/3 -o parts-parallel/report-{}.json 2>/dev/null" || fail "parallel: a report shard failed"
merged parallel

# Slurm: one node, this machine, on loopback ports nobody else uses.
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
mkdir -p munge state spool logs
chmod 711 munge  # munged wants its socket's folder searchable by all
mungekey --create --keyfile="$work/munge/munge.key" 2>/dev/null || fail "mungekey could not make a key"
munged --foreground --force --key-file="$work/munge/munge.key" --socket="$work/munge/munge.socket" \
  --pid-file="$work/munge/munged.pid" --log-file="$work/munge/munged.log" --seed-file="$work/munge/munged.seed" \
  2>munge/munged.out &
pids+=($!)
node=$(hostname -s)
ctld_port=$(free_port)
slurmd_port=$(free_port)
cat >slurm.conf <<EOF
ClusterName=cherriestest
SlurmctldHost=$node(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
AuthType=auth/munge
AuthInfo=socket=$work/munge/munge.socket
CredType=cred/munge
SlurmUser=root
SlurmdUser=root
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/logs/slurmctld.log
SlurmdLogFile=$work/logs/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/builtin
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
MpiDefault=none
ReturnToService=2
NodeName=$node NodeAddr=127.0.0.1 CPUs=2 State=UNKNOWN
PartitionName=study Nodes=$node Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF=$work/slurm.conf
for _ in $(seq 100); do [ -S "$work/munge/munge.socket" ] && break; sleep 0.1; done
[ -S "$work/munge/munge.socket" ] || fail "munged did not start: $(cat munge/munged.log 2>/dev/null)"
slurmctld -D -i -f "$SLURM_CONF" >logs/slurmctld.out 2>&1 &
pids+=($!)
slurmd -D -N "$node" -f "$SLURM_CONF" >logs/slurmd.out 2>&1 &
pids+=($!)
# The node is up when sinfo says it is idle (20 s at most).
for _ in $(seq 200); do
  [ "$(sinfo -h -n "$node" -o %t 2>/dev/null)" = idle ] && break
  sleep 0.1
done
[ "$(sinfo -h -n "$node" -o %t 2>/dev/null)" = idle ] ||
  fail "the Slurm node did not come up: $(tail -5 logs/slurmctld.log logs/slurmd.log logs/*.out 2>/dev/null)"

mkdir parts-slurm
cat >study.sbatch <<EOF
#!/bin/bash
#SBATCH --job-name=cherries-study
#SBATCH --output=$work/logs/%A_%a.out
set -e
k=\$SLURM_ARRAY_TASK_ID
n=\$SLURM_ARRAY_TASK_COUNT
'$cherries' ${sim[*]} --shard \$k/\$n > '$work/parts-slurm/sim-'\$k.json
'$cherries' ${report[*]} --shard \$k/\$n -o '$work/parts-slurm/report-'\$k.json
EOF
# --wait: sbatch returns when every task has ended, with the array's worst exit code.
timeout 300 sbatch --wait --array=1-3 --chdir="$work" study.sbatch >logs/sbatch.out 2>&1 ||
  fail "the Slurm array did not succeed: $(cat logs/sbatch.out; tail -5 logs/*_*.out logs/slurmd.log 2>/dev/null)"
merged slurm
echo "batch test: passed"
