// Package play is a game against the perfect engine on a text terminal, as `grundy play` runs
// it: it reads the person's moves a line at a time, plays each step through query.Play, and
// prints the board, the engine's answers and the end of the game.
package play

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"grundy/query"
	"grundy/report"
)

// Game is a game to play: the request of its first step (the ruleset or script, its flags and
// the starting position), the limits of every step, the title printed first, and who moves first
// ("me", "engine", or "" to ask).
type Game struct {
	Request query.PlayRequest
	Limits  query.Limits
	Title   string
	First   string
	// JSON reads moves only (one a line, no prompts; an illegal move is an error) and prints
	// nothing: the caller prints the final state.
	JSON bool
	// Bound, if not nil, runs each step's computation (the engine's thinking on one move) under
	// the caller's bounds (the command line's --timeout and --max-memory), returning its error.
	Bound func(ctx context.Context, f func(context.Context) error) error
}

// Run plays g, reading lines from in and writing to out, until the game is over, drawn by the
// repetition rule, quit, or the input ends. It returns the final state, whose Played lists every
// move of the game. An illegal move is answered with its reason and asked again (with JSON it is
// the error returned); a failure to read or write is an Internal error.
func Run(ctx context.Context, g Game, in io.Reader, out io.Writer) (query.PlayStep, error) {
	p := &player{ctx: ctx, out: out, json: g.JSON, req: g.Request, lim: g.Limits, in: bufio.NewScanner(in), bound: g.Bound}
	if p.bound == nil {
		p.bound = func(ctx context.Context, f func(context.Context) error) error { return f(ctx) }
	}
	if err := p.run(g.Title, g.First); err != nil {
		return query.PlayStep{}, err
	}
	return p.state, nil
}

// player is a game of `grundy play` in progress: it turns each line typed into a step of
// query.Play and prints the answer.
type player struct {
	ctx   context.Context
	out   io.Writer
	json  bool
	req   query.PlayRequest
	lim   query.Limits
	in    *bufio.Scanner
	state query.PlayStep
	all   []report.Played // every move of the game, for --json
	err   error           // the first write error
	seen  map[string]int  // positions reached with the person to move (the repetition rule)
	bound func(ctx context.Context, f func(context.Context) error) error
}

func (p *player) printf(format string, args ...any) {
	if p.err == nil && !p.json {
		_, p.err = fmt.Fprintf(p.out, format, args...)
	}
}

// step plays one step from the current position and prints it.
func (p *player) step(move string, engine bool) error {
	req := p.req
	req.Move, req.Engine = move, engine
	var st query.PlayStep
	err := p.bound(p.ctx, func(ctx context.Context) (err error) {
		st, err = query.Play(ctx, req, p.lim)
		return err
	})
	if err != nil {
		return err
	}
	p.state, p.req.Position = st, st.Position
	p.all = append(p.all, st.Played...)
	if len(st.Played) > 0 && !p.json && p.err == nil {
		p.err = st.WriteText(p.out)
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
		if err := p.in.Err(); errors.Is(err, bufio.ErrTooLong) {
			return "", false, query.Badf("a line of input is over the limit of %d bytes", bufio.MaxScanTokenSize)
		}
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
	if first == "" && !p.json && !p.state.Over {
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
			if !p.json && errors.As(err, &qe) && qe.Kind == query.BadInput {
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
		if query.KindOf(err) == query.BadInput {
			return err
		}
		return query.Internalf("reading the moves: %v", err)
	}
	p.printf("\nThe input ended before the game did.\n")
	return p.finish()
}

// finish ends the game: the final state, with every move of the game.
func (p *player) finish() error {
	if p.err != nil {
		return query.Internalf("writing: %v", p.err)
	}
	p.state.Played = append([]report.Played{}, p.all...)
	return nil
}
