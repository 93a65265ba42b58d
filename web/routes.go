package web

// routes registers the API endpoints.
func (s *Server) routes() {
	s.handle("POST", "/api/nim", endpoint(s, func(r *NimRequest) bool { return r.Op == "table" }, s.nim))
	s.handle("POST", "/api/seq", endpoint(s, always[SeqRequest], s.seq))
	s.features = append(s.features, "seq:code")
	s.handle("POST", "/api/script", endpoint(s, always[ScriptRequest], s.script))
}
