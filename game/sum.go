package game

// SumValue returns the Grundy value of the sum of the games from the positions ps (a move is a
// move in exactly one of them): the XOR of their values, by the Sprague–Grundy theorem.
func (s *Solver[P]) SumValue(ps []P) (uint64, error) {
	var x uint64
	for _, p := range ps {
		v, err := s.Value(p)
		if err != nil {
			return 0, err
		}
		x ^= v
	}
	return x, nil
}

// SumMove is a move in a sum of games: component Component moves to To.
type SumMove[P comparable] struct {
	Component int
	To        P
}

// SumWinningMoves returns every winning move of the sum of the games from ps: the moves of one
// component to an option whose value makes the XOR of all values 0. Moves are listed by
// component, then in the order the game yields the options, without repeats. The list is empty
// when the sum is a P-position.
func (s *Solver[P]) SumWinningMoves(ps []P) ([]SumMove[P], error) {
	vals := make([]uint64, len(ps))
	var x uint64
	for i, p := range ps {
		v, err := s.Value(p)
		if err != nil {
			return nil, err
		}
		vals[i] = v
		x ^= v
	}
	if x == 0 {
		return nil, nil
	}
	var moves []SumMove[P]
	for i, p := range ps {
		want := vals[i] ^ x
		// An option of value want exists when want < vals[i] (by the mex), and may exist above.
		opts, err := s.Options(p)
		if err != nil {
			return nil, err
		}
		for _, o := range opts {
			v, err := s.Value(o)
			if err != nil {
				return nil, err
			}
			if v == want {
				moves = append(moves, SumMove[P]{Component: i, To: o})
			}
		}
	}
	return moves, nil
}
