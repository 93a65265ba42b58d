package report

import (
	"fmt"
	"io"
	"strconv"

	"grundy/incexc"
	"grundy/xorbasis"
)

// The answers of `grundy basis OP --json` and `grundy count --json`. Quantities that may exceed
// 2^53 are decimal strings; counts and positions are numbers. Each writes itself for people as
// one line (WriteText).

// BasisRank: the rank r of the numbers over GF(2), how many numbers were read, how many
// distinct values the XORs of non-empty subsets take, and a basis of their span: the reduced
// row-echelon one, highest first (each row's top bit is clear in every other row), which
// depends on the span alone.
type BasisRank struct {
	Rank     int      `json:"rank"`
	Numbers  int      `json:"numbers"`
	Distinct string   `json:"distinct"`
	Basis    []string `json:"basis"`
}

// BasisMax: the largest XOR of a non-empty subset.
type BasisMax struct {
	Max string `json:"max"`
}

// BasisMin: the smallest XOR of a non-empty subset.
type BasisMin struct {
	Min string `json:"min"`
}

// BasisKth: the K-th smallest distinct XOR of a non-empty subset.
type BasisKth struct {
	K        string `json:"k"`
	Kth      string `json:"kth"`
	Distinct string `json:"distinct"`
}

// BasisContains: whether X is the XOR of a subset, with a witness (0-based positions and their
// values) when it is.
type BasisContains struct {
	Contains      bool      `json:"contains"`
	Witness       *[]int    `json:"witness,omitempty"`
	WitnessValues *[]string `json:"witness_values,omitempty"`
}

// BasisNewNim: the least total the first player removes in New Nim's first round to win, with
// the heaps removed and kept (0-based positions); Taken is null when no first round wins.
type BasisNewNim struct {
	Win     bool    `json:"win"`
	Taken   *string `json:"taken"`
	Removed []int   `json:"removed"`
	Kept    []int   `json:"kept"`
}

// Count: how many of From..N are divisible by at least one of the divisors, and, when asked
// for, the terms of inclusion–exclusion that add up to it, or why they are not listed.
type Count struct {
	From         string      `json:"from"`
	N            string      `json:"n"`
	Count        string      `json:"count"`
	Terms        []CountTerm `json:"terms,omitempty"`
	TermsOmitted string      `json:"terms_omitted,omitempty"`
}

// CountTerm is one term of inclusion–exclusion: a non-empty set of the divisors (0-based
// positions), their least common multiple (null when it is over N: the set counts nothing), the
// multiples of it in From..N, and the sign the term is added with (+1 for an odd set, −1 for an
// even one).
type CountTerm struct {
	Divisors  []int   `json:"divisors"`
	LCM       *string `json:"lcm"`
	Multiples string  `json:"multiples"`
	Sign      int     `json:"sign"`
}

// NewCountTerms writes the terms of inclusion–exclusion (incexc.Terms) as the answer's rows.
func NewCountTerms(ts []incexc.Term) []CountTerm {
	out := make([]CountTerm, len(ts))
	for i, t := range ts {
		out[i] = CountTerm{Divisors: t.Divisors, Multiples: u(t.Multiples), Sign: t.Sign}
		if !t.Over {
			s := u(t.LCM)
			out[i].LCM = &s
		}
	}
	return out
}

// NewBasisRank is the rank answer of the numbers inserted into b: its rank, how many, how many
// distinct XORs, and the reduced basis.
func NewBasisRank(b *xorbasis.Basis) BasisRank {
	rows := b.Reduced()
	basis := make([]string, len(rows))
	for i, r := range rows {
		basis[i] = u(r)
	}
	return BasisRank{Rank: b.Rank(), Numbers: b.Len(), Distinct: b.Distinct().String(), Basis: basis}
}

// NewBasisContains is the answer of whether x is the XOR of a subset of vs, whose basis is b:
// the witness as positions in vs and their values.
func NewBasisContains(b *xorbasis.Basis, x uint64, vs []uint64) BasisContains {
	w, ok := b.Represent(x)
	out := BasisContains{Contains: ok}
	if ok {
		vals := make([]string, len(w))
		for i, j := range w {
			vals[i] = u(vs[j])
		}
		if w == nil {
			w = []int{}
		}
		out.Witness, out.WitnessValues = &w, &vals
	}
	return out
}

// NewBasisNewNim is the answer of New Nim's first round on heaps vs (xorbasis.NewNim).
func NewBasisNewNim(vs []uint64) BasisNewNim {
	res, ok := xorbasis.NewNim(vs)
	out := BasisNewNim{Win: ok, Removed: []int{}, Kept: []int{}}
	if ok {
		t := res.Taken.String()
		out.Taken, out.Removed, out.Kept = &t, res.Removed, res.Kept
	}
	return out
}

func u(v uint64) string { return strconv.FormatUint(v, 10) }

func line(w io.Writer, v any) error {
	_, err := fmt.Fprintln(w, v)
	return err
}

// WriteText writes the rank.
func (b BasisRank) WriteText(w io.Writer) error { return line(w, b.Rank) }

// WriteText writes the maximum.
func (b BasisMax) WriteText(w io.Writer) error { return line(w, b.Max) }

// WriteText writes the minimum.
func (b BasisMin) WriteText(w io.Writer) error { return line(w, b.Min) }

// WriteText writes the K-th value.
func (b BasisKth) WriteText(w io.Writer) error { return line(w, b.Kth) }

// WriteText writes yes or no.
func (b BasisContains) WriteText(w io.Writer) error {
	if b.Contains {
		return line(w, "yes")
	}
	return line(w, "no")
}

// WriteText writes the least total taken, or -1 when no first round wins.
func (b BasisNewNim) WriteText(w io.Writer) error {
	if b.Taken == nil {
		return line(w, "-1")
	}
	return line(w, *b.Taken)
}

// WriteText writes the count.
func (c Count) WriteText(w io.Writer) error { return line(w, c.Count) }
