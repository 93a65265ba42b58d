#!/usr/bin/env bash
# BENCHMARKS.md, sweeps: a scan as 1 shard against the same scan as 2 shards run at once, each
# shard one process on one core (GOMAXPROCS=1), as on nodes of a cluster. Prints, for each run,
# the wall time and the CPU time (user+sys) of every shard. On a shared machine the wall times
# follow the load; the CPU times measure the work, and max(shard CPU) against the 1-shard CPU is
# the speed-up two free cores would give.
#   scripts/bench-sweep.sh PATTERN TO [RUNS]      e.g. scripts/bench-sweep.sh '0.??' 40000 3
set -euo pipefail
cd "$(dirname "$0")/.."
pattern=${1:?pattern} to=${2:?to} runs=${3:-3}
bin=$(mktemp -d)/grundy
trap 'rm -rf "$(dirname "$bin")"' EXIT
go build -o "$bin" ./cmd/grundy
TIMEFORMAT='%R %U %S'
shard() { # I N -> "wall cpu"
  local t; t=$( { time GOMAXPROCS=1 "$bin" octal scan "$pattern" --to "$to" --shard "$1/$2" >/dev/null 2>&1; } 2>&1 )
  awk -v t="$t" 'BEGIN { split(t, a, " "); printf "%.2f %.2f\n", a[1], a[2] + a[3] }'
}
echo "pattern $pattern, to $to, load average $(cut -d' ' -f1-3 /proc/loadavg)"
for r in $(seq "$runs"); do
  one=$(shard 0 1)
  start=$(date +%s%N)
  shard 0 2 > "$bin.0" & shard 1 2 > "$bin.1" & wait
  end=$(date +%s%N)
  read -r w0 c0 < "$bin.0"; read -r w1 c1 < "$bin.1"
  read -r w c <<< "$one"
  awk -v r="$r" -v w="$w" -v c="$c" -v w2="$(( (end - start) / 1000000 ))" -v c0="$c0" -v c1="$c1" 'BEGIN {
    m = c0 > c1 ? c0 : c1
    printf "run %d: 1 shard: wall %.2fs cpu %.2fs | 2 shards: wall %.2fs, cpu %.2fs + %.2fs | wall speed-up %.2f, cpu speed-up %.2f\n", r, w, c, w2 / 1000, c0, c1, w / (w2 / 1000), c / m }'
done
