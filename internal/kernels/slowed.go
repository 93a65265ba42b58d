package kernels

// SlowedPicks checks, for tests, that a calibration keeps away from a candidate that is slow on
// this machine: it slows every candidate but the portable one (cands[0]) by running the portable
// code's trial three times before its own, as a kernel that collapses on some processor is slower
// by a factor (under -race and load as on a quiet machine), then runs tries calibrations and
// returns how many picked the portable code, with every calibration's choice. One
// calibration may time a round of the portable code that a preemption stretched (under -race and
// load one round can take the whole time budget, leaving one sample): callers ask for a majority.
// cands is not modified.
func SlowedPicks(op, unit string, work int, cands []Candidate, tries int) (picks int, choices []Choice) {
	slowed := append([]Candidate(nil), cands...)
	for i := 1; i < len(slowed); i++ {
		trial, slow := slowed[i].Trial, cands[0].Trial
		if trial == nil {
			continue
		}
		slowed[i].Trial = func(check bool) uint64 {
			for range 3 {
				slow(false)
			}
			return trial(check)
		}
	}
	for range tries {
		c := Measure(op, unit, work, slowed, "")
		if c.Pick == cands[0].Name {
			picks++
		}
		choices = append(choices, c)
	}
	return picks, choices
}
