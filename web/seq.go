package web

import (
	"context"

	"grundy/query"
)

// SeqRequest is the body of POST /api/seq: a one-heap ruleset with its flags, a take-and-break
// code, or a script, and the largest heap To.
type SeqRequest = query.SeqRequest

// seq answers as `grundy seq … --json` (or `grundy octal CODE --to N --json` for a code) does.
func (s *Server) seq(ctx context.Context, r *SeqRequest) (any, error) {
	return query.Seq(ctx, *r, s.queryLimits())
}
