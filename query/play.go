package query

import (
	"context"
	"strconv"
	"strings"

	"grundy/report"
	"grundy/rules"
)

// PlayRequest is one step of a game between a person and the perfect engine: `grundy play` and
// POST /api/play. Ruleset (with Flags) or Script names the game; Position is the position before
// the step (a script's position may be a sum of several). With Move the person plays it (the
// text of a legal move as listed, #N for the N-th, or the position after it in the game's
// syntax) and the engine answers; with Engine (and no Move) the engine moves first; with
// neither, the position is only described.
type PlayRequest struct {
	Ruleset    string            `json:"ruleset,omitempty"`
	Flags      map[string]string `json:"flags,omitempty"`
	Script     string            `json:"script,omitempty"`
	ScriptName string            `json:"-"`
	Position   []string          `json:"position"`
	Move       string            `json:"move,omitempty"`
	Engine     bool              `json:"engine,omitempty"`
	// Loopy (scripts) plays a game whose moves may have cycles, by its loopy values: the engine
	// wins when it can (making progress), keeps a draw otherwise; the driver declares a draw by
	// the repetition rule (DrawRepeats).
	Loopy bool `json:"loopy,omitempty"`
	// Misere plays in misère play: whoever cannot move wins. The engine moves into the misère
	// quotient's P-portion: of a heap ruleset (take-and-break games, one-heap rulesets played on
	// heap sizes; heaps ≤ 40), or of a script's heap game — a script that is not one is played
	// by the engine's misère search of the sum.
	Misere bool `json:"misere,omitempty"`
}

// Play answers one step of a game against the engine. The game is resolved once (a ruleset, or a
// script offered as one) and played by a rules.Match.
func Play(ctx context.Context, r PlayRequest, lim Limits) (PlayStep, error) {
	if err := lim.checkArgs("position", r.Position, r.Flags); err != nil {
		return PlayStep{}, err
	}
	script := r.Script != ""
	switch {
	case r.Move != "" && r.Engine:
		return PlayStep{}, Badf(`give "move" (yours, then the engine answers) or "engine" (the engine moves first), not both`)
	case script && (r.Ruleset != "" || len(r.Flags) > 0):
		return PlayStep{}, Badf(`give either "ruleset" (with "flags") or "script", not both`)
	case script && len(r.Position) == 0:
		return PlayStep{}, Badf("play takes at least one position of the script's game")
	case script && r.Misere && r.Loopy:
		return PlayStep{}, Badf("misère play of a game with cycles is not offered: give either misère or loopy")
	case !script && r.Ruleset == "":
		return PlayStep{}, Badf(`missing "ruleset" ('grundy rules' and GET /api/rules list them) or "script"`)
	}
	rs, done, err := resolve(ctx, gameRequest{r.Ruleset, r.Flags, r.Script, r.ScriptName, r.Loopy}, lim)
	if err != nil {
		return PlayStep{}, err
	}
	defer done()
	res, err := play(ctx, rs, r, lim)
	if err != nil {
		return PlayStep{}, classify(err, lim, script)
	}
	return res, nil
}

// play answers a step of the game rs: in normal play whoever cannot move loses, in misère play
// (r.Misere) whoever cannot move wins.
func play(ctx context.Context, rs rules.Ruleset, r PlayRequest, lim Limits) (PlayStep, error) {
	if r.Misere {
		if play := rs.Info().Play; play != "normal" {
			return PlayStep{}, Badf("%s is already %s play: \"misere\" applies to normal-play rulesets", r.Ruleset, play)
		}
		mr, err := rules.Misere(rs, rules.Title(r.Ruleset, r.Flags))
		if qm, ok := mr.(*rules.MisereRuleset); ok && qm.ByQuotient() {
			qm.QuotientOnly = true // the engine answers at once: heap rulesets through the quotient only
		} else if r.Script == "" || err != nil {
			return PlayStep{}, Badf(`"misere" play is offered for heap games (take-and-break games such as kayles, one-heap rulesets played on heap sizes) and scripts; %s: play misere-nim or misere-moore, or solve --misere`, r.Ruleset)
		}
		rs = mr
	}
	info := rs.Info()
	if info.Play == "scored" {
		return PlayStep{}, Badf("%s is scored: play against the engine is offered for normal and misère play", r.Ruleset)
	}
	p, err := rs.Parse(r.Position)
	if err != nil {
		return PlayStep{}, err
	}
	m := &rules.Match{R: rs, Pos: p, HumanTurn: !r.Engine}
	ans := report.Play{Played: []report.Played{}, Moves: []report.MoveEntry{}, Board: string(info.Board), CoinBase: info.FirstIndex}
	if g, ok := rs.(rules.Grid); ok {
		x, y := g.GridFirst()
		ans.GridFirst = []int{int(x), int(y)} // 0 or 1
	}
	over := func() (bool, bool, error) {
		over, humanWon := m.Over()
		return over, humanWon, m.Err()
	}
	done, _, err := over()
	switch {
	case err != nil:
		return PlayStep{}, err
	case done && r.Move != "":
		from := strings.Join(r.Position, " ")
		if r.Script != "" {
			from = rs.Format(p)
		}
		return PlayStep{}, Badf("the game is over: there is no move from %s", from)
	case r.Move != "":
		mv, err := m.Human(r.Move)
		if err != nil {
			return PlayStep{}, err
		}
		if err := lim.checkReached("the move "+strconv.Quote(mv.Text), rs.Args(m.Pos)); err != nil {
			return PlayStep{}, err
		}
		ans.Played = append(ans.Played, report.Played{By: "you", Move: mv.Text})
		if done, _, err = over(); err != nil {
			return PlayStep{}, err
		}
	}
	if !done && !m.HumanTurn {
		mv, err := m.Engine(ctx)
		if err != nil {
			return PlayStep{}, err
		}
		if err := lim.checkReached("the engine's answer "+strconv.Quote(mv.Text), rs.Args(m.Pos)); err != nil {
			return PlayStep{}, err
		}
		ans.Played = append(ans.Played, report.Played{By: "engine", Move: mv.Text})
	}
	ans.Position, ans.Text = rs.Args(m.Pos), rs.Format(m.Pos)
	done, humanWon, err := over()
	if err != nil {
		return PlayStep{}, err
	}
	if done {
		ans.Over, ans.Winner = true, "engine"
		if humanWon {
			ans.Winner = "you"
		}
		return PlayStep{Play: ans}, nil
	}
	legal, more, err := m.Options(ctx, playMoves(lim))
	if err != nil {
		return PlayStep{}, err
	}
	for _, mv := range legal {
		ans.Moves = append(ans.Moves, report.MoveEntry{Move: mv.Text, To: rs.Args(mv.To), Winning: mv.Winning})
	}
	ans.More = more
	return PlayStep{Play: ans}, nil
}

// checkReached refuses, naming max_args, a position a game step leads to that the next step
// would refuse for its number of entries (kayles' 64 heaps of 3, one split in two).
func (l Limits) checkReached(what string, args []string) error {
	if l.MaxArgs > 0 && len(args) > l.MaxArgs {
		return l.over("max_args", l.MaxArgs, "%s leads to a position of %d entries, past the limit of %d that the next step would refuse",
			what, len(args), l.MaxArgs)
	}
	return nil
}

// playMoves is the number of legal moves a step lists.
func playMoves(lim Limits) int {
	if lim.PlayMoves > 0 {
		return lim.PlayMoves
	}
	return 500
}

// DrawRepeats is the repetition rule of play against the engine (rules.DrawRepeats): a game is
// declared a draw when a position occurs for the DrawRepeats-th time with the same player to
// move. Play is answered one step at a time, so the driver (the command line, the page) counts.
const DrawRepeats = rules.DrawRepeats
