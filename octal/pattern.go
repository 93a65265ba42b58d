package octal

import (
	"fmt"
	"strings"
)

// Expand lists the distinct codes that match pattern, in order: pattern is a code in which each ?
// stands for any digit of the code's base (0–7, or 0–f after an x prefix), and a ? before the
// point for any allowed d0 (0 or 4; 0, 4, 8 or c in hexadecimal). Codes that differ only by
// trailing zeros are the same game and are listed once. A pattern with no ? is a single code.
// Expand refuses a pattern that would match more than max codes (before duplicates are
// removed), and any spelling Parse refuses.
func Expand(pattern string, max int) ([]Code, error) {
	lower := strings.ToLower(pattern)
	digits, d0s := "01234567", "04"
	if strings.HasPrefix(lower, "x") || strings.HasPrefix(lower, "0x") {
		digits, d0s = "0123456789abcdef", "048c"
	}
	dot := strings.IndexByte(pattern, '.')
	// alphabets[k] lists the digits the k-th ? may stand for, at byte pos[k] of the pattern.
	var alphabets []string
	var pos []int
	total := 1
	for i := 0; i < len(pattern); i++ {
		if pattern[i] != '?' {
			continue
		}
		a := digits
		if i < dot {
			a = d0s
		}
		alphabets, pos = append(alphabets, a), append(pos, i)
		total *= len(a)
		if total > max {
			return nil, fmt.Errorf("octal: pattern %q matches more than %d codes", pattern, max)
		}
	}
	buf := []byte(pattern)
	idx := make([]int, len(pos)) // an odometer over the alphabets, the last ? turning fastest
	seen := make(map[Code]bool, total)
	out := make([]Code, 0, total)
	for {
		for k, p := range pos {
			buf[p] = alphabets[k][idx[k]]
		}
		c, err := Parse(string(buf))
		if err != nil {
			return nil, err
		}
		if !seen[c] {
			seen[c] = true
			out = append(out, c)
		}
		k := len(idx) - 1
		for ; k >= 0; k-- {
			if idx[k]++; idx[k] < len(alphabets[k]) {
				break
			}
			idx[k] = 0
		}
		if k < 0 {
			return out, nil
		}
	}
}
