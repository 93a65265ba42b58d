package rules_test

import (
	"context"
	"fmt"
	"strings"

	"grundy/rules"
)

func ExampleNew() {
	r, err := rules.New("subtract", map[string]string{"range": "2:4"})
	if err != nil {
		fmt.Println(err)
		return
	}
	p, _ := r.Parse([]string{"7", "12"})
	a, _ := r.Analyze(context.Background(), p)
	fmt.Println(a.Outcome, a.Value)
	// Output: P 0
}

func ExampleRuleset_Analyze() {
	r, _ := rules.New("nim", nil)
	p, _ := r.Parse([]string{"3", "4", "5"})
	a, _ := r.Analyze(context.Background(), p)
	fmt.Println(a.Outcome, a.Value)
	for _, m := range a.WinningMoves {
		fmt.Println(m.Text, "->", r.Args(m.To))
	}
	// Output:
	// N 2
	// take 2 from heap 1 -> [1 4 5]
}

func ExampleSolve() {
	rep, err := rules.Solve(context.Background(), "corners", nil, []string{"1,2", "2,1"})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(rep.Outcome, *rep.Value)
	_, err = rules.Solve(context.Background(), "nmi", nil, []string{"3"})
	fmt.Println(err)
	// Output:
	// P 0
	// unknown ruleset "nmi": did you mean "nim"? ('grundy rules' lists them all)
}

func ExampleSeq() {
	s, _ := rules.Seq(context.Background(), "subtract", map[string]string{"set": "2,5"}, 14, false)
	fmt.Println(s.Values, *s.Period, *s.Preperiod, s.Proved)
	// Output: [0 0 1 1 0 2 1 0 0 1 1 0 2 1 0] 7 0 true
}

func ExamplePlay() {
	r, _ := rules.New("nim", nil)
	p, _ := r.Parse([]string{"1", "2"})
	var out strings.Builder
	err := rules.Play(context.Background(), r, p, strings.NewReader("me\n1 1\n0 0\n"), &out)
	fmt.Println(err)
	fmt.Println(strings.Contains(out.String(), "Game over: you win!"))
	// Output:
	// <nil>
	// true
}

func ExampleLookup() {
	info, _ := rules.Lookup("mock-turtles")
	fmt.Println(info.Indexing[:25])
	// Output: coins are numbered from 0
}
