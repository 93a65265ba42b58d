#!/usr/bin/env bash
# End-to-end test of deploy/slurm/sweep.sbatch: starts munge, a one-node Slurm cluster (slurmctld +
# slurmd) and a throwaway PostgreSQL server, all in a temporary directory on loopback ports, runs
# the job array of the two-digit codes as 4 tasks under Slurm, and checks that the merged
# catalogue equals a single-process scan's. Needs root (slurmd) and Debian's slurm-wlm, munge and
# postgresql (scripts/test.sh installs them). Outside CI it skips, saying why, when it cannot run;
# under CI (CI=true) that is a failure.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD

skip() {
  if [ "${CI:-}" = true ]; then echo "test-slurm: FAIL: $*"; exit 1; fi
  echo "test-slurm: skipped: $*"; exit 0
}
[ "$(id -u)" = 0 ] || skip "slurmd needs root"
for cmd in munged slurmctld slurmd sbatch sinfo scontrol; do
  command -v "$cmd" >/dev/null || skip "$cmd is missing (install Debian's slurm-wlm and munge; scripts/test.sh does as root)"
done
pgbin=$(dirname "$(ls /usr/lib/postgresql/*/bin/initdb 2>/dev/null | sort -V | tail -1)")
[ -x "$pgbin/initdb" ] || skip "initdb is missing (install Debian's postgresql)"
id postgres >/dev/null 2>&1 && pguser=postgres || pguser=nobody

start=$(date +%s)
tmp=$(mktemp -d /tmp/grundy-slurm-XXXXXX)
chmod 755 "$tmp"
export SLURM_CONF=$tmp/slurm.conf
cleanup() {
  scontrol shutdown >/dev/null 2>&1 || true
  for f in slurmd.pid slurmctld.pid munge/munged.pid; do
    if [ -f "$tmp/$f" ]; then kill "$(cat "$tmp/$f" 2>/dev/null)" 2>/dev/null || true; fi
  done
  runuser -u "$pguser" -- "$pgbin/pg_ctl" -D "$tmp/pg/data" -m immediate stop >/dev/null 2>&1 || true
  sleep 1
  rm -rf "$tmp"
}
trap cleanup EXIT

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])' 2>/dev/null || echo $((20000 + RANDOM % 20000)); }
wait_for() { # seconds, description, command…
  local n=$1 what=$2; shift 2
  for _ in $(seq "$((n * 5))"); do "$@" >/dev/null 2>&1 && return 0; sleep 0.2; done
  echo "test-slurm: FAIL: $what did not come up"; tail -n 20 "$tmp"/log/* "$tmp"/pg/log 2>/dev/null; exit 1
}

echo "== building grundy"
go build -o "$tmp/grundy" ./cmd/grundy

echo "== munge"
mkdir -m 700 "$tmp/munge"
head -c 1024 /dev/urandom > "$tmp/munge/munge.key"; chmod 400 "$tmp/munge/munge.key"
munged -f --key-file="$tmp/munge/munge.key" --socket="$tmp/munge/munge.sock" --pid-file="$tmp/munge/munged.pid" \
  --log-file="$tmp/munge/munged.log" --seed-file="$tmp/munge/seed"
chmod 755 "$tmp/munge"

echo "== postgresql (as $pguser)"
mkdir "$tmp/pg"; chown "$pguser" "$tmp/pg"
pgport=$(free_port)
runuser -u "$pguser" -- "$pgbin/initdb" -D "$tmp/pg/data" -U grundy --auth=trust --locale=C --no-sync >/dev/null
runuser -u "$pguser" -- "$pgbin/pg_ctl" -D "$tmp/pg/data" -l "$tmp/pg/log" -w \
  -o "-p $pgport -c listen_addresses=127.0.0.1 -c unix_socket_directories=$tmp/pg" start >/dev/null
dsn="postgres://grundy@127.0.0.1:$pgport/postgres?sslmode=disable"

echo "== slurm (one node)"
mkdir -p "$tmp/state" "$tmp/spool" "$tmp/log" "$tmp/out"
host=$(hostname -s)
cat > "$SLURM_CONF" <<EOF
ClusterName=grundytest
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$(free_port)
SlurmdPort=$(free_port)
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$tmp/munge/munge.sock
StateSaveLocation=$tmp/state
SlurmdSpoolDir=$tmp/spool
SlurmctldPidFile=$tmp/slurmctld.pid
SlurmdPidFile=$tmp/slurmd.pid
SlurmctldLogFile=$tmp/log/slurmctld.log
SlurmdLogFile=$tmp/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
MpiDefault=none
ReturnToService=2
NodeName=$host NodeAddr=127.0.0.1 CPUs=$(nproc) State=UNKNOWN
PartitionName=test Nodes=ALL Default=YES MaxTime=10 State=UP
EOF
slurmctld -i
wait_for 30 slurmctld scontrol ping
slurmd
wait_for 30 "the node" sh -c 'sinfo -h -o %t | grep -q idle'

echo "== the job array of deploy/slurm/sweep.sbatch: 0.?? to 3000 in 4 tasks"
GRUNDY_DB=$dsn GRUNDY=$tmp/grundy timeout 100 sbatch --wait --array=0-3 --chdir="$tmp/out" \
  --output="$tmp/out/task-%a.out" --error="$tmp/out/task-%a.err" deploy/slurm/sweep.sbatch '0.??' 3000 >/dev/null || {
  echo "test-slurm: FAIL: the job array failed"; tail -n 5 "$tmp"/out/*; exit 1; }
grep -h "done" "$tmp"/out/task-*.err

echo "== the merged catalogue against a single-process scan"
"$tmp/grundy" octal scan '0.??' --to 3000 --save --db "$tmp/ref.db" >/dev/null
table() { "$tmp/grundy" octal catalogue --db "$1" --format csv | cut -d, -f1-8; }
if ! diff <(table "$tmp/ref.db") <(table "$dsn") >"$tmp/diff"; then
  echo "test-slurm: FAIL: the catalogue of the job array differs from the single scan's:"; head -20 "$tmp/diff"; exit 1
fi
rows=$(table "$dsn" | tail -n +2 | wc -l)
[ "$rows" = 64 ] || { echo "test-slurm: FAIL: $rows rows, want 64"; exit 1; }
echo "test-slurm: ok: 4 array tasks stored the 64 two-digit codes, the same table as one process ($(( $(date +%s) - start ))s)"
