package misere

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"strings"
	"testing"

	"grundy/octal"
)

func compute(t *testing.T, g Game, n int) *Quotient {
	t.Helper()
	q, stop, err := Compute(context.Background(), g, Options{MaxHeap: n})
	if err != nil {
		t.Fatalf("Compute(%d): %v", n, err)
	}
	if stop != StopMaxHeap || q.MaxHeap() != n {
		t.Fatalf("stopped %q at heap %d, want max-heap at %d", stop, q.MaxHeap(), n)
	}
	return q
}

func presentation(q *Quotient) string {
	var rs []string
	for _, r := range q.Presentation() {
		rs = append(rs, r.String())
	}
	return strings.Join(rs, ", ")
}

// Tame games: misère Nim on heaps ≤ 2 or ≤ 3 has the quotient T₂ = ⟨a, b | a² = 1, b³ = b⟩ of
// order 6 with P-portion {a, b²} (Plambeck and Siegel 2008, §3).
func TestTameT2(t *testing.T) {
	for _, n := range []int{2, 3} {
		q := compute(t, Nim(), n)
		if q.Order() != 6 || q.POrder() != 2 {
			t.Fatalf("nim ≤ %d: order %d, |P| %d; want 6, 2", n, q.Order(), q.POrder())
		}
		if got := presentation(q); got != "a² = 1, b³ = b" {
			t.Errorf("nim ≤ %d: presentation %q", n, got)
		}
		var ps []string
		for _, e := range q.PPortion() {
			ps = append(ps, q.Name(e))
		}
		if got := strings.Join(ps, " "); got != "a b²" {
			t.Errorf("nim ≤ %d: P-portion %s", n, got)
		}
	}
}

// Misère Nim on heaps < 2^k has 2 + 2^k elements (k ≥ 2).
func TestMisereNimOrders(t *testing.T) {
	q, _, err := Compute(context.Background(), Nim(), Options{MaxHeap: 63})
	if err != nil {
		t.Fatal(err)
	}
	sizes := q.Sizes()
	// k = 5 (34 elements), checked against exhaustive search of sums of up to 3 heaps.
	checkAgainstBrute(t, "nim < 32", compute(t, Nim(), 31), 3)
	for k := 2; k <= 6; k++ {
		if got, want := sizes[1<<k-1], 2+1<<k; got != want {
			t.Errorf("nim < 2^%d: order %d, want %d", k, got, want)
		}
	}
}

// Every misère quotient of impartial games has even order (Plambeck and Siegel 2008), once some
// heap is not the game 0.
func TestEvenOrder(t *testing.T) {
	for _, c := range twoDigitCodes() {
		q := compute(t, Octal(octal.MustParse(c)), 9)
		for h, s := range q.Sizes() {
			if s != 1 && s%2 != 0 {
				t.Errorf("%s heaps ≤ %d: odd order %d", c, h, s)
			}
		}
	}
}

func twoDigitCodes() []string {
	var cs []string
	for a := 0; a < 8; a++ {
		for b := 1; b < 8; b++ {
			cs = append(cs, fmt.Sprintf("0.%d%d", a, b))
		}
	}
	return cs
}

// checkAgainstBrute compares the quotient's outcome of every sum of at most maxHeaps heaps of
// sizes 1..q.MaxHeap() with the exhaustive search, and checks that the winning moves the quotient
// finds (moves into the P-portion) lead to P-positions and exist exactly for N-positions.
func checkAgainstBrute(t *testing.T, name string, q *Quotient, maxHeaps int) {
	t.Helper()
	n := q.MaxHeap()
	b := newBrute(q.Game(), n)
	bad := 0
	heaps := make([]int, 0, maxHeaps)
	// An explicit stack of (next size to try) per position in the sum.
	next := []int{1}
	for len(next) > 0 && bad < 5 {
		top := len(next) - 1
		if next[top] > n {
			next = next[:top]
			if len(heaps) > 0 {
				heaps = heaps[:len(heaps)-1]
			}
			continue
		}
		h := next[top]
		next[top]++
		heaps = append(heaps, h)
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
		terminal := len(b.children(b.norm(heaps))) == 0
		if (len(moves) > 0) != (!want && !terminal) {
			bad++
			t.Errorf("%s: %v (%s) has %d winning moves", name, heaps, outcome(want), len(moves))
		}
		for _, m := range moves {
			if !b.isP(m.After) {
				bad++
				t.Errorf("%s: %v: winning move to %v is not a P-position", name, heaps, m.After)
			}
		}
		if len(heaps) < maxHeaps {
			next = append(next, h)
		} else {
			heaps = heaps[:len(heaps)-1]
		}
	}
}

func outcome(p bool) string {
	if p {
		return "P"
	}
	return "N"
}

func TestAgainstSearchTwoDigitCodes(t *testing.T) {
	n := 8
	if testing.Short() {
		n = 6
	}
	for _, c := range twoDigitCodes() {
		q := compute(t, Octal(octal.MustParse(c)), n)
		checkAgainstBrute(t, c, q, 4)
	}
}

func TestAgainstSearchWild(t *testing.T) {
	// Kayles (heap 9 splits 5+5 from 0: a class of the smaller heaps' quotient splits), Dawson's
	// Kayles, 0.75, Grundy's game, and a code whose moves leave three heaps.
	cases := []struct {
		g Named
		n int
	}{
		{Octal(octal.MustParse("0.77")), 13},
		{Octal(octal.MustParse("0.07")), 14},
		{Octal(octal.MustParse("0.137")), 13},
		{Octal(octal.MustParse("0.75")), 14},
		{Octal(octal.MustParse("0.16")), 11},
		{Octal(octal.GrundysGame()), 13},
		{Octal(octal.MustParse("x0.8")), 9},
	}
	for _, c := range cases {
		q := compute(t, c.g, c.n)
		checkAgainstBrute(t, c.g.Name(), q, 4)
	}
}

// 0.75 has an 8-element quotient for every heap bound ≥ 5: the one MisereSolver prints (the anchor
// in testdata/published.json), and the only misère quotient of order 8 (Siegel, arXiv
// math/0703070, abstract). The name R₈ and the papers' table could not be checked against a page.
func TestPublished075(t *testing.T) {
	q := compute(t, Octal(octal.MustParse("0.75")), 30)
	for h, s := range q.Sizes() {
		if h >= 5 && s != 8 {
			t.Errorf("0.75 heaps ≤ %d: order %d, want 8", h, s)
		}
	}
	if q.POrder() != 2 {
		t.Errorf("0.75: |P| = %d, want 2", q.POrder())
	}
	// ⟨a, b, c | a² = 1, b³ = b, bc = ab, c² = b²⟩, generated by heaps 1, 2 and 5.
	if got := presentation(q); got != "a² = 1, bc = ab, b³ = b, c² = b²" {
		t.Errorf("0.75: presentation %s", got)
	}
}

func TestSizeLimitAndCancel(t *testing.T) {
	_, _, err := Compute(context.Background(), Nim(), Options{MaxHeap: 20, MaxSize: 10})
	var se *SizeError
	if !errors.As(err, &se) {
		t.Fatalf("want a *SizeError, got %v", err)
	}
	if se.Quotient.Order() > 10 || se.Heap != se.Quotient.MaxHeap()+1 || se.Quotient.Order() != 10 {
		t.Errorf("size error: heap %d, quotient through %d of order %d", se.Heap, se.Quotient.MaxHeap(), se.Quotient.Order())
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, err := Compute(ctx, Nim(), Options{MaxHeap: 20}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
}

func TestStable(t *testing.T) {
	q, stop, err := Compute(context.Background(), Octal(octal.MustParse("0.75")), Options{MaxHeap: 100, Stable: 10})
	if err != nil || stop != StopStable || q.MaxHeap() != 15 || q.Order() != 8 {
		t.Fatalf("got heap %d order %d stop %q err %v", q.MaxHeap(), q.Order(), stop, err)
	}
}

func TestBadGame(t *testing.T) {
	_, _, err := Compute(context.Background(), loopGame{}, Options{MaxHeap: 3})
	var ge *GameError
	if !errors.As(err, &ge) || ge.Heap != 1 {
		t.Fatalf("want a *GameError at heap 1, got %v", err)
	}
}

type loopGame struct{}

func (loopGame) Options(n int) iter.Seq[[]int] {
	return func(yield func([]int) bool) { yield([]int{n}) }
}

func TestTableAndWords(t *testing.T) {
	q := compute(t, Octal(octal.MustParse("0.77")), 12)
	tab := q.Table()
	for a := range tab {
		for b := range tab {
			if tab[a][b] != tab[b][a] {
				t.Fatalf("not commutative at %d, %d", a, b)
			}
			for c := range tab {
				if tab[tab[a][b]][c] != tab[a][tab[b][c]] {
					t.Fatalf("not associative at %d, %d, %d", a, b, c)
				}
			}
		}
		if tab[0][a] != a {
			t.Fatalf("0 is not the identity")
		}
		e, err := q.Element(q.Word(a))
		if err != nil || e != a {
			t.Fatalf("word of %d is element %d", a, e)
		}
	}
	// The presentation holds in the table.
	for _, r := range q.Presentation() {
		if eval(q, r.Left) != eval(q, r.Right) {
			t.Errorf("relation %s does not hold", r)
		}
	}
}

func eval(q *Quotient, exp []int) int {
	e := 0
	for i, x := range exp {
		e = q.Mul(e, q.Pow(q.Heap(q.Generators()[i]), uint64(x)))
	}
	return e
}

func TestHeapOptionsDistinct(t *testing.T) {
	q := compute(t, Octal(octal.MustParse("0.07")), 30)
	for h := 1; h <= 30; h++ {
		classes, reps := q.HeapOptions(h)
		seen := map[int]bool{}
		for i, c := range classes {
			if seen[c] {
				t.Fatalf("heap %d: class %d listed twice", h, c)
			}
			seen[c] = true
			if e, err := q.Element(reps[i]); err != nil || e != c {
				t.Fatalf("heap %d: option %v is element %d, listed as %d", h, reps[i], e, c)
			}
		}
	}
}
