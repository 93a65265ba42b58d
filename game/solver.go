package game

import (
	"context"
	"fmt"
	"iter"
)

// Solver computes Grundy values, outcomes and winning moves of the positions of one game, normal
// and misère play, with a memo that persists across calls: asking about many positions of the
// same game costs little more than asking about the largest.
//
// The search is depth-first with an explicit stack, so the depth of the game (the length of the
// longest sequence of moves) is bounded only by memory. Errors: a [*CycleError] when the search
// meets a cycle; a [*LimitError] past [MaxPositions]; the context's error with [WithContext]; an
// error of a [Fallible] game's TryMoves, wrapped with the position. After an error the memo still
// holds every value computed before it, and the solver can be used again.
//
// A Solver is not safe for concurrent use.
type Solver[P comparable] struct {
	g      Game[P]
	app    Appender[P]
	try    Fallible[P]
	split  Splitter[P]
	tsplit FallibleSplitter[P]
	closed ClosedForm[P]
	cfg    config

	t, mt  table[P] // normal play, misère
	known  int      // positions entered in a memo
	pushes uint

	root   P // the position of the bottom frame
	frames []frame
	arena  []P      // the options (or components) of the frames on the stack
	vals   []uint32 // Grundy values of arena entries, once known
	mx     mexer
	yield  func(P) bool
}

// frame kinds
const (
	kindValue   = iota // the Grundy value of pos: mex of the options' values
	kindOutcome        // the outcome of pos: stop at the first option to a P-position
	kindSum            // pos splits into components: XOR of their values
	kindMisere         // the misère outcome of pos
)

// frame is a position on the search stack. Its options are arena[start:end], where end is the
// next frame's start (or len(arena) for the top frame); its position is the root, for the bottom
// frame, or else the option its parent is at. Frames are kept small (16 bytes): a chain of ten
// million positions is ten million frames.
type frame struct {
	start, next uint32
	prev        uint32 // memo code of the position before the search entered it
	kind        uint8
}

// NewSolver returns a solver for g, using the optional capabilities g implements (see the package
// documentation).
func NewSolver[P comparable](g Game[P], opts ...Option) *Solver[P] {
	s := &Solver[P]{g: g, cfg: newConfig(opts)}
	s.app, _ = g.(Appender[P])
	s.try, _ = g.(Fallible[P])
	s.split, _ = g.(Splitter[P])
	s.tsplit, _ = g.(FallibleSplitter[P])
	s.closed, _ = g.(ClosedForm[P])
	s.t = newTable[P](g, s.cfg.denseLimit)
	s.mt = newTable[P](g, s.cfg.denseLimit)
	s.yield = func(o P) bool {
		s.arena = append(s.arena, o)
		return true
	}
	return s
}

// Value returns the Grundy value of p: 0 for a terminal position, else the mex of the values of
// its options (for a position a [Splitter] splits, the XOR of its components' values).
func (s *Solver[P]) Value(p P) (uint64, error) {
	c, err := s.solve(p, kindValue)
	if err != nil {
		return 0, err
	}
	return uint64(c - cBase), nil
}

// Outcome returns the normal-play outcome of p: [PrevWins] iff its Grundy value is 0. It searches
// in outcome-only mode: at each position it stops at the first option found to be a P-position,
// and does not compute Grundy values it does not need.
func (s *Solver[P]) Outcome(p P) (Outcome, error) {
	c, err := s.solve(p, kindOutcome)
	if err != nil {
		return PrevWins, err
	}
	if c == cBase {
		return PrevWins, nil
	}
	return NextWins, nil
}

// WinningMoves returns the options of p that are P-positions, in the order the game yields them,
// without repeats: the moves that win in normal play. It is empty when p is a P-position.
func (s *Solver[P]) WinningMoves(p P) ([]P, error) {
	opts, err := s.Options(p)
	if err != nil {
		return nil, err
	}
	var win []P
	for _, o := range opts {
		out, err := s.Outcome(o)
		if err != nil {
			return nil, err
		}
		if out == PrevWins {
			win = append(win, o)
		}
	}
	return win, nil
}

// Options returns the options of p as the game gives them, without repeats.
func (s *Solver[P]) Options(p P) ([]P, error) {
	start := len(s.arena)
	err := s.expand(p)
	opts := dedupe(s.arena[start:])
	s.arena = s.arena[:start]
	if err != nil {
		return nil, fmt.Errorf("position %v: %w", p, err)
	}
	return opts, nil
}

// dedupe returns a copy of ps without repeats, in first-seen order.
func dedupe[P comparable](ps []P) []P {
	out := make([]P, 0, len(ps))
	seen := make(map[P]bool, len(ps))
	for _, p := range ps {
		if !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	return out
}

// Known returns the number of positions the solver has entered in its memos so far.
func (s *Solver[P]) Known() int { return s.known }

// solve runs a search of the given kind from p and returns p's memo code.
func (s *Solver[P]) solve(p P, kind uint8) (uint32, error) {
	tab := &s.t
	if kind == kindMisere {
		tab = &s.mt
	}
	c := tab.get(p)
	switch {
	case kind == kindMisere && c >= cN,
		kind == kindValue && c >= cBase,
		kind == kindOutcome && c >= cN:
		return c, nil
	}
	if kind != kindMisere {
		if ok, err := s.tryClosed(p, c); ok || err != nil {
			return s.t.get(p), err
		}
	}
	if err := s.push(p, kind, c); err != nil {
		return 0, s.fail(err)
	}
	var err error
	if kind == kindMisere {
		err = s.runMisere()
	} else {
		err = s.run()
	}
	if err != nil {
		return 0, s.fail(err)
	}
	return tab.get(p), nil
}

// tryClosed enters p's closed-form value in the memo, if the game has one for p.
func (s *Solver[P]) tryClosed(p P, prev uint32) (bool, error) {
	if s.closed == nil {
		return false, nil
	}
	v, ok := s.closed.Value(p)
	if !ok {
		return false, nil
	}
	if v > maxValue {
		return false, fmt.Errorf("position %v: Grundy value %d is too large for the solver (the limit is %d)", p, v, uint64(maxValue))
	}
	if prev == cUnknown {
		s.known++
	}
	s.t.set(p, cBase+uint32(v))
	return true, nil
}

// expand appends the options of p to the arena.
func (s *Solver[P]) expand(p P) error {
	switch {
	case s.try != nil:
		seq, err := s.try.TryMoves(p)
		if err != nil {
			return err
		}
		seq(s.yield)
	case s.app != nil:
		s.arena = s.app.AppendMoves(s.arena, p)
	default:
		s.g.Moves(p)(s.yield)
	}
	return nil
}

// posOf returns the position of frame i.
func (s *Solver[P]) posOf(i int) P {
	if i == 0 {
		return s.root
	}
	return s.arena[s.frames[i-1].next]
}

// maxArena bounds the arena, whose indices are 32-bit.
const maxArena = 1<<32 - 1

// push enters p (whose memo code is prev) on the stack with its options.
func (s *Solver[P]) push(p P, kind uint8, prev uint32) error {
	if prev == cUnknown {
		if s.cfg.maxPositions > 0 && s.known >= s.cfg.maxPositions {
			return &LimitError{Limit: s.cfg.maxPositions}
		}
		s.known++
	}
	s.pushes++
	if s.cfg.ctx != nil && s.pushes%1024 == 0 {
		if err := s.cfg.ctx.Err(); err != nil {
			if prev == cUnknown {
				s.known--
			}
			return fmt.Errorf("search stopped: %w", context.Cause(s.cfg.ctx))
		}
	}
	start := len(s.arena)
	if (s.split != nil || s.tsplit != nil) && kind != kindMisere {
		var comps []P
		var ok bool
		if s.tsplit != nil {
			var err error
			if comps, ok, err = s.tsplit.TrySplit(p); err != nil {
				if prev == cUnknown {
					s.known--
				}
				return fmt.Errorf("position %v: %w", p, err)
			}
		} else {
			comps, ok = s.split.Split(p)
		}
		if ok && (len(comps) != 1 || comps[0] != p) {
			s.arena = append(s.arena, comps...)
			kind = kindSum
		}
	}
	if kind != kindSum {
		if err := s.expand(p); err != nil {
			s.arena = s.arena[:start]
			if prev == cUnknown {
				s.known--
			}
			return fmt.Errorf("position %v: %w", p, err)
		}
	}
	n := len(s.arena)
	if n > maxArena {
		return fmt.Errorf("the search stack holds more than %d options (the limit)", maxArena)
	}
	if n > len(s.vals) {
		if n <= cap(s.vals) {
			s.vals = s.vals[:n]
		} else {
			s.vals = append(s.vals[:cap(s.vals)], make([]uint32, n-cap(s.vals))...)
		}
	}
	if kind == kindMisere {
		s.mt.set(p, cOnStack)
	} else {
		s.t.set(p, cOnStack)
	}
	if len(s.frames) == 0 {
		s.root = p
	}
	s.frames = append(s.frames, frame{start: uint32(start), next: uint32(start), kind: kind, prev: prev})
	return nil
}

// fail restores the memo codes of the positions on the stack, empties it and returns err.
func (s *Solver[P]) fail(err error) error {
	for i := len(s.frames) - 1; i >= 0; i-- {
		f := s.frames[i]
		p := s.posOf(i)
		if f.kind == kindMisere {
			s.mt.set(p, f.prev)
		} else {
			s.t.set(p, f.prev)
		}
		if f.prev == cUnknown {
			s.known--
		}
	}
	s.frames = s.frames[:0]
	s.arena = s.arena[:0]
	return err
}

// cycle returns the error for a move to o, which is on the stack.
func (s *Solver[P]) cycle(o P) error {
	j := len(s.frames) - 1
	for j > 0 && s.posOf(j) != o {
		j--
	}
	path := make([]P, 0, min(len(s.frames)-j, 2*maxCycleShown))
	n := len(s.frames) - j
	for i := j; i < len(s.frames); i++ {
		if n > maxCycleShown && i-j == maxCycleShown/2 {
			i = len(s.frames) - maxCycleShown/2 // newCycleError keeps only both ends
		}
		path = append(path, s.posOf(i))
	}
	e := newCycleError(path)
	if n > maxCycleShown {
		e.Cut = n - maxCycleShown
	}
	return e
}

// run continues the normal-play search on the stack until it is empty.
func (s *Solver[P]) run() error {
	for len(s.frames) > 0 {
		top := len(s.frames) - 1
		f := &s.frames[top]
		end := uint32(len(s.arena))
		pushed, early := false, false
		for f.next < end {
			o := s.arena[f.next]
			c := s.t.get(o)
			if f.kind == kindOutcome {
				if c == cBase { // a move to a P-position
					early = true
					break
				}
				if c > cBase || c == cN {
					f.next++
					continue
				}
			} else if c >= cBase {
				s.vals[f.next] = c - cBase
				f.next++
				continue
			}
			if c == cOnStack {
				return s.cycle(o)
			}
			if ok, err := s.tryClosed(o, c); err != nil {
				return err
			} else if ok {
				continue
			}
			kind := uint8(kindValue)
			if f.kind == kindOutcome {
				kind = kindOutcome
			}
			if err := s.push(o, kind, c); err != nil {
				return err
			}
			pushed = true
			break
		}
		if pushed {
			continue
		}
		var r uint32
		switch f.kind {
		case kindOutcome:
			if early {
				r = cN
			} else {
				r = cBase // every option is an N-position: value 0
			}
		case kindValue:
			r = cBase + s.mx.mex32(s.vals[f.start:end])
		case kindSum:
			var x uint32
			for _, v := range s.vals[f.start:end] {
				x ^= v
			}
			if x > maxValue {
				return fmt.Errorf("position %v: Grundy value %d is too large for the solver (the limit is %d)", s.posOf(top), x, uint64(maxValue))
			}
			r = cBase + x
		}
		s.t.set(s.posOf(top), r)
		s.arena = s.arena[:f.start]
		s.frames = s.frames[:top]
	}
	return nil
}

// Values returns the Grundy values of the positions yielded by ps, in order. It is a convenience
// for tables such as g(0), g(1), …, g(n) of a one-heap game.
func (s *Solver[P]) Values(ps iter.Seq[P]) ([]uint64, error) {
	var out []uint64
	for p := range ps {
		v, err := s.Value(p)
		if err != nil {
			return out, err
		}
		out = append(out, v)
	}
	return out, nil
}
