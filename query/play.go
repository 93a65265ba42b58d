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

// Play answers one step of a game against the engine.
func Play(ctx context.Context, r PlayRequest, lim Limits) (PlayStep, error) {
	if err := lim.checkArgs("position", r.Position, r.Flags); err != nil {
		return PlayStep{}, err
	}
	switch {
	case r.Move != "" && r.Engine:
		return PlayStep{}, Badf(`give "move" (yours, then the engine answers) or "engine" (the engine moves first), not both`)
	case r.Script != "" && (r.Ruleset != "" || len(r.Flags) > 0):
		return PlayStep{}, Badf(`give either "ruleset" (with "flags") or "script", not both`)
	case r.Script != "":
		return playScript(ctx, r, lim)
	case r.Ruleset == "":
		return PlayStep{}, Badf(`missing "ruleset" ('grundy rules' and GET /api/rules list them) or "script"`)
	}
	res, err := playRuleset(ctx, r, lim)
	if err != nil {
		return PlayStep{}, classify(err, lim, false)
	}
	return res, nil
}

func playRuleset(ctx context.Context, r PlayRequest, lim Limits) (PlayStep, error) {
	rs, err := rules.New(r.Ruleset, r.Flags)
	if err != nil {
		return PlayStep{}, err
	}
	if r.Misere {
		if play := rs.Info().Play; play != "normal" {
			return PlayStep{}, Badf("%s is already %s play: \"misere\" applies to normal-play rulesets", r.Ruleset, play)
		}
		mr, err := rules.Misere(rs, misereLabel(rs, r.Flags))
		qm, ok := mr.(*rules.MisereRuleset)
		if err != nil || !ok || !qm.ByQuotient() {
			return PlayStep{}, Badf(`"misere" play is offered for heap games (take-and-break games such as kayles, one-heap rulesets played on heap sizes) and scripts; %s: play misere-nim or misere-moore, or solve --misere`, r.Ruleset)
		}
		qm.QuotientOnly = true
		rs = qm
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
	if over, _ := m.Over(); !over {
		if r.Move != "" {
			mv, err := m.Human(r.Move)
			if err != nil {
				return PlayStep{}, Badf("%v", err)
			}
			if err := lim.checkReached("the move "+strconv.Quote(mv.Text), rs.Args(m.Pos)); err != nil {
				return PlayStep{}, err
			}
			ans.Played = append(ans.Played, report.Played{By: "you", Move: mv.Text})
		}
		if !m.HumanTurn {
			if over, _ := m.Over(); !over {
				mv, err := m.Engine(ctx)
				if err != nil {
					return PlayStep{}, err
				}
				if err := lim.checkReached("the engine's answer "+strconv.Quote(mv.Text), rs.Args(m.Pos)); err != nil {
					return PlayStep{}, err
				}
				ans.Played = append(ans.Played, report.Played{By: "engine", Move: mv.Text})
			}
		}
	} else if r.Move != "" {
		return PlayStep{}, Badf("the game is over: there is no move from %s", strings.Join(r.Position, " "))
	}
	ans.Position, ans.Text = rs.Args(m.Pos), rs.Format(m.Pos)
	if over, humanWon := m.Over(); over {
		ans.Over, ans.Winner = true, "engine"
		if humanWon {
			ans.Winner = "you"
		}
		return PlayStep{Play: ans}, nil
	}
	a, err := rs.Analyze(ctx, m.Pos)
	if err != nil {
		return PlayStep{}, err
	}
	winning := map[string]bool{}
	for _, w := range a.WinningMoves {
		winning[w.To.Key()] = true
	}
	legal, more := m.Legal(playMoves(lim))
	for _, mv := range legal {
		ans.Moves = append(ans.Moves, report.MoveEntry{Move: mv.Text, To: rs.Args(mv.To), Winning: winning[mv.To.Key()]})
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
