package misere

import (
	"context"
	"errors"
	"strings"
	"sync/atomic"
	"testing"

	"grundy/octal"
)

// 0.76 from heap 12 on: the trials keep growing (a pattern of ever more copies of heaps 12 and 7
// fails), so the size limit stops it with the quotient through heap 11.
func TestSizeLimitWhileRecalibrating(t *testing.T) {
	q, _, err := Compute(context.Background(), Octal(octal.MustParse("0.76")), Options{MaxHeap: 14, MaxSize: 500})
	var se *SizeError
	if !errors.As(err, &se) {
		t.Fatalf("want a *SizeError, got %v", err)
	}
	if se.Heap != 12 || se.Quotient.MaxHeap() != 11 || se.Quotient.Order() != 34 || q != se.Quotient {
		t.Errorf("size error at heap %d, quotient through %d of order %d", se.Heap, se.Quotient.MaxHeap(), se.Quotient.Order())
	}
	if se.Size != 0 {
		t.Errorf("a trial's order reported as the quotient's: %d", se.Size)
	}
}

// The bound on recalibrations is reported as a limit too, with the quotient so far.
func TestRoundsLimit(t *testing.T) {
	q := compute(t, Octal(octal.MustParse("0.76")), 11)
	_, err := q.extendRounds(context.Background(), DefaultMaxSize, 3, true)
	var se *SizeError
	if !errors.As(err, &se) || se.Rounds != 3 || se.Heap != 12 || se.Quotient != q {
		t.Fatalf("want a *SizeError after 3 rounds at heap 12, got %v", err)
	}
	if got := err.Error(); !strings.Contains(got, "not settled in 3 recalibrations") || !strings.Contains(got, "through heap 11 it has 34 elements") {
		t.Errorf("message %q", got)
	}
}

// countdown is a context cancelled after its Err has been asked a number of times, so that
// cancellation is tested at every depth of the computation without depending on the clock.
type countdown struct {
	context.Context
	left atomic.Int64
}

func (c *countdown) Err() error {
	if c.left.Add(-1) < 0 {
		return context.Canceled
	}
	return nil
}

func TestCancelAnywhere(t *testing.T) {
	n := 30 // through the recalibrations of heaps 25, 27 and 30
	if testing.Short() || raceEnabled {
		n = 25
	}
	for _, c := range []struct {
		code string
		n    int
	}{{"0.07", n}, {"0.76", 13}} {
		g := Octal(octal.MustParse(c.code))
		for k := int64(1); k < 1<<22; k *= 5 {
			ctx := &countdown{Context: context.Background()}
			ctx.left.Store(k)
			_, _, err := Compute(ctx, g, Options{MaxHeap: c.n, MaxSize: 2000})
			var se *SizeError
			if err != nil && !errors.Is(err, context.Canceled) && !errors.As(err, &se) {
				t.Errorf("%s, cancelled after %d checks: %v", c.code, k, err)
			}
			if err == nil || errors.As(err, &se) {
				break // finished before the countdown ran out
			}
		}
	}
}
