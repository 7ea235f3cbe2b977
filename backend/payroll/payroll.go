// Package payroll is salary TDS for a whole payroll: it imports employees from JSON workbooks,
// CSV or XLSX (header mapping, cell-by-cell validation, stated limits), computes both regimes for
// every employee with the tds engine, keeps each run in SQLite so it can be reopened and compared
// offline, checks employees against the remote calculator, and writes results, response
// workbooks and per-employee computation sheets.
package payroll

import (
	"gstdesk/backend/money"

	"fmt"
	"strconv"
	"strings"
	"time"

	"gstdesk/backend/tds"
	"gstdesk/backend/workbook"
)

// Progress reports how much of a long job is done.
type Progress func(done, total int)

// Format is the kind of a payroll file.
type Format string

// The payroll file formats.
const (
	JSON Format = "json"
	CSV  Format = "csv"
	XLSX Format = "xlsx"
)

// Limits bound what an import accepts, so a wrong or huge file is refused with a message instead
// of exhausting memory.
type Limits struct {
	MaxBytes     int64 // CSV and JSON files
	MaxXLSXBytes int64 // XLSX files (they are unzipped to read)
	MaxRows      int   // employees in one file
}

// DefaultLimits are the limits the app and the command line use: 256 MB of CSV or JSON, 64 MB of
// XLSX, 200,000 employees.
var DefaultLimits = Limits{MaxBytes: 256 << 20, MaxXLSXBytes: 64 << 20, MaxRows: 200_000}

// Identity says who an employee is; the import carries it through to every output.
type Identity struct {
	Name string `json:"name"`
	Code string `json:"employee_code"`
	PAN  string `json:"pan"`
}

// Carried is a column of the user's file that comes out of every output under the file's own
// header: an identifier (Key name, employee_code or pan: "employee_id" stays "employee_id") or a
// column gstdesk does not read (Key "": Department, Cost centre, Location), carried as text.
type Carried struct {
	Header string `json:"header"`
	Key    string `json:"key,omitempty"`
}

// Layout is the carried columns of a spreadsheet import in the file's order; every employee of
// the import shares it. A JSON import has none: its outputs name the identifiers by their keys.
type Layout []Carried

// Extras counts the carried columns that are not identifiers.
func (l Layout) Extras() int {
	n := 0
	for _, c := range l {
		if c.Key == "" {
			n++
		}
	}
	return n
}

// title is the column's header in an output: the file's own, or for a JSON import the key.
func (c Carried) title() string {
	if c.Header != "" {
		return c.Header
	}
	return c.Key
}

// Employee is one imported employee: where it came from, who it is and the workbook input.
type Employee struct {
	// Row is the spreadsheet row (the header is row 1) or, for JSON, the workbook's position.
	Row int
	ID  Identity
	// Layout is the import's carried columns (shared, not copied); Extra holds this employee's
	// text of those whose Key is "", in order.
	Layout Layout
	Extra  []string
	// Deducted is the TDS this employer has already deducted this year (tds_deducted_so_far);
	// DeductedKnown says the file gave it (a blank cell or no column is not 0 deducted).
	Deducted      money.Paise
	DeductedKnown bool
	// Regime is the regime the employee chose; "" means the year's default (ChosenRegime).
	Regime tds.Regime
	// Own is the employee's text of the caller's own columns (Options.Own), in order.
	Own   []string
	Input tds.Input
	// Items are the workbook items exactly as given (JSON input); nil for spreadsheet rows,
	// whose items are built from Input by WorkbookItems.
	Items []workbook.Item
}

// Label names the employee in a message: "row 7 (EMP001, Asha Rao)" or "workbook 3".
func (e *Employee) Label(f Format) string {
	var b strings.Builder
	if f == JSON {
		b.WriteString("workbook ")
	} else {
		b.WriteString("row ")
	}
	b.WriteString(strconv.Itoa(e.Row))
	var who []string
	for _, s := range []string{e.ID.Code, e.ID.Name} {
		if s != "" {
			who = append(who, s)
		}
	}
	if len(who) > 0 {
		b.WriteString(" (" + strings.Join(who, ", ") + ")")
	}
	return b.String()
}

// Carried returns the employee's text of each of the layout's columns, in order.
func (e *Employee) Carried() []string {
	out := make([]string, len(e.Layout))
	x := 0
	for i, c := range e.Layout {
		if c.Key != "" {
			out[i] = e.ID.get(c.Key)
			continue
		}
		if x < len(e.Extra) {
			out[i] = e.Extra[x]
		}
		x++
	}
	return out
}

// WorkbookItems are the employee's workbook items: as given for a JSON workbook, otherwise all
// 46 items in the order of interface.md 2.8 with amounts written as plain decimals.
func (e *Employee) WorkbookItems() []workbook.Item {
	if e.Items != nil {
		return e.Items
	}
	return ItemsOf(e.Input)
}

// ItemsOf writes an input as the 46 workbook items in order, amounts as plain decimal numbers.
func ItemsOf(in tds.Input) []workbook.Item {
	out := make([]workbook.Item, 0, 2+int(tds.NumFields))
	out = append(out, workbook.Item{Key: tds.KeyPANStatus, Value: in.PANStatus}, workbook.Item{Key: tds.KeyEmployeeCategory, Value: in.Category.String()})
	for f := tds.Field(0); f < tds.NumFields; f++ {
		out = append(out, workbook.Item{Key: f.Key(), Value: decimalNumber(in.Amounts[f])})
	}
	return out
}

// RequestWorkbook is the body of operation 4.8 for the employee: the input sheet only.
func (e *Employee) RequestWorkbook() workbook.Workbook {
	return workbook.Workbook{Name: workbook.WorkbookName, Entity: workbook.EntityWorkbook,
		Sheets: []workbook.Sheet{{Name: workbook.InputSheet, Entity: workbook.EntityList, Items: e.WorkbookItems()}}}
}

// CarriedSheet names the sheet a response workbook gains for an employee of a spreadsheet: the
// file's identifier and other columns under its own headers, as text.
const CarriedSheet = "employee_details_list"

// Response is the employee's answer as the remote calculator returns it (4.8's data); an
// employee read from a spreadsheet gets a further sheet, CarriedSheet, with the file's carried
// columns, so the output still says whose answer it is.
func (e *Employee) Response(res tds.Result) workbook.Workbook {
	w := workbook.Response(e.WorkbookItems(), res)
	if len(e.Layout) > 0 {
		items := make([]workbook.Item, len(e.Layout))
		for i, v := range e.Carried() {
			items[i] = workbook.Item{Key: e.Layout[i].Header, Value: v}
		}
		w.Sheets = append(w.Sheets, workbook.Sheet{Name: CarriedSheet, Entity: workbook.EntityList, Items: items})
	}
	return w
}

// decimalNumber writes paise as a JSON number of rupees: 1285000, 1450000.5, -2000.25.
func decimalNumber(p money.Paise) any {
	return jsonNumber(p.AppendNumber(nil))
}

// Problem is one thing wrong in an import: a cell, a row or a workbook.
type Problem struct {
	File    string `json:"file"`
	Sheet   string `json:"sheet,omitempty"`
	Row     int    `json:"row"`              // spreadsheet row or workbook number; 0 for the file
	Column  string `json:"column,omitempty"` // spreadsheet letter
	Header  string `json:"header,omitempty"` // the column's header in the file
	Value   string `json:"value,omitempty"`  // the bad value, as found
	Message string `json:"message"`          // what was expected
}

// String writes the problem for a person: "pay.xlsx, sheet employees, row 7, column D (80C):
// "abc": expected ...".
func (p Problem) String() string {
	var b strings.Builder
	b.WriteString(p.File)
	if p.Sheet != "" {
		b.WriteString(", sheet " + p.Sheet)
	}
	if p.Row > 0 {
		if p.Sheet == "" && p.Column == "" && strings.HasSuffix(strings.ToLower(p.File), ".json") {
			fmt.Fprintf(&b, ", workbook %d", p.Row)
		} else {
			fmt.Fprintf(&b, ", row %d", p.Row)
		}
	}
	if p.Column != "" {
		b.WriteString(", column " + p.Column)
		if p.Header != "" {
			b.WriteString(" (" + p.Header + ")")
		}
	}
	b.WriteString(": ")
	if p.Value != "" {
		b.WriteString(strconv.Quote(p.Value) + ": ")
	}
	b.WriteString(p.Message)
	return b.String()
}

// ChosenRegime is the regime the employee's TDS follows: the one chosen, else the year's default
// (the new regime from FY 2023-24 unless the employee opted out). The recommendation never
// decides it: it is advice.
func (e *Employee) ChosenRegime(fy tds.FY) tds.Regime {
	if e.Regime != "" {
		return e.Regime
	}
	return tds.DefaultRegime(fy)
}

// Month is the TDS of one month of a run in the chosen regime.
type Month struct {
	Amount int64 // rupees to deduct this month
	// Over is the TDS deducted so far beyond the year's TDS: nothing is left to deduct, and the
	// excess is named rather than shown as a plain 0.
	Over int64
	// Unknown says the amount cannot be told: a month after April with no TDS deducted so far
	// given. Spreading the year's TDS over the months left as if nothing had been deducted would
	// be a plausible wrong figure, so none is given.
	Unknown bool
}

// monthly is the TDS to deduct in month (nothing when no month is given) in the chosen regime.
func monthly(res tds.Result, e *Employee, fy tds.FY, month time.Month) Month {
	if month < time.January || month > time.December {
		return Month{}
	}
	if !e.DeductedKnown && month != time.April {
		return Month{Unknown: true}
	}
	annual := res.Regime(e.ChosenRegime(fy)).TDSOnSalary
	d := e.Deducted.WholeRupees()
	s, err := tds.MonthlySchedule(annual, d, month)
	if err != nil || len(s) == 0 {
		return Month{}
	}
	return Month{Amount: s[0].Amount, Over: max(0, d-annual)}
}
