package recon

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"time"

	"gstdesk/backend/export"
	"gstdesk/backend/gstin"
)

// SampleRegister writes a CSV purchase register (canonical headers) from 2A invoices with the
// deliberate differences reconcile.Service.SampleRegister describes. The same invoices and day give the same
// file. Payment dates (for Rule 37) are made up against today (YYYY-MM-DD): most invoices paid 30
// days after their date, one in eleven never paid, one in seventeen paid 200 days after (late, so
// its credit is reclaimed on payment); a payment that would fall after today is left unpaid.
func SampleRegister(twoA []Invoice, today string) []byte {
	inv := make([]Invoice, len(twoA))
	copy(inv, twoA)
	norms := map[string]bool{} // GSTIN + normalised number, to keep made-up numbers unique
	pans := map[string][]string{}
	for _, in := range inv {
		norms[in.SupplierGSTIN+"|"+NormaliseInvoiceNumber(in.Number)] = true
		p := PAN(in.SupplierGSTIN)
		if !contains(pans[p], in.SupplierGSTIN) {
			pans[p] = append(pans[p], in.SupplierGSTIN)
		}
	}
	// Only ordinary invoices with tax are altered, spread over the list.
	var pick []int
	for i, in := range inv {
		if in.DocType == DocInvoice && in.Tax() > 0 && len(in.Number) >= 4 && in.Date != "" {
			pick = append(pick, i)
		}
	}
	at := func(k int) int {
		if len(pick) < 8 {
			if k < len(pick) {
				return pick[k]
			}
			return -1
		}
		return pick[(k*len(pick))/8]
	}
	drop := map[int]bool{}
	var extra []Invoice
	// 0: an amount changed (₹1,000 more taxable, its tax at 18%).
	if i := at(0); i >= 0 {
		in := &inv[i]
		in.Taxable += 100000
		if in.IGST > 0 {
			in.IGST += 18000
		} else {
			in.CGST += 9000
			in.SGST += 9000
		}
		in.Value += 118000
	}
	// 1: the number typed with one slip.
	if i := at(1); i >= 0 {
		in := &inv[i]
		if n, ok := slip(in.Number, func(n string) bool { return norms[in.SupplierGSTIN+"|"+n] }); ok {
			in.Number = n
		}
	}
	// 2: left out of the books.
	if i := at(2); i >= 0 {
		drop[i] = true
	}
	// 3: the date booked three days off.
	if i := at(3); i >= 0 {
		if d, err := time.Parse("2006-01-02", inv[i].Date); err == nil {
			if d.Day() > 20 {
				d = d.AddDate(0, 0, -3)
			} else {
				d = d.AddDate(0, 0, 3)
			}
			inv[i].Date = d.Format("2006-01-02")
		}
	}
	// 4: booked under another GSTIN of the same PAN (a real sibling if 2A has one, else a made-up branch).
	if i := at(4); i >= 0 {
		in := &inv[i]
		sib := ""
		for _, g := range pans[PAN(in.SupplierGSTIN)] {
			if g != in.SupplierGSTIN {
				sib = g
				break
			}
		}
		if sib == "" && len(in.SupplierGSTIN) == 15 {
			ent := byte('2')
			if in.SupplierGSTIN[12] == '2' {
				ent = '3'
			}
			sib = gstin.Make(in.SupplierGSTIN[:2], PAN(in.SupplierGSTIN), ent)
		}
		if sib != "" {
			in.SupplierGSTIN = sib
		}
	}
	// 5: forty paise of rounding (still exact).
	if i := at(5); i >= 0 {
		inv[i].Taxable += 40
		inv[i].Value += 40
	}
	// 6: an invoice the supplier has not reported.
	if i := at(6); i >= 0 {
		in := inv[i]
		for k := 9001; k < 9100; k++ {
			n := fmt.Sprintf("%s-X%d", in.Number, k)
			if !norms[in.SupplierGSTIN+"|"+NormaliseInvoiceNumber(n)] {
				in.Number = n
				break
			}
		}
		in.Taxable, in.Value = 50000_00, 59000_00
		in.IGST, in.CGST, in.SGST, in.Cess = 0, 0, 0, 0
		if inv[i].IGST > 0 {
			in.IGST = 9000_00
		} else {
			in.CGST, in.SGST = 4500_00, 4500_00
		}
		extra = append(extra, in)
	}
	// 7: an invoice booked twice (the copy at the end, so it does not follow its first row).
	if i := at(7); i >= 0 {
		extra = append(extra, inv[i])
	}

	var b bytes.Buffer
	w := csv.NewWriter(&b)
	head := make([]string, len(RegisterFields))
	for i, f := range RegisterFields {
		head[i] = f.Key
	}
	w.Write(head)
	yn := func(v bool) string {
		if v {
			return "Y"
		}
		return "N"
	}
	n := 0
	write := func(in *Invoice) {
		n++
		date, paid := in.Date, ""
		if d, err := time.Parse("2006-01-02", in.Date); err == nil {
			date = d.Format("02-01-2006")
			after := 30
			switch {
			case n%11 == 5:
				after = -1
			case n%17 == 8:
				after = 200
			}
			if p := d.AddDate(0, 0, after); after >= 0 && in.DocType != DocCreditNote && p.Format("2006-01-02") <= today {
				paid = p.Format("02-01-2006")
			}
		}
		doc := "Invoice"
		switch in.DocType {
		case DocCreditNote:
			doc = "Credit Note"
		case DocDebitNote:
			doc = "Debit Note"
		case DocBillOfEntry:
			doc = "Bill of Entry"
		case DocISDInvoice:
			doc = "ISD Invoice"
		case DocISDCreditNote:
			doc = "ISD Credit Note"
		}
		// A bill of entry is written in its own columns (the invoice number and date columns
		// are a supplier's invoice's), an ISD document under the ISD's GSTIN.
		gstinCell, number, invDate, boe, boeDate, isd := in.SupplierGSTIN, export.SafeCell(in.Number), date, "", "", ""
		switch in.DocType.family() {
		case 1:
			number, invDate, boe, boeDate = "", "", export.SafeCell(in.Number), date
		case 2:
			gstinCell, isd = "", in.SupplierGSTIN
		}
		w.Write([]string{gstinCell, export.SafeCell(in.SupplierName), number, invDate, in.PlaceOfSupply, yn(in.ReverseCharge),
			in.Value.Decimal(), in.Taxable.Decimal(), in.IGST.Decimal(), in.CGST.Decimal(), in.SGST.Decimal(), in.Cess.Decimal(), doc, paid,
			boe, boeDate, export.SafeCell(in.PortCode), isd, in.ITCEligible})
	}
	for i := range inv {
		if !drop[i] {
			write(&inv[i])
		}
	}
	for i := range extra {
		write(&extra[i])
	}
	w.Flush()
	return b.Bytes()
}

func contains(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}

// slip returns the number with one typing slip (two adjacent digits swapped, or a digit changed)
// whose normalised form is a near miss of the original and not taken.
func slip(number string, taken func(norm string) bool) (string, bool) {
	orig := NormaliseInvoiceNumber(number)
	try := func(n string) bool {
		nn := NormaliseInvoiceNumber(n)
		return NearMiss(orig, nn) && !taken(nn)
	}
	b := []byte(number)
	for i := len(b) - 2; i >= 0; i-- {
		if b[i] != b[i+1] && isDigit(b[i]) && isDigit(b[i+1]) && b[i] != '0' && b[i+1] != '0' {
			c := append([]byte(nil), b...)
			c[i], c[i+1] = c[i+1], c[i]
			if try(string(c)) {
				return string(c), true
			}
		}
	}
	for i := len(b) - 1; i >= 0; i-- {
		if !isDigit(b[i]) {
			continue
		}
		for d := byte('1'); d <= '9'; d++ {
			if d == b[i] {
				continue
			}
			c := append([]byte(nil), b...)
			c[i] = d
			if try(string(c)) {
				return string(c), true
			}
		}
	}
	return number, false
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }
