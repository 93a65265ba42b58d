package misere

import (
	"flag"
	"math/rand/v2"
	"testing"

	"grundy/octal"
)

var longMisere = flag.Bool("misere.long", false, "check Q₃₀(0.07) against exhaustive search of every sum of heaps up to a larger total")

// Dawson's Kayles (0.07) restricted to heaps ≤ 30 has a misère quotient of 360 elements
// (Plambeck's figure from Siegel's MisereSolver), with a P-portion of 65 (MisereSolver's own
// output, testdata/published.json). Checked
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
	total := 30
	if *longMisere {
		total = 50
	} else if testing.Short() || raceEnabled {
		total = 28
	}
	b := checkSumsUpTo(t, "0.07", q, total)
	if testing.Short() || raceEnabled {
		return
	}
	// Every pair with a heap that changed the quotient (25, 27, 30) or its neighbours, and with
	// -misere.long random triples of up to 60 tokens.
	var sums [][]int
	for h1 := 25; h1 <= 30; h1++ {
		for h2 := 1; h2 <= h1; h2++ {
			sums = append(sums, []int{h1, h2})
		}
	}
	if *longMisere {
		r := rand.New(rand.NewPCG(14, 30))
		for range 200 {
			h1 := 20 + r.IntN(11)
			h2 := 1 + r.IntN(h1)
			h3 := 1 + r.IntN(min(h2, 60-h1-h2+1))
			sums = append(sums, []int{h1, h2, h3})
		}
	}
	for _, hs := range sums {
		want := b.isP(hs)
		if got, _ := q.Outcome(hs); got != want {
			t.Fatalf("0.07: %v is %v by search, %v by the quotient", hs, outcome(want), outcome(got))
		}
		for _, m := range WinningMoves(q, hs) {
			if !b.isP(m.After) {
				t.Fatalf("0.07: %v: winning move to %v is not a P-position", hs, m.After)
			}
		}
	}
	t.Logf("0.07: %d sums with a heap ≥ 25 checked against exhaustive search", len(sums))
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
// most total tokens against exhaustive search, and its winning moves; it returns the search, whose
// memo holds those sums.
func checkSumsUpTo(t *testing.T, name string, q *Quotient, total int) *brute {
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
		bad += b.check(t, name, q, heaps)
		next = append(next, h)
	}
	t.Logf("%s: %d sums of at most %d tokens checked against exhaustive search", name, checked, total)
	return b
}
