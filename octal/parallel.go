package octal

import (
	"runtime"
	"sync/atomic"
	"time"
)

// parallelPairs is the number of two-heap splits of one heap from which the quadratic loop shares
// the heap's splits with a second core (below it, handing work over costs more than it saves).
const parallelPairs = 1 << 14

// helper is a second goroutine that marks half of a heap's splits into a marks table of its own.
// Work is handed over through atomics, not channels: a heap's half takes some 10 µs, about what
// waking a parked goroutine costs. The helper spins while work keeps coming and backs off to
// sleeping when it does not (after the quadratic phase of a run, say).
type helper struct {
	stamp   []uint32
	job     func()        // written before seq is bumped
	seq     atomic.Uint64 // jobs posted
	claimed atomic.Uint64 // jobs taken, by the helper or back by the poster
	done    atomic.Uint64 // jobs finished by the helper
	quit    atomic.Bool
}

func newHelper(size int) *helper {
	h := &helper{stamp: make([]uint32, size)}
	go func() {
		var seen uint64
		for idle := 0; !h.quit.Load(); idle++ {
			if s := h.seq.Load(); s != seen {
				seen = s
				if h.claimed.CompareAndSwap(s-1, s) {
					h.job()
					h.done.Store(s)
				}
				idle = 0
				continue
			}
			switch {
			case idle < 1<<12:
			case idle < 1<<16:
				runtime.Gosched()
			default:
				time.Sleep(50 * time.Microsecond)
			}
		}
	}()
	return h
}

// do runs f on the helper while the caller runs mine, and returns when both are done. If the
// helper has not started f when mine is done (it is descheduled, on a loaded machine), the caller
// takes f back and runs it itself rather than wait.
func (h *helper) do(f, mine func()) {
	h.job = f
	s := h.seq.Add(1)
	mine()
	if h.claimed.CompareAndSwap(s-1, s) {
		f()
		return
	}
	for spin := 0; h.done.Load() != s; spin++ {
		if spin > 1<<10 {
			runtime.Gosched()
		}
	}
}

func (h *helper) close() { h.quit.Store(true) }

// markRange marks g(a)^g(m−a) for lo ≤ a ≤ hi.
func markRange[T value](st []uint32, gen uint32, g []T, m, lo, hi int) {
	if hi < lo {
		return
	}
	l := g[lo : hi+1]
	r := g[m-hi : m-lo+1] // r[len−1−j] pairs with l[j]
	switch l := any(l).(type) {
	case []uint8:
		markRangeNarrow(st, gen, l, any(r).([]uint8))
	case []uint16:
		markRangeNarrow(st, gen, l, any(r).([]uint16))
	default:
		l32, r32 := any(l).([]uint32), any(r).([]uint32)
		j := len(r32) - 1
		for _, x := range l32 {
			st[x^r32[j]] = gen
			j--
		}
	}
}

// markRangeNarrow marks l[j]^r[len(r)−1−j] for every j, values of a narrow type.
func markRangeNarrow[T narrow](st []uint32, gen uint32, l, r []T) {
	s := (*[1 << 17]uint32)(st[:1<<17])
	// Chunks of 16 through array pointers: no bounds checks in the loop.
	for len(l) >= 16 {
		lc := (*[16]T)(l[:16])
		rc := (*[16]T)(r[len(r)-16:])
		for j := 0; j < 16; j += 4 {
			s[lc[j]^rc[15-j]] = gen
			s[lc[j+1]^rc[14-j]] = gen
			s[lc[j+2]^rc[13-j]] = gen
			s[lc[j+3]^rc[12-j]] = gen
		}
		l, r = l[16:], r[:len(r)-16]
	}
	j := len(r) - 1
	for _, x := range l {
		s[x^r[j]] = gen
		j--
	}
}

// quadraticStep marks every split of heap n, on two cores when the heap is large enough, and
// returns the mex (the one-heap options are already marked in e.stamp).
func (e *engine[T]) quadraticStep(n int) uint32 {
	total := 0
	for _, i := range e.splits {
		if m := n - i; m >= 2 {
			total += e.half(m)
		}
	}
	e.pairEvals += uint64(total)
	if total < e.parAt || runtime.GOMAXPROCS(0) < 2 {
		for _, i := range e.splits {
			if m := n - i; m >= 2 {
				markRange(e.stamp, e.gen, e.g, m, 1, e.half(m))
			}
		}
		return e.mexFrom(0)
	}
	if e.help == nil || len(e.help.stamp) != len(e.stamp) {
		if e.help != nil {
			e.help.close()
		}
		e.help = newHelper(len(e.stamp))
	}
	h, g, gen := e.help, e.g, e.gen
	h.do(func() {
		for _, i := range e.splits {
			if m := n - i; m >= 2 {
				hm := e.half(m)
				markRange(h.stamp, gen, g, m, hm/2+1, hm)
			}
		}
	}, func() {
		for _, i := range e.splits {
			if m := n - i; m >= 2 {
				markRange(e.stamp, gen, g, m, 1, e.half(m)/2)
			}
		}
	})
	v := uint32(0)
	for e.stamp[v] == gen || h.stamp[v] == gen {
		v++
	}
	return v
}

// close stops the engine's helper goroutine, if any.
func (e *engine[T]) close() {
	if e.help != nil {
		e.help.close()
		e.help = nil
	}
}
