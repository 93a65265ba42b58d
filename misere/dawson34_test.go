package misere

import (
	"context"
	"errors"
	"testing"

	"grundy/octal"
)

// Dawson's Kayles at heap 34 (with -misere.long: about a minute of CPU). With the default limits
// the failure search of its tenth trial passes its step bound and the computation stops there.
// Counting the search's sets as they are kept (compactNodes, still within 256 MiB: about 170 MB
// peak), it goes on for some 70 rounds and meets a run of failures with ever more copies of heaps
// 34 and 30 (34^11·30^8·25·14 by then), whose trials pass the default size limit: Q₃₄(0.07) is
// not known here, and the plain recalibrations would need a larger limit to go on.
func TestDawsonKayles34(t *testing.T) {
	if !*longMisere {
		t.Skip("about a minute of CPU: -misere.long")
	}
	q := compute(t, Octal(octal.MustParse("0.07")), 33)
	_, err := q.extendWith(context.Background(), growth{maxSize: DefaultMaxSize, rounds: maxRounds, accel: true, compactNodes: true})
	var se *SizeError
	if !errors.As(err, &se) || se.Heap != 34 || se.Quotient.Order() != 638 {
		t.Fatalf("0.07 at heap 34: want a size error with the 638 elements through heap 33, got %v", err)
	}
	t.Log(err)
}
