package game

import (
	"errors"
	"fmt"
	"iter"
	"math/rand/v2"
	"strings"
)

// Test games and the plain definitions the solver is checked against.

// subtract is the subtraction game with set S: a move takes s ∈ S counters from one heap.
type subtract struct{ set []int }

func (g subtract) Moves(n int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for _, s := range g.set {
			if s <= n && !yield(n-s) {
				return
			}
		}
	}
}

// denseSubtract is subtract with the Indexer and Appender capabilities.
type denseSubtract struct{ subtract }

func (g denseSubtract) Index(n int) (int, bool) { return n, n >= 0 }
func (g denseSubtract) AppendMoves(dst []int, n int) []int {
	for _, s := range g.set {
		if s <= n {
			dst = append(dst, n-s)
		}
	}
	return dst
}

// dag is a random finite game on positions 0..n-1 whose moves go to smaller positions.
type dag struct{ opts [][]int }

func randomDAG(r *rand.Rand, n, maxOpts int) dag {
	g := dag{opts: make([][]int, n)}
	for p := 1; p < n; p++ {
		k := r.IntN(maxOpts + 1)
		for range k {
			g.opts[p] = append(g.opts[p], r.IntN(p))
		}
	}
	return g
}

func (g dag) Moves(p int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for _, o := range g.opts[p] {
			if !yield(o) {
				return
			}
		}
	}
}

// graph is a game on 0..n-1 with arbitrary moves (it may have cycles).
type graph map[int][]int

func (g graph) Moves(p int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for _, o := range g[p] {
			if !yield(o) {
				return
			}
		}
	}
}

// kayles is Kayles on a row written as a string: 'x' a pin, '.' a gap. A move knocks down one pin
// or two adjacent pins. With split, a row splits at its gaps into runs of pins.
type kayles struct{ split bool }

func (kayles) Moves(row string) iter.Seq[string] {
	return func(yield func(string) bool) {
		for i := 0; i < len(row); i++ {
			if row[i] != 'x' {
				continue
			}
			if !yield(row[:i] + "." + row[i+1:]) {
				return
			}
			if i+1 < len(row) && row[i+1] == 'x' && !yield(row[:i]+".."+row[i+2:]) {
				return
			}
		}
	}
}

func (k kayles) Split(row string) ([]string, bool) {
	if !k.split {
		return nil, false
	}
	return strings.FieldsFunc(row, func(r rune) bool { return r == '.' }), true
}

// pair is the sum of two games given as one game on pairs.
type pair[A, B comparable] struct {
	a Game[A]
	b Game[B]
}

type twoPos[A, B comparable] struct {
	A A
	B B
}

func (g pair[A, B]) Moves(p twoPos[A, B]) iter.Seq[twoPos[A, B]] {
	return func(yield func(twoPos[A, B]) bool) {
		for o := range g.a.Moves(p.A) {
			if !yield(twoPos[A, B]{o, p.B}) {
				return
			}
		}
		for o := range g.b.Moves(p.B) {
			if !yield(twoPos[A, B]{p.A, o}) {
				return
			}
		}
	}
}

// naiveValue is the Grundy value straight from the definition: recursive mex with a memo. It is
// only used on small games (its recursion depth is the depth of the game).
func naiveValue[P comparable](g Game[P], p P, memo map[P]uint64) uint64 {
	if v, ok := memo[p]; ok {
		return v
	}
	seen := map[uint64]bool{}
	for o := range g.Moves(p) {
		seen[naiveValue(g, o, memo)] = true
	}
	var v uint64
	for seen[v] {
		v++
	}
	memo[p] = v
	return v
}

// naiveMisere is the misère outcome straight from the definition: N iff terminal or some option
// is P.
func naiveMisere[P comparable](g Game[P], p P, memo map[P]bool) bool {
	if v, ok := memo[p]; ok {
		return v
	}
	win, any := false, false
	for o := range g.Moves(p) {
		any = true
		if !naiveMisere(g, o, memo) {
			win = true
		}
	}
	if !any {
		win = true
	}
	memo[p] = win
	return win
}

// failing is a game whose moves fail at one position.
type failing struct {
	bad int
}

func (g failing) Moves(n int) iter.Seq[int] {
	s, _ := g.TryMoves(n)
	return s
}

func (g failing) TryMoves(n int) (iter.Seq[int], error) {
	if n == g.bad {
		return nil, errBad
	}
	return subtract{set: []int{1, 2}}.Moves(n), nil
}

var errBad = errors.New("bad position")

// closedNim is a one-heap Nim whose value is known in closed form above 4.
type closedNim struct{ calls *int }

func (g closedNim) Moves(n int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for o := 0; o < n; o++ {
			if !yield(o) {
				return
			}
		}
	}
}

func (g closedNim) Value(n int) (uint64, bool) {
	*g.calls++
	if n > 4 {
		return uint64(n), true
	}
	return 0, false
}

func (p twoPos[A, B]) String() string { return fmt.Sprintf("(%v,%v)", p.A, p.B) }
