package web

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"

	"grundy/octal"
	"grundy/report"
)

// postSeq posts body to /api/seq and decodes a successful answer for a code.
func postSeq(t *testing.T, s *Server, body string) report.Octal {
	t.Helper()
	req := httptest.NewRequest("POST", "/api/seq", strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, req)
	var out report.Octal
	dec := json.NewDecoder(rec.Body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(&out); err != nil || rec.Code != 200 {
		t.Fatalf("POST /api/seq %s: %d %v %q", body, rec.Code, err, rec.Body.String())
	}
	return out
}

func TestSeqOctalAgainstReference(t *testing.T) {
	s := New(Limits{})
	for _, code := range []string{"0.07", "0.77", "0.137", "4.7", "0.6", "x0.8", "grundy"} {
		for _, to := range []int{0, 1, 17, 150} {
			c := octal.MustParse(code)
			want, err := octal.Reference(context.Background(), c, to)
			if err != nil {
				t.Fatal(err)
			}
			got := postSeq(t, s, fmt.Sprintf(`{"code": %q, "to": %d}`, code, to))
			// Every value up to "to", computed or filled in from a proved period, is the reference's.
			if len(got.Values) != to+1 || got.ComputedTo > to || got.ComputedTo < to && !got.Proved {
				t.Fatalf("%s to %d: %d values, computed_to %d, proved %v", code, to, len(got.Values), got.ComputedTo, got.Proved)
			}
			if got.Code != c.String() {
				t.Fatalf("code %q, want %q", got.Code, c.String())
			}
			for i, v := range want {
				if got.Values[i] != v {
					t.Fatalf("%s: g(%d) = %d, reference %d", code, i, got.Values[i], v)
				}
			}
			if got.Proved && (got.Period == nil || got.Preperiod == nil) {
				t.Fatalf("%s to %d: proved without a period: %+v", code, to, got)
			}
		}
	}
}

func TestSeqOctalPeriod(t *testing.T) {
	s := New(Limits{})
	// Kayles: period 12 after a preperiod of 71, proved by the periodicity theorem once enough
	// values are known; compare with the library's own answer.
	got := postSeq(t, s, `{"code": "0.77", "to": "0x190"}`)
	res, err := octal.Compute(context.Background(), octal.MustParse("0.77"), octal.Options{To: 400})
	if err != nil {
		t.Fatal(err)
	}
	if got.Period == nil || *got.Period != res.Period || *got.Preperiod != res.Preperiod || got.Proved != res.Proved || !got.Proved ||
		*got.Period != 12 || *got.Preperiod != 71 || got.ComputedTo != res.ComputedTo || got.ComputedTo >= 400 {
		t.Fatalf("0.77: %+v, library says period %d preperiod %d proved %v computed to %d", got, res.Period, res.Preperiod, res.Proved, res.ComputedTo)
	}
	if len(got.Values) != 401 {
		t.Fatalf("0.77 to 400: %d values", len(got.Values))
	}
	ref, _ := octal.Reference(context.Background(), octal.MustParse("0.77"), 400)
	for i, v := range ref {
		if got.Values[i] != v {
			t.Fatalf("0.77: g(%d) = %d, reference %d", i, got.Values[i], v)
		}
	}
}

func TestSeqBadInput(t *testing.T) {
	s := New(Limits{MaxSeq: 1000})
	for body, want := range map[string]string{
		`{"ruleset": "lasker"}`:                       `missing "to"`, // a code without "to" computes until its period is proved
		`{"code": "0.07", "to": "abc"}`:               "to:",
		`{"code": "0.07", "to": -1}`:                  "negative",
		`{"code": "0.07", "to": 1.5}`:                 "to:",
		`{"code": "0.07", "to": true}`:                "number",
		`{"code": "0.9", "to": 10}`:                   "not octal",
		`{"code": "", "to": 10}`:                      `missing "code"`,
		`{"to": 10}`:                                  `missing "code"`,
		`{"code": "0.07", "ruleset": "nim", "to": 5}`: "give one of",
	} {
		wantError(t, s, "/api/seq", body, 400, want)
	}
	v := wantError(t, s, "/api/seq", `{"code": "0.07", "to": 1001}`, 422, "limit of 1000")
	if v["limit"] != "max_seq" || v["max"] != 1000.0 {
		t.Fatalf("%v", v)
	}
}

func TestSeqTimeBudget(t *testing.T) {
	// 0.0667 costs quadratic time (to 80,000 about a second); a tiny budget runs out long before 10^5.
	s := New(Limits{Budget: 20_000_000, MaxSeq: 100_000}) // 20 ms
	v := wantError(t, s, "/api/seq", `{"code": "0.0667", "to": 100000}`, 422, "time budget")
	if v["limit"] != "budget_ms" {
		t.Fatalf("%v", v)
	}
}
