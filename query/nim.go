package query

import (
	"context"
	"strconv"
	"strings"

	"grundy/internal/cliarg"
	"grundy/nimber"
	"grundy/report"
)

// NimRequest asks for a nim-field operation: `grundy nim OP ARGS` and POST /api/nim. Args are
// the operands as the command line writes them (decimal or 0x hex); for "table" the side N; for
// "log" B, with the base A in Base (default the group generator). Wide works on nimbers below
// 2^65536 (add, mul, div, pow, inv, sqrt, square). Batch, with op "mul" and no Args, is the
// text `grundy nim mul --batch` reads: lines "A B", whose products are the answer.
type NimRequest struct {
	Op    string   `json:"op"`
	Args  []string `json:"args"`
	Base  string   `json:"base,omitempty"`
	Wide  bool     `json:"wide,omitempty"`
	Batch string   `json:"batch,omitempty"`
}

// nimArity lists the operations of NimRequest with their number of arguments.
var nimArity = map[string]int{"add": 2, "mul": 2, "div": 2, "pow": 2, "inv": 1, "sqrt": 1, "square": 1,
	"order": 1, "log": 1, "quadratic": 1, "table": 1}

// Nim answers a NimRequest: a report.Nim, a report.NimTable for "table" (its side at most
// lim.MaxTable), or a report.NimBatch for a Batch (at most lim.MaxList pairs).
func Nim(ctx context.Context, req NimRequest, lim Limits) (any, error) {
	out, err := nim(ctx, req, lim)
	if err != nil {
		return nil, classify(err, lim, false)
	}
	return out, nil
}

func nim(ctx context.Context, req NimRequest, lim Limits) (any, error) {
	n, ok := nimArity[req.Op]
	if !ok {
		return nil, Badf("unknown op %q: want add, mul, div, pow, square, sqrt, inv, order, log, quadratic or table", req.Op)
	}
	if req.Batch != "" {
		return nimBatchOf(ctx, req, lim)
	}
	if req.Base != "" && req.Op != "log" {
		return nil, Badf(`a base applies to op "log" only`)
	}
	if len(req.Args) != n {
		what := ""
		switch req.Op {
		case "log":
			what = " (B; the base goes apart)"
		case "table":
			what = " (the side N)"
		case "quadratic":
			what = " (A in x⊗x ⊕ x = A)"
		}
		return nil, Badf("%s takes %d argument(s)%s, got %d", req.Op, n, what, len(req.Args))
	}
	if req.Wide {
		return nimWide(req)
	}
	switch req.Op {
	case "table":
		return nimTable(ctx, req.Args[0], lim)
	case "log":
		return nimLog(req)
	}
	v, err := cliarg.Uint64s(req.Args)
	if err != nil {
		return nil, err
	}
	var r uint64
	switch req.Op {
	case "add":
		r = nimber.Add(v[0], v[1])
	case "mul":
		r = nimber.Mul(v[0], v[1])
	case "div":
		if v[1] == 0 {
			return nil, Badf("division by zero: div A 0 is undefined")
		}
		r = nimber.Div(v[0], v[1])
	case "pow":
		r = nimber.Pow(v[0], v[1])
	case "inv":
		if v[0] == 0 {
			return nil, Badf("inv 0 is undefined: 0 has no nim-inverse")
		}
		r = nimber.Inv(v[0])
	case "sqrt":
		r = nimber.Sqrt(v[0])
	case "square":
		r = nimber.Square(v[0])
	case "order":
		if v[0] == 0 {
			return nil, Badf("order 0 is undefined: no power of 0 is 1")
		}
		r = nimber.Order(v[0])
	case "quadratic":
		x, found := nimber.SolveQuadratic(v[0])
		if !found {
			return report.Nim{Op: req.Op, Args: req.Args}, nil
		}
		r = min(x, x^1)
	}
	return nimAnswer(req, r), nil
}

func nimAnswer(req NimRequest, r uint64) report.Nim {
	s := strconv.FormatUint(r, 10)
	return report.Nim{Op: req.Op, Args: req.Args, Base: req.Base, Result: &s}
}

// nimLog is the discrete logarithm: the least x with A^x = B, A the base (default the generator).
func nimLog(req NimRequest) (any, error) {
	b, err := cliarg.Uint64(req.Args[0])
	if err != nil {
		return nil, err
	}
	var x uint64
	var found bool
	if req.Base != "" {
		a, err := cliarg.Uint64(req.Base)
		if err != nil {
			return nil, Badf("base: %v", err)
		}
		x, found = nimber.LogBase(a, b)
	} else {
		if b == 0 {
			return nil, Badf("log 0 is undefined: 0 is no power of the generator")
		}
		x, found = nimber.Log(b)
	}
	if !found {
		return report.Nim{Op: req.Op, Args: req.Args, Base: req.Base}, nil
	}
	return nimAnswer(req, x), nil
}

// nimWide runs an operation on nimber.Big values. The exponent of pow stays a 64-bit number.
func nimWide(req NimRequest) (any, error) {
	v := make([]nimber.Big, len(req.Args))
	for i, s := range req.Args {
		if req.Op == "pow" && i == 1 {
			break
		}
		x, err := nimber.ParseBig(s)
		if err != nil {
			return nil, Badf("argument %d: %s", i+1, strings.TrimPrefix(err.Error(), "nimber: "))
		}
		v[i] = x
	}
	var r nimber.Big
	switch req.Op {
	case "add":
		r = v[0].Add(v[1])
	case "mul":
		r = v[0].Mul(v[1])
	case "div":
		if v[1].IsZero() {
			return nil, Badf("division by zero: div A 0 is undefined")
		}
		r = v[0].Div(v[1])
	case "pow":
		e, err := cliarg.Uint64(req.Args[1])
		if err != nil {
			return nil, Badf("argument 2: %v", err)
		}
		r = v[0].Pow(e)
	case "inv":
		if v[0].IsZero() {
			return nil, Badf("inv 0 is undefined: 0 has no nim-inverse")
		}
		r = v[0].Inv()
	case "sqrt":
		r = v[0].Sqrt()
	case "square":
		r = v[0].Square()
	default:
		return nil, Badf("--wide applies to add, mul, div, pow, inv, sqrt and square, not to %s", req.Op)
	}
	text := r.String()
	return report.Nim{Op: req.Op, Args: req.Args, Result: &text}, nil
}

// nimTable computes the n×n nim-product table (nimber.ProductTable).
func nimTable(ctx context.Context, arg string, lim Limits) (any, error) {
	v, err := cliarg.Uint64(arg)
	if err != nil {
		return nil, Badf("table size: %v", err)
	}
	if v == 0 {
		return nil, Badf("table size must be at least 1")
	}
	if lim.MaxTable > 0 && v > uint64(lim.MaxTable) {
		return nil, lim.over("max_table", lim.MaxTable, "table size %d is over the limit of %d", v, lim.MaxTable)
	}
	if v > 1<<16 {
		return nil, Badf("table size %d is too large: the limit is %d", v, 1<<16)
	}
	rows, err := nimber.ProductTable(ctx, int(v))
	if err != nil {
		return nil, classify(err, lim, false)
	}
	return report.NimTable{N: int(v), Table: rows}, nil
}
