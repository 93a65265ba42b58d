package script

import (
	"strconv"
	"strings"
	"testing"

	"grundy/game"
)

// TestLoopyValues: examples/loopy.star's generalized Sprague–Grundy values give its outcomes
// (checked independently in TestLoopyExample), and a sum of two of its heaps is decided by the
// sum rule as the product game written as one script position would be.
func TestLoopyValues(t *testing.T) {
	g := load(t, "../examples/loopy.star", Limits{})
	s := game.NewSolver[string](g)
	want := "PPNNNDPDNNDPD"
	var vals []game.LoopyValue
	for n := range len(want) {
		v, err := s.LoopyValue(strconv.Itoa(n))
		if err != nil || v.Outcome().String() != want[n:n+1] {
			t.Fatalf("γ(%d) = %v (%v), %v; outcome %s", n, v, v.Outcome(), err, want[n:n+1])
		}
		vals = append(vals, v)
	}
	// The sum of two heaps as one position of a script game: a pair (a, b), moves in either.
	pair, err := loadSrc(t, `
def heap(n):
    opts = [n - k for k in (2, 3) if k <= n]
    if n % 4 == 1 and n + 2 <= 12:
        opts.append(n + 2)
    return opts

def moves(p):
    a, b = p
    return [(x, b) for x in heap(a)] + [(a, y) for y in heap(b)]
`, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	ps := game.NewSolver[string](pair)
	for a := range len(want) {
		for b := range len(want) {
			sum, err := s.AnalyzeLoopySum([]string{strconv.Itoa(a), strconv.Itoa(b)})
			if err != nil {
				t.Fatal(err)
			}
			out, err := ps.LoopyOutcome("(" + strconv.Itoa(a) + ", " + strconv.Itoa(b) + ")")
			if err != nil {
				t.Fatal(err)
			}
			if sum.Outcome != out || !sum.Value.Equal(vals[a].Add(vals[b])) {
				t.Fatalf("%d + %d: %v (%v), the pair game %v", a, b, sum.Value, sum.Outcome, out)
			}
		}
	}
}

// TestLoopyValueScriptError: an error of the script stops the analysis with the position.
func TestLoopyValueScriptError(t *testing.T) {
	g, err := loadSrc(t, "def moves(n):\n    if n == 3:\n        fail(\"boom\")\n    return [n + 1]\n", Limits{})
	if err != nil {
		t.Fatal(err)
	}
	_, err = game.NewSolver[string](g).LoopyValue("0")
	if err == nil || !strings.Contains(err.Error(), "boom") || !strings.Contains(err.Error(), "3") {
		t.Fatalf("error %v", err)
	}
}
