package web

import (
	"context"
	"strings"

	"grundy/rules"
)

// PlayRequest is the body of POST /api/play, one step of a game between a person and the perfect
// engine. Position is the position before the step. With Move, the person plays it (the text of a
// legal move as listed, or the position after it in the ruleset's syntax) and the engine answers;
// with Engine (and no Move) the engine moves first; with neither, the position is only described.
type PlayRequest struct {
	Ruleset  string            `json:"ruleset"`
	Flags    map[string]string `json:"flags"`
	Position []string          `json:"position"`
	Move     string            `json:"move,omitempty"`
	Engine   bool              `json:"engine,omitempty"`
}

// PlayAnswer is the state after a step: the moves played in it, the position (arguments, and drawn
// as text), whether the game is over and who won, and the person's legal moves, each marked when it
// wins (moves to a P-position; the page's hint).
type PlayAnswer struct {
	Played   []Played    `json:"played"`
	Position []string    `json:"position"`
	Text     string      `json:"text"`
	Board    string      `json:"board"`
	CoinBase int         `json:"coin_base"` // the index of the first coin, for the "coins" board
	Over     bool        `json:"over"`
	Winner   string      `json:"winner,omitempty"` // "you" or "engine" when over
	Moves    []MoveEntry `json:"moves"`
	More     bool        `json:"more_moves"` // more legal moves than listed
}

// Played is one move of a step: who played it ("you" or "engine") and its text.
type Played struct {
	By   string `json:"by"`
	Move string `json:"move"`
}

// MoveEntry is one legal move: its text, the position it leads to (as arguments), and whether it
// wins.
type MoveEntry struct {
	Move    string   `json:"move"`
	To      []string `json:"to"`
	Winning bool     `json:"winning"`
}

// maxMoves bounds the moves a play answer lists: the page offers them as buttons.
const maxMoves = 500

func (s *Server) play(ctx context.Context, r *PlayRequest) (any, error) {
	if err := s.checkRuleset(r.Ruleset, r.Flags, r.Position); err != nil {
		return nil, err
	}
	if r.Move != "" && r.Engine {
		return nil, badRequest(`give "move" (yours, then the engine answers) or "engine" (the engine moves first), not both`)
	}
	rs, err := rules.New(r.Ruleset, r.Flags)
	if err != nil {
		return nil, err
	}
	if rs.Info().Play == "scored" {
		return nil, badRequest("%s is scored: play against the engine is offered for normal and misère play", r.Ruleset)
	}
	p, err := rs.Parse(r.Position)
	if err != nil {
		return nil, err
	}
	m := &rules.Match{R: rs, Pos: p, HumanTurn: !r.Engine}
	ans := PlayAnswer{Played: []Played{}, Moves: []MoveEntry{}, Board: boardOf(rs.Info())}
	if strings.Contains(rs.Info().Indexing, "numbered from 1") {
		ans.CoinBase = 1
	}
	if over, _ := m.Over(); !over {
		if r.Move != "" {
			mv, err := m.Human(r.Move)
			if err != nil {
				return nil, badRequest("%v", err)
			}
			ans.Played = append(ans.Played, Played{By: "you", Move: mv.Text})
		}
		if !m.HumanTurn {
			if over, _ := m.Over(); !over {
				mv, err := m.Engine(ctx)
				if err != nil {
					return nil, err
				}
				ans.Played = append(ans.Played, Played{By: "engine", Move: mv.Text})
			}
		}
	} else if r.Move != "" {
		return nil, badRequest("the game is over: there is no move from %v", r.Position)
	}
	ans.Position, ans.Text = rs.Args(m.Pos), rs.Format(m.Pos)
	if over, humanWon := m.Over(); over {
		ans.Over, ans.Winner = true, "engine"
		if humanWon {
			ans.Winner = "you"
		}
		return ans, nil
	}
	if !m.HumanTurn { // the engine had no move to play: impossible unless the game is over
		return ans, nil
	}
	a, err := rs.Analyze(ctx, m.Pos)
	if err != nil {
		return nil, err
	}
	winning := map[string]bool{}
	for _, w := range a.WinningMoves {
		winning[w.To.Key()] = true
	}
	legal, more := m.Legal(maxMoves)
	for _, mv := range legal {
		ans.Moves = append(ans.Moves, MoveEntry{Move: mv.Text, To: rs.Args(mv.To), Winning: winning[mv.To.Key()]})
	}
	ans.More = more
	return ans, nil
}
