package game

import (
	"context"
	"errors"
	"iter"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"grundy/internal/refdata"
)

func TestMexDefinition(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for trial := range 3000 {
		n := r.IntN(200)
		if trial < 20 {
			n = trial
		}
		vals := make([]uint64, n)
		for i := range vals {
			vals[i] = uint64(r.IntN(n + 3))
			if r.IntN(10) == 0 {
				vals[i] = r.Uint64()
			}
		}
		want := uint64(0)
		for slices.Contains(vals, want) {
			want++
		}
		if got := Mex(vals); got != want {
			t.Fatalf("Mex(%v) = %d, want %d", vals, got, want)
		}
		v32 := make([]uint32, n)
		for i, v := range vals {
			v32[i] = uint32(min(v, 1<<32-1))
		}
		var m mexer
		want32 := uint32(0)
		for slices.Contains(v32, want32) {
			want32++
		}
		if got := m.mex32(v32); got != want32 {
			t.Fatalf("mex32(%v) = %d, want %d", v32, got, want32)
		}
	}
}

// checkAgainstNaive compares every answer of a fresh solver with the definitions on positions ps.
func checkAgainstNaive[P comparable](t *testing.T, name string, g Game[P], ps []P) {
	t.Helper()
	s := NewSolver(g)
	memo := map[P]uint64{}
	mmemo := map[P]bool{}
	for _, p := range ps {
		want := naiveValue(g, p, memo)
		wantOut := PrevWins
		if want != 0 {
			wantOut = NextWins
		}
		// Ask the outcome first on a second solver, so outcome-only search runs on a cold memo.
		out, err := NewSolver(g).Outcome(p)
		if err != nil || out != wantOut {
			t.Fatalf("%s: Outcome(%v) = %v, %v; want %v", name, p, out, err, wantOut)
		}
		got, err := s.Value(p)
		if err != nil || got != want {
			t.Fatalf("%s: Value(%v) = %d, %v; want %d", name, p, got, err, want)
		}
		if out, err := s.Outcome(p); err != nil || out != wantOut {
			t.Fatalf("%s: warm Outcome(%v) = %v, %v; want %v", name, p, out, err, wantOut)
		}
		var wantWin []P
		seen := map[P]bool{}
		for o := range g.Moves(p) {
			if !seen[o] && naiveValue(g, o, memo) == 0 {
				wantWin = append(wantWin, o)
			}
			seen[o] = true
		}
		win, err := s.WinningMoves(p)
		if err != nil || !slices.Equal(win, wantWin) {
			t.Fatalf("%s: WinningMoves(%v) = %v, %v; want %v", name, p, win, err, wantWin)
		}
		wantMis := PrevWins
		if naiveMisere(g, p, mmemo) {
			wantMis = NextWins
		}
		if got, err := s.MisereOutcome(p); err != nil || got != wantMis {
			t.Fatalf("%s: MisereOutcome(%v) = %v, %v; want %v", name, p, got, err, wantMis)
		}
		var wantMisWin []P
		clear(seen)
		for o := range g.Moves(p) {
			if !seen[o] && !naiveMisere(g, o, mmemo) {
				wantMisWin = append(wantMisWin, o)
			}
			seen[o] = true
		}
		if got, err := s.MisereWinningMoves(p); err != nil || !slices.Equal(got, wantMisWin) {
			t.Fatalf("%s: MisereWinningMoves(%v) = %v, %v; want %v", name, p, got, err, wantMisWin)
		}
	}
}

func upTo(n int) []int {
	ps := make([]int, n+1)
	for i := range ps {
		ps[i] = i
	}
	return ps
}

func TestSolverSubtractionGames(t *testing.T) {
	sets := [][]int{{1}, {1, 2}, {1, 2, 3}, {2, 3}, {1, 3, 4}, {2, 5, 7}, {1, 4, 9, 16}, {3, 5, 6, 11}}
	for _, set := range sets {
		checkAgainstNaive(t, "plain", Game[int](subtract{set}), upTo(120))
		checkAgainstNaive(t, "dense", Game[int](denseSubtract{subtract{set}}), upTo(120))
		// Descending order: the first question searches everything below it.
		ps := upTo(120)
		slices.Reverse(ps)
		checkAgainstNaive(t, "dense-desc", Game[int](denseSubtract{subtract{set}}), ps)
	}
}

func TestSolverRandomDAGs(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for range 60 {
		g := randomDAG(r, 80, 1+r.IntN(6))
		ps := upTo(79)
		r.Shuffle(len(ps), func(i, j int) { ps[i], ps[j] = ps[j], ps[i] })
		checkAgainstNaive(t, "dag", Game[int](g), ps)
	}
}

func TestSolverKaylesSplit(t *testing.T) {
	// With and without the split, on rows with gaps; then whole rows against OEIS A002186.
	rows := []string{"", "x", "xx", "x.x", "xx.x", "xxx", "x.x.x", "xxxx.xx", "xxx..xxxx", ".xxxxxx.", "xxxxxxxxx"}
	checkAgainstNaive(t, "kayles", Game[string](kayles{}), rows)
	checkAgainstNaive(t, "kayles-split", Game[string](kayles{split: true}), rows)

	s := NewSolver[string](kayles{split: true})
	terms := refdata.Sequence(t, "A002186.txt")
	if len(terms) < 80 {
		t.Fatalf("A002186: only %d terms", len(terms))
	}
	for _, term := range terms {
		v, err := s.Value(strings.Repeat("x", int(term.N)))
		if err != nil || v != term.Value {
			t.Fatalf("Kayles row of %d: value %d, %v; A002186 says %d", term.N, v, err, term.Value)
		}
	}
}

func TestSumTheorem(t *testing.T) {
	// The value of a sum (a game on pairs, searched as one game) is the XOR of the values.
	r := rand.New(rand.NewPCG(5, 6))
	for range 20 {
		a := randomDAG(r, 25, 1+r.IntN(4))
		b := subtract{set: []int{1 + r.IntN(3), 2 + r.IntN(5)}}
		g := pair[int, int]{a, b}
		sa, sb := NewSolver[int](a), NewSolver[int](b)
		memo := map[twoPos[int, int]]uint64{}
		for x := range 25 {
			for y := range 20 {
				p := twoPos[int, int]{x, y}
				va, _ := sa.Value(x)
				vb, _ := sb.Value(y)
				if got := naiveValue[twoPos[int, int]](g, p, memo); got != va^vb {
					t.Fatalf("sum %v: brute force %d, XOR %d", p, got, va^vb)
				}
			}
		}
	}
}

func TestSumWinningMoves(t *testing.T) {
	// Winning moves in a sum of two subtraction heaps, against the brute-force game on pairs.
	r := rand.New(rand.NewPCG(7, 8))
	for range 10 {
		g := subtract{set: []int{1 + r.IntN(3), 3 + r.IntN(4), 7 + r.IntN(3)}}
		s := NewSolver[int](g)
		pg := pair[int, int]{g, g}
		ps := NewSolver[twoPos[int, int]](pg)
		for x := range 30 {
			for y := range 30 {
				moves, err := s.SumWinningMoves([]int{x, y})
				if err != nil {
					t.Fatal(err)
				}
				var got []twoPos[int, int]
				for _, m := range moves {
					q := twoPos[int, int]{x, y}
					if m.Component == 0 {
						q.A = m.To
					} else {
						q.B = m.To
					}
					got = append(got, q)
				}
				want, err := ps.WinningMoves(twoPos[int, int]{x, y})
				if err != nil {
					t.Fatal(err)
				}
				if !slices.Equal(got, want) {
					t.Fatalf("sum (%d,%d): winning moves %v, brute force %v", x, y, got, want)
				}
				v, _ := s.SumValue([]int{x, y})
				if (v == 0) != (len(want) == 0) {
					t.Fatalf("sum (%d,%d): value %d but %d winning moves", x, y, v, len(want))
				}
			}
		}
	}
}

func TestLongChain(t *testing.T) {
	// A chain of ten million positions, searched from the top: the stack holds all of them.
	// (Under the race detector, whose shadow memory multiplies the footprint, a million.)
	n := 10_000_000
	if testing.Short() || raceEnabled {
		n = 1_000_000
	}
	s := NewSolver[int](denseSubtract{subtract{set: []int{1}}})
	v, err := s.Value(n)
	if err != nil || v != uint64(n%2) {
		t.Fatalf("chain of %d: value %d, %v", n, v, err)
	}
	s = NewSolver[int](denseSubtract{subtract{set: []int{1}}})
	if out, err := s.Outcome(n); err != nil || out != []Outcome{PrevWins, NextWins}[n%2] {
		t.Fatalf("chain of %d: outcome %v, %v", n, out, err)
	}
	if out, err := s.MisereOutcome(n); err != nil || out != []Outcome{NextWins, PrevWins}[n%2] {
		t.Fatalf("chain of %d: misère outcome %v, %v", n, out, err)
	}
}

func TestLongChainMap(t *testing.T) {
	// The same through the map memo (no index), a million positions (200,001 under the race
	// detector).
	n := 1_000_001
	if raceEnabled {
		n = 200_001
	}
	s := NewSolver[int](subtract{set: []int{1}})
	if v, err := s.Value(n); err != nil || v != 1 {
		t.Fatalf("chain: value %d, %v", v, err)
	}
}

func TestCycles(t *testing.T) {
	g := graph{0: {1}, 1: {2}, 2: {3, 0}, 3: {}, 5: {0}, 6: {6}}
	for _, p := range []int{0, 1, 2, 5} {
		for name, f := range map[string]func(*Solver[int]) error{
			"value":  func(s *Solver[int]) error { _, err := s.Value(p); return err },
			"misère": func(s *Solver[int]) error { _, err := s.MisereOutcome(p); return err },
		} {
			s := NewSolver[int](g)
			err := f(s)
			var ce *CycleError[int]
			if !errors.As(err, &ce) || !errors.Is(err, ErrCycle) {
				t.Fatalf("%s(%d): error %v, want a cycle", name, p, err)
			}
			if !strings.Contains(err.Error(), "0 → 1 → 2 → 0") && !strings.Contains(err.Error(), "1 → 2 → 0 → 1") &&
				!strings.Contains(err.Error(), "2 → 0 → 1 → 2") {
				t.Fatalf("%s(%d): %v does not name the cycle", name, p, err)
			}
			// The solver stays usable, and positions off the cycle are fine.
			if v, err := s.Value(3); err != nil || v != 0 {
				t.Fatalf("after cycle: Value(3) = %d, %v", v, err)
			}
			if _, err := s.Value(p); !errors.Is(err, ErrCycle) {
				t.Fatalf("%s(%d) again: %v", name, p, err)
			}
		}
	}
	// Outcome-only search may settle a position without meeting the cycle (2 moves to the terminal
	// 3, so 2 is N and 1 is P whatever the cycle does): the answer is then right.
	if win, err := NewSolver[int](g).WinningMoves(0); err != nil || !slices.Equal(win, []int{1}) {
		t.Fatalf("WinningMoves(0) = %v, %v", win, err)
	}
	if _, err := NewSolver[int](g).Value(6); !errors.Is(err, ErrCycle) || !strings.Contains(err.Error(), "6 → 6") {
		t.Fatalf("self-loop: %v", err)
	}
	// A long cycle is named with its ends.
	ring := graph{}
	for i := range 1000 {
		ring[i] = []int{(i + 1) % 1000}
	}
	_, err := NewSolver[int](ring).Value(0)
	if !errors.Is(err, ErrCycle) || !strings.Contains(err.Error(), "0 → 1 →") || !strings.Contains(err.Error(), "999 → 0") ||
		!strings.Contains(err.Error(), "984 more") {
		t.Fatalf("ring: %v", err)
	}
}

type chainInt struct{}

func (chainInt) Moves(n int) iter.Seq[int] {
	return func(yield func(int) bool) {
		if n > 0 {
			yield(n - 1)
		}
	}
}

func TestLimitAndContext(t *testing.T) {
	s := NewSolver[int](chainInt{}, MaxPositions(100))
	_, err := s.Value(1000)
	var le *LimitError
	if !errors.As(err, &le) || le.Max != 100 || !strings.Contains(err.Error(), "100") {
		t.Fatalf("limit: %v", err)
	}
	if v, err := s.Value(50); err != nil || v != 0 {
		t.Fatalf("after limit: %d, %v", v, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = NewSolver[int](chainInt{}, WithContext(ctx)).Value(100000)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled: %v", err)
	}
}

func TestFallible(t *testing.T) {
	s := NewSolver[int](failing{bad: 7})
	if v, err := s.Value(6); err != nil || v != 0 {
		t.Fatalf("Value(6) = %d, %v", v, err)
	}
	for _, p := range []int{7, 8, 20} {
		_, err := s.Value(p)
		if !errors.Is(err, errBad) || !strings.Contains(err.Error(), "position 7") {
			t.Fatalf("Value(%d): %v", p, err)
		}
	}
	if _, err := s.MisereOutcome(9); !errors.Is(err, errBad) {
		t.Fatalf("MisereOutcome: %v", err)
	}
	if _, err := s.WinningMoves(7); !errors.Is(err, errBad) {
		t.Fatalf("WinningMoves: %v", err)
	}
}

func TestClosedForm(t *testing.T) {
	calls := 0
	g := closedNim{calls: &calls}
	s := NewSolver[int](g)
	for n := range 40 {
		if v, err := s.Value(n); err != nil || v != uint64(n) {
			t.Fatalf("Value(%d) = %d, %v", n, v, err)
		}
	}
	if calls == 0 {
		t.Fatal("closed form never asked")
	}
	// The search below a closed-form position stops there: 40 values, not 2^40 paths.
	if s.Known() > 41 {
		t.Fatalf("%d positions known", s.Known())
	}
}

func TestDenseLimitMixesSliceAndMap(t *testing.T) {
	// Indices at or above the dense limit go to the map memo; answers must not change.
	g := denseSubtract{subtract{set: []int{1, 4, 6}}}
	s := NewSolver[int](g, DenseLimit(50))
	memo := map[int]uint64{}
	for n := 200; n >= 0; n -= 3 {
		v, err := s.Value(n)
		if err != nil || v != naiveValue[int](g, n, memo) {
			t.Fatalf("Value(%d) = %d, %v; want %d", n, v, err, naiveValue[int](g, n, memo))
		}
		if o, err := s.MisereOutcome(n); err != nil {
			t.Fatal(err)
		} else if want := naiveMisere[int](g, n, map[int]bool{}); (o == NextWins) != want {
			t.Fatalf("MisereOutcome(%d) = %v", n, o)
		}
	}
	if len(s.t.dense) > 50 || (s.t.ids.Len()+s.t.keys.Len()) == 0 {
		t.Fatalf("dense %d entries, map %d", len(s.t.dense), (s.t.ids.Len() + s.t.keys.Len()))
	}
}
