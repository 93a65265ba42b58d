package rules

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// bruteNimWinning lists every winning move of a Nim position from the definition: a move to a
// position of nim-sum 0, trying every heap and every new size below it would be too slow for big
// heaps, so per heap the only candidate with nim-sum 0 is tried (new size = XOR of the other heaps).
func bruteNimWinning(p Position) []Move {
	var out []Move
	for i, h := range p {
		var others uint64
		for j, g := range p {
			if j != i {
				others ^= g
			}
		}
		if others < h {
			out = append(out, Move{Text: takeText(i, h-others), To: with(p, i, others)})
		}
	}
	return out
}

// bruteMisereWinning lists every winning move of a misère Nim position by trying, per heap, every
// new size (heaps here are small).
func bruteMisereWinning(p Position) []Move {
	var out []Move
	for i, h := range p {
		for t := uint64(0); t < h; t++ {
			q := with(p, i, t)
			if !misereNimWins(q) {
				out = append(out, Move{Text: takeText(i, h-t), To: q})
			}
		}
	}
	return out
}

func sameMoves(a, b []Move) bool {
	return slices.EqualFunc(a, b, func(x, y Move) bool { return x.Text == y.Text && x.To.Key() == y.To.Key() })
}

// checkCapped checks an analysis against the full list of winning moves: the first
// maxMovesListed of them are listed, and Complete and the count in Note say whether that is all.
func checkCapped(t *testing.T, name string, a Analysis, all []Move) {
	t.Helper()
	n := min(len(all), maxMovesListed)
	if !sameMoves(a.WinningMoves, all[:n]) {
		t.Fatalf("%s: listed %d moves, want the first %d of %d", name, len(a.WinningMoves), n, len(all))
	}
	if a.Complete != (len(all) <= maxMovesListed) {
		t.Fatalf("%s: complete %v with %d winning moves", name, a.Complete, len(all))
	}
	if !a.Complete {
		want := fmt.Sprintf("%d winning moves in all; the first %d are listed", len(all), maxMovesListed)
		if !strings.Contains(a.Note, want) {
			t.Fatalf("%s: note %q, want it to contain %q", name, a.Note, want)
		}
	}
}

// TestNimMovesCapped: around the cap and on random positions of up to a few thousand heaps, the
// nim and misere-nim analyses list the first maxMovesListed winning moves of the brute-force list.
func TestNimMovesCapped(t *testing.T) {
	r := rand.New(rand.NewPCG(61, 62))
	var ps []Position
	// n heaps of 1 plus one heap of 0 or 1: nim-sum 1 (N) exactly when n+extra is odd; every heap
	// of 1 is then a winning move, so n around the cap tests the boundary.
	for _, n := range []int{maxMovesListed - 1, maxMovesListed, maxMovesListed + 1, maxMovesListed + 2} {
		ps = append(ps, slices.Repeat(Position{1}, n), append(slices.Repeat(Position{1}, n), 2, 3))
	}
	for range 30 {
		n := 1 + r.IntN(3000)
		p := make(Position, n)
		for i := range p {
			p[i] = r.Uint64N(1 << (1 + r.IntN(12)))
		}
		ps = append(ps, p)
	}
	for _, p := range ps {
		a, err := nim{}.Analyze(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		checkCapped(t, fmt.Sprintf("nim, %d heaps", len(p)), a, bruteNimWinning(p))
		if len(p) <= 300 || slices.Max(p) <= 16 {
			a, err = misereNim{}.Analyze(context.Background(), p)
			if err != nil {
				t.Fatal(err)
			}
			checkCapped(t, fmt.Sprintf("misere-nim, %d heaps", len(p)), a, bruteMisereWinning(p))
		}
	}
}

// TestNimLargePosition: 10^5 heaps. Listing every winning move with a copy of the position would
// take about 80 GB; the capped analysis lists maxMovesListed of them, each correct, and counts all.
func TestNimLargePosition(t *testing.T) {
	const n = 100_000
	r := rand.New(rand.NewPCG(63, 64))
	p := make(Position, n)
	for i := range p {
		p[i] = r.Uint64()
	}
	x := xorAll(p)
	count := 0 // heaps whose top set bit is x's top bit are exactly those with h^x < h
	for _, h := range p {
		if h^x < h {
			count++
		}
	}
	if count <= maxMovesListed {
		t.Fatalf("test position has only %d winning moves", count)
	}
	a, err := nim{}.Analyze(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	if a.Complete || len(a.WinningMoves) != maxMovesListed || a.Outcome != N {
		t.Fatalf("complete %v, %d moves listed, outcome %v", a.Complete, len(a.WinningMoves), a.Outcome)
	}
	if want := fmt.Sprintf("%d winning moves in all", count); !strings.Contains(a.Note, want) {
		t.Fatalf("note %q, want %q", a.Note, want)
	}
	for _, m := range a.WinningMoves {
		if xorAll(m.To) != 0 || len(m.To) != n {
			t.Fatalf("move %q does not reach nim-sum 0", m.Text)
		}
	}

	// Misère: 10^5 heaps of 1 (even count, so N): taking any heap wins, 10^5 winning moves.
	ones := slices.Repeat(Position{1}, n)
	a, err = misereNim{}.Analyze(context.Background(), ones)
	if err != nil {
		t.Fatal(err)
	}
	if a.Complete || len(a.WinningMoves) != maxMovesListed || a.Outcome != N {
		t.Fatalf("misère: complete %v, %d moves listed, outcome %v", a.Complete, len(a.WinningMoves), a.Outcome)
	}
	if want := fmt.Sprintf("%d winning moves in all", n); !strings.Contains(a.Note, want) {
		t.Fatalf("misère note %q, want %q", a.Note, want)
	}
	for i, m := range a.WinningMoves {
		if misereNimWins(m.To) || m.To[i] != 0 {
			t.Fatalf("misère move %q is not winning", m.Text)
		}
	}
	// and on the random big heaps, each listed move is winning
	a, err = misereNim{}.Analyze(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	if len(a.WinningMoves) == 0 {
		t.Fatalf("misère: no winning move listed (outcome %v)", a.Outcome)
	}
	for _, m := range a.WinningMoves {
		if misereNimWins(m.To) {
			t.Fatalf("misère move %q is not winning", m.Text)
		}
	}
}
