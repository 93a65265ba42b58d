package octal

import (
	"context"
	"math"
	"runtime"
	"runtime/pprof"
	"sync"
	"sync/atomic"
	"time"
)

// Several cores on one sequence: speculation.
//
// The sparse step of a heap n has two nearly equal halves. Marking the splits with a rare part
// gives c, the smallest common value they miss; then the target search checks that every
// rare-class value below c that they miss is given by some common+common split (almost always
// so once the rare heaps lie behind). When it is, g(n) = c; otherwise g(n) is the smallest value
// found by none. Heap n+1 needs only g(n), so the engine's goroutine (the leader) marks heap after
// heap and takes g(n) = c at once, leaving the search (the verification) for later; one or more
// verifier goroutines verify the heaps behind it. Verifications are independent of each other (each
// checks its heap given the values before it), so anyone may run any of them: the verifier and,
// when the verifier falls behind or at the end of a stretch, the leader itself, which therefore
// never waits for the verifier. When a verification fails, the values from that heap on are
// recomputed (rolled back): g(n) takes the value the search left, and the heaps after it, computed
// from a wrong g(n), are computed again.
//
// Hand-off: the leader numbers the heaps it speculates with tickets and publishes how far it got
// every specPublish heaps (one atomic store); a verifier claims specChunk tickets at a time with a
// compare-and-swap. The leader stops at quiescent points — every specSpan heaps, before a step
// that changes the method's state (the mask reconsidered, the values widened), and after a failed
// verification — where it verifies what is left, waits for a verifier's chunk in flight, and
// commits or rolls back. Between them nobody waits for anybody.

const (
	specChunk   = 64      // tickets a verifier claims at a time
	specPublish = 16      // the leader publishes its tickets every so many heaps
	specSpan    = 8192    // most heaps speculated between two quiescent points
	specBacklog = 1024    // the leader verifies a chunk itself when more tickets than this wait
	specFrom    = 1 << 12 // the heap from which the engine speculates
	specQuiet   = 1024    // … and only this many heaps past the last rare heap
	// An idle verifier spins 64 times, then yields specYields times, then parks until the leader
	// publishes more. Measured (Officers to 2^20, load 15): 64 yields 2.9 s wall, 1024 yields
	// 6–8 s (the yielding verifier gets the processor less often), one core 9–16 s.
	specYields = 64
)

const noFail = math.MaxInt64

// linePad keeps a field that one core writes and others poll on a cache line of its own: one
// before it and one after, whatever the alignment of the struct around it (padding that assumes
// a line-aligned struct fails once that struct is a field of another). On the 16 cores of an
// Intel Xeon every write to a line that seven verifiers poll makes the writer wait for it.
type linePad [64]byte

// speculator runs the sparse step of an engine holding uint16 values on two goroutines.
type speculator struct {
	e *engine[uint16]

	// Shared between the leader and the verifier; each on a cache line of its own.
	_         linePad
	published atomic.Int64 // tickets below this are published
	_         linePad
	next      atomic.Int64 // tickets below this are claimed
	_         linePad
	fail      atomic.Int64 // the smallest ticket whose verification failed (noFail: none)
	_         linePad
	busy      atomic.Int32 // verifiers claiming or verifying
	quit      atomic.Bool
	_         linePad
	vs        []verifierState // one per verifier goroutine

	// Written by the leader at quiescent points only, read by whoever holds a claim.
	g       []uint16 // the values array (its whole capacity: the leader appends in place)
	base    int64    // the ticket of heap heap0: ticket t is heap heap0 + t − base
	heap0   int
	maxVal0 uint16   // e.maxVal at heap0, for a roll-back
	rev     []uint16 // e.low at heap0 (the target search's reversed copy of the first values)
	runs    *runScan // the runs the stretch's target searches take first (nil: none)
	win     *window  // e.far() at heap0: the packed store, when values were released

	// Per ticket t, at index t − base: written by the leader before t is published, read by the
	// claimer of t.
	targets []targetSet
	cnt     []uint16 // number of targets (0: the value is exact given the values before it)
	// Per ticket, written by the claimer of t, read by the leader at a quiescent point.
	pairs []uint64 // splits looked at
	low   []uint16 // on a failure: the value of the heap

	// The leader's own, written every heap: away from what the verifiers read.
	_       linePad
	words   []uint8          // per ticket: targets[t−base] may be non-zero in its first words[t−base] words only
	count   int              // tickets of the current stretch (heaps heap0 … heap0+count−1)
	from    int              // speculate from this heap on
	quiet   int              // … this many heaps past the last rare heap
	lie     func(n int) bool // tests: speculate a wrong value at heap n
	lied    int
	running sync.WaitGroup // the verifier goroutines, once started
	started bool
	// Statistics (leader only): tickets, failed verifications, chunks the leader verified.
	tickets, rollbacks, stolen int
	quiesces                   int
	waited                     time.Duration // in quiescent points, for a verifier's chunk

	far farState // the far marks of blocks, marked ahead (specblocks.go)
}

// verifierState is one verifier goroutine's parking place, on a cache line of its own.
type verifierState struct {
	parked atomic.Bool // the verifier waits on wake
	wake   chan struct{}
	_      linePad
}

// newSpeculator returns a speculator for e with the given number of verifier goroutines (at
// least one); its tables and its verifiers come with the first heap speculated. With more than
// one verifier the far marks are made ahead (farMarks applies to one verifier only).
func newSpeculator(e *engine[uint16], verifiers int) *speculator {
	verifiers = max(verifiers, 1)
	s := &speculator{e: e, from: specFrom, quiet: specQuiet, vs: make([]verifierState, verifiers)}
	for i := range s.vs {
		s.vs[i].wake = make(chan struct{}, 1)
	}
	s.fail.Store(noFail)
	s.far.next.Store(farOff)
	s.far.enabled = farMarks || verifiers > 1
	return s
}

// stop ends the verifier goroutines (the stretch in progress, if any, must be committed first).
func (s *speculator) stop() {
	if s.started {
		s.quit.Store(true)
		for i := range s.vs {
			s.vs[i].wakeUp()
		}
		s.running.Wait()
		s.started = false
		s.quit.Store(false)
	}
}

// canSpeculate: heap n is computed by stepSparse16 with the target search, the method's state
// will not change at it, and the last rare heap (a failed verification, had it been speculated)
// lies s.quiet heaps behind: where rare heaps are frequent, roll-backs would cost more than
// speculation saves.
func (s *speculator) canSpeculate(n int) bool {
	e := s.e
	if n < s.from || len(e.rare) > 0 && n-int(e.rare[len(e.rare)-1]) <= s.quiet {
		return false
	}
	return e.mode == MethodSparse && (e.unequal || e.vbits > 6 || e.no64) &&
		e.vbits <= targetBits && !e.noTargets && (e.nextEval == 0 || n < e.nextEval)
}

// advance computes heaps until len(e.g) == end, exactly as e.step would; cap(e.g) ≥ end.
func (s *speculator) advance(end int) error {
	for {
		if err := s.produce(end); err != nil {
			return err
		}
		if !s.quiesce() {
			return nil
		}
	}
}

// produce computes heaps until len(e.g) == end, speculating where it can; the last stretch is
// left open.
func (s *speculator) produce(end int) error {
	e := s.e
	for len(e.g) < end {
		n := len(e.g)
		// A stretch ends where the target search starts taking the runs (their choice reads
		// committed values; a stretch takes them for all its heaps or none).
		if s.count > 0 && (s.fail.Load() != noFail || s.count == specSpan || n == e.runFrom) {
			s.quiesce()
			continue
		}
		if !s.canSpeculate(n) {
			s.quiesce()
			if err := e.step(); err != nil {
				return err
			}
			continue
		}
		if s.count == 0 {
			s.begin()
		}
		if s.far.on && (n-s.heap0)%blockRows == 0 {
			s.farEnter(n)
		}
		e.nextGen()
		e.markSimple(n)
		v := markRareSplits16(e, n)
		j := s.count
		if e.common[v] {
			if uint64(v) >= 1<<e.vbits {
				// v widens the tables: push it from exact values.
				if !s.quiesce() {
					if err := e.push(v); err != nil {
						return err
					}
				}
				continue
			}
			s.cnt[j] = 0
			s.push(v)
			continue
		}
		// Only the words that may hold targets are cleared and written: the rest of the set
		// stays in the verifiers' caches as it is (zero), with no cache line taken from them.
		t := &s.targets[j]
		clear(t[:s.words[j]])
		c, cnt := e.missing(v, t)
		s.words[j] = uint8(targetWords(int(c)))
		if uint64(c) >= 1<<e.vbits {
			// The value may widen the tables: compute it exactly, from exact values.
			if !s.quiesce() {
				if err := e.push(e.scanSplits(n, c, t, cnt)); err != nil {
					return err
				}
			}
			continue
		}
		s.cnt[j] = uint16(cnt)
		if s.lie != nil && n > s.lied && s.lie(n) {
			s.lied = n // once a heap: its recomputation after the roll-back tells the truth
			// Tests: speculate a wrong value, whose verification will fail with the true one.
			x, pairs := findTargets(e.g[:n], e.low, e.far(), s.runs, e.splits, e.unequal, n, c, t, cnt)
			s.cnt[j] = math.MaxUint16
			s.low[j], s.pairs[j] = uint16(x), pairs
			c = x ^ 1
		}
		s.push(c)
		if backlog := s.base + int64(s.count) - s.next.Load(); backlog > specBacklog {
			s.verifyOne()
		}
	}
	return nil
}

// begin starts a stretch of speculation at heap len(e.g).
func (s *speculator) begin() {
	e := s.e
	s.g = e.g[:cap(e.g)]
	s.heap0 = len(e.g)
	s.maxVal0 = e.maxVal
	s.rev = e.low
	s.runs = e.runsAt(s.heap0)
	s.win = e.far() // the window slides between stretches only
	if !s.started {
		if s.targets == nil {
			s.targets = make([]targetSet, specSpan)
			s.cnt = make([]uint16, specSpan)
			s.pairs = make([]uint64, specSpan)
			s.low = make([]uint16, specSpan)
			s.words = make([]uint8, specSpan)
		}
		s.started = true
		s.running.Add(len(s.vs))
		for i := range s.vs {
			go s.verifier(&s.vs[i])
		}
	}
	s.farBegin()
}

// push appends v, speculated (or exact given the values before it), as the next ticket's value.
func (s *speculator) push(v uint32) {
	e := s.e
	e.g = append(e.g, uint16(v))
	e.maxVal = max(e.maxVal, uint16(v))
	s.count++
	s.tickets++
	if s.count%specPublish == 0 {
		s.farPublish()
		s.published.Store(s.base + int64(s.count))
		s.unpark()
	}
}

// claim takes up to specChunk published tickets, not past a failed one.
func (s *speculator) claim() (lo, hi int64, ok bool) {
	for {
		n, p := s.next.Load(), s.published.Load()
		if n >= p || n > s.fail.Load() {
			return 0, 0, false
		}
		hi := min(n+specChunk, p)
		if s.next.CompareAndSwap(n, hi) {
			return n, hi, true
		}
	}
}

// verify runs the verifications of tickets lo … hi−1, up to a failed one: the tickets past a
// failure are rolled back unverified (their values came from a wrong one, and their searches
// mostly fail too, each reading every split of its heap).
func (s *speculator) verify(lo, hi int64) {
	e := s.e
	for t := lo; t < hi; t++ {
		if t > s.fail.Load() {
			return
		}
		j := int(t - s.base)
		cnt := s.cnt[j]
		if cnt == 0 {
			s.pairs[j] = 0
			continue
		}
		if cnt == math.MaxUint16 { // a lie (tests): its true value is in low
			s.failAt(t)
			continue
		}
		n := s.heap0 + j
		c := uint32(s.g[n])
		x, pairs := findTargets(s.g[:n], s.rev, s.win, s.runs, e.splits, e.unequal, n, c, &s.targets[j], int(cnt))
		s.pairs[j] = pairs
		if x != c {
			s.low[j] = uint16(x)
			s.failAt(t)
		}
	}
}

// failAt records that ticket t failed.
func (s *speculator) failAt(t int64) {
	for {
		f := s.fail.Load()
		if f <= t || s.fail.CompareAndSwap(f, t) {
			return
		}
	}
}

// verifyOne verifies a chunk on the leader's goroutine, if one is there to claim.
func (s *speculator) verifyOne() bool {
	lo, hi, ok := s.claim()
	if ok {
		s.verify(lo, hi)
		s.stolen++
	}
	return ok
}

// verifier is a verifier goroutine (v its parking place): it claims and verifies chunks; when
// there are none it spins a little, then yields, then parks until the leader publishes more.
func (s *speculator) verifier(v *verifierState) {
	defer s.running.Done()
	// Profiles tell the verifier's samples by the label octal=verifier (the leader's have none
	// of their own): go tool pprof -tagfocus octal=verifier (or -tagignore).
	pprof.SetGoroutineLabels(pprof.WithLabels(context.Background(), pprof.Labels("octal", "verifier")))

	idle := 0
	for !s.quit.Load() {
		// Look before claiming: busy is set only when there is a chunk to take, so that a
		// verifier descheduled between two looks holds up no quiescent point.
		if s.farClaimable() || s.claimable() {
			s.busy.Add(1)
			// The far marks first: the leader needs them at its next blocks.
			if b, ok := s.farClaim(); ok {
				s.helpers()
				s.farMark(b)
				s.busy.Add(-1)
				idle = 0
				continue
			}
			lo, hi, ok := s.claim()
			if ok {
				s.helpers()
				s.verify(lo, hi)
			}
			s.busy.Add(-1)
			if ok {
				idle = 0
				continue
			}
		}
		switch idle++; {
		case idle < 64:
		case idle < 64+specYields:
			runtime.Gosched()
		default:
			v.parked.Store(true)
			if s.farClaimable() || s.claimable() || s.quit.Load() {
				v.parked.Store(false)
				continue
			}
			<-v.wake
			idle = 0
		}
	}
}

// helpers wakes another verifier when work is left after a claim (the leader wakes only one).
func (s *speculator) helpers() {
	if len(s.vs) > 1 && (s.farClaimable() || s.claimable()) {
		s.unpark()
	}
}

// claimable: a chunk is there to claim.
func (s *speculator) claimable() bool {
	n := s.next.Load()
	return n < s.published.Load() && n <= s.fail.Load()
}

// unpark wakes one parked verifier, if one is parked (after tickets were published, or by a
// verifier that leaves work behind it): waking them all for 16 tickets would make each wake-up a
// system call on the leader's thread, for verifiers that mostly find nothing left to claim.
func (s *speculator) unpark() {
	for i := range s.vs {
		v := &s.vs[i]
		if v.parked.Load() && v.parked.CompareAndSwap(true, false) {
			v.wakeUp()
			return
		}
	}
}

// wakeUp lets the verifier past its wait on wake, now or at its next (a token is left when it is
// not waiting).
func (v *verifierState) wakeUp() {
	select {
	case v.wake <- struct{}{}:
	default:
	}
}

// quiesce ends the current stretch: every ticket is verified (by the leader if need be), and
// the stretch is committed, or rolled back to its first failed heap. It reports a roll-back.
func (s *speculator) quiesce() bool {
	s.farStop()
	if s.count == 0 {
		return false
	}
	e := s.e
	end := s.base + int64(s.count)
	s.published.Store(end)
	for s.verifyOne() {
	}
	// Nothing is left to claim (all claimed, or past a failure: nobody claims past one). Cancel
	// the tickets past a failure, then wait for a chunk in flight.
	s.next.Store(end)
	w0 := time.Now()
	for spin := 0; s.busy.Load() != 0; spin++ {
		if spin > 64 {
			runtime.Gosched()
		}
	}
	s.waited += time.Since(w0)
	s.quiesces++
	f := s.fail.Load()
	rolled := f != noFail
	keep := s.count // tickets committed
	if rolled {
		keep = int(f - s.base)
	}
	for j := 0; j < keep; j++ {
		e.pairEvals += s.pairs[j]
	}
	if rolled {
		n := s.heap0 + keep
		e.pairEvals += s.pairs[keep]
		e.g = e.g[:n]
		e.maxVal = s.maxVal0
		for _, v := range e.g[s.heap0:] {
			e.maxVal = max(e.maxVal, v)
		}
		s.rollbacks++
		// A failed heap's value is rare-class and below the stretch's 2^vbits: push keeps the
		// rare list and cannot widen.
		if err := e.push(uint32(s.low[keep])); err != nil {
			panic("octal: a rolled-back value widened the tables: " + err.Error())
		}
		s.fail.Store(noFail)
	}
	// The next stretch starts with ticket end (none claimable yet: next = published = end).
	s.base = end
	s.count = 0
	return rolled
}
