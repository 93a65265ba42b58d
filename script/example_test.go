package script_test

import (
	"fmt"

	"grundy/game"
	"grundy/script"
)

func ExampleLoad() {
	src := `
# Subtraction game {1, 2}: take one or two counters.
def moves(n):
    return [n - k for k in (1, 2) if k <= n]
`
	g, err := script.Load("take12.star", []byte(src), script.Limits{})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer g.Close()
	s := game.NewSolver[string](g)
	var vals []uint64
	for n := range 8 {
		v, _ := s.Value(fmt.Sprint(n))
		vals = append(vals, v)
	}
	win, _ := s.WinningMoves("7")
	fmt.Println(vals, win)
	// Output:
	// [0 1 2 0 1 2 0 1] [6]
}

func ExampleParsePosition() {
	for _, lit := range []string{"7", "(3,4)", "'xx.x'", "1.5"} {
		v, err := script.ParsePosition(lit)
		if err != nil {
			fmt.Println("error:", err)
			continue
		}
		fmt.Println(v)
	}
	// Output:
	// 7
	// (3, 4)
	// "xx.x"
	// error: position "1.5": only literals are allowed (positions are ints, strings and tuples of them)
}
