package lookup

import (
	"bytes"
	"io"
	"path/filepath"
	"regexp"
	"strings"

	"gstdesk/backend/apperr"
	"gstdesk/backend/sheet"
)

// MaxListBytes bounds a file of GSTINs: 64 MB (and a million rows) is far more than a bulk check takes.
const MaxListBytes = 64 << 20

var columnLimits = sheet.Limits{MaxFileBytes: MaxListBytes, MaxRows: 1 << 20}

var gstinLike = regexp.MustCompile(`[0-9A-Za-z]{15}`)

// GSTINColumn reads the GSTINs of a CSV or XLSX file held in memory; see ReadGSTINColumn.
func GSTINColumn(name string, data []byte, column string) ([]string, error) {
	return ReadGSTINColumn(name, bytes.NewReader(data), int64(len(data)), column)
}

// ReadGSTINColumn reads the GSTINs of a CSV or XLSX file (the first sheet) of size bytes, row by
// row: the column named column (case-insensitive), else the first column whose header mentions
// GSTIN, else the first column with a GSTIN-like value (the file then has no header row). Blank
// cells are skipped; values are trimmed and otherwise kept as written for the local checks.
func ReadGSTINColumn(name string, r io.ReaderAt, size int64, column string) ([]string, error) {
	var format sheet.Format
	switch strings.ToLower(filepath.Ext(name)) {
	case ".xlsx":
		format = sheet.XLSX
	case ".csv", ".txt":
		format = sheet.CSV
	default:
		return nil, apperr.New(apperr.Invalid, "%s: choose a .csv or .xlsx file.", name)
	}
	f, err := sheet.Open(name, r, size, sheet.Options{Format: format, Limits: columnLimits, LazyQuotes: true})
	if err != nil {
		return nil, err
	}
	defer f.Close()
	first := f.Sheets()[0]
	col, start := -1, 0
	empty := true
	for row, err := range f.Rows(first) {
		if err != nil {
			return nil, err
		}
		empty = false
		for i, h := range row.Cells {
			h = strings.ToLower(strings.TrimSpace(h))
			if (column != "" && h == strings.ToLower(column)) || (column == "" && col < 0 && strings.Contains(h, "gstin")) {
				col = i
			}
		}
		start = row.Number + 1
		break
	}
	if empty {
		return nil, apperr.New(apperr.Invalid, "%s is empty.", name)
	}
	if col < 0 {
		if column != "" {
			return nil, apperr.New(apperr.Invalid, "%s has no column %q.", name, column)
		}
		// No header: the first GSTIN-like value, read from the top, names the column.
		start = 0
		for row, err := range f.Rows(first) {
			if err != nil {
				return nil, err
			}
			for i, c := range row.Cells {
				if gstinLike.MatchString(c) {
					col = i
					break
				}
			}
			if col >= 0 {
				break
			}
		}
	}
	if col < 0 {
		return nil, apperr.New(apperr.Invalid, "%s has no column of GSTINs: name one with a header containing \"GSTIN\".", name)
	}
	var out []string
	for row, err := range f.Rows(first) {
		if err != nil {
			return nil, err
		}
		if row.Number < start || col >= len(row.Cells) {
			continue
		}
		if v := strings.TrimSpace(row.Cells[col]); v != "" {
			out = append(out, strings.Clone(v))
		}
	}
	return out, nil
}
