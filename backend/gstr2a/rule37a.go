package gstr2a

import (
	"context"
	"database/sql"
	"fmt"

	"gstdesk/backend/store"
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
	// Pulls are the snapshot ids read, in period order: the same pulls give the same answer (a
	// pull never changes once saved), so they key what is built from it.
	Pulls []string
}

// rule37AKinds leaves out the cash-ledger credits.
const rule37AKinds = `d.kind NOT IN ('` + KindTDS + `', '` + KindTCS + `')`

// Rule37ADocuments reads Rule37AInput of periods (the latest pull of each; periods never pulled
// are skipped). Its Documents are exactly those of ReconDocuments whose CFS3B is not Y (kinds
// other than TDS and TCS), with the same fields.
//
// A pull never changes once saved, so what is read of each is kept beside the open database
// (store.Attached) and a later call reads only the pulls it has not seen: a write elsewhere (an
// IMS action, a new 2B) does not make the year's 2A be read again.
func Rule37ADocuments(ctx context.Context, sdb *sql.DB, workspaceID string, periods []string) (Rule37AInput, error) {
	return rule37A(ctx, sdb, workspaceID, periods, true)
}

// Rule37ASuppliers is Rule37ADocuments without its Documents (nil): the suppliers, their
// cancellation dates and the pulls, for a caller that needs the documents only when what it keeps
// built from them (by Pulls) is not there.
func Rule37ASuppliers(ctx context.Context, sdb *sql.DB, workspaceID string, periods []string) (Rule37AInput, error) {
	return rule37A(ctx, sdb, workspaceID, periods, false)
}

func rule37A(ctx context.Context, sdb *sql.DB, workspaceID string, periods []string, withDocs bool) (Rule37AInput, error) {
	out := Rule37AInput{Documents: []ReconDocument{}, Suppliers: []string{}, Cancelled: map[string]string{}}
	db, err := reader(ctx, sdb)
	if err != nil {
		return out, err
	}
	r, err := resolve(ctx, db, Scope{WorkspaceID: workspaceID, Periods: periods})
	db.Close()
	if err != nil || len(r.snaps) == 0 {
		return out, err
	}
	parts := make([]*rule37APart, len(r.snaps))
	c, marks := rule37ACacheOf(sdb), rule37AMarksOf(sdb)
	for i := range r.snaps {
		out.Pulls = append(out.Pulls, r.snaps[i].ID)
		sn := &r.snaps[i]
		if !withDocs {
			// The suppliers alone: of a pull whose documents are not kept, only its suppliers
			// are read (a pull's documents are most of the time of a year's first read).
			if parts[i], err = marks.Get(sn.ID, func() (*rule37APart, int, error) {
				if p, ok := c.Peek(sn.ID); ok { // its suppliers only: the documents stay the other's to drop
					m := &rule37APart{b2b: []ReconDocument{}, other: []ReconDocument{}, b2bSuppliers: p.b2bSuppliers, otherSuppliers: p.otherSuppliers}
					return m, len(m.b2bSuppliers) + len(m.otherSuppliers), nil
				}
				p := &rule37APart{b2b: []ReconDocument{}, other: []ReconDocument{}}
				if err := readRule37AMarks(ctx, sdb, sn, p); err != nil {
					return nil, 0, err
				}
				return p, len(p.b2bSuppliers) + len(p.otherSuppliers), nil
			}); err != nil {
				return out, err
			}
			continue
		}
		if parts[i], err = c.Get(sn.ID, func() (*rule37APart, int, error) {
			p, err := readRule37APart(ctx, sdb, sn)
			if err != nil {
				return nil, 0, err
			}
			return p, len(p.b2b) + len(p.other), nil
		}); err != nil {
			return out, err
		}
	}
	// ReconDocuments' order: every pull's B2B invoices by period, then every pull's other documents.
	seen := map[string]bool{}
	add := func(ss []supplierMark) {
		for _, m := range ss {
			if !seen[m.gstin] {
				seen[m.gstin] = true
				out.Suppliers = append(out.Suppliers, m.gstin)
			}
			if m.cancelled != "" {
				out.Cancelled[m.gstin] = m.cancelled
			}
		}
	}
	n := 0
	for _, p := range parts {
		n += len(p.b2b) + len(p.other)
	}
	out.Documents = nil
	if withDocs {
		out.Documents = make([]ReconDocument, 0, n)
	}
	for _, p := range parts {
		add(p.b2bSuppliers)
		if withDocs {
			out.Documents = append(out.Documents, p.b2b...)
		}
	}
	for _, p := range parts {
		add(p.otherSuppliers)
		if withDocs {
			out.Documents = append(out.Documents, p.other...)
		}
	}
	return out, nil
}

// Rule37APulls returns the snapshot ids Rule37ADocuments of periods would read (its Pulls),
// without reading their documents: what a caller keeps built from them is keyed by these.
func Rule37APulls(ctx context.Context, sdb *sql.DB, workspaceID string, periods []string) ([]string, error) {
	db, err := reader(ctx, sdb)
	if err != nil {
		return nil, err
	}
	defer db.Close()
	r, err := resolve(ctx, db, Scope{WorkspaceID: workspaceID, Periods: periods})
	if err != nil {
		return nil, err
	}
	ids := []string{}
	for _, s := range r.snaps {
		ids = append(ids, s.ID)
	}
	return ids, nil
}

// supplierMark is a supplier as its documents name it, in their order, with the cancellation date
// they carry ("" when none).
type supplierMark struct{ gstin, cancelled string }

// rule37APart is what Rule37ADocuments reads of one pull.
type rule37APart struct {
	b2b, other                   []ReconDocument
	b2bSuppliers, otherSuppliers []supplierMark
}

// rule37ACacheOf keeps each pull's part by snapshot id (store.Kept, attached to the database);
// past 10 lakh documents the least recently used are dropped.
func rule37ACacheOf(db *sql.DB) *store.Kept[*rule37APart] {
	return store.Attached(db, "gstr2a.rule37a", func() *store.Kept[*rule37APart] {
		return store.NewKept[*rule37APart](1_000_000)
	})
}

// rule37AMarksOf keeps each pull's suppliers (a part without its documents) by snapshot id, for
// Rule37ASuppliers: a pull of ten thousand suppliers weighs ten thousand.
func rule37AMarksOf(db *sql.DB) *store.Kept[*rule37APart] {
	return store.Attached(db, "gstr2a.rule37aMarks", func() *store.Kept[*rule37APart] {
		return store.NewKept[*rule37APart](1_000_000)
	})
}

// readRule37AMarks reads one pull's suppliers into out (b2bSuppliers, otherSuppliers).
func readRule37AMarks(ctx context.Context, sdb *sql.DB, sn *Snapshot, out *rule37APart) error {
	// B2B: every supplier with an invoice (its flags and cancellation are the supplier's), in
	// the order of their invoices.
	rows, err := sdb.QueryContext(ctx, `SELECT ctin, cancelled_on FROM gstr2a_suppliers
		WHERE sid = ? AND invoice_count > 0 ORDER BY inv_first`, sn.sid)
	if err != nil {
		return fmt.Errorf("gstr2a: rule 37A suppliers: %w", err)
	}
	for rows.Next() {
		var m supplierMark
		if err := rows.Scan(&m.gstin, &m.cancelled); err != nil {
			rows.Close()
			return fmt.Errorf("gstr2a: rule 37A suppliers: %w", err)
		}
		out.b2bSuppliers = append(out.b2bSuppliers, m)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return fmt.Errorf("gstr2a: rule 37A suppliers: %w", err)
	}
	// The other sections: suppliers and cancellations of every document, in return order.
	rows, err = sdb.QueryContext(ctx, `SELECT d.ctin, coalesce(d.dtcancel, '') FROM gstr2a_documents d
		WHERE d.sid = ? AND `+rule37AKinds+` ORDER BY d.seq`, sn.sid)
	if err != nil {
		return fmt.Errorf("gstr2a: rule 37A documents: %w", err)
	}
	for rows.Next() {
		var m supplierMark
		var dtcancel string
		if err := rows.Scan(&m.gstin, &dtcancel); err != nil {
			rows.Close()
			return fmt.Errorf("gstr2a: rule 37A documents: %w", err)
		}
		m.cancelled, _ = parseAnyDate(dtcancel)
		out.otherSuppliers = append(out.otherSuppliers, m)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return fmt.Errorf("gstr2a: rule 37A documents: %w", err)
	}
	return nil
}

// readRule37APart reads one pull's part from the database.
func readRule37APart(ctx context.Context, sdb *sql.DB, sn *Snapshot) (*rule37APart, error) {
	out := &rule37APart{b2b: []ReconDocument{}, other: []ReconDocument{}}
	if err := readRule37AMarks(ctx, sdb, sn, out); err != nil {
		return nil, err
	}
	// B2B: the invoices of suppliers not flagged Y.
	if sn.Invoices > 0 {
		page, err := Invoices(ctx, sdb, Scope{WorkspaceID: sn.WorkspaceID, SnapshotIDs: []string{sn.ID}},
			InvoiceQuery{Sort: SortPeriod, Filter: InvoiceFilter{SupplierFiled3B: "N"}}, nil)
		if err != nil {
			return nil, err
		}
		for i := range page.Rows {
			out.b2b = append(out.b2b, reconOfInvoice(&page.Rows[i]))
		}
	}

	// The other sections: the documents of suppliers not flagged Y, in return order.
	rows, err := sdb.QueryContext(ctx, documentSelect+` WHERE d.sid = ? AND `+rule37AKinds+
		` AND coalesce(d.cfs3b, '') <> 'Y' ORDER BY d.seq`, sn.sid)
	if err != nil {
		return nil, fmt.Errorf("gstr2a: rule 37A documents: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		d, err := scanDocument(rows)
		if err != nil {
			return nil, fmt.Errorf("gstr2a: rule 37A documents: %w", err)
		}
		out.other = append(out.other, reconOfDocument(&d))
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("gstr2a: rule 37A documents: %w", err)
	}
	return out, nil
}
