package web

import (
	"context"
	"strconv"

	"grundy/internal/cliarg"
	"grundy/nimber"
)

// NimRequest is the body of POST /api/nim: an operation of `grundy nim` and its argument strings,
// decimal or 0x hex (for "table": the side N; for "log": B, with the base A in Base, optional).
type NimRequest struct {
	Op   string   `json:"op"`
	Args []string `json:"args"`
	Base string   `json:"base,omitempty"`
}

// NimResult is the answer of POST /api/nim for the field operations, the document `grundy nim OP
// ARGS --json` prints. Result is a decimal string, since it may exceed 2^53, which JavaScript
// numbers cannot hold exactly; it is null when there is no result (a logarithm that does not exist).
type NimResult struct {
	Op     string   `json:"op"`
	Args   []string `json:"args"`
	Base   string   `json:"base,omitempty"`
	Result *string  `json:"result"`
}

// NimTable is the answer of POST /api/nim with op "table", the document `grundy nim table N --json`
// prints: Table[a][b] = a ⊗ b for 0 ≤ a, b < N. Its entries are below 2^16 for every N the server
// allows, so they travel as JSON numbers.
type NimTable struct {
	N     int        `json:"n"`
	Table [][]uint64 `json:"table"`
}

// nimOps are the field operations of /api/nim: the argument count and the function.
var nimOps = map[string]struct {
	arity int
	f     func(a []uint64) (uint64, error)
}{
	"add": {2, func(a []uint64) (uint64, error) { return nimber.Add(a[0], a[1]), nil }},
	"mul": {2, func(a []uint64) (uint64, error) { return nimber.Mul(a[0], a[1]), nil }},
	"div": {2, func(a []uint64) (uint64, error) {
		if a[1] == 0 {
			return 0, cliarg.Errorf("division by zero: 0 has no nim-inverse")
		}
		return nimber.Div(a[0], a[1]), nil
	}},
	"pow":    {2, func(a []uint64) (uint64, error) { return nimber.Pow(a[0], a[1]), nil }},
	"square": {1, func(a []uint64) (uint64, error) { return nimber.Square(a[0]), nil }},
	"sqrt":   {1, func(a []uint64) (uint64, error) { return nimber.Sqrt(a[0]), nil }},
	"order": {1, func(a []uint64) (uint64, error) {
		if a[0] == 0 {
			return 0, cliarg.Errorf("order 0 is undefined: no power of 0 is 1")
		}
		return nimber.Order(a[0]), nil
	}},
	"inv": {1, func(a []uint64) (uint64, error) {
		if a[0] == 0 {
			return 0, cliarg.Errorf("0 has no nim-inverse")
		}
		return nimber.Inv(a[0]), nil
	}},
}

func (s *Server) nim(ctx context.Context, r *NimRequest) (any, error) {
	if r.Base != "" && r.Op != "log" {
		return nil, badRequest(`"base" applies to op "log" only`)
	}
	switch r.Op {
	case "table":
		return s.nimTable(ctx, r.Args)
	case "log":
		return nimLog(r)
	case "quadratic":
		return nimQuadratic(r)
	}
	op, ok := nimOps[r.Op]
	if !ok {
		return nil, badRequest("unknown op %q: want add, mul, div, pow, square, sqrt, inv, order, log, quadratic or table", r.Op)
	}
	if len(r.Args) != op.arity {
		return nil, badRequest("%s takes %d argument(s), got %d", r.Op, op.arity, len(r.Args))
	}
	a, err := cliarg.Uint64s(r.Args)
	if err != nil {
		return nil, err
	}
	v, err := op.f(a)
	if err != nil {
		return nil, err
	}
	res := strconv.FormatUint(v, 10)
	return NimResult{Op: r.Op, Args: r.Args, Result: &res}, nil
}

// nimLog is the discrete logarithm: the least x with A^x = B, A the base (default the generator).
func nimLog(r *NimRequest) (any, error) {
	if len(r.Args) != 1 {
		return nil, badRequest("log takes 1 argument (B; the base goes in \"base\"), got %d", len(r.Args))
	}
	b, err := cliarg.Uint64(r.Args[0])
	if err != nil {
		return nil, err
	}
	var x uint64
	var found bool
	if r.Base != "" {
		a, err := cliarg.Uint64(r.Base)
		if err != nil {
			return nil, cliarg.Errorf("base: %v", err)
		}
		x, found = nimber.LogBase(a, b)
	} else {
		if b == 0 {
			return nil, cliarg.Errorf("log 0 is undefined: 0 is no power of the generator")
		}
		x, found = nimber.Log(b)
	}
	out := NimResult{Op: "log", Args: r.Args, Base: r.Base}
	if found {
		res := strconv.FormatUint(x, 10)
		out.Result = &res
	}
	return out, nil
}

// nimQuadratic solves x⊗x ⊕ x = A: the smaller root x (the other is x ⊕ 1), or a null result when
// there is none (exactly when the trace of A is 1).
func nimQuadratic(r *NimRequest) (any, error) {
	if len(r.Args) != 1 {
		return nil, badRequest("quadratic takes 1 argument (A in x⊗x ⊕ x = A), got %d", len(r.Args))
	}
	a, err := cliarg.Uint64(r.Args[0])
	if err != nil {
		return nil, err
	}
	out := NimResult{Op: "quadratic", Args: r.Args}
	if x, ok := nimber.SolveQuadratic(a); ok {
		res := strconv.FormatUint(min(x, x^1), 10)
		out.Result = &res
	}
	return out, nil
}

func (s *Server) nimTable(ctx context.Context, args []string) (any, error) {
	if len(args) != 1 {
		return nil, badRequest("table takes 1 argument (the side N), got %d", len(args))
	}
	v, err := cliarg.Uint64(args[0])
	if err != nil {
		return nil, cliarg.Errorf("table size: %v", err)
	}
	if v == 0 {
		return nil, cliarg.Errorf("table size must be at least 1")
	}
	if v > uint64(s.limits.MaxTable) {
		return nil, overLimit("max_table", s.limits.MaxTable, "table size %d is over the limit of %d", v, s.limits.MaxTable)
	}
	n := int(v)
	xs := make([]uint64, n)
	for i := range xs {
		xs[i] = uint64(i)
	}
	as := make([]uint64, n)
	rows := make([][]uint64, n)
	for a := range rows {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		for i := range as {
			as[i] = uint64(a)
		}
		rows[a] = make([]uint64, n)
		nimber.MulSlice(rows[a], as, xs)
	}
	return NimTable{N: n, Table: rows}, nil
}
