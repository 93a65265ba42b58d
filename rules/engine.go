package rules

import (
	"context"
	"errors"
	"fmt"
	"iter"

	"grundy/game"
)

// SearchLimit (2^18) is the largest number of positions a search by the engine visits before refusing;
// rulesets that answer some positions by search (wythoff's values, hungergame outside the theory)
// state it.
const SearchLimit = 1 << 18

// SearchMoves is the largest number of moves a search by the engine may enumerate before refusing
// (a single position can have a great many moves).
const SearchMoves = 1 << 21

// EngineGame is the move relation of r as a game for the generic engine (package game): positions
// are [Position.Key] strings. Where the ruleset has a symmetry (heap order, empty heaps) positions
// are put in a canonical form first, which keeps the search small and changes no answer.
func EngineGame(r Ruleset) game.Game[string] { return engineGame{r} }

type engineGame struct{ r Ruleset }

// canonicalizer is implemented by rulesets with a symmetry: canon maps a position to a canonical
// position of the same game.
type canonicalizer interface{ canon(Position) Position }

// Canonical returns p in r's canonical form (p itself when r has none).
func Canonical(r Ruleset, p Position) Position {
	if c, ok := r.(canonicalizer); ok {
		return c.canon(p)
	}
	return p
}

// Moves yields the canonical keys of the options of the position with key k.
func (g engineGame) Moves(k string) iter.Seq[string] {
	return func(yield func(string) bool) {
		for m := range g.r.Moves(PositionFromKey(k)) {
			if !yield(Canonical(g.r, m.To).Key()) {
				return
			}
		}
	}
}

// SearchBytes is the largest total size, in bytes of position keys, of the moves a search by the
// engine may enumerate before refusing: positions can be large (a tartan move at a far coin turns
// over a great many), and their size, not their number, is what fills memory then.
const SearchBytes = 1 << 25

// budgetGame is an engineGame that stops enumerating after a budget of moves (and of bytes of
// their positions), or once ctx is done, and records that it did; a search that ran out of budget
// is refused (its answer would rest on missing moves).
type budgetGame struct {
	engineGame
	ctx              context.Context
	left, bytesLeft  *int
	over             *bool
	moves, positions int // the limits, for messages
}

func newBudgetGame(ctx context.Context, r Ruleset, moves, positions int) budgetGame {
	left, bytesLeft, over := moves, SearchBytes, false
	return budgetGame{engineGame{r}, ctx, &left, &bytesLeft, &over, moves, positions}
}

func (g budgetGame) Moves(k string) iter.Seq[string] {
	return func(yield func(string) bool) {
		for o := range g.engineGame.Moves(k) {
			if *g.left == 0 || len(o) > *g.bytesLeft || *g.left%256 == 0 && g.ctx.Err() != nil {
				*g.over = true
				return
			}
			*g.left--
			*g.bytesLeft -= len(o)
			if !yield(o) {
				return
			}
		}
	}
}

// check returns the refusal of a search that ran out of moves, or err.
func (g budgetGame) check(err error) error {
	if cerr := g.ctx.Err(); cerr != nil {
		return fmt.Errorf("search stopped: %w", cerr)
	}
	if *g.over && *g.left > 0 {
		return &LimitError{Ruleset: g.r.Info().Name, Name: "search_mib", Max: SearchBytes >> 20}
	}
	if *g.over {
		return &LimitError{Ruleset: g.r.Info().Name, Name: "search_moves", Max: g.moves}
	}
	var le *game.LimitError
	if errors.As(err, &le) {
		return &LimitError{Ruleset: g.r.Info().Name, Name: "search_positions", Max: g.positions}
	}
	return err
}

// searchValue is the Grundy value of p by the engine, within the search limits.
func searchValue(ctx context.Context, r Ruleset, p Position) (uint64, error) {
	g := newBudgetGame(ctx, r, SearchMoves, SearchLimit)
	v, err := game.NewSolver[string](g, game.MaxPositions(SearchLimit), game.WithContext(ctx)).Value(Canonical(r, p).Key())
	if err != nil || *g.over {
		return 0, g.check(err)
	}
	return v, nil
}

// searchAnalysis answers a position by the engine's exhaustive search within SearchLimit positions
// and SearchMoves moves.
func searchAnalysis(ctx context.Context, r Ruleset, p Position) (Analysis, error) {
	return searchAnalysisWithin(ctx, r, p, SearchMoves, SearchLimit)
}

// searchAnalysisWithin is searchAnalysis with the limits given.
func searchAnalysisWithin(ctx context.Context, r Ruleset, p Position, moves, positions int) (Analysis, error) {
	g := newBudgetGame(ctx, r, moves, positions)
	a, err := searchAnalysisOf(ctx, g, r, p)
	if err != nil || *g.over {
		return Analysis{}, g.check(err)
	}
	return a, nil
}

func searchAnalysisOf(ctx context.Context, g budgetGame, r Ruleset, p Position) (Analysis, error) {
	s := game.NewSolver[string](g, game.MaxPositions(g.positions), game.WithContext(ctx))
	root := Canonical(r, p).Key()
	a := Analysis{Complete: true, Method: "exhaustive search by the engine"}
	var wins []string
	if r.Info().Play == "misère" {
		o, err := s.MisereOutcome(root)
		if err != nil {
			return Analysis{}, err
		}
		a.Outcome = fromGame(o)
		a.Note = "no Grundy value in misère play"
		if wins, err = s.MisereWinningMoves(root); err != nil {
			return Analysis{}, err
		}
	} else {
		v, err := s.Value(root)
		if err != nil {
			return Analysis{}, err
		}
		a.Outcome, a.Value, a.HasValue = outcomeOf(v), v, true
		if wins, err = s.WinningMoves(root); err != nil {
			return Analysis{}, err
		}
	}
	if *g.over {
		return Analysis{}, nil // refused by the caller; the root's moves were not all seen
	}
	a.Method = fmt.Sprintf("exhaustive search by the engine (%d positions)", s.Known())
	win := map[string]bool{}
	for _, k := range wins {
		win[k] = true
	}
	for m := range r.Moves(p) {
		if win[Canonical(r, m.To).Key()] {
			a.WinningMoves = append(a.WinningMoves, m)
		}
	}
	return a, nil
}

func fromGame(o game.Outcome) Outcome {
	if o == game.NextWins {
		return N
	}
	return P
}
