package gstr2b

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
)

// sectionRange is one section of one part of a snapshot as stored: its documents are the ids
// First to Last (written section by section), with their count and signed totals.
type sectionRange struct {
	Rejected bool    `json:"rejected"`
	Reversed bool    `json:"reversed,omitempty"`
	Section  string  `json:"section"`
	First    int64   `json:"first"`
	Last     int64   `json:"last"`
	Totals   Amounts `json:"totals"`
}

func (r *sectionRange) count() int { return int(r.Last - r.First + 1) }

// rangeBuilder follows the documents as they are written and makes the ranges; a section that
// comes back after another (not contiguous) makes the snapshot keep none, and its pages are
// counted from the rows.
type rangeBuilder struct {
	ranges []sectionRange
	seen   map[string]bool
	broken bool
}

func (b *rangeBuilder) add(id int64, d *Document) {
	if b.broken {
		return
	}
	if n := len(b.ranges); n > 0 && b.ranges[n-1].Rejected == d.Rejected && b.ranges[n-1].Reversed == d.Reversed && b.ranges[n-1].Section == d.Section {
		b.ranges[n-1].Last = id
		b.ranges[n-1].Totals.add(d)
		return
	}
	if b.seen == nil {
		b.seen = map[string]bool{}
	}
	k := fmt.Sprint(d.Rejected, d.Reversed, d.Section)
	if b.seen[k] {
		b.broken, b.ranges = true, nil
		return
	}
	b.seen[k] = true
	r := sectionRange{Rejected: d.Rejected, Reversed: d.Reversed, Section: d.Section, First: id, Last: id}
	r.Totals.add(d)
	b.ranges = append(b.ranges, r)
}

// json is what the sections column keeps: the ranges, or "" when there are none to trust.
func (b *rangeBuilder) json() string {
	if b.broken {
		return ""
	}
	if b.ranges == nil {
		return "[]"
	}
	j, _ := json.Marshal(b.ranges)
	return string(j)
}

func (a *Amounts) add(d *Document) {
	sg := d.Sign()
	a.Taxable += sg * d.Taxable
	a.IGST += sg * d.IGST
	a.CGST += sg * d.CGST
	a.SGST += sg * d.SGST
	a.Cess += sg * d.Cess
	a.HasTaxable = true
}

// sectionRanges reads the ranges kept for a snapshot; ok is false for a snapshot stored
// before they were kept (or with a section out of order).
func sectionRanges(ctx context.Context, db *sql.DB, snap Snapshot) ([]sectionRange, bool, error) {
	var s string
	if err := db.QueryRowContext(ctx, `SELECT sections FROM gstr2b_snapshots WHERE sid = ?`, snap.sid).Scan(&s); err != nil {
		return nil, false, fmt.Errorf("gstr2b: read sections: %w", err)
	}
	if s == "" {
		return nil, false, nil
	}
	var out []sectionRange
	if err := json.Unmarshal([]byte(s), &out); err != nil {
		return nil, false, nil // read from the rows instead
	}
	return out, true, nil
}

// rangeQuery says whether q filters by section and part only (what the ranges answer).
func (q DocQuery) rangeQuery() bool {
	return q.Supplier == "" && q.ITC == "" && q.Search == ""
}

// matches says whether a range holds the documents q asks for (q.rangeQuery()).
func (q DocQuery) matches(r *sectionRange) bool {
	if q.Section == "itcrev" {
		q.Section, q.Reversed = "", "only"
	}
	if q.Section != "" && r.Section != q.Section {
		return false
	}
	switch q.Rejected {
	case "only":
		if !r.Rejected {
			return false
		}
	case "no":
		if r.Rejected {
			return false
		}
	}
	switch q.Reversed {
	case "only":
		return r.Reversed
	case "no":
		return !r.Reversed
	}
	return true
}

// documentsByRange answers a page of documents of some sections from the kept ranges: counted and
// totalled from them, and read from the page's first id on (no OFFSET walk over earlier rows).
func documentsByRange(ctx context.Context, db *sql.DB, ranges []sectionRange, q DocQuery, limit int) (DocPage, error) {
	page := DocPage{Rows: []DocumentRow{}, Totals: Amounts{HasTaxable: true}}
	var hit []sectionRange
	for i := range ranges {
		if r := &ranges[i]; q.matches(r) {
			hit = append(hit, *r)
			page.Total += r.count()
			page.Totals.Taxable += r.Totals.Taxable
			page.Totals.IGST += r.Totals.IGST
			page.Totals.CGST += r.Totals.CGST
			page.Totals.SGST += r.Totals.SGST
			page.Totals.Cess += r.Totals.Cess
		}
	}
	skip := max(q.Offset, 0)
	for _, r := range hit {
		if limit == 0 {
			break
		}
		if skip >= r.count() {
			skip -= r.count()
			continue
		}
		n := limit
		if limit < 0 {
			n = -1
		}
		rows, err := db.QueryContext(ctx, `SELECT `+docSelect+` FROM gstr2b_documents WHERE id BETWEEN ? AND ? ORDER BY id LIMIT ?`,
			r.First+int64(skip), r.Last, n)
		if err != nil {
			return DocPage{}, fmt.Errorf("gstr2b: list documents: %w", err)
		}
		got, err := scanDocs(rows)
		if err != nil {
			return DocPage{}, err
		}
		page.Rows = append(page.Rows, got...)
		if limit > 0 {
			limit -= len(got)
		}
		skip = 0
	}
	return page, nil
}

func scanDocs(rows *sql.Rows) ([]DocumentRow, error) {
	defer rows.Close()
	var out []DocumentRow
	for rows.Next() {
		r, err := scanDoc(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}
