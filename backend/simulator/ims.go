package simulator

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"time"
)

// imsSections maps the list operation's section parameter to its answer key (§2.2).
var imsSections = map[string]string{"B2B": "b2b", "B2BA": "b2ba", "CN": "b2bcn", "CNA": "b2bcna", "DN": "b2bdn", "DNA": "b2bdna", "ECOM": "ecom", "ECOMA": "ecoma"}

// imsStatusFilter maps the list's status filter to the action code.
var imsStatusFilter = map[string]string{"accepted": "A", "rejected": "R", "pending": "P", "no_action_taken": "N"}

// reportSection is the error_report key of a section: the example names b2bdn "dn" and b2bcn "cn".
func reportSection(key string) string {
	switch key {
	case "b2bdn":
		return "dn"
	case "b2bcn":
		return "cn"
	}
	return key
}

// simJob is an asynchronous request: an IMS save or reset, or a 2B regeneration.
type simJob struct {
	kind      string // SAV, RES, GEN
	recipient string
	polls     int // answers of "IP" still to give
	status    string
	errCd     string
	errMsg    string
	proc, bad int
	report    map[string][]any
	apply     func() // run once, when the job finishes
	applied   bool
}

// imsDocs are the documents IMS lists for recipient: those of the IMS period (IMSPeriod), and
// those of earlier return periods kept pending there (IMS keeps a pending document until it is
// acted on; one acted on since stays listed with its action).
func (s *Server) imsDocs(recipient string) []*doc2b {
	y, m, ok := s.IMSPeriod()
	if !ok {
		return nil
	}
	var out []*doc2b
	for _, d := range s.generate2B(recipient, y, m) {
		if d.imsSection() != "" {
			out = append(out, d)
		}
	}
	cur := fmt.Sprintf("%02d%04d", m, y)
	for _, prd := range s.pendingPeriods(recipient, cur) {
		py, _ := strconv.Atoi(prd[2:])
		pm, _ := strconv.Atoi(prd[:2])
		for _, d := range s.generate2B(recipient, py, pm) {
			if d.imsSection() != "" && s.imsAction(recipient, d) != "N" {
				out = append(out, d)
			}
		}
	}
	return out
}

// pendingPeriods are the return periods before cur (MMYYYY) with a document of recipient kept
// pending (or acted on since), oldest first.
func (s *Server) pendingPeriods(recipient, cur string) []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	seen := map[string]bool{}
	var out []string
	for k, a := range s.imsActions {
		rest, ok := strings.CutPrefix(k, recipient+"|")
		i := strings.LastIndexByte(rest, '|')
		if !ok || a == "" || a == "N" || i < 0 {
			continue
		}
		prd := rest[i+1:]
		if len(prd) != 6 || prd[2:]+prd[:2] >= cur[2:]+cur[:2] || seen[prd] {
			continue
		}
		seen[prd] = true
		out = append(out, prd)
	}
	sort.Slice(out, func(i, j int) bool { return out[i][2:]+out[i][:2] < out[j][2:]+out[j][:2] })
	return out
}

func (s *Server) imsAction(recipient string, d *doc2b) string {
	deemed := s.deemedAccepted(d)
	s.mu.Lock()
	defer s.mu.Unlock()
	if a := s.imsActions[recipient+"|"+d.key()]; a != "" {
		if a == "P" && deemed {
			return "A"
		}
		return a
	}
	return "N"
}

// deemedAccepted reports whether a credit note kept pending is deemed accepted now (IMS 2.0): it
// may stay pending for one tax period only, so a credit note of return period p kept pending is
// accepted once the IMS period is two or more periods after p.
func (s *Server) deemedAccepted(d *doc2b) bool {
	if sec := d.imsSection(); (sec != "b2bcn" && sec != "b2bcna") || !s.IMS2() || len(d.supprd) != 6 {
		return false
	}
	y, m, _ := s.IMSPeriod()
	py, err1 := strconv.Atoi(d.supprd[2:])
	pm, err2 := strconv.Atoi(d.supprd[:2])
	return err1 == nil && err2 == nil && y*12+m >= py*12+pm+2
}

// SetIMSAction sets the action of one IMS document of the IMS period as if someone acted on the
// portal (tests use it to make a prev_status stale). section is the IMS key (b2b, b2bcn ...).
func (s *Server) SetIMSAction(recipient, section, stin, num, action string) {
	s.SetIMSActionIn(recipient, s.imsRtnPrd(), section, stin, num, action)
}

// SetIMSActionIn is SetIMSAction of the document of the supplier's return period rtnprd (MMYYYY):
// a document of an earlier period kept pending ("P") stays listed in IMS.
func (s *Server) SetIMSActionIn(recipient, rtnprd, section, stin, num, action string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.imsActions[recipient+"|"+section+"|"+stin+"|"+num+"|"+rtnprd] = action
}

// EditIMSDocument changes one IMS document of the IMS period as a supplier amending it would: its
// taxable value goes up by ₹1 (and its hash changes).
func (s *Server) EditIMSDocument(recipient, section, stin, num string) {
	rtnprd := s.imsRtnPrd()
	s.mu.Lock()
	defer s.mu.Unlock()
	s.imsEdits[recipient+"|"+section+"|"+stin+"|"+num+"|"+rtnprd]++
}

// RenumberDocument gives the document num of supplier stin in return period rtnprd (MMYYYY) the
// number newNum in GSTR-2B and IMS, as a supplier whose numbering starts again each year may
// (tests use it for one number in two return periods).
func (s *Server) RenumberDocument(recipient, rtnprd, stin, num, newNum string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.renumbered[recipient+"|"+rtnprd+"|"+stin+"|"+num] = newNum
}

// imsRtnPrd is the IMS period as MMYYYY.
func (s *Server) imsRtnPrd() string {
	y, m, _ := s.IMSPeriod()
	return fmt.Sprintf("%02d%04d", m, y)
}

func imsHash(d *doc2b) string {
	h := sha256.Sum256([]byte(d.key() + "|" + strconv.FormatFloat(d.val, 'f', 2, 64) + "|" + strconv.FormatFloat(d.txval, 'f', 2, 64)))
	return hex.EncodeToString(h[:])
}

// ims2Start is the first IMS period of IMS 2.0: from it, accepting a credit note or a downward
// amendment declares whether credit must be reduced (itcRedReq), and remarks can be kept.
var ims2Start = time.Date(2025, 10, 1, 0, 0, 0, 0, time.UTC)

// IMS2 reports whether the IMS period is October 2025 or later (IMS 2.0: itcRedReq is required
// on accepting a credit note or a downward amendment).
func (s *Server) IMS2() bool {
	y, m, ok := s.IMSPeriod()
	return ok && !time.Date(y, time.Month(m), 1, 0, 0, 0, 0, time.UTC).Before(ims2Start)
}

// imsExtra is what an IMS 2.0 save kept with the action of a document.
type imsExtra struct {
	redReq  string     // itcRedReq: Y, N or ""
	decl    *amounts2b // declIgst ... declCess when given (with Y)
	remarks string
}

// takesRedReq reports whether accepting the document declares itcRedReq: credit notes and their
// amendments, and amendments of invoices and debit notes that lower the tax.
func takesRedReq(d *doc2b) bool {
	switch d.imsSection() {
	case "b2bcn", "b2bcna":
		return true
	case "b2ba", "b2bdna":
		return d.downward()
	}
	return false
}

// redReqCap is the most ITC reduction a document can declare, per head: a credit note's own tax;
// a downward amendment's fall from the original.
func redReqCap(d *doc2b) amounts2b {
	if d.orig != nil && (d.section == "b2ba" || d.section == "cdnra" && d.noteType == "D") {
		return amounts2b{igst: d.orig.igst, cgst: d.orig.cgst, sgst: d.orig.sgst, cess: d.orig.cess}
	}
	return amounts2b{igst: d.igst, cgst: d.cgst, sgst: d.sgst, cess: d.cess}
}

func imsRecord(d *doc2b, action string, ims2 bool, x imsExtra) map[string]any {
	m := map[string]any{"stin": d.ctin, "rtnprd": d.supprd, "srcform": "R1", "inv_typ": d.typ, "action": action, "pos": d.pos,
		"ispendactblocked": "N", "srcfilstatus": "Filed", "val": d.val, "txval": d.txval, "iamt": d.igst, "camt": d.cgst,
		"samt": d.sgst, "cess": d.cess, "hash": imsHash(d)}
	if d.blocked {
		m["ispendactblocked"] = "Y"
	}
	if d.section == "ecom" || d.section == "ecoma" {
		delete(m, "inv_typ")
	}
	if d.section == "cdnr" || d.section == "cdnra" {
		m["nt_num"], m["nt_dt"] = d.num, d.dt
	} else {
		m["inum"], m["idt"] = d.num, d.dt
	}
	switch d.section {
	case "b2ba", "ecoma":
		m["oinum"], m["oidt"] = d.onum, d.odt
	case "cdnra":
		m["ont_num"], m["ont_dt"] = d.onum, d.odt
	}
	if !ims2 {
		return m
	}
	m["isRemarksBlocked"] = yn(d.remarksBlocked)
	if x.remarks != "" {
		m["remarks"] = x.remarks
	}
	if takesRedReq(d) {
		m["isItcRedReqBlocked"] = yn(d.redReqBlocked)
		if x.redReq != "" {
			m["itcRedReq"] = x.redReq
		}
		if x.decl != nil {
			m["declIgst"], m["declCgst"], m["declSgst"], m["declCess"] = x.decl.igst, x.decl.cgst, x.decl.sgst, x.decl.cess
		}
	}
	return m
}

func yn(b bool) string {
	if b {
		return "Y"
	}
	return "N"
}

func (s *Server) imsExtraOf(recipient string, d *doc2b) imsExtra {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.imsExtras[recipient+"|"+d.key()]
}

// imsRoute answers the IMS paths.
func (s *Server) imsRoute(r *request) reply {
	p := strings.TrimPrefix(r.URL.Path, imsPrefix)
	want := map[string]string{"": http.MethodGet, "/count": http.MethodGet, "/status": http.MethodGet,
		"/status/save": http.MethodPost, "/status/reset": http.MethodPost}
	m, ok := want[p]
	if !ok {
		return s.flat(http.StatusNotFound, "Not Found")
	}
	if r.Method != m {
		return s.flat(http.StatusMethodNotAllowed, "Method Not Allowed")
	}
	if p == "/status" {
		return s.jobStatusReply(r, "IMS")
	}
	ss, rep := s.session(r)
	if rep != nil {
		return *rep
	}
	switch p {
	case "/count":
		return s.imsCount(r, ss.gstin)
	case "/status/save":
		return s.imsSave(r, ss.gstin, false)
	case "/status/reset":
		return s.imsSave(r, ss.gstin, true)
	}
	return s.imsList(r, ss.gstin)
}

func (s *Server) imsCount(r *request, recipient string) reply {
	tog := r.URL.Query().Get("type_of_goods")
	if tog == "" {
		tog = "others"
	}
	if tog != "others" && tog != "imports" && tog != "inward_supplies" {
		return s.flat(http.StatusUnprocessableEntity, "Invalid type_of_goods: "+tog)
	}
	secs := map[string]any{}
	counts := map[string]map[string]int{}
	for _, k := range imsSections {
		counts[k] = map[string]int{"accept": 0, "noaction": 0, "pending": 0, "reject": 0}
	}
	total := 0
	if tog == "others" {
		names := map[string]string{"A": "accept", "N": "noaction", "P": "pending", "R": "reject"}
		for _, d := range s.imsDocs(recipient) {
			counts[d.imsSection()][names[s.imsAction(recipient, d)]]++
			total++
		}
	}
	for k, v := range counts {
		secs[k] = v
	}
	secs["ttl_cnt"] = total
	return s.ok(map[string]any{"all_oth": secs})
}

func (s *Server) imsList(r *request, recipient string) reply {
	q := r.URL.Query()
	sec := strings.ToUpper(q.Get("section"))
	if sec == "" {
		sec = "B2B"
	}
	key, ok := imsSections[sec]
	if !ok {
		return s.flat(http.StatusUnprocessableEntity, "Invalid section: "+q.Get("section"))
	}
	filter := ""
	if st := q.Get("status"); st != "" {
		if filter, ok = imsStatusFilter[st]; !ok {
			return s.flat(http.StatusUnprocessableEntity, "Invalid status: "+st)
		}
	}
	list := []any{}
	ims2 := s.IMS2()
	for _, d := range s.imsDocs(recipient) {
		if d.imsSection() != key {
			continue
		}
		a := s.imsAction(recipient, d)
		if filter != "" && a != filter {
			continue
		}
		list = append(list, imsRecord(d, a, ims2, s.imsExtraOf(recipient, d)))
	}
	return s.ok(map[string]any{key: list})
}

// imsSave takes a save or reset: it checks the body as the GSTN schema does (a failure is an ER
// job, IMSSAV005), checks each record against the document as it is now (a stale prev_status or
// amounts the supplier has since changed: IMSSAV0010), and answers a reference id; the actions
// take effect when the job finishes.
func (s *Server) imsSave(r *request, recipient string, reset bool) reply {
	job := &simJob{kind: "SAV", recipient: recipient, report: map[string][]any{}}
	if reset {
		job.kind = "RES"
	}
	var body struct {
		RTIN    string                      `json:"rtin"`
		ReqTyp  string                      `json:"reqtyp"`
		InvData map[string][]map[string]any `json:"invdata"`
	}
	wantTyp := "SAVE"
	if reset {
		wantTyp = "RESET"
	}
	schemaOK := json.Unmarshal(r.body, &body) == nil && body.RTIN == recipient && body.ReqTyp == wantTyp && len(body.InvData) > 0
	type change struct {
		key, action string
		extra       imsExtra
	}
	ims2 := s.IMS2()
	var changes []change
	if schemaOK {
		docs := map[string]*doc2b{}
		for _, d := range s.imsDocs(recipient) {
			docs[d.key()] = d
		}
	sections:
		for sec, recs := range body.InvData {
			if !validIMSKey(sec) || len(recs) == 0 {
				schemaOK = false
				break
			}
			for _, rec := range recs {
				if !imsSchemaOK(sec, rec, reset) {
					schemaOK = false
					break sections
				}
				stin, _ := rec["stin"].(string)
				num, _ := rec["inum"].(string)
				if strings.HasPrefix(sec, "b2bcn") || strings.HasPrefix(sec, "b2bdn") {
					num, _ = rec["nt_num"].(string)
				}
				rtnprd, _ := rec["rtnprd"].(string)
				prev, _ := rec["prev_status"].(string)
				action, _ := rec["action"].(string)
				if reset {
					action = "N"
				}
				fail := func(code, msg string) {
					job.bad++
					job.report[reportSection(sec)] = append(job.report[reportSection(sec)], map[string]any{"stin": stin, "error_cd": code, "error_msg": msg,
						"inv": []any{map[string]any{"inum": num, "rtnprd": rtnprd}}})
				}
				job.proc++
				d := docs[sec+"|"+stin+"|"+num+"|"+rtnprd]
				switch {
				case d == nil || prev != s.imsAction(recipient, d) || !sameAmount(rec["val"], d.val) || !sameAmount(rec["txval"], d.txval):
					fail("IMSSAV0010", "Either previous action is incorrect/ invoice might have edited by supplier")
				case action == "P" && d.blocked:
					// Not a documented code: the simulator's own for a pending action the portal blocks.
					fail("IMSSAV0011", "Pending action is not allowed for this record")
				default:
					x, code, msg := ims2Fields(d, rec, action, ims2)
					if code != "" {
						fail(code, msg)
						continue
					}
					changes = append(changes, change{d.key(), action, x})
				}
			}
		}
	}
	switch {
	case !schemaOK:
		job.status, job.errCd, job.errMsg, job.proc, job.bad, job.report = "ER", "IMSSAV005", "Schema validation failure", 0, 0, nil
	case job.bad > 0:
		job.status = "PE"
	default:
		job.status = "P"
	}
	job.apply = func() {
		for _, c := range changes {
			s.imsActions[recipient+"|"+c.key] = c.action
			if c.extra == (imsExtra{}) {
				delete(s.imsExtras, recipient+"|"+c.key)
			} else {
				s.imsExtras[recipient+"|"+c.key] = c.extra
			}
		}
	}
	return s.ok(map[string]any{"reference_id": s.addJob(job)})
}

// ims2Fields checks the IMS 2.0 fields of one saved record against the document and returns what
// to keep with the action, or the error code and message of the document's refusal. IMSSAV0054
// is the service's (confirmed); the other codes are the simulator's own, as the service's are not
// published.
func ims2Fields(d *doc2b, rec map[string]any, action string, ims2 bool) (imsExtra, string, string) {
	var x imsExtra
	x.remarks, _ = rec["remarks"].(string)
	x.redReq, _ = rec["itcRedReq"].(string)
	var decl amounts2b
	hasDecl := false
	for _, f := range []struct {
		k   string
		dst *float64
	}{{"declIgst", &decl.igst}, {"declCgst", &decl.cgst}, {"declSgst", &decl.sgst}, {"declCess", &decl.cess}} {
		if v, ok := rec[f.k].(float64); ok {
			*f.dst, hasDecl = v, true
		}
	}
	switch {
	case x.remarks != "" && d.remarksBlocked:
		return x, "IMSSAV0057", "Remarks cannot be entered for this record"
	case x.redReq == "" && hasDecl:
		return x, "IMSSAV0055", "Declared ITC reduction can be given only with itcRedReq Y"
	case x.redReq == "":
		if ims2 && action == "A" && takesRedReq(d) && !d.redReqBlocked {
			return x, "IMSSAV0054", "Please enter value for the column itcRedReq"
		}
		return x, "", ""
	case d.redReqBlocked:
		return x, "IMSSAV0055", "ITC reduction of this record is decided by the system (isItcRedReqBlocked); itcRedReq cannot be entered"
	case action != "A":
		return x, "IMSSAV0055", "itcRedReq can be entered only when accepting a record"
	case d.imsSection() != "b2bcn" && d.imsSection() != "b2bcna" && d.imsSection() != "b2ba" && d.imsSection() != "b2bdna":
		return x, "IMSSAV0055", "itcRedReq is not applicable to this record"
	case hasDecl && x.redReq != "Y":
		return x, "IMSSAV0055", "Declared ITC reduction can be given only with itcRedReq Y"
	}
	if hasDecl {
		c := redReqCap(d)
		if decl.igst > c.igst+0.005 || decl.cgst > c.cgst+0.005 || decl.sgst > c.sgst+0.005 || decl.cess > c.cess+0.005 {
			return x, "IMSSAV0056", "Declared ITC reduction cannot be more than the tax of the record"
		}
		x.decl = &decl
	}
	return x, "", ""
}

func validIMSKey(k string) bool {
	for _, v := range imsSections {
		if v == k {
			return true
		}
	}
	return false
}

// imsSchemaOK checks one record of a save or reset as the GSTN save schema does: the required
// fields, the action codes, amounts as numbers ≥ 0, no other fields.
func imsSchemaOK(sec string, rec map[string]any, reset bool) bool {
	note := strings.HasPrefix(sec, "b2bcn") || strings.HasPrefix(sec, "b2bdn")
	amend := strings.HasSuffix(sec, "a")
	req := []string{"stin", "rtnprd", "srcform", "pos", "val", "txval", "iamt", "camt", "samt", "cess", "prev_status"}
	if note {
		req = append(req, "nt_num", "nt_dt")
	} else {
		req = append(req, "inum", "idt")
	}
	if !strings.HasPrefix(sec, "ecom") {
		req = append(req, "inv_typ")
	}
	if amend {
		if note {
			req = append(req, "ont_num", "ont_dt")
		} else {
			req = append(req, "oinum", "oidt")
		}
	}
	if !reset {
		req = append(req, "action")
	}
	allowed := map[string]bool{"remarks": true, "itcRedReq": true, "declIgst": true, "declCgst": true, "declSgst": true, "declCess": true}
	for _, k := range req {
		if _, ok := rec[k]; !ok {
			return false
		}
		allowed[k] = true
	}
	for k, v := range rec {
		if !allowed[k] {
			return false
		}
		switch k {
		case "val", "txval", "iamt", "camt", "samt", "cess":
			f, ok := v.(float64)
			if !ok || f < 0 {
				return false
			}
		case "action":
			if a, _ := v.(string); a != "A" && a != "R" && a != "P" {
				return false
			}
		case "prev_status":
			if a, _ := v.(string); a != "A" && a != "R" && a != "P" && a != "N" {
				return false
			}
		case "itcRedReq":
			if a, _ := v.(string); a != "Y" && a != "N" {
				return false
			}
		case "declIgst", "declCgst", "declSgst", "declCess":
			f, ok := v.(float64)
			if !ok || f < 0 {
				return false
			}
		case "remarks":
			if _, ok := v.(string); !ok {
				return false
			}
		}
	}
	return true
}

// sameAmount compares an amount sent (absolute, as the schema wants) with the document's.
func sameAmount(v any, want float64) bool {
	f, ok := v.(float64)
	return ok && math.Abs(f-math.Abs(want)) < 0.005
}

// addJob keeps a job and returns its reference id.
func (s *Server) addJob(j *simJob) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	polls := s.opts.IMSPolls
	if polls == 0 {
		polls = 1
	}
	j.polls = max(polls, 0)
	s.seq++
	ref := fmt.Sprintf("%015x", mix(uint64(s.opts.Seed), s.seq))[:15]
	s.jobs[ref] = j
	return ref
}

// jobStatusReply answers a status poll: IP while the job runs (always, with the StuckJobs fault),
// then its outcome. family is IMS (save/reset) or GEN (regeneration); a reference of the other
// family, or none at all, is IMS0008.
func (s *Server) jobStatusReply(r *request, family string) reply {
	if _, rep := s.session(r); rep != nil {
		return *rep
	}
	ref := r.URL.Query().Get("reference_id")
	s.mu.Lock()
	j := s.jobs[ref]
	if j == nil || (family == "GEN") != (j.kind == "GEN") {
		s.mu.Unlock()
		return s.businessError("IMS0008", "No records found for requested internal transaction Id")
	}
	stuck := s.faults.StuckJobs
	if !stuck && j.polls > 0 {
		j.polls--
		stuck = true
	}
	if !stuck && !j.applied {
		j.applied = true
		if j.apply != nil {
			j.apply()
		}
	}
	status := j.status
	if stuck {
		status = "IP"
	}
	out := map[string]any{"err_cd": j.errCd, "err_msg": j.errMsg, "status_cd": status}
	if j.kind != "GEN" {
		out["transTypCd"] = "SAV"
		if j.kind == "RES" {
			out["transTypCd"] = "RES"
		}
		out["proc_cnt"] = strconv.Itoa(j.proc)
		if status != "IP" {
			if j.bad > 0 || status == "ER" {
				out["err_cnt"] = strconv.Itoa(j.bad)
			}
			if len(j.report) > 0 {
				out["error_report"] = j.report
			}
		}
	}
	s.mu.Unlock()
	return s.ok(out)
}

// regenerate2B starts a regeneration of the 2B of a period: only the IMS period can be
// regenerated (else IMS2B007), and only once its draft exists (else IMS2B009).
func (s *Server) regenerate2B(r *request, year, month int) reply {
	ss, rep := s.session(r)
	if rep != nil {
		return *rep
	}
	y, m, ok := s.IMSPeriod()
	if !ok || y != year || m != month {
		return s.businessError("IMS2B007", "Either the entered ITC period is incorrect or it has 3B filed")
	}
	if gen := GSTR2BGenerationDate(year, month); s.opts.Now().Before(gen) {
		return s.businessError("IMS2B009", "Kindly generate 2b after "+gen.Format("02/01/2006"))
	}
	recipient := ss.gstin
	job := &simJob{kind: "GEN", recipient: recipient, status: "P"}
	job.apply = func() {
		g := &gstr2bGen{actions: map[string]string{}, extra: map[string]imsExtra{}, at: s.opts.Now().UTC()}
		for k, v := range s.imsActions {
			if rest, ok := strings.CutPrefix(k, recipient+"|"); ok {
				g.actions[rest] = v
			}
		}
		for k, v := range s.imsExtras {
			if rest, ok := strings.CutPrefix(k, recipient+"|"); ok {
				g.extra[rest] = v
			}
		}
		s.gen2b[fmt.Sprintf("%s|%04d%02d", recipient, year, month)] = g
	}
	return s.ok(map[string]any{"reference_id": s.addJob(job)})
}
