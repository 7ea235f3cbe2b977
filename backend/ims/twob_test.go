package ims

import (
	"testing"

	"gstdesk/backend/gstr2b"
)

func TestIDOf2B(t *testing.T) {
	for _, c := range []struct {
		name string
		doc  gstr2b.MatchDoc
		p    string
		want string // the ID's key, "" when IMS does not hold the kind
	}{
		{"invoice, the supplier's period", gstr2b.MatchDoc{Section: "b2b", Kind: gstr2b.KindInvoice, Supplier: supA, Number: "INV/0042", SupplierPeriod: "042025"}, "2025-05", "b2b|042025|" + supA + "|INV42"},
		{"invoice, no supplier's period: the 2B's", gstr2b.MatchDoc{Section: "b2b", Supplier: supA, Number: "7"}, "2025-05", "b2b|052025|" + supA + "|7"},
		{"credit note", gstr2b.MatchDoc{Section: "cdnr", Kind: gstr2b.KindCreditNote, Supplier: supA, Number: "CN1"}, "2025-05", "b2bcn|052025|" + supA + "|CN1"},
		{"amended debit note", gstr2b.MatchDoc{Section: "cdnra", Kind: gstr2b.KindDebitNote, Supplier: supA, Number: "DN1"}, "2025-05", "b2bdna|052025|" + supA + "|DN1"},
		{"e-commerce amendment", gstr2b.MatchDoc{Section: "ecoma", Supplier: supA, Number: "E1"}, "2025-05", "ecoma|052025|" + supA + "|E1"},
		{"bill of entry: not in IMS", gstr2b.MatchDoc{Section: "impg", Kind: gstr2b.KindBillOfEntry, Number: "1"}, "2025-05", ""},
		{"ISD: not in IMS", gstr2b.MatchDoc{Section: "isd", Kind: gstr2b.KindISDInvoice, Number: "1"}, "2025-05", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			id, ok := IDOf2B(&c.doc, c.p)
			if got := id.Key(); ok != (c.want != "") || (ok && got != c.want) {
				t.Errorf("= %q, %v; want %q", got, ok, c.want)
			}
		})
	}
}
