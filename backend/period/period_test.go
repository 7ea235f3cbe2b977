package period

import (
	"fmt"
	"reflect"
	"testing"
	"time"

	"gstdesk/backend/apperr"
)

func TestParseMonth(t *testing.T) {
	tests := []struct {
		in, want, ret string // want "" means refused
	}{
		{"2025-04", "2025-04", "042025"},
		{"042025", "2025-04", "042025"},
		{"122017", "2017-12", "122017"},
		{"2024-01", "2024-01", "012024"},
		{"1900-01", "1900-01", "011900"},
		{"2999-12", "2999-12", "122999"},
		{"2025-13", "", ""},
		{"2025-00", "", ""},
		{"132025", "", ""},
		{"2025-4", "", ""},
		{"2025/04", "", ""},
		{"42025", "", ""},
		{"1899-12", "", ""},
		{"3000-01", "", ""},
		{"202504", "", ""}, // YYYYMM is not a form anyone writes; read as MMYYYY it is month 20
		{"April", "", ""},
		{"", "", ""},
		{" 2025-04", "", ""},
		{"+2025-4", "", ""},
	}
	for _, tt := range tests {
		got, err := ParseMonth(tt.in)
		if tt.want == "" {
			if err == nil {
				t.Errorf("ParseMonth(%q) = %v, want an error", tt.in, got)
			}
			continue
		}
		if err != nil || got.String() != tt.want || got.RetPeriod() != tt.ret {
			t.Errorf("ParseMonth(%q) = %v (%s), %v; want %s (%s)", tt.in, got, got.RetPeriod(), err, tt.want, tt.ret)
		}
	}
}

func TestMonth(t *testing.T) {
	tests := []struct {
		m     Month
		next  string
		fy    FY
		label string
	}{
		{MonthOf(2025, time.April), "2025-05", 2025, "FY 2025-26"},
		{MonthOf(2025, time.December), "2026-01", 2025, "FY 2025-26"},
		{MonthOf(2026, time.January), "2026-02", 2025, "FY 2025-26"},
		{MonthOf(2026, time.March), "2026-04", 2025, "FY 2025-26"},
		{MonthOf(2017, time.July), "2017-08", 2017, "FY 2017-18"},
		{MonthOf(1999, time.March), "1999-04", 1998, "FY 1998-99"},
		{MonthOf(2099, time.June), "2099-07", 2099, "FY 2099-00"},
	}
	for _, tt := range tests {
		if got := tt.m.Next().String(); got != tt.next {
			t.Errorf("%v.Next() = %s, want %s", tt.m, got, tt.next)
		}
		if got := tt.m.FY(); got != tt.fy || got.String() != tt.label {
			t.Errorf("%v.FY() = %d %q, want %d %q", tt.m, got, got, tt.fy, tt.label)
		}
		if !tt.m.Before(tt.m.Next()) || tt.m.Next().Before(tt.m) || tt.m.Before(tt.m) {
			t.Errorf("%v.Before is wrong around Next", tt.m)
		}
	}
	if FYOf(2024, time.February) != 2023 {
		t.Errorf("FYOf(2024, Feb) = %v", FYOf(2024, time.February))
	}
}

func TestParseFY(t *testing.T) {
	tests := []struct {
		in   string
		want FY // 0: refused
	}{
		{"FY 2025-26", 2025},
		{"FY2025-26", 2025},
		{"fy 2025-26", 2025},
		{"2025-26", 2025},
		{"2025", 2025},
		{"FY 2025", 2025},
		{"FY 1999-00", 1999},
		{"2099-00", 2099},
		{"2025-27", 0},
		{"2025-2026", 0},
		{"FY  2025-26", 0},
		{"FY 2025-26 ", 0},
		{"25-26", 0},
		{"FY", 0},
		{"", 0},
		{"2025-2", 0},
		{"abcd", 0},
		{"1899", 0},
		{"2999", 0},
	}
	for _, tt := range tests {
		got, err := ParseFY(tt.in)
		if (err == nil) != (tt.want != 0) || got != tt.want {
			t.Errorf("ParseFY(%q) = %d, %v; want %d", tt.in, got, err, tt.want)
		}
	}
}

func TestFYMonths(t *testing.T) {
	got := Strings(FY(2025).Months())
	want := []string{"2025-04", "2025-05", "2025-06", "2025-07", "2025-08", "2025-09", "2025-10", "2025-11", "2025-12", "2026-01", "2026-02", "2026-03"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("FY(2025).Months() = %v", got)
	}
	if FY(2025).First().String() != "2025-04" || FY(2025).Last().String() != "2026-03" {
		t.Errorf("First, Last = %v, %v", FY(2025).First(), FY(2025).Last())
	}
}

// The tests of desk.PeriodRange, which Range replaces.
func TestRange(t *testing.T) {
	tests := []struct {
		y, m, to int
		want     []string
		ok       bool
	}{
		{2025, 4, 0, []string{"2025-04"}, true},
		{2025, 11, 2, []string{"2025-11", "2025-12", "2026-01", "2026-02"}, true},
		{2025, 4, 3, nil, true},
		{2024, 7, 9, []string{"2024-07", "2024-08", "2024-09"}, true},
		{2016, 4, 0, nil, false},
		{2025, 13, 0, nil, false},
		{2025, 4, 13, nil, false},
		{2101, 1, 0, nil, false},
	}
	for _, tt := range tests {
		ms, err := Range(tt.y, tt.m, tt.to)
		got := Strings(ms)
		if (err == nil) != tt.ok {
			t.Errorf("Range(%d,%d,%d) err = %v", tt.y, tt.m, tt.to, err)
			continue
		}
		if tt.want != nil && !reflect.DeepEqual(got, tt.want) {
			t.Errorf("Range(%d,%d,%d) = %v, want %v", tt.y, tt.m, tt.to, got, tt.want)
		}
		if tt.y == 2025 && tt.m == 4 && tt.to == 3 && (len(got) != 12 || got[11] != "2026-03") {
			t.Errorf("a whole FY = %v", got)
		}
	}
}

// The tests of desk.ReconPeriods, which Span replaces.
func TestSpan(t *testing.T) {
	tests := []struct {
		from, to string
		n        int
		ok       bool
	}{
		{"2025-04", "2025-04", 1, true},
		{"2025-11", "2026-02", 4, true},
		{"2024-04", "2026-03", 24, true},
		{"2024-04", "2026-04", 0, false},
		{"2025-05", "2025-04", 0, false},
		{"2016-04", "2016-05", 0, false},
		{"April", "2025-04", 0, false},
	}
	for _, tt := range tests {
		got, err := Span(tt.from, tt.to, 24)
		if (err == nil) != tt.ok || len(got) != tt.n {
			t.Errorf("Span(%s, %s) = %v, %v", tt.from, tt.to, got, err)
		}
	}
}

// deskPeriodRange is desk.PeriodRange as it was, to check Range against it.
func deskPeriodRange(year, month, toMonth int) ([]string, error) {
	if year < 2017 || year > 2100 || month < 1 || month > 12 {
		return nil, apperr.New(apperr.Invalid, "Give a year (2017 or later) and a month 1-12; GST began in July 2017.")
	}
	if toMonth == 0 {
		toMonth = month
	}
	if toMonth < 1 || toMonth > 12 {
		return nil, apperr.New(apperr.Invalid, "The last month must be 1-12, not %d.", toMonth)
	}
	var out []string
	y, m := year, month
	for {
		out = append(out, fmt.Sprintf("%04d-%02d", y, m))
		if m == toMonth {
			break
		}
		m++
		if m == 13 {
			m, y = 1, y+1
		}
		if len(out) > 12 {
			return nil, apperr.New(apperr.Invalid, "Pull at most twelve months at a time.")
		}
	}
	return out, nil
}

// deskReconPeriods is desk.ReconPeriods as it was (most 24), to check Span against it.
func deskReconPeriods(from, to string) ([]string, error) {
	a, err1 := time.Parse("2006-01", from)
	b, err2 := time.Parse("2006-01", to)
	if err1 != nil || err2 != nil {
		return nil, apperr.New(apperr.Invalid, "Choose the periods as months (YYYY-MM), not %q to %q.", from, to)
	}
	if a.Year() < 2017 {
		return nil, apperr.New(apperr.Invalid, "GST began in July 2017: choose a period from then on.")
	}
	if b.Before(a) {
		return nil, apperr.New(apperr.Invalid, "The last period %s is before the first %s: swap them.", to, from)
	}
	var out []string
	for d := a; !d.After(b); d = d.AddDate(0, 1, 0) {
		out = append(out, d.Format("2006-01"))
		if len(out) > 24 {
			return nil, apperr.New(apperr.Invalid, "A reconciliation covers at most %d months: choose a shorter range.", 24)
		}
	}
	return out, nil
}

func sameResult(t *testing.T, what string, got []Month, gerr error, want []string, werr error) {
	t.Helper()
	if (gerr == nil) != (werr == nil) || (gerr != nil && gerr.Error() != werr.Error()) || apperr.KindOf(gerr) != apperr.KindOf(werr) {
		t.Errorf("%s: error %v, want %v", what, gerr, werr)
	}
	if gerr == nil && !reflect.DeepEqual(Strings(got), want) {
		t.Errorf("%s = %v, want %v", what, Strings(got), want)
	}
}

func TestRangeIsDeskPeriodRange(t *testing.T) {
	for y := 2015; y <= 2102; y++ {
		for m := -1; m <= 14; m++ {
			for to := -1; to <= 14; to++ {
				got, gerr := Range(y, m, to)
				want, werr := deskPeriodRange(y, m, to)
				sameResult(t, fmt.Sprintf("Range(%d, %d, %d)", y, m, to), got, gerr, want, werr)
			}
		}
	}
}

func TestSpanIsDeskReconPeriods(t *testing.T) {
	var texts []string
	for y := 2015; y <= 2028; y++ {
		for m := 0; m <= 13; m++ {
			texts = append(texts, fmt.Sprintf("%04d-%02d", y, m))
		}
	}
	texts = append(texts, "", "2025-4", "202504", "2025/04", "0000-01", "April", "2025-04 ", "+025-04")
	for _, a := range texts {
		for _, b := range texts {
			got, gerr := Span(a, b, 24)
			want, werr := deskReconPeriods(a, b)
			sameResult(t, fmt.Sprintf("Span(%q, %q)", a, b), got, gerr, want, werr)
		}
	}
}

func FuzzParseMonth(f *testing.F) {
	for _, s := range []string{"2025-04", "042025", "2025-13", "1900-01", "000000", "-1-01"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, err := ParseMonth(s)
		if err != nil {
			return
		}
		for _, out := range []string{m.String(), m.RetPeriod()} {
			if back, err := ParseMonth(out); err != nil || back != m {
				t.Errorf("ParseMonth(%q) = %v, %v; want %v (from %q)", out, back, err, m, s)
			}
		}
		if m.Before(m.FY().First()) || m.FY().Last().Before(m) {
			t.Errorf("%v is outside its %v", m, m.FY())
		}
	})
}

func FuzzParseFY(f *testing.F) {
	for _, s := range []string{"FY 2025-26", "2025-26", "2025", "fy2099-00", "2025-27"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		fy, err := ParseFY(s)
		if err != nil {
			return
		}
		if back, err := ParseFY(fy.String()); err != nil || back != fy {
			t.Errorf("ParseFY(%q) = %d, %v; want %d (from %q)", fy.String(), back, err, fy, s)
		}
		if ms := fy.Months(); len(ms) != 12 || ms[0].FY() != fy || ms[11].FY() != fy || ms[11].Next().FY() != fy+1 {
			t.Errorf("%v.Months() = %v", fy, ms)
		}
	})
}

func TestLabel(t *testing.T) {
	for in, want := range map[string]string{"2025-04": "Apr 2025", "2026-03": "Mar 2026", "2025-13": "2025-13", "": ""} {
		if got := LabelOf(in); got != want {
			t.Errorf("LabelOf(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestParseMonthArg(t *testing.T) {
	for _, c := range []struct {
		in          string
		month, year int
		bad         bool
	}{
		{"8", 8, 0, false}, {"08", 8, 0, false}, {"09", 9, 0, false}, {"12", 12, 0, false}, {" 4 ", 4, 0, false},
		{"Aug", 8, 0, false}, {"august", 8, 0, false}, {"SEPT", 9, 0, false}, {"Sep", 9, 0, false},
		{"2025-08", 8, 2025, false}, {"08/2025", 8, 2025, false}, {"8/2025", 8, 2025, false}, {"08-2025", 8, 2025, false},
		{"Aug 2025", 8, 2025, false}, {"aug-2025", 8, 2025, false}, {"2025/Aug", 8, 2025, false}, {"082025", 8, 2025, false},
		{"0", 0, 0, true}, {"13", 0, 0, true}, {"008", 0, 0, true}, {"", 0, 0, true}, {"Augu", 0, 0, true},
		{"2025-13", 0, 0, true}, {"25-08", 0, 0, true}, {"132025", 0, 0, true}, {"-8", 0, 0, true}, {"0x8", 0, 0, true},
	} {
		m, y, err := ParseMonthArg(c.in)
		if c.bad {
			if err == nil {
				t.Errorf("ParseMonthArg(%q) = %d, %d; want an error", c.in, m, y)
			}
			continue
		}
		if err != nil || m != c.month || y != c.year {
			t.Errorf("ParseMonthArg(%q) = %d, %d, %v; want %d, %d", c.in, m, y, err, c.month, c.year)
		}
	}
}

// TestReadAtTheDoor: what the window and the command line send is read into the services' types
// or refused in words (apperr.Invalid) before any service runs: a year whose second half does
// not follow, a month not written YYYY-MM.
func TestReadAtTheDoor(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Month
		ok   bool
	}{
		{"2025-04", MonthOf(2025, time.April), true},
		{" 2025-04 ", MonthOf(2025, time.April), true},
		{"", Month{}, true},
		{"2024-03-29", Month{}, false},
		{"042025", Month{}, false},
		{"Apr 2025", Month{}, false},
		{"2025-13", Month{}, false},
	} {
		m, err := ReadMonth(tc.in)
		if tc.ok != (err == nil) || m != tc.want || (err != nil && apperr.KindOf(err) != apperr.Invalid) {
			t.Errorf("ReadMonth(%q) = %v, %v", tc.in, m, err)
		}
	}
	if m := MonthOf(2025, time.April); m.Key() != "2025-04" || (Month{}).Key() != "" || !(Month{}).IsZero() {
		t.Error("Key: YYYY-MM, and \"\" for no month")
	}
	for _, tc := range []struct {
		in   string
		want FY
		ok   bool
	}{
		{"FY 2025-26", 2025, true}, {"2025-26", 2025, true}, {"2025-27", 0, false}, {"next year", 0, false},
	} {
		y, err := ReadFY(tc.in)
		if tc.ok != (err == nil) || y != tc.want || (err != nil && apperr.KindOf(err) != apperr.Invalid) {
			t.Errorf("ReadFY(%q) = %v, %v", tc.in, y, err)
		}
	}
	if _, err := ReadMonths([]string{"2025-04", "bad"}); apperr.KindOf(err) != apperr.Invalid {
		t.Errorf("ReadMonths with a bad one: %v", err)
	}
}
