package web

import "net/http"

// routes registers the API endpoints.
func (s *Server) routes() {
	s.handle("POST", "/api/nim", endpoint(s, func(r *NimRequest) bool { return r.Op == "table" || r.Wide }, s.nim))
	s.handle("POST", "/api/seq", endpoint(s, always[SeqRequest], s.seq))
	s.handle("POST", "/api/seq/stream", http.HandlerFunc(s.seqStream))
	s.features = append(s.features, "seq:code", "seq:ruleset", "seq:script", "solve:script", "play:script")
	s.mux.HandleFunc("GET /api/rules", s.rulesHandler)
	s.endpoints = append(s.endpoints, "/api/rules")
	s.handle("POST", "/api/solve", endpoint(s, always[SolveRequest], s.solve))
	s.handle("POST", "/api/play", endpoint(s, always[PlayRequest], s.play))
	s.handle("POST", "/api/script", endpoint(s, always[ScriptRequest], s.script))
	s.handle("POST", "/api/misere", endpoint(s, always[MisereRequest], s.misere))
}
