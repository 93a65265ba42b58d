package sweep

import (
	"context"
	"encoding/csv"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"grundy/octal"
	"grundy/query"
)

// MisereCatalogueRequest asks for the misère rows stored by grundy misere scan --save: `grundy
// misere catalogue`.
type MisereCatalogueRequest struct {
	// DB is the catalogue: a SQLite file or a postgres:// URL ("" for the default file).
	DB string `json:"-"`
	// Pattern keeps only the codes matching it (a code with ? for any digit).
	Pattern string `json:"pattern,omitempty"`
	// Format is how WriteOut writes the rows: "table" (the default) or "csv".
	Format string `json:"-"`
}

// MisereCatalogueRow is one stored misère row.
type MisereCatalogueRow struct {
	MisereScanRow
	MaxHeap     int64   `json:"max_heap"`     // the limits the row was computed under
	MaxSize     int64   `json:"max_size"`     //
	CodeTimeout float64 `json:"code_timeout"` // seconds, 0 for none
	Seconds     float64 `json:"seconds"`
	SavedAt     string  `json:"saved_at"`
}

// MisereCatalogue is the answer of MisereCatalogueOf: the stored rows in byte order of the code.
type MisereCatalogue struct {
	Codes  []MisereCatalogueRow `json:"codes"`
	format string
}

// MisereCatalogueOf answers a MisereCatalogueRequest: the misère rows stored in the catalogue,
// merged from every process that saved to it.
func MisereCatalogueOf(ctx context.Context, req MisereCatalogueRequest) (*MisereCatalogue, error) {
	switch req.Format {
	case "", "table", "csv":
	default:
		return nil, query.Badf("--format %q: want table or csv", req.Format)
	}
	var keep map[string]bool
	if req.Pattern != "" {
		codes, err := octal.Expand(req.Pattern, maxFilterCodes)
		if err != nil {
			return nil, query.Badf("--pattern: %v", err)
		}
		keep = make(map[string]bool, len(codes))
		for _, c := range codes {
			keep[c.String()] = true
		}
	}
	db, err := openCatalogue(ctx, req.DB, true)
	if err != nil {
		return nil, err
	}
	defer db.Close()
	recs, err := db.ListMisere(ctx)
	if err != nil {
		return nil, storeError(err)
	}
	out := &MisereCatalogue{Codes: make([]MisereCatalogueRow, 0, len(recs)), format: req.Format}
	for _, r := range recs {
		if keep != nil && !keep[r.Code] {
			continue
		}
		x := MisereCatalogueRow{MisereScanRow: MisereScanRow{Code: r.Code, Stopped: r.Stopped, Heap: int(r.Heap),
			Order: int(r.Order), POrder: int(r.POrder), Proved: r.Proved}, MaxHeap: r.MaxHeap, MaxSize: r.MaxSize,
			CodeTimeout: r.CodeTimeout, Seconds: r.Seconds, SavedAt: r.SavedAt.Format(time.RFC3339)}
		if r.Proved {
			per, pre := int(r.Period), int(r.Preperiod)
			x.Period, x.Preperiod = &per, &pre
		}
		out.Codes = append(out.Codes, x)
	}
	return out, nil
}

// WriteOut writes the rows in the request's format: a table, or CSV with a header line.
func (c *MisereCatalogue) WriteOut(w io.Writer) error {
	if c.format == "csv" {
		return c.WriteCSV(w)
	}
	var b strings.Builder
	b.WriteString("code      |Q|    |P|  period  preperiod  heap  stopped   max-heap  max-size  seconds\n")
	for _, r := range c.Codes {
		per, pre := "-", "-"
		if r.Proved {
			per, pre = fmt.Sprint(*r.Period), fmt.Sprint(*r.Preperiod)
		}
		fmt.Fprintf(&b, "%-8s %5d %5d  %6s  %9s  %4d  %-8s  %8d  %8d  %7.2f\n", r.Code, r.Order, r.POrder, per, pre, r.Heap, r.Stopped,
			r.MaxHeap, r.MaxSize, r.Seconds)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// WriteCSV writes the rows as CSV, one line a code after a header line.
func (c *MisereCatalogue) WriteCSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	cw.Write([]string{"code", "order", "p_order", "proved", "period", "preperiod", "heap", "stopped", "max_heap", "max_size",
		"code_timeout", "seconds", "saved_at"})
	for _, r := range c.Codes {
		per, pre := "", ""
		if r.Proved {
			per, pre = strconv.Itoa(*r.Period), strconv.Itoa(*r.Preperiod)
		}
		f := func(x float64) string { return strconv.FormatFloat(x, 'g', 6, 64) }
		cw.Write([]string{r.Code, strconv.Itoa(r.Order), strconv.Itoa(r.POrder), strconv.FormatBool(r.Proved), per, pre,
			strconv.Itoa(r.Heap), r.Stopped, strconv.FormatInt(r.MaxHeap, 10), strconv.FormatInt(r.MaxSize, 10),
			f(r.CodeTimeout), f(r.Seconds), r.SavedAt})
	}
	cw.Flush()
	return cw.Error()
}
