//go:build !(js && wasm)

// Command grundy-site writes grundy's page as a static site, which any static file server can
// serve, with no grundy process: the page computes every answer itself, with grundy compiled to
// WebAssembly and run in Web Workers.
//
//	go run ./cmd/grundy-site DIR      (or: make site DIR=…)
//	python3 -m http.server -d DIR     (or any static file server)
//
// It builds the engine, this same package for GOOS=js GOARCH=wasm (engine.go), with the Go
// toolchain on PATH, so it runs in grundy's source tree; see internal/wasmbuild for the flags and
// web.WriteSite for what the site holds. Exit status: 0 written, 2 bad usage, 1 failure.
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"

	"grundy/internal/wasmbuild"
	"grundy/web"
)

func main() {
	if len(os.Args) != 2 || os.Args[1] == "" || os.Args[1][0] == '-' {
		fmt.Fprintln(os.Stderr, "usage: grundy-site DIR (writes the static site into DIR)")
		os.Exit(2)
	}
	dir := os.Args[1]
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	wasm, wasmExec, err := wasmbuild.Build(ctx, ".")
	if err == nil {
		err = web.WriteSite(dir, wasm, wasmExec)
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "grundy-site: %v\n", err)
		os.Exit(1)
	}
	fmt.Printf("grundy-site: wrote the static site to %s (engine/grundy.wasm: %d bytes); serve it with any static file server, e.g. python3 -m http.server -d %s\n",
		dir, len(wasm), dir)
}
