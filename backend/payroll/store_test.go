package payroll

import (
	"gstdesk/backend/money"
	"reflect"

	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"gstdesk/backend/apperr"
	"gstdesk/backend/gstapi"
	"gstdesk/backend/gstapi/gstapitest"
	"gstdesk/backend/store"
	"gstdesk/backend/tds"
	"gstdesk/backend/workbook"
)

func openDB(t *testing.T) *store.DB {
	t.Helper()
	db, err := store.Open(context.Background(), t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// saveCSV imports a CSV and stores it as a run.
func saveCSV(t *testing.T, db *store.DB, csvText string, month int) Run {
	t.Helper()
	ctx := context.Background()
	im := readBytes(t, "pay.csv", []byte(csvText), Options{})
	res, err := Compute(ctx, im.Employees, tds.FY(2025), nil)
	if err != nil {
		t.Fatal(err)
	}
	r, err := SaveRun(ctx, db.DB, Run{CreatedAt: testNow, WorkspaceID: "ws", FY: tds.FY(2025), Month: month, SourceName: im.File, SourceHash: im.Hash, SourceFormat: im.Format, SourceRows: im.Rows, SkippedRows: im.BadRows}, im.Employees, res, nil)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

const head = "employee_code,name,pan,salary_as_per_provisions_contained_in_section_17_1,deductible_amount_us_80_c,tds_deducted_so_far\n"

func TestRunsStoredAndReopened(t *testing.T) {
	db := openDB(t)
	ctx := context.Background()
	april := saveCSV(t, db, head+"E1,Asha,ABCPR1234K,1285000,0,0\nE2,Ravi,,2400000,150000,0\nE3,Meena,,780000,0,0\n", 4)
	time.Sleep(2 * time.Millisecond)
	may := saveCSV(t, db, head+"E1,Asha,ABCPR1234K,1285000,0,900\nE2,Ravi,,3000000,150000,45000\nE4,Nikhil,,500000,0,0\n", 5)

	runs, err := Runs(ctx, db.DB, "ws")
	if err != nil || len(runs) != 2 || runs[0].ID != may.ID {
		t.Fatalf("runs = %+v, %v; want May first", runs, err)
	}
	got := runs[1]
	if got.SourceName != "pay.csv" || len(got.SourceHash) != 64 || got.FYLabel != "FY 2025-26" || got.Month != 4 || got.Totals.Employees != 3 {
		t.Errorf("April run = %+v", got)
	}
	if got.Totals != april.Totals {
		t.Errorf("stored totals %+v, saved %+v", got.Totals, april.Totals)
	}

	// The table: page, sort, filter, totals of the selection.
	p, err := Rows(ctx, db.DB, april.ID, Query{Sort: "new_tax", Desc: true, Limit: 2})
	if err != nil {
		t.Fatal(err)
	}
	if p.Total != 3 || len(p.Rows) != 2 || p.Rows[0].Code != "E2" || p.Rows[0].NewTax < p.Rows[1].NewTax {
		t.Errorf("page = %+v", p)
	}
	if p.Totals.Recommended != april.Totals.Recommended {
		t.Errorf("page totals %d, run totals %d", p.Totals.Recommended, april.Totals.Recommended)
	}
	p, _ = Rows(ctx, db.DB, april.ID, Query{Filter: "asha"})
	if p.Total != 1 || p.Rows[0].Name != "Asha" || p.Rows[0].NewTDS != 10400 || p.Rows[0].OldTDS != 190320 {
		t.Errorf("filtered = %+v", p)
	}
	// April: the whole year is left, so the month's TDS is a twelfth of the annual TDS, to the
	// nearest rupee (10,400 ÷ 12 = 866.67 → 867, tds.MonthShare).
	if got, want := p.Rows[0].Monthly, int64(867); got != want {
		t.Errorf("monthly = %d, want %d", got, want)
	}
	p, _ = Rows(ctx, db.DB, april.ID, Query{Filter: "%"})
	if p.Total != 0 {
		t.Errorf("a %% filter matched %d rows: it must be literal", p.Total)
	}

	// The inputs come back exactly, so a sheet can be explained offline.
	emps, seqs, err := Employees(ctx, db.DB, may.ID, 2)
	if err != nil || len(emps) != 1 || seqs[0] != 2 {
		t.Fatalf("employees: %v %v", emps, err)
	}
	if emps[0].Input.Amount(tds.Salary17_1) != money.FromRupees(3000000) || emps[0].Deducted != money.FromRupees(45000) {
		t.Errorf("employee 2 = %+v", emps[0])
	}
	sh, err := Explain(emps[0], tds.FY(2025), may.Month)
	if err != nil {
		t.Fatal(err)
	}
	if len(sh.Schedule) != 11 || sh.Schedule[0].Month != time.May {
		t.Errorf("schedule = %+v, want May to March", sh.Schedule)
	}
	var html, x bytes.Buffer
	if err := sh.WriteHTML(&html); err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{"Ravi (E2), FY 2025-26", "New regime", "Old regime", "s.16(ia)", "Monthly TDS"} {
		if !strings.Contains(html.String(), w) {
			t.Errorf("HTML sheet lacks %q", w)
		}
	}
	if err := sh.WriteXLSX(&x); err != nil || !bytes.HasPrefix(x.Bytes(), []byte("PK")) {
		t.Errorf("XLSX sheet: %v", err)
	}

	// Compare May with April.
	c, err := Compare(ctx, db.DB, april.ID, may.ID)
	if err != nil {
		t.Fatal(err)
	}
	if c.Added != 1 || c.Removed != 1 || c.Changed != 2 || c.Unchanged != 0 {
		t.Errorf("comparison: added %d removed %d changed %d unchanged %d: %+v", c.Added, c.Removed, c.Changed, c.Unchanged, c.Changes)
	}
	status := map[string]string{}
	for _, ch := range c.Changes {
		status[ch.Code] = ch.Status
	}
	if status["E4"] != "added" || status["E3"] != "removed" || status["E2"] != "changed" {
		t.Errorf("statuses = %v", status)
	}

	if err := DeleteRun(ctx, db.DB, april.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := GetRun(ctx, db.DB, april.ID); apperr.KindOf(err) != apperr.NotFound {
		t.Errorf("deleted run: %v", err)
	}
	var n int
	db.QueryRow(`SELECT count(*) FROM payroll_employees WHERE run_id=?`, april.ID).Scan(&n)
	if n != 0 {
		t.Errorf("%d employees left of a deleted run", n)
	}
}

// TestSaveRunCancelledStoresNothing: a cancelled save leaves no run behind.
func TestSaveRunCancelledStoresNothing(t *testing.T) {
	db := openDB(t)
	ctx, cancel := context.WithCancel(context.Background())
	im := readBytes(t, "p.csv", payrollCSV(5000), Options{})
	res, _ := Compute(context.Background(), im.Employees, tds.FY(2025), nil)
	_, err := SaveRun(ctx, db.DB, Run{CreatedAt: testNow, WorkspaceID: "ws", FY: tds.FY(2025), SourceFormat: CSV}, im.Employees, res, func(done, total int) { cancel() })
	if apperr.KindOf(err) != apperr.Canceled {
		t.Fatalf("err = %v, want Canceled", err)
	}
	var n int
	db.QueryRow(`SELECT count(*) FROM payroll_runs`).Scan(&n)
	if n != 0 {
		t.Errorf("%d runs stored after a cancel", n)
	}
}

func TestJSONRunKeepsWorkbookAsGiven(t *testing.T) {
	db := openDB(t)
	ctx := context.Background()
	in := golden(t, "blocks-strings-paise")
	im := readBytes(t, "w.json", in, Options{})
	res, _ := Compute(ctx, im.Employees, tds.FY(2025), nil)
	r, err := SaveRun(ctx, db.DB, Run{CreatedAt: testNow, WorkspaceID: "ws", FY: tds.FY(2025), SourceFormat: JSON}, im.Employees, res, nil)
	if err != nil {
		t.Fatal(err)
	}
	emps, _, err := Employees(ctx, db.DB, r.ID)
	if err != nil {
		t.Fatal(err)
	}
	a, _ := emps[0].Response(res[0]).MarshalJSON()
	b, _ := im.Employees[0].Response(res[0]).MarshalJSON()
	if !bytes.Equal(a, b) {
		t.Errorf("stored response:\n%s\nwant:\n%s", a, b)
	}
}

// TestCrossCheckSimulator: the remote calculator (the simulator) answers like gstdesk except on
// purpose for one item; the check stores the answer with its transaction id and shows exactly
// that difference.
func TestCrossCheckSimulator(t *testing.T) {
	db := openDB(t)
	ctx := context.Background()
	run := saveCSV(t, db, head+"E1,Asha,ABCPR1234K,1285000,0,0\nE2,Ravi,,2400000,150000,0\n", 0)
	remote := func(fy string, body json.RawMessage) (json.RawMessage, error) {
		f, err := tds.ParseFY(fy)
		if err != nil {
			return nil, err
		}
		w, err := workbook.Parse(body)
		if err != nil {
			return nil, err
		}
		out, _, _, err := workbook.Calculate(&w, f)
		if err != nil {
			return nil, err
		}
		// The remote service disagrees on the old regime's cess by one rupee.
		s, _ := out.Sheet(workbook.OldRegimeSheet)
		for i, it := range s.Items {
			if it.Key == "health_and_education_cess" {
				n, _ := it.Value.(json.Number).Int64()
				s.Items[i].Value = json.Number(itoa(n + 1))
			}
		}
		return out.MarshalJSON()
	}
	_, ts := gstapitest.NewServer(t, gstapitest.Options{TDS: remote})
	client, err := gstapi.NewClient(gstapi.Config{BaseURL: ts.URL, APIKey: gstapitest.DefaultAPIKey,
		Tokens: gstapi.NewAuthenticator(http.DefaultClient, ts.URL, gstapitest.DefaultAPIKey, gstapitest.DefaultAPISecret)})
	if err != nil {
		t.Fatal(err)
	}
	calc := func(ctx context.Context, fy string, req json.RawMessage) (string, json.RawMessage, error) {
		r, err := client.SalaryTDS(ctx, fy, req)
		if err != nil {
			return "", nil, err
		}
		return r.TransactionID, r.Workbook, nil
	}
	checks, err := CrossCheck(ctx, db.DB, func() time.Time { return testNow }, run.ID, []int{1}, calc, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(checks) != 1 || checks[0].TransactionID == "" {
		t.Fatalf("checks = %+v", checks)
	}
	want := []Difference{{Sheet: workbook.OldRegimeSheet, Key: "health_and_education_cess", Local: "7320", Remote: "7321"}}
	if got := checks[0].Differences; len(got) != 1 || got[0] != want[0] {
		t.Errorf("differences = %+v, want %+v", got, want)
	}
	stored, err := Checks(ctx, db.DB, run.ID, 1)
	if err != nil || len(stored) != 1 || stored[0].TransactionID != checks[0].TransactionID || len(stored[0].Differences) != 1 || !json.Valid(stored[0].Response) {
		t.Errorf("stored checks = %+v, %v", stored, err)
	}
	// Nothing to check, too many, and a remote failure.
	if _, err := CrossCheck(ctx, db.DB, func() time.Time { return testNow }, run.ID, nil, calc, nil); apperr.KindOf(err) != apperr.Invalid {
		t.Errorf("no employees: %v", err)
	}
	failing := func(context.Context, string, json.RawMessage) (string, json.RawMessage, error) {
		return "", nil, apperr.New(apperr.Unavailable, "down")
	}
	if _, err := CrossCheck(ctx, db.DB, func() time.Time { return testNow }, run.ID, []int{2}, failing, nil); !errors.Is(err, err) || apperr.KindOf(err) != apperr.Unavailable {
		t.Errorf("remote failure: %v", err)
	}
}

func itoa(n int64) string { b, _ := json.Marshal(n); return string(b) }

// testNow is the tests' clock: the time every run and answer is stamped with.
var testNow = time.Date(2025, 11, 20, 10, 0, 0, 0, time.UTC)

// TestComputeAndSaveRunAsComputeThenSave: a run computed and stored one employee at a time, as
// the file is read (Options.Each), is the run Compute then SaveRun store from the same file: the
// same totals, the same rows in the same order, the same problems found. The file has a bad cell,
// a code given twice and a PAN under two codes, and a JSON payroll too.
func TestComputeAndSaveRunAsComputeThenSave(t *testing.T) {
	ctx := context.Background()
	files := []struct{ name, body string }{
		{"pay.csv", head + "E1,Asha,ABCPR1234K,1285000,0,0\nE2,Ravi,,abc,0,0\nE3,Meena,,780000,150000,0\ne1,Asha again,,500000,0,0\nE4,Nikhil,ABCPR1234K,900000,0,0\nE5,Farah,,3000000,150000,45000\n"},
		{"pay-big.csv", string(payrollCSV(5000))},
		{"pay.json", `[{"employee_code":"J1","name":"Asha","salary_as_per_provisions_contained_in_section_17_1":1500000},{"employee_code":"J2","name":"Ravi","salary_as_per_provisions_contained_in_section_17_1":"x"},{"employee_code":"J3","name":"Meena","salary_as_per_provisions_contained_in_section_17_1":900000,"regime":"old"}]`},
	}
	for _, f := range files {
		t.Run(f.name, func(t *testing.T) {
			db := openDB(t)
			whole := readBytes(t, f.name, []byte(f.body), Options{})
			res, err := Compute(ctx, whole.Employees, tds.FY(2025), nil)
			if err != nil {
				t.Fatal(err)
			}
			run := Run{CreatedAt: testNow, WorkspaceID: "ws", FY: tds.FY(2025), Month: 6, SourceName: whole.File, SourceFormat: whole.Format}
			want, err := SaveRun(ctx, db.DB, run, whole.Employees, res, nil)
			if err != nil {
				t.Fatal(err)
			}
			var counted *Import
			got, err := ComputeAndSaveRun(ctx, db.DB, run, whole.Good, func(each func(*Employee) error) error {
				counted, err = Read(ctx, f.name, bytes.NewReader([]byte(f.body)), int64(len(f.body)), Options{Each: each})
				return err
			}, nil)
			if err != nil {
				t.Fatal(err)
			}
			if len(counted.Employees) != 0 || counted.Good != len(whole.Employees) || counted.BadRows != whole.BadRows || counted.ProblemCount != whole.ProblemCount {
				t.Errorf("read one at a time: kept %d, good %d, bad %d, problems %d; whole: %d employees, bad %d, problems %d",
					len(counted.Employees), counted.Good, counted.BadRows, counted.ProblemCount, len(whole.Employees), whole.BadRows, whole.ProblemCount)
			}
			if !reflect.DeepEqual(counted.Problems, whole.Problems) {
				t.Errorf("problems one at a time %v, whole %v", counted.Problems, whole.Problems)
			}
			if got.Totals != want.Totals || got.Totals.Employees != len(whole.Employees) {
				t.Errorf("totals one at a time %+v, whole %+v", got.Totals, want.Totals)
			}
			a, err := Rows(ctx, db.DB, want.ID, Query{Limit: 100000})
			if err != nil {
				t.Fatal(err)
			}
			b, err := Rows(ctx, db.DB, got.ID, Query{Limit: 100000})
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(a.Rows, b.Rows) || len(a.Rows) != len(whole.Employees) {
				t.Errorf("rows differ: %d whole, %d one at a time", len(a.Rows), len(b.Rows))
			}
		})
	}
}
