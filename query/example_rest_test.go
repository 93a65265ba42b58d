package query_test

import (
	"context"
	"fmt"

	"grundy/query"
	"grundy/report"
)

// The nim-product of 12 and 9, as `grundy nim mul 12 9` and POST /api/nim answer it.
func ExampleNim() {
	out, err := query.Nim(context.Background(), query.NimRequest{Op: "mul", Args: []string{"12", "9"}}, query.Limits{})
	if err != nil {
		panic(err)
	}
	fmt.Println(*out.(report.Nim).Result)
	// Output: 10
}

// Kayles (0.77) to heap 200 under the web's limits: its period 12 is proved.
func ExampleOctal() {
	lim := query.Limits{MaxSeq: 100_000, OctalBytes: 64 << 20}
	out, err := query.Octal(context.Background(), query.OctalRequest{Code: "0.77", To: "200", Summary: true}, lim)
	if err != nil {
		panic(err)
	}
	fmt.Println(out.Code, *out.Period, *out.Preperiod, out.Proved)
	// Output: 0.77 12 71 true
}

// A request over a limit is an *Error naming it.
func ExampleOctal_overLimit() {
	_, err := query.Octal(context.Background(), query.OctalRequest{Code: "0.77", To: "5000"}, query.Limits{MaxSeq: 1000, OctalBytes: 64 << 20})
	e := err.(*query.Error)
	fmt.Println(e.Kind, e.Limit, e.Max, e.Msg)
	// Output: over_limit max_seq 1000 to = 5000 is over the limit of 1000
}
