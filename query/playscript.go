package query

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"grundy/report"
)

// scriptMove is a move of a script game played as a sum: component i moves to To.
type scriptMove struct {
	text string
	to   []string
}

// legal lists up to max moves of the sum keys (and whether there are more): for one position its
// options, named by their literals; for a sum, "component i: a -> b".
func (run *scriptRun) legal(keys []string, max int) ([]scriptMove, bool, error) {
	var out []scriptMove
	for i, k := range keys {
		opts, err := run.solver.Options(k)
		if err != nil {
			return nil, false, err
		}
		for _, o := range opts {
			if len(out) == max {
				return out, true, nil
			}
			to := append([]string(nil), keys...)
			to[i] = o
			text := o
			if len(keys) > 1 {
				text = fmt.Sprintf("component %d: %s%s%s", i+1, k, sumMoveSeparator, o)
			}
			out = append(out, scriptMove{text: text, to: to})
		}
	}
	return out, false, nil
}

// value is the Grundy value of the sum keys.
func (run *scriptRun) value(keys []string) (uint64, error) {
	if len(keys) == 1 {
		return run.solver.Value(keys[0])
	}
	return run.solver.SumValue(keys)
}

// human finds the person's move in the legal moves of keys: its text as listed, #N, or the
// literal of the position it reaches (one position).
func (run *scriptRun) human(keys []string, input string, max int) (scriptMove, error) {
	input = strings.TrimSpace(input)
	if input == "" {
		return scriptMove{}, Badf("type a move")
	}
	legal, more, err := run.legal(keys, max)
	if err != nil {
		return scriptMove{}, run.fail(err)
	}
	if rest, ok := strings.CutPrefix(input, "#"); ok {
		n, err := strconv.Atoi(rest)
		if err != nil || n < 1 || n > len(legal) {
			return scriptMove{}, Badf("there is no move %s (type 'moves' for the list)", input)
		}
		return legal[n-1], nil
	}
	for _, m := range legal {
		if m.text == input {
			return m, nil
		}
	}
	if len(keys) == 1 {
		if k, err := run.game.Position(input); err == nil {
			for _, m := range legal {
				if m.to[0] == k {
					return m, nil
				}
			}
			if !more {
				return scriptMove{}, Badf("illegal move: %s is not an option of %s", k, keys[0])
			}
		}
	}
	if more {
		return scriptMove{}, Badf("not a move listed among the first %d: %q (type 'moves' for the list, #N for the N-th)", max, input)
	}
	return scriptMove{}, Badf("not a move: %q (type a move as 'moves' lists it, or #N for the N-th)", input)
}

// playScript answers a step of a script game: in normal play whoever cannot move loses, in
// misère play (r.Misere) whoever cannot move wins.
func playScript(ctx context.Context, r PlayRequest, lim Limits) (PlayStep, error) {
	if len(r.Position) == 0 {
		return PlayStep{}, Badf("play takes at least one position of the script's game")
	}
	if r.Misere && r.Loopy {
		return PlayStep{}, Badf("misère play of a game with cycles is not offered: give either misère or loopy")
	}
	run, err := loadScript(ctx, r.ScriptName, r.Script, lim)
	if err != nil {
		return PlayStep{}, err
	}
	defer run.close()
	keys, err := run.positions(r.Position)
	if err != nil {
		return PlayStep{}, err
	}
	max := playMoves(lim)
	judge := &misereJudge{ctx: ctx, run: run}
	ans := report.Play{Played: []report.Played{}, Moves: []report.MoveEntry{}, Board: "text"}
	over := func() (bool, error) {
		l, _, err := run.legal(keys, 1)
		return len(l) == 0, err
	}
	done, err := over()
	if err != nil {
		return PlayStep{}, run.fail(err)
	}
	humanTurn := !r.Engine
	if done && r.Move != "" {
		return PlayStep{}, Badf("the game is over: there is no move from %s", strings.Join(keys, " + "))
	}
	if !done && r.Move != "" {
		m, err := run.human(keys, r.Move, max)
		if err != nil {
			return PlayStep{}, err
		}
		if err := lim.checkReached("the move "+strconv.Quote(m.text), m.to); err != nil {
			return PlayStep{}, err
		}
		ans.Played = append(ans.Played, report.Played{By: "you", Move: m.text})
		keys, humanTurn = m.to, false
		if done, err = over(); err != nil {
			return PlayStep{}, run.fail(err)
		}
	}
	if !done && !humanTurn {
		engine := run.engine
		switch {
		case r.Loopy:
			engine = run.engineLoopy
		case r.Misere:
			engine = judge.engine
		}
		m, err := engine(keys)
		if err != nil {
			return PlayStep{}, run.fail(err)
		}
		if err := lim.checkReached("the engine's answer "+strconv.Quote(m.text), m.to); err != nil {
			return PlayStep{}, err
		}
		ans.Played = append(ans.Played, report.Played{By: "engine", Move: m.text})
		keys, humanTurn = m.to, true
		if done, err = over(); err != nil {
			return PlayStep{}, run.fail(err)
		}
	}
	ans.Position, ans.Text = keys, strings.Join(keys, " + ")
	if done {
		// The player to move is stuck: she loses in normal play and wins in misère play.
		ans.Over, ans.Winner = true, "engine"
		if humanTurn == r.Misere {
			ans.Winner = "you"
		}
		return PlayStep{ans}, nil
	}
	legal, more, err := run.legal(keys, max)
	if err != nil {
		return PlayStep{}, run.fail(err)
	}
	for _, m := range legal {
		var win bool
		if r.Misere {
			win, err = judge.isP(m.to)
		} else {
			win, err = run.wins(m.to, r.Loopy)
		}
		if err != nil {
			return PlayStep{}, run.fail(err)
		}
		ans.Moves = append(ans.Moves, report.MoveEntry{Move: m.text, To: m.to, Winning: win})
	}
	ans.More = more
	return PlayStep{ans}, nil
}

// engine picks the engine's move from keys: one to a position of value 0 when there is one,
// otherwise the first legal move (every move loses against perfect play).
func (run *scriptRun) engine(keys []string) (scriptMove, error) {
	var first *scriptMove
	for i, k := range keys {
		opts, err := run.solver.Options(k)
		if err != nil {
			return scriptMove{}, err
		}
		for _, o := range opts {
			to := append([]string(nil), keys...)
			to[i] = o
			text := o
			if len(keys) > 1 {
				text = fmt.Sprintf("component %d: %s%s%s", i+1, k, sumMoveSeparator, o)
			}
			m := scriptMove{text: text, to: to}
			v, err := run.value(to)
			if err != nil {
				return scriptMove{}, err
			}
			if v == 0 {
				return m, nil
			}
			if first == nil {
				first = &m
			}
		}
	}
	if first == nil {
		return scriptMove{}, Internalf("the engine has no move to play")
	}
	return *first, nil
}
