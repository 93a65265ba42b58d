package rules

import (
	"context"
	"testing"

	"grundy/game"
)

// TestLoopyRulesetsAgainstEngine proves the loopy rulesets' answers against the engine: for every
// position of two heaps (and some of three) of windup and square-but-one, the outcome decided by
// the sum rule from the heaps' loopy values equals the retrograde analysis (LoopyOutcome) of the
// whole position as one game (the ruleset's own moves, game.Solver over EngineGame), every winning
// move leads to a P-position and every drawing move to a draw there, and none is missing.
func TestLoopyRulesetsAgainstEngine(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		name  string
		flags map[string]string
		max   uint64
	}{
		{"windup", map[string]string{"n": "3", "set": "1,2"}, 2},
		{"windup", map[string]string{"n": "12", "set": "2,5"}, 11},
		{"windup", map[string]string{"n": "10", "set": "3,4,8"}, 9},
		{"windup", map[string]string{"n": "40", "set": "6,7"}, 39},
		{"square-but-one", nil, 30},
	} {
		r, err := New(c.name, c.flags)
		if err != nil {
			t.Fatal(err)
		}
		whole := game.NewSolver[string](EngineGame(r))
		outcome := func(p Position) Outcome {
			o, err := whole.LoopyOutcome(Canonical(r, p).Key())
			if err != nil {
				t.Fatal(err)
			}
			return fromGameLoopy(o)
		}
		var ps []Position
		for a := uint64(0); a <= c.max; a++ {
			for b := uint64(0); b <= c.max; b++ {
				ps = append(ps, Position{a, b})
			}
		}
		for a := uint64(0); a+1 <= min(c.max, 6); a++ {
			ps = append(ps, Position{a, a + 1, c.max - a})
		}
		counts := map[Outcome]int{}
		for _, p := range ps {
			an, err := r.Analyze(ctx, p)
			if err != nil {
				t.Fatal(err)
			}
			want := outcome(p)
			counts[want]++
			if an.Outcome != want {
				t.Fatalf("%s %v %v: %v (%s), the engine %v", c.name, c.flags, p, an.Outcome, an.Note, want)
			}
			rep, err := solveLoopy(ctx, c.name, c.flags, r.Args(p))
			if err != nil {
				t.Fatal(err)
			}
			if rep.Outcome.String() != want.String() || rep.Value.Outcome() != fromGameToGame(want) {
				t.Fatalf("%s %v: report %s %v, want %v", c.name, p, rep.Outcome, rep.Value, want)
			}
			nP, nD := 0, 0
			for m := range r.Moves(p) {
				switch outcome(m.To) {
				case P:
					nP++
				case D:
					nD++
				}
			}
			for _, m := range rep.WinningMoves {
				q, _ := r.Parse(r.Args(m.To))
				if outcome(q) != P {
					t.Fatalf("%s %v: winning move %s leads to %v", c.name, p, m.Text, outcome(q))
				}
			}
			for _, m := range rep.DrawingMoves {
				q, _ := r.Parse(r.Args(m.To))
				if outcome(q) != D {
					t.Fatalf("%s %v: drawing move %s leads to %v", c.name, p, m.Text, outcome(q))
				}
			}
			if len(rep.WinningMoves) != nP || want == D && len(rep.DrawingMoves) != nD {
				t.Fatalf("%s %v: %d winning and %d drawing moves, the engine %d and %d", c.name, p, len(rep.WinningMoves), len(rep.DrawingMoves), nP, nD)
			}
		}
		if c.name != "windup" || c.flags["n"] != "40" {
			if counts[D] == 0 || counts[N] == 0 || counts[P] == 0 {
				t.Fatalf("%s %v: outcomes %v: the test needs all three", c.name, c.flags, counts)
			}
		}
	}
}

func fromGameToGame(o Outcome) game.Outcome {
	switch o {
	case N:
		return game.NextWins
	case D:
		return game.Draw
	}
	return game.PrevWins
}

// TestSquareButOneTheory: the ruleset's answers match the outcomes its theory text states
// (limsup's analysis): P for 0 and 5, N for squares and squares plus 5, draws otherwise.
func TestSquareButOneTheory(t *testing.T) {
	vals, err := seqLoopy(context.Background(), "square-but-one", nil, 2000)
	if err != nil {
		t.Fatal(err)
	}
	sq := map[int]bool{}
	for k := 1; k*k <= 2000; k++ {
		sq[k*k] = true
	}
	for n, v := range vals {
		o := rune(v.Outcome().String()[0])
		want := 'D'
		switch {
		case n == 0 || n == 5:
			want = 'P'
		case sq[n] || n > 5 && sq[n-5]:
			want = 'N'
		}
		if o != want {
			t.Fatalf("square-but-one %d: %c, want %c", n, o, want)
		}
	}
}

// TestLoopyPlay: against the engine, a drawn game ends in a declared draw by the repetition rule;
// from an N-position the engine wins whatever the person plays (always the first listed move, or
// always the last), and its positions never repeat.
func TestLoopyPlay(t *testing.T) {
	r, _ := New("square-but-one", nil)
	if ended, drawn, _ := playOut(t, &Match{R: r, Pos: Position{2, 4}, HumanTurn: true}, 100); !ended || !drawn {
		t.Fatalf("ended %v, drawn %v: no declared draw", ended, drawn)
	}
	w, _ := New("windup", map[string]string{"n": "40", "set": "6,7"})
	for _, pick := range []func([]Move) int{func([]Move) int { return 0 }, func(ms []Move) int { return len(ms) - 1 }} {
		m := &Match{R: w, Pos: Position{5, 12}, HumanTurn: false}
		for moves := 0; ; moves++ {
			if over, humanWon := m.Over(); over {
				if humanWon {
					t.Fatal("the person won against the engine from an N-position")
				}
				break
			}
			if m.Drawn() || moves > 1000 {
				t.Fatalf("the engine did not win: drawn %v after %d moves", m.Drawn(), moves)
			}
			if m.HumanTurn {
				legal, _ := m.Legal(100)
				m.apply(legal[pick(legal)])
			} else if _, err := m.Engine(context.Background()); err != nil {
				t.Fatal(err)
			}
		}
	}
}
