package query

import (
	"context"
	"math/rand/v2"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// kaylesMisereP decides misère Kayles on a sum of rows (heap sizes) from the definition: the
// player to move loses when every move leads to a position the next player wins; with no move
// at all, the player to move wins.
type kaylesMisereP map[string]bool

func (memo kaylesMisereP) isP(heaps []int) bool {
	var hs []int
	for _, h := range heaps {
		if h > 0 {
			hs = append(hs, h)
		}
	}
	slices.Sort(hs)
	key := intsText(hs)
	if p, ok := memo[key]; ok {
		return p
	}
	moved, p := false, true
	for i, h := range hs {
		for take := 1; take <= 2 && take <= h; take++ {
			for left := 0; left+take <= h; left++ {
				moved = true
				next := append(append(slices.Clone(hs[:i]), hs[i+1:]...), left, h-take-left)
				if memo.isP(next) {
					p = false
				}
			}
		}
	}
	if !moved {
		p = false // no move: the player to move has won
	}
	memo[key] = p
	return p
}

func intsText(hs []int) string {
	var b strings.Builder
	for _, h := range hs {
		b.WriteString(strconv.Itoa(h) + " ")
	}
	return b.String()
}

var ints = regexp.MustCompile(`\d+`)

// heapsIn reads the heaps of kayles-heaps.star's positions: every int in them is a heap (tuples
// are sums).
func heapsIn(pos []string) []int {
	var hs []int
	for _, p := range pos {
		for _, s := range ints.FindAllString(p, -1) {
			h, _ := strconv.Atoi(s)
			hs = append(hs, h)
		}
	}
	return hs
}

// kaylesRows reads the runs of pins of kayles.star's rows ("xx.x" is rows 2 and 1).
func kaylesRows(pos []string) []int {
	var hs []int
	for _, p := range pos {
		p, _ = strconv.Unquote(p)
		for _, run := range strings.Split(p, ".") {
			hs = append(hs, len(run))
		}
	}
	return hs
}

// TestPlayScriptMisere plays whole misère games of Kayles against a person who moves at random,
// twice: as kayles-heaps.star (a heap game: the engine moves through its misère quotient) and as
// kayles.star (rows of pins as strings: the engine searches). Every step's "winning" marks must
// be the moves to misère P-positions by the definition, the engine must win every game whose
// start is an N-position for it, and a finished game's winner is the player left without a move.
func TestPlayScriptMisere(t *testing.T) {
	heapsSrc, err := os.ReadFile("../examples/kayles-heaps.star")
	if err != nil {
		t.Fatal(err)
	}
	rowsSrc, err := os.ReadFile("../examples/kayles.star")
	if err != nil {
		t.Fatal(err)
	}
	memo := kaylesMisereP{}
	rng := rand.New(rand.NewPCG(3, 4))
	ctx := context.Background()
	starts := [][]int{{1}, {2}, {3}, {4, 4}, {5, 7}, {2, 3, 6}, {1, 1, 1}, {9}, {8, 3, 1}}
	for _, start := range starts {
		for _, form := range []struct {
			src   []byte
			pos   func([]int) []string
			heaps func([]string) []int
		}{
			{heapsSrc, func(hs []int) []string {
				var s []string
				for _, h := range hs {
					s = append(s, strconv.Itoa(h))
				}
				return s
			}, heapsIn},
			{rowsSrc, func(hs []int) []string {
				var s []string
				for _, h := range hs {
					s = append(s, strconv.Quote(strings.Repeat("x", h)))
				}
				return s
			}, kaylesRows},
		} {
			req := PlayRequest{Script: string(form.src), Position: form.pos(start), Misere: true, Engine: true}
			st, err := Play(ctx, req, Web(0))
			if err != nil {
				t.Fatalf("%v: %v", req.Position, err)
			}
			req.Engine = false
			for !st.Over {
				for _, m := range st.Moves {
					if want := memo.isP(form.heaps(m.To)); m.Winning != want {
						t.Fatalf("%v: move %s marked winning %v", st.Position, m.Move, m.Winning)
					}
				}
				req.Position, req.Move = st.Position, "#"+strconv.Itoa(1+rng.IntN(len(st.Moves)))
				if st, err = Play(ctx, req, Web(0)); err != nil {
					t.Fatal(err)
				}
			}
			if !memo.isP(start) && st.Winner != "engine" {
				t.Errorf("%v (%s): the engine moved first from an N-position and lost", start, req.Position)
			}
			// The last move was the person's when the engine is to move and stuck (and wins).
			last := st.Played[len(st.Played)-1].By
			if (last == "you") != (st.Winner == "engine") {
				t.Errorf("%v: the last move was %s's and the winner is %s", start, last, st.Winner)
			}
		}
	}
}

func TestPlayMisereRefusals(t *testing.T) {
	ctx := context.Background()
	for _, req := range []PlayRequest{
		{Ruleset: "nim", Position: []string{"3"}, Misere: true},                   // misere-nim is the ruleset
		{Ruleset: "misere-nim", Position: []string{"3"}, Misere: true},            // already misère
		{Ruleset: "ruler", Position: []string{"3"}, Misere: true},                 // coins, not heaps
		{Ruleset: "kayles", Position: []string{"41"}, Misere: true, Engine: true}, // past the quotient's heaps
		{Script: sub134, Position: []string{"3"}, Misere: true, Loopy: true},
	} {
		if _, err := Play(ctx, req, Web(0)); KindOf(err) != BadInput {
			t.Errorf("%+v: want a bad request, got %v", req, err)
		}
	}
}

// TestMisereJudgeUsesQuotient: a heap game's sums (also nested tuples that split() into heaps)
// are judged by the misère quotient; a game of strings falls back to the search.
func TestMisereJudgeUsesQuotient(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		file     string
		pos      []string
		quotient bool
	}{
		{"../examples/kayles-heaps.star", []string{"5", "(0, (1, 5))", "7"}, true},
		{"../examples/kayles.star", []string{`"xxxx.xx"`, `"xxx"`}, false},
	} {
		src, err := os.ReadFile(c.file)
		if err != nil {
			t.Fatal(err)
		}
		run, err := loadScript(ctx, c.file, string(src), Web(0))
		if err != nil {
			t.Fatal(err)
		}
		keys, err := run.Positions(c.pos)
		if err != nil {
			t.Fatal(err)
		}
		j := run.MisereJudge(ctx)
		p, err := j.IsP(keys)
		run.close()
		if err != nil {
			t.Fatal(err)
		}
		var want bool
		if c.quotient {
			want = kaylesMisereP{}.isP(heapsIn(keys))
		} else {
			want = kaylesMisereP{}.isP(kaylesRows(keys))
		}
		if p != want {
			t.Errorf("%s %v: P = %v, want %v", c.file, c.pos, p, want)
		}
		if j.UsesQuotient() != c.quotient {
			t.Errorf("%s: quotient used %v, want %v", c.file, j.UsesQuotient(), c.quotient)
		}
	}
}

// TestPlayRulesetMisere plays whole misère games of heap rulesets against a person who moves at
// random: Kayles (its marks checked against the definition) and subtract {1, 3, 4} (against the
// engine's misère search). The engine, moving first, must win from every N-position, and the
// last move of a game is the loser's.
func TestPlayRulesetMisere(t *testing.T) {
	ctx := context.Background()
	memo := kaylesMisereP{}
	rng := rand.New(rand.NewPCG(5, 6))
	searchP := func(name string, flags map[string]string, pos []string) bool {
		var hs []string
		for _, h := range pos {
			if h != "0" {
				hs = append(hs, h)
			}
		}
		if len(hs) == 0 {
			return false // no move: the player to move has won
		}
		ans, err := Solve(ctx, SolveRequest{Ruleset: name, Flags: flags, Position: hs, Misere: true}, CLI())
		if err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		if err := Encode(&b, ans); err != nil {
			t.Fatal(err)
		}
		return strings.Contains(b.String(), `"outcome":"P"`)
	}
	kayles := func(pos []string) bool { return memo.isP(heapsIn(pos)) }
	for _, c := range []struct {
		name  string
		flags map[string]string
		isP   func([]string) bool
	}{
		{"kayles", nil, kayles},
		{"octal", map[string]string{"code": "0.77"}, kayles},
		{"subtract", map[string]string{"set": "1,3,4"}, nil},
	} {
		isP := c.isP
		if isP == nil {
			isP = func(pos []string) bool { return searchP(c.name, c.flags, pos) }
		}
		for _, start := range [][]string{{"1"}, {"4", "6"}, {"5", "7", "2"}, {"9"}, {"3", "3", "1"}} {
			req := PlayRequest{Ruleset: c.name, Flags: c.flags, Position: start, Misere: true, Engine: true}
			st, err := Play(ctx, req, Web(0))
			if err != nil {
				t.Fatalf("%s %v: %v", c.name, start, err)
			}
			req.Engine = false
			for !st.Over {
				for _, m := range st.Moves {
					if want := isP(m.To); m.Winning != want {
						t.Fatalf("%s %v: move %s marked winning %v", c.name, st.Position, m.Move, m.Winning)
					}
				}
				req.Position, req.Move = st.Position, "#"+strconv.Itoa(1+rng.IntN(len(st.Moves)))
				if st, err = Play(ctx, req, Web(0)); err != nil {
					t.Fatal(err)
				}
			}
			if !isP(start) && st.Winner != "engine" {
				t.Errorf("%s %v: the engine moved first from an N-position and lost", c.name, start)
			}
			if last := st.Played[len(st.Played)-1].By; (last == "you") != (st.Winner == "engine") {
				t.Errorf("%s %v: the last move was %s's and the winner is %s", c.name, start, last, st.Winner)
			}
		}
	}
}
