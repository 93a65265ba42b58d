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
func (a *app) basis(cmd *cobra.Command, req query.BasisRequest) error {
	req.Input = a.stdin
	var out any
	err := a.boundedCmd(cmd, func(ctx context.Context) (err error) {
		out, err = query.Basis(ctx, req, query.Limits{MaxList: maxListNumbers})
		return err
	})
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
	// sub is a subcommand: its arguments, the least number of them, and its request.
	sub := func(name, use, short string, min int, req func(args []string) query.BasisRequest) *cobra.Command {
		return &cobra.Command{Use: name + " " + use, Short: short, Long: help("basis-" + name), Args: minArgs(min),
			RunE: func(cmd *cobra.Command, args []string) error { return a.basis(cmd, req(args)) }}
	}
	nums := func(op string) func([]string) query.BasisRequest {
		return func(args []string) query.BasisRequest { return query.BasisRequest{Op: op, Numbers: args} }
	}
	addBoundFlags(cmd.PersistentFlags())
	cmd.AddCommand(
		sub("rank", "NUMS…", "the rank of the numbers over GF(2) (the dimension of their span)", 1, nums("rank")),
		sub("max", "NUMS…", "the largest XOR of a non-empty subset", 1, nums("max")),
		sub("min", "NUMS…", "the smallest XOR of a non-empty subset (0 when the numbers are dependent)", 1, nums("min")),
		sub("kth", "K NUMS…", "the K-th smallest distinct XOR of a non-empty subset (K = 1 is the smallest)", 2, func(args []string) query.BasisRequest {
			return query.BasisRequest{Op: "kth", K: args[0], Numbers: args[1:]}
		}),
		sub("contains", "X NUMS…", "whether X is the XOR of some subset of the numbers (yes/no)", 2, func(args []string) query.BasisRequest {
			return query.BasisRequest{Op: "contains", X: args[0], Numbers: args[1:]}
		}),
		sub("newnim", "HEAPS…", "New Nim (CQOI2013): least total the first player removes in round one to win", 1, nums("newnim")),
	)
	return cmd
}
