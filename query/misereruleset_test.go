package query

import (
	"context"
	"slices"
	"strconv"
	"strings"

	"grundy/rules"
	"testing"
)

// TestMisereRulesetAgainstSearch: the misère quotient of one-heap rulesets of the catalogue
// (heaps ≤ 7, split-nim ≤ 5) decides every sum of up to three heaps as the engine's misère search
// of the sum (rules.Misere, searchMisere) does, and Solve, which goes through the quotient, agrees.
func TestMisereRulesetAgainstSearch(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		name  string
		flags map[string]string
		top   int
	}{
		{"subtract", map[string]string{"set": "1,3,4"}, 7},
		{"subtract", map[string]string{"set": "2,3"}, 7},
		{"lasker", nil, 7},
		{"split-nim", nil, 5},
	} {
		q, err := Misere(ctx, MisereRequest{Ruleset: c.name, Flags: c.flags, MaxHeap: Arg(strconv.Itoa(c.top))}, CLI())
		if err != nil {
			t.Fatalf("%s %v: %v", c.name, c.flags, err)
		}
		checked := 0
		for a := 1; a <= c.top; a++ {
			for b := 0; b <= a; b++ {
				for d := 0; d <= b; d++ {
					heaps := []int{a, b, d}
					e := 0
					var pos []string
					for _, h := range heaps {
						if h > 0 {
							e = q.Table[e][q.Pretending[h]]
							pos = append(pos, strconv.Itoa(h))
						}
					}
					rep, err := searchMisere(ctx, c.name, c.flags, pos)
					if err != nil {
						t.Fatalf("%s %v: %v", c.name, pos, err)
					}
					want := rep.Outcome.String()
					got := "N"
					if slices.Contains(q.PPortion, e) {
						got = "P"
					}
					if got != want {
						t.Errorf("%s %v at %v: the quotient says %s, the search %s", c.name, c.flags, pos, got, want)
					}
					ans, err := Solve(ctx, SolveRequest{Ruleset: c.name, Flags: c.flags, Position: pos, Misere: true}, CLI())
					if err != nil {
						t.Fatal(err)
					}
					var b strings.Builder
					if err := Encode(&b, ans); err != nil {
						t.Fatal(err)
					}
					if !strings.Contains(b.String(), `"outcome":"`+want+`"`) || !strings.Contains(b.String(), "misère quotient of "+c.name) {
						t.Errorf("%s %v at %v: solve --misere answers %s", c.name, c.flags, pos, b.String())
					}
					checked++
				}
			}
		}
		if checked < 30 {
			t.Fatalf("%s: only %d sums", c.name, checked)
		}
	}
}

// searchMisere analyzes the position args of the named ruleset in misère play by the engine's
// search (rules.MisereRuleset.AnalyzeBySearch), without the quotient.
func searchMisere(ctx context.Context, name string, flags map[string]string, args []string) (rules.Analysis, error) {
	r, err := rules.New(name, flags)
	if err != nil {
		return rules.Analysis{}, err
	}
	m, err := rules.Misere(r, "")
	if err != nil {
		return rules.Analysis{}, err
	}
	p, err := m.Parse(args)
	if err != nil {
		return rules.Analysis{}, err
	}
	return m.(*rules.MisereRuleset).AnalyzeBySearch(ctx, p)
}

func TestMisereRulesetRefusals(t *testing.T) {
	ctx := context.Background()
	for _, r := range []MisereRequest{
		{Ruleset: "ruler", MaxHeap: "5"},                                      // coins, not heaps
		{Ruleset: "windup", Flags: map[string]string{"n": "6"}, MaxHeap: "5"}, // moves to larger heaps
		{Game: "0.07", Flags: map[string]string{"set": "3"}},
		{Game: "0.07", Ruleset: "lasker"},
		{Ruleset: "lasker", Script: sub134},
		{},
	} {
		if _, err := Misere(ctx, r, CLI()); KindOf(err) != BadInput {
			t.Errorf("%+v: want a bad request, got %v", r, err)
		}
	}
}
