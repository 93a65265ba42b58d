package misere

import (
	"fmt"
	"iter"

	"grundy/octal"
)

// Game is a one-heap game whose every move turns a heap into a sum of strictly smaller heaps (a
// take-and-break game). Options(n) yields the options of a heap of n tokens, each as the list of
// the heap sizes it leaves; heaps of size 0 may appear and stand for nothing, and the empty list is
// the move that leaves no heap. Every size in an option must be below n. The yielded slice is only
// read during the yield call, so an implementation may reuse it.
//
// Options is called once per heap size, in increasing order of n, starting at 1.
type Game interface {
	Options(n int) iter.Seq[[]int]
}

// Fallible is a Game whose moves can fail (a user's script): after each call of Options has
// been read, Compute asks Err and stops with the error it returns, if any.
type Fallible interface {
	Game
	Err() error
}

// Named is a Game that can say its name (a code such as "0.07", or a ruleset's name).
type Named interface {
	Game
	Name() string
}

// Octal returns the take-and-break game of an octal or hexadecimal code, or Grundy's game (see
// octal.Parse): taking i tokens from a heap may leave no heap, one, two or three non-empty heaps,
// as digit i says, and in Grundy's game a heap splits into two unequal heaps.
func Octal(c octal.Code) Named { return octalGame{c} }

type octalGame struct{ c octal.Code }

func (g octalGame) Name() string { return g.c.String() }

func (g octalGame) Options(n int) iter.Seq[[]int] {
	return func(yield func([]int) bool) {
		var buf [3]int
		unequal := g.c.IsGrundysGame()
		for i := 0; i < g.c.Len() && i <= n; i++ {
			d := g.c.Digit(i)
			m := n - i // tokens left after taking i
			if d&octal.LeaveNone != 0 && m == 0 {
				if !yield(buf[:0]) {
					return
				}
			}
			if d&octal.LeaveOne != 0 && m >= 1 && i >= 1 {
				buf[0] = m
				if !yield(buf[:1]) {
					return
				}
			}
			if d&octal.LeaveTwo != 0 {
				for a := 1; 2*a <= m; a++ {
					if unequal && 2*a == m {
						continue
					}
					buf[0], buf[1] = a, m-a
					if !yield(buf[:2]) {
						return
					}
				}
			}
			if d&octal.LeaveThree != 0 {
				for a := 1; 3*a <= m; a++ {
					for b := a; a+2*b <= m; b++ {
						buf[0], buf[1], buf[2] = a, b, m-a-b
						if !yield(buf[:3]) {
							return
						}
					}
				}
			}
		}
	}
}

// Nim returns Nim as a heap game: a move takes any positive number of tokens from one heap.
func Nim() Named { return nimGame{} }

type nimGame struct{}

func (nimGame) Name() string { return "nim" }

func (nimGame) Options(n int) iter.Seq[[]int] {
	return func(yield func([]int) bool) {
		var buf [1]int
		for m := 0; m < n; m++ {
			buf[0] = m
			if !yield(buf[:]) {
				return
			}
		}
	}
}

// GameError reports a Game whose moves break the contract (an option with a heap that is not
// smaller than the heap moved from).
type GameError struct {
	Heap   int   // the heap moved from
	Option []int // the offending option
}

func (e *GameError) Error() string {
	return fmt.Sprintf("misere: heap %d has an option %v with a heap that is not smaller (or is negative)", e.Heap, e.Option)
}
