package misere

import "slices"

// Move is a move in a sum of heaps: replace one heap of size Heap by the heaps Leaves (none, one,
// or a split into several), giving the sum After.
type Move struct {
	Heap   int
	Leaves []int
	After  []int
}

// WinningMoves returns the moves of a sum of heaps (sizes 1..q.MaxHeap()) that lead into the
// P-portion: the winning moves in misère play, none if the sum is a P-position. For each distinct
// heap size it multiplies the class of the rest by the class of each option of that heap, so the
// cost is linear in the number of heaps plus the number of options of the distinct sizes.
func WinningMoves(q *Quotient, heaps []int) []Move {
	var out []Move
	for i, h := range heaps {
		if h <= 0 || h > q.n || slices.Contains(heaps[:i], h) {
			continue
		}
		rest := 0
		for j, x := range heaps {
			if j != i && x > 0 {
				rest = int(q.act[x][rest])
			}
		}
		for o := range q.game.Options(h) {
			e := rest
			for _, x := range o {
				if x > 0 {
					e = int(q.act[x][e])
				}
			}
			if q.isP[e] {
				after := append(slices.Clone(heaps[:i]), heaps[i+1:]...)
				for _, x := range o {
					if x > 0 {
						after = append(after, x)
					}
				}
				out = append(out, Move{Heap: h, Leaves: slices.Clone(o), After: after})
			}
		}
	}
	return out
}
