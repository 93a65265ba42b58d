package game

import (
	"fmt"
	"math/bits"
	"slices"
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
	ord    Ordered[P] // nil unless the game is Ordered and has a dense index
	filled int        // with ord: the values of indices below filled are filled in (ordered.go)
	plain  bool       // an Appender without TryMoves or closed form, and no limits
	fast   bool       // Value starts with fastValue: a dense index, and ord or plain without Splitter
	obuf   []P        // scratch for the options of one position (leaf, fillOne)
	cfg    config

	t, mt table[P] // normal play, misère
	budget

	root   P      // the position of the bottom frame
	rootID uint32 // and its id
	frames []frame
	// the stacks of the value search (valuesearch.go)
	vs      vstack[vframe]
	ps      vstack[P] // the stack of the plain search: positions
	pprev   []uint32  // the depths on ps of positions whose memo code was cN
	pwide   []pwide   // the frames on ps (and the top one) with many options
	parena  []P       // and their options
	pchain  bool      // the value search is plainSearch
	vchunks [][]P     // the arena's chunks
	vci     int       // the current one
	vbound  []int     // the stack depth of the first frame of each chunk
	// with eager (no index, no key): the ids of the options, chunk by chunk like the arena
	eager     bool
	vidchunks [][]uint32
	vid       []uint32
	va        []P      // and its contents
	arena     []P      // the options (or components) of the frames on the stack
	aid       []uint32 // their ids in the memo table of the search
	vals      []uint32 // scratch: the values of one frame's options
	mx        mexer
	yield     func(P) bool
	yielded   uint          // options yielded so far, counted by yieldChecked
	stopped   error         // why yieldChecked stopped the game's enumeration of options
	msum      any           // *misereSum[P], the search on misère sums, made on first use
	loopy     map[P]Outcome // outcomes settled by earlier loopy analyses (loopy.go)
	gm        gammaMemo[P]  // generalized Sprague–Grundy values of loopy games (gamma.go)
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
	s.plain = s.app != nil && s.try == nil && s.closed == nil && s.cfg.maxPositions == 0 && s.cfg.ctx == nil
	if s.t.ix != nil {
		s.ord, _ = g.(Ordered[P])
	}
	s.eager = s.t.ix == nil && s.t.keys.kx == nil
	s.pchain = s.t.ix != nil && s.app != nil && s.try == nil && s.closed == nil
	s.fast = s.t.ix != nil && (s.ord != nil || s.plain && s.split == nil && s.tsplit == nil)
	s.mt = newTable[P](g, s.cfg.denseLimit)
	s.yield = func(o P) bool {
		s.arena = append(s.arena, o)
		return true
	}
	if s.cfg.maxPositions > 0 || s.cfg.ctx != nil {
		s.yield = s.yieldChecked
	}
	return s
}

// Value returns the Grundy value of p: 0 for a terminal position, else the mex of the values of
// its options (for a position a [Splitter] splits, the XOR of its components' values).
func (s *Solver[P]) Value(p P) (uint64, error) {
	// Small enough to inline: one call on the fastest paths.
	if s.fast {
		return s.fastValue(p)
	}
	return s.value(p)
}

// value is Value but for [Ordered] games.
func (s *Solver[P]) value(p P) (uint64, error) {
	if s.split == nil && s.tsplit == nil {
		// The hot path: no sums.
		id, c := s.t.lookup(p)
		if c >= cBase {
			return uint64(c - cBase), nil
		}
		if s.plain {
			if v, ok := s.leaf(p, id, c); ok {
				return uint64(v), nil
			}
		}
		if s.closed != nil {
			if ok, err := s.tryClosed(p, id, c); err != nil {
				return 0, err
			} else if ok {
				return uint64(s.t.code(id) - cBase), nil
			}
		}
		v, err := s.valueSearch(p, id, c)
		return uint64(v), err
	}
	c, err := s.solve(p, kindValue)
	if err != nil {
		return 0, err
	}
	return uint64(c - cBase), nil
}

// Outcome returns the normal-play outcome of p: [PrevWins] iff its Grundy value is 0. It searches
// in outcome-only mode: at each position it stops at the first option found to be a P-position,
// and does not compute Grundy values it does not need.
func (s *Solver[P]) Outcome(p P) (Outcome, error) { return s.outcome(p, kindOutcome) }

// outcome returns the outcome of p found by the search of kind k (kindOutcome or kindMisere), whose
// memo codes are cBase for a P-position and cN for an N-position.
func (s *Solver[P]) outcome(p P, k uint8) (Outcome, error) {
	c, err := s.solve(p, k)
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
func (s *Solver[P]) WinningMoves(p P) ([]P, error) { return s.winningMoves(p, kindOutcome) }

// winningMoves returns the options of p that the search of kind k finds to be P-positions.
func (s *Solver[P]) winningMoves(p P, k uint8) ([]P, error) {
	opts, err := s.Options(p)
	if err != nil {
		return nil, err
	}
	var win []P
	for _, o := range opts {
		out, err := s.outcome(o, k)
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
	if err := s.expand(p); err != nil {
		s.arena = s.arena[:start]
		return nil, fmt.Errorf("position %v: %w", p, err)
	}
	opts := dedupe(s.arena[start:])
	s.arena = s.arena[:start]
	return opts, nil
}

// posError is an error of a game at a position: the position, then the game's error.
type posError struct {
	pos any
	err error
}

func (e *posError) Error() string { return fmt.Sprintf("position %v: %v", e.pos, e.err) }
func (e *posError) Unwrap() error { return e.err }

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
	id := tab.id(p)
	c := tab.code(id)
	switch {
	case kind == kindMisere && c >= cN,
		kind == kindValue && c >= cBase,
		kind == kindOutcome && c >= cN:
		return c, nil
	}
	if kind != kindMisere {
		if ok, err := s.tryClosed(p, id, c); ok || err != nil {
			return s.t.code(id), err
		}
	}
	if kind == kindValue && s.split == nil && s.tsplit == nil {
		v, err := s.valueSearch(p, id, c)
		return cBase + v, err
	}
	if err := s.push(p, id, kind, c); err != nil {
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
	return tab.code(id), nil
}

// tryClosed enters p's closed-form value in the memo, if the game has one for p.
func (s *Solver[P]) tryClosed(p P, id, prev uint32) (bool, error) {
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
	s.t.set(id, cBase+uint32(v))
	return true, nil
}

// expand appends the options of p to the arena. Under limits (MaxPositions, WithContext) a
// position with a great many options is stopped while they are enumerated (see yieldChecked).
func (s *Solver[P]) expand(p P) error {
	s.stopped = nil
	switch {
	case s.try != nil:
		seq, err := s.try.TryMoves(p)
		if err != nil {
			return err
		}
		seq(s.yield)
	case s.app != nil:
		s.arena = s.app.AppendMoves(s.arena, p)
		if s.cfg.maxPositions > 0 || s.cfg.ctx != nil {
			return s.cfg.checkOptions(len(s.arena))
		}
	default:
		s.g.Moves(p)(s.yield)
	}
	return s.stopped
}

// yieldChecked is the yield of a solver under limits: every 4096 options it checks the context
// and the number of options on the search stack (see config.checkOptions), and stops the game's
// enumeration when one is passed.
func (s *Solver[P]) yieldChecked(o P) bool {
	s.arena = append(s.arena, o)
	s.yielded++
	if s.yielded%4096 == 0 {
		if err := s.cfg.checkOptions(len(s.arena)); err != nil {
			s.stopped = err
			return false
		}
	}
	return true
}

// posOf returns the position of frame i, and idOf its id.
func (s *Solver[P]) posOf(i int) P {
	if i == 0 {
		return s.root
	}
	return s.arena[s.frames[i-1].next]
}

func (s *Solver[P]) idOf(i int) uint32 {
	if i == 0 {
		return s.rootID
	}
	return s.aid[s.frames[i-1].next]
}

// maxArena bounds the arena, whose indices are 32-bit.
const maxArena = 1<<32 - 1

// push enters p (with the given id and memo code prev) on the stack with its options.
func (s *Solver[P]) push(p P, id uint32, kind uint8, prev uint32) error {
	if err := s.budget.enter(&s.cfg, prev == cUnknown); err != nil {
		return err
	}
	start := len(s.arena)
	// Grow the stacks by doubling: append's growth of large slices (1.25×) copies too often on
	// deep searches.
	if cap(s.arena)-start < 256 {
		s.arena = slices.Grow(s.arena, cap(s.arena)+256)
	}
	if len(s.frames) == cap(s.frames) {
		s.frames = slices.Grow(s.frames, cap(s.frames)+64)
	}
	if (s.split != nil || s.tsplit != nil) && kind != kindMisere {
		var comps []P
		var ok bool
		if s.tsplit != nil {
			var err error
			if comps, ok, err = s.tsplit.TrySplit(p); err != nil {
				if prev == cUnknown {
					s.known--
				}
				return &posError{pos: p, err: err}
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
			return &posError{pos: p, err: err}
		}
	}
	n := len(s.arena)
	if n > maxArena {
		return fmt.Errorf("the search stack holds more than %d options (the limit)", maxArena)
	}
	if n > len(s.aid) {
		if n > cap(s.aid) {
			s.aid = slices.Grow(s.aid[:cap(s.aid)], max(n, 2*cap(s.aid))-cap(s.aid))
		}
		s.aid = s.aid[:n]
	}
	tab := &s.t
	if kind == kindMisere {
		tab = &s.mt
	}
	for i := start; i < n; i++ {
		s.aid[i] = tab.id(s.arena[i])
	}
	if r, ok, err := s.shortcut(tab, kind, start, n); err != nil {
		if prev == cUnknown {
			s.known--
		}
		s.arena = s.arena[:start]
		return fmt.Errorf("position %v: %w", p, err)
	} else if ok {
		// Every option needed is known already: no frame.
		tab.set(id, r)
		s.arena = s.arena[:start]
		return nil
	}
	tab.set(id, cOnStack)
	if len(s.frames) == 0 {
		s.root, s.rootID = p, id
	}
	s.frames = append(s.frames, frame{start: uint32(start), next: uint32(start), kind: kind, prev: prev})
	return nil
}

// shortcut returns the memo code of a position whose options (or components) are
// aid[start:end], when the codes of those options settle it without a search.
func (s *Solver[P]) shortcut(tab *table[P], kind uint8, start, end int) (uint32, bool, error) {
	opts := s.aid[start:end]
	switch kind {
	case kindValue:
		if len(opts) >= 64 {
			return 0, false, nil
		}
		var seen uint64
		for _, o := range opts {
			c := tab.code(o)
			if c < cBase {
				return 0, false, nil
			}
			if v := c - cBase; v < 64 {
				seen |= 1 << v
			}
		}
		return cBase + uint32(bits.TrailingZeros64(^seen)), true, nil
	case kindSum:
		var x uint32
		for _, o := range opts {
			c := tab.code(o)
			if c < cBase {
				return 0, false, nil
			}
			x ^= c - cBase
		}
		if x > maxValue {
			return 0, false, fmt.Errorf("the Grundy value %d is too large for the solver (the limit is %d)", x, uint64(maxValue))
		}
		return cBase + x, true, nil
	default: // kindOutcome (codes cN, cBase+v) and kindMisere (codes cN, cBase)
		if kind == kindMisere && len(opts) == 0 {
			return cN, true, nil
		}
		all := true
		for _, o := range opts {
			c := tab.code(o)
			if c == cBase {
				return cN, true, nil // a move to a P-position
			}
			if c < cN {
				all = false
			}
		}
		if all {
			return cBase, true, nil
		}
		return 0, false, nil
	}
}

// fail restores the memo codes of the positions on the stack, empties it and returns err.
func (s *Solver[P]) fail(err error) error {
	for i := len(s.frames) - 1; i >= 0; i-- {
		f := s.frames[i]
		if f.kind == kindMisere {
			s.mt.set(s.idOf(i), f.prev)
		} else {
			s.t.set(s.idOf(i), f.prev)
		}
		if f.prev == cUnknown {
			s.known--
		}
	}
	s.frames = s.frames[:0]
	s.arena = s.arena[:0]
	return err
}

// cycle returns the error for a move to the option with id o, which is on the stack.
func (s *Solver[P]) cycle(o uint32) error {
	j := len(s.frames) - 1
	for j > 0 && s.idOf(j) != o {
		j--
	}
	path := make([]P, 0, min(len(s.frames)-j, 2*maxCycleShown))
	n := len(s.frames) - j
	for i := j; i < len(s.frames); i++ {
		if n > maxCycleShown && i-j == maxCycleShown/2 {
			i = len(s.frames) - maxCycleShown/2 // keep only both ends
		}
		path = append(path, s.posOf(i))
	}
	e := newCycleError(path)
	if n > maxCycleShown {
		e.Cut = n - maxCycleShown
	}
	return e
}

// mex returns the mex of the values of the options aid[start:end], all known.
func (s *Solver[P]) mex(start, end uint32) uint32 {
	if end-start < 64 {
		var seen uint64
		for _, o := range s.aid[start:end] {
			if v := s.t.code(o) - cBase; v < 64 {
				seen |= 1 << v
			}
		}
		return uint32(bits.TrailingZeros64(^seen))
	}
	s.vals = s.vals[:0]
	for _, o := range s.aid[start:end] {
		s.vals = append(s.vals, s.t.code(o)-cBase)
	}
	return s.mx.mex32(s.vals)
}

// run continues the normal-play search on the stack until it is empty.
func (s *Solver[P]) run() error {
	for len(s.frames) > 0 {
		top := len(s.frames) - 1
		f := &s.frames[top]
		end := uint32(len(s.arena))
		pushed, early := false, false
		for f.next < end {
			o := s.aid[f.next]
			c := s.t.code(o)
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
				f.next++
				continue
			}
			if c == cOnStack {
				return s.cycle(o)
			}
			op := s.arena[f.next]
			if ok, err := s.tryClosed(op, o, c); err != nil {
				return err
			} else if ok {
				continue
			}
			kind := uint8(kindValue)
			if f.kind == kindOutcome {
				kind = kindOutcome
			}
			if err := s.push(op, o, kind, c); err != nil {
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
			r = cBase + s.mex(f.start, end)
		case kindSum:
			var x uint32
			for _, o := range s.aid[f.start:end] {
				x ^= s.t.code(o) - cBase
			}
			if x > maxValue {
				return fmt.Errorf("position %v: Grundy value %d is too large for the solver (the limit is %d)", s.posOf(top), x, uint64(maxValue))
			}
			r = cBase + x
		}
		s.t.set(s.idOf(top), r)
		s.arena = s.arena[:f.start]
		s.frames = s.frames[:top]
	}
	return nil
}
