package main

import (
	"context"
	"errors"
	"time"

	"github.com/spf13/cobra"

	"grundy/internal/cliarg"
	"grundy/internal/regfile"
	"grundy/query"
	"grundy/script"
)

// scriptFlagNames are the value flags of script mode, shared by solve, seq and play.
var scriptFlagNames = []string{"script", "max-steps", "timeout", "max-memory", "max-positions"}

func addScriptFlagDocs(cmd *cobra.Command) {
	// Declared for --help only: these commands parse their own arguments (cliarg.SplitFlags).
	cmd.Flags().String("script", "", "a game of your own: a Starlark file defining moves(pos) (and optionally split(pos))")
	cmd.Flags().Uint64("max-steps", script.DefaultMaxSteps, "script mode: the budget of Starlark execution steps")
	cmd.Flags().Duration("timeout", script.DefaultTimeout, "the budget of wall-clock time (rulesets: none unless given)")
	cmd.Flags().Uint64("max-memory", script.DefaultMaxMemory>>20, "the budget of memory growth, in MiB (rulesets: none unless given)")
	cmd.Flags().Int("max-positions", query.DefaultScriptPositions, "script mode: the most positions the search may keep")
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

--timeout and --max-memory (MiB) bound any computation, a ruleset's too (for rulesets only when
given): past either, it stops with exit 2 and a message naming the flag. A bounded command runs
in a supervised copy of grundy that is killed if it overruns (a quarter more memory, or two
seconds more time), so the bounds hold whatever the script or the search does.

--misere asks for the outcome in misère play (the last player to move loses), by search; the
value is then null. Misère values do not add up: for several positions the SJ theorem decides
the sum from the Grundy values when its condition holds (every position of value 0 that a
component can reach is terminal, as in Nim), and otherwise the sum itself is searched.
For the take-and-break rulesets (kayles, dawson-kayles, grundy-game, octal --code C) a misère
sum of heaps ≤ 40 is decided through the misère quotient of heaps up to the largest one (see
'grundy misere'), in time linear in the number of heaps, with the winning moves (the moves into
the P-portion); the method says so. Beyond that bound it falls back to the search. So do
one-heap rulesets played on heap sizes (subtract, lasker, split-nim, …) and a script's heap
game: each position an int heap, or a position that the script's split() breaks into int heaps
(such as (1, 3) in examples/kayles-heaps.star, whose winning moves are then the script's own
moves into the P-portion). When a script's sum is searched instead, the method says why (a
position that is no heap and that split() does not break into heaps, a heap past 40, moves that
are not sums of smaller heaps, a quotient past 2048 elements).

--loopy (scripts) solves a game whose moves may have cycles by its generalized Sprague–Grundy
values (Smith; Fraenkel–Yesha): each position is worth a nimber (printed 3) or ∞(K) (printed
∞{0,2}), K the finite values of its options. The outcome is P for 0, N for another nimber or an
∞ whose set holds 0, and D otherwise (a draw: play goes on for ever under perfect play). Several
positions are a sum, decided from the components' values: a ⊕ b; a + ∞(K) = ∞(K ⊕ a); two ∞
make a draw. The answer lists the winning moves, or for a draw the moves that keep it. The
rulesets with cycles (windup, square-but-one) are always answered this way, heaps as a sum.

With --json: {"ruleset", "position": [...], "outcome": "N"|"P"|"D", "value": "<decimal>"|null,
"winning_moves": [{"move": "...", "to": [...]}], "winning_moves_complete", "method"} — the value
is a decimal string (it can exceed 2^53); positions are lists of argument strings. For a script
the ruleset is "script:FILE" and positions are their canonical literals. With --loopy the value
is "3" or {"infinite": true, "set": [0, 2]}, a sum adds "components" (their values) and a draw
"drawing_moves". POST /api/solve answers the same document.`,
		DisableFlagParsing: true,
		RunE: func(cmd *cobra.Command, args []string) error {
			g, done, err := a.parseCommandArgs(cmd, args, scriptFlagNames, []string{"misere", "loopy"})
			if done || err != nil {
				return err
			}
			req := query.SolveRequest{Flags: g.Other, Misere: g.Bools["misere"], Loopy: g.Bools["loopy"]}
			lim, err := a.scriptRequest(g, &req.Script, &req.ScriptName)
			if err != nil {
				return err
			}
			if req.Script != "" {
				req.Position = g.Args
				if len(req.Position) == 0 {
					return badInput("solve --script FILE takes at least one position (see 'grundy solve --help')")
				}
			} else {
				if len(g.Args) == 0 {
					return badInput("solve takes a RULESET and a position, or --script FILE and a position (see 'grundy solve --help')")
				}
				req.Ruleset, req.Position = g.Args[0], g.Args[1:]
			}
			var res query.Answer
			err = a.bounded(cmd.Context(), boundsOf(g, lim, req.Script != ""), func(ctx context.Context) (err error) {
				res, err = query.Solve(ctx, req, lim)
				return err
			})
			if err != nil {
				return err
			}
			return a.emit(res, res.WriteText)
		},
	}
	addScriptFlagDocs(cmd)
	cmd.Flags().Bool("misere", false, "misère play: the last player to move loses (outcome only)")
	cmd.Flags().Bool("loopy", false, "script mode: a game whose moves may have cycles; loopy values (3 or ∞{0,2}), outcome N, P or D (draw), sums by the values")
	return cmd
}

// scriptRequest reads the script named by --script, if any, into *src and *name, and returns
// the command line's limits with the script budgets of the flags. Without --script, the script
// flags are refused.
func (a *app) scriptRequest(g gameArgs, src, name *string) (query.Limits, error) {
	lim := query.CLI()
	// --timeout and --max-memory bound rulesets too (see bounded); the others are scripts' only.
	if s, ok := g.Own["timeout"]; ok {
		d, err := time.ParseDuration(s)
		if err != nil || d <= 0 {
			return lim, badInput("--timeout: want a positive duration such as 30s or 2m, got %q", s)
		}
		lim.ScriptTimeout = d
	}
	if s, ok := g.Own["max-memory"]; ok {
		v, err := cliarg.Uint64(s)
		if err != nil || v == 0 || v > 1<<40 {
			return lim, badInput("--max-memory: want a positive number of MiB up to 2^40, got %q", s)
		}
		lim.ScriptMemory = v << 20
	}
	file, ok := g.Own["script"]
	if !ok {
		for _, f := range scriptFlagNames[1:] {
			if _, ok := g.Own[f]; ok && f != "timeout" && f != "max-memory" {
				return lim, badInput("--%s applies to --script games only", f)
			}
		}
		return lim, nil
	}
	if err := noRulesetFlags(g); err != nil {
		return lim, err
	}
	if s, ok := g.Own["max-steps"]; ok {
		v, err := cliarg.Uint64(s)
		if err != nil || v == 0 {
			return lim, badInput("--max-steps: want a positive number of steps, got %q", s)
		}
		lim.ScriptSteps = v
	}
	if s, ok := g.Own["max-positions"]; ok {
		v, err := cliarg.Int(s, "--max-positions", 1<<40)
		if err != nil {
			return lim, err
		}
		if v == 0 {
			return lim, badInput("--max-positions must be positive")
		}
		lim.ScriptPositions = v
	}
	if file == "" {
		return lim, badInput("--script needs a file name")
	}
	b, err := readScript(file, lim.MaxScriptBytes)
	if err != nil {
		return lim, err
	}
	*src, *name = b, file
	return lim, nil
}

// readScript reads the script file named by --script: a regular file of at most limit bytes,
// read without blocking on a FIFO and without reading past the limit whatever the file's size
// claims (/dev/zero has size 0 and no end).
func readScript(file string, limit int) (string, error) {
	b, err := regfile.Read(file, int64(limit))
	var tl *regfile.TooLargeError
	switch {
	case errors.As(err, &tl):
		return "", query.Limitf("max_script_bytes", limit, "script %s is over the limit of %d bytes", file, limit)
	case err != nil:
		return "", badInput("script: %v", err)
	case len(b) == 0:
		return "", badInput("script %s is empty: want a Starlark script defining moves(pos)", file)
	}
	return string(b), nil
}
