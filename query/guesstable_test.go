package query

import (
	"os"
	"strconv"
	"testing"

	"grundy/nimber"
)

// TestGuessTableValues (issue 23, the Find the rule panel's heatmap): with "values", a table's
// answer carries g(x, y) at table[x][y]: Turning Corners, as the ruleset and as the example
// script, is x⊗y (checked against nimber.Mul); without it, or for one heap, there is no table.
func TestGuessTableValues(t *testing.T) {
	src, err := os.ReadFile("../examples/corners.star")
	if err != nil {
		t.Fatal(err)
	}
	for _, req := range []GuessRequest{
		{Ruleset: "corners", To: "9", Values: true},
		{Script: string(src), ScriptName: "corners.star", Heaps: 2, To: "9", Values: true},
	} {
		r := guessReport(t, req, Web(0))
		if len(r.Table) != 10 {
			t.Fatalf("%s: %d rows", r.Game, len(r.Table))
		}
		for x, row := range r.Table {
			for y, v := range row {
				if want := strconv.FormatUint(nimber.Mul(uint64(x), uint64(y)), 10); v != want {
					t.Errorf("%s: g(%d, %d) = %s, want %s", r.Game, x, y, v, want)
				}
			}
		}
	}
	for _, req := range []GuessRequest{
		{Ruleset: "corners", To: "9"},
		{Ruleset: "kayles", To: "50", Values: true},
	} {
		if r := guessReport(t, req, Web(0)); r.Table != nil {
			t.Errorf("%+v: a table %v", req, r.Table)
		}
	}
}
