// Package xorbasis is linear algebra over GF(2) for XOR problems: a linear basis ("线性基") of
// 64-bit vectors (Basis), the same for vectors of any width (WideBasis over Bits), range queries
// over an array (PrefixBasis, RangeMax), and two games decided by a basis: New Nim (NewNim) and
// Hungergame (ZeroSubset).
//
// # The basis
//
// Inserting vectors one by one into a Basis keeps, for each bit p, at most one row whose highest
// set bit is p (row-echelon form). Insert reports whether a vector was independent of the earlier
// ones; Rank is the number of rows. The span of the inserted vectors (every XOR of a subset of
// them) is exactly the set of XORs of subsets of the rows, and every element of the span has one
// such expression: there are 2^Rank of them.
//
// Questions come in two flavours, and the doc comment of each method says which it answers:
//
//   - over all subsets, the empty one included: Contains, Represent, MaxWith. 0 is always there.
//   - over non-empty subsets: Max, Min, KthSmallest, Distinct. 0 is there only when some
//     non-empty subset XORs to 0, that is when the inserted vectors are dependent
//     (Len() > Rank()): this is the convention of HDU 3949, where the k-th smallest of
//     {1, 2} is 1, 2, 3 for k = 1, 2, 3, but of {1, 2, 3} is 0, 1, 2, 3 for k = 1…4.
//
// Represent also returns a witness: the indices (in insertion order) of inserted vectors whose XOR
// is the value. The basis tracks, for each row, the inserted vector it came from and the older
// rows it was reduced with, so witnesses cost nothing extra at insertion time (one OR per step)
// and no storage beyond 64 words; the inserted vectors themselves are not kept.
//
// Reduced gives the reduced row-echelon form, unique for the span; KthSmallest reads the span in
// increasing order from it (the m-th element, counting from 0, is the XOR of the reduced rows
// selected by the bits of m). Merge adds another basis's vectors.
//
// # Wide vectors
//
// Bits is a fixed-width bit vector; WideBasis has Basis's methods for Bits of one width, and
// Rank computes the rank of a matrix given by its rows. Elimination XORs whole 64-bit words and
// only the words at or below a row's pivot, which is about 64 times faster than bit-by-bit
// elimination (see BENCHMARKS.md).
//
// # Ranges
//
// PrefixBasis answers "the largest XOR of a non-empty subset of a[lo:hi]" for any range in O(w),
// w the bit length of the elements, keeping per prefix a basis whose rows prefer late positions;
// RangeMax answers a batch of such queries offline in one sweep with O(64) memory.
//
// # Games
//
// In New Nim the first player keeps a set of heaps that no opponent's removal can turn into a
// zero nim-sum: an independent set. NewNim finds the heaviest one by the matroid greedy (largest
// heaps first). In Hungergame (boxes of stones; a move opens any number of closed boxes or plays
// Nim on the open ones) the first player wins exactly when some non-empty set of boxes has XOR 0:
// ZeroSubset finds one.
package xorbasis
