// Package misere computes misère quotients of heap games (Plambeck 2005; Plambeck and Siegel,
// "Misère quotients for impartial games", 2008).
//
// In misère play the player who moves last loses, and the Sprague–Grundy theory of sums breaks
// down. For a heap game restricted to heaps 0..N, two sums of heaps X and Y are indistinguishable
// when X+Z and Y+Z have the same misère outcome for every sum Z of such heaps; the classes form a
// finite commutative monoid Q, the misère quotient, with its P-portion (the classes of
// P-positions). A sum of any number of heaps is then decided by multiplying the elements of its
// heaps (the pretending function) and asking whether the product is in the P-portion.
//
// Compute builds Q heap by heap, after Siegel's MisereSolver (see next.go): a heap that behaves
// like a sum of smaller heaps is recognised at once (the Mex Interpolation Principle); otherwise
// a trial quotient is guessed, checked against the definition of misère outcomes by a search for
// its least failure (search.go), and recalibrated until it has none (trial.go), old elements
// splitting when the new heap tells them apart. Every quotient it returns has passed that check,
// so its outcomes are the true ones for all sums, however many heaps. Games: octal and
// hexadecimal codes and Grundy's game (Octal), Nim (Nim), and any Game whose options are sums of
// smaller heaps.
//
// Some quotients are infinite or very large (at heap 12 of 0.76 the trials keep growing, one
// failure of more copies of heaps 12 and 7 after another; whether that quotient is infinite is not
// proved here): Options.MaxSize and the context stop the computation. Such runs of failures are
// accelerated (the heaps of the run count twice as far at once), so a trial passes the size limit
// after a few rounds instead of one round per copy; the answer of a computation that finishes is
// the same either way, since only a trial without failure is returned.
//
// # The whole game: the periodicity theorem
//
// A quotient of heaps 0..N says nothing by itself about larger heaps. For finite octal and
// hexadecimal codes a periodicity theorem does (Plambeck and Siegel 2008 prove one for misère
// quotients of octal games, the counterpart of Guy and Smith's for Grundy values; Siegel's
// MisereSolver, in CGSuite's tree, stops with "Solution Found at Heap N" when its check passes).
// The form used here, with its proof:
//
// Theorem. Let Γ be a finite octal or hexadecimal code other than Grundy's game, k its last
// non-zero digit, h the most heaps one move may leave, Q_N the quotient of heaps 0..N and Φ its
// pretending function (heap n ↦ its element). If p ≥ 1 and n0 ≥ 0 satisfy Φ(n+p) = Φ(n) for
// all n0 ≤ n ≤ N−p, and N ≥ h·(max(n0,1)+p−1) + k, then Q_N is the quotient of all heaps of Γ
// and Φ(n+p) = Φ(n) for every n ≥ n0.
//
// Proof. By induction on m > N, show that the quotient of heaps 0..m is Q_N with Φ(m) = Φ(m−p).
// (1) Heaps m and m−p have the same set of option elements. A move from m removes i ≤ k tokens
// (m > k, so it leaves at least one heap) and leaves at most h heaps summing to m−i; its largest
// heap b has b ≥ ⌈(m−k)/h⌉ ≥ max(n0,1)+p by the bound, so replacing b by b−p (still a non-empty
// heap, so the same digit allows it) is a move from m−p, and its element is the same since
// Φ(b) = Φ(b−p) (b−p ≥ n0, b < m). Conversely a move from m−p leaves a largest heap
// c ≥ ⌈(m−p−k)/h⌉ ≥ max(n0,1), and c+p gives a move from m with the same element. (Grundy's
// game is excluded: there b−p may equal the other heap, a split it forbids.) (2) Lemma: let A be
// the closure of heaps 0..m−1 and G a game whose options lie in A with the same set of
// elements as the options of some H in A. Then o(G^a·H^b·Y) = o(H^(a+b)·Y) for all a, b and
// Y in A (induction on G^a·H^b·Y: an option moving in a copy of G leaves G' = an element shared
// with some option H' of H, and G', H' are indistinguishable against H^(a+b−1)·Y ∈ A; the
// other options match directly; either side has no option exactly when the other has none).
// So G is equivalent to H among all sums of A and G, and adding G (heap m, with H = heap
// m−p) leaves the quotient unchanged and maps it to Φ(m−p). ∎
//
// The check (whole.go) asks for more than the theorem needs: h·n0 + h·p + k + h ≤ N+1, the
// criterion of MisereSolver's periodicity checker for a take-and-break code (period and
// preperiod weighted by the code's largest split, plus the code's length and that split), which
// implies the bound above. With it 0.75 closes at heap 23 with period 2 and preperiod 8, where
// MisereSolver reports "Solution Found at Heap 23"; on every 2-digit code and 60 random 3-digit
// codes the two agree on the order, |P|, period and preperiod (testdata/whole.json). MisereSolver
// weighs by the largest split, which is 0 when every digit is 0 or 1: its criterion is then void
// and it claims periods that do not hold (0.01: period 3 from heap 0, found at heap 4, but heap 5
// is not heap 2); here h is at least 1. The statement as printed in Plambeck and
// Siegel's paper was not at hand when this was written; the proof above is this package's own,
// and the check is at least as strict as both it and MisereSolver's criterion.
//
// docs/MISERE.md holds what these proofs give over every code with at most 3 digits (the tables
// of grundy misere scan in testdata) and what a longer search shows of Dawson's Kayles at heap 34.
//
// Options.Prove makes Compute stop at the first heap where the check passes, Prove returns the
// proof of a quotient (period, preperiod and the heap where it closed), and Whole answers for
// heaps of any size (heap n ≥ n0 acts as heap n0 + (n−n0) mod p).
package misere
