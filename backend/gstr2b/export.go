package gstr2b

import "gstdesk/backend/export"

// ExportTable is the empty table of a GSTR-2B export, one row per document: the same columns for
// the command line (gstdesk gst 2b --format csv|xlsx) and the window's export of a view.
func ExportTable() export.Table {
	return export.Table{Name: "GSTR-2B", Columns: []export.Column{
		{Key: "period", Title: "Period", Kind: export.Period}, {Key: "part", Title: "Part"}, {Key: "section", Title: "Section"}, {Key: "kind", Title: "Document"},
		{Key: "supplier_gstin", Title: "Supplier GSTIN"}, {Key: "trade_name", Title: "Trade name"}, {Key: "number", Title: "Number"},
		{Key: "date", Title: "Date", Kind: export.Date}, {Key: "type", Title: "Type"}, {Key: "place_of_supply", Title: "POS"},
		{Key: "reverse_charge", Title: "RCM"}, {Key: "itc_available", Title: "ITC available"}, {Key: "reason", Title: "Reason"},
		{Key: "ims_status", Title: "IMS status"}, {Key: "value", Title: "Value", Kind: export.Money},
		{Key: "taxable_value", Title: "Taxable value", Kind: export.Money}, {Key: "igst", Title: "IGST", Kind: export.Money},
		{Key: "cgst", Title: "CGST", Kind: export.Money}, {Key: "sgst", Title: "SGST", Kind: export.Money}, {Key: "cess", Title: "Cess", Kind: export.Money},
	}}
}

// AppendExportRow adds one document of period (YYYY-MM) to an ExportTable.
func AppendExportRow(t *export.Table, period string, d *Document) {
	part := "docdata"
	if d.Rejected {
		part = "docRejdata"
	}
	t.Rows = append(t.Rows, []any{period, part, d.Section, d.Kind, d.Supplier, d.TradeName, d.Number, d.Date, d.Type, d.POS,
		d.ReverseCharge, d.ITCAvailable, d.Reason, d.IMSStatus, d.Value.Rupees(), d.Taxable.Rupees(), d.IGST.Rupees(),
		d.CGST.Rupees(), d.SGST.Rupees(), d.Cess.Rupees()})
}
