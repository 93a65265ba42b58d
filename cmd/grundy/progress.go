package main

import (
	"fmt"
	"strings"
	"time"

	"github.com/schollz/progressbar/v3"

	"grundy/octal"
)

// progressBar is a progress bar on the app's stderr for work of a known size, or nil when stderr
// is not a terminal and force is false (so that scripts and tests see no bar). Its methods do
// nothing on a nil bar.
type progressBar struct {
	bar *progressbar.ProgressBar
	a   *app
}

// newProgress returns a bar counting to total in units (e.g. "codes"), described by desc.
func (a *app) newProgress(force bool, total int64, desc, units string) *progressBar {
	if !force && !isTerminal(a.stderr) {
		return nil
	}
	return &progressBar{a: a, bar: progressbar.NewOptions64(total,
		progressbar.OptionSetWriter(a.stderr),
		progressbar.OptionSetDescription(desc),
		progressbar.OptionShowCount(),
		progressbar.OptionShowIts(),
		progressbar.OptionSetItsString(units),
		progressbar.OptionThrottle(200*time.Millisecond),
		progressbar.OptionSetPredictTime(true),
	)}
}

// add counts n more units done.
func (p *progressBar) add(n int) {
	if p != nil {
		_ = p.bar.Add(n)
	}
}

// set shows done units out of total (which may change as the work learns its size).
func (p *progressBar) set(done, total int64) {
	if p == nil {
		return
	}
	if total != p.bar.GetMax64() {
		p.bar.ChangeMax64(total)
	}
	_ = p.bar.Set64(done)
}

// finish ends the bar's line where the work stood: at 100% only when all of it was done (an
// interrupted run is never shown as complete).
func (p *progressBar) finish() {
	if p == nil {
		return
	}
	if p.bar.State().CurrentNum >= p.bar.GetMax64() {
		_ = p.bar.Finish()
	} else {
		_ = p.bar.Exit()
	}
	fmt.Fprintln(p.a.stderr)
}

// statusLine is the progress display of an octal computation, whose end is not known in advance
// (a period may be proved at any heap). It says only what is known: the heaps done, the rate, and
// the bound the run cannot pass (--to, or what the memory budget holds), with a percentage only
// of --to and the heap at which a candidate period would be proved. A nil statusLine does
// nothing.
type statusLine struct {
	a      *app
	desc   string
	start  time.Time
	first  int // heaps known when the first status came (a resumed run's checkpoint)
	last   time.Time
	width  int // of the line last written, to blank it out
	wrote  bool
	status octal.Status
}

// newStatusLine returns the status line of the computation described by desc (its code).
func (a *app) newStatusLine(desc string) *statusLine {
	return &statusLine{a: a, desc: desc, first: -1}
}

// update takes a new status and redraws the line at most five times a second.
func (l *statusLine) update(st octal.Status) {
	now := time.Now()
	if l.first < 0 {
		l.first, l.start = st.Done, now
	}
	l.status = st
	if now.Sub(l.last) < 200*time.Millisecond {
		return
	}
	l.last = now
	l.draw(now)
}

// text is the line for the current status at time now.
func (l *statusLine) text(now time.Time) string {
	st := l.status
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s heaps", l.desc, count(int64(st.Done)))
	if secs := now.Sub(l.start).Seconds(); secs > 0.5 {
		fmt.Fprintf(&b, ", %s heaps/s", count(int64(float64(st.Done-l.first)/secs)))
	}
	if st.LimitIsTo {
		fmt.Fprintf(&b, ", %.1f%% of --to %s", 100*float64(st.Done)/float64(st.Limit), count(int64(st.Limit-1)))
	} else {
		fmt.Fprintf(&b, ", memory bound %s heaps", count(int64(st.Limit)))
	}
	if st.ProofAt > 0 {
		fmt.Fprintf(&b, "; a period seen would be proved at %s", count(int64(st.ProofAt)))
	}
	return b.String()
}

func (l *statusLine) draw(now time.Time) {
	t := l.text(now)
	pad := max(0, l.width-len(t))
	fmt.Fprintf(l.a.stderr, "\r%s%s", t, strings.Repeat(" ", pad))
	l.width, l.wrote = len(t), true
}

// end draws the last status (where the run stopped, never more) and ends the line.
func (l *statusLine) end() {
	if l == nil || l.first < 0 {
		return
	}
	l.draw(time.Now())
	fmt.Fprintln(l.a.stderr)
}

// count writes n for people: 1234 as is, larger numbers with a k, M or G suffix.
func count(n int64) string {
	switch {
	case n >= 1_000_000_000:
		return fmt.Sprintf("%.1fG", float64(n)/1e9)
	case n >= 1_000_000:
		return fmt.Sprintf("%.1fM", float64(n)/1e6)
	case n >= 10_000:
		return fmt.Sprintf("%.1fk", float64(n)/1e3)
	}
	return fmt.Sprint(n)
}
