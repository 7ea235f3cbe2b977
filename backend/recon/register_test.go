package recon

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"gstdesk/backend/apperr"
	"gstdesk/backend/export"
)

const canonicalHeader = "supplier_gstin,supplier_name,invoice_number,invoice_date,place_of_supply,reverse_charge,invoice_value,taxable_value,igst,cgst,sgst,cess,document_type\n"

func TestReadRegisterCanonicalCSV(t *testing.T) {
	csv := "\ufeff" + canonicalHeader +
		"27AAPFU0939F1ZV,Acme,INV/2024-25/0042,05-07-2024,27,N,\"1,180.00\",1000,0,90,90,0,Invoice\n" +
		"27AAPFU0939F1ZV,Acme,CN-7,06/07/2024,27-Maharashtra,N,118,100,0,9,9,0,Credit Note\n" +
		"24ABCCR0123M1ZM,Ravi,B/9,07-Jul-2024,Gujarat,Y,\"₹ 1,23,456.50\",\"1,04,624.15\",\"18,832.35\",0,0,0,\n" +
		",,,,,,\"1,25,000.00\",,,,,,\n" // a total row: left out, with a warning naming it (it was silent before)
	got, errs, err := ReadRegister(strings.NewReader(csv), "purchases.csv", "", nil)
	if err != nil || len(errs) != 1 || !errs[0].Warning || errs[0].Row != 5 || errs[0].Column != "supplier_gstin" || !strings.Contains(errs[0].Expected, "a totals row?") {
		t.Fatalf("err = %v, errs = %v", err, errs)
	}
	want := []Invoice{
		{Source: Books, RowRef: "purchases.csv row 2", SupplierGSTIN: "27AAPFU0939F1ZV", SupplierName: "Acme", Number: "INV/2024-25/0042", Date: "2024-07-05",
			PlaceOfSupply: "27", DocType: DocInvoice, Value: 118000, Taxable: 100000, CGST: 9000, SGST: 9000, Period: "2024-07"},
		{Source: Books, RowRef: "purchases.csv row 3", SupplierGSTIN: "27AAPFU0939F1ZV", SupplierName: "Acme", Number: "CN-7", Date: "2024-07-06",
			PlaceOfSupply: "27", DocType: DocCreditNote, Value: -11800, Taxable: -10000, CGST: -900, SGST: -900, Period: "2024-07"},
		{Source: Books, RowRef: "purchases.csv row 4", SupplierGSTIN: "24ABCCR0123M1ZM", SupplierName: "Ravi", Number: "B/9", Date: "2024-07-07",
			PlaceOfSupply: "24", ReverseCharge: true, DocType: DocInvoice, Value: 12345650, Taxable: 10462415, IGST: 1883235, Period: "2024-07"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got\n%+v\nwant\n%+v", got, want)
	}
}

func TestReadRegisterTallyLayout(t *testing.T) {
	// Title rows above the header, Tally's headers, one row per tax rate, a negative total in brackets.
	csv := "Acme Traders Pvt Ltd\nPurchase Register\n1-Apr-2024 to 30-Jun-2024\n\n" +
		"Date,Particulars,Voucher Type,Voucher No.,Supplier Invoice No.,Supplier Invoice Date,GSTIN/UIN,Place of Supply,Taxable Value,Integrated Tax,Central Tax,State/UT Tax,Cess,Invoice Value\n" +
		"02-Apr-24,Ravi Steel,Purchase,12,RS/101,1-Apr-24,24ABCCR0123M1ZM,24-Gujarat,1000.00,180.00,,,,1298.00\n" +
		"02-Apr-24,Ravi Steel,Purchase,12,RS/101,1-Apr-24,24ABCCR0123M1ZM,24-Gujarat,100.00,18.00,,,,1298.00\n" +
		"03-Apr-24,Ravi Steel,Debit Note,13,RS/CN/4,2-Apr-24,24ABCCR0123M1ZM,24-Gujarat,(100.00),(18.00),,,,(118.00)\n"
	got, errs, err := ReadRegister(strings.NewReader(csv), "tally.csv", export.CSV, nil)
	if err != nil || len(errs) != 0 {
		t.Fatalf("err = %v, errs = %v", err, errs)
	}
	if len(got) != 2 {
		t.Fatalf("got %d invoices, want 2: %+v", len(got), got)
	}
	first := got[0]
	if first.Number != "RS/101" || first.Date != "2024-04-01" || first.Taxable != 110000 || first.IGST != 19800 || first.Value != 129800 ||
		first.RowRef != "tally.csv rows 6-7" || first.SupplierName != "Ravi Steel" || first.PlaceOfSupply != "24" {
		t.Errorf("first = %+v", first)
	}
	// "Debit Note" in Tally's voucher type column is the buyer's debit note, a reduction:
	// recognised as a debit note type but its negative amounts are kept.
	if got[1].DocType != DocDebitNote || got[1].Taxable != -10000 {
		t.Errorf("second = %+v", got[1])
	}
}

func TestSuggestMapping(t *testing.T) {
	tests := []struct {
		name    string
		headers []string
		want    Mapping
	}{
		{"portal 2A excel", []string{"GSTIN of supplier", "Trade/Legal name of the Supplier", "Invoice number", "Invoice type", "Invoice Date", "Invoice Value (₹)",
			"Place of supply", "Supply Attract Reverse Charge", "Rate (%)", "Taxable Value (₹)", "Integrated Tax (₹)", "Central Tax (₹)", "State/UT tax (₹)", "Cess (₹)"},
			Mapping{FieldSupplierGSTIN: "GSTIN of supplier", FieldSupplierName: "Trade/Legal name of the Supplier", FieldInvoiceNumber: "Invoice number",
				FieldInvoiceDate: "Invoice Date", FieldInvoiceValue: "Invoice Value (₹)", FieldPlaceOfSupply: "Place of supply", FieldReverseCharge: "Supply Attract Reverse Charge",
				FieldTaxableValue: "Taxable Value (₹)", FieldIGST: "Integrated Tax (₹)", FieldCGST: "Central Tax (₹)", FieldSGST: "State/UT tax (₹)", FieldCess: "Cess (₹)"}},
		{"busy", []string{"Bill Date", "Bill No.", "Party Name", "Party GSTIN", "Taxable Amt.", "IGST Amt.", "CGST Amt.", "SGST Amt.", "Bill Amount"},
			Mapping{FieldInvoiceDate: "Bill Date", FieldInvoiceNumber: "Bill No.", FieldSupplierName: "Party Name", FieldSupplierGSTIN: "Party GSTIN",
				FieldTaxableValue: "Taxable Amt.", FieldIGST: "IGST Amt.", FieldCGST: "CGST Amt.", FieldSGST: "SGST Amt.", FieldInvoiceValue: "Bill Amount"}},
		{"tally prefers the supplier's number and date", []string{"Date", "Particulars", "Voucher No.", "Supplier Invoice No.", "Supplier Invoice Date", "GSTIN/UIN", "Voucher Type"},
			Mapping{FieldInvoiceDate: "Supplier Invoice Date", FieldInvoiceNumber: "Supplier Invoice No.", FieldSupplierName: "Particulars",
				FieldSupplierGSTIN: "GSTIN/UIN", FieldDocumentType: "Voucher Type"}},
		{"tally without supplier columns falls back to the voucher", []string{"Date", "Particulars", "Voucher No.", "GSTIN/UIN"},
			Mapping{FieldInvoiceDate: "Date", FieldInvoiceNumber: "Voucher No.", FieldSupplierName: "Particulars", FieldSupplierGSTIN: "GSTIN/UIN"}},
		{"nothing known", []string{"foo", "bar"}, Mapping{}},
	}
	for _, tt := range tests {
		if got := SuggestMapping(tt.headers); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s: SuggestMapping =\n%v\nwant\n%v", tt.name, got, tt.want)
		}
	}
}

func TestReadRegisterWithMapping(t *testing.T) {
	csv := "Vendor Tax Id;Ref;Dt;Base;Tax A;Tax B\n27AAPFU0939F1ZV;X1;2024-07-01;100;9;9\n"
	m := Mapping{FieldSupplierGSTIN: "Vendor Tax Id", FieldInvoiceNumber: "Ref", FieldInvoiceDate: "Dt", FieldTaxableValue: "Base", FieldCGST: "Tax A", FieldSGST: "Tax B"}
	got, _, err := ReadRegister(strings.NewReader(csv), "odd.csv", export.CSV, m)
	if err != nil || len(got) != 1 || got[0].Value != 11800 || got[0].CGST != 900 {
		t.Fatalf("got %+v, %v", got, err)
	}
	_, _, err = ReadRegister(strings.NewReader(csv), "odd.csv", export.CSV, Mapping{FieldSupplierGSTIN: "GSTIN"})
	if err == nil || !strings.Contains(err.Error(), `none of the mapped headers ("GSTIN")`) {
		t.Errorf("err = %v", err)
	}
}

func TestReadRegisterErrors(t *testing.T) {
	csv := canonicalHeader +
		"27AAPFU0939F1ZV,A,1,31-02-2024,27,N,118,100,0,9,9,0,\n" + // impossible date
		"27AAPFU0939F1ZX,A,2,01-07-2024,27,N,118,100,0,9,9,0,\n" + // wrong check character: warning only
		"27AAPFU0939F,A,3,01-07-2024,27,N,118,1OO,0,9,9,0,\n" + // short GSTIN, letter O in an amount
		"27AAPFU0939F1ZV,A,,01-07-2024,77,maybe,118,100,0,9,9,0,refund\n" + // no number, bad state, rc, type
		",Cash purchase,9,01-07-2024,27,N,118,100,0,9,9,0,\n" // unregistered: warning
	got, errs, err := ReadRegister(strings.NewReader(csv), "p.csv", export.CSV, nil)
	if got != nil {
		t.Errorf("a failed import returned invoices: %+v", got)
	}
	if apperr.KindOf(err) != apperr.Invalid || !strings.Contains(err.Error(), "7 problem(s); nothing was imported") {
		t.Errorf("err = %v", err)
	}
	want := []RowError{
		{File: "p.csv", Row: 2, Column: "invoice_date", Value: "31-02-2024", Expected: "a date as DD-MM-YYYY, DD/MM/YYYY, DD-Mon-YYYY or YYYY-MM-DD"},
		{File: "p.csv", Row: 3, Column: "supplier_gstin", Value: "27AAPFU0939F1ZX", Warning: true},
		{File: "p.csv", Row: 4, Column: "supplier_gstin", Value: "27AAPFU0939F"},
		{File: "p.csv", Row: 4, Column: "taxable_value", Value: "1OO", Expected: "an amount in rupees such as 1,23,456.50 (negative as -500 or (500))"},
		{File: "p.csv", Row: 5, Column: "invoice_number", Expected: "an invoice number"},
		{File: "p.csv", Row: 5, Column: "place_of_supply", Value: "77", Expected: "a state code (27) or name (Maharashtra), or both (27-Maharashtra)"},
		{File: "p.csv", Row: 5, Column: "reverse_charge", Value: "maybe", Expected: "Y or N"},
		{File: "p.csv", Row: 5, Column: "document_type", Value: "refund", Expected: "invoice, credit note, debit note, bill of entry, ISD invoice or ISD credit note"},
		{File: "p.csv", Row: 6, Column: "supplier_gstin", Warning: true},
	}
	if len(errs) != len(want) {
		for _, e := range errs {
			t.Log(e)
		}
		t.Fatalf("errs =\n%v\nwant %d", errs, len(want))
	}
	for i, w := range want {
		g := errs[i]
		if g.File != w.File || g.Row != w.Row || g.Column != w.Column || g.Value != w.Value || g.Warning != w.Warning || (w.Expected != "" && g.Expected != w.Expected) {
			t.Errorf("errs[%d] = %+v, want %+v", i, g, w)
		}
	}
	if s := errs[3].Error(); s != `p.csv, row 4, column "taxable_value": "1OO": an amount in rupees such as 1,23,456.50 (negative as -500 or (500))` {
		t.Errorf("Error() = %s", s)
	}
}

func TestReadRegisterWarningsKeepImport(t *testing.T) {
	csv := canonicalHeader + "27AAPFU0939F1ZX,A,2,01-07-2024,27,N,118,100,0,9,9,0,\n"
	got, errs, err := ReadRegister(strings.NewReader(csv), "p.csv", export.CSV, nil)
	if err != nil || len(got) != 1 || len(errs) != 1 || !errs[0].Warning || !strings.Contains(errs[0].Expected, "check character") {
		t.Errorf("got %+v, errs %+v, err %v", got, errs, err)
	}
}

func TestReadRegisterMissingColumns(t *testing.T) {
	_, errs, err := ReadRegister(strings.NewReader("supplier_gstin,invoice_number\n27AAPFU0939F1ZV,1\n"), "p.csv", export.CSV, nil)
	if err == nil || len(errs) != 2 || errs[0].Column != "Invoice date" || errs[1].Column != "Taxable value" {
		t.Errorf("err = %v, errs = %+v", err, errs)
	}
	_, _, err = ReadRegister(strings.NewReader("a,b\n1,2\n"), "p.csv", export.CSV, nil)
	if err == nil || !strings.Contains(err.Error(), "no header row with a supplier GSTIN") {
		t.Errorf("err = %v", err)
	}
}

func TestReadRegisterLimits(t *testing.T) {
	oldB, oldR := maxBytes, maxRows
	defer func() { maxBytes, maxRows = oldB, oldR }()
	maxBytes, maxRows = 400, 2
	row := "27AAPFU0939F1ZV,A,1,01-07-2024,27,N,118,100,0,9,9,0,\n"
	_, _, err := ReadRegister(strings.NewReader(canonicalHeader+strings.Repeat(row, 3)), "big.csv", export.CSV, nil)
	if err == nil || !strings.Contains(err.Error(), "big.csv has 3 rows; at most 2") {
		t.Errorf("rows: err = %v", err)
	}
	_, _, err = ReadRegister(strings.NewReader(canonicalHeader+strings.Repeat(row, 6)), "big.csv", export.CSV, nil)
	if err == nil || !strings.Contains(err.Error(), "big.csv is larger than 400 bytes") {
		t.Errorf("bytes: err = %v", err)
	}
	_, _, err = ReadRegister(strings.NewReader("x"), "old.xls", "", nil)
	if err == nil || !strings.Contains(err.Error(), "save it as .xlsx or CSV") {
		t.Errorf("xls: err = %v", err)
	}
	_, _, err = ReadRegister(strings.NewReader("not a zip"), "bad.xlsx", "", nil)
	if err == nil || !strings.Contains(err.Error(), "could not be read as an Excel workbook") {
		t.Errorf("bad xlsx: err = %v", err)
	}
}

func TestReadRegisterXLSX(t *testing.T) {
	f := excelize.NewFile()
	f.SetSheetName("Sheet1", "Notes")
	f.SetCellValue("Notes", "A1", "nothing here")
	f.NewSheet("B2B")
	rows := [][]any{
		{"GSTIN of supplier", "Invoice number", "Invoice Date", "Invoice Value (₹)", "Place of supply", "Supply Attract Reverse Charge", "Taxable Value (₹)", "Integrated Tax (₹)", "Central Tax (₹)", "State/UT tax (₹)", "Cess (₹)"},
		{"27AAPFU0939F1ZV", "INV-1", 45474, 1180.5, "27-Maharashtra", "N", 1000.5, 0, 90, 90, 0}, // serial date 2024-07-01
		{"27AAPFU0939F1ZV", "INV-2", "02/07/2024", "1,180.00", "27", "Y", 1000, 0, 90, 90, 0},
		{"27AAPFU0939F1ZV", "INV-3", "soon", 1, "27", "N", 1, 0, 0, 0, 0},
	}
	for i, r := range rows {
		cell, _ := excelize.CoordinatesToCellName(1, i+1)
		f.SetSheetRow("B2B", cell, &r)
	}
	datestyle, _ := f.NewStyle(&excelize.Style{NumFmt: 14})
	f.SetCellStyle("B2B", "C2", "C2", datestyle)
	var buf bytes.Buffer
	if _, err := f.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	_, errs, err := ReadRegister(bytes.NewReader(buf.Bytes()), "2a.xlsx", "", nil)
	if err == nil || len(errs) != 1 || errs[0].Sheet != "B2B" || errs[0].Row != 4 || errs[0].Column != "Invoice Date" || errs[0].Value != "soon" {
		t.Fatalf("err = %v, errs = %+v", err, errs)
	}
	f.SetCellValue("B2B", "C4", "03-Jul-2024")
	buf.Reset()
	f.WriteTo(&buf)
	got, errs, err := ReadRegister(bytes.NewReader(buf.Bytes()), "2a.xlsx", export.XLSX, nil)
	if err != nil || len(errs) != 0 || len(got) != 3 {
		t.Fatalf("got %+v, errs %+v, err %v", got, errs, err)
	}
	if got[0].Date != "2024-07-01" || got[0].Value != 118050 || got[0].Taxable != 100050 || got[0].RowRef != "2a.xlsx [B2B] row 2" {
		t.Errorf("row 2 = %+v", got[0])
	}
	if got[1].Date != "2024-07-02" || !got[1].ReverseCharge || got[2].Date != "2024-07-03" {
		t.Errorf("rows 3-4 = %+v", got[1:])
	}
}

func TestRegisterHeaders(t *testing.T) {
	h, m, err := RegisterHeaders(strings.NewReader("Title\nGSTIN/UIN,Supplier Invoice No.,Foo\n"), "x.csv", "")
	if err != nil || !reflect.DeepEqual(h, []string{"GSTIN/UIN", "Supplier Invoice No.", "Foo"}) || m[FieldInvoiceNumber] != "Supplier Invoice No." {
		t.Errorf("headers %v, mapping %v, err %v", h, m, err)
	}
}

func TestParseDate(t *testing.T) {
	tests := []struct{ in, want string }{
		{"05-07-2024", "2024-07-05"}, {"05/07/2024", "2024-07-05"}, {"05.07.2024", "2024-07-05"}, {"2024-07-05", "2024-07-05"},
		{"05-Jul-2024", "2024-07-05"}, {"5-jul-24", "2024-07-05"}, {"05 JUL 2024", "2024-07-05"}, {"5-7-2024", "2024-07-05"},
		{"1-Apr-24", "2024-04-01"}, {"29-02-2024", "2024-02-29"}, {"05-July-2024", "2024-07-05"},
		{"31-02-2024", ""}, {"2024-13-01", ""}, {"07/05", ""}, {"01-01-1890", ""}, {"tomorrow", ""}, {"", ""},
	}
	for _, tt := range tests {
		got, err := ParseDate(tt.in)
		if (tt.want == "") != (err != nil) || got != tt.want {
			t.Errorf("ParseDate(%q) = %q, %v, want %q", tt.in, got, err, tt.want)
		}
	}
	if got, err := parseSerialDate("45474", false); err != nil || got != "2024-07-01" {
		t.Errorf("parseSerialDate = %q, %v", got, err)
	}
	if _, err := parseSerialDate("12", false); err == nil {
		t.Errorf("parseSerialDate(12) accepted")
	}
}

func TestParsePlaceOfSupply(t *testing.T) {
	tests := []struct{ in, want string }{
		{"27", "27"}, {"7", "07"}, {"27-Maharashtra", "27"}, {"27 - Maharashtra", "27"}, {"maharashtra", "27"}, {"Tamil Nadu", "33"},
		{"96", "96"}, {"Orissa", "21"}, {"27-Gujarat", ""}, {"77", ""}, {"Atlantis", ""}, {"", ""},
	}
	for _, tt := range tests {
		got, ok := ParsePlaceOfSupply(tt.in)
		if got != tt.want || ok != (tt.want != "") {
			t.Errorf("ParsePlaceOfSupply(%q) = %q, %v, want %q", tt.in, got, ok, tt.want)
		}
	}
}

// FuzzReadRegisterCSV feeds arbitrary bytes to the CSV reader: it must never panic, must either
// fail with a typed error and no invoices or return invoices with sane fields.
func FuzzReadRegisterCSV(f *testing.F) {
	f.Add([]byte(canonicalHeader + "27AAPFU0939F1ZV,A,1,01-07-2024,27,N,118,100,0,9,9,0,\n"))
	f.Add([]byte("Title\nGSTIN/UIN,Supplier Invoice No.,Date,Taxable Value\n27AAPFU0939F1ZV,\"x\"\"y\",1-Apr-24,(5)\n"))
	f.Add([]byte("\ufeffsupplier_gstin;invoice_number;invoice_date;taxable_value\n;;;\n"))
	f.Add([]byte("\"unterminated\n"))
	f.Add([]byte("supplier_gstin,invoice_number,invoice_date,taxable_value,igst,payment_date\n27AAPFU0939F1ZV,1,01-07-2024,100,18,31/13/2024\n27AAPFU0939F1ZV,2,01-07-2024,100,18,2024-12-28\n"))
	f.Add([]byte("Supplier GSTIN,Invoice No,Invoice Date,BOE No.,BOE Date,Port Code,Taxable Value,IGST,Cess,Document Type\n,,,2345678,05-07-2024,INNSA1,1000,180,0,\n27AAPFU0939F1ZV,,,3,06-07-2024,,1,1,1,Bill of Entry\n,X,07-07-2024,,,,1,1,1,Import\n,,,,,,5,5,5,\n"))
	f.Add([]byte("ISD GSTIN,Document No,Document Date,IGST,ITC Eligible,Document Type\n24ABCCR0123M1ZM,ISD/1,01-07-2024,180,Y,ISD Invoice\n24ABCCR0123M1ZM,ISD/2,01-07-2024,-5,maybe,\n,ISD/3,01-07-2024,5,N,ISD Credit Note\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		got, errs, err := ReadRegister(bytes.NewReader(data), "fuzz.csv", export.CSV, nil)
		if err != nil {
			var ae *apperr.Error
			if !errors.As(err, &ae) || got != nil {
				t.Fatalf("err = %v (%T), invoices %d", err, err, len(got))
			}
			return
		}
		for _, e := range errs {
			if !e.Warning {
				t.Fatalf("success with an error: %v", e)
			}
		}
		for _, in := range got {
			if (in.SupplierGSTIN == "" && in.DocType != DocBillOfEntry) || in.Number == "" || len(in.Date) != 10 || in.Period != in.Date[:7] || (in.PaymentDate != "" && len(in.PaymentDate) != 10) {
				t.Fatalf("bad invoice %+v", in)
			}
		}
	})
}

// TestReadRegisterPaymentDate: the optional payment date column (Rule 37) is read in any date form
// the invoice date takes, empty is unpaid, a bad date is an error naming row and column, and the
// lines of one invoice take the latest date written on any of them.
func TestReadRegisterPaymentDate(t *testing.T) {
	head := "GSTIN,Invoice No,Invoice Date,Taxable Value,IGST,Date of Payment\n"
	for _, tc := range []struct {
		name, rows string
		want       []string // payment date of each invoice
		err        string
	}{
		{"forms", "27AAPFU0939F1ZV,1,01-07-2024,100,18,05/08/2024\n27AAPFU0939F1ZV,2,01-07-2024,100,18,2024-08-06\n27AAPFU0939F1ZV,3,01-07-2024,100,18,7-Aug-2024\n", []string{"2024-08-05", "2024-08-06", "2024-08-07"}, ""},
		{"unpaid", "27AAPFU0939F1ZV,1,01-07-2024,100,18,\n", []string{""}, ""},
		{"lines: the latest date", "27AAPFU0939F1ZV,1,01-07-2024,100,18,\n27AAPFU0939F1ZV,1,01-07-2024,200,36,09-09-2024\n27AAPFU0939F1ZV,1,01-07-2024,300,54,01-09-2024\n", []string{"2024-09-09"}, ""},
		{"bad", "27AAPFU0939F1ZV,1,01-07-2024,100,18,31/13/2024\n", nil, `row 2, column "Date of Payment": "31/13/2024": a payment date`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, errs, err := ReadRegister(strings.NewReader(head+tc.rows), "p.csv", export.CSV, nil)
			if tc.err != "" {
				if err == nil || len(errs) == 0 || !strings.Contains(errs[0].Error(), tc.err) {
					t.Fatalf("err = %v, errs = %v, want %q", err, errs, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var dates []string
			for _, in := range got {
				dates = append(dates, in.PaymentDate)
			}
			if !reflect.DeepEqual(dates, tc.want) {
				t.Errorf("payment dates %q, want %q", dates, tc.want)
			}
		})
	}
}

// TestReadRegisterFiles: an *os.File is read in place, a file over the size limit refused from its
// size (the test file is sparse), and a CSV in another encoding refused naming row and column.
func TestReadRegisterFiles(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "p.csv")
	os.WriteFile(good, []byte(canonicalHeader+"27AAPFU0939F1ZV,A,1,01-07-2024,27,N,118,100,0,9,9,0,\n"), 0o644)
	big := filepath.Join(dir, "big.csv")
	os.WriteFile(big, nil, 0o644)
	os.Truncate(big, MaxRegisterBytes+1)
	latin := filepath.Join(dir, "latin.csv")
	os.WriteFile(latin, []byte(canonicalHeader+"27AAPFU0939F1ZV,Caf\xe9,1,01-07-2024,27,N,118,100,0,9,9,0,\n"), 0o644)
	tests := []struct {
		path, want string
		n          int
	}{
		{good, "", 1},
		{big, "big.csv is larger than 50 MB", 0},
		{latin, "latin.csv, row 2, column B: the text is not UTF-8", 0},
	}
	for _, tt := range tests {
		t.Run(filepath.Base(tt.path), func(t *testing.T) {
			f, err := os.Open(tt.path)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			got, _, err := ReadRegister(f, filepath.Base(tt.path), "", nil)
			if tt.want == "" {
				if err != nil || len(got) != tt.n {
					t.Errorf("got %d invoices, err %v", len(got), err)
				}
				return
			}
			if apperr.KindOf(err) != apperr.Invalid || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("err = %v, want %q", err, tt.want)
			}
		})
	}
}

// TestRegisterDateSystems: a date in an XLSX register is read in the workbook's own date system.
// Excel for Mac's old workbooks count days from 1904, so their serial for 1 April 2024 is 1,462
// less than a Windows workbook's; read from 1900 it was 31 March 2020, silently.
func TestRegisterDateSystems(t *testing.T) {
	day := time.Date(2024, 4, 1, 0, 0, 0, 0, time.UTC)
	tests := []struct {
		name     string
		date1904 bool
		cell     any    // what the date column holds
		serial   string // the number the workbook keeps for it
	}{
		{"1900, a date cell", false, day, "45383"},
		{"1904, a date cell", true, day, "43921"},
		{"1904, a plain number", true, 43921, "43921"},
		{"1904, a date and time", true, day.Add(15 * time.Hour), "43921.625"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			x := excelize.NewFile()
			if err := x.SetWorkbookProps(&excelize.WorkbookPropsOptions{Date1904: &tt.date1904}); err != nil {
				t.Fatal(err)
			}
			x.SetSheetRow("Sheet1", "A1", &[]any{"supplier_gstin", "invoice_number", "invoice_date", "taxable_value", "igst"})
			x.SetSheetRow("Sheet1", "A2", &[]any{"27AAPFU0939F1ZV", "A-1", tt.cell, 1000, 180})
			var buf bytes.Buffer
			if _, err := x.WriteTo(&buf); err != nil {
				t.Fatal(err)
			}
			if raw, _ := x.GetCellValue("Sheet1", "C2", excelize.Options{RawCellValue: true}); raw != tt.serial {
				t.Fatalf("the workbook keeps %q, want %q", raw, tt.serial)
			}
			got, _, err := ReadRegister(bytes.NewReader(buf.Bytes()), "mac.xlsx", export.XLSX, nil)
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != 1 || got[0].Date != "2024-04-01" || got[0].Period != "2024-04" {
				t.Errorf("read %+v, want one invoice of 2024-04-01", got)
			}
		})
	}
}

// TestRegisterRefusesNegativeInvoices: a document that adds credit cannot carry an amount below
// zero (it would lower the books' ITC silently); the refusal names file, row and column, and
// nothing is imported. A credit note, and a debit note negative throughout (Tally's purchase
// return), are kept.
func TestRegisterRefusesNegativeInvoices(t *testing.T) {
	tests := []struct {
		name, row string
		column    string // "" when the register is read
	}{
		{"invoice with negative tax", "27AAPFU0939F1ZV,Acme,INV-9,05-07-2024,27,N,1000,1000,0,-90,-90,0,Invoice\n", "cgst"},
		{"invoice negative throughout, typed invoice", "27AAPFU0939F1ZV,Acme,INV-9,05-07-2024,27,N,-1180,-1000,0,-90,-90,0,Invoice\n", "taxable_value"},
		{"untyped row of mixed signs", "27AAPFU0939F1ZV,Acme,INV-9,05-07-2024,27,N,1180,1000,0,90,-90,0,\n", "sgst"},
		{"debit note of mixed signs", "27AAPFU0939F1ZV,Acme,DN-9,05-07-2024,27,N,1180,1000,0,-90,90,0,Debit Note\n", "cgst"},
		{"credit note written negative", "27AAPFU0939F1ZV,Acme,CN-9,05-07-2024,27,N,-1180,-1000,0,-90,-90,0,Credit Note\n", ""},
		{"debit note negative throughout", "27AAPFU0939F1ZV,Acme,DN-9,05-07-2024,27,N,-1180,-1000,0,-90,-90,0,Debit Note\n", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			csv := canonicalHeader + "27AAPFU0939F1ZV,Acme,INV-1,05-07-2024,27,N,1180,1000,0,90,90,0,Invoice\n" + tt.row
			got, errs, err := ReadRegister(strings.NewReader(csv), "purchases.csv", "", nil)
			if tt.column == "" {
				if err != nil || len(got) != 2 {
					t.Fatalf("got %d invoices, err %v, errs %v", len(got), err, errs)
				}
				return
			}
			if err == nil || got != nil {
				t.Fatalf("read %d invoices, want a refusal", len(got))
			}
			if len(errs) != 1 || errs[0].Warning || errs[0].File != "purchases.csv" || errs[0].Row != 3 || errs[0].Column != tt.column ||
				!strings.Contains(errs[0].Expected, "credit note") {
				t.Fatalf("errs = %+v", errs)
			}
		})
	}
}

// TestRegisterRefusesShiftedRows: an amount with a comma written without quotes splits into two
// cells in a CSV and shifts the row; the row is refused, naming file, row and column, never read
// as IGST ₹1 and CGST ₹800.
func TestRegisterRefusesShiftedRows(t *testing.T) {
	csv := canonicalHeader + "27AAPFU0939F1ZV,Acme,INV-1,05-07-2024,27,N,11800,10000,1,800.00,0,0,0,Invoice\n"
	got, errs, err := ReadRegister(strings.NewReader(csv), "purchases.csv", "", nil)
	if err == nil || got != nil || len(errs) != 1 || errs[0].Row != 2 || errs[0].Warning || !strings.Contains(errs[0].Expected, "Quote that cell") {
		t.Fatalf("got %d invoices, err %v, errs %+v", len(got), err, errs)
	}
	// Empty cells beyond the header (a spreadsheet's trailing commas) are not a shift.
	csv = canonicalHeader + "27AAPFU0939F1ZV,Acme,INV-1,05-07-2024,27,N,11800,10000,1800,0,0,0,Invoice,,,\n"
	if got, errs, err := ReadRegister(strings.NewReader(csv), "purchases.csv", "", nil); err != nil || len(got) != 1 || len(errs) != 0 {
		t.Fatalf("trailing empty cells: got %d invoices, err %v, errs %+v", len(got), err, errs)
	}
}

// TestRegisterNamesTaxGSTCannotCharge: tax above 28% of the taxable value (an amount typed in
// paise) is named in a warning with file and row; a note with no taxable value is not checked.
func TestRegisterNamesTaxGSTCannotCharge(t *testing.T) {
	csv := canonicalHeader + "27AAPFU0939F1ZV,Acme,INV-1,05-07-2024,27,N,11800,10000,180000,0,0,0,Invoice\n" +
		"27AAPFU0939F1ZV,Acme,INV-2,05-07-2024,27,N,11800,10000,1800,0,0,0,Invoice\n" +
		"27AAPFU0939F1ZV,Acme,DN-3,05-07-2024,27,N,180,0,180,0,0,0,Debit Note\n"
	got, errs, err := ReadRegister(strings.NewReader(csv), "purchases.csv", "", nil)
	if err != nil || len(got) != 3 {
		t.Fatalf("got %d invoices, err %v", len(got), err)
	}
	if len(errs) != 1 || !errs[0].Warning || errs[0].Row != 2 || !strings.Contains(errs[0].Expected, "1800% of its taxable value") {
		t.Fatalf("errs = %+v", errs)
	}
}
