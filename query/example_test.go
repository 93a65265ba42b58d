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
	// {"ruleset":"nim","position":["3","4","5"],"outcome":"N","value":"2","winning_moves":[{"move":"take 2 from heap 1","to":["1","4","5"]}],"winning_moves_complete":true,"method":"Bouton's theorem: XOR of the heaps","components":["3","4","5"]}
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

// Play answers one step of a game against the engine: the person's move, the engine's answer,
// and the person's legal moves with the winning ones marked.
func ExamplePlay() {
	st, err := query.Play(context.Background(), query.PlayRequest{Ruleset: "nim", Position: []string{"1", "2"}, Move: "1 1"}, query.Web(0))
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, m := range st.Played {
		fmt.Println(m.By+":", m.Move)
	}
	fmt.Println(st.Position, st.Over)
	// Output:
	// you: take 1 from heap 2
	// engine: take 1 from heap 1
	// [0 1] false
}

// Rules takes a context like every call; with a name it describes one ruleset.
func ExampleRules() {
	res, err := query.Rules(context.Background(), query.RulesRequest{Name: "moore"}, query.CLI())
	if err != nil {
		fmt.Println(err)
		return
	}
	r := res.Rulesets[0]
	fmt.Println(r.Name, r.Board, r.OneHeap)
	// Output:
	// moore heaps false
}
