package gstr2b

import (
	"context"
	"database/sql"
	"fmt"
	"strings"

	"gstdesk/backend/apperr"
	"gstdesk/backend/docid"
	"gstdesk/backend/money"
)

// DocumentRow is a stored document with its id.
type DocumentRow struct {
	ID int64 `json:"id"`
	Document
	// ITCText says what itcavl and rsn mean, in words.
	ITCText string `json:"itc_text,omitempty"`
}

// Key is how a document is known across snapshots: section, supplier, kind and number as
// normalised for matching (a document of itcrev apart from the same number in its section).
func (r *DocumentRow) Key() string {
	k := r.Section + "|" + r.Supplier + "|" + r.Kind + "|" + docid.Number(r.Number)
	if r.Reversed {
		k = "itcrev|" + k
	}
	return k
}

// DocQuery filters and pages the documents of a snapshot.
type DocQuery struct {
	// Section keeps one section ("" for all); "itcrev" keeps the documents of itcrev (as
	// Reversed "only"), of every sub-section.
	Section string `json:"section"`
	// Rejected is "only" (docRejdata), "no" (docdata) or "" (both).
	Rejected string `json:"rejected"`
	// Reversed is "only" (the documents of itcrev, whose credit was reversed), "no" (all but
	// those) or "" (both).
	Reversed string `json:"reversed"`
	// Supplier keeps one supplier GSTIN.
	Supplier string `json:"supplier"`
	// ITC keeps one itcavl value (Y, N, T).
	ITC string `json:"itc"`
	// Search matches the number, supplier GSTIN or trade name.
	Search string `json:"search"`
	Offset int    `json:"offset"`
	// Limit is the page size (default 200, at most 5000; -1 for every row).
	Limit int `json:"limit"`
}

// DocPage is one page of documents and the count and signed totals of all that match.
type DocPage struct {
	Rows   []DocumentRow `json:"rows"`
	Total  int           `json:"total"`
	Totals Amounts       `json:"totals"`
}

const docSelect = `id, rejected, section, kind, ctin, trdnm, supfildt, supprd, num, dt, doc_date, val, taxable, igst, cgst, sgst,
	cess, pos, rev, typ, itcavl, rsn, diffprcnt, ims_status, srctyp, irn, irngendate, onum, odt, otyp, portcode, items, val_basis,
	refdt, recdt, isamd`

func scanDoc(rows *sql.Rows) (DocumentRow, error) {
	var r DocumentRow
	var rej int
	var items sql.NullString
	d := &r.Document
	err := rows.Scan(&r.ID, &rej, &d.Section, &d.Kind, &d.Supplier, &d.TradeName, &d.SupplierFiled, &d.SupplierPeriod, &d.Number,
		&d.Date, &d.DateISO, &d.Value, &d.Taxable, &d.IGST, &d.CGST, &d.SGST, &d.Cess, &d.POS, &d.ReverseCharge, &d.Type,
		&d.ITCAvailable, &d.Reason, &d.DiffPercent, &d.IMSStatus, &d.SourceType, &d.IRN, &d.IRNDate, &d.OrigNumber, &d.OrigDate,
		&d.OrigType, &d.PortCode, &items, &d.ValueBasis, &d.RefDate, &d.RecDate, &d.Amended)
	if err != nil {
		return r, err
	}
	d.Rejected, d.Reversed = rej&1 != 0, rej&2 != 0
	if items.Valid {
		d.HasItems = true
		if err := readItems([]byte(items.String), &d.Items); err != nil {
			return r, fmt.Errorf("gstr2b: items of document %d: %w", r.ID, err)
		}
	}
	r.ITCText = ITCAvailableText(d.ITCAvailable, d.Reason)
	return r, nil
}

func (q DocQuery) where(snap Snapshot) (string, []any, error) {
	conds := []string{"id BETWEEN ? AND ?"}
	args := []any{snap.first, snap.last}
	if q.Section == "itcrev" {
		q.Section, q.Reversed = "", "only"
	}
	if q.Section != "" {
		ok := false
		for _, s := range Sections {
			ok = ok || s == q.Section
		}
		if !ok {
			return "", nil, apperr.New(apperr.Invalid, "The section %q is none of %s.", q.Section, strings.Join(Sections, ", "))
		}
		conds, args = append(conds, "section = ?"), append(args, q.Section)
	}
	switch q.Rejected {
	case "":
	case "only":
		conds = append(conds, "rejected & 1 = 1")
	case "no":
		conds = append(conds, "rejected & 1 = 0")
	default:
		return "", nil, apperr.New(apperr.Invalid, "The rejected filter %q is none of only, no.", q.Rejected)
	}
	switch q.Reversed {
	case "":
	case "only":
		conds = append(conds, "rejected & 2 = 2")
	case "no":
		conds = append(conds, "rejected & 2 = 0")
	default:
		return "", nil, apperr.New(apperr.Invalid, "The reversed filter %q is none of only, no.", q.Reversed)
	}
	if q.Supplier != "" {
		conds, args = append(conds, "ctin = ?"), append(args, strings.ToUpper(strings.TrimSpace(q.Supplier)))
	}
	if q.ITC != "" {
		conds, args = append(conds, "itcavl = ?"), append(args, q.ITC)
	}
	if s := strings.TrimSpace(q.Search); s != "" {
		like := "%" + strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(strings.ToUpper(s)) + "%"
		conds = append(conds, `(upper(num) LIKE ? ESCAPE '\' OR ctin LIKE ? ESCAPE '\' OR upper(trdnm) LIKE ? ESCAPE '\')`)
		args = append(args, like, like, like)
	}
	return strings.Join(conds, " AND "), args, nil
}

// Documents returns one page of a snapshot's documents in the order of the return.
func Documents(ctx context.Context, db *sql.DB, snap Snapshot, q DocQuery) (DocPage, error) {
	where, args, err := q.where(snap)
	if err != nil {
		return DocPage{}, err
	}
	limit := q.Limit
	switch {
	case limit == 0:
		limit = 200
	case limit > 5000:
		limit = 5000
	case limit < 0:
		limit = -1
	}
	if q.rangeQuery() {
		ranges, ok, err := sectionRanges(ctx, db, snap)
		if err != nil {
			return DocPage{}, err
		}
		if ok {
			return documentsByRange(ctx, db, ranges, q, limit)
		}
	}
	page := DocPage{Rows: []DocumentRow{}}
	sign := `CASE WHEN kind IN ('credit_note', 'isd_credit_note') THEN -1 ELSE 1 END`
	err = db.QueryRowContext(ctx, `SELECT count(*), coalesce(sum(`+sign+` * taxable), 0), coalesce(sum(`+sign+` * igst), 0),
		coalesce(sum(`+sign+` * cgst), 0), coalesce(sum(`+sign+` * sgst), 0), coalesce(sum(`+sign+` * cess), 0)
		FROM gstr2b_documents WHERE `+where, args...).Scan(&page.Total, &page.Totals.Taxable, &page.Totals.IGST, &page.Totals.CGST,
		&page.Totals.SGST, &page.Totals.Cess)
	if err != nil {
		return DocPage{}, fmt.Errorf("gstr2b: count documents: %w", err)
	}
	page.Totals.HasTaxable = true
	rows, err := db.QueryContext(ctx, `SELECT `+docSelect+` FROM gstr2b_documents WHERE `+where+` ORDER BY id LIMIT ? OFFSET ?`,
		append(args, limit, max(q.Offset, 0))...)
	if err != nil {
		return DocPage{}, fmt.Errorf("gstr2b: list documents: %w", err)
	}
	got, err := scanDocs(rows)
	if err != nil {
		return DocPage{}, err
	}
	page.Rows = append(page.Rows, got...)
	return page, nil
}

// SectionCount is how many documents a section has, and their signed tax.
type SectionCount struct {
	Section  string `json:"section"`
	Rejected bool   `json:"rejected"`
	// Reversed marks the count of the section's documents in itcrev (credit reversed).
	Reversed  bool        `json:"reversed,omitempty"`
	Documents int         `json:"documents"`
	Tax       money.Paise `json:"tax"`
}

// SectionCounts counts a snapshot's documents by section: docdata, its itcrev, docRejdata and its
// itcrev apart, in that order.
func SectionCounts(ctx context.Context, db *sql.DB, snap Snapshot) ([]SectionCount, error) {
	rows, err := db.QueryContext(ctx, `SELECT section, rejected, count(*),
		sum(CASE WHEN kind IN ('credit_note', 'isd_credit_note') THEN -1 ELSE 1 END * (igst + cgst + sgst + cess))
		FROM gstr2b_documents WHERE id BETWEEN ? AND ? GROUP BY section, rejected`, snap.first, snap.last)
	if err != nil {
		return nil, fmt.Errorf("gstr2b: count sections: %w", err)
	}
	defer rows.Close()
	byKey := map[string]SectionCount{}
	for rows.Next() {
		var c SectionCount
		var marks int
		if err := rows.Scan(&c.Section, &marks, &c.Documents, &c.Tax); err != nil {
			return nil, err
		}
		c.Rejected, c.Reversed = marks&1 != 0, marks&2 != 0
		byKey[fmt.Sprint(c.Section, marks)] = c
	}
	out := []SectionCount{}
	for _, marks := range []int{0, 2, 1, 3} {
		for _, s := range Sections {
			if c, ok := byKey[fmt.Sprint(s, marks)]; ok {
				out = append(out, c)
			}
		}
	}
	return out, rows.Err()
}
