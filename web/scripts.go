package web

import (
	"grundy/query"
)

// ScriptRequest is the body of POST /api/script: a Starlark game (a script defining moves(pos),
// as for `grundy seq --script`) and the last heap To; the answer is g(0..To) as `grundy seq
// --script FILE --to N --json` prints it.
type ScriptRequest = query.ScriptRequest
