package game

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"slices"
)

// rounds computes γ for the new nodes of g (see gamma.go for the algorithm). Node states, in
// round r: a new node with label -1 is unlabelled; it is in U (still a candidate for a finite
// value) while streak == r, that is, it was given an option labelled in every round before r,
// and infinite otherwise. markR == r: the node has an option labelled r (it is "marked").
// live counts a node's options that are unlabelled or infinite (known finite nodes never count:
// in the rounds below their value they are marked, from then on labelled); cnt, set lazily from
// live on the first visit of a round, counts those not yet marked: at 0 the node is labelled r.
func (g *gGraph[P]) rounds(m *gammaMemo[P], ctx context.Context) error {
	n := len(g.pos)
	start, edges := g.start, g.edges
	rstart := make([]int32, n+1)
	for _, o := range edges {
		rstart[o+1]++
	}
	for v := range n {
		rstart[v+1] += rstart[v]
	}
	pred := make([]int32, len(edges))
	fill := slices.Clone(rstart[:n])
	for v := range n {
		for _, o := range edges[start[v]:start[v+1]] {
			pred[fill[o]] = int32(v)
			fill[o]++
		}
	}
	fill = nil

	label := make([]int32, n)
	type kseed struct{ round, node int32 }
	var kfin, kinf []kseed // known finite nodes by value; known infinite nodes by each k ∈ K
	for v := range n {
		label[v] = -1
		if !g.known[v] {
			continue
		}
		e := g.kent[v]
		if e.val >= 0 {
			label[v] = e.val
			kfin = append(kfin, kseed{e.val, int32(v)})
			continue
		}
		label[v] = -2
		for _, k := range m.sets[-1-e.val] {
			if k < math.MaxInt32 {
				kinf = append(kinf, kseed{int32(k), int32(v)})
			}
		}
	}
	byRound := func(a, b kseed) int { return cmp.Compare(a.round, b.round) }
	slices.SortFunc(kfin, byRound)
	slices.SortFunc(kinf, byRound)

	// The per-node state of the rounds, in one record (a node is visited at random: one cache line).
	type gnode struct {
		label, streak, markR, live, cnt, cntR int32
	}
	st := make([]gnode, n)
	var seeds []int32
	countU := 0
	for v := range n {
		x := &st[v]
		x.label, x.markR, x.cntR = label[v], -1, -1
		if g.known[v] {
			continue
		}
		countU++
		for _, o := range edges[start[v]:start[v+1]] {
			if label[o] < 0 {
				x.live++
			}
		}
		if x.live == 0 {
			seeds = append(seeds, int32(v))
		}
	}
	g.ctr = make([]uint32, n)

	var queue, next []int32 // queue: x ≥ 0 a node labelled this round, ^x a node marked
	var r int32
	nextU := 0
	// open counts the nodes of U neither marked nor labelled in this round: the only ones whose
	// count of unmarked options matters. Once it is 0 the marked nodes' predecessors need not be
	// visited (on a long chain of nimbers this keeps a round linear in the nodes it marks).
	open := 0
	// mark: node u (unlabelled or infinite) has an option labelled r.
	mark := func(u int32, x *gnode) {
		x.markR = r
		if x.label == -1 && x.streak == r {
			x.streak = r + 1
			nextU++
			open--
		}
		queue = append(queue, ^u)
	}
	// labelled: node v has the value r; its predecessors are marked, and lose an unlabelled option
	// if v is new (a predecessor left with none is a seed of the next round).
	labelled := func(v int32, isNew bool) {
		for _, u := range pred[rstart[v]:rstart[v+1]] {
			x := &st[u]
			if x.label < 0 && x.markR != r {
				mark(u, x) // (a labelled predecessor has a smaller value)
			}
			if isNew {
				x.live--
				if x.live == 0 && x.label == -1 && x.streak == r+1 {
					next = append(next, u)
				}
			}
		}
	}
	label1 := func(v int32) error {
		if m.clock == math.MaxUint32 {
			return fmt.Errorf("more than %d positions labelled by one solver", uint32(math.MaxUint32))
		}
		st[v].label = r
		open--
		g.ctr[v] = m.clock
		m.clock++
		queue = append(queue, v)
		return nil
	}
	ki, kj := 0, 0
	for ; countU > 0; r++ {
		if ctx != nil {
			if err := ctx.Err(); err != nil {
				return fmt.Errorf("search stopped: %w", context.Cause(ctx))
			}
		}
		queue, next, nextU, open = queue[:0], next[:0], 0, countU
		for ; ki < len(kfin) && kfin[ki].round <= r; ki++ {
			if kfin[ki].round == r {
				labelled(kfin[ki].node, false)
			}
		}
		for ; kj < len(kinf) && kinf[kj].round <= r; kj++ {
			if w := kinf[kj].node; kinf[kj].round == r && st[w].markR != r {
				mark(w, &st[w])
			}
		}
		for _, v := range seeds {
			if st[v].markR == r {
				next = append(next, v)
			} else if err := label1(v); err != nil {
				return err
			}
		}
		for qi := 0; qi < len(queue); qi++ {
			if ctx != nil && qi&0xffff == 0xffff {
				if err := ctx.Err(); err != nil {
					return fmt.Errorf("search stopped: %w", context.Cause(ctx))
				}
			}
			v := queue[qi]
			if v >= 0 {
				labelled(v, true)
				continue
			}
			if open == 0 {
				continue // every node of U is marked or labelled: no count to keep
			}
			w := ^v
			for _, u := range pred[rstart[w]:rstart[w+1]] {
				x := &st[u]
				if x.label != -1 || x.markR == r || x.streak != r {
					continue // labelled, marked, or infinite
				}
				if x.cntR != r {
					x.cntR, x.cnt = r, x.live
				}
				if x.cnt--; x.cnt == 0 {
					if err := label1(u); err != nil {
						return err
					}
				}
			}
		}
		seeds, next = next, seeds
		countU = nextU
	}
	for v := range n {
		label[v] = st[v].label
	}
	st = nil

	// The infinite nodes and their sets.
	g.label = label
	g.setID = make([]int32, n)
	var set []uint64
	for v := range n {
		if g.known[v] || label[v] != -1 {
			continue
		}
		set = set[:0]
		for _, o := range edges[start[v]:start[v+1]] {
			if label[o] >= 0 {
				set = append(set, uint64(label[o]))
			}
		}
		slices.Sort(set)
		set = slices.Compact(set)
		g.setID[v] = m.intern(set)
	}
	return nil
}
