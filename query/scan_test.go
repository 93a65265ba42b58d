package query

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"grundy/nimber"
	"grundy/octal"
	"grundy/report"
)

// A scan's row of each code is that code's own computation to the same bound, in the pattern's
// order; 0.16 (period proved only at 149459) is not found below 300.
func TestScan(t *testing.T) {
	ctx := context.Background()
	lim := Web(10 * time.Second)
	out, err := Scan(ctx, ScanRequest{Pattern: "0.1?", To: "300"}, lim)
	if err != nil {
		t.Fatal(err)
	}
	codes, err := octal.Expand("0.1?", 100)
	if err != nil {
		t.Fatal(err)
	}
	if len(out.Games) != len(codes) || out.To != 300 || out.Pattern != "0.1?" {
		t.Fatalf("%d rows for %d codes, to %d", len(out.Games), len(codes), out.To)
	}
	found := map[bool]int{}
	for i, c := range codes {
		res, err := octal.Compute(ctx, c, octal.Options{To: 300})
		if err != nil {
			t.Fatal(err)
		}
		row := out.Games[i]
		per, pre := 0, 0
		if row.Period != nil {
			per, pre = *row.Period, *row.Preperiod
		}
		if row.Code != c.String() || per != res.Period || pre != res.Preperiod || row.Proved != res.Proved || row.ComputedTo != res.ComputedTo {
			t.Errorf("%v: row %+v (period %d, %d), computed alone %d, %d proved %v to %d", c, row, per, pre, res.Period, res.Preperiod, res.Proved, res.ComputedTo)
		}
		found[row.Period != nil]++
		if c.String() == "0.16" && (row.Period != nil || row.ComputedTo != 300) {
			t.Errorf("0.16 to 300: %+v", row)
		}
	}
	if found[true] == 0 || found[false] == 0 {
		t.Errorf("periods found %d, not found %d: the case should have both", found[true], found[false])
	}
	// The default bound is the command line's 10000, or the limit where that is lower.
	if out, err := Scan(ctx, ScanRequest{Pattern: "0.07"}, lim); err != nil || out.To != lim.MaxScanTo {
		t.Errorf("default to under the web's limits: %d %v", out.To, err)
	}
	if out, err := Scan(ctx, ScanRequest{Pattern: "0.07"}, CLI()); err != nil || out.To != 10000 {
		t.Errorf("default to: %d %v", out.To, err)
	}
	for _, c := range []struct {
		req   ScanRequest
		kind  Kind
		limit string
	}{
		{ScanRequest{Pattern: "0.???", To: "100"}, OverLimit, "max_scan_codes"},
		{ScanRequest{Pattern: "0.??", To: strconv.Itoa(lim.MaxScanTo + 1)}, OverLimit, "max_scan_to"},
		{ScanRequest{Pattern: "x0.?f", To: "5000"}, OverLimit, "max_scan_work"},
		{ScanRequest{Pattern: "0.??", To: "0"}, BadInput, ""},
		{ScanRequest{Pattern: "0.??", To: "1e3"}, BadInput, ""},
		{ScanRequest{Pattern: "0.9?", To: "100"}, BadInput, ""},
		{ScanRequest{Pattern: "0.??????", To: "100"}, BadInput, ""}, // past MaxScanCodes of any caller
		{ScanRequest{To: "100"}, BadInput, ""},
	} {
		_, err := Scan(ctx, c.req, lim)
		var e *Error
		if kindOf(t, err) != c.kind || c.limit != "" && (!errors.As(err, &e) || e.Limit != c.limit) {
			t.Errorf("%+v: %v, want %v %s", c.req, err, c.kind, c.limit)
		}
	}
	// The work limit says which N is within it, and that N is (the codes split a heap in three).
	_, err = Scan(ctx, ScanRequest{Pattern: "x0.?f", To: "3000"}, lim)
	m := regexp.MustCompile(`N ≤ (\d+) is within the limit`).FindStringSubmatch(fmt.Sprint(err))
	if m == nil {
		t.Fatalf("x0.?f to 3000: %v", err)
	}
	fits, _ := strconv.Atoi(m[1])
	if fits < 100 || fits >= 3000 {
		t.Fatalf("x0.?f: N ≤ %d fits", fits)
	}
	if _, err := Scan(ctx, ScanRequest{Pattern: "x0.?f", To: strconv.Itoa(fits + 1)}, lim); kindOf(t, err) != OverLimit {
		t.Errorf("x0.?f to %d, one past what fits: %v", fits+1, err)
	}
	if testing.Short() {
		return
	}
	slow := lim
	slow.Budget = 0 // no soft stop on a loaded machine
	if out, err := Scan(ctx, ScanRequest{Pattern: "x0.?f", To: strconv.Itoa(fits)}, slow); err != nil || len(out.Games) != 16 || out.Stopped != "" {
		t.Errorf("x0.?f to %d, what fits: %v %q", fits, err, out.Stopped)
	}
	// At three quarters of its time budget a scan stops between codes and says so.
	if out, err := Scan(ctx, ScanRequest{Pattern: "0.??", To: "1000"}, Web(time.Microsecond)); err != nil || len(out.Games) == 64 ||
		!strings.Contains(out.Stopped, fmt.Sprintf("stopped after %d of 64 codes", len(out.Games))) {
		t.Errorf("a scan past its budget: %d games, %q, %v", len(out.Games), out.Stopped, err)
	}
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := Scan(cctx, ScanRequest{Pattern: "0.??", To: "1000"}, lim); kindOf(t, err) != Cancelled || !strings.Contains(err.Error(), "of 64 codes") {
		t.Errorf("cancelled: %v", err)
	}
}

// A batch's products are nimber.Mul's, in order; a bad line is named, and more pairs than
// MaxList are over the limit.
func TestNimBatchRequest(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(1, 2))
	var in strings.Builder
	var want []string
	for i := range 300 {
		a, b := rng.Uint64()>>(rng.IntN(64)), rng.Uint64()>>(rng.IntN(64))
		if i%3 == 0 {
			fmt.Fprintf(&in, "0x%x\t%d\n\n", a, b)
		} else {
			fmt.Fprintf(&in, " %d %d\r\n", a, b)
		}
		want = append(want, strconv.FormatUint(nimber.Mul(a, b), 10))
	}
	out, err := Nim(ctx, NimRequest{Op: "mul", Batch: in.String()}, Web(time.Second))
	if err != nil {
		t.Fatal(err)
	}
	got := out.(report.NimBatch).Results
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Fatalf("products differ from nimber.Mul: %d results, first %v", len(got), got[:3])
	}
	for _, c := range []struct {
		req  NimRequest
		lim  Limits
		kind Kind
		msg  string
	}{
		{NimRequest{Op: "mul", Batch: "2 3\n4\n"}, Limits{}, BadInput, "batch line 2: "},
		{NimRequest{Op: "add", Batch: "2 3"}, Limits{}, BadInput, "op \"mul\""},
		{NimRequest{Op: "mul", Args: []string{"2"}, Batch: "2 3"}, Limits{}, BadInput, "no args"},
		{NimRequest{Op: "mul", Batch: "2 3\n4 5\n6 7"}, Limits{MaxList: 2}, OverLimit, "more than 2 pairs"},
	} {
		_, err := Nim(ctx, c.req, c.lim)
		if kindOf(t, err) != c.kind || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%+v: %v, want %v %q", c.req, err, c.kind, c.msg)
		}
	}
}

// The basis that rank returns spans exactly the XORs of subsets of the numbers (checked by
// listing them all), is independent, and is reduced: highest first, each row's top bit clear in
// every other row.
func TestBasisRows(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := range 200 {
		n := 1 + rng.IntN(9)
		nums := make([]string, n)
		vs := make([]uint64, n)
		width := 1 + rng.IntN(12)
		for i := range vs {
			vs[i] = rng.Uint64() >> (64 - width)
			if trial%4 == 0 {
				vs[i] = rng.Uint64()
			}
			nums[i] = strconv.FormatUint(vs[i], 10)
		}
		out, err := Basis(context.Background(), BasisRequest{Op: "rank", Numbers: nums}, Limits{})
		if err != nil {
			t.Fatal(err)
		}
		r := out.(report.BasisRank)
		span := map[uint64]bool{}
		for m := range 1 << n {
			x := uint64(0)
			for i := range n {
				if m>>i&1 == 1 {
					x ^= vs[i]
				}
			}
			span[x] = true
		}
		rows := make([]uint64, len(r.Basis))
		for i, s := range r.Basis {
			if rows[i], err = strconv.ParseUint(s, 10, 64); err != nil {
				t.Fatal(err)
			}
			if i > 0 && rows[i] >= rows[i-1] {
				t.Fatalf("%v: basis %v not highest first", vs, r.Basis)
			}
		}
		spanned := map[uint64]bool{}
		for m := range 1 << len(rows) {
			x := uint64(0)
			for i := range rows {
				if m>>i&1 == 1 {
					x ^= rows[i]
				}
			}
			spanned[x] = true
		}
		if len(spanned) != 1<<len(rows) || len(spanned) != len(span) || r.Rank != len(rows) {
			t.Fatalf("%v: basis %v spans %d values, the subsets %d", vs, r.Basis, len(spanned), len(span))
		}
		for x := range span {
			if !spanned[x] {
				t.Fatalf("%v: %d is a subset's XOR, not in the span of %v", vs, x, r.Basis)
			}
		}
		for i, a := range rows {
			top := uint64(1) << (63 - bits.LeadingZeros64(a))
			for j, b := range rows {
				if i != j && b&top != 0 {
					t.Fatalf("%v: basis %v not reduced", vs, r.Basis)
				}
			}
		}
	}
}

// The terms of inclusion–exclusion add up, with their signs, to the count, which is the number
// of multiples counted one by one; each term's lcm is a multiple of each of its divisors; more
// than MaxCountTerms divisors list none and say why (terms_omitted).
func TestCountTerms(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for range 300 {
		k := 1 + rng.IntN(MaxCountTerms)
		ds := make([]string, k)
		dv := make([]uint64, k)
		for i := range dv {
			dv[i] = 1 + rng.Uint64N(40)
			ds[i] = strconv.FormatUint(dv[i], 10)
		}
		n := 1 + rng.Uint64N(3000)
		lo := 1 + rng.Uint64N(n)
		out, err := Count(context.Background(), CountRequest{N: strconv.FormatUint(n, 10), From: strconv.FormatUint(lo, 10), Divisors: ds, Terms: true}, Limits{})
		if err != nil {
			t.Fatal(err)
		}
		want := 0
		for x := lo; x <= n; x++ {
			for _, d := range dv {
				if x%d == 0 {
					want++
					break
				}
			}
		}
		sum := 0
		for _, term := range out.Terms {
			m, _ := strconv.Atoi(term.Multiples)
			sum += term.Sign * m
			if term.LCM != nil {
				l, _ := strconv.ParseUint(*term.LCM, 10, 64)
				for _, i := range term.Divisors {
					if l%dv[i] != 0 {
						t.Fatalf("%v: lcm %d of %v", dv, l, term.Divisors)
					}
				}
			}
		}
		if len(out.Terms) != 1<<k-1 || out.Count != strconv.Itoa(want) || sum != want {
			t.Fatalf("%v in %d..%d: %d terms summing to %d, count %s, want %d", dv, lo, n, len(out.Terms), sum, out.Count, want)
		}
	}
	out, err := Count(context.Background(), CountRequest{N: "100", Divisors: []string{"2", "3", "5", "7", "11", "13", "17"}, Terms: true}, Limits{})
	if err != nil || out.Terms != nil || !strings.Contains(out.TermsOmitted, "at most 6 divisors") || !strings.Contains(out.TermsOmitted, "7 were given") {
		t.Errorf("7 divisors: %d terms, %q, %v", len(out.Terms), out.TermsOmitted, err)
	}
	if out, err := Count(context.Background(), CountRequest{N: "100", Divisors: []string{"2", "3", "5", "7", "11", "13", "17"}}, Limits{}); err != nil || out.TermsOmitted != "" {
		t.Errorf("7 divisors, no terms asked: %q, %v", out.TermsOmitted, err)
	}
}
