package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"gstdesk/backend/apperr"
	"gstdesk/backend/desk/returns"
	"gstdesk/backend/export"
	"gstdesk/backend/gstr2a"
	"gstdesk/backend/lookup"
	"gstdesk/backend/period"
)

func init() {
	gstSubcommands["2a-b2b"] = gst2AB2B
}

// gst2AB2B pulls (or, with --offline, reads the latest stored snapshot of) GSTR-2A B2B periods and
// prints one JSON line per period: {"period", "source", "fetched_at", "data": {"b2b": [...]}}.
func gst2AB2B(ctx context.Context, g *gstRun, args []string) int {
	fs := g.flags("2a-b2b")
	pf := addPeriodFlags(fs, true)
	supplier := fs.String("supplier", "", "only this supplier's invoices (counterparty GSTIN)")
	from := fs.String("from", "", "only data from this date, DD/MM/YYYY")
	gstinFlag := fs.String("gstin", "", "the taxpayer's GSTIN (default: the workspace's)")
	periods, code, ok := g.periods(fs, pf, args,
		"gstdesk gst 2a-b2b --year YYYY --month MM [--to-month MM] [--supplier GSTIN] [--from DD/MM/YYYY] [--offline] [--format json|csv|xlsx] [--out FILE]")
	if !ok {
		return code
	}
	if err := g.open(ctx); err != nil {
		return g.fail(err)
	}
	var listings []periodListing
	failed := false
	if g.offline {
		for _, p := range periods {
			m, err := period.ReadMonth(p)
			if err != nil {
				return g.fail(err)
			}
			snap, raw, err := g.d.Returns.StoredListing(ctx, m)
			if err != nil {
				g.emitSaid(map[string]any{"period": p, "error": errorObject(apperr.Command.Public(err))})
				failed = true
				continue
			}
			listings = append(listings, periodListing{p, raw, snap.Filters.Describe()})
			rec := map[string]any{"period": p, "source": g.source(lookup.FromCache), "fetched_at": stamp(snap.FetchedAt),
				"transaction_id": snap.TransactionID, "data": json.RawMessage(nonEmptyListing(raw))}
			if rec["source"] == lookup.FromDemo {
				rec["stored"] = true
			}
			if snap.Source == "file" {
				rec["source"], rec["file"] = "file", snap.FileName // imported from the portal's file, never "pulled"
				delete(rec, "stored")
			}
			if len(snap.Notices) > 0 {
				rec["notices"] = snap.Notices
			}
			if !snap.Filters.Full() {
				rec["scope"] = snap.Filters
			}
			g.emit(rec)
		}
		return g.finish2A(listings, failed)
	}
	res, err := g.d.Returns.PullGSTR2A(ctx, returns.PullRequest{GSTIN: *gstinFlag, Periods: periods, Supplier: *supplier, From: *from}, true, nil)
	if err != nil {
		for _, p := range periods {
			g.emitSaid(map[string]any{"period": p, "error": errorObject(apperr.Command.Public(err))})
		}
		return g.done(true)
	}
	scope := gstr2a.Filters{Supplier: strings.ToUpper(strings.TrimSpace(*supplier)), From: strings.TrimSpace(*from)}
	for _, r := range res {
		if r.Error != nil {
			g.emitSaid(map[string]any{"period": r.Period, "error": errorObject(r.Error)})
			failed = true
			continue
		}
		listings = append(listings, periodListing{r.Period, r.Raw, scope.Describe()})
		rec := map[string]any{"period": r.Period, "source": g.source(lookup.FromRemote), "fetched_at": r.FetchedAt,
			"transaction_id": r.TransactionID, "data": json.RawMessage(nonEmptyListing(r.Raw))}
		if !scope.Full() {
			rec["scope"] = scope // a filtered pull is not the whole month: said as the offline answer says it
		}
		if r.Notice != "" {
			rec["notice"] = r.Notice // said on stderr too (emitSaid), so it is seen when the lines go to a file or a pipe
		}
		g.emitSaid(rec)
	}
	return g.finish2A(listings, failed)
}

// source labels an answer: "demo" for the built-in demo service's made-up data, else as given.
func (g *gstRun) source(real string) string {
	if g.d.Core.DemoAnswers() {
		return lookup.FromDemo
	}
	return real
}

type periodListing struct {
	period string
	raw    []byte
	scope  string // what the pull covered, in words (gstr2a.Filters.Describe)
}

// nonEmptyListing is the listing as sent, or {"b2b":[]} for a period with no data.
func nonEmptyListing(raw []byte) []byte {
	if len(raw) == 0 {
		return []byte(`{"b2b":[]}`)
	}
	return raw
}

// finish2A writes the file formats: JSON keeps the per-period records; CSV and XLSX are one row
// per invoice.
func (g *gstRun) finish2A(ls []periodListing, failed bool) int {
	f, _ := export.ParseFormat(g.format)
	if f != export.CSV && f != export.XLSX {
		return g.done(failed)
	}
	g.records = nil
	t := export.Table{Name: "GSTR-2A B2B", Columns: []export.Column{
		{Key: "period", Title: "Period", Kind: export.Period}, {Key: "pulled_for", Title: "Pull covered"}, {Key: "supplier_gstin", Title: "Supplier GSTIN"}, {Key: "cfs", Title: "GSTR-1 filed"},
		{Key: "cfs3b", Title: "GSTR-3B filed"}, {Key: "invoice_number", Title: "Invoice no."}, {Key: "invoice_date", Title: "Invoice date", Kind: export.Date},
		{Key: "invoice_type", Title: "Type"}, {Key: "place_of_supply", Title: "POS"}, {Key: "reverse_charge", Title: "RCM"},
		{Key: "irn", Title: "IRN"}, {Key: "invoice_value", Title: "Invoice value", Kind: export.Money},
		{Key: "taxable_value", Title: "Taxable value", Kind: export.Money}, {Key: "igst", Title: "IGST", Kind: export.Money},
		{Key: "cgst", Title: "CGST", Kind: export.Money}, {Key: "sgst", Title: "SGST", Kind: export.Money}, {Key: "cess", Title: "Cess", Kind: export.Money},
	}}
	for _, pl := range ls {
		if len(pl.raw) == 0 {
			continue
		}
		l, err := gstr2a.Parse(pl.raw)
		if err != nil {
			return g.fail(err)
		}
		for _, s := range l.B2B {
			for i := range s.Invoices {
				inv := &s.Invoices[i]
				a := inv.Amounts()
				t.Rows = append(t.Rows, []any{pl.period, pl.scope, s.CTIN, s.CFS, s.CFS3B, inv.Number, inv.Date, inv.Type, inv.POS, inv.ReverseCharge,
					inv.IRN, a.Value, a.Taxable, a.IGST, a.CGST, a.SGST, a.Cess})
			}
		}
	}
	if err := g.writeTable(f, t); err != nil {
		return g.fail(err)
	}
	if failed {
		return ExitFailed
	}
	return ExitOK
}

func init() {
	gstSubcommands["2a-diff"] = gst2ADiff
}

// gst2ADiff prints what changed between the last two stored pulls of a period, as one JSON object.
func gst2ADiff(ctx context.Context, g *gstRun, args []string) int {
	fs := g.flags("2a-diff")
	periods, code, ok := g.periods(fs, addPeriodFlags(fs, false), args, "gstdesk gst 2a-diff --year YYYY --month MM")
	if !ok {
		return code
	}
	m, err := period.ReadMonth(periods[0])
	if err != nil {
		return g.fail(err)
	}
	if err := g.open(ctx); err != nil {
		return g.fail(err)
	}
	pair, err := g.d.Returns.GSTR2ADefaultComparison(ctx, m)
	if err != nil {
		g.emit(map[string]any{"period": m.Key(), "error": errorObject(apperr.Command.Public(err))})
		return g.done(true)
	}
	d, err := g.d.Returns.GSTR2ADiff(ctx, pair.FromID, pair.ToID)
	if err != nil {
		return g.fail(err)
	}
	if d.ScopeNote != "" {
		fmt.Fprintln(g.env.Stderr, "gstdesk gst 2a-diff:", d.ScopeNote)
	}
	b := jsonLine(d)
	g.emit(map[string]any{"period": m.Key(), "from": stamp(d.From.FetchedAt), "to": stamp(d.To.FetchedAt),
		"scope": d.Scope, "diff": json.RawMessage(b)})
	return g.done(false)
}

func init() {
	gstSubcommands["2a-docs"] = gst2ADocs
	localSubcommands["2a-docs"] = true
}

// gst2ADocs prints the stored GSTR-2A documents of the sections besides B2B (amendments, credit
// and debit notes, ISD, bills of entry, TDS/TCS credits) of periods: one JSON line per document,
// or the table as CSV/XLSX/JSON with --out. The window's second GSTR-2A table shows the same.
func gst2ADocs(ctx context.Context, g *gstRun, args []string) int {
	fs := g.flags("2a-docs")
	pf := addPeriodFlags(fs, true)
	section := fs.String("section", "", "only this section: b2ba, cdn, cdna, isd, isda, impg, impgsez, ecom, ecoma, tds, tcs")
	supplier := fs.String("supplier", "", "only this supplier (GSTIN or part of the name)")
	periods, code, ok := g.periods(fs, pf, args,
		"gstdesk gst 2a-docs --year YYYY --month MM [--to-month MM] [--section S] [--supplier GSTIN] [--format json|csv|xlsx --out FILE]")
	if !ok {
		return code
	}
	if err := g.open(ctx); err != nil {
		return g.fail(err)
	}
	sc := gstr2a.Scope{Periods: periods}
	q := gstr2a.DocumentQuery{Filter: gstr2a.DocumentFilter{Section: *section, Supplier: *supplier}}
	if g.out != "" {
		f := export.JSON
		if g.format != "" {
			f, _ = export.ParseFormat(g.format)
		}
		err := writeOutput(g.env, g.out, func(w io.Writer) error { return g.d.Returns.WriteGSTR2ADocuments(ctx, sc, q, f, w) })
		if err != nil {
			return g.fail(err)
		}
		return ExitOK
	}
	page, err := g.d.Returns.GSTR2ADocuments(ctx, sc, q)
	if err != nil {
		return g.fail(err)
	}
	for _, r := range page.Rows {
		b := jsonLine(r)
		g.env.Stdout.Write(append(b, '\n'))
	}
	fmt.Fprintf(g.env.Stderr, "gstdesk gst 2a-docs: %d document(s) besides B2B in %s.\n", page.Total, strings.Join(periods, ", "))
	return ExitOK
}
