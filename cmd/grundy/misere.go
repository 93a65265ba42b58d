package main

import (
	"context"
	"github.com/spf13/cobra"

	"grundy/query"
)

func newMisereCmd(a *app) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "misere CODE|kayles|dawson-kayles|grundy-game|nim|RULESET [flags]|--script FILE [--max-heap N] [--max-size S] [--stable K]",
		Short: "the misère quotient of a heap game: of the whole game when proved, or of heaps 0..N",
		Long: `misere prints the misère quotient (Plambeck–Siegel) of a heap game restricted to
heaps 0..N: its order |Q|, the P-portion, a presentation by generators
(heap sizes, named a, b, c, …) and relations, and the map heap → element, with the order of the
quotient for each smaller bound. A sum of heaps ≤ N is a misère P-position exactly when the
product of its heaps' elements lies in the P-portion. --max-size S stops when the quotient would
pass S elements (exit 2, saying how far it got); --stable K stops once K heaps in a row add no
element (an observation, not a proof that larger heaps add none).

Without --max-heap, a code (octal or hexadecimal, not Grundy's game) is computed heap by heap until
the periodicity theorem for misère quotients proves that the quotient is the whole game's (at most
to heap 255; "stopped: proved"), with the period and preperiod of the map heap → element; any
other game goes to heap 20. For a code the answer always says whether the whole game is proved.

The game is a take-and-break code (0.07, 4.7, grundy for Grundy's game), one of the names kayles,
dawson-kayles, grundy-game, nim, or a one-heap ruleset of the catalogue played on heap sizes,
with its flags (subtract --set 1,3,4, lasker, split-nim): every move from a heap must leave
smaller heaps. With --script FILE the game is a Starlark script (see 'grundy solve --help'): heap n is the
position n, and each of its moves, split by the script's split() into components, must be a sum of
smaller heaps (ints below n).

With --json: {"game", "max_heap", "stopped", "order", "p_order", "generators", "presentation",
"pretending" (heap n → element index), "elements" (index → name), "p_portion", "sizes",
"table" (the multiplication table by index, up to 1024 elements), "proved", "period", "preperiod",
"proved_at" (the heap where the proof closed; these three null when not proved)}.`,
		DisableFlagParsing: true,
		RunE: func(cmd *cobra.Command, args []string) error {
			g, done, err := a.parseCommandArgs(cmd, args, []string{"max-heap", "max-size", "stable", "script", "timeout", "max-memory"}, nil)
			if done || err != nil {
				return err
			}
			var req query.MisereRequest
			scriptFile := g.Own["script"]
			if (len(g.Args) == 1) == (scriptFile != "") || len(g.Args) > 1 {
				return badInput("misere takes a GAME (a code, kayles, dawson-kayles, grundy-game, nim, or a one-heap ruleset with its flags) or --script FILE")
			}
			if scriptFile != "" && len(g.Other) > 0 {
				return badInput("misere --script takes no ruleset flags")
			}
			// --timeout and --max-memory (and --script) as solve and seq read them.
			lim, err := a.scriptRequest(g, &req.Script, &req.ScriptName)
			if err != nil {
				return err
			}
			if scriptFile == "" {
				req.Game, req.Flags = g.Args[0], g.Other
			}
			req.MaxHeap = query.Arg(g.Own["max-heap"])
			req.MaxSize = query.Arg(g.Own["max-size"])
			req.Stable = query.Arg(g.Own["stable"])
			var out *query.MisereAnswer
			err = a.bounded(cmd.Context(), boundsOf(g, lim, scriptFile != ""), func(ctx context.Context) (err error) {
				out, err = query.Misere(ctx, req, lim)
				return err
			})
			if err != nil {
				return err
			}
			return a.emit(out, out.WriteText)
		},
	}
	// Declared for --help only: misere parses its own arguments (cliarg.SplitFlags), so that a
	// ruleset's flags (subtract --set 1,3,4) pass through.
	var maxHeap, maxSize, stable, scriptFile string
	cmd.Flags().StringVar(&maxHeap, "max-heap", "", "the largest heap (default: until proved for a code, else 20)")
	cmd.Flags().StringVar(&maxSize, "max-size", "", "stop past this many elements (default 16384)")
	cmd.Flags().StringVar(&stable, "stable", "", "stop once this many heaps in a row add nothing")
	cmd.Flags().StringVar(&scriptFile, "script", "", "a Starlark script whose moves are sums of smaller heaps")
	cmd.Flags().String("timeout", "", "stop after this long (30s, 2m), exit 2 (default: none; a script's budget with --script)")
	cmd.Flags().String("max-memory", "", "stop past this many MiB of memory, exit 2 (default: none; a script's budget with --script)")
	return cmd
}
