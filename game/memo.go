package game

import (
	"context"
	"errors"
	"fmt"
	"strings"
)

// Option configures a [Solver] or a [ScoredSolver].
type Option func(*config)

type config struct {
	maxPositions int
	denseLimit   int
	ctx          context.Context
}

// budget counts the positions a search enters, for the limits of its config.
type budget struct {
	known  int  // positions entered in a memo
	pushes uint // positions pushed on the stack, new or not
}

// enter counts one push of a position (isNew: not entered before) under the limits of cfg: the
// position limit, and the context, checked every 1024 pushes. On error the position is not
// counted as known.
func (b *budget) enter(cfg *config, isNew bool) error {
	if isNew && cfg.maxPositions > 0 && b.known >= cfg.maxPositions {
		return &LimitError{Max: cfg.maxPositions}
	}
	b.pushes++
	if cfg.ctx != nil && b.pushes%1024 == 0 {
		if err := cfg.ctx.Err(); err != nil {
			return fmt.Errorf("search stopped: %w", context.Cause(cfg.ctx))
		}
	}
	if isNew {
		b.known++
	}
	return nil
}

// checkOptions checks a search holding n options on its stack against the limits of c: the
// context, and with MaxPositions, maxOptions of them (a search whose positions are bounded holds
// few of their options at once, unless one position has a great many).
func (c *config) checkOptions(n int) error {
	if c.maxPositions > 0 && n > maxOptions(c.maxPositions) {
		return &LimitError{Max: c.maxPositions}
	}
	if c.ctx != nil {
		if err := c.ctx.Err(); err != nil {
			return fmt.Errorf("search stopped: %w", context.Cause(c.ctx))
		}
	}
	return nil
}

// maxOptions is the number of options a search limited to n positions may hold at once: 16 per
// position, and at least 2^20.
func maxOptions(n int) int { return max(16*n, 1<<20) }

func newConfig(opts []Option) config {
	c := config{denseLimit: DefaultDenseLimit}
	for _, o := range opts {
		o(&c)
	}
	return c
}

// DefaultDenseLimit is the default bound on dense indices kept in a slice: positions of an
// [Indexer] game with an index at or above it are kept in a map instead (see [DenseLimit]).
const DefaultDenseLimit = 1 << 26

// MaxPositions bounds the number of positions the solver keeps in its memo; a search that needs
// more stops with a [*LimitError]. Zero, the default, means no bound.
func MaxPositions(n int) Option { return func(c *config) { c.maxPositions = n } }

// DenseLimit sets the bound on the dense indices of an [Indexer] game that the solver keeps in a
// slice (which grows on demand up to it); positions with larger indices go to a map.
func DenseLimit(n int) Option { return func(c *config) { c.denseLimit = n } }

// WithContext makes the solver check ctx during long searches and stop with ctx.Err() (wrapped)
// once it is done.
func WithContext(ctx context.Context) Option { return func(c *config) { c.ctx = ctx } }

// LimitError reports that a search needed more positions than the limit set with [MaxPositions].
type LimitError struct {
	Max int // the limit, positions
}

// Error names the limit.
func (e *LimitError) Error() string {
	return fmt.Sprintf("the search needs more than %d positions (the limit)", e.Max)
}

// Limit names the limit, "max_positions", and its value.
func (e *LimitError) Limit() (name string, max any) { return "max_positions", e.Max }

// ErrCycle is matched by every [*CycleError] through errors.Is.
var ErrCycle = errors.New("the move relation has a cycle")

// CycleError reports a cycle in a game's move relation: Cycle[0] → Cycle[1] → … → Cycle[0], each
// a move. Very long cycles are cut: Cut counts the positions left out of the middle.
type CycleError[P comparable] struct {
	Cycle []P
	Cut   int
}

// Error names the positions of the cycle, each followed by the move to the next.
func (e *CycleError[P]) Error() string {
	var b strings.Builder
	b.WriteString("the moves form a cycle, so there are no Grundy values: ")
	for i, p := range e.Cycle {
		if i == maxCycleShown/2 && e.Cut > 0 {
			fmt.Fprintf(&b, "… (%d more) → ", e.Cut)
		}
		fmt.Fprintf(&b, "%v → ", p)
	}
	fmt.Fprintf(&b, "%v", e.Cycle[0])
	return b.String()
}

// Is reports whether target is [ErrCycle].
func (e *CycleError[P]) Is(target error) bool { return target == ErrCycle }

const maxCycleShown = 16

// newCycleError builds the error for the cycle made of path (a path of moves) closed by a move back
// to path[0].
func newCycleError[P comparable](path []P) *CycleError[P] {
	return &CycleError[P]{Cycle: path}
}

// Memo codes. A memo maps each position to a uint32 code.
const (
	cUnknown = 0 // nothing known
	cOnStack = 1 // on the search stack now
	cN       = 2 // an N-position whose Grundy value is not known (normal play); N (misère)
	cBase    = 3 // normal play: cBase+v is the Grundy value v; misère: a P-position
	// maxValue is the largest Grundy value a memo can hold.
	maxValue = 1<<32 - 1 - cBase
)

// table is a memo of codes. Each position gets an id once — its dense index for an [Indexer]
// game (below the dense limit), else a number interned in a map, marked with internBit — and its
// code lives in a slice by id, so that a search hashes each position once per move to it and
// then works on ids.
type table[P comparable] struct {
	ix    Indexer[P] // nil: no dense index
	limit int
	dense []uint32       // codes by dense index
	ids   interner[P]    // positions without a dense index
	keys  keyInterner[P] // instead, for a Keyer game
	codes []uint32       // codes by interned id (without internBit)
}

const internBit = 1 << 31

func newTable[P comparable](g any, limit int) table[P] {
	t := table[P]{limit: min(limit, internBit)}
	if ix, ok := g.(Indexer[P]); ok && limit > 0 {
		t.ix = ix
	}
	t.keys.kx, _ = g.(Keyer[P])
	if t.keys.kx == nil {
		t.keys.kx = autoKeyer[P]() // nil unless P is small plain memory
	}
	return t
}

// id returns the id of p, interning it if need be.
func (t *table[P]) id(p P) uint32 {
	if i, ok := t.denseIndex(p); ok {
		return uint32(i)
	}
	return t.intern(p)
}

// lookup returns the id of p (interning it if need be) and its code.
func (t *table[P]) lookup(p P) (id, c uint32) {
	if t.ix != nil {
		if i, ok := t.ix.Index(p); ok && uint(i) < uint(t.limit) {
			if i < len(t.dense) {
				c = t.dense[i]
			}
			return uint32(i), c
		}
	}
	id = t.intern(p)
	return id, t.codes[id&^internBit]
}

// denseIndex returns the dense index of p, if it has one below the limit.
func (t *table[P]) denseIndex(p P) (int, bool) {
	if t.ix == nil {
		return 0, false
	}
	i, ok := t.ix.Index(p)
	return i, ok && i >= 0 && i < t.limit
}

// intern returns the id of p in the map, interning it if need be.
func (t *table[P]) intern(p P) uint32 {
	var num uint32
	var added bool
	if t.keys.kx != nil {
		num, added = t.keys.intern(p, uint32(len(t.codes)))
	} else {
		num, added = t.ids.intern(p, uint32(len(t.codes)))
	}
	if added {
		push(&t.codes, cUnknown)
	}
	return num | internBit
}

func (t *table[P]) code(id uint32) uint32 {
	if id&internBit != 0 {
		return t.codes[id&^internBit]
	}
	if int(id) < len(t.dense) {
		return t.dense[id]
	}
	return cUnknown
}

func (t *table[P]) set(id uint32, c uint32) {
	if id&internBit != 0 {
		t.codes[id&^internBit] = c
		return
	}
	if int(id) >= len(t.dense) {
		n := min(max(int(id)+1, 2*len(t.dense), 1024), t.limit)
		d := make([]uint32, n)
		copy(d, t.dense)
		t.dense = d
	}
	t.dense[id] = c
}
