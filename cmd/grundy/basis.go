package main

import (
	"context"
	"io"

	"github.com/spf13/cobra"

	"grundy/query"
)

// maxListNumbers bounds how many numbers a list read from stdin may hold (8 bytes each in memory).
const maxListNumbers = 1 << 26

// basis answers a basis question and prints it.
func (a *app) basis(ctx context.Context, req query.BasisRequest) error {
	req.Input = a.stdin
	out, err := query.Basis(ctx, req, query.Limits{MaxList: maxListNumbers})
	if err != nil {
		return err
	}
	return a.emit(out, out.(interface{ WriteText(io.Writer) error }).WriteText)
}

func newBasisCmd(a *app) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "basis",
		Short: "XOR linear basis queries: rank, max, min, kth, contains, newnim",
		Long:  help("basis"),
		Args:  cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return badInput("basis needs a subcommand: rank, max, min, kth, contains or newnim (see 'grundy basis --help')")
			}
			return badInput("unknown basis subcommand %q: use rank, max, min, kth, contains or newnim", args[0])
		},
	}
	cmd.AddCommand(
		basisSimpleCmd(a, "rank", "the rank of the numbers over GF(2) (the dimension of their span)",
			help("basis-rank")),
		basisSimpleCmd(a, "max", "the largest XOR of a non-empty subset",
			`max prints the largest XOR of a non-empty subset of NUMS. With --json: {"max": "v"}.`),
		basisSimpleCmd(a, "min", "the smallest XOR of a non-empty subset (0 when the numbers are dependent)",
			`min prints the smallest XOR of a non-empty subset of NUMS: 0 when some non-empty subset XORs to
0, otherwise the smallest non-zero value of the span. With --json: {"min": "v"}.`),
		basisKthCmd(a),
		basisContainsCmd(a),
		basisNewNimCmd(a),
	)
	return cmd
}

// basisSimpleCmd makes a subcommand that asks one question of NUMS….
func basisSimpleCmd(a *app, name, short, long string) *cobra.Command {
	return &cobra.Command{
		Use:   name + " NUMS…",
		Short: short,
		Long:  long,
		Args:  minArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return a.basis(cmd.Context(), query.BasisRequest{Op: name, Numbers: args})
		},
	}
}

func basisKthCmd(a *app) *cobra.Command {
	return &cobra.Command{
		Use:   "kth K NUMS…",
		Short: "the K-th smallest distinct XOR of a non-empty subset (K = 1 is the smallest)",
		Long:  help("basis-kth"),
		Args:  minArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			return a.basis(cmd.Context(), query.BasisRequest{Op: "kth", K: args[0], Numbers: args[1:]})
		},
	}
}

func basisContainsCmd(a *app) *cobra.Command {
	return &cobra.Command{
		Use:   "contains X NUMS…",
		Short: "whether X is the XOR of some subset of the numbers (yes/no)",
		Long:  help("basis-contains"),
		Args:  minArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			return a.basis(cmd.Context(), query.BasisRequest{Op: "contains", X: args[0], Numbers: args[1:]})
		},
	}
}

func basisNewNimCmd(a *app) *cobra.Command {
	return &cobra.Command{
		Use:   "newnim HEAPS…",
		Short: "New Nim (CQOI2013): least total the first player removes in round one to win",
		Long:  help("basis-newnim"),
		Args:  minArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return a.basis(cmd.Context(), query.BasisRequest{Op: "newnim", Numbers: args})
		},
	}
}
