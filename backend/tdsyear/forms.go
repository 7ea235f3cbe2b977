package tdsyear

import (
	"fmt"
	"hash/fnv"
	"strings"

	"gstdesk/backend/money"
	"gstdesk/backend/tds"
)

// Cert is a year-end form for one employee as lines to print: the same content goes to PDF and
// to XLSX.
type Cert struct {
	Kind     string   // "form16b", "form130", "form12ba", "form123"
	Title    []string // centred heading lines
	Header   [][2]string
	Columns  []string // amount column titles ("Rs."), one or more
	Rows     []CertRow
	Notes    []string // what is not confirmed, said plainly
	Sign     []string // verification and signature lines
	FileBase string   // file name without extension
	// Employee and PAN name whose form it is, for the line that reports the file written.
	Employee string
	PAN      string
}

// CertRow is one row: its number as the form prints it, its words, and its amounts.
type CertRow struct {
	No      string
	Label   string
	Amounts []Amount
	Heading bool // a heading row: bold, no amounts
}

// Amount is one figure of a row: money (with a label such as "Gross" where the form has one), a
// text answer (Yes/No), or blank where the form leaves it to be filled.
type Amount struct {
	Label string
	Value money.Paise
	Text  string
	Money bool
}

// String writes the amount as the PDF prints it: "Gross 1,50,000".
func (a Amount) String() string {
	v := a.Text
	if a.Money {
		v = a.Value.String()
	}
	if a.Label != "" {
		return a.Label + " " + v
	}
	return v
}

func rs(p money.Paise) Amount            { return Amount{Value: p, Money: true} }
func rsR(r int64) Amount                 { return rs(money.FromRupees(r)) }
func lab(l string, p money.Paise) Amount { return Amount{Label: l, Value: p, Money: true} }
func text(t string) Amount               { return Amount{Text: t} }

// partB are the figures of Form 16 Part B (and Form 130 Part C) for an employee's year: the
// engine's computation of the chosen regime item by item (tds.Detail), never worked out again
// here; only the declared gross and qualifying amounts come from the input.
type partB struct {
	sal, perq, profits, total, other          money.Paise
	ex                                        [7]money.Paise // allowed exemptions, Field order from Travel10_5
	exTotal                                   money.Paise
	current                                   money.Paise
	std, ent, pt, ded16                       money.Paise
	salaries                                  money.Paise
	hp, os, otherInc, gti                     money.Paise
	gross, qual, ded                          [tds.NumFields]money.Paise // Chapter VI-A gross, qualifying and deductible, by deductible field
	group                                     money.Paise
	via                                       money.Paise
	ti, tax, rebate, surcharge, cess, payable int64
}

func computePartB(fy tds.FY, a *Annual) partB {
	rules, _ := tds.RulesFor(fy)
	rr := rules.Regime(a.Regime)
	d := &a.Detail
	in := &a.Input
	v := func(f tds.Field) money.Paise { return in.Amounts[f] }
	var p partB
	p.sal, p.perq, p.profits, p.other = v(tds.Salary17_1), v(tds.Perquisites17_2), v(tds.Profits17_3), v(tds.PrevEmployerSalary)
	p.total = p.sal + p.perq + p.profits
	for f := tds.Travel10_5; f <= tds.OtherExemption10; f++ {
		p.ex[f-tds.Travel10_5] = d.Exempt[f]
	}
	p.exTotal = d.ExemptTotal
	p.current = p.total - p.exTotal
	p.std, p.ent, p.pt = d.Standard, d.Entertainment, d.ProfessionalTax
	p.ded16 = p.std + p.ent + p.pt
	p.salaries = d.SalaryHead
	p.hp, p.os = d.HouseProperty, d.OtherSources
	p.otherInc = p.hp + p.os
	p.gti = d.GrossTotalIncome
	for _, g := range [][2]tds.Field{{tds.Gross80C, tds.Ded80C}, {tds.Gross80CCC, tds.Ded80CCC}, {tds.Gross80CCD1, tds.Ded80CCD1}, {tds.Gross80CCD1B, tds.Ded80CCD1B},
		{tds.Gross80CCD2, tds.Ded80CCD2}, {tds.Gross80CCG, tds.Ded80CCG}, {tds.Gross80CCH, tds.Ded80CCH}, {tds.Gross80D, tds.Ded80D}, {tds.Gross80E, tds.Ded80E},
		{tds.Gross80G, tds.Ded80G}, {tds.Gross80TTA, tds.Ded80TTA}, {tds.GrossOther, tds.DedOther}} {
		if rr.Deductions.Has(g[1]) {
			p.gross[g[1]] = v(g[0])
		}
	}
	// Qualifying amounts as the annexure has them: only where the regime allows the deduction.
	for _, q := range [][2]tds.Field{{tds.Qual80G, tds.Ded80G}, {tds.Qual80TTA, tds.Ded80TTA}, {tds.QualOther, tds.DedOther}} {
		if rr.Deductions.Has(q[1]) {
			p.qual[q[1]] = v(q[0])
		}
	}
	p.ded = d.Deductible
	p.group = d.Group80C
	p.via = d.ChapterVIA
	p.ti, p.tax, p.rebate, p.surcharge, p.cess = d.TotalIncome, d.TaxOnIncome, d.Relief87A, d.Surcharge, d.Cess
	p.payable = d.Liability
	return p
}

// employeeHeader are the lines that say whose certificate it is.
func employeeHeader(fy tds.FY, emp Employer, a *Annual, yearWord string) [][2]string {
	from, to := fy.First(), fy.Last()
	period := fmt.Sprintf("01/%02d/%d to 31/%02d/%d", int(from.Month), from.Year, int(to.Month), to.Year)
	if a.Employee.Joined != "" || a.Employee.Left != "" {
		f, t := fmt.Sprintf("01/%02d/%d", int(from.Month), from.Year), fmt.Sprintf("31/%02d/%d", int(to.Month), to.Year)
		if a.Employee.Joined != "" && monthIndexOf(fy, a.Employee.Joined) >= 0 {
			f = ShowDate(a.Employee.Joined)
		}
		if a.Employee.Left != "" && monthIndexOf(fy, a.Employee.Left) <= 11 {
			t = ShowDate(a.Employee.Left)
		}
		period = f + " to " + t
	}
	pan := a.Employee.PAN
	if pan == "" || a.Input.PANStatus != tds.PANValid {
		pan = a.Input.PANStatus
	}
	return [][2]string{
		{"Name and address of the employer", strings.TrimSpace(emp.Name + ", " + emp.Address)},
		{"TAN of the deductor", emp.TAN},
		{"PAN of the deductor", emp.PAN},
		{"Name of the employee", a.Employee.Name},
		{"PAN of the employee", pan},
		{"Employee code", a.Employee.Code},
		{yearWord, yearOf(fy, yearWord)},
		{"Period with the employer", period},
	}
}

func yearOf(fy tds.FY, word string) string {
	if word == "Assessment Year" {
		return fmt.Sprintf("%d-%02d", int(fy)+1, (int(fy)+2)%100)
	}
	return strings.TrimPrefix(fy.String(), "FY ")
}

// Form16B is Form 16 Part B (Annexure) for FY 2022-23 to 2025-26: every row of the layout in the
// spec (Notification 36/2019 as amended by 15/2021, 28/2023 and 112/2024), and the verification.
func Form16B(fy tds.FY, emp Employer, a *Annual) (Cert, error) {
	p := computePartB(fy, a)
	c := Cert{Kind: "form16b", FileBase: "Form16-PartB-" + fileKey(a.Employee.Code, a.Employee.PAN) + "-" + strings.TrimPrefix(fy.String(), "FY "),
		Title:   []string{"FORM NO. 16", "[See rule 31(1)(a)]", "PART B (Annexure)", "Details of Salary Paid and any other income and tax deducted"},
		Header:  employeeHeader(fy, emp, a, "Assessment Year"),
		Columns: []string{"Rs."}}
	optedOut := "No"
	rowA := "Whether opting out of taxation u/s 115BAC(1A)? [Yes/No]"
	if fy < 2023 {
		rowA = "Whether opting for taxation u/s 115BAC? [Yes/No]"
		if a.Regime == tds.NewRegime {
			optedOut = "Yes"
		}
	} else if a.Regime == tds.OldRegime {
		optedOut = "Yes"
	}
	add, head := c.add, c.head
	add("A.", rowA, text(optedOut))
	head("1.", "Gross Salary")
	add("(a)", "Salary as per provisions contained in section 17(1)", rs(p.sal))
	add("(b)", "Value of perquisites under section 17(2) (as per Form No. 12BA, wherever applicable)", rs(p.perq))
	add("(c)", "Profits in lieu of salary under section 17(3) (as per Form No. 12BA, wherever applicable)", rs(p.profits))
	add("(d)", "Total", rs(p.total))
	add("(e)", "Reported total amount of salary received from other employer(s)", rs(p.other))
	head("2.", "Less: Allowances to the extent exempt under section 10")
	add("(a)", "Travel concession or assistance under section 10(5)", rs(p.ex[0]))
	add("(b)", "Death-cum-retirement gratuity under section 10(10)", rs(p.ex[1]))
	add("(c)", "Commuted value of pension under section 10(10A)", rs(p.ex[2]))
	add("(d)", "Cash equivalent of leave salary encashment under section 10(10AA)", rs(p.ex[3]))
	add("(e)", "House rent allowance under section 10(13A)", rs(p.ex[4]))
	head("(f)", "Amount of any other exemption under section 10")
	add("", "clause (14) Rs.", rs(p.ex[5]))
	add("", "clause (not given in the declaration) Rs.", rs(p.ex[6]))
	add("(g)", "Total amount of any other exemption under section 10", rs(p.ex[5]+p.ex[6]))
	add("(h)", "Total amount of exemption claimed under section 10 [2(a)+2(b)+2(c)+2(d)+2(e)+2(g)]", rs(p.exTotal))
	add("3.", "Total amount of salary received from current employer [1(d)-2(h)]", rs(p.current))
	head("4.", "Less: Deductions under section 16")
	add("(a)", "Standard deduction under section 16(ia)", rs(p.std))
	add("(b)", "Entertainment allowance under section 16(ii)", rs(p.ent))
	add("(c)", "Tax on employment under section 16(iii)", rs(p.pt))
	add("5.", "Total amount of deductions under section 16 [4(a)+4(b)+4(c)]", rs(p.ded16))
	add("6.", `Income chargeable under the head "Salaries" [(3+1(e)-5]`, rs(p.salaries))
	head("7.", "Add: Any other income reported by the employee under as per section 192 (2B)")
	add("(a)", "Income (or admissible loss) from house property reported by employee offered for TDS", rs(p.hp))
	add("(b)", "Income under the head Other Sources offered for TDS", rs(p.os))
	add("8.", "Total amount of other income reported by the employee [7(a)+7(b)]", rs(p.otherInc))
	add("9.", "Gross total income (6+8)", rs(p.gti))
	c.Rows = append(c.Rows, CertRow{No: "10.", Label: "Deductions under Chapter VI-A", Heading: true})
	two := func(no, label string, f tds.Field) {
		c.Rows = append(c.Rows, CertRow{No: no, Label: label, Amounts: []Amount{lab("Gross", p.gross[f]), lab("Deductible", p.ded[f])}})
	}
	two("(a)", "Deduction in respect of life insurance premia, contributions to provident fund etc. under section 80C", tds.Ded80C)
	two("(b)", "Deduction in respect of contribution to certain pension funds under section 80CCC", tds.Ded80CCC)
	two("(c)", "Deduction in respect of contribution by taxpayer to pension scheme under section 80CCD (1)", tds.Ded80CCD1)
	c.Rows = append(c.Rows, CertRow{No: "(d)", Label: "Total deduction under section 80C, 80CCC and 80CCD(1)",
		Amounts: []Amount{lab("Gross", p.gross[tds.Ded80C]+p.gross[tds.Ded80CCC]+p.gross[tds.Ded80CCD1]), lab("Deductible", p.group)}})
	two("(e)", "Deductions in respect of amount paid/deposited to notified pension scheme under section 80CCD (1B)", tds.Ded80CCD1B)
	two("(f)", "Deduction in respect of contribution by Employer to pension scheme under section 80CCD (2)", tds.Ded80CCD2)
	two("(g)", "Deduction in respect of health insurance premia under section 80D", tds.Ded80D)
	two("(h)", "Deduction in respect of interest on loan taken for higher education under section 80E", tds.Ded80E)
	two("(i)", "Deduction in respect of contribution by the employee to Agnipath Scheme under section 80CCH", tds.Ded80CCH)
	c.Rows = append(c.Rows, CertRow{No: "(j)", Label: "Deduction in respect of contribution by the Central Government to Agnipath Scheme under section 80CCH",
		Amounts: []Amount{lab("Gross", 0), lab("Deductible", 0)}})
	c.Rows = append(c.Rows, CertRow{No: "(k)", Label: "Total Deduction in respect of donations to certain funds, charitable institutions, etc. under section 80G",
		Amounts: []Amount{lab("Gross", p.gross[tds.Ded80G]), lab("Qualifying", p.qual[tds.Ded80G]), lab("Deductible", p.ded[tds.Ded80G])}})
	c.Rows = append(c.Rows, CertRow{No: "(l)", Label: "Deduction in respect of interest on deposits in savings account under section 80TTA",
		Amounts: []Amount{lab("Gross", p.gross[tds.Ded80TTA]), lab("Qualifying", p.qual[tds.Ded80TTA]), lab("Deductible", p.ded[tds.Ded80TTA])}})
	head("(m)", "Amount Deductible under any other provision(s) of Chapter VI-A")
	c.Rows = append(c.Rows, CertRow{No: "", Label: "section 80CCG", Amounts: []Amount{lab("Gross Rs.", p.gross[tds.Ded80CCG]), lab("Qualifying Rs.", 0), lab("Deductible Rs.", p.ded[tds.Ded80CCG])}})
	c.Rows = append(c.Rows, CertRow{No: "", Label: "section (other, as declared)", Amounts: []Amount{lab("Gross Rs.", p.gross[tds.DedOther]), lab("Qualifying Rs.", p.qual[tds.DedOther]), lab("Deductible Rs.", p.ded[tds.DedOther])}})
	c.Rows = append(c.Rows, CertRow{No: "(n)", Label: "Total of amount deductible under any other provision(s) of Chapter VI-A",
		Amounts: []Amount{lab("Gross", p.gross[tds.Ded80CCG]+p.gross[tds.DedOther]), lab("Qualifying", p.qual[tds.DedOther]), lab("Deductible", p.ded[tds.Ded80CCG]+p.ded[tds.DedOther])}})
	add("11.", "Aggregate of deductible amount under Chapter VI-A [10(d)+10(e)+10(f)+10(g)+10(h)+10(i)+10(j)+10(k)+10(l)+10(n)]", rs(p.via))
	c.taxRows(&p, [...]string{"Total taxable income (9-11)", "Tax on total income", "Rebate under section 87A, if applicable", "Surcharge, wherever applicable",
		"Health and education cess", "Tax payable (13+15+16-14)", "Less: Relief under section 89 (attach details)",
		"Less: Tax deducted at source as per Form No. 12BAA submitted under provisions of section 192(2B)",
		"Less: Tax collected at source as per Form No. 12BAA submitted under provisions of section 192(2B)", "Net tax payable (17-18-19-20)"})
	c.Notes = []string{
		"Part A of Form 16 is issued from TRACES; this is Part B (Annexure), made by gstdesk from the year's payroll records.",
		"Row 12 is rounded to the nearest Rs. 10 (section 288A). Rows 13 to 17 are in whole rupees, not rounded to Rs. 10.",
		"Row 10: the deductible amount of 10(d) is capped at Rs. 1,50,000 (section 80CCE); row 11 is at most the gross total income.",
		"Rows 18 to 20: gstdesk keeps no relief u/s 89 and no Form 12BAA tax: shown as 0.",
	}
	if fy >= 2023 {
		c.Notes = append(c.Notes, "Row A reads as TRACES and payroll software print it; the notification that changed it to \"opting out ... u/s 115BAC(1A)\" was not found (unconfirmed).")
	}
	c.Notes = append(c.Notes, "Rows 10(i) and 10(j): the wording of the 80CCH rows (Notification 28/2023) is as a payroll rendering prints it (unconfirmed); the salary workbook has one 80CCH amount, shown in 10(i).")
	c.Sign = verification(emp)
	return c, nil
}

// verification is the Part B verification of Notification 36/2019, with the blanks gstdesk cannot
// fill left as dotted lines.
func verification(emp Employer) []string {
	who := emp.Responsible
	if who == "" {
		who = "......................"
	}
	des := emp.Designation
	if des == "" {
		des = "......................"
	}
	return append([]string{
		"Verification",
		"I, " + who + ", son/daughter of ...................... working in the capacity of " + des + " (designation) do hereby certify that the information given above is true, complete and correct and is based on the books of account, documents, TDS statements, and other available records.",
	}, signature(emp)...)
}

// Form130 is Form No. 130 for tax year 2026-27: what is confirmed of Part C (Annexure-I), the
// figures of every row, and a plain statement of what is not confirmed.
func Form130(fy tds.FY, emp Employer, a *Annual) (Cert, error) {
	p := computePartB(fy, a)
	c := Cert{Kind: "form130", FileBase: "Form130-PartC-" + fileKey(a.Employee.Code, a.Employee.PAN) + "-" + strings.TrimPrefix(fy.String(), "FY "),
		Title: []string{"FORM NO. 130", "[See rule 215(1)(Table: Sl. No. 1)]",
			"Certificate under section 395(4) of the Income-tax Act for tax deducted at source on salary paid to an employee under section 392",
			"PART C (Annexure-I)", "In relation to employees for tax deduction under section 392"},
		Header:  employeeHeader(fy, emp, a, "Tax Year"),
		Columns: []string{"Rs."}}
	opted := "No"
	if a.Regime == tds.OldRegime {
		opted = "Yes"
	}
	add, head := c.add, c.head
	add("A.", "Whether opting out of taxation under section 202(1)? (Yes/No)", text(opted))
	head("1.", "[Gross salary]")
	add("(a)", "[Salary as per section 16]", rs(p.sal))
	add("(b)", "[Value of perquisites under section 17 (Form No. 123)]", rs(p.perq))
	add("(c)", "[Profits in lieu of salary under section 18 (Form No. 123)]", rs(p.profits))
	add("(d)", "[Total]", rs(p.total))
	add("(e)", "[Salary from other employer(s) (Form No. 122)]", rs(p.other))
	head("2.", "[Exemptions under section 11 read with Schedule III and section 19]")
	add("", "[Leave travel concession, Schedule III]", rs(p.ex[0]))
	add("", "[Gratuity, section 19(1) Table Sl. 3-6]", rs(p.ex[1]))
	add("", "[Commuted pension, section 19(1) Table Sl. 7-9]", rs(p.ex[2]))
	add("", "[Leave encashment, section 19(1) Table Sl. 13-14]", rs(p.ex[3]))
	add("", "[House rent allowance, Schedule III Sl. No. 11]", rs(p.ex[4]))
	add("", "[Special allowances, Schedule III]", rs(p.ex[5]))
	add("", "[Other exemptions under section 11]", rs(p.ex[6]))
	add("", "[Total exemption claimed under section 11]", rs(p.exTotal))
	add("3.", "[Salary from current employer]", rs(p.current))
	head("4.", "[Deductions under section 19]")
	add("(a)", "[Tax on employment, section 19(1) Table Sl. 1]", rs(p.pt))
	add("(b)", "[Standard deduction, section 19(1) Table Sl. 2]", rs(p.std))
	add("5.", "[Total amount of deductions under section 19]", rs(p.ded16))
	add("6.", "[Income chargeable under the head \"Salaries\"]", rs(p.salaries))
	add("7.", "[Income (or admissible loss) from house property, section 392(4)(a)(iii)]", rs(p.hp))
	add("8.", "[Income under any other head, section 392(4)(a)(iv)]", rs(p.os))
	add("9.", "[Gross total income]", rs(p.gti))
	head("10.", "[Deductions under Chapter VIII]")
	for _, d := range []struct {
		label string
		f     tds.Field
	}{{"[Section 123 (80C, 80CCC, 80CCD(1) of 1961), capped]", 0}, {"[Section 124(3)]", tds.Ded80CCD1B}, {"[Section 124(1)-(2), employer's contribution]", tds.Ded80CCD2},
		{"[Section 125]", tds.Ded80CCH}, {"[Section 126]", tds.Ded80D}, {"[Section 129]", tds.Ded80E}, {"[Section 133]", tds.Ded80G}, {"[Section 153]", tds.Ded80TTA},
		{"[80CCG of 1961 (no 2025 Act successor)]", tds.Ded80CCG}, {"[Other deductions under Chapter VIII]", tds.DedOther}} {
		amt := p.group
		if d.f != 0 {
			amt = p.ded[d.f]
		}
		add("", d.label, rs(amt))
	}
	add("11.", "[Aggregate of deductible amount under Chapter VIII]", rs(p.via))
	c.taxRows(&p, [...]string{"[Total taxable income]", "[Tax on total income]", "Rebate under section 156, if applicable", "Surcharge, wherever applicable",
		"Health and education cess @ 4%", "[Tax payable (13+15+16-14)]", "[Less: relief under section 157]",
		"[Less: tax deducted at source reported under section 392(4)(a)(v)]", "[Less: tax collected at source reported under section 392(4)(a)(v)]",
		"[Net tax payable (17-18-19-20)]"})
	c.Notes = []string{
		"Row A and rows 14, 15 and 16 are quoted word for word from the Income-tax Rules 2026. The words of the other rows, the lettering of rows 2 and 10, and the verification of Part C were not available to gstdesk (Rules 2026, p.742): the rows in [brackets] describe their figures and are not the notified words.",
		"Part A is issued from TRACES. What Part B contains is unconfirmed: it is not printed here.",
		"Row 12 is rounded to the nearest Rs. 10 (section 516). Rows 18 to 20: gstdesk keeps no relief u/s 157 and no other TDS or TCS reported: shown as 0.",
		"The title is as one payroll code base quotes the Rules; it is not checked against the notified form.",
	}
	c.Sign = append([]string{"Verification: the notified words of Part C's verification are unconfirmed and are not printed."}, signature(emp)...)
	return c, nil
}

// add appends a row of amounts.
func (c *Cert) add(no, label string, amounts ...Amount) {
	c.Rows = append(c.Rows, CertRow{No: no, Label: label, Amounts: amounts})
}

// head appends a heading row.
func (c *Cert) head(no, label string) {
	c.Rows = append(c.Rows, CertRow{No: no, Label: label, Heading: true})
}

// taxRows appends rows 12 to 21, the tax, of Form 16 Part B and of Form No. 130 Part C: the same
// figures under each form's words (labels[i] is row 12+i's). Rows 18 to 20 (relief, Form 12BAA's
// TDS and TCS; their 2025-Act successors) are 0: gstdesk keeps none of them.
func (c *Cert) taxRows(p *partB, labels [10]string) {
	for i, v := range [10]int64{p.ti, p.tax, p.rebate, p.surcharge, p.cess, p.payable, 0, 0, 0, p.payable} {
		c.add(fmt.Sprintf("%d.", 12+i), labels[i], rsR(v))
	}
}

// signature are the lines every form ends with: place, date, and the person responsible for
// deduction of tax.
func signature(emp Employer) []string {
	return []string{"Place: ......................", "Date: ......................", "(Signature of person responsible for deduction of tax)",
		"Designation: " + emp.Designation, "Full Name: " + emp.Responsible}
}

// perquisiteRows are the rows of Form 12BA (Notification 15/2021).
var perquisiteRows = []string{"Accommodation", "Cars/Other automotive", "Sweeper, gardener, watchman or personal attendant", "Gas, electricity, water",
	"Interest free or concessional loans", "Holiday expenses", "Free or concessional travel", "Free meals", "Free education", "Gifts, vouchers, etc.",
	"Credit card expenses", "Club expenses", "Use of movable assets by employees", "Transfer of assets to employees",
	"Value of any other benefit/amenity/service/privilege",
	"Stock options allotted or transferred by employer being an eligible start-up referred to in section 80-IAC",
	"Stock options (non-qualified options) other than ESOP in col 16 above",
	"Contribution by employer to fund and scheme taxable under section 17(2)(vii)",
	"Annual accretion by way of interest, dividend etc. to the balance at the credit of fund and scheme referred to in section 17(2)(vii) and taxable under section 17(2)(viia)",
	"Other benefits or amenities", "Total value of perquisites", "Total value of profits in lieu of salary as per section 17(3)"}

// HasPerquisites reports whether the year has perquisites or profits in lieu of salary, for which
// Form 12BA (Form No. 123) is issued.
func (a *Annual) HasPerquisites() bool {
	return a.Input.Amounts[tds.Perquisites17_2] != 0 || a.Input.Amounts[tds.Profits17_3] != 0
}

// Form12BA is the statement of perquisites: Form 12BA for FY 2022-23 to 2025-26, Form No. 123
// (whose fields are unconfirmed: Form 12BA's rows are printed and the form says so) for tax
// year 2026-27.
func Form12BA(fy tds.FY, emp Employer, a *Annual) Cert {
	c := Cert{Kind: "form12ba", FileBase: "Form12BA-" + fileKey(a.Employee.Code, a.Employee.PAN) + "-" + strings.TrimPrefix(fy.String(), "FY "),
		Title: []string{"FORM NO. 12BA", "[See rule 26A(2)(b)]",
			"Statement showing particulars of perquisites, other fringe benefits or amenities and profits in lieu of salary with value thereof"},
		Columns: []string{"(3) Value of perquisite as per rules (Rs.)", "(4) Amount, if any, recovered from the employee (Rs.)", "(5) Amount of perquisite chargeable to tax Col.(3)-Col.(4) (Rs.)"}}
	if fy >= 2026 {
		c.Kind, c.FileBase = "form123", "Form123-"+fileKey(a.Employee.Code, a.Employee.PAN)+"-"+strings.TrimPrefix(fy.String(), "FY ")
		c.Title = []string{"FORM NO. 123 (Earlier Form No. 12BA)", "[See rule 204(2)(b)]",
			"Statement showing particulars of perquisites, other fringe benefits or amenities and profits in lieu of salary with value thereof"}
	}
	salaryOther := a.Input.Amounts[tds.Salary17_1]
	c.Header = [][2]string{
		{"1. Name and address of employer", strings.TrimSpace(emp.Name + ", " + emp.Address)},
		{"2. TAN", emp.TAN},
		{"3. TDS Assessment Range of the employer", "......................"},
		{"4. Name, designation and Permanent Account Number or Aadhaar Number of employee", a.Employee.Name + ", ......................, " + a.Employee.PAN},
		{"5. Is the employee a director or a person with substantial interest in the company (where the employer is a company)", "......................"},
		{"6. Income under the head \"Salaries\" of the employee (other than from perquisites)", salaryOther.String()},
		{"7. Financial year", strings.TrimPrefix(fy.String(), "FY ")},
		{"8. Valuation of Perquisites", ""},
	}
	if fy >= 2026 {
		c.Header[6] = [2]string{"7. Tax year", strings.TrimPrefix(fy.String(), "FY ")}
	}
	for i, n := range perquisiteRows {
		row := CertRow{No: fmt.Sprintf("%d", i+1), Label: n, Amounts: []Amount{{}, {}, {}}}
		switch i {
		case 20:
			v := a.Input.Amounts[tds.Perquisites17_2]
			row.Amounts = []Amount{rs(v), {}, rs(v)}
		case 21:
			v := a.Input.Amounts[tds.Profits17_3]
			row.Amounts = []Amount{rs(v), {}, rs(v)}
		}
		c.Rows = append(c.Rows, row)
	}
	// 9(a) is what was deducted over the year, the same figure as the annexure's tds_on_salary
	// (annexureRow says why); the liability is Form 16 Part B's row 17.
	c.Rows = append(c.Rows, CertRow{No: "9.", Label: "Details of tax", Heading: true},
		CertRow{No: "(a)", Label: "Tax deducted from salary of the employee u/s 192(1)", Amounts: []Amount{{}, {}, rsR(a.Deducted)}},
		CertRow{No: "(b)", Label: "Tax paid by employer on behalf of the employee u/s 192(1A)", Amounts: []Amount{{}, {}, rsR(0)}})
	c.Notes = []string{
		"gstdesk keeps the total value of perquisites and of profits in lieu of salary, not their nature or the amounts recovered: rows 1 to 20 and column (4) are left to be filled from the payroll.",
		"Items 9(c) \"Total tax paid\" and 9(d) \"Date of payment into Government treasury\" and the employer's declaration are unconfirmed and are not printed.",
	}
	if a.Unrecorded > 0 {
		c.Notes = append(c.Notes, fmt.Sprintf("Item 9(a) counts gstdesk's computed TDS for %d month(s) with no deduction recorded.", a.Unrecorded))
	}
	if fy >= 2026 {
		c.Notes = append([]string{"The fields and rows of Form No. 123 (Income-tax Rules 2026, p.716) are unconfirmed: this statement follows Form 12BA's fields and rows; under the Income-tax Act 2025 perquisites are section 17 and profits in lieu of salary section 18, and salary TDS is section 392."}, c.Notes...)
	}
	c.Sign = signature(emp)
	return c
}

// Certificates are an employee's year-end forms: Form 16 Part B (FY 2025-26 and before) or Form
// No. 130 (tax year 2026-27), and Form 12BA / Form No. 123 where there are perquisites.
func Certificates(fy tds.FY, emp Employer, a *Annual) ([]Cert, error) {
	var main Cert
	var err error
	if fy >= 2026 {
		main, err = Form130(fy, emp, a)
	} else {
		main, err = Form16B(fy, emp, a)
	}
	if err != nil {
		return nil, err
	}
	out := []Cert{main}
	if a.HasPerquisites() {
		out = append(out, Form12BA(fy, emp, a))
	}
	for i := range out {
		out[i].Employee, out[i].PAN = a.Employee.Code, a.Employee.PAN
	}
	return out, nil
}

// fileKey is an employee's part of a form's file name: the code as it is when it is made of
// letters, digits, - and _ only; otherwise the code with every other character made _ and the
// last four characters of the PAN after it ("A/B" -> "A_B-234F"), so the file is never named what
// another employee's code ("A_B") would make. Two names that still meet are told apart by the
// folder the forms are written to (export.Folder), which reports each rename.
func fileKey(code, pan string) string {
	s := safeName(code)
	if s == code {
		return s
	}
	tail := safeName(strings.ToUpper(strings.TrimSpace(pan)))
	if len(tail) > 4 {
		tail = tail[len(tail)-4:]
	}
	if pan == "" || tail == "employee" {
		h := fnv.New32a()
		h.Write([]byte(code))
		tail = fmt.Sprintf("%08x", h.Sum32())[:6]
	}
	return s + "-" + tail
}

// safeName keeps letters, digits, - and _ of an employee code for a file name.
func safeName(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' {
			b.WriteRune(r)
		} else {
			b.WriteByte('_')
		}
	}
	if b.Len() == 0 {
		return "employee"
	}
	return b.String()
}
