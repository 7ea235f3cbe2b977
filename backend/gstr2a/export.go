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
			r.POS, r.ReverseCharge, a.Value.Money(), a.Taxable.Money(), a.IGST.Money(), a.CGST.Money(),
			a.SGST.Money(), a.Cess.Money(), r.Tax.Money(), r.Items, r.IRN, irnDate, r.CFS, r.CFS3B})
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
				r.POS, r.ReverseCharge, li.Seq + 1, li.Num, li.Rate.Float(), li.Taxable.Money(), li.IGST.Money(),
				li.CGST.Money(), li.SGST.Money(), li.Cess.Money()})
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
)

// Export writes the current view (scope, filters and sort of q) to w as CSV, JSON or XLSX.
func Export(ctx context.Context, db *sql.DB, w io.Writer, f export.Format, level Level, sc Scope, q InvoiceQuery, names Names) error {
	var t export.Table
	var err error
	switch level {
	case LevelItem:
		t, err = ItemTable(ctx, db, sc, q, names)
	default:
		t, err = InvoiceTable(ctx, db, sc, q, names)
	}
	if err != nil {
		return err
	}
	return export.Write(w, f, t)
}
