package octal

import (
	"context"
	"errors"
	"fmt"
	"math"
	"runtime"
	"runtime/debug"
	"time"
)

// Options tells Compute how far to go and what to report along the way. The zero Options is not
// usable: set To or MaxBytes.
type Options struct {
	// To is the largest heap to compute. Computing stops earlier once the periodicity theorem
	// proves a period (unless KeepGoing). 0 means: until a period is proved or the memory budget
	// MaxBytes is used up.
	To int
	// KeepGoing computes all the way to To even after a period is proved.
	KeepGoing bool
	// MaxBytes is the memory budget for the values and the method's tables; Compute refuses a
	// request that would exceed it with a *LimitError. 0 means no budget (To must then be set).
	// Without To, the values array grows by doubling and at most two thirds of the budget hold
	// values. Values are stored as bytes while they fit (BytesPerValue); when one passes 255 the
	// array is widened to two bytes a value (and past 65535 to four), which takes twice the
	// memory: with To, a run that no longer fits then stops with a *LimitError (and the values
	// so far); without To, it stops at the heap the budget holds at the new width.
	MaxBytes int64
	// Method forces a method: "" chooses automatically; MethodQuadratic turns the sparse method
	// off; MethodReference runs the O(n²) definition (values only, no checkpoints).
	Method string
	// Resume continues from a checkpoint of the same code.
	Resume *Checkpoint
	// Progress, if set, is called now and then with the number of values computed so far and the
	// target (To+1, or the budget when To is 0), from the goroutine running Compute.
	Progress func(done, target int)
	// Status, if set, is called alongside Progress with what is known of the run's end.
	Status func(Status)
	// Save, if set, is called every SaveEvery (default one minute) with a checkpoint of the values
	// so far; an error from it stops the computation.
	Save      func(*Checkpoint) error
	SaveEvery time.Duration
	// Workers is how many cores the computation may use, at most runtime.GOMAXPROCS: 1 keeps it
	// on one; 0 means DefaultWorkers. With two or more, the quadratic method shares each large
	// heap's splits, and the sparse method speculates with Workers−1 verifiers (see the package
	// documentation, "Several cores"); the values are the same.
	Workers int

	narrowBits uint             // tests: values of more bits than this are stored as uint32 (0: 16)
	byteBits   uint             // tests: values of more bits than this are not stored as bytes (0: 8)
	specFrom   int              // tests: speculate from this heap on, however recent the last rare heap (0: specFrom, specQuiet)
	specLie    func(n int) bool // tests: speculate a wrong value at these heaps
	far        int8             // benchmarks: far marks ahead on (1) or off (−1) (0: on with more than one verifier)
	win        windowOptions    // tests: a window from an earlier heap, smaller, in smaller units
}

// DefaultWorkers is the number of cores a computation uses when Options.Workers is 0 (and
// GOMAXPROCS allows it).
const DefaultWorkers = 2

// workers returns how many cores the computation uses.
func (o *Options) workers() int {
	w := o.Workers
	if w <= 0 {
		w = DefaultWorkers
	}
	return min(w, runtime.GOMAXPROCS(0))
}

// Status tells how a computation stands, for a progress display that says only what is known.
type Status struct {
	// Done is the number of values computed: g(0..Done−1).
	Done int
	// Limit is the number of values the run will not go past: To+1 when LimitIsTo, otherwise
	// the most the memory budget holds. The run may stop well before it (a proof).
	Limit     int
	LimitIsTo bool
	// ProofAt, when not 0, is the number of values at which the candidate period seen so far
	// would be proved, if it holds that long.
	ProofAt int
}

// LimitError reports a request that does not fit the memory budget: before the computation,
// or when the values were widened during the run (WidenedAt, Why) and the wider array would not fit.
type LimitError struct {
	To       int   // the heap asked for
	Need     int64 // bytes it would take
	MaxBytes int64 // the budget
	MaxTo    int   // the largest heap that fits
	// Width is the bytes per value Need counts: 1 unless the values were widened to 2 or 4.
	Width int
	// WidenedAt, when not 0, is the heap at which the run widened its values to Width bytes,
	// and Why says why: a value did not fit, or the method's 16-bit kernels took over.
	WidenedAt int
	Why       string
	packed    bool // Need counts the values packed (windowBits each) and a window of them
}

// Limit names the limit as a request meets it, "max_seq", with the largest heap that fits.
func (e *LimitError) Limit() (name string, max any) { return "max_seq", e.MaxTo }

// Error names the heap, the memory it needs, the limit and the largest heap that fits.
func (e *LimitError) Error() string {
	why := ""
	if e.WidenedAt > 0 {
		why = fmt.Sprintf("at heap %d %s, so values take %d bytes each: ", e.WidenedAt, e.Why, e.Width)
		if e.packed {
			why = fmt.Sprintf("at heap %d %s, so values take up to %d bits each (packed, with a window of them at 2 bytes): ",
				e.WidenedAt, e.Why, windowBits)
		}
	}
	return fmt.Sprintf("%scomputing to heap %d needs about %s, more than the memory limit of %s (the largest heap that fits is %d)",
		why, e.To, fmtBytes(e.Need), fmtBytes(e.MaxBytes), e.MaxTo)
}

func fmtBytes(b int64) string {
	switch {
	case b >= 1<<30:
		return fmt.Sprintf("%.1f GiB", float64(b)/(1<<30))
	case b >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(b)/(1<<20))
	default:
		return fmt.Sprintf("%d bytes", b)
	}
}

// BytesPerValue returns the memory Compute needs per heap for code c while every value fits in
// a byte (values are stored as bytes, then as two bytes once one passes 255, four past 65535;
// three-heap codes also keep a two-heap value set per heap). A long run of a code whose period no
// theorem proves (Grundy's game) keeps its two-byte values packed in at most 10 bits a heap past
// heap 2^25 (its sparse step then reads a window of the values), plus 256 MiB for the window.
func BytesPerValue(c Code) int64 { return bytesPerValue(c, 1) }

func bytesPerValue(c Code, width int) int64 {
	if c.MaxHeaps() == 3 {
		return int64(width) + 8*4 + 24
	}
	return int64(width)
}

// memOverhead is the memory counted for the method's tables besides the values.
const memOverhead = 8 << 20

// memNeed returns the memory counted for the values g(0..to) of c at width bytes a value, and
// whether it counts them packed (a windowed run, window.go).
func memNeed(c Code, to, width int) (int64, bool) {
	n := int64(to) + 1
	plain := n*bytesPerValue(c, width) + memOverhead
	if width == 2 && windowable(c) && canMap && n > windowFrom {
		if p := (n*windowBits+7)/8 + windowOverhead + memOverhead; p < plain {
			return p, true
		}
	}
	return plain, false
}

// MaxTo returns the largest heap whose values fit in maxBytes for code c, values stored as bytes.
func MaxTo(c Code, maxBytes int64) int { return maxTo(c, maxBytes, 1) }

// maxTo returns the largest heap to with memNeed(c, to, width) ≤ maxBytes.
func maxTo(c Code, maxBytes int64, width int) int {
	if maxBytes <= memOverhead {
		return 0
	}
	to := min((maxBytes-memOverhead)/bytesPerValue(c, width)-1, 1<<40)
	if width == 2 && windowable(c) && canMap && maxBytes > memOverhead+windowOverhead {
		if w := (maxBytes-memOverhead-windowOverhead)*8/windowBits - 1; w >= windowFrom {
			to = max(to, min(w, 1<<40))
		}
	}
	return int(to)
}

// Result is what Compute found. Values beyond ComputedTo are available through Value when a
// period is proved.
type Result struct {
	Code       Code
	ComputedTo int // g(0..ComputedTo) were computed
	// Period and Preperiod: g(n+Period) = g(n) for all n ≥ Preperiod (Preperiod is the number of
	// values before the periodic part). Zero when no period was found.
	Period, Preperiod int
	// Proved: the periodicity theorem certifies Period and Preperiod. When false, a non-zero
	// Period is only apparent: it holds over the values computed (for at least three periods).
	Proved   bool
	Method   string // the method in use at the end: MethodSparse, MethodQuadratic, …
	MaxValue uint32
	RareMask uint32 // the sparse method's mask (0 when another method was in use)
	Rare     int    // number of rare positions under RareMask
	// PairEvaluations counts the two-heap options examined (g(a) XOR g(b)), for benchmarks.
	PairEvaluations uint64
	Elapsed         time.Duration

	widen string // why the run stopped with errWiden
	v8    []uint8
	v16   []uint16
	v32   []uint32
	p     *packed // the values of a windowed run (window.go)
	// Tests: the most values a window released at once, and the splits read around it.
	winPeak int
	winFar  int64
}

// Value returns g(n): computed, or deduced from a proved period. ok is false when n is beyond
// ComputedTo and no period is proved.
func (r *Result) Value(n int) (v uint32, ok bool) {
	if n < 0 {
		return 0, false
	}
	if n > r.ComputedTo {
		if !r.Proved || r.Period == 0 {
			return 0, false
		}
		n = r.Preperiod + (n-r.Preperiod)%r.Period
		if n > r.ComputedTo { // cannot happen: the proof needs more values than that
			return 0, false
		}
	}
	switch {
	case r.v8 != nil:
		return uint32(r.v8[n]), true
	case r.v16 != nil:
		return uint32(r.v16[n]), true
	case r.p != nil:
		return uint32(r.p.at(n)), true
	}
	return r.v32[n], true
}

// Checkpoint returns the computed values as a checkpoint (sharing memory with r).
func (r *Result) Checkpoint() *Checkpoint {
	return &Checkpoint{Code: r.Code, v8: r.v8, v16: r.v16, v32: r.v32, p: r.p}
}

// Compute returns the Grundy sequence of c from g(0) up to opt.To, stopping early when the
// periodicity theorem proves a period (see Options). When ctx is cancelled, or opt.Save fails, it
// returns what was computed so far together with the error.
func Compute(ctx context.Context, c Code, opt Options) (*Result, error) {
	start := time.Now()
	if opt.To < 0 {
		return nil, fmt.Errorf("octal: negative heap size %d", opt.To)
	}
	width := 1 // bytes per value at the start: what the checkpoint's values need
	if opt.Resume != nil {
		width = opt.Resume.width()
	}
	limit := opt.To
	if opt.MaxBytes > 0 {
		maxTo := maxTo(c, opt.MaxBytes, width)
		if limit == 0 {
			// Open-ended: the array grows by doubling, and while it is copied the old one
			// is alive too, so only two thirds of the budget can hold values.
			limit = openLimit(c, opt.MaxBytes, width)
		} else if limit > maxTo {
			need, packed := memNeed(c, limit, width)
			return nil, &LimitError{To: limit, Need: need, MaxBytes: opt.MaxBytes, MaxTo: maxTo, Width: width, packed: packed}
		}
	} else if limit == 0 {
		return nil, errors.New("octal: set Options.To or Options.MaxBytes")
	}
	if opt.Resume != nil && opt.Resume.Code != c {
		return nil, fmt.Errorf("octal: the checkpoint is of %v, not %v", opt.Resume.Code, c)
	}
	switch opt.Method {
	case "", MethodQuadratic:
	case MethodReference:
		g, err := Reference(ctx, c, limit)
		r := &Result{Code: c, ComputedTo: len(g) - 1, Method: MethodReference, v32: g}
		for _, v := range g {
			r.MaxValue = max(r.MaxValue, v)
		}
		det := newDetector[uint32](c)
		det.lazy = true
		setPeriod(r, det, g)
		r.Elapsed = time.Since(start)
		return r, err
	default:
		return nil, fmt.Errorf("octal: unknown method %q", opt.Method)
	}
	resumed := 0
	if opt.Resume != nil {
		resumed = min(opt.Resume.Len(), limit+1)
	}
	initial := firstCap(limit, resumed, opt.To == 0)
	// A resumed run replays the checkpoint's values (no further than the limit) through the
	// engine's bookkeeping, so that its state, and the statistics it reports, are those of an
	// uninterrupted run to the same heap. Values are stored as bytes while they fit; when one
	// does not, the values so far are replayed the same way into an array twice as wide.
	res, err := runAs[uint8](ctx, c, limit, initial, &opt, opt.Resume)
	for w := 2; errors.Is(err, errWiden); w *= 2 {
		// The values so far: the run's, or the checkpoint's when the replay stopped in it.
		known := opt.Resume
		if known == nil || res.ComputedTo+1 > known.Len() {
			known = res.Checkpoint()
		}
		at := res.ComputedTo + 1
		if opt.MaxBytes > 0 {
			if opt.To == 0 {
				limit = min(limit, max(openLimit(c, opt.MaxBytes, w), known.Len()-1))
			} else if mt := maxTo(c, opt.MaxBytes, w); limit > mt {
				res.Elapsed = time.Since(start)
				need, packed := memNeed(c, limit, w)
				return res, &LimitError{To: limit, Need: need, MaxBytes: opt.MaxBytes, MaxTo: mt, WidenedAt: at,
					Width: w, Why: res.widen, packed: packed}
			}
		}
		capacity := firstCap(limit, known.Len(), opt.To == 0)
		// Nothing else holds the narrower values (but the caller's checkpoint): they can go
		// once the wider engine has replayed them.
		res = nil
		if w == 2 {
			res, err = runAs[uint16](ctx, c, limit, capacity, &opt, known)
		} else {
			res, err = runAs[uint32](ctx, c, limit, capacity, &opt, known)
		}
	}
	if errors.Is(err, errTooLarge) {
		err = fmt.Errorf("octal: %v at heap %d", err, res.ComputedTo+1)
	}
	if res != nil {
		res.Elapsed = time.Since(start)
	}
	return res, err
}

// firstCap returns the capacity, in values, of a run's first array, when known values are
// replayed into it (from a checkpoint, or from a narrower array) and the run stops at heap limit;
// open: the run has no To.
//
// An open-ended run's array grows by doubling. With To the whole array is needed at once (then
// its pages are committed as they are written, and memory never holds the old array and the new
// one together, which the memory limit counts on), but only once the run is long: it starts at
// 2^20 values and grows to To+1 at its first growth (one copy of at most 2^20 values), unless
// more than that is replayed. The whole array before the first heap cost up to 27 s in a process
// that had run before (a test binary, a server): Go hands back freed memory that it must clear
// first, 8 GB for Officers --to 4e9, a game whose values outgrow bytes at heap 10,344 anyway.
func firstCap(limit, known int, open bool) int {
	switch {
	case open && known > 0:
		return max(known, min(limit+1, 2*known))
	case open || known <= 1<<20:
		return max(known, min(limit+1, 1<<20))
	}
	return limit + 1
}

// grownCap returns the capacity of a run's array of cur values when end values must fit (see
// firstCap): an open-ended run's doubles (never past the limit: the values of a long run are
// copied only a few times), a run with To takes the whole array.
func grownCap(limit, cur, end int, open bool) int {
	if !open {
		return limit + 1
	}
	return min(limit+1, max(end, 2*cur))
}

// openLimit is the last heap of an open-ended run (no To) within maxBytes, values of width bytes.
func openLimit(c Code, maxBytes int64, width int) int {
	return maxTo(c, maxBytes/3*2, width)
}

// runAs computes with an engine storing values as T, in an array of capacity values at first,
// after replaying the values of known (when not nil).
func runAs[T value](ctx context.Context, c Code, limit, capacity int, opt *Options, known *Checkpoint) (*Result, error) {
	n := 0
	if known != nil {
		n = min(known.Len(), limit+1)
	}
	var g []T
	var win *window
	if _, wide := any(g).([]uint16); wide {
		// The window's array is mapped for the whole run at once (address space only).
		var gw []uint16
		if gw, win = newWindow(c, max(limit+1, n), limit, opt.MaxBytes, opt.win); win != nil {
			g = any(gw).([]T)
		}
	}
	if g == nil {
		g = make([]T, 0, max(capacity, n))
	}
	e := newEngine(c, g)
	e.win = win
	if isNarrow[T]() {
		e.narrowBits = opt.narrowBits
		var zero T
		if opt.byteBits > 0 && ^zero == 0xff && (e.narrowBits == 0 || opt.byteBits < e.narrowBits) {
			e.narrowBits = opt.byteBits
		}
	}
	return run(ctx, c, e, limit, opt, known, n)
}

// run computes with e up to heap limit. The first n values of known, when not nil, are known
// from a checkpoint: they are replayed (taken instead of computed) before the computation goes on.
func run[T value](ctx context.Context, c Code, e *engine[T], limit int, opt *Options, known *Checkpoint, n int) (*Result, error) {
	defer e.close()
	defer e.win.close() // after the speculator's verifier is gone (defers run last first)
	// Speculation runs the 16-bit kernels: an engine of bytes widens before it would need them.
	var sp *speculator
	if e16, ok := any(e).(*engine[uint16]); ok && opt.workers() >= 2 {
		sp = newSpeculator(e16, opt.workers()-1)
		if opt.far != 0 {
			sp.far.enabled = opt.far > 0
		}
		if opt.specFrom > 0 {
			sp.from, sp.quiet = opt.specFrom, 0
		}
		sp.lie = opt.specLie
		defer sp.stop()
	} else if opt.workers() < 2 {
		e.parAt = math.MaxInt // no helper for the quadratic loop
	}
	if opt.Method == MethodQuadratic && e.mode == MethodSparse {
		e.mode = MethodQuadratic
	}
	if opt.Method == MethodQuadratic {
		e.nextEval = 0
	}
	var replayCut bool
	var replayErr error
	if known != nil {
		e.win.adopt(known.p, n)
		switch {
		case known.p != nil:
			replayCut, replayErr = replayPacked(ctx, e, known.p, n)
		case known.v8 != nil:
			replayCut, replayErr = replayAll(ctx, e, known.v8[:n])
		case known.v16 != nil:
			replayCut, replayErr = replayAll(ctx, e, known.v16[:n])
		default:
			replayCut, replayErr = replayAll(ctx, e, known.v32[:n])
		}
	}
	det := newDetector[T](c)
	det.lazy = opt.KeepGoing // search once, at the end
	det.update(e.g)
	result := func() *Result {
		r := &Result{Code: c, ComputedTo: len(e.g) - 1, Method: e.mode, MaxValue: uint32(e.maxVal),
			RareMask: e.rareMask(), PairEvaluations: e.pairEvals, widen: e.widen}
		if r.RareMask != 0 {
			r.Rare = len(e.rare)
		}
		switch g := any(e.g).(type) {
		case []uint8:
			r.v8 = g
		case []uint16:
			if e.win != nil {
				r.p = e.flush() // the array's mapping ends with the run
				r.winPeak, r.winFar = e.win.peak, e.win.farRead.Load()
				break
			}
			r.v16 = g
		case []uint32:
			r.v32 = g
		}
		if r.p != nil {
			setPeriodPacked(r, r.p)
		} else {
			setPeriod(r, det, e.g)
		}
		return r
	}
	if replayErr != nil {
		return result(), replayErr
	}
	if replayCut {
		return result(), ctx.Err()
	}
	every := opt.SaveEvery
	if every <= 0 {
		every = time.Minute
	}
	lastSave := time.Now()
	const work = 1 << 24 // option evaluations per block, roughly 10–50 ms
	for len(e.g) <= limit {
		if !opt.KeepGoing {
			if _, _, ok := det.smallest(e.g); ok {
				break
			}
		}
		n := len(e.g)
		cost := 16 + len(e.singles)
		switch e.mode {
		case MethodQuadratic:
			cost += n / 2 * len(e.splits)
		case MethodSparse:
			cost += len(e.rare)*len(e.splits) + 64
		case MethodThreeHeap:
			cost += n * n / 64
		}
		end := min(limit+1, n+max(1, min(work/cost, n/8+16)))
		if e.win != nil {
			end = min(end, n+e.win.chunk) // the heaps the window is placed for
		}
		if need := det.nextNeed(); need > n && need < end && !opt.KeepGoing {
			end = need
		}
		if h := det.nextCheck(); h > n && h < end {
			end = h // the detector's candidates are complete up to its horizon
		}
		if cap(e.g) < end {
			newCap := grownCap(limit, cap(e.g), end, opt.To == 0)
			if need := det.nextNeed(); need >= end && need < newCap && !opt.KeepGoing {
				newCap = need // a candidate period is proved at need values, if it holds
			}
			g := make([]T, len(e.g), newCap)
			copy(g, e.g)
			old := len(e.g)
			e.g = g
			if old >= 1<<25 {
				// Hand the old array back to the OS now: left to the scavenger, the arrays
				// outgrown during a long run stay resident and add up to the new one's size.
				debug.FreeOSMemory()
			}
		}
		if sp != nil {
			if err := sp.advance(end); err != nil {
				return result(), err
			}
		}
		for len(e.g) < end {
			if err := e.step(); err != nil {
				return result(), err
			}
		}
		det.update(e.g)
		if err := e.slide(); err != nil {
			return result(), err
		}
		if opt.Progress != nil || opt.Status != nil {
			target := limit + 1
			need := det.nextNeed()
			if need > 0 && need < target && !opt.KeepGoing {
				target = need
			}
			if opt.Progress != nil {
				opt.Progress(len(e.g), target)
			}
			if opt.Status != nil {
				st := Status{Done: len(e.g), Limit: limit + 1, LimitIsTo: opt.To > 0}
				if need > 0 && need <= limit+1 && !opt.KeepGoing {
					st.ProofAt = need
				}
				opt.Status(st)
			}
		}
		if err := ctx.Err(); err != nil {
			return result(), err
		}
		if opt.Save != nil && time.Since(lastSave) >= every {
			cp := &Checkpoint{Code: c, v8: asU8(e.g), v16: asU16(e.g), v32: asU32(e.g)}
			if e.win != nil {
				cp.v16, cp.p = nil, e.flush()
			}
			if err := opt.Save(cp); err != nil {
				return result(), err
			}
			lastSave = time.Now()
		}
	}
	return result(), nil
}

func asU8[T value](g []T) []uint8 {
	v, _ := any(g).([]uint8)
	return v
}

func asU16[T value](g []T) []uint16 {
	v, _ := any(g).([]uint16)
	return v
}

func asU32[T value](g []T) []uint32 {
	v, _ := any(g).([]uint32)
	return v
}

// setPeriod fills in the period: proved if the theorem certifies one, else apparent if any.
func setPeriod[T value](r *Result, det *detector[T], g []T) {
	if p, n0, ok := det.proved(g); ok {
		r.Period, r.Preperiod, r.Proved = p, n0, true
		return
	}
	if p, n0, ok := apparent(sliceSeq(g)); ok {
		r.Period, r.Preperiod = p, n0
	}
}

// setPeriodPacked is setPeriod for the values of a windowed run: apparent only (the window is
// for codes whose periods no theorem proves).
func setPeriodPacked(r *Result, p *packed) {
	if per, n0, ok := apparent(packedSeq(p)); ok {
		r.Period, r.Preperiod = per, n0
	}
}

// Values returns g(0), …, g(n) of c, computed with the fastest method (values past a proved
// period are filled in from it). It is the simple entry point for other packages, for example a
// ruleset for Grundy's game: Values(ctx, GrundysGame(), n).
func Values(ctx context.Context, c Code, n int) ([]uint32, error) {
	res, err := Compute(ctx, c, Options{To: n})
	if err != nil {
		return nil, err
	}
	out := make([]uint32, n+1)
	for i := range out {
		out[i], _ = res.Value(i)
	}
	return out, nil
}
