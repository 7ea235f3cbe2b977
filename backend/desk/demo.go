package desk

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"gstdesk/backend/apperr"
	"gstdesk/backend/desk/returns"
	"gstdesk/backend/period"
	"gstdesk/backend/simulator"
	"gstdesk/backend/store"
	"gstdesk/backend/tdsyear"
)

// The demo workspace opens with a few months of a made-up client already there: GSTR-2A and
// GSTR-2B of three months, the IMS lists, a purchase register reconciled three-way against the
// 2B and IMS, and a payroll month with its TDS. Every step is the service method a person's own
// action calls (the window's button, the command line's command), against the built-in
// simulator: nothing leaves the computer. A setting of the workspace (DemoDataKey) remembers that
// the figures were loaded or cleared, so opening the demo again neither duplicates them nor brings
// back what the person cleared.

// DemoDataKey is the demo workspace's setting that says whether its demo figures were loaded
// ("loaded") or cleared by the person ("cleared"); unset, they were never loaded.
const DemoDataKey = "demo_data"

// demoPeriodsKey keeps the GST months the demo figures were loaded for (YYYY-MM, comma-separated).
const demoPeriodsKey = "demo_periods"

// DemoDataVar names the environment variable that keeps a new demo workspace empty when set to
// "empty" (the window's own tests start from nothing).
const DemoDataVar = "GSTDESK_DEMO_DATA"

// Demo data states (DemoData.State).
const (
	DemoNone    = ""        // never loaded
	DemoLoaded  = "loaded"  // loaded (by the window on first open, or by Load)
	DemoCleared = "cleared" // cleared by the person
)

// DemoData says what the demo workspace's demo figures are.
type DemoData struct {
	// Demo is false outside the built-in demo (a real client's workspace, or a demo workspace
	// pointed at a simulator of its own): nothing is loaded there.
	Demo  bool   `json:"demo"`
	State string `json:"state"` // "", loaded, cleared
	// Loaded is true when this call loaded the figures (false when they were there already).
	Loaded bool `json:"loaded"`
	// What was loaded, in words ("3 months of GSTR-2A", ...), when this call loaded it.
	What []string `json:"what,omitempty"`
	// Periods are the GST months loaded (YYYY-MM), oldest first.
	Periods []string `json:"periods,omitempty"`
	// Millis is how long loading took.
	Millis int64 `json:"millis,omitempty"`
	// Notes say what could not be loaded (a 2B not generated yet by the demo's clock).
	Notes []string `json:"notes,omitempty"`
}

// demoMu keeps two loads (the window opened twice, a reload) from running at once.
var demoMu sync.Mutex

// DemoState reads whether the current workspace's demo figures were loaded or cleared.
func (d *Desk) DemoState(ctx context.Context) (DemoData, error) {
	if !d.Core.DemoAnswers() {
		return DemoData{}, nil
	}
	ws := d.Core.Workspace().ID
	st, err := d.Core.DB.Setting(ctx, ws, DemoDataKey, DemoNone)
	if err != nil || st != DemoLoaded {
		return DemoData{Demo: true, State: st}, err
	}
	ps, err := d.Core.DB.Setting(ctx, ws, demoPeriodsKey, "")
	out := DemoData{Demo: true, State: st}
	if ps != "" {
		out.Periods = strings.Split(ps, ",")
	}
	return out, err
}

// demoOnly is DemoState of a workspace that must be the demo's: any other is refused.
func (d *Desk) demoOnly(ctx context.Context) (DemoData, error) {
	st, err := d.DemoState(ctx)
	if err == nil && !st.Demo {
		err = notDemo(d.Core.Workspace())
	}
	return st, err
}

// OpenDemo loads the demo figures the first time the demo workspace opens in the window: only when
// they were never loaded, never cleared, the workspace holds nothing yet, the desk is not working
// offline, and GSTDESK_DEMO_DATA is not "empty". Otherwise it says what is there and changes nothing.
func (d *Desk) OpenDemo(ctx context.Context) (DemoData, error) {
	demoMu.Lock()
	defer demoMu.Unlock()
	st, err := d.DemoState(ctx)
	if err != nil || !st.Demo || st.State != DemoNone || d.Core.IsOffline() || strings.EqualFold(d.Core.Getenv(DemoDataVar), "empty") {
		return st, err
	}
	u, err := d.Workspaces.Usage(ctx, d.Core.Workspace().ID)
	if err != nil {
		return st, err
	}
	if u.GSTR2APulls+u.GSTR2BPulls+u.IMSDocuments+u.ReconRuns+u.PayrollRuns+u.TDSYearMonths > 0 {
		return st, nil // the person's own work in the demo: leave it as it is
	}
	return d.loadDemo(ctx)
}

// LoadDemo loads the demo figures into the demo workspace (the "Load the demo figures" button,
// gstdesk demo load). Loaded already, it changes nothing; after a clear it loads them again.
func (d *Desk) LoadDemo(ctx context.Context) (DemoData, error) {
	demoMu.Lock()
	defer demoMu.Unlock()
	st, err := d.demoOnly(ctx)
	if err != nil {
		return st, err
	}
	if st.State == DemoLoaded {
		return st, nil
	}
	return d.loadDemo(ctx)
}

// ClearDemo removes everything the demo workspace holds (the demo figures and whatever the person
// did there; its settings stay) and remembers it was cleared, so the next start opens it empty.
func (d *Desk) ClearDemo(ctx context.Context) (DemoData, error) {
	demoMu.Lock()
	defer demoMu.Unlock()
	st, err := d.demoOnly(ctx)
	if err != nil {
		return st, err
	}
	ws := d.Core.Workspace()
	if err := d.Core.DB.ClearWorkspace(ctx, ws.ID); err != nil {
		return st, apperr.Wrap(apperr.Internal, err, "could not clear the demo data")
	}
	if err := d.Core.DB.SetSetting(ctx, ws.ID, DemoDataKey, DemoCleared); err != nil {
		return st, err
	}
	return DemoData{Demo: true, State: DemoCleared}, nil
}

func notDemo(ws store.Workspace) error {
	return apperr.New(apperr.Conflict, "Workspace %q is not the built-in demo: its data is a client's own, and demo figures go only into the demo workspace. Open the demo workspace first.", ws.Name).
		WithHint(apperr.Hint{Window: "Open the demo workspace in Settings first.", Command: "Run: gstdesk workspace use \"" + store.DemoWorkspaceName + "\" first."})
}

// loadDemo signs in to the simulated portal and does what a person would do in a month's routine,
// through the same service methods: pull GSTR-2A and GSTR-2B of three months, read IMS, import a
// purchase register and reconcile it three-way, record a payroll month and run the year's payroll.
// demoMu is held.
func (d *Desk) loadDemo(ctx context.Context) (DemoData, error) {
	start := time.Now()
	out := DemoData{Demo: true, State: DemoLoaded, Loaded: true}
	ws := d.Core.Workspace()
	months := demoMonths(d.Core.Now())
	last := months[len(months)-1]
	out.Periods = period.Strings(months)
	from, to := months[0], months[len(months)-1]

	if err := d.Returns.RequestOTP(ctx, "demo", ""); err != nil {
		return out, err
	}
	if _, err := d.Returns.VerifyOTP(ctx, "demo", "", simulator.DefaultOTP); err != nil {
		return out, err
	}
	pulled, err := d.Returns.PullGSTR2A(ctx, returns.PullRequest{Periods: out.Periods}, false, nil)
	if err != nil {
		return out, err
	}
	n2a, inv := 0, 0
	for _, r := range pulled {
		if r.Status == "pulled" {
			n2a++
			inv += r.Invoices
		} else if r.Error != nil {
			out.Notes = append(out.Notes, fmt.Sprintf("GSTR-2A of %s: %s", period.LabelOf(r.Period), r.Error.Message))
		}
	}
	out.What = append(out.What, fmt.Sprintf("GSTR-2A of %d months (%d invoices)", n2a, inv))
	twoB, err := d.Returns.PullGSTR2B(ctx, months, false, nil)
	if err != nil {
		return out, err
	}
	n2b, docs := 0, 0
	for _, r := range twoB {
		if r.Status == "pulled" {
			n2b++
			docs += r.Documents
		} else {
			out.Notes = append(out.Notes, fmt.Sprintf("GSTR-2B of %s: %s", period.LabelOf(r.Period), r.Status))
		}
	}
	out.What = append(out.What, fmt.Sprintf("GSTR-2B of %d months (%d documents)", n2b, docs))
	view, err := d.Returns.IMSRefresh(ctx)
	if err != nil {
		return out, err
	}
	out.What = append(out.What, fmt.Sprintf("IMS: %d documents", len(view.Rows)))
	reg, err := d.Recon.SampleRegister(ctx, from, to)
	if err != nil {
		return out, err
	}
	run, err := d.Recon.Against2BToken(ctx, reg.Token, from, to)
	if err != nil {
		return out, err
	}
	out.What = append(out.What, fmt.Sprintf("a purchase register of %d invoices, reconciled against GSTR-2B and IMS (%d rows)", reg.Invoices, len(run.Rows)))
	if err := d.demoPayroll(ctx, last, &out); err != nil {
		return out, err
	}
	if err := d.Core.DB.SetSetting(ctx, ws.ID, demoPeriodsKey, strings.Join(out.Periods, ",")); err != nil {
		return out, err
	}
	if err := d.Core.DB.SetSetting(ctx, ws.ID, DemoDataKey, DemoLoaded); err != nil {
		return out, err
	}
	out.Millis = time.Since(start).Milliseconds()
	d.Core.Log.Info("demo figures loaded", "took_ms", out.Millis, "what", strings.Join(out.What, "; "))
	return out, nil
}

// demoMonths are the three GST months the demo holds, oldest first: up to the month before today
// (the IMS month), or the month before that until the 14th, when that month's GSTR-2B appears, so
// every month has its 2B.
func demoMonths(now time.Time) []period.Month {
	back := 1
	if now.Day() < 14 {
		back = 2
	}
	var out []period.Month
	for i := back + 2; i >= back; i-- {
		t := time.Date(now.Year(), now.Month()-time.Month(i), 1, 0, 0, 0, 0, time.UTC)
		out = append(out, period.MonthOf(t.Year(), t.Month()))
	}
	return out
}

// demoPayroll records the payroll of the IMS month for a made-up employer of the demo: its
// employer details and the month's salaries, whose TDS the register computes.
func (d *Desk) demoPayroll(ctx context.Context, m period.Month, out *DemoData) error {
	fy := m.FY()
	if _, err := d.Salary.TDSEmployerSet(ctx, fy, tdsyear.Employer{Name: "Demo Traders Pvt Ltd (demo)", TAN: "MUMD12345D",
		Address: "Demo address, Mumbai", Responsible: "Demo Signatory", Designation: "Director"}); err != nil {
		return err
	}
	// The demo's payroll files are imported the way a person's are: from a file on this computer.
	dir, err := os.MkdirTemp("", "gstdesk-demo-")
	if err != nil {
		return apperr.Wrap(apperr.Internal, err, "could not write the demo's payroll files")
	}
	defer os.RemoveAll(dir)
	monthFile := filepath.Join(dir, fmt.Sprintf("demo-payroll-%s.csv", m.String()))
	yearFile := filepath.Join(dir, fmt.Sprintf("demo-payroll-%s.csv", fy.String()[3:]))
	for path, body := range map[string]string{monthFile: demoPayrollFile(1), yearFile: demoPayrollFile(12)} {
		if err := os.WriteFile(path, []byte(body), 0o600); err != nil {
			return apperr.Wrap(apperr.Internal, err, "could not write the demo's payroll files")
		}
	}
	res, err := d.Salary.TDSMonthImportPath(ctx, fy, int(m.Month), monthFile, false)
	if err != nil {
		return err
	}
	out.What = append(out.What, fmt.Sprintf("the payroll of %s for %d employees, with its TDS, and the year's payroll run", res.MonthLabel, res.Employees))
	// The year's salaries as a payroll run: each employee's tax for the year, both regimes, with the
	// computation sheet.
	im, err := d.Salary.TDSImportPath(ctx, yearFile)
	if err != nil {
		return err
	}
	id, err := d.Salary.TDSStartRun(ctx, im.Token, fy, int(m.Month), false)
	if err != nil {
		return err
	}
	if _, err := d.Core.WaitJob(ctx, id); err != nil {
		return err
	}
	if _, err := d.Salary.TDSRunResult(id); err != nil {
		return err
	}
	return nil
}

// demoEmployees are the demo employer's made-up employees: code, name, PAN, regime ("" new),
// monthly salary 17(1), monthly perquisites 17(2), 80C and 80D for the year.
var demoEmployees = []struct {
	code, name, pan, regime string
	salary, perqs, c80, d80 int
}{
	{"D001", "Asha Rao (demo)", "ABCPR1234K", "", 140000, 0, 0, 0},
	{"D002", "Vikram Shah (demo)", "BCDPS2345L", "old", 200000, 5000, 150000, 25000},
	{"D003", "Meena Iyer (demo)", "CDEPI3456M", "", 60000, 0, 0, 0},
	{"D004", "Farah Khan (demo)", "EFGPK5678P", "", 95000, 0, 0, 0},
	{"D005", "Rahul Verma (demo)", "FGHPV6789Q", "", 180000, 0, 0, 0},
}

// demoPayroll is the demo employer's payroll file: a month's salaries (per 1), or the year's (per
// 12: a payroll run computes the year).
func demoPayrollFile(per int) string {
	var b strings.Builder
	b.WriteString("Emp code,Employee name,PAN,Regime,Basic salary 17(1),Perquisites 17(2),Professional tax,80C,80D,TDS deducted,One-off salary\n")
	for _, e := range demoEmployees {
		fmt.Fprintf(&b, "%s,%s,%s,%s,%d,%d,%d,%d,%d,,0\n", e.code, e.name, e.pan, e.regime, e.salary*per, e.perqs*per, 200*per, e.c80, e.d80)
	}
	return b.String()
}
