package game

// MisereOutcome returns the outcome of p in misère play, where the player who makes the last move
// loses: a terminal position is an N-position (the player to move has no move, so the opponent
// made the last one), and any other position is an N-position iff one of its options is a
// P-position. It is found by search (the [Splitter] capability is not used: misère values do not
// add up); the search stops at the first option to a P-position.
func (s *Solver[P]) MisereOutcome(p P) (Outcome, error) { return s.outcome(p, kindMisere) }

// MisereWinningMoves returns the options of p that are misère P-positions, in the order the game
// yields them, without repeats.
func (s *Solver[P]) MisereWinningMoves(p P) ([]P, error) { return s.winningMoves(p, kindMisere) }

// runMisere continues the misère search on the stack until it is empty. Misère memo codes: cN for
// an N-position, cBase for a P-position.
func (s *Solver[P]) runMisere() error {
	for len(s.frames) > 0 {
		top := len(s.frames) - 1
		f := &s.frames[top]
		end := uint32(len(s.arena))
		pushed, early := false, false
		for f.next < end {
			o := s.aid[f.next]
			c := s.mt.code(o)
			if c == cBase {
				early = true
				break
			}
			if c == cN {
				f.next++
				continue
			}
			if c == cOnStack {
				return s.cycle(o)
			}
			if err := s.push(s.arena[f.next], o, kindMisere, c); err != nil {
				return err
			}
			pushed = true
			break
		}
		if pushed {
			continue
		}
		r := uint32(cBase)
		if early || f.start == end {
			r = cN
		}
		s.mt.set(s.idOf(top), r)
		s.arena = s.arena[:f.start]
		s.frames = s.frames[:top]
	}
	return nil
}
