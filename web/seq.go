package web

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"

	"grundy/internal/cliarg"
	"grundy/octal"
	"grundy/report"
)

// argString is an argument that may be sent as a JSON string ("1000", "0x3e8") or a JSON number
// (1000); either way it is parsed as the command line parses it.
type argString string

// UnmarshalJSON accepts a JSON string or a JSON number.
func (a *argString) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if len(b) > 0 && b[0] == '"' {
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		*a = argString(s)
		return nil
	}
	var n json.Number
	if err := json.Unmarshal(b, &n); err != nil {
		return cliarg.Errorf("want a number or a string, got %s", b)
	}
	*a = argString(n.String())
	return nil
}

// SeqRequest is the body of POST /api/seq: either a one-heap ruleset with its flags, or a
// take-and-break code, and the largest heap To.
type SeqRequest struct {
	Ruleset string            `json:"ruleset,omitempty"`
	Flags   map[string]string `json:"flags,omitempty"`
	Code    string            `json:"code,omitempty"`
	To      *argString        `json:"to"`
}

// seqMaxBytes is the memory budget of one octal computation.
const seqMaxBytes = 64 << 20

// to parses and checks the request's "to" against MaxSeq.
func (s *Server) seqTo(r *SeqRequest) (int, error) {
	if r.To == nil {
		return 0, badRequest(`missing "to": the largest heap to compute`)
	}
	v, err := cliarg.Uint64(string(*r.To))
	if err != nil {
		return 0, cliarg.Errorf("to: %v", err)
	}
	if v > uint64(s.limits.MaxSeq) {
		return 0, overLimit("max_seq", s.limits.MaxSeq, "to = %d is over the limit of %d", v, s.limits.MaxSeq)
	}
	return int(v), nil
}

func (s *Server) seq(ctx context.Context, r *SeqRequest) (any, error) {
	to, err := s.seqTo(r)
	if err != nil {
		return nil, err
	}
	switch {
	case r.Code != "" && (r.Ruleset != "" || len(r.Flags) > 0):
		return nil, badRequest(`give either "code" or "ruleset" (with "flags"), not both`)
	case r.Code != "":
		return octalSeq(ctx, r.Code, to)
	case r.Ruleset != "":
		return s.rulesetSeq(ctx, r, to)
	}
	return nil, badRequest(`missing "code" (a take-and-break code such as 0.07) or "ruleset"`)
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
