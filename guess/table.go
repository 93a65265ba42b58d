package guess

import (
	"context"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strings"

	"grundy/nimber"
)

// TableOptions are the options of a guess on a table.
type TableOptions struct {
	// Name names the game in the report.
	Name string
	// Library, when not nil, names the one-coordinate factors of a sum or a product.
	Library *Library
	// Theorems maps a finding's Key ("x⊗y", the whole rule as found) to the theorem that proves
	// exactly that rule for this game (a ruleset's own theory: the Tartan theorem for Turning
	// Corners); nil for a script.
	Theorems map[string]string
}

// Table looks at a square table of Grundy values g[x][y], 0 ≤ x, y ≤ N, and reports what it
// recognises: a sum f(x) ⊕ h(y), a nim-product f(x) ⊗ h(y) (with f and h named where a closed
// form or a known game fits), and a rule for the P-positions (the zeros): the diagonal, residue
// classes of (x mod a, y mod b), or Beatty pairs (⌊nα⌋, ⌊nβ⌋) and their mirror images with the
// constants identified.
func Table(ctx context.Context, g [][]uint64, opt TableOptions) (*Report, error) {
	n := len(g)
	if n < 2 {
		return nil, fmt.Errorf("guess: a table needs at least 2 rows")
	}
	for _, row := range g {
		if len(row) != n {
			return nil, fmt.Errorf("guess: the table is not square")
		}
	}
	r := &Report{Game: opt.Name, Shape: "table", CheckedTo: n - 1, Findings: []Finding{}, NearMiss: []NearMiss{}}
	zero := true
	for _, row := range g {
		for _, v := range row {
			zero = zero && v == 0
		}
	}
	if zero {
		r.add(Finding{Kind: "sum", Key: "0", Rule: "g(x, y) = 0 everywhere", CheckedTo: n - 1}, opt)
		r.defaultChecked()
		return r, nil
	}
	if err := r.sumOrProduct(ctx, g, opt); err != nil {
		return nil, err
	}
	r.pPositions(g, opt)
	r.sort()
	r.defaultChecked()
	return r, nil
}

// add appends f, proved when opt names a theorem for its key.
func (r *Report) add(f Finding, opt TableOptions) {
	f.Status = Conjecture
	if th, ok := opt.Theorems[f.Key]; ok {
		f.Status, f.Proof = Proved, th
	}
	r.Findings = append(r.Findings, f)
}

// sumOrProduct adds g = f(x) ⊕ h(y) or g = f(x) ⊗ h(y), or the first counterexample of each.
func (r *Report) sumOrProduct(ctx context.Context, g [][]uint64, opt TableOptions) error {
	n := len(g)
	f, h := make([]uint64, n), make([]uint64, n)
	for i := range n {
		f[i], h[i] = g[i][0]^g[0][0], g[0][i]
	}
	x, y, ok := firstDiff(g, func(x, y int) uint64 { return f[x] ^ h[y] })
	if ok {
		return r.factors(ctx, "sum", "⊕", f, h, opt)
	}
	r.NearMiss = append(r.NearMiss, NearMiss{Rule: "g(x, y) = g(x, 0) ⊕ g(0, y) ⊕ g(0, 0)", HeldFrom: 0, HeldTo: n - 1,
		At: fmt.Sprintf("%d,%d", x, y), Got: fmt.Sprint(g[x][y]), Want: fmt.Sprint(f[x] ^ h[y])})
	// A product: f(x) = g(x, y1) for the first non-zero column y1 (scaling f by h(y1) and h by its
	// inverse), h(y) = g(x1, y) ⊘ f(x1) for the first non-zero row x1 of f.
	y1, x1 := -1, -1
	for y := 0; y < n && y1 < 0; y++ {
		for x := range n {
			if g[x][y] != 0 {
				y1 = y
				break
			}
		}
	}
	for i := range n {
		f[i] = g[i][y1]
		if x1 < 0 && f[i] != 0 {
			x1 = i
		}
	}
	for i := range n {
		h[i] = nimber.Div(g[x1][i], f[x1])
	}
	x, y, ok = firstDiff(g, func(x, y int) uint64 { return nimber.Mul(f[x], h[y]) })
	if ok {
		return r.factors(ctx, "product", "⊗", f, h, opt)
	}
	r.NearMiss = append(r.NearMiss, NearMiss{Rule: fmt.Sprintf("g(x, y) = g(x, %d) ⊗ (g(%d, y) ⊘ g(%d, %d))", y1, x1, x1, y1), HeldFrom: 0, HeldTo: n - 1,
		At: fmt.Sprintf("%d,%d", x, y), Got: fmt.Sprint(g[x][y]), Want: fmt.Sprint(nimber.Mul(f[x], h[y]))})
	return nil
}

// firstDiff returns the first x, y (row by row) where g differs from want, and false; or true.
func firstDiff(g [][]uint64, want func(x, y int) uint64) (int, int, bool) {
	for x, row := range g {
		for y, v := range row {
			if v != want(x, y) {
				return x, y, false
			}
		}
	}
	return 0, 0, true
}

// factors adds the finding g = f(x) op h(y), naming f and h.
func (r *Report) factors(ctx context.Context, kind, op string, f, h []uint64, opt TableOptions) error {
	fn, err := name1D(ctx, f, "x", opt.Library)
	if err != nil {
		return err
	}
	hn, err := name1D(ctx, h, "y", opt.Library)
	if err != nil {
		return err
	}
	key := fn + op + hn
	rule := fmt.Sprintf("g(x, y) = %s %s %s", fn, op, hn)
	if kind == "product" {
		rule += " (a nim-product: Tartan's theorem makes the product of two coin-turning games this)"
	}
	r.add(Finding{Kind: kind, Key: key, Rule: rule, CheckedTo: len(f) - 1, rank: rankClosed}, opt)
	return nil
}

// varN matches the variable n of a closed form's key.
var varN = regexp.MustCompile(`(^|[^a-zA-Z])n([^a-zA-Z]|$)`)

// name1D names a one-coordinate sequence in the variable v: its closed form ("x"), else the
// known game it equals ("f(x) = ruler(x)"), else its first values.
func name1D(ctx context.Context, s []uint64, v string, lib *Library) (string, error) {
	if len(s) >= minClosed {
		r, err := Sequence(ctx, s, Options{Library: lib})
		if err != nil {
			return "", err
		}
		for _, f := range r.Findings {
			switch {
			case f.Kind == "closed-form":
				return inVar(f.Key, v), nil
			case f.Kind == "identity" && f.Known.Shift == 0 && !f.Known.Doubled:
				return fmt.Sprintf("%s(%s)", f.Known.Name, v), nil
			}
		}
	}
	if identical(s) { // too few values for the grammar, but the identity is plain
		return v, nil
	}
	var parts []string
	for _, x := range s[:min(len(s), 12)] {
		parts = append(parts, fmt.Sprint(x))
	}
	return fmt.Sprintf("f_%s(%s) [%s…]", v, v, strings.Join(parts, " ")), nil
}

// identical reports whether s(i) = i for every i.
func identical(s []uint64) bool {
	for i, x := range s {
		if x != uint64(i) {
			return false
		}
	}
	return true
}

// pPositions adds a rule for the zeros of g.
func (r *Report) pPositions(g [][]uint64, opt TableOptions) {
	n := len(g)
	isP := func(x, y int) bool { return g[x][y] == 0 }
	diag := true
	for x := 0; x < n && diag; x++ {
		for y := range n {
			if isP(x, y) != (x == y) {
				diag = false
				break
			}
		}
	}
	if diag {
		r.add(Finding{Kind: "p-positions", Key: "x=y", Rule: "P-positions: x = y (the diagonal)", CheckedTo: n - 1, rank: rankPeriod}, opt)
		return
	}
	if r.beatty(g, opt) {
		return
	}
	r.residues(g, opt)
}

// residues adds the smallest a·b (a, b ≤ N/3) such that whether (x, y) is a P-position depends
// only on (x mod a, y mod b).
func (r *Report) residues(g [][]uint64, opt TableOptions) {
	n := len(g)
	type ab struct{ a, b int }
	var cands []ab
	for a := 1; 3*a <= n && a <= 12; a++ {
		for b := 1; 3*b <= n && b <= 12; b++ {
			if a*b > 1 {
				cands = append(cands, ab{a, b})
			}
		}
	}
	slices.SortStableFunc(cands, func(p, q ab) int { return p.a*p.b - q.a*q.b })
	for _, c := range cands {
		class := make([]int8, c.a*c.b) // 0 unseen, 1 P, 2 N
		ok := true
		for x := 0; x < n && ok; x++ {
			for y := range n {
				k := x%c.a*c.b + y%c.b
				v := int8(1)
				if g[x][y] != 0 {
					v = 2
				}
				if class[k] != 0 && class[k] != v {
					ok = false
					break
				}
				class[k] = v
			}
		}
		if !ok || !slices.Contains(class, 1) {
			continue
		}
		var pairs []string
		for k, v := range class {
			if v == 1 {
				pairs = append(pairs, fmt.Sprintf("(%d,%d)", k/c.b, k%c.b))
			}
		}
		r.add(Finding{Kind: "p-positions", Key: fmt.Sprintf("residues mod %d,%d", c.a, c.b),
			Rule:      fmt.Sprintf("P-positions: (x mod %d, y mod %d) ∈ {%s}", c.a, c.b, strings.Join(pairs, ", ")),
			CheckedTo: n - 1, rank: rankPeriod}, opt)
		return
	}
}

// namedConstants are the constants a Beatty rule's α and β are compared with, simplest first.
var namedConstants = []struct {
	name string
	v    float64
}{
	{"φ", (1 + math.Sqrt(5)) / 2}, {"φ²", (3 + math.Sqrt(5)) / 2}, {"√2", math.Sqrt2}, {"2+√2", 2 + math.Sqrt2},
	{"1+√2", 1 + math.Sqrt2}, {"√3", math.Sqrt(3)}, {"(3+√3)/2", (3 + math.Sqrt(3)) / 2}, {"2", 2}, {"3", 3},
	{"1+√3", 1 + math.Sqrt(3)}, {"√5", math.Sqrt(5)}, {"(1+√13)/2", (1 + math.Sqrt(13)) / 2}, {"(3+√13)/2", (3 + math.Sqrt(13)) / 2},
}

// beatty recognises P-positions (0, 0) and (⌊kα⌋, ⌊kβ⌋), (⌊kβ⌋, ⌊kα⌋) for k ≥ 1, with α and β
// identified; it returns whether it added a finding.
func (r *Report) beatty(g [][]uint64, opt TableOptions) bool {
	n := len(g)
	if g[0][0] != 0 {
		return false
	}
	// Each row x ≥ 1 has at most one zero, and zeros are symmetric.
	partner := make([]int, n)
	for x := range n {
		partner[x] = -1
		for y := range n {
			if g[x][y] == 0 {
				if partner[x] >= 0 || g[y][x] != 0 || (x == 0) != (y == 0) {
					return false
				}
				partner[x] = y
			}
		}
	}
	// The pairs a_k < b_k in order of a, while the smaller members are complete: stop at the
	// first row without a zero (its partner lies beyond N).
	var as, bs []int
	for x := 1; x < n; x++ {
		p := partner[x]
		if p < 0 {
			break
		}
		if p > x {
			as, bs = append(as, x), append(bs, p)
		}
	}
	if len(as) < 5 {
		return false
	}
	alo, ahi := interval(as)
	blo, bhi := interval(bs)
	if alo >= ahi || blo >= bhi {
		return false
	}
	alpha, beta := &Constant{Lo: alo, Hi: ahi}, &Constant{Lo: blo, Hi: bhi}
	alpha.Name = nameIn(alo, ahi)
	beta.Name = nameIn(blo, bhi)
	key := "beatty"
	rule := fmt.Sprintf("P-positions: (0, 0) and (⌊kα⌋, ⌊kβ⌋), (⌊kβ⌋, ⌊kα⌋) for k ≥ 1, with α in [%.6f, %.6f) and β in [%.6f, %.6f) (%d pairs seen)",
		alo, ahi, blo, bhi, len(as))
	if alpha.Name != "" && beta.Name != "" {
		a, b := constValue(alpha.Name), constValue(beta.Name)
		// The named constants must give every P-position and no other in the table.
		for x := range n {
			for y := range n {
				if (g[x][y] == 0) != beattyP(x, y, a, b) {
					r.NearMiss = append(r.NearMiss, NearMiss{Rule: fmt.Sprintf("Beatty pairs with α = %s, β = %s", alpha.Name, beta.Name),
						HeldFrom: 0, HeldTo: n - 1, At: fmt.Sprintf("%d,%d", x, y), Got: fmt.Sprint(g[x][y]), Want: map[bool]string{true: "0", false: "≠ 0"}[beattyP(x, y, a, b)]})
					alpha.Name, beta.Name = "", ""
					goto done
				}
			}
		}
		key = fmt.Sprintf("beatty α=%s β=%s", alpha.Name, beta.Name)
		rule = fmt.Sprintf("P-positions: (0, 0) and (⌊kα⌋, ⌊kβ⌋), (⌊kβ⌋, ⌊kα⌋) for k ≥ 1, α = %s, β = %s (%d pairs seen; the data allow α in [%.6f, %.6f))",
			alpha.Name, beta.Name, len(as), alo, ahi)
	}
done:
	r.add(Finding{Kind: "p-positions", Key: key, Rule: rule, CheckedTo: n - 1, Alpha: alpha, Beta: beta, rank: rankPeriod}, opt)
	return true
}

// interval returns the α with ⌊kα⌋ = s[k−1] for every k: the intersection of [s/k, (s+1)/k).
func interval(s []int) (lo, hi float64) {
	lo, hi = 0, math.Inf(1)
	for i, v := range s {
		k := float64(i + 1)
		lo, hi = max(lo, float64(v)/k), min(hi, float64(v+1)/k)
	}
	return lo, hi
}

// nameIn returns the simplest named constant in [lo, hi), or "".
func nameIn(lo, hi float64) string {
	for _, c := range namedConstants {
		if lo <= c.v && c.v < hi {
			return c.name
		}
	}
	return ""
}

func constValue(name string) float64 {
	for _, c := range namedConstants {
		if c.name == name {
			return c.v
		}
	}
	return math.NaN()
}

// beattyP reports whether (x, y) is (0, 0) or a pair (⌊kα⌋, ⌊kβ⌋) or its mirror image.
func beattyP(x, y int, a, b float64) bool {
	if x == 0 || y == 0 {
		return x == 0 && y == 0
	}
	if x > y {
		x, y = y, x
	}
	// k with ⌊kα⌋ = x: k = ⌈x/α⌉ when it fits.
	k := math.Ceil(float64(x) / a)
	return int(math.Floor(k*a)) == x && int(math.Floor(k*b)) == y
}
