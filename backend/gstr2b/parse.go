package gstr2b

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"strings"

	"gstdesk/backend/apperr"
	"gstdesk/backend/civil"
	"gstdesk/backend/gstin"
	"gstdesk/backend/money"
	"gstdesk/backend/period"
	"gstdesk/backend/utf8check"
)

// FieldError says where a GSTR-2B is malformed: the part (docdata or docRejdata), section,
// 1-based supplier and document positions (0 when not inside one), the field and the problem.
type FieldError struct {
	Part     string `json:"part,omitempty"`
	Section  string `json:"section,omitempty"`
	Supplier int    `json:"supplier,omitempty"`
	CTIN     string `json:"ctin,omitempty"`
	Document int    `json:"document,omitempty"`
	Number   string `json:"number,omitempty"`
	Item     int    `json:"item,omitempty"`
	Field    string `json:"field"`
	Problem  string `json:"problem"`
	// Advice, when set, is what the person can do, in place of downloading the file again.
	Advice string `json:"advice,omitempty"`
}

// Where describes the position: `docdata.b2b supplier 2 (27AAPFU0939F1ZV), document 5 ("INV-9"), item 1`.
func (e *FieldError) Where() string {
	var parts []string
	if e.Section != "" {
		p := e.Part
		if p == "" {
			p = "docdata"
		}
		parts = append(parts, p+"."+e.Section)
	} else if e.Part != "" {
		parts = append(parts, e.Part)
	}
	if e.Supplier > 0 {
		s := fmt.Sprintf("supplier %d", e.Supplier)
		if e.CTIN != "" {
			s += " (" + e.CTIN + ")"
		}
		parts = append(parts, s)
	}
	if e.Document > 0 {
		s := fmt.Sprintf("document %d", e.Document)
		if e.Number != "" {
			s += fmt.Sprintf(" (%q)", e.Number)
		}
		parts = append(parts, s)
	}
	if e.Item > 0 {
		parts = append(parts, fmt.Sprintf("item %d", e.Item))
	}
	if len(parts) == 0 {
		return "top level"
	}
	return strings.Join(parts, ", ")
}

func (e *FieldError) Error() string {
	return fmt.Sprintf("gstr2b: %s: %s %s", e.Where(), e.Field, e.Problem)
}

// Origin says where a return being read came from, for its errors.
type Origin int

// Origins.
const (
	FromService Origin = iota // an answer of the GST service: a fault is the service's (Unavailable)
	FromFile                  // a file the person chose: a fault is the file's (Invalid)
)

func (o Origin) fail(fe *FieldError) error {
	if o == FromFile && fe.Advice != "" {
		return apperr.Wrap(apperr.Invalid, fe, "The GSTR-2B file is not a whole return: %s %s. Nothing was imported. %s", fe.Field, fe.Problem, fe.Advice)
	}
	if o == FromFile {
		return apperr.Wrap(apperr.Invalid, fe, "The GSTR-2B file is malformed at %s: %s %s. Nothing was imported; download the file from the GST portal again.",
			fe.Where(), fe.Field, fe.Problem)
	}
	return apperr.Wrap(apperr.Unavailable, fe, "The GST service's GSTR-2B answer is malformed at %s: %s %s. Nothing was saved and the earlier pulls are kept; pull the period again, and report it with the transaction id if it repeats.",
		fe.Where(), fe.Field, fe.Problem)
}

// errNoDocuments is the cause of a return that has neither documents nor a file count.
var errNoDocuments = errors.New("gstr2b: neither docdata nor fc")

// Parse reads a GSTR-2B (the portal file {"chksum", "data": {...}}, the service's answer saved
// whole with its envelope {"code", "data": {"data": {"chksum", "data": {...}}}}, or any level of
// it) and checks every section. It refuses only what it cannot read: a file that is not JSON or
// not UTF-8, a figure that is not a number, a GSTIN or return period it cannot tell, a note or ISD
// document whose type decides its sign and is none gstdesk knows. Everything else it keeps: an
// unknown key stays in the stored answer and a missing reference field is stored empty, each
// named once in Return.Notices. A return without docdata and without a file count (fc) is
// refused: it is neither a return nor the summary of a paged one; one file of a return sent in
// several (docdata without itcsumm, cpsumm or gendt) is refused as one part of it.
func Parse(raw []byte, origin Origin) (*Return, error) {
	r, err := parse(raw, origin)
	if err == nil {
		screen(r)
	}
	return r, err
}

func parse(raw []byte, origin Origin) (*Return, error) {
	if r, err, done := parseFast(raw, origin); done && err == nil {
		return r, nil
	}
	// A return the one-pass reader refuses (or does not take: an unknown key anywhere) is read
	// part by part: the refusal is then always the same, found in the same order, naming exactly
	// where the file is broken, and every unknown key is named.
	return parseParts(raw, origin)
}

// parseParts reads the return part by part (supplier by supplier, document by document), saying
// exactly where a malformed one is broken.
func parseParts(raw []byte, origin Origin) (*Return, error) {
	data, chksum, err := unwrap(raw, origin)
	if err != nil {
		return nil, err
	}
	var top topJSON
	if err := json.Unmarshal(data, &top); err != nil {
		return nil, origin.fail(typeProblem(&FieldError{Part: "data"}, err))
	}
	ns := &noticer{}
	r, err := top.header(chksum, origin, absent(top.DocData) && absent(top.DocRejData), ns)
	if err != nil {
		return nil, err
	}
	for _, part := range []struct {
		name string
		raw  json.RawMessage
	}{{"docdata", top.DocData}, {"docRejdata", top.DocRejData}} {
		if err := parseSections(r, part.name, part.raw, ns); err != nil {
			return nil, origin.fail(err.(*FieldError))
		}
	}
	if r.Documents == nil {
		r.Documents = []Document{} // as the one-pass reader gives it: "documents": [], never null
	}
	unknownKeys(data, ns)
	r.Notices = ns.list()
	return r, nil
}

func absent(raw json.RawMessage) bool { return len(raw) == 0 || string(raw) == "null" }

// header checks the return's own fields (everything but its documents) and starts the Return;
// noDocs says docdata and docRejdata are absent or null.
func (top *topHead) header(chksum string, origin Origin, noDocs bool, ns *noticer) (*Return, error) {
	if noDocs {
		fe := &FieldError{Field: "docdata", Problem: "is missing and there is no file count (fc): the return has no documents"}
		if fc := strings.Trim(string(top.FC), `" `); fc != "" && fc != "null" && fc != "0" {
			fe.Problem = "is missing: this is the summary of a return sent in " + fc + " files, without its files"
			fe.Advice = "Choose the summary together with every part (" + fc + " files), or download the GSTR-2B again as one file."
		}
		return nil, errors.Join(origin.fail(fe), errNoDocuments)
	}
	r := &Return{Checksum: chksum, GSTIN: strings.ToUpper(strings.TrimSpace(top.GSTIN)), Version: top.Version, GenDate: strings.TrimSpace(top.GenDt)}
	if !gstin.Shape(r.GSTIN) {
		return nil, origin.fail(&FieldError{Field: "gstin", Problem: fmt.Sprintf("%q is not a GSTIN", top.GSTIN)})
	}
	m, err := period.ParseMonth(strings.TrimSpace(top.RtnPrd))
	if err != nil || len(strings.TrimSpace(top.RtnPrd)) != 6 {
		return nil, origin.fail(&FieldError{Field: "rtnprd", Problem: fmt.Sprintf("%q is not a return period MMYYYY", top.RtnPrd)})
	}
	r.Period = m.String()
	if absent(top.ITCSumm) && absent(top.CPSumm) && r.GenDate == "" && absent(top.FC) {
		// What a file_number page carries: documents, gstin, rtnprd, version, nothing else.
		fe := &FieldError{Field: "itcsumm", Problem: "is missing, with cpsumm and gendt: this file is one part of a GSTR-2B sent in several files " +
			"(file_number pages), not the whole return",
			Advice: "Choose the summary (the file with fc, itcsumm and gendt) together with every part, or download the GSTR-2B again as one file."}
		return nil, origin.fail(fe)
	}
	if r.GenDate != "" {
		if _, ok := civil.ParseDDMMYYYY(r.GenDate, '-'); !ok {
			ns.add("gendt", fmt.Sprintf("The generation date (gendt) %q is not a date DD-MM-YYYY; it is kept as given.", r.GenDate), "")
		}
	}
	if r.ITC, err = parseITC(top.ITCSumm, ns); err != nil {
		return nil, origin.fail(err.(*FieldError))
	}
	if r.Counterparties, err = parseCP("cpsumm", top.CPSumm, false, ns); err != nil {
		return nil, origin.fail(err.(*FieldError))
	}
	if !absent(top.CPSummRej) {
		if r.RejectedCounterparties, err = parseCP("cpSummRej", top.CPSummRej, true, ns); err != nil {
			return nil, origin.fail(err.(*FieldError))
		}
	}
	return r, nil
}

// parseFast reads a well-formed return in one pass of encoding/json into typed documents (the
// checks are Parse's). done is false when the return is not plainly well-formed JSON of the
// expected types and keys (or not UTF-8, or a key gstdesk does not know): Parse then reads it
// part by part, says exactly where it is broken, and names the unknown keys. Reading part by
// part validated every byte once per level of nesting; this reads a 100,000-document return in
// about half the time.
func parseFast(raw []byte, origin Origin) (r *Return, err error, done bool) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || raw[0] != '{' || utf8check.FirstInvalid(raw) >= 0 {
		return nil, nil, false
	}
	var w struct {
		Chksum json.RawMessage `json:"chksum"`
		Data   *fastTop        `json:"data"`
	}
	if strictDecode(raw, &w) != nil || w.Data == nil || w.Data.RtnPrd == "" && w.Data.GSTIN == "" {
		// An answer of the service saved with its envelope: find the return inside, then read it.
		data, chk, err := unwrap(raw, origin)
		if err != nil {
			return nil, nil, false
		}
		w.Data = nil
		var top fastTop
		if strictDecode(data, &top) != nil {
			return nil, nil, false
		}
		w.Data, w.Chksum = &top, mustJSON(chk)
	}
	var chk string
	json.Unmarshal(w.Chksum, &chk)
	top := w.Data
	ns := &noticer{}
	if r, err = top.header(chk, origin, top.DocData == nil && top.DocRejData == nil, ns); err != nil {
		return nil, err, true
	}
	n := 0
	for _, secs := range []*fastSections{top.DocData, top.DocRejData} {
		if secs == nil {
			continue
		}
		n += len(secs.Impg)
		for _, sec := range Sections {
			for i := range secs.suppliers(sec) {
				n += countElements(secs.suppliers(sec)[i].rawDocs(sec))
			}
		}
		for e := range secs.ItcRev {
			for _, sec := range revSections {
				for i := range secs.ItcRev[e].suppliers(sec) {
					n += countElements(secs.ItcRev[e].suppliers(sec)[i].rawDocs(sec))
				}
			}
		}
	}
	r.Documents = make([]Document, 0, n)
	for _, part := range []struct {
		name string
		secs *fastSections
	}{{"docdata", top.DocData}, {"docRejdata", top.DocRejData}} {
		if part.secs == nil {
			continue
		}
		rejected := part.name == "docRejdata"
		add := func(partName, sec string, sups []fastSupplier, reversed bool, si0 int) error {
			for si := range sups {
				s := &sups[si]
				s.check(partName, sec, si0+si, ns)
				docs, ok := s.docs(sec)
				if !ok {
					return errPartByPart
				}
				for di := range docs {
					d, err := checkDoc(partName, sec, &s.supplierHead, si0+si, di, &docs[di], reversed, ns)
					if err != nil {
						return err
					}
					d.Rejected, d.Reversed = rejected, reversed
					r.Documents = append(r.Documents, d)
				}
				// Read whole: the supplier's documents as decoded go, so a big return is not
				// held twice (decoded and read) while the rest is read.
				s.Inv, s.Nt, s.DocList, s.Boe = nil, nil, nil, nil
			}
			return nil
		}
		for _, sec := range Sections {
			if sec == "impg" {
				for di := range part.secs.Impg {
					d, err := checkDoc(part.name, sec, &supplierHead{}, 0, di, &part.secs.Impg[di], false, ns)
					if err != nil {
						return nil, origin.fail(err.(*FieldError)), true
					}
					d.Rejected = rejected
					r.Documents = append(r.Documents, d)
				}
				part.secs.Impg = nil
				continue
			}
			if err := add(part.name, sec, part.secs.suppliers(sec), false, 0); err == errPartByPart {
				return nil, nil, false
			} else if err != nil {
				return nil, origin.fail(err.(*FieldError)), true
			}
		}
		// itcrev: each sub-section's documents together (one id range each), entries in order;
		// suppliers numbered across the entries.
		for _, sec := range revSections {
			si0 := 0
			for e := range part.secs.ItcRev {
				sups := part.secs.ItcRev[e].suppliers(sec)
				if err := add(part.name+".itcrev", sec, sups, true, si0); err == errPartByPart {
					return nil, nil, false
				} else if err != nil {
					return nil, origin.fail(err.(*FieldError)), true
				}
				si0 += len(sups)
			}
		}
	}
	r.Notices = ns.list()
	return r, nil, true
}

// errPartByPart says the one-pass reading met what only the part-by-part one names (a key gstdesk
// does not know, a value of the wrong type): the return is read again that way.
var errPartByPart = errors.New("gstr2b: read part by part")

// strictDecode reads raw into v refusing any key v has no field for (so a return with a key
// gstdesk does not know is read part by part, where the key is named).
func strictDecode(raw []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if dec.More() {
		return errors.New("more after the object")
	}
	return nil
}

// revSections are the sub-sections of an itcrev entry (GSTR-2B v4.0).
var revSections = []string{"b2b", "b2ba", "cdnr", "cdnra"}

// fastTop is the return's data object read with its documents typed.
type fastTop struct {
	topHead
	DocData    *fastSections `json:"docdata"`
	DocRejData *fastSections `json:"docRejdata"`
}

// fastSections is docdata or docRejdata read with its documents typed.
type fastSections struct {
	B2B     []fastSupplier    `json:"b2b"`
	B2BA    []fastSupplier    `json:"b2ba"`
	CDNR    []fastSupplier    `json:"cdnr"`
	CDNRA   []fastSupplier    `json:"cdnra"`
	ISD     []fastSupplier    `json:"isd"`
	ISDA    []fastSupplier    `json:"isda"`
	Impg    []docJSON         `json:"impg"`
	ImpgSEZ []fastSupplier    `json:"impgsez"`
	Ecom    []fastSupplier    `json:"ecom"`
	Ecoma   []fastSupplier    `json:"ecoma"`
	ItcRev  []fastRevSections `json:"itcrev"`
}

// fastRevSections is one entry of itcrev: documents whose credit was reversed, by sub-section.
type fastRevSections struct {
	B2B   []fastSupplier `json:"b2b"`
	B2BA  []fastSupplier `json:"b2ba"`
	CDNR  []fastSupplier `json:"cdnr"`
	CDNRA []fastSupplier `json:"cdnra"`
}

func (f *fastRevSections) suppliers(sec string) []fastSupplier {
	switch sec {
	case "b2b":
		return f.B2B
	case "b2ba":
		return f.B2BA
	case "cdnr":
		return f.CDNR
	case "cdnra":
		return f.CDNRA
	}
	return nil
}

func (f *fastSections) suppliers(sec string) []fastSupplier {
	switch sec {
	case "b2b":
		return f.B2B
	case "b2ba":
		return f.B2BA
	case "cdnr":
		return f.CDNR
	case "cdnra":
		return f.CDNRA
	case "isd":
		return f.ISD
	case "isda":
		return f.ISDA
	case "impgsez":
		return f.ImpgSEZ
	case "ecom":
		return f.Ecom
	case "ecoma":
		return f.Ecoma
	}
	return nil
}

// sectionsRaw is docdata or docRejdata with each section left to read.
type sectionsRaw struct {
	B2B     json.RawMessage `json:"b2b"`
	B2BA    json.RawMessage `json:"b2ba"`
	CDNR    json.RawMessage `json:"cdnr"`
	CDNRA   json.RawMessage `json:"cdnra"`
	ISD     json.RawMessage `json:"isd"`
	ISDA    json.RawMessage `json:"isda"`
	Impg    json.RawMessage `json:"impg"`
	ImpgSEZ json.RawMessage `json:"impgsez"`
	Ecom    json.RawMessage `json:"ecom"`
	Ecoma   json.RawMessage `json:"ecoma"`
	ItcRev  json.RawMessage `json:"itcrev"`
}

func (f *sectionsRaw) section(sec string) json.RawMessage {
	switch sec {
	case "b2b":
		return f.B2B
	case "b2ba":
		return f.B2BA
	case "cdnr":
		return f.CDNR
	case "cdnra":
		return f.CDNRA
	case "isd":
		return f.ISD
	case "isda":
		return f.ISDA
	case "impg":
		return f.Impg
	case "impgsez":
		return f.ImpgSEZ
	case "ecom":
		return f.Ecom
	case "ecoma":
		return f.Ecoma
	}
	return nil
}

// fastSupplier is a supplier entry read with its documents typed.
// fastSupplier is a supplier with its documents still as written: each supplier's are decoded as
// they are read and dropped once read, so a big return is never held decoded whole besides the
// documents read from it.
type fastSupplier struct {
	supplierHead
	Inv     json.RawMessage `json:"inv"`
	Nt      json.RawMessage `json:"nt"`
	DocList json.RawMessage `json:"doclist"`
	Boe     json.RawMessage `json:"boe"`
}

func (s *fastSupplier) rawDocs(sec string) json.RawMessage {
	switch sec {
	case "cdnr", "cdnra":
		return s.Nt
	case "isd", "isda":
		return s.DocList
	case "impgsez":
		return s.Boe
	}
	return s.Inv
}

// docs decodes the supplier's documents of the section, refusing a key gstdesk does not know or a
// value of the wrong type (ok false: the return is then read part by part, which names it).
func (s *fastSupplier) docs(sec string) (docs []docJSON, ok bool) {
	raw := s.rawDocs(sec)
	if len(raw) == 0 {
		return nil, true
	}
	if strictDecode(raw, &docs) != nil {
		return nil, false
	}
	return docs, true
}

// countElements counts the elements of a JSON array written well (0 for anything else). It sizes
// the documents' slice only; the reading itself checks the JSON.
func countElements(raw []byte) int {
	depth, n := 0, 0
	inStr, esc, counted := false, false, false
	for _, c := range raw {
		if inStr {
			switch {
			case esc:
				esc = false
			case c == '\\':
				esc = true
			case c == '"':
				inStr = false
			}
			continue
		}
		switch c {
		case ' ', '\t', '\n', '\r':
		case ',':
			if depth == 1 {
				counted = false
			}
		case ']', '}':
			depth--
		default:
			if depth == 1 && !counted {
				counted = true
				n++
			}
			switch c {
			case '"':
				inStr = true
			case '[', '{':
				depth++
			}
		}
	}
	return n
}

// maxEnvelope is how many levels of "data" gstdesk looks through for the return.
const maxEnvelope = 8

// unwrap returns the return's data object (the one with gstin and rtnprd) and its checksum. The
// portal file and the service's data.data are {"chksum", "data"}; the service's whole answer
// wraps that in {"code", "data": {"data": ..., "status_cd"}, "timestamp", "transaction_id"}; a
// bare {gstin, rtnprd, ...} is taken too. Every level of "data" is looked through until the
// return is found.
func unwrap(raw []byte, origin Origin) ([]byte, string, error) {
	raw = bytes.TrimSpace(raw)
	if at := utf8check.FirstInvalid(raw); at >= 0 {
		return nil, "", origin.fail(&FieldError{Field: "text", Problem: fmt.Sprintf("is not UTF-8 at byte %d", at)})
	}
	if len(raw) == 0 || raw[0] != '{' || !json.Valid(raw) {
		return nil, "", origin.fail(&FieldError{Field: "data", Problem: syntaxProblem(raw)})
	}
	obj, chk, found, env := locate(raw)
	switch {
	case found:
		return obj, chk, nil
	case env.problem != "":
		return nil, "", origin.fail(&FieldError{Field: env.field, Problem: env.problem})
	}
	return nil, "", origin.fail(&FieldError{Field: "data", Problem: "is missing (a GSTR-2B is {\"chksum\", \"data\": {gstin, rtnprd, docdata ...}})"})
}

// envelopeProblem is why locate found no return.
type envelopeProblem struct{ field, problem string }

// locate looks through the levels of "data" of raw (valid JSON) for the object that is a return:
// one with gstin and rtnprd (a GSTR-2B) or gstin and fp (a GSTR-2A). chk is the checksum of the
// level that wraps it ({"chksum", "data"}).
func locate(raw []byte) (obj []byte, chk string, found bool, why envelopeProblem) {
	cur := raw
	field := "data"
	for level := 0; level < maxEnvelope; level++ {
		var w struct {
			Chksum json.RawMessage `json:"chksum"`
			Data   json.RawMessage `json:"data"`
			GSTIN  json.RawMessage `json:"gstin"`
			RtnPrd json.RawMessage `json:"rtnprd"`
			FP     json.RawMessage `json:"fp"`
			Error  *struct {
				Code    string `json:"error_cd"`
				Message string `json:"message"`
			} `json:"error"`
		}
		if err := json.Unmarshal(cur, &w); err != nil {
			return nil, "", false, envelopeProblem{field, "is not a GSTR-2B object"}
		}
		if !absent(w.RtnPrd) || !absent(w.FP) || (!absent(w.GSTIN) && level > 0) {
			return cur, chk, true, envelopeProblem{}
		}
		if absent(w.Data) {
			if w.Error != nil {
				return nil, "", false, envelopeProblem{field, fmt.Sprintf("is missing: this is the GST service's error answer %s (%q), not a GSTR-2B",
					w.Error.Code, w.Error.Message)}
			}
			return nil, "", false, envelopeProblem{}
		}
		if w.Data[0] != '{' {
			return nil, "", false, envelopeProblem{field, "is not an object"}
		}
		if !absent(w.Chksum) {
			var s string
			json.Unmarshal(w.Chksum, &s)
			chk = s
		}
		cur = w.Data
		field += ".data"
	}
	return nil, "", false, envelopeProblem{field, "is nested deeper than any answer of the GST service"}
}

// syntaxProblem says why raw is not a JSON object, with the byte offset.
func syntaxProblem(raw []byte) string {
	if len(raw) == 0 {
		return "is empty"
	}
	var v any
	err := json.Unmarshal(raw, &v)
	var se *json.SyntaxError
	switch {
	case errors.As(err, &se):
		return fmt.Sprintf("is not valid JSON (at byte %d: %v)", se.Offset, se)
	case err != nil:
		return "is not valid JSON (" + err.Error() + ")"
	}
	return "is not a JSON object"
}

func typeProblem(fe *FieldError, err error) *FieldError {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		fe.Field = te.Field
		fe.Problem = "should be " + te.Type.String() + " but is " + te.Value
		if te.Type.String() == "string" {
			fe.Problem = "should be text but is " + te.Value
		}
		return fe
	}
	fe.Field, fe.Problem = "data", "could not be read: "+err.Error()
	return fe
}

// topHead is the return's own fields: all but its documents.
type topHead struct {
	GSTIN   string          `json:"gstin"`
	RtnPrd  string          `json:"rtnprd"`
	Version string          `json:"version"`
	GenDt   string          `json:"gendt"`
	FC      json.RawMessage `json:"fc"`
	ITCSumm json.RawMessage `json:"itcsumm"`
	CPSumm  json.RawMessage `json:"cpsumm"`
	// CPSummRej is cpSummRej (v4.0): the supplier summary of the documents rejected in IMS.
	CPSummRej json.RawMessage `json:"cpSummRej"`
}

type topJSON struct {
	topHead
	DocData    json.RawMessage `json:"docdata"`
	DocRejData json.RawMessage `json:"docRejdata"`
}

// supplierHead is what a supplier entry says of the supplier.
type supplierHead struct {
	CTIN     string `json:"ctin"`
	TrdNm    string `json:"trdnm"`
	SupFilDt string `json:"supfildt"`
	SupPrd   string `json:"supprd"`
}

type supplierJSON struct {
	supplierHead
	Inv     []json.RawMessage `json:"inv"`
	Nt      []json.RawMessage `json:"nt"`
	DocList []json.RawMessage `json:"doclist"`
	Boe     []json.RawMessage `json:"boe"`
}

// docs lists the entry's documents of section sec.
func (s *supplierJSON) docs(sec string) []json.RawMessage {
	switch sec {
	case "cdnr", "cdnra":
		return s.Nt
	case "isd", "isda":
		return s.DocList
	case "impgsez":
		return s.Boe
	}
	return s.Inv
}

// check checks the supplier's GSTIN, filing date and period: one that is not of its form is kept
// as given and named in a notice (they are references, not figures).
func (s *supplierHead) check(part, sec string, si int, ns *noticer) {
	// One identity of a GSTIN everywhere (gstin.Normalize): a supplier written in lower case or
	// with spaces is the same supplier, never a second one beside it.
	if n := gstin.Normalize(s.CTIN); n != s.CTIN && gstin.Shape(n) {
		s.CTIN = n
	}
	where := (&FieldError{Part: part, Section: sec, Supplier: si + 1, CTIN: s.CTIN}).Where()
	if !gstin.Shape(s.CTIN) {
		if s.CTIN == "" {
			ns.add("ctin-missing", "A supplier has no GSTIN (ctin); its documents are kept with the supplier empty.", where)
		} else {
			ns.add("ctin", "A supplier's GSTIN (ctin) is not of the form of a GSTIN; it is kept as given.", where)
		}
	}
	if s.SupFilDt != "" {
		if _, ok := civil.ParseDDMMYYYY(s.SupFilDt, '-'); !ok {
			ns.add("supfildt", "A supplier's filing date (supfildt) is not a date DD-MM-YYYY; it is kept as given.", where)
		}
	}
	if s.SupPrd != "" {
		if _, err := period.ParseMonth(s.SupPrd); err != nil || len(s.SupPrd) != 6 {
			ns.add("supprd", "A supplier's return period (supprd) is not a period MMYYYY; it is kept as given.", where)
		}
	}
}

type docJSON struct {
	INum       flexText        `json:"inum"`
	NtNum      flexText        `json:"ntnum"`
	DocNum     flexText        `json:"docnum"`
	BoeNum     flexText        `json:"boenum"`
	Dt         string          `json:"dt"`
	DocDt      string          `json:"docdt"`
	BoeDt      string          `json:"boedt"`
	RefDt      string          `json:"refdt"`
	RecDt      string          `json:"recdt"`
	Val        json.RawMessage `json:"val"`
	Txval      json.RawMessage `json:"txval"`
	Igst       json.RawMessage `json:"igst"`
	Cgst       json.RawMessage `json:"cgst"`
	Sgst       json.RawMessage `json:"sgst"`
	Cess       json.RawMessage `json:"cess"`
	Pos        string          `json:"pos"`
	Rev        string          `json:"rev"`
	Typ        string          `json:"typ"`
	Suptyp     string          `json:"suptyp"`
	Itcavl     string          `json:"itcavl"`
	Rsn        string          `json:"rsn"`
	DiffPrcnt  json.RawMessage `json:"diffprcnt"`
	SrcTyp     string          `json:"srctyp"`
	IRN        string          `json:"irn"`
	IRNGenDate string          `json:"irngendate"`
	ImsStatus  string          `json:"imsStatus"`
	OINum      flexText        `json:"oinum"`
	OIDt       string          `json:"oidt"`
	ONtTyp     string          `json:"onttyp"`
	ONtNum     flexText        `json:"ontnum"`
	ONtDt      string          `json:"ontdt"`
	DocTyp     string          `json:"doctyp"`
	ODocTyp    string          `json:"odoctyp"`
	ODocNum    flexText        `json:"odocnum"`
	ODocDt     string          `json:"odocdt"`
	ItcElg     string          `json:"itcelg"`
	Elglty     string          `json:"elglty"`
	OInvNum    flexText        `json:"oinvnum"`
	OInvDt     string          `json:"oinvdt"`
	PortCode   string          `json:"portcode"`
	IsAmd      string          `json:"isamd"`
	Items      *[]itemJSON     `json:"items"`
}

type itemJSON struct {
	Num   json.RawMessage `json:"num"`
	Rt    json.RawMessage `json:"rt"`
	Txval json.RawMessage `json:"txval"`
	Igst  json.RawMessage `json:"igst"`
	Cgst  json.RawMessage `json:"cgst"`
	Sgst  json.RawMessage `json:"sgst"`
	Cess  json.RawMessage `json:"cess"`
}

// flexText reads text or a number as text (2A's benum is a number, 2B's boenum text).
type flexText string

func (f *flexText) UnmarshalJSON(b []byte) error {
	if len(b) > 0 && b[0] == '"' {
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		*f = flexText(s)
		return nil
	}
	if string(b) == "null" {
		return nil
	}
	if _, err := strconv.ParseFloat(string(b), 64); err != nil {
		return &json.UnmarshalTypeError{Value: string(b), Type: textType}
	}
	*f = flexText(b)
	return nil
}

var textType = reflect.TypeOf("")

// amount reads an optional money amount: a JSON number (or a number in quotes); absent or null
// is zero with ok false.
func amount(raw json.RawMessage) (v money.Paise, ok bool, err error) {
	b := bytes.TrimSpace(raw)
	if len(b) == 0 || string(b) == "null" {
		return 0, false, nil
	}
	if b[0] == '"' {
		var s string
		if json.Unmarshal(b, &s) != nil {
			return 0, false, errors.New("is not a number")
		}
		b = []byte(strings.TrimSpace(s))
		if len(b) == 0 || (b[0] != '-' && (b[0] < '0' || b[0] > '9')) {
			return 0, false, fmt.Errorf("%q is not a number", s)
		}
	} else if b[0] != '-' && (b[0] < '0' || b[0] > '9') {
		return 0, false, fmt.Errorf("should be a number but is %s", kindOf(b))
	}
	p, err := money.ParseBytes(b)
	if err != nil {
		if errors.Is(err, money.ErrRange) {
			return 0, false, fmt.Errorf("%s is too large", b)
		}
		return 0, false, fmt.Errorf("%s is not a number", b)
	}
	return p, true, nil
}

func kindOf(b []byte) string {
	switch b[0] {
	case '{':
		return "an object"
	case '[':
		return "a list"
	case 't', 'f':
		return "true/false"
	}
	return "text"
}

var (
	invoiceTypes = map[string]bool{"R": true, "DE": true, "SEWP": true, "SEWOP": true, "CBW": true, "SEZWP": true, "SEZWOP": true}
	itcValues    = map[string]bool{"Y": true, "N": true, "T": true}
	rsnValues    = map[string]bool{"": true, "P": true, "C": true}
	imsValues    = map[string]bool{"": true, "A": true, "R": true, "N": true, "P": true}
)

// parseSections reads docdata or docRejdata.
func parseSections(r *Return, part string, raw json.RawMessage, ns *noticer) error {
	if absent(raw) {
		return nil
	}
	// The section keys are read as the one-pass reading reads them (encoding/json's rules for a
	// struct: exact, else case-insensitive, the last one given winning).
	var secs sectionsRaw
	if err := json.Unmarshal(raw, &secs); err != nil {
		return &FieldError{Part: part, Field: part, Problem: "should be an object of sections"}
	}
	rejected := part == "docRejdata"
	for _, sec := range Sections {
		sraw := secs.section(sec)
		if absent(sraw) {
			continue
		}
		if sec == "impg" {
			var list []json.RawMessage
			if err := json.Unmarshal(sraw, &list); err != nil {
				return &FieldError{Part: part, Section: sec, Field: sec, Problem: "should be a list"}
			}
			for di, draw := range list {
				d, err := parseDoc(part, sec, &supplierHead{}, 0, di, draw, false, ns)
				if err != nil {
					return err
				}
				d.Rejected = rejected
				r.Documents = append(r.Documents, d)
			}
			continue
		}
		if err := parseSuppliers(r, part, sec, sraw, rejected, false, 0, ns); err != nil {
			return err
		}
	}
	if absent(secs.ItcRev) {
		return nil
	}
	var entries []json.RawMessage
	if err := json.Unmarshal(secs.ItcRev, &entries); err != nil {
		return &FieldError{Part: part, Section: "itcrev", Field: "itcrev", Problem: "should be a list of objects of sections (b2b, b2ba, cdnr, cdnra)"}
	}
	subs := make([]sectionsRaw, len(entries))
	for i, e := range entries {
		if err := json.Unmarshal(e, &subs[i]); err != nil {
			return &FieldError{Part: part + ".itcrev", Field: fmt.Sprintf("entry %d", i+1), Problem: "should be an object of sections (b2b, b2ba, cdnr, cdnra)"}
		}
	}
	for _, sec := range revSections {
		si0 := 0
		for i := range subs {
			sraw := subs[i].section(sec)
			if absent(sraw) {
				continue
			}
			var sups []json.RawMessage
			if err := json.Unmarshal(sraw, &sups); err != nil {
				return &FieldError{Part: part + ".itcrev", Section: sec, Field: sec, Problem: "should be a list of suppliers"}
			}
			if err := parseSuppliers(r, part+".itcrev", sec, sraw, rejected, true, si0, ns); err != nil {
				return err
			}
			si0 += len(sups)
		}
	}
	return nil
}

// parseSuppliers reads one section's list of suppliers and their documents.
func parseSuppliers(r *Return, part, sec string, sraw json.RawMessage, rejected, reversed bool, si0 int, ns *noticer) error {
	var sups []json.RawMessage
	if err := json.Unmarshal(sraw, &sups); err != nil {
		return &FieldError{Part: part, Section: sec, Field: sec, Problem: "should be a list of suppliers"}
	}
	for si, supraw := range sups {
		var s supplierJSON
		if err := json.Unmarshal(supraw, &s); err != nil {
			return typeProblem(&FieldError{Part: part, Section: sec, Supplier: si0 + si + 1}, err)
		}
		s.check(part, sec, si0+si, ns)
		for di, draw := range s.docs(sec) {
			d, err := parseDoc(part, sec, &s.supplierHead, si0+si, di, draw, reversed, ns)
			if err != nil {
				return err
			}
			d.Rejected, d.Reversed = rejected, reversed
			r.Documents = append(r.Documents, d)
		}
	}
	return nil
}

// parseDoc reads and checks one document.
func parseDoc(part, sec string, s *supplierHead, si, di int, raw json.RawMessage, reversed bool, ns *noticer) (Document, error) {
	var j docJSON
	if err := json.Unmarshal(raw, &j); err != nil {
		return Document{}, typeProblem(docLoc(part, sec, s, si, di), err)
	}
	return checkDoc(part, sec, s, si, di, &j, reversed, ns)
}

func docLoc(part, sec string, s *supplierHead, si, di int) *FieldError {
	loc := &FieldError{Part: part, Section: sec, Document: di + 1}
	if sec != "impg" {
		loc.Supplier, loc.CTIN = si+1, s.CTIN
	}
	return loc
}

// checkDoc checks one document read and makes it a Document. It refuses only what it cannot
// read: an amount that is not a number, or a code that decides the document's sign (a note's
// typ C/D, an ISD document's doctyp) and is none gstdesk knows. A reference field missing or not
// of its form, or a code of a value gstdesk does not know, is kept as given and named in a notice.
// reversed says the document is of itcrev, whose amounts may be absent.
func checkDoc(part, sec string, s *supplierHead, si, di int, j *docJSON, reversed bool, ns *noticer) (Document, error) {
	loc := *docLoc(part, sec, s, si, di)
	d := Document{Section: sec, Supplier: strings.TrimSpace(s.CTIN), TradeName: s.TrdNm, SupplierFiled: s.SupFilDt, SupplierPeriod: s.SupPrd,
		POS: j.Pos, ReverseCharge: j.Rev, Type: j.Typ, ITCAvailable: j.Itcavl, Reason: j.Rsn, IMSStatus: j.ImsStatus,
		SourceType: j.SrcTyp, IRN: j.IRN, IRNDate: j.IRNGenDate, DiffPercent: 100}
	fail := func(field, problem string) (Document, error) {
		fe := loc
		fe.Number, fe.Field, fe.Problem = d.Number, field, problem
		return Document{}, &fe
	}
	where := func() string {
		fe := loc
		fe.Number = d.Number
		return fe.Where()
	}
	note := func(key, text string) { ns.add(key, text, where()) }
	numberField, dateField, dateValue := "inum", "dt", j.Dt
	switch sec {
	case "b2b", "b2ba", "ecom", "ecoma":
		d.Kind, d.Number = KindInvoice, strings.TrimSpace(string(j.INum))
		if sec == "b2ba" || sec == "ecoma" {
			d.OrigNumber, d.OrigDate = strings.TrimSpace(string(j.OINum)), j.OIDt
		}
	case "cdnr", "cdnra":
		numberField, d.Number, d.Type = "ntnum", strings.TrimSpace(string(j.NtNum)), j.Suptyp
		switch strings.ToUpper(strings.TrimSpace(j.Typ)) {
		case "C":
			d.Kind = KindCreditNote
		case "D":
			d.Kind = KindDebitNote
		default:
			// The type decides whether the note reduces the credit or adds to it: a figure
			// gstdesk cannot read without it.
			return fail("typ", fmt.Sprintf("%q should be C (credit note) or D (debit note): without it gstdesk cannot tell whether the note reduces the credit or adds to it", j.Typ))
		}
		if sec == "cdnra" {
			d.OrigNumber, d.OrigDate, d.OrigType = strings.TrimSpace(string(j.ONtNum)), j.ONtDt, j.ONtTyp
		}
	case "isd", "isda":
		numberField, dateField, dateValue, d.Number = "docnum", "docdt", j.DocDt, strings.TrimSpace(string(j.DocNum))
		switch strings.ToUpper(strings.TrimSpace(j.DocTyp)) {
		case "ISDI", "ISD", "I":
			d.Kind = KindISDInvoice
		case "ISDC", "ISDCN", "C":
			d.Kind = KindISDCreditNote
		default:
			// As a note's type: it decides whether the document gives credit or takes it back.
			return fail("doctyp", fmt.Sprintf("%q should be ISDI (invoice) or ISDC (credit note): without it gstdesk cannot tell whether the document gives credit or reduces it", j.DocTyp))
		}
		elg := j.ItcElg
		if elg == "" {
			elg = j.Elglty
		}
		d.Type, d.ITCAvailable = j.DocTyp, elg
		if sec == "isda" {
			d.OrigNumber, d.OrigDate, d.OrigType = strings.TrimSpace(string(j.ODocNum)), j.ODocDt, j.ODocTyp
		}
		if elg != "Y" && elg != "N" {
			note("itcelg:"+elg, fmt.Sprintf("An ISD document's eligibility (itcelg) is %q, neither Y nor N: it is kept as given and not counted as ITC available.", elg))
		}
	case "impg", "impgsez":
		numberField, dateField, dateValue, d.Number = "boenum", "boedt", j.BoeDt, strings.TrimSpace(string(j.BoeNum))
		d.Kind, d.PortCode, d.RefDate, d.RecDate, d.Amended, d.ITCAvailable = KindBillOfEntry, j.PortCode, j.RefDt, j.RecDt, j.IsAmd, "Y"
		if d.Amended != "" && d.Amended != "Y" && d.Amended != "N" {
			note("isamd:"+d.Amended, fmt.Sprintf("A bill of entry's amended flag (isamd) is %q, neither Y nor N; it is kept as given.", d.Amended))
		}
	}
	if d.Number == "" {
		note("missing:"+numberField, fmt.Sprintf("A document has no number (%s); it is kept with the number empty.", numberField))
	}
	d.Date = dateValue
	if dateValue == "" {
		note("missing:"+dateField, fmt.Sprintf("A document has no date (%s); it is kept with the date empty.", dateField))
	} else if iso, ok := civil.ParseDDMMYYYY(dateValue, '-'); ok {
		d.DateISO = iso
	} else {
		note("baddate:"+dateField, fmt.Sprintf("A document's date (%s) is not a date DD-MM-YYYY; it is kept as given.", dateField))
	}
	if d.OrigDate != "" {
		if _, ok := civil.ParseDDMMYYYY(d.OrigDate, '-'); !ok {
			note("baddate:original", "An amendment's original date is not a date DD-MM-YYYY; it is kept as given.")
		}
	}
	if (sec == "b2ba" || sec == "ecoma" || sec == "cdnra" || sec == "isda") && d.OrigNumber == "" {
		note("missing:original:"+sec, fmt.Sprintf("An amendment in %s does not name the document it amends (no original number); it is kept with the original number empty.", sec))
	}
	// Amounts: invoice level, or the sums of items (the pre-October-2024 shape).
	var amt [6]money.Paise
	var has [6]bool
	for i, f := range []struct {
		name string
		raw  json.RawMessage
	}{{"val", j.Val}, {"txval", j.Txval}, {"igst", j.Igst}, {"cgst", j.Cgst}, {"sgst", j.Sgst}, {"cess", j.Cess}} {
		v, present, err := amount(f.raw)
		if err != nil {
			return fail(f.name, err.Error())
		}
		amt[i], has[i] = v, present
	}
	d.Value, d.Taxable, d.IGST, d.CGST, d.SGST, d.Cess = amt[0], amt[1], amt[2], amt[3], amt[4], amt[5]
	if j.Items != nil {
		d.HasItems = true
		var sum [5]money.Paise
		for ii, it := range *j.Items {
			var a [5]money.Paise
			for k, f := range []struct {
				name string
				raw  json.RawMessage
			}{{"txval", it.Txval}, {"igst", it.Igst}, {"cgst", it.Cgst}, {"sgst", it.Sgst}, {"cess", it.Cess}} {
				v, _, err := amount(f.raw)
				if err != nil {
					fe := loc
					fe.Number, fe.Item, fe.Field, fe.Problem = d.Number, ii+1, "items."+f.name, err.Error()
					return Document{}, &fe
				}
				a[k] = v
				sum[k] += v
			}
			rt, _, err := amount(it.Rt)
			if err != nil {
				fe := loc
				fe.Number, fe.Item, fe.Field, fe.Problem = d.Number, ii+1, "items.rt", err.Error()
				return Document{}, &fe
			}
			num, _, err := amount(it.Num)
			if err != nil {
				fe := loc
				fe.Number, fe.Item, fe.Field, fe.Problem = d.Number, ii+1, "items.num", err.Error()
				return Document{}, &fe
			}
			if num%100 != 0 {
				// A line's number is a reference, not a figure: kept as its whole part.
				note("items.num", "A line's number (items.num) is not a whole number; its whole part is kept.")
			}
			d.Items = append(d.Items, Item{Num: int64(num / 100), Rate: int64(rt), Taxable: a[0], IGST: a[1], CGST: a[2], SGST: a[3], Cess: a[4]})
		}
		// Amounts given on the invoice as well as by line are kept as given; those not given are the lines' sums.
		if !has[1] {
			d.Taxable = sum[0]
		}
		if !has[2] {
			d.IGST = sum[1]
		}
		if !has[3] {
			d.CGST = sum[2]
		}
		if !has[4] {
			d.SGST = sum[3]
		}
		if !has[5] {
			d.Cess = sum[4]
		}
	} else if !has[1] && !reversed && d.Kind != KindISDInvoice && d.Kind != KindISDCreditNote {
		note("missing:txval", "A document has neither a taxable value (txval) nor items; its taxable value is held as 0.")
	}
	if d.Kind == KindCreditNote || d.Kind == KindISDCreditNote {
		creditNoteMagnitudes(&d)
	}
	// The value: given (val), or worked out for documents the return gives none for (see ValueBoE).
	switch {
	case has[0]:
	case d.Kind == KindBillOfEntry:
		d.Value, d.ValueBasis = d.Taxable+d.IGST+d.Cess, ValueBoE
	case d.Kind == KindISDInvoice || d.Kind == KindISDCreditNote:
		d.Value, d.ValueBasis = d.IGST+d.CGST+d.SGST+d.Cess, ValueISD
	default:
		d.ValueBasis = ValueAbsent
		if !reversed {
			note("missing:val", "A document has no value (val); it is kept and shows no value.")
		}
	}
	switch sec {
	case "b2b", "b2ba", "ecom", "ecoma", "cdnr", "cdnra":
		if !gstin.StateShape(d.POS) {
			note("pos", "A document's place of supply (pos) is not two digits; it is kept as given.")
		}
		if d.ReverseCharge != "Y" && d.ReverseCharge != "N" {
			note("rev:"+d.ReverseCharge, fmt.Sprintf("A document's reverse charge (rev) is %q, neither Y nor N; it is kept as given.", d.ReverseCharge))
		}
		if d.Type != "" && !invoiceTypes[d.Type] {
			field := "typ"
			if d.Kind != KindInvoice {
				field = "suptyp"
			}
			note(field+":"+d.Type, fmt.Sprintf("A document's type (%s) is %q, none of R, DE, SEWP, SEWOP, CBW; it is kept as given.", field, d.Type))
		}
		if d.Type == "" && d.Kind == KindInvoice && !strings.HasPrefix(sec, "ecom") {
			note("missing:typ", "An invoice has no type (typ); it is kept with the type empty.")
		}
		if !itcValues[d.ITCAvailable] {
			// Only Y is counted as ITC available: a value gstdesk does not know is not.
			note("itcavl:"+d.ITCAvailable, fmt.Sprintf("A document's ITC availability (itcavl) is %q, none of Y, N, T: it is kept as given and not counted as ITC available.", d.ITCAvailable))
		}
		if !rsnValues[d.Reason] {
			note("rsn:"+d.Reason, fmt.Sprintf("A document's reason (rsn) is %q, neither P nor C; it is kept as given.", d.Reason))
		}
		if !imsValues[d.IMSStatus] {
			note("imsStatus:"+d.IMSStatus, fmt.Sprintf("A document's IMS status (imsStatus) is %q, none of A, R, N, P; it is kept as given.", d.IMSStatus))
		}
		if v, present, err := amount(j.DiffPrcnt); err != nil {
			return fail("diffprcnt", err.Error())
		} else if present {
			if v != 100 && v != 65 {
				note("diffprcnt:"+v.Number(), fmt.Sprintf("A document's differential rate (diffprcnt) is %s, neither 1 nor 0.65; it is kept as given.", v.Number()))
			}
			d.DiffPercent = int64(v)
		}
	}
	return d, nil
}

// creditNoteMagnitudes keeps a credit note's amounts as sizes. A credit note reduces the credit
// by its amounts, and the return gives them as positive figures; one written negative (as some
// downloads and the register do) means the same reduction, so its sign is dropped here rather
// than turned into an addition to the credit when the note's sign is applied (Document.Sign).
// The purchase register reads credit notes by the same rule (recon.finishInvoice).
func creditNoteMagnitudes(d *Document) {
	abs := func(a *money.Paise) {
		if *a < 0 {
			*a = -*a
		}
	}
	for _, a := range []*money.Paise{&d.Value, &d.Taxable, &d.IGST, &d.CGST, &d.SGST, &d.Cess} {
		abs(a)
	}
	for i := range d.Items {
		it := &d.Items[i]
		for _, a := range []*money.Paise{&it.Taxable, &it.IGST, &it.CGST, &it.SGST, &it.Cess} {
			abs(a)
		}
	}
}
