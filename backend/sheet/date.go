package sheet

import (
	"encoding/xml"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

// readStyles marks the cell styles whose number format is a date or a time.
func (b *xlsxBook) readStyles() error {
	data, err := b.readPart("xl/styles.xml")
	if err != nil || data == nil {
		return err
	}
	var st struct {
		NumFmts []struct {
			ID   int    `xml:"numFmtId,attr"`
			Code string `xml:"formatCode,attr"`
		} `xml:"numFmts>numFmt"`
		Xfs []struct {
			NumFmtID int `xml:"numFmtId,attr"`
		} `xml:"cellXfs>xf"`
	}
	if err := xml.Unmarshal(data, &st); err != nil {
		return fmt.Errorf("%w: styles.xml: %v", errUnsupported, err)
	}
	custom := map[int]bool{}
	for _, n := range st.NumFmts {
		custom[n.ID] = isDateFormat(n.Code)
	}
	any := false
	marks := make([]bool, len(st.Xfs))
	for i, x := range st.Xfs {
		d, ok := custom[x.NumFmtID]
		if !ok {
			d = builtinDate(x.NumFmtID)
		}
		marks[i] = d
		any = any || d
	}
	if any {
		b.dateStyles = marks
	}
	return nil
}

// builtinDate reports whether a built-in number format (ECMA-376 18.8.30, and the East Asian
// ones) shows a date or a time.
func builtinDate(id int) bool {
	return (id >= 14 && id <= 22) || (id >= 27 && id <= 36) || (id >= 45 && id <= 47) || (id >= 50 && id <= 58)
}

// isDateFormat reports whether a custom number format shows a date or time: it has d, m, y, h or s
// outside quoted text, escapes and [colour] sections (but [h], [mm], [ss] elapsed time counts).
func isDateFormat(code string) bool {
	if i := strings.IndexByte(code, ';'); i >= 0 { // the positive section decides
		code = code[:i]
	}
	lower := strings.ToLower(code)
	for i := 0; i < len(lower); i++ {
		switch c := lower[i]; c {
		case '"':
			if j := strings.IndexByte(lower[i+1:], '"'); j >= 0 {
				i += j + 1
			} else {
				return false
			}
		case '\\', '_', '*':
			i++
		case '[':
			j := strings.IndexByte(lower[i:], ']')
			if j < 0 {
				return false
			}
			in := lower[i+1 : i+j]
			if in != "" && strings.Trim(in, "hms") == "" {
				return true
			}
			i += j
		case 'd', 'm', 'y', 'h', 's':
			return true
		case 'e':
			if strings.HasPrefix(lower[i:], "e+") || strings.HasPrefix(lower[i:], "e-") {
				return false
			}
		}
	}
	return false
}

// Date reads cell i as a date: a number styled as a date (the serial number Excel keeps, from
// 1900 or 1904 as the workbook says) or an ISO 8601 date cell. ok is false for any other cell.
// The time is in UTC, to the second.
func (r *Row) Date(i int) (t time.Time, ok bool) {
	if !r.Is(i, Date) || i >= len(r.Cells) {
		return time.Time{}, false
	}
	v := strings.TrimSpace(r.Cells[i])
	if x, err := strconv.ParseFloat(v, 64); err == nil {
		return SerialTime(x, r.book != nil && r.book.date1904)
	}
	for _, layout := range []string{time.RFC3339Nano, "2006-01-02T15:04:05", "2006-01-02"} {
		if t, err := time.Parse(layout, v); err == nil {
			return t.UTC(), true
		}
	}
	return time.Time{}, false
}

// Date1904 reports whether the workbook counts its serial dates from 1904 (as Excel for Mac's
// older workbooks do) rather than 1900; false for CSV. Row.Date follows it; a serial number read
// otherwise is a date through SerialTime(serial, f.Date1904()).
func (f *File) Date1904() bool {
	switch {
	case f.book != nil:
		return f.book.date1904
	case f.ex != nil:
		return f.ex.date1904
	}
	return false
}

// SerialTime turns an Excel serial date (days since 1900, or 1904 in a workbook that says so) into
// a time in UTC, rounded to the second. Serials before 1 March 1900 follow Excel, which counts
// a 29 February 1900 that never was.
func SerialTime(serial float64, date1904 bool) (time.Time, bool) {
	if math.IsNaN(serial) || serial < 0 || serial > 2958465 { // 9999-12-31
		return time.Time{}, false
	}
	base := time.Date(1899, 12, 30, 0, 0, 0, 0, time.UTC)
	switch {
	case date1904:
		base = time.Date(1904, 1, 1, 0, 0, 0, 0, time.UTC)
	case serial < 61:
		if serial >= 60 { // Excel's 29 February 1900
			return time.Time{}, false
		}
		base = time.Date(1899, 12, 31, 0, 0, 0, 0, time.UTC)
	}
	days := math.Floor(serial)
	secs := math.Round((serial - days) * 86400)
	return base.AddDate(0, 0, int(days)).Add(time.Duration(secs) * time.Second), true
}
