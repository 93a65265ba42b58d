package game

import (
	"fmt"
	"math/bits"
	"slices"
)

// The search for Grundy values of a game without a [Splitter]: the solver's hot path, kept apart
// from the general search (outcomes, sums, misère) so that its loop and its frames stay small.
//
// A frame is a position whose options are being looked at: arena[start:] up to the next frame's
// start. Its cursor next walks them in order: an option whose value is known is folded into the
// frame's mask (values below 64; a larger value sets vBig), an option on the stack is a cycle, and
// at an unknown option the frame is suspended on the stack (its position marked cOnStack) and the
// option entered. Each option is looked up once; a position whose options are all known needs no
// frame on the stack at all; when a frame is done its value goes straight into its parent's mask.
// The position of suspended frame i > 0 is the option its parent's cursor is at,
// arena[vf[i-1].next]; that of frame 0 is the root.

// vframe is a frame of the value search: 24 bytes.
type vframe struct {
	mask  uint64 // bit v set: an option of value v < 64 was seen
	id    uint32 // the position's id in the memo
	start uint32 // its options are arena[start:] up to the next frame's start
	next  uint32 // the option the cursor is at
	flags uint32 // vBig, vPrevN
}

const (
	vBig   = 1 << iota // an option of value ≥ 64 was seen
	vPrevN             // the position's memo code was cN (an N-position of unknown value) before
)

// valueSearch computes the value of p, whose id is id and whose memo code is c (not a value), by
// a depth-first search with an explicit stack, leaves it in the memo and returns it.
func (s *Solver[P]) valueSearch(p P, id, c uint32) (uint32, error) {
	base := len(s.arena)
	s.root = p
	var f vframe // the frame being looked at (not on the stack)
	for {
		// Enter p: count it, append its options, and look at them.
		if err := s.venter(&f, p, id, c); err != nil {
			s.vf = append(s.vf, f)
			return 0, s.vfail(err, base)
		}
	scan:
		oid, oc, err := s.vscan(&f)
		if err != nil {
			s.vf = append(s.vf, f)
			return 0, s.vfail(err, base)
		}
		if int(f.next) < len(s.arena) {
			// An option whose value is not known: suspend f and enter it.
			if len(s.vf) == cap(s.vf) {
				s.vf = slices.Grow(s.vf, max(cap(s.vf), 256))
			}
			s.vf = append(s.vf, f)
			if oc == cOnStack || oid == f.id {
				return 0, s.vfail(s.vcycle(oid), base)
			}
			s.t.set(f.id, cOnStack)
			p, id, c = s.arena[f.next], oid, oc
			continue
		}
		// Every option is known: the value is the mex of theirs.
		r := uint32(bits.TrailingZeros64(^f.mask))
		if r == 64 && f.flags&vBig != 0 {
			r = s.vmexAll(f.start, uint32(len(s.arena)))
		}
		s.t.set(f.id, cBase+r)
		s.arena = s.arena[:f.start]
		top := len(s.vf) - 1
		if top < 0 {
			return r, nil
		}
		f = s.vf[top]
		s.vf = s.vf[:top]
		if r < 64 {
			f.mask |= 1 << r
		} else {
			f.flags |= vBig
		}
		f.next++
		goto scan
	}
}

// venter makes f the frame of p (id id, memo code c): it counts p and appends its options to
// the arena. On an error, f is p's frame.
func (s *Solver[P]) venter(f *vframe, p P, id, c uint32) error {
	start := len(s.arena)
	*f = vframe{id: id, start: uint32(start), next: uint32(start)}
	if c == cN {
		f.flags = vPrevN
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
	// Grow the arena by doubling: append's growth of large slices (1.25×) copies too often on
	// deep searches.
	if cap(s.arena)-start < 256 {
		s.arena = slices.Grow(s.arena, max(cap(s.arena), 1024))
	}
	if s.app != nil && s.try == nil {
		a := s.app.AppendMoves(s.arena, p)
		if sameArray(a, s.arena) {
			s.arena = s.arena[:len(a)] // no write barrier
		} else {
			s.arena = a
		}
	} else if err := s.expand(p); err != nil {
		return &posError{pos: p, err: err}
	}
	if len(s.arena) > maxArena {
		return fmt.Errorf("the search stack holds more than %d options (the limit)", maxArena)
	}
	return nil
}

// vscan moves f's cursor past the options whose values are known, folding them into f's mask.
// It stops at the first option whose value is not known, and returns its id and memo code.
func (s *Solver[P]) vscan(f *vframe) (oid, oc uint32, err error) {
	t := &s.t
	arena := s.arena
	for i := int(f.next); i < len(arena); i++ {
		o := arena[i]
		// The memo lookup (table.id and table.code), inlined for dense indices.
		oc = cUnknown
		ix, ok := 0, false
		if t.ix == nil {
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
		if v := oc - cBase; v < 64 {
			f.mask |= 1 << v
		} else {
			f.flags |= vBig
		}
	}
	f.next = uint32(len(arena))
	return 0, 0, nil
}

// vmexAll returns the mex of the values of the options arena[start:end], all known.
func (s *Solver[P]) vmexAll(start, end uint32) uint32 {
	s.vals = s.vals[:0]
	for _, o := range s.arena[start:end] {
		s.vals = append(s.vals, s.t.code(s.t.id(o))-cBase)
	}
	return s.mx.mex32(s.vals)
}

// vposOf returns the position of frame i of the value search.
func (s *Solver[P]) vposOf(i int) P {
	if i == 0 {
		return s.root
	}
	return s.arena[s.vf[i-1].next]
}

// vcycle returns the error for a move from the top frame to the position with id o, on the stack.
func (s *Solver[P]) vcycle(o uint32) error {
	j := len(s.vf) - 1
	for j > 0 && s.vf[j].id != o {
		j--
	}
	n := len(s.vf) - j
	path := make([]P, 0, min(n, 2*maxCycleShown))
	for i := j; i < len(s.vf); i++ {
		if n > maxCycleShown && i-j == maxCycleShown/2 {
			i = len(s.vf) - maxCycleShown/2 // keep only both ends
		}
		path = append(path, s.vposOf(i))
	}
	e := newCycleError(path)
	if n > maxCycleShown {
		e.Cut = n - maxCycleShown
	}
	return e
}

// vfail restores the memo codes of the positions on the stack, empties it (the arena down to
// base) and returns err.
func (s *Solver[P]) vfail(err error, base int) error {
	for i := len(s.vf) - 1; i >= 0; i-- {
		f := s.vf[i]
		if f.flags&vPrevN != 0 {
			s.t.set(f.id, cN)
		} else {
			s.t.set(f.id, cUnknown)
			s.known--
		}
	}
	s.vf = s.vf[:0]
	s.arena = s.arena[:base]
	return err
}

// sameArray reports whether a and b share their first element.
func sameArray[P any](a, b []P) bool {
	return cap(a) > 0 && cap(b) > 0 && &a[:1][0] == &b[:1][0]
}
