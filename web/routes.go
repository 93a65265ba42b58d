package web

import "net/http"

// routes registers the API endpoints: each POST /api/NAME is the endpoint NAME of package api.
func (s *Server) routes() {
	s.handle("POST", "/api/nim", s.apiEndpoint("nim"))
	s.handle("POST", "/api/seq", s.apiEndpoint("seq"))
	s.handle("POST", "/api/seq/stream", http.HandlerFunc(s.seqStream))
	s.features = append(s.features, "seq:code", "seq:ruleset", "seq:script", "solve:script", "play:script")
	s.mux.HandleFunc("GET /api/rules", s.rulesHandler)
	s.endpoints = append(s.endpoints, "/api/rules")
	s.handle("POST", "/api/solve", s.apiEndpoint("solve"))
	s.handle("POST", "/api/play", s.apiEndpoint("play"))
	s.handle("POST", "/api/script", s.apiEndpoint("script"))
	s.handle("POST", "/api/misere", s.apiEndpoint("misere"))
	s.handle("POST", "/api/guess", s.apiEndpoint("guess"))
	s.handle("POST", "/api/basis", s.apiEndpoint("basis"))
	s.handle("POST", "/api/count", s.apiEndpoint("count"))
	s.handle("POST", "/api/scan", s.apiEndpoint("scan"))
}
