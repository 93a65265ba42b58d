// Package scriptgame plays a user's Starlark game (package script) with the perfect engine: a
// script loaded within its budgets, its positions, the moves of a sum of positions, the answer of
// solve in normal, misère and loopy play, and the engine's move in each. Misère sums are decided
// through the misère quotient of the script's heap game (package misere) where the game is one,
// and by the engine's search otherwise.
//
// The package returns domain values (outcomes, moves as texts and positions, methods); package
// query writes them as the documents of the contract.
package scriptgame

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"grundy/game"
	"grundy/internal/cliarg"
	"grundy/script"
)

// Limits are the budgets of one run of a script: Starlark steps, heap growth in bytes and wall
// time of the script (script.Limits), and the positions the engine may keep (0: no bound).
type Limits struct {
	Steps     uint64
	Memory    uint64
	Timeout   time.Duration
	Positions int
}

// Game is a loaded script and an engine over it. Call Close when done. A Game is not safe for
// concurrent use.
type Game struct {
	name   string // "script:NAME", the answers' ruleset
	game   *script.Game
	solver *game.Solver[string]
}

// Load runs the script src, called name in messages, within lim, and returns it with an engine
// that watches ctx. The script watches ctx too, so that a script looping inside one call of
// moves() stops when ctx is cancelled (the engine itself watches ctx between positions); its own
// clock stops at ctx's deadline, reported as its time budget.
func Load(ctx context.Context, name, src string, lim Limits) (*Game, error) {
	timeout := lim.Timeout
	if dl, ok := ctx.Deadline(); ok {
		if left := max(time.Until(dl), time.Millisecond); timeout <= 0 || left < timeout {
			timeout = left
		}
	}
	sg, err := script.LoadContext(ctx, name, []byte(src), script.Limits{MaxSteps: lim.Steps, Timeout: timeout, MaxMemory: lim.Memory})
	if err != nil {
		return nil, err
	}
	opts := []game.Option{game.WithContext(ctx)}
	if lim.Positions > 0 {
		opts = append(opts, game.MaxPositions(lim.Positions))
	}
	return &Game{name: "script:" + name, game: sg, solver: game.NewSolver[string](sg, opts...)}, nil
}

// Close stops the script's timer and memory watch.
func (g *Game) Close() { g.game.Close() }

// Name is the game's name in answers: "script:NAME".
func (g *Game) Name() string { return g.name }

// Solver is the engine over the game (positions are canonical literals).
func (g *Game) Solver() *game.Solver[string] { return g.solver }

// HeapsValue is the Grundy value of the position of heaps h: the int h[0] for one heap, the tuple
// (h[0], h[1], …) for several.
func (g *Game) HeapsValue(h []int) (uint64, error) {
	if len(h) == 1 {
		return g.solver.Value(strconv.Itoa(h[0]))
	}
	parts := make([]string, len(h))
	for i, x := range h {
		parts[i] = strconv.Itoa(x)
	}
	return g.solver.Value("(" + strings.Join(parts, ", ") + ")")
}

// InternalError is a failure that is not the script's fault (the engine found no move where one
// must exist, a quotient that cannot place a heap it computed).
type InternalError struct{ Msg string }

func (e *InternalError) Error() string { return e.Msg }

func internalf(format string, args ...any) error {
	return &InternalError{Msg: fmt.Sprintf(format, args...)}
}

// Positions parses position literals into the game's canonical keys.
func (g *Game) Positions(lits []string) ([]string, error) {
	keys := make([]string, len(lits))
	for i, lit := range lits {
		k, err := g.game.Position(lit)
		if err != nil {
			return nil, cliarg.Errorf("position %d: %v", i+1, err)
		}
		keys[i] = k
	}
	return keys, nil
}

// SumMoveSeparator separates a component's position from its option in a sum's move text.
const SumMoveSeparator = " -> "

// Move is a move of a sum of positions: its text (for one position the option's literal; for a
// sum "component i: a -> b") and the sum after it.
type Move struct {
	Text string
	To   []string
}

// move is the move of component i of keys to o.
func move(keys []string, i int, o string) Move {
	to := append([]string(nil), keys...)
	to[i] = o
	text := o
	if len(keys) > 1 {
		text = fmt.Sprintf("component %d: %s%s%s", i+1, keys[i], SumMoveSeparator, o)
	}
	return Move{Text: text, To: to}
}

// Legal lists up to max moves of the sum keys (max < 0: all), and whether there are more.
func (g *Game) Legal(keys []string, max int) ([]Move, bool, error) {
	var out []Move
	for i, k := range keys {
		opts, err := g.solver.Options(k)
		if err != nil {
			return nil, false, err
		}
		for _, o := range opts {
			if len(out) == max {
				return out, true, nil
			}
			out = append(out, move(keys, i, o))
		}
	}
	return out, false, nil
}

// value is the Grundy value of the sum keys.
func (g *Game) value(keys []string) (uint64, error) {
	if len(keys) == 1 {
		return g.solver.Value(keys[0])
	}
	return g.solver.SumValue(keys)
}

// ReadMove finds the person's move in the legal moves of keys (the first max of them): its text
// as listed, #N, or the literal of the position it reaches (one position). A move that is not one
// is bad input, saying why.
func (g *Game) ReadMove(keys []string, input string, max int) (Move, error) {
	input = strings.TrimSpace(input)
	if input == "" {
		return Move{}, cliarg.Errorf("type a move")
	}
	legal, more, err := g.Legal(keys, max)
	if err != nil {
		return Move{}, err
	}
	if rest, ok := strings.CutPrefix(input, "#"); ok {
		n, err := strconv.Atoi(rest)
		if err != nil || n < 1 || n > len(legal) {
			return Move{}, cliarg.Errorf("there is no move %s (type 'moves' for the list)", input)
		}
		return legal[n-1], nil
	}
	for _, m := range legal {
		if m.Text == input {
			return m, nil
		}
	}
	if len(keys) == 1 {
		if k, err := g.game.Position(input); err == nil {
			for _, m := range legal {
				if m.To[0] == k {
					return m, nil
				}
			}
			if !more {
				return Move{}, cliarg.Errorf("illegal move: %s is not an option of %s", k, keys[0])
			}
		}
	}
	if more {
		return Move{}, cliarg.Errorf("not a move listed among the first %d: %q (type 'moves' for the list, #N for the N-th)", max, input)
	}
	return Move{}, cliarg.Errorf("not a move: %q (type a move as 'moves' lists it, or #N for the N-th)", input)
}

// EngineMove picks the engine's move from keys in normal play: one to a position of value 0 when
// there is one, otherwise the first legal move (every move loses against perfect play).
func (g *Game) EngineMove(keys []string) (Move, error) {
	var first *Move
	for i, k := range keys {
		opts, err := g.solver.Options(k)
		if err != nil {
			return Move{}, err
		}
		for _, o := range opts {
			m := move(keys, i, o)
			v, err := g.value(m.To)
			if err != nil {
				return Move{}, err
			}
			if v == 0 {
				return m, nil
			}
			if first == nil {
				first = &m
			}
		}
	}
	if first == nil {
		return Move{}, internalf("the engine has no move to play")
	}
	return *first, nil
}

// Wins reports whether the sum keys is a P-position (a move to it wins): its Grundy value is 0,
// or with loopy its loopy value.
func (g *Game) Wins(keys []string, loopy bool) (bool, error) {
	if !loopy {
		v, err := g.value(keys)
		return v == 0, err
	}
	vals := make([]game.LoopyValue, len(keys))
	for i, k := range keys {
		v, err := g.solver.LoopyValue(k)
		if err != nil {
			return false, err
		}
		vals[i] = v
	}
	return game.AddLoopy(vals...).Outcome() == game.PrevWins, nil
}

// EngineMoveLoopy picks the engine's move in a game with cycles (game.Solver.LoopyMove): a
// winning move that makes progress, a move that keeps a draw, or the first move.
func (g *Game) EngineMoveLoopy(keys []string) (Move, error) {
	m, ok, err := g.solver.LoopyMove(keys)
	if err != nil {
		return Move{}, err
	}
	if !ok {
		return Move{}, internalf("the engine has no move to play")
	}
	return move(keys, m.Component, m.To), nil
}

// Values returns g(0..to), the Grundy values of the positions 0..to (ints), calling progress (when
// not nil) now and then with the positions done and asked for.
func (g *Game) Values(to uint64, progress func(done, total int64)) ([]uint64, error) {
	return valuesTo(to, progress, g.solver.Value)
}

// LoopyValues returns γ(0..to), the loopy values of the positions 0..to (ints), calling progress
// as Values does.
func (g *Game) LoopyValues(to uint64, progress func(done, total int64)) ([]game.LoopyValue, error) {
	return valuesTo(to, progress, g.solver.LoopyValue)
}

// valuesTo returns value(n) for the positions n = 0..to (ints), calling progress (when not nil)
// every 256 positions and at the end.
func valuesTo[V any](to uint64, progress func(done, total int64), value func(string) (V, error)) ([]V, error) {
	vals := make([]V, 0, min(to, 1<<20)+1)
	for n := uint64(0); n <= to; n++ {
		v, err := value(strconv.FormatUint(n, 10))
		if err != nil {
			return nil, err
		}
		vals = append(vals, v)
		if progress != nil && (n%256 == 255 || n == to) {
			progress(int64(n)+1, int64(to)+1)
		}
	}
	return vals, nil
}
