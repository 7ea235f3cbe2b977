package simulator

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/mail"
	"regexp"
	"sort"
	"strings"
	"time"

	"gstdesk/backend/gstin"
)

// gstinPattern is the service's pattern check: the shape of any GSTIN family (no check character).
var gstinPattern = regexp.MustCompile(`^[0-9]{2}[A-Z0-9]{10}[0-9A-Z][A-Z0-9][0-9A-Z]$`)

// lookupGSTIN checks the pattern (422 when bad) and finds the taxpayer (FO8000 when unknown).
func (s *Server) lookupGSTIN(g string) (*Taxpayer, *reply) {
	// Like the service, only the pattern is checked here, not the check character.
	_, err := gstin.Parse(g)
	var ge *gstin.Error
	if (err != nil && (!errors.As(err, &ge) || ge.Code != gstin.ReasonCheckChar)) || !gstinPattern.MatchString(g) {
		rep := s.flat(http.StatusUnprocessableEntity, "Invalid GSTIN pattern")
		return nil, &rep
	}
	t, ok := s.reg.byGSTIN[g]
	if !ok {
		rep := s.businessError("FO8000", "No records found")
		return nil, &rep
	}
	return t, nil
}

var fyPattern = regexp.MustCompile(`^FY (\d{4})-(\d{2})$`)

// checkFY accepts "FY 2025-26" with consecutive years; otherwise 422 "Invalid financial year: ...".
func (s *Server) checkFY(fy string) *reply {
	m := fyPattern.FindStringSubmatch(fy)
	bad := func() *reply {
		rep := s.flat(http.StatusUnprocessableEntity, "Invalid financial year: "+fy)
		return &rep
	}
	if m == nil {
		return bad()
	}
	var start, end int
	fmt.Sscan(m[1], &start)
	fmt.Sscan(m[2], &end)
	if end != (start+1)%100 {
		return bad()
	}
	return nil
}

func (s *Server) search(r *request) reply {
	b, bad := s.object(r, map[string]string{"gstin": "string"}, "gstin")
	if bad != nil {
		return *bad
	}
	t, rep := s.lookupGSTIN(b["gstin"].(string))
	if rep != nil {
		return *rep
	}
	return s.ok(t.searchPayload())
}

func (s *Server) verify(r *request) reply {
	b, bad := s.object(r, map[string]string{"gstin": "string"}, "gstin")
	if bad != nil {
		return *bad
	}
	t, rep := s.lookupGSTIN(b["gstin"].(string))
	if rep != nil {
		return *rep
	}
	return s.ok(t.verifyPayload())
}

func (s *Server) preference(r *request) reply {
	if rep := s.checkFY(r.URL.Query().Get("financial_year")); rep != nil {
		return *rep
	}
	b, bad := s.object(r, map[string]string{"gstin": "string"}, "gstin")
	if bad != nil {
		return *bad
	}
	t, rep := s.lookupGSTIN(b["gstin"].(string))
	if rep != nil {
		return *rep
	}
	items := make([]map[string]string, 4)
	for q := range items {
		p := t.Preference
		if mix(hashString(t.GSTIN), hashString(r.URL.Query().Get("financial_year")), uint64(q))%7 == 0 {
			p = map[string]string{"M": "Q", "Q": "M"}[p]
		}
		items[q] = map[string]string{"preference": p, "quarter": fmt.Sprintf("Q%d", q+1)}
	}
	return s.ok(map[string]any{"response": items})
}

var datePattern = regexp.MustCompile(`^\d{2}-\d{2}-\d{4}$`)

func (s *Server) changedList(r *request) reply {
	b, bad := s.object(r, map[string]string{"date": "string", "state_code": "string", "page": "integer"}, "date", "state_code")
	if bad != nil {
		return *bad
	}
	ds, st := b["date"].(string), b["state_code"].(string)
	page := 1
	if p, ok := b["page"].(int); ok {
		page = p
	}
	day, err := time.Parse("02-01-2006", ds)
	if !datePattern.MatchString(ds) || err != nil || len(st) != 2 || strings.Trim(st, "0123456789") != "" || page < 1 {
		return s.flat(http.StatusBadRequest, "Invalid request body")
	}
	all := s.changes(st, day)
	size := s.opts.PageSize
	pages := (len(all) + size - 1) / size
	if len(all) == 0 || page > pages {
		return s.businessError("FO8000", "No records found")
	}
	chunk := all[(page-1)*size : min(page*size, len(all))]
	dtls := make([]map[string]string, len(chunk))
	for i, c := range chunk {
		dtls[i] = map[string]string{"chng_typ": c.typ, "gstin": gstin.MD5(c.gstin), "chng_dt": ds}
	}
	ismpg := "N"
	if pages > 1 {
		ismpg = "Y"
	}
	return s.ok(map[string]any{"tpgcnt": pages, "cpgnum": page, "ismpg": ismpg, "cnt": len(chunk),
		"gstLst": []any{map[string]any{"state_cd": st, "gstdtls": dtls}}, "totalCount": len(all)})
}

type change struct{ gstin, typ string }

// changes lists the GSTINs of a state that changed on a day: registry taxpayers cancelled that day
// or picked by the seed, then made-up GSTINs of the state. Days after Now have none.
func (s *Server) changes(st string, day time.Time) []change {
	if day.After(s.opts.Now()) || !gstin.ValidStateCode(st) {
		return nil
	}
	var out []change
	key := uint64(day.Unix() / 86400)
	for _, t := range s.reg.list {
		if t.StateCode != st {
			continue
		}
		switch {
		case !t.CancelDate.IsZero() && t.CancelDate.Equal(day):
			out = append(out, change{t.GSTIN, "C"})
		case mix(uint64(s.opts.Seed), key, hashString(t.GSTIN))%9 == 0:
			out = append(out, change{t.GSTIN, "U"})
		}
	}
	n := int(mix(uint64(s.opts.Seed), key, hashString(st)) % 140)
	for i := 0; i < n; i++ {
		h := mix(uint64(s.opts.Seed), key, hashString(st), uint64(i))
		pan := fmt.Sprintf("%c%c%c%c%c%04d%c", 'A'+h%26, 'A'+h/26%26, 'A'+h/676%26, "PCFPCH"[h/17576%6], 'A'+h/105456%26, h/2741856%10000, 'A'+h/27418560000%26)
		typ := string("GCUIEGUU"[h>>40%8])
		out = append(out, change{gstin.Make(st, pan, '1'), typ})
	}
	return out
}

func (s *Server) applicant(r *request) reply {
	b, bad := s.object(r, map[string]string{"enrolment_number": "string"}, "enrolment_number")
	if bad != nil {
		return *bad
	}
	en := b["enrolment_number"].(string)
	if len(en) == 0 || len(en) > 15 {
		return s.flat(http.StatusBadRequest, "Invalid request body")
	}
	a, ok := s.reg.byEnrol[en]
	if !ok {
		return s.businessError("FO8000", "No records found")
	}
	st := gstin.StateName(a.StateCode)
	d := districts[a.StateCode]
	return s.ok(map[string]any{
		"name": a.Name, "pan": a.PAN, "state": st, "goodsdetails": "Apparel and accessories", "servicedetails": "",
		"authstatus": a.Status, "regdt": ddmmyyyy(a.RegDate, "/"), "candt": ddmmyyyy(a.CancelDate, "/"),
		"addtls": map[string]any{"bno": "14", "bnm": "Shanti Niwas", "st": "Station Road", "loc": d[0], "pncd": d[1] + "001",
			"stcd": st, "lg": "", "lt": "", "dst": d[0], "cnty": "IND", "landMark": "", "city": d[0]},
	})
}

func (s *Server) validateApplicant(r *request) reply {
	b, bad := s.object(r, map[string]string{"enrolment_number": "string", "mobile": "string", "email": "string"}, "enrolment_number")
	if bad != nil {
		return *bad
	}
	en := b["enrolment_number"].(string)
	mobile, hasMobile := b["mobile"].(string)
	email, hasEmail := b["email"].(string)
	badBody := s.flat(http.StatusBadRequest, "Invalid request body")
	if len(en) == 0 || len(en) > 15 || (!hasMobile && !hasEmail) || len(mobile) > 10 || len(email) > 254 {
		return badBody
	}
	if hasEmail {
		if a, err := mail.ParseAddress(email); err != nil || a.Address != email {
			return badBody
		}
	}
	a, ok := s.reg.byEnrol[en]
	if !ok {
		return s.businessError("FO8000", "No records found")
	}
	match := func(ok bool) string {
		if ok {
			return "matched"
		}
		return "unmatched"
	}
	out := map[string]any{"Enrolment Number": en}
	if hasMobile {
		out["Mobile Number"] = match(mobile == a.Mobile)
	}
	if hasEmail {
		out["Email Address"] = match(strings.EqualFold(email, a.Email))
	}
	return s.ok(out)
}

func (s *Server) requestOTP(r *request) reply {
	b, bad := s.object(r, map[string]string{"username": "string", "gstin": "string"}, "username", "gstin")
	if bad != nil {
		return *bad
	}
	g, u := b["gstin"].(string), b["username"].(string)
	t, rep := s.lookupGSTIN(g)
	if rep != nil {
		return *rep
	}
	if u == "" || t.Status != "Active" {
		return s.businessError("AUTH4037", "Invalid username or the GSTIN is not active")
	}
	s.mu.Lock()
	s.otps[u+"|"+g] = true
	s.mu.Unlock()
	return s.envelope(map[string]any{"status_cd": "1"}, true)
}

func (s *Server) verifyOTP(r *request) reply {
	b, bad := s.object(r, map[string]string{"username": "string", "gstin": "string"}, "username", "gstin")
	if bad != nil {
		return *bad
	}
	key := b["username"].(string) + "|" + b["gstin"].(string)
	s.mu.Lock()
	pending := s.otps[key]
	s.mu.Unlock()
	if !pending {
		return s.businessError("AUTH4034", "OTP not requested for this user")
	}
	if r.URL.Query().Get("otp") != s.opts.OTP {
		return s.businessError("AUTH4038", "Invalid OTP")
	}
	s.mu.Lock()
	delete(s.otps, key)
	s.mu.Unlock()
	return s.newSession(b["gstin"].(string), b["username"].(string))
}

func (s *Server) newSession(g, user string) reply {
	exp := s.opts.Now().Add(SessionLifetime)
	tok := s.jwt(exp, "taxpayer")
	s.mu.Lock()
	s.sessions[tok] = &tpSession{gstin: g, username: user, expiry: exp}
	s.mu.Unlock()
	return s.envelope(map[string]any{"access_token": tok, "session_expiry": exp.UnixMilli(), "token_expiry": exp.UnixMilli(), "status_cd": "1"}, true)
}

// session finds the live taxpayer session of the authorization header.
func (s *Server) session(r *request) (*tpSession, *reply) {
	s.mu.Lock()
	ss, ok := s.sessions[r.Header.Get("authorization")]
	live := ok && s.opts.Now().Before(ss.expiry)
	s.mu.Unlock()
	if !live {
		rep := s.businessError("AUTH4033", "Invalid Session")
		return nil, &rep
	}
	return ss, nil
}

func (s *Server) refreshSession(r *request) reply {
	ss, rep := s.session(r)
	if rep != nil {
		return *rep
	}
	s.mu.Lock()
	delete(s.sessions, r.Header.Get("authorization"))
	s.mu.Unlock()
	return s.newSession(ss.gstin, ss.username)
}

func (s *Server) logout(r *request) reply {
	if _, rep := s.session(r); rep != nil {
		return *rep
	}
	s.mu.Lock()
	delete(s.sessions, r.Header.Get("authorization"))
	s.mu.Unlock()
	return s.envelope(map[string]any{"status_cd": "1"}, true)
}

func (s *Server) salaryTDS(r *request) reply {
	fy := r.URL.Query().Get("financial_year")
	if rep := s.checkFY(fy); rep != nil {
		return *rep
	}
	var wb struct {
		Name   string            `json:"name"`
		Entity string            `json:"@entity"`
		Sheets []json.RawMessage `json:"sheets"`
	}
	if err := json.Unmarshal(r.body, &wb); err != nil || wb.Sheets == nil {
		return s.flat(http.StatusBadRequest, "Invalid request body")
	}
	if s.opts.TDS == nil {
		return s.flat(http.StatusServiceUnavailable, "Service Unavailable")
	}
	out, err := s.opts.TDS(fy, json.RawMessage(r.body))
	if err != nil {
		return s.flat(http.StatusUnprocessableEntity, err.Error())
	}
	if !json.Valid(out) {
		return s.flat(http.StatusInternalServerError, "Internal Server Error")
	}
	return s.envelope(json.RawMessage(out), false)
}

// sortedKeys is used by tests and by deterministic output where maps are walked.
func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
