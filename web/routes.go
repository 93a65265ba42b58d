package web

// routes registers the API endpoints.
func (s *Server) routes() {
}
