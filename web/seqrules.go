package web

import "context"

// rulesetSeq answers /api/seq for a ruleset of the catalogue.
func (s *Server) rulesetSeq(ctx context.Context, r *SeqRequest, to int) (any, error) {
	return nil, badRequest("sequences of catalogue rulesets are not available in this build yet; use \"code\"")
}
