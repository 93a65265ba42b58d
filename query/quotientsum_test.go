package query

import (
	"context"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"grundy/report"
)

// TestQuotientSumSteps (issue 23, the teacher's why for misère): a misère sum decided through the
// quotient carries the product of its heaps' elements step by step; each step's product lies in
// the P-portion exactly when the sum of the heaps so far is a misère P-position by the definition
// (random Kayles sums, against kaylesMisereP), the last step is the answer's, and a heap past the quotient acts as the
// heap the whole game's period makes it (0.75: heap 60 as heap 8).
func TestQuotientSumSteps(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(23, 5))
	memo := kaylesMisereP{}
	for range 60 {
		heaps := make([]int, 1+rng.IntN(4))
		pos := make([]string, len(heaps))
		for i := range heaps {
			heaps[i] = rng.IntN(9)
			pos[i] = strconv.Itoa(heaps[i])
		}
		a, err := Solve(ctx, SolveRequest{Ruleset: "kayles", Position: pos, Misere: true}, Web(0))
		if err != nil {
			t.Fatalf("kayles %v: %v", pos, err)
		}
		s := a.(report.Solve)
		q := s.Quotient
		if q == nil || len(q.Steps) != len(heaps) || q.Generators == nil || q.Presentation == nil || q.PPortion == nil {
			t.Fatalf("kayles %v: quotient %+v", pos, q)
		}
		for i, st := range q.Steps {
			if want := memo.isP(heaps[:i+1]); st.InP != want || st.Heap != pos[i] || st.ActsAs != "" {
				t.Errorf("kayles %v, step %d: %+v, the sum so far is P: %v", pos, i+1, st, want)
			}
		}
		if last := q.Steps[len(q.Steps)-1]; q.Product != last.Product || q.InP != last.InP || q.InP != (s.Outcome == "P") {
			t.Errorf("kayles %v: product %s (in P %v), last step %+v, outcome %s", pos, q.Product, q.InP, last, s.Outcome)
		}
	}
	a, err := Solve(ctx, SolveRequest{Ruleset: "octal", Flags: map[string]string{"code": "0.75"}, Position: []string{"1", "2", "5", "5", "7", "60"}, Misere: true}, Web(0))
	if err != nil {
		t.Fatal(err)
	}
	q := a.(report.Solve).Quotient
	if q == nil || len(q.Steps) != 6 || q.Steps[5].ActsAs != "8" || q.Steps[5].Element != "b" || q.Product != "b²" || !q.InP {
		t.Fatalf("0.75 1 2 5 5 7 60: %+v", q)
	}
	// A script's heap game: examples/kayles-heaps.star, whose (1, 3) split() breaks into heaps 1 and
	// 3 (the steps go heap by heap of the parts).
	src, err := os.ReadFile("../examples/kayles-heaps.star")
	if err != nil {
		t.Fatal(err)
	}
	a, err = Solve(ctx, SolveRequest{Script: string(src), Position: []string{"(1, 3)", "4", "6"}, Misere: true}, Web(0))
	if err != nil {
		t.Fatal(err)
	}
	q = a.(ScriptSolve).Quotient
	heaps := []int{1, 3, 4, 6}
	if q == nil || len(q.Steps) != len(heaps) {
		t.Fatalf("script (1, 3) 4 6: %+v", q)
	}
	for i, st := range q.Steps {
		if want := memo.isP(heaps[:i+1]); st.InP != want || st.Heap != strconv.Itoa(heaps[i]) {
			t.Errorf("script (1, 3) 4 6, step %d: %+v, the sum so far is P: %v", i+1, st, want)
		}
	}
	if q.InP != (a.(ScriptSolve).Outcome == "P") {
		t.Errorf("script (1, 3) 4 6: product in P %v, outcome %s", q.InP, a.(ScriptSolve).Outcome)
	}
}

// TestShownQuotientDecides (issue 23, item 5: a quotient the page has shown can decide any sum it
// covers): for games whose whole-game quotient is not proved (rulesets), a sum with a heap past
// rules.MisereQuotientMaxHeap but within the largest quotient misere computes is decided through
// the quotient of its heaps, and agrees with that quotient as the misère endpoint gives it: the
// product of the heaps' elements (its table) lies in its P-portion exactly for a P answer. Before,
// these were refused as needing a search through more than 32 MiB.
func TestShownQuotientDecides(t *testing.T) {
	ctx := context.Background()
	heaps := []int{1, 2, 5, 5, 7, 60}
	pos := []string{"1", "2", "5", "5", "7", "60"}
	for _, g := range []struct {
		name  string
		flags map[string]string
	}{{"lasker", nil}, {"split-nim", nil}, {"subtract", map[string]string{"set": "1,3,4"}}} {
		q, err := Misere(ctx, MisereRequest{Game: g.name, Flags: g.flags, MaxHeap: "60"}, Web(0))
		if err != nil {
			t.Fatalf("%s: the quotient to 60: %v", g.name, err)
		}
		e := 0
		for _, h := range heaps {
			e = q.Table[e][q.Pretending[h]]
		}
		a, err := Solve(ctx, SolveRequest{Ruleset: g.name, Flags: g.flags, Position: pos, Misere: true}, Web(0))
		if err != nil {
			t.Fatalf("%s %v: %v", g.name, pos, err)
		}
		s := a.(report.Solve)
		if s.Quotient == nil || s.Quotient.Product != q.Elements[e] || (s.Outcome == "P") != slices.Contains(q.PPortion, e) {
			t.Errorf("%s %v: %s, product %+v; the quotient's product %s, P-portion %v", g.name, pos, s.Outcome, s.Quotient, q.Elements[e], q.PPortion)
		}
	}
	// A script's heap game too: kayles-heaps.star agrees with Kayles (whose whole quotient is proved).
	src, err := os.ReadFile("../examples/kayles-heaps.star")
	if err != nil {
		t.Fatal(err)
	}
	a, err := Solve(ctx, SolveRequest{Script: string(src), Position: pos, Misere: true}, Web(0))
	if err != nil {
		t.Fatal(err)
	}
	k, err := Solve(ctx, SolveRequest{Ruleset: "kayles", Position: pos, Misere: true}, Web(0))
	if err != nil {
		t.Fatal(err)
	}
	if s := a.(ScriptSolve); !strings.HasPrefix(s.Method, "misère quotient") || s.Quotient == nil || s.Outcome != k.(report.Solve).Outcome {
		t.Errorf("kayles-heaps.star %v: %s by %q; Kayles: %s", pos, s.Outcome, s.Method, k.(report.Solve).Outcome)
	}
}
