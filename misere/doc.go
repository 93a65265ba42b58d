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
package misere
