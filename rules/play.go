package rules

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"grundy/internal/cliarg"
)

// playMoveBudget bounds the moves examined to check one move typed by the player.
const playMoveBudget = 1 << 22

// playListMax bounds the list of moves that #N counts in.
const playListMax = 60

// Match is a game in progress between a person and the perfect engine. It holds the position and
// whose turn it is; [Match.Human] applies the person's move and [Match.Engine] answers with the
// engine's. Package query drives a Match one step of play at a time, for the command line and the
// web page alike.
type Match struct {
	R         Ruleset
	Pos       Position
	HumanTurn bool
	seen      map[string]int // positions reached, with the player to move (the repetition rule)
	repeats   int            // how often the current one has been
}

// DrawRepeats is the repetition rule of play: the game is declared a draw when a position occurs
// for the DrawRepeats-th time with the same player to move. It matters only in rulesets with
// cycles (windup, square-but-one): from a drawn position the engine keeps the draw, and when it
// wins its moves never repeat a position (they make progress), so the rule never takes a win
// from it.
const DrawRepeats = 3

// Drawn reports whether the game has been declared a draw by the repetition rule ([DrawRepeats]).
func (m *Match) Drawn() bool { return m.repeats >= DrawRepeats }

func (m *Match) record() {
	if m.seen == nil {
		m.seen = map[string]int{}
	}
	k := m.Pos.Key()
	if m.HumanTurn {
		k += "h"
	}
	m.seen[k]++
	m.repeats = m.seen[k]
}

// Over reports whether the player to move has no move, and if so whether the person won.
func (m *Match) Over() (over, humanWon bool) {
	for range m.R.Moves(m.Pos) {
		return false, false
	}
	// The player to move is stuck: she loses in normal and scored play, wins in misère play.
	moverWins := m.R.Info().Play == "misère"
	return true, moverWins == m.HumanTurn
}

// Human applies the move typed by the person: the text of a move as listed by [Match.Legal], its
// number in that list (from 1), or the position after the move in the ruleset's syntax. An
// illegal or unreadable move gives an error saying why (bad input, *cliarg.Error, or a limit's
// *LimitError); the position is then unchanged.
func (m *Match) Human(input string) (Move, error) {
	input = strings.TrimSpace(input)
	if input == "" {
		return Move{}, cliarg.Errorf("type a move")
	}
	if rd, ok := m.R.(MoveReader); ok {
		mv, err := rd.ReadMove(m.Pos, input)
		if err != nil {
			return Move{}, err
		}
		return m.apply(mv), nil
	}
	if n, err := strconv.Atoi(strings.TrimPrefix(input, "#")); err == nil && strings.HasPrefix(input, "#") {
		list, _ := m.Legal(playListMax)
		if n < 1 || n > len(list) {
			return Move{}, cliarg.Errorf("there is no move #%d (type 'moves' for the list)", n)
		}
		return m.apply(list[n-1]), nil
	}
	norm := strings.Join(strings.Fields(strings.ToLower(input)), " ")
	var target Position
	to, perr := m.R.Parse(strings.Fields(input))
	if perr == nil {
		target = to
	}
	if d, ok := m.R.(directMover); ok && target != nil {
		mv, ok, why := d.direct(m.Pos, target)
		if !ok {
			return Move{}, cliarg.Errorf("illegal move: %s", why)
		}
		return m.apply(mv), nil
	}
	budget := playMoveBudget
	for mv := range m.R.Moves(m.Pos) {
		if strings.ToLower(mv.Text) == norm || target != nil && equalPos(mv.To, target) {
			return m.apply(mv), nil
		}
		if budget--; budget == 0 {
			return Move{}, limitf(m.R.Info().Name, "play_moves", playMoveBudget, "this position has more than %d moves: the move could not be checked", playMoveBudget)
		}
	}
	if perr != nil {
		return Move{}, cliarg.Errorf("not a move of %s: %v (type 'moves' to list the legal moves)", m.R.Info().Name, perr)
	}
	if why := whyIllegal(m.R, m.Pos, target); why != "" {
		return Move{}, cliarg.Errorf("illegal move: %s", why)
	}
	return Move{}, cliarg.Errorf("illegal move: no move of %s leads from %s to %s (%s)", m.R.Info().Name,
		strings.Join(m.R.Args(m.Pos), " "), strings.Join(m.R.Args(target), " "), m.R.Info().Summary)
}

func equalPos(a, b Position) bool { return a.Key() == b.Key() }

func (m *Match) apply(mv Move) Move {
	if m.seen == nil {
		m.record() // the starting position
	}
	m.Pos = mv.To
	defer m.record()
	m.HumanTurn = !m.HumanTurn
	return mv
}

// Err returns the first failure of the game's moves met so far (a [Fallible] game, such as a
// script, whose Moves cannot return one); nil for the catalogue's rulesets.
func (m *Match) Err() error {
	if f, ok := m.R.(Fallible); ok {
		return f.Err()
	}
	return nil
}

// MarkedMove is a legal move of a Match, marked when it wins (leads to a P-position).
type MarkedMove struct {
	Move
	Winning bool
}

// Options lists up to max legal moves, each marked when it wins, and whether there are more: by
// the game's own judge of positions ([PositionJudge]) where it has one, else by the winning
// moves of Analyze.
func (m *Match) Options(ctx context.Context, max int) ([]MarkedMove, bool, error) {
	legal, more := m.Legal(max)
	if err := m.Err(); err != nil {
		return nil, false, err
	}
	out := make([]MarkedMove, len(legal))
	j, judged := m.R.(PositionJudge)
	var winning map[string]bool
	if !judged {
		a, err := m.R.Analyze(ctx, m.Pos)
		if err != nil {
			return nil, false, err
		}
		winning = map[string]bool{}
		for _, w := range a.WinningMoves {
			winning[w.To.Key()] = true
		}
	}
	for i, mv := range legal {
		out[i].Move, out[i].Winning = mv, winning[mv.To.Key()]
		if judged {
			p, err := j.IsP(ctx, mv.To)
			if err != nil {
				return nil, false, err
			}
			out[i].Winning = p
		}
	}
	return out, more, nil
}

// Legal lists up to max legal moves, and whether there are more.
func (m *Match) Legal(max int) ([]Move, bool) {
	var out []Move
	for mv := range m.R.Moves(m.Pos) {
		if len(out) == max {
			return out, true
		}
		out = append(out, mv)
	}
	return out, false
}

// Engine plays the engine's move: a winning move when there is one, otherwise the first legal
// move (any move loses against perfect play). In a ruleset with cycles the winning move is one
// that makes progress (the engine's wins end), and from a draw a move that keeps the draw.
func (m *Match) Engine(ctx context.Context) (Move, error) {
	if l, ok := m.R.(EngineMover); ok {
		mv, ok, err := l.EngineMove(ctx, m.Pos)
		if err != nil {
			return Move{}, err
		}
		if !ok {
			return Move{}, errors.New("no move to play")
		}
		return m.apply(mv), nil
	}
	a, err := m.R.Analyze(ctx, m.Pos)
	if err != nil {
		return Move{}, err
	}
	if len(a.WinningMoves) > 0 {
		return m.apply(a.WinningMoves[0]), nil
	}
	for mv := range m.R.Moves(m.Pos) {
		return m.apply(mv), nil
	}
	return Move{}, errors.New("no move to play")
}

// whyIllegal explains, where it can, why no move leads from p to q.
func whyIllegal(r Ruleset, p, q Position) string {
	if equalPos(p, q) {
		return "a move must change the position"
	}
	_, heaps := r.(interface{ isHeaps() })
	_, splits := r.(interface{ splitsHeaps() })
	if heaps && (len(q) < len(p) || len(q) > len(p)+1 || len(q) == len(p)+1 && !splits) {
		return fmt.Sprintf("the position has %d heaps, you gave %d (write every heap, 0 for an empty one)", len(p), len(q))
	}
	if heaps && len(p) == len(q) {
		var changed []string
		for i := range p {
			if q[i] > p[i] {
				return fmt.Sprintf("heap %d would grow from %d to %d", i+1, p[i], q[i])
			}
			if q[i] != p[i] {
				changed = append(changed, fmt.Sprint(i+1))
			}
		}
		if len(changed) > 1 {
			return fmt.Sprintf("it changes heaps %s; %s", strings.Join(changed, ", "), r.Info().Summary)
		}
	}
	return ""
}

// isHeaps marks rulesets whose positions are lists of heaps.
func (heapsBase) isHeaps() {}

// splitsHeaps marks the heap rulesets whose moves may split a heap in two (one heap more after).
func (lasker) splitsHeaps()   {}
func (splitNim) splitsHeaps() {}

// EngineMover is implemented by rulesets whose engine chooses its move otherwise than by the first
// winning move of Analyze: the rulesets with cycles, whose winning moves must make progress and
// whose draws must be kept. EngineMove returns the engine's move from p, false when there is none.
type EngineMover interface {
	EngineMove(ctx context.Context, p Position) (Move, bool, error)
}

// MoveReader is implemented by games that read a person's move their own way (a script: among
// the moves it lists, by text, #N or the position reached): [Match.Human] hands it the input.
type MoveReader interface {
	ReadMove(p Position, input string) (Move, error)
}

// Fallible is implemented by games whose moves can fail (a script): Err is the first failure
// met while listing moves, which Moves cannot return.
type Fallible interface {
	Err() error
}

// PositionJudge is implemented by games that decide whether a position is a P-position (in the
// game's play) otherwise than through Analyze's winning moves: [Match.Options] marks the moves
// with it.
type PositionJudge interface {
	IsP(ctx context.Context, p Position) (bool, error)
}

// directMover is implemented by rulesets that can tell at once whether a move leads from p to q
// (without enumerating the moves of p, which may be astronomically many): it returns the move, or
// ok = false with the reason.
type directMover interface {
	direct(p, q Position) (m Move, ok bool, why string)
}

// oneHeapTake finds the heap that q lowers from p, when q differs from p in exactly one heap.
func oneHeapTake(p, q Position) (i int, k uint64, why string) {
	if len(p) != len(q) {
		return -1, 0, fmt.Sprintf("the position has %d heaps, you gave %d", len(p), len(q))
	}
	i = -1
	for j := range p {
		switch {
		case q[j] > p[j]:
			return -1, 0, fmt.Sprintf("heap %d would grow from %d to %d", j+1, p[j], q[j])
		case q[j] < p[j]:
			if i >= 0 {
				return -1, 0, fmt.Sprintf("it changes heaps %d and %d: a move takes from one heap", i+1, j+1)
			}
			i = j
		}
	}
	if i < 0 {
		return -1, 0, "a move must change the position"
	}
	return i, p[i] - q[i], ""
}

func (nim) direct(p, q Position) (Move, bool, string) {
	i, k, why := oneHeapTake(p, q)
	if i < 0 {
		return Move{}, false, why
	}
	return Move{Text: takeText(i, k), To: q}, true, ""
}

func (misereNim) direct(p, q Position) (Move, bool, string) { return nim{}.direct(p, q) }

func (s subtract) direct(p, q Position) (Move, bool, string) {
	i, k, why := oneHeapTake(p, q)
	if i < 0 {
		return Move{}, false, why
	}
	if !s.allowed(p[i], k) {
		return Move{}, false, fmt.Sprintf("taking %d from heap %d is not allowed: %s", k, i+1, s.rule())
	}
	return Move{Text: takeText(i, k), To: q}, true, ""
}

// rule describes the amounts a subtraction game allows.
func (s subtract) rule() string {
	switch {
	case s.kind == 's':
		return "the amounts allowed are " + joinNumbersComma(s.set)
	case s.lastLoses:
		return fmt.Sprintf("take %d to %d, or everything when fewer than %d remain", s.p, s.q, s.p)
	}
	return fmt.Sprintf("take %d to %d", s.p, s.q)
}

func (w wythoff) direct(p, q Position) (Move, bool, string) {
	if len(q) != 2 {
		return Move{}, false, "Wythoff is played on two heaps"
	}
	if q[0] < p[0] && q[1] < p[1] {
		if p[0]-q[0] != p[1]-q[1] {
			return Move{}, false, "taking from both heaps needs the same amount from each"
		}
		return Move{Text: bothText(p[0] - q[0]), To: q}, true, ""
	}
	return nim{}.direct(p, q)
}
