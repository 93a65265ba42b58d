package octal

import (
	"context"
	"fmt"
	"time"
)

// Files are the files of one run of Compute on this machine: Resume, a checkpoint of the same code
// to continue from; Checkpoint, written every SaveEvery during the run and at its end; and
// ValuesFile, the values written at the end, one "n g(n)" line each. An empty name is no file.
type Files struct {
	Resume, Checkpoint, ValuesFile string
	SaveEvery                      time.Duration
}

// Saved is what a run with Files managed to save: LastGood, the values of the last checkpoint
// written whole at Checkpoint (-1: none known), and the errors of the final saves.
type Saved struct {
	LastGood                 int
	CheckpointErr, ValuesErr error
}

// ResumeError is a Files.Resume that cannot be continued from: unreadable, damaged, too long for
// the memory budget, or of another code.
type ResumeError struct{ Err error }

func (e *ResumeError) Error() string { return e.Err.Error() }
func (e *ResumeError) Unwrap() error { return e.Err }

// ComputeFiles is Compute with files. It loads f.Resume first (a *ResumeError, before any work,
// when it cannot), saves a checkpoint every f.SaveEvery, and at the end, whether the run completed
// or was cut short, writes the checkpoint (the resumed one when the run used only a prefix of it,
// so that no value known is lost) and the values to opt.To (or as far as computed). It returns
// the result (nil only when there is none), what was saved, and the run's error.
func ComputeFiles(ctx context.Context, c Code, opt Options, f Files) (*Result, Saved, error) {
	saved := Saved{LastGood: -1}
	var resumed *Checkpoint
	if f.Resume != "" {
		budget := opt.MaxBytes
		if budget <= 0 {
			budget = 1 << 62
		}
		cp, err := LoadFile(f.Resume, MaxTo(c, budget)+1)
		if err != nil {
			return nil, saved, &ResumeError{err}
		}
		if cp.Code != c {
			return nil, saved, &ResumeError{fmt.Errorf("checkpoint %s is of %v, not %v", f.Resume, cp.Code, c)}
		}
		opt.Resume, resumed = cp, cp
		if f.Resume == f.Checkpoint {
			saved.LastGood = cp.Len()
		}
	}
	if f.Checkpoint != "" {
		opt.Save = func(cp *Checkpoint) error {
			if err := cp.SaveFile(f.Checkpoint); err != nil {
				return fmt.Errorf("saving the checkpoint: %w", err)
			}
			saved.LastGood = cp.Len()
			return nil
		}
		opt.SaveEvery = f.SaveEvery
	}
	res, err := Compute(ctx, c, opt)
	if res == nil {
		return nil, saved, err
	}
	if f.Checkpoint != "" {
		cp := res.Checkpoint()
		if resumed != nil && resumed.Len() > cp.Len() {
			cp = resumed
		}
		if saved.CheckpointErr = cp.SaveFile(f.Checkpoint); saved.CheckpointErr == nil {
			saved.LastGood = cp.Len()
		}
	}
	last := res.ComputedTo
	if opt.To > 0 && (res.Proved || opt.To < last) {
		last = opt.To
	}
	if f.ValuesFile != "" {
		saved.ValuesErr = WriteValuesFile(f.ValuesFile, res, last)
	}
	return res, saved, err
}
