#!/usr/bin/env bash
# The nimber figures of BENCHMARKS.md: PASSES interleaved passes (default 10) over the nim-field
# benchmarks, so that every pass measures all of them under the same machine load, then benchstat's
# medians. BenchmarkAsmCPU reports wall time (ns/elem) and the benchmarking thread's CPU time
# (cpu-ns/elem) per operation; on a shared machine the second is the steadier one.
set -euo pipefail
cd "$(dirname "$0")/.."
PASSES=${PASSES:-10}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
go test -c -o "$work/nimber.test" ./nimber
for _ in $(seq "$PASSES"); do
  "$work/nimber.test" -test.run '^$' -test.benchtime 200ms \
    -test.bench 'AsmCPU|AsmMulSliceLevels|ClmulMul$|^BenchmarkMul$|^BenchmarkMulGeneric$|^BenchmarkSquare$|^BenchmarkSqrt$|^BenchmarkSquareByMul$|^BenchmarkInv$'
done > "$work/nimber.txt"
go run golang.org/x/perf/cmd/benchstat@latest "$work/nimber.txt"
