package gstr2a

import (
	"context"
	"database/sql"
	"fmt"
	"io"
	"slices"
	"strings"

	"gstdesk/backend/export"
)

// ddmmyyyy writes a YYYY-MM-DD date as DD/MM/YYYY, as the accountant reads it.
func ddmmyyyy(iso string) string {
	if len(iso) != 10 {
		return iso
	}
	return iso[8:10] + "/" + iso[5:7] + "/" + iso[0:4]
}

// invoiceHead are the columns naming the invoice, first in both exports.
var invoiceHead = []export.Column{
	{Key: "period", Title: "Return period", Kind: export.Period},
	{Key: "supplier_gstin", Title: "Supplier GSTIN"},
	{Key: "supplier_name", Title: "Supplier name"},
	{Key: "invoice_number", Title: "Invoice number"},
	{Key: "invoice_date", Title: "Invoice date", Kind: export.Date},
	{Key: "invoice_type", Title: "Invoice type"},
	{Key: "pos", Title: "Place of supply"},
	{Key: "reverse_charge", Title: "Reverse charge"},
}

var invoiceColumns = slices.Concat(invoiceHead, []export.Column{
	{Key: "invoice_value", Title: "Invoice value", Kind: export.Money},
	{Key: "taxable_value", Title: "Taxable value", Kind: export.Money},
	{Key: "igst", Title: "IGST", Kind: export.Money},
	{Key: "cgst", Title: "CGST", Kind: export.Money},
	{Key: "sgst", Title: "SGST", Kind: export.Money},
	{Key: "cess", Title: "Cess", Kind: export.Money},
	{Key: "tax", Title: "Total tax", Kind: export.Money},
	{Key: "items", Title: "Items", Kind: export.Integer},
	{Key: "irn", Title: "IRN"},
	{Key: "irn_date", Title: "IRN date", Kind: export.Date},
	{Key: "cfs", Title: "Supplier filed GSTR-1"},
	{Key: "cfs3b", Title: "Supplier filed GSTR-3B"},
})

var itemColumns = slices.Concat(invoiceHead, []export.Column{
	{Key: "item", Title: "Item", Kind: export.Integer},
	{Key: "num", Title: "Item number", Kind: export.Integer},
	{Key: "rate", Title: "Rate %", Kind: export.Number},
	{Key: "taxable_value", Title: "Taxable value", Kind: export.Money},
	{Key: "igst", Title: "IGST", Kind: export.Money},
	{Key: "cgst", Title: "CGST", Kind: export.Money},
	{Key: "sgst", Title: "SGST", Kind: export.Money},
	{Key: "cess", Title: "Cess", Kind: export.Money},
})

// InvoiceTable returns the current view (filters and sort of q, every row) at invoice level as
// an export table; money is in rupees.
func InvoiceTable(ctx context.Context, db *sql.DB, sc Scope, q InvoiceQuery, names Names) (export.Table, error) {
	q.Offset, q.Limit = 0, 0
	page, err := Invoices(ctx, db, sc, q, names)
	if err != nil {
		return export.Table{}, err
	}
	t := export.Table{Name: "GSTR-2A invoices", Columns: invoiceColumns, Rows: make([][]any, 0, len(page.Rows))}
	for _, r := range page.Rows {
		a := r.Amounts
		irnDate := r.IRNDate
		if irnDate != "" {
			irnDate = strings.ReplaceAll(irnDate, "-", "/")
		}
		t.Rows = append(t.Rows, []any{r.Period, r.SupplierGSTIN, r.SupplierName, r.Number, ddmmyyyy(r.Date), r.Type,
			r.POS, r.ReverseCharge, a.Value, a.Taxable, a.IGST, a.CGST,
			a.SGST, a.Cess, r.Tax, r.Items, r.IRN, irnDate, r.CFS, r.CFS3B})
	}
	return t, nil
}

// ItemTable returns the current view at line-item level (one row per item of every invoice
// that passes the filter, in the view's order).
func ItemTable(ctx context.Context, db *sql.DB, sc Scope, q InvoiceQuery, names Names) (export.Table, error) {
	q.Offset, q.Limit = 0, 0
	page, err := Invoices(ctx, db, sc, q, names)
	if err != nil {
		return export.Table{}, err
	}
	t := export.Table{Name: "GSTR-2A items", Columns: itemColumns, Rows: [][]any{}}
	if len(page.Rows) == 0 {
		return t, nil
	}
	byID := make(map[int64]int, len(page.Rows))
	lo, hi := page.Rows[0].ID, page.Rows[0].ID
	for i, r := range page.Rows {
		byID[r.ID] = i
		lo, hi = min(lo, r.ID), max(hi, r.ID)
	}
	items := make([][]LineItem, len(page.Rows))
	err = eachItems(ctx, db, lo, hi, func(id int64, its []Item) error {
		if i, ok := byID[id]; ok {
			items[i] = lineItems(nil, its)
		}
		return nil
	})
	if err != nil {
		return export.Table{}, fmt.Errorf("gstr2a: export items: %w", err)
	}
	for i, r := range page.Rows {
		for _, li := range items[i] {
			t.Rows = append(t.Rows, []any{r.Period, r.SupplierGSTIN, r.SupplierName, r.Number, ddmmyyyy(r.Date), r.Type,
				r.POS, r.ReverseCharge, li.Seq + 1, li.Num, li.Rate.Float(), li.Taxable, li.IGST,
				li.CGST, li.SGST, li.Cess})
		}
	}
	return t, nil
}

// Level says whether an export has one row per invoice or per line item.
type Level string

// Export levels.
const (
	LevelInvoice Level = "invoice"
	LevelItem    Level = "item"
	// LevelDocument exports the documents of the sections besides B2B (credit notes,
	// amendments, ISD, bills of entry, ...) that pass the invoice view's supplier, number, date
	// and period filters.
	LevelDocument Level = "document"
)

// Export writes the current view (scope, filters and sort of q) to w as CSV, JSON or XLSX.
func Export(ctx context.Context, db *sql.DB, w io.Writer, f export.Format, level Level, sc Scope, q InvoiceQuery, names Names) error {
	var t export.Table
	var err error
	switch level {
	case LevelItem:
		t, err = ItemTable(ctx, db, sc, q, names)
	case LevelDocument:
		t, err = DocumentTable(ctx, db, sc, DocumentQuery{Filter: DocumentFilter{Supplier: q.Filter.Supplier,
			Number: q.Filter.Number, DateFrom: q.Filter.DateFrom, DateTo: q.Filter.DateTo, Period: q.Filter.Period}})
	default:
		t, err = InvoiceTable(ctx, db, sc, q, names)
	}
	if err != nil {
		return err
	}
	return export.Write(w, f, t)
}

var documentColumns = []export.Column{
	{Key: "period", Title: "Return period", Kind: export.Period},
	{Key: "section", Title: "Section"},
	{Key: "kind", Title: "Document kind"},
	{Key: "effect", Title: "Effect on credit"},
	{Key: "supplier_gstin", Title: "Supplier GSTIN"},
	{Key: "trade_name", Title: "Supplier name"},
	{Key: "number", Title: "Document number"},
	{Key: "date", Title: "Document date", Kind: export.Date},
	{Key: "doc_type", Title: "Note or ISD type"},
	{Key: "invoice_number", Title: "Note's invoice number"},
	{Key: "invoice_date", Title: "Note's invoice date", Kind: export.Date},
	{Key: "orig_number", Title: "Original number"},
	{Key: "orig_date", Title: "Original date", Kind: export.Date},
	{Key: "itc_eligible", Title: "ISD ITC eligible"},
	{Key: "port_code", Title: "Port code"},
	{Key: "be_number", Title: "Bill of entry number"},
	{Key: "be_date", Title: "Bill of entry date", Kind: export.Date},
	{Key: "ref_date", Title: "Reference date", Kind: export.Date},
	{Key: "amended", Title: "Amended"},
	{Key: "invoice_type", Title: "Invoice type"},
	{Key: "pos", Title: "Place of supply"},
	{Key: "reverse_charge", Title: "Reverse charge"},
	{Key: "amendment_period", Title: "Amendment period"},
	{Key: "amendment_type", Title: "Amendment type"},
	{Key: "value", Title: "Document value", Kind: export.Money},
	{Key: "taxable_value", Title: "Taxable value", Kind: export.Money},
	{Key: "igst", Title: "IGST", Kind: export.Money},
	{Key: "cgst", Title: "CGST", Kind: export.Money},
	{Key: "sgst", Title: "SGST", Kind: export.Money},
	{Key: "cess", Title: "Cess", Kind: export.Money},
	{Key: "tax", Title: "Total tax", Kind: export.Money},
	{Key: "items", Title: "Items", Kind: export.Integer},
	{Key: "cfs", Title: "Supplier filed GSTR-1"},
	{Key: "cfs3b", Title: "Supplier filed GSTR-3B"},
	{Key: "cancelled", Title: "Registration cancelled"},
}

// slashDate writes a DD-MM-YYYY date as DD/MM/YYYY; anything else as given.
func slashDate(s string) string {
	if _, ok := parseDDMMYYYY(s, '-'); ok {
		return strings.ReplaceAll(s, "-", "/")
	}
	return s
}

// DocumentTable returns the documents of the sections besides B2B that pass q's filter, in its
// order, as an export table (every row); money in rupees, as sizes, with the effect on the
// credit in its own column.
func DocumentTable(ctx context.Context, db *sql.DB, sc Scope, q DocumentQuery) (export.Table, error) {
	q.Offset, q.Limit = 0, 0
	page, err := Documents(ctx, db, sc, q)
	if err != nil {
		return export.Table{}, err
	}
	t := export.Table{Name: "GSTR-2A documents", Columns: documentColumns, Rows: make([][]any, 0, len(page.Rows))}
	for _, r := range page.Rows {
		a := r.Amounts
		effect := "adds"
		if r.Sign < 0 {
			effect = "reduces"
		}
		var beNum, beDate string
		if r.Kind == KindBillOfEntry {
			beNum, beDate = r.Number, slashDate(r.Date)
		}
		t.Rows = append(t.Rows, []any{r.Period, r.Section, r.Kind, effect, r.SupplierGSTIN, r.TradeName, r.Number,
			slashDate(r.Date), r.DocType, r.InvoiceNumber, slashDate(r.InvoiceDate), r.OrigNumber, slashDate(r.OrigDate),
			r.ITCEligible, r.PortCode, beNum, beDate, slashDate(r.RefDate), r.Amended, r.Type, r.POS, r.ReverseCharge,
			r.AmendPeriod, r.AmendType, a.Value, a.Taxable, a.IGST, a.CGST,
			a.SGST, a.Cess, r.Tax, r.ItemCount, r.CFS, r.CFS3B, r.DtCancel})
	}
	return t, nil
}

// ExportDocuments writes the documents of the sections besides B2B (scope, filter and sort of
// q) to w as CSV, JSON or XLSX.
func ExportDocuments(ctx context.Context, db *sql.DB, w io.Writer, f export.Format, sc Scope, q DocumentQuery) error {
	t, err := DocumentTable(ctx, db, sc, q)
	if err != nil {
		return err
	}
	return export.Write(w, f, t)
}
