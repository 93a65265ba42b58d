package misere

import "slices"

// Move is a move in a sum of heaps: the heap at index Index (of size Heap) is replaced by the
// heaps Leaves (none, one, or a split into several), giving the sum After.
type Move struct {
	Index  int
	Heap   int
	Leaves []int
	After  []int
}

// WinningMoves returns the moves of a sum of heaps (sizes 0..q.MaxHeap()) that lead into the
// P-portion: the winning moves in misère play, none if the sum is a P-position. Moves on equal
// heaps are the same move, so each is listed once, on the first heap of its size. For each
// distinct size it multiplies the class of the rest (from the counts of each size, by repeated
// squaring) by the class of each option, so the cost is linear in the number of heaps plus the
// options of the distinct sizes. Heaps outside 0..q.MaxHeap() are ignored.
func WinningMoves(q *Quotient, heaps []int) []Move {
	counts := make([]uint64, q.n+1)
	first := make([]int, q.n+1)
	for i := len(heaps) - 1; i >= 0; i-- {
		if h := heaps[i]; h > 0 && h <= q.n {
			counts[h]++
			first[h] = i
		}
	}
	var out []Move
	for h := 1; h <= q.n; h++ {
		if counts[h] == 0 {
			continue
		}
		counts[h]--
		rest, _ := q.ElementCounts(counts)
		counts[h]++
		i := first[h]
		for o := range q.game.Options(h) {
			e := rest
			for _, x := range o {
				if x > 0 {
					e = int(q.act[x][e])
				}
			}
			if q.isP[e] {
				after := slices.Clone(heaps[:i])
				for _, x := range o {
					if x > 0 {
						after = append(after, x)
					}
				}
				after = append(after, heaps[i+1:]...)
				out = append(out, Move{Index: i, Heap: h, Leaves: slices.Clone(o), After: after})
			}
		}
	}
	return out
}

// OnEveryHeap repeats each of moves, the winning moves of the sum heaps as [WinningMoves] lists
// them (on the first heap of each size), on every heap of that size, with After the sum after the
// move on that heap: the list a search of the sum gives, cut after max moves (max ≤ 0: none cut);
// total is how many there are in all.
func OnEveryHeap(moves []Move, heaps []int, max int) (out []Move, total int) {
	for _, m := range moves {
		for i, h := range heaps {
			if h != m.Heap {
				continue
			}
			total++
			if max > 0 && len(out) >= max {
				continue
			}
			c := m
			c.Index = i
			c.After = append(append(append([]int{}, heaps[:i]...), m.After[m.Index:m.Index+len(m.After)-len(heaps)+1]...), heaps[i+1:]...)
			out = append(out, c)
		}
	}
	return out, total
}
