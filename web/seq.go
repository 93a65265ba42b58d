package web

import (
	"context"
	"errors"

	"grundy/internal/cliarg"
	"grundy/octal"
	"grundy/query"
	"grundy/report"
)

// SeqRequest is the body of POST /api/seq: a one-heap ruleset with its flags, a take-and-break
// code, or a script, and the largest heap To.
type SeqRequest = query.SeqRequest

// seqMaxBytes is the memory budget of one octal computation.
const seqMaxBytes = 64 << 20

// to parses and checks the request's "to" against MaxSeq.
func (s *Server) seqTo(r *SeqRequest) (int, error) {
	if r.To == "" {
		return 0, badRequest(`missing "to": the largest heap to compute`)
	}
	v, err := cliarg.Uint64(string(r.To))
	if err != nil {
		return 0, cliarg.Errorf("to: %v", err)
	}
	if v > uint64(s.limits.MaxSeq) {
		return 0, overLimit("max_seq", s.limits.MaxSeq, "to = %d is over the limit of %d", v, s.limits.MaxSeq)
	}
	return int(v), nil
}

// seq answers as `grundy seq … --json` (or `grundy octal CODE --to N --json` for a code) does.
func (s *Server) seq(ctx context.Context, r *SeqRequest) (any, error) {
	if r.Code != "" && r.Ruleset == "" && r.Script == "" && len(r.Flags) == 0 && !r.Summary {
		to, err := s.seqTo(r)
		if err != nil {
			return nil, err
		}
		return octalSeq(ctx, r.Code, to)
	}
	return query.Seq(ctx, *r, s.queryLimits())
}

// octalSeq computes g(0..to) of a take-and-break code.
func octalSeq(ctx context.Context, code string, to int) (any, error) {
	return octalSeqOpts(ctx, code, to, nil)
}

// octalSeqOpts is octalSeq, calling progress (when not nil) now and then with the values computed
// so far and the target.
func octalSeqOpts(ctx context.Context, code string, to int, progress func(done, target int)) (any, error) {
	c, err := octal.Parse(code)
	if err != nil {
		return nil, cliarg.Errorf("%v", err)
	}
	res, err := octal.Compute(ctx, c, octal.Options{To: max(to, 1), MaxBytes: seqMaxBytes, Progress: progress})
	var le *octal.LimitError
	switch {
	case errors.As(err, &le):
		return nil, overLimit("max_seq", le.MaxTo, "%v", err)
	case err != nil:
		return nil, err
	}
	out, err := report.NewOctal(c, res, to, false)
	if err != nil {
		return nil, err
	}
	return out, nil
}
