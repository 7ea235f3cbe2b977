package gstr2a

import (
	"context"
	"database/sql"
	"fmt"
)

// Rule37AInput is what Rule 37A (credit of suppliers who had not filed GSTR-3B) and the suppliers'
// cancellation dates need from the latest pull of each period, read without every document: a
// large year holds lakhs of documents of which a few suppliers' are at stake.
//
// TDS and TCS credits (cash ledger, not ITC) are left out of every field, as the reconciliation
// leaves them out.
type Rule37AInput struct {
	// Documents are the documents of suppliers whose GSTR-3B flag (cfs3b) is not Y, as
	// ReconDocuments gives them and in its order (B2B invoices by period, then the other sections'
	// documents by period in return order).
	Documents []ReconDocument
	// Suppliers lists every supplier GSTIN with a document in the periods (any flag), first seen
	// first.
	Suppliers []string
	// Cancelled maps a supplier GSTIN to the cancellation date (YYYY-MM-DD) its documents carry:
	// the last one in ReconDocuments' order when they differ. A supplier with none is absent.
	Cancelled map[string]string
}

// rule37AKinds leaves out the cash-ledger credits.
const rule37AKinds = `d.kind NOT IN ('` + KindTDS + `', '` + KindTCS + `')`

// Rule37ADocuments reads Rule37AInput of periods (the latest pull of each; periods never pulled
// are skipped). Its Documents are exactly those of ReconDocuments whose CFS3B is not Y (kinds
// other than TDS and TCS), with the same fields.
func Rule37ADocuments(ctx context.Context, sdb *sql.DB, workspaceID string, periods []string) (Rule37AInput, error) {
	out := Rule37AInput{Documents: []ReconDocument{}, Suppliers: []string{}, Cancelled: map[string]string{}}
	sc := Scope{WorkspaceID: workspaceID, Periods: periods}
	db, err := reader(ctx, sdb)
	if err != nil {
		return out, err
	}
	r, err := resolve(ctx, db, sc)
	db.Close()
	if err != nil || len(r.snaps) == 0 {
		return out, err
	}
	seen := map[string]bool{}
	addSupplier := func(g string) {
		if !seen[g] {
			seen[g] = true
			out.Suppliers = append(out.Suppliers, g)
		}
	}

	// B2B: every supplier with an invoice (its flags and cancellation are the supplier's), in
	// the order of their invoices; the invoices of those not flagged Y.
	in, args := r.sids()
	rows, err := sdb.QueryContext(ctx, `SELECT sid, ctin, cancelled_on FROM gstr2a_suppliers
		WHERE sid IN `+in+` AND invoice_count > 0 ORDER BY inv_first`, args...)
	if err != nil {
		return out, fmt.Errorf("gstr2a: rule 37A suppliers: %w", err)
	}
	type sup struct {
		sid             int64
		ctin, cancelled string
	}
	var sups []sup
	for rows.Next() {
		var s sup
		if err := rows.Scan(&s.sid, &s.ctin, &s.cancelled); err != nil {
			rows.Close()
			return out, fmt.Errorf("gstr2a: rule 37A suppliers: %w", err)
		}
		sups = append(sups, s)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return out, fmt.Errorf("gstr2a: rule 37A suppliers: %w", err)
	}
	// Period order (ReconInvoices sorts by period, then id; ids grow within a pull).
	for _, sn := range r.snaps {
		for _, s := range sups {
			if s.sid != sn.sid {
				continue
			}
			addSupplier(s.ctin)
			if s.cancelled != "" {
				out.Cancelled[s.ctin] = s.cancelled
			}
		}
	}
	page, err := Invoices(ctx, sdb, sc, InvoiceQuery{Sort: SortPeriod, Filter: InvoiceFilter{SupplierFiled3B: "N"}}, nil)
	if err != nil {
		return out, err
	}
	for i := range page.Rows {
		out.Documents = append(out.Documents, reconOfInvoice(&page.Rows[i]))
	}

	// The other sections: suppliers and cancellations of every document, then the documents of
	// those not flagged Y (ReconDocuments' order: by period, in return order).
	const order = ` ORDER BY s.period, d.sid, d.seq`
	rows, err = sdb.QueryContext(ctx, `SELECT d.ctin, coalesce(d.dtcancel, '') FROM gstr2a_documents d JOIN gstr2a_snapshots s ON s.sid = d.sid
		WHERE d.sid IN `+in+` AND `+rule37AKinds+order, args...)
	if err != nil {
		return out, fmt.Errorf("gstr2a: rule 37A documents: %w", err)
	}
	for rows.Next() {
		var ctin, dtcancel string
		if err := rows.Scan(&ctin, &dtcancel); err != nil {
			rows.Close()
			return out, fmt.Errorf("gstr2a: rule 37A documents: %w", err)
		}
		addSupplier(ctin)
		if c, ok := parseAnyDate(dtcancel); ok {
			out.Cancelled[ctin] = c
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return out, fmt.Errorf("gstr2a: rule 37A documents: %w", err)
	}
	rows, err = sdb.QueryContext(ctx, documentSelect+` WHERE d.sid IN `+in+` AND `+rule37AKinds+
		` AND coalesce(d.cfs3b, '') <> 'Y'`+order, args...)
	if err != nil {
		return out, fmt.Errorf("gstr2a: rule 37A documents: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		d, err := scanDocument(rows)
		if err != nil {
			return out, fmt.Errorf("gstr2a: rule 37A documents: %w", err)
		}
		out.Documents = append(out.Documents, reconOfDocument(&d))
	}
	if err := rows.Err(); err != nil {
		return out, fmt.Errorf("gstr2a: rule 37A documents: %w", err)
	}
	return out, nil
}
