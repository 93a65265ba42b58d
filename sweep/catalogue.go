package sweep

import (
	"context"
	"time"

	"grundy/octal"
	"grundy/query"
	"grundy/report"
)

// maxFilterCodes bounds the codes a catalogue's --pattern may expand to.
const maxFilterCodes = 1 << 16

// CatalogueRequest asks for the results stored in the catalogue: `grundy octal catalogue`.
type CatalogueRequest struct {
	// DB is the catalogue: a SQLite file or a postgres:// URL ("" for the default file).
	DB string `json:"-"`
	// Pattern keeps only the games matching it (a code with ? for any digit, as scan takes).
	Pattern string `json:"pattern,omitempty"`
	// Status keeps only the solved games (period proved: "solved"), or only the others
	// ("unsolved"); "" keeps all.
	Status string `json:"status,omitempty"`
}

// Catalogue answers a CatalogueRequest: the stored rows, merged from every process that saved to
// the catalogue, in byte order of the code.
func Catalogue(ctx context.Context, req CatalogueRequest, lim query.Limits) (report.Catalogue, error) {
	var keep map[string]bool
	if req.Pattern != "" {
		codes, err := octal.Expand(req.Pattern, maxFilterCodes)
		if err != nil {
			return report.Catalogue{}, query.Badf("--pattern: %v", err)
		}
		keep = make(map[string]bool, len(codes))
		for _, c := range codes {
			keep[c.String()] = true
		}
	}
	switch req.Status {
	case "", "solved", "unsolved":
	default:
		return report.Catalogue{}, query.Badf("status %q: want solved or unsolved", req.Status)
	}
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
		if keep != nil && !keep[r.Code] || req.Status == "solved" && !r.Proved || req.Status == "unsolved" && r.Proved {
			continue
		}
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
