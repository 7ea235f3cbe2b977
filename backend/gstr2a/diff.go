package gstr2a

import (
	"context"
	"database/sql"
	"fmt"
	"sort"
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
	// Scope is what both pulls covered and was compared: "" for every supplier of the period, or
	// one supplier's GSTIN when one of the pulls asked for that supplier only.
	Scope string `json:"scope"`
	// ScopeNote says in words what was compared (and why only that).
	ScopeNote string `json:"scope_note"`
}

// Describe says in words what a pull covered: "all suppliers", "supplier X only", "data from D".
func (f Filters) Describe() string {
	var parts []string
	if f.Supplier != "" {
		parts = append(parts, "supplier "+f.Supplier+" only")
	}
	if f.From != "" {
		parts = append(parts, "data from "+f.From)
	}
	if len(parts) == 0 {
		return "all suppliers, the whole period"
	}
	return strings.Join(parts, ", ")
}

// Comparable says whether two pulls can be compared like with like, and what over: "" for
// everything, or the one supplier both covered. Two pulls of different taxpayers or periods, of
// two different suppliers, or with different from-dates (the service does not say which earlier
// invoices a from-date pull leaves out) cannot be compared: the error says why.
func Comparable(from, to Snapshot) (supplier string, err error) {
	switch {
	case from.GSTIN != to.GSTIN:
		return "", apperr.New(apperr.Invalid, "These pulls are of two taxpayers (%s and %s): only pulls of one client can be compared.", from.GSTIN, to.GSTIN)
	case from.Period != to.Period:
		return "", apperr.New(apperr.Invalid, "Only two pulls of the same period can be compared (%s and %s).", from.Period, to.Period)
	case from.Filters.From != to.Filters.From:
		return "", apperr.New(apperr.Invalid, "The pulls cover different data (%s; %s): a pull with a from-date holds only what the service gave from that date, so an invoice missing from it need not have been removed. Compare two pulls made with the same from-date, or two full pulls.",
			from.Filters.Describe(), to.Filters.Describe())
	case from.Filters.Supplier == to.Filters.Supplier:
		return from.Filters.Supplier, nil
	case from.Filters.Supplier == "":
		return to.Filters.Supplier, nil
	case to.Filters.Supplier == "":
		return from.Filters.Supplier, nil
	}
	return "", apperr.New(apperr.Invalid, "The pulls are of two different suppliers (%s and %s): nothing they both covered can be compared.", from.Filters.Supplier, to.Filters.Supplier)
}

// DefaultComparison picks the two pulls to compare when the person has not chosen: the newest
// pull, and the newest earlier one of the same scope (else the newest earlier one it can be
// compared with). snaps are newest first, as Snapshots returns them.
func DefaultComparison(snaps []Snapshot) (from, to Snapshot, err error) {
	if len(snaps) < 2 {
		return from, to, apperr.New(apperr.NotFound, "There are %d pull(s) of this period: a comparison needs two. Pull it again.", len(snaps))
	}
	to = snaps[0]
	var firstErr error
	for _, same := range []bool{true, false} {
		for _, s := range snaps[1:] {
			if same && s.Filters != to.Filters {
				continue
			}
			if _, err := Comparable(s, to); err != nil {
				if firstErr == nil {
					firstErr = err
				}
				continue
			}
			return s, to, nil
		}
	}
	return from, to, apperr.New(apperr.Invalid, "The latest pull (%s) cannot be compared with any earlier pull of the period: %s",
		to.Filters.Describe(), apperr.Window.Public(firstErr).Message)
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
			fmt.Fprintf(&b, "#%d %s%% on %s", items[i].Num, dt.Rate, dt.Taxable.Decimal())
			for j, amt := range [4]*Paise{dt.IGST, dt.CGST, dt.SGST, dt.Cess} {
				if amt != nil {
					fmt.Fprintf(&b, " %s %s", [4]string{"IGST", "CGST", "SGST", "cess"}[j], amt.Decimal())
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
	if from.WorkspaceID != to.WorkspaceID {
		return Diff{}, apperr.New(apperr.Invalid, "These pulls belong to two workspaces: only pulls of one client can be compared.")
	}
	only, err := Comparable(from, to)
	if err != nil {
		return Diff{}, err
	}
	d := Diff{From: from, To: to, Added: []InvoiceRow{}, Removed: []InvoiceRow{}, Amended: []InvoiceChange{},
		Suppliers: []SupplierChange{}, SuppliersAdded: []string{}, SuppliersRemoved: []string{}, Scope: only}
	switch {
	case only != "" && from.Filters.Supplier != to.Filters.Supplier:
		d.ScopeNote = "Compared supplier " + only + " only: one of the pulls covered only that supplier, so the other suppliers' invoices were not compared."
	case only != "":
		d.ScopeNote = "Compared supplier " + only + " only: both pulls covered only that supplier."
	case from.Filters.From != "":
		d.ScopeNote = "Compared data from " + from.Filters.From + ": both pulls asked for data from that date."
	default:
		d.ScopeNote = "Compared every supplier of the period: neither pull was limited to a supplier or a date."
	}
	if to.FetchedAt.After(from.FetchedAt) && to.Filters == from.Filters {
		if n := GoneNotice(&from, to); n != "" {
			d.ScopeNote += " " + n
		}
	}
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
		rows := page.Rows
		if only != "" {
			kept := rows[:0:0]
			for _, r := range rows {
				if r.SupplierGSTIN == only {
					kept = append(kept, r)
				}
			}
			rows = kept
		}
		return rows, sig, err
	}
	oldRows, oldSig, err := load(from)
	if err != nil {
		return Diff{}, err
	}
	newRows, newSig, err := load(to)
	if err != nil {
		return Diff{}, err
	}
	added, removed, amended, unchanged := DiffKeyed(oldRows, newRows, func(r *InvoiceRow) string { return r.Key() },
		func(o, n *InvoiceRow) []FieldChange {
			var ch Changes
			ch.Cmp("idt", o.DateRaw, n.DateRaw)
			ch.Cmp("pos", o.POS, n.POS)
			ch.Cmp("rchrg", o.ReverseCharge, n.ReverseCharge)
			ch.Cmp("val", o.Amounts.Value.Decimal(), n.Amounts.Value.Decimal())
			ch.Cmp("taxable", o.Amounts.Taxable.Decimal(), n.Amounts.Taxable.Decimal())
			ch.Cmp("igst", o.Amounts.IGST.Decimal(), n.Amounts.IGST.Decimal())
			ch.Cmp("cgst", o.Amounts.CGST.Decimal(), n.Amounts.CGST.Decimal())
			ch.Cmp("sgst", o.Amounts.SGST.Decimal(), n.Amounts.SGST.Decimal())
			ch.Cmp("cess", o.Amounts.Cess.Decimal(), n.Amounts.Cess.Decimal())
			ch.Cmp("diff_percent", optRate(o.DiffPercent), optRate(n.DiffPercent))
			ch.Cmp("irn", o.IRN, n.IRN)
			ch.Cmp("irngendate", o.IRNDate, n.IRNDate)
			ch.Cmp("srctyp", o.SourceType, n.SourceType)
			ch.Cmp("itms", oldSig[o.ID], newSig[n.ID])
			ch.Cmp("chksum", o.Checksum, n.Checksum)
			return ch
		})
	d.Added, d.Removed, d.Unchanged = added, removed, unchanged
	for _, a := range amended {
		d.Amended = append(d.Amended, InvoiceChange{Key: a.Key, Old: a.Old, New: a.New, Changes: a.Changes})
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
	if only != "" {
		for c := range os {
			if c != only {
				delete(os, c)
			}
		}
		for c := range ns {
			if c != only {
				delete(ns, c)
			}
		}
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
