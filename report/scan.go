package report

import (
	"bufio"
	"fmt"
	"io"
	"strconv"

	"grundy/octal"
)

// ScanRow is one game of a scan or of the stored catalogue.
type ScanRow struct {
	Code       string  `json:"code"`
	ComputedTo int     `json:"computed_to"`
	Period     *int    `json:"period"`
	Preperiod  *int    `json:"preperiod"`
	Proved     bool    `json:"proved"`
	Method     string  `json:"method"`
	MaxValue   uint32  `json:"max_value"`
	RareMask   *uint32 `json:"rare_mask"`
}

// NewScanRow is the row of a scan for the result of one code.
func NewScanRow(res *octal.Result) *ScanRow {
	row := &ScanRow{Code: res.Code.String(), ComputedTo: res.ComputedTo, Proved: res.Proved,
		Method: res.Method, MaxValue: res.MaxValue}
	if res.Period > 0 {
		row.Period, row.Preperiod = &res.Period, &res.Preperiod
	}
	if res.RareMask != 0 {
		row.RareMask = &res.RareMask
	}
	return row
}

// Scan is the answer of `grundy octal scan PATTERN --json`: the games matching the pattern that
// were computed (all of them, unless the scan was interrupted), in the pattern's order. A scan
// of the web (query.Scan) that stopped before its time budget ran out says so in Stopped, its
// games those computed by then.
type Scan struct {
	Pattern string     `json:"pattern"`
	To      int        `json:"to"`
	Shard   string     `json:"shard,omitempty"` // "I/N" when the scan computed one shard's share
	Games   []*ScanRow `json:"games"`
	Stopped string     `json:"stopped,omitempty"`
}

// WriteText writes the table of periods.
func (s Scan) WriteText(w io.Writer) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "%-10s %10s %10s %-7s %11s %6s %-10s %s\n", "code", "period", "preperiod", "proved", "computed_to", "max", "method", "rare mask")
	for _, r := range s.Games {
		per, pre := "-", "-"
		if r.Period != nil {
			per, pre = strconv.Itoa(*r.Period), strconv.Itoa(*r.Preperiod)
		}
		mask := "-"
		if r.RareMask != nil {
			mask = strconv.FormatUint(uint64(*r.RareMask), 16)
		}
		fmt.Fprintf(bw, "%-10s %10s %10s %-7v %11d %6d %-10s %s\n", r.Code, per, pre, r.Proved, r.ComputedTo, r.MaxValue, r.Method, mask)
	}
	return bw.Flush()
}

// CatalogueRow is one stored result of `grundy octal catalogue`.
type CatalogueRow struct {
	Code       string  `json:"code"`
	ComputedTo int64   `json:"computed_to"`
	Period     *int64  `json:"period"`
	Preperiod  *int64  `json:"preperiod"`
	Proved     bool    `json:"proved"`
	MaxValue   int64   `json:"max_value"`
	RareMask   *int64  `json:"rare_mask"`
	Method     string  `json:"method"`
	Seconds    float64 `json:"seconds"`
	SavedAt    string  `json:"saved_at"`
}

// Catalogue is the answer of `grundy octal catalogue --json`: every stored result.
type Catalogue struct {
	Games []CatalogueRow `json:"games"`
}

// WriteText writes the table of stored results.
func (c Catalogue) WriteText(w io.Writer) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "%-10s %10s %10s %-7s %11s %6s %-10s %s\n", "code", "period", "preperiod", "proved", "computed_to", "max", "method", "saved")
	for _, r := range c.Games {
		per, pre := "-", "-"
		if r.Period != nil {
			per, pre = strconv.FormatInt(*r.Period, 10), strconv.FormatInt(*r.Preperiod, 10)
		}
		fmt.Fprintf(bw, "%-10s %10s %10s %-7v %11d %6d %-10s %s\n", r.Code, per, pre, r.Proved, r.ComputedTo, r.MaxValue, r.Method, r.SavedAt)
	}
	return bw.Flush()
}
