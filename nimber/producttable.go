package nimber

import "context"

// ProductTable returns the n×n nim-product table, rows[a][x] = a ⊗ x for a, x < n, computed a row
// at a time with MulSlice. It stops with ctx's error when ctx ends between rows.
func ProductTable(ctx context.Context, n int) ([][]uint64, error) {
	xs := make([]uint64, n)
	for i := range xs {
		xs[i] = uint64(i)
	}
	as := make([]uint64, n)
	rows := make([][]uint64, n)
	for a := range rows {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		for i := range as {
			as[i] = uint64(a)
		}
		rows[a] = make([]uint64, n)
		MulSlice(rows[a], as, xs)
	}
	return rows, nil
}
