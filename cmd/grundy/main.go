// Command grundy computes nimbers, Sprague–Grundy values, winning moves and periods of impartial
// combinatorial games.
//
// Every subcommand is a thin shell over the library packages of this module: it parses its
// arguments, calls the library and prints text, or exactly one JSON document with --json.
//
// Exit status: 0 on success, 2 on bad input (the message on stderr starts with "grundy:"), 1 on an
// internal failure.
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"

	"grundy/web"
)

func main() {
	if web.IsWorker() {
		// Started by `grundy serve` to do one heavy request where it can be killed and capped.
		os.Exit(web.WorkerMain())
	}
	// Ctrl-C and SIGTERM (a batch system's or kill's) cancel the command, which saves what it was
	// asked to (an octal checkpoint, …) before it exits.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := runApp(ctx, &app{stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr, exit: os.Exit}, os.Args[1:])
	stop()
	os.Exit(code)
}
