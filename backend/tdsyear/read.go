package tdsyear

import (
	"fmt"
	"strings"
	"time"

	"gstdesk/backend/money"
	"gstdesk/backend/payroll"
	"gstdesk/backend/tds"
)

// Keys of the columns a month file has besides the payroll template's.
const (
	ColDeducted = "tds_deducted"    // TDS deducted in the month, whole rupees
	ColOneOff   = "one_off_salary"  // salary u/s 17(1) paid once (bonus, arrears); negative a recovery
	ColJoined   = "date_of_joining" // DD/MM/YYYY (or an Excel date)
	ColLeft     = "date_of_leaving" // DD/MM/YYYY (or an Excel date)
	// The HRA helper's columns, amounts of the month: the exemption is worked out from them.
	ColRent        = "rent_paid"
	ColHRAReceived = "hra_received"
	ColBasicDA     = "basic_da" // salary for the HRA rule: basic + DA
	ColCity        = "city"
)

// Columns are the month file's own columns, read with payroll.Read beside the template's.
var Columns = []payroll.OwnColumn{
	{Key: ColDeducted, Title: "TDS deducted", Aliases: []string{"tds deducted this month", "tds this month", "tds deducted in the month", "tds"}},
	{Key: ColOneOff, Title: "One-off salary", Aliases: []string{"bonus", "arrears", "one off", "one-off", "bonus arrears", "incentive", "one off salary 17(1)"}},
	{Key: ColJoined, Title: "Date of joining", Aliases: []string{"doj", "joining date", "joined on", "date joined"}, Date: true},
	{Key: ColLeft, Title: "Date of leaving", Aliases: []string{"dol", "leaving date", "left on", "date of exit", "exit date", "date left"}, Date: true},
	{Key: ColRent, Title: "Rent paid", Aliases: []string{"rent", "rent paid in the month", "monthly rent"}},
	{Key: ColHRAReceived, Title: "HRA received", Aliases: []string{"hra paid", "house rent allowance received", "hra allowance"}},
	{Key: ColBasicDA, Title: "Basic + DA", Aliases: []string{"basic and da", "basic da", "basic plus da", "salary for hra"}},
	{Key: ColCity, Title: "City", Aliases: []string{"city of residence", "place of residence", "residence city"}},
}

// ColumnHelp describes the month file for a person: what each column means.
var ColumnHelp = strings.Join([]string{
	"A month file has one row per employee paid in the month, with the payroll template's headers",
	"('gstdesk tds template'): employee_code (required, the key across months), name, pan,",
	"employee_category, pan_status, regime (new or old; blank: new unless the employee opted out),",
	"the amounts PAID IN THE MONTH for salary u/s 17(1), perquisites 17(2), profits in lieu 17(3),",
	"entertainment allowance and professional tax, and the employee's latest declarations for the",
	"year for every other item (Chapter VI-A, exemptions, house property, other income, previous",
	"employer's salary and TDS); a declaration with no column keeps last month's. Further columns:",
	"  tds_deducted     TDS actually deducted in the month, whole rupees (blank: not yet deducted;",
	"                   gstdesk's figure counts as deducted for the later months)",
	"  one_off_salary   salary paid once this month (bonus, arrears), not repeated in the projection;",
	"                   negative for a recovery of salary paid earlier in the year",
	"  date_of_joining, date_of_leaving   DD/MM/YYYY",
	"  rent_paid, hra_received, basic_da, city   the month's rent, HRA and basic + DA, and the city lived",
	"                   in: the HRA exemption (the least of the three; 50% of salary in the year's listed",
	"                   cities) is worked out for the month and projected like the amounts paid (the",
	"                   earlier months' exemptions as recorded, this month's for each month left),",
	"                   instead of a house_rent_allowance_us_10_13_a column; a month without them keeps",
	"                   the last month's",
}, "\n")

// Row is one employee's month as a file gives it.
type Row struct {
	SourceRow int
	Code      string
	Name      string
	PAN       string
	Joined    string // YYYY-MM-DD or ""
	Left      string
	Regime    tds.Regime // "" for the year's default
	Paid      Amounts
	// Declarations is the workbook input with the Paid items 0.
	Declarations tds.Input
	// Deducted is the TDS deducted in the month, rupees; nil when the file does not say.
	Deducted *int64
	// HRA is the month's figures for the HRA helper; nil when the file does not give them.
	HRA *HRAInput
}

// HRAInput is what the HRA exemption is worked out from (tds.HRAExemption), amounts of a month.
type HRAInput struct {
	Rent, Salary, Received money.Paise
	City                   string
}

// Problem is one thing wrong with a month file (payroll.Problem, the same shape as every import).
type Problem = payroll.Problem

// Keep says what a month file has no column for, which keeps the employee's earlier declaration.
type Keep struct {
	Fields    []tds.Field
	PANStatus bool
	Category  bool
	// HRA: the file has no house_rent_allowance_us_10_13_a column, so a month without the HRA
	// helper's figures keeps the last month's HRA exemption.
	HRA bool
}

// ReadMonth turns an import of a month file into rows. Every problem is returned; the rows are
// meant to be stored only when there is none.
func ReadMonth(im *payroll.Import) (rows []Row, keep Keep, problems []Problem) {
	rows = make([]Row, 0, len(im.Employees))
	keep, problems = eachRow(im, func(h *rowHead) {
		rows = append(rows, Row{SourceRow: h.SourceRow, Code: h.Code, Name: h.Name, PAN: h.PAN, Joined: h.Joined, Left: h.Left, Regime: h.Regime,
			Paid: h.Paid, Declarations: h.declarations(im), Deducted: h.Deducted, HRA: h.HRA})
	})
	return rows, keep, problems
}

// rowHead is a Row without its declarations, which stay in the import (Employees[emp]) until the
// row is recorded: a month of 100,000 employees holds them once, not twice.
type rowHead struct {
	SourceRow                     int
	Code, Name, PAN, Joined, Left string
	Regime                        tds.Regime
	Paid                          Amounts
	Deducted                      *int64
	HRA                           *HRAInput
	emp                           int
}

// declarations is the row's workbook input with the Paid items 0 (Row.Declarations).
func (h *rowHead) declarations(im *payroll.Import) tds.Input {
	in := im.Employees[h.emp].Input
	for _, f := range Paid {
		in.Amounts[f] = 0
	}
	return in
}

// eachRow reads an import of a month file, row by row: each good row goes to fn (h is reused).
func eachRow(im *payroll.Import, fn func(h *rowHead)) (keep Keep, problems []Problem) {
	mr, problems := newMonthReader(im)
	if mr == nil {
		return keep, hinted(problems)
	}
	return mr.keep, hinted(append(problems, mr.each(fn)...))
}

// monthReader reads the rows of a month file's import.
type monthReader struct {
	im           *payroll.Import
	keep         Keep
	col          map[string]string // own key to its column letter
	hasHRAColumn bool
}

// newMonthReader checks a month file's columns; nil when the rows cannot be read (no code).
func newMonthReader(im *payroll.Import) (mr *monthReader, problems []Problem) {
	var keep Keep
	problems = append(problems, im.Problems...)
	for _, m := range im.Columns {
		if m.Key == payroll.ColDeducted {
			problems = append(problems, Problem{File: im.File, Sheet: im.Sheet, Row: 1, Column: m.Column, Header: m.Header,
				Message: "a month file gives " + ColDeducted + ", the TDS deducted in this month; " + payroll.ColDeducted + " (the year so far) is worked out from the months recorded: rename the column or remove it"})
		}
	}
	hasCode := false
	for _, m := range im.Columns {
		hasCode = hasCode || m.Key == payroll.ColCode
	}
	if !hasCode {
		problems = append(problems, Problem{File: im.File, Sheet: im.Sheet, Row: 1,
			Message: "no employee_code column: a month file needs each employee's code, which ties the months of the year together"})
		return nil, problems
	}
	for _, k := range im.Missing {
		switch k {
		case tds.KeyPANStatus:
			keep.PANStatus = true
		case tds.KeyEmployeeCategory:
			keep.Category = true
		}
		if f, ok := tds.FieldByKey(k); ok && !isPaid(f) && f != tds.StandardDeduction16ia {
			keep.Fields = append(keep.Fields, f)
		}
	}
	hasHRAColumn := true
	for _, k := range im.Missing {
		hasHRAColumn = hasHRAColumn && k != tds.HRA10_13A.Key()
	}
	keep.HRA = !hasHRAColumn
	col := map[string]string{} // own key to its column letter
	for _, m := range im.Columns {
		if m.How == "own" {
			col[m.Key] = m.Column
		}
	}
	return &monthReader{im: im, keep: keep, col: col, hasHRAColumn: hasHRAColumn}, problems
}

// each reads every row: each good one goes to fn (h is reused). One person each (a code or a PAN
// given twice) is payroll.Read's rule, applied as the file is read: a later row of either never
// reaches here.
func (mr *monthReader) each(fn func(h *rowHead)) (problems []Problem) {
	for i := range mr.im.Employees {
		r, ok := mr.row(i, &problems)
		if !ok {
			continue
		}
		fn(&r)
	}
	return problems
}

// code is the employee code of row i.
func (mr *monthReader) code(i int) string { return payroll.EmployeeCode(mr.im.Employees[i].ID.Code) }

// row reads row i of the import, adding what is wrong with it to problems; false for a row
// without a code (a problem).
func (mr *monthReader) row(i int, problems *[]Problem) (rowHead, bool) {
	im, col, hasHRAColumn := mr.im, mr.col, mr.hasHRAColumn
	e := &im.Employees[i]
	bad := func(key, value, msg string) {
		*problems = append(*problems, Problem{File: im.File, Sheet: im.Sheet, Row: e.Row, Column: col[key], Header: key, Value: value, Message: msg})
	}
	r := rowHead{SourceRow: e.Row, Code: mr.code(i), Name: e.ID.Name, PAN: e.ID.PAN, Regime: e.Regime, emp: i}
	if r.Code == "" {
		*problems = append(*problems, Problem{File: im.File, Sheet: im.Sheet, Row: e.Row, Message: "the employee code is blank: every row of a month file needs one"})
		return r, false
	}
	for k, f := range Paid {
		r.Paid.Items[k] = e.Input.Amounts[f]
	}
	own := func(k int) string {
		if k < len(e.Own) {
			return e.Own[k]
		}
		return ""
	}
	if v := own(0); v != "" {
		p, err := tds.ParseAmount(v)
		switch {
		case err != nil:
			bad(ColDeducted, v, "expected the TDS deducted in the month in whole rupees, like 12500")
		case p < 0:
			bad(ColDeducted, v, "expected 0 or more: TDS deducted cannot be negative (an excess is adjusted in a later month by deducting less)")
		case p%100 != 0:
			bad(ColDeducted, v, "expected whole rupees: TDS is deducted in whole rupees")
		default:
			d := p.WholeRupees()
			r.Deducted = &d
		}
	}
	if v := own(1); v != "" {
		p, err := tds.ParseAmount(v)
		if err != nil {
			bad(ColOneOff, v, "expected the one-off salary of the month in rupees, like 50000 (negative for a recovery)")
		} else {
			r.Paid.OneOff = p
		}
	}
	for k, key := range []string{ColJoined, ColLeft} {
		v := own(2 + k)
		if v == "" {
			continue
		}
		d, err := ParseDate(v)
		if err != nil {
			bad(key, v, "expected a date like 15/09/2025 (DD/MM/YYYY)")
			continue
		}
		if k == 0 {
			r.Joined = d
		} else {
			r.Left = d
		}
	}
	if v := strings.Join([]string{own(4), own(5), own(6), own(7)}, ""); v != "" {
		var h HRAInput
		ok := true
		for k, p := range []*money.Paise{&h.Rent, &h.Received, &h.Salary} {
			key := []string{ColRent, ColHRAReceived, ColBasicDA}[k]
			v := own(4 + k)
			a, err := tds.ParseAmount(v)
			switch {
			case v == "":
				bad(key, "", "the HRA exemption is worked out from rent_paid, hra_received, basic_da and city: give all four for the month")
				ok = false
			case err != nil || a < 0:
				bad(key, v, "expected an amount of the month in rupees, like 25000")
				ok = false
			default:
				*p = a
			}
		}
		if h.City = own(7); h.City == "" {
			bad(ColCity, "", "the HRA exemption depends on the city lived in (50% of salary in the listed cities, 40% elsewhere): give it")
			ok = false
		}
		if ok && hasHRAColumn && e.Input.Amounts[tds.HRA10_13A] != 0 {
			bad(ColRent, "", "give either the HRA exemption (house_rent_allowance_us_10_13_a) or rent_paid, hra_received, basic_da and city, not both")
			ok = false
		}
		if ok {
			r.HRA = &h
		}
	}
	if r.Joined != "" && r.Left != "" && r.Left < r.Joined {
		bad(ColLeft, r.Left, "the date of leaving is before the date of joining ("+ShowDate(r.Joined)+")")
	}
	return r, true
}

// hinted is problems with recoveryHint applied.
func hinted(problems []Problem) []Problem {
	for i := range problems {
		problems[i].Message = recoveryHint(problems[i])
	}
	return problems
}

// recoveryHint adds to the reader's refusal of a negative paid amount where a recovery goes.
func recoveryHint(p Problem) string {
	if strings.HasPrefix(p.Message, "expected 0 or more") && !strings.Contains(p.Message, ColOneOff) {
		return p.Message + "; a recovery of salary paid earlier in the year goes in " + ColOneOff + " as a negative amount"
	}
	return p.Message
}

// ParseDate reads a date written DD/MM/YYYY, DD-MM-YYYY, DD.MM.YYYY or YYYY-MM-DD (an Excel date
// arrives as the latter) and returns it as YYYY-MM-DD.
func ParseDate(s string) (string, error) {
	s = strings.TrimSpace(s)
	for _, l := range []string{"2006-01-02", "02/01/2006", "2/1/2006", "02-01-2006", "2-1-2006", "02.01.2006", "2.1.2006"} {
		if t, err := time.Parse(l, s); err == nil {
			if t.Year() < 1940 || t.Year() > 2100 {
				return "", fmt.Errorf("tdsyear: year %d out of range", t.Year())
			}
			return t.Format("2006-01-02"), nil
		}
	}
	return "", fmt.Errorf("tdsyear: %q is not a date", s)
}

// ShowDate writes a YYYY-MM-DD date as DD/MM/YYYY.
func ShowDate(d string) string {
	t, err := time.Parse("2006-01-02", d)
	if err != nil {
		return d
	}
	return t.Format("02/01/2006")
}

// monthIndexOf is the index in fy of the month a YYYY-MM-DD date falls in, -1 before the year,
// 12 after it.
func monthIndexOf(fy tds.FY, d string) int {
	t, err := time.Parse("2006-01-02", d)
	if err != nil {
		return -1
	}
	n := (t.Year()-int(fy))*12 + int(t.Month()) - int(time.April)
	switch {
	case n < 0:
		return -1
	case n > 11:
		return 12
	}
	return n
}
