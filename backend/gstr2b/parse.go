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
	"gstdesk/backend/gstr2a"
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
	if o == FromFile {
		return apperr.Wrap(apperr.Invalid, fe, "The GSTR-2B file is malformed at %s: %s %s. Nothing was imported; download the file from the GST portal again.",
			fe.Where(), fe.Field, fe.Problem)
	}
	return apperr.Wrap(apperr.Unavailable, fe, "The GST service's GSTR-2B answer is malformed at %s: %s %s. Nothing was saved and the earlier pulls are kept; pull the period again, and report it with the transaction id if it repeats.",
		fe.Where(), fe.Field, fe.Problem)
}

// errNoDocuments is the cause of a return that has neither documents nor a file count.
var errNoDocuments = errors.New("gstr2b: neither docdata nor fc")

// Parse reads a GSTR-2B ({"chksum", "data": {...}}, the API's data.data and the portal file alike)
// and checks every section. A return without docdata and without a file count (fc) is refused: it
// is neither a return nor the summary of a paged one.
func Parse(raw []byte, origin Origin) (*Return, error) {
	if r, err, done := parseFast(raw, origin); done && err == nil {
		return r, nil
	}
	// A return the one-pass reader refuses (or does not take) is read part by part: the refusal
	// is then always the same, found in the same order, naming exactly where the file is broken.
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
	r, err := top.header(chksum, origin, len(top.DocData) == 0 || string(top.DocData) == "null")
	if err != nil {
		return nil, err
	}
	for _, part := range []struct {
		name string
		raw  json.RawMessage
	}{{"docdata", top.DocData}, {"docRejdata", top.DocRejData}} {
		if err := parseSections(r, part.name, part.raw); err != nil {
			return nil, origin.fail(err.(*FieldError))
		}
	}
	if r.Documents == nil {
		r.Documents = []Document{} // as the one-pass reader gives it: "documents": [], never null
	}
	return r, nil
}

// header checks the return's own fields (everything but its documents) and starts the Return;
// noDocs says docdata is absent or null.
func (top *topHead) header(chksum string, origin Origin, noDocs bool) (*Return, error) {
	if noDocs {
		fe := &FieldError{Field: "docdata", Problem: "is missing and there is no file count (fc): the return has no documents"}
		if fc := strings.Trim(string(top.FC), `" `); fc != "" && fc != "null" && fc != "0" {
			fe.Problem = "is missing: this is the summary of a return sent in " + fc + " files, without its files"
		}
		return nil, errors.Join(origin.fail(fe), errNoDocuments)
	}
	r := &Return{Checksum: chksum, GSTIN: strings.TrimSpace(top.GSTIN), Version: top.Version, GenDate: top.GenDt}
	if !gstr2a.GSTINShape(r.GSTIN) {
		return nil, origin.fail(&FieldError{Field: "gstin", Problem: fmt.Sprintf("%q is not a GSTIN", top.GSTIN)})
	}
	m, err := period.ParseMonth(strings.TrimSpace(top.RtnPrd))
	if err != nil || len(strings.TrimSpace(top.RtnPrd)) != 6 {
		return nil, origin.fail(&FieldError{Field: "rtnprd", Problem: fmt.Sprintf("%q is not a return period MMYYYY", top.RtnPrd)})
	}
	r.Period = m.String()
	if r.GenDate != "" {
		if _, ok := gstr2a.ISODate(r.GenDate); !ok {
			return nil, origin.fail(&FieldError{Field: "gendt", Problem: fmt.Sprintf("%q is not a date DD-MM-YYYY", r.GenDate)})
		}
	}
	if r.ITC, err = parseITC(top.ITCSumm); err != nil {
		return nil, origin.fail(err.(*FieldError))
	}
	if r.Counterparties, err = parseCP(top.CPSumm); err != nil {
		return nil, origin.fail(err.(*FieldError))
	}
	return r, nil
}

// parseFast reads a well-formed return in one pass of encoding/json into typed documents (the
// checks are Parse's). done is false when the return is not plainly well-formed JSON of the
// expected types (or not UTF-8, or not wrapped in {"chksum", "data"}): Parse then reads it part
// by part and says exactly where it is broken. Reading part by part validated every byte once
// per level of nesting; this reads a 100,000-document return in about half the time.
func parseFast(raw []byte, origin Origin) (r *Return, err error, done bool) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || raw[0] != '{' || utf8check.FirstInvalid(raw) >= 0 {
		return nil, nil, false
	}
	var w struct {
		Chksum json.RawMessage `json:"chksum"`
		Data   *fastTop        `json:"data"`
	}
	if json.Unmarshal(raw, &w) != nil || w.Data == nil {
		return nil, nil, false
	}
	var chk string
	json.Unmarshal(w.Chksum, &chk)
	top := w.Data
	if r, err = top.header(chk, origin, top.DocData == nil); err != nil {
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
				n += len(secs.suppliers(sec)[i].docs(sec))
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
		for _, sec := range Sections {
			if sec == "impg" {
				for di := range part.secs.Impg {
					d, err := checkDoc(part.name, sec, &supplierHead{}, 0, di, &part.secs.Impg[di])
					if err != nil {
						return nil, origin.fail(err.(*FieldError)), true
					}
					d.Rejected = rejected
					r.Documents = append(r.Documents, d)
				}
				continue
			}
			sups := part.secs.suppliers(sec)
			for si := range sups {
				s := &sups[si]
				if err := s.check(part.name, sec, si); err != nil {
					return nil, origin.fail(err.(*FieldError)), true
				}
				docs := s.docs(sec)
				for di := range docs {
					d, err := checkDoc(part.name, sec, &s.supplierHead, si, di, &docs[di])
					if err != nil {
						return nil, origin.fail(err.(*FieldError)), true
					}
					d.Rejected = rejected
					r.Documents = append(r.Documents, d)
				}
			}
		}
	}
	return r, nil, true
}

// fastTop is the return's data object read with its documents typed.
type fastTop struct {
	topHead
	DocData    *fastSections `json:"docdata"`
	DocRejData *fastSections `json:"docRejdata"`
}

// fastSections is docdata or docRejdata read with its documents typed.
type fastSections struct {
	B2B     []fastSupplier `json:"b2b"`
	B2BA    []fastSupplier `json:"b2ba"`
	CDNR    []fastSupplier `json:"cdnr"`
	CDNRA   []fastSupplier `json:"cdnra"`
	ISD     []fastSupplier `json:"isd"`
	ISDA    []fastSupplier `json:"isda"`
	Impg    []docJSON      `json:"impg"`
	ImpgSEZ []fastSupplier `json:"impgsez"`
	Ecom    []fastSupplier `json:"ecom"`
	Ecoma   []fastSupplier `json:"ecoma"`
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
type fastSupplier struct {
	supplierHead
	Inv     []docJSON `json:"inv"`
	Nt      []docJSON `json:"nt"`
	DocList []docJSON `json:"doclist"`
	Boe     []docJSON `json:"boe"`
}

func (s *fastSupplier) docs(sec string) []docJSON {
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

// unwrap returns the return's data object and its checksum. The portal file and the API's
// data.data are {"chksum", "data"}; a bare {gstin, rtnprd, ...} is taken too.
func unwrap(raw []byte, origin Origin) ([]byte, string, error) {
	raw = bytes.TrimSpace(raw)
	if at := utf8check.FirstInvalid(raw); at >= 0 {
		return nil, "", origin.fail(&FieldError{Field: "text", Problem: fmt.Sprintf("is not UTF-8 at byte %d", at)})
	}
	if len(raw) == 0 || raw[0] != '{' || !json.Valid(raw) {
		return nil, "", origin.fail(&FieldError{Field: "data", Problem: syntaxProblem(raw)})
	}
	var w struct {
		Chksum json.RawMessage `json:"chksum"`
		Data   json.RawMessage `json:"data"`
		RtnPrd json.RawMessage `json:"rtnprd"`
	}
	if err := json.Unmarshal(raw, &w); err != nil {
		return nil, "", origin.fail(&FieldError{Field: "data", Problem: "is not a GSTR-2B object"})
	}
	if len(w.Data) == 0 || string(w.Data) == "null" {
		if len(w.RtnPrd) > 0 {
			return raw, "", nil
		}
		return nil, "", origin.fail(&FieldError{Field: "data", Problem: "is missing (a GSTR-2B is {\"chksum\", \"data\": {gstin, rtnprd, docdata ...}})"})
	}
	if w.Data[0] != '{' {
		return nil, "", origin.fail(&FieldError{Field: "data", Problem: "is not an object"})
	}
	var chk string
	json.Unmarshal(w.Chksum, &chk)
	return w.Data, chk, nil
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

// check checks the supplier's GSTIN, filing date and period.
func (s *supplierHead) check(part, sec string, si int) error {
	se := func(field, problem string) error {
		return &FieldError{Part: part, Section: sec, Supplier: si + 1, CTIN: s.CTIN, Field: field, Problem: problem}
	}
	if !gstr2a.GSTINShape(s.CTIN) {
		return se("ctin", fmt.Sprintf("%q is not a GSTIN", s.CTIN))
	}
	if s.SupFilDt != "" {
		if _, ok := gstr2a.ISODate(s.SupFilDt); !ok {
			return se("supfildt", fmt.Sprintf("%q is not a date DD-MM-YYYY", s.SupFilDt))
		}
	}
	if s.SupPrd != "" {
		if _, err := period.ParseMonth(s.SupPrd); err != nil || len(s.SupPrd) != 6 {
			return se("supprd", fmt.Sprintf("%q is not a return period MMYYYY", s.SupPrd))
		}
	}
	return nil
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
func parseSections(r *Return, part string, raw json.RawMessage) error {
	if len(raw) == 0 || string(raw) == "null" {
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
		if len(sraw) == 0 || string(sraw) == "null" {
			continue
		}
		if sec == "impg" {
			var list []json.RawMessage
			if err := json.Unmarshal(sraw, &list); err != nil {
				return &FieldError{Part: part, Section: sec, Field: sec, Problem: "should be a list"}
			}
			for di, draw := range list {
				d, err := parseDoc(part, sec, &supplierHead{}, 0, di, draw)
				if err != nil {
					return err
				}
				d.Rejected = rejected
				r.Documents = append(r.Documents, d)
			}
			continue
		}
		var sups []json.RawMessage
		if err := json.Unmarshal(sraw, &sups); err != nil {
			return &FieldError{Part: part, Section: sec, Field: sec, Problem: "should be a list of suppliers"}
		}
		for si, supraw := range sups {
			var s supplierJSON
			if err := json.Unmarshal(supraw, &s); err != nil {
				return typeProblem(&FieldError{Part: part, Section: sec, Supplier: si + 1}, err)
			}
			if err := s.check(part, sec, si); err != nil {
				return err
			}
			for di, draw := range s.docs(sec) {
				d, err := parseDoc(part, sec, &s.supplierHead, si, di, draw)
				if err != nil {
					return err
				}
				d.Rejected = rejected
				r.Documents = append(r.Documents, d)
			}
		}
	}
	return nil
}

// parseDoc reads and checks one document.
func parseDoc(part, sec string, s *supplierHead, si, di int, raw json.RawMessage) (Document, error) {
	var j docJSON
	if err := json.Unmarshal(raw, &j); err != nil {
		return Document{}, typeProblem(docLoc(part, sec, s, si, di), err)
	}
	return checkDoc(part, sec, s, si, di, &j)
}

func docLoc(part, sec string, s *supplierHead, si, di int) *FieldError {
	loc := &FieldError{Part: part, Section: sec, Document: di + 1}
	if sec != "impg" {
		loc.Supplier, loc.CTIN = si+1, s.CTIN
	}
	return loc
}

// checkDoc checks one document read and makes it a Document.
func checkDoc(part, sec string, s *supplierHead, si, di int, j *docJSON) (Document, error) {
	loc := *docLoc(part, sec, s, si, di)
	d := Document{Section: sec, Supplier: s.CTIN, TradeName: s.TrdNm, SupplierFiled: s.SupFilDt, SupplierPeriod: s.SupPrd,
		POS: j.Pos, ReverseCharge: j.Rev, Type: j.Typ, ITCAvailable: j.Itcavl, Reason: j.Rsn, IMSStatus: j.ImsStatus,
		SourceType: j.SrcTyp, IRN: j.IRN, IRNDate: j.IRNGenDate, DiffPercent: 100}
	fail := func(field, problem string) (Document, error) {
		fe := loc
		fe.Number, fe.Field, fe.Problem = d.Number, field, problem
		return Document{}, &fe
	}
	date := func(field, v string, required bool) (string, bool) {
		if v == "" {
			return "", !required
		}
		iso, ok := gstr2a.ISODate(v)
		return iso, ok
	}
	numberField, dateField, dateValue := "inum", "dt", j.Dt
	switch sec {
	case "b2b", "b2ba", "ecom", "ecoma":
		d.Kind, d.Number = KindInvoice, string(j.INum)
		if sec == "b2ba" || sec == "ecoma" {
			d.OrigNumber, d.OrigDate = string(j.OINum), j.OIDt
		}
	case "cdnr", "cdnra":
		numberField, d.Number, d.Type = "ntnum", string(j.NtNum), j.Suptyp
		switch j.Typ {
		case "C":
			d.Kind = KindCreditNote
		case "D":
			d.Kind = KindDebitNote
		default:
			d.Number = string(j.NtNum)
			return fail("typ", fmt.Sprintf("%q should be C (credit note) or D (debit note)", j.Typ))
		}
		if sec == "cdnra" {
			d.OrigNumber, d.OrigDate, d.OrigType = string(j.ONtNum), j.ONtDt, j.ONtTyp
		}
	case "isd", "isda":
		numberField, dateField, dateValue, d.Number = "docnum", "docdt", j.DocDt, string(j.DocNum)
		switch j.DocTyp {
		case "ISDI", "ISD":
			d.Kind = KindISDInvoice
		case "ISDC", "ISDCN":
			d.Kind = KindISDCreditNote
		default:
			return fail("doctyp", fmt.Sprintf("%q should be ISDI (invoice) or ISDC (credit note)", j.DocTyp))
		}
		d.Type, d.ITCAvailable = j.DocTyp, j.ItcElg
		if sec == "isda" {
			d.OrigNumber, d.OrigDate, d.OrigType = string(j.ODocNum), j.ODocDt, j.ODocTyp
		}
		if j.ItcElg != "Y" && j.ItcElg != "N" {
			return fail("itcelg", fmt.Sprintf("%q should be Y or N", j.ItcElg))
		}
	case "impg", "impgsez":
		numberField, dateField, dateValue, d.Number = "boenum", "boedt", j.BoeDt, string(j.BoeNum)
		d.Kind, d.PortCode, d.RefDate, d.RecDate, d.Amended, d.ITCAvailable = KindBillOfEntry, j.PortCode, j.RefDt, j.RecDt, j.IsAmd, "Y"
		if d.Amended != "" && d.Amended != "Y" && d.Amended != "N" {
			return fail("isamd", fmt.Sprintf("%q should be Y or N", j.IsAmd))
		}
	}
	d.Number = strings.TrimSpace(d.Number)
	if d.Number == "" {
		return fail(numberField, "is missing")
	}
	d.Date = dateValue
	var ok bool
	if d.DateISO, ok = date(dateField, dateValue, true); !ok {
		if dateValue == "" {
			return fail(dateField, "is missing")
		}
		return fail(dateField, fmt.Sprintf("%q is not a date DD-MM-YYYY", dateValue))
	}
	if d.OrigDate != "" {
		if _, ok := date("", d.OrigDate, false); !ok {
			return fail("original date", fmt.Sprintf("%q is not a date DD-MM-YYYY", d.OrigDate))
		}
	}
	if (sec == "b2ba" || sec == "ecoma" || sec == "cdnra") && d.OrigNumber == "" {
		return fail("original number", "is missing (an amendment names the document it amends)")
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
			if err != nil || num%100 != 0 {
				fe := loc
				fe.Number, fe.Item, fe.Field, fe.Problem = d.Number, ii+1, "items.num", "is not a whole number"
				return Document{}, &fe
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
	} else if !has[1] && d.Kind != KindISDInvoice && d.Kind != KindISDCreditNote {
		return fail("txval", "is missing and there are no items: the document has no taxable value")
	}
	if !has[0] && (d.Kind == KindInvoice || d.Kind == KindCreditNote || d.Kind == KindDebitNote) {
		return fail("val", "is missing")
	}
	if d.Kind == KindCreditNote || d.Kind == KindISDCreditNote {
		creditNoteMagnitudes(&d)
	}
	switch sec {
	case "b2b", "b2ba", "ecom", "ecoma", "cdnr", "cdnra":
		if !gstr2a.StateCodeShape(d.POS) {
			return fail("pos", fmt.Sprintf("%q is not a place of supply (two digits)", d.POS))
		}
		if d.ReverseCharge != "Y" && d.ReverseCharge != "N" {
			return fail("rev", fmt.Sprintf("%q should be Y or N", d.ReverseCharge))
		}
		if d.Type != "" && !invoiceTypes[d.Type] {
			return fail("typ", fmt.Sprintf("%q is none of R, DE, SEWP, SEWOP, CBW", d.Type))
		}
		if d.Type == "" && d.Kind == KindInvoice && !strings.HasPrefix(sec, "ecom") {
			return fail("typ", "is missing")
		}
		if !itcValues[d.ITCAvailable] {
			return fail("itcavl", fmt.Sprintf("%q should be Y, N or T", d.ITCAvailable))
		}
		if !rsnValues[d.Reason] {
			return fail("rsn", fmt.Sprintf("%q should be P, C or empty", d.Reason))
		}
		if !imsValues[d.IMSStatus] {
			return fail("imsStatus", fmt.Sprintf("%q should be A, R, N or P", d.IMSStatus))
		}
		if v, present, err := amount(j.DiffPrcnt); err != nil {
			return fail("diffprcnt", err.Error())
		} else if present {
			if v != 100 && v != 65 {
				return fail("diffprcnt", fmt.Sprintf("%s should be 1 or 0.65", v.Number()))
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
