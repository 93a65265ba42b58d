package query

import (
	"context"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"grundy/report"
)

func TestSolveMisereByQuotient(t *testing.T) {
	ctx := context.Background()
	solve := func(ruleset string, flags map[string]string, pos ...string) report.Solve {
		t.Helper()
		a, err := Solve(ctx, SolveRequest{Ruleset: ruleset, Flags: flags, Position: pos, Misere: true}, CLI())
		if err != nil {
			t.Fatalf("%s %v: %v", ruleset, pos, err)
		}
		s, ok := a.(report.Solve)
		if !ok {
			t.Fatalf("answer %T", a)
		}
		if !strings.HasPrefix(s.Method, "misère quotient") || s.Value != nil {
			t.Fatalf("method %q value %v", s.Method, s.Value)
		}
		return s
	}
	// Misère Kayles: a single heap is a P-position exactly for 1, 4, 9, 12 among 1..12.
	for h := 1; h <= 12; h++ {
		s := solve("kayles", nil, itoa(h))
		want := "N"
		if h == 1 || h == 4 || h == 9 || h == 12 {
			want = "P"
		}
		if s.Outcome != want {
			t.Errorf("kayles %d: %s, want %s", h, s.Outcome, want)
		}
	}
	// Dozens of heaps: every winning move leads to a P-position, and a P-position has none.
	pos := strings.Fields("5 7 9 11 13 3 3 1 2 8 8 10 12 6 6 6 4 14 15 16 2 2 7 9 11")
	for _, r := range []struct {
		name  string
		flags map[string]string
	}{{"kayles", nil}, {"dawson-kayles", nil}, {"grundy-game", nil}, {"octal", map[string]string{"code": "0.75"}}} {
		s := solve(r.name, r.flags, pos...)
		if (s.Outcome == "N") != (len(s.WinningMoves) > 0) {
			t.Errorf("%s: %s with %d winning moves", r.name, s.Outcome, len(s.WinningMoves))
		}
		for _, m := range s.WinningMoves {
			if after := solve(r.name, r.flags, m.To...); after.Outcome != "P" {
				t.Errorf("%s: %s leads to %s", r.name, m.Move, after.Outcome)
			}
		}
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

func TestMisereScript(t *testing.T) {
	ctx := context.Background()
	src, err := os.ReadFile("../examples/kayles-heaps.star")
	if err != nil {
		t.Fatal(err)
	}
	s, err := Misere(ctx, MisereRequest{Script: string(src), ScriptName: "kayles-heaps.star", MaxHeap: "12"}, CLI())
	if err != nil {
		t.Fatal(err)
	}
	k, err := Misere(ctx, MisereRequest{Game: "0.77", MaxHeap: "12"}, CLI())
	if err != nil {
		t.Fatal(err)
	}
	if s.Game != "script:kayles-heaps.star" || s.Order != k.Order || !slices.Equal(s.Pretending, k.Pretending) ||
		!slices.Equal(s.PPortion, k.PPortion) || !slices.Equal(s.Presentation, k.Presentation) {
		t.Errorf("script %+v\ncode %+v", s, k)
	}
	for _, bad := range []string{"def moves(n):\n    return [n]\n", "def moves(n):\n    return [\"x\"]\n", "def moves(n):\n    return n.x\n"} {
		_, err := Misere(ctx, MisereRequest{Script: bad, MaxHeap: "5"}, CLI())
		if KindOf(err) != BadInput {
			t.Errorf("%q: %v (%v)", bad, err, KindOf(err))
		}
	}
}

// A script's misère sum through the quotient agrees with the engine's exhaustive search of the sum.
func TestScriptMisereByQuotientMatchesSearch(t *testing.T) {
	ctx := context.Background()
	src, err := os.ReadFile("../examples/kayles-heaps.star")
	if err != nil {
		t.Fatal(err)
	}
	for _, pos := range [][]string{{"7", "5"}, {"1", "4"}, {"9"}, {"3", "3", "6"}, {"2", "5", "8"}, {"1", "1", "1"}} {
		a, err := Solve(ctx, SolveRequest{Script: string(src), Position: pos, Misere: true}, CLI())
		if err != nil {
			t.Fatal(err)
		}
		got := a.(ScriptSolve)
		if !strings.HasPrefix(got.Method, "misère quotient") {
			t.Fatalf("%v: method %q", pos, got.Method)
		}
		run, err := loadScript(ctx, "", string(src), CLI())
		if err != nil {
			t.Fatal(err)
		}
		keys, _ := run.positions(pos)
		want, err := run.solve(keys, true)
		run.close()
		if err != nil {
			t.Fatal(err)
		}
		if got.Outcome != want.Outcome || (len(got.WinningMoves) > 0) != (len(want.WinningMoves) > 0) {
			t.Errorf("%v: quotient %s (%d moves), search %s (%d moves)", pos, got.Outcome, len(got.WinningMoves), want.Outcome, len(want.WinningMoves))
		}
	}
}
