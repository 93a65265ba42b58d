package rules

import (
	"context"
	"strings"
	"testing"
)

// playOut drives m to its end: the person plays the move pick chooses among the first 60 legal
// ones (or, when pick is nil, the listed #1 through Human), the engine answers. It returns whether
// the game ended (a player stuck or a draw by repetition) within max moves, and whether the
// person won.
func playOut(t *testing.T, m *Match, max int) (ended, drawn, humanWon bool) {
	t.Helper()
	for moves := 0; moves < max; moves++ {
		if over, won := m.Over(); over {
			return true, false, won
		}
		if m.Drawn() {
			return true, true, false
		}
		if m.HumanTurn {
			if _, err := m.Human("#1"); err != nil {
				t.Fatal(err)
			}
		} else if _, err := m.Engine(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	return false, false, false
}

// TestMatchToTheEnd drives a whole game: the person moves first from 1 2 (an N-position), plays
// perfectly and wins; illegal moves are refused with the reason.
func TestMatchToTheEnd(t *testing.T) {
	r, _ := New("nim", nil)
	p, _ := r.Parse([]string{"1", "2"})
	m := &Match{R: r, Pos: p, HumanTurn: true}
	for in, want := range map[string]string{
		"3 3":   "illegal move: heap 1 would grow from 1 to 3",
		"1 2 3": "the position has 2 heaps, you gave 3",
		"2 2":   "illegal move: heap 1 would grow from 1 to 2",
	} {
		if _, err := m.Human(in); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", in, err, want)
		}
	}
	if legal, _ := m.Legal(playListMax); len(legal) < 3 || legal[2].Text != "take 2 from heap 2" || strings.Join(r.Args(legal[2].To), " ") != "1 0" {
		t.Errorf("the third listed move: %v", legal)
	}
	if mv, err := m.Human("1 1"); err != nil || mv.Text != "take 1 from heap 2" {
		t.Fatalf("1 1: %v %v", mv, err)
	}
	if mv, err := m.Engine(context.Background()); err != nil || !strings.HasPrefix(mv.Text, "take 1 from heap ") {
		t.Fatalf("the engine: %v %v", mv, err)
	}
	if _, err := m.Human("0 0"); err != nil {
		t.Fatal(err)
	}
	if over, humanWon := m.Over(); !over || !humanWon {
		t.Fatalf("over %v, person won %v; want the person to win", over, humanWon)
	}
}

// TestMatchEngineWins: the engine moves first from an N-position and wins whatever the person does.
func TestMatchEngineWins(t *testing.T) {
	r, _ := New("subtract", map[string]string{"max": "3"})
	p, _ := r.Parse([]string{"9"})
	ended, _, humanWon := playOut(t, &Match{R: r, Pos: p}, 20)
	if !ended || humanWon {
		t.Fatalf("ended %v, person won %v: the engine did not win", ended, humanWon)
	}
}

// TestMatchMisere: in misère Nim the player left without a move wins.
func TestMatchMisere(t *testing.T) {
	r, _ := New("misere-nim", nil)
	p, _ := r.Parse([]string{"1", "1"})
	m := &Match{R: r, Pos: p, HumanTurn: true}
	// the person takes one heap; the engine must take the last stone and loses
	if _, err := m.Human("0 1"); err != nil {
		t.Fatal(err)
	}
	if _, err := m.Engine(context.Background()); err != nil {
		t.Fatal(err)
	}
	if over, humanWon := m.Over(); !over || !humanWon {
		t.Fatalf("over %v, person won %v: misère ending wrong", over, humanWon)
	}
}

// TestPlayEveryRuleset plays each catalogue example to the end, the person always choosing the
// first listed move, and checks that the game ends.
func TestPlayEveryRuleset(t *testing.T) {
	for _, info := range Catalogue() {
		t.Run(info.Name, func(t *testing.T) {
			args := strings.Fields(info.Example)
			flags := map[string]string{}
			for len(args) > 0 && strings.HasPrefix(args[0], "--") {
				flags[strings.TrimPrefix(args[0], "--")] = args[1]
				args = args[2:]
			}
			r, err := New(info.Name, flags)
			if err != nil {
				t.Fatal(err)
			}
			p, err := r.Parse(args)
			if err != nil {
				t.Fatal(err)
			}
			if ended, _, _ := playOut(t, &Match{R: r, Pos: p, HumanTurn: true}, 800); !ended {
				t.Fatal("no end")
			}
		})
	}
}

// TestDirectMovesAgreeWithEnumeration: the direct legality check of play agrees with the move
// enumeration on every pair of small positions.
func TestDirectMovesAgreeWithEnumeration(t *testing.T) {
	for _, c := range []struct {
		name  string
		flags map[string]string
		ps    []Position
	}{
		{"nim", nil, upTo(3, 0, 3)},
		{"misere-nim", nil, upTo(2, 0, 4)},
		{"subtract", map[string]string{"set": "2,3"}, upTo(2, 0, 5)},
		{"subtract", map[string]string{"range": "2:3", "last-loses": "true"}, upTo(1, 0, 9)},
		{"wythoff", nil, tuples(2, 0, 5)},
	} {
		r, _ := New(c.name, c.flags)
		d := r.(directMover)
		for _, p := range c.ps {
			legal := map[string]string{}
			for m := range r.Moves(p) {
				legal[m.To.Key()] = m.Text
			}
			for _, q := range c.ps {
				if len(q) != len(p) {
					continue
				}
				m, ok, why := d.direct(p, q)
				text, want := legal[q.Key()]
				if ok != want || ok && m.Text != text {
					t.Fatalf("%s %v -> %v: direct %v %q (%s), enumeration %v %q", c.name, p, q, ok, m.Text, why, want, text)
				}
				if !ok && why == "" {
					t.Fatalf("%s %v -> %v: refused without a reason", c.name, p, q)
				}
			}
		}
	}
}

// TestPlayHugeHeaps: a move on a heap far too large to enumerate is checked at once.
func TestPlayHugeHeaps(t *testing.T) {
	r, _ := New("nim", nil)
	p, _ := r.Parse([]string{"0xffffffffffffffff", "0xffffffffffffffff"})
	m := &Match{R: r, Pos: p, HumanTurn: true}
	if _, err := m.Human("5 18446744073709551615"); err != nil {
		t.Fatal(err)
	}
	if _, err := m.Engine(context.Background()); err != nil {
		t.Fatal(err)
	}
	if got := m.Pos; got[0] != 5 || got[1] != 5 {
		t.Fatalf("the engine answered %v", got)
	}
}

// TestBoardRowsAreRows: the first coordinate (tartan's --rows) numbers the rows of the drawn board
// and the second the columns, under a header whose numbers stand apart.
func TestBoardRowsAreRows(t *testing.T) {
	r, err := New("tartan", map[string]string{"rows": "ruler", "cols": "twins"})
	if err != nil {
		t.Fatal(err)
	}
	p, err := r.Parse([]string{"1,2", "3,0"})
	if err != nil {
		t.Fatal(err)
	}
	want := "x\\y   0  1  2\n" +
		"  1   .  .  H\n" +
		"  2   .  .  .\n" +
		"  3   H  .  .\n" +
		"(H = heads up; x down the rows from 1, y across the columns from 0)"
	if got := r.Format(p); got != want {
		t.Fatalf("board:\n%s\nwant:\n%s", got, want)
	}
}
