package rules

import (
	"fmt"

	"grundy/internal/cliarg"
)

// LimitError reports that a position needs a search beyond one of the catalogue's search limits
// (SearchMoves moves, SearchLimit positions). It is bad input, as every refusal of the
// catalogue is (it wraps a *cliarg.Error), and it names the limit, so that callers can report it
// as work over a limit (the web's 422 with "limit" and "max").
type LimitError struct {
	Ruleset string
	// Limit names the limit: "search_moves", "search_positions" or "search_mib" (MiB of
	// position keys).
	Limit string
	// Max is the limit's value.
	Max int
}

// Error says which limit the search needed more than.
func (e *LimitError) Error() string {
	if e.Limit == "search_mib" {
		return fmt.Sprintf("%s: this position needs a search through more than %d MiB of positions, the limit", e.Ruleset, e.Max)
	}
	what := "moves"
	if e.Limit == "search_positions" {
		what = "positions"
	}
	return fmt.Sprintf("%s: this position needs a search of more than %d %s, the limit", e.Ruleset, e.Max, what)
}

// Unwrap returns the error as bad input.
func (e *LimitError) Unwrap() error { return cliarg.Errorf("%s", e.Error()) }
