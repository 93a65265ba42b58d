package rules

import (
	"context"
	"math/bits"
)

// Bounds of wythoffValue: wythoffValueWork bounds the cells of the rectangle times the words of
// their bitsets (a worst case: the scan of a cell starts at its row's mex and is usually short;
// both heaps up to about 4,500 take about 1.5 s), and wythoffValueMemory the words of the column
// and diagonal bitsets (256 MiB).
const (
	wythoffValueWork   = 1 << 32
	wythoffValueMemory = 1 << 25
)

// wythoffValueCost returns the work of wythoffValue(x, y) in bitset words, and whether it and
// the memory fit in the bounds.
func wythoffValueCost(x, y uint64) (uint64, bool) {
	x, y = min(x, y), max(x, y)
	if y >= 1<<30 {
		return 0, false
	}
	words := (2*x + y + 1 + 63) / 64
	if (x+2*y+2)*words > wythoffValueMemory {
		return 0, false
	}
	hi, cells := bits.Mul64(x+1, y+1)
	if hi != 0 {
		return 0, false
	}
	hi, work := bits.Mul64(cells, words)
	return work, hi == 0 && work <= wythoffValueWork
}

// wythoffValue returns the Grundy value of the Wythoff position (x, y), by dynamic programming
// over the rectangle [0, min]×[0, max]: the value of a cell is the mex of the values to its left
// in its row, above it in its column and before it on its diagonal, each set kept as a bitset.
// A value is at most the number of options, x + y + min(x, y), which sizes the bitsets. The caller
// checks wythoffValueCost first. It stops with ctx's error when ctx ends (checked once per row).
func wythoffValue(ctx context.Context, x, y uint64) (uint64, error) {
	x, y = min(x, y), max(x, y)
	if x == 0 {
		return y, nil // one heap: Nim
	}
	n, m := int(x), int(y)
	words := (2*n + m + 1 + 63) / 64
	row := make([]uint64, words)
	cols := make([]uint64, (m+1)*words)    // column j: cols[j*words:]
	diags := make([]uint64, (n+m+1)*words) // diagonal j−i+n
	var v int
	for i := 0; i <= n; i++ {
		if err := ctx.Err(); err != nil {
			return 0, err
		}
		clear(row)
		start := 0 // row[:start] is full: the mex is at least 64·start
		for j := 0; j <= m; j++ {
			c := cols[j*words : (j+1)*words]
			d := diags[(j-i+n)*words : (j-i+n+1)*words]
			for start < words && row[start] == ^uint64(0) {
				start++
			}
			v = 0
			for w := start; w < words; w++ {
				if u := row[w] | c[w] | d[w]; u != ^uint64(0) {
					v = 64*w + bits.TrailingZeros64(^u)
					break
				}
			}
			if i == n && j == m {
				break
			}
			bit := uint64(1) << (v % 64)
			row[v/64] |= bit
			c[v/64] |= bit
			d[v/64] |= bit
		}
	}
	return uint64(v), nil
}
