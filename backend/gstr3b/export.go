package gstr3b

import (
	"strings"

	"gstdesk/backend/export"
	"gstdesk/backend/money"
)

// headCols are the four head columns of every table, as the portal's tables have them.
var headCols = []export.Column{{Key: "igst", Title: "Integrated Tax", Kind: export.Money}, {Key: "cgst", Title: "Central Tax", Kind: export.Money},
	{Key: "sgst", Title: "State/UT Tax", Kind: export.Money}, {Key: "cess", Title: "Cess", Kind: export.Money}}

func cols(front []export.Column, back ...export.Column) []export.Column {
	out := append(append([]export.Column{}, front...), headCols...)
	return append(out, back...)
}

func headCells(h Heads) []any {
	return []any{money.Paise(h.IGST), money.Paise(h.CGST), money.Paise(h.SGST), money.Paise(h.Cess)}
}

func row(front []any, h Heads, back ...any) []any {
	return append(append(append([]any{}, front...), headCells(h)...), back...)
}

// docColumns are the documents sheet's columns after the line and row.
var docColumns = []export.Column{{Key: "face", Title: "Face"}, {Key: "period_2b", Title: "GSTR-2B period", Kind: export.Period},
	{Key: "section", Title: "Section"}, {Key: "supplier_gstin", Title: "Supplier GSTIN"}, {Key: "supplier_name", Title: "Supplier name"},
	{Key: "document_type", Title: "Document type"}, {Key: "document_number", Title: "Document number"},
	{Key: "document_date", Title: "Document date", Kind: export.Date}}

func docCells(d *Doc) []any {
	var p any
	if d.Period2B != "" {
		p = d.Period2B
	}
	return []any{d.Face, p, d.Section, d.Supplier, d.SupplierName, d.Kind, d.Number, d.Date}
}

// WorksheetTables is the worksheet as sheets of a workbook: Table 4 in the portal's layout (rows
// 4(A)(1) to 4(D)(2) by Integrated, Central, State/UT tax and cess), the 4(A) rows' gross, credit
// notes and net, the bridge from the 2B's proposal, every document of the bridge, and the
// warnings and notes.
func WorksheetTables(w *Worksheet) []export.Table {
	t4 := export.Table{Name: "Table 4 " + w.Label, Columns: cols([]export.Column{{Key: "row", Title: "Row"}, {Key: "details", Title: "Details"}})}
	parts := export.Table{Name: "4(A) gross and notes", Columns: cols([]export.Column{{Key: "row", Title: "Row"}, {Key: "part", Title: "Part"}})}
	br := export.Table{Name: "Bridge", Columns: cols([]export.Column{{Key: "line", Title: "Line"}, {Key: "row", Title: "Row"}},
		export.Column{Key: "documents", Title: "Documents", Kind: export.Integer}, export.Column{Key: "explain", Title: "What it does"})}
	for _, r := range w.Rows {
		t4.Rows = append(t4.Rows, row([]any{r.Label, r.Title}, r.Figure))
		if r.Gross != nil {
			parts.Rows = append(parts.Rows, row([]any{r.Label, "Gross (2B proposal)"}, *r.Gross), row([]any{r.Label, "Credit notes (2B proposal)"}, *r.CreditNotes),
				row([]any{r.Label, "Net (2B proposal)"}, r.Proposal), row([]any{r.Label, "Figure after adjustments"}, r.Figure))
		}
		if r.Code != R4C {
			br.Rows = append(br.Rows, row([]any{"2B proposal", r.Label}, r.Proposal, nil, ""))
		}
	}
	for _, l := range w.Bridge {
		if l.Informational() {
			br.Rows = append(br.Rows, row([]any{l.Title, "(no change)"}, l.Tax, l.Count, l.Explain))
			continue
		}
		for _, e := range l.Effects {
			br.Rows = append(br.Rows, row([]any{l.Title, label(e.Row)}, e.Tax, l.Count, l.Explain))
		}
	}
	for _, r := range w.Rows {
		br.Rows = append(br.Rows, row([]any{"Figure", r.Label}, r.Figure, nil, ""))
	}
	docs := export.Table{Name: "Documents", Columns: cols(append([]export.Column{{Key: "line", Title: "Line"}, {Key: "row", Title: "Row"}}, docColumns...),
		export.Column{Key: "why", Title: "Why"}, export.Column{Key: "match", Title: "Reconciliation"}, export.Column{Key: "ims", Title: "IMS"},
		export.Column{Key: "claim_period", Title: "Claim period", Kind: export.Period}, export.Column{Key: "ref", Title: "Where read"})}
	for _, l := range w.Bridge {
		for i := range l.Docs {
			d := &l.Docs[i]
			var cp any
			if d.Claim.Period != "" {
				cp = d.Claim.Period
			}
			docs.Rows = append(docs.Rows, row(append([]any{l.Title, label(d.Row)}, docCells(&d.Doc)...), d.Tax, d.Why, d.Match, d.IMS, cp, d.Ref))
		}
	}
	notes := export.Table{Name: "Warnings and notes", Columns: []export.Column{{Key: "kind", Title: "Kind"}, {Key: "text", Title: "Text"}}}
	for _, wn := range w.Warnings {
		notes.Rows = append(notes.Rows, []any{"Warning: " + wn.Kind, wn.Message})
	}
	for _, n := range w.Notes {
		notes.Rows = append(notes.Rows, []any{"Note", n})
	}
	return []export.Table{t4, parts, br, docs, notes}
}

// label is a row code as the portal writes it.
func label(code string) string {
	if i := rowIndex(code); i >= 0 {
		return Rows[i].Label
	}
	return code
}

// GSTR9Tables is the annual return's ITC tables as sheets: the tables in the return's layout
// (6A, 6A1, 6A2, 8A-8D, 13 by Integrated, Central, State/UT tax and cess), the months of 6A, and
// every document with the tables it counts in.
func GSTR9Tables(g *GSTR9) []export.Table {
	main := export.Table{Name: "GSTR-9 ITC " + strings.TrimPrefix(g.FYLabel, "FY "), Columns: cols([]export.Column{{Key: "table", Title: "Table"}, {Key: "details", Title: "Details"}},
		export.Column{Key: "documents", Title: "Documents", Kind: export.Integer}, export.Column{Key: "basis", Title: "How it is made"})}
	for _, f := range g.Tables {
		main.Rows = append(main.Rows, row([]any{f.Table, f.Title}, f.Tax, f.Count, f.Basis))
	}
	months := export.Table{Name: "6A by month", Columns: cols([]export.Column{{Key: "period", Title: "GSTR-3B period", Kind: export.Period}},
		export.Column{Key: "have", Title: "GSTR-2B stored"})}
	for _, m := range g.Months {
		have := "yes"
		if !m.Have {
			have = "no"
		}
		months.Rows = append(months.Rows, row([]any{m.Period}, m.A, have))
	}
	docs := export.Table{Name: "Documents", Columns: cols(append([]export.Column{{Key: "tables", Title: "Tables"}}, docColumns...),
		export.Column{Key: "itc_available", Title: "ITC available"}, export.Column{Key: "claim_period", Title: "Claim period", Kind: export.Period},
		export.Column{Key: "claim_basis", Title: "Claim period from"})}
	for i := range g.Docs {
		d := &g.Docs[i]
		var cp any
		if d.ClaimPeriod != "" {
			cp = d.ClaimPeriod
		}
		docs.Rows = append(docs.Rows, row(append([]any{strings.Join(d.Tables.Names(), ", ")}, docCells(&d.Doc)...), d.Tax, d.ITCAvailable, cp, d.ClaimBasis))
	}
	notes := export.Table{Name: "Notes", Columns: []export.Column{{Key: "text", Title: "Note"}}}
	for _, n := range g.Notes {
		notes.Rows = append(notes.Rows, []any{n})
	}
	return []export.Table{main, months, docs, notes}
}
