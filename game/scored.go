package game

import (
	"fmt"
	"iter"
	"math"
)

// ScoredGame is a game whose moves carry points (seed 003's "weighted games"): the score of a play
// is the sum of the points of its moves. Winning or losing is as in normal play (the player who
// cannot move loses), unless the [Objective] ignores it.
type ScoredGame[P comparable] interface {
	// ScoredMoves yields each option of p with the points of the move to it.
	ScoredMoves(p P) iter.Seq2[P, int64]
}

// FallibleScored is an optional capability of a [ScoredGame] whose move enumeration can fail;
// the [ScoredSolver] then calls TryScoredMoves and returns its error, wrapped with the position.
type FallibleScored[P comparable] interface {
	TryScoredMoves(p P) (iter.Seq2[P, int64], error)
}

// Objective says what the players of a scored game want besides (or instead of) winning.
type Objective uint8

const (
	// WinnerHurries: winning comes first; then the winner minimizes the total score and the loser
	// maximizes it. With one point per move the score is the length of the game when the winner
	// hurries and the loser delays (Luogu P1857).
	WinnerHurries Objective = iota
	// WinnerDelays: winning comes first; then the winner maximizes the total and the loser
	// minimizes it.
	WinnerDelays
	// FirstMinimizes: winning comes first; then the player to move at the start minimizes the
	// total and the other player maximizes it, whoever wins.
	FirstMinimizes
	// FirstMaximizes: winning comes first; then the player to move at the start maximizes the
	// total and the other player minimizes it.
	FirstMaximizes
	// ScoreFirstMaximizes ignores winning: plain minimax in which the player to move at the start
	// maximizes the total and the other minimizes it (Luogu P4363, with points that depend on
	// who moves, which the position must then record).
	ScoreFirstMaximizes
	// ScoreFirstMinimizes ignores winning: the player to move at the start minimizes the total,
	// the other maximizes it.
	ScoreFirstMinimizes
)

// byTurn reports whether the players' aims depend on who moved first (rather than who wins).
func (o Objective) byTurn() bool { return o >= FirstMinimizes }

// scoreOnly reports whether winning is ignored.
func (o Objective) scoreOnly() bool { return o >= ScoreFirstMaximizes }

// minimizes reports whether the player to move minimizes the total, given whether she is the
// first player and whether the position is an N-position.
func (o Objective) minimizes(first, n bool) bool {
	switch o {
	case WinnerHurries:
		return n
	case WinnerDelays:
		return !n
	case FirstMinimizes, ScoreFirstMinimizes:
		return first
	default:
		return !first
	}
}

// Scored is the result of a scored game under perfect play: the normal-play outcome and the total
// score.
type Scored struct {
	Outcome Outcome
	Score   int64
}

// ScoredMove is a move of a scored game: the option it reaches and the points it scores.
type ScoredMove[P comparable] struct {
	To     P
	Points int64
}

// ScoredSolver solves scored games: for each position the outcome (who wins under perfect play,
// as in normal play) and the score of perfect play under its [Objective]. The recurrence: a
// terminal position is P with score 0; a position is N iff it has an option that is P; the player
// to move chooses among the options that keep her winning (all options, if she is losing or the
// objective ignores winning) the one whose points plus the option's score is best for her aim.
//
// Like [Solver] it searches with an explicit stack and a memo, reports cycles as [*CycleError],
// and takes the same [Option]s. It is not safe for concurrent use.
type ScoredSolver[P comparable] struct {
	g   ScoredGame[P]
	try FallibleScored[P]
	obj Objective
	cfg config

	index func(P) (int, bool)
	dense []sentry
	m     map[skey[P]]sentry
	budget

	root   skey[P]
	frames []sframe
	arena  []P
	pts    []int64
	yield  func(P, int64) bool
}

type skey[P comparable] struct {
	p      P
	second bool // the player to move is the second player (only for objectives by turn)
}

// sentry is a memo entry: code cUnknown, cOnStack, cN (N-position) or cBase (P-position), and the
// score once known.
type sentry struct {
	code  uint8
	score int64
}

type sframe struct {
	start, next uint32
	prev        uint8
}

// NewScoredSolver returns a solver for the scored game g under objective obj. It uses the
// [Indexer] capability of g when present.
func NewScoredSolver[P comparable](g ScoredGame[P], obj Objective, opts ...Option) *ScoredSolver[P] {
	s := &ScoredSolver[P]{g: g, obj: obj, cfg: newConfig(opts), m: make(map[skey[P]]sentry)}
	s.try, _ = g.(FallibleScored[P])
	if ix, ok := g.(Indexer[P]); ok && s.cfg.denseLimit > 0 {
		s.index = ix.Index
	}
	s.yield = func(o P, pts int64) bool {
		s.arena = append(s.arena, o)
		s.pts = append(s.pts, pts)
		return true
	}
	return s
}

func (s *ScoredSolver[P]) get(k skey[P]) sentry {
	if s.index != nil {
		if i, ok := s.index(k.p); ok && i >= 0 && i < s.cfg.denseLimit/2 {
			i = 2*i + b2i(k.second)
			if i < len(s.dense) {
				return s.dense[i]
			}
			return sentry{}
		}
	}
	return s.m[k]
}

func (s *ScoredSolver[P]) set(k skey[P], e sentry) {
	if s.index != nil {
		if i, ok := s.index(k.p); ok && i >= 0 && i < s.cfg.denseLimit/2 {
			i = 2*i + b2i(k.second)
			if i >= len(s.dense) {
				d := make([]sentry, min(max(i+1, 2*len(s.dense), 1024), s.cfg.denseLimit))
				copy(d, s.dense)
				s.dense = d
			}
			s.dense[i] = e
			return
		}
	}
	if e.code == cUnknown {
		delete(s.m, k)
		return
	}
	s.m[k] = e
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Solve returns the outcome and the score of perfect play from p, with the first player to move.
func (s *ScoredSolver[P]) Solve(p P) (Scored, error) {
	e, err := s.solve(skey[P]{p: p})
	if err != nil {
		return Scored{}, err
	}
	return Scored{Outcome: outcomeOf(e.code), Score: e.score}, nil
}

func outcomeOf(code uint8) Outcome {
	if code == cN {
		return NextWins
	}
	return PrevWins
}

// BestMoves returns the moves the first player may make from p under perfect play: the options
// that achieve the optimum of [ScoredSolver.Solve] (and, in an N-position under an objective that
// cares about winning, keep her winning), without repeats, in the order the game yields them.
func (s *ScoredSolver[P]) BestMoves(p P) ([]ScoredMove[P], error) {
	res, err := s.Solve(p)
	if err != nil {
		return nil, err
	}
	start := len(s.arena)
	err = s.expand(p)
	opts := append([]P(nil), s.arena[start:]...)
	pts := append([]int64(nil), s.pts[start:]...)
	s.arena, s.pts = s.arena[:start], s.pts[:start]
	if err != nil {
		return nil, fmt.Errorf("position %v: %w", p, err)
	}
	var best []ScoredMove[P]
	seen := make(map[ScoredMove[P]]bool)
	for i, o := range opts {
		e, err := s.solve(skey[P]{p: o, second: s.obj.byTurn()})
		if err != nil {
			return nil, err
		}
		if res.Outcome == NextWins && !s.obj.scoreOnly() && e.code != cBase {
			continue
		}
		if total, ok := addScore(pts[i], e.score); ok && total == res.Score {
			m := ScoredMove[P]{To: o, Points: pts[i]}
			if !seen[m] {
				seen[m] = true
				best = append(best, m)
			}
		}
	}
	return best, nil
}

func addScore(a, b int64) (int64, bool) {
	if (b > 0 && a > math.MaxInt64-b) || (b < 0 && a < math.MinInt64-b) {
		return 0, false
	}
	return a + b, true
}

func (s *ScoredSolver[P]) expand(p P) error {
	if s.try != nil {
		seq, err := s.try.TryScoredMoves(p)
		if err != nil {
			return err
		}
		seq(s.yield)
		return nil
	}
	s.g.ScoredMoves(p)(s.yield)
	return nil
}

func (s *ScoredSolver[P]) keyOf(i int) skey[P] {
	if i == 0 {
		return s.root
	}
	return skey[P]{p: s.arena[s.frames[i-1].next], second: s.keyOf0(i)}
}

// keyOf0 returns whether frame i's player is the second one, walking down to the root. Frames
// alternate players when the objective goes by turn, so it is the parity of the depth.
func (s *ScoredSolver[P]) keyOf0(i int) bool {
	if !s.obj.byTurn() {
		return false
	}
	return s.root.second != (i%2 == 1)
}

// child returns the player flag of an option of a position whose player flag is second.
func (s *ScoredSolver[P]) child(second bool) bool {
	return s.obj.byTurn() && !second
}

func (s *ScoredSolver[P]) push(k skey[P], prev uint8) error {
	if err := s.budget.enter(&s.cfg, prev == cUnknown); err != nil {
		return err
	}
	start := len(s.arena)
	if err := s.expand(k.p); err != nil {
		s.arena, s.pts = s.arena[:start], s.pts[:start]
		if prev == cUnknown {
			s.known--
		}
		return fmt.Errorf("position %v: %w", k.p, err)
	}
	if len(s.arena) > maxArena {
		return fmt.Errorf("the search stack holds more than %d options (the limit)", maxArena)
	}
	if len(s.frames) == 0 {
		s.root = k
	}
	s.set(k, sentry{code: cOnStack})
	s.frames = append(s.frames, sframe{start: uint32(start), next: uint32(start), prev: prev})
	return nil
}

func (s *ScoredSolver[P]) fail(err error) error {
	for i := len(s.frames) - 1; i >= 0; i-- {
		s.set(s.keyOf(i), sentry{code: s.frames[i].prev})
		if s.frames[i].prev == cUnknown {
			s.known--
		}
	}
	s.frames = s.frames[:0]
	s.arena, s.pts = s.arena[:0], s.pts[:0]
	return err
}

func (s *ScoredSolver[P]) solve(k skey[P]) (sentry, error) {
	if e := s.get(k); e.code >= cN {
		return e, nil
	}
	if err := s.push(k, cUnknown); err != nil {
		return sentry{}, s.fail(err)
	}
	if err := s.run(); err != nil {
		return sentry{}, s.fail(err)
	}
	return s.get(k), nil
}

func (s *ScoredSolver[P]) run() error {
	for len(s.frames) > 0 {
		top := len(s.frames) - 1
		f := &s.frames[top]
		second := s.keyOf0(top)
		cs := s.child(second)
		end := uint32(len(s.arena))
		pushed := false
		for f.next < end {
			ck := skey[P]{p: s.arena[f.next], second: cs}
			e := s.get(ck)
			if e.code >= cN {
				f.next++
				continue
			}
			if e.code == cOnStack {
				path := make([]P, 0, len(s.frames))
				for i := range s.frames {
					path = append(path, s.keyOf(i).p)
				}
				j := len(path) - 1
				for j > 0 && path[j] != ck.p {
					j--
				}
				return newCycleError(path[j:])
			}
			if err := s.push(ck, e.code); err != nil {
				return err
			}
			pushed = true
			break
		}
		if pushed {
			continue
		}
		// Every option is known: first the outcome, then the score.
		n := false
		for i := f.start; i < end; i++ {
			if s.get(skey[P]{p: s.arena[i], second: cs}).code == cBase {
				n = true
				break
			}
		}
		r := sentry{code: cBase}
		if n {
			r.code = cN
		}
		minimize := s.obj.minimizes(!second, n)
		found := false
		for i := f.start; i < end; i++ {
			e := s.get(skey[P]{p: s.arena[i], second: cs})
			if n && !s.obj.scoreOnly() && e.code != cBase {
				continue
			}
			total, ok := addScore(s.pts[i], e.score)
			if !ok {
				return fmt.Errorf("position %v: the score overflows 64 bits", s.keyOf(top).p)
			}
			if !found || (minimize && total < r.score) || (!minimize && total > r.score) {
				r.score, found = total, true
			}
		}
		s.set(s.keyOf(top), r)
		s.arena, s.pts = s.arena[:f.start], s.pts[:f.start]
		s.frames = s.frames[:top]
	}
	return nil
}
