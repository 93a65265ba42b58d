package web

import (
	"grundy/query"
)

// SeqRequest is the body of POST /api/seq: a one-heap ruleset with its flags, a take-and-break
// code, or a script, and the largest heap To.
type SeqRequest = query.SeqRequest
