package octal

import (
	"context"
	"fmt"
	"math"
	"sort"
	"time"
)

// ScanOptions bound a Scan: every code is computed to heap To (stopping early once its period is
// proved), each on one core within MaxBytes (0: no limit).
type ScanOptions struct {
	To       int
	MaxBytes int64
	// MaxWork bounds the estimated work of the whole scan, in the units of Code.Cost after the
	// pilot runs (0: no bound); a scan over it is refused with a *WorkError before the long runs.
	MaxWork int64
	// Soft, when not zero, is the time after which the scan stops between codes and answers the
	// codes done (ScanResult.Stopped); within a code only ctx stops it.
	Soft time.Time
}

// ScanResult is what a Scan computed: the results of the codes done, in the codes' order, and
// whether it stopped at ScanOptions.Soft before the last of them.
type ScanResult struct {
	Results []*Result
	Stopped bool
}

// WorkError is a Scan refused because its estimated work to heap To is over Max; Fits is the
// largest heap below To that the scan could reach within Max.
type WorkError struct {
	To   int
	Max  int64
	Fits int
}

func (e *WorkError) Error() string {
	return fmt.Sprintf("a scan to heap %d is estimated at over %d options examined: heap %d is within that", e.To, e.Max, e.Fits)
}

// Scan computes every code to opt.To heaps, one code after another on one core each. It first runs
// each code to min(opt.To, PilotTo) heaps: the whole computation of the codes whose period that
// proves, and what the estimate of the rest's work (Code.Cost) needs. When ctx ends or a code
// fails it returns the results done so far with the error.
func Scan(ctx context.Context, codes []Code, opt ScanOptions) (ScanResult, error) {
	var out ScanResult
	late := func() bool {
		out.Stopped = !opt.Soft.IsZero() && !time.Now().Before(opt.Soft)
		return out.Stopped
	}
	pilot := make([]*Result, len(codes))
	for i, c := range codes {
		if late() {
			return out, nil
		}
		res, err := Compute(ctx, c, Options{To: min(opt.To, PilotTo), MaxBytes: opt.MaxBytes, Workers: 1})
		if err != nil {
			return out, err
		}
		pilot[i] = res
	}
	if err := scanWork(codes, pilot, opt.To, opt.MaxWork); err != nil {
		return ScanResult{}, err
	}
	for i, c := range codes {
		res := pilot[i]
		if !res.Proved && opt.To > PilotTo {
			if late() {
				break
			}
			var err error
			if res, err = Compute(ctx, c, Options{To: opt.To, MaxBytes: opt.MaxBytes, Workers: 1}); err != nil {
				return out, err
			}
		}
		out.Results = append(out.Results, res)
	}
	return out, nil
}

// scanWork returns a *WorkError when the estimated work of codes to heap n, after the pilot runs,
// is over maxWork (0: no bound).
func scanWork(codes []Code, pilot []*Result, n int, maxWork int64) error {
	if maxWork <= 0 {
		return nil
	}
	work := func(to int) int64 {
		var sum int64
		for i, c := range codes {
			if sum += pilotCost(c, pilot[i], to); sum > maxWork || sum < 0 {
				return math.MaxInt64
			}
		}
		return sum
	}
	if work(n) <= maxWork {
		return nil
	}
	fits := sort.Search(n, func(m int) bool { return work(m+1) > maxWork }) // the largest m ≤ n-1 that fits
	return &WorkError{To: n, Max: maxWork, Fits: fits}
}
