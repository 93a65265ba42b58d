package misere

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode"

	"grundy/octal"
)

var runSkipped = flag.Bool("misere.skipped", false, "TestPublished also runs the anchors marked skip in testdata/published.json")

// anchor is one quotient of testdata/published.json (see its "about").
type anchor struct {
	Game         string   `json:"game"`
	MaxHeap      int      `json:"max_heap"`
	Order        int      `json:"order"`
	POrder       int      `json:"p_order"`
	Presentation string   `json:"presentation"`
	PPortion     []string `json:"p_portion"`
	Pretending   []string `json:"pretending"`
	Note         string   `json:"note"`
	Source       string   `json:"source"`
	Skip         string   `json:"skip"`
}

func loadAnchors(t *testing.T) []anchor {
	t.Helper()
	b, err := os.ReadFile("testdata/published.json")
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Sources map[string]string `json:"sources"`
		Anchors []anchor          `json:"anchors"`
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatalf("testdata/published.json: %v", err)
	}
	for _, a := range doc.Anchors {
		if doc.Sources[a.Source] == "" {
			t.Fatalf("anchor %s ≤ %d names the unknown source %q", a.Game, a.MaxHeap, a.Source)
		}
	}
	return doc.Anchors
}

// factor is one letter of a word with its exponent: b2 is {'b', 2}.
type factor struct {
	gen rune
	exp uint64
}

// parseWord reads a word in MisereSolver's notation: letters with optional decimal exponents
// ("ab2c"), or "1" for the identity.
func parseWord(s string) ([]factor, error) {
	if s == "1" {
		return nil, nil
	}
	var w []factor
	rs := []rune(s)
	for i := 0; i < len(rs); {
		if !unicode.IsLower(rs[i]) {
			return nil, fmt.Errorf("word %q: %q is not a generator", s, rs[i])
		}
		f := factor{gen: rs[i], exp: 1}
		j := i + 1
		for j < len(rs) && unicode.IsDigit(rs[j]) {
			j++
		}
		if j > i+1 {
			e, err := strconv.ParseUint(string(rs[i+1:j]), 10, 32)
			if err != nil || e == 0 {
				return nil, fmt.Errorf("word %q: bad exponent", s)
			}
			f.exp = e
		}
		w = append(w, f)
		i = j
	}
	return w, nil
}

// parsePresentation reads "<a,b | a2=1,b3=b>" into its generators and relations.
func parsePresentation(s string) (gens []rune, rels [][2][]factor, err error) {
	body, open := strings.CutPrefix(s, "<")
	body, closed := strings.CutSuffix(body, ">")
	if !open || !closed {
		return nil, nil, fmt.Errorf("presentation %q: want <gens | relations>", s)
	}
	gs, rs, _ := strings.Cut(body, "|")
	for _, g := range strings.Split(strings.TrimSpace(gs), ",") {
		r := []rune(strings.TrimSpace(g))
		if len(r) != 1 {
			return nil, nil, fmt.Errorf("presentation %q: generator %q", s, g)
		}
		gens = append(gens, r[0])
	}
	if strings.TrimSpace(rs) == "" {
		return gens, nil, nil
	}
	for _, r := range strings.Split(rs, ",") {
		l, rr, ok := strings.Cut(strings.TrimSpace(r), "=")
		if !ok {
			return nil, nil, fmt.Errorf("presentation %q: relation %q", s, r)
		}
		lw, err := parseWord(l)
		if err != nil {
			return nil, nil, err
		}
		rw, err := parseWord(rr)
		if err != nil {
			return nil, nil, err
		}
		rels = append(rels, [2][]factor{lw, rw})
	}
	return gens, rels, nil
}

func anchorGame(t *testing.T, name string) Game {
	t.Helper()
	if name == "nim" {
		return Nim()
	}
	c, err := octal.Parse(name)
	if err != nil {
		t.Fatalf("game %q: %v", name, err)
	}
	return Octal(c)
}

// TestPublished compares our quotients with the anchors of testdata/published.json. Besides the
// orders it proves the two quotients isomorphic, compatibly with the pretending functions and
// the P-portions: sending each of the anchor's generators to the element of the heap that
// introduces it, every relation of the anchor's presentation holds in our quotient (so the
// presented monoid maps onto ours: every heap's element is the image of its published word), and
// both have the same finite order, so that map is a bijection; it carries the published
// P-portion onto ours.
func TestPublished(t *testing.T) {
	for _, a := range loadAnchors(t) {
		t.Run(fmt.Sprintf("%s≤%d", a.Game, a.MaxHeap), func(t *testing.T) {
			if a.Skip != "" && !*runSkipped {
				t.Skipf("%s ≤ %d (%d elements): %s", a.Game, a.MaxHeap, a.Order, a.Skip)
			}
			if testing.Short() && a.Order > 40 {
				t.Skipf("%d elements: not in -short", a.Order)
			}
			if raceEnabled && a.Order > 200 {
				t.Skipf("%d elements: not under -race (single-threaded; scripts/test.sh runs it without)", a.Order)
			}
			checkAnchor(t, a)
		})
	}
}

func checkAnchor(t *testing.T, a anchor) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	q, stop, err := Compute(ctx, anchorGame(t, a.Game), Options{MaxHeap: a.MaxHeap})
	if err != nil {
		t.Fatalf("Compute: %v", err)
	}
	if stop != StopMaxHeap || q.MaxHeap() != a.MaxHeap {
		t.Fatalf("stopped %q at heap %d", stop, q.MaxHeap())
	}
	if q.Order() != a.Order || q.POrder() != a.POrder {
		t.Fatalf("|Q| = %d, |P| = %d; published %d, %d", q.Order(), q.POrder(), a.Order, a.POrder)
	}
	if len(a.Pretending) != a.MaxHeap+1 {
		t.Fatalf("the anchor lists %d heaps, want %d", len(a.Pretending), a.MaxHeap+1)
	}
	gens, rels, err := parsePresentation(a.Presentation)
	if err != nil {
		t.Fatal(err)
	}
	// Each generator is the element of the first heap whose published word is that letter.
	heapOf := map[rune]int{}
	words := make([][]factor, len(a.Pretending))
	for h, s := range a.Pretending {
		w, err := parseWord(s)
		if err != nil {
			t.Fatal(err)
		}
		words[h] = w
		if len(w) == 1 && w[0].exp == 1 {
			if _, ok := heapOf[w[0].gen]; !ok {
				heapOf[w[0].gen] = h
			}
		}
	}
	for _, g := range gens {
		if _, ok := heapOf[g]; !ok {
			t.Fatalf("generator %c is no heap's element", g)
		}
	}
	eval := func(w []factor) int {
		e := 0
		for _, f := range w {
			h, ok := heapOf[f.gen]
			if !ok {
				t.Fatalf("letter %c is not a generator of %s", f.gen, a.Presentation)
			}
			e = q.Mul(e, q.Pow(q.Heap(h), f.exp))
		}
		return e
	}
	for h, w := range words {
		if got, want := q.Heap(h), eval(w); got != want {
			t.Errorf("heap %d: our element %s, the published word %s is our %s", h, q.Name(got), a.Pretending[h], q.Name(want))
		}
	}
	for _, r := range rels {
		if l, rr := eval(r[0]), eval(r[1]); l != rr {
			t.Errorf("a published relation fails in our quotient: %s ≠ %s", q.Name(l), q.Name(rr))
		}
	}
	var ps []int
	for _, s := range a.PPortion {
		w, err := parseWord(s)
		if err != nil {
			t.Fatal(err)
		}
		ps = append(ps, eval(w))
	}
	slices.Sort(ps)
	if got := q.PPortion(); !slices.Equal(slices.Compact(ps), got) {
		t.Errorf("P-portion: published %v maps to %v, ours is %v", a.PPortion, ps, got)
	}
}

// TestPOrderTwo: a finite misère quotient whose P-portion has two elements has order 2^n + 2 or
// 2^n + 4 (Siegel, "The structure and classification of misère quotients", arXiv math/0703070,
// abstract). Checked on every heap bound of the two-digit octal codes and the anchors' games up to
// heap 16, and of the three-digit codes up to heap 12 (not with -short, nor under -race: this is
// single-threaded, and scripts/test.sh runs it without), on quotients of up to 600 elements.
func TestPOrderTwo(t *testing.T) {
	codes := twoDigitCodes()
	if !testing.Short() && !raceEnabled {
		for _, c := range twoDigitCodes() {
			for d := '1'; d <= '7'; d++ {
				codes = append(codes, c+string(d))
			}
		}
	}
	for _, a := range loadAnchors(t) {
		if a.Game != "nim" && a.Skip == "" && !slices.Contains(codes, a.Game) {
			codes = append(codes, a.Game)
		}
	}
	checked := 0
	for _, c := range codes {
		top := 16
		switch {
		case testing.Short():
			top = 7
		case len(c) > 4: // three digits
			top = 12
		}
		q := New(Octal(octal.MustParse(c)))
		for q.MaxHeap() < top {
			next, err := q.Extend(context.Background(), 600)
			var se *SizeError
			if errors.As(err, &se) {
				break // past 600 elements: the rest of this code is not checked
			}
			if err != nil {
				t.Fatalf("%s heap %d: %v", c, q.MaxHeap()+1, err)
			}
			q = next
			if q.POrder() != 2 {
				continue
			}
			checked++
			if n := q.Order(); !powerOfTwoPlus(n, 2) && !powerOfTwoPlus(n, 4) {
				t.Errorf("%s heaps ≤ %d: |P| = 2 and |Q| = %d, not 2^n + 2 or 2^n + 4", c, q.MaxHeap(), n)
			}
		}
	}
	t.Logf("%d quotients with |P| = 2 checked", checked)
	if checked < 100 {
		t.Errorf("only %d quotients with |P| = 2 checked", checked)
	}
}

func powerOfTwoPlus(n, k int) bool {
	m := n - k
	return m > 0 && m&(m-1) == 0
}
