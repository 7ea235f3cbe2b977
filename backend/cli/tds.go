package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"gstdesk/backend/apperr"
	"gstdesk/backend/export"
	"gstdesk/backend/tds"
	"gstdesk/backend/workbook"
)

// tdsSubcommands are the subcommands of "gstdesk tds"; later stages add theirs here.
var tdsSubcommands = map[string]struct {
	summary string
	run     func(ctx context.Context, env Env, args []string) int
}{
	"calc": {"compute salary TDS for both regimes from salary workbooks, offline", tdsCalc},
}

func init() {
	register(Command{Name: "tds", Summary: "salary TDS: compute both regimes offline (tds calc)", Run: runTDS})
}

func runTDS(ctx context.Context, env Env, args []string) int {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		fmt.Fprintln(env.Stderr, "usage: gstdesk tds COMMAND [flags]\n\nCommands:")
		for _, name := range []string{"calc"} {
			fmt.Fprintf(env.Stderr, "  %-6s %s\n", name, tdsSubcommands[name].summary)
		}
		fmt.Fprintln(env.Stderr, "\nRun 'gstdesk tds COMMAND -h' for its flags.")
		if len(args) == 0 {
			return ExitUsage
		}
		return ExitOK
	}
	sub, ok := tdsSubcommands[args[0]]
	if !ok {
		fmt.Fprintf(env.Stderr, "gstdesk tds: unknown command %q: use 'gstdesk tds calc'.\n", args[0])
		return ExitUsage
	}
	return sub.run(ctx, env, args[1:])
}

// employee is one employee's items and how to name them in a message ("workbook 3", "row 7").
type employee struct {
	Label string
	Items []workbook.Item
}

// computed is one employee's outcome.
type computed struct {
	employee
	Input    tds.Input
	Result   tds.Result
	Response workbook.Workbook
	Warnings []string
}

// computeAll computes every employee for fy. Every invalid employee is reported, each named by
// its label, in one error; nothing is returned for a batch with any invalid employee.
func computeAll(ctx context.Context, emps []employee, fy tds.FY) ([]computed, error) {
	out := make([]computed, 0, len(emps))
	var problems []string
	for _, e := range emps {
		if err := ctx.Err(); err != nil {
			return nil, apperr.Wrap(apperr.Canceled, err, "Cancelled.")
		}
		in, warns, err := tds.ParseItems(workbook.TDSItems(e.Items))
		if err == nil {
			var res tds.Result
			if res, err = tds.Compute(in, fy); err == nil {
				out = append(out, computed{employee: e, Input: in, Result: res, Response: workbook.Response(e.Items, res), Warnings: warns})
				continue
			}
		}
		problems = append(problems, e.Label+": "+apperr.Public(err).Message)
	}
	if len(problems) > 0 {
		return nil, apperr.New(apperr.Invalid, "%s", strings.Join(problems, "\n"))
	}
	return out, nil
}

// employeesFromWorkbooks names each workbook by its position, or "the workbook" when alone.
func employeesFromWorkbooks(ws []workbook.Workbook) ([]employee, error) {
	emps := make([]employee, len(ws))
	var problems []string
	for i, w := range ws {
		label := fmt.Sprintf("workbook %d", i+1)
		if len(ws) == 1 {
			label = "the workbook"
		}
		items, err := w.Items()
		if err != nil {
			problems = append(problems, label+": "+apperr.Public(err).Message)
			continue
		}
		emps[i] = employee{Label: label, Items: items}
	}
	if len(problems) > 0 {
		return nil, apperr.New(apperr.Invalid, "%s", strings.Join(problems, "\n"))
	}
	return emps, nil
}

func tdsCalc(ctx context.Context, env Env, args []string) int {
	fs := flag.NewFlagSet("tds calc", flag.ContinueOnError)
	fs.SetOutput(env.Stderr)
	fyFlag := fs.String("fy", "", "financial year, like \"FY 2025-26\" (required; "+tds.SupportedList()+")")
	inFlag := fs.String("in", "-", "input: a salary workbook (JSON), an array of workbooks or one workbook per line; - for standard input")
	outFlag := fs.String("out", "", "write the output to this file instead of standard output")
	formatFlag := fs.String("format", "json", "json (the response workbooks of the remote calculator), csv or xlsx (one row per employee)")
	explain := fs.Bool("explain", false, "print both regimes' computation sheets, section by section, on standard output (the --format output then needs --out)")
	fs.Usage = func() {
		fmt.Fprintln(env.Stderr, "usage: gstdesk tds calc --fy \"FY 2025-26\" [--in FILE|-] [--out FILE] [--format json|csv|xlsx] [--explain]")
		fmt.Fprintln(env.Stderr, "\nComputes salary TDS for both regimes locally, as the remote calculator would, and recommends a regime.")
		fmt.Fprintln(env.Stderr, "Exit status: 0 done, 1 invalid input, 2 wrong command line.")
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
		fmt.Fprintf(env.Stderr, "gstdesk tds calc: %s\n", apperr.Public(err).Message)
		return ExitUsage
	}
	format, err := export.ParseFormat(*formatFlag)
	if err != nil {
		fmt.Fprintf(env.Stderr, "gstdesk tds calc: %s\n", apperr.Public(err).Message)
		return ExitUsage
	}

	var in io.Reader = env.Stdin
	if *inFlag != "-" && *inFlag != "" {
		f, err := os.Open(*inFlag)
		if err != nil {
			fmt.Fprintf(env.Stderr, "gstdesk tds calc: cannot open the input %s: %v. Check the path.\n", *inFlag, err)
			return ExitFailed
		}
		defer f.Close()
		in = f
	}
	ws, form, err := workbook.ReadAllForm(in)
	if err != nil {
		fmt.Fprintf(env.Stderr, "gstdesk tds calc: %s\n", apperr.Public(err).Message)
		return ExitFailed
	}
	emps, err := employeesFromWorkbooks(ws)
	if err != nil {
		fmt.Fprintf(env.Stderr, "gstdesk tds calc: %s\n", apperr.Public(err).Message)
		return ExitFailed
	}
	rows, err := computeAll(ctx, emps, fy)
	if err != nil {
		fmt.Fprintf(env.Stderr, "gstdesk tds calc: %s\n", apperr.Public(err).Message)
		return ExitFailed
	}
	for _, r := range rows {
		for _, w := range r.Warnings {
			fmt.Fprintf(env.Stderr, "gstdesk tds calc: %s: %s\n", r.Label, w)
		}
	}

	var body bytes.Buffer
	switch format {
	case export.JSON:
		if err := writeResponses(&body, rows, form); err != nil {
			fmt.Fprintf(env.Stderr, "gstdesk tds calc: %v\n", err)
			return ExitFailed
		}
	default:
		if err := export.Write(&body, format, tdsTable(rows)); err != nil {
			fmt.Fprintf(env.Stderr, "gstdesk tds calc: %s\n", apperr.Public(err).Message)
			return ExitFailed
		}
	}
	if *explain {
		for i, r := range rows {
			if i > 0 {
				fmt.Fprintln(env.Stdout)
			}
			if len(rows) > 1 {
				fmt.Fprintf(env.Stdout, "== %s ==\n", r.Label)
			}
			e, err := tds.Explain(r.Input, fy)
			if err != nil {
				fmt.Fprintf(env.Stderr, "gstdesk tds calc: %s: %s\n", r.Label, apperr.Public(err).Message)
				return ExitFailed
			}
			io.WriteString(env.Stdout, tds.FormatExplanation(e))
		}
		if *outFlag == "" {
			return ExitOK
		}
	}
	if *outFlag == "" {
		if _, err := env.Stdout.Write(body.Bytes()); err != nil {
			return ExitFailed
		}
		return ExitOK
	}
	if err := os.WriteFile(*outFlag, body.Bytes(), 0o644); err != nil {
		fmt.Fprintf(env.Stderr, "gstdesk tds calc: cannot write %s: %v. Check the folder exists and is writable.\n", *outFlag, err)
		return ExitFailed
	}
	return ExitOK
}

// writeResponses writes the response workbooks: one workbook for a single input workbook,
// otherwise a JSON array in input order, one workbook per line.
func writeResponses(w *bytes.Buffer, rows []computed, form workbook.Form) error {
	if form == workbook.Single && len(rows) == 1 {
		b, err := json.Marshal(rows[0].Response)
		if err != nil {
			return err
		}
		w.Write(b)
		w.WriteByte('\n')
		return nil
	}
	w.WriteString("[")
	for i, r := range rows {
		if i > 0 {
			w.WriteString(",")
		}
		w.WriteString("\n")
		b, err := json.Marshal(r.Response)
		if err != nil {
			return err
		}
		w.Write(b)
	}
	w.WriteString("\n]\n")
	return nil
}

var resultColumns = []struct{ key, title string }{
	{"income_tax_payable", "income tax payable"}, {"surcharge", "surcharge"},
	{"health_and_education_cess", "health and education cess"}, {"tds_on_salary", "TDS on salary"},
	{"relief_us_87_a", "relief u/s 87A"},
}

// tdsTable is one row per employee: every input item (in the order of interface.md 2.8), both
// regimes' five figures and the recommended regime with its saving.
func tdsTable(rows []computed) export.Table {
	t := export.Table{Name: "tds_on_salary"}
	t.Columns = append(t.Columns,
		export.Column{Key: tds.KeyPANStatus, Title: tds.KeyPANStatus, Kind: export.Text},
		export.Column{Key: tds.KeyEmployeeCategory, Title: tds.KeyEmployeeCategory, Kind: export.Text})
	for f := tds.Field(0); f < tds.NumFields; f++ {
		t.Columns = append(t.Columns, export.Column{Key: f.Key(), Title: f.Key(), Kind: export.Money})
	}
	for _, g := range []string{"new", "old"} {
		for _, c := range resultColumns {
			t.Columns = append(t.Columns, export.Column{Key: g + "_" + c.key, Title: g + " regime: " + c.title, Kind: export.Money})
		}
	}
	t.Columns = append(t.Columns,
		export.Column{Key: "recommended_regime", Title: "recommended regime", Kind: export.Text},
		export.Column{Key: "saving", Title: "saving", Kind: export.Money})
	for _, r := range rows {
		row := make([]any, 0, len(t.Columns))
		row = append(row, r.Input.PANStatus, r.Input.Category.String())
		for _, p := range r.Input.Amounts {
			row = append(row, rupees(p))
		}
		for _, f := range []tds.Figures{r.Result.New.Figures, r.Result.Old.Figures} {
			row = append(row, f.IncomeTaxPayable, f.Surcharge, f.Cess, f.TDSOnSalary, f.Relief87A)
		}
		row = append(row, string(r.Result.Recommended), r.Result.Saving)
		t.Rows = append(t.Rows, row)
	}
	return t
}

// rupees is an amount as a cell: whole rupees as an integer, otherwise rupees with paise.
func rupees(p tds.Paise) any {
	if p%100 == 0 {
		return int64(p / 100)
	}
	return float64(p) / 100
}
