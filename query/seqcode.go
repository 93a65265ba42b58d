package query

import (
	"context"
	"io"

	"grundy/report"
)

// This file is the octal engine's entry into Seq (a SeqRequest with a Code); the octal requests
// themselves (Octal, Scan) build on it.

// OctalSeq is the answer of Seq for a take-and-break code: the JSON of `grundy octal CODE --to N
// --json` (report.Octal).
type OctalSeq struct {
	report.Octal
}

// WriteText writes the sequence for people as `grundy seq` does, the code first: the period line,
// then the values twenty to a line.
func (o OctalSeq) WriteText(w io.Writer) error { return o.Octal.WriteSeqText(w) }

// seqCode computes g(0..to) of a take-and-break code, or with to "" until its period is proved
// (or lim.OctalBytes is used): the answer of Octal.
func seqCode(ctx context.Context, r SeqRequest, to string, lim Limits, o Options) (Answer, error) {
	out, err := Octal(ctx, OctalRequest{Code: r.Code, To: to, Summary: r.Summary}, lim, Options{Progress: o.Progress})
	if err != nil {
		return nil, err
	}
	return OctalSeq{out}, nil
}
