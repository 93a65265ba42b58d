// Package query is the one road from a question to its answer, shared by the command line and the
// web server.
//
// A request is plain data: the argument strings the command line takes (the web API sends the same
// strings), so a request can be parsed, logged, sent to a worker process and answered there. Each
// request has one function that answers it, taking a context and the limits in force, and returning
// the JSON document of the contract (package report) or an *Error whose Kind says whose fault it is:
//
//	BadInput   the request is malformed or impossible   CLI exit 2, HTTP 400
//	OverLimit  the work exceeds a named limit           CLI exit 2, HTTP 422 {"limit", "max"}
//	Cancelled  the caller gave up (Ctrl-C, a client gone) CLI exit 1, HTTP 503
//	Internal   a failure that is not the user's fault   CLI exit 1, HTTP 500
//
// The command line turns flags into a request, calls, and prints the answer as text or JSON; the
// web handlers decode JSON into a request, call, and encode the answer. Neither decides anything
// else, so the two faces cannot disagree.
package query
