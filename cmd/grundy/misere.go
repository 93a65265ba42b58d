package main

import (
	"os"

	"github.com/spf13/cobra"

	"grundy/query"
)

func newMisereCmd(a *app) *cobra.Command {
	var req query.MisereRequest
	var maxHeap, maxSize, stable, scriptFile string
	cmd := &cobra.Command{
		Use:   "misere CODE|kayles|dawson-kayles|grundy-game|nim|--script FILE [--max-heap N] [--max-size S] [--stable K]",
		Short: "the misère quotient of a take-and-break game restricted to heaps 0..N",
		Long: `misere prints the misère quotient (Plambeck–Siegel) of a take-and-break game restricted to
heaps 0..N (--max-heap, default 20): its order |Q|, the P-portion, a presentation by generators
(heap sizes, named a, b, c, …) and relations, and the map heap → element, with the order of the
quotient for each smaller bound. A sum of heaps ≤ N is a misère P-position exactly when the
product of its heaps' elements lies in the P-portion. --max-size S stops when the quotient would
pass S elements (exit 2, saying how far it got); --stable K stops once K heaps in a row add no
element (an observation, not a proof that larger heaps add none).

With --script FILE the game is a Starlark script (see 'grundy solve --help'): heap n is the
position n, and each of its moves, split by the script's split() into components, must be a sum of
smaller heaps (ints below n).

With --json: {"game", "max_heap", "stopped", "order", "p_order", "generators", "presentation",
"pretending" (heap n → element index), "elements" (index → name), "p_portion", "sizes",
"table" (the multiplication table by index, up to 1024 elements)}.`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if (len(args) == 1) == (scriptFile != "") {
				return badInput("misere takes a GAME (a code, kayles, dawson-kayles, grundy-game or nim) or --script FILE")
			}
			if scriptFile != "" {
				src, err := os.ReadFile(scriptFile)
				if err != nil {
					return badInput("%v", err)
				}
				req.Script, req.ScriptName = string(src), scriptFile
			} else {
				req.Game = args[0]
			}
			req.MaxHeap = query.Arg(maxHeap)
			req.MaxSize = query.Arg(maxSize)
			req.Stable = query.Arg(stable)
			out, err := query.Misere(cmd.Context(), req, query.CLI())
			if err != nil {
				return err
			}
			return a.emit(out, out.WriteText)
		},
	}
	cmd.Flags().StringVar(&maxHeap, "max-heap", "", "the largest heap (default 20)")
	cmd.Flags().StringVar(&maxSize, "max-size", "", "stop past this many elements (default 16384)")
	cmd.Flags().StringVar(&stable, "stable", "", "stop once this many heaps in a row add nothing")
	cmd.Flags().StringVar(&scriptFile, "script", "", "a Starlark script whose moves are sums of smaller heaps")
	return cmd
}
