package web

import (
	"grundy/query"
)

// MisereRequest is the body of POST /api/misere: {"game": "0.07", "max_heap": 20} (also
// "max_size", "stable"), as `grundy misere GAME --max-heap N` takes them.
type MisereRequest = query.MisereRequest
