package misere

import (
	"flag"
	"testing"

	"grundy/octal"
)

var longMisere = flag.Bool("misere.long", false, "check Q₃₀(0.07) against exhaustive search of every sum of heaps up to a larger total")

// Dawson's Kayles (0.07) restricted to heaps ≤ 30 has a misère quotient of 360 elements
// (Plambeck's figure from Siegel's MisereSolver). Its P-portion has 65 elements. Checked
// independently of the construction: the quotient is reduced (every two elements are told apart
// by some element, which some sum realizes), it is a commutative monoid, and the outcome of
// every sum of heaps ≤ 30 up to a total number of tokens agrees with exhaustive misère search,
// with the quotient's winning moves leading to P-positions.
func TestDawsonKayles30(t *testing.T) {
	q := compute(t, Octal(octal.MustParse("0.07")), 30)
	if q.Order() != 360 || q.POrder() != 65 {
		t.Fatalf("Q₃₀(0.07): |Q| = %d, |P| = %d; want 360, 65", q.Order(), q.POrder())
	}
	checkReduced(t, q)
	total := 34
	if *longMisere {
		total = 50
	} else if testing.Short() || raceEnabled {
		total = 28
	}
	checkSumsUpTo(t, "0.07", q, total)
}

// checkReduced checks that no two elements of q are indistinguishable: for every pair a ≠ b
// some z has exactly one of a·z, b·z in the P-portion.
func checkReduced(t *testing.T, q *Quotient) {
	t.Helper()
	tab := q.Table()
	m := len(tab)
	for a := 0; a < m; a++ {
		for b := 0; b < a; b++ {
			told := false
			for z := 0; z < m && !told; z++ {
				told = q.IsP(tab[a][z]) != q.IsP(tab[b][z])
			}
			if !told {
				t.Fatalf("elements %s and %s are indistinguishable", q.Name(a), q.Name(b))
			}
		}
	}
}

// checkSumsUpTo compares the quotient's outcome of every sum of heaps 1..q.MaxHeap() with at
// most total tokens against exhaustive search, and its winning moves.
func checkSumsUpTo(t *testing.T, name string, q *Quotient, total int) {
	t.Helper()
	b := newBrute(q.Game(), q.MaxHeap())
	heaps := []int{}
	next := []int{q.MaxHeap()} // the largest size the next heap may have (sums kept decreasing)
	sum, checked, bad := 0, 0, 0
	for len(next) > 0 && bad < 5 {
		top := len(next) - 1
		h := next[top]
		if h == 0 {
			next = next[:top]
			if len(heaps) > 0 {
				sum -= heaps[len(heaps)-1]
				heaps = heaps[:len(heaps)-1]
			}
			continue
		}
		if sum+h > total {
			next[top] = total - sum
			continue
		}
		next[top]--
		heaps = append(heaps, h)
		sum += h
		checked++
		want := b.isP(heaps)
		got, err := q.Outcome(heaps)
		if err != nil {
			t.Fatal(err)
		}
		if got != want {
			bad++
			t.Errorf("%s: %v is %v by search, %v by the quotient", name, heaps, outcome(want), outcome(got))
		}
		moves := WinningMoves(q, heaps)
		if terminal := len(b.children(b.norm(heaps))) == 0; (len(moves) > 0) != (!want && !terminal) {
			bad++
			t.Errorf("%s: %v (%s) has %d winning moves", name, heaps, outcome(want), len(moves))
		}
		for _, m := range moves {
			if !b.isP(m.After) {
				bad++
				t.Errorf("%s: %v: winning move to %v is not a P-position", name, heaps, m.After)
			}
		}
		next = append(next, h)
	}
	t.Logf("%s: %d sums of at most %d tokens checked against exhaustive search", name, checked, total)
}
