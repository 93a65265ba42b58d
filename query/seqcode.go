package query

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"

	"grundy/report"
)

// This file is the octal engine's entry into Seq (a SeqRequest with a Code); the octal requests
// themselves (Octal, Scan) build on it.

// OctalSeq is the answer of Seq for a take-and-break code: the JSON of `grundy octal CODE --to N
// --json` (report.Octal).
type OctalSeq struct {
	report.Octal
}

// WriteText writes the sequence for people: the period line, then the values twenty to a line.
func (o OctalSeq) WriteText(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%s computed to %d; ", o.Code, o.ComputedTo)
	switch {
	case o.Period == nil:
		b.WriteString("no period found\n")
	case o.Proved:
		fmt.Fprintf(&b, "period %d from %d (proved)\n", *o.Period, *o.Preperiod)
	default:
		fmt.Fprintf(&b, "apparent period %d from %d (not proved)\n", *o.Period, *o.Preperiod)
	}
	for i := 0; i < len(o.Values); i += 20 {
		fmt.Fprintf(&b, "%6d:", i)
		for _, v := range o.Values[i:min(i+20, len(o.Values))] {
			fmt.Fprintf(&b, " %d", v)
		}
		b.WriteString("\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// seqCode computes g(0..to) of a take-and-break code: the answer of Octal.
func seqCode(ctx context.Context, r SeqRequest, to uint64, lim Limits) (Answer, error) {
	out, err := Octal(ctx, OctalRequest{Code: r.Code, To: strconv.FormatUint(to, 10), Summary: r.Summary, Progress: r.Progress}, lim)
	if err != nil {
		return nil, err
	}
	return OctalSeq{out}, nil
}
