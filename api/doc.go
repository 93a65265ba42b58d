// Package api answers grundy's JSON requests by endpoint name: the request document in, the
// answer document (or an error document) out, with no HTTP in between.
//
// An endpoint is a name ("solve", "seq", "nim", …; [Endpoints] lists them) bound to a request type
// of package query and its answering function. [Decode] reads a request body strictly (one JSON
// object, no unknown field) into a [Request]; [Request.Answer] computes its answer under the
// caller's query.Limits and context; [Encode] writes the answer as both faces print it; and
// [FromError] maps any error onto its [ErrorDoc], the {"error", "limit", "max"} document with the
// status the web server sends (400 bad input, 422 over a named limit, 503 cancelled, 500
// internal). [Call] does all four.
//
// The web server (package web) keeps what is HTTP's: bodies and their size, heavy-job slots and
// their queue, worker processes, streams and the accounting of answers; it asks this package for
// the rest. Programs without HTTP call it directly. The package imports no net/http, so that it
// can be built for js/wasm and as a C library (-buildmode=c-shared).
package api
