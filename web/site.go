package web

import (
	"bytes"
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// siteFiles are the static site's own files: the loader of the engine (js/engine.js, which the
// page's api.js imports there) and the engine's Web Worker (engine/worker.js).
//
//go:embed site
var siteFiles embed.FS

// siteMeta is the line that tells the page it runs as a static site (api.js looks for it), and
// its Content-Security-Policy: nothing from elsewhere, WebAssembly allowed.
const siteMeta = `<meta name="grundy-site" content="site.json">
<meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self' blob:; connect-src 'self' blob:; img-src 'self' data: blob:; style-src 'self'">
`

// WriteSite writes into dir (created if missing; files of the same names are replaced) the page
// as a static site that needs no server: the page's files, its index.html marked as a static site,
// site.json (what GET /api/info answers, under DefaultLimits; package web/offline reads it), the engine's loader and worker, and
// engine/grundy.wasm and engine/wasm_exec.js (the engine compiled for js/wasm and the Go
// toolchain's support code for it, as internal/wasmbuild makes them). Every path in the site is
// relative, so it can be served from any directory of any static file server.
func WriteSite(dir string, wasm, wasmExec []byte) error {
	if len(wasm) == 0 || len(wasmExec) == 0 {
		return fmt.Errorf("web: WriteSite needs the engine's .wasm and wasm_exec.js")
	}
	info, s, err := siteInfo(Limits{})
	if err != nil {
		return err
	}
	files := map[string][]byte{"site.json": info, "engine/grundy.wasm": wasm, "engine/wasm_exec.js": wasmExec}
	copyTree := func(fsys fs.FS) error {
		return fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			b, err := fs.ReadFile(fsys, p)
			files[p] = b
			return err
		})
	}
	site, _ := fs.Sub(siteFiles, "site")
	if err := copyTree(s.static); err != nil {
		return err
	}
	if err := copyTree(site); err != nil {
		return err
	}
	head := []byte("</head>")
	if bytes.Count(files["index.html"], head) != 1 {
		return fmt.Errorf("web: index.html has no single </head> to mark as a static site")
	}
	files["index.html"] = bytes.Replace(files["index.html"], head, append([]byte(siteMeta), head...), 1)
	for name, b := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, b, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// siteInfo returns site.json for a server enforcing lim (zero fields take their defaults): the
// document of its GET /api/info, less its worker processes (the page's loader sets max_heavy to
// its number of workers), and that server.
func siteInfo(lim Limits) ([]byte, *Server, error) {
	lim.Isolate = false
	s := New(lim)
	l := s.limits
	l.Isolate, l.MaxHeavy = false, 1
	info, err := json.MarshalIndent(Info{Limits: l, Endpoints: s.endpoints, Features: s.features}, "", "  ")
	return append(info, '\n'), s, err
}
