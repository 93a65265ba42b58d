package report_test

import (
	"encoding/json"
	"fmt"
	"os"

	"grundy/game"
	"grundy/report"
	"grundy/rules"
)

func ExampleApparentSeq() {
	vals, _ := game.HeapValues(rules.PrimeTake{}, 30)
	b, _ := json.Marshal(report.ApparentSeq(vals, true))
	fmt.Println(string(b))
	// Output:
	// {"computed_to":30,"period":null,"preperiod":null,"proved":false}
}

func ExampleSolve_WriteText() {
	s := report.NewSolve("script:wythoff.star", []string{"(3, 4)"}, game.NextWins)
	v := uint64(2)
	s.Value = &v
	s.WinningMoves = append(s.WinningMoves, report.Move{Move: "(1, 2)", To: []string{"(1, 2)"}})
	_ = s.WriteText(os.Stdout)
	// Output:
	// script:wythoff.star at (3, 4): N (the player to move wins), Grundy value 2
	// winning moves:
	//   (1, 2)
}
