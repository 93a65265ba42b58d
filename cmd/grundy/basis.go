package main

import (
	"bufio"
	"fmt"
	"io"
	"strconv"

	"github.com/spf13/cobra"

	"grundy/internal/cliarg"
	"grundy/xorbasis"
)

// maxListNumbers bounds how many numbers a list read from stdin may hold (8 bytes each in memory).
const maxListNumbers = 1 << 26

// maxTokenLen bounds the length of one number on stdin (leading zeros included).
const maxTokenLen = 100

// numberList returns the numbers of a NUMS… argument list: the arguments themselves, or, when the
// list is the single argument "-", the whitespace-separated numbers on stdin. what names the list
// in messages ("numbers", "heaps", "divisors"). An empty list is bad input.
func (a *app) numberList(args []string, what string) ([]uint64, error) {
	var vs []uint64
	if len(args) == 1 && args[0] == "-" {
		var err error
		vs, err = readNumbers(a.stdin, maxListNumbers)
		if err != nil {
			return nil, err
		}
	} else {
		vs = make([]uint64, len(args))
		for i, s := range args {
			v, err := cliarg.Uint64(s)
			if err != nil {
				return nil, badInput("%s item %d: %v", what, i+1, err)
			}
			vs[i] = v
		}
	}
	if len(vs) == 0 {
		return nil, badInput("no %s given (list them as arguments, or give - to read them from stdin)", what)
	}
	return vs, nil
}

// readNumbers reads whitespace-separated numbers (decimal or 0x hex, as on the command line) from
// r until EOF. It refuses more than limit numbers, and any token that is not a number, naming its
// position (from 1). Plain decimal tokens are parsed without allocating.
func readNumbers(r io.Reader, limit int) ([]uint64, error) {
	br := bufio.NewReaderSize(r, 1<<16)
	var out []uint64
	var tok [maxTokenLen]byte
	n := 0 // length of the token being read
	long := false
	flush := func() error {
		if n == 0 && !long {
			return nil
		}
		pos := len(out) + 1
		if long {
			return badInput("stdin number %d is longer than %d characters", pos, maxTokenLen)
		}
		if len(out) == limit {
			return badInput("stdin holds more than %d numbers (the limit)", limit)
		}
		t := tok[:n]
		n = 0
		if v, ok := parseDecimal(t); ok {
			out = append(out, v)
			return nil
		}
		v, err := cliarg.Uint64(string(t))
		if err != nil {
			return badInput("stdin number %d: %v", pos, err)
		}
		out = append(out, v)
		return nil
	}
	for {
		c, err := br.ReadByte()
		if err == io.EOF {
			if err := flush(); err != nil {
				return nil, err
			}
			return out, nil
		}
		if err != nil {
			return nil, internalf("reading stdin: %v", err)
		}
		switch c {
		case ' ', '\t', '\n', '\r', '\v', '\f':
			if err := flush(); err != nil {
				return nil, err
			}
		default:
			if n == maxTokenLen {
				long = true
				continue
			}
			tok[n] = c
			n++
		}
	}
}

// parseDecimal parses 1 to 19 decimal digits (always below 2^64); anything else is left to
// cliarg.Uint64, which also produces the error messages.
func parseDecimal(t []byte) (uint64, bool) {
	if len(t) == 0 || len(t) > 19 {
		return 0, false
	}
	var v uint64
	for _, c := range t {
		if c < '0' || c > '9' {
			return 0, false
		}
		v = v*10 + uint64(c-'0')
	}
	return v, true
}

func u64s(v uint64) string { return strconv.FormatUint(v, 10) }

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
non-empty subsets take (2^r if the numbers are dependent, 2^r − 1 otherwise).`,
			func(b *xorbasis.Basis, _ []uint64) (any, string) {
				return struct {
					Rank     int    `json:"rank"`
					Numbers  int    `json:"numbers"`
					Distinct string `json:"distinct"`
				}{b.Rank(), b.Len(), b.Distinct().String()}, strconv.Itoa(b.Rank())
			}),
		basisSimpleCmd(a, "max", "the largest XOR of a non-empty subset",
			`max prints the largest XOR of a non-empty subset of NUMS. With --json: {"max": "v"}.`,
			func(b *xorbasis.Basis, _ []uint64) (any, string) {
				m, _ := b.Max()
				return struct {
					Max string `json:"max"`
				}{u64s(m)}, u64s(m)
			}),
		basisSimpleCmd(a, "min", "the smallest XOR of a non-empty subset (0 when the numbers are dependent)",
			`min prints the smallest XOR of a non-empty subset of NUMS: 0 when some non-empty subset XORs to
0, otherwise the smallest non-zero value of the span. With --json: {"min": "v"}.`,
			func(b *xorbasis.Basis, _ []uint64) (any, string) {
				m, _ := b.Min()
				return struct {
					Min string `json:"min"`
				}{u64s(m)}, u64s(m)
			}),
		basisKthCmd(a),
		basisContainsCmd(a),
		basisNewNimCmd(a),
	)
	return cmd
}

// buildBasis inserts the numbers in order.
func buildBasis(vs []uint64) *xorbasis.Basis {
	var b xorbasis.Basis
	for _, v := range vs {
		b.Insert(v)
	}
	return &b
}

// basisSimpleCmd makes a subcommand that reads NUMS…, builds a basis and reports one answer.
func basisSimpleCmd(a *app, name, short, long string, answer func(*xorbasis.Basis, []uint64) (any, string)) *cobra.Command {
	return &cobra.Command{
		Use:   name + " NUMS…",
		Short: short,
		Long:  long,
		Args:  minArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			vs, err := a.numberList(args, "numbers")
			if err != nil {
				return err
			}
			j, text := answer(buildBasis(vs), vs)
			return a.emit(j, func(w io.Writer) error {
				_, err := fmt.Fprintln(w, text)
				return err
			})
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
			k, err := cliarg.Uint64(args[0])
			if err != nil {
				return badInput("K: %v", err)
			}
			if k == 0 {
				return badInput("K must be at least 1 (K = 1 is the smallest value)")
			}
			vs, err := a.numberList(args[1:], "numbers")
			if err != nil {
				return err
			}
			b := buildBasis(vs)
			v, ok := b.KthSmallest(k)
			if !ok {
				return badInput("K = %d is out of range: the XORs of non-empty subsets take only %v distinct values", k, b.Distinct())
			}
			return a.emit(struct {
				K        string `json:"k"`
				Kth      string `json:"kth"`
				Distinct string `json:"distinct"`
			}{u64s(k), u64s(v), b.Distinct().String()}, func(w io.Writer) error {
				_, err := fmt.Fprintln(w, v)
				return err
			})
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
			x, err := cliarg.Uint64(args[0])
			if err != nil {
				return badInput("X: %v", err)
			}
			vs, err := a.numberList(args[1:], "numbers")
			if err != nil {
				return err
			}
			w, ok := buildBasis(vs).Represent(x)
			out := struct {
				Contains      bool      `json:"contains"`
				Witness       *[]int    `json:"witness,omitempty"`
				WitnessValues *[]string `json:"witness_values,omitempty"`
			}{Contains: ok}
			if ok {
				vals := make([]string, len(w))
				for i, j := range w {
					vals[i] = u64s(vs[j])
				}
				if w == nil {
					w = []int{}
				}
				out.Witness, out.WitnessValues = &w, &vals
			}
			return a.emit(out, func(wr io.Writer) error {
				ans := "no"
				if ok {
					ans = "yes"
				}
				_, err := fmt.Fprintln(wr, ans)
				return err
			})
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
			heaps, err := a.numberList(args, "heaps")
			if err != nil {
				return err
			}
			res, ok := xorbasis.NewNim(heaps)
			out := struct {
				Win     bool    `json:"win"`
				Taken   *string `json:"taken"`
				Removed []int   `json:"removed"`
				Kept    []int   `json:"kept"`
			}{Win: ok, Removed: []int{}, Kept: []int{}}
			text := "-1"
			if ok {
				t := res.Taken.String()
				out.Taken, out.Removed, out.Kept, text = &t, res.Removed, res.Kept, t
			}
			return a.emit(out, func(w io.Writer) error {
				_, err := fmt.Fprintln(w, text)
				return err
			})
		},
	}
}
