package gstr2b

import "gstdesk/backend/export"

// ExportTable is the empty table of a GSTR-2B export, one row per document: the same columns for
// the command line (gstdesk gst 2b --format csv|xlsx|json) and the window's export of a view.
//
// Besides the document's own figures it carries what a reader needs to tell documents apart:
// the part (docdata, docRejdata, docdata.itcrev, docRejdata.itcrev) with a rejected and a reversed
// mark, an amendment's original number, date and type, where the value comes from (a bill of
// entry's and an ISD document's value is worked out, see ValueBoE), an ISD document's
// eligibility, and a bill of entry's port code, number, date, reference and receipt dates.
func ExportTable() export.Table {
	return export.Table{Name: "GSTR-2B", Columns: []export.Column{
		{Key: "period", Title: "Period", Kind: export.Period}, {Key: "part", Title: "Part"}, {Key: "section", Title: "Section"}, {Key: "kind", Title: "Document"},
		{Key: "supplier_gstin", Title: "Supplier GSTIN"}, {Key: "trade_name", Title: "Trade name"}, {Key: "number", Title: "Number"},
		{Key: "date", Title: "Date", Kind: export.Date}, {Key: "type", Title: "Type"}, {Key: "place_of_supply", Title: "POS"},
		{Key: "reverse_charge", Title: "RCM"}, {Key: "itc_available", Title: "ITC available"}, {Key: "reason", Title: "Reason"},
		{Key: "ims_status", Title: "IMS status"}, {Key: "value", Title: "Value", Kind: export.Money},
		{Key: "taxable_value", Title: "Taxable value", Kind: export.Money}, {Key: "igst", Title: "IGST", Kind: export.Money},
		{Key: "cgst", Title: "CGST", Kind: export.Money}, {Key: "sgst", Title: "SGST", Kind: export.Money}, {Key: "cess", Title: "Cess", Kind: export.Money},
		{Key: "value_basis", Title: "Value is"},
		{Key: "rejected", Title: "Rejected in IMS"}, {Key: "reversed", Title: "ITC reversed"},
		{Key: "original_number", Title: "Original number"}, {Key: "original_date", Title: "Original date", Kind: export.Date},
		{Key: "original_type", Title: "Original type"},
		{Key: "isd_eligible", Title: "ISD eligible"},
		{Key: "port_code", Title: "Port code"}, {Key: "boe_number", Title: "Bill of entry no."}, {Key: "boe_date", Title: "Bill of entry date", Kind: export.Date},
		{Key: "boe_ref_date", Title: "Reference date", Kind: export.Date}, {Key: "boe_received", Title: "Received date", Kind: export.Date},
		{Key: "boe_amended", Title: "Bill of entry amended"},
		{Key: "irn", Title: "IRN"}, {Key: "irn_date", Title: "IRN date", Kind: export.Date},
	}}
}

// AppendExportRow adds one document of period (YYYY-MM) to an ExportTable. A value not given and
// not worked out (ValueAbsent) is left empty, never written as 0.
func AppendExportRow(t *export.Table, period string, d *Document) {
	var value any = d.Value
	if !d.HasValue() {
		value = nil
	}
	basis := "as given"
	if b := ValueBasisText(d.ValueBasis); b != "" {
		basis = b
	}
	var isdElg, port, boeNum, boeDate, refDate, recDate, amended string
	switch d.Kind {
	case KindISDInvoice, KindISDCreditNote:
		isdElg = d.ITCAvailable
	case KindBillOfEntry:
		port, boeNum, boeDate, refDate, recDate, amended = d.PortCode, d.Number, d.Date, d.RefDate, d.RecDate, d.Amended
	}
	t.Rows = append(t.Rows, []any{period, d.Part(), d.Section, d.Kind, d.Supplier, d.TradeName, d.Number, d.Date, d.Type, d.POS,
		d.ReverseCharge, d.ITCAvailable, d.Reason, d.IMSStatus, value, d.Taxable, d.IGST,
		d.CGST, d.SGST, d.Cess, basis, yn(d.Rejected), yn(d.Reversed), d.OrigNumber, d.OrigDate, d.OrigType,
		isdElg, port, boeNum, boeDate, refDate, recDate, amended, d.IRN, d.IRNDate})
}
