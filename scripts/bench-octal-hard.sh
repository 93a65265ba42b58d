#!/usr/bin/env bash
# Same-run comparison (BENCHMARKS.md, "Octal games"): Officers (0.6) and
# Grundy's game to heap 2^21-1, T. Czajka's table rows, by grundy binaries and by `ogsolve -m rc`
# (beling/impartial-games, built outside this repository), interleaved, ROUNDS times. Prints the
# processor's model line first (every figure names its CPU), then one line a run: wall seconds,
# CPU seconds (user + system), the peak memory and the load average when the run started (on a
# shared machine compare CPU seconds and ratios within a round; wall times measure the scheduler).
# Set GRUNDY_KERNELS to force kernels (see grundy doctor), e.g. GRUNDY_KERNELS=mark=go.
#   OGS=/path/to/ogsolve scripts/bench-octal-hard.sh /path/to/grundy [/path/to/other-grundy …]
set -euo pipefail
grep -m1 "model name" /proc/cpuinfo || uname -m
echo "cores: $(nproc)  kernels: ${GRUNDY_KERNELS:-(measured)}  date: $(date -u +%Y-%m-%dT%H:%MZ)"
ROUNDS=${ROUNDS:-2}
N=2097151
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
run() { # label, command…
  local label=$1 load
  shift
  load=$(cut -d' ' -f1 /proc/loadavg)
  /usr/bin/time -f "%e %U %S %M" "$@" >/dev/null 2>"$tmp" || true
  tail -1 "$tmp" | awk -v l="$label" -v load="$load" \
    '{printf "%-22s %7.2f wall-s %7.2f cpu-s (user %.2f sys %.2f) %7d KB  load %s\n", l, $1, $2+$3, $2, $3, $4, load}'
}
for r in $(seq "$ROUNDS"); do
  echo "== round $r ($(date -u +%H:%M))"
  for g in "$@"; do run "$(basename "$g") 0.6" "$g" octal 0.6 --to $N --summary; done
  if [ -n "${OGS:-}" ]; then run "ogs-rc 0.6" "$OGS" -m rc -n $N 0.6; fi
  for g in "$@"; do run "$(basename "$g") grundy" "$g" octal grundy --to $N --summary; done
done
