package sheet

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"

	"gstdesk/backend/apperr"
)

type csvOptions struct {
	comma rune
	lazy  bool
}

// errRowTooLong is what the bounded reader gives encoding/csv when one record runs past the limit.
var errRowTooLong = errors.New("sheet: record too long")

// boundedReader stops a record from growing past a limit: encoding/csv reads a whole record
// (an unclosed quote makes the rest of the file one record) before it returns.
type boundedReader struct {
	r     io.Reader
	read  int64 // bytes handed out
	limit int64 // read may not pass this; moved on after every record
}

func (b *boundedReader) Read(p []byte) (int, error) {
	if b.read >= b.limit {
		return 0, errRowTooLong
	}
	if room := b.limit - b.read; int64(len(p)) > room {
		p = p[:room]
	}
	n, err := b.r.Read(p)
	b.read += int64(n)
	return n, err
}

// csvBuf is the read-ahead of the bufio.Reader under encoding/csv: how far the bounded reader can
// be ahead of the record being read.
const csvBuf = 1 << 16

func (f *File) csvRows(yield func(*Row, error) bool) error {
	src := io.NewSectionReader(f.ra, 0, f.size)
	head := make([]byte, 4096)
	n, _ := io.ReadFull(src, head)
	head = head[:n]
	switch {
	case bytes.HasPrefix(head, []byte{0xff, 0xfe}), bytes.HasPrefix(head, []byte{0xfe, 0xff}):
		return apperr.Wrap(apperr.Invalid, ErrEncoding, "%s is saved as UTF-16 (Excel's \"Unicode Text\"): save it from Excel as \"CSV UTF-8\" and choose it again.", f.name)
	}
	skip := int64(0)
	if bytes.HasPrefix(head, []byte("\ufeff")) {
		skip = 3
		head = head[3:]
	}
	first := head
	if i := bytes.IndexByte(first, '\n'); i >= 0 {
		first = first[:i]
	}
	if bytes.IndexByte(first, 0) >= 0 {
		return apperr.Wrap(apperr.Invalid, ErrFormat, "%s is not a CSV text file: save the sheet as CSV UTF-8, or choose the .xlsx itself.", f.name)
	}
	comma := f.csv.comma
	if comma == 0 {
		comma = sniffComma(first)
	}
	bounded := &boundedReader{r: io.NewSectionReader(f.ra, skip, f.size-skip), limit: int64(f.lim.MaxRowBytes) + csvBuf}
	br := bufio.NewReaderSize(bounded, csvBuf)
	cr := csv.NewReader(br)
	cr.Comma = comma
	cr.FieldsPerRecord = -1
	cr.LazyQuotes = f.csv.lazy
	cr.ReuseRecord = true
	row := &Row{}
	rows, lastLine := 0, 0
	for {
		rec, err := cr.Read()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return f.csvError(err, lastLine)
		}
		line, _ := cr.FieldPos(0)
		lastLine = line
		off := cr.InputOffset()
		bounded.limit = skip + off + int64(f.lim.MaxRowBytes) + csvBuf
		rows++
		if rows > f.lim.MaxRows {
			return f.tooManyRows("")
		}
		for i, c := range rec {
			if err := f.checkCell("", line, i, c); err != nil {
				return err
			}
		}
		row.Number, row.Cells, row.Offset = line, rec, skip+off
		if !yield(row, nil) {
			return errStop
		}
	}
}

func (f *File) csvError(err error, lastLine int) error {
	if errors.Is(err, errRowTooLong) {
		line := lastLine + 1
		return apperr.Wrap(apperr.Invalid, ErrLimit, "%s: the row is longer than %s (a quote not closed?). Check the quoting from that row on.", where(f.name, "", line, -1), SizeText(int64(f.lim.MaxRowBytes)))
	}
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		at := where(f.name, "", pe.StartLine, -1)
		if pe.Line == pe.StartLine {
			at += fmt.Sprintf(", character %d", pe.Column)
		}
		return apperr.Wrap(apperr.Invalid, errors.Join(ErrFormat, err), "%s: %v. Fix the quoting in that row (a quote inside a cell is written twice) and choose the file again.", at, pe.Err)
	}
	return apperr.Wrap(apperr.Invalid, err, "%s could not be read: %v.", f.name, err)
}

// sniffComma picks the CSV separator from the header line: the most frequent of , ; and tab.
func sniffComma(line []byte) rune {
	best, n := ',', bytes.Count(line, []byte(","))
	for _, c := range []rune{';', '\t'} {
		if k := bytes.Count(line, []byte(string(c))); k > n {
			best, n = c, k
		}
	}
	return best
}
