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

// maxPruned is the number of relations up to which Presentation drops implied ones.
const maxPruned = 256

// Presentation returns relations that, with the generators and commutativity, define the
// quotient. Each element's smallest sum, as exponents of the generators, is its normal form; a
// divisor of a normal form is one too (a smaller word for the divisor would give a smaller word
// for the whole), so the words that are not normal forms are the multiples of the minimal ones.
// The relations are w = (normal form of w) for those minimal words w: rewriting with them turns
// every word into its normal form, so they define the quotient. When there are at most maxPruned
// of them, a relation that the ones kept before already imply (found by a bounded search of
// rewritings) is dropped. Relations come in the order of their left sides' elements u and then
// generators g, the left side being u·g.
func (q *Quotient) Presentation() []Relation { return q.relations(true) }

// relations returns the relations of the minimal words that are not normal forms, and with
// prune, drops those implied by the ones before (at most maxPruned relations).
func (q *Quotient) relations(prune bool) []Relation {
	k := len(q.gens)
	exps := make([][]int, len(q.words))
	index := map[string]int{}
	maxExp := make([]int, k)
	for e := range q.words {
		exps[e] = q.Exponents(e)
		index[wordKey(exps[e])] = e
		for i, x := range exps[e] {
			maxExp[i] = max(maxExp[i], x+1)
		}
	}
	var rels []Relation
	for u := range q.words {
		ue := exps[u]
	gens:
		for i, g := range q.gens {
			left := slices.Clone(ue)
			left[i]++
			v := int(q.act[g][u])
			if slices.Equal(left, exps[v]) {
				continue // a normal form
			}
			// Minimal: every divisor left − g_j (j ≠ i) is a normal form.
			for j := range q.gens {
				if j == i || ue[j] == 0 {
					continue
				}
				d := slices.Clone(ue)
				d[j]--
				e := q.act[g][index[wordKey(d)]] // d is a normal form, a divisor of u's
				d[i]++
				if !slices.Equal(d, exps[e]) {
					continue gens
				}
			}
			rels = append(rels, Relation{Left: left, Right: exps[v]})
		}
	}
	if !prune || len(rels) > maxPruned {
		return rels
	}
	var kept []Relation
	for _, r := range rels {
		if !implied(kept, r.Left, r.Right, maxExp) {
			kept = append(kept, r)
		}
	}
	return kept
}

// wordKey is an exponent vector as a map key.
func wordKey(w []int) string {
	var s strings.Builder
	for _, x := range w {
		s.WriteString(strconv.Itoa(x))
		s.WriteByte(',')
	}
	return s.String()
}

// implied reports whether rewriting with the relations (both ways, in any context) turns a into
// b without passing exponents beyond maxExp, within maxImplicationSearch words.
func implied(rels []Relation, a, b []int, maxExp []int) bool {
	target := wordKey(b)
	seen := map[string]bool{wordKey(a): true}
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
				kk := wordKey(nw)
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
