package main

import (
	"fmt"
	"os"
	"time"

	"github.com/spf13/pflag"

	"grundy/report"
	"grundy/sweep"
)

// dbFlag registers --db. Its empty value is filled from $GRUNDY_DB when the command runs (envDB),
// not when the flag is made, so that --help never shows a URL with a password in it.
func dbFlag(fl *pflag.FlagSet, p *string) {
	fl.StringVar(p, "db", "", "catalogue: a SQLite file or a postgres:// URL (default: $"+sweep.DBEnv+", else <user cache dir>/grundy/catalogue.db)")
}

// envDB returns --db, or $GRUNDY_DB when --db was not given.
func envDB(flag string) string {
	if flag != "" {
		return flag
	}
	return os.Getenv(sweep.DBEnv)
}

// shardLog reports a sharded scan's progress on stderr, one line a code, for the logs of a batch
// system (where stderr is no terminal and no bar is drawn; quiet when it is, and the bar shows),
// and its summary at the end.
type shardLog struct {
	a        *app
	name     string // "scan 0.?? shard 1/4"
	quiet    bool   // no line a code
	start    time.Time
	total    int
	computed int
	stored   int
}

func (l *shardLog) codes(n int) {
	l.total = n
	if !l.quiet {
		fmt.Fprintf(l.a.stderr, "grundy: %s: %d codes\n", l.name, n)
	}
}

func (l *shardLog) row(r *report.ScanRow, stored bool) {
	what := "computed"
	if stored {
		l.stored++
		what = "already in the catalogue"
	} else {
		l.computed++
	}
	if l.quiet {
		return
	}
	per := "no period"
	if r.Period != nil {
		per = fmt.Sprintf("period %d, preperiod %d", *r.Period, *r.Preperiod)
		if r.Proved {
			per += ", proved"
		}
	}
	fmt.Fprintf(l.a.stderr, "grundy: %s: %d/%d %s: %s (%s)\n", l.name, l.computed+l.stored, l.total, r.Code, what, per)
}

func (l *shardLog) summary() {
	fmt.Fprintf(l.a.stderr, "grundy: %s: done %d of %d codes (%d computed, %d already in the catalogue) in %.1fs\n",
		l.name, l.computed+l.stored, l.total, l.computed, l.stored, time.Since(l.start).Seconds())
}
