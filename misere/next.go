package misere

import (
	"context"
	"errors"
	"fmt"
	"slices"
)

// The step from heaps 0..n−1 to heaps 0..n (after Siegel's MisereSolver and Plambeck and Siegel,
// "Misère quotients for impartial games", 2008; the code is ours). Let Q be the quotient of the
// sums of heaps below n and T the set of elements of the options of heap n.
//
//  1. If heap n has no option it is the game 0.
//  2. Conservative extension (the Mex Interpolation Principle): if some x in Q has the outcome of
//     heap n (P iff T misses P), every y in T is mex-compatible with x (no z has both x·z and
//     y·z in P), and some sum W of class x has all its option elements in T, then heap n
//     behaves as W in every sum, so Q is unchanged and heap n maps to x. (By induction on k and
//     Z: n^k + Z has the options of W + n^(k−1) + Z and perhaps more, each of class y·u with
//     x·u the class of the sum; when x·u is in P, compatibility keeps the extra ones out of P.)
//     The sums W come from the witnesses of the last complete search (search.go).
//  3. Otherwise a trial (guess: the outcome of n^k + X assumed to depend only on k and X's class
//     in Q) is checked by the least-failure search and, while it fails, recalibrated: some heaps
//     of the least failure get counters of their own (free), the P-portion is recomputed from the
//     definition and the trial reduced, until one gets the failure right. A trial without
//     failure is right for every sum, and reduced it is the quotient; old elements may have
//     split (Kayles' heap 9 tells 5+5 from 0).
//  4. Runs: when the failures come with ever more copies of the same heaps (0.76's heap 12 fails
//     on 12^k·7^k·…, then on 12^(k+1)·7^(k+1)·…, one recalibration per copy, the trials growing
//     about as k²), those heaps get counters that go twice as far at once (accelerate), so the
//     trials double their reach per round instead of adding a copy. An accelerated trial is a
//     trial like any other: it is kept only if it gets the failure right, and the answer is
//     still the first trial without failure. When one passes the size limit, the computation
//     stops only if its own least failure carries the run further (more copies of each of its
//     heaps): the trials of the plain recalibrations would have grown past it too, one copy at a
//     time. Otherwise it goes back to the trial before and recalibrates as in step 3.

// maxRounds bounds the recalibrations of one heap.
const maxRounds = 256

// maxMex bounds the order for which the conservative test builds its mex-compatibility rows
// (order² bits).
const maxMex = 1 << 13

// extend returns the quotient of heaps 0..q.n+1.
func (q *Quotient) extend(ctx context.Context, maxSize int) (*Quotient, error) {
	return q.extendRounds(ctx, maxSize, maxRounds, true)
}

// extendRounds is extend with at most rounds recalibrations, accelerating runs of failures (step
// 4) when accel is set.
func (q *Quotient) extendRounds(ctx context.Context, maxSize, rounds int, accel bool) (*Quotient, error) {
	return q.extendWith(ctx, growth{maxSize: maxSize, rounds: rounds, accel: accel})
}

// growth holds the limits of one step of extend.
type growth struct {
	maxSize int  // the size limit
	rounds  int  // the recalibrations allowed
	accel   bool // accelerate runs of failures (step 4)
	// compactNodes bounds the failure searches of ordinary trials only by maxSearchBytes as
	// their compact sets take it (and the step bound), not as if every set kept took its whole
	// bitset: the searches go further in the same memory, and computations that stopped at
	// the search's limit go on (and take longer to stop).
	compactNodes bool
	// searchBytes, when not 0, replaces maxSearchBytes as the bound of the failure searches' sets
	// (long runs such as Dawson's Kayles' heap 34 give them more memory).
	searchBytes int
	// trace, when set, is told of every failing trial: the round, the trial, its least failure
	// (counts of each heap) and whether that sum is in fact a P-position, and whether the trial
	// was an accelerated one (long runs such as Dawson's Kayles' heap 34 use it).
	trace func(round int, t *Quotient, fail []int32, wantP, accelerated bool)
}

// extendWith is extend with the limits of g.
func (q *Quotient) extendWith(ctx context.Context, g growth) (*Quotient, error) {
	maxSize, rounds, accel := g.maxSize, g.rounds, g.accel
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	n := q.n + 1
	opts, err := q.readOptions(ctx, n)
	if err != nil {
		return nil, err
	}
	if len(opts) == 0 {
		return q.conserve(n, 0, opts, nil), nil
	}
	tr := make([]int32, 0, len(opts))
	for _, o := range opts {
		tr = append(tr, q.fold(0, o))
	}
	slices.Sort(tr)
	tr = slices.Compact(tr)
	if x, err := q.conservative(ctx, tr); err != nil {
		return nil, err
	} else if x >= 0 {
		return q.conserve(n, x, opts, tr), nil
	}
	fail := func(err error) (*Quotient, error) {
		var se *SizeError
		if err == errTooBig {
			err = &SizeError{Max: maxSize, Heap: n}
		}
		if errors.As(err, &se) {
			se.Quotient = q
		}
		return nil, err
	}
	maxStates := 64*maxSize + 1<<16
	t, err := q.guess(ctx, opts, maxSize)
	if err != nil {
		return fail(err)
	}
	// Runs of failures (step 4 above): hist holds the failures so far; base is the trial an
	// accelerated trial was built from, with its failure and the run.
	freed := map[int]int{}
	var hist [][]int32
	var base *Quotient
	var baseF []int32
	var baseP bool
	var run []int
	noAccel := !accel
	peak := q.peak
	for round := 0; ; round++ {
		accelerated := base != nil
		if !accelerated || t.Order() <= maxSize {
			peak = max(peak, t.Order())
		}
		if t.Order() > maxSize && !accelerated {
			// A trial, not yet known to be right: its order is not the quotient's.
			return fail(&SizeError{Max: maxSize, Heap: n})
		}
		nodes := maxStates
		if !accelerated && !g.compactNodes {
			nodes = min(nodes, wholeSetNodes(t.Order()))
		}
		var f []int32
		var wantP bool
		var wit [][]tset
		if accelerated && t.Order() > 4*maxSize {
			err = errTooBig // far past the limit: not worth its search
		} else {
			searchBytes := maxSearchBytes
			if g.searchBytes > 0 {
				searchBytes = g.searchBytes
			}
			f, wantP, wit, err = t.leastFailureBytes(ctx, nodes, searchBytes)
		}
		if accelerated {
			// An accelerated trial past the limit stops the computation when it is right (it is
			// the quotient) or when its least failure has more copies of every heap of the run
			// than the failure it was built for (the run goes on past the limit); otherwise, or
			// when its search is too big, the computation goes back to the trial it was built
			// from and recalibrates that one, without accelerating again.
			fallBack := err == errTooBig
			if err == nil && t.Order() > maxSize {
				if f == nil {
					return fail(&SizeError{Max: maxSize, Heap: n, Size: t.Order()})
				}
				cont := true
				for _, h := range run {
					if f[h] <= baseF[h] {
						cont = false
					}
				}
				if cont {
					return fail(&SizeError{Max: maxSize, Heap: n, Run: run})
				}
				fallBack = true
			}
			if fallBack {
				t, f, wantP, err = base, baseF, baseP, nil
				noAccel = true
			}
			base = nil
		}
		if err != nil {
			return fail(err)
		}
		if f == nil {
			if t.Order() > maxSize {
				return fail(&SizeError{Max: maxSize, Heap: n, Size: t.Order()})
			}
			t.wit = wit
			t.sizes = append(slices.Clone(q.sizes), t.Order())
			t.peak = peak
			return t, nil
		}
		if g.trace != nil {
			g.trace(round, t, f, wantP, accelerated)
		}
		if round == rounds {
			return fail(&SizeError{Max: maxSize, Heap: n, Rounds: rounds})
		}
		hist = append(hist, f)
		if !noAccel {
			if r := runOf(hist, freed); r != nil {
				next, err := t.accelerate(ctx, f, wantP, r, maxSize, maxStates)
				if err != nil && err != errTooBig {
					return fail(err)
				}
				if next != nil {
					base, baseF, baseP, run = t, f, wantP, r
					t = next
					continue
				}
			}
		}
		next, err := t.recalibrate(ctx, heapsOf(f), wantP, freed, maxStates)
		if err != nil {
			return fail(err)
		}
		if next == nil {
			return nil, fmt.Errorf("misere: heap %d: no recalibration gets the sum %v right", n, heapsOf(f))
		}
		t = next
	}
}

// runOf returns the heaps of a run of failures: when the last failure has at least as many copies
// of every heap as one of the three before it, the heaps with more copies, each with at least
// three copies and freed at least twice before; or nil.
func runOf(hist [][]int32, freed map[int]int) []int {
	f := hist[len(hist)-1]
	for back := 2; back <= 4 && back <= len(hist); back++ {
		g := hist[len(hist)-back]
		var run []int
		ok := true
		for h := range f {
			switch {
			case f[h] < g[h]:
				ok = false
			case f[h] > g[h]:
				if f[h] < 3 || freed[h] < 2 {
					ok = false
				}
				run = append(run, h)
			}
		}
		if ok && run != nil {
			return run
		}
	}
	return nil
}

// readOptions returns the distinct options of heap n (positive heap sizes, largest first),
// checking the game's contract.
func (q *Quotient) readOptions(ctx context.Context, n int) ([][]int32, error) {
	var opts [][]int32
	seen := map[string]bool{}
	count := 0
	var gameErr error
	for o := range q.game.Options(n) {
		count++
		if count&4095 == 0 && ctx.Err() != nil {
			break
		}
		heaps := make([]int32, 0, len(o))
		for _, h := range o {
			if h < 0 || h >= n {
				gameErr = &GameError{Heap: n, Option: slices.Clone(o)}
				break
			}
			if h > 0 {
				heaps = append(heaps, int32(h))
			}
		}
		if gameErr != nil {
			break
		}
		slices.Sort(heaps)
		slices.Reverse(heaps)
		key := make([]byte, 0, 4*len(heaps))
		for _, h := range heaps {
			key = append(key, byte(h), byte(h>>8), byte(h>>16), byte(h>>24))
		}
		if !seen[string(key)] {
			seen[string(key)] = true
			opts = append(opts, heaps)
		}
	}
	if gameErr != nil {
		return nil, gameErr
	}
	if f, ok := q.game.(Fallible); ok {
		if err := f.Err(); err != nil {
			return nil, err
		}
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return opts, nil
}

// conservative returns an element x of q that heap n (option elements tr) can map to with q
// unchanged, by the test of step 2 above, or −1.
func (q *Quotient) conservative(ctx context.Context, tr []int32) (int32, error) {
	m := len(q.isP)
	if q.wit == nil || m > maxMex {
		return -1, nil
	}
	heapP := true
	for _, t := range tr {
		if q.isP[t] {
			heapP = false
		}
	}
	trSet := newBitset(m)
	for _, t := range tr {
		trSet.set(t)
	}
	rows, err := q.pRows(ctx)
	if err != nil {
		return -1, err
	}
next:
	for x := int32(0); int(x) < m; x++ {
		if q.isP[x] != heapP {
			continue
		}
		for _, y := range tr {
			if rows[x].meets(rows[y]) {
				continue next
			}
		}
		for _, w := range q.wit[x] {
			if w.within(trSet) {
				return x, nil
			}
		}
	}
	return -1, nil
}

// pRows returns, for each element x, the set of elements z with x·z in the P-portion.
func (q *Quotient) pRows(ctx context.Context) ([]bitset, error) {
	m := len(q.isP)
	// Each element z > 0 is its smallest word's first heap times the element of the rest.
	parent := make([]int32, m)
	first := make([]int32, m)
	for z := 1; z < m; z++ {
		first[z] = q.words[z][0]
		parent[z] = q.fold(0, q.words[z][1:])
	}
	rows := make([]bitset, m)
	row := make([]int32, m)
	for x := 0; x < m; x++ {
		if x&255 == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		rows[x] = newBitset(m)
		row[0] = int32(x)
		for z := 1; z < m; z++ {
			row[z] = q.act[first[z]][row[parent[z]]]
		}
		for z, e := range row {
			if q.isP[e] {
				rows[x].set(int32(z))
			}
		}
	}
	return rows, nil
}

// conserve returns q extended by heap n mapped to x (q's monoid unchanged); tr, when not nil, is
// a witness for x (heap n itself has those option elements).
func (q *Quotient) conserve(n int, x int32, opts [][]int32, tr []int32) *Quotient {
	r := *q
	r.n = n
	r.phi = append(slices.Clone(q.phi), x)
	col := make([]int32, len(q.isP))
	for e := range col {
		col[e] = q.fold(int32(e), q.words[x])
	}
	r.act = append(slices.Clone(q.act), col)
	r.opts = append(slices.Clone(q.opts), opts)
	r.sizes = append(slices.Clone(q.sizes), q.Order())
	if tr != nil && q.wit != nil {
		s := newBitset(len(q.isP))
		for _, t := range tr {
			s.set(t)
		}
		r.wit = slices.Clone(q.wit)
		if !subsumed(r.wit[x], s) {
			r.wit[x], _ = insertMinimal(slices.Clone(r.wit[x]), compact(s))
		}
	}
	return &r
}
