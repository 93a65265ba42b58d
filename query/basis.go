package query

import (
	"context"
	"fmt"
	"io"
	"strconv"

	"grundy/incexc"
	"grundy/internal/cliarg"
	"grundy/report"
	"grundy/xorbasis"
)

// MaxNumberLen bounds the length of one number in a list read from a stream (leading zeros
// included).
const MaxNumberLen = 100

// BasisRequest asks a question about the XORs of subsets of a list of numbers: `grundy basis OP`.
// Op is rank, max, min, kth (with K), contains (with X) or newnim. Numbers are the list as the
// command line writes it; the single entry "-" reads the list, white-space separated, from Input.
type BasisRequest struct {
	Op      string    `json:"op"`
	K       string    `json:"k,omitempty"`
	X       string    `json:"x,omitempty"`
	Numbers []string  `json:"numbers"`
	Input   io.Reader `json:"-"`
}

// Basis answers a BasisRequest with one of the report.Basis… answers. A list read from Input
// holds at most lim.MaxList numbers.
func Basis(ctx context.Context, req BasisRequest, lim Limits) (any, error) {
	out, err := basis(ctx, req, lim)
	if err != nil {
		return nil, classify(err, lim, false)
	}
	return out, nil
}

func basis(ctx context.Context, req BasisRequest, lim Limits) (any, error) {
	what := "numbers"
	if req.Op == "newnim" {
		what = "heaps"
	}
	var k, x uint64
	var err error
	switch req.Op {
	case "rank", "max", "min", "newnim":
	case "kth":
		if k, err = cliarg.Uint64(req.K); err != nil {
			return nil, Badf("K: %v", err)
		}
		if k == 0 {
			return nil, Badf("K must be at least 1 (K = 1 is the smallest value)")
		}
	case "contains":
		if x, err = cliarg.Uint64(req.X); err != nil {
			return nil, Badf("X: %v", err)
		}
	default:
		return nil, Badf("unknown basis question %q: use rank, max, min, kth, contains or newnim", req.Op)
	}
	vs, err := numberList(req.Numbers, req.Input, what, lim)
	if err != nil {
		return nil, err
	}
	if req.Op == "newnim" {
		return report.NewBasisNewNim(vs), nil
	}
	var b xorbasis.Basis
	for i, v := range vs {
		if i%(1<<16) == 0 && ctx.Err() != nil {
			return nil, classify(ctx.Err(), lim, false)
		}
		b.Insert(v)
	}
	u := func(v uint64) string { return strconv.FormatUint(v, 10) }
	switch req.Op {
	case "rank":
		return report.NewBasisRank(&b), nil
	case "max":
		m, _ := b.Max()
		return report.BasisMax{Max: u(m)}, nil
	case "min":
		m, _ := b.Min()
		return report.BasisMin{Min: u(m)}, nil
	case "kth":
		v, ok := b.KthSmallest(k)
		if !ok {
			return nil, Badf("K = %d is out of range: the XORs of non-empty subsets take only %v distinct values", k, b.Distinct())
		}
		return report.BasisKth{K: u(k), Kth: u(v), Distinct: b.Distinct().String()}, nil
	}
	return report.NewBasisContains(&b, x, vs), nil // contains
}

// CountRequest asks how many of From..N are divisible by at least one of the divisors:
// `grundy count`. From defaults to 1; Divisors "-" reads them from Input, as in BasisRequest.
type CountRequest struct {
	N        string    `json:"n"`
	From     string    `json:"from,omitempty"`
	Divisors []string  `json:"divisors"`
	Input    io.Reader `json:"-"`
	// Terms asks for the terms of inclusion–exclusion, one per non-empty set of the divisors,
	// when there are at most MaxCountTerms divisors (the page's explanation); with more, the
	// answer says so in TermsOmitted.
	Terms bool `json:"terms,omitempty"`
}

// MaxCountTerms is the most divisors whose inclusion–exclusion terms a Count lists (2^6 − 1 = 63
// terms).
const MaxCountTerms = 6

// Count answers a CountRequest. A count that needs more inclusion–exclusion terms than
// incexc allows is bad input (the limit is the algorithm's, not the caller's).
func Count(ctx context.Context, req CountRequest, lim Limits) (report.Count, error) {
	out, err := count(ctx, req, lim)
	if err != nil {
		return report.Count{}, classify(err, lim, false)
	}
	return out, nil
}

func count(ctx context.Context, req CountRequest, lim Limits) (report.Count, error) {
	n, err := cliarg.Uint64(req.N)
	if err != nil {
		return report.Count{}, Badf("N: %v", err)
	}
	lo := uint64(1)
	if req.From != "" {
		if lo, err = cliarg.Uint64(req.From); err != nil {
			return report.Count{}, Badf("--from: %v", err)
		}
		if lo == 0 {
			return report.Count{}, Badf("--from must be at least 1")
		}
		if lo > n {
			return report.Count{}, Badf("--from %d is above N = %d: the range is empty", lo, n)
		}
	}
	ds, err := numberList(req.Divisors, req.Input, "divisors", lim)
	if err != nil {
		return report.Count{}, err
	}
	for i, d := range ds {
		if d == 0 {
			return report.Count{}, Badf("divisor %d is 0: divisors must be positive", i+1)
		}
	}
	if err := ctx.Err(); err != nil {
		return report.Count{}, classify(err, lim, false)
	}
	c, err := incexc.CountRange(lo, n, ds)
	if err != nil {
		return report.Count{}, classify(err, lim, false) // too many terms: bad input (see overLimit)
	}
	u := func(v uint64) string { return strconv.FormatUint(v, 10) }
	out := report.Count{From: u(lo), N: u(n), Count: u(c)}
	switch {
	case req.Terms && len(ds) <= MaxCountTerms:
		out.Terms = report.NewCountTerms(incexc.Terms(lo, n, ds))
	case req.Terms:
		out.TermsOmitted = fmt.Sprintf("the terms are listed for at most %d divisors (%d terms); %d were given (%d terms)",
			MaxCountTerms, 1<<MaxCountTerms-1, len(ds), uint64(1)<<len(ds)-1)
	}
	return out, nil
}

// numberList returns the numbers of a list (cliarg.List): at most lim.MaxArgs given as strings,
// at most lim.MaxList read from input. what names the list in messages.
func numberList(args []string, input io.Reader, what string, lim Limits) ([]uint64, error) {
	if stdin := len(args) == 1 && args[0] == "-"; !stdin && lim.MaxArgs > 0 && len(args) > lim.MaxArgs {
		return nil, lim.over("max_args", lim.MaxArgs, "%s has %d entries: the limit is %d", what, len(args), lim.MaxArgs)
	}
	limit := lim.MaxList
	if limit <= 0 {
		limit = 1 << 62
	}
	vs, err := cliarg.List(args, input, what, limit, MaxNumberLen)
	if err != nil && !cliarg.IsInput(err) {
		return nil, Internalf("reading stdin: %v", err)
	}
	return vs, classify(err, lim, false)
}
