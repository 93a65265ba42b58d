package sweep

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"grundy/internal/cliarg"
	"grundy/misere"
	"grundy/octal"
	"grundy/query"
)

// MisereScanRequest asks for the misère quotient of the whole game of every code of Pattern (a
// code in which each ? stands for any digit, as octal scan takes it): each code is computed heap
// by heap until the periodicity theorem proves its quotient, or up to MaxHeap (default 255), or
// until the quotient passes MaxSize elements (default misere.DefaultMaxSize).
type MisereScanRequest struct {
	Pattern string    `json:"pattern"`
	MaxHeap query.Arg `json:"max_heap,omitempty"`
	MaxSize query.Arg `json:"max_size,omitempty"`
}

// MisereScanRow is one code of a misère scan: the whole game's quotient when proved, otherwise
// how far the computation got and why it stopped.
type MisereScanRow struct {
	Code string `json:"code"`
	// Stopped: "proved", "max-heap" (not proved by MaxHeap), "max-size" (the quotient grew past
	// MaxSize at heap Heap+1) or "rounds" (the trials at heap Heap+1 did not settle).
	Stopped string `json:"stopped"`
	Heap    int    `json:"heap"` // the largest heap of the quotient reported (the proof's heap when proved)
	Order   int    `json:"order"`
	POrder  int    `json:"p_order"`
	Proved  bool   `json:"proved"`
	// Period and Preperiod of the pretending function, when proved (null otherwise).
	Period    *int `json:"period"`
	Preperiod *int `json:"preperiod"`
}

// MisereScanAnswer is the answer of MisereScan.
type MisereScanAnswer struct {
	Pattern string          `json:"pattern"`
	MaxHeap int             `json:"max_heap"`
	MaxSize int             `json:"max_size"`
	Codes   []MisereScanRow `json:"codes"`
}

// misereMaxHeap is the default MaxHeap: the largest heap grundy misere reaches while it tries to
// prove a whole game's quotient.
const misereMaxHeap = 255

// maxMisereScanCodes bounds the codes of one misère scan.
const maxMisereScanCodes = 1 << 12

// MisereScan computes the whole-game misère quotient of every code of a pattern, one after
// another.
func MisereScan(ctx context.Context, r MisereScanRequest, lim query.Limits) (*MisereScanAnswer, error) {
	if r.Pattern == "" {
		return nil, query.Badf(`missing pattern: a code with ? for any digit, such as 0.?? (every 2-digit code)`)
	}
	codes, err := octal.Expand(r.Pattern, maxMisereScanCodes)
	if err != nil {
		return nil, query.Badf("%v", err)
	}
	ans := &MisereScanAnswer{Pattern: r.Pattern, MaxHeap: misereMaxHeap, MaxSize: misere.DefaultMaxSize, Codes: []MisereScanRow{}}
	for _, f := range []struct {
		arg  query.Arg
		name string
		dst  *int
		max  uint64
	}{{r.MaxHeap, "max-heap", &ans.MaxHeap, 4096}, {r.MaxSize, "max-size", &ans.MaxSize, 1 << 20}} {
		if f.arg == "" {
			continue
		}
		v, err := cliarg.Uint64(string(f.arg))
		if err != nil {
			return nil, query.Badf("--%s: %v", f.name, err)
		}
		if v > f.max || v == 0 {
			return nil, query.Badf("--%s %d is outside 1..%d", f.name, v, f.max)
		}
		*f.dst = int(v)
	}
	for _, c := range codes {
		if !c.Provable() {
			continue // Grundy's game: no theorem
		}
		row := MisereScanRow{Code: c.String()}
		q, stop, err := misere.Compute(ctx, misere.Octal(c), misere.Options{MaxHeap: ans.MaxHeap, MaxSize: ans.MaxSize, Prove: true})
		var se *misere.SizeError
		switch {
		case errors.As(err, &se) && ctx.Err() == nil:
			q, row.Stopped = se.Quotient, "max-size"
			if se.Rounds > 0 {
				row.Stopped = "rounds"
			}
		case err != nil:
			return nil, err
		default:
			row.Stopped = stop
		}
		row.Heap, row.Order, row.POrder = q.MaxHeap(), q.Order(), q.POrder()
		pr, err := misere.Prove(q)
		if err != nil {
			return nil, err
		}
		if pr != nil {
			row.Proved, row.Period, row.Preperiod = true, &pr.Period, &pr.Preperiod
		}
		ans.Codes = append(ans.Codes, row)
	}
	return ans, nil
}

// WriteText writes one line per code.
func (a *MisereScanAnswer) WriteText(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "misère quotients of the whole games %s (heaps up to %d, at most %d elements)\n", a.Pattern, a.MaxHeap, a.MaxSize)
	b.WriteString("code      |Q|    |P|  period  preperiod  heap  stopped\n")
	for _, r := range a.Codes {
		per, pre := "-", "-"
		if r.Proved {
			per, pre = fmt.Sprint(*r.Period), fmt.Sprint(*r.Preperiod)
		}
		fmt.Fprintf(&b, "%-8s %5d %5d  %6s  %9s  %4d  %s\n", r.Code, r.Order, r.POrder, per, pre, r.Heap, r.Stopped)
	}
	_, err := io.WriteString(w, b.String())
	return err
}
