package gstr2a

import (
	"context"
	"database/sql"
	"fmt"
	"sort"
	"strings"

	"gstdesk/backend/apperr"
	"gstdesk/backend/docid"
)

// SectionTotal is one section and kind of a snapshot: how many documents and their amounts, as
// sizes. Sign is -1 when the kind reduces the credit (credit notes), 1 otherwise; Net is the
// tax with that sign.
type SectionTotal struct {
	Section   string  `json:"section"`
	Kind      string  `json:"kind"`
	Sign      int     `json:"sign"`
	Documents int     `json:"documents"`
	Amounts   Amounts `json:"amounts"`
	Tax       Paise   `json:"tax"`
	Net       Paise   `json:"net_tax"`
}

func (st *SectionTotal) fill() {
	st.Sign = KindSign(st.Kind)
	st.Tax = st.Amounts.Tax()
	st.Net = st.Tax * Paise(st.Sign)
}

// sectionList orders a snapshot's section totals: B2B first (from the snapshot's own totals),
// then the sections in return order, kinds by name.
func sectionList(s *Snapshot, m map[[2]string]*SectionTotal) []SectionTotal {
	out := []SectionTotal{}
	if s.Invoices > 0 {
		st := SectionTotal{Section: "b2b", Kind: KindInvoice, Documents: s.Invoices, Amounts: s.Totals}
		st.fill()
		out = append(out, st)
	}
	for _, st := range m {
		st.fill()
		out = append(out, *st)
	}
	sortSections(out)
	return out
}

func sortSections(v []SectionTotal) {
	sort.SliceStable(v, func(i, j int) bool {
		a, b := sectionIndex(v[i].Section), sectionIndex(v[j].Section)
		if a != b {
			return a < b
		}
		if v[i].Section != v[j].Section {
			return v[i].Section < v[j].Section
		}
		return v[i].Kind < v[j].Kind
	})
}

// sumSections adds up the section totals of snapshots by section and kind.
func sumSections(snaps []Snapshot) []SectionTotal {
	m := map[[2]string]*SectionTotal{}
	out := []SectionTotal{}
	for _, s := range snaps {
		for _, st := range s.Sections {
			k := [2]string{st.Section, st.Kind}
			if m[k] == nil {
				m[k] = &SectionTotal{Section: st.Section, Kind: st.Kind}
			}
			m[k].Documents += st.Documents
			m[k].Amounts.add(st.Amounts)
		}
	}
	for _, st := range m {
		st.fill()
		out = append(out, *st)
	}
	sortSections(out)
	return out
}

// loadSections reads the section totals of snaps (one query per 500 snapshots). A snapshot
// stored before migration 0027 has no rows: its B2B row is made from its totals.
func loadSections(ctx context.Context, db querier, snaps []Snapshot) error {
	if len(snaps) == 0 {
		return nil
	}
	idx := make(map[int64]int, len(snaps))
	for i := range snaps {
		idx[snaps[i].sid] = i
		snaps[i].Sections = []SectionTotal{}
	}
	for lo := 0; lo < len(snaps); lo += 500 {
		hi := min(len(snaps), lo+500)
		args := make([]any, 0, hi-lo)
		for i := lo; i < hi; i++ {
			args = append(args, snaps[i].sid)
		}
		rows, err := db.QueryContext(ctx, `SELECT sid, section, kind, documents, val, taxable, igst, cgst, sgst, cess
			FROM gstr2a_section_totals WHERE sid IN (`+strings.TrimSuffix(strings.Repeat("?,", len(args)), ",")+`)`, args...)
		if err != nil {
			return fmt.Errorf("gstr2a: section totals: %w", err)
		}
		for rows.Next() {
			var sid int64
			var st SectionTotal
			a := &st.Amounts
			if err := rows.Scan(&sid, &st.Section, &st.Kind, &st.Documents, &a.Value, &a.Taxable, &a.IGST, &a.CGST, &a.SGST, &a.Cess); err != nil {
				rows.Close()
				return fmt.Errorf("gstr2a: section totals: %w", err)
			}
			st.fill()
			if i, ok := idx[sid]; ok {
				snaps[i].Sections = append(snaps[i].Sections, st)
			}
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return fmt.Errorf("gstr2a: section totals: %w", err)
		}
	}
	for i := range snaps {
		s := &snaps[i]
		hasB2B := false
		for _, st := range s.Sections {
			hasB2B = hasB2B || st.Section == "b2b"
		}
		if !hasB2B && s.Invoices > 0 {
			st := SectionTotal{Section: "b2b", Kind: KindInvoice, Documents: s.Invoices, Amounts: s.Totals}
			st.fill()
			s.Sections = append(s.Sections, st)
		}
		sortSections(s.Sections)
	}
	return nil
}

// DocumentFilter narrows the documents of the sections besides B2B; empty fields do not filter.
type DocumentFilter struct {
	// Section keeps one section (b2ba, cdn, ...); Kind one kind (credit_note, bill_of_entry, ...).
	Section string `json:"section"`
	Kind    string `json:"kind"`
	// Supplier matches a supplier GSTIN or trade name containing it (any case).
	Supplier string `json:"supplier"`
	// Number matches document numbers, original numbers or a note's invoice number containing it.
	Number string `json:"number"`
	// DateFrom and DateTo bound the document date, inclusive (YYYY-MM-DD, DD-MM-YYYY or DD/MM/YYYY).
	DateFrom string `json:"date_from"`
	DateTo   string `json:"date_to"`
	// Period keeps one period of the scope (YYYY-MM).
	Period string `json:"period"`
}

// Sort keys of the document table ("" keeps return order: by period, in the order given).
const (
	DocSortSection  = "section"
	DocSortKind     = "kind"
	DocSortSupplier = "supplier_gstin"
	DocSortNumber   = "number"
	DocSortDate     = "date"
	DocSortValue    = "value"
	DocSortTaxable  = "taxable"
	DocSortTax      = "tax"
	DocSortPeriod   = "period"
)

var docSortExpr = map[string]string{
	DocSortSection:  "section_rank",
	DocSortKind:     "d.kind",
	DocSortSupplier: "d.ctin",
	DocSortNumber:   "d.num",
	DocSortDate:     "d.date_iso",
	DocSortValue:    "d.val",
	DocSortTaxable:  "d.taxable",
	DocSortTax:      "(d.igst + d.cgst + d.sgst + d.cess)",
	DocSortPeriod:   "s.period",
}

// DocumentSortKeys lists every sort key the document table accepts.
func DocumentSortKeys() []string {
	keys := make([]string, 0, len(docSortExpr))
	for k := range docSortExpr {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// DocumentQuery asks for one page of the document table.
type DocumentQuery struct {
	Filter DocumentFilter `json:"filter"`
	Sort   string         `json:"sort"`
	Desc   bool           `json:"desc"`
	// Offset and Limit page the rows; Limit <= 0 returns every row.
	Offset int `json:"offset"`
	Limit  int `json:"limit"`
}

// DocumentRow is one stored document with where it is kept: snapshot and position (Seq).
type DocumentRow struct {
	Document
	SnapshotID  string `json:"snapshot_id"`
	Period      string `json:"period"`
	Seq         int64  `json:"seq"`
	SupplierPAN string `json:"supplier_pan"`
	// DateISO is Date as YYYY-MM-DD ("" when it is not a date).
	DateISO string `json:"date_iso"`
	Tax     Paise  `json:"tax"`
	// Sign is -1 when the document reduces the credit.
	Sign int `json:"sign"`
	// ItemCount is the number of line items (read them with DocumentItems).
	ItemCount int `json:"item_count"`
}

// DocumentPage is one page of the document table.
type DocumentPage struct {
	Rows []DocumentRow `json:"rows"`
	// Total is the number of documents that pass the filter; Totals are their amounts as sizes
	// and Net their tax with credit notes taken off.
	Total  int     `json:"total"`
	Totals Amounts `json:"totals"`
	Tax    Paise   `json:"tax"`
	Net    Paise   `json:"net_tax"`
	// Unfiltered is the number of documents in the scope.
	Unfiltered int `json:"unfiltered"`
}

const sectionRank = `CASE d.section WHEN 'b2ba' THEN 1 WHEN 'cdn' THEN 2 WHEN 'cdna' THEN 3 WHEN 'isd' THEN 4
	WHEN 'isda' THEN 5 WHEN 'impg' THEN 6 WHEN 'impgsez' THEN 7 WHEN 'ecom' THEN 8 WHEN 'ecoma' THEN 9
	WHEN 'tds' THEN 10 WHEN 'tcs' THEN 11 ELSE 12 END`

func (r *resolved) docWhere(f DocumentFilter) (string, []any, error) {
	in, args := r.sids()
	conds := []string{"d.sid IN " + in}
	if f.Section != "" {
		conds, args = append(conds, "d.section = ?"), append(args, strings.ToLower(f.Section))
	}
	if f.Kind != "" {
		conds, args = append(conds, "d.kind = ?"), append(args, f.Kind)
	}
	if s := strings.TrimSpace(f.Supplier); s != "" {
		like := likeEscape(strings.ToUpper(s))
		conds = append(conds, `(upper(d.ctin) LIKE ? ESCAPE '\' OR upper(coalesce(d.trade_name, '')) LIKE ? ESCAPE '\')`)
		args = append(args, like, like)
	}
	if s := strings.TrimSpace(f.Number); s != "" {
		like := likeEscape(strings.ToUpper(s))
		conds = append(conds, `(upper(d.num) LIKE ? ESCAPE '\' OR upper(coalesce(d.orig_num, '')) LIKE ? ESCAPE '\' OR upper(coalesce(d.inv_num, '')) LIKE ? ESCAPE '\')`)
		args = append(args, like, like, like)
	}
	if f.DateFrom != "" {
		v, err := normDate(f.DateFrom, "from")
		if err != nil {
			return "", nil, err
		}
		conds, args = append(conds, "d.date_iso >= ?"), append(args, v)
	}
	if f.DateTo != "" {
		v, err := normDate(f.DateTo, "to")
		if err != nil {
			return "", nil, err
		}
		conds, args = append(conds, "d.date_iso <> '' AND d.date_iso <= ?"), append(args, v)
	}
	if f.Period != "" {
		conds, args = append(conds, "s.period = ?"), append(args, f.Period)
	}
	return strings.Join(conds, " AND "), args, nil
}

const documentSelect = `SELECT s.id, s.period, d.seq, d.section, d.kind, d.ctin, coalesce(d.trade_name, ''),
	coalesce(d.cfs, ''), coalesce(d.cfs3b, ''), coalesce(d.dtcancel, ''), coalesce(d.fldtr1, ''), coalesce(d.flprdr1, ''),
	d.num, d.doc_date, d.date_iso, coalesce(d.doc_type, ''), coalesce(d.inv_num, ''), coalesce(d.inv_date, ''),
	coalesce(d.orig_num, ''), coalesce(d.orig_date, ''), coalesce(d.inv_typ, ''), coalesce(d.pos, ''), coalesce(d.rchrg, ''),
	coalesce(d.p_gst, ''), d.diff_percent, coalesce(d.aspd, ''), coalesce(d.atyp, ''), coalesce(d.itc_elg, ''),
	coalesce(d.port_code, ''), coalesce(d.ref_date, ''), coalesce(d.amd, ''), coalesce(d.srctyp, ''), coalesce(d.irn, ''),
	coalesce(d.irngendate, ''), coalesce(d.chksum, ''), coalesce(d.month, ''),
	d.val, d.taxable, d.igst, d.cgst, d.sgst, d.cess, coalesce(json_array_length(d.items), 0)
	FROM gstr2a_documents d JOIN gstr2a_snapshots s ON s.sid = d.sid`

func scanDocument(rows *sql.Rows) (DocumentRow, error) {
	var r DocumentRow
	var diff sql.NullInt64
	a := &r.Amounts
	err := rows.Scan(&r.SnapshotID, &r.Period, &r.Seq, &r.Section, &r.Kind, &r.SupplierGSTIN, &r.TradeName,
		&r.CFS, &r.CFS3B, &r.DtCancel, &r.FilingDate, &r.FilingPeriod,
		&r.Number, &r.Date, &r.DateISO, &r.DocType, &r.InvoiceNumber, &r.InvoiceDate,
		&r.OrigNumber, &r.OrigDate, &r.Type, &r.POS, &r.ReverseCharge,
		&r.PreGST, &diff, &r.AmendPeriod, &r.AmendType, &r.ITCEligible,
		&r.PortCode, &r.RefDate, &r.Amended, &r.SourceType, &r.IRN,
		&r.IRNDate, &r.Checksum, &r.Month,
		&a.Value, &a.Taxable, &a.IGST, &a.CGST, &a.SGST, &a.Cess, &r.ItemCount)
	if diff.Valid {
		v := Rate(diff.Int64)
		r.DiffPercent = &v
	}
	r.SupplierPAN = PAN(r.SupplierGSTIN)
	r.Tax = a.Tax()
	r.Sign = KindSign(r.Kind)
	return r, err
}

// Documents returns one page of the documents of the sections besides B2B over the scope (the
// latest pull of each period, or the pulls named), filtered and sorted as q asks, with the count
// and sums of every document that passes the filter.
func Documents(ctx context.Context, sdb *sql.DB, sc Scope, q DocumentQuery) (DocumentPage, error) {
	db, err := reader(ctx, sdb)
	if err != nil {
		return DocumentPage{}, err
	}
	defer db.Close()
	r, err := resolve(ctx, db, sc)
	if err != nil {
		return DocumentPage{}, err
	}
	page := DocumentPage{Rows: []DocumentRow{}}
	for _, s := range r.snaps {
		page.Unfiltered += s.Documents
	}
	where, args, err := r.docWhere(q.Filter)
	if err != nil {
		return DocumentPage{}, err
	}
	from := ` FROM gstr2a_documents d JOIN gstr2a_snapshots s ON s.sid = d.sid WHERE ` + where
	var net int64
	t := &page.Totals
	f := q.Filter
	if f.Supplier == "" && f.Number == "" && f.DateFrom == "" && f.DateTo == "" {
		// Counts and sums by section and kind were kept at save time.
		for _, sn := range r.snaps {
			if f.Period != "" && sn.Period != f.Period {
				continue
			}
			for _, st := range sn.Sections {
				if st.Section == "b2b" || (f.Section != "" && !strings.EqualFold(st.Section, f.Section)) || (f.Kind != "" && st.Kind != f.Kind) {
					continue
				}
				page.Total += st.Documents
				t.add(st.Amounts)
				net += int64(st.Net)
			}
		}
	} else if err := db.QueryRowContext(ctx, `SELECT count(*), coalesce(sum(d.val), 0), coalesce(sum(d.taxable), 0),
		coalesce(sum(d.igst), 0), coalesce(sum(d.cgst), 0), coalesce(sum(d.sgst), 0), coalesce(sum(d.cess), 0),
		coalesce(sum(CASE WHEN d.kind IN ('credit_note', 'isd_credit_note') THEN -1 ELSE 1 END * (d.igst + d.cgst + d.sgst + d.cess)), 0)`+from, args...).
		Scan(&page.Total, &t.Value, &t.Taxable, &t.IGST, &t.CGST, &t.SGST, &t.Cess, &net); err != nil {
		return DocumentPage{}, fmt.Errorf("gstr2a: count documents: %w", err)
	}
	page.Tax, page.Net = t.Tax(), Paise(net)
	// Return order: each pull's documents as given (sections in the file's order), pulls by period.
	order := "d.sid, d.seq"
	if len(r.snaps) > 1 {
		order = "s.period, d.sid, d.seq"
	}
	if q.Sort != "" {
		expr, ok := docSortExpr[q.Sort]
		if !ok {
			return DocumentPage{}, apperr.New(apperr.Invalid, "The documents cannot be sorted by %q; choose one of %s.", q.Sort, strings.Join(DocumentSortKeys(), ", "))
		}
		if expr == "section_rank" {
			expr = sectionRank
		}
		dir := " ASC"
		if q.Desc {
			dir = " DESC"
		}
		order = expr + dir + ", " + order
	}
	sqlText := documentSelect + ` WHERE ` + where + ` ORDER BY ` + order
	if q.Limit > 0 {
		sqlText += fmt.Sprintf(" LIMIT %d OFFSET %d", q.Limit, max(0, q.Offset))
	}
	rows, err := db.QueryContext(ctx, sqlText, args...)
	if err != nil {
		return DocumentPage{}, fmt.Errorf("gstr2a: list documents: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		dr, err := scanDocument(rows)
		if err != nil {
			return DocumentPage{}, fmt.Errorf("gstr2a: list documents: %w", err)
		}
		page.Rows = append(page.Rows, dr)
	}
	if err := rows.Err(); err != nil {
		return DocumentPage{}, fmt.Errorf("gstr2a: list documents: %w", err)
	}
	return page, nil
}

// DocumentItems returns the line items of one stored document (snapshot and Seq of its row).
func DocumentItems(ctx context.Context, db *sql.DB, snapshotID string, seq int64) ([]LineItem, error) {
	var items sql.NullString
	err := db.QueryRowContext(ctx, `SELECT d.items FROM gstr2a_documents d JOIN gstr2a_snapshots s ON s.sid = d.sid
		WHERE s.id = ? AND d.seq = ?`, snapshotID, seq).Scan(&items)
	if err == sql.ErrNoRows {
		return nil, apperr.New(apperr.NotFound, "There is no document %d in GSTR-2A pull %q; it may have been deleted. Open the period again.", seq, snapshotID)
	}
	if err != nil {
		return nil, fmt.Errorf("gstr2a: document items: %w", err)
	}
	if !items.Valid {
		return []LineItem{}, nil
	}
	its, err := parseItemsJSON([]byte(items.String))
	if err != nil {
		return nil, fmt.Errorf("gstr2a: document items: %w", err)
	}
	return lineItems(nil, its), nil
}

// ReconDocument is one GSTR-2A document of any section as the reconciliation reads it. Amounts
// are sizes; Sign says whether the document adds to the credit (1) or takes from it (-1).
type ReconDocument struct {
	Period        string `json:"period"`
	SnapshotID    string `json:"snapshot_id"`
	Section       string `json:"section"`
	Kind          string `json:"kind"`
	SupplierGSTIN string `json:"supplier_gstin"`
	SupplierPAN   string `json:"supplier_pan"`
	TradeName     string `json:"trade_name,omitempty"`
	Number        string `json:"number"`
	NumberNorm    string `json:"number_norm"`
	// Date is YYYY-MM-DD ("" when not a date); DateRaw as given.
	Date    string `json:"date"`
	DateRaw string `json:"date_raw"`
	// InvoiceNumber is the invoice a note is raised against.
	InvoiceNumber string `json:"invoice_number,omitempty"`
	// OrigNumber and OrigDate (as given) are what an amendment replaces; empty when not said.
	OrigNumber string `json:"orig_number,omitempty"`
	OrigDate   string `json:"orig_date,omitempty"`
	// Bill of entry: port code, number (the same as Number) and date (the same as Date).
	PortCode      string  `json:"port_code,omitempty"`
	BENumber      string  `json:"be_number,omitempty"`
	Type          string  `json:"type,omitempty"`
	POS           string  `json:"pos,omitempty"`
	ReverseCharge string  `json:"reverse_charge,omitempty"`
	ITCEligible   string  `json:"itc_eligible,omitempty"`
	Amounts       Amounts `json:"amounts"`
	Tax           Paise   `json:"tax"`
	Sign          int     `json:"sign"`
	CFS           string  `json:"cfs,omitempty"`
	CFS3B         string  `json:"cfs3b,omitempty"`
	CancelledOn   string  `json:"cancelled_on,omitempty"`
	// InvoiceID is a B2B invoice's stored id (for Items); Seq a document's position (DocumentItems).
	InvoiceID int64 `json:"invoice_id,omitempty"`
	Seq       int64 `json:"seq"`
}

// ReconDocuments returns every document of every section of the latest pull of each period:
// B2B invoices as ReconInvoices gives them, then the other sections' documents, period by
// period in return order.
func ReconDocuments(ctx context.Context, db *sql.DB, workspaceID string, periods []string) ([]ReconDocument, error) {
	invs, err := ReconInvoices(ctx, db, workspaceID, periods)
	if err != nil {
		return nil, err
	}
	docs, err := Documents(ctx, db, Scope{WorkspaceID: workspaceID, Periods: periods}, DocumentQuery{})
	if err != nil {
		return nil, err
	}
	out := make([]ReconDocument, 0, len(invs)+len(docs.Rows))
	for i := range invs {
		out = append(out, reconOfInvoice(&invs[i]))
	}
	for i := range docs.Rows {
		out = append(out, reconOfDocument(&docs.Rows[i]))
	}
	return out, nil
}

// reconOfInvoice is a B2B invoice as the reconciliation reads it.
func reconOfInvoice(v *InvoiceRow) ReconDocument {
	return ReconDocument{Period: v.Period, SnapshotID: v.SnapshotID, Section: "b2b", Kind: KindInvoice,
		SupplierGSTIN: v.SupplierGSTIN, SupplierPAN: v.SupplierPAN, TradeName: v.SupplierName, Number: v.Number,
		NumberNorm: v.NumberNorm, Date: v.Date, DateRaw: v.DateRaw, Type: v.Type, POS: v.POS,
		ReverseCharge: v.ReverseCharge, Amounts: v.Amounts, Tax: v.Tax, Sign: 1, CFS: v.CFS, CFS3B: v.CFS3B,
		CancelledOn: v.CancelledOn, InvoiceID: v.ID}
}

// reconOfDocument is a document of a section besides B2B as the reconciliation reads it.
func reconOfDocument(d *DocumentRow) ReconDocument {
	rd := ReconDocument{Period: d.Period, SnapshotID: d.SnapshotID, Section: d.Section, Kind: d.Kind,
		SupplierGSTIN: d.SupplierGSTIN, SupplierPAN: d.SupplierPAN, TradeName: d.TradeName, Number: d.Number,
		NumberNorm: docid.Number(d.Number), Date: d.DateISO, DateRaw: d.Date, InvoiceNumber: d.InvoiceNumber,
		OrigNumber: d.OrigNumber, OrigDate: d.OrigDate, PortCode: d.PortCode, Type: d.Type, POS: d.POS,
		ReverseCharge: d.ReverseCharge, ITCEligible: d.ITCEligible, Amounts: d.Amounts, Tax: d.Tax, Sign: d.Sign,
		CFS: d.CFS, CFS3B: d.CFS3B, Seq: d.Seq}
	if d.Kind == KindBillOfEntry {
		rd.BENumber = d.Number
	}
	if c, ok := parseAnyDate(d.DtCancel); ok {
		rd.CancelledOn = c
	}
	return rd
}
