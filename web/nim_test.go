package web

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"grundy/nimber"
)

func TestNimOps(t *testing.T) {
	s := New(Limits{})
	rng := rand.New(rand.NewPCG(1, 2))
	ops := map[string]func(a, b uint64) uint64{
		"add": nimber.Add, "mul": nimber.Mul, "pow": nimber.Pow,
		"div":    func(a, b uint64) uint64 { return nimber.Div(a, b) },
		"square": func(a, _ uint64) uint64 { return nimber.Square(a) },
		"sqrt":   func(a, _ uint64) uint64 { return nimber.Sqrt(a) },
		"inv":    func(a, _ uint64) uint64 { return nimber.Inv(a) },
	}
	for op, f := range ops {
		for i := range 50 {
			a, b := rng.Uint64(), rng.Uint64()|1
			if i < 5 {
				a, b = uint64(i), uint64(i+1)
			}
			args := []string{strconv.FormatUint(a, 10), "0x" + strconv.FormatUint(b, 16)}
			if op == "square" || op == "sqrt" || op == "inv" {
				args = args[:1]
				if a == 0 && op == "inv" {
					continue
				}
			}
			body, _ := json.Marshal(NimRequest{Op: op, Args: args})
			code, v := post(t, s, "/api/nim", string(body))
			if want := strconv.FormatUint(f(a, b), 10); code != 200 || v["result"] != want {
				t.Fatalf("%s %v: %d %v, want result %q", op, args, code, v, want)
			}
		}
	}
	// order and log, checked by their definitions: A^order = 1, and G^log(B) = B.
	for range 20 {
		a := rng.Uint64() | 1
		code, v := post(t, s, "/api/nim", fmt.Sprintf(`{"op":"order","args":["%d"]}`, a))
		e, err := strconv.ParseUint(fmt.Sprint(v["result"]), 10, 64)
		if code != 200 || err != nil || nimber.Pow(a, e) != 1 {
			t.Fatalf("order %d: %d %v", a, code, v)
		}
		code, v = post(t, s, "/api/nim", fmt.Sprintf(`{"op":"log","args":["%d"]}`, a))
		x, err := strconv.ParseUint(fmt.Sprint(v["result"]), 10, 64)
		if code != 200 || err != nil || nimber.Pow(nimber.Generator, x) != a {
			t.Fatalf("log %d: %d %v", a, code, v)
		}
	}
	// quadratic: a root x of x⊗x ⊕ x = A (the smaller one), or null exactly when Trace(A) = 1.
	for range 20 {
		a := rng.Uint64()
		code, v := post(t, s, "/api/nim", fmt.Sprintf(`{"op":"quadratic","args":["%d"]}`, a))
		if code != 200 {
			t.Fatalf("quadratic %d: %d %v", a, code, v)
		}
		if v["result"] == nil {
			if nimber.Trace(a) != 1 {
				t.Fatalf("quadratic %d: null, but the trace is 0", a)
			}
			continue
		}
		x, err := strconv.ParseUint(fmt.Sprint(v["result"]), 10, 64)
		if err != nil || nimber.Mul(x, x)^x != a || x&1 != 0 {
			t.Fatalf("quadratic %d: %v", a, v)
		}
	}
	// A logarithm that does not exist: 2 is in the subfield of 4 elements, whose powers never reach
	// 4 (outside it).
	if code, v := post(t, s, "/api/nim", `{"op":"log","args":["4"],"base":"2"}`); code != 200 || v["result"] != nil || v["base"] != "2" {
		t.Fatalf("log 4 base 2: %d %v", code, v)
	}
	// The contract's own example, checked against the library.
	code, v := post(t, s, "/api/nim", `{"op": "mul", "args": ["12", "9"]}`)
	if code != 200 || v["result"] != fmt.Sprint(nimber.Mul(12, 9)) {
		t.Fatalf("12 ⊗ 9: %d %v", code, v)
	}
}

func TestNimBadInput(t *testing.T) {
	s := New(Limits{MaxTable: 64})
	for body, want := range map[string]string{
		`{"op": "frob", "args": ["1"]}`:                        `unknown op "frob"`,
		`{"op": "mul", "args": ["1"]}`:                         "takes 2 argument",
		`{"op": "inv", "args": ["1", "2"]}`:                    "takes 1 argument",
		`{"op": "mul", "args": ["1", "-2"]}`:                   "argument 2",
		`{"op": "mul", "args": ["18446744073709551616", "1"]}`: "below 2^64",
		`{"op": "div", "args": ["5", "0"]}`:                    "division by zero",
		`{"op": "inv", "args": ["0"]}`:                         "no nim-inverse",
		`{"op": "table", "args": []}`:                          "takes 1 argument",
		`{"op": "table", "args": ["x"]}`:                       "table size",
		`{"op": "mul", "args": [1, 2]}`:                        "as strings",
		`{"op": "order", "args": ["0"]}`:                       "undefined",
		`{"op": "log", "args": ["0"]}`:                         "undefined",
		`{"op": "mul", "args": ["1", "2"], "base": "3"}`:       "applies to op",
		`{"op": "log", "args": ["5"], "base": "x"}`:            "base:",
	} {
		wantError(t, s, "/api/nim", body, 400, want)
	}
	v := wantError(t, s, "/api/nim", `{"op": "table", "args": ["65"]}`, 422, "limit of 64")
	if v["limit"] != "max_table" {
		t.Fatalf("%v", v)
	}
}

func TestNimTable(t *testing.T) {
	s := New(Limits{MaxTable: 64})
	wantError(t, s, "/api/nim", `{"op":"table","args":["0"]}`, 400, "at least 1")
	for _, n := range []int{1, 5, 16, 64} {
		req := httptest.NewRequest("POST", "/api/nim", strings.NewReader(fmt.Sprintf(`{"op":"table","args":["%d"]}`, n)))
		req.Header.Set("Content-Type", "application/json")
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, req)
		var tab NimTable
		if err := json.Unmarshal(rec.Body.Bytes(), &tab); err != nil || rec.Code != 200 || tab.N != n || len(tab.Table) != n {
			t.Fatalf("table %d: %d %v %+v", n, rec.Code, err, tab.N)
		}
		for a, row := range tab.Table {
			for b, v := range row {
				if v != nimber.Mul(uint64(a), uint64(b)) {
					t.Fatalf("table %d: [%d][%d] = %d, want %d", n, a, b, v, nimber.Mul(uint64(a), uint64(b)))
				}
			}
		}
	}
}
