package query

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"grundy/nimber"
	"grundy/report"
)

func kindOf(t *testing.T, err error) Kind {
	t.Helper()
	var e *Error
	if err != nil && !errors.As(err, &e) {
		t.Fatalf("%v (%T) is not a *query.Error", err, err)
	}
	return KindOf(err)
}

func TestOctal(t *testing.T) {
	ctx := context.Background()
	web := Limits{MaxSeq: 1000, OctalBytes: 64 << 20}
	out, err := Octal(ctx, OctalRequest{Code: "0.77", To: "200"}, web)
	if err != nil || out.Code != "0.77" || len(out.Values) != 201 || *out.Period != 12 || !out.Proved {
		t.Fatalf("0.77: %+v %v", out, err)
	}
	for _, c := range []struct {
		req  OctalRequest
		lim  Limits
		kind Kind
		msg  string
	}{
		{OctalRequest{Code: "0.8", To: "10"}, web, BadInput, "not octal"},
		{OctalRequest{Code: "0.77", To: "1001"}, web, OverLimit, "over the limit of 1000"},
		{OctalRequest{Code: "0.77", To: "x"}, web, BadInput, "not a number"},

		{OctalRequest{Code: "0.77", To: "10", Method: "magic"}, web, BadInput, "--method"},
		{OctalRequest{Code: "0.77", NoStop: true}, web, BadInput, "needs --to"},
		{OctalRequest{Code: "0.77"}, Limits{}, BadInput, "no memory budget"},
		{OctalRequest{Code: "0.1777", To: "100000000"}, Limits{OctalBytes: 16 << 20}, OverLimit, "memory limit"},
	} {
		_, err := Octal(ctx, c.req, c.lim)
		if kindOf(t, err) != c.kind || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%+v: %v (%v), want %v containing %q", c.req, err, KindOf(err), c.kind, c.msg)
		}
	}
	var le *Error
	_, err = Octal(ctx, OctalRequest{Code: "0.1777", To: "100000000"}, Limits{OctalBytes: 16 << 20})
	if !errors.As(err, &le) || le.Limit != "max_seq" || le.Max == nil {
		t.Errorf("memory: %#v", err)
	}
	// A cancelled run answers what it has, with a Cancelled error.
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	out, err = Octal(cctx, OctalRequest{Code: "0.16", To: "100000", NoStop: true, Summary: true}, web2())
	if kindOf(t, err) != Cancelled || out.Code != "0.16" || !strings.Contains(err.Error(), "interrupted at heap") {
		t.Errorf("cancelled: %+v %v", out, err)
	}
}

func web2() Limits { return Limits{OctalBytes: 64 << 20} }

// TestNim checks every operation against the nimber package called directly.
func TestNim(t *testing.T) {
	ctx := context.Background()
	a, b := uint64(0xfedcba9876543210), uint64(12345)
	for _, c := range []struct {
		op   string
		args []string
		want uint64
	}{
		{"add", []string{"0xfedcba9876543210", "12345"}, nimber.Add(a, b)},
		{"mul", []string{"0xfedcba9876543210", "12345"}, nimber.Mul(a, b)},
		{"div", []string{"0xfedcba9876543210", "12345"}, nimber.Div(a, b)},
		{"pow", []string{"0xfedcba9876543210", "12345"}, nimber.Pow(a, b)},
		{"inv", []string{"12345"}, nimber.Inv(b)},
		{"sqrt", []string{"12345"}, nimber.Sqrt(b)},
		{"square", []string{"12345"}, nimber.Square(b)},
		{"order", []string{"12345"}, nimber.Order(b)},
	} {
		out, err := Nim(ctx, NimRequest{Op: c.op, Args: c.args}, Limits{})
		if err != nil || *out.(report.Nim).Result != fmt.Sprint(c.want) {
			t.Errorf("%s %v: %+v %v, want %d", c.op, c.args, out, err, c.want)
		}
	}
	x, _ := nimber.Log(12345)
	if out, _ := Nim(ctx, NimRequest{Op: "log", Args: []string{"12345"}}, Limits{}); *out.(report.Nim).Result != fmt.Sprint(x) {
		t.Errorf("log: %+v", out)
	}
	// x⊗x ⊕ x = A: the answer is a root, the smaller of the two; none exactly when there is none.
	for _, v := range []uint64{0, 1, 2, 3, 6, 12345, 1 << 63} {
		out, _ := Nim(ctx, NimRequest{Op: "quadratic", Args: []string{fmt.Sprint(v)}}, Limits{})
		r := out.(report.Nim).Result
		_, has := nimber.SolveQuadratic(v)
		if (r != nil) != has {
			t.Fatalf("quadratic %d: %v, root exists %v", v, r, has)
		}
		if r != nil {
			var root uint64
			fmt.Sscan(*r, &root)
			if nimber.Mul(root, root)^root != v || root&1 != 0 {
				t.Errorf("quadratic %d: %d is not the smaller root", v, root)
			}
		}
	}
	tab, err := Nim(ctx, NimRequest{Op: "table", Args: []string{"16"}}, Limits{MaxTable: 16})
	if err != nil || tab.(report.NimTable).Table[3][5] != nimber.Mul(3, 5) {
		t.Fatalf("table: %v", err)
	}
	wide, err := Nim(ctx, NimRequest{Op: "mul", Args: []string{"0x10000000000000000", "2"}, Wide: true}, Limits{})
	if err != nil || wide.(report.Nim).Result == nil {
		t.Fatalf("wide: %v", err)
	}
	for _, c := range []struct {
		req  NimRequest
		lim  Limits
		kind Kind
	}{
		{NimRequest{Op: "frob", Args: []string{"1"}}, Limits{}, BadInput},
		{NimRequest{Op: "mul", Args: []string{"1"}}, Limits{}, BadInput},
		{NimRequest{Op: "div", Args: []string{"1", "0"}}, Limits{}, BadInput},
		{NimRequest{Op: "inv", Args: []string{"0"}}, Limits{}, BadInput},
		{NimRequest{Op: "mul", Args: []string{"1", "2"}, Base: "3"}, Limits{}, BadInput},
		{NimRequest{Op: "table", Args: []string{"17"}}, Limits{MaxTable: 16}, OverLimit},
		{NimRequest{Op: "order", Args: []string{"1"}, Wide: true}, Limits{}, BadInput},
		{NimRequest{Op: "add", Args: []string{"-1", "2"}}, Limits{}, BadInput},
	} {
		if _, err := Nim(ctx, c.req, c.lim); kindOf(t, err) != c.kind {
			t.Errorf("%+v: %v, want %v", c.req, err, c.kind)
		}
	}
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := Nim(cctx, NimRequest{Op: "table", Args: []string{"16"}}, Limits{}); kindOf(t, err) != Cancelled {
		t.Errorf("cancelled table: %v", err)
	}
}

func TestBasisCount(t *testing.T) {
	ctx := context.Background()
	out, err := Basis(ctx, BasisRequest{Op: "rank", Numbers: []string{"-"}, Input: strings.NewReader("1 2 3\n0x4")}, Limits{})
	if err != nil || out.(report.BasisRank).Rank != 3 || out.(report.BasisRank).Numbers != 4 {
		t.Fatalf("rank: %+v %v", out, err)
	}
	if _, err := Basis(ctx, BasisRequest{Op: "rank", Numbers: []string{"-"}, Input: strings.NewReader("1 2 3")}, Limits{MaxList: 2}); kindOf(t, err) != BadInput ||
		!strings.Contains(err.Error(), "stdin holds more than 2 numbers") {
		t.Errorf("list limit: %v", err)
	}
	if _, err := Basis(ctx, BasisRequest{Op: "max", Numbers: []string{"-"}}, Limits{}); kindOf(t, err) != BadInput {
		t.Errorf("no stdin: %v", err)
	}
	if _, err := Basis(ctx, BasisRequest{Op: "max", Numbers: []string{"1", "2", "3"}}, Limits{MaxArgs: 2}); kindOf(t, err) != OverLimit {
		t.Errorf("max_args: %v", err)
	}
	c, err := Count(ctx, CountRequest{N: "100", Divisors: []string{"2", "3"}}, Limits{})
	if err != nil || c.Count != "67" {
		t.Fatalf("count: %+v %v", c, err)
	}
	b, _ := json.Marshal(c)
	if string(b) != `{"from":"1","n":"100","count":"67"}` {
		t.Errorf("count JSON %s", b)
	}
	if _, err := Count(ctx, CountRequest{N: "10", From: "11", Divisors: []string{"2"}}, Limits{}); kindOf(t, err) != BadInput {
		t.Errorf("empty range: %v", err)
	}
}
