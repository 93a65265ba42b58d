package guess

import (
	"context"
	"strconv"

	"grundy/rules"
)

// Tabulate returns value(h) for every position of heaps heaps h = (h1, …, hk), each 0..to, in
// the order Shape reads them: position i = h1 + (to+1)·h2 + …. total is the number of positions,
// (to+1)^heaps, which the caller has bounded. progress, if set, is called every 256 positions and
// at the end. The first error of value stops it.
func Tabulate(total, to, heaps int, value func(h []int) (uint64, error), progress func(done, total int64)) ([]uint64, error) {
	vals := make([]uint64, total)
	h := make([]int, heaps)
	for i := range vals {
		for j, n := 0, i; j < heaps; j++ {
			h[j], n = n%(to+1), n/(to+1)
		}
		v, err := value(h)
		if err != nil {
			return nil, err
		}
		vals[i] = v
		if progress != nil && (i%256 == 255 || i == total-1) {
			progress(int64(i)+1, int64(total))
		}
	}
	return vals, nil
}

// RulesetValue is the value of the position h of a ruleset for Shape: its Grundy value, or for
// a ruleset with outcomes only 0 for P and 1 for N. With coin, h is one coin "x,y"; a coin that
// the ruleset refuses because a coordinate is 0 (numbered from 1) is an absent coin, value 0 and
// absent true, as seq writes it.
func RulesetValue(ctx context.Context, rs rules.Ruleset, h []int, coin bool) (v uint64, absent bool, err error) {
	if err := ctx.Err(); err != nil {
		return 0, false, err
	}
	args := make([]string, len(h))
	for j, x := range h {
		args[j] = strconv.Itoa(x)
	}
	if coin {
		args = []string{args[0] + "," + args[1]}
	}
	pos, err := rs.Parse(args)
	if err != nil && coin && (h[0] == 0 || h[1] == 0) {
		return 0, true, nil
	}
	if err != nil {
		return 0, false, err
	}
	a, err := rs.Analyze(ctx, pos)
	switch {
	case err != nil:
		return 0, false, err
	case a.HasValue:
		return a.Value, false, nil
	case a.Outcome == rules.N:
		return 1, false, nil // outcomes only: any non-zero value stands for N
	}
	return 0, false, nil
}

// TableRows writes the values of a table of two coordinates, as Tabulate orders them (position
// x + (to+1)·y), as rows: g(x, y) at [x][y], decimal strings.
func TableRows(vals []uint64, to int) [][]string {
	rows := make([][]string, to+1)
	for x := range rows {
		rows[x] = make([]string, to+1)
		for y := range rows[x] {
			rows[x][y] = strconv.FormatUint(vals[x+(to+1)*y], 10)
		}
	}
	return rows
}
