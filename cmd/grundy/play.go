package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"grundy/query"
	"grundy/report"
)

func newPlayCmd(a *app) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "play RULESET [flags] POS… | play --script FILE POS…",
		Short: "play a game in the terminal against the perfect engine",
		Long: `play starts a game of RULESET (or of your --script FILE; see 'grundy solve --help') from POS
against the perfect engine. It shows the board after every move, refuses illegal moves with the
reason and ends by naming the winner. Type the position after your move (in the syntax of POS), a
move as 'moves' lists it, #N for the N-th listed move, or one of: moves, hint, help, quit.

--first me (you move first) or --first engine says who starts; without it, play asks, and a first
line that is not an answer (me/you) is taken as your first move. Moves may be piped in:
  printf 'take 1 from heap 2\n' | grundy play nim 1 2
When the input ends before the game, play stops there (exit 0).

With --json, play reads moves only (one a line, no prompts, an illegal move is an error) and
prints one document at the end: the state of POST /api/play's answer, with "played" listing every
move of the game: {"played": [{"by": "you"|"engine", "move"}], "position", "text", "board",
"over", "winner", "moves": [{"move", "to", "winning"}], "more_moves"}.

Examples:
  grundy play nim 3 4 5 --first engine
  grundy play kayles 4 6 --misere --first engine
  grundy play --script examples/kayles-heaps.star 5 7 9 --misere --first engine`,
		DisableFlagParsing: true,
		RunE: func(cmd *cobra.Command, args []string) error {
			g, done, err := a.parseCommandArgs(cmd, args, append([]string{"first"}, scriptFlagNames...), []string{"loopy", "misere"})
			if done || err != nil {
				return err
			}
			req := query.PlayRequest{Flags: g.ruleset, Loopy: g.bools["loopy"], Misere: g.bools["misere"]}
			lim, err := a.scriptRequest(g, &req.Script, &req.ScriptName)
			if err != nil {
				return err
			}
			title := "script:" + req.ScriptName
			if req.Script != "" {
				req.Position = g.args
			} else {
				if len(g.args) == 0 {
					return badInput("play takes a RULESET and a position, or --script FILE and a position (see 'grundy play --help')")
				}
				req.Ruleset, req.Position = g.args[0], g.args[1:]
				cat, err := query.Rules(cmd.Context(), query.RulesRequest{Name: req.Ruleset}, lim)
				if err != nil {
					return err
				}
				title = req.Ruleset + ": " + cat.Rulesets[0].Summary + "."
			}
			if req.Misere {
				title += "\nMisère play: the player left without a move wins."
			}
			first, ok := g.own["first"]
			switch {
			case !ok, first == "me", first == "engine":
			default:
				return badInput("--first: want me (you move first) or engine, got %q", first)
			}
			p := &player{a: a, ctx: cmd.Context(), req: req, lim: lim, in: bufio.NewScanner(a.stdin)}
			return p.run(title, first)
		},
	}
	addScriptFlagDocs(cmd)
	cmd.Flags().String("first", "", "who moves first: me (you) or engine; asked when not given")
	cmd.Flags().Bool("misere", false, "misère play, whoever cannot move wins: heap rulesets (kayles, octal --code C, subtract, …; heaps ≤ 40) and scripts' heap games through their misère quotient, other scripts by search")
	cmd.Flags().Bool("loopy", false, "script mode: a game whose moves may have cycles, played by its loopy values; a position recurring a third time with you to move is a declared draw")
	return cmd
}

// player is a game of `grundy play` in progress: it turns each line typed into a step of
// query.Play and prints the answer.
type player struct {
	a     *app
	ctx   context.Context
	req   query.PlayRequest
	lim   query.Limits
	in    *bufio.Scanner
	state query.PlayStep
	all   []report.Played // every move of the game, for --json
	err   error           // the first write error
	seen  map[string]int  // positions reached with the person to move (the repetition rule)
}

func (p *player) printf(format string, args ...any) {
	if p.err == nil && !p.a.json {
		_, p.err = fmt.Fprintf(p.a.stdout, format, args...)
	}
}

// step plays one step from the current position and prints it.
func (p *player) step(move string, engine bool) error {
	req := p.req
	req.Move, req.Engine = move, engine
	st, err := query.Play(p.ctx, req, p.lim)
	if err != nil {
		return err
	}
	p.state, p.req.Position = st, st.Position
	p.all = append(p.all, st.Played...)
	if len(st.Played) > 0 && !p.a.json && p.err == nil {
		p.err = st.WriteText(p.a.stdout)
	}
	// The repetition rule: after every step the person is to move, so a position counted a third
	// time has recurred with the same player to move; the game is declared a draw (only games
	// with cycles can repeat, and the engine's wins never do).
	if !st.Over {
		if p.seen == nil {
			p.seen = map[string]int{}
		}
		k := strings.Join(st.Position, "\x00")
		if p.seen[k]++; p.seen[k] >= query.DrawRepeats {
			p.state.Drawn = true
			p.printf("Game over: a draw — this position has now occurred %d times with you to move (the repetition rule).\n", query.DrawRepeats)
		}
	}
	return nil
}

// line reads the next line of input; ok is false when the input has ended.
func (p *player) line() (string, bool, error) {
	if !p.in.Scan() {
		return "", false, p.in.Err()
	}
	return strings.TrimSpace(p.in.Text()), true, nil
}

func (p *player) run(title, first string) error {
	if err := p.step("", false); err != nil { // the position, checked and drawn
		return err
	}
	p.printf("%s\n%s\n", title, p.state.Text)
	if p.state.Over {
		p.printf("Game over: there is no move from here; the player to move loses.\n")
	}
	pending := "" // a first move typed in answer to the question
	if first == "" && !p.a.json && !p.state.Over {
		p.printf("Who moves first, you or me? [me/you, or type your first move] ")
		ans, ok, err := p.line()
		if err != nil || !ok {
			return p.ended(err)
		}
		switch strings.ToLower(ans) {
		case "me", "m", "i", "first":
			first = "me"
		case "you", "y", "engine", "computer", "second":
			first = "engine"
		default:
			first, pending = "me", ans
		}
	}
	if first == "engine" && !p.state.Over {
		if err := p.step("", true); err != nil {
			return err
		}
	}
	for !p.state.Over && !p.state.Drawn {
		line := pending
		if pending == "" {
			p.printf("Your move (a position such as %s, a move as listed by 'moves', or moves/hint/help/quit): ", strings.Join(p.state.Position, " "))
			var ok bool
			var err error
			if line, ok, err = p.line(); err != nil || !ok {
				return p.ended(err)
			}
		}
		pending = ""
		switch strings.ToLower(line) {
		case "":
			continue
		case "quit", "q", "exit":
			p.printf("Bye.\n")
			return p.finish()
		case "help", "?":
			p.printf("Type the position after your move, or a move exactly as 'moves' lists it, or #N for the N-th listed move.\n")
			continue
		case "moves", "list":
			for i, m := range p.state.Moves {
				p.printf("  #%d  %s  ->  %s\n", i+1, m.Move, strings.Join(m.To, " "))
			}
			if p.state.More {
				p.printf("  … and more\n")
			}
			continue
		case "hint":
			p.printf("%s\n", hint(p.state))
			continue
		}
		if err := p.step(line, false); err != nil {
			var qe *query.Error
			if !p.a.json && errors.As(err, &qe) && qe.Kind == query.BadInput {
				p.printf("%v\n", err) // an illegal move: say why and ask again
				continue
			}
			return err
		}
	}
	return p.finish()
}

// hint names a winning move among the listed ones, if any.
func hint(st query.PlayStep) string {
	for _, m := range st.Moves {
		if m.Winning {
			return "Hint: " + m.Move
		}
	}
	if st.More {
		return "Hint: no winning move among those listed."
	}
	return "Hint: every move loses against perfect play; try to make it long."
}

// ended stops a game whose input ended (or failed) before the game did.
func (p *player) ended(err error) error {
	if err != nil {
		return internalf("reading the moves: %v", err)
	}
	p.printf("\nThe input ended before the game did.\n")
	return p.finish()
}

// finish prints the --json document: the final state, with every move of the game.
func (p *player) finish() error {
	if p.err != nil {
		return internalf("writing: %v", p.err)
	}
	if !p.a.json {
		return nil
	}
	st := p.state
	st.Played = append([]report.Played{}, p.all...)
	return p.a.emit(st, func(io.Writer) error { return nil })
}
