package rules_test

import (
	"context"
	"fmt"

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

func ExampleNew_unknown() {
	r, _ := rules.New("corners", nil)
	p, _ := r.Parse([]string{"1,2", "2,1"})
	a, _ := r.Analyze(context.Background(), p)
	fmt.Println(a.Outcome, a.Value)
	_, err := rules.New("nmi", nil)
	fmt.Println(err)
	// Output:
	// P 0
	// unknown ruleset "nmi": did you mean "nim"? ('grundy rules' lists them all)
}

func ExampleSequenceOf() {
	r, _ := rules.New("subtract", map[string]string{"set": "2,5"})
	s, _ := rules.SequenceOf(context.Background(), r, 14)
	fmt.Println(s.Values, s.Period, s.Preperiod, s.Proved)
	// Output: [0 0 1 1 0 2 1 0 0 1 1 0 2 1 0] 7 0 true
}

func ExampleMisere() {
	r, _ := rules.New("nim", nil)
	m, _ := rules.Misere(r, "")
	p, _ := m.Parse([]string{"1", "1", "1"})
	a, _ := m.Analyze(context.Background(), p)
	fmt.Println(m.Info().Name, a.Outcome)
	// Output: misere-nim P
}

func ExampleMatch() {
	r, _ := rules.New("nim", nil)
	p, _ := r.Parse([]string{"1", "2"})
	m := &rules.Match{R: r, Pos: p, HumanTurn: true}
	mv, err := m.Human("1 1")
	fmt.Println(mv.Text, err)
	mv, _ = m.Engine(context.Background())
	fmt.Println(mv.Text)
	_, err = m.Human("1 0")
	fmt.Println(err)
	mv, _ = m.Human("0 0")
	over, humanWon := m.Over()
	fmt.Println(mv.Text, over, humanWon)
	// Output:
	// take 1 from heap 2 <nil>
	// take 1 from heap 1
	// illegal move: heap 1 would grow from 0 to 1
	// take 1 from heap 2 true true
}

func ExampleLookup() {
	info, _ := rules.Lookup("mock-turtles")
	fmt.Println(info.Indexing[:25])
	// Output: coins are numbered from 0
}
