package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"

	"gstdesk/backend/desk/salary"
	"gstdesk/backend/export"
	"gstdesk/backend/period"
	"gstdesk/backend/tds"
	"gstdesk/backend/tdsyear"
)

// The TDS year's subcommands of "gstdesk tds".
func init() {
	tdsSubcommands["employer"] = tdsSub{"set or show the employer of a TDS year: name, TAN, PAN, address, person responsible", tdsEmployer}
	tdsSubcommands["month"] = tdsSub{"record a month of the TDS year from a file and print the month's register", tdsMonth}
	tdsSubcommands["ytd"] = tdsSub{"print the TDS year so far: every employee, or one employee month by month", tdsYTD}
	tdsSubcommands["annexure"] = tdsSub{"write the salary annexure of the year (Form 24Q Annexure II; Form 138 from tax year 2026-27) as json or xlsx", tdsAnnexure}
	tdsSubcommands["forms"] = tdsSub{"write the year-end forms (Form 16 Part B / Form 130, Form 12BA / 123) as PDF and XLSX", tdsForms}
	tdsSubcommands["month-template"] = tdsSub{"write the XLSX template of a month file of the TDS year (the amounts paid in the month, tds_deducted, one-off salary, dates, the HRA helper's columns)", tdsMonthTemplate}
	tdsSubcommands["hra"] = tdsSub{"work out the HRA exemption from rent, salary, HRA received and the city, with the year's city rule", tdsHRA}
}

// fyArg is the --fy flag: as written, and the year parseTDS read from it.
type fyArg struct {
	text string
	FY   period.FY
}

// tdsFlags are the flags every TDS-year command shares.
func tdsFlagSet(env Env, name string) (*flag.FlagSet, *fyArg) {
	fs := flag.NewFlagSet("tds "+name, flag.ContinueOnError)
	fs.SetOutput(env.Stderr)
	fy := &fyArg{}
	fs.StringVar(&fy.text, "fy", "", "financial year, like \"FY 2025-26\" (required; "+tds.SupportedList()+")")
	return fs, fy
}

// parseTDS parses a TDS-year command's flags and checks --fy; code >= 0 means stop with it.
func parseTDS(env Env, fs *flag.FlagSet, fy *fyArg, args []string) int {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return ExitOK
		}
		return ExitUsage
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(env.Stderr, "gstdesk %s: unexpected argument %q.\n", fs.Name(), fs.Arg(0))
		return ExitUsage
	}
	if fy.text == "" {
		fmt.Fprintf(env.Stderr, "gstdesk %s: --fy is required: one of %s.\n", fs.Name(), tds.SupportedList())
		return ExitUsage
	}
	y, err := tds.ParseFY(fy.text)
	if err != nil {
		fmt.Fprintf(env.Stderr, "gstdesk %s: %s\n", fs.Name(), publicMessage(env, err))
		return ExitUsage
	}
	fy.FY = y
	return -1
}

func printJSONLine(w io.Writer, v any) error {
	enc := newJSON(w)
	return enc.Encode(v)
}

func tdsEmployer(ctx context.Context, env Env, args []string) int {
	if len(args) == 0 || (args[0] != "set" && args[0] != "show") {
		if len(args) > 0 && (args[0] == "-h" || args[0] == "--help") {
			fmt.Fprintln(env.Stderr, "usage: gstdesk tds employer set --fy \"FY 2025-26\" --tan TAN --name NAME [--pan PAN] [--address A] [--responsible R] [--designation D]")
			fmt.Fprintln(env.Stderr, "       gstdesk tds employer show --fy \"FY 2025-26\"")
			return ExitOK
		}
		fmt.Fprintln(env.Stderr, "gstdesk tds employer: use 'gstdesk tds employer set ...' or 'gstdesk tds employer show --fy ...'.")
		return ExitUsage
	}
	sub := args[0]
	fs, fy := tdsFlagSet(env, "employer "+sub)
	var e tdsyear.Employer
	if sub == "set" {
		fs.StringVar(&e.Name, "name", "", "the employer's name (required)")
		fs.StringVar(&e.TAN, "tan", "", "the employer's TAN: 4 letters, 5 digits, 1 letter (required)")
		fs.StringVar(&e.PAN, "pan", "", "the employer's PAN")
		fs.StringVar(&e.Address, "address", "", "the employer's address, as the certificates print it")
		fs.StringVar(&e.Responsible, "responsible", "", "the person responsible for deduction of tax (signs the certificates)")
		fs.StringVar(&e.Designation, "designation", "", "that person's designation")
	}
	if code := parseTDS(env, fs, fy, args[1:]); code >= 0 {
		return code
	}
	if sub == "set" && (e.Name == "" || e.TAN == "") {
		fmt.Fprintln(env.Stderr, "gstdesk tds employer set: --name and --tan are required.")
		return ExitUsage
	}
	d, err := openDesk(ctx, env)
	if err != nil {
		fmt.Fprintf(env.Stderr, "gstdesk tds employer: %s\n", publicMessage(env, err))
		return exitFor(err)
	}
	defer d.Close()
	if sub == "set" {
		e, err = d.Salary.TDSEmployerSet(ctx, fy.FY, e)
	} else {
		e, err = d.Salary.TDSEmployer(ctx, fy.FY)
	}
	if err != nil {
		fmt.Fprintf(env.Stderr, "gstdesk tds employer %s: %s\n", sub, publicMessage(env, err))
		return ExitFailed
	}
	printJSONLine(env.Stdout, e)
	return ExitOK
}

func tdsMonth(ctx context.Context, env Env, args []string) int {
	fs, fy := tdsFlagSet(env, "month")
	month := monthFlag(fs, "month", "the calendar month to record (11 or Nov is November; required)")
	in := fs.String("in", "", "the month's file: CSV, XLSX or JSON (required)")
	format := fs.String("format", "json", "the register: json (one line per employee), csv or xlsx")
	out := fs.String("out", "", "write the register to this file instead of standard output")
	acceptPAN := fs.Bool("accept-pan-change", false, "take a PAN that differs from the one recorded earlier this year as a correction, for the whole year")
	dryRun := fs.Bool("dry-run", false, "record nothing: print what recording the month would do (the diff against the month stored, warnings, problems, totals) as one JSON line")
	fs.Usage = func() {
		fmt.Fprintln(env.Stderr, "usage: gstdesk tds month --fy \"FY 2025-26\" --month MM --in FILE [--format json|csv|xlsx] [--out FILE] [--accept-pan-change] [--dry-run]")
		fmt.Fprintln(env.Stderr, "\nRecords the month (a month recorded again replaces the earlier one, and what changed is listed")
		fmt.Fprintln(env.Stderr, "on standard error) and prints its register: per employee the projected taxable income, the")
		fmt.Fprintln(env.Stderr, "year's liability in the chosen regime, TDS deducted before, TDS this month, what remains, an")
		fmt.Fprintln(env.Stderr, "over-deduction, and the change from the month before with why.")
		fmt.Fprintln(env.Stderr, tdsyear.ColumnHelp)
		fmt.Fprintln(env.Stderr, "A file with any problem stores nothing; each problem names the row and column.")
		fmt.Fprintln(env.Stderr, "Exit status: 0 done, 1 the file was refused, 2 wrong command line.")
		fs.PrintDefaults()
	}
	if code := parseTDS(env, fs, fy, args); code >= 0 {
		return code
	}
	if *month < 1 || *month > 12 {
		fmt.Fprintln(env.Stderr, "gstdesk tds month: --month must be 1 to 12 (the calendar month: 11 is November).")
		return ExitUsage
	}
	if *in == "" {
		fmt.Fprintln(env.Stderr, "gstdesk tds month: --in FILE is required: the month's CSV, XLSX or JSON.")
		return ExitUsage
	}
	if *dryRun && (*out != "" || *format != "json") {
		fmt.Fprintln(env.Stderr, "gstdesk tds month: --dry-run prints one JSON line on standard output and writes no register: leave out --out and --format.")
		return ExitUsage
	}
	f, err := export.ParseFormat(*format)
	if err != nil {
		fmt.Fprintf(env.Stderr, "gstdesk tds month: %s\n", publicMessage(env, err))
		return ExitUsage
	}
	if msg := checkOut(env, *out); msg != "" {
		fmt.Fprintf(env.Stderr, "gstdesk tds month: %s\n", msg)
		return ExitUsage
	}
	if msg := checkBinaryOut(env, f, *out); msg != "" {
		fmt.Fprintf(env.Stderr, "gstdesk tds month: %s\n", msg)
		return ExitUsage
	}
	d, err := openDesk(ctx, env)
	if err != nil {
		fmt.Fprintf(env.Stderr, "gstdesk tds month: %s\n", publicMessage(env, err))
		return exitFor(err)
	}
	defer d.Close()
	importMonth := d.Salary.TDSMonthImportPath
	if *dryRun {
		importMonth = d.Salary.TDSMonthPreviewPath
	}
	res, err := importMonth(ctx, fy.FY, *month, *in, *acceptPAN)
	for _, p := range res.Problems {
		fmt.Fprintf(env.Stderr, "gstdesk tds month: %s\n", p.String())
	}
	for _, w := range res.Warnings {
		fmt.Fprintf(env.Stderr, "gstdesk tds month: warning: %s\n", w)
	}
	if err != nil {
		fmt.Fprintf(env.Stderr, "gstdesk tds month: %s\n", publicMessage(env, err))
		return ExitFailed
	}
	if res.Diff.Replaced {
		fmt.Fprintf(env.Stderr, "gstdesk tds month: %s replaced: %d employee(s) changed, %d added, %d removed.\n", res.MonthLabel, len(res.Diff.Changed), len(res.Diff.Added), len(res.Diff.Removed))
		for _, c := range res.Diff.Changed {
			fmt.Fprintf(env.Stderr, "gstdesk tds month: changed %s: %s\n", c.Employee, strings.Join(c.Fields, "; "))
		}
		if len(res.Diff.Added) > 0 {
			fmt.Fprintf(env.Stderr, "gstdesk tds month: added %s\n", strings.Join(res.Diff.Added, ", "))
		}
		if len(res.Diff.Removed) > 0 {
			fmt.Fprintf(env.Stderr, "gstdesk tds month: removed %s\n", strings.Join(res.Diff.Removed, ", "))
		}
	}
	for _, r := range res.Recomputed {
		fmt.Fprintf(env.Stderr, "gstdesk tds month: computed again: %s\n", r)
	}
	if *dryRun {
		printJSONLine(env.Stdout, res)
		fmt.Fprintf(env.Stderr, "gstdesk tds month: dry run: %s is not recorded (nothing was stored).\n", res.MonthLabel)
		return ExitOK
	}
	// The register is written row by row as it is read (a payroll of 100,000 is never held), by
	// the same method as the window's export.
	err = writeOutput(env, *out, func(w io.Writer) error {
		_, err := d.Salary.TDSRegisterTo(ctx, fy.FY, *month, tdsyear.Query{}, f, w)
		return err
	})
	if err != nil {
		fmt.Fprintf(env.Stderr, "gstdesk tds month: cannot write the register: %v\n", err)
		return ExitFailed
	}
	t := res.Totals
	fmt.Fprintf(env.Stderr, "gstdesk tds month: %s recorded for %d employees: TDS this month %s, deducted before %s, remaining %s%s.\n",
		res.MonthLabel, t.Employees, tds.FormatRupees(t.TDS), tds.FormatRupees(t.DeductedBefore), tds.FormatRupees(t.Remaining), overText(t))
	return ExitOK
}

func overText(t tdsyear.Totals) string {
	if t.OverCount == 0 {
		return ""
	}
	return "; " + strconv.Itoa(t.OverCount) + " over-deducted by " + tds.FormatRupees(t.OverDeducted) + " in all"
}

func tdsYTD(ctx context.Context, env Env, args []string) int {
	fs, fy := tdsFlagSet(env, "ytd")
	code := fs.String("employee", "", "one employee's code: print their months one line each")
	fs.Usage = func() {
		fmt.Fprintln(env.Stderr, "usage: gstdesk tds ytd --fy \"FY 2025-26\" [--employee CODE]")
		fmt.Fprintln(env.Stderr, "\nPrints one JSON line per employee: months recorded, salary, perquisites and profits paid, TDS")
		fmt.Fprintln(env.Stderr, "deducted (as recorded; gstdesk's figure where a month has none), the year's liability as of the")
		fmt.Fprintln(env.Stderr, "latest month, what remains and any over-deduction. With --employee, that employee's register")
		fmt.Fprintln(env.Stderr, "line of every month recorded.")
		fs.PrintDefaults()
	}
	if c := parseTDS(env, fs, fy, args); c >= 0 {
		return c
	}
	d, err := openDesk(ctx, env)
	if err != nil {
		fmt.Fprintf(env.Stderr, "gstdesk tds ytd: %s\n", publicMessage(env, err))
		return exitFor(err)
	}
	defer d.Close()
	if *code != "" {
		rows, err := d.Salary.TDSEmployeeMonths(ctx, fy.FY, *code)
		if err != nil {
			fmt.Fprintf(env.Stderr, "gstdesk tds ytd: %s\n", publicMessage(env, err))
			return exitFor(err)
		}
		for i := range rows {
			printJSONLine(env.Stdout, &rows[i])
		}
		return ExitOK
	}
	rows, err := d.Salary.TDSYearToDate(ctx, fy.FY, "")
	if err != nil {
		fmt.Fprintf(env.Stderr, "gstdesk tds ytd: %s\n", publicMessage(env, err))
		return ExitFailed
	}
	for i := range rows {
		printJSONLine(env.Stdout, &rows[i])
	}
	return ExitOK
}

func tdsHRA(ctx context.Context, env Env, args []string) int {
	fs, fy := tdsFlagSet(env, "hra")
	rent := fs.String("rent", "", "rent paid for the period, rupees (required)")
	sal := fs.String("salary", "", "salary for the period for the HRA rule: basic + DA, rupees (required)")
	hra := fs.String("hra", "", "HRA received for the period, rupees (required)")
	city := fs.String("city", "", "the city the employee lives in (required)")
	fs.Usage = func() {
		fmt.Fprintln(env.Stderr, "usage: gstdesk tds hra --fy \"FY 2026-27\" --rent R --salary S --hra H --city C")
		fmt.Fprintln(env.Stderr, "\nPrints the HRA exempt for the period (the amounts are of one period: a month or a year): the least")
		fmt.Fprintln(env.Stderr, "of the HRA received, the rent paid less 10% of salary, and 50% of salary in the year's listed cities")
		fmt.Fprintln(env.Stderr, "(Mumbai, Kolkata, Delhi, Chennai to FY 2025-26; from tax year 2026-27 also Hyderabad, Pune, Ahmedabad")
		fmt.Fprintln(env.Stderr, "and Bengaluru, Rule 279), 40% elsewhere. The exemption counts in the old regime only.")
		fs.PrintDefaults()
	}
	if c := parseTDS(env, fs, fy, args); c >= 0 {
		return c
	}
	if *rent == "" || *sal == "" || *hra == "" || *city == "" {
		fmt.Fprintln(env.Stderr, "gstdesk tds hra: --rent, --salary, --hra and --city are required.")
		return ExitUsage
	}
	h, err := salary.HRA(fy.FY, *rent, *sal, *hra, *city)
	if err != nil {
		fmt.Fprintf(env.Stderr, "gstdesk tds hra: %s\n", publicMessage(env, err))
		return ExitUsage
	}
	printJSONLine(env.Stdout, h)
	return ExitOK
}

func tdsAnnexure(ctx context.Context, env Env, args []string) int {
	fs, fy := tdsFlagSet(env, "annexure")
	out := fs.String("out", "", "write the annexure to this file (required)")
	format := fs.String("format", "json", "json or xlsx")
	fs.Usage = func() {
		fmt.Fprintln(env.Stderr, "usage: gstdesk tds annexure --fy \"FY 2025-26\" --out FILE [--format json|xlsx]")
		fmt.Fprintln(env.Stderr, "\nWrites the salary annexure of the year from its months: the 100-column salary-detail sheet of the")
		fmt.Fprintln(env.Stderr, "Form 24Q (Q4) workbook and its payee sheet; for tax year 2026-27 the same data under the Form 138")
		fmt.Fprintln(env.Stderr, "name, saying that the service's Form 138 workbook has no salary sheet yet. Needs the employer")
		fmt.Fprintln(env.Stderr, "(gstdesk tds employer set).")
		fs.PrintDefaults()
	}
	if c := parseTDS(env, fs, fy, args); c >= 0 {
		return c
	}
	if *format != "json" && *format != "xlsx" {
		fmt.Fprintf(env.Stderr, "gstdesk tds annexure: --format is json or xlsx, not %q.\n", *format)
		return ExitUsage
	}
	if *out == "" {
		fmt.Fprintln(env.Stderr, "gstdesk tds annexure: --out FILE is required.")
		return ExitUsage
	}
	if msg := checkOut(env, *out); msg != "" {
		fmt.Fprintf(env.Stderr, "gstdesk tds annexure: %s\n", msg)
		return ExitUsage
	}
	d, err := openDesk(ctx, env)
	if err != nil {
		fmt.Fprintf(env.Stderr, "gstdesk tds annexure: %s\n", publicMessage(env, err))
		return exitFor(err)
	}
	defer d.Close()
	if err := writeOutput(env, *out, func(w io.Writer) error { return d.Salary.TDSAnnexureTo(ctx, fy.FY, *format, w) }); err != nil {
		fmt.Fprintf(env.Stderr, "gstdesk tds annexure: %s\n", publicMessage(env, err))
		return ExitFailed
	}
	printJSONLine(env.Stdout, map[string]string{"written": *out, "format": *format})
	return ExitOK
}

func tdsForms(ctx context.Context, env Env, args []string) int {
	fs, fy := tdsFlagSet(env, "forms")
	out := fs.String("out", "", "the folder to write the forms into (required; it must exist)")
	code := fs.String("employee", "", "one employee's code (default: every employee)")
	fs.Usage = func() {
		fmt.Fprintln(env.Stderr, "usage: gstdesk tds forms --fy \"FY 2025-26\" --out DIR [--employee CODE]")
		fmt.Fprintln(env.Stderr, "\nWrites each employee's year-end forms from the months recorded, as PDF and XLSX with the same")
		fmt.Fprintln(env.Stderr, "content: Form 16 Part B for FY 2022-23 to 2025-26, Form No. 130 (what is confirmed of Part C) for")
		fmt.Fprintln(env.Stderr, "tax year 2026-27, and Form 12BA (Form No. 123) where there are perquisites. Prints one JSON line per")
		fmt.Fprintln(env.Stderr, "file written. Needs the employer (gstdesk tds employer set).")
		fs.PrintDefaults()
	}
	if c := parseTDS(env, fs, fy, args); c >= 0 {
		return c
	}
	if *out == "" {
		fmt.Fprintln(env.Stderr, "gstdesk tds forms: --out DIR is required: the folder to write the forms into.")
		return ExitUsage
	}
	if msg := checkOutDir(env, *out); msg != "" {
		fmt.Fprintf(env.Stderr, "gstdesk tds forms: %s\n", msg)
		return ExitUsage
	}
	folder, err := export.OpenFolder(*out, false, outFilePerm)
	if err != nil {
		fmt.Fprintf(env.Stderr, "gstdesk tds forms: --out %s: %v.\n", *out, err)
		return ExitUsage
	}
	folder.Guard = outGuard(env)
	folder.Replace = true // the forms of a year written again replace the earlier ones, said below
	d, err := openDesk(ctx, env)
	if err != nil {
		fmt.Fprintf(env.Stderr, "gstdesk tds forms: %s\n", publicMessage(env, err))
		return exitFor(err)
	}
	defer d.Close()
	files, err := d.Salary.TDSFormsWriteFiles(ctx, fy.FY, *code, folder.Write)
	// Each line names whose form the file is; a file written under another name than its own says
	// the name it was asked for, on the line and on stderr (every rename, never one of several).
	asked := map[string]string{}
	for _, r := range folder.Renamed {
		asked[r.Written] = r.Asked
	}
	for _, f := range files {
		line := map[string]string{"written": f.Path, "form": f.Form, "employee": f.Employee, "pan": f.PAN}
		if a, ok := asked[filepath.Base(f.Path)]; ok {
			line["asked_name"] = a
			fmt.Fprintf(env.Stderr, "gstdesk tds forms: %s of employee %q (PAN %s) would have the name of another file of this run: written as %s.\n", a, f.Employee, f.PAN, filepath.Base(f.Path))
		}
		printJSONLine(env.Stdout, line)
	}
	if n := len(folder.Replaced); n > 0 {
		fmt.Fprintf(env.Stderr, "gstdesk tds forms: %d file(s) already in %s were replaced by this year's forms.\n", n, *out)
	}
	if err != nil {
		fmt.Fprintf(env.Stderr, "gstdesk tds forms: %s\n", publicMessage(env, err))
		return ExitFailed
	}
	fmt.Fprintf(env.Stderr, "gstdesk tds forms: %d file(s) written to %s.\n", len(files), *out)
	return ExitOK
}

func tdsMonthTemplate(ctx context.Context, env Env, args []string) int {
	fs := flag.NewFlagSet("tds month-template", flag.ContinueOnError)
	fs.SetOutput(env.Stderr)
	out := fs.String("out", "", "write the template to this .xlsx file (required)")
	fs.Usage = func() {
		fmt.Fprintln(env.Stderr, "usage: gstdesk tds month-template --out FILE.xlsx")
		fmt.Fprintln(env.Stderr, "\nWrites the template of a month file for 'gstdesk tds month': one example row, every column")
		fmt.Fprintln(env.Stderr, "described in a note and on the sheet \"columns\".")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return ExitOK
		}
		return ExitUsage
	}
	if fs.NArg() > 0 || *out == "" {
		fmt.Fprintln(env.Stderr, "gstdesk tds month-template: --out FILE.xlsx is required.")
		return ExitUsage
	}
	if msg := checkOut(env, *out); msg != "" {
		fmt.Fprintf(env.Stderr, "gstdesk tds month-template: %s\n", msg)
		return ExitUsage
	}
	if err := writeOutput(env, *out, salary.MonthTemplate); err != nil {
		fmt.Fprintf(env.Stderr, "gstdesk tds month-template: %s\n", publicMessage(env, err))
		return ExitFailed
	}
	printJSONLine(env.Stdout, map[string]string{"written": *out})
	return ExitOK
}
