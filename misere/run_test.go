package misere

import (
	"context"
	"errors"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"grundy/octal"
)

// counted is a context that counts how often its Err is asked: a measure of the work done that
// does not depend on the clock.
type counted struct {
	context.Context
	n atomic.Int64
}

func (c *counted) Err() error {
	c.n.Add(1)
	return c.Context.Err()
}

// 0.76 at heap 12: the failures come with ever more copies of heaps 7 and 12. The plain
// recalibrations add a copy a round and took about 94 rounds to stop at the default limit;
// accelerated, the trials double their reach a round and pass the limit in a few, and the
// computation stops with a *SizeError naming the limit and the run.
func TestRunStopsEarly(t *testing.T) {
	q := compute(t, Octal(octal.MustParse("0.76")), 11)
	ctx := &counted{Context: context.Background()}
	_, err := q.extend(ctx, DefaultMaxSize)
	var se *SizeError
	if !errors.As(err, &se) {
		t.Fatalf("want a *SizeError, got %v", err)
	}
	if se.Max != DefaultMaxSize || se.Heap != 12 || se.Quotient != q || se.Size != 0 || !slices.Equal(se.Run, []int{7, 12}) {
		t.Errorf("size error: max %d, heap %d, size %d, run %v", se.Max, se.Heap, se.Size, se.Run)
	}
	msg := err.Error()
	for _, want := range []string{"size limit 16384 at heap 12", "copies of heaps 7 and 12", "through heap 11 it has 34 elements"} {
		if !strings.Contains(msg, want) {
			t.Errorf("message %q lacks %q", msg, want)
		}
	}
	// The work, in context checks (one per 1024 or 4096 steps of the inner loops): the plain
	// recalibrations take about 11,700 to the limit 16384 and 1,600 to the limit 4000; the
	// accelerated ones about 740 to 16384.
	plain := &counted{Context: context.Background()}
	if _, err := q.extendRounds(plain, 4000, maxRounds, false); !errors.As(err, &se) {
		t.Fatalf("plain, limit 4000: want a *SizeError, got %v", err)
	}
	if got, limit := ctx.n.Load(), plain.n.Load(); got > limit {
		t.Errorf("accelerated to the limit 16384: %d context checks, more than the plain recalibrations to the limit 4000 (%d)", got, limit)
	}
}

// Where runs are accelerated, the answer is the plain recalibrations' answer: the same quotient,
// or a size error from both. These are the heaps of the two- and three-digit codes (to heap 20)
// where a run was accelerated at the limit 2000; no computation there that finishes accelerated
// a run.
func TestRunAgreesWithPlain(t *testing.T) {
	cases := []struct {
		code string
		heap int
	}{{"0.76", 12}, {"0.017", 16}, {"0.026", 15}, {"0.041", 17}, {"0.116", 17}, {"0.176", 19}, {"0.215", 14}, {"0.424", 12}, {"0.524", 17}, {"0.544", 15}}
	limits := []int{300, 2000}
	if testing.Short() || raceEnabled {
		cases, limits = cases[:3], limits[:1]
	}
	for _, c := range cases {
		q := compute(t, Octal(octal.MustParse(c.code)), c.heap-1)
		for _, limit := range limits {
			acc, aerr := q.extendRounds(context.Background(), limit, maxRounds, true)
			plain, perr := q.extendRounds(context.Background(), limit, maxRounds, false)
			var ase, pse *SizeError
			switch {
			case aerr == nil && perr == nil:
				if acc.Order() != plain.Order() || !slices.Equal(acc.Pretending(), plain.Pretending()) || !slices.Equal(acc.PPortion(), plain.PPortion()) {
					t.Errorf("%s heap %d, limit %d: accelerated %d elements, plain %d", c.code, c.heap, limit, acc.Order(), plain.Order())
				}
			case errors.As(aerr, &ase) && errors.As(perr, &pse):
				if ase.Max != limit || ase.Quotient != q {
					t.Errorf("%s heap %d, limit %d: %v", c.code, c.heap, limit, aerr)
				}
			default:
				t.Errorf("%s heap %d, limit %d: accelerated %v, plain %v", c.code, c.heap, limit, aerr, perr)
			}
		}
	}
}

// A quotient that fits is never refused: with the size limit at the largest trial its
// computation checked, it finishes, with the same quotient.
func TestLimitJustAboveTrials(t *testing.T) {
	cases := []struct {
		code string
		heap int
	}{{"0.07", 30}, {"0.77", 40}, {"0.123", 40}, {"0.71", 30}, {"0.76", 11}}
	if testing.Short() || raceEnabled {
		cases = cases[1:]
	}
	for _, c := range cases {
		g := Octal(octal.MustParse(c.code))
		q := compute(t, g, c.heap)
		if q.peak < q.Order() {
			t.Fatalf("%s to heap %d: peak %d below the order %d", c.code, c.heap, q.peak, q.Order())
		}
		r, _, err := Compute(context.Background(), g, Options{MaxHeap: c.heap, MaxSize: q.peak})
		if err != nil {
			t.Errorf("%s to heap %d with the limit %d (its largest trial): %v", c.code, c.heap, q.peak, err)
			continue
		}
		if r.Order() != q.Order() || !slices.Equal(r.Pretending(), q.Pretending()) || !slices.Equal(r.PPortion(), q.PPortion()) {
			t.Errorf("%s to heap %d with the limit %d: %d elements, want %d", c.code, c.heap, q.peak, r.Order(), q.Order())
		}
		t.Logf("%s to heap %d: %d elements, largest trial %d", c.code, c.heap, q.Order(), q.peak)
	}
}
