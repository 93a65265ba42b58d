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
// Compute builds Q heap by heap: for heap n it guesses the new quotient from the old one,
// assuming that the outcome of a sum depends on the old element of its smaller heaps, and then
// checks the guess against the definition of misère outcomes with a finite automaton (see
// settle.go); a guess that fails is redone over a finer automaton of the smaller sums. Every
// quotient it returns has passed that check, so its outcomes are the true ones for all sums,
// however many heaps. Games: octal and hexadecimal codes and Grundy's game (Octal), Nim (Nim),
// and any Game whose options are sums of smaller heaps.
//
// The check's automaton grows with the number of distinct heap types, which bounds how far this
// implementation gets (see BENCHMARKS.md); Options.MaxSize and the context stop it.
package misere
