package cli

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"sort"
	"strings"

	"gstdesk/backend/apperr"
	"gstdesk/backend/desk/salary"
	"gstdesk/backend/export"
	"gstdesk/backend/infile"
	"gstdesk/backend/payroll"
	"gstdesk/backend/tds"
	"gstdesk/backend/workbook"
)

// tdsSub is a subcommand of "gstdesk tds".
type tdsSub struct {
	summary string
	run     func(ctx context.Context, env Env, args []string) int
}

// tdsSubcommands are the subcommands of "gstdesk tds"; later stages add theirs here.
var tdsSubcommands = map[string]tdsSub{
	"calc":     {"compute salary TDS for both regimes for one employee or a whole payroll (JSON, CSV, XLSX), offline", tdsCalc},
	"template": {"write the XLSX payroll template with every column described", tdsTemplate},
}

func init() {
	register(Command{Name: "tds", Summary: "salary TDS: compute both regimes offline (tds calc), the TDS year month by month (tds month)", Run: runTDS})
}

func runTDS(ctx context.Context, env Env, args []string) int {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		fmt.Fprintln(env.Stderr, "usage: gstdesk tds COMMAND [flags]\n\nCommands:")
		names := make([]string, 0, len(tdsSubcommands))
		for name := range tdsSubcommands {
			names = append(names, name)
		}
		sort.Strings(names)
		for _, name := range names {
			fmt.Fprintf(env.Stderr, "  %-9s %s\n", name, tdsSubcommands[name].summary)
		}
		fmt.Fprintln(env.Stderr, "\n"+payrollColumnsHelp)
		fmt.Fprintln(env.Stderr, "\nRun 'gstdesk tds COMMAND -h' for its flags.")
		if len(args) == 0 {
			return ExitUsage
		}
		return ExitOK
	}
	sub, ok := tdsSubcommands[args[0]]
	if !ok {
		fmt.Fprintf(env.Stderr, "gstdesk tds: unknown command %q: 'gstdesk tds -h' lists the commands.\n", args[0])
		return ExitUsage
	}
	return sub.run(ctx, env, args[1:])
}

// payrollColumnsHelp says which columns a payroll sheet needs and what becomes of the others.
var payrollColumnsHelp = strings.Join([]string{
	"A CSV or XLSX payroll has a header row of the workbook's item keys (or friendly names such as",
	"\"Salary u/s 17(1)\", \"HRA exemption\", \"80C\"); 'gstdesk tds template' writes one.",
	"Required: " + strings.Join(payroll.Required(), ", ") + " (the salary u/s 17(1)), with a value in",
	"every row (0 where there is none). Any other item may be left out or blank: it is taken as 0,",
	"and a warning lists the items with no column. Two columns for one item are refused.",
	"Carried through: name, employee_code (or employee_id, emp code...) and pan under the file's own",
	"headers, and every other column (Department, Cost centre...) as text, in every output.",
}, "\n")

// readPayroll reads the --in input (a file, or standard input for "-") in any payroll format.
func readPayroll(ctx context.Context, env Env, path, format string) (*payroll.Import, error) {
	opt := payroll.Options{}
	if format != "" {
		f, err := payroll.ParseFormat(format)
		if err != nil {
			return nil, err
		}
		opt.Format = f
	}
	if path == "-" || path == "" {
		data, err := io.ReadAll(io.LimitReader(env.Stdin, payroll.DefaultLimits.MaxBytes+1))
		if err != nil {
			return nil, apperr.Wrap(apperr.Invalid, err, "Could not read standard input: %v.", err)
		}
		return payroll.Read(ctx, "-", bytes.NewReader(data), int64(len(data)), opt)
	}
	f, size, err := infile.Open(path, payroll.DefaultLimits.MaxBytes, "Split the payroll into smaller files.")
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if size < 0 { // a pipe or a device: no size to trust, read it counting
		data, err := infile.ReadAll(f, path, size, payroll.DefaultLimits.MaxBytes, "Split the payroll into smaller files.")
		if err != nil {
			return nil, err
		}
		return payroll.Read(ctx, path, bytes.NewReader(data), int64(len(data)), opt)
	}
	return payroll.Read(ctx, path, f, size, opt)
}

// problemText names a problem for the terminal; a lone workbook is "the workbook".
func problemText(im *payroll.Import, p payroll.Problem) string {
	if im.Format == payroll.JSON && im.Form == workbook.Single {
		return "the workbook: " + p.Message
	}
	return p.String()
}

func tdsCalc(ctx context.Context, env Env, args []string) int {
	fs := flag.NewFlagSet("tds calc", flag.ContinueOnError)
	fs.SetOutput(env.Stderr)
	fyFlag := fs.String("fy", "", "financial year, like \"FY 2025-26\" (required; "+tds.SupportedList()+")")
	inFlag := fs.String("in", "-", "input: salary workbooks (JSON: one, an array or one per line), or a CSV or XLSX sheet with one row per employee; - for standard input")
	inFormat := fs.String("in-format", "", "json, csv or xlsx; default: from the --in file's extension, else from its content")
	outFlag := fs.String("out", "", "write the output to this file instead of standard output")
	formatFlag := fs.String("format", "json", "json (the response workbooks of the remote calculator), csv or xlsx (one row per employee)")
	explain := fs.Bool("explain", false, "print both regimes' computation sheets, section by section, on standard output (the --format output then needs --out)")
	fs.Usage = func() {
		fmt.Fprintln(env.Stderr, "usage: gstdesk tds calc --fy \"FY 2025-26\" [--in FILE|-] [--in-format json|csv|xlsx] [--out FILE] [--format json|csv|xlsx] [--explain]")
		fmt.Fprintln(env.Stderr, "\nComputes salary TDS for both regimes locally, as the remote calculator would, and recommends a regime.")
		fmt.Fprintln(env.Stderr, payrollColumnsHelp)
		fmt.Fprintln(env.Stderr, "Rows with a bad cell are reported on standard error (file, row, column) and left out; the")
		fmt.Fprintln(env.Stderr, "others are computed and written. A problem with the columns themselves stops the run.")
		fmt.Fprintln(env.Stderr, "Exit status: 0 done, 1 a row or the input was rejected, 2 wrong command line.")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return ExitOK
		}
		return ExitUsage
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(env.Stderr, "gstdesk tds calc: unexpected argument %q: give the input with --in.\n", fs.Arg(0))
		return ExitUsage
	}
	if *fyFlag == "" {
		fmt.Fprintf(env.Stderr, "gstdesk tds calc: --fy is required: one of %s.\n", tds.SupportedList())
		return ExitUsage
	}
	fy, err := tds.ParseFY(*fyFlag)
	if err != nil {
		fmt.Fprintf(env.Stderr, "gstdesk tds calc: %s\n", publicMessage(env, err))
		return ExitUsage
	}
	format, err := export.ParseFormat(*formatFlag)
	if err != nil {
		fmt.Fprintf(env.Stderr, "gstdesk tds calc: %s\n", publicMessage(env, err))
		return ExitUsage
	}
	if msg := checkOut(env, *outFlag); msg != "" {
		fmt.Fprintf(env.Stderr, "gstdesk tds calc: %s\n", msg)
		return ExitUsage
	}
	if msg := checkBinaryOut(env, format, *outFlag); msg != "" && !*explain {
		fmt.Fprintf(env.Stderr, "gstdesk tds calc: %s\n", msg)
		return ExitUsage
	}
	if *inFormat != "" {
		if _, err := payroll.ParseFormat(*inFormat); err != nil {
			fmt.Fprintf(env.Stderr, "gstdesk tds calc: %s\n", publicMessage(env, err))
			return ExitUsage
		}
	}

	im, err := readPayroll(ctx, env, *inFlag, *inFormat)
	if err != nil {
		fmt.Fprintf(env.Stderr, "gstdesk tds calc: %s\n", publicMessage(env, err))
		return ExitFailed
	}
	status := ExitOK
	for _, p := range im.Problems {
		fmt.Fprintf(env.Stderr, "gstdesk tds calc: %s\n", problemText(im, p))
	}
	if im.ProblemCount > len(im.Problems) {
		fmt.Fprintf(env.Stderr, "gstdesk tds calc: %d more problems not shown.\n", im.ProblemCount-len(im.Problems))
	}
	if im.BadRows > 0 {
		what := "rows"
		if im.Format == payroll.JSON {
			what = "workbooks"
		}
		fmt.Fprintf(env.Stderr, "gstdesk tds calc: %d of %d %s rejected; the other %d computed.\n", im.BadRows, im.Rows, what, len(im.Employees))
		status = ExitFailed
	}
	for _, w := range im.Warnings {
		if im.Format == payroll.JSON && im.Form == workbook.Single {
			w = "the workbook: " + strings.TrimPrefix(w, "workbook 1: ")
		}
		fmt.Fprintf(env.Stderr, "gstdesk tds calc: %s\n", w)
	}
	if len(im.Employees) == 0 {
		return ExitFailed
	}
	results, err := salary.Compute(ctx, im.Employees, fy, nil)
	if err != nil {
		fmt.Fprintf(env.Stderr, "gstdesk tds calc: %s\n", publicMessage(env, err))
		return ExitFailed
	}

	single := im.Format == payroll.JSON && im.Form == workbook.Single && len(im.Employees) == 1
	if format != export.XLSX && *outFlag != "" && !*explain {
		// Big payrolls go straight to the file, never whole in memory.
		write := func(w io.Writer) error { return payroll.WriteFullCSV(w, im.Employees, results) }
		if format == export.JSON {
			write = func(w io.Writer) error { return writeResponses(w, im.Employees, results, single) }
		}
		if err := writeOutput(env, *outFlag, write); err != nil {
			fmt.Fprintf(env.Stderr, "gstdesk tds calc: cannot write %s: %v. Check the folder exists and is writable.\n", *outFlag, err)
			return ExitFailed
		}
		return status
	}
	var body bytes.Buffer
	switch format {
	case export.JSON:
		if err := writeResponses(&body, im.Employees, results, single); err != nil {
			fmt.Fprintf(env.Stderr, "gstdesk tds calc: %v\n", err)
			return ExitFailed
		}
	case export.CSV:
		if err := payroll.WriteFullCSV(&body, im.Employees, results); err != nil {
			fmt.Fprintf(env.Stderr, "gstdesk tds calc: %v\n", err)
			return ExitFailed
		}
	default:
		if err := export.Write(&body, format, payroll.FullTable(im.Employees, results)); err != nil {
			fmt.Fprintf(env.Stderr, "gstdesk tds calc: %s\n", publicMessage(env, err))
			return ExitFailed
		}
	}
	if *explain {
		for i := range im.Employees {
			e := &im.Employees[i]
			if i > 0 {
				fmt.Fprintln(env.Stdout)
			}
			if len(im.Employees) > 1 || im.BadRows > 0 {
				fmt.Fprintf(env.Stdout, "== %s ==\n", e.Label(im.Format))
			}
			ex, err := tds.Explain(e.Input, fy)
			if err != nil {
				fmt.Fprintf(env.Stderr, "gstdesk tds calc: %s: %s\n", e.Label(im.Format), publicMessage(env, err))
				return ExitFailed
			}
			io.WriteString(env.Stdout, tds.FormatExplanation(ex))
		}
		if *outFlag == "" {
			return status
		}
	}
	if *outFlag == "" {
		if _, err := env.Stdout.Write(body.Bytes()); err != nil {
			return ExitFailed
		}
		return status
	}
	if err := writeOutput(env, *outFlag, writeBytes(body.Bytes())); err != nil {
		fmt.Fprintf(env.Stderr, "gstdesk tds calc: cannot write %s: %v. Check the folder exists and is writable.\n", *outFlag, err)
		return ExitFailed
	}
	return status
}

func tdsTemplate(ctx context.Context, env Env, args []string) int {
	fs := flag.NewFlagSet("tds template", flag.ContinueOnError)
	fs.SetOutput(env.Stderr)
	outFlag := fs.String("out", "", "write the XLSX template to this file (required)")
	example := fs.Bool("example", false, "fill the template with five demo employees instead of one example row")
	fs.Usage = func() {
		fmt.Fprintln(env.Stderr, "usage: gstdesk tds template --out FILE.xlsx [--example]")
		fmt.Fprintln(env.Stderr, "\nWrites the payroll template: every column gstdesk reads, a note describing each, and an example row.")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return ExitOK
		}
		return ExitUsage
	}
	if *outFlag == "" || fs.NArg() > 0 {
		fmt.Fprintln(env.Stderr, "gstdesk tds template: give the file to write with --out, like --out payroll.xlsx.")
		return ExitUsage
	}
	if msg := checkOut(env, *outFlag); msg != "" {
		fmt.Fprintf(env.Stderr, "gstdesk tds template: %s\n", msg)
		return ExitUsage
	}
	var b bytes.Buffer
	if err := payroll.Template(&b, *example); err != nil {
		fmt.Fprintf(env.Stderr, "gstdesk tds template: %v\n", err)
		return ExitFailed
	}
	if err := writeOutput(env, *outFlag, writeBytes(b.Bytes())); err != nil {
		fmt.Fprintf(env.Stderr, "gstdesk tds template: cannot write %s: %v. Check the folder exists and is writable.\n", *outFlag, err)
		return ExitFailed
	}
	return ExitOK
}

// writeResponses writes the response workbooks: one workbook for a single input workbook,
// otherwise a JSON array in input order, one workbook per line.
func writeResponses(out io.Writer, emps []payroll.Employee, results []tds.Result, single bool) error {
	w := bufio.NewWriterSize(out, 1<<16)
	if single {
		b, err := emps[0].Response(results[0]).MarshalJSON()
		if err != nil {
			return err
		}
		w.Write(b)
		w.WriteByte('\n')
		return w.Flush()
	}
	w.WriteString("[")
	for i := range emps {
		if i > 0 {
			w.WriteString(",")
		}
		w.WriteString("\n")
		b, err := emps[i].Response(results[i]).MarshalJSON()
		if err != nil {
			return err
		}
		if _, err := w.Write(b); err != nil {
			return err
		}
	}
	w.WriteString("\n]\n")
	return w.Flush()
}
