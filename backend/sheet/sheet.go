// Package sheet reads the rows of a spreadsheet file, CSV (comma, semicolon or tab separated) or
// XLSX, under one set of limits. It streams: a row at a time, never the whole sheet, with the
// size of the file checked before it is read, and for XLSX the declared and the actual unpacked
// size of every part checked before memory grows. XLSX sheets are read by a hand-written scanner
// of the sheet XML (about ten times quicker than excelize's row iterator); excelize reads what the
// scanner does not understand.
package sheet

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"iter"
	"os"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"gstdesk/backend/apperr"
	"gstdesk/backend/infile"
)

// Format is the kind of a spreadsheet file.
type Format string

// The formats the reader reads.
const (
	CSV  Format = "csv"  // text, one record a line, separated by commas, semicolons or tabs
	XLSX Format = "xlsx" // an Office Open XML workbook
)

// Limits bound what a file may make the reader do, so a wrong or hostile file is refused with a
// message instead of exhausting memory or time. A zero field takes the DefaultLimits value.
type Limits struct {
	// MaxFileBytes is the largest file read at all; checked against the size before reading.
	MaxFileBytes int64
	// MaxSheetBytes is the most an XML part of an XLSX (a sheet, the shared strings) may unpack to:
	// the size the zip declares is checked before unpacking, the bytes unpacked while streaming.
	MaxSheetBytes int64
	// MaxSharedStringBytes is the most text the shared strings of an XLSX may hold in memory.
	MaxSharedStringBytes int64
	// MaxSharedStrings is the most shared strings an XLSX may have.
	MaxSharedStrings int
	// MaxRows is the most rows (with something in them) a sheet may have.
	MaxRows int
	// MaxColumns is the most columns a row may have.
	MaxColumns int
	// MaxCellBytes is the longest a cell's text may be.
	MaxCellBytes int
	// MaxRowBytes is the longest a row may be as written in the file (a CSV record, a row's XML).
	MaxRowBytes int
}

// DefaultLimits are generous for real registers and payrolls and small enough for a desktop: 256 MB
// of file, 768 MB unpacked a sheet (a 200,000-row payroll of 62 columns is 451 MB), 128 MB and 4 million shared strings, Excel's own 1,048,576
// rows and 16,384 columns, 128 KB a cell and 16 MB a row.
var DefaultLimits = Limits{
	MaxFileBytes:         256 << 20,
	MaxSheetBytes:        768 << 20,
	MaxSharedStringBytes: 128 << 20,
	MaxSharedStrings:     4 << 20,
	MaxRows:              1 << 20,
	MaxColumns:           16384,
	MaxCellBytes:         128 << 10,
	MaxRowBytes:          16 << 20,
}

// withDefaults fills the zero fields from DefaultLimits.
func (l Limits) withDefaults() Limits {
	d := DefaultLimits
	orDefault(&l.MaxFileBytes, d.MaxFileBytes)
	orDefault(&l.MaxSheetBytes, d.MaxSheetBytes)
	orDefault(&l.MaxSharedStringBytes, d.MaxSharedStringBytes)
	orDefault(&l.MaxSharedStrings, d.MaxSharedStrings)
	orDefault(&l.MaxRows, d.MaxRows)
	orDefault(&l.MaxColumns, d.MaxColumns)
	orDefault(&l.MaxCellBytes, d.MaxCellBytes)
	orDefault(&l.MaxRowBytes, d.MaxRowBytes)
	return l
}

// orDefault sets a limit that is not positive to its default.
func orDefault[T int | int64](v *T, def T) {
	if *v <= 0 {
		*v = def
	}
}

// Options steer Open.
type Options struct {
	// Format of the file; "" detects it from the name's extension, then from the first bytes.
	Format Format
	// Limits; zero fields take DefaultLimits'.
	Limits Limits
	// Comma is the CSV separator; 0 picks the most frequent of , ; and tab in the first line.
	Comma rune
	// LazyQuotes lets a CSV have a quote inside an unquoted cell, as encoding/csv's option does.
	LazyQuotes bool
	// KeepFormulas hands a formula cell whose value was never saved to the caller, empty and
	// flagged (Row.Formula), for a reader that says more of it itself. Without it the reader
	// refuses such a cell, naming it: a figure read as 0 from a formula nobody calculated is a
	// wrong figure that looks right.
	KeepFormulas bool
}

// Errors a reader's errors wrap, to tell the kinds apart with errors.Is. Every error the reader
// returns is an *apperr.Error of kind Invalid whose message names the file (and the sheet, row and
// column where there is one) and says what to do.
var (
	// ErrLimit says the file, a sheet, a row or a cell is larger than a limit.
	ErrLimit = errors.New("sheet: over a limit")
	// ErrEncoding says the text is not UTF-8.
	ErrEncoding = errors.New("sheet: not UTF-8 text")
	// ErrFormat says the file is not the format it claims, or is damaged.
	ErrFormat = errors.New("sheet: not a readable spreadsheet")
)

// errUnsupported says the fast XLSX scanner does not read something: excelize takes over.
var errUnsupported = errors.New("sheet: unsupported by the scanner")

// Flag says something about a cell beyond its text.
type Flag uint8

// The flags of a cell.
const (
	// Date marks a number styled as a date or time (XLSX): the text is the serial number; Row.Date
	// turns it into a time.
	Date Flag = 1 << iota
	// Formula marks a formula cell with no cached value (XLSX saved by a program that does not
	// calculate): the text is "" though the cell is not empty.
	Formula
)

// Row is one row of a sheet. The reader reuses it and its Cells for the next row: copy what you
// keep.
type Row struct {
	// Number is the row's number as a person finds it: the XLSX row, or the CSV line the record
	// starts on (1-based, the header's included).
	Number int
	// Cells are the row's values by column (A is 0); a missing cell is "". XLSX numbers are as
	// written (raw, unformatted).
	Cells []string
	// Offset is how far the reader is, in bytes of the file (CSV) or of the unpacked sheet (XLSX),
	// at the end of this row; with Size it estimates how many rows are still to come.
	Offset int64
	flags  []Flag // by column; nil when no cell has a flag
	book   *xlsxBook
}

// Is reports whether cell i has flag f.
func (r *Row) Is(i int, f Flag) bool {
	return i >= 0 && i < len(r.flags) && r.flags[i]&f != 0
}

// Formula reports whether cell i is a formula without a cached value.
func (r *Row) Formula(i int) bool { return r.Is(i, Formula) }

func (r *Row) setFlag(i int, f Flag) {
	for len(r.flags) <= i {
		r.flags = append(r.flags, 0)
	}
	r.flags[i] |= f
}

// File is an opened spreadsheet.
type File struct {
	name   string // as errors name it
	format Format
	size   int64
	lim    Limits
	ra     io.ReaderAt
	csv    csvOptions
	// keepFormulas is Options.KeepFormulas.
	keepFormulas bool
	book         *xlsxBook // XLSX through the fast scanner; nil when excelize reads the whole file
	ex           *excelBook
	closer       io.Closer
}

// Open opens a spreadsheet of size bytes read from r; name is the file's name, used to detect the
// format and in messages. A file larger than the MaxFileBytes limit is refused before any of it is
// read. For XLSX, Open reads the workbook's sheet list, styles and shared strings (bounded by the
// limits); rows are read by Rows.
func Open(name string, r io.ReaderAt, size int64, opt Options) (*File, error) {
	lim := opt.Limits.withDefaults()
	f := &File{name: displayName(name), size: size, lim: lim, ra: r, csv: csvOptions{comma: opt.Comma, lazy: opt.LazyQuotes}, keepFormulas: opt.KeepFormulas}
	if size > lim.MaxFileBytes {
		return nil, tooBigFile(f.name, size, lim.MaxFileBytes)
	}
	format := opt.Format
	head := make([]byte, 512)
	n, _ := r.ReadAt(head, 0)
	head = head[:n]
	if format == "" {
		var err error
		if format, err = Detect(name, head); err != nil {
			return nil, err
		}
	}
	f.format = format
	switch format {
	case CSV:
		// A file of another kind named or taken as CSV (a PDF, an old .xls, a zip) is refused
		// here, once for every reader, instead of read as one column of noise.
		if what := notText(head); what != "" {
			return nil, apperr.Wrap(apperr.Invalid, ErrFormat, "%s is %s, not a CSV or XLSX sheet: export it from your accounting software or Excel as CSV or XLSX and choose that.", f.name, what)
		}
		return f, nil
	case XLSX:
		if err := f.openXLSX(); err != nil {
			return nil, err
		}
		return f, nil
	}
	return nil, apperr.Wrap(apperr.Invalid, ErrFormat, "%s: gstdesk reads CSV and XLSX sheets, not %q.", f.name, format)
}

// OpenFile opens the spreadsheet at path as Open does; it looks at the file's size first and
// refuses a file over the MaxFileBytes limit without reading it. Close the File when done.
func OpenFile(path string, opt Options) (*File, error) {
	lim := opt.Limits.withDefaults()
	name := filepath.Base(path)
	st, err := os.Stat(path)
	if err != nil {
		return nil, apperr.Wrap(apperr.Invalid, err, "%s could not be opened: %v.", name, errors.Unwrap(err))
	}
	if st.IsDir() {
		return nil, apperr.New(apperr.Invalid, "%s is a folder: choose a CSV or XLSX file.", name)
	}
	if st.Mode().IsRegular() && st.Size() > lim.MaxFileBytes {
		return nil, tooBigFile(name, st.Size(), lim.MaxFileBytes)
	}
	fh, size, err := infile.Open(path, lim.MaxFileBytes, "")
	if err != nil {
		return nil, err
	}
	if size < 0 { // a pipe or a device: read it counting, then as bytes
		defer fh.Close()
		data, err := infile.ReadAll(fh, name, size, lim.MaxFileBytes, "")
		if err != nil {
			return nil, err
		}
		return Open(path, bytes.NewReader(data), int64(len(data)), opt)
	}
	f, err := Open(path, fh, size, opt)
	if err != nil {
		fh.Close()
		return nil, err
	}
	f.closer = fh
	return f, nil
}

// Close releases the file OpenFile opened and anything excelize keeps; it is safe on a File from
// Open.
func (f *File) Close() error {
	var err error
	if f.ex != nil {
		err = f.ex.close()
	}
	if f.closer != nil {
		if e := f.closer.Close(); err == nil {
			err = e
		}
	}
	return err
}

// Name is the file's name as messages give it.
func (f *File) Name() string { return f.name }

// Format is the file's format.
func (f *File) Format() Format { return f.format }

// Size is the file's size in bytes.
func (f *File) Size() int64 { return f.size }

// Sheets lists the sheets a person sees, the one the workbook opens on first, then the others
// visible in workbook order; hidden sheets are left out (Hidden lists them). A CSV file has one
// sheet, named "".
func (f *File) Sheets() []string {
	switch {
	case f.format == CSV:
		return []string{""}
	case f.book != nil:
		return f.book.sheetNames()
	}
	return f.ex.sheets
}

// Hidden lists the sheets the workbook hides (none for CSV): a reader that found nothing on the
// visible sheets can say they were not read.
func (f *File) Hidden() []string {
	switch {
	case f.book != nil:
		return f.book.hiddenNames()
	case f.ex != nil:
		return f.ex.hidden
	}
	return nil
}

// SheetSize is the size, in the bytes Row.Offset counts, of a sheet: the file's size for CSV, the
// unpacked size of the sheet's XML for XLSX (0 when not known).
func (f *File) SheetSize(sheet string) int64 {
	if f.format == CSV {
		return f.size
	}
	if f.book != nil {
		if ref := f.book.sheet(sheet); ref != nil && ref.zf != nil {
			return int64(ref.zf.UncompressedSize64)
		}
	}
	return 0
}

// Rows streams the rows of a sheet that have something in them (XLSX) or that are records (CSV:
// encoding/csv skips empty lines), in order, the header row included. An error ends the rows:
// the loop sees it once, with a nil row.
//
//	for row, err := range f.Rows(sheet) { ... }
func (f *File) Rows(sheet string) iter.Seq2[*Row, error] {
	return func(yield func(*Row, error) bool) {
		var err error
		switch {
		case f.format == CSV:
			err = f.csvRows(yield)
		case f.book != nil:
			err = f.xlsxRows(sheet, yield)
		default:
			err = f.ex.rows(f, sheet, 0, yield)
		}
		if err != nil && err != errStop {
			yield(nil, err)
		}
	}
}

// errStop says the loop over the rows broke off.
var errStop = errors.New("sheet: stopped")

// Detect tells the format from the file name's extension, or else from its first bytes (a zip is
// XLSX, anything else CSV). An old Excel 97-2003 file is refused with what to do instead.
func Detect(name string, head []byte) (Format, error) {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".csv", ".txt", ".tsv":
		return CSV, nil
	case ".xlsx", ".xlsm":
		return XLSX, nil
	case ".xls":
		return "", apperr.Wrap(apperr.Invalid, ErrFormat, "%s is an old Excel 97-2003 file: open it in Excel, save it as .xlsx, and choose that.", displayName(name))
	}
	if strings.HasPrefix(string(head), "PK\x03\x04") {
		return XLSX, nil
	}
	return CSV, nil
}

// notText names what the first bytes of a file say it is when that is not text a CSV can be:
// "a PDF", "an old Excel 97-2003 file", "a zip file (an XLSX named .csv?)"; "" otherwise (other
// binary text is refused as the CSV reader reads it: "not a CSV text file").
func notText(head []byte) string {
	switch {
	case bytes.HasPrefix(head, []byte("%PDF")):
		return "a PDF"
	case bytes.HasPrefix(head, []byte("\xd0\xcf\x11\xe0")):
		return "an old Excel 97-2003 file"
	case bytes.HasPrefix(head, []byte("PK\x03\x04")):
		return "a zip file (an XLSX named as CSV?)"
	}
	return ""
}

func displayName(name string) string {
	if name == "" || name == "-" {
		return "standard input"
	}
	return filepath.Base(name)
}

// ColumnName is the spreadsheet name of a 0-based column: A, B, ... Z, AA, AB ...
func ColumnName(i int) string {
	var b []byte
	for i++; i > 0; i = (i - 1) / 26 {
		b = append([]byte{byte('A' + (i-1)%26)}, b...)
	}
	return string(b)
}

// where places a problem: "a.xlsx, sheet Staff, row 4, column C".
func where(file, sheet string, row, col int) string {
	s := file
	if sheet != "" {
		s += ", sheet " + sheet
	}
	if row > 0 {
		s += fmt.Sprintf(", row %d", row)
	}
	if col >= 0 {
		s += ", column " + ColumnName(col)
	}
	return s
}

// SizeText writes a byte count for a person: "1.5 GB", "64 MB", "12 KB".
func SizeText(n int64) string {
	switch {
	case n >= 1<<30:
		return trimZero(fmt.Sprintf("%.1f", float64(n)/(1<<30))) + " GB"
	case n >= 1<<20:
		return trimZero(fmt.Sprintf("%.1f", float64(n)/(1<<20))) + " MB"
	case n >= 1<<10:
		return fmt.Sprintf("%d KB", (n+1023)>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

func trimZero(s string) string { return strings.TrimSuffix(s, ".0") }

func tooBigFile(name string, size, max int64) error {
	return apperr.Wrap(apperr.Invalid, fmt.Errorf("%w: file of %d bytes", ErrLimit, size),
		"%s is %s; gstdesk reads files of at most %s. Split it into smaller files.", name, SizeText(size), SizeText(max))
}

// checkCell refuses a cell over the limits or not UTF-8.
func (f *File) checkCell(sheet string, row, col int, v string) error {
	if col >= f.lim.MaxColumns {
		return apperr.Wrap(apperr.Invalid, ErrLimit, "%s: the row has more than %d columns.", where(f.name, sheet, row, -1), f.lim.MaxColumns)
	}
	if len(v) > f.lim.MaxCellBytes {
		return apperr.Wrap(apperr.Invalid, ErrLimit, "%s: the cell is longer than %s.", where(f.name, sheet, row, col), SizeText(int64(f.lim.MaxCellBytes)))
	}
	if !utf8.ValidString(v) {
		return f.encodingError(sheet, row, col)
	}
	return nil
}

func (f *File) encodingError(sheet string, row, col int) error {
	if f.format == CSV {
		return apperr.Wrap(apperr.Invalid, ErrEncoding, "%s: the text is not UTF-8 (the file was saved in another encoding). Save it from Excel as \"CSV UTF-8\" and choose it again.", where(f.name, sheet, row, col))
	}
	return apperr.Wrap(apperr.Invalid, ErrEncoding, "%s: the text is not valid UTF-8.", where(f.name, sheet, row, col))
}

func (f *File) tooManyRows(sheet string) error {
	return apperr.Wrap(apperr.Invalid, ErrLimit, "%s has more than %d rows: split it into smaller files.", where(f.name, sheet, 0, -1), f.lim.MaxRows)
}
