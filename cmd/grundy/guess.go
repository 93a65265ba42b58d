package main

import (
	"context"
	"strconv"

	"github.com/spf13/cobra"

	"grundy/query"
)

func newGuessCmd(a *app) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "guess RULESET [flags] [--to N] | guess --script FILE [--heaps K] [--to N]",
		Short: "find the rule: what a game's values follow, proved where a theorem applies",
		Long: `guess computes a game's values and reports, ranked, what it recognises: periods (arithmetic too),
closed forms (n mod k, 2^v2(n), 2n + [n evil], …), identity with a known game (take-and-break
codes 0.ddd, subtraction sets inside {1..10}, the catalogue's one-heap rulesets; shifted, or
doubled with a parity bit), for tables g(x, y) sums f(x) ⊕ h(y), nim-products f(x) ⊗ h(y) and
rules for the P-positions (diagonal, residue classes, Beatty pairs with α named), and for k heaps
a rule on the heaps' bits (Moore's Nim_k). Each finding says the range it was checked on and is
"proved" only where a theorem applies to the game as given (the octal periodicity theorem, the
subtraction-game theorem, a ruleset's own theory), else "conjecture". A script's findings are
always conjectures; an identity with a known game carries that game's proved facts ("if the
identity holds, so does the period"). Near misses give their first counterexample.

With --script FILE the positions are the ints 0..N (--heaps 1, the default; N defaults to
1000), the pairs (x, y) for 0 ≤ x, y ≤ N (--heaps 2: a table, N defaults to 32; a coin game's
script takes (x, y) as one coin), or k-tuples of heaps (--heaps k ≥ 3: outcomes, N defaults to
7). Scripts have the budgets of 'grundy solve --help'.`,
		DisableFlagParsing: true,
		RunE: func(cmd *cobra.Command, args []string) error {
			g, done, err := a.parseCommandArgs(cmd, args, append([]string{"to", "heaps"}, scriptFlagNames...), nil)
			if done || err != nil {
				return err
			}
			req := query.GuessRequest{Flags: g.Other, To: query.Arg(g.Own["to"])}
			if s, ok := g.Own["heaps"]; ok {
				if req.Heaps, err = strconv.Atoi(s); err != nil || req.Heaps < 1 {
					return badInput("--heaps: want a number from 1 to 8, got %q", s)
				}
			}
			lim, err := a.scriptRequest(g, &req.Script, &req.ScriptName)
			if err != nil {
				return err
			}
			if req.Script == "" {
				if len(g.Args) != 1 {
					return badInput("guess takes one RULESET, or --script FILE (see 'grundy guess --help')")
				}
				req.Ruleset = g.Args[0]
			} else if len(g.Args) != 0 {
				return badInput("guess --script FILE takes no positions, got %q", g.Args[0])
			}
			var res query.Answer
			err = a.bounded(cmd.Context(), boundsOf(g, lim, req.Script != ""), func(ctx context.Context) (err error) {
				res, err = query.Guess(ctx, req, lim)
				return err
			})
			if err != nil {
				return err
			}
			return a.emit(res, res.WriteText)
		},
	}
	cmd.Flags().String("to", "", "the last heap or coordinate N")
	cmd.Flags().Int("heaps", 1, "script mode: 1 (ints), 2 (pairs x, y: a table) or k ≥ 3 (k-tuples of heaps: outcomes)")
	addScriptFlagDocs(cmd)
	return cmd
}
