package scriptgame

import (
	"context"
	"iter"
	"strings"

	"grundy/game"
	"grundy/rules"
)

// Ruleset is the script offered as a rules.Ruleset, so that rules.Solve answers it and a
// rules.Match plays it as they do the catalogue's rulesets. A position is a sum of the script's
// positions (one or more); its numbers index the canonical literals the Ruleset has met. What it
// offers follows the play: in normal play it is answered by the engine (the Sprague–Grundy
// theorem for sums); its misère play ([Ruleset.MisereForm]) through the misère quotient of its
// heaps where the sum is one of heaps, by the engine's search otherwise; in loopy play
// ([Game.Ruleset] with loopy) it is a rules.Loopy. In each play it picks the engine's move
// (rules.EngineMover), reads a person's move among the moves it lists (rules.MoveReader) and
// judges positions (rules.PositionJudge). Moves cannot return the script's failure: Err does
// (rules.Fallible).
type Ruleset struct {
	g      *Game
	ctx    context.Context
	misere bool
	judge  *Judge // misère play
	list   int    // the moves a person's move is looked for among
	*keys
}

// keys interns the canonical literals of a Ruleset's positions.
type keys struct {
	lits  []string
	index map[string]uint64
	err   error // the first failure of the script while moves were listed
}

// loopyRuleset is the script in loopy play: a rules.Loopy.
type loopyRuleset struct{ *Ruleset }

// Ruleset returns the game as a rules.Ruleset watching ctx, in normal play, or in loopy play
// (a rules.Loopy) with loopy. A person's move is looked for among the first list legal moves.
func (g *Game) Ruleset(ctx context.Context, loopy bool, list int) rules.Ruleset {
	r := &Ruleset{g: g, ctx: ctx, list: list, keys: &keys{index: map[string]uint64{}}}
	if loopy {
		return loopyRuleset{r}
	}
	return r
}

// MisereForm is the script in misère play.
func (r *Ruleset) MisereForm() (rules.Ruleset, bool) {
	if r.misere {
		return nil, false
	}
	return &Ruleset{g: r.g, ctx: r.ctx, misere: true, judge: r.g.MisereJudge(r.ctx), list: r.list, keys: r.keys}, true
}

// Info describes the script's game.
func (r *Ruleset) Info() rules.Info {
	play := rules.PlayNormal
	if r.misere {
		play = rules.PlayMisere
	}
	return rules.Info{Name: r.g.name, Summary: "a game written as a script", Position: "the script's position literals; several make a sum",
		Play: play, Board: rules.BoardText}
}

// Err is the first failure of the script while moves were listed.
func (r *Ruleset) Err() error { return r.err }

func (k *keys) intern(lits []string) rules.Position {
	p := make(rules.Position, len(lits))
	for i, l := range lits {
		n, ok := k.index[l]
		if !ok {
			n = uint64(len(k.lits))
			k.index[l] = n
			k.lits = append(k.lits, l)
		}
		p[i] = n
	}
	return p
}

// Parse reads position literals into the sum of their canonical forms.
func (r *Ruleset) Parse(args []string) (rules.Position, error) {
	lits, err := r.g.Positions(args)
	if err != nil {
		return nil, err
	}
	return r.intern(lits), nil
}

// Args writes p as the canonical literals of its components.
func (r *Ruleset) Args(p rules.Position) []string {
	out := make([]string, len(p))
	for i, n := range p {
		out[i] = r.lits[n]
	}
	return out
}

// Format writes p as its components joined by " + ".
func (r *Ruleset) Format(p rules.Position) string { return strings.Join(r.Args(p), " + ") }

func (r *Ruleset) move(m Move) rules.Move { return rules.Move{Text: m.Text, To: r.intern(m.To)} }

// Moves yields the moves of the sum p, component by component; a failure of the script stops them
// and is Err's.
func (r *Ruleset) Moves(p rules.Position) iter.Seq[rules.Move] {
	return func(yield func(rules.Move) bool) {
		keys := r.Args(p)
		for i, k := range keys {
			opts, err := r.g.solver.Options(k)
			if err != nil {
				if r.err == nil {
					r.err = err
				}
				return
			}
			for _, o := range opts {
				if !yield(r.move(move(keys, i, o))) {
					return
				}
			}
		}
	}
}

// Analyze answers p by the engine: its value and winning moves in normal play; in misère play its
// outcome through the misère quotient where p is a sum of heaps, else by the engine's search
// (whose method then says why the quotient does not apply).
func (r *Ruleset) Analyze(ctx context.Context, p rules.Position) (rules.Analysis, error) {
	keys := r.Args(p)
	var why string // why a misère sum is searched rather than decided by its quotient
	if r.misere {
		sol, w, err := r.g.SolveMisereQuotient(ctx, keys)
		if err != nil {
			return rules.Analysis{}, err
		}
		if sol != nil {
			return r.analysis(*sol), nil
		}
		why = w
	}
	sol, err := r.g.Solve(keys, r.misere)
	if err != nil {
		return rules.Analysis{}, err
	}
	a := r.analysis(sol)
	if why != "" {
		a.Method += " (not through a misère quotient: " + why + ")"
	}
	return a, nil
}

// analysis writes a solution as an Analysis: complete, unless it lists only the first of its
// winning moves (the note then gives their number).
func (r *Ruleset) analysis(s Solution) rules.Analysis {
	a := rules.Analysis{Outcome: rules.N, Complete: true, Method: s.Method, Note: s.Note, Quotient: s.Quotient, QuotientHeaps: s.Heaps}
	if s.Outcome == game.PrevWins {
		a.Outcome = rules.P
	}
	if s.Value != nil {
		a.Value, a.HasValue = *s.Value, true
	}
	for _, m := range s.Moves {
		a.WinningMoves = append(a.WinningMoves, r.move(m))
	}
	rules.CapMoves(&a.Complete, &a.Note, len(a.WinningMoves), s.Total)
	return a
}

// EngineMove is the engine's move from p in the play of the Ruleset.
func (r *Ruleset) EngineMove(ctx context.Context, p rules.Position) (rules.Move, bool, error) {
	engine := r.g.EngineMove
	if r.misere {
		engine = r.judge.EngineMove
	}
	m, err := engine(r.Args(p))
	if err != nil {
		return rules.Move{}, false, err
	}
	return r.move(m), true, nil
}

// ReadMove finds a person's move among the first legal moves of p (Game.ReadMove).
func (r *Ruleset) ReadMove(p rules.Position, input string) (rules.Move, error) {
	m, err := r.g.ReadMove(r.Args(p), input, r.list)
	if err != nil {
		return rules.Move{}, err
	}
	return r.move(m), nil
}

// IsP reports whether p is a P-position in the play of the Ruleset.
func (r *Ruleset) IsP(ctx context.Context, p rules.Position) (bool, error) {
	if r.misere {
		return r.judge.IsP(r.Args(p))
	}
	return r.g.Wins(r.Args(p), false)
}

// MisereForm: a game with cycles is played in normal play only.
func (l loopyRuleset) MisereForm() (rules.Ruleset, bool) { return nil, false }

// EngineMove is the engine's move in a game with cycles: a winning move that makes progress, a
// move that keeps a draw, or the first move.
func (l loopyRuleset) EngineMove(ctx context.Context, p rules.Position) (rules.Move, bool, error) {
	m, err := l.g.EngineMoveLoopy(l.Args(p))
	if err != nil {
		return rules.Move{}, false, err
	}
	return l.move(m), true, nil
}

// IsP reports whether p is a P-position by its loopy value.
func (l loopyRuleset) IsP(ctx context.Context, p rules.Position) (bool, error) {
	return l.g.Wins(l.Args(p), true)
}

// Methods named in loopy answers.
const (
	methodLoopyValue = "generalized Sprague–Grundy values (Smith; Fraenkel–Yesha rounds) of every position reachable"
	methodLoopySum   = methodLoopyValue + "; the sum by the generalized Sprague–Grundy theorem"
)

// AnalyzeLoopy answers p by the loopy values of its components.
func (l loopyRuleset) AnalyzeLoopy(ctx context.Context, p rules.Position) (rules.LoopyAnalysis, error) {
	s, err := l.g.SolveLoopy(l.Args(p))
	if err != nil {
		return rules.LoopyAnalysis{}, err
	}
	a := rules.LoopyAnalysis{Method: methodLoopyValue}
	a.Values, a.Value, a.Outcome = s.Values, s.Value, s.Outcome
	if len(p) > 1 {
		a.Method = methodLoopySum
	}
	for _, m := range s.WinningMoves {
		a.WinningMoves = append(a.WinningMoves, l.move(m))
	}
	for _, m := range s.DrawingMoves {
		a.DrawingMoves = append(a.DrawingMoves, l.move(m))
	}
	return a, nil
}

// LoopyValues returns γ(0..to), the loopy values of the positions 0..to (ints).
func (l loopyRuleset) LoopyValues(ctx context.Context, to uint64) ([]game.LoopyValue, error) {
	return l.g.LoopyValues(to, nil)
}
