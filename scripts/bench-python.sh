#!/usr/bin/env bash
# The Python package's figures of BENCHMARKS.md: grundy.nim.mul on two arrays of 10^6 uint64 against
# `grundy nim mul --batch` (per product, the whole command: reading, multiplying, writing) and a
# pure-Python nim-product loop (the definition over Fermat 2-powers, python/tests/nimref.py), and a
# small solve's call overhead (wall and CPU time). Needs what scripts/test-python.sh installs.
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

# A small call's overhead: rounds of calls, each kind in turn, the median of the rounds' wall time
# and CPU time (the process's, all threads: Go's too) per call. On the main thread a call computes on
# that thread; with a progress callback it computes on a thread of the library while the main
# thread waits in slices (the way long runs with a bar go: the baseline).
import statistics, threading
m, rounds = 5000, 7
req = {"ruleset": "nim", "position": ["3", "4", "5"]}
kinds = [("grundy.solve('nim', [3, 4, 5])", lambda: grundy.solve("nim", [3, 4, 5]), False),
         ("grundy.call('solve', …)", lambda: grundy.call("solve", req), False),
         ("grundy.call('solve', …) waiting in slices", lambda: grundy.call("solve", req, progress=lambda d, t: None), False),
         ("grundy.solve(…) from another thread", lambda: grundy.solve("nim", [3, 4, 5]), True)]
times = {label: ([], []) for label, _, _ in kinds}
def rounds_of(label, f):
    w, c = time.perf_counter(), time.process_time()
    for _ in range(m): f()
    times[label][0].append((time.perf_counter() - w) / m * 1e6)
    times[label][1].append((time.process_time() - c) / m * 1e6)
for _, f, _ in kinds:
    for _ in range(500): f()
for _ in range(rounds):
    for label, f, thread in kinds:
        if thread:
            t = threading.Thread(target=rounds_of, args=(label, f)); t.start(); t.join()
        else:
            rounds_of(label, f)
for label, (w, c) in times.items():
    print(f"{label:42s} {statistics.median(w):6.1f} µs a call, CPU {statistics.median(c):5.1f} µs (medians of {rounds} rounds of {m})")

# The parts: the Python side alone (the library's call replaced by a stub that hands back the same
# answer), and a request for an unknown endpoint (little work in Go: the crossing and the error).
import ctypes, json
from grundy import _lib
def part(f):
    cs = []
    for _ in range(rounds):
        c = time.process_time()
        for _ in range(m): f()
        cs.append((time.process_time() - c) / m * 1e6)
    return statistics.median(cs)
body = b'{"ruleset":"nim","position":["3","4","5"]}'
def unknown():
    doc, n = ctypes.c_void_p(), ctypes.c_size_t()
    _lib._CALL(b"nope", body, len(body), 0, 0, 0, ctypes.byref(doc), ctypes.byref(n))
    _lib._FREE(doc)
print(f"{'an unknown endpoint, one grundy_call':42s}         CPU {part(unknown):5.1f} µs")
answer = (json.dumps(grundy.call("solve", req)) + "\n").encode()
def stub(endpoint, body, n, ms, mem, seen, doc, size):
    size._obj.value = len(answer)
    return 200
real = _lib._CALL, _lib._FREE, _lib._string_at
_lib._CALL, _lib._FREE, _lib._string_at = stub, lambda p: None, lambda p, n: answer
print(f"{'the Python side of grundy.solve (a stub)':42s}         CPU {part(lambda: grundy.solve('nim', [3, 4, 5])):5.1f} µs")
_lib._CALL, _lib._FREE, _lib._string_at = real
PY
cd ../..
echo "the Go side of a call alone (cpu-ns/op: the process's CPU time):"
go test -run '^$' -bench 'Call$|RunSolve|CallParts' -benchtime 20000x -count 3 ./internal/clib | grep Benchmark
uptime
