// Package incexc counts by inclusion–exclusion (容斥原理): how many of 1..N are divisible by at
// least one of D1…Dm (Count, CountLimit), the same for a range [L, R] (CountRange), and the size
// of a union of sets given the sizes of their intersections (Union).
//
// The textbook loop over all 2^m subsets of the divisors is exact but hopeless for m = 64, and the
// product of divisors overflows. Count instead works with least common multiples computed with
// overflow checks (math/bits), drops divisors that cannot matter (repeats, multiples of other
// divisors, divisors above N), prunes every subset whose lcm exceeds N together with all its
// supersets, and merges subsets with equal lcm into one term. CountLimit's doc comment states the
// cost and the worst case; when a count would need more terms than a limit, it is refused with a
// *LimitError rather than run for ever.
//
// All arithmetic is on uint64 modulo 2^64: intermediate sums may wrap, but the true answer lies in
// [0, 2^64), so the wrapped sum is exactly it.
package incexc
