package octal

import (
	"math"
	"runtime"
	"sort"
	"sync/atomic"
	"time"
)

// Several cores on one sequence: the far marks of a block, marked ahead by the verifiers.
//
// Marking the rare splits (markBlockSplits16) is most of the leader's work, and it is serial only
// in part. At the start of a block of heaps n0 … n0+blockRows−1 the splits of the rare heaps
// r < n0−i with 2r < n0−i are marked for the whole block (startBlock); their partners m−r lie at
// least r heaps behind the block. For the far rare heaps, r ≥ lag, the partners lie lag heaps
// behind, so those marks can be made while the leader is still up to lag−blockRows heaps before
// the block: the verifier does that, for up to farSlots blocks ahead, into a ring of block tables,
// before it verifies. The leader, at a block's start, takes the block's table from the ring (or
// starts the block itself as without far marks when the verifier has not: nobody waits for a
// goroutine that is not running), adds the splits of the near rare heaps (blockRows−i ≤ r < lag: a few dozen on Officers
// and Grundy's game against some 1,500 far ones at lag 256), and goes on heap by heap as before.
//
// Once the rare heaps lie far behind (where a block checks part of its rare heaps, checkK), the
// verifier makes the whole partial block instead, but for the near heaps (markFar): it marks the
// larger share, takes each heap's candidates and checks the far part of the smaller share; the
// leader copies the candidates and their hits (about 600 bytes), checks the near heaps and keeps
// its heaps' own marks in a table of its own. Where the leader adopted the 16 KB of tables marked
// on another core, it now reads about 600 bytes of them.
//
// Blocks are numbered by serials that never repeat (a stretch's blocks start at its first heap);
// the ring's tables are valid within a stretch only: at a quiescent point the far marking stops
// and waits for the marking in flight, and a roll-back's new stretch starts a new ring, so no far
// mark made from a rolled-back value (or before a change of the rare list) survives.

// farMarks is whether a speculator of one verifier (two workers) marks far rare heaps ahead; with
// more verifiers they always do (on 4–16 cores of an Intel Xeon they make the difference between
// no gain past two workers and 1.6–2.3×: BenchmarkOctalWorkers). Off: on two free cores
// they cost 10–60 % more CPU than the leader marking every rare heap itself and were never faster
// in wall time (BENCHMARKS.md, "Several cores on one sequence"): the ring's tables, written on one core
// and read on the other, move about 8 KiB between the cores' caches a block, and the verifier has
// the target searches to do. They pay only when the two workers share one core.
const farMarks = false

const (
	farSlots = 8   // block tables marked ahead
	farLag   = 256 // far rare heaps: r ≥ farLag (at least blockRows)
	farOff   = math.MaxInt64
	farWait  = 50 * time.Microsecond // the leader waits this long for a block the verifier marks

	// compactShare: a compact block checks compactShare/12 of its rare heaps, fewer than the
	// adaptive share would (BenchmarkCheckShare: at 4/12 no heap of Officers or Grundy's game
	// at 2^20 found all its candidates given). A heap that does marks every rare split itself, on
	// the leader, which the many cores wait for; the verifiers mark the rest.
	compactShare = 4
)

// farSlot is one table of the ring; done is the serial of the block whose far marks it holds,
// plus one (written by the verifier after the marks, read by the leader). writing is held by the
// verifier that claimed the slot's block, from before its claim until its marks are made: with
// several verifiers, the claimer of block b may be descheduled so long that the leader marks b
// itself and goes past b+1, and block b+farSlots, in the same slot, becomes claimable; it is
// not claimed while the slot is held (its table would be overwritten under the leader's feet).
type farSlot struct {
	blk     block
	done    atomic.Int64
	writing atomic.Bool
	_       linePad
}

// farState is the speculator's part for the far marks.
type farState struct {
	// Shared: on cache lines of their own.
	_     linePad
	next  atomic.Int64 // blocks below this serial are claimed (farOff: no far marking now)
	_     linePad
	lead  atomic.Int64 // the serial of the leader's block: slots of serials below it are free
	_     linePad
	ready atomic.Int64 // blocks below this serial have their far partners written
	_     linePad

	// Written by the leader at a stretch's start, read by whoever claims a block of it.
	slots  []farSlot
	on     bool     // the stretch marks by blocks of the ring
	base   int64    // the serial of the stretch's first block (at heap heap0)
	end    int64    // serials below this are used
	rare   []uint32 // the rare list of the stretch
	rv     []uint16 // and their values
	far    int      // rare[far:] are the far heaps (r ≥ lag)
	lag    int
	first  int // the smallest split digit
	blocks int64

	// check: the blocks may check part of their rare heaps, compactShare/12 of them (markFar),
	// with the engine's checkFrom and checkCands (copied: the engine's line holding them is
	// written by the leader).
	check      bool
	checkFrom  int
	checkCands int

	hold func(b int64) // tests: called by the claimer of block b before it marks (a descheduled verifier)

	// The leader's own.
	_    linePad
	own  *block // the leader's table when it starts a block itself (and outside stretches)
	mine *block // the leader's compact block (see markFar)

	// enabled: far marks are made at all (off by default, see farMarks; tests turn them on).
	enabled bool

	// Statistics.
	byVerifier, byLeader, waits, compact int
}

// farBegin starts the ring for the stretch beginning at heap heap0 (called from begin, when no
// block of the ring is being marked).
func (s *speculator) farBegin() {
	e, f := s.e, &s.far
	if f.own == nil {
		f.own = &block{n0: -1}
		f.mine = &block{n0: -1}
	}
	f.on = f.enabled && s.heap0 >= e.blockFrom && e.vbits <= targetBits && !e.noTargets && len(e.splits) > 0
	if !f.on {
		return
	}
	if f.slots == nil {
		f.slots = make([]farSlot, farSlots)
	}
	if f.lag == 0 {
		f.lag = farLag
	}
	for k := len(e.rareVal); k < len(e.rare); k++ {
		e.rareVal = append(e.rareVal, e.g[e.rare[k]])
	}
	f.rare, f.rv = e.rare, e.rareVal[:len(e.rare)]
	f.far = sort.Search(len(f.rare), func(k int) bool { return int(f.rare[k]) >= f.lag })
	f.first = e.splits[0]
	f.check = e.mayCheck()
	f.checkFrom, f.checkCands = e.checkFrom, e.checkCands
	f.base = f.end
	f.blocks = specSpan/blockRows + 1
	f.end = f.base + f.blocks
	f.lead.Store(f.base)
	f.ready.Store(f.base)
	s.farPublish()
	f.next.Store(f.base) // last: a claimer reads the fields above after it
}

// farPublish records that g[:len(e.g)] is written: the blocks whose far partners lie below are
// ready to be marked.
func (s *speculator) farPublish() {
	f := &s.far
	if !f.on {
		return
	}
	// Block k starts at heap0+16k; its far partners lie below heap0+16k−first−lag+16.
	top := len(s.e.g) - s.heap0 + f.first + f.lag - blockRows
	if top < 0 {
		return
	}
	f.ready.Store(f.base + min(int64(top/blockRows)+1, f.blocks))
}

// farStop stops the far marking at a quiescent point and waits for the block the verifier may
// be marking. The leader's block is its own table again, to be restarted.
func (s *speculator) farStop() {
	f := &s.far
	if !f.on {
		return
	}
	f.on = false
	f.next.Store(farOff)
	for spin := 0; s.busy.Load() != 0; spin++ {
		if spin > 64 {
			runtime.Gosched()
		}
	}
	f.own.n0 = -1
	s.e.blk = f.own
}

// farClaimable: a block is there to mark ahead.
func (s *speculator) farClaimable() bool {
	f := &s.far
	b := f.next.Load()
	return b < f.ready.Load() && b < f.lead.Load()+farSlots
}

// farClaim takes the next block to mark ahead, and holds its slot (see farSlot).
func (s *speculator) farClaim() (int64, bool) {
	f := &s.far
	for {
		b := f.next.Load()
		if b >= f.ready.Load() || b >= f.lead.Load()+farSlots {
			return 0, false
		}
		sl := f.slot(b)
		if !sl.writing.CompareAndSwap(false, true) {
			return 0, false // an earlier block of the slot is still being marked
		}
		if f.next.CompareAndSwap(b, b+1) {
			return b, true
		}
		sl.writing.Store(false)
	}
}

// slot returns the slot of block serial b.
func (f *farState) slot(b int64) *farSlot { return &f.slots[b%farSlots] }

// farMark marks block serial b's far splits in its slot and lets the slot go (the verifier,
// after farClaim).
func (s *speculator) farMark(b int64) {
	f := &s.far
	sl := f.slot(b)
	if f.hold != nil {
		f.hold(b)
	}
	s.markFar(&sl.blk, s.heap0+int(b-f.base)*blockRows)
	sl.done.Store(b + 1)
	sl.writing.Store(false)
}

// markFar starts t as the block of heaps n0 … n0+15 with the far rare heaps' splits marked: as
// startBlock, but only rare[far:] (whose partners lie below n0−first−lag+16).
//
// Where startBlock would check part of the rare heaps (a partial block) and a third of them
// (compactShare, where startBlock's share adapts) take in every near one (far ≤ mid), t is a
// compact block: rare[mid:hi] marked, the candidates taken from those marks and rare[far:mid]
// checked against them. The leader then needs from the slot
// only the candidates, their hits and the ranges (about 600 bytes, not the 16 KB of tables read
// on another core), checks the near heaps rare[lo:far] itself and marks each heap's own splits
// in a table of its own (farEnter): on many cores the leader's share of a heap is what bounds
// the sequence.
func (s *speculator) markFar(t *block, n0 int) {
	e, f := s.e, &s.far
	t.begin(n0)
	rare := f.rare
	partial := f.check && e.rareBehind(rare, n0)
	for _, i := range e.splits {
		lo, hi := t.bounds(rare, n0, i)
		partial = partial && hi-lo >= f.checkFrom && lo+(hi-lo)*compactShare/12 >= f.far
	}
	for k, i := range e.splits {
		// As startBlock: rare[lo:hi] are marked for the whole block, here rare[max(lo, far):hi],
		// or in a compact block rare[mid:hi].
		lo, hi := t.lo[k], t.hi[k]
		from := max(lo, f.far)
		if partial {
			from = lo + (hi-lo)*compactShare/12
			t.mid = append(t.mid, from)
		}
		if hi > from {
			markBlock(&t.marks, t.gen, s.g[:n0-i-f.lag+blockRows], n0-i, rare[from:hi], f.rv[from:hi])
		}
	}
	if !partial {
		return
	}
	t.partial, t.compact = true, true
	t.candidatesWith(checkOp.Pick(), &e.commonBytes, f.checkCands)
	for k, i := range e.splits {
		if lo, mid := max(t.lo[k], f.far), t.mid[k]; mid > lo {
			checkBlock(&t.cand, &t.hit, s.g[:n0-i-f.lag+blockRows], n0-i, rare[lo:mid], f.rv[lo:mid])
		}
	}
}

// farEnter prepares the block starting at heap n (the leader, at a block's first heap): its far
// marks from the ring or made now, then the near rare heaps' splits; e.blk is the block.
func (s *speculator) farEnter(n int) {
	e, f := s.e, &s.far
	b := f.base + int64((n-s.heap0)/blockRows)
	f.lead.Store(b)
	var t *block
	sl := f.slot(b)
	switch {
	case sl.done.Load() == b+1:
		t = &sl.blk
	case f.next.CompareAndSwap(b, b+1):
		// Claimed before any verifier: the leader's own block (below).
	default:
		// The verifier is marking it: wait a little (it takes microseconds), or mark it anew if
		// the verifier does not finish (descheduled). (Verifying a chunk meanwhile would take
		// the verifier's next work away from it.)
		f.waits++
		t0 := time.Now()
		for spin := 0; sl.done.Load() != b+1; spin++ {
			if spin&255 == 255 && time.Since(t0) > farWait {
				break
			}
		}
		if sl.done.Load() == b+1 {
			t = &sl.blk
		}
	}
	if t == nil {
		// The leader's own block: marked as without far marks (startBlock, at the block's
		// first heap).
		f.byLeader++
		f.own.n0 = -1
		e.blk = f.own
		return
	}
	f.byVerifier++
	if t.compact {
		// The near rare heaps rare[lo:far], partners below n, checked; a table of the leader's
		// own for the heaps' own marks.
		c := f.mine
		c.begin(n)
		c.lo, c.hi, c.mid = append(c.lo, t.lo...), append(c.hi, t.hi...), append(c.mid, t.mid...)
		c.partial, c.compact = true, true
		c.cand, c.hit = t.cand, t.hit
		for k, i := range e.splits {
			if lo, x := c.lo[k], min(f.far, c.mid[k]); x > lo {
				checkBlock(&c.cand, &c.hit, e.g[:n], n-i, f.rare[lo:x], f.rv[lo:x])
			}
		}
		e.checked++
		f.compact++
		e.blk = c
		return
	}
	// The near rare heaps: rare[lo:far], partners below n.
	for k, i := range e.splits {
		lo, hi := t.lo[k], t.hi[k]
		if x := min(f.far, hi); x > lo {
			markBlock(&t.marks, t.gen, e.g[:n], n-i, f.rare[lo:x], f.rv[lo:x])
		}
	}
	e.blk = t
}
