package octal

import (
	"fmt"
	"sync/atomic"
	"unsafe"
)

// A window on the values: how a long sparse run keeps its values in less than two bytes a heap.
//
// The sparse step of heap n reads, besides values near n, the partners g(m−r) of the rare heaps
// r (m = n−i for the split digits i): while the rare heaps lie below L, they are the values of
// the last L heaps. The target search reads g(a) for small a and g(m−a) near n. Only deep
// target searches (a new rare heap scans every split), the method's reconsideration, and the
// final readers (Result, checkpoints, apparent periods, statistics) read the middle of the array.
//
// So an engine of uint16 values for a code whose period no theorem can prove (Grundy's game:
// the period detector would read the whole array) maps its array (mapping_linux.go) and, past
// heap w.from, keeps every value in a packed store (packed.go: 8 or 9 bits a heap for Grundy's
// game) and only two stretches of the array resident: a prefix [0, head) and a tail [base, n).
// The pages in between are handed back to the OS and made inaccessible, so a reader that missed
// the store faults instead of reading a wrong value. The kernels run unchanged on the array; the
// target search leaves the resident stretches for a slower loop over the store (scanFar); the
// rest reads through forValues or at.
//
// The stretches are chosen at exact points (slide: between the run's blocks of heaps, and while
// a checkpoint is replayed): every rare heap r is served either by the tail (base ≤ n−r−margin)
// or by the prefix (head ≥ n−r+margin+chunk, for a rare heap far from the others, found late),
// whichever split of the rare list keeps fewer values resident. The run computes at most
// w.chunk heaps between two slides, so a rare heap found among them is served by the prefix.
// When the sparse step no longer fits the window (the method changes, or values reach
// 2^targetBits and the common splits are scanned), every value is restored (unwindow).

const (
	windowFrom = 1 << 25 // the window opens at this heap (below, the array is small anyway)
	windowHead = 1 << 24 // the prefix kept resident at least (the target search's first splits)
	// windowOverhead is the memory counted for the resident stretches besides the store: the
	// prefix and a tail of up to about 100 million heaps (Grundy's game's last rare heap is at
	// 48,399,022). A window that needs more is refused when it does (slide).
	windowOverhead = 256 << 20
	// windowBits is the bits a value counted for a code whose values may be windowed, once they
	// pass a byte: the store packs values below 2^targetBits (the window's limit) in at most 10.
	windowBits = targetBits
)

// window is the state of an engine's mapped values array (see above).
type window struct {
	mem   []byte  // the mapping
	from  int     // the window opens at this heap
	head  int     // values below head are resident; at least minHead
	base  int     // values [head, base) are released (base ≤ head: none)
	chunk int     // the run computes at most this many heaps between two slides
	unit  int     // the store takes whole runs of unit values (segLen, fewer in tests)
	store *packed // values [0, store.Len()), store.Len() ≥ base; nil when no value is released

	minHead  int
	maxBytes int64 // the memory budget (0: none), and the heap asked for
	limit    int
	test     windowOptions

	// For tests: the most values released at once, and the splits read by scanFar.
	peak    int
	farRead atomic.Int64
}

// windowOptions are the test knobs of a window (0: the defaults).
type windowOptions struct {
	from, head, unit int
	force            bool // windows for provable codes too (the run must KeepGoing: no period is proved)
	remask           int  // reconsider within this many heaps of each slide, rebuilding the rare list
	closeAt          int  // from this heap on, the marking scan instead of the target search (the window closes)
}

// newWindow maps an array for capacity values when the code's runs may be windowed and the run
// may reach the window; it returns nil (the caller makes an ordinary array) otherwise.
func newWindow(c Code, capacity, limit int, maxBytes int64, wo windowOptions) ([]uint16, *window) {
	w := &window{from: windowFrom, minHead: windowHead, unit: segLen, maxBytes: maxBytes, limit: limit, test: wo}
	if wo.from > 0 {
		w.from = wo.from
	}
	if wo.head > 0 {
		w.minHead = wo.head
	}
	if wo.unit > 0 {
		w.unit = wo.unit
	}
	// The target search's reversed copy of the first values is made from the array.
	w.minHead = (max(w.minHead, lowLen) + pageValues - 1) / pageValues * pageValues
	w.chunk = w.minHead / 4
	if !(windowable(c) || wo.force) || capacity <= w.from {
		return nil, nil
	}
	g, mem, ok := mapValues(capacity)
	if !ok {
		return nil, nil
	}
	w.mem, w.head, w.base = mem, w.minHead, w.minHead
	return g[:0], w
}

// windowable reports whether runs of c may keep their values in a window: codes of two-heap
// splits whose periods no theorem proves (the period detector reads the whole array).
func windowable(c Code) bool {
	return !c.Provable() && c.MaxHeaps() == 2
}

// released reports whether some values are not in the array.
func (w *window) released() bool { return w != nil && w.base > w.head }

// at returns g(i), i < len(g).
func (w *window) at(g []uint16, i int) uint16 {
	if i < w.head || i >= w.base {
		return g[i]
	}
	return w.store.at(i)
}

// read puts g(lo), …, g(lo+len(dst)−1) in dst.
func (w *window) read(g []uint16, lo int, dst []uint16) {
	hi := lo + len(dst)
	for lo < hi {
		switch {
		case lo < w.head || lo >= w.base:
			end := hi
			if lo < w.head {
				end = min(hi, w.head)
			}
			k := copy(dst, g[lo:end])
			dst, lo = dst[k:], lo+k
		default:
			k := min(hi, w.base) - lo
			w.store.decode(lo, dst[:k])
			dst, lo = dst[k:], lo+k
		}
	}
}

// hot returns the largest a ≤ h such that the splits 1 … a of m (g(a) and g(m−a)) are all in
// the array.
func (w *window) hot(m, h int) int {
	if !w.released() {
		return h
	}
	return max(0, min(h, w.head-1, m-w.base))
}

// scanFar is scanTargets for the splits a = lo … h of m, read through the window: the values of
// 4,096 splits at a time are copied or decoded into a buffer laid out as the array of a heap whose
// first splits they are, which the target search scans as it scans the array (a heap whose search
// fails — a new rare heap, and the heaps around it, as Grundy's game's last rare heaps near
// 4.7·10^7 — reads half the sequence this way).
func (w *window) scanFar(g []uint16, m, lo, h int, t *targetSet, cnt int) (left, pairs int) {
	return w.scanFarWith(targetsOp.Pick(), g, m, lo, h, t, cnt)
}

// scanFarWith is scanFar with the target kernel k (scanGo: one split at a time).
func (w *window) scanFarWith(k int, g []uint16, m, lo, h int, t *targetSet, cnt int) (left, pairs int) {
	const blk = 4096
	var buf [2*blk + 1]uint16
	for a := lo; a <= h; a += blk {
		n := min(blk, h-a+1)
		w.farRead.Add(int64(n))
		// buf[1+j] = g(a+j) and buf[1+n+i] = g(m−a−n+1+i): split 1+j of heap 2n+1 in buf is
		// split a+j of m, for j < n.
		w.read(g, a, buf[1:1+n])
		w.read(g, m-a-n+1, buf[1+n:1+2*n])
		l, p := scanTargetsWith(k, buf[:1+2*n], nil, 2*n+1, n, t, cnt)
		if pairs += p; l == 0 {
			return 0, pairs
		}
		cnt = l
	}
	return cnt, pairs
}

// far returns the engine's window when values are released from its array (nil otherwise).
func (e *engine[T]) far() *window {
	if e.win.released() {
		return e.win
	}
	return nil
}

// at returns g(i), i < len(e.g), wherever it is.
func (e *engine[T]) at(i int) uint32 {
	if e.win.released() {
		return uint32(e.win.at(any(e.g).([]uint16), i))
	}
	return uint32(e.g[i])
}

// forValues calls f with g(lo), …, g(hi−1) in order, in pieces (f must not keep its slice).
func (e *engine[T]) forValues(lo, hi int, f func(lo int, v []T)) {
	w := e.win
	if !w.released() || hi <= w.head || lo >= w.base {
		f(lo, e.g[lo:hi])
		return
	}
	if lo < w.head {
		f(lo, e.g[lo:w.head])
		lo = w.head
	}
	w.store.chunks(lo, min(hi, w.base), func(i int, v []uint16) bool {
		f(i, any(v).([]T))
		return true
	})
	if hi > w.base {
		f(w.base, e.g[w.base:hi])
	}
}

// stepFits reports whether the sparse step of the heaps to come reads only what the window
// keeps (the same conditions as the speculation's).
func (e *engine[T]) stepFits() bool {
	return e.mode == MethodSparse && (e.unequal || e.vbits > 6 || e.no64) &&
		e.vbits <= targetBits && !e.noTargets
}

// slide brings the window up to date at an exact point: the store takes the values, and the
// resident stretches move to what the rare heaps need for the next w.chunk heaps.
func (e *engine[T]) slide() error {
	w := e.win
	if w == nil {
		return nil
	}
	g := any(e.g).([]uint16)
	n := len(g)
	if n > 0 && unsafe.Pointer(&g[0]) != unsafe.Pointer(unsafe.SliceData(w.mem)) {
		return fmt.Errorf("octal: internal error: the values array left its mapping")
	}
	if n < w.from {
		return nil
	}
	if w.test.closeAt > 0 && n >= w.test.closeAt {
		e.noTargets = true // tests: the step reads every value
	}
	if w.test.remask > 0 && e.nextEval > n+w.test.remask {
		e.nextEval = n + w.test.remask // tests: reconsider with values released
	}
	if !e.stepFits() {
		return e.unwindow()
	}
	if w.store == nil {
		w.store = &packed{}
	}
	if top := n / w.unit * w.unit; top > w.store.Len() {
		w.store.appendValues(g[w.store.Len():top])
	}
	// The sparse step reads the rare heaps' values from rareVal, filled from the array as rare
	// heaps come: fill it now, while they are there.
	for k := len(e.rareVal); k < len(e.rare); k++ {
		e.rareVal = append(e.rareVal, uint16(e.at(int(e.rare[k]))))
	}
	// Choose which rare heaps the prefix serves: rare[k:], the rest by the tail.
	margin := len(e.takeAll) + 2*blockRows + 64
	rare := e.rare
	head, tail := 0, 0
	for k := len(rare); k >= 0; k-- {
		h := w.minHead
		if k < len(rare) {
			h = max(h, n-int(rare[k])+w.chunk+margin)
		}
		t := margin
		if k > 0 {
			t += int(rare[k-1])
		}
		if k == len(rare) || h+t < head+tail {
			head, tail = h, t
		}
	}
	head = (head + pageValues - 1) / pageValues * pageValues
	base := min(n-tail, w.store.Len()) / pageValues * pageValues
	base = max(base, head)
	if w.maxBytes > 0 {
		need := w.store.bytes() + 2*int64(head+n+w.chunk-base) + memOverhead
		if need > w.maxBytes {
			return &LimitError{To: w.limit, Need: need, MaxBytes: w.maxBytes, MaxTo: n - 1, Width: 2, WidenedAt: n,
				Why: fmt.Sprintf("the rare heaps need %d heaps' values at two bytes", head+n-base)}
		}
	}
	if err := w.move(g, head, base); err != nil {
		return fmt.Errorf("octal: moving the window: %w", err)
	}
	return nil
}

// move makes [head, base) the released values: those no longer released are restored from the
// store, the newly released ones handed back.
func (w *window) move(g []uint16, head, base int) error {
	h0, b0 := w.head, w.base
	// Restore [h0, b0) \ [head, base), then release [head, base) \ [h0, b0).
	for _, r := range [][2]int{{h0, min(b0, head)}, {max(h0, base), b0}} {
		if r[0] < r[1] {
			if err := restoreValues(w.mem, r[0], r[1]); err != nil {
				return err
			}
			w.store.decode(r[0], g[r[0]:r[1]])
		}
	}
	if b0 <= h0 {
		h0, b0 = base, base // nothing was released
	}
	for _, r := range [][2]int{{head, min(base, h0)}, {max(head, b0), base}} {
		if r[0] < r[1] {
			if err := releaseValues(w.mem, r[0], r[1]); err != nil {
				return err
			}
		}
	}
	w.head, w.base = head, base
	w.peak = max(w.peak, base-head)
	return nil
}

// unwindow restores every value to the array (the method left the window's conditions).
func (e *engine[T]) unwindow() error {
	w := e.win
	if !w.released() {
		return nil
	}
	g := any(e.g).([]uint16)
	if n := len(g); w.maxBytes > 0 && 2*int64(n)+memOverhead > w.maxBytes {
		return &LimitError{To: w.limit, Need: 2*int64(w.limit+1) + memOverhead, MaxBytes: w.maxBytes,
			MaxTo: n - 1, Width: 2, WidenedAt: n, Why: "the sparse step leaves the window (it reads every value)"}
	}
	if err := w.move(g, w.head, w.head); err != nil {
		return fmt.Errorf("octal: closing the window: %w", err)
	}
	w.store = nil
	return nil
}

// flush returns the values g(0), …, g(len(g)−1) of a windowed engine as a packed store that
// stays as it is (the array's mapping ends with the run).
func (e *engine[T]) flush() *packed {
	w := e.win
	g := any(e.g).([]uint16)
	if w.store == nil {
		w.store = &packed{}
	}
	if w.store.Len() > len(g) {
		w.store.truncate(len(g))
	}
	w.store.appendValues(g[w.store.Len():])
	return w.store.snapshot()
}

// adopt makes the first n values of a packed checkpoint the window's store, so that a resumed
// run does not pack them a second time (the checkpoint shares them).
func (w *window) adopt(p *packed, n int) {
	if w != nil && w.store == nil && p != nil {
		s := p.snapshot()
		s.truncate(min(n, s.Len()))
		w.store = s
	}
}

// close ends the mapping.
func (w *window) close() {
	if w != nil && w.mem != nil {
		unmapValues(w.mem)
		w.mem = nil
	}
}
