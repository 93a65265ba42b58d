package rules

import (
	"fmt"
	"testing"
)

// TestHDU2897Derivation settles the disagreement in seed 003 about the range game p..q, against
// the engine's search of the move relations:
//   - normal play (cannot move loses): P iff n mod (p+q) < p — so the seed's text "the first player
//     wins iff n mod (p+q) ∈ [1, p]" is wrong for it (n = 0 and n = p already contradict it), while
//     its derivation ("[p, p+q-1] are N, [p+q, p+q+p-1] are P") matches once [0, p-1] is P;
//   - the original HDU 2897 rules (last taker loses; fewer than p must all be taken): the first
//     player loses iff n mod (p+q) ∈ [1, p] — the seed's formula with WIN and LOST swapped.
func TestHDU2897Derivation(t *testing.T) {
	for p := uint64(1); p <= 5; p++ {
		for q := p; q <= 8; q++ {
			rng := map[string]string{"range": fmt.Sprintf("%d:%d", p, q)}
			normal, _ := New("subtract", rng)
			rng["last-loses"] = "true"
			hdu, _ := New("subtract", rng)
			on, oh := newOracle(normal), newOracle(hdu)
			seedWrong := false
			for n := uint64(0); n <= 3*(p+q); n++ {
				r := n % (p + q)
				gotN, err := on.outcome(Position{n})
				if err != nil {
					t.Fatal(err)
				}
				if want := r < p; (gotN == P) != want {
					t.Fatalf("range %d:%d, n = %d: engine %v, formula n mod (p+q) < p says P=%v", p, q, n, gotN, want)
				}
				seedText := r >= 1 && r <= p // "first player wins"
				if seedText != (gotN == N) {
					seedWrong = true
				}
				gotH, err := oh.outcome(Position{n})
				if err != nil {
					t.Fatal(err)
				}
				if want := r >= 1 && r <= p; (gotH == P) != want {
					t.Fatalf("HDU 2897 %d:%d, n = %d: engine %v, formula says P=%v", p, q, n, gotH, want)
				}
			}
			if !seedWrong && q > 1 { // with p = q = 1 the two statements coincide
				t.Fatalf("range %d:%d: the seed's text agreed with normal play everywhere", p, q)
			}
		}
	}
}
