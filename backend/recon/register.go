package recon

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"gstdesk/backend/apperr"
	"gstdesk/backend/export"
	"gstdesk/backend/gstin"
	"gstdesk/backend/money"
	spreadsheet "gstdesk/backend/sheet"
)

// Limits of a register import: a bigger file or more rows is refused with a clear error.
const (
	MaxRegisterBytes = 50 << 20
	MaxRegisterRows  = 200_000
	maxRowErrors     = 500 // problems listed before the rest are summarised
	headerScanRows   = 30  // title rows a Tally or Busy export may put above the header
)

// the limits in force; tests lower them
var (
	maxBytes = MaxRegisterBytes
	maxRows  = MaxRegisterRows
)

// The fields of a purchase register, by the key a Mapping uses (also the canonical CSV headers).
const (
	FieldSupplierGSTIN = "supplier_gstin"
	FieldSupplierName  = "supplier_name"
	FieldInvoiceNumber = "invoice_number"
	FieldInvoiceDate   = "invoice_date"
	FieldPlaceOfSupply = "place_of_supply"
	FieldReverseCharge = "reverse_charge"
	FieldInvoiceValue  = "invoice_value"
	FieldTaxableValue  = "taxable_value"
	FieldIGST          = "igst"
	FieldCGST          = "cgst"
	FieldSGST          = "sgst"
	FieldCess          = "cess"
	FieldDocumentType  = "document_type"
	// FieldPaymentDate is when the supplier was paid in full (optional; an empty cell is unpaid):
	// what Rule 37's 180 days are counted against.
	FieldPaymentDate = "payment_date"
	// FieldBOENumber, FieldBOEDate and FieldPortCode describe a bill of entry (imports of goods,
	// GSTR-2B impg and impgsez): a row with a bill of entry number is a bill of entry, with or
	// without a supplier GSTIN (an SEZ unit's, for impgsez).
	FieldBOENumber = "boe_number"
	FieldBOEDate   = "boe_date"
	FieldPortCode  = "port_code"
	// FieldISDGSTIN is the GSTIN of the input service distributor whose invoice or credit note the
	// row is (GSTR-2B isd); FieldITCEligible says whether its credit is eligible (Y/N, itcelg).
	FieldISDGSTIN    = "isd_gstin"
	FieldITCEligible = "itc_eligible"
)

// RegisterField describes one field of the register for the mapping screen.
type RegisterField struct {
	Key      string `json:"key"`
	Title    string `json:"title"`
	Required bool   `json:"required"`
	// Aliases are headers that map to the field without asking (Tally, Busy, the GST portal's Excel);
	// the earlier an alias, the more it is preferred.
	Aliases []string `json:"aliases"`
}

// RegisterFields lists the fields in the order of the canonical header.
var RegisterFields = []RegisterField{
	{FieldSupplierGSTIN, "Supplier GSTIN", true, []string{"supplier_gstin", "gstin of supplier", "gstin/uin of supplier", "supplier gstin", "supplier gstin/uin",
		"party gstin/uin", "party gstin", "party gstin no", "party gst no", "gstin/uin", "gstin", "gstin no", "gst no", "gstin number", "vendor gstin", "ctin"}},
	{FieldSupplierName, "Supplier name", false, []string{"supplier_name", "supplier name", "trade/legal name of the supplier", "trade/legal name", "trade name",
		"legal name", "name of supplier", "party name", "party", "vendor name", "ledger name", "account name", "particulars"}},
	{FieldInvoiceNumber, "Invoice number", true, []string{"invoice_number", "supplier invoice no", "supplier invoice number", "supplier inv no", "supplier bill no",
		"invoice number", "invoice no", "inv no", "bill no", "bill number", "vch/bill no", "note number", "note no", "document number", "document no", "doc no",
		"ref no", "reference no", "inum", "voucher no", "voucher number", "vch no"}},
	{FieldInvoiceDate, "Invoice date", true, []string{"invoice_date", "supplier invoice date", "supplier bill date", "invoice date", "inv date", "bill date",
		"note date", "document date", "doc date", "ref date", "reference date", "idt", "date", "voucher date", "vch date"}},
	{FieldPlaceOfSupply, "Place of supply", false, []string{"place_of_supply", "place of supply", "place of supply (name of state/ut)", "pos", "supply state", "state"}},
	{FieldReverseCharge, "Reverse charge", false, []string{"reverse_charge", "reverse charge", "supply attract reverse charge", "reverse charge (y/n)",
		"is reverse charge", "rcm", "rchrg"}},
	{FieldInvoiceValue, "Invoice value", false, []string{"invoice_value", "invoice value", "total invoice value", "invoice amount", "bill amount", "bill value",
		"gross total", "total amount", "note value", "net amount", "total", "value", "val"}},
	{FieldTaxableValue, "Taxable value", true, []string{"taxable_value", "taxable value", "taxable amount", "taxable amt", "assessable value", "taxable", "txval"}},
	{FieldIGST, "IGST", false, []string{"igst", "integrated tax", "integrated tax paid", "integrated tax amount", "igst amount", "igst amt", "input igst", "iamt"}},
	{FieldCGST, "CGST", false, []string{"cgst", "central tax", "central tax paid", "central tax amount", "cgst amount", "cgst amt", "input cgst", "camt"}},
	{FieldSGST, "SGST/UTGST", false, []string{"sgst", "state/ut tax", "state/ut tax paid", "state/ut tax amount", "state tax", "sgst/utgst", "sgst/ut tax", "utgst",
		"sgst amount", "sgst amt", "input sgst", "samt"}},
	{FieldCess, "Cess", false, []string{"cess", "cess amount", "cess paid", "cess amt", "input cess", "csamt"}},
	{FieldDocumentType, "Document type", false, []string{"document_type", "document type", "doc type", "note type", "voucher type", "vch type", "type of document"}},
	{FieldPaymentDate, "Payment date", false, []string{"payment_date", "payment date", "date of payment", "paid on", "paid date", "date paid", "settlement date", "payment made on"}},
	{FieldBOENumber, "Bill of entry number", false, []string{"boe_number", "bill of entry number", "bill of entry no", "bill of entry no.", "boe no", "boe no.", "boe number",
		"be no", "be number", "b/e no", "bill of entry", "boe", "boenum", "import bill of entry no"}},
	{FieldBOEDate, "Bill of entry date", false, []string{"boe_date", "bill of entry date", "boe date", "be date", "b/e date", "date of bill of entry", "boedt"}},
	{FieldPortCode, "Port code", false, []string{"port_code", "port code", "port", "portcode", "port of import", "port of entry", "port code of import"}},
	{FieldISDGSTIN, "ISD GSTIN", false, []string{"isd_gstin", "isd gstin", "gstin of isd", "isd gstin/uin", "gstin of input service distributor",
		"input service distributor gstin", "isd gst no"}},
	{FieldITCEligible, "ITC eligible (ISD)", false, []string{"itc_eligible", "itc eligible", "itc eligibility", "eligibility", "eligible for itc", "isd eligibility",
		"eligibility of itc", "itcelg"}},
}

// MissingFields lists the titles of the required fields a mapping leaves unmapped, in the order of
// RegisterFields; a field another one stands in for (requiredMet: a register of bills of entry
// needs no supplier GSTIN or invoice number column) is not missing. What an import refuses and what
// the mapping screen asks for are this one list.
func MissingFields(m Mapping) []string {
	out := []string{}
	for _, f := range RegisterFields {
		if f.Required && m[f.Key] == "" && !requiredMet(f.Key, m) {
			out = append(out, f.Title)
		}
	}
	return out
}

// requiredMet says whether a required field that is not mapped is stood in for by another: a
// register of bills of entry has no supplier GSTIN or invoice number column (the bill of entry
// number and date are its number and date), a register of ISD documents no supplier GSTIN (the
// ISD GSTIN is) or taxable value (an ISD distributes tax only).
func requiredMet(key string, m Mapping) bool {
	switch key {
	case FieldSupplierGSTIN:
		return m[FieldBOENumber] != "" || m[FieldISDGSTIN] != ""
	case FieldInvoiceNumber:
		return m[FieldBOENumber] != ""
	case FieldInvoiceDate:
		return m[FieldBOEDate] != ""
	case FieldTaxableValue:
		return m[FieldISDGSTIN] != ""
	}
	return false
}

// Mapping says which header of the file holds each field: field key → header as written.
type Mapping map[string]string

// headerKey reduces a header to letters and digits, dropping currency marks: "Invoice Value (₹)"
// and "invoice value" agree.
func headerKey(h string) string {
	h = strings.ToLower(h)
	for _, cut := range []string{"(₹)", "₹", "(rs.)", "(rs)", "(inr)", "in rs.", "in rs"} {
		h = strings.ReplaceAll(h, cut, "")
	}
	var b strings.Builder
	for _, r := range h {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// SuggestMapping maps the headers it recognises (canonical names, Tally, Busy, the GST portal's
// Excel), each header to at most one field.
func SuggestMapping(headers []string) Mapping {
	byKey := map[string]string{}
	for _, h := range headers {
		k := headerKey(h)
		if _, dup := byKey[k]; k != "" && !dup {
			byKey[k] = h
		}
	}
	used := map[string]bool{}
	m := Mapping{}
	for _, f := range RegisterFields {
		for _, a := range f.Aliases {
			if h, ok := byKey[headerKey(a)]; ok && !used[h] {
				m[f.Key], used[h] = h, true
				break
			}
		}
	}
	return m
}

// RowError is one problem of an import, placed so a person can find it: file, sheet (XLSX), row
// (as the spreadsheet numbers it), column header, the bad value and what was expected. Warnings do
// not stop the import.
type RowError struct {
	File     string `json:"file"`
	Sheet    string `json:"sheet,omitempty"`
	Row      int    `json:"row,omitempty"`
	Column   string `json:"column,omitempty"`
	Value    string `json:"value,omitempty"`
	Expected string `json:"expected"`
	Warning  bool   `json:"warning,omitempty"`
}

// Error places the problem: "p.csv, row 4, column \"igst\": \"1OO\": an amount ...".
func (e RowError) Error() string {
	var b strings.Builder
	b.WriteString(e.File)
	if e.Sheet != "" {
		fmt.Fprintf(&b, ", sheet %s", e.Sheet)
	}
	if e.Row > 0 {
		fmt.Fprintf(&b, ", row %d", e.Row)
	}
	if e.Column != "" {
		fmt.Fprintf(&b, ", column %q", e.Column)
	}
	if e.Value != "" {
		v := e.Value
		if len(v) > 60 {
			v = v[:60] + "…"
		}
		fmt.Fprintf(&b, ": %q", v)
	}
	b.WriteString(": ")
	if e.Warning {
		b.WriteString("warning: ")
	}
	b.WriteString(e.Expected)
	return b.String()
}

// sheet is the top of a sheet: the rows where a header is looked for.
type sheet struct {
	name  string
	rows  [][]string
	xlsx  bool
	lines []int // the number a person sees for each row (CSV line; XLSX row)
}

func (s sheet) rowNumber(i int) int {
	if i < len(s.lines) {
		return s.lines[i]
	}
	return i + 1
}

// sizedReaderAt is what bytes.Reader and strings.Reader are: a register read in place.
type sizedReaderAt interface {
	io.ReaderAt
	Size() int64
}

// openRegister opens the register for reading row by row, refusing a file over the size limit
// before reading it: a *os.File, bytes.Reader or strings.Reader is read in place; any other
// reader is read into memory up to the limit.
func openRegister(r io.Reader, name string, format export.Format) (*spreadsheet.File, error) {
	if format == "" {
		switch strings.ToLower(filepath.Ext(name)) {
		case ".xlsx", ".xlsm":
			format = export.XLSX
		case ".xls":
			return nil, apperr.New(apperr.Invalid, "%s is an old Excel 97-2003 file. Open it in Excel and save it as .xlsx or CSV, then import that.", name)
		default:
			format = export.CSV
		}
	}
	var sf spreadsheet.Format
	switch format {
	case export.CSV:
		sf = spreadsheet.CSV
	case export.XLSX:
		sf = spreadsheet.XLSX
	default:
		return nil, apperr.New(apperr.Invalid, "A register must be CSV or XLSX, not %s.", format)
	}
	var ra io.ReaderAt
	var size int64
	switch v := r.(type) {
	case *os.File:
		st, err := v.Stat()
		if err != nil {
			return nil, apperr.Wrap(apperr.Invalid, err, "Could not read %s: %v.", name, err)
		}
		ra, size = v, st.Size()
	case sizedReaderAt:
		ra, size = v, v.Size()
	default:
		data, err := io.ReadAll(io.LimitReader(r, int64(maxBytes)+1))
		if err != nil {
			return nil, apperr.Wrap(apperr.Invalid, err, "Could not read %s: %v.", name, err)
		}
		ra, size = bytes.NewReader(data), int64(len(data))
	}
	if size > int64(maxBytes) {
		return nil, apperr.New(apperr.Invalid, "%s is larger than %s. Split the register by period and import each part.", name, sizeText(maxBytes))
	}
	f, err := spreadsheet.Open(name, ra, size, spreadsheet.Options{Format: sf, LazyQuotes: true,
		Limits: spreadsheet.Limits{MaxFileBytes: int64(maxBytes), MaxRows: maxRows + headerScanRows + 1}})
	if err != nil && sf == spreadsheet.XLSX && errors.Is(err, spreadsheet.ErrFormat) {
		return nil, apperr.Wrap(apperr.Invalid, err, "%s could not be read as an Excel workbook (%v). Open it in Excel, save it as .xlsx and import again.", name, errors.Unwrap(err))
	}
	return f, err
}

func sizeText(n int) string {
	if n >= 1<<20 {
		return fmt.Sprintf("%d MB", n>>20)
	}
	return fmt.Sprintf("%d bytes", n)
}

// scanRegister streams the sheets of a register until one has a header row (findHeader with
// given) in its first rows; it calls header with that sheet's top, then data for every row below
// the header, in order; an error from either stops the scan and is returned. first is the top of
// the first sheet with rows, for when no sheet has a header (header is then never called). The
// row data gets is reused: copy what you keep.
func scanRegister(f *spreadsheet.File, given Mapping, header func(s sheet, hdr int, m Mapping) error, data func(row []string, num int) error) (first *sheet, err error) {
	xlsx := f.Format() == spreadsheet.XLSX
	for _, sh := range f.Sheets() {
		s := sheet{name: sh, xlsx: xlsx}
		scanning, found := true, false
		// top ends the look for the header: the rows kept below it are data.
		top := func() error {
			scanning = false
			hdr, m := findHeader(s, given)
			if hdr < 0 {
				return nil
			}
			found = true
			if err := header(s, hdr, m); err != nil {
				return err
			}
			for i := hdr + 1; i < len(s.rows); i++ {
				if err := data(s.rows[i], s.lines[i]); err != nil {
					return err
				}
			}
			return nil
		}
		for row, err := range f.Rows(sh) {
			if err != nil {
				return nil, err
			}
			if scanning && ((xlsx && row.Number <= headerScanRows) || (!xlsx && len(s.rows) < headerScanRows)) {
				s.rows = append(s.rows, append([]string(nil), row.Cells...))
				s.lines = append(s.lines, row.Number)
				continue
			}
			if scanning {
				if err := top(); err != nil {
					return nil, err
				}
				if !found {
					break
				}
			}
			if err := data(row.Cells, row.Number); err != nil {
				return nil, err
			}
		}
		if scanning {
			if err := top(); err != nil {
				return nil, err
			}
		}
		if first == nil && len(s.rows) > 0 {
			first = &s
		}
		if found {
			return first, nil
		}
	}
	return first, nil
}

// findHeader returns the index of the header row of s and the mapping to use: the given one, or
// the suggestion for the row that maps the most fields.
func findHeader(s sheet, given Mapping) (int, Mapping) {
	bestRow, bestN := -1, 0
	var best Mapping
	for i := 0; i < len(s.rows) && i < headerScanRows; i++ {
		if len(given) > 0 {
			have := map[string]bool{}
			for _, h := range s.rows[i] {
				have[headerKey(h)] = true
			}
			n := 0
			for _, h := range given {
				if have[headerKey(h)] {
					n++
				}
			}
			if n > bestN {
				bestRow, bestN, best = i, n, given
			}
			continue
		}
		m := SuggestMapping(s.rows[i])
		if len(m) > bestN && ((m[FieldSupplierGSTIN] != "" && m[FieldInvoiceNumber] != "") || m[FieldBOENumber] != "" || (m[FieldISDGSTIN] != "" && m[FieldInvoiceNumber] != "")) {
			bestRow, bestN, best = i, len(m), m
		}
	}
	return bestRow, best
}

// RegisterHeaders finds the header row of a register (the first sheet that has one, for XLSX) and
// returns its headers with the mapping gstdesk suggests, for the mapping screen. Given an
// *os.File, it refuses a file over the size limit before reading it.
func RegisterHeaders(r io.Reader, name string, format export.Format) ([]string, Mapping, error) {
	f, err := openRegister(r, name, format)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	var headers []string
	var mapping Mapping
	first, err := scanRegister(f, nil, func(s sheet, hdr int, m Mapping) error {
		headers, mapping = s.rows[hdr], m
		return errStopScan
	}, nil)
	switch {
	case err == errStopScan:
		return headers, mapping, nil
	case err != nil:
		return nil, nil, err
	case first != nil:
		return first.rows[0], SuggestMapping(first.rows[0]), nil
	}
	return nil, nil, apperr.New(apperr.Invalid, "%s is empty.", name)
}

// errStopScan ends a scan once the header is known.
var errStopScan = errors.New("recon: stop")

// ReadRegister reads a purchase register (CSV or XLSX; format "" goes by the file name) into books
// invoices. With an empty mapping the headers are recognised (SuggestMapping); a header row may sit
// below title rows. Consecutive rows of one invoice (one row per tax rate, as Tally and the GST
// portal write them) are added up into one invoice. Credit notes come out negative. Rows without a
// supplier GSTIN (unregistered suppliers) are skipped with a warning, and rows with neither GSTIN nor
// number (totals) silently. Any error (not warning) fails the whole import: no invoices are
// returned, every problem is listed, and err says how many. The register is read a row at a time;
// given an *os.File (or a bytes or strings Reader), a file over the size limit is refused before
// it is read.
func ReadRegister(r io.Reader, name string, format export.Format, mapping Mapping) ([]Invoice, []RowError, error) {
	return ReadRegisterWith(r, name, format, mapping, ImportOptions{})
}

// ImportOptions steer how a register is read.
type ImportOptions struct {
	// CombineDuplicates adds up duplicate rows (see ReadRegisterWith) into one invoice, every
	// amount including the invoice value; off, each duplicate is kept apart, marked DuplicateOf,
	// and the reconciliation lists it as a duplicate without matching it.
	CombineDuplicates bool `json:"combine_duplicates"`
}

// ReadRegisterWith is ReadRegister with options. Rows of one supplier GSTIN, document type,
// normalised invoice number and date are one invoice only when they follow one another and
// differ (one row per tax rate); a row with the same amounts as any line of the invoice read so
// far (A, B, A, B), or a row of an invoice already read further up, is a duplicate: reported as a
// warning with both rows, and never added up unless opt.CombineDuplicates says so. A header written twice for a mapped column, and
// a register with no tax column (or CGST without SGST), are errors.
func ReadRegisterWith(r io.Reader, name string, format export.Format, mapping Mapping, opt ImportOptions) ([]Invoice, []RowError, error) {
	f, err := openRegister(r, name, format)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	var (
		p        *rowParser
		b        *invoiceBuilder
		colErrs  []RowError
		colWarns []RowError
		rows     int
	)
	_, err = scanRegister(f, mapping, func(s sheet, hdr int, m Mapping) error {
		cols, errs := resolveColumns(s, hdr, m, name)
		for _, e := range errs {
			if e.Warning {
				colWarns = append(colWarns, e)
			} else {
				colErrs = append(colErrs, e)
			}
		}
		if len(colErrs) > 0 {
			return errStopScan
		}
		p = &rowParser{file: name, sheet: s.name, xlsx: s.xlsx, date1904: f.Date1904(), cols: cols, header: s.rows[hdr], errs: colWarns}
		b = newInvoiceBuilder(p, opt.CombineDuplicates)
		return nil
	}, func(rec []string, rowNum int) error {
		rows++
		if rows > maxRows {
			return nil // counted only, for the message
		}
		if in, ok := p.parse(rec, rowNum); ok {
			b.add(in, rowNum)
		}
		return nil
	})
	if err != nil && err != errStopScan {
		return nil, nil, err
	}
	if len(colErrs) > 0 {
		return nil, colErrs, apperr.New(apperr.Invalid, "%s: %s. Map the columns and import again.", name, colErrs[0].Expected)
	}
	if p == nil {
		if len(mapping) > 0 {
			return nil, nil, apperr.New(apperr.Invalid, "%s has none of the mapped headers (%s) in its first %d rows. Check the column mapping.", name, strings.Join(mappedHeaders(mapping), ", "), headerScanRows)
		}
		return nil, nil, apperr.New(apperr.Invalid, "%s has no header row with a supplier GSTIN and an invoice number column (or a bill of entry number column) in its first %d rows. Add headers such as %s, or map the columns.", name, headerScanRows, strings.Join(canonicalHeaders(), ", "))
	}
	if rows > maxRows {
		return nil, nil, apperr.New(apperr.Invalid, "%s has %d rows; at most %d can be imported at once. Split the register by period.", name, rows, maxRows)
	}
	b.end()
	out := b.out
	for i := range out {
		finishInvoice(&out[i], p.cols[FieldInvoiceValue] < 0)
		if msg := implausibleRate(&out[i]); msg != "" {
			p.fail(b.firstRow[i], FieldIGST, "", msg, true) // a warning: named, read as given
		}
		if field, v := negativeHead(&out[i]); field != "" {
			p.fail(b.firstRow[i], field, v.Decimal(), fmt.Sprintf("an amount not below zero: the %s %s (%s) has an amount below zero, which would lower the books' ITC silently. Write a return or a discount as a credit note (document type \"Credit note\"; its amounts may be written positive), or correct the amount",
				out[i].DocType.Label(), out[i].Number, out[i].RowRef), false)
		}
	}
	bad := 0
	for _, e := range p.errs {
		if !e.Warning {
			bad++
		}
	}
	if p.dropped > 0 {
		p.errs = append(p.errs, RowError{File: name, Sheet: p.sheet, Expected: fmt.Sprintf("%d more problems not listed", p.dropped)})
	}
	if bad > 0 || p.dropped > 0 {
		first := ""
		for _, e := range p.errs {
			if !e.Warning {
				first = e.Error()
				break
			}
		}
		return nil, p.errs, apperr.New(apperr.Invalid, "The register has %d problem(s); nothing was imported. The first: %s", bad+p.dropped, first)
	}
	return out, p.errs, nil
}

// implausibleRate says why a document's tax cannot be GST on its taxable value: IGST + CGST + SGST
// above 28% of it (the highest rate; cess apart), more than a rupee of rounding over. It is how
// an amount typed in paise (IGST 1,80,000 for ₹1,800) shows, and summing it would send a supplier
// a chaser for a difference of our own making. A document with no taxable value (a note for a
// rate difference) is not checked. The row is read as given and named in a warning (tests and
// sample registers hold made-up rates; a person decides). It returns "" when the tax can be GST.
func implausibleRate(in *Invoice) string {
	taxable := in.Taxable
	tax := in.IGST + in.CGST + in.SGST
	if taxable < 0 {
		taxable, tax = -taxable, -tax
	}
	if taxable <= 0 || tax <= 0 || tax*100 <= taxable*28+100*100 {
		return ""
	}
	return fmt.Sprintf("tax that GST can charge: IGST + CGST + SGST of the %s %s (%s) is %s, %d%% of its taxable value %s, and GST is at most 28%% (cess apart). Check that the amounts are in rupees (not paise) and in their columns",
		in.DocType.Label(), in.Number, in.RowRef, money.Paise(tax).Indian(), int64(tax)*100/int64(taxable), money.Paise(taxable).Indian())
}

// negativeHead names the first amount below zero of a document that does not reduce the credit
// (an invoice, an ISD invoice, a bill of entry), or of a debit note whose amounts are not all of
// one sign: such a row is not a figure the register can mean, and summing it would lower the
// books' ITC silently. A debit note written negative throughout is the buyer's debit note of
// Tally's registers (a purchase return) and is kept. It returns "" when there is none.
func negativeHead(in *Invoice) (string, Paise) {
	heads := []struct {
		field string
		v     Paise
	}{{FieldTaxableValue, in.Taxable}, {FieldIGST, in.IGST}, {FieldCGST, in.CGST}, {FieldSGST, in.SGST}, {FieldCess, in.Cess}, {FieldInvoiceValue, in.Value}}
	switch docKind(in.DocType) {
	case DocCreditNote, DocISDCreditNote:
		return "", 0
	case DocDebitNote:
		pos := false
		for _, a := range heads {
			pos = pos || a.v > 0
		}
		if !pos {
			return "", 0
		}
	}
	for _, a := range heads {
		if a.v < 0 {
			return a.field, a.v
		}
	}
	return "", 0
}

// invoiceBuilder turns the rows of a register, in order, into invoices (see ReadRegisterWith). The
// lines of an invoice are added up while each differs from all its lines before. A row of an
// invoice read before (same supplier GSTIN, document type, invoice number normalised with the
// financial year of its date, and date) starts a repeat of it, whose further lines are added up
// the same way; the repeat is then kept apart, marked DuplicateOf, or, combining, added to the
// invoice it repeats.
type invoiceBuilder struct {
	p        *rowParser
	combine  bool
	out      []Invoice
	firstRow []int          // index in out → the row its first line was read from
	first    map[string]int // key → index in out of the invoice first read with it
	rows     map[int][]int  // combining only: index in out → all the rows added up in it
	// the invoice whose lines are being read: out[cur], or, combining, copy (a repeat of out[copyOf])
	cur, copyOf int
	copy        Invoice
	lines       []amounts // its lines, as read (not added up)
	curRows     []int     // its rows
}

func newInvoiceBuilder(p *rowParser, combine bool) *invoiceBuilder {
	b := &invoiceBuilder{p: p, combine: combine, first: map[string]int{}, cur: -1, copyOf: -1}
	if combine {
		b.rows = map[int][]int{}
	}
	return b
}

// open is the invoice whose lines are being read, nil when none.
func (b *invoiceBuilder) open() *Invoice {
	switch {
	case b.copyOf >= 0:
		return &b.copy
	case b.cur >= 0:
		return &b.out[b.cur]
	}
	return nil
}

// add takes the next row.
func (b *invoiceBuilder) add(in Invoice, row int) {
	file, sheetName := b.p.file, b.p.sheet
	if o := b.open(); o != nil && sameInvoice(o, &in) && !slices.Contains(b.lines, amountsOf(&in)) {
		mergeInto(o, &in) // a further tax-rate line of the invoice
		b.lines = append(b.lines, amountsOf(&in))
		b.curRows = append(b.curRows, row)
		o.RowRef = rowRef(file, sheetName, b.curRows)
		return
	}
	// anything else ends the invoice: a line equal to one of its lines starts a repeat of it
	b.end()
	b.lines = append(b.lines, amountsOf(&in))
	b.curRows = append(b.curRows, row)
	in.RowRef = rowRef(file, sheetName, b.curRows)
	if first, dup := b.seen(&in, len(b.out)); dup {
		if b.combine {
			b.copyOf, b.copy = first, in
			return
		}
		in.DuplicateOf = b.out[first].RowRef
		b.p.fail(row, FieldInvoiceNumber, in.Number, fmt.Sprintf("the same supplier GSTIN, invoice number and date as %s: a duplicate row, kept apart and not added up unless you choose to combine duplicate rows", in.DuplicateOf), true)
	}
	b.cur = len(b.out)
	if len(b.out) == cap(b.out) {
		// Double: append grows a large slice by a quarter, which copies a 100,000-invoice
		// register's invoices five times over while it is read.
		b.out = slices.Grow(b.out, max(len(b.out), 256))
	}
	b.out = append(b.out, in)
	b.firstRow = append(b.firstRow, row)
}

// end closes the invoice being read; a repeat being combined is added to the invoice it repeats.
func (b *invoiceBuilder) end() {
	switch {
	case b.copyOf >= 0:
		f := &b.out[b.copyOf]
		addAll(f, &b.copy)
		b.rows[b.copyOf] = append(b.rows[b.copyOf], b.curRows...)
		f.RowRef = rowRefList(b.p.file, b.p.sheet, b.rows[b.copyOf])
	case b.cur >= 0 && b.combine:
		b.rows[b.cur] = slices.Clone(b.curRows) // a repeat further down adds its rows to these
	}
	b.cur, b.copyOf = -1, -1
	b.lines, b.curRows = b.lines[:0], b.curRows[:0]
}

// seen reports the index of the earlier invoice in repeats, or records in's as idx.
func (b *invoiceBuilder) seen(in *Invoice, idx int) (int, bool) {
	day, ok := dayNumber(in.Date)
	k := in.SupplierGSTIN + "|" + in.PortCode + "|" + string(docKind(in.DocType)) + "|" + NormaliseInvoiceNumber(in.Number, fyHints(day, ok, 0)...) + "|" + in.Date
	if first, dup := b.first[k]; dup {
		return first, true
	}
	b.first[k] = idx
	return 0, false
}

// amounts are the amounts of a register row: two lines of one invoice with the same amounts are
// a row repeated, not another tax rate.
type amounts [6]Paise

func amountsOf(in *Invoice) amounts {
	return amounts{in.Value, in.Taxable, in.IGST, in.CGST, in.SGST, in.Cess}
}

// addAll adds a repeat of an invoice to it when the user chose to combine duplicates: every
// amount, the invoice value included.
func addAll(dst, src *Invoice) {
	dst.Value += src.Value
	dst.Taxable += src.Taxable
	dst.IGST += src.IGST
	dst.CGST += src.CGST
	dst.SGST += src.SGST
	dst.Cess += src.Cess
}

// rowRefList names rows that need not follow one another: "p.csv rows 4, 9".
func rowRefList(file, sheetName string, rows []int) string {
	if len(rows) == 1 {
		return rowRef(file, sheetName, rows)
	}
	where := file
	if sheetName != "" {
		where += " [" + sheetName + "]"
	}
	parts := make([]string, len(rows))
	for i, r := range rows {
		parts[i] = strconv.Itoa(r)
	}
	return where + " rows " + strings.Join(parts, ", ")
}

func mappedHeaders(m Mapping) []string {
	var out []string
	for _, f := range RegisterFields {
		if h := m[f.Key]; h != "" {
			out = append(out, strconv.Quote(h))
		}
	}
	return out
}

func canonicalHeaders() []string {
	var out []string
	for _, f := range RegisterFields {
		out = append(out, f.Key)
	}
	return out
}

func rowRef(file, sheetName string, rows []int) string {
	where := file
	if sheetName != "" {
		where += " [" + sheetName + "]"
	}
	if len(rows) == 1 {
		return fmt.Sprintf("%s row %d", where, rows[0])
	}
	return fmt.Sprintf("%s rows %d-%d", where, rows[0], rows[len(rows)-1])
}

// resolveColumns finds the column index of each mapped field (-1 when not mapped).
func resolveColumns(s sheet, hdr int, m Mapping, name string) (map[string]int, []RowError) {
	idx := map[string]int{}
	twice := map[string]int{} // header key → its second column
	for i, h := range s.rows[hdr] {
		k := headerKey(h)
		if _, dup := idx[k]; k != "" && !dup {
			idx[k] = i
		} else if k != "" && dup {
			if _, ok := twice[k]; !ok {
				twice[k] = i
			}
		}
	}
	cols := map[string]int{}
	var errs []RowError
	for _, f := range RegisterFields {
		cols[f.Key] = -1
		h := m[f.Key]
		if h == "" {
			if f.Required && !requiredMet(f.Key, m) {
				errs = append(errs, RowError{File: name, Sheet: s.name, Row: s.rowNumber(hdr), Column: f.Title,
					Expected: fmt.Sprintf("no column for %s (headers found: %s)", f.Title, strings.Join(quoteAll(s.rows[hdr]), ", "))})
			}
			continue
		}
		i, ok := idx[headerKey(h)]
		if !ok {
			errs = append(errs, RowError{File: name, Sheet: s.name, Row: s.rowNumber(hdr), Column: h,
				Expected: fmt.Sprintf("the column %q mapped to %s is not in the header row", h, f.Title)})
			continue
		}
		if j, dup := twice[headerKey(h)]; dup {
			errs = append(errs, RowError{File: name, Sheet: s.name, Row: s.rowNumber(hdr), Column: h,
				Expected: fmt.Sprintf("the header %q is written twice (columns %s and %s): which one holds %s cannot be told. Rename one of them", h, spreadsheet.ColumnName(i), spreadsheet.ColumnName(j), f.Title)})
			continue
		}
		cols[f.Key] = i
	}
	if len(errs) == 0 {
		errs = append(errs, taxColumnProblems(s, hdr, m, name)...)
	}
	return cols, errs
}

// taxColumnProblems are what is wrong with the tax columns mapped: none at all, or CGST without
// SGST (or SGST without CGST), would read every invoice's tax as 0 and report it a mismatch; no
// IGST column only warns, as a register of purchases within one state has none.
func taxColumnProblems(s sheet, hdr int, m Mapping, name string) []RowError {
	has := func(k string) bool { return m[k] != "" }
	at := RowError{File: name, Sheet: s.name, Row: s.rowNumber(hdr)}
	switch {
	case !has(FieldIGST) && !has(FieldCGST) && !has(FieldSGST):
		at.Column, at.Expected = "IGST, CGST, SGST", fmt.Sprintf("no tax column: map IGST, or CGST and SGST (headers found: %s)", strings.Join(quoteAll(s.rows[hdr]), ", "))
	case has(FieldCGST) != has(FieldSGST):
		missing := "SGST/UTGST"
		if !has(FieldCGST) {
			missing = "CGST"
		}
		at.Column, at.Expected = missing, fmt.Sprintf("no column for %s, though the register has the other half of the tax within a state: map it", missing)
	case !has(FieldIGST):
		at.Column, at.Warning, at.Expected = "IGST", true, "no IGST column: every invoice is read with IGST 0 (right for purchases within one state only)"
	default:
		return nil
	}
	return []RowError{at}
}

func quoteAll(ss []string) []string {
	out := make([]string, 0, len(ss))
	for _, s := range ss {
		if strings.TrimSpace(s) != "" {
			out = append(out, strconv.Quote(s))
		}
	}
	return out
}

type rowParser struct {
	file, sheet string
	xlsx        bool
	date1904    bool // the workbook's serial dates count from 1904
	cols        map[string]int
	header      []string
	errs        []RowError
	dropped     int
	// eligibilityNoted: the eligibility column was named once for a row that is no ISD document
	eligibilityNoted bool
}

func (p *rowParser) fail(row int, field, value, expected string, warning bool) {
	if len(p.errs) >= maxRowErrors {
		if !warning {
			p.dropped++
		}
		return
	}
	col := field
	if i := p.cols[field]; i >= 0 && i < len(p.header) {
		col = p.header[i]
	}
	p.errs = append(p.errs, RowError{File: p.file, Sheet: p.sheet, Row: row, Column: col, Value: value, Expected: expected, Warning: warning})
}

func (p *rowParser) cell(rec []string, field string) string {
	i := p.cols[field]
	if i < 0 || i >= len(rec) {
		return ""
	}
	return strings.TrimSpace(rec[i])
}

// parse reads one row; ok is false for rows to skip (blank, totals, unregistered, or bad).
func (p *rowParser) parse(rec []string, row int) (Invoice, bool) {
	in := Invoice{Source: Books}
	blank := true
	for _, c := range rec {
		if strings.TrimSpace(c) != "" {
			blank = false
			break
		}
	}
	if blank {
		return in, false
	}
	if !p.xlsx {
		// A comma inside an amount written without quotes (1,800.00) splits it into two cells
		// and shifts every cell after it: the row's last cells then lie beyond the header. Read
		// as they stand, IGST ₹1,800 would become IGST ₹1 and CGST ₹800.
		last := len(p.header) - 1
		for last >= 0 && strings.TrimSpace(p.header[last]) == "" {
			last--
		}
		for i := last + 1; i < len(rec); i++ {
			if v := strings.TrimSpace(rec[i]); v != "" {
				if len(p.errs) >= maxRowErrors {
					p.dropped++
					return in, false
				}
				p.errs = append(p.errs, RowError{File: p.file, Sheet: p.sheet, Row: row, Column: spreadsheet.ColumnName(i), Value: v,
					Expected: fmt.Sprintf("no value beyond the header's last column (%s): a comma inside a cell that is not quoted, such as 1,800.00, shifts every cell after it. Quote that cell (\"1,800.00\") or write the amount without commas; the row is not read", spreadsheet.ColumnName(last))})
				return in, false
			}
		}
	}
	g := strings.ToUpper(strings.Join(strings.Fields(p.cell(rec, FieldSupplierGSTIN)), ""))
	isd := strings.ToUpper(strings.Join(strings.Fields(p.cell(rec, FieldISDGSTIN)), ""))
	num := p.cell(rec, FieldInvoiceNumber)
	boe := p.cell(rec, FieldBOENumber)
	nerr := len(p.errs) + p.dropped
	// The document type decides how the row is read; an unknown one is reported in its place
	// among the row's cells, below.
	docTypeCell := p.cell(rec, FieldDocumentType)
	docType, docTypeOK := ParseDocType(docTypeCell)
	switch {
	case boe != "" && (!docTypeOK || docType == DocBillOfEntry):
		return p.parseBillOfEntry(rec, row, g, boe, nerr)
	case docTypeOK && docType == DocBillOfEntry:
		if num == "" {
			p.fail(row, FieldBOENumber, "", "a bill of entry number: the document type says bill of entry", false)
			return in, false
		}
		return p.parseBillOfEntry(rec, row, g, num, nerr)
	case boe != "":
		p.fail(row, FieldBOENumber, boe, fmt.Sprintf("a bill of entry number on a row whose document type is %s: read as %s, the bill of entry number is not used", docType.Label(), docType.Label()), true)
	}
	gField := FieldSupplierGSTIN
	if isd != "" {
		if g != "" && g != isd {
			p.fail(row, FieldISDGSTIN, isd, fmt.Sprintf("both a supplier GSTIN (%s) and an ISD GSTIN: read as a document of the input service distributor %s", g, isd), true)
		}
		g, gField = isd, FieldISDGSTIN
		switch docType {
		case "", DocInvoice:
			docType = DocISDInvoice
		case DocCreditNote:
			docType = DocISDCreditNote
		}
	}
	if g == "" {
		switch {
		case num != "":
			p.fail(row, FieldSupplierGSTIN, "", "no supplier GSTIN, no ISD GSTIN and no bill of entry number: the row is left out of the reconciliation. "+
				"An import needs its bill of entry number (and port code), an ISD document its ISD GSTIN; a purchase from an unregistered supplier has nothing in GSTR-2A or 2B to match", true)
		case rowHasAmount(p, rec):
			p.fail(row, FieldSupplierGSTIN, "", "no supplier GSTIN, invoice number or bill of entry number, only amounts (a totals row?): left out of the reconciliation", true)
		}
		return in, false
	}
	p.checkGSTIN(row, gField, g)
	in.SupplierGSTIN = g
	in.SupplierName = p.cell(rec, FieldSupplierName)
	if num == "" {
		p.fail(row, FieldInvoiceNumber, "", "an invoice number", false)
	} else if len(num) > 100 {
		p.fail(row, FieldInvoiceNumber, num, "an invoice number of at most 100 characters", false)
	}
	in.Number = num
	if d := p.cell(rec, FieldInvoiceDate); d == "" {
		p.fail(row, FieldInvoiceDate, "", "an invoice date such as 25-04-2024", false)
	} else if v, err := p.date(d); err != nil {
		p.fail(row, FieldInvoiceDate, d, "a date as DD-MM-YYYY, DD/MM/YYYY, DD-Mon-YYYY or YYYY-MM-DD", false)
	} else {
		in.Date = v
	}
	if v := p.cell(rec, FieldPlaceOfSupply); v != "" {
		if code, ok := ParsePlaceOfSupply(v); ok {
			in.PlaceOfSupply = code
		} else {
			p.fail(row, FieldPlaceOfSupply, v, "a state code (27) or name (Maharashtra), or both (27-Maharashtra)", false)
		}
	}
	if v := p.cell(rec, FieldReverseCharge); v != "" {
		if b, ok := parseYesNo(v); ok {
			in.ReverseCharge = b
		} else {
			p.fail(row, FieldReverseCharge, v, "Y or N", false)
		}
	}
	if docTypeCell != "" && !docTypeOK {
		p.fail(row, FieldDocumentType, docTypeCell, docTypeExpected, false)
	}
	in.DocType = docType
	if in.DocType.family() == 2 {
		in.ITCEligible = p.eligible(rec, row)
	} else if v := p.cell(rec, FieldITCEligible); v != "" && !p.eligibilityNoted {
		// said once: a register may fill the column for every row
		p.eligibilityNoted = true
		p.fail(row, FieldITCEligible, v, "ITC eligibility is read for ISD documents only: not used for "+article(docKind(in.DocType).Label())+" "+docKind(in.DocType).Label()+" (nor for the other rows that are not ISD documents)", true)
	}
	p.payment(rec, row, &in)
	p.amounts(rec, row, &in)
	return in, len(p.errs)+p.dropped == nerr || onlyWarnings(p.errs[min(nerr, len(p.errs)):])
}

// checkGSTIN reports a GSTIN of field that is not one: a wrong check character or an unknown state
// is a warning (kept as written), a wrong length or character an error.
func (p *rowParser) checkGSTIN(row int, field, g string) {
	_, err := gstin.Parse(g)
	if err == nil {
		return
	}
	var ge *gstin.Error
	switch {
	case errors.As(err, &ge) && ge.Code == gstin.ReasonCheckChar:
		p.fail(row, field, g, "the GSTIN's check character is wrong ("+ge.Reason+"); kept as written, check it with the supplier", true)
	case errors.As(err, &ge) && ge.Code != gstin.ReasonLength && ge.Code != gstin.ReasonCharacter:
		p.fail(row, field, g, "this is not a valid GSTIN ("+ge.Reason+"); kept as written, check it with the supplier", true)
	default:
		p.fail(row, field, g, "a 15-character GSTIN such as 27AAPFU0939F1ZV ("+err.Error()+")", false)
	}
}

// docTypeExpected is what a document type cell may hold.
const docTypeExpected = "invoice, credit note, debit note, bill of entry, ISD invoice or ISD credit note"

// rowHasAmount says whether any amount cell of the row holds a figure other than zero: such a
// row without supplier, number or bill of entry is named, never dropped without a word.
func rowHasAmount(p *rowParser, rec []string) bool {
	for _, k := range []string{FieldInvoiceValue, FieldTaxableValue, FieldIGST, FieldCGST, FieldSGST, FieldCess} {
		v := p.cell(rec, k)
		if v == "" {
			continue
		}
		if a, err := money.Parse(v); err != nil || a != 0 {
			return true // a figure, or something that is not one: either way the row is named
		}
	}
	return false
}

// eligible reads the ISD eligibility cell: "Y", "N", or "" when empty.
func (p *rowParser) eligible(rec []string, row int) string {
	v := p.cell(rec, FieldITCEligible)
	if v == "" {
		return ""
	}
	switch headerKey(v) {
	case "eligible", "elg", "e":
		return "Y"
	case "ineligible", "noteligible", "inelg", "blocked":
		return "N"
	}
	b, ok := parseYesNo(v)
	if !ok {
		p.fail(row, FieldITCEligible, v, "Y or N (Eligible or Ineligible): whether the ISD credit is eligible", false)
		return ""
	}
	return yn(b)
}

// parseBillOfEntry reads a row that is a bill of entry numbered number: its date (the bill of
// entry date column, else the invoice date column), port code, the SEZ supplier's GSTIN when given,
// and its amounts.
func (p *rowParser) parseBillOfEntry(rec []string, row int, g, number string, nerr int) (Invoice, bool) {
	in := Invoice{Source: Books, DocType: DocBillOfEntry, Number: number}
	if len(number) > 100 {
		p.fail(row, FieldBOENumber, number, "a bill of entry number of at most 100 characters", false)
	}
	if g != "" {
		p.checkGSTIN(row, FieldSupplierGSTIN, g) // an SEZ unit's (impgsez); empty for an import from abroad
		in.SupplierGSTIN = g
	}
	in.SupplierName = p.cell(rec, FieldSupplierName)
	dateField := FieldBOEDate
	d := p.cell(rec, FieldBOEDate)
	if d == "" {
		dateField, d = FieldInvoiceDate, p.cell(rec, FieldInvoiceDate)
	}
	if d == "" {
		p.fail(row, FieldBOEDate, "", "a bill of entry date such as 25-04-2024", false)
	} else if v, err := p.date(d); err != nil {
		p.fail(row, dateField, d, "a bill of entry date as DD-MM-YYYY, DD/MM/YYYY, DD-Mon-YYYY or YYYY-MM-DD", false)
	} else {
		in.Date = v
	}
	if v := p.cell(rec, FieldDocumentType); v != "" {
		if _, ok := ParseDocType(v); !ok {
			p.fail(row, FieldDocumentType, v, docTypeExpected, false)
		}
	}
	in.PortCode = strings.ToUpper(strings.Join(strings.Fields(p.cell(rec, FieldPortCode)), ""))
	if in.PortCode == "" {
		p.fail(row, FieldPortCode, "", "no port code: this bill of entry is matched by its number, date and amounts only; add the port code (such as INNSA1) to match it surely", true)
	}
	p.payment(rec, row, &in)
	p.amounts(rec, row, &in)
	return in, len(p.errs)+p.dropped == nerr || onlyWarnings(p.errs[min(nerr, len(p.errs)):])
}

// payment reads the payment date cell.
func (p *rowParser) payment(rec []string, row int, in *Invoice) {
	if v := p.cell(rec, FieldPaymentDate); v != "" {
		if d, err := p.date(v); err != nil {
			p.fail(row, FieldPaymentDate, v, "a payment date as DD-MM-YYYY, DD/MM/YYYY, DD-Mon-YYYY or YYYY-MM-DD (leave it empty when unpaid)", false)
		} else {
			in.PaymentDate = d
		}
	}
}

// amounts reads the amount cells.
func (p *rowParser) amounts(rec []string, row int, in *Invoice) {
	for _, f := range []struct {
		key string
		dst *Paise
	}{{FieldInvoiceValue, &in.Value}, {FieldTaxableValue, &in.Taxable}, {FieldIGST, &in.IGST}, {FieldCGST, &in.CGST}, {FieldSGST, &in.SGST}, {FieldCess, &in.Cess}} {
		v := p.cell(rec, f.key)
		a, err := money.Parse(v)
		if err != nil {
			p.fail(row, f.key, v, "an amount in rupees such as 1,23,456.50 (negative as -500 or (500))", false)
			continue
		}
		*f.dst = Paise(a)
	}
}

func onlyWarnings(errs []RowError) bool {
	for _, e := range errs {
		if !e.Warning {
			return false
		}
	}
	return true
}

func (p *rowParser) date(v string) (string, error) {
	if p.xlsx && allDigitsDot(v) { // a date cell holds the serial number, in the workbook's date system
		return parseSerialDate(v, p.date1904)
	}
	return ParseDate(v)
}

func allDigitsDot(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if (s[i] < '0' || s[i] > '9') && s[i] != '.' {
			return false
		}
	}
	return true
}

// sameInvoice reports whether next continues the invoice last (another tax-rate line of it).
func sameInvoice(last, next *Invoice) bool {
	return last.SupplierGSTIN == next.SupplierGSTIN && last.Number == next.Number && last.Date == next.Date &&
		docKind(last.DocType) == docKind(next.DocType) && last.PortCode == next.PortCode
}

// mergeInto adds a further line of an invoice. The invoice value is repeated on every line in the
// GST portal's layout and split over lines in a line-wise register: equal values are taken once,
// different ones are added.
func mergeInto(dst, src *Invoice) {
	if src.Value != dst.Value {
		dst.Value += src.Value
	}
	dst.Taxable += src.Taxable
	dst.IGST += src.IGST
	dst.CGST += src.CGST
	dst.SGST += src.SGST
	dst.Cess += src.Cess
	if dst.PlaceOfSupply == "" {
		dst.PlaceOfSupply = src.PlaceOfSupply
	}
	if dst.SupplierName == "" {
		dst.SupplierName = src.SupplierName
	}
	// Payment is a fact of the invoice, often written on its first line only: a date on any
	// line holds, the latest when lines differ (paid in full when the last part was).
	if src.PaymentDate > dst.PaymentDate {
		dst.PaymentDate = src.PaymentDate
	}
}

// finishInvoice settles the document type and signs and fills the invoice value and period.
func finishInvoice(in *Invoice, noValueColumn bool) {
	amts := []*Paise{&in.Value, &in.Taxable, &in.IGST, &in.CGST, &in.SGST, &in.Cess}
	neg, pos := false, false
	for _, a := range amts {
		neg = neg || *a < 0
		pos = pos || *a > 0
	}
	switch {
	case in.DocType == "":
		in.DocType = DocInvoice
		if neg && !pos {
			in.DocType = DocCreditNote
		}
	case in.DocType == DocISDInvoice && neg && !pos:
		in.DocType = DocISDCreditNote // an ISD document written negative without a type is a credit note
	}
	if noValueColumn {
		in.Value = in.Taxable + in.IGST + in.CGST + in.SGST + in.Cess
	}
	if in.DocType.Reduces() {
		for _, a := range amts {
			if *a > 0 {
				*a = -*a
			}
		}
	}
	if len(in.Date) >= 7 {
		in.Period = in.Date[:7]
	}
}

// ParsePlaceOfSupply reads a place of supply as "27", "27-Maharashtra", "27 - Maharashtra" or
// "Maharashtra" and returns the two-digit state code.
func ParsePlaceOfSupply(s string) (string, bool) {
	s = strings.TrimSpace(s)
	digits := 0
	for digits < len(s) && s[digits] >= '0' && s[digits] <= '9' {
		digits++
	}
	if digits > 0 {
		code := s[:digits]
		if digits == 1 {
			code = "0" + code
		}
		rest := strings.TrimSpace(strings.TrimLeft(s[digits:], " -–:/"))
		if len(code) != 2 || !(gstin.ValidStateCode(code) || code == gstin.OtherCountries) {
			return "", false
		}
		if rest != "" {
			if c, ok := stateByName(rest); ok && c != code {
				return "", false
			}
		}
		return code, true
	}
	return stateByName(s)
}

func stateByName(name string) (string, bool) {
	k := headerKey(name)
	if k == "" {
		return "", false
	}
	for _, st := range gstin.States() {
		if headerKey(st.Name) == k && !st.Legacy {
			return st.Code, true
		}
	}
	switch k {
	case "orissa":
		return "21", true
	case "pondicherry":
		return "34", true
	case "newdelhi", "nctofdelhi":
		return "07", true
	case "dadraandnagarhaveli", "damananddiu":
		return "26", true
	case "othercountries", "othercountry":
		return gstin.OtherCountries, true
	}
	return "", false
}

func parseYesNo(s string) (bool, bool) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "y", "yes", "true", "1":
		return true, true
	case "n", "no", "false", "0", "-":
		return false, true
	}
	return false, false
}

// ParseDocType reads a document type as registers write it: "Invoice", "Tax Invoice", "Purchase",
// "Regular", "B2B", "R", "I" (invoice); "Credit Note", "CN", "C", "Debit Note", "DN", "D"; "Bill of
// Entry", "BOE", "BE", "Import", "Imports", "IMPG", "IMPGSEZ" (bill of entry); "ISD Invoice",
// "ISD", "ISDI" (ISD invoice); "ISD Credit Note", "ISDC", "ISD CN" (ISD credit note).
func ParseDocType(s string) (DocType, bool) {
	switch headerKey(s) {
	case "billofentry", "boe", "be", "import", "imports", "importofgoods", "importsofgoods", "impg", "impgsez", "billofentryimport", "importbillofentry", "sezimport":
		return DocBillOfEntry, true
	case "isdinvoice", "isd", "isdi", "isdinv", "isdtaxinvoice", "inputservicedistributorinvoice":
		return DocISDInvoice, true
	case "isdcreditnote", "isdc", "isdcn", "isdcredit", "isdcrnote", "inputservicedistributorcreditnote":
		return DocISDCreditNote, true
	case "invoice", "taxinvoice", "inv", "i", "purchase", "purchases", "regular", "r", "b2b", "bill", "sezwp", "sezwop", "de", "cbw":
		return DocInvoice, true
	case "creditnote", "credit", "cn", "c", "cdnc", "crnote", "purchasereturn":
		return DocCreditNote, true
	case "debitnote", "debit", "dn", "d", "cdnd", "drnote":
		return DocDebitNote, true
	}
	return "", false
}
