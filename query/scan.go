package query

import (
	"context"
	"errors"
	"fmt"
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
	out := report.Scan{Pattern: req.Pattern, To: n, Games: make([]*report.ScanRow, 0, len(codes))}
	opt := octal.ScanOptions{To: n, MaxBytes: lim.OctalBytes, MaxWork: lim.MaxScanWork}
	if lim.Budget > 0 {
		opt.Soft = time.Now().Add(lim.Budget * 3 / 4)
	}
	res, err := octal.Scan(ctx, codes, opt)
	for _, r := range res.Results {
		out.Games = append(out.Games, report.NewScanRow(r))
	}
	var we *octal.WorkError
	var qe *Error
	switch e := classify(err, lim, false); {
	case errors.As(err, &we):
		return report.Scan{}, lim.over("max_scan_work", lim.MaxScanWork, "pattern %s to heap %d is more work than one request may do (an estimate of over %d options examined: a code that splits a heap in two costs about N²/4 for each such digit, in three about N³/36): N ≤ %d is within the limit", req.Pattern, n, lim.MaxScanWork, we.Fits)
	case errors.As(e, &qe) && qe.Kind == Cancelled:
		qe.Msg = fmt.Sprintf("interrupted after %d of %d codes", len(out.Games), len(codes))
		return out, e
	case errors.As(e, &qe) && qe.Kind == Internal:
		qe.Msg = fmt.Sprintf("%s: %s", req.Pattern, qe.Msg)
		return out, e
	case e != nil:
		return out, e
	case res.Stopped:
		out.Stopped = fmt.Sprintf("stopped after %d of %d codes, at three quarters of the time budget of %v: scan fewer codes or fewer heaps for the rest", len(out.Games), len(codes), lim.Budget)
	}
	return out, nil
}
