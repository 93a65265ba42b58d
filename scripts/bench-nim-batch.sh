#!/usr/bin/env bash
# Benchmark of `grundy nim mul --batch` against the seed's C++ nim-product program, both with their I/O,
# on N random 64-bit pairs (default 10^6). Reproduces the "nim mul --batch" figures of BENCHMARKS.md.
#
# The C++ program is the algorithm of seed 001 of docs/seed-errata.md, a blog post on HDU 3404 whose
# code it credits to http://blog.csdn.net/kele52he/article/details/77099890 (functions f and g), compiled
# with g++ -O2 at benchmark time; the only changes are those needed to take 64-bit input at all:
# int widened to unsigned 64-bit, the g-table to 64×64, and a main that reads "A B" lines and prints
# one product per line (the seed's main answers the judge problem instead). Before timing, the script
# checks that both programs print the same products. Nothing is left behind: binaries and input live in
# a temporary directory. Uses hyperfine when installed (apt-get install hyperfine), else `time`.
set -euo pipefail
cd "$(dirname "$0")/.."
N=${N:-1000000}
RUNS=${RUNS:-5}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

go build -o "$work/grundy" ./cmd/grundy

cat > "$work/seed.cpp" <<'EOF'
#include <cstdio>
#include <cstring>
typedef unsigned long long u64;
u64 sg[64][64];
u64 f(u64, u64);
u64 g(int x, int y) {
    if (sg[x][y] != (u64)-1) return sg[x][y];
    if (!x) return sg[x][y] = 1ULL << y;
    if (!y) return sg[x][y] = 1ULL << x;
    u64 ans = 1, k = 1, t;
    int x1 = x, y1 = y;
    while (x || y) {
        t = 1ULL << k;
        if ((x ^ y) & 1) ans *= t;
        x >>= 1; y >>= 1; k <<= 1;
    }
    k = 1; x = x1; y = y1;
    while (x || y) {
        t = 1ULL << k;
        if ((x & y) & 1) ans = f(ans, t / 2 * 3);
        x >>= 1; y >>= 1; k <<= 1;
    }
    return sg[x1][y1] = ans;
}
u64 f(u64 x, u64 y) {
    if (!x || !y) return 0;
    if (x == 1) return y;
    if (y == 1) return x;
    u64 ans = 0;
    int a = 0;
    for (u64 i = x; i; i >>= 1, a++) {
        if (!(i & 1)) continue;
        int b = 0;
        for (u64 j = y; j; j >>= 1, b++) {
            if (!(j & 1)) continue;
            ans ^= g(a, b);
        }
    }
    return ans;
}
int main() {
    memset(sg, -1, sizeof(sg));
    u64 a, b;
    while (scanf("%llu %llu", &a, &b) == 2) printf("%llu\n", f(a, b));
    return 0;
}
EOF
g++ -O2 -o "$work/seed" "$work/seed.cpp"

# N lines of two random unsigned 64-bit decimals.
od -An -v -tu8 -w16 -N $((16 * N)) /dev/urandom | awk '{print $1, $2}' > "$work/pairs.txt"
echo "input: $N random pairs, $(wc -c < "$work/pairs.txt") bytes"

"$work/grundy" nim mul --batch < "$work/pairs.txt" > "$work/grundy.out"
"$work/seed" < "$work/pairs.txt" > "$work/seed.out"
if cmp -s "$work/grundy.out" "$work/seed.out"; then
  echo "outputs agree on all $N products"
else
  echo "outputs DIFFER on $(paste -d' ' "$work/grundy.out" "$work/seed.out" | awk '$1 != $2' | wc -l) of $N lines"
fi

cmd_grundy="'$work/grundy' nim mul --batch < '$work/pairs.txt' > /dev/null"
cmd_seed="'$work/seed' < '$work/pairs.txt' > /dev/null"
if command -v hyperfine > /dev/null; then
  hyperfine --warmup 1 --runs "$RUNS" -n "grundy nim mul --batch" "$cmd_grundy" -n "seed 001 (g++ -O2)" "$cmd_seed"
else
  for c in "$cmd_grundy" "$cmd_seed"; do
    echo "$c"
    for _ in $(seq "$RUNS"); do bash -c "time $c" 2>&1 | grep real; done
  done
fi
