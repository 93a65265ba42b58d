package game

import (
	"context"
	"errors"
	"iter"
	"testing"
	"time"
)

// hugeFan is a game whose position n > 0 has 2^40 options n+1, n+2, …: no search can list them all,
// so every search must be stopped by its limits while the options are being enumerated.
type hugeFan struct{}

func (hugeFan) Moves(p int) iter.Seq[int] {
	return func(yield func(int) bool) {
		if p > 0 {
			return
		}
		for i := 1; i < 1<<40; i++ {
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
// search at its context's deadline, and at its position limit, within moments.
func TestSearchesStopInsideAPosition(t *testing.T) {
	for name, search := range searches {
		ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
		start := time.Now()
		err := search(NewSolver[int](hugeFan{}, WithContext(ctx)))
		cancel()
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("%s with a deadline: %v; want the deadline", name, err)
		}
		if d := time.Since(start); d > 5*time.Second {
			t.Errorf("%s with a deadline of 50ms stopped after %v", name, d)
		}
		t.Logf("%s: deadline after %v", name, time.Since(start))
		start = time.Now()
		var le *LimitError
		err = search(NewSolver[int](hugeFan{}, MaxPositions(1000)))
		if !errors.As(err, &le) || le.Limit != 1000 {
			t.Errorf("%s with MaxPositions(1000): %v; want a *LimitError", name, err)
		}
		t.Logf("%s: limit after %v", name, time.Since(start))
	}
}
