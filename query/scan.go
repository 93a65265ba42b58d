package query

import (
	"context"
	"errors"
	"fmt"

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
// codes ("max_scan_codes") and a To over lim.MaxScanTo ("max_scan_to"). When ctx ends it returns
// the rows done so far with the error.
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
	for _, c := range codes {
		res, err := octal.Compute(ctx, c, octal.Options{To: n, MaxBytes: lim.OctalBytes, Workers: 1})
		if err != nil {
			e := classify(err, lim, false)
			var qe *Error
			if errors.As(e, &qe) && qe.Kind == Cancelled {
				qe.Msg = fmt.Sprintf("interrupted after %d of %d codes", len(out.Games), len(codes))
			} else if errors.As(e, &qe) && qe.Kind == Internal {
				qe.Msg = fmt.Sprintf("%v: %s", c, qe.Msg)
			}
			return out, e
		}
		out.Games = append(out.Games, ScanRow(res))
	}
	return out, nil
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
