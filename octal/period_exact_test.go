package octal

import (
	"context"
	"math/bits"
	"math/rand/v2"
	"os"
	"strconv"
	"testing"
)

// bruteSmallest returns, straight from the definition, the smallest p (and its least preperiod
// n0) such that g(n) = g(n+p) for n0 ≤ n < len(g)−p and len(g) ≥ K·max(n0,1) + K·p + t.
func bruteSmallest[T value](g []T, k, t int) (p, n0 int, ok bool) {
	N := len(g)
	for p := 1; p < N; p++ {
		n0 := 0
		for n := N - 1 - p; n >= 0; n-- {
			if g[n] != g[n+p] {
				n0 = n + 1
				break
			}
		}
		if N >= k*max(n0, 1)+k*p+t {
			return p, n0, true
		}
	}
	return 0, 0, false
}

// earliestProofs returns, for each p < len(g), the least N ≤ len(g) such that p is provable with
// the values g[:N] (0 if none): the first moment the theorem allows a proof of p.
func earliestProofs[T value](g []T, k, t int) []int {
	out := make([]int, len(g))
	for p := 1; p < len(g); p++ {
		last := -1 // the last n < N−p with g[n] ≠ g[n+p]
		for N := p + 1; N <= len(g); N++ {
			if n := N - 1 - p; g[n] != g[n+p] {
				last = n
			}
			if N >= k*max(last+1, 1)+k*p+t {
				out[p] = N
				break
			}
		}
	}
	return out
}

// checkCands checks the detector's invariants on g: every candidate's preperiod is exact and its
// need within the horizon.
func checkCands[T value](t *testing.T, d *detector[T], g []T) {
	t.Helper()
	for _, c := range d.cands {
		if c.from != len(g) {
			t.Fatalf("candidate %d followed to %d of %d", c.p, c.from, len(g))
		}
		if n0 := backScan(sliceSeq(g), c.p); n0 != c.n0 {
			t.Fatalf("N=%d: candidate %d has n0 %d, exact %d", len(g), c.p, c.n0, n0)
		}
		if d.need(c.p, c.n0) > d.horizon {
			t.Fatalf("candidate %d needs %d past the horizon %d", c.p, d.need(c.p, c.n0), d.horizon)
		}
	}
}

// runDetector feeds g to a detector the way Compute does (blocks that never step over the
// horizon, or, with jumps, sometimes far past it) and checks it against the brute force at every
// update. It returns the number of updates at which a candidate stood for a run of others.
func runDetector[T value](t *testing.T, rng *rand.Rand, g []T, k, tt int, jumps bool) (runs int) {
	t.Helper()
	d := &detector[T]{k: k, t: tt, proving: true}
	N := 0
	for N < len(g) {
		step := 1 + rng.IntN(max(1, N/4))
		if rng.IntN(4) == 0 {
			step = 1
		}
		end := min(len(g), N+step)
		if h := d.nextCheck(); h > N && h < end && !(jumps && rng.IntN(3) == 0) {
			end = h
		}
		N = end
		d.update(g[:N])
		p, n0, ok := d.smallest(g[:N])
		bp, bn0, bok := bruteSmallest(g[:N], k, tt)
		if ok != bok || p != bp || n0 != bn0 {
			t.Logf("cands %+v horizon %d searches %d", d.cands, d.horizon, d.searches)
			t.Logf("g = %v", g[:N])
			t.Fatalf("N=%d (k %d, t %d): detector %d, %d, %v; brute force %d, %d, %v", N, k, tt, p, n0, ok, bp, bn0, bok)
		}
		checkCands(t, d, g[:N])
		for _, c := range d.cands {
			if c.more > 0 {
				runs++
				break
			}
		}
	}
	return runs
}

// eventuallyPeriodic returns n values: a random preperiod of length pre, then a random block of
// length per repeated, over an alphabet of size alpha.
func eventuallyPeriodic(rng *rand.Rand, n, pre, per, alpha int) []uint16 {
	g := make([]uint16, n)
	for i := range g {
		if i < pre+per {
			g[i] = uint16(rng.IntN(alpha))
		} else {
			g[i] = g[i-per]
		}
	}
	return g
}

func TestDetectorAgainstBruteForce(t *testing.T) {
	seed := uint64(1)
	if s := os.Getenv("OCTAL_SEED"); s != "" {
		seed, _ = strconv.ParseUint(s, 10, 64)
	}
	rng := rand.New(rand.NewPCG(seed, 2))
	runs := 0
	trials := 1000
	if raceEnabled || testing.Short() {
		trials = 200
	}
	for trial := range trials {
		n := 50 + rng.IntN(1500)
		if trial%10 == 0 {
			n = 3000
		}
		alpha := 2 + rng.IntN(49)
		pre := rng.IntN(n / 3)
		per := 1 + rng.IntN(n/4)
		if rng.IntN(2) == 0 {
			per = 1 + rng.IntN(20)
		}
		g := eventuallyPeriodic(rng, n, pre, per, alpha)
		switch trial % 5 {
		case 4:
			// A small period with values changed at regular distances: stretches whose
			// ends line up.
			per = 1 + rng.IntN(4)
			g = eventuallyPeriodic(rng, n, pre, per, 2+rng.IntN(2))
			d := 1 + rng.IntN(n/3)
			for i := pre + rng.IntN(n-pre); i < n && rng.IntN(4) != 0; i += d {
				g[i] ^= 1
			}
		case 1:
			// Disrupt a periodic stretch once or twice: runs of occurrences that do not start
			// at the period, and periods that hold for a while and then break.
			for range 1 + rng.IntN(2) {
				i := pre + rng.IntN(n-pre)
				g[i] = uint16(rng.IntN(alpha))
			}
		case 3:
			// A small period over a small alphabet with a few values changed: the same
			// stretch recurs after each disruption.
			per = 1 + rng.IntN(8)
			g = eventuallyPeriodic(rng, n, pre, per, 2+rng.IntN(2))
			for range 1 + rng.IntN(3) {
				i := rng.IntN(n)
				g[i] ^= 1
			}
		case 2:
			// Small period, then a longer period made of the same block.
			for i := pre + per; i < n; i++ {
				g[i] = g[i-per]
				if i%(3*per+1) == 0 {
					g[i] ^= 1
				}
			}
		}
		k, tt := 2, 1+rng.IntN(9)
		if trial%7 == 6 {
			k = 3
		}
		runs += runDetector(t, rng, g, k, tt, trial%3 == 0)
	}
	if runs < trials/20 {
		t.Fatalf("runs of candidates seen at only %d updates", runs)
	}
	t.Logf("runs of candidates at %d updates", runs)
}

// TestDetectorAdversarial builds a sequence on which the old detector (tail search for p ≤ 2^14,
// content-defined anchors) cannot see the period: the period 20011 is beyond the tail search and
// no window of the sequence is an anchor. The complete search proves it exactly when the theorem
// allows, while the heuristic's candidates do not include it.
func TestDetectorAdversarial(t *testing.T) {
	const pre, per, tt = 777, 20011, 3
	need := 2*pre + 2*per + tt
	rng := rand.New(rand.NewPCG(3, 4))
	var g []uint16
	for try := 0; ; try++ {
		if try == 50 {
			t.Fatal("no anchor-free sequence found")
		}
		g = make([]uint16, need+500)
		var h uint64
		pw := uint64(1)
		for range tailWindow {
			pw *= hashMultiple
		}
		anchored := false
		for i := range g {
			roll := func(v uint16) uint64 {
				x := h*hashMultiple + uint64(v) + 1
				if i >= tailWindow {
					x -= (uint64(g[i-tailWindow]) + 1) * pw
				}
				return x
			}
			if i < pre+per {
				// Choose a value that does not make the window ending here an anchor.
				for {
					g[i] = uint16(rng.IntN(5))
					if i+1 < tailWindow || (roll(g[i])*hashMultiple)>>anchorShift != 0 {
						break
					}
				}
			} else {
				g[i] = g[i-per]
			}
			h = roll(g[i])
			if i+1 >= tailWindow && (h*hashMultiple)>>anchorShift == 0 {
				anchored = true
				break
			}
		}
		if !anchored {
			break
		}
	}
	for _, c := range heuristicCandidates(sliceSeq(g[:need])) {
		if c.p%per == 0 {
			t.Fatalf("the heuristic found %d; the sequence was meant to hide it", c.p)
		}
	}
	d := &detector[uint16]{k: 2, t: tt, proving: true}
	for N := need - 2000; N <= need; N += 400 {
		d.update(g[:N])
	}
	if _, _, ok := d.smallest(g[:need-1]); ok {
		t.Fatalf("proved before the theorem allows")
	}
	d.update(g[:need])
	p, n0, ok := d.smallest(g[:need])
	if !ok || p != per || n0 != pre {
		t.Fatalf("got %d, %d, %v; want %d, %d", p, n0, ok, per, pre)
	}
	// And through the schedule Compute uses, from the start.
	if first := runDetectorFast(g, 2, tt); first != need {
		t.Fatalf("first proof at %d values, the theorem allows it at %d", first, need)
	}
}

// runDetectorFast feeds g in Compute's schedule (blocks of n/8+16, never past the horizon or the
// next need) and returns the number of values at the first proof.
func runDetectorFast(g []uint16, k, tt int) int {
	d := &detector[uint16]{k: k, t: tt, proving: true}
	N := 0
	for N < len(g) {
		end := min(len(g), N+N/8+16)
		if h := d.nextCheck(); h > N && h < end {
			end = h
		}
		if nd := d.nextNeed(); nd > N && nd < end {
			end = nd
		}
		N = end
		d.update(g[:N])
		if _, _, ok := d.smallest(g[:N]); ok {
			return N
		}
	}
	return 0
}

// TestComputeStopsAtEarliestProof: for every 1-, 2- and 3-digit octal code (0.ddd and 4.ddd),
// Compute stops at the first number of values at which the theorem proves any period, with the
// shortest such period (minimised over its divisors), judged on the reference values.
func TestComputeStopsAtEarliestProof(t *testing.T) {
	codes := append(allCodes(1), allCodes(2)...)
	to := 1200
	if !raceEnabled && !testing.Short() {
		codes = append(codes, allCodes(3)...)
	} else {
		to = 600
	}
	proved := 0
	for _, c := range codes {
		ref, err := Reference(context.Background(), c, to)
		if err != nil {
			t.Fatal(err)
		}
		res, err := Compute(context.Background(), c, Options{To: to})
		if err != nil {
			t.Fatal(err)
		}
		k := max(c.MaxHeaps(), 2)
		early := earliestProofs(ref, k, c.LastDigit())
		first, best := 0, 0
		for p, N := range early {
			if N > 0 && (first == 0 || N < first) {
				first, best = N, p
			}
		}
		if !res.Proved {
			if first != 0 {
				t.Errorf("%v: not proved by %d values; period %d is provable at %d", c, to+1, best, first)
			}
			continue
		}
		proved++
		if res.ComputedTo+1 != first {
			t.Errorf("%v: stopped at %d values, the first proof is possible at %d", c, res.ComputedTo+1, first)
			continue
		}
		bp, bn0, _ := bruteSmallest(ref[:first], k, c.LastDigit())
		wp, wn0 := minimise(sliceSeq(ref[:first]), bp, bn0)
		if res.Period != wp || res.Preperiod != wn0 {
			t.Errorf("%v: period %d from %d; brute force %d from %d (minimised from %d, %d)", c, res.Period, res.Preperiod, wp, wn0, bp, bn0)
		}
	}
	if proved < len(codes)/2 {
		t.Errorf("only %d of %d codes proved", proved, len(codes))
	}
	t.Logf("%d of %d codes proved, each at the first moment possible", proved, len(codes))
}

// TestDetectorHashCollisions: blocks of the Thue–Morse word of length 1024 and its complement
// have equal polynomial hashes modulo 2^64 for every odd base, so the fast hash matches at every
// aligned shift; the search must notice, redo the search modulo 2^61−1, and still be exact.
func TestDetectorHashCollisions(t *testing.T) {
	const L = 1024
	rng := rand.New(rand.NewPCG(5, 6))
	for trial := range 3 {
		blocks := 64
		g := make([]uint16, 0, blocks*L+L)
		for b := range blocks {
			flip := uint16(rng.IntN(2))
			if trial == 1 && b >= blocks/4 {
				flip = uint16(b % 2) // a periodic tail of two blocks
			}
			for i := range L {
				g = append(g, uint16(bits.OnesCount(uint(i))&1)^flip)
			}
		}
		N := len(g)
		d := &detector[uint16]{k: 2, t: 1, proving: true, lazy: true}
		d.search(g, 2*(N/2)+1) // the pattern: the last N/2 values, aligned with the blocks
		if d.strong != 1 {
			t.Fatalf("trial %d: %d searches redone with the strong hash, want 1", trial, d.strong)
		}
		d = &detector[uint16]{k: 2, t: 1, proving: true, lazy: true}
		p, n0, ok := d.smallest(g)
		bp, bn0, bok := bruteSmallest(g, 2, 1)
		if p != bp || n0 != bn0 || ok != bok {
			t.Fatalf("trial %d: detector %d, %d, %v; brute force %d, %d, %v", trial, p, n0, ok, bp, bn0, bok)
		}
		if trial == 1 && !ok {
			t.Fatal("the periodic tail was not proved")
		}
	}
}
