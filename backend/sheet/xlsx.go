package sheet

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"encoding/xml"
	"errors"
	"fmt"
	"hash"
	"hash/crc32"
	"io"
	"math"
	"path"
	"strconv"
	"strings"
	"unicode/utf8"

	"gstdesk/backend/apperr"
)

// maxPartBytes bounds the small parts of a workbook read whole: the sheet list, its
// relationships, the styles.
const maxPartBytes = 32 << 20

// xlsxBook is an XLSX workbook read through the fast scanner.
type xlsxBook struct {
	f          *File
	zr         *zip.Reader
	sheets     []sheetRef
	sst        sharedStrings
	active     int    // the sheet the workbook opens on (bookViews' activeTab)
	dateStyles []bool // by cell style index (the s attribute): a date or time number format
	date1904   bool
}

type sheetRef struct {
	name   string
	path   string
	zf     *zip.File
	hidden bool // state="hidden" or "veryHidden": not a sheet the person sees
}

// sharedStrings keeps the strings in one string, so a cell's value is a substring: no copy, no
// allocation, and no string header a string.
type sharedStrings struct {
	all  string
	ends []uint32 // string i is all[ends[i-1]:ends[i]]
}

func (s *sharedStrings) get(i int) (string, bool) {
	if i < 0 || i >= len(s.ends) {
		return "", false
	}
	start := uint32(0)
	if i > 0 {
		start = s.ends[i-1]
	}
	return s.all[start:s.ends[i]], true
}

func (f *File) openXLSX() error {
	zr, err := zip.NewReader(f.ra, f.size)
	if err != nil {
		return apperr.Wrap(apperr.Invalid, errors.Join(ErrFormat, err), "%s is not an Excel workbook gstdesk can read (%v): open it in Excel, save it as .xlsx, and choose that.", f.name, err)
	}
	b := &xlsxBook{f: f, zr: zr}
	err = b.open()
	if err == nil {
		f.book = b
		return nil
	}
	if !errors.Is(err, errUnsupported) {
		return err
	}
	ex, err := openExcel(f, zr)
	if err != nil {
		return err
	}
	f.ex = ex
	return nil
}

func (b *xlsxBook) open() error {
	if err := b.readSheets(); err != nil {
		return err
	}
	if err := b.readStyles(); err != nil {
		return err
	}
	return b.readSharedStrings()
}

func (b *xlsxBook) sheetNames() []string {
	var out []string
	if b.active >= 0 && b.active < len(b.sheets) && !b.sheets[b.active].hidden {
		out = append(out, b.sheets[b.active].name)
	}
	for i, s := range b.sheets {
		if !s.hidden && i != b.active {
			out = append(out, s.name)
		}
	}
	return out
}

func (b *xlsxBook) hiddenNames() []string {
	var out []string
	for _, s := range b.sheets {
		if s.hidden {
			out = append(out, s.name)
		}
	}
	return out
}

func (b *xlsxBook) sheet(name string) *sheetRef {
	for i := range b.sheets {
		if b.sheets[i].name == name {
			return &b.sheets[i]
		}
	}
	return nil
}

func (b *xlsxBook) file(name string) *zip.File {
	for _, f := range b.zr.File {
		if strings.EqualFold(f.Name, name) {
			return f
		}
	}
	return nil
}

// partTooBig is the error for a part of the workbook that unpacks to more than its limit.
func (f *File) partTooBig(part string, max int64) error {
	what := "part " + part
	switch {
	case strings.HasPrefix(part, "sheet "):
		return apperr.Wrap(apperr.Invalid, fmt.Errorf("%w: %s", ErrLimit, part), "%s: the sheet is larger than %s unpacked, gstdesk's limit. Split it into smaller files (or it is not a real workbook).", where(f.name, strings.TrimPrefix(part, "sheet "), 0, -1), SizeText(max))
	case strings.EqualFold(part, "xl/sharedStrings.xml"):
		what = "shared strings part"
	}
	return apperr.Wrap(apperr.Invalid, fmt.Errorf("%w: %s", ErrLimit, part), "%s: the workbook's %s is larger than %s unpacked, gstdesk's limit. Split it into smaller files (or it is not a real workbook).", f.name, what, SizeText(max))
}

// openPart opens a part of the workbook for streaming: the size the zip declares is checked first,
// then the bytes actually unpacked, counted as they come (a zip may lie about the size: the part is
// inflated here, not by archive/zip, so the count meets the limit rather than a checksum error).
func (b *xlsxBook) openPart(zf *zip.File, label string, max int64) (io.ReadCloser, error) {
	if zf.UncompressedSize64 > uint64(max) {
		return nil, b.f.partTooBig(label, max)
	}
	damaged := func(err error) error {
		return apperr.Wrap(apperr.Invalid, errors.Join(ErrFormat, err), "%s: the workbook is damaged (%s: %v): open it in Excel, save it again, and choose that.", b.f.name, zf.Name, err)
	}
	var rc io.ReadCloser
	switch zf.Method {
	case zip.Store, zip.Deflate:
		raw, err := zf.OpenRaw()
		if err != nil {
			return nil, damaged(err)
		}
		rc = io.NopCloser(raw)
		if zf.Method == zip.Deflate {
			rc = flate.NewReader(raw)
		}
	default:
		var err error
		if rc, err = zf.Open(); err != nil {
			return nil, damaged(err)
		}
	}
	return &countingReader{rc: rc, max: max, declared: zf.UncompressedSize64, crc: zf.CRC32, hash: crc32.NewIEEE(),
		tooBig: func() error { return b.f.partTooBig(label, max) }, damaged: damaged}, nil
}

// countingReader refuses to unpack more than max bytes, and at the end checks the part against
// the size and checksum its zip entry declares.
type countingReader struct {
	rc       io.ReadCloser
	n, max   int64
	declared uint64
	crc      uint32
	hash     hash.Hash32
	tooBig   func() error
	damaged  func(error) error
}

func (c *countingReader) Read(p []byte) (int, error) {
	if c.n > c.max {
		return 0, c.tooBig()
	}
	if room := c.max + 1 - c.n; int64(len(p)) > room {
		p = p[:room]
	}
	n, err := c.rc.Read(p)
	c.n += int64(n)
	c.hash.Write(p[:n])
	if c.n > c.max {
		return n, c.tooBig()
	}
	if err == io.EOF {
		if uint64(c.n) != c.declared {
			return n, c.damaged(fmt.Errorf("unpacks to %d bytes, not the %d declared", c.n, c.declared))
		}
		if c.crc != 0 && c.hash.Sum32() != c.crc {
			return n, c.damaged(zip.ErrChecksum)
		}
	} else if err != nil {
		return n, c.damaged(err)
	}
	return n, err
}

func (c *countingReader) Close() error { return c.rc.Close() }

// readPart reads a small part whole; a missing part is nil.
func (b *xlsxBook) readPart(name string) ([]byte, error) {
	zf := b.file(name)
	if zf == nil {
		return nil, nil
	}
	rc, err := b.openPart(zf, name, maxPartBytes)
	if err != nil {
		return nil, err
	}
	defer rc.Close()
	data, err := io.ReadAll(rc)
	if err != nil {
		var ae *apperr.Error
		if errors.As(err, &ae) {
			return nil, err
		}
		return nil, apperr.Wrap(apperr.Invalid, errors.Join(ErrFormat, err), "%s: the workbook is damaged (%s: %v): open it in Excel, save it again, and choose that.", b.f.name, name, err)
	}
	return data, nil
}

func (b *xlsxBook) readSheets() error {
	wb, err := b.readPart("xl/workbook.xml")
	if err != nil {
		return err
	}
	if wb == nil {
		return fmt.Errorf("%w: no xl/workbook.xml", errUnsupported)
	}
	rels, err := b.readPart("xl/_rels/workbook.xml.rels")
	if err != nil {
		return err
	}
	var book struct {
		Pr struct {
			Date1904 string `xml:"date1904,attr"`
		} `xml:"workbookPr"`
		Views []struct {
			ActiveTab int `xml:"activeTab,attr"`
		} `xml:"bookViews>workbookView"`
		Sheets []struct {
			Name  string `xml:"name,attr"`
			State string `xml:"state,attr"`
			RID   string `xml:"http://schemas.openxmlformats.org/officeDocument/2006/relationships id,attr"`
		} `xml:"sheets>sheet"`
	}
	if err := xml.Unmarshal(wb, &book); err != nil {
		return fmt.Errorf("%w: workbook.xml: %v", errUnsupported, err)
	}
	b.date1904 = book.Pr.Date1904 == "1" || book.Pr.Date1904 == "true"
	var rs struct {
		Rel []struct {
			ID     string `xml:"Id,attr"`
			Target string `xml:"Target,attr"`
		} `xml:"Relationship"`
	}
	if rels != nil {
		if err := xml.Unmarshal(rels, &rs); err != nil {
			return fmt.Errorf("%w: workbook.xml.rels: %v", errUnsupported, err)
		}
	}
	targets := map[string]string{}
	for _, r := range rs.Rel {
		t := r.Target
		if strings.HasPrefix(t, "/") {
			t = strings.TrimPrefix(t, "/")
		} else {
			t = path.Join("xl", t)
		}
		targets[r.ID] = t
	}
	for _, s := range book.Sheets {
		p, ok := targets[s.RID]
		if !ok {
			return fmt.Errorf("%w: sheet %q has no part", errUnsupported, s.Name)
		}
		zf := b.file(p)
		if zf == nil {
			return fmt.Errorf("%w: sheet %q has no part %s", errUnsupported, s.Name, p)
		}
		b.sheets = append(b.sheets, sheetRef{name: s.Name, path: p, zf: zf, hidden: s.State == "hidden" || s.State == "veryHidden"})
	}
	if len(b.sheets) == 0 {
		return fmt.Errorf("%w: no sheets", errUnsupported)
	}
	if len(book.Views) > 0 {
		b.active = book.Views[0].ActiveTab
	}
	if len(b.sheetNames()) == 0 {
		return apperr.Wrap(apperr.Invalid, ErrFormat, "%s: every sheet is hidden (%s). Unhide the sheet to read in Excel or LibreOffice, save, and choose the file again.", b.f.name, strings.Join(b.hiddenNames(), ", "))
	}
	return nil
}

func (b *xlsxBook) readSharedStrings() error {
	zf := b.file("xl/sharedStrings.xml")
	if zf == nil {
		return nil
	}
	lim := b.f.lim
	rc, err := b.openPart(zf, "xl/sharedStrings.xml", lim.MaxSheetBytes)
	if err != nil {
		return err
	}
	defer rc.Close()
	s := newXMLStream(rc, lim.MaxRowBytes)
	if err := s.checkRoot(); err != nil {
		return err
	}
	var sb strings.Builder
	var ends []uint32
	for {
		body, ok, err := s.element("si", "")
		if err != nil {
			return b.streamError(err, "", "the shared strings")
		}
		if !ok {
			break
		}
		if len(ends) >= lim.MaxSharedStrings {
			return apperr.Wrap(apperr.Invalid, ErrLimit, "%s: the workbook has more than %d shared strings, gstdesk's limit. Split it into smaller files.", b.f.name, lim.MaxSharedStrings)
		}
		start := sb.Len()
		if err := appendText(&sb, body); err != nil {
			return b.streamError(err, "", "the shared strings")
		}
		if sb.Len()-start > lim.MaxCellBytes {
			return apperr.Wrap(apperr.Invalid, ErrLimit, "%s: shared string %d is longer than %s.", b.f.name, len(ends), SizeText(int64(lim.MaxCellBytes)))
		}
		if int64(sb.Len()) > lim.MaxSharedStringBytes || sb.Len() > math.MaxUint32 {
			return apperr.Wrap(apperr.Invalid, ErrLimit, "%s: the workbook's shared strings hold more than %s of text, gstdesk's limit. Split it into smaller files.", b.f.name, SizeText(lim.MaxSharedStringBytes))
		}
		ends = append(ends, uint32(sb.Len()))
	}
	b.sst = sharedStrings{all: sb.String(), ends: ends}
	if !utf8.ValidString(b.sst.all) {
		return apperr.Wrap(apperr.Invalid, ErrEncoding, "%s: the workbook's shared strings are not valid UTF-8 text.", b.f.name)
	}
	return nil
}

// streamError turns a scanning error into one for a person; errUnsupported passes through.
func (b *xlsxBook) streamError(err error, sheet, what string) error {
	var ae *apperr.Error
	switch {
	case errors.As(err, &ae), errors.Is(err, errUnsupported):
		return err
	case errors.Is(err, errElementTooLong):
		return apperr.Wrap(apperr.Invalid, ErrLimit, "%s: a row of %s is larger than %s, gstdesk's limit.", where(b.f.name, sheet, 0, -1), what, SizeText(int64(b.f.lim.MaxRowBytes)))
	}
	return apperr.Wrap(apperr.Invalid, errors.Join(ErrFormat, err), "%s: %s could not be read (%v): open the file in Excel, save it again, and choose that.", where(b.f.name, sheet, 0, -1), what, err)
}

// xlsxRows streams a sheet through the scanner; when the scanner meets something it does not read,
// excelize reads the rest of the sheet.
func (f *File) xlsxRows(sheet string, yield func(*Row, error) bool) error {
	b := f.book
	ref := b.sheet(sheet)
	if ref == nil {
		return apperr.Wrap(apperr.Invalid, ErrFormat, "%s has no sheet %q.", f.name, sheet)
	}
	last := 0
	err := b.scanSheet(ref, func(r *Row) bool {
		last = r.Number
		return yield(r, nil)
	})
	if !errors.Is(err, errUnsupported) {
		return err
	}
	if f.ex == nil {
		ex, err := openExcel(f, b.zr)
		if err != nil {
			return err
		}
		f.ex = ex
	}
	return f.ex.rows(f, sheet, last, yield)
}

func (b *xlsxBook) scanSheet(ref *sheetRef, yield func(*Row) bool) error {
	f := b.f
	label := "sheet " + ref.name
	rc, err := b.openPart(ref.zf, label, f.lim.MaxSheetBytes)
	if err != nil {
		return err
	}
	defer rc.Close()
	s := newXMLStream(rc, f.lim.MaxRowBytes)
	if err := s.checkRoot(); err != nil {
		return b.streamError(err, ref.name, "the sheet")
	}
	found, err := s.skipTo("<sheetData")
	if err != nil || !found {
		return b.streamError(err, ref.name, "the sheet")
	}
	row := &Row{book: b}
	lastRow, rows := 0, 0
	for {
		attrs, body, ok, err := s.row()
		if err != nil {
			return b.streamError(err, ref.name, "the sheet")
		}
		if !ok {
			return nil
		}
		num := lastRow + 1
		if v, ok := attr(attrs, "r"); ok {
			n, err := strconv.Atoi(string(v))
			if err != nil || n < 1 || n > math.MaxInt32 {
				return apperr.Wrap(apperr.Invalid, ErrFormat, "%s: a row is numbered %q: the workbook is damaged.", where(f.name, ref.name, lastRow+1, -1), v)
			}
			num = n
		}
		lastRow = num
		if body == nil {
			continue
		}
		row.Cells, row.flags = row.Cells[:0], row.flags[:0]
		if err := b.scanCells(body, row, ref.name, num); err != nil {
			return err
		}
		if len(row.Cells) == 0 {
			continue
		}
		rows++
		if rows > f.lim.MaxRows {
			return f.tooManyRows(ref.name)
		}
		row.Number, row.Offset = num, s.offset()
		if !yield(row) {
			return errStop
		}
	}
}

// scanCells reads the <c> elements of a row's XML into row.
func (b *xlsxBook) scanCells(body []byte, row *Row, sheet string, num int) error {
	f := b.f
	if bytes.Contains(body, []byte("<!")) { // CDATA or a comment: leave it to excelize
		return fmt.Errorf("%w: markup in row %d", errUnsupported, num)
	}
	damaged := func(col int, what string) error {
		return apperr.Wrap(apperr.Invalid, ErrFormat, "%s: %s: the workbook is damaged. Open it in Excel, save it again, and choose that.", where(f.name, sheet, num, col), what)
	}
	col := -1
	for i := 0; ; {
		j := bytes.Index(body[i:], []byte("<c"))
		if j < 0 {
			return nil
		}
		i += j + 2
		if i >= len(body) || (body[i] != ' ' && body[i] != '>' && body[i] != '/') {
			continue
		}
		gt := bytes.IndexByte(body[i:], '>')
		if gt < 0 {
			return damaged(-1, "a cell is not closed")
		}
		attrs := body[i : i+gt]
		selfClosed := gt > 0 && body[i+gt-1] == '/'
		i += gt + 1
		col++
		if r, ok := attr(attrs, "r"); ok {
			c, err := columnIndex(r)
			if err != nil {
				return damaged(-1, err.Error())
			}
			col = c
		}
		if col >= f.lim.MaxColumns {
			return f.checkCell(sheet, num, col, "")
		}
		if selfClosed {
			continue
		}
		end := bytes.Index(body[i:], []byte("</c>"))
		if end < 0 {
			return damaged(col, "a cell is not closed")
		}
		cb := body[i : i+end]
		i += end + 4
		t, _ := attr(attrs, "t")
		var val string
		var flag Flag
		switch string(t) {
		case "inlineStr":
			var sb strings.Builder
			if err := appendText(&sb, cb); err != nil {
				return damaged(col, err.Error())
			}
			val = sb.String()
		default:
			v, ok := element(cb, "v")
			if !ok {
				if bytes.Contains(cb, []byte("<f")) {
					flag = Formula
					break
				}
				continue
			}
			switch string(t) {
			case "s":
				n, err := strconv.Atoi(string(v))
				s, ok := b.sst.get(n)
				if err != nil || !ok {
					return damaged(col, fmt.Sprintf("shared string %q out of range", v))
				}
				val = s
			case "", "n":
				val = string(v)
				if len(b.dateStyles) > 0 {
					if st, ok := attr(attrs, "s"); ok {
						if k, err := strconv.Atoi(string(st)); err == nil && k >= 0 && k < len(b.dateStyles) && b.dateStyles[k] {
							flag = Date
						}
					}
				}
			case "d":
				val, flag = string(v), Date
			case "b", "e":
				val = string(v)
			case "str":
				s, err := unescape(v)
				if err != nil {
					return damaged(col, err.Error())
				}
				val = s
			default:
				return fmt.Errorf("%w: cell type %q", errUnsupported, t)
			}
		}
		if val == "" && string(t) != "inlineStr" && bytes.Contains(cb, []byte("<f")) {
			flag |= Formula // <f>..</f><v></v>: a formula whose value was never saved
			if !f.keepFormulas {
				return apperr.Wrap(apperr.Invalid, ErrFormat, "%s holds a formula whose value was never saved (the file was written by a program that does not calculate). Open it in Excel or LibreOffice, let it calculate, save it, and choose it again.", where(f.name, sheet, num, col))
			}
		}
		if err := f.checkCell(sheet, num, col, val); err != nil {
			return err
		}
		for len(row.Cells) < col {
			row.Cells = append(row.Cells, "")
		}
		if len(row.Cells) == col {
			row.Cells = append(row.Cells, val)
		} else {
			row.Cells[col] = val
		}
		if flag != 0 {
			row.setFlag(col, flag)
		}
	}
}

// errElementTooLong says one element of the XML (a row, a shared string) is larger than the limit.
var errElementTooLong = errors.New("sheet: element too long")

// xmlStream reads the XML of a part a piece at a time, keeping in memory only the element being
// read (at most max bytes) and what was read ahead.
type xmlStream struct {
	r   io.Reader
	buf []byte
	pos int   // buf[pos:n] is not consumed yet
	n   int   //
	off int64 // stream offset of buf[0]
	eof bool
	max int
}

func newXMLStream(r io.Reader, max int) *xmlStream {
	return &xmlStream{r: r, buf: make([]byte, 64<<10), max: max}
}

// offset is how many bytes of the stream have been consumed.
func (s *xmlStream) offset() int64 { return s.off + int64(s.pos) }

// more reads on, dropping what was consumed; false at the end of the stream.
func (s *xmlStream) more() (bool, error) {
	if s.eof {
		return false, nil
	}
	if s.pos > 0 {
		copy(s.buf, s.buf[s.pos:s.n])
		s.off += int64(s.pos)
		s.n -= s.pos
		s.pos = 0
	}
	if s.n == len(s.buf) {
		if s.n >= s.max+64 {
			return false, errElementTooLong
		}
		nb := make([]byte, min(2*len(s.buf), s.max+64))
		copy(nb, s.buf[:s.n])
		s.buf = nb
	}
	for {
		m, err := s.r.Read(s.buf[s.n:])
		s.n += m
		if err == io.EOF {
			s.eof = true
			return true, nil
		}
		if err != nil {
			return false, err
		}
		if m > 0 {
			return true, nil
		}
	}
}

// index finds pat at or after rel (relative to pos), reading on as needed; -1 at the end.
func (s *xmlStream) index(pat string, rel int) (int, error) {
	for {
		if i := bytes.Index(s.buf[s.pos+rel:s.n], []byte(pat)); i >= 0 {
			return rel + i, nil
		}
		rel = max(rel, s.n-s.pos-len(pat)+1)
		if ok, err := s.more(); !ok || err != nil {
			return -1, err
		}
	}
}

// ensure has at least k unconsumed bytes buffered, or all that is left.
func (s *xmlStream) ensure(k int) error {
	for s.n-s.pos < k {
		if ok, err := s.more(); !ok || err != nil {
			return err
		}
	}
	return nil
}

// skipTo consumes up to the next pat; false when there is none.
func (s *xmlStream) skipTo(pat string) (bool, error) {
	for {
		if i := bytes.Index(s.buf[s.pos:s.n], []byte(pat)); i >= 0 {
			s.pos += i
			return true, nil
		}
		s.pos = max(s.pos, s.n-len(pat)+1)
		if ok, err := s.more(); !ok || err != nil {
			return false, err
		}
	}
}

// checkRoot leaves to excelize what the scanner does not read: an encoding other than UTF-8, or
// element names with a namespace prefix (<x:row>).
func (s *xmlStream) checkRoot() error {
	if err := s.ensure(1024); err != nil {
		return err
	}
	head := s.buf[s.pos:s.n]
	head = bytes.TrimPrefix(head, []byte("\ufeff"))
	for {
		head = bytes.TrimLeft(head, " \t\r\n")
		if !bytes.HasPrefix(head, []byte("<?")) && !bytes.HasPrefix(head, []byte("<!")) {
			break
		}
		end := bytes.Index(head, []byte(">"))
		if end < 0 {
			return fmt.Errorf("%w: long XML prologue", errUnsupported)
		}
		if decl := head[:end]; bytes.HasPrefix(decl, []byte("<?xml")) {
			if enc, ok := attr(decl, "encoding"); ok && !strings.EqualFold(string(enc), "utf-8") {
				return fmt.Errorf("%w: encoding %s", errUnsupported, enc)
			}
		}
		head = head[end+1:]
	}
	if !bytes.HasPrefix(head, []byte("<")) {
		return fmt.Errorf("%w: no root element", errUnsupported)
	}
	name := head[1:]
	if i := bytes.IndexAny(name, " \t\r\n/>"); i >= 0 {
		name = name[:i]
	}
	if bytes.IndexByte(name, ':') >= 0 {
		return fmt.Errorf("%w: prefixed element %s", errUnsupported, name)
	}
	return nil
}

// delim reports whether c ends an element's name.
func delim(c byte) bool {
	return c == ' ' || c == '>' || c == '/' || c == '\t' || c == '\r' || c == '\n'
}

// element consumes the next <tag ...>body</tag> (or <tag/>, body nil) and returns its body,
// valid until the next call; ok is false when there is none before stop (or the end).
func (s *xmlStream) element(tag, stop string) ([]byte, bool, error) {
	_, body, ok, err := s.elementAttrs(tag, stop)
	return body, ok, err
}

func (s *xmlStream) elementAttrs(tag, stop string) (attrs, body []byte, ok bool, err error) {
	open := "<" + tag
	for {
		i, err := s.index("<", 0)
		if err != nil || i < 0 {
			return nil, nil, false, err
		}
		if err := s.ensure(i + len(open) + len(stop) + 2); err != nil {
			return nil, nil, false, err
		}
		at := s.buf[s.pos+i : s.n]
		if stop != "" && bytes.HasPrefix(at, []byte(stop)) {
			s.pos += i
			return nil, nil, false, nil
		}
		if !bytes.HasPrefix(at, []byte(open)) || len(at) <= len(open) || !delim(at[len(open)]) {
			s.pos += i + 1
			continue
		}
		gt, err := s.index(">", i+len(open))
		if err != nil {
			return nil, nil, false, err
		}
		if gt < 0 {
			return nil, nil, false, fmt.Errorf("<%s> not closed", tag)
		}
		if s.buf[s.pos+gt-1] == '/' {
			attrs = s.buf[s.pos+i+len(open) : s.pos+gt-1]
			s.pos += gt + 1
			return attrs, nil, true, nil
		}
		end, err := s.index("</"+tag+">", gt+1)
		if err != nil {
			return nil, nil, false, err
		}
		if end-i > s.max {
			return nil, nil, false, errElementTooLong
		}
		if end < 0 {
			return nil, nil, false, fmt.Errorf("<%s> not closed", tag)
		}
		attrs = s.buf[s.pos+i+len(open) : s.pos+gt]
		body = s.buf[s.pos+gt+1 : s.pos+end]
		s.pos += end + len(tag) + 3
		return attrs, body, true, nil
	}
}

// row consumes the next <row> of the sheet data; ok is false at </sheetData> or the end. body is
// nil for an empty row.
func (s *xmlStream) row() (attrs, body []byte, ok bool, err error) {
	if bytes.HasPrefix(s.buf[s.pos:s.n], []byte("<sheetData")) {
		gt, err := s.index(">", 0)
		if err != nil || gt < 0 {
			return nil, nil, false, err
		}
		selfClosed := s.buf[s.pos+gt-1] == '/'
		s.pos += gt + 1
		if selfClosed {
			s.eof, s.pos, s.n = true, 0, 0
			return nil, nil, false, nil
		}
	}
	return s.elementAttrs("row", "</sheetData")
}

// appendText writes the text of the <t> elements of an <si> or <is>, skipping phonetic <rPh> runs.
func appendText(sb *strings.Builder, b []byte) error {
	for i := 0; i < len(b); {
		j := bytes.IndexByte(b[i:], '<')
		if j < 0 {
			break
		}
		i += j
		switch {
		case bytes.HasPrefix(b[i:], []byte("<rPh")):
			k := bytes.Index(b[i:], []byte("</rPh>"))
			if k < 0 {
				return fmt.Errorf("unterminated <rPh>")
			}
			i += k + 6
		case bytes.HasPrefix(b[i:], []byte("<t>")) || bytes.HasPrefix(b[i:], []byte("<t ")):
			gt := bytes.IndexByte(b[i:], '>')
			if gt < 0 {
				return fmt.Errorf("broken <t>")
			}
			if b[i+gt-1] == '/' { // <t/>
				i += gt + 1
				continue
			}
			i += gt + 1
			k := bytes.Index(b[i:], []byte("</t>"))
			if k < 0 {
				return fmt.Errorf("unterminated <t>")
			}
			if err := unescapeTo(sb, b[i:i+k]); err != nil {
				return err
			}
			i += k + 4
		default:
			i++
		}
	}
	return nil
}

// textOf is the text of an <si> or <is>.
func textOf(b []byte) (string, error) {
	var sb strings.Builder
	err := appendText(&sb, b)
	return sb.String(), err
}

// unescape decodes XML entities; text without '&' is copied as is.
func unescape(b []byte) (string, error) {
	if bytes.IndexByte(b, '&') < 0 {
		return string(b), nil
	}
	var sb strings.Builder
	err := unescapeTo(&sb, b)
	return sb.String(), err
}

func unescapeTo(sb *strings.Builder, b []byte) error {
	for {
		amp := bytes.IndexByte(b, '&')
		if amp < 0 {
			sb.Write(b)
			return nil
		}
		sb.Write(b[:amp])
		b = b[amp:]
		semi := bytes.IndexByte(b, ';')
		if semi < 0 {
			return fmt.Errorf("broken entity")
		}
		ent := string(b[1:semi])
		switch ent {
		case "amp":
			sb.WriteByte('&')
		case "lt":
			sb.WriteByte('<')
		case "gt":
			sb.WriteByte('>')
		case "quot":
			sb.WriteByte('"')
		case "apos":
			sb.WriteByte('\'')
		default:
			var n uint64
			var err error
			switch {
			case strings.HasPrefix(ent, "#x"), strings.HasPrefix(ent, "#X"):
				n, err = strconv.ParseUint(ent[2:], 16, 32)
			case strings.HasPrefix(ent, "#"):
				n, err = strconv.ParseUint(ent[1:], 10, 32)
			default:
				return fmt.Errorf("unknown entity &%s;", ent)
			}
			if err != nil || n > utf8.MaxRune {
				return fmt.Errorf("bad character reference &%s;", ent)
			}
			sb.WriteRune(rune(n))
		}
		b = b[semi+1:]
	}
}

// attr finds name="value" in a tag's attribute bytes.
func attr(attrs []byte, name string) ([]byte, bool) {
	for i := 0; i < len(attrs); {
		j := bytes.Index(attrs[i:], []byte(name+"="))
		if j < 0 {
			return nil, false
		}
		k := i + j
		if k > 0 && attrs[k-1] != ' ' && attrs[k-1] != '\t' && attrs[k-1] != '\n' && attrs[k-1] != '\r' {
			i = k + len(name) + 1
			continue
		}
		q := k + len(name) + 1
		if q >= len(attrs) || (attrs[q] != '"' && attrs[q] != '\'') {
			return nil, false
		}
		e := bytes.IndexByte(attrs[q+1:], attrs[q])
		if e < 0 {
			return nil, false
		}
		return attrs[q+1 : q+1+e], true
	}
	return nil, false
}

// element returns the text of <name>text</name> inside b.
func element(b []byte, name string) ([]byte, bool) {
	open := bytes.Index(b, []byte("<"+name+">"))
	if open < 0 {
		return nil, false
	}
	start := open + len(name) + 2
	end := bytes.Index(b[start:], []byte("</"+name+">"))
	if end < 0 {
		return nil, false
	}
	return b[start : start+end], true
}

// columnIndex turns a cell reference such as "AB12" into its 0-based column.
func columnIndex(ref []byte) (int, error) {
	n := 0
	i := 0
	for ; i < len(ref) && ref[i] >= 'A' && ref[i] <= 'Z'; i++ {
		n = n*26 + int(ref[i]-'A'+1)
		if n > 16384 {
			return 0, fmt.Errorf("cell reference %q beyond XFD", ref)
		}
	}
	if i == 0 {
		return 0, fmt.Errorf("bad cell reference %q", ref)
	}
	return n - 1, nil
}
