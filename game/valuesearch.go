package game

import (
	"fmt"
	"math/bits"
)

// The search for Grundy values of a game without a [Splitter]: the solver's hot path, kept apart
// from the general search (outcomes, sums, misère) so that its loop and its frames stay small.
//
// A frame is a position whose options are being looked at: those from its start in its chunk of
// the arena up to the next frame's start. Its cursor next walks them in order: an option whose
// value is known is folded into the frame's mask (values below 31; a larger one sets bit 31), an
// option on the stack is a cycle, and at an unknown option the frame is suspended on the stack
// (its position marked cOnStack) and the option entered. Each option is looked up once; a
// position whose options are all known needs no frame on the stack at all; when a frame is done
// its value goes straight into its parent's mask.
// The position of suspended frame i > 0 is the option its parent's cursor is at (optionAt(i-1));
// that of frame 0 is the root.

// vframe is a frame of the value search: 16 bytes, for a chain of ten million positions is ten
// million frames.
type vframe struct {
	mask  uint32 // bit v < 31 set: an option of value v was seen; bit 31: one of value ≥ 31
	id    uint32 // the position's id in the memo
	start uint32 // vPrevN, and its options are arena[first():] up to the next frame's start
	next  uint32 // the option the cursor is at
}

// vPrevN marks a frame whose position's memo code was cN (an N-position of unknown value)
// before the search entered it.
const vPrevN = 1 << 31

// first returns the place of the frame's first option in its chunk of the arena.
func (f *vframe) first() uint32 { return f.start &^ vPrevN }

// fold returns mask with the value v folded in.
func fold(mask, v uint32) uint32 { return mask | 1<<min(v, 31) }

// The value search keeps its stacks in chunks that are never copied nor moved: the options in
// chunks of vaChunk positions (a position's options in one chunk: a new chunk starts when the
// current one has less than vaRoom free), the frames in chunks of vfChunk frames. A search as deep
// as memory allows thus writes each option and frame once. A few chunks are kept for the next
// search.
const (
	vaChunk   = 1 << 14
	vaRoom    = 256
	vfChunk   = 1 << 12
	keepChunk = 4
)

// vstack is a stack of suspended frames of the value search, in chunks.
type vstack[F any] struct {
	top   []F   // the top chunk, cap vfChunk
	full  [][]F // the full chunks below it
	spare [][]F
}

func (v *vstack[F]) push(f F) {
	if len(v.top) == cap(v.top) {
		if v.top != nil {
			v.full = append(v.full, v.top)
		}
		if n := len(v.spare); n > 0 {
			v.top, v.spare = v.spare[n-1], v.spare[:n-1]
		} else {
			v.top = make([]F, 0, vfChunk)
		}
	}
	n := len(v.top)
	v.top = v.top[:n+1] // no write barrier
	v.top[n] = f
}

// pop removes the top frame and returns it, or reports false if the stack is empty.
func (v *vstack[F]) pop() (F, bool) {
	if len(v.top) == 0 {
		n := len(v.full)
		if n == 0 {
			var zero F
			return zero, false
		}
		v.spare = append(v.spare, v.top[:0])
		v.top, v.full = v.full[n-1], v.full[:n-1]
	}
	f := v.top[len(v.top)-1]
	v.top = v.top[:len(v.top)-1]
	return f, true
}

func (v *vstack[F]) len() int { return len(v.full)*vfChunk + len(v.top) }

func (v *vstack[F]) at(i int) *F {
	if c := i / vfChunk; c < len(v.full) {
		return &v.full[c][i%vfChunk]
	}
	return &v.top[i-len(v.full)*vfChunk]
}

// reset empties the stack, keeping a few chunks.
func (v *vstack[F]) reset() {
	for _, c := range v.full {
		v.spare = append(v.spare, c[:0])
	}
	if v.top != nil {
		v.spare = append(v.spare, v.top[:0])
	}
	v.full, v.top = v.full[:0], nil
	clear(v.spare[min(len(v.spare), keepChunk):])
	v.spare = v.spare[:min(len(v.spare), keepChunk)]
}

// optionAt returns the option frame d's cursor is at (for error messages). The frames of arena
// chunk c are those of depth vbound[c] on, up to the next chunk's.
func (s *Solver[P]) optionAt(d int) P {
	c := s.vci
	for d < s.vbound[c] {
		c--
	}
	ch := s.vchunks[c]
	if c == s.vci {
		ch = s.va
	}
	return ch[:cap(ch)][s.vs.at(d).next]
}

// fastValue is Value on a game with a dense index and no Splitter, plain (see Solver.plain) or
// [Ordered]: for the most common case, a position of dense index whose options' values are known
// and below 64 (for an Ordered game, the next position to fill in), everything is inlined here;
// any other case goes to value or orderedValue.
func (s *Solver[P]) fastValue(p P) (uint64, error) {
	t := &s.t
	i, ok := t.ix.Index(p)
	if ok && uint(i) < uint(t.limit) && i < len(t.dense) {
		dense := t.dense
		c := dense[i]
		if c >= cBase {
			return uint64(c - cBase), nil
		}
		// Options below i for an Ordered game (below len(dense) else).
		bound := len(dense)
		if s.ord != nil {
			bound = i
		}
		if s.plain && (s.ord == nil || i == s.filled) {
			buf := s.app.AppendMoves(s.obuf[:0], p)
			if !sameArray(buf, s.obuf) {
				s.obuf = buf[:0]
			}
			var mask uint64
			for _, o := range buf {
				k, ok := t.ix.Index(o)
				if !ok || uint(k) >= uint(bound) || dense[k]-cBase >= 64 {
					goto slow
				}
				mask |= 1 << (dense[k] - cBase)
			}
			r := uint32(bits.TrailingZeros64(^mask))
			dense[i] = cBase + r
			if c == cUnknown {
				s.known++
			}
			if s.ord != nil {
				s.filled = i + 1
			}
			return uint64(r), nil
		}
	}
slow:
	if s.ord != nil {
		return s.orderedValue(p)
	}
	return s.value(p)
}

// leaf computes the value of p (id id, memo code c, not a value) on a plain game (see
// Solver.plain) when every option's value is known and below 64: no search, no stack. It reports
// false, changing nothing but interning options, when the search must do the work.
func (s *Solver[P]) leaf(p P, id, c uint32) (uint32, bool) {
	buf := s.app.AppendMoves(s.obuf[:0], p)
	if !sameArray(buf, s.obuf) {
		s.obuf = buf[:0]
	}
	t := &s.t
	var mask uint64
	if ix := t.ix; ix != nil {
		// Dense indices, the lookup inlined (an option without one: the search).
		dense := t.dense
		for _, o := range buf {
			k, ok := ix.Index(o)
			if !ok || uint(k) >= uint(t.limit) || k >= len(dense) {
				return 0, false
			}
			v := dense[k] - cBase // wraps if not a value
			if v >= 64 {
				return 0, false
			}
			mask |= 1 << v
		}
	} else {
		for _, o := range buf {
			_, oc := t.lookup(o)
			v := oc - cBase
			if v >= 64 {
				return 0, false
			}
			mask |= 1 << v
		}
	}
	r := uint32(bits.TrailingZeros64(^mask))
	t.set(id, cBase+r)
	if c == cUnknown {
		s.known++
	}
	return r, true
}

// valueSearch computes the value of p, whose id is id and whose memo code is c (not a value), by
// a depth-first search with an explicit stack, leaves it in the memo and returns it.
func (s *Solver[P]) valueSearch(p P, id, c uint32) (uint32, error) {
	if s.pchain {
		return s.plainSearch(p, id, c)
	}
	s.root = p
	if s.va == nil { // else s.va is the first chunk, empty
		s.vchunks = append(s.vchunks[:0], make([]P, 0, vaChunk))
		s.vci, s.va = 0, s.vchunks[0]
		if s.eager {
			s.vidchunks = append(s.vidchunks[:0], make([]uint32, vaChunk))
			s.vid = s.vidchunks[0]
		}
		s.vbound = append(s.vbound[:0], 0)
	}
	var f vframe // the frame being looked at (not on the stack)
	for {
		// Enter p: count it, append its options, and look at them.
		if err := s.venter(&f, p, id, c); err != nil {
			s.vs.push(f)
			return 0, s.vfail(err)
		}
	scan:
		oid, oc, err := s.vscan(&f)
		if err != nil {
			s.vs.push(f)
			return 0, s.vfail(err)
		}
		if int(f.next) < len(s.va) {
			// An option whose value is not known: suspend f and enter it.
			s.vs.push(f)
			if oc == cOnStack || oid == f.id {
				return 0, s.vfail(s.vcycle(oid))
			}
			s.t.set(f.id, cOnStack)
			p, id, c = s.va[f.next], oid, oc
			continue
		}
		// Every option is known: the value is the mex of theirs.
		r := uint32(bits.TrailingZeros32(^f.mask))
		if r == 32 {
			r = s.vmexAll(s.va[f.first():])
		}
		s.t.set(f.id, cBase+r)
		s.va = s.va[:f.first()]
		var ok bool
		if f, ok = s.vs.pop(); !ok {
			s.vdone()
			return r, nil
		}
		for d := s.vs.len(); d < s.vbound[s.vci]; {
			// Back to the parent's chunk, whose saved length ends the parent's options.
			s.vchunks[s.vci] = s.va
			s.vci--
			s.va = s.vchunks[s.vci]
			if s.eager {
				s.vid = s.vidchunks[s.vci]
			}
		}
		f.mask = fold(f.mask, r)
		f.next++
		goto scan
	}
}

// venter makes f the frame of p (id id, memo code c): it counts p and appends its options to
// the arena. On an error, f is p's frame.
func (s *Solver[P]) venter(f *vframe, p P, id, c uint32) error {
	if cap(s.va)-len(s.va) < vaRoom {
		// A new chunk.
		s.vchunks[s.vci] = s.va
		s.vci++
		if s.vci == len(s.vchunks) {
			s.vchunks = append(s.vchunks, make([]P, 0, vaChunk))
		}
		s.va = s.vchunks[s.vci][:0]
		s.vbound = append(s.vbound[:s.vci], s.vs.len())
		if s.eager {
			if s.vci == len(s.vidchunks) {
				s.vidchunks = append(s.vidchunks, make([]uint32, vaChunk))
			}
			s.vid = s.vidchunks[s.vci]
		}
	}
	start := len(s.va)
	*f = vframe{id: id, start: uint32(start), next: uint32(start)}
	if c == cN {
		f.start |= vPrevN
	}
	if s.cfg.maxPositions > 0 || s.cfg.ctx != nil {
		if err := s.budget.enter(&s.cfg, c == cUnknown); err != nil {
			if c == cUnknown {
				s.known++ // vfail uncounts it
			}
			return err
		}
	} else {
		s.pushes++
		if c == cUnknown {
			s.known++
		}
	}
	if s.app != nil && s.try == nil {
		a := s.app.AppendMoves(s.va, p)
		if sameArray(a, s.va) {
			s.va = s.va[:len(a)] // no write barrier
		} else {
			s.va = a // the chunk overflowed: it moved, with the options of its other frames
			s.vchunks[s.vci] = a
		}
	} else {
		// expand appends to s.arena: lend it the chunk.
		saved := s.arena
		s.arena = s.va
		err := s.expand(p)
		a := s.arena
		s.arena = saved
		if !sameArray(a, s.va) {
			s.vchunks[s.vci] = a
		}
		s.va = a
		if err != nil {
			return &posError{pos: p, err: err}
		}
	}
	if len(s.va) >= vPrevN {
		return fmt.Errorf("a chunk of the search stack holds more than %d options (the limit)", vPrevN-1)
	}
	if s.eager {
		// No index nor key: intern every option now, in one go. Their slots are often where
		// the position's siblings were put a step or two before (cached); the first lookup
		// of a position met much later would be a cache miss. Later looks are by id.
		if len(s.va) > len(s.vid) {
			ids := make([]uint32, 2*len(s.va))
			copy(ids, s.vid)
			s.vid = ids
			s.vidchunks[s.vci] = ids
		}
		ids := s.vid[:len(s.va)]
		for k := start; k < len(ids); k++ {
			ids[k] = s.t.intern(s.va[k])
		}
	}
	return nil
}

// vscan moves f's cursor past the options whose values are known, folding them into f's mask.
// It stops at the first option whose value is not known, and returns its id and memo code.
func (s *Solver[P]) vscan(f *vframe) (oid, oc uint32, err error) {
	t := &s.t
	arena := s.va
	for i := int(f.next); i < len(arena); i++ {
		o := arena[i]
		// The memo lookup (table.id and table.code), inlined for dense indices.
		oc = cUnknown
		ix, ok := 0, false
		if s.eager {
			oid = s.vid[i] // interned by venter
			oc = t.codes[oid&^internBit]
		} else if t.ix == nil {
			oid = t.intern(o)
			oc = t.codes[oid&^internBit]
		} else if ix, ok = t.ix.Index(o); ok && uint(ix) < uint(t.limit) {
			oid = uint32(ix)
			if ix < len(t.dense) {
				oc = t.dense[ix]
			}
		} else {
			oid = t.intern(o)
			oc = t.codes[oid&^internBit]
		}
		if oc < cBase {
			if s.closed == nil || oc == cOnStack {
				f.next = uint32(i)
				return oid, oc, nil
			}
			ok, err := s.tryClosed(o, oid, oc)
			if err != nil || !ok {
				f.next = uint32(i)
				return oid, oc, err
			}
			oc = t.code(oid)
		}
		f.mask = fold(f.mask, oc-cBase)
	}
	f.next = uint32(len(arena))
	return 0, 0, nil
}

// vmexAll returns the mex of the values of the options opts, all known.
func (s *Solver[P]) vmexAll(opts []P) uint32 {
	s.vals = s.vals[:0]
	for _, o := range opts {
		s.vals = append(s.vals, s.t.code(s.t.id(o))-cBase)
	}
	return s.mx.mex32(s.vals)
}

// vposOf returns the position of frame i of the value search.
func (s *Solver[P]) vposOf(i int) P {
	if i == 0 {
		return s.root
	}
	return s.optionAt(i - 1)
}

// vcycle returns the error for a move from the top frame to the position with id o, on the stack.
func (s *Solver[P]) vcycle(o uint32) error {
	s.vchunks[s.vci] = s.va
	top := s.vs.len() - 1
	j := top
	for j > 0 && s.vs.at(j).id != o {
		j--
	}
	n := top + 1 - j
	path := make([]P, 0, min(n, 2*maxCycleShown))
	for i := j; i <= top; i++ {
		if n > maxCycleShown && i-j == maxCycleShown/2 {
			i = top + 1 - maxCycleShown/2 // keep only both ends
		}
		path = append(path, s.vposOf(i))
	}
	e := newCycleError(path)
	if n > maxCycleShown {
		e.Cut = n - maxCycleShown
	}
	return e
}

// vfail restores the memo codes of the positions on the stack, empties it and returns err.
func (s *Solver[P]) vfail(err error) error {
	for i := s.vs.len() - 1; i >= 0; i-- {
		f := s.vs.at(i)
		if f.start&vPrevN != 0 {
			s.t.set(f.id, cN)
		} else {
			s.t.set(f.id, cUnknown)
			s.known--
		}
	}
	s.vdone()
	return err
}

// vdone empties the stacks of the value search, keeping a few chunks.
func (s *Solver[P]) vdone() {
	if len(s.vs.full) > 0 || len(s.vs.spare) > keepChunk {
		s.vs.reset()
	} else {
		s.vs.top = s.vs.top[:0]
	}
	if len(s.vchunks) > keepChunk {
		clear(s.vchunks[keepChunk:])
		s.vchunks = s.vchunks[:keepChunk]
	}
	if len(s.vidchunks) > keepChunk {
		clear(s.vidchunks[keepChunk:])
		s.vidchunks = s.vidchunks[:keepChunk]
	}
	if s.vci == 0 {
		s.va = s.va[:0] // no write barrier on the fast path
	} else {
		s.vci, s.va = 0, s.vchunks[0][:0]
		if s.eager {
			s.vid = s.vidchunks[0]
		}
	}
}

// sameArray reports whether a and b share their first element.
func sameArray[P any](a, b []P) bool {
	return cap(a) > 0 && cap(b) > 0 && &a[:1][0] == &b[:1][0]
}
