package misere

import (
	"context"
	"encoding/binary"
	"math/rand/v2"
	"slices"
	"testing"
)

// moore returns (the slow reference for coarsest) the coarsest partition of the states of a complete automaton (ns states, k
// letters, delta[i*k+j] the successor of i by letter j) that refines the initial partition block
// (nb blocks, numbered from 0) and is stable under the letters, as block numbers, and the number
// of blocks. Each round refines the last (a state's signature holds its own block), so a round
// that adds no block ends it.
func moore(ctx context.Context, ns, k int, delta []int32, block []int32, nb int) ([]int32, int, error) {
	sig := make([]byte, 4*(k+1))
	for {
		ids := make(map[string]int32, max(nb, 1))
		next := make([]int32, ns)
		for i := 0; i < ns; i++ {
			if i&1023 == 0 && ctx.Err() != nil {
				return nil, 0, ctx.Err()
			}
			binary.LittleEndian.PutUint32(sig, uint32(block[i]))
			for j := 0; j < k; j++ {
				binary.LittleEndian.PutUint32(sig[4+4*j:], uint32(block[delta[i*k+j]]))
			}
			id, ok := ids[string(sig)]
			if !ok {
				id = int32(len(ids))
				ids[string(sig)] = id
			}
			next[i] = id
		}
		block = next
		if len(ids) == nb {
			return block, nb, nil
		}
		nb = len(ids)
	}
}

// TestCoarsestAgainstMoore checks Hopcroft's algorithm against the round-by-round refinement on
// random automata, some with long chains (a counter that only its end tells apart) and initial
// partitions with unused block numbers.
func TestCoarsestAgainstMoore(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	for trial := 0; trial < 400; trial++ {
		ns := 1 + rng.IntN(300)
		k := 1 + rng.IntN(4)
		delta := make([]int32, ns*k)
		for i := range delta {
			delta[i] = int32(rng.IntN(ns))
		}
		if trial%3 == 0 { // letter 0 is a chain 0 → 1 → … → ns−1 → ns−1
			for s := 0; s < ns; s++ {
				delta[s*k] = int32(min(s+1, ns-1))
			}
		}
		nb := 1 + rng.IntN(3)
		block := make([]int32, ns)
		for i := range block {
			block[i] = int32(rng.IntN(nb))
			if trial%5 == 0 {
				block[i] = 2 * block[i] // unused numbers in between
			}
		}
		if trial%3 == 0 {
			clear(block)
			block[ns-1] = 1
		}
		want, wantN, err := moore(context.Background(), ns, k, delta, slices.Clone(block), -1)
		if err != nil {
			t.Fatal(err)
		}
		got, gotN, err := coarsest(context.Background(), ns, k, delta, slices.Clone(block))
		if err != nil {
			t.Fatal(err)
		}
		if gotN != wantN {
			t.Fatalf("trial %d: %d blocks, want %d", trial, gotN, wantN)
		}
		// The same partition: the pairs of block numbers are a bijection.
		m := map[int32]int32{}
		for s := range got {
			if gotN > 0 && (got[s] < 0 || int(got[s]) >= gotN) {
				t.Fatalf("trial %d: block number %d out of range", trial, got[s])
			}
			if b, ok := m[got[s]]; ok && b != want[s] {
				t.Fatalf("trial %d: state %d in block %d with states of another", trial, s, got[s])
			}
			m[got[s]] = want[s]
		}
		if len(m) != wantN {
			t.Fatalf("trial %d: %d blocks map onto %d", trial, len(m), wantN)
		}
	}
}
