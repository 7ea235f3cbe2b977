package gstr2a

import (
	"context"
	"database/sql"
	"fmt"
	"math"
	"sort"
	"strings"

	"gstdesk/backend/apperr"
	"gstdesk/backend/period"
	"gstdesk/backend/store"
)

// Names returns the names known for GSTINs (from the cached GSTIN lookups kept elsewhere); a
// GSTIN without a name is left out. A nil Names means no names.
type Names func(gstins []string) map[string]string

// Scope says which stored data a review query reads: the latest snapshot of each of Periods
// (periods never pulled are skipped), or exactly SnapshotIDs when given (to look at an older pull).
type Scope struct {
	WorkspaceID string   `json:"workspace_id"`
	Periods     []string `json:"periods"`
	SnapshotIDs []string `json:"snapshot_ids,omitempty"`
}

// resolved is a scope turned into snapshots.
type resolved struct {
	snaps []Snapshot
	byID  map[int64]*Snapshot
	// sets remembers supplierSets results for this request.
	sets map[[3]string]*supplierSet
}

// querier is a *sql.DB or a *sql.Conn.
type querier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// reader returns a connection for a review query with a page cache big enough to hold a large
// period (store.BigCacheConn: SQLite's default 2 MB makes every scan of 100,000 invoices go back to
// the file); its Close gives the cache back.
func reader(ctx context.Context, db *sql.DB) (*store.BigConn, error) {
	c, err := store.BigCacheConn(ctx, db)
	if err != nil {
		return nil, fmt.Errorf("gstr2a: open a reader: %w", err)
	}
	return c, nil
}

func resolve(ctx context.Context, db querier, sc Scope) (*resolved, error) {
	r := &resolved{byID: map[int64]*Snapshot{}}
	if len(sc.SnapshotIDs) > 0 {
		for _, id := range sc.SnapshotIDs {
			s, err := snapshotByID(ctx, db, id)
			if err != nil {
				return nil, err
			}
			if sc.WorkspaceID != "" && s.WorkspaceID != sc.WorkspaceID {
				// Another client's pull is never shown here, even when asked for by id.
				return nil, apperr.New(apperr.NotFound, "There is no GSTR-2A pull %q in this workspace.", id)
			}
			r.snaps = append(r.snaps, s)
		}
	} else {
		seen := map[string]bool{}
		for _, p := range sc.Periods {
			if seen[p] {
				continue
			}
			seen[p] = true
			if _, err := period.Canonical(p); err != nil {
				return nil, apperr.New(apperr.Invalid, "The return %s.", err.Error())
			}
			s, err := latestSnapshot(ctx, db, sc.WorkspaceID, p)
			if apperr.KindOf(err) == apperr.NotFound {
				continue
			}
			if err != nil {
				return nil, err
			}
			r.snaps = append(r.snaps, s)
		}
	}
	sort.SliceStable(r.snaps, func(i, j int) bool { return r.snaps[i].Period < r.snaps[j].Period })
	for i := range r.snaps {
		r.byID[r.snaps[i].sid] = &r.snaps[i]
	}
	return r, nil
}

// rangeWhere is the condition selecting the scope's invoices by their id ranges.
func (r *resolved) rangeWhere(col string, shift bool) (string, []any) {
	if len(r.snaps) == 0 {
		return "0", nil
	}
	var parts []string
	var args []any
	for _, s := range r.snaps {
		if s.last < s.first {
			continue
		}
		parts = append(parts, col+" BETWEEN ? AND ?")
		if shift {
			args = append(args, s.first<<16, s.last<<16|0xffff)
		} else {
			args = append(args, s.first, s.last)
		}
	}
	if len(parts) == 0 {
		return "0", nil
	}
	return "(" + strings.Join(parts, " OR ") + ")", args
}

func (r *resolved) sids() (string, []any) {
	if len(r.snaps) == 0 {
		return "(NULL)", nil
	}
	args := make([]any, len(r.snaps))
	for i, s := range r.snaps {
		args[i] = s.sid
	}
	return "(" + strings.TrimSuffix(strings.Repeat("?,", len(args)), ",") + ")", args
}

// RateTotal is the ITC of one tax rate.
type RateTotal struct {
	Rate    Rate  `json:"rate"`
	Items   int   `json:"items"`
	Taxable Paise `json:"taxable"`
	IGST    Paise `json:"igst"`
	CGST    Paise `json:"cgst"`
	SGST    Paise `json:"sgst"`
	Cess    Paise `json:"cess"`
}

// PeriodTotal is one period's totals.
type PeriodTotal struct {
	Period     string  `json:"period"`
	SnapshotID string  `json:"snapshot_id"`
	Invoices   int     `json:"invoices"`
	Suppliers  int     `json:"suppliers"`
	Amounts    Amounts `json:"amounts"`
	Tax        Paise   `json:"tax"`
}

// Totals are the summary cards of the GSTR-2A screen over a scope.
type Totals struct {
	Invoices  int           `json:"invoices"`
	Suppliers int           `json:"suppliers"` // distinct supplier GSTINs
	Amounts   Amounts       `json:"amounts"`
	Tax       Paise         `json:"tax"`
	ByRate    []RateTotal   `json:"by_rate"`
	ByPeriod  []PeriodTotal `json:"by_period"`
	Snapshots []Snapshot    `json:"snapshots"`
	// Documents counts the documents of the sections besides B2B; Sections are every section's
	// documents and amounts over the scope (B2B first), by kind.
	Documents int            `json:"documents"`
	Sections  []SectionTotal `json:"sections"`
}

// PeriodTotals returns invoice value, taxable value, each tax and the invoice count over the scope,
// per period, and the ITC by rate.
func PeriodTotals(ctx context.Context, sdb *sql.DB, sc Scope) (Totals, error) {
	db, err := reader(ctx, sdb)
	if err != nil {
		return Totals{}, err
	}
	defer db.Close()
	r, err := resolve(ctx, db, sc)
	if err != nil {
		return Totals{}, err
	}
	t := Totals{ByRate: []RateTotal{}, ByPeriod: []PeriodTotal{}, Snapshots: r.snaps}
	t.Sections = sumSections(r.snaps)
	for _, s := range r.snaps {
		t.Documents += s.Documents
		t.Invoices += s.Invoices
		t.Amounts.add(s.Totals)
		t.ByPeriod = append(t.ByPeriod, PeriodTotal{Period: s.Period, SnapshotID: s.ID, Invoices: s.Invoices,
			Suppliers: s.Suppliers, Amounts: s.Totals, Tax: s.Totals.Tax()})
	}
	t.Tax = t.Amounts.Tax()
	in, args := r.sids()
	if err := db.QueryRowContext(ctx, `SELECT count(DISTINCT ctin) FROM gstr2a_suppliers WHERE sid IN `+in, args...).Scan(&t.Suppliers); err != nil {
		return Totals{}, fmt.Errorf("gstr2a: totals: %w", err)
	}
	rows, err := db.QueryContext(ctx, `SELECT rt, sum(items), sum(taxable), sum(igst), sum(cgst), sum(sgst), sum(cess)
		FROM gstr2a_rate_totals WHERE sid IN `+in+` GROUP BY rt ORDER BY rt`, args...)
	if err != nil {
		return Totals{}, fmt.Errorf("gstr2a: totals by rate: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var rt RateTotal
		if err := rows.Scan(&rt.Rate, &rt.Items, &rt.Taxable, &rt.IGST, &rt.CGST, &rt.SGST, &rt.Cess); err != nil {
			return Totals{}, fmt.Errorf("gstr2a: totals by rate: %w", err)
		}
		t.ByRate = append(t.ByRate, rt)
	}
	return t, rows.Err()
}

// SupplierPeriod is a supplier's filing in one period.
type SupplierPeriod struct {
	Period      string `json:"period"`
	CFS         string `json:"cfs"`
	CFS3B       string `json:"cfs3b"`
	FiledOn     string `json:"filed_on"`     // YYYY-MM-DD
	FiledPeriod string `json:"filed_period"` // YYYY-MM
	Invoices    int    `json:"invoices"`
}

// SupplierSummary is one supplier over the scope.
type SupplierSummary struct {
	GSTIN    string  `json:"gstin"`
	PAN      string  `json:"pan"`
	Name     string  `json:"name"`
	Invoices int     `json:"invoices"`
	Amounts  Amounts `json:"amounts"`
	Tax      Paise   `json:"tax"`
	// FiledGSTR1 is "Y" when the supplier filed GSTR-1 (cfs) in every period of the scope it
	// appears in, "N" when it did not in some period; FiledGSTR3B likewise for cfs3b.
	FiledGSTR1  string `json:"filed_gstr1"`
	FiledGSTR3B string `json:"filed_gstr3b"`
	// NotFiledPeriods are the periods where cfs or cfs3b is not "Y".
	NotFiledPeriods []string `json:"not_filed_periods"`
	// LastFiledOn and LastFiledPeriod are the latest filing date (YYYY-MM-DD) and period (YYYY-MM).
	LastFiledOn     string `json:"last_filed_on"`
	LastFiledPeriod string `json:"last_filed_period"`
	// CancelledOn is the registration's cancellation date (YYYY-MM-DD), "" when not cancelled;
	// CancelledRaw is dtcancel as given.
	CancelledOn  string           `json:"cancelled_on"`
	CancelledRaw string           `json:"cancelled_raw"`
	Periods      []SupplierPeriod `json:"periods"`
}

func lookupNames(names Names, gstins []string) map[string]string {
	if names == nil || len(gstins) == 0 {
		return map[string]string{}
	}
	m := names(gstins)
	if m == nil {
		return map[string]string{}
	}
	return m
}

// Suppliers returns the supplier summary over the scope, the largest tax first. It reads one
// stored row per supplier and period (totals are kept at save time).
func Suppliers(ctx context.Context, sdb *sql.DB, sc Scope, names Names) ([]SupplierSummary, error) {
	db, err := reader(ctx, sdb)
	if err != nil {
		return nil, err
	}
	defer db.Close()
	r, err := resolve(ctx, db, sc)
	if err != nil {
		return nil, err
	}
	in, args := r.sids()
	rows, err := db.QueryContext(ctx, `SELECT sid, ctin, pan, cfs, cfs3b, filed_on, filed_period, dtcancel, cancelled_on,
		invoice_count, value, taxable, igst, cgst, sgst, cess FROM gstr2a_suppliers WHERE sid IN `+in+` ORDER BY ctin, sid`, args...)
	if err != nil {
		return nil, fmt.Errorf("gstr2a: suppliers: %w", err)
	}
	defer rows.Close()
	out := []SupplierSummary{}
	idx := map[string]int{}
	for rows.Next() {
		var sid int64
		var ctin, pan, cancelRaw, cancelOn string
		var sp SupplierPeriod
		var a Amounts
		if err := rows.Scan(&sid, &ctin, &pan, &sp.CFS, &sp.CFS3B, &sp.FiledOn, &sp.FiledPeriod, &cancelRaw, &cancelOn,
			&sp.Invoices, &a.Value, &a.Taxable, &a.IGST, &a.CGST, &a.SGST, &a.Cess); err != nil {
			return nil, fmt.Errorf("gstr2a: suppliers: %w", err)
		}
		sp.Period = r.byID[sid].Period
		i, ok := idx[ctin]
		if !ok {
			i = len(out)
			idx[ctin] = i
			out = append(out, SupplierSummary{GSTIN: ctin, PAN: pan, FiledGSTR1: "Y", FiledGSTR3B: "Y", NotFiledPeriods: []string{}})
		}
		s := &out[i]
		s.Invoices += sp.Invoices
		s.Amounts.add(a)
		if sp.CFS != "Y" {
			s.FiledGSTR1 = "N"
		}
		if sp.CFS3B != "Y" {
			s.FiledGSTR3B = "N"
		}
		if sp.CFS != "Y" || sp.CFS3B != "Y" {
			s.NotFiledPeriods = append(s.NotFiledPeriods, sp.Period)
		}
		if sp.FiledOn > s.LastFiledOn {
			s.LastFiledOn = sp.FiledOn
		}
		if sp.FiledPeriod > s.LastFiledPeriod {
			s.LastFiledPeriod = sp.FiledPeriod
		}
		if cancelRaw != "" {
			s.CancelledOn, s.CancelledRaw = cancelOn, cancelRaw
		}
		s.Periods = append(s.Periods, sp)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("gstr2a: suppliers: %w", err)
	}
	gstins := make([]string, len(out))
	for i := range out {
		gstins[i] = out[i].GSTIN
		out[i].Tax = out[i].Amounts.Tax()
		sort.Strings(out[i].NotFiledPeriods)
		sort.Slice(out[i].Periods, func(a, b int) bool { return out[i].Periods[a].Period < out[i].Periods[b].Period })
	}
	nm := lookupNames(names, gstins)
	for i := range out {
		out[i].Name = nm[out[i].GSTIN]
	}
	sort.SliceStable(out, func(a, b int) bool {
		if out[a].Tax != out[b].Tax {
			return out[a].Tax > out[b].Tax
		}
		return out[a].GSTIN < out[b].GSTIN
	})
	return out, nil
}

// SupplierTax is one bar of the "tax by supplier" chart.
type SupplierTax struct {
	GSTIN   string `json:"gstin"`
	Name    string `json:"name"`
	Taxable Paise  `json:"taxable"`
	Tax     Paise  `json:"tax"`
}

// TaxBySupplier returns the n suppliers with the most tax over the scope (all when n <= 0).
func TaxBySupplier(ctx context.Context, db *sql.DB, sc Scope, n int, names Names) ([]SupplierTax, error) {
	sums, err := Suppliers(ctx, db, sc, nil)
	if err != nil {
		return nil, err
	}
	if n > 0 && len(sums) > n {
		sums = sums[:n]
	}
	out := make([]SupplierTax, len(sums))
	gstins := make([]string, len(sums))
	for i, s := range sums {
		out[i] = SupplierTax{GSTIN: s.GSTIN, Taxable: s.Amounts.Taxable, Tax: s.Tax}
		gstins[i] = s.GSTIN
	}
	nm := lookupNames(names, gstins)
	for i := range out {
		out[i].Name = nm[out[i].GSTIN]
	}
	return out, nil
}

// MonthTax is one bar of the "ITC by month" chart (a return period).
type MonthTax struct {
	Period  string `json:"period"`
	Taxable Paise  `json:"taxable"`
	IGST    Paise  `json:"igst"`
	CGST    Paise  `json:"cgst"`
	SGST    Paise  `json:"sgst"`
	Cess    Paise  `json:"cess"`
	Tax     Paise  `json:"tax"`
}

// TaxByMonth returns the tax of each period of the scope, in period order.
func TaxByMonth(ctx context.Context, db *sql.DB, sc Scope) ([]MonthTax, error) {
	r, err := resolve(ctx, db, sc)
	if err != nil {
		return nil, err
	}
	out := []MonthTax{}
	for _, s := range r.snaps {
		a := s.Totals
		out = append(out, MonthTax{Period: s.Period, Taxable: a.Taxable, IGST: a.IGST, CGST: a.CGST, SGST: a.SGST, Cess: a.Cess, Tax: a.Tax()})
	}
	return out, nil
}

// LineItem is one stored line item of an invoice, for the drill-down.
type LineItem struct {
	Seq  int   `json:"seq"`
	Num  int64 `json:"num"`
	Rate Rate  `json:"rate"`
	// Taxable and the taxes; a tax the service omitted reads 0 with its Has flag false.
	Taxable Paise `json:"taxable"`
	IGST    Paise `json:"igst"`
	CGST    Paise `json:"cgst"`
	SGST    Paise `json:"sgst"`
	Cess    Paise `json:"cess"`
	HasIGST bool  `json:"has_igst"`
	HasCGST bool  `json:"has_cgst"`
	HasSGST bool  `json:"has_sgst"`
	HasCess bool  `json:"has_cess"`
}

// Tax returns the item's IGST + CGST + SGST + cess.
func (li LineItem) Tax() Paise { return li.IGST + li.CGST + li.SGST + li.Cess }

// Items returns the line items of an invoice (InvoiceRow.ID) in the order given.
func Items(ctx context.Context, db *sql.DB, invoiceID int64) ([]LineItem, error) {
	var n int
	if err := db.QueryRowContext(ctx, `SELECT count(*) FROM gstr2a_invoices WHERE id = ?`, invoiceID).Scan(&n); err != nil {
		return nil, fmt.Errorf("gstr2a: items: %w", err)
	}
	if n == 0 {
		return nil, apperr.New(apperr.NotFound, "There is no stored GSTR-2A invoice %d; its pull may have been deleted.", invoiceID)
	}
	out := []LineItem{}
	err := eachItems(ctx, db, invoiceID, invoiceID, func(_ int64, items []Item) error {
		out = lineItems(out, items)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("gstr2a: items: %w", err)
	}
	return out, nil
}

// lineItems appends items as LineItems (Seq from 0) to dst.
func lineItems(dst []LineItem, items []Item) []LineItem {
	for i := range items {
		dt := &items[i].Detail
		li := LineItem{Seq: i, Num: items[i].Num, Rate: dt.Rate, Taxable: dt.Taxable}
		li.IGST, li.HasIGST = derefOK(dt.IGST)
		li.CGST, li.HasCGST = derefOK(dt.CGST)
		li.SGST, li.HasSGST = derefOK(dt.SGST)
		li.Cess, li.HasCess = derefOK(dt.Cess)
		dst = append(dst, li)
	}
	return dst
}

func derefOK(p *Paise) (Paise, bool) {
	if p == nil {
		return 0, false
	}
	return *p, true
}

// rateHundredths turns a rate typed as a percentage (18, 0.25) into hundredths.
func rateHundredths(pct float64) Rate { return Rate(math.Round(pct * 100)) }
