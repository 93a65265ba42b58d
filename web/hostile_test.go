package web

import (
	"testing"
	"time"
)

// TestSeqToZero: "to": 0 is the sequence g(0) = [0] for every one-heap ruleset, the take-and-break
// ones included (they used to read it as "no limit" and ran until the time budget, a 422).
func TestSeqToZero(t *testing.T) {
	s := New(Limits{})
	for _, body := range []string{
		`{"ruleset": "kayles", "to": 0}`,
		`{"ruleset": "dawson-kayles", "to": 0}`,
		`{"ruleset": "grundy-game", "to": 0}`,
		`{"ruleset": "octal", "flags": {"code": "0.07"}, "to": 0}`,
		`{"ruleset": "lasker", "to": 0}`,
		`{"code": "0.07", "to": 0}`,
	} {
		start := time.Now()
		code, v := post(t, s, "/api/seq", body)
		vals, _ := v["values"].([]any)
		if code != 200 || len(vals) != 1 || vals[0] != 0.0 {
			t.Errorf("%s: %d %v, want 200 with values [0]", body, code, v)
		}
		if d := time.Since(start); d > 2*time.Second {
			t.Errorf("%s took %v", body, d)
		}
	}
}
