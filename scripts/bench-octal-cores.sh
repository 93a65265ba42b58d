#!/usr/bin/env bash
# Both cores on one sequence (BENCHMARKS.md, "Several cores on one sequence"): Officers (0.6) and
# Grundy's game to heap 2^21-1 with --workers 1 and --workers 2, interleaved, ROUNDS times, by one
# grundy binary. Prints wall and user+sys CPU seconds per run and the load average at its start.
#   ROUNDS=3 scripts/bench-octal-cores.sh /path/to/grundy
set -euo pipefail
ROUNDS=${ROUNDS:-2}
N=${N:-2097151}
G=${1:?usage: bench-octal-cores.sh /path/to/grundy}
out=$(mktemp)
trap 'rm -f "$out"' EXIT
for r in $(seq "$ROUNDS"); do
  echo "== round $r ($(date -u +%H:%M))"
  for code in 0.6 grundy; do
    for w in 1 2; do
      load=$(cut -d' ' -f1 /proc/loadavg)
      /usr/bin/time -f "$code workers=$w %e wall-s %U user-s %S sys-s (load $load)" \
        "$G" octal "$code" --to "$N" --summary --workers "$w" >/dev/null 2>"$out" || true
      tail -1 "$out"
    done
  done
done
