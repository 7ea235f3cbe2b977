package gstr2a

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"gstdesk/backend/apperr"
)

func readFile(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return bytes.TrimSpace(b)
}

func TestParseSpecExample(t *testing.T) {
	raw := readFile(t, "testdata/b2b-from-spec.json")
	l, err := Parse(raw)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := len(l.B2B), 1; got != want {
		t.Fatalf("suppliers = %d, want %d", got, want)
	}
	s := l.B2B[0]
	if s.CTIN != "24ABCCR0123M1YZ" || s.CFS != "Y" || s.CFS3B != "Y" || s.FilingDate != "10-Jan-24" || s.FilingPeriod != "Dec-23" {
		t.Errorf("supplier = %+v", s)
	}
	inv := s.Invoices[0]
	if inv.Number != "RN1/FAMA-16557" || inv.Date != "25-10-2023" || inv.Type != "R" || inv.POS != "24" || inv.ReverseCharge != "N" || inv.Value != 1 {
		t.Errorf("invoice = %+v", inv)
	}
	it := inv.Items[0]
	if it.Num != 1418 || it.Detail.Rate != 1800 || it.Detail.Taxable != 1 || *it.Detail.CGST != 0 || it.Detail.Cess != nil {
		t.Errorf("item = %+v", it)
	}
	// Marshalling gives the service's figures back (amounts written with two decimals).
	got, err := json.Marshal(l)
	if err != nil {
		t.Fatal(err)
	}
	if !sameJSON(got, raw) {
		t.Errorf("marshal =\n%s\nwant\n%s", got, raw)
	}
	if !bytes.Equal(l.Raw(), raw) {
		t.Errorf("Raw() differs from the input")
	}
}

func TestParseAmounts(t *testing.T) {
	tests := []struct {
		in   string
		want int64
		err  error
	}{
		{"0", 0, nil},
		{"0.01", 1, nil},
		{"18", 1800, nil},
		{"0.25", 25, nil},
		{"1234.5", 123450, nil},
		{"1234.50", 123450, nil},
		{"-12.34", -1234, nil},
		{"1.005", 101, nil}, // third decimal rounds half away from zero
		{"1.0049", 100, nil},
		{"-1.005", -101, nil},
		{"1e2", 10000, nil},
		{"1.5E-1", 15, nil},
		{"5e-3", 1, nil},
		{"4e-3", 0, nil},
		{"12345678901234.99", 0, errTooLarge},
		{"9999999999999.99", 999999999999999, nil},
		{"1e999", 0, errTooLarge},
		{"", 0, errNotNumber},
		{"1.", 0, errNotNumber},
		{".5", 0, errNotNumber},
		{"abc", 0, errNotNumber},
		{"1e", 0, errNotNumber},
		{"--1", 0, errNotNumber},
	}
	for _, tt := range tests {
		got, err := parseHundredths(tt.in)
		if err != tt.err || got != tt.want {
			t.Errorf("parseHundredths(%q) = %d, %v; want %d, %v", tt.in, got, err, tt.want, tt.err)
		}
	}
}

func TestPaiseFormat(t *testing.T) {
	tests := []struct {
		p          Paise
		str, jsonv string
	}{
		{0, "0.00", "0.00"},
		{1, "0.01", "0.01"},
		{10, "0.10", "0.10"},
		{123450, "1234.50", "1234.50"},
		{-5, "-0.05", "-0.05"},
		{1800, "18.00", "18.00"},
	}
	for _, tt := range tests {
		b, _ := tt.p.MarshalJSON()
		if got := tt.p.Decimal(); got != tt.str {
			t.Errorf("Paise(%d).String() = %q, want %q", tt.p, got, tt.str)
		}
		if string(b) != tt.jsonv {
			t.Errorf("Paise(%d) JSON = %s, want %s", tt.p, b, tt.jsonv)
		}
	}
}

func TestParseEmpty(t *testing.T) {
	for _, in := range []string{`{}`, `{"b2b":[]}`, `{"b2b":null}`, ` {"other":1} `} {
		l, err := Parse([]byte(in))
		if err != nil {
			t.Errorf("Parse(%s): %v", in, err)
			continue
		}
		if len(l.B2B) != 0 || l.B2B == nil {
			t.Errorf("Parse(%s) = %#v, want an empty non-nil list", in, l.B2B)
		}
	}
}

func TestParseKeepsUnknownFieldsInRaw(t *testing.T) {
	in := `{"b2b":[{"ctin":"24ABCCR0123M1YZ","cfs":"N","cfs3b":"N","dtcancel":"31-03-2024","inv":[{"aspd":"Oct-23","atyp":"D","chksum":"ab","idt":"29-02-2024","inum":"A1","inv_typ":"SEZWP","irn":"x","irngendate":"01-03-2024","srctyp":"e-Invoice","diff_percent":0.65,"itms":[{"num":1,"itm_det":{"rt":0.25,"txval":"100.10","iamt":0.25}}],"pos":"96","rchrg":"Y","val":100.35}]}],"extra":{"deep":[1,2,{"x":null}]}}`
	l, err := Parse([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	inv := l.B2B[0].Invoices[0]
	if *inv.DiffPercent != 65 || inv.IRN != "x" || inv.IRNDate != "01-03-2024" || inv.SourceType != "e-Invoice" || inv.Type != "SEZWP" {
		t.Errorf("invoice = %+v", inv)
	}
	if d := inv.Items[0].Detail; d.Rate != 25 || d.Taxable != 10010 || *d.IGST != 25 || d.CGST != nil {
		t.Errorf("detail = %+v", d)
	}
	if l.B2B[0].DtCancel != "31-03-2024" {
		t.Errorf("dtcancel = %q", l.B2B[0].DtCancel)
	}
	if string(l.Raw()) != in {
		t.Errorf("raw not kept")
	}
}

// valid is a one-invoice answer that the malformed cases below break one field at a time.
const valid = `{"b2b":[{"cfs":"Y","cfs3b":"Y","ctin":"27AAPFU0939F1ZV","fldtr1":"10-Jan-24","flprdr1":"Dec-23","inv":[` +
	`{"chksum":"c1","idt":"25-10-2023","inum":"A/1","inv_typ":"R","itms":[{"itm_det":{"camt":9,"rt":18,"samt":9,"txval":100},"num":1}],"pos":"27","rchrg":"N","val":118},` +
	`{"chksum":"c2","idt":"26-10-2023","inum":"A/2","inv_typ":"R","itms":[{"itm_det":{"iamt":18,"rt":18,"txval":100},"num":1},{"itm_det":{"rt":5,"txval":10},"num":2}],"pos":"29","rchrg":"N","val":128.5}]}]}`

func TestParseRejectsMalformed(t *testing.T) {
	tests := []struct {
		name, old, new string
		want           FieldError // Supplier, Invoice, Item, Field
	}{
		{"missing ctin", `"ctin":"27AAPFU0939F1ZV",`, ``, FieldError{Supplier: 1, Field: "ctin"}},
		{"bad ctin", `"ctin":"27AAPFU0939F1ZV"`, `"ctin":"27AAPFU"`, FieldError{Supplier: 1, Field: "ctin"}},
		{"ctin number", `"ctin":"27AAPFU0939F1ZV"`, `"ctin":27`, FieldError{Supplier: 1, Field: "ctin"}},
		{"cfs", `"cfs":"Y"`, `"cfs":"maybe"`, FieldError{Supplier: 1, Field: "cfs"}},
		{"cfs3b", `"cfs3b":"Y"`, `"cfs3b":"1"`, FieldError{Supplier: 1, Field: "cfs3b"}},
		{"fldtr1", `"fldtr1":"10-Jan-24"`, `"fldtr1":"2024-01-10"`, FieldError{Supplier: 1, Field: "fldtr1"}},
		{"flprdr1", `"flprdr1":"Dec-23"`, `"flprdr1":"13-23"`, FieldError{Supplier: 1, Field: "flprdr1"}},
		{"dtcancel", `"flprdr1":"Dec-23"`, `"flprdr1":"Dec-23","dtcancel":"soon"`, FieldError{Supplier: 1, Field: "dtcancel"}},
		{"inv not list", `"inv":[`, `"inv":{"a":[`, FieldError{}}, // broken JSON
		{"idt not a date", `"idt":"26-10-2023"`, `"idt":"31-02-2023"`, FieldError{Supplier: 1, Invoice: 2, Field: "idt"}},
		{"idt other form", `"idt":"26-10-2023"`, `"idt":"2023-10-26"`, FieldError{Supplier: 1, Invoice: 2, Field: "idt"}},
		{"idt missing", `"idt":"26-10-2023",`, ``, FieldError{Supplier: 1, Invoice: 2, Field: "idt"}},
		{"inum missing", `"inum":"A/2",`, ``, FieldError{Supplier: 1, Invoice: 2, Field: "inum"}},
		{"inum null", `"inum":"A/2"`, `"inum":null`, FieldError{Supplier: 1, Invoice: 2, Field: "inum"}},
		{"inum blank", `"inum":"A/2"`, `"inum":"  "`, FieldError{Supplier: 1, Invoice: 2, Field: "inum"}},
		{"chksum missing", `"chksum":"c2",`, ``, FieldError{Supplier: 1, Invoice: 2, Field: "chksum"}},
		{"inv_typ unknown", `"inum":"A/2","inv_typ":"R"`, `"inum":"A/2","inv_typ":"B2CL"`, FieldError{Supplier: 1, Invoice: 2, Field: "inv_typ"}},
		{"pos", `"pos":"29"`, `"pos":"Karnataka"`, FieldError{Supplier: 1, Invoice: 2, Field: "pos"}},
		{"rchrg", `"rchrg":"N","val":128.5`, `"rchrg":"No","val":128.5`, FieldError{Supplier: 1, Invoice: 2, Field: "rchrg"}},
		{"val text", `"val":128.5`, `"val":"128,5"`, FieldError{Supplier: 1, Invoice: 2, Field: "val"}},
		{"val bool", `"val":128.5`, `"val":true`, FieldError{Supplier: 1, Invoice: 2, Field: "val"}},
		{"val missing", `,"val":128.5`, ``, FieldError{Supplier: 1, Invoice: 2, Field: "val"}},
		{"val huge", `"val":128.5`, `"val":1e20`, FieldError{Supplier: 1, Invoice: 2, Field: "val"}},
		{"irngendate", `"inv_typ":"R","itms":[{"itm_det":{"iamt"`, `"inv_typ":"R","irngendate":"x","itms":[{"itm_det":{"iamt"`, FieldError{Supplier: 1, Invoice: 2, Field: "irngendate"}},
		{"itms missing", `"itms":[{"itm_det":{"iamt":18,"rt":18,"txval":100},"num":1},{"itm_det":{"rt":5,"txval":10},"num":2}],`, ``, FieldError{Supplier: 1, Invoice: 2, Field: "itms"}},
		{"rt missing", `{"rt":5,"txval":10}`, `{"txval":10}`, FieldError{Supplier: 1, Invoice: 2, Item: 2, Field: "itm_det.rt"}},
		{"txval text", `{"rt":5,"txval":10}`, `{"rt":5,"txval":"ten"}`, FieldError{Supplier: 1, Invoice: 2, Item: 2, Field: "itm_det.txval"}},
		{"camt list", `{"camt":9,`, `{"camt":[9],`, FieldError{Supplier: 1, Invoice: 1, Item: 1, Field: "itm_det.camt"}},
		{"num fraction", `"txval":10},"num":2}`, `"txval":10},"num":2.5}`, FieldError{Supplier: 1, Invoice: 2, Item: 2, Field: "num"}},
		{"num missing", `"txval":10},"num":2}`, `"txval":10}}`, FieldError{Supplier: 1, Invoice: 2, Item: 2, Field: "num"}},
		{"itm_det missing", `{"itm_det":{"rt":5,"txval":10},"num":2}`, `{"num":2}`, FieldError{Supplier: 1, Invoice: 2, Item: 2, Field: "itm_det"}},
		{"b2b object", `{"b2b":[`, `{"b2b":{"x":[`, FieldError{}},
		{"trailing", `]}]}`, `]}]}x`, FieldError{}},
		{"truncated", `"val":128.5}]}]}`, `"val":128.5}]`, FieldError{}},
		{"b2b twice", `{"b2b":[`, `{"b2b":[],"b2b":[`, FieldError{Field: "b2b"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := strings.Replace(valid, tt.old, tt.new, 1)
			if in == valid {
				t.Fatalf("case does not change the input")
			}
			_, err := Parse([]byte(in))
			if err == nil {
				t.Fatalf("Parse accepted %s", in)
			}
			if got := apperr.KindOf(err); got != apperr.Invalid {
				t.Errorf("kind = %v, want invalid", got)
			}
			var ae *apperr.Error
			if !errors.As(err, &ae) || !strings.Contains(ae.Message, "Nothing was saved") {
				t.Errorf("message = %q", err)
			}
			var fe *FieldError
			if tt.want.Field == "" {
				return // broken JSON: any position is fine
			}
			if !errors.As(err, &fe) {
				t.Fatalf("error %v carries no FieldError", err)
			}
			if fe.Supplier != tt.want.Supplier || fe.Invoice != tt.want.Invoice || fe.Item != tt.want.Item || fe.Field != tt.want.Field {
				t.Errorf("at supplier %d invoice %d item %d field %s; want %d %d %d %s (%v)",
					fe.Supplier, fe.Invoice, fe.Item, fe.Field, tt.want.Supplier, tt.want.Invoice, tt.want.Item, tt.want.Field, err)
			}
			if !strings.Contains(ae.Message, tt.want.Field) {
				t.Errorf("message %q does not name the field %s", ae.Message, tt.want.Field)
			}
		})
	}
	if _, err := Parse([]byte(valid)); err != nil {
		t.Fatalf("the base case must parse: %v", err)
	}
}

func TestParseMessageNamesPlace(t *testing.T) {
	in := strings.Replace(valid, `"idt":"26-10-2023"`, `"idt":"2023/10/26"`, 1)
	_, err := Parse([]byte(in))
	want := `The GSTR-2A answer is malformed at supplier 1 (27AAPFU0939F1ZV), invoice 2 ("A/2"): idt "2023/10/26" is not a date in DD-MM-YYYY form.`
	if err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("error = %v\nwant prefix %s", err, want)
	}
}

// hasDuplicateKeys reports whether any object in the JSON repeats a key (ignoring case), where
// encoding/json's merge rules and the fast decoder may legitimately differ.
func hasDuplicateKeys(raw []byte) bool {
	d := json.NewDecoder(bytes.NewReader(raw))
	type frame struct {
		obj  bool
		keys map[string]bool
		key  bool // next string token is a key
	}
	var stack []*frame
	for {
		tok, err := d.Token()
		if err != nil {
			return false
		}
		var top *frame
		if len(stack) > 0 {
			top = stack[len(stack)-1]
		}
		if k, ok := tok.(string); ok && top != nil && top.obj && top.key {
			k = strings.ToLower(k)
			if top.keys[k] {
				return true
			}
			top.keys[k] = true
			top.key = false
			continue
		}
		switch tok {
		case json.Delim('{'):
			stack = append(stack, &frame{obj: true, keys: map[string]bool{}, key: true})
			continue
		case json.Delim('['):
			stack = append(stack, &frame{})
			continue
		case json.Delim('}'), json.Delim(']'):
			stack = stack[:len(stack)-1]
		}
		if len(stack) > 0 && stack[len(stack)-1].obj {
			stack[len(stack)-1].key = true
		}
	}
}

// normalise makes nil and empty slices alike for comparison.
func normalise(l Listing) Listing {
	l.raw = nil
	if l.B2B == nil {
		l.B2B = []Supplier{}
	}
	for i := range l.B2B {
		s := &l.B2B[i]
		if s.Invoices == nil {
			s.Invoices = []Invoice{}
		}
	}
	return l
}

func FuzzParse(f *testing.F) {
	f.Add(readFile(f, "testdata/b2b-from-spec.json"))
	f.Add([]byte(valid))
	f.Add(genListing(12, 3))
	f.Add([]byte(`{}`))
	f.Add([]byte(`{"b2b":[{"ctin":"27AAPFU0939F1ZV","inv":[{"inum":"1","itms":[{"num":1,"itm_det":{"rt":"5","txval":1e2}}]}]}]}`))
	f.Add([]byte(`{"b2b":[{"CTIN":"27AAPFU0939F1ZV","inv":null}]}`))
	f.Add([]byte(`{"b2b":[{"ctin":"27A\u0041PFU0939F1ZV","inv":[]}]}`))
	f.Add([]byte("{\"b2b\":[{\"ctin\":\"\xff\"}]}"))
	f.Add([]byte("{\"b2b\":[],\"note\":\"caf\xe9\"}"))
	f.Fuzz(func(t *testing.T, raw []byte) {
		l, err := Parse(raw)
		ref, refErr := parseReference(raw)
		if !utf8.Valid(raw) {
			// encoding/json reads it, replacing the bytes; Parse refuses it (issue 13, item 5).
			if err == nil {
				t.Fatalf("Parse accepted text that is not UTF-8")
			}
			return
		}
		if err != nil {
			if apperr.KindOf(err) != apperr.Invalid {
				t.Fatalf("error kind %v: %v", apperr.KindOf(err), err)
			}
			if refErr == nil && !hasDuplicateKeys(raw) {
				t.Fatalf("Parse rejected what encoding/json reads: %v", err)
			}
			return
		}
		if err := l.Validate(); err != nil {
			t.Fatalf("accepted listing fails Validate: %v", err)
		}
		if refErr != nil && !hasDuplicateKeys(raw) {
			t.Fatalf("Parse accepted what encoding/json rejects (%v)", refErr)
		}
		if refErr == nil && !hasDuplicateKeys(raw) && !reflect.DeepEqual(normalise(l), normalise(ref)) {
			t.Fatalf("Parse and encoding/json disagree:\n%+v\n%+v", l, ref)
		}
		// What we marshal parses back to the same listing.
		b, err := json.Marshal(l)
		if err != nil {
			t.Fatal(err)
		}
		again, err := Parse(b)
		if err != nil {
			t.Fatalf("re-parse of %s: %v", b, err)
		}
		if !reflect.DeepEqual(normalise(again), normalise(l)) {
			t.Fatalf("round trip differs:\n%s", b)
		}
	})
}

// sameJSON says a and b are the same JSON value (numbers compared by value: 0 and 0.00 agree).
func sameJSON(a, b []byte) bool {
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return false
	}
	return reflect.DeepEqual(x, y)
}
