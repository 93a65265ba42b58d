package game

// ApparentPeriod looks for a period in values: the smallest p ≥ 1 such that, from some index t
// on, values[i] = values[i+p] for every i with i+p < len(values), and the periodic stretch holds
// at least three whole periods (len(values) - t ≥ 3p); t is the smallest such index (the
// preperiod). It returns ok = false when there is none.
//
// This is evidence, not proof: the next value may break the pattern. Theorems that certify a
// period (such as the octal periodicity theorem) live with the games they apply to.
func ApparentPeriod(values []uint64) (period, preperiod int, ok bool) {
	n := len(values)
	for p := 1; 3*p <= n; p++ {
		// The preperiod for p: one past the last index whose value differs p places later.
		t := 0
		for i := n - 1 - p; i >= 0; i-- {
			if values[i] != values[i+p] {
				t = i + 1
				break
			}
		}
		if n-t >= 3*p {
			return p, t, true
		}
	}
	return 0, 0, false
}
