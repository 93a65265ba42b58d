package guess

import (
	"context"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"grundy/octal"
	"grundy/rules"
)

// TestCatalogueScriptsCover: every one-heap ruleset of the catalogue is played by a script of
// TestCatalogueAsScripts, unless it has cycles (loopy values, which guess does not read).
func TestCatalogueScriptsCover(t *testing.T) {
	covered := map[string]bool{}
	for _, c := range catalogueScripts {
		covered[c.ruleset] = true
	}
	// Rulesets that need flags to be built, with flags that build them.
	withFlags := map[string]map[string]string{"windup": {"n": "7", "set": "2,3"}}
	for _, info := range rules.Catalogue() {
		if !info.OneHeap || covered[info.Name] {
			continue
		}
		rs, err := rules.New(info.Name, withFlags[info.Name])
		if err != nil {
			t.Errorf("%s: a one-heap ruleset without a script case (and it cannot be built to check it is loopy: %v)", info.Name, err)
			continue
		}
		if _, loopy := rs.(rules.Loopy); !loopy {
			t.Errorf("%s: a one-heap ruleset without a script case in catalogueScripts", info.Name)
		}
	}
}

// knownValues returns g(0..n) of the library's entry name, or nil when there is none.
func knownValues(t testing.TB, lib *Library, name string, n int) []uint64 {
	t.Helper()
	for i := range lib.entries {
		if e := &lib.entries[i]; e.name == name {
			v, err := e.values(context.Background(), n, false)
			if err != nil {
				t.Fatal(err)
			}
			return v
		}
	}
	return nil
}

// TestSubtractionSetsLibrary: the values of every subtraction set S ⊆ {1..10} (by the
// definitional mex, not the library's code) are recognised, unshifted, as S or as a game whose
// values equal S's to heap 2000; when the game found is S itself, its facts are the period the
// subtraction-game theorem proves, and any proved period of the game found holds on S's values.
func TestSubtractionSetsLibrary(t *testing.T) {
	lib := library(t)
	step := 1
	if testing.Short() || raceEnabled {
		step = 17
	}
	const n, far = 200, 2000
	for i, s := range subsets(10) {
		if i%step != 0 {
			continue
		}
		long := mexSeq(s, far)
		name := "subtract --set " + joinInts(s)
		r, err := Sequence(context.Background(), long[:n+1], Options{Library: lib})
		if err != nil {
			t.Fatal(err)
		}
		noProof(t, name, r)
		var found *Finding
		for _, f := range identities(r) {
			if f.Known.Shift == 0 && !f.Known.Doubled {
				found = &f
				break
			}
		}
		if found == nil {
			t.Errorf("%s: not recognised: %+v", name, r.Findings)
			continue
		}
		fa := found.Known.Facts
		if found.Known.Name == name {
			p, pre, ok, err := SubtractionPeriod(s, long)
			if err != nil || !ok || !fa.Proved || fa.Period != p || fa.Preperiod != pre {
				t.Errorf("%s: facts %+v, the theorem proves %d from %d (%v, %v)", name, *fa, p, pre, ok, err)
			}
			continue
		}
		if kv := knownValues(t, lib, found.Known.Name, far); !slices.Equal(kv, long) {
			t.Errorf("%s: recognised as %s, whose values differ by heap %d", name, found.Known.Name, far)
		}
		if fa.Proved {
			for m := fa.Preperiod; m+fa.Period <= far; m++ {
				if long[m+fa.Period] != long[m] {
					t.Errorf("%s: the proved period %d of %s fails on S's values at %d", name, fa.Period, found.Known.Name, m)
					break
				}
			}
		}
	}
}

// TestHexCodesLibrary: take-and-break codes 0.d1d2d3 with a hexadecimal digit (8 and up: a move
// may leave three heaps), by the octal package's definitional values, are recognised unshifted
// as themselves or as a game with the same values to heap 300.
func TestHexCodesLibrary(t *testing.T) {
	lib := library(t)
	codes, err := octal.Expand("x0.???", 1<<13)
	if err != nil {
		t.Fatal(err)
	}
	step := 37
	if testing.Short() || raceEnabled {
		step = 301
	}
	checked := 0
	for i, c := range codes {
		if i%step != 0 || c.MaxHeaps() < 3 {
			continue
		}
		checked++
		const n, far = 100, 300
		v, err := octal.Reference(context.Background(), c, far)
		if err != nil {
			t.Fatal(err)
		}
		want := make([]uint64, len(v))
		for i, x := range v {
			want[i] = uint64(x)
		}
		r, err := Sequence(context.Background(), want[:n+1], Options{Library: lib, MaxCodeHeap: far})
		if err != nil {
			t.Fatal(err)
		}
		noProof(t, c.String(), r)
		ok := false
		for _, f := range identities(r) {
			if f.Known.Shift != 0 || f.Known.Doubled {
				continue
			}
			for _, name := range names(f) {
				if name == c.String() || slices.Equal(knownValues(t, lib, name, far), want) {
					ok = true
				}
			}
		}
		if !ok {
			t.Errorf("%s: not recognised: %+v", c, r.Findings)
		}
	}
	if checked < 10 {
		t.Errorf("only %d hexadecimal codes checked", checked)
	}
}

// withIdentity returns the identity finding of r with the known game name (or name among Also),
// shift and doubling, or nil.
func withIdentity(r *Report, name string, shift int, doubled bool) *Finding {
	for _, f := range identities(r) {
		if f.Known.Shift == shift && f.Known.Doubled == doubled && slices.Contains(names(f), name) {
			return &f
		}
	}
	return nil
}

// TestShiftedIdentity: a known game's values shifted by s (g(n) = G(n+s), with other values
// before a negative shift) are recognised with that shift and the range it holds on, and the
// known game's proved period comes with them, the identity itself a conjecture; Dawson's chess
// is Dawson's Kayles shifted by 1.
func TestShiftedIdentity(t *testing.T) {
	lib := library(t)
	kay, _, err := codeValues("0.77", 300)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []int{1, 2, 3, 4, -1, -2, -4} {
		g := make([]uint64, 200)
		for n := range g {
			if n+s < 0 {
				g[n] = uint64(9 + n) // not Kayles' values: the identity starts at heap −s
			} else {
				g[n] = kay[n+s]
			}
		}
		r, err := Sequence(context.Background(), g, Options{Library: lib})
		if err != nil {
			t.Fatal(err)
		}
		noProof(t, fmt.Sprint("kayles shifted ", s), r)
		f := withIdentity(r, "0.77 (kayles)", s, false)
		if f == nil {
			t.Errorf("kayles shifted by %d: %+v", s, r.Findings)
			continue
		}
		if f.CheckedFrom != max(0, -s) || f.CheckedTo != len(g)-1 || f.Status != Conjecture {
			t.Errorf("kayles shifted by %d: checked on %d..%d, %s", s, f.CheckedFrom, f.CheckedTo, f.Status)
		}
		if fa := f.Known.Facts; !fa.Proved || fa.Period != 12 || fa.Preperiod != 71 {
			t.Errorf("kayles shifted by %d: facts %+v", s, *fa)
		}
	}
	// The octal engine's definition of 0.137 (not a shifted copy): Dawson's Kayles at n+1.
	g, _, err := codeValues("0.137", 300)
	if err != nil {
		t.Fatal(err)
	}
	r, err := Sequence(context.Background(), g, Options{Library: lib})
	if err != nil {
		t.Fatal(err)
	}
	if withIdentity(r, "0.07 (dawson-kayles)", 1, false) == nil || withIdentity(r, "0.137 (Dawson's chess)", 0, false) == nil {
		t.Errorf("0.137: %+v", r.Findings)
	}
}

// TestDoubledIdentity: 2·G(n) plus the bit that makes every value odious (or every value evil)
// is recognised as G doubled, for G Kayles; the Mock Turtles values are Nim doubled as well as
// themselves; and the closed form of the halves is found for Nim doubled.
func TestDoubledIdentity(t *testing.T) {
	lib := library(t)
	kay, _, err := codeValues("0.77", 200)
	if err != nil {
		t.Fatal(err)
	}
	for _, odious := range []bool{true, false} {
		g := make([]uint64, len(kay))
		for n, h := range kay {
			b := uint64(bits.OnesCount64(h)&1) ^ 1 // makes 2h+b odious
			if !odious {
				b ^= 1
			}
			g[n] = 2*h + b
			if bits.OnesCount64(g[n])&1 == 1 != odious {
				t.Fatalf("test arithmetic: g(%d) = %d", n, g[n])
			}
		}
		r, err := Sequence(context.Background(), g, Options{Library: lib})
		if err != nil {
			t.Fatal(err)
		}
		noProof(t, "kayles doubled", r)
		if withIdentity(r, "0.77 (kayles)", 0, true) == nil {
			t.Errorf("kayles doubled (odious %v): %+v", odious, r.Findings)
		}
	}
	mt := rulesetSeq(t, "mock-turtles", nil, 300)
	r, err := Sequence(context.Background(), mt, Options{Library: lib})
	if err != nil {
		t.Fatal(err)
	}
	if withIdentity(r, "nim", 0, true) == nil || withIdentity(r, "mock-turtles", 0, false) == nil {
		t.Errorf("mock turtles: %+v", r.Findings)
	}
}

// TestNearMissIdentity: a known game's values with one value changed give no identity with it,
// but a near miss naming it, the stretch it held on and the counterexample.
func TestNearMissIdentity(t *testing.T) {
	lib := library(t)
	g, _, err := codeValues("0.77", 300)
	if err != nil {
		t.Fatal(err)
	}
	g[150] += 7
	r, err := Sequence(context.Background(), g, Options{Library: lib})
	if err != nil {
		t.Fatal(err)
	}
	noProof(t, "kayles altered", r)
	for _, f := range identities(r) {
		t.Errorf("altered kayles: identity %+v", f)
	}
	var m *NearMiss
	for i := range r.NearMiss {
		if r.NearMiss[i].Rule == "equal to 0.77 (kayles)" {
			m = &r.NearMiss[i]
		}
	}
	if m == nil || m.HeldFrom != 0 || m.HeldTo != 149 || m.At != "150" || m.Got != fmt.Sprint(g[150]) || m.Want != fmt.Sprint(g[150]-7) {
		t.Errorf("altered kayles: near misses %+v", r.NearMiss)
	}
}

// TestRandomGamesLibrary: games with random move sets, looked up in the library too, and
// subtraction games of random sets outside {1..10} given as bare values, yield conjectures only,
// each with its range; the same subtraction values known as their set prove a period that holds
// on a sequence four times as long (a false proof is the one unforgivable answer).
func TestRandomGamesLibrary(t *testing.T) {
	lib := library(t)
	rng := rand.New(rand.NewPCG(5, 6))
	trials := 100
	if testing.Short() || raceEnabled {
		trials = 20
	}
	for trial := 0; trial < trials; trial++ {
		n := 60 + rng.IntN(400)
		g := make([]uint64, n)
		for i := range g {
			seen := map[uint64]bool{}
			for j := 0; j < i; j++ {
				if rng.IntN(4) == 0 {
					seen[g[j]] = true
				}
			}
			for seen[g[i]] {
				g[i]++
			}
		}
		r, err := Sequence(context.Background(), g, Options{Library: lib})
		if err != nil {
			t.Fatal(err)
		}
		noProof(t, "random", r)
		for _, f := range r.Findings {
			if f.CheckedTo != n-1 || f.CheckedFrom < 0 || f.CheckedFrom > f.CheckedTo {
				t.Errorf("random: finding without its range: %+v", f)
			}
		}
		// A random subtraction set with an element above 10.
		var s []int
		for x := 1; x <= 30; x++ {
			if rng.IntN(5) == 0 || x == 11+trial%20 {
				s = append(s, x)
			}
		}
		long := mexSeq(s, 4*n)
		r, err = Sequence(context.Background(), long[:n], Options{Library: lib})
		if err != nil {
			t.Fatal(err)
		}
		noProof(t, fmt.Sprint("subtract ", s), r)
		r, err = Sequence(context.Background(), long[:n], Options{Known: Known{Subtraction: s}})
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range r.Findings {
			if f.Status != Proved || f.Period == nil {
				continue
			}
			p, pre := *f.Period, *f.Preperiod
			for m := pre; m+p < len(long); m++ {
				if long[m+p] != long[m] {
					t.Fatalf("subtract %v: proved period %d from %d on %d values fails at %d", s, p, pre, n, m)
				}
			}
		}
	}
}

// TestSquaresLibrary: subtract-a-square to 10^4, looked up in the library: no rule, nothing
// proved.
func TestSquaresLibrary(t *testing.T) {
	var sq []int
	for i := 1; i*i <= 10000; i++ {
		sq = append(sq, i*i)
	}
	r, err := Sequence(context.Background(), mexSeq(sq, 10000), Options{Name: "squares", Library: library(t)})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Findings) != 0 {
		t.Errorf("subtract-a-square: findings %+v", r.Findings)
	}
}

// TestThreeHeapCodesBound: a code that may leave three heaps is recognised to N = 512, and past
// it is not compared (its values would cost about N³): no identity is claimed with it, and the
// note says why.
func TestThreeHeapCodesBound(t *testing.T) {
	lib := library(t)
	c := octal.MustParse("x0.8")
	res, err := octal.Compute(context.Background(), c, octal.Options{To: 600, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	g := make([]uint64, 601)
	for i := range g {
		v, _ := res.Value(i)
		g[i] = uint64(v)
	}
	for _, n := range []int{300, 600} {
		r, err := Sequence(context.Background(), g[:n+1], Options{Library: lib, MaxCodeHeap: 600})
		if err != nil {
			t.Fatal(err)
		}
		f := withIdentity(r, "x0.8", 0, false)
		switch {
		case n <= maxThree && f == nil:
			t.Errorf("n = %d: x0.8 not recognised: %+v", n, r.Findings)
		case n > maxThree && (f != nil || !strings.Contains(r.Note, "three heaps")):
			t.Errorf("n = %d: findings %+v, note %q", n, r.Findings, r.Note)
		}
	}
}

// TestNoSelfIdentity: a game known to be a library entry (by its code, its subtraction set, or its
// ruleset's name) is not reported equal to itself; another game with its
// values still is.
func TestNoSelfIdentity(t *testing.T) {
	lib := library(t)
	kay, _, err := codeValues("0.77", 300)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		what string
		g    []uint64
		opt  Options
		self string
	}{
		{"kayles by its code", kay, Options{Known: Known{Code: "0.77"}}, "0.77 (kayles)"},
		{"lasker by its name", rulesetSeq(t, "lasker", nil, 200), Options{Name: "lasker", Known: Known{Ruleset: "lasker"}}, "lasker"},
		{"subtract by its set", mexSeq([]int{5, 2}, 200), Options{Known: Known{Subtraction: []int{5, 2}}}, "subtract --set 2,5"},
	} {
		c.opt.Library = lib
		r, err := Sequence(context.Background(), c.g, c.opt)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range identities(r) {
			if slices.Contains(names(f), c.self) {
				t.Errorf("%s: reported equal to itself: %+v", c.what, f)
			}
		}
		if c.self == "subtract --set 2,5" && len(identities(r)) == 0 {
			t.Errorf("%s: the other sets with its values are gone too: %+v", c.what, r.Findings)
		}
	}
}
