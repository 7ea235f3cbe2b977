package reconcile

import (
	"context"
	"database/sql"
	"strconv"

	"gstdesk/backend/gstr2a"
	"gstdesk/backend/recon"
)

// ReconGSTR2A loads the latest stored GSTR-2A of each period as the reconciliation engine's
// invoices, every section: B2B invoices (keyed as before, so decisions kept on them hold), then
// amendments, credit and debit notes (credit notes negative), ISD documents with their eligibility
// and bills of entry with their port code. TDS/TCS credits are not input tax credit and are left
// out. The one place the two packages meet.
func ReconGSTR2A(ctx context.Context, db *sql.DB, workspaceID string, periods []string) ([]recon.Invoice, error) {
	rows, err := gstr2a.ReconInvoices(ctx, db, workspaceID, periods)
	if err != nil {
		return nil, err
	}
	out := make([]recon.Invoice, len(rows))
	for i := range rows {
		r := &rows[i]
		out[i] = recon.Invoice{
			Source:        recon.GSTR2A,
			RowRef:        r.Key(),
			SupplierGSTIN: r.SupplierGSTIN,
			SupplierName:  r.SupplierName,
			Number:        r.Number,
			Date:          r.Date,
			PlaceOfSupply: r.POS,
			ReverseCharge: r.ReverseCharge == "Y",
			DocType:       recon.DocInvoice,
			InvType:       r.Type,
			Value:         recon.Paise(r.Amounts.Value),
			Taxable:       recon.Paise(r.Amounts.Taxable),
			IGST:          recon.Paise(r.Amounts.IGST),
			CGST:          recon.Paise(r.Amounts.CGST),
			SGST:          recon.Paise(r.Amounts.SGST),
			Cess:          recon.Paise(r.Amounts.Cess),
			Period:        r.Period,
			FiledGSTR1:    r.CFS,
			FiledGSTR3B:   r.CFS3B,
			CancelledOn:   r.CancelledOn,
		}
	}
	docs, err := gstr2a.Documents(ctx, db, gstr2a.Scope{WorkspaceID: workspaceID, Periods: periods}, gstr2a.DocumentQuery{})
	if err != nil {
		return nil, err
	}
	for i := range docs.Rows {
		d := &docs.Rows[i]
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
		sign := recon.Paise(1)
		if t.Reduces() {
			sign = -1
		}
		in := recon.Invoice{
			Source: recon.GSTR2A, RowRef: "2a:" + d.Period + ":" + d.Section + ":" + strconv.FormatInt(d.Seq, 10),
			SupplierGSTIN: d.SupplierGSTIN, SupplierName: d.TradeName, Number: d.Number, Date: d.DateISO,
			PlaceOfSupply: d.POS, ReverseCharge: d.ReverseCharge == "Y", DocType: t, InvType: d.Type,
			Value: sign * recon.Paise(d.Amounts.Value), Taxable: sign * recon.Paise(d.Amounts.Taxable),
			IGST: sign * recon.Paise(d.Amounts.IGST), CGST: sign * recon.Paise(d.Amounts.CGST),
			SGST: sign * recon.Paise(d.Amounts.SGST), Cess: sign * recon.Paise(d.Amounts.Cess),
			Period: d.Period, FiledGSTR1: d.CFS, FiledGSTR3B: d.CFS3B, PortCode: d.PortCode, ITCEligible: d.ITCEligible,
		}
		out = append(out, in)
	}
	return out, nil
}
