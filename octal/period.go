package octal

import (
	"math/bits"
	"slices"
)

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
// Finding the period. Write need(p, n0) = K·max(n0, 1) + K·p + t for the number of values the
// theorem needs (the range above, plus the p values it compares against). Given N values, p is
// provable exactly when the last m = N − ⌊(N − t)/K⌋ values occur again ending p earlier:
// need(p, n0(p)) ≤ N says g(n) = g(n+p) for ⌊(N−t)/K⌋ − p ≤ n < N − p, a window of m values.
// So the provable periods at N are the occurrences of one pattern, and the shortest is the
// nearest one. The search (search below) finds them all with a rolling hash, verifying every hit,
// so it cannot miss one nor accept a false one; it needs no memory beyond a few candidates.
//
// It runs at growing checkpoints N_c, each time looking ahead to a horizon H ≤ K·N_c + t − 1
// (H = 3·N_c/2 while computing): with the pattern of m = N_c − ⌊(H − t)/K⌋ values, its
// occurrences are every p that could be proved at some N ≤ H, because n0(p) only grows as values
// are added. Those candidates are then followed value by value (an exception after N_c pushes
// need past H, so the candidate is dropped). Compute never steps over the horizon, so at every
// update the candidates hold every provable p, and the smallest proves the period exactly when
// the theorem first allows it. The searches cost about 3 passes over the final array in all.
//
// Occurrences are few: two at distance d < m make d a period of the pattern, so if the pattern's
// least period π exceeds m/2 they are more than m/2 apart; otherwise they come in runs p, p+π,
// p+2π, … (the text between them has period π), with more than m/2 between runs. The run
// starting at π needs only π: its multiples have later need and break when π does. Any other
// run ends its π-periodic stretch at some e < N_c − p + π; all its members compare alike until
// n = e + p, where the first member leaves the stretch, and at that value either it or all the
// others break. So a run is kept as its first member plus the rest, split off when n reaches
// e + p.

const (
	hashMod  = 1<<61 - 1
	hashBase = 0x1d3a9c4b6f27e15 // < hashMod
)

// mulMod returns a·b mod 2^61−1 for a, b < 2^61.
func mulMod(a, b uint64) uint64 {
	hi, lo := bits.Mul64(a, b)
	r := (hi<<3 | lo>>61) + lo&hashMod
	if r >= hashMod {
		r -= hashMod
	}
	return r
}

type candidate struct {
	p, n0 int // g(n+p) = g(n) for n0 ≤ n < from−p
	from  int // the values below from are followed
	// A run: the further candidates p+step, p+2·step, … (more of them) compare like p until
	// n = split; their n0 is max(s, s0−q, 0) (see addRun).
	step, more, split, s, s0 int
}

type detector[T value] struct {
	k       int // need(p, n0) = k·max(n0, 1) + k·p + t
	t       int
	proving bool
	lazy    bool // search only when asked (Compute with KeepGoing): at the end

	cands   []candidate // every p provable at some N ≤ horizon (when proving)
	checked int         // the candidates are followed over g[:checked]
	horizon int         // 0: no search yet

	// Statistics for tests and benchmarks: searches run, values scanned, searches redone with
	// the strong hash.
	searches, searched, strong int
}

func newDetector[T value](c Code) *detector[T] {
	return &detector[T]{k: max(c.MaxHeaps(), 2), t: c.LastDigit(), proving: c.Provable()}
}

// need returns how many values (g(0..need−1)) the theorem needs to prove period p with preperiod n0.
func (d *detector[T]) need(p, n0 int) int {
	n0 = max(n0, 1)
	return d.k*n0 + (d.k-1)*p + d.t + p
}

// seq is read access to g(0), …, g(n−1): a slice's (sliceSeq), or a packed store's
// (packedSeq), for the readers of the whole sequence that a windowed run (window.go) serves too.
type seq[T value] struct {
	g []T     // the values, or (g nil)
	p *packed // the packed values
	n int
}

// sliceSeq returns the seq of g.
func sliceSeq[T value](g []T) seq[T] { return seq[T]{g: g, n: len(g)} }

// packedSeq returns the seq of p.
func packedSeq(p *packed) seq[uint16] { return seq[uint16]{p: p, n: p.Len()} }

// pieces calls f with the values in order, a piece at a time (f must not keep its slice).
func (s seq[T]) pieces(f func(lo int, v []T)) {
	if s.p == nil {
		f(0, s.g[:s.n])
		return
	}
	s.p.chunks(0, s.n, func(lo int, v []uint16) bool {
		f(lo, any(v).([]T))
		return true
	})
}

// at returns g(i).
func (s seq[T]) at(i int) uint32 {
	if s.p != nil {
		return uint32(s.p.at(i))
	}
	return uint32(s.g[i])
}

// backScan returns 1 + the largest n < len(g)−p with g[n] ≠ g[n+p], or 0.
func backScan[T value](g seq[T], p int) int {
	return backScanFrom(g, p, g.n-p)
}

// backScanFrom returns 1 + the largest n < from with g[n] ≠ g[n+p], or 0.
func backScanFrom[T value](g seq[T], p, from int) int {
	for n := from - 1; n >= 0; n-- {
		if g.at(n) != g.at(n+p) {
			return n + 1
		}
	}
	return 0
}

// update brings the detector up to date with g (which only grew since the last call).
func (d *detector[T]) update(g []T) {
	if !d.proving || d.lazy {
		return
	}
	d.sync(g)
}

// sync makes the candidates complete for len(g): it follows them, or searches again past the horizon.
func (d *detector[T]) sync(g []T) {
	N := len(g)
	if N == d.checked && d.horizon > 0 {
		return
	}
	if N >= d.horizon || N < d.checked {
		h := N
		if !d.lazy {
			h = min(N+max(N/2, 1), d.k*N+d.t-1)
		}
		d.search(g, h)
		return
	}
	d.follow(g)
}

// nextCheck returns the number of values at which the detector must see the values next (its
// horizon), or 0 when it needs none.
func (d *detector[T]) nextCheck() int {
	if !d.proving || d.lazy {
		return 0
	}
	return d.horizon
}

// follow checks the candidates over g[d.checked:], splitting runs and dropping those that broke.
func (d *detector[T]) follow(g []T) {
	N := len(g)
	for i := 0; i < len(d.cands); i++ {
		c := &d.cands[i]
		broke := false
		for n := c.from; n < N; n++ {
			if c.more > 0 && n == c.split {
				q := c.p + c.step
				r := candidate{p: q, n0: max(c.s, c.s0-q, 0), from: n, step: c.step, more: c.more - 1,
					split: c.split + c.step, s: c.s, s0: c.s0}
				c.more = 0
				if d.need(r.p, r.n0) <= d.horizon {
					d.cands = append(d.cands, r)
					c = &d.cands[i]
				}
			}
			if g[n] != g[n-c.p] {
				broke = true
				break
			}
		}
		if broke {
			c.p = 0 // dropped below
		} else {
			c.from = N
		}
	}
	d.cands = slices.DeleteFunc(d.cands, func(c candidate) bool { return c.p == 0 })
	slices.SortFunc(d.cands, func(a, b candidate) int { return a.p - b.p })
	d.checked = N
}

// search finds every p that the theorem could prove by h values (h ≥ len(g), h ≤ K·len(g)+t−1),
// given the values so far: the occurrences of the last m values ending p earlier.
func (d *detector[T]) search(g []T, h int) {
	N := len(g)
	d.cands = d.cands[:0]
	d.checked, d.horizon = N, h
	d.searches++
	q := (h - d.t) / d.k
	if h < d.t {
		q = -1
	}
	m, pmax := N-q, q-1 // the pattern g[N−m:N] must occur at N−m−p for 1 ≤ p ≤ pmax
	if pmax < 1 || m < 1 {
		return
	}
	d.searched += m + pmax
	if !d.scan(g, m, pmax, false) {
		// Too many hash collisions for the fast hash (an adversarial sequence): start again
		// with the hash modulo a prime.
		d.cands = d.cands[:0]
		d.strong++
		d.scan(g, m, pmax, true)
	}
	slices.SortFunc(d.cands, func(a, b candidate) int { return a.p - b.p })
}

// scan finds the occurrences of the pattern g[N−m:N] ending p earlier, 1 ≤ p ≤ pmax, with a
// rolling hash (polynomial modulo 2^64, or modulo 2^61−1 when strong), verifying each hash match,
// and adds their candidates. The fast hash gives up (false) after a few false matches.
func (d *detector[T]) scan(g []T, m, pmax int, strong bool) bool {
	N := len(g)
	pat := g[N-m:]
	// The run of occurrences being gathered: first, last, step (0: one so far), count.
	first, last, step, count := 0, 0, 0, 0
	flush := func() {
		if count > 0 {
			d.addRun(g, m, first, step, count)
		}
	}
	// hit verifies a hash match at p and reports whether it is an occurrence.
	hit := func(p int) bool {
		a := N - m - p
		var ok bool
		if count > 0 && step > 0 && p-last == step {
			// The run goes on if the new step values continue the period.
			ok = slices.Equal(g[a:a+step], g[a+step:a+2*step])
		} else {
			ok = slices.Equal(g[a:a+m], pat)
		}
		if !ok {
			return false
		}
		switch {
		case count > 0 && step == 0 && 2*(p-last) <= m:
			step, count = p-last, 2
		case count > 0 && step > 0 && p-last == step:
			count++
		default:
			flush()
			first, step, count = p, 0, 1
		}
		last = p
		return true
	}
	if strong {
		// Σ w[i]·B^i over a window w (the leftmost value has weight 1), modulo 2^61−1.
		var hp, hw uint64
		for i := m - 1; i >= 0; i-- {
			hp = mulMod(hp, hashBase) + uint64(pat[i])
			hw = mulMod(hw, hashBase) + uint64(g[N-m-1+i])
			if hp >= hashMod {
				hp -= hashMod
			}
			if hw >= hashMod {
				hw -= hashMod
			}
		}
		top := powMod(hashBase, m)
		for p := 1; ; p++ {
			if hw == hp { // hw: the window g[N−m−p : N−p]
				hit(p)
			}
			if p == pmax {
				break
			}
			a := N - m - p // slide the window one value to the left
			hw = mulMod(hw, hashBase) + uint64(g[a-1]) + hashMod - mulMod(uint64(g[a+m-1]), top)
			if hw >= hashMod {
				hw -= hashMod
			}
			if hw >= hashMod {
				hw -= hashMod
			}
		}
		flush()
		return true
	}
	// The same modulo 2^64 (the base is odd).
	const base = hashMultiple
	var hp, hw uint64
	for i := m - 1; i >= 0; i-- {
		hp = hp*base + uint64(pat[i])
		hw = hw*base + uint64(g[N-m-1+i])
	}
	top := uint64(1)
	for b, e := uint64(base), m; e > 0; e >>= 1 {
		if e&1 != 0 {
			top *= b
		}
		b *= b
	}
	misses := 0
	w := g[:N-m] // the window's new values come from w, the old ones from g[m:]
	x := g[m : N-1]
	for p := 1; ; p++ {
		if hw == hp && !hit(p) {
			if misses++; misses > 8 {
				return false
			}
		}
		if p == pmax {
			break
		}
		a := N - m - p
		hw = hw*base + uint64(w[a-1]) - uint64(x[a-1])*top
	}
	flush()
	return true
}

// powMod returns b^e modulo 2^61−1.
func powMod(b uint64, e int) uint64 {
	r := uint64(1)
	for ; e > 0; e >>= 1 {
		if e&1 != 0 {
			r = mulMod(r, b)
		}
		b = mulMod(b, b)
	}
	return r
}

// addRun adds the candidates of a run of occurrences p, p+step, … (count of them; step 0 when
// count is 1) of the pattern of the last m values.
func (d *detector[T]) addRun(g []T, m, p, step, count int) {
	N := len(g)
	if count == 1 || p == step {
		// One candidate: an isolated occurrence, or π standing for its multiples.
		d.addCand(candidate{p: p, n0: backScanFrom(sliceSeq(g), p, N-m-p), from: N})
		return
	}
	// The stretch with period step around the run's windows: from s to e (e < N−p+step), and
	// the stretch with that period ending at N, from s0.
	e := N - p
	for e < N && g[e] == g[e-step] {
		e++
	}
	s := N - m - (p + (count-1)*step)
	for s > 0 && g[s-1] == g[s-1+step] {
		s--
	}
	s0 := N - m
	for s0 > 0 && g[s0-1] == g[s0-1+step] {
		s0--
	}
	// Going down from the window, g(n) = g(n+q) holds while n ≥ s and n+q ≥ s0, and fails
	// just below, so n0(q) = max(s, s0−q, 0): except for q = s0−s (when s > 0), where both
	// stretches end at once and the equality may go on. That member is a candidate of its own.
	piece := func(p, count int) {
		switch {
		case count == 1:
			d.addCand(candidate{p: p, n0: backScanFrom(sliceSeq(g), p, N-m-p), from: N})
		case count > 1:
			d.addCand(candidate{p: p, n0: max(s, s0-p, 0), from: N, step: step, more: count - 1,
				split: e + p, s: s, s0: s0})
		}
	}
	if q := s0 - s; s > 0 && q >= p && (q-p)%step == 0 && q <= p+(count-1)*step {
		i := (q - p) / step
		piece(p, i)
		piece(q, 1)
		piece(q+step, count-1-i)
		return
	}
	piece(p, count)
}

// addCand adds c if it could be proved by the horizon.
func (d *detector[T]) addCand(c candidate) {
	if d.need(c.p, c.n0) <= d.horizon {
		d.cands = append(d.cands, c)
	}
}

// smallest returns the smallest p provable with the values g, and its preperiod (not minimised).
func (d *detector[T]) smallest(g []T) (p, n0 int, ok bool) {
	if !d.proving {
		return 0, 0, false
	}
	d.sync(g)
	for _, c := range d.cands {
		if len(g) >= d.need(c.p, c.n0) {
			return c.p, c.n0, true
		}
	}
	return 0, 0, false
}

// proved returns the smallest period the theorem certifies on g, minimised over divisors.
func (d *detector[T]) proved(g []T) (p, n0 int, ok bool) {
	p, n0, ok = d.smallest(g)
	if ok {
		p, n0 = minimise(sliceSeq(g), p, n0)
	}
	return p, n0, ok
}

// nextNeed returns the smallest number of values at which some candidate would be proved (0 if none).
func (d *detector[T]) nextNeed() int {
	if !d.proving || d.lazy {
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

// minimise: g is periodic with period p from n0 on (proved or apparent). A divisor q of p is a
// period too if g(n+q) = g(n) on a stretch of at least p values inside the periodic part.
func minimise[T value](g seq[T], p, n0 int) (int, int) {
	for {
		better := false
		for _, f := range primeFactors(p) {
			q := p / f
			m0 := backScan(g, q)
			if g.n-q-max(m0, n0) >= p {
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

// Apparent periods (when no proof is possible or none was found): candidates come from the tail
// of the sequence (the last w values repeat p earlier, for small p) and from content-defined
// anchors (positions whose window hash has many leading zero bits; equal anchor windows p apart
// suggest period p, at any size). This is a heuristic, run once on the final values: it reports
// what the values show, never a proof.

const (
	tailWindow   = 32      // values compared by the tail search and hashed by the anchors
	tailMaxP     = 1 << 14 // the tail search tries p ≤ this
	anchorShift  = 54      // an anchor is a window hash whose top 64−54 = 10 bits are zero: one in 1024
	hashMultiple = 0x9e3779b97f4a7c15
)

// heuristicCandidates returns the periods p suggested by the tail search and the anchors, each
// with its exact preperiod on g, among those whose periodic part is at least tailWindow long.
func heuristicCandidates[T value](g seq[T]) []candidate {
	var cands []candidate
	tried := map[int]bool{}
	N := g.n
	add := func(p int) {
		if p <= 0 || p >= N || tried[p] {
			return
		}
		tried[p] = true
		if n0 := backScan(g, p); N-p-n0 >= tailWindow {
			cands = append(cands, candidate{p: p, n0: n0})
		}
	}
	pw := uint64(1)
	for range tailWindow {
		pw *= hashMultiple
	}
	anchors := map[uint64]int{}
	var h uint64
	var ring [tailWindow]uint64 // the last tailWindow terms (0 before the first)
	g.pieces(func(lo int, v []T) {
		for j, x := range v {
			pos := lo + j
			t := uint64(x) + 1
			h = h*hashMultiple + t - ring[pos%tailWindow]*pw
			ring[pos%tailWindow] = t
			if pos+1 >= tailWindow && (h*hashMultiple)>>anchorShift == 0 {
				if prev, ok := anchors[h]; ok {
					add(pos - prev)
				}
				anchors[h] = pos
			}
		}
	})
	if N >= 2*tailWindow {
		found := 0
		equal := func(p int) bool { // g[N−tailWindow−p : N−p] == g[N−tailWindow:]
			for i := N - tailWindow; i < N; i++ {
				if g.at(i-p) != g.at(i) {
					return false
				}
			}
			return true
		}
		for p := 1; p <= min(tailMaxP, N-tailWindow) && found < 2; p++ {
			if g.at(N-1-p) == g.at(N-1) && equal(p) {
				add(p)
				found++
			}
		}
	}
	slices.SortFunc(cands, func(a, b candidate) int { return a.p - b.p })
	return cands
}

// apparent returns the smallest suggested period whose periodic part covers at least three
// periods: a period that the values show but no theorem certifies.
func apparent[T value](g seq[T]) (p, n0 int, ok bool) {
	for _, c := range heuristicCandidates(g) {
		if g.n-c.n0 >= 3*c.p && g.n-c.n0 >= 2*tailWindow {
			p, n0 := minimise(g, c.p, c.n0)
			return p, n0, true
		}
	}
	return 0, 0, false
}
