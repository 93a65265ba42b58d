package report

import (
	"fmt"
	"io"
	"strings"

	"grundy/misere"
)

// Misere is the answer of grundy misere: a misère quotient, for people (WriteText) and as JSON.
type Misere struct {
	Game         string   `json:"game"`
	MaxHeap      int      `json:"max_heap"`
	Stopped      string   `json:"stopped"` // "max-heap", "stable" or "proved"
	Order        int      `json:"order"`
	POrder       int      `json:"p_order"`
	Generators   []int    `json:"generators"` // heap sizes, named a, b, c, … in this order
	Presentation []string `json:"presentation"`
	Pretending   []int    `json:"pretending"` // heap n → element index
	Elements     []string `json:"elements"`   // element index → name as a product of generators
	PPortion     []int    `json:"p_portion"`
	Sizes        []int    `json:"sizes"` // the order for heaps ≤ 0, 1, …, max_heap
	Table        [][]int  `json:"table"`
	// Proved is true when the periodicity theorem certifies that this is the quotient of the
	// whole game (every heap size); Period and Preperiod (null when not proved) say that heap
	// n ≥ preperiod acts as heap n − period, and ProvedAt is the heap where the check closed.
	Proved    bool `json:"proved"`
	Period    *int `json:"period"`
	Preperiod *int `json:"preperiod"`
	ProvedAt  *int `json:"proved_at"`
	// Provable says that the periodicity theorem applies to the game (a finite code).
	Provable bool `json:"-"`
}

// WriteText writes the quotient as a table fit for a paper.
func (a *Misere) WriteText(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "misère quotient of %s, heaps 0..%d (stopped: %s)\n", a.Game, a.MaxHeap, a.Stopped)
	fmt.Fprintf(&b, "|Q| = %d, |P| = %d\n", a.Order, a.POrder)
	switch {
	case a.Proved:
		fmt.Fprintf(&b, "the whole game: proved by the periodicity theorem at heap %d (period %d, preperiod %d: heap n ≥ %d acts as heap %d + (n − %d) mod %d)\n",
			*a.ProvedAt, *a.Period, *a.Preperiod, *a.Preperiod, *a.Preperiod, *a.Preperiod, *a.Period)
	case a.Provable:
		fmt.Fprintf(&b, "the whole game: not proved (the periodicity theorem's check did not pass by heap %d)\n", a.MaxHeap)
	}
	var gens []string
	for i, h := range a.Generators {
		gens = append(gens, fmt.Sprintf("%s = heap %d", misere.GeneratorName(i), h))
	}
	fmt.Fprintf(&b, "generators: %s\n", strings.Join(gens, ", "))
	fmt.Fprintf(&b, "relations:  %s\n", strings.Join(a.Presentation, ", "))
	var ps []string
	for _, e := range a.PPortion {
		ps = append(ps, a.Elements[e])
	}
	fmt.Fprintf(&b, "P-portion:  {%s}\n", strings.Join(ps, ", "))
	b.WriteString("heap  element  order of Q for heaps ≤ n\n")
	for h, e := range a.Pretending {
		fmt.Fprintf(&b, "%4d  %-7s  %d\n", h, a.Elements[e], a.Sizes[h])
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// MaxMisereTable bounds the multiplication table NewMisere writes (order²): a larger quotient's
// answer has no table.
const MaxMisereTable = 1024

// NewMisere writes the quotient q of the heap game named name (computed until stop: "max-heap",
// "stable" or "proved") as the answer of grundy misere; provable says that the periodicity
// theorem applies to the game, and pr is its proof that q is the whole game's quotient (nil when
// it is not proved).
func NewMisere(name string, q *misere.Quotient, stop string, provable bool, pr *misere.Proof) *Misere {
	a := &Misere{Game: name, MaxHeap: q.MaxHeap(), Stopped: stop, Order: q.Order(), POrder: q.POrder(),
		Generators: q.Generators(), Pretending: q.Pretending(), PPortion: q.PPortion(), Sizes: q.Sizes(),
		Presentation: []string{}, Provable: provable}
	if a.PPortion == nil {
		a.PPortion = []int{}
	}
	for _, rel := range q.Presentation() {
		a.Presentation = append(a.Presentation, rel.String())
	}
	for e := 0; e < q.Order(); e++ {
		a.Elements = append(a.Elements, q.Name(e))
	}
	if q.Order() <= MaxMisereTable {
		a.Table = q.Table()
	}
	if pr != nil {
		a.Proved, a.Period, a.Preperiod, a.ProvedAt = true, &pr.Period, &pr.Preperiod, &pr.Heap
	}
	return a
}

// QuotientSum is the why of a misère sum of heaps decided through a misère quotient
// (Plambeck–Siegel): the quotient's presentation, and the sum written as the product of its
// heaps' elements, heap by heap. The sum is a P-position (the player to move loses) exactly
// when the product lies in the P-portion.
type QuotientSum struct {
	// Generators are the generators' heap sizes, named a, b, c, … in this order.
	Generators   []string `json:"generators"`
	Presentation []string `json:"presentation"`
	// PPortion names the elements of the P-portion.
	PPortion []string `json:"p_portion"`
	// Steps are the heaps of the sum in order, each with its element and the product so far.
	Steps []QuotientStep `json:"steps"`
	// Product is the sum's element: the product of every heap's element.
	Product string `json:"product"`
	InP     bool   `json:"in_p"`
}

// QuotientStep is one heap of a QuotientSum.
type QuotientStep struct {
	Heap string `json:"heap"`
	// ActsAs is the heap of the quotient this heap acts as, when it is another: a heap past the
	// quotient's, through the period the periodicity theorem proved for the whole game.
	ActsAs  string `json:"acts_as,omitempty"`
	Element string `json:"element"`
	// Product is the product of the elements of this heap and the heaps before it, and InP
	// whether it lies in the P-portion.
	Product string `json:"product"`
	InP     bool   `json:"in_p"`
}

// MaxQuotientSteps bounds the heaps of a sum whose steps NewQuotientSum writes: a longer sum's
// why has the presentation and the product only.
const MaxQuotientSteps = 256

// NewQuotientSum writes the why of the misère sum of heaps decided in the quotient q, each heap
// acting as the heap reduced[i] ≤ q.MaxHeap() (itself, or through the whole game's period).
func NewQuotientSum(q *misere.Quotient, heaps []uint64, reduced []int) *QuotientSum {
	s := &QuotientSum{Generators: []string{}, Presentation: []string{}, PPortion: []string{}, Steps: []QuotientStep{}}
	for i, h := range q.Generators() {
		s.Generators = append(s.Generators, fmt.Sprintf("%s = heap %d", misere.GeneratorName(i), h))
	}
	for _, rel := range q.Presentation() {
		s.Presentation = append(s.Presentation, rel.String())
	}
	for _, e := range q.PPortion() {
		s.PPortion = append(s.PPortion, q.Name(e))
	}
	e := 0
	for i, h := range reduced {
		e = q.Mul(e, q.Heap(h))
		if len(heaps) > MaxQuotientSteps {
			continue
		}
		st := QuotientStep{Heap: fmt.Sprint(heaps[i]), Element: q.Name(q.Heap(h)), Product: q.Name(e), InP: q.IsP(e)}
		if uint64(h) != heaps[i] {
			st.ActsAs = fmt.Sprint(h)
		}
		s.Steps = append(s.Steps, st)
	}
	s.Product, s.InP = q.Name(e), q.IsP(e)
	return s
}
