package guess

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"grundy/game"
	"grundy/octal"
	"grundy/script"
)

// scriptValues runs testdata/file (after prelude) and returns its values g(0..n).
func scriptValues(t testing.TB, file, prelude string, n int) []uint64 {
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
	vs := make([]uint64, n+1)
	for i := range vs {
		if vs[i], err = s.Value(strconv.Itoa(i)); err != nil {
			t.Fatal(err)
		}
	}
	return vs
}

func library(t testing.TB) *Library {
	t.Helper()
	l, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// identities returns the identity findings: the known game and the others with its values.
func identities(r *Report) []Finding {
	var out []Finding
	for _, f := range r.Findings {
		if f.Kind == "identity" {
			out = append(out, f)
		}
	}
	return out
}

// names lists a finding's known game and its equals.
func names(f Finding) []string { return append([]string{f.Known.Name}, f.Known.Also...) }

// catalogueScripts are the catalogue's one-heap rulesets written as Starlark scripts
// (testdata), each with the known game it must be recognised as and that game's facts.
var catalogueScripts = []struct {
	ruleset       string // the catalogue ruleset the script plays
	file, prelude string
	n             int
	name          string // the known game (its name or one of Also), unshifted
	closed        string // a closed form expected, or ""
	// The known game's facts: period, preperiod, saltus, proved (period 0: none).
	per, pre, saltus int
	proved           bool
}{
	{"nim", "nim.star", "", 200, "nim", "n", 0, 0, 0, false},
	{"turtles", "turtles.star", "", 200, "turtles", "n", 0, 0, 0, false},
	{"twins", "twins.star", "", 200, "twins", "n", 0, 0, 0, false},
	{"ruler", "ruler.star", "", 100, "ruler", "2^v2(n) (n ≥ 1)", 0, 0, 0, false},
	{"mock-turtles", "mock-turtles.star", "", 60, "mock-turtles", "2n + [n evil]", 0, 0, 0, false},
	{"lasker", "lasker.star", "", 100, "lasker", "", 4, 1, 4, true},
	{"split-nim", "split-nim.star", "", 60, "split-nim", "", 0, 0, 0, false},
	{"grundy-game", "grundy-game.star", "", 100, "grundy-game", "", 0, 0, 0, false},
	{"kayles", "octal.star", `CODE = "0.77"`, 100, "0.77 (kayles)", "", 12, 71, 0, true},
	{"dawson-kayles", "octal.star", `CODE = "0.07"`, 100, "0.07 (dawson-kayles)", "", 34, 53, 0, true},
	{"octal", "octal.star", `CODE = "0.137"`, 100, "0.137 (Dawson's chess)", "", 34, 52, 0, true},
	{"subtract", "subtract.star", `SET = [2, 5]`, 100, "subtract --set 2,5", "", 7, 0, 0, true},
	{"subtract", "subtract.star", `SET = [1, 2, 3]`, 100, "subtract --set 1,2,3", "n mod 4", 4, 0, 0, true},
}

// TestCatalogueAsScripts: the catalogue's one-heap rulesets, written as Starlark scripts, are
// recognised as themselves (or an equal game) with their closed form or period, and nothing is
// proved: the known game's proved facts come with the identity, which stays a conjecture.
func TestCatalogueAsScripts(t *testing.T) {
	lib := library(t)
	for _, c := range catalogueScripts {
		what := c.file + " " + c.prelude
		g := scriptValues(t, c.file, c.prelude, c.n)
		r, err := Sequence(context.Background(), g, Options{Name: what, Library: lib})
		if err != nil {
			t.Fatal(err)
		}
		noProof(t, what, r)
		var found *Finding
		for _, f := range identities(r) {
			if f.Known.Shift == 0 && !f.Known.Doubled && slices.Contains(names(f), c.name) {
				found = &f
			}
		}
		if found == nil {
			t.Errorf("%s: not recognised as %s: %+v", what, c.name, r.Findings)
			continue
		}
		if fa := found.Known.Facts; fa.Period != c.per || c.per > 0 && (fa.Preperiod != c.pre || fa.Saltus != c.saltus || fa.Proved != c.proved) {
			t.Errorf("%s: facts %+v, want period %d from %d saltus %d proved %v", what, *fa, c.per, c.pre, c.saltus, c.proved)
		}
		if c.file == "lasker.star" {
			if f := find(r, "arithmetic-period"); f == nil || *f.Period != 4 || *f.Saltus != 4 || *f.Preperiod != 1 {
				t.Errorf("lasker.star: %+v", r.Findings)
			}
		}
		if c.closed != "" {
			if f := find(r, "closed-form"); f == nil || f.Key != c.closed {
				t.Errorf("%s: closed form %+v, want %q", what, f, c.closed)
			}
		}
	}
}

// TestOctalCodesAsScripts: every octal code 0.d1d2d3 and 4.d1d2d3, written as a Starlark script
// (another road than the octal engine), is recognised as itself or as a game with the same
// values to heap 1000 (the scripts computed to 60), with the code's period and proof status; as a script nothing is proved,
// and as the known code (the ruleset's road) the period is proved exactly where the octal
// periodicity theorem proves it.
func TestOctalCodesAsScripts(t *testing.T) {
	lib := library(t)
	ctx := context.Background()
	step := 1
	if testing.Short() || raceEnabled {
		step = 16
	}
	var codes []octal.Code
	for _, pat := range []string{"0.???", "4.???"} {
		cs, err := octal.Expand(pat, 1000)
		if err != nil {
			t.Fatal(err)
		}
		codes = append(codes, cs...)
	}
	checked := 0
	for i, c := range codes {
		if i%step != 0 || c.LastDigit() == 0 && c.Digit(0) == 0 {
			continue
		}
		checked++
		code := c.String()
		const n, far = 60, 1000
		g := scriptValues(t, "octal.star", fmt.Sprintf("CODE = %q", code), n)
		r, err := Sequence(ctx, g, Options{Name: code, Library: lib, MaxCodeHeap: far})
		if err != nil {
			t.Fatal(err)
		}
		noProof(t, code, r)
		res, err := octal.Compute(ctx, c, octal.Options{To: far, Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		want := make([]uint64, far+1)
		for i := range want {
			v, ok := res.Value(i)
			if !ok {
				t.Fatalf("%s: no value at %d", code, i)
			}
			want[i] = uint64(v)
		}
		if !slices.Equal(want[:n+1], g) {
			t.Fatalf("%s: the script's values differ from the octal engine's", code)
		}
		var found *Finding
		for _, f := range identities(r) {
			if f.Known.Shift != 0 || f.Known.Doubled {
				continue
			}
			for _, name := range names(f) {
				if strings.HasPrefix(name, code+" ") || name == code || equalTo(t, lib, name, want) {
					found = &f
					break
				}
			}
		}
		if found == nil {
			t.Errorf("%s: not recognised: %+v", code, r.Findings)
			continue
		}
		fa := found.Known.Facts
		if res.Proved && (!fa.Proved || fa.Period != res.Period || fa.Preperiod != res.Preperiod) {
			t.Errorf("%s: facts %+v, the code's period %d from %d is proved", code, *fa, res.Period, res.Preperiod)
		}
		// The same values, known to be the code: proved exactly where the theorem proves it.
		r, err = Sequence(ctx, g, Options{Name: code, Known: Known{Code: code}, MaxCodeHeap: far})
		if err != nil {
			t.Fatal(err)
		}
		per := find(r, "period")
		switch {
		case res.Proved && (per == nil || per.Status != Proved || *per.Period != res.Period || *per.Preperiod != res.Preperiod):
			t.Errorf("%s known: period %+v, want %d from %d proved", code, per, res.Period, res.Preperiod)
		case !res.Proved:
			noProof(t, code+" known", r)
		}
	}
	t.Logf("%d codes checked", checked)
}

// equalTo reports whether the library's entry name has the values want.
func equalTo(t testing.TB, lib *Library, name string, want []uint64) bool {
	for i := range lib.entries {
		if e := &lib.entries[i]; e.name == name {
			v, err := e.values(context.Background(), len(want)-1, false)
			if err != nil {
				t.Fatal(err)
			}
			return slices.Equal(v, want)
		}
	}
	return false
}
