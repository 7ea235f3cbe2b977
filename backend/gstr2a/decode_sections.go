package gstr2a

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"gstdesk/backend/apperr"
	"gstdesk/backend/utf8check"
)

// The reader of a whole GSTR-2A (gstr2b-ims.md §3.2, §3.3): every section besides b2b, which
// decodeB2B reads. It goes over the same bytes with the same decoder, skipping b2b, and hands
// the documents on in batches so that storing runs beside reading. It refuses only what it
// cannot read (broken JSON, a figure that is not a number, a list where a document should be);
// a reference field not given is stored empty and named in a notice, a key it does not know is
// kept in the stored answer and named once.

// secReader reads the sections of one return.
type secReader struct {
	d     *decoder
	notes *notes
	batch []Document
	emit  func([]Document) error
	gstin string
	fp    string
	count int
}

// docBatch is how many documents are handed on at once.
const docBatch = 128

var topLevelKeys = append([]string{"gstin", "fp", "chksum"}, Sections...)

// decodeSections reads every section of the whole GSTR-2A object data except b2b, calling emit
// with the documents in batches (each batch a slice no one changes afterwards). It returns the
// object's gstin and fp. data must be the unwrapped object (unwrapReturn).
func decodeSections(data []byte, nt *notes, emit func([]Document) error) (gstin, fp string, err error) {
	d := &decoder{data: data, intern: make(map[string]string, 512)}
	if at := utf8check.FirstInvalid(data); at >= 0 {
		d.pos = at
		return "", "", d.syntax("text that is not UTF-8")
	}
	r := &secReader{d: d, notes: nt, emit: emit}
	if d.peek() != '{' {
		return "", "", malformed(&FieldError{Field: "data", Problem: "is not a JSON object"})
	}
	seen := map[string]bool{}
	known := false
	_, err = d.object(func(k []byte) error {
		name := match(k, topLevelKeys)
		known = known || (name != "" && name != "gstin" && name != "chksum")
		switch name {
		case "b2b":
			return d.skip(1)
		case "gstin":
			return d.setText("gstin", &r.gstin)
		case "fp":
			return d.setText("fp", &r.fp)
		case "chksum":
			return d.skip(1)
		case "":
			if d.peek() == '[' {
				n := 0
				_, err := d.array(func(int) error { n++; return d.skip(2) })
				r.notes.unread[string(k)] += n
				return err
			}
			r.notes.unknownKey("gstr2a", k)
			return d.skip(1)
		}
		if seen[name] {
			return malformed(&FieldError{Section: name, Field: name, Problem: "appears twice"})
		}
		seen[name] = true
		return r.section(name)
	})
	if err != nil {
		return "", "", err
	}
	if d.ws(); d.pos != len(d.data) {
		return "", "", d.syntax("unexpected data after the answer")
	}
	if !known {
		return "", "", apperr.Wrap(apperr.Invalid, &FieldError{Field: "data", Problem: "has no GSTR-2A section (b2b, cdn, impg, ...) nor fp"},
			"This is not a GSTR-2A: it has none of the return's sections (b2b, b2ba, cdn, cdna, isd, impg, ...) nor its return period (fp). Nothing was saved; download the GSTR-2A JSON from the GST portal (Returns Dashboard, GSTR-2A, Download JSON) and import that file.")
	}
	if err := r.flush(); err != nil {
		return "", "", err
	}
	return r.gstin, r.fp, nil
}

func (r *secReader) flush() error {
	if len(r.batch) == 0 {
		return nil
	}
	b := r.batch
	r.batch = make([]Document, 0, docBatch)
	if r.emit == nil {
		return nil
	}
	return r.emit(b)
}

func (r *secReader) section(sec string) error {
	d := r.d
	if sec == "tds" || sec == "tcs" {
		defer func(before int) {
			if n := r.count - before; n > 0 {
				r.notes.extra = append(r.notes.extra, fmt.Sprintf("GSTR-2A %s: %d %s stored (%s, the amount, IGST, CGST, SGST and the month); they are credits to the cash ledger, not input tax credit, and the stored answer keeps every field as given.",
					sec, n, map[bool]string{true: "entry", false: "entries"}[n == 1], map[string]string{"tds": "the deductor's GSTIN", "tcs": "the e-commerce operator's GSTIN"}[sec]))
			}
		}(r.count)
	}
	_, err := d.array(func(i int) error {
		if flatSection(sec) {
			d.loc = FieldError{Section: sec, Invoice: i + 1}
			r.batch = append(r.batch, Document{Section: sec})
			doc := &r.batch[len(r.batch)-1]
			var f docFields
			ok, err := r.doc(sec, sec, doc, &f)
			if err != nil {
				return err
			}
			if !ok {
				return d.field(docWord(sec), "is null")
			}
			if err := r.finish(sec, doc, &f, fmt.Sprintf("%s %d", docWord(sec), i+1)); err != nil {
				return err
			}
			if len(r.batch) >= docBatch {
				return r.flush()
			}
			return nil
		}
		d.loc = FieldError{Section: sec, Supplier: i + 1}
		if err := r.supplier(sec, i); err != nil {
			return err
		}
		if len(r.batch) >= docBatch {
			return r.flush()
		}
		return nil
	})
	if err == errNotArray {
		k := d.kind()
		if serr := d.skip(1); serr != nil {
			return serr
		}
		return malformed(&FieldError{Section: sec, Field: sec, Problem: "should be a list but is " + k})
	}
	return err
}

var secSupplierKeys = []string{"ctin", "trdnm", "cfs", "cfs3b", "dtcancel", "fldtr1", "flprdr1", "inv", "nt", "doclist"}

// supplier reads one supplier of a section with its documents; the supplier's fields are copied
// into each document once the supplier is read (they may come after the documents).
func (r *secReader) supplier(sec string, si int) error {
	d := r.d
	start := len(r.batch)
	var ctin, trdnm, cfs, cfs3b, dtcancel, fldtr1, flprdr1 string
	var fields []docFields
	ok, err := d.object(func(k []byte) error {
		name := match(k, secSupplierKeys)
		switch name {
		case "ctin":
			err := d.setText("ctin", &ctin)
			d.loc.CTIN = ctin
			return err
		case "trdnm":
			return d.setText("trdnm", &trdnm)
		case "cfs":
			return d.setText("cfs", &cfs)
		case "cfs3b":
			return d.setText("cfs3b", &cfs3b)
		case "dtcancel":
			return d.setText("dtcancel", &dtcancel)
		case "fldtr1":
			return d.setText("fldtr1", &fldtr1)
		case "flprdr1":
			return d.setText("flprdr1", &flprdr1)
		case "inv", "nt", "doclist":
			_, err := d.array(func(j int) error {
				d.loc.Invoice, d.loc.INum, d.loc.Item = len(fields)+1, "", 0
				r.batch = append(r.batch, Document{Section: sec})
				fields = append(fields, docFields{})
				ok, err := r.doc(sec, sec+"."+name, &r.batch[len(r.batch)-1], &fields[len(fields)-1])
				if err == nil && !ok {
					err = d.field(docWord(sec), "is null")
				}
				return err
			})
			d.loc.Invoice, d.loc.INum, d.loc.Item = 0, "", 0
			return d.wrongKind(err, name)
		}
		r.notes.unknownKey(sec, k)
		return d.skip(1)
	})
	if err != nil {
		return d.wrongKind(err, "supplier")
	}
	if !ok {
		return d.field("supplier", "is null")
	}
	if ctin == "" {
		r.notes.missingField(sec, "ctin", "the supplier's GSTIN", fmt.Sprintf("supplier %d", si+1))
	}
	for i := start; i < len(r.batch); i++ {
		doc := &r.batch[i]
		doc.SupplierGSTIN, doc.TradeName, doc.CFS, doc.CFS3B = ctin, trdnm, cfs, cfs3b
		doc.DtCancel, doc.FilingDate, doc.FilingPeriod = dtcancel, fldtr1, flprdr1
		d.loc.Invoice = i - start + 1
		if err := r.finish(sec, doc, &fields[i-start], fmt.Sprintf("supplier %s, %s %d", orDash(ctin), docWord(sec), i-start+1)); err != nil {
			return err
		}
	}
	d.loc.Invoice = 0
	return nil
}

func orDash(s string) string {
	if s == "" {
		return "(no GSTIN)"
	}
	return s
}

// docFields are what a document's keys give before its section says what they mean.
type docFields struct {
	inum, idt, ntNum, ntDt, docnum, docdt, benum, bedt string
	oinum, oidt, ontNum, ontDt, odocnum, odocdt        string
	ctin, sgstin, etin, tdname, trdnm                  string
	has                                                [6]bool // val, txval, igst, cgst, sgst, cess given on the document
	amt                                                [6]int64
	hasItems                                           bool
}

var secDocKeys = []string{
	"chksum", "inum", "idt", "oinum", "oidt", "val", "pos", "rchrg", "inv_typ", "diff_percent", "aspd", "atyp",
	"srctyp", "irn", "irngendate", "itms", "ntty", "nt_num", "nt_dt", "ont_num", "ont_dt", "p_gst", "isd_docty",
	"docnum", "docdt", "odocnum", "odocdt", "itc_elg", "iamt", "camt", "samt", "cess", "csamt", "txval",
	"refdt", "portcd", "benum", "bedt", "amd", "sgstin", "tdname", "ctin", "trdnm", "etin",
	"portcode", "boenum", "boedt", "isamd", "igst", "cgst", "sgst", "itcelg", "doctyp",
	"amt_ded", "ival", "amt", "month", "gstin_deductor", "deductor_name", "cname", "sup_val", "tx_val",
	// Read elsewhere or not kept as columns (in the stored answer all the same): not named.
	"cflag", "updby", "d_flag", "flag", "omonth", "recdt", "supR", "retsupR", "supU", "retsupU", "gstin_ded", "ostin",
}

// doc reads one document object into doc and f; false for null.
func (r *secReader) doc(sec, path string, doc *Document, f *docFields) (bool, error) {
	d := r.d
	ok, err := d.object(func(k []byte) error {
		name := match(k, secDocKeys)
		text := func(dst *string) error { return d.setText(name, dst) }
		num := func(dst *string) error {
			err := d.setText(name, dst)
			if err == nil && *dst != "" {
				d.loc.INum = *dst
			}
			return err
		}
		amount := func(i int) error {
			v, present, err := d.amount(name)
			if present {
				f.has[i], f.amt[i] = true, v
			}
			return err
		}
		switch name {
		case "chksum":
			return text(&doc.Checksum)
		case "inum":
			if sec == "cdn" || sec == "cdna" {
				return text(&f.inum)
			}
			return num(&f.inum)
		case "idt":
			return text(&f.idt)
		case "oinum":
			return text(&f.oinum)
		case "oidt":
			return text(&f.oidt)
		case "ntty", "doctyp":
			return text(&doc.DocType)
		case "isd_docty":
			return text(&doc.DocType)
		case "nt_num":
			return num(&f.ntNum)
		case "nt_dt":
			return text(&f.ntDt)
		case "ont_num":
			return text(&f.ontNum)
		case "ont_dt":
			return text(&f.ontDt)
		case "docnum":
			return num(&f.docnum)
		case "docdt":
			return text(&f.docdt)
		case "odocnum":
			return text(&f.odocnum)
		case "odocdt":
			return text(&f.odocdt)
		case "benum", "boenum":
			return num(&f.benum)
		case "bedt", "boedt":
			return text(&f.bedt)
		case "pos":
			return text(&doc.POS)
		case "rchrg":
			return text(&doc.ReverseCharge)
		case "inv_typ":
			return text(&doc.Type)
		case "p_gst":
			return text(&doc.PreGST)
		case "aspd":
			return text(&doc.AmendPeriod)
		case "atyp":
			return text(&doc.AmendType)
		case "srctyp":
			return text(&doc.SourceType)
		case "irn":
			return text(&doc.IRN)
		case "irngendate":
			return text(&doc.IRNDate)
		case "itc_elg", "itcelg":
			return text(&doc.ITCEligible)
		case "refdt":
			return text(&doc.RefDate)
		case "portcd", "portcode":
			return text(&doc.PortCode)
		case "amd", "isamd":
			return text(&doc.Amended)
		case "sgstin":
			return text(&f.sgstin)
		case "ctin":
			return text(&f.ctin)
		case "etin", "gstin_deductor":
			return text(&f.etin)
		case "deductor_name", "cname":
			return text(&f.trdnm)
		case "tdname":
			return text(&f.tdname)
		case "trdnm":
			return text(&f.trdnm)
		case "month":
			return text(&doc.Month)
		case "diff_percent":
			v, present, err := d.amount("diff_percent")
			if present {
				rt := Rate(v)
				doc.DiffPercent = &rt
			}
			return err
		case "val", "ival", "sup_val":
			return amount(0)
		case "txval", "amt_ded", "amt", "tx_val":
			return amount(1)
		case "iamt", "igst":
			return amount(2)
		case "camt", "cgst":
			return amount(3)
		case "samt", "sgst":
			return amount(4)
		case "cess", "csamt":
			return amount(5)
		case "itms":
			d.scr = d.scr[:0]
			ok, err := d.array(func(i int) error {
				d.scr = append(d.scr, Item{})
				d.loc.Item = i + 1
				return d.docItem(&d.scr[i], i)
			})
			d.loc.Item = 0
			if err == nil && ok {
				doc.Items = d.keepItems(d.scr)
				f.hasItems = true
			}
			return d.wrongKind(err, "itms")
		case "":
			r.notes.unknownKey(path, k)
		}
		return d.skip(1)
	})
	if err != nil {
		return ok, d.wrongKind(err, docWord(sec))
	}
	return ok, nil
}

var docItemKeys = []string{"num", "itm_det", "rt", "txval", "iamt", "camt", "samt", "csamt", "igst", "cgst", "sgst", "cess"}

// docItem reads a line item leniently: itm_det as in GSTR-2A, or the amounts on the item itself
// as in GSTR-2B; a missing num is the item's position.
func (d *decoder) docItem(it *Item, i int) error {
	it.Num = int64(i + 1)
	var read func(k []byte, name string) error
	read = func(k []byte, name string) error {
		switch name {
		case "num":
			s, err := d.numField("num")
			if err != nil || s == nil {
				return err
			}
			n, perr := strconv.ParseInt(string(s), 10, 64)
			if perr != nil {
				return d.field("num", fmt.Sprintf("%q is not a whole number", s))
			}
			it.Num = n
			return nil
		case "itm_det":
			_, err := d.object(func(k []byte) error {
				n := match(k, docItemKeys)
				if n == "num" || n == "itm_det" || n == "" {
					return d.skip(1)
				}
				return read(k, n)
			})
			return d.wrongKind(err, "itm_det")
		case "":
			return d.skip(1)
		}
		v, present, err := d.amount("itm_det." + name)
		if err != nil || !present {
			return err
		}
		switch name {
		case "rt":
			it.Detail.Rate = Rate(v)
		case "txval":
			it.Detail.Taxable = Paise(v)
		case "iamt", "igst":
			it.Detail.IGST = d.newPaise(v)
		case "camt", "cgst":
			it.Detail.CGST = d.newPaise(v)
		case "samt", "sgst":
			it.Detail.SGST = d.newPaise(v)
		case "csamt", "cess":
			it.Detail.Cess = d.newPaise(v)
		}
		return nil
	}
	ok, err := d.object(func(k []byte) error { return read(k, match(k, docItemKeys)) })
	if err != nil {
		return d.wrongKind(err, "item")
	}
	if !ok {
		return d.field("item", "is null")
	}
	return nil
}

// setText reads a text field into dst, taking a number as its text (benum is a number in
// GSTR-2A, text in GSTR-2B); null leaves dst as it was.
func (d *decoder) setText(name string, dst *string) error {
	switch c := d.peek(); {
	case c == '-' || c >= '0' && c <= '9':
		b, err := d.number()
		if err != nil {
			return err
		}
		*dst = string(b)
		return nil
	}
	return d.setStr(name, dst)
}

// finish says what a document is from its section and fields, fills the number, date and
// original, checks what can be checked, notes what is missing and keeps a credit note's
// amounts as sizes.
func (r *secReader) finish(sec string, doc *Document, f *docFields, where string) error {
	d := r.d
	d.loc.INum = ""
	fail := func(field, problem string) error {
		fe := d.loc
		fe.Section, fe.INum, fe.Field, fe.Problem = sec, doc.Number, field, problem
		return apperr.Wrap(apperr.Invalid, &fe,
			"The GSTR-2A return cannot be read at %s: %s %s. Nothing was saved; download the return from the GST portal again (or pull it again), and report it with this message if it repeats.",
			fe.Where(), field, problem)
	}
	numField, dateField := "inum", "idt"
	switch sec {
	case "cdn", "cdna":
		numField, dateField = "nt_num", "nt_dt"
		doc.Number, doc.Date = f.ntNum, f.ntDt
		doc.InvoiceNumber, doc.InvoiceDate = f.inum, f.idt
		switch strings.ToUpper(doc.DocType) {
		case "C":
			doc.Kind = KindCreditNote
		case "D":
			doc.Kind = KindDebitNote
		case "":
			return fail("ntty", "is missing: gstdesk cannot tell a credit note (C) from a debit note (D); ask the supplier or download the return again")
		default:
			return fail("ntty", fmt.Sprintf("%q is neither C (credit note) nor D (debit note)", doc.DocType))
		}
		doc.OrigNumber, doc.OrigDate = f.ontNum, f.ontDt
	case "isd", "isda":
		numField, dateField = "docnum", "docdt"
		doc.Number, doc.Date = f.docnum, f.docdt
		switch strings.ToUpper(doc.DocType) {
		case "ISD", "ISDI", "I":
			doc.Kind = KindISDInvoice
		case "ISDCN", "ISDC", "C":
			doc.Kind = KindISDCreditNote
		case "":
			doc.Kind = KindISDInvoice
			r.notes.missingField(sec, "isd_docty", "a document type (taken as an ISD invoice)", where)
		default:
			return fail("isd_docty", fmt.Sprintf("%q is neither ISD (invoice) nor ISDCN (credit note)", doc.DocType))
		}
		doc.OrigNumber, doc.OrigDate = f.odocnum, f.odocdt
		if doc.OrigNumber == "" {
			doc.OrigNumber, doc.OrigDate = f.oinum, f.oidt
		}
	case "impg", "impgsez":
		numField, dateField = "benum", "bedt"
		doc.Kind = KindBillOfEntry
		doc.Number, doc.Date = f.benum, f.bedt
		if sec == "impgsez" {
			doc.SupplierGSTIN, doc.TradeName = first(f.sgstin, f.ctin), first(f.tdname, f.trdnm)
			if doc.SupplierGSTIN == "" {
				r.notes.missingField(sec, "sgstin", "the SEZ supplier's GSTIN", where)
			}
			if doc.TradeName == "" {
				r.notes.missingField(sec, "tdname", "the SEZ supplier's trade name", where)
			}
		}
		if doc.PortCode == "" {
			r.notes.missingField(sec, "portcd", "a port code", where)
		}
	case "tds", "tcs":
		doc.Kind = KindTDS
		if sec == "tcs" {
			doc.Kind = KindTCS
		}
		doc.SupplierGSTIN = first(f.etin, f.ctin, f.sgstin)
		doc.TradeName = first(f.trdnm, f.tdname)
		doc.Number, doc.Date = f.inum, f.idt
		numField = ""
	default: // b2ba, ecom, ecoma
		doc.Kind = KindInvoice
		doc.Number, doc.Date = f.inum, f.idt
		doc.OrigNumber, doc.OrigDate = f.oinum, f.oidt
	}
	if doc.Kind != KindCreditNote && doc.Kind != KindDebitNote && f.inum != "" && doc.Number == "" {
		doc.Number = f.inum
	}
	if numField != "" && strings.TrimSpace(doc.Number) == "" {
		r.notes.missingField(sec, numField, "a document number", where)
	}
	if numField != "" && doc.Date == "" {
		r.notes.missingField(sec, dateField, "a document date", where)
	}
	if amendment(sec) {
		orig := map[string]string{"b2ba": "oinum", "ecoma": "oinum", "cdna": "ont_num", "isda": "odocnum"}[sec]
		if doc.OrigNumber == "" {
			r.notes.missingField(sec, orig, "the original document's number", where+describe(doc.Number))
		}
	}
	if doc.Section != "impgsez" && doc.SupplierGSTIN == "" && f.ctin != "" {
		doc.SupplierGSTIN = f.ctin
	}
	if doc.TradeName == "" && f.trdnm != "" {
		doc.TradeName = f.trdnm
	}
	// Amounts: on the document when given there, else the items' sums.
	a := [6]int64{}
	if f.hasItems {
		for i := range doc.Items {
			dt := &doc.Items[i].Detail
			a[1] += int64(dt.Taxable)
			a[2] += int64(deref(dt.IGST))
			a[3] += int64(deref(dt.CGST))
			a[4] += int64(deref(dt.SGST))
			a[5] += int64(deref(dt.Cess))
		}
	}
	for i := range a {
		if f.has[i] {
			a[i] = f.amt[i]
		}
	}
	doc.Amounts = Amounts{Value: Paise(a[0]), Taxable: Paise(a[1]), IGST: Paise(a[2]), CGST: Paise(a[3]), SGST: Paise(a[4]), Cess: Paise(a[5])}
	if len(doc.Items) > maxItems {
		return fail("itms", fmt.Sprintf("has %d items; gstdesk keeps at most %d per document", len(doc.Items), maxItems))
	}
	if KindSign(doc.Kind) < 0 {
		magnitudes(doc)
	}
	r.count++
	return nil
}

func describe(number string) string {
	if number == "" {
		return ""
	}
	return fmt.Sprintf(" (%q)", number)
}

func first(s ...string) string {
	for _, v := range s {
		if v != "" {
			return v
		}
	}
	return ""
}

// magnitudes keeps a credit note's amounts as sizes (package gstr2b's creditNoteMagnitudes): a
// credit note reduces the credit by its amounts whether the return writes them positive or
// negative; Kind gives the sign.
func magnitudes(doc *Document) {
	abs := func(p *Paise) {
		if *p < 0 {
			*p = -*p
		}
	}
	a := &doc.Amounts
	for _, p := range []*Paise{&a.Value, &a.Taxable, &a.IGST, &a.CGST, &a.SGST, &a.Cess} {
		abs(p)
	}
	for i := range doc.Items {
		dt := &doc.Items[i].Detail
		abs(&dt.Taxable)
		for _, pp := range []**Paise{&dt.IGST, &dt.CGST, &dt.SGST, &dt.Cess} {
			if *pp != nil && **pp < 0 {
				v := -**pp
				*pp = &v
			}
		}
	}
}

// unwrapReturn finds the GSTR-2A object in raw: raw itself, or the object inside the service's
// envelope ({"data":{"data":{...}}}, at most three levels of "data"). An object with a section,
// gstin or fp is the return.
func unwrapReturn(raw []byte) ([]byte, error) {
	raw = bytes.TrimSpace(raw)
	for level := 0; level < 4; level++ {
		d := &decoder{data: raw, intern: map[string]string{}}
		if d.peek() != '{' {
			return raw, nil // the reader says what is wrong
		}
		var inner []byte
		isReturn := false
		_, err := d.object(func(k []byte) error {
			name := match(k, topLevelKeys)
			if name != "" && name != "chksum" {
				isReturn = true
				return d.skip(1)
			}
			if strings.EqualFold(string(k), "data") && d.peek() == '{' {
				start := d.pos
				if err := d.skip(1); err != nil {
					return err
				}
				inner = raw[start:d.pos]
				return nil
			}
			return d.skip(1)
		})
		if err != nil || isReturn || inner == nil {
			return raw, nil
		}
		raw = bytes.TrimSpace(inner)
	}
	return raw, nil
}

// ParseReturn reads a whole GSTR-2A: the portal's file ({"gstin","fp","b2b":[..],"cdn":[..],...}),
// the same inside the service's envelope ({"data":{"data":{...}}}), or one section's answer
// ({"b2b":[...]}, {"cdn":[...]}). B2B is read and checked as Parse does; every other section as
// decodeSections does. A section with no documents, or absent, is empty.
func ParseReturn(raw []byte) (Return, error) {
	obj, err := unwrapReturn(raw)
	if err != nil {
		return Return{}, err
	}
	nt := newNotes()
	l, err := decodeReturnB2B(obj, nt)
	if err != nil {
		return Return{}, err
	}
	l.raw = bytes.Clone(obj)
	ret := Return{B2B: l, Documents: []Document{}}
	ret.GSTIN, ret.Period, err = decodeSections(obj, nt, func(docs []Document) error {
		ret.Documents = append(ret.Documents, docs...)
		return nil
	})
	if err != nil {
		return Return{}, err
	}
	if len(nt.unread) > 0 {
		ret.Unread = nt.unread
	}
	ret.Notices = nt.sentences()
	return ret, nil
}

// decodeReturnB2B reads the b2b section of a whole return (absent is empty), naming the keys
// it does not know.
func decodeReturnB2B(obj []byte, nt *notes) (Listing, error) {
	return decodeB2BWith(obj, nil, false, nt)
}
