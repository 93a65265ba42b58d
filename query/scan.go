package query

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync"
	"time"

	"grundy/internal/cliarg"
	"grundy/octal"
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
	// Codes, if set, is called once with the number of codes, and Done after each code.
	Codes func(n int) `json:"-"`
	Done  func()      `json:"-"`
}

// Scan answers a ScanRequest, computing the codes on all cores. When ctx is cancelled it returns
// the games done so far together with a Cancelled error.
func Scan(ctx context.Context, req ScanRequest, lim Limits) (report.Scan, error) {
	codes, err := octal.Expand(req.Pattern, MaxScanCodes)
	if err != nil {
		return report.Scan{}, Badf("%v", err)
	}
	to := req.To
	if to == "" {
		to = "10000"
	}
	n, err := cliarg.Int(to, "--to", 1<<24)
	if err != nil {
		return report.Scan{}, Badf("%v", err)
	}
	if n == 0 {
		return report.Scan{}, Badf("--to must be at least 1")
	}
	if lim.MaxSeq > 0 && uint64(n) > lim.MaxSeq {
		return report.Scan{}, lim.over("max_seq", lim.MaxSeq, "to = %d is over the limit of %d", n, lim.MaxSeq)
	}
	if req.Codes != nil {
		req.Codes(len(codes))
	}
	var db *store.DB
	if req.Save {
		if db, err = openCatalogue(ctx, req.DB, false); err != nil {
			return report.Scan{}, err
		}
		defer db.Close()
	}
	rows := make([]*report.ScanRow, len(codes))
	errs := make([]error, len(codes))
	var next int
	var mu sync.Mutex
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				mu.Lock()
				i := next
				next++
				mu.Unlock()
				if i >= len(codes) || ctx.Err() != nil {
					return
				}
				res, err := octal.Compute(ctx, codes[i], octal.Options{To: n, MaxBytes: lim.OctalBytes})
				if req.Done != nil {
					mu.Lock()
					req.Done()
					mu.Unlock()
				}
				if err != nil {
					errs[i] = err
					continue
				}
				row := &report.ScanRow{Code: res.Code.String(), ComputedTo: res.ComputedTo, Proved: res.Proved,
					Method: res.Method, MaxValue: res.MaxValue}
				if res.Period > 0 {
					row.Period, row.Preperiod = &res.Period, &res.Preperiod
				}
				if res.RareMask != 0 {
					row.RareMask = &res.RareMask
				}
				rows[i] = row
				if db != nil {
					if _, err := db.Save(context.WithoutCancel(ctx), Record(res)); err != nil {
						errs[i] = err
					}
				}
			}
		}()
	}
	wg.Wait()
	out := report.Scan{Pattern: req.Pattern, To: n, Games: make([]*report.ScanRow, 0, len(rows))}
	for i, r := range rows {
		if r != nil {
			out.Games = append(out.Games, r)
		}
		if errs[i] != nil && !errors.Is(errs[i], context.Canceled) && !errors.Is(errs[i], context.DeadlineExceeded) {
			return report.Scan{}, Internalf("%v: %v", codes[i], errs[i])
		}
	}
	if err := ctx.Err(); err != nil {
		e := classify(err, lim, false).(*Error)
		if e.Kind == Cancelled {
			e.Msg = fmt.Sprintf("interrupted after %d of %d codes", len(out.Games), len(codes))
		}
		return out, e
	}
	return out, nil
}

// CatalogueRequest asks for the results stored in the catalogue: `grundy octal catalogue`.
type CatalogueRequest struct {
	// DB is the catalogue: a SQLite file or a postgres:// URL ("" for the default file).
	DB string `json:"-"`
}

// Catalogue answers a CatalogueRequest.
func Catalogue(ctx context.Context, req CatalogueRequest, lim Limits) (report.Catalogue, error) {
	db, err := openCatalogue(ctx, req.DB, true)
	if err != nil {
		return report.Catalogue{}, err
	}
	defer db.Close()
	recs, err := db.List(ctx)
	if err != nil {
		return report.Catalogue{}, storeError(err)
	}
	out := report.Catalogue{Games: make([]report.CatalogueRow, 0, len(recs))}
	for _, r := range recs {
		x := report.CatalogueRow{Code: r.Code, ComputedTo: r.ComputedTo, Proved: r.Proved, MaxValue: r.MaxValue, Method: r.Method,
			Seconds: r.Seconds, SavedAt: r.SavedAt.Format(time.RFC3339)}
		if r.Period > 0 {
			x.Period, x.Preperiod = &r.Period, &r.Preperiod
		}
		if r.RareMask != 0 {
			x.RareMask = &r.RareMask
		}
		out.Games = append(out.Games, x)
	}
	return out, nil
}
