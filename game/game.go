// Package game is the Sprague–Grundy engine: impartial games given by their move relation, their
// Grundy values, outcomes and winning moves.
package game

import "iter"

// Game is an impartial game given by its move relation: positions of a comparable type P and, for
// each position, its options (the positions one move reaches). A position with no options is
// terminal: the player to move there cannot move and, in normal play, loses.
type Game[P comparable] interface {
	// Moves yields the options of p. Yielding the same option twice is allowed.
	Moves(p P) iter.Seq[P]
}
