package game

import (
	"cmp"
	"context"
	"errors"
	"iter"
	"math/rand/v2"
	"slices"
	"testing"
)

// Tests of the value search (valuesearch.go) against the plain recursive mex.

// dagFast is a dag with the Appender and Indexer capabilities.
type dagFast struct{ dag }

func (g dagFast) Index(p int) (int, bool)            { return p, true }
func (g dagFast) AppendMoves(dst []int, p int) []int { return append(dst, g.opts[p]...) }

// dagApp is a dag with Appender only (values in the map memo).
type dagApp struct{ dag }

func (g dagApp) AppendMoves(dst []int, p int) []int { return append(dst, g.opts[p]...) }

// randomWideDAG is a random game on 0..n-1 whose moves go to smaller positions, with up to
// maxOpts options (repeats allowed), so that values above 64 occur when maxOpts is large.
func randomWideDAG(r *rand.Rand, n, maxOpts int) dag {
	g := dag{opts: make([][]int, n)}
	for p := 1; p < n; p++ {
		k := r.IntN(min(p, maxOpts) + 1)
		if r.IntN(3) == 0 {
			// All smaller positions, shuffled, some repeated: the value is large.
			g.opts[p] = r.Perm(p)
			g.opts[p] = append(g.opts[p], g.opts[p][:r.IntN(p)]...)
			continue
		}
		for range k {
			g.opts[p] = append(g.opts[p], r.IntN(p))
		}
	}
	return g
}

func TestValueSearchRandomDAGs(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	for trial := range 150 {
		n := 2 + r.IntN(300)
		g := randomWideDAG(r, n, 1+r.IntN(8))
		memo := map[int]uint64{}
		games := map[string]Game[int]{"moves": g, "dense": dagFast{g}, "appender": dagApp{g}}
		for name, gm := range games {
			var opts []Option
			if trial%4 == 1 {
				opts = append(opts, DenseLimit(1+r.IntN(n))) // dense and map ids mixed
			}
			s := NewSolver(gm, opts...)
			ps := upTo(n - 1)
			r.Shuffle(len(ps), func(i, j int) { ps[i], ps[j] = ps[j], ps[i] })
			for k, p := range ps {
				if k%3 == 0 {
					// Outcome searches first leave N-positions of unknown value in the memo.
					if _, err := s.Outcome(p); err != nil {
						t.Fatal(err)
					}
				}
				want := naiveValue[int](g, p, memo)
				if got, err := s.Value(p); err != nil || got != want {
					t.Fatalf("trial %d %s: Value(%d) = %d, %v; want %d", trial, name, p, got, err, want)
				}
			}
			if s.Known() > n {
				t.Fatalf("trial %d %s: %d positions known of %d", trial, name, s.Known(), n)
			}
		}
	}
}

func TestValueSearchLargeValues(t *testing.T) {
	// Nim on one heap: the options of n are 0..n-1, the value n; past 64 the mex leaves the
	// frame's mask. Asked from the top (a deep search) and bottom-up.
	for _, order := range []string{"top", "bottom"} {
		s := NewSolver[int](dagFast{nimDAG(300)})
		ps := upTo(299)
		if order == "top" {
			slices.Reverse(ps)
		}
		for _, p := range ps {
			if v, err := s.Value(p); err != nil || v != uint64(p) {
				t.Fatalf("%s: Value(%d) = %d, %v", order, p, v, err)
			}
		}
	}
}

func nimDAG(n int) dag {
	g := dag{opts: make([][]int, n)}
	for p := range n {
		for o := p - 1; o >= 0; o-- {
			g.opts[p] = append(g.opts[p], o)
		}
	}
	return g
}

// reachableCycle reports whether a cycle can be reached from p in g.
func reachableCycle(g graph, p int) bool {
	const (
		white = iota
		grey
		black
	)
	color := map[int]int{}
	type item struct{ p, i int }
	stack := []item{{p, 0}}
	color[p] = grey
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		if top.i == len(g[top.p]) {
			color[top.p] = black
			stack = stack[:len(stack)-1]
			continue
		}
		o := g[top.p][top.i]
		top.i++
		switch color[o] {
		case grey:
			return true
		case white:
			color[o] = grey
			stack = append(stack, item{o, 0})
		}
	}
	return false
}

// graphFast is a graph with the Appender and Indexer capabilities.
type graphFast struct{ graph }

func (g graphFast) Index(p int) (int, bool)            { return p, true }
func (g graphFast) AppendMoves(dst []int, p int) []int { return append(dst, g.graph[p]...) }

func TestValueSearchRandomCycles(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	for trial := range 300 {
		n := 2 + r.IntN(40)
		g := graph{}
		for p := range n {
			for range r.IntN(4) {
				o := r.IntN(p + 1)
				if r.IntN(8) == 0 {
					o = r.IntN(n) // sometimes a move up: maybe a cycle
				}
				g[p] = append(g[p], o)
			}
		}
		for name, gm := range map[string]Game[int]{"moves": g, "dense": graphFast{g}} {
			s := NewSolver(gm)
			for _, p := range r.Perm(n) {
				v, err := s.Value(p)
				if !reachableCycle(g, p) {
					if err != nil {
						t.Fatalf("trial %d %s: Value(%d): %v, no cycle", trial, name, p, err)
					}
					if want := naiveValue[int](g, p, map[int]uint64{}); v != want {
						t.Fatalf("trial %d %s: Value(%d) = %d, want %d", trial, name, p, v, want)
					}
					continue
				}
				var ce *CycleError[int]
				if !errors.As(err, &ce) {
					t.Fatalf("trial %d %s: Value(%d) = %d, %v; want a cycle", trial, name, p, v, err)
				}
				// The cycle reported is one: each position moves to the next, the last to the first.
				c := ce.Cycle
				if ce.Cut != 0 || len(c) == 0 || len(slices.Compact(slices.Sorted(slices.Values(c)))) != len(c) {
					t.Fatalf("trial %d %s: cycle %v (cut %d) repeats a position", trial, name, c, ce.Cut)
				}
				for i, q := range c {
					if !slices.Contains(g[q], c[(i+1)%len(c)]) {
						t.Fatalf("trial %d %s: %v is not a cycle of %v", trial, name, c, g)
					}
				}
			}
		}
	}
}

func TestValueSearchLimit(t *testing.T) {
	// The limit counts positions entered; after the error the solver goes on, and Known never
	// passes the limit.
	for _, g := range []Game[int]{denseSubtract{subtract{[]int{1, 3, 4}}}, subtract{[]int{1, 3, 4}}} {
		s := NewSolver(g, MaxPositions(500))
		var le *LimitError
		if _, err := s.Value(1000); !errors.As(err, &le) {
			t.Fatalf("Value(1000): %v", err)
		}
		if s.Known() > 500 {
			t.Fatalf("%d known", s.Known())
		}
		memo := map[int]uint64{}
		for p := range 499 {
			if v, err := s.Value(p); err != nil || v != naiveValue(g, p, memo) {
				t.Fatalf("Value(%d) = %d, %v", p, v, err)
			}
		}
	}
}

// movesOnly hides every capability of a game but Moves.
type movesOnly[P comparable] struct{ g Game[P] }

func (m movesOnly[P]) Moves(p P) iter.Seq[P] { return m.g.Moves(p) }

func TestValueSearchSubtractionSets(t *testing.T) {
	// Random subtraction sets, on the fast path (dense, Appender) and through Moves only, from
	// the top (one deep search) against the plain recursion bottom-up.
	r := rand.New(rand.NewPCG(15, 16))
	for range 100 {
		var set []int
		for k := 1 + r.IntN(5); len(set) < k; {
			if s := 1 + r.IntN(12); !slices.Contains(set, s) {
				set = append(set, s)
			}
		}
		n := 2000
		memo := map[int]uint64{}
		for p := range n { // bottom-up keeps the naive recursion shallow
			naiveValue[int](subtract{set}, p, memo)
		}
		for _, g := range []Game[int]{denseSubtract{subtract{set}}, movesOnly[int]{subtract{set}}} {
			s := NewSolver(g)
			if v, err := s.Value(n - 1); err != nil || v != memo[n-1] {
				t.Fatalf("set %v: Value(%d) = %d, %v; want %d", set, n-1, v, err, memo[n-1])
			}
			for p := range n {
				if v, err := s.Value(p); err != nil || v != memo[p] {
					t.Fatalf("set %v: Value(%d) = %d, %v; want %d", set, p, v, err, memo[p])
				}
			}
		}
	}
}

// orderedDAG is a dag declaring the Ordered capability (its moves do go to smaller positions).
type orderedDAG struct{ dagFast }

func (g orderedDAG) Position(i int) (int, bool) { return i, i >= 0 && i < len(g.opts) }

// orderedMoves is orderedDAG without Appender (options through Moves).
type orderedMoves struct{ dag }

func (g orderedMoves) Index(p int) (int, bool)    { return p, true }
func (g orderedMoves) Position(i int) (int, bool) { return i, i >= 0 && i < len(g.opts) }

func TestOrderedRandomDAGs(t *testing.T) {
	r := rand.New(rand.NewPCG(17, 18))
	for trial := range 150 {
		n := 2 + r.IntN(300)
		g := randomWideDAG(r, n, 1+r.IntN(8))
		memo := map[int]uint64{}
		for name, gm := range map[string]Game[int]{"appender": orderedDAG{dagFast{g}}, "moves": orderedMoves{g}} {
			var opts []Option
			switch trial % 4 {
			case 1:
				opts = append(opts, DenseLimit(1+r.IntN(n))) // indices past the limit are searched
			case 2:
				opts = append(opts, MaxPositions(n)) // limits on: the general fill
			}
			s := NewSolver(gm, opts...)
			if s.ord == nil {
				t.Fatalf("%s: not seen as Ordered", name)
			}
			ps := upTo(n - 1)
			if trial%2 == 0 {
				r.Shuffle(len(ps), func(i, j int) { ps[i], ps[j] = ps[j], ps[i] })
			}
			for k, p := range ps {
				if k%3 == 0 {
					if _, err := s.Outcome(p); err != nil {
						t.Fatal(err)
					}
				}
				want := naiveValue[int](g, p, memo)
				if got, err := s.Value(p); err != nil || got != want {
					t.Fatalf("trial %d %s: Value(%d) = %d, %v; want %d", trial, name, p, got, err, want)
				}
			}
			if s.Known() > n {
				t.Fatalf("trial %d %s: %d positions known of %d", trial, name, s.Known(), n)
			}
		}
	}
}

func TestOrderedLargeValuesAndChain(t *testing.T) {
	s := NewSolver[int](orderedDAG{dagFast{nimDAG(300)}})
	for _, p := range []int{299, 70, 64, 63, 0} {
		if v, err := s.Value(p); err != nil || v != uint64(p) {
			t.Fatalf("nim: Value(%d) = %d, %v", p, v, err)
		}
	}
	s = NewSolver[int](orderedDAG{dagFast{nimDAG(300)}})
	for p := range 300 { // one position at a time
		if v, err := s.Value(p); err != nil || v != uint64(p) {
			t.Fatalf("nim: Value(%d) = %d, %v", p, v, err)
		}
	}
	// A chain of ten million positions (a million under the race detector), filled in at once.
	n := 10_000_000
	if testing.Short() || raceEnabled {
		n = 1_000_000
	}
	c := NewSolver[int](orderedSubtract{denseSubtract{subtract{set: []int{1}}}})
	if v, err := c.Value(n); err != nil || v != uint64(n%2) || c.Known() != n+1 {
		t.Fatalf("chain of %d: value %d, %v, %d known", n, v, err, c.Known())
	}
}

// orderedSubtract is a subtraction game declaring Ordered.
type orderedSubtract struct{ denseSubtract }

func (orderedSubtract) Position(i int) (int, bool) { return i, i >= 0 }

// liar is a game that declares Ordered and breaks the promise in one of several ways.
type liar struct {
	how string
	at  int
}

func (g liar) Moves(p int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for _, o := range g.AppendMoves(nil, p) {
			if !yield(o) {
				return
			}
		}
	}
}

func (g liar) AppendMoves(dst []int, p int) []int {
	if p > 0 {
		dst = append(dst, p-1)
	}
	if p == g.at && g.how == "up" {
		dst = append(dst, p+1) // an option of a larger index
	}
	if p == g.at && g.how == "self" {
		dst = append(dst, p)
	}
	if p == g.at+5 && g.how == "hole" {
		dst = append(dst, g.at) // an option Position does not know
	}
	return dst
}

func (g liar) Index(p int) (int, bool) {
	if g.how == "noindex" && p == g.at {
		return 0, false
	}
	return p, true
}

func (g liar) Position(i int) (int, bool) {
	switch {
	case g.how == "hole" && i == g.at:
		return 0, false
	case g.how == "wrong" && i == g.at:
		return i + 1, true // a position whose index is not i
	}
	return i, true
}

func TestOrderedLiars(t *testing.T) {
	for _, how := range []string{"up", "self", "hole", "wrong", "noindex"} {
		for _, plain := range []bool{true, false} {
			var opts []Option
			if !plain {
				opts = append(opts, MaxPositions(1000))
			}
			s := NewSolver[int](liar{how: how, at: 10}, opts...)
			_, err := s.Value(20)
			if !errors.Is(err, ErrOrder) {
				t.Fatalf("%s (plain %v): Value(20) = %v, want ErrOrder", how, plain, err)
			}
			// One position at a time: each answer is the true value or an error (a lie that does
			// not change any value, a hole in Position or a wrong Position, may go unnoticed);
			// moves up or without an index are found.
			s = NewSolver[int](liar{how: how, at: 10}, opts...)
			var first error
			for p := 0; p <= 20; p++ {
				v, err := s.Value(p)
				if err != nil {
					if !errors.Is(err, ErrOrder) && !errors.Is(err, ErrCycle) {
						t.Fatalf("%s (plain %v): Value(%d): %v", how, plain, p, err)
					}
					first = cmp.Or(first, err)
				} else if v != uint64(p%2) {
					t.Fatalf("%s (plain %v): Value(%d) = %d", how, plain, p, v)
				}
			}
			if first == nil && (how == "up" || how == "self" || how == "noindex") {
				t.Fatalf("%s (plain %v): one at a time: no error", how, plain)
			}
			if v, err := s.Value(5); err != nil || v != 1 {
				t.Fatalf("%s: after the error, Value(5) = %d, %v", how, v, err)
			}
		}
	}
}

// keyedDAG is a dag on structs (no dense index) with a Keyer whose keys may collide: key(p) is
// p.n/div (div 1: no collisions).
type keyedDAG struct {
	g   dag
	div int
}

type node struct{ n int }

func (k keyedDAG) Moves(p node) iter.Seq[node] {
	return func(yield func(node) bool) {
		for _, o := range k.g.opts[p.n] {
			if !yield(node{o}) {
				return
			}
		}
	}
}

func (k keyedDAG) Key(p node) uint64 { return uint64(p.n / k.div) }

// plainDAG is the same game without Keyer: the general interner.
type plainDAG struct{ k keyedDAG }

func (k plainDAG) Moves(p node) iter.Seq[node] { return k.k.Moves(p) }

func TestKeyerAndInterner(t *testing.T) {
	r := rand.New(rand.NewPCG(19, 20))
	for trial := range 100 {
		n := 2 + r.IntN(2000)
		div := []int{1, 1, 2, 7, 0}[trial%5] // colliding keys, down to a single key for all
		if div == 0 {
			n = min(n, 200)
			div = n
		}
		g := randomDAG(r, n, 1+r.IntN(5))
		memo := map[node]uint64{}
		naiveValueBottomUp(keyedDAG{g, div}, node{n - 1}, memo)
		kg := keyedDAG{g, div}
		for name, gm := range map[string]Game[node]{"keyed": kg, "plain": plainDAG{kg}} {
			s := NewSolver(gm)
			if _, keyed := gm.(Keyer[node]); keyed != (name == "keyed") {
				t.Fatalf("%s: Keyer %v", name, keyed)
			}
			ps := r.Perm(n)
			if trial%2 == 0 {
				ps = upTo(n - 1)
				slices.Reverse(ps) // from the top: one deep search
			}
			for _, p := range ps {
				want := memo[node{p}]
				if got, err := s.Value(node{p}); err != nil || got != want {
					t.Fatalf("trial %d %s (div %d): Value(%d) = %d, %v; want %d", trial, name, div, p, got, err, want)
				}
			}
			if s.Known() != n || s.t.keys.Len()+s.t.ids.Len() != n {
				t.Fatalf("trial %d %s: %d known, %d interned, of %d", trial, name, s.Known(), s.t.keys.Len()+s.t.ids.Len(), n)
			}
		}
	}
}

// naiveValueBottomUp is naiveValue on a keyedDAG, filled bottom-up so that its recursion stays
// shallow.
func naiveValueBottomUp(k keyedDAG, p node, memo map[node]uint64) uint64 {
	for q := range p.n + 1 {
		naiveValue[node](k, node{q}, memo)
	}
	return memo[p]
}

// fan is a game whose position root has every smaller position as an option, and every other
// position n > 0 the one option n-1: the root's options fill more than a chunk of the arena, or
// overflow the chunk they start in.
type fan struct{ root int }

func (g fan) Moves(n int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for _, o := range g.AppendMoves(nil, n) {
			if !yield(o) {
				return
			}
		}
	}
}

func (g fan) AppendMoves(dst []int, n int) []int {
	if n == g.root {
		for o := range n {
			dst = append(dst, o)
		}
		return dst
	}
	if n > 0 {
		dst = append(dst, n-1)
	}
	return dst
}

type fanDense struct{ fan }

func (fanDense) Index(n int) (int, bool) { return n, n >= 0 }

func TestValueSearchChunks(t *testing.T) {
	// Stacks across many chunks: a position with more options than a chunk holds, entered deep
	// in a search (so that its chunk moves with the options of frames below it).
	for _, root := range []int{3 * vaChunk, vaChunk - vaRoom + 1} {
		for _, g := range []Game[int]{fan{root}, fanDense{fan{root}}, movesOnly[int]{fan{root}}} {
			s := NewSolver(g)
			// From above the root (a chain of 5000 down to it: values 2, 0, 1, 0, …).
			if v, err := s.Value(root + 5000); err != nil || v != 1 {
				t.Fatalf("root %d: Value(root+5000) = %d, %v", root, v, err)
			}
			if v, err := s.Value(root); err != nil || v != 2 {
				t.Fatalf("root %d: Value = %d, %v", root, v, err)
			}
			for _, p := range []int{root - 1, root - 2, 0} {
				if v, err := s.Value(p); err != nil || v != uint64(p%2) {
					t.Fatalf("Value(%d) = %d, %v", p, v, err)
				}
			}
		}
	}
	// A ring longer than a chunk of frames: the cycle is named by its ends, and after the error
	// (and after a limit error deep in the stack) the solver goes on.
	n := 3*vfChunk + 17
	ring := graph{}
	for i := range n {
		ring[i] = []int{(i + 1) % n}
	}
	ring[n] = []int{} // a terminal position off the ring
	for _, g := range []Game[int]{ring, graphFast{ring}} {
		s := NewSolver(g)
		_, err := s.Value(5)
		var ce *CycleError[int]
		if !errors.As(err, &ce) || ce.Cycle[0] != 5 || ce.Cycle[len(ce.Cycle)-1] != 4 || ce.Cut != n-maxCycleShown {
			t.Fatalf("ring: %v", err)
		}
		if s.Known() != 0 {
			t.Fatalf("ring: %d known after the error", s.Known())
		}
		if v, err := s.Value(n); err != nil || v != 0 {
			t.Fatalf("after the cycle: %d, %v", v, err)
		}
	}
	for _, g := range []Game[int]{denseSubtract{subtract{[]int{1, 2}}}, subtract{[]int{1, 2}}} {
		s := NewSolver(g, MaxPositions(2*vfChunk+3))
		var le *LimitError
		if _, err := s.Value(5 * vfChunk); !errors.As(err, &le) || s.Known() != 0 {
			t.Fatalf("limit: %v, %d known", err, s.Known())
		}
		if v, err := s.Value(2 * vfChunk); err != nil || v != uint64(2*vfChunk%3) {
			t.Fatalf("after the limit: %d, %v", v, err)
		}
	}
}

// cancelAfter is graphFast cancelling a context at its calls-th call of AppendMoves.
type cancelAfter struct {
	graphFast
	calls  *int
	cancel func()
}

func (g cancelAfter) AppendMoves(dst []int, p int) []int {
	if *g.calls--; *g.calls == 0 {
		g.cancel()
	}
	return g.graphFast.AppendMoves(dst, p)
}

func TestPlainSearchFailures(t *testing.T) {
	// The plain search (dense index, AppendMoves, options kept only for wide frames) stopped deep in
	// its stack by a cycle, a limit or a cancelled context: the memo keeps the N-positions that
	// outcome searches left in it and every value computed before, Known counts only those, and
	// the solver goes on with right answers.
	r := rand.New(rand.NewPCG(21, 22))
	for trial := range 200 {
		n := 2 + r.IntN(300)
		if trial%20 == 0 {
			n = 3 * vfChunk // stacks over several chunks
		}
		g := graph{}
		for p := range n {
			k := 1 + r.IntN(4)
			if r.IntN(8) == 0 {
				k = pNarrow + r.IntN(40) // a wide frame: options kept
			}
			for range k {
				o := max(p-1-r.IntN(8), 0)
				if r.IntN(6) == 0 {
					o = r.IntN(p + 1) // further down
				}
				if p > 0 {
					g[p] = append(g[p], o)
				}
			}
			if r.IntN(n) == 0 {
				g[p] = append(g[p], p+r.IntN(n-p)) // a move up: maybe a cycle
			}
		}
		cyc := cyclic(g, n)
		calls := 0
		ctx, cancel := context.WithCancel(context.Background())
		var opts []Option
		var gm Game[int] = graphFast{g}
		switch trial % 3 {
		case 1:
			opts = append(opts, MaxPositions(1+r.IntN(n)))
		case 2:
			calls = 1 + r.IntN(4*n)
			gm = cancelAfter{graphFast{g}, &calls, cancel}
			opts = append(opts, WithContext(ctx))
		}
		s := NewSolver(gm, opts...)
		if !s.pchain {
			t.Fatal("not the plain search")
		}
		memo := map[int]uint64{}
		for _, p := range r.Perm(n) {
			if r.IntN(3) == 0 {
				// Outcome searches leave N-positions of unknown value in the memo.
				if out, err := s.Outcome(p); err == nil && !cyc[p] && (out == PrevWins) != (naiveValue[int](g, p, memo) == 0) {
					t.Fatalf("trial %d: Outcome(%d) = %v", trial, p, out)
				}
			}
			before := s.Known()
			v, err := s.Value(p)
			if s.Known() < before {
				t.Fatalf("trial %d: Value(%d) (%v) forgot positions: %d known, %d before", trial, p, err, s.Known(), before)
			}
			switch {
			case cyc[p]:
				// An error, unless the outcome searches settled enough P-positions (value 0)
				// for the search not to meet the cycle.
				var ce *CycleError[int]
				var le *LimitError
				if errors.As(err, &ce) {
					for i, q := range ce.Cycle {
						if ce.Cut > 0 && i == maxCycleShown/2-1 {
							continue // the cut
						}
						if !slices.Contains(g[q], ce.Cycle[(i+1)%len(ce.Cycle)]) {
							t.Fatalf("trial %d: %v is not a cycle", trial, ce.Cycle)
						}
					}
				} else if err != nil && !errors.As(err, &le) && !errors.Is(err, context.Canceled) {
					t.Fatalf("trial %d: Value(%d) = %d, %v; want a cycle", trial, p, v, err)
				}
			case err == nil:
				if want := naiveValue[int](g, p, memo); v != want {
					t.Fatalf("trial %d: Value(%d) = %d, want %d", trial, p, v, want)
				}
			default:
				var le *LimitError
				if !errors.As(err, &le) && !errors.Is(err, context.Canceled) {
					t.Fatalf("trial %d: Value(%d): %v", trial, p, err)
				}
			}
		}
		// What is known is right: values, and the outcomes of N-positions; no position is left
		// on the stack; Known counts the positions the memo knows something of.
		known := 0
		for _, c := range append(slices.Clone(s.t.dense), s.t.codes...) {
			if c != cUnknown {
				known++
			}
		}
		if known != s.Known() {
			t.Fatalf("trial %d: %d positions in the memo, Known %d", trial, known, s.Known())
		}
		for p := range n {
			c := s.t.code(uint32(p))
			if c == cOnStack {
				t.Fatalf("trial %d: position %d left on the stack", trial, p)
			}
			if c >= cBase && !cyc[p] && uint64(c-cBase) != naiveValue[int](g, p, memo) {
				t.Fatalf("trial %d: memo holds %d for %d", trial, c-cBase, p)
			}
			if c == cN && !cyc[p] && naiveValue[int](g, p, memo) == 0 {
				t.Fatalf("trial %d: %d is N in the memo, a P-position", trial, p)
			}
		}
		if k := trial % 3; k == 1 && s.Known() > s.cfg.maxPositions {
			t.Fatalf("trial %d: %d known, limit %d", trial, s.Known(), s.cfg.maxPositions)
		}
		cancel()
	}
}

// cyclic reports for each position of g (on 0..n-1) whether a cycle can be reached from it.
func cyclic(g graph, n int) []bool {
	// Positions from which no cycle is reachable, found backwards from the terminal ones: a
	// position is safe once all its moves are.
	preds := make([][]int, n)
	left := make([]int, n)
	var safe []int
	for p := range n {
		left[p] = len(g[p])
		for _, o := range g[p] {
			preds[o] = append(preds[o], p)
		}
		if left[p] == 0 {
			safe = append(safe, p)
		}
	}
	cyc := make([]bool, n)
	for p := range cyc {
		cyc[p] = true
	}
	for len(safe) > 0 {
		o := safe[len(safe)-1]
		safe = safe[:len(safe)-1]
		cyc[o] = false
		for _, p := range preds[o] {
			if left[p]--; left[p] == 0 {
				safe = append(safe, p)
			}
		}
	}
	return cyc
}
