package web

// routes registers the API endpoints.
func (s *Server) routes() {
	s.handle("POST", "/api/seq", endpoint(s, always[SeqRequest], s.seq))
	s.features = append(s.features, "seq:code")
}
