package report

// Play is the state after one step of a game between a person and the perfect engine: `grundy
// play` (one step at a time) and POST /api/play. It lists the moves played in the step, the
// position (arguments, and drawn as text), whether the game is over and who won, and the
// person's legal moves, each marked when it wins (moves to a P-position: the hint).
type Play struct {
	Played   []Played `json:"played"`
	Position []string `json:"position"`
	Text     string   `json:"text"`
	// Board is how the page draws the position (see RuleInfo.Board); "text" for a script.
	Board    string `json:"board"`
	CoinBase int    `json:"coin_base"` // the index of the first coin, for the "coins" board
	// GridFirst is, for the "grid" board, the first coordinates x (the rows) and y (the columns).
	GridFirst []int `json:"grid_first,omitempty"`
	Over      bool  `json:"over"`
	// Winner is "you" or "engine" when the game is over.
	Winner string `json:"winner,omitempty"`
	// Drawn is set when the game was declared a draw by the repetition rule (games with cycles:
	// a position occurring a third time with the same player to move).
	Drawn bool        `json:"drawn,omitempty"`
	Moves []MoveEntry `json:"moves"`
	More  bool        `json:"more_moves"` // more legal moves than listed
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
