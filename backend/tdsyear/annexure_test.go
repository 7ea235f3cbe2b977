package tdsyear

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"gstdesk/backend/tds"
)

// specColumns is the salary_detail_table header as tds-2025-act.md §3.3 lists it, written out.
const specColumns = `payee_sr_no employment_from_date_epoch employment_to_date_epoch gross_salary_from_previous_employers tds_by_previous_employers
income_tax_payable surcharge health_and_education_cess tds_on_salary other_tds_or_tcs_amount_as_per_section_192_2b
salary_as_per_provisions_contained_in_section_17_1 value_of_perquisites_us_17_2 profits_in_lieu_of_salary_us_17_3
travel_concession_or_assistance_us_10_5 death_cum_retirement_gratuity_us_10_10 commuted_value_of_pension_us_10_10_a
cash_equivalent_of_leave_salary_encashment_us_10_10_aa house_rent_allowance_us_10_13_a other_special_allowances_under_section_10_14
landlord_1_name landlord_1_pan landlord_2_name landlord_2_pan landlord_3_name landlord_3_pan landlord_4_name landlord_4_pan
total_amount_of_any_other_exemption_us_10 standard_deduction_us_16_ia entertainment_allowance_us_16_ii tax_on_employment_us_16_iii
income_from_house_property_reported_by_employee_offered_for_tds
lender_1_name lender_1_pan lender_2_name lender_2_pan lender_3_name lender_3_pan lender_4_name lender_4_pan
income_under_the_head_other_sources_offered_for_tds
gross_amount_us_80_c deductible_amount_us_80_c gross_amount_us_80_ccc deductible_amount_us_80_ccc gross_amount_us_80_ccd_1 deductible_amount_us_80_ccd_1
gross_amount_us_80_ccd_1_b deductible_amount_us_80_ccd_1_b
gross_amount_us_80_ccd_2 deductible_amount_us_80_ccd_2 gross_amount_us_80_ccg deductible_amount_us_80_ccg gross_amount_us_80_cch deductible_amount_us_80_cch
gross_amount_us_80_d deductible_amount_us_80_d
gross_amount_us_80_dd deductible_amount_us_80_dd qualifying_amount_us_80_dd
gross_amount_us_80_e deductible_amount_us_80_e
gross_amount_us_80_ee deductible_amount_us_80_ee qualifying_amount_us_80_ee gross_amount_us_80_eea deductible_amount_us_80_eea qualifying_amount_us_80_eea
gross_amount_us_80_g deductible_amount_us_80_g qualifying_amount_us_80_g
gross_amount_us_80_gg deductible_amount_us_80_gg qualifying_amount_us_80_gg gross_amount_us_80_ggc deductible_amount_us_80_ggc qualifying_amount_us_80_ggc
gross_amount_us_80_tta deductible_amount_us_80_tta qualifying_amount_us_80_tta
gross_amount_us_80_ttb deductible_amount_us_80_ttb qualifying_amount_us_80_ttb gross_amount_us_80_u deductible_amount_us_80_u qualifying_amount_us_80_u
gross_amount_for_other_deductions deductible_amount_for_other_deductions qualifying_amount_for_other_deductions
relief_us_87_a relief_us_89 payments_from_super_annuation_fund name_of_fund fund_contribution_from fund_contribution_to
average_rate_of_deduction_of_tax tds_on_repayment_from_super_annuation_fund
gross_pension_under_194p interest_income_by_bank_under_194p net_tax_payable_under_194p`

func TestAnnexureColumnsAreTheSpecs(t *testing.T) {
	want := strings.Fields(specColumns)
	if len(want) != 100 || len(AnnexureColumns) != 100 {
		t.Fatalf("%d spec columns, %d written", len(want), len(AnnexureColumns))
	}
	for i := range want {
		if AnnexureColumns[i] != want[i] {
			t.Errorf("column %d = %s, want %s", i+1, AnnexureColumns[i], want[i])
		}
	}
}

// TestAnnexure: a short year, its annexure as JSON and XLSX, the figures from what was paid.
func TestAnnexure(t *testing.T) {
	for _, fy := range []tds.FY{2025, 2026} {
		db := openDB(t)
		for _, m := range []time.Month{time.April, time.May} {
			mustImport(t, db, fy, m, line{code: "E1", name: "Asha", salary: 200_000, pan: "ABCPE1234K"},
				line{code: "E2", name: "Ravi", regime: "old", salary: 100_000, ded80C: 150_000, hra: 60_000, joined: "01/04/" + map[tds.FY]string{2025: "2025", 2026: "2026"}[fy], pan: "BCDPE2345L"})
		}
		year, err := Year(context.Background(), db.DB, ws, fy, "")
		if err != nil || len(year) != 2 {
			t.Fatalf("year %+v %v", year, err)
		}
		a := BuildAnnexure(fy, Employer{Name: "Acme", TAN: "MUMA12345B"}, year)
		var b bytes.Buffer
		if err := a.WriteJSON(&b); err != nil {
			t.Fatal(err)
		}
		var wb struct {
			Name   string `json:"name"`
			Note   string `json:"note"`
			Sheets []struct {
				Name   string `json:"name"`
				Blocks []struct {
					Header []string `json:"header"`
					Rows   [][]any  `json:"rows"`
				} `json:"blocks"`
			} `json:"sheets"`
		}
		if err := json.Unmarshal(b.Bytes(), &wb); err != nil {
			t.Fatalf("%v\n%s", err, b.String())
		}
		sal := wb.Sheets[1].Blocks[0]
		if len(sal.Header) != 100 || len(sal.Rows) != 2 || len(sal.Rows[0]) != 100 {
			t.Fatalf("salary sheet %d columns, %d rows", len(sal.Header), len(sal.Rows))
		}
		col := func(row int, name string) any {
			for i, h := range sal.Header {
				if h == name {
					return sal.Rows[row][i]
				}
			}
			t.Fatalf("no column %s", name)
			return nil
		}
		e1 := year[0]
		// tds_on_salary is what was deducted (here gstdesk's TDS of the two months, none being
		// recorded: the note says so); income_tax_payable + surcharge + cess the year's liability.
		if col(0, "salary_as_per_provisions_contained_in_section_17_1") != 400_000.0 || col(0, "tds_on_salary") != float64(e1.Deducted) ||
			e1.Deducted == 0 || e1.Deducted == e1.Detail.TDSOnSalary ||
			col(0, "income_tax_payable").(float64)+col(0, "surcharge").(float64)+col(0, "health_and_education_cess").(float64) != float64(e1.Detail.Liability) {
			t.Errorf("E1 row: %v", sal.Rows[0])
		}
		if !strings.Contains(wb.Note, "For 2 employee(s) some months have no TDS deducted recorded") || !strings.Contains(wb.Note, "The year is not complete: for 2 employee(s)") ||
			strings.Contains(wb.Note, "deducted than the year's TDS") {
			t.Errorf("note %q", wb.Note)
		}
		// E2 opted out: the old regime's HRA and 80C are claimed; E1's new regime shows none.
		if col(1, "house_rent_allowance_us_10_13_a") != 60_000.0 || col(1, "deductible_amount_us_80_c") != 150_000.0 || col(1, "standard_deduction_us_16_ia") != 50_000.0 {
			t.Errorf("E2 row: %v", sal.Rows[1])
		}
		if col(0, "standard_deduction_us_16_ia") != 75_000.0 || col(0, "landlord_1_name") != nil {
			t.Errorf("E1 row: %v", sal.Rows[0])
		}
		payees := wb.Sheets[0].Blocks[0]
		if payees.Rows[0][3] != true || payees.Rows[1][3] != false {
			t.Errorf("opting_new_regime: %v", payees.Rows)
		}
		if fy == 2026 && (wb.Name != "form138_workbook" || !strings.Contains(wb.Note, "has no salary-detail sheet yet")) {
			t.Errorf("tax year 2026-27: %s %q", wb.Name, wb.Note)
		}
		if fy == 2025 && wb.Name != "form24q_workbook" {
			t.Errorf("FY 2025-26: %s", wb.Name)
		}
		b.Reset()
		if err := a.WriteXLSX(&b); err != nil {
			t.Fatal(err)
		}
		x, err := excelize.OpenReader(&b)
		if err != nil {
			t.Fatal(err)
		}
		rows, _ := x.GetRows("salary_detail_sheet")
		if len(rows) != 3 || strings.Join(rows[0], " ") != strings.Join(AnnexureColumns, " ") {
			t.Errorf("xlsx header %v", rows[0])
		}
	}
}
