package web

import (
	"context"
	"net/http"

	"grundy/api"
	"grundy/query"
	"grundy/report"
)

// RuleInfo describes one ruleset of the catalogue (GET /api/rules).
type RuleInfo = report.RuleInfo

// RuleFlag is one parameter flag of a ruleset.
type RuleFlag = report.RuleFlag

// Catalogue is the answer of GET /api/rules, as `grundy rules --json` prints it.
type Catalogue = report.Rules

// rulesHandler answers GET /api/rules.
func (s *Server) rulesHandler(w http.ResponseWriter, r *http.Request) {
	b, ae := api.Call(r.Context(), "rules", []byte("{}"), s.queryLimits())
	if ae != nil {
		writeError(w, ae)
		return
	}
	writeRaw(w, http.StatusOK, b)
}

// catalogue returns the whole catalogue.
func catalogue() Catalogue {
	res, _ := query.Rules(context.Background(), query.RulesRequest{}, query.Limits{})
	return res.Rules
}

// SolveRequest is the body of POST /api/solve: a ruleset (its flags by name without dashes) or
// a script's source, the position as command-line arguments, misère and loopy play.
type SolveRequest = query.SolveRequest
