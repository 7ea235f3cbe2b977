package payroll

import (
	"fmt"
	"html/template"
	"io"
	"time"

	"github.com/xuri/excelize/v2"

	"gstdesk/backend/export"
	"gstdesk/backend/tds"
)

// Sheet is one employee's computation sheet: both regimes line by line, the recommendation and
// the monthly schedule for the rest of the year.
type Sheet struct {
	Employee    Identity        `json:"employee"`
	Row         int             `json:"row"`
	FY          string          `json:"fy"`
	Month       int             `json:"month"` // the schedule starts here (April when the run has no month)
	Explanation tds.Explanation `json:"explanation"`
	Deducted    int64           `json:"deducted"` // rupees
	// Regime is the regime the employee chose (or the year's default), which the schedule follows.
	Regime   tds.Regime       `json:"regime"`
	Schedule []tds.Instalment `json:"schedule"`
	// OverDeducted is TDS deducted so far beyond the year's TDS in the chosen regime, rupees.
	OverDeducted int64 `json:"over_deducted"`
	// ScheduleNote says why there is no schedule, or that the year's TDS is already exceeded.
	ScheduleNote string `json:"schedule_note"`
}

// Explain builds an employee's computation sheet for fy; month (1-12) starts the schedule, 0
// means the whole year from April.
func Explain(e Employee, fy tds.FY, month int) (Sheet, error) {
	ex, err := tds.Explain(e.Input, fy)
	if err != nil {
		return Sheet{}, err
	}
	if month < 1 || month > 12 {
		month = int(time.April)
	}
	s := Sheet{Employee: e.ID, Row: e.Row, FY: tds.YearLabel(fy), Month: month, Explanation: ex, Deducted: e.Deducted.WholeRupees(), Regime: e.ChosenRegime(fy)}
	if !e.DeductedKnown && time.Month(month) != time.April {
		s.Schedule = []tds.Instalment{}
		s.ScheduleNote = "The file gives no \"TDS deducted so far\" for this employee, so the TDS for " + time.Month(month).String() +
			" cannot be told: spreading the year's TDS over the months left as if nothing had been deducted would overstate it. Fill in the \"TDS deducted so far\" column (the TDS deducted this year before " + time.Month(month).String() +
			") and import the file again, or record each month in \"TDS year, month by month\"."
		return s, nil
	}
	annual := ex.Regime(s.Regime).TDSOnSalary
	s.Schedule, err = tds.MonthlySchedule(annual, s.Deducted, time.Month(month))
	if err != nil {
		return Sheet{}, err
	}
	if s.Deducted > annual {
		s.OverDeducted = s.Deducted - annual
		s.ScheduleNote = "Over-deducted: " + tds.FormatRupees(s.Deducted) + " deducted so far is " + tds.FormatRupees(s.OverDeducted) +
			" more than the year's TDS of " + tds.FormatRupees(annual) + " in the " + string(s.Regime) + " regime; nothing is left to deduct."
	}
	return s, nil
}

// Title names the sheet: "Asha Rao (EMP001), FY 2025-26".
func (s Sheet) Title() string {
	who := s.Employee.Name
	if who == "" {
		who = fmt.Sprintf("Employee at row %d", s.Row)
	}
	if s.Employee.Code != "" {
		who += " (" + s.Employee.Code + ")"
	}
	return who + ", " + s.FY
}

var sheetHTML = template.Must(template.New("sheet").Funcs(template.FuncMap{
	"rupees": tds.FormatRupees,
	"month":  func(m time.Month) string { return m.String()[:3] },
	"regime": func(r tds.Regime) string {
		if r == tds.OldRegime {
			return "old regime"
		}
		return "new regime"
	},
}).Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>TDS computation: {{.Title}}</title>
<style>
body{font:12px/1.4 system-ui,sans-serif;margin:16px;color:#111}
h1{font-size:16px;margin:0 0 4px}
.meta{color:#555;margin-bottom:12px}
.cols{display:grid;grid-template-columns:1fr 1fr;gap:16px}
table{border-collapse:collapse;width:100%}
th,td{border-bottom:1px solid #ddd;padding:3px 6px;text-align:left;vertical-align:top}
td.num,th.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
.sec{color:#555;white-space:nowrap}.note{color:#777;font-size:11px}
.best{outline:2px solid #2a7d2a}
.rec{margin:12px 0;font-weight:600}
@media print{body{margin:0}.cols{gap:8px}}
</style></head><body>
<h1>TDS on salary: {{.Title}}</h1>
<div class="meta">{{with .Employee.PAN}}PAN {{.}} · {{end}}computed by gstdesk on this computer, both regimes, {{.FY}}</div>
<div class="rec">Recommended: the {{regime .Explanation.Recommended}}, saving ₹{{rupees .Explanation.Saving}} for the year.{{if .Explanation.BreakEvenOK}} The old regime would cost no more with ₹{{rupees .Explanation.BreakEven}} more of deductions.{{end}}</div>
<div class="cols">
{{range $i, $g := .Regimes}}<section{{if $g.Best}} class="best"{{end}}><h2>{{$g.Title}}</h2>
<table><thead><tr><th>Item</th><th class="num">₹</th><th>Section</th></tr></thead><tbody>
{{range $g.Lines}}<tr><td>{{.Label}}{{with .Note}}<div class="note">{{.}}</div>{{end}}</td><td class="num">{{.Amount}}</td><td class="sec">{{.Section}}</td></tr>
{{end}}</tbody></table></section>
{{end}}</div>
<h2>Monthly TDS ({{regime .Regime}}, the regime chosen)</h2>
<p class="meta">TDS deducted so far: ₹{{rupees .Deducted}}</p>
{{with .ScheduleNote}}<p class="rec">{{.}}</p>{{end}}
<table style="width:auto"><thead><tr>{{range .Schedule}}<th class="num">{{month .Month}}</th>{{end}}</tr></thead>
<tbody><tr>{{range .Schedule}}<td class="num">{{rupees .Amount}}</td>{{end}}</tr></tbody></table>
</body></html>
`))

type regimeView struct {
	Title string
	Lines []tds.Line
	Best  bool
}

// Regimes are the two computation columns, new first, for the printable sheet.
func (s Sheet) Regimes() []regimeView {
	return []regimeView{
		{"New regime", s.Explanation.NewLines, s.Explanation.Recommended == tds.NewRegime},
		{"Old regime", s.Explanation.OldLines, s.Explanation.Recommended == tds.OldRegime},
	}
}

// WriteHTML writes the sheet as a printable HTML page to hand to the employee.
func (s Sheet) WriteHTML(w io.Writer) error {
	if err := sheetHTML.Execute(w, s); err != nil {
		return fmt.Errorf("payroll: computation sheet: %w", err)
	}
	return nil
}

// WriteXLSX writes the sheet as an Excel workbook: both regimes side by side, then the schedule.
func (s Sheet) WriteXLSX(w io.Writer) error {
	f := excelize.NewFile()
	defer f.Close()
	const sh = "computation"
	f.SetSheetName("Sheet1", sh)
	bold, _ := f.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true}})
	money, _ := f.NewStyle(&excelize.Style{CustomNumFmt: ptr(export.IndianMoneyFormat)})
	f.SetCellStr(sh, "A1", "TDS on salary: "+s.Title())
	f.SetCellStyle(sh, "A1", "A1", bold)
	rec := fmt.Sprintf("Recommended: the %s regime, saving %s", s.Explanation.Recommended, tds.FormatRupees(s.Explanation.Saving))
	f.SetCellStr(sh, "A2", rec)
	for i, g := range s.Regimes() {
		c0 := i * 5
		cell := func(c, r int) string { n, _ := excelize.CoordinatesToCellName(c0+c, r); return n }
		f.SetCellStr(sh, cell(1, 4), g.Title)
		f.SetCellStyle(sh, cell(1, 4), cell(1, 4), bold)
		for j, h := range []string{"Item", "₹", "Section", "Note"} {
			f.SetCellStr(sh, cell(j+1, 5), h)
		}
		f.SetCellStyle(sh, cell(1, 5), cell(4, 5), bold)
		for k, l := range g.Lines {
			r := 6 + k
			f.SetCellStr(sh, cell(1, r), l.Label)
			f.SetCellValue(sh, cell(2, r), float64(l.Amount)/100)
			f.SetCellStyle(sh, cell(2, r), cell(2, r), money)
			f.SetCellStr(sh, cell(3, r), l.Section)
			f.SetCellStr(sh, cell(4, r), l.Note)
		}
		col := func(c int) string { return ColumnName(c0 + c - 1) }
		f.SetColWidth(sh, col(1), col(1), 48)
		f.SetColWidth(sh, col(2), col(2), 16)
		f.SetColWidth(sh, col(3), col(3), 14)
		f.SetColWidth(sh, col(4), col(4), 30)
	}
	r := 8 + max(len(s.Explanation.NewLines), len(s.Explanation.OldLines))
	f.SetCellStr(sh, fmt.Sprintf("A%d", r), "Monthly TDS ("+string(s.Regime)+" regime, the regime chosen); deducted so far "+tds.FormatRupees(s.Deducted))
	if s.ScheduleNote != "" {
		r++
		f.SetCellStr(sh, fmt.Sprintf("A%d", r), s.ScheduleNote)
	}
	f.SetCellStyle(sh, fmt.Sprintf("A%d", r), fmt.Sprintf("A%d", r), bold)
	for i, in := range s.Schedule {
		f.SetCellStr(sh, fmt.Sprintf("A%d", r+1+i), in.Month.String())
		c := fmt.Sprintf("B%d", r+1+i)
		f.SetCellValue(sh, c, in.Amount)
		f.SetCellStyle(sh, c, c, money)
	}
	if _, err := f.WriteTo(w); err != nil {
		return fmt.Errorf("payroll: computation sheet: %w", err)
	}
	return nil
}
