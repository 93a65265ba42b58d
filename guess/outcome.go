package guess

import (
	"fmt"
	"strings"
)

// Outcomes looks at the P-positions of a game on k heaps, each of 0..N: isP[i] says whether the
// tuple (h1, …, hk) with i = h1 + (N+1)·h2 + (N+1)²·h3 + … is a P-position. It looks for a rule
// on the heaps' bits: (h1, …, hk) is a P-position exactly when, for every bit, the number of
// heaps with that bit set is ≡ 0 mod m (m = 2: Nim; m = j+1: Moore's Nim_j). It tries m = 2..k
// (for m > k the rule says only (0, …, 0) is a P-position) and reports the smallest that holds
// on every tuple, or the first counterexample of each. theorems maps a finding's Key ("bits mod
// 3") to the theorem that proves it for this game, nil for a script.
func Outcomes(name string, k, n int, isP []bool, theorems map[string]string) (*Report, error) {
	size := 1
	for range k {
		if size > len(isP) {
			break
		}
		size *= n + 1
	}
	if k < 1 || n < 1 || size != len(isP) {
		return nil, fmt.Errorf("guess: want (N+1)^k = %d outcomes, got %d", size, len(isP))
	}
	r := &Report{Game: name, Shape: "outcomes", Heaps: k, CheckedTo: n, Findings: []Finding{}, NearMiss: []NearMiss{}}
	h := make([]int, k)
	for m := 2; m <= max(k, 2); m++ {
		bad := -1
		for i, p := range isP {
			decode(i, n, h)
			if bitRule(h, m) != p {
				bad = i
				break
			}
		}
		key := fmt.Sprintf("bits mod %d", m)
		rule := fmt.Sprintf("P-positions: every bit is set in a multiple of %d of the heaps", m)
		if m == 2 {
			rule += " (h1 ⊕ … ⊕ hk = 0)"
		} else {
			rule += fmt.Sprintf(" (Moore's Nim_%d rule)", m-1)
		}
		if bad < 0 {
			f := Finding{Kind: "bit-count", Key: key, Rule: rule, Status: Conjecture, CheckedTo: n, CheckedBy: CheckedValues}
			if th, ok := theorems[key]; ok {
				f.Status, f.Proof = Proved, th
			}
			r.Findings = append(r.Findings, f)
			return r, nil
		}
		decode(bad, n, h)
		r.NearMiss = append(r.NearMiss, NearMiss{Rule: rule, HeldFrom: 0, HeldTo: n, At: tuple(h),
			Got: outcomeWord(isP[bad]), Want: outcomeWord(!isP[bad])})
	}
	return r, nil
}

// decode writes the heaps of tuple index i.
func decode(i, n int, h []int) {
	for j := range h {
		h[j] = i % (n + 1)
		i /= n + 1
	}
}

// bitRule reports whether every bit is set in a multiple of m of the heaps h.
func bitRule(h []int, m int) bool {
	for b := 0; b < 64; b++ {
		c, any := 0, false
		for _, x := range h {
			if x>>b != 0 {
				any = true
			}
			c += x >> b & 1
		}
		if !any {
			return true
		}
		if c%m != 0 {
			return false
		}
	}
	return true
}

func tuple(h []int) string {
	parts := make([]string, len(h))
	for i, x := range h {
		parts[i] = fmt.Sprint(x)
	}
	return "(" + strings.Join(parts, ",") + ")"
}

func outcomeWord(p bool) string {
	if p {
		return "P"
	}
	return "N"
}
