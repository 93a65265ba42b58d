// Package octal computes Grundy sequences of take-and-break games: octal codes such as Kayles
// (0.77) and Dawson's Kayles (0.07), hexadecimal codes whose moves may leave three heaps, and
// Grundy's game. It finds and, for finite codes, proves their periods.
//
// A code d0.d1d2…dk (see Parse) says, for every i, what a move that removes i tokens from one heap
// may leave: digit bit 1 no heap, 2 one non-empty heap, 4 two, 8 three. The Grundy value of a
// position is the XOR of the values g(n) of its heaps, so the sequence g(0), g(1), … is the whole
// story, and it is what Compute returns.
//
// # Methods
//
// Reference is the definition, O(n²): the oracle for the rest. Compute chooses a method by itself
// and reports it in Result.Method:
//
//   - linear: no move splits a heap (subtraction games), O(k) per heap;
//   - quadratic: the mex over all two-heap splits, a tight loop over a compact array with
//     generation-stamped marks (nothing to clear between heaps);
//   - sparse: Gangolli–Plambeck / Flammenkamp's rare and common values. A mask m splits values into
//     common (popcount(v&m) odd) and rare (even). Common XOR common is rare, so the smallest value
//     missing from the options that involve a rare heap is the mex as soon as it is common; only
//     when it is rare are the other splits scanned, and that scan stops at the first hit (for
//     values below 2^10 it is a search for fixed targets, the missing rare-class values below the
//     smallest missing common one, 32 splits per step in an AVX-512 or AVX2 kernel, first over
//     runs of splits chosen for the variety of their values; see targets.go).
//     When the rare values are few, each heap costs O(#rare); past heap 4096 the rare splits of 16
//     consecutive heaps are marked together, one load of partners per rare heap (block16.go); once
//     every rare heap lies more than its own size behind the block, the splits of the smallest
//     of them (a share from 3/12 to 7/12 that adapts to how often a heap's candidates all fail) are
//     not marked but compared, sixteen heaps at a time, with each heap's eight smallest common
//     values the others miss (checkBlock: a vector compare instead of sixteen byte stores).
//     Heap n splits m = n−i tokens for each digit
//     i with a 4 bit, so the same m serves several heaps: for values below 64 the option set of
//     each m (rare pairs, and the common pairs scanned so far) is kept and resumed, not redone. The mask is chosen by a Walsh–Hadamard
//     transform of the value counts (the mask that makes the fewest recent values rare), and the
//     choice is revisited at every doubling of the heap size; with no sparse space the quadratic
//     loop is used.
//   - three-heap: hexadecimal codes with an 8 bit: g(a) XOR a stored set of two-heap values.
//
// # Several cores
//
// Options.Workers (default DefaultWorkers, at most GOMAXPROCS) lets a computation use more than
// one core. The quadratic loop shares each large heap's splits with a helper goroutine. The sparse
// method speculates (speculate.go): the engine's goroutine marks the rare splits heap after heap
// and takes as g(n) the smallest common value they miss, while Workers−1 verifier goroutines run
// the target searches of the heaps behind it; a failed search (a new rare heap) rolls the values
// back to that heap and they are computed again; the engine's goroutine takes over verifications
// when the verifiers fall behind. From three workers on, the verifiers also mark the splits of the
// far rare heaps (256 or more heaps behind their partners) for blocks ahead (specblocks.go), and
// once the rare heaps lie far behind they take the blocks' candidates and check them too, which
// leaves the engine's goroutine only the near ones; with two workers that is off (farMarks): it
// costs more CPU than it saves on two free cores. The values, statistics and checkpoints are
// those of one core. Measured on a 16-core Intel Xeon (BENCHMARKS.md), Officers to 2^22 took
// 4.8 s with two workers, 3.0 with four and 2.1–2.2 with eight or sixteen.
//
// # Periods
//
// g is periodic with period p and preperiod n0 when g(n+p) = g(n) for all n ≥ n0 (n0 counts the
// values before the periodic part: Kayles has period 12 and preperiod 71). For a finite code the
// Octal Games Periodicity Theorem turns a finite check into a proof; Compute keeps computing until
// the theorem certifies a period (Result.Proved) or the limit is reached, and stops exactly when
// the proof is complete. See the comment at the top of period.go for the theorem, its form for
// hexadecimal codes, and how candidate periods are found.
//
// # Storage
//
// The values are stored one byte a heap while they all fit in a byte and the method needs no
// 16-bit kernel: the linear, quadratic and three-heap loops and the sparse step of values below
// 64 (stepSparse64) are generic over bytes and uint16 (the narrow type set, one instance per
// width). The array is widened once, by copying (the values replayed into a fresh engine), to two
// bytes when a value passes 255 (Officers at heap 10,344; Grundy's game at heap 7,250,049, whose
// value is 256) or when the sparse step needs its 16-bit kernels (values of 64 or more: the
// target search, the block marking, the speculation on two cores), and to four past 65535.
// Checkpoints store the values at the width they had; two-byte values are read back packed.
//
// A long run of a code whose period no theorem proves (Grundy's game) keeps, past heap 2^25,
// every value in a packed store (packed.go: each segment of 2^20 values at the width its largest
// value needs, 9 bits for Grundy's game) and only a window of the two-byte array resident: a
// prefix and the heaps behind the last one that the rare heaps' partners reach (window.go, on
// Linux). The kernels read the window as before; deep target searches and the readers of the
// whole sequence read the store. A resumed run shares the checkpoint's packed values.
package octal
