#!/usr/bin/env bash
# Throughput of `grundy nim mul --batch` against the seed's C++ nim-product program (seeds/000, the
# memoized 2^x⊗2^y recursion, compiled with g++ -O2 -march=native), both with their own I/O, on the
# same file of N random 64-bit pairs. Prints both times and the ratio. Needs g++.
# Usage: scripts/bench_nim_batch.sh [N]   (default 1000000)
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-1000000}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

cat >"$tmp/seed.cpp" <<'EOF'
// The seed's algorithm (seeds/000) with a main reading "A B" lines. As published it keeps the bits in
// an int (wrong above 2^31); here every value is unsigned 64-bit, so that it computes the true
// product and its output can be compared with grundy's.
#include <cstdio>
#include <cstring>
#include <algorithm>
typedef unsigned long long u64;
#define Resolve(i, x) for (u64 u = (x), i = 0; i < 64 && (u >> i); ++ i) if (u >> i & 1)
u64 tab[64][64];
bool known[64][64];
u64 f(u64 x, u64 y);
u64 g(int x, int y) {
    if (!x || !y) return 1ull << (x | y);
    if (known[x][y]) return tab[x][y];
    u64 res = 1;
    Resolve(i, x ^ y) res <<= (1 << i);
    Resolve(i, x & y) res = f(res, 3ull << ((1 << i) - 1));
    known[x][y] = true;
    return tab[x][y] = res;
}
u64 f(u64 x, u64 y) {
    if (!x || !y) return 0;
    if (x == 1 || y == 1) return std::max(x, y);
    u64 res = 0;
    Resolve(i, x) Resolve(j, y) res ^= g(i, j);
    return res;
}
int main() {
    u64 a, b;
    while (scanf("%llu %llu", &a, &b) == 2) printf("%llu\n", f(a, b));
}
EOF
cat >"$tmp/gen.cpp" <<'EOF'
#include <cstdio>
#include <cstdlib>
#include <random>
int main(int argc, char **argv) {
    std::mt19937_64 rng(12345);
    long n = atol(argv[1]);
    for (long i = 0; i < n; i++) { unsigned long long a = rng(), b = rng(); printf("%llu %llu\n", a, b); }
}
EOF
g++ -O2 -march=native -o "$tmp/seed" "$tmp/seed.cpp"
g++ -O2 -o "$tmp/gen" "$tmp/gen.cpp"
go build -o "$tmp/grundy" ./cmd/grundy
"$tmp/gen" "$n" >"$tmp/pairs.txt"

# CPU time (user + system) is the fair measure on a shared machine; wall time is printed too.
TIMEFORMAT='%R %U %S'
measure() { { time "$@" >/dev/null; } 2>&1 | awk '{printf "%.3f %.3f\n", $1, $2 + $3}'; }
read -r seed_wall seed_cpu < <(measure sh -c "'$tmp/seed' <'$tmp/pairs.txt' >'$tmp/seed.out'")
read -r ours_wall ours_cpu < <(measure sh -c "'$tmp/grundy' nim mul --batch <'$tmp/pairs.txt' >'$tmp/grundy.out'")
printf 'pairs: %d\n' "$n"
printf 'seed program (g++ -O2 -march=native): %s s CPU (%s s wall)\n' "$seed_cpu" "$seed_wall"
printf 'grundy nim mul --batch:               %s s CPU (%s s wall)\n' "$ours_cpu" "$ours_wall"
printf 'ratio (CPU): %.1fx   ratio (wall): %.1fx\n' "$(echo "$seed_cpu / $ours_cpu" | bc -l)" "$(echo "$seed_wall / $ours_wall" | bc -l)"
cmp -s "$tmp/seed.out" "$tmp/grundy.out" || { echo "the outputs differ" >&2; exit 1; }
echo "outputs identical"
