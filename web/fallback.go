package web

import (
	"fmt"
	"io/fs"
	"net/http"
	"path"
	"strings"
)

// Every answer of the server that is an error has the JSON shape {"error", "limit", "max"}:
// also a path nobody serves (404) and a method a path does not take (405, with Allow).

// fallback answers the requests no route takes: 405 with the methods the path takes, if any,
// and 404 otherwise.
func (s *Server) fallback(w http.ResponseWriter, r *http.Request) {
	if allow := s.allowed(r.URL.Path); len(allow) > 0 {
		w.Header().Set("Allow", strings.Join(allow, ", "))
		writeJSON(w, http.StatusMethodNotAllowed, &apiError{Msg: fmt.Sprintf("%s takes %s, not %s", r.URL.Path, strings.Join(allow, " or "), r.Method)})
		return
	}
	if strings.HasPrefix(r.URL.Path, "/api/") {
		writeJSON(w, http.StatusNotFound, &apiError{Msg: fmt.Sprintf("no endpoint %s %s (the API is POST /api/solve, /api/seq, /api/nim, …; see the README)", r.Method, r.URL.Path)})
		return
	}
	writeJSON(w, http.StatusNotFound, &apiError{Msg: fmt.Sprintf("no page %s", r.URL.Path)})
}

// allowed lists the methods that some route other than the fallback takes for the path p.
func (s *Server) allowed(p string) []string {
	var out []string
	for _, m := range []string{"GET", "POST"} {
		probe, err := http.NewRequest(m, p, nil)
		if err != nil {
			return nil
		}
		_, pattern := s.mux.Handler(probe)
		switch pattern {
		case "", "/", "GET /api/", "POST /api/":
			continue
		case "GET /":
			if !s.hasStatic(p) {
				continue
			}
		}
		out = append(out, m)
		if m == "GET" {
			out = append(out, "HEAD")
		}
	}
	return out
}

// hasStatic reports whether the page has a file (or directory with an index) at p.
func (s *Server) hasStatic(p string) bool {
	name := strings.TrimPrefix(path.Clean("/"+p), "/")
	if name == "" {
		name = "."
	}
	_, err := fs.Stat(s.static, name)
	return err == nil
}

// staticFiles serves the page's files, and the JSON 404 for a path that has none.
func (s *Server) staticFiles() http.Handler {
	files := http.FileServerFS(s.static)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !s.hasStatic(r.URL.Path) {
			s.fallback(w, r)
			return
		}
		files.ServeHTTP(w, r)
	})
}
