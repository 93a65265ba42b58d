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
		Long: `basis answers questions about the XORs of subsets of a list of numbers (vectors over GF(2)).

NUMS… are decimal or 0x hex numbers below 2^64; a single - reads them, whitespace-separated, from
stdin (for large inputs). max, min and kth range over NON-EMPTY subsets, so 0 is among the values
only when some non-empty subset XORs to 0 (the numbers are linearly dependent); contains allows the
empty subset, so 0 is always contained. With --json, 64-bit results are decimal strings (they
exceed 2^53, the limit of exact numbers in JSON readers).`,
		Args: cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return badInput("basis needs a subcommand: rank, max, min, kth, contains or newnim (see 'grundy basis --help')")
			}
			return badInput("unknown basis subcommand %q: use rank, max, min, kth, contains or newnim", args[0])
		},
	}
	cmd.AddCommand(
		basisSimpleCmd(a, "rank", "the rank of the numbers over GF(2) (the dimension of their span)",
			`rank prints the rank r of NUMS over GF(2). With --json: {"rank": r, "numbers": n,
"distinct": "d"} where n counts the numbers read and d is how many distinct values the XORs of
non-empty subsets take (2^r if the numbers are dependent, 2^r − 1 otherwise).`),
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
		Long: `kth prints the K-th smallest (K = 1 first) of the distinct values taken by XORs of non-empty
subsets of NUMS, as in HDU 3949: 0 is among them only when the numbers are dependent. K beyond
the number of distinct values is bad input (exit 2). With --json: {"k": "K", "kth": "v",
"distinct": "d"}.`,
		Args: minArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			return a.basis(cmd.Context(), query.BasisRequest{Op: "kth", K: args[0], Numbers: args[1:]})
		},
	}
}

func basisContainsCmd(a *app) *cobra.Command {
	return &cobra.Command{
		Use:   "contains X NUMS…",
		Short: "whether X is the XOR of some subset of the numbers (yes/no)",
		Long: `contains prints yes when X is the XOR of some subset of NUMS (the empty subset counts, so 0 is
always contained) and no otherwise. With --json: {"contains": true, "witness": [i, …],
"witness_values": ["v", …]} where the witness lists 0-based positions in NUMS of numbers whose XOR
is X (numbers independent of each other, so the witness is as short as the basis allows); the
witness fields are omitted when X is not contained.`,
		Args: minArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			return a.basis(cmd.Context(), query.BasisRequest{Op: "contains", X: args[0], Numbers: args[1:]})
		},
	}
}

func basisNewNimCmd(a *app) *cobra.Command {
	return &cobra.Command{
		Use:   "newnim HEAPS…",
		Short: "New Nim (CQOI2013): least total the first player removes in round one to win",
		Long: `newnim solves New Nim (Luogu P4301): in the first round each player in turn removes whole heaps
(any number, but never all that are left), then ordinary Nim follows with the first player to
move. It prints the least total size of the heaps the first player must remove to force a win,
or -1 when no first round wins (only when every heap is 0).

With --json: {"win": true, "taken": "t", "removed": [i, …], "kept": [i, …]} with 0-based heap
positions of one optimal first round; "taken" is a decimal string (it may exceed 2^64), null when
"win" is false.`,
		Args: minArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return a.basis(cmd.Context(), query.BasisRequest{Op: "newnim", Numbers: args})
		},
	}
}
