package gstr2b

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"fmt"
	"io"

	"gstdesk/backend/money"
)

// MatchDoc is a stored document as a reconciliation reads it: what is compared, recommended on
// and shown per supplier, without the items, IRN, original-document and bill-of-entry fields.
type MatchDoc struct {
	ID       int64
	Rejected bool
	Section  string
	Kind     string
	// Supplier is the supplier's GSTIN (ctin); TradeName, SupplierFiled (supfildt, DD-MM-YYYY)
	// and SupplierPeriod (supprd, MMYYYY) as given.
	Supplier, TradeName, SupplierFiled, SupplierPeriod string
	Number                                             string
	// DateISO is the document date as YYYY-MM-DD.
	DateISO                                string
	Value, Taxable, IGST, CGST, SGST, Cess money.Paise
	POS, ReverseCharge, Type               string
	ITCAvailable, Reason, IMSStatus        string
}

const matchSelect = `SELECT id, rejected, section, kind, ctin, trdnm, supfildt, supprd, num, doc_date, val, taxable, igst, cgst, sgst, cess,
	pos, rev, typ, itcavl, rsn, ims_status FROM gstr2b_documents WHERE id BETWEEN ? AND ? AND rejected = ? ORDER BY id`

// MatchDocs returns the documents of a snapshot for reconciling, in the order of the return (as
// Documents lists them): those of docRejdata when rejected, else those of docdata. One query for
// the snapshot, read straight through the driver: database/sql's Scan of the 32 columns of
// DocumentRow cost about 1 s for 100,000 documents. Repeated texts (section, supplier, dates,
// flags) share one string.
func MatchDocs(ctx context.Context, db *sql.DB, snap Snapshot, rejected bool) ([]MatchDoc, error) {
	c, err := db.Conn(ctx)
	if err != nil {
		return nil, fmt.Errorf("gstr2b: read documents: %w", err)
	}
	defer c.Close()
	var out []MatchDoc
	err = c.Raw(func(dc any) error {
		qc, ok := dc.(driver.QueryerContext)
		if !ok {
			return fmt.Errorf("gstr2b: the database driver (%T) cannot query directly", dc)
		}
		rej := int64(0)
		if rejected {
			rej = 1
		}
		rows, err := qc.QueryContext(ctx, matchSelect, []driver.NamedValue{{Ordinal: 1, Value: snap.first}, {Ordinal: 2, Value: snap.last}, {Ordinal: 3, Value: rej}})
		if err != nil {
			return err
		}
		defer rows.Close()
		n := snap.Documents
		if rejected {
			n = snap.Rejected
		}
		out = make([]MatchDoc, 0, max(n, 0))
		intern := map[string]string{}
		v := make([]driver.Value, 22)
		var bad bool
		text := func(i int, share bool) string {
			s, ok := v[i].(string)
			if !ok {
				bad = true
				return ""
			}
			if !share {
				return s
			}
			if w, ok := intern[s]; ok {
				return w
			}
			intern[s] = s
			return s
		}
		num := func(i int) int64 {
			n, ok := v[i].(int64)
			bad = bad || !ok
			return n
		}
		for {
			if err := rows.Next(v); err == io.EOF {
				return nil
			} else if err != nil {
				return err
			}
			d := MatchDoc{ID: num(0), Rejected: num(1) == 1, Section: text(2, true), Kind: text(3, true), Supplier: text(4, true),
				TradeName: text(5, true), SupplierFiled: text(6, true), SupplierPeriod: text(7, true), Number: text(8, false),
				DateISO: text(9, true), Value: money.Paise(num(10)), Taxable: money.Paise(num(11)), IGST: money.Paise(num(12)),
				CGST: money.Paise(num(13)), SGST: money.Paise(num(14)), Cess: money.Paise(num(15)), POS: text(16, true),
				ReverseCharge: text(17, true), Type: text(18, true), ITCAvailable: text(19, true), Reason: text(20, true),
				IMSStatus: text(21, true)}
			if bad {
				return fmt.Errorf("a column of document %v has an unexpected type: %v", v[0], v)
			}
			out = append(out, d)
		}
	})
	if err != nil {
		return nil, fmt.Errorf("gstr2b: read documents: %w", err)
	}
	return out, nil
}
