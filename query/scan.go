package query

import (
	"context"
	"errors"
	"fmt"
	"math"
	"sort"
	"time"

	"grundy/internal/cliarg"
	"grundy/octal"
	"grundy/report"
)

// MaxScanCodes bounds the codes one pattern may expand to (before codes that differ only by
// trailing zeros are merged): the command line's bound, which Limits.MaxScanCodes may lower.
const MaxScanCodes = 4096

// ScanRequest asks for the periods of every code matching a pattern, each computed to a small
// bound: `grundy octal scan PATTERN --to N` without a catalogue, and POST /api/scan.
type ScanRequest struct {
	// Pattern is a code with ? for any digit (see octal.Expand): "0.??", "4.?7".
	Pattern string `json:"pattern"`
	// To is the largest heap computed for each code ("" for 10000, as on the command line, or
	// Limits.MaxScanTo where that is lower); each stops early once its period is proved.
	To string `json:"to,omitempty"`
}

// Scan answers a ScanRequest: the row of each code, in the pattern's order, computed one code
// after another on one core each. It refuses a pattern of more than lim.MaxScanCodes distinct
// codes ("max_scan_codes"), a To over lim.MaxScanTo ("max_scan_to"), and a scan whose estimated
// work is over lim.MaxScanWork ("max_scan_work": codes that split a heap in three cost about n³,
// so they fit only to smaller bounds). A scan that reaches three quarters of lim.Budget stops
// between codes and answers the rows done, saying so in Stopped. When ctx ends it returns the
// rows done so far with the error.
func Scan(ctx context.Context, req ScanRequest, lim Limits) (report.Scan, error) {
	if req.Pattern == "" {
		return report.Scan{}, Badf(`missing "pattern": a code with ? for any digit, such as 0.??`)
	}
	codes, err := octal.Expand(req.Pattern, MaxScanCodes)
	if err != nil {
		return report.Scan{}, Badf("%v", err)
	}
	if lim.MaxScanCodes > 0 && len(codes) > lim.MaxScanCodes {
		return report.Scan{}, lim.over("max_scan_codes", lim.MaxScanCodes, "pattern %s matches %d codes: the limit is %d", req.Pattern, len(codes), lim.MaxScanCodes)
	}
	n := 10000
	if lim.MaxScanTo > 0 {
		n = min(n, lim.MaxScanTo)
	}
	if req.To != "" {
		v, err := cliarg.Uint64(req.To)
		switch {
		case err != nil:
			return report.Scan{}, Badf("to: %v", err)
		case v == 0:
			return report.Scan{}, Badf("to must be at least 1")
		case lim.MaxScanTo > 0 && v > uint64(lim.MaxScanTo):
			return report.Scan{}, lim.over("max_scan_to", lim.MaxScanTo, "to = %s is over the limit of %d for a scan", req.To, lim.MaxScanTo)
		case v > 1<<24:
			return report.Scan{}, Badf("to = %s is too large: the limit is %d", req.To, 1<<24)
		}
		n = int(v)
	}
	// A pilot run of each code to min(n, octal.PilotTo) heaps: the whole computation of the
	// codes whose period it proves (and of every code when n is that small), and what the
	// estimate of the rest's work needs.
	pilot := make([]*octal.Result, len(codes))
	out := report.Scan{Pattern: req.Pattern, To: n, Games: make([]*report.ScanRow, 0, len(codes))}
	stopped := func(err error, done int) (report.Scan, error) {
		e := classify(err, lim, false)
		var qe *Error
		if errors.As(e, &qe) && qe.Kind == Cancelled {
			qe.Msg = fmt.Sprintf("interrupted after %d of %d codes", done, len(codes))
		} else if errors.As(e, &qe) && qe.Kind == Internal {
			qe.Msg = fmt.Sprintf("%s: %s", req.Pattern, qe.Msg)
		}
		return out, e
	}
	// A scan stops between codes at three quarters of its time budget, with the rows done so
	// far: within a code the budget itself stops it (and a browser's engine, on one thread,
	// sees no deadline but the clock's).
	var soft time.Time
	if lim.Budget > 0 {
		soft = time.Now().Add(lim.Budget * 3 / 4)
	}
	late := func(done int) bool {
		if soft.IsZero() || time.Now().Before(soft) {
			return false
		}
		out.Stopped = fmt.Sprintf("stopped after %d of %d codes, at three quarters of the time budget of %v: scan fewer codes or fewer heaps for the rest", done, len(codes), lim.Budget)
		return true
	}
	for i, c := range codes {
		if late(0) {
			return out, nil
		}
		res, err := octal.Compute(ctx, c, octal.Options{To: min(n, octal.PilotTo), MaxBytes: lim.OctalBytes, Workers: 1})
		if err != nil {
			return stopped(err, 0)
		}
		pilot[i] = res
	}
	if err := scanWork(req.Pattern, codes, pilot, n, lim); err != nil {
		return report.Scan{}, err
	}
	for i, c := range codes {
		res := pilot[i]
		if !res.Proved && n > octal.PilotTo {
			if late(len(out.Games)) {
				break
			}
			var err error
			if res, err = octal.Compute(ctx, c, octal.Options{To: n, MaxBytes: lim.OctalBytes, Workers: 1}); err != nil {
				return stopped(err, len(out.Games))
			}
		}
		out.Games = append(out.Games, ScanRow(res))
	}
	return out, nil
}

// scanWork refuses a scan of codes to heap n whose estimated work (octal.Code.Cost, after the
// pilot runs) is over lim.MaxScanWork ("max_scan_work"), saying the largest n that fits.
func scanWork(pattern string, codes []octal.Code, pilot []*octal.Result, n int, lim Limits) error {
	if lim.MaxScanWork <= 0 {
		return nil
	}
	work := func(to int) int64 {
		var sum int64
		for i, c := range codes {
			m := to
			if pilot[i].Proved {
				m = min(m, pilot[i].ComputedTo)
			}
			if sum += c.Cost(m); sum > lim.MaxScanWork || sum < 0 {
				return math.MaxInt64
			}
		}
		return sum
	}
	w := work(n)
	if w <= lim.MaxScanWork {
		return nil
	}
	fits := sort.Search(n, func(m int) bool { return work(m+1) > lim.MaxScanWork }) // the largest m ≤ n-1 that fits
	return lim.over("max_scan_work", lim.MaxScanWork, "pattern %s to heap %d is more work than one request may do (an estimate of over %d options examined: a code that splits a heap in two costs about N²/4 for each such digit, in three about N³/36): N ≤ %d is within the limit", pattern, n, lim.MaxScanWork, fits)
}

// ScanRow is the row of a scan for the result of one code.
func ScanRow(res *octal.Result) *report.ScanRow {
	row := &report.ScanRow{Code: res.Code.String(), ComputedTo: res.ComputedTo, Proved: res.Proved,
		Method: res.Method, MaxValue: res.MaxValue}
	if res.Period > 0 {
		row.Period, row.Preperiod = &res.Period, &res.Preperiod
	}
	if res.RareMask != 0 {
		row.RareMask = &res.RareMask
	}
	return row
}
