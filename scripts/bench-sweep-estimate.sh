#!/usr/bin/env bash
# BENCHMARKS.md, the four-digit sweep on paper: the CPU time of a fixed random sample of the
# four-digit octal codes 0.d1d2d3d4 at two heap bounds, each code one process on one core, so that
# the cost of each code at 10^7 can be extrapolated from its measured growth.
#   scripts/bench-sweep-estimate.sh [SAMPLE] [N1] [N2]     (defaults 48, 10000, 40000)
# Prints: code, then for N1 and N2 the CPU seconds, computed_to, proved, method.
set -euo pipefail
cd "$(dirname "$0")/.."
sample=${1:-48} n1=${2:-10000} n2=${3:-40000}
bin=$(mktemp -d)/grundy
trap 'rm -rf "$(dirname "$bin")"' EXIT
go build -o "$bin" ./cmd/grundy
TIMEFORMAT='%U %S'
# A fixed sample (an LCG seeded with 17) of the 4096 codes 0.d1d2d3d4, d1..d4 in 0..7.
codes=$(awk -v k="$sample" 'BEGIN { x = 17; while (n < k) { x = (x * 1103515245 + 12345) % 2147483648; c = int(x / 65536) % 4096;
  if (!(c in seen)) { seen[c] = 1; n++; printf "0.%d%d%d%d\n", int(c / 512), int(c / 64) % 8, int(c / 8) % 8, c % 8 } } }')
for code in $codes; do
  line=$code
  for n in $n1 $n2; do
    t=$( { time GOMAXPROCS=1 "$bin" octal "$code" --to "$n" --summary --json > "$bin.json"; } 2>&1 )
    info=$(sed -E 's/.*"computed_to":([0-9]+).*"proved":(true|false).*"method":"([a-z-]+)".*/\1 \2 \3/' "$bin.json")
    line="$line $(awk -v t="$t" 'BEGIN { split(t, a, " "); printf "%.3f", a[1] + a[2] }') $info"
  done
  echo "$line"
done
