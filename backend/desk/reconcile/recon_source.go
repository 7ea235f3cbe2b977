package reconcile

import (
	"context"
	"database/sql"

	"gstdesk/backend/gstr2a"
	"gstdesk/backend/recon"
)

// ReconGSTR2A loads the latest stored GSTR-2A of each period as the reconciliation engine's
// invoices: the one place the two packages meet.
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
	return out, nil
}
