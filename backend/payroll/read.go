package payroll

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"gstdesk/backend/apperr"
	"gstdesk/backend/money"
	"gstdesk/backend/sheet"
	"gstdesk/backend/tds"
	"gstdesk/backend/utf8check"
	"gstdesk/backend/workbook"
)

// MaxProblems is how many problems an import keeps to show; ProblemCount counts them all.
const MaxProblems = 1000

// maxWarnings is how many warnings an import keeps.
const maxWarnings = 100

// Options steer an import.
type Options struct {
	// Format of the file; "" detects it from the name's extension, then from the content.
	Format Format
	// Mapping is the user's confirmed header mapping; nil uses Suggest's choice.
	Mapping Mapping
	// Limits; the zero value means DefaultLimits.
	Limits Limits
	// Progress is told about rows read (every 1,000); nil for none.
	Progress Progress
	// Own are columns the caller reads itself (the monthly import's tds_deducted and dates):
	// matched before gstdesk's columns by key, title or alias, each employee's text of them kept
	// in Employee.Own in this order. Spreadsheets only.
	Own []OwnColumn
	// Each, when set, is given each employee as it is read, in the file's order, once the row has
	// passed every check (one person each included), instead of keeping them in Import.Employees:
	// a caller that computes and stores each one at once holds one employee at a time, whatever the
	// payroll's size. An error from Each stops the read and is Read's error.
	Each func(*Employee) error
}

// OwnColumn is a column a caller of Read reads itself. A Date column's cells that Excel keeps as
// dates come through as YYYY-MM-DD.
type OwnColumn struct {
	Key     string
	Title   string
	Aliases []string
	Date    bool
}

// matches reports whether a header names the column.
func (c OwnColumn) matches(header string) bool {
	n := normHeader(header)
	if n == "" {
		return false
	}
	for _, a := range append([]string{c.Key, c.Title}, c.Aliases...) {
		if normHeader(a) == n {
			return true
		}
	}
	return false
}

// Import is a file read and checked: the good employees, and every problem found. Nothing of an
// import is stored until a run is saved from it.
type Import struct {
	File   string `json:"file"`
	Format Format `json:"format"`
	Sheet  string `json:"sheet,omitempty"`
	Hash   string `json:"hash"` // SHA-256 of the file, hex
	Size   int64  `json:"size"`
	// Columns are the file's headers and what each was taken as (spreadsheets only).
	Columns []Match `json:"columns"`
	// Layout is the columns carried through to every output (spreadsheets only).
	Layout Layout `json:"layout"`
	// Missing are the workbook items no column gives: taken as 0 (PANISVALID, general).
	Missing []string `json:"missing"`
	// HeaderProblems counts the problems of the header row itself (two columns read as one item,
	// a required column missing): while there are any, no row is read and nothing is computed.
	HeaderProblems int        `json:"header_problems"`
	Employees      []Employee `json:"-"`
	// Good counts the employees without problems: len(Employees), or those given to Options.Each.
	Good         int       `json:"-"`
	Problems     []Problem `json:"problems"`      // the first MaxProblems
	ProblemCount int       `json:"problem_count"` // all of them
	BadRows      int       `json:"bad_rows"`      // rows (workbooks) with a problem: not in Employees
	Rows         int       `json:"rows"`          // data rows (workbooks) read, good and bad
	Warnings     []string  `json:"warnings"`
	// Form is how a JSON file was written (one workbook, an array, one per line).
	Form workbook.Form `json:"-"`
	// OwnFound says which of Options.Own the file has a column for, in their order.
	OwnFound []bool `json:"-"`

	each   func(*Employee) error // Options.Each
	people people                // the codes and PANs taken so far
}

func (im *Import) problem(p Problem) {
	im.ProblemCount++
	if len(im.Problems) < MaxProblems {
		im.Problems = append(im.Problems, p)
	}
}

func (im *Import) warn(s string) {
	if len(im.Warnings) < maxWarnings {
		im.Warnings = append(im.Warnings, s)
	} else if len(im.Warnings) == maxWarnings {
		im.Warnings = append(im.Warnings, "more warnings not shown")
	}
}

// DetectFormat tells the format from the file name's extension, or else from its first bytes: a
// JSON workbook by .json, .ndjson or .jsonl, or by a first character { or [ in a file whose name
// says nothing; the spreadsheets (and the refusal of an old .xls) as sheet.Detect tells them.
func DetectFormat(name string, head []byte) (Format, error) {
	ext := strings.ToLower(filepath.Ext(name))
	switch ext {
	case ".json", ".ndjson", ".jsonl":
		return JSON, nil
	}
	f, err := sheet.Detect(name, head)
	if err != nil {
		return "", err
	}
	if f == sheet.CSV && ext != ".csv" && ext != ".txt" && ext != ".tsv" {
		// CSV is only sheet.Detect's default here: the first bytes may say JSON.
		t := bytes.TrimLeft(bytes.TrimPrefix(head, []byte("\ufeff")), " \t\r\n")
		if len(t) > 0 && (t[0] == '{' || t[0] == '[') {
			return JSON, nil
		}
	}
	return Format(f), nil
}

// ParseFormat reads a format name: json, csv or xlsx.
func ParseFormat(s string) (Format, error) {
	switch f := Format(strings.ToLower(strings.TrimPrefix(strings.TrimSpace(s), "."))); f {
	case JSON, CSV, XLSX:
		return f, nil
	}
	return "", apperr.New(apperr.Invalid, "Unknown input format %q: use json, csv or xlsx.", s)
}

// Read reads a payroll file of any format: JSON workbooks (one, an array, one per line), or a CSV
// or XLSX sheet with one row per employee. Problems with cells or rows are collected in the
// Import (the bad rows are left out); an error means the file as a whole cannot be read: too big,
// too many rows, not the format it claims, no header row, a column mapped twice.
func Read(ctx context.Context, name string, r io.ReaderAt, size int64, opt Options) (*Import, error) {
	lim := opt.Limits
	if lim == (Limits{}) {
		lim = DefaultLimits
	}
	base := filepath.Base(name)
	if name == "" || name == "-" {
		base = "standard input"
	}
	format := opt.Format
	if format == "" {
		head := make([]byte, 512)
		n, _ := r.ReadAt(head, 0)
		f, err := DetectFormat(name, head[:n])
		if err != nil {
			return nil, err
		}
		format = f
	}
	max := lim.MaxBytes
	if format == XLSX {
		max = lim.MaxXLSXBytes
	}
	if max > 0 && size > max {
		return nil, apperr.New(apperr.Invalid, "%s is %s; gstdesk reads %s files of at most %d MB. Split the payroll into smaller files.", base, sheet.SizeText(size), strings.ToUpper(string(format)), max>>20)
	}
	im := &Import{File: base, Format: format, Size: size, each: opt.Each}
	hashDone := make(chan string, 1)
	go func() {
		h := sha256.New()
		io.Copy(h, io.NewSectionReader(r, 0, size))
		hashDone <- hex.EncodeToString(h.Sum(nil))
	}()
	var err error
	switch format {
	case JSON:
		err = readJSON(ctx, im, io.NewSectionReader(r, 0, size), lim, opt.Progress)
	case CSV, XLSX:
		err = readSpreadsheet(ctx, im, r, size, opt, lim, max)
	default:
		err = apperr.New(apperr.Invalid, "Unknown input format %q: use json, csv or xlsx.", format)
	}
	im.Hash = <-hashDone
	if err != nil {
		return nil, err
	}
	if im.Rows == 0 && im.HeaderProblems == 0 {
		return nil, apperr.New(apperr.Invalid, "%s has no employees: fill one row per employee under the header row (download the template to see the columns).", base)
	}
	return im, nil
}

// take keeps an employee read without problems, or gives it to Options.Each, once it has passed
// the one-person-each check (a later row of a code or a PAN already taken is a problem).
func (im *Import) take(e Employee) error {
	if !im.people.admit(im, &e) {
		return nil
	}
	im.Good++
	if im.each != nil {
		return im.each(&e)
	}
	im.Employees = append(im.Employees, e)
	return nil
}

// people holds a payroll to one row per person: an employee code (EmployeeCode, the one
// identity of a code) given twice, or a PAN given under two codes, would be computed as two
// people, each with the whole of the slabs, on one person's income. The later row is a problem
// (not computed), naming both rows, as the TDS year's month reader does.
type people struct {
	codes map[string]int
	pans  map[string]holder
}

type holder struct {
	code string
	row  int
}

// admit says whether e is a person not seen before in the file, and takes note of them.
func (p *people) admit(im *Import, e *Employee) bool {
	if p.codes == nil {
		p.codes, p.pans = map[string]int{}, map[string]holder{}
	}
	code := EmployeeCode(e.ID.Code)
	pan := strings.ToUpper(strings.TrimSpace(e.ID.PAN))
	if first, dup := p.codes[code]; code != "" && dup {
		im.problem(Problem{File: im.File, Sheet: im.Sheet, Row: e.Row, Value: e.ID.Code,
			Message: fmt.Sprintf("employee %s appears twice in the month (rows %d and %d): give one row per employee, amounts added up (codes are read without regard to case); the row is not computed", code, first, e.Row)})
		im.BadRows++
		return false
	}
	if h, dup := p.pans[pan]; pan != "" && dup {
		im.problem(Problem{File: im.File, Sheet: im.Sheet, Row: e.Row, Value: pan,
			Message: fmt.Sprintf("PAN %s is on row %d (employee %s) and row %d (employee %s): one PAN is one person, taxed once on the whole salary. Give both rows one employee code with the amounts added up, or correct the PAN; the row is not computed", pan, h.row, h.code, e.Row, code)})
		im.BadRows++
		return false
	}
	if code != "" {
		p.codes[code] = e.Row
	}
	if pan != "" {
		p.pans[pan] = holder{code, e.Row}
	}
	return true
}

func canceled(ctx context.Context) error {
	if err := ctx.Err(); err != nil {
		return apperr.Wrap(apperr.Canceled, err, "The import was cancelled.")
	}
	return nil
}

func tooManyRows(im *Import, lim Limits) error {
	return apperr.New(apperr.Invalid, "%s has more than %d employees: split it into files of at most %d rows.", im.File, lim.MaxRows, lim.MaxRows)
}

// readJSON decodes workbooks one at a time, so one with bad items is reported and the rest read.
func readJSON(ctx context.Context, im *Import, r io.Reader, lim Limits, progress Progress) error {
	br := bufio.NewReaderSize(r, 1<<16)
	// Skip a byte-order mark and find the first character.
	if b, _ := br.Peek(3); bytes.Equal(b, []byte("\ufeff")) {
		br.Discard(3)
	}
	first := byte(0)
	for {
		c, err := br.ReadByte()
		if err != nil {
			return apperr.New(apperr.Invalid, "%s is empty: give a salary workbook (JSON), an array of workbooks, or one workbook per line.", im.File)
		}
		if c != ' ' && c != '\t' && c != '\r' && c != '\n' {
			first = c
			br.UnreadByte()
			break
		}
	}
	dec := json.NewDecoder(br)
	dec.UseNumber()
	array := first == '['
	if array {
		dec.Token()
	}
	n := 0
	for {
		if err := canceled(ctx); err != nil {
			return err
		}
		if array && !dec.More() {
			if _, err := dec.Token(); err != nil {
				return apperr.New(apperr.Invalid, "%s: the array of workbooks is not closed: %v. Check the file is complete.", im.File, err)
			}
			break
		}
		var raw json.RawMessage
		err := dec.Decode(&raw)
		if err == io.EOF && !array {
			break
		}
		if err != nil {
			return apperr.New(apperr.Invalid, "%s, workbook %d: not valid JSON near byte %d: %v. Fix the file and import it again.", im.File, n+1, dec.InputOffset(), err)
		}
		n++
		if lim.MaxRows > 0 && n > lim.MaxRows {
			return tooManyRows(im, lim)
		}
		im.Rows++
		if progress != nil && n%1000 == 0 {
			progress(n, 0)
		}
		e := Employee{Row: n}
		if at := utf8check.FirstInvalid(raw); at >= 0 {
			// encoding/json would read each bad byte as U+FFFD: refuse rather than garble.
			im.BadRows++
			im.problem(Problem{File: im.File, Row: n, Value: string(bytes.ToValidUTF8(raw[max(0, at-20):min(len(raw), at+20)], []byte("\uFFFD"))),
				Message: fmt.Sprintf("the text is not UTF-8 (byte %d of the workbook): the file was saved in another encoding. Save it as UTF-8 and import again", at+1)})
			continue
		}
		w, err := workbook.Parse(raw)
		var items []workbook.Item
		if err == nil {
			items, err = w.Items()
		}
		if err == nil {
			var warns []string
			e.Input, warns, err = tds.ParseItems(workbook.TDSItems(items))
			for _, w := range warns {
				im.warn(fmt.Sprintf("workbook %d: %s", n, w))
			}
		}
		if err != nil {
			im.BadRows++
			im.problem(Problem{File: im.File, Row: n, Message: reason(err)})
			continue
		}
		e.Items = items
		if err := im.take(e); err != nil {
			return err
		}
	}
	switch {
	case array:
		im.Form = workbook.Array
	case n == 1:
		im.Form = workbook.Single
	default:
		im.Form = workbook.Lines
	}
	return nil
}

// rowReader turns the cells of one spreadsheet row into an employee.
type rowReader struct {
	im        *Import
	sheet     string
	byIndex   []string // column index to key ("" = not read as an item or identifier)
	extra     []bool   // column index: carried through as text
	headers   []string
	headerRow int
	layout    Layout
	nExtra    int
	// width is one past the last column read or carried: a CSV record shorter than that lost
	// cells (a broken line); csv says the file is one.
	width int
	csv   bool
	// unheaded are the columns with values but no header already warned about.
	unheaded map[int]bool
	// own maps a column index to its Options.Own index; ownCols are those columns.
	own     map[int]int
	ownCols []OwnColumn
}

// setup maps the header row. It refuses a mapping that gives one key to two columns; it records
// as problems of the header row (which stop the import: HeaderProblems) two columns that both
// read as one workbook item, and a required column that is missing.
func (rr *rowReader) setup(headers []string, headerRow int, opt Options) error {
	rr.headers, rr.headerRow = headers, headerRow
	rr.csv = rr.im.Format == CSV
	var ms []Match
	if opt.Mapping != nil {
		seen := map[string]string{}
		for _, h := range headers {
			h = strings.TrimSpace(h)
			if k := opt.Mapping[h]; k != "" {
				if !IsTarget(k) {
					return apperr.New(apperr.Invalid, "The mapping gives column %q to %q, which gstdesk does not know.", h, k)
				}
				if prev, dup := seen[k]; dup {
					return apperr.New(apperr.Invalid, "Columns %q and %q are both mapped to %s: map one of them to nothing.", prev, h, k)
				}
				seen[k] = h
			}
		}
		ms = Apply(headers, opt.Mapping)
	} else {
		ms = Suggest(headers, nil)
	}
	rr.ownCols = opt.Own
	rr.im.OwnFound = make([]bool, len(opt.Own))
	for i := range ms {
		for k, c := range opt.Own {
			if !rr.im.OwnFound[k] && c.matches(ms[i].Header) {
				if rr.own == nil {
					rr.own = map[int]int{}
				}
				rr.own[ms[i].Index] = k
				rr.im.OwnFound[k] = true
				ms[i].Key, ms[i].How, ms[i].Duplicate, ms[i].DuplicateOf = c.Key, "own", "", ""
				break
			}
		}
	}
	rr.im.Columns = ms
	rr.byIndex = make([]string, len(headers))
	rr.extra = make([]bool, len(headers))
	have := map[string]bool{}
	for _, m := range ms {
		if m.Key != "" && m.How != "own" {
			have[m.Key] = true
		}
	}
	n := 0
	for _, k := range append([]string{tds.KeyPANStatus, tds.KeyEmployeeCategory}, fieldKeys()...) {
		if have[k] {
			n++
		} else {
			rr.im.Missing = append(rr.im.Missing, k)
		}
	}
	if n == 0 {
		return apperr.Wrap(apperr.Invalid, errNoHeader, "%s: the first row has no column gstdesk recognises (%s...). Use the item keys of the salary workbook or download the template.", rr.where(0), strings.Join(headers[:min(3, len(headers))], ", "))
	}
	var carried, results, twice []string
	var cols []int // the column of each carried one
	for _, m := range ms {
		header := strings.TrimSpace(m.Header)
		switch {
		case m.How == "own":
			rr.width = m.Index + 1
		case m.Key != "":
			rr.byIndex[m.Index] = m.Key
			if isIdentifier(m.Key) {
				rr.layout = append(rr.layout, Carried{Header: header, Key: m.Key})
				cols = append(cols, m.Index)
			}
			rr.width = m.Index + 1
		case m.Duplicate != "" && !isIdentifier(m.Duplicate):
			first := rr.headerOf(m.DuplicateOf)
			rr.headerProblem(m.Index, fmt.Sprintf("this column and column %s (%s) both read as %s (%s): which of the two amounts is meant cannot be told. Map one of them to nothing or rename it, and import again; nothing is computed until then",
				m.DuplicateOf, first, m.Duplicate, targetTitle(m.Duplicate)))
		case header == "":
		case m.How == "output":
			results = append(results, m.Column+" ("+header+")")
		default:
			rr.extra[m.Index] = true
			rr.layout = append(rr.layout, Carried{Header: header})
			cols = append(cols, m.Index)
			rr.nExtra++
			rr.width = m.Index + 1
			if m.Duplicate != "" {
				twice = append(twice, fmt.Sprintf("column %s (%s) is a second %s after column %s (%s): both are carried through to the outputs under their own headers", m.Column, header, targetTitle(m.Duplicate), m.DuplicateOf, rr.headerOf(m.DuplicateOf)))
			} else {
				carried = append(carried, m.Column+" ("+header+")")
			}
		}
	}
	// Two carried columns under one header would be one key in a JSON output: the later ones
	// are told apart by their letter.
	seen := map[string]bool{}
	for i, c := range rr.layout {
		k := strings.ToLower(c.Header)
		if seen[k] {
			rr.layout[i].Header = c.Header + " (" + ColumnName(cols[i]) + ")"
		}
		seen[strings.ToLower(rr.layout[i].Header)] = true
	}
	rr.im.Layout = rr.layout
	for _, k := range Required() {
		if !have[k] {
			rr.headerProblem(-1, fmt.Sprintf("no column gives %s (%s), which is required: without it every employee's TDS would be computed on a salary of 0. Add the column (0 where there is none) or map a column to it; nothing is computed until then", targetTitle(k), k))
		}
	}
	if len(rr.im.Missing) > 0 {
		// In words, as the template heads them (Missing keeps the keys for programs).
		names := make([]string, len(rr.im.Missing))
		for i, k := range rr.im.Missing {
			names[i] = targetTitle(k)
		}
		rr.im.warn(fmt.Sprintf("%d items are not in the file and are taken as 0: %s", len(names), strings.Join(names, ", ")))
	}
	for _, w := range twice {
		rr.im.warn(w)
	}
	if len(carried) > 0 {
		rr.im.warn(fmt.Sprintf("not salary items, carried through to the outputs as text: column %s", strings.Join(carried, ", column ")))
	}
	if len(results) > 0 {
		rr.im.warn(fmt.Sprintf("results of an earlier run, not read: column %s", strings.Join(results, ", column ")))
	}
	return nil
}

// headerOf is the header of the column with the given letter.
func (rr *rowReader) headerOf(letter string) string {
	for i := range rr.headers {
		if ColumnName(i) == letter {
			return strings.TrimSpace(rr.headers[i])
		}
	}
	return ""
}

// headerProblem records a problem of the header row (col -1: of no one column), which stops the
// import.
func (rr *rowReader) headerProblem(col int, msg string) {
	p := Problem{File: rr.im.File, Sheet: rr.sheet, Row: rr.headerRow, Message: msg}
	if col >= 0 {
		p.Column, p.Header = ColumnName(col), strings.TrimSpace(rr.headers[col])
	}
	rr.im.HeaderProblems++
	rr.im.problem(p)
}

// targetTitle is a column key's friendly title.
func targetTitle(key string) string {
	if i, ok := targetIndex[key]; ok {
		return targets[i].Title
	}
	return key
}

func (rr *rowReader) where(row int) string {
	s := rr.im.File
	if rr.sheet != "" {
		s += ", sheet " + rr.sheet
	}
	if row > 0 {
		s += fmt.Sprintf(", row %d", row)
	}
	return s
}

func fieldKeys() []string {
	ks := make([]string, tds.NumFields)
	for f := tds.Field(0); f < tds.NumFields; f++ {
		ks[f] = f.Key()
	}
	return ks
}

var fieldByKey = func() map[string]tds.Field {
	m := map[string]tds.Field{}
	for f := tds.Field(0); f < tds.NumFields; f++ {
		m[f.Key()] = f
	}
	return m
}()

// row reads one data row; blank rows are skipped (ok false, no problem). A formula cell without
// a saved value is a problem: its amount is not known. So is a CSV record shorter than the header
// (cells lost to a broken line would be read as 0) or with values beyond it (a comma not quoted
// shifts every cell after it), and a blank salary.
func (rr *rowReader) row(r *sheet.Row) (e Employee, ok bool) {
	cells, row := r.Cells, r.Number
	blank := true
	for i, c := range cells {
		if strings.TrimSpace(c) != "" || r.Formula(i) {
			blank = false
			break
		}
	}
	if blank {
		return e, false
	}
	rr.im.Rows++
	e.Row = row
	e.Input.PANStatus = tds.PANValid
	e.Layout = rr.layout
	if rr.nExtra > 0 {
		e.Extra = make([]string, 0, rr.nExtra)
	}
	bad := false
	fail := func(i int, v, msg string) {
		bad = true
		p := Problem{File: rr.im.File, Sheet: rr.sheet, Row: row, Column: ColumnName(i), Value: v, Message: msg}
		if i < len(rr.headers) {
			p.Header = strings.TrimSpace(rr.headers[i])
		}
		rr.im.problem(p)
	}
	if rr.csv && len(cells) < rr.width {
		fail(len(cells), "", fmt.Sprintf("the row ends after %d cells where the header has %d: the cells from column %s on are missing (a line broken in two, or cut short?). Fix the row; it is not computed", len(cells), len(rr.headers), ColumnName(len(cells))))
	}
	for i := range cells {
		if i < len(rr.headers) && (rr.byIndex[i] != "" || rr.extra[i] || strings.TrimSpace(rr.headers[i]) != "") {
			continue
		}
		v := strings.TrimSpace(cells[i])
		if v == "" && !r.Formula(i) {
			continue
		}
		if rr.csv && i >= len(rr.headers) {
			fail(i, v, fmt.Sprintf("a value beyond the header's last column (%s): a comma inside a cell that is not quoted shifts every cell after it. Quote that cell; the row is not computed", ColumnName(len(rr.headers)-1)))
			break
		}
		if !rr.unheaded[i] {
			if rr.unheaded == nil {
				rr.unheaded = map[int]bool{}
			}
			rr.unheaded[i] = true
			rr.im.warn(fmt.Sprintf("%s, column %s has values but no header (the first %q): they are not read. Give the column a header to carry it through", rr.where(row), ColumnName(i), v))
		}
	}
	if len(rr.ownCols) > 0 {
		e.Own = make([]string, len(rr.ownCols))
		for i, k := range rr.own {
			if i >= len(cells) {
				continue
			}
			v := strings.TrimSpace(cells[i])
			if rr.ownCols[k].Date {
				if t, ok := r.Date(i); ok {
					v = t.Format("2006-01-02")
				}
			}
			if v == "" && r.Formula(i) {
				fail(i, "", "the cell is a formula with no value saved in the file: open it in Excel, let it calculate, save it and import again")
				continue
			}
			e.Own[k] = strings.Clone(v)
		}
	}
	for i, key := range rr.byIndex {
		carry := rr.extra[i]
		if key == "" && !carry {
			continue
		}
		v := ""
		if i < len(cells) {
			v = strings.TrimSpace(cells[i])
		}
		if v == "" && r.Formula(i) {
			if carry {
				rr.im.warn(fmt.Sprintf("%s, column %s (%s): the cell is a formula with no value saved in the file: carried as empty", rr.where(row), ColumnName(i), strings.TrimSpace(rr.headers[i])))
				e.Extra = append(e.Extra, "")
				continue
			}
			fail(i, "", "the cell is a formula with no value saved in the file: open it in Excel, let it calculate, save it and import again")
			continue
		}
		if (carry || isIdentifier(key)) && strings.ContainsRune(v, utf8.RuneError) {
			rr.im.warn(fmt.Sprintf("%s, column %s (%s): %q holds \uFFFD, a character lost when the file was converted from another encoding: check the text", rr.where(row), ColumnName(i), strings.TrimSpace(rr.headers[i]), v))
		}
		if carry {
			e.Extra = append(e.Extra, strings.Clone(v))
			continue
		}
		switch key {
		case ColName:
			e.ID.Name = strings.Clone(v)
		case ColCode:
			e.ID.Code = strings.Clone(v)
		case ColPAN:
			e.ID.PAN = strings.ToUpper(v)
		case ColDeducted:
			if v == "" {
				continue
			}
			p, err := parseMoney(v)
			if err != nil || p < 0 {
				fail(i, v, "expected the TDS already deducted this year in rupees, like 45000 (0 or more)")
				continue
			}
			e.Deducted, e.DeductedKnown = p, true
		case ColRegime:
			g, err := tds.ParseRegime(v)
			if err != nil {
				fail(i, v, "expected new or old (empty for the year's default: new from FY 2023-24)")
				continue
			}
			e.Regime = g
		case tds.KeyPANStatus:
			if v == "" {
				continue
			}
			s, err := tds.ParsePANStatus(v)
			if err != nil {
				fail(i, v, "expected PANISVALID, PANNOTAVBL, PANINVALID or PANAPPLIED")
				continue
			}
			e.Input.PANStatus = s
		case tds.KeyEmployeeCategory:
			if v == "" {
				continue
			}
			c, err := tds.ParseCategory(v)
			if err != nil {
				fail(i, v, "expected general, senior_citizen or super_senior_citizen")
				continue
			}
			e.Input.Category = c
		default:
			if v == "" && key == KeySalary && (i < len(cells) || !rr.csv) {
				fail(i, "", "the salary is required: write the salary u/s 17(1) for the year in rupees, 0 where there is none")
				continue
			}
			f := fieldByKey[key]
			p, err := parseMoney(v)
			switch {
			case errors.Is(err, money.ErrRange): // beyond tds.MaxAmount
				fail(i, v, "expected at most ₹10,000 crore: check the amount is in rupees")
			case err != nil:
				fail(i, v, "expected an amount in rupees, like 150000 or 1234.50")
			case p < 0 && f != tds.HouseProperty:
				fail(i, v, "expected 0 or more: only the house property item may be negative (a loss)")
			default:
				e.Input.Amounts[f] = p
			}
		}
	}
	if !bad {
		if err := e.Input.Validate(); err != nil {
			bad = true
			rr.im.problem(Problem{File: rr.im.File, Sheet: rr.sheet, Row: row, Message: reason(err)})
		}
	}
	if bad {
		rr.im.BadRows++
		return e, false
	}
	return e, true
}

// reason is what a Problem says of err. Problems are shown by the window and the command line
// alike, so a typed error gives its own message without either face's advice; anything else the
// short message Face.Public gives it.
func reason(err error) string {
	var e *apperr.Error
	if errors.As(err, &e) && e.Kind != apperr.Internal {
		return e.Message
	}
	return apperr.Command.Public(err).Message
}

// parseMoney reads an amount cell: whatever money.Parse accepts (plain decimals, digit grouping
// such as 1,50,000 or 150,000.50, a ₹ or Rs. prefix), bounded as a salary workbook item.
func parseMoney(s string) (money.Paise, error) { return tds.ParseAmount(s) }

// readSpreadsheet reads a CSV or XLSX payroll through backend/sheet, row by row: the employees
// are on the first sheet whose first row names a column gstdesk knows.
func readSpreadsheet(ctx context.Context, im *Import, r io.ReaderAt, size int64, opt Options, lim Limits, maxBytes int64) error {
	if maxBytes <= 0 {
		maxBytes = math.MaxInt64
	}
	f, err := sheet.Open(im.File, r, size, sheet.Options{Format: sheet.Format(im.Format), Limits: sheet.Limits{MaxFileBytes: maxBytes}, KeepFormulas: true})
	if err != nil {
		return err
	}
	defer f.Close()
	var firstErr error
	for _, sh := range f.Sheets() {
		err := readRows(ctx, im, f, sh, opt, lim)
		if err == nil {
			return nil
		}
		if !errors.Is(err, errNoHeader) {
			return err
		}
		if firstErr == nil {
			firstErr = err
		}
		im.Columns, im.Missing, im.Warnings = nil, nil, nil
	}
	return firstErr
}

var errNoHeader = errors.New("no header")

// readRows reads one sheet: its first row is the header, the rest employees.
func readRows(ctx context.Context, im *Import, f *sheet.File, sh string, opt Options, lim Limits) error {
	rr := &rowReader{im: im, sheet: sh}
	headerDone := false
	var headerOffset int64
	n := 0
	for row, err := range f.Rows(sh) {
		if err != nil {
			return err
		}
		n++
		if n%1024 == 0 {
			if err := canceled(ctx); err != nil {
				return err
			}
			if opt.Progress != nil {
				opt.Progress(n, 0)
			}
		}
		if !headerDone {
			im.Sheet = sh
			// The reader reuses its cells: the header row must outlive this row.
			if err := rr.setup(append([]string(nil), row.Cells...), row.Number, opt); err != nil {
				return err
			}
			if im.HeaderProblems > 0 {
				return nil // which column holds what is not settled: no row is read
			}
			headerDone, headerOffset = true, row.Offset
			continue
		}
		if e, ok := rr.row(row); ok {
			if err := im.take(e); err != nil {
				return err
			}
		}
		if lim.MaxRows > 0 && im.Rows > lim.MaxRows {
			return tooManyRows(im, lim)
		}
		if n == 101 {
			sizeEmployees(im, f.SheetSize(sh), headerOffset, row.Offset, 100, lim)
		}
	}
	if !headerDone {
		if im.Format == CSV {
			return apperr.New(apperr.Invalid, "%s is empty: the first row should name the columns (download the template).", im.File)
		}
		return apperr.Wrap(apperr.Invalid, errNoHeader, "%s: no sheet has a header row naming the columns (download the template to see them).", im.File)
	}
	return nil
}

// sizeEmployees sizes the employees for the whole file from how many bytes the first rows took,
// to spare growing the slice (and holding two copies of it) on a big file.
func sizeEmployees(im *Import, total, start, now int64, rows int, lim Limits) {
	if total <= 0 || now <= start {
		return
	}
	est := int((total-start)/((now-start)/int64(rows)+1)) + rows
	est += est / 8
	if lim.MaxRows > 0 && est > lim.MaxRows+1 {
		est = lim.MaxRows + 1
	}
	if im.each == nil && est > cap(im.Employees) {
		im.Employees = append(make([]Employee, 0, est), im.Employees...)
	}
}

func jsonNumber(b []byte) json.Number { return json.Number(b) }
