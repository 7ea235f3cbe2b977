package tdsyear

import (
	"fmt"
	"io"
	"strings"
	"time"

	"codeberg.org/go-pdf/fpdf"
	"github.com/xuri/excelize/v2"

	"gstdesk/backend/export"
)

// WritePDF writes the form as an A4 PDF (core fonts, so amounts read "Rs." as the forms print
// them, never a glyph the font lacks).
func (c *Cert) WritePDF(w io.Writer, made time.Time) error {
	pdf := fpdf.New("P", "mm", "A4", "")
	pdf.SetMargins(12, 12, 12)
	pdf.SetAutoPageBreak(true, 14)
	pdf.SetCreationDate(made)
	pdf.SetModificationDate(made)
	tr := pdf.UnicodeTranslatorFromDescriptor("")
	pdf.SetTitle(tr(strings.Join(c.Title, " ")), false)
	pdf.SetCreator("gstdesk", false)
	pdf.SetFooterFunc(func() {
		pdf.SetY(-10)
		pdf.SetFont("Helvetica", "I", 7)
		pdf.CellFormat(0, 4, fmt.Sprintf("Page %d", pdf.PageNo()), "", 0, "R", false, 0, "")
	})
	pdf.AddPage()
	pageW, _ := pdf.GetPageSize()
	width := pageW - 24
	for i, t := range c.Title {
		size, style := 9.0, ""
		if i == 0 {
			size, style = 12, "B"
		}
		pdf.SetFont("Helvetica", style, size)
		pdf.MultiCell(width, 5, tr(t), "", "C", false)
	}
	pdf.Ln(2)
	pdf.SetFont("Helvetica", "", 8)
	for _, h := range c.Header {
		y := pdf.GetY()
		pdf.SetFont("Helvetica", "B", 8)
		pdf.MultiCell(width*0.45, 4.2, tr(h[0]), "", "L", false)
		y2 := pdf.GetY()
		pdf.SetXY(12+width*0.45, y)
		pdf.SetFont("Helvetica", "", 8)
		pdf.MultiCell(width*0.55, 4.2, tr(h[1]), "", "L", false)
		pdf.SetY(max(y2, pdf.GetY()))
	}
	pdf.Ln(2)
	noW := 10.0
	amtW := 38.0
	if len(c.Columns) > 1 {
		amtW = 34
	}
	cols := max(1, len(c.Columns))
	labelW := width - noW - amtW*float64(cols)
	// The column heads.
	pdf.SetFont("Helvetica", "B", 7.5)
	y := pdf.GetY()
	pdf.SetXY(12+noW, y)
	pdf.MultiCell(labelW, 4, "Particulars", "B", "L", false)
	h := pdf.GetY() - y
	for k, t := range c.Columns {
		pdf.SetXY(12+noW+labelW+amtW*float64(k), y)
		pdf.MultiCell(amtW, 4, tr(t), "B", "R", false)
		h = max(h, pdf.GetY()-y)
	}
	pdf.SetY(y + h + 1)
	for _, r := range c.Rows {
		style := ""
		if r.Heading {
			style = "B"
		}
		pdf.SetFont("Helvetica", style, 8)
		lines := pdf.SplitText(tr(r.Label), labelW)
		amountLines := 1
		if cols == 1 && len(r.Amounts) > 1 {
			amountLines = len(r.Amounts)
		}
		rowH := 4.0 * float64(max(len(lines), amountLines))
		if pdf.GetY()+rowH > 283 {
			pdf.AddPage()
		}
		y := pdf.GetY()
		pdf.SetXY(12, y)
		pdf.CellFormat(noW, 4, tr(r.No), "", 0, "L", false, 0, "")
		pdf.SetXY(12+noW, y)
		pdf.MultiCell(labelW, 4, tr(r.Label), "", "L", false)
		pdf.SetFont("Helvetica", "", 8)
		if cols == 1 {
			var parts []string
			for _, a := range r.Amounts {
				parts = append(parts, a.String())
			}
			pdf.SetXY(12+noW+labelW, y)
			pdf.MultiCell(amtW, 4, tr(strings.Join(parts, "\n")), "", "R", false)
		} else {
			for k, a := range r.Amounts {
				pdf.SetXY(12+noW+labelW+amtW*float64(k), y)
				pdf.CellFormat(amtW, 4, tr(a.String()), "", 0, "R", false, 0, "")
			}
		}
		pdf.SetY(y + rowH + 0.6)
	}
	if len(c.Notes) > 0 {
		pdf.Ln(2)
		pdf.SetFont("Helvetica", "B", 8)
		pdf.MultiCell(width, 4, "Notes by gstdesk", "", "L", false)
		pdf.SetFont("Helvetica", "", 7.5)
		for _, n := range c.Notes {
			pdf.MultiCell(width, 3.8, tr("- "+n), "", "L", false)
		}
	}
	pdf.Ln(3)
	for i, s := range c.Sign {
		style := ""
		if i == 0 && s == "Verification" {
			style = "B"
		}
		pdf.SetFont("Helvetica", style, 8)
		pdf.MultiCell(width, 4.2, tr(s), "", "L", false)
	}
	if err := pdf.Output(w); err != nil {
		return fmt.Errorf("tdsyear: %s pdf: %w", c.Kind, err)
	}
	return nil
}

// WriteXLSX writes the same content as a workbook: the heading, the header fields, the rows with
// their amounts as numbers, the notes and the signature lines.
func (c *Cert) WriteXLSX(w io.Writer) error {
	f := export.NewFile()
	defer f.Close()
	const sh = "form"
	f.SetSheetName("Sheet1", sh)
	bold, _ := f.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true}})
	fmtStr := export.IndianMoneyFormat
	money, _ := f.NewStyle(&excelize.Style{CustomNumFmt: &fmtStr})
	wrap, _ := f.NewStyle(&excelize.Style{Alignment: &excelize.Alignment{WrapText: true, Vertical: "top"}})
	r := 1
	cell := func(col, row int) string { n, _ := excelize.CoordinatesToCellName(col, row); return n }
	for _, t := range c.Title {
		f.SetCellStr(sh, cell(1, r), t)
		f.SetCellStyle(sh, cell(1, r), cell(1, r), bold)
		r++
	}
	r++
	for _, h := range c.Header {
		f.SetCellStr(sh, cell(1, r), h[0])
		f.SetCellStr(sh, cell(3, r), h[1])
		r++
	}
	r++
	f.SetCellStr(sh, cell(1, r), "No.")
	f.SetCellStr(sh, cell(2, r), "Particulars")
	for k, t := range c.Columns {
		f.SetCellStr(sh, cell(3+2*k, r), "")
		f.SetCellStr(sh, cell(4+2*k, r), t)
	}
	f.SetCellStyle(sh, cell(1, r), cell(3+2*max(1, len(c.Columns)), r), bold)
	r++
	for _, row := range c.Rows {
		f.SetCellStr(sh, cell(1, r), row.No)
		f.SetCellStr(sh, cell(2, r), row.Label)
		f.SetCellStyle(sh, cell(2, r), cell(2, r), wrap)
		if row.Heading {
			f.SetCellStyle(sh, cell(1, r), cell(2, r), bold)
		}
		for k, a := range row.Amounts {
			if a.Label != "" {
				f.SetCellStr(sh, cell(3+2*k, r), a.Label)
			}
			switch {
			case a.Money:
				f.SetCellValue(sh, cell(4+2*k, r), float64(a.Value)/100)
				f.SetCellStyle(sh, cell(4+2*k, r), cell(4+2*k, r), money)
			case a.Text != "":
				f.SetCellStr(sh, cell(4+2*k, r), a.Text)
			}
		}
		r++
	}
	r++
	if len(c.Notes) > 0 {
		f.SetCellStr(sh, cell(1, r), "Notes by gstdesk")
		f.SetCellStyle(sh, cell(1, r), cell(1, r), bold)
		r++
		for _, n := range c.Notes {
			f.SetCellStr(sh, cell(1, r), n)
			r++
		}
		r++
	}
	for _, s := range c.Sign {
		f.SetCellStr(sh, cell(1, r), s)
		r++
	}
	f.SetColWidth(sh, "A", "A", 8)
	f.SetColWidth(sh, "B", "B", 90)
	f.SetColWidth(sh, "C", "H", 16)
	if _, err := f.WriteTo(w); err != nil {
		return fmt.Errorf("tdsyear: %s xlsx: %w", c.Kind, err)
	}
	return nil
}
