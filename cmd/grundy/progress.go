package main

import (
	"fmt"
	"time"

	"github.com/schollz/progressbar/v3"
)

// progressBar is a progress bar on the app's stderr for long work, or nil when stderr is not a
// terminal and force is false (so that scripts and tests see no bar). Its methods do nothing on a
// nil bar.
type progressBar struct {
	bar *progressbar.ProgressBar
	a   *app
}

// newProgress returns a bar counting to total in units (e.g. "heaps"), described by desc.
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

// add counts n more units done.
func (p *progressBar) add(n int) {
	if p != nil {
		_ = p.bar.Add(n)
	}
}

// finish completes the bar and ends its line.
func (p *progressBar) finish() {
	if p != nil {
		_ = p.bar.Finish()
		fmt.Fprintln(p.a.stderr)
	}
}
