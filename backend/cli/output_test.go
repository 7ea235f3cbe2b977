package cli

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"gstdesk/backend/export"
	"gstdesk/backend/lookup"
	"gstdesk/backend/store"
)

func readCSV(t *testing.T, s string) [][]string {
	t.Helper()
	recs, err := csv.NewReader(strings.NewReader(strings.TrimPrefix(s, "\ufeff"))).ReadAll()
	if err != nil {
		t.Fatalf("%v:\n%s", err, s)
	}
	return recs
}

// column returns the values of the column named key.
func column(t *testing.T, recs [][]string, key string) []string {
	t.Helper()
	for i, h := range recs[0] {
		if h == key {
			var out []string
			for _, r := range recs[1:] {
				out = append(out, r[i])
			}
			return out
		}
	}
	t.Fatalf("no column %q in %q", key, recs[0])
	return nil
}

// TestReconCSVNeutralisesFormulas: supplier names and invoice numbers from a register reach
// `recon --format csv` as text a spreadsheet will not run; amounts stay numbers.
func TestReconCSVNeutralisesFormulas(t *testing.T) {
	dir := t.TempDir()
	reg := filepath.Join(dir, "purchases.csv")
	body := "supplier_gstin,supplier_name,invoice_number,invoice_date,place_of_supply,reverse_charge,invoice_value,taxable_value,igst,cgst,sgst,cess\n" +
		`27AAPFU0939F1ZV,"=HYPERLINK(""http://x"",""y"")",=1+1,05-07-2024,27,N,1180,1000,0,90,90,0` + "\n" +
		"27AAPFU0939F1ZV,@SUM(1+1),+1+1,06-07-2024,27,N,2360,2000,0,180,180,0\n"
	if err := os.WriteFile(reg, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := reconEnv(t, dir, "recon", "--year", "2024", "--month", "07", "--purchases", reg, "--format", "csv")
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	recs := readCSV(t, out)
	names, nums, tax := column(t, recs, "Supplier"), column(t, recs, "Invoice no. (books)"), column(t, recs, "Taxable (books)")
	for _, c := range [][]string{names, nums, tax} {
		sort.Strings(c)
	}
	if strings.Join(names, "|") != `'=HYPERLINK("http://x","y")|'@SUM(1+1)` {
		t.Errorf("supplier names %q", names)
	}
	if strings.Join(nums, "|") != "'+1+1|'=1+1" {
		t.Errorf("invoice numbers %q", nums)
	}
	if strings.Join(tax, "|") != "1000.00|2000.00" {
		t.Errorf("taxable %q, want rupees with two decimals", tax)
	}
}

// TestTDSCalcCSVNeutralisesFormulas: employee codes and names of a payroll reach `tds calc
// --format csv` (both on standard output and through the --out fast path) neutralised.
func TestTDSCalcCSVNeutralisesFormulas(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "payroll.csv")
	text := "Employee code,Name,Basic salary 17(1)\n=1+1,-Ravi,1200000\n@x,Asha,900000\n"
	if err := os.WriteFile(in, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := tdsRun(t, "", "tds", "calc", "--fy", "FY 2025-26", "--in", in, "--format", "csv")
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	outPath := filepath.Join(dir, "out.csv")
	if code, _, errs := tdsRun(t, "", "tds", "calc", "--fy", "FY 2025-26", "--in", in, "--format", "csv", "--out", outPath); code != ExitOK {
		t.Fatalf("--out: exit %d: %s", code, errs)
	}
	file, _ := os.ReadFile(outPath)
	for name, s := range map[string]string{"stdout": out, "--out": string(file)} {
		recs := readCSV(t, s)
		if got := strings.Join(column(t, recs, "Employee code"), "|"); got != "'=1+1|'@x" {
			t.Errorf("%s: employee codes %q", name, got)
		}
		if got := strings.Join(column(t, recs, "Name"), "|"); got != "'-Ravi|Asha" {
			t.Errorf("%s: names %q", name, got)
		}
		if got := column(t, recs, "salary_as_per_provisions_contained_in_section_17_1"); got[0] != "1200000" {
			t.Errorf("%s: salary %q, want a plain number", name, got)
		}
	}
}

// TestGSTRecordsCSVNeutralisesFormulas: a hostile legal name in a remote answer reaches
// `gst verify --format csv` neutralised; numbers in the answer stay numbers.
func TestGSTRecordsCSVNeutralisesFormulas(t *testing.T) {
	a := lookup.Answer{Source: "remote", Data: json.RawMessage(`{"gstin":"27AAPFU0939F1ZV","lgnm":"=HYPERLINK(\"http://x\",\"y\")","tradeNam":"-5","count":-3}`)}
	tab := recordsTable("verify", []map[string]any{answerRecord("gstin", "27AAPFU0939F1ZV", a)})
	var b strings.Builder
	if err := export.Write(&b, export.CSV, tab); err != nil {
		t.Fatal(err)
	}
	recs := readCSV(t, b.String())
	if got := column(t, recs, "data.lgnm")[0]; got != `'=HYPERLINK("http://x","y")` {
		t.Errorf("legal name %q", got)
	}
	if got := column(t, recs, "data.tradeNam")[0]; got != "'-5" {
		t.Errorf("trade name %q", got)
	}
	if got := column(t, recs, "data.count")[0]; got != "-3" {
		t.Errorf("count %q, want the number -3", got)
	}
}

// TestOutIntoMissingFolder: --out into a folder that does not exist is a usage error before any
// work is done or stored: no lookup is cached, no reconciliation run saved.
func TestOutIntoMissingFolder(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "no-such-folder", "out.csv")
	code, _, errs := gstCLI(t, dir, "verify", "--format", "csv", "--out", missing, "27AAPFU0939F1ZV")
	if code != ExitUsage || !strings.Contains(errs, "does not exist") {
		t.Errorf("gst verify: exit %d, stderr %s", code, errs)
	}
	reg := filepath.Join(dir, "purchases.csv")
	os.WriteFile(reg, []byte("supplier_gstin,supplier_name,invoice_number,invoice_date,place_of_supply,reverse_charge,invoice_value,taxable_value,igst,cgst,sgst,cess\n"+
		"27AAPFU0939F1ZV,Acme,A1,05-07-2024,27,N,1180,1000,0,90,90,0\n"), 0o644)
	code, _, errs = reconEnv(t, dir, "recon", "--year", "2024", "--month", "07", "--purchases", reg, "--out", missing)
	if code != ExitUsage || !strings.Contains(errs, "does not exist") {
		t.Errorf("recon: exit %d, stderr %s", code, errs)
	}
	for _, args := range [][]string{
		{"tds", "calc", "--fy", "2025-26", "--out", missing},
		{"tds", "template", "--out", missing},
	} {
		if code, _, errs := tdsRun(t, "", args...); code != ExitUsage || !strings.Contains(errs, "does not exist") {
			t.Errorf("%v: exit %d, stderr %s", args, code, errs)
		}
	}
	db, err := store.Open(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var answers, runs int
	db.QueryRow(`SELECT count(*) FROM answers`).Scan(&answers)
	db.QueryRow(`SELECT count(*) FROM recon_runs`).Scan(&runs)
	if answers != 0 || runs != 0 {
		t.Errorf("stored %d answers and %d runs before failing, want none", answers, runs)
	}
	if _, err := os.Stat(filepath.Dir(missing)); err == nil {
		t.Error("the missing folder was created")
	}
}

// TestOutReplacedWhole: a second run writing the same --out replaces the file whole; a failed one
// leaves the previous file and no temporary file.
func TestOutReplacedWhole(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "template.xlsx")
	if code, _, errs := tdsRun(t, "", "tds", "template", "--out", out); code != ExitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	first, _ := os.ReadFile(out)
	if code, _, errs := tdsRun(t, "", "tds", "template", "--example", "--out", out); code != ExitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	second, _ := os.ReadFile(out)
	if len(second) == 0 || string(first) == string(second) {
		t.Errorf("second template not written (%d bytes, same as first: %v)", len(second), string(first) == string(second))
	}
	// A write that fails halfway (the disk fills, Ctrl-C): the previous file stays.
	err := writeOutput(Env{}, out, func(w io.Writer) error {
		w.Write([]byte("PK\x03\x04 trunc"))
		return io.ErrUnexpectedEOF
	})
	if err == nil {
		t.Fatal("a failed write reported success")
	}
	if now, _ := os.ReadFile(out); string(now) != string(second) {
		t.Error("a failed write changed the file")
	}
	es, _ := os.ReadDir(dir)
	if len(es) != 1 {
		t.Errorf("folder holds %d entries, want only the template", len(es))
	}
}

// TestXLSXNeverToTerminal: --format xlsx with no --out is refused when standard output is a
// terminal, and allowed into a pipe or file.
func TestXLSXNeverToTerminal(t *testing.T) {
	defer func(old func(io.Writer) bool) { terminal = old }(terminal)
	terminal = func(io.Writer) bool { return true }
	dir := t.TempDir()
	reg := filepath.Join(dir, "purchases.csv")
	os.WriteFile(reg, []byte("supplier_gstin,supplier_name,invoice_number,invoice_date,place_of_supply,reverse_charge,invoice_value,taxable_value,igst,cgst,sgst,cess\n"+
		"27AAPFU0939F1ZV,Acme,A1,05-07-2024,27,N,1180,1000,0,90,90,0\n"), 0o644)
	code, out, errs := reconEnv(t, dir, "recon", "--year", "2024", "--month", "07", "--purchases", reg, "--format", "xlsx")
	if code != ExitUsage || out != "" || !strings.Contains(errs, "--out") {
		t.Errorf("recon xlsx to a terminal: exit %d, %d bytes out, stderr %s", code, len(out), errs)
	}
	code, out, errs = tdsRun(t, "", "tds", "calc", "--fy", "2025-26", "--format", "xlsx")
	if code != ExitUsage || out != "" || !strings.Contains(errs, "--out") {
		t.Errorf("tds calc xlsx to a terminal: exit %d, %d bytes out, stderr %s", code, len(out), errs)
	}
	terminal = func(io.Writer) bool { return false }
	code, out, errs = reconEnv(t, dir, "recon", "--year", "2024", "--month", "07", "--purchases", reg, "--format", "xlsx")
	if code != ExitOK || !strings.HasPrefix(out, "PK") {
		t.Errorf("recon xlsx to a pipe: exit %d, stderr %s", code, errs)
	}
}

func TestIsTerminal(t *testing.T) {
	null, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer null.Close()
	file, _ := os.Create(filepath.Join(t.TempDir(), "f"))
	defer file.Close()
	r, w, _ := os.Pipe()
	defer r.Close()
	defer w.Close()
	for name, wr := range map[string]io.Writer{"null": null, "file": file, "pipe": w, "buffer": &strings.Builder{}} {
		if isTerminal(wr) {
			t.Errorf("%s taken for a terminal", name)
		}
	}
}

// TestInternalErrorNamesLog: a command's internal error is written to the data folder's log, and
// the message names that file, which exists.
func TestInternalErrorNamesLog(t *testing.T) {
	dir := t.TempDir()
	env := Env{Getenv: func(k string) string {
		if k == "GSTDESK_DATA_DIR" {
			return dir
		}
		return ""
	}}
	msg := publicMessage(env, os.ErrPermission)
	want := filepath.Join(dir, store.LogFileName)
	if !strings.HasSuffix(msg, "The details are in the log: "+want) {
		t.Errorf("message %q does not name %s", msg, want)
	}
	b, err := os.ReadFile(want)
	if err != nil || !strings.Contains(string(b), os.ErrPermission.Error()) {
		t.Errorf("log %q (%v), want the detail", b, err)
	}
}

// TestOpenFailureNamesLog: when the data folder cannot be opened (here: the database is a folder),
// the command says where the details are, and they are there.
func TestOpenFailureNamesLog(t *testing.T) {
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, store.FileName), 0o700); err != nil {
		t.Fatal(err)
	}
	reg := filepath.Join(dir, "r.csv")
	os.WriteFile(reg, []byte("x\n"), 0o644)
	code, _, errs := reconEnv(t, dir, "recon", "--year", "2024", "--month", "07", "--purchases", reg)
	logPath := filepath.Join(dir, store.LogFileName)
	if code != ExitFailed || !strings.Contains(errs, logPath) {
		t.Errorf("exit %d, stderr %q, want the log %s named", code, errs, logPath)
	}
	if _, err := os.Stat(logPath); err != nil {
		t.Errorf("the log named does not exist: %v", err)
	}
}

// TestCommandLineJSONHasOneWriter: every JSON the command line writes goes through jsonout.go's
// writer (one layout for moments, no HTML escaping); a new writer must use it too.
func TestCommandLineJSONHasOneWriter(t *testing.T) {
	files, _ := filepath.Glob("*.go")
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") || f == "jsonout.go" {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, call := range []string{"json.Marshal(", "json.MarshalIndent(", "json.NewEncoder("} {
			if bytes.Contains(b, []byte(call)) {
				t.Errorf("%s calls %s: write JSON with newJSON or jsonLine (jsonout.go)", f, call)
			}
		}
	}
}

func TestStampsInUTC(t *testing.T) {
	in := struct {
		At    time.Time `json:"at"`
		Text  string    `json:"text"`
		Other string    `json:"other"`
	}{time.Date(2026, 11, 27, 11, 20, 5, 123456789, time.FixedZone("IST", 5*3600+1800)), "2026-11-27T11:20:05.5+05:30", "not a time T"}
	got := string(jsonLine(in))
	want := `{"at":"2026-11-27T05:50:05Z","text":"2026-11-27T05:50:05Z","other":"not a time T"}`
	if got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}
