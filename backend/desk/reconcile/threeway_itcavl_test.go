package reconcile

import (
	"testing"

	"gstdesk/backend/gstr2b"
	"gstdesk/backend/recon"
)

// A 2B document whose credit the 2B marks not available (itcavl N) is matched and shown but never
// counted as claimable: the reconciliation's "ITC claimable" counted it (₹27,454.86 on a demo
// quarter the 2B said was not available).
func TestNotAvailableIsNeverClaimable(t *testing.T) {
	d := gstr2b.MatchDoc{ID: 1, Section: "b2b", Kind: gstr2b.KindInvoice, Supplier: "29AABCS1429B1ZB", Number: "N/1", DateISO: "2025-04-10",
		Value: 118000, Taxable: 100000, IGST: 18000, POS: "27", ReverseCharge: "N", Type: "R", ITCAvailable: "N"}
	tb := twoBInvoice(&d, "2025-04")
	books := tb
	books.Source, books.RowRef, books.ITCEligible = recon.Books, "books.csv row 2", ""
	res := recon.Match([]recon.Invoice{books}, []recon.Invoice{tb}, recon.Options{AmountTolerance: 100, DateWindowDays: 10})
	if len(res.Rows) != 1 || res.Rows[0].Status != recon.Exact {
		t.Fatalf("rows %+v", res.Rows)
	}
	s := recon.Summarise(res)
	var confident, notEligible recon.Paise
	for _, p := range s.Periods {
		confident += p.ITCConfident
		notEligible += p.RiskNotEligible
	}
	if confident != 0 || notEligible != 18000 {
		t.Errorf("confident %v, not eligible %v: the credit the 2B says is not available was counted claimable", confident, notEligible)
	}
}
