package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"grundy/game"
	"grundy/internal/cliarg"
	"grundy/report"
	"grundy/script"
)

// Limits of script runs on the command line (each can be raised with its flag).
const (
	defaultMaxPositions = 20_000_000
	maxScriptBytes      = 1 << 20
	maxSeqTo            = 10_000_000
)

// scriptFlagNames are the value flags of script mode, shared by solve and seq.
var scriptFlagNames = []string{"script", "max-steps", "timeout", "max-memory", "max-positions"}

func addScriptFlagDocs(cmd *cobra.Command) {
	// Declared for --help only: these commands parse their own arguments (parseGameArgs).
	cmd.Flags().String("script", "", "a game of your own: a Starlark file defining moves(pos) (and optionally split(pos))")
	cmd.Flags().Uint64("max-steps", script.DefaultMaxSteps, "script mode: the budget of Starlark execution steps")
	cmd.Flags().Duration("timeout", script.DefaultTimeout, "script mode: the budget of wall-clock time")
	cmd.Flags().Uint64("max-memory", script.DefaultMaxMemory>>20, "script mode: the budget of heap growth, in MiB")
	cmd.Flags().Int("max-positions", defaultMaxPositions, "script mode: the most positions the search may keep")
}

func newSolveCmd(a *app) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "solve RULESET [flags] POS… | solve --script FILE POS…",
		Short: "outcome, Grundy value and winning moves of a position",
		Long: `solve prints the outcome of a position (N: the player to move wins; P: the player to move
loses), its Grundy value and every winning move.

A built-in RULESET takes its own flags (--k 2, --set 2,5, …) and its position syntax; see
'grundy rules'. With --script FILE the game is yours: FILE is a Starlark script defining
moves(pos), which returns the list of positions one move reaches from pos, and optionally
split(pos), which returns independent components of pos (or None). Positions are ints, strings
and tuples of them, written as Starlark literals: 7, '"xx.x"', '(3, 4)'. Several positions
make a sum of games: the value is the XOR of theirs.

Scripts run sandboxed (no files, no network, no load()), within a budget of Starlark steps
(--max-steps), of time (--timeout) and of memory (--max-memory, MiB of heap growth); running
out of any, an error in the script (shown as file:line:col), a moves() that returns something
other than a list of positions, or a cycle in the moves, is bad input (exit 2) with a message
that says which.

--misere asks for the outcome in misère play (the last player to move loses), by search; the
value is then null. Misère values do not add up: for several positions the SJ theorem decides
the sum from the Grundy values when its condition holds (every position of value 0 that a
component can reach is terminal, as in Nim), and otherwise the sum itself is searched.

--loopy (scripts, one position) solves a game whose moves may have cycles: the outcome is N, P
or D (a draw: play goes on for ever under perfect play), by retrograde analysis of every
position reachable; the value is null.

With --json: {"ruleset", "position", "outcome": "N"|"P", "value": int|null,
"winning_moves": [{"move": "...", "to": ...}]}; for a script the ruleset is "script:FILE" and
positions are their canonical literals.`,
		DisableFlagParsing: true,
		RunE: func(cmd *cobra.Command, args []string) error {
			g, done, err := a.parseCommandArgs(cmd, args, scriptFlagNames, []string{"misere", "loopy"})
			if done || err != nil {
				return err
			}
			if file, ok := g.own["script"]; ok {
				if err := noRulesetFlags(g); err != nil {
					return err
				}
				if len(g.args) == 0 {
					return badInput("solve --script FILE takes at least one position (see 'grundy solve --help')")
				}
				return a.solveScript(cmd.Context(), file, g)
			}
			for _, f := range scriptFlagNames[1:] {
				if _, ok := g.own[f]; ok {
					return badInput("--%s applies to --script games only", f)
				}
			}
			if g.bools["loopy"] {
				return badInput("--loopy applies to --script games only")
			}
			if len(g.args) == 0 {
				return badInput("solve takes a RULESET and a position, or --script FILE and a position (see 'grundy solve --help')")
			}
			res, err := builtinRulesets().Solve(cmd.Context(), solveRequest{
				Ruleset: g.args[0], Flags: g.ruleset, Position: g.args[1:], Misere: g.bools["misere"],
			})
			if err != nil {
				return err
			}
			return a.emit(res, res.WriteText)
		},
	}
	addScriptFlagDocs(cmd)
	cmd.Flags().Bool("misere", false, "misère play: the last player to move loses (outcome only)")
	cmd.Flags().Bool("loopy", false, "script mode: a game whose moves may have cycles; outcome N, P or D (draw), no value")
	return cmd
}

// scriptSetup loads the script named by --script with the budgets of the flags, and returns it
// with a solver.
func scriptSetup(ctx context.Context, file string, g gameArgs) (*script.Game, *game.Solver[string], int, error) {
	lim := script.Limits{MaxSteps: script.DefaultMaxSteps, Timeout: script.DefaultTimeout, MaxMemory: script.DefaultMaxMemory}
	if s, ok := g.own["max-steps"]; ok {
		v, err := cliarg.Uint64(s)
		if err != nil || v == 0 {
			return nil, nil, 0, badInput("--max-steps: want a positive number of steps, got %q", s)
		}
		lim.MaxSteps = v
	}
	if s, ok := g.own["timeout"]; ok {
		d, err := time.ParseDuration(s)
		if err != nil || d <= 0 {
			return nil, nil, 0, badInput("--timeout: want a positive duration such as 30s or 2m, got %q", s)
		}
		lim.Timeout = d
	}
	if s, ok := g.own["max-memory"]; ok {
		v, err := cliarg.Uint64(s)
		if err != nil || v == 0 || v > 1<<40 {
			return nil, nil, 0, badInput("--max-memory: want a positive number of MiB up to 2^40, got %q", s)
		}
		lim.MaxMemory = v << 20
	}
	maxPos := defaultMaxPositions
	if s, ok := g.own["max-positions"]; ok {
		v, err := cliarg.Int(s, "--max-positions", 1<<40)
		if err != nil {
			return nil, nil, 0, err
		}
		if v == 0 {
			return nil, nil, 0, badInput("--max-positions must be positive")
		}
		maxPos = v
	}
	if file == "" {
		return nil, nil, 0, badInput("--script needs a file name")
	}
	st, err := os.Stat(file)
	if err != nil {
		return nil, nil, 0, badInput("script: %v", err)
	}
	if st.Size() > maxScriptBytes {
		return nil, nil, 0, badInput("script %s has %d bytes: the limit is %d", file, st.Size(), maxScriptBytes)
	}
	src, err := os.ReadFile(file)
	if err != nil {
		return nil, nil, 0, badInput("script: %v", err)
	}
	sg, err := script.Load(file, src, lim)
	if err != nil {
		return nil, nil, 0, badInput("%v", err)
	}
	return sg, game.NewSolver[string](sg, game.MaxPositions(maxPos), game.WithContext(ctx)), maxPos, nil
}

// searchError turns an error of the solver on a script into a message for the command line.
func searchError(err error) error {
	var le *game.LimitError
	if errors.As(err, &le) {
		return badInput("%v; raise it with --max-positions", err)
	}
	if errors.Is(err, context.Canceled) {
		return internalf("%v", err)
	}
	if errors.Is(err, game.ErrCycle) {
		return badInput("%v (--loopy gives the outcomes of games with cycles, draws included)", err)
	}
	return badInput("%v", err)
}

func (a *app) solveScript(ctx context.Context, file string, g gameArgs) error {
	sg, s, _, err := scriptSetup(ctx, file, g)
	if err != nil {
		return err
	}
	defer sg.Close()
	keys := make([]string, len(g.args))
	for i, lit := range g.args {
		if keys[i], err = sg.Position(lit); err != nil {
			return badInput("position %d: %v", i+1, err)
		}
	}
	name := "script:" + file
	if g.bools["loopy"] {
		if g.bools["misere"] || len(keys) != 1 {
			return badInput("--loopy takes one position and normal play (write a sum as one position of your game)")
		}
		out, err := s.LoopyOutcome(keys[0])
		if err != nil {
			return searchError(err)
		}
		res := report.NewSolve(name, keys[0], out)
		if out == game.NextWins {
			opts, outs, err := s.LoopyMoves(keys[0])
			if err != nil {
				return searchError(err)
			}
			for i, o := range opts {
				if outs[i] == game.PrevWins {
					res.WinningMoves = append(res.WinningMoves, report.Move{Move: o, To: o})
				}
			}
		}
		return a.emit(res, res.WriteText)
	}
	if g.bools["misere"] && len(keys) == 1 {
		out, err := s.MisereOutcome(keys[0])
		if err != nil {
			return searchError(err)
		}
		res := report.NewSolve(name, keys[0], out)
		if out == game.NextWins {
			win, err := s.MisereWinningMoves(keys[0])
			if err != nil {
				return searchError(err)
			}
			for _, o := range win {
				res.WinningMoves = append(res.WinningMoves, report.Move{Move: o, To: o})
			}
		}
		return a.emit(res, res.WriteText)
	}
	if g.bools["misere"] {
		// Misère values do not add up. Where the SJ theorem applies (every position of value 0
		// that a component can reach is terminal) the components' values decide the sum;
		// otherwise the engine searches the sum itself.
		outcome, winning := s.SJOutcome, s.SJWinningMoves
		out, err := outcome(keys)
		var notSJ *game.SJError[string]
		if errors.As(err, &notSJ) {
			outcome, winning = s.MisereSumOutcome, s.MisereSumWinningMoves
			out, err = outcome(keys)
		}
		if err != nil {
			return searchError(err)
		}
		res := report.NewSolve(name, keys, out)
		if out == game.NextWins {
			moves, err := winning(keys)
			if err != nil {
				return searchError(err)
			}
			res.WinningMoves = sumMoves(keys, moves)
		}
		return a.emit(res, func(w io.Writer) error { return writeSumText(w, res) })
	}
	if len(keys) == 1 {
		v, err := s.Value(keys[0])
		if err != nil {
			return searchError(err)
		}
		res := report.NewSolve(name, keys[0], outcomeOf(v))
		res.Value = &v
		if v != 0 {
			win, err := s.WinningMoves(keys[0])
			if err != nil {
				return searchError(err)
			}
			for _, o := range win {
				res.WinningMoves = append(res.WinningMoves, report.Move{Move: o, To: o})
			}
		}
		return a.emit(res, res.WriteText)
	}
	v, err := s.SumValue(keys)
	if err != nil {
		return searchError(err)
	}
	res := report.NewSolve(name, keys, outcomeOf(v))
	res.Value = &v
	moves, err := s.SumWinningMoves(keys)
	if err != nil {
		return searchError(err)
	}
	res.WinningMoves = sumMoves(keys, moves)
	return a.emit(res, func(w io.Writer) error { return writeSumText(w, res) })
}

// sumMoves writes the winning moves of a sum of script positions.
func sumMoves(keys []string, moves []game.SumMove[string]) []report.Move {
	out := []report.Move{}
	for _, m := range moves {
		to := append([]string(nil), keys...)
		to[m.Component] = m.To
		out = append(out, report.Move{
			Move: fmt.Sprintf("component %d: %s -> %s", m.Component+1, keys[m.Component], m.To),
			To:   to,
		})
	}
	return out
}

func outcomeOf(v uint64) game.Outcome {
	if v == 0 {
		return game.PrevWins
	}
	return game.NextWins
}

// writeSumText writes the answer for a sum of script positions, whose position is a list.
func writeSumText(w io.Writer, res report.Solve) error {
	keys, _ := res.Position.([]string)
	res.Position = strings.Join(keys, " + ")
	moves := make([]report.Move, len(res.WinningMoves))
	for i, m := range res.WinningMoves {
		to, _ := m.To.([]string)
		moves[i] = report.Move{Move: m.Move, To: strings.Join(to, " + ")}
	}
	res.WinningMoves = moves
	return res.WriteText(w)
}
