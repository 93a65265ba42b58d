package octal

import "runtime"

// parallelPairs is the number of two-heap splits of one heap from which the quadratic loop shares
// the heap's splits with a second core (below it, handing work over costs more than it saves).
const parallelPairs = 1 << 14

// helper is a second goroutine that marks half of a heap's splits into a marks table of its own.
type helper struct {
	work  chan func()
	done  chan struct{}
	stamp []uint32
}

func newHelper(size int) *helper {
	h := &helper{work: make(chan func()), done: make(chan struct{}), stamp: make([]uint32, size)}
	go func() {
		for f := range h.work {
			f()
			h.done <- struct{}{}
		}
	}()
	return h
}

func (h *helper) close() { close(h.work) }

// markRange marks g(a)^g(m−a) for lo ≤ a ≤ hi.
func markRange[T value](st []uint32, gen uint32, g []T, m, lo, hi int) {
	if hi < lo {
		return
	}
	l := g[lo : hi+1]
	r := g[m-hi : m-lo+1] // r[len−1−j] pairs with l[j]
	switch l := any(l).(type) {
	case []uint16:
		r := any(r).([]uint16)
		st := (*[1 << 17]uint32)(st[:1<<17])
		j := len(r) - 1
		for _, x := range l {
			st[x^r[j]] = gen
			j--
		}
	default:
		l32, r32 := any(l).([]uint32), any(r).([]uint32)
		j := len(r32) - 1
		for _, x := range l32 {
			st[x^r32[j]] = gen
			j--
		}
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
	h.work <- func() {
		for _, i := range e.splits {
			if m := n - i; m >= 2 {
				hm := e.half(m)
				markRange(h.stamp, gen, g, m, hm/2+1, hm)
			}
		}
	}
	for _, i := range e.splits {
		if m := n - i; m >= 2 {
			markRange(e.stamp, gen, g, m, 1, e.half(m)/2)
		}
	}
	<-h.done
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
