package web

import (
	"context"

	"grundy/query"
)

// MisereRequest is the body of POST /api/misere: {"game": "0.07", "max_heap": 20} (also
// "max_size", "stable"), as `grundy misere GAME --max-heap N` takes them.
type MisereRequest = query.MisereRequest

// misere answers as `grundy misere GAME --json` does.
func (s *Server) misere(ctx context.Context, r *MisereRequest) (any, error) {
	return query.Misere(ctx, *r, s.queryLimits())
}
