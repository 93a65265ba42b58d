package query

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

const sub134 = "def moves(n):\n    return [n - k for k in [1, 3, 4] if k <= n]\n"

// sub134Value is g(n) of the subtraction game {1, 3, 4} from the definition.
func sub134Value(n int) int {
	g := make([]int, n+1)
	for i := range g {
		seen := map[int]bool{}
		for _, k := range []int{1, 3, 4} {
			if k <= i {
				seen[g[i-k]] = true
			}
		}
		for seen[g[i]] {
			g[i]++
		}
	}
	return g[n]
}

// TestPlayScriptEngineWins plays whole games of a script, a sum of two heaps, against a person
// who moves at random: the engine, perfect, must win exactly the games whose start is a
// P-position for the person (the XOR of the values from the definition is 0), and every step's
// "winning" marks must be the moves to XOR 0.
func TestPlayScriptEngineWins(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	ctx := context.Background()
	for a := 0; a <= 9; a++ {
		for b := 0; b <= 9; b += 3 {
			req := PlayRequest{Script: sub134, Position: []string{strconv.Itoa(a), strconv.Itoa(b)}}
			st, err := Play(ctx, req, Web(0))
			if err != nil {
				t.Fatal(err)
			}
			for !st.Over {
				for _, m := range st.Moves {
					x, _ := strconv.Atoi(m.To[0])
					y, _ := strconv.Atoi(m.To[1])
					if want := sub134Value(x)^sub134Value(y) == 0; m.Winning != want {
						t.Fatalf("%v: move %s marked winning %v", st.Position, m.Move, m.Winning)
					}
				}
				req.Position, req.Move = st.Position, "#"+strconv.Itoa(1+rng.IntN(len(st.Moves)))
				if st, err = Play(ctx, req, Web(0)); err != nil {
					t.Fatal(err)
				}
			}
			personLoses := sub134Value(a)^sub134Value(b) == 0
			if personLoses && st.Winner != "engine" {
				t.Fatalf("%d + %d: the person won from a P-position", a, b)
			}
		}
	}
}

// TestPlayErrors: bad moves and requests are bad input; the game over is said.
func TestPlayErrors(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		req  PlayRequest
		kind Kind
	}{
		{PlayRequest{Script: sub134, Position: []string{"5"}, Move: "7"}, BadInput},
		{PlayRequest{Script: sub134, Position: []string{"5"}, Move: "#9"}, BadInput},
		{PlayRequest{Script: sub134, Position: []string{"0"}, Move: "0"}, BadInput},
		{PlayRequest{Script: sub134, Position: []string{"5"}, Move: "4", Engine: true}, BadInput},
		{PlayRequest{Script: sub134, Position: nil}, BadInput},
		{PlayRequest{Ruleset: "nim", Script: sub134, Position: []string{"5"}}, BadInput},
		{PlayRequest{Ruleset: "prime-take", Position: []string{"5"}}, BadInput},
		{PlayRequest{Ruleset: "nim", Position: []string{"1", "2"}, Move: "3 3"}, BadInput},
		{PlayRequest{Script: "def moves(n):\n    while True:\n        pass\n", Position: []string{"1"}}, OverLimit},
	} {
		_, err := Play(ctx, c.req, Web(0))
		var e *Error
		if !errors.As(err, &e) || e.Kind != c.kind || e.Msg == "" {
			t.Errorf("%+v: %v, want %v", c.req, err, c.kind)
		}
	}
	st, err := Play(ctx, PlayRequest{Script: sub134, Position: []string{"1"}, Move: "0"}, Web(0))
	if err != nil || !st.Over || st.Winner != "you" || len(st.Played) != 1 {
		t.Fatalf("%+v %v", st, err)
	}
}

// FuzzPlayScriptMove types arbitrary moves into a script game (a sum of tuples): a step either
// answers with a legal position or refuses as bad input, never anything else.
func FuzzPlayScriptMove(f *testing.F) {
	const pairs = "def moves(p):\n    x, y = p\n    out = []\n    if x > 0:\n        out.append((x - 1, y))\n    if y > 0:\n        out.append((x, y - 1))\n    return out\n"
	for _, good := range []string{"(0, 1)", "#1", "component 1: (1, 1) -> (0, 1)"} {
		pos := []string{"(1, 1)"}
		if strings.HasPrefix(good, "component") {
			pos = append(pos, "(0, 2)")
		}
		if _, err := Play(context.Background(), PlayRequest{Script: pairs, Position: pos, Move: good}, Web(0)); err != nil {
			f.Fatalf("%q: %v", good, err)
		}
	}
	for _, s := range []string{"(0, 1)", "#1", "#0", "#-1", "# 2", "component 1: (1, 1) -> (0, 1)", "", "(1,1)", "((", `"x"`, "#99999999999999999999"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, move string) {
		for _, pos := range [][]string{{"(1, 1)"}, {"(1, 1)", "(0, 2)"}} {
			st, err := Play(context.Background(), PlayRequest{Script: pairs, Position: pos, Move: move}, Web(0))
			var e *Error
			switch {
			case err == nil:
				if len(st.Position) != len(pos) || (len(st.Played) == 0) != (move == "") {
					t.Fatalf("%q: %+v", move, st)
				}
			case !errors.As(err, &e) || e.Kind != BadInput:
				t.Fatalf("%q: %v", move, err)
			}
		}
	})
}

// A grid game's step names the first coordinates of its board (the page labels its rows and
// columns from them): tartan's depend on its 1-D rulesets (Turning Turtles from 1, Mock Turtles
// from 0); other boards have none.
func TestPlayGridFirst(t *testing.T) {
	for _, c := range []struct {
		ruleset string
		flags   map[string]string
		pos     []string
		want    string
	}{
		{"corners", nil, []string{"1,2", "2,1"}, "[0 0]"},
		{"tartan", map[string]string{"rows": "turtles", "cols": "mock-turtles"}, []string{"1,2", "3,3"}, "[1 0]"},
		{"tartan", map[string]string{"rows": "mock-turtles", "cols": "ruler"}, []string{"0,1"}, "[0 1]"},
		{"kayles", nil, []string{"3"}, "[]"},
	} {
		st, err := Play(context.Background(), PlayRequest{Ruleset: c.ruleset, Flags: c.flags, Position: c.pos}, CLI())
		if err != nil {
			t.Fatalf("%s: %v", c.ruleset, err)
		}
		if got := fmt.Sprint(st.GridFirst); got != c.want {
			t.Errorf("%s %v: grid_first %s, want %s", c.ruleset, c.flags, got, c.want)
		}
	}
}
