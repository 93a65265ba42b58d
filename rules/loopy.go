package rules

import (
	"context"
	"errors"
	"fmt"
	"iter"

	"grundy/game"
	"grundy/internal/cliarg"
)

// Rulesets with cycles: a move can lead back to an earlier position, so play may go on for ever.
// Their positions have loopy values (game.LoopyValue: a nimber, or ∞ with the set of the finite
// values of its options) instead of Grundy values, computed by the engine (game.Solver.LoopyValue)
// over one heap's positions; a list of heaps is a sum, decided by the generalized Sprague–Grundy
// theorem.

// D is the outcome of a drawn position (neither player can force a win), in rulesets with cycles.
const D Outcome = 'D'

// loopyTheory is the part of a loopy ruleset's theory text that explains ∞.
const loopyTheory = "Its values are the generalized Sprague–Grundy values (Smith 1966; Fraenkel–Yesha), computed by the engine over the heap's positions: " +
	"a heap is worth a nimber k, or ∞{K} when a player can keep play going for ever unless the other escapes — K is the set of the finite values of its options. " +
	"P iff the value is 0; N iff a non-zero nimber or an ∞ whose set holds 0; otherwise a draw (D). " +
	"Heaps add: a ⊕ b; a + ∞{K} = ∞{K ⊕ a}; two ∞ make ∞{}, a draw. The engine's winning moves make progress (its wins end)"

// loopyMaxHeap bounds the heaps of square-but-one (the heap's positions are searched).
const loopyMaxHeap = 1 << 16

// windupMaxN bounds the modulus of windup.
const windupMaxN = 1 << 20

// loopyHeaps is a ruleset with cycles played on a list of heaps, each an independent game.
type loopyHeaps struct {
	heapsBase
	name    string
	maxHeap uint64                       // the largest heap allowed
	opts    func(h uint64) []uint64      // the options of one heap
	text    func(h, o uint64) string     // a move's description, heap number aside
	heapErr func(i int, h uint64) string // why heap i+1 is not allowed (maxHeap exceeded)
}

func (r loopyHeaps) Info() Info { return infoOf(r.name) }

// Parse reads heap sizes, each at most the ruleset's bound.
func (r loopyHeaps) Parse(args []string) (Position, error) {
	p, err := parseNumbers(args, "heap")
	if err != nil {
		return nil, err
	}
	if len(p) == 0 {
		return nil, cliarg.Errorf("%s takes at least one heap", r.name)
	}
	for i, h := range p {
		if h > r.maxHeap {
			return nil, cliarg.Errorf("%s", r.heapErr(i, h))
		}
	}
	return p, nil
}

// Moves yields the moves of every heap.
func (r loopyHeaps) Moves(p Position) iter.Seq[Move] {
	return func(yield func(Move) bool) {
		for i, h := range p {
			for _, o := range r.opts(h) {
				if !yield(Move{Text: fmt.Sprintf("heap %d: %s", i+1, r.text(h, o)), To: with(p, i, o)}) {
					return
				}
			}
		}
	}
}

// heapGame is one heap of r as a game for the engine.
type heapGame struct{ r loopyHeaps }

func (g heapGame) Moves(h uint64) iter.Seq[uint64] {
	return func(yield func(uint64) bool) {
		for _, o := range g.r.opts(h) {
			if !yield(o) {
				return
			}
		}
	}
}

func (g heapGame) AppendMoves(dst []uint64, h uint64) []uint64 { return append(dst, g.r.opts(h)...) }

// solver returns an engine over one heap of r.
func (r loopyHeaps) solver(ctx context.Context) *game.Solver[uint64] {
	return game.NewSolver[uint64](heapGame{r}, game.WithContext(ctx), game.MaxPositions(SearchLimit))
}

// searchErr words an error of the engine for people.
func (r loopyHeaps) searchErr(ctx context.Context, err error) error {
	if cerr := ctx.Err(); cerr != nil {
		return fmt.Errorf("search stopped: %w", cerr)
	}
	var le *game.LimitError
	if errors.As(err, &le) {
		return limitf(r.name, "search_positions", SearchLimit, "%s: this position needs a search of more than %d positions, the limit", r.name, SearchLimit)
	}
	return err
}

// Loopy is implemented by the rulesets with cycles ([IsLoopy]): their positions have loopy values
// (game.LoopyValue) instead of Grundy values, and a list of heaps is a sum decided by the
// generalized Sprague–Grundy theorem.
type Loopy interface {
	Ruleset
	// AnalyzeLoopy answers p from its heaps' loopy values: the value of the sum, its outcome (N,
	// P or D), the winning moves and, for a draw, the moves that keep it.
	AnalyzeLoopy(ctx context.Context, p Position) (LoopyAnalysis, error)
	// LoopyValues returns the loopy values of the heaps 0..to.
	LoopyValues(ctx context.Context, to uint64) ([]game.LoopyValue, error)
}

// LoopyAnalysis is the answer of [Loopy.AnalyzeLoopy]: the engine's analysis of the sum (Value,
// Outcome, and Values of each heap) with the moves as the ruleset writes them.
type LoopyAnalysis struct {
	game.LoopySumAnalysis[uint64]
	WinningMoves, DrawingMoves []Move
	// Method names how the values were found.
	Method string
}

// MethodLoopyHeaps is the method of the loopy answers of the rulesets with cycles.
const MethodLoopyHeaps = "loopy values of the heaps by the engine (generalized Sprague–Grundy values, Fraenkel–Yesha rounds); their sum by the generalized Sprague–Grundy theorem"

// AnalyzeLoopy answers p from its heaps' loopy values.
func (r loopyHeaps) AnalyzeLoopy(ctx context.Context, p Position) (LoopyAnalysis, error) {
	s := r.solver(ctx)
	a, err := s.AnalyzeLoopySum(p)
	if err != nil {
		return LoopyAnalysis{}, r.searchErr(ctx, err)
	}
	out := LoopyAnalysis{LoopySumAnalysis: a, Method: MethodLoopyHeaps}
	toMoves := func(ms []game.SumMove[uint64]) []Move {
		var moves []Move
		for _, m := range ms {
			h := p[m.Component]
			moves = append(moves, Move{Text: fmt.Sprintf("heap %d: %s", m.Component+1, r.text(h, m.To)), To: with(p, m.Component, m.To)})
		}
		return moves
	}
	out.WinningMoves, out.DrawingMoves = toMoves(a.Winning), toMoves(a.Drawing)
	return out, nil
}

func fromGameLoopy(o game.Outcome) Outcome {
	switch o {
	case game.NextWins:
		return N
	case game.Draw:
		return D
	}
	return P
}

// Analyze answers p: the outcome (N, P or D), the value when finite (the note gives an infinite
// one), and the winning moves.
func (r loopyHeaps) Analyze(ctx context.Context, p Position) (Analysis, error) {
	a, err := r.AnalyzeLoopy(ctx, p)
	if err != nil {
		return Analysis{}, err
	}
	res := Analysis{Outcome: fromGameLoopy(a.Outcome), WinningMoves: a.WinningMoves, Complete: true, Method: "loopy values by the engine; heaps added by the generalized Sprague–Grundy theorem"}
	if a.Value.Infinite {
		res.Note = fmt.Sprintf("loopy value %v", a.Value)
	} else {
		res.Value, res.HasValue = a.Value.Value, true
	}
	return res, nil
}

// EngineMove is the engine's move from p: a winning move that makes progress, a move that keeps
// a draw, or (losing) the first move; false when there is none.
func (r loopyHeaps) EngineMove(ctx context.Context, p Position) (Move, bool, error) {
	m, ok, err := r.solver(ctx).LoopyMove(p)
	if err != nil || !ok {
		return Move{}, false, r.searchErr(ctx, err)
	}
	h := p[m.Component]
	return Move{Text: fmt.Sprintf("heap %d: %s", m.Component+1, r.text(h, m.To)), To: with(p, m.Component, m.To)}, true, nil
}

// IsLoopy reports whether the named ruleset's moves have cycles: it is a [Loopy] ruleset, its
// answers are loopy values and its outcomes may be D.
func IsLoopy(name string) bool {
	switch name {
	case "windup", "square-but-one":
		return true
	}
	return false
}

// LoopyValues returns the loopy values of the heaps 0..to.
func (r loopyHeaps) LoopyValues(ctx context.Context, to uint64) ([]game.LoopyValue, error) {
	if to > r.maxHeap {
		return nil, cliarg.Errorf("%s", r.heapErr(-1, to))
	}
	s := r.solver(ctx)
	vals := make([]game.LoopyValue, 0, to+1)
	for h := uint64(0); h <= to; h++ {
		v, err := s.LoopyValue(h)
		if err != nil {
			return nil, r.searchErr(ctx, err)
		}
		vals = append(vals, v)
	}
	return vals, nil
}

// ---- windup ----

func windupEntry() entry {
	return entry{
		info: Info{
			Name: "windup",
			Summary: "WindUp, a subtraction game modulo n: from a heap h ≠ 0 take s ∈ S, wrapping round below 0 (to (h − s) mod n); " +
				"a heap of 0 cannot move; whoever cannot move loses — play can go round for ever",
			Flags: []FlagInfo{
				{Name: "n", Arg: "N", Usage: fmt.Sprintf("the modulus: heaps are 0..N−1 (2 ≤ N ≤ %d)", windupMaxN)},
				{Name: "set", Arg: "S", Usage: "the amounts that may be taken, comma separated: 6,7 (each 1..N−1)"},
			},
			Position: "heap sizes, each below N: 5 12",
			Example:  "--n 40 --set 6,7 5 12",
			Theory: "Alfie Davies' WindUp (Games-at-Dal 2023; as in t4ccer's cgt-tools). " + loopyTheory +
				". WindUp(40, {6, 7}) is finite everywhere; WindUp(3, {1, 2}) has 1 and 2 worth ∞{0}",
			Indexing:   heapIndexing,
			Limits:     fmt.Sprintf("N ≤ %d; the engine searches the N heaps (at most %d positions)", windupMaxN, SearchLimit),
			OneHeap:    true,
			Play:       PlayNormal,
			Board:      BoardHeaps,
			FirstIndex: 1,
		},
		build: buildWindup,
	}
}

func buildWindup(f flags) (Ruleset, error) {
	n, err := f.uint("n", 2, windupMaxN)
	if err != nil {
		return nil, err
	}
	parts := cliarg.Fields(f.m["set"])
	if len(parts) == 0 {
		return nil, cliarg.Errorf("windup needs --set S: the amounts that may be taken, for example 6,7")
	}
	var set []uint64
	seen := map[uint64]bool{}
	for _, x := range parts {
		v, err := cliarg.Uint64(x)
		if err != nil {
			return nil, cliarg.Errorf("--set: %v", err)
		}
		if v == 0 || v >= n {
			return nil, cliarg.Errorf("--set: amount %s is out of range: amounts are 1..%d (below --n)", x, n-1)
		}
		if !seen[v] {
			seen[v] = true
			set = append(set, v)
		}
	}
	return loopyHeaps{
		name: "windup", maxHeap: n - 1,
		opts: func(h uint64) []uint64 {
			if h == 0 {
				return nil
			}
			out := make([]uint64, 0, len(set))
			for _, s := range set {
				out = append(out, (h+n-s)%n)
			}
			return out
		},
		text: func(h, o uint64) string {
			return fmt.Sprintf("take %d, %d -> %d", (h+n-o)%n, h, o)
		},
		heapErr: func(i int, h uint64) string {
			if i < 0 {
				return fmt.Sprintf("windup heaps are 0..%d (below --n %d): --to %d is out of range", n-1, n, h)
			}
			return fmt.Sprintf("heap %d: %d is out of range: windup heaps are 0..%d (below --n %d)", i+1, h, n-1, n)
		},
	}, nil
}

// ---- square-but-one ----

func squareButOneEntry() entry {
	return entry{
		info: Info{
			Name:     "square-but-one",
			Summary:  "take a positive square number of counters from one heap, or add one counter to a heap of positive even size; whoever cannot move loses",
			Position: "heap sizes: 2 7",
			Example:  "1 2",
			Theory: "Square-But-One (\"Combinatorial Game Theory V\", limsup, 2012): 0 and 5 are the only P-heaps, the squares and the squares plus 5 are N, every other heap is a draw. " +
				loopyTheory + ". So 1 + 2 = 1 + ∞{1} = ∞{0}: N, though 2 alone is a draw",
			Indexing:   heapIndexing,
			Limits:     fmt.Sprintf("heaps ≤ %d (the engine searches the heaps below)", loopyMaxHeap),
			OneHeap:    true,
			Play:       PlayNormal,
			Board:      BoardHeaps,
			FirstIndex: 1,
		},
		build: func(flags) (Ruleset, error) {
			return loopyHeaps{
				name: "square-but-one", maxHeap: loopyMaxHeap,
				opts: func(h uint64) []uint64 {
					var out []uint64
					if h > 0 && h%2 == 0 {
						out = append(out, h+1)
					}
					for k := uint64(1); k*k <= h; k++ {
						out = append(out, h-k*k)
					}
					return out
				},
				text: func(h, o uint64) string {
					if o > h {
						return fmt.Sprintf("add 1, %d -> %d", h, o)
					}
					return fmt.Sprintf("take %d, %d -> %d", h-o, h, o)
				},
				heapErr: func(i int, h uint64) string {
					if i < 0 {
						return fmt.Sprintf("square-but-one: --to %d is over the limit of %d", h, loopyMaxHeap)
					}
					return fmt.Sprintf("heap %d: %d is over the limit of %d for square-but-one", i+1, h, loopyMaxHeap)
				},
			}, nil
		},
	}
}
