package gstr2b

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"fmt"
	"io"
	"strconv"
	"strings"

	"gstdesk/backend/money"
)

// MatchDoc is a stored document as a reconciliation reads it: what is compared, recommended on
// and shown per supplier (a bill of entry's port code among it), without the items, IRN,
// original-document fields and a bill of entry's reference and receipt dates.
type MatchDoc struct {
	ID       int64
	Rejected bool
	Section  string
	Kind     string
	// Supplier is the supplier's GSTIN (ctin); TradeName, SupplierFiled (supfildt, DD-MM-YYYY)
	// and SupplierPeriod (supprd, MMYYYY) as given.
	Supplier, TradeName, SupplierFiled, SupplierPeriod string
	Number                                             string
	// DateISO is the document date as YYYY-MM-DD.
	DateISO                                string
	Value, Taxable, IGST, CGST, SGST, Cess money.Paise
	POS, ReverseCharge, Type               string
	ITCAvailable, Reason, IMSStatus        string
	// PortCode is a bill of entry's port code (impg, impgsez): with its number and date, what
	// the bill of entry is known by. ITCAvailable is, for an ISD document, its itcelg.
	PortCode string
}

// matchCols are the columns of a MatchDoc after id, in its order; matchTexts of them are texts,
// the six amounts (val to cess) integers.
const (
	matchCols  = `section, kind, ctin, trdnm, supfildt, supprd, num, doc_date, val, taxable, igst, cgst, sgst, cess, pos, rev, typ, itcavl, rsn, ims_status, portcode`
	matchNCols = 21
	matchSep   = '\x1f'
)

// MatchDocs returns the documents of a snapshot for reconciling, in the order of the return (as
// Documents lists them): those of docRejdata when rejected, else those of docdata.
//
// One query for the snapshot, read straight through the driver, each document's 21 values joined
// by SQLite into one text (concat_ws with U+001F) and split here: database/sql's Scan of the 32
// columns of DocumentRow cost about 1 s for 100,000 documents, and reading 21 columns one by one
// through the driver still a third of a second, most of it in the driver's per-column calls. A
// document whose texts hold U+001F themselves, or whose amounts do not read as integers, is read
// again column by column. Repeated texts (section, supplier, dates, flags) share one string.
func MatchDocs(ctx context.Context, db *sql.DB, snap Snapshot, rejected bool) ([]MatchDoc, error) {
	c, err := db.Conn(ctx)
	if err != nil {
		return nil, fmt.Errorf("gstr2b: read documents: %w", err)
	}
	defer c.Close()
	var out []MatchDoc
	err = c.Raw(func(dc any) error {
		qc, ok := dc.(driver.QueryerContext)
		if !ok {
			return fmt.Errorf("the database driver (%T) cannot query directly", dc)
		}
		r := matchReader{qc: qc, ctx: ctx, intern: map[string]string{}, rejected: rejected}
		n := snap.Documents
		if rejected {
			n = snap.Rejected
		}
		out = make([]MatchDoc, 0, max(n, 0))
		var again []int // indexes in out of documents to read column by column
		rej := int64(0)
		if rejected {
			rej = 1
		}
		if err := r.joined(snap, rej, func(d MatchDoc, ok bool) {
			if !ok {
				again = append(again, len(out))
			}
			out = append(out, d)
		}); err != nil {
			return err
		}
		for _, i := range again {
			if out[i], err = r.byColumns(out[i].ID); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("gstr2b: read documents: %w", err)
	}
	return out, nil
}

// matchReader turns what MatchDocs reads into documents.
type matchReader struct {
	ctx      context.Context
	qc       driver.QueryerContext
	intern   map[string]string
	rejected bool
}

// joined reads the documents of snap (rejected: rej) as joined texts and calls add with each; ok
// is false for one to read again column by column (its id is set).
func (r *matchReader) joined(snap Snapshot, rej int64, add func(d MatchDoc, ok bool)) error {
	rows, err := r.qc.QueryContext(r.ctx, `SELECT id, concat_ws(char(31), `+matchCols+`) FROM gstr2b_documents
		WHERE id BETWEEN ? AND ? AND rejected = ? ORDER BY id`,
		[]driver.NamedValue{{Ordinal: 1, Value: snap.first}, {Ordinal: 2, Value: snap.last}, {Ordinal: 3, Value: rej}})
	if err != nil {
		return err
	}
	defer rows.Close()
	v := make([]driver.Value, 2)
	for {
		if err := rows.Next(v); err == io.EOF {
			return nil
		} else if err != nil {
			return err
		}
		id, ok := v[0].(int64)
		if !ok {
			return fmt.Errorf("document id %v is not an integer", v[0])
		}
		joined, ok := v[1].(string)
		var d MatchDoc
		if ok {
			d, ok = r.split(joined)
		}
		d.ID = id
		add(d, ok)
	}
}

// share returns s, or the equal string read before (s may be part of a longer one: a new string
// is kept, not s).
func (r *matchReader) share(s string) string {
	if w, ok := r.intern[s]; ok {
		return w
	}
	w := strings.Clone(s)
	r.intern[w] = w
	return w
}

// split reads the 21 values joined by concat_ws; ok is false when there are not exactly 21 or an
// amount is not an integer.
func (r *matchReader) split(joined string) (MatchDoc, bool) {
	var f [matchNCols]string
	for i := 0; i < matchNCols-1; i++ {
		j := strings.IndexByte(joined, matchSep)
		if j < 0 {
			return MatchDoc{}, false
		}
		f[i], joined = joined[:j], joined[j+1:]
	}
	if strings.IndexByte(joined, matchSep) >= 0 {
		return MatchDoc{}, false
	}
	f[matchNCols-1] = joined
	var amt [6]int64
	for i := range amt {
		n, err := strconv.ParseInt(f[8+i], 10, 64)
		if err != nil {
			return MatchDoc{}, false
		}
		amt[i] = n
	}
	return MatchDoc{Rejected: r.rejected, Section: r.share(f[0]), Kind: r.share(f[1]), Supplier: r.share(f[2]), TradeName: r.share(f[3]),
		SupplierFiled: r.share(f[4]), SupplierPeriod: r.share(f[5]), Number: strings.Clone(f[6]), DateISO: r.share(f[7]),
		Value: money.Paise(amt[0]), Taxable: money.Paise(amt[1]), IGST: money.Paise(amt[2]), CGST: money.Paise(amt[3]),
		SGST: money.Paise(amt[4]), Cess: money.Paise(amt[5]), POS: r.share(f[14]), ReverseCharge: r.share(f[15]), Type: r.share(f[16]),
		ITCAvailable: r.share(f[17]), Reason: r.share(f[18]), IMSStatus: r.share(f[19]), PortCode: r.share(f[20])}, true
}

// byColumns reads document id column by column.
func (r *matchReader) byColumns(id int64) (MatchDoc, error) {
	rows, err := r.qc.QueryContext(r.ctx, `SELECT `+matchCols+` FROM gstr2b_documents WHERE id = ?`, []driver.NamedValue{{Ordinal: 1, Value: id}})
	if err != nil {
		return MatchDoc{}, err
	}
	defer rows.Close()
	v := make([]driver.Value, matchNCols)
	if err := rows.Next(v); err != nil {
		return MatchDoc{}, fmt.Errorf("document %d: %w", id, err)
	}
	var f [matchNCols]string
	var amt [6]int64
	for i := range v {
		var ok bool
		if i >= 8 && i < 14 {
			amt[i-8], ok = v[i].(int64)
		} else {
			f[i], ok = v[i].(string)
		}
		if !ok {
			return MatchDoc{}, fmt.Errorf("document %d: column %d is %T, not as stored", id, i+1, v[i])
		}
	}
	return MatchDoc{ID: id, Rejected: r.rejected, Section: f[0], Kind: f[1], Supplier: f[2], TradeName: f[3], SupplierFiled: f[4],
		SupplierPeriod: f[5], Number: f[6], DateISO: f[7], Value: money.Paise(amt[0]), Taxable: money.Paise(amt[1]),
		IGST: money.Paise(amt[2]), CGST: money.Paise(amt[3]), SGST: money.Paise(amt[4]), Cess: money.Paise(amt[5]), POS: f[14],
		ReverseCharge: f[15], Type: f[16], ITCAvailable: f[17], Reason: f[18], IMSStatus: f[19], PortCode: f[20]}, nil
}
