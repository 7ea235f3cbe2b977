package gstr2b

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"
	"strings"

	"gstdesk/backend/apperr"
	"gstdesk/backend/gstr2a"
)

// DocumentChange is a document in both snapshots whose contents changed.
type DocumentChange struct {
	Key     string               `json:"key"`
	Old     DocumentRow          `json:"old"`
	New     DocumentRow          `json:"new"`
	Changes []gstr2a.FieldChange `json:"changes"`
}

// Diff is what changed from one GSTR-2B of a period to another.
type Diff struct {
	From      Snapshot         `json:"from"`
	To        Snapshot         `json:"to"`
	Added     []DocumentRow    `json:"added"`
	Removed   []DocumentRow    `json:"removed"`
	Amended   []DocumentChange `json:"amended"`
	Unchanged int              `json:"unchanged"`
	// ScopeNote says in words what was compared.
	ScopeNote string `json:"scope_note"`
}

// Comparable says whether two snapshots can be compared like with like: the same taxpayer and
// period. Both are whole returns (pulled in pages or not, from the service or from a portal file),
// so nothing else stands in the way.
func Comparable(from, to Snapshot) error {
	switch {
	case from.WorkspaceID != to.WorkspaceID:
		return apperr.New(apperr.Invalid, "These GSTR-2B snapshots belong to two workspaces: only one client's can be compared.")
	case from.GSTIN != to.GSTIN:
		return apperr.New(apperr.Invalid, "These GSTR-2B snapshots are of two taxpayers (%s and %s): only one client's can be compared.", from.GSTIN, to.GSTIN)
	case from.Period != to.Period:
		return apperr.New(apperr.Invalid, "Only two GSTR-2B snapshots of the same period can be compared (%s and %s).", from.Period, to.Period)
	}
	return nil
}

// DefaultComparison picks the newest snapshot and the one before it (snaps newest first).
func DefaultComparison(snaps []Snapshot) (from, to Snapshot, err error) {
	if len(snaps) < 2 {
		return from, to, apperr.New(apperr.NotFound, "There are %d GSTR-2B snapshot(s) of this period: a comparison needs two. Pull or import it again.", len(snaps))
	}
	return snaps[1], snaps[0], nil
}

func describe(s Snapshot) string {
	t := s.SourceText()
	if s.GenDate != "" {
		t += ", generated " + s.GenDate
	}
	return t
}

// DiffSnapshots compares two GSTR-2B snapshots of a period: documents added, removed and amended
// field by field (a document is known by section, supplier, kind and number), a document moved
// to docRejdata showing as "rejected" N → Y.
func DiffSnapshots(ctx context.Context, db *sql.DB, from, to Snapshot) (Diff, error) {
	if err := Comparable(from, to); err != nil {
		return Diff{}, err
	}
	load := func(s Snapshot) ([]DocumentRow, error) {
		p, err := Documents(ctx, db, s, DocQuery{Limit: -1})
		return p.Rows, err
	}
	oldRows, err := load(from)
	if err != nil {
		return Diff{}, err
	}
	newRows, err := load(to)
	if err != nil {
		return Diff{}, err
	}
	added, removed, amended, unchanged := gstr2a.DiffKeyed(oldRows, newRows, (*DocumentRow).Key, func(o, n *DocumentRow) []gstr2a.FieldChange {
		var ch gstr2a.Changes
		ch.Cmp("rejected", yn(o.Rejected), yn(n.Rejected))
		ch.Cmp("dt", o.Date, n.Date)
		ch.Cmp("val", o.Value.Decimal(), n.Value.Decimal())
		ch.Cmp("txval", o.Taxable.Decimal(), n.Taxable.Decimal())
		ch.Cmp("igst", o.IGST.Decimal(), n.IGST.Decimal())
		ch.Cmp("cgst", o.CGST.Decimal(), n.CGST.Decimal())
		ch.Cmp("sgst", o.SGST.Decimal(), n.SGST.Decimal())
		ch.Cmp("cess", o.Cess.Decimal(), n.Cess.Decimal())
		ch.Cmp("pos", o.POS, n.POS)
		ch.Cmp("rev", o.ReverseCharge, n.ReverseCharge)
		ch.Cmp("typ", o.Type, n.Type)
		ch.Cmp("itcavl", o.ITCAvailable, n.ITCAvailable)
		ch.Cmp("rsn", o.Reason, n.Reason)
		ch.Cmp("diffprcnt", strconv.FormatInt(o.DiffPercent, 10), strconv.FormatInt(n.DiffPercent, 10))
		ch.Cmp("imsStatus", o.IMSStatus, n.IMSStatus)
		ch.Cmp("irn", o.IRN, n.IRN)
		ch.Cmp("supfildt", o.SupplierFiled, n.SupplierFiled)
		ch.Cmp("items", itemsText(o.Items), itemsText(n.Items))
		ch.Cmp("original number", o.OrigNumber, n.OrigNumber)
		ch.Cmp("original date", o.OrigDate, n.OrigDate)
		ch.Cmp("portcode", o.PortCode, n.PortCode)
		ch.Cmp("isamd", o.Amended, n.Amended)
		return ch
	})
	d := Diff{From: from, To: to, Added: added, Removed: removed, Unchanged: unchanged, Amended: []DocumentChange{},
		ScopeNote: fmt.Sprintf("Compared the whole return of %s: %s, with %s.", from.Period, describe(from), describe(to))}
	for _, a := range amended {
		d.Amended = append(d.Amended, DocumentChange{Key: a.Key, Old: a.Old, New: a.New, Changes: a.Changes})
	}
	return d, nil
}

func yn(b bool) string {
	if b {
		return "Y"
	}
	return "N"
}

func itemsText(items []Item) string {
	var b strings.Builder
	for i, it := range items {
		if i > 0 {
			b.WriteString("; ")
		}
		fmt.Fprintf(&b, "#%d %s%% on %s IGST %s CGST %s SGST %s cess %s", it.Num, strconv.FormatFloat(float64(it.Rate)/100, 'f', -1, 64),
			it.Taxable.Decimal(), it.IGST.Decimal(), it.CGST.Decimal(), it.SGST.Decimal(), it.Cess.Decimal())
	}
	return b.String()
}
