package octal

import (
	"context"
	"testing"
)

// A run resumed from a checkpoint reports what an uninterrupted run to the same heap reports: the
// statistics describe the values up to To, not the checkpoint's (issue 13).
func TestResumeReportsTheRun(t *testing.T) {
	ctx := context.Background()
	for _, code := range []string{"0.1777", "0.77", "4.7", "0.007", "0.16"} {
		c := MustParse(code)
		// Checkpoint at 40,000 and runs to 60,000, resumed past its end. 0.007 costs quadratic time
		// (6 s for both runs to 60,000 at a quiet moment, minutes under the race detector on a loaded
		// machine): there the race run halves every size, still resuming past the checkpoint.
		cpAt, tos := 40_000, []int{1, 300, 1000, 5000, 30_000, 60_000}
		if raceEnabled && code == "0.007" {
			cpAt, tos = 20_000, []int{1, 300, 1000, 5000, 15_000, 30_000}
		}
		long, err := Compute(ctx, c, Options{To: cpAt, KeepGoing: true})
		if err != nil {
			t.Fatal(err)
		}
		cp := long.Checkpoint()
		for _, to := range tos {
			fresh, err := Compute(ctx, c, Options{To: to})
			if err != nil {
				t.Fatal(err)
			}
			resumed, err := Compute(ctx, c, Options{To: to, Resume: cp})
			if err != nil {
				t.Fatal(err)
			}
			type stats struct {
				ComputedTo, Period, Preperiod int
				Proved                        bool
				Method                        string
				MaxValue, RareMask            uint32
				Rare                          int
			}
			of := func(r *Result) stats {
				return stats{r.ComputedTo, r.Period, r.Preperiod, r.Proved, r.Method, r.MaxValue, r.RareMask, r.Rare}
			}
			// A proved period stops a fresh run early; the resumed one may know more values.
			if f, r := of(fresh), of(resumed); f != r && !(fresh.Proved && resumed.Proved && f.Period == r.Period) {
				t.Errorf("%s to %d: resumed from %d values %+v, fresh %+v", code, to, cp.Len(), r, f)
			}
		}
	}
}
