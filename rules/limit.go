package rules

import (
	"fmt"

	"grundy/internal/cliarg"
)

// LimitError is every refusal of the catalogue for size: a position, sequence or parameter that
// needs more work or memory than one of the catalogue's limits allows. It is bad input, as every
// refusal of the catalogue is (it wraps a *cliarg.Error), and it names the limit, so that callers
// can report it as work over a limit (the web's 422 with "limit" and "max").
type LimitError struct {
	Ruleset string
	// Name names the limit:
	//   - "search_moves", "search_positions", "search_mib": the engine's search (SearchMoves moves,
	//     SearchLimit positions, SearchBytes of position keys), misère play included;
	//   - "max_sequence": the longest Grundy sequence (MaxSequence);
	//   - "hunger_boxes", "hunger_closed_boxes": Hungergame's boxes, and its closed boxes outside
	//     the closed forms;
	//   - "set_amounts", "set_max_amount", "set_table": subtract --set's amounts, their size, and
	//     the heaps a table without a period covers;
	//   - "prime_take_heap": prime-take's table;
	//   - "play_moves": the moves examined to check a move in play;
	//   - "octal_heap": the heaps an octal ruleset tables.
	Name string
	// Max is the limit's value.
	Max int
	// Msg, when set, is the message; otherwise it is made from the limit.
	Msg string
}

// limitf returns a *LimitError with a formatted message.
func limitf(ruleset, limit string, max int, format string, args ...any) *LimitError {
	return &LimitError{Ruleset: ruleset, Name: limit, Max: max, Msg: fmt.Sprintf(format, args...)}
}

// Error says which limit the work needed more than.
func (e *LimitError) Error() string {
	if e.Msg != "" {
		return e.Msg
	}
	if e.Name == "search_mib" {
		return fmt.Sprintf("%s: this position needs a search through more than %d MiB of positions, the limit", e.Ruleset, e.Max)
	}
	what := "moves"
	if e.Name == "search_positions" {
		what = "positions"
	}
	return fmt.Sprintf("%s: this position needs a search of more than %d %s, the limit", e.Ruleset, e.Max, what)
}

// Limit names the limit and its value.
func (e *LimitError) Limit() (name string, max any) { return e.Name, e.Max }

// Unwrap returns the error as bad input.
func (e *LimitError) Unwrap() error { return cliarg.Errorf("%s", e.Error()) }
