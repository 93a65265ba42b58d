package sweep

import (
	"fmt"
	"io"
	"time"

	"grundy/report"
)

// Log reports a sharded scan's progress, one line a code, for the logs of a batch system (where
// stderr is no terminal and no bar is drawn; Quiet when it is, and a bar shows), and its summary
// at the end. Its Codes and Row are a ScanRequest's; call Summary once the scan returns.
type Log struct {
	W        io.Writer
	Name     string // "scan 0.?? shard 1/4"
	Quiet    bool   // no line a code
	Start    time.Time
	total    int
	computed int
	stored   int
}

// Codes starts the log of n codes.
func (l *Log) Codes(n int) {
	l.total = n
	if !l.Quiet {
		fmt.Fprintf(l.W, "grundy: %s: %d codes\n", l.Name, n)
	}
}

// Row logs the row of one code, stored true when it came from the catalogue.
func (l *Log) Row(r *report.ScanRow, stored bool) {
	what := "computed"
	if stored {
		l.stored++
		what = "already in the catalogue"
	} else {
		l.computed++
	}
	if l.Quiet {
		return
	}
	per := "no period"
	if r.Period != nil {
		per = fmt.Sprintf("period %d, preperiod %d", *r.Period, *r.Preperiod)
		if r.Proved {
			per += ", proved"
		}
	}
	fmt.Fprintf(l.W, "grundy: %s: %d/%d %s: %s (%s)\n", l.Name, l.computed+l.stored, l.total, r.Code, what, per)
}

// Summary writes how many codes were done, computed and found in the catalogue, and the time.
func (l *Log) Summary() {
	fmt.Fprintf(l.W, "grundy: %s: done %d of %d codes (%d computed, %d already in the catalogue) in %.1fs\n",
		l.Name, l.computed+l.stored, l.total, l.computed, l.stored, time.Since(l.Start).Seconds())
}
