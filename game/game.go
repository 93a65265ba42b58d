// Package game is the Sprague–Grundy engine: impartial games given by their move relation, their
// Grundy values, outcomes and winning moves.
//
// A game is a [Game]: a comparable position type and, for each position, its options (the
// positions one move reaches). A [Solver] computes Grundy values (the mex of the options' values),
// outcomes (P iff the value is 0) and winning moves, with an explicit stack (no recursion, so a
// chain of ten million positions is fine) and a memo. A game may offer optional capabilities that
// the solver uses when present:
//
//   - [Appender]: append the options to a slice, without an iterator (the fastest path);
//   - [Indexer]: a dense integer index, so that values live in a slice instead of a map;
//   - [Keyer]: a compact integer key, for positions without a dense index: a hash table on the
//     keys, laid out so that close keys are close in memory, instead of hashing the positions;
//   - [Ordered]: an index that every move decreases, and its inverse, so that values are filled
//     in bottom-up without a search (checked as the solver goes);
//   - [Splitter]: a split of a position into independent components, whose values XOR
//     (the Sprague–Grundy sum theorem);
//   - [ClosedForm]: a value known without search;
//   - [Fallible] and [FallibleSplitter]: a move enumeration or a split that can fail (games
//     written in a script language): the solver stops and returns the error.
//
// A move relation with a cycle has no Grundy values: the solver returns a [*CycleError] naming the
// positions of the cycle it met, never a hang or a wrong value. [Solver.LoopyOutcome] gives such
// games their outcomes, draws included, and [Solver.LoopyValue] their generalized Sprague–Grundy
// values ([LoopyValue]: a nimber or ∞(K)), which decide sums ([Solver.AnalyzeLoopySum]) and give
// the engine's moves ([Solver.LoopyMove]).
//
// Beyond that the package gives sums of games ([Solver.SumValue], [Solver.SumWinningMoves]),
// misère outcomes by search, of sums too ([Solver.MisereOutcome], [Solver.MisereSumOutcome]),
// scored games in which winning comes first and the score second, or plain minimax
// ([ScoredSolver]; rules.PrimeTake, Luogu P1857, is one), tables of one-heap games computed bottom-up
// ([HeapValues], the fastest path) and apparent periods of value sequences ([ApparentPeriod]).
//
// A Solver is not safe for concurrent use; use one per goroutine.
package game

import "iter"

// Game is an impartial game given by its move relation: positions of a comparable type P and, for
// each position, its options (the positions one move reaches). A position with no options is
// terminal: the player to move there cannot move and, in normal play, loses.
//
// The move relation must be finite below every position the solver is asked about; a cycle is
// reported as a [*CycleError].
type Game[P comparable] interface {
	// Moves yields the options of p. Yielding the same option twice is allowed.
	Moves(p P) iter.Seq[P]
}

// Appender is an optional capability of a [Game]: AppendMoves appends the options of p to dst and
// returns the extended slice, as Moves would yield them. The solver prefers it to Moves because it
// needs neither an iterator nor a closure per position.
type Appender[P comparable] interface {
	AppendMoves(dst []P, p P) []P
}

// Indexer is an optional capability of a [Game]: a dense integer index of positions. Index returns
// a small non-negative integer, different for different positions, and ok = true; or ok = false
// for a position that has no index (the solver then keeps it in a map). The solver keeps the
// values of indexed positions in a slice, which is much faster than a map.
type Indexer[P comparable] interface {
	Index(p P) (i int, ok bool)
}

// Splitter is an optional capability of a [Game]: Split returns independent components of p and
// true, such that the game from p is the sum of the games from the components (a move is a move in
// exactly one component); or false when p does not split. A single component is a position
// equivalent to p (a canonical form, say; p itself means no split); no components at all make p a
// position of value 0.
// The solver takes the value of p to be the XOR of the components' values (the Sprague–Grundy
// theorem). Moves must still enumerate the options of the whole position p: winning moves are
// options of p. Components must not lead back to p (that is reported as a cycle).
type Splitter[P comparable] interface {
	Split(p P) (components []P, ok bool)
}

// FallibleSplitter is a [Splitter] whose split can fail (a game written in a script language):
// the solver prefers TrySplit to Split and, on an error, stops and returns it (wrapped with the
// position).
type FallibleSplitter[P comparable] interface {
	TrySplit(p P) (components []P, ok bool, err error)
}

// ClosedForm is an optional capability of a [Game]: Value returns the Grundy value of p and true
// when a formula gives it, and false to let the solver search.
type ClosedForm[P comparable] interface {
	Value(p P) (v uint64, ok bool)
}

// Fallible is an optional capability of a [Game] whose move enumeration can fail, such as a game
// written in a script language (a runtime error, a budget running out, a malformed option) or a
// game with a limit on its positions. When a game implements Fallible the solver calls TryMoves
// instead of Moves and AppendMoves; a non-nil error stops the search, and the solver returns it
// (wrapped with the position whose options were asked for).
type Fallible[P comparable] interface {
	TryMoves(p P) (iter.Seq[P], error)
}

// Outcome is the winner of a position under perfect play: the next player (the one to move) or
// the previous player.
type Outcome int8

const (
	// PrevWins marks a P-position: the player who just moved wins; the player to move loses.
	PrevWins Outcome = iota
	// NextWins marks an N-position: the player to move wins.
	NextWins
)

// String returns "P", "N" or, for [Draw], "D".
func (o Outcome) String() string {
	switch o {
	case NextWins:
		return "N"
	case Draw:
		return "D"
	}
	return "P"
}
