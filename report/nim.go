package report

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Nim is the answer of a nim-field operation: `grundy nim OP ARGS --json` and POST /api/nim.
// Result is a decimal string, since it may exceed 2^53; it is null when there is no result (a
// logarithm that does not exist, a quadratic with no root).
type Nim struct {
	Op     string   `json:"op"`
	Args   []string `json:"args"`
	Base   string   `json:"base,omitempty"`
	Result *string  `json:"result"`
}

// NimBatch is the answer of a batch of nim-products: `grundy nim mul --batch --json`, and POST
// /api/nim with "batch": the products, decimal strings, in the order of the pairs.
type NimBatch struct {
	Results []string `json:"results"`
}

// WriteText writes the result, or "none".
func (n Nim) WriteText(w io.Writer) error {
	text := "none"
	if n.Result != nil {
		text = *n.Result
	}
	_, err := fmt.Fprintln(w, text)
	return err
}

// NimTable is the nim-product table: `grundy nim table N --json` and POST /api/nim with op
// "table". Table[a][b] = a ⊗ b for 0 ≤ a, b < N; the entries are below 2^16 for every N a table
// may have, so they are JSON numbers.
type NimTable struct {
	N     int        `json:"n"`
	Table [][]uint64 `json:"table"`
}

// WriteText writes the table with a header row and column, right-aligned.
func (t NimTable) WriteText(w io.Writer) error {
	rows := t.Table
	n := len(rows)
	width := len(strconv.Itoa(max(n-1, 0)))
	for _, r := range rows {
		for _, v := range r {
			width = max(width, len(strconv.FormatUint(v, 10)))
		}
	}
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "%*s |", width, "⊗")
	for j := range n {
		fmt.Fprintf(bw, " %*d", width, j)
	}
	fmt.Fprintf(bw, "\n%s-+%s\n", strings.Repeat("-", width), strings.Repeat("-", (width+1)*n))
	for i, r := range rows {
		fmt.Fprintf(bw, "%*d |", width, i)
		for _, v := range r {
			fmt.Fprintf(bw, " %*d", width, v)
		}
		bw.WriteByte('\n')
	}
	return bw.Flush()
}
