package cli

import (
	"context"
	"flag"
	"fmt"
	"io"
	"sort"
	"strings"

	"gstdesk/backend/desk/reconcile"
	"gstdesk/backend/export"
	"gstdesk/backend/figure"
	"gstdesk/backend/money"
	"gstdesk/backend/period"
	"gstdesk/backend/recon"
)

func init() {
	register(Command{Name: "recon", Summary: "reconcile a purchase register with the stored GSTR-2B (or GSTR-2A)", Run: runRecon, UsesWorkspace: true})
}

func reconUsage(w io.Writer) {
	fmt.Fprintln(w, "usage: gstdesk recon --year YYYY --month MM [--to-month MM] --purchases FILE [--against 2a|2b] [--tolerance 1] [--date-window 10]")
	fmt.Fprintln(w, "                     [--format json|csv|xlsx] [--out FILE] [--workspace NAME] [--pin]")
	fmt.Fprintln(w, "       gstdesk recon runs [--against 2a|2b]            list the saved runs, newest first, with their kind")
	fmt.Fprintln(w, "       gstdesk recon show RUN [--as-of YYYY-MM] [--format F] [--out FILE]")
	fmt.Fprintln(w, "                                                       reopen a saved run against GSTR-2B, or view it as it stood")
	fmt.Fprintln(w, "                                                       at the end of an earlier month")
	fmt.Fprintln(w, "       gstdesk recon choose RUN ROW_KEY accept|reject|pending|reset|leave|clear")
	fmt.Fprintln(w, "                                                       change the IMS action of a row of a run against GSTR-2B")
	fmt.Fprintln(w, "\nReconciles the purchase register (CSV or XLSX) with the GSTR-2A stored for the periods and saves the run,")
	fmt.Fprintln(w, "keeping earlier decisions (accept, ignore, links). A --to-month before --month runs into the next year")
	fmt.Fprintln(w, "(--year 2024 --month 04 --to-month 03 is FY 2024-25). Without a saved column mapping the register needs")
	fmt.Fprintln(w, "the headers supplier_gstin, supplier_name, invoice_number, invoice_date (DD-MM-YYYY or DD/MM/YYYY),")
	fmt.Fprintln(w, "place_of_supply, reverse_charge, invoice_value, taxable_value, igst, cgst, sgst, cess and optionally")
	fmt.Fprintln(w, "document_type; Tally and Busy headers are recognised too. Against GSTR-2A only register rows dated in the periods")
	fmt.Fprintln(w, "are used; against GSTR-2B every books document not yet matched with an earlier month's 2B nor claimed in an")
	fmt.Fprintln(w, "earlier GSTR-3B takes part, so an invoice the supplier reports late is matched, not called missing.")
	fmt.Fprintln(w, "With --format json (the default) it prints one JSON object per row: status, books, gstr2a (gstr2b against")
	fmt.Fprintln(w, "GSTR-2B, with gstr2a kept alongside for one release), rule, differences.")
	fmt.Fprintln(w, "Against GSTR-2B (the default where a 2B is stored for every period) the run is three-way, books v 2B v IMS,")
	fmt.Fprintln(w, "with a recommended IMS action and its reason on each row; the run is saved too, and the IMS actions you")
	fmt.Fprintln(w, "choose on it (recon choose, or the window) are what gstdesk gst ims apply --run RUN sends.")
	fmt.Fprintf(w, "Only the newest %d runs of the same periods and kind are kept, and pinned ones (--pin, or gstdesk data --pin RUN).\n", recon.KeepRuns)
	fmt.Fprintln(w, "Exit status: 0 done, 1 the register or the data was rejected, 2 wrong command line.")
}

func runRecon(ctx context.Context, env Env, args []string) int {
	if len(args) > 0 {
		if sub, ok := reconSubcommands[args[0]]; ok {
			return sub(ctx, env, args[1:])
		}
	}
	fs := flag.NewFlagSet("recon", flag.ContinueOnError)
	fs.SetOutput(env.Stderr)
	year, month := yearMonthFlags(fs, "year of the first period (YYYY)", "month of the first period")
	toMonth := monthFlag(fs, "to-month", "month of the last period (default: --month)")
	purchases := fs.String("purchases", "", "the purchase register, CSV or XLSX")
	tolerance := fs.String("tolerance", "1", "rupees of difference per amount still treated as agreement")
	window := fs.Int("date-window", 10, "days two invoice dates may be apart and still suggest the same invoice")
	combine := fs.Bool("combine-duplicates", false, "add up register rows that repeat an invoice (same supplier GSTIN, number and date) instead of listing them as duplicates")
	format := fs.String("format", "json", "output: json (one line per row), csv or xlsx")
	out := fs.String("out", "", "write to this file instead of standard output")
	pin := fs.Bool("pin", false, "keep this run however many newer runs of the periods are saved (see gstdesk data)")
	against := fs.String("against", "", "2a or 2b: reconcile with GSTR-2A, or three-way with GSTR-2B and IMS (default: 2b when a 2B is stored for the periods)")
	fs.Usage = func() { reconUsage(env.Stderr) }
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			return ExitOK
		}
		return ExitUsage
	}
	fail := func(code int, format string, a ...any) int {
		fmt.Fprintf(env.Stderr, "gstdesk recon: "+format+"\n", a...)
		return code
	}
	if fs.NArg() > 0 {
		return fail(ExitUsage, "unexpected argument %q: give the register with --purchases.", fs.Arg(0))
	}
	if *year < 2017 || *year > 2100 {
		return fail(ExitUsage, "--year must be a year from 2017 (GST began in July 2017), such as 2024.")
	}
	if *month < 1 || *month > 12 {
		return fail(ExitUsage, "--month must be 1 to 12.")
	}
	if *toMonth == 0 {
		*toMonth = *month
	}
	if *toMonth < 1 || *toMonth > 12 {
		return fail(ExitUsage, "--to-month must be 1 to 12.")
	}
	if *purchases == "" {
		return fail(ExitUsage, "--purchases FILE is required: the purchase register as CSV or XLSX.")
	}
	amount, err := money.Parse(*tolerance)
	tol := recon.Paise(amount)
	if err != nil || tol < 0 {
		return fail(ExitUsage, "--tolerance must be rupees such as 1 or 0.50, not %q.", *tolerance)
	}
	if *window < 0 || *window > 366 {
		return fail(ExitUsage, "--date-window must be 0 to 366 days.")
	}
	outFormat, err := export.ParseFormat(*format)
	if err != nil {
		return fail(ExitUsage, "%s", publicMessage(env, err))
	}
	if msg := checkOut(env, *out); msg != "" {
		return fail(ExitUsage, "%s", msg)
	}
	if msg := checkBinaryOut(env, outFormat, *out); msg != "" {
		return fail(ExitUsage, "%s", msg)
	}
	if *against != "" && *against != reconcile.Against2A && *against != reconcile.Against2B {
		return fail(ExitUsage, "--against must be 2a or 2b, not %q.", *against)
	}
	months, err := period.Range(*year, *month, *toMonth)
	if err != nil {
		return fail(ExitUsage, "%s", publicMessage(env, err))
	}
	ro := reconcile.RunOptions{CombineDuplicates: *combine}
	fs.Visit(func(f *flag.Flag) {
		switch f.Name {
		case "tolerance":
			ro.AmountTolerance = &tol
		case "date-window":
			ro.DateWindowDays = window
		}
	})

	d, code, ok := openFor(ctx, env, "recon")
	if !ok {
		return code
	}
	defer d.Close()
	if *against == "" {
		// Against 2B where one is stored for every period; against 2A only because none is, and
		// said so. A failure to tell is an error, never a silent switch to 2A.
		choice, err := d.Recon.ChooseAgainst(ctx, months[0], months[len(months)-1])
		if err != nil {
			return fail(exitFor(err), "%s", publicMessage(env, err))
		}
		*against = choice.Against
		if len(choice.No2B) > 0 {
			labels := make([]string, len(choice.No2B))
			for i, p := range choice.No2B {
				labels[i] = period.LabelOf(p)
			}
			fmt.Fprintf(env.Stderr, "gstdesk recon: reconciling against GSTR-2A: no GSTR-2B is stored for %s. Pull it (gstdesk gst 2b) or import the portal file to reconcile against GSTR-2B, or give --against 2a to say so.\n", strings.Join(labels, ", "))
		}
	}
	if *against == reconcile.Against2B {
		// The three-way run takes the tolerances from Settings: a flag it would ignore is refused,
		// never dropped without a word.
		var ignored []string
		fs.Visit(func(f *flag.Flag) {
			switch f.Name {
			case "tolerance", "date-window", "combine-duplicates":
				ignored = append(ignored, "--"+f.Name)
			}
		})
		if len(ignored) > 0 {
			return fail(ExitUsage, "%s apply to the reconciliation with GSTR-2A: add --against 2a, or leave them out (against GSTR-2B the tolerances come from Settings).", strings.Join(ignored, ", "))
		}
	}
	// The same two steps as the window, on either road: import the register (kept, checked,
	// mapped; its mapping and problems said), then run it.
	im, err := d.Recon.ImportPath(ctx, *purchases)
	if err != nil {
		return fail(ExitFailed, "%s", publicMessage(env, err))
	}
	reportRegister(env, im)
	if *against == reconcile.Against2B {
		return reconAgainst2B(ctx, env, d.Recon, im.Token, months[0], months[len(months)-1], outFormat, *out, *pin)
	}
	done, err := d.Recon.RunNow(ctx, im.Token, months[0], months[len(months)-1], ro)
	if err != nil {
		return fail(ExitFailed, "%s", publicMessage(env, err))
	}
	if done.LeftOut > 0 {
		fmt.Fprintf(env.Stderr, "gstdesk recon: %d register invoice(s) dated outside %s to %s left out.\n", done.LeftOut, months[0], months[len(months)-1])
	}
	if done.NoGSTR2A {
		fmt.Fprintf(env.Stderr, "gstdesk recon: no GSTR-2A stored for %s to %s: every register invoice will show as missing in 2A. Pull GSTR-2A first.\n", months[0], months[len(months)-1])
	}
	run := done.Run
	if *pin {
		if err := d.Recon.PinRun(ctx, run.ID, true); err != nil {
			return fail(ExitFailed, "%s", publicMessage(env, err))
		}
	}
	_, res, err := d.Recon.Result(ctx, run.ID)
	if err != nil {
		return fail(ExitFailed, "%s", publicMessage(env, err))
	}

	if err := writeOutput(env, *out, func(w io.Writer) error { return writeReconRows(w, outFormat, res) }); err != nil {
		return fail(ExitFailed, "cannot write the result: %v", err)
	}
	var counts []string
	for _, s := range recon.Statuses {
		counts = append(counts, fmt.Sprintf("%s %d", s.Label(), run.Counts[s]))
	}
	fmt.Fprintf(env.Stderr, "gstdesk recon: run %s: %s.\n", run.ID, strings.Join(counts, ", "))
	sayReconFigures(env, recon.Summarise(res).Total)
	return ExitOK
}

// sayReconFigures prints a run's ITC split in the figures' own names (backend/figure), the same
// figures as the window's summary strip and the dashboard.
func sayReconFigures(env Env, t recon.PeriodSummary) {
	fmt.Fprintf(env.Stderr, "gstdesk recon: %s ₹%s; %s ₹%s; %s ₹%s; %s ₹%s.\n",
		figure.Name(figure.Claimable), money.Paise(t.ITCConfident).Indian(), figure.Name(figure.ToReview), money.Paise(t.ITCReview).Indian(),
		figure.Name(figure.NotBacked), money.Paise(t.ITCAtRisk).Indian(), figure.Name(figure.NotBooked), money.Paise(t.UnclaimedIn2A).Indian())
}

// reportRegister says on stderr what the import of a purchase register found, on either road:
// the first problems of its rows (and how many more), and, for a column mapping the window would
// ask the person to confirm, which column each field was read from (a script cannot confirm).
func reportRegister(env Env, im reconcile.RegisterImport) {
	for _, e := range im.Errors {
		fmt.Fprintln(env.Stderr, e.Error())
	}
	if im.ErrorCount > len(im.Errors) {
		fmt.Fprintf(env.Stderr, "gstdesk recon: ... and %d more problems.\n", im.ErrorCount-len(im.Errors))
	}
	if im.Confirm && len(im.Missing) == 0 {
		fields := make([]string, 0, len(im.Mapping))
		for f := range im.Mapping {
			fields = append(fields, f)
		}
		sort.Strings(fields)
		for _, f := range fields {
			fmt.Fprintf(env.Stderr, "gstdesk recon: %s read from column %q.\n", f, im.Mapping[f])
		}
	}
}

// writeReconRows writes JSON lines (one row per line) or a CSV/XLSX table of every row.
func writeReconRows(w io.Writer, f export.Format, res recon.Result) error {
	if f != export.JSON {
		return export.Write(w, f, recon.ResultTable(res))
	}
	return writeJSONLines(w, res.Rows)
}

// periodRange lists the months from month to toMonth as YYYY-MM (period.Range, whose checks the
// flags have passed already); a toMonth before month runs into the next year.
func periodRange(year, month, toMonth int) []string {
	ms, _ := period.Range(year, month, toMonth)
	return period.Strings(ms)
}

// reconAgainst2B prints the three-way reconciliation (books, GSTR-2B, IMS) of the imported
// register token with the recommended IMS action and its reason on every row.
func reconAgainst2B(ctx context.Context, env Env, rs *reconcile.Service, token string, from, to period.Month, f export.Format, out string, pin bool) int {
	tw, err := rs.Against2BToken(ctx, token, from, to)
	if err != nil {
		fmt.Fprintf(env.Stderr, "gstdesk recon: %s\n", publicMessage(env, err))
		return exitFor(err)
	}
	if pin {
		if err := rs.PinRun(ctx, tw.RunID, true); err != nil {
			fmt.Fprintf(env.Stderr, "gstdesk recon: %s\n", publicMessage(env, err))
			return ExitFailed
		}
	}
	code := writeThreeWay(env, tw, f, out)
	if code == ExitOK {
		sayReconFigures(env, reconcile.TotalOf(tw.Rows)) // the run's own rows: not read back
	}
	return code
}

// writeThreeWay prints the rows of a three-way run (JSON lines or a table) and its counts and
// notices (which are part of the result too: counts, calendar, notices).
func writeThreeWay(env Env, tw reconcile.ThreeWayResult, f export.Format, out string) int {
	write := func(w io.Writer) error {
		if f != export.JSON {
			return export.Write(w, f, threeWayTable(tw))
		}
		return writeJSONLines(w, tw.Rows)
	}
	if err := writeOutput(env, out, write); err != nil {
		fmt.Fprintf(env.Stderr, "gstdesk recon: cannot write the result: %v\n", err)
		return ExitFailed
	}
	as := ""
	if tw.AsOf != "" {
		as = " as of " + tw.AsOf
	}
	fmt.Fprintf(env.Stderr, "gstdesk recon: run %s against GSTR-2B %s to %s%s: %d rows; recommended accept %d, pending %d, reject %d, no IMS action %d; reported late %d, awaiting the supplier %d, rate flags %d.\n",
		tw.RunID, tw.From, tw.To, as, len(tw.Rows), tw.Counts["accept"], tw.Counts["pending"], tw.Counts["reject"], tw.Counts["none"],
		tw.Calendar.ReportedLate, tw.Calendar.Awaiting, tw.RateFlags)
	if tw.Summary != nil {
		for _, l := range tw.Summary.StripLines() {
			fmt.Fprintf(env.Stderr, "gstdesk recon: %s\n", l)
		}
	}
	if w := reconcile.ClosedWords(tw.IMSClosed); w != "" {
		fmt.Fprintf(env.Stderr, "gstdesk recon: %s\n", w)
	}
	if tw.Choices > 0 {
		fmt.Fprintf(env.Stderr, "gstdesk recon: %d row(s) carry the IMS action you chose instead (choice, send).\n", tw.Choices)
	}
	for _, n := range tw.Notices {
		fmt.Fprintf(env.Stderr, "gstdesk recon: %s\n", n)
	}
	if len(tw.NoGSTR2B) > 0 {
		fmt.Fprintf(env.Stderr, "gstdesk recon: no GSTR-2B stored for %s: every register invoice of it shows as missing in 2B. Pull it (gstdesk gst 2b) or import the portal file first.\n", strings.Join(tw.NoGSTR2B, ", "))
	}
	return ExitOK
}

// threeWayTable is a three-way run as a table (CSV, XLSX), in the words of GSTR-2B.
func threeWayTable(tw reconcile.ThreeWayResult) export.Table {
	name := "Books v GSTR-2B v IMS"
	if tw.AsOf != "" {
		name += " as of " + tw.AsOf
	}
	t := export.Table{Name: name, Columns: []export.Column{{Key: "status", Title: "Status"}, {Key: "supplier_gstin", Title: "Supplier GSTIN"},
		{Key: "number", Title: "Number"}, {Key: "books_number", Title: "Number in the books"}, {Key: "books_period", Title: "Books period"},
		{Key: "period_2b", Title: "2B period"}, {Key: "timing", Title: "Timing"}, {Key: "age_days", Title: "Age (days)"}, {Key: "ims_status", Title: "IMS status"},
		{Key: "recommended", Title: "Recommended"}, {Key: "recommendation_rule", Title: "Recommendation rule"}, {Key: "reason", Title: "Reason"},
		{Key: "figures", Title: "Figures"}, {Key: "itc_note", Title: "ITC"}, {Key: "rate_flags", Title: "Rate flags"}, {Key: "rule", Title: "Match rule"},
		{Key: "choice", Title: "Your choice"}, {Key: "send", Title: "Sent on apply"}, {Key: "key", Title: "Row key"}}}
	for _, r := range tw.Rows {
		g, n, bn, bp := "", "", "", ""
		if r.GSTR2A != nil {
			g, n = r.GSTR2A.SupplierGSTIN, r.GSTR2A.Number
		} else if r.Books != nil {
			g, n = r.Books.SupplierGSTIN, r.Books.Number
		}
		if r.Books != nil {
			bn, bp = r.Books.Number, r.Books.Period
		}
		timing := r.TimingNote
		if timing == "" {
			timing = r.Timing
		}
		var age any = ""
		if r.Timing == reconcile.TimingAwaiting {
			age = r.AgeDays
		}
		t.Rows = append(t.Rows, []any{reconcile.StatusLabel2B(r.Status), g, n, bn, bp, r.Period2B, timing, age, r.IMSStatus, r.Recommended.Action,
			r.Recommended.Rule, r.Recommended.Reason, r.Recommended.Figures, r.Recommended.ITCNote, strings.Join(r.RateFlags, " "), r.Rule,
			r.Choice, r.Send, r.Key})
	}
	return t
}
