package payroll

import (
	"fmt"
	"io"
	"slices"

	"github.com/xuri/excelize/v2"

	"gstdesk/backend/export"
	"gstdesk/backend/tds"
)

// TemplateSheet is the name of the template's sheet of employees.
const TemplateSheet = "employees"

// exampleRows are the demo employees of a filled template: values by column key.
var exampleRows = []map[string]string{
	{ColCode: "EMP001", ColName: "Asha Rao", ColPAN: "ABCPR1234K", "salary_as_per_provisions_contained_in_section_17_1": "1285000", "tax_on_employment_us_16_iii": "2400", "deductible_amount_us_80_c": "150000", "gross_amount_us_80_c": "150000"},
	{ColCode: "EMP002", ColName: "Vikram Shah", ColPAN: "BCDPS2345L", "salary_as_per_provisions_contained_in_section_17_1": "2400000", "house_rent_allowance_us_10_13_a": "360000", "deductible_amount_us_80_c": "150000", "gross_amount_us_80_c": "180000", "deductible_amount_us_80_d": "25000", "gross_amount_us_80_d": "25000", "deductible_amount_us_80_ccd_1_b": "50000", "gross_amount_us_80_ccd_1_b": "50000", "income_from_house_property_reported_by_employee_offered_for_tds": "-200000", "tax_on_employment_us_16_iii": "2500", ColDeducted: "180000"},
	{ColCode: "EMP003", ColName: "Meena Iyer", ColPAN: "CDEPI3456M", tds.KeyEmployeeCategory: "senior_citizen", "salary_as_per_provisions_contained_in_section_17_1": "780000", "deductible_amount_us_80_d": "50000", "gross_amount_us_80_d": "50000", "deductible_amount_us_80_tta": "10000", "gross_amount_us_80_tta": "12000", "qualifying_amount_us_80_tta": "10000"},
	{ColCode: "EMP004", ColName: "Rahul Verma", ColPAN: "", tds.KeyPANStatus: "PANNOTAVBL", "salary_as_per_provisions_contained_in_section_17_1": "960000"},
	{ColCode: "EMP005", ColName: "Farah Khan", ColPAN: "EFGPK5678P", "salary_as_per_provisions_contained_in_section_17_1": "6200000", "value_of_perquisites_us_17_2": "240000", "deductible_amount_us_80_ccd_2": "500000", "gross_amount_us_80_ccd_2": "500000", ColDeducted: "1200000"},
}

// Template writes the XLSX template: a sheet "employees" whose first row has every column's title
// (each with a note describing it; the reader takes titles and keys alike) followed by example rows, and a sheet "columns" listing each
// column with its friendly title, description, example and whether it is required. With filled set, the example rows
// are five demo employees; otherwise one example row to overwrite.
func Template(w io.Writer, filled bool) error {
	return TemplateWith(w, TemplateOptions{Filled: filled})
}

// TemplateOptions shape a template made for another kind of file read with the payroll's
// columns (a month of the TDS year): columns left out, columns added after the payroll's, and
// the example row's values where they differ.
type TemplateOptions struct {
	Filled   bool
	Drop     []string          // keys of the payroll's columns to leave out
	Extra    []Target          // further columns, after the payroll's
	Examples map[string]string // the example row's value by key, over the columns' own examples
}

// TemplateWith is Template with options.
func TemplateWith(w io.Writer, opt TemplateOptions) error {
	columns := make([]Target, 0, len(targets)+len(opt.Extra))
	for _, t := range targets {
		if !slices.Contains(opt.Drop, t.Key) {
			columns = append(columns, t)
		}
	}
	columns = append(columns, opt.Extra...)
	filled := opt.Filled
	f := excelize.NewFile()
	defer f.Close()
	if err := f.SetSheetName("Sheet1", TemplateSheet); err != nil {
		return fmt.Errorf("payroll: template: %w", err)
	}
	bold, _ := f.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true}, Fill: excelize.Fill{Type: "pattern", Pattern: 1, Color: []string{"E8EEF7"}}})
	money, _ := f.NewStyle(&excelize.Style{CustomNumFmt: ptr(export.IndianMoneyFormat)})
	rows := exampleRows
	if !filled {
		one := map[string]string{}
		for _, t := range columns {
			one[t.Key] = t.Example
			if v, ok := opt.Examples[t.Key]; ok {
				one[t.Key] = v
			}
		}
		rows = []map[string]string{one}
	}
	for i, t := range columns {
		cell, _ := excelize.CoordinatesToCellName(i+1, 1)
		// The header row is in words (the reader takes titles as well as keys); the note says more.
		f.SetCellValue(TemplateSheet, cell, t.Title)
		f.AddComment(TemplateSheet, excelize.Comment{Cell: cell, Author: "gstdesk", Paragraph: []excelize.RichTextRun{{Text: t.Title + ": " + t.Description}}})
		col := ColumnName(i)
		width := float64(len(t.Title)) * 1.1
		if width < 12 {
			width = 12
		}
		f.SetColWidth(TemplateSheet, col, col, width)
		for r, row := range rows {
			cell, _ := excelize.CoordinatesToCellName(i+1, r+2)
			v, ok := row[t.Key]
			if !ok {
				v = "0"
				switch t.Key {
				case ColName, ColCode, ColPAN, ColRegime:
					v = ""
				case tds.KeyPANStatus:
					v = "PANISVALID"
				case tds.KeyEmployeeCategory:
					v = "general"
				}
			}
			if isAmountKey(t.Key) {
				p, err := parseMoney(v)
				if err == nil {
					f.SetCellValue(TemplateSheet, cell, cellAmount(p))
					f.SetCellStyle(TemplateSheet, cell, cell, money)
					continue
				}
			}
			f.SetCellStr(TemplateSheet, cell, v)
		}
	}
	last, _ := excelize.CoordinatesToCellName(len(columns), 1)
	f.SetCellStyle(TemplateSheet, "A1", last, bold)
	f.SetPanes(TemplateSheet, &excelize.Panes{Freeze: true, Split: false, XSplit: 2, YSplit: 1, TopLeftCell: "C2", ActivePane: "bottomRight"})

	const cols = "columns"
	f.NewSheet(cols)
	for i, h := range []string{"column", "title", "description", "example", "required"} {
		cell, _ := excelize.CoordinatesToCellName(i+1, 1)
		f.SetCellStr(cols, cell, h)
	}
	f.SetCellStyle(cols, "A1", "E1", bold)
	for r, t := range columns {
		required := "no"
		if t.Required {
			required = "yes"
		}
		for c, v := range []string{t.Key, t.Title, t.Description, t.Example, required} {
			cell, _ := excelize.CoordinatesToCellName(c+1, r+2)
			f.SetCellStr(cols, cell, v)
		}
	}
	f.SetColWidth(cols, "A", "A", 62)
	f.SetColWidth(cols, "B", "B", 32)
	f.SetColWidth(cols, "C", "C", 90)
	f.SetColWidth(cols, "D", "D", 14)
	f.SetColWidth(cols, "E", "E", 10)
	f.SetActiveSheet(0)
	if _, err := f.WriteTo(w); err != nil {
		return fmt.Errorf("payroll: template: %w", err)
	}
	return nil
}

func isAmountKey(k string) bool {
	_, ok := fieldByKey[k]
	return ok || k == ColDeducted
}

func ptr[T any](v T) *T { return &v }
