package tdsyear

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/xuri/excelize/v2"

	"gstdesk/backend/export"
	"gstdesk/backend/money"
	"gstdesk/backend/tds"
)

// AnnexureColumns are the 100 columns of the salary-detail sheet (salary_detail_table) of the
// service's Form 24Q workbook, in order, exactly as its schema names them (tds-2025-act.md §3.3).
var AnnexureColumns = func() []string {
	c := []string{"payee_sr_no", "employment_from_date_epoch", "employment_to_date_epoch",
		"gross_salary_from_previous_employers", "tds_by_previous_employers",
		"income_tax_payable", "surcharge", "health_and_education_cess",
		"tds_on_salary", "other_tds_or_tcs_amount_as_per_section_192_2b",
		"salary_as_per_provisions_contained_in_section_17_1", "value_of_perquisites_us_17_2", "profits_in_lieu_of_salary_us_17_3",
		"travel_concession_or_assistance_us_10_5", "death_cum_retirement_gratuity_us_10_10", "commuted_value_of_pension_us_10_10_a",
		"cash_equivalent_of_leave_salary_encashment_us_10_10_aa", "house_rent_allowance_us_10_13_a", "other_special_allowances_under_section_10_14"}
	for i := 1; i <= 4; i++ {
		c = append(c, fmt.Sprintf("landlord_%d_name", i), fmt.Sprintf("landlord_%d_pan", i))
	}
	c = append(c, "total_amount_of_any_other_exemption_us_10", "standard_deduction_us_16_ia", "entertainment_allowance_us_16_ii",
		"tax_on_employment_us_16_iii", "income_from_house_property_reported_by_employee_offered_for_tds")
	for i := 1; i <= 4; i++ {
		c = append(c, fmt.Sprintf("lender_%d_name", i), fmt.Sprintf("lender_%d_pan", i))
	}
	c = append(c, "income_under_the_head_other_sources_offered_for_tds")
	for _, s := range []string{"80_c", "80_ccc", "80_ccd_1", "80_ccd_1_b", "80_ccd_2", "80_ccg", "80_cch", "80_d"} {
		c = append(c, "gross_amount_us_"+s, "deductible_amount_us_"+s)
	}
	c = append(c, "gross_amount_us_80_dd", "deductible_amount_us_80_dd", "qualifying_amount_us_80_dd",
		"gross_amount_us_80_e", "deductible_amount_us_80_e")
	for _, s := range []string{"80_ee", "80_eea", "80_g", "80_gg", "80_ggc", "80_tta", "80_ttb", "80_u"} {
		c = append(c, "gross_amount_us_"+s, "deductible_amount_us_"+s, "qualifying_amount_us_"+s)
	}
	return append(c, "gross_amount_for_other_deductions", "deductible_amount_for_other_deductions", "qualifying_amount_for_other_deductions",
		"relief_us_87_a", "relief_us_89", "payments_from_super_annuation_fund", "name_of_fund", "fund_contribution_from", "fund_contribution_to",
		"average_rate_of_deduction_of_tax", "tds_on_repayment_from_super_annuation_fund",
		"gross_pension_under_194p", "interest_income_by_bank_under_194p", "net_tax_payable_under_194p")
}()

// Annexure is the salary annexure of a TDS year: the payees and their salary details.
type Annexure struct {
	FY       tds.FY
	Employer Employer
	Form     string // "24Q" (FY 2025-26 and before) or "138" (tax year 2026-27)
	Note     string
	Payees   [][]any // sr_no, pan, name, opting_new_regime, employee_category
	Rows     [][]any // AnnexureColumns, in order; nil is null
}

// payeeColumns are the payee table's columns of the Form 24Q workbook.
var payeeColumns = []string{"sr_no", "pan", "name", "opting_new_regime", "employee_category"}

// Form138Note says what the tax year 2026-27 annexure is.
const Form138Note = "Form No. 138 (Income-tax Rules 2026, Rule 219(1)) replaces Form 24Q from tax year 2026-27. The service's Form 138 workbook " +
	"(form138_workbook) has no salary-detail sheet yet: its schema has only payer_sheet, payee_sheet, challan_sheet and payment_sheet. " +
	"These are the tax year's salary details in the layout of the Form 24Q Annexure II salary_detail_sheet, column for column; whether " +
	"Form No. 138 keeps a salary annexure is unconfirmed."

// Form24QNote says where the figures come from.
const Form24QNote = "Annexure II (salary details) of Form 24Q for the fourth quarter, in the layout of the service's form24q_workbook " +
	"salary_detail_sheet. Salary items are the amounts paid in the months recorded; exemptions, deductions u/s 16, house property and " +
	"the deductible amounts are as allowed in the computation (with its caps), gross and qualifying amounts as declared in the latest month; " +
	"income_tax_payable, surcharge and health_and_education_cess are the year's liability; tds_on_salary is the TDS this employer " +
	"deducted over the year (as recorded month by month). Landlord and lender details are not kept by gstdesk and are left empty."

// BuildAnnexure makes the annexure from the year's employees.
func BuildAnnexure(fy tds.FY, emp Employer, year []Annual) Annexure {
	a := Annexure{FY: fy, Employer: emp, Form: "24Q", Note: Form24QNote}
	if fy >= 2026 {
		a.Form, a.Note = "138", Form138Note+" "+Form24QNote
	}
	rules, _ := tds.RulesFor(fy)
	var unrecorded, incomplete, short, over int
	var shortBy, overBy int64
	for i := range year {
		y := &year[i]
		if y.Unrecorded > 0 {
			unrecorded++
		}
		if y.Latest < y.Employee.last(fy) {
			// Before the last month of employment is recorded, the year's TDS on what was paid
			// so far is no measure of what should have been deducted.
			incomplete++
			a.Payees = append(a.Payees, payeeOf(y))
			a.Rows = append(a.Rows, annexureRow(fy, &rules, y))
			continue
		}
		switch due := y.Detail.TDSOnSalary; {
		case y.Deducted < due:
			short, shortBy = short+1, shortBy+due-y.Deducted
		case y.Deducted > due:
			over, overBy = over+1, overBy+y.Deducted-due
		}
		a.Payees = append(a.Payees, payeeOf(y))
		a.Rows = append(a.Rows, annexureRow(fy, &rules, y))
	}
	if incomplete > 0 {
		a.Note += fmt.Sprintf(" The year is not complete: for %d employee(s) the months up to their last month of employment are not all recorded, and their figures are of the months recorded.", incomplete)
	}
	if unrecorded > 0 {
		a.Note += fmt.Sprintf(" For %d employee(s) some months have no TDS deducted recorded: their tds_on_salary counts gstdesk's computed TDS for those months; record what was deducted (tds_deducted) before filing.", unrecorded)
	}
	if short > 0 {
		a.Note += fmt.Sprintf(" %d employee(s) had less deducted than the year's TDS (shortfall %s in all).", short, tds.FormatRupees(shortBy))
	}
	if over > 0 {
		a.Note += fmt.Sprintf(" %d employee(s) had more deducted than the year's TDS (excess %s in all).", over, tds.FormatRupees(overBy))
	}
	return a
}

// payeeOf is an employee's payee_table row: sr_no, pan (or the PAN status), name,
// opting_new_regime, employee_category.
func payeeOf(y *Annual) []any {
	pan := y.Employee.PAN
	if y.Input.PANStatus != tds.PANValid || pan == "" {
		pan = y.Input.PANStatus
		if pan == tds.PANValid {
			pan = tds.PANNotAvailable
		}
	}
	return []any{y.Seq, pan, y.Employee.Name, y.Regime == tds.NewRegime, y.Input.Category.String()}
}

// ist is India Standard Time.
var ist = time.FixedZone("IST", 5*3600+1800)

// epochOf is the epoch in milliseconds of 00:00 IST on a YYYY-MM-DD date.
func epochOf(d string) int64 {
	t, err := time.ParseInLocation("2006-01-02", d, ist)
	if err != nil {
		return 0
	}
	return t.UnixMilli()
}

// annexureRow is an employee's salary_detail_table row. What each tax column holds (the sheet's
// own column names, tds-2025-act.md §3.3):
//   - income_tax_payable, surcharge, health_and_education_cess (6–8): the year's liability, the
//     engine's figures in the chosen regime; relief_us_87_a (90) the rebate;
//   - tds_by_previous_employers (5), tds_on_salary (9), other_tds_or_tcs_amount_as_per_section_192_2b
//     (10): tax DEDUCTED, by the previous employers (Form 12B), by this employer on salary, and by
//     others as reported under s.192(2B). The three sit together, as the notified Annexure II's
//     "reported TDS by previous employer(s)", "TDS by the current employer for the whole year" and
//     (Notification 112/2024) "TDS/TCS as per Form 12BAA" do; a column of the tax still to deduct
//     would only repeat 6–8 less 5. So tds_on_salary is what this employer deducted over the
//     year (tds_deducted as recorded; gstdesk's computed TDS for a month with none recorded, which
//     the note names), the same figure as Form 12BA / Form 123 item 9(a) "Tax deducted from salary
//     of the employee u/s 192(1)"; a shortfall or excess against the engine's TDS for the year is
//     said in the note, never hidden.
//
// Every allowed amount (exemptions, s.16 deductions, house property after its set-off cap, each
// Chapter VI-A deductible after its cap) is the engine's own (Annual.Detail); gross and
// qualifying amounts are as declared.
func annexureRow(fy tds.FY, rules *tds.Rules, y *Annual) []any {
	in := &y.Input
	rr := rules.Regime(y.Regime)
	d := &y.Detail
	amt := func(f tds.Field) any { return rupeesNumber(in.Amounts[f]) }
	exempt := func(f tds.Field) any { return rupeesNumber(d.Exempt[f]) }
	allowed := func(f tds.Field) any { return rupeesNumber(d.Deductible[f]) }
	gross := func(g, ded tds.Field) any {
		if !rr.Deductions.Has(ded) {
			return 0
		}
		return amt(g)
	}
	from, to := fy.First(), fy.Last()
	fromD := fmt.Sprintf("%04d-%02d-01", from.Year, from.Month)
	toD := fmt.Sprintf("%04d-%02d-31", to.Year, to.Month)
	if y.Employee.Joined != "" && y.Employee.Joined > fromD {
		fromD = y.Employee.Joined
	}
	if y.Employee.Left != "" && y.Employee.Left < toD {
		toD = y.Employee.Left
	}
	row := make([]any, 0, len(AnnexureColumns))
	row = append(row, y.Seq, epochOf(fromD), epochOf(toD), amt(tds.PrevEmployerSalary), amt(tds.PrevEmployerTDS),
		d.IncomeTaxPayable, d.Surcharge, d.Cess, y.Deducted, nil,
		amt(tds.Salary17_1), amt(tds.Perquisites17_2), amt(tds.Profits17_3),
		exempt(tds.Travel10_5), exempt(tds.Gratuity10_10), exempt(tds.Pension10_10A),
		exempt(tds.LeaveEncashment10_10AA), exempt(tds.HRA10_13A), exempt(tds.Special10_14))
	row = append(row, nil, nil, nil, nil, nil, nil, nil, nil)
	row = append(row, exempt(tds.OtherExemption10), rupeesNumber(d.Standard), rupeesNumber(d.Entertainment), rupeesNumber(d.ProfessionalTax), rupeesNumber(d.HouseProperty))
	row = append(row, nil, nil, nil, nil, nil, nil, nil, nil)
	row = append(row, rupeesNumber(d.OtherSources))
	for _, p := range [][2]tds.Field{{tds.Gross80C, tds.Ded80C}, {tds.Gross80CCC, tds.Ded80CCC}, {tds.Gross80CCD1, tds.Ded80CCD1}, {tds.Gross80CCD1B, tds.Ded80CCD1B},
		{tds.Gross80CCD2, tds.Ded80CCD2}, {tds.Gross80CCG, tds.Ded80CCG}, {tds.Gross80CCH, tds.Ded80CCH}, {tds.Gross80D, tds.Ded80D}} {
		row = append(row, gross(p[0], p[1]), allowed(p[1]))
	}
	row = append(row, nil, nil, nil, gross(tds.Gross80E, tds.Ded80E), allowed(tds.Ded80E))
	row = append(row, nil, nil, nil, nil, nil, nil) // 80EE, 80EEA: not in the salary workbook
	row = append(row, gross(tds.Gross80G, tds.Ded80G), allowed(tds.Ded80G), gross(tds.Qual80G, tds.Ded80G))
	row = append(row, nil, nil, nil, nil, nil, nil) // 80GG, 80GGC
	row = append(row, gross(tds.Gross80TTA, tds.Ded80TTA), allowed(tds.Ded80TTA), gross(tds.Qual80TTA, tds.Ded80TTA))
	row = append(row, nil, nil, nil, nil, nil, nil) // 80TTB, 80U
	row = append(row, gross(tds.GrossOther, tds.DedOther), allowed(tds.DedOther), gross(tds.QualOther, tds.DedOther))
	row = append(row, d.Relief87A, 0, nil, nil, nil, nil, nil, nil, nil, nil, nil)
	return row
}

// rupeesNumber is an amount as a JSON number of rupees: whole rupees as an integer.
func rupeesNumber(p money.Paise) any {
	if p%100 == 0 {
		return int64(p / 100)
	}
	return json.Number(p.Number())
}

// workbookName is the service workbook the annexure belongs to.
func (a *Annexure) workbookName() string {
	if a.Form == "138" {
		return "form138_workbook"
	}
	return "form24q_workbook"
}

// WriteJSON writes the annexure as the service's workbook: a payee sheet and the salary-detail
// sheet, with the note saying what it is.
func (a *Annexure) WriteJSON(w io.Writer) error {
	bw := bufio.NewWriterSize(w, 1<<16)
	head := map[string]any{"name": a.workbookName(), "@entity": "workbook", "form": a.Form, "note": a.Note,
		"deductor": map[string]string{"name": a.Employer.Name, "tan": a.Employer.TAN, "pan": a.Employer.PAN}}
	if a.Form == "138" {
		head["tax_year"] = "TY " + strings.TrimPrefix(a.FY.String(), "FY ")
	} else {
		head["financial_year"] = a.FY.String()
		head["quarter"] = "Q4"
	}
	b, err := json.Marshal(head)
	if err != nil {
		return err
	}
	bw.Write(b[:len(b)-1])
	bw.WriteString(`,"sheets":[`)
	if err := writeSheetJSON(bw, "payee_sheet", "payee_table", payeeColumns, a.Payees); err != nil {
		return err
	}
	bw.WriteString(",")
	if err := writeSheetJSON(bw, "salary_detail_sheet", "salary_detail_table", AnnexureColumns, a.Rows); err != nil {
		return err
	}
	bw.WriteString("]}\n")
	return bw.Flush()
}

func writeSheetJSON(w *bufio.Writer, sheet, table string, header []string, rows [][]any) error {
	h, err := json.Marshal(header)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, `{"name":%q,"@entity":"sheet","blocks":[{"name":%q,"@entity":"table","header":%s,"rows":[`, sheet, table, h)
	for i, r := range rows {
		if i > 0 {
			w.WriteByte(',')
		}
		w.WriteString("\n")
		b, err := json.Marshal(r)
		if err != nil {
			return err
		}
		w.Write(b)
	}
	w.WriteString("]}]}")
	return nil
}

// WriteXLSX writes the annexure as a workbook: a note, the payees and the salary details, the
// header row exactly the service's column names.
func (a *Annexure) WriteXLSX(w io.Writer) error {
	f := export.NewFile()
	defer f.Close()
	f.SetSheetName("Sheet1", "note")
	f.SetCellStr("note", "A1", "Salary annexure, "+tds.YearLabel(a.FY)+", Form "+a.Form+": "+a.Employer.Name+" (TAN "+a.Employer.TAN+")")
	f.SetCellStr("note", "A2", a.Note)
	f.SetColWidth("note", "A", "A", 160)
	for _, s := range []struct {
		name   string
		header []string
		rows   [][]any
	}{{"payee_sheet", payeeColumns, a.Payees}, {"salary_detail_sheet", AnnexureColumns, a.Rows}} {
		f.NewSheet(s.name)
		sw, err := f.NewStreamWriter(s.name)
		if err != nil {
			return err
		}
		head := make([]any, len(s.header))
		for i, h := range s.header {
			head[i] = h
		}
		if err := sw.SetRow("A1", head); err != nil {
			return err
		}
		var cells []any // one row's, reused: the stream writer is done with a row when SetRow returns
		for i, r := range s.rows {
			cells = append(cells[:0], r...)
			for j, v := range r {
				switch x := v.(type) {
				case json.Number:
					fv, _ := strconv.ParseFloat(string(x), 64)
					cells[j] = fv
				default:
					cells[j] = v
				}
			}
			cell, _ := excelize.CoordinatesToCellName(1, i+2)
			if err := sw.SetRow(cell, cells); err != nil {
				return err
			}
		}
		if err := sw.Flush(); err != nil {
			return err
		}
	}
	if _, err := f.WriteTo(w); err != nil {
		return fmt.Errorf("tdsyear: annexure: %w", err)
	}
	return nil
}
