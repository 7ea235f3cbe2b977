package gstapi

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"gstdesk/backend/apperr"
)

// The errors of this file say how a person should see them too.
var (
	_ apperr.Presenter = (*ContractError)(nil)
	_ apperr.Presenter = (*RedirectError)(nil)
)

// ContractError is a successful answer that breaks the service's contract (shared/spec/interface.md):
// a payload without a required field or with one of the wrong type, an answer about another GSTIN
// than the one asked for, or text that is not UTF-8. Such an answer is never returned as data, so
// no caller can store it over a good one.
type ContractError struct {
	Op            string // the operation, e.g. "verify GSTIN"
	Problem       string // what is wrong, e.g. "the answer has no legalName, pan"
	TransactionID string
}

func (e *ContractError) Error() string {
	return fmt.Sprintf("gstapi: %s: contract broken: %s", e.Op, e.Problem)
}

// AppError is the typed error a person sees for e: kind Unavailable (the service, not the user,
// is at fault), status 200.
func (e *ContractError) AppError() *apperr.Error {
	return &apperr.Error{Kind: apperr.Unavailable, Status: http.StatusOK, TransactionID: e.TransactionID, Err: e,
		Message: fmt.Sprintf("The GST service's answer to %s is not what the service promises: %s. gstdesk did not use it. Try again later, and report it with the transaction id if it repeats.", e.Op, e.Problem)}
}

// RedirectError is a redirect gstdesk refused to follow. The client follows no redirect at all, so
// the API key, the secret and tokens are only ever sent to the configured address.
type RedirectError struct {
	Op     string
	Status int    // the redirect's HTTP status, e.g. 307
	From   string // scheme://host[:port] that answered with the redirect
	To     string // scheme://host[:port] it pointed to
}

func (e *RedirectError) Error() string {
	return fmt.Sprintf("gstapi: %s: refused a %d redirect from %s to %s", e.Op, e.Status, e.From, e.To)
}

// AppError is the typed error a person sees for e, naming where the service wanted to send gstdesk.
func (e *RedirectError) AppError() *apperr.Error {
	op := e.Op
	if op == "" {
		op = "the request"
	}
	return (&apperr.Error{Kind: apperr.Unavailable, Status: e.Status, Err: e,
		Message: fmt.Sprintf("The GST service at %s answered %s by redirecting to %s. gstdesk does not follow redirects, so nothing (no key, secret or token) was sent there.", e.From, op, e.To)}).
		WithHint(apperr.Hint{
			Window:  "If the service has moved, check its address in Settings; otherwise try again later.",
			Command: "If the service has moved, check GSTDESK_BASE_URL (or the address saved in the window's Settings); otherwise try again later.",
		})
}

// refuseRedirect is the CheckRedirect of every client: no redirect is followed, whatever its target.
func refuseRedirect(req *http.Request, via []*http.Request) error {
	e := &RedirectError{To: origin(req.URL)}
	if len(via) > 0 {
		e.From = origin(via[0].URL)
	}
	if req.Response != nil {
		e.Status = req.Response.StatusCode
	}
	return e
}

// origin writes scheme://host[:port] of u, without path, query (which may carry an OTP) or user.
func origin(u *url.URL) string {
	if u == nil {
		return "an unknown address"
	}
	return u.Scheme + "://" + u.Host
}

// kind is the JSON type a contract field must have.
type kind byte

const (
	kString kind = iota
	kNumber
	kBool
	kObject
	kArray
)

func (k kind) String() string {
	return [...]string{"text", "a number", "true or false", "an object", "a list"}[k]
}

// field is one field of a payload as interface.md describes it: required unless optional; for an
// object, its fields; for a list, the fields of each of its objects.
type field struct {
	name     string
	kind     kind
	optional bool
	fields   []field
}

func str(name string) field               { return field{name: name, kind: kString} }
func num(name string) field               { return field{name: name, kind: kNumber} }
func list(name string, of ...field) field { return field{name: name, kind: kArray, fields: of} }
func obj(name string, of ...field) field  { return field{name: name, kind: kObject, fields: of} }

// The payloads (data.data) of the operations, as required by interface.md section 2. The search
// payload is "not shown" there and every field is optional (remote-api-facts.md): only the GSTIN is
// required, so that an answer about nothing is refused.
var (
	changedContract = []field{num("tpgcnt"), num("cpgnum"), str("ismpg"), num("cnt"), num("totalCount"),
		list("gstLst", str("state_cd"), list("gstdtls", str("chng_typ"), str("gstin"), str("chng_dt")))}
	preferenceContract = []field{list("response", str("preference"), str("quarter"))}
	verifyContract     = []field{str("legalName"), str("bussNature"), str("stateName"), {name: "validGstin", kind: kBool},
		str("stateCode"), str("pan"), str("gstin"), str("regStartDate"), str("status")}
	applicantContract = []field{str("name"), str("pan"), str("state"), str("authstatus"), str("regdt"),
		obj("addtls", str("bnm"), str("st"), str("loc"), str("pncd"), str("stcd"), str("dst"), str("cnty"), str("city"))}
	validationContract = []field{str("Enrolment Number")}
	searchContract     = []field{str("gstin")}
)

// checkContract checks raw (data.data) against fields and, when gstin is not empty, that the answer
// is about that GSTIN. It returns a *ContractError wrapped in an *apperr.Error.
func checkContract(cl call, m Meta, raw json.RawMessage, fields []field, gstin string) error {
	bad := func(problem string) error {
		return (&ContractError{Op: cl.op, Problem: problem, TransactionID: m.TransactionID}).AppError()
	}
	if raw == nil || isNull(raw) {
		return bad("the answer has no data")
	}
	if p := checkObject(raw, fields, ""); p != "" {
		return bad(p)
	}
	if gstin != "" {
		var got struct {
			GSTIN string `json:"gstin"`
		}
		json.Unmarshal(raw, &got)
		if !strings.EqualFold(strings.TrimSpace(got.GSTIN), gstin) {
			return bad(fmt.Sprintf("the answer is about GSTIN %q, not %s", got.GSTIN, gstin))
		}
	}
	return nil
}

// checkObject returns what is wrong with raw as an object of fields ("" when nothing), naming
// fields by their path from the payload (gstLst[2].gstdtls[1].chng_dt).
func checkObject(raw json.RawMessage, fields []field, path string) string {
	subject := path
	if subject == "" {
		subject = "the answer"
	}
	var m map[string]json.RawMessage
	if jsonKind(raw) != kObject || json.Unmarshal(raw, &m) != nil {
		return subject + " is not an object"
	}
	var missing, wrong []string
	for _, f := range fields {
		v, ok := m[f.name]
		name := f.name
		if path != "" {
			name = path + "." + f.name
		}
		switch {
		case !ok || isNull(v):
			if !f.optional {
				missing = append(missing, name)
			}
			continue
		case !hasKind(v, f.kind):
			wrong = append(wrong, fmt.Sprintf("%s is not %s", name, f.kind))
			continue
		}
		if len(f.fields) == 0 {
			continue
		}
		if f.kind == kObject {
			if p := checkObject(v, f.fields, name); p != "" {
				wrong = append(wrong, p)
			}
			continue
		}
		var items []json.RawMessage
		json.Unmarshal(v, &items)
		for i, it := range items {
			if p := checkObject(it, f.fields, fmt.Sprintf("%s[%d]", name, i+1)); p != "" {
				wrong = append(wrong, p)
				break // one bad item says enough
			}
		}
	}
	var parts []string
	if len(missing) > 0 {
		parts = append(parts, "the answer has no "+strings.Join(missing, ", "))
	}
	return strings.Join(append(parts, wrong...), "; ")
}

// isNull and jsonKind look at the ends of a value without copying it: the value may be 100 MB.
func isNull(v json.RawMessage) bool { return bytes.Equal(bytes.TrimSpace(v), []byte("null")) }

// jsonKind is the type of a JSON value by its first byte (the value is valid JSON).
func jsonKind(v json.RawMessage) kind {
	s := bytes.TrimSpace(v)
	if len(s) == 0 {
		return 255
	}
	switch s[0] {
	case '"':
		return kString
	case '{':
		return kObject
	case '[':
		return kArray
	case 't', 'f':
		return kBool
	}
	return kNumber
}

// hasKind reports whether v is of kind k; a number may also come as a string of digits, as the
// service sends timestamps.
func hasKind(v json.RawMessage, k kind) bool {
	got := jsonKind(v)
	if got == k {
		return true
	}
	if k == kNumber && got == kString {
		var s string
		return json.Unmarshal(v, &s) == nil && scanDigits(s)
	}
	return false
}

func scanDigits(s string) bool {
	s = strings.TrimPrefix(strings.TrimSpace(s), "-")
	if s == "" {
		return false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}
