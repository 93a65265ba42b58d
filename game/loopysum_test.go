package game

import (
	"iter"
	"math/rand/v2"
	"testing"
)

// product is the sum of the games g[0], g[1], … (graphs on 0..n[i]-1) as one game: a position is
// the mixed-radix number of its components' positions.
type product struct {
	g []graph
	n []int
}

func (p product) split(x int) []int {
	c := make([]int, len(p.g))
	for i := range c {
		c[i] = x % p.n[i]
		x /= p.n[i]
	}
	return c
}

func (p product) join(c []int) int {
	x := 0
	for i := len(c) - 1; i >= 0; i-- {
		x = x*p.n[i] + c[i]
	}
	return x
}

func (p product) size() int {
	s := 1
	for _, n := range p.n {
		s *= n
	}
	return s
}

func (p product) Moves(x int) iter.Seq[int] {
	return func(yield func(int) bool) {
		c := p.split(x)
		for i := range c {
			old := c[i]
			for _, o := range p.g[i][old] {
				c[i] = o
				if !yield(p.join(c)) {
					return
				}
			}
			c[i] = old
		}
	}
}

// TestLoopySumProduct: for random pairs and triples of small graphs with cycles, the outcome of
// every sum decided by the sum rule equals the retrograde analysis of the product graph; the
// winning moves reported are exactly the product's moves to P-positions, and from a draw the
// drawing moves exactly its moves to draws.
func TestLoopySumProduct(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	cases := 0
	for trial := range 1500 {
		k := 2 + trial%2
		p := product{}
		union := graph{} // the components side by side, for one solver
		var off []int
		base := 0
		for range k {
			n := 1 + r.IntN(7-k)
			g := randomLoopy(r, n, 1+r.IntN(3))
			p.g, p.n = append(p.g, g), append(p.n, n)
			off = append(off, base)
			for v, opts := range g {
				for _, o := range opts {
					union[base+v] = append(union[base+v], base+o)
				}
			}
			base += n
		}
		s := NewSolver[int](union)
		ps := NewSolver[int](p)
		for x := range p.size() {
			c := p.split(x)
			comps := make([]int, k)
			for i := range c {
				comps[i] = off[i] + c[i]
			}
			a, err := s.AnalyzeLoopySum(comps)
			if err != nil {
				t.Fatal(err)
			}
			want, err := ps.LoopyOutcome(x)
			if err != nil {
				t.Fatal(err)
			}
			cases++
			if a.Outcome != want {
				t.Fatalf("graphs %v, position %v: values %v sum %v (%v); product %v", p.g, c, a.Values, a.Value, a.Outcome, want)
			}
			// The product's moves by outcome: component moves without repeats (two components
			// may reach the same product position: two moves).
			nP, nD := 0, 0
			for i := range c {
				for _, o := range dedupe(p.g[i][c[i]]) {
					cc := append([]int(nil), c...)
					cc[i] = o
					switch out, _ := ps.LoopyOutcome(p.join(cc)); out {
					case PrevWins:
						nP++
					case Draw:
						nD++
					}
				}
			}
			check := func(moves []SumMove[int], want Outcome, count int, what string) {
				seen := map[SumMove[int]]bool{}
				for _, m := range moves {
					cc := append([]int(nil), c...)
					cc[m.Component] = m.To - off[m.Component]
					y := p.join(cc)
					if o, _ := ps.LoopyOutcome(y); o != want {
						t.Fatalf("graphs %v, position %v: %s move %+v leads to %v in the product", p.g, c, what, m, o)
					}
					seen[m] = true
				}
				if len(seen) != len(moves) || len(moves) != count {
					t.Fatalf("graphs %v, position %v: %d %s moves %v, the product has %d", p.g, c, len(moves), what, moves, count)
				}
			}
			check(a.Winning, PrevWins, nP, "winning")
			if a.Outcome == Draw {
				check(a.Drawing, Draw, nD, "drawing")
			} else if len(a.Drawing) != 0 {
				t.Fatalf("drawing moves %v from %v", a.Drawing, a.Outcome)
			}
		}
		checkEngineWins(t, s, p, off)
	}
	t.Logf("%d sums checked", cases)
}

// checkEngineWins: the engine's strategy wins from every N-position of the product: the graph of
// the positions reached when the engine plays LoopyMove from N-positions and the opponent any move
// from the P-positions it leaves is acyclic (so every play ends), and it ends only with the
// opponent to move at a terminal position. From a draw the engine's move keeps the draw.
func checkEngineWins(t *testing.T, s *Solver[int], p product, off []int) {
	t.Helper()
	ps := NewSolver[int](p)
	comps := func(x int) []int {
		c := p.split(x)
		for i := range c {
			c[i] += off[i]
		}
		return c
	}
	succ := map[int][]int{}
	var stack []int
	for x := range p.size() {
		if o, _ := ps.LoopyOutcome(x); o == NextWins {
			stack = append(stack, x)
		}
	}
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if _, ok := succ[x]; ok {
			continue
		}
		o, _ := ps.LoopyOutcome(x)
		var next []int
		switch o {
		case NextWins:
			m, ok, err := s.LoopyMove(comps(x))
			if err != nil || !ok {
				t.Fatalf("no engine move from N-position %v: %v", p.split(x), err)
			}
			c := p.split(x)
			c[m.Component] = m.To - off[m.Component]
			y := p.join(c)
			if oy, _ := ps.LoopyOutcome(y); oy != PrevWins {
				t.Fatalf("engine move %+v from %v goes to %v", m, p.split(x), oy)
			}
			next = []int{y}
		case PrevWins:
			for y := range p.Moves(x) {
				next = append(next, y)
			}
		default:
			t.Fatalf("a draw %v reached under the engine's winning strategy", p.split(x))
		}
		succ[x] = next
		stack = append(stack, next...)
	}
	// Kahn's algorithm: every reached position is removed iff the graph is acyclic.
	indeg := map[int]int{}
	for x, ys := range succ {
		indeg[x] += 0
		for _, y := range ys {
			indeg[y]++
		}
	}
	var q []int
	for x, d := range indeg {
		if d == 0 {
			q = append(q, x)
		}
	}
	removed := 0
	for len(q) > 0 {
		x := q[0]
		q = q[1:]
		removed++
		for _, y := range succ[x] {
			if indeg[y]--; indeg[y] == 0 {
				q = append(q, y)
			}
		}
	}
	if removed != len(indeg) {
		t.Fatalf("graphs %v: the engine's strategy can go round a cycle", p.g)
	}
	// Draws: the engine keeps them.
	for x := range p.size() {
		if o, _ := ps.LoopyOutcome(x); o != Draw {
			continue
		}
		m, ok, err := s.LoopyMove(comps(x))
		if err != nil || !ok {
			t.Fatalf("no move from a draw: %v", err)
		}
		c := p.split(x)
		c[m.Component] = m.To - off[m.Component]
		if oy, _ := ps.LoopyOutcome(p.join(c)); oy != Draw {
			t.Fatalf("engine move %+v from the draw %v goes to %v", m, p.split(x), oy)
		}
	}
}

func TestLoopyValueAdd(t *testing.T) {
	for _, c := range []struct {
		a, b, want LoopyValue
	}{
		{Nimber(3), Nimber(5), Nimber(6)},
		{Nimber(1), Infinity(0, 2), Infinity(1, 3)},
		{Infinity(0, 2), Nimber(2), Infinity(0, 2)},
		{Infinity(0), Infinity(0), Infinity()},
	} {
		if got := c.a.Add(c.b); !got.Equal(c.want) {
			t.Errorf("%v + %v = %v, want %v", c.a, c.b, got, c.want)
		}
	}
	for _, c := range []struct {
		v    LoopyValue
		s    string
		want Outcome
	}{
		{Nimber(0), "0", PrevWins}, {Nimber(7), "7", NextWins}, {Infinity(0, 2), "∞{0,2}", NextWins},
		{Infinity(1), "∞{1}", Draw}, {Infinity(), "∞{}", Draw},
	} {
		if c.v.String() != c.s || c.v.Outcome() != c.want {
			t.Errorf("%v: %q %v, want %q %v", c.v, c.v.String(), c.v.Outcome(), c.s, c.want)
		}
	}
	if v := AddLoopy(); !v.Equal(Nimber(0)) {
		t.Error(v)
	}
}
