package recon

import (
	"bytes"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"gstdesk/backend/apperr"
	"gstdesk/backend/export"
)

// twoIdentical is a register with one invoice written twice, word for word.
const twoIdentical = canonicalHeader +
	"24ABCCR0123M1ZM,Ravi,RS/101,01-07-2024,24,N,1180,1000,180,0,0,0,Invoice\n" +
	"24ABCCR0123M1ZM,Ravi,RS/101,01-07-2024,24,N,1180,1000,180,0,0,0,Invoice\n"

// TestDuplicateRows: issue 13 item 11. Two identical rows are not added up (which doubled the
// taxable value and IGST but not the invoice value, and showed an ordinary Mismatch); the second
// is listed as a duplicate with both rows, and the first matches its 2A invoice. Combining is the
// user's explicit choice, and then every amount is added.
func TestDuplicateRows(t *testing.T) {
	books, errs, err := ReadRegister(strings.NewReader(twoIdentical), "p.csv", export.CSV, nil)
	if err != nil || len(books) != 2 {
		t.Fatalf("err %v, %d invoices: %+v", err, len(books), books)
	}
	if books[0].Taxable != 100000 || books[0].IGST != 18000 || books[1].DuplicateOf != "p.csv row 2" || books[1].RowRef != "p.csv row 3" {
		t.Errorf("books = %+v", books)
	}
	if len(errs) != 1 || !errs[0].Warning || errs[0].Row != 3 || !strings.Contains(errs[0].Error(), "p.csv, row 3") || !strings.Contains(errs[0].Expected, "as p.csv row 2") {
		t.Errorf("errs = %+v, want one warning naming rows 3 and 2", errs)
	}
	twoA := []Invoice{{SupplierGSTIN: "24ABCCR0123M1ZM", Number: "RS/101", Date: "2024-07-01", PlaceOfSupply: "24", Value: 118000, Taxable: 100000, IGST: 18000, Period: "2024-07"}}
	res := Match(books, twoA, DefaultOptions())
	got := map[Status]int{}
	for _, r := range res.Rows {
		got[r.Status]++
		if r.Status == DuplicateInBooks && (r.GSTR2A != nil || !strings.Contains(r.Rule, "p.csv row 2") || !strings.Contains(r.Rule, "p.csv row 3") || r.RuleID != RuleDuplicate) {
			t.Errorf("duplicate row = %+v", r)
		}
	}
	if got[Exact] != 1 || got[DuplicateInBooks] != 1 || len(res.Rows) != 2 {
		t.Errorf("statuses %v, want one exact and one duplicate", got)
	}
	s := Summarise(res)
	if s.Total.ITCConfident != 18000 || s.Total.ITCReview != 0 || s.Total.ITCAtRisk != 0 {
		t.Errorf("ITC confident %v, review %v, at risk %v: the duplicate must claim nothing", s.Total.ITCConfident, s.Total.ITCReview, s.Total.ITCAtRisk)
	}

	combined, errs, err := ReadRegisterWith(strings.NewReader(twoIdentical), "p.csv", export.CSV, nil, ImportOptions{CombineDuplicates: true})
	if err != nil || len(errs) != 0 || len(combined) != 1 {
		t.Fatalf("combined: err %v, errs %v, %+v", err, errs, combined)
	}
	if c := combined[0]; c.Taxable != 200000 || c.IGST != 36000 || c.Value != 236000 || c.RowRef != "p.csv rows 2, 3" || c.DuplicateOf != "" {
		t.Errorf("combined = %+v, want every amount doubled", c)
	}
}

// TestDuplicateKinds: a row of an invoice read further up is a duplicate even when rows lie
// between and the number is written another way; consecutive rows that differ are still the tax
// lines of one invoice; another date or supplier is another invoice.
func TestDuplicateKinds(t *testing.T) {
	csv := canonicalHeader +
		"24ABCCR0123M1ZM,Ravi,RS/101,01-07-2024,24,N,1298,1000,180,0,0,0,\n" +
		"24ABCCR0123M1ZM,Ravi,RS/101,01-07-2024,24,N,1298,100,18,0,0,0,\n" + // a second tax line
		"27AAPFU0939F1ZV,Acme,A-1,02-07-2024,27,N,118,100,0,9,9,0,\n" +
		"24ABCCR0123M1ZM,Ravi,rs-0101,01/07/2024,24,N,1298,1000,180,0,0,0,\n" + // the invoice again
		"24ABCCR0123M1ZM,Ravi,RS/101,03-07-2024,24,N,1180,1000,180,0,0,0,\n" + // another date
		"29AAPFU0939F1ZR,Acme,A-1,02-07-2024,29,N,118,100,18,0,0,0,\n" // another supplier
	books, errs, err := ReadRegister(strings.NewReader(csv), "p.csv", export.CSV, nil)
	if err != nil {
		t.Fatal(err)
	}
	var dups []string
	for _, b := range books {
		if b.DuplicateOf != "" {
			dups = append(dups, b.RowRef+" of "+b.DuplicateOf)
		}
	}
	if len(books) != 5 || len(dups) != 1 || dups[0] != "p.csv row 5 of p.csv rows 2-3" || books[0].Taxable != 110000 {
		t.Errorf("%d invoices, duplicates %v, first %+v; errs %v", len(books), dups, books[0], errs)
	}
}

// TestRegisterColumnProblems: a mapped header written twice and a register without its tax
// columns are reported before any row is read; a register with no IGST column only warns.
func TestRegisterColumnProblems(t *testing.T) {
	tests := []struct {
		name, header string
		fail         bool
		want         string
	}{
		{"header twice", "supplier_gstin,invoice_number,invoice_date,taxable_value,igst,cgst,sgst,igst\n", true, `the header "igst" is written twice (columns E and H)`},
		{"no tax column", "supplier_gstin,invoice_number,invoice_date,taxable_value\n", true, "no tax column"},
		{"cgst without sgst", "supplier_gstin,invoice_number,invoice_date,taxable_value,igst,cgst\n", true, "no column for SGST/UTGST"},
		{"no igst", "supplier_gstin,invoice_number,invoice_date,taxable_value,cgst,sgst\n", false, "no IGST column"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			n := strings.Count(tt.header, ",") + 1
			row := "27AAPFU0939F1ZV,A-1,02-07-2024" + strings.Repeat(",100", n-3) + "\n"
			_, errs, err := ReadRegister(strings.NewReader(tt.header+row), "p.csv", export.CSV, nil)
			if (err != nil) != tt.fail || len(errs) == 0 || !strings.Contains(errs[0].Expected, tt.want) || errs[0].Row != 1 || errs[0].Warning == tt.fail {
				t.Errorf("err %v, errs %+v; want fail %v with %q", err, errs, tt.fail, tt.want)
			}
		})
	}
}

// FuzzReadRegisterXLSX: any bytes as an XLSX register either fail with an Invalid error or give
// invoices that are whole and a duplicate only of an invoice read before it.
func FuzzReadRegisterXLSX(f *testing.F) {
	x := excelize.NewFile()
	for i, row := range strings.Split(strings.TrimSpace(twoIdentical), "\n") {
		cells := strings.Split(row, ",")
		vals := make([]any, len(cells))
		for j, c := range cells {
			vals[j] = c
		}
		x.SetSheetRow("Sheet1", "A"+strconv.Itoa(i+1), &vals)
	}
	var b bytes.Buffer
	x.WriteTo(&b)
	f.Add(b.Bytes())
	f.Add(b.Bytes()[:b.Len()-40])
	f.Add([]byte("PK\x03\x04"))
	f.Fuzz(func(t *testing.T, data []byte) {
		got, errs, err := ReadRegister(bytes.NewReader(data), "f.xlsx", export.XLSX, nil)
		if err != nil {
			if apperr.KindOf(err) != apperr.Invalid {
				t.Fatalf("error of kind %s: %v", apperr.KindOf(err), err)
			}
			return
		}
		for _, e := range errs {
			if !e.Warning {
				t.Fatalf("success with an error: %v", e)
			}
		}
		refs := map[string]bool{}
		for _, in := range got {
			if in.SupplierGSTIN == "" || in.Number == "" || len(in.Date) != 10 {
				t.Fatalf("bad invoice %+v", in)
			}
			if in.DuplicateOf != "" && !refs[in.DuplicateOf] {
				t.Fatalf("%s is a duplicate of %q, not read before it", in.RowRef, in.DuplicateOf)
			}
			refs[in.RowRef] = true
		}
	})
}

// FuzzReadRegisterDuplicates: CSV registers around the duplicate rules.
func FuzzReadRegisterDuplicates(f *testing.F) {
	f.Add([]byte(twoIdentical), false)
	f.Add([]byte(twoIdentical), true)
	f.Add([]byte("supplier_gstin,invoice_number,invoice_date,taxable_value,igst,igst\n27AAPFU0939F1ZV,1,01-07-2024,1,1,1\n"), false)
	f.Fuzz(func(t *testing.T, data []byte, combine bool) {
		got, _, err := ReadRegisterWith(bytes.NewReader(data), "f.csv", export.CSV, nil, ImportOptions{CombineDuplicates: combine})
		if err != nil {
			if apperr.KindOf(err) != apperr.Invalid {
				t.Fatalf("error of kind %s: %v", apperr.KindOf(err), err)
			}
			return
		}
		for _, in := range got {
			if combine && in.DuplicateOf != "" {
				t.Fatalf("duplicate kept apart though combined: %+v", in)
			}
		}
	})
}

// placedOnce fails unless every invoice given to Match sits in exactly one row of res (a books
// invoice in two rows has its tax counted twice).
func placedOnce(t *testing.T, res Result, books, twoA []Invoice) {
	t.Helper()
	seen := map[string]int{}
	for _, r := range res.Rows {
		if r.Books != nil {
			seen["B "+r.Books.RowRef]++
		}
		if r.GSTR2A != nil {
			seen["2A "+r.GSTR2A.Number+" "+r.GSTR2A.Date]++
		}
	}
	for _, b := range books {
		if n := seen["B "+b.RowRef]; n != 1 {
			t.Errorf("books %s is in %d rows, want 1", b.RowRef, n)
		}
	}
	for _, a := range twoA {
		if n := seen["2A "+a.Number+" "+a.Date]; n != 1 {
			t.Errorf("2A %s is in %d rows, want 1", a.Number, n)
		}
	}
}

// readBooks reads a canonical CSV register (duplicates kept apart).
func readBooks(t *testing.T, rows string) []Invoice {
	t.Helper()
	books, _, err := ReadRegister(strings.NewReader(canonicalHeader+rows), "p.csv", export.CSV, nil)
	if err != nil {
		t.Fatal(err)
	}
	return books
}

// TestDuplicateNotACandidate: a duplicate register row is never offered as a near invoice for an
// invoice missing in the books (asking why it was not paired read a 2A side it does not have, and
// panicked inside Match), and every invoice still sits in one row.
func TestDuplicateNotACandidate(t *testing.T) {
	const g = "24ABCCR0123M1ZM"
	tests := []struct {
		name  string
		books string
		twoA  []Invoice
	}{
		{"same supplier, another number", "" +
			g + ",Ravi,INV1,01-07-2024,24,N,1180,1000,180,0,0,0,\n" +
			g + ",Ravi,INV2,02-07-2024,24,N,2360,2000,360,0,0,0,\n" +
			g + ",Ravi,INV1,01-07-2024,24,N,1180,1000,180,0,0,0,\n",
			[]Invoice{{SupplierGSTIN: g, Number: "INV9", Date: "2024-07-03", Value: 590000, Taxable: 500000, IGST: 90000}}},
		{"same number, another supplier", "" +
			g + ",Ravi,X-1001,01-07-2024,24,N,1180,1000,180,0,0,0,\n" +
			g + ",Ravi,X-1001,01-07-2024,24,N,1180,1000,180,0,0,0,\n",
			[]Invoice{{SupplierGSTIN: "27AAPFU0939F1ZV", Number: "X-1001", Date: "2024-08-20", Value: 5900, Taxable: 5000, CGST: 450, SGST: 450}}},
		{"near number", "" +
			g + ",Ravi,RS/20001,01-07-2024,24,N,1180,1000,180,0,0,0,\n" +
			g + ",Ravi,RS/20001,01-07-2024,24,N,1180,1000,180,0,0,0,\n",
			[]Invoice{{SupplierGSTIN: g, Number: "RS/20002", Date: "2024-09-30", Value: 11800, Taxable: 10000, IGST: 1800}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			books := readBooks(t, tt.books)
			res := Match(books, tt.twoA, DefaultOptions())
			placedOnce(t, res, books, tt.twoA)
			offered := 0
			for _, r := range res.Rows {
				for _, c := range r.Candidates {
					offered++
					if c.Invoice.DuplicateOf != "" || strings.Contains(c.Reason, "already paired") {
						t.Errorf("row %s offers the duplicate %s (%s)", r.Key, c.Invoice.RowRef, c.Reason)
					}
				}
			}
			if offered == 0 {
				t.Error("no candidates at all: the first of the duplicated invoices should still be offered")
			}
		})
	}
}

// TestLinkToDuplicate: a link saved by hand to a books invoice that is now a duplicate row (its
// identity ends in "#2") does not put that invoice in a second row; the 2A invoice is matched
// by the passes instead. A link to the first row still holds.
func TestLinkToDuplicate(t *testing.T) {
	books := readBooks(t, strings.TrimPrefix(twoIdentical, canonicalHeader))
	twoA := []Invoice{{SupplierGSTIN: "24ABCCR0123M1ZM", Number: "RS/101", Date: "2024-07-01", PlaceOfSupply: "24", Value: 118000, Taxable: 100000, IGST: 18000, Period: "2024-07"}}
	bid := Identity(&Invoice{Source: Books, SupplierGSTIN: "24ABCCR0123M1ZM", Number: "RS/101", Date: "2024-07-01"}, DefaultOptions())
	aid := Identity(&Invoice{Source: GSTR2A, SupplierGSTIN: "24ABCCR0123M1ZM", Number: "RS/101", Date: "2024-07-01"}, DefaultOptions())
	tests := []struct {
		name, linked string
		wantRule     RuleID
	}{
		{"link to the duplicate", bid + "#2", RuleExact},
		{"link to the first row", bid, RuleManualLink},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			opt := DefaultOptions()
			opt.Links = []ManualLink{{Kind: LinkPair, Books: tt.linked, GSTR2A: aid}}
			res := Match(books, twoA, opt)
			placedOnce(t, res, books, twoA)
			got := map[Status]int{}
			for _, r := range res.Rows {
				got[r.Status]++
				if r.GSTR2A != nil && (r.RuleID != tt.wantRule || r.Books.RowRef != "p.csv row 2") {
					t.Errorf("2A invoice paired with %s by %s, want p.csv row 2 by %s", r.Books.RowRef, r.RuleID, tt.wantRule)
				}
			}
			if len(res.Rows) != 2 || got[Exact] != 1 || got[DuplicateInBooks] != 1 {
				t.Errorf("statuses %v, want one exact and one duplicate", got)
			}
			if s := Summarise(res); s.Total.ITCConfident != 18000 || s.Total.ITCReview != 0 || s.Total.ITCAtRisk != 0 {
				t.Errorf("ITC confident %v, review %v, at risk %v; want 180.00, 0, 0", s.Total.ITCConfident, s.Total.ITCReview, s.Total.ITCAtRisk)
			}
		})
	}
}

// TestDuplicateClaimsNothingPerSupplier: the supplier view counts a duplicate row's tax in its own
// status only, as the period summary does: not in the books tax, the difference or the ITC at risk.
func TestDuplicateClaimsNothingPerSupplier(t *testing.T) {
	const g = "24ABCCR0123M1ZM"
	row := g + ",Ravi,RS/101,01-07-2024,24,N,1180,1000,180,0,0,0,\n"
	tests := []struct {
		name                           string
		twoA                           []Invoice
		booksTax, diff, atRisk, dupTax Paise
		dups                           int
	}{
		{"duplicate of a matched invoice", []Invoice{{SupplierGSTIN: g, Number: "RS/101", Date: "2024-07-01", PlaceOfSupply: "24", Value: 118000, Taxable: 100000, IGST: 18000}},
			18000, 0, 0, 18000, 1},
		{"duplicate of an invoice missing in 2A", nil, 18000, 18000, 18000, 18000, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := Match(readBooks(t, row+row), tt.twoA, DefaultOptions())
			sups := Suppliers(res)
			if len(sups) != 1 {
				t.Fatalf("%d suppliers", len(sups))
			}
			s := sups[0]
			dup := s.ByStatus[statusOrder(DuplicateInBooks)]
			if s.BooksTax != tt.booksTax || s.Difference != tt.diff || s.AtRisk != tt.atRisk || dup.Count != tt.dups || dup.Tax != tt.dupTax {
				t.Errorf("books tax %v, difference %v, at risk %v, duplicates %d (tax %v); want %v, %v, %v, %d (%v)",
					s.BooksTax, s.Difference, s.AtRisk, dup.Count, dup.Tax, tt.booksTax, tt.diff, tt.atRisk, tt.dups, tt.dupTax)
			}
			p := Summarise(res).Total
			if claimed := p.ITCConfident + p.ITCReview + p.ITCAtRisk; claimed != s.BooksTax {
				t.Errorf("the period summary claims %v, the supplier view %v", claimed, s.BooksTax)
			}
		})
	}
}

// TestRepeatedLines: the lines of one invoice (same supplier, number and date, one row per tax
// rate) are added up only while each differs from every line of the invoice read so far; a line
// equal to any earlier one (A, B, A, B) starts a repeat of the invoice, kept apart as a duplicate
// unless duplicates are combined. Before, each line was compared with the one just before it only,
// and A, B, A, B doubled the taxable value and IGST with no warning.
func TestRepeatedLines(t *testing.T) {
	const pre = "24ABCCR0123M1ZM,Ravi,RS/101,01-07-2024,24,N,1298,"
	a, b, c := pre+"1000,180,0,0,0,\n", pre+"100,18,0,0,0,\n", pre+"50,9,0,0,0,\n"
	tests := []struct {
		name               string
		rows               string
		combine            bool
		taxable, igst      Paise // of the invoices that are not duplicates
		invoices           int   // not duplicates
		dupTaxable         Paise // of the duplicate rows
		warnings           int
		dupOf, firstRowRef string
	}{
		{"two lines", a + b, false, 110000, 19800, 1, 0, 0, "", "p.csv rows 2-3"},
		{"two lines twice", a + b + a + b, false, 110000, 19800, 1, 110000, -1, "p.csv rows 2-3", "p.csv rows 2-3"},
		{"a line again after another", a + b + c + a, false, 115000, 20700, 1, 100000, 1, "p.csv rows 2-4", "p.csv rows 2-4"},
		{"the last line again", a + b + b, false, 110000, 19800, 1, 10000, 1, "p.csv rows 2-3", "p.csv rows 2-3"},
		{"two lines twice, combined", a + b + a + b, true, 220000, 39600, 1, 0, 0, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			books, errs, err := ReadRegisterWith(strings.NewReader(canonicalHeader+tt.rows), "p.csv", export.CSV, nil, ImportOptions{CombineDuplicates: tt.combine})
			if err != nil {
				t.Fatal(err)
			}
			var taxable, igst, dupTaxable Paise
			invoices := 0
			for _, in := range books {
				if in.DuplicateOf != "" {
					dupTaxable += in.Taxable
					if in.DuplicateOf != tt.dupOf {
						t.Errorf("%s is a duplicate of %q, want %q", in.RowRef, in.DuplicateOf, tt.dupOf)
					}
					continue
				}
				invoices++
				taxable += in.Taxable
				igst += in.IGST
			}
			if invoices != tt.invoices || taxable != tt.taxable || igst != tt.igst || dupTaxable != tt.dupTaxable {
				t.Errorf("%d invoices with taxable %v, IGST %v, duplicates' taxable %v; want %d, %v, %v, %v\n%+v",
					invoices, taxable, igst, dupTaxable, tt.invoices, tt.taxable, tt.igst, tt.dupTaxable, books)
			}
			if tt.firstRowRef != "" && books[0].RowRef != tt.firstRowRef {
				t.Errorf("first invoice is %s, want %s", books[0].RowRef, tt.firstRowRef)
			}
			if tt.warnings >= 0 && len(errs) != tt.warnings || tt.warnings < 0 && len(errs) == 0 {
				t.Errorf("warnings %v, want %d", errs, tt.warnings)
			}
		})
	}
}

// TestRepeatedInvoiceOfLines: a repeat of an invoice of several tax-rate lines is read as one
// invoice like the first: kept apart, it is one duplicate row naming all its rows; combined, its
// lines are added up as the first's were (the invoice value repeated on each line counted once
// per copy) and the invoice names every row of both copies, the tax-rate lines included.
func TestRepeatedInvoiceOfLines(t *testing.T) {
	const pre = "24ABCCR0123M1ZM,Ravi,RS/101,01-07-2024,24,N,1298,"
	a, b := pre+"1000,180,0,0,0,\n", pre+"100,18,0,0,0,\n"
	other := "27AAPFU0939F1ZV,Acme,A-1,02-07-2024,27,N,118,100,0,9,9,0,\n"
	type inv struct {
		ref, dupOf     string
		value, taxable Paise
	}
	tests := []struct {
		name    string
		rows    string
		combine bool
		want    []inv
	}{
		{"twice in a row, combined", a + b + a + b, true, []inv{{"p.csv rows 2, 3, 4, 5", "", 259600, 220000}}},
		{"again further down, combined", a + b + other + a + b, true, []inv{{"p.csv rows 2, 3, 5, 6", "", 259600, 220000}, {"p.csv row 4", "", 11800, 10000}}},
		{"again further down", a + b + other + a + b, false, []inv{{"p.csv rows 2-3", "", 129800, 110000}, {"p.csv row 4", "", 11800, 10000}, {"p.csv rows 5-6", "p.csv rows 2-3", 129800, 110000}}},
		{"one row twice, combined", a + a, true, []inv{{"p.csv rows 2, 3", "", 259600, 200000}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			books, _, err := ReadRegisterWith(strings.NewReader(canonicalHeader+tt.rows), "p.csv", export.CSV, nil, ImportOptions{CombineDuplicates: tt.combine})
			if err != nil {
				t.Fatal(err)
			}
			var got []inv
			for _, in := range books {
				got = append(got, inv{in.RowRef, in.DuplicateOf, in.Value, in.Taxable})
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("got  %+v\nwant %+v", got, tt.want)
			}
		})
	}
}
