package query

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"grundy/internal/cliarg"
	"grundy/report"
)

// userFault fails t unless err is nil or the user's (bad input, over a limit): fuzzed requests
// must never be an internal failure.
func userFault(t *testing.T, what string, err error) {
	t.Helper()
	if err != nil && KindOf(err) != BadInput && KindOf(err) != OverLimit {
		t.Fatalf("%s: %v (kind %v), not the user's fault", what, err, KindOf(err))
	}
}

// FuzzNim: nim expressions as the command line and the page give them (an operation, operands,
// a base, wide or not) are answered or refused as the user's fault; add is XOR whenever it answers.
func FuzzNim(f *testing.F) {
	for _, s := range [][4]string{{"add", "3", "5", ""}, {"mul", "0x10", "16", ""}, {"log", "7", "", "3"}, {"div", "1", "0", ""},
		{"pow", "2", "18446744073709551615", ""}, {"table", "9", "", ""}, {"sqrt", "0xffffffffffffffffffff", "", ""}, {"quadratic", "x", "", ""}} {
		f.Add(s[0], s[1], s[2], s[3], strings.HasPrefix(s[1], "0xffff"))
	}
	lim := Web(time.Second)
	f.Fuzz(func(t *testing.T, op, a, b, base string, wide bool) {
		args := []string{a}
		if b != "" {
			args = append(args, b)
		}
		req := NimRequest{Op: op, Args: args, Base: base, Wide: wide}
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		out, err := Nim(ctx, req, lim)
		userFault(t, "nim "+op+" "+strings.Join(args, " "), err)
		x, e1 := cliarg.Uint64(a)
		y, e2 := cliarg.Uint64(b)
		if r, ok := out.(report.Nim); err == nil && ok && op == "add" && !wide && e1 == nil && e2 == nil && (r.Result == nil || *r.Result != strconv.FormatUint(x^y, 10)) {
			t.Fatalf("nim add %s %s = %v, want %d", a, b, r.Result, x^y)
		}
	})
}

// FuzzNumberLists: the number lists of count and basis, as arguments or as a file read from
// stdin (count N D… -, basis rank -), are answered or refused as the user's fault.
func FuzzNumberLists(f *testing.F) {
	for _, s := range []string{"1 2 3", "0x10\n0X20\t7", "18446744073709551615 18446744073709551615", "-1", "", "1e3", " \x00 ", "3,4"} {
		f.Add("1000", s, "rank")
	}
	lim := Web(time.Second)
	f.Fuzz(func(t *testing.T, n, list, op string) {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		_, err := Count(ctx, CountRequest{N: n, Divisors: []string{"-"}, Input: strings.NewReader(list)}, lim)
		userFault(t, "count "+n+" - <"+list, err)
		_, err = Count(ctx, CountRequest{N: n, Divisors: strings.Fields(list)}, lim)
		userFault(t, "count "+n+" "+list, err)
		_, err = Basis(ctx, BasisRequest{Op: op, K: n, X: n, Numbers: []string{"-"}, Input: strings.NewReader(list)}, lim)
		userFault(t, "basis "+op+" - <"+list, err)
		_, err = Basis(ctx, BasisRequest{Op: op, K: n, X: n, Numbers: strings.Fields(list)}, lim)
		userFault(t, "basis "+op+" "+list, err)
	})
}

// FuzzGraph: a graph game given as its edges (the page's Graph view) is answered, one value a
// node, or refused as the user's fault (nodes out of range, too many).
func FuzzGraph(f *testing.F) {
	f.Add(3, []byte{0, 1, 1, 2})
	f.Add(2, []byte{0, 1, 1, 0})
	f.Add(1, []byte{0, 0})
	f.Add(0, []byte{})
	f.Add(-1, []byte{0, 5})
	f.Add(1<<30, []byte{255, 0})
	lim := Web(time.Second)
	f.Fuzz(func(t *testing.T, nodes int, e []byte) {
		req := GraphRequest{Nodes: nodes}
		for i := 0; i+1 < len(e); i += 2 {
			req.Edges = append(req.Edges, [2]int{int(int8(e[i])), int(int8(e[i+1]))})
		}
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		out, err := Graph(ctx, req, lim)
		userFault(t, "graph", err)
		if err == nil && (len(out.Values) != nodes || len(out.Outcomes) != nodes) {
			t.Fatalf("graph of %d nodes: %d values, outcomes %q", nodes, len(out.Values), out.Outcomes)
		}
	})
}
