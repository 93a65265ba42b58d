#!/usr/bin/env bash
# Cores on one sequence (BENCHMARKS.md, "Several cores on one sequence"): Officers (0.6) and
# Grundy's game to heap N (default 2^21-1) with each of WORKERS (default "1 2") by each grundy
# binary given, interleaved (binaries innermost), ROUNDS times (default 2). Prints the processor's
# model line first, then one line a run: wall and user+sys CPU seconds, the JSON's "seconds" and
# the load average at its start. Needs bash's time only (no /usr/bin/time), for lent machines.
#   ROUNDS=3 scripts/bench-octal-cores.sh /path/to/grundy
#   WORKERS="2 8 16" N=4194303 scripts/bench-octal-cores.sh old/grundy new/grundy
set -euo pipefail
grep -m1 "model name" /proc/cpuinfo || uname -m
echo "cores: $(nproc)  kernels: ${GRUNDY_KERNELS:-(measured)}  date: $(date -u +%Y-%m-%dT%H:%MZ)"
ROUNDS=${ROUNDS:-2}
N=${N:-2097151}
WORKERS=${WORKERS:-1 2}
CODES=${CODES:-0.6 grundy}
[ $# -gt 0 ] || { echo "usage: bench-octal-cores.sh /path/to/grundy [/path/to/other-grundy …]" >&2; exit 2; }
out=$(mktemp)
times=$(mktemp)
trap 'rm -f "$out" "$times"' EXIT
TIMEFORMAT='%R %U %S'
for r in $(seq "$ROUNDS"); do
  echo "== round $r ($(date -u +%H:%M:%S))"
  for code in $CODES; do
    for w in $WORKERS; do
      for g in "$@"; do
        load=$(cut -d' ' -f1 /proc/loadavg)
        { time "$g" octal "$code" --to "$N" --summary --json --workers "$w" >"$out" 2>/dev/null; } 2>"$times" || true
        secs=$(grep -o '"seconds":[0-9.]*' "$out" | cut -d: -f2 || true)
        read -r wall user sys <"$times"
        printf '%-24s %-7s workers=%-3s %8.2f wall-s %8.2f cpu-s  seconds %s  (load %s)\n' \
          "$(basename "$(dirname "$g")")/$(basename "$g")" "$code" "$w" "$wall" "$(echo "$user $sys" | awk '{print $1+$2}')" "${secs:-?}" "$load"
      done
    done
  done
done
