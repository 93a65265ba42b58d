#!/usr/bin/env bash
# Same-run comparison (BENCHMARKS.md, "Octal games"): Officers (0.6) and
# Grundy's game to heap 2^21-1, T. Czajka's table rows, by grundy binaries and by `ogsolve -m rc`
# (beling/impartial-games, built outside this repository), interleaved, ROUNDS times. Prints wall
# and user+sys CPU seconds per run, after the processor's model line (every figure names its CPU). Set
# GRUNDY_KERNELS to force kernels (see grundy doctor), e.g. GRUNDY_KERNELS=mark=go.
#   OGS=/path/to/ogsolve scripts/bench-octal-hard.sh /path/to/grundy [/path/to/other-grundy …]
set -euo pipefail
grep -m1 "model name" /proc/cpuinfo || uname -m
echo "cores: $(nproc)  kernels: ${GRUNDY_KERNELS:-(measured)}"
ROUNDS=${ROUNDS:-2}
N=2097151
run() { # label, command…
  local label=$1; shift
  /usr/bin/time -f "$label %e wall-s %U user-s %S sys-s %M KB" "$@" >/dev/null 2>/tmp/bench-octal-hard.$$ || true
  tail -1 /tmp/bench-octal-hard.$$
}
for r in $(seq "$ROUNDS"); do
  echo "== round $r ($(date -u +%H:%M), load $(cut -d' ' -f1 /proc/loadavg))"
  for g in "$@"; do run "$(basename "$g") 0.6" "$g" octal 0.6 --to $N --summary; done
  if [ -n "${OGS:-}" ]; then run "ogs-rc 0.6" "$OGS" -m rc -n $N 0.6; fi
  for g in "$@"; do run "$(basename "$g") grundy" "$g" octal grundy --to $N --summary; done
done
rm -f /tmp/bench-octal-hard.$$
