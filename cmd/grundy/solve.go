package main

import (
	"context"
	"errors"

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
	cmd.Flags().String("max-memory", cliarg.FormatMemory(script.DefaultMaxMemory), "the budget of memory growth (512M, 2G; a bare number is MiB) (rulesets: none unless given)")
	cmd.Flags().Int("max-positions", query.DefaultScriptPositions, "script mode: the most positions the search may keep")
}

func newSolveCmd(a *app) *cobra.Command {
	cmd := &cobra.Command{
		Use:                "solve RULESET [flags] POS… | solve --script FILE POS…",
		Short:              "outcome, Grundy value and winning moves of a position",
		Long:               help("solve"),
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
	// --timeout and --max-memory bound rulesets too (see bounded); the others are scripts' only.
	lim, err := boundLimits(g)
	if err != nil {
		return lim, err
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
