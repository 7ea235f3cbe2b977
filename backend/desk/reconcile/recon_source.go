package reconcile

import (
	"context"
	"database/sql"
	"strconv"

	"gstdesk/backend/gstr2a"
	"gstdesk/backend/recon"
)

// MatchGSTR2A loads the latest stored GSTR-2A of each period as the reconciliation engine's
// invoices, every section: B2B invoices (keyed as before, so decisions kept on them hold), then
// amendments, credit and debit notes (credit notes negative), ISD documents with their eligibility
// and bills of entry with their port code. TDS/TCS credits are not input tax credit and are left
// out. The one place the two packages meet.
func MatchGSTR2A(ctx context.Context, db *sql.DB, workspaceID string, periods []string) ([]recon.Invoice, error) {
	docs, err := gstr2a.ReconDocuments(ctx, db, workspaceID, periods)
	if err != nil {
		return nil, err
	}
	return reconOf2A(docs), nil
}

// reconOf2A is stored GSTR-2A documents as the matcher reads them (TDS and TCS left out).
func reconOf2A(docs []gstr2a.ReconDocument) []recon.Invoice {
	out := make([]recon.Invoice, 0, len(docs))
	for i := range docs {
		d := &docs[i]
		var t recon.DocType
		switch d.Kind {
		case gstr2a.KindInvoice:
			t = recon.DocInvoice
		case gstr2a.KindCreditNote:
			t = recon.DocCreditNote
		case gstr2a.KindDebitNote:
			t = recon.DocDebitNote
		case gstr2a.KindISDInvoice:
			t = recon.DocISDInvoice
		case gstr2a.KindISDCreditNote:
			t = recon.DocISDCreditNote
		case gstr2a.KindBillOfEntry:
			t = recon.DocBillOfEntry
		default:
			continue // TDS/TCS: credits to the cash ledger, not ITC
		}
		// A B2B invoice keeps its key of before (decisions kept on it hold); another section's
		// document is known by its period, section and place in the pull.
		ref := d.SupplierGSTIN + "|" + d.Number + "|" + d.Type
		if d.Section != "b2b" {
			ref = "2a:" + d.Period + ":" + d.Section + ":" + strconv.FormatInt(d.Seq, 10)
		}
		sign := recon.Paise(d.Sign)
		out = append(out, recon.Invoice{
			Source: recon.GSTR2A, RowRef: ref, SupplierGSTIN: d.SupplierGSTIN, SupplierName: d.TradeName,
			Number: d.Number, Date: d.Date, PlaceOfSupply: d.POS, ReverseCharge: d.ReverseCharge == "Y", DocType: t, InvType: d.Type,
			Value: sign * recon.Paise(d.Amounts.Value), Taxable: sign * recon.Paise(d.Amounts.Taxable),
			IGST: sign * recon.Paise(d.Amounts.IGST), CGST: sign * recon.Paise(d.Amounts.CGST),
			SGST: sign * recon.Paise(d.Amounts.SGST), Cess: sign * recon.Paise(d.Amounts.Cess),
			Period: d.Period, FiledGSTR1: d.CFS, FiledGSTR3B: d.CFS3B, CancelledOn: d.CancelledOn,
			PortCode: d.PortCode, ITCEligible: d.ITCEligible,
		})
	}
	return out
}
