package recon

import (
	"strings"

	"gstdesk/backend/apperr"
	"gstdesk/backend/supplier"
)

// RowsView is one page of a run's rows of one status, with the counts of every status.
type RowsView struct {
	Run    Run            `json:"run"`
	Counts map[string]int `json:"counts"`
	// Changed counts rows decided on whose data changed since; Decided rows with any action.
	Changed int `json:"changed"`
	Decided int `json:"decided"`
	// Total is how many rows the status and filter select; Rows is the page from Offset.
	Total  int   `json:"total"`
	Offset int   `json:"offset"`
	Rows   []Row `json:"rows"`
	// Totals add up every row the status and filter select, not only the page: the table that
	// scrolls through them pins these at the bottom.
	Totals RowsTotals `json:"totals"`
	// Names names the supplier of each row of the page whose own invoice has no name (a row missing
	// in books: 2A carries no names), from another invoice of the run; the service adds names from
	// cached lookups (SupplierNames).
	Names map[string]string `json:"names"`
	// Suppliers are the GSTIN lookups' identities of the page's suppliers (registration status:
	// active, suspended, cancelled), filled by the service; a supplier no lookup answered is absent.
	Suppliers supplier.Directory `json:"suppliers"`
}

// Unnamed lists the supplier GSTINs of the page's rows that have no name yet, neither on the row's
// own invoice nor in Names.
func (v *RowsView) Unnamed() []string {
	var out []string
	seen := map[string]bool{}
	for i := range v.Rows {
		g := rowGSTIN(&v.Rows[i])
		// an import's bill of entry has no GSTIN to look a name up by
		if g != "" && rowName(&v.Rows[i]) == "" && v.Names[g] == "" && !seen[g] {
			seen[g] = true
			out = append(out, g)
		}
	}
	return out
}

// rowName is the supplier name the row's own invoice gives: the books' where the row has a books
// side (as its GSTIN), else 2A's.
func rowName(r *Row) string {
	if r.Books != nil {
		return r.Books.SupplierName
	}
	return r.GSTR2A.SupplierName
}

// RowsTotals are exact sums in paise of the rows selected: the taxable value (the books' where the
// row has a books side, else 2A's), the books' tax, 2A's tax, and books minus 2A.
type RowsTotals struct {
	Taxable    Paise `json:"taxable"`
	BooksTax   Paise `json:"books_tax"`
	GSTR2ATax  Paise `json:"gstr2a_tax"`
	Difference Paise `json:"difference"`
}

// add counts one row in the totals.
func (t *RowsTotals) add(r *Row) {
	switch {
	case r.Books != nil:
		t.Taxable += r.Books.Taxable
	case r.GSTR2A != nil:
		t.Taxable += r.GSTR2A.Taxable
	}
	if r.Books != nil {
		t.BooksTax += r.Books.Tax()
	}
	if r.GSTR2A != nil {
		t.GSTR2ATax += r.GSTR2A.Tax()
	}
	t.Difference = t.BooksTax - t.GSTR2ATax
}

// rowMatches says whether a row holds the filter text in its GSTIN, name, number or (a bill of
// entry) port code.
func rowMatches(r *Row, f string) bool {
	if f == "" {
		return true
	}
	for _, in := range []*Invoice{r.Books, r.GSTR2A} {
		if in == nil {
			continue
		}
		for _, s := range []string{in.SupplierGSTIN, in.SupplierName, in.Number, in.PortCode} {
			if strings.Contains(strings.ToLower(s), f) {
				return true
			}
		}
	}
	return false
}

// PageRows is one page of a run's rows: status "" for all, filter text matched against GSTIN,
// supplier name and invoice number, limit rows (0: 500, at most 5000) from offset, with the counts
// of every status, of decided rows and of rows whose data changed since their decision, the
// totals of every row selected, and names for the page's suppliers whose own row gives none.
func PageRows(run Run, res Result, status, filter string, offset, limit int) RowsView {
	if limit <= 0 || limit > 5000 {
		limit = 500
	}
	offset = max(offset, 0)
	v := RowsView{Run: run, Counts: map[string]int{}, Offset: offset, Rows: []Row{}, Names: map[string]string{}}
	for _, st := range Statuses {
		v.Counts[string(st)] = 0
	}
	f := strings.ToLower(strings.TrimSpace(filter))
	for i := range res.Rows {
		r := &res.Rows[i]
		v.Counts[string(r.Status)]++
		if r.Action != "" {
			v.Decided++
		}
		if r.Changed {
			v.Changed++
		}
		if (status != "" && string(r.Status) != status) || !rowMatches(r, f) {
			continue
		}
		if v.Total >= offset && len(v.Rows) < limit {
			v.Rows = append(v.Rows, *r)
		}
		v.Totals.add(r)
		v.Total++
	}
	if unnamed := v.Unnamed(); len(unnamed) > 0 {
		info := supplierInfos(res)
		for _, g := range unnamed {
			if in := info[g]; in != nil && in.name != "" {
				v.Names[g] = in.name
			}
		}
	}
	return v
}

// Explanation explains one row: the rule, both normalised numbers, every field compared and,
// for a row missing on one side, the nearest invoices of the other side with the identities a Link
// needs.
type Explanation struct {
	Row            Row          `json:"row"`
	Fields         []Comparison `json:"fields"`
	Tolerance      Paise        `json:"tolerance"`
	DateWindowDays int          `json:"date_window_days"`
	BooksID        string       `json:"books_id"`
	GSTR2AID       string       `json:"gstr2a_id"`
	// CandidateIDs are the identities of Row.Candidates, in order ("" when not found in the run);
	// CandidateRows the status of the row each candidate sits in now.
	CandidateIDs    []string `json:"candidate_ids"`
	CandidateStatus []string `json:"candidate_status"`
}

// Explain explains the row with the given key in a run's result: every field compared, and for a
// row missing on one side the nearest invoices of the other side with the identities a Link needs.
func Explain(run Run, res Result, key string) (Explanation, error) {
	idx := -1
	for i := range res.Rows {
		if res.Rows[i].Key == key {
			idx = i
			break
		}
	}
	if idx < 0 {
		return Explanation{}, apperr.New(apperr.NotFound, "That row is not in the run: open the run again.")
	}
	r := res.Rows[idx]
	e := Explanation{Row: r, Fields: r.Fields(run.Options), Tolerance: run.Options.AmountTolerance, DateWindowDays: run.Options.DateWindowDays,
		CandidateIDs: []string{}, CandidateStatus: []string{}}
	e.BooksID, e.GSTR2AID = SplitRowKey(r.Key)
	if e.Fields == nil {
		e.Fields = []Comparison{}
	}
	for _, c := range r.Candidates {
		id, st := "", ""
		for i := range res.Rows {
			o := &res.Rows[i]
			b, g := SplitRowKey(o.Key)
			if c.Invoice.Source == GSTR2A && o.GSTR2A != nil && o.GSTR2A.RowRef == c.Invoice.RowRef {
				id, st = g, string(o.Status)
				break
			}
			if c.Invoice.Source == Books && o.Books != nil && o.Books.RowRef == c.Invoice.RowRef {
				id, st = b, string(o.Status)
				break
			}
		}
		e.CandidateIDs = append(e.CandidateIDs, id)
		e.CandidateStatus = append(e.CandidateStatus, st)
	}
	return e, nil
}
