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
// else, so the two faces cannot disagree. [Encode] writes an answer as both faces print it.
//
// The games: [Solve] (a position or a sum; normal, misère or loopy play), [Seq] (g(0..N)),
// [Play] (one step of a game against the engine) and [Rules] (the catalogue) take a built-in
// ruleset and a user's Starlark script alike: a script arrives as its source with a name for
// messages (the command line reads the file; the web page sends the text, named [ScriptName]),
// and its answers have the rulesets' shape with "ruleset": "script:NAME". The game is resolved
// once (a ruleset built with its flags, or a script loaded and offered as a rules.Ruleset), then
// answered by one call, rules.Solve, or played by one rules.Match. [Script] is the web
// page's table of a script's values. The numbers: [Nim], [Basis], [Count]; octal games: [Octal]
// (scans of many codes and the stored catalogue are package sweep's); misère quotients: [Misere].
//
// The limits of a call are a [Limits]: [CLI] for the command line (generous, raised by flags),
// [Web] for a shared server (tight), so that the faces run the same code with different numbers.
package query
