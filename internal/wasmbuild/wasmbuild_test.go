package wasmbuild

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"
)

// Build makes a WebAssembly module of the engine and finds the toolchain's wasm_exec.js; outside
// grundy's source tree it says that is where it runs.
func TestBuild(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	wasm, wasmExec, err := Build(ctx, ".")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(wasm, []byte("\x00asm")) || len(wasm) < 1<<20 {
		t.Errorf("the engine is %d bytes starting %q, not a WebAssembly module", len(wasm), wasm[:min(8, len(wasm))])
	}
	if !bytes.Contains(wasmExec, []byte("globalThis.Go = class")) {
		t.Errorf("wasm_exec.js defines no Go class")
	}
	if _, _, err := Build(ctx, t.TempDir()); err == nil || !strings.Contains(err.Error(), "grundy's source tree") {
		t.Errorf("outside the source tree: %v", err)
	}
}
