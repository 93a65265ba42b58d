package octal

import (
	"testing"
	"time"
)

// TestPeriodSolved checks periods from Tomek Czajka's table of solved games and OEIS (citing
// Flammenkamp) that take up to about 10^6 heaps. Skipped with -short and under the race detector.
func TestPeriodSolved(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("long: about a second without the race detector")
	}
	for _, tc := range []struct {
		code              string
		period, preperiod int
		mask              uint32
	}{
		{".16", 149459, 105351, 0x1e}, // Gangolli and Plambeck 1989; TCZ rare mask 1e
		{".127", 4, 46578, 0},
		{".56", 144, 326640, 0x5b}, // TCZ prefix 326640 (OEIS A071436 says last exception 326637)
		{".7377", 16132, 94271, 0}, // OEIS A125935: last exception 94270
		{".7737", 44, 294096, 0},   // OEIS A125937: last exception 294095
	} {
		start := time.Now()
		res := compute(t, tc.code, Options{To: 1 << 22})
		t.Logf("%s: %v, computed to %d, method %s mask %x rare %d max %d", tc.code, time.Since(start), res.ComputedTo, res.Method, res.RareMask, res.Rare, res.MaxValue)
		if !res.Proved || res.Period != tc.period || res.Preperiod != tc.preperiod {
			t.Errorf("%s: period %d preperiod %d proved %v (computed to %d, %s); want %d, %d, proved",
				tc.code, res.Period, res.Preperiod, res.Proved, res.ComputedTo, res.Method, tc.period, tc.preperiod)
		}
		if tc.mask != 0 && res.RareMask != tc.mask {
			t.Errorf("%s: rare mask %x, want %x", tc.code, res.RareMask, tc.mask)
		}
	}
}
