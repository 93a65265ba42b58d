package report

import (
	"bufio"
	"encoding/csv"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// WriteCSV writes the stored results as CSV with a header line: code, period, preperiod (empty
// when no period was found), proved, computed_to, max_value, rare_mask (hexadecimal, empty when
// the sparse method was not used), method, seconds, saved_at.
func (c Catalogue) WriteCSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	cw.Write([]string{"code", "period", "preperiod", "proved", "computed_to", "max_value", "rare_mask", "method", "seconds", "saved_at"})
	for _, r := range c.Games {
		per, pre, mask := "", "", ""
		if r.Period != nil {
			per, pre = strconv.FormatInt(*r.Period, 10), strconv.FormatInt(*r.Preperiod, 10)
		}
		if r.RareMask != nil {
			mask = strconv.FormatInt(*r.RareMask, 16)
		}
		cw.Write([]string{r.Code, per, pre, strconv.FormatBool(r.Proved), strconv.FormatInt(r.ComputedTo, 10),
			strconv.FormatInt(r.MaxValue, 10), mask, r.Method, strconv.FormatFloat(r.Seconds, 'g', 6, 64), r.SavedAt})
	}
	cw.Flush()
	return cw.Error()
}

// WriteFlammenkamp writes the stored results as a table laid out after A. Flammenkamp's tables of
// octal games: the code as he writes it (".07", "4.7": no 0 before the point), the period length,
// the preperiod (the number of values before the periodic part, i.e. the last exceptional heap
// plus one), the largest value, the sparse-space bitmask in hexadecimal, and the status: the heap
// where the period was proved, or how far an open game has been computed.
func (c Catalogue) WriteFlammenkamp(w io.Writer) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "%-12s %12s %12s %6s %6s  %s\n", "game", "period", "preperiod", "max-G", "mask", "status")
	for _, r := range c.Games {
		per, pre, mask := "?", "?", "-"
		if r.Period != nil {
			per, pre = strconv.FormatInt(*r.Period, 10), strconv.FormatInt(*r.Preperiod, 10)
		}
		if r.RareMask != nil {
			mask = strconv.FormatInt(*r.RareMask, 16)
		}
		status := fmt.Sprintf("proved at n=%d", r.ComputedTo)
		if !r.Proved {
			status = fmt.Sprintf("open, computed to n=%d", r.ComputedTo)
			if r.Period != nil {
				status += " (period apparent)"
			}
		}
		fmt.Fprintf(bw, "%-12s %12s %12s %6d %6s  %s\n", flammenkampCode(r.Code), per, pre, r.MaxValue, mask, status)
	}
	return bw.Flush()
}

// flammenkampCode writes an octal code as Flammenkamp does: ".07" for "0.07".
func flammenkampCode(code string) string {
	if rest, ok := strings.CutPrefix(code, "0."); ok {
		return "." + rest
	}
	return code
}
