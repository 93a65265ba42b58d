package misere

import (
	"slices"
	"strconv"
	"strings"
)

// Relation is one relation of a presentation: the product of generators Left equals Right,
// each given as exponents of the generators (in the order of Quotient.Generators).
type Relation struct {
	Left, Right []int
}

// GeneratorName returns the letter of generator i (a, b, …, z, then g27, g28, …).
func GeneratorName(i int) string {
	if i < 26 {
		return string(rune('a' + i))
	}
	return "g" + strconv.Itoa(i+1)
}

var superscript = []rune("⁰¹²³⁴⁵⁶⁷⁸⁹")

// FormatWord writes a product of generators given by exponents, as "ab²" ("1" for the identity).
func FormatWord(exp []int) string {
	var b strings.Builder
	for i, e := range exp {
		if e == 0 {
			continue
		}
		b.WriteString(GeneratorName(i))
		if e > 1 {
			for _, d := range strconv.Itoa(e) {
				b.WriteRune(superscript[d-'0'])
			}
		}
	}
	if b.Len() == 0 {
		return "1"
	}
	return b.String()
}

// Exponents returns element e's smallest sum as exponents of the generators.
func (q *Quotient) Exponents(e int) []int {
	exp := make([]int, len(q.gens))
	for _, h := range q.words[e] {
		i, ok := slices.BinarySearch(q.gens, int(h))
		if ok {
			exp[i]++
		}
	}
	return exp
}

// Name returns element e as a product of the generators, e.g. "ab²" ("1" for the identity).
func (q *Quotient) Name(e int) string { return FormatWord(q.Exponents(e)) }

// maxImplicationSearch bounds the words one implication check visits.
const maxImplicationSearch = 4096

// Presentation returns relations that, with the generators and commutativity, define the
// quotient: for each element u and generator g whose product is not written u·g in smallest
// form, the relation u·g = (smallest form), kept only when the relations kept before do not
// already imply it (checked by a bounded search of rewritings, so a kept relation may be
// redundant, but no needed one is dropped). Relations come in increasing order of their left
// sides.
func (q *Quotient) Presentation() []Relation {
	k := len(q.gens)
	var kept []Relation
	maxExp := make([]int, k)
	for e := range q.words {
		for i, x := range q.Exponents(e) {
			maxExp[i] = max(maxExp[i], x+1)
		}
	}
	for u := range q.words {
		ue := q.Exponents(u)
		for i, g := range q.gens {
			v := int(q.act[g][u])
			ve := q.Exponents(v)
			left := slices.Clone(ue)
			left[i]++
			if slices.Equal(left, ve) {
				continue
			}
			if implied(kept, left, ve, maxExp) {
				continue
			}
			kept = append(kept, Relation{Left: left, Right: ve})
		}
	}
	return kept
}

// implied reports whether rewriting with the relations (both ways, in any context) turns a into
// b without passing exponents beyond maxExp, within maxImplicationSearch words.
func implied(rels []Relation, a, b []int, maxExp []int) bool {
	key := func(w []int) string {
		var s strings.Builder
		for _, x := range w {
			s.WriteString(strconv.Itoa(x))
			s.WriteByte(',')
		}
		return s.String()
	}
	target := key(b)
	seen := map[string]bool{key(a): true}
	queue := [][]int{a}
	for len(queue) > 0 && len(seen) < maxImplicationSearch {
		w := queue[0]
		queue = queue[1:]
		for _, r := range rels {
			for dir := 0; dir < 2; dir++ {
				from, to := r.Left, r.Right
				if dir == 1 {
					from, to = to, from
				}
				ok := true
				for i := range w {
					if w[i] < from[i] {
						ok = false
						break
					}
				}
				if !ok {
					continue
				}
				nw := make([]int, len(w))
				for i := range w {
					nw[i] = w[i] - from[i] + to[i]
					if nw[i] > maxExp[i] {
						ok = false
					}
				}
				if !ok {
					continue
				}
				kk := key(nw)
				if kk == target {
					return true
				}
				if !seen[kk] {
					seen[kk] = true
					queue = append(queue, nw)
				}
			}
		}
	}
	return false
}

// String writes the relation as "ab² = b".
func (r Relation) String() string { return FormatWord(r.Left) + " = " + FormatWord(r.Right) }
