// Package progress draws the command line's progress displays on a terminal: a bar for work of a
// known size (scans, script sequences) and a status line for an octal computation, whose end is
// not known in advance. A nil display does nothing, so callers that draw none need no checks.
package progress

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/schollz/progressbar/v3"

	"grundy/octal"
)

// Bar is a progress bar for work of a known size. Its methods do nothing on a nil Bar.
type Bar struct {
	bar *progressbar.ProgressBar
	w   io.Writer
}

// NewBar returns a bar on w counting to total in units (e.g. "codes"), described by desc.
func NewBar(w io.Writer, total int64, desc, units string) *Bar {
	return &Bar{w: w, bar: progressbar.NewOptions64(total,
		progressbar.OptionSetWriter(w),
		progressbar.OptionSetDescription(desc),
		progressbar.OptionShowCount(),
		progressbar.OptionShowIts(),
		progressbar.OptionSetItsString(units),
		progressbar.OptionThrottle(200*time.Millisecond),
		progressbar.OptionSetPredictTime(true),
	)}
}

// Add counts n more units done.
func (p *Bar) Add(n int) {
	if p != nil {
		_ = p.bar.Add(n)
	}
}

// Set shows done units out of total (which may change as the work learns its size).
func (p *Bar) Set(done, total int64) {
	if p == nil {
		return
	}
	if total != p.bar.GetMax64() {
		p.bar.ChangeMax64(total)
	}
	_ = p.bar.Set64(done)
}

// Finish ends the bar's line where the work stood: at 100% only when all of it was done (an
// interrupted run is never shown as complete).
func (p *Bar) Finish() {
	if p == nil {
		return
	}
	if p.bar.State().CurrentNum >= p.bar.GetMax64() {
		_ = p.bar.Finish()
	} else {
		_ = p.bar.Exit()
	}
	fmt.Fprintln(p.w)
}

// Status is the progress display of an octal computation, whose end is not known in advance
// (a period may be proved at any heap). It says only what is known: the heaps done, the rate, and
// the bound the run cannot pass (--to, or what the memory budget holds), with a percentage only
// of --to and the heap at which a candidate period would be proved. A nil Status does nothing.
type Status struct {
	w      io.Writer
	desc   string
	start  time.Time
	first  int // heaps known when the first status came (a resumed run's checkpoint)
	last   time.Time
	width  int // of the line last written, to blank it out
	wrote  bool
	status octal.Status
}

// NewStatus returns the status line on w of the computation described by desc (its code).
func NewStatus(w io.Writer, desc string) *Status {
	return &Status{w: w, desc: desc, first: -1}
}

// Update takes a new status and redraws the line at most five times a second.
func (l *Status) Update(st octal.Status) {
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
func (l *Status) text(now time.Time) string {
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

func (l *Status) draw(now time.Time) {
	t := l.text(now)
	pad := max(0, l.width-len(t))
	fmt.Fprintf(l.w, "\r%s%s", t, strings.Repeat(" ", pad))
	l.width, l.wrote = len(t), true
}

// End draws the last status (where the run stopped, never more) and ends the line.
func (l *Status) End() {
	if l == nil || l.first < 0 {
		return
	}
	l.draw(time.Now())
	fmt.Fprintln(l.w)
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
