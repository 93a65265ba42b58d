package misere

import (
	"fmt"

	"grundy/octal"
)

// The quotient of the whole game: the periodicity theorem for misère quotients (see the package
// doc for its statement, its source and the proof this check rests on).
//
// Let k be the code's last non-zero digit and h the most heaps a move may leave (1, 2 or 3:
// octal.Code.MaxHeaps). The check at heap N, on the pretending function Φ of the quotient Q_N of
// heaps 0..N, accepts a period p ≥ 1 and preperiod n0 ≥ 0 when
//
//	Φ(n+p) = Φ(n) for every n with n0 ≤ n ≤ N−p, and
//	N+1 ≥ h·n0 + h·p + k + h (MisereSolver's criterion: h·preperiod + h·period + k + h values).
//
// The proof in the package doc needs only N ≥ h·(max(n0,1)+p−1) + k, which the second line
// implies (it is at least h−1 larger); both are checked.

// Proof is the periodicity theorem's certificate that a quotient is the quotient of the whole
// game: heap n+Period is equivalent to heap n for every n ≥ Preperiod, so every heap, however
// large, maps to the element of a heap ≤ Heap, and the quotient of heaps 0..Heap is the quotient of
// all heaps.
type Proof struct {
	Period    int // the least period of the pretending function
	Preperiod int // the least preperiod for that period
	// Heap is the heap where the check closed: the least N at which the quotient of heaps 0..N
	// passes it (the quotient, the period and the preperiod are the same for every larger N).
	Heap int
}

// Provable reports whether the periodicity theorem applies to g: a finite octal or hexadecimal
// code (Octal), not Grundy's game (its equal splits are forbidden, which breaks the theorem's
// correspondence of options), Nim, a ruleset or a script.
func Provable(g Game) bool {
	c, ok := theoremCode(g)
	return ok && c.Provable()
}

func theoremCode(g Game) (octal.Code, bool) {
	o, ok := g.(octalGame)
	if !ok {
		return octal.Code{}, false
	}
	return o.c, true
}

// bounds holds the constants of the check for one code.
type bounds struct{ h, k int }

func boundsOf(c octal.Code) bounds { return bounds{h: c.MaxHeaps(), k: c.LastDigit()} }

// enough reports whether heaps 0..n suffice for period p with preperiod n0.
func (b bounds) enough(n, p, n0 int) bool {
	if n+1 < b.h*n0+b.h*p+b.k+b.h {
		return false
	}
	return n >= b.h*(max(n0, 1)+p-1)+b.k
}

// check returns the least period p (and its least preperiod) that the check accepts on phi, the
// pretending function of the quotient of heaps 0..len(phi)−1.
func (b bounds) check(phi []int32) (p, n0 int, ok bool) {
	n := len(phi) - 1
	for p = 1; b.enough(n, p, 0); p++ {
		// The least n0 with phi[m+p] = phi[m] for n0 ≤ m ≤ n−p: scan down from the top until a
		// mismatch, and give up once n0 could no longer pass.
		n0 = n - p + 1
		for n0 > 0 && phi[n0-1+p] == phi[n0-1] {
			n0--
		}
		if b.enough(n, p, n0) {
			return p, n0, true
		}
	}
	return 0, 0, false
}

// Prove returns the proof that q is the quotient of the whole game, or nil when the check does not
// pass on q (or no theorem applies to its game: see Provable). An error reports a contradiction
// that only a fault in this package could cause: the check passing at a heap after which the
// quotient still grew.
func Prove(q *Quotient) (*Proof, error) {
	c, ok := theoremCode(q.game)
	if !ok || !c.Provable() {
		return nil, nil
	}
	b := boundsOf(c)
	for m := 0; m <= q.n; m++ {
		// Below the order's last change, q's pretending function restricted to heaps 0..m has
		// the equalities of the quotient of heaps 0..m (a refinement with as many classes is a
		// bijection); before it, it may have more, and the check is not made there.
		p, n0, ok := b.check(q.phi[:m+1])
		if !ok {
			continue
		}
		if q.sizes[m] != q.Order() {
			return nil, fmt.Errorf("misere: internal error: %s passes the periodicity check at heap %d (period %d, preperiod %d) with %d elements, but has %d at heap %d",
				c, m, p, n0, q.sizes[m], q.Order(), q.n)
		}
		return &Proof{Period: p, Preperiod: n0, Heap: m}, nil
	}
	return nil, nil
}

// Whole is the misère quotient of a whole game: a quotient with its proof.
type Whole struct {
	q     *Quotient
	proof Proof
}

// ProveWhole returns the quotient of the whole game that q's proof makes of it, or nil when q is
// not proved (see Prove).
func ProveWhole(q *Quotient) (*Whole, error) {
	pr, err := Prove(q)
	if pr == nil || err != nil {
		return nil, err
	}
	return &Whole{q: q, proof: *pr}, nil
}

// Quotient returns the quotient of heaps 0..Quotient().MaxHeap(), which is the whole game's.
func (w *Whole) Quotient() *Quotient { return w.q }

// Proof returns the proof.
func (w *Whole) Proof() Proof { return w.proof }

// Reduce returns the heap size ≤ Quotient().MaxHeap() that heap n is equivalent to: n itself when
// it is that small, otherwise Preperiod + (n − Preperiod) mod Period.
func (w *Whole) Reduce(n uint64) int {
	if n <= uint64(w.q.n) {
		return int(n)
	}
	n0 := uint64(w.proof.Preperiod)
	return int(n0 + (n-n0)%uint64(w.proof.Period))
}

// Pretend returns the element of a heap of any size (the pretending function of the whole game).
func (w *Whole) Pretend(n uint64) int { return w.q.Heap(w.Reduce(n)) }

// Element returns the element of a sum of heaps of any sizes.
func (w *Whole) Element(heaps []uint64) int {
	e := int32(0)
	for _, n := range heaps {
		if h := w.Reduce(n); h > 0 {
			e = w.q.act[h][e]
		}
	}
	return int(e)
}

// Outcome returns the misère outcome of a sum of heaps of any sizes: true for a P-position (the
// player to move loses).
func (w *Whole) Outcome(heaps []uint64) bool { return w.q.isP[w.Element(heaps)] }

// WholeMove is a move in a sum of heaps of any sizes: the heap at index Index (of size Heap) is
// replaced by the heaps Leaves, giving the sum After.
type WholeMove struct {
	Index  int
	Heap   uint64
	Leaves []uint64
	After  []uint64
}

// represent returns the heap ≤ Quotient().MaxHeap() whose moves stand for those of heap n: n
// itself when it is that small, otherwise the heap congruent to n modulo the period in the last
// period before MaxHeap (above MaxHeap − Period). Every move from it leaves a largest heap of at
// least max(Preperiod, 1) tokens (by the bound of the check), so growing that heap by
// n − represent(n), a multiple of the period, gives a move from n of the same element.
func (w *Whole) represent(n uint64) int {
	top := uint64(w.q.n)
	if n <= top {
		return int(n)
	}
	p := uint64(w.proof.Period)
	return int(top - (p-(n-top)%p)%p)
}

// WinningMoves returns winning moves of a sum of heaps of any sizes in misère play (none when it is
// a P-position), for each distinct heap size once, on its first heap. For a heap above
// Quotient().MaxHeap() they are the moves of its representative heap (a heap ≤ MaxHeap congruent
// to it modulo the period) with their largest heap grown by the difference: every element a
// move from that heap can reach is reached this way, so a sum that has a winning move gets at
// least one, but such a heap has about n/2 splits and only these are listed.
func (w *Whole) WinningMoves(heaps []uint64) []WholeMove {
	reps := make([]int, len(heaps))
	for i, n := range heaps {
		reps[i] = w.represent(n)
	}
	var out []WholeMove
	for _, m := range WinningMoves(w.q, reps) {
		// The move is winning on every heap with this representative (they are equivalent);
		// list it once per distinct size.
		seen := map[uint64]bool{}
		for i, n := range heaps {
			if reps[i] != m.Heap || seen[n] {
				continue
			}
			seen[n] = true
			shift := n - uint64(m.Heap)
			big := -1
			for j, x := range m.Leaves {
				if x > 0 && (big < 0 || x > m.Leaves[big]) {
					big = j
				}
			}
			var leaves []uint64
			for j, x := range m.Leaves {
				if x == 0 {
					continue
				}
				l := uint64(x)
				if j == big {
					l += shift
				}
				leaves = append(leaves, l)
			}
			after := make([]uint64, 0, len(heaps)-1+len(leaves))
			after = append(after, heaps[:i]...)
			after = append(after, leaves...)
			after = append(after, heaps[i+1:]...)
			out = append(out, WholeMove{Index: i, Heap: n, Leaves: leaves, After: after})
		}
	}
	return out
}
