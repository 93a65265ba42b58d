package web

import (
	"grundy/query"
	"grundy/report"
)

// NimRequest is the body of POST /api/nim: an operation of `grundy nim` and its argument strings,
// decimal or 0x hex (for "table": the side N; for "log": B, with the base A in Base, optional).
type NimRequest = query.NimRequest

// NimResult is the answer of POST /api/nim for the field operations, the document `grundy nim OP
// ARGS --json` prints (Result a decimal string, null when there is none).
type NimResult = report.Nim

// NimTable is the answer of POST /api/nim with op "table", the document `grundy nim table N --json`
// prints.
type NimTable = report.NimTable
