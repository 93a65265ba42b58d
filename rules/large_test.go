package rules

import (
	"context"
	"fmt"
	"testing"

	"grundy/game"
)

// sumGame is the engine's view of a ruleset whose positions are sums of independent parts (heaps,
// coins): it offers the engine's Splitter capability, so that the engine can search single heaps
// or coins far beyond the exhaustive bounds of the proofs (values of sums by the Sprague–Grundy
// theorem, which the engine implements and tests).
type sumGame struct {
	engineGame
	parts func(Position) []Position
}

func (g sumGame) Split(k string) ([]string, bool) {
	ps := g.parts(PositionFromKey(k))
	if len(ps) == 1 && ps[0].Key() == k {
		return nil, false
	}
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = Canonical(g.r, p).Key()
	}
	return out, true
}

var _ game.Splitter[string] = sumGame{}

// heapParts splits a list of heaps into single non-empty heaps; coinParts a coin set into coins.
func heapParts(p Position) []Position {
	var out []Position
	for _, h := range p {
		if h > 0 {
			out = append(out, Position{h})
		}
	}
	return out
}

func coinParts(p Position) []Position {
	var out []Position
	for _, c := range p {
		out = append(out, Position{c})
	}
	return out
}

// TestSequencesAgainstEngine checks the one-heap closed forms and tables far beyond the proofs'
// bounds: g(n) of the ruleset's Sequence equals the engine's value of the single heap (or coin) n.
func TestSequencesAgainstEngine(t *testing.T) {
	type seqCase struct {
		name  string
		flags map[string]string
		to    uint64
		parts func(Position) []Position
	}
	cases := []seqCase{
		{"lasker", nil, 200, heapParts},
		{"split-nim", nil, 100, heapParts},
		{"mock-turtles", nil, 90, coinParts},
		{"turtles", nil, 250, coinParts},
		{"ruler", nil, 100, coinParts},
		{"twins", nil, 250, coinParts},
		{"subtract", map[string]string{"set": "2,5"}, 3000, heapParts},
		{"subtract", map[string]string{"set": "1,3,4"}, 3000, heapParts},
		{"subtract", map[string]string{"set": "3,5,7,11,13"}, 3000, heapParts},
		{"subtract", map[string]string{"set": "1,2,3,5,8,13,21,34,55,89,144,233,377,610,987"}, 3000, heapParts},
		{"subtract", map[string]string{"range": "3:7"}, 3000, heapParts},
		{"subtract", map[string]string{"range": "5:5"}, 3000, heapParts},
		{"subtract", map[string]string{"max": "9"}, 3000, heapParts},
		{"kayles", nil, 400, heapParts},
		{"dawson-kayles", nil, 400, heapParts},
		{"grundy-game", nil, 200, heapParts},
		{"octal", map[string]string{"code": "x0.8"}, 60, heapParts},
	}
	for _, c := range cases {
		t.Run(fmt.Sprint(c.name, c.flags), func(t *testing.T) {
			t.Parallel()
			r, err := New(c.name, c.flags)
			if err != nil {
				t.Fatal(err)
			}
			seq, err := r.(Sequencer).Sequence(context.Background(), c.to)
			if err != nil {
				t.Fatal(err)
			}
			s := game.NewSolver[string](sumGame{engineGame{r}, c.parts})
			first := r.Info().Indexing
			for n := uint64(0); n <= c.to; n++ {
				p := Position{n}
				if n == 0 && (c.name == "turtles" || c.name == "ruler") {
					continue // coin 0 does not exist in these rows
				}
				if n == 0 && (c.name == "lasker" || c.name == "split-nim" || c.name == "subtract" ||
					c.name == "kayles" || c.name == "dawson-kayles" || c.name == "grundy-game" || c.name == "octal") {
					p = Position{}
				}
				v, err := s.Value(Canonical(r, p).Key())
				if err != nil {
					t.Fatal(err)
				}
				if v != seq.Values[n] {
					t.Fatalf("g(%d) = %d, the engine says %d (%s)", n, seq.Values[n], v, first)
				}
			}
		})
	}
}
