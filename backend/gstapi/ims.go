package gstapi

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"sort"
	"strings"

	"gstdesk/backend/money"
)

// IMSSections are the sections of the IMS list operation (§2.2) as its section parameter names
// them, and the key of each in the answer and in save/reset bodies.
var IMSSections = []struct{ Param, Key string }{
	{"B2B", "b2b"}, {"B2BA", "b2ba"}, {"CN", "b2bcn"}, {"CNA", "b2bcna"},
	{"DN", "b2bdn"}, {"DNA", "b2bdna"}, {"ECOM", "ecom"}, {"ECOMA", "ecoma"},
}

// IMSStatusFilters are the values of the IMS list's status filter.
var IMSStatusFilters = []string{"accepted", "rejected", "pending", "no_action_taken"}

// IMSSectionKey returns the answer key of a section parameter (CN → b2bcn), or "" when unknown.
// It takes either form, in any case.
func IMSSectionKey(s string) string {
	s = strings.TrimSpace(s)
	for _, sec := range IMSSections {
		if strings.EqualFold(s, sec.Param) || strings.EqualFold(s, sec.Key) {
			return sec.Key
		}
	}
	return ""
}

func imsSectionParam(key string) string {
	for _, sec := range IMSSections {
		if sec.Key == key {
			return sec.Param
		}
	}
	return ""
}

// IMSCounts is the IMS invoice count (§2.1): per section, how many documents have each action.
type IMSCounts struct {
	Meta
	// Group is the answer's top-level key, such as all_oth.
	Group    string                    `json:"group"`
	Sections map[string]IMSActionCount `json:"sections"`
	Total    int                       `json:"total"`
}

// IMSActionCount counts a section's documents by action.
type IMSActionCount struct {
	Accept   int `json:"accept"`
	NoAction int `json:"noaction"`
	Pending  int `json:"pending"`
	Reject   int `json:"reject"`
}

// IMSCount fetches the IMS counts for a type of goods ("others" by default). It only reads.
func (c *Client) IMSCount(ctx context.Context, taxpayerToken, typeOfGoods string) (*IMSCounts, error) {
	if err := needSession(taxpayerToken); err != nil {
		return nil, err
	}
	tog := strings.TrimSpace(typeOfGoods)
	if tog == "" {
		tog = "others"
	}
	switch tog {
	case "others", "imports", "inward_supplies":
	default:
		return nil, invalid("The type of goods %q is none of others, imports, inward_supplies.", typeOfGoods)
	}
	cl := call{op: "the IMS count", method: http.MethodGet, path: "/gst/compliance/tax-payer/invoices/count",
		query: url.Values{"type_of_goods": {tog}}, bearer: taxpayerToken, retry: true, tn: true}
	resp, err := c.do(ctx, cl)
	if err != nil {
		return nil, err
	}
	raw, m, err := resp.payload(cl)
	if err != nil {
		return nil, err
	}
	var top map[string]map[string]json.RawMessage
	if err := json.Unmarshal(raw, &top); err != nil || len(top) == 0 {
		return nil, (&ContractError{Op: cl.op, Problem: "the counts are not an object of sections", TransactionID: m.TransactionID}).AppError()
	}
	out := &IMSCounts{Meta: m, Sections: map[string]IMSActionCount{}}
	for g, secs := range top {
		if !strings.HasPrefix(g, "all_") {
			continue
		}
		out.Group = g
		for k, v := range secs {
			if k == "ttl_cnt" {
				var n flexInt
				json.Unmarshal(v, &n)
				out.Total = int(n)
				continue
			}
			var raw struct {
				Accept   flexInt `json:"accept"`
				NoAction flexInt `json:"noaction"`
				Pending  flexInt `json:"pending"`
				Reject   flexInt `json:"reject"`
			}
			if err := json.Unmarshal(v, &raw); err != nil {
				return nil, (&ContractError{Op: cl.op, Problem: fmt.Sprintf("the count of %s is not an object", k), TransactionID: m.TransactionID}).AppError()
			}
			out.Sections[k] = IMSActionCount{Accept: int(raw.Accept), NoAction: int(raw.NoAction), Pending: int(raw.Pending), Reject: int(raw.Reject)}
		}
		break
	}
	if out.Group == "" {
		return nil, (&ContractError{Op: cl.op, Problem: "the answer has no all_* group of counts", TransactionID: m.TransactionID}).AppError()
	}
	return out, nil
}

// IMSList is the raw IMS list of one section (§2.2): Meta.Raw is data.data ({"b2b": [...]}),
// checked and read by package ims.
type IMSList struct {
	Meta
	Section string `json:"section"` // the answer key: b2b, b2bcn ...
	Status  string `json:"status"`  // the status filter sent, "" for all
}

// IMSInvoices fetches the recipient's IMS documents of one section, optionally of one status. It
// only reads.
func (c *Client) IMSInvoices(ctx context.Context, taxpayerToken, section, status string) (*IMSList, error) {
	if err := needSession(taxpayerToken); err != nil {
		return nil, err
	}
	key := IMSSectionKey(section)
	if key == "" {
		return nil, invalid("The IMS section %q is none of B2B, B2BA, CN, CNA, DN, DNA, ECOM, ECOMA.", section)
	}
	q := url.Values{"section": {imsSectionParam(key)}}
	if status != "" {
		ok := false
		for _, f := range IMSStatusFilters {
			ok = ok || f == status
		}
		if !ok {
			return nil, invalid("The IMS status %q is none of %s.", status, strings.Join(IMSStatusFilters, ", "))
		}
		q.Set("status", status)
	}
	cl := call{op: "the IMS list", method: http.MethodGet, path: "/gst/compliance/tax-payer/invoices",
		query: q, bearer: taxpayerToken, retry: true, tn: true}
	resp, err := c.do(ctx, cl)
	if err != nil {
		return nil, err
	}
	_, m, err := resp.payload(cl)
	if err != nil {
		var be *BusinessError
		if asBusiness(err, &be) && be.NoData() {
			m.Raw = json.RawMessage(`{}`)
			return &IMSList{Meta: m, Section: key, Status: status}, nil
		}
		return nil, err
	}
	return &IMSList{Meta: m, Section: key, Status: status}, nil
}

// SaveIMS sends IMS actions (§2.3, reset false) or resets them to no action (§2.4, reset true)
// and returns the reference id to poll with IMSRequestStatus. body is the request as package ims
// builds it ({"rtin", "reqtyp", "invdata"}); it is checked here only for its shape. It is sent
// once: a second save could act twice.
func (c *Client) SaveIMS(ctx context.Context, taxpayerToken string, reset bool, body json.RawMessage) (string, Meta, error) {
	if err := needSession(taxpayerToken); err != nil {
		return "", Meta{}, err
	}
	var head struct {
		RTIN    string                     `json:"rtin"`
		ReqTyp  string                     `json:"reqtyp"`
		InvData map[string]json.RawMessage `json:"invdata"`
	}
	want, path, op := "SAVE", "/gst/compliance/tax-payer/invoices/status/save", "the IMS save"
	if reset {
		want, path, op = "RESET", "/gst/compliance/tax-payer/invoices/status/reset", "the IMS reset"
	}
	if err := json.Unmarshal(body, &head); err != nil || head.ReqTyp != want || len(head.InvData) == 0 {
		return "", Meta{}, invalid("gstdesk built a malformed %s request (reqtyp %q, %d sections).", op, head.ReqTyp, len(head.InvData))
	}
	if _, err := checkGSTIN(head.RTIN); err != nil {
		return "", Meta{}, err
	}
	return c.reference(ctx, call{op: op, method: http.MethodPost, path: path, body: body, bearer: taxpayerToken, tn: true})
}

// IMSRequestStatus polls an IMS save or reset (§2.5). It only reads.
func (c *Client) IMSRequestStatus(ctx context.Context, taxpayerToken, referenceID string) (*JobStatus, error) {
	cl := call{op: "the IMS request status", method: http.MethodGet, path: "/gst/compliance/tax-payer/invoices/status",
		bearer: taxpayerToken, retry: true, tn: true}
	return c.jobStatus(ctx, cl, referenceID)
}

func sortReport(r []IMSErrorEntry) {
	sort.SliceStable(r, func(i, j int) bool {
		a, b := r[i], r[j]
		if a.Section != b.Section {
			return a.Section < b.Section
		}
		if a.STIN != b.STIN {
			return a.STIN < b.STIN
		}
		return a.INum < b.INum
	})
}

// asBusiness finds the *BusinessError inside err.
func asBusiness(err error, be **BusinessError) bool { return errors.As(err, be) }

// IMSITC is the IMS 2.0 part of a listed record (from the October 2025 tax period; itc-2026.md
// §3, gstr2b-ims.md §2.2): whether accepting it reduces credit (itcRedReq), whether the portal
// decides that itself (isItcRedReqBlocked), the declared reduction (declIgst ... declCess), and
// the remarks kept with it (remarks, isRemarksBlocked).
type IMSITC struct {
	// ITCRedReq is itcRedReq as listed: "Y", "N", or "" when the record has none.
	ITCRedReq string `json:"itc_red_req,omitempty"`
	// ITCRedReqBlocked is isItcRedReqBlocked Y: itcRedReq must not be sent.
	ITCRedReqBlocked bool `json:"itc_red_req_blocked,omitempty"`
	// Declared is the declared reduction when any of declIgst ... declCess is listed.
	Declared *IMSDeclared `json:"declared,omitempty"`
	Remarks  string       `json:"remarks,omitempty"`
	// RemarksBlocked is isRemarksBlocked Y: remarks must not be sent.
	RemarksBlocked bool `json:"remarks_blocked,omitempty"`
}

// IMSDeclared is a declared reduction of credit, per head (declIgst, declCgst, declSgst, declCess).
type IMSDeclared struct {
	IGST money.Paise `json:"igst"`
	CGST money.Paise `json:"cgst"`
	SGST money.Paise `json:"sgst"`
	Cess money.Paise `json:"cess"`
}

// Total is the declared reduction of all heads.
func (d IMSDeclared) Total() money.Paise { return d.IGST + d.CGST + d.SGST + d.Cess }

// imsDeclKeys are the save and list names of the declared heads, in the order IGST, CGST, SGST, cess.
var imsDeclKeys = [4]string{"declIgst", "declCgst", "declSgst", "declCess"}

func (d *IMSDeclared) heads() [4]*money.Paise {
	return [4]*money.Paise{&d.IGST, &d.CGST, &d.SGST, &d.Cess}
}

// ReadIMSITC reads the IMS 2.0 fields of one listed record (its fields by name). A field that is
// absent stays empty; a flag other than "Y" is not set; an itcRedReq other than Y or N is kept as
// given. problem names the field that is there and cannot be read (a declared amount that is not
// a number, a text that is not text); it is "" when all could be read.
func ReadIMSITC(m map[string]json.RawMessage) (IMSITC, string) {
	var out IMSITC
	text := func(k string) (string, bool) {
		v, ok := m[k]
		if !ok || string(v) == "null" {
			return "", true
		}
		var s string
		if json.Unmarshal(v, &s) != nil {
			return "", false
		}
		return strings.TrimSpace(s), true
	}
	var ok bool
	if out.ITCRedReq, ok = text("itcRedReq"); !ok {
		return out, "itcRedReq is not text"
	}
	out.ITCRedReq = strings.ToUpper(out.ITCRedReq)
	if out.Remarks, ok = text("remarks"); !ok {
		return out, "remarks is not text"
	}
	for k, dst := range map[string]*bool{"isItcRedReqBlocked": &out.ITCRedReqBlocked, "isRemarksBlocked": &out.RemarksBlocked} {
		v, ok := text(k)
		if !ok {
			return out, k + " is not text"
		}
		*dst = strings.EqualFold(v, "Y")
	}
	var decl IMSDeclared
	seen := false
	for i, k := range imsDeclKeys {
		v, ok := m[k]
		if !ok || string(v) == "null" {
			continue
		}
		p, err := money.ParseBytes(bytes.Trim(v, `"`))
		if err != nil || len(v) == 0 || v[0] == '{' || v[0] == '[' {
			return out, fmt.Sprintf("%s %s is not an amount", k, v)
		}
		*decl.heads()[i] = p
		seen = true
	}
	if seen {
		out.Declared = &decl
	}
	return out, ""
}

// IMSSaveFields are the IMS 2.0 fields of one record of a save body (§2.3): itcRedReq when set
// ("Y" or "N"), declIgst ... declCess in rupees when a reduction is declared (with Y; absent
// with Y means the whole tax of the note), remarks when set. Nothing is added for what is unset.
func IMSSaveFields(itcRedReq string, declared *IMSDeclared, remarks string) map[string]json.RawMessage {
	out := map[string]json.RawMessage{}
	if itcRedReq != "" {
		b, _ := json.Marshal(itcRedReq)
		out["itcRedReq"] = b
	}
	if declared != nil {
		for i, k := range imsDeclKeys {
			out[k] = json.RawMessage(declared.heads()[i].Number())
		}
	}
	if remarks != "" {
		b, _ := json.Marshal(remarks)
		out["remarks"] = b
	}
	return out
}
