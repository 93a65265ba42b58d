package guess

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"grundy/game"
	"grundy/nimber"
	"grundy/script"
)

// scriptTable runs testdata/file (after prelude) and returns g(x, y) for 0 ≤ x, y ≤ n.
func scriptTable(t testing.TB, file, prelude string, n int) [][]uint64 {
	t.Helper()
	src, err := os.ReadFile("testdata/" + file)
	if err != nil {
		t.Fatal(err)
	}
	g, err := script.Load(file, append([]byte(prelude+"\n"), src...), script.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	s := game.NewSolver[string](g)
	tab := make([][]uint64, n+1)
	for x := range tab {
		tab[x] = make([]uint64, n+1)
		for y := range tab[x] {
			if tab[x][y], err = s.Value(fmt.Sprintf("(%d, %d)", x, y)); err != nil {
				t.Fatal(err)
			}
		}
	}
	return tab
}

func keys(r *Report) []string {
	var out []string
	for _, f := range r.Findings {
		out = append(out, f.Key)
	}
	return out
}

// TestTablesAsScripts: Turning Corners is x⊗y, Acrostic Twins x⊕y, Wythoff's P-positions are
// the Beatty pairs of φ and φ²; as scripts, nothing is proved.
func TestTablesAsScripts(t *testing.T) {
	lib := library(t)
	for _, c := range []struct {
		file string
		n    int
		kind string
		key  string
	}{
		{"corners.star", 16, "product", "x⊗y"},
		{"acrostic.star", 20, "sum", "x⊕y"},
		{"wythoff.star", 40, "p-positions", "beatty α=φ β=φ²"},
	} {
		g := scriptTable(t, c.file, "", c.n)
		r, err := Table(context.Background(), g, TableOptions{Name: c.file, Library: lib})
		if err != nil {
			t.Fatal(err)
		}
		noProof(t, c.file, r)
		if f := find(r, c.kind); f == nil || f.Key != c.key {
			t.Errorf("%s: findings %q, want %s %q", c.file, keys(r), c.kind, c.key)
		}
		// The same table known to be the ruleset: its theorem proves the finding.
		r, err = Table(context.Background(), g, TableOptions{Theorems: map[string]string{c.key: "a theorem"}})
		if err != nil {
			t.Fatal(err)
		}
		if f := find(r, c.kind); f == nil || f.Status != Proved {
			t.Errorf("%s with its theorem: %+v", c.file, r.Findings)
		}
	}
	// Acrostic Twins' P-positions are the diagonal, and Wythoff's table is no sum or product.
	r, _ := Table(context.Background(), scriptTable(t, "acrostic.star", "", 20), TableOptions{})
	if f := find(r, "p-positions"); f == nil || f.Key != "x=y" {
		t.Errorf("acrostic: P-positions %+v", r.Findings)
	}
	r, _ = Table(context.Background(), scriptTable(t, "wythoff.star", "", 20), TableOptions{})
	if find(r, "sum") != nil || find(r, "product") != nil || len(r.NearMiss) != 2 {
		t.Errorf("wythoff: %+v, near misses %+v", r.Findings, r.NearMiss)
	}
}

// TestTableResidues: a sum of periodic games, its factors named and its P-positions a residue
// rule.
func TestTableResidues(t *testing.T) {
	// g(x, y) = (x mod 3) ⊕ (y mod 3) has P-positions x ≡ y (mod 3).
	n := 30
	g := make([][]uint64, n+1)
	for x := range g {
		g[x] = make([]uint64, n+1)
		for y := range g[x] {
			g[x][y] = uint64(x%3) ^ uint64(y%3)
		}
	}
	r, err := Table(context.Background(), g, TableOptions{Library: library(t)})
	if err != nil {
		t.Fatal(err)
	}
	if f := find(r, "sum"); f == nil || f.Key != "(x mod 3)⊕(y mod 3)" {
		t.Errorf("sum: %q", keys(r))
	}
	if f := find(r, "p-positions"); f == nil || f.Key != "residues mod 3,3" {
		t.Errorf("residues: %q", keys(r))
	}
}

// TestTableTartan: the product of two coin games (ruler × mock turtles, built from their values
// with nimber multiplication as Tartan's theorem says) is recognised with both factors named.
func TestTableTartan(t *testing.T) {
	n := 50
	f, h := rulesetSeq(t, "ruler", nil, n), rulesetSeq(t, "mock-turtles", nil, n)
	g := make([][]uint64, n+1)
	for x := range g {
		g[x] = make([]uint64, n+1)
		for y := range g[x] {
			g[x][y] = nimber.Mul(f[x], h[y])
		}
	}
	r, err := Table(context.Background(), g, TableOptions{Library: library(t)})
	if err != nil {
		t.Fatal(err)
	}
	if f := find(r, "product"); f == nil || f.Key != "(2^v2(x) (x ≥ 1))⊗(2y + [y evil])" {
		t.Errorf("tartan: %q", keys(r))
	}
}

// TestRandomTables: tables of games with random moves give no proof and no sum or product.
func TestRandomTables(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := 0; trial < 20; trial++ {
		n := 12
		g := make([][]uint64, n+1)
		for x := range g {
			g[x] = make([]uint64, n+1)
			for y := range g[x] {
				seen := map[uint64]bool{}
				for a := 0; a <= x; a++ {
					for b := 0; b <= y; b++ {
						if (a < x || b < y) && rng.IntN(3) == 0 {
							seen[g[a][b]] = true
						}
					}
				}
				for seen[g[x][y]] {
					g[x][y]++
				}
			}
		}
		r, err := Table(context.Background(), g, TableOptions{})
		if err != nil {
			t.Fatal(err)
		}
		noProof(t, "random table", r)
		for _, f := range r.Findings {
			if f.Kind == "sum" || f.Kind == "product" {
				t.Errorf("random table: %+v", f)
			}
		}
	}
}

// TestMoore: Moore's Nim_2 on three heaps and Nim_3 on four follow the bit-count rule mod 3 and
// mod 4, with the smaller moduli's counterexamples; Nim (K = 1) the XOR rule.
func TestMoore(t *testing.T) {
	for _, c := range []struct{ k, heaps, n, m int }{{1, 3, 5, 2}, {2, 3, 7, 3}, {3, 4, 4, 4}} {
		src, err := os.ReadFile("testdata/moore.star")
		if err != nil {
			t.Fatal(err)
		}
		g, err := script.Load("moore.star", append([]byte(fmt.Sprintf("K = %d\n", c.k)), src...), script.Limits{})
		if err != nil {
			t.Fatal(err)
		}
		s := game.NewSolver[string](g)
		size := 1
		for range c.heaps {
			size *= c.n + 1
		}
		isP := make([]bool, size)
		h := make([]int, c.heaps)
		for i := range isP {
			decode(i, c.n, h)
			parts := make([]string, c.heaps)
			for j, x := range h {
				parts[j] = fmt.Sprint(x)
			}
			v, err := s.Value("(" + strings.Join(parts, ", ") + ")")
			if err != nil {
				t.Fatal(err)
			}
			isP[i] = v == 0
		}
		g.Close()
		r, err := Outcomes("moore", c.heaps, c.n, isP, nil)
		if err != nil {
			t.Fatal(err)
		}
		noProof(t, "moore", r)
		want := fmt.Sprintf("bits mod %d", c.m)
		if len(r.Findings) != 1 || r.Findings[0].Key != want || len(r.NearMiss) != c.m-2 {
			t.Errorf("moore k=%d: %+v, near misses %+v; want %q", c.k, r.Findings, r.NearMiss, want)
		}
		r, _ = Outcomes("moore", c.heaps, c.n, isP, map[string]string{want: "Moore's theorem"})
		if r.Findings[0].Status != Proved {
			t.Errorf("moore k=%d with its theorem: %+v", c.k, r.Findings)
		}
	}
	if _, err := Outcomes("x", 2, 3, make([]bool, 15), nil); err == nil {
		t.Error("a wrong number of outcomes was accepted")
	}
}
