package sheet

import (
	"archive/zip"
	"errors"
	"io"
	"strings"

	"github.com/xuri/excelize/v2"

	"gstdesk/backend/apperr"
)

// maxOtherBytes bounds what excelize keeps in memory of a workbook besides its sheets and shared
// strings (styles, themes, pictures), summed over the parts.
const maxOtherBytes = 64 << 20

// excelBook is a workbook read by excelize, for what the scanner does not read.
type excelBook struct {
	f        *excelize.File
	sheets   []string
	hidden   []string // sheets the person does not see
	date1904 bool     // serial dates count from 1904
}

// openExcel opens the workbook with excelize after checking the sizes the zip declares (Go's zip
// reader refuses to unpack more than an entry declares), and with excelize's own unzip limits set
// from the Limits: sheets bigger than its XML limit are unpacked to a temporary file, not memory.
func openExcel(f *File, zr *zip.Reader) (ex *excelBook, err error) {
	defer func() {
		if p := recover(); p != nil { // excelize has panicked on malformed files
			ex, err = nil, apperr.Wrap(apperr.Invalid, ErrFormat, "%s is not an Excel workbook gstdesk can read: open it in Excel, save it as .xlsx, and choose that.", f.name)
		}
	}()
	lim := f.lim
	var total, other int64
	for _, zf := range zr.File {
		size := int64(zf.UncompressedSize64)
		if zf.UncompressedSize64 > 1<<62 {
			size = 1 << 62
		}
		name := strings.ToLower(zf.Name)
		switch {
		case strings.HasPrefix(name, "xl/worksheets/"), name == "xl/sharedstrings.xml":
			if size > lim.MaxSheetBytes {
				label := zf.Name
				if strings.HasPrefix(name, "xl/worksheets/") {
					label = "sheet " + strings.TrimSuffix(baseName(zf.Name), ".xml")
				}
				return nil, f.partTooBig(label, lim.MaxSheetBytes)
			}
		default:
			other += size
			if other > maxOtherBytes {
				return nil, f.partTooBig(zf.Name, maxOtherBytes)
			}
		}
		total += size
	}
	xmlLimit := min(int64(excelize.StreamChunkSize), lim.MaxSheetBytes)
	opts := excelize.Options{UnzipSizeLimit: max(total, xmlLimit), UnzipXMLSizeLimit: xmlLimit}
	ef, err := excelize.OpenReader(io.NewSectionReader(f.ra, 0, f.size), opts)
	if err != nil {
		if ef != nil {
			ef.Close()
		}
		return nil, apperr.Wrap(apperr.Invalid, errors.Join(ErrFormat, err), "%s is not an Excel workbook gstdesk can read (%v): open it in Excel, save it as .xlsx, and choose that.", f.name, err)
	}
	sheets := ef.GetSheetList()
	if len(sheets) == 0 {
		ef.Close()
		return nil, apperr.Wrap(apperr.Invalid, ErrFormat, "%s has no sheets.", f.name)
	}
	// The sheets a person sees, the one the workbook opens on first (as the fast scanner lists them).
	active := ef.GetActiveSheetIndex()
	var visible, hidden []string
	for i, name := range sheets {
		if v, err := ef.GetSheetVisible(name); err == nil && !v {
			hidden = append(hidden, name)
			continue
		}
		if i == active {
			visible = append([]string{name}, visible...)
		} else {
			visible = append(visible, name)
		}
	}
	if len(visible) == 0 {
		ef.Close()
		return nil, apperr.Wrap(apperr.Invalid, ErrFormat, "%s: every sheet is hidden (%s). Unhide the sheet to read in Excel or LibreOffice, save, and choose the file again.", f.name, strings.Join(hidden, ", "))
	}
	ex = &excelBook{f: ef, sheets: visible, hidden: hidden}
	if p, err := ef.GetWorkbookProps(); err == nil && p.Date1904 != nil {
		ex.date1904 = *p.Date1904
	}
	return ex, nil
}

func baseName(name string) string {
	if i := strings.LastIndexByte(name, '/'); i >= 0 {
		return name[i+1:]
	}
	return name
}

func (ex *excelBook) close() error { return ex.f.Close() }

// rows streams a sheet through excelize's row iterator, from the row after `after`.
func (ex *excelBook) rows(f *File, sheet string, after int, yield func(*Row, error) bool) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = apperr.Wrap(apperr.Invalid, ErrFormat, "%s could not be read: the workbook is damaged. Open it in Excel, save it again, and choose that.", where(f.name, sheet, 0, -1))
		}
	}()
	rs, err := ex.f.Rows(sheet)
	if err != nil {
		return apperr.Wrap(apperr.Invalid, errors.Join(ErrFormat, err), "%s could not be read (%v).", where(f.name, sheet, 0, -1), err)
	}
	defer rs.Close()
	row := &Row{}
	rows := 0
	for n := 1; rs.Next(); n++ {
		cells, err := rs.Columns(excelize.Options{RawCellValue: true})
		if err != nil {
			return apperr.Wrap(apperr.Invalid, errors.Join(ErrFormat, err), "%s could not be read (%v).", where(f.name, sheet, n, -1), err)
		}
		if len(cells) == 0 {
			continue
		}
		rows++
		if rows > f.lim.MaxRows {
			return f.tooManyRows(sheet)
		}
		if n <= after {
			continue
		}
		for i, c := range cells {
			if err := f.checkCell(sheet, n, i, c); err != nil {
				return err
			}
		}
		row.Number, row.Cells = n, cells
		if !yield(row, nil) {
			return errStop
		}
	}
	if err := rs.Error(); err != nil {
		return apperr.Wrap(apperr.Invalid, errors.Join(ErrFormat, err), "%s could not be read (%v).", where(f.name, sheet, 0, -1), err)
	}
	return nil
}
