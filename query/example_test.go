package query_test

import (
	"context"
	"errors"
	"fmt"
	"os"

	"grundy/query"
)

// Solve answers a ruleset's position with the command line's limits; the answer encodes as the
// JSON document both faces print.
func ExampleSolve() {
	res, err := query.Solve(context.Background(), query.SolveRequest{Ruleset: "nim", Position: []string{"3", "4", "5"}}, query.CLI())
	if err != nil {
		fmt.Println(err)
		return
	}
	query.Encode(os.Stdout, res)
	// Output:
	// {"ruleset":"nim","position":["3","4","5"],"outcome":"N","value":"2","winning_moves":[{"move":"take 2 from heap 1","to":["1","4","5"]}],"winning_moves_complete":true,"method":"Bouton's theorem: XOR of the heaps"}
}

// A script game goes through the same call: here a subtraction game S = {1, 2}, a sum of two
// heaps, whose answer has the ruleset's shape.
func ExampleSolve_script() {
	src := "def moves(n):\n    return [n - k for k in (1, 2) if k <= n]\n"
	res, err := query.Solve(context.Background(), query.SolveRequest{Script: src, ScriptName: "sub12.star", Position: []string{"4", "2"}}, query.Web(0))
	if err != nil {
		fmt.Println(err)
		return
	}
	query.Encode(os.Stdout, res)
	// Output:
	// {"ruleset":"script:sub12.star","position":["4","2"],"outcome":"N","value":"3","winning_moves":[{"move":"component 1: 4 -> 2","to":["2","2"]},{"move":"component 2: 2 -> 1","to":["4","1"]}],"winning_moves_complete":true,"method":"Sprague–Grundy theorem: the XOR of the components' values, each by the engine's search"}
}

// Every error is an *Error whose kind says whose fault it is; over a limit, it names the limit.
func ExampleSeq_limit() {
	_, err := query.Seq(context.Background(), query.SeqRequest{Ruleset: "nim", To: "200000"}, query.Web(0))
	var e *query.Error
	if errors.As(err, &e) {
		fmt.Println(e.Kind, e.Limit, e.Max)
	}
	// Output:
	// over_limit max_seq 100000
}
