package sweep

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"

	"grundy/internal/cliarg"
	"grundy/octal"
	"grundy/query"
	"grundy/report"
	"grundy/store"
)

// MaxScanCodes bounds the codes one scan may expand to.
const MaxScanCodes = 4096

// ScanRequest asks for the periods of every code matching a pattern: `grundy octal scan`.
type ScanRequest struct {
	// Pattern is a code with ? for any digit (see octal.Expand).
	Pattern string `json:"pattern"`
	// To is the largest heap computed for each code ("" for 10000).
	To string `json:"to,omitempty"`
	// Save stores every result in the catalogue database DB ("" for the default one); only the
	// command line sets these.
	Save bool   `json:"-"`
	DB   string `json:"-"`
	// Shard computes only one shard's share of the codes, "I/N" (I from 0; "" for all of them):
	// the codes are split by estimated cost (Partition), the same way by every shard. With
	// Save, codes whose stored row covers To are not computed again (a retried shard redoes only
	// the rest); their rows come from the catalogue.
	Shard string `json:"shard,omitempty"`
	// Codes, if set, is called once with the number of codes, and Done after each code.
	Codes func(n int) `json:"-"`
	Done  func()      `json:"-"`
	// Row, if set, is called after each code with its row, and stored true when the row came from
	// the catalogue rather than a computation (under the lock that serializes Done).
	Row func(r *report.ScanRow, stored bool) `json:"-"`
	// MaxMemory is the command line's --max-memory (cliarg.Memory; "" for none): the codes computed
	// at once share it, a scan whose codes' values to To cannot fit their share is refused before
	// any is computed, and each code's run is held to its share (octal.Options.MaxBytes).
	MaxMemory string `json:"-"`
}

// Scan answers a ScanRequest, computing the codes on all cores. When ctx is cancelled it returns
// the games done so far together with a Cancelled error.
func Scan(ctx context.Context, req ScanRequest, lim query.Limits) (report.Scan, error) {
	codes, err := octal.Expand(req.Pattern, MaxScanCodes)
	if err != nil {
		return report.Scan{}, query.Badf("%v", err)
	}
	to := req.To
	if to == "" {
		to = "10000"
	}
	n, err := cliarg.Int(to, "--to", 1<<24)
	if err != nil {
		return report.Scan{}, query.Badf("%v", err)
	}
	if n == 0 {
		return report.Scan{}, query.Badf("--to must be at least 1")
	}
	if lim.MaxSeq > 0 && uint64(n) > lim.MaxSeq {
		return report.Scan{}, over(lim, "max_seq", lim.MaxSeq, "to = %d is over the limit of %d", n, lim.MaxSeq)
	}
	perCode, err := memoryShare(req.MaxMemory, codes, n, lim)
	if err != nil {
		return report.Scan{}, err
	}
	var shard Shard
	if req.Shard != "" {
		if shard, err = ParseShard(req.Shard); err != nil {
			return report.Scan{}, query.Badf("--shard: %v", err)
		}
	}
	var db *store.DB
	if req.Save {
		if db, err = openCatalogue(ctx, req.DB, false); err != nil {
			return report.Scan{}, err
		}
		defer db.Close()
	}
	if req.Shard != "" {
		if codes, err = Partition(ctx, codes, n, shard); err != nil {
			return report.Scan{}, classify(err, lim)
		}
	}
	rows := make([]*report.ScanRow, len(codes))
	var stored map[string]store.Record
	if db != nil {
		if stored, err = storedRows(ctx, db); err != nil {
			return report.Scan{}, err
		}
	}
	if req.Codes != nil {
		req.Codes(len(codes))
	}
	errs := make([]error, len(codes))
	var mu sync.Mutex // serialises the callbacks
	eachCode(ctx, len(codes), func(i int) {
		if r, ok := stored[codes[i].String()]; ok && r.Covers(int64(n)) {
			rows[i] = recordRow(r)
			mu.Lock()
			if req.Done != nil {
				req.Done()
			}
			if req.Row != nil {
				req.Row(rows[i], true)
			}
			mu.Unlock()
			return
		}
		// One core per code: the scan already runs GOMAXPROCS codes at once.
		res, err := octal.Compute(ctx, codes[i], octal.Options{To: n, MaxBytes: perCode, Workers: 1})
		if req.Done != nil {
			mu.Lock()
			req.Done()
			mu.Unlock()
		}
		if err != nil {
			errs[i] = err
			return
		}
		row := report.NewScanRow(res)
		if db != nil {
			if _, err := db.Save(context.WithoutCancel(ctx), Record(res)); err != nil {
				errs[i] = err
				return
			}
		}
		rows[i] = row
		if req.Row != nil {
			mu.Lock()
			req.Row(row, false)
			mu.Unlock()
		}
	})
	out := report.Scan{Pattern: req.Pattern, To: n, Shard: req.Shard, Games: make([]*report.ScanRow, 0, len(rows))}
	for i, r := range rows {
		if r != nil {
			out.Games = append(out.Games, r)
		}
		var le *octal.LimitError
		switch {
		case errs[i] == nil || errors.Is(errs[i], context.Canceled) || errors.Is(errs[i], context.DeadlineExceeded):
		case errors.As(errs[i], &le) && req.MaxMemory != "":
			return report.Scan{}, over(lim, "max_memory", le.MaxBytes>>20, "%v: %v (its share of --max-memory)", codes[i], errs[i])
		case errors.As(errs[i], &le):
			return report.Scan{}, classify(fmt.Errorf("%v: %w", codes[i], errs[i]), lim)
		default:
			return report.Scan{}, query.Internalf("%v: %v", codes[i], errs[i])
		}
	}
	if err := ctx.Err(); err != nil {
		e := classify(err, lim).(*query.Error)
		if e.Kind == query.Cancelled {
			e.Msg = fmt.Sprintf("interrupted after %d of %d codes", len(out.Games), len(codes))
		}
		return out, e
	}
	return out, nil
}

// memoryShare returns the memory budget of each code's run: lim.OctalBytes, or with mem (a
// --max-memory) its share for the codes computed at once (0: none). It refuses up front, naming
// the limit, the need and the largest heap that fits, a scan whose every code cannot fit its
// share to heap to (values at a byte each: the least any code needs).
func memoryShare(mem string, codes []octal.Code, to int, lim query.Limits) (int64, error) {
	if mem == "" {
		return lim.OctalBytes, nil
	}
	total, err := cliarg.Memory(mem)
	if err != nil {
		return 0, query.Badf("--max-memory %v", err)
	}
	at := int64(min(runtime.GOMAXPROCS(0), len(codes)))
	share := int64(min(total, 1<<62)) / at
	if lim.OctalBytes > 0 {
		share = min(share, lim.OctalBytes)
	}
	for _, c := range codes {
		if fit := octal.MaxTo(c, share); fit < to {
			need, fits := needFor(c, to), ""
			if fit > 0 {
				fits = fmt.Sprintf(", or lower --to (the largest heap that fits is %d)", fit)
			}
			return 0, query.Limitf("max_memory", total>>20,
				"octal scan: computing %v to heap %d needs about %s a code, with %d computed at once, more than the memory limit of %s; raise it with --max-memory%s",
				c, to, cliarg.FormatMemory(need), at, cliarg.FormatMemory(total), fits)
		}
	}
	return share, nil
}

// needFor returns the least budget, rounded up to whole MiB, in which octal.MaxTo(c, ·) reaches to.
func needFor(c octal.Code, to int) uint64 {
	lo, hi := int64(0), int64(1)<<62 // MaxTo(c, lo) < to ≤ MaxTo(c, hi)
	for hi-lo > 1<<20 {
		if mid := lo + (hi-lo)/2; octal.MaxTo(c, mid) >= to {
			hi = mid
		} else {
			lo = mid
		}
	}
	return uint64(hi+1<<20-1) &^ (1<<20 - 1)
}

// storedRows returns the catalogue's rows by code.
func storedRows(ctx context.Context, db *store.DB) (map[string]store.Record, error) {
	recs, err := db.List(ctx)
	if err != nil {
		return nil, storeError(err)
	}
	m := make(map[string]store.Record, len(recs))
	for _, r := range recs {
		m[r.Code] = r
	}
	return m, nil
}

// recordRow is the scan row of a stored record.
func recordRow(r store.Record) *report.ScanRow {
	row := &report.ScanRow{Code: r.Code, ComputedTo: int(r.ComputedTo), Proved: r.Proved, Method: r.Method,
		MaxValue: uint32(r.MaxValue)}
	if r.Period > 0 {
		per, pre := int(r.Period), int(r.Preperiod)
		row.Period, row.Preperiod = &per, &pre
	}
	if r.RareMask != 0 {
		m := uint32(r.RareMask)
		row.RareMask = &m
	}
	return row
}

// over is the OverLimit error of limit name with value max, saying how to raise it where lim
// says (as query's answering functions do).
func over(lim query.Limits, name string, max any, format string, args ...any) *query.Error {
	e := query.Limitf(name, max, format, args...)
	if how := lim.Raise[name]; how != "" {
		e.Msg += "; raise it with " + how
	}
	return e
}

// eachCode calls f(i) for every i in 0..n-1, from GOMAXPROCS goroutines (at most n) that each
// take the next index in turn, until every index is taken or ctx ends. It returns once every
// call has returned; f may run concurrently with itself.
func eachCode(ctx context.Context, n int, f func(i int)) {
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), n) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= n || ctx.Err() != nil {
					return
				}
				f(i)
			}
		}()
	}
	wg.Wait()
}
