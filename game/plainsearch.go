package game

import (
	"fmt"
	"math/bits"
)

// The plain search: the value search of a game with a dense index whose options come from
// AppendMoves alone (no TryMoves, no closed form, no Splitter). Its stack holds only the
// positions of the suspended frames: no options, no mask, no cursor (but for positions with more
// than pNarrow options, see pwide). The options of the top frame
// are in a scratch buffer; when the search comes back to a frame, it asks AppendMoves for the
// frame's options again and scans them from the first: those before the option just searched are
// known (values never go back to unknown during a search), so the scan folds them into the mask
// again and stops at the next option of unknown value, where the cursor was. Since the options
// are made again anyway, the rescan costs no more than that; and for games with few moves both
// are much cheaper than writing every level's options, mask and cursor to memory and reading
// them back.

// pwide is a frame of the plain search of a position with more than pNarrow options: those are
// kept, in s.parena from start on, with the frame's cursor and mask, since asking for them again
// at each return to the frame could cost time quadratic in their number.
type pwide struct {
	depth, start, next, mask uint32
}

// pNarrow is the most options a frame of the plain search asks for again on each return.
const pNarrow = 8

// plainSearch is valueSearch for s.pchain.
func (s *Solver[P]) plainSearch(p P, id, c uint32) (uint32, error) {
	t := &s.t
	limits := s.cfg.maxPositions > 0 || s.cfg.ctx != nil
	buf := s.obuf[:0]
	var (
		opts []P // p's options
		from int // the first one not folded into mask
		mask uint32
		wide bool // p's frame is the last of s.pwide
	)
	for {
		// Enter p (the frame at depth s.ps.len(), not on the stack): count it, and get its
		// options.
		if c == cN {
			s.pprev = append(s.pprev, uint32(s.ps.len()))
		}
		if limits {
			if err := s.budget.enter(&s.cfg, c == cUnknown); err != nil {
				if c == cUnknown {
					s.known++ // pfail uncounts it
				}
				s.ps.push(p)
				s.obuf = buf[:0]
				return 0, s.pfail(err)
			}
		} else {
			s.pushes++
			if c == cUnknown {
				s.known++
			}
		}
		buf = s.app.AppendMoves(buf[:0], p)
		opts, from, mask, wide = buf, 0, 0, false
		if len(buf) > pNarrow {
			if len(s.parena)+len(buf) >= vPrevN {
				s.ps.push(p)
				s.obuf = buf[:0]
				return 0, s.pfail(fmt.Errorf("the search holds more than %d options (the limit)", vPrevN-1))
			}
			s.pwide = append(s.pwide, pwide{depth: uint32(s.ps.len()), start: uint32(len(s.parena))})
			s.parena = append(s.parena, buf...)
			opts, wide = s.parena[len(s.parena)-len(buf):], true
		}
	scan:
		// Fold the options whose values are known into the mask, up to the first whose value is
		// not.
		for i := from; i < len(opts); i++ {
			o := opts[i]
			// The memo lookup (table.lookup), inlined for dense indices.
			var oid, oc uint32
			if k, ok := t.ix.Index(o); ok && uint(k) < uint(t.limit) {
				oid = uint32(k)
				if k < len(t.dense) {
					oc = t.dense[k]
				}
			} else {
				oid = t.intern(o)
				oc = t.codes[oid&^internBit]
			}
			if oc >= cBase {
				mask = fold(mask, oc-cBase)
				continue
			}
			// An option whose value is not known: suspend p and enter it.
			s.ps.push(p)
			if wide {
				w := &s.pwide[len(s.pwide)-1]
				w.next, w.mask = uint32(i), mask
			}
			if oc == cOnStack || oid == id {
				s.obuf = buf[:0]
				return 0, s.pfail(s.pcycle(oid))
			}
			t.set(id, cOnStack)
			p, id, c = o, oid, oc
			goto enter
		}
		{
			// Every option is known: the value is the mex of theirs.
			r := uint32(bits.TrailingZeros32(^mask))
			if r == 32 {
				r = s.vmexAll(opts)
			}
			t.set(id, cBase+r)
			if n := len(s.pprev); n > 0 && int(s.pprev[n-1]) == s.ps.len() {
				s.pprev = s.pprev[:n-1]
			}
			if wide {
				n := len(s.pwide) - 1
				s.parena = s.parena[:s.pwide[n].start]
				s.pwide = s.pwide[:n]
			}
			var ok bool
			if p, ok = s.ps.pop(); !ok {
				s.obuf = buf[:0]
				s.pdone()
				return r, nil
			}
			// Back to the parent: its options, the one just searched now known. Those of a
			// narrow frame are asked for again and scanned from the first: the ones before the
			// cursor are known (values never go back to unknown during a search), so the scan
			// stops at the next option of unknown value, where the cursor would be.
			id, _ = t.lookup(p)
			if n := len(s.pwide) - 1; n >= 0 && int(s.pwide[n].depth) == s.ps.len() {
				w := s.pwide[n]
				opts, from, mask, wide = s.parena[w.start:], int(w.next), w.mask, true
			} else {
				buf = s.app.AppendMoves(buf[:0], p)
				opts, from, mask, wide = buf, 0, 0, false
			}
			goto scan
		}
	enter:
	}
}

// pcycle returns the error for a move from the top frame of the plain search to the position
// with id o, on the stack.
func (s *Solver[P]) pcycle(o uint32) error {
	top := s.ps.len() - 1
	j := top
	for j > 0 {
		if id, _ := s.t.lookup(*s.ps.at(j)); id == o {
			break
		}
		j--
	}
	n := top + 1 - j
	path := make([]P, 0, min(n, 2*maxCycleShown))
	for i := j; i <= top; i++ {
		if n > maxCycleShown && i-j == maxCycleShown/2 {
			i = top + 1 - maxCycleShown/2 // keep only both ends
		}
		path = append(path, *s.ps.at(i))
	}
	e := newCycleError(path)
	if n > maxCycleShown {
		e.Cut = n - maxCycleShown
	}
	return e
}

// pfail restores the memo codes of the positions on the plain search's stack, empties it and
// returns err.
func (s *Solver[P]) pfail(err error) error {
	k := len(s.pprev) - 1
	for i := s.ps.len() - 1; i >= 0; i-- {
		id, _ := s.t.lookup(*s.ps.at(i))
		if k >= 0 && int(s.pprev[k]) == i {
			s.t.set(id, cN)
			k--
		} else {
			s.t.set(id, cUnknown)
			s.known--
		}
	}
	s.pdone()
	return err
}

// pdone empties the plain search's stack, keeping a few chunks.
func (s *Solver[P]) pdone() {
	s.pprev, s.pwide = s.pprev[:0], s.pwide[:0]
	clear(s.parena) // no positions kept alive
	if cap(s.parena) > vaChunk {
		s.parena = nil
	}
	s.parena = s.parena[:0]
	if len(s.ps.full) > 0 || len(s.ps.spare) > keepChunk {
		s.ps.reset()
	} else {
		s.ps.top = s.ps.top[:0]
	}
}
