package query

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"grundy/internal/cliarg"
	"grundy/internal/memlimit"
	"grundy/octal"
	"grundy/report"
)

// OctalRequest asks for the Grundy sequence of a take-and-break code: `grundy octal CODE` and
// POST /api/seq with "code". It is plain data: the files of the machine the call runs on, the
// catalogue and the callbacks are [Options].
type OctalRequest struct {
	// Code is the game's code as `grundy octal` takes it (0.77, .07, x0.8, grundy).
	Code string `json:"code"`
	// To is the largest heap; "" computes until a period is proved or the memory budget is used.
	To string `json:"to,omitempty"`
	// Summary leaves the values out of the answer.
	Summary bool `json:"summary,omitempty"`
	// NoStop computes all the way to To even after a period is proved.
	NoStop bool `json:"no_stop,omitempty"`
	// Method is "auto" (or ""), "quadratic" or "reference".
	Method string `json:"method,omitempty"`
	// Workers is how many cores the computation may use (0: octal.DefaultWorkers), at most
	// GOMAXPROCS; command line only.
	Workers int `json:"-"`
}

// Octal answers an OctalRequest under lim (OctalBytes is the memory budget, MaxSeq caps To).
// It reads every [Options] field. Files named in the options are checked before the computation starts: one that cannot be
// written is bad input. A run cut short (ctx cancelled) still writes the checkpoint, the values
// file and the catalogue row asked for, and returns its partial answer together with a Cancelled
// error saying where it stopped; a failure to write a file likewise comes with the answer.
func Octal(ctx context.Context, req OctalRequest, lim Limits, opts ...Options) (report.Octal, error) {
	o := optionsOf(opts)
	c, opt, to, err := octalOptions(req, lim)
	if err != nil {
		return report.Octal{}, err
	}
	if o.Checkpoint != "" {
		if err := octal.CheckWritable(o.Checkpoint); err != nil {
			return report.Octal{}, Badf("--checkpoint: %v", err)
		}
	}
	if o.ValuesFile != "" {
		if err := octal.CheckValuesFile(o.ValuesFile); err != nil {
			return report.Octal{}, Badf("--values-file %s: %v", o.ValuesFile, err)
		}
	}
	if o.Store != nil { // the catalogue too is checked before the computation
		if err := o.Store.Check(ctx); err != nil {
			return report.Octal{}, err
		}
	}
	opt.Status = o.Status
	if o.Progress != nil {
		opt.Progress = func(done, target int) { o.Progress(int64(done), int64(target)) }
	}
	res, saved, cerr := octal.ComputeFiles(ctx, c, opt, octal.Files{Resume: o.Resume, Checkpoint: o.Checkpoint, ValuesFile: o.ValuesFile, SaveEvery: o.CheckpointEvery})
	var re *octal.ResumeError
	if errors.As(cerr, &re) {
		return report.Octal{}, Badf("--resume: %v", re.Err)
	}
	if cerr != nil && res == nil {
		return report.Octal{}, classify(cerr, lim, false)
	}
	var saveErrs []string // what was asked and could not be saved
	if saved.CheckpointErr != nil {
		saveErrs = append(saveErrs, checkpointNote(saved, o))
	}
	if saved.ValuesErr != nil {
		saveErrs = append(saveErrs, fmt.Sprintf("values file: %v", saved.ValuesErr))
	}
	out, err := report.NewOctal(c, res, to, req.Summary)
	if err != nil {
		return report.Octal{}, Internalf("%v", err)
	}
	if o.Store != nil {
		ok, err := o.Store.Save(context.WithoutCancel(ctx), res)
		if err != nil {
			saveErrs = append(saveErrs, err.Error())
		} else {
			out.Saved = &ok
		}
	}
	switch {
	case cerr != nil && errors.Is(cerr, context.Canceled):
		return out, &Error{Kind: Cancelled, Msg: fmt.Sprintf("interrupted at heap %d%s", res.ComputedTo+1, savedNote(saved, o)), Err: cerr}
	case cerr != nil: // a limit (the values outgrew a byte and no longer fit), or a failure
		e := classify(cerr, lim, false)
		var qe *Error
		if errors.As(e, &qe) {
			qe.Msg = fmt.Sprintf("%s (stopped at heap %d%s)", strings.TrimPrefix(qe.Msg, "internal failure: "), res.ComputedTo+1, savedNote(saved, o))
		}
		return out, e
	case len(saveErrs) > 0:
		return out, Internalf("%s", strings.Join(saveErrs, "; "))
	}
	return out, nil
}

// octalOptions reads the code and the options of a request, and the last heap of the answer's
// values: To, or -1 (as far as computed). "to" 0 asks for g(0) alone.
func octalOptions(req OctalRequest, lim Limits) (octal.Code, octal.Options, int, error) {
	c, err := octal.Parse(req.Code)
	if err != nil {
		return c, octal.Options{}, 0, Badf("%v", err)
	}
	opt := octal.Options{KeepGoing: req.NoStop, MaxBytes: lim.OctalBytes}
	switch req.Method {
	case "", "auto":
	case "quadratic":
		opt.Method = octal.MethodQuadratic
	case "reference":
		opt.Method = octal.MethodReference
	default:
		return c, opt, 0, Badf("--method %q: want auto, quadratic or reference", req.Method)
	}
	if req.Workers < 0 {
		return c, opt, 0, Badf("--workers %d: want 1 or more (0 for the default)", req.Workers)
	}
	opt.Workers = req.Workers
	to := -1
	if req.To != "" {
		v, err := cliarg.Uint64(req.To)
		if err != nil {
			return c, opt, 0, Badf("to: %v", err)
		}
		if lim.MaxSeq > 0 && v > lim.MaxSeq {
			return c, opt, 0, lim.over("max_seq", lim.MaxSeq, "to = %d is over the limit of %d", v, lim.MaxSeq)
		}
		if v > 1<<40 {
			return c, opt, 0, Badf("--to %s is too large: the limit is %d", req.To, 1<<40)
		}
		to, opt.To = int(v), max(int(v), 1)
	} else if req.NoStop {
		return c, opt, 0, Badf("--no-stop needs --to")
	}
	if opt.MaxBytes <= 0 && opt.To == 0 {
		return c, opt, 0, Badf("to: give the largest heap (no memory budget is set)")
	}
	return c, opt, to, nil
}

// checkpointNote says whether the checkpoint was saved, and if not, why and which is the last good
// one.
func checkpointNote(s octal.Saved, o Options) string {
	switch {
	case s.CheckpointErr == nil:
		return "checkpoint saved to " + o.Checkpoint + "; continue with --resume " + o.Checkpoint
	case s.LastGood > 0:
		return fmt.Sprintf("the checkpoint could not be saved (%v); the last good checkpoint is %s, of heaps 0..%d: continue with --resume %s",
			s.CheckpointErr, o.Checkpoint, s.LastGood-1, o.Checkpoint)
	}
	return fmt.Sprintf("the checkpoint could not be saved (%v), and none was saved before", s.CheckpointErr)
}

// savedNote says what was saved where, and what could not be: ": checkpoint saved to …" or, when
// the final save failed, the error and the last good checkpoint, if any.
func savedNote(s octal.Saved, o Options) string {
	var parts []string
	if o.Checkpoint != "" {
		parts = append(parts, checkpointNote(s, o))
	}
	switch {
	case o.ValuesFile == "":
	case s.ValuesErr == nil:
		parts = append(parts, "values written to "+o.ValuesFile)
	default:
		parts = append(parts, fmt.Sprintf("the values file could not be written (%v)", s.ValuesErr))
	}
	if len(parts) == 0 {
		return ""
	}
	return ": " + strings.Join(parts, ", ")
}

// ResultStore keeps the results of octal computations (package sweep's catalogue, for --save).
type ResultStore interface {
	// Check makes sure a result can be stored; Octal calls it before computing, so that a store
	// that cannot be used is refused before any work is done. Its error is returned as it is.
	Check(ctx context.Context) error
	// Save stores the result and reports whether it was written (a row that already covers it
	// is kept).
	Save(ctx context.Context, res *octal.Result) (bool, error)
}

// MemoryBudget returns the memory budget of an octal computation on this machine: the flag
// (cliarg.Memory: 2G, 512M, a number of MiB, …) when given, otherwise memlimit.Budget's (3/4 of the available memory) with the
// bound it comes from (source; empty for the flag).
func MemoryBudget(flag string) (budget int64, source string, err error) {
	if flag != "" {
		v, err := cliarg.Memory(flag)
		if err != nil {
			return 0, "", Badf("--max-memory %v", err)
		}
		return int64(v), "", nil
	}
	budget, source = memlimit.Budget()
	return budget, source, nil
}
