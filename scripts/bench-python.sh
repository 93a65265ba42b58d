#!/usr/bin/env bash
# The Python package's figures of BENCHMARKS.md: grundy.nim.mul on two arrays of 10^6 uint64 against
# `grundy nim mul --batch` (per product, the whole command: reading, multiplying, writing) and a
# pure-Python nim-product loop (the definition over Fermat 2-powers, python/tests/nimref.py), and a
# small solve's call overhead. Needs what scripts/test-python.sh installs.
set -euo pipefail
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
/usr/bin/python3 -m venv --system-site-packages "$tmp/venv"
"$tmp/venv/bin/pip" install -q --disable-pip-version-check --no-build-isolation --no-index ./python
go build -o "$tmp/grundy" ./cmd/grundy
grep -m1 "model name" /proc/cpuinfo; date -u; uptime
cd python/tests  # the installed package, and nimref
GRUNDY_CLI="$tmp/grundy" TMP="$tmp" "$tmp/venv/bin/python" - <<'PY'
import os, subprocess, time
import numpy as np
import grundy
from nimref import nim_mul

def best(f, repeat=5):
    ts = []
    for _ in range(repeat):
        t = time.perf_counter(); f(); ts.append(time.perf_counter() - t)
    return min(ts)

n = 10**6
rng = np.random.default_rng(1)
a = rng.integers(0, 2**64, size=n, dtype=np.uint64)
b = rng.integers(0, 2**64, size=n, dtype=np.uint64)
out = np.empty_like(a)
py = best(lambda: grundy.nim.mul(a, b, out=out)) / n
path = os.path.join(os.environ["TMP"], "pairs.txt")
with open(path, "w") as f:
    f.write("".join(f"{x} {y}\n" for x, y in zip(a.tolist(), b.tolist())))
def batch():
    with open(path) as f:
        subprocess.run([os.environ["GRUNDY_CLI"], "nim", "mul", "--batch"], stdin=f, stdout=subprocess.DEVNULL, check=True)
cli = best(batch) / n
# The pure-Python loop: the definition's recursion over Fermat 2-powers, and the same recursion
# ending in a table of the products below 256 (the faster of the two is the baseline).
T = [[nim_mul(x, y) for y in range(256)] for x in range(256)]
def tabled(x, y, half=32):
    if x < 256 and y < 256:
        return T[x][y]
    mask = (1 << half) - 1
    a, b, c, d = x >> half, x & mask, y >> half, y & mask
    h = half // 2
    ac, bd = tabled(a, c, h), tabled(b, d, h)
    return ((tabled(a ^ b, c ^ d, h) ^ bd) << half) | (bd ^ tabled(ac, 1 << (half - 1), h))
k = 2000
xs, ys = a[:k].tolist(), b[:k].tolist()
pure = best(lambda: [nim_mul(x, y) for x, y in zip(xs, ys)], repeat=3) / k
fast = best(lambda: [tabled(x, y) for x, y in zip(xs, ys)], repeat=3) / k
assert out[:k].tolist() == [nim_mul(x, y) for x, y in zip(xs, ys)] == [tabled(x, y) for x, y in zip(xs, ys)]
print(f"nim.mul, 10^6 pairs:        {py * 1e9:8.2f} ns a product")
print(f"grundy nim mul --batch:     {cli * 1e9:8.2f} ns a product (nim.mul / batch = {py / cli:.2f})")
print(f"pure Python, definition:    {pure * 1e9:8.0f} ns a product ({pure / py:.0f}x nim.mul)")
print(f"pure Python, 8-bit table:   {fast * 1e9:8.0f} ns a product ({fast / py:.0f}x nim.mul)")

m = 20000
for _ in range(1000): grundy.solve("nim", [3, 4, 5])
for label, f in (("grundy.solve('nim', [3, 4, 5])", lambda: grundy.solve("nim", [3, 4, 5])),
                 ("grundy.call('solve', …)       ", lambda: grundy.call("solve", {"ruleset": "nim", "position": ["3", "4", "5"]}))):
    t, c = time.perf_counter(), time.process_time()
    for _ in range(m): f()
    print(f"{label}: {(time.perf_counter() - t) / m * 1e6:.1f} µs a call (CPU time of the process, all threads: {(time.process_time() - c) / m * 1e6:.1f} µs)")
PY
cd ../..
echo "the Go side of a call alone:"
go test -run '^$' -bench 'RunSolve' -benchtime 20000x ./internal/clib | grep Benchmark
