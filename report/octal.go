package report

import (
	"fmt"
	"io"

	"grundy/octal"
)

// Octal is the answer for the Grundy sequence of a take-and-break game: `grundy octal --json` and
// POST /api/seq with a code. It has the fields of [Seq] and what the octal engine adds.
type Octal struct {
	// Code is the game's code in its canonical spelling.
	Code string `json:"code"`
	// Values holds g(0), g(1), …; nil (and absent from the JSON) in a summary. Values past
	// ComputedTo come from the proved period.
	Values []uint32 `json:"values,omitempty"`
	// ComputedTo is the last heap whose value was computed (not filled in from a period).
	ComputedTo int `json:"computed_to"`
	// Period and Preperiod describe the period found, or are nil (null) when none was.
	Period    *int `json:"period"`
	Preperiod *int `json:"preperiod"`
	// Proved is true only when the octal periodicity theorem certifies the period.
	Proved bool `json:"proved"`
	// Method names the way the values were computed (for example "sparse" or "quadratic").
	Method string `json:"method"`
	// MaxValue is the largest value computed.
	MaxValue uint32 `json:"max_value"`
	// RareMask and RareCount describe the sparse space, or are nil when none was used.
	RareMask  *uint32 `json:"rare_mask"`
	RareCount *int    `json:"rare_count,omitempty"`
	// Statistics are the figures of the computed values in the convention of T. Czajka's table
	// of unsolved games (see octal.Statistics).
	Statistics OctalStatistics `json:"statistics"`
	// Seconds is the computing time.
	Seconds float64 `json:"seconds"`
	// Kernels names, for each of the engine's operations with several implementations that this
	// process has used, the one chosen for the processor ("mark": "avx2", …; see grundy doctor).
	Kernels map[string]string `json:"kernels,omitempty"`
	// Saved tells, when the caller stored the result in the catalogue, whether the row was written.
	Saved *bool `json:"saved,omitempty"`
}

// NewOctal returns the answer for res, a computation of code c. The values run to heap to when
// to ≥ 0 and res knows them (computed, or given by a proved period), and to res.ComputedTo when
// to < 0 or res stopped short of to; summary leaves them out.
func NewOctal(c octal.Code, res *octal.Result, to int, summary bool) (Octal, error) {
	last := res.ComputedTo
	if to >= 0 && (res.Proved && res.Period > 0 || to < last) {
		last = to
	}
	out := Octal{Code: c.String(), ComputedTo: min(last, res.ComputedTo), Proved: res.Proved && res.Period > 0,
		Method: res.Method, MaxValue: res.MaxValue, Seconds: res.Elapsed.Seconds(), Kernels: octal.UsedKernels()}
	if res.Period > 0 {
		p, t := res.Period, res.Preperiod
		out.Period, out.Preperiod = &p, &t
	}
	if res.RareMask != 0 {
		m, n := res.RareMask, res.Rare
		out.RareMask, out.RareCount = &m, &n
	}
	st := res.Statistics()
	out.Statistics = OctalStatistics{Heaps: st.Heaps, Largest: st.Largest, LargestAt: st.LargestAt,
		RareMask: st.RareMask, Rare: st.Rare, LastRare: st.LastRare}
	if !summary {
		out.Values = make([]uint32, last+1)
		for i := range out.Values {
			v, ok := res.Value(i)
			if !ok {
				return Octal{}, fmt.Errorf("report: g(%d) of %s is neither computed nor given by a proved period", i, c)
			}
			out.Values[i] = v
		}
	}
	return out, nil
}

// OctalStatistics are octal.Statistics of g(0) … g(heaps−1): the largest value and the first heap
// holding it, the mask that makes the fewest values rare, how many heaps (heap 0 included) have a
// rare value, and the last of them.
type OctalStatistics struct {
	Heaps     int    `json:"heaps"`
	Largest   uint32 `json:"largest"`
	LargestAt int    `json:"largest_at"`
	RareMask  uint32 `json:"rare_mask"`
	Rare      int    `json:"rare"`
	LastRare  int    `json:"last_rare"`
}

// WriteSeqText writes the sequence as [Seq.WriteText] does, after the code: the period line, then
// the values twenty to a line (`grundy seq` with a code).
func (o Octal) WriteSeqText(w io.Writer) error {
	return writeSequence(w, o.Code+" ", uint64(o.ComputedTo), o.Period, o.Preperiod, o.Proved, o.Values)
}
