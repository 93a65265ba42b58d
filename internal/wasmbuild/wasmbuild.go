// Package wasmbuild compiles grundy's engine for the browser (cmd/grundy-site, for GOOS=js
// GOARCH=wasm) with the Go toolchain, and reads that toolchain's wasm_exec.js, the JavaScript
// support code that must come from the same Go release as the .wasm it runs. The static site
// (`grundy site`, web.WriteSite) is made of both; neither is kept in the repository.
package wasmbuild

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// Package is the engine's main package.
const Package = "grundy/cmd/grundy-site"

// Flags are the build flags of the engine: no symbol table or debugging information (-s -w) and
// no file paths of the build machine (-trimpath), for the smallest .wasm the toolchain makes.
var Flags = []string{"-trimpath", "-ldflags=-s -w"}

// Build compiles the engine in the module that holds dir (grundy's source tree), with the go
// command found on PATH, and returns the .wasm and the toolchain's wasm_exec.js.
func Build(ctx context.Context, dir string) (wasm, wasmExec []byte, err error) {
	goCmd, err := exec.LookPath("go")
	if err != nil {
		return nil, nil, fmt.Errorf("building the WebAssembly engine needs the Go toolchain (the go command): %v", err)
	}
	tmp, err := os.MkdirTemp("", "grundy-wasm-")
	if err != nil {
		return nil, nil, err
	}
	defer os.RemoveAll(tmp)
	out := filepath.Join(tmp, "grundy.wasm")
	args := append(append([]string{"build"}, Flags...), "-o", out, Package)
	if _, err := run(ctx, dir, goCmd, []string{"GOOS=js", "GOARCH=wasm"}, args...); err != nil {
		return nil, nil, fmt.Errorf("building the WebAssembly engine (go %s, in grundy's source tree): %v", strings.Join(args, " "), err)
	}
	if wasm, err = os.ReadFile(out); err != nil {
		return nil, nil, err
	}
	root, err := run(ctx, dir, goCmd, nil, "env", "GOROOT")
	if err != nil {
		return nil, nil, err
	}
	root = strings.TrimSpace(root)
	// lib/wasm since Go 1.24, misc/wasm before.
	for _, p := range []string{"lib/wasm/wasm_exec.js", "misc/wasm/wasm_exec.js"} {
		if wasmExec, err = os.ReadFile(filepath.Join(root, p)); err == nil {
			return wasm, wasmExec, nil
		}
	}
	return nil, nil, fmt.Errorf("the Go toolchain at %s has no wasm_exec.js (lib/wasm or misc/wasm)", root)
}

// run runs the go command in dir with extra environment variables, and returns its output or an
// error carrying its messages.
func run(ctx context.Context, dir, goCmd string, env []string, args ...string) (string, error) {
	cmd := exec.CommandContext(ctx, goCmd, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		if msg := strings.TrimSpace(stderr.String()); msg != "" {
			return "", errors.New(msg)
		}
		return "", err
	}
	return stdout.String(), nil
}
