package query

import (
	"context"
	"os"
	"reflect"
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
		keys, _ := run.Positions(pos)
		want, err := searchSum(run, keys)
		run.close()
		if err != nil {
			t.Fatal(err)
		}
		if got.Outcome != want.Outcome || (len(got.WinningMoves) > 0) != (len(want.WinningMoves) > 0) {
			t.Errorf("%v: quotient %s (%d moves), search %s (%d moves)", pos, got.Outcome, len(got.WinningMoves), want.Outcome, len(want.WinningMoves))
		}
	}
}

// A script's positions that split() breaks into heaps (tuples in examples/kayles-heaps.star) are
// decided through the quotient, with the same outcome and the same winning moves, in the same
// words, as the engine's misère search of the sum.
func TestScriptMisereSplitByQuotientMatchesSearch(t *testing.T) {
	ctx := context.Background()
	src, err := os.ReadFile("../examples/kayles-heaps.star")
	if err != nil {
		t.Fatal(err)
	}
	var cases [][]string
	for a := 1; a <= 6; a++ {
		for b := a; b <= 6; b++ {
			cases = append(cases, []string{"(" + itoa(a) + ", " + itoa(b) + ")"}, []string{"(" + itoa(a) + ",)", itoa(b)})
		}
	}
	cases = append(cases, []string{"()"}, []string{"()", "(1,)"}, []string{"(1, 3)", "(2,)", "5"}, []string{"(1, 1, 1)", "(2, 2)"})
	for _, pos := range cases {
		a, err := Solve(ctx, SolveRequest{Script: string(src), Position: pos, Misere: true}, CLI())
		if err != nil {
			t.Fatal(err)
		}
		got := a.(ScriptSolve)
		if !strings.HasPrefix(got.Method, "misère quotient of the script's heaps") || !strings.Contains(got.Method, "split() breaks the position into heaps") {
			t.Fatalf("%v: method %q", pos, got.Method)
		}
		run, err := loadScript(ctx, "", string(src), CLI())
		if err != nil {
			t.Fatal(err)
		}
		keys, _ := run.Positions(pos)
		want, err := searchSum(run, keys)
		run.close()
		if err != nil {
			t.Fatal(err)
		}
		if got.Outcome != want.Outcome || !reflect.DeepEqual(got.WinningMoves, want.WinningMoves) {
			t.Errorf("%v: quotient %s %v, search %s %v", pos, got.Outcome, got.WinningMoves, want.Outcome, want.WinningMoves)
		}
	}
}

// Where the quotient does not apply, the engine searches and the method says why.
func TestScriptMisereSaysWhySearch(t *testing.T) {
	ctx := context.Background()
	read := func(f string) string {
		src, err := os.ReadFile("../examples/" + f)
		if err != nil {
			t.Fatal(err)
		}
		return string(src)
	}
	// lying.star's split() says (a, b) is the sum of heaps a and b, but its moves from a tuple
	// only take from the first heap.
	lying := "def moves(p):\n    if type(p) == \"tuple\":\n        return [(p[0] - 1, p[1])] if p[0] > 0 else []\n    return list(range(p))\n\n" +
		"def split(p):\n    return list(p) if type(p) == \"tuple\" else None\n"
	// tuples.star moves from heap n to the pair (n-1, 0), which is no heap.
	tuples := "def moves(p):\n    if type(p) == \"int\" and p > 0:\n        return [(p - 1, 0)]\n    return []\n"
	for _, c := range []struct {
		src  string
		pos  []string
		why  string
		want string
	}{
		{read("wythoff.star"), []string{"(3, 5)"}, "(3, 5) is not a heap (an int) and the script defines no split()", "P"},
		{read("kayles.star"), []string{`"xx.x"`, `"xxx"`}, `"xx" is not a heap (an int) and split() does not break it into smaller parts`, "P"},
		{read("subtract-square.star"), []string{"256", "3"}, "heap 256 is past 255", ""},
		{tuples, []string{"3"}, "misère quotients need a heap game: from heap 1 the script moves to (0, 0)", "P"},
		{lying, []string{"(0, 1)"}, "the script's moves from the sum disagree with split(): the quotient says P but 0 of its 0 moves", "N"},
		{lying, []string{"(2, 1)"}, "the script's moves from the sum disagree with split(): the quotient says N but 0 of its 1 moves", "N"},
	} {
		a, err := Solve(ctx, SolveRequest{Script: c.src, Position: c.pos, Misere: true}, CLI())
		if err != nil {
			t.Fatalf("%v: %v", c.pos, err)
		}
		got := a.(ScriptSolve)
		if !strings.HasPrefix(got.Method, "misère search") || !strings.Contains(got.Method, "(not through a misère quotient: "+c.why) {
			t.Errorf("%v: method %q", c.pos, got.Method)
		}
		if c.want != "" && got.Outcome != c.want {
			t.Errorf("%v: %s, want %s", c.pos, got.Outcome, c.want)
		}
	}
}

// searchSum is the engine's misère search of the sum keys of a script, written as solve's answer.
func searchSum(run *scriptRun, keys []string) (report.Solve, error) {
	sol, err := run.Solve(keys, true)
	if err != nil {
		return report.Solve{}, err
	}
	out := report.Solve{Outcome: sol.Outcome.String(), WinningMoves: []report.Move{}}
	for _, m := range sol.Moves {
		out.WinningMoves = append(out.WinningMoves, report.Move{Move: m.Text, To: m.To})
	}
	return out, nil
}
