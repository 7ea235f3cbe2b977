package simulator

import "time"

// AdoptSession makes the simulator accept a taxpayer token it issued in an earlier run, as the
// real portal would within the session's lifetime. The demo workspace starts a fresh simulator in
// every process (the window, each gstdesk command) and calls this with the session it kept, so a
// sign-in survives a restart just as it does against the real service.
func (s *Server) AdoptSession(token, gstin, username string, expiry time.Time) {
	if token == "" || !s.opts.Now().Before(expiry) {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.sessions[token]; !ok {
		s.sessions[token] = &tpSession{gstin: gstin, username: username, expiry: expiry}
	}
}
