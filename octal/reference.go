package octal

import (
	"context"
	"fmt"
)

// Reference returns g(0), …, g(n) computed straight from the definition: for every heap it lists
// every option of every digit and takes the mex. It costs O(n²) for octal codes and O(n³) for
// hexadecimal codes with an 8 bit. It is the oracle the fast paths are tested against; Compute is
// the function to use.
func Reference(ctx context.Context, c Code, n int) ([]uint32, error) {
	if n < 0 {
		return nil, fmt.Errorf("octal: negative heap size %d", n)
	}
	g := make([]uint32, n+1)
	var seen []bool
	for h := 1; h <= n; h++ {
		if h&1023 == 0 {
			if err := ctx.Err(); err != nil {
				return g[:h], err
			}
		}
		seen = seen[:0]
		mark := func(v uint32) {
			for uint32(len(seen)) <= v {
				seen = append(seen, false)
			}
			seen[v] = true
		}
		for i := 0; i < c.Len() && i <= h; i++ {
			d := c.Digit(i)
			m := h - i // tokens left after taking i
			if d&LeaveNone != 0 && m == 0 {
				mark(0)
			}
			if d&LeaveOne != 0 && m >= 1 && i >= 1 {
				mark(g[m])
			}
			if d&LeaveTwo != 0 {
				for a := 1; 2*a <= m; a++ {
					if c.unequal && 2*a == m {
						continue
					}
					mark(g[a] ^ g[m-a])
				}
			}
			if d&LeaveThree != 0 {
				for a := 1; 3*a <= m; a++ {
					for b := a; a+2*b <= m; b++ {
						mark(g[a] ^ g[b] ^ g[m-a-b])
					}
				}
			}
		}
		var v uint32
		for int(v) < len(seen) && seen[v] {
			v++
		}
		g[h] = v
	}
	return g, nil
}
