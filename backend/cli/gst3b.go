package cli

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"gstdesk/backend/desk/reconcile"
	"gstdesk/backend/export"
	"gstdesk/backend/figure"
	"gstdesk/backend/gstr3b"
	"gstdesk/backend/money"
	"gstdesk/backend/period"
)

func init() {
	gstSubcommands["3b"] = gst3B
	gstSubcommands["9"] = gst9
	localSubcommands["3b"] = true // both read only what is stored
	localSubcommands["9"] = true
	for _, n := range []string{"claim", "hold", "block", "unblock", "ledger", "log"} {
		localSubcommands["3b "+n] = true
	}
}

const gst3BUsage = `usage:
  gstdesk gst 3b --year YYYY --month MM [--record] [--format json|xlsx --out FILE]
      the month's GSTR-3B Table 4 worksheet: rows 4(A)(1)-4(D)(2) by head, the bridge from the
      GSTR-2B's proposal with its documents, the ledgers' warnings (--record stores each 2B
      document's claim period as the worksheet decides it; a person's decision is kept)
  gstdesk gst 3b claim|hold SUPPLIER_GSTIN DOCUMENT --period YYYY-MM [--type invoice|credit_note|debit_note] [--reason TEXT]
  gstdesk gst 3b block|unblock SUPPLIER_GSTIN DOCUMENT [--type T] [--reason TEXT]   (credit blocked under s.17(5))
  gstdesk gst 3b ledger --year YYYY --month MM
  gstdesk gst 3b ledger --opening ecrs|rcm --period YYYY-MM [--igst R] [--cgst R] [--sgst R] [--cess R] [--replace]
  gstdesk gst 3b log [SUPPLIER_GSTIN [DOCUMENT]]
  gstdesk gst 9 --fy "FY 2025-26" [--format json|xlsx --out FILE]
Amounts are rupees with two decimals; field names end in _rupees.`

// gst3B runs the GSTR-3B Table 4 subcommands.
func gst3B(ctx context.Context, g *gstRun, args []string) int {
	if len(args) > 0 {
		switch args[0] {
		case "claim", "hold":
			return gst3BClaim(ctx, g, args[0], args[1:])
		case "block", "unblock":
			return gst3BBlock(ctx, g, args[0], args[1:])
		case "ledger":
			return gst3BLedger(ctx, g, args[1:])
		case "log":
			return gst3BLog(ctx, g, args[1:])
		case "-h", "--help", "help":
			fmt.Fprintln(g.env.Stderr, gst3BUsage)
			return ExitOK
		}
	}
	fs := g.flags("3b")
	fs.Usage = func() { fmt.Fprintln(g.env.Stderr, gst3BUsage) }
	pf := addPeriodFlags(fs, false)
	record := fs.Bool("record", false, "store each 2B document's claim period as the worksheet decides it")
	periods, code, ok := g.periods(fs, pf, args, "gstdesk gst 3b --year YYYY --month MM [--record] [--format json|xlsx --out FILE]")
	if !ok {
		return code
	}
	f, ok := g.sheetFormat()
	if !ok {
		return ExitUsage
	}
	if err := g.open(ctx); err != nil {
		return g.fail(err)
	}
	p := periods[0]
	m, err := period.ReadMonth(p)
	if err != nil {
		return g.fail(err)
	}
	if *record {
		n, err := g.d.Recon.RecordTable4(ctx, m)
		if err != nil {
			return g.fail(err)
		}
		fmt.Fprintf(g.env.Stderr, "gstdesk gst 3b: %s: recorded the claim period of %d documents.\n", p, n)
	}
	// One worksheet, read after the record (which builds its own to record from).
	sheet, err := g.d.Recon.Table4(ctx, m)
	if err != nil {
		return g.fail(err)
	}
	// No GSTR-2B kept for the month: the worksheet still holds what the ledgers and the claims
	// moved here from other months give (its notes say the proposal is empty), but no credit of
	// the month's own 2B, which a Table 4 of zeros would seem to say there is none of. It is said
	// last on stderr, where it is seen, and the command fails as gst 2b --offline does.
	no2B := sheet.Snapshot == ""
	if err := g.writeRaw(func(w io.Writer) error { return writeSheet(w, f, g.out == "", sheet) }); err != nil {
		return g.fail(err)
	}
	g.say3B(sheet)
	if no2B {
		fmt.Fprintf(g.env.Stderr, "gstdesk gst 3b: %s\n", no2BFor3B(p))
		return ExitFailed
	}
	return ExitOK
}

// no2BFor3B says that no GSTR-2B is kept for the month p (YYYY-MM) of a Table 4 worksheet.
func no2BFor3B(p string) string {
	y, m, _ := strings.Cut(p, "-")
	return fmt.Sprintf("No GSTR-2B is kept for %s: Table 4 holds no credit of that month's GSTR-2B (only what the ledgers and claims moved from other months give), so its figures are not the month's. Pull it (gstdesk gst 2b --year %s --month %s), or import the file downloaded from the GST portal (gstdesk gst import FILE), then run gst 3b again.", p, y, strings.TrimLeft(m, "0"))
}

// linesOnly refuses a --format other than json for a command whose output is JSON lines.
func (g *gstRun) linesOnly() bool {
	if g.format != "" && !strings.EqualFold(g.format, "json") {
		fmt.Fprintf(g.env.Stderr, "gstdesk gst %s: prints JSON lines; --format is json or left out.\n", g.name)
		return false
	}
	return true
}

// sheetFormat is --format for a worksheet: json (the default) or xlsx (with --out).
func (g *gstRun) sheetFormat() (export.Format, bool) {
	if g.format == "" {
		return export.JSON, true
	}
	f, _ := export.ParseFormat(g.format)
	if f == export.CSV {
		fmt.Fprintf(g.env.Stderr, "gstdesk gst %s: --format is json or xlsx: the worksheet is several tables.\n", g.name)
		return "", false
	}
	return f, true
}

// writeSheet writes the worksheet: one JSON line on stdout, an indented JSON or XLSX file.
func writeSheet(w io.Writer, f export.Format, line bool, sheet reconcile.Table4Sheet) error {
	if line {
		enc := newJSON(w)
		return enc.Encode(sheet)
	}
	return reconcile.WriteTable4(w, f, sheet)
}

// say3B tells on stderr the figures to type and what would stop the return.
func (g *gstRun) say3B(sheet reconcile.Table4Sheet) {
	w := g.env.Stderr
	fmt.Fprintf(w, "gstdesk gst 3b: %s: Table 4 (IGST, CGST, SGST, cess, in rupees)\n", sheet.Label)
	for _, r := range sheet.Rows {
		fmt.Fprintf(w, "  %-8s %14s %14s %14s %12s\n", r.Label, money.Paise(r.Figure.IGST).Indian(), money.Paise(r.Figure.CGST).Indian(),
			money.Paise(r.Figure.SGST).Indian(), money.Paise(r.Figure.Cess).Indian())
	}
	if c := sheet.Row(gstr3b.R4C); c != nil {
		fmt.Fprintf(w, "gstdesk gst 3b: %s ₹%s; %s ₹%s; %s ₹%s.\n", figure.Name(figure.NetITC), money.Paise(c.Figure.Total()).Indian(),
			figure.Name(figure.Reversed4B), money.Paise(sheet.Reversed().Total()).Indian(), figure.Name(figure.Held), money.Paise(sheet.Held().Total()).Indian())
	}
	for _, l := range sheet.Bridge {
		change := "no change"
		if !l.Informational() {
			var rows []string
			for _, e := range l.Effects {
				rows = append(rows, e.Row)
			}
			change = strings.Join(rows, ", ")
		}
		fmt.Fprintf(w, "  bridge: %s: %d documents, ₹%s (%s)\n", l.Title, l.Count, l.Tax.Total().Indian(), change)
	}
	for _, wn := range sheet.Warnings {
		fmt.Fprintf(w, "gstdesk gst 3b: warning: %s\n", wn.Message)
	}
	for _, n := range sheet.Notes {
		fmt.Fprintf(w, "gstdesk gst 3b: note: %s\n", n)
	}
}

// gst3BClaim moves a document to "claim now" in a month, or holds it.
func gst3BClaim(ctx context.Context, g *gstRun, state string, args []string) int {
	g.name = "3b " + state
	fs := g.flags(g.name)
	per := fs.String("period", "", "the GSTR-3B month, YYYY-MM")
	kind := fs.String("type", "", "invoice, credit_note or debit_note (when a number has two)")
	reason := fs.String("reason", "", "why, for the log")
	rest, code := g.parse(fs, args)
	if code >= 0 {
		return code
	}
	if !g.linesOnly() {
		return ExitUsage
	}
	if len(rest) != 2 || *per == "" {
		fmt.Fprintf(g.env.Stderr, "usage: gstdesk gst 3b %s SUPPLIER_GSTIN DOCUMENT --period YYYY-MM [--type T] [--reason TEXT]\n", state)
		return ExitUsage
	}
	if err := g.open(ctx); err != nil {
		return g.fail(err)
	}
	res, err := g.d.Recon.SetClaim(ctx, reconcile.ClaimRequest{Supplier: rest[0], Number: rest[1], Kind: *kind, State: state, Period: *per, Reason: *reason})
	if err != nil {
		return g.fail(err)
	}
	if err := g.writeRaw(func(w io.Writer) error { return writeJSONLines(w, res.Documents) }); err != nil {
		return g.fail(err)
	}
	fmt.Fprintf(g.env.Stderr, "gstdesk gst %s: %d of %d faces changed.\n", g.name, res.Changed, len(res.Documents))
	return ExitOK
}

// gst3BBlock marks or unmarks a document's credit as blocked under s.17(5).
func gst3BBlock(ctx context.Context, g *gstRun, verb string, args []string) int {
	g.name = "3b " + verb
	fs := g.flags(g.name)
	kind := fs.String("type", "invoice", "invoice, credit_note or debit_note")
	reason := fs.String("reason", "", "why (the s.17(5) clause)")
	rest, code := g.parse(fs, args)
	if code >= 0 {
		return code
	}
	if len(rest) != 2 {
		fmt.Fprintf(g.env.Stderr, "usage: gstdesk gst 3b %s SUPPLIER_GSTIN DOCUMENT [--type T] [--reason TEXT]\n", verb)
		return ExitUsage
	}
	if err := g.open(ctx); err != nil {
		return g.fail(err)
	}
	if err := g.d.Recon.MarkBlocked(ctx, rest[0], *kind, rest[1], *reason, verb == "block"); err != nil {
		return g.fail(err)
	}
	b := jsonLine(map[string]any{"supplier_gstin": strings.ToUpper(rest[0]), "document_number": rest[1], "document_type": *kind, "blocked": verb == "block"})
	g.env.Stdout.Write(append(b, '\n'))
	return ExitOK
}

// gst3BLedger prints the two ledgers up to a month, or enters an opening balance.
func gst3BLedger(ctx context.Context, g *gstRun, args []string) int {
	g.name = "3b ledger"
	fs := g.flags(g.name)
	pf := addPeriodFlags(fs, false)
	opening := fs.String("opening", "", "enter the opening balance of ecrs or rcm")
	per := fs.String("period", "", "the month the opening balance opens, YYYY-MM")
	heads := map[string]*string{}
	for _, h := range []string{"igst", "cgst", "sgst", "cess"} {
		heads[h] = fs.String(h, "", "opening "+h+", rupees")
	}
	replace := fs.Bool("replace", false, "correct an opening balance entered before")
	rest, code := g.parse(fs, args)
	if code >= 0 {
		return code
	}
	if !g.linesOnly() {
		return ExitUsage
	}
	if len(rest) > 0 || (*opening == "") == (*pf.year == 0 || *pf.month == 0) {
		fmt.Fprintln(g.env.Stderr, "usage: gstdesk gst 3b ledger --year YYYY --month MM\n       gstdesk gst 3b ledger --opening ecrs|rcm --period YYYY-MM [--igst R] [--cgst R] [--sgst R] [--cess R] [--replace]")
		return ExitUsage
	}
	if err := g.open(ctx); err != nil {
		return g.fail(err)
	}
	if *opening != "" {
		o := reconcile.LedgerOpening{Ledger: *opening, Period: *per, IGST: *heads["igst"], CGST: *heads["cgst"], SGST: *heads["sgst"], Cess: *heads["cess"], Replace: *replace}
		if err := g.d.Recon.SetLedgerOpening(ctx, o); err != nil {
			return g.fail(err)
		}
		fmt.Fprintf(g.env.Stderr, "gstdesk gst 3b ledger: the %s opening balance as of %s is entered.\n", *opening, *per)
		return ExitOK
	}
	ls, err := g.d.Recon.CreditLedgers(ctx, period.MonthOf(*pf.year, time.Month(*pf.month)))
	if err != nil {
		return g.fail(err)
	}
	if err := g.writeRaw(func(w io.Writer) error { return writeJSONLines(w, ls) }); err != nil {
		return g.fail(err)
	}
	for _, l := range ls {
		for _, m := range l.Months {
			if m.Warning != nil {
				fmt.Fprintf(g.env.Stderr, "gstdesk gst 3b ledger: warning: %s\n", m.Warning.Message)
			}
		}
		for _, n := range l.Notes {
			fmt.Fprintf(g.env.Stderr, "gstdesk gst 3b ledger: %s: %s\n", l.Title, n)
		}
	}
	return ExitOK
}

// gst3BLog prints the changes of claim periods, one JSON line each.
func gst3BLog(ctx context.Context, g *gstRun, args []string) int {
	g.name = "3b log"
	fs := g.flags(g.name)
	rest, code := g.parse(fs, args)
	if code >= 0 {
		return code
	}
	if !g.linesOnly() {
		return ExitUsage
	}
	if len(rest) > 2 {
		fmt.Fprintln(g.env.Stderr, "usage: gstdesk gst 3b log [SUPPLIER_GSTIN [DOCUMENT]]")
		return ExitUsage
	}
	rest = append(rest, "", "")
	if err := g.open(ctx); err != nil {
		return g.fail(err)
	}
	log, err := g.d.Recon.ClaimLog(ctx, rest[0], rest[1])
	if err != nil {
		return g.fail(err)
	}
	if err := g.writeRaw(func(w io.Writer) error { return writeJSONLines(w, log) }); err != nil {
		return g.fail(err)
	}
	return ExitOK
}

// gst9 prints the ITC tables of a year's GSTR-9.
func gst9(ctx context.Context, g *gstRun, args []string) int {
	fs := g.flags("9")
	fy := fs.String("fy", "", `the financial year, "FY 2025-26"`)
	rest, code := g.parse(fs, args)
	if code >= 0 {
		return code
	}
	if len(rest) > 0 || *fy == "" {
		fmt.Fprintln(g.env.Stderr, `usage: gstdesk gst 9 --fy "FY 2025-26" [--format json|xlsx --out FILE]`)
		return ExitUsage
	}
	if !g.yearFlag(*fy) {
		return ExitUsage
	}
	f, ok := g.sheetFormat()
	if !ok {
		return ExitUsage
	}
	if err := g.open(ctx); err != nil {
		return g.fail(err)
	}
	year, err := period.ReadFY(*fy)
	if err != nil {
		return g.fail(err)
	}
	a, err := g.d.Recon.GSTR9(ctx, year)
	if err != nil {
		return g.fail(err)
	}
	err = g.writeRaw(func(w io.Writer) error {
		if g.out == "" {
			enc := newJSON(w)
			return enc.Encode(a)
		}
		return reconcile.WriteGSTR9(w, f, a)
	})
	if err != nil {
		return g.fail(err)
	}
	fmt.Fprintf(g.env.Stderr, "gstdesk gst 9: %s (due %s): ITC tables (IGST, CGST, SGST, cess, in rupees)\n", a.FYLabel, a.Due)
	for _, t := range a.Tables {
		fmt.Fprintf(g.env.Stderr, "  %-4s %14s %14s %14s %12s  %d documents  %s\n", t.Table, money.Paise(t.Tax.IGST).Indian(), money.Paise(t.Tax.CGST).Indian(),
			money.Paise(t.Tax.SGST).Indian(), money.Paise(t.Tax.Cess).Indian(), t.Count, t.Title)
	}
	for _, n := range a.Notes {
		fmt.Fprintf(g.env.Stderr, "gstdesk gst 9: note: %s\n", n)
	}
	return ExitOK
}
