package query

import (
	"context"
	"errors"
	"os"
	"testing"

	"grundy/guess"
	"grundy/rules"
)

func guessReport(t *testing.T, r GuessRequest, lim Limits) *guess.Report {
	t.Helper()
	a, err := Guess(context.Background(), r, lim)
	if err != nil {
		t.Fatalf("%+v: %v", r, err)
	}
	return a.(*guess.Report)
}

// TestGuessRulesets: the catalogue's rulesets through the request, each with the rule its
// theory proves ("proved"), or none proved where no theorem applies.
func TestGuessRulesets(t *testing.T) {
	cases := []struct {
		ruleset string
		flags   map[string]string
		to      string
		key     string // the first finding's key, proved; "" when nothing may be proved
	}{
		{"nim", nil, "100", "n"},
		{"turtles", nil, "100", "n"},
		{"twins", nil, "100", "n"},
		{"ruler", nil, "100", "2^v2(n) (n ≥ 1)"},
		{"mock-turtles", nil, "100", "2n + [n evil]"},
		{"kayles", nil, "300", "period 12 from 71"},
		{"dawson-kayles", nil, "300", "period 34 from 53"},
		{"octal", map[string]string{"code": "0.137"}, "300", "period 34 from 52"},
		{"subtract", map[string]string{"set": "2,5"}, "100", "period 7 from 0"},
		{"subtract", map[string]string{"range": "2:4"}, "100", "⌊n/2⌋ mod 3"},
		{"subtract", map[string]string{"max": "3"}, "100", "n mod 4"},
		{"lasker", nil, "100", "arithmetic period 4 saltus 4 from 1"},
		{"grundy-game", nil, "300", ""},
		{"split-nim", nil, "100", ""},
		{"corners", nil, "16", "x⊗y"},
		{"acrostic", nil, "16", "x⊕y"},
		{"tartan", map[string]string{"rows": "ruler", "cols": "mock-turtles"}, "20", "(2^v2(x) (x ≥ 1))⊗(2y + [y evil])"},
		{"tartan", map[string]string{"rows": "turtles", "cols": "ruler"}, "20", "x⊗(2^v2(y) (y ≥ 1))"},
		{"wythoff", nil, "40", "beatty α=φ β=φ²"},
		{"moore", map[string]string{"k": "2"}, "7", "bits mod 3"},
		{"moore", map[string]string{"k": "3"}, "4", "bits mod 4"},
	}
	// Every ruleset of the catalogue is either a case above or refused as bad input (it is not a
	// game guess reads, or it needs flags): a ruleset that guess takes must have its case here.
	covered := map[string]bool{}
	for _, c := range cases {
		covered[c.ruleset] = true
	}
	for _, name := range rules.Names() {
		if covered[name] {
			continue
		}
		_, err := Guess(context.Background(), GuessRequest{Ruleset: name, To: "10"}, CLI())
		if KindOf(err) != BadInput {
			t.Errorf("%s: guess answers (error %v) but the test has no case for it", name, err)
		}
	}
	for _, c := range cases {
		r := guessReport(t, GuessRequest{Ruleset: c.ruleset, Flags: c.flags, To: Arg(c.to)}, CLI())
		if c.key == "" {
			for _, f := range r.Findings {
				if f.Status == guess.Proved {
					t.Errorf("%s: proved %+v", c.ruleset, f)
				}
			}
			continue
		}
		if len(r.Findings) == 0 || r.Findings[0].Key != c.key || r.Findings[0].Status != guess.Proved {
			t.Errorf("%s %v: findings %+v, want %q proved first", c.ruleset, c.flags, r.Findings, c.key)
		}
	}
}

// TestGuessScripts: the examples as scripts: conjectures only, the rule each shows.
func TestGuessScripts(t *testing.T) {
	cases := []struct {
		file  string
		heaps int
		to    string
		key   string // "": no rule
	}{
		{"../examples/corners.star", 2, "10", "x⊗y"},
		{"../examples/wythoff.star", 2, "30", "beatty α=φ β=φ²"},
		{"../examples/powers-of-two.star", 1, "2000", "n mod 3"},
		{"../examples/subtract-square.star", 1, "1000", ""},
	}
	for _, c := range cases {
		src, err := os.ReadFile(c.file)
		if err != nil {
			t.Fatal(err)
		}
		r := guessReport(t, GuessRequest{Script: string(src), ScriptName: c.file, Heaps: c.heaps, To: Arg(c.to)}, CLI())
		for _, f := range r.Findings {
			if f.Status == guess.Proved {
				t.Errorf("%s: a script's finding proved: %+v", c.file, f)
			}
		}
		switch {
		case c.key == "" && len(r.Findings) > 0:
			t.Errorf("%s: findings %+v, want none", c.file, r.Findings)
		case c.key != "" && (len(r.Findings) == 0 || r.Findings[0].Key != c.key):
			t.Errorf("%s: findings %+v, want %q first", c.file, r.Findings, c.key)
		}
	}
}

// TestGuessRefusals: bad requests and limits are refused with their kind, the limit named; a
// cancelled request stops.
func TestGuessRefusals(t *testing.T) {
	src, err := os.ReadFile("../examples/powers-of-two.star")
	if err != nil {
		t.Fatal(err)
	}
	lim := CLI()
	lim.MaxScriptSeq = 1000
	for _, c := range []struct {
		r     GuessRequest
		kind  Kind
		limit string
	}{
		{GuessRequest{}, BadInput, ""},
		{GuessRequest{Ruleset: "nim", Script: "x"}, BadInput, ""},
		{GuessRequest{Ruleset: "misere-nim"}, BadInput, ""},
		{GuessRequest{Ruleset: "nim", Heaps: 9}, BadInput, ""},
		{GuessRequest{Ruleset: "nim", To: "x"}, BadInput, ""},
		{GuessRequest{Ruleset: "wythoff", Heaps: 3}, BadInput, ""},
		{GuessRequest{Script: string(src), To: "5000"}, OverLimit, "max_script_to"},
		{GuessRequest{Script: string(src), Heaps: 3, To: "10"}, OverLimit, "max_script_to"},
		{GuessRequest{Ruleset: "wythoff", To: "5000"}, OverLimit, "max_seq"},
	} {
		_, err := Guess(context.Background(), c.r, lim)
		var qe *Error
		if !errors.As(err, &qe) || qe.Kind != c.kind || qe.Limit != c.limit {
			t.Errorf("%+v: %v, want kind %v limit %q", c.r, err, c.kind, c.limit)
		}
	}
	// The smallest tables answer without a rule, and without failing.
	for _, r := range []GuessRequest{{Ruleset: "nim", To: "1"}, {Ruleset: "wythoff", To: "1"}, {Ruleset: "moore", Flags: map[string]string{"k": "2"}, To: "1"},
		{Ruleset: "corners", To: "2"}, {Script: string(src), To: "1"}, {Script: "def moves(p):\n    return []\n", Heaps: 2, To: "1"},
		{Script: "def moves(p):\n    return []\n", Heaps: 4, To: "1"}} {
		if _, err := Guess(context.Background(), r, CLI()); err != nil {
			t.Errorf("%+v: %v", r, err)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = Guess(ctx, GuessRequest{Script: string(src), To: "100000"}, CLI())
	var qe *Error
	if !errors.As(err, &qe) || qe.Kind != Cancelled {
		t.Errorf("cancelled: %v", err)
	}
}
