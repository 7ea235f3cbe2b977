package cli

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"gstdesk/backend/desk/core"
	"gstdesk/backend/desk/core/coretest"
)

// Units (docs/RELIABILITY.md): every amount a person or a script reads is rupees with two
// decimals; a field in paise says so in its name (_paise). This test runs every command that
// prints amounts (a table: a new writer of amounts joins it) on the demo's data and checks every
// number of its JSON, and every cell of its CSV, whose name says it is an amount.

// amountWord marks a JSON key or a CSV header as an amount; countWord marks it as a count, a
// number of days, points, a rate or a percentage even when it also names an amount ("tax_rate").
var (
	amountWord  = regexp.MustCompile(`(?i)(^|[_ (])(amount|amounts|tax|igst|cgst|sgst|cess|value|taxable|txval|val|exempt|received|salary|share|rupees|at_risk|risk|reclaim|itc|paid|gross|income|deducted|payable|relief|surcharge|difference|diff|tolerance|rent|net|figure|reduction|declared|opening|closing|balance|hra|credit|liability|tds|perquisites|profits|saving|remaining)($|[_ )])`)
	countWord   = regexp.MustCompile(`(?i)(^|[_ (])(count|counts|days|day|points|score|pct|percent|rate|rates|rt|months|documents|docs|invoices|suppliers|rows|lines|files|seq|id|version|lag|num|number|flags|pairs|items|employees)($|[_ )])`)
	twoDecimals = regexp.MustCompile(`^-?[0-9]+\.[0-9]{2}$`)
	integer     = regexp.MustCompile(`^-?[0-9]+$`)
	numeric     = regexp.MustCompile(`^-?[0-9][0-9,]*(\.[0-9]*)?$`)
)

// wholeRupees are the salary TDS figures the tax engine keeps in whole rupees (income and tax
// rounded to the rupee, s.288A and s.288B): printed as integers of rupees. They are the one
// exception left: the rule wants them with two decimals too (docs/RELIABILITY.md, Units).
var wholeRupees = map[string]bool{
	"projected_taxable_income": true, "annual_liability": true, "deducted_before": true, "tds_this_month": true,
	"remaining": true, "over_deducted": true, "new_liability": true, "old_liability": true, "deducted_this_month": true,
	"previous_month_tds": true, "saving": true, "salary_17_1": true, "perquisites_17_2": true, "profits_17_3": true,
	"tds_deducted": true, "tds": true, "deducted": true,
}

// isAmountKey says a key (or header) names an amount that must be rupees with two decimals.
func isAmountKey(k string) bool {
	return amountWord.MatchString(k) && !countWord.MatchString(k) && !strings.HasSuffix(k, "_paise") && !wholeRupees[k]
}

// checkAmounts walks one JSON value and reports every amount not written as rupees with two
// decimals, and every _paise field that is not an integer. skip names keys whose values are the
// service's answer as given (its own form, kept and shown as the service wrote it).
func checkAmounts(v any, path, key string, skip map[string]bool, bad *[]string) {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			if skip[k] {
				continue
			}
			checkAmounts(e, path+"."+k, k, skip, bad)
		}
	case []any:
		for i, e := range x {
			checkAmounts(e, fmt.Sprintf("%s[%d]", path, i), key, skip, bad)
		}
	case json.Number:
		switch {
		case strings.HasSuffix(key, "_paise"):
			if !integer.MatchString(string(x)) {
				*bad = append(*bad, fmt.Sprintf("%s = %s: a _paise field holds whole paise", path, x))
			}
		case isAmountKey(key) && !twoDecimals.MatchString(string(x)):
			*bad = append(*bad, fmt.Sprintf("%s = %s: want rupees with two decimals", path, x))
		}
	}
}

// unitsRun runs a command with GSTDESK_DATA_DIR=dir and returns its exit code and standard output.
func unitsRun(t *testing.T, dir string, args ...string) (int, []byte, string) {
	t.Helper()
	mockKeyringOnce.Do(keyringMock)
	var out, errb bytes.Buffer
	env := Env{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb, Getenv: func(k string) string {
		switch k {
		case "GSTDESK_DATA_DIR":
			return dir
		case core.DemoDateVar:
			return coretest.DemoDate()
		}
		return ""
	}}
	code := Main(context.Background(), env, args)
	return code, out.Bytes(), errb.String()
}

func TestEveryAmountPrintedIsRupeesWithTwoDecimals(t *testing.T) {
	dir, files := t.TempDir(), t.TempDir()
	reg := riskWorkspace(t, dir) // the demo's 2A and 2B of September 2024, a register of one invoice
	month := filepath.Join(files, "april.csv")
	os.WriteFile(month, []byte("Emp code,Employee name,PAN,Basic salary 17(1),TDS deducted,Professional tax\nE1,Asha,ABCPR1234K,150000.50,,200\nE2,Ravi,BCDPS2345L,100000,5000,200\n"), 0o600)
	csvOut := func(name string) string { return filepath.Join(files, name) }

	// Every command that prints amounts, in the order it needs its data. csv names the file a
	// --format csv run writes; skip names keys holding the service's answer as given.
	writers := []struct {
		args []string
		csv  string // a CSV file the command writes
		json string // a JSON file the command writes
		skip []string
	}{
		{args: []string{"gst", "2b", "--offline", "--year", "2024", "--month", "9"}, skip: []string{"data"}},
		{args: []string{"gst", "2b", "--offline", "--year", "2024", "--month", "9", "--format", "csv", "--out", csvOut("2b.csv")}, csv: "2b.csv"},
		{args: []string{"gst", "2b", "--year", "2024", "--month", "9", "--fresh"}, skip: []string{"data"}},
		{args: []string{"gst", "2b-diff", "--year", "2024", "--month", "9"}},
		{args: []string{"gst", "2a-b2b", "--offline", "--year", "2024", "--month", "9"}, skip: []string{"data"}},
		{args: []string{"gst", "2a-b2b", "--year", "2024", "--month", "9", "--fresh"}, skip: []string{"data"}},
		{args: []string{"gst", "2a-diff", "--year", "2024", "--month", "9"}},
		{args: []string{"gst", "2a-docs", "--year", "2024", "--month", "9"}},
		{args: []string{"gst", "2a-docs", "--year", "2024", "--month", "9", "--format", "csv", "--out", csvOut("2a.csv")}, csv: "2a.csv"},
		{args: []string{"gst", "ims", "list"}},
		{args: []string{"recon", "--year", "2024", "--month", "9", "--purchases", reg}},
		{args: []string{"recon", "--year", "2024", "--month", "9", "--purchases", reg, "--against", "2a"}},
		{args: []string{"recon", "--year", "2024", "--month", "9", "--purchases", reg, "--against", "2a", "--format", "csv", "--out", csvOut("recon.csv")}, csv: "recon.csv"},
		{args: []string{"recon", "runs", "--against", "2b"}},
		{args: []string{"recon", "show", "{run}"}},
		{args: []string{"itc-risk", "--fy", "FY 2024-25", "--purchases", reg}},
		{args: []string{"itc-risk", "--fy", "FY 2024-25", "--purchases", reg, "--format", "csv", "--out", csvOut("risk.csv")}, csv: "risk.csv"},
		{args: []string{"gst", "scorecard", "--fy", "FY 2024-25", "--purchases", reg}},
		{args: []string{"gst", "scorecard", "--fy", "FY 2024-25", "--purchases", reg, "--format", "csv", "--out", csvOut("score.csv")}, csv: "score.csv"},
		{args: []string{"gst", "3b", "--year", "2024", "--month", "9"}},
		{args: []string{"gst", "3b", "--year", "2024", "--month", "9", "--format", "json", "--out", csvOut("3b.json")}, json: "3b.json"},
		{args: []string{"gst", "9", "--fy", "FY 2024-25"}},
		{args: []string{"gst", "9", "--fy", "FY 2024-25", "--format", "json", "--out", csvOut("9.json")}, json: "9.json"},
		{args: []string{"tds", "hra", "--fy", "FY 2025-26", "--rent", "300000", "--salary", "600000", "--hra", "250000.5", "--city", "Pune"}},
		{args: []string{"tds", "month", "--fy", "FY 2025-26", "--month", "4", "--in", month}},
		{args: []string{"tds", "ytd", "--fy", "FY 2025-26"}},
	}
	run := "" // the newest saved run, from recon runs, for recon show
	for _, w := range writers {
		args := append([]string(nil), w.args...)
		for i, a := range args {
			if a == "{run}" {
				args[i] = run
			}
		}
		name := strings.Join(args, " ")
		code, out, errs := unitsRun(t, dir, args...)
		var err error
		if code != ExitOK {
			t.Errorf("%s: exit %d: %s", name, code, errs)
			continue
		}
		if run == "" && w.args[0] == "recon" && w.args[1] == "runs" {
			var r struct {
				ID string `json:"id"`
			}
			json.Unmarshal(bytes.SplitN(out, []byte("\n"), 2)[0], &r)
			run = r.ID
		}
		if w.json != "" {
			if out, err = os.ReadFile(csvOut(w.json)); err != nil {
				t.Errorf("%s: %v", name, err)
				continue
			}
		}
		skip := map[string]bool{}
		for _, k := range w.skip {
			skip[k] = true
		}
		var bad []string
		seen := 0
		if w.csv != "" {
			var b []byte
			b, err = os.ReadFile(csvOut(w.csv))
			if err != nil {
				t.Errorf("%s: %v", name, err)
				continue
			}
			var recs [][]string
			recs, err = csv.NewReader(bytes.NewReader(bytes.TrimPrefix(b, []byte("\ufeff")))).ReadAll()
			if err != nil || len(recs) < 2 {
				t.Errorf("%s: %d records, %v", name, len(recs), err)
				continue
			}
			for c, h := range recs[0] {
				if !isAmountKey(h) {
					continue
				}
				for r, rec := range recs[1:] {
					if c < len(rec) && numeric.MatchString(rec[c]) {
						seen++
						if !twoDecimals.MatchString(rec[c]) {
							bad = append(bad, fmt.Sprintf("row %d %q = %q: want rupees with two decimals", r+2, h, rec[c]))
						}
					}
				}
			}
		} else {
			dec := json.NewDecoder(bytes.NewReader(out))
			dec.UseNumber()
			for dec.More() {
				var v any
				if err := dec.Decode(&v); err != nil {
					t.Fatalf("%s: output is not JSON: %v\n%s", name, err, out)
				}
				checkAmounts(v, "", "", skip, &bad)
				seen++
			}
		}
		if seen == 0 {
			t.Errorf("%s printed nothing to check", name)
		}
		sort.Strings(bad)
		if len(bad) > 8 {
			bad = append(bad[:8], fmt.Sprintf("and %d more", len(bad)-8))
		}
		for _, b := range bad {
			t.Errorf("%s: %s", name, b)
		}
	}
}
