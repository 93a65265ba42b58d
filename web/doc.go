// Package web is the HTTP side of grundy: the JSON API under /api/ and the one-page app that uses it,
// served by `grundy serve`.
//
// The API mirrors the command line: request arguments are the CLI's own argument strings (numbers in
// decimal or 0x hex, parsed by grundy/internal/cliarg) and responses are the JSON documents the CLI
// prints with --json. Numbers that may exceed 2^53 travel as strings.
//
// Every request is bounded: the body size (413 when exceeded), the size of the work it asks for
// (sequence length, table size, position size; 422 naming the limit), a time budget (the request's
// context is cancelled when it runs out or when the client goes away; 422 naming the budget), and the
// number of heavy jobs running at once (a request waits for a slot within its budget, else 503).
// Requests never touch the file system: the page's files are embedded in the binary.
//
// Errors are JSON objects {"error": "..."}; 422 answers also carry "limit" (the limit's name) and
// "max" (its value).
package web
