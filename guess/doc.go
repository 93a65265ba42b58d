// Package guess finds the rule behind a table of Grundy values: the working method of "tabulate
// and look" (打表找规律), made a tool. Given the values of a game it reports, ranked, what it
// recognises, each finding with its evidence (the range checked) and its status:
//
//   - [Proved]: a theorem applies to the game as it is known (the caller says what it is, see
//     [Known]) and the theorem's finite check passed on the values;
//   - [Conjecture]: the rule holds on the range checked, and nothing more is claimed.
//
// A finding is proved only when the game is known to be a game a theorem covers: a take-and-break
// code (the octal periodicity theorem, run by package octal), a finite subtraction set (the
// subtraction-game theorem, [SubtractionPeriod]), or a catalogue ruleset whose own theory gives the
// rule ([Known.Facts], [Known.Theorem]). Values that come from a user's script are never proved:
// identity with a known game is a conjecture checked to N, and the known game's proved facts
// carry over only if the identity holds ("if the identity holds, so does the period").
//
// # One heap
//
// [Sequence] looks at g(0..N): periodic and arithmetic-periodic forms (preperiod, period, saltus),
// closed forms from a small grammar searched in order of size (n, n mod k, ⌊n/k⌋, ⌊n/k⌋ mod m,
// n ⊕ c, popcount parity, the 2-adic valuation and the ruler function, times and plus small
// constants), and identity with a library of known sequences ([Library]): take-and-break codes,
// subtraction sets inside {1..10} and the catalogue's one-heap rulesets, shifted by up to 4, or
// doubled with a parity bit as Mock Turtles is of Nim (g = 2h + [h evil]: every value odious).
//
// # Two coordinates and outcomes
//
// [Table] looks at g(x, y) for 0 ≤ x, y ≤ N: a sum f(x) ⊕ h(y), a nim-product f(x) ⊗ h(y)
// (Tartan's theorem), and rules for the P-positions: the diagonal, residue classes, Beatty pairs
// (⌊nα⌋, ⌊nβ⌋) with the constant identified. [Outcomes] looks at the P-positions of k-heap tuples
// for a rule on the heaps' bits (Moore's Nim_k: every bit's count ≡ 0 mod k+1).
package guess
