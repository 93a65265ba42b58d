package sweep

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"grundy/internal/cliarg"
	"grundy/misere"
	"grundy/octal"
	"grundy/query"
	"grundy/store"
)

// MisereScanRequest asks for the misère quotient of the whole game of every code of Pattern (a
// code in which each ? stands for any digit, as octal scan takes it): each code is computed heap
// by heap until the periodicity theorem proves its quotient, or up to MaxHeap (default 255), or
// until the quotient passes MaxSize elements (default misere.DefaultMaxSize), or until it has run
// for CodeTimeout (a duration such as 30s; default none).
type MisereScanRequest struct {
	Pattern     string    `json:"pattern"`
	MaxHeap     query.Arg `json:"max_heap,omitempty"`
	MaxSize     query.Arg `json:"max_size,omitempty"`
	CodeTimeout query.Arg `json:"code_timeout,omitempty"`
	// Shard computes only one shard's share of the codes, "I/N" (I from 0; "" for all): code number
	// j of the pattern's expansion belongs to shard j mod N, so the N shards together compute every
	// code exactly once, whatever their order or machine.
	Shard string `json:"shard,omitempty"`
	// Save stores every row in the catalogue DB ("" for the default file); codes whose stored row
	// covers this request (store.MisereRecord.Covers) are not computed again, their rows come from
	// the catalogue. Only the command line sets these.
	Save bool   `json:"-"`
	DB   string `json:"-"`
	// Row, if set, is called after each code with its row, and stored true when the row came from
	// the catalogue (calls are serialized).
	Row func(r MisereScanRow, stored bool) `json:"-"`
}

// MisereScanRow is one code of a misère scan: the whole game's quotient when proved, otherwise
// how far the computation got and why it stopped.
type MisereScanRow struct {
	Code string `json:"code"`
	// Stopped: "proved", "max-heap" (not proved by MaxHeap), "max-size" (the quotient grew past
	// MaxSize at heap Heap+1), "rounds" (the trials at heap Heap+1 did not settle) or "time" (the
	// code ran out of CodeTimeout while computing heap Heap+1).
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
	Pattern     string          `json:"pattern"`
	MaxHeap     int             `json:"max_heap"`
	MaxSize     int             `json:"max_size"`
	CodeTimeout string          `json:"code_timeout,omitempty"`
	Shard       string          `json:"shard,omitempty"`
	Codes       []MisereScanRow `json:"codes"`
}

// misereMaxHeap is the default MaxHeap: the largest heap grundy misere reaches while it tries to
// prove a whole game's quotient.
const misereMaxHeap = 255

// maxMisereScanCodes bounds the codes of one misère scan.
const maxMisereScanCodes = 1 << 12

// misereScanPlan is a checked MisereScanRequest.
type misereScanPlan struct {
	codes   []octal.Code
	maxHeap int
	maxSize int
	timeout time.Duration
}

func planMisereScan(r MisereScanRequest) (*misereScanPlan, error) {
	if r.Pattern == "" {
		return nil, query.Badf(`missing pattern: a code with ? for any digit, such as 0.?? (every 2-digit code)`)
	}
	all, err := octal.Expand(r.Pattern, maxMisereScanCodes)
	if err != nil {
		return nil, query.Badf("%v", err)
	}
	p := &misereScanPlan{maxHeap: misereMaxHeap, maxSize: misere.DefaultMaxSize}
	for _, f := range []struct {
		arg  query.Arg
		name string
		dst  *int
		max  uint64
	}{{r.MaxHeap, "max-heap", &p.maxHeap, 4096}, {r.MaxSize, "max-size", &p.maxSize, 1 << 20}} {
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
	if r.CodeTimeout != "" {
		d, err := time.ParseDuration(string(r.CodeTimeout))
		if err != nil || d <= 0 {
			return nil, query.Badf("--code-timeout %q: want a positive duration such as 30s or 2m", r.CodeTimeout)
		}
		p.timeout = d
	}
	shard := Shard{Count: 1}
	if r.Shard != "" {
		if shard, err = ParseShard(r.Shard); err != nil {
			return nil, query.Badf("--shard: %v", err)
		}
	}
	for j, c := range all {
		if c.Provable() && j%shard.Count == shard.Index { // Grundy's game: no theorem
			p.codes = append(p.codes, c)
		}
	}
	return p, nil
}

// MisereScan computes the whole-game misère quotient of every code of a pattern (of one shard of
// it), the codes on all cores, one code a core. When ctx is cancelled it returns the rows done so
// far with a Cancelled error.
func MisereScan(ctx context.Context, r MisereScanRequest, lim query.Limits) (*MisereScanAnswer, error) {
	p, err := planMisereScan(r)
	if err != nil {
		return nil, err
	}
	ans := &MisereScanAnswer{Pattern: r.Pattern, MaxHeap: p.maxHeap, MaxSize: p.maxSize, Shard: r.Shard, Codes: []MisereScanRow{}}
	if p.timeout > 0 {
		ans.CodeTimeout = p.timeout.String()
	}
	var db *store.DB
	stored := map[string]store.MisereRecord{}
	if r.Save {
		if db, err = openCatalogue(ctx, r.DB, false); err != nil {
			return nil, err
		}
		defer db.Close()
		recs, err := db.ListMisere(ctx)
		if err != nil {
			return nil, storeError(err)
		}
		for _, rec := range recs {
			stored[rec.Code] = rec
		}
	}
	rows := make([]*MisereScanRow, len(p.codes))
	errs := make([]error, len(p.codes))
	var mu sync.Mutex // serialises the callbacks
	eachCode(ctx, len(p.codes), func(i int) {
		row, rec, fromStore, err := p.code(ctx, p.codes[i], stored)
		if err == nil && db != nil && !fromStore {
			_, err = db.SaveMisere(context.WithoutCancel(ctx), rec)
		}
		if err != nil {
			errs[i] = err
			return
		}
		rows[i] = &row
		if r.Row != nil {
			mu.Lock()
			r.Row(row, fromStore)
			mu.Unlock()
		}
	})
	for i, row := range rows {
		if row != nil {
			ans.Codes = append(ans.Codes, *row)
		}
		if e := errs[i]; e != nil && !errors.Is(e, context.Canceled) && !errors.Is(e, context.DeadlineExceeded) {
			return nil, query.Internalf("%v: %v", p.codes[i], e)
		}
	}
	if err := ctx.Err(); err != nil {
		e := classify(err, lim).(*query.Error)
		if e.Kind == query.Cancelled {
			e.Msg = fmt.Sprintf("interrupted after %d of %d codes", len(ans.Codes), len(p.codes))
		}
		return ans, e
	}
	return ans, nil
}

// code computes the row of one code (or takes it from stored, when its row there covers the
// plan), with the catalogue record of a computed row.
func (p *misereScanPlan) code(ctx context.Context, c octal.Code, stored map[string]store.MisereRecord) (MisereScanRow, store.MisereRecord, bool, error) {
	row := MisereScanRow{Code: c.String()}
	if s, ok := stored[row.Code]; ok && s.Covers(int64(p.maxHeap), int64(p.maxSize), p.timeout.Seconds()) {
		row.Stopped, row.Heap, row.Order, row.POrder, row.Proved = s.Stopped, int(s.Heap), int(s.Order), int(s.POrder), s.Proved
		if s.Proved {
			per, pre := int(s.Period), int(s.Preperiod)
			row.Period, row.Preperiod = &per, &pre
		}
		return row, s, true, nil
	}
	cctx := ctx
	if p.timeout > 0 {
		var cancel context.CancelFunc
		cctx, cancel = context.WithTimeout(ctx, p.timeout)
		defer cancel()
	}
	start := time.Now()
	q, stop, err := misere.Compute(cctx, misere.Octal(c), misere.Options{MaxHeap: p.maxHeap, MaxSize: p.maxSize, Prove: true})
	var se *misere.SizeError
	switch {
	case ctx.Err() != nil:
		return row, store.MisereRecord{}, false, ctx.Err()
	case errors.As(err, &se):
		q, row.Stopped = se.Quotient, "max-size"
		if se.Rounds > 0 {
			row.Stopped = "rounds"
		}
	case err != nil && cctx.Err() != nil && q != nil:
		row.Stopped = "time" // q: the quotient of the heaps done before the code's time ran out
	case err != nil:
		return row, store.MisereRecord{}, false, err
	default:
		row.Stopped = stop
	}
	row.Heap, row.Order, row.POrder = q.MaxHeap(), q.Order(), q.POrder()
	rec := store.MisereRecord{Code: row.Code, Stopped: row.Stopped, Heap: int64(row.Heap), Order: int64(row.Order),
		POrder: int64(row.POrder), MaxHeap: int64(p.maxHeap), MaxSize: int64(p.maxSize), CodeTimeout: p.timeout.Seconds(),
		Seconds: time.Since(start).Seconds()}
	pr, err := misere.Prove(q)
	if err != nil {
		return row, rec, false, err
	}
	if pr != nil {
		row.Proved, row.Period, row.Preperiod = true, &pr.Period, &pr.Preperiod
		rec.Proved, rec.Period, rec.Preperiod = true, int64(pr.Period), int64(pr.Preperiod)
	}
	return row, rec, false, nil
}

// WriteText writes one line per code.
func (a *MisereScanAnswer) WriteText(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "misère quotients of the whole games %s (heaps up to %d, at most %d elements", a.Pattern, a.MaxHeap, a.MaxSize)
	if a.CodeTimeout != "" {
		fmt.Fprintf(&b, ", %s a code", a.CodeTimeout)
	}
	if a.Shard != "" {
		fmt.Fprintf(&b, "; shard %s", a.Shard)
	}
	b.WriteString(")\ncode      |Q|    |P|  period  preperiod  heap  stopped\n")
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
