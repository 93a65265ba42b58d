package game

import (
	"context"
	"errors"
	"iter"
	"testing"
)

// hugeFan is a game whose position 0 has 2^40 options 1, 2, …: no search can list them all, so
// every search must be stopped by its limits while the options are being enumerated. It counts
// the options it gives in *given, and once it has given cancelAt of them it calls cancel (when
// set).
type hugeFan struct {
	given    *int
	cancelAt int
	cancel   func()
}

func (f hugeFan) Moves(p int) iter.Seq[int] {
	return func(yield func(int) bool) {
		if p > 0 {
			return
		}
		for i := 1; i < 1<<40; i++ {
			if *f.given++; *f.given == f.cancelAt && f.cancel != nil {
				f.cancel()
			}
			if !yield(i) {
				return
			}
		}
	}
}

// searches are every kind of search a Solver runs, on the root of hugeFan.
var searches = map[string]func(s *Solver[int]) error{
	"Value":          func(s *Solver[int]) error { _, err := s.Value(0); return err },
	"Outcome":        func(s *Solver[int]) error { _, err := s.Outcome(0); return err },
	"MisereOutcome":  func(s *Solver[int]) error { _, err := s.MisereOutcome(0); return err },
	"MisereSum":      func(s *Solver[int]) error { _, err := s.MisereSumOutcome([]int{0, 0}); return err },
	"SJOutcome":      func(s *Solver[int]) error { _, err := s.SJOutcome([]int{0, 0}); return err },
	"LoopyOutcome":   func(s *Solver[int]) error { _, err := s.LoopyOutcome(0); return err },
	"LoopyValue":     func(s *Solver[int]) error { _, err := s.LoopyValue(0); return err },
	"Options":        func(s *Solver[int]) error { _, err := s.Options(0); return err },
	"WinningMoves":   func(s *Solver[int]) error { _, err := s.WinningMoves(0); return err },
	"MisereWinMoves": func(s *Solver[int]) error { _, err := s.MisereWinningMoves(0); return err },
}

// TestSearchesStopInsideAPosition: a position with more options than can be listed stops every
// search soon after its context ends, and at its position limit. "Soon" is counted in options
// enumerated, not in time (a clock bound would need a wide margin on a loaded machine, and would
// pass a solver that checks its context rarely but runs fast): the game cancels the context itself
// after cancelAt options, and the solver, which checks its limits every checkStride options of a
// position (yieldChecked), must have stopped the enumeration within one stride of it.
func TestSearchesStopInsideAPosition(t *testing.T) {
	const cancelAt, checkStride = 10000, 4096
	for name, search := range searches {
		ctx, cancel := context.WithCancel(context.Background())
		given := 0
		err := search(NewSolver[int](hugeFan{given: &given, cancelAt: cancelAt, cancel: cancel}, WithContext(ctx)))
		cancel()
		if !errors.Is(err, context.Canceled) {
			t.Errorf("%s cancelled: %v; want the cancellation", name, err)
		}
		if given > cancelAt+checkStride {
			t.Errorf("%s cancelled after %d options went on to %d", name, cancelAt, given)
		}
		afterCancel := given - cancelAt
		given = 0
		var le *LimitError
		err = search(NewSolver[int](hugeFan{given: &given}, MaxPositions(1000)))
		if !errors.As(err, &le) || le.Max != 1000 {
			t.Errorf("%s with MaxPositions(1000): %v; want a *LimitError", name, err)
		}
		if most := maxOptions(1000) + checkStride; given > most {
			t.Errorf("%s with MaxPositions(1000) enumerated %d options, more than %d", name, given, most)
		}
		t.Logf("%s: %d options past the cancellation; %d options under the limit", name, afterCancel, given)
	}
}
