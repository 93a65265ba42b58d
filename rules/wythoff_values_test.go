package rules

import (
	"context"
	"errors"
	"strings"
	"testing"
)

// wythoffTable is the Grundy table of Wythoff's game up to n×m straight from the definition: the
// mex of the values of every option (left in the row, up in the column, back along the diagonal).
func wythoffTable(n, m int) [][]uint64 {
	g := make([][]uint64, n+1)
	for i := range g {
		g[i] = make([]uint64, m+1)
		for j := range g[i] {
			seen := map[uint64]bool{}
			for k := 1; k <= i; k++ {
				seen[g[i-k][j]] = true
			}
			for k := 1; k <= j; k++ {
				seen[g[i][j-k]] = true
			}
			for k := 1; k <= min(i, j); k++ {
				seen[g[i-k][j-k]] = true
			}
			for seen[g[i][j]] {
				g[i][j]++
			}
		}
	}
	return g
}

func wv(t *testing.T, x, y uint64) uint64 {
	t.Helper()
	v, err := wythoffValue(t.Context(), x, y)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func TestWythoffValueAgainstDefinition(t *testing.T) {
	const n, m = 40, 90
	g := wythoffTable(n, m)
	for i := 0; i <= n; i++ {
		for j := 0; j <= m; j++ {
			if got := wv(t, uint64(i), uint64(j)); got != g[i][j] {
				t.Fatalf("wythoffValue(%d, %d) = %d, the definition gives %d", i, j, got, g[i][j])
			}
			if got := wv(t, uint64(j), uint64(i)); got != g[i][j] {
				t.Fatalf("wythoffValue(%d, %d) = %d, want %d (symmetry)", j, i, got, g[i][j])
			}
		}
	}
	// The P-positions of the table are Wythoff's pairs.
	for i := 0; i <= n; i++ {
		for j := 0; j <= m; j++ {
			if (g[i][j] == 0) != wythoffP(uint64(i), uint64(j)) {
				t.Fatalf("(%d, %d): value %d but wythoffP says %v", i, j, g[i][j], wythoffP(uint64(i), uint64(j)))
			}
		}
	}
}

func TestWythoffValueLarge(t *testing.T) {
	if testing.Short() {
		t.Skip("a larger table")
	}
	const n, m = 150, 260
	g := wythoffTable(n, m)
	for _, c := range [][2]int{{150, 260}, {149, 149}, {97, 233}, {1, 260}, {150, 151}} {
		if got := wv(t, uint64(c[0]), uint64(c[1])); got != g[c[0]][c[1]] {
			t.Fatalf("wythoffValue(%d, %d) = %d, the definition gives %d", c[0], c[1], got, g[c[0]][c[1]])
		}
	}
}

func TestWythoffValueLimits(t *testing.T) {
	for _, c := range []struct {
		x, y uint64
		ok   bool
	}{{2000, 2000, true}, {4500, 4500, true}, {4700, 4700, false}, {10, 30000, true}, {10, 50000, false}, {1 << 40, 1 << 40, false}, {^uint64(0), ^uint64(0), false}} {
		if _, ok := wythoffValueCost(c.x, c.y); ok != c.ok {
			t.Errorf("wythoffValueCost(%d, %d) ok = %v, want %v", c.x, c.y, ok, c.ok)
		}
	}
	// A cancelled context stops the computation.
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	if _, err := wythoffValue(ctx, 2000, 2000); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled: %v", err)
	}
	// Past the limit the answer has the outcome and the moves but no value, and says why.
	r, err := solve(context.Background(), "wythoff", nil, []string{"100000", "200000"})
	if err != nil {
		t.Fatal(err)
	}
	if r.HasValue || !strings.Contains(r.Note, "only when") {
		t.Fatalf("value %v %v, note %q", r.HasValue, r.Value, r.Note)
	}
	// One empty heap: Nim, for any size.
	r, err = solve(context.Background(), "wythoff", nil, []string{"0", "18446744073709551615"})
	if err != nil || !r.HasValue || r.Value != ^uint64(0) {
		t.Fatalf("%+v, %v", r, err)
	}
}
