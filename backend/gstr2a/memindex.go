package gstr2a

import (
	"cmp"
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"

	"gstdesk/backend/apperr"
	"gstdesk/backend/store"
)

// The invoice table's pages are filtered, totalled and sorted in Go over a column-oriented copy
// of each snapshot's invoices (a full pass of SQLite over 100,000 invoices costs 30-170 ms; the
// same pass in Go costs a few). Snapshots never change once saved, so a copy never goes stale;
// it is loaded on first use and kept in a small LRU.

// snapIndex is the filterable and sortable columns of one snapshot's invoices, in id order.
type snapIndex struct {
	period string
	ids    []int64
	ctin   []int32 // into ctins
	ctins  []string
	inum   []string
	fold   []string // inum with ASCII letters lowered (SQLite's LIKE folds ASCII only)
	date   []string
	typ    []string
	pos    []string
	rchrg  []string
	amt    [6][]int64 // value, taxable, igst, cgst, sgst, cess
	mask   []int64
	irn    []string
	hasIRN []bool
	// supplier rows by seq: their ctin index and filing flags.
	supCtin       []int32
	supCFS, sup3B []string

	mu    sync.Mutex
	perms map[string][]int32 // sort key -> rows in ascending (key, id) order
}

func (x *snapIndex) size() int { return len(x.ids) }

// indexKey is a snapshot's id: the cache is the database's own (cacheOf).
type indexKey struct {
	id string
}

type indexEntry struct {
	key  indexKey
	once sync.Once
	x    *snapIndex
	err  error
	used uint64
}

// indexCache is an LRU of snapshot indexes bounded by invoices held.
type indexCache struct {
	mu      sync.Mutex
	entries map[indexKey]*indexEntry
	clock   uint64
	maxRows int
}

// cacheOf is the invoice indexes of an open database, attached to it by package store (dropped
// when it is closed).
func cacheOf(db *sql.DB) *indexCache {
	return store.Attached(db, "gstr2a.invoiceIndexes", func() *indexCache {
		return &indexCache{entries: map[indexKey]*indexEntry{}, maxRows: 600_000}
	})
}

// get returns the index of a snapshot, loading it on first use.
func (c *indexCache) get(ctx context.Context, sdb *sql.DB, q querier, s *Snapshot) (*snapIndex, error) {
	k := indexKey{s.ID}
	c.mu.Lock()
	e := c.entries[k]
	if e == nil {
		e = &indexEntry{key: k}
		c.entries[k] = e
	}
	c.clock++
	e.used = c.clock
	c.mu.Unlock()
	e.once.Do(func() { e.x, e.err = loadIndex(ctx, q, s) })
	if e.err != nil {
		c.mu.Lock()
		if c.entries[k] == e {
			delete(c.entries, k)
		}
		c.mu.Unlock()
		return nil, e.err
	}
	c.evict(k)
	return e.x, nil
}

// evict drops the least recently used indexes while more than maxRows invoices are held (never
// the one just used).
func (c *indexCache) evict(keep indexKey) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for {
		rows := 0
		var old *indexEntry
		for k, e := range c.entries {
			if e.x == nil {
				continue
			}
			rows += e.x.size()
			if k != keep && (old == nil || e.used < old.used) {
				old = e
			}
		}
		if rows <= c.maxRows || old == nil {
			return
		}
		delete(c.entries, old.key)
	}
}

// drop forgets a snapshot's index (after it is deleted).
func (c *indexCache) drop(snapshotID string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for k := range c.entries {
		if k.id == snapshotID {
			delete(c.entries, k)
		}
	}
}

func asciiLower(s string) string {
	for i := 0; i < len(s); i++ {
		if 'A' <= s[i] && s[i] <= 'Z' {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				if 'A' <= b[j] && b[j] <= 'Z' {
					b[j] += 'a' - 'A'
				}
			}
			return string(b)
		}
	}
	return s
}

var errNoRaw = errors.New("gstr2a: no driver access")

func loadIndex(ctx context.Context, db querier, s *Snapshot) (*snapIndex, error) {
	n := max(int(s.last-s.first+1), 0)
	x := &snapIndex{period: s.Period, perms: map[string][]int32{}}
	x.ids = make([]int64, 0, n)
	x.ctin = make([]int32, 0, n)
	x.inum = make([]string, 0, n)
	x.fold = make([]string, 0, n)
	x.date = make([]string, 0, n)
	x.typ = make([]string, 0, n)
	x.pos = make([]string, 0, n)
	x.rchrg = make([]string, 0, n)
	for i := range x.amt {
		x.amt[i] = make([]int64, 0, n)
	}
	x.mask = make([]int64, 0, n)
	x.irn = make([]string, 0, n)
	x.hasIRN = make([]bool, 0, n)
	intern := map[string]string{}
	in := func(v string) string {
		if w, ok := intern[v]; ok {
			return w
		}
		intern[v] = v
		return v
	}
	ctinIdx := map[string]int32{}
	ctinOf := func(c string) int32 {
		if i, ok := ctinIdx[c]; ok {
			return i
		}
		i := int32(len(x.ctins))
		ctinIdx[c] = i
		x.ctins = append(x.ctins, c)
		return i
	}
	srows, err := db.QueryContext(ctx, `SELECT seq, ctin, cfs, cfs3b FROM gstr2a_suppliers WHERE sid = ? ORDER BY seq`, s.sid)
	if err != nil {
		return nil, fmt.Errorf("gstr2a: index suppliers: %w", err)
	}
	for srows.Next() {
		var seq int
		var ctin, cfs, cfs3b string
		if err := srows.Scan(&seq, &ctin, &cfs, &cfs3b); err != nil {
			srows.Close()
			return nil, fmt.Errorf("gstr2a: index suppliers: %w", err)
		}
		for len(x.supCtin) < seq {
			x.supCtin, x.supCFS, x.sup3B = append(x.supCtin, -1), append(x.supCFS, ""), append(x.sup3B, "")
		}
		x.supCtin = append(x.supCtin, ctinOf(in(ctin)))
		x.supCFS = append(x.supCFS, in(cfs))
		x.sup3B = append(x.sup3B, in(cfs3b))
	}
	srows.Close()
	if err := srows.Err(); err != nil {
		return nil, fmt.Errorf("gstr2a: index suppliers: %w", err)
	}
	const invSQL = `SELECT id, ctin, inum, inv_date, inv_typ, pos, rchrg, val, taxable, igst, cgst, sgst, cess,
		rate_mask, irn FROM gstr2a_invoices WHERE id BETWEEN ? AND ? ORDER BY id`
	add := func(v []driver.Value) error {
		id, ok1 := v[0].(int64)
		ctin, ok2 := v[1].(string)
		inum, ok3 := v[2].(string)
		date, ok4 := v[3].(string)
		typ, ok5 := v[4].(string)
		pos, ok6 := v[5].(string)
		rchrg, ok7 := v[6].(string)
		mask, ok8 := v[13].(int64)
		if !(ok1 && ok2 && ok3 && ok4 && ok5 && ok6 && ok7 && ok8) {
			return fmt.Errorf("gstr2a: index invoices: unexpected column types in %v", v[:8])
		}
		x.ids = append(x.ids, id)
		x.ctin = append(x.ctin, ctinOf(in(ctin)))
		x.inum = append(x.inum, inum)
		x.fold = append(x.fold, asciiLower(inum))
		x.date = append(x.date, date)
		x.typ = append(x.typ, in(typ))
		x.pos = append(x.pos, in(pos))
		x.rchrg = append(x.rchrg, in(rchrg))
		for i := range x.amt {
			a, ok := v[7+i].(int64)
			if !ok {
				return fmt.Errorf("gstr2a: index invoices: amount %v is not an integer", v[7+i])
			}
			x.amt[i] = append(x.amt[i], a)
		}
		x.mask = append(x.mask, mask)
		irn, ok := v[14].(string)
		x.irn = append(x.irn, irn)
		x.hasIRN = append(x.hasIRN, ok)
		return nil
	}
	// Read through the driver: database/sql's Scan conversions cost more than SQLite here.
	// (a *sql.Conn, or a store.BigConn holding one)
	if c, ok := db.(interface{ Raw(func(any) error) error }); ok {
		err := c.Raw(func(dc any) error {
			qc, ok := dc.(driver.QueryerContext)
			if !ok {
				return errNoRaw
			}
			rows, err := qc.QueryContext(ctx, invSQL, []driver.NamedValue{{Ordinal: 1, Value: s.first}, {Ordinal: 2, Value: s.last}})
			if err != nil {
				return fmt.Errorf("gstr2a: index invoices: %w", err)
			}
			defer rows.Close()
			v := make([]driver.Value, 15)
			for {
				if err := rows.Next(v); err == io.EOF {
					return nil
				} else if err != nil {
					return fmt.Errorf("gstr2a: index invoices: %w", err)
				}
				if err := add(v); err != nil {
					return err
				}
			}
		})
		if err != errNoRaw {
			if err != nil {
				return nil, err
			}
			return x, nil
		}
	}
	rows, err := db.QueryContext(ctx, invSQL, s.first, s.last)
	if err != nil {
		return nil, fmt.Errorf("gstr2a: index invoices: %w", err)
	}
	defer rows.Close()
	v := make([]driver.Value, 15)
	cells := make([]any, 15) // Scan stores into *any (a NULL too), not into *driver.Value
	ptrs := make([]any, 15)
	for i := range cells {
		ptrs[i] = &cells[i]
	}
	for rows.Next() {
		if err := rows.Scan(ptrs...); err != nil {
			return nil, fmt.Errorf("gstr2a: index invoices: %w", err)
		}
		for i, c := range cells {
			v[i] = c
		}
		for i := 1; i < 7; i++ { // Scan into any gives TEXT as []byte
			if b, ok := v[i].([]byte); ok {
				v[i] = string(b)
			}
		}
		if b, ok := v[14].([]byte); ok {
			v[14] = string(b)
		}
		if err := add(v); err != nil {
			return nil, err
		}
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("gstr2a: index invoices: %w", err)
	}
	return x, nil
}

// memFilter is an InvoiceFilter checked and made ready for the in-memory pass.
type memFilter struct {
	supplier, filed, filed3b string
	number                   string
	from, to                 string
	rateBit                  int64
	pos, rchrg, typ          string
	hasPOS                   bool
	einv                     string
	period                   string
	hasPeriod                bool
}

// prepareFilter checks f in the order the SQL path does; ok is false when the filter needs the
// items table (a rate without its own bit), which only SQL answers.
func prepareFilter(f InvoiceFilter) (mf memFilter, ok bool, err error) {
	mf.supplier = strings.ToUpper(strings.TrimSpace(f.Supplier))
	mf.filed, mf.filed3b = strings.ToUpper(f.SupplierFiled), strings.ToUpper(f.SupplierFiled3B)
	for _, v := range []string{mf.filed, mf.filed3b} {
		if v != "" && v != "Y" && v != "N" {
			return mf, false, apperr.New(apperr.Invalid, "The supplier-filed filter %q should be Y or N.", v)
		}
	}
	mf.number = asciiLower(strings.TrimSpace(f.Number))
	if mf.from, err = normDate(f.DateFrom, "from date"); err != nil {
		return mf, false, err
	}
	if mf.to, err = normDate(f.DateTo, "to date"); err != nil {
		return mf, false, err
	}
	ok = true
	if f.Rate != nil {
		bit := rateBit(rateHundredths(*f.Rate))
		if bit == otherRateBit {
			ok = false
		}
		mf.rateBit = int64(1) << bit
	}
	mf.pos, mf.hasPOS = strings.TrimSpace(f.POS), f.POS != ""
	mf.rchrg, mf.typ = strings.ToUpper(f.ReverseCharge), strings.ToUpper(f.Type)
	switch mf.einv = strings.ToUpper(f.EInvoice); mf.einv {
	case "", "Y", "N":
	default:
		return mf, false, apperr.New(apperr.Invalid, "The e-invoice filter %q should be Y or N.", f.EInvoice)
	}
	mf.period, mf.hasPeriod = f.Period, f.Period != ""
	return mf, ok, nil
}

// pass returns, per snapshot, the rows that pass the filter, in id order.
func (mf *memFilter) pass(xs []*snapIndex, keep []map[int32]bool) [][]int32 {
	out := make([][]int32, len(xs))
	for k, x := range xs {
		if mf.hasPeriod && x.period != mf.period {
			out[k] = []int32{}
			continue
		}
		kept := keep[k]
		sel := make([]int32, 0, 1024)
		for i := range x.ids {
			if kept != nil && !kept[x.ctin[i]] {
				continue
			}
			if mf.number != "" && !strings.Contains(x.fold[i], mf.number) {
				continue
			}
			if (mf.from != "" && x.date[i] < mf.from) || (mf.to != "" && x.date[i] > mf.to) {
				continue
			}
			if mf.rateBit != 0 && x.mask[i]&mf.rateBit == 0 {
				continue
			}
			if (mf.hasPOS && x.pos[i] != mf.pos) || (mf.rchrg != "" && x.rchrg[i] != mf.rchrg) || (mf.typ != "" && x.typ[i] != mf.typ) {
				continue
			}
			if (mf.einv == "Y" && !x.hasIRN[i]) || (mf.einv == "N" && x.hasIRN[i]) {
				continue
			}
			sel = append(sel, int32(i))
		}
		out[k] = sel
	}
	return out
}

// supplierKeep applies the supplier filters: per snapshot, the ctin indexes kept (nil maps when
// no supplier filter is set). A GSTIN is kept when one of its supplier rows passes.
func (mf *memFilter) supplierKeep(xs []*snapIndex, names Names) []map[int32]bool {
	keep := make([]map[int32]bool, len(xs))
	if mf.supplier == "" && mf.filed == "" && mf.filed3b == "" {
		return keep
	}
	var nm map[string]string
	if mf.supplier != "" {
		var gstins []string
		seen := map[string]bool{}
		for _, x := range xs {
			for _, c := range x.supCtin {
				if c >= 0 && !seen[x.ctins[c]] {
					seen[x.ctins[c]] = true
					gstins = append(gstins, x.ctins[c])
				}
			}
		}
		nm = lookupNames(names, gstins)
	}
	flagOK := func(want, got string) bool { return want == "" || (want == "Y") == (got == "Y") }
	for k, x := range xs {
		m := map[int32]bool{}
		for seq, c := range x.supCtin {
			if c < 0 {
				continue
			}
			g := x.ctins[c]
			if mf.supplier != "" && !strings.Contains(g, mf.supplier) && !strings.Contains(strings.ToUpper(nm[g]), mf.supplier) {
				continue
			}
			if flagOK(mf.filed, x.supCFS[seq]) && flagOK(mf.filed3b, x.sup3B[seq]) {
				m[c] = true
			}
		}
		keep[k] = m
	}
	return keep
}

// rowCmp compares row a of x with row b of y by a sort key (ascending, without the id).
type rowCmp func(x *snapIndex, a int32, y *snapIndex, b int32) int

func strCol(col func(*snapIndex) []string) rowCmp {
	return func(x *snapIndex, a int32, y *snapIndex, b int32) int { return strings.Compare(col(x)[a], col(y)[b]) }
}

func amtCol(c int) rowCmp {
	return func(x *snapIndex, a int32, y *snapIndex, b int32) int { return cmp.Compare(x.amt[c][a], y.amt[c][b]) }
}

func tax(x *snapIndex, i int32) int64 { return x.amt[2][i] + x.amt[3][i] + x.amt[4][i] + x.amt[5][i] }

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

var rowCmps = map[string]rowCmp{
	SortSupplierGSTIN: func(x *snapIndex, a int32, y *snapIndex, b int32) int {
		return strings.Compare(x.ctins[x.ctin[a]], y.ctins[y.ctin[b]])
	},
	SortNumber:        strCol(func(x *snapIndex) []string { return x.inum }),
	SortDate:          strCol(func(x *snapIndex) []string { return x.date }),
	SortType:          strCol(func(x *snapIndex) []string { return x.typ }),
	SortPOS:           strCol(func(x *snapIndex) []string { return x.pos }),
	SortReverseCharge: strCol(func(x *snapIndex) []string { return x.rchrg }),
	SortValue:         amtCol(0),
	SortTaxable:       amtCol(1),
	SortIGST:          amtCol(2),
	SortCGST:          amtCol(3),
	SortSGST:          amtCol(4),
	SortCess:          amtCol(5),
	SortTax: func(x *snapIndex, a int32, y *snapIndex, b int32) int {
		return cmp.Compare(tax(x, a), tax(y, b))
	},
	SortEInvoice: func(x *snapIndex, a int32, y *snapIndex, b int32) int {
		return cmp.Compare(boolInt(x.hasIRN[a]), boolInt(y.hasIRN[b]))
	},
	SortIRN: func(x *snapIndex, a int32, y *snapIndex, b int32) int { // NULL first, as SQLite
		if c := cmp.Compare(boolInt(x.hasIRN[a]), boolInt(y.hasIRN[b])); c != 0 {
			return c
		}
		return strings.Compare(x.irn[a], y.irn[b])
	},
}

// perm returns the snapshot's rows in ascending (key, id) order, sorting once per key.
func (x *snapIndex) perm(key string, c rowCmp) []int32 {
	x.mu.Lock()
	defer x.mu.Unlock()
	if p, ok := x.perms[key]; ok {
		return p
	}
	p := make([]int32, len(x.ids))
	for i := range p {
		p[i] = int32(i)
	}
	slices.SortFunc(p, func(a, b int32) int {
		if r := c(x, a, x, b); r != 0 {
			return r
		}
		return cmp.Compare(x.ids[a], x.ids[b])
	})
	x.perms[key] = p
	return p
}

// memPage computes a page of the invoice table from the snapshot indexes: the filtered count,
// totals and the page's invoice ids in order.
func memPage(xs []*snapIndex, q InvoiceQuery, mf memFilter, names Names) (total int, sum Amounts, ids []int64) {
	keep := mf.supplierKeep(xs, names)
	sel := mf.pass(xs, keep)
	for k, x := range xs {
		for _, i := range sel[k] {
			total++
			sum.Value += Paise(x.amt[0][i])
			sum.Taxable += Paise(x.amt[1][i])
			sum.IGST += Paise(x.amt[2][i])
			sum.CGST += Paise(x.amt[3][i])
			sum.SGST += Paise(x.amt[4][i])
			sum.Cess += Paise(x.amt[5][i])
		}
	}
	start := max(q.Offset, 0)
	if start >= total {
		return total, sum, []int64{}
	}
	end := min(total, start+q.Limit)

	// Order each snapshot's selection ascending, reverse for descending, then merge.
	var keyCmp rowCmp
	reverse := q.Desc
	switch q.Sort {
	case "":
	case SortPeriod:
		reverse = false // ORDER BY period dir, id: ids stay ascending
		keyCmp = func(x *snapIndex, _ int32, y *snapIndex, _ int32) int {
			c := strings.Compare(x.period, y.period)
			if q.Desc {
				c = -c
			}
			return c
		}
	case SortSupplierName:
		rank := nameRanks(xs, sel, names)
		for k, x := range xs {
			sel[k] = byRank(sel[k], x, rank[k])
		}
		keyCmp = func(x *snapIndex, a int32, y *snapIndex, b int32) int {
			return cmp.Compare(rank[indexOf(xs, x)][x.ctin[a]], rank[indexOf(xs, y)][y.ctin[b]])
		}
	default:
		keyCmp = rowCmps[q.Sort]
		for k, x := range xs {
			if len(sel[k]) == 0 {
				continue
			}
			in := make([]bool, len(x.ids))
			for _, i := range sel[k] {
				in[i] = true
			}
			ord := make([]int32, 0, len(sel[k]))
			for _, i := range x.perm(q.Sort, keyCmp) {
				if in[i] {
					ord = append(ord, i)
				}
			}
			sel[k] = ord
		}
	}
	if reverse {
		for _, s := range sel {
			slices.Reverse(s)
		}
	}
	dir := 1
	if reverse {
		dir = -1
	}
	less := func(x *snapIndex, a int32, y *snapIndex, b int32) bool {
		if keyCmp != nil {
			c := keyCmp(x, a, y, b)
			if q.Sort != SortPeriod {
				c *= dir
			}
			if c != 0 {
				return c < 0
			}
		}
		return dir*cmp.Compare(x.ids[a], y.ids[b]) < 0
	}
	// k-way merge up to end.
	heads := make([]int, len(xs))
	ids = make([]int64, 0, end-start)
	for n := 0; n < end; n++ {
		best := -1
		for k := range xs {
			if heads[k] >= len(sel[k]) {
				continue
			}
			if best < 0 || less(xs[k], sel[k][heads[k]], xs[best], sel[best][heads[best]]) {
				best = k
			}
		}
		if n >= start {
			ids = append(ids, xs[best].ids[sel[best][heads[best]]])
		}
		heads[best]++
	}
	return total, sum, ids
}

func indexOf(xs []*snapIndex, x *snapIndex) int {
	for i := range xs {
		if xs[i] == x {
			return i
		}
	}
	return -1
}

// nameRanks ranks the GSTINs having selected invoices by supplier name the way pageByName does
// (named suppliers by upper-cased name, then unnamed ones, ties by GSTIN); per snapshot, the rank
// of each ctin index.
func nameRanks(xs []*snapIndex, sel [][]int32, names Names) [][]int32 {
	var gstins []string
	seen := map[string]bool{}
	for k, x := range xs {
		used := make([]bool, len(x.ctins))
		for _, i := range sel[k] {
			used[x.ctin[i]] = true
		}
		for c, u := range used {
			if u && !seen[x.ctins[c]] {
				seen[x.ctins[c]] = true
				gstins = append(gstins, x.ctins[c])
			}
		}
	}
	nm := lookupNames(names, gstins)
	type group struct{ ctin, name string }
	groups := make([]group, len(gstins))
	for i, g := range gstins {
		groups[i] = group{g, strings.ToUpper(nm[g])}
	}
	slices.SortFunc(groups, func(a, b group) int {
		if a.name != b.name {
			if a.name == "" {
				return 1
			}
			if b.name == "" {
				return -1
			}
			return strings.Compare(a.name, b.name)
		}
		return strings.Compare(a.ctin, b.ctin)
	})
	rankOf := make(map[string]int32, len(groups))
	for i, g := range groups {
		rankOf[g.ctin] = int32(i)
	}
	out := make([][]int32, len(xs))
	for k, x := range xs {
		r := make([]int32, len(x.ctins))
		for c, g := range x.ctins {
			if v, ok := rankOf[g]; ok {
				r[c] = v
			} else {
				r[c] = -1
			}
		}
		out[k] = r
	}
	return out
}

// byRank orders sel (ids ascending) by rank, keeping id order within a rank.
func byRank(sel []int32, x *snapIndex, rank []int32) []int32 {
	n := 0
	for _, r := range rank {
		n = max(n, int(r)+1)
	}
	counts := make([]int, n+1)
	for _, i := range sel {
		counts[rank[x.ctin[i]]+1]++
	}
	for i := 1; i < len(counts); i++ {
		counts[i] += counts[i-1]
	}
	out := make([]int32, len(sel))
	for _, i := range sel {
		r := rank[x.ctin[i]]
		out[counts[r]] = i
		counts[r]++
	}
	return out
}
