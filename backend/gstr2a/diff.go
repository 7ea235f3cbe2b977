package gstr2a

import (
	"context"
	"database/sql"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"gstdesk/backend/apperr"
)

// FieldChange is one field that differs between two pulls, written as the accountant reads it.
type FieldChange struct {
	Field string `json:"field"`
	Old   string `json:"old"`
	New   string `json:"new"`
}

// InvoiceChange is an invoice present in both pulls whose contents changed.
type InvoiceChange struct {
	// Key is supplier GSTIN|invoice number|invoice type (with #n for repeats within a pull).
	Key     string        `json:"key"`
	Old     InvoiceRow    `json:"old"`
	New     InvoiceRow    `json:"new"`
	Changes []FieldChange `json:"changes"`
}

// SupplierChange is a supplier whose filing details changed between the pulls.
type SupplierChange struct {
	GSTIN   string        `json:"gstin"`
	Changes []FieldChange `json:"changes"`
}

// Diff is what changed from one pull of a period to another.
type Diff struct {
	From    Snapshot        `json:"from"`
	To      Snapshot        `json:"to"`
	Added   []InvoiceRow    `json:"added"`
	Removed []InvoiceRow    `json:"removed"`
	Amended []InvoiceChange `json:"amended"`
	// Unchanged counts the invoices equal in both pulls.
	Unchanged        int              `json:"unchanged"`
	Suppliers        []SupplierChange `json:"suppliers"`
	SuppliersAdded   []string         `json:"suppliers_added"`
	SuppliersRemoved []string         `json:"suppliers_removed"`
}

type supplierInfo struct {
	cfs, cfs3b, fldtr1, flprdr1, dtcancel string
}

func loadSupplierInfo(ctx context.Context, db querier, sid int64) (map[string]supplierInfo, error) {
	rows, err := db.QueryContext(ctx, `SELECT ctin, cfs, cfs3b, fldtr1, flprdr1, dtcancel FROM gstr2a_suppliers WHERE sid = ?`, sid)
	if err != nil {
		return nil, fmt.Errorf("gstr2a: diff suppliers: %w", err)
	}
	defer rows.Close()
	out := map[string]supplierInfo{}
	for rows.Next() {
		var c string
		var s supplierInfo
		if err := rows.Scan(&c, &s.cfs, &s.cfs3b, &s.fldtr1, &s.flprdr1, &s.dtcancel); err != nil {
			return nil, err
		}
		out[c] = s
	}
	return out, rows.Err()
}

// itemSignatures returns, per invoice id of a snapshot, its items written out for comparison.
func itemSignatures(ctx context.Context, db querier, s Snapshot) (map[int64]string, error) {
	out := map[int64]string{}
	var b strings.Builder
	err := eachItems(ctx, db, s.first, s.last, func(id int64, items []Item) error {
		if len(items) == 0 {
			return nil
		}
		b.Reset()
		for i := range items {
			dt := &items[i].Detail
			if i > 0 {
				b.WriteString("; ")
			}
			fmt.Fprintf(&b, "#%d %s%% on %s", items[i].Num, dt.Rate, dt.Taxable)
			for j, amt := range [4]*Paise{dt.IGST, dt.CGST, dt.SGST, dt.Cess} {
				if amt != nil {
					fmt.Fprintf(&b, " %s %s", [4]string{"IGST", "CGST", "SGST", "cess"}[j], *amt)
				}
			}
		}
		out[id] = b.String()
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("gstr2a: diff items: %w", err)
	}
	return out, nil
}

func keyed(rows []InvoiceRow) (map[string]int, []string) {
	m := make(map[string]int, len(rows))
	keys := make([]string, 0, len(rows))
	seen := map[string]int{}
	for i := range rows {
		k := rows[i].Key()
		seen[k]++
		if n := seen[k]; n > 1 {
			k += "#" + strconv.Itoa(n)
		}
		m[k] = i
		keys = append(keys, k)
	}
	return m, keys
}

func optRate(r *Rate) string {
	if r == nil {
		return ""
	}
	return r.String()
}

// DiffSnapshots compares two pulls of the same period of a workspace: invoices added, removed and
// amended (field by field, old → new; an invoice is known by supplier GSTIN, number and type),
// and suppliers whose filing status changed.
func DiffSnapshots(ctx context.Context, db *sql.DB, fromSnapshotID, toSnapshotID string) (Diff, error) {
	from, err := SnapshotByID(ctx, db, fromSnapshotID)
	if err != nil {
		return Diff{}, err
	}
	to, err := SnapshotByID(ctx, db, toSnapshotID)
	if err != nil {
		return Diff{}, err
	}
	if from.WorkspaceID != to.WorkspaceID || from.Period != to.Period {
		return Diff{}, apperr.New(apperr.Invalid, "Only two pulls of the same period can be compared (%s and %s).", from.Period, to.Period)
	}
	d := Diff{From: from, To: to, Added: []InvoiceRow{}, Removed: []InvoiceRow{}, Amended: []InvoiceChange{},
		Suppliers: []SupplierChange{}, SuppliersAdded: []string{}, SuppliersRemoved: []string{}}
	c, err := reader(ctx, db)
	if err != nil {
		return Diff{}, err
	}
	defer c.Close()
	load := func(s Snapshot) ([]InvoiceRow, map[int64]string, error) {
		page, err := Invoices(ctx, db, Scope{SnapshotIDs: []string{s.ID}}, InvoiceQuery{}, nil)
		if err != nil {
			return nil, nil, err
		}
		sig, err := itemSignatures(ctx, c, s)
		return page.Rows, sig, err
	}
	oldRows, oldSig, err := load(from)
	if err != nil {
		return Diff{}, err
	}
	newRows, newSig, err := load(to)
	if err != nil {
		return Diff{}, err
	}
	oldIdx, _ := keyed(oldRows)
	newIdx, newKeys := keyed(newRows)
	for _, k := range newKeys {
		n := newRows[newIdx[k]]
		oi, ok := oldIdx[k]
		if !ok {
			d.Added = append(d.Added, n)
			continue
		}
		o := oldRows[oi]
		var ch []FieldChange
		cmp := func(field, a, b string) {
			if a != b {
				ch = append(ch, FieldChange{Field: field, Old: a, New: b})
			}
		}
		cmp("idt", o.DateRaw, n.DateRaw)
		cmp("pos", o.POS, n.POS)
		cmp("rchrg", o.ReverseCharge, n.ReverseCharge)
		cmp("val", o.Amounts.Value.String(), n.Amounts.Value.String())
		cmp("taxable", o.Amounts.Taxable.String(), n.Amounts.Taxable.String())
		cmp("igst", o.Amounts.IGST.String(), n.Amounts.IGST.String())
		cmp("cgst", o.Amounts.CGST.String(), n.Amounts.CGST.String())
		cmp("sgst", o.Amounts.SGST.String(), n.Amounts.SGST.String())
		cmp("cess", o.Amounts.Cess.String(), n.Amounts.Cess.String())
		cmp("diff_percent", optRate(o.DiffPercent), optRate(n.DiffPercent))
		cmp("irn", o.IRN, n.IRN)
		cmp("irngendate", o.IRNDate, n.IRNDate)
		cmp("srctyp", o.SourceType, n.SourceType)
		cmp("itms", oldSig[o.ID], newSig[n.ID])
		cmp("chksum", o.Checksum, n.Checksum)
		if len(ch) > 0 {
			d.Amended = append(d.Amended, InvoiceChange{Key: k, Old: o, New: n, Changes: ch})
		} else {
			d.Unchanged++
		}
	}
	for k, oi := range oldIdx {
		if _, ok := newIdx[k]; !ok {
			d.Removed = append(d.Removed, oldRows[oi])
		}
	}
	sort.Slice(d.Removed, func(i, j int) bool { return d.Removed[i].ID < d.Removed[j].ID })

	os, err := loadSupplierInfo(ctx, c, from.sid)
	if err != nil {
		return Diff{}, err
	}
	ns, err := loadSupplierInfo(ctx, c, to.sid)
	if err != nil {
		return Diff{}, err
	}
	for c, n := range ns {
		o, ok := os[c]
		if !ok {
			d.SuppliersAdded = append(d.SuppliersAdded, c)
			continue
		}
		var ch []FieldChange
		for _, f := range []struct{ name, a, b string }{
			{"cfs", o.cfs, n.cfs}, {"cfs3b", o.cfs3b, n.cfs3b}, {"fldtr1", o.fldtr1, n.fldtr1},
			{"flprdr1", o.flprdr1, n.flprdr1}, {"dtcancel", o.dtcancel, n.dtcancel},
		} {
			if f.a != f.b {
				ch = append(ch, FieldChange{Field: f.name, Old: f.a, New: f.b})
			}
		}
		if len(ch) > 0 {
			d.Suppliers = append(d.Suppliers, SupplierChange{GSTIN: c, Changes: ch})
		}
	}
	for c := range os {
		if _, ok := ns[c]; !ok {
			d.SuppliersRemoved = append(d.SuppliersRemoved, c)
		}
	}
	sort.Slice(d.Suppliers, func(i, j int) bool { return d.Suppliers[i].GSTIN < d.Suppliers[j].GSTIN })
	sort.Strings(d.SuppliersAdded)
	sort.Strings(d.SuppliersRemoved)
	return d, nil
}
