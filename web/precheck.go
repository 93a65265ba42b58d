package web

import (
	"errors"

	"grundy/internal/cliarg"
	"grundy/query"
	"grundy/rules"
)

// precheck validates, before a heavy request waits for a slot, what can be checked at once: a
// ruleset's name and flags and the position's syntax. Malformed input is then a 400 at once, not
// a wait behind other clients' work ending in 503. Anything else (scripts, limits, requests that
// mix fields) is left to the request itself, which says it as it always does.
func (s *Server) precheck(req any) error {
	switch r := req.(type) {
	case *SolveRequest:
		if r.Script == "" {
			return s.checkRuleset(r.Ruleset, r.Flags, r.Position)
		}
	case *PlayRequest:
		if r.Script == "" {
			return s.checkRuleset(r.Ruleset, r.Flags, r.Position)
		}
	case *SeqRequest:
		if r.Script == "" && r.Code == "" {
			return s.checkRuleset(r.Ruleset, r.Flags, nil)
		}
	case *query.GuessRequest:
		if r.Script == "" {
			return s.checkRuleset(r.Ruleset, r.Flags, nil)
		}
	}
	return nil
}

// checkRuleset returns the error of malformed input that the ruleset name with flags, or the
// position pos (when not nil), would give: the same error, word for word, that the request
// would meet later.
func (s *Server) checkRuleset(name string, flags map[string]string, pos []string) error {
	if name == "" || len(pos) > s.limits.MaxArgs || len(flags) > s.limits.MaxArgs {
		return nil
	}
	malformed := func(err error) bool {
		var le query.Limiter
		return err != nil && cliarg.IsInput(err) && !errors.As(err, &le)
	}
	rs, err := rules.New(name, flags)
	if err != nil {
		if malformed(err) {
			return err
		}
		return nil
	}
	if pos != nil {
		if _, err := rs.Parse(pos); malformed(err) {
			return err
		}
	}
	return nil
}
