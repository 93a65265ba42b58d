package rules

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

// TestMisereWholeGame: a misère sum with heaps past MisereQuotientMaxHeap of a code whose whole-game
// quotient is proved is decided through it. For 0.75 (proved at heap 23: period 2, preperiod 8)
// a sum of heaps near 10^18 has the outcome of the sum of their small equivalents 8 + (n−8) mod 2,
// decided by the quotient of small heaps, and every winning move listed leads to a P-position;
// Kayles (proved at heap 169) decides heaps of 10^12; Grundy's game, which no theorem covers, is
// left to the search.
func TestMisereWholeGame(t *testing.T) {
	ctx := context.Background()
	quotient := func(name string, flags map[string]string) *MisereRuleset {
		t.Helper()
		r, err := New(name, flags)
		if err != nil {
			t.Fatal(err)
		}
		m, err := Misere(r, name)
		if err != nil {
			t.Fatal(err)
		}
		qm, ok := m.(*MisereRuleset)
		if !ok || !qm.ByQuotient() {
			t.Fatalf("%s: %T is not through the misère quotient", name, m)
		}
		return qm
	}
	q75 := quotient("octal", map[string]string{"code": "0.75"})
	rng := rand.New(rand.NewPCG(27, 75))
	for i := 0; i < 40; i++ {
		var big, small []string
		for j := 0; j < 1+rng.IntN(3); j++ {
			n := uint64(1e18) + rng.Uint64N(1000)
			if rng.IntN(3) == 0 {
				n = rng.Uint64N(12)
			}
			big = append(big, strconv.FormatUint(n, 10))
			if n > 23 {
				n = 8 + (n-8)%2
			}
			small = append(small, strconv.FormatUint(n, 10))
		}
		a, ok, err := q75.AnalyzeSum(ctx, big)
		if err != nil || !ok {
			t.Fatalf("0.75 %v: %v %v", big, ok, err)
		}
		b, ok, err := q75.AnalyzeSum(ctx, small)
		if err != nil || !ok {
			t.Fatalf("0.75 %v: %v %v", small, ok, err)
		}
		if a.Outcome != b.Outcome {
			t.Errorf("0.75: %v is %v, but its small equivalent %v is %v", big, a.Outcome, small, b.Outcome)
		}
		if strings.Contains(strings.Join(big, " "), "0000000") && !strings.Contains(a.Method, "whole game") {
			t.Errorf("0.75 %v: method %q", big, a.Method)
		}
		// Every non-empty heap of 0.75 has a move, so an N-position that is not all zeros has a
		// winning move.
		terminal := strings.Trim(strings.Join(big, ""), "0") == ""
		if (a.Outcome == P) != (a.Total == 0) && !terminal {
			t.Errorf("0.75 %v (%v): %d winning moves", big, a.Outcome, a.Total)
		}
		for _, mv := range a.Moves {
			var after []string
			for _, h := range mv.After {
				after = append(after, strconv.Itoa(h))
			}
			c, ok, err := q75.AnalyzeSum(ctx, after)
			if err != nil || !ok || c.Outcome != P {
				t.Errorf("0.75 %v: winning move %q leads to %v (%v %v)", big, mv.Text, c.Outcome, ok, err)
			}
		}
	}
	kayles := quotient("kayles", nil)
	a, ok, err := kayles.AnalyzeSum(ctx, []string{"1000000000000", "1000000000000"})
	if err != nil || !ok || a.Outcome != P || !strings.Contains(a.Method, "heap 169") {
		t.Errorf("kayles 10^12 + 10^12: %v %v %v %q", a.Outcome, ok, err, a.Method)
	}
	a, ok, err = kayles.AnalyzeSum(ctx, []string{"1000000000000", "5"})
	if err != nil || !ok || a.Outcome != N || len(a.Moves) == 0 {
		t.Errorf("kayles 10^12 + 5: %v %v %v, %d moves", a.Outcome, ok, err, len(a.Moves))
	}
	if _, ok, err := quotient("grundy-game", nil).AnalyzeSum(ctx, []string{fmt.Sprint(uint64(1e12))}); ok || err != nil {
		t.Errorf("grundy-game 10^12 decided through a quotient: %v %v", ok, err)
	}
}
