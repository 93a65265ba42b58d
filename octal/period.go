package octal

import "slices"

// Period detection.
//
// The Octal Games Periodicity Theorem (Guy and Smith 1956; Winning Ways, chapter 4): let the last
// non-zero digit of a finite code be dt. If g(n+p) = g(n) for all n with n0 ≤ n < 2·n0 + p + t,
// then g(n+p) = g(n) for all n ≥ n0.
//
// Proof sketch, which also gives the form used for hexadecimal codes: suppose n ≥ 2·n0+p+t and the
// claim holds below n. A move from n+p removes i ≤ t tokens and leaves heaps summing to n+p−i. If
// it leaves one heap, that heap is n−i+p with n0 ≤ n−i < n, so its value is g(n−i). If it leaves
// K heaps, the largest has at least (n+p−i)/K tokens; it is ≥ n0+p provided n ≥ K·n0 + (K−1)·p + i,
// so shrinking it by p gives an option of n with the same value; and conversely every option of n
// has a part ≥ n0 that can grow by p. Hence the options of n and n+p have the same values. For
// K = 2 this is the classical bound 2·n0+p+t; for hexadecimal codes that may leave three heaps it
// is 3·n0+2·p+t. The argument needs n0 ≥ 1 (a part shrunk by p must stay non-empty), so the
// theorem is applied with max(n0, 1). Grundy's game forbids equal splits, which breaks the
// correspondence: no proof is claimed for it.
//
// Finding the period: candidates p come from the tail of the sequence (the last w values repeat
// p earlier, for small p) and from content-defined anchors (positions whose window hash has many
// leading zero bits; equal anchor windows p apart suggest period p, at any size). Each candidate
// is then followed exactly: its preperiod n0 is one more than the last n with g(n) ≠ g(n+p).

const (
	tailWindow   = 32      // values compared by the tail search and hashed by the anchors
	tailMaxP     = 1 << 14 // the tail search tries p ≤ this
	anchorShift  = 54      // an anchor is a window hash whose top 64−54 = 10 bits are zero: one in 1024
	maxCands     = 16
	hashMultiple = 0x9e3779b97f4a7c15
)

type candidate struct {
	p, n0 int // g(n+p) = g(n) for n0 ≤ n < checked−p
}

type detector[T value] struct {
	k       int // K·n0 + (K−1)·p + t is the theorem's bound
	t       int
	proving bool

	cands   []candidate
	checked int // the candidates are verified on g[:checked]

	anchors map[uint64]int
	hashed  int // the rolling hash covers windows ending before hashed
	h, pw   uint64
}

func newDetector[T value](c Code) *detector[T] {
	d := &detector[T]{k: max(c.MaxHeaps(), 2), t: c.LastDigit(), proving: c.Provable(), anchors: map[uint64]int{}}
	d.pw = 1
	for range tailWindow {
		d.pw *= hashMultiple
	}
	return d
}

// need returns how many values (g(0..need−1)) the theorem needs to prove period p with preperiod n0.
func (d *detector[T]) need(p, n0 int) int {
	n0 = max(n0, 1)
	return d.k*n0 + (d.k-1)*p + d.t + p
}

// backScan returns 1 + the largest n < len(g)−p with g[n] ≠ g[n+p], or 0.
func backScan[T value](g []T, p int) int {
	for n := len(g) - 1 - p; n >= 0; n-- {
		if g[n] != g[n+p] {
			return n + 1
		}
	}
	return 0
}

func (d *detector[T]) add(g []T, p int) {
	if p <= 0 || p >= len(g) {
		return
	}
	for _, c := range d.cands {
		if c.p == p {
			return
		}
	}
	n0 := backScan(g, p)
	if len(g)-p-n0 < tailWindow {
		return
	}
	if len(d.cands) == maxCands {
		// Drop the candidate with the most recent exception.
		worst := 0
		for i, c := range d.cands {
			if c.n0 > d.cands[worst].n0 {
				worst = i
			}
		}
		d.cands = slices.Delete(d.cands, worst, worst+1)
	}
	d.cands = append(d.cands, candidate{p: p, n0: n0})
}

// update brings the candidates up to date with g (which only grew since the last call).
func (d *detector[T]) update(g []T) {
	N := len(g)
	// Follow the candidates over the new values; drop those that broke.
	kept := d.cands[:0]
	for _, c := range d.cands {
		broke := false
		for n := max(d.checked, c.p) - c.p; n+c.p < N; n++ {
			if g[n] != g[n+c.p] {
				broke = true
				c.n0 = n + 1
			}
		}
		if !broke {
			kept = append(kept, c)
		}
	}
	d.cands = kept
	d.checked = N
	// Anchors over the new windows.
	for pos := d.hashed; pos < N; pos++ {
		d.h = d.h*hashMultiple + uint64(g[pos]) + 1
		if pos >= tailWindow {
			d.h -= (uint64(g[pos-tailWindow]) + 1) * d.pw
		}
		if pos+1 >= tailWindow && (d.h*hashMultiple)>>anchorShift == 0 {
			if prev, ok := d.anchors[d.h]; ok {
				d.add(g, pos-prev)
			}
			d.anchors[d.h] = pos
		}
	}
	d.hashed = N
	// The tail search: smallest p whose shift matches the last window.
	if N >= 2*tailWindow {
		found := 0
		tail := g[N-tailWindow:]
		for p := 1; p <= min(tailMaxP, N-tailWindow) && found < 2; p++ {
			if g[N-1-p] == tail[tailWindow-1] && slices.Equal(g[N-tailWindow-p:N-p], tail) {
				d.add(g, p)
				found++
			}
		}
	}
	slices.SortFunc(d.cands, func(a, b candidate) int { return a.p - b.p })
}

// proved returns the smallest candidate the theorem certifies on g, minimised over divisors.
func (d *detector[T]) proved(g []T) (p, n0 int, ok bool) {
	if !d.proving {
		return 0, 0, false
	}
	for _, c := range d.cands {
		if len(g) >= d.need(c.p, c.n0) {
			p, n0 := minimise(g, c.p, c.n0)
			return p, n0, true
		}
	}
	return 0, 0, false
}

// nextNeed returns the smallest number of values at which some candidate would be proved (0 if none).
func (d *detector[T]) nextNeed() int {
	if !d.proving {
		return 0
	}
	best := 0
	for _, c := range d.cands {
		if n := d.need(c.p, c.n0); best == 0 || n < best {
			best = n
		}
	}
	return best
}

// apparent returns the smallest candidate whose periodic part covers at least three periods: a
// period that the values so far show but no theorem certifies.
func (d *detector[T]) apparent(g []T) (p, n0 int, ok bool) {
	for _, c := range d.cands {
		if len(g)-c.n0 >= 3*c.p && len(g)-c.n0 >= 2*tailWindow {
			p, n0 := minimise(g, c.p, c.n0)
			return p, n0, true
		}
	}
	return 0, 0, false
}

// minimise: g is periodic with period p from n0 on (proved or apparent). A divisor q of p is a
// period too if g(n+q) = g(n) on a stretch of at least p values inside the periodic part.
func minimise[T value](g []T, p, n0 int) (int, int) {
	for {
		better := false
		for _, f := range primeFactors(p) {
			q := p / f
			m0 := backScan(g, q)
			if len(g)-q-max(m0, n0) >= p {
				p, n0, better = q, m0, true
				break
			}
		}
		if !better {
			return p, n0
		}
	}
}

func primeFactors(n int) []int {
	var fs []int
	for f := 2; f*f <= n; f++ {
		if n%f == 0 {
			fs = append(fs, f)
			for n%f == 0 {
				n /= f
			}
		}
	}
	if n > 1 {
		fs = append(fs, n)
	}
	return fs
}
