package report

import (
	"bufio"
	"fmt"
	"io"
)

// WriteText writes the answer for people: the game, how far it was computed, the period, the
// method, and the values twenty a line (unless left out).
func (o Octal) WriteText(w io.Writer) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "game         %s\n", o.Code)
	fmt.Fprintf(bw, "computed to  %d (%.3f s)\n", o.ComputedTo, o.Seconds)
	switch {
	case o.Period != nil && o.Proved:
		fmt.Fprintf(bw, "period       %d, preperiod %d (proved by the periodicity theorem)\n", *o.Period, *o.Preperiod)
	case o.Period != nil:
		fmt.Fprintf(bw, "period       %d, preperiod %d (apparent, not proved)\n", *o.Period, *o.Preperiod)
	default:
		fmt.Fprintf(bw, "period       none found\n")
	}
	method := o.Method
	if o.RareMask != nil && o.RareCount != nil {
		method += fmt.Sprintf(" (rare mask %x, %d rare heaps ≥ 1)", *o.RareMask, *o.RareCount)
	}
	fmt.Fprintf(bw, "method       %s\n", method)
	fmt.Fprintf(bw, "max value    %d\n", o.MaxValue)
	st := o.Statistics
	fmt.Fprintf(bw, "statistics   heaps 0..%d: largest %d at %d, rare mask %x, %d rare (heap 0 included), last rare %d\n",
		st.Heaps-1, st.Largest, st.LargestAt, st.RareMask, st.Rare, st.LastRare)
	if o.Saved != nil {
		fmt.Fprintf(bw, "catalogue    %s\n", map[bool]string{true: "saved", false: "kept the better row already there"}[*o.Saved])
	}
	for i := 0; i < len(o.Values); i += 20 {
		fmt.Fprintf(bw, "g(%d..):", i)
		for _, v := range o.Values[i:min(i+20, len(o.Values))] {
			fmt.Fprintf(bw, " %d", v)
		}
		bw.WriteByte('\n')
	}
	return bw.Flush()
}
