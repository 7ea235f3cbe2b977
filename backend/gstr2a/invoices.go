package gstr2a

import (
	"context"
	"database/sql"
	"fmt"
	"sort"
	"strings"

	"gstdesk/backend/apperr"
)

// InvoiceFilter narrows the invoice table; empty fields do not filter.
type InvoiceFilter struct {
	// Supplier matches a supplier GSTIN or name containing it (any case).
	Supplier string `json:"supplier"`
	// Number matches invoice numbers containing it (any case).
	Number string `json:"number"`
	// DateFrom and DateTo bound the invoice date, inclusive (YYYY-MM-DD, DD-MM-YYYY or DD/MM/YYYY).
	DateFrom string `json:"date_from"`
	DateTo   string `json:"date_to"`
	// Rate keeps invoices with an item at this rate in percent (18, 0.25); nil for any.
	Rate *float64 `json:"rate"`
	// POS is the place of supply, a two-digit state code.
	POS string `json:"pos"`
	// ReverseCharge is "Y" or "N".
	ReverseCharge string `json:"reverse_charge"`
	// Type is an invoice type code (R, SEZWP, SEZWOP, DE, CBW).
	Type string `json:"type"`
	// EInvoice is "Y" for e-invoices (IRN present) only, "N" for the others.
	EInvoice string `json:"einvoice"`
	// SupplierFiled is "Y" for suppliers that filed GSTR-1 for the period (cfs), "N" for those
	// that did not; SupplierFiled3B likewise for GSTR-3B (cfs3b).
	SupplierFiled   string `json:"supplier_filed"`
	SupplierFiled3B string `json:"supplier_filed_3b"`
	// Period keeps one period of the scope (YYYY-MM).
	Period string `json:"period"`
}

// Sort keys of the invoice table.
const (
	SortSupplierGSTIN = "supplier_gstin"
	SortSupplierName  = "supplier_name"
	SortNumber        = "invoice_number"
	SortDate          = "invoice_date"
	SortType          = "invoice_type"
	SortPOS           = "pos"
	SortReverseCharge = "reverse_charge"
	SortValue         = "value"
	SortTaxable       = "taxable"
	SortIGST          = "igst"
	SortCGST          = "cgst"
	SortSGST          = "sgst"
	SortCess          = "cess"
	SortTax           = "tax"
	SortPeriod        = "period"
	SortEInvoice      = "einvoice"
	SortIRN           = "irn"
)

var sortExpr = map[string]string{
	SortSupplierGSTIN: "i.ctin",
	SortNumber:        "i.inum",
	SortDate:          "i.inv_date",
	SortType:          "i.inv_typ",
	SortPOS:           "i.pos",
	SortReverseCharge: "i.rchrg",
	SortValue:         "i.val",
	SortTaxable:       "i.taxable",
	SortIGST:          "i.igst",
	SortCGST:          "i.cgst",
	SortSGST:          "i.sgst",
	SortCess:          "i.cess",
	SortTax:           "(i.igst + i.cgst + i.sgst + i.cess)",
	SortEInvoice:      "(i.irn IS NOT NULL)",
	SortIRN:           "i.irn",
	// SortPeriod and SortSupplierName are built per query.
}

// SortKeys lists every sort key the invoice table accepts.
func SortKeys() []string {
	keys := []string{SortPeriod, SortSupplierName}
	for k := range sortExpr {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// InvoiceQuery asks for one page of the invoice table.
type InvoiceQuery struct {
	Filter InvoiceFilter `json:"filter"`
	// Sort is a sort key (SortKeys); "" keeps the service's order.
	Sort string `json:"sort"`
	Desc bool   `json:"desc"`
	// Offset and Limit page the rows; Limit <= 0 returns every row.
	Offset int `json:"offset"`
	Limit  int `json:"limit"`
}

// InvoiceRow is one invoice of the table, with what the reconciliation engine needs.
type InvoiceRow struct {
	// ID identifies the stored invoice (for Items).
	ID            int64   `json:"id"`
	SnapshotID    string  `json:"snapshot_id"`
	Period        string  `json:"period"`
	SupplierGSTIN string  `json:"supplier_gstin"`
	SupplierPAN   string  `json:"supplier_pan"`
	SupplierName  string  `json:"supplier_name"`
	Number        string  `json:"invoice_number"`
	NumberNorm    string  `json:"invoice_number_norm"`
	Date          string  `json:"invoice_date"` // YYYY-MM-DD
	DateRaw       string  `json:"idt"`          // as given, DD-MM-YYYY
	Type          string  `json:"invoice_type"`
	POS           string  `json:"pos"`
	ReverseCharge string  `json:"reverse_charge"`
	Amounts       Amounts `json:"amounts"`
	Tax           Paise   `json:"tax"`
	DiffPercent   *Rate   `json:"diff_percent,omitempty"`
	IRN           string  `json:"irn"`
	IRNDate       string  `json:"irn_date"`
	SourceType    string  `json:"source_type"`
	Checksum      string  `json:"chksum"`
	// CFS, CFS3B and the cancellation are the supplier's, in the invoice's period.
	CFS         string `json:"cfs"`
	CFS3B       string `json:"cfs3b"`
	CancelledOn string `json:"cancelled_on"`
	Items       int    `json:"items"`
}

// Key is the invoice's identity across pulls: supplier GSTIN, invoice number and type.
func (r *InvoiceRow) Key() string { return r.SupplierGSTIN + "|" + r.Number + "|" + r.Type }

// InvoicePage is one page of the invoice table.
type InvoicePage struct {
	Rows []InvoiceRow `json:"rows"`
	// Total is the number of invoices that pass the filter; Totals are their sums.
	Total  int     `json:"total"`
	Totals Amounts `json:"totals"`
	Tax    Paise   `json:"tax"`
	// Unfiltered is the number of invoices in the scope.
	Unfiltered int `json:"unfiltered"`
}

func normDate(s, field string) (string, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return "", nil
	}
	if len(s) == 10 && s[4] == '-' {
		if d, ok := isoDate(atoi4(s[:4]), atoi2(s[5:7]), atoi2(s[8:])); ok {
			return d, nil
		}
	}
	if d, ok := parseAnyDate(s); ok {
		return d, nil
	}
	return "", apperr.New(apperr.Invalid, "The %s %q is not a date: write it DD/MM/YYYY.", field, s)
}

// likeEscape escapes s for LIKE ... ESCAPE '\'.
func likeEscape(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)
	return "%" + r.Replace(s) + "%"
}

// where builds the filter condition over invoices i.
func (r *resolved) where(ctx context.Context, db querier, f InvoiceFilter, names Names) (string, []any, error) {
	var conds []string
	var args []any
	add := func(c string, a ...any) {
		conds = append(conds, c)
		args = append(args, a...)
	}
	set, err := r.supplierSets(ctx, db, f, names)
	if err != nil {
		return "", nil, err
	}
	if set == nil {
		c, a := r.rangeWhere("i.id", false)
		add(c, a...)
	} else {
		c, a := r.supplierWhere(set)
		add(c, a...)
	}
	if s := strings.TrimSpace(f.Number); s != "" {
		add(`i.inum LIKE ? ESCAPE '\'`, likeEscape(s))
	}
	from, err := normDate(f.DateFrom, "from date")
	if err != nil {
		return "", nil, err
	}
	to, err := normDate(f.DateTo, "to date")
	if err != nil {
		return "", nil, err
	}
	if from != "" {
		add("i.inv_date >= ?", from)
	}
	if to != "" {
		add("i.inv_date <= ?", to)
	}
	if f.Rate != nil {
		rt := rateHundredths(*f.Rate)
		bit := rateBit(rt)
		if bit == otherRateBit {
			add(`(i.rate_mask & ?) != 0 AND EXISTS (SELECT 1 FROM json_each(i.items) t WHERE t.value ->> 1 = ?)`,
				int64(1)<<otherRateBit, int64(rt))
		} else {
			add("(i.rate_mask & ?) != 0", int64(1)<<bit)
		}
	}
	if f.POS != "" {
		add("i.pos = ?", strings.TrimSpace(f.POS))
	}
	if f.ReverseCharge != "" {
		add("i.rchrg = ?", strings.ToUpper(f.ReverseCharge))
	}
	if f.Type != "" {
		add("i.inv_typ = ?", strings.ToUpper(f.Type))
	}
	switch strings.ToUpper(f.EInvoice) {
	case "":
	case "Y":
		add("i.irn IS NOT NULL")
	case "N":
		add("i.irn IS NULL")
	default:
		return "", nil, apperr.New(apperr.Invalid, "The e-invoice filter %q should be Y or N.", f.EInvoice)
	}
	if f.Period != "" {
		var sids []any
		for _, s := range r.snaps {
			if s.Period == f.Period {
				sids = append(sids, s.sid)
			}
		}
		if len(sids) == 0 {
			add("0")
		} else {
			add("i.sid IN ("+strings.TrimSuffix(strings.Repeat("?,", len(sids)), ",")+")", sids...)
		}
	}
	return strings.Join(conds, " AND "), args, nil
}

// supplierSets applies the filters about suppliers (GSTIN or name, filing flags) to the scope's
// suppliers and returns the GSTINs kept per snapshot; nil when no such filter is set.
func (r *resolved) supplierSets(ctx context.Context, db querier, f InvoiceFilter, names Names) (*supplierSet, error) {
	text := strings.ToUpper(strings.TrimSpace(f.Supplier))
	filed, filed3b := strings.ToUpper(f.SupplierFiled), strings.ToUpper(f.SupplierFiled3B)
	for _, v := range []string{filed, filed3b} {
		if v != "" && v != "Y" && v != "N" {
			return nil, apperr.New(apperr.Invalid, "The supplier-filed filter %q should be Y or N.", v)
		}
	}
	if text == "" && filed == "" && filed3b == "" {
		return nil, nil
	}
	memo := [3]string{text, filed, filed3b}
	if s, ok := r.sets[memo]; ok {
		return s, nil
	}
	in, args := r.sids()
	rows, err := db.QueryContext(ctx, `SELECT sid, ctin, cfs, cfs3b, inv_first, invoice_count FROM gstr2a_suppliers WHERE sid IN `+in+` ORDER BY sid, seq`, args...)
	if err != nil {
		return nil, fmt.Errorf("gstr2a: suppliers: %w", err)
	}
	type sup struct {
		sid              int64
		ctin, cfs, cfs3b string
		first, n         int64
	}
	var all []sup
	var gstins []string
	seen := map[string]bool{}
	for rows.Next() {
		var s sup
		if err := rows.Scan(&s.sid, &s.ctin, &s.cfs, &s.cfs3b, &s.first, &s.n); err != nil {
			rows.Close()
			return nil, err
		}
		all = append(all, s)
		if !seen[s.ctin] {
			seen[s.ctin] = true
			gstins = append(gstins, s.ctin)
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	var nm map[string]string
	if text != "" {
		nm = lookupNames(names, gstins)
	}
	flagOK := func(want, got string) bool {
		return want == "" || (want == "Y") == (got == "Y")
	}
	out := &supplierSet{kept: map[int64][]string{}, dropped: map[int64][]string{}}
	for _, s := range all {
		if (text != "" && !strings.Contains(s.ctin, text) && !strings.Contains(strings.ToUpper(nm[s.ctin]), text)) ||
			!flagOK(filed, s.cfs) || !flagOK(filed3b, s.cfs3b) {
			out.dropped[s.sid] = append(out.dropped[s.sid], s.ctin)
			continue
		}
		out.kept[s.sid] = append(out.kept[s.sid], s.ctin)
		out.ranges = addRange(out.ranges, s.first, s.n)
	}
	if r.sets == nil {
		r.sets = map[[3]string]*supplierSet{}
	}
	r.sets[memo] = out
	return out, nil
}

// size is the number of suppliers kept.
func (s *supplierSet) size() int {
	n := 0
	for _, c := range s.kept {
		n += len(c)
	}
	return n
}

// supplierSet is the outcome of the supplier filters: per snapshot, the suppliers kept and
// dropped.
type supplierSet struct {
	kept, dropped map[int64][]string
	// ranges are the invoice id ranges of the kept suppliers (a supplier's invoices have
	// consecutive ids), in id order.
	ranges [][2]int64
}

// indexedSuppliersMax is the most suppliers read by their invoice id ranges; more are filtered
// while scanning the snapshots' id ranges (tests lower it to reach every path).
var indexedSuppliersMax = 500

// addRange adds the ids [first, first+n) to ranges (kept in id order), joining it to the last
// range when they touch.
func addRange(ranges [][2]int64, first, n int64) [][2]int64 {
	if n <= 0 {
		return ranges
	}
	if k := len(ranges); k > 0 && ranges[k-1][1]+1 == first {
		ranges[k-1][1] = first + n - 1
		return ranges
	}
	return append(ranges, [2]int64{first, first + n - 1})
}

// rangesWhere selects the invoices whose id is in one of ranges.
func rangesWhere(ranges [][2]int64) (string, []any) {
	if len(ranges) == 0 {
		return "0", nil
	}
	parts := make([]string, len(ranges))
	args := make([]any, 0, 2*len(ranges))
	for i, r := range ranges {
		parts[i] = "i.id BETWEEN ? AND ?"
		args = append(args, r[0], r[1])
	}
	return "(" + strings.Join(parts, " OR ") + ")", args
}

// supplierWhere selects the invoices of the kept suppliers: by their id ranges when they are
// few, else by scanning each snapshot's id range.
func (r *resolved) supplierWhere(set *supplierSet) (string, []any) {
	n := set.size()
	if n == 0 {
		return "0", nil
	}
	if n <= indexedSuppliersMax {
		return rangesWhere(set.ranges)
	}
	list := func(ctins []string) string {
		return "(" + strings.TrimSuffix(strings.Repeat("?,", len(ctins)), ",") + ")"
	}
	var parts []string
	var args []any
	for _, s := range r.snaps {
		kept, dropped := set.kept[s.sid], set.dropped[s.sid]
		switch {
		case len(kept) == 0:
			continue
		case len(dropped) == 0:
			parts = append(parts, "(i.id BETWEEN ? AND ?)")
			args = append(args, s.first, s.last)
		case len(dropped) < len(kept):
			parts = append(parts, "(i.id BETWEEN ? AND ? AND +i.ctin NOT IN "+list(dropped)+")")
			args = append(args, s.first, s.last)
			for _, c := range dropped {
				args = append(args, c)
			}
		default:
			parts = append(parts, "(i.id BETWEEN ? AND ? AND +i.ctin IN "+list(kept)+")")
			args = append(args, s.first, s.last)
			for _, c := range kept {
				args = append(args, c)
			}
		}
	}
	return "(" + strings.Join(parts, " OR ") + ")", args
}

func (r *resolved) ctins(ctx context.Context, db querier) ([]string, error) {
	in, args := r.sids()
	rows, err := db.QueryContext(ctx, `SELECT DISTINCT ctin FROM gstr2a_suppliers WHERE sid IN `+in+` ORDER BY ctin`, args...)
	if err != nil {
		return nil, fmt.Errorf("gstr2a: suppliers: %w", err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var c string
		if err := rows.Scan(&c); err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

const invoiceCols = `i.id, i.sid, i.supplier_seq, i.ctin, i.inum, i.inum_norm, i.inv_date, i.idt, i.inv_typ, i.pos, i.rchrg,
	i.val, i.taxable, i.igst, i.cgst, i.sgst, i.cess, i.diff_percent, coalesce(i.irn, ''), coalesce(i.irngendate, ''),
	coalesce(i.srctyp, ''), i.chksum, i.item_count`

type supRef struct {
	sid int64
	seq int
}

func scanInvoice(rows *sql.Rows, r *resolved) (InvoiceRow, supRef, error) {
	var row InvoiceRow
	var ref supRef
	var diff sql.NullInt64
	a := &row.Amounts
	err := rows.Scan(&row.ID, &ref.sid, &ref.seq, &row.SupplierGSTIN, &row.Number, &row.NumberNorm, &row.Date, &row.DateRaw,
		&row.Type, &row.POS, &row.ReverseCharge, &a.Value, &a.Taxable, &a.IGST, &a.CGST, &a.SGST, &a.Cess, &diff,
		&row.IRN, &row.IRNDate, &row.SourceType, &row.Checksum, &row.Items)
	if err != nil {
		return row, ref, err
	}
	if diff.Valid {
		d := Rate(diff.Int64)
		row.DiffPercent = &d
	}
	row.SupplierPAN = PAN(row.SupplierGSTIN)
	row.Tax = a.Tax()
	if s := r.byID[ref.sid]; s != nil {
		row.SnapshotID, row.Period = s.ID, s.Period
	}
	return row, ref, nil
}

// fill adds the supplier flags, item counts and names to rows.
func fill(ctx context.Context, db querier, rows []InvoiceRow, refs []supRef, names Names) error {
	if len(rows) == 0 {
		return nil
	}
	type flags struct{ cfs, cfs3b, cancelled string }
	bySid := map[int64][]int{}
	for _, ref := range refs {
		bySid[ref.sid] = append(bySid[ref.sid], ref.seq)
	}
	got := map[supRef]flags{}
	for sid, seqs := range bySid {
		q, err := db.QueryContext(ctx, `SELECT seq, cfs, cfs3b, cancelled_on FROM gstr2a_suppliers WHERE sid = ? AND seq BETWEEN ? AND ?`,
			sid, minInt(seqs), maxInt(seqs))
		if err != nil {
			return fmt.Errorf("gstr2a: invoice suppliers: %w", err)
		}
		for q.Next() {
			var seq int
			var f flags
			if err := q.Scan(&seq, &f.cfs, &f.cfs3b, &f.cancelled); err != nil {
				q.Close()
				return err
			}
			got[supRef{sid, seq}] = f
		}
		q.Close()
		if err := q.Err(); err != nil {
			return err
		}
	}
	var gstins []string
	seen := map[string]bool{}
	for i := range rows {
		f := got[refs[i]]
		rows[i].CFS, rows[i].CFS3B, rows[i].CancelledOn = f.cfs, f.cfs3b, f.cancelled
		if !seen[rows[i].SupplierGSTIN] {
			seen[rows[i].SupplierGSTIN] = true
			gstins = append(gstins, rows[i].SupplierGSTIN)
		}
	}
	nm := lookupNames(names, gstins)
	for i := range rows {
		rows[i].SupplierName = nm[rows[i].SupplierGSTIN]
	}
	return nil
}

func minInt(v []int) int {
	m := v[0]
	for _, x := range v {
		m = min(m, x)
	}
	return m
}

func maxInt(v []int) int {
	m := v[0]
	for _, x := range v {
		m = max(m, x)
	}
	return m
}

// Invoices returns one page of the invoice table over the scope: filtered, sorted, with the
// filtered count and totals. It reads SQLite only.
func Invoices(ctx context.Context, sdb *sql.DB, sc Scope, q InvoiceQuery, names Names) (InvoicePage, error) {
	db, err := reader(ctx, sdb)
	if err != nil {
		return InvoicePage{}, err
	}
	defer db.Close()
	r, err := resolve(ctx, db, sc)
	if err != nil {
		return InvoicePage{}, err
	}
	page := InvoicePage{Rows: []InvoiceRow{}}
	for _, s := range r.snaps {
		page.Unfiltered += s.Invoices
	}
	if len(r.snaps) == 0 {
		return page, nil
	}
	if memIndex && q.Limit > 0 && q.Limit <= 5000 {
		if page, ok, err := r.memInvoices(ctx, sdb, db, q, names, page); ok || err != nil {
			return page, err
		}
	}
	where, args, err := r.where(ctx, db, q.Filter, names)
	if err != nil {
		return InvoicePage{}, err
	}
	if q.Filter == (InvoiceFilter{}) {
		// No filter: the snapshots' stored totals are the answer.
		page.Total = page.Unfiltered
		for _, s := range r.snaps {
			page.Totals.add(s.Totals)
		}
	} else if set, _ := r.supplierSets(ctx, db, q.Filter, names); supplierOnly(q.Filter) && set != nil && set.size() > indexedSuppliersMax {
		// Only supplier filters keeping many suppliers: their stored totals are the answer
		// (few suppliers are summed faster from their invoices through the index).
		if page.Total, page.Totals, err = r.supplierTotals(ctx, db, q.Filter, names); err != nil {
			return InvoicePage{}, err
		}
	} else if err := db.QueryRowContext(ctx, `SELECT count(*), coalesce(sum(val), 0), coalesce(sum(taxable), 0), coalesce(sum(igst), 0),
		coalesce(sum(cgst), 0), coalesce(sum(sgst), 0), coalesce(sum(cess), 0) FROM gstr2a_invoices i WHERE `+where, args...).Scan(
		&page.Total, &page.Totals.Value, &page.Totals.Taxable, &page.Totals.IGST, &page.Totals.CGST, &page.Totals.SGST, &page.Totals.Cess); err != nil {
		return InvoicePage{}, fmt.Errorf("gstr2a: invoice totals: %w", err)
	}
	page.Tax = page.Totals.Tax()
	rows, refs, err := r.page(ctx, db, where, args, q, names)
	if err != nil {
		return InvoicePage{}, err
	}
	if err := fill(ctx, db, rows, refs, names); err != nil {
		return InvoicePage{}, err
	}
	page.Rows = rows
	return page, nil
}

// errByName tells page to sort by supplier name itself.
var errByName = fmt.Errorf("gstr2a: sort by name")

// order builds the ORDER BY for a sort key (not the supplier name: see pageByName).
func (r *resolved) order(ctx context.Context, db querier, q InvoiceQuery, names Names) (string, []any, error) {
	dir := " ASC"
	if q.Desc {
		dir = " DESC"
	}
	switch q.Sort {
	case "":
		return "i.id" + dir, nil, nil
	case SortPeriod:
		var args []any
		expr := "CASE i.sid"
		for _, s := range r.snaps {
			expr += " WHEN ? THEN ?"
			args = append(args, s.sid, s.Period)
		}
		return expr + " END" + dir + ", i.id", args, nil
	case SortSupplierName:
		return "", nil, errByName
	}
	expr, ok := sortExpr[q.Sort]
	if !ok {
		return "", nil, apperr.New(apperr.Invalid, "The invoice table cannot be sorted by %q; use one of %s.", q.Sort, strings.Join(SortKeys(), ", "))
	}
	return expr + dir + ", i.id" + dir, nil, nil
}

func (r *resolved) page(ctx context.Context, db querier, where string, args []any, q InvoiceQuery, names Names) ([]InvoiceRow, []supRef, error) {
	order, oargs, err := r.order(ctx, db, q, names)
	if err == errByName {
		return r.pageByName(ctx, db, where, args, q, names)
	}
	if err != nil {
		return nil, nil, err
	}
	// Sort ids only, then read the page's rows: SQLite would otherwise build every column of
	// every matching row just to sort it.
	tail := ` FROM gstr2a_invoices i WHERE ` + where + ` ORDER BY ` + order
	all := append(append([]any{}, args...), oargs...)
	if q.Limit > 0 {
		tail += ` LIMIT ? OFFSET ?`
		all = append(all, q.Limit, max(q.Offset, 0))
	} else if q.Offset > 0 {
		tail += ` LIMIT -1 OFFSET ?`
		all = append(all, q.Offset)
	}
	if q.Limit <= 0 || q.Limit > 5000 {
		// Whole views (exports): one pass.
		return r.readRows(ctx, db, `SELECT `+invoiceCols+tail, all)
	}
	idRows, err := db.QueryContext(ctx, `SELECT i.id`+tail, all...)
	if err != nil {
		return nil, nil, fmt.Errorf("gstr2a: invoices: %w", err)
	}
	var ids []int64
	for idRows.Next() {
		var id int64
		if err := idRows.Scan(&id); err != nil {
			idRows.Close()
			return nil, nil, err
		}
		ids = append(ids, id)
	}
	idRows.Close()
	if err := idRows.Err(); err != nil {
		return nil, nil, err
	}
	return r.rowsByID(ctx, db, ids)
}

// rowsByID reads the invoices of ids, in that order.
func (r *resolved) rowsByID(ctx context.Context, db querier, idList []int64) ([]InvoiceRow, []supRef, error) {
	ids := make([]any, len(idList))
	for i, id := range idList {
		ids[i] = id
	}
	if len(ids) == 0 {
		return []InvoiceRow{}, nil, nil
	}
	rows, refs, err := r.readRows(ctx, db, `SELECT `+invoiceCols+` FROM gstr2a_invoices i WHERE i.id IN (`+
		strings.TrimSuffix(strings.Repeat("?,", len(ids)), ",")+`)`, ids)
	if err != nil {
		return nil, nil, err
	}
	pos := make(map[int64]int, len(ids))
	for i, id := range ids {
		pos[id.(int64)] = i
	}
	outRows := make([]InvoiceRow, len(ids))
	outRefs := make([]supRef, len(ids))
	for i := range rows {
		p := pos[rows[i].ID]
		outRows[p], outRefs[p] = rows[i], refs[i]
	}
	return outRows, outRefs, nil
}

func (r *resolved) readRows(ctx context.Context, db querier, sqlText string, args []any) ([]InvoiceRow, []supRef, error) {
	rows, err := db.QueryContext(ctx, sqlText, args...)
	if err != nil {
		return nil, nil, fmt.Errorf("gstr2a: invoices: %w", err)
	}
	defer rows.Close()
	out := []InvoiceRow{}
	var refs []supRef
	for rows.Next() {
		row, ref, err := scanInvoice(rows, r)
		if err != nil {
			return nil, nil, fmt.Errorf("gstr2a: invoices: %w", err)
		}
		out = append(out, row)
		refs = append(refs, ref)
	}
	return out, refs, rows.Err()
}

// supplierOnly reports whether a filter has only supplier-level conditions.
func supplierOnly(f InvoiceFilter) bool {
	return f.Number == "" && f.DateFrom == "" && f.DateTo == "" && f.Rate == nil && f.POS == "" &&
		f.ReverseCharge == "" && f.Type == "" && f.EInvoice == "" && f.Period == ""
}

// supplierTotals sums the stored totals of the suppliers a supplier-only filter keeps.
func (r *resolved) supplierTotals(ctx context.Context, db querier, f InvoiceFilter, names Names) (int, Amounts, error) {
	set, err := r.supplierSets(ctx, db, f, names)
	if err != nil {
		return 0, Amounts{}, err
	}
	keep := map[int64]map[string]bool{}
	for sid, kept := range set.kept {
		keep[sid] = map[string]bool{}
		for _, c := range kept {
			keep[sid][c] = true
		}
	}
	in, args := r.sids()
	rows, err := db.QueryContext(ctx, `SELECT sid, ctin, invoice_count, value, taxable, igst, cgst, sgst, cess
		FROM gstr2a_suppliers WHERE sid IN `+in, args...)
	if err != nil {
		return 0, Amounts{}, fmt.Errorf("gstr2a: supplier totals: %w", err)
	}
	defer rows.Close()
	n := 0
	var sum Amounts
	for rows.Next() {
		var sid int64
		var ctin string
		var cnt int
		var a Amounts
		if err := rows.Scan(&sid, &ctin, &cnt, &a.Value, &a.Taxable, &a.IGST, &a.CGST, &a.SGST, &a.Cess); err != nil {
			return 0, Amounts{}, err
		}
		if keep[sid][ctin] {
			n += cnt
			sum.add(a)
		}
	}
	return n, sum, rows.Err()
}

// pageByName pages the table in supplier-name order: names live outside the database, so it
// counts the filtered invoices per supplier, ranks the suppliers by name in Go, and reads only
// the suppliers that the page window covers.
func (r *resolved) pageByName(ctx context.Context, db querier, where string, args []any, q InvoiceQuery, names Names) ([]InvoiceRow, []supRef, error) {
	countSQL, countArgs := `SELECT i.ctin, count(*) FROM gstr2a_invoices i WHERE `+where+` GROUP BY i.ctin`, args
	if f := q.Filter; supplierOnly(f) {
		// Only supplier-level filters: the stored per-supplier counts answer, after the same
		// supplier filters.
		set, err := r.supplierSets(ctx, db, f, names)
		if err != nil {
			return nil, nil, err
		}
		in, sargs := r.sids()
		countSQL, countArgs = `SELECT ctin, sum(invoice_count) FROM gstr2a_suppliers WHERE sid IN `+in+` GROUP BY ctin`, sargs
		if set != nil {
			var ors []string
			countArgs = nil
			for sid, kept := range set.kept {
				if len(kept) == 0 {
					continue
				}
				ors = append(ors, "(sid = ? AND ctin IN ("+strings.TrimSuffix(strings.Repeat("?,", len(kept)), ",")+"))")
				countArgs = append(countArgs, sid)
				for _, c := range kept {
					countArgs = append(countArgs, c)
				}
			}
			if len(ors) == 0 {
				ors = []string{"0"}
			}
			countSQL = `SELECT ctin, sum(invoice_count) FROM gstr2a_suppliers WHERE ` + strings.Join(ors, " OR ") + ` GROUP BY ctin`
		}
	}
	rows, err := db.QueryContext(ctx, countSQL, countArgs...)
	if err != nil {
		return nil, nil, fmt.Errorf("gstr2a: invoices by name: %w", err)
	}
	type group struct {
		ctin, name string
		n          int
	}
	var groups []group
	for rows.Next() {
		var g group
		if err := rows.Scan(&g.ctin, &g.n); err != nil {
			rows.Close()
			return nil, nil, err
		}
		groups = append(groups, g)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, nil, err
	}
	gstins := make([]string, len(groups))
	for i := range groups {
		gstins[i] = groups[i].ctin
	}
	nm := lookupNames(names, gstins)
	for i := range groups {
		groups[i].name = strings.ToUpper(nm[groups[i].ctin])
	}
	less := func(a, b group) bool {
		if a.name != b.name {
			if a.name == "" || b.name == "" { // suppliers with no name after the named ones
				return b.name == ""
			}
			return a.name < b.name
		}
		return a.ctin < b.ctin
	}
	sort.Slice(groups, func(i, j int) bool {
		if q.Desc {
			return less(groups[j], groups[i])
		}
		return less(groups[i], groups[j])
	})
	start, end := max(q.Offset, 0), -1
	if q.Limit > 0 {
		end = start + q.Limit
	}
	// Pick the suppliers overlapping [start, end).
	var window []group
	skip, pos := 0, 0
	for _, g := range groups {
		if pos+g.n > start && (end < 0 || pos < end) {
			if len(window) == 0 {
				skip = start - pos
			}
			window = append(window, g)
		}
		pos += g.n
	}
	if len(window) == 0 {
		return []InvoiceRow{}, nil, nil
	}
	rank := map[string]int{}
	in, wargs := r.sids()
	for i, g := range window {
		rank[g.ctin] = i
		wargs = append(wargs, g.ctin)
	}
	// The window's suppliers by their invoice id ranges; the id ranges in where are made
	// unusable as an index ("+i.id") so SQLite does not scan them instead.
	var ranges [][2]int64
	rows, err = db.QueryContext(ctx, `SELECT inv_first, invoice_count FROM gstr2a_suppliers WHERE sid IN `+in+
		` AND ctin IN (`+strings.TrimSuffix(strings.Repeat("?,", len(window)), ",")+`) ORDER BY inv_first`, wargs...)
	if err != nil {
		return nil, nil, fmt.Errorf("gstr2a: invoices by name: %w", err)
	}
	for rows.Next() {
		var first, n int64
		if err := rows.Scan(&first, &n); err != nil {
			rows.Close()
			return nil, nil, err
		}
		ranges = addRange(ranges, first, n)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, nil, err
	}
	rw, rargs := rangesWhere(ranges)
	dir := ""
	if q.Desc {
		dir = " DESC"
	}
	rows, err = db.QueryContext(ctx, `SELECT `+invoiceCols+` FROM gstr2a_invoices i WHERE `+rw+` AND `+
		strings.ReplaceAll(where, "i.id BETWEEN", "+i.id BETWEEN")+` ORDER BY i.id`+dir, append(rargs, args...)...)
	if err != nil {
		return nil, nil, fmt.Errorf("gstr2a: invoices by name: %w", err)
	}
	defer rows.Close()
	var out []InvoiceRow
	var refs []supRef
	for rows.Next() {
		row, ref, err := scanInvoice(rows, r)
		if err != nil {
			return nil, nil, err
		}
		out = append(out, row)
		refs = append(refs, ref)
	}
	if err := rows.Err(); err != nil {
		return nil, nil, err
	}
	idx := make([]int, len(out))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return rank[out[idx[a]].SupplierGSTIN] < rank[out[idx[b]].SupplierGSTIN] })
	sorted := make([]InvoiceRow, 0, len(out))
	srefs := make([]supRef, 0, len(out))
	for _, i := range idx {
		sorted = append(sorted, out[i])
		srefs = append(srefs, refs[i])
	}
	hi := len(sorted)
	if end >= 0 {
		hi = min(hi, skip+q.Limit)
	}
	return sorted[skip:hi], srefs[skip:hi], nil
}

// ReconInvoices returns every invoice of the latest snapshot of each period, with the supplier's
// filing flags and cancellation, in the service's order: what the reconciliation engine reads.
func ReconInvoices(ctx context.Context, db *sql.DB, workspaceID string, periods []string) ([]InvoiceRow, error) {
	page, err := Invoices(ctx, db, Scope{WorkspaceID: workspaceID, Periods: periods}, InvoiceQuery{Sort: SortPeriod}, nil)
	if err != nil {
		return nil, err
	}
	return page.Rows, nil
}

// memIndex turns the in-memory path on (tests turn it off to compare with SQL).
var memIndex = true

// memInvoices answers a page from the snapshots' in-memory indexes; ok is false when the filter
// needs SQL (a rate without its own bit).
func (r *resolved) memInvoices(ctx context.Context, sdb *sql.DB, db querier, q InvoiceQuery, names Names, page InvoicePage) (InvoicePage, bool, error) {
	mf, ok, err := prepareFilter(q.Filter)
	if err != nil || !ok {
		return InvoicePage{}, false, err
	}
	if _, ok := rowCmps[q.Sort]; !ok && q.Sort != "" && q.Sort != SortPeriod && q.Sort != SortSupplierName {
		return InvoicePage{}, false, apperr.New(apperr.Invalid, "The invoice table cannot be sorted by %q; use one of %s.", q.Sort, strings.Join(SortKeys(), ", "))
	}
	xs := make([]*snapIndex, len(r.snaps))
	for i := range r.snaps {
		if xs[i], err = cacheOf(sdb).get(ctx, sdb, db, &r.snaps[i]); err != nil {
			return InvoicePage{}, false, err
		}
	}
	total, sum, ids := memPage(xs, q, mf, names)
	page.Total, page.Totals, page.Tax = total, sum, sum.Tax()
	rows, refs, err := r.rowsByID(ctx, db, ids)
	if err != nil {
		return InvoicePage{}, false, err
	}
	if err := fill(ctx, db, rows, refs, names); err != nil {
		return InvoicePage{}, false, err
	}
	page.Rows = rows
	return page, true, nil
}
