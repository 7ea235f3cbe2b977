// Package export writes any table of gstdesk to CSV (UTF-8 with a BOM, so Excel opens it right; text
// that a spreadsheet would run as a formula is neutralised by SafeCell),
// JSON (an array of objects keyed by column) or XLSX (through excelize, with Indian number formats
// for money). Every screen's "Export" and every command's --format go through here.
package export

import (
	"archive/zip"
	"bufio"
	"cmp"
	"compress/flate"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/xuri/excelize/v2"

	"gstdesk/backend/apperr"
	"gstdesk/backend/money"
)

// Kind says how a column's values are written.
type Kind int

// Column kinds.
const (
	Text    Kind = iota // written as is
	Money               // rupees with paise: Indian grouping in XLSX (12,34,567.00)
	Integer             // a count
	Number              // a plain decimal such as a rate
	Date                // a date written DD/MM/YYYY, DD-MM-YYYY or YYYY-MM-DD: text in CSV/JSON, a real date in XLSX
	Period              // a return period YYYY-MM: as is in CSV/JSON, in XLSX a month shown "Apr 2025"
)

// Column is one column of a table: Key names it in JSON, Title heads it in CSV and XLSX (the same
// readable words in both; Key where a column has no Title).
type Column struct {
	Key   string `json:"key"`
	Title string `json:"title"`
	Kind  Kind   `json:"kind"`
}

// Table is what gets exported. Rows hold one value per column: string, int, int64, float64, bool,
// money.Paise (written as rupees: 1234.5 in CSV and JSON, a number in XLSX) or nil.
type Table struct {
	Name    string
	Columns []Column
	Rows    [][]any
	// More, when set, gives the rows after Rows one at a time, as they are read: a table too big
	// to hold (a register of 100,000 employees) is written without holding it. The writer is
	// done with a row when yield returns, so the row may be reused.
	More func(yield func(row []any) error) error
}

// each calls fn with every row of t, Rows first, numbered from 0.
func (t *Table) each(fn func(i int, row []any) error) error {
	for i, r := range t.Rows {
		if err := fn(i, r); err != nil {
			return err
		}
	}
	if t.More == nil {
		return nil
	}
	i := len(t.Rows)
	return t.More(func(r []any) error {
		err := fn(i, r)
		i++
		return err
	})
}

// Format is an export file format.
type Format string

// The formats gstdesk writes.
const (
	CSV  Format = "csv"
	JSON Format = "json"
	XLSX Format = "xlsx"
)

// ParseFormat reads a format name as typed by a person or a flag.
func ParseFormat(s string) (Format, error) {
	switch f := Format(strings.ToLower(strings.TrimPrefix(strings.TrimSpace(s), "."))); f {
	case CSV, JSON, XLSX:
		return f, nil
	}
	return "", apperr.New(apperr.Invalid, "Unknown export format %q: use csv, json or xlsx.", s)
}

// IndianMoneyFormat is the XLSX number format for rupees with lakh/crore grouping.
const IndianMoneyFormat = `[>=10000000]##\,##\,##\,##0.00;[>=100000]##\,##\,##0.00;##,##0.00`

// Write writes t to w in format f.
func Write(w io.Writer, f Format, t Table) error {
	switch f {
	case CSV:
		return writeCSV(w, t)
	case JSON:
		return writeJSON(w, t)
	case XLSX:
		return writeXLSX(w, t)
	}
	return apperr.New(apperr.Invalid, "Unknown export format %q: use csv, json or xlsx.", f)
}

// cell is v as a CSV field: text neutralised by SafeCell, numbers and money as plain numbers. The
// cell's Go type decides, never its text: money.Paise(-12345) is -123.45, money.Paise(100) is 1.00, the string "-5" is '-5.
func cell(v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case string:
		return SafeCell(x)
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	case money.Paise:
		return x.Decimal()
	default:
		if isText(x) {
			return SafeCell(fmt.Sprint(x))
		}
		return fmt.Sprint(x)
	}
}

func writeCSV(w io.Writer, t Table) error {
	bw := bufio.NewWriter(w)
	bw.WriteString("\ufeff")
	cw := csv.NewWriter(bw)
	head := make([]string, len(t.Columns))
	for i, c := range t.Columns {
		head[i] = SafeCell(cmp.Or(c.Title, c.Key))
	}
	cw.Write(head)
	rec := make([]string, len(t.Columns))
	if err := t.each(func(_ int, r []any) error {
		for i := range rec {
			rec[i] = ""
			if i < len(r) {
				rec[i] = cell(r[i])
			}
		}
		if err := cw.Write(rec); err != nil {
			return fmt.Errorf("export: csv: %w", err)
		}
		return nil
	}); err != nil {
		return err
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return fmt.Errorf("export: csv: %w", err)
	}
	return bw.Flush()
}

func writeJSON(w io.Writer, t Table) error {
	bw := bufio.NewWriter(w)
	bw.WriteString("[")
	keys := make([][]byte, len(t.Columns))
	for i, c := range t.Columns {
		keys[i], _ = json.Marshal(c.Key)
	}
	if err := t.each(func(ri int, r []any) error {
		if ri > 0 {
			bw.WriteString(",")
		}
		bw.WriteString("\n{")
		for i := range t.Columns {
			if i > 0 {
				bw.WriteString(",")
			}
			bw.Write(keys[i])
			bw.WriteString(":")
			var v any
			if i < len(r) {
				v = r[i]
			}
			if p, ok := v.(money.Paise); ok {
				bw.Write(p.AppendDecimal(nil))
				continue
			}
			b, err := json.Marshal(v)
			if err != nil {
				return fmt.Errorf("export: json row %d: %w", ri+1, err)
			}
			bw.Write(b)
		}
		bw.WriteString("}")
		return nil
	}); err != nil {
		return err
	}
	bw.WriteString("\n]\n")
	return bw.Flush()
}

func writeXLSX(w io.Writer, t Table) error { return WriteWorkbook(w, []Table{t}) }

// NewFile is a new XLSX workbook whose parts are compressed for speed (flate.BestSpeed): a
// 100-column sheet of 100,000 rows is some 300 MB of XML, which the default compression takes
// more CPU to squeeze than everything else that writes it; the file comes out a little larger.
func NewFile() *excelize.File {
	f := excelize.NewFile()
	f.SetZipWriter(func(w io.Writer) excelize.ZipWriter {
		zw := zip.NewWriter(w)
		zw.RegisterCompressor(zip.Deflate, fastDeflate)
		return zw
	})
	return f
}

// fastDeflate compresses a part of a workbook at flate.BestSpeed with a compressor taken from a
// pool: making one is dearer than compressing the small parts of a small workbook.
func fastDeflate(out io.Writer) (io.WriteCloser, error) {
	fw, ok := flateWriters.Get().(*flate.Writer)
	if ok {
		fw.Reset(out)
	} else {
		var err error
		if fw, err = flate.NewWriter(out, flate.BestSpeed); err != nil {
			return nil, err
		}
	}
	return &pooledFlate{fw}, nil
}

var flateWriters sync.Pool

// pooledFlate returns its compressor to the pool when closed.
type pooledFlate struct{ *flate.Writer }

func (p *pooledFlate) Close() error {
	if p.Writer == nil {
		return nil
	}
	err := p.Writer.Close()
	flateWriters.Put(p.Writer)
	p.Writer = nil
	return err
}

// WriteWorkbook writes tables as one XLSX workbook, a sheet per table in order, named by the
// table (cut to Excel's 31 characters, characters Excel refuses replaced, repeats numbered).
func WriteWorkbook(w io.Writer, tables []Table) error {
	f := NewFile()
	defer f.Close()
	used := map[string]bool{}
	for i, t := range tables {
		name := sheetName(t.Name, i, used)
		if i == 0 {
			if err := f.SetSheetName("Sheet1", name); err != nil {
				return fmt.Errorf("export: xlsx: %w", err)
			}
		} else if _, err := f.NewSheet(name); err != nil {
			return fmt.Errorf("export: xlsx: %w", err)
		}
		if err := writeSheet(f, name, t); err != nil {
			return err
		}
	}
	if _, err := f.WriteTo(w); err != nil {
		return fmt.Errorf("export: xlsx: %w", err)
	}
	return nil
}

// sheetName is a sheet name Excel accepts, unique among used.
func sheetName(name string, i int, used map[string]bool) string {
	name = strings.Map(func(r rune) rune {
		if strings.ContainsRune(`[]:*?/\`, r) {
			return '-'
		}
		return r
	}, strings.TrimSpace(name))
	if name == "" {
		name = "Sheet" + strconv.Itoa(i+1)
	}
	if r := []rune(name); len(r) > 31 {
		name = string(r[:31])
	}
	for n := 2; used[strings.ToLower(name)]; n++ {
		suffix := " " + strconv.Itoa(n)
		r := []rune(name)
		name = string(r[:min(len(r), 31-len(suffix))]) + suffix
	}
	used[strings.ToLower(name)] = true
	return name
}

// writeSheet writes t into the sheet name of f.
func writeSheet(f *excelize.File, name string, t Table) error {
	sw, err := f.NewStreamWriter(name)
	if err != nil {
		return fmt.Errorf("export: xlsx: %w", err)
	}
	bold, _ := f.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true}})
	moneyStyle, _ := f.NewStyle(&excelize.Style{CustomNumFmt: strPtr(IndianMoneyFormat)})
	dateStyle, _ := f.NewStyle(&excelize.Style{CustomNumFmt: strPtr("dd/mm/yyyy")})
	monthStyle, _ := f.NewStyle(&excelize.Style{CustomNumFmt: strPtr("mmm yyyy")})
	// The header row stays in view (frozen); set before the first row, as the stream writer needs.
	if err := sw.SetPanes(&excelize.Panes{Freeze: true, YSplit: 1, TopLeftCell: "A2", ActivePane: "bottomLeft"}); err != nil {
		return fmt.Errorf("export: xlsx: %w", err)
	}
	row := make([]any, len(t.Columns))
	put := func(ri int, r []any) error {
		for i, c := range t.Columns {
			var v any
			if i < len(r) {
				v = r[i]
			}
			if p, ok := v.(money.Paise); ok {
				v = p.Rupees()
			}
			switch {
			case c.Kind == Money && v != nil:
				row[i] = excelize.Cell{StyleID: moneyStyle, Value: v}
			case c.Kind == Date:
				if d, ok := parseDate(v); ok {
					row[i] = excelize.Cell{StyleID: dateStyle, Value: d}
				} else {
					row[i] = v
				}
			case c.Kind == Period:
				if d, ok := parsePeriod(v); ok {
					row[i] = excelize.Cell{StyleID: monthStyle, Value: d}
				} else {
					row[i] = v
				}
			default:
				row[i] = v
			}
		}
		addr, _ := excelize.CoordinatesToCellName(1, ri+2)
		if err := sw.SetRow(addr, row); err != nil {
			return fmt.Errorf("export: xlsx row %d: %w", ri+1, err)
		}
		return nil
	}
	// The widths come from the first rows, and the stream writer takes them before any row: the
	// first rows are held (copied, as More may reuse its row) until there are enough of them.
	var first [][]any
	started := false
	start := func() error {
		started = true
		for i, c := range t.Columns {
			sw.SetColWidth(i+1, i+1, columnWidth(c, i, first))
		}
		head := make([]any, len(t.Columns))
		for i, c := range t.Columns {
			title := c.Title
			if title == "" {
				title = c.Key
			}
			head[i] = excelize.Cell{StyleID: bold, Value: title}
		}
		if err := sw.SetRow("A1", head, excelize.RowOpts{}); err != nil {
			return fmt.Errorf("export: xlsx: %w", err)
		}
		for ri, r := range first {
			if err := put(ri, r); err != nil {
				return err
			}
		}
		return nil
	}
	if err := t.each(func(ri int, r []any) error {
		if started {
			return put(ri, r)
		}
		first = append(first, append([]any(nil), r...))
		if len(first) == widthRows {
			return start()
		}
		return nil
	}); err != nil {
		return err
	}
	if !started {
		if err := start(); err != nil {
			return err
		}
	}
	if err := sw.Flush(); err != nil {
		return fmt.Errorf("export: xlsx: %w", err)
	}
	return nil
}

// widthRows is how many of a table's first rows size its XLSX columns.
const widthRows = 200

func strPtr(s string) *string { return &s }

// parseDate reads a date cell written DD/MM/YYYY, DD-MM-YYYY or YYYY-MM-DD; a blank or anything
// else stays as it was.
func parseDate(v any) (time.Time, bool) {
	s, ok := v.(string)
	if !ok || s == "" {
		return time.Time{}, false
	}
	for _, layout := range []string{"02/01/2006", "02-01-2006", "2006-01-02"} {
		if d, err := time.Parse(layout, s); err == nil {
			return d, true
		}
	}
	return time.Time{}, false
}

// parsePeriod reads a return period YYYY-MM as the first day of its month.
func parsePeriod(v any) (time.Time, bool) {
	s, ok := v.(string)
	if !ok {
		return time.Time{}, false
	}
	d, err := time.Parse("2006-01", s)
	return d, err == nil
}

// columnWidth sizes a column to its title and the longest of its first rows' values (in
// characters, between 10 and 60), money at least 16.
func columnWidth(c Column, i int, rows [][]any) float64 {
	w := len([]rune(cmp.Or(c.Title, c.Key)))
	for _, r := range rows[:min(len(rows), widthRows)] {
		if i >= len(r) || r[i] == nil {
			continue
		}
		switch x := r[i].(type) {
		case string:
			w = max(w, len([]rune(x)))
		case money.Paise:
			w = max(w, len(x.Indian()))
		default:
			w = max(w, len(fmt.Sprint(x)))
		}
	}
	switch {
	case c.Kind == Date || c.Kind == Period:
		w = 10
	case c.Kind == Money:
		w = max(w, 14)
	}
	return float64(min(max(w+2, 10), 60))
}
