package rules

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
)

// TestPlayToTheEnd drives a whole game through the input: the person moves first from 1 2 (an
// N-position), plays perfectly and wins; illegal moves are refused with the reason.
func TestPlayToTheEnd(t *testing.T) {
	r, _ := New("nim", nil)
	p, _ := r.Parse([]string{"1", "2"})
	in := strings.NewReader("maybe\nme\n3 3\n1 2 3\n2 2\nmoves\nhint\n1 1\n0 0\n")
	var out bytes.Buffer
	if err := Play(context.Background(), r, p, in, &out); err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	s := out.String()
	for _, want := range []string{
		"Please answer",
		"illegal move: heap 1 would grow from 1 to 3",
		"the position has 2 heaps, you gave 3",
		"#3  take 2 from heap 2  ->  1 0", // the listed moves
		"You play: take 1 from heap 2",
		"I play: take 1 from heap ",
		"Game over: you win!",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("output lacks %q:\n%s", want, s)
		}
	}
}

// TestPlayEngineWins: the engine moves first from an N-position and wins whatever the person does.
func TestPlayEngineWins(t *testing.T) {
	r, _ := New("subtract", map[string]string{"max": "3"})
	p, _ := r.Parse([]string{"9"})
	// the engine takes 1 (to 8); then the person plays #1 (take 1) every time
	in := strings.NewReader("you\n#1\n#1\n#1\n#1\n#1\n")
	var out bytes.Buffer
	if err := Play(context.Background(), r, p, in, &out); err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	if !strings.Contains(out.String(), "Game over: I win.") {
		t.Fatalf("the engine did not win:\n%s", out.String())
	}
}

// TestPlayMisere: in misère Nim the player left without a move wins.
func TestPlayMisere(t *testing.T) {
	r, _ := New("misere-nim", nil)
	p, _ := r.Parse([]string{"1", "1"})
	var out bytes.Buffer
	if err := Play(context.Background(), r, p, strings.NewReader("me\n0 1\n"), &out); err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	// the person takes one heap; the engine must take the last stone and loses
	if !strings.Contains(out.String(), "Game over: you win!") {
		t.Fatalf("misère ending wrong:\n%s", out.String())
	}
}

func TestPlayQuitAndEOF(t *testing.T) {
	r, _ := New("nim", nil)
	p, _ := r.Parse([]string{"3", "4"})
	var out bytes.Buffer
	if err := Play(context.Background(), r, p, strings.NewReader("me\nquit\n"), &out); !errors.Is(err, ErrQuit) {
		t.Fatalf("quit: %v", err)
	}
	if err := Play(context.Background(), r, p, strings.NewReader("me\n"), &out); err == nil || !strings.Contains(err.Error(), "input ended") {
		t.Fatalf("EOF: %v", err)
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
			in := "me\n" + strings.Repeat("#1\n", 400)
			var out bytes.Buffer
			if err := Play(context.Background(), r, p, strings.NewReader(in), &out); err != nil {
				t.Fatalf("%v\n%s", err, out.String())
			}
			if !strings.Contains(out.String(), "Game over") {
				t.Fatalf("no end:\n%s", out.String())
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
