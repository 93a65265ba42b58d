package scriptgame

import (
	"context"
	"errors"
	"strconv"
	"testing"
	"time"

	"grundy/rules"
)

const subtract134 = "def moves(n):\n    return [n - k for k in (1, 3, 4) if k <= n]\n"

// TestRulesetSolve: a script of subtract {1, 3, 4} offered as a rules.Ruleset is answered by
// rules.Solve as the catalogue's subtract --set 1,3,4 is: the same outcome and Grundy value of
// every sum of two heaps up to 9 in normal play, and the same outcome in misère play as the
// catalogue ruleset's misère search.
func TestRulesetSolve(t *testing.T) {
	ctx := context.Background()
	g, err := Load(ctx, "sub134.star", subtract134, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	r := g.Ruleset(ctx, false, 500)
	cat, err := rules.New("subtract", map[string]string{"set": "1,3,4"})
	if err != nil {
		t.Fatal(err)
	}
	m, err := rules.Misere(cat, "")
	if err != nil {
		t.Fatal(err)
	}
	for a := 0; a <= 9; a++ {
		for b := 0; b <= 9; b++ {
			args := []string{strconv.Itoa(a), strconv.Itoa(b)}
			got, err := rules.Solve(ctx, r, args, rules.Mode{})
			if err != nil {
				t.Fatal(err)
			}
			want, err := rules.Solve(ctx, cat, args, rules.Mode{})
			if err != nil {
				t.Fatal(err)
			}
			if got.Analysis.Outcome != want.Analysis.Outcome || got.Analysis.Value != want.Analysis.Value || !got.Analysis.HasValue {
				t.Errorf("%v: script %+v, ruleset %+v", args, *got.Analysis, *want.Analysis)
			}
			if a == 0 || b == 0 {
				continue // the catalogue's misère search takes heaps, not empty ones
			}
			gotM, err := rules.Solve(ctx, r, args, rules.Mode{Misere: true})
			if err != nil {
				t.Fatal(err)
			}
			p, err := m.Parse(args)
			if err != nil {
				t.Fatal(err)
			}
			wantM, err := m.(*rules.MisereRuleset).AnalyzeBySearch(ctx, p)
			if err != nil {
				t.Fatal(err)
			}
			if gotM.Analysis.Outcome != wantM.Outcome {
				t.Errorf("misère %v: script %s (%s), search %s", args, gotM.Analysis.Outcome, gotM.Analysis.Method, wantM.Outcome)
			}
		}
	}
}

// TestRulesetMatch: a rules.Match plays the script's game against a person who always plays the
// first move listed: from every N-position sum of two heaps up to 8 the engine, moving first,
// wins, in normal and in misère play, and every move the person is offered is marked winning
// exactly when the engine's analysis says it leads to a P-position.
func TestRulesetMatch(t *testing.T) {
	ctx := context.Background()
	g, err := Load(ctx, "sub134.star", subtract134, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	normal := g.Ruleset(ctx, false, 500)
	misere, _ := normal.(rules.MisereForm).MisereForm()
	for _, r := range []rules.Ruleset{normal, misere} {
		for a := 1; a <= 8; a++ {
			for b := 0; b <= 8; b++ {
				p, err := r.Parse([]string{strconv.Itoa(a), strconv.Itoa(b)})
				if err != nil {
					t.Fatal(err)
				}
				start, err := r.Analyze(ctx, p)
				if err != nil {
					t.Fatal(err)
				}
				m := &rules.Match{R: r, Pos: p}
				for {
					if over, _ := m.Over(); over {
						break
					}
					if _, err := m.Engine(ctx); err != nil {
						t.Fatal(err)
					}
					if over, _ := m.Over(); over {
						break
					}
					opts, _, err := m.Options(ctx, 100)
					if err != nil {
						t.Fatal(err)
					}
					for _, o := range opts {
						a, err := r.Analyze(ctx, o.To)
						if err != nil {
							t.Fatal(err)
						}
						if o.Winning != (a.Outcome == rules.P) {
							t.Fatalf("%s at %v: move %s marked %v, its position is %s", r.Info().Play, r.Args(m.Pos), o.Text, o.Winning, a.Outcome)
						}
					}
					if _, err := m.Human("#1"); err != nil {
						t.Fatal(err)
					}
				}
				if err := m.Err(); err != nil {
					t.Fatal(err)
				}
				if _, humanWon := m.Over(); start.Outcome == rules.N && humanWon {
					t.Errorf("%s play from %d %d: the engine moved first from an N-position and lost", r.Info().Play, a, b)
				}
			}
		}
	}
}

// TestCancelledMidMoves: a moves that loops for ever inside a solve stops within about a second of
// the cancel of the context the game was loaded with (its budgets would stop it after seconds), with
// context.Canceled; a game loaded after it solves as before.
func TestCancelledMidMoves(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	g, err := Load(ctx, "loop.star", "def moves(n):\n    while True:\n        pass\n", Limits{})
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	done := make(chan error, 1)
	go func() {
		_, err := g.Values(3, nil)
		done <- err
	}()
	time.Sleep(50 * time.Millisecond)
	cancel()
	start := time.Now()
	select {
	case err := <-done:
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("after the cancel: %v; want context.Canceled", err)
		}
		if d := time.Since(start); d > time.Second {
			t.Errorf("stopped %v after the cancel", d)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("not stopped 20 s after the cancel")
	}
	g2, err := Load(context.Background(), "sub134.star", subtract134, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	defer g2.Close()
	if vals, err := g2.Values(7, nil); err != nil || vals[5] != 3 || vals[7] != 0 {
		t.Errorf("a game after the cancelled one: %v %v", vals, err)
	}
}
