// Package ims keeps the recipient's side of the Invoice Management System (gstr2b-ims.md §2): it
// reads and checks the documents the service lists, keeps the last list of each section, builds
// save and reset requests that echo each document exactly as the service gave it (prev_status,
// amounts), refuses locally what the portal would refuse (a pending action it blocks), and keeps
// the log of every action sent: who, when, what, and how it ended.
package ims

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"

	"gstdesk/backend/apperr"
	"gstdesk/backend/civil"
	"gstdesk/backend/gstapi"
	"gstdesk/backend/gstin"
	"gstdesk/backend/money"
	"gstdesk/backend/period"
	"gstdesk/backend/utf8check"
)

// Action codes (on read: A, R, P, N; on save: A, R, P).
const (
	Accepted = "A"
	Rejected = "R"
	Pending  = "P"
	NoAction = "N"
)

// ActionCode reads an action as a person writes it (accept, reject, pending, reset / no_action)
// and gives its code; reset gives N.
func ActionCode(s string) (string, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "accept", "accepted", "a":
		return Accepted, nil
	case "reject", "rejected", "r":
		return Rejected, nil
	case "pending", "keep pending", "p":
		return Pending, nil
	case "reset", "no_action", "no_action_taken", "noaction", "n":
		return NoAction, nil
	}
	return "", apperr.New(apperr.Invalid, "The IMS action %q is none of accept, reject, pending, reset.", s)
}

// ActionWord says an action code in words.
func ActionWord(code string) string {
	switch code {
	case Accepted:
		return "accepted"
	case Rejected:
		return "rejected"
	case Pending:
		return "pending"
	case NoAction:
		return "no action"
	}
	return code
}

// Record is one document as the IMS list gave it.
type Record struct {
	Section    string `json:"section"` // b2b, b2ba, b2bcn, b2bcna, b2bdn, b2bdna, ecom, ecoma
	STIN       string `json:"stin"`
	RtnPrd     string `json:"rtnprd"`
	SrcForm    string `json:"srcform"`
	Number     string `json:"number"`
	Date       string `json:"date"` // as given, DD-MM-YYYY
	DateISO    string `json:"date_iso"`
	OrigNumber string `json:"orig_number,omitempty"`
	OrigDate   string `json:"orig_date,omitempty"`
	InvType    string `json:"inv_typ,omitempty"`
	Action     string `json:"action"`
	POS        string `json:"pos"`
	// PendingBlocked is ispendactblocked Y: the portal does not allow "pending" for it.
	PendingBlocked bool `json:"pending_blocked"`
	// SupplierFiled is srcfilstatus "Filed".
	SupplierFiled bool        `json:"supplier_filed"`
	Value         money.Paise `json:"value"`
	Taxable       money.Paise `json:"taxable"`
	IGST          money.Paise `json:"igst"`
	CGST          money.Paise `json:"cgst"`
	SGST          money.Paise `json:"sgst"`
	Cess          money.Paise `json:"cess"`
	Hash          string      `json:"hash"`
	// ITC is the IMS 2.0 part (from the October 2025 tax period): itcRedReq, isItcRedReqBlocked,
	// the declared reduction, remarks, isRemarksBlocked.
	gstapi.IMSITC
	// Raw is the record exactly as the service sent it, echoed in saves.
	Raw json.RawMessage `json:"-"`
}

// Tax is IGST + CGST + SGST + cess.
func (r *Record) Tax() money.Paise { return r.IGST + r.CGST + r.SGST + r.Cess }

// IsNote reports whether the section is of credit or debit notes (nt_num, nt_dt).
func IsNote(section string) bool {
	return strings.HasPrefix(section, "b2bcn") || strings.HasPrefix(section, "b2bdn")
}

func isAmendment(section string) bool { return strings.HasSuffix(section, "a") }

// RetPeriod writes a period (MMYYYY or YYYY-MM) as IMS's rtnprd, MMYYYY; what is not a period is
// given back trimmed.
func RetPeriod(p string) string {
	p = strings.TrimSpace(p)
	if m, err := period.ParseMonth(p); err == nil && m.Year != 0 {
		return m.RetPeriod()
	}
	return p
}

// Parse reads one section of the IMS list (data.data: {"<section>": [...]}) and checks each record:
// a record without its hash, action, number, date or amounts is a broken answer (nothing of the
// list is kept). An answer without the section's list is an empty list only when it is an empty
// object.
func Parse(section string, raw []byte) ([]Record, error) {
	broken := func(format string, args ...any) error {
		return apperr.New(apperr.Unavailable, "The GST service's IMS list of %s is not what the service promises: %s. Nothing was kept; list it again, and report it with the transaction id if it repeats.",
			section, fmt.Sprintf(format, args...))
	}
	raw = bytes.TrimSpace(raw)
	if at := utf8check.FirstInvalid(raw); at >= 0 {
		return nil, broken("text that is not UTF-8 at byte %d", at)
	}
	var top map[string]json.RawMessage
	if err := json.Unmarshal(raw, &top); err != nil {
		return nil, broken("it is not a JSON object")
	}
	list, ok := top[section]
	if !ok {
		if len(top) == 0 {
			return []Record{}, nil
		}
		return nil, broken("it has no %s list", section)
	}
	var items []json.RawMessage
	if err := json.Unmarshal(list, &items); err != nil {
		return nil, broken("%s is not a list", section)
	}
	out := make([]Record, 0, len(items))
	for i, it := range items {
		r, problem := parseRecord(section, it)
		if problem != "" {
			where := fmt.Sprintf("record %d", i+1)
			if r.Number != "" {
				where += fmt.Sprintf(" (%s %q)", r.STIN, r.Number)
			}
			return nil, broken("%s: %s", where, problem)
		}
		out = append(out, r)
	}
	return out, nil
}

func parseRecord(section string, raw json.RawMessage) (Record, string) {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil {
		return Record{}, "is not an object"
	}
	text := func(k string) (string, bool) {
		v, ok := m[k]
		if !ok {
			return "", false
		}
		var s string
		if json.Unmarshal(v, &s) != nil {
			return "", false
		}
		return strings.TrimSpace(s), true
	}
	r := Record{Section: section, Raw: raw}
	numKey, dtKey, onumKey, odtKey := "inum", "idt", "oinum", "oidt"
	if IsNote(section) {
		numKey, dtKey, onumKey, odtKey = "nt_num", "nt_dt", "ont_num", "ont_dt"
	}
	var ok bool
	r.Number, _ = text(numKey)
	r.STIN, _ = text("stin")
	if r.Number == "" {
		return r, numKey + " is missing"
	}
	if !gstin.Shape(r.STIN) {
		return r, fmt.Sprintf("stin %q is not a GSTIN", r.STIN)
	}
	if r.Date, _ = text(dtKey); r.Date == "" {
		return r, dtKey + " is missing"
	}
	if r.DateISO, ok = civil.ParseDDMMYYYY(r.Date, '-'); !ok {
		return r, fmt.Sprintf("%s %q is not a date DD-MM-YYYY", dtKey, r.Date)
	}
	if isAmendment(section) {
		r.OrigNumber, _ = text(onumKey)
		r.OrigDate, _ = text(odtKey)
	}
	r.RtnPrd, _ = text("rtnprd")
	if m, err := period.ParseMonth(r.RtnPrd); err != nil || len(r.RtnPrd) != 6 || m.Year == 0 {
		return r, fmt.Sprintf("rtnprd %q is not a return period MMYYYY", r.RtnPrd)
	}
	r.SrcForm, _ = text("srcform")
	r.InvType, _ = text("inv_typ")
	r.POS, _ = text("pos")
	switch r.Action, _ = text("action"); r.Action {
	case Accepted, Rejected, Pending, NoAction:
	default:
		return r, fmt.Sprintf("action %q is none of A, R, P, N", r.Action)
	}
	blocked, _ := text("ispendactblocked")
	r.PendingBlocked = blocked == "Y"
	filed, _ := text("srcfilstatus")
	r.SupplierFiled = strings.EqualFold(filed, "Filed")
	itc, problem := gstapi.ReadIMSITC(m)
	if problem != "" {
		return r, problem
	}
	r.IMSITC = itc
	if r.Hash, ok = text("hash"); !ok || r.Hash == "" {
		return r, "hash is missing (the checksum the service needs to act on the document)"
	}
	if len(r.Hash) > 64 {
		return r, "hash is longer than 64 characters"
	}
	for _, f := range []struct {
		k   string
		dst *money.Paise
	}{{"val", &r.Value}, {"txval", &r.Taxable}, {"iamt", &r.IGST}, {"camt", &r.CGST}, {"samt", &r.SGST}, {"cess", &r.Cess}} {
		v, ok := m[f.k]
		if !ok {
			return r, f.k + " is missing"
		}
		p, err := money.ParseBytes(bytes.Trim(v, `"`))
		if err != nil || len(v) == 0 || v[0] == '{' || v[0] == '[' {
			return r, fmt.Sprintf("%s %s is not an amount", f.k, v)
		}
		*f.dst = p
	}
	return r, ""
}

// Change is one action to send for one document.
type Change struct {
	Record Record
	// Action is A, R, P, or N for a reset to no action.
	Action string
	// Reason is why (the recommendation's reason, or the person's words); kept in the log.
	Reason string
	// ITCRedReq is sent as itcRedReq when set: "Y" (the credit is reduced) or "N" (nothing to
	// reduce), on accepting a credit note or an amendment (TakesITCRedReq) the portal does not
	// decide itself. ProposeReduction proposes it.
	ITCRedReq string `json:"itc_red_req,omitempty"`
	// Declared is the reduction declared with ITCRedReq "Y"; nil with "Y" is the whole tax of
	// the note.
	Declared *Declared `json:"declared,omitempty"`
	// Remarks are sent as remarks when set (the portal keeps them; it may block them).
	Remarks string `json:"remarks,omitempty"`
}

// Declared is a declared reduction of credit per head, in paise.
type Declared = gstapi.IMSDeclared

// Check refuses locally what the portal would refuse or what would do nothing: "pending" on a
// document whose pending action the portal blocks, an action it already has.
func (c Change) Check() error {
	r := c.Record
	switch {
	case c.Action == Pending && r.PendingBlocked:
		return apperr.New(apperr.Invalid, "%s %s of %s cannot be kept pending: the portal blocks the pending action for it (ispendactblocked). Accept or reject it.", docWord(r.Section), r.Number, r.STIN)
	case c.Action == r.Action:
		return apperr.New(apperr.Invalid, "%s %s of %s is %s already.", docWord(r.Section), r.Number, r.STIN, ActionWord(r.Action))
	case c.Remarks != "" && r.RemarksBlocked:
		return apperr.New(apperr.Invalid, "%s %s of %s takes no remarks: the portal blocks them for it (isRemarksBlocked). Send the action without remarks.", docWord(r.Section), r.Number, r.STIN)
	}
	return c.checkReduction()
}

// checkReduction refuses an itcRedReq or a declared reduction the portal would refuse.
func (c Change) checkReduction() error {
	r := c.Record
	doc := docWord(r.Section) + " " + r.Number + " of " + r.STIN
	if c.ITCRedReq == "" {
		if c.Declared != nil {
			return apperr.New(apperr.Invalid, "%s: a declared reduction goes with itcRedReq Y. Say --itc-reduced Y, or leave the amounts out.", doc)
		}
		return nil
	}
	switch {
	case c.ITCRedReq != "Y" && c.ITCRedReq != "N":
		return apperr.New(apperr.Invalid, "%s: itcRedReq %q is neither Y (the credit is reduced) nor N (nothing to reduce).", doc, c.ITCRedReq)
	case r.ITCRedReqBlocked:
		return apperr.New(apperr.Invalid, "%s: the portal decides its reduction of credit itself (isItcRedReqBlocked); send the action without itcRedReq.", doc)
	case c.Action != Accepted:
		return apperr.New(apperr.Invalid, "%s: itcRedReq is declared only when accepting; send the %s action without it.", doc, ActionWord(c.Action))
	case !TakesITCRedReq(r.Section):
		return apperr.New(apperr.Invalid, "%s: itcRedReq is declared only for credit notes and amendments (b2ba, b2bcn, b2bcna, b2bdna), not for %s.", doc, r.Section)
	case c.Declared != nil && c.ITCRedReq != "Y":
		return apperr.New(apperr.Invalid, "%s: a declared reduction goes with itcRedReq Y, not N.", doc)
	}
	if d := c.Declared; d != nil {
		if d.IGST < 0 || d.CGST < 0 || d.SGST < 0 || d.Cess < 0 {
			return apperr.New(apperr.Invalid, "%s: a declared reduction cannot be negative.", doc)
		}
		if isCreditNote(r.Section) {
			for _, h := range []struct {
				name      string
				got, have money.Paise
			}{{"IGST", d.IGST, absP(r.IGST)}, {"CGST", d.CGST, absP(r.CGST)}, {"SGST", d.SGST, absP(r.SGST)}, {"cess", d.Cess, absP(r.Cess)}} {
				if h.got > h.have {
					return apperr.New(apperr.Invalid, "%s: the declared %s reduction ₹%s is more than the note's %s, ₹%s.", doc, h.name, h.got.Indian(), h.name, h.have.Indian())
				}
			}
		}
	}
	return nil
}

// TakesITCRedReq reports whether accepting a record of an IMS section declares itcRedReq (IMS
// 2.0): credit notes (b2bcn), their amendments (b2bcna), and amendments of invoices and debit
// notes (b2ba, b2bdna), which need it when they lower the tax.
func TakesITCRedReq(section string) bool {
	switch section {
	case "b2ba", "b2bdna", "b2bcn", "b2bcna":
		return true
	}
	return false
}

func absP(p money.Paise) money.Paise {
	if p < 0 {
		return -p
	}
	return p
}

func isCreditNote(section string) bool { return strings.HasPrefix(section, "b2bcn") }

func docWord(section string) string {
	switch {
	case strings.HasPrefix(section, "b2bcn"):
		return "Credit note"
	case strings.HasPrefix(section, "b2bdn"):
		return "Debit note"
	}
	return "Invoice"
}

// Request builds the body of a save (reset false: actions A, R, P) or a reset (reset true: the
// changes to N) for the recipient rtin. Each document is sent exactly as the service listed it:
// its number, dates, type, place of supply and amounts as given (absolute, as the schema wants),
// and prev_status its action then.
func Request(rtin string, reset bool, changes []Change) (json.RawMessage, error) {
	inv := map[string][]map[string]any{}
	for _, c := range changes {
		r := c.Record
		var m map[string]json.RawMessage
		if err := json.Unmarshal(r.Raw, &m); err != nil {
			return nil, fmt.Errorf("ims: record %s %s has no raw form: %w", r.STIN, r.Number, err)
		}
		rec := map[string]any{}
		keys := []string{"stin", "rtnprd", "srcform", "pos"}
		if IsNote(r.Section) {
			keys = append(keys, "nt_num", "nt_dt")
			if isAmendment(r.Section) {
				keys = append(keys, "ont_num", "ont_dt")
			}
		} else {
			keys = append(keys, "inum", "idt")
			if isAmendment(r.Section) {
				keys = append(keys, "oinum", "oidt")
			}
		}
		if !strings.HasPrefix(r.Section, "ecom") {
			keys = append(keys, "inv_typ")
		}
		for _, k := range keys {
			v, ok := m[k]
			if !ok {
				return nil, apperr.New(apperr.Invalid, "%s %s of %s cannot be sent: the service's list did not give its %s. List the section again.", docWord(r.Section), r.Number, r.STIN, k)
			}
			rec[k] = v
		}
		for _, k := range []string{"val", "txval", "iamt", "camt", "samt", "cess"} {
			rec[k] = absNumber(m[k])
		}
		rec["prev_status"] = r.Action
		if !reset {
			rec["action"] = c.Action
			for k, v := range gstapi.IMSSaveFields(c.ITCRedReq, c.Declared, c.Remarks) {
				rec[k] = v
			}
		}
		inv[r.Section] = append(inv[r.Section], rec)
	}
	typ := "SAVE"
	if reset {
		typ = "RESET"
	}
	return json.Marshal(map[string]any{"rtin": rtin, "reqtyp": typ, "invdata": inv})
}

// absNumber writes an amount as given, without a minus sign (the save schema wants amounts ≥ 0).
func absNumber(v json.RawMessage) json.RawMessage {
	b := bytes.Trim(bytes.TrimSpace(v), `"`)
	if f, err := strconv.ParseFloat(string(b), 64); err == nil && f < 0 {
		return json.RawMessage(strconv.FormatFloat(math.Abs(f), 'f', -1, 64))
	}
	if len(b) == 0 {
		return json.RawMessage("0")
	}
	return json.RawMessage(b)
}

// ReportSection maps an error_report key to the section key: the service's example names
// b2bdn "dn" and b2bcn "cn"; both spellings are taken.
func ReportSection(k string) string {
	switch k {
	case "dn":
		return "b2bdn"
	case "dna":
		return "b2bdna"
	case "cn":
		return "b2bcn"
	case "cna":
		return "b2bcna"
	}
	return k
}

// ErrorText says an error of the report in words a person can act on.
func ErrorText(e gstapi.IMSErrorEntry) string {
	msg := e.Message
	if msg == "" {
		msg = "refused"
	}
	switch e.Code {
	case "IMSSAV0010":
		return msg + " (IMSSAV0010): the supplier may have edited the document, or someone acted on it since it was listed. gstdesk read it again; check it and act anew."
	case "IMSSAV0054":
		return msg + " (IMSSAV0054): from the October 2025 period, accepting a credit note or an amendment that lowers the tax says whether your credit is reduced. Accept it again with itcRedReq Y (the credit claimed on the original is reduced; give the amounts if only part is) or N (nothing was claimed)."
	}
	if e.Code != "" {
		msg += " (" + e.Code + ")"
	}
	return msg
}
