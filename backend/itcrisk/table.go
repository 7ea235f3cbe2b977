package itcrisk

import (
	"gstdesk/backend/export"
	"gstdesk/backend/recon"
)

// Table is the whole calendar as one table for CSV and XLSX (dates real dates in XLSX, amounts
// rupees): one row per item, in calendar order.
func Table(c Calendar) export.Table {
	t := export.Table{Name: "ITC at risk " + c.FYLabel, Columns: []export.Column{
		{Key: "date", Title: "Date", Kind: export.Date}, {Key: "deadline", Title: "Last day to act", Kind: export.Date},
		{Key: "rule", Title: "Rule"}, {Key: "status", Title: "Status"}, {Key: "supplier_gstin", Title: "Supplier GSTIN"},
		{Key: "supplier_name", Title: "Supplier"}, {Key: "document_number", Title: "Document"}, {Key: "document_date", Title: "Document date", Kind: export.Date},
		{Key: "document_type", Title: "Type"}, {Key: "period", Title: "Period", Kind: export.Period}, {Key: "return", Title: "GSTR-3B period", Kind: export.Period},
		{Key: "payment_date", Title: "Paid on", Kind: export.Date}, {Key: "amount", Title: "Credit at stake", Kind: export.Money},
		{Key: "action", Title: "What to do"}, {Key: "ref", Title: "Source"},
	}}
	titles := map[string]string{}
	for _, r := range Rules {
		titles[r.Rule] = r.Title + " (" + r.Law + ")"
	}
	for _, g := range c.Months {
		for _, it := range g.Items {
			t.Rows = append(t.Rows, []any{recon.ShowDate(it.Date), recon.ShowDate(it.Deadline), titles[it.Rule], it.Status, it.Supplier,
				it.SupplierName, it.Number, recon.ShowDate(it.DocDate), it.Kind, it.Period, it.Return, recon.ShowDate(it.PaymentDate),
				it.Amount, it.Action, it.Ref})
		}
	}
	return t
}
