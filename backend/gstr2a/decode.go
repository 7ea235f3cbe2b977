package gstr2a

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"gstdesk/backend/apperr"
	"gstdesk/backend/utf8check"
)

// decoder reads the GSTR-2A listing in one pass over the bytes. encoding/json reads a 100,000
// invoice answer at under 30 MB/s on the desk machines; this reads it several times faster and
// knows where it is (supplier, invoice, item) when something is wrong. It follows encoding/json's
// rules: keys match exactly or else case-insensitively, the last duplicate wins, unknown keys are
// skipped (but must be valid JSON), null leaves a field absent, numbers may come quoted.
type decoder struct {
	data []byte
	pos  int
	loc  FieldError // where we are, for errors

	intern map[string]string
	paise  []Paise // slab for optional amounts
	items  []Item  // slab for line items
	scr    []Item  // scratch for the items of one invoice

	// notes, when not nil, hears of the keys the B2B reader does not know (ParseReturn, Ingest
	// of a whole return).
	notes *notes
}

// b2bQuiet are B2B keys of GSTR-2A that are known but not kept as columns (they stay in the
// stored answer): not named as unknown.
var b2bQuiet = []string{"aspd", "atyp", "cflag", "updby", "d_flag", "trdnm", "flag"}

func (d *decoder) unknownB2B(path string, k []byte) {
	if d.notes != nil && match(k, b2bQuiet) == "" {
		d.notes.unknownKey(path, k)
	}
}

// maxDepth matches encoding/json's nesting limit.
const maxDepth = 10000

type syntaxErr struct {
	off int
	msg string
}

// Error describes the broken JSON for the log.
func (e *syntaxErr) Error() string {
	return fmt.Sprintf("gstr2a: invalid JSON at byte %d: %s", e.off, e.msg)
}

func (d *decoder) syntax(msg string) error {
	e := &syntaxErr{off: d.pos, msg: msg}
	return apperr.Wrap(apperr.Invalid, e,
		"The GSTR-2A answer is not valid JSON (at byte %d: %s). Nothing was saved; pull the period again, and report it if it repeats.",
		d.pos, msg)
}

func (d *decoder) field(field, problem string) error {
	fe := d.loc
	fe.Field, fe.Problem = field, problem
	return malformed(&fe)
}

func (d *decoder) ws() {
	for d.pos < len(d.data) {
		switch d.data[d.pos] {
		case ' ', '\t', '\n', '\r':
			d.pos++
		default:
			return
		}
	}
}

// peek skips white space and returns the next byte, or 0 at the end.
func (d *decoder) peek() byte {
	d.ws()
	if d.pos >= len(d.data) {
		return 0
	}
	return d.data[d.pos]
}

func (d *decoder) expect(c byte) error {
	if d.peek() != c {
		if d.pos >= len(d.data) {
			return d.syntax(fmt.Sprintf("unexpected end, expected %q", c))
		}
		return d.syntax(fmt.Sprintf("expected %q, found %q", c, d.data[d.pos]))
	}
	d.pos++
	return nil
}

// literal consumes null, true or false.
func (d *decoder) literal() (string, error) {
	for _, lit := range []string{"null", "true", "false"} {
		if strings.HasPrefix(string(d.data[d.pos:min(len(d.data), d.pos+len(lit))]), lit) {
			d.pos += len(lit)
			return lit, nil
		}
	}
	return "", d.syntax(fmt.Sprintf("unexpected %q", d.data[d.pos]))
}

// rawString scans a string starting at the quote and returns its bytes between the quotes and
// whether it needs unescaping (escapes or non-ASCII to check).
func (d *decoder) rawString() (b []byte, slow bool, err error) {
	d.pos++ // opening quote
	start := d.pos
	for d.pos < len(d.data) {
		c := d.data[d.pos]
		switch {
		case c == '"':
			b = d.data[start:d.pos]
			d.pos++
			return b, slow, nil
		case c == '\\':
			slow = true
			d.pos++
			if d.pos >= len(d.data) {
				return nil, false, d.syntax("unexpected end inside text")
			}
			switch d.data[d.pos] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				d.pos++
			case 'u':
				if d.pos+5 > len(d.data) {
					return nil, false, d.syntax("unexpected end inside text")
				}
				for _, h := range d.data[d.pos+1 : d.pos+5] {
					if !(h >= '0' && h <= '9' || h >= 'a' && h <= 'f' || h >= 'A' && h <= 'F') {
						return nil, false, d.syntax("bad \\u escape in text")
					}
				}
				d.pos += 5
			default:
				return nil, false, d.syntax("bad escape in text")
			}
		case c < 0x20:
			return nil, false, d.syntax("control character inside text")
		default:
			if c >= 0x80 {
				slow = true
			}
			d.pos++
		}
	}
	return nil, false, d.syntax("unexpected end inside text")
}

// str reads a string value (the decoder is at its quote).
func (d *decoder) str() (string, error) {
	start := d.pos
	b, slow, err := d.rawString()
	if err != nil {
		return "", err
	}
	// decodeB2B refused text that is not UTF-8 before reading: only escapes need unescaping.
	if slow && hasByte(b, '\\') {
		var s string
		if err := json.Unmarshal(d.data[start:d.pos], &s); err != nil {
			return "", d.syntax("bad text")
		}
		return s, nil
	}
	if len(b) <= 12 {
		if s, ok := d.intern[string(b)]; ok {
			return s, nil
		}
		s := string(b)
		if len(d.intern) < 4096 {
			d.intern[s] = s
		}
		return s, nil
	}
	return string(b), nil
}

func hasByte(b []byte, c byte) bool {
	for _, x := range b {
		if x == c {
			return true
		}
	}
	return false
}

// number scans a JSON number token at the current position.
func (d *decoder) number() ([]byte, error) {
	start := d.pos
	n := scanNumber(d.data[d.pos:])
	if n == 0 {
		return nil, d.syntax(fmt.Sprintf("unexpected %q", d.data[d.pos]))
	}
	d.pos += n
	return d.data[start:d.pos], nil
}

// scanNumber returns the length of the JSON number at the start of b, 0 if there is none.
func scanNumber(b []byte) int {
	i := 0
	if i < len(b) && b[i] == '-' {
		i++
	}
	switch {
	case i < len(b) && b[i] == '0':
		i++
	case i < len(b) && b[i] >= '1' && b[i] <= '9':
		for i < len(b) && b[i] >= '0' && b[i] <= '9' {
			i++
		}
	default:
		return 0
	}
	if i < len(b) && b[i] == '.' {
		i++
		j := i
		for i < len(b) && b[i] >= '0' && b[i] <= '9' {
			i++
		}
		if i == j {
			return 0
		}
	}
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		i++
		if i < len(b) && (b[i] == '+' || b[i] == '-') {
			i++
		}
		j := i
		for i < len(b) && b[i] >= '0' && b[i] <= '9' {
			i++
		}
		if i == j {
			return 0
		}
	}
	return i
}

// key reads an object key and the colon after it. Keys come back unescaped only when they had
// escapes; plain keys are the input's bytes (valid until the next read).
func (d *decoder) key() ([]byte, error) {
	if d.peek() != '"' {
		if d.pos >= len(d.data) {
			return nil, d.syntax("unexpected end, expected a key")
		}
		return nil, d.syntax(fmt.Sprintf("expected a key, found %q", d.data[d.pos]))
	}
	start := d.pos
	k, slow, err := d.rawString()
	if err != nil {
		return nil, err
	}
	if slow {
		var s string
		if err := json.Unmarshal(d.data[start:d.pos], &s); err != nil {
			return nil, d.syntax("bad key")
		}
		k = []byte(s)
	}
	return k, d.expect(':')
}

// object calls fn for each key of the object at the current position; fn must consume the value.
// A null object calls nothing and reports false.
func (d *decoder) object(fn func(key []byte) error) (bool, error) {
	switch d.peek() {
	case 'n':
		if lit, err := d.literal(); err != nil || lit != "null" {
			return false, d.syntax("expected an object")
		}
		return false, nil
	case '{':
	default:
		return false, errNotObject
	}
	d.pos++
	if d.peek() == '}' {
		d.pos++
		return true, nil
	}
	for {
		k, err := d.key()
		if err != nil {
			return true, err
		}
		if err := fn(k); err != nil {
			return true, err
		}
		switch d.peek() {
		case ',':
			d.pos++
		case '}':
			d.pos++
			return true, nil
		default:
			return true, d.syntax("expected ',' or '}' in an object")
		}
	}
}

// array calls fn for each element of the array at the current position; null reports false.
func (d *decoder) array(fn func(i int) error) (bool, error) {
	switch d.peek() {
	case 'n':
		if lit, err := d.literal(); err != nil || lit != "null" {
			return false, d.syntax("expected a list")
		}
		return false, nil
	case '[':
	default:
		return false, errNotArray
	}
	d.pos++
	if d.peek() == ']' {
		d.pos++
		return true, nil
	}
	for i := 0; ; i++ {
		if err := fn(i); err != nil {
			return true, err
		}
		switch d.peek() {
		case ',':
			d.pos++
		case ']':
			d.pos++
			return true, nil
		default:
			return true, d.syntax("expected ',' or ']' in a list")
		}
	}
}

var (
	errNotObject = fmt.Errorf("gstr2a: not an object")
	errNotArray  = fmt.Errorf("gstr2a: not a list")
)

// kind names the JSON value at the current position, for type errors.
func (d *decoder) kind() string {
	switch d.peek() {
	case '"':
		return "text"
	case '{':
		return "an object"
	case '[':
		return "a list"
	case 't', 'f':
		return "true/false"
	case 'n':
		return "null"
	}
	return "a number"
}

// skip consumes any valid JSON value.
func (d *decoder) skip(depth int) error {
	if depth > maxDepth {
		return d.syntax("nested too deeply")
	}
	switch c := d.peek(); {
	case c == '"':
		_, _, err := d.rawString()
		if err != nil {
			return err
		}
		return nil
	case c == '{':
		_, err := d.object(func([]byte) error { return d.skip(depth + 1) })
		return err
	case c == '[':
		_, err := d.array(func(int) error { return d.skip(depth + 1) })
		return err
	case c == 't' || c == 'f' || c == 'n':
		_, err := d.literal()
		return err
	case c == 0:
		return d.syntax("unexpected end")
	default:
		_, err := d.number()
		return err
	}
}

// setStr reads a text field into dst; null leaves dst as it was (as encoding/json does).
func (d *decoder) setStr(name string, dst *string) error {
	switch d.peek() {
	case '"':
		v, err := d.str()
		if err != nil {
			return err
		}
		*dst = v
		return nil
	case 'n':
		lit, err := d.literal()
		if err != nil {
			return err
		}
		if lit == "null" {
			return nil
		}
		return d.field(name, "should be text but is "+lit)
	}
	k := d.kind()
	if err := d.skip(0); err != nil {
		return err
	}
	return d.field(name, "should be text but is "+k)
}

// numField reads a number field (bare or quoted); null gives nil.
func (d *decoder) numField(name string) ([]byte, error) {
	switch c := d.peek(); {
	case c == '-' || c >= '0' && c <= '9':
		return d.number()
	case c == '"':
		s, err := d.str()
		if err != nil {
			return nil, err
		}
		if n := scanNumber([]byte(s)); n == 0 || n != len(s) {
			return nil, d.field(name, fmt.Sprintf("%q is not a number", s))
		}
		return []byte(s), nil
	case c == 'n':
		if lit, err := d.literal(); err != nil {
			return nil, err
		} else if lit == "null" {
			return nil, nil
		}
	}
	k := d.kind()
	if err := d.skip(0); err != nil {
		return nil, err
	}
	return nil, d.field(name, "should be a number but is "+k)
}

func (d *decoder) amount(name string) (v int64, present bool, err error) {
	s, err := d.numField(name)
	if err != nil || s == nil {
		return 0, false, err
	}
	v, err = hundredths(s)
	if err != nil {
		return 0, false, d.field(name, fmt.Sprintf("%q %v", s, err))
	}
	return v, true, nil
}

func (d *decoder) newPaise(v int64) *Paise {
	if len(d.paise) == cap(d.paise) {
		d.paise = make([]Paise, 0, 4096)
	}
	d.paise = append(d.paise, Paise(v))
	return &d.paise[len(d.paise)-1]
}

// match maps a key to the field name it sets, as encoding/json does: exact, else case-folded.
func match(key []byte, names []string) string {
	for _, n := range names {
		if string(key) == n {
			return n
		}
	}
	for _, n := range names {
		if strings.EqualFold(string(key), n) {
			return n
		}
	}
	return ""
}

var (
	topKeys      = []string{"b2b"}
	supplierKeys = []string{"cfs", "cfs3b", "ctin", "dtcancel", "fldtr1", "flprdr1", "inv"}
	invoiceKeys  = []string{"chksum", "diff_percent", "idt", "inum", "inv_typ", "irn", "irngendate", "itms", "pos", "rchrg", "srctyp", "val"}
	itemKeys     = []string{"num", "itm_det"}
	detailKeys   = []string{"camt", "csamt", "iamt", "rt", "samt", "txval"}
)

// decodeAnswer is decodeListing for an answer of the service: the b2b list is required (it may
// be empty), as the contract says; an answer without it is not "a period with no invoices". This
// is the one check of the answer's shape (gstapi passes data.data on unread): an answer that is
// not an object with one b2b list breaks the contract (brokenAnswer).
func decodeAnswer(data []byte, onSupplier func(i int, s *Supplier) error) (Listing, error) {
	return decodeB2B(data, onSupplier, true)
}

// decodeListing reads and validates the whole answer. onSupplier, when not nil, receives each
// supplier (a copy no one changes afterwards) as soon as it is read and checked, so storing can
// run beside reading; an error from it stops the reading. Text that is not UTF-8 anywhere in data
// is refused before anything is read: it would be stored, and printed, as it came.
func decodeListing(data []byte, onSupplier func(i int, s *Supplier) error) (Listing, error) {
	return decodeB2B(data, onSupplier, false)
}

func decodeB2B(data []byte, onSupplier func(i int, s *Supplier) error, requireB2B bool) (Listing, error) {
	return decodeB2BWith(data, onSupplier, requireB2B, nil)
}

func decodeB2BWith(data []byte, onSupplier func(i int, s *Supplier) error, requireB2B bool, nt *notes) (Listing, error) {
	d := &decoder{data: data, intern: make(map[string]string, 512), notes: nt}
	var l Listing
	if at := utf8check.FirstInvalid(data); at >= 0 {
		d.pos = at
		e := &syntaxErr{off: d.pos, msg: "text that is not UTF-8"}
		return l, apperr.Wrap(apperr.Invalid, e,
			"The GSTR-2A answer has text that is not UTF-8 (at byte %d). Nothing was saved; pull the period again, and report it if it repeats.", d.pos)
	}
	// shape is the error of a listing that is not an object with one b2b list: in an answer of
	// the service, the contract broken.
	shape := malformed
	if requireB2B {
		shape = brokenAnswer
	}
	if d.peek() != '{' {
		return l, shape(&FieldError{Field: "data", Problem: "is not a JSON object"})
	}
	seen, gotList := false, false
	_, err := d.object(func(k []byte) error {
		if match(k, topKeys) != "b2b" {
			return d.skip(1)
		}
		if seen {
			return shape(&FieldError{Field: "b2b", Problem: "appears twice"})
		}
		seen = true
		ok, err := d.array(func(i int) error {
			l.B2B = append(l.B2B, Supplier{})
			d.loc = FieldError{Supplier: i + 1}
			if nt != nil {
				// In a whole return, a refusal names the section.
				d.loc.Section = "b2b"
			}
			if err := d.supplier(&l.B2B[i]); err != nil {
				return err
			}
			if err := validateSupplierWith(i, &l.B2B[i], nt); err != nil {
				var fe *FieldError
				if nt != nil && errors.As(err, &fe) {
					named := *fe
					named.Section = "b2b"
					return malformed(&named)
				}
				return err
			}
			if onSupplier != nil {
				s := new(Supplier)
				*s = l.B2B[i]
				return onSupplier(i, s)
			}
			return nil
		})
		if err == errNotArray {
			k := d.kind()
			if err := d.skip(1); err != nil {
				return err
			}
			return shape(&FieldError{Field: "b2b", Problem: "should be a list but is " + k})
		}
		if !ok {
			l.B2B = nil
		}
		gotList = ok
		return err
	})
	if err != nil {
		return Listing{}, err
	}
	if d.ws(); d.pos != len(d.data) {
		return Listing{}, d.syntax("unexpected data after the answer")
	}
	if requireB2B && !gotList {
		return Listing{}, brokenAnswer(&FieldError{Field: "b2b", Problem: "is missing (the answer has no list of suppliers, not even an empty one)"})
	}
	if l.B2B == nil {
		l.B2B = []Supplier{}
	}
	return l, nil
}

func (d *decoder) wrongKind(err error, name string) error {
	if err == errNotObject || err == errNotArray {
		k := d.kind()
		if serr := d.skip(1); serr != nil {
			return serr
		}
		want := "an object"
		if err == errNotArray {
			want = "a list"
		}
		return d.field(name, "should be "+want+" but is "+k)
	}
	return err
}

func (d *decoder) supplier(s *Supplier) error {
	ok, err := d.object(func(k []byte) error {
		var err error
		switch match(k, supplierKeys) {
		case "cfs":
			err = d.setStr("cfs", &s.CFS)
		case "cfs3b":
			err = d.setStr("cfs3b", &s.CFS3B)
		case "ctin":
			err = d.setStr("ctin", &s.CTIN)
			d.loc.CTIN = s.CTIN
		case "dtcancel":
			err = d.setStr("dtcancel", &s.DtCancel)
		case "fldtr1":
			err = d.setStr("fldtr1", &s.FilingDate)
		case "flprdr1":
			err = d.setStr("flprdr1", &s.FilingPeriod)
		case "inv":
			s.Invoices = s.Invoices[:0]
			var ok bool
			ok, err = d.array(func(i int) error {
				s.Invoices = append(s.Invoices, Invoice{})
				d.loc.Invoice, d.loc.INum, d.loc.Item = i+1, "", 0
				return d.invoice(&s.Invoices[i])
			})
			d.loc.Invoice, d.loc.INum, d.loc.Item = 0, "", 0
			if !ok {
				s.Invoices = nil
			}
			err = d.wrongKind(err, "inv")
		default:
			d.unknownB2B("b2b", k)
			err = d.skip(1)
		}
		return err
	})
	if !ok && err == nil {
		return d.field("supplier", "is null")
	}
	return d.wrongKind(err, "supplier")
}

func (d *decoder) invoice(inv *Invoice) error {
	var hasNum, hasVal bool
	ok, err := d.object(func(k []byte) error {
		var err error
		switch match(k, invoiceKeys) {
		case "chksum":
			err = d.setStr("chksum", &inv.Checksum)
		case "diff_percent":
			var v int64
			var present bool
			v, present, err = d.amount("diff_percent")
			if present {
				r := Rate(v)
				inv.DiffPercent = &r
			}
		case "idt":
			err = d.setStr("idt", &inv.Date)
		case "inum":
			hasNum = d.peek() != 'n'
			err = d.setStr("inum", &inv.Number)
			d.loc.INum = inv.Number
		case "inv_typ":
			err = d.setStr("inv_typ", &inv.Type)
		case "irn":
			err = d.setStr("irn", &inv.IRN)
		case "irngendate":
			err = d.setStr("irngendate", &inv.IRNDate)
		case "itms":
			d.scr = d.scr[:0]
			var ok bool
			ok, err = d.array(func(i int) error {
				d.scr = append(d.scr, Item{})
				d.loc.Item = i + 1
				return d.item(&d.scr[i])
			})
			d.loc.Item = 0
			if err == nil {
				if !ok {
					inv.Items = nil
				} else {
					inv.Items = d.keepItems(d.scr)
				}
			}
			err = d.wrongKind(err, "itms")
		case "pos":
			err = d.setStr("pos", &inv.POS)
		case "rchrg":
			err = d.setStr("rchrg", &inv.ReverseCharge)
		case "srctyp":
			err = d.setStr("srctyp", &inv.SourceType)
		case "val":
			v, present, aerr := d.amount("val")
			if present {
				inv.Value, hasVal = Paise(v), true
			}
			err = aerr
		default:
			d.unknownB2B("b2b.inv", k)
			err = d.skip(1)
		}
		return err
	})
	if err != nil {
		return d.wrongKind(err, "invoice")
	}
	switch {
	case !ok:
		return d.field("invoice", "is null")
	case !hasNum:
		return d.field("inum", "is missing")
	case inv.Items == nil:
		return d.field("itms", "is missing")
	case !hasVal:
		return d.field("val", "is missing")
	}
	return nil
}

// keepItems copies the scratch items into the slab so that each invoice's items need no
// allocation of their own.
func (d *decoder) keepItems(src []Item) []Item {
	if len(src) == 0 {
		return []Item{}
	}
	if cap(d.items)-len(d.items) < len(src) {
		d.items = make([]Item, 0, max(2048, len(src)))
	}
	start := len(d.items)
	d.items = append(d.items, src...)
	return d.items[start:len(d.items):len(d.items)]
}

func (d *decoder) item(it *Item) error {
	var hasNum, hasDet, hasRt, hasTx bool
	ok, err := d.object(func(k []byte) error {
		switch match(k, itemKeys) {
		case "num":
			s, err := d.numField("num")
			if err != nil {
				return err
			}
			if s != nil {
				hasNum = true
				n, perr := strconv.ParseInt(string(s), 10, 64)
				if perr != nil {
					return d.field("num", fmt.Sprintf("%q is not a whole number", s))
				}
				it.Num = n
			}
			return nil
		case "itm_det":
			// Like encoding/json, a repeated itm_det adds to the first; null drops it.
			ok, err := d.detail(&it.Detail, &hasRt, &hasTx)
			hasDet = ok
			if !ok {
				it.Detail, hasRt, hasTx = ItemDetail{}, false, false
			}
			return d.wrongKind(err, "itm_det")
		}
		d.unknownB2B("b2b.inv.itms", k)
		return d.skip(1)
	})
	if err != nil {
		return d.wrongKind(err, "item")
	}
	switch {
	case !ok:
		return d.field("item", "is null")
	case !hasNum:
		return d.field("num", "is missing")
	case !hasDet:
		return d.field("itm_det", "is missing")
	case !hasRt:
		return d.field("itm_det.rt", "is missing")
	case !hasTx:
		return d.field("itm_det.txval", "is missing")
	}
	return nil
}

func (d *decoder) detail(det *ItemDetail, hasRt, hasTx *bool) (bool, error) {
	ok, err := d.object(func(k []byte) error {
		name := match(k, detailKeys)
		if name == "" {
			d.unknownB2B("b2b.inv.itms.itm_det", k)
			return d.skip(1)
		}
		v, present, err := d.amount("itm_det." + name)
		if err != nil {
			return err
		}
		if !present {
			return nil
		}
		p := d.newPaise(v)
		switch name {
		case "camt":
			det.CGST = p
		case "csamt":
			det.Cess = p
		case "iamt":
			det.IGST = p
		case "samt":
			det.SGST = p
		case "rt":
			det.Rate, *hasRt = Rate(v), true
		case "txval":
			det.Taxable, *hasTx = Paise(v), true
		}
		return nil
	})
	return ok, err
}
