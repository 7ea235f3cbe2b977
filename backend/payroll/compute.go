package payroll

import (
	"gstdesk/backend/money"

	"bufio"
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"gstdesk/backend/apperr"
	"gstdesk/backend/export"
	"gstdesk/backend/tds"
)

// chunk is how many employees are computed between progress reports and cancellation checks.
const chunk = 2048

// Compute computes both regimes for every employee for fy; results[i] belongs to emps[i]. It
// reports progress after every chunk and stops when ctx is cancelled.
func Compute(ctx context.Context, emps []Employee, fy tds.FY, progress Progress) ([]tds.Result, error) {
	if _, ok := tds.RulesFor(fy); !ok {
		return nil, apperr.New(apperr.Invalid, "%s is not supported: use one of %s.", fy, tds.SupportedList())
	}
	out := make([]tds.Result, len(emps))
	for i := range emps {
		if i%chunk == 0 {
			if err := ctx.Err(); err != nil {
				return nil, apperr.Wrap(apperr.Canceled, err, "The payroll run was cancelled.")
			}
			if progress != nil && i > 0 {
				progress(i, len(emps))
			}
		}
		r, err := computeOne(&emps[i], i+1, fy)
		if err != nil {
			return nil, err
		}
		out[i] = r
	}
	if progress != nil {
		progress(len(emps), len(emps))
	}
	return out, nil
}

// computeOne computes both regimes of the n-th employee (1-based) for fy, an error naming them.
func computeOne(e *Employee, n int, fy tds.FY) (tds.Result, error) {
	r, err := tds.Compute(e.Input, fy)
	if err != nil {
		return r, apperr.Wrap(apperr.Invalid, err, "employee %d (row %d): %s", n, e.Row, reason(err))
	}
	return r, nil
}

// resultKeys are the five figures of each regime, in workbook order, with their titles.
var resultKeys = []struct{ key, title string }{
	{"income_tax_payable", "income tax payable"}, {"surcharge", "surcharge"},
	{"health_and_education_cess", "health and education cess"}, {"tds_on_salary", "TDS on salary"},
	{"relief_us_87_a", "relief u/s 87A"},
}

// idKeys are the identifier columns, in output order.
var idKeys = []string{ColCode, ColName, ColPAN}

func (id Identity) get(key string) string {
	switch key {
	case ColName:
		return id.Name
	case ColCode:
		return id.Code
	case ColPAN:
		return id.PAN
	}
	return ""
}

// carriedColumns are the columns an output starts with: the import's layout (the file's
// identifier and other columns under its own headers, in its order) when it has one, otherwise
// the identifier columns any employee has a value for, under their keys.
func carriedColumns(emps []Employee) (cols Layout, deducted bool) {
	var has [3]bool
	for i := range emps {
		for k, key := range idKeys {
			has[k] = has[k] || emps[i].ID.get(key) != ""
		}
		deducted = deducted || emps[i].Deducted != 0
	}
	if len(emps) > 0 && emps[0].Layout != nil {
		return emps[0].Layout, deducted
	}
	for k, key := range idKeys {
		if has[k] {
			cols = append(cols, Carried{Key: key})
		}
	}
	return cols, deducted
}

// FullTable is one row per employee with the identifier columns any employee has, every input
// item (in the order of interface.md 2.8), the TDS deducted so far when any employee has it,
// both regimes' five figures (new_..., old_...), recommended_regime and saving. Column titles
// are the keys, so the sheet can be imported again as it is.
func FullTable(emps []Employee, results []tds.Result) export.Table {
	carried, deducted := carriedColumns(emps)
	t := export.Table{Name: "tds_on_salary", Columns: fullColumns(carried, deducted)}
	t.Rows = make([][]any, len(emps))
	for i := range emps {
		e, r := &emps[i], &results[i]
		row := make([]any, 0, len(t.Columns))
		for _, v := range e.carriedCells(carried) {
			row = append(row, v)
		}
		row = append(row, e.Input.PANStatus, e.Input.Category.String())
		for _, p := range e.Input.Amounts {
			row = append(row, cellAmount(p))
		}
		if deducted {
			row = append(row, cellAmount(e.Deducted))
		}
		for _, f := range []tds.Figures{r.New.Figures, r.Old.Figures} {
			row = append(row, f.IncomeTaxPayable, f.Surcharge, f.Cess, f.TDSOnSalary, f.Relief87A)
		}
		row = append(row, string(r.Recommended), r.Saving)
		t.Rows[i] = row
	}
	return t
}

// carriedCells are the employee's texts of the carried columns cols.
func (e *Employee) carriedCells(cols Layout) []string {
	if e.Layout != nil {
		return e.Carried()
	}
	out := make([]string, len(cols))
	for i, c := range cols {
		out[i] = e.ID.get(c.Key)
	}
	return out
}

// fullColumns are FullTable's columns.
func fullColumns(carried Layout, deducted bool) []export.Column {
	var cs []export.Column
	for _, c := range carried {
		cs = append(cs, export.Column{Key: c.title(), Title: c.title(), Kind: export.Text})
	}
	cs = append(cs,
		export.Column{Key: tds.KeyPANStatus, Title: tds.KeyPANStatus, Kind: export.Text},
		export.Column{Key: tds.KeyEmployeeCategory, Title: tds.KeyEmployeeCategory, Kind: export.Text})
	for f := tds.Field(0); f < tds.NumFields; f++ {
		cs = append(cs, export.Column{Key: f.Key(), Title: f.Key(), Kind: export.Money})
	}
	if deducted {
		cs = append(cs, export.Column{Key: ColDeducted, Title: ColDeducted, Kind: export.Money})
	}
	for _, g := range []string{"new_", "old_"} {
		for _, c := range resultKeys {
			cs = append(cs, export.Column{Key: g + c.key, Title: g + c.key, Kind: export.Money})
		}
	}
	return append(cs,
		export.Column{Key: "recommended_regime", Title: "recommended_regime", Kind: export.Text},
		export.Column{Key: "saving", Title: "saving", Kind: export.Money})
}

// cellAmount is an amount as a cell: whole rupees as an integer, otherwise rupees with paise.
func cellAmount(p money.Paise) any {
	if p%100 == 0 {
		return int64(p / 100)
	}
	return float64(p) / 100
}

// Totals sums a payroll's figures.
type Totals struct {
	Employees   int   `json:"employees"`
	NewCount    int   `json:"new_count"` // employees better off in the new regime
	OldCount    int   `json:"old_count"`
	NewTax      int64 `json:"new_tax"`         // total liability if everyone took the new regime
	OldTax      int64 `json:"old_tax"`         // ... the old regime
	Recommended int64 `json:"recommended_tax"` // liability with each employee's recommended regime
	Saving      int64 `json:"saving"`          // total saving of the recommendations
	TDS         int64 `json:"tds"`             // TDS on salary for the year, recommended regimes
	Deducted    int64 `json:"deducted"`        // TDS deducted so far
	Monthly     int64 `json:"monthly"`         // this month's TDS, chosen regimes
	// OverDeducted sums the TDS deducted beyond the year's; MonthlyUnknown counts the employees
	// whose month's TDS cannot be told (no TDS deducted so far given).
	OverDeducted   int64 `json:"over_deducted"`
	MonthlyUnknown int   `json:"monthly_unknown"`
}

func (t *Totals) add(r *tds.Result, deducted int64, m Month) {
	t.Employees++
	if r.Recommended == tds.OldRegime {
		t.OldCount++
	} else {
		t.NewCount++
	}
	rec := r.Regime(r.Recommended)
	t.NewTax += r.New.Liability
	t.OldTax += r.Old.Liability
	t.Recommended += rec.Liability
	t.Saving += r.Saving
	t.TDS += rec.TDSOnSalary
	t.Deducted += deducted
	t.Monthly += m.Amount
	t.OverDeducted += m.Over
	if m.Unknown {
		t.MonthlyUnknown++
	}
}

// Describe writes the totals for a terminal.
func (t Totals) Describe() string {
	return fmt.Sprintf("%d employees: %d better off in the new regime, %d in the old; tax %s (new for all %s, old for all %s); saving %s",
		t.Employees, t.NewCount, t.OldCount, tds.FormatRupees(t.Recommended), tds.FormatRupees(t.NewTax), tds.FormatRupees(t.OldTax), tds.FormatRupees(t.Saving))
}

// WriteFullCSV writes FullTable(emps, results) as export.Write would write it in CSV (a BOM, the
// keys as header), without building the table: the batch command's fast path for big payrolls.
func WriteFullCSV(w io.Writer, emps []Employee, results []tds.Result) error {
	carried, deducted := carriedColumns(emps)
	bw := bufio.NewWriterSize(w, 1<<16)
	bw.WriteString("\ufeff")
	buf := make([]byte, 0, 1024)
	for i, c := range fullColumns(carried, deducted) {
		if i > 0 {
			buf = append(buf, ',')
		}
		buf = appendCSVField(buf, c.Key)
	}
	buf = append(buf, '\n')
	bw.Write(buf)
	for i := range emps {
		e, r := &emps[i], &results[i]
		buf = buf[:0]
		for _, v := range e.carriedCells(carried) {
			buf = appendCSVField(buf, v)
			buf = append(buf, ',')
		}
		buf = appendCSVField(buf, e.Input.PANStatus)
		buf = append(buf, ',')
		buf = append(buf, e.Input.Category.String()...)
		for _, p := range e.Input.Amounts {
			buf = append(buf, ',')
			buf = p.AppendNumber(buf)
		}
		if deducted {
			buf = append(buf, ',')
			buf = e.Deducted.AppendNumber(buf)
		}
		for _, f := range []*tds.Figures{&r.New.Figures, &r.Old.Figures} {
			for _, v := range []int64{f.IncomeTaxPayable, f.Surcharge, f.Cess, f.TDSOnSalary, f.Relief87A} {
				buf = append(buf, ',')
				buf = strconv.AppendInt(buf, v, 10)
			}
		}
		buf = append(buf, ',')
		buf = append(buf, r.Recommended...)
		buf = append(buf, ',')
		buf = strconv.AppendInt(buf, r.Saving, 10)
		buf = append(buf, '\n')
		if _, err := bw.Write(buf); err != nil {
			return fmt.Errorf("payroll: csv: %w", err)
		}
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("payroll: csv: %w", err)
	}
	return nil
}

// appendCSVField quotes a text field the way encoding/csv does, neutralised by export.SafeCell.
func appendCSVField(b []byte, s string) []byte {
	s = export.SafeCell(s)
	need := s == `\.`
	if !need && s != "" {
		r, _ := utf8.DecodeRuneInString(s)
		need = strings.ContainsAny(s, ",\"\r\n") || unicode.IsSpace(r)
	}
	if !need {
		return append(b, s...)
	}
	b = append(b, '"')
	for i := 0; i < len(s); i++ {
		if s[i] == '"' {
			b = append(b, '"')
		}
		b = append(b, s[i])
	}
	return append(b, '"')
}
